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
	nngx_state_apply_config(nngx_state_get(), &defaults);
}

/* "mov o0, v0; end" with one fixed attribute (nothing read from memory),
 * then a DRAWARRAYS of `count` vertices: the stream that hung the host
 * with count = 0xFFFFFFFF. */
static void build_fixed_draw(uint32_t count)
{
	struct shader_asm a;
	struct hw_shader_state prog;

	asm_init(&a);
	asm_mov(&a, asm_o(0), asm_v(0));
	asm_end(&a);
	ck_assert(asm_finish(&a, &prog));
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

static Suite *robust_suite(void)
{
	Suite *s = suite_create("robust");
	TCase *tc = tcase_create("request_bounds");

	tcase_add_test(tc, test_request_work_bound_stops_a_4g_vertex_draw);
	tcase_add_test(tc, test_request_bound_leaves_the_next_request_alone);
	tcase_add_test(tc, test_request_work_bound_counts_every_draw_of_the_buffer);
	tcase_add_test(tc, test_request_clock_bound_skips_the_rest_of_the_buffer);
	tcase_add_test(tc, test_request_bounds_defaults_and_zero);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(robust_suite());
}
