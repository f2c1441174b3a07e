/* check_texture.c: texture layout and sample footprints (hw/hw_texture.c),
 * and what they do to the texture cache (hw/hw_cache.c).
 *
 * Every expected address below is worked out by hand from the layout rule
 * in hw_texture.h, not computed: memory row m = H - 1 - y; tile = (m / 8)
 * * (W / 8) + x / 8; inside a tile the Morton index has x0 y0 x1 y1 x2 y2
 * in bits 0..5 (x bits weigh 1, 4, 16; y bits weigh 2, 8, 32); ETC tiles
 * hold 2x2 blocks, block = bx + 2 by. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hw/hw_cache.h"
#include "hw/hw_proctex.h"
#include "hw/hw_raster.h"
#include "hw/hw_simd.h"
#include "hw/hw_texture.h"
#include "test_util.h"

static struct hw_texture texture(uint32_t phys, unsigned w, unsigned h, enum hw_tex_format f,
				 unsigned levels)
{
	struct hw_texture t;

	memset(&t, 0, sizeof t);
	t.phys = phys;
	t.width = w;
	t.height = h;
	t.format = f;
	t.levels = levels;
	t.wrap_s = t.wrap_t = HW_WRAP_REPEAT;
	t.mag_filter = t.min_filter = t.mip_filter = HW_FILTER_NEAREST;
	return t;
}

/* ---- formats ------------------------------------------------------------ */

/* The sampler's inline floor is floor, bit for bit. */
START_TEST(test_texture_floor_is_floor)
{
	static const double v[] = {
		0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 1.5, -1.5, 255.999, -255.999,
		0.49999999999999994, -0.49999999999999994, 1e-300, -1e-300,
		4503599627370495.5, -4503599627370495.5, 4503599627370496.0,
		-4503599627370496.0, 9007199254740993.0, -9007199254740993.0, 1e300, -1e300,
	};
	double special[3];
	size_t k;
	int step;

	special[0] = INFINITY;
	special[1] = -INFINITY;
	special[2] = NAN;
	for (k = 0; k < sizeof v / sizeof v[0]; k++) {
		double want = floor(v[k]), got = hw_texture_floor(v[k]);
		ck_assert_msg(memcmp(&want, &got, sizeof want) == 0, "floor(%.17g)", v[k]);
	}
	for (k = 0; k < 3; k++) {
		double want = floor(special[k]), got = hw_texture_floor(special[k]);
		ck_assert(isnan(want) ? isnan(got) : memcmp(&want, &got, sizeof want) == 0);
	}
	/* One assertion for the sweep: Check marks every assertion that
	 * passes, which for 200,001 of them outlasts the test timeout under
	 * the sanitizers. */
	for (step = -100000; step <= 100000; step++) {
		double x = step / 64.0 - 0.5 / 1024.0, want = floor(x), got = hw_texture_floor(x);
		if (memcmp(&want, &got, sizeof want) != 0)
			ck_abort_msg("floor(%.17g)", x);
	}
}
END_TEST

START_TEST(test_texture_bits_per_texel_by_format)
{
	/* 3dbrew / public format tables: 32, 24, 16 x5, 8 x3, 4 x2, ETC1 4, ETC1A4 8. */
	static const unsigned bits[] = { 32, 24, 16, 16, 16, 16, 16, 8, 8, 8, 4, 4, 4, 8 };
	static const unsigned bytes[] = { 4, 3, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 8, 16 };
	unsigned f;

	for (f = HW_TEX_RGBA8; f <= HW_TEX_ETC1A4; f++) {
		ck_assert_msg(hw_texture_bits_per_texel((enum hw_tex_format)f) == bits[f], "format %u", f);
		ck_assert_msg(hw_texture_texel_bytes((enum hw_tex_format)f) == bytes[f], "format %u", f);
	}
	ck_assert_uint_eq(hw_texture_bits_per_texel((enum hw_tex_format)14), 0);
}
END_TEST

/* ---- texel addresses ------------------------------------------------------ */

/* RGBA8 16x16 at 0x18000000: 4 bytes a texel, 256 bytes a tile, 2 tiles a row. */
START_TEST(test_texture_address_32_bits)
{
	struct hw_texture t = texture(0x18000000u, 16, 16, HW_TEX_RGBA8, 1);

	/* (0,15): m = 0, tile 0, Morton 0 -> +0 */
	ck_assert_uint_eq(hw_texture_texel_address(&t, 0, 0, 15), 0x18000000u);
	/* (1,15): m = 0, x0 -> Morton 1 -> +4 */
	ck_assert_uint_eq(hw_texture_texel_address(&t, 0, 1, 15), 0x18000004u);
	/* (0,14): m = 1, y0 -> Morton 2 -> +8 */
	ck_assert_uint_eq(hw_texture_texel_address(&t, 0, 0, 14), 0x18000008u);
	/* (3,13): m = 2; x = 3 -> 1 + 4, y = 2 -> 8; Morton 13 -> 52 = 0x34 */
	ck_assert_uint_eq(hw_texture_texel_address(&t, 0, 3, 13), 0x18000034u);
	/* (9,10): m = 5, tile row 0, tile col 1 -> tile 1 at 0x100; in tile
	 * x = 1 -> 1, y = 5 -> 2 + 32; Morton 35 -> 140 = 0x8C; 0x18C */
	ck_assert_uint_eq(hw_texture_texel_address(&t, 0, 9, 10), 0x1800018Cu);
	/* (0,0): m = 15, tile row 1 col 0 -> tile 2 at 0x200; y = 7 -> 2 + 8
	 * + 32 = 42 -> 168 = 0xA8; 0x2A8 */
	ck_assert_uint_eq(hw_texture_texel_address(&t, 0, 0, 0), 0x180002A8u);
	/* (15,0): tile 3 at 0x300, Morton 63 -> 252 = 0xFC: the last 4 bytes */
	ck_assert_uint_eq(hw_texture_texel_address(&t, 0, 15, 0), 0x180003FCu);
}
END_TEST

/* RGB565 16x16 at 0x18001000: 2 bytes a texel, 128 a tile. */
START_TEST(test_texture_address_16_bits)
{
	struct hw_texture t = texture(0x18001000u, 16, 16, HW_TEX_RGB565, 1);

	/* (9,10): tile 1 at 128, Morton 35 -> 70; 198 = 0xC6 */
	ck_assert_uint_eq(hw_texture_texel_address(&t, 0, 9, 10), 0x180010C6u);
	/* (0,0): tile 2 at 256, Morton 42 -> 84; 340 = 0x154 */
	ck_assert_uint_eq(hw_texture_texel_address(&t, 0, 0, 0), 0x18001154u);
	t.format = HW_TEX_IA8;                  /* every 16-bit format alike */
	ck_assert_uint_eq(hw_texture_texel_address(&t, 0, 0, 0), 0x18001154u);
}
END_TEST

/* RGB8 16x16 at 0x18002000: 3 bytes a texel, 192 a tile. */
START_TEST(test_texture_address_24_bits)
{
	struct hw_texture t = texture(0x18002000u, 16, 16, HW_TEX_RGB8, 1);

	/* (9,10): tile 1 at 192, Morton 35 -> 105; 297 = 0x129 */
	ck_assert_uint_eq(hw_texture_texel_address(&t, 0, 9, 10), 0x18002129u);
	/* (15,0): tile 3 at 576, Morton 63 -> 189; 765 = 0x2FD (last 3 bytes
	 * of 768) */
	ck_assert_uint_eq(hw_texture_texel_address(&t, 0, 15, 0), 0x180022FDu);
}
END_TEST

/* I8 32x16 at 0x18003000: 1 byte a texel, 64 a tile, 4 tiles a row. */
START_TEST(test_texture_address_8_bits_non_square)
{
	struct hw_texture t = texture(0x18003000u, 32, 16, HW_TEX_I8, 1);

	/* (20,3): m = 12, tile row 1; x = 20 -> tile col 2, in tile 4 -> x2
	 * = 16; in tile y = 4 -> y2 = 32; Morton 48; tile 1 * 4 + 2 = 6 at
	 * 384; 432 = 0x1B0 */
	ck_assert_uint_eq(hw_texture_texel_address(&t, 0, 20, 3), 0x180031B0u);
	/* (31,15): m = 0, tile 3 at 192, in tile x = 7 -> 1 + 4 + 16 = 21,
	 * y 0; 213 = 0xD5 */
	ck_assert_uint_eq(hw_texture_texel_address(&t, 0, 31, 15), 0x180030D5u);
}
END_TEST

/* I4 16x16 at 0x18004000: half a byte a texel, 32 bytes a tile. */
START_TEST(test_texture_address_4_bits_is_the_byte_holding_it)
{
	struct hw_texture t = texture(0x18004000u, 16, 16, HW_TEX_I4, 1);

	/* (0,15) Morton 0 and (1,15) Morton 1 share byte 0 */
	ck_assert_uint_eq(hw_texture_texel_address(&t, 0, 0, 15), 0x18004000u);
	ck_assert_uint_eq(hw_texture_texel_address(&t, 0, 1, 15), 0x18004000u);
	/* (2,15): x1 -> Morton 4 -> bit 16 -> byte 2 */
	ck_assert_uint_eq(hw_texture_texel_address(&t, 0, 2, 15), 0x18004002u);
	/* (9,10): tile 1 at 32, Morton 35 -> bit 140 -> byte 17; 49 = 0x31 */
	ck_assert_uint_eq(hw_texture_texel_address(&t, 0, 9, 10), 0x18004031u);
}
END_TEST

/* ETC1 16x16 at 0x18005000: 8 bytes a 4x4 block, 32 a tile; ETC1A4 16 a
 * block, 64 a tile. */
START_TEST(test_texture_address_etc_blocks)
{
	struct hw_texture t = texture(0x18005000u, 16, 16, HW_TEX_ETC1, 1);

	/* (0,15) and (3,12): m = 0 and 3, both block 0 of tile 0 */
	ck_assert_uint_eq(hw_texture_texel_address(&t, 0, 0, 15), 0x18005000u);
	ck_assert_uint_eq(hw_texture_texel_address(&t, 0, 3, 12), 0x18005000u);
	/* (5,15): bx = 1 -> block 1 at 8 */
	ck_assert_uint_eq(hw_texture_texel_address(&t, 0, 5, 15), 0x18005008u);
	/* (2,10): m = 5, by = 1 -> block 2 at 16 */
	ck_assert_uint_eq(hw_texture_texel_address(&t, 0, 2, 10), 0x18005010u);
	/* (13,0): m = 15 -> tile row 1, col 1 -> tile 3 at 96; bx = 3 & 1 = 1,
	 * by = 3 & 1 = 1 -> block 3 at 24; 120 = 0x78 */
	ck_assert_uint_eq(hw_texture_texel_address(&t, 0, 13, 0), 0x18005078u);

	t = texture(0x18006000u, 16, 16, HW_TEX_ETC1A4, 1);
	/* (2,10): block 2 at 32 */
	ck_assert_uint_eq(hw_texture_texel_address(&t, 0, 2, 10), 0x18006020u);
	/* (13,0): tile 3 at 192, block 3 at 48; 240 = 0xF0 */
	ck_assert_uint_eq(hw_texture_texel_address(&t, 0, 13, 0), 0x180060F0u);
}
END_TEST

/* ---- the mip chain ---------------------------------------------------------- */

