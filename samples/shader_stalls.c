/* shader_stalls.c: where vertex shader clocks go (NN_GX_PROFILING_VERTEX_SHADER0..3).
 *
 * Each of the four shader units has five always-running 32-bit counters:
 *   word 0  instructions executed (program-counter transitions)
 *   word 1  clocks stalled on a dependency: an instruction reads a result
 *           that is not ready yet
 *   word 2  clocks stalled after mova: the address register a0 is used to
 *           index a uniform too soon after mova wrote it
 *   word 3  clocks stalled after cmp: a conditional instruction tests the
 *           flags too soon after cmp wrote them
 *   word 4  clocks stalled on prefetch misses: the program counter moved
 *           somewhere other than the next instruction (a taken jump, an
 *           if/else skip, a loop going round again)
 * They are never reset (not even by a read), so the sample reads them
 * before and after each draw and prints the differences.
 *
 * The sample draws one small mesh, a strip of 16 vertices (14 triangles),
 * with eight vertex shaders in four pairs. Both shaders of a pair compute
 * the same thing with the same instructions; the second only orders them
 * better (or, in pair d, drops the loop):
 *   (a) a dependent chain, then the same chain interleaved with the
 *       independent position transform: dependency stalls drop;
 *   (b) a uniform indexed by a0 right after the mova, then with the
 *       transform in between: the mova stall goes;
 *   (c) an if right after its cmp, then with an instruction in between:
 *       the cmp stall goes;
 *   (d) a loop of four passes, then the same sum unrolled: the loop's
 *       three prefetch misses go, as does the LOOP instruction.
 *
 * The model's unit issues one instruction a clock, in order. A result is
 * ready its instruction's latency after the instruction issued (the SDK
 * shader reference's figures: 2 for mov, min, max; 3 for add, mul; 5 for
 * dp4), a0 mova_latency (4) clocks after the mova, the flags cmp_latency
 * (4) clocks after the cmp; each prefetch miss costs prefetch_miss (2)
 * clocks, or prefetch_miss_short (1) when it skips one instruction. END
 * waits until the outputs are written.
 * The stall rules are written out at the top of hw/hw_shader.c, the
 * defaults in data/nngx.cfg. Every "expected" figure printed below is
 * worked out by hand from the shipped defaults, in the comment above each
 * shader (tN: issued at clock N of the vertex); a configuration that
 * changes the latencies (NNGX_CONFIG) changes the measured figures.
 *
 * Vertex k of a draw runs on unit k % 4, so each unit shades 4 vertices.
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

#define STRIP_VERTICES 16
#define UNITS          4
#define WORDS          NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_SHADER0

/* The stall model's latencies as shipped (data/nngx.cfg, model.shader). */
static const struct {
	const char *key;
	unsigned clocks;
	const char *meaning;
} shipped_latency[] = {
	{ "result_latency", 2, "mov, min, max results: the next instruction waits 1" },
	{ "add_latency", 3, "add, mul results: the next instruction waits 2" },
	{ "mad_latency", 4, "mad results (not used here)" },
	{ "dot_latency", 5, "dp3, dp4, dph results: the next instruction waits 4" },
	{ "slow_latency", 4, "rcp, rsq, ex2, lg2 results (not used here)" },
	{ "litp_latency", 4, "litp results (not used here)" },
	{ "mova_latency", 4, "a0 can index 4 clocks after the mova: the next instruction waits 3" },
	{ "cmp_latency", 4, "the flags are ready 4 clocks after the cmp: the next test waits 3" },
	{ "prefetch_miss", 2, "clocks lost at each taken jump or loop back-edge (3 in all)" },
	{ "prefetch_miss_short", 1, "clocks lost when the jump skips one instruction" },
};

static const char *const word_name[WORDS] = {
	"instructions", "dependency stalls", "mova stalls", "cmp stalls", "prefetch misses",
};

/* Uniforms, the same in every shader (c and i registers):
 *   c0-c3   uMvp, the position transform (dp4 with each row)
 *   c4      0.5     c5  0.5     c6  0       c7  1
 *   c8      uPaletteIndex (x): which of c10-c13 shader (b) reads
 *   c10-c13 a palette of four colours
 *   i0      (3, 0, 1): a loop of 3 + 1 passes, aL = 0, 1, 2, 3 */
