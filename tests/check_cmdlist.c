/* check_cmdlist.c: command lists through the public API, a hand-built
 * command buffer through nngxAdd3DCommand, and the profiling counters they
 * move (nngx/nngx_cmdlist.c over the hardware model). */
#include <string.h>

#include "pica_cmd.h"
#include "shader_asm.h"
#include "test_util.h"

static struct pica_cmd cmd;

static const float triangle_pair[] = {
	-0.5f, -0.5f, -0.5f,   0.5f, -0.5f, -0.5f,   0.0f, 0.5f, -0.5f,
	-0.5f,  0.5f, -0.5f,   0.5f,  0.5f, -0.5f,   0.0f, 0.9f, -0.5f,
};

/* Vertex data where the simulated GPU can read it. Tests place it
 * directly; programs get there through GL buffer objects. */
static uint32_t put_vertices(void)
{
	struct hw_memory *mem = &nngx_state_get()->gpu.memory;
	uint32_t base = hw_memory_alloc(mem, HW_AREA_VRAM_B, sizeof triangle_pair);

	memcpy(hw_memory_host(mem, base, sizeof triangle_pair), triangle_pair, sizeof triangle_pair);
	return base;
}

/* mov o0, v0; end, and the state for float3 positions at `base`. */
static void build_draw(uint32_t base)
{
	struct shader_asm a;
	struct hw_shader_state prog;

	ck_assert(asm_passthrough(&a, &prog));
	pica_cmd_init(&cmd);
	pica_cmd_triangle_draw(&cmd, &prog, a.ncode, a.nopdesc, base);
}

static GLuint make_list(GLsizei bytes, GLsizei requests)
{
	GLuint list;

	nngxGenCmdlists(1, &list);
	nngxBindCmdlist(list);
	nngxCmdlistStorage(bytes, requests);
	return list;
}

static void add_draw(void)
{
	build_draw(put_vertices());
	nngxAdd3DCommand(cmd.w, (GLsizei)(cmd.n * 4), GL_TRUE);
	nngxFlush3DCommand();
}

START_TEST(test_cmdlist_raw_commands_move_the_counters)
{
	GLuint poly[NN_GX_PROFILING_RESULT_BUFSIZE_POLYGON];
	GLuint mem[NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS];

	tu_reset();
	make_list(65536, 16);
	add_draw();
	nngxRunCmdlist();
	ck_assert(nngxGetIsRunning());
	nngxWaitCmdlistDone();
	ck_assert(!nngxGetIsRunning());
	nngxGetProfilingResult(NN_GX_PROFILING_POLYGON, poly);
	nngxGetProfilingResult(NN_GX_PROFILING_MEMORY_ACCESS, mem);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	ck_assert_uint_eq(poly[0], 6);
	ck_assert_uint_eq(poly[1], 2);
	ck_assert_uint_eq(poly[2], 2);
	ck_assert_uint_eq(mem[HW_MEM_VRAM_B_READ], 5);          /* 72 bytes of vertices */
	ck_assert_uint_gt(mem[HW_MEM_COMMAND_VERTEX_READ], 5);  /* and the commands */
}
END_TEST

/* The manual's rule: profiling calls while a list executes give no error,
 * the diagnostics layer warns. */
START_TEST(test_cmdlist_profiling_call_while_executing_warns)
{
	GLuint busy[NN_GX_PROFILING_RESULT_BUFSIZE_BUSY];

	tu_reset();
	make_list(65536, 16);
	add_draw();
	nngxRunCmdlist();
	nngxGetProfilingResult(NN_GX_PROFILING_BUSY, busy);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CALL_DURING_COMMAND_LIST), 1);
	nngxWaitCmdlistDone();
	nngxGetProfilingResult(NN_GX_PROFILING_BUSY, busy);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CALL_DURING_COMMAND_LIST), 1);
}
END_TEST

/* The busy counter sees the draw: every window of the wait is counted. */
START_TEST(test_cmdlist_busy_counter_samples_the_draw)
{
	GLuint w[NN_GX_PROFILING_RESULT_BUFSIZE_BUSY];
	GLuint64EXT start;

	tu_reset();
	make_list(65536, 16);
	add_draw();
	tu_set_busy(4, 0);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	start = nngxShimGetClock();
	nngxRunCmdlist();
	nngxWaitCmdlistDone();
	nngxStopProfiling(NN_GX_PROFILING_BUSY);
	nngxGetProfilingResult(NN_GX_PROFILING_BUSY, w);
	ck_assert_uint_gt(nngxShimGetClock(), start);
	/* This small draw is command-bound (its commands upload a program):
	 * the command module is busy on every clock and wins every window. */
	ck_assert_uint_gt(w[0] & 0xFFFF, 0);
	ck_assert_uint_eq((w[0] & 0xFFFF) + (w[0] >> 16) + (w[1] & 0xFFFF) + (w[1] >> 16)
			  + (w[2] & 0xFFFF) + (w[2] >> 16) + (w[3] & 0xFFFF) + (w[3] >> 16),
			  (GLuint)((nngxShimGetClock() - start) / 4));
}
END_TEST

