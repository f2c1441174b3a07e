/* hw_combiner.c: the six-stage texture combiner and its buffer. Public
 * facts: 3dbrew, GPU/Internal Registers (GPUREG_TEXENVi_*, the source,
 * operand and op codes, the scales, TEXENV_UPDATE_BUFFER and
 * TEXENV_BUFFER_COLOR; all decoded through hw_regs.h); the op formulas of
 * the Khronos GL texture_env_combine / texture_env_dot3 specifications.
 * Every model choice is listed in hw_combiner.h. */
#include <math.h>
#include <string.h>

#include "hw_combiner.h"
#include "hw_simd.h"

#define COMB_HALF 0.5f                  /* ADD_SIGNED and DOT3 bias */
#define COMB_DOT3_SCALE 4.0f            /* DOT3: 4 * sum of biased products */

/* Clamp to 0..1; NaN becomes 0. */
static float comb_clamp(float v)
{
	return v > 0.0f ? (v < 1.0f ? v : 1.0f) : 0.0f;
}


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

/* What a stage sees: its inputs, the previous output, the buffer. */
struct comb_view {
	const struct hw_combiner_inputs *in;
	const float *constant, *previous, *buffer;
};

static const float comb_zero[4] = { 0.0f, 0.0f, 0.0f, 0.0f };

static void comb_source(const struct comb_view *v, unsigned src, float out[4])
{
	const float *from;
	unsigned k;

	switch (src) {
	case HW_REG_TEVSRC_PRIMARY_COLOR: from = v->in->primary; break;
	case HW_REG_TEVSRC_FRAG_PRIMARY: from = v->in->fragment_primary; break;
	case HW_REG_TEVSRC_FRAG_SECONDARY: from = v->in->fragment_secondary; break;
	case HW_REG_TEVSRC_TEXTURE0: case HW_REG_TEVSRC_TEXTURE1: case HW_REG_TEVSRC_TEXTURE2:
	case HW_REG_TEVSRC_TEXTURE3:
		from = v->in->texture[src - HW_REG_TEVSRC_TEXTURE0];
		break;
	case HW_REG_TEVSRC_PREVIOUS_BUFFER: from = v->buffer; break;
	case HW_REG_TEVSRC_CONSTANT: from = v->constant; break;
	case HW_REG_TEVSRC_PREVIOUS: from = v->previous; break;
	default: from = comb_zero; break;       /* 7-12: not listed */
	}
	for (k = 0; k < 4; k++)
		out[k] = comb_clamp(from[k]);
}

/* An RGB operand of colour `col`: three values. */
static void comb_rgb_operand(unsigned op, const float col[4], float out[3])
{
	unsigned k, channel = (op >> 2) & 3u;   /* 1 R, 2 G, 3 B */

	for (k = 0; k < 3; k++) {
		float v = channel ? col[channel - 1] : (op & 2u) ? col[3] : col[k];
		out[k] = (op & 1u) ? 1.0f - v : v;
	}
}

/* An alpha operand of colour `col`: alpha, red, green, blue, each or one
 * minus it. */
static float comb_alpha_operand(unsigned op, const float col[4])
{
	static const unsigned char channel[4] = { 3, 0, 1, 2 };
	float v = col[channel[(op >> 1) & 3u]];

	return (op & 1u) ? 1.0f - v : v;
}

/* One channel of a combine op other than DOT3. */
static inline float comb_apply(unsigned op, float a0, float a1, float a2)
{
	switch (op) {
	case HW_REG_TEVCOMB_MODULATE: return a0 * a1;
	case HW_REG_TEVCOMB_ADD: return a0 + a1;
	case HW_REG_TEVCOMB_ADD_SIGNED: return a0 + a1 - COMB_HALF;
	case HW_REG_TEVCOMB_INTERPOLATE: return a0 * a2 + a1 * (1.0f - a2);
	case HW_REG_TEVCOMB_SUBTRACT: return a0 - a1;
	case HW_REG_TEVCOMB_MULT_ADD: return a0 * a1 + a2;
	case HW_REG_TEVCOMB_ADD_MULT: return fminf(a0 + a1, 1.0f) * a2;
	default: return a0;                     /* REPLACE; DOT3 and 10-15 as alpha */
	}
}

