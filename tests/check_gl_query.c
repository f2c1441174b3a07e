/* check_gl_query.c: the OpenGL ES 2.0 queries (gles_stub/gl_query.c) and
 * the state calls behind them (gles_stub/gl_state.c): every state's
 * initial value, round trips (set a state, read it back with each of
 * glGetBooleanv / glGetIntegerv / glGetFloatv and their conversions),
 * glGetString, and every error case, each checked to change nothing else:
 * the whole queryable state is read before and after. */
#define GL_GLEXT_PROTOTYPES
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gl_fixture.h"

#define ck_gl_error(code) ck_assert_uint_eq(glGetError(), (code))

/* Every pname the queries answer, with how many values it has. */
static const struct {
	GLenum pname;
	unsigned n;
} pnames[] = {
	{ GL_VIEWPORT, 4 }, { GL_DEPTH_RANGE, 2 }, { GL_LINE_WIDTH, 1 }, { GL_CULL_FACE, 1 },
	{ GL_CULL_FACE_MODE, 1 }, { GL_FRONT_FACE, 1 }, { GL_POLYGON_OFFSET_FACTOR, 1 },
	{ GL_POLYGON_OFFSET_UNITS, 1 }, { GL_POLYGON_OFFSET_FILL, 1 },
	{ GL_SAMPLE_ALPHA_TO_COVERAGE, 1 }, { GL_SAMPLE_COVERAGE, 1 },
	{ GL_SAMPLE_COVERAGE_VALUE, 1 }, { GL_SAMPLE_COVERAGE_INVERT, 1 },
	{ GL_ACTIVE_TEXTURE, 1 }, { GL_TEXTURE_BINDING_2D, 1 }, { GL_TEXTURE_BINDING_CUBE_MAP, 1 },
	{ GL_SCISSOR_TEST, 1 }, { GL_SCISSOR_BOX, 4 }, { GL_STENCIL_TEST, 1 },
	{ GL_STENCIL_FUNC, 1 }, { GL_STENCIL_VALUE_MASK, 1 }, { GL_STENCIL_REF, 1 },
	{ GL_STENCIL_FAIL, 1 }, { GL_STENCIL_PASS_DEPTH_FAIL, 1 }, { GL_STENCIL_PASS_DEPTH_PASS, 1 },
	{ GL_STENCIL_BACK_FUNC, 1 }, { GL_STENCIL_BACK_VALUE_MASK, 1 }, { GL_STENCIL_BACK_REF, 1 },
	{ GL_STENCIL_BACK_FAIL, 1 }, { GL_STENCIL_BACK_PASS_DEPTH_FAIL, 1 },
	{ GL_STENCIL_BACK_PASS_DEPTH_PASS, 1 }, { GL_DEPTH_TEST, 1 }, { GL_DEPTH_FUNC, 1 },
	{ GL_BLEND, 1 }, { GL_BLEND_SRC_RGB, 1 }, { GL_BLEND_SRC_ALPHA, 1 }, { GL_BLEND_DST_RGB, 1 },
	{ GL_BLEND_DST_ALPHA, 1 }, { GL_BLEND_EQUATION_RGB, 1 }, { GL_BLEND_EQUATION_ALPHA, 1 },
	{ GL_BLEND_COLOR, 4 }, { GL_DITHER, 1 }, { GL_COLOR_LOGIC_OP, 1 }, { GL_LOGIC_OP_MODE, 1 },
	{ GL_EARLY_DEPTH_TEST_DMP, 1 }, { GL_EARLY_DEPTH_FUNC_DMP, 1 },
	{ GL_EARLY_DEPTH_CLEAR_VALUE_DMP, 1 }, { GL_RENDER_BLOCK_MODE_DMP, 1 }, { GL_COLOR_WRITEMASK, 4 }, { GL_DEPTH_WRITEMASK, 1 },
	{ GL_STENCIL_WRITEMASK, 1 }, { GL_STENCIL_BACK_WRITEMASK, 1 }, { GL_COLOR_CLEAR_VALUE, 4 },
	{ GL_DEPTH_CLEAR_VALUE, 1 }, { GL_STENCIL_CLEAR_VALUE, 1 }, { GL_UNPACK_ALIGNMENT, 1 },
	{ GL_PACK_ALIGNMENT, 1 }, { GL_ARRAY_BUFFER_BINDING, 1 },
	{ GL_ELEMENT_ARRAY_BUFFER_BINDING, 1 }, { GL_CURRENT_PROGRAM, 1 },
	{ GL_RENDERBUFFER_BINDING, 1 }, { GL_FRAMEBUFFER_BINDING, 1 },
	{ GL_GENERATE_MIPMAP_HINT, 1 }, { GL_SUBPIXEL_BITS, 1 }, { GL_MAX_TEXTURE_SIZE, 1 },
	{ GL_MAX_CUBE_MAP_TEXTURE_SIZE, 1 }, { GL_MAX_VIEWPORT_DIMS, 2 },
	{ GL_ALIASED_POINT_SIZE_RANGE, 2 }, { GL_ALIASED_LINE_WIDTH_RANGE, 2 },
	{ GL_SAMPLE_BUFFERS, 1 }, { GL_SAMPLES, 1 }, { GL_NUM_COMPRESSED_TEXTURE_FORMATS, 1 },
	{ GL_COMPRESSED_TEXTURE_FORMATS, 3 }, { GL_NUM_SHADER_BINARY_FORMATS, 1 },
	{ GL_SHADER_BINARY_FORMATS, 1 }, { GL_SHADER_COMPILER, 1 }, { GL_MAX_VERTEX_ATTRIBS, 1 },
	{ GL_MAX_VERTEX_UNIFORM_VECTORS, 1 }, { GL_MAX_VARYING_VECTORS, 1 },
	{ GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, 1 }, { GL_MAX_TEXTURE_IMAGE_UNITS, 1 },
	{ GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS, 1 }, { GL_MAX_FRAGMENT_UNIFORM_VECTORS, 1 },
	{ GL_MAX_RENDERBUFFER_SIZE, 1 }, { GL_IMPLEMENTATION_COLOR_READ_TYPE, 1 },
	{ GL_IMPLEMENTATION_COLOR_READ_FORMAT, 1 }, { GL_RED_BITS, 1 }, { GL_GREEN_BITS, 1 },
	{ GL_BLUE_BITS, 1 }, { GL_ALPHA_BITS, 1 }, { GL_DEPTH_BITS, 1 }, { GL_STENCIL_BITS, 1 },
};

#define NPNAMES (sizeof pnames / sizeof pnames[0])
#define SLOTS 8

/* The whole queryable state, as integers and as floats. */
struct state {
	GLint i[NPNAMES][SLOTS];
	GLfloat f[NPNAMES][SLOTS];
	GLboolean b[NPNAMES][SLOTS];
};

static void state_take(struct state *s)
{
	size_t k;

	memset(s, 0, sizeof *s);
	for (k = 0; k < NPNAMES; k++) {
		glGetIntegerv(pnames[k].pname, s->i[k]);
		glGetFloatv(pnames[k].pname, s->f[k]);
		glGetBooleanv(pnames[k].pname, s->b[k]);
	}
}

static void state_assert_same(const struct state *before)
{
	struct state *now = malloc(sizeof *now);
	size_t k;

	ck_assert_ptr_nonnull(now);
	state_take(now);
	for (k = 0; k < NPNAMES; k++) {
		ck_assert_msg(memcmp(now->i[k], before->i[k], sizeof now->i[k]) == 0
			      && memcmp(now->f[k], before->f[k], sizeof now->f[k]) == 0
			      && memcmp(now->b[k], before->b[k], sizeof now->b[k]) == 0,
			      "pname 0x%04X changed", pnames[k].pname);
	}
	free(now);
}

static GLint geti(GLenum pname)
{
	GLint v[SLOTS] = { 0x5A5A5A5A };

	glGetIntegerv(pname, v);
	return v[0];
}

static GLfloat getf(GLenum pname)
{
	GLfloat v[SLOTS] = { -12345.0f };

	glGetFloatv(pname, v);
	return v[0];
}

static GLboolean getb(GLenum pname)
{
	GLboolean v[SLOTS] = { 77 };

	glGetBooleanv(pname, v);
	return v[0];
}

static void setup(void)
{
	fx_reset();
}

/* ---- counts and initial values ------------------------------------------------------ */

START_TEST(test_query_every_pname_writes_exactly_its_count)
{
	size_t k;
	unsigned j;

	for (k = 0; k < NPNAMES; k++) {
		GLint iv[SLOTS + 1];
		GLfloat fv[SLOTS + 1];
		GLboolean bv[SLOTS + 1];

		for (j = 0; j <= SLOTS; j++) {
			iv[j] = 0x7B7B7B7B;
			fv[j] = -777.0f;
			bv[j] = 0xAB;
		}
		glGetIntegerv(pnames[k].pname, iv);
		glGetFloatv(pnames[k].pname, fv);
		glGetBooleanv(pnames[k].pname, bv);
		ck_gl_error(GL_NO_ERROR);
		for (j = 0; j <= SLOTS; j++) {
			bool written = j < pnames[k].n;
			ck_assert_msg((iv[j] != 0x7B7B7B7B) == written && (fv[j] != -777.0f) == written,
				      "pname 0x%04X slot %u", pnames[k].pname, j);
			ck_assert_msg((bv[j] != 0xAB) == written, "pname 0x%04X slot %u",
				      pnames[k].pname, j);
			if (written)
				ck_assert(bv[j] == GL_TRUE || bv[j] == GL_FALSE);
		}
	}
}
END_TEST

