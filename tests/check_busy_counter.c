/* check_busy_counter.c: the busy counter through the public API, one test
 * per rule of manual 9.3.1 (doc/model.md "Behaviour", Busy counter). */
#include <string.h>

#include "test_util.h"

static GLuint busy_words[NN_GX_PROFILING_RESULT_BUFSIZE_BUSY];

/* Read BUSY and unpack module m's 16-bit count. */
static void read_busy(GLuint count[NNGX_SHIM_MODULE_COUNT])
{
	int m;

	nngxGetProfilingResult(NN_GX_PROFILING_BUSY, busy_words);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	for (m = 0; m < NNGX_SHIM_MODULE_COUNT; m++)
		count[m] = busy_words[m / 2] >> (m % 2 ? 16 : 0) & 0xFFFFu;
}

static GLuint sum(const GLuint count[NNGX_SHIM_MODULE_COUNT])
{
	GLuint s = 0;
	int m;

	for (m = 0; m < NNGX_SHIM_MODULE_COUNT; m++)
		s += count[m];
	return s;
}

static void assert_counts(const GLuint got[NNGX_SHIM_MODULE_COUNT],
			  GLuint c0, GLuint c1, GLuint c2, GLuint c3,
			  GLuint c4, GLuint c5, GLuint c6, GLuint c7)
{
	const GLuint want[NNGX_SHIM_MODULE_COUNT] = { c0, c1, c2, c3, c4, c5, c6, c7 };
	int m;

	for (m = 0; m < NNGX_SHIM_MODULE_COUNT; m++)
		ck_assert_msg(got[m] == want[m], "module %d: got %u, want %u", m, got[m], want[m]);
}

/* The worked example of nngx_shim(3), word for word. */
START_TEST(test_busy_worked_example_from_shim_api)
{
	tu_reset();
	tu_set_busy(100, 3);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	nngxShimInjectBusy(NNGX_SHIM_MODULE_RASTERIZER, 60);
	nngxShimInjectBusy(NNGX_SHIM_MODULE_TEXTURE, 60);
	nngxShimAdvance(300);
	nngxGetProfilingResult(NN_GX_PROFILING_BUSY, busy_words);
	ck_assert_uint_eq(busy_words[0], 0x00000002);
	ck_assert_uint_eq(busy_words[1], 0x00010000);
	ck_assert_uint_eq(busy_words[2], 0);
	ck_assert_uint_eq(busy_words[3], 0);
	nngxGetProfilingResult(NN_GX_PROFILING_BUSY, busy_words);
	ck_assert_uint_eq(busy_words[0] | busy_words[1] | busy_words[2] | busy_words[3], 0);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
}
END_TEST

/* Rule 2: the module with the most busy clocks in a window gets +1. */
START_TEST(test_busy_most_busy_module_wins_window)
{
	GLuint c[NNGX_SHIM_MODULE_COUNT];

	tu_reset();
	tu_set_busy(100, 1);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	nngxShimInjectBusy(NNGX_SHIM_MODULE_COMMAND, 30);
	nngxShimInjectBusy(NNGX_SHIM_MODULE_COMBINER, 71);
	nngxShimInjectBusy(NNGX_SHIM_MODULE_PER_FRAGMENT, 70);
	nngxShimAdvance(100);
	read_busy(c);
	assert_counts(c, 0, 0, 0, 0, 0, 0, 1, 0);
}
END_TEST

/* Rule 2: a tie goes to the frontmost module (lowest index). */
START_TEST(test_busy_tie_goes_to_frontmost_module)
{
	GLuint c[NNGX_SHIM_MODULE_COUNT];
	GLuint front = (GLuint)_i % 7, back = front + 1 + (GLuint)_i / 7 % (7 - front);

	tu_reset();
	tu_set_busy(50, 1);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	nngxShimInjectBusy(back, 25);
	nngxShimAdvance(10);
	nngxShimInjectBusy(front, 25);       /* same count, later in the window */
	nngxShimAdvance(40);
	read_busy(c);
	ck_assert_uint_eq(c[front], 1);
	ck_assert_uint_eq(sum(c), 1);
}
END_TEST

/* Rule 2: a window in which nothing was busy goes to module 0. */
START_TEST(test_busy_idle_window_goes_to_module_0)
{
	GLuint c[NNGX_SHIM_MODULE_COUNT];

	tu_reset();
	tu_set_busy(10, 5);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	nngxShimAdvance(50);
	read_busy(c);
	assert_counts(c, 5, 0, 0, 0, 0, 0, 0, 0);
}
END_TEST

