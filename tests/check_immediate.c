/* check_immediate.c: immediate-mode vertices through the fixed-attribute
 * port (hw/hw_immediate.h), from raw command buffers and from GL draws
 * with client-side arrays.
 *
 * The facts the tests build on (3dbrew, "GPU/Internal Registers"):
 * writing 0xF to FIXEDATTRIB_INDEX (0x232) starts immediate mode; the
 * data registers (0x233-0x235) then take one attribute every three
 * words, a float24 4-tuple packed w first (word 0 = w in bits 8-31 and
 * z's top 8 bits, word 1 = z's low 16 bits and y's top 16, word 2 = y's
 * low 8 bits and x in bits 0-23); every N attributes are a vertex, N =
 * VSH_NUM_ATTR (0x242) bits 0-3 plus one (3dbrew's later "GPU/Programming
 * Guide"; its 2015 text said ATTRIBBUFFERS_FORMAT_HIGH bits 28-31: the
 * model's choice, doc/model.md). Setting START_DRAW_FUNC0 (0x245) bit 0
 * back to 1 (configuration mode) ends the run.
 *
 * Expected values are worked out by hand in each test's comment: the
 * counts from the vertex and triangle counts, the command traffic from
 * the command words (16 bytes a memory access), the pixels from the
 * vertex colours (1.0 is 255, 0.0 is 0). */
#include <stdlib.h>
#include <string.h>

#include "gl_fixture.h"
#include "hw/hw_counters.h"
#include "hw/hw_memory.h"
#include "pica_cmd.h"

#define ck_gl_error(code) ck_assert_uint_eq(glGetError(), (code))

static struct pica_cmd cmd;

/* ---- raw command buffers ----------------------------------------------------- */

struct counts {
	GLuint vs[4][NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_SHADER0];
	GLuint poly[NN_GX_PROFILING_RESULT_BUFSIZE_POLYGON];
	GLuint mem[NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS];
};

static void read_counts(struct counts *c)
{
	nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_SHADER0, c->vs[0]);
	nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_SHADER1, c->vs[1]);
	nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_SHADER2, c->vs[2]);
	nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_SHADER3, c->vs[3]);
	nngxGetProfilingResult(NN_GX_PROFILING_POLYGON, c->poly);
	nngxGetProfilingResult(NN_GX_PROFILING_MEMORY_ACCESS, c->mem);
}

/* What running `c` moved. */
static void run_counted(const struct pica_cmd *c, struct counts *d)
{
	struct counts a, b;
	unsigned k;

	read_counts(&a);
	ck_assert_uint_eq(tu_run_words(c->w, c->n), GL_NO_ERROR);
	read_counts(&b);
	for (k = 0; k < sizeof *d / sizeof(GLuint); k++)
		((GLuint *)d)[k] = ((GLuint *)&b)[k] - ((GLuint *)&a)[k];
}

static GLuint instructions(const struct counts *d)
{
	return d->vs[0][0] + d->vs[1][0] + d->vs[2][0] + d->vs[3][0];
}

static void raw_setup(void)
{
	GLuint list;

	tu_reset();
	ck_assert(nngxInitialize(NULL, NULL));
	nngxGenCmdlists(1, &list);
	nngxBindCmdlist(list);
	nngxCmdlistStorage(1 << 20, 64);
	pica_cmd_init(&cmd);
}

/* The packed words of (x, y, z, w), written from the bit table above. */
static void pack(const float v[4], uint32_t w[3])
{
	uint32_t x = pica_f24(v[0]), y = pica_f24(v[1]), z = pica_f24(v[2]), ww = pica_f24(v[3]);

	w[0] = ww << 8 | z >> 16;
	w[1] = (z & 0xFFFFu) << 16 | y >> 8;
	w[2] = (y & 0xFFu) << 24 | x;
}

/* A vertex program that copies v0 to o0 (mov; end), the output map
 * (o0 = position), a 240x400 viewport, `attribs` attributes a vertex
 * (attribute a to v<a>) and topology `prim` (0 triangles, 1 strip,
 * 2 fan). */
