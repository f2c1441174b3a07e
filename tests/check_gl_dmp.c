/* check_gl_dmp.c: the reserved uniforms (gles_stub/gl_dmp.c) against the
 * SDK's table, tests/data/dmp-uniforms.tsv, row by row: name, type and
 * fixed location; glGetUniformLocation's answer; the default read back;
 * the type and count checks; a value set through the fixed location alone
 * and read back; the error of an out-of-range value. Then the registers a
 * GL draw writes for each group (driver/gl_cmdfrag.c), field by field
 * against values computed by hand from fragment-pipeline.md's layouts;
 * glUniformMatrix*fv with transpose GL_TRUE; the GL_LOC_DMP_* macros. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <nn/gx/CTR/gx_UniformLocationForFragmentShader.h>

#include "gl_fixture.h"
#include "gles_stub/gl_entry.h"
#include "hw/hw_regs.h"

#define ck_gl_error(code) ck_assert_uint_eq(glGetError(), (code))
#define ROWS 297

static const GLfloat one_triangle[] = {
	-0.5f, -0.5f, -0.5f,   0.5f, -0.5f, -0.5f,   0.0f, 0.5f, -0.5f,
};

static struct fx_shader *shader;
static GLuint program;

static void setup(void)
{
	fx_reset();
	fx_list(1 << 20, 64);
	shader = fx_shader_passthrough();
	program = fx_program(shader);
	fx_positions(one_triangle, 3);
}

static void teardown(void)
{
	fx_shader_free(shader);
	shader = NULL;
}

/* ---- the TSV ---------------------------------------------------------------- */

struct tsv_row {
	unsigned slot;
	char name[64], type[24], def[160];
	unsigned components;
	uint32_t location;
};

static struct tsv_row tsv[ROWS];
static unsigned tsv_count;

static void tsv_load(void)
{
	const char *dir = getenv("NNGX_TEST_DATA");
	char path[512], line[1024];
	FILE *f;

	if (tsv_count)
		return;
	snprintf(path, sizeof path, "%s/dmp-uniforms.tsv", dir ? dir : "tests/data");
	f = fopen(path, "r");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	while (fgets(line, sizeof line, f)) {
		char *field[11];
		unsigned n = 0;
		char *p = line;

		if (line[0] == '#' || strncmp(line, "slot\t", 5) == 0)
			continue;
		line[strcspn(line, "\n")] = '\0';
		while (n < 11) {
			field[n++] = p;
			p = strchr(p, '\t');
			if (!p)
				break;
			*p++ = '\0';
		}
		ck_assert_uint_ge(n, 9);
		ck_assert_uint_lt(tsv_count, ROWS);
		tsv[tsv_count].slot = (unsigned)strtoul(field[0], NULL, 10);
		snprintf(tsv[tsv_count].name, sizeof tsv[0].name, "%s", field[1]);
		snprintf(tsv[tsv_count].type, sizeof tsv[0].type, "%s", field[2]);
		tsv[tsv_count].components = (unsigned)strtoul(field[4], NULL, 10);
		tsv[tsv_count].location = (uint32_t)strtoul(field[5], NULL, 16);
		snprintf(tsv[tsv_count].def, sizeof tsv[0].def, "%s", field[7]);
		tsv_count++;
	}
	fclose(f);
	ck_assert_uint_eq(tsv_count, ROWS);
}

static GLenum type_of(const char *s)
{
	static const struct { const char *name; GLenum type; } t[] = {
		{ "GL_BOOL", GL_BOOL }, { "GL_INT", GL_INT }, { "GL_INT_VEC2", GL_INT_VEC2 },
		{ "GL_INT_VEC3", GL_INT_VEC3 }, { "GL_FLOAT", GL_FLOAT },
		{ "GL_FLOAT_VEC3", GL_FLOAT_VEC3 }, { "GL_FLOAT_VEC4", GL_FLOAT_VEC4 },
		{ "GL_SAMPLER_1D", GL_SAMPLER_1D },
	};
	unsigned k;

	for (k = 0; k < sizeof t / sizeof t[0]; k++)
		if (strcmp(t[k].name, s) == 0)
			return t[k].type;
	ck_abort_msg("type %s", s);
	return 0;
}

static bool is_float(GLenum t)
{
	return t == GL_FLOAT || t == GL_FLOAT_VEC3 || t == GL_FLOAT_VEC4;
}

/* The enum names the default column uses. */
static GLint enum_of(const char *s, size_t len)
{
	static const struct { const char *name; GLint v; } e[] = {
		{ "GL_TRUE", GL_TRUE }, { "GL_FALSE", GL_FALSE }, { "GL_ALWAYS", GL_ALWAYS },
		{ "GL_CLAMP_TO_EDGE", GL_CLAMP_TO_EDGE },
		{ "GL_FRAGOP_MODE_GL_DMP", GL_FRAGOP_MODE_GL_DMP },
		{ "GL_GAS_LIGHT_FACTOR_DMP", GL_GAS_LIGHT_FACTOR_DMP },
		{ "GL_GAS_PLAIN_DENSITY_DMP", GL_GAS_PLAIN_DENSITY_DMP },
		{ "GL_LIGHT_ENV_BUMP_NOT_USED_DMP", GL_LIGHT_ENV_BUMP_NOT_USED_DMP },
		{ "GL_LIGHT_ENV_LAYER_CONFIG0_DMP", GL_LIGHT_ENV_LAYER_CONFIG0_DMP },
		{ "GL_LIGHT_ENV_NH_DMP", GL_LIGHT_ENV_NH_DMP },
		{ "GL_LIGHT_ENV_NO_FRESNEL_DMP", GL_LIGHT_ENV_NO_FRESNEL_DMP },
		{ "GL_LINEAR", GL_LINEAR }, { "GL_NONE_DMP", GL_NONE_DMP },
		{ "GL_PROCTEX_U_DMP", GL_PROCTEX_U_DMP }, { "GL_REPLACE", GL_REPLACE },
		{ "GL_TEXTURE0", GL_TEXTURE0 }, { "GL_TEXTURE2", GL_TEXTURE2 },
		{ "GL_PREVIOUS_BUFFER_DMP", GL_PREVIOUS_BUFFER_DMP },
		{ "GL_SRC_ALPHA", GL_SRC_ALPHA }, { "GL_SRC_COLOR", GL_SRC_COLOR },
	};
	unsigned k;

	for (k = 0; k < sizeof e / sizeof e[0]; k++)
		if (strlen(e[k].name) == len && strncmp(e[k].name, s, len) == 0)
			return e[k].v;
	ck_abort_msg("enum %.*s", (int)len, s);
	return 0;
}

/* The default a row reads back: the TSV's, but for the combiner sources
 * (open question E.1; libnngx's documented choice) and the LUT samplers
 * ("unset": libnngx's 0). Into fv (float rows) or iv. */
