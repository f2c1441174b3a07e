/* gl_cmdfrag.c: the fragment-stage registers of a draw, from the GL
 * state, the bound framebuffer, the textures and the program's reserved
 * uniforms. Register ids and fields are hw/hw_regs.h's (3dbrew, GPU/
 * Internal Registers). Every draw writes them all (model choice,
 * simplest correct: 100 command words a draw, 124 with three textures)
 * and ends with FRAMEBUFFER_FLUSH and FRAMEBUFFER_INVALIDATE, so that each
 * draw's framebuffer traffic is its own.
 *
 * Which buffer accesses are switched on follows what the state needs, as
 * hw_fragment.h reads them: colour written when the mask keeps a channel
 * the format has; colour read when blending needs the destination (or a
 * logic op does), or when the mask keeps some of the format's channels
 * but not all; depth read for the depth test, stencil read for the
 * stencil test; depth written when the test runs with the depth mask on
 * (OpenGL ES writes no depth with the test off), stencil written when its
 * test runs with a write mask. Tests need their buffer: without depth
 * bits the depth test is off, without stencil bits the stencil test (ES
 * 2.0, 4.1.5). */
#include <math.h>
#include <string.h>

#include "gl_cmdgen.h"

#define FRAG_CHANNELS_RGB  0x7u                 /* colour mask bits R, G, B */
#define FRAG_CHANNELS_RGBA 0xFu
#define FRAG_ACCESS_ALL    0xFu                 /* COLORBUFFER_READ / _WRITE on */
#define FRAG_ACCESS_STENCIL 0x1u                /* DEPTHBUFFER_READ / _WRITE bits */
#define FRAG_ACCESS_DEPTH  0x2u
#define FRAG_EMPTY_SCISSOR 1u                   /* x1 = y1 = 1 > x2 = y2 = 0 */
#define FRAG_COLOR_OP_BLEND (1u << 8)
#define FRAG_LIGHTING_FIXED_ONE HW_REG_LIGHTCFG1_FIXED_ONE

/* Whether capability cap is enabled in the GL context. */
static bool frag_cap(const struct gl_context *gl, enum gl_cap cap)
{
	return ((gl->caps >> cap) & 1u) != 0;
}

/* 0..1 to 0..255, rounded; NaN reads 0. */
static uint32_t frag_unorm8(GLfloat v)
{
	if (!(v > 0.0f))
		return 0;
	if (v >= 1.0f)
		return 255;
	return (uint32_t)(v * 255.0f + 0.5f);
}

/* R bits 0-7, G 8-15, B 16-23, A 24-31 (BLEND_COLOR, TEXENVi_COLOR,
 * TEXENV_BUFFER_COLOR, FOG_COLOR with 3 channels). */
static uint32_t frag_rgba8(const GLfloat *c, unsigned channels)
{
	uint32_t v = 0;
	unsigned k;

	for (k = 0; k < channels; k++)
		v |= frag_unorm8(c[k]) << (8 * k);
	return v;
}

uint32_t gl_cmd_dim(unsigned width, unsigned height)
{
	return (uint32_t)(width & 0x7FFu) | (uint32_t)((height - 1) & 0x3FFu) << 12
	       | HW_REG_DIM_BIT24;
}

/* ---- texture units --------------------------------------------------- */

/* The TEXUNIT_PARAM word of texture t: filters, wrap modes, the ETC flag and
 * the type bits, at their register positions. */
static uint32_t frag_tex_param(const struct hw_texture *t)
{
	bool etc = t->format == HW_TEX_ETC1 || t->format == HW_TEX_ETC1A4;

	return (uint32_t)t->mag_filter << 1 | (uint32_t)t->min_filter << 2
	       | (etc ? (uint32_t)HW_REG_TEXPARAM_ETC1 << 4 : 0)
	       | (uint32_t)t->wrap_t << 8 | (uint32_t)t->wrap_s << 12
	       | (uint32_t)t->mip_filter << 24 | gl_cmd_tex_type_bits(t);
}

/* Emit the texture-unit enable word and, for each enabled unit, its border,
 * size, parameter, level, address and format registers (unit 0 also its cube
 * faces). Reads the plan only. */
static void frag_textures(struct gl_cmdbuf *c, const struct gl_frag_plan *p)
{
	const struct gl_dmp_state *d = p->dmp;
	uint32_t cfg = HW_REG_TEXCFG_FIXED_ONE;
	unsigned u;

	for (u = 0; u < GL_CONTEXT_TEXTURE_UNITS; u++)
		if (p->unit[u].on)
			cfg |= 1u << u;
	if (d->texcoord[2] == GL_TEXTURE1)
		cfg |= HW_REG_TEXCFG_UNIT2_TEXCOORD1;
	cfg |= (uint32_t)(d->texcoord[3] - GL_TEXTURE0) << 8;
	if (d->sampler_type[3] == GL_TEXTURE_PROCEDURAL_DMP)
		cfg |= HW_REG_TEXCFG_PROCTEX;           /* unit 3 on (its registers: gl_dmp) */
	if (p->clear_texture_cache)
		cfg |= HW_REG_TEXCFG_CLEAR_CACHE;
	gl_cmd_reg(c, HW_REG_TEXUNIT_CONFIG, cfg);
	for (u = 0; u < GL_CONTEXT_TEXTURE_UNITS; u++) {
		const struct hw_texture *t = &p->unit[u].hw;
		uint32_t v[5];

		if (!p->unit[u].on)
			continue;
		v[0] = gl_cmd_tex_border(t);
		v[1] = (uint32_t)t->height | (uint32_t)t->width << 16;
		v[2] = frag_tex_param(t);
		v[3] = gl_cmd_tex_lod(t);
		v[4] = t->phys >> 3;
		gl_cmd_seq(c, HW_REG_TEXUNIT_BORDER_COLOR(u), v, 5);
		if (u == 0 && gl_cmd_tex_faces(t, v))
			gl_cmd_seq(c, HW_REG_TEXUNIT0_ADDR(2), v, 5);
		gl_cmd_reg(c, HW_REG_TEXUNIT_TYPE(u), (uint32_t)t->format);
	}
}

/* ---- combiner ------------------------------------------------------------- */

/* A combiner source enum as its 4-bit register code. The GL entry points
 * accepted the value; anything else gives PRIMARY_COLOR. */
static uint32_t frag_source(GLint s)
{
	switch (s) {
	case GL_FRAGMENT_PRIMARY_COLOR_DMP: return HW_REG_TEVSRC_FRAG_PRIMARY;
	case GL_FRAGMENT_SECONDARY_COLOR_DMP: return HW_REG_TEVSRC_FRAG_SECONDARY;
	case GL_TEXTURE0: return HW_REG_TEVSRC_TEXTURE0;
	case GL_TEXTURE1: return HW_REG_TEVSRC_TEXTURE1;
	case GL_TEXTURE2: return HW_REG_TEVSRC_TEXTURE2;
	case GL_TEXTURE3: return HW_REG_TEVSRC_TEXTURE3;
	case GL_PREVIOUS_BUFFER_DMP: return HW_REG_TEVSRC_PREVIOUS_BUFFER;
	case GL_CONSTANT: return HW_REG_TEVSRC_CONSTANT;
	case GL_PREVIOUS: return HW_REG_TEVSRC_PREVIOUS;
	default: return HW_REG_TEVSRC_PRIMARY_COLOR;
	}
}