START_TEST(test_texture_mip_chain_sizes_and_offsets)
{
	struct hw_texture t = texture(0x18010000u, 64, 64, HW_TEX_RGBA8, 4);

	ck_assert_uint_eq(hw_texture_max_levels(64, 64), 4);     /* 64 32 16 8 */
	ck_assert_uint_eq(hw_texture_level_size(&t, 0), 16384);   /* 64 * 64 * 4 */
	ck_assert_uint_eq(hw_texture_level_size(&t, 1), 4096);
	ck_assert_uint_eq(hw_texture_level_size(&t, 2), 1024);
	ck_assert_uint_eq(hw_texture_level_size(&t, 3), 256);
	ck_assert_uint_eq(hw_texture_level_size(&t, 4), 0);       /* below 8x8 */
	ck_assert_uint_eq(hw_texture_level_phys(&t, 0), 0x18010000u);
	ck_assert_uint_eq(hw_texture_level_phys(&t, 1), 0x18014000u);   /* + 0x4000 */
	ck_assert_uint_eq(hw_texture_level_phys(&t, 2), 0x18015000u);   /* + 0x1000 */
	ck_assert_uint_eq(hw_texture_level_phys(&t, 3), 0x18015400u);   /* + 0x400 */
	ck_assert_uint_eq(hw_texture_size(&t), 21760);            /* 16384+4096+1024+256 */
	/* Level 1 is 32x32: (0,31) is its first texel; (31,0) is tile 15 (row
	 * 3 of 4, col 3) at 0xF00, Morton 63 at 0xFC: its last 4 bytes. */
	ck_assert_uint_eq(hw_texture_texel_address(&t, 1, 0, 31), 0x18014000u);
	ck_assert_uint_eq(hw_texture_texel_address(&t, 1, 31, 0), 0x18014FFCu);

	t = texture(0x18020000u, 32, 16, HW_TEX_ETC1, 2);        /* 256 + 64 bytes */
	ck_assert_uint_eq(hw_texture_level_size(&t, 0), 256);
	ck_assert_uint_eq(hw_texture_level_size(&t, 1), 64);
	ck_assert_uint_eq(hw_texture_level_phys(&t, 1), 0x18020100u);

	ck_assert_uint_eq(hw_texture_max_levels(64, 8), 1);
	ck_assert_uint_eq(hw_texture_max_levels(1024, 16), 2);
	ck_assert_uint_eq(hw_texture_max_levels(1024, 1024), 8);  /* 1024 .. 8 */
	ck_assert_uint_eq(hw_texture_max_levels(12, 16), 0);
	ck_assert_uint_eq(hw_texture_max_levels(4, 16), 0);
	ck_assert_uint_eq(hw_texture_max_levels(2048, 16), 0);
	t = texture(0x18000000u, 64, 64, HW_TEX_RGBA8, 5);        /* too many levels */
	ck_assert(!hw_texture_valid(&t));
	ck_assert_uint_eq(hw_texture_size(&t), 0);
}
END_TEST

/* ---- footprints ------------------------------------------------------------ */

static bool has(const uint32_t *a, unsigned n, uint32_t v)
{
	unsigned i;

	for (i = 0; i < n; i++)
		if (a[i] == v)
			return true;
	return false;
}

START_TEST(test_texture_nearest_reads_one_texel_linear_four)
{
	struct hw_texture t = texture(0x18000000u, 16, 16, HW_TEX_RGBA8, 1);
	uint32_t a[HW_TEX_FOOTPRINT_MAX];
	unsigned n;

	/* nearest at (0.5, 0.5): texel (8, 8) */
	n = hw_texture_footprint(&t, 0.5f, 0.5f, 0.0f, a);
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(a[0], hw_texture_texel_address(&t, 0, 8, 8));
	/* linear: 8 - 0.5 = 7.5 -> texels 7 and 8 on both axes */
	t.mag_filter = HW_FILTER_LINEAR;
	n = hw_texture_footprint(&t, 0.5f, 0.5f, 0.0f, a);
	ck_assert_uint_eq(n, 4);
	ck_assert(has(a, n, hw_texture_texel_address(&t, 0, 7, 7)));
	ck_assert(has(a, n, hw_texture_texel_address(&t, 0, 8, 7)));
	ck_assert(has(a, n, hw_texture_texel_address(&t, 0, 7, 8)));
	ck_assert(has(a, n, hw_texture_texel_address(&t, 0, 8, 8)));
	/* minification without mipmaps uses min_filter (nearest here) */
	ck_assert_uint_eq(hw_texture_footprint(&t, 0.5f, 0.5f, 2.0f, a), 1);
}
END_TEST

/* ---- level of detail ------------------------------------------------------- */

/* lod = log2(max(max(|ds/dx|, |ds/dy|) * width, max(|dt/dx|, |dt/dy|) *
 * height)) with level 0's size: 64 x 32, ds = 1/16 -> 4 texels, dt = 1/8
 * -> 4 texels: lod 2; ds = 1/64, dt 0: one texel, lod 0; dt = -1/4 (the
 * sign does not count) -> 8 texels: lod 3; a NaN derivative: NaN. */
START_TEST(test_texture_lod_from_derivatives)
{
	struct hw_texture t = texture(0x18010000u, 64, 32, HW_TEX_RGBA8, 3);
	const float d1[2][2] = { { 1.0f / 16, -1.0f / 32 }, { 0.0f, 1.0f / 8 } };
	const float d2[2][2] = { { 1.0f / 64, 0.0f }, { 0.0f, 0.0f } };
	const float d3[2][2] = { { 1.0f / 64, 0.0f }, { 0.0f, -1.0f / 4 } };
	const float d4[2][2] = { { NAN, 0.0f }, { 0.0f, 0.0f } };

	ck_assert(hw_texture_lod(&t, d1) == 2.0f);
	ck_assert(hw_texture_lod(&t, d2) == 0.0f);
	ck_assert(hw_texture_lod(&t, d3) == 3.0f);
	ck_assert(isnan(hw_texture_lod(&t, d4)));
}
END_TEST

/* The bias is added to the lod, then the level is clamped to [min_level,
 * levels - 1]; l <= 0 magnifies at min_level. 64 x 64 RGBA8, 4 levels,
 * nearest; (0.5, 0.5) is texel (32 >> k, 32 >> k) of level k. */
START_TEST(test_texture_lod_bias_and_min_level_pick_the_level)
{
	struct hw_texture t = texture(0x18010000u, 64, 64, HW_TEX_RGBA8, 4);
	uint32_t a[HW_TEX_FOOTPRINT_MAX];

#define AT(k) hw_texture_texel_address(&t, (k), 32u >> (k), 32u >> (k))
	ck_assert_uint_eq(hw_texture_footprint(&t, 0.5f, 0.5f, 1.0f, a), 1);
	ck_assert_uint_eq(a[0], AT(1));
	t.lod_bias = 1.0f;                      /* 1 + 1 = 2 */
	hw_texture_footprint(&t, 0.5f, 0.5f, 1.0f, a);
	ck_assert_uint_eq(a[0], AT(2));
	t.lod_bias = -1.0f;                     /* 0.25 - 1 <= 0: magnified */
	t.mag_filter = HW_FILTER_LINEAR;        /* (the mag filter: four texels) */
	ck_assert_uint_eq(hw_texture_footprint(&t, 0.5f, 0.5f, 0.25f, a), 4);
	ck_assert(has(a, 4, AT(0)));
	t.mag_filter = HW_FILTER_NEAREST;
	t.lod_bias = 0.0f;
	t.min_level = 2;                        /* lod 1 clamped up to 2 */
	hw_texture_footprint(&t, 0.5f, 0.5f, 1.0f, a);
	ck_assert_uint_eq(a[0], AT(2));
	hw_texture_footprint(&t, 0.5f, 0.5f, -3.0f, a);   /* magnified at level 2 */
	ck_assert_uint_eq(a[0], AT(2));
	hw_texture_footprint(&t, 0.5f, 0.5f, 10.0f, a);   /* clamped down to 3 */
	ck_assert_uint_eq(a[0], AT(3));
	t.min_level = 9;                        /* past the chain: the last level */
	hw_texture_footprint(&t, 0.5f, 0.5f, 1.0f, a);
	ck_assert_uint_eq(a[0], AT(3));
#undef AT
	/* one level, different filters: the lod still decides the filter */
	t = texture(0x18010000u, 64, 64, HW_TEX_RGBA8, 1);
	ck_assert(!hw_texture_uses_lod(&t));
	t.min_filter = HW_FILTER_LINEAR;
	ck_assert(hw_texture_uses_lod(&t));
	ck_assert_uint_eq(hw_texture_footprint(&t, 0.5f, 0.5f, 0.0f, a), 1);
	ck_assert_uint_eq(hw_texture_footprint(&t, 0.5f, 0.5f, 0.5f, a), 4);
}
END_TEST

/* Quad derivatives of a perspective triangle, by hand: window vertices
 * (0, 0), (8, 0), (0, 8) with 1/w = 1, 0.5, 1 and u = 0, 1, 0, v = 0.
 * 1/w = 1 - x/16 and u/w = x/16 across it, so u = x / (16 - x). Quad
 * (0, 0): u(0.5) = 1/31, u(1.5) = 3/29: du/dx = 64/899, du/dy = 0 (u does
 * not depend on y). Pixel (1, 1) is in the same quad; quad (2, 0): u(2.5)
 * = 5/27, u(3.5) = 7/25, du/dx = 64/675. */
START_TEST(test_texture_quad_derivatives_are_perspective_correct)
{
	struct hw_vertex a, b, c;
	struct hw_raster_gradient g;
	float d[2][2];

	memset(&a, 0, sizeof a);
	b = c = a;
	a.pos[3] = 1.0f;
	b.pos[0] = 8.0f;
	b.pos[3] = 0.5f;
	b.varying[HW_VARYING_TEXCOORD0][0] = 1.0f;
	c.pos[1] = 8.0f;
	c.pos[3] = 1.0f;
	hw_raster_gradient_setup(&g, &a, &b, &c, HW_VARYING_TEXCOORD0);
	hw_raster_quad_derivatives(&g, 0, 0, d);
	ck_assert_float_eq_tol(d[0][0], 64.0f / 899.0f, 1e-7f);
	ck_assert_float_eq_tol(d[0][1], 0.0f, 1e-7f);
	ck_assert_float_eq_tol(d[1][0], 0.0f, 1e-7f);
	ck_assert_float_eq_tol(d[1][1], 0.0f, 1e-7f);
	hw_raster_quad_derivatives(&g, 1, 1, d);
	ck_assert_float_eq_tol(d[0][0], 64.0f / 899.0f, 1e-7f);
	hw_raster_quad_derivatives(&g, 2, 0, d);
	ck_assert_float_eq_tol(d[0][0], 64.0f / 675.0f, 1e-7f);
	/* no area: NaN (the unit magnifies) */
	hw_raster_gradient_setup(&g, &a, &a, &c, HW_VARYING_TEXCOORD0);
	hw_raster_quad_derivatives(&g, 0, 0, d);
	ck_assert(isnan(d[0][0]));
}
END_TEST

/* ---- cube, projection, shadow ------------------------------------------------- */

/* Face and face coordinates by hand from the table (hw_texture.h): m the
 * major component, (s, t) = (a / m) x 0.5 + 0.5. */
