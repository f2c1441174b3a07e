/* gl_query.c: the state queries glGetBooleanv, glGetIntegerv, glGetFloatv
 * (OpenGL ES 2.0, 6.1.1-6.1.2 and tables 6.2-6.20, plus the DMP states
 * the context keeps) and glGetString (6.1.5).
 *
 * Every state is read from the context as it is; each pname has one
 * natural type and the three calls convert it as ES 2.0 6.1.2 says:
 * to boolean, zero is GL_FALSE and anything else GL_TRUE; booleans to
 * numbers are 0 and 1; floats to integers round to the nearest, except
 * colours, the depth range and the depth clear value, which map [0, 1]
 * linearly onto [0, 2^31 - 1] (model choice: the same map OpenGL ES 2.0
 * gives, without its -1/2 offset, so 0 reads 0). Masks kept as GLuint
 * (stencil masks) read as their 32 bits in a GLint (0xFFFFFFFF is -1).
 *
 * Implementation limits (model choices, doc/model.md): the values are the
 * PICA200's as the model has it: 12 vertex attributes (vertex loader),
 * 96 vertex uniform vectors (c0-c95), 7 varyings (the output map's 7
 * registers), 3 texture units with images, textures and renderbuffers up
 * to 1024, no vertex textures, no fragment uniforms (the fragment stage
 * is fixed function: its settings are the dmp_ uniforms), no cube maps
 * (the model rejects them: 0), no multisampling, line width and point
 * size ranges [1, 1], GL_SUBPIXEL_BITS the rasterizer's 8. The colour,
 * depth and stencil bits are the bound framebuffer's (the default one is
 * RGBA8 with D24S8; an incomplete framebuffer object reads 0). */
#include <math.h>
#include <string.h>

#include "config.h"
#include "gl_entry.h"
#include "hw/hw_assert.h"
#include "hw/hw_raster.h"
#include "hw/hw_regs.h"
#include "hw/hw_shader.h"
#include "hw/hw_texture.h"

#define QUERY_MAX 8                     /* most values one pname has */
#define QUERY_RENDERBUFFER_MAX 1024     /* glRenderbufferStorage's limit */
#define QUERY_VIEWPORT_MAX 1024         /* FRAMEBUFFER_DIM's fields */

enum query_kind {
	QUERY_INT,      /* integers, enums, names */
	QUERY_MASK,     /* a GLuint mask */
	QUERY_BOOL,
	QUERY_FLOAT,
	QUERY_NORM,     /* a float in [0, 1] that reads as a scaled integer */
};

struct query_value {
	enum query_kind kind;
	unsigned n;
	GLint i[QUERY_MAX];
	GLuint u[QUERY_MAX];
	GLboolean b[QUERY_MAX];
	GLfloat f[QUERY_MAX];
};

static const GLint query_compressed_formats[] = {
	GL_ETC1_RGB8_OES, GL_ETC1_RGB8_NATIVE_DMP, GL_ETC1_ALPHA_RGB8_A4_NATIVE_DMP,
};

/* Set v to n integers copied from i (n <= QUERY_MAX). */
static void query_ints(struct query_value *v, unsigned n, const GLint *i)
{
	NNGX_ASSERT(n <= QUERY_MAX);
	v->kind = QUERY_INT;
	v->n = n;
	memcpy(v->i, i, n * sizeof *i);
}

static void query_int(struct query_value *v, GLint i)
{
	query_ints(v, 1, &i);
}

static void query_bool(struct query_value *v, bool b)
{
	v->kind = QUERY_BOOL;
	v->n = 1;
	v->b[0] = b ? GL_TRUE : GL_FALSE;
}

/* Set v to one mask u. Read as a boolean it is GL_TRUE when not 0, as an
 * integer it keeps its 32 bits, as a float it is its unsigned value. */
static void query_mask(struct query_value *v, GLuint u)
{
	v->kind = QUERY_MASK;
	v->n = 1;
	v->u[0] = u;
}

/* Set v to n floats copied from f, reported as `kind` (n <= QUERY_MAX). */
static void query_floats(struct query_value *v, enum query_kind kind, unsigned n,
			 const GLfloat *f)
{
	NNGX_ASSERT(n <= QUERY_MAX);
	v->kind = kind;
	v->n = n;
	memcpy(v->f, f, n * sizeof *f);
}

