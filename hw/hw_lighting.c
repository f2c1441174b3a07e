/* hw_lighting.c: the fragment lighting unit (hw_lighting.h), after
 * fragment-pipeline.md B.3; registers through hw_regs.h. */
#include <math.h>
#include <string.h>

#include "hw_assert.h"
#include "hw_lighting.h"

#define LIGHT_LUT_HALF 128.0f           /* signed inputs: 128 entries a side */
#define LIGHT_LUT_FULL 256.0f           /* abs inputs, distance attenuation */

void hw_lighting_lut_write(struct hw_lighting_luts *luts, uint32_t word)
{
	unsigned table = hw_reg_lighting_lut_table(luts->index);
	unsigned entry = hw_reg_lighting_lut_index(luts->index);

	if (table < HW_REG_LIGHTLUT_TABLES)
		luts->word[table][entry] = word & 0xFFFFFFu;
	/* entry and table count on together: bits 0-12 of the index */
	luts->index = (luts->index + 1u) & 0x1FFFu;
}

/* An 8-bit colour field of a light register (c = 0 R, 1 G, 2 B) over 255. */
static void light_color(uint32_t r, float out[3])
{
	unsigned c;

	for (c = 0; c < 3; c++)
		out[c] = (float)hw_reg_light_color(r, c) / 255.0f;
}

void hw_lighting_decode(const uint32_t regs[HW_REG_COUNT], const struct hw_lighting_luts *luts,
			struct hw_lighting_config *c)
{
	uint32_t c0 = regs[HW_REG_LIGHTING_CONFIG0], c1 = regs[HW_REG_LIGHTING_CONFIG1];
	uint32_t abs = regs[HW_REG_LIGHTING_LUTINPUT_ABS];
	uint32_t sel = regs[HW_REG_LIGHTING_LUTINPUT_SELECT];
	uint32_t scale = regs[HW_REG_LIGHTING_LUTINPUT_SCALE];
	uint32_t perm = regs[HW_REG_LIGHTING_LIGHT_PERMUTATION];
	unsigned n, k, off;

	memset(c, 0, sizeof *c);
	c->luts = luts;
	c->count = hw_reg_lighting_num_lights(regs[HW_REG_LIGHTING_NUM_LIGHTS]);
	light_color(regs[HW_REG_LIGHTING_AMBIENT], c->ambient);
	c->layer = hw_reg_lighting_layer(c0);
	c->luts_on = hw_reg_lighting_luts_available(hw_reg_lighting_lut_config(c0));
	if (c1 & HW_REG_LIGHTCFG1_D0_OFF)
		c->luts_on &= ~(1u << HW_REG_LUT_D0);
	if (c1 & HW_REG_LIGHTCFG1_D1_OFF)
		c->luts_on &= ~(1u << HW_REG_LUT_D1);
	if (c1 & HW_REG_LIGHTCFG1_FR_OFF)
		c->luts_on &= ~(1u << HW_REG_LUT_FR);
	if (c1 & HW_REG_LIGHTCFG1_RB_OFF)
		c->luts_on &= ~(1u << HW_REG_LUT_RB);
	if (c1 & HW_REG_LIGHTCFG1_RG_OFF)
		c->luts_on &= ~(1u << HW_REG_LUT_RG);
	if (c1 & HW_REG_LIGHTCFG1_RR_OFF)
		c->luts_on &= ~(1u << HW_REG_LUT_RR);
	for (k = 0; k < 7; k++) {
		c->input[k] = hw_reg_lutinput_select(sel, k);
		c->absolute[k] = hw_reg_lutinput_abs(abs, k);
		c->scale[k] = hw_reg_lutscale_factor(hw_reg_lutinput_scale(scale, k));
	}
	c->fresnel = hw_reg_lighting_fresnel(c0);
	c->shadow_factor = (c0 & HW_REG_LIGHTCFG0_SHADOW_FACTOR) != 0;
	c->shadow_primary = (c0 & HW_REG_LIGHTCFG0_SHADOW_PRIMARY) != 0;
	c->shadow_secondary = (c0 & HW_REG_LIGHTCFG0_SHADOW_SECONDARY) != 0;
	c->shadow_invert = (c0 & HW_REG_LIGHTCFG0_SHADOW_INVERT) != 0;
	c->shadow_alpha = (c0 & HW_REG_LIGHTCFG0_SHADOW_ALPHA) != 0;
	c->shadow_unit = hw_reg_lighting_shadow_unit(c0);
	c->bump_mode = hw_reg_lighting_bump_mode(c0);
	c->bump_unit = hw_reg_lighting_bump_unit(c0);
	c->bump_renorm = (c0 & HW_REG_LIGHTCFG0_NO_BUMP_RECALC) == 0;
	c->clamp_highlights = (c0 & HW_REG_LIGHTCFG0_CLAMP_HIGHLIGHTS) != 0;

