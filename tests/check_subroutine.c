/* check_subroutine.c: nngxAddSubroutineCommand: a call into an external
 * command buffer that returns (the buffer ends with a kick of channel 1),
 * its padding, its return size (to the next call's kick or the end of
 * the request) written when that is known, what a buffer
 * without the return kick and a nested call do, and the refused calls,
 * which change nothing. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gl_fixture.h"
#include "pica_cmd.h"

#define ck_gl_error(code) ck_assert_uint_eq(glGetError(), (code))

static struct pica_cmd cmd;

static GLint list_param(GLenum pname)
{
	GLint v = -1;

	nngxGetCmdlistParameteri(pname, &v);
	return v;
}

static const struct nngx_cmdlist *current(void)
{
	return nngx_cmdlist_current(nngx_state_get());
}

/* `cmd`'s words, then the return kick (a write of 1 to 0x23D), in a new
 * buffer of simulated FCRAM padded to 16 bytes (the padding after the
 * kick is never read); `with_kick` false leaves the kick out. */
static uint32_t *subroutine(const struct pica_cmd *c, bool with_kick, GLsizei *bytes)
{
	size_t n = c->n + (with_kick ? 2 : 0), padded = (n + 3) / 4 * 4;
	uint32_t *w = nngxShimAllocMemory(NN_GX_MEM_FCRAM, (GLsizei)(padded * 4));

	ck_assert_ptr_nonnull(w);
	ck_assert_uint_eq((uintptr_t)w % 16, 0);
	memset(w, 0, padded * 4);
	memcpy(w, c->w, c->n * 4);
	if (with_kick) {
		w[c->n] = 1;
		w[c->n + 1] = 0x23D | 0xFu << 16;
	}
	*bytes = (GLsizei)(padded * 4);
	return w;
}

static void run_list(void)
{
	nngxFlush3DCommand();
	nngxRunCmdlist();
	nngxWaitCmdlistDone();
}

/* The "done when" of the SDK surface for calls: a draw placed in a
 * subroutine and called N times counts N times one direct draw, on every
 * counter word but the command fetches, which add what the calls read
 * (MEMORY_ACCESS word 4, in 16-byte accesses): the 32 bytes of each call
 * in the list (2), and the return kick after the draw's closing commands
 * (its 8 bytes join the 16 the direct draw reads there: 1 more). */
START_TEST(test_draw_called_n_times_counts_n_direct_draws)
{
	enum { N = 5 };
	struct fx_counters c0, c1, direct, called, expect;
	const struct nngx_cmdlist *l;
	GLuint off, rid;
	GLsizei size, reqs, bytes;
	uint32_t *sub;
	unsigned k;

	fx_two_triangles_direct(&direct);

	/* The same draw's words, recorded (not run) and moved into a buffer
	 * of their own. */
	fx_reset();
	fx_list(65536, 8);
	fx_two_triangles_scene();
	nngxStartCmdlistSave();
	glDrawArrays(GL_TRIANGLES, 0, 6);
	nngxStopCmdlistSave(&off, &size, &rid, &reqs);
	ck_assert_int_gt(size, 0);
	l = current();
	pica_cmd_init(&cmd);
	memcpy(cmd.w, l->words + off / 4, (size_t)size);
	cmd.n = (size_t)size / 4;
	sub = subroutine(&cmd, true, &bytes);
	nngxClearCmdlist();

	fx_counters_read(&c0);
	for (k = 0; k < N; k++)
		nngxAddSubroutineCommand(sub, bytes);
	ck_assert_int_eq(fx_used_bytes(), N * 32);
	run_list();
	fx_counters_read(&c1);
	ck_gl_error(GL_NO_ERROR);
	fx_counters_diff(&c0, &c1, &called);
	expect = called;
	expect.memory[HW_MEM_COMMAND_VERTEX_READ] -= N * 3;
	fx_counters_assert_times(&direct, N, &expect, "called");
	nngxShimFreeMemory(sub);
}
END_TEST

