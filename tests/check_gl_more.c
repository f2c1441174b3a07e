/* check_gl_more.c: the rest of the SDK's GL surface: the texture level
 * queries (glGetTexLevelParameter{i,f}v), the calls the model does not
 * act on (glPolygonMode, glGetQueryObjectfv, the OES_EGL_image calls),
 * and the core tokens. Every error case is checked to leave the error
 * flag as the rule says and to change nothing else. */
#define GL_GLEXT_PROTOTYPES
#include <stdlib.h>
#include <string.h>

#include "gl_fixture.h"
#include "hw/hw_texture.h"

#define ck_gl_error(code) ck_assert_uint_eq(glGetError(), (code))

static void setup(void)
{
	fx_reset();
}

/* ---- tokens ---------------------------------------------------------------- */

START_TEST(test_more_core_tokens)
{
	ck_assert_int_eq(GL_FRAGMENT_SHADER_DERIVATIVE_HINT, 0x8B8B);
	ck_assert_int_eq(GL_PLATFORM_BINARY, 0x8D63);
	ck_assert_int_eq(GL_FRAMEBUFFER_INCOMPLETE_FORMATS, 0x8CDA);
	ck_assert_int_eq(GL_TEXTURE_WIDTH, 0x1000);
	ck_assert_int_eq(GL_TEXTURE_HEIGHT, 0x1001);
	ck_assert_int_eq(GL_TEXTURE_INTERNAL_FORMAT, 0x1003);
}
END_TEST

/* ---- glGetTexLevelParameter{i,f}v ---------------------------------------------- */

static GLint level_i(GLint level, GLenum pname)
{
	GLint v = -7;

	glGetTexLevelParameteriv(GL_TEXTURE_2D, level, pname, &v);
	ck_gl_error(GL_NO_ERROR);
	return v;
}

static GLfloat level_f(GLint level, GLenum pname)
{
	GLfloat v = -7.0f;

	glGetTexLevelParameterfv(GL_TEXTURE_2D, level, pname, &v);
	ck_gl_error(GL_NO_ERROR);
	return v;
}

START_TEST(test_more_level_parameters)
{
	GLuint t[2];
	GLint k;

	/* Texture 0 without an image: every level reads 0. */
	for (k = 0; k <= 10; k++) {
		ck_assert_int_eq(level_i(k, GL_TEXTURE_WIDTH), 0);
		ck_assert_int_eq(level_i(k, GL_TEXTURE_INTERNAL_FORMAT), 0);
	}
	glGenTextures(2, t);
	glBindTexture(GL_TEXTURE_2D, t[0]);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 64, 16, 0, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, NULL);
	glTexImage2D(GL_TEXTURE_2D, 2, GL_RGB, 16, 4, 0, GL_RGB,
		     GL_UNSIGNED_SHORT_5_6_5, NULL);
	ck_gl_error(GL_INVALID_VALUE);                   /* 16 x 4: below the unit's 8 */
	glTexImage2D(GL_TEXTURE_2D, 1, GL_RGB, 32, 8, 0, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, NULL);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_int_eq(level_i(0, GL_TEXTURE_WIDTH), 64);
	ck_assert_int_eq(level_i(0, GL_TEXTURE_HEIGHT), 16);
	ck_assert_int_eq(level_i(0, GL_TEXTURE_INTERNAL_FORMAT), GL_RGB);
	ck_assert_int_eq(level_i(1, GL_TEXTURE_WIDTH), 32);
	ck_assert_int_eq(level_i(1, GL_TEXTURE_HEIGHT), 8);
	ck_assert(level_f(1, GL_TEXTURE_WIDTH) == 32.0f);
	ck_assert(level_f(0, GL_TEXTURE_HEIGHT) == 16.0f);
	ck_assert(level_f(1, GL_TEXTURE_INTERNAL_FORMAT) == (GLfloat)GL_RGB);
	/* Level 2 has room in the chain but no image; level 3 has no room. */
	ck_assert_int_eq(level_i(2, GL_TEXTURE_WIDTH), 0);
	ck_assert_int_eq(level_i(2, GL_TEXTURE_HEIGHT), 0);
	ck_assert_int_eq(level_i(3, GL_TEXTURE_INTERNAL_FORMAT), 0);
	ck_assert(level_f(10, GL_TEXTURE_WIDTH) == 0.0f);
	/* The active unit's binding is the one read. */
	glActiveTexture(GL_TEXTURE1);
	glBindTexture(GL_TEXTURE_2D, t[1]);
	glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_ETC1_RGB8_NATIVE_DMP, 8, 8, 0, 32, NULL);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_int_eq(level_i(0, GL_TEXTURE_INTERNAL_FORMAT), GL_ETC1_RGB8_NATIVE_DMP);
	ck_assert_int_eq(level_i(0, GL_TEXTURE_WIDTH), 8);
	glActiveTexture(GL_TEXTURE0);
	ck_assert_int_eq(level_i(0, GL_TEXTURE_WIDTH), 64);
	/* A new level-0 size makes new storage: level 1 is gone. */
	glTexImage2D(GL_TEXTURE_2D, 0, GL_ALPHA, 8, 8, 0, GL_ALPHA, GL_UNSIGNED_BYTE, NULL);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_int_eq(level_i(0, GL_TEXTURE_INTERNAL_FORMAT), GL_ALPHA);
	ck_assert_int_eq(level_i(1, GL_TEXTURE_WIDTH), 0);
	glDeleteTextures(2, t);
}
END_TEST

