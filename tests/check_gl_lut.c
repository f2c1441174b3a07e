/* check_gl_lut.c: lookup-table textures (GL_LUT_TEXTURE0_DMP + i):
 * glBindTexture on the 32 binding points, glTexImage1D and
 * glTexSubImage1D (one format: GL_LUMINANCEF_DMP entries of GL_FLOAT, 0
 * to 512 of them, level 0, border 0), the binding and limit queries, the
 * level queries, the kind of a texture object (a table or a 2D texture,
 * never both), and the model choice that draws do not read the tables
 * (LUT_NOT_MODELLED once after each power-on). Every bad input is a row
 * of a table, checked to record its error and change nothing else. */
#include <stdlib.h>
#include <string.h>

#include "gl_fixture.h"
#include "hw/hw_alloc.h"

#define ck_gl_error(code) ck_assert_uint_eq(glGetError(), (code))

#define LUTS 32
#define ENTRIES 512

static void setup(void)
{
	fx_reset();
}

static const struct gl_texture *tex_of(GLuint name)
{
	const struct gl_texture *t = gl_texture_find(&nngx_state_get()->gl, name);

	ck_assert_ptr_nonnull(t);
	return t;
}

static GLint get_int(GLenum pname)
{
	GLint v = -7;

	glGetIntegerv(pname, &v);
	ck_gl_error(GL_NO_ERROR);
	return v;
}

static GLint lut_level(GLenum target, GLint level, GLenum pname)
{
	GLint v = -7;

	glGetTexLevelParameteriv(target, level, pname, &v);
	ck_gl_error(GL_NO_ERROR);
	return v;
}

/* A table of `width` entries k * step + base, defined on the texture
 * bound to `target`. */
static void lut_load(GLenum target, GLsizei width, float base, float step)
{
	static GLfloat v[ENTRIES];
	GLsizei k;

	for (k = 0; k < width; k++)
		v[k] = base + step * (GLfloat)k;
	glTexImage1D(target, 0, GL_LUMINANCEF_DMP, width, 0, GL_LUMINANCEF_DMP, GL_FLOAT, v);
	ck_gl_error(GL_NO_ERROR);
}

/* ---- tokens, limits, bindings ------------------------------------------------- */

START_TEST(test_lut_tokens)
{
	ck_assert_int_eq(GL_LUMINANCEF_DMP, 0x6605);
	ck_assert_int_eq(GL_MAX_LUT_TEXTURES_DMP, 0x660E);
	ck_assert_int_eq(GL_MAX_LUT_ENTRIES_DMP, 0x660F);
	ck_assert_int_eq(GL_LUT_TEXTURE0_DMP, 0x6610);
	ck_assert_int_eq(GL_LUT_TEXTURE17_DMP, 0x6610 + 17);
	ck_assert_int_eq(GL_LUT_TEXTURE31_DMP, 0x662F);
	ck_assert_int_eq(GL_TEXTURE_BINDING_LUT0_DMP, 0x6680);
	ck_assert_int_eq(GL_TEXTURE_BINDING_LUT9_DMP, 0x6689);
	ck_assert_int_eq(GL_TEXTURE_BINDING_LUT31_DMP, 0x669F);
	ck_assert_int_eq(GL_SAMPLER_1D, 0x8B5D);
}
END_TEST

START_TEST(test_lut_limits_answer_every_get)
{
	GLfloat f = 0;
	GLboolean b = GL_FALSE;

	ck_assert_int_eq(get_int(GL_MAX_LUT_TEXTURES_DMP), LUTS);
	ck_assert_int_eq(get_int(GL_MAX_LUT_ENTRIES_DMP), ENTRIES);
	glGetFloatv(GL_MAX_LUT_ENTRIES_DMP, &f);
	glGetBooleanv(GL_MAX_LUT_TEXTURES_DMP, &b);
	ck_gl_error(GL_NO_ERROR);
	ck_assert(f == 512.0f);
	ck_assert_uint_eq(b, GL_TRUE);
	/* One past the binding range is no state. */
	glGetIntegerv(GL_TEXTURE_BINDING_LUT31_DMP + 1, (GLint *)&f);
	ck_gl_error(GL_INVALID_ENUM);
}
END_TEST

