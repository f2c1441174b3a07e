/* check_robust.c: hang-proof execution (limits.request_work and
 * limits.request_clocks, diagnostic REQUEST_LIMIT). */
#include <stdlib.h>
#include <string.h>

#include "pica_cmd.h"
#include "shader_asm.h"
#include "test_util.h"

static struct pica_cmd cmd;

static void load_data_config(const char *name)
{
	const char *dir = getenv("NNGX_TEST_DATA");
	char path[1024];

	ck_assert_msg(dir != NULL, "NNGX_TEST_DATA is not set (make check sets it)");
	snprintf(path, sizeof path, "%s/config/%s", dir, name);
	ck_assert_msg(nngxShimLoadConfig(path), "%s: %s", path, nngxShimGetConfigError());
	nngxShimSetDiagLevel(NNGX_SHIM_LEVEL_OFF);
}

static void reset_with_defaults(void)
{
	struct nngx_config defaults;

	tu_reset();
	nngx_config_defaults(&defaults);
	defaults.diag_level = NNGX_SHIM_LEVEL_OFF;
	nngx_state_apply_config(nngx_state_get(), &defaults);
}

/* "mov o0, v0; end" with one fixed attribute (nothing read from memory),
 * then a DRAWARRAYS of `count` vertices: the stream that hung the host
 * with count = 0xFFFFFFFF. */
static void build_fixed_draw(uint32_t count)
{
	struct shader_asm a;
	struct hw_shader_state prog;

	ck_assert(asm_passthrough(&a, &prog));
	pica_cmd_init(&cmd);
	pica_cmd_vs_program(&cmd, &prog, a.ncode, a.nopdesc, 0);
	pica_cmd_reg(&cmd, 0x201, 0);
	pica_cmd_reg(&cmd, 0x202, 1u << 16);       /* one attribute, fixed */
	pica_cmd_reg(&cmd, 0x2BD, 1);
	pica_cmd_reg(&cmd, 0x04F, 1);
	pica_cmd_reg(&cmd, 0x050, 0x03020100);
	pica_cmd_reg(&cmd, 0x228, count);
}

static void add_draws(unsigned draws)
{
	unsigned k;

	for (k = 0; k < draws; k++)
		pica_cmd_reg(&cmd, 0x22E, 1);
}

static GLuint make_list(GLsizei bytes, GLsizei requests)
{
	GLuint list;

	nngxGenCmdlists(1, &list);
	nngxBindCmdlist(list);
	nngxCmdlistStorage(bytes, requests);
	return list;
}

static GLuint vertices_in(void)
{
	GLuint poly[NN_GX_PROFILING_RESULT_BUFSIZE_POLYGON];

	nngxGetProfilingResult(NN_GX_PROFILING_POLYGON, poly);
	return poly[0];
}

static void run_stream(void)
{
	nngxAdd3DCommand(cmd.w, (GLsizei)(cmd.n * 4), GL_TRUE);
	nngxFlush3DCommand();
	nngxRunCmdlist();
	nngxWaitCmdlistDone();
}

START_TEST(test_request_work_bound_stops_a_4g_vertex_draw)
{
	GLuint before, after;

	reset_with_defaults();
	load_data_config("limits_small.cfg");
	make_list(65536, 16);
	before = vertices_in();
	build_fixed_draw(0xFFFFFFFFu);
	add_draws(1);
	run_stream();
	after = vertices_in();
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_REQUEST_LIMIT), 1);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_GPU_FAULT), 0);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	/* What ran is counted: some thousands of vertices, within the bound
	 * of 20000 units (two a vertex: the shader runs two instructions). */
	ck_assert_uint_gt(after - before, 1000);
	ck_assert_uint_le(after - before, 20000);
	ck_assert(!nngxGetIsRunning());
}
END_TEST

