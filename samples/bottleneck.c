/* bottleneck.c: which stage limits a frame? The two-change experiment of
 * the 3DS programming manual, section 9.3.1.1.
 *
 * The GPU is a pipeline: command/vertex load, the vertex shader, triangle
 * setup (TS), the rasterizer (RAS), then the fragment side (texture unit,
 * fragment lighting, combiner, per-fragment operations). The stages work
 * at the same time, so a frame takes as long as its slowest stage. Making
 * any other stage slower (up to a point) or faster leaves the frame time
 * where it is. That is the idea of the experiment:
 *
 *   1. Insert a few to a few tens of nop instructions into the vertex
 *      shader. Only the vertex shader gets slower: every vertex shaded
 *      costs N more clocks. If the frame time moves, the vertex shader is
 *      what limits the frame.
 *   2. Enable the scissor test with a box that cuts away the whole screen
 *      (glScissor(0, 0, 0, 0)). Every fragment is thrown away right after
 *      the rasterizer, so the texture unit, lighting, combiner and
 *      per-fragment operations get nothing to do. TS and RAS work exactly as
 *      before: the rasterizer still walks every pixel the triangles cover
 *      (the scissor only discards), and TS still sets up every triangle. If
 *      the frame time moves, the fragment side is what limits it.
 *   3. If neither change moves the frame time, the manual concludes that TS
 *      or RAS is likely the bottleneck. TS depends on the number of polygons,
 *      RAS on the polygons and the pixels they generate; the fix it suggests
 *      is fewer polygons (level of detail, culling objects on the CPU), which
 *      unloads RAS as well.
 *
 * The manual gives step 3 as its test for TS/RAS; steps 1 and 2 read the
 * same measurements the other way round. The sample renders three scenes,
 * each built to have a known bottleneck, and runs each frame three times:
 * baseline, with NOPS nops before the shader's end, and with the empty
 * scissor. Then it applies the manual's reasoning to the frame times alone
 * and checks that the verdict is the bottleneck the scene was built with:
 *   (A) geometry-bound: a dense mesh over the whole screen, 8192 triangles
 *       of about 12 pixels each, through an 8-instruction vertex shader;
 *   (B) vertex-shader-bound: 81 vertices on a small patch of the screen,
 *       lit by 32 lights in a shader loop (about 330 clocks a vertex);
 *   (C) fill-bound: three full-screen quads with a bilinear texture and
 *       the depth test (read and write), overdrawing each other.
 *
 * What proves it (all figures are differences around one frame):
 *   - the frame time: nngxShimGetClock() before the frame is submitted and
 *     after glFinish() returned (glFinish runs the command list and waits
 *     for the GPU, so virtual time passes by the frame's GPU time);
 *   - the busy counter (NN_GX_PROFILING_BUSY), with 1 us windows and count 0
 *     (run until stopped), started before the frame and stopped after: the
 *     module that won most windows is the one that was busiest, which is
 *     the bottleneck. It tells TS and RAS apart, which the experiment
 *     cannot;
 *   - VERTEX_SHADER0..3 word 0 (instructions executed): the nop variant
 *     runs NOPS more per vertex shaded, so the nops really ran;
 *   - POLYGON word 1 (polygons into TS): the same in all three variants,
 *     so TS did the same work;
 *   - FRAGMENT word 0 (fragments into per-fragment operations): 0 with the
 *     scissor, so the fragment side really got nothing.
 *
 * How libnngx models it (doc/model.md, "The GPU model"): a draw's work is cut
 * into batches of primitives that flow through the stages with small
 * queues between them, so a frame takes about as long as its slowest
 * stage's work, plus the time to fill and drain the pipeline. The work is
 * counted from what the draw really did: shader processor 0's clocks
 * (vertex k runs on processor k % 4, so the four share the vertices), 13
 * clocks a polygon in TS, 4 clocks a polygon plus covered pixels / 4 a
 * clock in RAS (pixels counted before the scissor: the manual's test
 * rests on the scissor leaving RAS its work), and so on for the fragment
 * side. A module waiting for input or for room after it is not busy, so
 * the busy counter names the stage whose work sets the frame time. An
 * empty scissor box is written to the hardware as (1, 1)-(0, 0), empty
 * whichever way its inclusive corners are read. A change that does not
 * touch the bottleneck moves the frame time only by the fill and drain
 * (about 1 %); on real hardware allow for noise too, hence the
 * MOVED_PERCENT threshold.
 *
 * A fourth part (D) shows the manual's last point: the rasterizer's load
 * depends on the polygons as well as on the pixels, so the same pixels in
 * fewer polygons lighten it.
 *
 * Shader binaries: a real program loads a .shbin file made by the shader
 * assembler and gives it to glShaderBinary. So that the sample ships no
 * opaque blob, it builds the binaries at run time with the project's own
 * encoder (tests/shader_asm.h, tests/shbin_writer.h). */
#include <stdio.h>
#include <stdlib.h>