/* An RGB operand enum as its 4-bit register code; anything else gives
 * SRC_COLOR. */
static uint32_t frag_operand_rgb(GLint o)
{
	switch (o) {
	case GL_ONE_MINUS_SRC_COLOR: return HW_REG_TEVOP_RGB_INV_COLOR;
	case GL_SRC_ALPHA: return HW_REG_TEVOP_RGB_ALPHA;
	case GL_ONE_MINUS_SRC_ALPHA: return HW_REG_TEVOP_RGB_INV_ALPHA;
	case GL_SRC_R_DMP: return HW_REG_TEVOP_RGB_RED;
	case GL_ONE_MINUS_SRC_R_DMP: return HW_REG_TEVOP_RGB_INV_RED;
	case GL_SRC_G_DMP: return HW_REG_TEVOP_RGB_GREEN;
	case GL_ONE_MINUS_SRC_G_DMP: return HW_REG_TEVOP_RGB_INV_GREEN;
	case GL_SRC_B_DMP: return HW_REG_TEVOP_RGB_BLUE;
	case GL_ONE_MINUS_SRC_B_DMP: return HW_REG_TEVOP_RGB_INV_BLUE;
	default: return HW_REG_TEVOP_RGB_COLOR;
	}
}

/* An alpha operand enum as its 3-bit register code; anything else gives
 * SRC_ALPHA. */
static uint32_t frag_operand_alpha(GLint o)
{
	switch (o) {
	case GL_ONE_MINUS_SRC_ALPHA: return HW_REG_TEVOP_A_INV_ALPHA;
	case GL_SRC_R_DMP: return HW_REG_TEVOP_A_RED;
	case GL_ONE_MINUS_SRC_R_DMP: return HW_REG_TEVOP_A_INV_RED;
	case GL_SRC_G_DMP: return HW_REG_TEVOP_A_GREEN;
	case GL_ONE_MINUS_SRC_G_DMP: return HW_REG_TEVOP_A_INV_GREEN;
	case GL_SRC_B_DMP: return HW_REG_TEVOP_A_BLUE;
	case GL_ONE_MINUS_SRC_B_DMP: return HW_REG_TEVOP_A_INV_BLUE;
	default: return HW_REG_TEVOP_A_ALPHA;
	}
}

/* A combine function enum as its register code; anything else gives
 * REPLACE. */
static uint32_t frag_combine(GLint op)
{
	switch (op) {
	case GL_MODULATE: return HW_REG_TEVCOMB_MODULATE;
	case GL_ADD: return HW_REG_TEVCOMB_ADD;
	case GL_ADD_SIGNED: return HW_REG_TEVCOMB_ADD_SIGNED;
	case GL_INTERPOLATE: return HW_REG_TEVCOMB_INTERPOLATE;
	case GL_SUBTRACT: return HW_REG_TEVCOMB_SUBTRACT;
	case GL_DOT3_RGB: return HW_REG_TEVCOMB_DOT3_RGB;
	case GL_DOT3_RGBA: return HW_REG_TEVCOMB_DOT3_RGBA;
	case GL_MULT_ADD_DMP: return HW_REG_TEVCOMB_MULT_ADD;
	case GL_ADD_MULT_DMP: return HW_REG_TEVCOMB_ADD_MULT;
	default: return HW_REG_TEVCOMB_REPLACE;
	}
}

/* Scale 1, 2, 4 as codes 0, 1, 2. */
static uint32_t frag_scale(GLfloat s)
{
	return s == 4.0f ? 2u : s == 2.0f ? 1u : 0u;
}

/* Emit the six combiner stages (sources, operands, functions, constant,
 * scales) from the DMP state d, then the buffer-update word (with its fog and
 * gas bits), the fog colour and the buffer colour. */
static void frag_combiner(struct gl_cmdbuf *c, const struct gl_dmp_state *d)
{
	uint32_t update;
	unsigned i, k;

	for (i = 0; i < GL_DMP_TEXENV_STAGES; i++) {
		const struct gl_dmp_texenv *e = &d->texenv[i];
		uint32_t v[5] = { 0, 0, 0, 0, 0 };

		for (k = 0; k < 3; k++) {
			v[0] |= frag_source(e->src_rgb[k]) << (4 * k)
				| frag_source(e->src_alpha[k]) << (16 + 4 * k);
			v[1] |= frag_operand_rgb(e->operand_rgb[k]) << (4 * k)
				| frag_operand_alpha(e->operand_alpha[k]) << (12 + 4 * k);
		}
		v[2] = frag_combine(e->combine_rgb) | frag_combine(e->combine_alpha) << 16;
		v[3] = frag_rgba8(e->const_rgba, 4);
		v[4] = frag_scale(e->scale_rgb) | frag_scale(e->scale_alpha) << 16;
		gl_cmd_seq(c, HW_REG_TEXENV(i), v, 5);
	}
	/* Fog mode, then the buffer inputs of stages 1-4 ("TexEnv 1".."TexEnv
	 * 4" on 3dbrew): bit 7 + i for RGB, 11 + i for alpha, set when the
	 * stage's bufferInput is GL_PREVIOUS. */
	update = d->fog_mode == GL_FOG ? HW_REG_FOGMODE_FOG
		 : d->fog_mode == GL_GAS_DMP ? HW_REG_FOGMODE_GAS : HW_REG_FOGMODE_OFF;
	for (i = 1; i <= 4; i++) {
		if (d->texenv[i].buffer_input[0] == GL_PREVIOUS)
			update |= 1u << (7 + i);
		if (d->texenv[i].buffer_input[1] == GL_PREVIOUS)
			update |= 1u << (11 + i);
	}
	if (d->gas.density_src == GL_GAS_DEPTH_DENSITY_DMP)
		update |= 1u << 3;
	if (d->fog_zflip)
		update |= 1u << 16;
	gl_cmd_reg(c, HW_REG_TEXENV_UPDATE_BUFFER, update);
	gl_cmd_reg(c, HW_REG_FOG_COLOR, frag_rgba8(d->fog_color, 3));
	gl_cmd_reg(c, HW_REG_TEXENV_BUFFER_COLOR, frag_rgba8(d->buffer_color, 4));
}

/* LIGHTING_CONFIG0 bits 4-7: the manual's layer configurations 0-7 are
 * codes 0-6 and 8 (hw_regs.h: "configuration 7" is 8). */
uint32_t gl_cmd_light_config_code(GLint config)
{
	unsigned n = (unsigned)(config - GL_LIGHT_ENV_LAYER_CONFIG0_DMP);

	return n >= 7 ? 8u : n;
}

/* ---- number formats (fragment-pipeline.md A.1) --------------------------- */

/* float16 (1.5.10, bias 15) as the SDK converts: mantissa truncated,
 * exponents too small flushed to a signed zero, too large to infinity. */
