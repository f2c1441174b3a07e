/* hw_combiner.c: the six-stage texture combiner and its buffer. Public
 * facts: 3dbrew, GPU/Internal Registers (GPUREG_TEXENVi_*, the source,
 * operand and op codes, the scales, TEXENV_UPDATE_BUFFER and
 * TEXENV_BUFFER_COLOR; all decoded through hw_regs.h); the op formulas of
 * the Khronos GL texture_env_combine / texture_env_dot3 specifications.
 * Every model choice is listed in hw_combiner.h. */
#include <string.h>

#include "hw_combiner.h"
#include "hw_simd.h"



/* 8-bit channel n (0 = bits 0-7) of a colour register, over 255. */
static float comb_channel(uint32_t reg, unsigned n)
{
	return (float)((reg >> (8u * n)) & 0xFFu) / 255.0f;
}

void hw_combiner_decode(const uint32_t regs[HW_REG_COUNT], struct hw_combiner_config *c)
{
	uint32_t update = regs[HW_REG_TEXENV_UPDATE_BUFFER];
	unsigned s, n;

	memset(c, 0, sizeof *c);
	for (s = 0; s < HW_COMBINER_STAGES; s++) {
		struct hw_combiner_stage *st = &c->stage[s];
		uint32_t src = regs[HW_REG_TEXENV_SOURCE(s)], op = regs[HW_REG_TEXENV_OPERAND(s)];
		uint32_t comb = regs[HW_REG_TEXENV_COMBINER(s)], scale = regs[HW_REG_TEXENV_SCALE(s)];

		for (n = 0; n < 3; n++) {
			st->rgb_source[n] = (uint8_t)hw_reg_texenv_rgb_source(src, n);
			st->alpha_source[n] = (uint8_t)hw_reg_texenv_alpha_source(src, n);
			st->rgb_operand[n] = (uint8_t)hw_reg_texenv_rgb_operand(op, n);
			st->alpha_operand[n] = (uint8_t)hw_reg_texenv_alpha_operand(op, n);
		}
		st->rgb_op = (uint8_t)hw_reg_texenv_rgb_combine(comb);
		st->alpha_op = (uint8_t)hw_reg_texenv_alpha_combine(comb);
		for (n = 0; n < 4; n++)
			st->constant[n] = comb_channel(regs[HW_REG_TEXENV_COLOR(s)], n);
		st->rgb_scale = hw_reg_texenv_scale_factor(hw_reg_texenv_rgb_scale(scale));
		st->alpha_scale = hw_reg_texenv_scale_factor(hw_reg_texenv_alpha_scale(scale));
	}
	/* The pages number the latch bits from 1 ("TexEnv 1" = bit 8). */
	for (s = 0; s < HW_COMBINER_BUFFER_STAGES; s++) {
		c->buffer_rgb[s] = hw_reg_texenv_buffer_rgb(update, s + 1);
		c->buffer_alpha[s] = hw_reg_texenv_buffer_alpha(update, s + 1);
	}
	for (n = 0; n < 4; n++)
		c->buffer_color[n] = comb_channel(regs[HW_REG_TEXENV_BUFFER_COLOR], n);
}

/* ---- 8-bit arithmetic (fragment-pipeline.md B.4) ------------------------ */

/* A float channel as the combiner's 8-bit input: clamped to 0..1 (NaN is
 * 0), times 255, rounded to nearest; the same float operations as
 * hw_combiner_bytes4, so the two agree on every value. */
static inline uint8_t comb_in_byte(float v)
{
	if (!(v > 0.0f))
		return 0;
	if (v >= 1.0f)
		return 255;
	return (uint8_t)(v * 255.0f + 0.5f);
}

/* The four channels of v as the combiner's input bytes (comb_in_byte
 * each). */
static void comb_in_bytes(const float v[4], uint8_t out[4])
{
	unsigned k;

	for (k = 0; k < 4; k++)
		out[k] = comb_in_byte(v[k]);
}

static const uint8_t comb_zero8[4] = { 0, 0, 0, 0 };

/* ⌊n / 256⌋ for a signed n (rounding toward minus infinity). */
static inline int comb_floor256(int n)
{
	return n >= 0 ? n / 256 : -((255 - n) / 256);
}