static void expected_default(const struct tsv_row *r, GLfloat *fv, GLint *iv)
{
	GLenum type = type_of(r->type);
	const char *p = r->def;
	unsigned k;

	if (strstr(r->name, ".srcRgb") || strstr(r->name, ".srcAlpha")) {
		bool stage0 = strstr(r->name, "[0]") != NULL;

		iv[0] = stage0 ? GL_TEXTURE0 : GL_PREVIOUS;
		iv[1] = iv[2] = GL_PRIMARY_COLOR;
		return;
	}
	if (strncmp(p, "unset", 5) == 0) {
		iv[0] = 0;
		return;
	}
	if (*p == '(')
		p++;
	for (k = 0; k < r->components; k++) {
		size_t len = strcspn(p, ",) ");

		if (strncmp(p, "GL_", 3) == 0)
			iv[k] = enum_of(p, len);
		else if (is_float(type))
			fv[k] = strtof(p, NULL);
		else
			iv[k] = (GLint)strtol(p, NULL, 10);
		p += len + 1;
	}
}

/* A value the row takes that is not its default (iv or fv), set with the
 * call its type asks for. */
static void valid_value(const struct tsv_row *r, GLfloat *fv, GLint *iv)
{
	static const struct { const char *suffix; GLint v[3]; } ints[] = {
		{ "[0].samplerType", { GL_TEXTURE_2D } }, { "[1].samplerType", { GL_TEXTURE_2D } },
		{ "[2].samplerType", { GL_TEXTURE_2D } },
		{ "[3].samplerType", { GL_TEXTURE_PROCEDURAL_DMP } },
		{ "[2].texcoord", { GL_TEXTURE1 } }, { "[3].texcoord", { GL_TEXTURE2 } },
		{ "ptRgbMap", { GL_PROCTEX_MAX_DMP } }, { "ptAlphaMap", { GL_PROCTEX_RMAX_DMP } },
		{ "ptClampU", { GL_PULSE_DMP } }, { "ptClampV", { GL_CLAMP_TO_ZERO_DMP } },
		{ "ptShiftU", { GL_ODD_DMP } }, { "ptShiftV", { GL_EVEN_DMP } },
		{ "ptMinFilter", { GL_NEAREST_MIPMAP_LINEAR } }, { "ptTexWidth", { 128 } },
		{ "ptTexOffset", { 64 } }, { "Operation.mode", { GL_FRAGOP_MODE_SHADOW_DMP } },
		{ "alphaTestFunc", { GL_GEQUAL } }, { "colorLutInput", { GL_GAS_DENSITY_DMP } },
		{ "shadingDensitySrc", { GL_GAS_DEPTH_DENSITY_DMP } },
		{ "fresnelSelector", { GL_LIGHT_ENV_PRI_SEC_ALPHA_FRESNEL_DMP } },
		{ "Selector", { GL_TEXTURE3 } }, { "bumpMode", { GL_LIGHT_ENV_BUMP_AS_TANG_DMP } },
		{ "LightEnv.config", { GL_LIGHT_ENV_LAYER_CONFIG7_DMP } },
		{ "combineRgb", { GL_DOT3_RGB } }, { "combineAlpha", { GL_ADD_MULT_DMP } },
		{ "srcRgb", { GL_TEXTURE1, GL_CONSTANT, GL_FRAGMENT_SECONDARY_COLOR_DMP } },
		{ "srcAlpha", { GL_CONSTANT, GL_TEXTURE3, GL_PRIMARY_COLOR } },
		{ "operandRgb", { GL_SRC_R_DMP, GL_ONE_MINUS_SRC_ALPHA, GL_ONE_MINUS_SRC_B_DMP } },
		{ "operandAlpha", { GL_SRC_G_DMP, GL_ONE_MINUS_SRC_ALPHA, GL_ONE_MINUS_SRC_R_DMP } },
		{ "bufferInput", { GL_PREVIOUS, GL_PREVIOUS_BUFFER_DMP } },
		{ "Fog.mode", { GL_FOG } },
	};
	GLenum type = type_of(r->type);
	size_t len = strlen(r->name);
	unsigned k;

	if (type == GL_SAMPLER_1D) {
		iv[0] = 31;
		return;
	}
	if (type == GL_BOOL) {
		GLint d = 0;

		expected_default(r, fv, &d);
		iv[0] = !d;
		return;
	}
	if (is_float(type)) {
		bool scale = strstr(r->name, "lutScale") || strstr(r->name, ".scale");

		for (k = 0; k < r->components; k++)
			fv[k] = scale ? 2.0f : 0.125f * (float)(k + 1);
		if (strstr(r->name, "lutScale"))
			fv[0] = 0.25f;
		return;
	}
	for (k = 0; k < sizeof ints / sizeof ints[0]; k++) {
		size_t sl = strlen(ints[k].suffix);

		if (strstr(r->name, "lutInput")) {
			iv[0] = GL_LIGHT_ENV_CP_DMP;
			return;
		}
		if (len >= sl && strstr(r->name, ints[k].suffix)) {
			memcpy(iv, ints[k].v, sizeof ints[k].v);
			return;
		}
	}
	ck_abort_msg("no valid value for %s", r->name);
}

/* Set row `r` through glUniform{n}{i,f}v with values iv / fv. */
static void set_row(GLint loc, GLenum type, unsigned n, const GLfloat *fv, const GLint *iv)
{
	if (is_float(type)) {
		if (n == 1)
			glUniform1fv(loc, 1, fv);
		else if (n == 3)
			glUniform3fv(loc, 1, fv);
		else
			glUniform4fv(loc, 1, fv);
	} else if (n == 1) {
		glUniform1iv(loc, 1, iv);
	} else if (n == 2) {
		glUniform2iv(loc, 1, iv);
	} else {
		glUniform3iv(loc, 1, iv);
	}
}

/* An out-of-range value and its error (GL_NO_ERROR: the row has none). */
static GLenum invalid_value(const struct tsv_row *r, GLfloat *fv, GLint *iv)
{
	GLenum type = type_of(r->type);
	unsigned k;

	if (type == GL_SAMPLER_1D) {
		iv[0] = 32;
		return GL_INVALID_VALUE;
	}
	if (strstr(r->name, "lutScale") || strstr(r->name, ".scale")) {
		fv[0] = 3.0f;
		return GL_INVALID_VALUE;
	}
	if (strstr(r->name, "alphaRefValue")) {
		fv[0] = 1.5f;
		return GL_INVALID_VALUE;
	}
	if (strstr(r->name, "ptTexWidth") || strstr(r->name, "ptTexOffset")) {
		iv[0] = 129;
		return GL_INVALID_ENUM;
	}
	if (type == GL_BOOL || is_float(type))
		return GL_NO_ERROR;
	valid_value(r, fv, iv);
	for (k = 0; k < r->components; k++)
		iv[k] = k == r->components - 1 ? 0x1234 : iv[k];
	return GL_INVALID_ENUM;
}

/* ---- the table, row by row ---------------------------------------------------- */

START_TEST(test_dmp_table_is_the_sdk_table)
{
	unsigned k;

	tsv_load();
	ck_assert_uint_eq(gl_dmp_rows(), ROWS);
	for (k = 0; k < ROWS; k++) {
		const struct tsv_row *r = &tsv[k];

		ck_assert_uint_eq(r->slot, k);
		ck_assert_str_eq(gl_dmp_row_name(k), r->name);
		ck_assert_uint_eq(gl_dmp_row_type(k), type_of(r->type));
		/* The SDK's formula, and the TSV's value. */
		ck_assert_uint_eq(gl_dmp_location_of_slot(k),
				  0xFFFC0000u | k << 2 | (r->components - 1));
		ck_assert_uint_eq(gl_dmp_location_of_slot(k), r->location);
	}
}
END_TEST

