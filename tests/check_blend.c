/* check_blend.c: blending and the logic op, exact.
 *
 * The hardware suite runs one fragment of colour S = (200, 100, 50, 128)
 * over a pixel D = (40, 180, 220, 160) with the constant colour
 * C = (10, 20, 30, 60), all R, G, B, A, through hw_fragment_process, for
 * a table of factor and equation pairs and each of the sixteen logic ops;
 * the GL suite draws the same colours through the public API (clear to D,
 * a quad of constant colour S) and reads the pixels back.
 *
 * The expected values were worked out by hand from the fragment-pipeline
 * sheet's formulas (B.9), not from the code: a factor is a value 0..255
 * (ONE 255, "one minus x" 255 - x, SRC_ALPHA_SATURATE min(S.a, 255 - D.a)
 * = min(128, 95) = 95 for R, G, B and 255 for alpha), P = S x its factor,
 * Q = D x its factor, and a channel is (P + Q) / 255, (P - Q) / 255,
 * (Q - P) / 255, min(P, Q) / 255 or max(P, Q) / 255, rounded down and
 * clamped to 0..255 (the factors apply to min and max too: model choice).
 * For instance SRC_COLOR as the source factor with ZERO: R 200 x 200 /
 * 255 = 156.9, G 100 x 100 / 255 = 39.2, B 50 x 50 / 255 = 9.8, A 128 x
 * 128 / 255 = 64.3, so (156, 39, 9, 64); add with SRC_ALPHA and
 * ONE_MINUS_SRC_ALPHA: R (200 x 128 + 40 x 127) / 255 = 120.3, G (100 x
 * 128 + 180 x 127) / 255 = 139.9, B (50 x 128 + 220 x 127) / 255 = 134.7,
 * A (128 x 128 + 160 x 127) / 255 = 143.9, so (120, 139, 134, 143). */
#include <stdlib.h>
#include <string.h>

#include "gl_fixture.h"
#include "hw/hw_command.h"
#include "hw/hw_fragment.h"
#include "hw/hw_regs.h"

#define ck_gl_error(code) ck_assert_uint_eq(glGetError(), (code))

static const uint8_t S[4] = { 200, 100, 50, 128 };
static const uint8_t D[4] = { 40, 180, 220, 160 };
static const uint8_t C[4] = { 10, 20, 30, 60 };

/* ---- the hardware module, one fragment -------------------------------------- */

#define SIDE 16

struct px {
	struct hw_memory mem;
	struct hw_fragment_state st;
	struct hw_fragment_config cfg;
	struct hw_counters delta;
	struct hw_fragment_counts counts;
};

static void px_init(struct px *p)
{
	memset(p, 0, sizeof *p);
	hw_memory_init(&p->mem);
	ck_assert_int_eq(hw_fragment_state_init(&p->st, NULL), HW_OK);
	p->cfg.width = p->cfg.height = SIDE;
	p->cfg.color_format = HW_COLOR_RGBA8;
	p->cfg.color_phys = hw_memory_alloc(&p->mem, HW_AREA_VRAM_A, SIDE * SIDE * 4);
	ck_assert_uint_ne(p->cfg.color_phys, 0);
	p->cfg.color_mask = 0xF;
	p->cfg.color_read = true;
	memcpy(p->cfg.blend_color, C, 4);
}

static void px_fini(struct px *p)
{
	hw_fragment_state_fini(&p->st);
	hw_memory_fini(&p->mem);
}

/* The RGBA8 pixel (x, y): its bytes are A, B, G, R. */
static uint8_t *px_pixel(struct px *p, unsigned x, unsigned y)
{
	uint8_t *b = hw_memory_host(&p->mem, p->cfg.color_phys
				    + hw_fragment_pixel_offset(x, y, SIDE, SIDE, 4), 4);

	ck_assert_ptr_nonnull(b);
	return b;
}

/* D at (5, 9), then a fragment of colour S there; the pixel after. */
static void px_run(struct px *p, uint8_t out[4])
{
	struct hw_fragment f;
	uint8_t *b = px_pixel(p, 5, 9);
	unsigned k;

	for (k = 0; k < 4; k++)
		b[3 - k] = D[k];
	memset(&f, 0, sizeof f);
	f.x = 5;
	f.y = 9;
	f.z = 0.5f;
	ck_assert_int_eq(hw_fragment_process(&p->cfg, &p->st, &p->mem, &f, S, &p->delta,
					     &p->counts), HW_OK);
	for (k = 0; k < 4; k++)
		out[k] = b[3 - k];
}

#define EQ(e) HW_REG_BLENDEQ_##e
#define F(f) HW_REG_BLENDF_##f

static uint32_t blend_func(unsigned eq_rgb, unsigned eq_alpha, unsigned src_rgb,
			   unsigned dst_rgb, unsigned src_alpha, unsigned dst_alpha)
{
	return eq_rgb | eq_alpha << 8 | src_rgb << 16 | dst_rgb << 20 | src_alpha << 24
	       | (uint32_t)dst_alpha << 28;
}

struct blend_row {
	unsigned eq_rgb, eq_alpha, src_rgb, dst_rgb, src_alpha, dst_alpha;
	uint8_t out[4];
};