static void raw_state(unsigned attribs, unsigned prim)
{
	struct shader_asm a;
	struct hw_shader_state prog;

	ck_assert(asm_passthrough(&a, &prog));
	pica_cmd_vs_program(&cmd, &prog, a.ncode, a.nopdesc, 0);
	pica_cmd_reg(&cmd, 0x202, (uint32_t)(attribs - 1) << 28);
	pica_cmd_reg(&cmd, 0x242, attribs - 1);                 /* VSH_NUM_ATTR */
	pica_cmd_reg(&cmd, 0x2BB, 0x76543210);                  /* a -> v<a> */
	pica_cmd_reg(&cmd, 0x2BD, 1);                           /* output mask: o0 */
	pica_cmd_reg(&cmd, 0x04F, 1);                           /* one output slot */
	pica_cmd_reg(&cmd, 0x050, 0x03020100);                  /* o0 = x, y, z, w */
	pica_cmd_reg(&cmd, 0x041, pica_f24(120));
	pica_cmd_reg(&cmd, 0x043, pica_f24(200));
	pica_cmd_reg(&cmd, 0x25E, prim << 8);                   /* PRIMITIVE_CONFIG */
}

/* Drawing mode, vertex input, immediate mode. */
static void raw_begin(void)
{
	pica_cmd_reg(&cmd, 0x245, 0);
	pica_cmd_reg(&cmd, 0x253, 1);
	pica_cmd_reg(&cmd, 0x232, 0xF);
}

/* `n` attribute rows (x, y, z, w each) in one write of 3n words, all to
 * 0x233. */
static void raw_rows(const float (*rows)[4], unsigned n)
{
	uint32_t w[3 * 64];
	unsigned k;

	ck_assert_uint_le(n, 64);
	for (k = 0; k < n; k++)
		pack(rows[k], w + 3 * k);
	pica_cmd_regs(&cmd, 0x233, w, 3 * n, false);
}

/* Configuration mode: the end of the run. */
static void raw_end(void)
{
	pica_cmd_reg(&cmd, 0x245, 1);
	pica_cmd_reg(&cmd, 0x253, 0);
}

/* One immediate-mode run of `n` attribute rows: begin, rows, end. */
static void raw_immediate(const float (*rows)[4], unsigned n)
{
	raw_begin();
	raw_rows(rows, n);
	raw_end();
}

/* Two triangles in the middle of the viewport, then the same repeated:
 * rows for up to 8 triangles. */
static const float tri_rows[24][4] = {
	{ -0.5f, -0.5f, 0.5f, 1 }, { 0.5f, -0.5f, 0.5f, 1 }, { 0.0f, 0.5f, 0.5f, 1 },
	{ -0.5f, 0.5f, 0.5f, 1 }, { 0.5f, 0.5f, 0.5f, 1 }, { 0.0f, 0.75f, 0.5f, 1 },
	{ -0.5f, -0.5f, 0.5f, 1 }, { 0.5f, -0.5f, 0.5f, 1 }, { 0.0f, 0.5f, 0.5f, 1 },
	{ -0.5f, 0.5f, 0.5f, 1 }, { 0.5f, 0.5f, 0.5f, 1 }, { 0.0f, 0.75f, 0.5f, 1 },
	{ -0.5f, -0.5f, 0.5f, 1 }, { 0.5f, -0.5f, 0.5f, 1 }, { 0.0f, 0.5f, 0.5f, 1 },
	{ -0.5f, 0.5f, 0.5f, 1 }, { 0.5f, 0.5f, 0.5f, 1 }, { 0.0f, 0.75f, 0.5f, 1 },
	{ -0.5f, -0.5f, 0.5f, 1 }, { 0.5f, -0.5f, 0.5f, 1 }, { 0.0f, 0.5f, 0.5f, 1 },
	{ -0.5f, 0.5f, 0.5f, 1 }, { 0.5f, 0.5f, 0.5f, 1 }, { 0.0f, 0.75f, 0.5f, 1 },
};

