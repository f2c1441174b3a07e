/* check_gl_uniforms.c: glUniformsDMP and glGetUniformsDMP, several
 * uniforms at once as raw 32-bit words. Each element takes the words of
 * its uniform's type as glUniform*v takes them (a c register 4 float bit
 * patterns, an i register 4 integers, a b register 1 integer, a reserved
 * uniform the components of its type), entries one after the other.
 *
 * The rules checked: the words set exactly what the equivalent glUniform*v
 * calls set (register images, reserved uniforms, glGetUniform*v, and a draw:
 * counters, command words and pixels); location -1 takes no words; the
 * words of elements past an array's end are skipped; every entry is
 * checked before any is set, so an error in entry k changes no uniform
 * (table-driven, with the error of the equivalent call); glGetUniformsDMP
 * reads the same layout back and writes nothing after an error. */
#include <stdlib.h>
#include <string.h>

#include "gl_fixture.h"

#define ck_gl_error(code) ck_assert_uint_eq(glGetError(), (code))

static void setup(void)
{
	fx_reset();
}

static GLuint fbits(float f)
{
	GLuint w;

	memcpy(&w, &f, sizeof w);
	return w;
}

static struct gl_executable *exe_of(GLuint program)
{
	struct gl_object *o = gl_object_find(&nngx_state_get()->gl, program);

	ck_assert_ptr_nonnull(o);
	ck_assert_ptr_nonnull(o->u.program.exe);
	return o->u.program.exe;
}

/* Everything a uniform call can change in a program. */
struct uni_state {
	struct gl_stage stage[GL_STAGE_COUNT];
	struct gl_dmp_state dmp;
};

static void uni_take(GLuint program, struct uni_state *u)
{
	const struct gl_executable *exe = exe_of(program);

	memcpy(u->stage, exe->stage, sizeof u->stage);
	u->dmp = exe->dmp;
}

static void uni_assert_same(const struct uni_state *a, const struct uni_state *b)
{
	unsigned s;

	/* Register images, used and dirty bits, stage by stage. */
	for (s = 0; s < GL_STAGE_COUNT; s++) {
		ck_assert_mem_eq(a->stage[s].f, b->stage[s].f, sizeof a->stage[s].f);
		ck_assert_mem_eq(a->stage[s].i, b->stage[s].i, sizeof a->stage[s].i);
		ck_assert_uint_eq(a->stage[s].b, b->stage[s].b);
		ck_assert_mem_eq(a->stage[s].f_dirty, b->stage[s].f_dirty,
				 sizeof a->stage[s].f_dirty);
		ck_assert_uint_eq(a->stage[s].i_dirty, b->stage[s].i_dirty);
		ck_assert_uint_eq(a->stage[s].b_dirty, b->stage[s].b_dirty);
	}
	ck_assert_mem_eq(&a->dmp, &b->dmp, sizeof a->dmp);
}

/* The locations of the test, in the order of uni_words below. */
struct uni_locs {
	GLint color, arr2, loop, flag, flags1, shared, gscale, combine, src, scale, constc,
	      alpha_test, bufcol;
};

static void uni_locations(GLuint p, struct uni_locs *l)
{
	l->color = glGetUniformLocation(p, "uColor");
	l->arr2 = glGetUniformLocation(p, "uArr[2]");
	l->loop = glGetUniformLocation(p, "uLoop");
	l->flag = glGetUniformLocation(p, "uFlag");
	l->flags1 = glGetUniformLocation(p, "uFlags[1]");
	l->shared = glGetUniformLocation(p, "shared");
	l->gscale = glGetUniformLocation(p, "gScale");
	l->combine = glGetUniformLocation(p, "dmp_TexEnv[1].combineRgb");
	l->src = glGetUniformLocation(p, "dmp_TexEnv[2].srcRgb");
	l->scale = glGetUniformLocation(p, "dmp_TexEnv[3].scaleAlpha");
	l->constc = glGetUniformLocation(p, "dmp_TexEnv[4].constRgba");
	l->alpha_test = glGetUniformLocation(p, "dmp_FragOperation.enableAlphaTest");
	l->bufcol = glGetUniformLocation(p, "dmp_Fog.color");
	ck_gl_error(GL_NO_ERROR);
}

