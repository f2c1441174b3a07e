/* check_gl_more.c: the rest of the SDK's GL surface: the texture level
 * queries (glGetTexLevelParameter{i,f}v), the calls the model does not
 * act on (glPolygonMode, glGetQueryObjectfv, the OES_EGL_image calls,
 * glSave*DMP / glRestore*DMP),
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
	{ GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, GL_TEXTURE_WIDTH, GL_INVALID_OPERATION }, /* no cube */
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

/* ---- glGenerateMipmap ----------------------------------------------------------- */

/* The stored bytes of texel (x, y) of `level` of texture `name`. */
static const uint8_t *texel_of(GLuint name, unsigned level, unsigned x, unsigned y)
{
	const struct gl_texture *t = gl_texture_find(&nngx_state_get()->gl, name);
	const uint8_t *host;

	ck_assert_ptr_nonnull(t);
	host = nngxShimGetHostPointer(t->hw.phys);
	ck_assert_ptr_nonnull(host);
	return host + (hw_texture_texel_address(&t->hw, level, x, y) - t->hw.phys);
}

static unsigned avg4(unsigned a, unsigned b, unsigned c, unsigned d)
{
	return (a + b + c + d + 2) / 4;
}

/* RGBA8 32x32: levels 1 (16x16) and 2 (8x8) are the 2x2 boxes, computed
 * here from the GL image, component by component. */
START_TEST(test_more_mipmap_rgba8_box_filter)
{
	static uint8_t img[3][32 * 32 * 4];        /* level k, GL order R, G, B, A */
	GLuint name;
	unsigned level, x, y, c, bad = 0;

	for (y = 0; y < 32; y++)
		for (x = 0; x < 32; x++) {
			uint8_t *p = &img[0][(y * 32 + x) * 4];
			p[0] = (uint8_t)(x * 8 + y);
			p[1] = (uint8_t)(y * 7 + (x & 3) * 50);
			p[2] = (uint8_t)((x * y) ^ 0x5A);
			p[3] = (uint8_t)(255 - x - 3 * y);
		}
	for (level = 1; level < 3; level++) {
		unsigned w = 32 >> level;

		for (y = 0; y < w; y++)
			for (x = 0; x < w; x++)
				for (c = 0; c < 4; c++) {
					const uint8_t *s = img[level - 1];
					unsigned sw = 2 * w;
					img[level][(y * w + x) * 4 + c] = (uint8_t)avg4(
						s[((2 * y) * sw + 2 * x) * 4 + c],
						s[((2 * y) * sw + 2 * x + 1) * 4 + c],
						s[((2 * y + 1) * sw + 2 * x) * 4 + c],
						s[((2 * y + 1) * sw + 2 * x + 1) * 4 + c]);
				}
	}
	glGenTextures(1, &name);
	glBindTexture(GL_TEXTURE_2D, name);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 32, 32, 0, GL_RGBA, GL_UNSIGNED_BYTE, img[0]);
	ck_assert_int_eq(level_i(1, GL_TEXTURE_WIDTH), 0);
	glGenerateMipmap(GL_TEXTURE_2D);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_int_eq(level_i(1, GL_TEXTURE_WIDTH), 16);
	ck_assert_int_eq(level_i(2, GL_TEXTURE_HEIGHT), 8);
	ck_assert_int_eq(level_i(2, GL_TEXTURE_INTERNAL_FORMAT), GL_RGBA);
	ck_assert_int_eq(level_i(3, GL_TEXTURE_WIDTH), 0);          /* the chain ends at 8 */
	for (level = 0; level < 3; level++) {
		unsigned w = 32 >> level;

		for (y = 0; y < w; y++)
			for (x = 0; x < w; x++) {
				const uint8_t *p = texel_of(name, level, x, y);   /* A, B, G, R */
				const uint8_t *e = &img[level][(y * w + x) * 4];

				bad += p[3] != e[0] || p[2] != e[1] || p[1] != e[2] || p[0] != e[3];
			}
	}
	ck_assert_uint_eq(bad, 0);
	glDeleteTextures(1, &name);
}
END_TEST

/* RGB5A1 (fields of 5, 5, 5 and 1 bits) and I4 (nibbles): each component
 * averaged in its own precision. */