static bool comb_is_dot3(unsigned op)
{
	return op == HW_REG_TEVCOMB_DOT3_RGB || op == HW_REG_TEVCOMB_DOT3_RGBA;
}

/* One stage: its output in out. */
static void comb_stage(const struct hw_combiner_stage *st, const struct comb_view *v, float out[4])
{
	float col[4], rgb[3][3], alpha[3];
	unsigned n, k;

	for (n = 0; n < 3; n++) {
		comb_source(v, st->rgb_source[n], col);
		comb_rgb_operand(st->rgb_operand[n], col, rgb[n]);
		comb_source(v, st->alpha_source[n], col);
		alpha[n] = comb_alpha_operand(st->alpha_operand[n], col);
	}
	if (comb_is_dot3(st->rgb_op)) {
		float dot = 0.0f;
		for (k = 0; k < 3; k++)
			dot += (rgb[0][k] - COMB_HALF) * (rgb[1][k] - COMB_HALF);
		dot *= COMB_DOT3_SCALE;
		out[0] = out[1] = out[2] = dot;
	} else {
		for (k = 0; k < 3; k++)
			out[k] = comb_apply(st->rgb_op, rgb[0][k], rgb[1][k], rgb[2][k]);
	}
	if (st->rgb_op == HW_REG_TEVCOMB_DOT3_RGBA)
		out[3] = out[0];
	else
		out[3] = comb_apply(st->alpha_op, alpha[0], alpha[1], alpha[2]);
	for (k = 0; k < 3; k++)
		out[k] = comb_clamp(out[k] * (float)st->rgb_scale);
	out[3] = comb_clamp(out[3] * (float)st->alpha_scale);
}

void hw_combiner_run(const struct hw_combiner_config *c, const struct hw_combiner_inputs *in,
		     float out[4])
{
	float previous[4] = { 0.0f, 0.0f, 0.0f, 0.0f }, buffer[4], next_buffer[4];
	struct comb_view v;
	unsigned s, k;

	memcpy(buffer, c->buffer_color, sizeof buffer);
	memcpy(next_buffer, c->buffer_color, sizeof next_buffer);
	v.in = in;
	v.previous = previous;
	v.buffer = buffer;
	for (s = 0; s < HW_COMBINER_STAGES; s++) {
		float result[4];

		v.constant = c->stage[s].constant;
		comb_stage(&c->stage[s], &v, result);
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
	memcpy(out, previous, sizeof previous);
}

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

/* The argument slots an op's arithmetic reads (comb_apply and DOT3):
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
	if (k->rgb_scale != 1.0f || k->alpha_scale != 1.0f || k->rgb_op != k->alpha_op)
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

void hw_combiner_compile(const struct hw_combiner_config *c, struct hw_combiner_program *p)
{
	unsigned s, n;

	memset(p, 0, sizeof *p);
	memcpy(p->buffer_color, c->buffer_color, sizeof p->buffer_color);
	for (s = 0; s < HW_COMBINER_STAGES; s++) {
		const struct hw_combiner_stage *st = &c->stage[s];
		struct hw_combiner_step *k = &p->step[s];

		k->rgb_op = st->rgb_op;
		k->alpha_op = st->alpha_op;
		k->dot3_rgba = st->rgb_op == HW_REG_TEVCOMB_DOT3_RGBA;
		k->rgb_scale = (float)st->rgb_scale;
		k->alpha_scale = (float)st->alpha_scale;
		memcpy(k->constant, st->constant, sizeof k->constant);
		if (s < HW_COMBINER_BUFFER_STAGES) {
			k->latch_rgb = c->buffer_rgb[s];
			k->latch_alpha = c->buffer_alpha[s];
		}
		/* Pass-through: the result is clamp(clamp(previous) * 1), and
		 * "previous" is 0 or an earlier stage's clamped output, so the
		 * result is "previous" itself. */
		k->pass = comb_passes_through(st);
		if (k->pass)
			continue;
		p->active[p->active_count++] = (uint8_t)s;
		k->rgb_args = comb_slots_read(st->rgb_op, false);
		k->alpha_args = k->dot3_rgba ? 0 : comb_slots_read(st->alpha_op, true);
		for (n = 0; n < k->rgb_args; n++) {
			k->rgb[n] = comb_rgb_slot(st->rgb_source[n], st->rgb_operand[n]);
			p->sources_read |= 1u << (st->rgb_source[n] & 0xFu);
		}
		for (n = 0; n < k->alpha_args; n++) {
			k->alpha[n] = comb_alpha_slot(st->alpha_source[n], st->alpha_operand[n]);
			p->sources_read |= 1u << (st->alpha_source[n] & 0xFu);
		}
	}
	/* Stage 0 passing through reads "previous" (0); a pass-through stage
	 * reads nothing else. */
	p->uses_buffer = (p->sources_read >> HW_REG_TEVSRC_PREVIOUS_BUFFER) & 1u;
	comb_shape(p);
}

