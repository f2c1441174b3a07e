/* check_wrap.c: the texture units' odd wrap codes 4 and 5
 * (fragment-pipeline.md B.2, Citra's reading, the sheet's E.15): below 0
 * a texel index repeats (modulo the size); at or past the size code 4
 * clamps to the last texel and code 5 reads the border colour.
 *
 * Texture: 16 x 16 RGBA8, column x red 10 x + 5 (5, 15, ..., 155), green
 * and blue 0, alpha 255, the same in every row; border colour (0.2, 0.4,
 * 0.6, 0). A coordinate s names texel floor(16 s) with the nearest filter
 * and texels floor(16 s - 0.5) and the next, weighed by the fraction,
 * with the linear one (hw_texture.h). Every expected value below is
 * worked out by hand from those rules; the prepared sampler (the draw's
 * path, SIMD where the host has it) must give the reference's bits. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "hw/hw_texture.h"
#include "test_util.h"

#define TOL 1e-6f
#define PHYS 0x18000000u

static uint8_t bytes[16 * 16 * 4];
static struct hw_texture_sampler sampler;

static struct hw_texture texture(enum hw_tex_wrap wrap, enum hw_tex_filter filter)
{
	struct hw_texture t;
	unsigned x, y;

	memset(&t, 0, sizeof t);
	t.phys = PHYS;
	t.width = t.height = 16;
	t.format = HW_TEX_RGBA8;
	t.levels = 1;
	t.wrap_s = wrap;
	t.wrap_t = HW_WRAP_REPEAT;
	t.mag_filter = t.min_filter = filter;
	t.mip_filter = HW_FILTER_NEAREST;
	t.border[0] = 0.2f;
	t.border[1] = 0.4f;
	t.border[2] = 0.6f;
	t.border[3] = 0.0f;
	for (y = 0; y < 16; y++)
		for (x = 0; x < 16; x++) {
			uint8_t *p = bytes + (hw_texture_texel_address(&t, 0, x, y) - PHYS);

			p[0] = 255;                     /* A, B, G, R */
			p[1] = 0;
			p[2] = 0;
			p[3] = (uint8_t)(10 * x + 5);
		}
	return t;
}

/* Sample at (s, 0.5) through the reference and through the prepared
 * sampler; both must agree bit for bit; red in *r (0..255 scale), the
 * whole colour in rgba. */
static void sample(const struct hw_texture *t, float s, float rgba[4])
{
	uint32_t addr[HW_TEX_FOOTPRINT_MAX];
	float got[4];
	unsigned c;

	hw_texture_sample(t, bytes, s, 0.5f, 0.0f, rgba);
	hw_texture_sampler_init(&sampler, t, bytes, 0.0f);
	hw_texture_sampler_sample(&sampler, s, 0.5f, addr, got);
	for (c = 0; c < 4; c++)
		ck_assert_msg(memcmp(&got[c], &rgba[c], sizeof got[c]) == 0,
			      "s %g channel %u: sampler %.9g, reference %.9g", (double)s, c,
			      (double)got[c], (double)rgba[c]);
}

#define ASSERT_RED(rgba, r) do { \
	ck_assert_float_eq_tol((rgba)[0], (float)(r) / 255.0f, TOL); \
	ck_assert_float_eq_tol((rgba)[3], 1.0f, TOL); \
} while (0)

/* Code 4, nearest: s = -0.25 names texel -4, which repeats to 12 (red
 * 125); s = -1.03125 names floor(-16.5) = -17 -> 15 (155); s = 1.25 names
 * 20, clamped to 15 (155); s = 0.5 names 8 (85). */
START_TEST(test_code4_nearest_repeats_below_and_clamps_above)
{
	struct hw_texture t = texture(HW_WRAP_EDGE_OR_REPEAT, HW_FILTER_NEAREST);
	float c[4];

	sample(&t, -0.25f, c);
	ASSERT_RED(c, 125);
	sample(&t, -1.03125f, c);
	ASSERT_RED(c, 155);
	sample(&t, 1.25f, c);
	ASSERT_RED(c, 155);
	sample(&t, 0.5f, c);
	ASSERT_RED(c, 85);
	sample(&t, -1000.28125f, c);    /* floor(-16004.5) = -16005 = -1001 x 16 + 11 */
	ASSERT_RED(c, 115);
}
END_TEST

/* Code 4, linear: at s = 0, 16 s - 0.5 = -0.5: texels -1 (repeats to
 * 15, red 155) and 0 (5), half each: 80 (clamp to edge would give 5). At
 * s = 1: 15.5: texels 15 and 16 (clamped to 15): 155. */
START_TEST(test_code4_linear_reaches_across_only_below)
{
	struct hw_texture t = texture(HW_WRAP_EDGE_OR_REPEAT, HW_FILTER_LINEAR);
	float c[4];

	sample(&t, 0.0f, c);
	ASSERT_RED(c, 80);
	sample(&t, 1.0f, c);
	ASSERT_RED(c, 155);
	/* s = 1/64: 16 s - 0.5 = -0.25: texel -1 (155) x 0.25 + texel 0 (5) x 0.75 */
	sample(&t, 1.0f / 64.0f, c);
	ASSERT_RED(c, 0.25 * 155 + 0.75 * 5);
}
END_TEST