#include <nn/gx.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>
#include <nngx_shim.h>

#include "tests/shader_asm.h"
#include "tests/shbin_writer.h"

#define NOPS           32       /* "a few to a few tens" of nops */
#define NOPS_TEXT      "32"     /* NOPS, for the variant's name */
#define MOVED_PERCENT  5.0      /* a frame-time change this large counts as moved */
#define WINDOW_US      1        /* busy-counter window: 268 clocks */

/* Scene A: a 64 x 64 quad grid over the whole 240 x 400 screen. */
#define GEO_QUADS      64
/* Scene B: an 8 x 8 quad grid on a patch of about 48 x 48 pixels. */
#define LIT_QUADS      8
#define LIT_HALF_X     0.2f     /* 0.2 x 120 pixels either side of the centre */
#define LIT_HALF_Y     0.12f    /* 0.12 x 200 */
#define LIGHTS         32
/* Scene C: full-screen layers and their texture. */
#define LAYERS         3
#define TEX_SIZE       128

#define BAND           8        /* quads per band of the index order */
#define MAX_QUADS      GEO_QUADS
#define MAX_VERTICES   ((MAX_QUADS + 1) * (MAX_QUADS + 1))
#define MAX_INDICES    (MAX_QUADS * MAX_QUADS * 6)

static void die_on_gl_error(const char *what)
{
	GLenum e = glGetError();

	if (e != GL_NO_ERROR) {
		fprintf(stderr, "bottleneck: %s failed with GL error 0x%04X\n", what, e);
		exit(1);
	}
}

/* ---- the two vertex shaders -------------------------------------------------- */

/* Registers of the simple shader (scenes A and C):
 *   c0-c3 uMvp    c4 uColor    c5 texcoord scale (0.5)    c6 texcoord bias (0.5)
 * Registers of the lit shader (scene B):
 *   c0-c3 uMvp    c4 0    c5 1    c6 ambient colour
 *   c8-c39 uLightDir[32]    c40-c71 uLightColor[32]    i0 (31, 0, 1): 32 passes */
enum { C_COLOR = 4, C_TEX_SCALE = 5, C_TEX_BIAS = 6 };
enum { C_ZERO = 4, C_ONE = 5, C_AMBIENT = 6, C_LIGHT_DIR = 8, C_LIGHT_COLOR = C_LIGHT_DIR + LIGHTS };

enum shader_kind { SHADER_SIMPLE, SHADER_LIT };

static void position(struct shader_asm *a)
{
	static const char *const lane[4] = { "x", "y", "z", "w" };
	unsigned k;

	for (k = 0; k < 4; k++)
		asm_op2(a, ASM_DP4, asm_mask(asm_o(0), lane[k]), asm_c(k), asm_v(0));
}

/* o0 = uMvp * aPosition, o1 = uColor, o2 = aPosition.xy * 0.5 + 0.5:
 * 7 instructions and the end, about 10 clocks a vertex. */
static void simple_body(struct shader_asm *a)
{
	position(a);
	asm_mov(a, asm_o(1), asm_c(C_COLOR));
	asm_mul(a, asm_rd(0), asm_c(C_TEX_SCALE), asm_v(0));
	asm_add(a, asm_o(2), asm_c(C_TEX_BIAS), asm_r(0));
}

/* Diffuse lighting from 32 directional lights, the position standing in
 * for the normal (as on a sphere around the origin; not normalised: the
 * clocks, not the picture, are the point here):
 *   colour = min(1, ambient + sum_k max(0, dot(n, dir_k)) * colour_k)
 * Each pass: dp3, max (waits 4 for r1: dp3's latency is 5), mad (waits 1),
 * and the loop's back-edge (a prefetch miss, 2 clocks): about 10 clocks,
 * about 330 a vertex. */
static void lit_body(struct shader_asm *a)
{
	struct asm_block blk;

	position(a);
	asm_mov(a, asm_rd(0), asm_c(C_AMBIENT));
	blk = asm_loop(a, 0);
	asm_op2(a, ASM_DP3, asm_rd(1), asm_rel(asm_c(C_LIGHT_DIR), ASM_AL), asm_v(0));
	asm_op2(a, ASM_MAX, asm_rd(1), asm_c(C_ZERO), asm_r(1));
	asm_mad(a, asm_rd(0), asm_r(1), asm_rel(asm_c(C_LIGHT_COLOR), ASM_AL), asm_r(0));
	asm_endloop(a, &blk);
	asm_op2(a, ASM_MIN, asm_o(1), asm_c(C_ONE), asm_r(0));
}

/* SHBIN bytes (malloc'd) of the shader, with `nops` nops before its end.
 * The nops come after the last output is written, so they add exactly
 * `nops` clocks a vertex and change nothing else. */