/* One value of every shape, as the glUniform*v calls take them. */
static const GLfloat val_color[4] = { 0.5f, -0.25f, 1e10f, -0.0f };
static const GLfloat val_arr[3][4] = {          /* uArr[2..3] take 2, the third is ignored */
	{ 1.5f, 2.5f, 3.5f, 4.5f }, { -1, -2, -3, -4 }, { 99, 99, 99, 99 }
};
static const GLint val_loop[4] = { 3, 1, 255, 300 };      /* stored modulo 256 */
static const GLint val_flags[3] = { 7, 0, -1 };           /* uFlags[1..3] */
static const GLfloat val_shared[4] = { 9, 8, 7, 6 };
static const GLfloat val_gscale[4] = { 0.125f, 0.25f, 0.5f, 1 };
static const GLint val_src[3] = { GL_CONSTANT, GL_PREVIOUS, GL_TEXTURE1 };
static const GLfloat val_const[4] = { 0.1f, 0.2f, 0.3f, 0.4f };
static const GLfloat val_fog[3] = { 0.75f, 0.5f, 0.25f };

/* The same values, through the glUniform*v of each type. */
static void uni_set_calls(const struct uni_locs *l)
{
	glUniform4fv(l->color, 1, val_color);
	glUniform4fv(l->arr2, 3, val_arr[0]);
	glUniform4iv(l->loop, 1, val_loop);
	glUniform1i(l->flag, 1);
	glUniform1iv(l->flags1, 3, val_flags);
	glUniform4fv(l->shared, 1, val_shared);
	glUniform4fv(l->gscale, 1, val_gscale);
	glUniform1i(l->combine, GL_MODULATE);
	glUniform3iv(l->src, 1, val_src);
	glUniform1f(l->scale, 2.0f);
	glUniform4fv(l->constc, 1, val_const);
	glUniform1i(l->alpha_test, GL_TRUE);
	glUniform3fv(l->bufcol, 1, val_fog);
	ck_gl_error(GL_NO_ERROR);
}

#define UNI_ENTRIES 14
#define UNI_WORDS 45            /* and one word more, never read */

/* The same values as raw words, with a location -1 entry in the middle
 * (it takes no words). */
static void uni_words(const struct uni_locs *l, GLint *loc, GLsizei *cnt, GLuint *w)
{
	unsigned k = 0, n = 0, j, e;

#define ENTRY(location, count) (loc[k] = (location), cnt[k] = (count), k++)
	ENTRY(l->color, 1);
	for (j = 0; j < 4; j++)
		w[n++] = fbits(val_color[j]);
	ENTRY(l->arr2, 3);
	for (e = 0; e < 3; e++)
		for (j = 0; j < 4; j++)
			w[n++] = fbits(val_arr[e][j]);
	ENTRY(-1, 5);
	ENTRY(l->loop, 1);
	for (j = 0; j < 4; j++)
		w[n++] = (GLuint)val_loop[j];
	ENTRY(l->flag, 1);
	w[n++] = 1;
	ENTRY(l->flags1, 3);
	for (j = 0; j < 3; j++)
		w[n++] = (GLuint)val_flags[j];
	ENTRY(l->shared, 1);
	for (j = 0; j < 4; j++)
		w[n++] = fbits(val_shared[j]);
	ENTRY(l->gscale, 1);
	for (j = 0; j < 4; j++)
		w[n++] = fbits(val_gscale[j]);
	ENTRY(l->combine, 1);
	w[n++] = GL_MODULATE;
	ENTRY(l->src, 1);
	for (j = 0; j < 3; j++)
		w[n++] = (GLuint)val_src[j];
	ENTRY(l->scale, 1);
	w[n++] = fbits(2.0f);
	ENTRY(l->constc, 1);
	for (j = 0; j < 4; j++)
		w[n++] = fbits(val_const[j]);
	ENTRY(l->alpha_test, 1);
	w[n++] = GL_TRUE;
	ENTRY(l->bufcol, 1);
	for (j = 0; j < 3; j++)
		w[n++] = fbits(val_fog[j]);
#undef ENTRY
	ck_assert_uint_eq(k, UNI_ENTRIES);
	ck_assert_uint_eq(n, UNI_WORDS);
	w[n] = 0xDEADBEEFu;             /* past the end: never read as a value */
}

/* Two programs from one binary, one set by glUniformsDMP, the other by
 * the glUniform*v calls: the same register images, dirty bits and
 * reserved uniforms; glGetUniformfv / glGetUniformiv read the same. */