START_TEST(test_more_mipmap_packed_formats)
{
	static uint16_t px[16 * 16];
	static uint8_t nib[16 * 16 / 2];
	GLuint name[2];
	unsigned x, y, bad = 0;

	for (y = 0; y < 16; y++)
		for (x = 0; x < 16; x++) {
			unsigned r = (x * 2 + y) & 31, g = (x * y) & 31, b = (31 - x) & 31;
			unsigned a = (x + y) % 3 == 0;
			unsigned k = y * 16 + x;

			px[k] = (uint16_t)(r << 11 | g << 6 | b << 1 | a);
			nib[k / 2] |= (uint8_t)(((x + 5 * y) & 15) << (k % 2 ? 4 : 0));
		}
	glGenTextures(2, name);
	glBindTexture(GL_TEXTURE_2D, name[0]);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 16, 16, 0, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, px);
	glGenerateMipmap(GL_TEXTURE_2D);
	glBindTexture(GL_TEXTURE_2D, name[1]);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE, 16, 16, 0, GL_LUMINANCE,
		     GL_UNSIGNED_4BITS_DMP, nib);
	glGenerateMipmap(GL_TEXTURE_2D);
	ck_gl_error(GL_NO_ERROR);
	for (y = 0; y < 8; y++)
		for (x = 0; x < 8; x++) {
			const uint8_t *p = texel_of(name[0], 1, x, y);
			unsigned got = p[0] | p[1] << 8, want = 0, f;
			static const unsigned shift[] = { 11, 6, 1, 0 }, mask[] = { 31, 31, 31, 1 };
			unsigned q[4], n[4], i;

			q[0] = px[2 * y * 16 + 2 * x];
			q[1] = px[2 * y * 16 + 2 * x + 1];
			q[2] = px[(2 * y + 1) * 16 + 2 * x];
			q[3] = px[(2 * y + 1) * 16 + 2 * x + 1];
			for (f = 0; f < 4; f++)
				want |= avg4(q[0] >> shift[f] & mask[f], q[1] >> shift[f] & mask[f],
					     q[2] >> shift[f] & mask[f],
					     q[3] >> shift[f] & mask[f]) << shift[f];
			bad += got != want;
			for (i = 0; i < 4; i++) {
				unsigned xx = 2 * x + i % 2, yy = 2 * y + i / 2;
				n[i] = (xx + 5 * yy) & 15;
			}
			p = texel_of(name[1], 1, x, y);
			bad += (unsigned)(x % 2 ? p[0] >> 4 : p[0] & 15) != avg4(n[0], n[1], n[2], n[3]);
		}
	ck_assert_uint_eq(bad, 0);
	glDeleteTextures(2, name);
}
END_TEST

/* The errors change nothing: no level 1 appears, level 0 is kept. */
START_TEST(test_more_mipmap_errors)
{
	static uint8_t etc[16 * 16 / 2];
	GLuint name[3];

	glGenTextures(3, name);
	glBindTexture(GL_TEXTURE_2D, name[0]);             /* no image */
	glGenerateMipmap(GL_TEXTURE_2D);
	ck_gl_error(GL_INVALID_OPERATION);
	ck_assert_int_eq(level_i(0, GL_TEXTURE_WIDTH), 0);
	glBindTexture(GL_TEXTURE_2D, name[1]);             /* compressed */
	memset(etc, 0xA5, sizeof etc);
	glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_ETC1_RGB8_NATIVE_DMP, 16, 16, 0,
			       (GLsizei)sizeof etc, etc);
	ck_gl_error(GL_NO_ERROR);
	glGenerateMipmap(GL_TEXTURE_2D);
	ck_gl_error(GL_INVALID_OPERATION);
	ck_assert_int_eq(level_i(1, GL_TEXTURE_WIDTH), 0);
	ck_assert_uint_eq(texel_of(name[1], 1, 0, 0)[0], 0);
	glBindTexture(GL_TEXTURE_2D, name[2]);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_ALPHA, 16, 16, 0, GL_ALPHA, GL_UNSIGNED_BYTE, NULL);
	glGenerateMipmap(GL_TEXTURE_CUBE_MAP);
	ck_gl_error(GL_INVALID_OPERATION);                      /* no cube map bound */
	glGenerateMipmap(GL_TEXTURE_CUBE_MAP_POSITIVE_X);
	ck_gl_error(GL_INVALID_ENUM);
	glGenerateMipmap(0);
	ck_gl_error(GL_INVALID_ENUM);
	ck_assert_int_eq(level_i(1, GL_TEXTURE_WIDTH), 0);
	/* An 8x8 texture has no level below: nothing to do, no error. */
	glTexImage2D(GL_TEXTURE_2D, 0, GL_ALPHA, 8, 8, 0, GL_ALPHA, GL_UNSIGNED_BYTE, NULL);
	glGenerateMipmap(GL_TEXTURE_2D);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_int_eq(level_i(1, GL_TEXTURE_WIDTH), 0);
	glDeleteTextures(3, name);
}
END_TEST

/* ---- calls the model does not act on ------------------------------------------ */

/* The whole state a wrong call could touch here: the bound texture's
 * level 0, the bound renderbuffer's size, and a few queries. */
struct more_state {
	GLint tex_w, tex_fmt, rb_w, rb_fmt, viewport[4], cull, tex_binding, rb_binding;
};

static void more_state_take(struct more_state *m)
{
	memset(m, 0, sizeof *m);
	glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &m->tex_w);
	glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &m->tex_fmt);
	glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, &m->rb_w);
	glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_INTERNAL_FORMAT, &m->rb_fmt);
	glGetIntegerv(GL_VIEWPORT, m->viewport);
	glGetIntegerv(GL_CULL_FACE_MODE, &m->cull);
	glGetIntegerv(GL_TEXTURE_BINDING_2D, &m->tex_binding);
	glGetIntegerv(GL_RENDERBUFFER_BINDING, &m->rb_binding);
	ck_gl_error(GL_NO_ERROR);
}