/* One channel of an op other than DOT3, on 0..255 values. */
static inline unsigned comb_op8(unsigned op, unsigned a, unsigned b, unsigned c)
{
	unsigned v;

	switch (op) {
	case HW_REG_TEVCOMB_MODULATE: return a * b / 255u;
	case HW_REG_TEVCOMB_ADD: v = a + b; return v > 255u ? 255u : v;
	case HW_REG_TEVCOMB_ADD_SIGNED:
		v = a + b;
		return v < 128u ? 0u : v - 128u > 255u ? 255u : v - 128u;
	case HW_REG_TEVCOMB_INTERPOLATE: return (a * c + b * (255u - c)) / 255u;
	case HW_REG_TEVCOMB_SUBTRACT: return a > b ? a - b : 0u;
	case HW_REG_TEVCOMB_MULT_ADD: v = (a * b + 255u * c) / 255u; return v > 255u ? 255u : v;
	case HW_REG_TEVCOMB_ADD_MULT: v = a + b; return (v > 255u ? 255u : v) * c / 255u;
	default: return a;                      /* REPLACE; DOT3 and 10-15 as alpha */
	}
}

/* DOT3 of two RGB operand triples: the sum over R, G, B of
 * ⌊((2a - 255)(2b - 255) + 128) / 256⌋, clamped to 0..255. */
static inline unsigned comb_dot3_8(const uint8_t a[3], const uint8_t b[3])
{
	int sum = 0;
	unsigned k;

	for (k = 0; k < 3; k++)
		sum += comb_floor256((2 * (int)a[k] - 255) * (2 * (int)b[k] - 255) + 128);
	return sum < 0 ? 0u : sum > 255 ? 255u : (unsigned)sum;
}

/* v times scale (1, 2 or 4), saturated at 255. */
static inline uint8_t comb_scale8(unsigned v, unsigned scale)
{
	v *= scale;
	return (uint8_t)(v > 255u ? 255u : v);
}

static bool comb_is_dot3(unsigned op)
{
	return op == HW_REG_TEVCOMB_DOT3_RGB || op == HW_REG_TEVCOMB_DOT3_RGBA;
}

/* Code for "reads 0, 0, 0, 0": one of the unlisted source codes. */
#define COMB_SRC_ZERO 7u

/* Stage 0's inputs (B.4, the SDK driver's and Citra's behaviour): an RGB
 * slot 0 or 1 set to PREVIOUS reads slot 2's source instead (0 when that
 * is PREVIOUS too); slot 2 PREVIOUS and every alpha PREVIOUS read 0; the
 * buffer reads 0. */
static void comb_stage0_sources(const struct hw_combiner_stage *st, uint8_t rgb[3],
				uint8_t alpha[3])
{
	unsigned n, third = st->rgb_source[2];

	if (third == HW_REG_TEVSRC_PREVIOUS || third == HW_REG_TEVSRC_PREVIOUS_BUFFER)
		third = COMB_SRC_ZERO;
	for (n = 0; n < 3; n++) {
		rgb[n] = st->rgb_source[n];
		alpha[n] = st->alpha_source[n];
		if (rgb[n] == HW_REG_TEVSRC_PREVIOUS)
			rgb[n] = (uint8_t)(n < 2 ? third : COMB_SRC_ZERO);
		if (rgb[n] == HW_REG_TEVSRC_PREVIOUS_BUFFER)
			rgb[n] = COMB_SRC_ZERO;
		if (alpha[n] == HW_REG_TEVSRC_PREVIOUS || alpha[n] == HW_REG_TEVSRC_PREVIOUS_BUFFER)
			alpha[n] = COMB_SRC_ZERO;
	}
}

/* The sources a stage reads, after stage 0's substitutions. */
static void comb_stage_sources(const struct hw_combiner_stage *st, unsigned s, uint8_t rgb[3],
			       uint8_t alpha[3])
{
	if (s == 0) {
		comb_stage0_sources(st, rgb, alpha);
		return;
	}
	memcpy(rgb, st->rgb_source, 3);
	memcpy(alpha, st->alpha_source, 3);
}

/* What a stage sees: every source code's bytes. */
struct comb_view {
	const uint8_t *src[16];
};

