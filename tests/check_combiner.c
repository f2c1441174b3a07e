/* check_combiner.c: the six-stage texture combiner (hw/hw_combiner.c).
 *
 * Every expected value is worked out by hand from the 8-bit formulas in
 * hw_combiner.h (fragment-pipeline.md B.4); the inputs are bytes over 255
 * (written as byte values with setb), so they enter the combiner as those
 * bytes, and every result is checked as a byte. Register words for the decoder are built from the
 * field layout on 3dbrew (GPU/Internal Registers), with the arithmetic in
 * the comments and the ids written out, not taken from hw_regs.h. */
#include <math.h>
#include <string.h>

#include "hw/hw_combiner.h"
#include "hw/hw_regs.h"
#include "test_util.h"

#define TOL 1e-6f

/* The inputs most tests use. */
static struct hw_combiner_inputs inputs(void)
{
	struct hw_combiner_inputs in;
	unsigned k;
	static const unsigned char primary[4] = { 64, 128, 192, 128 };
	static const unsigned char tex0[4] = { 128, 64, 255, 192 };

	memset(&in, 0, sizeof in);
	for (k = 0; k < 4; k++) {
		in.primary[k] = (float)primary[k] / 255.0f;
		in.texture[0][k] = (float)tex0[k] / 255.0f;
	}
	return in;
}

/* A colour of four bytes, as the float inputs hold it. */
static void setb(float v[4], unsigned r, unsigned g, unsigned b, unsigned a)
{
	v[0] = (float)r / 255.0f;
	v[1] = (float)g / 255.0f;
	v[2] = (float)b / 255.0f;
	v[3] = (float)a / 255.0f;
}

static void set4(float v[4], float a, float b, float c, float d)
{
	v[0] = a;
	v[1] = b;
	v[2] = c;
	v[3] = d;
}

/* A stage that passes "previous" through: REPLACE, every slot PREVIOUS
 * (the SDK's reset state of stages 1-5; in stage 0 it gives 0). */
static void passthrough(struct hw_combiner_stage *st)
{
	unsigned n;

	memset(st, 0, sizeof *st);
	for (n = 0; n < 3; n++)
		st->rgb_source[n] = st->alpha_source[n] = HW_REG_TEVSRC_PREVIOUS;
	st->rgb_scale = st->alpha_scale = 1;
}

/* Every stage passes through, no latches, buffer colour 0. */
static void config_passthrough(struct hw_combiner_config *c)
{
	unsigned s;

	memset(c, 0, sizeof *c);
	for (s = 0; s < HW_COMBINER_STAGES; s++)
		passthrough(&c->stage[s]);
}

/* Stage s: the same three sources for RGB and alpha, default operands
 * (colour, alpha), ops rgb_op / alpha_op, scale 1. */
static void stage_set(struct hw_combiner_config *c, unsigned s, unsigned src0, unsigned src1,
		      unsigned src2, unsigned rgb_op, unsigned alpha_op)
{
	struct hw_combiner_stage *st = &c->stage[s];

	st->rgb_source[0] = st->alpha_source[0] = (uint8_t)src0;
	st->rgb_source[1] = st->alpha_source[1] = (uint8_t)src1;
	st->rgb_source[2] = st->alpha_source[2] = (uint8_t)src2;
	memset(st->rgb_operand, 0, sizeof st->rgb_operand);
	memset(st->alpha_operand, 0, sizeof st->alpha_operand);
	st->rgb_op = (uint8_t)rgb_op;
	st->alpha_op = (uint8_t)alpha_op;
	st->rgb_scale = st->alpha_scale = 1;
}

#define ASSERT_RGBA(out, r, g, b, a) do { \
	ck_assert_float_eq_tol((out)[0], (r), TOL); \
	ck_assert_float_eq_tol((out)[1], (g), TOL); \
	ck_assert_float_eq_tol((out)[2], (b), TOL); \
	ck_assert_float_eq_tol((out)[3], (a), TOL); \
} while (0)

/* The result is exactly the bytes r, g, b, a over 255. */
#define ASSERT_BYTES(out, r, g, b, a) \
	ASSERT_RGBA(out, (r) / 255.0f, (g) / 255.0f, (b) / 255.0f, (a) / 255.0f)

/* ---- ops ------------------------------------------------------------------- */

/* primary p = (64, 128, 192, 128), texture 0 t = (128, 64, 255, 192),
 * constant k = (32, 160, 96, 64); args a = p, b = t, c = k. Each product
 * over 255 truncates. */
START_TEST(test_combiner_each_op_on_hand_computed_values)
{
	static const struct {
		unsigned rgb_op, alpha_op;
		unsigned expect[4];
	} rows[] = {
		/* a */
		{ HW_REG_TEVCOMB_REPLACE, HW_REG_TEVCOMB_REPLACE, { 64, 128, 192, 128 } },
		/* ab/255: 8192/255 = 32.1, 8192/255, 48960/255 = 192; 24576/255 = 96.4 */
		{ HW_REG_TEVCOMB_MODULATE, HW_REG_TEVCOMB_MODULATE, { 32, 32, 192, 96 } },
		/* a + b: 192 192 447 -> 255; 320 -> 255 */
		{ HW_REG_TEVCOMB_ADD, HW_REG_TEVCOMB_ADD, { 192, 192, 255, 255 } },
		/* a + b - 128: 64 64 319 -> 255; 192 */
		{ HW_REG_TEVCOMB_ADD_SIGNED, HW_REG_TEVCOMB_ADD_SIGNED, { 64, 64, 255, 192 } },
		/* (ac + b(255 - c))/255: (2048 + 28544)/255 = 119.97; (20480 + 6080)/255
		 * = 104.2; (18432 + 40545)/255 = 231.3; (8192 + 36672)/255 = 175.9 */
		{ HW_REG_TEVCOMB_INTERPOLATE, HW_REG_TEVCOMB_INTERPOLATE, { 119, 104, 231, 175 } },
		/* a - b: -64 -> 0, 64, -63 -> 0; -64 -> 0 */
		{ HW_REG_TEVCOMB_SUBTRACT, HW_REG_TEVCOMB_SUBTRACT, { 0, 64, 0, 0 } },
		/* sum of floor(((2a - 255)(2b - 255) + 128)/256): R (-127)(1) + 128
		 * = 1 -> 0; G (1)(-127) + 128 = 1 -> 0; B (129)(255) + 128 = 33023
		 * -> 128; 128 on R, G, B; the alpha op (MODULATE) still runs: 96 */
		{ HW_REG_TEVCOMB_DOT3_RGB, HW_REG_TEVCOMB_MODULATE, { 128, 128, 128, 96 } },
		/* DOT3_RGBA: the dot product in alpha too, the alpha op ignored */
		{ HW_REG_TEVCOMB_DOT3_RGBA, HW_REG_TEVCOMB_MODULATE, { 128, 128, 128, 128 } },
		/* (ab + 255c)/255: (8192 + 8160)/255 = 64.1; (8192 + 40800)/255 =
		 * 192.1; (48960 + 24480)/255 = 288 -> 255; (24576 + 16320)/255 =
		 * 160.4 */
		{ HW_REG_TEVCOMB_MULT_ADD, HW_REG_TEVCOMB_MULT_ADD, { 64, 192, 255, 160 } },
		/* min(a + b, 255) c / 255: 192*32/255 = 24.1, 192*160/255 = 120.5,
		 * 255*96/255 = 96; 255*64/255 = 64 */
		{ HW_REG_TEVCOMB_ADD_MULT, HW_REG_TEVCOMB_ADD_MULT, { 24, 120, 96, 64 } },
		/* unlisted op 12: REPLACE (model choice) */
		{ 12, 12, { 64, 128, 192, 128 } },
	};
	struct hw_combiner_inputs in = inputs();
	struct hw_combiner_config c;
	float out[4];
	unsigned r;

	for (r = 0; r < sizeof rows / sizeof rows[0]; r++) {
		config_passthrough(&c);
		stage_set(&c, 0, HW_REG_TEVSRC_PRIMARY_COLOR, HW_REG_TEVSRC_TEXTURE0,
			  HW_REG_TEVSRC_CONSTANT, rows[r].rgb_op, rows[r].alpha_op);
		setb(c.stage[0].constant, 32, 160, 96, 64);
		hw_combiner_run(&c, &in, out);
		ck_assert_msg(fabsf(out[0] * 255.0f - (float)rows[r].expect[0]) < 1e-3f
			      && fabsf(out[1] * 255.0f - (float)rows[r].expect[1]) < 1e-3f
			      && fabsf(out[2] * 255.0f - (float)rows[r].expect[2]) < 1e-3f
			      && fabsf(out[3] * 255.0f - (float)rows[r].expect[3]) < 1e-3f,
			      "row %u: got %g %g %g %g", r, out[0] * 255, out[1] * 255,
			      out[2] * 255, out[3] * 255);
	}
}
END_TEST