START_TEST(test_lut_binding_points)
{
	GLuint t[2];
	unsigned i;

	for (i = 0; i < LUTS; i++)
		ck_assert_int_eq(get_int(GL_TEXTURE_BINDING_LUT0_DMP + i), 0);
	glGenTextures(2, t);
	glBindTexture(GL_LUT_TEXTURE5_DMP, t[0]);
	glBindTexture(GL_LUT_TEXTURE31_DMP, t[0]);          /* one table, two points */
	glBindTexture(GL_LUT_TEXTURE0_DMP, t[1]);
	ck_gl_error(GL_NO_ERROR);
	for (i = 0; i < LUTS; i++)
		ck_assert_int_eq(get_int(GL_TEXTURE_BINDING_LUT0_DMP + i),
				 i == 5 || i == 31 ? (GLint)t[0] : i == 0 ? (GLint)t[1] : 0);
	ck_assert_uint_eq(glIsTexture(t[0]), GL_TRUE);
	/* The points are global: the active texture unit is another thing. */
	glActiveTexture(GL_TEXTURE2);
	ck_assert_int_eq(get_int(GL_TEXTURE_BINDING_LUT5_DMP), (GLint)t[0]);
	ck_assert_int_eq(get_int(GL_TEXTURE_BINDING_2D), 0);
	glActiveTexture(GL_TEXTURE0);
	/* Name 0 unbinds: there is no default table. */
	glBindTexture(GL_LUT_TEXTURE5_DMP, 0);
	ck_assert_int_eq(get_int(GL_TEXTURE_BINDING_LUT5_DMP), 0);
	ck_assert_int_eq(get_int(GL_TEXTURE_BINDING_LUT31_DMP), (GLint)t[0]);
	/* Binding an unused name makes the object. */
	glBindTexture(GL_LUT_TEXTURE7_DMP, 77);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_uint_eq(glIsTexture(77), GL_TRUE);
	/* Deleting a table unbinds it from every point. */
	glDeleteTextures(1, &t[0]);
	ck_assert_int_eq(get_int(GL_TEXTURE_BINDING_LUT31_DMP), 0);
	ck_assert_int_eq(get_int(GL_TEXTURE_BINDING_LUT0_DMP), (GLint)t[1]);
	ck_assert_uint_eq(glIsTexture(t[0]), GL_FALSE);
	glDeleteTextures(1, &t[1]);
	ck_assert_int_eq(get_int(GL_TEXTURE_BINDING_LUT0_DMP), 0);
}
END_TEST

/* A texture object is a table or a 2D texture by its first binding; the
 * other kind of use is GL_INVALID_OPERATION and changes nothing. */
START_TEST(test_lut_kind_of_a_texture_object)
{
	GLuint t[2], fb;
	GLint att = -1;

	glGenTextures(2, t);
	glBindTexture(GL_TEXTURE_2D, t[0]);
	glBindTexture(GL_LUT_TEXTURE3_DMP, t[1]);
	ck_gl_error(GL_NO_ERROR);
	glBindTexture(GL_LUT_TEXTURE4_DMP, t[0]);
	ck_gl_error(GL_INVALID_OPERATION);
	ck_assert_int_eq(get_int(GL_TEXTURE_BINDING_LUT4_DMP), 0);
	glBindTexture(GL_TEXTURE_2D, t[1]);
	ck_gl_error(GL_INVALID_OPERATION);
	ck_assert_int_eq(get_int(GL_TEXTURE_BINDING_2D), (GLint)t[0]);
	/* Texture 0 stays the default 2D texture. */
	glBindTexture(GL_TEXTURE_2D, 0);
	ck_gl_error(GL_NO_ERROR);
	/* A table is not an image to draw into. */
	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t[1], 0);
	ck_gl_error(GL_INVALID_OPERATION);
	glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
					      GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &att);
	ck_assert_int_eq(att, GL_NONE);
	/* Texture parameters are 2D ones. */
	glTexParameteri(GL_LUT_TEXTURE3_DMP, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	ck_gl_error(GL_INVALID_ENUM);
	/* Out of the range of binding points. */
	glBindTexture(GL_LUT_TEXTURE31_DMP + 1, t[1]);
	ck_gl_error(GL_INVALID_ENUM);
	glBindTexture(GL_LUT_TEXTURE0_DMP - 1, t[1]);
	ck_gl_error(GL_INVALID_ENUM);
	glDeleteFramebuffers(1, &fb);
	glDeleteTextures(2, t);
}
END_TEST