START_TEST(test_dmp_row)
{
	const struct tsv_row *r;
	GLenum type, bad;
	GLint loc, iv[4] = { 0, 0, 0, 0 }, want_i[4] = { 0, 0, 0, 0 }, got_i[5];
	GLfloat fv[4] = { 0, 0, 0, 0 }, want_f[4] = { 0, 0, 0, 0 }, got_f[4];
	unsigned k, n;
	GLuint other;

	tsv_load();
	r = &tsv[_i];
	type = type_of(r->type);
	n = r->components;
	loc = (GLint)r->location;
	/* Location. */
	ck_assert_int_eq(glGetUniformLocation(program, r->name), loc);
	/* Default, read back (as floats and as integers). */
	expected_default(r, want_f, want_i);
	memset(got_i, 0x55, sizeof got_i);
	glGetUniformiv(program, loc, got_i);
	glGetUniformfv(program, loc, got_f);
	ck_gl_error(GL_NO_ERROR);
	for (k = 0; k < n; k++) {
		if (is_float(type))
			ck_assert_msg(got_f[k] == want_f[k], "%s[%u] %g", r->name, k,
				      (double)got_f[k]);
		else
			ck_assert_msg(got_i[k] == want_i[k], "%s[%u] 0x%X", r->name, k,
				      (unsigned)got_i[k]);
	}
	ck_assert_int_eq(got_i[n], 0x55555555);        /* no more components */
	/* Type and count checks: the wrong kind, the wrong size, count 2, a
	 * matrix; all GL_INVALID_OPERATION and nothing changes. */
	if (is_float(type))
		glUniform1i(loc, 1);
	else if (type == GL_BOOL)
		glUniform2i(loc, 1, 1);
	else
		glUniform1f(loc, 1.0f);
	ck_gl_error(GL_INVALID_OPERATION);
	if (n == 1)
		glUniform2f(loc, 1.0f, 1.0f);
	else
		glUniform1f(loc, 1.0f);
	ck_gl_error(GL_INVALID_OPERATION);
	valid_value(r, fv, iv);
	if (is_float(type))
		glUniform4fv(loc, 2, (GLfloat[8]){ 0 });
	else
		glUniform1iv(loc, 2, (GLint[8]){ 0 });
	ck_gl_error(GL_INVALID_OPERATION);
	glUniformMatrix2fv(loc, 1, GL_FALSE, (GLfloat[4]){ 0 });
	ck_gl_error(GL_INVALID_OPERATION);
	glUniform1iv(loc + 1 - (GLint)(n == 4 ? 4 : 0), 1, iv);   /* low bits wrong */
	ck_gl_error(GL_INVALID_OPERATION);
	glGetUniformfv(program, loc, got_f);
	glGetUniformiv(program, loc, got_i);
	for (k = 0; k < n; k++)
		ck_assert(is_float(type) ? got_f[k] == want_f[k] : got_i[k] == want_i[k]);
	/* Set through the fixed location on a program that never asked for
	 * it, read back. */
	other = fx_program(shader);
	glUseProgram(other);
	set_row(loc, type, n, fv, iv);
	ck_gl_error(GL_NO_ERROR);
	glGetUniformfv(other, loc, got_f);
	glGetUniformiv(other, loc, got_i);
	for (k = 0; k < n; k++) {
		if (is_float(type))
			ck_assert(got_f[k] == fv[k]);
		else
			ck_assert_int_eq(got_i[k], iv[k]);
	}
	/* The first program kept its own value. */
	glGetUniformiv(program, loc, got_i);
	glGetUniformfv(program, loc, got_f);
	for (k = 0; k < n; k++)
		ck_assert(is_float(type) ? got_f[k] == want_f[k] : got_i[k] == want_i[k]);
	/* A bool also takes glUniform1f. */
	if (type == GL_BOOL) {
		glUniform1f(loc, 0.0f);
		ck_gl_error(GL_NO_ERROR);
		glGetUniformiv(other, loc, got_i);
		ck_assert_int_eq(got_i[0], GL_FALSE);
		set_row(loc, type, n, fv, iv);
	}
	/* Out of range: the SDK's error, and nothing changes. */
	bad = invalid_value(r, fv, iv);
	if (bad != GL_NO_ERROR) {
		set_row(loc, type, n, fv, iv);
		ck_gl_error(bad);
		valid_value(r, fv, iv);
		glGetUniformfv(other, loc, got_f);
		glGetUniformiv(other, loc, got_i);
		for (k = 0; k < n; k++)
			ck_assert(is_float(type) ? got_f[k] == fv[k] : got_i[k] == iv[k]);
	}
	glDeleteProgram(other);
}
END_TEST

START_TEST(test_dmp_gl_loc_macros_set_without_a_query)
{
	GLfloat f[4];
	GLint i;

	glUniform4f((GLint)GL_LOC_DMP_FRAGMENTLIGHTSOURCE0_DIFFUSE, 0.5f, 0.25f, 0.125f, 1.0f);
	glUniform3f((GLint)GL_LOC_DMP_FOG_COLOR, 1.0f, 0.0f, 0.5f);
	glUniform1i((GLint)GL_LOC_DMP_TEXENV2_COMBINERGB, GL_MODULATE);
	ck_gl_error(GL_NO_ERROR);
	glGetUniformfv(program, (GLint)GL_LOC_DMP_FRAGMENTLIGHTSOURCE0_DIFFUSE, f);
	ck_assert(f[0] == 0.5f && f[1] == 0.25f && f[2] == 0.125f && f[3] == 1.0f);
	glGetUniformfv(program, (GLint)GL_LOC_DMP_FOG_COLOR, f);
	ck_assert(f[0] == 1.0f && f[1] == 0.0f && f[2] == 0.5f);
	glGetUniformiv(program, (GLint)GL_LOC_DMP_TEXENV2_COMBINERGB, &i);
	ck_assert_int_eq(i, GL_MODULATE);
	/* No program in use: GL_INVALID_OPERATION (ES 2.0). */
	glUseProgram(0);
	glUniform1i((GLint)GL_LOC_DMP_TEXENV2_COMBINERGB, GL_ADD);
	ck_gl_error(GL_INVALID_OPERATION);
}
END_TEST

/* ---- transpose ------------------------------------------------------------------- */