static void raw_immediate_triangles(unsigned vertices)
{
	pica_cmd_init(&cmd);
	raw_state(1, 0);
	raw_immediate(tri_rows, vertices);
}

/* Six immediate vertices draw what the same six drawn from an array in
 * VRAM draw: 6 vertices into assembly, 2 triangles, each vertex shaded
 * once (mov, end: 2 instructions, 12 in all); the immediate run reads
 * no VRAM (no array; no render target is set, so no fragment traffic),
 * the array draw reads its 72 bytes from VRAM. */
START_TEST(test_immediate_draws_as_the_array_draw)
{
	struct hw_memory *mem;
	struct counts imm, arr;
	float xyz[6][3];
	uint32_t base;
	unsigned k;

	raw_setup();
	raw_immediate_triangles(6);
	run_counted(&cmd, &imm);
	ck_assert_uint_eq(imm.poly[0], 6);
	ck_assert_uint_eq(imm.poly[1], 2);
	ck_assert_uint_eq(instructions(&imm), 12);
	ck_assert_uint_eq(imm.mem[HW_MEM_VRAM_A_READ] + imm.mem[HW_MEM_VRAM_B_READ], 0);
	ck_assert_uint_gt(imm.mem[HW_MEM_COMMAND_VERTEX_READ], 0);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_GPU_FAULT), 0);

	mem = &nngx_state_get()->gpu.memory;
	for (k = 0; k < 6; k++)
		memcpy(xyz[k], tri_rows[k], sizeof xyz[k]);
	base = hw_memory_alloc(mem, HW_AREA_VRAM_B, sizeof xyz);
	memcpy(hw_memory_host(mem, base, sizeof xyz), xyz, sizeof xyz);
	pica_cmd_init(&cmd);
	{
		struct shader_asm a;
		struct hw_shader_state prog;

		ck_assert(asm_passthrough(&a, &prog));
		pica_cmd_triangle_draw(&cmd, &prog, a.ncode, a.nopdesc, base);
	}
	run_counted(&cmd, &arr);
	ck_assert_uint_eq(arr.poly[0], imm.poly[0]);
	ck_assert_uint_eq(arr.poly[1], imm.poly[1]);
	ck_assert_uint_eq(arr.poly[2], imm.poly[2]);
	ck_assert_uint_eq(instructions(&arr), instructions(&imm));
	ck_assert_uint_gt(arr.mem[HW_MEM_VRAM_B_READ], 0);
}
END_TEST

/* The vertices are command words: 18 vertices instead of 6 add 12 x 3 =
 * 36 words to the one write to 0x233 (1 + 18 words padded to 20, against
 * 1 + 54 padded to 56), 144 bytes, 9 accesses of 16 bytes, all in
 * COMMAND_VERTEX_READ; 12 more vertices in and 4 more triangles; no VRAM
 * read either way. */
START_TEST(test_immediate_words_are_command_traffic)
{
	struct counts six, eighteen;
	size_t n6;

	raw_setup();
	raw_immediate_triangles(6);
	n6 = cmd.n;
	run_counted(&cmd, &six);
	raw_immediate_triangles(18);
	ck_assert_uint_eq(cmd.n - n6, 36);
	run_counted(&cmd, &eighteen);
	ck_assert_uint_eq(eighteen.mem[HW_MEM_COMMAND_VERTEX_READ]
			  - six.mem[HW_MEM_COMMAND_VERTEX_READ], 9);
	ck_assert_uint_eq(eighteen.poly[0] - six.poly[0], 12);
	ck_assert_uint_eq(eighteen.poly[1] - six.poly[1], 4);
	ck_assert_uint_eq(eighteen.mem[HW_MEM_VRAM_A_READ] + eighteen.mem[HW_MEM_VRAM_B_READ], 0);
}
END_TEST

