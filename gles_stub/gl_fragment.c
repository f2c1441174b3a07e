/* gl_fragment.c: the per-fragment state (OpenGL ES 2.0, 4.1: scissor,
 * stencil, depth, blending, colour mask), the DMP logic op and early
 * depth test, the clear values and glClear. The state goes to the GPU
 * with each draw (gl_cmdfrag.c); this file keeps it.
 *
 * Model choices (doc/model.md): glStencilFunc, glStencilOp and glStencilMask
 * set the one stencil state the PICA200 has (no separate back face);
 * glClearEarlyDepthDMP sets the early depth buffer's clear value, as
 * glClearDepthf sets the depth buffer's, and glClear with
 * GL_EARLY_DEPTH_BUFFER_BIT_DMP sends the clear. The colour, depth and
 * stencil buffers are cleared by the memory-fill engine, as on the
 * hardware: one FILLMEM request, channel 0 filling the colour buffer and
 * channel 1 the depth-stencil buffer, started together. A fill writes
 * whole buffers: the scissor test and the write masks do not apply, and a
 * D24S8 buffer gets depth and stencil together (CLEAR_WHOLE_BUFFER says
 * when that differs from OpenGL ES). */
#include <string.h>

#include <nn/gx/CTR/gx_CTR.h>

#include "driver/gl_cmdgen.h"
#include "gl_entry.h"
#include "hw/hw_fragment.h"

#define FRAG_CLEAR_BITS (GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT \
			 | GL_EARLY_DEPTH_BUFFER_BIT_DMP)
#define FRAG_DEPTH24_MAX 0xFFFFFFu      /* the early depth buffer holds 24 bits */

/* v clamped to [0, 1]; NaN gives 0. */
static GLfloat frag_clamp01(GLfloat v)
{
	return v > 0.0f ? (v < 1.0f ? v : 1.0f) : 0.0f;   /* NaN gives 0 */
}

/* Whether func is one of the eight GL compare functions. */
static bool frag_func_ok(GLenum func)
{
	return func >= GL_NEVER && func <= GL_ALWAYS;
}

void glDepthFunc(GLenum func)
{
	NNGX_API(st);

	if (!frag_func_ok(func)) {
		gl_enum_error(st, "glDepthFunc", "func 0x%04X is not GL_NEVER..GL_ALWAYS", func);
		return;
	}
	st->gl.frag.depth_func = func;
}

void glDepthMask(GLboolean flag)
{
	NNGX_API(st);

	st->gl.frag.depth_mask = flag ? GL_TRUE : GL_FALSE;
}

void glDepthRangef(GLclampf zNear, GLclampf zFar)
{
	NNGX_API(st);
	struct gl_fragment_state *f = &st->gl.frag;

	f->depth_near = frag_clamp01(zNear);
	f->depth_far = frag_clamp01(zFar);
}

void glStencilFunc(GLenum func, GLint ref, GLuint mask)
{
	NNGX_API(st);
	struct gl_fragment_state *f = &st->gl.frag;

	if (!frag_func_ok(func)) {
		gl_enum_error(st, "glStencilFunc", "func 0x%04X is not GL_NEVER..GL_ALWAYS", func);
		return;
	}
	f->stencil_func = func;
	f->stencil_ref = ref;
	f->stencil_value_mask = mask;
}

/* Whether op is one of the eight GL stencil operations. */
static bool frag_stencil_op_ok(GLenum op)
{
	switch (op) {
	case GL_KEEP: case GL_ZERO: case GL_REPLACE: case GL_INCR: case GL_DECR:
	case GL_INVERT: case GL_INCR_WRAP: case GL_DECR_WRAP:
		return true;
	default:
		return false;
	}
}

void glStencilOp(GLenum fail, GLenum zfail, GLenum zpass)
{
	NNGX_API(st);
	struct gl_fragment_state *f = &st->gl.frag;

	if (!frag_stencil_op_ok(fail) || !frag_stencil_op_ok(zfail) || !frag_stencil_op_ok(zpass)) {
		gl_enum_error(st, "glStencilOp", "0x%04X, 0x%04X, 0x%04X: each must be a stencil "
			      "operation", fail, zfail, zpass);
		return;
	}
	f->stencil_fail = fail;
	f->stencil_zfail = zfail;
	f->stencil_zpass = zpass;
}

void glStencilMask(GLuint mask)
{
	NNGX_API(st);

	st->gl.frag.stencil_write_mask = mask;
}