START_TEST(test_uniforms_words_set_what_the_glUniform_calls_set)
{
	struct fx_shader *s = fx_shader_with_uniforms();
	GLuint p[2];
	struct uni_locs l[2];
	struct uni_state st[2], fresh;
	GLint loc[UNI_ENTRIES];
	GLsizei cnt[UNI_ENTRIES];
	GLuint w[UNI_WORDS + 1];
	unsigned k;

	p[0] = fx_program(s);
	p[1] = fx_program(s);
	uni_locations(p[0], &l[0]);
	uni_locations(p[1], &l[1]);
	uni_take(p[0], &fresh);
	glUseProgram(p[0]);
	uni_words(&l[0], loc, cnt, w);
	glUniformsDMP(UNI_ENTRIES, loc, cnt, w);
	ck_gl_error(GL_NO_ERROR);
	glUseProgram(p[1]);
	uni_set_calls(&l[1]);
	uni_take(p[0], &st[0]);
	uni_take(p[1], &st[1]);
	uni_assert_same(&st[0], &st[1]);
	/* It did set something: the images moved from the link's. */
	ck_assert(memcmp(st[0].stage[0].f, fresh.stage[0].f, sizeof fresh.stage[0].f) != 0);
	ck_assert(memcmp(&st[0].dmp, &fresh.dmp, sizeof fresh.dmp) != 0);
	ck_assert_uint_eq(st[0].stage[0].i[0][3], 300 % 256);
	/* The queries agree, location by location. */
	for (k = 0; k < UNI_ENTRIES; k++) {
		GLfloat f[2][4];
		GLint i[2][4];
		if (loc[k] == -1)
			continue;
		memset(f, 0, sizeof f);
		memset(i, 0, sizeof i);
		glGetUniformfv(p[0], loc[k], f[0]);
		glGetUniformfv(p[1], loc[k], f[1]);
		glGetUniformiv(p[0], loc[k], i[0]);
		glGetUniformiv(p[1], loc[k], i[1]);
		ck_gl_error(GL_NO_ERROR);
		ck_assert_mem_eq(f[0], f[1], sizeof f[0]);
		ck_assert_mem_eq(i[0], i[1], sizeof i[0]);
	}
	fx_shader_free(s);
}
END_TEST

/* The layout: location -1 takes no words, an array's elements past its
 * end take theirs (and are ignored), and where two entries set the same
 * element the later one wins. */
START_TEST(test_uniforms_word_layout)
{
	struct fx_shader *s = fx_shader_with_uniforms();
	GLuint p = fx_program(s), w[40];
	GLint color = glGetUniformLocation(p, "uColor"), arr3 = glGetUniformLocation(p, "uArr[3]");
	GLint loc[4];
	GLsizei cnt[4];
	GLfloat f[4];
	unsigned k;

	for (k = 0; k < 40; k++)
		w[k] = fbits((float)k);
	/* -1 (count 7) then uColor: uColor reads words 0-3. */
	loc[0] = -1;
	cnt[0] = 7;
	loc[1] = color;
	cnt[1] = 1;
	glUniformsDMP(2, loc, cnt, w);
	ck_gl_error(GL_NO_ERROR);
	glGetUniformfv(p, color, f);
	ck_assert(f[0] == 0.0f && f[1] == 1.0f && f[2] == 2.0f && f[3] == 3.0f);
	/* uArr[3] count 3 (one fits: words 0-3; words 4-11 skipped), then
	 * uColor from word 12. */
	loc[0] = arr3;
	cnt[0] = 3;
	glUniformsDMP(2, loc, cnt, w);
	ck_gl_error(GL_NO_ERROR);
	glGetUniformfv(p, arr3, f);
	ck_assert(f[0] == 0.0f && f[3] == 3.0f);
	glGetUniformfv(p, color, f);
	ck_assert(f[0] == 12.0f && f[3] == 15.0f);
	/* uColor twice: the second entry (words 4-7) wins. */
	loc[0] = color;
	cnt[0] = 1;
	glUniformsDMP(2, loc, cnt, w);
	glGetUniformfv(p, color, f);
	ck_assert(f[0] == 4.0f && f[3] == 7.0f);
	/* Count 0 takes no words and sets nothing. */
	cnt[0] = 0;
	glUniformsDMP(2, loc, cnt, w + 20);
	glGetUniformfv(p, color, f);
	ck_assert(f[0] == 20.0f);
	/* n = 0 does nothing, even with NULL arrays. */
	glUniformsDMP(0, NULL, NULL, NULL);
	ck_gl_error(GL_NO_ERROR);
	fx_shader_free(s);
}
END_TEST

/* glGetUniformsDMP reads glUniformsDMP's layout: the words given come back
 * (ints modulo 256, bools as 0/1), -1 takes no words, the words of
 * elements past an array's end are left as they were. */
