/* check_raw.c: the Raw API (gx_CTRRaw.h) on program-owned command lists:
 * storage and the state getters, running a draw (the same counters as a
 * bound list), the transfers, callbacks, the error codes (each changing
 * nothing else) and lists that are NULL, never set up or ended. */
#include <stdlib.h>
#include <string.h>

#include <nn/gx/CTR/gx_CTRRaw.h>

#include "pica_cmd.h"
#include "shader_asm.h"
#include "test_util.h"

#define RAW_BUFFER_BYTES 4096
#define RAW_REQUESTS 8

static struct pica_cmd cmd;

/* The program's side of one Raw list. */
struct raw {
	nngxCommandList list;
	GLvoid *buffer;                 /* simulated FCRAM */
	void *requests;                 /* host memory */
};

static const float triangle_pair[] = {
	-0.5f, -0.5f, -0.5f,   0.5f, -0.5f, -0.5f,   0.0f, 0.5f, -0.5f,
	-0.5f,  0.5f, -0.5f,   0.5f,  0.5f, -0.5f,   0.0f, 0.9f, -0.5f,
};

/* Vertices where the simulated GPU reads them, and the commands of one
 * draw of them (mov o0, v0; end) in `cmd`. */
static void build_draw(void)
{
	struct hw_memory *mem = &nngx_state_get()->gpu.memory;
	uint32_t base = hw_memory_alloc(mem, HW_AREA_VRAM_B, sizeof triangle_pair);
	struct shader_asm a;
	struct hw_shader_state prog;

	memcpy(hw_memory_host(mem, base, sizeof triangle_pair), triangle_pair,
	       sizeof triangle_pair);
	ck_assert(asm_passthrough(&a, &prog));
	pica_cmd_init(&cmd);
	pica_cmd_triangle_draw(&cmd, &prog, a.ncode, a.nopdesc, base);
	if (cmd.n % 2)
		pica_cmd_reg(&cmd, 0x04F, 1);   /* whole 8-byte units */
}

static void raw_make(struct raw *r, GLsizei bytes, GLsizei requests)
{
	GLsizei need = nngxGetCommandRequestSizeRaw(requests);

	ck_assert_int_gt(need, 0);
	r->buffer = nngxShimAllocMemory(NN_GX_MEM_FCRAM, bytes);
	ck_assert_ptr_nonnull(r->buffer);
	r->requests = calloc(1, (size_t)need);    /* compared byte for byte */
	ck_assert_ptr_nonnull(r->requests);
	memset(&r->list, 0xA5, sizeof r->list);
	nngxCmdlistStorageRaw(&r->list, bytes, r->buffer, requests, r->requests);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	ck_assert_int_eq(nngxGetMaxBufferSizeRaw(&r->list), bytes / 4 * 4);
}

static void raw_free(struct raw *r)
{
	free(r->requests);
	r->requests = NULL;
}

static void raw_add_draw(struct raw *r)
{
	build_draw();
	nngxAdd3DCommandNoCacheFlushRaw(&r->list, cmd.w, (GLsizei)(cmd.n * 4));
	nngxFlush3DCommandNoCacheFlushRaw(&r->list);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
}

/* ---- storage and getters ---------------------------------------------------- */

START_TEST(test_raw_storage_sets_up_an_empty_list)
{
	struct raw r;

	tu_reset();
	raw_make(&r, RAW_BUFFER_BYTES, RAW_REQUESTS);
	ck_assert_int_eq(nngxGetMaxBufferSizeRaw(&r.list), RAW_BUFFER_BYTES);
	ck_assert_int_eq(nngxGetMaxRequestCountRaw(&r.list), RAW_REQUESTS);
	ck_assert_int_eq(nngxGetUsedBufferSizeRaw(&r.list), 0);
	ck_assert_int_eq(nngxGetUsedRequestCountRaw(&r.list), 0);
	ck_assert_int_eq(nngxGetRunBufferSizeRaw(&r.list), 0);
	ck_assert_int_eq(nngxGetRunRequestCountRaw(&r.list), 0);
	ck_assert_ptr_eq(nngxGetTopBufferAddrRaw(&r.list), r.buffer);
	ck_assert_ptr_eq(nngxGetTopRequestAddrRaw(&r.list), r.requests);
	ck_assert_ptr_eq(nngxGetCurrentBufferAddrRaw(&r.list), r.buffer);
	ck_assert_uint_eq(nngxGetNextRequestTypeRaw(&r.list), 0);
	ck_assert_ptr_null(nngxGetNextBufferAddrRaw(&r.list));
	ck_assert_int_eq(nngxGetNextBufferSizeRaw(&r.list), 0);
	ck_assert(!nngxGetIsRunningRaw(&r.list));
	/* A Raw list is not bound and binds nothing. */
	{
		GLint bound = -1;
		nngxGetCmdlistParameteri(NN_GX_CMDLIST_BINDING, &bound);
		ck_assert_int_eq(bound, 0);
	}
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_RAW_CMDLIST_INVALID), 0);
	raw_free(&r);
}
END_TEST

START_TEST(test_raw_request_size_grows_with_the_count)
{
	GLsizei one, two;

	tu_reset();
	one = nngxGetCommandRequestSizeRaw(1);
	two = nngxGetCommandRequestSizeRaw(2);
	ck_assert_int_gt(nngxGetCommandRequestSizeRaw(0), 0);
	ck_assert_int_gt(one, nngxGetCommandRequestSizeRaw(0));
	ck_assert_int_eq(two - one, one - nngxGetCommandRequestSizeRaw(0));
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_ARGUMENT), 0);
	ck_assert_int_eq(nngxGetCommandRequestSizeRaw(-1), 0);
	ck_assert_int_eq(nngxGetCommandRequestSizeRaw(0x7FFFFFFF), 0);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_ARGUMENT), 2);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
}
END_TEST

