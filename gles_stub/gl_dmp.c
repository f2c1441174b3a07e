/* gl_dmp.c: the reserved uniforms of the fixed-function fragment stage
 * ("dmp_TexEnv[2].srcRgb", ...), whose names and types the public 3DS
 * programming manual lists: their locations, values, checks and
 * defaults. Every linked program has them (model choice: whether the
 * GL_DMP_FRAGMENT_SHADER_DMP attachment is there or not), each program its
 * own values, set back to the defaults at each link. The next draw turns
 * them into registers (gl_cmdfrag.c).
 *
 * Locations (model choice): GL_DMP_LOCATION_BIT | field << 3 | element,
 * field = the row of dmp_fields below, element = the [i] of the name (0
 * without one). Shader uniforms never have that bit (gl_uniform.c).
 *
 * Values (model choices; the SDK's error codes for bad reserved-uniform
 * values are not public): a value that is not one of the enums a uniform
 * takes is GL_INVALID_ENUM, a number out of range (a scale other than 1,
 * 2 or 4, an alpha reference outside 0..1) GL_INVALID_VALUE, the wrong
 * glUniform* for the type GL_INVALID_OPERATION, as ES 2.0 says for type
 * mismatches. Colours are clamped to 0..1 when sent. Values the GPU model
 * does not act on (cube, shadow, projection and procedural samplers, fog,
 * gas and shadow modes) are stored, sent where a register exists, and
 * answered with a NOT_MODELLED diagnostic. Names of other reserved
 * uniforms (materials, light colours, LUT samplers, ...) answer -1 with a
 * NOT_MODELLED diagnostic.
 *
 * Defaults (3DS programming manual, as far as the public copies show;
 * stage 0's sources and the early pieces are unconfirmed): samplers off
 * (GL_FALSE), unit 2 reads texture coordinate 2 and unit 3 coordinate 0;
 * every stage GL_REPLACE for RGB and alpha with sources (GL_TEXTURE0,
 * GL_PRIMARY_COLOR, GL_PRIMARY_COLOR) in stage 0 and (GL_PREVIOUS,
 * GL_PRIMARY_COLOR, GL_PRIMARY_COLOR) in stages 1-5, operands
 * GL_SRC_COLOR / GL_SRC_ALPHA, constant and buffer colour (0, 0, 0, 0),
 * scales 1, buffer inputs GL_PREVIOUS_BUFFER_DMP; alpha test off with
 * GL_ALWAYS and 0; fragment operation mode GL_FRAGOP_MODE_GL_DMP;
 * lighting, every light and every LUT off, layer configuration 0, no
 * Fresnel; fog off. */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gl_entry.h"

#define DMP_FIELD_SHIFT   3
#define DMP_ELEMENT_MASK  7u
#define DMP_MAX_ELEMENTS  8              /* lights 0-7 */

enum dmp_kind { DMP_BOOL, DMP_INT, DMP_IVEC2, DMP_IVEC3, DMP_FLOAT, DMP_VEC3, DMP_VEC4 };

/* What a check found: GL_NO_ERROR, or the GL error to record; `modelled`
 * false when the value is kept but the GPU model does not act on it. */
struct dmp_verdict {
	GLenum error;
	bool modelled;
};

typedef struct dmp_verdict (*dmp_check_fn)(unsigned element, const GLint *iv, const GLfloat *fv);

/* One reserved uniform (a row per name; "[]" in the name is the element). */
struct dmp_field {
	const char *name;
	unsigned first, last;           /* elements the name takes */
	enum dmp_kind kind;
	size_t offset, stride;          /* element e at offset + e * stride */
	dmp_check_fn check;             /* NULL: any value */
};

static const struct dmp_verdict dmp_ok = { GL_NO_ERROR, true };
static const struct dmp_verdict dmp_bad_enum = { GL_INVALID_ENUM, true };
static const struct dmp_verdict dmp_bad_value = { GL_INVALID_VALUE, true };
static const struct dmp_verdict dmp_unmodelled = { GL_NO_ERROR, false };