/* The next request runs as if nothing happened. */
START_TEST(test_request_bound_leaves_the_next_request_alone)
{
	GLuint before;

	reset_with_defaults();
	load_data_config("limits_small.cfg");
	make_list(65536, 16);
	build_fixed_draw(0xFFFFFFFFu);
	add_draws(1);
	run_stream();
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_REQUEST_LIMIT), 1);
	nngxClearCmdlist();
	before = vertices_in();
	build_fixed_draw(30);
	add_draws(1);
	run_stream();
	ck_assert_uint_eq(vertices_in() - before, 30);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_REQUEST_LIMIT), 1);
}
END_TEST

/* Command words count as work: a buffer of many cheap draws stops too,
 * after the draw that went past the bound; the draws before it ran. */
START_TEST(test_request_work_bound_counts_every_draw_of_the_buffer)
{
	GLuint before;

	reset_with_defaults();
	load_data_config("limits_small.cfg");
	nngx_state_get()->gpu.request_max_clocks = 0;   /* only the work bound */
	make_list(65536, 16);
	before = vertices_in();
	build_fixed_draw(3000);         /* 9000 units a draw: vertex, 2 instructions */
	add_draws(10);
	run_stream();
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_REQUEST_LIMIT), 1);
	/* Two whole draws (18000 units) and part of the third. */
	ck_assert_uint_gt(vertices_in() - before, 6000);
	ck_assert_uint_lt(vertices_in() - before, 9000);
}
END_TEST

/* Virtual time: past limits.request_clocks the rest of the buffer is
 * skipped after the draw that went past it. */
START_TEST(test_request_clock_bound_skips_the_rest_of_the_buffer)
{
	struct nngx_state *st;
	GLuint64EXT start;
	GLuint before;

	reset_with_defaults();
	load_data_config("limits_small.cfg");
	st = nngx_state_get();
	st->gpu.request_max_work = 0;   /* only the clock bound */
	make_list(65536, 16);
	before = vertices_in();
	build_fixed_draw(600);
	add_draws(20);
	start = nngxShimGetClock();
	nngxAdd3DCommand(cmd.w, (GLsizei)(cmd.n * 4), GL_TRUE);
	nngxFlush3DCommand();
	nngxRunCmdlist();
	/* The request ends within one draw past its bound. */
	ck_assert_uint_gt(st->gpu.cmdlist_busy_until - start, 5000);
	ck_assert_uint_lt(st->gpu.cmdlist_busy_until - start, 5000 + 5000);
	nngxWaitCmdlistDone();
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_REQUEST_LIMIT), 1);
	ck_assert_uint_lt(vertices_in() - before, 20 * 600);
	ck_assert_uint_gt(vertices_in() - before, 600);
}
END_TEST

/* 0 turns a bound off; the shipped defaults are 2^27 units, one second. */
START_TEST(test_request_bounds_defaults_and_zero)
{
	struct nngx_config cfg;
	GLuint before;

	nngx_config_defaults(&cfg);
	ck_assert_uint_eq(cfg.request_max_work, 1u << 27);
	ck_assert_uint_eq(cfg.request_max_clocks, HW_CLOCK_HZ);
	reset_with_defaults();
	cfg.request_max_work = 0;
	cfg.request_max_clocks = 0;
	nngx_state_apply_config(nngx_state_get(), &cfg);
	make_list(65536, 16);
	before = vertices_in();
	build_fixed_draw(50000);
	add_draws(1);
	run_stream();
	ck_assert_uint_eq(vertices_in() - before, 50000);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_REQUEST_LIMIT), 0);
}
END_TEST

/* A request queue FCRAM could not hold is refused before the host is
 * asked for it (found by fuzz_api: 2^28 requests made ASan allocate and
 * clear 8 GiB); the list keeps its storage. */
START_TEST(test_cmdlist_storage_refuses_a_queue_fcram_cannot_hold)
{
	GLint max = 0;

	reset_with_defaults();
	make_list(4096, 16);
	nngxCmdlistStorage(768, 0x10000911);
	ck_assert_uint_eq(glGetError(), GL_ERROR_8006_DMP);
	nngxGetCmdlistParameteri(NN_GX_CMDLIST_MAX_REQCOUNT, &max);
	ck_assert_int_eq(max, 16);
	nngxCmdlistStorage(768, 4 * 1024 * 1024 + 1);   /* 128 MiB and 32 bytes */
	ck_assert_uint_eq(glGetError(), GL_ERROR_8006_DMP);
}
END_TEST