/* ---- loading tables ----------------------------------------------------------- */

START_TEST(test_lut_image_defines_the_table)
{
	const struct gl_texture *tex;
	GLuint t;
	unsigned k;

	glGenTextures(1, &t);
	glBindTexture(GL_LUT_TEXTURE2_DMP, t);
	tex = tex_of(t);
	ck_assert_ptr_null(tex->lut);
	ck_assert_int_eq(lut_level(GL_LUT_TEXTURE2_DMP, 0, GL_TEXTURE_WIDTH), 0);
	lut_load(GL_LUT_TEXTURE2_DMP, ENTRIES, 0.5f, 0.25f);
	tex = tex_of(t);
	ck_assert_ptr_nonnull(tex->lut);
	ck_assert_uint_eq(tex->lut_width, ENTRIES);
	for (k = 0; k < ENTRIES; k++)
		ck_assert(tex->lut[k] == 0.5f + 0.25f * (float)k);
	ck_assert_int_eq(lut_level(GL_LUT_TEXTURE2_DMP, 0, GL_TEXTURE_WIDTH), ENTRIES);
	ck_assert_int_eq(lut_level(GL_LUT_TEXTURE2_DMP, 0, GL_TEXTURE_HEIGHT), 1);
	ck_assert_int_eq(lut_level(GL_LUT_TEXTURE2_DMP, 0, GL_TEXTURE_INTERNAL_FORMAT),
			 GL_LUMINANCEF_DMP);
	ck_assert_int_eq(lut_level(GL_LUT_TEXTURE2_DMP, 1, GL_TEXTURE_WIDTH), 0);
	ck_assert_int_eq(lut_level(GL_LUT_TEXTURE3_DMP, 0, GL_TEXTURE_WIDTH), 0);   /* unbound */
	/* A new definition replaces the whole table: 256 entries, the rest 0. */
	lut_load(GL_LUT_TEXTURE2_DMP, 256, -1.0f, 1.0f);
	ck_assert_uint_eq(tex->lut_width, 256);
	ck_assert(tex->lut[0] == -1.0f && tex->lut[255] == 254.0f && tex->lut[256] == 0.0f);
	ck_assert(tex->lut[511] == 0.0f);
	ck_assert_int_eq(lut_level(GL_LUT_TEXTURE2_DMP, 0, GL_TEXTURE_WIDTH), 256);
	/* NULL pixels: entries of 0. */
	glTexImage1D(GL_LUT_TEXTURE2_DMP, 0, GL_LUMINANCEF_DMP, 128, 0, GL_LUMINANCEF_DMP,
		     GL_FLOAT, NULL);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_uint_eq(tex->lut_width, 128);
	for (k = 0; k < ENTRIES; k++)
		ck_assert(tex->lut[k] == 0.0f);
	/* Width 0: an empty table, still defined. */
	glTexImage1D(GL_LUT_TEXTURE2_DMP, 0, GL_LUMINANCEF_DMP, 0, 0, GL_LUMINANCEF_DMP,
		     GL_FLOAT, NULL);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_ptr_nonnull(tex->lut);
	ck_assert_uint_eq(tex->lut_width, 0);
	ck_assert_int_eq(lut_level(GL_LUT_TEXTURE2_DMP, 0, GL_TEXTURE_HEIGHT), 1);
	glTexSubImage1D(GL_LUT_TEXTURE2_DMP, 0, 0, 0, GL_LUMINANCEF_DMP, GL_FLOAT, NULL);
	ck_gl_error(GL_NO_ERROR);
	glDeleteTextures(1, &t);
}
END_TEST