static bool dmp_in(GLint v, const GLint *list, size_t n)
{
	size_t k;

	for (k = 0; k < n; k++)
		if (list[k] == v)
			return true;
	return false;
}

#define DMP_IN(v, list) dmp_in((v), (list), sizeof (list) / sizeof (list)[0])

static const GLint dmp_sampler0[] = {
	GL_FALSE, GL_TEXTURE_2D, GL_TEXTURE_CUBE_MAP, GL_TEXTURE_SHADOW_2D_DMP,
	GL_TEXTURE_SHADOW_CUBE_DMP, GL_TEXTURE_PROJECTION_DMP
};
static const GLint dmp_sampler12[] = { GL_FALSE, GL_TEXTURE_2D };
static const GLint dmp_sampler3[] = { GL_FALSE, GL_TEXTURE_PROCEDURAL_DMP };
static const GLint dmp_combines[] = {
	GL_REPLACE, GL_MODULATE, GL_ADD, GL_ADD_SIGNED, GL_INTERPOLATE, GL_SUBTRACT,
	GL_DOT3_RGB, GL_DOT3_RGBA, GL_MULT_ADD_DMP, GL_ADD_MULT_DMP
};
static const GLint dmp_sources[] = {
	GL_PRIMARY_COLOR, GL_FRAGMENT_PRIMARY_COLOR_DMP, GL_FRAGMENT_SECONDARY_COLOR_DMP,
	GL_TEXTURE0, GL_TEXTURE1, GL_TEXTURE2, GL_TEXTURE3, GL_PREVIOUS_BUFFER_DMP, GL_CONSTANT,
	GL_PREVIOUS
};
static const GLint dmp_operands_rgb[] = {
	GL_SRC_COLOR, GL_ONE_MINUS_SRC_COLOR, GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA,
	GL_SRC_R_DMP, GL_ONE_MINUS_SRC_R_DMP, GL_SRC_G_DMP, GL_ONE_MINUS_SRC_G_DMP,
	GL_SRC_B_DMP, GL_ONE_MINUS_SRC_B_DMP
};
static const GLint dmp_operands_alpha[] = {
	GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_SRC_R_DMP, GL_ONE_MINUS_SRC_R_DMP,
	GL_SRC_G_DMP, GL_ONE_MINUS_SRC_G_DMP, GL_SRC_B_DMP, GL_ONE_MINUS_SRC_B_DMP
};
static const GLint dmp_buffer_inputs[] = { GL_PREVIOUS, GL_PREVIOUS_BUFFER_DMP };
static const GLint dmp_fragop_modes[] = {
	GL_FRAGOP_MODE_GL_DMP, GL_FRAGOP_MODE_SHADOW_DMP, GL_FRAGOP_MODE_GAS_ACC_DMP
};
static const GLint dmp_fresnels[] = {
	GL_LIGHT_ENV_NO_FRESNEL_DMP, GL_LIGHT_ENV_PRI_ALPHA_FRESNEL_DMP,
	GL_LIGHT_ENV_SEC_ALPHA_FRESNEL_DMP, GL_LIGHT_ENV_PRI_SEC_ALPHA_FRESNEL_DMP
};
static const GLint dmp_fog_modes[] = { GL_FALSE, GL_FOG, GL_GAS_DMP };

static struct dmp_verdict dmp_check_sampler(unsigned e, const GLint *iv, const GLfloat *fv)
{
	bool ok = e == 0 ? DMP_IN(iv[0], dmp_sampler0)
		  : e == 3 ? DMP_IN(iv[0], dmp_sampler3) : DMP_IN(iv[0], dmp_sampler12);

	(void)fv;
	if (!ok)
		return dmp_bad_enum;
	return iv[0] == GL_FALSE || iv[0] == GL_TEXTURE_2D ? dmp_ok : dmp_unmodelled;
}