START_TEST(test_query_initial_values)
{
	GLint iv[4];
	GLfloat fv[4];
	GLboolean bv[4];

	glGetIntegerv(GL_VIEWPORT, iv);
	ck_assert(iv[0] == 0 && iv[1] == 0 && iv[2] == 240 && iv[3] == 400);
	glGetIntegerv(GL_SCISSOR_BOX, iv);
	ck_assert(iv[0] == 0 && iv[1] == 0 && iv[2] == 240 && iv[3] == 400);
	glGetFloatv(GL_DEPTH_RANGE, fv);
	ck_assert(fv[0] == 0.0f && fv[1] == 1.0f);
	ck_assert(getf(GL_LINE_WIDTH) == 1.0f);
	ck_assert_int_eq(getb(GL_CULL_FACE), GL_FALSE);
	ck_assert_int_eq(geti(GL_CULL_FACE_MODE), GL_BACK);
	ck_assert_int_eq(geti(GL_FRONT_FACE), GL_CCW);
	ck_assert(getf(GL_POLYGON_OFFSET_FACTOR) == 0.0f && getf(GL_POLYGON_OFFSET_UNITS) == 0.0f);
	ck_assert_int_eq(getb(GL_POLYGON_OFFSET_FILL), GL_FALSE);
	ck_assert(getf(GL_SAMPLE_COVERAGE_VALUE) == 1.0f);
	ck_assert_int_eq(getb(GL_SAMPLE_COVERAGE_INVERT), GL_FALSE);
	ck_assert_int_eq(geti(GL_ACTIVE_TEXTURE), GL_TEXTURE0);
	ck_assert_int_eq(geti(GL_TEXTURE_BINDING_2D), 0);
	ck_assert_int_eq(getb(GL_SCISSOR_TEST), GL_FALSE);
	ck_assert_int_eq(getb(GL_STENCIL_TEST), GL_FALSE);
	ck_assert_int_eq(geti(GL_STENCIL_FUNC), GL_ALWAYS);
	ck_assert_int_eq(geti(GL_STENCIL_BACK_FUNC), GL_ALWAYS);
	ck_assert_int_eq(geti(GL_STENCIL_VALUE_MASK), -1);
	ck_assert(getf(GL_STENCIL_VALUE_MASK) == 4294967295.0f);
	ck_assert_int_eq(geti(GL_STENCIL_REF), 0);
	ck_assert_int_eq(geti(GL_STENCIL_FAIL), GL_KEEP);
	ck_assert_int_eq(geti(GL_STENCIL_PASS_DEPTH_FAIL), GL_KEEP);
	ck_assert_int_eq(geti(GL_STENCIL_PASS_DEPTH_PASS), GL_KEEP);
	ck_assert_int_eq(geti(GL_STENCIL_WRITEMASK), -1);
	ck_assert_int_eq(getb(GL_DEPTH_TEST), GL_FALSE);
	ck_assert_int_eq(geti(GL_DEPTH_FUNC), GL_LESS);
	ck_assert_int_eq(getb(GL_BLEND), GL_FALSE);
	ck_assert_int_eq(geti(GL_BLEND_SRC_RGB), GL_ONE);
	ck_assert_int_eq(geti(GL_BLEND_SRC_ALPHA), GL_ONE);
	ck_assert_int_eq(geti(GL_BLEND_DST_RGB), GL_ZERO);
	ck_assert_int_eq(geti(GL_BLEND_DST_ALPHA), GL_ZERO);
	ck_assert_int_eq(geti(GL_BLEND_EQUATION), GL_FUNC_ADD);
	ck_assert_int_eq(geti(GL_BLEND_EQUATION_ALPHA), GL_FUNC_ADD);
	glGetFloatv(GL_BLEND_COLOR, fv);
	ck_assert(fv[0] == 0.0f && fv[1] == 0.0f && fv[2] == 0.0f && fv[3] == 0.0f);
	ck_assert_int_eq(getb(GL_DITHER), GL_TRUE);
	ck_assert_int_eq(geti(GL_LOGIC_OP_MODE), GL_COPY);
	ck_assert_int_eq(geti(GL_EARLY_DEPTH_FUNC_DMP), GL_LESS);
	ck_assert_int_eq(geti(GL_EARLY_DEPTH_CLEAR_VALUE_DMP), 0xFFFFFF);
	ck_assert_int_eq(geti(GL_RENDER_BLOCK_MODE_DMP), GL_RENDER_BLOCK8_MODE_DMP);
	glGetBooleanv(GL_COLOR_WRITEMASK, bv);
	ck_assert(bv[0] && bv[1] && bv[2] && bv[3]);
	ck_assert_int_eq(getb(GL_DEPTH_WRITEMASK), GL_TRUE);
	ck_assert(getf(GL_DEPTH_CLEAR_VALUE) == 1.0f);
	ck_assert_int_eq(geti(GL_DEPTH_CLEAR_VALUE), 2147483647);
	ck_assert_int_eq(geti(GL_STENCIL_CLEAR_VALUE), 0);
	ck_assert_int_eq(geti(GL_UNPACK_ALIGNMENT), 4);
	ck_assert_int_eq(geti(GL_PACK_ALIGNMENT), 4);
	ck_assert_int_eq(geti(GL_CURRENT_PROGRAM), 0);
	ck_assert_int_eq(geti(GL_ARRAY_BUFFER_BINDING), 0);
	ck_assert_int_eq(geti(GL_FRAMEBUFFER_BINDING), 0);
	ck_assert_int_eq(geti(GL_GENERATE_MIPMAP_HINT), GL_DONT_CARE);
	ck_gl_error(GL_NO_ERROR);
}
END_TEST

START_TEST(test_query_implementation_limits)
{
	GLint iv[4];
	GLfloat fv[2];

	ck_assert_int_eq(geti(GL_MAX_VERTEX_ATTRIBS), 12);
	ck_assert_int_eq(geti(GL_MAX_VERTEX_UNIFORM_VECTORS), 96);
	ck_assert_int_eq(geti(GL_MAX_VARYING_VECTORS), 7);
	ck_assert_int_eq(geti(GL_MAX_TEXTURE_IMAGE_UNITS), 3);
	ck_assert_int_eq(geti(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS), 3);
	ck_assert_int_eq(geti(GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS), 0);
	ck_assert_int_eq(geti(GL_MAX_FRAGMENT_UNIFORM_VECTORS), 0);
	ck_assert_int_eq(geti(GL_MAX_TEXTURE_SIZE), 1024);
	ck_assert_int_eq(geti(GL_MAX_CUBE_MAP_TEXTURE_SIZE), 1024);
	ck_assert_int_eq(geti(GL_MAX_RENDERBUFFER_SIZE), 1024);
	glGetIntegerv(GL_MAX_VIEWPORT_DIMS, iv);
	ck_assert(iv[0] == 1024 && iv[1] == 1024);
	glGetFloatv(GL_ALIASED_LINE_WIDTH_RANGE, fv);
	ck_assert(fv[0] == 1.0f && fv[1] == 1.0f);
	ck_assert_int_eq(geti(GL_SUBPIXEL_BITS), 8);
	ck_assert_int_eq(geti(GL_SAMPLES), 0);
	ck_assert_int_eq(geti(GL_SAMPLE_BUFFERS), 0);
	ck_assert_int_eq(geti(GL_NUM_COMPRESSED_TEXTURE_FORMATS), 3);
	glGetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS, iv);
	ck_assert(iv[0] == GL_ETC1_RGB8_OES && iv[1] == GL_ETC1_RGB8_NATIVE_DMP
		  && iv[2] == GL_ETC1_ALPHA_RGB8_A4_NATIVE_DMP);
	ck_assert_int_eq(geti(GL_NUM_SHADER_BINARY_FORMATS), 1);
	ck_assert_int_eq(geti(GL_SHADER_BINARY_FORMATS), GL_PLATFORM_BINARY_DMP);
	ck_assert_int_eq(getb(GL_SHADER_COMPILER), GL_FALSE);
	ck_assert_int_eq(geti(GL_IMPLEMENTATION_COLOR_READ_FORMAT), GL_RGBA);
	ck_assert_int_eq(geti(GL_IMPLEMENTATION_COLOR_READ_TYPE), GL_UNSIGNED_BYTE);
	ck_gl_error(GL_NO_ERROR);
}
END_TEST

/* The bits are the bound framebuffer's: the default one RGBA8 + D24S8, a
 * framebuffer object its attachments', an incomplete one none. */