/* Each factor as the source factor (with ZERO), each as the destination
 * factor (with ZERO), each equation with (SRC_ALPHA, ONE_MINUS_SRC_ALPHA)
 * and with (ONE, ONE), then colour and alpha set apart. */
static const struct blend_row blend_table[] = {
	{ EQ(ADD), EQ(ADD), F(ZERO), F(ZERO), F(ZERO), F(ZERO), { 0, 0, 0, 0 } },
	{ EQ(ADD), EQ(ADD), F(ONE), F(ZERO), F(ONE), F(ZERO), { 200, 100, 50, 128 } },
	{ EQ(ADD), EQ(ADD), F(SRC_COLOR), F(ZERO), F(SRC_COLOR), F(ZERO), { 156, 39, 9, 64 } },
	{ EQ(ADD), EQ(ADD), F(INV_SRC_COLOR), F(ZERO), F(INV_SRC_COLOR), F(ZERO),
	  { 43, 60, 40, 63 } },
	{ EQ(ADD), EQ(ADD), F(DST_COLOR), F(ZERO), F(DST_COLOR), F(ZERO), { 31, 70, 43, 80 } },
	{ EQ(ADD), EQ(ADD), F(INV_DST_COLOR), F(ZERO), F(INV_DST_COLOR), F(ZERO),
	  { 168, 29, 6, 47 } },
	{ EQ(ADD), EQ(ADD), F(SRC_ALPHA), F(ZERO), F(SRC_ALPHA), F(ZERO), { 100, 50, 25, 64 } },
	{ EQ(ADD), EQ(ADD), F(INV_SRC_ALPHA), F(ZERO), F(INV_SRC_ALPHA), F(ZERO),
	  { 99, 49, 24, 63 } },
	{ EQ(ADD), EQ(ADD), F(DST_ALPHA), F(ZERO), F(DST_ALPHA), F(ZERO), { 125, 62, 31, 80 } },
	{ EQ(ADD), EQ(ADD), F(INV_DST_ALPHA), F(ZERO), F(INV_DST_ALPHA), F(ZERO),
	  { 74, 37, 18, 47 } },
	{ EQ(ADD), EQ(ADD), F(CONST_COLOR), F(ZERO), F(CONST_COLOR), F(ZERO), { 7, 7, 5, 30 } },
	{ EQ(ADD), EQ(ADD), F(INV_CONST_COLOR), F(ZERO), F(INV_CONST_COLOR), F(ZERO),
	  { 192, 92, 44, 97 } },
	{ EQ(ADD), EQ(ADD), F(CONST_ALPHA), F(ZERO), F(CONST_ALPHA), F(ZERO),
	  { 47, 23, 11, 30 } },
	{ EQ(ADD), EQ(ADD), F(INV_CONST_ALPHA), F(ZERO), F(INV_CONST_ALPHA), F(ZERO),
	  { 152, 76, 38, 97 } },
	{ EQ(ADD), EQ(ADD), F(SRC_ALPHA_SATURATE), F(ZERO), F(SRC_ALPHA_SATURATE), F(ZERO),
	  { 74, 37, 18, 128 } },
	{ EQ(ADD), EQ(ADD), F(ZERO), F(ONE), F(ZERO), F(ONE), { 40, 180, 220, 160 } },
	{ EQ(ADD), EQ(ADD), F(ZERO), F(SRC_COLOR), F(ZERO), F(SRC_COLOR), { 31, 70, 43, 80 } },
	{ EQ(ADD), EQ(ADD), F(ZERO), F(INV_SRC_COLOR), F(ZERO), F(INV_SRC_COLOR),
	  { 8, 109, 176, 79 } },
	{ EQ(ADD), EQ(ADD), F(ZERO), F(DST_COLOR), F(ZERO), F(DST_COLOR), { 6, 127, 189, 100 } },
	{ EQ(ADD), EQ(ADD), F(ZERO), F(INV_DST_COLOR), F(ZERO), F(INV_DST_COLOR),
	  { 33, 52, 30, 59 } },
	{ EQ(ADD), EQ(ADD), F(ZERO), F(SRC_ALPHA), F(ZERO), F(SRC_ALPHA), { 20, 90, 110, 80 } },
	{ EQ(ADD), EQ(ADD), F(ZERO), F(INV_SRC_ALPHA), F(ZERO), F(INV_SRC_ALPHA),
	  { 19, 89, 109, 79 } },
	{ EQ(ADD), EQ(ADD), F(ZERO), F(DST_ALPHA), F(ZERO), F(DST_ALPHA), { 25, 112, 138, 100 } },
	{ EQ(ADD), EQ(ADD), F(ZERO), F(INV_DST_ALPHA), F(ZERO), F(INV_DST_ALPHA),
	  { 14, 67, 81, 59 } },
	{ EQ(ADD), EQ(ADD), F(ZERO), F(CONST_COLOR), F(ZERO), F(CONST_COLOR), { 1, 14, 25, 37 } },
	{ EQ(ADD), EQ(ADD), F(ZERO), F(INV_CONST_COLOR), F(ZERO), F(INV_CONST_COLOR),
	  { 38, 165, 194, 122 } },
	{ EQ(ADD), EQ(ADD), F(ZERO), F(CONST_ALPHA), F(ZERO), F(CONST_ALPHA), { 9, 42, 51, 37 } },
	{ EQ(ADD), EQ(ADD), F(ZERO), F(INV_CONST_ALPHA), F(ZERO), F(INV_CONST_ALPHA),
	  { 30, 137, 168, 122 } },
	{ EQ(ADD), EQ(ADD), F(ZERO), F(SRC_ALPHA_SATURATE), F(ZERO), F(SRC_ALPHA_SATURATE),
	  { 14, 67, 81, 160 } },
	{ EQ(ADD), EQ(ADD), F(SRC_ALPHA), F(INV_SRC_ALPHA), F(SRC_ALPHA), F(INV_SRC_ALPHA),
	  { 120, 139, 134, 143 } },
	{ EQ(ADD), EQ(ADD), F(ONE), F(ONE), F(ONE), F(ONE), { 240, 255, 255, 255 } },
	{ EQ(SUBTRACT), EQ(SUBTRACT), F(SRC_ALPHA), F(INV_SRC_ALPHA), F(SRC_ALPHA),
	  F(INV_SRC_ALPHA), { 80, 0, 0, 0 } },
	{ EQ(SUBTRACT), EQ(SUBTRACT), F(ONE), F(ONE), F(ONE), F(ONE), { 160, 0, 0, 0 } },
	{ EQ(REV_SUBTRACT), EQ(REV_SUBTRACT), F(SRC_ALPHA), F(INV_SRC_ALPHA), F(SRC_ALPHA),
	  F(INV_SRC_ALPHA), { 0, 39, 84, 15 } },
	{ EQ(REV_SUBTRACT), EQ(REV_SUBTRACT), F(ONE), F(ONE), F(ONE), F(ONE), { 0, 80, 170, 32 } },
	{ EQ(MIN), EQ(MIN), F(SRC_ALPHA), F(INV_SRC_ALPHA), F(SRC_ALPHA), F(INV_SRC_ALPHA),
	  { 19, 50, 25, 64 } },
	{ EQ(MIN), EQ(MIN), F(ONE), F(ONE), F(ONE), F(ONE), { 40, 100, 50, 128 } },
	{ EQ(MAX), EQ(MAX), F(SRC_ALPHA), F(INV_SRC_ALPHA), F(SRC_ALPHA), F(INV_SRC_ALPHA),
	  { 100, 89, 109, 79 } },
	{ EQ(MAX), EQ(MAX), F(ONE), F(ONE), F(ONE), F(ONE), { 200, 180, 220, 160 } },
	{ EQ(SUBTRACT), EQ(MAX), F(CONST_COLOR), F(INV_SRC_COLOR), F(SRC_ALPHA_SATURATE),
	  F(CONST_ALPHA), { 0, 0, 0, 128 } },
	{ EQ(REV_SUBTRACT), EQ(MIN), F(SRC_ALPHA_SATURATE), F(INV_DST_COLOR), F(SRC_COLOR),
	  F(INV_DST_ALPHA), { 0, 15, 11, 59 } },
	{ EQ(MIN), EQ(ADD), F(ONE), F(ONE), F(DST_ALPHA), F(INV_CONST_ALPHA),
	  { 40, 100, 50, 202 } },
	{ EQ(MAX), EQ(SUBTRACT), F(INV_CONST_COLOR), F(INV_CONST_ALPHA), F(ONE), F(CONST_COLOR),
	  { 192, 137, 168, 90 } },
	{ EQ(ADD), EQ(REV_SUBTRACT), F(SRC_COLOR), F(DST_COLOR), F(ZERO), F(SRC_ALPHA_SATURATE),
	  { 163, 166, 199, 160 } },
	/* equation codes 5-7 act as add (hw_regs.h) */
	{ 5, 7, F(SRC_ALPHA), F(INV_SRC_ALPHA), F(SRC_ALPHA), F(INV_SRC_ALPHA),
	  { 120, 139, 134, 143 } },
};

