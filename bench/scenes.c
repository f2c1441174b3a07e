/* scenes.c: the benchmark's reference scenes (scenes.h).
 *
 * The scenes' shader binaries are built at run time with the tests' encoder
 * (tests/shader_asm.h, tests/shbin_writer.h) rather than shipped as a blob;
 * a real program would load a .shbin file. */
#include <stdio.h>
#include <stdlib.h>

#include <nn/gx.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

#include "bench/scenes.h"
#include "tests/shader_asm.h"
#include "tests/shbin_writer.h"

/* ---- geometry ---------------------------------------------------------------- */

struct scene_vertex {
	GLfloat pos[3], normal[3];
};

/* Start a SHBIN holding the assembled program as one vertex entry with
 * the outputs both scenes use (position, colour, texcoord 0); the entry's
 * index is returned for its uniforms and constants. */
static size_t scene_shbin_begin(struct shbin_writer *w, const struct shader_asm *a,
				const struct hw_shader_state *assembled)
{
	size_t vs;
	unsigned k;

	shbin_writer_init(w);
	shbin_writer_set_program(w, assembled->code, a->ncode);
	for (k = 0; k < a->nopdesc; k++)
		shbin_writer_add_opdesc(w, assembled->opdesc[k]);
	vs = shbin_writer_add_entry(w, 0 /* vertex */, 0, a->ncode);
	shbin_writer_add_output(w, vs, 0 /* position */, 0, 0xF);
	shbin_writer_add_output(w, vs, 2 /* colour */, 1, 0xF);
	shbin_writer_add_output(w, vs, 3 /* texcoord 0 */, 2, 0x3);
	return vs;
}

/* o0 = uMvp * v0; o1 = clamp(ambient + sum of two lights' N.L * colour);
 * o2.xy = planar texture coordinates. 19 instructions and END. */
static int scene_shader_binary(uint8_t **bin, size_t *size, unsigned *instructions)
{
	static const char *const lane[4] = { "x", "y", "z", "w" };
	static struct shader_asm a;
	static struct hw_shader_state assembled;
	struct shbin_writer w;
	size_t vs;
	unsigned k;
	int ok;

	asm_init(&a);
	for (k = 0; k < 4; k++)                                 /* c0-c3 uMvp */
		asm_op2(&a, ASM_DP4, asm_mask(asm_o(0), lane[k]), asm_c(k), asm_v(0));
	for (k = 0; k < 3; k++)                                 /* c4-c6 normal matrix */
		asm_op2(&a, ASM_DP3, asm_mask(asm_rd(0), lane[k]), asm_c(4 + k), asm_v(1));
	asm_op2(&a, ASM_DP3, asm_mask(asm_rd(1), "x"), asm_r(0), asm_r(0));
	asm_op1(&a, ASM_RSQ, asm_mask(asm_rd(1), "x"), asm_swz(asm_r(1), "x"));
	asm_mul(&a, asm_mask(asm_rd(0), "xyz"), asm_r(0), asm_swz(asm_r(1), "x"));
	asm_op2(&a, ASM_DP3, asm_mask(asm_rd(2), "x"), asm_c(8), asm_r(0));   /* light 0 */
	asm_op2(&a, ASM_DP3, asm_mask(asm_rd(2), "y"), asm_c(9), asm_r(0));   /* light 1 */
	asm_op2(&a, ASM_MAX, asm_mask(asm_rd(2), "xy"), asm_c(7), asm_r(2));  /* c7 = 0 */
	asm_mul(&a, asm_rd(3), asm_c(10), asm_swz(asm_r(2), "x"));
	asm_mad(&a, asm_rd(3), asm_swz(asm_r(2), "y"), asm_c(11), asm_r(3));
	asm_add(&a, asm_rd(3), asm_c(12), asm_r(3));                          /* ambient */
	asm_op2(&a, ASM_MIN, asm_o(1), asm_c(13), asm_r(3));                  /* c13 = 1 */
	asm_mul(&a, asm_mask(asm_rd(4), "xy"), asm_c(14), asm_v(0));
	asm_add(&a, asm_mask(asm_o(2), "xy"), asm_c(15), asm_r(4));
	asm_end(&a);
	if (!asm_finish(&a, &assembled)) {
		fprintf(stderr, "scene: geometry shader: %s\n", a.error);
		return 0;
	}
	*instructions = a.ncode;
	vs = scene_shbin_begin(&w, &a, &assembled);
	shbin_writer_add_uniform(&w, vs, "aPosition", 0x00, 0x00);
	shbin_writer_add_uniform(&w, vs, "aNormal", 0x01, 0x01);
	shbin_writer_add_uniform(&w, vs, "uMvp", 0x10, 0x13);
	shbin_writer_add_float(&w, vs, 4, 1, 0, 0, 0);          /* normal matrix: identity */
	shbin_writer_add_float(&w, vs, 5, 0, 1, 0, 0);
	shbin_writer_add_float(&w, vs, 6, 0, 0, 1, 0);
	shbin_writer_add_float(&w, vs, 7, 0, 0, 0, 0);
	shbin_writer_add_float(&w, vs, 8, 0.0f, 0.6f, 0.8f, 0);   /* light directions */
	shbin_writer_add_float(&w, vs, 9, 0.6f, 0.0f, 0.8f, 0);
	shbin_writer_add_float(&w, vs, 10, 0.5f, 0.4f, 0.3f, 1);  /* light colours */
	shbin_writer_add_float(&w, vs, 11, 0.2f, 0.3f, 0.5f, 0);
	shbin_writer_add_float(&w, vs, 12, 0.1f, 0.1f, 0.1f, 0);  /* ambient */
	shbin_writer_add_float(&w, vs, 13, 1, 1, 1, 1);
	shbin_writer_add_float(&w, vs, 14, 0.5f, 0.5f, 0, 0);     /* texture mapping */
	shbin_writer_add_float(&w, vs, 15, 0.5f, 0.5f, 0, 0);
	ok = shbin_writer_finish(&w, bin, size);
	shbin_writer_free(&w);
	return ok;
}