/* An RGB operand of colour `col`: three values. */
static void comb_rgb_operand(unsigned op, const uint8_t col[4], uint8_t out[3])
{
	unsigned k, channel = (op >> 2) & 3u;   /* 1 R, 2 G, 3 B */

	for (k = 0; k < 3; k++) {
		uint8_t v = channel ? col[channel - 1] : (op & 2u) ? col[3] : col[k];
		out[k] = (op & 1u) ? (uint8_t)(255u - v) : v;
	}
}

/* An alpha operand of colour `col`: alpha, red, green, blue, each or one
 * minus it. */
static uint8_t comb_alpha_operand(unsigned op, const uint8_t col[4])
{
	static const unsigned char channel[4] = { 3, 0, 1, 2 };
	uint8_t v = col[channel[(op >> 1) & 3u]];

	return (op & 1u) ? (uint8_t)(255u - v) : v;
}

/* One stage, reference form: its output in out. */
static void comb_stage(const struct hw_combiner_stage *st, unsigned s, const struct comb_view *v,
		       uint8_t out[4])
{
	uint8_t rgb[3][3], alpha[3], rsrc[3], asrc[3];
	unsigned n, k, a;

	comb_stage_sources(st, s, rsrc, asrc);
	for (n = 0; n < 3; n++) {
		comb_rgb_operand(st->rgb_operand[n], v->src[rsrc[n] & 0xFu], rgb[n]);
		alpha[n] = comb_alpha_operand(st->alpha_operand[n], v->src[asrc[n] & 0xFu]);
	}
	if (comb_is_dot3(st->rgb_op)) {
		unsigned d = comb_dot3_8(rgb[0], rgb[1]);
		for (k = 0; k < 3; k++)
			out[k] = comb_scale8(d, st->rgb_scale);
		a = d;
	} else {
		for (k = 0; k < 3; k++)
			out[k] = comb_scale8(comb_op8(st->rgb_op, rgb[0][k], rgb[1][k], rgb[2][k]),
					     st->rgb_scale);
		a = 0;
	}
	if (st->rgb_op != HW_REG_TEVCOMB_DOT3_RGBA)
		a = comb_op8(st->alpha_op, alpha[0], alpha[1], alpha[2]);
	out[3] = comb_scale8(a, st->alpha_scale);
}

/* The bytes of the float inputs, and the view of every code over them. */
static void comb_view_init(struct comb_view *v, const struct hw_combiner_inputs *in,
			   uint8_t conv[7][4])
{
	unsigned k;

	comb_in_bytes(in->primary, conv[HW_REG_TEVSRC_PRIMARY_COLOR]);
	comb_in_bytes(in->fragment_primary, conv[HW_REG_TEVSRC_FRAG_PRIMARY]);
	comb_in_bytes(in->fragment_secondary, conv[HW_REG_TEVSRC_FRAG_SECONDARY]);
	for (k = 0; k < HW_COMBINER_TEXTURES; k++)
		comb_in_bytes(in->texture[k], conv[HW_REG_TEVSRC_TEXTURE0 + k]);
	for (k = 0; k < 16; k++)
		v->src[k] = k < 7 ? conv[k] : comb_zero8;       /* 7-12: not listed */
}

/* Bytes 0-255 back to floats in [0, 1]. */
static void comb_out_floats(const uint8_t b[4], float out[4])
{
	unsigned k;

	for (k = 0; k < 4; k++)
		out[k] = (float)b[k] / 255.0f;
}

void hw_combiner_run(const struct hw_combiner_config *c, const struct hw_combiner_inputs *in,
		     float out[4])
{
	uint8_t conv[7][4], previous[4] = { 0, 0, 0, 0 }, buffer[4], next_buffer[4];
	uint8_t constant[4];
	struct comb_view v;
	unsigned s, k;

	comb_view_init(&v, in, conv);
	comb_in_bytes(c->buffer_color, next_buffer);
	memset(buffer, 0, sizeof buffer);               /* stage 0 reads 0 */
	v.src[HW_REG_TEVSRC_PREVIOUS] = previous;
	v.src[HW_REG_TEVSRC_PREVIOUS_BUFFER] = buffer;
	v.src[HW_REG_TEVSRC_CONSTANT] = constant;
	for (s = 0; s < HW_COMBINER_STAGES; s++) {
		uint8_t result[4];

		comb_in_bytes(c->stage[s].constant, constant);
		comb_stage(&c->stage[s], s, &v, result);
		/* Stage s + 1 reads the buffer without stage s's latch. */
		memcpy(buffer, next_buffer, sizeof buffer);
		if (s < HW_COMBINER_BUFFER_STAGES) {
			if (c->buffer_rgb[s])
				for (k = 0; k < 3; k++)
					next_buffer[k] = result[k];
			if (c->buffer_alpha[s])
				next_buffer[3] = result[3];
		}
		memcpy(previous, result, sizeof previous);
	}
	comb_out_floats(previous, out);
}