START_TEST(test_texture_cube_face_selection)
{
	static const struct {
		double u, v, w;
		enum hw_cube_face face;
		double s, t;
	} c[] = {
		{ 1.0, 0.2, -0.4, HW_CUBE_POS_X, 0.7, 0.4 },    /* (-w, -v) / u */
		{ -1.0, 0.2, -0.4, HW_CUBE_NEG_X, 0.3, 0.4 },   /* (-w, v) / u */
		{ 0.2, 1.0, 0.4, HW_CUBE_POS_Y, 0.6, 0.7 },     /* (u, w) / v */
		{ 0.2, -1.0, 0.4, HW_CUBE_NEG_Y, 0.6, 0.3 },    /* (-u, w) / v */
		{ 0.2, 0.4, 1.0, HW_CUBE_POS_Z, 0.6, 0.3 },     /* (u, -v) / w */
		{ 0.2, 0.4, -1.0, HW_CUBE_NEG_Z, 0.4, 0.3 },    /* (u, v) / w */
		{ 1.0, 1.0, 0.0, HW_CUBE_POS_Y, 1.0, 0.5 },     /* tie u = v: Y */
		{ 0.0, -1.0, -1.0, HW_CUBE_NEG_Z, 0.5, 1.0 },   /* tie v = w: Z */
	};
	unsigned k;

	for (k = 0; k < sizeof c / sizeof c[0]; k++) {
		double s, t;
		enum hw_cube_face f = hw_texture_cube_face(c[k].u, c[k].v, c[k].w);

		ck_assert_int_eq(f, c[k].face);
		hw_texture_cube_coords(f, c[k].u, c[k].v, c[k].w, &s, &t);
		ck_assert_double_eq_tol(s, c[k].s, 1e-12);
		ck_assert_double_eq_tol(t, c[k].t, 1e-12);
	}
}
END_TEST

/* RGBA8 bytes of an 8 x 8 level: A, B, G, R each texel (hw_texture.h). */
static void fill_rgba8(uint8_t *p, unsigned texels, unsigned r, unsigned g, unsigned b,
		       unsigned a)
{
	unsigned i;

	for (i = 0; i < texels; i++) {
		p[4 * i] = (uint8_t)a;
		p[4 * i + 1] = (uint8_t)b;
		p[4 * i + 2] = (uint8_t)g;
		p[4 * i + 3] = (uint8_t)r;
	}
}

/* A cube of six 8 x 8 RGBA8 faces, face f all (40 f, 255 - 40 f, f, 255)
 * at 0x18100000 + 0x1000 f: a direction into each face reads that face's
 * colour, at that face's address (texel (5, 3) for (s, t) = (0.7, 0.4):
 * floor(5.6), floor(3.2)). */
START_TEST(test_texture_cube_samples_each_face)
{
	static const double dir[HW_CUBE_FACES][3] = {
		{ 1.0, 0.2, -0.4 }, { -1.0, -0.2, 0.4 }, { -0.4, 1.0, -0.2 },
		{ -0.4, -1.0, -0.2 }, { 0.4, -0.2, 1.0 }, { -0.4, -0.2, -1.0 },
	};
	static uint8_t face[HW_CUBE_FACES][8 * 8 * 4];
	const uint8_t *bytes[HW_CUBE_FACES];
	struct hw_texture t = texture(0x18100000u, 8, 8, HW_TEX_RGBA8, 1);
	uint32_t a[HW_TEX_FOOTPRINT_MAX];
	unsigned f, n;

	t.type = HW_TEXTYPE_CUBE;
	for (f = 0; f < HW_CUBE_FACES; f++) {
		t.face_phys[f] = 0x18100000u + 0x1000u * f;
		fill_rgba8(face[f], 64, 40 * f, 255 - 40 * f, f, 255);
		bytes[f] = face[f];
	}
	ck_assert(hw_texture_uses_lod(&t));
	for (f = 0; f < HW_CUBE_FACES; f++) {
		const float uvw[3] = { (float)dir[f][0], (float)dir[f][1], (float)dir[f][2] };
		struct hw_texture ft = t;
		double s, tc;
		float rgba[4];

		ck_assert_int_eq(hw_texture_cube_face(dir[f][0], dir[f][1], dir[f][2]), f);
		hw_texture_cube_coords((enum hw_cube_face)f, uvw[0], uvw[1], uvw[2], &s, &tc);
		n = hw_texture_sample_any(&t, bytes, uvw, 0.0f, a, rgba);
		ck_assert_uint_eq(n, 1);
		ft.phys = t.face_phys[f];
		ck_assert_uint_eq(a[0], hw_texture_texel_address(&ft, 0, (unsigned)(s * 8),
								 (unsigned)(tc * 8)));
		ck_assert_float_eq(rgba[0], (float)(40 * f) / 255.0f);
		ck_assert_float_eq(rgba[1], (float)(255 - 40 * f) / 255.0f);
		ck_assert_float_eq(rgba[2], (float)f / 255.0f);
		ck_assert_float_eq(rgba[3], 1.0f);
	}
}
END_TEST

/* Projection: (s, t) = (u / w, v / w): (1, 0.5, 2) reads texel (4, 2)
 * of an 8 x 8 texture; as a 2D texture it would read (0, 4) (u = 1
 * repeats to 0). */
START_TEST(test_texture_projection_divides_by_w)
{
	static uint8_t bytes0[8 * 8 * 4];
	const uint8_t *bytes[HW_CUBE_FACES] = { bytes0 };
	struct hw_texture t = texture(0x18100000u, 8, 8, HW_TEX_RGBA8, 1);
	const float uvw[3] = { 1.0f, 0.5f, 2.0f };
	uint32_t a[HW_TEX_FOOTPRINT_MAX];
	float rgba[4];

	t.type = HW_TEXTYPE_PROJECTION;
	ck_assert_uint_eq(hw_texture_sample_any(&t, bytes, uvw, 0.0f, a, rgba), 1);
	ck_assert_uint_eq(a[0], hw_texture_texel_address(&t, 0, 4, 2));
	t.type = HW_TEXTYPE_2D;
	hw_texture_sample_any(&t, bytes, uvw, 0.0f, a, rgba);
	ck_assert_uint_eq(a[0], hw_texture_texel_address(&t, 0, 0, 4));
}
END_TEST

/* Shadow 2D, nearest: every texel stores depth 0x800000 (A 0x80, B 0, G
 * 0) and intensity R = 200. At (0.2, 0.2, 0.4) (s = t = 0.5, z = 0.4):
 * zref = floor(0.4 x 0xFFFFFF) = 6710886 <= 8388608: lit, 200 / 255 in
 * all four channels. At w = 0.6: zref = 10066329 > D: shadowed, 0. With
 * bias 0x400000: zref = 10066329 - 4194304 = 5872025: lit again.
 * Orthographic: no division (u = v = 0.3 read as they are; z = 0.6 still
 * shadowed without the bias). Linear filtering compares each of the four
 * texels: two lit, two shadowed at weights 1/2 each pair -> 100 / 255. */
START_TEST(test_texture_shadow_compares_depth)
{
	static uint8_t bytes0[8 * 8 * 4];
	const uint8_t *bytes[HW_CUBE_FACES] = { bytes0 };
	struct hw_texture t = texture(0x18100000u, 8, 8, HW_TEX_RGBA8, 1);
	const float lit[3] = { 0.2f, 0.2f, 0.4f }, deep[3] = { 0.3f, 0.3f, 0.6f };
	uint32_t a[HW_TEX_FOOTPRINT_MAX];
	float rgba[4];
	unsigned x;

	fill_rgba8(bytes0, 64, 200, 0, 0, 0x80);
	t.type = HW_TEXTYPE_SHADOW_2D;
	ck_assert_uint_eq(hw_texture_sample_any(&t, bytes, lit, 0.0f, a, rgba), 1);
	ck_assert_uint_eq(a[0], hw_texture_texel_address(&t, 0, 4, 4));
	ck_assert_float_eq(rgba[0], 200.0f / 255.0f);
	ck_assert_float_eq(rgba[3], 200.0f / 255.0f);
	hw_texture_sample_any(&t, bytes, deep, 0.0f, a, rgba);
	ck_assert_float_eq(rgba[0], 0.0f);
	t.shadow_bias = 0x400000u;
	hw_texture_sample_any(&t, bytes, deep, 0.0f, a, rgba);
	ck_assert_float_eq(rgba[1], 200.0f / 255.0f);
	t.shadow_bias = 0;
	t.shadow_ortho = true;                  /* (0.3, 0.3) -> texel (2, 2) */
	hw_texture_sample_any(&t, bytes, deep, 0.0f, a, rgba);
	ck_assert_uint_eq(a[0], hw_texture_texel_address(&t, 0, 2, 2));
	ck_assert_float_eq(rgba[0], 0.0f);
	/* columns 0-3 near (depth 0), 4-7 far: at s = 0.5 (u = 0.3, w = 0.6)
	 * the linear footprint is columns 3 and 4, half each */
	t.shadow_ortho = false;
	t.mag_filter = t.min_filter = HW_FILTER_LINEAR;
	for (x = 0; x < 8; x++) {
		unsigned y;

		for (y = 0; y < 8; y++) {
			uint8_t *p = bytes0 + (hw_texture_texel_address(&t, 0, x, y) - t.phys);

			p[0] = x < 4 ? 0x00 : 0xFF;     /* A: depth high byte */
		}
	}
	ck_assert_uint_eq(hw_texture_sample_any(&t, bytes, deep, 0.0f, a, rgba), 4);
	ck_assert_float_eq_tol(rgba[0], 100.0f / 255.0f, 1e-6f);
}
END_TEST

/* Shadow cube: z = |m| of the face's axis: (0.1, -0.5, 0.2) on -Y with
 * z = 0.5 (zref 8388607 <= 0x800000: lit), (0.1, -0.7, 0.2) z = 0.7
 * (shadowed). */
START_TEST(test_texture_shadow_cube_takes_the_major_axis_as_depth)
{
	static uint8_t face[HW_CUBE_FACES][8 * 8 * 4];
	const uint8_t *bytes[HW_CUBE_FACES];
	struct hw_texture t = texture(0x18100000u, 8, 8, HW_TEX_RGBA8, 1);
	const float near_[3] = { 0.1f, -0.5f, 0.2f }, far_[3] = { 0.1f, -0.7f, 0.2f };
	uint32_t a[HW_TEX_FOOTPRINT_MAX];
	float rgba[4];
	unsigned f;

	t.type = HW_TEXTYPE_SHADOW_CUBE;
	for (f = 0; f < HW_CUBE_FACES; f++) {
		t.face_phys[f] = 0x18100000u + 0x1000u * f;
		fill_rgba8(face[f], 64, f == HW_CUBE_NEG_Y ? 77 : 1, 0, 0, 0x80);
		bytes[f] = face[f];
	}
	hw_texture_sample_any(&t, bytes, near_, 0.0f, a, rgba);
	ck_assert_float_eq(rgba[0], 77.0f / 255.0f);
	ck_assert_uint_eq(a[0] & ~0xFFFu, t.face_phys[HW_CUBE_NEG_Y]);
	hw_texture_sample_any(&t, bytes, far_, 0.0f, a, rgba);
	ck_assert_float_eq(rgba[0], 0.0f);
}
END_TEST

/* ---- procedural texture (unit 3) ------------------------------------------- */

/* A unit whose map tables are the identity (entry i: value i / 128 =
 * i x 32 / 4096, difference 1/128 = 16 / 2048, so table(x) = x on
 * [0, 1]), and colour entry k = (k, 0, 255 - k, 255) with differences 0;
 * width and offset as given, nearest filter, clamps to edge, mapping U. */
static void proctex_identity(struct hw_proctex *p, unsigned width, unsigned offset)
{
	unsigned i;

	memset(p, 0, sizeof *p);
	for (i = 0; i < HW_PROCTEX_MAP_ENTRIES; i++)
		p->noise[i] = p->rgb_map[i] = p->alpha_map[i] = (i * 32u) | 16u << 12;
	for (i = 0; i < HW_PROCTEX_COLOR_ENTRIES; i++)
		p->color[i] = i | (255u - i) << 16 | 255u << 24;
	p->reg[0] = 1u | 1u << 3;                       /* clamp to edge, U */
	p->reg[4] = width << 11;
	p->reg[5] = offset;
}