START_TEST(test_query_bits_follow_the_framebuffer)
{
	GLuint fb, rb[2];

	ck_assert_int_eq(geti(GL_RED_BITS), 8);
	ck_assert_int_eq(geti(GL_ALPHA_BITS), 8);
	ck_assert_int_eq(geti(GL_DEPTH_BITS), 24);
	ck_assert_int_eq(geti(GL_STENCIL_BITS), 8);
	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	ck_assert_int_eq(geti(GL_FRAMEBUFFER_BINDING), (GLint)fb);
	ck_assert_int_eq(geti(GL_RED_BITS), 0);           /* incomplete: nothing */
	ck_assert_int_eq(geti(GL_DEPTH_BITS), 0);
	glGenRenderbuffers(2, rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGB565, 64, 64);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
	glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
	ck_assert_int_eq(geti(GL_RENDERBUFFER_BINDING), (GLint)rb[1]);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, 64, 64);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
	ck_assert_uint_eq(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	ck_assert_int_eq(geti(GL_RED_BITS), 5);
	ck_assert_int_eq(geti(GL_GREEN_BITS), 6);
	ck_assert_int_eq(geti(GL_BLUE_BITS), 5);
	ck_assert_int_eq(geti(GL_ALPHA_BITS), 0);
	ck_assert_int_eq(geti(GL_DEPTH_BITS), 16);
	ck_assert_int_eq(geti(GL_STENCIL_BITS), 0);
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	ck_assert_int_eq(geti(GL_RED_BITS), 8);
	ck_gl_error(GL_NO_ERROR);
}
END_TEST

/* ---- round trips -------------------------------------------------------------------- */

START_TEST(test_query_round_trips)
{
	GLint iv[4];
	GLfloat fv[4];
	GLboolean bv[4];
	GLuint buf[2], tex;

	glViewport(-3, 7, 100, 50);
	glGetIntegerv(GL_VIEWPORT, iv);
	ck_assert(iv[0] == -3 && iv[1] == 7 && iv[2] == 100 && iv[3] == 50);
	glGetFloatv(GL_VIEWPORT, fv);
	ck_assert(fv[0] == -3.0f && fv[1] == 7.0f && fv[2] == 100.0f && fv[3] == 50.0f);
	glScissor(1, 2, 3, 4);
	glGetIntegerv(GL_SCISSOR_BOX, iv);
	ck_assert(iv[0] == 1 && iv[1] == 2 && iv[2] == 3 && iv[3] == 4);
	glDepthRangef(0.25f, 0.75f);
	glGetFloatv(GL_DEPTH_RANGE, fv);
	ck_assert(fv[0] == 0.25f && fv[1] == 0.75f);
	glClearColor(0.0f, 0.5f, 1.0f, 0.25f);
	glGetFloatv(GL_COLOR_CLEAR_VALUE, fv);
	ck_assert(fv[0] == 0.0f && fv[1] == 0.5f && fv[2] == 1.0f && fv[3] == 0.25f);
	glGetBooleanv(GL_COLOR_CLEAR_VALUE, bv);
	ck_assert(!bv[0] && bv[1] && bv[2] && bv[3]);
	glClearDepthf(0.5f);
	ck_assert(getf(GL_DEPTH_CLEAR_VALUE) == 0.5f);
	glClearStencil(0x55);
	ck_assert_int_eq(geti(GL_STENCIL_CLEAR_VALUE), 0x55);
	glBlendColor(1.0f, 0.0f, 0.0f, 1.0f);
	glGetFloatv(GL_BLEND_COLOR, fv);
	ck_assert(fv[0] == 1.0f && fv[1] == 0.0f && fv[3] == 1.0f);
	glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_DST_COLOR, GL_ONE);
	ck_assert_int_eq(geti(GL_BLEND_SRC_RGB), GL_SRC_ALPHA);
	ck_assert_int_eq(geti(GL_BLEND_DST_RGB), GL_ONE_MINUS_SRC_ALPHA);
	ck_assert_int_eq(geti(GL_BLEND_SRC_ALPHA), GL_DST_COLOR);
	ck_assert_int_eq(geti(GL_BLEND_DST_ALPHA), GL_ONE);
	glBlendEquationSeparate(GL_FUNC_SUBTRACT, GL_MAX);
	ck_assert_int_eq(geti(GL_BLEND_EQUATION_RGB), GL_FUNC_SUBTRACT);
	ck_assert_int_eq(geti(GL_BLEND_EQUATION_ALPHA), GL_MAX);
	glDepthFunc(GL_GEQUAL);
	ck_assert_int_eq(geti(GL_DEPTH_FUNC), GL_GEQUAL);
	ck_assert(getf(GL_DEPTH_FUNC) == (GLfloat)GL_GEQUAL);
	ck_assert_int_eq(getb(GL_DEPTH_FUNC), GL_TRUE);
	glDepthMask(GL_FALSE);
	ck_assert_int_eq(getb(GL_DEPTH_WRITEMASK), GL_FALSE);
	ck_assert_int_eq(geti(GL_DEPTH_WRITEMASK), 0);
	glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
	glGetIntegerv(GL_COLOR_WRITEMASK, iv);
	ck_assert(iv[0] == 1 && iv[1] == 0 && iv[2] == 1 && iv[3] == 0);
	glCullFace(GL_FRONT_AND_BACK);
	ck_assert_int_eq(geti(GL_CULL_FACE_MODE), GL_FRONT_AND_BACK);
	glFrontFace(GL_CW);
	ck_assert_int_eq(geti(GL_FRONT_FACE), GL_CW);
	glEnable(GL_CULL_FACE);
	glEnable(GL_BLEND);
	glEnable(GL_SCISSOR_TEST);
	glEnable(GL_EARLY_DEPTH_TEST_DMP);
	glDisable(GL_DITHER);
	ck_assert(getb(GL_CULL_FACE) && getb(GL_BLEND) && getb(GL_SCISSOR_TEST)
		  && getb(GL_EARLY_DEPTH_TEST_DMP) && !getb(GL_DITHER));
	ck_assert(getf(GL_CULL_FACE) == 1.0f && geti(GL_DITHER) == 0);
	glLogicOp(GL_XOR);
	ck_assert_int_eq(geti(GL_LOGIC_OP_MODE), GL_XOR);
	glEarlyDepthFuncDMP(GL_GREATER);
	ck_assert_int_eq(geti(GL_EARLY_DEPTH_FUNC_DMP), GL_GREATER);
	glClearEarlyDepthDMP(0x123456);
	ck_assert_int_eq(geti(GL_EARLY_DEPTH_CLEAR_VALUE_DMP), 0x123456);
	glRenderBlockModeDMP(GL_RENDER_BLOCK32_MODE_DMP);
	ck_assert_int_eq(geti(GL_RENDER_BLOCK_MODE_DMP), GL_RENDER_BLOCK32_MODE_DMP);
	glRenderBlockModeDMP(GL_RENDER_BLOCK8_MODE_DMP);
	ck_assert_int_eq(geti(GL_RENDER_BLOCK_MODE_DMP), GL_RENDER_BLOCK8_MODE_DMP);
	glPolygonOffset(-1.5f, 2.5f);
	ck_assert(getf(GL_POLYGON_OFFSET_FACTOR) == -1.5f);
	ck_assert(getf(GL_POLYGON_OFFSET_UNITS) == 2.5f);
	ck_assert_int_eq(geti(GL_POLYGON_OFFSET_FACTOR), -2);     /* -1.5 rounds away */
	ck_assert_int_eq(geti(GL_POLYGON_OFFSET_UNITS), 3);
	glLineWidth(2.5f);
	ck_assert(getf(GL_LINE_WIDTH) == 2.5f);
	glHint(GL_GENERATE_MIPMAP_HINT, GL_NICEST);
	ck_assert_int_eq(geti(GL_GENERATE_MIPMAP_HINT), GL_NICEST);
	glPixelStorei(GL_PACK_ALIGNMENT, 8);
	glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
	ck_assert_int_eq(geti(GL_PACK_ALIGNMENT), 8);
	ck_assert_int_eq(geti(GL_UNPACK_ALIGNMENT), 1);
	glSampleCoverage(1.5f, 7);                       /* clamped; any true is GL_TRUE */
	ck_assert(getf(GL_SAMPLE_COVERAGE_VALUE) == 1.0f);
	ck_assert_int_eq(getb(GL_SAMPLE_COVERAGE_INVERT), GL_TRUE);
	glSampleCoverage(0.25f, GL_FALSE);
	ck_assert(getf(GL_SAMPLE_COVERAGE_VALUE) == 0.25f);
	ck_assert_int_eq(getb(GL_SAMPLE_COVERAGE_INVERT), GL_FALSE);
	glGenBuffers(2, buf);
	glBindBuffer(GL_ARRAY_BUFFER, buf[0]);
	glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, buf[1]);
	ck_assert_int_eq(geti(GL_ARRAY_BUFFER_BINDING), (GLint)buf[0]);
	ck_assert_int_eq(geti(GL_ELEMENT_ARRAY_BUFFER_BINDING), (GLint)buf[1]);
	glGenTextures(1, &tex);
	glActiveTexture(GL_TEXTURE2);
	glBindTexture(GL_TEXTURE_2D, tex);
	ck_assert_int_eq(geti(GL_ACTIVE_TEXTURE), GL_TEXTURE2);
	ck_assert_int_eq(geti(GL_TEXTURE_BINDING_2D), (GLint)tex);
	glActiveTexture(GL_TEXTURE0);
	ck_assert_int_eq(geti(GL_TEXTURE_BINDING_2D), 0);    /* per unit */
	ck_gl_error(GL_NO_ERROR);
}
END_TEST