/* Bit mask of texture units 0-3 that the first args of source[] read, args
 * being how many operation `op` takes. */
static unsigned comb_texture_bits(const uint8_t *source, unsigned op)
{
	unsigned n, args = hw_reg_texenv_combine_args(op), mask = 0;

	for (n = 0; n < args; n++)
		if (source[n] >= HW_REG_TEVSRC_TEXTURE0 && source[n] <= HW_REG_TEVSRC_TEXTURE3)
			mask |= 1u << (source[n] - HW_REG_TEVSRC_TEXTURE0);
	return mask;
}

unsigned hw_combiner_textures_read(const struct hw_combiner_config *c)
{
	unsigned s, mask = 0;

	for (s = 0; s < HW_COMBINER_STAGES; s++) {
		mask |= comb_texture_bits(c->stage[s].rgb_source, c->stage[s].rgb_op);
		mask |= comb_texture_bits(c->stage[s].alpha_source, c->stage[s].alpha_op);
	}
	return mask;
}

/* Whether stage st returns "previous" unchanged: REPLACE of previous's colour
 * and alpha, no inversion, scale 1. */
static bool comb_passes_through(const struct hw_combiner_stage *st)
{
	return st->rgb_op == HW_REG_TEVCOMB_REPLACE && st->alpha_op == HW_REG_TEVCOMB_REPLACE
	       && st->rgb_source[0] == HW_REG_TEVSRC_PREVIOUS
	       && st->alpha_source[0] == HW_REG_TEVSRC_PREVIOUS
	       && st->rgb_operand[0] == HW_REG_TEVOP_RGB_COLOR
	       && st->alpha_operand[0] == HW_REG_TEVOP_A_ALPHA
	       && st->rgb_scale == 1 && st->alpha_scale == 1;
}

unsigned hw_combiner_active_stages(const struct hw_combiner_config *c)
{
	unsigned s, active = 0;

	for (s = 0; s < HW_COMBINER_STAGES; s++)
		if (!comb_passes_through(&c->stage[s]))
			active++;
	return active;
}

/* ---- compiled -------------------------------------------------------------- */

/* The argument slots an op's arithmetic reads (comb_op8 and DOT3):
 * REPLACE and the unlisted codes one, DOT3 two, the three-argument ops
 * three, the rest two. As an alpha op, DOT3 acts as REPLACE. */
static uint8_t comb_slots_read(unsigned op, bool alpha)
{
	switch (op) {
	case HW_REG_TEVCOMB_MODULATE: case HW_REG_TEVCOMB_ADD: case HW_REG_TEVCOMB_ADD_SIGNED:
	case HW_REG_TEVCOMB_SUBTRACT:
		return 2;
	case HW_REG_TEVCOMB_DOT3_RGB: case HW_REG_TEVCOMB_DOT3_RGBA:
		return alpha ? 1 : 2;
	case HW_REG_TEVCOMB_INTERPOLATE: case HW_REG_TEVCOMB_MULT_ADD: case HW_REG_TEVCOMB_ADD_MULT:
		return 3;
	default:
		return 1;
	}
}

/* comb_rgb_operand's choice: channel 0-2 (the one channel on all three),
 * 3 (alpha on all three) or 4 (the colour). */
static struct hw_combiner_slot comb_rgb_slot(unsigned source, unsigned op)
{
	struct hw_combiner_slot sl;
	unsigned channel = (op >> 2) & 3u;

	sl.source = (uint8_t)source;
	sl.channel = (uint8_t)(channel ? channel - 1 : (op & 2u) ? 3 : 4);
	sl.invert = (op & 1u) != 0;
	return sl;
}

/* An alpha operand's slot: operand bits 1-2 pick alpha, red, green or blue;
 * bit 0 inverts. */