static struct dmp_verdict dmp_check_texcoord(unsigned e, const GLint *iv, const GLfloat *fv)
{
	(void)fv;
	if (e == 2)
		return iv[0] == GL_TEXTURE1 || iv[0] == GL_TEXTURE2 ? dmp_ok : dmp_bad_enum;
	return iv[0] >= GL_TEXTURE0 && iv[0] <= GL_TEXTURE2 ? dmp_ok : dmp_bad_enum;
}

static struct dmp_verdict dmp_check_combine(unsigned e, const GLint *iv, const GLfloat *fv)
{
	(void)e; (void)fv;
	return DMP_IN(iv[0], dmp_combines) ? dmp_ok : dmp_bad_enum;
}

static struct dmp_verdict dmp_check_sources(unsigned e, const GLint *iv, const GLfloat *fv)
{
	(void)e; (void)fv;
	return DMP_IN(iv[0], dmp_sources) && DMP_IN(iv[1], dmp_sources)
	       && DMP_IN(iv[2], dmp_sources) ? dmp_ok : dmp_bad_enum;
}

static struct dmp_verdict dmp_check_operand_rgb(unsigned e, const GLint *iv, const GLfloat *fv)
{
	(void)e; (void)fv;
	return DMP_IN(iv[0], dmp_operands_rgb) && DMP_IN(iv[1], dmp_operands_rgb)
	       && DMP_IN(iv[2], dmp_operands_rgb) ? dmp_ok : dmp_bad_enum;
}

static struct dmp_verdict dmp_check_operand_alpha(unsigned e, const GLint *iv, const GLfloat *fv)
{
	(void)e; (void)fv;
	return DMP_IN(iv[0], dmp_operands_alpha) && DMP_IN(iv[1], dmp_operands_alpha)
	       && DMP_IN(iv[2], dmp_operands_alpha) ? dmp_ok : dmp_bad_enum;
}

static struct dmp_verdict dmp_check_scale(unsigned e, const GLint *iv, const GLfloat *fv)
{
	(void)e; (void)iv;
	return fv[0] == 1.0f || fv[0] == 2.0f || fv[0] == 4.0f ? dmp_ok : dmp_bad_value;
}

static struct dmp_verdict dmp_check_buffer_input(unsigned e, const GLint *iv, const GLfloat *fv)
{
	(void)e; (void)fv;
	return DMP_IN(iv[0], dmp_buffer_inputs) && DMP_IN(iv[1], dmp_buffer_inputs)
	       ? dmp_ok : dmp_bad_enum;
}

static struct dmp_verdict dmp_check_func(unsigned e, const GLint *iv, const GLfloat *fv)
{
	(void)e; (void)fv;
	return iv[0] >= GL_NEVER && iv[0] <= GL_ALWAYS ? dmp_ok : dmp_bad_enum;
}

static struct dmp_verdict dmp_check_unit_interval(unsigned e, const GLint *iv, const GLfloat *fv)
{
	(void)e; (void)iv;
	return fv[0] >= 0.0f && fv[0] <= 1.0f ? dmp_ok : dmp_bad_value;
}

static struct dmp_verdict dmp_check_fragop_mode(unsigned e, const GLint *iv, const GLfloat *fv)
{
	(void)e; (void)fv;
	if (!DMP_IN(iv[0], dmp_fragop_modes))
		return dmp_bad_enum;
	return iv[0] == GL_FRAGOP_MODE_GL_DMP ? dmp_ok : dmp_unmodelled;
}

static struct dmp_verdict dmp_check_light_config(unsigned e, const GLint *iv, const GLfloat *fv)
{
	(void)e; (void)fv;
	return iv[0] >= GL_LIGHT_ENV_LAYER_CONFIG0_DMP && iv[0] <= GL_LIGHT_ENV_LAYER_CONFIG7_DMP
	       ? dmp_ok : dmp_bad_enum;
}