/* The commands after a call run after the subroutine's; the call is
 * padded so that its return point is 16-byte aligned; the return size,
 * written by the flush, is the rest of the request (0 for a call at its
 * end). */
START_TEST(test_return_runs_the_rest_of_the_request)
{
	struct nngx_state *st;
	const struct nngx_cmdlist *l;
	uint32_t *sub, *sub2;
	GLsizei bytes, bytes2;
	uint32_t addr0, ret0;

	fx_reset();
	st = nngx_state_get();
	fx_list(4096, 8);
	pica_cmd_init(&cmd);
	pica_cmd_reg(&cmd, 0x066, 0x11);                /* SCISSORTEST_POS */
	pica_cmd_reg(&cmd, 0x067, 0x22);                /* SCISSORTEST_DIM */
	sub = subroutine(&cmd, true, &bytes);
	ck_assert_int_eq(bytes, 32);

	pica_cmd_init(&cmd);
	pica_cmd_reg(&cmd, 0x065, 1);                   /* 8 bytes: the call pads */
	nngxAdd3DCommand(cmd.w, 8, GL_TRUE);
	nngxAddSubroutineCommand(sub, bytes);
	ck_assert_int_eq(fx_used_bytes(), 8 + 8 + 32);
	pica_cmd_init(&cmd);
	pica_cmd_reg(&cmd, 0x069, 0x55);
	sub2 = subroutine(&cmd, true, &bytes2);
	pica_cmd_init(&cmd);
	pica_cmd_reg(&cmd, 0x067, 0x33);                /* after the call */
	pica_cmd_reg(&cmd, 0x068, 0x44);
	nngxAdd3DCommand(cmd.w, 16, GL_TRUE);
	nngxAddSubroutineCommand(sub2, bytes2);         /* the request's end */
	ck_assert_int_eq(fx_used_bytes(), 48 + 16 + 32);
	l = current();
	/* The first call's return ends at the second's kick; the second's
	 * is not known before the flush. */
	ck_assert_uint_eq(l->words[6], (16 + 32) >> 3);
	l->words[16 + 2] = 0xBAD;
	nngxFlush3DCommand();
	ret0 = l->phys + 48;
	addr0 = nngx_block_phys(st, sub, (uint32_t)bytes);
	ck_assert_uint_eq(l->words[4], (uint32_t)bytes >> 3);
	ck_assert_uint_eq(l->words[6], (16 + 32) >> 3);
	ck_assert_uint_eq(l->words[7], addr0 >> 3);
	ck_assert_uint_eq(l->words[8], ret0 >> 3);
	ck_assert_uint_eq(ret0 % 16, 0);
	ck_assert_uint_eq(l->words[16 + 2], 0);         /* the second: nothing after */
	nngxRunCmdlist();
	nngxWaitCmdlistDone();
	ck_gl_error(GL_NO_ERROR);
	ck_assert_uint_eq(st->gpu.regs[0x065], 1);
	ck_assert_uint_eq(st->gpu.regs[0x066], 0x11);
	ck_assert_uint_eq(st->gpu.regs[0x067], 0x33);   /* after the subroutine's */
	ck_assert_uint_eq(st->gpu.regs[0x068], 0x44);
	ck_assert_uint_eq(st->gpu.regs[0x069], 0x55);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_GPU_FAULT), 0);

	/* A second request of the list: its own return size. */
	nngxAdd3DCommand(cmd.w, 8, GL_TRUE);            /* 0x067 = 0x33 */
	nngxAddSubroutineCommand(sub, bytes);
	nngxAdd3DCommand(cmd.w + 2, 8, GL_TRUE);        /* 0x068 = 0x44 */
	run_list();
	ck_assert_uint_eq(l->words[28 + 2], 8 >> 3);
	ck_assert_uint_eq(st->gpu.regs[0x067], 0x22);   /* the subroutine's, after */
	ck_gl_error(GL_NO_ERROR);
	nngxShimFreeMemory(sub);
	nngxShimFreeMemory(sub2);
}
END_TEST