/* Code 5, nearest: s = -0.25 -> texel 12 (125), as code 4; s = 1.0
 * names 16, at the size: the border colour, whole; s = 0.96875 names
 * 15.5 -> 15 (155). */
START_TEST(test_code5_nearest_repeats_below_and_borders_above)
{
	struct hw_texture t = texture(HW_WRAP_BORDER_OR_REPEAT, HW_FILTER_NEAREST);
	float c[4];

	sample(&t, -0.25f, c);
	ASSERT_RED(c, 125);
	sample(&t, 1.0f, c);
	ck_assert_float_eq_tol(c[0], 0.2f, TOL);
	ck_assert_float_eq_tol(c[1], 0.4f, TOL);
	ck_assert_float_eq_tol(c[2], 0.6f, TOL);
	ck_assert_float_eq_tol(c[3], 0.0f, TOL);
	sample(&t, 0.96875f, c);
	ASSERT_RED(c, 155);
}
END_TEST

/* Code 5, linear: at s = 0 texels 15 and 0 half each (red 80, alpha 1: no
 * border below 0); at s = 1 texel 15 (155, alpha 1) and the border (0.2,
 * alpha 0) half each: red (155 / 255 + 0.2) / 2, alpha 0.5. */
START_TEST(test_code5_linear_mixes_the_border_only_above)
{
	struct hw_texture t = texture(HW_WRAP_BORDER_OR_REPEAT, HW_FILTER_LINEAR);
	float c[4];

	sample(&t, 0.0f, c);
	ASSERT_RED(c, 80);
	sample(&t, 1.0f, c);
	ck_assert_float_eq_tol(c[0], (155.0f / 255.0f + 0.2f) / 2.0f, TOL);
	ck_assert_float_eq_tol(c[1], 0.2f, TOL);
	ck_assert_float_eq_tol(c[2], 0.3f, TOL);
	ck_assert_float_eq_tol(c[3], 0.5f, TOL);
}
END_TEST

/* The texels a sample reads (what the texture cache is charged): code 4
 * at s = 0, linear, reads columns 15 and 0 of rows 7 and 8 (four
 * addresses; clamp to edge would read two); code 5 at s = 1 reads column
 * 15 only (the border reads no memory), and nothing at s = 1.5. */
START_TEST(test_odd_codes_footprints)
{
	struct hw_texture t = texture(HW_WRAP_EDGE_OR_REPEAT, HW_FILTER_LINEAR);
	uint32_t a[HW_TEX_FOOTPRINT_MAX];
	unsigned n;

	n = hw_texture_footprint(&t, 0.0f, 0.5f, 0.0f, a);
	ck_assert_uint_eq(n, 4);
	ck_assert_uint_eq(a[0], hw_texture_texel_address(&t, 0, 15, 7));
	ck_assert_uint_eq(a[1], hw_texture_texel_address(&t, 0, 0, 7));
	t.wrap_s = HW_WRAP_BORDER_OR_REPEAT;
	ck_assert_uint_eq(hw_texture_footprint(&t, 1.0f, 0.5f, 0.0f, a), 2);
	ck_assert_uint_eq(a[0], hw_texture_texel_address(&t, 0, 15, 7));
	ck_assert_uint_eq(a[1], hw_texture_texel_address(&t, 0, 15, 8));
	t.mag_filter = HW_FILTER_NEAREST;
	ck_assert_uint_eq(hw_texture_footprint(&t, 1.5f, 0.5f, 0.0f, a), 0);
}
END_TEST

/* The prepared sampler and the reference agree on a sweep of s from -40
 * to 40 (negatives far from 0 included) for both codes and filters. */
START_TEST(test_odd_codes_sampler_matches_the_reference)
{
	static const enum hw_tex_wrap wraps[2] = { HW_WRAP_EDGE_OR_REPEAT,
						   HW_WRAP_BORDER_OR_REPEAT };
	static const enum hw_tex_filter filters[2] = { HW_FILTER_NEAREST, HW_FILTER_LINEAR };
	unsigned w, f, k;
	float c[4];

	for (w = 0; w < 2; w++)
		for (f = 0; f < 2; f++) {
			struct hw_texture t = texture(wraps[w], filters[f]);

			for (k = 0; k <= 2560; k++)
				sample(&t, -40.0f + (float)k / 32.0f + 1.0f / 256.0f, c);
		}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("wrap");
	TCase *tc = tcase_create("codes 4 and 5");

	tcase_add_test(tc, test_code4_nearest_repeats_below_and_clamps_above);
	tcase_add_test(tc, test_code4_linear_reaches_across_only_below);
	tcase_add_test(tc, test_code5_nearest_repeats_below_and_borders_above);
	tcase_add_test(tc, test_code5_linear_mixes_the_border_only_above);
	tcase_add_test(tc, test_odd_codes_footprints);
	tcase_add_test(tc, test_odd_codes_sampler_matches_the_reference);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