static struct dmp_verdict dmp_check_fresnel(unsigned e, const GLint *iv, const GLfloat *fv)
{
	(void)e; (void)fv;
	return DMP_IN(iv[0], dmp_fresnels) ? dmp_ok : dmp_bad_enum;
}

static struct dmp_verdict dmp_check_fog_mode(unsigned e, const GLint *iv, const GLfloat *fv)
{
	(void)e; (void)fv;
	if (!DMP_IN(iv[0], dmp_fog_modes))
		return dmp_bad_enum;
	return iv[0] == GL_FALSE ? dmp_ok : dmp_unmodelled;
}

#define DMP_AT(member) offsetof(struct gl_dmp_state, member)
#define DMP_ENV(member) (DMP_AT(texenv) + offsetof(struct gl_dmp_texenv, member))
#define DMP_ENV_STRIDE sizeof(struct gl_dmp_texenv)
#define DMP_LIGHT(member) (DMP_AT(light) + offsetof(struct gl_dmp_light, member))
#define DMP_LIGHT_STRIDE sizeof(struct gl_dmp_light)

static const struct dmp_field dmp_fields[] = {
	{ "dmp_Texture[].samplerType", 0, 3, DMP_INT, DMP_AT(sampler_type), sizeof(GLint),
	  dmp_check_sampler },
	{ "dmp_Texture[].texcoord", 2, 3, DMP_INT, DMP_AT(texcoord), sizeof(GLint),
	  dmp_check_texcoord },
	{ "dmp_TexEnv[].combineRgb", 0, 5, DMP_INT, DMP_ENV(combine_rgb), DMP_ENV_STRIDE,
	  dmp_check_combine },
	{ "dmp_TexEnv[].combineAlpha", 0, 5, DMP_INT, DMP_ENV(combine_alpha), DMP_ENV_STRIDE,
	  dmp_check_combine },
	{ "dmp_TexEnv[].srcRgb", 0, 5, DMP_IVEC3, DMP_ENV(src_rgb), DMP_ENV_STRIDE,
	  dmp_check_sources },
	{ "dmp_TexEnv[].srcAlpha", 0, 5, DMP_IVEC3, DMP_ENV(src_alpha), DMP_ENV_STRIDE,
	  dmp_check_sources },
	{ "dmp_TexEnv[].operandRgb", 0, 5, DMP_IVEC3, DMP_ENV(operand_rgb), DMP_ENV_STRIDE,
	  dmp_check_operand_rgb },
	{ "dmp_TexEnv[].operandAlpha", 0, 5, DMP_IVEC3, DMP_ENV(operand_alpha), DMP_ENV_STRIDE,
	  dmp_check_operand_alpha },
	{ "dmp_TexEnv[].constRgba", 0, 5, DMP_VEC4, DMP_ENV(const_rgba), DMP_ENV_STRIDE, NULL },
	{ "dmp_TexEnv[].scaleRgb", 0, 5, DMP_FLOAT, DMP_ENV(scale_rgb), DMP_ENV_STRIDE,
	  dmp_check_scale },
	{ "dmp_TexEnv[].scaleAlpha", 0, 5, DMP_FLOAT, DMP_ENV(scale_alpha), DMP_ENV_STRIDE,
	  dmp_check_scale },
	{ "dmp_TexEnv[].bufferInput", 1, 4, DMP_IVEC2, DMP_ENV(buffer_input), DMP_ENV_STRIDE,
	  dmp_check_buffer_input },
	{ "dmp_TexEnv[].bufferColor", 0, 0, DMP_VEC4, DMP_AT(buffer_color), 0, NULL },
	{ "dmp_FragOperation.enableAlphaTest", 0, 0, DMP_BOOL, DMP_AT(alpha_test), 0, NULL },
	{ "dmp_FragOperation.alphaTestFunc", 0, 0, DMP_INT, DMP_AT(alpha_func), 0,
	  dmp_check_func },
	{ "dmp_FragOperation.alphaRefValue", 0, 0, DMP_FLOAT, DMP_AT(alpha_ref), 0,
	  dmp_check_unit_interval },
	{ "dmp_FragOperation.mode", 0, 0, DMP_INT, DMP_AT(fragop_mode), 0, dmp_check_fragop_mode },
	{ "dmp_FragmentLighting.enabled", 0, 0, DMP_BOOL, DMP_AT(lighting), 0, NULL },
	{ "dmp_FragmentLightSource[].enabled", 0, 7, DMP_BOOL, DMP_LIGHT(enabled),
	  DMP_LIGHT_STRIDE, NULL },
	{ "dmp_FragmentLightSource[].spotEnabled", 0, 7, DMP_BOOL, DMP_LIGHT(spot_enabled),
	  DMP_LIGHT_STRIDE, NULL },
	{ "dmp_FragmentLightSource[].distanceAttenuationEnabled", 0, 7, DMP_BOOL,
	  DMP_LIGHT(dist_atten_enabled), DMP_LIGHT_STRIDE, NULL },
	{ "dmp_FragmentLightSource[].shadowed", 0, 7, DMP_BOOL, DMP_LIGHT(shadowed),
	  DMP_LIGHT_STRIDE, NULL },
	{ "dmp_LightEnv.config", 0, 0, DMP_INT, DMP_AT(light_config), 0, dmp_check_light_config },
	{ "dmp_LightEnv.fresnelSelector", 0, 0, DMP_INT, DMP_AT(fresnel), 0, dmp_check_fresnel },
	{ "dmp_LightEnv.lutEnabledD0", 0, 0, DMP_BOOL, DMP_AT(lut_d0), 0, NULL },
	{ "dmp_LightEnv.lutEnabledD1", 0, 0, DMP_BOOL, DMP_AT(lut_d1), 0, NULL },
	{ "dmp_LightEnv.lutEnabledRefl", 0, 0, DMP_BOOL, DMP_AT(lut_refl), 0, NULL },
	{ "dmp_Fog.mode", 0, 0, DMP_INT, DMP_AT(fog_mode), 0, dmp_check_fog_mode },
	{ "dmp_Fog.zFlip", 0, 0, DMP_BOOL, DMP_AT(fog_zflip), 0, NULL },
	{ "dmp_Fog.color", 0, 0, DMP_VEC3, DMP_AT(fog_color), 0, NULL },
};