/* The request memory need only be 4-aligned (the SDK's rule). */
START_TEST(test_raw_request_memory_four_aligned_is_enough)
{
	struct raw r;
	char *block;
	GLsizei need;

	tu_reset();
	need = nngxGetCommandRequestSizeRaw(RAW_REQUESTS);
	block = malloc((size_t)need + 4);
	ck_assert_ptr_nonnull(block);
	r.buffer = nngxShimAllocMemory(NN_GX_MEM_FCRAM, RAW_BUFFER_BYTES);
	r.requests = block + 4;
	memset(&r.list, 0, sizeof r.list);
	nngxCmdlistStorageRaw(&r.list, RAW_BUFFER_BYTES, r.buffer, RAW_REQUESTS, r.requests);
	ck_assert_ptr_eq(nngxGetTopRequestAddrRaw(&r.list), block + 4);
	raw_add_draw(&r);
	ck_assert_int_eq(nngxGetUsedRequestCountRaw(&r.list), 1);
	nngxRunCmdlistRaw(&r.list);
	nngxWaitCmdlistDone();
	ck_assert_int_eq(nngxGetRunRequestCountRaw(&r.list), 1);
	free(block);
}
END_TEST

/* Memory the GPU cannot read, misaligned or missing pieces: a diagnostic,
 * no GL error, the object not set up. */
START_TEST(test_raw_storage_refuses_unusable_memory)
{
	static uint32_t host_buffer[64];
	nngxCommandList list;
	char *fcram;
	void *req;

	tu_reset();
	req = malloc((size_t)nngxGetCommandRequestSizeRaw(4));
	fcram = nngxShimAllocMemory(NN_GX_MEM_FCRAM, 256);
	memset(&list, 0, sizeof list);
	nngxCmdlistStorageRaw(&list, sizeof host_buffer, host_buffer, 4, req);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_MEMORY_NOT_SIMULATED), 1);
	nngxCmdlistStorageRaw(&list, 512, fcram, 4, req);        /* past the block */
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_MEMORY_NOT_SIMULATED), 2);
	nngxCmdlistStorageRaw(&list, 128, fcram + 8, 4, req);    /* not 16-aligned */
	nngxCmdlistStorageRaw(&list, 256, fcram, 4, (char *)req + 2);
	nngxCmdlistStorageRaw(&list, 256, NULL, 4, req);
	nngxCmdlistStorageRaw(&list, 256, fcram, 4, NULL);
	nngxCmdlistStorageRaw(&list, 0, fcram, 4, req);
	nngxCmdlistStorageRaw(&list, 256, fcram, 0, req);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_ARGUMENT), 6);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	ck_assert_int_eq(nngxGetMaxBufferSizeRaw(&list), 0);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_RAW_CMDLIST_INVALID), 1);
	free(req);
}
END_TEST

/* ---- running: the same work as a bound list -------------------------------------- */

struct counts {
	GLuint poly[NN_GX_PROFILING_RESULT_BUFSIZE_POLYGON];
	GLuint frag[NN_GX_PROFILING_RESULT_BUFSIZE_FRAGMENT];
	GLuint mem[NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS];
	GLuint vs[NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_SHADER0];
	GLuint64EXT clocks;
};

static void counts_take(struct counts *c, GLuint64EXT from)
{
	nngxGetProfilingResult(NN_GX_PROFILING_POLYGON, c->poly);
	nngxGetProfilingResult(NN_GX_PROFILING_FRAGMENT, c->frag);
	nngxGetProfilingResult(NN_GX_PROFILING_MEMORY_ACCESS, c->mem);
	nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_SHADER0, c->vs);
	c->clocks = nngxShimGetClock() - from;
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
}

START_TEST(test_raw_run_moves_the_counters_as_a_bound_list_does)
{
	struct counts bound, raw;
	struct raw r;
	GLuint list;
	GLuint64EXT from;

	tu_reset();
	nngxGenCmdlists(1, &list);
	nngxBindCmdlist(list);
	nngxCmdlistStorage(RAW_BUFFER_BYTES, RAW_REQUESTS);
	build_draw();
	nngxAdd3DCommand(cmd.w, (GLsizei)(cmd.n * 4), GL_TRUE);
	nngxFlush3DCommand();
	from = nngxShimGetClock();
	nngxRunCmdlist();
	nngxWaitCmdlistDone();
	counts_take(&bound, from);
	ck_assert_uint_eq(bound.poly[1], 2);

	tu_reset();
	raw_make(&r, RAW_BUFFER_BYTES, RAW_REQUESTS);
	raw_add_draw(&r);
	from = nngxShimGetClock();
	nngxRunCmdlistRaw(&r.list);
	ck_assert(nngxGetIsRunningRaw(&r.list));
	ck_assert(nngxGetIsRunning());
	nngxWaitCmdlistDone();
	ck_assert(!nngxGetIsRunningRaw(&r.list));
	counts_take(&raw, from);
	ck_assert_mem_eq(raw.poly, bound.poly, sizeof raw.poly);
	ck_assert_mem_eq(raw.frag, bound.frag, sizeof raw.frag);
	ck_assert_mem_eq(raw.mem, bound.mem, sizeof raw.mem);
	ck_assert_mem_eq(raw.vs, bound.vs, sizeof raw.vs);
	ck_assert_uint_eq(raw.clocks, bound.clocks);
	raw_free(&r);
}
END_TEST