uint32_t gl_cmd_f16(float f)
{
	uint32_t bits, sign, mant;
	int32_t e;

	memcpy(&bits, &f, sizeof bits);
	sign = (bits >> 16) & 0x8000u;
	mant = (bits & 0x7FFFFFu) >> 13;
	if (((bits >> 23) & 0xFFu) == 0xFFu)
		return sign | 0x7C00u | (mant ? 0x200u : 0u);
	e = (int32_t)((bits >> 23) & 0xFFu) - 127 + 15;
	if (e <= 0)
		return sign;
	if (e >= 31)
		return sign | 0x7C00u;
	return sign | (uint32_t)e << 10 | mant;
}

/* A two's complement fixed-point field of `bits` bits with `frac`
 * fraction bits: truncated toward zero, saturated. */
static uint32_t frag_fixed(float v, unsigned bits, unsigned frac)
{
	float lim = (float)(1u << (bits - 1));
	float x = v * (float)(1u << frac);
	int32_t i;

	if (!(x == x))
		x = 0.0f;
	i = x >= lim ? (int32_t)lim - 1 : x < -lim ? -(int32_t)lim : (int32_t)x;
	return (uint32_t)i & ((1u << bits) - 1u);
}

/* ---- fragment lighting (fragment-pipeline.md A.6, B.3) ---------------------- */

/* A light colour register: B bits 0-7, G 10-17, R 20-27, each the
 * product a x b (b NULL: a alone) clamped and rounded to 8 bits. */
static uint32_t frag_light_color(const GLfloat *a, const GLfloat *b)
{
	static const unsigned shift[3] = { 20, 10, 0 };
	uint32_t v = 0;
	unsigned k;

	for (k = 0; k < 3; k++)
		v |= frag_unorm8(b ? a[k] * b[k] : a[k]) << shift[k];
	return v;
}

/* LUTINPUT_SCALE codes: x1 0, x2 1, x4 2, x8 3, x0.25 6, x0.5 7. */
static uint32_t frag_lut_scale(GLfloat s)
{
	return s == 2.0f ? 1u : s == 4.0f ? 2u : s == 8.0f ? 3u : s == 0.25f ? 6u
	       : s == 0.5f ? 7u : 0u;
}

/* Light `i`'s twelve registers (0x140 + 16i ..+0xB but +8). `off`: the
 * light stands in for "no light enabled" and its colours are 0 [S3]. */
static void frag_light(struct gl_cmdbuf *c, const struct gl_dmp_state *d, unsigned i, bool off)
{
	const struct gl_dmp_light *l = &d->light[i];
	const struct gl_dmp_material *m = &d->material;
	GLfloat dir[3], len;
	uint32_t v[8], cfg[3];
	unsigned k;

	if (off) {
		v[0] = v[1] = v[2] = v[3] = 0;
	} else {
		v[0] = frag_light_color(l->specular0, m->specular0);
		v[1] = frag_light_color(l->specular1, d->lut_refl ? NULL : m->specular1);
		v[2] = frag_light_color(l->diffuse, m->diffuse);
		v[3] = frag_light_color(l->ambient, m->ambient);
	}
	v[4] = gl_cmd_f16(l->position[0]) | gl_cmd_f16(l->position[1]) << 16;
	v[5] = gl_cmd_f16(l->position[2]);
	/* The spot register holds the negated, normalised direction. */
	len = sqrtf(l->spot_direction[0] * l->spot_direction[0]
		    + l->spot_direction[1] * l->spot_direction[1]
		    + l->spot_direction[2] * l->spot_direction[2]);
	for (k = 0; k < 3; k++)
		dir[k] = len > 0.0f ? -l->spot_direction[k] / len : 0.0f;
	v[6] = frag_fixed(dir[0], 13, 11) | frag_fixed(dir[1], 13, 11) << 16;
	v[7] = frag_fixed(dir[2], 13, 11);
	gl_cmd_seq(c, HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_SPECULAR0), v, 8);
	cfg[0] = (l->position[3] == 0.0f ? HW_REG_LIGHTI_DIRECTIONAL : 0)
		 | (l->two_side_diffuse ? HW_REG_LIGHTI_TWO_SIDED : 0)
		 | (l->geom_factor[0] ? HW_REG_LIGHTI_GEOM_FACTOR0 : 0)
		 | (l->geom_factor[1] ? HW_REG_LIGHTI_GEOM_FACTOR1 : 0);
	cfg[1] = hw_reg_float_to_f7(l->dist_atten_bias, 12);
	cfg[2] = hw_reg_float_to_f7(l->dist_atten_scale, 12);
	gl_cmd_seq(c, HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_CONFIG), cfg, 3);
}

/* One lighting table from GL data (256 values, then 256 differences):
 * value floor(v x 4096) saturated at 4095, difference sign and
 * magnitude floor(|d| x 2048) saturated at 2047. */
static void frag_light_lut(struct gl_cmdbuf *c, unsigned table, const GLfloat *data)
{
	uint32_t w[256];
	unsigned k;

	for (k = 0; k < 256; k++) {
		GLfloat v = data[k] * 4096.0f, dd = data[256 + k] * 2048.0f;
		uint32_t val = !(v > 0.0f) ? 0u : v >= 4095.0f ? 4095u : (uint32_t)v;
		uint32_t mag = dd < 0.0f ? (-dd >= 2047.0f ? 2047u : (uint32_t)-dd)
			       : !(dd > 0.0f) ? 0u : dd >= 2047.0f ? 2047u : (uint32_t)dd;

		w[k] = val | mag << 12 | (dd < 0.0f ? 1u << 23 : 0u);
	}
	gl_cmd_reg(c, HW_REG_LIGHTING_LUT_INDEX, table << 8);
	gl_cmd_port(c, HW_REG_LIGHTING_LUT_DATA0, w, 256);
}

/* Emit the fragment-lighting registers from the plan: the enabled lights'
 * permutation and settings, the lookup-table inputs, scales and selections,
 * the shadow and clamp flags, and any tables the plan marks for upload. */