START_TEST(test_lut_subimage_updates_a_range)
{
	const struct gl_texture *tex;
	GLfloat part[16];
	GLuint t;
	unsigned k;

	glGenTextures(1, &t);
	glBindTexture(GL_LUT_TEXTURE9_DMP, t);
	lut_load(GL_LUT_TEXTURE9_DMP, 256, 0.0f, 1.0f);
	for (k = 0; k < 16; k++)
		part[k] = -100.0f - (float)k;
	glTexSubImage1D(GL_LUT_TEXTURE9_DMP, 0, 10, 5, GL_LUMINANCEF_DMP, GL_FLOAT, part);
	/* Up to the last entry exactly. */
	glTexSubImage1D(GL_LUT_TEXTURE9_DMP, 0, 240, 16, GL_LUMINANCEF_DMP, GL_FLOAT, part);
	ck_gl_error(GL_NO_ERROR);
	tex = tex_of(t);
	ck_assert_uint_eq(tex->lut_width, 256);
	for (k = 0; k < 256; k++) {
		float want = k >= 10 && k < 15 ? -100.0f - (float)(k - 10)
			     : k >= 240 ? -100.0f - (float)(k - 240) : (float)k;
		ck_assert_msg(tex->lut[k] == want, "entry %u: %g, want %g", k,
			      (double)tex->lut[k], (double)want);
	}
	glDeleteTextures(1, &t);
}
END_TEST

/* Everything a refused call could have changed: the tables of texture
 * `t` and of the binding points, and the error flag's neighbours. */
struct lut_state {
	GLint bindings[LUTS];
	GLint width;
	unsigned lut_width;
	GLfloat lut[ENTRIES];
	bool defined;
};

static void lut_state_take(GLuint t, struct lut_state *s)
{
	const struct gl_texture *tex = tex_of(t);
	unsigned i;

	memset(s, 0, sizeof *s);
	for (i = 0; i < LUTS; i++)
		s->bindings[i] = get_int(GL_TEXTURE_BINDING_LUT0_DMP + i);
	s->width = lut_level(GL_LUT_TEXTURE0_DMP, 0, GL_TEXTURE_WIDTH);
	s->defined = tex->lut != NULL;
	s->lut_width = tex->lut_width;
	if (tex->lut)
		memcpy(s->lut, tex->lut, sizeof s->lut);
}

