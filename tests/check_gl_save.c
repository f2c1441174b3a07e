/* check_gl_save.c: glSaveProgramsDMP and glRestoreProgramsDMP.
 *
 * A program saved and restored into another program object draws the
 * same pixels and moves the same counters, and answers the same uniform
 * values; sizes, offsets and every refusal (bad flags, names, buffers,
 * damaged or crafted blocks) record their GL error and change nothing.
 *
 * Part of libnngx (MIT licence).
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define GL_GLEXT_PROTOTYPES 1
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>
#include <nn/gx.h>

#include "gl_fixture.h"
#include "nngx_shim.h"

#define FB 16

#define ck_err(e) ck_assert_uint_eq(glGetError(), (GLenum)(e))

/* The block's header words (doc/model.md, model choices, "saving and restoring programs"). */
enum { H_MAGIC, H_VERSION, H_BYTES, H_COUNT, H_DMP_WORDS, H_CHECK, H_WORDS };

static const float tri[] = { -1, -1, -0.5f, 1, -1, -0.5f, -1, 1, -0.5f };

/* A vertex shader with a named colour uniform: o0 = v0, o1 = uColor (c5),
 * and the constant c4 it does not use. */
static struct fx_shader *colour_shader(void)
{
	struct fx_shader *s = fx_shader_new();
	size_t vs;

	asm_mov(&s->a, asm_o(0), asm_v(0));
	asm_mov(&s->a, asm_o(1), asm_c(5));
	asm_end(&s->a);
	fx_shader_code(s);
	vs = shbin_writer_add_entry(&s->w, 0, 0, s->a.ncode);
	shbin_writer_add_output(&s->w, vs, 0, 0, 0xF);
	shbin_writer_add_output(&s->w, vs, 2, 1, 0xF);
	shbin_writer_add_uniform(&s->w, vs, "aPosition", 0x00, 0x00);
	shbin_writer_add_uniform(&s->w, vs, "uColor", 0x15, 0x15);
	shbin_writer_add_float(&s->w, vs, 4, 1.0f, 0.5f, 0.25f, 1.0f);
	fx_shader_binary(s);
	return s;
}

static GLuint fb_colour;

/* A fresh library, a list, a 16x16 RGBA8 + depth framebuffer, the
 * triangle's positions bound to attribute 0. */
static void setup(void)
{
	fx_reset();
	fx_list(1 << 16, 32);
	fb_colour = fx_framebuffer(FB);
	fx_positions(tri, 3);
	ck_err(GL_NO_ERROR);
}

/* A linked program of colour_shader with uColor and two reserved
 * uniforms set (a combiner and the alpha test). */
static GLuint colour_program(float r, float g, float b)
{
	struct fx_shader *s = colour_shader();
	GLuint p = fx_program(s);

	fx_shader_free(s);
	glBindAttribLocation(p, 0, "aPosition");
	glUniform4f(glGetUniformLocation(p, "uColor"), r, g, b, 1.0f);
	glUniform1i(glGetUniformLocation(p, "dmp_TexEnv[0].combineRgb"), GL_REPLACE);
	glUniform3i(glGetUniformLocation(p, "dmp_TexEnv[0].srcRgb"), GL_PRIMARY_COLOR,
		    GL_PRIMARY_COLOR, GL_PRIMARY_COLOR);
	glUniform3i(glGetUniformLocation(p, "dmp_TexEnv[0].srcAlpha"), GL_PRIMARY_COLOR,
		    GL_PRIMARY_COLOR, GL_PRIMARY_COLOR);
	glUniform1i(glGetUniformLocation(p, "dmp_FragOperation.enableAlphaTest"), GL_TRUE);
	glUniform1i(glGetUniformLocation(p, "dmp_FragOperation.alphaTestFunc"), GL_GEQUAL);
	ck_err(GL_NO_ERROR);
	return p;
}