static void frag_lighting(struct gl_cmdbuf *c, const struct gl_frag_plan *p)
{
	const struct gl_dmp_state *d = p->dmp;
	uint32_t perm = 0, cfg0, cfg1 = FRAG_LIGHTING_FIXED_ONE, input[3] = { 0, 0, 0 };
	unsigned i, n = 0, k;
	bool shadow = d->shadow_primary || d->shadow_secondary || d->shadow_alpha;

	for (i = 0; i < GL_DMP_LIGHTS; i++) {
		const struct gl_dmp_light *l = &d->light[i];
		if (!l->shadowed)
			cfg1 |= 1u << i;
		if (!l->spot_enabled)
			cfg1 |= 1u << (8 + i);
		if (!l->dist_atten_enabled)
			cfg1 |= 1u << (24 + i);
		if (!l->enabled)
			continue;
		perm |= (uint32_t)i << (4 * n++);
	}
	if (!d->lut_d0)
		cfg1 |= HW_REG_LIGHTCFG1_D0_OFF;
	if (!d->lut_d1)
		cfg1 |= HW_REG_LIGHTCFG1_D1_OFF;
	if (d->fresnel == GL_LIGHT_ENV_NO_FRESNEL_DMP)
		cfg1 |= HW_REG_LIGHTCFG1_FR_OFF;
	if (!d->lut_refl)
		cfg1 |= HW_REG_LIGHTCFG1_RB_OFF | HW_REG_LIGHTCFG1_RG_OFF | HW_REG_LIGHTCFG1_RR_OFF;
	/* The SDK writes configuration 0 while lighting is off, and with no
	 * light enabled. */
	cfg0 = HW_REG_LIGHTCFG0_FIXED | (shadow ? HW_REG_LIGHTCFG0_SHADOW_FACTOR : 0)
	       | (uint32_t)(d->fresnel - GL_LIGHT_ENV_NO_FRESNEL_DMP) << 2
	       | (d->lighting && n ? gl_cmd_light_config_code(d->light_config) << 4 : 0)
	       | (d->shadow_primary ? HW_REG_LIGHTCFG0_SHADOW_PRIMARY : 0)
	       | (d->shadow_secondary ? HW_REG_LIGHTCFG0_SHADOW_SECONDARY : 0)
	       | (d->invert_shadow ? HW_REG_LIGHTCFG0_SHADOW_INVERT : 0)
	       | (d->shadow_alpha ? HW_REG_LIGHTCFG0_SHADOW_ALPHA : 0)
	       | (uint32_t)(d->bump_selector - GL_TEXTURE0) << 22
	       | (uint32_t)(d->shadow_selector - GL_TEXTURE0) << 24
	       | (d->clamp_highlights ? HW_REG_LIGHTCFG0_CLAMP_HIGHLIGHTS : 0)
	       | (uint32_t)(d->bump_mode - GL_LIGHT_ENV_BUMP_NOT_USED_DMP) << 28
	       | (d->bump_mode != GL_LIGHT_ENV_BUMP_NOT_USED_DMP && !d->bump_renorm
		  ? HW_REG_LIGHTCFG0_NO_BUMP_RECALC : 0);
	gl_cmd_reg(c, HW_REG_LIGHTING_ENABLE0, d->lighting ? 1 : 0);
	gl_cmd_reg(c, HW_REG_LIGHTING_ENABLE1, d->lighting ? 0 : 1);
	/* The register counts 1-8 lights; with none enabled it says one,
	 * light 0 (the hardware cannot say zero). */
	gl_cmd_reg(c, HW_REG_LIGHTING_NUM_LIGHTS, n ? n - 1 : 0);
	gl_cmd_reg(c, HW_REG_LIGHTING_CONFIG0, cfg0);
	gl_cmd_reg(c, HW_REG_LIGHTING_CONFIG1, cfg1);
	gl_cmd_reg(c, HW_REG_LIGHTING_LIGHT_PERMUTATION, perm);
	if (!d->lighting)
		return;                 /* a draw without lighting writes no more */
	/* Lighting on: the lights in use, the scene colour, the LUT inputs
	 * and the tables that changed. */
	if (n == 0)
		frag_light(c, d, 0, true);
	for (i = 0; i < GL_DMP_LIGHTS; i++)
		if (d->light[i].enabled)
			frag_light(c, d, i, false);
	{
		GLfloat global[3];

		for (k = 0; k < 3; k++)
			global[k] = d->material.emission[k]
				    + d->material.ambient[k] * d->lighting_ambient[k];
		gl_cmd_reg(c, HW_REG_LIGHTING_AMBIENT, frag_light_color(global, NULL));
	}
	for (k = 0; k < GL_DMP_LUTS; k++) {
		if (!d->lut_abs[k])
			input[0] |= 1u << (4 * k + 1);
		input[1] |= (uint32_t)(d->lut_input[k] - GL_LIGHT_ENV_NH_DMP) << (4 * k);
		input[2] |= frag_lut_scale(d->lut_scale[k]) << (4 * k);
	}
	gl_cmd_seq(c, HW_REG_LIGHTING_LUTINPUT_ABS, input, 3);
	for (k = 0; k < GL_FRAG_LUT_LIGHTING; k++)
		if (p->lut[k])
			frag_light_lut(c, k, p->lut[k]);
}

/* ---- fog and gas (A.4, A.5, B.5, B.6) ------------------------------------ */

/* The fog table from GL data (128 values, then 128 differences): value
 * floor(v x 2048) saturated at 2047 in bits 13-23, difference x 2048 as
 * 13-bit two's complement in bits 0-12. */
static void frag_fog_lut(struct gl_cmdbuf *c, const GLfloat *data)
{
	uint32_t w[128];
	unsigned k;

	for (k = 0; k < 128; k++) {
		GLfloat v = data[k] * 2048.0f;
		uint32_t val = !(v > 0.0f) ? 0u : v >= 2047.0f ? 2047u : (uint32_t)v;

		w[k] = val << 13 | frag_fixed(data[128 + k], 13, 11);
	}
	gl_cmd_reg(c, HW_REG_FOG_LUT_INDEX, 0);
	gl_cmd_port(c, HW_REG_FOG_LUT_DATA0, w, 128);
}

/* GAS_DELTAZ_DEPTH bits 24-25 from glDepthFunc [S3]. */
static uint32_t frag_gas_depth_func(GLenum f)
{
	switch (f) {
	case GL_NEVER: return 0;
	case GL_ALWAYS: return 1;
	case GL_GREATER: case GL_GEQUAL: return 2;
	default: return 3;
	}
}

/* The gas shading table from GL data (per channel 8 values, then 8
 * differences; uncertain): words 0-7 the differences (per channel a
 * byte, bit 7 the sign, bits 0-6 round(|d| x 127)), words 8-15 the
 * colours RGB8. */
static void frag_gas_lut(struct gl_cmdbuf *c, const GLfloat *const rgb[3])
{
	uint32_t w[16] = { 0 };
	unsigned k, ch;

	for (k = 0; k < 8; k++)
		for (ch = 0; ch < 3; ch++) {
			GLfloat dd = rgb[ch][8 + k], mag = dd < 0.0f ? -dd : dd;
			uint32_t m = !(mag > 0.0f) ? 0u : mag >= 1.0f ? 127u
				     : (uint32_t)(mag * 127.0f + 0.5f);

			w[k] |= (m | (dd < 0.0f ? 0x80u : 0u)) << (8 * ch);
			w[8 + k] |= frag_unorm8(rgb[ch][k]) << (8 * ch);
		}
	gl_cmd_reg(c, HW_REG_GAS_LUT_INDEX, 0);
	gl_cmd_port(c, HW_REG_GAS_LUT_DATA, w, 16);
}

/* Emit the fog table when fog is on and its table is bound, and the gas
 * registers when gas fog or gas accumulation is selected. */