/* Each error: the flag, and params untouched. */
static const struct {
	GLenum target;
	GLint level;
	GLenum pname;
	GLenum error;
} bad_levels[] = {
	{ GL_TEXTURE_CUBE_MAP, 0, GL_TEXTURE_WIDTH, GL_INVALID_ENUM },
	{ GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, GL_TEXTURE_WIDTH, GL_INVALID_ENUM },
	{ GL_TEXTURE_BINDING_2D, 0, GL_TEXTURE_WIDTH, GL_INVALID_ENUM },
	{ GL_TEXTURE_2D, 0, GL_TEXTURE_MIN_FILTER, GL_INVALID_ENUM },
	{ GL_TEXTURE_2D, 0, 0x1002, GL_INVALID_ENUM },
	{ GL_TEXTURE_2D, -1, GL_TEXTURE_WIDTH, GL_INVALID_VALUE },
	{ GL_TEXTURE_2D, 11, GL_TEXTURE_HEIGHT, GL_INVALID_VALUE },
	{ GL_TEXTURE_2D, 11, 0x1002, GL_INVALID_ENUM },           /* the enum first */
};

START_TEST(test_more_level_parameter_errors)
{
	GLuint t;
	GLint v = 1234;
	GLfloat f = 1234.0f;

	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	ck_gl_error(GL_NO_ERROR);
	glGetTexLevelParameteriv(bad_levels[_i].target, bad_levels[_i].level,
				 bad_levels[_i].pname, &v);
	ck_gl_error(bad_levels[_i].error);
	ck_gl_error(GL_NO_ERROR);
	glGetTexLevelParameterfv(bad_levels[_i].target, bad_levels[_i].level,
				 bad_levels[_i].pname, &f);
	ck_gl_error(bad_levels[_i].error);
	ck_assert_int_eq(v, 1234);
	ck_assert(f == 1234.0f);
	ck_assert_int_eq(level_i(0, GL_TEXTURE_WIDTH), 8);         /* nothing else changed */
	glDeleteTextures(1, &t);
}
END_TEST

START_TEST(test_more_level_parameter_null_params)
{
	GLuint before = nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_ARGUMENT);

	glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, NULL);
	glGetTexLevelParameterfv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, NULL);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_ARGUMENT), before + 2);
	glGetTexLevelParameteriv(GL_TEXTURE_2D, -1, GL_TEXTURE_WIDTH, NULL);
	ck_gl_error(GL_INVALID_VALUE);                   /* the GL checks come first */
}
END_TEST

static Suite *more_suite(void)
{
	Suite *s = suite_create("gl_more");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, test_more_core_tokens);
	tcase_add_test(tc, test_more_level_parameters);
	tcase_add_loop_test(tc, test_more_level_parameter_errors, 0,
			    (int)(sizeof bad_levels / sizeof bad_levels[0]));
	tcase_add_test(tc, test_more_level_parameter_null_params);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(more_suite());
}