START_TEST(test_cmdlist_parameters_report_use)
{
	GLint v = -1;
	GLuint list;

	tu_reset();
	list = make_list(4096, 4);
	nngxGetCmdlistParameteri(NN_GX_CMDLIST_BINDING, &v);
	ck_assert_int_eq(v, (GLint)list);
	nngxGetCmdlistParameteri(NN_GX_CMDLIST_MAX_BUFSIZE, &v);
	ck_assert_int_eq(v, 4096);
	nngxGetCmdlistParameteri(NN_GX_CMDLIST_MAX_REQCOUNT, &v);
	ck_assert_int_eq(v, 4);
	pica_cmd_init(&cmd);
	pica_cmd_reg(&cmd, 0x04F, 1);
	nngxAdd3DCommand(cmd.w, 8, GL_TRUE);
	nngxGetCmdlistParameteri(NN_GX_CMDLIST_USED_BUFSIZE, &v);
	ck_assert_int_eq(v, 8);
	nngxGetCmdlistParameteri(NN_GX_CMDLIST_USED_REQCOUNT, &v);
	ck_assert_int_eq(v, 0);
	nngxFlush3DCommand();
	nngxGetCmdlistParameteri(NN_GX_CMDLIST_USED_REQCOUNT, &v);
	ck_assert_int_eq(v, 1);
	nngxGetCmdlistParameteri(NN_GX_CMDLIST_RUN_MODE, &v);
	ck_assert_int_eq(v, NN_GX_CMDLIST_SERIAL_RUN);
	nngxClearCmdlist();
	nngxGetCmdlistParameteri(NN_GX_CMDLIST_USED_BUFSIZE, &v);
	ck_assert_int_eq(v, 0);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
}
END_TEST

/* The full codes: buffer and request queue (the SDK functions' own codes,
 * sdk-surface section 6; GL calls record the generic ones). */
START_TEST(test_cmdlist_full_buffer_and_queue_record_their_codes)
{
	uint32_t words[4] = { 1, 0x000F004F, 2, 0x000F004F };
	GLint used;

	tu_reset();
	make_list(16, 1);
	nngxAdd3DCommand(words, 16, GL_TRUE);
	nngxAdd3DCommand(words, 8, GL_TRUE);
	ck_assert_uint_eq(glGetError(), GL_ERROR_8050_DMP);
	nngxAdd3DCommandNoCacheFlush(words, 8);
	ck_assert_uint_eq(glGetError(), GL_ERROR_COMMANDBUFFER_FULL_DMP);
	nngxGetCmdlistParameteri(NN_GX_CMDLIST_USED_BUFSIZE, &used);
	ck_assert_int_eq(used, 16);                 /* nothing partial was added */
	nngxFlush3DCommand();
	nngxClearCmdlist();
	nngxAdd3DCommand(words, 8, GL_TRUE);
	nngxFlush3DCommand();
	nngxAdd3DCommand(words, 8, GL_TRUE);
	nngxFlush3DCommand();
	ck_assert_uint_eq(glGetError(), GL_ERROR_8085_DMP);
	nngxFlush3DCommandNoCacheFlush();
	ck_assert_uint_eq(glGetError(), GL_ERROR_COMMANDREQUEST_FULL_DMP);
}
END_TEST

/* Misuse without a documented code: a diagnostic, no GL error, no effect. */
START_TEST(test_cmdlist_misuse_is_diagnosed_without_gl_error)
{
	uint32_t words[2] = { 1, 0x000F004F };

	tu_reset();
	nngxAdd3DCommandNoCacheFlush(words, 8);         /* nothing bound */
	nngxBindCmdlist(12345);                         /* never generated */
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CMDLIST_NONE), 2);
	make_list(64, 2);
	nngxAdd3DCommandNoCacheFlush(words, 6);         /* not a multiple of 8 */
	nngxAdd3DCommand(NULL, 8, GL_TRUE);
	nngxCmdlistStorage(0, 1);
	nngxGenCmdlists(1, NULL);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_ARGUMENT), 3);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_NULL_PARAM), 1);
	nngxAdd3DCommand(words, 8, GL_TRUE);
	nngxRunCmdlist();                               /* not flushed */
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CMDLIST_UNFLUSHED), 1);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
}
END_TEST

static GLint list_param(GLenum pname)
{
	GLint v = -1;

	nngxGetCmdlistParameteri(pname, &v);
	return v;
}

/* nngxReserveStopCmdlist: a run stops once request `id` (from 1) has run,
 * the next run goes on from there, and the reservation is used up. The
 * DMA requests copy for real, so what ran is visible in memory. */
