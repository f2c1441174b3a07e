/* gl_state.c: the OpenGL ES 2.0 state calls the PICA200 has little or no
 * counterpart for: glPolygonOffset, glLineWidth, glHint, glPixelStorei,
 * glSampleCoverage, glRenderBlockModeDMP, and the *Separate stencil calls. Each checks its
 * arguments as OpenGL ES 2.0 says and keeps the state, so the queries
 * (gl_query.c) read back what was set.
 *
 * Model choices (doc/model.md):
 *   - glPolygonOffset: with GL_POLYGON_OFFSET_FILL enabled, `units` times
 *     the depth buffer's smallest step is added to the depth map's offset
 *     (GPUREG_DEPTHMAP_OFFSET, gl_cmdfrag.c). The PICA200 has no slope
 *     term: `factor` is kept for the query and acts on nothing.
 *   - glLineWidth, glHint, glSampleCoverage: kept for the queries; the
 *     model draws no lines (the PICA200 has triangles only), generates no
 *     mipmaps by hint and has no multisampling, so each call raises
 *     CALL_NOT_MODELLED once per function after each power-on.
 *   - glPixelStorei: GL_PACK_ALIGNMENT pads the rows glReadPixels writes;
 *     GL_UNPACK_ALIGNMENT is kept and read back: the texture sizes the
 *     PICA200 takes (powers of two from 8) make every row of every
 *     uncompressed format a multiple of 4 bytes, and of 8 for all but the
 *     4-bit formats at width 8, so glTexImage2D reads rows tightly packed
 *     (the one difference: 4-bit textures 8 texels wide with alignment 8).
 *   - The PICA200 has one stencil state for both faces. glStencilFuncSeparate,
 *     glStencilOpSeparate and glStencilMaskSeparate with GL_FRONT, GL_BACK
 *     or GL_FRONT_AND_BACK all set that one state (the last call wins for
 *     both faces), and the GL_STENCIL_BACK_* queries read it too. */
#include "gl_entry.h"

void glPolygonOffset(GLfloat factor, GLfloat units)
{
	NNGX_API(st);

	st->gl.frag.polygon_offset_factor = factor;
	st->gl.frag.polygon_offset_units = units;
}

void glLineWidth(GLfloat width)
{
	static const char fn[] = "glLineWidth";
	NNGX_API(st);

	if (!(width > 0.0f)) {         /* NaN too */
		gl_value_error(st, fn, "width %g must be greater than 0", (double)width);
		return;
	}
	st->gl.misc.line_width = width;
	nngx_state_not_modelled(st, fn, "the line width (the PICA200 rasterizes triangles only)");
}

void glHint(GLenum target, GLenum mode)
{
	static const char fn[] = "glHint";
	NNGX_API(st);

	if (target != GL_GENERATE_MIPMAP_HINT) {
		gl_enum_error(st, fn, "target 0x%04X is not GL_GENERATE_MIPMAP_HINT", target);
		return;
	}
	if (mode != GL_FASTEST && mode != GL_NICEST && mode != GL_DONT_CARE) {
		gl_enum_error(st, fn, "mode 0x%04X is not GL_FASTEST, GL_NICEST or GL_DONT_CARE",
			      mode);
		return;
	}
	st->gl.misc.generate_mipmap_hint = mode;
	nngx_state_not_modelled(st, fn, "hints (kept for glGetIntegerv)");
}

void glPixelStorei(GLenum pname, GLint param)
{
	static const char fn[] = "glPixelStorei";
	NNGX_API(st);

	if (pname != GL_PACK_ALIGNMENT && pname != GL_UNPACK_ALIGNMENT) {
		gl_enum_error(st, fn, "pname 0x%04X is not GL_PACK_ALIGNMENT or "
			      "GL_UNPACK_ALIGNMENT", pname);
		return;
	}
	if (param != 1 && param != 2 && param != 4 && param != 8) {
		gl_value_error(st, fn, "alignment %d is not 1, 2, 4 or 8", param);
		return;
	}
	if (pname == GL_PACK_ALIGNMENT)
		st->gl.misc.pack_alignment = param;
	else
		st->gl.misc.unpack_alignment = param;
}