/* Load the vertex shader binary `bin` (freed here), link it with the fixed
 * fragment stage, attribute 0 "aPosition" and 1 `attr1`, and use it: the
 * program's name, or 0 when the link fails. */
static GLuint scene_program_use(uint8_t *bin, size_t size, const char *attr1)
{
	GLuint shader, program;
	GLint linked = GL_FALSE;

	shader = glCreateShader(GL_VERTEX_SHADER);
	glShaderBinary(1, &shader, GL_PLATFORM_BINARY_DMP, bin, (GLsizei)size);
	free(bin);
	program = glCreateProgram();
	glAttachShader(program, shader);
	glAttachShader(program, GL_DMP_FRAGMENT_SHADER_DMP);
	glBindAttribLocation(program, 0, "aPosition");
	glBindAttribLocation(program, 1, attr1);
	glLinkProgram(program);
	glGetProgramiv(program, GL_LINK_STATUS, &linked);
	if (!linked)
		return 0;
	glUseProgram(program);
	return program;
}

/* Program, buffers and attributes of the scene; false if anything failed. */
int scene_geometry_setup(unsigned *instructions)
{
	static const GLfloat identity[16] = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 };
	static struct scene_vertex vertices[SCENE_VERTICES];
	static GLushort idx[SCENE_INDICES];
	GLuint program, buffers[2];
	uint8_t *bin = NULL;
	size_t size = 0;
	unsigned x, y, n = 0;

	if (!scene_shader_binary(&bin, &size, instructions))
		return 0;
	program = scene_program_use(bin, size, "aNormal");
	if (!program)
		return 0;
	glUniformMatrix4fv(glGetUniformLocation(program, "uMvp"), 1, GL_FALSE, identity);

	for (y = 0; y <= SCENE_QUADS_Y; y++)
		for (x = 0; x <= SCENE_QUADS_X; x++) {
			struct scene_vertex *v = &vertices[y * (SCENE_QUADS_X + 1) + x];
			v->pos[0] = -0.95f + 1.9f * (GLfloat)x / SCENE_QUADS_X;
			v->pos[1] = -0.95f + 1.9f * (GLfloat)y / SCENE_QUADS_Y;
			v->pos[2] = -0.5f;
			v->normal[0] = 0.0f;
			v->normal[1] = 0.0f;
			v->normal[2] = 1.0f;
		}
	for (y = 0; y < SCENE_QUADS_Y; y++)
		for (x = 0; x < SCENE_QUADS_X; x++) {
			GLushort a = (GLushort)(y * (SCENE_QUADS_X + 1) + x), b = (GLushort)(a + 1);
			GLushort c = (GLushort)(a + SCENE_QUADS_X + 1), d = (GLushort)(c + 1);
			idx[n++] = a; idx[n++] = b; idx[n++] = c;
			idx[n++] = b; idx[n++] = d; idx[n++] = c;
		}
	glGenBuffers(2, buffers);
	glBindBuffer(GL_ARRAY_BUFFER, buffers[0]);
	glBufferData(GL_ARRAY_BUFFER | NN_GX_MEM_VRAMA, sizeof vertices, vertices, GL_STATIC_DRAW);
	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof vertices[0], (const GLvoid *)0);
	glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, sizeof vertices[0],
			      (const GLvoid *)(3 * sizeof(GLfloat)));
	glEnableVertexAttribArray(0);
	glEnableVertexAttribArray(1);
	glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, buffers[1]);
	glBufferData(GL_ELEMENT_ARRAY_BUFFER | NN_GX_MEM_VRAMB, sizeof idx, idx, GL_STATIC_DRAW);
	return glGetError() == GL_NO_ERROR;
}