/* Save `n` programs into a fresh buffer; *bytes its size. */
static uint32_t *save(GLuint n, GLuint *progs, GLsizei *bytes)
{
	GLsizei need = glSaveProgramsDMP(n, progs, GL_SAVE_PROGRAMS_DMP, 0, NULL);
	uint32_t *buf;

	ck_err(GL_NO_ERROR);
	ck_assert_int_gt(need, 0);
	ck_assert_int_eq(need % 4, 0);
	buf = malloc((size_t)need);
	ck_assert_ptr_nonnull(buf);
	ck_assert_int_eq(glSaveProgramsDMP(n, progs, GL_SAVE_PROGRAMS_DMP, need, buf), need);
	ck_err(GL_NO_ERROR);
	*bytes = need;
	return buf;
}

/* Draw the triangle with `program` into a cleared framebuffer; its pixels
 * and the counters the draw moved. */
static void draw_with(GLuint program, uint8_t px[FB * FB * 4], struct fx_counters *moved)
{
	struct fx_counters c0, c1;

	glUseProgram(program);
	glClearColor(0, 0, 0, 0);
	glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
	glFinish();
	fx_counters_read(&c0);
	glDrawArrays(GL_TRIANGLES, 0, 3);
	glFinish();
	fx_counters_read(&c1);
	fx_counters_diff(&c0, &c1, moved);
	glReadPixels(0, 0, FB, FB, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_err(GL_NO_ERROR);
}

static GLint link_status(GLuint p)
{
	GLint v = -1;

	glGetProgramiv(p, GL_LINK_STATUS, &v);
	return v;
}

START_TEST(test_save_restore_draws_the_same)
{
	GLuint p = colour_program(0.25f, 0.75f, 0.5f), q = glCreateProgram();
	uint8_t px_p[FB * FB * 4], px_q[FB * FB * 4];
	struct fx_counters moved_p, moved_q;
	GLfloat colour[4] = { 0, 0, 0, 0 };
	GLint combine = 0, alpha = 0;
	GLsizei bytes;
	uint32_t *buf = save(1, &p, &bytes);

	ck_assert_uint_eq(buf[H_MAGIC], 0x5052474Eu);
	ck_assert_uint_eq(buf[H_BYTES], (GLuint)bytes);
	ck_assert_uint_eq(buf[H_COUNT], 1);
	ck_assert_int_eq(link_status(q), GL_FALSE);
	glRestoreProgramsDMP(1, 0, &q, GL_RESTORE_PROGRAMS_DMP, buf);
	ck_err(GL_NO_ERROR);
	ck_assert_int_eq(link_status(q), GL_TRUE);

	glGetUniformfv(q, glGetUniformLocation(q, "uColor"), colour);
	ck_assert(colour[0] == 0.25f && colour[1] == 0.75f && colour[2] == 0.5f &&
		  colour[3] == 1.0f);
	glGetUniformiv(q, glGetUniformLocation(q, "dmp_TexEnv[0].combineRgb"), &combine);
	ck_assert_int_eq(combine, GL_REPLACE);
	glGetUniformiv(q, glGetUniformLocation(q, "dmp_FragOperation.alphaTestFunc"), &alpha);
	ck_assert_int_eq(alpha, GL_GEQUAL);
	ck_assert_int_eq(glGetAttribLocation(q, "aPosition"), 0);

	draw_with(p, px_p, &moved_p);
	draw_with(q, px_q, &moved_q);
	ck_assert(memcmp(px_p, px_q, sizeof px_p) == 0);
	ck_assert(memcmp(&moved_p, &moved_q, sizeof moved_p) == 0);
	ck_assert_uint_ne(moved_p.polygon[1], 0);
	/* The colour reached the pixels: uColor, not the clear colour. */
	ck_assert(px_p[0] == 64 && px_p[1] == 191 && px_p[2] == 128 && px_p[3] == 255);
	free(buf);
}
END_TEST

/* A restored program is a program of its own: changing the source
 * afterwards changes nothing in it, and the bytes need no source. */
START_TEST(test_restore_is_a_copy)
{
	GLuint p = colour_program(1, 0, 0), q = glCreateProgram();
	GLfloat colour[4];
	GLsizei bytes;
	uint32_t *buf = save(1, &p, &bytes);

	glUseProgram(0);
	glDeleteProgram(p);
	glRestoreProgramsDMP(1, 0, &q, 0, buf);
	ck_err(GL_NO_ERROR);
	memset(buf, 0, (size_t)bytes);         /* the restored program keeps nothing of it */
	glUseProgram(q);
	glUniform4f(glGetUniformLocation(q, "uColor"), 0, 1, 0, 1);
	glGetUniformfv(q, glGetUniformLocation(q, "uColor"), colour);
	ck_assert(colour[0] == 0 && colour[1] == 1);
	ck_err(GL_NO_ERROR);
	free(buf);
}
END_TEST

/* Two programs in one block; offset picks the second. */
START_TEST(test_restore_offset)
{
	GLuint p[2], q = glCreateProgram(), r = glCreateProgram();
	GLfloat colour[4];
	GLsizei bytes;
	uint32_t *buf;

	p[0] = colour_program(1, 0, 0);
	p[1] = colour_program(0, 0, 1);
	buf = save(2, p, &bytes);
	ck_assert_uint_eq(buf[H_COUNT], 2);
	glRestoreProgramsDMP(1, 1, &q, 0, buf);
	ck_err(GL_NO_ERROR);
	glGetUniformfv(q, glGetUniformLocation(q, "uColor"), colour);
	ck_assert(colour[0] == 0 && colour[2] == 1);
	glRestoreProgramsDMP(1, 0, &r, 0, buf);
	glGetUniformfv(r, glGetUniformLocation(r, "uColor"), colour);
	ck_assert(colour[0] == 1 && colour[2] == 0);
	/* Past the end: refused, nothing changes. */
	glRestoreProgramsDMP(2, 1, p, 0, buf);
	ck_err(GL_INVALID_VALUE);
	glRestoreProgramsDMP(1, 2, &q, 0, buf);
	ck_err(GL_INVALID_VALUE);
	glGetUniformfv(q, glGetUniformLocation(q, "uColor"), colour);
	ck_assert(colour[0] == 0 && colour[2] == 1);
	free(buf);
}
END_TEST

/* The size query and the short buffer. */
START_TEST(test_save_sizes)
{
	GLuint p = colour_program(1, 1, 1), two[2] = { p, p };
	GLsizei one = glSaveProgramsDMP(1, &p, GL_SAVE_PROGRAMS_CTR_FORMAT_DMP, 0, NULL);
	GLsizei both = glSaveProgramsDMP(2, two, 0, 0, NULL);
	uint8_t buf[64];

	ck_err(GL_NO_ERROR);
	ck_assert_int_eq(both - one, one - 6 * 4);     /* one header, two records */
	ck_assert_int_eq(glSaveProgramsDMP(0, NULL, 0, 0, NULL), 6 * 4);
	memset(buf, 0xA5, sizeof buf);
	ck_assert_int_eq(glSaveProgramsDMP(1, &p, 0, (GLsizei)sizeof buf, buf), one);
	ck_err(GL_INVALID_VALUE);
	ck_assert_int_eq(glSaveProgramsDMP(1, &p, 0, -1, buf), one);
	ck_err(GL_INVALID_VALUE);
	for (size_t k = 0; k < sizeof buf; k++)
		ck_assert_uint_eq(buf[k], 0xA5);
}
END_TEST

/* Save refusals: GL error, 0 returned, nothing written. */
START_TEST(test_save_refusals)
{
	GLuint p = colour_program(1, 1, 1), unlinked = glCreateProgram(), sh, bad[2];
	uint8_t buf[4096];
	struct {
		GLuint n;
		GLuint *progs;
		GLuint flags;
		GLenum error;
	} rows[4];

	sh = glCreateShader(GL_VERTEX_SHADER);
	bad[0] = p;
	bad[1] = 9999;
	rows[0].n = 1, rows[0].progs = &p, rows[0].flags = 2, rows[0].error = GL_INVALID_VALUE;
	rows[1].n = 1, rows[1].progs = NULL, rows[1].flags = 0, rows[1].error = GL_INVALID_VALUE;
	rows[2].n = 1, rows[2].progs = &unlinked, rows[2].flags = 0,
	rows[2].error = GL_INVALID_OPERATION;
	rows[3].n = 2, rows[3].progs = bad, rows[3].flags = 0, rows[3].error = GL_INVALID_VALUE;
	for (unsigned r = 0; r < 4; r++) {
		memset(buf, 0x5A, sizeof buf);
		ck_assert_int_eq(glSaveProgramsDMP(rows[r].n, rows[r].progs, rows[r].flags,
						   (GLsizei)sizeof buf, buf), 0);
		ck_err(rows[r].error);
		for (size_t k = 0; k < sizeof buf; k++)
			ck_assert_uint_eq(buf[k], 0x5A);
	}
	ck_assert_int_eq(glSaveProgramsDMP(1, &sh, 0, (GLsizei)sizeof buf, buf), 0);
	ck_err(GL_INVALID_OPERATION);
}
END_TEST

/* Nothing-changed probe of a restore target: link status and uColor. */
struct target_state {
	GLint linked;
	GLfloat colour[4];
};

static void target_take(GLuint q, struct target_state *t)
{
	memset(t, 0, sizeof *t);
	t->linked = link_status(q);
	if (t->linked == GL_TRUE)
		glGetUniformfv(q, glGetUniformLocation(q, "uColor"), t->colour);
	ck_err(GL_NO_ERROR);
}

/* Restore refusals of the arguments. */
START_TEST(test_restore_argument_refusals)
{
	GLuint p = colour_program(1, 0, 0), q = colour_program(0, 1, 0), sh, bad = 9999;
	struct target_state before, after;
	GLsizei bytes;
	uint32_t *buf = save(1, &p, &bytes);

	sh = glCreateShader(GL_VERTEX_SHADER);
	target_take(q, &before);
	glRestoreProgramsDMP(1, 0, &q, 1, buf);                 /* an undefined flag bit */
	ck_err(GL_INVALID_VALUE);
	glRestoreProgramsDMP(1, 0, &q, 0x1000, buf);
	ck_err(GL_INVALID_VALUE);
	glRestoreProgramsDMP(1, 0, NULL, 0, buf);
	ck_err(GL_INVALID_VALUE);
	glRestoreProgramsDMP(1, 0, &q, 0, NULL);
	ck_err(GL_INVALID_VALUE);
	glRestoreProgramsDMP(1, 0, &bad, 0, buf);
	ck_err(GL_INVALID_VALUE);
	glRestoreProgramsDMP(1, 0, &sh, 0, buf);
	ck_err(GL_INVALID_OPERATION);
	target_take(q, &after);
	ck_assert(memcmp(&before, &after, sizeof before) == 0);
	/* Every GL_RESTORE_UPDATE_* bit together is accepted. */
	glRestoreProgramsDMP(1, 0, &q, 0xFFFFE000u, buf);
	ck_err(GL_NO_ERROR);
	target_take(q, &after);
	ck_assert(after.colour[0] == 1 && after.colour[1] == 0);
	free(buf);
}
END_TEST

/* Any one word of a block changed: the check word refuses it, with the
 * diagnostic, and the target does not change. */
START_TEST(test_restore_damaged_blocks)
{
	GLuint p = colour_program(1, 0, 0), q = colour_program(0, 1, 0);
	GLuint id = NNGX_SHIM_DIAG_PROGRAM_BLOCK_REJECTED, base = nngxShimGetDiagCount(id);
	struct target_state before, after;
	GLsizei bytes;
	uint32_t *buf = save(1, &p, &bytes), refused = 0;
	size_t words = (size_t)bytes / 4, k;

	target_take(q, &before);
	for (k = 0; k < words; k++) {
		if (k == H_BYTES)
			continue;        /* a larger total would read past the buffer */
		buf[k] ^= 0x00010000u;
		glRestoreProgramsDMP(1, 0, &q, 0, buf);
		refused += glGetError() == GL_INVALID_VALUE;
		buf[k] ^= 0x00010000u;
	}
	ck_assert_uint_eq(refused, words - 1);
	ck_assert_uint_eq(nngxShimGetDiagCount(id), base + words - 1);
	target_take(q, &after);
	ck_assert(memcmp(&before, &after, sizeof before) == 0);
	free(buf);
}
END_TEST

/* Blocks changed with a correct check word: each field is still checked. */
static size_t record_dmp_start(const uint32_t *buf)
{
	return buf[H_BYTES] / 4 - buf[H_DMP_WORDS];
}

START_TEST(test_restore_crafted_blocks)
{
	GLuint p = colour_program(1, 0, 0), q = colour_program(0, 1, 0);
	struct target_state before, after;
	GLsizei bytes;
	uint32_t *buf = save(1, &p, &bytes), *copy = malloc((size_t)bytes);
	size_t dmp = record_dmp_start(buf), bin = H_WORDS + 2;
	int step;

	ck_assert_ptr_nonnull(copy);
	target_take(q, &before);
	for (step = 0; step < 9; step++) {
		memcpy(copy, buf, (size_t)bytes);
		switch (step) {
		case 0: copy[H_WORDS + 1] = 2; break;          /* geometry stage only */
		case 1: copy[H_WORDS + 1] = 4; break;          /* an unknown stage */
		case 2: copy[bin] = 7; break;                  /* no DVLE 7 */
		case 3: copy[bin + 1] = 0xFFFFFFF0u; break;    /* binary past the block */
		case 4: copy[bin + 2] ^= 0xFFFFFFFFu; break;   /* not a SHBIN any more */
		case 5: copy[dmp] = 0x1234; break;             /* samplerType of unit 0 */
		case 6: copy[H_WORDS] += 4; break;             /* record size */
		case 7: copy[H_DMP_WORDS] += 1; break;         /* another build's table */
		case 8: copy[H_VERSION] = 2; break;
		}
		fx_block_reseal(copy);
		glRestoreProgramsDMP(1, 0, &q, 0, copy);
		ck_assert_msg(glGetError() == GL_INVALID_VALUE, "step %d was accepted", step);
	}
	target_take(q, &after);
	ck_assert(memcmp(&before, &after, sizeof before) == 0);
	/* The untouched block, resealed, still restores. */
	memcpy(copy, buf, (size_t)bytes);
	fx_block_reseal(copy);
	glRestoreProgramsDMP(1, 0, &q, 0, copy);
	ck_err(GL_NO_ERROR);
	free(copy);
	free(buf);
}
END_TEST

/* Two targets, the second record refused: the first target is unchanged
 * too. */
START_TEST(test_restore_all_or_nothing)
{
	GLuint p[2], q[2];
	struct target_state before[2], after[2];
	GLsizei bytes;
	uint32_t *buf;

	p[0] = colour_program(1, 0, 0);
	p[1] = colour_program(0, 0, 1);
	q[0] = colour_program(0, 1, 0);
	q[1] = colour_program(0, 1, 1);
	buf = save(2, p, &bytes);
	buf[record_dmp_start(buf)] = 0x1234;     /* the last record's first dmp word */
	fx_block_reseal(buf);
	target_take(q[0], &before[0]);
	target_take(q[1], &before[1]);
	glRestoreProgramsDMP(2, 0, q, 0, buf);
	ck_err(GL_INVALID_VALUE);
	target_take(q[0], &after[0]);
	target_take(q[1], &after[1]);
	ck_assert(memcmp(before, after, sizeof before) == 0);
	free(buf);
}
END_TEST

static Suite *save_suite(void)
{
	Suite *s = suite_create("gl_save");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, test_save_restore_draws_the_same);
	tcase_add_test(tc, test_restore_is_a_copy);
	tcase_add_test(tc, test_restore_offset);
	tcase_add_test(tc, test_save_sizes);
	tcase_add_test(tc, test_save_refusals);
	tcase_add_test(tc, test_restore_argument_refusals);
	tcase_add_test(tc, test_restore_damaged_blocks);
	tcase_add_test(tc, test_restore_crafted_blocks);
	tcase_add_test(tc, test_restore_all_or_nothing);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(save_suite());
}