enum { C_HALF = 4, C_BIAS = 5, C_ZERO = 6, C_ONE = 7, C_INDEX = 8, C_PALETTE = 10 };

static void dp4_position(struct shader_asm *a, unsigned row)
{
	static const char *const lane[4] = { "x", "y", "z", "w" };

	asm_op2(a, ASM_DP4, asm_mask(asm_o(0), lane[row]), asm_c(row), asm_v(0));
}

static void dp4_rows(struct shader_asm *a, unsigned from, unsigned to)
{
	unsigned r;

	for (r = from; r <= to; r++)
		dp4_position(a, r);
}

/* (a) colour = clamp(0.5 * position + 0.5, 0, 1), in a chain of four.
 *   t0-t3 dp4 x4 | t4 mul r0 | t7 add r0 (waits 2 for mul) | t10 max r0
 *   (waits 2 for add) | t12 min o1 (waits 1 for max) | t14 end (waits 1
 *   for o1; o0.w was ready at t8)
 *   -> 9 instructions, 6 dependency stalls a vertex, 15 clocks. */
static void chain(struct shader_asm *a)
{
	dp4_rows(a, 0, 3);
	asm_mul(a, asm_rd(0), asm_c(C_HALF), asm_v(0));
	asm_add(a, asm_rd(0), asm_c(C_BIAS), asm_r(0));
	asm_op2(a, ASM_MAX, asm_rd(0), asm_c(C_ZERO), asm_r(0));
	asm_op2(a, ASM_MIN, asm_o(1), asm_c(C_ONE), asm_r(0));
	asm_end(a);
}

/* The same, each add or mul step three instructions after the one it
 * reads (their latency is 3), the dp4s filling the gaps:
 *   t0 mul | t1 dp4 | t2 dp4 | t3 add (mul's result ready) | t4 dp4 | t5 dp4
 *   | t6 max (add's ready) | t8 min o1 (waits 1 for max) | t10 end (waits 1
 *   for o1 and for o0.w, ready at t10)
 *   -> 9 instructions, 2 dependency stalls a vertex, 11 clocks. */
static void chain_interleaved(struct shader_asm *a)
{
	asm_mul(a, asm_rd(0), asm_c(C_HALF), asm_v(0));
	dp4_rows(a, 0, 1);
	asm_add(a, asm_rd(0), asm_c(C_BIAS), asm_r(0));
	dp4_rows(a, 2, 3);
	asm_op2(a, ASM_MAX, asm_rd(0), asm_c(C_ZERO), asm_r(0));
	asm_op2(a, ASM_MIN, asm_o(1), asm_c(C_ONE), asm_r(0));
	asm_end(a);
}

/* (b) colour = palette[uPaletteIndex]:
 *   t0 mova a0.x | t4 mov o1, c10[a0.x] (waits 3 for a0) | t5-t8 dp4 x4
 *   | t13 end (waits 4 for o0.w)
 *   -> 7 instructions, 3 mova stalls, 4 dependency stalls a vertex, 14
 *   clocks. */
static void mova_then_index(struct shader_asm *a)
{
	asm_mova(a, "x", asm_c(C_INDEX));
	asm_mov(a, asm_o(1), asm_rel(asm_c(C_PALETTE), ASM_A0X));
	dp4_rows(a, 0, 3);
	asm_end(a);
}

/* The four dp4s between the mova and its use:
 *   t0 mova | t1-t4 dp4 x4 | t5 mov o1, c10[a0.x] (a0 ready at t4)
 *   | t9 end (waits 3 for o0.w, ready at t9)
 *   -> 7 instructions, 0 mova stalls, 3 dependency stalls, 10 clocks. */
static void mova_work_index(struct shader_asm *a)
{
	asm_mova(a, "x", asm_c(C_INDEX));
	dp4_rows(a, 0, 3);
	asm_mov(a, asm_o(1), asm_rel(asm_c(C_PALETTE), ASM_A0X));
	asm_end(a);
}

/* (c) colour = position.x > 0 ? palette[0] : palette[1]. Either path:
 *   t0 cmp | t4 ifc (waits 3 for the flags) | t5 mov r0 (then), then the
 *   jump over the one-instruction else, or the jump to the else and t6
 *   mov r0 | one short prefetch miss (1 clock) either way, each jump
 *   skipping one instruction | t7-t10 dp4 x4 | t11 mov o1, r0 | t15 end
 *   (waits 3 for o0.w)
 *   -> 9 instructions, 3 dependency, 3 cmp stalls, 1 prefetch miss, 16
 *   clocks. */