/* Where each source code reads from, for one fragment. */
struct comb_regs {
	const float *src[16];
};

static inline float comb_slot_value(const struct comb_regs *r,
				    const struct hw_combiner_slot *sl, unsigned k)
{
	const float *from = r->src[sl->source & 0xFu];
	float v = comb_clamp(from[sl->channel == 4 ? k : sl->channel]);

	return sl->invert ? 1.0f - v : v;
}

/* REPLACE or MODULATE on one channel (comb_apply's two cases), scaled
 * and clamped as comb_exec_step does. */
static inline float comb_simple_channel(const struct comb_regs *r, unsigned op,
					const struct hw_combiner_slot sl[3], unsigned k,
					float scale)
{
	float v = comb_slot_value(r, &sl[0], k);

	if (op == HW_REG_TEVCOMB_MODULATE)
		v = v * comb_slot_value(r, &sl[1], k);
	return comb_clamp(v * scale);
}

static bool comb_is_simple(unsigned op)
{
	return op == HW_REG_TEVCOMB_REPLACE || op == HW_REG_TEVCOMB_MODULATE;
}

static void comb_exec_step(const struct hw_combiner_step *st, const struct comb_regs *r,
			   float out[4])
{
	float rgb[3][3] = { { 0 } }, alpha[3] = { 0, 0, 0 };
	unsigned n, k;

	/* The common stages (a texture replaced or modulated by a colour)
	 * without the general path's argument arrays: the same operations
	 * in the same order, so the same bits. */
	if (comb_is_simple(st->rgb_op) && comb_is_simple(st->alpha_op)) {
		for (k = 0; k < 3; k++)
			out[k] = comb_simple_channel(r, st->rgb_op, st->rgb, k, st->rgb_scale);
		out[3] = comb_simple_channel(r, st->alpha_op, st->alpha, 3, st->alpha_scale);
		return;
	}

	for (n = 0; n < st->rgb_args; n++)
		for (k = 0; k < 3; k++)
			rgb[n][k] = comb_slot_value(r, &st->rgb[n], k);
	for (n = 0; n < st->alpha_args; n++)
		alpha[n] = comb_slot_value(r, &st->alpha[n], 3);
	if (comb_is_dot3(st->rgb_op)) {
		float dot = 0.0f;
		for (k = 0; k < 3; k++)
			dot += (rgb[0][k] - COMB_HALF) * (rgb[1][k] - COMB_HALF);
		dot *= COMB_DOT3_SCALE;
		out[0] = out[1] = out[2] = dot;
	} else {
		for (k = 0; k < 3; k++)
			out[k] = comb_apply(st->rgb_op, rgb[0][k], rgb[1][k], rgb[2][k]);
	}
	if (st->dot3_rgba)
		out[3] = out[0];
	else
		out[3] = comb_apply(st->alpha_op, alpha[0], alpha[1], alpha[2]);
	for (k = 0; k < 3; k++)
		out[k] = comb_clamp(out[k] * st->rgb_scale);
	out[3] = comb_clamp(out[3] * st->alpha_scale);
}