static void frag_fog_gas(struct gl_cmdbuf *c, const struct gl_frag_plan *p)
{
	const struct gl_dmp_state *d = p->dmp;
	const struct gl_dmp_gas *g = &d->gas;
	bool gas = d->fog_mode == GL_GAS_DMP || d->fragop_mode == GL_FRAGOP_MODE_GAS_ACC_DMP;
	uint32_t v[3];
	float dz;

	if (d->fog_mode == GL_FOG && p->lut[GL_FRAG_LUT_FOG])
		frag_fog_lut(c, p->lut[GL_FRAG_LUT_FOG]);
	if (!gas)
		return;
	v[0] = frag_unorm8(g->light_xy[0]) | frag_unorm8(g->light_xy[1]) << 8
	       | frag_unorm8(g->light_xy[2]) << 16;
	v[1] = frag_unorm8(g->light_z[0]) | frag_unorm8(g->light_z[1]) << 8
	       | frag_unorm8(g->light_z[2]) << 16;
	v[2] = frag_unorm8(g->light_z[3])
	       | (g->color_lut_input == GL_GAS_LIGHT_FACTOR_DMP ? 1u << 8 : 0u);
	gl_cmd_seq(c, HW_REG_GAS_LIGHT_XY, v, 3);
	dz = g->delta_z * 256.0f;
	gl_cmd_reg(c, HW_REG_GAS_DELTAZ_DEPTH,
		   (!(dz > 0.0f) ? 0u : dz >= 16777215.0f ? 0xFFFFFFu : (uint32_t)dz)
		   | frag_gas_depth_func(p->gl->frag.depth_func) << 24);
	v[0] = gl_cmd_f16(g->attenuation);
	v[1] = gl_cmd_f16(1.0f / g->acc_max);
	gl_cmd_seq(c, HW_REG_GAS_ATTENUATION, v, 2);
	if (p->lut[GL_FRAG_LUT_GAS]) {
		const GLfloat *rgb[3] = { p->lut[GL_FRAG_LUT_GAS], p->lut[GL_FRAG_LUT_GAS + 1],
					  p->lut[GL_FRAG_LUT_GAS + 2] };
		frag_gas_lut(c, rgb);
	}
}

/* ---- procedural texture (A.3) ------------------------------------------------- */

/* A procedural-texture clamp enum as its 3-bit code (the hw_proctex
 * numbering); anything else gives 1, clamp to edge. */
static uint32_t frag_pt_clamp(GLint v)
{
	switch (v) {
	case GL_CLAMP_TO_ZERO_DMP: return 0;
	case GL_SYMMETRICAL_REPEAT_DMP: return 2;
	case GL_MIRRORED_REPEAT: return 3;
	case GL_PULSE_DMP: return 4;
	default: return 1;                      /* GL_CLAMP_TO_EDGE */
	}
}

/* The mapping functions in the register's order (U, U2, V, V2, ...). */
static uint32_t frag_pt_map(GLint v)
{
	switch (v) {
	case GL_PROCTEX_U2_DMP: return 1;
	case GL_PROCTEX_V_DMP: return 2;
	case GL_PROCTEX_V2_DMP: return 3;
	case GL_PROCTEX_ADD_DMP: return 4;
	case GL_PROCTEX_ADD2_DMP: return 5;
	case GL_PROCTEX_ADDSQRT2_DMP: return 6;
	case GL_PROCTEX_MIN_DMP: return 7;
	case GL_PROCTEX_MAX_DMP: return 8;
	case GL_PROCTEX_RMAX_DMP: return 9;
	default: return 0;                      /* GL_PROCTEX_U_DMP */
	}
}

/* A procedural-texture minification filter enum as its 3-bit code; anything
 * else gives 1, linear. */
static uint32_t frag_pt_filter(GLint v)
{
	switch (v) {
	case GL_NEAREST: return 0;
	case GL_NEAREST_MIPMAP_NEAREST: return 2;
	case GL_LINEAR_MIPMAP_NEAREST: return 3;
	case GL_NEAREST_MIPMAP_LINEAR: return 4;
	case GL_LINEAR_MIPMAP_LINEAR: return 5;
	default: return 1;                      /* GL_LINEAR */
	}
}

/* A 128-entry procedural table (noise, RGB map, alpha map) from GL data
 * (128 values, then 128 differences; uncertain): value floor(v x 4096)
 * saturated at 4095 in bits 0-11, difference x 2048 as 12-bit two's
 * complement in bits 12-23. */
static void frag_pt_lut128(struct gl_cmdbuf *c, unsigned table, const GLfloat *data)
{
	uint32_t w[128];
	unsigned k;

	for (k = 0; k < 128; k++) {
		GLfloat v = data[k] * 4096.0f;
		uint32_t val = !(v > 0.0f) ? 0u : v >= 4095.0f ? 4095u : (uint32_t)v;

		w[k] = val | frag_fixed(data[128 + k], 12, 11) << 12;
	}
	gl_cmd_reg(c, HW_REG_PROCTEX_LUT, table << 8);
	gl_cmd_port(c, HW_REG_PROCTEX_LUT_DATA0, w, 128);
}

/* The colour table (4) and its differences (5) from the R, G, B, A GL
 * tables (256 values, then 256 differences each; uncertain): RGBA8 of
 * round(v x 255), and per channel the difference x 128 as an 8-bit two's
 * complement (truncated, saturated). */
static void frag_pt_colors(struct gl_cmdbuf *c, const GLfloat *const ch[4])
{
	uint32_t w[256];
	unsigned k, n;

	for (k = 0; k < 256; k++)
		for (w[k] = 0, n = 0; n < 4; n++)
			w[k] |= frag_unorm8(ch[n][k]) << (8 * n);
	gl_cmd_reg(c, HW_REG_PROCTEX_LUT, 4u << 8);
	gl_cmd_port(c, HW_REG_PROCTEX_LUT_DATA0, w, 256);
	for (k = 0; k < 256; k++)
		for (w[k] = 0, n = 0; n < 4; n++)
			w[k] |= frag_fixed(ch[n][256 + k], 8, 7) << (8 * n);
	gl_cmd_reg(c, HW_REG_PROCTEX_LUT, 5u << 8);
	gl_cmd_port(c, HW_REG_PROCTEX_LUT_DATA0, w, 256);
}

/* Emit the procedural texture's registers, and the tables the plan marks for
 * upload, when unit 3 is procedural; nothing otherwise. The colour-table
 * level offsets (0x0AD, 0x0AE) are the SDK's fixed layout, whatever the
 * width: level 0 at ptTexOffset, level k > 0 at 256 - (256 >> k), so
 * 0x80, 0xC0, 0xE0 (fragment-pipeline.md A.3) and 0xF0, 0xF8, 0xFC, 0xFE
 * (the values the spec calls usual; a model choice, doc/model.md). */