static unsigned proctex_red(const struct hw_proctex *p, float u, float v)
{
	float rgba[4];

	hw_proctex_sample(p, u, v, rgba);
	return (unsigned)lround(rgba[0] * 255.0f);
}

/* Mapping functions at (0.6, 0.8), colour index g x 100 (width 101): U
 * 60, U^2 36, V 80, V^2 64, (U+V)/2 70, (U^2+V^2)/2 50, min(sqrt(1), 1)
 * 100, min 60, max 80, Rmax min((0.7 + 1) / 2, 1) = 85. Offset 20 adds
 * 20. */
START_TEST(test_proctex_mapping_functions)
{
	static const unsigned want[10] = { 60, 36, 80, 64, 70, 50, 100, 60, 80, 85 };
	struct hw_proctex p;
	unsigned f;

	proctex_identity(&p, 101, 0);
	for (f = 0; f < 10; f++) {
		p.reg[0] = 1u | 1u << 3 | f << 6;
		ck_assert_uint_eq(proctex_red(&p, 0.6f, 0.8f), want[f]);
	}
	p.reg[0] = 1u | 1u << 3;
	p.reg[5] = 20;
	ck_assert_uint_eq(proctex_red(&p, 0.6f, 0.8f), 80);
	/* negative coordinates are taken as their magnitude */
	p.reg[5] = 0;
	ck_assert_uint_eq(proctex_red(&p, -0.3f, 0.0f), 30);
}
END_TEST

/* Clamp modes on U = 1.25 (mapping U, width 101): to zero 0, to edge 1
 * (100), symmetrical repeat 0.25 (25), mirrored repeat 1 - 0.25 (75);
 * pulse: 0.4 -> 0, 0.6 -> 1 (100). Shift: U odd with symmetrical repeat,
 * u = 0.2: v = 2.5 (floor 2: (2 / 2) mod 2 = 1) adds 0.5 -> 70; v = 1.5
 * ((1 / 2) mod 2 = 0) adds nothing -> 20; even shift at v = 1.5 ((2 / 2)
 * mod 2 = 1) adds 0.5 -> 70. */
START_TEST(test_proctex_clamps_and_shifts)
{
	struct hw_proctex p;

	proctex_identity(&p, 101, 0);
	p.reg[0] = 0;
	ck_assert_uint_eq(proctex_red(&p, 1.25f, 0.0f), 0);
	p.reg[0] = 1;
	ck_assert_uint_eq(proctex_red(&p, 1.25f, 0.0f), 100);
	p.reg[0] = 2;
	ck_assert_uint_eq(proctex_red(&p, 1.25f, 0.0f), 25);
	p.reg[0] = 3;
	ck_assert_uint_eq(proctex_red(&p, 1.25f, 0.0f), 75);
	p.reg[0] = 4;
	ck_assert_uint_eq(proctex_red(&p, 0.4f, 0.0f), 0);
	ck_assert_uint_eq(proctex_red(&p, 0.6f, 0.0f), 100);
	p.reg[0] = 2u | 1u << 16;
	ck_assert_uint_eq(proctex_red(&p, 0.2f, 2.5f), 70);
	ck_assert_uint_eq(proctex_red(&p, 0.2f, 1.5f), 20);
	p.reg[0] = 2u | 2u << 16;
	ck_assert_uint_eq(proctex_red(&p, 0.2f, 1.5f), 70);
}
END_TEST

/* The colour table: width 5, offset 0, index 4 F. Nearest: u = 0.3 ->
 * 1.2 -> entry 1 (R 1, B 254). Linear (filter 1) with entry 1's red
 * difference 25 (25 / 128 in normalised units): 1/255 + 0.2 x 25/128 =
 * 0.0429289 -> 10.947 of 255. Alpha separate with the alpha mapping V
 * (code 2) at v = 0.25: the alpha table at 0.25 = 0.25. */
START_TEST(test_proctex_colour_table_filters_and_alpha)
{
	struct hw_proctex p;
	float rgba[4];

	proctex_identity(&p, 5, 0);
	hw_proctex_sample(&p, 0.3f, 0.0f, rgba);
	ck_assert_float_eq(rgba[0], 1.0f / 255.0f);
	ck_assert_float_eq(rgba[2], 254.0f / 255.0f);
	ck_assert_float_eq(rgba[3], 1.0f);
	p.color_diff[1] = 25u;
	p.reg[4] |= 1u;
	hw_proctex_sample(&p, 0.3f, 0.0f, rgba);
	ck_assert_float_eq_tol(rgba[0], 1.0f / 255.0f + 0.2f * 25.0f / 128.0f, 1e-6f);
	p.reg[0] |= 1u << 14 | 2u << 10;
	hw_proctex_sample(&p, 0.3f, 0.25f, rgba);
	ck_assert_float_eq_tol(rgba[3], 0.25f, 1e-6f);
}
END_TEST

/* Noise, by hand: frequency 1 (half 0x3C00) and phase 0 on both axes, U
 * amplitude 0.5 (0x0800), V 0; identity noise table. At (0.5, 0): x =
 * 9 x 0.5 = 4.5 (i 4, xf 0.5), y = 0 (j 0, yf 0). Hash h(n) = (((n mod 9)
 * + 2) x 3 & 15) ^ T1[n / 9]: h(4) = 2, h(5) = 5, h(0) = 6, h(1) = 9.
 * g(4, 0): a 2, b 6 -> (6 + 10 + 2) & 15 = 2, ^ T2[2] = 15 -> 13: 11/15.
 * g(5, 0): a 5, b 6 + 4 = 10, ^ 6 = 12, (12 + 15) & 15 = 11, ^ T2[5] = 7
 * -> 12: 9/15. g(4, 1): b 9 -> 21 & 15 = 5, ^ 15 = 10: 5/15. g(5, 1): b
 * 13, ^ 6 = 11, 26 & 15 = 10, ^ 7 = 13: 11/15. Terms (xf + yf = 0.5):
 * 11/30, -9/30, -5/30, -33/30; wx = 0.5, wy = 0: n = (11 - 9) / 60 =
 * 1/30. u = 0.5 + 0.5 / 30 = 0.516667: colour 51.67 -> entry 52 (50
 * without noise). The same input gives the same output; another u
 * another. */
START_TEST(test_proctex_noise_deterministic_and_varying)
{
	struct hw_proctex p;
	unsigned a, b;

	proctex_identity(&p, 101, 0);
	ck_assert_uint_eq(proctex_red(&p, 0.5f, 0.0f), 50);
	p.reg[0] |= 1u << 15;
	p.reg[1] = 0x0800u;                             /* amplitude 0.5, phase 0 */
	p.reg[2] = 0;
	p.reg[3] = 0x3C00u | 0x3C00u << 16;             /* frequencies 1 */
	a = proctex_red(&p, 0.5f, 0.0f);
	ck_assert_uint_eq(a, 52);
	ck_assert_uint_eq(proctex_red(&p, 0.5f, 0.0f), a);
	b = proctex_red(&p, 0.3f, 0.0f);
	ck_assert_uint_ne(b, 30);                       /* the noise moves it too */
	ck_assert(hw_proctex_f16(0x3C00u) == 1.0f);
	ck_assert(hw_proctex_f16(0xC000u) == -2.0f);
	ck_assert(hw_proctex_f16(0x3555u) == (float)(0x155 + 0x400) / 4096.0f); /* exponent 13 */
}
END_TEST

START_TEST(test_texture_mip_filter_picks_levels)
{
	struct hw_texture t = texture(0x18010000u, 64, 64, HW_TEX_RGBA8, 4);
	uint32_t a[HW_TEX_FOOTPRINT_MAX];
	unsigned n;

	/* nearest mip: lod 1.4 -> level 1, lod 1.6 -> level 2; (0.5, 0.5) is
	 * texel (16, 16) of 32x32 and (8, 8) of 16x16 */
	n = hw_texture_footprint(&t, 0.5f, 0.5f, 1.4f, a);
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(a[0], hw_texture_texel_address(&t, 1, 16, 16));
	n = hw_texture_footprint(&t, 0.5f, 0.5f, 1.6f, a);
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(a[0], hw_texture_texel_address(&t, 2, 8, 8));
	n = hw_texture_footprint(&t, 0.5f, 0.5f, 0.4f, a);       /* minified, level 0 */
	ck_assert_uint_eq(a[0], hw_texture_texel_address(&t, 0, 32, 32));
	n = hw_texture_footprint(&t, 0.5f, 0.5f, 100.0f, a);     /* clamped to level 3 */
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(a[0], hw_texture_texel_address(&t, 3, 4, 4));

	/* linear mip, linear min: two levels of four texels */
	t.mip_filter = HW_FILTER_LINEAR;
	t.min_filter = HW_FILTER_LINEAR;
	n = hw_texture_footprint(&t, 0.5f, 0.5f, 1.5f, a);
	ck_assert_uint_eq(n, 8);
	ck_assert(has(a, n, hw_texture_texel_address(&t, 1, 15, 15)));
	ck_assert(has(a, n, hw_texture_texel_address(&t, 2, 8, 8)));
	/* at the last level there is no next one */
	ck_assert_uint_eq(hw_texture_footprint(&t, 0.5f, 0.5f, 3.5f, a), 4);
	/* linear mip, nearest min: one texel of each level */
	t.min_filter = HW_FILTER_NEAREST;
	ck_assert_uint_eq(hw_texture_footprint(&t, 0.5f, 0.5f, 0.5f, a), 2);
	/* magnification ignores mipmaps */
	ck_assert_uint_eq(hw_texture_footprint(&t, 0.5f, 0.5f, -1.0f, a), 1);
	ck_assert_uint_eq(a[0], hw_texture_texel_address(&t, 0, 32, 32));
}
END_TEST

/* Linear at s = -0.25 on 16 texels: 16 * -0.25 - 0.5 = -4.5, so texels -5
 * and -4; t = 0.5 gives rows 7 and 8. */