#define DMP_FIELD_COUNT (sizeof dmp_fields / sizeof dmp_fields[0])

void gl_dmp_defaults(struct gl_dmp_state *d)
{
	unsigned i, k;

	memset(d, 0, sizeof *d);
	for (i = 0; i < GL_DMP_SAMPLERS; i++)
		d->sampler_type[i] = GL_FALSE;
	d->texcoord[0] = GL_TEXTURE0;
	d->texcoord[1] = GL_TEXTURE1;
	d->texcoord[2] = GL_TEXTURE2;
	d->texcoord[3] = GL_TEXTURE0;
	for (i = 0; i < GL_DMP_TEXENV_STAGES; i++) {
		struct gl_dmp_texenv *e = &d->texenv[i];
		e->combine_rgb = e->combine_alpha = GL_REPLACE;
		for (k = 0; k < 3; k++) {
			e->src_rgb[k] = e->src_alpha[k] = GL_PRIMARY_COLOR;
			e->operand_rgb[k] = GL_SRC_COLOR;
			e->operand_alpha[k] = GL_SRC_ALPHA;
		}
		e->src_rgb[0] = e->src_alpha[0] = i == 0 ? GL_TEXTURE0 : GL_PREVIOUS;
		e->scale_rgb = e->scale_alpha = 1.0f;
		e->buffer_input[0] = e->buffer_input[1] = GL_PREVIOUS_BUFFER_DMP;
	}
	d->alpha_test = GL_FALSE;
	d->alpha_func = GL_ALWAYS;
	d->fragop_mode = GL_FRAGOP_MODE_GL_DMP;
	d->light_config = GL_LIGHT_ENV_LAYER_CONFIG0_DMP;
	d->fresnel = GL_LIGHT_ENV_NO_FRESNEL_DMP;
	d->fog_mode = GL_FALSE;
}

