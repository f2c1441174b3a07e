/* check_loader.c: the vertex loader (hw/hw_loader.c): attribute decoding,
 * alignment, padding, fixed attributes, fetch traffic and faults. */
#include <string.h>

#include "hw/hw_loader.h"
#include "test_util.h"

static struct hw_memory mem;
static struct hw_counters counters;
static struct hw_loader_lines lines;
static float in[HW_SHADER_INPUTS][4];

static void setup(void)
{
	hw_memory_init(&mem);
	memset(&counters, 0, sizeof counters);
	hw_loader_lines_reset(&lines);
}

static void teardown(void)
{
	hw_memory_fini(&mem);
}

/* One array: float3 position, then ubyte4 colour, then short2; 20 bytes a
 * vertex, with the short2 aligned to 2 after the colour. */
static struct hw_loader_config interleaved(uint32_t base)
{
	struct hw_loader_config cfg;

	memset(&cfg, 0, sizeof cfg);
	cfg.base = base;
	cfg.attrib_count = 3;
	cfg.attrib[0].type = HW_ATTRIB_FLOAT;
	cfg.attrib[0].size = 3;
	cfg.attrib[1].type = HW_ATTRIB_UBYTE;
	cfg.attrib[1].size = 4;
	cfg.attrib[2].type = HW_ATTRIB_SHORT;
	cfg.attrib[2].size = 2;
	cfg.input_reg[0] = 0;
	cfg.input_reg[1] = 3;
	cfg.input_reg[2] = 1;
	cfg.array_count = 1;
	cfg.array[0].stride = 20;
	cfg.array[0].elements = 3;
	cfg.array[0].element[0] = 0;
	cfg.array[0].element[1] = 1;
	cfg.array[0].element[2] = 2;
	return cfg;
}

static void write_vertex(unsigned char *p, float x, float y, float z, int16_t s, int16_t t)
{
	float pos[3] = { x, y, z };
	unsigned char col[4] = { 10, 20, 30, 255 };

	memcpy(p, pos, 12);
	memcpy(p + 12, col, 4);
	memcpy(p + 16, &s, 2);
	memcpy(p + 18, &t, 2);
}

START_TEST(test_loader_decodes_and_routes_attributes)
{
	uint32_t base = hw_memory_alloc(&mem, HW_AREA_FCRAM, 20 * 4);
	unsigned char *host = hw_memory_host(&mem, base, 80);
	struct hw_loader_config cfg = interleaved(base);

	write_vertex(host + 40, 1.5f, -2, 3, -7, 300);
	ck_assert_int_eq(hw_loader_fetch(&cfg, &mem, &lines, 2, in, &counters, NULL, 0), HW_OK);
	ck_assert(in[0][0] == 1.5f && in[0][1] == -2 && in[0][2] == 3 && in[0][3] == 1);
	ck_assert(in[3][0] == 10 && in[3][1] == 20 && in[3][2] == 30 && in[3][3] == 255);
	ck_assert(in[1][0] == -7 && in[1][1] == 300 && in[1][2] == 0 && in[1][3] == 1);
	ck_assert(in[7][0] == 0 && in[7][3] == 1);    /* unfed: (0, 0, 0, 1) */
}
END_TEST

/* A short after a single byte is aligned to 2; padding codes skip bytes. */
START_TEST(test_loader_aligns_components_and_skips_padding)
{
	uint32_t base = hw_memory_alloc(&mem, HW_AREA_FCRAM, 64);
	unsigned char *host = hw_memory_host(&mem, base, 64);
	struct hw_loader_config cfg;
	int16_t s = 1234;
	float f = 0.25f;

	memset(&cfg, 0, sizeof cfg);
	cfg.base = base;
	cfg.attrib_count = 3;
	cfg.attrib[0].type = HW_ATTRIB_BYTE;
	cfg.attrib[0].size = 1;
	cfg.attrib[1].type = HW_ATTRIB_SHORT;
	cfg.attrib[1].size = 1;
	cfg.attrib[2].type = HW_ATTRIB_FLOAT;
	cfg.attrib[2].size = 1;
	cfg.input_reg[0] = 0;
	cfg.input_reg[1] = 1;
	cfg.input_reg[2] = 2;
	cfg.array_count = 1;
	cfg.array[0].stride = 32;
	cfg.array[0].elements = 4;
	cfg.array[0].element[0] = 0;          /* byte at 0 */
	cfg.array[0].element[1] = 1;          /* short at 2 */
	cfg.array[0].element[2] = 13;         /* 8 bytes of padding: 4..11 */
	cfg.array[0].element[3] = 2;          /* float at 12 */
	host[0] = 0xFE;                       /* -2 as a signed byte */
	memcpy(host + 2, &s, 2);
	memcpy(host + 12, &f, 4);
	ck_assert_int_eq(hw_loader_fetch(&cfg, &mem, &lines, 0, in, &counters, NULL, 0), HW_OK);
	ck_assert(in[0][0] == -2);
	ck_assert(in[1][0] == 1234);
	ck_assert(in[2][0] == 0.25f);
}
END_TEST