static int build_shader_binary(enum shader_kind kind, unsigned nops, uint8_t **bin, size_t *size)
{
	static struct shader_asm a;                   /* large: keep off the stack */
	static struct hw_shader_state assembled;
	struct shbin_writer w;
	size_t vs;
	unsigned k;
	int ok;

	asm_init(&a);
	if (kind == SHADER_SIMPLE)
		simple_body(&a);
	else
		lit_body(&a);
	for (k = 0; k < nops; k++)
		asm_nop(&a);
	asm_end(&a);
	if (!asm_finish(&a, &assembled)) {
		fprintf(stderr, "bottleneck: shader: %s\n", a.error);
		return 0;
	}
	shbin_writer_init(&w);
	shbin_writer_set_program(&w, assembled.code, a.ncode);
	for (k = 0; k < a.nopdesc; k++)
		shbin_writer_add_opdesc(&w, assembled.opdesc[k]);
	vs = shbin_writer_add_entry(&w, 0 /* vertex */, 0, a.ncode);
	shbin_writer_add_output(&w, vs, 0 /* position */, 0, 0xF);
	shbin_writer_add_output(&w, vs, 2 /* colour */, 1, 0xF);
	shbin_writer_add_uniform(&w, vs, "aPosition", 0x00, 0x00);            /* v0 */
	shbin_writer_add_uniform(&w, vs, "uMvp", 0x10, 0x13);                 /* c0-c3 */
	if (kind == SHADER_SIMPLE) {
		shbin_writer_add_output(&w, vs, 3 /* texcoord 0 */, 2, 0x3);
		shbin_writer_add_uniform(&w, vs, "uColor", 0x10 + C_COLOR, 0x10 + C_COLOR);
		shbin_writer_add_float(&w, vs, C_TEX_SCALE, 0.5f, 0.5f, 0.0f, 0.0f);
		shbin_writer_add_float(&w, vs, C_TEX_BIAS, 0.5f, 0.5f, 0.0f, 0.0f);
	} else {
		shbin_writer_add_uniform(&w, vs, "uLightDir", 0x10 + C_LIGHT_DIR,
					 0x10 + C_LIGHT_DIR + LIGHTS - 1);
		shbin_writer_add_uniform(&w, vs, "uLightColor", 0x10 + C_LIGHT_COLOR,
					 0x10 + C_LIGHT_COLOR + LIGHTS - 1);
		shbin_writer_add_float(&w, vs, C_ZERO, 0.0f, 0.0f, 0.0f, 0.0f);
		shbin_writer_add_float(&w, vs, C_ONE, 1.0f, 1.0f, 1.0f, 1.0f);
		shbin_writer_add_float(&w, vs, C_AMBIENT, 0.125f, 0.125f, 0.125f, 1.0f);
		shbin_writer_add_int(&w, vs, 0, LIGHTS - 1, 0, 1, 0);         /* i0 */
	}
	ok = shbin_writer_finish(&w, bin, size);
	shbin_writer_free(&w);
	return ok;
}

/* A linked program for the shader, in use, its uMvp the identity (the
 * positions are already in clip space). */
static GLuint load_program(enum shader_kind kind, unsigned nops)
{
	static const GLfloat identity[16] = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 };
	GLuint shader, program;
	GLint linked = GL_FALSE;
	uint8_t *bin = NULL;
	size_t size = 0;

	if (!build_shader_binary(kind, nops, &bin, &size))
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
		fprintf(stderr, "bottleneck: the program did not link\n");
		exit(1);
	}
	glDeleteShader(shader);         /* freed with the program */
	glUseProgram(program);
	glUniformMatrix4fv(glGetUniformLocation(program, "uMvp"), 1, GL_FALSE, identity);
	die_on_gl_error("loading a program");
	return program;
}

/* Combiner stage 0 outputs the vertex colour (scenes A and B). */
static void colour_from_vertex(GLuint program)
{
	glUniform3i(glGetUniformLocation(program, "dmp_TexEnv[0].srcRgb"), GL_PRIMARY_COLOR, GL_PRIMARY_COLOR,
		    GL_PRIMARY_COLOR);
	glUniform3i(glGetUniformLocation(program, "dmp_TexEnv[0].srcAlpha"), GL_PRIMARY_COLOR, GL_PRIMARY_COLOR,
		    GL_PRIMARY_COLOR);
}

/* ---- meshes ------------------------------------------------------------------- */

/* A grid of quads x quads over [x0, x1] x [y0, y1] at depth z. */
static void grid_positions(GLfloat (*pos)[3], unsigned quads, float x0, float x1, float y0,
			   float y1, float z)
{
	unsigned x, y, side = quads + 1;

	for (y = 0; y < side; y++)
		for (x = 0; x < side; x++) {
			pos[y * side + x][0] = x0 + (x1 - x0) * (GLfloat)x / (GLfloat)quads;
			pos[y * side + x][1] = y0 + (y1 - y0) * (GLfloat)y / (GLfloat)quads;
			pos[y * side + x][2] = z;
		}
}

/* Triangles of the grid, quads row after row in bands BAND quads wide, so
 * that the post-vertex cache reuses most vertices (see vertex_cache). */
