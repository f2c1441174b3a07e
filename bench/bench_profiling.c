/* bench_profiling.c: cost of the profiling entry points, in host ns per call,
 * and the model's throughput on two reference scenes (geometry-heavy and
 * fill-heavy). Prints figures; asserts nothing (speed goals live here, not
 * in tests).
 *
 * The scenes' shader binaries are built at run time with the tests' encoder
 * (tests/shader_asm.h, tests/shbin_writer.h) rather than shipped as a blob;
 * a real program would load a .shbin file. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <nn/gx.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>
#include <nngx_shim.h>

#include "tests/shader_asm.h"
#include "tests/shbin_writer.h"

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

#define BENCH(label, iterations, body)                                         \
	do {                                                                   \
		long i_;                                                       \
		double t0_ = now_ns();                                         \
		for (i_ = 0; i_ < (iterations); i_++) {                        \
			body;                                                  \
		}                                                              \
		printf("%-52s %10.1f ns/call\n", label,                        \
		       (now_ns() - t0_) / (double)(iterations));               \
	} while (0)

/* Mean cost of one busy read after `idle` clocks of advance, N = 0. */
static double busy_read_after(GLuint64EXT idle, long reps)
{
	GLuint result[NN_GX_PROFILING_RESULT_BUFSIZE_BUSY];
	double total = 0;
	long i;

	for (i = 0; i < reps; i++) {
		double t0;
		nngxShimReset();
		nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME, 100);
		nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 0);
		nngxStartProfiling(NN_GX_PROFILING_BUSY);
		nngxShimInjectBusy(NNGX_SHIM_MODULE_TEXTURE, 500);
		nngxShimInjectBusy(NNGX_SHIM_MODULE_RASTERIZER, 250);
		/* Timed together: the advance catches the counter up (in
		 * closed form), the read packs and clears it. */
		t0 = now_ns();
		nngxShimAdvance(idle);
		nngxGetProfilingResult(NN_GX_PROFILING_BUSY, result);
		total += now_ns() - t0;
	}
	return total / (double)reps;
}

/* ---- model throughput ------------------------------------------------------ */

/* The reference scene: a 100 x 50 quad grid (5151 vertices, 10000
 * triangles, indices in strip order), position and normal interleaved in
 * VRAM A, 16-bit indices in VRAM B, through a 20-instruction vertex shader
 * (transform, normal, two diffuse lights, ambient, planar texture
 * coordinates). Every triangle is inside the clip volume. */
#define SCENE_QUADS_X   100
#define SCENE_QUADS_Y   50
#define SCENE_VERTICES  ((SCENE_QUADS_X + 1) * (SCENE_QUADS_Y + 1))
#define SCENE_TRIANGLES (SCENE_QUADS_X * SCENE_QUADS_Y * 2)
#define SCENE_INDICES   (SCENE_TRIANGLES * 3)
#define SCENE_DRAWS     50
#define GPU_HZ          268e6     /* the PICA200's clock (CTR manual ch. 9) */

struct scene_vertex {
	GLfloat pos[3], normal[3];
};

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
		fprintf(stderr, "bench: scene shader: %s\n", a.error);
		return 0;
	}
	*instructions = a.ncode;
	shbin_writer_init(&w);
	shbin_writer_set_program(&w, assembled.code, a.ncode);
	for (k = 0; k < a.nopdesc; k++)
		shbin_writer_add_opdesc(&w, assembled.opdesc[k]);
	vs = shbin_writer_add_entry(&w, 0 /* vertex */, 0, a.ncode);
	shbin_writer_add_output(&w, vs, 0 /* position */, 0, 0xF);
	shbin_writer_add_output(&w, vs, 2 /* colour */, 1, 0xF);
	shbin_writer_add_output(&w, vs, 3 /* texcoord 0 */, 2, 0x3);
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