static void frag_proctex(struct gl_cmdbuf *c, const struct gl_frag_plan *p)
{
	const struct gl_dmp_proctex *t = &p->dmp->pt;
	uint32_t v[7], bias = gl_cmd_f16(t->tex_bias);
	static const unsigned map_table[3] = { 2, 3, 0 };   /* RGB map, alpha map, noise */
	unsigned k;

	if (p->dmp->sampler_type[3] != GL_TEXTURE_PROCEDURAL_DMP)
		return;
	v[0] = frag_pt_clamp(t->clamp[0]) | frag_pt_clamp(t->clamp[1]) << 3
	       | frag_pt_map(t->rgb_map) << 6 | frag_pt_map(t->alpha_map) << 10
	       | (t->alpha_separate ? 1u << 14 : 0) | (t->noise_enable ? 1u << 15 : 0)
	       | (uint32_t)(t->shift[0] - GL_NONE_DMP) << 16
	       | (uint32_t)(t->shift[1] - GL_NONE_DMP) << 18 | (bias & 0xFFu) << 20;
	v[1] = frag_fixed(t->noise[0][2], 16, 12) | gl_cmd_f16(t->noise[0][1]) << 16;
	v[2] = frag_fixed(t->noise[1][2], 16, 12) | gl_cmd_f16(t->noise[1][1]) << 16;
	v[3] = gl_cmd_f16(t->noise[0][0]) | gl_cmd_f16(t->noise[1][0]) << 16;
	v[4] = frag_pt_filter(t->min_filter) | 6u << 7 | (uint32_t)t->tex_width << 11
	       | (bias >> 8) << 19;
	v[5] = (uint32_t)t->tex_offset | 0x80u << 8 | 0xC0u << 16 | 0xE0u << 24;
	v[6] = 0xF0u | 0xF8u << 8 | 0xFCu << 16 | 0xFEu << 24;
	gl_cmd_seq(c, HW_REG_TEXUNIT3_PROCTEX0, v, 7);
	for (k = 0; k < 3; k++)
		if (p->lut[GL_FRAG_LUT_PROCTEX + k])
			frag_pt_lut128(c, map_table[k], p->lut[GL_FRAG_LUT_PROCTEX + k]);
	if (p->lut[GL_FRAG_LUT_PROCTEX + GL_DMP_PT_R]) {
		const GLfloat *ch[4];

		for (k = 0; k < 4; k++)
			ch[k] = p->lut[GL_FRAG_LUT_PROCTEX + GL_DMP_PT_R + k];
		frag_pt_colors(c, ch);
	}
}

/* ---- shadows, clip plane (A.2, A.5, A.7) --------------------------------------- */

/* Emit the shadow texture's perspective flag and z bias (24-bit, its low bit
 * dropped) when unit 0 samples a shadow, and the penumbra word when the
 * fragment mode is shadow. */
static void frag_shadow(struct gl_cmdbuf *c, const struct gl_frag_plan *p)
{
	const struct gl_dmp_state *d = p->dmp;

	if (d->sampler_type[0] == GL_TEXTURE_SHADOW_2D_DMP
	    || d->sampler_type[0] == GL_TEXTURE_SHADOW_CUBE_DMP) {
		float b = d->shadow_zbias * 16777216.0f;
		uint32_t bias = !(b > 0.0f) ? 0u : b >= 16777215.0f ? 0xFFFFFFu : (uint32_t)b;

		gl_cmd_reg(c, HW_REG_TEXUNIT0_SHADOW,
			   (d->shadow_perspective ? 0u : 1u) | (bias & 0xFFFFFEu));
	}
	if (d->fragop_mode == GL_FRAGOP_MODE_SHADOW_DMP)
		gl_cmd_reg(c, HW_REG_FRAGOP_SHADOW,
			   gl_cmd_f16(d->penumbra_scale + d->penumbra_bias)
			   | gl_cmd_f16(-d->penumbra_scale) << 16);
}

/* The user clip plane: written while it is on, and once more (off) by
 * the first draw after one that had it on, so that draws that never use
 * it write nothing. */
static void frag_clip(struct gl_cmdbuf *c, const struct gl_frag_plan *p)
{
	const struct gl_dmp_state *d = p->dmp;
	uint32_t v[4];
	unsigned k;

	if (!d->clip_enable) {
		if (p->gl->clip_plane_sent)
			gl_cmd_reg(c, HW_REG_FRAGOP_CLIP, 0);
		return;
	}
	gl_cmd_reg(c, HW_REG_FRAGOP_CLIP, 1);
	for (k = 0; k < 4; k++)
		v[k] = hw_reg_float_to_f24(d->clip_plane[k]);
	gl_cmd_seq(c, HW_REG_FRAGOP_CLIP_DATA0, v, 4);
}

/* ---- per-fragment operations -------------------------------------------------- */

/* A GL compare function as its register code; anything else gives ALWAYS. */
static uint32_t frag_compare(GLenum f)
{
	switch (f) {
	case GL_NEVER: return HW_REG_CMP_NEVER;
	case GL_EQUAL: return HW_REG_CMP_EQUAL;
	case GL_NOTEQUAL: return HW_REG_CMP_NOTEQUAL;
	case GL_LESS: return HW_REG_CMP_LESS;
	case GL_LEQUAL: return HW_REG_CMP_LEQUAL;
	case GL_GREATER: return HW_REG_CMP_GREATER;
	case GL_GEQUAL: return HW_REG_CMP_GEQUAL;
	default: return HW_REG_CMP_ALWAYS;
	}
}

/* A GL blend factor as its register code; anything else gives ONE. */
static uint32_t frag_factor(GLenum f)
{
	switch (f) {
	case GL_ZERO: return HW_REG_BLENDF_ZERO;
	case GL_SRC_COLOR: return HW_REG_BLENDF_SRC_COLOR;
	case GL_ONE_MINUS_SRC_COLOR: return HW_REG_BLENDF_INV_SRC_COLOR;
	case GL_DST_COLOR: return HW_REG_BLENDF_DST_COLOR;
	case GL_ONE_MINUS_DST_COLOR: return HW_REG_BLENDF_INV_DST_COLOR;
	case GL_SRC_ALPHA: return HW_REG_BLENDF_SRC_ALPHA;
	case GL_ONE_MINUS_SRC_ALPHA: return HW_REG_BLENDF_INV_SRC_ALPHA;
	case GL_DST_ALPHA: return HW_REG_BLENDF_DST_ALPHA;
	case GL_ONE_MINUS_DST_ALPHA: return HW_REG_BLENDF_INV_DST_ALPHA;
	case GL_CONSTANT_COLOR: return HW_REG_BLENDF_CONST_COLOR;
	case GL_ONE_MINUS_CONSTANT_COLOR: return HW_REG_BLENDF_INV_CONST_COLOR;
	case GL_CONSTANT_ALPHA: return HW_REG_BLENDF_CONST_ALPHA;
	case GL_ONE_MINUS_CONSTANT_ALPHA: return HW_REG_BLENDF_INV_CONST_ALPHA;
	case GL_SRC_ALPHA_SATURATE: return HW_REG_BLENDF_SRC_ALPHA_SATURATE;
	default: return HW_REG_BLENDF_ONE;
	}
}

/* A GL blend equation as its register code; anything else gives ADD. */
static uint32_t frag_equation(GLenum e)
{
	switch (e) {
	case GL_FUNC_SUBTRACT: return HW_REG_BLENDEQ_SUBTRACT;
	case GL_FUNC_REVERSE_SUBTRACT: return HW_REG_BLENDEQ_REV_SUBTRACT;
	case GL_MIN: return HW_REG_BLENDEQ_MIN;
	case GL_MAX: return HW_REG_BLENDEQ_MAX;
	default: return HW_REG_BLENDEQ_ADD;
	}
}

