/* check_profiling_params.c: nngxSet/GetProfilingParameter, the 268 MHz
 * conversions and ranges (manual 9.2, table 9-3; doc/model.md
 * "Behaviour", Parameters). */
#include "test_util.h"

static GLuint get_param(GLenum pname)
{
	GLuint v = 0xFFFFFFFFu;

	nngxGetProfilingParameter(pname, &v);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	return v;
}

static GLuint stored_clocks(void)
{
	return get_param(NN_GX_PROFILING_BUSY_SAMPLING_TIME);
}

/* Set and expect `err`; on success the stored time must be `clocks`. */
static void set_expect(GLenum pname, GLuint param, GLenum err)
{
	nngxSetProfilingParameter(pname, param);
	ck_assert_msg(glGetError() == err, "pname 0x%X param %u", pname, param);
}

START_TEST(test_sampling_time_accepts_1_to_65535_clocks)
{
	tu_reset();
	set_expect(NN_GX_PROFILING_BUSY_SAMPLING_TIME, 0, GL_ERROR_80A6_DMP);
	set_expect(NN_GX_PROFILING_BUSY_SAMPLING_TIME, 1, GL_NO_ERROR);
	ck_assert_uint_eq(stored_clocks(), 1);
	set_expect(NN_GX_PROFILING_BUSY_SAMPLING_TIME, 65535, GL_NO_ERROR);
	ck_assert_uint_eq(stored_clocks(), 65535);
	set_expect(NN_GX_PROFILING_BUSY_SAMPLING_TIME, 65536, GL_ERROR_80A6_DMP);
	ck_assert_uint_eq(stored_clocks(), 65535);
}
END_TEST

/* Every microsecond value: 1..244 store us * 268; 0 and 245.. are 80A6. */
START_TEST(test_microseconds_convert_at_268_mhz_in_range_1_to_244)
{
	GLuint us;

	tu_reset();
	for (us = 1; us <= 244; us++) {
		nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND, us);
		if (glGetError() != GL_NO_ERROR || stored_clocks() != us * 268)
			ck_abort_msg("%u us", us);
	}
	ck_assert_uint_eq(stored_clocks(), 65392);
	set_expect(NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND, 0, GL_ERROR_80A6_DMP);
	set_expect(NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND, 245, GL_ERROR_80A6_DMP);
	ck_assert_uint_eq(stored_clocks(), 65392);
}
END_TEST

/* Every nanosecond value: 1..244537 store floor(ns * 268 / 1000), at
 * least 1; 0 and 244538.. are 80A6. */
START_TEST(test_nanoseconds_truncate_in_range_1_to_244537)
{
	GLuint ns;

	tu_reset();
	for (ns = 1; ns <= 244537; ns++) {
		GLuint want = (GLuint)((unsigned long long)ns * 268 / 1000);
		if (want == 0)
			want = 1;
		nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND, ns);
		if (glGetError() != GL_NO_ERROR || stored_clocks() != want)
			ck_abort_msg("%u ns: stored %u, want %u", ns, stored_clocks(), want);
	}
	ck_assert_uint_eq(stored_clocks(), 65535);
	set_expect(NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND, 0, GL_ERROR_80A6_DMP);
	set_expect(NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND, 244538, GL_ERROR_80A6_DMP);
	ck_assert_uint_eq(stored_clocks(), 65535);
}
END_TEST

/* 1..3 ns truncate to 0 clocks: 1 is stored and a warning says so. */
START_TEST(test_nanoseconds_below_4_store_one_clock_with_warning)
{
	GLuint ns;

	tu_reset();
	for (ns = 1; ns <= 3; ns++) {
		set_expect(NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND, ns, GL_NO_ERROR);
		ck_assert_uint_eq(stored_clocks(), 1);
	}
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_NANOSECONDS_FLOORED), 3);
	set_expect(NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND, 4, GL_NO_ERROR);
	ck_assert_uint_eq(stored_clocks(), 1);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_NANOSECONDS_FLOORED), 3);
}
END_TEST