START_TEST(test_reserve_stop_runs_up_to_the_request_and_resumes)
{
	uint8_t *src, *dst;
	unsigned k;

	tu_reset();
	make_list(256, 8);
	src = nngxShimAllocMemory(NN_GX_MEM_FCRAM, 64);
	dst = nngxShimAllocMemory(NN_GX_MEM_VRAMA, 64);
	ck_assert_ptr_nonnull(src);
	ck_assert_ptr_nonnull(dst);
	for (k = 0; k < 64; k++)
		src[k] = (uint8_t)(k + 1);
	for (k = 0; k < 4; k++)
		nngxAddVramDmaCommand(src + 16 * k, dst + 16 * k, 16);
	nngxReserveStopCmdlist(2);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	nngxRunCmdlist();
	nngxWaitCmdlistDone();
	ck_assert_int_eq(list_param(NN_GX_CMDLIST_RUN_REQCOUNT), 2);
	ck_assert(memcmp(dst, src, 32) == 0);
	ck_assert_uint_eq(dst[32], 0);
	nngxRunCmdlist();                               /* the reservation is used up */
	nngxWaitCmdlistDone();
	ck_assert_int_eq(list_param(NN_GX_CMDLIST_RUN_REQCOUNT), 4);
	ck_assert(memcmp(dst, src, 64) == 0);

	/* Cleared with the list; refused ids change nothing. */
	nngxClearCmdlist();
	memset(dst, 0, 64);
	nngxReserveStopCmdlist(1);
	nngxClearCmdlist();
	nngxReserveStopCmdlist(0);
	nngxReserveStopCmdlist(9);
	nngxReserveStopCmdlist(-1);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_ARGUMENT), 3);
	nngxAddVramDmaCommand(src, dst, 16);
	nngxAddVramDmaCommand(src + 16, dst + 16, 16);
	nngxRunCmdlist();
	nngxWaitCmdlistDone();
	ck_assert_int_eq(list_param(NN_GX_CMDLIST_RUN_REQCOUNT), 2);
	ck_assert(memcmp(dst, src, 32) == 0);
	nngxBindCmdlist(0);
	nngxReserveStopCmdlist(1);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CMDLIST_NONE), 1);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
}
END_TEST

/* nngxAddJumpCommand: the GPU goes on in the external buffer (its
 * register writes land, its words are fetched: MEMORY_ACCESS word 4) and
 * the commands so far, the jump included, are closed into a request. */
START_TEST(test_jump_command_runs_the_external_buffer)
{
	struct nngx_state *st;
	uint32_t *ext;
	GLuint before[NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS];
	GLuint after[NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS];
	uint8_t outside[32];
	GLint used;

	tu_reset();
	st = nngx_state_get();
	make_list(256, 4);
	ext = nngxShimAllocMemory(NN_GX_MEM_FCRAM, 32);
	ck_assert_ptr_nonnull(ext);
	ext[0] = 0x1234;
	ext[1] = HW_REG_CMDBUF_SIZE1 | 0xFu << 16;
	ext[2] = 0x5678;
	ext[3] = HW_REG_CMDBUF_ADDR1 | 0xFu << 16;

	/* Refused: nothing added, no GL error. */
	nngxAddJumpCommand((const uint8_t *)ext + 8, 16);
	nngxAddJumpCommand(ext, 0);
	nngxAddJumpCommand(ext, 24);
	nngxAddJumpCommand(ext, 16 << 20);              /* 16 MiB: past CMDBUF_SIZE0 */
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_ARGUMENT), 4);
	nngxAddJumpCommand(NULL, 16);
	nngxAddJumpCommand(ext, 48);                    /* past the block */
	nngxAddJumpCommand((const void *)(((uintptr_t)outside + 15) & ~(uintptr_t)15), 16);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_MEMORY_NOT_SIMULATED), 3);
	ck_assert_int_eq(list_param(NN_GX_CMDLIST_USED_BUFSIZE), 0);
	ck_assert_int_eq(list_param(NN_GX_CMDLIST_USED_REQCOUNT), 0);

	nngxAddJumpCommand(ext, 16);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	used = list_param(NN_GX_CMDLIST_USED_BUFSIZE);
	ck_assert_int_eq(used, 24);
	ck_assert_int_eq(list_param(NN_GX_CMDLIST_USED_REQCOUNT), 1);
	ck_assert_int_eq(list_param(NN_GX_CMDLIST_RUN_BUFSIZE), 0);
	nngxGetProfilingResult(NN_GX_PROFILING_MEMORY_ACCESS, before);
	nngxRunCmdlist();
	nngxWaitCmdlistDone();
	nngxGetProfilingResult(NN_GX_PROFILING_MEMORY_ACCESS, after);
	ck_assert_uint_eq(st->gpu.regs[HW_REG_CMDBUF_SIZE1], 0x1234);
	ck_assert_uint_eq(st->gpu.regs[HW_REG_CMDBUF_ADDR1], 0x5678);
	/* 24 bytes of the list (2 accesses), then 16 of the buffer (1). */
	ck_assert_uint_eq(after[HW_MEM_COMMAND_VERTEX_READ] - before[HW_MEM_COMMAND_VERTEX_READ], 3);
	nngxBindCmdlist(0);
	nngxAddJumpCommand(ext, 16);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CMDLIST_NONE), 1);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
}
END_TEST

