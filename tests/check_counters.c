/* check_counters.c: the always-running counters and the vertex-cache
 * counter (manual 9.3.2-9.3.6; nngxGetProfilingResult(3)). The tests move
 * the counters directly in the hw counter bank, so that the API rules
 * (wrap, no reset on read, restart) are checked apart from the pipeline. */
#include <string.h>

#include "test_util.h"

static struct hw_counters *bank(void)
{
	return &nngx_state_get()->gpu.counters;
}

static void read_item(GLenum item, GLuint *out)
{
	nngxGetProfilingResult(item, out);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
}

/* Zero at power-on: every word of every always-running counter. */
START_TEST(test_always_running_counters_zero_at_power_on)
{
	GLuint w[NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS];
	GLenum item;
	int i;

	tu_reset();
	memset(bank(), 0xA5, offsetof(struct hw_counters, vertex_cache));
	nngxShimReset();
	for (item = NN_GX_PROFILING_VERTEX_SHADER0; item <= NN_GX_PROFILING_MEMORY_ACCESS; item++) {
		if (item == NN_GX_PROFILING_VERTEX_CACHE)
			continue;
		memset(w, 0xFF, sizeof w);
		read_item(item, w);
		for (i = 0; i < (item == NN_GX_PROFILING_MEMORY_ACCESS ? 18 : 1); i++)
			ck_assert_uint_eq(w[i], 0);
	}
}
END_TEST

/* Reads never reset them; each word lands where the spec says. */
START_TEST(test_always_running_counters_not_reset_by_reads)
{
	GLuint w[NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS];
	int p, i, r;

	tu_reset();
	for (p = 0; p < HW_SHADER_PROCESSOR_COUNT; p++)
		for (i = 0; i < HW_SHADER_WORD_COUNT; i++)
			bank()->shader[p][i] = (GLuint)(1000 * p + i + 1);
	for (i = 0; i < HW_POLYGON_WORD_COUNT; i++)
		bank()->polygon[i] = (GLuint)(50 + i);
	bank()->fragment = 96000;
	for (i = 0; i < HW_MEM_WORD_COUNT; i++)
		bank()->memory[i] = (GLuint)(700 + i);

	for (r = 0; r < 2; r++) {
		for (p = 0; p < 4; p++) {
			read_item(NN_GX_PROFILING_VERTEX_SHADER0 + (GLenum)p, w);
			for (i = 0; i < 5; i++)
				ck_assert_uint_eq(w[i], (GLuint)(1000 * p + i + 1));
		}
		read_item(NN_GX_PROFILING_POLYGON, w);
		ck_assert_uint_eq(w[0], 50);
		ck_assert_uint_eq(w[2], 52);
		read_item(NN_GX_PROFILING_FRAGMENT, w);
		ck_assert_uint_eq(w[0], 96000);
		read_item(NN_GX_PROFILING_MEMORY_ACCESS, w);
		for (i = 0; i < 18; i++)
			ck_assert_uint_eq(w[i], (GLuint)(700 + i));
	}
}
END_TEST

/* 32-bit counters wrap to 0 modulo 2^32: differences still work. */
START_TEST(test_always_running_counters_wrap_modulo_2_32)
{
	GLuint before, after;

	tu_reset();
	bank()->fragment = 0xFFFFFFF0u;
	read_item(NN_GX_PROFILING_FRAGMENT, &before);
	bank()->fragment += 0x20;
	read_item(NN_GX_PROFILING_FRAGMENT, &after);
	ck_assert_uint_eq(after, 0x10);
	ck_assert_uint_eq(after - before, 0x20);
}
END_TEST

/* Time passing and busy signals do not move them. */
START_TEST(test_always_running_counters_unmoved_by_idle_time_and_busy)
{
	GLuint w[NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS];
	int i;

	tu_reset();
	nngxShimInjectBusy(NNGX_SHIM_MODULE_PER_FRAGMENT, 100000);
	nngxShimAdvance(1000000);
	read_item(NN_GX_PROFILING_MEMORY_ACCESS, w);
	for (i = 0; i < 18; i++)
		ck_assert_uint_eq(w[i], 0);
	read_item(NN_GX_PROFILING_FRAGMENT, w);
	ck_assert_uint_eq(w[0], 0);
}
END_TEST

/* Vertex cache: an indexed draw restarts the count, misses add to it. */
START_TEST(test_vertex_cache_reset_at_each_indexed_draw)
{
	GLuint v;

	tu_reset();
	nngxStartProfiling(NN_GX_PROFILING_VERTEX_CACHE);
	hw_counters_vcache_draw_begin(bank());
	hw_counters_vcache_miss(bank(), 40);
	read_item(NN_GX_PROFILING_VERTEX_CACHE, &v);
	ck_assert_uint_eq(v, 40);
	read_item(NN_GX_PROFILING_VERTEX_CACHE, &v);    /* reads do not reset */
	ck_assert_uint_eq(v, 40);
	hw_counters_vcache_draw_begin(bank());
	hw_counters_vcache_miss(bank(), 7);
	read_item(NN_GX_PROFILING_VERTEX_CACHE, &v);
	ck_assert_uint_eq(v, 7);
	nngxStopProfiling(NN_GX_PROFILING_VERTEX_CACHE);
}
END_TEST