START_TEST(test_sampling_count_accepts_0_to_65535)
{
	tu_reset();
	set_expect(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 0, GL_NO_ERROR);
	ck_assert_uint_eq(get_param(NN_GX_PROFILING_BUSY_SAMPLING_COUNT), 0);
	set_expect(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 65535, GL_NO_ERROR);
	ck_assert_uint_eq(get_param(NN_GX_PROFILING_BUSY_SAMPLING_COUNT), 65535);
	set_expect(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 65536, GL_ERROR_80A6_DMP);
	ck_assert_uint_eq(get_param(NN_GX_PROFILING_BUSY_SAMPLING_COUNT), 65535);
}
END_TEST

/* The three time pnames write one stored value: the last call wins. */
START_TEST(test_time_pnames_share_one_value_last_call_wins)
{
	tu_reset();
	set_expect(NN_GX_PROFILING_BUSY_SAMPLING_TIME, 5000, GL_NO_ERROR);
	set_expect(NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND, 3, GL_NO_ERROR);
	ck_assert_uint_eq(stored_clocks(), 804);
	set_expect(NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND, 1000, GL_NO_ERROR);
	ck_assert_uint_eq(stored_clocks(), 268);
	set_expect(NN_GX_PROFILING_BUSY_SAMPLING_TIME, 77, GL_NO_ERROR);
	ck_assert_uint_eq(stored_clocks(), 77);
	/* and the count is a separate value */
	ck_assert_uint_eq(get_param(NN_GX_PROFILING_BUSY_SAMPLING_COUNT), 0);
}
END_TEST

/* Get converts the stored clocks back: us = floor(c / 268),
 * ns = floor(c * 1000 / 268). */
START_TEST(test_get_parameter_converts_stored_clocks_back)
{
	GLuint c;

	tu_reset();
	for (c = 1; c <= 65535; c++) {
		GLuint us, ns;
		nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME, c);
		nngxGetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND, &us);
		nngxGetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND, &ns);
		if (us != c / 268 || ns != (GLuint)((unsigned long long)c * 1000 / 268))
			ck_abort_msg("%u clocks: %u us, %u ns", c, us, ns);
	}
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
}
END_TEST

/* Before a parameter was ever set, Get returns the model's "unset" value
 * (data/nngx.cfg: 65535 clocks, count 0), and reset brings it back. */
START_TEST(test_get_before_set_returns_configured_unset_values)
{
	tu_reset();
	ck_assert_uint_eq(stored_clocks(), 65535);
	ck_assert_uint_eq(get_param(NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND), 244);
	ck_assert_uint_eq(get_param(NN_GX_PROFILING_BUSY_SAMPLING_COUNT), 0);
	tu_set_busy(10, 10);
	nngxShimReset();
	ck_assert_uint_eq(stored_clocks(), 65535);
	ck_assert_uint_eq(get_param(NN_GX_PROFILING_BUSY_SAMPLING_COUNT), 0);
}
END_TEST

/* A valid set while the counter runs is no error; it applies next start. */
START_TEST(test_set_while_running_is_no_error)
{
	tu_reset();
	tu_set_busy(10, 0);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	set_expect(NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND, 2, GL_NO_ERROR);
	ck_assert_uint_eq(stored_clocks(), 536);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("profiling_params");
	TCase *tc = tcase_create("parameters");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_sampling_time_accepts_1_to_65535_clocks);
	tcase_add_test(tc, test_microseconds_convert_at_268_mhz_in_range_1_to_244);
	tcase_add_test(tc, test_nanoseconds_truncate_in_range_1_to_244537);
	tcase_add_test(tc, test_nanoseconds_below_4_store_one_clock_with_warning);
	tcase_add_test(tc, test_sampling_count_accepts_0_to_65535);
	tcase_add_test(tc, test_time_pnames_share_one_value_last_call_wins);
	tcase_add_test(tc, test_get_parameter_converts_stored_clocks_back);
	tcase_add_test(tc, test_get_before_set_returns_configured_unset_values);
	tcase_add_test(tc, test_set_while_running_is_no_error);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