START_TEST(test_dmp_uniform_matrix_transpose_is_rows)
{
	struct fx_shader *s = fx_shader_with_uniforms();
	GLuint p = fx_program(s);
	GLint mvp = glGetUniformLocation(p, "mvp");
	const struct gl_executable *exe;
	GLfloat m[16], got[4];
	unsigned r, c;

	for (r = 0; r < 16; r++)
		m[r] = (GLfloat)(r + 1);
	glUseProgram(p);
	exe = gl_object_find(&nngx_state_get()->gl, p)->u.program.exe;
	/* GL_TRUE: the floats are rows already; register r = m[4r..4r+3]. */
	glUniformMatrix4fv(mvp, 1, GL_TRUE, m);
	ck_gl_error(GL_NO_ERROR);
	for (r = 0; r < 4; r++)
		for (c = 0; c < 4; c++)
			ck_assert(exe->stage[GL_STAGE_VERTEX].f[r][c] == m[4 * r + c]);
	glGetUniformfv(p, glGetUniformLocation(p, "mvp[1]"), got);
	ck_assert(got[0] == 5.0f && got[3] == 8.0f);
	/* GL_FALSE: columns; register r = (m[r], m[4 + r], m[8 + r], m[12 + r]). */
	glUniformMatrix4fv(mvp, 1, GL_FALSE, m);
	for (r = 0; r < 4; r++)
		for (c = 0; c < 4; c++)
			ck_assert(exe->stage[GL_STAGE_VERTEX].f[r][c] == m[4 * c + r]);
	/* 2x2 and 3x3 rows likewise; a row's other components are kept. */
	glUniformMatrix2fv(mvp, 1, GL_TRUE, (GLfloat[4]){ 1, 2, 3, 4 });
	ck_assert(exe->stage[GL_STAGE_VERTEX].f[0][0] == 1 && exe->stage[GL_STAGE_VERTEX].f[0][1] == 2);
	ck_assert(exe->stage[GL_STAGE_VERTEX].f[1][0] == 3 && exe->stage[GL_STAGE_VERTEX].f[1][1] == 4);
	ck_assert(exe->stage[GL_STAGE_VERTEX].f[0][2] == m[8]);
	glUniformMatrix3fv(mvp, 1, 2, (GLfloat[9]){ 1, 2, 3, 4, 5, 6, 7, 8, 9 });
	ck_assert(exe->stage[GL_STAGE_VERTEX].f[2][0] == 7 && exe->stage[GL_STAGE_VERTEX].f[2][2] == 9);
	ck_gl_error(GL_NO_ERROR);
	/* Errors are those of GL_FALSE. */
	glUniformMatrix4fv(mvp, -1, GL_TRUE, m);
	ck_gl_error(GL_INVALID_VALUE);
	glUniformMatrix4fv(mvp, 2, GL_TRUE, m);              /* not an array */
	ck_gl_error(GL_INVALID_OPERATION);
	fx_shader_free(s);
}
END_TEST

/* ---- the registers a draw writes --------------------------------------------------- */

/* Every register write of a stretch of commands, in order (the public
 * command format: parameter, header, more parameters, padding). */
struct writes {
	unsigned n;
	uint16_t id[1 << 14];
	uint32_t v[1 << 14];
};

static struct writes W;

static struct nngx_cmdlist *bound_list(void)
{
	struct nngx_cmdlist *l = nngx_cmdlist_bound(nngx_state_get(), "check_gl_dmp");

	ck_assert_ptr_nonnull(l);
	return l;
}

/* One triangle; its writes into W. */
static void draw_writes(void)
{
	struct nngx_cmdlist *l = bound_list();
	size_t from = l->used_words, i;

	glDrawArrays(GL_TRIANGLES, 0, 3);
	ck_gl_error(GL_NO_ERROR);
	l = bound_list();
	W.n = 0;
	for (i = from; i + 2 <= l->used_words; ) {
		const uint32_t *w = l->words + i;
		uint32_t hdr = w[1];
		unsigned id = hw_reg_cmd_id(hdr), extra = hw_reg_cmd_extra(hdr), k;

		for (k = 0; k <= extra && W.n < sizeof W.v / sizeof W.v[0]; k++, W.n++) {
			W.id[W.n] = (uint16_t)(hw_reg_cmd_consecutive(hdr) ? id + k : id);
			W.v[W.n] = k == 0 ? w[0] : w[1 + k];
		}
		i += hw_reg_cmd_words(hdr);
	}
}

/* How many times the draw wrote register `id`. */
static unsigned written(unsigned id)
{
	unsigned k, n = 0;

	for (k = 0; k < W.n; k++)
		n += W.id[k] == id;
	return n;
}

/* The last value written to `id` (the test fails if none was). */
static uint32_t reg(unsigned id)
{
	unsigned k;

	for (k = W.n; k-- > 0; )
		if (W.id[k] == id)
			return W.v[k];
	ck_abort_msg("register 0x%03X not written", id);
	return 0;
}

/* The `count` words that followed the write of `value` to index
 * register `index` (a LUT load), through port `port`. */
static const uint32_t *lut_words(unsigned index, uint32_t value, unsigned port, unsigned count)
{
	unsigned k, j;

	for (k = 0; k < W.n; k++) {
		if (W.id[k] != index || W.v[k] != value)
			continue;
		for (j = 1; j <= count; j++)
			ck_assert_uint_eq(W.id[k + j], port);
		return &W.v[k + 1];
	}
	ck_abort_msg("no load of table 0x%X through 0x%03X", value, index);
	return NULL;
}

static GLint loc(const char *name)
{
	return glGetUniformLocation(program, name);
}

/* Table `data` (width entries) at GL_LUT_TEXTUREn_DMP. */
static void lut(unsigned n, const GLfloat *data, GLsizei width)
{
	GLuint t;

	glGenTextures(1, &t);
	glBindTexture(GL_LUT_TEXTURE0_DMP + n, t);
	glTexImage1D(GL_LUT_TEXTURE0_DMP + n, 0, GL_LUMINANCEF_DMP, width, 0, GL_LUMINANCEF_DMP,
		     GL_FLOAT, data);
	ck_gl_error(GL_NO_ERROR);
}

START_TEST(test_regs_default_draw_writes_no_feature_registers)
{
	static const unsigned none[] = {
		0x047, 0x048, 0x08B, 0x0A8, 0x0AC, 0x0AD, 0x0AE, 0x0AF, 0x0E4, 0x0E5, 0x0E6,
		0x0E8, 0x120, 0x121, 0x122, 0x123, 0x124, 0x126, 0x130, 0x1C0, 0x1C5, 0x1C8,
		0x1D0, 0x1D1, 0x1D2,
	};
	unsigned k, id;

	draw_writes();
	for (k = 0; k < sizeof none / sizeof none[0]; k++)
		ck_assert_msg(written(none[k]) == 0, "0x%03X", none[k]);
	for (id = 0x140; id < 0x1C0; id++)
		ck_assert_msg(written(id) == 0, "0x%03X", id);
	/* What every draw writes, at the SDK's defaults: lighting off,
	 * CONFIG0 = 0x88000400 (its reset value: clamp highlights on),
	 * CONFIG1 with every disable bit and bit 18. */
	ck_assert_uint_eq(reg(0x08F), 0);
	ck_assert_uint_eq(reg(0x1C6), 1);
	ck_assert_uint_eq(reg(0x1C3), 0x88000400u);
	ck_assert_uint_eq(reg(0x1C4), 0xFFFFFFFFu & ~(1u << 23));
	ck_assert_uint_eq(reg(0x06D), 1);
}
END_TEST