static void query_float(struct query_value *v, GLfloat f)
{
	query_floats(v, QUERY_FLOAT, 1, &f);
}

static bool query_cap(const struct gl_context *gl, enum gl_cap cap)
{
	return (gl->caps >> cap) & 1u;
}

/* Bits of red, green, blue, alpha, depth, stencil of the bound
 * framebuffer (0 for what it lacks). */
static void query_bits(struct gl_context *gl, GLint bits[6])
{
	static const GLint color_bits[][4] = {
		[HW_REG_COLORFMT_RGBA8] = { 8, 8, 8, 8 },
		[HW_REG_COLORFMT_RGB8] = { 8, 8, 8, 0 },
		[HW_REG_COLORFMT_RGB5A1] = { 5, 5, 5, 1 },
		[HW_REG_COLORFMT_RGB565] = { 5, 6, 5, 0 },
		[HW_REG_COLORFMT_RGBA4] = { 4, 4, 4, 4 },
	};
	struct gl_frag_target t;
	const struct gl_framebuffer *fb;

	memset(bits, 0, 6 * sizeof *bits);
	if (gl->framebuffer_binding == 0) {
		memcpy(bits, color_bits[HW_REG_COLORFMT_RGBA8], 4 * sizeof *bits);
		bits[4] = 24;
		bits[5] = 8;
		return;
	}
	fb = gl_framebuffer_find(gl, gl->framebuffer_binding);
	if (!fb || gl_framebuffer_status(gl, fb, &t) != GL_FRAMEBUFFER_COMPLETE)
		return;
	if (t.color_phys && t.color_format <= HW_REG_COLORFMT_RGBA4)
		memcpy(bits, color_bits[t.color_format], 4 * sizeof *bits);
	if (t.depth_phys && t.depth_bits)
		bits[4] = t.depth_format == HW_REG_DEPTHFMT_D16 ? 16 : 24;
	if (t.depth_phys && t.stencil_bits && t.depth_format == HW_REG_DEPTHFMT_D24S8)
		bits[5] = 8;
}