/* "Running" is per list: the list run last, while the GPU is busy. */
START_TEST(test_raw_running_is_the_list_run_last)
{
	struct raw a, b;
	GLuint list;

	tu_reset();
	raw_make(&a, RAW_BUFFER_BYTES, RAW_REQUESTS);
	raw_make(&b, RAW_BUFFER_BYTES, RAW_REQUESTS);
	raw_add_draw(&a);
	raw_add_draw(&b);
	nngxRunCmdlistRaw(&a.list);
	ck_assert(nngxGetIsRunningRaw(&a.list));
	ck_assert(!nngxGetIsRunningRaw(&b.list));
	nngxClearCmdlistRaw(&b.list);               /* allowed: b is not running */
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	ck_assert_int_eq(nngxGetUsedRequestCountRaw(&b.list), 0);
	nngxWaitCmdlistDone();
	/* A bound list running is not a Raw list running. */
	nngxGenCmdlists(1, &list);
	nngxBindCmdlist(list);
	nngxCmdlistStorage(RAW_BUFFER_BYTES, RAW_REQUESTS);
	build_draw();
	nngxAdd3DCommand(cmd.w, (GLsizei)(cmd.n * 4), GL_TRUE);
	nngxFlush3DCommand();
	nngxRunCmdlist();
	ck_assert(nngxGetIsRunning());
	ck_assert(!nngxGetIsRunningRaw(&a.list));
	nngxClearCmdlistRaw(&a.list);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	nngxWaitCmdlistDone();
	raw_free(&a);
	raw_free(&b);
}
END_TEST

/* Commands written where nngxGetCurrentBufferAddrRaw points, then taken
 * in with nngxMoveCommandbufferPointerRaw, run as added ones do. */
START_TEST(test_raw_written_commands_run_after_the_pointer_moves)
{
	GLuint poly[NN_GX_PROFILING_RESULT_BUFSIZE_POLYGON];
	struct raw r;

	tu_reset();
	raw_make(&r, RAW_BUFFER_BYTES, RAW_REQUESTS);
	build_draw();
	memcpy(nngxGetCurrentBufferAddrRaw(&r.list), cmd.w, cmd.n * 4);
	nngxMoveCommandbufferPointerRaw(&r.list, (GLint)(cmd.n * 4));
	ck_assert_int_eq(nngxGetUsedBufferSizeRaw(&r.list), (GLsizei)(cmd.n * 4));
	ck_assert_ptr_eq(nngxGetCurrentBufferAddrRaw(&r.list), (char *)r.buffer + cmd.n * 4);
	nngxSplitDrawCmdlistRaw(&r.list);
	ck_assert_uint_eq(nngxGetNextRequestTypeRaw(&r.list), NN_GX_CMDLIST_REQTYPE_RUN3D);
	ck_assert_ptr_eq(nngxGetNextBufferAddrRaw(&r.list), r.buffer);
	ck_assert_int_eq(nngxGetNextBufferSizeRaw(&r.list), (GLsizei)(cmd.n * 4));
	nngxRunCmdlistRaw(&r.list);
	nngxWaitCmdlistDone();
	ck_assert_int_eq(nngxGetRunRequestCountRaw(&r.list), 1);
	ck_assert_int_eq(nngxGetRunBufferSizeRaw(&r.list), (GLsizei)(cmd.n * 4));
	ck_assert_uint_eq(nngxGetNextRequestTypeRaw(&r.list), 0);
	nngxGetProfilingResult(NN_GX_PROFILING_POLYGON, poly);
	ck_assert_uint_eq(poly[1], 2);
	/* A move by an odd offset is refused. */
	nngxMoveCommandbufferPointerRaw(&r.list, 2);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_ARGUMENT), 1);
	ck_assert_int_eq(nngxGetUsedBufferSizeRaw(&r.list), (GLsizei)(cmd.n * 4));
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	raw_free(&r);
}
END_TEST

START_TEST(test_raw_flush_partially_and_clear)
{
	uint32_t words[8] = { 1, 0x000F004F, 1, 0x000F004F, 1, 0x000F004F, 1, 0x000F004F };
	struct raw r;
	uint32_t *w;
	size_t i;

	tu_reset();
	raw_make(&r, 64, RAW_REQUESTS);
	nngxAdd3DCommandNoCacheFlushRaw(&r.list, words, 32);
	nngxFlush3DCommandPartiallyRaw(&r.list, 8);
	ck_assert_int_eq(nngxGetUsedRequestCountRaw(&r.list), 1);
	ck_assert_int_eq(nngxGetNextBufferSizeRaw(&r.list), 8);
	nngxFlush3DCommandPartiallyRaw(&r.list, 32);            /* more than is left */
	nngxFlush3DCommandPartiallyRaw(&r.list, 12);            /* not a multiple of 8 */
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_ARGUMENT), 2);
	nngxSplitDrawCmdlistRaw(&r.list);
	ck_assert_int_eq(nngxGetUsedRequestCountRaw(&r.list), 2);
	nngxSplitDrawCmdlistRaw(&r.list);                       /* nothing new */
	ck_assert_int_eq(nngxGetUsedRequestCountRaw(&r.list), 2);
	nngxClearCmdlistRaw(&r.list);
	ck_assert_int_eq(nngxGetUsedBufferSizeRaw(&r.list), 0);
	ck_assert_int_eq(nngxGetUsedRequestCountRaw(&r.list), 0);
	nngxClearFillCmdlistRaw(&r.list, 0xDEADBEEF);
	w = r.buffer;
	for (i = 0; i < 16; i++)
		ck_assert_uint_eq(w[i], 0xDEADBEEF);
	ck_assert_int_eq(nngxGetUsedBufferSizeRaw(&r.list), 0);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	raw_free(&r);
}
END_TEST

