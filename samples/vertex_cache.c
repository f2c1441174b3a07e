/* vertex_cache.c: the post-vertex cache and its counter
 * (NN_GX_PROFILING_VERTEX_CACHE).
 *
 * An indexed draw (glDrawElements) names each corner of each triangle by a
 * vertex index. The GPU keeps the vertices it shaded last in a small
 * post-vertex cache: when an index is found there, the shaded vertex is
 * reused and the vertex shader does not run for it again. The
 * VERTEX_CACHE counter counts the vertices that entered the cache, that
 * is the ones that missed and were shaded. Compare it with the number of
 * indices drawn to see how well an index order uses the cache.
 *
 * The sample draws one grid mesh, 32 x 32 quads (1089 vertices, 2048
 * triangles, 6144 indices), three times. The triangles are the same each
 * time; only their order in the index buffer changes:
 *   1. strip order: row after row, the order a triangle strip would give;
 *   2. the same walk in bands 8 quads wide, so that a row is short;
 *   3. the same triangles shuffled (a fixed pseudo-random order).
 * For each draw it prints the indices drawn, the vertices shaded, the hit
 * rate, the ACMR (average cache miss ratio: vertices shaded per
 * triangle; 3.0 means no reuse at all, and this mesh cannot go below
 * 1089 / 2048 = 0.53), and the shader instructions executed
 * (VERTEX_SHADER0..3 word 0), which is the work the cache saves.
 *
 * The model's cache (a model choice: the real size is not public) holds
 * 32 vertices, is fully associative, replaces first-in first-out, and is
 * emptied at the start of every indexed draw. Size and policy are the
 * configuration keys model.vertex_cache.entries and model.vertex_cache.policy
 * (data/nngx.cfg); point NNGX_CONFIG at a file that changes them and run
 * the sample again. The figures in the comments below are for the shipped
 * defaults.
 *
 * Shader binary: a real program loads a .shbin file made by the shader
 * assembler and gives it to glShaderBinary. So that the sample ships no
 * opaque blob, it builds that binary at run time with the project's own
 * encoder (tests/shader_asm.h, tests/shbin_writer.h). */
#include <stdio.h>
#include <stdlib.h>

#include <nn/gx.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>
#include <nngx_shim.h>

#include "tests/shader_asm.h"
#include "tests/shbin_writer.h"

#define QUADS        32                       /* per side */
#define SIDE         (QUADS + 1)              /* vertices per side */
#define VERTICES     (SIDE * SIDE)
#define TRIANGLES    (QUADS * QUADS * 2)
#define INDICES      (TRIANGLES * 3)
#define BAND         8                        /* quads per band in order 2 */
#define SHADER_WORDS 6                        /* instructions per vertex */

static void die_on_gl_error(const char *what)
{
	GLenum e = glGetError();

	if (e != GL_NO_ERROR) {
		fprintf(stderr, "vertex_cache: %s failed with GL error 0x%04X\n", what, e);
		exit(1);
	}
}

/* ---- the shader ---------------------------------------------------------- */

/* o0 = uMvp * aPosition (four dp4), o1 = uColor: six instructions. Returns
 * the SHBIN bytes (malloc'd) in *bin. */