START_TEST(test_regs_light_source_fields)
{
	unsigned b = 0x140 + 16 * 1;

	glUniform1i(loc("dmp_FragmentLighting.enabled"), GL_TRUE);
	glUniform1i(loc("dmp_FragmentLightSource[1].enabled"), GL_TRUE);
	glUniform4f(loc("dmp_FragmentLightSource[1].specular0"), 1.0f, 0.5f, 0.25f, 1.0f);
	glUniform4f(loc("dmp_FragmentMaterial.specular0"), 1.0f, 1.0f, 1.0f, 1.0f);
	glUniform4f(loc("dmp_FragmentLightSource[1].diffuse"), 0.5f, 0.5f, 0.5f, 1.0f);
	glUniform4f(loc("dmp_FragmentLightSource[1].specular1"), 0.0f, 1.0f, 0.0f, 1.0f);
	glUniform4f(loc("dmp_FragmentLightSource[1].ambient"), 1.0f, 1.0f, 1.0f, 1.0f);
	glUniform4f(loc("dmp_FragmentLightSource[1].position"), 1.0f, -2.0f, 0.5f, 1.0f);
	glUniform3f(loc("dmp_FragmentLightSource[1].spotDirection"), 0.0f, -3.0f, 4.0f);
	glUniform1i(loc("dmp_FragmentLightSource[1].twoSideDiffuse"), GL_TRUE);
	glUniform1i(loc("dmp_FragmentLightSource[1].geomFactor1"), GL_TRUE);
	glUniform1f(loc("dmp_FragmentLightSource[1].distanceAttenuationBias"), 0.5f);
	glUniform1f(loc("dmp_FragmentLightSource[1].distanceAttenuationScale"), 2.0f);
	ck_gl_error(GL_NO_ERROR);
	draw_writes();
	ck_assert_uint_eq(reg(0x08F), 1);
	ck_assert_uint_eq(reg(0x1C6), 0);
	ck_assert_uint_eq(reg(0x1C2), 0);                  /* one light */
	ck_assert_uint_eq(reg(0x1D9), 1);                  /* it is light 1 */
	/* specular0 = light x material: R 255, G round(127.5) = 128, B
	 * round(63.75) = 64, at bits 20, 10, 0. */
	ck_assert_uint_eq(reg(b + 0), 255u << 20 | 128u << 10 | 64u);
	/* specular1 x material specular1 (0, 0, 0): 0 (lutEnabledRefl off). */
	ck_assert_uint_eq(reg(b + 1), 0);
	/* diffuse 0.5 x material 0.8 = 0.4: round(102.0) = 102 each. */
	ck_assert_uint_eq(reg(b + 2), 102u << 20 | 102u << 10 | 102u);
	/* ambient 1 x material 0.2: round(51.0) = 51. */
	ck_assert_uint_eq(reg(b + 3), 51u << 20 | 51u << 10 | 51u);
	/* float16: 1.0 = 0x3C00, -2.0 = 0xC000, 0.5 = 0x3800. */
	ck_assert_uint_eq(reg(b + 4), 0xC000u << 16 | 0x3C00u);
	ck_assert_uint_eq(reg(b + 5), 0x3800u);
	/* spot: -(0, -0.6, 0.8) x 2048 truncated: y 1228, z -1638 as 13 bits. */
	ck_assert_uint_eq(reg(b + 6), 1228u << 16);
	ck_assert_uint_eq(reg(b + 7), 8192u - 1638u);
	/* positional (w 1), two-sided bit 1, geometric factor 1 bit 3. */
	ck_assert_uint_eq(reg(b + 9), 0xAu);
	/* float20 (1.7.12, bias 63): 0.5 = 62 << 12, 2.0 = 64 << 12. */
	ck_assert_uint_eq(reg(b + 10), 62u << 12);
	ck_assert_uint_eq(reg(b + 11), 64u << 12);
	/* Lights that are off are not written. */
	ck_assert_uint_eq(written(0x140), 0);
	/* lutEnabledRefl on: specular1 is the light's alone (G 255). */
	glUniform1i(loc("dmp_LightEnv.lutEnabledRefl"), GL_TRUE);
	glUniform1i(loc("dmp_LightEnv.config"), GL_LIGHT_ENV_LAYER_CONFIG1_DMP);   /* RR only */
	lut(0, (GLfloat[512]){ 0 }, 512);
	draw_writes();
	ck_assert_uint_eq(reg(b + 1), 255u << 10);
	/* Directional when w is 0. */
	glUniform4f(loc("dmp_FragmentLightSource[1].position"), 0.0f, 0.0f, 1.0f, 0.0f);
	draw_writes();
	ck_assert_uint_eq(reg(b + 9) & 1u, 1u);
}
END_TEST

START_TEST(test_regs_no_light_enabled_writes_light0_black)
{
	glUniform1i(loc("dmp_FragmentLighting.enabled"), GL_TRUE);
	glUniform1i(loc("dmp_LightEnv.config"), GL_LIGHT_ENV_LAYER_CONFIG2_DMP);
	draw_writes();
	ck_assert_uint_eq(reg(0x140), 0);
	ck_assert_uint_eq(reg(0x142), 0);
	ck_assert_uint_eq((reg(0x1C3) >> 4) & 0xFu, 0);    /* configuration 0 */
}
END_TEST

START_TEST(test_regs_material_and_scene_ambient)
{
	glUniform1i(loc("dmp_FragmentLighting.enabled"), GL_TRUE);
	glUniform1i(loc("dmp_FragmentLightSource[0].enabled"), GL_TRUE);
	glUniform4f(loc("dmp_FragmentMaterial.emission"), 0.1f, 0.2f, 0.3f, 1.0f);
	glUniform4f(loc("dmp_FragmentMaterial.ambient"), 0.5f, 0.5f, 0.5f, 1.0f);
	glUniform4f(loc("dmp_FragmentLighting.ambient"), 0.2f, 0.4f, 0.6f, 1.0f);
	glUniform4f(loc("dmp_FragmentMaterial.diffuse"), 2.0f, -1.0f, 0.5f, 1.0f);
	ck_gl_error(GL_NO_ERROR);
	draw_writes();
	/* emission + ambient x scene = (0.2, 0.4, 0.6): 51, 102, 153. */
	ck_assert_uint_eq(reg(0x1C0), 51u << 20 | 102u << 10 | 153u);
	/* light 0 diffuse (1, 1, 1) x (2, -1, 0.5): clamped 255, 0, 128. */
	ck_assert_uint_eq(reg(0x142), 255u << 20 | 0u << 10 | 128u);
	/* light 0 ambient (0, 0, 0) x material ambient: 0. */
	ck_assert_uint_eq(reg(0x143), 0);
}
END_TEST