/* ---- transfers ---------------------------------------------------------------------- */

START_TEST(test_raw_fill_and_dma_do_their_work)
{
	struct raw r;
	uint32_t *vram, *src, *dst;
	size_t i;

	tu_reset();
	raw_make(&r, RAW_BUFFER_BYTES, RAW_REQUESTS);
	vram = nngxShimAllocMemory(NN_GX_MEM_VRAMA, 256);
	src = nngxShimAllocMemory(NN_GX_MEM_FCRAM, 64);
	dst = nngxShimAllocMemory(NN_GX_MEM_VRAMB, 64);
	for (i = 0; i < 16; i++)
		src[i] = (uint32_t)i * 0x01010101u;
	nngxAddMemoryFillCommandRaw(&r.list, vram, 256, 0x11223344, 32, NULL, 0, 0, 0);
	nngxAddVramDmaCommandNoCacheFlushRaw(&r.list, src, dst, 64);
	nngxAddVramDmaCommandNoCacheFlushRaw(&r.list, src, dst, 0);      /* nothing */
	nngxAddMemoryFillCommandRaw(&r.list, NULL, 0, 0, 0, NULL, 0, 0, 0); /* nothing */
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	ck_assert_int_eq(nngxGetUsedRequestCountRaw(&r.list), 2);
	ck_assert_uint_eq(nngxGetNextRequestTypeRaw(&r.list), NN_GX_CMDLIST_REQTYPE_FILLMEM);
	ck_assert_ptr_null(nngxGetNextBufferAddrRaw(&r.list));
	ck_assert_uint_eq(vram[0], 0);
	nngxRunCmdlistRaw(&r.list);
	nngxWaitCmdlistDone();
	for (i = 0; i < 64; i++)
		ck_assert_uint_eq(vram[i], 0x11223344);
	ck_assert_mem_eq(dst, src, 64);
	/* Main memory is out of the fill engine's reach; host memory out of
	 * the model's. */
	nngxAddMemoryFillCommandRaw(&r.list, src, 64, 0, 32, NULL, 0, 0, 0);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_ARGUMENT), 1);
	nngxAddVramDmaCommandNoCacheFlushRaw(&r.list, NULL, dst, 16);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_MEMORY_NOT_SIMULATED), 1);
	ck_assert_int_eq(nngxGetUsedRequestCountRaw(&r.list), 2);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	raw_free(&r);
}
END_TEST

/* The Raw fill takes VRAM window addresses as the bound one does: a whole
 * bank by nngxGetVramStartAddr clears every buffer in it; a range past
 * the bank's end is refused. */
START_TEST(test_raw_fill_of_a_whole_bank_by_window_address)
{
	struct raw r;
	uint8_t *vram;
	unsigned i, seen = 0;

	tu_reset();
	raw_make(&r, RAW_BUFFER_BYTES, RAW_REQUESTS);
	vram = nngxShimAllocMemory(NN_GX_MEM_VRAMB, 256);
	memset(vram, 0xA5, 256);
	nngxAddMemoryFillCommandRaw(&r.list, (GLvoid *)nngxGetVramStartAddr(NN_GX_MEM_VRAMB),
				    (GLsizei)nngxGetVramSize(NN_GX_MEM_VRAMB), 0, 32,
				    NULL, 0, 0, 0);
	nngxAddMemoryFillCommandRaw(&r.list, (GLvoid *)(nngxGetVramEndAddr(NN_GX_MEM_VRAMB) - 15),
				    32, 0, 32, NULL, 0, 0, 0);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_MEMORY_NOT_SIMULATED), 1);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	ck_assert_int_eq(nngxGetUsedRequestCountRaw(&r.list), 1);
	nngxRunCmdlistRaw(&r.list);
	nngxWaitCmdlistDone();
	for (i = 0; i < 256; i++)
		seen |= vram[i];
	ck_assert_uint_eq(seen, 0);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	nngxShimFreeMemory(vram);
	raw_free(&r);
}
END_TEST

/* ---- callbacks ----------------------------------------------------------------------- */

static int raw_calls, bound_calls;
static GLint raw_arg;

static void raw_callback(GLint id)
{
	raw_calls++;
	raw_arg = id;
}

static void bound_callback(GLint id)
{
	(void)id;
	bound_calls++;
}