/* Colour (64, 128, 192, 32) through every operand, REPLACE; one minus
 * v is 255 - v. */
START_TEST(test_combiner_each_operand_selects_and_inverts)
{
	static const struct {
		unsigned op;
		unsigned v[3];
	} rgb[] = {
		{ HW_REG_TEVOP_RGB_COLOR, { 64, 128, 192 } },
		{ HW_REG_TEVOP_RGB_INV_COLOR, { 191, 127, 63 } },
		{ HW_REG_TEVOP_RGB_ALPHA, { 32, 32, 32 } },
		{ HW_REG_TEVOP_RGB_INV_ALPHA, { 223, 223, 223 } },
		{ HW_REG_TEVOP_RGB_RED, { 64, 64, 64 } },
		{ HW_REG_TEVOP_RGB_INV_RED, { 191, 191, 191 } },
		{ HW_REG_TEVOP_RGB_GREEN, { 128, 128, 128 } },
		{ HW_REG_TEVOP_RGB_INV_GREEN, { 127, 127, 127 } },
		{ HW_REG_TEVOP_RGB_BLUE, { 192, 192, 192 } },
		{ HW_REG_TEVOP_RGB_INV_BLUE, { 63, 63, 63 } },
		{ 6, { 64, 64, 64 } },          /* unlisted: as RED */
		{ 15, { 63, 63, 63 } },         /* unlisted: as INV_BLUE */
	};
	static const struct {
		unsigned op;
		unsigned v;
	} alpha[] = {
		{ HW_REG_TEVOP_A_ALPHA, 32 }, { HW_REG_TEVOP_A_INV_ALPHA, 223 },
		{ HW_REG_TEVOP_A_RED, 64 }, { HW_REG_TEVOP_A_INV_RED, 191 },
		{ HW_REG_TEVOP_A_GREEN, 128 }, { HW_REG_TEVOP_A_INV_GREEN, 127 },
		{ HW_REG_TEVOP_A_BLUE, 192 }, { HW_REG_TEVOP_A_INV_BLUE, 63 },
	};
	struct hw_combiner_inputs in;
	struct hw_combiner_config c;
	float out[4];
	unsigned r;

	memset(&in, 0, sizeof in);
	setb(in.primary, 64, 128, 192, 32);
	for (r = 0; r < sizeof rgb / sizeof rgb[0]; r++) {
		config_passthrough(&c);
		stage_set(&c, 0, HW_REG_TEVSRC_PRIMARY_COLOR, 0, 0, HW_REG_TEVCOMB_REPLACE,
			  HW_REG_TEVCOMB_REPLACE);
		c.stage[0].rgb_operand[0] = (uint8_t)rgb[r].op;
		hw_combiner_run(&c, &in, out);
		ASSERT_BYTES(out, rgb[r].v[0], rgb[r].v[1], rgb[r].v[2], 32);
	}
	for (r = 0; r < sizeof alpha / sizeof alpha[0]; r++) {
		config_passthrough(&c);
		stage_set(&c, 0, HW_REG_TEVSRC_PRIMARY_COLOR, 0, 0, HW_REG_TEVCOMB_REPLACE,
			  HW_REG_TEVCOMB_REPLACE);
		c.stage[0].alpha_operand[0] = (uint8_t)alpha[r].op;
		hw_combiner_run(&c, &in, out);
		ASSERT_BYTES(out, 64, 128, 192, alpha[r].v);
	}
}
END_TEST

/* Operands of slots 1 and 2 apply to their own slot. */
START_TEST(test_combiner_operands_of_every_slot)
{
	struct hw_combiner_inputs in = inputs();
	struct hw_combiner_config c;
	float out[4];

	config_passthrough(&c);
	/* MODULATE p * (255 - t.a = 63): 4032/255 = 15.8, 8064/255 = 31.6,
	 * 12096/255 = 47.4; alpha p.a * t.r = 16384/255 = 64.3 */
	stage_set(&c, 0, HW_REG_TEVSRC_PRIMARY_COLOR, HW_REG_TEVSRC_TEXTURE0, 0,
		  HW_REG_TEVCOMB_MODULATE, HW_REG_TEVCOMB_MODULATE);
	c.stage[0].rgb_operand[1] = HW_REG_TEVOP_RGB_INV_ALPHA;
	c.stage[0].alpha_operand[1] = HW_REG_TEVOP_A_RED;
	hw_combiner_run(&c, &in, out);
	ASSERT_BYTES(out, 15, 31, 47, 64);

	/* INTERPOLATE p, t by c = 255 - p.g = 127 on all: (64*127 + 128*128)/255
	 * = 96.1, (128*127 + 64*128)/255 = 95.9, (192*127 + 255*128)/255 =
	 * 223.6; alpha by 255 - t.b = 0: t.a = 192 */
	stage_set(&c, 0, HW_REG_TEVSRC_PRIMARY_COLOR, HW_REG_TEVSRC_TEXTURE0,
		  HW_REG_TEVSRC_PRIMARY_COLOR, HW_REG_TEVCOMB_INTERPOLATE, HW_REG_TEVCOMB_INTERPOLATE);
	c.stage[0].rgb_operand[2] = HW_REG_TEVOP_RGB_INV_GREEN;
	c.stage[0].alpha_source[2] = HW_REG_TEVSRC_TEXTURE0;
	c.stage[0].alpha_operand[2] = HW_REG_TEVOP_A_INV_BLUE;
	hw_combiner_run(&c, &in, out);
	ASSERT_BYTES(out, 96, 95, 223, 192);
}
END_TEST

/* ---- scale and clamp ---------------------------------------------------- */