START_TEST(test_regs_light_env_inputs_scales_abs_and_luts)
{
	static GLfloat table[512];
	const uint32_t *w;
	unsigned k;

	for (k = 0; k < 256; k++) {
		table[k] = (GLfloat)k / 256.0f;
		table[256 + k] = k == 200 ? -0.25f : 1.0f / 256.0f;
	}
	table[255] = 1.0f;                          /* saturates at 4095 */
	lut(3, table, 512);
	glUniform1i(loc("dmp_FragmentLighting.enabled"), GL_TRUE);
	glUniform1i(loc("dmp_FragmentLightSource[0].enabled"), GL_TRUE);
	glUniform1i(loc("dmp_LightEnv.absLutInputD0"), GL_TRUE);
	glUniform1i(loc("dmp_LightEnv.lutInputD1"), GL_LIGHT_ENV_LN_DMP);
	glUniform1i(loc("dmp_LightEnv.lutInputRR"), GL_LIGHT_ENV_CP_DMP);
	glUniform1f(loc("dmp_LightEnv.lutScaleSP"), 0.25f);
	glUniform1f(loc("dmp_LightEnv.lutScaleRR"), 8.0f);
	glUniform1f(loc("dmp_LightEnv.lutScaleD0"), 0.5f);
	glUniform1i(loc("dmp_LightEnv.lutEnabledD0"), GL_TRUE);
	glUniform1i(loc("dmp_FragmentMaterial.samplerD0"), 3);
	glUniform1i(loc("dmp_LightEnv.config"), GL_LIGHT_ENV_LAYER_CONFIG6_DMP);
	glUniform1i(loc("dmp_LightEnv.fresnelSelector"), GL_LIGHT_ENV_SEC_ALPHA_FRESNEL_DMP);
	glUniform1i(loc("dmp_FragmentMaterial.samplerFR"), 3);
	glUniform1i(loc("dmp_LightEnv.shadowPrimary"), GL_TRUE);
	glUniform1i(loc("dmp_LightEnv.bumpSelector"), GL_TEXTURE2);
	glUniform1i(loc("dmp_LightEnv.shadowSelector"), GL_TEXTURE1);
	glUniform1i(loc("dmp_LightEnv.bumpMode"), GL_LIGHT_ENV_BUMP_AS_BUMP_DMP);
	ck_gl_error(GL_NO_ERROR);
	draw_writes();
	/* ABS: every "abs disabled" bit (1, 5, ..., 25) but D0's. */
	ck_assert_uint_eq(reg(0x1D0), 0x02222220u);
	/* SELECT: D1 (bits 4-6) LN = 3, RR (bits 24-26) CP = 5. */
	ck_assert_uint_eq(reg(0x1D1), 3u << 4 | 5u << 24);
	/* SCALE: D0 x0.5 code 7, SP x0.25 code 6, RR x8 code 3. */
	ck_assert_uint_eq(reg(0x1D2), 7u | 6u << 8 | 3u << 24);
	/* CONFIG0: shadow factor (bit 0), Fresnel secondary (2 << 2),
	 * configuration 6, shadow primary (16), bump unit 2 (22), shadow unit
	 * 1 (24), clamp highlights (27), bump map (1 << 28), no
	 * renormalisation (30), and the fixed 0x80000400. */
	ck_assert_uint_eq(reg(0x1C3), 0x80000400u | 1u | 2u << 2 | 6u << 4 | 1u << 16
			  | 2u << 22 | 1u << 24 | 1u << 27 | 1u << 28 | 1u << 30);
	/* CONFIG1: light 0's shadow, spot, attenuation off; D0 on, D1 off;
	 * FR on; reflection off; bit 18. */
	ck_assert_uint_eq(reg(0x1C4), 0xFFu | 0xFFu << 8 | 0xFFu << 24 | 1u << 17 | 1u << 18
			  | 7u << 20);
	/* D0 (table 0) and FR (table 3) loaded: value floor(v x 4096),
	 * difference sign (bit 23) and floor(|d| x 2048) (bits 12-22). */
	w = lut_words(0x1C5, 0u << 8, 0x1C8, 256);
	ck_assert_uint_eq(w[0], 0u | 8u << 12);
	ck_assert_uint_eq(w[128], 2048u | 8u << 12);
	ck_assert_uint_eq(w[200], 3200u | 512u << 12 | 1u << 23);
	ck_assert_uint_eq(w[255], 4095u | 8u << 12);
	w = lut_words(0x1C5, 3u << 8, 0x1C8, 256);
	ck_assert_uint_eq(w[128], 2048u | 8u << 12);
	/* The next draw does not load them again. */
	draw_writes();
	ck_assert_uint_eq(written(0x1C5), 0);
	ck_assert_uint_eq(written(0x1C8), 0);
}
END_TEST

START_TEST(test_regs_spot_and_distance_tables_per_light)
{
	lut(0, (GLfloat[512]){ 0.5f }, 512);
	lut(7, (GLfloat[512]){ 0.25f }, 512);
	glUniform1i(loc("dmp_FragmentLighting.enabled"), GL_TRUE);
	glUniform1i(loc("dmp_FragmentLightSource[6].enabled"), GL_TRUE);
	glUniform1i(loc("dmp_FragmentLightSource[6].spotEnabled"), GL_TRUE);
	glUniform1i(loc("dmp_FragmentLightSource[6].distanceAttenuationEnabled"), GL_TRUE);
	glUniform1i(loc("dmp_FragmentLightSource[6].samplerDA"), 7);
	ck_gl_error(GL_NO_ERROR);
	draw_writes();
	/* SP of light 6 is table 14, DA of light 6 table 22. */
	ck_assert_uint_eq(lut_words(0x1C5, 14u << 8, 0x1C8, 256)[0], 2048u);
	ck_assert_uint_eq(lut_words(0x1C5, 22u << 8, 0x1C8, 256)[0], 1024u);
	ck_assert_uint_eq(reg(0x1C4) >> 14 & 1u, 0);       /* spot on */
	ck_assert_uint_eq(reg(0x1C4) >> 30 & 1u, 0);       /* attenuation on */
	ck_assert_uint_eq(reg(0x1D9), 6);
	/* A configuration without SP (2) does not load it. */
	glUniform1i(loc("dmp_LightEnv.config"), GL_LIGHT_ENV_LAYER_CONFIG2_DMP);
	glUniform1i(loc("dmp_FragmentLightSource[6].samplerSP"), 9);   /* nothing there */
	draw_writes();
	ck_assert_uint_eq(written(0x1C5), 0);              /* DA unchanged, sent before */
}
END_TEST

START_TEST(test_regs_fog)
{
	static GLfloat table[256];
	const uint32_t *w;
	unsigned k;

	for (k = 0; k < 128; k++) {
		table[k] = 1.0f - (GLfloat)k / 128.0f;
		table[128 + k] = -1.0f / 128.0f;
	}
	lut(2, table, 256);
	glUniform1i(loc("dmp_Fog.mode"), GL_FOG);
	glUniform1i(loc("dmp_Fog.zFlip"), GL_TRUE);
	glUniform3f(loc("dmp_Fog.color"), 1.0f, 0.5f, 0.0f);
	glUniform1i(loc("dmp_Fog.sampler"), 2);
	ck_gl_error(GL_NO_ERROR);
	draw_writes();
	ck_assert_uint_eq(reg(0x0E0) & 0x10007u, 0x10005u);   /* fog, z flip */
	ck_assert_uint_eq(reg(0x0E1), 0x0080FFu);
	/* value floor(v x 2048) <= 2047 at bits 13-23, difference x 2048 as
	 * 13-bit two's complement: -16 = 0x1FF0. */
	w = lut_words(0x0E6, 0, 0x0E8, 128);
	ck_assert_uint_eq(w[0], 2047u << 13 | 0x1FF0u);
	ck_assert_uint_eq(w[64], 1024u << 13 | 0x1FF0u);
	ck_assert_uint_eq(w[127], 16u << 13 | 0x1FF0u);
}
END_TEST