START_TEST(test_raw_callback_runs_once_after_the_wait)
{
	struct raw r;

	tu_reset();
	raw_calls = bound_calls = 0;
	raw_make(&r, RAW_BUFFER_BYTES, RAW_REQUESTS);
	raw_add_draw(&r);
	nngxSetCmdlistCallbackRaw(&r.list, raw_callback);
	nngxRunCmdlistRaw(&r.list);                 /* not enabled: nothing */
	nngxWaitCmdlistDone();
	ck_assert_int_eq(raw_calls, 0);
	nngxEnableCmdlistCallbackRaw(&r.list, 1);
	raw_add_draw(&r);
	nngxRunCmdlistRaw(&r.list);
	ck_assert_int_eq(raw_calls, 0);             /* not before the wait */
	nngxWaitCmdlistDone();
	ck_assert_int_eq(raw_calls, 1);
	ck_assert_int_eq(raw_arg, 1);
	nngxWaitCmdlistDone();                      /* no new run */
	ck_assert_int_eq(raw_calls, 1);
	/* The bound list's callback is another one. */
	ck_assert_int_eq(bound_calls, 0);
	nngxSetCmdlistCallback(bound_callback);
	nngxEnableCmdlistCallback(-1);
	nngxEnableCmdlistCallbackRaw(&r.list, -1);
	raw_add_draw(&r);
	nngxRunCmdlistRaw(&r.list);
	nngxWaitCmdlistDone();
	ck_assert_int_eq(raw_calls, 2);
	ck_assert_int_eq(raw_arg, -1);
	ck_assert_int_eq(bound_calls, 1);
	nngxDisableCmdlistCallbackRaw(&r.list, -1);
	raw_add_draw(&r);
	nngxRunCmdlistRaw(&r.list);
	nngxWaitCmdlistDone();
	ck_assert_int_eq(raw_calls, 2);
	nngxDisableCmdlistCallbackRaw(&r.list, 0);  /* no such request */
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_ARGUMENT), 1);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	raw_free(&r);
}
END_TEST

/* ---- error codes: each changes nothing else ---------------------------------------- */

/* What an erroring call must leave alone: the library, the program's
 * object, request memory and command buffer. */
struct raw_snapshot {
	struct tu_snapshot lib;
	nngxCommandList list;
	unsigned char requests[1024];
	unsigned char buffer[256];
	size_t request_bytes;
};

static void raw_snapshot_take(struct raw_snapshot *s, const struct raw *r)
{
	tu_snapshot_take(&s->lib);
	s->list = r->list;
	s->request_bytes = (size_t)nngxGetCommandRequestSizeRaw(RAW_REQUESTS);
	ck_assert_uint_le(s->request_bytes, sizeof s->requests);
	memcpy(s->requests, r->requests, s->request_bytes);
	memcpy(s->buffer, r->buffer, sizeof s->buffer);
}

static void raw_snapshot_assert_same(const struct raw_snapshot *s, const struct raw *r)
{
	tu_snapshot_assert_same(&s->lib);
	ck_assert_mem_eq(&s->list, &r->list, sizeof s->list);
	ck_assert_mem_eq(s->requests, r->requests, s->request_bytes);
	ck_assert_mem_eq(s->buffer, r->buffer, sizeof s->buffer);
}

static uint32_t two_words[2] = { 1, 0x000F004F };
static GLvoid *vram_block;

/* States a case starts from. */
enum raw_start { START_EMPTY, START_RUNNING, START_FULL_QUEUE, START_FULL_BUFFER,
		 START_BUFFER_FREED };

static void raw_start(struct raw *r, enum raw_start how)
{
	GLsizei i;

	raw_make(r, RAW_BUFFER_BYTES, RAW_REQUESTS);
	vram_block = nngxShimAllocMemory(NN_GX_MEM_VRAMA, 64);
	switch (how) {
	case START_EMPTY:
		nngxAdd3DCommandNoCacheFlushRaw(&r->list, two_words, 8);
		nngxFlush3DCommandNoCacheFlushRaw(&r->list);
		break;
	case START_RUNNING:
		raw_add_draw(r);
		nngxRunCmdlistRaw(&r->list);
		ck_assert(nngxGetIsRunningRaw(&r->list));
		break;
	case START_FULL_QUEUE:
		for (i = 0; i < RAW_REQUESTS; i++) {
			nngxAdd3DCommandNoCacheFlushRaw(&r->list, two_words, 8);
			nngxFlush3DCommandNoCacheFlushRaw(&r->list);
		}
		nngxAdd3DCommandNoCacheFlushRaw(&r->list, two_words, 8);   /* pending */
		break;
	case START_FULL_BUFFER:
		for (i = 0; i < RAW_BUFFER_BYTES / 8; i++)
			nngxAdd3DCommandNoCacheFlushRaw(&r->list, two_words, 8);
		ck_assert_int_eq(nngxGetUsedBufferSizeRaw(&r->list), RAW_BUFFER_BYTES);
		break;
	case START_BUFFER_FREED: {
		GLvoid *old = r->buffer;

		/* Another block for the snapshot to read, taken first so that
		 * it is not where the list's buffer was. */
		r->buffer = nngxShimAllocMemory(NN_GX_MEM_FCRAM, 256);
		nngxShimFreeMemory(old);
		break;
	}
	}
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
}