START_TEST(test_combiner_scale_then_clamp)
{
	struct hw_combiner_inputs in = inputs();
	struct hw_combiner_config c;
	float out[4];

	config_passthrough(&c);
	/* p t = (32, 32, 192, 96); RGB x2 -> 64 64 384 -> 255; alpha x4 ->
	 * 384 -> 255 */
	stage_set(&c, 0, HW_REG_TEVSRC_PRIMARY_COLOR, HW_REG_TEVSRC_TEXTURE0, 0,
		  HW_REG_TEVCOMB_MODULATE, HW_REG_TEVCOMB_MODULATE);
	c.stage[0].rgb_scale = 2;
	c.stage[0].alpha_scale = 4;
	hw_combiner_run(&c, &in, out);
	ASSERT_BYTES(out, 64, 64, 255, 255);
	/* x4 on RGB: 128 128 768 -> 255; alpha x2: 192 */
	c.stage[0].rgb_scale = 4;
	c.stage[0].alpha_scale = 2;
	hw_combiner_run(&c, &in, out);
	ASSERT_BYTES(out, 128, 128, 255, 192);
	/* the cap comes after the scale: ADD_SIGNED p + t - 128 = (64, 64,
	 * 255, 192), x2 = (128, 128, 255, 255) */
	stage_set(&c, 0, HW_REG_TEVSRC_PRIMARY_COLOR, HW_REG_TEVSRC_TEXTURE0, 0,
		  HW_REG_TEVCOMB_ADD_SIGNED, HW_REG_TEVCOMB_ADD_SIGNED);
	c.stage[0].rgb_scale = c.stage[0].alpha_scale = 2;
	hw_combiner_run(&c, &in, out);
	ASSERT_BYTES(out, 128, 128, 255, 255);
	/* a negative result is 0 whatever the scale: t - p = (64, 0, 63, 64)
	 * x4 -> (255, 0, 252, 255) */
	stage_set(&c, 0, HW_REG_TEVSRC_TEXTURE0, HW_REG_TEVSRC_PRIMARY_COLOR, 0,
		  HW_REG_TEVCOMB_SUBTRACT, HW_REG_TEVCOMB_SUBTRACT);
	c.stage[0].rgb_scale = c.stage[0].alpha_scale = 4;
	hw_combiner_run(&c, &in, out);
	ASSERT_BYTES(out, 255, 0, 252, 255);
	/* the last stage's output is capped too (no later stage reads it):
	 * stage 5 p + t = (192, 192, 255, 255) x2 -> 255 */
	config_passthrough(&c);
	stage_set(&c, 5, HW_REG_TEVSRC_PRIMARY_COLOR, HW_REG_TEVSRC_TEXTURE0, 0,
		  HW_REG_TEVCOMB_ADD, HW_REG_TEVCOMB_ADD);
	c.stage[5].rgb_scale = c.stage[5].alpha_scale = 2;
	hw_combiner_run(&c, &in, out);
	ASSERT_BYTES(out, 255, 255, 255, 255);
	/* ... and below 0: p - t x1 = (0, 64, 0, 0) */
	stage_set(&c, 5, HW_REG_TEVSRC_PRIMARY_COLOR, HW_REG_TEVSRC_TEXTURE0, 0,
		  HW_REG_TEVCOMB_SUBTRACT, HW_REG_TEVCOMB_SUBTRACT);
	hw_combiner_run(&c, &in, out);
	ASSERT_BYTES(out, 0, 64, 0, 0);
}
END_TEST

/* Sources outside 0..1 (a shader may output anything) read clamped. */
START_TEST(test_combiner_sources_are_clamped_when_read)
{
	struct hw_combiner_inputs in = inputs();
	struct hw_combiner_config c;
	float out[4];

	set4(in.primary, 1.5f, -0.5f, NAN, 2.0f);
	config_passthrough(&c);
	stage_set(&c, 0, HW_REG_TEVSRC_PRIMARY_COLOR, 0, 0, HW_REG_TEVCOMB_REPLACE,
		  HW_REG_TEVCOMB_REPLACE);
	hw_combiner_run(&c, &in, out);
	ASSERT_RGBA(out, 1.0f, 0.0f, 0.0f, 1.0f);
	/* 1 - clamp(-.5) = 1, not 1.5 */
	c.stage[0].rgb_operand[0] = HW_REG_TEVOP_RGB_INV_COLOR;
	hw_combiner_run(&c, &in, out);
	ASSERT_RGBA(out, 0.0f, 1.0f, 1.0f, 1.0f);
	/* unlisted source codes 7-12 read 0 (model choice) */
	c.stage[0].rgb_source[0] = 9;
	c.stage[0].rgb_operand[0] = HW_REG_TEVOP_RGB_COLOR;
	hw_combiner_run(&c, &in, out);
	ASSERT_RGBA(out, 0.0f, 0.0f, 0.0f, 1.0f);
}
END_TEST

/* ---- previous and the buffer ------------------------------------------------- */

START_TEST(test_combiner_previous_chains_the_stages)
{
	struct hw_combiner_inputs in = inputs();
	struct hw_combiner_config c;
	float out[4];

	setb(in.texture[1], 128, 128, 128, 128);
	config_passthrough(&c);
	/* 0: p; 1: prev * t1 = (8192/255 = 32.1, 16384/255 = 64.3, 24576/255
	 * = 96.4, 64); 2: prev + k = (32+64, 64+128, 96+128, 64+32) = (96,
	 * 192, 224, 96); 3-5 pass it through */
	stage_set(&c, 0, HW_REG_TEVSRC_PRIMARY_COLOR, 0, 0, HW_REG_TEVCOMB_REPLACE,
		  HW_REG_TEVCOMB_REPLACE);
	stage_set(&c, 1, HW_REG_TEVSRC_PREVIOUS, HW_REG_TEVSRC_TEXTURE1, 0,
		  HW_REG_TEVCOMB_MODULATE, HW_REG_TEVCOMB_MODULATE);
	stage_set(&c, 2, HW_REG_TEVSRC_PREVIOUS, HW_REG_TEVSRC_CONSTANT, 0, HW_REG_TEVCOMB_ADD,
		  HW_REG_TEVCOMB_ADD);
	setb(c.stage[2].constant, 64, 128, 128, 32);
	hw_combiner_run(&c, &in, out);
	ASSERT_BYTES(out, 96, 192, 224, 96);
	/* a later stage that ignores previous cuts the chain */
	stage_set(&c, 4, HW_REG_TEVSRC_TEXTURE0, 0, 0, HW_REG_TEVCOMB_REPLACE,
		  HW_REG_TEVCOMB_REPLACE);
	hw_combiner_run(&c, &in, out);
	ASSERT_BYTES(out, 128, 64, 255, 192);
	/* all six pass through: stage 0's (previous, previous, previous) is 0 */
	config_passthrough(&c);
	hw_combiner_run(&c, &in, out);
	ASSERT_BYTES(out, 0, 0, 0, 0);
}
END_TEST

/* Stage 0's "previous" (fragment-pipeline.md B.4): an RGB slot 0 or 1 set
 * to PREVIOUS reads slot 2's source; slot 2 PREVIOUS and alpha PREVIOUS
 * read 0; and the buffer reads 0 there. k = (32, 64, 96, 128). */