static int build_shader_binary(uint8_t **bin, size_t *size)
{
	static const char *const lane[4] = { "x", "y", "z", "w" };
	static struct shader_asm a;                   /* large: keep off the stack */
	static struct hw_shader_state assembled;
	struct shbin_writer w;
	size_t vs;
	unsigned k;
	int ok;

	asm_init(&a);
	for (k = 0; k < 4; k++)
		asm_op2(&a, ASM_DP4, asm_mask(asm_o(0), lane[k]), asm_c(k), asm_v(0));
	asm_mov(&a, asm_o(1), asm_c(4));
	asm_end(&a);
	if (!asm_finish(&a, &assembled)) {
		fprintf(stderr, "vertex_cache: shader: %s\n", a.error);
		return 0;
	}
	shbin_writer_init(&w);
	shbin_writer_set_program(&w, assembled.code, a.ncode);
	for (k = 0; k < a.nopdesc; k++)
		shbin_writer_add_opdesc(&w, assembled.opdesc[k]);
	vs = shbin_writer_add_entry(&w, 0 /* vertex */, 0, a.ncode);
	shbin_writer_add_output(&w, vs, 0 /* position */, 0, 0xF);
	shbin_writer_add_output(&w, vs, 2 /* colour */, 1, 0xF);
	shbin_writer_add_uniform(&w, vs, "aPosition", 0x00, 0x00);   /* v0 */
	shbin_writer_add_uniform(&w, vs, "uMvp", 0x10, 0x13);        /* c0-c3 */
	shbin_writer_add_uniform(&w, vs, "uColor", 0x14, 0x14);      /* c4 */
	ok = shbin_writer_finish(&w, bin, size);
	shbin_writer_free(&w);
	return ok;
}

/* A program with the shader, linked and in use. */
static GLuint load_program(void)
{
	static const GLfloat identity[16] = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 };
	GLuint shader, program;
	GLint linked = GL_FALSE;
	uint8_t *bin = NULL;
	size_t size = 0;

	if (!build_shader_binary(&bin, &size))
		exit(1);
	shader = glCreateShader(GL_VERTEX_SHADER);
	glShaderBinary(1, &shader, GL_PLATFORM_BINARY_DMP, bin, (GLsizei)size);
	free(bin);
	program = glCreateProgram();
	glAttachShader(program, shader);
	glAttachShader(program, GL_DMP_FRAGMENT_SHADER_DMP);
	glBindAttribLocation(program, 0, "aPosition");
	glLinkProgram(program);
	glGetProgramiv(program, GL_LINK_STATUS, &linked);
	if (!linked) {
		fprintf(stderr, "vertex_cache: the program did not link\n");
		exit(1);
	}
	glUseProgram(program);
	glUniformMatrix4fv(glGetUniformLocation(program, "uMvp"), 1, GL_FALSE, identity);
	glUniform4f(glGetUniformLocation(program, "uColor"), 1.0f, 0.5f, 0.25f, 1.0f);
	die_on_gl_error("loading the program");
	return program;
}

/* ---- the mesh and its three index orders --------------------------------- */

static void grid_positions(GLfloat pos[VERTICES][3])
{
	unsigned x, y;

	for (y = 0; y < SIDE; y++)
		for (x = 0; x < SIDE; x++) {
			pos[y * SIDE + x][0] = -0.9f + 1.8f * (GLfloat)x / QUADS;
			pos[y * SIDE + x][1] = -0.9f + 1.8f * (GLfloat)y / QUADS;
			pos[y * SIDE + x][2] = -0.5f;
		}
}

/* The two triangles of quad (x, y), counter-clockwise, appended at *n. */
static void put_quad(GLushort *idx, unsigned *n, unsigned x, unsigned y)
{
	GLushort a = (GLushort)(y * SIDE + x), b = (GLushort)(a + 1);
	GLushort c = (GLushort)(a + SIDE), d = (GLushort)(c + 1);

	idx[(*n)++] = a; idx[(*n)++] = b; idx[(*n)++] = c;
	idx[(*n)++] = b; idx[(*n)++] = d; idx[(*n)++] = c;
}

/* Quads row after row, each row left to right, in bands `band` quads
 * wide (band = QUADS: whole rows). */
static void strip_order(GLushort idx[INDICES], unsigned band)
{
	unsigned n = 0, x0, x, y;

	for (x0 = 0; x0 < QUADS; x0 += band)
		for (y = 0; y < QUADS; y++)
			for (x = x0; x < x0 + band && x < QUADS; x++)
				put_quad(idx, &n, x, y);
}

/* xorshift32: a fixed seed gives the same "random" order on every run. */
static uint32_t next_random(uint32_t *state)
{
	uint32_t s = *state;

	s ^= s << 13;
	s ^= s >> 17;
	s ^= s << 5;
	return *state = s;
}