START_TEST(test_blend_factor_and_equation_table)
{
	const struct blend_row *row = &blend_table[_i];
	struct px p;
	uint8_t out[4];

	px_init(&p);
	p.cfg.blend_func = blend_func(row->eq_rgb, row->eq_alpha, row->src_rgb, row->dst_rgb,
				      row->src_alpha, row->dst_alpha);
	p.cfg.color_op = hw_fragment_color_op(true, p.cfg.blend_func, HW_REG_LOGICOP_COPY);
	ck_assert_int_eq(p.cfg.color_op, row->src_rgb == F(ONE) && row->dst_rgb == F(ZERO)
					 && row->src_alpha == F(ONE) && row->dst_alpha == F(ZERO)
					 ? HW_COLOR_OP_WRITE : HW_COLOR_OP_BLEND);
	px_run(&p, out);
	ck_assert_msg(memcmp(out, row->out, 4) == 0,
		      "row %d: (%u, %u, %u, %u), expected (%u, %u, %u, %u)", _i, out[0], out[1],
		      out[2], out[3], row->out[0], row->out[1], row->out[2], row->out[3]);
	/* One colour read when the blend depends on the destination. */
	ck_assert_uint_eq(p.delta.memory[HW_MEM_COLOR_READ],
			  hw_reg_blend_needs_dst(p.cfg.blend_func) ? 1 : 0);
	px_fini(&p);
}
END_TEST

