/* gl_raster.c: viewport, capabilities and face culling (OpenGL ES 2.0,
 * 2.12, 3.5.1 and 4.1; the capabilities include the DMP early depth test
 * and logic op). The state goes to the GPU with each draw (gl_draw.c,
 * gl_cmdfrag.c); this file keeps it and maps culling to register values. */
#include "gl_entry.h"

static const struct {
	GLenum cap;
	enum gl_cap bit;
} raster_caps[] = {
	{ GL_CULL_FACE, GL_CAP_CULL_FACE },
	{ GL_BLEND, GL_CAP_BLEND },
	{ GL_DITHER, GL_CAP_DITHER },
	{ GL_STENCIL_TEST, GL_CAP_STENCIL_TEST },
	{ GL_DEPTH_TEST, GL_CAP_DEPTH_TEST },
	{ GL_SCISSOR_TEST, GL_CAP_SCISSOR_TEST },
	{ GL_POLYGON_OFFSET_FILL, GL_CAP_POLYGON_OFFSET_FILL },
	{ GL_SAMPLE_ALPHA_TO_COVERAGE, GL_CAP_SAMPLE_ALPHA_TO_COVERAGE },
	{ GL_SAMPLE_COVERAGE, GL_CAP_SAMPLE_COVERAGE },
	{ GL_EARLY_DEPTH_TEST_DMP, GL_CAP_EARLY_DEPTH_TEST_DMP },
	{ GL_COLOR_LOGIC_OP, GL_CAP_COLOR_LOGIC_OP },
};

/* The bit of `cap`, or -1 after GL_INVALID_ENUM. */
static int raster_cap_bit(struct nngx_state *st, GLenum cap, const char *fn)
{
	size_t k;

	for (k = 0; k < sizeof raster_caps / sizeof raster_caps[0]; k++)
		if (raster_caps[k].cap == cap)
			return (int)raster_caps[k].bit;
	gl_enum_error(st, fn, "cap 0x%04X is not an OpenGL ES 2.0 or DMP capability", cap);
	return -1;
}

void glEnable(GLenum cap)
{
	NNGX_API(st);
	int bit = raster_cap_bit(st, cap, "glEnable");

	if (bit >= 0)
		st->gl.caps |= 1u << bit;
}

void glDisable(GLenum cap)
{
	NNGX_API(st);
	int bit = raster_cap_bit(st, cap, "glDisable");

	if (bit >= 0)
		st->gl.caps &= ~(1u << bit);
}

GLboolean glIsEnabled(GLenum cap)
{
	NNGX_API(st);
	int bit = raster_cap_bit(st, cap, "glIsEnabled");

	return bit >= 0 && ((st->gl.caps >> bit) & 1u) ? GL_TRUE : GL_FALSE;
}

void glViewport(GLint x, GLint y, GLsizei width, GLsizei height)
{
	NNGX_API(st);

	if (width < 0 || height < 0) {
		gl_value_error(st, "glViewport", "width %d and height %d must not be negative",
			       width, height);
		return;
	}
	st->gl.viewport_x = x;
	st->gl.viewport_y = y;
	st->gl.viewport_width = width;
	st->gl.viewport_height = height;
}

void glCullFace(GLenum mode)
{
	NNGX_API(st);

	if (mode != GL_FRONT && mode != GL_BACK && mode != GL_FRONT_AND_BACK) {
		gl_enum_error(st, "glCullFace", "mode 0x%04X is not GL_FRONT, GL_BACK or "
			      "GL_FRONT_AND_BACK", mode);
		return;
	}
	st->gl.cull_face = mode;
}

void glFrontFace(GLenum mode)
{
	NNGX_API(st);

	if (mode != GL_CW && mode != GL_CCW) {
		gl_enum_error(st, "glFrontFace", "mode 0x%04X is not GL_CW or GL_CCW", mode);
		return;
	}
	st->gl.front_face = mode;
}

/* GPUREG_FACECULLING_CONFIG: 1 culls counter-clockwise triangles, 2
 * clockwise ones, in window space (hw_regs.h). The face GL culls is the
 * front when it winds as glFrontFace says, else the back. */
unsigned gl_raster_cull_mode(const struct gl_context *gl)
{
	bool ccw_culled;

	if (!((gl->caps >> GL_CAP_CULL_FACE) & 1u))
		return HW_REG_CULL_NONE;
	ccw_culled = (gl->cull_face == GL_FRONT) == (gl->front_face == GL_CCW);
	return ccw_culled ? HW_REG_CULL_CCW : HW_REG_CULL_CW;
}

bool gl_raster_culls_everything(const struct gl_context *gl)
{
	return ((gl->caps >> GL_CAP_CULL_FACE) & 1u) && gl->cull_face == GL_FRONT_AND_BACK;
}