START_TEST(test_combiner_stage0_previous_reads_slot_2_or_zero)
{
	struct hw_combiner_inputs in = inputs();
	struct hw_combiner_config c;
	struct hw_combiner_program p;
	float out[4], got[4];

	config_passthrough(&c);
	setb(c.stage[0].constant, 32, 64, 96, 128);
	/* ADD (previous -> slot 2 = p, k): RGB p + k = (96, 192, 288 -> 255);
	 * alpha 0 + 128 */
	stage_set(&c, 0, HW_REG_TEVSRC_PREVIOUS, HW_REG_TEVSRC_CONSTANT,
		  HW_REG_TEVSRC_PRIMARY_COLOR, HW_REG_TEVCOMB_ADD, HW_REG_TEVCOMB_ADD);
	hw_combiner_run(&c, &in, out);
	ASSERT_BYTES(out, 96, 192, 255, 128);
	hw_combiner_compile(&c, &p);
	hw_combiner_exec(&p, &in, got);
	ASSERT_BYTES(got, 96, 192, 255, 128);
	/* slot 1 likewise: k + (slot 2 = t) = (160, 128, 351 -> 255); alpha
	 * 128 + 0 */
	stage_set(&c, 0, HW_REG_TEVSRC_CONSTANT, HW_REG_TEVSRC_PREVIOUS, HW_REG_TEVSRC_TEXTURE0,
		  HW_REG_TEVCOMB_ADD, HW_REG_TEVCOMB_ADD);
	hw_combiner_run(&c, &in, out);
	ASSERT_BYTES(out, 160, 128, 255, 128);
	/* slot 2 PREVIOUS too: every PREVIOUS reads 0, so the sum is k */
	stage_set(&c, 0, HW_REG_TEVSRC_PREVIOUS, HW_REG_TEVSRC_CONSTANT, HW_REG_TEVSRC_PREVIOUS,
		  HW_REG_TEVCOMB_ADD, HW_REG_TEVCOMB_ADD);
	hw_combiner_run(&c, &in, out);
	ASSERT_BYTES(out, 32, 64, 96, 128);
	/* REPLACE previous with slot 2 = texture 0: stage 0 passes t's RGB,
	 * alpha 0, and the compiled form agrees */
	stage_set(&c, 0, HW_REG_TEVSRC_PREVIOUS, HW_REG_TEVSRC_PREVIOUS, HW_REG_TEVSRC_TEXTURE0,
		  HW_REG_TEVCOMB_REPLACE, HW_REG_TEVCOMB_REPLACE);
	hw_combiner_run(&c, &in, out);
	ASSERT_BYTES(out, 128, 64, 255, 0);
	hw_combiner_compile(&c, &p);
	ck_assert_uint_eq(p.active_count, 1);
	hw_combiner_exec(&p, &in, got);
	ASSERT_BYTES(got, 128, 64, 255, 0);
	/* the buffer in stage 0 is 0 whatever its initial colour */
	setb(c.buffer_color, 10, 20, 30, 40);
	stage_set(&c, 0, HW_REG_TEVSRC_PREVIOUS_BUFFER, HW_REG_TEVSRC_CONSTANT, 0,
		  HW_REG_TEVCOMB_ADD, HW_REG_TEVCOMB_ADD);
	hw_combiner_run(&c, &in, out);
	ASSERT_BYTES(out, 32, 64, 96, 128);
	/* ... and stage 1 reads the initial colour: 10+32, 20+64, 30+96, 40+128 */
	stage_set(&c, 0, HW_REG_TEVSRC_CONSTANT, 0, 0, HW_REG_TEVCOMB_REPLACE,
		  HW_REG_TEVCOMB_REPLACE);
	stage_set(&c, 1, HW_REG_TEVSRC_PREVIOUS, HW_REG_TEVSRC_PREVIOUS_BUFFER, 0,
		  HW_REG_TEVCOMB_ADD, HW_REG_TEVCOMB_ADD);
	hw_combiner_run(&c, &in, out);
	ASSERT_BYTES(out, 42, 84, 126, 168);
	hw_combiner_compile(&c, &p);
	hw_combiner_exec(&p, &in, got);
	ASSERT_BYTES(got, 42, 84, 126, 168);
}
END_TEST

/* What stage `reader` sees as "previous buffer": stages before it output
 * their constants k_s = 32(s+1) (RGB) and 16(s+1) (alpha), stage
 * `reader` replaces with the buffer, the rest pass through. */
static void buffer_seen(struct hw_combiner_config *c, unsigned reader, float out[4])
{
	struct hw_combiner_inputs in = inputs();
	unsigned s;

	for (s = 0; s < HW_COMBINER_STAGES; s++)
		passthrough(&c->stage[s]);
	for (s = 0; s < reader; s++) {
		stage_set(c, s, HW_REG_TEVSRC_CONSTANT, 0, 0, HW_REG_TEVCOMB_REPLACE,
			  HW_REG_TEVCOMB_REPLACE);
		setb(c->stage[s].constant, 32 * (s + 1), 32 * (s + 1), 32 * (s + 1), 16 * (s + 1));
	}
	stage_set(c, reader, HW_REG_TEVSRC_PREVIOUS_BUFFER, 0, 0, HW_REG_TEVCOMB_REPLACE,
		  HW_REG_TEVCOMB_REPLACE);
	hw_combiner_run(c, &in, out);
}

START_TEST(test_combiner_buffer_latches_reach_stage_after_next)
{
	struct hw_combiner_config c;
	float out[4];
	unsigned reader;

	/* no latch: every stage from 1 on reads the initial colour, stage 0
	 * reads 0 */
	memset(&c, 0, sizeof c);
	setb(c.buffer_color, 16, 32, 48, 64);
	for (reader = 0; reader < HW_COMBINER_STAGES; reader++) {
		buffer_seen(&c, reader, out);
		if (reader == 0)
			ASSERT_BYTES(out, 0, 0, 0, 0);
		else
			ASSERT_BYTES(out, 16, 32, 48, 64);
	}

	/* stage 0 latches RGB (k0 = 32): stage 1 still reads the initial
	 * colour, stage 2 on read k0's RGB with the initial alpha */
	c.buffer_rgb[0] = true;
	buffer_seen(&c, 1, out);
	ASSERT_BYTES(out, 16, 32, 48, 64);
	buffer_seen(&c, 2, out);
	ASSERT_BYTES(out, 32, 32, 32, 64);
	buffer_seen(&c, 5, out);
	ASSERT_BYTES(out, 32, 32, 32, 64);

	/* stage 2 latches both too (k2 = 96, alpha 48): stage 3 reads k0
	 * (latched two stages before), stage 4 and 5 read k2 */
	c.buffer_rgb[2] = c.buffer_alpha[2] = true;
	buffer_seen(&c, 3, out);
	ASSERT_BYTES(out, 32, 32, 32, 64);
	buffer_seen(&c, 4, out);
	ASSERT_BYTES(out, 96, 96, 96, 48);
	buffer_seen(&c, 5, out);
	ASSERT_BYTES(out, 96, 96, 96, 48);

	/* stage 3 latches alpha only (k3 alpha = 64): stage 5 takes it */
	c.buffer_alpha[3] = true;
	buffer_seen(&c, 5, out);
	ASSERT_BYTES(out, 96, 96, 96, 64);
	/* stage 0 reads 0 whatever is latched */
	buffer_seen(&c, 0, out);
	ASSERT_BYTES(out, 0, 0, 0, 0);
}
END_TEST

/* ---- the decoder ----------------------------------------------------------- */