/* GL_CLEAR..GL_SET (0x1500 + n) to the register's codes. */
static uint32_t frag_logic_op(GLenum op)
{
	static const uint8_t code[16] = {
		HW_REG_LOGICOP_CLEAR, HW_REG_LOGICOP_AND, HW_REG_LOGICOP_AND_REVERSE,
		HW_REG_LOGICOP_COPY, HW_REG_LOGICOP_AND_INVERTED, HW_REG_LOGICOP_NOOP,
		HW_REG_LOGICOP_XOR, HW_REG_LOGICOP_OR, HW_REG_LOGICOP_NOR, HW_REG_LOGICOP_EQUIV,
		HW_REG_LOGICOP_INVERT, HW_REG_LOGICOP_OR_REVERSE, HW_REG_LOGICOP_COPY_INVERTED,
		HW_REG_LOGICOP_OR_INVERTED, HW_REG_LOGICOP_NAND, HW_REG_LOGICOP_SET
	};

	return op >= GL_CLEAR && op <= GL_SET ? code[op - GL_CLEAR] : HW_REG_LOGICOP_COPY;
}

/* A GL stencil operation as its register code; anything else gives KEEP. */
static uint32_t frag_stencil_op(GLenum op)
{
	switch (op) {
	case GL_ZERO: return HW_REG_STENCILOP_ZERO;
	case GL_REPLACE: return HW_REG_STENCILOP_REPLACE;
	case GL_INCR: return HW_REG_STENCILOP_INCR;
	case GL_DECR: return HW_REG_STENCILOP_DECR;
	case GL_INVERT: return HW_REG_STENCILOP_INVERT;
	case GL_INCR_WRAP: return HW_REG_STENCILOP_INCR_WRAP;
	case GL_DECR_WRAP: return HW_REG_STENCILOP_DECR_WRAP;
	default: return HW_REG_STENCILOP_KEEP;
	}
}

/* The fragment-operation mode as its register code; anything else gives the
 * default mode. */
static uint32_t frag_fragop_mode(GLint mode)
{
	switch (mode) {
	case GL_FRAGOP_MODE_SHADOW_DMP: return HW_REG_FRAGMODE_SHADOW;
	case GL_FRAGOP_MODE_GAS_ACC_DMP: return HW_REG_FRAGMODE_GAS;
	default: return HW_REG_FRAGMODE_DEFAULT;
	}
}

/* An early-depth function as its 2-bit code; the four the SDK accepts map one
 * to one, anything else gives LESS. */
static uint32_t frag_early_func(GLenum f)
{
	switch (f) {
	case GL_GEQUAL: return HW_REG_EARLYDEPTH_GEQUAL;
	case GL_GREATER: return HW_REG_EARLYDEPTH_GREATER;
	case GL_LEQUAL: return HW_REG_EARLYDEPTH_LEQUAL;
	default: return HW_REG_EARLYDEPTH_LESS;
	}
}

/* The colour mask channels a format stores (bit 0 R .. bit 3 A). */
static unsigned frag_format_channels(unsigned format)
{
	return format == HW_REG_COLORFMT_RGB8 || format == HW_REG_COLORFMT_RGB565
	       ? FRAG_CHANNELS_RGB : FRAG_CHANNELS_RGBA;
}

/* COLORBUFFER_FORMAT: format in bits 16-18, pixel size in bits 0-1
 * (16-bit formats 0, 32-bit 2; RGB8's 3 bytes are not in the size list:
 * model choice 2, unverified). */
static uint32_t frag_color_format(unsigned format)
{
	unsigned size = format == HW_REG_COLORFMT_RGBA8 || format == HW_REG_COLORFMT_RGB8
			? HW_REG_COLORSIZE_32 : HW_REG_COLORSIZE_16;

	return (uint32_t)format << 16 | size;
}

/* Registers 0x100-0x107 and 0x112-0x11E. */
static void frag_operations(struct gl_cmdbuf *c, const struct gl_frag_plan *p)
{
	const struct gl_context *gl = p->gl;
	const struct gl_fragment_state *f = &gl->frag;
	const struct gl_dmp_state *d = p->dmp;
	const struct gl_frag_target *t = &p->target;
	bool logic = frag_cap(gl, GL_CAP_COLOR_LOGIC_OP);
	bool blend = !logic && frag_cap(gl, GL_CAP_BLEND);
	bool depth_on = frag_cap(gl, GL_CAP_DEPTH_TEST) && t->depth_phys && t->depth_bits;
	bool stencil_on = frag_cap(gl, GL_CAP_STENCIL_TEST) && t->depth_phys && t->stencil_bits
			  && t->depth_format == HW_REG_DEPTHFMT_D24S8;
	unsigned mask = 0, present, kept;
	uint32_t v[8], fb[7], loc[3], dim = gl_cmd_dim(t->width, t->height);
	bool needs_dst;
	unsigned k;
	GLint ref = f->stencil_ref < 0 ? 0 : f->stencil_ref > 255 ? 255 : f->stencil_ref;

	for (k = 0; k < 4; k++)
		if (f->color_mask[k])
			mask |= 1u << k;
	v[0] = frag_fragop_mode(d->fragop_mode) | (logic ? 0 : FRAG_COLOR_OP_BLEND)
	       | HW_REG_COLOR_OPERATION_FIXED;
	/* Blending off is blending with ONE, ZERO: the source as it is. */
	v[1] = blend ? frag_equation(f->blend_eq_rgb) | frag_equation(f->blend_eq_alpha) << 8
		       | frag_factor(f->blend_src_rgb) << 16 | frag_factor(f->blend_dst_rgb) << 20
		       | frag_factor(f->blend_src_alpha) << 24
		       | frag_factor(f->blend_dst_alpha) << 28
		     : (uint32_t)HW_REG_BLENDF_ONE << 16 | (uint32_t)HW_REG_BLENDF_ONE << 24;
	v[2] = frag_logic_op(f->logic_op);
	v[3] = frag_rgba8(f->blend_color, 4);
	v[4] = (d->alpha_test ? 1u : 0u) | frag_compare((GLenum)d->alpha_func) << 4
	       | frag_unorm8(d->alpha_ref) << 8;
	v[5] = (stencil_on ? 1u : 0u) | frag_compare(f->stencil_func) << 4
	       | (f->stencil_write_mask & 0xFFu) << 8 | (uint32_t)ref << 16
	       | (f->stencil_value_mask & 0xFFu) << 24;
	v[6] = frag_stencil_op(f->stencil_fail) | frag_stencil_op(f->stencil_zfail) << 4
	       | frag_stencil_op(f->stencil_zpass) << 8;
	v[7] = (depth_on ? HW_REG_DEPTHMASK_TEST : 0) | frag_compare(f->depth_func) << 4
	       | (uint32_t)mask << 8 | (depth_on && f->depth_mask ? HW_REG_DEPTHMASK_WRITE : 0);
	gl_cmd_seq(c, HW_REG_COLOR_OPERATION, v, 8);

	present = t->color_phys ? frag_format_channels(t->color_format) : 0;
	kept = mask & present;
	needs_dst = logic ? hw_reg_logic_op_needs_dst(v[2]) : hw_reg_blend_needs_dst(v[1]);
	fb[0] = kept && (needs_dst || kept != present) ? FRAG_ACCESS_ALL : 0;   /* colour read */
	fb[1] = kept ? FRAG_ACCESS_ALL : 0;                                     /* colour write */
	fb[2] = (depth_on ? FRAG_ACCESS_DEPTH : 0) | (stencil_on ? FRAG_ACCESS_STENCIL : 0);
	fb[3] = (depth_on && f->depth_mask ? FRAG_ACCESS_DEPTH : 0)
		| (stencil_on && (f->stencil_write_mask & 0xFFu) ? FRAG_ACCESS_STENCIL : 0);
	/* The SDK's buffer access for the other fragment modes [S3]: shadow
	 * reads and writes colour only; gas accumulation reads and writes
	 * colour and reads depth and stencil. */
	if (d->fragop_mode == GL_FRAGOP_MODE_SHADOW_DMP) {
		fb[0] = fb[1] = FRAG_ACCESS_ALL;
		fb[2] = fb[3] = 0;
	} else if (d->fragop_mode == GL_FRAGOP_MODE_GAS_ACC_DMP) {
		fb[0] = fb[1] = FRAG_ACCESS_ALL;
		fb[2] = FRAG_ACCESS_DEPTH | FRAG_ACCESS_STENCIL;
		fb[3] = 0;
	}
	fb[4] = t->depth_format;
	fb[5] = frag_color_format(t->color_format);
	fb[6] = frag_cap(gl, GL_CAP_EARLY_DEPTH_TEST_DMP) ? 1 : 0;           /* EARLYDEPTH_TEST2 */
	gl_cmd_seq(c, HW_REG_COLORBUFFER_READ, fb, 7);
	gl_cmd_reg(c, HW_REG_FRAMEBUFFER_BLOCK32,
		   gl->misc.render_block_mode == GL_RENDER_BLOCK32_MODE_DMP ? HW_REG_FB_BLOCK_32X32
									      : HW_REG_FB_BLOCK_8X8);
	loc[0] = t->depth_phys >> 3;
	loc[1] = t->color_phys >> 3;
	loc[2] = dim;
	gl_cmd_seq(c, HW_REG_DEPTHBUFFER_LOC, loc, 3);
	gl_cmd_reg(c, HW_REG_RENDERBUF_DIM, dim);
}