START_TEST(test_loader_fixed_attribute_is_not_fetched)
{
	uint32_t base = hw_memory_alloc(&mem, HW_AREA_FCRAM, 80);
	struct hw_loader_config cfg = interleaved(base);

	cfg.attrib[1].fixed = true;
	cfg.attrib[1].value[0] = 0.5f;
	cfg.attrib[1].value[3] = 0.75f;
	cfg.array[0].elements = 1;            /* only the position is in memory */
	ck_assert_int_eq(hw_loader_fetch(&cfg, &mem, &lines, 0, in, &counters, NULL, 0), HW_OK);
	ck_assert(in[3][0] == 0.5f && in[3][3] == 0.75f);
}
END_TEST

/* Sequential vertices share 16-byte lines: 4 vertices of 20 bytes touch
 * 80 bytes = 5 lines. */
START_TEST(test_loader_counts_16_byte_lines_sequentially)
{
	uint32_t base = hw_memory_alloc(&mem, HW_AREA_VRAM_A, 20 * 4);
	struct hw_loader_config cfg = interleaved(base);
	uint32_t i;

	for (i = 0; i < 4; i++)
		ck_assert_int_eq(hw_loader_fetch(&cfg, &mem, &lines, i, in, &counters, NULL, 0), HW_OK);
	ck_assert_uint_eq(counters.memory[HW_MEM_COMMAND_VERTEX_READ], 5);
	ck_assert_uint_eq(counters.memory[HW_MEM_VRAM_A_READ], 5);
	ck_assert_uint_eq(counters.memory[HW_MEM_VRAM_B_READ], 0);
	/* Vertex 3 again: it straddles lines 3 and 4 and the buffer holds one
	 * line only, so both are fetched again. */
	ck_assert_int_eq(hw_loader_fetch(&cfg, &mem, &lines, 3, in, &counters, NULL, 0), HW_OK);
	ck_assert_uint_eq(counters.memory[HW_MEM_COMMAND_VERTEX_READ], 7);
	/* Jumping back to vertex 0: lines 0 and 1. */
	ck_assert_int_eq(hw_loader_fetch(&cfg, &mem, &lines, 0, in, &counters, NULL, 0), HW_OK);
	ck_assert_uint_eq(counters.memory[HW_MEM_COMMAND_VERTEX_READ], 9);
}
END_TEST

START_TEST(test_loader_read_outside_buffers_is_a_fault)
{
	uint32_t base = hw_memory_alloc(&mem, HW_AREA_FCRAM, 40);
	struct hw_loader_config cfg = interleaved(base);
	char why[128] = "";

	ck_assert_int_eq(hw_loader_fetch(&cfg, &mem, &lines, 1, in, &counters, why, sizeof why),
			 HW_OK);
	ck_assert_int_eq(hw_loader_fetch(&cfg, &mem, &lines, 2, in, &counters, why, sizeof why),
			 HW_ERROR_FAULT);
	ck_assert_ptr_nonnull(strstr(why, "outside every buffer"));
	cfg.base = 0x1000;
	ck_assert_int_eq(hw_loader_fetch(&cfg, &mem, &lines, 0, in, &counters, NULL, 0),
			 HW_ERROR_FAULT);
}
END_TEST

/* A draw prepares its loader once and fetches vertex after vertex into
 * one array: after every fetch the array, the counts and the faults are
 * those of hw_loader_fetch into a fresh array. Two arrays, one of them
 * across two adjacent buffers (each read must come from the right one),
 * a fixed attribute sharing its register with a fetched one, and a read
 * past the last buffer. */