/* The SDK's rule for the return size: from the return point to the next
 * kick or split. A call followed by commands and a second call returns
 * up to the second call's kick, not to the end of the request; the
 * second returns to the end. Each part runs once, in order. */
START_TEST(test_return_ends_at_the_next_kick)
{
	struct nngx_state *st;
	const struct nngx_cmdlist *l;
	uint32_t *sub_a, *sub_b, between[4], after[2];
	GLsizei bytes_a, bytes_b;

	fx_reset();
	st = nngx_state_get();
	fx_list(4096, 8);
	pica_cmd_init(&cmd);
	pica_cmd_reg(&cmd, 0x066, 0x11);
	sub_a = subroutine(&cmd, true, &bytes_a);
	pica_cmd_init(&cmd);
	pica_cmd_reg(&cmd, 0x067, 0x55);
	sub_b = subroutine(&cmd, true, &bytes_b);
	pica_cmd_init(&cmd);
	pica_cmd_reg(&cmd, 0x066, 0x22);                /* after sub_a's */
	pica_cmd_reg(&cmd, 0x067, 0x22);                /* before sub_b's */
	memcpy(between, cmd.w, sizeof between);
	pica_cmd_init(&cmd);
	pica_cmd_reg(&cmd, 0x068, 0x44);
	memcpy(after, cmd.w, sizeof after);

	/* Words: call A 0-7 (return point 8), `between` 8-11, call B 12-19
	 * (return point 20), `after` 20-21. */
	nngxAddSubroutineCommand(sub_a, bytes_a);
	nngxAdd3DCommand(between, 16, GL_TRUE);
	nngxAddSubroutineCommand(sub_b, bytes_b);
	nngxAdd3DCommand(after, 8, GL_TRUE);
	ck_assert_int_eq(fx_used_bytes(), 32 + 16 + 32 + 8);
	nngxFlush3DCommand();
	l = current();
	ck_assert_uint_eq(l->words[2], (16 + 32) >> 3);
	ck_assert_uint_eq(l->words[12 + 2], 8 >> 3);
	run_list();
	ck_assert_uint_eq(st->gpu.regs[0x066], 0x22);
	ck_assert_uint_eq(st->gpu.regs[0x067], 0x55);
	ck_assert_uint_eq(st->gpu.regs[0x068], 0x44);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_GPU_FAULT), 0);
	ck_gl_error(GL_NO_ERROR);
	nngxShimFreeMemory(sub_a);
	nngxShimFreeMemory(sub_b);
}
END_TEST

/* The padding for each position of the list modulo 16 bytes: the call
 * takes 32 bytes, 36 to 44 with the padding, its return point (ADDR1)
 * is the end of the call and 16-byte aligned, and a list that left a
 * word open (4 or 12 bytes: the value of an unfinished command) still
 * runs the subroutine and the commands after the call. */