/* Rule 1: windows are [S + kT, S + (k+1)T) from the clock of the start. */
START_TEST(test_busy_windows_start_at_start_clock)
{
	GLuint c[NNGX_SHIM_MODULE_COUNT];

	tu_reset();
	tu_set_busy(100, 2);
	nngxShimAdvance(1234);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	/* 40 busy clocks at the end of window 0 and 60 at the start of window 1:
	 * aligned to S they split 40/60; aligned to 0 they would not. */
	nngxShimAdvance(60);
	nngxShimInjectBusy(NNGX_SHIM_MODULE_SHADER0, 40);
	nngxShimInjectBusy(NNGX_SHIM_MODULE_TRIANGLE_SETUP, 100);
	nngxShimAdvance(40);
	nngxShimInjectBusy(NNGX_SHIM_MODULE_SHADER0, 60);
	nngxShimAdvance(100);
	read_busy(c);
	/* window 0: shader0 40 vs setup 40 -> shader0 (front);
	 * window 1: shader0 60 vs setup 60 -> shader0 again. */
	assert_counts(c, 0, 2, 0, 0, 0, 0, 0, 0);
}
END_TEST

/* Rule 1: start resets all counters; starting while running restarts from
 * zero at the current clock. */
START_TEST(test_busy_restart_while_running_restarts_from_zero)
{
	GLuint c[NNGX_SHIM_MODULE_COUNT];

	tu_reset();
	tu_set_busy(100, 0);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	nngxShimAdvance(550);               /* 5 windows, half of a sixth */
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	nngxShimAdvance(50);                /* old window 5 would end here */
	read_busy(c);
	assert_counts(c, 0, 0, 0, 0, 0, 0, 0, 0);
	nngxShimAdvance(50);
	read_busy(c);
	assert_counts(c, 1, 0, 0, 0, 0, 0, 0, 0);
}
END_TEST

/* Rule 3 and 7: N >= 1 stops by itself after N windows, and the counts then
 * sum to exactly N. */
START_TEST(test_busy_count_stops_after_n_windows)
{
	GLuint c[NNGX_SHIM_MODULE_COUNT];

	tu_reset();
	tu_set_busy(37, 11);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	nngxShimAdvance(37 * 11 + 36);
	nngxShimInjectBusy(NNGX_SHIM_MODULE_TEXTURE, 10000);   /* after the end */
	nngxShimAdvance(10000);
	read_busy(c);
	assert_counts(c, 11, 0, 0, 0, 0, 0, 0, 0);
	nngxShimAdvance(10000);
	read_busy(c);
	ck_assert_uint_eq(sum(c), 0);
}
END_TEST

static uint64_t prop_rng = 88172645463325252ull;

static uint64_t prop_next(void)
{
	prop_rng ^= prop_rng << 13;
	prop_rng ^= prop_rng >> 7;
	prop_rng ^= prop_rng << 17;
	return prop_rng;
}

/* Rule 7 as a property: any load, N >= 1, one read after N*T clocks. */
START_TEST(test_busy_counts_sum_to_n_after_n_windows)
{
	GLuint c[NNGX_SHIM_MODULE_COUNT];
	GLuint T = 1 + (GLuint)(prop_next() % 500), N = 1 + (GLuint)(prop_next() % 3000);
	uint64_t end = (uint64_t)N * T, t = 0;

	tu_reset();
	tu_set_busy(T, N);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	while (t < end) {
		uint64_t step = prop_next() % (end / 8 + 1);
		nngxShimInjectBusy((GLuint)(prop_next() % 8), prop_next() % (4 * T + 1));
		nngxShimAdvance(step);
		t += step;
	}
	nngxShimAdvance(prop_next() % (3 * T));
	read_busy(c);
	ck_assert_uint_eq(sum(c), N);
}
END_TEST

/* Rule 3: N = 0 runs until stopped. */
START_TEST(test_busy_count_zero_runs_until_stopped)
{
	GLuint c[NNGX_SHIM_MODULE_COUNT];

	tu_reset();
	tu_set_busy(1000, 0);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	nngxShimAdvance(1000ull * 60000);
	read_busy(c);
	assert_counts(c, 60000, 0, 0, 0, 0, 0, 0, 0);
	nngxShimAdvance(3000);
	nngxStopProfiling(NN_GX_PROFILING_BUSY);
	nngxShimAdvance(5000);
	read_busy(c);
	assert_counts(c, 3, 0, 0, 0, 0, 0, 0, 0);
}
END_TEST