/* The value of `pname`; false when it is not a state this context has. */
static bool query_state(struct gl_context *gl, GLenum pname, struct query_value *v)
{
	const struct gl_fragment_state *f = &gl->frag;
	GLint bits[6];
	GLint iv[4];
	GLfloat fv[4];
	unsigned k;

	switch (pname) {
	/* Transformation and rasterization (tables 6.4, 6.9). */
	case GL_VIEWPORT:
		iv[0] = gl->viewport_x;
		iv[1] = gl->viewport_y;
		iv[2] = gl->viewport_width;
		iv[3] = gl->viewport_height;
		query_ints(v, 4, iv);
		return true;
	case GL_DEPTH_RANGE:
		fv[0] = f->depth_near;
		fv[1] = f->depth_far;
		query_floats(v, QUERY_NORM, 2, fv);
		return true;
	case GL_LINE_WIDTH: query_float(v, gl->misc.line_width); return true;
	case GL_CULL_FACE: query_bool(v, query_cap(gl, GL_CAP_CULL_FACE)); return true;
	case GL_CULL_FACE_MODE: query_int(v, (GLint)gl->cull_face); return true;
	case GL_FRONT_FACE: query_int(v, (GLint)gl->front_face); return true;
	case GL_POLYGON_OFFSET_FACTOR: query_float(v, f->polygon_offset_factor); return true;
	case GL_POLYGON_OFFSET_UNITS: query_float(v, f->polygon_offset_units); return true;
	case GL_POLYGON_OFFSET_FILL:
		query_bool(v, query_cap(gl, GL_CAP_POLYGON_OFFSET_FILL));
		return true;
	/* Multisampling (table 6.10). */
	case GL_SAMPLE_ALPHA_TO_COVERAGE:
		query_bool(v, query_cap(gl, GL_CAP_SAMPLE_ALPHA_TO_COVERAGE));
		return true;
	case GL_SAMPLE_COVERAGE: query_bool(v, query_cap(gl, GL_CAP_SAMPLE_COVERAGE)); return true;
	case GL_SAMPLE_COVERAGE_VALUE: query_float(v, gl->misc.sample_coverage_value); return true;
	case GL_SAMPLE_COVERAGE_INVERT: query_bool(v, gl->misc.sample_coverage_invert); return true;
	/* Textures (table 6.11). */
	case GL_ACTIVE_TEXTURE: query_int(v, (GLint)(GL_TEXTURE0 + gl->active_texture)); return true;
	case GL_TEXTURE_BINDING_2D:
		query_int(v, (GLint)gl->texture_binding[gl->active_texture]);
		return true;
	case GL_TEXTURE_BINDING_CUBE_MAP:
		query_int(v, (GLint)gl->texture_binding_cube[gl->active_texture]);
		return true;
	case GL_TEXTURE_COLLECTION_BINDING_DMP:
		query_int(v, (GLint)gl->tex_collection);
		return true;
	case GL_MAX_LUT_TEXTURES_DMP: query_int(v, GL_CONTEXT_LUT_TEXTURES); return true;
	case GL_MAX_LUT_ENTRIES_DMP: query_int(v, GL_CONTEXT_LUT_ENTRIES); return true;
	/* Pixel operations (table 6.12). */
	case GL_SCISSOR_TEST: query_bool(v, query_cap(gl, GL_CAP_SCISSOR_TEST)); return true;
	case GL_SCISSOR_BOX:
		iv[0] = f->scissor_x;
		iv[1] = f->scissor_y;
		iv[2] = f->scissor_width;
		iv[3] = f->scissor_height;
		query_ints(v, 4, iv);
		return true;
	case GL_STENCIL_TEST: query_bool(v, query_cap(gl, GL_CAP_STENCIL_TEST)); return true;
	/* One stencil state for both faces (gl_state.c). */
	case GL_STENCIL_FUNC: case GL_STENCIL_BACK_FUNC:
		query_int(v, (GLint)f->stencil_func);
		return true;
	case GL_STENCIL_VALUE_MASK: case GL_STENCIL_BACK_VALUE_MASK:
		query_mask(v, f->stencil_value_mask);
		return true;
	case GL_STENCIL_REF: case GL_STENCIL_BACK_REF: query_int(v, f->stencil_ref); return true;
	case GL_STENCIL_FAIL: case GL_STENCIL_BACK_FAIL:
		query_int(v, (GLint)f->stencil_fail);
		return true;
	case GL_STENCIL_PASS_DEPTH_FAIL: case GL_STENCIL_BACK_PASS_DEPTH_FAIL:
		query_int(v, (GLint)f->stencil_zfail);
		return true;
	case GL_STENCIL_PASS_DEPTH_PASS: case GL_STENCIL_BACK_PASS_DEPTH_PASS:
		query_int(v, (GLint)f->stencil_zpass);
		return true;
	case GL_DEPTH_TEST: query_bool(v, query_cap(gl, GL_CAP_DEPTH_TEST)); return true;
	case GL_DEPTH_FUNC: query_int(v, (GLint)f->depth_func); return true;
	case GL_BLEND: query_bool(v, query_cap(gl, GL_CAP_BLEND)); return true;
	case GL_BLEND_SRC_RGB: query_int(v, (GLint)f->blend_src_rgb); return true;
	case GL_BLEND_SRC_ALPHA: query_int(v, (GLint)f->blend_src_alpha); return true;
	case GL_BLEND_DST_RGB: query_int(v, (GLint)f->blend_dst_rgb); return true;
	case GL_BLEND_DST_ALPHA: query_int(v, (GLint)f->blend_dst_alpha); return true;
	case GL_BLEND_EQUATION_RGB: query_int(v, (GLint)f->blend_eq_rgb); return true;
	case GL_BLEND_EQUATION_ALPHA: query_int(v, (GLint)f->blend_eq_alpha); return true;
	case GL_BLEND_COLOR: query_floats(v, QUERY_NORM, 4, f->blend_color); return true;
	case GL_DITHER: query_bool(v, query_cap(gl, GL_CAP_DITHER)); return true;
	case GL_COLOR_LOGIC_OP: query_bool(v, query_cap(gl, GL_CAP_COLOR_LOGIC_OP)); return true;
	case GL_LOGIC_OP_MODE: query_int(v, (GLint)f->logic_op); return true;
	case GL_EARLY_DEPTH_TEST_DMP:
		query_bool(v, query_cap(gl, GL_CAP_EARLY_DEPTH_TEST_DMP));
		return true;
	case GL_RENDER_BLOCK_MODE_DMP: query_int(v, (GLint)gl->misc.render_block_mode); return true;
	case GL_EARLY_DEPTH_FUNC_DMP: query_int(v, (GLint)f->early_depth_func); return true;
	case GL_EARLY_DEPTH_CLEAR_VALUE_DMP: query_int(v, (GLint)f->early_depth_clear); return true;
	/* Framebuffer control (table 6.13). */
	case GL_COLOR_WRITEMASK:
		v->kind = QUERY_BOOL;
		v->n = 4;
		memcpy(v->b, f->color_mask, sizeof f->color_mask);
		return true;
	case GL_DEPTH_WRITEMASK: query_bool(v, f->depth_mask); return true;
	case GL_STENCIL_WRITEMASK: case GL_STENCIL_BACK_WRITEMASK:
		query_mask(v, f->stencil_write_mask);
		return true;
	case GL_COLOR_CLEAR_VALUE: query_floats(v, QUERY_NORM, 4, f->clear_color); return true;
	case GL_DEPTH_CLEAR_VALUE: query_floats(v, QUERY_NORM, 1, &f->clear_depth); return true;
	case GL_STENCIL_CLEAR_VALUE: query_int(v, f->clear_stencil); return true;
	/* Pixels (table 6.14). */
	case GL_UNPACK_ALIGNMENT: query_int(v, gl->misc.unpack_alignment); return true;
	case GL_PACK_ALIGNMENT: query_int(v, gl->misc.pack_alignment); return true;
	/* Bindings (tables 6.2, 6.3, 6.15, 6.20). */
	case GL_ARRAY_BUFFER_BINDING: query_int(v, (GLint)gl->array_buffer); return true;
	case GL_ELEMENT_ARRAY_BUFFER_BINDING: query_int(v, (GLint)gl->element_buffer); return true;
	case GL_VERTEX_STATE_COLLECTION_BINDING_DMP:
		query_int(v, (GLint)gl->vs_collection);
		return true;
	case GL_CURRENT_PROGRAM: query_int(v, (GLint)gl->program); return true;
	case GL_RENDERBUFFER_BINDING: query_int(v, (GLint)gl->renderbuffer_binding); return true;
	case GL_FRAMEBUFFER_BINDING: query_int(v, (GLint)gl->framebuffer_binding); return true;
	/* Hints (table 6.16). */
	case GL_GENERATE_MIPMAP_HINT: query_int(v, (GLint)gl->misc.generate_mipmap_hint); return true;
	/* Implementation limits (tables 6.17-6.19). */
	case GL_SUBPIXEL_BITS: query_int(v, HW_RASTER_SUBPIXEL_BITS); return true;
	case GL_MAX_TEXTURE_SIZE: query_int(v, HW_TEX_MAX_SIZE); return true;
	case GL_MAX_CUBE_MAP_TEXTURE_SIZE: query_int(v, HW_TEX_MAX_SIZE); return true;
	case GL_MAX_VIEWPORT_DIMS:
		iv[0] = iv[1] = QUERY_VIEWPORT_MAX;
		query_ints(v, 2, iv);
		return true;
	case GL_ALIASED_POINT_SIZE_RANGE: case GL_ALIASED_LINE_WIDTH_RANGE:
		fv[0] = fv[1] = 1.0f;
		query_floats(v, QUERY_FLOAT, 2, fv);
		return true;
	case GL_SAMPLE_BUFFERS: case GL_SAMPLES: query_int(v, 0); return true;
	case GL_NUM_COMPRESSED_TEXTURE_FORMATS:
		query_int(v, (GLint)(sizeof query_compressed_formats
				     / sizeof query_compressed_formats[0]));
		return true;
	case GL_COMPRESSED_TEXTURE_FORMATS:
		query_ints(v, sizeof query_compressed_formats / sizeof query_compressed_formats[0],
			   query_compressed_formats);
		return true;
	case GL_NUM_SHADER_BINARY_FORMATS: query_int(v, 1); return true;
	case GL_SHADER_BINARY_FORMATS: query_int(v, GL_PLATFORM_BINARY_DMP); return true;
	case GL_SHADER_COMPILER: query_bool(v, false); return true;
	case GL_MAX_VERTEX_ATTRIBS: query_int(v, GL_CONTEXT_MAX_ATTRIBS); return true;
	case GL_MAX_VERTEX_UNIFORM_VECTORS: query_int(v, HW_SHADER_FLOAT_UNIFORMS); return true;
	case GL_MAX_VARYING_VECTORS: query_int(v, HW_REG_SH_OUTMAP_COUNT); return true;
	case GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS: case GL_MAX_TEXTURE_IMAGE_UNITS:
		query_int(v, GL_CONTEXT_TEXTURE_UNITS);
		return true;
	case GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS: query_int(v, 0); return true;
	case GL_MAX_FRAGMENT_UNIFORM_VECTORS: query_int(v, 0); return true;
	case GL_MAX_RENDERBUFFER_SIZE: query_int(v, QUERY_RENDERBUFFER_MAX); return true;
	case GL_IMPLEMENTATION_COLOR_READ_TYPE: query_int(v, GL_UNSIGNED_BYTE); return true;
	case GL_IMPLEMENTATION_COLOR_READ_FORMAT: query_int(v, GL_RGBA); return true;
	/* Framebuffer dependent values (table 6.20). */
	case GL_RED_BITS: case GL_GREEN_BITS: case GL_BLUE_BITS: case GL_ALPHA_BITS:
	case GL_DEPTH_BITS: case GL_STENCIL_BITS:
		query_bits(gl, bits);
		k = pname == GL_RED_BITS ? 0 : pname == GL_GREEN_BITS ? 1 : pname == GL_BLUE_BITS
		    ? 2 : pname == GL_ALPHA_BITS ? 3 : pname == GL_DEPTH_BITS ? 4 : 5;
		query_int(v, bits[k]);
		return true;
	default:
		/* GL_TEXTURE_BINDING_LUT0_DMP + i: the table of binding point i. */
		if (pname >= GL_TEXTURE_BINDING_LUT0_DMP
		    && pname - GL_TEXTURE_BINDING_LUT0_DMP < GL_CONTEXT_LUT_TEXTURES) {
			query_int(v, (GLint)gl->lut_binding[pname - GL_TEXTURE_BINDING_LUT0_DMP]);
			return true;
		}
		return false;
	}
}