START_TEST(test_uniforms_get_reads_the_same_layout)
{
	struct fx_shader *s = fx_shader_with_uniforms();
	GLuint p = fx_program(s), got[UNI_WORDS + 8], w[UNI_WORDS + 1];
	struct uni_locs l;
	GLint loc[UNI_ENTRIES];
	GLsizei cnt[UNI_ENTRIES];
	unsigned k;

	uni_locations(p, &l);
	uni_words(&l, loc, cnt, w);
	glUniformsDMP(UNI_ENTRIES, loc, cnt, w);
	ck_gl_error(GL_NO_ERROR);
	for (k = 0; k < UNI_WORDS + 8; k++)
		got[k] = 0xA5A5A5A5u;
	glUseProgram(0);                        /* the program is named, not the one in use */
	glGetUniformsDMP(p, UNI_ENTRIES, loc, cnt, got);
	ck_gl_error(GL_NO_ERROR);
	/* uColor: the bit patterns, -0.0 and 1e10 included. */
	ck_assert_mem_eq(got, w, 4 * sizeof *w);
	/* uArr[2], count 3: two elements, the third's words untouched. */
	ck_assert_mem_eq(got + 4, w + 4, 8 * sizeof *w);
	for (k = 12; k < 16; k++)
		ck_assert_uint_eq(got[k], 0xA5A5A5A5u);
	/* uLoop: 3, 1, 255, 300 mod 256. */
	ck_assert_uint_eq(got[16], 3);
	ck_assert_uint_eq(got[18], 255);
	ck_assert_uint_eq(got[19], 44);
	/* uFlag, uFlags[1..3]: 0/1. */
	ck_assert_uint_eq(got[20], 1);
	ck_assert_uint_eq(got[21], 1);
	ck_assert_uint_eq(got[22], 0);
	ck_assert_uint_eq(got[23], 1);
	/* shared, gScale, then the reserved ones as given. */
	ck_assert_mem_eq(got + 24, w + 24, (UNI_WORDS - 24) * sizeof *w);
	ck_assert_uint_eq(got[UNI_WORDS], 0xA5A5A5A5u);         /* nothing past the end */
	/* The words read set the same values back, so the round trip holds. */
	glUseProgram(p);
	glUniformsDMP(UNI_ENTRIES, loc, cnt, got);
	ck_gl_error(GL_NO_ERROR);
	{
		GLuint again[UNI_WORDS + 8];
		memcpy(again, got, sizeof again);
		glGetUniformsDMP(p, UNI_ENTRIES, loc, cnt, again);
		ck_assert_mem_eq(again, got, sizeof again);
	}
	fx_shader_free(s);
}
END_TEST

/* ---- errors ------------------------------------------------------------------ */

/* Bad entries for glUniformsDMP: k valid entries before the bad one, so
 * the rule "checked before any is set" is what keeps them unchanged. */
enum bad_kind {
	BAD_NEG_COUNT, BAD_LOCATION, BAD_NEG_LOCATION, BAD_NOT_ARRAY, BAD_DMP_COUNT,
	BAD_DMP_ENUM, BAD_DMP_RANGE, BAD_DMP_IVEC3
};

static const struct {
	enum bad_kind kind;
	GLenum error;
	const char *what;
} bad_sets[] = {
	{ BAD_NEG_COUNT, GL_INVALID_VALUE, "count -1" },
	{ BAD_LOCATION, GL_INVALID_OPERATION, "location of no uniform" },
	{ BAD_NEG_LOCATION, GL_INVALID_OPERATION, "location -2" },
	{ BAD_NOT_ARRAY, GL_INVALID_OPERATION, "count 2 for a c uniform that is no array" },
	{ BAD_DMP_COUNT, GL_INVALID_OPERATION, "count 2 for a reserved uniform" },
	{ BAD_DMP_ENUM, GL_INVALID_ENUM, "combineRgb not a combine mode" },
	{ BAD_DMP_RANGE, GL_INVALID_VALUE, "scale 3" },
	{ BAD_DMP_IVEC3, GL_INVALID_ENUM, "third source not a source" },
};