static void select_colour(struct shader_asm *a, unsigned gap)
{
	struct asm_block blk;

	asm_cmp(a, asm_c(C_ZERO), ASM_LT, ASM_LT, asm_v(0));   /* flag x: 0 < x */
	if (gap)
		dp4_rows(a, 0, gap - 1);
	blk = asm_ifc(a, asm_cond_x(true));
	asm_mov(a, asm_rd(0), asm_c(C_PALETTE));
	asm_else(a, &blk);
	asm_mov(a, asm_rd(0), asm_c(C_PALETTE + 1));
	asm_endif(a, &blk);
	dp4_rows(a, gap, 3);
	asm_mov(a, asm_o(1), asm_r(0));
	asm_end(a);
}

static void cmp_then_if(struct shader_asm *a)
{
	select_colour(a, 0);
}

/* The same with three dp4s between the cmp and the ifc:
 *   t0 cmp | t1-t3 dp4 x3 | t4 ifc (flags ready) | t5 mov r0 and the
 *   short jump, or the short jump and t6 mov r0 | t7 dp4 | t8 mov o1, r0
 *   | t12 end (waits 3 for o0.w)
 *   -> 9 instructions, 3 dependency, 0 cmp stalls, 1 prefetch miss, 13
 *   clocks. */
static void cmp_work_if(struct shader_asm *a)
{
	select_colour(a, 3);
}

/* (d) colour = the sum of the palette, in a loop of four passes:
 *   t0-t3 dp4 x4 | t4 mov r0, 0 | t5 loop | t6 add r0 | back-edge: 2
 *   prefetch clocks, which also cover add's latency | t9, t12, t15 add
 *   | t18 mov o1, r0 (waits 2) | t20 end (waits 1)
 *   -> 12 instructions, 3 dependency stalls, 6 prefetch clocks (3 misses),
 *   21 clocks. */
static void loop_sum(struct shader_asm *a)
{
	struct asm_block blk;

	dp4_rows(a, 0, 3);
	asm_mov(a, asm_rd(0), asm_c(C_ZERO));
	blk = asm_loop(a, 0);
	asm_add(a, asm_rd(0), asm_rel(asm_c(C_PALETTE), ASM_AL), asm_r(0));
	asm_endloop(a, &blk);
	asm_mov(a, asm_o(1), asm_r(0));
	asm_end(a);
}

/* Unrolled, each add two instructions after the previous one (as in (a):
 * unrolled without the dp4s in between, the adds would wait for each
 * other instead, the clocks the back-edge used to hide):
 *   t0 mov r0 | t1 dp4 | t2 add | t3 dp4 | t5 add (waits 1) | t6 dp4 | t8
 *   add (waits 1) | t9 dp4 | t11 add (waits 1) | t14 mov o1 (waits 2)
 *   | t16 end (waits 1)
 *   -> 11 instructions, 6 dependency stalls, 0 prefetch misses, 17
 *   clocks. */
static void unrolled_sum(struct shader_asm *a)
{
	unsigned k;

	asm_mov(a, asm_rd(0), asm_c(C_ZERO));
	for (k = 0; k < 4; k++) {
		dp4_position(a, k);
		asm_add(a, asm_rd(0), asm_c(C_PALETTE + k), asm_r(0));
	}
	asm_mov(a, asm_o(1), asm_r(0));
	asm_end(a);
}

struct variant {
	const char *name;
	void (*code)(struct shader_asm *a);
	unsigned expected[WORDS];       /* per vertex, shipped latencies */
};

struct pair {
	const char *title;
	const char *lesson;
	struct variant v[2];
};