static const struct {
	GLenum target;
	GLint level, internalformat;
	GLsizei width;
	GLint border;
	GLenum format, type, error;
	const char *what;
} bad_images[] = {
	{ GL_TEXTURE_2D, 0, GL_LUMINANCEF_DMP, 8, 0, GL_LUMINANCEF_DMP, GL_FLOAT,
	  GL_INVALID_ENUM, "GL_TEXTURE_2D" },
	{ GL_LUT_TEXTURE31_DMP + 1, 0, GL_LUMINANCEF_DMP, 8, 0, GL_LUMINANCEF_DMP, GL_FLOAT,
	  GL_INVALID_ENUM, "LUT32" },
	{ GL_MAX_LUT_ENTRIES_DMP, 0, GL_LUMINANCEF_DMP, 8, 0, GL_LUMINANCEF_DMP, GL_FLOAT,
	  GL_INVALID_ENUM, "one below LUT0" },
	{ GL_LUT_TEXTURE0_DMP | NN_GX_MEM_VRAMA, 0, GL_LUMINANCEF_DMP, 8, 0, GL_LUMINANCEF_DMP,
	  GL_FLOAT, GL_INVALID_ENUM, "area bits" },
	{ GL_LUT_TEXTURE0_DMP, 0, GL_LUMINANCE, 8, 0, GL_LUMINANCE, GL_FLOAT,
	  GL_INVALID_ENUM, "format GL_LUMINANCE" },
	{ GL_LUT_TEXTURE0_DMP, 0, GL_LUMINANCEF_DMP, 8, 0, GL_LUMINANCEF_DMP, GL_UNSIGNED_BYTE,
	  GL_INVALID_ENUM, "type GL_UNSIGNED_BYTE" },
	{ GL_LUT_TEXTURE0_DMP, 0, GL_LUMINANCE, 8, 0, GL_LUMINANCEF_DMP, GL_FLOAT,
	  GL_INVALID_OPERATION, "internalformat other than format" },
	{ GL_LUT_TEXTURE0_DMP, 1, GL_LUMINANCEF_DMP, 8, 0, GL_LUMINANCEF_DMP, GL_FLOAT,
	  GL_INVALID_VALUE, "level 1" },
	{ GL_LUT_TEXTURE0_DMP, -1, GL_LUMINANCEF_DMP, 8, 0, GL_LUMINANCEF_DMP, GL_FLOAT,
	  GL_INVALID_VALUE, "level -1" },
	{ GL_LUT_TEXTURE0_DMP, 0, GL_LUMINANCEF_DMP, -1, 0, GL_LUMINANCEF_DMP, GL_FLOAT,
	  GL_INVALID_VALUE, "width -1" },
	{ GL_LUT_TEXTURE0_DMP, 0, GL_LUMINANCEF_DMP, ENTRIES + 1, 0, GL_LUMINANCEF_DMP, GL_FLOAT,
	  GL_INVALID_VALUE, "width 513" },
	{ GL_LUT_TEXTURE0_DMP, 0, GL_LUMINANCEF_DMP, 8, 1, GL_LUMINANCEF_DMP, GL_FLOAT,
	  GL_INVALID_VALUE, "border 1" },
	{ GL_LUT_TEXTURE1_DMP, 0, GL_LUMINANCEF_DMP, 8, 0, GL_LUMINANCEF_DMP, GL_FLOAT,
	  GL_INVALID_OPERATION, "nothing bound" },
	{ GL_TEXTURE_2D, 0, GL_LUMINANCEF_DMP, -1, 0, GL_LUMINANCEF_DMP, GL_FLOAT,
	  GL_INVALID_ENUM, "the target before the width" },
	{ GL_LUT_TEXTURE0_DMP, 3, GL_LUMINANCEF_DMP, 8, 0, GL_LUMINANCEF_DMP, GL_INT,
	  GL_INVALID_ENUM, "the type before the level" },
	{ GL_LUT_TEXTURE1_DMP, 0, GL_LUMINANCEF_DMP, 600, 0, GL_LUMINANCEF_DMP, GL_FLOAT,
	  GL_INVALID_VALUE, "the width before the binding" },
};

START_TEST(test_lut_image_errors_change_nothing)
{
	struct lut_state before, after;
	GLfloat v[ENTRIES + 1];
	GLuint t, said;
	unsigned k;

	glGenTextures(1, &t);
	glBindTexture(GL_LUT_TEXTURE0_DMP, t);
	if (_i % 2)                             /* half the rows on a defined table */
		lut_load(GL_LUT_TEXTURE0_DMP, 64, 3.0f, 0.5f);
	for (k = 0; k <= ENTRIES; k++)
		v[k] = 9.0f;
	said = nngxShimGetDiagCount(NNGX_SHIM_DIAG_LUT_NOT_MODELLED);
	lut_state_take(t, &before);
	glTexImage1D(bad_images[_i].target, bad_images[_i].level, bad_images[_i].internalformat,
		     bad_images[_i].width, bad_images[_i].border, bad_images[_i].format,
		     bad_images[_i].type, v);
	ck_assert_msg(glGetError() == bad_images[_i].error, "%s", bad_images[_i].what);
	ck_gl_error(GL_NO_ERROR);
	lut_state_take(t, &after);
	ck_assert_mem_eq(&before, &after, sizeof before);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_LUT_NOT_MODELLED), said);
	glDeleteTextures(1, &t);
}
END_TEST