static unsigned dmp_components(enum dmp_kind k)
{
	switch (k) {
	case DMP_IVEC2: return 2;
	case DMP_IVEC3: case DMP_VEC3: return 3;
	case DMP_VEC4: return 4;
	default: return 1;
	}
}

static bool dmp_is_float(enum dmp_kind k)
{
	return k == DMP_FLOAT || k == DMP_VEC3 || k == DMP_VEC4;
}

/* Does `name` spell row `f`, and with which element? */
static bool dmp_match(const struct dmp_field *f, const char *name, unsigned *element)
{
	const char *open = strstr(f->name, "[]");
	size_t head;
	unsigned long e;
	char *end;

	if (!open) {
		*element = 0;
		return strcmp(f->name, name) == 0;
	}
	head = (size_t)(open - f->name) + 1;           /* up to and with '[' */
	if (strncmp(f->name, name, head) != 0 || name[head] < '0' || name[head] > '9')
		return false;
	e = strtoul(name + head, &end, 10);
	if (strcmp(end, open + 1) != 0 || e < f->first || e > f->last)
		return false;
	*element = (unsigned)e;
	return true;
}

int gl_dmp_location(struct nngx_state *st, const char *name, const char *fn)
{
	size_t k;
	unsigned element;

	for (k = 0; k < DMP_FIELD_COUNT; k++)
		if (dmp_match(&dmp_fields[k], name, &element))
			return (int)(GL_DMP_LOCATION_BIT | (unsigned)k << DMP_FIELD_SHIFT | element);
	nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_NOT_MODELLED, fn,
			 "\"%s\" is not one of the reserved uniforms the model keeps "
			 "(samplers, combiner, alpha test, light enables, fog mode); -1 is "
			 "returned", name);
	return -1;
}

/* The row and element of a reserved-uniform location; NULL if it is none. */
static const struct dmp_field *dmp_field_of(GLint location, unsigned *element)
{
	unsigned v = (unsigned)location, k;

	if (location < 0 || !(v & GL_DMP_LOCATION_BIT))
		return NULL;
	v &= ~(unsigned)GL_DMP_LOCATION_BIT;
	k = v >> DMP_FIELD_SHIFT;
	*element = v & DMP_ELEMENT_MASK;
	if (k >= DMP_FIELD_COUNT || *element < dmp_fields[k].first || *element > dmp_fields[k].last)
		return NULL;
	return &dmp_fields[k];
}

/* Where element `element` of row `f` lives in `d`. */
static size_t dmp_offset(const struct dmp_field *f, unsigned element)
{
	return f->offset + element * f->stride;
}

/* Whether a glUniform* call of `call` with `n` components can set `f`. */
static bool dmp_call_fits(const struct dmp_field *f, enum gl_uniform_call call, unsigned n)
{
	if (call == GL_UNIFORM_MATRIX)
		return false;
	if (f->kind == DMP_BOOL)
		return n == 1;
	return n == dmp_components(f->kind) && (call == GL_UNIFORM_FLOATS) == dmp_is_float(f->kind);
}

static const char *const dmp_kind_names[] = {
	"bool", "int", "ivec2", "ivec3", "float", "vec3", "vec4"
};