START_TEST(test_query_current_program)
{
	struct fx_shader *s = fx_shader_passthrough();
	GLuint p = fx_program(s);

	ck_assert_int_eq(geti(GL_CURRENT_PROGRAM), (GLint)p);
	glUseProgram(0);
	ck_assert_int_eq(geti(GL_CURRENT_PROGRAM), 0);
	ck_gl_error(GL_NO_ERROR);
	fx_shader_free(s);
}
END_TEST

/* Colours, the depth range and clear depth read as integers scaled onto
 * [0, 2^31 - 1]; other floats round to the nearest integer. */
START_TEST(test_query_float_to_integer_conversions)
{
	GLint iv[4];

	glClearColor(0.0f, 0.5f, 1.0f, 0.25f);
	glGetIntegerv(GL_COLOR_CLEAR_VALUE, iv);
	ck_assert_int_eq(iv[0], 0);
	ck_assert_int_eq(iv[1], 1073741824);              /* 0.5 * (2^31 - 1), rounded */
	ck_assert_int_eq(iv[2], 2147483647);
	ck_assert_int_eq(iv[3], 536870912);
	glDepthRangef(0.0f, 1.0f);
	glGetIntegerv(GL_DEPTH_RANGE, iv);
	ck_assert(iv[0] == 0 && iv[1] == 2147483647);
	glLineWidth(2.4f);
	ck_assert_int_eq(geti(GL_LINE_WIDTH), 2);
	glLineWidth(2.6f);
	ck_assert_int_eq(geti(GL_LINE_WIDTH), 3);
	glPolygonOffset(1e30f, -1e30f);                  /* saturated */
	ck_assert_int_eq(geti(GL_POLYGON_OFFSET_FACTOR), 2147483647);
	ck_assert_int_eq(geti(GL_POLYGON_OFFSET_UNITS), (GLint)-2147483647 - 1);
	ck_assert_int_eq(getb(GL_POLYGON_OFFSET_UNITS), GL_TRUE);
	glPolygonOffset(0.0f, 0.0f);
	ck_assert_int_eq(getb(GL_POLYGON_OFFSET_UNITS), GL_FALSE);
	glStencilMask(0x80000001u);
	ck_assert_int_eq(geti(GL_STENCIL_WRITEMASK), (GLint)(int32_t)0x80000001u);
	ck_assert(getf(GL_STENCIL_WRITEMASK) == 2147483649.0f);
	ck_assert_int_eq(getb(GL_STENCIL_WRITEMASK), GL_TRUE);
	glStencilMask(0);
	ck_assert_int_eq(getb(GL_STENCIL_WRITEMASK), GL_FALSE);
	ck_gl_error(GL_NO_ERROR);
}
END_TEST

/* One stencil state: every face sets it, front and back read it. */
static const GLenum faces[] = { GL_FRONT, GL_BACK, GL_FRONT_AND_BACK };

START_TEST(test_query_stencil_separate_sets_the_one_state)
{
	GLenum face = faces[_i];

	glStencilFuncSeparate(face, GL_GREATER, 9, 0xF0u);
	ck_assert_int_eq(geti(GL_STENCIL_FUNC), GL_GREATER);
	ck_assert_int_eq(geti(GL_STENCIL_BACK_FUNC), GL_GREATER);
	ck_assert_int_eq(geti(GL_STENCIL_REF), 9);
	ck_assert_int_eq(geti(GL_STENCIL_BACK_REF), 9);
	ck_assert_int_eq(geti(GL_STENCIL_VALUE_MASK), 0xF0);
	ck_assert_int_eq(geti(GL_STENCIL_BACK_VALUE_MASK), 0xF0);
	glStencilOpSeparate(face, GL_INCR_WRAP, GL_INVERT, GL_REPLACE);
	ck_assert_int_eq(geti(GL_STENCIL_FAIL), GL_INCR_WRAP);
	ck_assert_int_eq(geti(GL_STENCIL_BACK_FAIL), GL_INCR_WRAP);
	ck_assert_int_eq(geti(GL_STENCIL_PASS_DEPTH_FAIL), GL_INVERT);
	ck_assert_int_eq(geti(GL_STENCIL_BACK_PASS_DEPTH_FAIL), GL_INVERT);
	ck_assert_int_eq(geti(GL_STENCIL_PASS_DEPTH_PASS), GL_REPLACE);
	ck_assert_int_eq(geti(GL_STENCIL_BACK_PASS_DEPTH_PASS), GL_REPLACE);
	glStencilMaskSeparate(face, 0x3Cu);
	ck_assert_int_eq(geti(GL_STENCIL_WRITEMASK), 0x3C);
	ck_assert_int_eq(geti(GL_STENCIL_BACK_WRITEMASK), 0x3C);
	/* And the state a draw sends is that one. */
	ck_assert_uint_eq(nngx_state_get()->gl.frag.stencil_func, GL_GREATER);
	ck_assert_uint_eq(nngx_state_get()->gl.frag.stencil_write_mask, 0x3Cu);
	ck_gl_error(GL_NO_ERROR);
}
END_TEST

/* GL_PACK_ALIGNMENT pads the rows glReadPixels writes; padding bytes are
 * left alone. */