/* The triangles of strip order, shuffled whole (Fisher-Yates), each
 * keeping its corners and so its winding. */
static void shuffled_order(GLushort idx[INDICES])
{
	uint32_t seed = 2024;
	unsigned t, k;

	strip_order(idx, QUADS);
	for (t = TRIANGLES - 1; t > 0; t--) {
		unsigned u = next_random(&seed) % (t + 1);
		for (k = 0; k < 3; k++) {
			GLushort tmp = idx[3 * t + k];
			idx[3 * t + k] = idx[3 * u + k];
			idx[3 * u + k] = tmp;
		}
	}
}

/* ---- one draw and what it did -------------------------------------------- */

struct draw_figures {
	GLuint shaded;          /* VERTEX_CACHE */
	GLuint instructions;    /* VERTEX_SHADER0..3 word 0, summed */
	GLuint per_unit[4];
	GLuint triangles;       /* POLYGON word 1 */
};

/* The always-running counters never reset: keep what they said before. */
struct running {
	GLuint shader[4][NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_SHADER0];
	GLuint polygon[NN_GX_PROFILING_RESULT_BUFSIZE_POLYGON];
};

static void read_running(struct running *r)
{
	unsigned p;

	for (p = 0; p < 4; p++)
		nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_SHADER0 + p, r->shader[p]);
	nngxGetProfilingResult(NN_GX_PROFILING_POLYGON, r->polygon);
}

static void draw(GLuint ibo, struct draw_figures *f)
{
	struct running before, after;
	unsigned p;

	glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo);
	read_running(&before);
	glDrawElements(GL_TRIANGLES, INDICES, GL_UNSIGNED_SHORT, (const GLvoid *)0);
	glFinish();             /* run the command list and wait for the GPU */
	die_on_gl_error("the draw");
	read_running(&after);
	/* Restarted from 0 by this draw: it holds this draw's count alone. */
	nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_CACHE, &f->shaded);
	f->instructions = 0;
	for (p = 0; p < 4; p++) {
		f->per_unit[p] = after.shader[p][0] - before.shader[p][0];
		f->instructions += f->per_unit[p];
	}
	f->triangles = after.polygon[1] - before.polygon[1];
}

static void print_figures(const char *title, const struct draw_figures *f)
{
	GLuint hits = INDICES - f->shaded;

	printf("%s\n", title);
	printf("  %-36s %6u  (%u triangles; POLYGON word 1: %u)\n", "indices drawn",
	       INDICES, TRIANGLES, f->triangles);
	printf("  %-36s %6u  (the mesh has %u vertices)\n", "vertices shaded (VERTEX_CACHE)",
	       f->shaded, VERTICES);
	printf("  %-36s %6u  hit rate %.1f %%\n", "cache hits", hits, 100.0 * hits / INDICES);
	printf("  %-36s %6.3f\n", "ACMR (vertices shaded per triangle)",
	       (double)f->shaded / TRIANGLES);
	printf("  %-36s %6u  = %u shaded x %u instructions\n", "shader instructions (word 0)",
	       f->instructions, f->shaded, SHADER_WORDS);
	printf("  %-36s %u %u %u %u (vertex k runs on unit k %% 4)\n\n",
	       "  per unit, VERTEX_SHADER0..3", f->per_unit[0], f->per_unit[1], f->per_unit[2],
	       f->per_unit[3]);
}

