/* check_proctex_lod.c: the procedural texture's mipmap levels
 * (fragment-pipeline.md A.3 and B.7 step 10): the level of detail of a
 * quad (hw_proctex_lod) and the colour-table levels the mipmap filters
 * read (hw_proctex_sample_lod).
 *
 * Unit: U mapping, clamp to edge, no noise; the RGB map the identity
 * (entry i: value 32 i / 4096 = i / 128, difference 16 / 2048 = 1/128);
 * colour-table width 64; level offsets 0, 64, 96, 112 (PROCTEX5 bytes);
 * entries 0-63 red, 64-95 green, 96-111 blue, 112-255 white, no
 * differences. At u = 0.5, F = 0.5 and level k reads entry offset_k + 0.5
 * x (64 >> k) - 1): level 0 31.5 (nearest: 32, red), level 1 64 + 15.5 =
 * 79.5 (80, green), level 2 96 + 7.5 = 103.5 (104, blue). Every expected
 * value is worked out here by hand. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "hw/hw_proctex.h"
#include "test_util.h"

#define TOL 1e-6f
#define RED 0xFF0000FFu                 /* R in bits 0-7 .. A in 24-31 */
#define GREEN 0xFF00FF00u
#define BLUE 0xFFFF0000u
#define WHITE 0xFFFFFFFFu

static struct hw_proctex unit;

/* The unit above with min filter `filter`, LOD bias half float `bias`,
 * min and max LOD. */
static void setup_unit(unsigned filter, uint32_t bias, unsigned min_lod, unsigned max_lod)
{
	unsigned i;

	memset(&unit, 0, sizeof unit);
	unit.reg[0] = 1u | 1u << 3 | (bias & 0xFFu) << 20;     /* edge, edge, U */
	unit.reg[4] = filter | min_lod << 3 | max_lod << 7 | 64u << 11 | (bias >> 8) << 19;
	unit.reg[5] = 0u | 64u << 8 | 96u << 16 | 112u << 24;
	for (i = 0; i < HW_PROCTEX_MAP_ENTRIES; i++)
		unit.rgb_map[i] = 32u * i | 16u << 12;
	for (i = 0; i < HW_PROCTEX_COLOR_ENTRIES; i++)
		unit.color[i] = i < 64 ? RED : i < 96 ? GREEN : i < 112 ? BLUE : WHITE;
}

static void assert_rgba(const float c[4], float r, float g, float b, float a)
{
	ck_assert_float_eq_tol(c[0], r, TOL);
	ck_assert_float_eq_tol(c[1], g, TOL);
	ck_assert_float_eq_tol(c[2], b, TOL);
	ck_assert_float_eq_tol(c[3], a, TOL);
}

/* Nearest-mip-nearest (2) rounds the lod: 0.4 -> level 0 (red), 0.6 ->
 * 1 (green), 1.5 -> 2 (blue); not a number reads level 0. */
START_TEST(test_mip_nearest_rounds_the_lod)
{
	float c[4];

	setup_unit(2, 0, 0, 6);
	hw_proctex_sample_lod(&unit, 0.5f, 0.0f, 0.4f, c);
	assert_rgba(c, 1, 0, 0, 1);
	hw_proctex_sample_lod(&unit, 0.5f, 0.0f, 0.6f, c);
	assert_rgba(c, 0, 1, 0, 1);
	hw_proctex_sample_lod(&unit, 0.5f, 0.0f, 1.5f, c);
	assert_rgba(c, 0, 0, 1, 1);
	hw_proctex_sample_lod(&unit, 0.5f, 0.0f, NAN, c);
	assert_rgba(c, 1, 0, 0, 1);
}
END_TEST

/* Nearest-mip-linear (4) blends floor(lod) and the next: 1.25 -> green
 * x 0.75 + blue x 0.25; 0.5 -> red and green half each. */