START_TEST(test_regs_gas)
{
	static GLfloat r[16], g[16], b[16];

	r[0] = 1.0f;
	g[1] = 0.5f;
	b[8] = -0.5f;                               /* difference of entry 0 */
	lut(4, r, 16);
	lut(5, g, 16);
	lut(6, b, 16);
	glUniform1i(loc("dmp_Fog.mode"), GL_GAS_DMP);
	glUniform1i(loc("dmp_Gas.samplerTR"), 4);
	glUniform1i(loc("dmp_Gas.samplerTG"), 5);
	glUniform1i(loc("dmp_Gas.samplerTB"), 6);
	glUniform3f(loc("dmp_Gas.lightXY"), 0.2f, 0.8f, 0.5f);
	glUniform4f(loc("dmp_Gas.lightZ"), 1.0f, 0.0f, 0.2f, 0.8f);
	glUniform1f(loc("dmp_Gas.accMax"), 2.0f);
	glUniform1i(loc("dmp_Gas.shadingDensitySrc"), GL_GAS_DEPTH_DENSITY_DMP);
	ck_gl_error(GL_NO_ERROR);
	draw_writes();
	ck_assert_uint_eq(reg(0x0E0) & 0xFu, 7u | 1u << 3);
	ck_assert_uint_eq(reg(0x120), 51u | 204u << 8 | 128u << 16);
	ck_assert_uint_eq(reg(0x121), 255u | 0u << 8 | 51u << 16);
	ck_assert_uint_eq(reg(0x122), 204u | 1u << 8);     /* light factor input */
	/* deltaZ 10 x 256 = 2560; depth function GL_LESS: 3. */
	ck_assert_uint_eq(reg(0x126), 2560u | 3u << 24);
	ck_assert_uint_eq(reg(0x0E4), 0x3C00u);           /* attenuation 1.0 */
	ck_assert_uint_eq(reg(0x0E5), 0x3800u);           /* 1 / accMax = 0.5 */
	ck_assert_uint_eq(lut_words(0x123, 0, 0x124, 16)[8], 255u);
	ck_assert_uint_eq(lut_words(0x123, 0, 0x124, 16)[9], 128u << 8);
	/* b's difference -0.5: sign bit 7, round(63.5) = 64. */
	ck_assert_uint_eq(lut_words(0x123, 0, 0x124, 16)[0], (0x80u | 64u) << 16);
	/* Gas accumulation: colour read and write, depth and stencil read. */
	glUniform1i(loc("dmp_FragOperation.mode"), GL_FRAGOP_MODE_GAS_ACC_DMP);
	draw_writes();
	ck_assert_uint_eq(reg(0x100) & 3u, 1u);
	ck_assert_uint_eq(reg(0x112), 0xF);
	ck_assert_uint_eq(reg(0x113), 0xF);
	ck_assert_uint_eq(reg(0x114), 3);
	ck_assert_uint_eq(reg(0x115), 0);
	ck_assert_uint_eq(written(0x124), 0);             /* tables already sent */
	glUniform1i(loc("dmp_FragOperation.mode"), GL_FRAGOP_MODE_GL_DMP);
	glUniform1i(loc("dmp_Gas.samplerTB"), 4);         /* another table: sent */
	draw_writes();
	ck_assert_uint_eq(lut_words(0x123, 0, 0x124, 16)[8], 255u | 255u << 16);
}
END_TEST

START_TEST(test_regs_proctex)
{
	static GLfloat table[512];
	const uint32_t *w;
	unsigned k;

	for (k = 0; k < 256; k++)
		table[k] = 0.5f;
	lut(0, table, 512);
	glUniform1i(loc("dmp_Texture[3].samplerType"), GL_TEXTURE_PROCEDURAL_DMP);
	glUniform1i(loc("dmp_Texture[3].texcoord"), GL_TEXTURE1);
	glUniform1i(loc("dmp_Texture[3].ptClampU"), GL_MIRRORED_REPEAT);
	glUniform1i(loc("dmp_Texture[3].ptClampV"), GL_PULSE_DMP);
	glUniform1i(loc("dmp_Texture[3].ptRgbMap"), GL_PROCTEX_V2_DMP);
	glUniform1i(loc("dmp_Texture[3].ptShiftV"), GL_EVEN_DMP);
	glUniform1i(loc("dmp_Texture[3].ptTexWidth"), 64);
	glUniform1i(loc("dmp_Texture[3].ptTexOffset"), 16);
	glUniform1i(loc("dmp_Texture[3].ptNoiseEnable"), GL_TRUE);
	glUniform3f(loc("dmp_Texture[3].ptNoiseU"), 0.5f, 0.25f, 0.125f);
	ck_gl_error(GL_NO_ERROR);
	draw_writes();
	ck_assert_uint_eq(reg(0x080) & (1u << 10 | 3u << 8), 1u << 10 | 1u << 8);
	/* clamps 3 and 4, RGB map V^2 = 3, noise bit 15, V shift even 2;
	 * bias 0.5 = float16 0x3800: low byte 0 at 20-27, high 0x38 in 0x0AC. */
	ck_assert_uint_eq(reg(0x0A8), 3u | 4u << 3 | 3u << 6 | 1u << 15 | 2u << 18);
	/* noise U: amplitude 0.125 x 4096 = 512, phase float16(0.25) 0x3400. */
	ck_assert_uint_eq(reg(0x0A9), 512u | 0x3400u << 16);
	ck_assert_uint_eq(reg(0x0AB), 0x3800u);           /* frequency U 0.5 */
	ck_assert_uint_eq(reg(0x0AC), 1u | 6u << 7 | 64u << 11 | 0x38u << 19);
	ck_assert_uint_eq(reg(0x0AD), 16u | 0x80u << 8 | 0xC0u << 16 | 0xE0u << 24);
	/* Levels 4-7 at 256 - (256 >> k), whatever the width and offset. */
	ck_assert_uint_eq(reg(0x0AE), 0xF0u | 0xF8u << 8 | 0xFCu << 16 | 0xFEu << 24);
	/* Tables: noise (0) and RGB map (2): value 0.5 x 4096, difference
	 * (entries 128-255, 0.5) x 2048 = 0x400 at bits 12-23; colours (4)
	 * round(127.5) = 0x80 a channel, their differences (5) 0. */
	w = lut_words(0x0AF, 2u << 8, 0x0B0, 128);
	ck_assert_uint_eq(w[5], 2048u | 0x400u << 12);
	w = lut_words(0x0AF, 0u << 8, 0x0B0, 128);
	ck_assert_uint_eq(w[0], 2048u | 0x400u << 12);
	w = lut_words(0x0AF, 4u << 8, 0x0B0, 256);
	ck_assert_uint_eq(w[0], 0x80808080u);
	ck_assert_uint_eq(lut_words(0x0AF, 5u << 8, 0x0B0, 256)[0], 0);
	/* No alpha map without ptAlphaSeparate. */
	for (k = 0; k < W.n; k++)
		ck_assert(!(W.id[k] == 0x0AF && W.v[k] == 3u << 8));
}
END_TEST