static const struct {
	GLenum target;
	GLint level, xoffset;
	GLsizei width;
	GLenum format, type, error;
	bool defined;
	const char *what;
} bad_subs[] = {
	{ GL_TEXTURE_2D, 0, 0, 4, GL_LUMINANCEF_DMP, GL_FLOAT, GL_INVALID_ENUM, true, "2D" },
	{ GL_LUT_TEXTURE31_DMP + 1, 0, 0, 4, GL_LUMINANCEF_DMP, GL_FLOAT, GL_INVALID_ENUM, true,
	  "LUT32" },
	{ GL_LUT_TEXTURE0_DMP, 0, 0, 4, GL_RGBA, GL_FLOAT, GL_INVALID_ENUM, true, "GL_RGBA" },
	{ GL_LUT_TEXTURE0_DMP, 0, 0, 4, GL_LUMINANCEF_DMP, GL_SHORT, GL_INVALID_ENUM, true,
	  "GL_SHORT" },
	{ GL_LUT_TEXTURE0_DMP, 1, 0, 4, GL_LUMINANCEF_DMP, GL_FLOAT, GL_INVALID_VALUE, true,
	  "level 1" },
	{ GL_LUT_TEXTURE0_DMP, 0, -1, 4, GL_LUMINANCEF_DMP, GL_FLOAT, GL_INVALID_VALUE, true,
	  "xoffset -1" },
	{ GL_LUT_TEXTURE0_DMP, 0, 0, -4, GL_LUMINANCEF_DMP, GL_FLOAT, GL_INVALID_VALUE, true,
	  "width -4" },
	{ GL_LUT_TEXTURE0_DMP, 0, 60, 5, GL_LUMINANCEF_DMP, GL_FLOAT, GL_INVALID_VALUE, true,
	  "one past the end" },
	{ GL_LUT_TEXTURE0_DMP, 0, 64, 1, GL_LUMINANCEF_DMP, GL_FLOAT, GL_INVALID_VALUE, true,
	  "at the end" },
	{ GL_LUT_TEXTURE0_DMP, 0, 0x7FFFFFFF, 0x7FFFFFFF, GL_LUMINANCEF_DMP, GL_FLOAT,
	  GL_INVALID_VALUE, true, "a range that overflows" },
	{ GL_LUT_TEXTURE0_DMP, 0, 0, 4, GL_LUMINANCEF_DMP, GL_FLOAT, GL_INVALID_OPERATION, false,
	  "no table yet" },
	{ GL_LUT_TEXTURE1_DMP, 0, 0, 4, GL_LUMINANCEF_DMP, GL_FLOAT, GL_INVALID_OPERATION, true,
	  "nothing bound" },
	{ GL_LUT_TEXTURE0_DMP, 0, 0, 100, GL_LUMINANCEF_DMP, GL_FLOAT, GL_INVALID_OPERATION,
	  false, "no table before the range" },
};