	for (n = 0; n < c->count; n++) {
		struct hw_lighting_light *l = &c->light[n];
		unsigned id = hw_reg_lighting_light_id(perm, n);
		uint32_t xy = regs[HW_REG_LIGHT(id, HW_REG_LIGHT_OFF_XY)];
		uint32_t sxy = regs[HW_REG_LIGHT(id, HW_REG_LIGHT_OFF_SPOTDIR_XY)];
		uint32_t sz = regs[HW_REG_LIGHT(id, HW_REG_LIGHT_OFF_SPOTDIR_Z)];
		uint32_t cfg = regs[HW_REG_LIGHT(id, HW_REG_LIGHT_OFF_CONFIG)];

		l->id = id;
		light_color(regs[HW_REG_LIGHT(id, HW_REG_LIGHT_OFF_SPECULAR0)], l->specular0);
		light_color(regs[HW_REG_LIGHT(id, HW_REG_LIGHT_OFF_SPECULAR1)], l->specular1);
		light_color(regs[HW_REG_LIGHT(id, HW_REG_LIGHT_OFF_DIFFUSE)], l->diffuse);
		light_color(regs[HW_REG_LIGHT(id, HW_REG_LIGHT_OFF_AMBIENT)], l->ambient);
		l->position[0] = hw_reg_f16_to_float(xy & 0xFFFFu);
		l->position[1] = hw_reg_f16_to_float(xy >> 16);
		l->position[2] = hw_reg_f16_to_float(regs[HW_REG_LIGHT(id, HW_REG_LIGHT_OFF_Z)]
						     & 0xFFFFu);
		for (off = 0; off < 3; off++)
			l->spot[off] = hw_reg_fixed13_to_float(hw_reg_light_spot_raw(sxy, sz, off));
		l->da_bias = hw_reg_f20_to_float(regs[HW_REG_LIGHT(id, HW_REG_LIGHT_OFF_ATTENUATION_BIAS)]
						 & 0xFFFFFu);
		l->da_scale = hw_reg_f20_to_float(regs[HW_REG_LIGHT(id,
								 HW_REG_LIGHT_OFF_ATTENUATION_SCALE)]
						  & 0xFFFFFu);
		l->directional = (cfg & HW_REG_LIGHTI_DIRECTIONAL) != 0;
		l->two_sided = (cfg & HW_REG_LIGHTI_TWO_SIDED) != 0;
		l->geo0 = (cfg & HW_REG_LIGHTI_GEOM_FACTOR0) != 0;
		l->geo1 = (cfg & HW_REG_LIGHTI_GEOM_FACTOR1) != 0;
		l->shadowed = hw_reg_light_shadow_on(c1, id);
		l->spot_on = hw_reg_light_spot_on(c1, id);
		l->da_on = hw_reg_light_dist_atten_on(c1, id);
	}
}

unsigned hw_lighting_texture_units(const struct hw_lighting_config *c)
{
	unsigned units = 0;

	if (c->bump_mode == HW_REG_BUMP_NORMAL || c->bump_mode == HW_REG_BUMP_TANGENT)
		units |= 1u << c->bump_unit;
	if (c->shadow_factor)
		units |= 1u << c->shadow_unit;
	return units;
}

