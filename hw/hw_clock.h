/* hw_clock.h: the PICA200 GPU clock and time-unit conversions.
 * Part of libnngx (MIT licence). hw/ knows nothing of GL or nngx. */
#ifndef NNGX_HW_CLOCK_H
#define NNGX_HW_CLOCK_H

#include <stdint.h>

/* GPU clock used by the SDK for every time conversion: 268 MHz exactly
 * (CTR programming manual, chapter 9, note under table 9-3). */
#define HW_CLOCK_HZ          268000000u
#define HW_CLOCKS_PER_US     268u
#define HW_CLOCK_MAX         UINT64_MAX

typedef uint64_t hw_clock_t;

/* Microseconds to clocks: us * 268, exact. */
uint64_t hw_clock_from_us(uint32_t us);

/* Nanoseconds to clocks, truncated: floor(ns * 268 / 1000). May be 0. */
uint64_t hw_clock_from_ns(uint32_t ns);

/* Clocks back to whole microseconds / nanoseconds (truncated). */
uint64_t hw_clock_to_us(uint64_t clocks);
uint64_t hw_clock_to_ns(uint64_t clocks);

/* a + b, saturating at HW_CLOCK_MAX instead of wrapping. */
hw_clock_t hw_clock_add(hw_clock_t a, uint64_t b);

#endif