/* The topology applies: 5 vertices are 3 triangles as a strip and as a
 * fan (n - 2), 1 as a list (the 2 left over make none). */
START_TEST(test_immediate_assembles_per_the_topology)
{
	static const unsigned want[3] = { 1, 3, 3 };
	unsigned prim;

	raw_setup();
	for (prim = 0; prim < 3; prim++) {
		struct counts d;

		pica_cmd_init(&cmd);
		raw_state(1, prim);
		raw_immediate(tri_rows, 5);
		run_counted(&cmd, &d);
		ck_assert_uint_eq(d.poly[0], 5);
		ck_assert_msg(d.poly[1] == want[prim], "topology %u: %u triangles", prim,
			      d.poly[1]);
	}
}
END_TEST

/* Configuration mode ends immediate mode: 3 vertices before it draw one
 * triangle; 3 rows written after it are no vertices (the index still
 * says 0xF, which names no fixed attribute: one diagnostic a row, the
 * values dropped), and no fixed attribute changes. */
START_TEST(test_immediate_ends_at_configuration_mode)
{
	struct hw_gpu *gpu;
	float fixed_before[12][4];
	struct counts d;
	GLuint said;

	raw_setup();
	gpu = &nngx_state_get()->gpu;
	raw_state(1, 0);
	raw_immediate(tri_rows, 3);
	raw_rows(tri_rows + 3, 3);
	memcpy(fixed_before, gpu->command.fixed_value, sizeof fixed_before);
	said = nngxShimGetDiagCount(NNGX_SHIM_DIAG_REGISTER_NOT_MODELLED);
	run_counted(&cmd, &d);
	ck_assert_uint_eq(d.poly[0], 3);
	ck_assert_uint_eq(d.poly[1], 1);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_REGISTER_NOT_MODELLED), said + 3);
	ck_assert(memcmp(gpu->command.fixed_value, fixed_before, sizeof fixed_before) == 0);
	ck_assert(!gpu->command.immediate.on);
}
END_TEST

/* N is VSH_NUM_ATTR + 1, whatever ATTRIBBUFFERS_FORMAT_HIGH says: 6 rows
 * with VSH_NUM_ATTR 0 and FORMAT_HIGH saying 2 are 6 vertices, 2
 * triangles; with VSH_NUM_ATTR 1 and FORMAT_HIGH saying 1, 3 vertices,
 * 1 triangle, 3 vertices shaded (6 instructions). */
START_TEST(test_immediate_counts_attributes_by_vsh_num_attr)
{
	struct counts d;

	raw_setup();
	raw_state(1, 0);
	pica_cmd_reg(&cmd, 0x202, 1u << 28);
	raw_immediate(tri_rows, 6);
	run_counted(&cmd, &d);
	ck_assert_uint_eq(d.poly[0], 6);
	ck_assert_uint_eq(d.poly[1], 2);

	pica_cmd_init(&cmd);
	raw_state(2, 0);
	pica_cmd_reg(&cmd, 0x202, 0);
	raw_immediate(tri_rows, 6);
	run_counted(&cmd, &d);
	ck_assert_uint_eq(d.poly[0], 3);
	ck_assert_uint_eq(d.poly[1], 1);
	ck_assert_uint_eq(instructions(&d), 6);
}
END_TEST

/* Bad input. Two attributes a vertex and 7 rows: 3 whole vertices (one
 * triangle) and one row left over, dropped with a diagnostic; 2 words of
 * an unfinished attribute after it: another. The port is then empty: a
 * following run of 6 rows draws exactly its 3 vertices, one triangle. */