START_TEST(test_padding_aligns_the_return_point)
{
	static const struct {
		GLsizei lead, call;
	} rows[] = { { 0, 32 }, { 4, 44 }, { 8, 40 }, { 12, 36 } };
	struct nngx_state *st;
	const struct nngx_cmdlist *l;
	uint32_t *sub, lead[4], after[2];
	GLsizei bytes;
	size_t r;

	fx_reset();
	st = nngx_state_get();
	fx_list(4096, 8);
	l = current();
	pica_cmd_init(&cmd);
	pica_cmd_reg(&cmd, 0x066, 0x11);
	sub = subroutine(&cmd, true, &bytes);
	pica_cmd_init(&cmd);
	pica_cmd_reg(&cmd, 0x065, 1);
	lead[0] = cmd.w[0];
	lead[1] = cmd.w[1];
	lead[2] = 0x77;                                 /* an open word */
	pica_cmd_init(&cmd);
	pica_cmd_reg(&cmd, 0x067, 0x33);
	memcpy(after, cmd.w, sizeof after);
	for (r = 0; r < sizeof rows / sizeof rows[0]; r++) {
		uint32_t ret;

		nngxClearCmdlist();
		st->gpu.regs[0x066] = st->gpu.regs[0x067] = 0;
		/* 4 bytes: the open word alone; 12: a command and the word. */
		if (rows[r].lead)
			nngxAdd3DCommand(rows[r].lead == 4 ? lead + 2 : lead, rows[r].lead, GL_TRUE);
		nngxAddSubroutineCommand(sub, bytes);
		ck_assert_msg(fx_used_bytes() == rows[r].lead + rows[r].call, "row %zu: size", r);
		ret = l->phys + (uint32_t)(rows[r].lead + rows[r].call);
		ck_assert_msg(ret % 16 == 0, "row %zu: alignment", r);
		ck_assert_msg(l->words[(rows[r].lead + rows[r].call) / 4 - 4] == ret >> 3,
			      "row %zu: return point", r);
		nngxAdd3DCommand(after, 8, GL_TRUE);
		run_list();
		ck_assert_msg(st->gpu.regs[0x066] == 0x11, "row %zu: subroutine", r);
		ck_assert_msg(st->gpu.regs[0x067] == 0x33, "row %zu: return", r);
	}
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_GPU_FAULT), 0);
	ck_gl_error(GL_NO_ERROR);
	nngxShimFreeMemory(sub);
}
END_TEST

/* nngxFlush3DCommandPartially: a request that ends between the call's
 * register writes and its kick leaves the return size to the request
 * holding the kick (the rest of it); one that ends at the call's end
 * gives size 0, and the commands after run in the next request. */
START_TEST(test_partial_flush_leaves_the_return_to_the_kick)
{
	static const GLsizei cut[] = { 24, 32 };
	static const uint32_t size[] = { 8 >> 3, 0 };
	struct nngx_state *st;
	const struct nngx_cmdlist *l;
	uint32_t *sub, after[2];
	GLsizei bytes;
	size_t r;

	fx_reset();
	st = nngx_state_get();
	fx_list(4096, 8);
	l = current();
	pica_cmd_init(&cmd);
	pica_cmd_reg(&cmd, 0x066, 0x11);
	sub = subroutine(&cmd, true, &bytes);
	pica_cmd_init(&cmd);
	pica_cmd_reg(&cmd, 0x067, 0x33);
	memcpy(after, cmd.w, sizeof after);
	for (r = 0; r < 2; r++) {
		nngxClearCmdlist();
		st->gpu.regs[0x066] = st->gpu.regs[0x067] = 0;
		nngxAddSubroutineCommand(sub, bytes);
		nngxAdd3DCommand(after, 8, GL_TRUE);
		l->words[2] = 0xBAD;
		nngxFlush3DCommandPartially(cut[r]);
		ck_assert_msg(l->call_open == (r == 0), "row %zu: open after the cut", r);
		nngxFlush3DCommand();
		ck_assert_int_eq(list_param(NN_GX_CMDLIST_USED_REQCOUNT), 2);
		ck_assert_msg(l->words[2] == size[r], "row %zu: return size", r);
		nngxRunCmdlist();
		nngxWaitCmdlistDone();
		ck_assert_msg(st->gpu.regs[0x066] == 0x11, "row %zu: subroutine", r);
		ck_assert_msg(st->gpu.regs[0x067] == 0x33, "row %zu: after", r);
	}
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_GPU_FAULT), 0);
	ck_gl_error(GL_NO_ERROR);
	nngxShimFreeMemory(sub);
}
END_TEST

/* A subroutine without the return kick ends the request there: the
 * commands after the call do not run; no fault, and the list's next
 * request runs as usual. */