void scene_geometry_frame(void)
{
	glDrawElements(GL_TRIANGLES, SCENE_INDICES, GL_UNSIGNED_SHORT, (const GLvoid *)0);
	glFinish();
}

/* ---- fill -------------------------------------------------------------------- */

/* o0 = v0, o1 = c4 (colour), o2.xy = v1 (texture coordinates); lit, also
 * o3 = c5 (the normal quaternion) and o4 = c6 (the view vector). */
static int fill_shader_binary(int lit, uint8_t **bin, size_t *size)
{
	static struct shader_asm a;
	static struct hw_shader_state assembled;
	struct shbin_writer w;
	size_t vs;
	int ok;

	asm_init(&a);
	asm_mov(&a, asm_o(0), asm_v(0));
	asm_mov(&a, asm_o(1), asm_c(4));
	asm_mov(&a, asm_o(2), asm_v(1));
	if (lit) {
		asm_mov(&a, asm_o(3), asm_c(5));
		asm_mov(&a, asm_o(4), asm_c(6));
	}
	asm_end(&a);
	if (!asm_finish(&a, &assembled)) {
		fprintf(stderr, "scene: fill shader: %s\n", a.error);
		return 0;
	}
	vs = scene_shbin_begin(&w, &a, &assembled);
	shbin_writer_add_uniform(&w, vs, "aPosition", 0x00, 0x00);
	shbin_writer_add_uniform(&w, vs, "aTexCoord", 0x01, 0x01);
	shbin_writer_add_float(&w, vs, 4, 1, 1, 1, 1);
	if (lit) {
		shbin_writer_add_output(&w, vs, 1 /* normal quaternion */, 3, 0xF);
		shbin_writer_add_output(&w, vs, 8 /* view vector */, 4, 0x7);
		shbin_writer_add_float(&w, vs, 5, 0.2f, 0.0f, 0.0f, 0.98f);
		shbin_writer_add_float(&w, vs, 6, 0.0f, 0.0f, 1.0f, 0.0f);
	}
	ok = shbin_writer_finish(&w, bin, size);
	shbin_writer_free(&w);
	return ok;
}