START_TEST(test_immediate_partial_vertex_is_dropped_with_a_diagnostic)
{
	struct hw_gpu *gpu;
	struct counts d;
	GLuint faults;
	uint32_t w[3];

	raw_setup();
	gpu = &nngx_state_get()->gpu;
	faults = nngxShimGetDiagCount(NNGX_SHIM_DIAG_GPU_FAULT);
	pica_cmd_init(&cmd);
	raw_state(2, 0);
	raw_immediate(tri_rows, 7);
	run_counted(&cmd, &d);
	ck_assert_uint_eq(d.poly[0], 3);
	ck_assert_uint_eq(d.poly[1], 1);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_GPU_FAULT), faults + 1);
	ck_assert_uint_eq(gpu->command.immediate.count, 0);

	pica_cmd_init(&cmd);
	raw_begin();
	pack(tri_rows[0], w);
	pica_cmd_regs(&cmd, 0x233, w, 2, false);
	raw_end();
	run_counted(&cmd, &d);
	ck_assert_uint_eq(d.poly[0], 0);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_GPU_FAULT), faults + 2);
	ck_assert_uint_eq(gpu->command.immediate.have, 0);

	pica_cmd_init(&cmd);
	raw_immediate(tri_rows, 6);
	run_counted(&cmd, &d);
	ck_assert_uint_eq(d.poly[0], 3);
	ck_assert_uint_eq(d.poly[1], 1);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_GPU_FAULT), faults + 2);
}
END_TEST

/* Outside immediate mode the port sets fixed attributes: index 2 takes
 * the row; index 12 names none, so its row is dropped with a diagnostic
 * and no fixed attribute changes. Nothing is drawn either way. */
START_TEST(test_fixed_attribute_port_outside_immediate_mode)
{
	static const float row[4] = { 0.5f, 0.25f, -2.0f, 1.0f };
	struct hw_gpu *gpu;
	float before[12][4];
	struct counts d;
	GLuint said;

	raw_setup();
	gpu = &nngx_state_get()->gpu;
	pica_cmd_reg(&cmd, 0x232, 2);
	raw_rows(&row, 1);
	run_counted(&cmd, &d);
	ck_assert(memcmp(gpu->command.fixed_value[2], row, sizeof row) == 0);

	memcpy(before, gpu->command.fixed_value, sizeof before);
	said = nngxShimGetDiagCount(NNGX_SHIM_DIAG_REGISTER_NOT_MODELLED);
	pica_cmd_init(&cmd);
	pica_cmd_reg(&cmd, 0x232, 12);
	raw_rows(tri_rows, 1);
	run_counted(&cmd, &d);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_REGISTER_NOT_MODELLED), said + 1);
	ck_assert(memcmp(gpu->command.fixed_value, before, sizeof before) == 0);
	ck_assert_uint_eq(d.poly[0], 0);
	ck_assert(!gpu->command.immediate.on);
}
END_TEST

/* ---- GL draws with client-side arrays ------------------------------------------ */

#define SIDE 16

static GLuint program;
static GLint color_loc;

/* o0 = v0 (aPosition), o1 = v1 (aColor) as the colour; the combiner
 * stage 0 replaces with the primary colour. */
static void gl_setup(void)
{
	struct fx_shader *s;
	size_t vs;

	fx_reset();
	fx_list(1 << 20, 64);
	s = fx_shader_new();
	asm_mov(&s->a, asm_o(0), asm_v(0));
	asm_mov(&s->a, asm_o(1), asm_v(1));
	asm_end(&s->a);
	fx_shader_code(s);
	vs = shbin_writer_add_entry(&s->w, 0, 0, s->a.ncode);
	shbin_writer_add_output(&s->w, vs, 0, 0, 0xF);         /* position */
	shbin_writer_add_output(&s->w, vs, 2, 1, 0xF);         /* colour */
	shbin_writer_add_uniform(&s->w, vs, "aPosition", 0x00, 0x00);
	shbin_writer_add_uniform(&s->w, vs, "aColor", 0x01, 0x01);
	fx_shader_binary(s);
	program = fx_program(s);
	fx_shader_free(s);
	color_loc = glGetAttribLocation(program, "aColor");
	ck_assert_int_ge(color_loc, 0);
	fx_framebuffer(SIDE);
	fx_combiner_primary(program);
	glBindBuffer(GL_ARRAY_BUFFER, 0);
	glEnableVertexAttribArray(0);
	glEnableVertexAttribArray((GLuint)color_loc);
	ck_gl_error(GL_NO_ERROR);
}