START_TEST(test_mip_linear_blends_two_levels)
{
	float c[4];

	setup_unit(4, 0, 0, 6);
	hw_proctex_sample_lod(&unit, 0.5f, 0.0f, 1.25f, c);
	assert_rgba(c, 0, 0.75f, 0.25f, 1);
	hw_proctex_sample_lod(&unit, 0.5f, 0.0f, 0.5f, c);
	assert_rgba(c, 0.5f, 0.5f, 0, 1);
}
END_TEST

/* The plain filters (0 nearest) read level 0 at any lod; so does
 * hw_proctex_sample. Linear-mip-nearest (3) at lod 1: level 1 with the
 * linear rule, entry 79 plus 0.5 of its difference, here 0: green. */
START_TEST(test_plain_filters_read_level_0)
{
	float c[4];

	setup_unit(0, 0, 0, 6);
	hw_proctex_sample_lod(&unit, 0.5f, 0.0f, 3.0f, c);
	assert_rgba(c, 1, 0, 0, 1);
	setup_unit(2, 0, 0, 6);
	hw_proctex_sample(&unit, 0.5f, 0.0f, c);
	assert_rgba(c, 1, 0, 0, 1);
	setup_unit(3, 0, 0, 6);
	hw_proctex_sample_lod(&unit, 0.5f, 0.0f, 1.0f, c);
	assert_rgba(c, 0, 1, 0, 1);
	ck_assert(hw_proctex_uses_lod(&unit));
	setup_unit(1, 0, 0, 6);
	ck_assert(!hw_proctex_uses_lod(&unit));
}
END_TEST

/* The lod of a quad: width 64, bias 0.5 (half 0x3800), du/dx = 1/16, dv/dy
 * = 1/32 (the other derivatives 0): log2(|64 x 0.5| x (1/16 + 1/32)) =
 * log2(3) = 1.5849625. Bias 0: 0. Derivatives 1/1024: log2(32 x 1/512) =
 * -4, clamped to the min LOD 2. Derivatives 8: log2(32 x 16) = 9,
 * clamped to the max LOD 6, and a max LOD of 15 to 7. NaN coordinates:
 * the min LOD. */
START_TEST(test_lod_of_a_quad)
{
	const double quad[3][3] = {
		{ 0.1, 0.2, 0 }, { 0.1 + 1.0 / 16, 0.2, 0 }, { 0.1, 0.2 + 1.0 / 32, 0 }
	};
	const double tiny[3][3] = {
		{ 0.5, 0.5, 0 }, { 0.5 + 1.0 / 1024, 0.5, 0 }, { 0.5, 0.5 + 1.0 / 1024, 0 }
	};
	const double huge[3][3] = { { 0, 0, 0 }, { 8, 0, 0 }, { 0, 8, 0 } };
	const double none[3][3] = { { NAN, NAN, 0 }, { NAN, NAN, 0 }, { NAN, NAN, 0 } };

	setup_unit(4, 0x3800u, 0, 6);
	ck_assert_float_eq_tol(hw_proctex_lod(&unit, quad), 1.5849625f, TOL);
	setup_unit(4, 0, 0, 6);
	ck_assert_float_eq_tol(hw_proctex_lod(&unit, quad), 0.0f, TOL);
	setup_unit(4, 0x3800u, 2, 6);
	ck_assert_float_eq_tol(hw_proctex_lod(&unit, tiny), 2.0f, TOL);
	ck_assert_float_eq_tol(hw_proctex_lod(&unit, huge), 6.0f, TOL);
	ck_assert_float_eq_tol(hw_proctex_lod(&unit, none), 2.0f, TOL);
	setup_unit(4, 0x3800u, 0, 15);
	ck_assert_float_eq_tol(hw_proctex_lod(&unit, huge), 7.0f, TOL);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("proctex_lod");
	TCase *tc = tcase_create("levels");

	tcase_add_test(tc, test_mip_nearest_rounds_the_lod);
	tcase_add_test(tc, test_mip_linear_blends_two_levels);
	tcase_add_test(tc, test_plain_filters_read_level_0);
	tcase_add_test(tc, test_lod_of_a_quad);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