/* Rule 4: stop discards the window in progress. */
START_TEST(test_busy_stop_discards_partial_window)
{
	GLuint c[NNGX_SHIM_MODULE_COUNT];

	tu_reset();
	tu_set_busy(100, 0);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	nngxShimInjectBusy(NNGX_SHIM_MODULE_COMBINER, 1000);
	nngxShimAdvance(299);
	nngxStopProfiling(NN_GX_PROFILING_BUSY);
	nngxShimAdvance(1);                 /* the third window would end here */
	read_busy(c);
	assert_counts(c, 0, 0, 0, 0, 0, 0, 2, 0);
}
END_TEST

/* Rule 4: stopping a counter that is not running does nothing, no error. */
START_TEST(test_busy_stop_when_not_running_is_no_error)
{
	GLuint c[NNGX_SHIM_MODULE_COUNT];

	tu_reset();
	tu_set_busy(10, 2);
	nngxStopProfiling(NN_GX_PROFILING_BUSY);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	nngxShimAdvance(100);               /* stopped by itself after 2 */
	nngxStopProfiling(NN_GX_PROFILING_BUSY);
	nngxStopProfiling(NN_GX_PROFILING_BUSY);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	read_busy(c);                       /* the counts survive the stops */
	assert_counts(c, 2, 0, 0, 0, 0, 0, 0, 0);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_STOP_NOT_RUNNING), 3);
}
END_TEST

/* Rule 5: a read writes the counts and then zeroes them; while running it
 * returns the windows completed since the previous read, never the one in
 * progress. */
START_TEST(test_busy_read_while_running_returns_completed_windows)
{
	GLuint c[NNGX_SHIM_MODULE_COUNT];

	tu_reset();
	tu_set_busy(100, 0);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	nngxShimInjectBusy(NNGX_SHIM_MODULE_SHADER0, 250);
	nngxShimAdvance(250);
	read_busy(c);
	assert_counts(c, 0, 2, 0, 0, 0, 0, 0, 0);
	nngxShimAdvance(50);                /* completes window 2: 50 busy clocks */
	read_busy(c);
	assert_counts(c, 0, 1, 0, 0, 0, 0, 0, 0);
	nngxShimAdvance(99);
	read_busy(c);
	assert_counts(c, 0, 0, 0, 0, 0, 0, 0, 0);
	nngxShimAdvance(1);
	read_busy(c);
	assert_counts(c, 1, 0, 0, 0, 0, 0, 0, 0);
}
END_TEST

/* Rule 5: after the counter stopped, a read returns what was left, then 0. */
START_TEST(test_busy_read_after_stop_returns_rest_then_zero)
{
	GLuint c[NNGX_SHIM_MODULE_COUNT];

	tu_reset();
	tu_set_busy(10, 4);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	nngxShimInjectBusy(NNGX_SHIM_MODULE_FRAGMENT_LIGHTING, 20);
	nngxShimAdvance(25);
	read_busy(c);
	assert_counts(c, 0, 0, 0, 0, 0, 2, 0, 0);
	nngxShimAdvance(1000);
	read_busy(c);
	assert_counts(c, 2, 0, 0, 0, 0, 0, 0, 0);
	read_busy(c);
	assert_counts(c, 0, 0, 0, 0, 0, 0, 0, 0);
}
END_TEST

/* Packing: module i in result[i/2], bits 15:0 for even i, 31:16 for odd. */
START_TEST(test_busy_packs_modules_in_documented_order)
{
	GLuint m, w;

	tu_reset();
	tu_set_busy(10, 0);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	/* Module m wins m + 1 windows (module 0 also gets nothing extra). */
	for (m = 0; m < NNGX_SHIM_MODULE_COUNT; m++)
		for (w = 0; w <= m; w++) {
			nngxShimInjectBusy(m, 10);
			nngxShimAdvance(10);
		}
	nngxGetProfilingResult(NN_GX_PROFILING_BUSY, busy_words);
	ck_assert_uint_eq(busy_words[0], 0x00020001);
	ck_assert_uint_eq(busy_words[1], 0x00040003);
	ck_assert_uint_eq(busy_words[2], 0x00060005);
	ck_assert_uint_eq(busy_words[3], 0x00080007);
}
END_TEST

/* Rule 6: each counter is 16 bits and wraps to 0. */
START_TEST(test_busy_counters_wrap_at_16_bits)
{
	GLuint c[NNGX_SHIM_MODULE_COUNT];

	tu_reset();
	tu_set_busy(1, 0);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	nngxShimInjectBusy(NNGX_SHIM_MODULE_TEXTURE, 65536 + 3);
	nngxShimAdvance(65536 + 3 + 65535);
	read_busy(c);
	assert_counts(c, 65535, 0, 0, 0, 3, 0, 0, 0);
}
END_TEST