START_TEST(test_loader_prepared_fetches_like_fresh_ones)
{
	static const uint32_t order[] = { 0, 3, 1, 2, 3, 0, 2, 4, 1 };
	uint32_t a = hw_memory_alloc(&mem, HW_AREA_FCRAM, 20 * 4);
	uint32_t b1 = hw_memory_alloc(&mem, HW_AREA_VRAM_A, 128);
	uint32_t b2 = hw_memory_alloc(&mem, HW_AREA_VRAM_A, 128);
	unsigned char *ha = hw_memory_host(&mem, a, 80);
	unsigned char *hb1 = hw_memory_host(&mem, b1, 128), *hb2 = hw_memory_host(&mem, b2, 128);
	struct hw_loader_config cfg = interleaved(a);
	struct hw_loader_program lp;
	struct hw_loader_lines fresh_lines;
	struct hw_counters fresh_counters;
	float kept[HW_SHADER_INPUTS][4];
	unsigned k;

	ck_assert_uint_eq(b2, b1 + 128);
	for (k = 0; k < 4; k++) {
		float w = 10.0f + (float)k, z = -0.5f * (float)k;

		write_vertex(ha + 20 * k, (float)k, 2.0f * (float)k, 3, (int16_t)(k - 2), 7);
		memcpy((k < 2 ? hb1 : hb2) + 64 * (k % 2), &w, 4);
		memcpy((k < 2 ? hb1 : hb2) + 64 * (k % 2) + 4, &z, 4);
	}
	cfg.attrib_count = 5;
	cfg.attrib[3].fixed = true;                   /* v1.zw keep 0.125, 2 */
	cfg.attrib[3].value[0] = 0.5f;
	cfg.attrib[3].value[1] = 0.25f;
	cfg.attrib[3].value[2] = 0.125f;
	cfg.attrib[3].value[3] = 2.0f;
	cfg.input_reg[3] = 1;
	cfg.attrib[4].type = HW_ATTRIB_FLOAT;
	cfg.attrib[4].size = 2;
	cfg.input_reg[4] = 5;
	cfg.array_count = 2;
	cfg.array[1].offset = b1 - a;
	cfg.array[1].stride = 64;
	cfg.array[1].elements = 1;
	cfg.array[1].element[0] = 4;
	hw_loader_lines_reset(&fresh_lines);
	memset(&fresh_counters, 0, sizeof fresh_counters);
	hw_loader_prepare(&lp, &cfg, kept);
	for (k = 0; k < sizeof order / sizeof order[0]; k++) {
		float fresh[HW_SHADER_INPUTS][4];
		char why_kept[128] = "", why_fresh[128] = "";
		enum hw_status s_kept, s_fresh;

		memset(fresh, 0x55, sizeof fresh);
		s_kept = hw_loader_program_fetch(&lp, &mem, &lines, order[k], kept, &counters,
						 why_kept, sizeof why_kept);
		s_fresh = hw_loader_fetch(&cfg, &mem, &fresh_lines, order[k], fresh, &fresh_counters,
					  why_fresh, sizeof why_fresh);
		ck_assert_int_eq(s_kept, s_fresh);
		ck_assert_str_eq(why_kept, why_fresh);
		ck_assert_msg(memcmp(&counters, &fresh_counters, sizeof counters) == 0,
			      "fetch %u: counts differ", k);
		if (s_fresh != HW_OK) {
			ck_assert_uint_eq(order[k], 4);       /* past b2 */
			continue;
		}
		ck_assert_msg(memcmp(kept, fresh, sizeof kept) == 0, "fetch %u: inputs differ", k);
		ck_assert(fresh[5][0] == 10.0f + (float)order[k]);
		ck_assert(fresh[1][2] == 0.125f && fresh[1][3] == 2.0f);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("loader");
	TCase *tc = tcase_create("loader");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_loader_decodes_and_routes_attributes);
	tcase_add_test(tc, test_loader_aligns_components_and_skips_padding);
	tcase_add_test(tc, test_loader_fixed_attribute_is_not_fetched);
	tcase_add_test(tc, test_loader_counts_16_byte_lines_sequentially);
	tcase_add_test(tc, test_loader_read_outside_buffers_is_a_fault);
	tcase_add_test(tc, test_loader_prepared_fetches_like_fresh_ones);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