/* Load the fill scene's vertex shader (lit or not), link it with the
 * fixed fragment stage and use it: the program's name, or 0 when the
 * binary cannot be built or the link fails. */
static GLuint fill_program_use(int lit)
{
	uint8_t *bin = NULL;
	size_t size = 0;

	if (!fill_shader_binary(lit, &bin, &size))
		return 0;
	return scene_program_use(bin, size, "aTexCoord");
}

/* The lit material of the lit fill scene (scenes.h): two directional
 * lights, D0 = x^16 on N.H at LUT number 0, configuration 0; the combiner
 * modulates the texture by the primary colour and adds the secondary. */
static void fill_lit_material(GLuint program)
{
	static GLfloat t[512];
	static const GLfloat dir[2][4] = { { 0.0f, 0.0f, 1.0f, 0.0f }, { 0.6f, 0.0f, 0.8f, 0.0f } };
	char name[64];
	GLuint lut;
	unsigned i, k;

	for (i = 0; i < 256; i++) {
		double x = i / 256.0, x1 = (i + 1) / 256.0, p = 1.0, p1 = 1.0;

		for (k = 0; k < 16; k++) {
			p *= x;
			p1 *= x1;
		}
		t[i] = (GLfloat)p;
		t[256 + i] = (GLfloat)(p1 - p);
	}
	glGenTextures(1, &lut);
	glBindTexture(GL_LUT_TEXTURE0_DMP, lut);
	glTexImage1D(GL_LUT_TEXTURE0_DMP, 0, GL_LUMINANCEF_DMP, 512, 0, GL_LUMINANCEF_DMP, GL_FLOAT,
		     t);
	glUniform1i(glGetUniformLocation(program, "dmp_FragmentLighting.enabled"), GL_TRUE);
	for (i = 0; i < 2; i++) {
		snprintf(name, sizeof name, "dmp_FragmentLightSource[%u].enabled", i);
		glUniform1i(glGetUniformLocation(program, name), GL_TRUE);
		snprintf(name, sizeof name, "dmp_FragmentLightSource[%u].position", i);
		glUniform4fv(glGetUniformLocation(program, name), 1, dir[i]);
	}
	glUniform4f(glGetUniformLocation(program, "dmp_FragmentMaterial.specular0"), 0.5f, 0.5f,
		    0.5f, 1.0f);
	glUniform1i(glGetUniformLocation(program, "dmp_FragmentMaterial.samplerD0"), 0);
	glUniform1i(glGetUniformLocation(program, "dmp_LightEnv.lutEnabledD0"), GL_TRUE);
	glUniform1i(glGetUniformLocation(program, "dmp_LightEnv.absLutInputD0"), GL_TRUE);
	glUniform3i(glGetUniformLocation(program, "dmp_TexEnv[0].srcRgb"), GL_TEXTURE0,
		    GL_FRAGMENT_PRIMARY_COLOR_DMP, GL_FRAGMENT_SECONDARY_COLOR_DMP);
	glUniform1i(glGetUniformLocation(program, "dmp_TexEnv[0].combineRgb"), GL_MULT_ADD_DMP);
}