static unsigned grid_indices(GLushort *idx, unsigned quads)
{
	unsigned n = 0, x0, x, y, side = quads + 1;

	for (x0 = 0; x0 < quads; x0 += BAND)
		for (y = 0; y < quads; y++)
			for (x = x0; x < x0 + BAND && x < quads; x++) {
				GLushort a = (GLushort)(y * side + x), b = (GLushort)(a + 1);
				GLushort c = (GLushort)(a + side), d = (GLushort)(c + 1);

				idx[n++] = a; idx[n++] = b; idx[n++] = c;
				idx[n++] = b; idx[n++] = d; idx[n++] = c;
			}
	return n;
}

/* Position buffer and index buffer of a grid. */
struct mesh {
	GLuint vbo, ibo;
	GLsizei indices;
};

static void upload_grid(struct mesh *m, unsigned quads, float x0, float x1, float y0, float y1)
{
	static GLfloat pos[MAX_VERTICES][3];
	static GLushort idx[MAX_INDICES];
	unsigned vertices = (quads + 1) * (quads + 1);

	grid_positions(pos, quads, x0, x1, y0, y1, -0.5f);
	m->indices = (GLsizei)grid_indices(idx, quads);
	glGenBuffers(1, &m->vbo);
	glBindBuffer(GL_ARRAY_BUFFER, m->vbo);
	glBufferData(GL_ARRAY_BUFFER | NN_GX_MEM_VRAMA, (GLsizeiptr)(vertices * sizeof pos[0]), pos,
		     GL_STATIC_DRAW);
	glGenBuffers(1, &m->ibo);
	glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, m->ibo);
	glBufferData(GL_ELEMENT_ARRAY_BUFFER | NN_GX_MEM_VRAMB,
		     (GLsizeiptr)((size_t)m->indices * sizeof idx[0]), idx, GL_STATIC_DRAW);
	die_on_gl_error("uploading a grid");
}

static void draw_mesh(const struct mesh *m)
{
	glBindBuffer(GL_ARRAY_BUFFER, m->vbo);
	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, (const GLvoid *)0);
	glEnableVertexAttribArray(0);
	glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, m->ibo);
	glDrawElements(GL_TRIANGLES, m->indices, GL_UNSIGNED_SHORT, (const GLvoid *)0);
}

/* ---- the three scenes ----------------------------------------------------------- */

enum verdict { VERDICT_TS_RAS, VERDICT_VERTEX_SHADER, VERDICT_FRAGMENT, VERDICT_MIXED };

static const char *const verdict_text[] = {
	"neither moved it -> triangle setup / rasterization bound",
	"the nops moved it -> vertex shader bound",
	"the scissor moved it -> fragment side bound",
	"both moved it -> no single bottleneck (shader and fragment side both limit)",
};

static const char *const verdict_short[] = {
	"TS / RAS", "vertex shader", "fragment side", "mixed",
};

/* The manual's advice for TS (9.3.1.1); the others are the usual ones. */
static const char *const next_step[] = {
	"fewer polygons (level of detail, culling objects on the CPU):\n"
	"     the manual's advice; less TS load is less RAS load too.",
	"a shorter shader, or fewer vertices shaded (index order that\n"
	"     keeps the post-vertex cache hitting; see samples/vertex_cache).",
	"fewer fragments (less overdraw, early depth) or cheaper ones\n"
	"     (texture size and format, combiner stages).",
	"run the experiment on each part of the frame separately.",
};

struct scene {
	const char *title;
	const char *built;              /* how it was built */
	enum verdict expected;
	enum shader_kind shader;
	GLuint program[2];              /* baseline, with NOPS nops */
	void (*setup)(GLuint program);  /* uniforms, set in each of the two programs */
	void (*draw)(const struct scene *s, GLuint program);
	struct mesh mesh;
	GLuint layers_vbo, texture;
};

static void geometry_setup(GLuint program)
{
	glUniform4f(glGetUniformLocation(program, "uColor"), 0.25f, 0.75f, 0.5f, 1.0f);
	colour_from_vertex(program);
}

static void geometry_draw(const struct scene *s, GLuint program)
{
	(void)program;
	glDisable(GL_DEPTH_TEST);
	draw_mesh(&s->mesh);
}

/* 32 lights around the patch, each with a faint colour of its own. */
static void lit_setup(GLuint program)
{
	GLfloat dir[LIGHTS][4], colour[LIGHTS][4];
	unsigned k;

	for (k = 0; k < LIGHTS; k++) {
		float t = (float)k / LIGHTS;

		dir[k][0] = 1.0f - 2.0f * t;            /* sweeping from +x to -x */
		dir[k][1] = (k % 2) ? 0.5f : -0.5f;
		dir[k][2] = -0.75f;                     /* towards the viewer */
		dir[k][3] = 0.0f;
		colour[k][0] = 0.02f + 0.01f * (float)(k % 3);
		colour[k][1] = 0.02f + 0.01f * (float)(k % 5) / 2.0f;
		colour[k][2] = 0.03f;
		colour[k][3] = 0.0f;
	}
	glUniform4fv(glGetUniformLocation(program, "uLightDir"), LIGHTS, &dir[0][0]);
	glUniform4fv(glGetUniformLocation(program, "uLightColor"), LIGHTS, &colour[0][0]);
	colour_from_vertex(program);
}