START_TEST(test_lut_subimage_errors_change_nothing)
{
	struct lut_state before, after;
	GLfloat v[ENTRIES];
	GLuint t, said;
	unsigned k;

	glGenTextures(1, &t);
	glBindTexture(GL_LUT_TEXTURE0_DMP, t);
	if (bad_subs[_i].defined)
		lut_load(GL_LUT_TEXTURE0_DMP, 64, 3.0f, 0.5f);
	for (k = 0; k < ENTRIES; k++)
		v[k] = 9.0f;
	said = nngxShimGetDiagCount(NNGX_SHIM_DIAG_LUT_NOT_MODELLED);
	lut_state_take(t, &before);
	glTexSubImage1D(bad_subs[_i].target, bad_subs[_i].level, bad_subs[_i].xoffset,
			bad_subs[_i].width, bad_subs[_i].format, bad_subs[_i].type, v);
	ck_assert_msg(glGetError() == bad_subs[_i].error, "%s", bad_subs[_i].what);
	ck_gl_error(GL_NO_ERROR);
	lut_state_take(t, &after);
	ck_assert_mem_eq(&before, &after, sizeof before);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_LUT_NOT_MODELLED), said);
	glDeleteTextures(1, &t);
}
END_TEST

/* NULL pixels with entries to load: no GL error, INVALID_ARGUMENT, the
 * table unchanged. */
START_TEST(test_lut_subimage_null_pixels)
{
	struct lut_state before, after;
	GLuint t, args;

	glGenTextures(1, &t);
	glBindTexture(GL_LUT_TEXTURE0_DMP, t);
	lut_load(GL_LUT_TEXTURE0_DMP, 64, 3.0f, 0.5f);
	args = nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_ARGUMENT);
	lut_state_take(t, &before);
	glTexSubImage1D(GL_LUT_TEXTURE0_DMP, 0, 0, 4, GL_LUMINANCEF_DMP, GL_FLOAT, NULL);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_ARGUMENT), args + 1);
	lut_state_take(t, &after);
	ck_assert_mem_eq(&before, &after, sizeof before);
	glDeleteTextures(1, &t);
}
END_TEST

/* Host memory running out for the table: GL_OUT_OF_MEMORY, nothing
 * defined; the next call succeeds. */
START_TEST(test_lut_image_out_of_memory)
{
	GLuint t;

	glGenTextures(1, &t);
	glBindTexture(GL_LUT_TEXTURE0_DMP, t);
	hw_alloc_fail_nth(1);
	glTexImage1D(GL_LUT_TEXTURE0_DMP, 0, GL_LUMINANCEF_DMP, 8, 0, GL_LUMINANCEF_DMP, GL_FLOAT,
		     NULL);
	ck_assert(hw_alloc_failed());
	hw_alloc_fail_nth(0);
	ck_gl_error(GL_OUT_OF_MEMORY);
	ck_assert_ptr_null(tex_of(t)->lut);
	ck_assert_int_eq(lut_level(GL_LUT_TEXTURE0_DMP, 0, GL_TEXTURE_WIDTH), 0);
	lut_load(GL_LUT_TEXTURE0_DMP, 8, 1.0f, 1.0f);
	ck_assert_int_eq(lut_level(GL_LUT_TEXTURE0_DMP, 0, GL_TEXTURE_WIDTH), 8);
	glDeleteTextures(1, &t);
}
END_TEST

/* ---- draws load the tables they use ---------------------------------------- */

START_TEST(test_lut_loads_are_not_reported_unmodelled)
{
	GLfloat one = 1.0f;
	GLuint t;

	glGenTextures(1, &t);
	glBindTexture(GL_LUT_TEXTURE0_DMP, t);
	lut_load(GL_LUT_TEXTURE0_DMP, 16, 0.0f, 1.0f);
	glTexSubImage1D(GL_LUT_TEXTURE0_DMP, 0, 3, 1, GL_LUMINANCEF_DMP, GL_FLOAT, &one);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_LUT_NOT_MODELLED), 0);
	/* A power-on keeps the tables (they live on the CPU side). */
	nngxShimReset();
	ck_assert_uint_eq(tex_of(t)->lut_width, 16);
	ck_assert(tex_of(t)->lut[3] == 1.0f);
	glDeleteTextures(1, &t);
}
END_TEST

/* The words one draw of two triangles adds with lighting and D0 on. */
static GLint lit_draw_words(void)
{
	GLint before = fx_used_bytes();

	glDrawArrays(GL_TRIANGLES, 0, 6);
	return (fx_used_bytes() - before) / 4;
}

