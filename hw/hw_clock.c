/* hw_clock.c: 268 MHz conversions. */
#include "hw_assert.h"
#include "hw_clock.h"

uint64_t hw_clock_from_us(uint32_t us)
{
	return (uint64_t)us * HW_CLOCKS_PER_US;
}

uint64_t hw_clock_from_ns(uint32_t ns)
{
	return (uint64_t)ns * HW_CLOCKS_PER_US / 1000u;
}

uint64_t hw_clock_to_us(uint64_t clocks)
{
	return clocks / HW_CLOCKS_PER_US;
}

uint64_t hw_clock_to_ns(uint64_t clocks)
{
	/* clocks * 1000 / 268 without overflow for any 64-bit clock count. */
	uint64_t ns = clocks / HW_CLOCKS_PER_US * 1000u
		      + clocks % HW_CLOCKS_PER_US * 1000u / HW_CLOCKS_PER_US;

	/* the inverse of hw_clock_from_ns as far as truncation allows */
	NNGX_ASSERT(ns > UINT32_MAX || hw_clock_from_ns((uint32_t)ns) <= clocks);
	return ns;
}

hw_clock_t hw_clock_add(hw_clock_t a, uint64_t b)
{
	hw_clock_t sum = b > HW_CLOCK_MAX - a ? HW_CLOCK_MAX : a + b;

	NNGX_ASSERT(sum >= a);          /* saturates, never wraps */
	return sum;
}