static GLvoid *counting_alloc(GLenum area, GLenum usage, GLuint name, GLsizei size);
static void counting_free(GLenum area, GLenum usage, GLuint name, GLvoid *addr);
static int allocs, frees;
static char arena[1 << 16];

static GLvoid *counting_alloc(GLenum area, GLenum usage, GLuint name, GLsizei size)
{
	(void)name;
	ck_assert_uint_eq(area, NN_GX_MEM_FCRAM);
	ck_assert_uint_eq(usage, NN_GX_MEM_COMMANDBUFFER);
	allocs++;
	return size <= (GLsizei)sizeof arena ? arena : NULL;
}

static void counting_free(GLenum area, GLenum usage, GLuint name, GLvoid *addr)
{
	(void)area; (void)usage; (void)name;
	ck_assert_ptr_eq(addr, arena);
	frees++;
}

/* nngxInitialize once; the program's allocator sees command buffers; a
 * reset keeps the initialization and the lists. */
START_TEST(test_initialize_allocator_and_reset_keep_state)
{
	GLuint list;

	tu_reset();
	ck_assert(!nngxGetIsInitialized());
	ck_assert(nngxInitialize(counting_alloc, counting_free));
	ck_assert(!nngxInitialize(counting_alloc, counting_free));
	ck_assert(nngxGetIsInitialized());
	list = make_list(1024, 2);
	ck_assert_int_eq(allocs, 1);
	nngxShimReset();
	ck_assert(nngxGetIsInitialized());
	nngxBindCmdlist(list);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CMDLIST_NONE), 0);
	nngxCmdlistStorage(1 << 20, 2);                 /* the allocator says no */
	ck_assert_uint_eq(glGetError(), GL_ERROR_8006_DMP);
	nngxDeleteCmdlists(1, &list);
	ck_assert_int_eq(frees, 1);
	nngxFinalize();
	ck_assert(!nngxGetIsInitialized());
}
END_TEST

static int buffer_frees;

static GLvoid *any_alloc(GLenum area, GLenum usage, GLuint name, GLsizei size)
{
	(void)area; (void)usage; (void)name; (void)size;
	return arena;
}

static void count_buffer_free(GLenum area, GLenum usage, GLuint name, GLvoid *addr)
{
	(void)area; (void)name; (void)addr;
	if (usage == NN_GX_MEM_VERTEXBUFFER)
		buffer_frees++;
}

/* nngxFinalize deletes GL objects too, handing their memory back to the
 * program's deallocator. */
START_TEST(test_finalize_deletes_gl_buffers)
{
	static const float data[4] = { 1, 2, 3, 4 };
	GLuint buffer;

	tu_reset();
	ck_assert(nngxInitialize(any_alloc, count_buffer_free));
	glGenBuffers(1, &buffer);
	glBindBuffer(GL_ARRAY_BUFFER, buffer);
	glBufferData(GL_ARRAY_BUFFER, sizeof data, data, GL_STATIC_DRAW);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	ck_assert_uint_ne(nngxShimGetBufferAddress(buffer), 0);
	nngxFinalize();
	ck_assert_int_eq(buffer_frees, 1);
	ck_assert(!glIsBuffer(buffer));
	ck_assert_uint_eq(nngxShimGetBufferAddress(buffer), 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("cmdlist");
	TCase *tc = tcase_create("cmdlist");

	tcase_add_test(tc, test_cmdlist_raw_commands_move_the_counters);
	tcase_add_test(tc, test_cmdlist_profiling_call_while_executing_warns);
	tcase_add_test(tc, test_cmdlist_busy_counter_samples_the_draw);
	tcase_add_test(tc, test_cmdlist_parameters_report_use);
	tcase_add_test(tc, test_cmdlist_full_buffer_and_queue_record_their_codes);
	tcase_add_test(tc, test_cmdlist_misuse_is_diagnosed_without_gl_error);
	tcase_add_test(tc, test_reserve_stop_runs_up_to_the_request_and_resumes);
	tcase_add_test(tc, test_jump_command_runs_the_external_buffer);
	tcase_add_test(tc, test_initialize_allocator_and_reset_keep_state);
	tcase_add_test(tc, test_finalize_deletes_gl_buffers);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