static void gl_teardown(void)
{
	program = 0;
}

/* Clear to (0, 0, 0, 0), draw `n` vertices as triangles from whatever
 * the attributes point at, read the target back. */
static void gl_draw_read(GLsizei n, uint8_t px[SIDE * SIDE * 4])
{
	glClearColor(0, 0, 0, 0);
	glClear(GL_COLOR_BUFFER_BIT);
	glDrawArrays(GL_TRIANGLES, 0, n);
	ck_gl_error(GL_NO_ERROR);
	glFinish();
	memset(px, 0x55, SIDE * SIDE * 4);
	glReadPixels(0, 0, SIDE, SIDE, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_gl_error(GL_NO_ERROR);
}

/* A full-target quad of one colour, magenta (1, 0, 1, 1), from client
 * arrays: every pixel is (255, 0, 255, 255) (1.0 is 255, 0.0 is 0; the
 * combiner replaces with the vertex colour, no blending). */
START_TEST(test_gl_client_quad_of_one_colour)
{
	static const float pos[] = {
		-1, -1, 0,   1, -1, 0,   1, 1, 0,
		-1, -1, 0,   1,  1, 0,  -1, 1, 0,
	};
	static const float col[6][4] = {
		{ 1, 0, 1, 1 }, { 1, 0, 1, 1 }, { 1, 0, 1, 1 },
		{ 1, 0, 1, 1 }, { 1, 0, 1, 1 }, { 1, 0, 1, 1 },
	};
	static const uint8_t want[4] = { 255, 0, 255, 255 };
	static uint8_t px[SIDE * SIDE * 4];
	unsigned i;

	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, pos);
	glVertexAttribPointer((GLuint)color_loc, 4, GL_FLOAT, GL_FALSE, 0, col);
	gl_draw_read(6, px);
	for (i = 0; i < SIDE * SIDE; i++)
		ck_assert_msg(memcmp(px + 4 * i, want, 4) == 0,
			      "pixel %u: (%u, %u, %u, %u)", i, px[4 * i], px[4 * i + 1],
			      px[4 * i + 2], px[4 * i + 3]);
}
END_TEST

/* One triangle over part of the target, a different colour at each
 * corner (components 0, 0.25, 0.5, 0.75, 1: exact in float24, so the
 * port carries them unchanged): the pixels from client arrays are those
 * from buffer objects, byte for byte; some are drawn (alpha 255), some
 * keep the clear colour. Client colour as GL_UNSIGNED_BYTE 0 and 1
 * converts to 0.0 and 1.0 (not normalised) and draws the same as the
 * float 0 and 1 corners of a black-and-white triangle. */