/* ---- callbacks (one level deep) ------------------------------------------ */

static unsigned cb_calls, cb_depth, cb_max_depth;
static int cb_action;

enum { CB_WAIT_VSYNC, CB_SWAP, CB_WAIT_CMDLIST_REARM, CB_RESET, CB_WAIT_FRAMES };

static void cb_enter(void)
{
	cb_calls++;
	if (++cb_depth > cb_max_depth)
		cb_max_depth = cb_depth;
}

static void on_cmdlist(GLint id);

static void cb_body(void)
{
	switch (cb_action) {
	case CB_WAIT_VSYNC: nngxWaitVSync(NN_GX_DISPLAY_BOTH); break;
	case CB_SWAP: nngxSwapBuffers(NN_GX_DISPLAY_BOTH); break;
	case CB_WAIT_FRAMES: nngxShimAdvance(5ull * HW_LCD_FRAME_CLOCKS); break;
	case CB_WAIT_CMDLIST_REARM:
		nngxSetCmdlistCallback(on_cmdlist);
		nngxEnableCmdlistCallback(-1);
		nngxWaitCmdlistDone();
		break;
	default: nngxShimReset(); break;
	}
}

static void on_vsync(GLenum display_id)
{
	if (display_id != NN_GX_DISPLAY0)
		return;                 /* one call a blank: the upper screen's */
	cb_enter();
	cb_body();
	cb_depth--;
}

static void on_cmdlist(GLint id)
{
	(void)id;
	cb_enter();
	cb_body();
	cb_depth--;
}

static void callbacks_reset(int action)
{
	reset_with_defaults();
	nngxSetVSyncCallback(NN_GX_DISPLAY_BOTH, NULL);
	nngxSetCmdlistCallback(NULL);
	cb_calls = cb_depth = cb_max_depth = 0;
	cb_action = action;
}

static void callbacks_off(void)
{
	nngxSetVSyncCallback(NN_GX_DISPLAY_BOTH, NULL);
	nngxSetCmdlistCallback(NULL);
	nngxDisableCmdlistCallback(-1);
}

/* A VSync callback that waits for the next VSync: legal on the console,
 * where it runs outside the waiting caller. Here its wait queues the next
 * blank, which the program's next wait calls back: one callback a wait,
 * never nested, and each wait lasts one frame more than the program's. */
START_TEST(test_callback_vsync_may_wait_for_vsync)
{
	unsigned k;
	uint64_t frames;

	callbacks_reset(CB_WAIT_VSYNC);
	nngxSetVSyncCallback(NN_GX_DISPLAY_BOTH, on_vsync);
	frames = hw_gpu_frames(&nngx_state_get()->gpu);
	for (k = 0; k < 10; k++)
		nngxWaitVSync(NN_GX_DISPLAY_BOTH);
	callbacks_off();
	ck_assert_uint_eq(cb_calls, 10);
	ck_assert_uint_eq(cb_max_depth, 1);
	ck_assert_uint_eq(hw_gpu_frames(&nngx_state_get()->gpu) - frames, 11);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
}
END_TEST

/* A long wait calls the callback at every blank it passes, as before,
 * even when each callback waits a blank itself. */
START_TEST(test_callback_vsync_waiting_in_a_long_wait_is_bounded)
{
	callbacks_reset(CB_WAIT_VSYNC);
	nngxSetVSyncCallback(NN_GX_DISPLAY_BOTH, on_vsync);
	nngxShimAdvance(20ull * HW_LCD_FRAME_CLOCKS);
	callbacks_off();
	ck_assert_uint_ge(cb_calls, 10);
	ck_assert_uint_le(cb_calls, 21);
	ck_assert_uint_eq(cb_max_depth, 1);
}
END_TEST

