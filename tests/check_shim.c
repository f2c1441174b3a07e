/* check_shim.c: the extension API of nngx_shim.h (nngx_shim(3)). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "test_util.h"

START_TEST(test_shim_advance_moves_clock)
{
	tu_reset();
	ck_assert_uint_eq(nngxShimGetClock(), 0);
	nngxShimAdvance(5);
	nngxShimAdvance(0);
	nngxShimAdvance(10000000000ull);
	ck_assert_uint_eq(nngxShimGetClock(), 10000000005ull);
}
END_TEST

START_TEST(test_shim_clock_saturates_instead_of_wrapping)
{
	tu_reset();
	nngxShimAdvance(0xFFFFFFFFFFFFFFF0ull);
	nngxShimAdvance(0x100);
	ck_assert_uint_eq(nngxShimGetClock(), 0xFFFFFFFFFFFFFFFFull);
}
END_TEST

/* nngxShimAdvance(UINT64_MAX) says the clock saturated; busy time injected
 * at the clock's last value adds nothing, says so, and the busy counter
 * still reads (the empty interval once reached the busy tracks' splice
 * with no piece in it). */
START_TEST(test_shim_saturated_clock_is_said_and_injection_is_clean)
{
	GLuint w[NN_GX_PROFILING_RESULT_BUFSIZE_BUSY];

	tu_reset();
	tu_set_busy(10, 0);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	nngxShimAdvance(UINT64_MAX);
	ck_assert_uint_eq(nngxShimGetClock(), UINT64_MAX);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CLOCK_SATURATED), 1);
	nngxShimInjectBusy(NNGX_SHIM_MODULE_TEXTURE, 100);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CLOCK_SATURATED), 2);
	nngxShimInjectBusy(NNGX_SHIM_MODULE_TEXTURE, 0);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CLOCK_SATURATED), 2);
	nngxGetProfilingResult(NN_GX_PROFILING_BUSY, w);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	/* A wait of 0 clocks at the end of time passes nothing: not said. */
	nngxShimAdvance(0);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CLOCK_SATURATED), 2);
}
END_TEST

/* Reset: clock 0, counters 0, busy stopped, parameters unset, error flag
 * cleared, pending busy signals dropped; the configuration stays. */
START_TEST(test_shim_reset_is_power_on)
{
	GLuint w[NN_GX_PROFILING_RESULT_BUFSIZE_BUSY], v;
	struct nngx_state *st = nngx_state_get();

	tu_reset();
	tu_set_busy(10, 0);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	nngxShimInjectBusy(NNGX_SHIM_MODULE_TEXTURE, 5000);
	nngxShimAdvance(100);
	st->gpu.counters.fragment = 5;
	st->gpu.cmdlist_busy_until = 1000000;
	nngxStartProfiling(0);                       /* leaves 80A2 unread */

	nngxShimReset();
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	ck_assert_uint_eq(nngxShimGetClock(), 0);
	ck_assert_uint_eq(st->gpu.counters.fragment, 0);
	ck_assert(!hw_gpu_cmdlist_executing(&st->gpu));
	ck_assert(!hw_busy_running(&st->gpu.busy, 0));
	nngxGetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME, &v);
	ck_assert_uint_eq(v, st->config.busy_unset_sampling_time);
	ck_assert(!st->sampling_time_set && !st->sampling_count_set);

	/* The texture load injected before the reset is gone. */
	tu_set_busy(10, 3);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	nngxShimAdvance(30);
	nngxGetProfilingResult(NN_GX_PROFILING_BUSY, w);
	ck_assert_uint_eq(w[0], 3);
	ck_assert_uint_eq(w[2], 0);
}
END_TEST

/* module > 7: GL_INVALID_VALUE and nothing happens. */
START_TEST(test_shim_inject_busy_rejects_module_above_7)
{
	struct tu_snapshot before;
	GLuint bad[] = { 8, 9, 255, 0x10000, 0xFFFFFFFFu };
	size_t i;

	tu_reset();
	tu_set_busy(10, 0);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		tu_snapshot_take(&before);
		nngxShimInjectBusy(bad[i], 100);
		ck_assert_uint_eq(glGetError(), GL_INVALID_VALUE);
		tu_snapshot_assert_same(&before);
	}
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_SHIM_MODULE), 5);
}
END_TEST

/* Injected busy starts at the current clock and lasts `clocks` clocks;
 * 0 clocks is no load at all. */