START_TEST(test_combiner_decode_register_words)
{
	static uint32_t regs[HW_REG_COUNT];
	struct hw_combiner_config c;
	const struct hw_combiner_stage *st;

	memset(regs, 0, sizeof regs);
	/* Stage 1 (3dbrew: TEXENV1 at 0x0C8..0x0CC).
	 * SOURCE: RGB 3 (texture 0), 0xF (previous), 0xE (constant) in bits
	 * 0-3, 4-7, 8-11; alpha 0xD (buffer), 1, 2 in 16-19, 20-23, 24-27:
	 * 0x3 + 0xF0 + 0xE00 + 0xD0000 + 0x100000 + 0x2000000 = 0x021D0EF3 */
	regs[0x0C8] = 0x021D0EF3u;
	/* OPERAND: RGB 1, 0xC, 3 at bits 0, 4, 8 = 0x3C1; alpha 2, 7, 4 at
	 * 12, 16, 20 = 0x2000 + 0x70000 + 0x400000: 0x004723C1 */
	regs[0x0C9] = 0x004723C1u;
	/* COMBINER: RGB 4 (interpolate) bits 0-3, alpha 9 (add-mult) 16-19 */
	regs[0x0CA] = 0x00090004u;
	/* COLOR: R 0x11 bits 0-7, G 0x22, B 0x33, A 0xFF bits 24-31 */
	regs[0x0CB] = 0xFF332211u;
	/* SCALE: RGB code 1 (x2) bits 0-1, alpha code 2 (x4) bits 16-17 */
	regs[0x0CC] = 0x00020001u;
	/* Stage 4 (TEXENV4 at 0x0F0, after the fog block): scale code 3
	 * (unlisted: x1), alpha op 7 in 16-19 */
	regs[0x0F2] = 0x00070000u;
	regs[0x0F4] = 0x00030003u;
	/* UPDATE_BUFFER (0x0E0): fog mode 5 in bits 0-2 (not ours), RGB
	 * latch of "TexEnv 1" and "TexEnv 3" (bits 8, 10), alpha of "TexEnv
	 * 4" (bit 15): 0x5 + 0x100 + 0x400 + 0x8000 = 0x8505 */
	regs[0x0E0] = 0x00008505u;
	/* BUFFER_COLOR (0x0FD): R 0x00, G 0x40, B 0xFF, A 0x80 */
	regs[0x0FD] = 0x80FF4000u;

	hw_combiner_decode(regs, &c);
	st = &c.stage[1];
	ck_assert_uint_eq(st->rgb_source[0], HW_REG_TEVSRC_TEXTURE0);
	ck_assert_uint_eq(st->rgb_source[1], HW_REG_TEVSRC_PREVIOUS);
	ck_assert_uint_eq(st->rgb_source[2], HW_REG_TEVSRC_CONSTANT);
	ck_assert_uint_eq(st->alpha_source[0], HW_REG_TEVSRC_PREVIOUS_BUFFER);
	ck_assert_uint_eq(st->alpha_source[1], HW_REG_TEVSRC_FRAG_PRIMARY);
	ck_assert_uint_eq(st->alpha_source[2], HW_REG_TEVSRC_FRAG_SECONDARY);
	ck_assert_uint_eq(st->rgb_operand[0], HW_REG_TEVOP_RGB_INV_COLOR);
	ck_assert_uint_eq(st->rgb_operand[1], HW_REG_TEVOP_RGB_BLUE);
	ck_assert_uint_eq(st->rgb_operand[2], HW_REG_TEVOP_RGB_INV_ALPHA);
	ck_assert_uint_eq(st->alpha_operand[0], HW_REG_TEVOP_A_RED);
	ck_assert_uint_eq(st->alpha_operand[1], HW_REG_TEVOP_A_INV_BLUE);
	ck_assert_uint_eq(st->alpha_operand[2], HW_REG_TEVOP_A_GREEN);
	ck_assert_uint_eq(st->rgb_op, HW_REG_TEVCOMB_INTERPOLATE);
	ck_assert_uint_eq(st->alpha_op, HW_REG_TEVCOMB_ADD_MULT);
	ASSERT_RGBA(st->constant, 0x11 / 255.0f, 0x22 / 255.0f, 0x33 / 255.0f, 1.0f);
	ck_assert_uint_eq(st->rgb_scale, 2);
	ck_assert_uint_eq(st->alpha_scale, 4);

	st = &c.stage[4];
	ck_assert_uint_eq(st->alpha_op, HW_REG_TEVCOMB_DOT3_RGBA);
	ck_assert_uint_eq(st->rgb_scale, 1);
	ck_assert_uint_eq(st->alpha_scale, 1);
	/* all-zero stages: sources 0 (primary), REPLACE, scale 1 */
	st = &c.stage[0];
	ck_assert_uint_eq(st->rgb_source[0], HW_REG_TEVSRC_PRIMARY_COLOR);
	ck_assert_uint_eq(st->rgb_op, HW_REG_TEVCOMB_REPLACE);
	ck_assert_uint_eq(st->rgb_scale, 1);

	ck_assert(c.buffer_rgb[0] && !c.buffer_rgb[1] && c.buffer_rgb[2] && !c.buffer_rgb[3]);
	ck_assert(!c.buffer_alpha[0] && !c.buffer_alpha[1] && !c.buffer_alpha[2]
		  && c.buffer_alpha[3]);
	ASSERT_RGBA(c.buffer_color, 0.0f, 0x40 / 255.0f, 1.0f, 0x80 / 255.0f);
}
END_TEST

/* All-zero registers: every stage replaces with the vertex colour. */
START_TEST(test_combiner_zero_registers_give_the_vertex_colour)
{
	static uint32_t regs[HW_REG_COUNT];
	struct hw_combiner_inputs in = inputs();
	struct hw_combiner_config c;
	float out[4];

	memset(regs, 0, sizeof regs);
	hw_combiner_decode(regs, &c);
	hw_combiner_run(&c, &in, out);
	ASSERT_BYTES(out, 64, 128, 192, 128);
	ck_assert_uint_eq(hw_combiner_textures_read(&c), 0);
	ck_assert_uint_eq(hw_combiner_active_stages(&c), 6);
}
END_TEST

/* ---- what the cost model reads ------------------------------------------- */