unsigned hw_lighting_layer_ratio(unsigned layer)
{
	return layer <= 3u ? 1u : layer <= 6u ? 3u : 4u;
}

unsigned hw_lighting_passes(const struct hw_lighting_config *c, unsigned ratio_4_6,
			    unsigned ratio_7)
{
	return c->count * (c->layer <= 3u ? 1u : c->layer <= 6u ? ratio_4_6 : ratio_7);
}

/* ---- per-fragment arithmetic: locals only ------------------------------ */

static float light_dot(const float a[3], const float b[3])
{
	return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/* v / |v|; 0 for a vector of length 0 (or not finite). Returns |v|. */
static float light_normalize(const float v[3], float out[3])
{
	float len = sqrtf(light_dot(v, v));
	unsigned k;

	for (k = 0; k < 3; k++)
		out[k] = len > 0.0f && isfinite(len) ? v[k] / len : 0.0f;
	return len;
}

/* out = a x b, the right-handed cross product; out must not alias a or b. */
static void light_cross(const float a[3], const float b[3], float out[3])
{
	out[0] = a[1] * b[2] - a[2] * b[1];
	out[1] = a[2] * b[0] - a[0] * b[2];
	out[2] = a[0] * b[1] - a[1] * b[0];
}

/* q v q* for a unit quaternion q = (x, y, z, w): v + 2w (u x v) + 2 u x
 * (u x v), u = (x, y, z). */
static void light_rotate(const float q[4], const float v[3], float out[3])
{
	float t[3], u2[3];
	unsigned k;

	light_cross(q, v, t);
	light_cross(q, t, u2);
	for (k = 0; k < 3; k++)
		out[k] = v[k] + 2.0f * q[3] * t[k] + 2.0f * u2[k];
}

/* Table `table` of the LUT memory at input x: with abs, entries 0-255 over
 * [0, 1]; signed, entries 0-127 over [0, 1) and 128-255 over [-1, 0);
 * the value plus the difference times the fraction. */
static float light_lut(const struct hw_lighting_luts *luts, unsigned table, float x, bool absolute,
		       bool two_sided)
{
	const uint32_t *t = luts->word[table];
	float frac;
	int i;

	if (!(x == x))
		x = 0.0f;               /* NaN */
	if (absolute) {
		x = two_sided ? fabsf(x) : (x > 0.0f ? x : 0.0f);
		if (x > 1.0f)
			x = 1.0f;
		i = (int)(x * LIGHT_LUT_FULL);
		if (i > 255)
			i = 255;
		frac = x * LIGHT_LUT_FULL - (float)i;
		NNGX_ASSERT(i >= 0 && i <= 255);
		return hw_reg_lightlut_value(t[i]) + hw_reg_lightlut_diff(t[i]) * frac;
	}
	if (x > 1.0f)
		x = 1.0f;
	if (x < -1.0f)
		x = -1.0f;
	i = (int)floorf(x * LIGHT_LUT_HALF);
	if (i > 127)
		i = 127;
	frac = x * LIGHT_LUT_HALF - (float)i;
	i &= 0xFF;
	return hw_reg_lightlut_value(t[i]) + hw_reg_lightlut_diff(t[i]) * frac;
}

/* The dot products a light offers its tables (HW_REG_LUTIN_*). */
struct light_inputs {
	float v[6];
};

/* Table `lut` (HW_REG_LUT_D0..RR, or SP with `table` the light's) on its
 * selected input, abs flag and scale. */
static float light_lookup(const struct hw_lighting_config *c, unsigned lut, unsigned table,
			  const struct light_inputs *in, bool two_sided)
{
	unsigned sel = c->input[lut];
	float x = sel < 6u ? in->v[sel] : 0.0f;         /* codes 6, 7: 0 (model choice) */

	return light_lut(c->luts, table, x, c->absolute[lut], two_sided) * c->scale[lut];
}

/* Whether lookup table `lut` (a bit index of luts_on) is enabled. */
static bool light_has(const struct hw_lighting_config *c, unsigned lut)
{
	return (c->luts_on >> lut) & 1u;
}

/* Clamp to 0..1 and round to 8 bits, over 255 (NaN: 0). Model choice:
 * round to nearest, where Citra truncates: the model's float products
 * land a hair below an exact byte (200/255 x 255), which a fixed-point
 * unit would not; the hardware's widths are not public. */
static float light_byte(float v)
{
	v = v > 0.0f ? (v < 1.0f ? v : 1.0f) : 0.0f;
	return (float)(unsigned)(v * 255.0f + 0.5f) / 255.0f;
}

void hw_lighting_fragment(const struct hw_lighting_config *c, const float quat[4],
			  const float view[3], const float (*texture)[4], float primary[4],
			  float secondary[4])
{
	static const float z_axis[3] = { 0.0f, 0.0f, 1.0f }, x_axis[3] = { 1.0f, 0.0f, 0.0f };
	float q[4], n0[3], t0[3], nrm[3], tan[3], v[3], shadow[4] = { 1, 1, 1, 1 };
	float dsum[4] = { 0, 0, 0, 1 }, ssum[4] = { 0, 0, 0, 1 };
	float qlen;
	unsigned j, k;

	/* surface frame */
	qlen = sqrtf(quat[0] * quat[0] + quat[1] * quat[1] + quat[2] * quat[2] + quat[3] * quat[3]);
	for (k = 0; k < 4; k++)
		q[k] = qlen > 0.0f && isfinite(qlen) ? quat[k] / qlen : (k == 3 ? 1.0f : 0.0f);
	memcpy(n0, z_axis, sizeof n0);
	memcpy(t0, x_axis, sizeof t0);
	if (c->bump_mode == HW_REG_BUMP_NORMAL || c->bump_mode == HW_REG_BUMP_TANGENT) {
		const float *b = texture[c->bump_unit];
		float p[3];

		for (k = 0; k < 3; k++)
			p[k] = b[k] * 2.0f - 1.0f;     /* byte / 127.5 - 1 */
		if (c->bump_mode == HW_REG_BUMP_NORMAL) {
			if (c->bump_renorm) {
				float zz = 1.0f - p[0] * p[0] - p[1] * p[1];

				p[2] = zz > 0.0f ? sqrtf(zz) : 0.0f;
			}
			memcpy(n0, p, sizeof n0);
		} else {
			memcpy(t0, p, sizeof t0);
		}
	}
	light_rotate(q, n0, nrm);
	light_rotate(q, t0, tan);
	light_normalize(view, v);

	if (c->shadow_factor) {
		for (k = 0; k < 4; k++) {
			float s = texture[c->shadow_unit][k];

			shadow[k] = c->shadow_invert ? 1.0f - s : s;
		}
	}

	for (j = 0; j < c->count; j++) {
		const struct hw_lighting_light *l = &c->light[j];
		struct light_inputs in;
		float lv[3], ln[3], h[3], hn[3], dist, hlen2, ln_raw, ln_c, da = 1.0f, spot = 1.0f;
		float d0 = 1.0f, d1 = 1.0f, refl[3], spec0[3], spec1[3], clamp = 1.0f;
		float sp[3] = { 1, 1, 1 }, ss[3] = { 1, 1, 1 };

		for (k = 0; k < 3; k++)
			lv[k] = l->directional ? l->position[k] : l->position[k] + view[k];
		dist = light_normalize(lv, ln);
		for (k = 0; k < 3; k++)
			h[k] = v[k] + ln[k];
		hlen2 = light_dot(h, h);
		light_normalize(h, hn);

		if (l->da_on && light_has(c, HW_REG_LUT_DA)) {
			float x = l->da_scale * dist + l->da_bias;

			x = x > 0.0f ? (x < 1.0f ? x : 1.0f) : 0.0f;
			da = light_lut(c->luts, HW_REG_LIGHTLUT_DA0 + l->id, x, true, false);
		}
		ln_raw = light_dot(ln, nrm);
		in.v[HW_REG_LUTIN_NH] = light_dot(nrm, hn);
		in.v[HW_REG_LUTIN_VH] = light_dot(v, hn);
		in.v[HW_REG_LUTIN_NV] = light_dot(nrm, v);
		in.v[HW_REG_LUTIN_LN] = ln_raw;
		in.v[HW_REG_LUTIN_SP] = light_dot(ln, l->spot);
		in.v[HW_REG_LUTIN_CP] = 0.0f;
		if (c->layer == 7) {
			float proj[3];

			for (k = 0; k < 3; k++)
				proj[k] = hn[k] - nrm[k] * in.v[HW_REG_LUTIN_NH];
			in.v[HW_REG_LUTIN_CP] = light_dot(tan, proj);
		}

		if (l->spot_on && light_has(c, HW_REG_LUT_SP))
			spot = light_lookup(c, HW_REG_LUT_SP, HW_REG_LIGHTLUT_SP0 + l->id, &in,
					    l->two_sided);
		if (light_has(c, HW_REG_LUT_D0))
			d0 = light_lookup(c, HW_REG_LUT_D0, HW_REG_LIGHTLUT_D0, &in, l->two_sided);
		refl[0] = light_has(c, HW_REG_LUT_RR)
			  ? light_lookup(c, HW_REG_LUT_RR, HW_REG_LIGHTLUT_RR, &in, l->two_sided)
			  : 1.0f;
		refl[1] = light_has(c, HW_REG_LUT_RG)
			  ? light_lookup(c, HW_REG_LUT_RG, HW_REG_LIGHTLUT_RG, &in, l->two_sided)
			  : refl[0];
		refl[2] = light_has(c, HW_REG_LUT_RB)
			  ? light_lookup(c, HW_REG_LUT_RB, HW_REG_LIGHTLUT_RB, &in, l->two_sided)
			  : refl[0];
		if (light_has(c, HW_REG_LUT_D1))
			d1 = light_lookup(c, HW_REG_LUT_D1, HW_REG_LIGHTLUT_D1, &in, l->two_sided);
		for (k = 0; k < 3; k++) {
			spec0[k] = d0 * l->specular0[k];
			spec1[k] = d1 * refl[k] * l->specular1[k];
		}
		if (j == c->count - 1 && light_has(c, HW_REG_LUT_FR)) {
			float fr = light_lookup(c, HW_REG_LUT_FR, HW_REG_LIGHTLUT_FR, &in, l->two_sided);

			if (c->fresnel & HW_REG_FRESNEL_PRIMARY)
				dsum[3] = fr;
			if (c->fresnel & HW_REG_FRESNEL_SECONDARY)
				ssum[3] = fr;
		}
		ln_c = l->two_sided ? fabsf(ln_raw) : (ln_raw > 0.0f ? ln_raw : 0.0f);
		if (c->clamp_highlights && !(ln_c > 0.0f))
			clamp = 0.0f;
		if (l->geo0 || l->geo1) {
			float g = hlen2 > 0.0f ? ln_c / hlen2 : 0.0f;

			g = g < 1.0f ? g : 1.0f;
			for (k = 0; k < 3; k++) {
				if (l->geo0)
					spec0[k] *= g;
				if (l->geo1)
					spec1[k] *= g;
			}
		}
		if (l->shadowed) {
			if (c->shadow_primary)
				memcpy(sp, shadow, sizeof sp);
			if (c->shadow_secondary)
				memcpy(ss, shadow, sizeof ss);
		}
		for (k = 0; k < 3; k++) {
			dsum[k] += (l->diffuse[k] * ln_c * sp[k] + l->ambient[k]) * da * spot;
			ssum[k] += (spec0[k] + spec1[k]) * clamp * da * spot * ss[k];
		}
	}
	if (c->shadow_alpha) {
		if (c->fresnel & HW_REG_FRESNEL_PRIMARY)
			dsum[3] *= shadow[3];
		if (c->fresnel & HW_REG_FRESNEL_SECONDARY)
			ssum[3] *= shadow[3];
	}
	for (k = 0; k < 3; k++)
		dsum[k] += c->ambient[k];
	for (k = 0; k < 4; k++) {
		primary[k] = light_byte(dsum[k]);
		secondary[k] = light_byte(ssum[k]);
	}
}