static const struct pair pairs[] = {
	{ "(a) a dependent chain, then interleaved with independent work",
	  "each step of the chain waits for the one before; placed its latency apart, none waits",
	  { { "chain", chain, { 9, 6, 0, 0, 0 } },
	    { "interleaved", chain_interleaved, { 9, 2, 0, 0, 0 } } } },
	{ "(b) relative addressing right after mova, then with work between",
	  "c10[a0.x] next to the mova waits 3 for a0; three instructions between hide it",
	  { { "mova; mov c10[a0.x]", mova_then_index, { 7, 4, 3, 0, 0 } },
	    { "mova; dp4 x4; mov c10[a0.x]", mova_work_index, { 7, 3, 0, 0, 0 } } } },
	{ "(c) an if right after its cmp, then with work between",
	  "ifc next to the cmp waits 3 for the flags; the if/else costs a short prefetch miss either way",
	  { { "cmp; ifc", cmp_then_if, { 9, 3, 0, 3, 1 } },
	    { "cmp; dp4 x3; ifc", cmp_work_if, { 9, 3, 0, 0, 1 } } } },
	{ "(d) a loop, then the same work unrolled",
	  "every pass but the last jumps back: 2 prefetch clocks each; unrolled code runs straight",
	  { { "loop of 4 passes", loop_sum, { 12, 3, 0, 0, 6 } },
	    { "unrolled", unrolled_sum, { 11, 6, 0, 0, 0 } } } },
};

static void die_on_gl_error(const char *what)
{
	GLenum e = glGetError();

	if (e != GL_NO_ERROR) {
		fprintf(stderr, "shader_stalls: %s failed with GL error 0x%04X\n", what, e);
		exit(1);
	}
}

/* ---- building and loading one shader --------------------------------------- */

/* SHBIN bytes (malloc'd) for the code `v` emits, with the uniforms and
 * constants every shader here shares. */
static int build_shader_binary(const struct variant *v, uint8_t **bin, size_t *size)
{
	static struct shader_asm a;                   /* large: keep off the stack */
	static struct hw_shader_state assembled;
	struct shbin_writer w;
	size_t vs;
	unsigned k;
	int ok;

	asm_init(&a);
	v->code(&a);
	if (!asm_finish(&a, &assembled)) {
		fprintf(stderr, "shader_stalls: %s: %s\n", v->name, a.error);
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
	shbin_writer_add_uniform(&w, vs, "uPaletteIndex", 0x10 + C_INDEX, 0x10 + C_INDEX);
	shbin_writer_add_float(&w, vs, C_HALF, 0.5f, 0.5f, 0.5f, 0.5f);
	shbin_writer_add_float(&w, vs, C_BIAS, 0.5f, 0.5f, 0.5f, 0.5f);
	shbin_writer_add_float(&w, vs, C_ZERO, 0.0f, 0.0f, 0.0f, 0.0f);
	shbin_writer_add_float(&w, vs, C_ONE, 1.0f, 1.0f, 1.0f, 1.0f);
	shbin_writer_add_float(&w, vs, C_PALETTE + 0, 0.25f, 0.0f, 0.0f, 0.25f);
	shbin_writer_add_float(&w, vs, C_PALETTE + 1, 0.0f, 0.25f, 0.0f, 0.25f);
	shbin_writer_add_float(&w, vs, C_PALETTE + 2, 0.0f, 0.0f, 0.25f, 0.25f);
	shbin_writer_add_float(&w, vs, C_PALETTE + 3, 0.25f, 0.25f, 0.25f, 0.25f);
	shbin_writer_add_int(&w, vs, 0, 3, 0, 1, 0);                          /* i0 */
	ok = shbin_writer_finish(&w, bin, size);
	shbin_writer_free(&w);
	return ok;
}

/* Load, link and use the variant's program; set its uniforms. */
static void use_variant(const struct variant *v)
{
	static const GLfloat identity[16] = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 };
	GLuint shader, program;
	GLint linked = GL_FALSE;
	uint8_t *bin = NULL;
	size_t size = 0;

	if (!build_shader_binary(v, &bin, &size))
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
		fprintf(stderr, "shader_stalls: %s: the program did not link\n", v->name);
		exit(1);
	}
	glUseProgram(program);
	glUniformMatrix4fv(glGetUniformLocation(program, "uMvp"), 1, GL_FALSE, identity);
	glUniform1f(glGetUniformLocation(program, "uPaletteIndex"), 2.0f);
	/* Deleted now, freed when no longer in use (OpenGL ES rules). */
	glDeleteShader(shader);
	glDeleteProgram(program);
	die_on_gl_error(v->name);
}

/* ---- one draw -------------------------------------------------------------- */