START_TEST(test_gl_client_pixels_match_buffer_objects)
{
	static const float pos[] = { -1, -1, 0,   0.5f, -1, 0,   -1, 0.75f, 0 };
	static const float col[3][4] = {
		{ 1, 0.25f, 0, 1 }, { 0, 0.75f, 0.5f, 1 }, { 0.5f, 0, 1, 1 },
	};
	static const float bw_f[3][4] = { { 1, 1, 1, 1 }, { 0, 0, 0, 1 }, { 1, 0, 1, 1 } };
	static const GLubyte bw_b[3][4] = { { 1, 1, 1, 1 }, { 0, 0, 0, 1 }, { 1, 0, 1, 1 } };
	static uint8_t client[SIDE * SIDE * 4], buffered[SIDE * SIDE * 4];
	unsigned i, drawn = 0;

	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, pos);
	glVertexAttribPointer((GLuint)color_loc, 4, GL_FLOAT, GL_FALSE, 0, col);
	gl_draw_read(3, client);

	fx_buffer(GL_ARRAY_BUFFER, NN_GX_MEM_FCRAM, pos, sizeof pos);
	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, (const GLvoid *)0);
	fx_buffer(GL_ARRAY_BUFFER, NN_GX_MEM_FCRAM, col, sizeof col);
	glVertexAttribPointer((GLuint)color_loc, 4, GL_FLOAT, GL_FALSE, 0, (const GLvoid *)0);
	gl_draw_read(3, buffered);
	ck_assert(memcmp(client, buffered, sizeof client) == 0);
	for (i = 0; i < SIDE * SIDE; i++)
		drawn += client[4 * i + 3] == 255;
	ck_assert_uint_gt(drawn, 0);
	ck_assert_uint_lt(drawn, SIDE * SIDE);

	glBindBuffer(GL_ARRAY_BUFFER, 0);
	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, pos);
	glVertexAttribPointer((GLuint)color_loc, 4, GL_FLOAT, GL_FALSE, 0, bw_f);
	gl_draw_read(3, client);
	glVertexAttribPointer((GLuint)color_loc, 4, GL_UNSIGNED_BYTE, GL_FALSE, 0, bw_b);
	gl_draw_read(3, buffered);
	ck_assert(memcmp(client, buffered, sizeof client) == 0);
}
END_TEST

/* Command-list bytes and counters of one draw of `n` vertices (the
 * program sent by an earlier draw). */
static void gl_client_draw_cost(GLsizei n, GLint *bytes, struct fx_counters *d)
{
	struct fx_counters c0, c1;

	glDrawArrays(GL_TRIANGLES, 0, n);
	glFinish();
	nngxClearCmdlist();
	fx_counters_read(&c0);
	glDrawArrays(GL_TRIANGLES, 0, n);
	ck_gl_error(GL_NO_ERROR);
	*bytes = fx_used_bytes();
	glFinish();
	fx_counters_read(&c1);
	fx_counters_diff(&c0, &c1, d);
	nngxClearCmdlist();
}

/* Two attributes a vertex: 24 vertices instead of 12 add 12 x 2 x 3 = 72
 * data words (73 words padded to 74 against 145 padded to 146: one
 * write of up to 256), 288 bytes, 18 command reads of 16 bytes; 12 more
 * vertices in, 4 more triangles, 36 more instructions (mov, mov, end),
 * and no more VRAM read than the pixels' (the same triangles over the
 * same pixels). A client draw reads its command words and nothing else:
 * B bytes of list are B / 16 reads, plus at most one for the line the
 * draw splits and one for the words glFinish adds; the same 12 vertices
 * from buffers in main memory read their 12 x (12 + 16) = 336 bytes of
 * arrays besides (at least 21 more reads). */