/* The index of m's lowest set bit (m != 0). */
static inline unsigned comb_lowest_bit(uint32_t m)
{
#if defined(__GNUC__)
	return (unsigned)__builtin_ctz(m);
#else
	unsigned k = 0;

	while (!(m & 1u)) {
		m >>= 1;
		k++;
	}
	return k;
#endif
}

/* Where source `code` reads from in a program without the buffer, for
 * its one active stage (PREVIOUS is 0 there: every stage before passes
 * through). */
static inline const float *comb_shape_from(const struct hw_combiner_program *p,
					   const struct hw_combiner_inputs *in, unsigned code)
{
	switch (code) {
	case HW_REG_TEVSRC_PRIMARY_COLOR: return in->primary;
	case HW_REG_TEVSRC_FRAG_PRIMARY: return in->fragment_primary;
	case HW_REG_TEVSRC_FRAG_SECONDARY: return in->fragment_secondary;
	case HW_REG_TEVSRC_TEXTURE0: case HW_REG_TEVSRC_TEXTURE1: case HW_REG_TEVSRC_TEXTURE2:
	case HW_REG_TEVSRC_TEXTURE3:
		return in->texture[code - HW_REG_TEVSRC_TEXTURE0];
	case HW_REG_TEVSRC_CONSTANT: return p->step[p->active[0]].constant;
	default: return comb_zero;      /* PREVIOUS (0 here); 7-12: not listed */
	}
}

void hw_combiner_exec(const struct hw_combiner_program *p, const struct hw_combiner_inputs *in,
		      float out[4])
{
	float previous[4] = { 0.0f, 0.0f, 0.0f, 0.0f }, buffer[4], next_buffer[4];
	struct comb_regs r;
	unsigned s, k;

	switch (p->shape) {
	case HW_COMBINER_NONE:
		memcpy(out, comb_zero, sizeof previous);
		return;
	case HW_COMBINER_REPLACE: {
		const float *a = comb_shape_from(p, in, p->shape_source[0]);

#if HW_SSE2
		_mm_storeu_ps(out, hw_combiner_clamp4(a));
#else
		for (k = 0; k < 4; k++)
			out[k] = comb_clamp(a[k]);
#endif
		return;
	}
	case HW_COMBINER_MODULATE: {
		const float *a = comb_shape_from(p, in, p->shape_source[0]);
		const float *b = comb_shape_from(p, in, p->shape_source[1]);

#if HW_SSE2
		_mm_storeu_ps(out, _mm_mul_ps(hw_combiner_clamp4(a), hw_combiner_clamp4(b)));
#else
		for (k = 0; k < 4; k++)
			out[k] = comb_clamp(a[k]) * comb_clamp(b[k]);
#endif
		return;
	}
	case HW_COMBINER_GENERAL:
		break;
	}
	if (!p->uses_buffer) {
		/* No latch is read: a pass-through stage changes nothing, so
		 * only the active stages run (comb_passes_through), and only
		 * the sources they read are bound. */
		uint32_t m;

		for (m = p->sources_read & 0x1FFFu; m; m &= m - 1) {
			k = comb_lowest_bit(m);
			r.src[k] = k > HW_REG_TEVSRC_TEXTURE3 ? comb_zero       /* not listed */
				   : k >= HW_REG_TEVSRC_TEXTURE0
				   ? in->texture[k - HW_REG_TEVSRC_TEXTURE0]
				   : k == HW_REG_TEVSRC_PRIMARY_COLOR ? in->primary
				   : k == HW_REG_TEVSRC_FRAG_PRIMARY ? in->fragment_primary
				   : in->fragment_secondary;
		}
		r.src[HW_REG_TEVSRC_PREVIOUS] = previous;
		for (s = 0; s < p->active_count; s++) {
			const struct hw_combiner_step *st = &p->step[p->active[s]];
			float result[4];

			r.src[HW_REG_TEVSRC_CONSTANT] = st->constant;
			comb_exec_step(st, &r, result);
			memcpy(previous, result, sizeof previous);
		}
		memcpy(out, previous, sizeof previous);
		return;
	}
	for (k = 0; k < 16; k++)
		r.src[k] = comb_zero;           /* 7-12: not listed */
	r.src[HW_REG_TEVSRC_PRIMARY_COLOR] = in->primary;
	r.src[HW_REG_TEVSRC_FRAG_PRIMARY] = in->fragment_primary;
	r.src[HW_REG_TEVSRC_FRAG_SECONDARY] = in->fragment_secondary;
	for (k = 0; k < HW_COMBINER_TEXTURES; k++)
		r.src[HW_REG_TEVSRC_TEXTURE0 + k] = in->texture[k];
	r.src[HW_REG_TEVSRC_PREVIOUS_BUFFER] = buffer;
	r.src[HW_REG_TEVSRC_PREVIOUS] = previous;
	memcpy(buffer, p->buffer_color, sizeof buffer);
	memcpy(next_buffer, p->buffer_color, sizeof next_buffer);
	for (s = 0; s < HW_COMBINER_STAGES; s++) {
		const struct hw_combiner_step *st = &p->step[s];
		float result[4];

		if (!st->pass) {
			r.src[HW_REG_TEVSRC_CONSTANT] = st->constant;
			comb_exec_step(st, &r, result);
		}
		if (p->uses_buffer) {
			/* Stage s + 1 reads the buffer without stage s's latch. */
			memcpy(buffer, next_buffer, sizeof buffer);
			if (st->latch_rgb)
				for (k = 0; k < 3; k++)
					next_buffer[k] = st->pass ? previous[k] : result[k];
			if (st->latch_alpha)
				next_buffer[3] = st->pass ? previous[3] : result[3];
		}
		if (!st->pass)
			memcpy(previous, result, sizeof previous);
	}
	memcpy(out, previous, sizeof previous);
}