START_TEST(test_uniforms_bad_entry_changes_nothing)
{
	struct fx_shader *s = fx_shader_with_uniforms();
	GLuint p = fx_program(s), w[16];
	struct uni_state before, after;
	GLint loc[3];
	GLsizei cnt[3] = { 1, 1, 1 };
	GLuint rejected[3];
	unsigned k;

	for (k = 0; k < 16; k++)
		w[k] = fbits(10.0f + (float)k);
	/* Two good entries: uColor (words 0-3) and uFlag (word 4). */
	loc[0] = glGetUniformLocation(p, "uColor");
	loc[1] = glGetUniformLocation(p, "uFlag");
	w[4] = 1;
	switch (bad_sets[_i].kind) {
	case BAD_NEG_COUNT: loc[2] = glGetUniformLocation(p, "uArr"); cnt[2] = -1; break;
	case BAD_LOCATION: loc[2] = 0x7F0000; break;
	case BAD_NEG_LOCATION: loc[2] = -2; break;
	case BAD_NOT_ARRAY: loc[2] = glGetUniformLocation(p, "shared"); cnt[2] = 2; break;
	case BAD_DMP_COUNT:
		loc[2] = glGetUniformLocation(p, "dmp_TexEnv[0].combineRgb");
		cnt[2] = 2;
		break;
	case BAD_DMP_ENUM:
		loc[2] = glGetUniformLocation(p, "dmp_TexEnv[0].combineRgb");
		w[5] = 0x1234;
		break;
	case BAD_DMP_RANGE:
		loc[2] = glGetUniformLocation(p, "dmp_TexEnv[0].scaleRgb");
		w[5] = fbits(3.0f);
		break;
	case BAD_DMP_IVEC3:
		loc[2] = glGetUniformLocation(p, "dmp_TexEnv[0].srcRgb");
		w[5] = GL_CONSTANT;
		w[6] = GL_PREVIOUS;
		w[7] = 0x1234;
		break;
	}
	ck_gl_error(GL_NO_ERROR);
	rejected[0] = nngxShimGetDiagCount(NNGX_SHIM_DIAG_GL_VALUE_REJECTED);
	rejected[1] = nngxShimGetDiagCount(NNGX_SHIM_DIAG_GL_OPERATION_REJECTED);
	rejected[2] = nngxShimGetDiagCount(NNGX_SHIM_DIAG_GL_ENUM_REJECTED);
	uni_take(p, &before);
	glUniformsDMP(3, loc, cnt, w);
	ck_assert_msg(glGetError() == bad_sets[_i].error, "%s", bad_sets[_i].what);
	ck_gl_error(GL_NO_ERROR);
	uni_take(p, &after);
	uni_assert_same(&before, &after);
	/* One diagnostic says why. */
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_GL_VALUE_REJECTED)
			  + nngxShimGetDiagCount(NNGX_SHIM_DIAG_GL_OPERATION_REJECTED)
			  + nngxShimGetDiagCount(NNGX_SHIM_DIAG_GL_ENUM_REJECTED),
			  rejected[0] + rejected[1] + rejected[2] + 1);
	/* The same entry alone through glUniformsDMP and through its own
	 * glUniform*v call records the same error. */
	glUniformsDMP(1, loc + 2, cnt + 2, w + 5);
	ck_assert_msg(glGetError() == bad_sets[_i].error, "%s alone", bad_sets[_i].what);
	switch (bad_sets[_i].kind) {
	case BAD_NEG_COUNT: glUniform4fv(loc[2], -1, NULL); break;
	case BAD_LOCATION: case BAD_NEG_LOCATION: case BAD_NOT_ARRAY: {
		GLfloat v[8] = { 0 };
		glUniform4fv(loc[2], cnt[2], v);
		break;
	}
	case BAD_DMP_COUNT: {
		GLint v[2] = { GL_REPLACE, GL_REPLACE };
		glUniform1iv(loc[2], 2, v);
		break;
	}
	case BAD_DMP_ENUM: glUniform1i(loc[2], 0x1234); break;
	case BAD_DMP_RANGE: glUniform1f(loc[2], 3.0f); break;
	case BAD_DMP_IVEC3: glUniform3i(loc[2], GL_CONSTANT, GL_PREVIOUS, 0x1234); break;
	}
	ck_assert_msg(glGetError() == bad_sets[_i].error, "%s by glUniform*", bad_sets[_i].what);
	uni_take(p, &after);
	uni_assert_same(&before, &after);
	/* Without the bad entry the two good ones are set. */
	glUniformsDMP(2, loc, cnt, w);
	ck_gl_error(GL_NO_ERROR);
	uni_take(p, &after);
	ck_assert(memcmp(after.stage[0].f, before.stage[0].f, sizeof before.stage[0].f) != 0);
	ck_assert_uint_eq((after.stage[0].b >> 3) & 1u, 1);
	fx_shader_free(s);
}
END_TEST