START_TEST(test_gl_client_list_grows_three_words_an_attribute_a_vertex)
{
	static float pos[24][3], col[24][4];
	struct fx_counters d12, d24, db;
	GLint b12, b24, bb;
	unsigned k;

	for (k = 0; k < 24; k++) {
		pos[k][0] = k % 3 == 1 ? 0.5f : -0.5f;
		pos[k][1] = k % 3 == 2 ? 0.5f : -0.5f;
		col[k][0] = col[k][3] = 1;
	}
	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, pos);
	glVertexAttribPointer((GLuint)color_loc, 4, GL_FLOAT, GL_FALSE, 0, col);
	gl_client_draw_cost(12, &b12, &d12);
	gl_client_draw_cost(24, &b24, &d24);
	ck_assert_int_eq(b24 - b12, 72 * 4);
	ck_assert_uint_eq(d24.memory[HW_MEM_COMMAND_VERTEX_READ]
			  - d12.memory[HW_MEM_COMMAND_VERTEX_READ], 18);
	ck_assert_uint_eq(d24.polygon[0] - d12.polygon[0], 12);
	ck_assert_uint_eq(d24.polygon[1] - d12.polygon[1], 4);
	ck_assert_uint_eq(fx_counters_instructions(&d24) - fx_counters_instructions(&d12),
			  12 * 3);
	ck_assert_uint_eq(d24.memory[HW_MEM_VRAM_A_READ], d12.memory[HW_MEM_VRAM_A_READ]);
	ck_assert_uint_eq(d24.memory[HW_MEM_VRAM_B_READ], d12.memory[HW_MEM_VRAM_B_READ]);
	ck_assert_uint_ge(d12.memory[HW_MEM_COMMAND_VERTEX_READ], (GLuint)b12 / 16);
	ck_assert_uint_le(d12.memory[HW_MEM_COMMAND_VERTEX_READ], (GLuint)b12 / 16 + 2);

	fx_buffer(GL_ARRAY_BUFFER, NN_GX_MEM_FCRAM, pos, sizeof pos);
	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, (const GLvoid *)0);
	fx_buffer(GL_ARRAY_BUFFER, NN_GX_MEM_FCRAM, col, sizeof col);
	glVertexAttribPointer((GLuint)color_loc, 4, GL_FLOAT, GL_FALSE, 0, (const GLvoid *)0);
	gl_client_draw_cost(12, &bb, &db);
	ck_assert_uint_ge(db.memory[HW_MEM_COMMAND_VERTEX_READ], (GLuint)bb / 16 + 21);
	ck_assert_uint_eq(db.polygon[1], d12.polygon[1]);
}
END_TEST

/* A client draw of 65541 vertices as a triangle list (21847 triangles,
 * all at one point: no pixels) passes the 65536 vertices the port holds
 * before it draws: the list goes on whole, 65541 vertices in and 21847
 * triangles, each vertex shaded once (3 instructions: 196623). */
START_TEST(test_gl_client_draw_past_the_port_limit_keeps_its_triangles)
{
	enum { N = 65541 };
	float *pos = calloc((size_t)N * 3, sizeof *pos);
	float *col = calloc((size_t)N * 4, sizeof *col);
	struct fx_counters c0, c1, d;

	ck_assert(pos && col);
	fx_list(1 << 23, 8);
	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, pos);
	glVertexAttribPointer((GLuint)color_loc, 4, GL_FLOAT, GL_FALSE, 0, col);
	fx_counters_read(&c0);
	glDrawArrays(GL_TRIANGLES, 0, N);
	ck_gl_error(GL_NO_ERROR);
	glFinish();
	fx_counters_read(&c1);
	fx_counters_diff(&c0, &c1, &d);
	ck_assert_uint_eq(d.polygon[0], N);
	ck_assert_uint_eq(d.polygon[1], N / 3);
	ck_assert_uint_eq(fx_counters_instructions(&d), 3u * N);
	free(pos);
	free(col);
}
END_TEST

static Suite *immediate_suite(void)
{
	Suite *s = suite_create("immediate");
	TCase *tc = tcase_create("raw");

	tcase_add_test(tc, test_immediate_draws_as_the_array_draw);
	tcase_add_test(tc, test_immediate_words_are_command_traffic);
	tcase_add_test(tc, test_immediate_assembles_per_the_topology);
	tcase_add_test(tc, test_immediate_ends_at_configuration_mode);
	tcase_add_test(tc, test_immediate_counts_attributes_by_vsh_num_attr);
	tcase_add_test(tc, test_immediate_partial_vertex_is_dropped_with_a_diagnostic);
	tcase_add_test(tc, test_fixed_attribute_port_outside_immediate_mode);
	suite_add_tcase(s, tc);

	tc = tcase_create("gl");
	tcase_add_checked_fixture(tc, gl_setup, gl_teardown);
	tcase_add_test(tc, test_gl_client_quad_of_one_colour);
	tcase_add_test(tc, test_gl_client_pixels_match_buffer_objects);
	tcase_add_test(tc, test_gl_client_list_grows_three_words_an_attribute_a_vertex);
	tcase_add_test(tc, test_gl_client_draw_past_the_port_limit_keeps_its_triangles);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(immediate_suite());
}