struct logic_row {
	GLenum gl;
	unsigned code;
	uint8_t out[4];
};

/* S = C8 64 32 80, D = 28 B4 DC A0 (hex), bitwise on each channel. */
static const struct logic_row logic_table[16] = {
	{ GL_CLEAR, HW_REG_LOGICOP_CLEAR, { 0x00, 0x00, 0x00, 0x00 } },
	{ GL_AND, HW_REG_LOGICOP_AND, { 0x08, 0x24, 0x10, 0x80 } },
	{ GL_AND_REVERSE, HW_REG_LOGICOP_AND_REVERSE, { 0xC0, 0x40, 0x22, 0x00 } },
	{ GL_COPY, HW_REG_LOGICOP_COPY, { 0xC8, 0x64, 0x32, 0x80 } },
	{ GL_SET, HW_REG_LOGICOP_SET, { 0xFF, 0xFF, 0xFF, 0xFF } },
	{ GL_COPY_INVERTED, HW_REG_LOGICOP_COPY_INVERTED, { 0x37, 0x9B, 0xCD, 0x7F } },
	{ GL_NOOP, HW_REG_LOGICOP_NOOP, { 0x28, 0xB4, 0xDC, 0xA0 } },
	{ GL_INVERT, HW_REG_LOGICOP_INVERT, { 0xD7, 0x4B, 0x23, 0x5F } },
	{ GL_NAND, HW_REG_LOGICOP_NAND, { 0xF7, 0xDB, 0xEF, 0x7F } },
	{ GL_OR, HW_REG_LOGICOP_OR, { 0xE8, 0xF4, 0xFE, 0xA0 } },
	{ GL_NOR, HW_REG_LOGICOP_NOR, { 0x17, 0x0B, 0x01, 0x5F } },
	{ GL_XOR, HW_REG_LOGICOP_XOR, { 0xE0, 0xD0, 0xEE, 0x20 } },
	{ GL_EQUIV, HW_REG_LOGICOP_EQUIV, { 0x1F, 0x2F, 0x11, 0xDF } },
	{ GL_AND_INVERTED, HW_REG_LOGICOP_AND_INVERTED, { 0x20, 0x90, 0xCC, 0x20 } },
	{ GL_OR_REVERSE, HW_REG_LOGICOP_OR_REVERSE, { 0xDF, 0x6F, 0x33, 0xDF } },
	{ GL_OR_INVERTED, HW_REG_LOGICOP_OR_INVERTED, { 0x3F, 0xBF, 0xDD, 0xFF } },
};

/* The ops whose result does not depend on the destination read nothing. */
static bool logic_reads(unsigned code)
{
	return code != HW_REG_LOGICOP_CLEAR && code != HW_REG_LOGICOP_COPY
	       && code != HW_REG_LOGICOP_SET && code != HW_REG_LOGICOP_COPY_INVERTED;
}

START_TEST(test_blend_logic_ops)
{
	const struct logic_row *row = &logic_table[_i];
	struct px p;
	uint8_t out[4];

	px_init(&p);
	p.cfg.logic_op = row->code;
	/* a blend that would give something else, to see that it is not used */
	p.cfg.blend_func = blend_func(EQ(ADD), EQ(ADD), F(ONE), F(ONE), F(ONE), F(ONE));
	p.cfg.color_op = hw_fragment_color_op(false, p.cfg.blend_func, row->code);
	ck_assert_int_eq(p.cfg.color_op, row->code == HW_REG_LOGICOP_COPY ? HW_COLOR_OP_WRITE
					 : HW_COLOR_OP_LOGIC);
	px_run(&p, out);
	ck_assert_msg(memcmp(out, row->out, 4) == 0,
		      "op %u: %02X %02X %02X %02X, expected %02X %02X %02X %02X", row->code,
		      out[0], out[1], out[2], out[3], row->out[0], row->out[1], row->out[2],
		      row->out[3]);
	ck_assert_uint_eq(p.delta.memory[HW_MEM_COLOR_READ], logic_reads(row->code) ? 1 : 0);
	ck_assert_uint_eq(p.delta.memory[HW_MEM_VRAM_A_READ], logic_reads(row->code) ? 1 : 0);
	px_fini(&p);
}
END_TEST

/* With colour reads off (COLORBUFFER_READ 0, which only a hand-written
 * list sends with such a blend), nothing is read and the destination is
 * (0, 0, 0, 0): add with SRC_ALPHA, ONE_MINUS_SRC_ALPHA gives S x 128 /
 * 255 = (100, 50, 25, 64). A partial mask reads the pixel anyway, and the
 * blend then sees it: R alone written, (120, 180, 220, 160). */