static void lit_draw(const struct scene *s, GLuint program)
{
	(void)program;
	glDisable(GL_DEPTH_TEST);
	draw_mesh(&s->mesh);
}

/* Texture unit 0, modulated by the layer's colour. */
static void fill_setup(GLuint program)
{
	glUniform1i(glGetUniformLocation(program, "dmp_Texture[0].samplerType"), GL_TEXTURE_2D);
	glUniform1i(glGetUniformLocation(program, "dmp_TexEnv[0].combineRgb"), GL_MODULATE);
	glUniform1i(glGetUniformLocation(program, "dmp_TexEnv[0].combineAlpha"), GL_MODULATE);
}

/* Layer 0 is the background at the far end, drawn with GL_ALWAYS: it also
 * resets the depth buffer (glClear of depth is a memory fill, not modelled
 * yet). Layers 1 and 2 come nearer each time and pass GL_LEQUAL: each
 * covers the whole screen again (overdraw). */
static void fill_draw(const struct scene *s, GLuint program)
{
	static const GLfloat tint[LAYERS][4] = {
		{ 1.0f, 1.0f, 1.0f, 1.0f }, { 1.0f, 0.5f, 0.5f, 1.0f }, { 0.5f, 0.5f, 1.0f, 1.0f },
	};
	GLint colour = glGetUniformLocation(program, "uColor");
	unsigned k;

	glEnable(GL_DEPTH_TEST);
	glBindBuffer(GL_ARRAY_BUFFER, s->layers_vbo);
	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, (const GLvoid *)0);
	glEnableVertexAttribArray(0);
	for (k = 0; k < LAYERS; k++) {
		glDepthFunc(k == 0 ? GL_ALWAYS : GL_LEQUAL);
		glUniform4fv(colour, 1, tint[k]);
		glDrawArrays(GL_TRIANGLE_STRIP, (GLint)(4 * k), 4);
	}
}

static void upload_layers(struct scene *s)
{
	static GLubyte texels[TEX_SIZE][TEX_SIZE][4];
	GLfloat pos[LAYERS][4][3];
	unsigned k, x, y;

	for (k = 0; k < LAYERS; k++) {
		/* z -0.99, -0.66, -0.33: window depth 0.99 (far) to 0.33 */
		GLfloat z = -0.99f + 0.33f * (GLfloat)k;

		for (x = 0; x < 4; x++) {
			pos[k][x][0] = (x % 2) ? 1.0f : -1.0f;
			pos[k][x][1] = (x / 2) ? 1.0f : -1.0f;
			pos[k][x][2] = z;
		}
	}
	glGenBuffers(1, &s->layers_vbo);
	glBindBuffer(GL_ARRAY_BUFFER, s->layers_vbo);
	glBufferData(GL_ARRAY_BUFFER | NN_GX_MEM_VRAMA, sizeof pos, pos, GL_STATIC_DRAW);

	/* A checkerboard of 8 x 8 squares (16 texels a side) over a gradient,
	 * RGBA8 in VRAM. */
	for (y = 0; y < TEX_SIZE; y++)
		for (x = 0; x < TEX_SIZE; x++) {
			GLubyte on = (GLubyte)(((x / 16) ^ (y / 16)) & 1u);

			texels[y][x][0] = (GLubyte)(on ? 255 : 2 * x);
			texels[y][x][1] = (GLubyte)(on ? 255 : 2 * y);
			texels[y][x][2] = (GLubyte)(on ? 128 : 64);
			texels[y][x][3] = 255;
		}
	glGenTextures(1, &s->texture);
	glBindTexture(GL_TEXTURE_2D, s->texture);
	glTexImage2D(GL_TEXTURE_2D | NN_GX_MEM_VRAMB, 0, GL_RGBA, TEX_SIZE, TEX_SIZE, 0, GL_RGBA,
		     GL_UNSIGNED_BYTE, texels);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
	die_on_gl_error("uploading the layers and their texture");
}

/* Scene D: the screen three times over, as 2 or as 2 x LOD_QUADS^2
 * triangles a layer (the same pixels), behind an empty scissor. */
#define LOD_QUADS      16

static void layers_draw(const struct scene *s, GLuint program)
{
	unsigned k;

	(void)program;
	glDisable(GL_DEPTH_TEST);
	for (k = 0; k < LAYERS; k++)
		draw_mesh(&s->mesh);
}

/* ---- one frame and what it did --------------------------------------------------- */

enum variant { BASELINE, WITH_NOPS, WITH_SCISSOR, VARIANTS };