/* A normalized float as an integer: [0, 1] onto [0, 2^31 - 1]. */
static GLint query_norm_int(GLfloat f)
{
	double d = (double)f * 2147483647.0;

	if (!(d > -2147483648.0))       /* NaN too */
		return d < 0.0 ? (GLint)-2147483647 - 1 : 0;
	if (d >= 2147483647.0)
		return 2147483647;
	return (GLint)lround(d);
}

/* A float rounded to the nearest integer, saturated; NaN reads 0. */
static GLint query_round_int(GLfloat f)
{
	if (!(f == f))
		return 0;
	if (f >= 2147483647.0f)
		return 2147483647;
	if (f <= -2147483648.0f)
		return (GLint)-2147483647 - 1;
	return (GLint)lround((double)f);
}

/* Look `pname` up for `fn`; GL_INVALID_ENUM when it is none. A NULL
 * `params` is diagnosed (no GL error is defined) and nothing is read. */
static bool query_get(struct nngx_state *st, GLenum pname, const void *params,
		      struct query_value *v, const char *fn)
{
	memset(v, 0, sizeof *v);
	if (!query_state(&st->gl, pname, v)) {
		gl_enum_error(st, fn, "pname 0x%04X is not a state this context has", pname);
		return false;
	}
	if (!params) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn, "params is NULL");
		return false;
	}
	return true;
}