/* The call-level rules: no program in use; NULL arrays; a NULL value. */
START_TEST(test_uniforms_call_errors)
{
	struct fx_shader *s = fx_shader_with_uniforms();
	GLuint p = fx_program(s), w[4] = { 1, 2, 3, 4 };
	GLint loc = glGetUniformLocation(p, "uColor"), minus = -1;
	GLsizei one = 1;
	struct uni_state before, after;
	GLuint args = nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_ARGUMENT);

	uni_take(p, &before);
	glUniformsDMP(1, &loc, &one, NULL);
	ck_gl_error(GL_NO_ERROR);
	glUniformsDMP(1, NULL, &one, w);
	glUniformsDMP(1, &loc, NULL, w);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_ARGUMENT), args + 3);
	/* A NULL value is fine when no entry takes words. */
	glUniformsDMP(1, &minus, &one, NULL);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_ARGUMENT), args + 3);
	uni_take(p, &after);
	uni_assert_same(&before, &after);
	/* No program in use: GL_INVALID_OPERATION, as for glUniform*, even
	 * for location -1 and n = 0. */
	glUseProgram(0);
	glUniformsDMP(1, &loc, &one, w);
	ck_gl_error(GL_INVALID_OPERATION);
	glUniformsDMP(1, &minus, &one, w);
	ck_gl_error(GL_INVALID_OPERATION);
	glUniformsDMP(0, NULL, NULL, NULL);
	ck_gl_error(GL_INVALID_OPERATION);
	uni_take(p, &after);
	uni_assert_same(&before, &after);
	fx_shader_free(s);
}
END_TEST

/* glGetUniformsDMP's errors write nothing into params. */
enum bad_get {
	GET_PROGRAM_ZERO, GET_PROGRAM_UNKNOWN, GET_PROGRAM_SHADER, GET_NOT_LINKED,
	GET_NEG_COUNT, GET_LOCATION, GET_NOT_ARRAY, GET_DMP_COUNT
};

static const struct {
	enum bad_get kind;
	GLenum error;
} bad_gets[] = {
	{ GET_PROGRAM_ZERO, GL_INVALID_VALUE },
	{ GET_PROGRAM_UNKNOWN, GL_INVALID_VALUE },
	{ GET_PROGRAM_SHADER, GL_INVALID_OPERATION },
	{ GET_NOT_LINKED, GL_INVALID_OPERATION },
	{ GET_NEG_COUNT, GL_INVALID_VALUE },
	{ GET_LOCATION, GL_INVALID_OPERATION },
	{ GET_NOT_ARRAY, GL_INVALID_OPERATION },
	{ GET_DMP_COUNT, GL_INVALID_OPERATION },
};

START_TEST(test_uniforms_get_errors_write_nothing)
{
	struct fx_shader *s = fx_shader_with_uniforms();
	GLuint p = fx_program(s), program = p, out[16];
	GLint loc[2];
	GLsizei cnt[2] = { 1, 1 };
	unsigned k;

	loc[0] = glGetUniformLocation(p, "uColor");
	loc[1] = glGetUniformLocation(p, "uLoop");
	switch (bad_gets[_i].kind) {
	case GET_PROGRAM_ZERO: program = 0; break;
	case GET_PROGRAM_UNKNOWN: program = 999; break;
	case GET_PROGRAM_SHADER: program = glCreateShader(GL_VERTEX_SHADER); break;
	case GET_NOT_LINKED: program = glCreateProgram(); break;
	case GET_NEG_COUNT: cnt[1] = -1; break;
	case GET_LOCATION: loc[1] = 0x7F0000; break;
	case GET_NOT_ARRAY: cnt[1] = 2; break;
	case GET_DMP_COUNT:
		loc[1] = glGetUniformLocation(p, "dmp_Fog.color");
		cnt[1] = 2;
		break;
	}
	ck_gl_error(GL_NO_ERROR);
	for (k = 0; k < 16; k++)
		out[k] = 0x5A5A5A5Au;
	glGetUniformsDMP(program, 2, loc, cnt, out);
	ck_gl_error(bad_gets[_i].error);
	for (k = 0; k < 16; k++)
		ck_assert_uint_eq(out[k], 0x5A5A5A5Au);
	fx_shader_free(s);
}
END_TEST

START_TEST(test_uniforms_get_null_arguments)
{
	struct fx_shader *s = fx_shader_with_uniforms();
	GLuint p = fx_program(s), out[4] = { 7, 7, 7, 7 };
	GLint loc = glGetUniformLocation(p, "uColor"), minus = -1;
	GLsizei one = 1;
	GLuint args = nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_ARGUMENT);

	glGetUniformsDMP(p, 1, &loc, &one, NULL);
	glGetUniformsDMP(p, 1, NULL, &one, out);
	glGetUniformsDMP(p, 1, &loc, NULL, out);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_ARGUMENT), args + 3);
	ck_assert_uint_eq(out[0], 7);
	/* Nothing to write: a NULL params is fine. */
	glGetUniformsDMP(p, 1, &minus, &one, NULL);
	glGetUniformsDMP(p, 0, NULL, NULL, NULL);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_ARGUMENT), args + 3);
	fx_shader_free(s);
}
END_TEST