static void call_storage_negative_size(struct raw *r)
{
	nngxCmdlistStorageRaw(&r->list, -16, r->buffer, RAW_REQUESTS, r->requests);
}
static void call_storage_negative_count(struct raw *r)
{
	nngxCmdlistStorageRaw(&r->list, 64, r->buffer, -1, r->requests);
}
static void call_storage(struct raw *r)
{
	nngxCmdlistStorageRaw(&r->list, 64, r->buffer, RAW_REQUESTS, r->requests);
}
static void call_run(struct raw *r) { nngxRunCmdlistRaw(&r->list); }
static void call_split(struct raw *r) { nngxSplitDrawCmdlistRaw(&r->list); }
static void call_flush(struct raw *r) { nngxFlush3DCommandNoCacheFlushRaw(&r->list); }
static void call_clear(struct raw *r) { nngxClearCmdlistRaw(&r->list); }
static void call_clear_fill(struct raw *r) { nngxClearFillCmdlistRaw(&r->list, 7); }
static void call_set_callback(struct raw *r) { nngxSetCmdlistCallbackRaw(&r->list, raw_callback); }
static void call_enable_0(struct raw *r) { nngxEnableCmdlistCallbackRaw(&r->list, 0); }
static void call_enable_past(struct raw *r)
{
	nngxEnableCmdlistCallbackRaw(&r->list, RAW_REQUESTS + 1);
}
static void call_enable_minus_2(struct raw *r) { nngxEnableCmdlistCallbackRaw(&r->list, -2); }
static void call_move_past_end(struct raw *r)
{
	nngxMoveCommandbufferPointerRaw(&r->list, RAW_BUFFER_BYTES);
}
static void call_move_into_flushed(struct raw *r) { nngxMoveCommandbufferPointerRaw(&r->list, -8); }
static void call_add_full(struct raw *r)
{
	nngxAdd3DCommandNoCacheFlushRaw(&r->list, two_words, 8);
}
static void call_fill(struct raw *r)
{
	nngxAddMemoryFillCommandRaw(&r->list, vram_block, 64, 0, 32, NULL, 0, 0, 0);
}
static void call_fill_misaligned(struct raw *r)
{
	nngxAddMemoryFillCommandRaw(&r->list, (char *)vram_block + 8, 32, 0, 32, NULL, 0, 0, 0);
}
static void call_fill_size(struct raw *r)
{
	nngxAddMemoryFillCommandRaw(&r->list, vram_block, 40, 0, 32, NULL, 0, 0, 0);
}
static void call_fill_width(struct raw *r)
{
	nngxAddMemoryFillCommandRaw(&r->list, vram_block, 64, 0, 8, NULL, 0, 0, 0);
}
static void call_fill_second_width(struct raw *r)
{
	nngxAddMemoryFillCommandRaw(&r->list, vram_block, 32, 0, 32,
				    (char *)vram_block + 32, 32, 0, 12);
}
static void call_dma_negative(struct raw *r)
{
	nngxAddVramDmaCommandNoCacheFlushRaw(&r->list, vram_block, vram_block, -4);
}

struct raw_error_case {
	const char *what;
	enum raw_start start;
	void (*call)(struct raw *r);
	GLenum code;
	nngxShimDiagId diag;
};

static const struct raw_error_case error_cases[] = {
	{ "storage, bufsize negative", START_EMPTY, call_storage_negative_size,
	  GL_ERROR_8008_DMP, NNGX_SHIM_DIAG_RAW_CMDLIST_REJECTED },
	{ "storage, requestcount negative", START_EMPTY, call_storage_negative_count,
	  GL_ERROR_8008_DMP, NNGX_SHIM_DIAG_RAW_CMDLIST_REJECTED },
	{ "storage of a running list", START_RUNNING, call_storage,
	  GL_ERROR_8007_DMP, NNGX_SHIM_DIAG_RAW_CMDLIST_REJECTED },
	{ "run, buffer freed", START_BUFFER_FREED, call_run,
	  GL_ERROR_8009_DMP, NNGX_SHIM_DIAG_MEMORY_NOT_SIMULATED },
	{ "split, queue full", START_FULL_QUEUE, call_split,
	  GL_ERROR_800D_DMP, NNGX_SHIM_DIAG_RAW_CMDLIST_REJECTED },
	{ "flush, queue full", START_FULL_QUEUE, call_flush,
	  GL_ERROR_COMMANDREQUEST_FULL_DMP, NNGX_SHIM_DIAG_CMDLIST_FULL },
	{ "clear, running", START_RUNNING, call_clear,
	  GL_ERROR_800F_DMP, NNGX_SHIM_DIAG_RAW_CMDLIST_REJECTED },
	{ "clear-fill, running", START_RUNNING, call_clear_fill,
	  GL_ERROR_800F_DMP, NNGX_SHIM_DIAG_RAW_CMDLIST_REJECTED },
	{ "set callback, running", START_RUNNING, call_set_callback,
	  GL_ERROR_8010_DMP, NNGX_SHIM_DIAG_RAW_CMDLIST_REJECTED },
	{ "enable callback 0", START_EMPTY, call_enable_0,
	  GL_ERROR_8012_DMP, NNGX_SHIM_DIAG_RAW_CMDLIST_REJECTED },
	{ "enable callback past the queue", START_EMPTY, call_enable_past,
	  GL_ERROR_8012_DMP, NNGX_SHIM_DIAG_RAW_CMDLIST_REJECTED },
	{ "enable callback -2", START_EMPTY, call_enable_minus_2,
	  GL_ERROR_8012_DMP, NNGX_SHIM_DIAG_RAW_CMDLIST_REJECTED },
	{ "move past the end", START_EMPTY, call_move_past_end,
	  GL_ERROR_8061_DMP, NNGX_SHIM_DIAG_CMDLIST_POINTER_OUTSIDE },
	{ "move into flushed commands", START_EMPTY, call_move_into_flushed,
	  GL_ERROR_8061_DMP, NNGX_SHIM_DIAG_CMDLIST_POINTER_OUTSIDE },
	{ "add, buffer full", START_FULL_BUFFER, call_add_full,
	  GL_ERROR_COMMANDBUFFER_FULL_DMP, NNGX_SHIM_DIAG_CMDLIST_FULL },
	{ "fill, queue full", START_FULL_QUEUE, call_fill,
	  GL_ERROR_8078_DMP, NNGX_SHIM_DIAG_RAW_CMDLIST_REJECTED },
	{ "fill, start misaligned", START_EMPTY, call_fill_misaligned,
	  GL_ERROR_8079_DMP, NNGX_SHIM_DIAG_RAW_CMDLIST_REJECTED },
	{ "fill, size not a multiple of 16", START_EMPTY, call_fill_size,
	  GL_ERROR_807A_DMP, NNGX_SHIM_DIAG_RAW_CMDLIST_REJECTED },
	{ "fill, width 8", START_EMPTY, call_fill_width,
	  GL_ERROR_807B_DMP, NNGX_SHIM_DIAG_RAW_CMDLIST_REJECTED },
	{ "fill, second channel width 12", START_EMPTY, call_fill_second_width,
	  GL_ERROR_807B_DMP, NNGX_SHIM_DIAG_RAW_CMDLIST_REJECTED },
	{ "DMA, size negative", START_EMPTY, call_dma_negative,
	  GL_ERROR_8091_DMP, NNGX_SHIM_DIAG_RAW_CMDLIST_REJECTED },
};