static const char *const variant_name[VARIANTS] = {
	"baseline", "+" NOPS_TEXT " nops", "empty scissor",
};

struct frame {
	GLuint64EXT clocks;             /* GPU time of the frame */
	GLuint windows[NNGX_SHIM_MODULE_COUNT];   /* busy-counter windows won */
	GLuint winner;                  /* the module that won most */
	GLuint total;                   /* windows counted */
	GLuint instructions;            /* VERTEX_SHADER0..3 word 0 */
	GLuint polygons;                /* POLYGON word 1: into triangle setup */
	GLuint fragments;               /* FRAGMENT word 0: into per-fragment ops */
};

/* The always-running counters never reset: keep what they said before. */
struct running {
	GLuint shader[4][NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_SHADER0];
	GLuint polygon[NN_GX_PROFILING_RESULT_BUFSIZE_POLYGON];
	GLuint fragment[NN_GX_PROFILING_RESULT_BUFSIZE_FRAGMENT];
};

static void read_running(struct running *r)
{
	unsigned p;

	for (p = 0; p < 4; p++)
		nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_SHADER0 + p, r->shader[p]);
	nngxGetProfilingResult(NN_GX_PROFILING_POLYGON, r->polygon);
	nngxGetProfilingResult(NN_GX_PROFILING_FRAGMENT, r->fragment);
}

/* Module i is in word i / 2, bits 15:0 for even i and 31:16 for odd i. */
static void decode_busy(const GLuint packed[NN_GX_PROFILING_RESULT_BUFSIZE_BUSY], struct frame *f)
{
	GLuint m;

	f->winner = 0;
	f->total = 0;
	for (m = 0; m < NNGX_SHIM_MODULE_COUNT; m++) {
		f->windows[m] = (packed[m / 2] >> (m % 2 ? 16 : 0)) & 0xFFFFu;
		f->total += f->windows[m];
		if (f->windows[m] > f->windows[f->winner])
			f->winner = m;
	}
}

static void render(const struct scene *s, enum variant v, struct frame *f)
{
	GLuint busy[NN_GX_PROFILING_RESULT_BUFSIZE_BUSY];
	struct running before, after;
	GLuint program = s->program[v == WITH_NOPS];
	GLuint64EXT start;
	unsigned p;

	nngxClearCmdlist();             /* reuse the list's storage for each frame */
	glUseProgram(program);
	if (v == WITH_SCISSOR) {
		glEnable(GL_SCISSOR_TEST);
		glScissor(0, 0, 0, 0);  /* an empty box: every fragment is cut */
	} else {
		glDisable(GL_SCISSOR_TEST);
	}

	read_running(&before);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	start = nngxShimGetClock();
	s->draw(s, program);
	glFinish();                     /* run the command list, wait for the GPU */
	f->clocks = nngxShimGetClock() - start;
	nngxStopProfiling(NN_GX_PROFILING_BUSY);
	nngxGetProfilingResult(NN_GX_PROFILING_BUSY, busy);
	read_running(&after);
	die_on_gl_error("a frame");

	decode_busy(busy, f);
	f->instructions = 0;
	for (p = 0; p < 4; p++)
		f->instructions += after.shader[p][0] - before.shader[p][0];
	f->polygons = after.polygon[1] - before.polygon[1];
	f->fragments = after.fragment[0] - before.fragment[0];
}

static double change_percent(const struct frame *f, const struct frame *base)
{
	return 100.0 * ((double)f->clocks - (double)base->clocks) / (double)base->clocks;
}

static int moved(const struct frame *f, const struct frame *base)
{
	double d = change_percent(f, base);

	return d >= MOVED_PERCENT || d <= -MOVED_PERCENT;
}

/* Whether the busy counter's winner is a module the verdict names. */
static int busy_agrees(enum verdict v, GLuint module)
{
	switch (v) {
	case VERDICT_TS_RAS:
		return module == NNGX_SHIM_MODULE_TRIANGLE_SETUP
		       || module == NNGX_SHIM_MODULE_RASTERIZER;
	case VERDICT_VERTEX_SHADER:
		return module == NNGX_SHIM_MODULE_SHADER0;
	case VERDICT_FRAGMENT:
		return module >= NNGX_SHIM_MODULE_TEXTURE;
	default:
		return 0;
	}
}

/* Run the experiment on one scene; print its table and verdict. Returns
 * whether the verdict and the busy counter match how the scene was built. */