START_TEST(test_missing_return_ends_the_request)
{
	struct nngx_state *st;
	uint32_t *sub;
	GLsizei bytes;

	fx_reset();
	st = nngx_state_get();
	fx_list(4096, 8);
	pica_cmd_init(&cmd);
	pica_cmd_reg(&cmd, 0x066, 0x11);
	sub = subroutine(&cmd, false, &bytes);
	nngxAddSubroutineCommand(sub, bytes);
	pica_cmd_init(&cmd);
	pica_cmd_reg(&cmd, 0x067, 0x22);
	nngxAdd3DCommand(cmd.w, 8, GL_TRUE);
	run_list();
	ck_assert_uint_eq(st->gpu.regs[0x066], 0x11);
	ck_assert_uint_eq(st->gpu.regs[0x067], 0);
	ck_assert(!nngxGetIsRunning());

	pica_cmd_init(&cmd);
	pica_cmd_reg(&cmd, 0x068, 0x33);
	nngxAdd3DCommand(cmd.w, 8, GL_TRUE);
	run_list();
	ck_assert_uint_eq(st->gpu.regs[0x068], 0x33);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_GPU_FAULT), 0);
	ck_gl_error(GL_NO_ERROR);
	nngxShimFreeMemory(sub);
}
END_TEST

/* A call that ends its request returns with size 0: nothing more runs,
 * and no fault even when the return point is the end of the list's
 * memory. */
START_TEST(test_call_at_the_end_of_the_buffer_returns_to_nothing)
{
	struct nngx_state *st;
	uint32_t *sub;
	GLsizei bytes;

	fx_reset();
	st = nngx_state_get();
	fx_list(32, 2);
	pica_cmd_init(&cmd);
	pica_cmd_reg(&cmd, 0x066, 0x11);
	sub = subroutine(&cmd, true, &bytes);
	nngxAddSubroutineCommand(sub, bytes);
	ck_assert_int_eq(fx_used_bytes(), 32);
	run_list();
	ck_assert_uint_eq(current()->words[2], 0);
	ck_assert_uint_eq(st->gpu.regs[0x066], 0x11);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_GPU_FAULT), 0);
	ck_gl_error(GL_NO_ERROR);
	nngxShimFreeMemory(sub);
}
END_TEST

/* A call inside a subroutine: channel 1 has no stack, so the inner call
 * points it at the outer subroutine's own return point, and the outer
 * return kick comes back there again and again: the command processor
 * stops the request at its bound on kicks (GPU_FAULT), the commands
 * after the call do not run, and the list goes on. */
START_TEST(test_nested_call_is_stopped_by_the_kick_bound)
{
	struct nngx_state *st;
	uint32_t *inner, *outer, outer_phys, values[4];
	GLsizei inner_bytes;

	fx_reset();
	st = nngx_state_get();
	fx_list(4096, 8);
	pica_cmd_init(&cmd);
	pica_cmd_reg(&cmd, 0x066, 0x11);
	inner = subroutine(&cmd, true, &inner_bytes);

	/* outer: the call by hand (channel 0 to `inner`, channel 1 to word
	 * 8 of outer), then a write and the return kick. */
	outer = nngxShimAllocMemory(NN_GX_MEM_FCRAM, 64);
	ck_assert_ptr_nonnull(outer);
	outer_phys = nngx_block_phys(st, outer, 64);
	values[0] = (uint32_t)inner_bytes >> 3;
	values[1] = 16 >> 3;
	values[2] = nngx_block_phys(st, inner, (uint32_t)inner_bytes) >> 3;
	values[3] = (outer_phys + 32) >> 3;
	pica_cmd_init(&cmd);
	pica_cmd_regs(&cmd, 0x238, values, 4, true);
	pica_cmd_reg(&cmd, 0x23C, 1);
	pica_cmd_reg(&cmd, 0x069, 0x22);
	pica_cmd_reg(&cmd, 0x23D, 1);
	ck_assert_uint_eq(cmd.n, 12);
	memset(outer, 0, 64);
	memcpy(outer, cmd.w, cmd.n * 4);

	nngxAddSubroutineCommand(outer, 64);
	pica_cmd_init(&cmd);
	pica_cmd_reg(&cmd, 0x067, 0x33);
	nngxAdd3DCommand(cmd.w, 8, GL_TRUE);
	run_list();
	ck_assert_uint_eq(st->gpu.regs[0x066], 0x11);
	ck_assert_uint_eq(st->gpu.regs[0x069], 0x22);
	ck_assert_uint_eq(st->gpu.regs[0x067], 0);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_GPU_FAULT), 1);
	ck_assert(!nngxGetIsRunning());
	ck_gl_error(GL_NO_ERROR);

	nngxAdd3DCommand(cmd.w, 8, GL_TRUE);
	run_list();
	ck_assert_uint_eq(st->gpu.regs[0x067], 0x33);
	nngxShimFreeMemory(inner);
	nngxShimFreeMemory(outer);
}
END_TEST