void glGetBooleanv(GLenum pname, GLboolean *params)
{
	NNGX_API(st);
	struct query_value v;
	unsigned k;

	if (!query_get(st, pname, params, &v, "glGetBooleanv"))
		return;
	for (k = 0; k < v.n; k++) {
		switch (v.kind) {
		case QUERY_INT: params[k] = v.i[k] != 0; break;
		case QUERY_MASK: params[k] = v.u[k] != 0; break;
		case QUERY_BOOL: params[k] = v.b[k]; break;
		default: params[k] = v.f[k] != 0.0f; break;
		}
	}
}

void glGetIntegerv(GLenum pname, GLint *params)
{
	NNGX_API(st);
	struct query_value v;
	unsigned k;

	if (!query_get(st, pname, params, &v, "glGetIntegerv"))
		return;
	for (k = 0; k < v.n; k++) {
		switch (v.kind) {
		case QUERY_INT: params[k] = v.i[k]; break;
		case QUERY_MASK: params[k] = (GLint)(int32_t)v.u[k]; break;
		case QUERY_BOOL: params[k] = v.b[k] ? 1 : 0; break;
		case QUERY_FLOAT: params[k] = query_round_int(v.f[k]); break;
		case QUERY_NORM: params[k] = query_norm_int(v.f[k]); break;
		}
	}
}