/* A VSync callback whose own wait passes five blanks: they merge into one
 * queued call (the console's interrupt keeps one pending flag), so each
 * program wait calls back at most twice (the merged blank and its own)
 * and says so with VSYNC_CALLBACKS_SKIPPED. Queued one by one, the calls
 * would grow fivefold with every wait. */
START_TEST(test_callback_vsync_blanks_inside_a_callback_merge)
{
	GLuint skipped = nngxShimGetDiagCount(NNGX_SHIM_DIAG_VSYNC_CALLBACKS_SKIPPED);
	unsigned k;

	callbacks_reset(CB_WAIT_FRAMES);
	nngxSetVSyncCallback(NN_GX_DISPLAY_BOTH, on_vsync);
	for (k = 0; k < 10; k++)
		nngxWaitVSync(NN_GX_DISPLAY_BOTH);
	callbacks_off();
	ck_assert_uint_ge(cb_calls, 10);
	ck_assert_uint_le(cb_calls, 20);
	ck_assert_uint_eq(cb_max_depth, 1);
	ck_assert_uint_gt(nngxShimGetDiagCount(NNGX_SHIM_DIAG_VSYNC_CALLBACKS_SKIPPED), skipped);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
}
END_TEST

static GLuint display_buffer(GLenum display_id, GLsizei h)
{
	GLuint b;

	nngxGenDisplaybuffers(1, &b);
	nngxActiveDisplay(display_id);
	nngxBindDisplaybuffer(b);
	nngxDisplaybufferStorage(GL_RGB565, 240, h, NN_GX_MEM_VRAMA);
	return b;
}

/* A VSync callback that swaps the buffers, as a present thread would. */
START_TEST(test_callback_vsync_may_swap)
{
	unsigned k;

	callbacks_reset(CB_SWAP);
	display_buffer(NN_GX_DISPLAY0, 400);
	display_buffer(NN_GX_DISPLAY1, 320);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	nngxSetVSyncCallback(NN_GX_DISPLAY_BOTH, on_vsync);
	for (k = 0; k < 5; k++) {
		nngxWaitVSync(NN_GX_DISPLAY_BOTH);
		/* The callback's swap is latched for the next blank. */
		ck_assert_int_eq(nngxCheckVSync(NN_GX_DISPLAY_BOTH), GL_FALSE);
	}
	callbacks_off();
	ck_assert_uint_eq(cb_calls, 5);
	ck_assert_uint_eq(cb_max_depth, 1);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	nngxWaitVSync(NN_GX_DISPLAY_BOTH);
	ck_assert_int_eq(nngxCheckVSync(NN_GX_DISPLAY_BOTH), GL_TRUE);
}
END_TEST

/* A command-list callback that re-arms itself and waits: one call a
 * program wait, never nested. */
START_TEST(test_callback_cmdlist_rearms_itself_and_waits)
{
	unsigned k;

	callbacks_reset(CB_WAIT_CMDLIST_REARM);
	nngxSetCmdlistCallback(on_cmdlist);
	nngxEnableCmdlistCallback(-1);
	for (k = 1; k <= 5; k++) {
		nngxWaitCmdlistDone();
		ck_assert_uint_eq(cb_calls, k);
	}
	callbacks_off();
	ck_assert_uint_eq(cb_max_depth, 1);
}
END_TEST

/* The same with GPU work queued: the callback's own wait finishes it;
 * still bounded and never nested. */
START_TEST(test_callback_cmdlist_wait_with_work_queued)
{
	unsigned k;

	callbacks_reset(CB_WAIT_CMDLIST_REARM);
	make_list(65536, 16);
	nngxSetCmdlistCallback(on_cmdlist);
	nngxEnableCmdlistCallback(-1);
	for (k = 0; k < 3; k++) {
		build_fixed_draw(300);
		add_draws(1);
		run_stream();
		ck_assert(!nngxGetIsRunning());
	}
	callbacks_off();
	ck_assert_uint_ge(cb_calls, 3);
	ck_assert_uint_le(cb_calls, 6);
	ck_assert_uint_eq(cb_max_depth, 1);
}
END_TEST