START_TEST(test_texture_wrap_modes_at_the_edges)
{
	struct hw_texture t = texture(0x18000000u, 16, 16, HW_TEX_RGBA8, 1);
	uint32_t a[HW_TEX_FOOTPRINT_MAX];
	unsigned n;

	t.mag_filter = HW_FILTER_LINEAR;
	/* repeat: -5 -> 11, -4 -> 12 */
	t.wrap_s = HW_WRAP_REPEAT;
	n = hw_texture_footprint(&t, -0.25f, 0.5f, 0.0f, a);
	ck_assert_uint_eq(n, 4);
	ck_assert(has(a, n, hw_texture_texel_address(&t, 0, 11, 7)));
	ck_assert(has(a, n, hw_texture_texel_address(&t, 0, 12, 8)));
	/* mirror: -5 -> 4, -4 -> 3 (-1 mirrors to 0, -2 to 1, ...) */
	t.wrap_s = HW_WRAP_MIRROR;
	n = hw_texture_footprint(&t, -0.25f, 0.5f, 0.0f, a);
	ck_assert_uint_eq(n, 4);
	ck_assert(has(a, n, hw_texture_texel_address(&t, 0, 4, 7)));
	ck_assert(has(a, n, hw_texture_texel_address(&t, 0, 3, 8)));
	/* clamp to edge: both -> 0, one address a row */
	t.wrap_s = HW_WRAP_CLAMP_EDGE;
	n = hw_texture_footprint(&t, -0.25f, 0.5f, 0.0f, a);
	ck_assert_uint_eq(n, 2);
	ck_assert(has(a, n, hw_texture_texel_address(&t, 0, 0, 7)));
	ck_assert(has(a, n, hw_texture_texel_address(&t, 0, 0, 8)));
	/* clamp to border: both outside, the border colour reads no memory */
	t.wrap_s = HW_WRAP_CLAMP_BORDER;
	ck_assert_uint_eq(hw_texture_footprint(&t, -0.25f, 0.5f, 0.0f, a), 0);
	/* ... and half the footprint at s = 0: texels -1 (border) and 0 */
	n = hw_texture_footprint(&t, 0.0f, 0.5f, 0.0f, a);
	ck_assert_uint_eq(n, 2);
	ck_assert(has(a, n, hw_texture_texel_address(&t, 0, 0, 7)));
	/* repeat at s = 0 reaches across: texels 15 and 0 */
	t.wrap_s = HW_WRAP_REPEAT;
	n = hw_texture_footprint(&t, 0.0f, 0.5f, 0.0f, a);
	ck_assert_uint_eq(n, 4);
	ck_assert(has(a, n, hw_texture_texel_address(&t, 0, 15, 8)));
	/* the t axis: t = 1 gives rows 15 and 16 */
	t.wrap_t = HW_WRAP_CLAMP_EDGE;
	ck_assert_uint_eq(hw_texture_footprint(&t, 0.5f, 1.0f, 0.0f, a), 2);
	t.wrap_t = HW_WRAP_REPEAT;
	n = hw_texture_footprint(&t, 0.5f, 1.0f, 0.0f, a);
	ck_assert_uint_eq(n, 4);
	ck_assert(has(a, n, hw_texture_texel_address(&t, 0, 7, 0)));
	/* nearest outside with border: nothing; with repeat far away: one */
	t.mag_filter = HW_FILTER_NEAREST;
	t.wrap_s = HW_WRAP_CLAMP_BORDER;
	ck_assert_uint_eq(hw_texture_footprint(&t, 1.5f, 0.5f, 0.0f, a), 0);
	t.wrap_s = HW_WRAP_REPEAT;
	n = hw_texture_footprint(&t, 1000.53125f, 0.5f, 0.0f, a);     /* .53125 * 16 = 8.5 */
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(a[0], hw_texture_texel_address(&t, 0, 8, 8));
}
END_TEST

/* Texels that share an address are returned once. */
START_TEST(test_texture_footprint_returns_shared_addresses_once)
{
	struct hw_texture t = texture(0x18004000u, 16, 16, HW_TEX_I4, 1);
	uint32_t a[HW_TEX_FOOTPRINT_MAX];
	unsigned n;

	/* I4 linear at u = 16 s - 0.5 = 0, v = 14: texels x 0, 1 and y 14, 15,
	 * i.e. memory rows 1 and 0: Morton 0, 1 (byte 0) and 2, 3 (byte 1) */
	t.mag_filter = HW_FILTER_LINEAR;
	n = hw_texture_footprint(&t, 0.5f / 16.0f, 14.5f / 16.0f, 0.0f, a);
	ck_assert_uint_eq(n, 2);
	ck_assert(has(a, n, 0x18004000u));
	ck_assert(has(a, n, 0x18004001u));
	/* ETC1: a 2x2 inside one 4x4 block is one block */
	t = texture(0x18005000u, 16, 16, HW_TEX_ETC1, 1);
	t.mag_filter = HW_FILTER_LINEAR;
	n = hw_texture_footprint(&t, 1.5f / 16.0f, 14.5f / 16.0f, 0.0f, a);
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(a[0], 0x18005000u);
}
END_TEST

START_TEST(test_texture_footprint_of_bad_input_is_safe)
{
	struct hw_texture t = texture(0x18000000u, 16, 16, HW_TEX_RGBA8, 1);
	uint32_t a[HW_TEX_FOOTPRINT_MAX];
	float inf = INFINITY;

	ck_assert_uint_eq(hw_texture_footprint(&t, inf, -inf, NAN, a), 1);
	ck_assert_uint_eq(a[0], hw_texture_texel_address(&t, 0, 0, 0));
	ck_assert_uint_eq(hw_texture_footprint(&t, 3e38f, -3e38f, inf, a), 1);
	t.width = 12;
	ck_assert_uint_eq(hw_texture_footprint(&t, 0.5f, 0.5f, 0.0f, a), 0);
	t.width = 16;
	t.format = (enum hw_tex_format)99;
	ck_assert_uint_eq(hw_texture_footprint(&t, 0.5f, 0.5f, 0.0f, a), 0);
}
END_TEST

/* ---- through the texture cache ------------------------------------------- */

/* Read a texel's bytes, line by line (an RGB8 texel may cross a line). */
static void read_texel(struct hw_cache *c, uint32_t addr, unsigned bytes)
{
	while (bytes) {
		uint32_t room = c->cfg.line_bytes - (addr & (c->cfg.line_bytes - 1));
		uint32_t n = bytes < room ? bytes : room;
		hw_cache_access(c, addr, n, false);
		addr += n;
		bytes -= n;
	}
}

enum walk { WALK_SCANLINES, WALK_TILES, WALK_RANDOM };

/* Pixel k of a side x side quad in walk order: rows bottom-up, or 8x8
 * tiles (as the rasterizer walks) with rows inside each tile. */
static void walk_pixel(enum walk w, unsigned side, unsigned k, unsigned *px, unsigned *py)
{
	unsigned tile = k / 64, in = k % 64, tiles_a_row = side / 8;

	if (w == WALK_TILES) {
		*px = (tile % tiles_a_row) * 8 + in % 8;
		*py = (tile / tiles_a_row) * 8 + in / 8;
	} else {
		*px = k % side;
		*py = k / side;
	}
}

static uint64_t sample_misses(const struct hw_texture *t, enum walk walk, unsigned side)
{
	struct hw_cache c;
	struct hw_cache_config cfg;
	uint32_t a[HW_TEX_FOOTPRINT_MAX], seed = 0x9E3779B9u;
	unsigned k, px, py, i, n;
	uint64_t misses;

	memset(&cfg, 0, sizeof cfg);
	cfg.line_bytes = HW_CACHE_TEXTURE_LINE_BYTES;
	cfg.sets = HW_CACHE_TEXTURE_SETS;
	cfg.ways = HW_CACHE_TEXTURE_WAYS;
	cfg.policy = HW_CACHE_TEXTURE_POLICY;
	ck_assert_int_eq(hw_cache_init(&c, &cfg), HW_OK);
	for (k = 0; k < side * side; k++) {
		float s, tc;
		walk_pixel(walk, side, k, &px, &py);
		s = ((float)px + 0.5f) / (float)side;
		tc = ((float)py + 0.5f) / (float)side;
		if (walk == WALK_RANDOM) {
			seed ^= seed << 13;
			seed ^= seed >> 17;
			seed ^= seed << 5;
			s = (float)(seed & 0xFFFFu) / 65536.0f;
			tc = (float)(seed >> 16) / 65536.0f;
		}
		n = hw_texture_footprint(t, s, tc, 0.0f, a);
		for (i = 0; i < n; i++)
			read_texel(&c, a[i], hw_texture_texel_bytes(t->format));
	}
	misses = c.stats.read_misses;
	hw_cache_fini(&c);
	return misses;
}

/* A screen-aligned quad (pixel centres, one texel a pixel) reuses each line
 * across neighbouring pixels and rows, whether walked in scanlines or in
 * tiles; as many random coordinates hardly ever do. */
START_TEST(test_texture_cache_linear_walk_misses_far_less_than_random)
{
	struct hw_texture t = texture(0x18100000u, 128, 128, HW_TEX_RGBA8, 1);
	uint64_t scan, tiles, random, lines = 128 * 128 * 4 / HW_CACHE_TEXTURE_LINE_BYTES;

	t.mag_filter = HW_FILTER_LINEAR;
	scan = sample_misses(&t, WALK_SCANLINES, 128);
	tiles = sample_misses(&t, WALK_TILES, 128);
	random = sample_misses(&t, WALK_RANDOM, 128);
	ck_assert_msg(random > 4 * scan && random > 4 * tiles, "random %llu scan %llu tiles %llu",
		      (unsigned long long)random, (unsigned long long)scan,
		      (unsigned long long)tiles);
	/* near the ideal: each line of the texture missed about once */
	ck_assert_msg(scan <= lines + lines / 20 && tiles <= lines + lines / 20,
		      "scan %llu tiles %llu lines %llu", (unsigned long long)scan,
		      (unsigned long long)tiles, (unsigned long long)lines);

	t.mag_filter = HW_FILTER_NEAREST;       /* one texel a sample: still clear */
	scan = sample_misses(&t, WALK_SCANLINES, 128);
	tiles = sample_misses(&t, WALK_TILES, 128);
	random = sample_misses(&t, WALK_RANDOM, 128);
	ck_assert_msg(random > 3 * scan, "nearest: random %llu scan %llu",
		      (unsigned long long)random, (unsigned long long)scan);
	ck_assert_uint_eq(scan, lines);
	ck_assert_uint_eq(tiles, lines);
}
END_TEST

/* ---- texel colours ---------------------------------------------------------- */

#define TOL 1e-6f

/* rgba equals the 8-bit values r, g, b, a over 255. */
#define ASSERT_TEXEL(rgba, r, g, b, a) do { \
	ck_assert_float_eq_tol((rgba)[0], (r) / 255.0f, TOL); \
	ck_assert_float_eq_tol((rgba)[1], (g) / 255.0f, TOL); \
	ck_assert_float_eq_tol((rgba)[2], (b) / 255.0f, TOL); \
	ck_assert_float_eq_tol((rgba)[3], (a) / 255.0f, TOL); \
} while (0)

/* Host bytes of an 8x8 texture (one tile); (0, 7) is memory row 0,
 * Morton 0: offset 0. (1, 7) is Morton 1. */
static uint8_t tex_bytes[4096];

static struct hw_texture tile_of(enum hw_tex_format f, const uint8_t *first, unsigned n)
{
	struct hw_texture t = texture(0x18000000u, 8, 8, f, 1);

	memset(tex_bytes, 0, sizeof tex_bytes);
	memcpy(tex_bytes, first, n);
	return t;
}