bool gl_dmp_uniform_set(struct nngx_state *st, struct gl_executable *exe, GLint location,
			GLsizei count, enum gl_uniform_call call, unsigned n, const GLfloat *fv,
			const GLint *iv, bool apply, const char *fn)
{
	const struct dmp_field *f;
	unsigned element, k, comps;
	GLint ints[4] = { 0, 0, 0, 0 };
	GLfloat floats[4] = { 0, 0, 0, 0 };
	struct dmp_verdict v = dmp_ok;
	void *slot;

	f = dmp_field_of(location, &element);
	if (!f) {
		gl_operation_error(st, fn, "location %d is not a uniform of the program in use",
				   location);
		return false;
	}
	if (!dmp_call_fits(f, call, n)) {
		gl_operation_error(st, fn, "reserved uniform %s is a %s, which this call cannot "
				   "set", f->name, dmp_kind_names[f->kind]);
		return false;
	}
	if (count > 1) {
		gl_operation_error(st, fn, "count %d for reserved uniform %s, which is not an "
				   "array", count, f->name);
		return false;
	}
	if (count == 0)
		return true;
	if (!fv && !iv) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "the value pointer is NULL");
		return false;
	}
	/* Floats reach float uniforms (and bools), ints the others. */
	comps = dmp_components(f->kind);
	for (k = 0; k < comps; k++) {
		if (fv)
			floats[k] = fv[k];
		else
			ints[k] = iv[k];
	}
	if (f->kind == DMP_BOOL)
		ints[0] = fv ? fv[0] != 0.0f : iv[0] != 0;
	if (f->check)
		v = f->check(element, ints, floats);
	if (v.error != GL_NO_ERROR) {
		if (dmp_is_float(f->kind))
			nngx_state_error(st, v.error, NNGX_SHIM_DIAG_GL_VALUE_REJECTED, fn,
					 "reserved uniform %s (element %u): %g is out of its range",
					 f->name, element, (double)floats[0]);
		else
			nngx_state_error(st, v.error, NNGX_SHIM_DIAG_GL_ENUM_REJECTED, fn,
					 "reserved uniform %s (element %u): 0x%X, 0x%X, 0x%X are "
					 "not all values it takes", f->name, element,
					 (unsigned)ints[0], (unsigned)ints[1], (unsigned)ints[2]);
		return false;
	}
	if (!apply)
		return true;
	slot = (unsigned char *)&exe->dmp + dmp_offset(f, element);
	if (f->kind == DMP_BOOL)
		*(GLboolean *)slot = ints[0] ? GL_TRUE : GL_FALSE;
	else if (dmp_is_float(f->kind))
		memcpy(slot, floats, comps * sizeof floats[0]);
	else
		memcpy(slot, ints, comps * sizeof ints[0]);
	if (!v.modelled)
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_NOT_MODELLED, fn,
				 "reserved uniform %s (element %u) = 0x%X is kept and sent, but the "
				 "GPU model does not act on it", f->name, element,
				 (unsigned)ints[0]);
	return true;
}

bool gl_dmp_uniform_shape(GLint location, enum gl_uniform_call *call, unsigned *n)
{
	const struct dmp_field *f;
	unsigned element;

	f = dmp_field_of(location, &element);
	if (!f)
		return false;
	*call = dmp_is_float(f->kind) ? GL_UNIFORM_FLOATS : GL_UNIFORM_INTS;
	*n = dmp_components(f->kind);
	return true;
}

/* A float as glGetUniformiv gives it: rounded, saturated to GLint. */
static GLint dmp_round(GLfloat f)
{
	if (!(f > -2147483648.0f))
		return f != f ? 0 : INT_MIN;
	if (f >= 2147483647.0f)
		return INT_MAX;
	return (GLint)(f >= 0.0f ? f + 0.5f : f - 0.5f);
}