static void more_objects(GLuint *t, GLuint *rb)
{
	glGenTextures(1, t);
	glBindTexture(GL_TEXTURE_2D, *t);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	glGenRenderbuffers(1, rb);
	glBindRenderbuffer(GL_RENDERBUFFER, *rb);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA4, 32, 8);
	ck_gl_error(GL_NO_ERROR);
}

static const struct {
	int call;
	GLenum target;
	GLenum error;
} bad_images[] = {
	{ 0, GL_TEXTURE_2D, GL_INVALID_OPERATION },
	{ 0, GL_TEXTURE_CUBE_MAP, GL_INVALID_ENUM },
	{ 0, GL_RENDERBUFFER, GL_INVALID_ENUM },
	{ 1, GL_RENDERBUFFER, GL_INVALID_OPERATION },
	{ 1, GL_TEXTURE_2D, GL_INVALID_ENUM },
	{ 1, GL_FRAMEBUFFER, GL_INVALID_ENUM },
};

/* No EGL: the target is checked, then no image is valid. */
START_TEST(test_more_egl_image_is_never_valid)
{
	struct more_state before, after;
	GLuint t, rb;
	int dummy = 0;
	GLeglImageOES images[] = { NULL, &dummy };
	size_t k;

	more_objects(&t, &rb);
	more_state_take(&before);
	for (k = 0; k < 2; k++) {
		if (bad_images[_i].call == 0)
			glEGLImageTargetTexture2DOES(bad_images[_i].target, images[k]);
		else
			glEGLImageTargetRenderbufferStorageOES(bad_images[_i].target, images[k]);
		ck_gl_error(bad_images[_i].error);
		ck_gl_error(GL_NO_ERROR);
	}
	more_state_take(&after);
	ck_assert(memcmp(&before, &after, sizeof before) == 0);
	ck_assert_int_eq(after.tex_w, 16);
	ck_assert_int_eq(after.rb_w, 32);
	glDeleteRenderbuffers(1, &rb);
	glDeleteTextures(1, &t);
}
END_TEST

/* No query objects: every id is GL_INVALID_OPERATION, params kept. */
START_TEST(test_more_query_object_is_never_valid)
{
	static const GLuint ids[] = { 0, 1, 2, 0xFFFFFFFFu };
	GLuint t, rb;
	struct more_state before, after;
	GLfloat f = 3.5f;
	size_t k;

	more_objects(&t, &rb);          /* names 1 exist, of other kinds */
	more_state_take(&before);
	for (k = 0; k < sizeof ids / sizeof ids[0]; k++) {
		glGetQueryObjectfv(ids[k], 0x8866 /* GL_QUERY_RESULT */, &f);
		ck_gl_error(GL_INVALID_OPERATION);
		glGetQueryObjectfv(ids[k], 0x8867 /* GL_QUERY_RESULT_AVAILABLE */, &f);
		ck_gl_error(GL_INVALID_OPERATION);
		ck_gl_error(GL_NO_ERROR);
	}
	glGetQueryObjectfv(1, 0x8866, NULL);
	ck_gl_error(GL_INVALID_OPERATION);
	ck_assert(f == 3.5f);
	more_state_take(&after);
	ck_assert(memcmp(&before, &after, sizeof before) == 0);
	glDeleteRenderbuffers(1, &rb);
	glDeleteTextures(1, &t);
}
END_TEST

/* glPolygonMode: no GL error, nothing changed, CALL_NOT_MODELLED once. */
START_TEST(test_more_polygon_mode_is_not_modelled)
{
	GLint id = NNGX_SHIM_DIAG_CALL_NOT_MODELLED;
	GLuint base = nngxShimGetDiagCount(id);
	struct more_state before, after;
	GLuint t, rb;

	more_objects(&t, &rb);
	glCullFace(GL_FRONT);
	more_state_take(&before);
	glPolygonMode(GL_FRONT_AND_BACK, 0x1B01 /* GL_LINE */);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_uint_eq(nngxShimGetDiagCount(id), base + 1);
	glPolygonMode(GL_BACK, 0x1B02 /* GL_FILL */);
	glPolygonMode(0x1234, 0x5678);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_uint_eq(nngxShimGetDiagCount(id), base + 1);
	more_state_take(&after);
	ck_assert(memcmp(&before, &after, sizeof before) == 0);
	/* Once again after a power-on. */
	nngxShimReset();
	glPolygonMode(GL_FRONT_AND_BACK, 0x1B01);
	ck_assert_uint_eq(nngxShimGetDiagCount(id), 1);
	glDeleteRenderbuffers(1, &rb);
	glDeleteTextures(1, &t);
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
	tcase_add_test(tc, test_more_mipmap_rgba8_box_filter);
	tcase_add_test(tc, test_more_mipmap_packed_formats);
	tcase_add_test(tc, test_more_mipmap_errors);
	tcase_add_loop_test(tc, test_more_egl_image_is_never_valid, 0,
			    (int)(sizeof bad_images / sizeof bad_images[0]));
	tcase_add_test(tc, test_more_query_object_is_never_valid);
	tcase_add_test(tc, test_more_polygon_mode_is_not_modelled);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(more_suite());
}