START_TEST(test_shim_inject_busy_covers_next_clocks)
{
	struct nngx_state *st = nngx_state_get();

	tu_reset();
	nngxShimAdvance(500);
	nngxShimInjectBusy(NNGX_SHIM_MODULE_COMBINER, 0);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	nngxShimInjectBusy(NNGX_SHIM_MODULE_COMBINER, 40);
	ck_assert_uint_eq(hw_busy_clocks_in(&st->gpu.busy, HW_BUSY_COMBINER, 0, 1000), 40);
	ck_assert_uint_eq(hw_busy_clocks_in(&st->gpu.busy, HW_BUSY_COMBINER, 500, 540), 40);
	/* a second injection overlapping the first: the signal is on or off */
	nngxShimInjectBusy(NNGX_SHIM_MODULE_COMBINER, 60);
	ck_assert_uint_eq(hw_busy_clocks_in(&st->gpu.busy, HW_BUSY_COMBINER, 0, 1000), 60);
}
END_TEST

START_TEST(test_shim_module_names_follow_busy_order)
{
	ck_assert_str_eq(nngxShimGetModuleName(NNGX_SHIM_MODULE_COMMAND), "command/vertex load");
	ck_assert_str_eq(nngxShimGetModuleName(NNGX_SHIM_MODULE_RASTERIZER), "rasterizer");
	ck_assert_str_eq(nngxShimGetModuleName(NNGX_SHIM_MODULE_PER_FRAGMENT),
			 "per-fragment operation");
	ck_assert_ptr_null(nngxShimGetModuleName(8));
	ck_assert_int_eq(NNGX_SHIM_MODULE_COUNT, HW_BUSY_MODULE_COUNT);
	ck_assert_int_eq(NNGX_SHIM_MODULE_TEXTURE, HW_BUSY_TEXTURE);
}
END_TEST

/* The library's version is configure.ac's (PACKAGE_VERSION, config.h), in
 * the header's macros, the number 0xMMmmpp and the string alike. */
START_TEST(test_shim_version_is_configure_version)
{
	char parts[32];

	ck_assert_str_eq(NNGX_SHIM_VERSION_STRING, PACKAGE_VERSION);
	ck_assert_str_eq(nngxShimGetVersionString(), PACKAGE_VERSION);
	snprintf(parts, sizeof parts, "%d.%d.%d", NNGX_SHIM_VERSION_MAJOR,
		 NNGX_SHIM_VERSION_MINOR, NNGX_SHIM_VERSION_PATCH);
	ck_assert_str_eq(parts, PACKAGE_VERSION);
	ck_assert_uint_eq(nngxShimGetVersion(),
			  (unsigned)NNGX_SHIM_VERSION_MAJOR * 65536u +
				  (unsigned)NNGX_SHIM_VERSION_MINOR * 256u +
				  (unsigned)NNGX_SHIM_VERSION_PATCH);
	ck_assert_uint_eq(nngxShimGetVersion(), NNGX_SHIM_VERSION_NUMBER);
	/* The string is static: the same pointer each time. */
	ck_assert_ptr_eq(nngxShimGetVersionString(), nngxShimGetVersionString());
}
END_TEST

/* NNGX_SHIM_VERSION_CHECK: this version and older ones pass, newer fail. */
START_TEST(test_shim_version_check_orders_versions)
{
	ck_assert(NNGX_SHIM_VERSION_CHECK(NNGX_SHIM_VERSION_MAJOR, NNGX_SHIM_VERSION_MINOR,
					  NNGX_SHIM_VERSION_PATCH));
	ck_assert(NNGX_SHIM_VERSION_CHECK(0, 0, 0));
	ck_assert(!NNGX_SHIM_VERSION_CHECK(NNGX_SHIM_VERSION_MAJOR, NNGX_SHIM_VERSION_MINOR,
					   NNGX_SHIM_VERSION_PATCH + 1));
	ck_assert(!NNGX_SHIM_VERSION_CHECK(NNGX_SHIM_VERSION_MAJOR, NNGX_SHIM_VERSION_MINOR + 1, 0));
	ck_assert(!NNGX_SHIM_VERSION_CHECK(NNGX_SHIM_VERSION_MAJOR + 1, 0, 0));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("shim");
	TCase *tc = tcase_create("shim");

	tcase_add_test(tc, test_shim_advance_moves_clock);
	tcase_add_test(tc, test_shim_clock_saturates_instead_of_wrapping);
	tcase_add_test(tc, test_shim_saturated_clock_is_said_and_injection_is_clean);
	tcase_add_test(tc, test_shim_reset_is_power_on);
	tcase_add_test(tc, test_shim_inject_busy_rejects_module_above_7);
	tcase_add_test(tc, test_shim_inject_busy_covers_next_clocks);
	tcase_add_test(tc, test_shim_module_names_follow_busy_order);
	tcase_add_test(tc, test_shim_version_is_configure_version);
	tcase_add_test(tc, test_shim_version_check_orders_versions);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