/* ---- rasterizer side: depth map, early depth, scissor -------------------------- */

/* The scissor box clamped to the target, corners inclusive (x2 = x +
 * width - 1, as the hardware's decoder reads them); an empty box is
 * (1, 1)-(0, 0), empty whichever way the corners are read. */
static void frag_scissor(struct gl_cmdbuf *c, const struct gl_frag_plan *p)
{
	const struct gl_fragment_state *f = &p->gl->frag;
	long x1 = f->scissor_x, y1 = f->scissor_y;
	long x2 = x1 + f->scissor_width - 1, y2 = y1 + f->scissor_height - 1;
	uint32_t v[3];

	if (x1 < 0)
		x1 = 0;
	if (y1 < 0)
		y1 = 0;
	if (x2 > (long)p->target.width - 1)
		x2 = (long)p->target.width - 1;
	if (y2 > (long)p->target.height - 1)
		y2 = (long)p->target.height - 1;
	if (x1 > x2 || y1 > y2) {
		x1 = y1 = FRAG_EMPTY_SCISSOR;
		x2 = y2 = 0;
	}
	v[0] = frag_cap(p->gl, GL_CAP_SCISSOR_TEST) ? HW_REG_SCISSOR_ON : HW_REG_SCISSOR_OFF;
	v[1] = (uint32_t)x1 | (uint32_t)y1 << 16;
	v[2] = (uint32_t)x2 | (uint32_t)y2 << 16;
	gl_cmd_seq(c, HW_REG_SCISSORTEST_MODE, v, 3);
}

/* The depth map's offset: near, plus glPolygonOffset's units times the
 * depth buffer's smallest step while GL_POLYGON_OFFSET_FILL is on (model
 * choice, gles_stub/gl_state.c: the PICA200 has no slope term, so factor
 * is not used). Off, exactly near, as before polygon offset existed. */
static float frag_depth_offset(const struct gl_frag_plan *p)
{
	const struct gl_fragment_state *f = &p->gl->frag;
	float step;

	if (!frag_cap(p->gl, GL_CAP_POLYGON_OFFSET_FILL))
		return f->depth_near;
	step = p->target.depth_format == HW_REG_DEPTHFMT_D16 ? 1.0f / 65535.0f
							     : 1.0f / 16777215.0f;
	return f->depth_near + f->polygon_offset_units * step;
}

/* Emit the depth map (a w-buffer when wScale != 0), the early-depth function
 * and enable, and the scissor, from the GL and DMP state. */
static void frag_raster(struct gl_cmdbuf *c, const struct gl_frag_plan *p)
{
	const struct gl_fragment_state *f = &p->gl->frag;

	/* Window z = clip z / w * (near - far) + near: the PICA's clip
	 * volume has z from -w (far) to 0 (near). */
	GLfloat w = p->dmp->w_scale;

	/* dmp_FragOperation.wScale != 0 selects the w-buffer: scale
	 * -wScale, offset 0 (uncertain) [S3]. */
	gl_cmd_reg(c, HW_REG_DEPTHMAP_ENABLE, w != 0.0f ? 0 : 1);
	gl_cmd_reg(c, HW_REG_DEPTHMAP_SCALE, hw_reg_float_to_f24(w != 0.0f ? -w
								   : f->depth_near - f->depth_far));
	gl_cmd_reg(c, HW_REG_DEPTHMAP_OFFSET, hw_reg_float_to_f24(w != 0.0f ? 0.0f
								    : frag_depth_offset(p)));
	gl_cmd_reg(c, HW_REG_EARLYDEPTH_FUNC, frag_early_func(f->early_depth_func));
	gl_cmd_reg(c, HW_REG_EARLYDEPTH_TEST1, frag_cap(p->gl, GL_CAP_EARLY_DEPTH_TEST_DMP) ? 1 : 0);
	frag_scissor(c, p);
}

void gl_cmd_fragment(struct gl_cmdbuf *c, const struct gl_frag_plan *p)
{
	frag_raster(c, p);
	frag_clip(c, p);
	frag_textures(c, p);
	frag_shadow(c, p);
	frag_proctex(c, p);
	frag_lighting(c, p);
	frag_combiner(c, p->dmp);
	frag_fog_gas(c, p);
	frag_operations(c, p);
}

void gl_cmd_fragment_end(struct gl_cmdbuf *c)
{
	gl_cmd_reg(c, HW_REG_FRAMEBUFFER_FLUSH, 1);
	gl_cmd_reg(c, HW_REG_FRAMEBUFFER_INVALIDATE, 1);
}

void gl_cmd_early_depth_clear(struct gl_cmdbuf *c, const struct gl_frag_target *t,
			      uint32_t value)
{
	uint32_t dim = gl_cmd_dim(t->width, t->height);

	gl_cmd_reg(c, HW_REG_FRAMEBUFFER_DIM, dim);
	gl_cmd_reg(c, HW_REG_RENDERBUF_DIM, dim);
	gl_cmd_reg(c, HW_REG_EARLYDEPTH_DATA, value & 0xFFFFFFu);
	gl_cmd_reg(c, HW_REG_EARLYDEPTH_CLEAR, 1);
}