static int experiment(const struct scene *s, enum verdict *out)
{
	struct frame warm_up, f[VARIANTS];
	enum verdict verdict;
	int nops_moved, scissor_moved, agrees;
	unsigned v;

	/* Measure a frame as any later frame would be, not the first one: the
	 * first draw after a texture upload starts with an empty texture
	 * cache, and the next frame finds part of the texture still there. */
	render(s, BASELINE, &warm_up);
	for (v = 0; v < VARIANTS; v++)
		render(s, (enum variant)v, &f[v]);

	printf("== %s ==\n   %s\n\n", s->title, s->built);
	printf("  %-13s %7s %7s  %-30s %7s %6s %7s\n", "variant", "clocks", "change",
	       "busy counter: most windows", "instr.", "polys", "frags");
	for (v = 0; v < VARIANTS; v++) {
		char change[16] = "", winner[48];

		if (v != BASELINE)
			snprintf(change, sizeof change, "%+.1f%%", change_percent(&f[v], &f[0]));
		snprintf(winner, sizeof winner, "%s %u/%u", nngxShimGetModuleName(f[v].winner),
			 f[v].windows[f[v].winner], f[v].total);
		printf("  %-13s %7llu %7s  %-30s %7u %6u %7u\n", variant_name[v],
		       (unsigned long long)f[v].clocks, change, winner, f[v].instructions,
		       f[v].polygons, f[v].fragments);
	}

	nops_moved = moved(&f[WITH_NOPS], &f[BASELINE]);
	scissor_moved = moved(&f[WITH_SCISSOR], &f[BASELINE]);
	if (nops_moved && scissor_moved)
		verdict = VERDICT_MIXED;
	else if (nops_moved)
		verdict = VERDICT_VERTEX_SHADER;
	else if (scissor_moved)
		verdict = VERDICT_FRAGMENT;
	else
		verdict = VERDICT_TS_RAS;
	agrees = busy_agrees(verdict, f[BASELINE].winner);

	printf("\n  Checks: the nops ran %u more instructions (%u x %u vertices shaded);\n"
	       "  the scissor let %u fragments through; triangle setup got %u, %u, %u polygons.\n",
	       f[WITH_NOPS].instructions - f[BASELINE].instructions, NOPS,
	       (f[WITH_NOPS].instructions - f[BASELINE].instructions) / NOPS,
	       f[WITH_SCISSOR].fragments, f[BASELINE].polygons, f[WITH_NOPS].polygons,
	       f[WITH_SCISSOR].polygons);
	printf("  nops: %s; scissor: %s (%.0f %% or more counts as moved)\n",
	       nops_moved ? "moved the time" : "no change",
	       scissor_moved ? "moved the time" : "no change", MOVED_PERCENT);
	printf("  -> %s\n", verdict_text[verdict]);
	printf("     built to be %s: %s. Busy counter: %s, %s.\n", verdict_short[s->expected],
	       verdict == s->expected ? "matches" : "MISMATCH",
	       nngxShimGetModuleName(f[BASELINE].winner), agrees ? "agrees" : "DISAGREES");
	printf("     Next step: %s\n\n", next_step[verdict]);
	*out = verdict;
	return verdict == s->expected && agrees;
}

static void render(const struct scene *s, enum variant v, struct frame *f);

/* The manual's last word (9.3.1.1): the rasterizer's load depends on the
 * polygons as well as the pixels, so fewer polygons (less triangle-setup
 * load) lighten the rasterizer too. The same three full-screen layers,
 * behind an empty scissor so that the rasterizer is the bottleneck, drawn
 * as 2 and as 512 triangles a layer. Returns whether fewer polygons gave
 * a shorter frame and fewer rasterizer windows, the rasterizer winning
 * both frames. */
static int fewer_polygons(struct scene *coarse, struct scene *fine)
{
	struct frame c, f;
	int ok;

	render(coarse, WITH_SCISSOR, &c);       /* warm-up, as in experiment() */
	render(coarse, WITH_SCISSOR, &c);
	render(fine, WITH_SCISSOR, &f);
	printf("== (D) fewer polygons over the same pixels ==\n"
	       "   3 full-screen layers behind an empty scissor (rasterizer-bound), each\n"
	       "   drawn as 2 triangles or as a %u x %u grid of %u\n\n", LOD_QUADS, LOD_QUADS,
	       2 * LOD_QUADS * LOD_QUADS);
	printf("  %-13s %7s %7s  %-30s\n", "polygons", "clocks", "change",
	       "busy counter: rasterizer");
	printf("  %-13u %7llu %7s  %u/%u windows\n", c.polygons, (unsigned long long)c.clocks, "",
	       c.windows[NNGX_SHIM_MODULE_RASTERIZER], c.total);
	printf("  %-13u %7llu %+6.1f%%  %u/%u windows\n", f.polygons, (unsigned long long)f.clocks,
	       change_percent(&f, &c), f.windows[NNGX_SHIM_MODULE_RASTERIZER], f.total);
	ok = c.winner == NNGX_SHIM_MODULE_RASTERIZER && f.winner == NNGX_SHIM_MODULE_RASTERIZER
	     && c.clocks < f.clocks
	     && c.windows[NNGX_SHIM_MODULE_RASTERIZER] < f.windows[NNGX_SHIM_MODULE_RASTERIZER];
	printf("\n  The same %u pixels a layer; the rasterizer spends clocks on every polygon\n"
	       "  as well as on every pixel, so %u fewer polygons made the frame %s.\n"
	       "  -> less triangle-setup load is less rasterizer load: %s\n\n",
	       240u * 400u, f.polygons - c.polygons,
	       c.clocks < f.clocks ? "shorter" : "NO shorter", ok ? "shown" : "NOT SHOWN");
	return ok;
}