#if !HW_SSE2
static inline uint8_t comb_byte(float v)
{
	if (!(v > 0.0f))
		return 0;
	if (v >= 1.0f)
		return 255;
	return (uint8_t)(v * 255.0f + 0.5f);
}
#endif

void hw_combiner_exec_bytes(const struct hw_combiner_program *p,
			    const struct hw_combiner_inputs *in, uint8_t rgba[4])
{
	float out[4];
#if HW_SSE2
	/* The one-stage shapes stay in their lanes. */
	switch (p->shape) {
	case HW_COMBINER_REPLACE:
		hw_combiner_bytes4(hw_combiner_clamp4(comb_shape_from(p, in, p->shape_source[0])), rgba);
		return;
	case HW_COMBINER_MODULATE:
		hw_combiner_bytes4(_mm_mul_ps(hw_combiner_clamp4(comb_shape_from(p, in, p->shape_source[0])),
				       hw_combiner_clamp4(comb_shape_from(p, in, p->shape_source[1]))),
			    rgba);
		return;
	case HW_COMBINER_NONE: case HW_COMBINER_GENERAL:
		break;
	}
	hw_combiner_exec(p, in, out);
	hw_combiner_bytes4(_mm_loadu_ps(out), rgba);
#else
	unsigned k;

	hw_combiner_exec(p, in, out);
	for (k = 0; k < 4; k++)
		rgba[k] = comb_byte(out[k]);
#endif
}

void hw_combiner_bind(const struct hw_combiner_program *p, const struct hw_combiner_inputs *in,
		      struct hw_combiner_bound *b)
{
	b->p = p;
	b->in = in;
	b->shape = HW_COMBINER_GENERAL;
	b->a = b->b = comb_zero;
#if HW_SSE2
	if (p->shape == HW_COMBINER_REPLACE || p->shape == HW_COMBINER_MODULATE) {
		b->shape = p->shape;
		b->a = comb_shape_from(p, in, p->shape_source[0]);
		b->b = comb_shape_from(p, in, p->shape_source[1]);
	}
#endif
}
