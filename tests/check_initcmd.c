/* check_initcmd.c: nngxGetInitializationCommand: its size and copy rules,
 * and what running its commands does to the model (every register it
 * keeps as state back to the power-on value nngxInitialize leaves, the
 * action registers untouched, a later draw as on a fresh GPU). */
#include <stdlib.h>
#include <string.h>

#include "pica_cmd.h"
#include "shader_asm.h"
#include "test_util.h"

static struct pica_cmd cmd;

/* The registers whose write acts instead of holding a value, written
 * out from the register map (3dbrew, GPU/Internal Registers), apart from
 * the model's list: FINALIZE, early-depth clear, the LUT data ports
 * (procedural texture, fog, gas, lighting), framebuffer invalidate and
 * flush, the draw triggers, the vertex-cache clear, the fixed-attribute
 * data port, the command-buffer channels, and per shader unit the code
 * end signal and the float-uniform, code and descriptor ports. */
static bool action_register(unsigned id)
{
	unsigned off;

	if (id == 0x010 || id == 0x063 || (id >= 0x0B0 && id <= 0x0B7)
	    || (id >= 0x0E8 && id <= 0x0EF) || id == 0x110 || id == 0x111 || id == 0x124
	    || (id >= 0x1C8 && id <= 0x1CF) || id == 0x22E || id == 0x22F || id == 0x231
	    || (id >= 0x233 && id <= 0x235) || (id >= 0x238 && id <= 0x23D))
		return true;
	if (id < 0x280 || id >= 0x2E0)
		return false;
	off = (id - 0x280) % 0x30;
	return off == 0x0F || (off >= 0x11 && off <= 0x18) || (off >= 0x1C && off <= 0x23)
	       || (off >= 0x26 && off <= 0x2D);
}

static GLuint make_list(GLsizei bytes, GLsizei requests)
{
	GLuint list;

	nngxGenCmdlists(1, &list);
	nngxBindCmdlist(list);
	nngxCmdlistStorage(bytes, requests);
	return list;
}

static uint32_t *init_commands(GLsizei *bytes)
{
	uint32_t *w;

	*bytes = nngxGetInitializationCommand(0, NULL);
	ck_assert_int_gt(*bytes, 0);
	w = malloc((size_t)*bytes);
	ck_assert_ptr_nonnull(w);
	ck_assert_int_eq(nngxGetInitializationCommand(*bytes, w), *bytes);
	return w;
}

/* The size and copy rules: NULL asks for the size; a buffer too small (0
 * and negative sizes included) gets nothing; a big enough one gets
 * exactly the size; every answer is the same, before nngxInitialize too,
 * and no call records a GL error. */
START_TEST(test_size_query_and_copy_rules)
{
	enum { SPARE = 64 };
	GLsizei size, k;
	uint8_t *buf, *again;

	tu_reset();
	size = nngxGetInitializationCommand(0, NULL);
	ck_assert_int_gt(size, 0);
	ck_assert_int_eq(size % 16, 0);
	ck_assert_int_eq(nngxGetInitializationCommand(12345, NULL), size);
	ck_assert_int_eq(nngxGetInitializationCommand(-1, NULL), size);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_INIT_COMMAND_SHORT), 0);

	buf = malloc((size_t)size + SPARE);
	again = malloc((size_t)size + SPARE);
	ck_assert_ptr_nonnull(buf);
	ck_assert_ptr_nonnull(again);
	memset(buf, 0xAB, (size_t)size + SPARE);
	ck_assert_int_eq(nngxGetInitializationCommand(size - 4, buf), size);
	ck_assert_int_eq(nngxGetInitializationCommand(0, buf), size);
	ck_assert_int_eq(nngxGetInitializationCommand(-16, buf), size);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_INIT_COMMAND_SHORT), 3);
	for (k = 0; k < size + SPARE; k++)
		ck_assert_uint_eq(buf[k], 0xAB);

	ck_assert_int_eq(nngxGetInitializationCommand(size + SPARE, buf), size);
	for (k = size; k < size + SPARE; k++)
		ck_assert_uint_eq(buf[k], 0xAB);          /* exactly `size` bytes */
	ck_assert_int_eq(nngxGetInitializationCommand(size, again), size);
	ck_assert(memcmp(buf, again, (size_t)size) == 0);
	ck_assert(nngxInitialize(NULL, NULL));
	memset(again, 0, (size_t)size);
	ck_assert_int_eq(nngxGetInitializationCommand(size, again), size);
	ck_assert(memcmp(buf, again, (size_t)size) == 0);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_INIT_COMMAND_SHORT), 3);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	free(buf);
	free(again);
}
END_TEST

/* The words are well-formed commands, in 8-byte units, and write no
 * action register (read with this file's own decoding of the format). */
