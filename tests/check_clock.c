/* check_clock.c: 268 MHz conversions of hw/hw_clock.c. */
#include "hw/hw_clock.h"
#include "test_util.h"

START_TEST(test_clock_is_268_mhz)
{
	ck_assert_uint_eq(HW_CLOCK_HZ, 268000000u);
	ck_assert_uint_eq(hw_clock_from_us(1), 268);
	ck_assert_uint_eq(hw_clock_from_us(244), 65392);
	ck_assert_uint_eq(hw_clock_from_us(245), 65660);
}
END_TEST

/* The documented ns range only fits truncation: 244537 ns -> 65535 clocks. */
START_TEST(test_clock_nanoseconds_truncate)
{
	ck_assert_uint_eq(hw_clock_from_ns(244537), 65535);
	ck_assert_uint_eq(hw_clock_from_ns(244538), 65536);
	ck_assert_uint_eq(hw_clock_from_ns(3), 0);
	ck_assert_uint_eq(hw_clock_from_ns(4), 1);
	ck_assert_uint_eq(hw_clock_from_ns(1000), 268);
	ck_assert_uint_eq(hw_clock_from_ns(0xFFFFFFFFu), 0xFFFFFFFFull * 268 / 1000);
}
END_TEST

START_TEST(test_clock_converts_back_truncated)
{
	ck_assert_uint_eq(hw_clock_to_us(65535), 244);
	ck_assert_uint_eq(hw_clock_to_ns(65535), 244533);
	ck_assert_uint_eq(hw_clock_to_ns(1), 3);
	ck_assert_uint_eq(hw_clock_to_ns(HW_CLOCK_MAX),
			  HW_CLOCK_MAX / 268 * 1000 + HW_CLOCK_MAX % 268 * 1000 / 268);
}
END_TEST

START_TEST(test_clock_add_saturates)
{
	ck_assert_uint_eq(hw_clock_add(5, 6), 11);
	ck_assert_uint_eq(hw_clock_add(HW_CLOCK_MAX - 1, 5), HW_CLOCK_MAX);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("hw_clock");
	TCase *tc = tcase_create("conversions");

	tcase_add_test(tc, test_clock_is_268_mhz);
	tcase_add_test(tc, test_clock_nanoseconds_truncate);
	tcase_add_test(tc, test_clock_converts_back_truncated);
	tcase_add_test(tc, test_clock_add_saturates);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