/* The state a refused call must leave alone: the list's use, words and
 * open call. */
struct list_state {
	GLint used, reqs;
	uint32_t words[64];
	bool call_open;
	size_t call_size_word, call_ret;
	struct tu_snapshot snap;
};

static void list_state_take(struct list_state *s)
{
	const struct nngx_cmdlist *l = current();

	/* The parameters only with a list (no GL error, no diagnostic). */
	s->used = l ? list_param(NN_GX_CMDLIST_USED_BUFSIZE) : -1;
	s->reqs = l ? list_param(NN_GX_CMDLIST_USED_REQCOUNT) : -1;
	memset(s->words, 0, sizeof s->words);
	s->call_open = l && l->call_open;
	s->call_size_word = l ? l->call_size_word : 0;
	s->call_ret = l ? l->call_ret : 0;
	if (l)
		memcpy(s->words, l->words, l->cap_words * 4 < sizeof s->words
		       ? l->cap_words * 4 : sizeof s->words);
	tu_snapshot_take(&s->snap);
}

static void list_state_assert_same(const struct list_state *s)
{
	struct list_state now;

	list_state_take(&now);
	ck_assert_int_eq(now.used, s->used);
	ck_assert_int_eq(now.reqs, s->reqs);
	ck_assert(memcmp(now.words, s->words, sizeof s->words) == 0);
	ck_assert(now.call_open == s->call_open);
	ck_assert_uint_eq(now.call_size_word, s->call_size_word);
	ck_assert_uint_eq(now.call_ret, s->call_ret);
	tu_snapshot_assert_same(&s->snap);
}

/* Each refused call: its diagnostic (no GL error; a full buffer records
 * GL_ERROR_COMMANDBUFFER_FULL_DMP), and nothing else changes. A list
 * that is running takes calls (it accumulates, as in the SDK). */