static struct hw_combiner_slot comb_alpha_slot(unsigned source, unsigned op)
{
	static const unsigned char channel[4] = { 3, 0, 1, 2 };
	struct hw_combiner_slot sl;

	sl.source = (uint8_t)source;
	sl.channel = channel[(op >> 1) & 3u];
	sl.invert = (op & 1u) != 0;
	return sl;
}

/* Slot n of the RGB and the alpha side read one source as its colour
 * and its alpha, not inverted. */
static bool comb_plain_pair(const struct hw_combiner_step *k, unsigned n)
{
	return k->rgb[n].source == k->alpha[n].source && k->rgb[n].channel == 4
	       && k->alpha[n].channel == 3 && !k->rgb[n].invert && !k->alpha[n].invert;
}

/* The program's shape (enum hw_combiner_shape). */
static void comb_shape(struct hw_combiner_program *p)
{
	const struct hw_combiner_step *k;

	p->shape = HW_COMBINER_GENERAL;
	if (p->uses_buffer)
		return;
	if (p->active_count == 0) {
		p->shape = HW_COMBINER_NONE;
		return;
	}
	if (p->active_count != 1)
		return;
	k = &p->step[p->active[0]];
	if (k->rgb_scale != 1 || k->alpha_scale != 1 || k->rgb_op != k->alpha_op)
		return;
	if (k->rgb_op == HW_REG_TEVCOMB_REPLACE && comb_plain_pair(k, 0)) {
		p->shape = HW_COMBINER_REPLACE;
		p->shape_source[0] = k->rgb[0].source;
	} else if (k->rgb_op == HW_REG_TEVCOMB_MODULATE && comb_plain_pair(k, 0)
		   && comb_plain_pair(k, 1)) {
		p->shape = HW_COMBINER_MODULATE;
		p->shape_source[0] = k->rgb[0].source;
		p->shape_source[1] = k->rgb[1].source;
	}
}

/* Stage 0 passes "previous" (0, 0, 0, 0) on when it is a pass-through
 * stage whose slot 0 PREVIOUS reads 0 after the substitutions (slot 2
 * PREVIOUS too, as the SDK's unused stages have it). */
static bool comb_stage0_passes(const struct hw_combiner_stage *st, const uint8_t rgb[3],
			       const uint8_t alpha[3])
{
	return comb_passes_through(st) && rgb[0] == COMB_SRC_ZERO && alpha[0] == COMB_SRC_ZERO;
}

void hw_combiner_compile(const struct hw_combiner_config *c, struct hw_combiner_program *p)
{
	unsigned s, n;

	memset(p, 0, sizeof *p);
	comb_in_bytes(c->buffer_color, p->buffer_color);
	for (s = 0; s < HW_COMBINER_STAGES; s++) {
		const struct hw_combiner_stage *st = &c->stage[s];
		struct hw_combiner_step *k = &p->step[s];
		uint8_t rsrc[3], asrc[3];

		comb_stage_sources(st, s, rsrc, asrc);
		k->rgb_op = st->rgb_op;
		k->alpha_op = st->alpha_op;
		k->dot3_rgba = st->rgb_op == HW_REG_TEVCOMB_DOT3_RGBA;
		k->rgb_scale = st->rgb_scale;
		k->alpha_scale = st->alpha_scale;
		comb_in_bytes(st->constant, k->constant);
		if (s < HW_COMBINER_BUFFER_STAGES) {
			k->latch_rgb = c->buffer_rgb[s];
			k->latch_alpha = c->buffer_alpha[s];
		}
		/* Pass-through: the result is "previous" itself (x1 of a byte;
		 * at stage 0, 0 replaced by 0 at any scale). */
		k->pass = s == 0 ? comb_stage0_passes(st, rsrc, asrc) : comb_passes_through(st);
		if (k->pass)
			continue;
		p->active[p->active_count++] = (uint8_t)s;
		k->rgb_args = comb_slots_read(st->rgb_op, false);
		k->alpha_args = k->dot3_rgba ? 0 : comb_slots_read(st->alpha_op, true);
		for (n = 0; n < k->rgb_args; n++) {
			k->rgb[n] = comb_rgb_slot(rsrc[n], st->rgb_operand[n]);
			p->sources_read |= 1u << (rsrc[n] & 0xFu);
		}
		for (n = 0; n < k->alpha_args; n++) {
			k->alpha[n] = comb_alpha_slot(asrc[n], st->alpha_operand[n]);
			p->sources_read |= 1u << (asrc[n] & 0xFu);
		}
	}
	p->uses_buffer = (p->sources_read >> HW_REG_TEVSRC_PREVIOUS_BUFFER) & 1u;
	comb_shape(p);
}