static void read_units(GLuint w[UNITS][WORDS])
{
	unsigned p;

	for (p = 0; p < UNITS; p++)
		nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_SHADER0 + p, w[p]);
}

/* Draw the strip with the variant; print the five words of each unit and
 * the per-vertex figures against the expected ones. Returns the clocks a
 * vertex took (instructions plus stalls). */
static double measure(const struct variant *v)
{
	GLuint before[UNITS][WORDS], after[UNITS][WORDS], sum[WORDS] = { 0 };
	unsigned p, k, clocks = 0, mismatches = 0;

	use_variant(v);
	read_units(before);
	glDrawArrays(GL_TRIANGLE_STRIP, 0, STRIP_VERTICES);
	glFinish();
	die_on_gl_error("the draw");
	read_units(after);

	printf("  %s\n", v->name);
	printf("    word                 VERTEX_SHADER0..3   total  per vertex  expected\n");
	for (k = 0; k < WORDS; k++) {
		GLuint d[UNITS];
		double per;

		for (p = 0; p < UNITS; p++) {
			d[p] = after[p][k] - before[p][k];   /* differences survive wrapping */
			sum[k] += d[p];
		}
		per = (double)sum[k] / STRIP_VERTICES;
		clocks += sum[k];
		if (per != (double)v->expected[k])
			mismatches++;
		printf("    %u %-18s %4u %4u %4u %4u  %6u  %10.2f  %8u\n", k, word_name[k],
		       d[0], d[1], d[2], d[3], sum[k], per, v->expected[k]);
	}
	printf("    clocks a vertex (instructions + stalls): %.2f%s\n\n",
	       (double)clocks / STRIP_VERTICES,
	       mismatches ? "   (differs from the shipped defaults' figures: another "
			    "configuration?)" : "");
	return (double)clocks / STRIP_VERTICES;
}

/* A strip of 7 quads across the screen, as float3 positions. */
static void strip_positions(GLfloat pos[STRIP_VERTICES][3])
{
	unsigned k;

	for (k = 0; k < STRIP_VERTICES; k++) {
		pos[k][0] = -0.9f + 1.8f * (GLfloat)(k / 2) / (STRIP_VERTICES / 2 - 1);
		pos[k][1] = k % 2 ? 0.5f : -0.5f;
		pos[k][2] = -0.5f;
	}
}

int main(void)
{
	GLfloat pos[STRIP_VERTICES][3];
	double clocks[2];
	GLuint list, vbo;
	unsigned i, k;

	nngxShimReset();
	nngxInitialize(NULL, NULL);       /* NULL: the library's own allocator */
	nngxGenCmdlists(1, &list);
	nngxBindCmdlist(list);
	nngxCmdlistStorage(64 * 1024, 32);

	strip_positions(pos);
	glGenBuffers(1, &vbo);
	glBindBuffer(GL_ARRAY_BUFFER, vbo);
	glBufferData(GL_ARRAY_BUFFER | NN_GX_MEM_VRAMA, sizeof pos, pos, GL_STATIC_DRAW);
	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, (const GLvoid *)0);
	glEnableVertexAttribArray(0);
	die_on_gl_error("the vertex buffer");

	puts("The stall model (shipped defaults, data/nngx.cfg, model.shader.*):");
	for (k = 0; k < sizeof shipped_latency / sizeof shipped_latency[0]; k++)
		printf("  %-15s = %u  %s\n", shipped_latency[k].key, shipped_latency[k].clocks,
		       shipped_latency[k].meaning);
	printf("Each draw: a strip of %u vertices; vertex k runs on unit k %% 4, %u each.\n"
	       "Figures are differences of the always-running counters around the draw.\n\n",
	       STRIP_VERTICES, STRIP_VERTICES / UNITS);

	for (i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
		printf("== %s ==\n   %s\n\n", pairs[i].title, pairs[i].lesson);
		for (k = 0; k < 2; k++)
			clocks[k] = measure(&pairs[i].v[k]);
		printf("  -> %.2f clocks a vertex instead of %.2f: %.0f %% fewer\n\n",
		       clocks[1], clocks[0], 100.0 * (clocks[0] - clocks[1]) / clocks[0]);
	}

	nngxFinalize();         /* deletes the GL objects and command lists */
	return 0;
}