START_TEST(test_regs_texture_shadow_and_fragment_operations)
{
	glUniform1i(loc("dmp_Texture[0].samplerType"), GL_TEXTURE_SHADOW_2D_DMP);
	glUniform1i(loc("dmp_Texture[0].perspectiveShadow"), GL_FALSE);
	glUniform1f(loc("dmp_Texture[0].shadowZBias"), 0.5f);
	glUniform1i(loc("dmp_FragOperation.mode"), GL_FRAGOP_MODE_SHADOW_DMP);
	glUniform1f(loc("dmp_FragOperation.penumbraScale"), 0.5f);
	glUniform1i(loc("dmp_FragOperation.enableClippingPlane"), GL_TRUE);
	glUniform4f(loc("dmp_FragOperation.clippingPlane"), 1.0f, -2.0f, 0.5f, 0.0f);
	glUniform1f(loc("dmp_FragOperation.wScale"), 2.0f);
	glUniform1i(loc("dmp_FragOperation.enableAlphaTest"), GL_TRUE);
	glUniform1i(loc("dmp_FragOperation.alphaTestFunc"), GL_GEQUAL);
	glUniform1f(loc("dmp_FragOperation.alphaRefValue"), 0.5f);
	ck_gl_error(GL_NO_ERROR);
	draw_writes();
	/* orthographic bit 0; 0.5 x 2^24 = 0x800000, upper 23 bits. */
	ck_assert_uint_eq(reg(0x08B), 0x800001u);
	ck_assert_uint_eq(reg(0x100) & 3u, 3u);
	/* float16(0.5 + 1.0) = 0x3E00, float16(-0.5) = 0xB800. */
	ck_assert_uint_eq(reg(0x130), 0x3E00u | 0xB800u << 16);
	ck_assert_uint_eq(reg(0x047), 1);
	/* float24 (1.7.16, bias 63): 1.0, -2.0, 0.5, 0. */
	ck_assert_uint_eq(reg(0x048), 63u << 16);
	ck_assert_uint_eq(reg(0x049), 1u << 23 | 64u << 16);
	ck_assert_uint_eq(reg(0x04A), 62u << 16);
	ck_assert_uint_eq(reg(0x04B), 0);
	/* w-buffer: 0x06D 0, scale float24(-2), offset 0. */
	ck_assert_uint_eq(reg(0x06D), 0);
	ck_assert_uint_eq(reg(0x04D), 1u << 23 | 64u << 16);
	ck_assert_uint_eq(reg(0x04E), 0);
	ck_assert_uint_eq(reg(0x104), 1u | (uint32_t)HW_REG_CMP_GEQUAL << 4 | 128u << 8);
	/* Shadow mode: colour read and write, no depth or stencil. */
	ck_assert_uint_eq(reg(0x112), 0xF);
	ck_assert_uint_eq(reg(0x113), 0xF);
	ck_assert_uint_eq(reg(0x114), 0);
	ck_assert_uint_eq(reg(0x115), 0);
	/* Clip plane off: switched off once, then not written. */
	glUniform1i(loc("dmp_FragOperation.enableClippingPlane"), GL_FALSE);
	draw_writes();
	ck_assert_uint_eq(reg(0x047), 0);
	ck_assert_uint_eq(written(0x048), 0);
	draw_writes();
	ck_assert_uint_eq(written(0x047), 0);
}
END_TEST

START_TEST(test_regs_texenv)
{
	glUniform3i(loc("dmp_TexEnv[0].srcRgb"), GL_FRAGMENT_PRIMARY_COLOR_DMP,
		    GL_FRAGMENT_SECONDARY_COLOR_DMP, GL_TEXTURE3);
	glUniform1i(loc("dmp_TexEnv[0].combineRgb"), GL_ADD);
	glUniform4f(loc("dmp_TexEnv[5].constRgba"), 0.0f, 0.25f, 0.5f, 1.0f);
	glUniform1f(loc("dmp_TexEnv[5].scaleAlpha"), 4.0f);
	ck_gl_error(GL_NO_ERROR);
	draw_writes();
	ck_assert_uint_eq(reg(0x0C0) & 0xFFFu, 1u | 2u << 4 | 6u << 8);
	ck_assert_uint_eq(reg(0x0C2) & 0xFu, 2u);
	/* round(63.75) = 64, round(127.5) = 128, 255. */
	ck_assert_uint_eq(reg(0x0FB), 0u | 64u << 8 | 128u << 16 | 255u << 24);
	ck_assert_uint_eq(reg(0x0FC), 2u << 16);
	/* The SDK's source rules: stage 0 reads no previous; stages 1-5 one
	 * of previous, constant or previous buffer. */
	glUniform3i(loc("dmp_TexEnv[0].srcRgb"), GL_PREVIOUS, GL_TEXTURE0, GL_TEXTURE0);
	ck_gl_error(GL_INVALID_ENUM);
	glUniform3i(loc("dmp_TexEnv[3].srcAlpha"), GL_TEXTURE0, GL_TEXTURE1, GL_TEXTURE2);
	ck_gl_error(GL_INVALID_ENUM);
	glUniform1i(loc("dmp_TexEnv[3].combineAlpha"), GL_DOT3_RGB);
	ck_gl_error(GL_INVALID_ENUM);
}
END_TEST

START_TEST(test_regs_draw_without_its_table_fails_and_sends_nothing)
{
	size_t before;

	glUniform1i(loc("dmp_Fog.mode"), GL_FOG);
	glUniform1i(loc("dmp_Fog.sampler"), 9);
	before = bound_list()->used_words;
	glDrawArrays(GL_TRIANGLES, 0, 3);
	ck_gl_error(GL_INVALID_OPERATION);
	ck_assert_uint_eq(bound_list()->used_words, before);
}
END_TEST

static Suite *dmp_suite(void)
{
	Suite *s = suite_create("gl_dmp");
	TCase *tc = tcase_create("table");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_dmp_table_is_the_sdk_table);
	tcase_add_loop_test(tc, test_dmp_row, 0, ROWS);
	tcase_add_test(tc, test_dmp_gl_loc_macros_set_without_a_query);
	tcase_add_test(tc, test_dmp_uniform_matrix_transpose_is_rows);
	suite_add_tcase(s, tc);
	tc = tcase_create("registers");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_regs_default_draw_writes_no_feature_registers);
	tcase_add_test(tc, test_regs_light_source_fields);
	tcase_add_test(tc, test_regs_no_light_enabled_writes_light0_black);
	tcase_add_test(tc, test_regs_material_and_scene_ambient);
	tcase_add_test(tc, test_regs_light_env_inputs_scales_abs_and_luts);
	tcase_add_test(tc, test_regs_spot_and_distance_tables_per_light);
	tcase_add_test(tc, test_regs_fog);
	tcase_add_test(tc, test_regs_gas);
	tcase_add_test(tc, test_regs_proctex);
	tcase_add_test(tc, test_regs_texture_shadow_and_fragment_operations);
	tcase_add_test(tc, test_regs_texenv);
	tcase_add_test(tc, test_regs_draw_without_its_table_fails_and_sends_nothing);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	int status = tu_run(dmp_suite());

	fx_reset();
	nngxShimReset();
	return status;
}