START_TEST(test_query_pack_alignment_pads_read_rows)
{
	uint8_t px[64];
	unsigned row, k;

	fx_list(1 << 16, 16);
	glClearColor(1.0f, 0.0f, 0.0f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	glPixelStorei(GL_PACK_ALIGNMENT, 8);
	memset(px, 0xEE, sizeof px);
	glReadPixels(0, 0, 3, 2, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_gl_error(GL_NO_ERROR);
	for (row = 0; row < 2; row++) {
		for (k = 0; k < 12; k += 4) {
			const uint8_t *p = px + row * 16 + k;
			ck_assert(p[0] == 255 && p[1] == 0 && p[2] == 0 && p[3] == 255);
		}
		for (k = 12; k < 16; k++)
			ck_assert_uint_eq(px[row * 16 + k], 0xEE);
	}
	ck_assert_uint_eq(px[32], 0xEE);
	/* Alignment 4: tight rows of 12 bytes. */
	glPixelStorei(GL_PACK_ALIGNMENT, 4);
	memset(px, 0xEE, sizeof px);
	glReadPixels(0, 0, 3, 2, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_assert(px[12] == 255 && px[23] == 255 && px[24] == 0xEE);
	ck_gl_error(GL_NO_ERROR);
}
END_TEST

/* ---- uniform matrices ------------------------------------------------------------ */

/* A vertex shader with input aPosition (v0) and uniforms m2 c20-c21,
 * m3 c22-c24, m3a c25-c30 (two mat3), m4 c31-c34, uColor c35, uLoop i1. */
static struct fx_shader *shader_with_matrices(void)
{
	struct fx_shader *s = fx_shader_new();
	size_t vs;

	asm_mov(&s->a, asm_o(0), asm_v(0));
	asm_end(&s->a);
	fx_shader_code(s);
	vs = shbin_writer_add_entry(&s->w, 0, 0, s->a.ncode);
	shbin_writer_add_output(&s->w, vs, 0, 0, 0xF);
	shbin_writer_add_uniform(&s->w, vs, "aPosition", 0x00, 0x00);
	shbin_writer_add_uniform(&s->w, vs, "m2", 0x10 + 20, 0x10 + 21);
	shbin_writer_add_uniform(&s->w, vs, "m3", 0x10 + 22, 0x10 + 24);
	shbin_writer_add_uniform(&s->w, vs, "m3a", 0x10 + 25, 0x10 + 30);
	shbin_writer_add_uniform(&s->w, vs, "m4", 0x10 + 31, 0x10 + 34);
	shbin_writer_add_uniform(&s->w, vs, "uColor", 0x10 + 35, 0x10 + 35);
	shbin_writer_add_uniform(&s->w, vs, "uLoop", 0x71, 0x71);
	fx_shader_binary(s);
	return s;
}

static const struct gl_stage *vertex_stage(GLuint program)
{
	return &gl_object_find(&nngx_state_get()->gl, program)->u.program.exe->stage[GL_STAGE_VERTEX];
}

/* glUniformMatrix2fv / 3fv: an n x n matrix (columns, as GL gives it) is
 * n registers, row r in register r, components 0..n-1; the rest of each
 * register is kept. */
START_TEST(test_query_uniform_matrix2_and_3_rows)
{
	static const GLfloat m2[4] = { 1, 2, 10, 20 };            /* columns (1,2), (10,20) */
	static const GLfloat m3[9] = { 1, 2, 3, 10, 20, 30, 100, 200, 300 };
	static const GLfloat m3x2[18] = { 1, 2, 3, 4, 5, 6, 7, 8, 9,
					  11, 12, 13, 14, 15, 16, 17, 18, 19 };
	struct fx_shader *s = shader_with_matrices();
	GLuint p = fx_program(s);
	const struct gl_stage *vs = vertex_stage(p);
	GLfloat got[4];
	unsigned r;

	glUniform4f(glGetUniformLocation(p, "m2[1]"), -1, -1, -1, -1);
	glUniformMatrix2fv(glGetUniformLocation(p, "m2"), 1, GL_FALSE, m2);
	ck_gl_error(GL_NO_ERROR);
	ck_assert(vs->f[20][0] == 1 && vs->f[20][1] == 10 && vs->f[20][2] == 0);
	ck_assert(vs->f[21][0] == 2 && vs->f[21][1] == 20);
	ck_assert(vs->f[21][2] == -1 && vs->f[21][3] == -1);     /* kept */
	glUniformMatrix3fv(glGetUniformLocation(p, "m3"), 1, GL_FALSE, m3);
	for (r = 0; r < 3; r++) {
		ck_assert(vs->f[22 + r][0] == (float)(r + 1));
		ck_assert(vs->f[22 + r][1] == (float)(10 * (r + 1)));
		ck_assert(vs->f[22 + r][2] == (float)(100 * (r + 1)));
	}
	glGetUniformfv(p, glGetUniformLocation(p, "m3[2]"), got);
	ck_assert(got[0] == 3 && got[1] == 30 && got[2] == 300);
	/* An array of two mat3: 6 registers; a count past it is cut. */
	glUniformMatrix3fv(glGetUniformLocation(p, "m3a"), 5, GL_FALSE, m3x2);
	ck_gl_error(GL_NO_ERROR);
	ck_assert(vs->f[25][0] == 1 && vs->f[25][1] == 4 && vs->f[25][2] == 7);
	ck_assert(vs->f[27][0] == 3 && vs->f[27][2] == 9);
	ck_assert(vs->f[28][0] == 11 && vs->f[28][1] == 14 && vs->f[28][2] == 17);
	ck_assert(vs->f[30][0] == 13 && vs->f[30][2] == 19);
	ck_gl_error(GL_NO_ERROR);
	fx_shader_free(s);
}
END_TEST

enum bad_matrix {
	BADM_COUNT2, BADM_NO_ARRAY, BADM_SHORT2,
	BADM_SHORT3, BADM_INT, BADM_LOCATION, BADM_DMP, BADM_NO_PROGRAM
};

static const struct {
	enum bad_matrix call;
	GLenum code;
} bad_matrices[] = {
	{ BADM_COUNT2, GL_INVALID_VALUE }, { BADM_NO_ARRAY, GL_INVALID_OPERATION },
	{ BADM_SHORT2, GL_INVALID_OPERATION }, { BADM_SHORT3, GL_INVALID_OPERATION },
	{ BADM_INT, GL_INVALID_OPERATION }, { BADM_LOCATION, GL_INVALID_OPERATION },
	{ BADM_DMP, GL_INVALID_OPERATION }, { BADM_NO_PROGRAM, GL_INVALID_OPERATION },
};

/* Each bad matrix call records its code and changes no register. */
START_TEST(test_query_uniform_matrix_errors_change_nothing)
{
	static const GLfloat m[18] = { 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5 };
	struct fx_shader *s = shader_with_matrices();
	GLuint p = fx_program(s);
	struct gl_stage before = *vertex_stage(p);

	switch (bad_matrices[_i].call) {
	case BADM_COUNT2: glUniformMatrix2fv(glGetUniformLocation(p, "m2"), -1, GL_FALSE, m); break;
	case BADM_NO_ARRAY: glUniformMatrix3fv(glGetUniformLocation(p, "m3"), 2, GL_FALSE, m); break;
	case BADM_SHORT2: glUniformMatrix2fv(glGetUniformLocation(p, "uColor"), 1, GL_FALSE, m); break;
	case BADM_SHORT3: glUniformMatrix3fv(glGetUniformLocation(p, "m3[1]"), 1, GL_FALSE, m); break;
	case BADM_INT: glUniformMatrix2fv(glGetUniformLocation(p, "uLoop"), 1, GL_FALSE, m); break;
	case BADM_LOCATION: glUniformMatrix3fv(0x7F0000, 1, GL_FALSE, m); break;
	case BADM_DMP:
		glUniformMatrix3fv(glGetUniformLocation(p, "dmp_TexEnv[0].constRgba"), 1, GL_FALSE, m);
		break;
	case BADM_NO_PROGRAM:
		glUseProgram(0);
		glUniformMatrix2fv(glGetUniformLocation(p, "m2"), 1, GL_FALSE, m);
		break;
	}
	ck_assert_uint_eq(glGetError(), bad_matrices[_i].code);
	ck_assert_mem_eq(vertex_stage(p), &before, sizeof before);
	/* Location -1 is silently ignored. */
	glUseProgram(p);
	glUniformMatrix3fv(-1, 1, GL_FALSE, m);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_mem_eq(vertex_stage(p), &before, sizeof before);
	fx_shader_free(s);
}
END_TEST

/* ---- object queries -------------------------------------------------------------- */

START_TEST(test_query_buffer_parameters)
{
	static const uint8_t data[40];
	GLint v = -1;
	GLuint b = fx_buffer(GL_ARRAY_BUFFER, NN_GX_MEM_VRAMA, data, sizeof data);
	GLuint e;

	glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &v);
	ck_assert_int_eq(v, 40);
	glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_USAGE, &v);
	ck_assert_int_eq(v, GL_STATIC_DRAW);
	glBufferData(GL_ARRAY_BUFFER, 8, NULL, GL_DYNAMIC_DRAW);
	glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &v);
	ck_assert_int_eq(v, 8);
	glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_USAGE, &v);
	ck_assert_int_eq(v, GL_DYNAMIC_DRAW);
	glGenBuffers(1, &e);
	glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, e);         /* no storage yet */
	glGetBufferParameteriv(GL_ELEMENT_ARRAY_BUFFER, GL_BUFFER_SIZE, &v);
	ck_assert_int_eq(v, 0);
	glGetBufferParameteriv(GL_ELEMENT_ARRAY_BUFFER, GL_BUFFER_USAGE, &v);
	ck_assert_int_eq(v, GL_STATIC_DRAW);
	ck_gl_error(GL_NO_ERROR);
	/* Errors: nothing written. */
	v = 1234;
	glGetBufferParameteriv(GL_TEXTURE_2D, GL_BUFFER_SIZE, &v);
	ck_gl_error(GL_INVALID_ENUM);
	glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_MAP_POINTER_OES, &v);
	ck_gl_error(GL_INVALID_ENUM);
	glBindBuffer(GL_ARRAY_BUFFER, 0);
	glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &v);
	ck_gl_error(GL_INVALID_OPERATION);
	ck_assert_int_eq(v, 1234);
	(void)b;
}
END_TEST

START_TEST(test_query_vertex_attributes)
{
	static const float xyz[9];
	GLint iv[4] = { 0 };
	GLfloat fv[4];
	GLvoid *ptr = (GLvoid *)1;
	GLuint b = fx_buffer(GL_ARRAY_BUFFER, NN_GX_MEM_VRAMA, xyz, sizeof xyz);

	glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_SIZE, iv);
	ck_assert_int_eq(iv[0], 4);
	glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_TYPE, iv);
	ck_assert_int_eq(iv[0], GL_FLOAT);
	glGetVertexAttribfv(3, GL_CURRENT_VERTEX_ATTRIB, fv);
	ck_assert(fv[0] == 0 && fv[1] == 0 && fv[2] == 0 && fv[3] == 1);
	glVertexAttribPointer(3, 2, GL_SHORT, GL_FALSE, 12, (const GLvoid *)(uintptr_t)4);
	glEnableVertexAttribArray(3);
	glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_SIZE, iv);
	ck_assert_int_eq(iv[0], 2);
	glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_TYPE, iv);
	ck_assert_int_eq(iv[0], GL_SHORT);
	glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_STRIDE, iv);
	ck_assert_int_eq(iv[0], 12);
	glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_ENABLED, iv);
	ck_assert_int_eq(iv[0], GL_TRUE);
	glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_NORMALIZED, iv);
	ck_assert_int_eq(iv[0], GL_FALSE);
	glGetVertexAttribfv(3, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING, fv);
	ck_assert(fv[0] == (GLfloat)b);
	glGetVertexAttribPointerv(3, GL_VERTEX_ATTRIB_ARRAY_POINTER, &ptr);
	ck_assert_ptr_eq(ptr, (GLvoid *)(uintptr_t)4);
	glVertexAttrib4f(5, 1.4f, -2.6f, 7.0f, 0.5f);
	glGetVertexAttribfv(5, GL_CURRENT_VERTEX_ATTRIB, fv);
	ck_assert(fv[0] == 1.4f && fv[1] == -2.6f && fv[2] == 7.0f && fv[3] == 0.5f);
	glGetVertexAttribiv(5, GL_CURRENT_VERTEX_ATTRIB, iv);
	ck_assert(iv[0] == 1 && iv[1] == -3 && iv[2] == 7 && iv[3] == 1);   /* rounded */
	ck_gl_error(GL_NO_ERROR);
	/* Errors write nothing. */
	iv[0] = 99;
	fv[0] = 99.0f;
	ptr = (GLvoid *)7;
	glGetVertexAttribiv(GL_CONTEXT_MAX_ATTRIBS, GL_VERTEX_ATTRIB_ARRAY_SIZE, iv);
	ck_gl_error(GL_INVALID_VALUE);
	glGetVertexAttribfv(0, GL_VERTEX_ATTRIB_ARRAY_POINTER, fv);
	ck_gl_error(GL_INVALID_ENUM);
	glGetVertexAttribPointerv(12, GL_VERTEX_ATTRIB_ARRAY_POINTER, &ptr);
	ck_gl_error(GL_INVALID_VALUE);
	glGetVertexAttribPointerv(0, GL_VERTEX_ATTRIB_ARRAY_SIZE, &ptr);
	ck_gl_error(GL_INVALID_ENUM);
	ck_assert(iv[0] == 99 && fv[0] == 99.0f && ptr == (GLvoid *)7);
}
END_TEST