START_TEST(test_vertex_cache_counter_wraps_at_32_bits)
{
	GLuint v;

	tu_reset();
	nngxStartProfiling(NN_GX_PROFILING_VERTEX_CACHE);
	bank()->vertex_cache = 0xFFFFFFFEu;
	hw_counters_vcache_miss(bank(), 3);
	read_item(NN_GX_PROFILING_VERTEX_CACHE, &v);
	ck_assert_uint_eq(v, 1);
	nngxStopProfiling(NN_GX_PROFILING_VERTEX_CACHE);
}
END_TEST

/* Start/stop are what they say, with no error, and may be repeated. */
START_TEST(test_vertex_cache_start_and_stop)
{
	tu_reset();
	nngxStartProfiling(NN_GX_PROFILING_VERTEX_CACHE);
	nngxStartProfiling(NN_GX_PROFILING_VERTEX_CACHE);
	ck_assert(bank()->vcache_started);
	nngxStopProfiling(NN_GX_PROFILING_VERTEX_CACHE);
	ck_assert(!bank()->vcache_started);
	nngxStopProfiling(NN_GX_PROFILING_VERTEX_CACHE);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	/* BUSY and VERTEX_CACHE are independent */
	tu_set_busy(10, 0);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	nngxStartProfiling(NN_GX_PROFILING_VERTEX_CACHE);
	nngxStopProfiling(NN_GX_PROFILING_VERTEX_CACHE);
	ck_assert(hw_busy_running(&nngx_state_get()->gpu.busy, nngx_state_get()->gpu.clock));
}
END_TEST

/* Read without a start: a value "as if running" (default: it counts), and
 * a warning; none once the counter was started. */
START_TEST(test_vertex_cache_read_unstarted_warns_and_returns_count)
{
	GLuint v;

	tu_reset();
	hw_counters_vcache_draw_begin(bank());
	hw_counters_vcache_miss(bank(), 12);
	read_item(NN_GX_PROFILING_VERTEX_CACHE, &v);
	ck_assert_uint_eq(v, 12);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_VERTEX_CACHE_NOT_STARTED), 1);
	nngxStartProfiling(NN_GX_PROFILING_VERTEX_CACHE);
	nngxStopProfiling(NN_GX_PROFILING_VERTEX_CACHE);
	read_item(NN_GX_PROFILING_VERTEX_CACHE, &v);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_VERTEX_CACHE_NOT_STARTED), 1);
}
END_TEST

static void count_left_running(const nngxShimDiagnostic *d, void *user)
{
	if (d->id == NNGX_SHIM_DIAG_VERTEX_CACHE_LEFT_RUNNING)
		++*(unsigned *)user;
}

/* Left running: nngxShimReset warns (seen through a callback, since the
 * reset clears the counts), and power-on stops the counter. */
START_TEST(test_vertex_cache_left_running_warns_at_reset)
{
	unsigned seen = 0;

	tu_reset();
	nngxStartProfiling(NN_GX_PROFILING_VERTEX_CACHE);
	nngxShimSetDiagLevel(NNGX_SHIM_SEVERITY_WARNING);
	nngxShimSetDiagCallback(count_left_running, &seen);
	nngxShimReset();
	ck_assert_uint_eq(seen, 1);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_VERTEX_CACHE_LEFT_RUNNING), 1);
	ck_assert(!bank()->vcache_started);
	nngxShimReset();
	ck_assert_uint_eq(seen, 1);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("counters");
	TCase *tc = tcase_create("always_running");

	tcase_add_test(tc, test_always_running_counters_zero_at_power_on);
	tcase_add_test(tc, test_always_running_counters_not_reset_by_reads);
	tcase_add_test(tc, test_always_running_counters_wrap_modulo_2_32);
	tcase_add_test(tc, test_always_running_counters_unmoved_by_idle_time_and_busy);
	suite_add_tcase(s, tc);

	tc = tcase_create("vertex_cache");
	tcase_add_test(tc, test_vertex_cache_reset_at_each_indexed_draw);
	tcase_add_test(tc, test_vertex_cache_counter_wraps_at_32_bits);
	tcase_add_test(tc, test_vertex_cache_start_and_stop);
	tcase_add_test(tc, test_vertex_cache_read_unstarted_warns_and_returns_count);
	tcase_add_test(tc, test_vertex_cache_left_running_warns_at_reset);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