void gl_dmp_uniform_get(struct nngx_state *st, const struct gl_executable *exe,
			GLint location, GLfloat *fv, GLint *iv, const char *fn)
{
	const struct dmp_field *f;
	unsigned element, k, comps;
	const void *slot;

	f = dmp_field_of(location, &element);
	if (!f) {
		gl_operation_error(st, fn, "location %d is not a uniform of this program", location);
		return;
	}
	slot = (const unsigned char *)&exe->dmp + dmp_offset(f, element);
	comps = dmp_components(f->kind);
	for (k = 0; k < comps; k++) {
		GLfloat fval;
		GLint ival;

		if (f->kind == DMP_BOOL) {
			ival = *(const GLboolean *)slot ? GL_TRUE : GL_FALSE;
			fval = (GLfloat)ival;
		} else if (dmp_is_float(f->kind)) {
			memcpy(&fval, (const GLfloat *)slot + k, sizeof fval);
			ival = dmp_round(fval);
		} else {
			memcpy(&ival, (const GLint *)slot + k, sizeof ival);
			fval = (GLfloat)ival;
		}
		if (fv)
			fv[k] = fval;
		else
			iv[k] = ival;
	}
}

/* ---- the reserved uniforms as words (glSaveProgramsDMP) -------------- */

size_t gl_dmp_words(void)
{
	size_t k, n = 0;

	for (k = 0; k < DMP_FIELD_COUNT; k++)
		n += (dmp_fields[k].last - dmp_fields[k].first + 1) *
		     dmp_components(dmp_fields[k].kind);
	return n;
}

void gl_dmp_to_words(const struct gl_dmp_state *d, uint32_t *out)
{
	size_t k;
	unsigned e, c;

	for (k = 0; k < DMP_FIELD_COUNT; k++) {
		const struct dmp_field *f = &dmp_fields[k];

		for (e = f->first; e <= f->last; e++) {
			const unsigned char *slot = (const unsigned char *)d + dmp_offset(f, e);

			if (f->kind == DMP_BOOL) {
				*out++ = *(const GLboolean *)slot ? 1u : 0u;
				continue;
			}
			for (c = 0; c < dmp_components(f->kind); c++, out++)
				memcpy(out, slot + c * 4, 4);   /* GLint or GLfloat */
		}
	}
}

void gl_dmp_from_words(struct gl_dmp_state *d, const uint32_t *in)
{
	size_t k;
	unsigned e, c;

	for (k = 0; k < DMP_FIELD_COUNT; k++) {
		const struct dmp_field *f = &dmp_fields[k];

		for (e = f->first; e <= f->last; e++) {
			unsigned char *slot = (unsigned char *)d + dmp_offset(f, e);

			if (f->kind == DMP_BOOL) {
				/* Anything but 0 or 1 becomes 2, which
				 * gl_dmp_state_valid refuses. */
				*(GLboolean *)slot = *in > 1u ? (GLboolean)2 : (GLboolean)*in;
				in++;
				continue;
			}
			for (c = 0; c < dmp_components(f->kind); c++, in++)
				memcpy(slot + c * 4, in, 4);
		}
	}
}

bool gl_dmp_state_valid(const struct gl_dmp_state *d, char *why, size_t why_size)
{
	size_t k;
	unsigned e, c;

	for (k = 0; k < DMP_FIELD_COUNT; k++) {
		const struct dmp_field *f = &dmp_fields[k];

		for (e = f->first; e <= f->last; e++) {
			const unsigned char *slot = (const unsigned char *)d + dmp_offset(f, e);
			GLint ints[4] = { 0, 0, 0, 0 };
			GLfloat floats[4] = { 0, 0, 0, 0 };

			if (f->kind == DMP_BOOL) {
				GLboolean b = *(const GLboolean *)slot;

				if (b != GL_TRUE && b != GL_FALSE) {
					snprintf(why, why_size, "%s (element %u) is not a bool",
						 f->name, e);
					return false;
				}
				ints[0] = b;
			} else {
				for (c = 0; c < dmp_components(f->kind); c++)
					memcpy(dmp_is_float(f->kind) ? (void *)&floats[c]
								     : (void *)&ints[c],
					       slot + c * 4, 4);
			}
			if (f->check && f->check(e, ints, floats).error != GL_NO_ERROR) {
				snprintf(why, why_size, "%s (element %u) holds a value it cannot "
					 "take", f->name, e);
				return false;
			}
		}
	}
	return true;
}