START_TEST(test_combiner_textures_read_and_active_stages_of_typical_setups)
{
	struct hw_combiner_config c;

	/* vertex colour only: stage 0 replaces with it, 1-5 pass through */
	config_passthrough(&c);
	stage_set(&c, 0, HW_REG_TEVSRC_PRIMARY_COLOR, HW_REG_TEVSRC_PRIMARY_COLOR,
		  HW_REG_TEVSRC_PRIMARY_COLOR, HW_REG_TEVCOMB_REPLACE, HW_REG_TEVCOMB_REPLACE);
	ck_assert_uint_eq(hw_combiner_textures_read(&c), 0);
	ck_assert_uint_eq(hw_combiner_active_stages(&c), 1);

	/* texture modulate: texture 0 times the vertex colour */
	stage_set(&c, 0, HW_REG_TEVSRC_TEXTURE0, HW_REG_TEVSRC_PRIMARY_COLOR, 0,
		  HW_REG_TEVCOMB_MODULATE, HW_REG_TEVCOMB_MODULATE);
	ck_assert_uint_eq(hw_combiner_textures_read(&c), 0x1);
	ck_assert_uint_eq(hw_combiner_active_stages(&c), 1);

	/* three textures: t0 p, then * t1, then + t2 */
	stage_set(&c, 1, HW_REG_TEVSRC_PREVIOUS, HW_REG_TEVSRC_TEXTURE1, 0,
		  HW_REG_TEVCOMB_MODULATE, HW_REG_TEVCOMB_MODULATE);
	stage_set(&c, 2, HW_REG_TEVSRC_PREVIOUS, HW_REG_TEVSRC_TEXTURE2, 0, HW_REG_TEVCOMB_ADD,
		  HW_REG_TEVCOMB_REPLACE);
	ck_assert_uint_eq(hw_combiner_textures_read(&c), 0x7);
	ck_assert_uint_eq(hw_combiner_active_stages(&c), 3);

	/* a slot the op does not use reads nothing: with REPLACE (slot 0
	 * only) in stage 2, texture 2 in its slot 1 is not read */
	stage_set(&c, 2, HW_REG_TEVSRC_PREVIOUS, HW_REG_TEVSRC_TEXTURE2, 0,
		  HW_REG_TEVCOMB_REPLACE, HW_REG_TEVCOMB_REPLACE);
	ck_assert_uint_eq(hw_combiner_textures_read(&c), 0x3);
	/* ... and stage 2 is now a pass-through */
	ck_assert_uint_eq(hw_combiner_active_stages(&c), 2);
	/* slot 2 counts for the three-argument ops; the procedural texture is
	 * bit 3 */
	stage_set(&c, 3, HW_REG_TEVSRC_PREVIOUS, HW_REG_TEVSRC_CONSTANT, HW_REG_TEVSRC_TEXTURE3,
		  HW_REG_TEVCOMB_INTERPOLATE, HW_REG_TEVCOMB_REPLACE);
	ck_assert_uint_eq(hw_combiner_textures_read(&c), 0xB);
	ck_assert_uint_eq(hw_combiner_active_stages(&c), 3);

	/* a pass-through with a scale or another operand does work */
	config_passthrough(&c);
	ck_assert_uint_eq(hw_combiner_active_stages(&c), 0);
	c.stage[5].rgb_scale = 2;
	ck_assert_uint_eq(hw_combiner_active_stages(&c), 1);
	c.stage[4].alpha_operand[0] = HW_REG_TEVOP_A_INV_ALPHA;
	ck_assert_uint_eq(hw_combiner_active_stages(&c), 2);
}
END_TEST

/* The decoded mask agrees with hw_regs.h's per-stage mask on raw words. */
START_TEST(test_combiner_textures_read_matches_the_register_helper)
{
	static uint32_t regs[HW_REG_COUNT];
	struct hw_combiner_config c;
	uint32_t seed = 0x12345678u;
	unsigned round, s, want;

	for (round = 0; round < 500; round++) {
		memset(regs, 0, sizeof regs);
		want = 0;
		for (s = 0; s < HW_COMBINER_STAGES; s++) {
			seed ^= seed << 13;
			seed ^= seed >> 17;
			seed ^= seed << 5;
			regs[HW_REG_TEXENV_SOURCE(s)] = seed & 0x0FFF0FFFu;
			regs[HW_REG_TEXENV_COMBINER(s)] = (seed >> 4) & 0x000F000Fu;
			want |= hw_reg_texenv_texture_mask(regs[HW_REG_TEXENV_SOURCE(s)],
							   regs[HW_REG_TEXENV_COMBINER(s)]);
		}
		hw_combiner_decode(regs, &c);
		if (hw_combiner_textures_read(&c) != want)
			ck_abort_msg("round %u: %u != %u", round, hw_combiner_textures_read(&c), want);
	}
}
END_TEST

static uint32_t xorshift(uint32_t *seed)
{
	*seed ^= *seed << 13;
	*seed ^= *seed >> 17;
	*seed ^= *seed << 5;
	return *seed;
}

/* A value in -0.25..1.25 (clamping matters), now and then NaN or 1. */
static float random_channel(uint32_t *seed)
{
	uint32_t r = xorshift(seed);

	if (r % 29 == 0)
		return nanf("");
	if (r % 31 == 0)
		return 1.0f;
	return (float)(r >> 8 & 0xFFFF) / 65535.0f * 1.5f - 0.25f;
}

/* Random register words: a third of the stages pass through, the rest
 * take any source (unlisted codes too), operand, op and scale. */
static void random_combiner(uint32_t *seed, struct hw_combiner_config *c)
{
	static uint32_t regs[HW_REG_COUNT];
	static const unsigned src_codes[] = { 0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15, 15, 15 };
	unsigned s, n;

	memset(regs, 0, sizeof regs);
	for (s = 0; s < HW_COMBINER_STAGES; s++) {
		uint32_t src = 0, opnd = 0;

		if (xorshift(seed) % 3 == 0) {
			/* pass-through: sources PREVIOUS, operands 0, REPLACE, x1 */
			regs[HW_REG_TEXENV_SOURCE(s)] = 0x000F000Fu;
			continue;
		}
		for (n = 0; n < 3; n++) {
			src |= (uint32_t)src_codes[xorshift(seed) % 14] << (4 * n);
			src |= (uint32_t)src_codes[xorshift(seed) % 14] << (16 + 4 * n);
			opnd |= (xorshift(seed) & 0xFu) << (4 * n);
			opnd |= (xorshift(seed) & 0x7u) << (12 + 4 * n);
		}
		regs[HW_REG_TEXENV_SOURCE(s)] = src;
		regs[HW_REG_TEXENV_OPERAND(s)] = opnd;
		regs[HW_REG_TEXENV_COMBINER(s)] = (xorshift(seed) & 0xFu)
						  | (xorshift(seed) & 0xFu) << 16;
		regs[HW_REG_TEXENV_COLOR(s)] = xorshift(seed);
		regs[HW_REG_TEXENV_SCALE(s)] = (xorshift(seed) & 3u) | (xorshift(seed) & 3u) << 16;
	}
	regs[HW_REG_TEXENV_UPDATE_BUFFER] = xorshift(seed) & 0xFF00u;
	regs[HW_REG_TEXENV_BUFFER_COLOR] = xorshift(seed);
	hw_combiner_decode(regs, c);
}

/* Every input channel random (random_channel). */
static void random_inputs(uint32_t *seed, struct hw_combiner_inputs *in)
{
	unsigned k, u;

	for (k = 0; k < 4; k++) {
		in->primary[k] = random_channel(seed);
		in->fragment_primary[k] = random_channel(seed);
		in->fragment_secondary[k] = random_channel(seed);
		for (u = 0; u < HW_COMBINER_TEXTURES; u++)
			in->texture[u][k] = random_channel(seed);
	}
}

/* hw_combiner_run_bound, bound to `in`, gives the bytes
 * hw_combiner_exec_bytes gives. */
static void assert_bound_bytes(const struct hw_combiner_program *p,
			       const struct hw_combiner_inputs *in, unsigned round)
{
	struct hw_combiner_bound b;
	uint8_t got[4], want[4];

	hw_combiner_exec_bytes(p, in, want);
	hw_combiner_bind(p, in, &b);
	hw_combiner_run_bound(&b, got);
	ck_assert_msg(memcmp(got, want, 4) == 0, "round %u (shape %d): bound %u %u %u %u, "
		      "exec_bytes %u %u %u %u", round, (int)p->shape, got[0], got[1], got[2],
		      got[3], want[0], want[1], want[2], want[3]);
}