/* Program, texture, state and the quads' vertices; false if anything failed. */
static int fill_setup(int lit)
{
	/* x, y, z and s, t of two triangles covering the viewport */
	static const GLfloat quad[6][5] = {
		{ -1, -1, -0.5f, 0, 0 }, { 1, -1, -0.5f, 1, 0 }, { 1, 1, -0.5f, 1, 1 },
		{ -1, -1, -0.5f, 0, 0 }, { 1, 1, -0.5f, 1, 1 }, { -1, 1, -0.5f, 0, 1 },
	};
	static uint8_t texels[FILL_TEX * FILL_TEX * 4];
	GLuint program, buffer, texture;
	size_t k;

	program = fill_program_use(lit);
	if (!program)
		return 0;

	for (k = 0; k < sizeof texels; k++)
		texels[k] = (uint8_t)(k * 2654435761u >> 24);
	glGenTextures(1, &texture);
	glBindTexture(GL_TEXTURE_2D, texture);
	glTexImage2D(GL_TEXTURE_2D | NN_GX_MEM_VRAMA, 0, GL_RGBA, FILL_TEX, FILL_TEX, 0, GL_RGBA,
		     GL_UNSIGNED_BYTE, texels);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
	/* the combiner's default stage 0 replaces with texture 0 */
	glUniform1i(glGetUniformLocation(program, "dmp_Texture[0].samplerType"), GL_TEXTURE_2D);
	if (lit)
		fill_lit_material(program);
	glEnable(GL_DEPTH_TEST);
	glDepthFunc(GL_GEQUAL);

	glGenBuffers(1, &buffer);
	glBindBuffer(GL_ARRAY_BUFFER, buffer);
	glBufferData(GL_ARRAY_BUFFER | NN_GX_MEM_VRAMA, sizeof quad, quad, GL_STATIC_DRAW);
	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof quad[0], (const GLvoid *)0);
	glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, sizeof quad[0],
			      (const GLvoid *)(3 * sizeof(GLfloat)));
	glEnableVertexAttribArray(0);
	glEnableVertexAttribArray(1);
	return glGetError() == GL_NO_ERROR;
}

int scene_fill_setup(void)
{
	return fill_setup(0);
}

int scene_fill_lit_setup(void)
{
	return fill_setup(1);
}

void scene_fill_frame(void)
{
	unsigned q;

	for (q = 0; q < FILL_QUADS; q++)
		glDrawArrays(GL_TRIANGLES, 0, 6);
	glFinish();
}

/* ---- minified texture ---------------------------------------------------------- */

/* Program (the fill scene's), mipmapped texture, state and the plane. */
int scene_minified_setup(void)
{
	/* clip x, y, z, w and s, t: near edge w = 1 across the screen's
	 * bottom, far edge w = 8 at the top, a quarter of the width */
	static const GLfloat plane[6][6] = {
		{ -1, -1, -0.5f, 1, 0, 0 }, { 1, -1, -0.5f, 1, 4, 0 }, { 2, 8, -4, 8, 4, 16 },
		{ -1, -1, -0.5f, 1, 0, 0 }, { 2, 8, -4, 8, 4, 16 }, { -2, 8, -4, 8, 0, 16 },
	};
	static uint8_t texels[MINIFIED_TEX * MINIFIED_TEX * 4];
	GLuint program, buffer, texture;
	size_t k;

	program = fill_program_use(0);
	if (!program)
		return 0;

	for (k = 0; k < sizeof texels; k++)
		texels[k] = (uint8_t)(k * 2654435761u >> 24);
	glGenTextures(1, &texture);
	glBindTexture(GL_TEXTURE_2D, texture);
	glTexImage2D(GL_TEXTURE_2D | NN_GX_MEM_VRAMA, 0, GL_RGBA, MINIFIED_TEX, MINIFIED_TEX, 0,
		     GL_RGBA, GL_UNSIGNED_BYTE, texels);
	glGenerateMipmap(GL_TEXTURE_2D);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
	glUniform1i(glGetUniformLocation(program, "dmp_Texture[0].samplerType"), GL_TEXTURE_2D);

	glGenBuffers(1, &buffer);
	glBindBuffer(GL_ARRAY_BUFFER, buffer);
	glBufferData(GL_ARRAY_BUFFER | NN_GX_MEM_VRAMA, sizeof plane, plane, GL_STATIC_DRAW);
	glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, sizeof plane[0], (const GLvoid *)0);
	glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, sizeof plane[0],
			      (const GLvoid *)(4 * sizeof(GLfloat)));
	glEnableVertexAttribArray(0);
	glEnableVertexAttribArray(1);
	return glGetError() == GL_NO_ERROR;
}

void scene_minified_frame(void)
{
	glDrawArrays(GL_TRIANGLES, 0, 6);
	glFinish();
}