START_TEST(test_blend_without_colour_reads_sees_zero)
{
	static const uint8_t dark[4] = { 100, 50, 25, 64 };
	static const uint8_t red_only[4] = { 120, 180, 220, 160 };
	struct px p;
	uint8_t out[4];

	px_init(&p);
	p.cfg.color_read = false;
	p.cfg.blend_func = blend_func(EQ(ADD), EQ(ADD), F(SRC_ALPHA), F(INV_SRC_ALPHA),
				      F(SRC_ALPHA), F(INV_SRC_ALPHA));
	p.cfg.color_op = HW_COLOR_OP_BLEND;
	ck_assert(!hw_fragment_reads_dst(&p.cfg));
	px_run(&p, out);
	ck_assert(memcmp(out, dark, 4) == 0);
	ck_assert_uint_eq(p.delta.memory[HW_MEM_COLOR_READ], 0);
	p.cfg.color_mask = 0x1;
	hw_fragment_invalidate(&p.st);
	px_run(&p, out);
	ck_assert(memcmp(out, red_only, 4) == 0);
	ck_assert_uint_eq(p.delta.memory[HW_MEM_COLOR_READ], 1);
	px_fini(&p);
}
END_TEST

/* The prepared target (the compiled operations) and a batch give the
 * same pixels as the fragment one at a time: S over D everywhere with
 * (SRC_ALPHA, ONE_MINUS_SRC_ALPHA), then XOR. */
START_TEST(test_blend_prepared_and_batched_paths_blend_too)
{
	static const uint8_t blended[4] = { 120, 139, 134, 143 };
	static const uint8_t xored[4] = { 0xE0, 0xD0, 0xEE, 0x20 };
	struct px p;
	struct hw_fragment_target tg;
	struct hw_fragment f[SIDE];
	uint8_t which[SIDE], rgba[SIDE][4];
	unsigned pass, x, k;

	for (pass = 0; pass < 2; pass++) {
		px_init(&p);
		if (pass == 0) {
			p.cfg.blend_func = blend_func(EQ(ADD), EQ(ADD), F(SRC_ALPHA),
						      F(INV_SRC_ALPHA), F(SRC_ALPHA),
						      F(INV_SRC_ALPHA));
			p.cfg.color_op = HW_COLOR_OP_BLEND;
		} else {
			p.cfg.logic_op = HW_REG_LOGICOP_XOR;
			p.cfg.color_op = HW_COLOR_OP_LOGIC;
		}
		hw_fragment_prepare(&p.cfg, &p.mem, &tg);
		ck_assert(tg.compiled);
		ck_assert(!tg.color_plain);
		memset(f, 0, sizeof f);
		for (x = 0; x < SIDE; x++) {
			uint8_t *b = px_pixel(&p, x, 2);
			for (k = 0; k < 4; k++)
				b[3 - k] = D[k];
			b = px_pixel(&p, x, 3);
			for (k = 0; k < 4; k++)
				b[3 - k] = D[k];
			f[x].x = x;
			f[x].y = 2;
			which[x] = (uint8_t)x;
			memcpy(rgba[x], S, 4);
		}
		hw_fragment_process_batch(&p.cfg, &tg, &p.st, f, which, (const uint8_t (*)[4])rgba,
					  SIDE, &p.delta, &p.counts);
		for (x = 0; x < SIDE; x++) {
			f[x].y = 3;
			ck_assert_int_eq(hw_fragment_process_target(&p.cfg, &tg, &p.st, &p.mem,
								     &f[x], S, &p.delta,
								     &p.counts), HW_OK);
		}
		for (x = 0; x < SIDE; x++) {
			unsigned y;
			for (y = 2; y < 4; y++) {
				const uint8_t *b = px_pixel(&p, x, y);
				const uint8_t *want = pass == 0 ? blended : xored;
				for (k = 0; k < 4; k++)
					ck_assert_uint_eq(b[3 - k], want[k]);
			}
		}
		ck_assert_uint_eq(p.counts.color_written, 2 * SIDE);
		px_fini(&p);
	}
}
END_TEST

/* 16-bit formats: the pixel is widened to 8 bits a channel by bit
 * replication, the result cut to the format's bits (model choice for the
 * logic op, hw_fragment.h).
 * RGB565 0x2DBB (R 5, G 45, B 27) reads (41, 182, 222, 255); S over it
 * with SRC_ALPHA, ONE_MINUS_SRC_ALPHA: R (200 x 128 + 41 x 127) / 255 =
 * 120.8, G (100 x 128 + 182 x 127) / 255 = 140.8, B (50 x 128 + 222 x 127)
 * / 255 = 135.7, so (120, 140, 135) stored as R 15, G 35, B 16: 0x7C70.
 * RGBA4 0x2BDA reads (0x22, 0xBB, 0xDD, 0xAA); XOR with S (0xC8, 0x64,
 * 0x32, 0x80) gives (0xEA, 0xDF, 0xEF, 0x2A), stored 0xEDE2: the 4-bit
 * XOR of the stored nibbles, as it must be. */