/* A blend factor. The SDK's driver takes all fifteen for all four
 * slots, GL_SRC_ALPHA_SATURATE as a destination factor too (fragment-
 * pipeline sheet, A.5; ES 2.0 allows it as a source factor only): the
 * hardware has the code for either slot (hw_fragment.h). */
static bool frag_factor_ok(GLenum f)
{
	switch (f) {
	case GL_ZERO: case GL_ONE: case GL_SRC_COLOR: case GL_ONE_MINUS_SRC_COLOR:
	case GL_DST_COLOR: case GL_ONE_MINUS_DST_COLOR: case GL_SRC_ALPHA:
	case GL_ONE_MINUS_SRC_ALPHA: case GL_DST_ALPHA: case GL_ONE_MINUS_DST_ALPHA:
	case GL_CONSTANT_COLOR: case GL_ONE_MINUS_CONSTANT_COLOR: case GL_CONSTANT_ALPHA:
	case GL_ONE_MINUS_CONSTANT_ALPHA: case GL_SRC_ALPHA_SATURATE:
		return true;
	default:
		return false;
	}
}

void glBlendFuncSeparate(GLenum srcRGB, GLenum dstRGB, GLenum srcAlpha, GLenum dstAlpha)
{
	NNGX_API(st);
	struct gl_fragment_state *f = &st->gl.frag;

	if (!frag_factor_ok(srcRGB) || !frag_factor_ok(dstRGB) || !frag_factor_ok(srcAlpha)
	    || !frag_factor_ok(dstAlpha)) {
		gl_enum_error(st, "glBlendFuncSeparate", "0x%04X, 0x%04X, 0x%04X, 0x%04X: not "
			      "blend factors", srcRGB, dstRGB, srcAlpha, dstAlpha);
		return;
	}
	f->blend_src_rgb = srcRGB;
	f->blend_dst_rgb = dstRGB;
	f->blend_src_alpha = srcAlpha;
	f->blend_dst_alpha = dstAlpha;
}

void glBlendFunc(GLenum sfactor, GLenum dfactor)
{
	NNGX_API(st);
	struct gl_fragment_state *f = &st->gl.frag;

	if (!frag_factor_ok(sfactor) || !frag_factor_ok(dfactor)) {
		gl_enum_error(st, "glBlendFunc", "0x%04X, 0x%04X: not blend factors", sfactor,
			      dfactor);
		return;
	}
	f->blend_src_rgb = f->blend_src_alpha = sfactor;
	f->blend_dst_rgb = f->blend_dst_alpha = dfactor;
}

/* ES 2.0's three equations and the DMP MIN and MAX. */
static bool frag_equation_ok(GLenum mode)
{
	return mode == GL_FUNC_ADD || mode == GL_FUNC_SUBTRACT || mode == GL_FUNC_REVERSE_SUBTRACT
	       || mode == GL_MIN || mode == GL_MAX;
}

void glBlendEquationSeparate(GLenum modeRGB, GLenum modeAlpha)
{
	NNGX_API(st);

	if (!frag_equation_ok(modeRGB) || !frag_equation_ok(modeAlpha)) {
		gl_enum_error(st, "glBlendEquationSeparate", "0x%04X, 0x%04X: not blend equations",
			      modeRGB, modeAlpha);
		return;
	}
	st->gl.frag.blend_eq_rgb = modeRGB;
	st->gl.frag.blend_eq_alpha = modeAlpha;
}

void glBlendEquation(GLenum mode)
{
	NNGX_API(st);

	if (!frag_equation_ok(mode)) {
		gl_enum_error(st, "glBlendEquation", "mode 0x%04X is not a blend equation", mode);
		return;
	}
	st->gl.frag.blend_eq_rgb = st->gl.frag.blend_eq_alpha = mode;
}

/* out = (r, g, b, a), each clamped to [0, 1] as glClearColor and glBlendColor
 * do. */
static void frag_color4(GLfloat out[4], GLclampf r, GLclampf g, GLclampf b, GLclampf a)
{
	out[0] = frag_clamp01(r);
	out[1] = frag_clamp01(g);
	out[2] = frag_clamp01(b);
	out[3] = frag_clamp01(a);
}

void glBlendColor(GLclampf red, GLclampf green, GLclampf blue, GLclampf alpha)
{
	NNGX_API(st);

	frag_color4(st->gl.frag.blend_color, red, green, blue, alpha);
}