/* Every value a reserved uniform takes is modelled now (texture unit 0's
 * cube, shadow and projection samplers included): setting one through
 * glUniformsDMP or glUniform1i keeps it and says nothing. */
START_TEST(test_uniforms_modelled_sampler_value_says_nothing)
{
	struct fx_shader *s = fx_shader_with_uniforms();
	GLuint p = fx_program(s), w = GL_TEXTURE_CUBE_MAP;
	GLint loc = glGetUniformLocation(p, "dmp_Texture[0].samplerType");
	GLsizei one = 1;
	GLuint base = nngxShimGetDiagCount(NNGX_SHIM_DIAG_NOT_MODELLED);
	GLint v = 0;

	glUniformsDMP(1, &loc, &one, &w);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_NOT_MODELLED), base);
	glGetUniformiv(p, loc, &v);
	ck_assert_int_eq(v, GL_TEXTURE_CUBE_MAP);
	glUniform1i(loc, GL_TEXTURE_SHADOW_2D_DMP);
	ck_gl_error(GL_NO_ERROR);
	glGetUniformiv(p, loc, &v);
	ck_assert_int_eq(v, GL_TEXTURE_SHADOW_2D_DMP);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_NOT_MODELLED), base);
	fx_shader_free(s);
}
END_TEST

/* ---- through the model ------------------------------------------------------- */

#define FB_W 240
#define FB_H 400

/* o0 = v0 + uOffset (c5), o1 = uColor (c6). */
static struct fx_shader *shader_offset_color(void)
{
	struct fx_shader *s = fx_shader_new();
	size_t vs;

	asm_add(&s->a, asm_o(0), asm_c(5), asm_v(0));
	asm_mov(&s->a, asm_o(1), asm_c(6));
	asm_end(&s->a);
	fx_shader_code(s);
	vs = shbin_writer_add_entry(&s->w, 0, 0, s->a.ncode);
	shbin_writer_add_output(&s->w, vs, 0, 0, 0xF);
	shbin_writer_add_output(&s->w, vs, 2, 1, 0xF);
	shbin_writer_add_uniform(&s->w, vs, "aPosition", 0x00, 0x00);
	shbin_writer_add_uniform(&s->w, vs, "uOffset", 0x15, 0x15);
	shbin_writer_add_uniform(&s->w, vs, "uColor", 0x16, 0x16);
	fx_shader_binary(s);
	return s;
}

static const float scene_triangles[] = {
	-0.5f, -0.5f, -0.5f,   0.5f, -0.5f, -0.5f,   0.0f, 0.5f, -0.5f,
	-0.5f,  0.5f, -0.5f,   0.5f,  0.5f, -0.5f,   0.0f, 0.9f, -0.5f,
};

/* What a draw left: counters, command words, pixels. */
struct scene_result {
	struct fx_counters d;
	GLint used;
	uint32_t words_hash, pixels_hash;
};

static uint32_t hash_bytes(const void *p, size_t n)
{
	const uint8_t *b = p;
	uint32_t h = 2166136261u;
	size_t k;

	for (k = 0; k < n; k++)
		h = (h ^ b[k]) * 16777619u;
	return h;
}

/* One draw of two triangles, uOffset = (dx, 0, 0, 0), uColor = rgba, the
 * combiner passing the primary colour; the uniforms set by glUniformsDMP
 * (raw) or by glUniform4fv / glUniform3i (calls). */