START_TEST(test_commands_write_no_action_register)
{
	GLsizei bytes;
	uint32_t *w = init_commands(&bytes);
	size_t n = (size_t)bytes / 4, at = 0, writes = 0;

	while (at < n) {
		uint32_t header = w[at + 1];
		unsigned id = header & 0xFFFF, extra = (header >> 20) & 0xFF, k;
		bool seq = (header >> 31) != 0;

		ck_assert_uint_eq((header >> 16) & 0xF, 0xF);
		ck_assert_uint_le(at + 2 + extra + (extra & 1), n);
		for (k = 0; k <= extra; k++) {
			unsigned reg = seq ? id + k : id;
			ck_assert_msg(!action_register(reg), "writes action register 0x%03X", reg);
			ck_assert_uint_lt(reg, 0x300);
			/* 0, but for the colour operation's registers, which power
			 * on storing the source, and the depth map's mode, which
			 * powers on the z-buffer (hw_command.h) */
			ck_assert_uint_eq(w[k == 0 ? at : at + 1 + k],
					  reg == 0x100 ? 0x00E40100u : reg == 0x101 ? 0x01010000u
					  : reg == 0x102 ? 3u : reg == 0x06D ? 1u : 0u);
			writes++;
		}
		at += 2 + extra + (extra & 1);
	}
	ck_assert_uint_eq(at, n);
	ck_assert_uint_gt(writes, 200);
	free(w);
}
END_TEST

/* Every register written with garbage, then the initialisation commands:
 * each register not an action is back to its value after nngxInitialize,
 * unless the model does not keep it (a write of it alone is reported
 * REGISTER_NOT_MODELLED); so are the shader units' entry points and
 * boolean and integer uniforms, and the upload indices. Action registers
 * keep what the garbage left. */
START_TEST(test_commands_restore_the_power_on_registers)
{
	static uint32_t before[0x300], mid[0x300];
	struct nngx_state *st;
	struct hw_command_state cmd_before;
	struct hw_shader_state vs_before, gs_before;
	GLsizei bytes;
	uint32_t *w;
	unsigned id, restored = 0, dirty = 0;

	tu_reset();
	st = nngx_state_get();
	ck_assert(nngxInitialize(NULL, NULL));
	make_list(1 << 20, 64);
	memcpy(before, st->gpu.regs, sizeof before);
	cmd_before = st->gpu.command;
	vs_before = st->gpu.vs;
	gs_before = st->gpu.gs;

	pica_cmd_init(&cmd);
	for (id = 0; id < 0x300; id++)
		if (!action_register(id))
			pica_cmd_reg(&cmd, id, 0x5A5A5A5Au ^ id * 0x01010101u);
	ck_assert_uint_eq(tu_run_words(cmd.w, cmd.n), GL_NO_ERROR);
	for (id = 0; id < 0x300; id++)
		dirty += st->gpu.regs[id] != before[id];
	ck_assert_uint_gt(dirty, 600);
	ck_assert_uint_ne(st->gpu.vs.entry, vs_before.entry);
	memcpy(mid, st->gpu.regs, sizeof mid);

	w = init_commands(&bytes);
	ck_assert_uint_eq(tu_run_words(w, (size_t)bytes / 4), GL_NO_ERROR);
	free(w);
	for (id = 0; id < 0x300; id++) {
		GLuint said;

		if (action_register(id)) {
			ck_assert_uint_eq(st->gpu.regs[id], mid[id]);
			continue;
		}
		if (st->gpu.regs[id] == before[id]) {
			restored++;
			continue;
		}
		/* Not restored: only a register the model does not keep. */
		said = nngxShimGetDiagCount(NNGX_SHIM_DIAG_REGISTER_NOT_MODELLED);
		pica_cmd_init(&cmd);
		pica_cmd_reg(&cmd, id, 0);
		ck_assert_uint_eq(tu_run_words(cmd.w, cmd.n), GL_NO_ERROR);
		ck_assert_msg(nngxShimGetDiagCount(NNGX_SHIM_DIAG_REGISTER_NOT_MODELLED) == said + 1,
			      "register 0x%03X is kept by the model but not restored", id);
	}
	ck_assert_uint_gt(restored, 200);
	ck_assert_uint_eq(st->gpu.vs.entry, vs_before.entry);
	ck_assert_uint_eq(st->gpu.gs.entry, gs_before.entry);
	ck_assert_uint_eq(st->gpu.vs.b, vs_before.b);
	ck_assert_uint_eq(st->gpu.gs.b, gs_before.b);
	ck_assert(memcmp(st->gpu.vs.i, vs_before.i, sizeof vs_before.i) == 0);
	ck_assert(memcmp(st->gpu.gs.i, gs_before.i, sizeof gs_before.i) == 0);
	for (id = 0; id < 2; id++) {
		ck_assert_uint_eq(st->gpu.command.unit[id].code_index, cmd_before.unit[id].code_index);
		ck_assert_uint_eq(st->gpu.command.unit[id].opdesc_index,
				  cmd_before.unit[id].opdesc_index);
		ck_assert_uint_eq(st->gpu.command.unit[id].float_index,
				  cmd_before.unit[id].float_index);
		ck_assert_uint_eq(st->gpu.command.unit[id].float32, cmd_before.unit[id].float32);
		ck_assert_uint_eq(st->gpu.command.unit[id].float_have, cmd_before.unit[id].float_have);
	}
	ck_assert_uint_eq(st->gpu.command.fixed_index, cmd_before.fixed_index);
	ck_assert_uint_eq(st->gpu.command.fixed_have, cmd_before.fixed_have);
}
END_TEST