START_TEST(test_combiner_compiled_gives_the_same_bits)
{
	uint32_t seed = 0x2468ACE1u;
	unsigned round, k, u;

	for (round = 0; round < 20000; round++) {
		struct hw_combiner_config c;
		struct hw_combiner_program p;
		struct hw_combiner_inputs in, poisoned;
		float want[4], got[4], again[4];

		random_combiner(&seed, &c);
		hw_combiner_compile(&c, &p);
		random_inputs(&seed, &in);
		hw_combiner_run(&c, &in, want);
		hw_combiner_exec(&p, &in, got);
		assert_bound_bytes(&p, &in, round);
		if (memcmp(want, got, sizeof want) != 0)
			ck_abort_msg("round %u: run %a %a %a %a, exec %a %a %a %a", round,
				     (double)want[0], (double)want[1], (double)want[2],
				     (double)want[3], (double)got[0], (double)got[1],
				     (double)got[2], (double)got[3]);
		/* Inputs the program does not list are not read. */
		poisoned = in;
		for (k = 0; k < 4; k++) {
			if (!(p.sources_read >> HW_REG_TEVSRC_PRIMARY_COLOR & 1u))
				poisoned.primary[k] = 0.375f;
			if (!(p.sources_read >> HW_REG_TEVSRC_FRAG_PRIMARY & 1u))
				poisoned.fragment_primary[k] = 0.375f;
			if (!(p.sources_read >> HW_REG_TEVSRC_FRAG_SECONDARY & 1u))
				poisoned.fragment_secondary[k] = 0.375f;
			for (u = 0; u < HW_COMBINER_TEXTURES; u++)
				if (!(p.sources_read >> (HW_REG_TEVSRC_TEXTURE0 + u) & 1u))
					poisoned.texture[u][k] = 0.375f;
		}
		hw_combiner_exec(&p, &poisoned, again);
		if (memcmp(want, again, sizeof want) != 0)
			ck_abort_msg("round %u: an input not in sources_read (0x%X) was read",
				     round, p.sources_read);
	}
}
END_TEST

/* One active stage replacing or modulating plain sources, the others
 * passing through: the straight-line shapes, the same bits as the
 * reference; any other operand, scale or a read buffer is GENERAL. */
START_TEST(test_combiner_compiled_shapes_give_the_same_bits)
{
	static const unsigned src_codes[] = { 0, 1, 2, 3, 4, 5, 6, 7, 12, 14, 15 };
	static uint32_t regs[HW_REG_COUNT];
	uint32_t seed = 0x13579BDFu;
	unsigned round, k, seen[4] = { 0, 0, 0, 0 };

	for (round = 0; round < 4000; round++) {
		struct hw_combiner_config c;
		struct hw_combiner_program p;
		struct hw_combiner_inputs in;
		float want[4], got[4];
		unsigned s, active = xorshift(&seed) % HW_COMBINER_STAGES;
		unsigned a = src_codes[xorshift(&seed) % 11], b = src_codes[xorshift(&seed) % 11];
		unsigned variant = xorshift(&seed) % 8;
		bool modulate = xorshift(&seed) & 1u, none = variant == 7;
		enum hw_combiner_shape want_shape = none ? HW_COMBINER_NONE
						    : modulate ? HW_COMBINER_MODULATE
						    : HW_COMBINER_REPLACE;

		if ((!modulate || active == 0) && a == HW_REG_TEVSRC_PREVIOUS)
			a = HW_REG_TEVSRC_TEXTURE0;     /* else the stage passes through */
		if (active == 0 && b == HW_REG_TEVSRC_PREVIOUS)
			b = HW_REG_TEVSRC_TEXTURE1;     /* stage 0's previous reads slot 2 */
		memset(regs, 0, sizeof regs);
		/* Pass-through stages; stage 0's needs PREVIOUS in every slot. */
		regs[HW_REG_TEXENV_SOURCE(0)] = 0x0FFF0FFFu;
		for (s = 1; s < HW_COMBINER_STAGES; s++)
			regs[HW_REG_TEXENV_SOURCE(s)] = 0x000F000Fu;
		if (!none) {
			regs[HW_REG_TEXENV_SOURCE(active)] = a | b << 4 | a << 16 | b << 20;
			regs[HW_REG_TEXENV_COMBINER(active)] = modulate ? 0x00010001u : 0;
		}
		regs[HW_REG_TEXENV_COLOR(active)] = xorshift(&seed);
		switch (variant) {
		case 1:         /* RGB operand: alpha */
			regs[HW_REG_TEXENV_OPERAND(active)] = 2;
			want_shape = HW_COMBINER_GENERAL;
			break;
		case 2:         /* alpha operand of slot 1: one minus alpha */
			regs[HW_REG_TEXENV_OPERAND(active)] = 1u << 16;
			want_shape = modulate ? HW_COMBINER_GENERAL : want_shape;
			break;
		case 3:         /* x2 on alpha */
			regs[HW_REG_TEXENV_SCALE(active)] = 1u << 16;
			want_shape = HW_COMBINER_GENERAL;
			break;
		case 4:         /* the alpha side reads another source */
			regs[HW_REG_TEXENV_SOURCE(active)] ^= 0x00010000u;
			want_shape = HW_COMBINER_GENERAL;
			break;
		case 5:         /* RGB and alpha ops differ */
			regs[HW_REG_TEXENV_COMBINER(active)] ^= 0x00010000u;
			want_shape = HW_COMBINER_GENERAL;
			break;
		default:
			break;
		}
		if (!none && variant == 0 && (xorshift(&seed) & 3u) == 0) {
			/* a second active stage after it */
			s = (active + 1) % HW_COMBINER_STAGES;
			regs[HW_REG_TEXENV_SOURCE(s)] = 0x000F000Fu;
			regs[HW_REG_TEXENV_COMBINER(s)] = 0x00010001u;
			want_shape = HW_COMBINER_GENERAL;
		}
		hw_combiner_decode(regs, &c);
		hw_combiner_compile(&c, &p);
		ck_assert_msg(p.shape == want_shape, "round %u: shape %d, want %d", round,
			      (int)p.shape, (int)want_shape);
		seen[p.shape]++;
		random_inputs(&seed, &in);
		hw_combiner_run(&c, &in, want);
		hw_combiner_exec(&p, &in, got);
		assert_bound_bytes(&p, &in, round);
		if (memcmp(want, got, sizeof want) != 0)
			ck_abort_msg("round %u (shape %d): run %a %a %a %a, exec %a %a %a %a",
				     round, (int)p.shape, (double)want[0], (double)want[1],
				     (double)want[2], (double)want[3], (double)got[0],
				     (double)got[1], (double)got[2], (double)got[3]);
	}
	for (k = 0; k < 4; k++)
		ck_assert_uint_gt(seen[k], 100);
	/* A latch that a later stage reads: the buffer path. */
	memset(regs, 0, sizeof regs);
	for (k = 1; k < HW_COMBINER_STAGES; k++)
		regs[HW_REG_TEXENV_SOURCE(k)] = 0x000F000Fu;
	regs[HW_REG_TEXENV_SOURCE(3)] = 0x000D000Du;
	{
		struct hw_combiner_config c;
		struct hw_combiner_program p;

		hw_combiner_decode(regs, &c);
		hw_combiner_compile(&c, &p);
		ck_assert(p.uses_buffer);
		ck_assert_int_eq(p.shape, HW_COMBINER_GENERAL);
	}
}
END_TEST

/* The rounding hw_combiner_exec_bytes documents, written out. */
static uint8_t ref_byte(float v)
{
	if (!(v > 0.0f))
		return 0;
	if (v >= 1.0f)
		return 255;
	return (uint8_t)(v * 255.0f + 0.5f);
}