START_TEST(test_texture_decode_every_uncompressed_format)
{
	static const uint8_t rgba8[] = { 0x40, 0x30, 0x20, 0x10 };     /* A B G R */
	static const uint8_t rgb8[] = { 0x30, 0x20, 0x10 };            /* B G R */
	/* RGB5A1 R 31, G 8, B 1, A 1: 31 << 11 | 8 << 6 | 1 << 1 | 1 = 0xF800
	 * + 0x200 + 0x2 + 0x1 = 0xFA03, little-endian */
	static const uint8_t rgb5a1[] = { 0x03, 0xFA };
	/* RGB565 R 16, G 33, B 2: 0x8000 + 33 << 5 (0x420) + 2 = 0x8422 */
	static const uint8_t rgb565[] = { 0x22, 0x84 };
	/* RGBA4 R 1, G 2, B 3, A 4: 0x1234 */
	static const uint8_t rgba4[] = { 0x34, 0x12 };
	static const uint8_t ia8[] = { 0x80, 0x40 };                   /* A, I */
	static const uint8_t hilo8[] = { 0x20, 0xA0 };                 /* LO, HI */
	static const uint8_t one[] = { 0x7F };
	static const uint8_t ia4[] = { 0xC3 };                         /* I 0xC, A 3 */
	static const uint8_t four[] = { 0x5A };                        /* texel 0: A, 1: 5 */
	struct hw_texture t;
	float c[4];

	t = tile_of(HW_TEX_RGBA8, rgba8, sizeof rgba8);
	hw_texture_decode_texel(&t, tex_bytes, 0, 0, 7, c);
	ASSERT_TEXEL(c, 0x10, 0x20, 0x30, 0x40);
	t = tile_of(HW_TEX_RGB8, rgb8, sizeof rgb8);
	hw_texture_decode_texel(&t, tex_bytes, 0, 0, 7, c);
	ASSERT_TEXEL(c, 0x10, 0x20, 0x30, 255);
	/* 5 -> 8 bits: v << 3 | v >> 2: 31 -> 255, 8 -> 66, 1 -> 8 */
	t = tile_of(HW_TEX_RGB5A1, rgb5a1, sizeof rgb5a1);
	hw_texture_decode_texel(&t, tex_bytes, 0, 0, 7, c);
	ASSERT_TEXEL(c, 255, 66, 8, 255);
	tex_bytes[0] = 0x02;                                            /* A = 0 */
	hw_texture_decode_texel(&t, tex_bytes, 0, 0, 7, c);
	ASSERT_TEXEL(c, 255, 66, 8, 0);
	/* 16 -> 128 + 4 = 132; 6 -> 8: 33 -> 132 + 2 = 134; 2 -> 16 */
	t = tile_of(HW_TEX_RGB565, rgb565, sizeof rgb565);
	hw_texture_decode_texel(&t, tex_bytes, 0, 0, 7, c);
	ASSERT_TEXEL(c, 132, 134, 16, 255);
	/* 4 -> 8: v * 0x11 */
	t = tile_of(HW_TEX_RGBA4, rgba4, sizeof rgba4);
	hw_texture_decode_texel(&t, tex_bytes, 0, 0, 7, c);
	ASSERT_TEXEL(c, 0x11, 0x22, 0x33, 0x44);
	t = tile_of(HW_TEX_IA8, ia8, sizeof ia8);
	hw_texture_decode_texel(&t, tex_bytes, 0, 0, 7, c);
	ASSERT_TEXEL(c, 0x40, 0x40, 0x40, 0x80);
	t = tile_of(HW_TEX_HILO8, hilo8, sizeof hilo8);
	hw_texture_decode_texel(&t, tex_bytes, 0, 0, 7, c);
	ASSERT_TEXEL(c, 0xA0, 0x20, 0, 255);
	t = tile_of(HW_TEX_I8, one, sizeof one);
	hw_texture_decode_texel(&t, tex_bytes, 0, 0, 7, c);
	ASSERT_TEXEL(c, 0x7F, 0x7F, 0x7F, 255);
	t = tile_of(HW_TEX_A8, one, sizeof one);
	hw_texture_decode_texel(&t, tex_bytes, 0, 0, 7, c);
	ASSERT_TEXEL(c, 0, 0, 0, 0x7F);
	t = tile_of(HW_TEX_IA4, ia4, sizeof ia4);
	hw_texture_decode_texel(&t, tex_bytes, 0, 0, 7, c);
	ASSERT_TEXEL(c, 0xCC, 0xCC, 0xCC, 0x33);
	/* 4-bit: the first texel (even x) in the low nibble */
	t = tile_of(HW_TEX_I4, four, sizeof four);
	hw_texture_decode_texel(&t, tex_bytes, 0, 0, 7, c);
	ASSERT_TEXEL(c, 0xAA, 0xAA, 0xAA, 255);
	hw_texture_decode_texel(&t, tex_bytes, 0, 1, 7, c);
	ASSERT_TEXEL(c, 0x55, 0x55, 0x55, 255);
	t = tile_of(HW_TEX_A4, four, sizeof four);
	hw_texture_decode_texel(&t, tex_bytes, 0, 0, 7, c);
	ASSERT_TEXEL(c, 0, 0, 0, 0xAA);
	hw_texture_decode_texel(&t, tex_bytes, 0, 1, 7, c);
	ASSERT_TEXEL(c, 0, 0, 0, 0x55);
}
END_TEST

/* A texel away from offset 0, and coordinates taken modulo the size. */
START_TEST(test_texture_decode_reads_the_texel_address)
{
	static const uint8_t none[1] = { 0 };
	struct hw_texture t = tile_of(HW_TEX_RGBA8, none, 0);
	float c[4];

	/* (3, 5): memory row 2; Morton x 3 -> 1 + 4, row 2 -> 8: 13, * 4 =
	 * 52 */
	tex_bytes[52] = 0xFF;                   /* A */
	tex_bytes[55] = 0x80;                   /* R */
	hw_texture_decode_texel(&t, tex_bytes, 0, 3, 5, c);
	ASSERT_TEXEL(c, 0x80, 0, 0, 0xFF);
	hw_texture_decode_texel(&t, tex_bytes, 0, 3 + 8, 5 + 16, c);
	ASSERT_TEXEL(c, 0x80, 0, 0, 0xFF);
	/* a level past the chain, an invalid texture, no bytes: 0 */
	hw_texture_decode_texel(&t, tex_bytes, 1, 3, 5, c);
	ASSERT_TEXEL(c, 0, 0, 0, 0);
	hw_texture_decode_texel(&t, NULL, 0, 3, 5, c);
	ASSERT_TEXEL(c, 0, 0, 0, 0);
	t.width = 12;
	hw_texture_decode_texel(&t, tex_bytes, 0, 3, 5, c);
	ASSERT_TEXEL(c, 0, 0, 0, 0);
}
END_TEST

/* Two ETC1 blocks built from the Khronos spec's bit tables (64-bit word,
 * q0 most significant), stored little-endian as the PICA reads them. In
 * an 8x8 texture block 0 holds x 0-3 and memory rows 0-3 (y 7..4), block
 * 1 x 4-7 (tile order bx + 2 by); block pixel (i, j) is texel (x0 + i,
 * 7 - j) and has index bits k = 4 i + j (letters a.. run down columns).
 *
 * Block A, individual mode, flip 0 (2x4 subblocks left and right):
 *   R1 14 R2 3 -> q0 0xE3; G1 3 G2 8 -> q1 0x38; B1 8 B2 1 -> q2 0x81;
 *   cw1 2, cw2 5, diff 0, flip 0 -> 010 101 0 0 = q3 0x54.
 *   base 1 = (0xEE, 0x33, 0x88) = (238, 51, 136) (the spec's example),
 *   base 2 = (0x33, 0x88, 0x11) = (51, 136, 17); table 2 = 9/29, 5 = 24/80.
 *   Pixel indices (msb lsb): k1 01 (+b), k6 10 (-a), k7 11 (-b), k8 11,
 *   k15 01, others 00 (+a). LSB half: bits 1, 7, 8, 15 = 0x8182; MSB
 *   half: bits 6, 7, 8 = 0x01C0; low word 0x01C08182.
 *   Khronos bytes E3 38 81 54 01 C0 81 82.
 * Block B, differential mode, flip 1 (4x2 subblocks top and bottom):
 *   R1' 28 dR2 -4 -> 11100 100 = q0 0xE4; G1' 4 dG2 2 -> 00100 010 =
 *   0x22; B1' 3 dB2 0 -> 00011 000 = 0x18; cw1 0, cw2 7, diff 1, flip 1
 *   -> 000 111 1 1 = q3 0x1F.
 *   base 1 = (231, 33, 24), base 2 = 5-bit (24, 6, 3) = (198, 49, 24)
 *   (the spec's example); table 0 = 2/8, 7 = 47/183.
 *   Indices: k2 01, k4 01, k11 11, k13 10, k15 10, others 00. LSB half:
 *   bits 2, 4, 11 = 0x0814; MSB half: bits 11, 13, 15 = 0xA800.
 *   Khronos bytes E4 22 18 1F A8 00 08 14. */
static const uint8_t etc_block_a[8] = { 0x82, 0x81, 0xC0, 0x01, 0x54, 0x81, 0x38, 0xE3 };
static const uint8_t etc_block_b[8] = { 0x14, 0x08, 0x00, 0xA8, 0x1F, 0x18, 0x22, 0xE4 };

START_TEST(test_texture_decode_etc1_blocks_per_the_khronos_spec)
{
	struct hw_texture t = tile_of(HW_TEX_ETC1, etc_block_a, 8);
	float c[4];

	memcpy(tex_bytes + 8, etc_block_b, 8);
	/* block A, subblock 1 (i < 2), base (238, 51, 136), table 9/29 */
	hw_texture_decode_texel(&t, tex_bytes, 0, 0, 7, c);     /* a, k0 +9 */
	ASSERT_TEXEL(c, 247, 60, 145, 255);
	hw_texture_decode_texel(&t, tex_bytes, 0, 0, 6, c);     /* b, k1 +29, 267 -> 255 */
	ASSERT_TEXEL(c, 255, 80, 165, 255);
	hw_texture_decode_texel(&t, tex_bytes, 0, 1, 5, c);     /* g, k6 -9 */
	ASSERT_TEXEL(c, 229, 42, 127, 255);
	hw_texture_decode_texel(&t, tex_bytes, 0, 1, 4, c);     /* h, k7 -29 */
	ASSERT_TEXEL(c, 209, 22, 107, 255);
	/* subblock 2 (i >= 2), base (51, 136, 17), table 24/80 */
	hw_texture_decode_texel(&t, tex_bytes, 0, 2, 7, c);     /* i, k8 -80: clamps */
	ASSERT_TEXEL(c, 0, 56, 0, 255);
	hw_texture_decode_texel(&t, tex_bytes, 0, 3, 7, c);     /* m, k12 +24 */
	ASSERT_TEXEL(c, 75, 160, 41, 255);
	hw_texture_decode_texel(&t, tex_bytes, 0, 3, 4, c);     /* p, k15 +80 */
	ASSERT_TEXEL(c, 131, 216, 97, 255);

	/* block B, flip: subblock 1 = rows j < 2, base (231, 33, 24), 2/8 */
	hw_texture_decode_texel(&t, tex_bytes, 0, 4, 7, c);     /* a, k0 +2 */
	ASSERT_TEXEL(c, 233, 35, 26, 255);
	hw_texture_decode_texel(&t, tex_bytes, 0, 5, 7, c);     /* e, k4 +8 */
	ASSERT_TEXEL(c, 239, 41, 32, 255);
	hw_texture_decode_texel(&t, tex_bytes, 0, 7, 6, c);     /* n, k13 -2 */
	ASSERT_TEXEL(c, 229, 31, 22, 255);
	/* subblock 2 = rows j >= 2, base (198, 49, 24), 47/183 */
	hw_texture_decode_texel(&t, tex_bytes, 0, 4, 5, c);     /* c, k2 +183 */
	ASSERT_TEXEL(c, 255, 232, 207, 255);
	hw_texture_decode_texel(&t, tex_bytes, 0, 6, 4, c);     /* l, k11 -183 */
	ASSERT_TEXEL(c, 15, 0, 0, 255);
	hw_texture_decode_texel(&t, tex_bytes, 0, 7, 4, c);     /* p, k15 -47 */
	ASSERT_TEXEL(c, 151, 2, 0, 255);
}
END_TEST

/* ETC1A4: 8 bytes of alpha nibbles (pixel k in byte k / 2, low nibble
 * first), then block A. */