static const float triangle_pair[] = {
	-0.5f, -0.5f, -0.5f,   0.5f, -0.5f, -0.5f,   0.0f, 0.5f, -0.5f,
	-0.5f,  0.5f, -0.5f,   0.5f,  0.5f, -0.5f,   0.0f, 0.9f, -0.5f,
};

/* mov o0, v0; end, and the state for float3 positions at `base`. */
static void build_draw(uint32_t base)
{
	struct shader_asm a;
	struct hw_shader_state prog;

	ck_assert(asm_passthrough(&a, &prog));
	pica_cmd_init(&cmd);
	pica_cmd_triangle_draw(&cmd, &prog, a.ncode, a.nopdesc, base);
}

struct draw_counts {
	GLuint vs[NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_SHADER0];
	GLuint poly[NN_GX_PROFILING_RESULT_BUFSIZE_POLYGON];
	GLuint frag[NN_GX_PROFILING_RESULT_BUFSIZE_FRAGMENT];
};

static void read_counts(struct draw_counts *c)
{
	nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_SHADER0, c->vs);
	nngxGetProfilingResult(NN_GX_PROFILING_POLYGON, c->poly);
	nngxGetProfilingResult(NN_GX_PROFILING_FRAGMENT, c->frag);
}

/* The triangle draw (which sets only the registers it needs) after
 * `dirt` and then, with `init`, the initialisation commands: the
 * counters the draw moves. */
static void draw_after(const struct pica_cmd *dirt, bool init, struct draw_counts *out)
{
	struct hw_memory *mem;
	struct draw_counts c0, c1;
	uint32_t base, *w;
	GLsizei bytes;
	unsigned k;

	tu_reset();
	ck_assert(nngxInitialize(NULL, NULL));
	make_list(1 << 20, 64);
	mem = &nngx_state_get()->gpu.memory;
	base = hw_memory_alloc(mem, HW_AREA_VRAM_B, sizeof triangle_pair);
	memcpy(hw_memory_host(mem, base, sizeof triangle_pair), triangle_pair,
	       sizeof triangle_pair);
	if (dirt)
		ck_assert_uint_eq(tu_run_words(dirt->w, dirt->n), GL_NO_ERROR);
	if (init) {
		w = init_commands(&bytes);
		ck_assert_uint_eq(tu_run_words(w, (size_t)bytes / 4), GL_NO_ERROR);
		free(w);
	}
	build_draw(base);
	read_counts(&c0);
	ck_assert_uint_eq(tu_run_words(cmd.w, cmd.n), GL_NO_ERROR);
	read_counts(&c1);
	for (k = 0; k < sizeof *out / sizeof(GLuint); k++)
		((GLuint *)out)[k] = ((GLuint *)&c1)[k] - ((GLuint *)&c0)[k];
}

/* Culling and a 64x64 render target with a scissor, left behind by
 * earlier work, change what the triangle draw counts; the initialisation commands
 * undo them, and the draw counts as on a fresh GPU. */
START_TEST(test_draw_after_commands_counts_as_after_initialize)
{
	static struct pica_cmd dirt;
	struct draw_counts fresh, dirty, restored;
	unsigned k;

	draw_after(NULL, false, &fresh);
	ck_assert_uint_eq(fresh.poly[1], 2);

	pica_cmd_init(&dirt);
	pica_cmd_reg(&dirt, 0x040, 1);                  /* cull */
	pica_cmd_reg(&dirt, 0x11E, 64 | (64 - 1) << 12 | 1u << 24);   /* 64x64 */
	pica_cmd_reg(&dirt, 0x065, 1);                  /* scissor to 1x1 */
	draw_after(&dirt, false, &dirty);
	ck_assert_msg(memcmp(&dirty, &fresh, sizeof fresh) != 0, "the state changes nothing");

	draw_after(&dirt, true, &restored);
	for (k = 0; k < sizeof fresh / sizeof(GLuint); k++)
		ck_assert_msg(((GLuint *)&restored)[k] == ((GLuint *)&fresh)[k],
			      "counter word %u: %u after the commands, %u fresh", k,
			      ((GLuint *)&restored)[k], ((GLuint *)&fresh)[k]);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("initcmd");
	TCase *tc = tcase_create("initcmd");

	tcase_add_test(tc, test_size_query_and_copy_rules);
	tcase_add_test(tc, test_commands_write_no_action_register);
	tcase_add_test(tc, test_commands_restore_the_power_on_registers);
	tcase_add_test(tc, test_draw_after_commands_counts_as_after_initialize);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