START_TEST(test_refused_calls_change_nothing)
{
	static const struct {
		int what;               /* the case, see the switch */
		nngxShimDiagId diag;
		GLenum error;
	} rows[] = {
		{ 0, NNGX_SHIM_DIAG_SUBROUTINE_REJECTED, GL_NO_ERROR },   /* NULL */
		{ 1, NNGX_SHIM_DIAG_SUBROUTINE_REJECTED, GL_NO_ERROR },   /* address + 8 */
		{ 2, NNGX_SHIM_DIAG_SUBROUTINE_REJECTED, GL_NO_ERROR },   /* size 0 */
		{ 3, NNGX_SHIM_DIAG_SUBROUTINE_REJECTED, GL_NO_ERROR },   /* size -16 */
		{ 4, NNGX_SHIM_DIAG_SUBROUTINE_REJECTED, GL_NO_ERROR },   /* size 24 */
		{ 5, NNGX_SHIM_DIAG_MEMORY_NOT_SIMULATED, GL_NO_ERROR },  /* past the block */
		{ 6, NNGX_SHIM_DIAG_MEMORY_NOT_SIMULATED, GL_NO_ERROR },  /* host memory */
		{ 7, NNGX_SHIM_DIAG_CMDLIST_NONE, GL_NO_ERROR },          /* no list */
		{ 8, NNGX_SHIM_DIAG_CMDLIST_NO_STORAGE, GL_NO_ERROR },    /* no storage */
		{ 9, NNGX_SHIM_DIAG_CMDLIST_FULL, GL_ERROR_COMMANDBUFFER_FULL_DMP }, /* 32 left */
		{ 10, NNGX_SHIM_DIAG_SUBROUTINE_REJECTED, GL_NO_ERROR },  /* 16 MiB */
	};
	static uint8_t host_bytes[64 + 16];
	uint8_t *host = (uint8_t *)(((uintptr_t)host_bytes + 15) & ~(uintptr_t)15);
	struct list_state before;
	GLuint list, bare, small;
	uint32_t *sub;
	size_t r;

	fx_reset();
	sub = nngxShimAllocMemory(NN_GX_MEM_FCRAM, 32);
	ck_assert_ptr_nonnull(sub);
	nngxGenCmdlists(1, &bare);
	nngxGenCmdlists(1, &small);
	nngxBindCmdlist(small);
	nngxCmdlistStorage(72, 4);
	nngxAddSubroutineCommand(sub, 16);              /* an open call */
	nngxAdd3DCommand(sub, 8, GL_TRUE);              /* 32 bytes left: the call pads to 40 */
	ck_assert(current()->call_open);
	list = fx_list(4096, 8);
	nngxAdd3DCommand(sub, 16, GL_TRUE);
	nngxAddSubroutineCommand(sub, 16);              /* an open call */
	ck_assert(current()->call_open);
	ck_gl_error(GL_NO_ERROR);
	for (r = 0; r < sizeof rows / sizeof rows[0]; r++) {
		GLuint said = nngxShimGetDiagCount(rows[r].diag);

		nngxBindCmdlist(rows[r].what == 7 ? 0 : rows[r].what == 8 ? bare
				: rows[r].what == 9 ? small : list);
		list_state_take(&before);
		switch (rows[r].what) {
		case 0: nngxAddSubroutineCommand(NULL, 16); break;
		case 1: nngxAddSubroutineCommand((const uint8_t *)sub + 8, 16); break;
		case 2: nngxAddSubroutineCommand(sub, 0); break;
		case 3: nngxAddSubroutineCommand(sub, -16); break;
		case 4: nngxAddSubroutineCommand(sub, 24); break;
		case 5: nngxAddSubroutineCommand(sub, 64); break;
		case 6: nngxAddSubroutineCommand(host, 16); break;
		case 10: nngxAddSubroutineCommand(sub, 0x1000000); break;
		default: nngxAddSubroutineCommand(sub, 16); break;
		}
		ck_assert_msg(glGetError() == rows[r].error, "row %zu: GL error", r);
		ck_assert_msg(nngxShimGetDiagCount(rows[r].diag) == said + 1, "row %zu: diagnostic",
			      r);
		list_state_assert_same(&before);
	}
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_GPU_FAULT), 0);

	/* Running: accepted, as any command added to a running list. */
	nngxBindCmdlist(list);
	pica_cmd_init(&cmd);
	pica_cmd_reg(&cmd, 0x069, 7);
	nngxAdd3DCommand(cmd.w, 8, GL_TRUE);
	nngxFlush3DCommand();
	nngxRunCmdlist();
	ck_assert(nngxGetIsRunning());
	nngxAddSubroutineCommand(sub, 16);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_int_eq(fx_used_bytes(), 16 + 32 + 8 + 8 + 32);
	nngxWaitCmdlistDone();
	nngxShimFreeMemory(sub);
}
END_TEST

/* Clearing the list, copying into it or moving its pointer back into a
 * call forgets it: a later flush writes no return size into the words
 * that replaced it. */