START_TEST(test_query_texture_parameters)
{
	GLuint t;
	GLint v = 0;
	GLfloat f = 0;

	glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, &v);   /* texture 0 */
	ck_assert_int_eq(v, GL_NEAREST_MIPMAP_LINEAR);
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, &v);
	ck_assert_int_eq(v, GL_LINEAR);
	glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &f);
	ck_assert(f == (GLfloat)GL_REPEAT);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_MIRRORED_REPEAT);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_NEAREST);
	glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, &v);
	ck_assert_int_eq(v, GL_MIRRORED_REPEAT);
	glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, &f);
	ck_assert(f == (GLfloat)GL_LINEAR_MIPMAP_NEAREST);
	glActiveTexture(GL_TEXTURE1);                      /* the unit's own binding */
	glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, &v);
	ck_assert_int_eq(v, GL_NEAREST_MIPMAP_LINEAR);
	ck_gl_error(GL_NO_ERROR);
	v = 5;
	f = 5.0f;
	glGetTexParameteriv(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, &v);
	ck_gl_error(GL_INVALID_OPERATION);                      /* no cube map bound */
	glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_2D, &f);
	ck_gl_error(GL_INVALID_ENUM);
	ck_assert(v == 5 && f == 5.0f);
}
END_TEST

START_TEST(test_query_renderbuffer_and_attachment_parameters)
{
	GLuint rb, fb, t;
	GLint v = -1;

	glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, &v);
	ck_gl_error(GL_INVALID_OPERATION);                /* none bound */
	ck_assert_int_eq(v, -1);
	glGenRenderbuffers(1, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_INTERNAL_FORMAT, &v);
	ck_assert_int_eq(v, GL_RGBA4);                     /* initial */
	glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_RED_SIZE, &v);
	ck_assert_int_eq(v, 0);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8_EXT, 32, 16);
	glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, &v);
	ck_assert_int_eq(v, 32);
	glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_HEIGHT, &v);
	ck_assert_int_eq(v, 16);
	glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_INTERNAL_FORMAT, &v);
	ck_assert_int_eq(v, GL_DEPTH24_STENCIL8_EXT);
	glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_DEPTH_SIZE, &v);
	ck_assert_int_eq(v, 24);
	glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_STENCIL_SIZE, &v);
	ck_assert_int_eq(v, 8);
	glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_ALPHA_SIZE, &v);
	ck_assert_int_eq(v, 0);
	ck_gl_error(GL_NO_ERROR);
	glGetRenderbufferParameteriv(GL_FRAMEBUFFER, GL_RENDERBUFFER_WIDTH, &v);
	ck_gl_error(GL_INVALID_ENUM);
	glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_BINDING, &v);
	ck_gl_error(GL_INVALID_ENUM);
	ck_assert_int_eq(v, 0);

	v = -1;
	glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
					      GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
	ck_gl_error(GL_INVALID_OPERATION);                /* framebuffer 0 */
	ck_assert_int_eq(v, -1);
	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
					      GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
	ck_assert_int_eq(v, GL_NONE);
	glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
					      GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
	ck_gl_error(GL_INVALID_ENUM);                     /* nothing attached */
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb);
	glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
					      GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
	ck_assert_int_eq(v, GL_RENDERBUFFER);
	glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
					      GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
	ck_assert_int_eq(v, (GLint)rb);
	glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
					      GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL, &v);
	ck_gl_error(GL_INVALID_ENUM);                     /* a renderbuffer */
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
	ck_gl_error(GL_NO_ERROR);
	glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
					      GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
	ck_assert_int_eq(v, GL_TEXTURE);
	glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
					      GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
	ck_assert_int_eq(v, (GLint)t);
	v = 9;
	glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
					      GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL, &v);
	ck_assert_int_eq(v, 0);
	v = 9;
	glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
					      GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE, &v);
	ck_assert_int_eq(v, 0);
	ck_gl_error(GL_NO_ERROR);
	glGetFramebufferAttachmentParameteriv(GL_RENDERBUFFER, GL_COLOR_ATTACHMENT0,
					      GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
	ck_gl_error(GL_INVALID_ENUM);
	glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + 1,
					      GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
	ck_gl_error(GL_INVALID_ENUM);
	glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
					      GL_RENDERBUFFER_WIDTH, &v);
	ck_gl_error(GL_INVALID_ENUM);
	ck_assert_int_eq(v, 0);
}
END_TEST

START_TEST(test_query_program_introspection)
{
	struct fx_shader *s = shader_with_matrices();
	GLuint p = fx_program(s), q, attached[4] = { 0 };
	GLint n = -1, size = -1, count;
	GLenum type = 0;
	GLsizei len = -1, i;
	char name[32];
	bool seen_m3a = false, seen_loop = false;

	glGetProgramiv(p, GL_ACTIVE_ATTRIBUTES, &n);
	ck_assert_int_eq(n, 1);
	glGetActiveAttrib(p, 0, sizeof name, &len, &size, &type, name);
	ck_assert_str_eq(name, "aPosition");
	ck_assert_int_eq(len, 9);
	ck_assert_int_eq(size, 1);
	ck_assert_uint_eq(type, GL_FLOAT_VEC4);
	glGetActiveAttrib(p, 0, 4, &len, NULL, NULL, name);   /* cut: 3 and a NUL */
	ck_assert_str_eq(name, "aPo");
	ck_assert_int_eq(len, 3);
	glGetProgramiv(p, GL_ACTIVE_UNIFORMS, &count);
	ck_assert_int_eq(count, 6);
	for (i = 0; i < count; i++) {
		glGetActiveUniform(p, (GLuint)i, sizeof name, &len, &size, &type, name);
		ck_assert_int_eq(len, (GLsizei)strlen(name));
		ck_assert_int_ge(glGetUniformLocation(p, name), 0);
		if (strcmp(name, "m3a") == 0) {
			seen_m3a = true;
			ck_assert_int_eq(size, 6);
			ck_assert_uint_eq(type, GL_FLOAT_VEC4);
		} else if (strcmp(name, "uLoop") == 0) {
			seen_loop = true;
			ck_assert_int_eq(size, 1);
			ck_assert_uint_eq(type, GL_INT_VEC4);
		}
	}
	ck_assert(seen_m3a && seen_loop);
	ck_gl_error(GL_NO_ERROR);
	/* bufsize 0 writes no name; length 0. */
	name[0] = 'X';
	glGetActiveUniform(p, 0, 0, &len, NULL, NULL, name);
	ck_assert(name[0] == 'X' && len == 0);
	glGetAttachedShaders(p, 4, &n, attached);
	ck_assert_int_eq(n, 2);
	ck_assert(glIsShader(attached[0]));
	ck_assert_uint_eq(attached[1], (GLuint)GL_DMP_FRAGMENT_SHADER_DMP);
	glGetAttachedShaders(p, 1, &n, attached);
	ck_assert_int_eq(n, 1);
	glGetProgramInfoLog(p, sizeof name, &len, name);
	ck_assert(len == 0 && name[0] == '\0');
	glGetShaderInfoLog(attached[0], sizeof name, &len, name);
	ck_assert(len == 0 && name[0] == '\0');
	glGetShaderSource(attached[0], sizeof name, &len, name);
	ck_assert(len == 0 && name[0] == '\0');
	ck_gl_error(GL_NO_ERROR);

	/* Errors: nothing written. */
	q = glCreateProgram();                           /* not linked: no actives */
	len = 77;
	name[0] = 'Y';
	glGetActiveAttrib(q, 0, sizeof name, &len, NULL, NULL, name);
	ck_gl_error(GL_INVALID_VALUE);
	glGetActiveUniform(p, (GLuint)count, sizeof name, &len, NULL, NULL, name);
	ck_gl_error(GL_INVALID_VALUE);
	glGetActiveUniform(p, 0, -1, &len, NULL, NULL, name);
	ck_gl_error(GL_INVALID_VALUE);
	glGetActiveAttrib(attached[0], 0, sizeof name, &len, NULL, NULL, name);
	ck_gl_error(GL_INVALID_OPERATION);               /* a shader */
	glGetActiveAttrib(0x777, 0, sizeof name, &len, NULL, NULL, name);
	ck_gl_error(GL_INVALID_VALUE);                   /* no such object */
	glGetAttachedShaders(p, -1, &n, attached);
	ck_gl_error(GL_INVALID_VALUE);
	glGetAttachedShaders(attached[0], 4, &n, attached);
	ck_gl_error(GL_INVALID_OPERATION);
	glGetProgramInfoLog(attached[0], sizeof name, &len, name);
	ck_gl_error(GL_INVALID_OPERATION);
	glGetProgramInfoLog(p, -2, &len, name);
	ck_gl_error(GL_INVALID_VALUE);
	glGetShaderInfoLog(p, sizeof name, &len, name);
	ck_gl_error(GL_INVALID_OPERATION);
	glGetShaderSource(0, sizeof name, &len, name);
	ck_gl_error(GL_INVALID_VALUE);
	glGetShaderSource(attached[0], -1, &len, name);
	ck_gl_error(GL_INVALID_VALUE);
	ck_assert(len == 77 && name[0] == 'Y' && n == 1);
	fx_shader_free(s);
}
END_TEST