/* Program, buffers and attributes of the scene; false if anything failed. */
static int scene_setup(unsigned *instructions)
{
	static const GLfloat identity[16] = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 };
	static struct scene_vertex vertices[SCENE_VERTICES];
	static GLushort idx[SCENE_INDICES];
	GLuint shader, program, buffers[2];
	GLint linked = GL_FALSE;
	uint8_t *bin = NULL;
	size_t size = 0;
	unsigned x, y, n = 0;

	if (!scene_shader_binary(&bin, &size, instructions))
		return 0;
	shader = glCreateShader(GL_VERTEX_SHADER);
	glShaderBinary(1, &shader, GL_PLATFORM_BINARY_DMP, bin, (GLsizei)size);
	free(bin);
	program = glCreateProgram();
	glAttachShader(program, shader);
	glAttachShader(program, GL_DMP_FRAGMENT_SHADER_DMP);
	glBindAttribLocation(program, 0, "aPosition");
	glBindAttribLocation(program, 1, "aNormal");
	glLinkProgram(program);
	glGetProgramiv(program, GL_LINK_STATUS, &linked);
	if (!linked)
		return 0;
	glUseProgram(program);
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

struct scene_draw {
	double host_ns;
	GLuint64EXT clocks;
	GLuint shaded, triangles, instructions;
};

/* One frame: draw, run and wait (timed), then reuse the command list. */
static void scene_draw_once(struct scene_draw *d)
{
	GLuint poly0[NN_GX_PROFILING_RESULT_BUFSIZE_POLYGON];
	GLuint poly1[NN_GX_PROFILING_RESULT_BUFSIZE_POLYGON];
	GLuint sh0[NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_SHADER0];
	GLuint sh1[NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_SHADER0];
	GLuint64EXT c0;
	double t0;
	unsigned p;

	nngxGetProfilingResult(NN_GX_PROFILING_POLYGON, poly0);
	d->instructions = 0;
	for (p = 0; p < 4; p++) {
		nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_SHADER0 + p, sh0);
		d->instructions -= sh0[0];
	}
	c0 = nngxShimGetClock();
	t0 = now_ns();
	glDrawElements(GL_TRIANGLES, SCENE_INDICES, GL_UNSIGNED_SHORT, (const GLvoid *)0);
	glFinish();
	d->host_ns = now_ns() - t0;
	d->clocks = nngxShimGetClock() - c0;
	nngxClearCmdlist();
	nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_CACHE, &d->shaded);
	nngxGetProfilingResult(NN_GX_PROFILING_POLYGON, poly1);
	d->triangles = poly1[1] - poly0[1];
	for (p = 0; p < 4; p++) {
		nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_SHADER0 + p, sh1);
		d->instructions += sh1[0];
	}
}

static void bench_model_throughput(void)
{
	struct scene_draw d, total = { 0, 0, 0, 0, 0 };
	double best_ns = 0, secs, clocks_per_s;
	unsigned instructions = 0;
	GLuint list;
	int i;

	nngxShimReset();
	nngxInitialize(NULL, NULL);
	nngxGenCmdlists(1, &list);
	nngxBindCmdlist(list);
	nngxCmdlistStorage(64 * 1024, 4);
	if (!scene_setup(&instructions)) {
		printf("\nmodel throughput: the scene could not be set up (GL error)\n");
		nngxFinalize();
		return;
	}
	nngxStartProfiling(NN_GX_PROFILING_VERTEX_CACHE);
	scene_draw_once(&d);          /* warm-up: also sends the program's code */
	for (i = 0; i < SCENE_DRAWS; i++) {
		scene_draw_once(&d);
		total.host_ns += d.host_ns;
		total.clocks += d.clocks;
		total.shaded += d.shaded;
		total.triangles += d.triangles;
		total.instructions += d.instructions;
		if (i == 0 || d.host_ns < best_ns)
			best_ns = d.host_ns;
	}
	nngxStopProfiling(NN_GX_PROFILING_VERTEX_CACHE);
	secs = total.host_ns / 1e9;
	clocks_per_s = (double)total.clocks / secs;

	printf("\nmodel throughput (reference scene: %u x %u quad grid, %u vertices, %u triangles,\n"
	       "%u indices in strip order, %u-instruction vertex shader; %d draws, each\n"
	       "glDrawElements + glFinish timed on the host):\n",
	       SCENE_QUADS_X, SCENE_QUADS_Y, SCENE_VERTICES, SCENE_TRIANGLES, SCENE_INDICES,
	       instructions, SCENE_DRAWS);
	printf("  per draw: %.2f ms host (best %.2f ms); simulated: %llu clocks (%.1f us of GPU time),\n"
	       "            %u vertices shaded, %u triangles, %.1f shader instructions a vertex\n",
	       total.host_ns / SCENE_DRAWS / 1e6, best_ns / 1e6,
	       (unsigned long long)(total.clocks / SCENE_DRAWS),
	       (double)total.clocks / SCENE_DRAWS / GPU_HZ * 1e6, total.shaded / SCENE_DRAWS,
	       total.triangles / SCENE_DRAWS, (double)total.instructions / total.shaded);
	printf("  simulated vertices shaded per host second: %12.0f\n", total.shaded / secs);
	printf("  triangles per host second:                 %12.0f\n", total.triangles / secs);
	printf("  simulated GPU clocks per host second:      %12.0f\n", clocks_per_s);
	printf("  ratio to real time (clocks/s / 268e6):     %12.4f  (the real GPU is %.0fx faster)\n",
	       clocks_per_s / GPU_HZ, GPU_HZ / clocks_per_s);
	nngxFinalize();
}

