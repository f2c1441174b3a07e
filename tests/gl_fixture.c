/* gl_fixture.c: helpers of the GL suite. */
#include <stdlib.h>
#include <string.h>

#include "gl_fixture.h"

void fx_reset(void)
{
	tu_reset();     /* nngxFinalize deletes every GL object */
}

GLuint fx_list(GLsizei bytes, GLsizei requests)
{
	GLuint list;

	nngxGenCmdlists(1, &list);
	nngxBindCmdlist(list);
	nngxCmdlistStorage(bytes, requests);
	return list;
}

struct fx_shader *fx_shader_new(void)
{
	struct fx_shader *s = calloc(1, sizeof *s);

	ck_assert_ptr_nonnull(s);
	asm_init(&s->a);
	shbin_writer_init(&s->w);
	return s;
}

void fx_shader_code(struct fx_shader *s)
{
	unsigned k;

	ck_assert_msg(asm_finish(&s->a, &s->prog), "%s", s->a.error);
	shbin_writer_set_program(&s->w, s->prog.code, s->a.ncode);
	for (k = 0; k < s->a.nopdesc; k++)
		shbin_writer_add_opdesc(&s->w, s->prog.opdesc[k]);
}

void fx_shader_binary(struct fx_shader *s)
{
	ck_assert(shbin_writer_finish(&s->w, &s->bin, &s->size));
}

void fx_shader_free(struct fx_shader *s)
{
	if (!s)
		return;
	shbin_writer_free(&s->w);
	free(s->bin);
	free(s);
}

GLuint fx_program(const struct fx_shader *s)
{
	GLuint shaders[4], program = glCreateProgram();
	GLint linked = 0;
	size_t e;

	ck_assert_uint_le(s->w.entry_count, 4);
	for (e = 0; e < s->w.entry_count; e++) {
		/* The writer keeps each DVLE's stage; read it back from the
		 * binary's header byte through the parser-independent offset. */
		uint8_t stage = s->bin[shbin_writer_entry_offset(&s->w, e) + 6];
		shaders[e] = glCreateShader(stage ? GL_GEOMETRY_SHADER_DMP : GL_VERTEX_SHADER);
	}
	glShaderBinary((GLsizei)s->w.entry_count, shaders, GL_PLATFORM_BINARY_DMP, s->bin,
		       (GLsizei)s->size);
	for (e = 0; e < s->w.entry_count; e++)
		glAttachShader(program, shaders[e]);
	glAttachShader(program, GL_DMP_FRAGMENT_SHADER_DMP);
	glLinkProgram(program);
	glGetProgramiv(program, GL_LINK_STATUS, &linked);
	ck_assert_int_eq(linked, GL_TRUE);
	glUseProgram(program);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	return program;
}

struct fx_shader *fx_shader_passthrough(void)
{
	struct fx_shader *s = fx_shader_new();
	size_t vs;

	asm_mov(&s->a, asm_o(0), asm_v(0));
	asm_mov(&s->a, asm_o(1), asm_c(4));
	asm_end(&s->a);
	fx_shader_code(s);
	vs = shbin_writer_add_entry(&s->w, 0, 0, s->a.ncode);
	shbin_writer_add_output(&s->w, vs, 0, 0, 0xF);
	shbin_writer_add_output(&s->w, vs, 2, 1, 0xF);
	shbin_writer_add_uniform(&s->w, vs, "aPosition", 0x00, 0x00);
	shbin_writer_add_float(&s->w, vs, 4, 1.0f, 0.5f, 0.25f, 1.0f);
	fx_shader_binary(s);
	return s;
}

struct fx_shader *fx_shader_textured(unsigned units)
{
	/* the output register of texture coordinates 0, 1 and 2 */
	static const unsigned texcoord_reg[3] = { 3, 5, 6 };
	struct fx_shader *s = fx_shader_new();
	size_t vs;
	unsigned u;