void glLogicOp(GLenum opcode)
{
	NNGX_API(st);

	if (opcode < GL_CLEAR || opcode > GL_SET) {
		gl_enum_error(st, "glLogicOp", "opcode 0x%04X is not GL_CLEAR..GL_SET", opcode);
		return;
	}
	st->gl.frag.logic_op = opcode;
}

void glColorMask(GLboolean red, GLboolean green, GLboolean blue, GLboolean alpha)
{
	NNGX_API(st);
	GLboolean *m = st->gl.frag.color_mask;

	m[0] = red ? GL_TRUE : GL_FALSE;
	m[1] = green ? GL_TRUE : GL_FALSE;
	m[2] = blue ? GL_TRUE : GL_FALSE;
	m[3] = alpha ? GL_TRUE : GL_FALSE;
}

void glScissor(GLint x, GLint y, GLsizei width, GLsizei height)
{
	NNGX_API(st);
	struct gl_fragment_state *f = &st->gl.frag;

	if (width < 0 || height < 0) {
		gl_value_error(st, "glScissor", "width %d and height %d must not be negative",
			       width, height);
		return;
	}
	f->scissor_x = x;
	f->scissor_y = y;
	f->scissor_width = width;
	f->scissor_height = height;
}

void glClearColor(GLclampf red, GLclampf green, GLclampf blue, GLclampf alpha)
{
	NNGX_API(st);

	frag_color4(st->gl.frag.clear_color, red, green, blue, alpha);
}

void glClearDepthf(GLclampf depth)
{
	NNGX_API(st);

	st->gl.frag.clear_depth = frag_clamp01(depth);
}

void glClearStencil(GLint s)
{
	NNGX_API(st);

	st->gl.frag.clear_stencil = s;
}

void glEarlyDepthFuncDMP(GLenum func)
{
	NNGX_API(st);

	/* The early depth test knows four functions (3DS SDK reference). */
	if (func != GL_LESS && func != GL_LEQUAL && func != GL_GREATER && func != GL_GEQUAL) {
		gl_enum_error(st, "glEarlyDepthFuncDMP", "func 0x%04X is not GL_LESS, GL_LEQUAL, "
			      "GL_GREATER or GL_GEQUAL", func);
		return;
	}
	st->gl.frag.early_depth_func = func;
}

void glClearEarlyDepthDMP(GLuint depth)
{
	NNGX_API(st);

	/* Model choice: the value is the buffer's 24-bit integer; larger is
	 * out of range. */
	if (depth > FRAG_DEPTH24_MAX) {
		gl_value_error(st, "glClearEarlyDepthDMP", "depth 0x%X does not fit the early "
			       "depth buffer's 24 bits", depth);
		return;
	}
	st->gl.frag.early_depth_clear = depth;
}

/* The clear colour as a draw would write it: rounded to 8 bits a
 * channel, then cut to the format's bits (hw_fragment.h), packed in the
 * word a fill of `*bits` repeats. */
static uint32_t frag_clear_color(const GLfloat c[4], unsigned format, unsigned *bits)
{
	uint32_t v[4];
	unsigned k;

	for (k = 0; k < 4; k++)
		v[k] = (uint32_t)(c[k] * 255.0f + 0.5f);
	switch (format) {
	case HW_COLOR_RGBA8:
		*bits = 32;
		return v[0] << 24 | v[1] << 16 | v[2] << 8 | v[3];
	case HW_COLOR_RGB8:
		*bits = 24;
		return v[0] << 16 | v[1] << 8 | v[2];
	case HW_COLOR_RGB5A1:
		*bits = 16;
		return (v[0] >> 3) << 11 | (v[1] >> 3) << 6 | (v[2] >> 3) << 1 | v[3] >> 7;
	case HW_COLOR_RGB565:
		*bits = 16;
		return (v[0] >> 3) << 11 | (v[1] >> 2) << 5 | v[2] >> 3;
	default: /* HW_COLOR_RGBA4 */
		*bits = 16;
		return (v[0] >> 4) << 12 | (v[1] >> 4) << 8 | (v[2] >> 4) << 4 | v[3] >> 4;
	}
}

/* Window depth in the buffer's fixed point, rounded as the per-fragment
 * stage stores it; D24S8 carries the stencil value in its top byte. */