/* Byte k of slot sl in view r: the slot's fixed channel, or channel k when
 * sl->channel is 4; inverted (255 - v) when the slot says so. */
static inline uint8_t comb_slot_value(const struct comb_view *r,
				      const struct hw_combiner_slot *sl, unsigned k)
{
	uint8_t v = r->src[sl->source & 0xFu][sl->channel == 4 ? k : sl->channel];

	return sl->invert ? (uint8_t)(255u - v) : v;
}

/* Run one compiled stage on the sources in r and write its four result bytes
 * to out: the RGB and alpha operations, DOT3 when asked, each scaled and
 * saturated. Reads st and r only. */
static void comb_exec_step(const struct hw_combiner_step *st, const struct comb_view *r,
			   uint8_t out[4])
{
	uint8_t rgb[3][3] = { { 0 } }, alpha[3] = { 0, 0, 0 };
	unsigned n, k, a;

	for (n = 0; n < st->rgb_args; n++)
		for (k = 0; k < 3; k++)
			rgb[n][k] = comb_slot_value(r, &st->rgb[n], k);
	for (n = 0; n < st->alpha_args; n++)
		alpha[n] = comb_slot_value(r, &st->alpha[n], 3);
	if (comb_is_dot3(st->rgb_op)) {
		unsigned d = comb_dot3_8(rgb[0], rgb[1]);
		for (k = 0; k < 3; k++)
			out[k] = comb_scale8(d, st->rgb_scale);
		a = d;
	} else {
		for (k = 0; k < 3; k++)
			out[k] = comb_scale8(comb_op8(st->rgb_op, rgb[0][k], rgb[1][k], rgb[2][k]),
					     st->rgb_scale);
		a = 0;
	}
	if (!st->dot3_rgba)
		a = comb_op8(st->alpha_op, alpha[0], alpha[1], alpha[2]);
	out[3] = comb_scale8(a, st->alpha_scale);
}

/* Where source `code` reads from in a program without the buffer, for
 * its one active stage (PREVIOUS is 0 there: every stage before passes
 * through). */
static inline const float *comb_shape_from(const struct hw_combiner_program *p,
					   const struct hw_combiner_inputs *in, unsigned code,
					   float constant[4])
{
	static const float zero[4] = { 0.0f, 0.0f, 0.0f, 0.0f };
	unsigned k;

	switch (code) {
	case HW_REG_TEVSRC_PRIMARY_COLOR: return in->primary;
	case HW_REG_TEVSRC_FRAG_PRIMARY: return in->fragment_primary;
	case HW_REG_TEVSRC_FRAG_SECONDARY: return in->fragment_secondary;
	case HW_REG_TEVSRC_TEXTURE0: case HW_REG_TEVSRC_TEXTURE1: case HW_REG_TEVSRC_TEXTURE2:
	case HW_REG_TEVSRC_TEXTURE3:
		return in->texture[code - HW_REG_TEVSRC_TEXTURE0];
	case HW_REG_TEVSRC_CONSTANT:
		/* Exact: a byte over 255 rounds back to the byte. */
		for (k = 0; k < 4; k++)
			constant[k] = (float)p->step[p->active[0]].constant[k] / 255.0f;
		return constant;
	default: return zero;           /* PREVIOUS (0 here); 7-12: not listed */
	}
}

/* MODULATE of two float sources in 8 bits: ⌊A B / 255⌋ per channel. */
static inline void comb_modulate_bytes(const float *a, const float *b, uint8_t rgba[4])
{
#if HW_SSE2
	hw_combiner_modulate4(a, b, rgba);
#else
	unsigned k;

	for (k = 0; k < 4; k++)
		rgba[k] = (uint8_t)((unsigned)comb_in_byte(a[k]) * comb_in_byte(b[k]) / 255u);
#endif
}