/* ---- fill throughput ------------------------------------------------------- */

/* The fill-heavy reference scene: three full-screen quads over the default
 * 240 x 400 framebuffer (3x overdraw, 288000 fragments a frame), each
 * sampling one 256 x 256 RGBA8 texture in VRAM A (bilinear, stretched over
 * the screen), with the depth test on. glClear is not modelled yet, so the
 * frames are not cleared: the quads lie at one depth and the test is
 * GL_GEQUAL, which every fragment passes in every frame, so each frame does
 * the same work (depth read and written, colour written). */
#define FILL_TEX        256
#define FILL_QUADS      3
#define FILL_MAX_FRAMES 60
#define FILL_MIN_FRAMES 5
#define FILL_BUDGET_NS  3e9       /* stop adding frames after this much host time */
#define FILL_WINDOW     1000      /* busy-counter sampling time, clocks */
#define FILL_WORD_TEXTURE 5       /* MEMORY_ACCESS word 5: texture reads */

/* o0 = v0, o1 = c4 (colour), o2.xy = v1 (texture coordinates). */
static int fill_shader_binary(uint8_t **bin, size_t *size)
{
	static struct shader_asm a;
	static struct hw_shader_state assembled;
	struct shbin_writer w;
	size_t vs;
	unsigned k;
	int ok;

	asm_init(&a);
	asm_mov(&a, asm_o(0), asm_v(0));
	asm_mov(&a, asm_o(1), asm_c(4));
	asm_mov(&a, asm_o(2), asm_v(1));
	asm_end(&a);
	if (!asm_finish(&a, &assembled)) {
		fprintf(stderr, "bench: fill shader: %s\n", a.error);
		return 0;
	}
	shbin_writer_init(&w);
	shbin_writer_set_program(&w, assembled.code, a.ncode);
	for (k = 0; k < a.nopdesc; k++)
		shbin_writer_add_opdesc(&w, assembled.opdesc[k]);
	vs = shbin_writer_add_entry(&w, 0 /* vertex */, 0, a.ncode);
	shbin_writer_add_output(&w, vs, 0 /* position */, 0, 0xF);
	shbin_writer_add_output(&w, vs, 2 /* colour */, 1, 0xF);
	shbin_writer_add_output(&w, vs, 3 /* texcoord 0 */, 2, 0x3);
	shbin_writer_add_uniform(&w, vs, "aPosition", 0x00, 0x00);
	shbin_writer_add_uniform(&w, vs, "aTexCoord", 0x01, 0x01);
	shbin_writer_add_float(&w, vs, 4, 1, 1, 1, 1);
	ok = shbin_writer_finish(&w, bin, size);
	shbin_writer_free(&w);
	return ok;
}