static void scene_draw(bool raw, float dx, const float rgba[4], struct scene_result *r)
{
	static uint8_t px[FB_W * FB_H * 4];
	struct fx_shader *s;
	struct fx_counters c0, c1;
	GLuint p, w[4 + 4 + 3 + 3], bufaddr = 0;
	GLint loc[4];
	GLsizei cnt[4] = { 1, 1, 1, 1 };
	const float off[4] = { dx, 0, 0, 0 };
	const GLint primary[3] = { GL_PRIMARY_COLOR, GL_PRIMARY_COLOR, GL_PRIMARY_COLOR };
	unsigned k;

	fx_reset();
	fx_list(1 << 16, 8);
	s = shader_offset_color();
	p = fx_program(s);
	fx_positions(scene_triangles, 6);
	loc[0] = glGetUniformLocation(p, "uOffset");
	loc[1] = glGetUniformLocation(p, "uColor");
	loc[2] = glGetUniformLocation(p, "dmp_TexEnv[0].srcRgb");
	loc[3] = glGetUniformLocation(p, "dmp_TexEnv[0].srcAlpha");
	if (raw) {
		for (k = 0; k < 4; k++) {
			w[k] = fbits(off[k]);
			w[4 + k] = fbits(rgba[k]);
		}
		for (k = 0; k < 3; k++)
			w[8 + k] = w[11 + k] = GL_PRIMARY_COLOR;
		glUniformsDMP(4, loc, cnt, w);
	} else {
		glUniform4fv(loc[0], 1, off);
		glUniform4fv(loc[1], 1, rgba);
		glUniform3iv(loc[2], 1, primary);
		glUniform3i(loc[3], GL_PRIMARY_COLOR, GL_PRIMARY_COLOR, GL_PRIMARY_COLOR);
	}
	ck_gl_error(GL_NO_ERROR);
	glClearColor(0, 0, 0, 0);
	glClear(GL_COLOR_BUFFER_BIT);
	fx_counters_read(&c0);
	glDrawArrays(GL_TRIANGLES, 0, 6);
	ck_gl_error(GL_NO_ERROR);
	r->used = fx_used_bytes();
	nngxGetCmdlistParameteri(NN_GX_CMDLIST_TOP_BUFADDR, (GLint *)&bufaddr);
	ck_assert_uint_ne(bufaddr, 0);
	ck_assert_ptr_nonnull(nngxShimGetHostPointer(bufaddr));
	r->words_hash = hash_bytes(nngxShimGetHostPointer(bufaddr), (size_t)r->used);
	glFinish();
	fx_counters_read(&c1);
	fx_counters_diff(&c0, &c1, &r->d);
	glReadPixels(0, 0, FB_W, FB_H, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_gl_error(GL_NO_ERROR);
	r->pixels_hash = hash_bytes(px, sizeof px);
	fx_shader_free(s);
}

START_TEST(test_uniforms_draw_like_the_glUniform_calls)
{
	static const float red[4] = { 1, 0, 0, 1 }, green[4] = { 0, 1, 0, 1 };
	struct scene_result raw, calls, other;

	scene_draw(true, 0.25f, red, &raw);
	scene_draw(false, 0.25f, red, &calls);
	ck_assert_mem_eq(&raw.d, &calls.d, sizeof raw.d);
	ck_assert_int_eq(raw.used, calls.used);
	ck_assert_uint_eq(raw.words_hash, calls.words_hash);
	ck_assert_uint_eq(raw.pixels_hash, calls.pixels_hash);
	ck_assert_uint_eq(raw.d.polygon[2], 2);
	/* The values matter: another colour changes the pixels and the
	 * words, an offset off screen the polygons. */
	scene_draw(true, 0.25f, green, &other);
	ck_assert_uint_ne(other.pixels_hash, raw.pixels_hash);
	ck_assert_uint_ne(other.words_hash, raw.words_hash);
	scene_draw(true, 5.0f, red, &other);
	ck_assert_uint_eq(other.d.polygon[2], 0);          /* clipped away */
	ck_assert_uint_ne(other.pixels_hash, raw.pixels_hash);
	scene_draw(false, 5.0f, red, &calls);
	ck_assert_mem_eq(&other.d, &calls.d, sizeof other.d);
	ck_assert_uint_eq(other.pixels_hash, calls.pixels_hash);
}
END_TEST

static Suite *uniforms_suite(void)
{
	Suite *s = suite_create("gl_uniforms");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, test_uniforms_words_set_what_the_glUniform_calls_set);
	tcase_add_test(tc, test_uniforms_word_layout);
	tcase_add_test(tc, test_uniforms_get_reads_the_same_layout);
	tcase_add_loop_test(tc, test_uniforms_bad_entry_changes_nothing, 0,
			    (int)(sizeof bad_sets / sizeof bad_sets[0]));
	tcase_add_test(tc, test_uniforms_call_errors);
	tcase_add_loop_test(tc, test_uniforms_get_errors_write_nothing, 0,
			    (int)(sizeof bad_gets / sizeof bad_gets[0]));
	tcase_add_test(tc, test_uniforms_get_null_arguments);
	tcase_add_test(tc, test_uniforms_modelled_sampler_value_says_nothing);
	tcase_add_test(tc, test_uniforms_draw_like_the_glUniform_calls);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(uniforms_suite());
}