int main(void)
{
	static struct scene scenes[5];
	enum verdict verdict[3];
	GLuint list;
	unsigned i, failures = 0;

	nngxShimReset();
	nngxInitialize(NULL, NULL);       /* NULL: the library's own allocator */
	nngxGenCmdlists(1, &list);
	nngxBindCmdlist(list);
	nngxCmdlistStorage(64 * 1024, 16);

	/* The busy counter: 1 us windows (268 clocks), until stopped. Both
	 * parameters must be set: their initial values are undefined. */
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND, WINDOW_US);
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 0);
	die_on_gl_error("setting the busy counter's parameters");

	scenes[0].title = "(A) geometry-bound: a dense mesh";
	scenes[0].built = "a 64 x 64 quad grid over the whole screen: 8192 triangles of about 12\n"
			  "   pixels, 4225 vertices, an 8-instruction shader; no texture, no depth test";
	scenes[0].expected = VERDICT_TS_RAS;
	scenes[0].shader = SHADER_SIMPLE;
	scenes[0].setup = geometry_setup;
	scenes[0].draw = geometry_draw;
	upload_grid(&scenes[0].mesh, GEO_QUADS, -1.0f, 1.0f, -1.0f, 1.0f);

	scenes[1].title = "(B) vertex-shader-bound: a long shader";
	scenes[1].built = "an 8 x 8 quad grid on a 48 x 48 pixel patch: 128 triangles, 81 vertices,\n"
			  "   lit by 32 lights in a shader loop (about 330 clocks a vertex)";
	scenes[1].expected = VERDICT_VERTEX_SHADER;
	scenes[1].shader = SHADER_LIT;
	scenes[1].setup = lit_setup;
	scenes[1].draw = lit_draw;
	upload_grid(&scenes[1].mesh, LIT_QUADS, -LIT_HALF_X, LIT_HALF_X, -LIT_HALF_Y, LIT_HALF_Y);

	scenes[2].title = "(C) fill-bound: full-screen layers";
	scenes[2].built = "3 full-screen quads (6 triangles, 12 vertices), each textured (bilinear,\n"
			  "   128 x 128 RGBA8) with the depth test: 3 x 96000 pixels";
	scenes[2].expected = VERDICT_FRAGMENT;
	scenes[2].shader = SHADER_SIMPLE;
	scenes[2].setup = fill_setup;
	scenes[2].draw = fill_draw;
	upload_layers(&scenes[2]);

	for (i = 3; i < 5; i++) {
		scenes[i].title = i == 3 ? "(D) 2 triangles a layer" : "(D) 512 triangles a layer";
		scenes[i].built = "";
		scenes[i].expected = VERDICT_TS_RAS;
		scenes[i].shader = SHADER_SIMPLE;
		scenes[i].setup = geometry_setup;
		scenes[i].draw = layers_draw;
		upload_grid(&scenes[i].mesh, i == 3 ? 1 : LOD_QUADS, -1.0f, 1.0f, -1.0f, 1.0f);
	}

	for (i = 0; i < 5; i++) {
		unsigned k;

		for (k = 0; k < 2; k++) {
			scenes[i].program[k] = load_program(scenes[i].shader, k ? NOPS : 0);
			scenes[i].setup(scenes[i].program[k]);
			die_on_gl_error("setting a program's uniforms");
		}
	}

	printf("The manual's experiment (9.3.1.1): time a frame, then time it again with %u nops\n"
	       "in the vertex shader, and again with the scissor cutting away the whole screen.\n"
	       "Frame clocks at 268 MHz; busy counter in %u us windows, started before the frame\n"
	       "and stopped after it.\n\n", NOPS, WINDOW_US);

	for (i = 0; i < 3; i++)
		if (!experiment(&scenes[i], &verdict[i]))
			failures++;
	if (!fewer_polygons(&scenes[3], &scenes[4]))
		failures++;

	puts("== Summary ==");
	for (i = 0; i < 3; i++)
		printf("  %-40s -> %-14s (built to be %s)\n", scenes[i].title, verdict_short[verdict[i]],
		       verdict_short[scenes[i].expected]);
	puts("\n  The experiment cannot tell triangle setup from the rasterizer: the scissor\n"
	     "  discards fragments after the rasterizer has walked them. The busy counter\n"
	     "  can: in (A) triangle setup wins. In (C) with the scissor the rasterizer\n"
	     "  wins: it is what the frame still costs when no fragment survives; (D)\n"
	     "  shows that fewer polygons over the same pixels lighten it.");

	nngxFinalize();         /* deletes the GL objects and command lists */
	if (failures) {
		fprintf(stderr, "bottleneck: %u part(s) did not give the result they were built for\n",
			failures);
		return 1;
	}
	return 0;
}