/* No shader compiler (ES 2.0, 2.10): GL_INVALID_OPERATION, whatever the
 * arguments, and nothing else changes. */
START_TEST(test_query_no_shader_compiler)
{
	static const GLchar *src[] = { "void main() {}" };
	struct state *before = malloc(sizeof *before);
	GLuint sh = glCreateShader(GL_VERTEX_SHADER);
	GLint range[2] = { 5, 5 }, precision = 5, status = -1;

	ck_assert_ptr_nonnull(before);
	state_take(before);
	glShaderSource(sh, 1, src, NULL);
	ck_gl_error(GL_INVALID_OPERATION);
	glCompileShader(sh);
	ck_gl_error(GL_INVALID_OPERATION);
	glGetShaderPrecisionFormat(GL_VERTEX_SHADER, GL_HIGH_FLOAT, range, &precision);
	ck_gl_error(GL_INVALID_OPERATION);
	ck_assert(range[0] == 5 && range[1] == 5 && precision == 5);
	glReleaseShaderCompiler();
	ck_gl_error(GL_INVALID_OPERATION);
	glGetShaderiv(sh, GL_COMPILE_STATUS, &status);
	ck_assert_int_eq(status, GL_FALSE);
	glGetShaderiv(sh, GL_SHADER_SOURCE_LENGTH, &status);
	ck_assert_int_eq(status, 0);
	state_assert_same(before);
	ck_gl_error(GL_NO_ERROR);
	free(before);
}
END_TEST

/* ---- OES_mapbuffer ----------------------------------------------------------------- */

/* The map is the buffer's storage: what is written through it is what the
 * GPU reads. */
START_TEST(test_query_map_buffer_writes_the_storage)
{
	static const uint8_t zero[16];
	GLuint b = fx_buffer(GL_ARRAY_BUFFER, NN_GX_MEM_VRAMB, zero, sizeof zero);
	const struct hw_memory *mem = &nngx_state_get()->gpu.memory;
	uint8_t *p;
	GLvoid *q = (GLvoid *)1;
	GLint v = -1;

	glGetBufferPointervOES(GL_ARRAY_BUFFER, GL_BUFFER_MAP_POINTER_OES, &q);
	ck_assert_ptr_null(q);
	glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_MAPPED_OES, &v);
	ck_assert_int_eq(v, GL_FALSE);
	glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_ACCESS_OES, &v);
	ck_assert_int_eq(v, GL_WRITE_ONLY_OES);
	p = glMapBufferOES(GL_ARRAY_BUFFER, GL_WRITE_ONLY_OES);
	ck_assert_ptr_nonnull(p);
	ck_gl_error(GL_NO_ERROR);
	p[3] = 0xA5;
	p[15] = 0x5A;
	ck_assert_uint_eq(((const uint8_t *)hw_memory_host((struct hw_memory *)mem,
			  nngxShimGetBufferAddress(b), 16))[3], 0xA5);
	glGetBufferPointervOES(GL_ARRAY_BUFFER, GL_BUFFER_MAP_POINTER_OES, &q);
	ck_assert_ptr_eq(q, p);
	glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_MAPPED_OES, &v);
	ck_assert_int_eq(v, GL_TRUE);
	/* Mapped twice: refused, still mapped. */
	ck_assert_ptr_null(glMapBufferOES(GL_ARRAY_BUFFER, GL_WRITE_ONLY_OES));
	ck_gl_error(GL_INVALID_OPERATION);
	ck_assert_uint_eq(glUnmapBufferOES(GL_ARRAY_BUFFER), GL_TRUE);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_uint_eq(glUnmapBufferOES(GL_ARRAY_BUFFER), GL_FALSE);
	ck_gl_error(GL_INVALID_OPERATION);
	glGetBufferPointervOES(GL_ARRAY_BUFFER, GL_BUFFER_MAP_POINTER_OES, &q);
	ck_assert_ptr_null(q);
	/* glBufferData replaces the store and unmaps. */
	ck_assert_ptr_nonnull(glMapBufferOES(GL_ARRAY_BUFFER, GL_WRITE_ONLY_OES));
	glBufferData(GL_ARRAY_BUFFER, 32, NULL, GL_STATIC_DRAW);
	glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_MAPPED_OES, &v);
	ck_assert_int_eq(v, GL_FALSE);
	ck_gl_error(GL_NO_ERROR);
}
END_TEST

START_TEST(test_query_map_buffer_errors)
{
	GLuint b;
	GLvoid *q = (GLvoid *)3;

	ck_assert_ptr_null(glMapBufferOES(GL_ARRAY_BUFFER, GL_WRITE_ONLY_OES));
	ck_gl_error(GL_INVALID_OPERATION);               /* nothing bound */
	glGenBuffers(1, &b);
	glBindBuffer(GL_ARRAY_BUFFER, b);
	ck_assert_ptr_null(glMapBufferOES(GL_ARRAY_BUFFER, GL_WRITE_ONLY_OES));
	ck_gl_error(GL_INVALID_OPERATION);               /* no data store */
	glBufferData(GL_ARRAY_BUFFER, 8, NULL, GL_STATIC_DRAW);
	ck_assert_ptr_null(glMapBufferOES(GL_ARRAY_BUFFER, 0x88B8 /* READ_ONLY */));
	ck_gl_error(GL_INVALID_ENUM);
	ck_assert_ptr_null(glMapBufferOES(GL_TEXTURE_2D, GL_WRITE_ONLY_OES));
	ck_gl_error(GL_INVALID_ENUM);
	ck_assert_uint_eq(glUnmapBufferOES(GL_TEXTURE_2D), GL_FALSE);
	ck_gl_error(GL_INVALID_ENUM);
	glGetBufferPointervOES(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &q);
	ck_gl_error(GL_INVALID_ENUM);
	glGetBufferPointervOES(GL_ELEMENT_ARRAY_BUFFER, GL_BUFFER_MAP_POINTER_OES, &q);
	ck_gl_error(GL_INVALID_OPERATION);
	ck_assert_ptr_eq(q, (GLvoid *)3);
	/* Nothing was mapped by the failures. */
	ck_assert_ptr_nonnull(glMapBufferOES(GL_ARRAY_BUFFER, GL_WRITE_ONLY_OES));
	glDeleteBuffers(1, &b);                          /* deleting unmaps */
	ck_gl_error(GL_NO_ERROR);
}
END_TEST

/* ---- glGetString -------------------------------------------------------------------- */

START_TEST(test_query_strings)
{
	const char *v = (const char *)glGetString(GL_VERSION);
	const char *sl = (const char *)glGetString(GL_SHADING_LANGUAGE_VERSION);
	const char *ext = (const char *)glGetString(GL_EXTENSIONS);

	ck_assert_ptr_nonnull(v);
	ck_assert(strncmp(v, "OpenGL ES 2.0 ", 14) == 0);
	ck_assert_ptr_nonnull(sl);
	ck_assert(strncmp(sl, "OpenGL ES GLSL ES 1.00", 22) == 0);
	ck_assert_str_eq((const char *)glGetString(GL_VENDOR), "libnngx");
	ck_assert_ptr_nonnull(strstr((const char *)glGetString(GL_RENDERER), "PICA200"));
	ck_assert_ptr_nonnull(ext);
	ck_assert_ptr_nonnull(strstr(ext, "GL_OES_compressed_ETC1_RGB8_texture"));
	ck_assert_ptr_nonnull(strstr(ext, "GL_OES_rgb8_rgba8"));
	ck_assert_ptr_nonnull(strstr(ext, "GL_OES_mapbuffer"));
	ck_assert(ext[0] != ' ' && ext[strlen(ext) - 1] != ' ');
	ck_gl_error(GL_NO_ERROR);
}
END_TEST

/* ---- errors: each records its code and changes nothing ----------------------------- */

enum bad_call {
	BAD_GETSTRING, BAD_GETINTEGER, BAD_GETFLOAT, BAD_GETBOOLEAN, BAD_GET_DMP_MISSING,
	BAD_LINEWIDTH_ZERO, BAD_LINEWIDTH_NEGATIVE, BAD_LINEWIDTH_NAN,
	BAD_HINT_TARGET, BAD_HINT_MODE, BAD_PIXELSTORE_PNAME, BAD_PIXELSTORE_ZERO,
	BAD_PIXELSTORE_THREE, BAD_PIXELSTORE_SIXTEEN, BAD_FUNCSEP_FACE, BAD_FUNCSEP_FUNC,
	BAD_OPSEP_FACE, BAD_OPSEP_OP, BAD_MASKSEP_FACE, BAD_BLOCKMODE, BAD_COUNT
};