START_TEST(test_texture_decode_etc1a4_alpha_nibbles)
{
	static const uint8_t alpha[8] = {
		0x21,           /* k0 1, k1 2 */
		0, 0,
		0xF0,           /* k6 0, k7 0xF */
		0x0A,           /* k8 0xA, k9 0 */
		0, 0,
		0x5C            /* k14 0xC, k15 5 */
	};
	struct hw_texture t = tile_of(HW_TEX_ETC1A4, alpha, 8);
	float c[4];

	memcpy(tex_bytes + 8, etc_block_a, 8);
	hw_texture_decode_texel(&t, tex_bytes, 0, 0, 7, c);     /* a */
	ASSERT_TEXEL(c, 247, 60, 145, 0x11);
	hw_texture_decode_texel(&t, tex_bytes, 0, 0, 6, c);     /* b */
	ASSERT_TEXEL(c, 255, 80, 165, 0x22);
	hw_texture_decode_texel(&t, tex_bytes, 0, 1, 5, c);     /* g, k6 */
	ASSERT_TEXEL(c, 229, 42, 127, 0);
	hw_texture_decode_texel(&t, tex_bytes, 0, 1, 4, c);     /* h, k7 */
	ASSERT_TEXEL(c, 209, 22, 107, 0xFF);
	hw_texture_decode_texel(&t, tex_bytes, 0, 2, 7, c);     /* i, k8 */
	ASSERT_TEXEL(c, 0, 56, 0, 0xAA);
	hw_texture_decode_texel(&t, tex_bytes, 0, 3, 5, c);     /* o, k14: base 2 +24 */
	ASSERT_TEXEL(c, 75, 160, 41, 0xCC);
	hw_texture_decode_texel(&t, tex_bytes, 0, 3, 4, c);     /* p, k15 */
	ASSERT_TEXEL(c, 131, 216, 97, 0x55);
}
END_TEST

/* Write RGBA8 texel (x, y) of `level` at its address. */
static void put_rgba8(const struct hw_texture *t, unsigned level, unsigned x, unsigned y,
		      unsigned r, unsigned g, unsigned b, unsigned a)
{
	uint8_t *p = tex_bytes + (hw_texture_texel_address(t, level, x, y) - t->phys);

	p[0] = (uint8_t)a;
	p[1] = (uint8_t)b;
	p[2] = (uint8_t)g;
	p[3] = (uint8_t)r;
}

START_TEST(test_texture_sample_bilinear_midpoint_averages_four)
{
	struct hw_texture t = texture(0x18000000u, 8, 8, HW_TEX_RGBA8, 1);
	float c[4];

	memset(tex_bytes, 0, sizeof tex_bytes);
	put_rgba8(&t, 0, 3, 3, 0, 0, 0, 255);
	put_rgba8(&t, 0, 4, 3, 64, 0, 0, 255);
	put_rgba8(&t, 0, 3, 4, 128, 0, 0, 255);
	put_rgba8(&t, 0, 4, 4, 255, 0, 0, 255);
	/* nearest at (3.5 / 8, 4.5 / 8): texel (3, 4) */
	hw_texture_sample(&t, tex_bytes, 3.5f / 8.0f, 4.5f / 8.0f, 0.0f, c);
	ASSERT_TEXEL(c, 128, 0, 0, 255);
	/* linear at (0.5, 0.5): 4 - 0.5 = 3.5 on both axes, a quarter each:
	 * (0 + 64 + 128 + 255) / 4 */
	t.mag_filter = HW_FILTER_LINEAR;
	hw_texture_sample(&t, tex_bytes, 0.5f, 0.5f, 0.0f, c);
	ASSERT_TEXEL(c, (0 + 64 + 128 + 255) / 4.0f, 0, 0, 255);
	/* u = 3.75 - 0.5 = 3.25, v = 3.5 - 0.5 = 3 exactly: row 3 only,
	 * 0.75 * 0 + 0.25 * 64 = 16 */
	hw_texture_sample(&t, tex_bytes, 3.75f / 8.0f, 3.5f / 8.0f, 0.0f, c);
	ASSERT_TEXEL(c, 16, 0, 0, 255);
	/* bad input: no bytes or an invalid texture give 0 */
	hw_texture_sample(&t, NULL, 0.5f, 0.5f, 0.0f, c);
	ASSERT_TEXEL(c, 0, 0, 0, 0);
}
END_TEST

START_TEST(test_texture_sample_border_colour_outside)
{
	struct hw_texture t = texture(0x18000000u, 8, 8, HW_TEX_RGBA8, 1);
	float c[4];

	memset(tex_bytes, 0, sizeof tex_bytes);
	put_rgba8(&t, 0, 0, 3, 200, 100, 50, 255);
	t.wrap_s = HW_WRAP_CLAMP_BORDER;
	t.border[0] = 0.2f;
	t.border[1] = 0.4f;
	t.border[2] = 0.6f;
	t.border[3] = 0.0f;
	/* nearest outside: the border colour itself */
	hw_texture_sample(&t, tex_bytes, 1.5f, 3.5f / 8.0f, 0.0f, c);
	ck_assert_float_eq_tol(c[0], 0.2f, TOL);
	ck_assert_float_eq_tol(c[1], 0.4f, TOL);
	ck_assert_float_eq_tol(c[2], 0.6f, TOL);
	ck_assert_float_eq_tol(c[3], 0.0f, TOL);
	/* linear at s = 0, row 3 exactly: u = -0.5, texels -1 (border) and
	 * 0 half each: R (0.2 + 200/255) / 2, A (0 + 1) / 2 */
	t.mag_filter = HW_FILTER_LINEAR;
	hw_texture_sample(&t, tex_bytes, 0.0f, 3.5f / 8.0f, 0.0f, c);
	ck_assert_float_eq_tol(c[0], (0.2f + 200.0f / 255.0f) / 2.0f, TOL);
	ck_assert_float_eq_tol(c[1], (0.4f + 100.0f / 255.0f) / 2.0f, TOL);
	ck_assert_float_eq_tol(c[3], 0.5f, TOL);
	/* clamp to edge instead: texel 0 twice */
	t.wrap_s = HW_WRAP_CLAMP_EDGE;
	hw_texture_sample(&t, tex_bytes, 0.0f, 3.5f / 8.0f, 0.0f, c);
	ASSERT_TEXEL(c, 200, 100, 50, 255);
}
END_TEST

/* Level 0 of a 16x16 RGBA8 is red 64, level 1 red 192. */
START_TEST(test_texture_sample_mip_levels_and_their_blend)
{
	struct hw_texture t = texture(0x18000000u, 16, 16, HW_TEX_RGBA8, 2);
	unsigned x, y;
	float c[4];

	memset(tex_bytes, 0, sizeof tex_bytes);
	for (y = 0; y < 16; y++)
		for (x = 0; x < 16; x++)
			put_rgba8(&t, 0, x, y, 64, 0, 0, 255);
	for (y = 0; y < 8; y++)
		for (x = 0; x < 8; x++)
			put_rgba8(&t, 1, x, y, 192, 0, 0, 255);
	/* nearest mip: lod 0.4 -> level 0, 0.6 -> level 1 */
	hw_texture_sample(&t, tex_bytes, 0.3f, 0.7f, 0.4f, c);
	ASSERT_TEXEL(c, 64, 0, 0, 255);
	hw_texture_sample(&t, tex_bytes, 0.3f, 0.7f, 0.6f, c);
	ASSERT_TEXEL(c, 192, 0, 0, 255);
	/* linear mip at lod 0.25: 0.75 * 64 + 0.25 * 192 = 96 */
	t.mip_filter = HW_FILTER_LINEAR;
	hw_texture_sample(&t, tex_bytes, 0.3f, 0.7f, 0.25f, c);
	ASSERT_TEXEL(c, 96, 0, 0, 255);
	/* past the last level: level 1 alone */
	hw_texture_sample(&t, tex_bytes, 0.3f, 0.7f, 3.0f, c);
	ASSERT_TEXEL(c, 192, 0, 0, 255);
	/* magnification: level 0 */
	hw_texture_sample(&t, tex_bytes, 0.3f, 0.7f, -1.0f, c);
	ASSERT_TEXEL(c, 64, 0, 0, 255);
}
END_TEST

/* Sampling reads exactly the texels the footprint names: a texel
 * changed outside the footprint changes nothing. */
START_TEST(test_texture_sample_reads_the_footprint_texels)
{
	struct hw_texture t = texture(0x18000000u, 16, 16, HW_TEX_RGBA8, 1);
	uint32_t a[HW_TEX_FOOTPRINT_MAX];
	unsigned n, k, x, y;
	float before[4], after[4];

	memset(tex_bytes, 0, sizeof tex_bytes);
	for (y = 0; y < 16; y++)
		for (x = 0; x < 16; x++)
			put_rgba8(&t, 0, x, y, x * 16, y * 16, 7, 255);
	t.mag_filter = HW_FILTER_LINEAR;
	t.wrap_s = HW_WRAP_MIRROR;
	hw_texture_sample(&t, tex_bytes, -0.3f, 0.45f, 0.0f, before);
	n = hw_texture_footprint(&t, -0.3f, 0.45f, 0.0f, a);
	for (y = 0; y < 16; y++) {
		for (x = 0; x < 16; x++) {
			uint32_t at = hw_texture_texel_address(&t, 0, x, y);
			bool in = false;
			for (k = 0; k < n; k++)
				in = in || a[k] == at;
			if (in)
				continue;
			tex_bytes[at - t.phys + 3] ^= 0xFF;     /* R of a texel not read */
		}
	}
	hw_texture_sample(&t, tex_bytes, -0.3f, 0.45f, 0.0f, after);
	for (k = 0; k < 4; k++)
		ck_assert_float_eq_tol(before[k], after[k], TOL);
}
END_TEST

/* ---- the sampler of a draw ------------------------------------------------ */

static uint32_t tex_xorshift(uint32_t *seed)
{
	*seed ^= *seed << 13;
	*seed ^= *seed >> 17;
	*seed ^= *seed << 5;
	return *seed;
}

/* Coordinates at the edges of the sampler's arithmetic: signed zeros,
 * tiny and subnormal values (1 - v rounds to 1), odd and even integers
 * about 2^23, 2^24, 2^31 and 2^52 (where the wraps' floors change how
 * they work), the largest floats, and halves and quarters about 2^22. */
static const float tex_special_coord[] = {
	0.0f, -0.0f, 1e-30f, -1e-30f, 1e-40f, -1e-40f, 1.0f, -1.0f, 2.0f, -2.0f, 0.5f, -0.5f,
	8388607.0f, 8388609.0f, -8388609.0f, 8388607.5f, -8388607.5f, 4194303.25f, -4194303.75f,
	16777216.0f, -16777218.0f, 2147483520.0f, -2147483520.0f, 2147483648.0f,
	-2147483648.0f, 2147483904.0f, -2147483904.0f, 4294967296.0f, 4503599627370496.0f,
	-4503599627370496.0f, 9007199254740992.0f, 3.4028235e38f, -3.4028235e38f,
	1.1754944e-38f, -1.1754944e-38f, 0.99999994f, -0.99999994f, 1.0000001f, 1.9999999f,
	-1.0000001f, 2.0000002f,
};

/* A coordinate in -1.5..2.5, now and then an exact texel edge or centre,
 * NaN, infinite or one of tex_special_coord. */
static float tex_random_coord(uint32_t *seed, unsigned size)
{
	uint32_t r = tex_xorshift(seed);

	switch (r % 16) {
	case 3:
		return tex_special_coord[(r >> 8) % (sizeof tex_special_coord
						     / sizeof tex_special_coord[0])];
	case 0:
		return (float)((r >> 8) % 64) / (float)size;
	case 1:
		return ((float)((r >> 8) % 64) + 0.5f) / (float)size;
	case 2:
		return r & 0x100 ? nanf("") : (r & 0x200 ? INFINITY : -INFINITY);
	default:
		return (float)(r >> 8 & 0xFFFF) / 65535.0f * 4.0f - 1.5f;
	}
}

/* The switch between the AVX2 and baseline copies of the hot loops: off
 * is off, and on is what the build and the host allow. */