START_TEST(test_blend_and_logic_on_16_bit_formats)
{
	static const struct {
		enum hw_color_format format;
		uint16_t dst, want;
		bool logic;
	} rows[] = {
		{ HW_COLOR_RGB565, 0x2DBB, 0x7C70, false },
		{ HW_COLOR_RGBA4, 0x2BDA, 0xEDE2, true },
	};
	unsigned k;

	for (k = 0; k < 2; k++) {
		struct px p;
		struct hw_fragment f;
		uint8_t *b;

		memset(&p, 0, sizeof p);
		hw_memory_init(&p.mem);
		ck_assert_int_eq(hw_fragment_state_init(&p.st, NULL), HW_OK);
		p.cfg.width = p.cfg.height = SIDE;
		p.cfg.color_format = rows[k].format;
		p.cfg.color_phys = hw_memory_alloc(&p.mem, HW_AREA_VRAM_A, SIDE * SIDE * 2);
		p.cfg.color_mask = 0xF;
		p.cfg.color_read = true;
		if (rows[k].logic) {
			p.cfg.color_op = HW_COLOR_OP_LOGIC;
			p.cfg.logic_op = HW_REG_LOGICOP_XOR;
		} else {
			p.cfg.color_op = HW_COLOR_OP_BLEND;
			p.cfg.blend_func = blend_func(EQ(ADD), EQ(ADD), F(SRC_ALPHA),
						      F(INV_SRC_ALPHA), F(SRC_ALPHA),
						      F(INV_SRC_ALPHA));
		}
		b = hw_memory_host(&p.mem, p.cfg.color_phys
				   + hw_fragment_pixel_offset(5, 9, SIDE, SIDE, 2), 2);
		ck_assert_ptr_nonnull(b);
		b[0] = (uint8_t)rows[k].dst;
		b[1] = (uint8_t)(rows[k].dst >> 8);
		memset(&f, 0, sizeof f);
		f.x = 5;
		f.y = 9;
		ck_assert_int_eq(hw_fragment_process(&p.cfg, &p.st, &p.mem, &f, S, &p.delta,
						     &p.counts), HW_OK);
		ck_assert_uint_eq((unsigned)b[0] | (unsigned)b[1] << 8, rows[k].want);
		px_fini(&p);
	}
}
END_TEST

/* The power-on registers store the source (hw_command.h). */
START_TEST(test_blend_power_on_operation_is_a_plain_write)
{
	ck_assert_int_eq(hw_fragment_color_op(hw_reg_color_op_blend(
				     hw_command_power_on(HW_REG_COLOR_OPERATION)),
					      hw_command_power_on(HW_REG_BLEND_FUNC),
					      hw_command_power_on(HW_REG_LOGIC_OP)),
			 HW_COLOR_OP_WRITE);
	ck_assert_int_eq(hw_fragment_color_op(false, 0, HW_REG_LOGICOP_CLEAR), HW_COLOR_OP_LOGIC);
	ck_assert_int_eq(hw_fragment_color_op(true, blend_func(EQ(MIN), EQ(ADD), F(ONE), F(ZERO),
							       F(ONE), F(ZERO)), 0),
			 HW_COLOR_OP_BLEND);
}
END_TEST

/* ---- through GL --------------------------------------------------------------- */

static struct fx_shader *shader;
static GLuint program;

static const float quad[] = {
	-1.0f, -1.0f, 0.0f,   1.0f, -1.0f, 0.0f,   1.0f, 1.0f, 0.0f,
	-1.0f, -1.0f, 0.0f,   1.0f, 1.0f, 0.0f,   -1.0f, 1.0f, 0.0f,
};

/* A 16x16 RGBA8 target, a program whose combiner stage 0 replaces with
 * its constant colour S, and the quad. */
static void gl_setup(void)
{
	GLfloat s[4];
	unsigned k;

	fx_reset();
	fx_list(1 << 18, 64);
	shader = fx_shader_passthrough();
	program = fx_program(shader);
	fx_positions(quad, 6);
	fx_framebuffer(SIDE);
	for (k = 0; k < 4; k++)
		s[k] = (GLfloat)S[k] / 255.0f;
	glUniform1i(glGetUniformLocation(program, "dmp_TexEnv[0].combineRgb"), GL_REPLACE);
	glUniform1i(glGetUniformLocation(program, "dmp_TexEnv[0].combineAlpha"), GL_REPLACE);
	glUniform3i(glGetUniformLocation(program, "dmp_TexEnv[0].srcRgb"), GL_CONSTANT,
		    GL_CONSTANT, GL_CONSTANT);
	glUniform3i(glGetUniformLocation(program, "dmp_TexEnv[0].srcAlpha"), GL_CONSTANT,
		    GL_CONSTANT, GL_CONSTANT);
	glUniform4fv(glGetUniformLocation(program, "dmp_TexEnv[0].constRgba"), 1, s);
	glBlendColor(C[0] / 255.0f, C[1] / 255.0f, C[2] / 255.0f, C[3] / 255.0f);
	ck_gl_error(GL_NO_ERROR);
}

static void gl_teardown(void)
{
	fx_shader_free(shader);
	shader = NULL;
}

/* Clear to D, draw the quad (its fragments have colour S); every pixel
 * read back must be `want`; the colour-read words of the draw alone. */