START_TEST(test_raw_errors_record_their_code_and_change_nothing)
{
	const struct raw_error_case *c = &error_cases[_i];
	struct raw_snapshot before;
	struct raw r;
	unsigned long diags;

	tu_reset();
	raw_start(&r, c->start);
	raw_snapshot_take(&before, &r);
	diags = nngxShimGetDiagCount(c->diag);
	c->call(&r);
	ck_assert_msg(glGetError() == c->code, "%s: expected 0x%04X", c->what, c->code);
	ck_assert_msg(nngxShimGetDiagCount(c->diag) == diags + 1, "%s: no diagnostic", c->what);
	raw_snapshot_assert_same(&before, &r);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	raw_free(&r);
}
END_TEST

/* ---- lists that are not lists ------------------------------------------------------ */

static void use_split(nngxCommandList *l) { nngxSplitDrawCmdlistRaw(l); }
static void use_flush(nngxCommandList *l) { nngxFlush3DCommandNoCacheFlushRaw(l); }
static void use_partially(nngxCommandList *l) { nngxFlush3DCommandPartiallyRaw(l, 8); }
static void use_add(nngxCommandList *l) { nngxAdd3DCommandNoCacheFlushRaw(l, two_words, 8); }
static void use_move(nngxCommandList *l) { nngxMoveCommandbufferPointerRaw(l, 8); }
static void use_fill(nngxCommandList *l)
{
	nngxAddMemoryFillCommandRaw(l, vram_block, 64, 0, 32, NULL, 0, 0, 0);
}
static void use_dma(nngxCommandList *l)
{
	nngxAddVramDmaCommandNoCacheFlushRaw(l, vram_block, vram_block, 16);
}
static void use_enable(nngxCommandList *l) { nngxEnableCmdlistCallbackRaw(l, 1); }
static void use_disable(nngxCommandList *l) { nngxDisableCmdlistCallbackRaw(l, 1); }
static void use_set_callback(nngxCommandList *l) { nngxSetCmdlistCallbackRaw(l, raw_callback); }
static void use_run(nngxCommandList *l) { nngxRunCmdlistRaw(l); }
static void use_clear(nngxCommandList *l) { nngxClearCmdlistRaw(l); }
static void use_clear_fill(nngxCommandList *l) { nngxClearFillCmdlistRaw(l, 1); }
static void use_gas_auto(nngxCommandList *l) { nngxSetGasAutoAccumulationUpdateRaw(l, 1); }
static void use_gas(nngxCommandList *l) { nngxSetGasUpdateRaw(l, GL_TRUE); }
static void use_getters(nngxCommandList *l)
{
	ck_assert(!nngxGetIsRunningRaw(l));
	ck_assert_int_eq(nngxGetUsedBufferSizeRaw(l), 0);
	ck_assert_int_eq(nngxGetUsedRequestCountRaw(l), 0);
	ck_assert_int_eq(nngxGetMaxBufferSizeRaw(l), 0);
	ck_assert_int_eq(nngxGetMaxRequestCountRaw(l), 0);
	ck_assert_ptr_null(nngxGetTopBufferAddrRaw(l));
	ck_assert_int_eq(nngxGetRunBufferSizeRaw(l), 0);
	ck_assert_int_eq(nngxGetRunRequestCountRaw(l), 0);
	ck_assert_ptr_null(nngxGetTopRequestAddrRaw(l));
	ck_assert_uint_eq(nngxGetNextRequestTypeRaw(l), 0);
	ck_assert_ptr_null(nngxGetNextBufferAddrRaw(l));
	ck_assert_int_eq(nngxGetNextBufferSizeRaw(l), 0);
	ck_assert_ptr_null(nngxGetCurrentBufferAddrRaw(l));
}

struct raw_use {
	void (*use)(nngxCommandList *l);
	unsigned long diagnostics;
};

static const struct raw_use uses[] = {
	{ use_split, 1 }, { use_flush, 1 }, { use_partially, 1 }, { use_add, 1 },
	{ use_move, 1 }, { use_fill, 1 }, { use_dma, 1 }, { use_enable, 1 },
	{ use_disable, 1 }, { use_set_callback, 1 }, { use_run, 1 }, { use_clear, 1 },
	{ use_clear_fill, 1 }, { use_gas_auto, 1 }, { use_gas, 1 }, { use_getters, 13 },
};