	asm_mov(&s->a, asm_o(0), asm_v(0));
	asm_mov(&s->a, asm_o(1), asm_c(4));
	for (u = 0; u < units && u < 3; u++)
		asm_mov(&s->a, asm_o(2 + u), asm_v(1));
	asm_end(&s->a);
	fx_shader_code(s);
	vs = shbin_writer_add_entry(&s->w, 0, 0, s->a.ncode);
	shbin_writer_add_output(&s->w, vs, 0, 0, 0xF);          /* position */
	shbin_writer_add_output(&s->w, vs, 2, 1, 0xF);          /* colour */
	for (u = 0; u < units && u < 3; u++)
		shbin_writer_add_output(&s->w, vs, texcoord_reg[u], 2 + u, 0x3);
	shbin_writer_add_uniform(&s->w, vs, "aPosition", 0x00, 0x00);
	shbin_writer_add_uniform(&s->w, vs, "aTexCoord", 0x01, 0x01);
	shbin_writer_add_float(&s->w, vs, 4, 1.0f, 0.5f, 0.25f, 0.5f);
	fx_shader_binary(s);
	return s;
}

GLuint fx_buffer(GLenum target, GLenum area, const void *data, GLsizeiptr size)
{
	GLuint b;

	glGenBuffers(1, &b);
	glBindBuffer(target, b);
	glBufferData(target | area, size, data, GL_STATIC_DRAW);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	return b;
}

GLuint fx_positions(const float *xyz, unsigned vertices)
{
	GLuint b = fx_buffer(GL_ARRAY_BUFFER, NN_GX_MEM_VRAMA, xyz,
			     (GLsizeiptr)vertices * 3 * (GLsizeiptr)sizeof *xyz);

	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, (const GLvoid *)0);
	glEnableVertexAttribArray(0);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	return b;
}

GLuint fx_counters_instructions(const struct fx_counters *c)
{
	return c->shader[0][0] + c->shader[1][0] + c->shader[2][0] + c->shader[3][0];
}

void fx_counters_read(struct fx_counters *c)
{
	unsigned p;

	for (p = 0; p < 4; p++)
		nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_SHADER0 + p, c->shader[p]);
	nngxGetProfilingResult(NN_GX_PROFILING_POLYGON, c->polygon);
	nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_CACHE, &c->vcache);
	nngxGetProfilingResult(NN_GX_PROFILING_MEMORY_ACCESS, c->memory);
}

void fx_counters_diff(const struct fx_counters *before, const struct fx_counters *after,
		      struct fx_counters *out)
{
	const GLuint *b = (const GLuint *)before, *a = (const GLuint *)after;
	GLuint *o = (GLuint *)out;
	size_t k;

	for (k = 0; k < sizeof *out / sizeof (GLuint); k++)
		o[k] = a[k] - b[k];
	/* The vertex-cache counter restarts at every indexed draw. */
	out->vcache = after->vcache;
}

GLint fx_used_bytes(void)
{
	GLint used = -1;

	nngxGetCmdlistParameteri(NN_GX_CMDLIST_USED_BUFSIZE, &used);
	return used;
}

static const float fx_two_triangles[] = {
	-0.5f, -0.5f, -0.5f,   0.5f, -0.5f, -0.5f,   0.0f, 0.5f, -0.5f,
	-0.5f,  0.5f, -0.5f,   0.5f,  0.5f, -0.5f,   0.0f, 0.9f, -0.5f,
};

void fx_two_triangles_scene(void)
{
	struct fx_shader *s = fx_shader_passthrough();

	fx_program(s);
	fx_positions(fx_two_triangles, 6);
	fx_shader_free(s);
}

void fx_two_triangles_direct(struct fx_counters *one)
{
	struct fx_counters c0, c1;

	fx_reset();
	fx_list(65536, 8);
	fx_two_triangles_scene();
	fx_counters_read(&c0);
	glDrawArrays(GL_TRIANGLES, 0, 6);
	glFinish();
	fx_counters_read(&c1);
	fx_counters_diff(&c0, &c1, one);
	ck_assert_uint_eq(one->polygon[1], 2);
}

void fx_counters_assert_times(const struct fx_counters *one, unsigned n,
			      const struct fx_counters *got, const char *what)
{
	unsigned w;

	for (w = 0; w < sizeof *one / sizeof(GLuint); w++) {
		GLuint a = ((const GLuint *)one)[w], b = ((const GLuint *)got)[w];
		if (b != n * a)
			ck_abort_msg("counter word %u: %u %s, %u direct", w, b, what, a);
	}
}