static const struct {
	enum bad_call call;
	GLenum code;
} bad_calls[] = {
	{ BAD_GETSTRING, GL_INVALID_ENUM }, { BAD_GETINTEGER, GL_INVALID_ENUM },
	{ BAD_GETFLOAT, GL_INVALID_ENUM }, { BAD_GETBOOLEAN, GL_INVALID_ENUM },
	{ BAD_GET_DMP_MISSING, GL_INVALID_ENUM },
	{ BAD_LINEWIDTH_ZERO, GL_INVALID_VALUE }, { BAD_LINEWIDTH_NEGATIVE, GL_INVALID_VALUE },
	{ BAD_LINEWIDTH_NAN, GL_INVALID_VALUE },
	{ BAD_HINT_TARGET, GL_INVALID_ENUM }, { BAD_HINT_MODE, GL_INVALID_ENUM },
	{ BAD_PIXELSTORE_PNAME, GL_INVALID_ENUM }, { BAD_PIXELSTORE_ZERO, GL_INVALID_VALUE },
	{ BAD_PIXELSTORE_THREE, GL_INVALID_VALUE }, { BAD_PIXELSTORE_SIXTEEN, GL_INVALID_VALUE },
	{ BAD_FUNCSEP_FACE, GL_INVALID_ENUM }, { BAD_FUNCSEP_FUNC, GL_INVALID_ENUM },
	{ BAD_OPSEP_FACE, GL_INVALID_ENUM }, { BAD_OPSEP_OP, GL_INVALID_ENUM },
	{ BAD_MASKSEP_FACE, GL_INVALID_ENUM }, { BAD_BLOCKMODE, GL_INVALID_ENUM },
};

static void bad_run(enum bad_call call)
{
	GLint iv[SLOTS] = { 99, 99 };
	GLfloat fv[SLOTS] = { 99.0f };
	GLboolean bv[SLOTS] = { 99 };

	switch (call) {
	case BAD_GETSTRING: ck_assert_ptr_null(glGetString(0x1F04)); break;
	case BAD_GETINTEGER: glGetIntegerv(0x0B20 /* GL_LINE_SMOOTH, desktop only */, iv); break;
	case BAD_GETFLOAT: glGetFloatv(GL_TEXTURE_2D, fv); break;
	case BAD_GETBOOLEAN: glGetBooleanv(GL_NONE, bv); break;
	case BAD_GET_DMP_MISSING: glGetIntegerv(GL_EARLY_DEPTH_BUFFER_BIT_DMP, iv); break;
	case BAD_LINEWIDTH_ZERO: glLineWidth(0.0f); break;
	case BAD_LINEWIDTH_NEGATIVE: glLineWidth(-2.0f); break;
	case BAD_LINEWIDTH_NAN: glLineWidth(nanf("")); break;
	case BAD_HINT_TARGET: glHint(GL_NICEST, GL_NICEST); break;
	case BAD_HINT_MODE: glHint(GL_GENERATE_MIPMAP_HINT, GL_GENERATE_MIPMAP_HINT); break;
	case BAD_PIXELSTORE_PNAME: glPixelStorei(GL_TEXTURE_2D, 4); break;
	case BAD_PIXELSTORE_ZERO: glPixelStorei(GL_PACK_ALIGNMENT, 0); break;
	case BAD_PIXELSTORE_THREE: glPixelStorei(GL_UNPACK_ALIGNMENT, 3); break;
	case BAD_PIXELSTORE_SIXTEEN: glPixelStorei(GL_PACK_ALIGNMENT, 16); break;
	case BAD_FUNCSEP_FACE: glStencilFuncSeparate(GL_FRONT_FACE, GL_LESS, 1, 1); break;
	case BAD_FUNCSEP_FUNC: glStencilFuncSeparate(GL_BACK, GL_KEEP, 1, 1); break;
	case BAD_OPSEP_FACE: glStencilOpSeparate(GL_CW, GL_ZERO, GL_ZERO, GL_ZERO); break;
	case BAD_OPSEP_OP: glStencilOpSeparate(GL_FRONT, GL_ZERO, GL_NEVER, GL_ZERO); break;
	case BAD_MASKSEP_FACE: glStencilMaskSeparate(GL_CCW, 0); break;
	case BAD_BLOCKMODE: glRenderBlockModeDMP(GL_RENDER_BLOCK_MODE_DMP); break;
	case BAD_COUNT: break;
	}
	/* A failing query writes nothing. */
	ck_assert(iv[0] == 99 && iv[1] == 99 && fv[0] == 99.0f && bv[0] == 99);
}

START_TEST(test_query_errors_change_nothing)
{
	struct state *before = malloc(sizeof *before);

	ck_assert_ptr_nonnull(before);
	/* Not the defaults, so a reset to them would show. */
	glLineWidth(3.0f);
	glHint(GL_GENERATE_MIPMAP_HINT, GL_FASTEST);
	glPixelStorei(GL_PACK_ALIGNMENT, 2);
	glStencilFuncSeparate(GL_FRONT, GL_EQUAL, 3, 0x0F);
	glStencilOpSeparate(GL_BACK, GL_DECR, GL_INCR, GL_ZERO);
	glStencilMaskSeparate(GL_FRONT_AND_BACK, 0x77);
	glRenderBlockModeDMP(GL_RENDER_BLOCK32_MODE_DMP);
	ck_gl_error(GL_NO_ERROR);
	state_take(before);
	ck_gl_error(GL_NO_ERROR);
	bad_run(bad_calls[_i].call);
	ck_assert_msg(glGetError() == bad_calls[_i].code, "bad call %d", (int)bad_calls[_i].call);
	state_assert_same(before);
	ck_gl_error(GL_NO_ERROR);
	free(before);
}
END_TEST

/* A NULL params: diagnosed, no GL error, nothing else. */
START_TEST(test_query_null_params_is_diagnosed)
{
	GLuint before = nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_ARGUMENT);

	glGetIntegerv(GL_VIEWPORT, NULL);
	glGetFloatv(GL_VIEWPORT, NULL);
	glGetBooleanv(GL_VIEWPORT, NULL);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_ARGUMENT), before + 3);
	glGetIntegerv(0x9999, NULL);                     /* the enum is checked first */
	ck_gl_error(GL_INVALID_ENUM);
}
END_TEST

/* glLineWidth, glHint and glSampleCoverage keep their state but act on
 * nothing the model draws: CALL_NOT_MODELLED once per function. */
START_TEST(test_query_not_modelled_once_per_function)
{
	GLint id = NNGX_SHIM_DIAG_CALL_NOT_MODELLED;
	GLuint base = nngxShimGetDiagCount(id);

	glLineWidth(2.0f);
	glLineWidth(3.0f);
	ck_assert_uint_eq(nngxShimGetDiagCount(id), base + 1);
	glHint(GL_GENERATE_MIPMAP_HINT, GL_FASTEST);
	glHint(GL_GENERATE_MIPMAP_HINT, GL_NICEST);
	ck_assert_uint_eq(nngxShimGetDiagCount(id), base + 2);
	glSampleCoverage(0.5f, GL_TRUE);
	glSampleCoverage(0.5f, GL_FALSE);
	ck_assert_uint_eq(nngxShimGetDiagCount(id), base + 3);
	/* Calls the model does act on say nothing: both block modes are
	 * modelled. */
	glRenderBlockModeDMP(GL_RENDER_BLOCK8_MODE_DMP);
	glRenderBlockModeDMP(GL_RENDER_BLOCK32_MODE_DMP);
	glRenderBlockModeDMP(GL_RENDER_BLOCK8_MODE_DMP);
	glPolygonOffset(1.0f, 1.0f);
	glPixelStorei(GL_UNPACK_ALIGNMENT, 2);
	glStencilMaskSeparate(GL_BACK, 1);
	ck_assert_uint_eq(nngxShimGetDiagCount(id), base + 3);
	ck_gl_error(GL_NO_ERROR);
}
END_TEST

static Suite *query_suite(void)
{
	Suite *s = suite_create("gl_query");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, test_query_every_pname_writes_exactly_its_count);
	tcase_add_test(tc, test_query_initial_values);
	tcase_add_test(tc, test_query_implementation_limits);
	tcase_add_test(tc, test_query_bits_follow_the_framebuffer);
	tcase_add_test(tc, test_query_round_trips);
	tcase_add_test(tc, test_query_current_program);
	tcase_add_test(tc, test_query_float_to_integer_conversions);
	tcase_add_loop_test(tc, test_query_stencil_separate_sets_the_one_state, 0,
			    (int)(sizeof faces / sizeof faces[0]));
	tcase_add_test(tc, test_query_pack_alignment_pads_read_rows);
	tcase_add_test(tc, test_query_uniform_matrix2_and_3_rows);
	tcase_add_loop_test(tc, test_query_uniform_matrix_errors_change_nothing, 0,
			    (int)(sizeof bad_matrices / sizeof bad_matrices[0]));
	tcase_add_test(tc, test_query_buffer_parameters);
	tcase_add_test(tc, test_query_vertex_attributes);
	tcase_add_test(tc, test_query_texture_parameters);
	tcase_add_test(tc, test_query_renderbuffer_and_attachment_parameters);
	tcase_add_test(tc, test_query_program_introspection);
	tcase_add_test(tc, test_query_no_shader_compiler);
	tcase_add_test(tc, test_query_map_buffer_writes_the_storage);
	tcase_add_test(tc, test_query_map_buffer_errors);
	tcase_add_test(tc, test_query_strings);
	tcase_add_loop_test(tc, test_query_errors_change_nothing, 0,
			    (int)(sizeof bad_calls / sizeof bad_calls[0]));
	tcase_add_test(tc, test_query_null_params_is_diagnosed);
	tcase_add_test(tc, test_query_not_modelled_once_per_function);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(query_suite());
}