static GLuint gl_draw_over_d(const uint8_t want[4])
{
	static uint8_t px[SIDE * SIDE * 4];
	struct fx_counters c0, c1, d;
	unsigned i;

	glClearColor(D[0] / 255.0f, D[1] / 255.0f, D[2] / 255.0f, D[3] / 255.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	glFinish();
	fx_counters_read(&c0);
	glDrawArrays(GL_TRIANGLES, 0, 6);
	ck_gl_error(GL_NO_ERROR);
	glFinish();
	fx_counters_read(&c1);
	fx_counters_diff(&c0, &c1, &d);
	memset(px, 0x55, sizeof px);
	glReadPixels(0, 0, SIDE, SIDE, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_gl_error(GL_NO_ERROR);
	for (i = 0; i < SIDE * SIDE; i++)
		ck_assert_msg(memcmp(px + 4 * i, want, 4) == 0,
			      "pixel %u: (%u, %u, %u, %u), expected (%u, %u, %u, %u)", i,
			      px[4 * i], px[4 * i + 1], px[4 * i + 2], px[4 * i + 3], want[0],
			      want[1], want[2], want[3]);
	return d.memory[HW_MEM_COLOR_READ];
}

/* The 1 KiB target is 64 lines of 16 bytes, each read once by a blend
 * that needs the destination. */
#define TARGET_LINES (SIDE * SIDE * 4 / 16)

struct gl_blend_row {
	GLenum eq_rgb, eq_alpha, src_rgb, dst_rgb, src_alpha, dst_alpha;
	uint8_t out[4];
};

/* Rows of blend_table, as GL names. */
static const struct gl_blend_row gl_blend_table[] = {
	{ GL_FUNC_ADD, GL_FUNC_ADD, GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_SRC_ALPHA,
	  GL_ONE_MINUS_SRC_ALPHA, { 120, 139, 134, 143 } },
	{ GL_FUNC_ADD, GL_FUNC_ADD, GL_ONE, GL_ONE, GL_ONE, GL_ONE, { 240, 255, 255, 255 } },
	{ GL_FUNC_SUBTRACT, GL_FUNC_SUBTRACT, GL_ONE, GL_ONE, GL_ONE, GL_ONE, { 160, 0, 0, 0 } },
	{ GL_FUNC_REVERSE_SUBTRACT, GL_FUNC_REVERSE_SUBTRACT, GL_SRC_ALPHA,
	  GL_ONE_MINUS_SRC_ALPHA, GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, { 0, 39, 84, 15 } },
	{ GL_MIN, GL_MIN, GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_SRC_ALPHA,
	  GL_ONE_MINUS_SRC_ALPHA, { 19, 50, 25, 64 } },
	{ GL_MAX, GL_MAX, GL_ONE, GL_ONE, GL_ONE, GL_ONE, { 200, 180, 220, 160 } },
	{ GL_FUNC_ADD, GL_FUNC_ADD, GL_CONSTANT_COLOR, GL_ZERO, GL_CONSTANT_COLOR, GL_ZERO,
	  { 7, 7, 5, 30 } },
	{ GL_FUNC_ADD, GL_FUNC_ADD, GL_ONE_MINUS_CONSTANT_ALPHA, GL_ZERO,
	  GL_ONE_MINUS_CONSTANT_ALPHA, GL_ZERO, { 152, 76, 38, 97 } },
	{ GL_FUNC_ADD, GL_FUNC_ADD, GL_SRC_ALPHA_SATURATE, GL_ZERO, GL_SRC_ALPHA_SATURATE,
	  GL_ZERO, { 74, 37, 18, 128 } },
	{ GL_FUNC_ADD, GL_FUNC_ADD, GL_ZERO, GL_SRC_ALPHA_SATURATE, GL_ZERO,
	  GL_SRC_ALPHA_SATURATE, { 14, 67, 81, 160 } },
	{ GL_FUNC_ADD, GL_FUNC_ADD, GL_ZERO, GL_DST_COLOR, GL_ZERO, GL_DST_COLOR,
	  { 6, 127, 189, 100 } },
	{ GL_FUNC_SUBTRACT, GL_MAX, GL_CONSTANT_COLOR, GL_ONE_MINUS_SRC_COLOR,
	  GL_SRC_ALPHA_SATURATE, GL_CONSTANT_ALPHA, { 0, 0, 0, 128 } },
	{ GL_FUNC_REVERSE_SUBTRACT, GL_MIN, GL_SRC_ALPHA_SATURATE, GL_ONE_MINUS_DST_COLOR,
	  GL_SRC_COLOR, GL_ONE_MINUS_DST_ALPHA, { 0, 15, 11, 59 } },
	{ GL_MIN, GL_FUNC_ADD, GL_ONE, GL_ONE, GL_DST_ALPHA, GL_ONE_MINUS_CONSTANT_ALPHA,
	  { 40, 100, 50, 202 } },
	{ GL_MAX, GL_FUNC_SUBTRACT, GL_ONE_MINUS_CONSTANT_COLOR, GL_ONE_MINUS_CONSTANT_ALPHA,
	  GL_ONE, GL_CONSTANT_COLOR, { 192, 137, 168, 90 } },
};

/* A source factor that depends on the destination. */
static bool gl_factor_reads_dst(GLenum f)
{
	return f == GL_DST_COLOR || f == GL_ONE_MINUS_DST_COLOR || f == GL_DST_ALPHA
	       || f == GL_ONE_MINUS_DST_ALPHA || f == GL_SRC_ALPHA_SATURATE;
}

START_TEST(test_blend_through_gl)
{
	const struct gl_blend_row *row = &gl_blend_table[_i];
	GLuint reads;
	bool needs_dst = row->eq_rgb == GL_MIN || row->eq_rgb == GL_MAX
			 || row->eq_alpha == GL_MIN || row->eq_alpha == GL_MAX
			 || row->dst_rgb != GL_ZERO || row->dst_alpha != GL_ZERO
			 || gl_factor_reads_dst(row->src_rgb) || gl_factor_reads_dst(row->src_alpha);

	glEnable(GL_BLEND);
	glBlendEquationSeparate(row->eq_rgb, row->eq_alpha);
	glBlendFuncSeparate(row->src_rgb, row->dst_rgb, row->src_alpha, row->dst_alpha);
	ck_gl_error(GL_NO_ERROR);
	reads = gl_draw_over_d(row->out);
	ck_assert_uint_eq(reads, needs_dst ? TARGET_LINES : 0);
}
END_TEST

/* glBlendFunc and glBlendEquation set colour and alpha alike. */
START_TEST(test_blend_func_sets_both_through_gl)
{
	static const uint8_t want[4] = { 120, 139, 134, 143 };

	glEnable(GL_BLEND);
	glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
	glBlendEquation(GL_FUNC_ADD);
	ck_assert_uint_eq(gl_draw_over_d(want), TARGET_LINES);
	/* Off again: the source as it is, nothing read. */
	glDisable(GL_BLEND);
	ck_assert_uint_eq(gl_draw_over_d(S), 0);
}
END_TEST

START_TEST(test_blend_logic_ops_through_gl)
{
	const struct logic_row *row = &logic_table[_i];

	glEnable(GL_BLEND);                     /* the logic op wins */
	glBlendFunc(GL_ONE, GL_ONE);
	glEnable(GL_COLOR_LOGIC_OP);
	glLogicOp(row->gl);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_uint_eq(gl_draw_over_d(row->out), logic_reads(row->code) ? TARGET_LINES : 0);
}
END_TEST

/* Enums outside the SDK's sets: GL_INVALID_ENUM and nothing changes (the
 * next draw still blends as before). SRC_ALPHA_SATURATE is taken as a
 * destination factor, as the SDK's driver takes it. */
START_TEST(test_blend_bad_enums_change_nothing)
{
	static const uint8_t want[4] = { 120, 139, 134, 143 };
	GLint v;

	glEnable(GL_BLEND);
	glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
	glLogicOp(GL_XOR);
	glBlendFunc(GL_ONE, GL_BLEND_COLOR);
	ck_gl_error(GL_INVALID_ENUM);
	glBlendFuncSeparate(GL_ONE, GL_ONE, GL_ONE, 0x0309);
	ck_gl_error(GL_INVALID_ENUM);
	glBlendEquation(GL_FUNC_ADD - 1);
	ck_gl_error(GL_INVALID_ENUM);
	glBlendEquationSeparate(GL_MAX + 1, GL_FUNC_ADD);
	ck_gl_error(GL_INVALID_ENUM);
	glLogicOp(GL_CLEAR - 1);
	ck_gl_error(GL_INVALID_ENUM);
	glLogicOp(GL_SET + 1);
	ck_gl_error(GL_INVALID_ENUM);
	glGetIntegerv(GL_LOGIC_OP_MODE, &v);
	ck_assert_int_eq(v, GL_XOR);
	glGetIntegerv(GL_BLEND_DST_ALPHA, &v);
	ck_assert_int_eq(v, GL_ONE_MINUS_SRC_ALPHA);
	ck_assert_uint_eq(gl_draw_over_d(want), TARGET_LINES);
	glBlendFunc(GL_ONE, GL_SRC_ALPHA_SATURATE);
	ck_gl_error(GL_NO_ERROR);
	glGetIntegerv(GL_BLEND_DST_RGB, &v);
	ck_assert_int_eq(v, GL_SRC_ALPHA_SATURATE);
}
END_TEST

static Suite *blend_suite(void)
{
	Suite *s = suite_create("blend");
	TCase *tc = tcase_create("hardware");

	tcase_add_loop_test(tc, test_blend_factor_and_equation_table, 0,
			    (int)(sizeof blend_table / sizeof blend_table[0]));
	tcase_add_loop_test(tc, test_blend_logic_ops, 0, 16);
	tcase_add_test(tc, test_blend_without_colour_reads_sees_zero);
	tcase_add_test(tc, test_blend_prepared_and_batched_paths_blend_too);
	tcase_add_test(tc, test_blend_power_on_operation_is_a_plain_write);
	tcase_add_test(tc, test_blend_and_logic_on_16_bit_formats);
	suite_add_tcase(s, tc);

	tc = tcase_create("gl");
	tcase_add_checked_fixture(tc, gl_setup, gl_teardown);
	tcase_add_loop_test(tc, test_blend_through_gl, 0,
			    (int)(sizeof gl_blend_table / sizeof gl_blend_table[0]));
	tcase_add_test(tc, test_blend_func_sets_both_through_gl);
	tcase_add_loop_test(tc, test_blend_logic_ops_through_gl, 0, 16);
	tcase_add_test(tc, test_blend_bad_enums_change_nothing);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(blend_suite());
}