static void check_bytes(const struct hw_combiner_config *c, const struct hw_combiner_program *p,
			const struct hw_combiner_inputs *in, unsigned round)
{
	float want[4];
	uint8_t got[4];
	unsigned k;

	hw_combiner_run(c, in, want);
	hw_combiner_exec_bytes(p, in, got);
	assert_bound_bytes(p, in, round);
	for (k = 0; k < 4; k++)
		if (got[k] != ref_byte(want[k]))
			ck_abort_msg("round %u (shape %d), channel %u: %a gives %u, want %u", round,
				     (int)p->shape, k, (double)want[k], got[k],
				     ref_byte(want[k]));
}

/* The colour the fragment stage takes: every shape and random programs,
 * and channels on and beside every rounding edge k / 510 (NaN, -0, the
 * infinities and values outside 0..1 too). */
START_TEST(test_combiner_exec_bytes_rounds_to_nearest)
{
	static uint32_t regs[HW_REG_COUNT];
	static const float odd[] = { 0.0f, -0.0f, 1.0f, 2.0f, -1.0f, INFINITY, -INFINITY };
	struct hw_combiner_config c[3];
	struct hw_combiner_program p[3];
	struct hw_combiner_inputs in;
	uint32_t seed = 0x0BADF00Du;
	unsigned round, k, j, n;

	/* REPLACE: stage 0 takes the vertex colour, the rest pass through;
	 * MODULATE: stage 0 multiplies it by texture 0; GENERAL: six stages. */
	memset(regs, 0, sizeof regs);
	hw_combiner_decode(regs, &c[2]);
	for (k = 1; k < HW_COMBINER_STAGES; k++)
		regs[HW_REG_TEXENV_SOURCE(k)] = 0x000F000Fu;
	hw_combiner_decode(regs, &c[0]);
	regs[HW_REG_TEXENV_SOURCE(0)] = 0x00300030u;
	regs[HW_REG_TEXENV_COMBINER(0)] = 0x00010001u;
	hw_combiner_decode(regs, &c[1]);
	for (k = 0; k < 3; k++)
		hw_combiner_compile(&c[k], &p[k]);
	ck_assert_int_eq(p[0].shape, HW_COMBINER_REPLACE);
	ck_assert_int_eq(p[1].shape, HW_COMBINER_MODULATE);
	ck_assert_int_eq(p[2].shape, HW_COMBINER_GENERAL);
	memset(&in, 0, sizeof in);
	for (k = 0; k < 4; k++)
		in.texture[0][k] = 1.0f;
	for (round = 0; round <= 510 + sizeof odd / sizeof odd[0]; round++) {
		float v = round <= 510 ? (float)round / 510.0f
			  : odd[round - 511];

		/* the edge, one and two steps either side */
		in.primary[0] = v;
		in.primary[1] = nextafterf(v, 2.0f);
		in.primary[2] = nextafterf(v, -1.0f);
		in.primary[3] = nextafterf(nextafterf(v, -1.0f), -1.0f);
		for (n = 0; n < 3; n++)
			check_bytes(&c[n], &p[n], &in, round);
		in.primary[0] = nextafterf(in.primary[1], 2.0f);
		in.texture[0][1] = nanf("");
		for (n = 0; n < 3; n++)
			check_bytes(&c[n], &p[n], &in, round);
		in.texture[0][1] = 1.0f;
	}
	/* hand-computed: 127.5 + 0.5, 0.5 + 0.5, just under */
	in.primary[0] = 0.5f;
	in.primary[1] = 1.0f / 255.0f;
	in.primary[2] = 0.4f / 255.0f;
	in.primary[3] = nanf("");
	for (n = 0; n < 3; n++) {
		uint8_t got[4];

		hw_combiner_exec_bytes(&p[n], &in, got);
		ck_assert_uint_eq(got[0], 128);
		ck_assert_uint_eq(got[1], 1);
		ck_assert_uint_eq(got[2], 0);
		ck_assert_uint_eq(got[3], 0);
	}
	for (round = 0; round < 5000; round++) {
		struct hw_combiner_config rc;
		struct hw_combiner_program rp;

		random_combiner(&seed, &rc);
		hw_combiner_compile(&rc, &rp);
		random_inputs(&seed, &in);
		check_bytes(&rc, &rp, &in, round);
		for (j = 0; j < 2; j++) {
			for (k = 0; k < 4; k++)
				in.texture[0][k] = random_channel(&seed);
			check_bytes(&c[j], &p[j], &in, round);
		}
	}
}
END_TEST

START_TEST(test_combiner_compiled_default_stages_read_only_the_vertex_colour)
{
	static uint32_t regs[HW_REG_COUNT];
	struct hw_combiner_config c;
	struct hw_combiner_program p;
	unsigned s;

	/* All-zero registers: six stages REPLACE with the vertex colour. */
	memset(regs, 0, sizeof regs);
	hw_combiner_decode(regs, &c);
	hw_combiner_compile(&c, &p);
	ck_assert_uint_eq(p.sources_read, 1u << 0);
	ck_assert(!p.uses_buffer);
	/* Stages 1-5 passing through compute nothing. */
	for (s = 1; s < HW_COMBINER_STAGES; s++)
		c.stage[s] = (struct hw_combiner_stage){ { 15, 15, 15 }, { 15, 15, 15 },
							 { 0, 0, 0 }, { 0, 0, 0 }, 0, 0,
							 { 0, 0, 0, 0 }, 1, 1 };
	hw_combiner_compile(&c, &p);
	for (s = 1; s < HW_COMBINER_STAGES; s++)
		ck_assert(p.step[s].pass);
	ck_assert(!p.step[0].pass);
	ck_assert_uint_eq(p.step[0].rgb_args, 1);
	ck_assert_uint_eq(p.step[0].alpha_args, 1);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("combiner");
	TCase *tc = tcase_create("arithmetic");

	tcase_add_test(tc, test_combiner_each_op_on_hand_computed_values);
	tcase_add_test(tc, test_combiner_each_operand_selects_and_inverts);
	tcase_add_test(tc, test_combiner_operands_of_every_slot);
	tcase_add_test(tc, test_combiner_scale_then_clamp);
	tcase_add_test(tc, test_combiner_sources_are_clamped_when_read);
	suite_add_tcase(s, tc);

	tc = tcase_create("chaining");
	tcase_add_test(tc, test_combiner_previous_chains_the_stages);
	tcase_add_test(tc, test_combiner_stage0_previous_reads_slot_2_or_zero);
	tcase_add_test(tc, test_combiner_buffer_latches_reach_stage_after_next);
	suite_add_tcase(s, tc);

	tc = tcase_create("registers");
	tcase_add_test(tc, test_combiner_decode_register_words);
	tcase_add_test(tc, test_combiner_zero_registers_give_the_vertex_colour);
	suite_add_tcase(s, tc);

	tc = tcase_create("cost");
	tcase_add_test(tc, test_combiner_textures_read_and_active_stages_of_typical_setups);
	tcase_add_test(tc, test_combiner_textures_read_matches_the_register_helper);
	suite_add_tcase(s, tc);

	tc = tcase_create("compiled");
	tcase_add_test(tc, test_combiner_compiled_gives_the_same_bits);
	tcase_add_test(tc, test_combiner_compiled_default_stages_read_only_the_vertex_colour);
	tcase_add_test(tc, test_combiner_compiled_shapes_give_the_same_bits);
	tcase_add_test(tc, test_combiner_exec_bytes_rounds_to_nearest);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