START_TEST(test_simd_switch_turns_the_avx2_copies_off_and_on)
{
	bool host;

	hw_simd_set_avx2(true);
	host = hw_simd_avx2();
	if (!HW_AVX2)
		ck_assert(!host);
	hw_simd_set_avx2(false);
	ck_assert(!hw_simd_avx2());
	hw_simd_set_avx2(true);
	ck_assert(hw_simd_avx2() == host);
}
END_TEST

/* The bilinear RGBA8 kernel on textures up to the largest size: for taps
 * in every column (at a few rows) and every row (at a few columns),
 * edges and wraps included, the same footprint and colour as
 * hw_texture_footprint and hw_texture_sample. */
START_TEST(test_texture_sampler_large_rgba8_taps)
{
	static const unsigned size[][2] = { { 1024, 8 }, { 8, 1024 }, { 256, 512 },
					    { 1024, 1024 } };
	static const enum hw_tex_wrap wraps[] = { HW_WRAP_REPEAT, HW_WRAP_MIRROR,
						  HW_WRAP_CLAMP_EDGE };
	uint8_t *bytes = malloc(1024 * 1024 * 4);
	uint32_t seed = 0x2468ACE1u;
	unsigned k, z, wi, along, i, j;

	hw_simd_set_avx2(_i == 0);      /* the AVX2 copies (where they run), then the baseline */
	ck_assert_ptr_nonnull(bytes);
	for (k = 0; k < 1024 * 1024 * 4; k++)
		bytes[k] = (uint8_t)(tex_xorshift(&seed) >> 9);
	for (z = 0; z < sizeof size / sizeof size[0]; z++) {
		for (wi = 0; wi < sizeof wraps / sizeof wraps[0]; wi++) {
			struct hw_texture t = texture(0x18000000u, size[z][0], size[z][1],
						      HW_TEX_RGBA8, 1);
			struct hw_texture_sampler *sp = malloc(sizeof *sp);
			const unsigned w = size[z][0], h = size[z][1];

			ck_assert_ptr_nonnull(sp);
			t.wrap_s = wraps[wi];
			t.wrap_t = wraps[(wi + 1) % 3];
			t.mag_filter = t.min_filter = HW_FILTER_LINEAR;
			hw_texture_sampler_init(sp, &t, bytes, 0.0f);
			ck_assert(sp->rgba8_linear);
			for (along = 0; along < 2; along++) {
				unsigned count = along ? h : w;

				for (i = 0; i < count; i++) {
					for (j = 0; j < 4; j++) {
						/* a quarter texel past the centre, at
						 * four places across */
						float a = ((float)i + 0.75f) / (float)count;
						float b = (float)(j * 2 + 1) / 8.0f;
						float s = along ? b : a, tc = along ? a : b;
						uint32_t want_addr[HW_TEX_FOOTPRINT_MAX];
						uint32_t got_addr[HW_TEX_FOOTPRINT_MAX];
						float want[4], got[4];
						unsigned n = hw_texture_footprint(&t, s, tc, 0.0f,
										  want_addr);
						unsigned m = hw_texture_sampler_sample(sp, s, tc,
										       got_addr,
										       got);

						hw_texture_sample(&t, bytes, s, tc, 0.0f, want);
						if (n != m || memcmp(want_addr, got_addr,
								     n * sizeof *want_addr) != 0
						    || memcmp(want, got, sizeof want) != 0)
							ck_abort_msg("%ux%u, wraps %d %d: the tap at "
								     "(%a, %a) differs", w, h,
								     (int)t.wrap_s, (int)t.wrap_t,
								     (double)s, (double)tc);
					}
				}
			}
			free(sp);
		}
	}
	free(bytes);
}
END_TEST

START_TEST(test_texture_sampler_matches_footprint_and_sample)
{
	static uint8_t bytes[128 * 128 * 4 * 2];        /* the largest chain below */
	static const float lods[] = { 0.0f, -1.0f, 0.25f, 0.5f, 0.75f, 1.0f, 1.5f, 2.3f, 9.0f };
	uint32_t seed = 0x13579BDFu;
	static uint32_t all_addr[40 * HW_TEX_FOOTPRINT_MAX], got_all[40 * HW_TEX_FOOTPRINT_MAX];
	static float st[40][2], all_want[40][4], got_rgba[40][4];
	uint8_t all_count[40], got_count[40];
	unsigned round, k, all_n, kernel_rounds = 0;

	hw_simd_set_avx2(_i == 0);      /* the AVX2 copies (where they run), then the baseline */
	for (k = 0; k < sizeof bytes; k++)
		bytes[k] = (uint8_t)(tex_xorshift(&seed) >> 5);
	for (round = 0; round < 3000; round++) {
		struct hw_texture t;
		struct hw_texture_sampler sp;
		unsigned w = 8u << tex_xorshift(&seed) % 5, h = 8u << tex_xorshift(&seed) % 5;
		unsigned levels = 1 + tex_xorshift(&seed) % hw_texture_max_levels(w, h);
		float lod = lods[tex_xorshift(&seed) % 9];
		unsigned sample;

		t = texture(0x18000000u + 128u * (tex_xorshift(&seed) % 64), w, h,
			    (enum hw_tex_format)(tex_xorshift(&seed) % 14), levels);
		t.wrap_s = (enum hw_tex_wrap)(tex_xorshift(&seed) % 4);
		t.wrap_t = (enum hw_tex_wrap)(tex_xorshift(&seed) % 4);
		t.mag_filter = (enum hw_tex_filter)(tex_xorshift(&seed) % 2);
		t.min_filter = (enum hw_tex_filter)(tex_xorshift(&seed) % 2);
		t.mip_filter = (enum hw_tex_filter)(tex_xorshift(&seed) % 2);
		for (k = 0; k < 4; k++)
			t.border[k] = (float)(tex_xorshift(&seed) % 256) / 255.0f;
		if (round % 97 == 0)
			t.levels = 0;                   /* invalid: reads nothing */
		hw_texture_sampler_init(&sp, &t, round % 13 == 0 ? NULL : bytes, lod);
		kernel_rounds += sp.rgba8_linear;
		all_n = 0;
		for (sample = 0; sample < 40; sample++) {
			uint32_t want_addr[HW_TEX_FOOTPRINT_MAX], got_addr[HW_TEX_FOOTPRINT_MAX];
			float want[4], got[4];
			float s = tex_random_coord(&seed, w), tc = tex_random_coord(&seed, h);
			unsigned n = hw_texture_footprint(&t, s, tc, lod, want_addr);
			unsigned m = hw_texture_sampler_sample(&sp, s, tc, got_addr, got);

			/* kept for the samples of hw_texture_sampler_sample_n */
			st[sample][0] = s;
			st[sample][1] = tc;
			memcpy(all_want[sample], got, sizeof got);
			memcpy(all_addr + all_n, got_addr, m * sizeof *got_addr);
			all_count[sample] = (uint8_t)m;
			all_n += m;

			hw_texture_sample(&t, round % 13 == 0 ? NULL : bytes, s, tc, lod, want);
			if (n != m || memcmp(want_addr, got_addr, n * sizeof *want_addr) != 0)
				ck_abort_msg("round %u: footprint of (%a, %a): %u addresses, "
					     "sampler %u (format %d)", round, (double)s, (double)tc,
					     n, m, (int)t.format);
			if (memcmp(want, got, sizeof want) != 0)
				ck_abort_msg("round %u: colour of (%a, %a): %a %a %a %a, sampler "
					     "%a %a %a %a (format %d)", round, (double)s, (double)tc,
					     (double)want[0], (double)want[1], (double)want[2],
					     (double)want[3], (double)got[0], (double)got[1],
					     (double)got[2], (double)got[3], (int)t.format);
		}
		/* the 40 samples at once: the same colours, counts and
		 * addresses, one footprint after the other */
		ck_assert_uint_eq(hw_texture_sampler_sample_n(&sp, (const float (*)[2])st, 40,
							      got_all, got_count, got_rgba), all_n);
		ck_assert(memcmp(got_all, all_addr, all_n * sizeof *all_addr) == 0);
		ck_assert(memcmp(got_count, all_count, sizeof all_count) == 0);
		ck_assert(memcmp(got_rgba, all_want, sizeof all_want) == 0);
	}
	ck_assert_uint_gt(kernel_rounds, 10);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("texture");
	TCase *tc = tcase_create("layout");

	tcase_add_test(tc, test_texture_floor_is_floor);
	tcase_add_test(tc, test_texture_bits_per_texel_by_format);
	tcase_add_test(tc, test_texture_address_32_bits);
	tcase_add_test(tc, test_texture_address_16_bits);
	tcase_add_test(tc, test_texture_address_24_bits);
	tcase_add_test(tc, test_texture_address_8_bits_non_square);
	tcase_add_test(tc, test_texture_address_4_bits_is_the_byte_holding_it);
	tcase_add_test(tc, test_texture_address_etc_blocks);
	tcase_add_test(tc, test_texture_mip_chain_sizes_and_offsets);
	suite_add_tcase(s, tc);

	tc = tcase_create("footprint");
	tcase_add_test(tc, test_texture_nearest_reads_one_texel_linear_four);
	tcase_add_test(tc, test_texture_mip_filter_picks_levels);
	tcase_add_test(tc, test_texture_lod_from_derivatives);
	tcase_add_test(tc, test_texture_lod_bias_and_min_level_pick_the_level);
	tcase_add_test(tc, test_texture_quad_derivatives_are_perspective_correct);
	tcase_add_test(tc, test_texture_cube_face_selection);
	tcase_add_test(tc, test_texture_cube_samples_each_face);
	tcase_add_test(tc, test_texture_projection_divides_by_w);
	tcase_add_test(tc, test_texture_shadow_compares_depth);
	tcase_add_test(tc, test_texture_shadow_cube_takes_the_major_axis_as_depth);
	tcase_add_test(tc, test_proctex_mapping_functions);
	tcase_add_test(tc, test_proctex_clamps_and_shifts);
	tcase_add_test(tc, test_proctex_colour_table_filters_and_alpha);
	tcase_add_test(tc, test_proctex_noise_deterministic_and_varying);
	tcase_add_test(tc, test_texture_wrap_modes_at_the_edges);
	tcase_add_test(tc, test_texture_footprint_returns_shared_addresses_once);
	tcase_add_test(tc, test_texture_footprint_of_bad_input_is_safe);
	suite_add_tcase(s, tc);

	tc = tcase_create("colour");
	tcase_add_test(tc, test_texture_decode_every_uncompressed_format);
	tcase_add_test(tc, test_texture_decode_reads_the_texel_address);
	tcase_add_test(tc, test_texture_decode_etc1_blocks_per_the_khronos_spec);
	tcase_add_test(tc, test_texture_decode_etc1a4_alpha_nibbles);
	tcase_add_test(tc, test_texture_sample_bilinear_midpoint_averages_four);
	tcase_add_test(tc, test_texture_sample_border_colour_outside);
	tcase_add_test(tc, test_texture_sample_mip_levels_and_their_blend);
	tcase_add_test(tc, test_texture_sample_reads_the_footprint_texels);
	suite_add_tcase(s, tc);

	tc = tcase_create("sampler");
	tcase_add_loop_test(tc, test_texture_sampler_matches_footprint_and_sample, 0, 2);
	tcase_add_loop_test(tc, test_texture_sampler_large_rgba8_taps, 0, 2);
	tcase_add_test(tc, test_simd_switch_turns_the_avx2_copies_off_and_on);
	suite_add_tcase(s, tc);

	tc = tcase_create("cache");
	tcase_add_test(tc, test_texture_cache_linear_walk_misses_far_less_than_random);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