START_TEST(test_discarded_calls_are_forgotten)
{
	const struct nngx_cmdlist *l;
	uint32_t *sub, fill[8];
	GLsizei bytes;
	GLuint src, dst;
	unsigned k;

	fx_reset();
	fx_list(4096, 8);
	pica_cmd_init(&cmd);
	pica_cmd_reg(&cmd, 0x066, 0x11);
	sub = subroutine(&cmd, true, &bytes);
	l = current();
	for (k = 0; k < 8; k++)
		fill[k] = 0xC0DE0000u + k;

	nngxAddSubroutineCommand(sub, bytes);
	nngxClearCmdlist();
	nngxAdd3DCommand(fill, 32, GL_TRUE);
	nngxAdd3DCommand(fill, 32, GL_TRUE);
	nngxFlush3DCommand();
	ck_assert_uint_eq(l->words[2], fill[2]);

	nngxClearCmdlist();
	nngxAdd3DCommand(fill, 32, GL_TRUE);
	nngxAddSubroutineCommand(sub, bytes);
	nngxMoveCommandbufferPointer(-32);
	nngxAdd3DCommand(fill, 32, GL_TRUE);
	nngxAdd3DCommand(fill, 32, GL_TRUE);
	nngxFlush3DCommand();
	ck_assert_uint_eq(l->words[8 + 2], fill[2]);

	/* Moving forward over commands written in place keeps the call: its
	 * return runs over them. */
	nngxClearCmdlist();
	nngxAddSubroutineCommand(sub, bytes);
	memcpy(l->words + 8, fill, 16);
	nngxMoveCommandbufferPointer(16);
	nngxFlush3DCommand();
	ck_assert_uint_eq(l->words[2], 16 >> 3);
	/* So does moving back to the end of the call, not into it. */
	nngxClearCmdlist();
	nngxAddSubroutineCommand(sub, bytes);
	nngxAdd3DCommand(fill, 16, GL_TRUE);
	nngxMoveCommandbufferPointer(-16);
	nngxAdd3DCommand(fill, 8, GL_TRUE);
	nngxFlush3DCommand();
	ck_assert_uint_eq(l->words[2], 8 >> 3);

	/* nngxClearFillCmdlist, and nngxCopyCmdlist into a list that has an
	 * open call, forget it too. */
	nngxClearCmdlist();
	nngxAddSubroutineCommand(sub, bytes);
	nngxClearFillCmdlist(0xF111F111u);
	nngxAdd3DCommand(fill, 32, GL_TRUE);
	nngxAdd3DCommand(fill, 32, GL_TRUE);
	nngxFlush3DCommand();
	ck_assert_uint_eq(l->words[2], fill[2]);

	nngxClearCmdlist();
	nngxAddSubroutineCommand(sub, bytes);
	dst = nngx_cmdlist_current(nngx_state_get())->name;
	src = fx_list(4096, 8);
	nngxAdd3DCommand(fill, 32, GL_TRUE);
	nngxAdd3DCommand(fill, 32, GL_TRUE);
	nngxFlush3DCommand();
	nngxCopyCmdlist(src, dst);
	nngxBindCmdlist(dst);
	nngxAdd3DCommand(fill, 32, GL_TRUE);
	nngxFlush3DCommand();
	ck_assert_uint_eq(l->words[2], fill[2]);
	ck_gl_error(GL_NO_ERROR);
	nngxShimFreeMemory(sub);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("subroutine");
	TCase *tc = tcase_create("subroutine");

	tcase_add_test(tc, test_draw_called_n_times_counts_n_direct_draws);
	tcase_add_test(tc, test_return_runs_the_rest_of_the_request);
	tcase_add_test(tc, test_return_ends_at_the_next_kick);
	tcase_add_test(tc, test_padding_aligns_the_return_point);
	tcase_add_test(tc, test_partial_flush_leaves_the_return_to_the_kick);
	tcase_add_test(tc, test_missing_return_ends_the_request);
	tcase_add_test(tc, test_call_at_the_end_of_the_buffer_returns_to_nothing);
	tcase_add_test(tc, test_nested_call_is_stopped_by_the_kick_bound);
	tcase_add_test(tc, test_refused_calls_change_nothing);
	tcase_add_test(tc, test_discarded_calls_are_forgotten);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