/* A callback that resets the GPU ends the wait it was called from. */
START_TEST(test_callback_reset_ends_the_wait)
{
	callbacks_reset(CB_RESET);
	nngxSetVSyncCallback(NN_GX_DISPLAY_BOTH, on_vsync);
	nngxShimAdvance(10ull * HW_LCD_FRAME_CLOCKS);
	callbacks_off();
	ck_assert_uint_eq(cb_calls, 1);
	ck_assert_uint_eq(nngxShimGetClock(), 0);
}
END_TEST

/* ---- nngxSetTimeout ------------------------------------------------------------- */

static unsigned timeouts;

static void on_timeout(void)
{
	timeouts++;
}

/* A wait longer than the limit gives up when the limit (system ticks at
 * 268,111,856 Hz) has passed, the GPU still running, and calls the
 * timeout callback; 0 waits to the end. */
START_TEST(test_set_timeout_bounds_nngxWaitCmdlistDone)
{
	GLuint64EXT start;

	callbacks_reset(CB_WAIT_VSYNC);
	timeouts = 0;
	make_list(65536, 16);
	build_fixed_draw(20000);                /* some 80000 clocks of work */
	add_draws(1);
	nngxAdd3DCommand(cmd.w, (GLsizei)(cmd.n * 4), GL_TRUE);
	nngxFlush3DCommand();
	nngxSetTimeout(1000, on_timeout);       /* 1000 ticks: 999 clocks */
	start = nngxShimGetClock();
	nngxRunCmdlist();
	nngxWaitCmdlistDone();
	ck_assert_uint_eq(nngxShimGetClock() - start, 999);
	ck_assert(nngxGetIsRunning());
	ck_assert_uint_eq(timeouts, 1);
	nngxSetTimeout(-1, NULL);               /* refused: the limit stays */
	nngxWaitCmdlistDone();
	ck_assert_uint_eq(nngxShimGetClock() - start, 2 * 999);
	ck_assert(nngxGetIsRunning());
	ck_assert_uint_eq(timeouts, 2);
	nngxSetTimeout(0, NULL);
	nngxWaitCmdlistDone();
	ck_assert(!nngxGetIsRunning());
	ck_assert_uint_eq(timeouts, 2);
}
END_TEST

static Suite *robust_suite(void)
{
	Suite *s = suite_create("robust");
	TCase *tc = tcase_create("request_bounds");
	TCase *cb = tcase_create("callbacks");

	tcase_add_test(tc, test_request_work_bound_stops_a_4g_vertex_draw);
	tcase_add_test(tc, test_request_bound_leaves_the_next_request_alone);
	tcase_add_test(tc, test_request_work_bound_counts_every_draw_of_the_buffer);
	tcase_add_test(tc, test_request_clock_bound_skips_the_rest_of_the_buffer);
	tcase_add_test(tc, test_request_bounds_defaults_and_zero);
	tcase_add_test(tc, test_cmdlist_storage_refuses_a_queue_fcram_cannot_hold);
	suite_add_tcase(s, tc);
	tcase_add_test(cb, test_callback_vsync_may_wait_for_vsync);
	tcase_add_test(cb, test_callback_vsync_waiting_in_a_long_wait_is_bounded);
	tcase_add_test(cb, test_callback_vsync_blanks_inside_a_callback_merge);
	tcase_add_test(cb, test_callback_vsync_may_swap);
	tcase_add_test(cb, test_callback_cmdlist_rearms_itself_and_waits);
	tcase_add_test(cb, test_callback_cmdlist_wait_with_work_queued);
	tcase_add_test(cb, test_callback_reset_ends_the_wait);
	tcase_add_test(cb, test_set_timeout_bounds_nngxWaitCmdlistDone);
	suite_add_tcase(s, cb);
	return s;
}

int main(void)
{
	return tu_run(robust_suite());
}