/* Lazy evaluation gives exact numbers after 10^10 clocks with N = 0. */
START_TEST(test_busy_exact_after_ten_billion_clocks)
{
	GLuint c[NNGX_SHIM_MODULE_COUNT];
	const uint64_t clocks = 10000000000ull;

	tu_reset();
	tu_set_busy(65535, 0);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	nngxShimInjectBusy(NNGX_SHIM_MODULE_PER_FRAGMENT, clocks / 2);
	nngxShimAdvance(clocks);
	read_busy(c);
	/* Module 7 is busy on every clock of the first floor(5e9 / 65535)
	 * windows and on part of the next one, where it is the only busy
	 * module, so it wins that one too; every later window is idle. */
	ck_assert_uint_eq(c[7], (GLuint)((clocks / 2 / 65535 + 1) & 0xFFFF));
	ck_assert_uint_eq(c[0], (GLuint)((clocks / 65535 - clocks / 2 / 65535 - 1) & 0xFFFF));
}
END_TEST

/* Model choice: T and N are latched when the counter starts. */
START_TEST(test_busy_parameters_latched_at_start)
{
	GLuint c[NNGX_SHIM_MODULE_COUNT];

	tu_reset();
	tu_set_busy(100, 2);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	tu_set_busy(10, 50);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_PARAMETER_WHILE_RUNNING), 2);
	nngxShimAdvance(1000);
	read_busy(c);
	assert_counts(c, 2, 0, 0, 0, 0, 0, 0, 0);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	nngxShimAdvance(1000);
	read_busy(c);
	assert_counts(c, 50, 0, 0, 0, 0, 0, 0, 0);
}
END_TEST

/* Unset parameters: allowed, no GL error, a warning, configured values. */
START_TEST(test_busy_start_with_unset_parameters_uses_model_values)
{
	GLuint c[NNGX_SHIM_MODULE_COUNT];

	tu_reset();
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_BUSY_PARAMETERS_UNSET), 1);
	/* data/nngx.cfg: 65535 clocks, count 0 (until stopped). */
	nngxShimAdvance(65535ull * 3 + 1);
	read_busy(c);
	assert_counts(c, 3, 0, 0, 0, 0, 0, 0, 0);

	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME, 5);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);   /* count still unset */
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_BUSY_PARAMETERS_UNSET), 2);
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 5);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_BUSY_PARAMETERS_UNSET), 2);
}
END_TEST

/* Busy injected before the start counts only from the start on. */
START_TEST(test_busy_signals_before_start_do_not_count)
{
	GLuint c[NNGX_SHIM_MODULE_COUNT];

	tu_reset();
	tu_set_busy(100, 2);
	nngxShimInjectBusy(NNGX_SHIM_MODULE_TEXTURE, 150);
	nngxShimAdvance(100);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	nngxShimAdvance(200);
	read_busy(c);
	/* window 0 has 50 texture clocks, window 1 none. */
	assert_counts(c, 1, 0, 0, 0, 1, 0, 0, 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("busy_counter");
	TCase *tc = tcase_create("rules");

	tcase_add_test(tc, test_busy_worked_example_from_shim_api);
	tcase_add_test(tc, test_busy_most_busy_module_wins_window);
	tcase_add_loop_test(tc, test_busy_tie_goes_to_frontmost_module, 0, 49);
	tcase_add_test(tc, test_busy_idle_window_goes_to_module_0);
	tcase_add_test(tc, test_busy_windows_start_at_start_clock);
	tcase_add_test(tc, test_busy_restart_while_running_restarts_from_zero);
	tcase_add_test(tc, test_busy_count_stops_after_n_windows);
	tcase_add_test(tc, test_busy_count_zero_runs_until_stopped);
	tcase_add_test(tc, test_busy_stop_discards_partial_window);
	tcase_add_test(tc, test_busy_stop_when_not_running_is_no_error);
	tcase_add_test(tc, test_busy_read_while_running_returns_completed_windows);
	tcase_add_test(tc, test_busy_read_after_stop_returns_rest_then_zero);
	tcase_add_test(tc, test_busy_packs_modules_in_documented_order);
	tcase_add_test(tc, test_busy_counters_wrap_at_16_bits);
	tcase_add_test(tc, test_busy_exact_after_ten_billion_clocks);
	tcase_add_test(tc, test_busy_parameters_latched_at_start);
	tcase_add_test(tc, test_busy_start_with_unset_parameters_uses_model_values);
	tcase_add_test(tc, test_busy_signals_before_start_do_not_count);
	suite_add_tcase(s, tc);

	tc = tcase_create("properties");
	tcase_add_loop_test(tc, test_busy_counts_sum_to_n_after_n_windows, 0, 200);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