int main(void)
{
	static GLfloat pos[VERTICES][3];
	static GLushort idx[INDICES];
	struct draw_figures rows, bands, shuffled;
	GLuint list, vbo, ibo[3];

	nngxShimReset();
	nngxInitialize(NULL, NULL);       /* NULL: the library's own allocator */
	nngxGenCmdlists(1, &list);
	nngxBindCmdlist(list);
	nngxCmdlistStorage(64 * 1024, 16);
	load_program();

	/* Positions in VRAM A, each index order in its own buffer in VRAM B. */
	grid_positions(pos);
	glGenBuffers(1, &vbo);
	glBindBuffer(GL_ARRAY_BUFFER, vbo);
	glBufferData(GL_ARRAY_BUFFER | NN_GX_MEM_VRAMA, sizeof pos, pos, GL_STATIC_DRAW);
	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, (const GLvoid *)0);
	glEnableVertexAttribArray(0);
	glGenBuffers(3, ibo);
	strip_order(idx, QUADS);
	glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo[0]);
	glBufferData(GL_ELEMENT_ARRAY_BUFFER | NN_GX_MEM_VRAMB, sizeof idx, idx, GL_STATIC_DRAW);
	strip_order(idx, BAND);
	glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo[1]);
	glBufferData(GL_ELEMENT_ARRAY_BUFFER | NN_GX_MEM_VRAMB, sizeof idx, idx, GL_STATIC_DRAW);
	shuffled_order(idx);
	glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo[2]);
	glBufferData(GL_ELEMENT_ARRAY_BUFFER | NN_GX_MEM_VRAMB, sizeof idx, idx, GL_STATIC_DRAW);
	die_on_gl_error("creating the buffers");

	printf("A grid of %u x %u quads: %u vertices, %u triangles, %u indices; the vertex\n"
	       "shader has %u instructions. Model cache: model.vertex_cache.entries (32 by\n"
	       "default), model.vertex_cache.policy (\"fifo\" by default).\n\n",
	       QUADS, QUADS, VERTICES, TRIANGLES, INDICES, SHADER_WORDS);

	/* Start the counter before the draws it should count. */
	nngxStartProfiling(NN_GX_PROFILING_VERTEX_CACHE);

	draw(ibo[0], &rows);
	print_figures("== 1. Strip order: row after row ==", &rows);
	/* Each row of quads reuses the vertices of the row before it. With 32
	 * entries first-in first-out, that works only while both rows fit,
	 * 2 x (quads per row + 1) vertices: 66 for a whole row does not, so
	 * every vertex is shaded about twice (ACMR ~1.03). */
	puts("  A row reuses the previous row's vertices only if both rows fit the cache.\n"
	     "  With the default 32 entries, first-in first-out, 2 x 33 = 66 vertices do\n"
	     "  not fit, so most vertices are shaded twice.\n");

	draw(ibo[1], &bands);
	print_figures("== 2. Strip order in bands 8 quads wide ==", &bands);
	/* 2 x 9 = 18 vertices fit: nearly every vertex is shaded once; only
	 * the band edges are shaded twice (ACMR ~0.58). */
	printf("  2 x %u = %u vertices fit 32 entries, so nearly every vertex is shaded\n"
	       "  once; only the vertices on the band edges are shaded again.\n\n",
	       BAND + 1, 2 * (BAND + 1));

	draw(ibo[2], &shuffled);
	print_figures("== 3. The same triangles shuffled ==", &shuffled);
	puts("  Neighbouring triangles are far apart in the index buffer: a vertex has\n"
	     "  left the cache before it is needed again, so almost every index misses.\n");

	puts("== What the cache saved (same mesh, same triangles) ==");
	printf("  shuffled -> strip rows : %6u fewer instructions (%.0f %% of the shading work)\n",
	       shuffled.instructions - rows.instructions,
	       100.0 * (shuffled.instructions - rows.instructions) / shuffled.instructions);
	printf("  shuffled -> bands      : %6u fewer instructions (%.0f %% of the shading work)\n\n",
	       shuffled.instructions - bands.instructions,
	       100.0 * (shuffled.instructions - bands.instructions) / shuffled.instructions);

	/* The manual: the counter raises power draw while it runs. */
	nngxStopProfiling(NN_GX_PROFILING_VERTEX_CACHE);
	puts("The VERTEX_CACHE counter is stopped again: left running, it draws more power.");

	nngxFinalize();         /* deletes the GL objects and command lists */
	return 0;
}