#define USE_COUNT (sizeof uses / sizeof uses[0])

/* Each Raw call with: NULL, a zeroed object, a garbage one, one set up
 * before nngxFinalize, one whose request memory was overwritten. */
START_TEST(test_raw_calls_on_what_is_not_a_list_change_nothing)
{
	const struct raw_use *u = &uses[_i % USE_COUNT];
	unsigned kind = (unsigned)_i / USE_COUNT;
	struct tu_snapshot before;
	struct raw r;
	nngxCommandList list, saved, *arg = &list;
	unsigned long diags;

	tu_reset();
	raw_calls = 0;
	raw_make(&r, RAW_BUFFER_BYTES, RAW_REQUESTS);
	vram_block = nngxShimAllocMemory(NN_GX_MEM_VRAMA, 64);
	switch (kind) {
	case 0: arg = NULL; break;
	case 1: memset(&list, 0, sizeof list); break;
	case 2: memset(&list, 0x5A, sizeof list); break;
	case 3:
		list = r.list;
		nngxFinalize();                 /* ends every Raw list */
		vram_block = nngxShimAllocMemory(NN_GX_MEM_VRAMA, 64);
		break;
	default:
		list = r.list;
		memset(r.requests, 0, (size_t)nngxGetCommandRequestSizeRaw(RAW_REQUESTS));
		break;
	}
	tu_snapshot_take(&before);
	if (arg)
		saved = *arg;
	diags = nngxShimGetDiagCount(NNGX_SHIM_DIAG_RAW_CMDLIST_INVALID);
	u->use(arg);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_RAW_CMDLIST_INVALID),
			  diags + u->diagnostics);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CALL_NOT_MODELLED), 0);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	tu_snapshot_assert_same(&before);
	if (arg)
		ck_assert_mem_eq(arg, &saved, sizeof saved);
	raw_free(&r);
}
END_TEST

/* A copy of the object names the same list; a new storage call makes a
 * new empty list of the object. */
START_TEST(test_raw_copy_names_the_same_list)
{
	struct raw r;
	nngxCommandList copy;

	tu_reset();
	raw_make(&r, RAW_BUFFER_BYTES, RAW_REQUESTS);
	copy = r.list;
	nngxAdd3DCommandNoCacheFlushRaw(&copy, two_words, 8);
	ck_assert_int_eq(nngxGetUsedBufferSizeRaw(&r.list), 8);
	nngxCmdlistStorageRaw(&r.list, 128, r.buffer, 2, r.requests);
	ck_assert_int_eq(nngxGetUsedBufferSizeRaw(&r.list), 0);
	ck_assert_int_eq(nngxGetMaxBufferSizeRaw(&r.list), 128);
	ck_assert_int_eq(nngxGetMaxRequestCountRaw(&copy), 2);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	raw_free(&r);
}
END_TEST

/* ---- not modelled --------------------------------------------------------------------- */

START_TEST(test_raw_gas_and_hw_state_say_not_modelled_once)
{
	struct raw r;

	tu_reset();
	raw_make(&r, RAW_BUFFER_BYTES, RAW_REQUESTS);
	nngxSetGasAutoAccumulationUpdateRaw(&r.list, 1);
	nngxSetGasAutoAccumulationUpdateRaw(&r.list, 2);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CALL_NOT_MODELLED), 1);
	nngxSetGasUpdateRaw(&r.list, GL_TRUE);
	nngxSetGasUpdateRaw(&r.list, GL_FALSE);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CALL_NOT_MODELLED), 2);
	ck_assert_uint_eq(nngxGetHWStateRaw(), 0);
	ck_assert_uint_eq(nngxGetHWStateRaw(), 0);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CALL_NOT_MODELLED), 3);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	raw_free(&r);
}
END_TEST

static Suite *raw_suite(void)
{
	Suite *s = suite_create("raw");
	TCase *t = tcase_create("raw");

	tcase_add_test(t, test_raw_storage_sets_up_an_empty_list);
	tcase_add_test(t, test_raw_request_size_grows_with_the_count);
	tcase_add_test(t, test_raw_request_memory_four_aligned_is_enough);
	tcase_add_test(t, test_raw_storage_refuses_unusable_memory);
	tcase_add_test(t, test_raw_run_moves_the_counters_as_a_bound_list_does);
	tcase_add_test(t, test_raw_running_is_the_list_run_last);
	tcase_add_test(t, test_raw_written_commands_run_after_the_pointer_moves);
	tcase_add_test(t, test_raw_flush_partially_and_clear);
	tcase_add_test(t, test_raw_fill_and_dma_do_their_work);
	tcase_add_test(t, test_raw_fill_of_a_whole_bank_by_window_address);
	tcase_add_test(t, test_raw_callback_runs_once_after_the_wait);
	tcase_add_loop_test(t, test_raw_errors_record_their_code_and_change_nothing, 0,
			    (int)(sizeof error_cases / sizeof error_cases[0]));
	tcase_add_loop_test(t, test_raw_calls_on_what_is_not_a_list_change_nothing, 0,
			    (int)(USE_COUNT * 5));
	tcase_add_test(t, test_raw_copy_names_the_same_list);
	tcase_add_test(t, test_raw_gas_and_hw_state_say_not_modelled_once);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	return tu_run(raw_suite());
}