/* A vertex shader declaring uniforms of every file, with constants, and
 * a geometry shader sharing one name: mvp c0-c3, uColor c5, uArr c6-c9,
 * uLoop i0, uFlag b3, uFlags b4-b7, shared c12 (vertex) / c20
 * (geometry), gScale c30 (geometry); constants c10, i1, b0. */
struct fx_shader *fx_shader_with_uniforms(void)
{
	struct fx_shader *s = fx_shader_new();
	size_t vs, gs;

	asm_mov(&s->a, asm_o(0), asm_v(0));
	asm_end(&s->a);
	asm_mov(&s->a, asm_o(0), asm_v(0));
	asm_emit(&s->a);
	asm_end(&s->a);
	fx_shader_code(s);
	vs = shbin_writer_add_entry(&s->w, 0, 0, 2);
	shbin_writer_add_output(&s->w, vs, 0, 0, 0xF);
	shbin_writer_add_uniform(&s->w, vs, "aPosition", 0x00, 0x00);
	shbin_writer_add_uniform(&s->w, vs, "mvp", 0x10, 0x13);
	shbin_writer_add_uniform(&s->w, vs, "uColor", 0x15, 0x15);
	shbin_writer_add_uniform(&s->w, vs, "uArr", 0x16, 0x19);
	shbin_writer_add_uniform(&s->w, vs, "uLoop", 0x70, 0x70);
	shbin_writer_add_uniform(&s->w, vs, "uFlag", 0x7B, 0x7B);
	shbin_writer_add_uniform(&s->w, vs, "uFlags", 0x7C, 0x7F);
	shbin_writer_add_uniform(&s->w, vs, "shared", 0x1C, 0x1C);
	shbin_writer_add_float(&s->w, vs, 10, 1.0f, 2.0f, 3.0f, 4.0f);
	shbin_writer_add_int(&s->w, vs, 1, 4, 0, 1, 0);
	shbin_writer_add_bool(&s->w, vs, 0, true);
	gs = shbin_writer_add_entry(&s->w, 1, 2, 5);
	shbin_writer_set_geometry(&s->w, gs, 0, 0, 0, 0, false);
	shbin_writer_add_output(&s->w, gs, 0, 0, 0xF);
	shbin_writer_add_uniform(&s->w, gs, "shared", 0x24, 0x24);
	shbin_writer_add_uniform(&s->w, gs, "gScale", 0x2E, 0x2E);
	fx_shader_binary(s);
	return s;
}

uint32_t fx_block_check(const uint32_t *w, size_t n)
{
	uint32_t h = 2166136261u;
	size_t k;
	unsigned b;

	for (k = 0; k < n; k++)
		for (b = 0; b < 32; b += 8)
			h = (h ^ ((w[k] >> b) & 0xFFu)) * 16777619u;
	return h;
}

void fx_block_reseal(uint32_t *w)
{
	w[5] = fx_block_check(w + 6, w[2] / 4 - 6);
}

void fx_combiner_primary(GLuint program)
{
	glUniform3i(glGetUniformLocation(program, "dmp_TexEnv[0].srcRgb"), GL_PRIMARY_COLOR,
		    GL_PRIMARY_COLOR, GL_PRIMARY_COLOR);
	glUniform3i(glGetUniformLocation(program, "dmp_TexEnv[0].srcAlpha"), GL_PRIMARY_COLOR,
		    GL_PRIMARY_COLOR, GL_PRIMARY_COLOR);
	glUniform1i(glGetUniformLocation(program, "dmp_TexEnv[0].combineRgb"), GL_REPLACE);
	glUniform1i(glGetUniformLocation(program, "dmp_TexEnv[0].combineAlpha"), GL_REPLACE);
}

GLuint fx_framebuffer(GLsizei side)
{
	GLuint fb, rb[2];

	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glGenRenderbuffers(2, rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
	glRenderbufferStorage(GL_RENDERBUFFER | NN_GX_MEM_VRAMA, GL_RGBA8_OES, side, side);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
	glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
	glRenderbufferStorage(GL_RENDERBUFFER | NN_GX_MEM_VRAMB, GL_DEPTH24_STENCIL8_EXT, side,
			      side);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
	glViewport(0, 0, side, side);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	return rb[0];
}