static uint32_t frag_clear_depth(const struct gl_fragment_state *f, unsigned format,
				 unsigned *bits)
{
	double d = f->clear_depth;

	switch (format) {
	case HW_DEPTH_D16:
		*bits = 16;
		return (uint32_t)(d * 0xFFFF + 0.5);
	case HW_DEPTH_D24:
		*bits = 24;
		return (uint32_t)(d * FRAG_DEPTH24_MAX + 0.5);
	default: /* HW_DEPTH_D24S8 */
		*bits = 32;
		return ((uint32_t)f->clear_stencil & 0xFFu) << 24
		       | (uint32_t)(d * FRAG_DEPTH24_MAX + 0.5);
	}
}

/* Where a fill does not do what OpenGL ES's glClear would, say so. */
static void frag_clear_differences(struct nngx_state *st, GLbitfield mask, bool color, bool depth,
				   const struct gl_frag_target *t, const char *fn)
{
	const struct gl_fragment_state *f = &st->gl.frag;
	const char *why = NULL;

	if ((st->gl.caps >> GL_CAP_SCISSOR_TEST) & 1u)
		why = "the scissor test is enabled";
	else if (color && !(f->color_mask[0] && f->color_mask[1] && f->color_mask[2]
			    && f->color_mask[3]))
		why = "the colour mask keeps some channels";
	else if (depth && (mask & GL_DEPTH_BUFFER_BIT) && !f->depth_mask)
		why = "the depth mask is GL_FALSE";
	else if (depth && (mask & GL_STENCIL_BUFFER_BIT) && (f->stencil_write_mask & 0xFFu) != 0xFFu)
		why = "the stencil write mask keeps some bits";
	else if (depth && t->depth_format == HW_DEPTH_D24S8
		 && (!(mask & GL_DEPTH_BUFFER_BIT) || !(mask & GL_STENCIL_BUFFER_BIT)))
		why = "only one of depth and stencil is asked for, but the D24S8 buffer holds both";
	if (why)
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_CLEAR_WHOLE_BUFFER, fn,
				 "mask 0x%08X: %s; the fill writes the whole buffer", mask, why);
}

void glClear(GLbitfield mask)
{
	static const char fn[] = "glClear";
	NNGX_API(st);
	struct gl_frag_target target;
	struct nngx_request r;
	struct gl_cmdbuf c;
	bool early, color, depth;

	if (mask & ~(GLbitfield)FRAG_CLEAR_BITS) {
		gl_value_error(st, fn, "mask 0x%08X has bits other than the colour, depth, stencil "
			       "and early depth buffer bits", mask);
		return;
	}
	if (!gl_framebuffer_target(st, &target, fn))
		return;
	early = (mask & GL_EARLY_DEPTH_BUFFER_BIT_DMP) != 0;
	color = (mask & GL_COLOR_BUFFER_BIT) && target.color_phys;
	depth = target.depth_phys && (((mask & GL_DEPTH_BUFFER_BIT) && target.depth_bits)
				      || ((mask & GL_STENCIL_BUFFER_BIT) && target.stencil_bits));
	if (!early && !color && !depth)
		return;
	/* Room for all of it first: a clear is added whole or not at all. */
	if ((color || depth) ? !nngx_cmdlist_reserve(st, 1, early, fn)
			     : !nngx_cmdlist_bound(st, fn))
		return;
	if (early) {
		bool ok;
		gl_cmdbuf_init(&c);
		gl_cmd_early_depth_clear(&c, &target, st->gl.frag.early_depth_clear);
		if (c.failed)
			gl_memory_error(st, fn, "the commands of an early depth clear");
		ok = !c.failed && nngx_cmdlist_append(st, c.w, c.n, fn);
		gl_cmdbuf_free(&c);
		if (!ok)
			return;
	}
	if (!color && !depth)
		return;
	frag_clear_differences(st, mask, color, depth, &target, fn);
	memset(&r, 0, sizeof r);
	r.type = NN_GX_CMDLIST_REQTYPE_FILLMEM;
	if (color) {
		r.u.fill[0].phys = target.color_phys;
		r.u.fill[0].size = target.width * target.height
				   * hw_fragment_color_bytes((enum hw_color_format)target.color_format);
		r.u.fill[0].value = frag_clear_color(st->gl.frag.clear_color, target.color_format,
						     &r.u.fill[0].width_bits);
	}
	if (depth) {
		r.u.fill[1].phys = target.depth_phys;
		r.u.fill[1].size = target.width * target.height
				   * hw_fragment_depth_bytes((enum hw_depth_format)target.depth_format);
		r.u.fill[1].value = frag_clear_depth(&st->gl.frag, target.depth_format,
						     &r.u.fill[1].width_bits);
	}
	nngx_cmdlist_add_request(st, &r, fn);
}