void hw_combiner_exec_bytes(const struct hw_combiner_program *p,
			    const struct hw_combiner_inputs *in, uint8_t rgba[4])
{
	uint8_t conv[7][4], previous[4] = { 0, 0, 0, 0 }, buffer[4], next_buffer[4];
	float constant[2][4];
	struct comb_view r;
	unsigned s, k;

	switch (p->shape) {
	case HW_COMBINER_NONE:
		memset(rgba, 0, 4);
		return;
	case HW_COMBINER_REPLACE:
		comb_in_bytes(comb_shape_from(p, in, p->shape_source[0], constant[0]), rgba);
		return;
	case HW_COMBINER_MODULATE:
		comb_modulate_bytes(comb_shape_from(p, in, p->shape_source[0], constant[0]),
				    comb_shape_from(p, in, p->shape_source[1], constant[1]), rgba);
		return;
	case HW_COMBINER_GENERAL:
		break;
	}
	for (k = 0; k < 16; k++)
		r.src[k] = comb_zero8;          /* 7-12: not listed */
	/* Only the inputs some used slot reads are converted. */
	for (k = 0; k < 7; k++) {
		const float *from;

		if (!((p->sources_read >> k) & 1u))
			continue;
		from = k >= HW_REG_TEVSRC_TEXTURE0 ? in->texture[k - HW_REG_TEVSRC_TEXTURE0]
		       : k == HW_REG_TEVSRC_PRIMARY_COLOR ? in->primary
		       : k == HW_REG_TEVSRC_FRAG_PRIMARY ? in->fragment_primary
		       : in->fragment_secondary;
		comb_in_bytes(from, conv[k]);
		r.src[k] = conv[k];
	}
	r.src[HW_REG_TEVSRC_PREVIOUS] = previous;
	if (!p->uses_buffer) {
		/* No latch is read: only the active stages run. */
		for (s = 0; s < p->active_count; s++) {
			const struct hw_combiner_step *st = &p->step[p->active[s]];

			r.src[HW_REG_TEVSRC_CONSTANT] = st->constant;
			comb_exec_step(st, &r, previous);
		}
		memcpy(rgba, previous, 4);
		return;
	}
	r.src[HW_REG_TEVSRC_PREVIOUS_BUFFER] = buffer;
	memset(buffer, 0, sizeof buffer);               /* stage 0 reads 0 */
	memcpy(next_buffer, p->buffer_color, sizeof next_buffer);
	for (s = 0; s < HW_COMBINER_STAGES; s++) {
		const struct hw_combiner_step *st = &p->step[s];

		if (!st->pass) {
			r.src[HW_REG_TEVSRC_CONSTANT] = st->constant;
			comb_exec_step(st, &r, previous);
		}
		/* Stage s + 1 reads the buffer without stage s's latch. */
		memcpy(buffer, next_buffer, sizeof buffer);
		if (st->latch_rgb)
			for (k = 0; k < 3; k++)
				next_buffer[k] = previous[k];
		if (st->latch_alpha)
			next_buffer[3] = previous[3];
	}
	memcpy(rgba, previous, 4);
}

void hw_combiner_exec(const struct hw_combiner_program *p, const struct hw_combiner_inputs *in,
		      float out[4])
{
	uint8_t b[4];

	hw_combiner_exec_bytes(p, in, b);
	comb_out_floats(b, out);
}

void hw_combiner_bind(const struct hw_combiner_program *p, const struct hw_combiner_inputs *in,
		      struct hw_combiner_bound *b)
{
	b->p = p;
	b->in = in;
	b->shape = HW_COMBINER_GENERAL;
	b->a = b->b = NULL;
#if HW_SSE2
	/* A constant source keeps the general path (its floats are made on
	 * the fly there). */
	if ((p->shape == HW_COMBINER_REPLACE || p->shape == HW_COMBINER_MODULATE)
	    && p->shape_source[0] != HW_REG_TEVSRC_CONSTANT
	    && (p->shape == HW_COMBINER_REPLACE || p->shape_source[1] != HW_REG_TEVSRC_CONSTANT)) {
		float unused[4];

		b->shape = p->shape;
		b->a = comb_shape_from(p, in, p->shape_source[0], unused);
		b->b = p->shape == HW_COMBINER_MODULATE
		       ? comb_shape_from(p, in, p->shape_source[1], unused) : b->a;
	}
#endif
}