void glSampleCoverage(GLclampf value, GLboolean invert)
{
	static const char fn[] = "glSampleCoverage";
	NNGX_API(st);

	/* Clamped to [0, 1] (ES 2.0, 4.1.3); NaN gives 0. */
	st->gl.misc.sample_coverage_value = value > 0.0f ? (value < 1.0f ? value : 1.0f) : 0.0f;
	st->gl.misc.sample_coverage_invert = invert ? GL_TRUE : GL_FALSE;
	nngx_state_not_modelled(st, fn, "multisample coverage (the PICA200 has no "
				"multisampling; kept for glGetFloatv)");
}

/* The tile size of the render buffers: the next draws send it
 * (FRAMEBUFFER_BLOCK32, gl_cmdfrag.c) and lay their colour and depth
 * buffers out in it (hw_fragment.h); glReadPixels reads with it. */
void glRenderBlockModeDMP(GLenum mode)
{
	static const char fn[] = "glRenderBlockModeDMP";
	NNGX_API(st);

	if (mode != GL_RENDER_BLOCK8_MODE_DMP && mode != GL_RENDER_BLOCK32_MODE_DMP) {
		gl_enum_error(st, fn, "mode 0x%04X is not GL_RENDER_BLOCK8_MODE_DMP or "
			      "GL_RENDER_BLOCK32_MODE_DMP", mode);
		return;
	}
	st->gl.misc.render_block_mode = mode;
}

/* Whether face is FRONT, BACK or FRONT_AND_BACK; otherwise INVALID_ENUM is
 * recorded and false returned. */
static bool state_face_ok(struct nngx_state *st, GLenum face, const char *fn)
{
	if (face == GL_FRONT || face == GL_BACK || face == GL_FRONT_AND_BACK)
		return true;
	gl_enum_error(st, fn, "face 0x%04X is not GL_FRONT, GL_BACK or GL_FRONT_AND_BACK", face);
	return false;
}

void glStencilFuncSeparate(GLenum face, GLenum func, GLint ref, GLuint mask)
{
	static const char fn[] = "glStencilFuncSeparate";
	NNGX_API(st);

	if (!state_face_ok(st, face, fn))
		return;
	if (func < GL_NEVER || func > GL_ALWAYS) {
		gl_enum_error(st, fn, "func 0x%04X is not GL_NEVER..GL_ALWAYS", func);
		return;
	}
	st->gl.frag.stencil_func = func;
	st->gl.frag.stencil_ref = ref;
	st->gl.frag.stencil_value_mask = mask;
}

/* Whether op is one of the eight GL stencil operations. */
static bool state_stencil_op_ok(GLenum op)
{
	switch (op) {
	case GL_KEEP: case GL_ZERO: case GL_REPLACE: case GL_INCR: case GL_DECR:
	case GL_INVERT: case GL_INCR_WRAP: case GL_DECR_WRAP:
		return true;
	default:
		return false;
	}
}

void glStencilOpSeparate(GLenum face, GLenum fail, GLenum zfail, GLenum zpass)
{
	static const char fn[] = "glStencilOpSeparate";
	NNGX_API(st);

	if (!state_face_ok(st, face, fn))
		return;
	if (!state_stencil_op_ok(fail) || !state_stencil_op_ok(zfail)
	    || !state_stencil_op_ok(zpass)) {
		gl_enum_error(st, fn, "0x%04X, 0x%04X, 0x%04X: each must be a stencil operation",
			      fail, zfail, zpass);
		return;
	}
	st->gl.frag.stencil_fail = fail;
	st->gl.frag.stencil_zfail = zfail;
	st->gl.frag.stencil_zpass = zpass;
}

void glStencilMaskSeparate(GLenum face, GLuint mask)
{
	static const char fn[] = "glStencilMaskSeparate";
	NNGX_API(st);

	if (!state_face_ok(st, face, fn))
		return;
	st->gl.frag.stencil_write_mask = mask;
}

/* glPolygonMode (declared by the SDK's gl2ext.h with unnamed parameters;
 * neither header defines a token for it). Model choice (doc/model.md): the
 * PICA200 rasterizes filled triangles only and the SDK gives the call no
 * values to check, so it changes nothing, records no GL error and raises
 * CALL_NOT_MODELLED once after each power-on. */
void glPolygonMode(GLenum face, GLenum mode)
{
	NNGX_API(st);

	(void)face;
	(void)mode;
	nngx_state_not_modelled(st, "glPolygonMode", "polygon modes (the PICA200 fills "
				"triangles; the call changes nothing)");
}
