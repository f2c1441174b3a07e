/* check_catalogue.c: the counter catalogue (NNGX_SHIM_COUNTER_MAP) describes
 * exactly the words nngxGetProfilingResult writes. */
#include <string.h>

#include "test_util.h"
#include "driver/nngx_counters.h"
#include "nngx/nngx_items.h"

static const GLenum result_items[] = {
	NN_GX_PROFILING_BUSY, NN_GX_PROFILING_VERTEX_SHADER0, NN_GX_PROFILING_VERTEX_SHADER1,
	NN_GX_PROFILING_VERTEX_SHADER2, NN_GX_PROFILING_VERTEX_SHADER3,
	NN_GX_PROFILING_VERTEX_CACHE, NN_GX_PROFILING_POLYGON, NN_GX_PROFILING_FRAGMENT,
	NN_GX_PROFILING_MEMORY_ACCESS,
};

/* Every bit of every result word belongs to exactly one entry. */
START_TEST(test_catalogue_covers_every_result_bit_once)
{
	size_t k;
	GLuint id;

	ck_assert_uint_eq(nngxShimGetCounterCount(), NNGX_SHIM_COUNTER_COUNT);
	for (k = 0; k < sizeof result_items / sizeof result_items[0]; k++) {
		const struct nngx_item *it = nngx_item_find(result_items[k]);
		uint32_t covered[NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS];
		unsigned w;

		ck_assert_ptr_nonnull(it);
		memset(covered, 0, sizeof covered);
		for (id = 0; id < nngxShimGetCounterCount(); id++) {
			nngxShimCounterInfo info;
			uint32_t mask;

			ck_assert(nngxShimGetCounterInfo(id, &info));
			if (info.item != result_items[k])
				continue;
			ck_assert_uint_lt(info.word, it->result_words);
			ck_assert(info.bits == 16 || info.bits == 32);
			mask = info.bits == 32 ? 0xFFFFFFFFu : ((1u << info.bits) - 1u) << info.shift;
			ck_assert_uint_eq(covered[info.word] & mask, 0);
			covered[info.word] |= mask;
			/* Always running is exactly the items that cannot be started. */
			ck_assert_int_eq(info.always_running, !it->startable);
			ck_assert(strncmp(info.section, "9.3.", 4) == 0);
			ck_assert(info.unit[0] && info.description[0]);
		}
		for (w = 0; w < it->result_words; w++)
			ck_assert_uint_eq(covered[w], 0xFFFFFFFFu);
	}
}
END_TEST

START_TEST(test_catalogue_names_are_unique_and_found)
{
	GLuint a, b;
	nngxShimCounterInfo x, y;

	for (a = 0; a < NNGX_SHIM_COUNTER_COUNT; a++) {
		ck_assert(nngxShimGetCounterInfo(a, &x));
		ck_assert_int_eq(nngxShimFindCounter(x.name), (GLint)a);
		for (b = a + 1; b < NNGX_SHIM_COUNTER_COUNT; b++) {
			ck_assert(nngxShimGetCounterInfo(b, &y));
			ck_assert_str_ne(x.name, y.name);
		}
	}
	ck_assert_int_eq(nngxShimFindCounter("polygon.in"), NNGX_SHIM_COUNTER_POLYGON_IN);
	ck_assert_int_eq(nngxShimFindCounter("polygon"), -1);
	ck_assert_int_eq(nngxShimFindCounter(NULL), -1);
}
END_TEST

START_TEST(test_catalogue_rejects_unknown_id_and_writes_nothing)
{
	nngxShimCounterInfo info;

	memset(&info, 0xA5, sizeof info);
	ck_assert(!nngxShimGetCounterInfo(NNGX_SHIM_COUNTER_COUNT, &info));
	ck_assert_uint_eq(((unsigned char *)&info)[0], 0xA5);
	ck_assert(!nngxShimGetCounterInfo(0, NULL));
}
END_TEST

/* Decoding the SDK's result words with the catalogue gives the value the
 * library's own table lookup (nngx_counter_value) gives. */
START_TEST(test_catalogue_decodes_results)
{
	struct nngx_state *st = nngx_state_get();
	struct hw_counters *c = &st->gpu.counters;
	GLuint result[NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS];
	uint64_t busy[HW_BUSY_MODULE_COUNT] = { 2, 0, 0, 1, 0, 0, 0, 0 };
	GLuint id;
	unsigned p, w;

	tu_reset();
	/* The worked example of shim-api.md: BUSY reads 2, 0, 0, 1, 0, ... */
	tu_set_busy(100, 3);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	nngxStartProfiling(NN_GX_PROFILING_VERTEX_CACHE);
	nngxShimInjectBusy(NNGX_SHIM_MODULE_RASTERIZER, 60);
	nngxShimInjectBusy(NNGX_SHIM_MODULE_TEXTURE, 60);
	nngxShimAdvance(300);
	for (p = 0; p < 4; p++)
		for (w = 0; w < 5; w++)
			c->shader[p][w] = 1000u * p + w + 1;
	for (w = 0; w < 3; w++)
		c->polygon[w] = 50 + w;
	c->fragment = 77;
	for (w = 0; w < HW_MEM_WORD_COUNT; w++)
		c->memory[w] = 0x10000u + w;
	c->vertex_cache = 33;
	nngxGetProfilingResult(NN_GX_PROFILING_BUSY, result);
	ck_assert_uint_eq(result[0], 0x00000002);
	ck_assert_uint_eq(result[1], 0x00010000);
	for (id = 0; id < NNGX_SHIM_COUNTER_COUNT; id++) {
		nngxShimCounterInfo info;
		uint32_t got, mask;

		nngxShimGetCounterInfo(id, &info);
		if (info.item == NN_GX_PROFILING_BUSY) {
			/* A read zeroes the busy counters: give them the example's
			 * values again before each. */
			static const uint16_t example[HW_BUSY_MODULE_COUNT] = { 2, 0, 0, 1, 0, 0, 0, 0 };
			memcpy(st->gpu.busy.counter, example, sizeof example);
		}
		nngxGetProfilingResult(info.item, result);
		mask = info.bits == 32 ? 0xFFFFFFFFu : (1u << info.bits) - 1u;
		got = (result[info.word] >> info.shift) & mask;
		ck_assert_msg(got == nngx_counter_value((nngxShimCounterId)id, c, busy),
			      "%s: result says %u, table %u", info.name, got,
			      nngx_counter_value((nngxShimCounterId)id, c, busy));
		ck_assert_uint_ne(got, 0xFFFFFFFFu);
	}
	ck_assert_uint_eq(nngx_counter_value(NNGX_SHIM_COUNTER_BUSY_RASTERIZER, c, busy), 1);
	ck_assert_uint_eq(nngx_counter_value(NNGX_SHIM_COUNTER_MEMORY_CPU_DMA_WRITE, c, busy),
			  0x10011u);
	nngxStopProfiling(NN_GX_PROFILING_VERTEX_CACHE);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("catalogue");
	TCase *tc = tcase_create("catalogue");

	tcase_add_test(tc, test_catalogue_covers_every_result_bit_once);
	tcase_add_test(tc, test_catalogue_names_are_unique_and_found);
	tcase_add_test(tc, test_catalogue_rejects_unknown_id_and_writes_nothing);
	tcase_add_test(tc, test_catalogue_decodes_results);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