/* Program, texture, state and the quads' vertices; false if anything failed. */
static int fill_setup(void)
{
	/* x, y, z and s, t of two triangles covering the viewport */
	static const GLfloat quad[6][5] = {
		{ -1, -1, -0.5f, 0, 0 }, { 1, -1, -0.5f, 1, 0 }, { 1, 1, -0.5f, 1, 1 },
		{ -1, -1, -0.5f, 0, 0 }, { 1, 1, -0.5f, 1, 1 }, { -1, 1, -0.5f, 0, 1 },
	};
	static uint8_t texels[FILL_TEX * FILL_TEX * 4];
	GLuint shader, program, buffer, texture;
	GLint linked = GL_FALSE;
	uint8_t *bin = NULL;
	size_t size = 0, k;

	if (!fill_shader_binary(&bin, &size))
		return 0;
	shader = glCreateShader(GL_VERTEX_SHADER);
	glShaderBinary(1, &shader, GL_PLATFORM_BINARY_DMP, bin, (GLsizei)size);
	free(bin);
	program = glCreateProgram();
	glAttachShader(program, shader);
	glAttachShader(program, GL_DMP_FRAGMENT_SHADER_DMP);
	glBindAttribLocation(program, 0, "aPosition");
	glBindAttribLocation(program, 1, "aTexCoord");
	glLinkProgram(program);
	glGetProgramiv(program, GL_LINK_STATUS, &linked);
	if (!linked)
		return 0;
	glUseProgram(program);

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

struct fill_frame {
	double host_ns;
	GLuint64EXT clocks;
	GLuint fragments, texture_misses;
	unsigned long busy[NNGX_SHIM_MODULE_COUNT];
};

/* One frame: three quads, run and wait (timed), then reuse the list. The
 * busy counter runs all along; its windows are collected after each frame
 * (a read zeroes the 16-bit counts, so they never wrap). */
static void fill_frame_once(struct fill_frame *f)
{
	GLuint frag0, frag1, busy[NN_GX_PROFILING_RESULT_BUFSIZE_BUSY];
	GLuint mem0[NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS];
	GLuint mem1[NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS];
	GLuint64EXT c0;
	double t0;
	unsigned q, m;

	nngxGetProfilingResult(NN_GX_PROFILING_FRAGMENT, &frag0);
	nngxGetProfilingResult(NN_GX_PROFILING_MEMORY_ACCESS, mem0);
	nngxGetProfilingResult(NN_GX_PROFILING_BUSY, busy);     /* drop earlier windows */
	c0 = nngxShimGetClock();
	t0 = now_ns();
	for (q = 0; q < FILL_QUADS; q++)
		glDrawArrays(GL_TRIANGLES, 0, 6);
	glFinish();
	f->host_ns = now_ns() - t0;
	f->clocks = nngxShimGetClock() - c0;
	nngxClearCmdlist();
	nngxGetProfilingResult(NN_GX_PROFILING_FRAGMENT, &frag1);
	nngxGetProfilingResult(NN_GX_PROFILING_MEMORY_ACCESS, mem1);
	nngxGetProfilingResult(NN_GX_PROFILING_BUSY, busy);
	f->fragments = frag1 - frag0;
	f->texture_misses = mem1[FILL_WORD_TEXTURE] - mem0[FILL_WORD_TEXTURE];
	for (m = 0; m < NNGX_SHIM_MODULE_COUNT; m++)
		f->busy[m] = busy[m / 2] >> (16 * (m % 2)) & 0xFFFFu;
}

static void bench_fill_throughput(void)
{
	struct fill_frame f;
	double host_ns = 0, best_ns = 0, secs, clocks_per_s;
	unsigned long busy[NNGX_SHIM_MODULE_COUNT] = { 0 }, windows = 0;
	unsigned long long fragments = 0, misses = 0, clocks = 0;
	unsigned m, winner = 0;
	int frames = 0;
	GLuint list;

	nngxShimReset();
	nngxInitialize(NULL, NULL);
	nngxGenCmdlists(1, &list);
	nngxBindCmdlist(list);
	nngxCmdlistStorage(64 * 1024, 4);
	if (!fill_setup()) {
		printf("\nfill throughput: the scene could not be set up (GL error)\n");
		nngxFinalize();
		return;
	}
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME, FILL_WINDOW);
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 0);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	fill_frame_once(&f);          /* warm-up: program, texture cache clear */
	while (frames < FILL_MAX_FRAMES && (frames < FILL_MIN_FRAMES || host_ns < FILL_BUDGET_NS)) {
		fill_frame_once(&f);
		host_ns += f.host_ns;
		clocks += f.clocks;
		fragments += f.fragments;
		misses += f.texture_misses;
		for (m = 0; m < NNGX_SHIM_MODULE_COUNT; m++)
			busy[m] += f.busy[m];
		if (frames == 0 || f.host_ns < best_ns)
			best_ns = f.host_ns;
		frames++;
	}
	nngxStopProfiling(NN_GX_PROFILING_BUSY);
	for (m = 1; m < NNGX_SHIM_MODULE_COUNT; m++)
		if (busy[m] > busy[winner])
			winner = m;
	secs = host_ns / 1e9;
	clocks_per_s = (double)clocks / secs;

	printf("\nfill throughput (reference scene: %d full-screen quads on 240 x 400, one %d x %d\n"
	       "RGBA8 texture, depth test; %d frames, each %d glDrawArrays + glFinish timed\n"
	       "on the host):\n",
	       FILL_QUADS, FILL_TEX, FILL_TEX, frames, FILL_QUADS);
	printf("  per frame: %.2f ms host (best %.2f ms); simulated: %llu clocks (%.1f us of GPU time),\n"
	       "             %llu fragments, %llu texture misses\n",
	       host_ns / frames / 1e6, best_ns / 1e6, clocks / (unsigned long long)frames,
	       (double)clocks / frames / GPU_HZ * 1e6, fragments / (unsigned long long)frames,
	       misses / (unsigned long long)frames);
	printf("  simulated fragments per host second:       %12.0f\n", (double)fragments / secs);
	printf("  simulated GPU clocks per host second:      %12.0f\n", clocks_per_s);
	printf("  ratio to real time (clocks/s / 268e6):     %12.4f  (the real GPU is %.0fx faster)\n",
	       clocks_per_s / GPU_HZ, GPU_HZ / clocks_per_s);
	printf("  busy counter (windows of %d clocks):", FILL_WINDOW);
	for (m = 0; m < NNGX_SHIM_MODULE_COUNT; m++) {
		printf(" %lu", busy[m]);
		windows += busy[m];
	}
	printf("\n  bottleneck: %s (%.0f%% of the windows)\n", nngxShimGetModuleName(winner),
	       100.0 * (double)busy[winner] / (double)windows);
	nngxFinalize();
}