void glGetFloatv(GLenum pname, GLfloat *params)
{
	NNGX_API(st);
	struct query_value v;
	unsigned k;

	if (!query_get(st, pname, params, &v, "glGetFloatv"))
		return;
	for (k = 0; k < v.n; k++) {
		switch (v.kind) {
		case QUERY_INT: params[k] = (GLfloat)v.i[k]; break;
		case QUERY_MASK: params[k] = (GLfloat)v.u[k]; break;
		case QUERY_BOOL: params[k] = v.b[k] ? 1.0f : 0.0f; break;
		default: params[k] = v.f[k]; break;
		}
	}
}

/* glGetString's answers (ES 2.0, 6.1.5: the version strings start
 * "OpenGL ES 2.0" and "OpenGL ES GLSL ES"; the extensions are those the
 * model implements, space separated). */
static const char query_vendor[] = "libnngx";
static const char query_renderer[] = "PICA200 (libnngx software model)";
static const char query_version[] = "OpenGL ES 2.0 libnngx " PACKAGE_VERSION;
static const char query_glsl_version[] = "OpenGL ES GLSL ES 1.00 (no compiler: "
					 "GL_PLATFORM_BINARY_DMP shader binaries only)";
static const char query_extensions[] = "GL_OES_compressed_ETC1_RGB8_texture GL_OES_depth24 "
				       "GL_OES_mapbuffer GL_OES_rgb8_rgba8";

const GLubyte *glGetString(GLenum name)
{
	NNGX_API(st);
	const char *s;

	switch (name) {
	case GL_VENDOR: s = query_vendor; break;
	case GL_RENDERER: s = query_renderer; break;
	case GL_VERSION: s = query_version; break;
	case GL_SHADING_LANGUAGE_VERSION: s = query_glsl_version; break;
	case GL_EXTENSIONS: s = query_extensions; break;
	default:
		gl_enum_error(st, "glGetString", "name 0x%04X is not GL_VENDOR, GL_RENDERER, "
			      "GL_VERSION, GL_SHADING_LANGUAGE_VERSION or GL_EXTENSIONS", name);
		return NULL;
	}
	return (const GLubyte *)s;
}

/* glGetQueryObjectfv (declared in the gas part of the SDK's gl2ext.h).
 * Model choice (doc/model.md): the SDK surface has no call that makes a query
 * object (no glGenQueries / glBeginQuery), so no id names one, and every
 * call records GL_INVALID_OPERATION, as desktop GL does for an id that is
 * not a query object; params is not written. */
void glGetQueryObjectfv(GLuint id, GLenum pname, GLfloat *params)
{
	NNGX_API(st);

	(void)params;
	gl_operation_error(st, "glGetQueryObjectfv", "id %u (pname 0x%04X) is not a query "
			   "object: the model has no query objects", id, pname);
}