/* A lighting table load: LUT_INDEX (value and header) then 256 words
 * through the data port (value, header, 255 more, one word of padding). */
#define LUT_LOAD_WORDS (2 + 258)

START_TEST(test_lut_draw_needs_its_table_and_loads_it_when_it_changed)
{
	GLuint t;
	GLint first, again, loc;
	GLfloat one = 1.0f;

	fx_reset();
	fx_list(1 << 16, 8);
	fx_two_triangles_scene();
	glUniform1i(glGetUniformLocation(nngx_state_get()->gl.program,
					 "dmp_FragmentLighting.enabled"), GL_TRUE);
	/* A first draw sends the program: the draws compared below do not. */
	glDrawArrays(GL_TRIANGLES, 0, 6);
	loc = glGetUniformLocation(nngx_state_get()->gl.program, "dmp_LightEnv.lutEnabledD0");
	glUniform1i(loc, GL_TRUE);
	ck_gl_error(GL_NO_ERROR);
	/* D0 reads LUT 0 (the sampler's default), where nothing is bound. */
	first = fx_used_bytes();
	glDrawArrays(GL_TRIANGLES, 0, 6);
	ck_gl_error(GL_INVALID_OPERATION);
	ck_assert_int_eq(fx_used_bytes(), first);
	glGenTextures(1, &t);
	glBindTexture(GL_LUT_TEXTURE0_DMP, t);
	glDrawArrays(GL_TRIANGLES, 0, 6);                /* bound, but no table */
	ck_gl_error(GL_INVALID_OPERATION);
	lut_load(GL_LUT_TEXTURE0_DMP, ENTRIES, 0.0f, 0.001f);
	first = lit_draw_words();
	ck_gl_error(GL_NO_ERROR);
	again = lit_draw_words();
	ck_assert_int_eq(first - again, LUT_LOAD_WORDS);   /* the GPU has it */
	glTexSubImage1D(GL_LUT_TEXTURE0_DMP, 0, 3, 1, GL_LUMINANCEF_DMP, GL_FLOAT, &one);
	ck_assert_int_eq(lit_draw_words(), first);         /* changed: loaded again */
	ck_assert_int_eq(lit_draw_words(), again);
	nngxUpdateState(NN_GX_STATE_LUT);
	ck_assert_int_eq(lit_draw_words(), first);
	nngxSetCommandGenerationMode(NN_GX_CMDGEN_MODE_UNCONDITIONAL);
	ck_assert_int_eq(lit_draw_words() >= first, 1);
	ck_gl_error(GL_NO_ERROR);
	nngxSetCommandGenerationMode(NN_GX_CMDGEN_MODE_CONDITIONAL);
}
END_TEST

static Suite *lut_suite(void)
{
	Suite *s = suite_create("gl_lut");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, test_lut_tokens);
	tcase_add_test(tc, test_lut_limits_answer_every_get);
	tcase_add_test(tc, test_lut_binding_points);
	tcase_add_test(tc, test_lut_kind_of_a_texture_object);
	tcase_add_test(tc, test_lut_image_defines_the_table);
	tcase_add_test(tc, test_lut_subimage_updates_a_range);
	tcase_add_loop_test(tc, test_lut_image_errors_change_nothing, 0,
			    (int)(sizeof bad_images / sizeof bad_images[0]));
	tcase_add_loop_test(tc, test_lut_subimage_errors_change_nothing, 0,
			    (int)(sizeof bad_subs / sizeof bad_subs[0]));
	tcase_add_test(tc, test_lut_subimage_null_pixels);
	tcase_add_test(tc, test_lut_image_out_of_memory);
	tcase_add_test(tc, test_lut_loads_are_not_reported_unmodelled);
	tcase_add_test(tc, test_lut_draw_needs_its_table_and_loads_it_when_it_changed);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(lut_suite());
}