int main(void)
{
	GLuint result[NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS];
	GLuint param;
	const long n = 2000000;

	nngxShimSetDiagLevel(NNGX_SHIM_LEVEL_OFF);
	nngxShimReset();
	printf("libnngx profiling benchmark (host time; lower is better)\n\n");

	BENCH("nngxSetProfilingParameter(TIME, 1000)", n,
	      nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME, 1000));
	BENCH("nngxSetProfilingParameter(NANO_SECOND, 5000)", n,
	      nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND, 5000));
	BENCH("nngxSetProfilingParameter(COUNT, 0)", n,
	      nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 0));
	BENCH("nngxGetProfilingParameter(MICRO_SECOND)", n,
	      nngxGetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND, &param));
	BENCH("nngxStartProfiling(BUSY)", n, nngxStartProfiling(NN_GX_PROFILING_BUSY));
	BENCH("nngxStopProfiling(BUSY)", n, nngxStopProfiling(NN_GX_PROFILING_BUSY));
	BENCH("nngxStartProfiling(VERTEX_CACHE)", n,
	      nngxStartProfiling(NN_GX_PROFILING_VERTEX_CACHE));
	BENCH("nngxStopProfiling(VERTEX_CACHE)", n,
	      nngxStopProfiling(NN_GX_PROFILING_VERTEX_CACHE));
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	BENCH("nngxGetProfilingResult(BUSY), running, no time passed", n,
	      nngxGetProfilingResult(NN_GX_PROFILING_BUSY, result));
	BENCH("nngxGetProfilingResult(MEMORY_ACCESS)", n,
	      nngxGetProfilingResult(NN_GX_PROFILING_MEMORY_ACCESS, result));
	BENCH("nngxGetProfilingResult(VERTEX_SHADER0)", n,
	      nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_SHADER0, result));
	BENCH("nngxStartProfiling(0x1234) (error path)", n, nngxStartProfiling(0x1234));
	BENCH("glGetError()", n, (void)glGetError());
	BENCH("nngxShimAdvance(100) with BUSY running", n, nngxShimAdvance(100));

	printf("\nbusy read after idle time (N = 0, T = 100 clocks, some load first):\n");
	printf("  after 10^3 clocks:  %10.1f ns\n", busy_read_after(1000ull, 20000));
	printf("  after 10^6 clocks:  %10.1f ns\n", busy_read_after(1000000ull, 20000));
	printf("  after 10^10 clocks: %10.1f ns (closed form: about the same)\n",
	       busy_read_after(10000000000ull, 20000));

	bench_model_throughput();
	bench_fill_throughput();
	return 0;
}
