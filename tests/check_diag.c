/* check_diag.c: the diagnostics layer: its table, the callback and stderr
 * routes, level filtering and counting, and one diagnostic per misuse named
 * in nngx_shim(3). */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include "test_util.h"

#define TEXT_MAX 1024

/* What the callback saw. Strings are copied: the library's buffers live
 * only during the call. */
struct recorder {
	int calls;
	int by_id[NNGX_SHIM_DIAG_MAX_];
	GLint severity_by_id[NNGX_SHIM_DIAG_MAX_];
	char function_by_id[NNGX_SHIM_DIAG_MAX_][64];
	void *user;
	nngxShimDiagId id;
	GLint severity;
	const char *rule;
	char name[64];
	char function[64];
	char detail[TEXT_MAX];
};

static struct recorder rec;
static int rec_token;   /* its address is the user pointer */

static void copy_text(char *dst, size_t n, const char *src)
{
	snprintf(dst, n, "%s", src ? src : "(null)");
}

static void rec_callback(const nngxShimDiagnostic *d, void *user)
{
	rec.calls++;
	rec.user = user;
	rec.id = d->id;
	rec.severity = d->severity;
	rec.rule = d->rule;
	copy_text(rec.name, sizeof rec.name, d->name);
	copy_text(rec.function, sizeof rec.function, d->function);
	copy_text(rec.detail, sizeof rec.detail, d->detail);
	/* An out-of-table id must fail the test, not corrupt it. */
	if (d->id > 0 && d->id < NNGX_SHIM_DIAG_MAX_) {
		rec.by_id[d->id]++;
		rec.severity_by_id[d->id] = d->severity;
		copy_text(rec.function_by_id[d->id], sizeof rec.function_by_id[0], d->function);
	}
}

/* Route diagnostics at or above `level` to the recorder. */
static void rec_install(GLint level)
{
	memset(&rec, 0, sizeof rec);
	nngxShimSetDiagCallback(rec_callback, &rec_token);
	nngxShimSetDiagLevel(level);
}

static int count_char(const char *s, char ch)
{
	int n = 0;

	for (; *s; s++)
		n += *s == ch;
	return n;
}

/* ---- fixture -------------------------------------------------------------- */

/* Checked (runs in the forked child): the parent never touches the library. */
static void setup(void)
{
	tu_reset();
	memset(&rec, 0, sizeof rec);
}

/* No callback into this file's data may outlive the test (the library warns
 * at exit about a vertex-cache counter left running). */
static void teardown(void)
{
	tu_reset();
}

static void data_path(char *out, size_t n, const char *name)
{
	const char *dir = getenv("NNGX_TEST_DATA");

	ck_assert_msg(dir != NULL, "NNGX_TEST_DATA is not set (make check sets it)");
	snprintf(out, n, "%s/%s", dir, name);
}

/* ---- the table ------------------------------------------------------------ */

/* Name, rule and severity all come from NNGX_SHIM_DIAG_MAP, so they must
 * read back exactly as written there. */
START_TEST(test_diag_table_rows_read_back)
{
#define CHECK_ROW(num, name, sev, rule)                                            \
	ck_assert_int_eq(NNGX_SHIM_DIAG_##name, num);                              \
	ck_assert_ptr_nonnull(nngxShimGetDiagName(num));                           \
	ck_assert_str_eq(nngxShimGetDiagName(num), #name);                         \
	ck_assert_ptr_nonnull(nngxShimGetDiagRule(num));                           \
	ck_assert_str_eq(nngxShimGetDiagRule(num), rule);                          \
	ck_assert_uint_gt(strlen(nngxShimGetDiagRule(num)), 0);                    \
	ck_assert_int_eq(nngx_diag_severity(num), NNGX_SHIM_SEVERITY_##sev);
	NNGX_SHIM_DIAG_MAP(CHECK_ROW)
#undef CHECK_ROW
}
END_TEST

START_TEST(test_diag_table_names_and_numbers_unique)
{
#define ROW_NUM(num, name, sev, rule) num,
#define ROW_NAME(num, name, sev, rule) #name,
	static const int nums[] = { NNGX_SHIM_DIAG_MAP(ROW_NUM) };
	static const char *const names[] = { NNGX_SHIM_DIAG_MAP(ROW_NAME) };
#undef ROW_NUM
#undef ROW_NAME
	size_t n = sizeof nums / sizeof nums[0], i, j;

	for (i = 0; i < n; i++) {
		ck_assert_int_gt(nums[i], 0);
		ck_assert_int_lt(nums[i], NNGX_SHIM_DIAG_MAX_);
		for (j = i + 1; j < n; j++) {
			ck_assert_msg(nums[i] != nums[j], "number %d used twice", nums[i]);
			ck_assert_msg(strcmp(names[i], names[j]) != 0, "name %s used twice",
				      names[i]);
		}
	}
}
END_TEST

START_TEST(test_diag_unknown_ids_have_no_name_rule_or_count)
{
	static const GLint unknown[] = { 0, NNGX_SHIM_DIAG_MAX_, -1, 9999 };
	size_t i;

	for (i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
		ck_assert_ptr_null(nngxShimGetDiagName(unknown[i]));
		ck_assert_ptr_null(nngxShimGetDiagRule(unknown[i]));
		ck_assert_uint_eq(nngxShimGetDiagCount(unknown[i]), 0);
	}
}
END_TEST

/* ---- the callback ------------------------------------------------------- */

START_TEST(test_diag_callback_receives_every_field)
{
	rec_install(NNGX_SHIM_SEVERITY_DEBUG);
	nngxStartProfiling(0x1234);

	ck_assert_int_eq(rec.calls, 1);
	ck_assert_int_eq(rec.id, NNGX_SHIM_DIAG_INVALID_START_ITEM);
	ck_assert_str_eq(rec.name, "INVALID_START_ITEM");
	ck_assert_int_eq(rec.severity, NNGX_SHIM_SEVERITY_ERROR);
	ck_assert_str_eq(rec.function, "nngxStartProfiling");
	/* The very row of the table, not a copy that could drift. */
	ck_assert_ptr_eq(rec.rule, nngxShimGetDiagRule(NNGX_SHIM_DIAG_INVALID_START_ITEM));
	ck_assert_msg(strstr(rec.detail, "0x1234") != NULL, "detail '%s' lacks 0x1234",
		      rec.detail);
	ck_assert_ptr_eq(rec.user, &rec_token);
	ck_assert_uint_eq(glGetError(), GL_ERROR_80A2_DMP);
}
END_TEST

/* Whatever the entry point, the detail names the rejected enum in hex. */
START_TEST(test_diag_detail_names_bad_enum_in_hex)
{
	GLuint buf[NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS], param = 0;
	int step;

	for (step = 0; step < 5; step++) {
		rec_install(NNGX_SHIM_SEVERITY_DEBUG);
		switch (step) {
		case 0: nngxStartProfiling(0x1234); break;
		case 1: nngxStopProfiling(0x1234); break;
		case 2: nngxGetProfilingResult(0x1234, buf); break;
		case 3: nngxSetProfilingParameter(0x1234, 1); break;
		default: nngxGetProfilingParameter(0x1234, &param); break;
		}
		ck_assert_int_eq(rec.calls, 1);
		ck_assert_msg(strstr(rec.detail, "0x1234") != NULL,
			      "%s: detail '%s' lacks 0x1234", rec.function, rec.detail);
		ck_assert_uint_ne(glGetError(), GL_NO_ERROR);
	}
}
END_TEST

/* ---- levels and counts -------------------------------------------------- */

/* INFO is below the default WARNING: hidden, yet counted. */
START_TEST(test_diag_level_warning_hides_info_but_counts_it)
{
	rec_install(NNGX_SHIM_SEVERITY_WARNING);
	nngxStartProfiling(0x1234);
	nngxStartProfiling(0x1234);   /* flag still holds 80A2: this one is dropped */

	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_ERROR_DROPPED), 1);
	ck_assert_int_eq(rec.by_id[NNGX_SHIM_DIAG_ERROR_DROPPED], 0);
	ck_assert_int_eq(rec.by_id[NNGX_SHIM_DIAG_INVALID_START_ITEM], 2);
	ck_assert_uint_eq(glGetError(), GL_ERROR_80A2_DMP);
}
END_TEST

START_TEST(test_diag_level_debug_shows_info)
{
	rec_install(NNGX_SHIM_SEVERITY_DEBUG);
	nngxStartProfiling(0x1234);
	nngxStartProfiling(0x1234);

	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_ERROR_DROPPED), 1);
	ck_assert_int_eq(rec.by_id[NNGX_SHIM_DIAG_ERROR_DROPPED], 1);
	ck_assert_int_eq(rec.severity_by_id[NNGX_SHIM_DIAG_ERROR_DROPPED],
			 NNGX_SHIM_SEVERITY_INFO);
	ck_assert_uint_eq(glGetError(), GL_ERROR_80A2_DMP);
}
END_TEST

START_TEST(test_diag_level_off_silences_all_but_counts)
{
	GLuint buf[NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_CACHE];

	rec_install(NNGX_SHIM_LEVEL_OFF);
	nngxStartProfiling(0x1234);
	nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_CACHE, buf);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);

	ck_assert_int_eq(rec.calls, 0);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_START_ITEM), 1);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_VERTEX_CACHE_NOT_STARTED), 1);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_BUSY_PARAMETERS_UNSET), 1);
	glGetError();
}
END_TEST

/* Loop over every level: a diagnostic of each severity reaches the callback
 * exactly when its severity is at or above the level. */
START_TEST(test_diag_level_shows_severity_at_or_above)
{
	static const struct { nngxShimDiagId id; GLint severity; GLuint times; } raised[] = {
		{ NNGX_SHIM_DIAG_STOP_NOT_RUNNING, NNGX_SHIM_SEVERITY_DEBUG, 1 },
		{ NNGX_SHIM_DIAG_ERROR_DROPPED, NNGX_SHIM_SEVERITY_INFO, 1 },
		{ NNGX_SHIM_DIAG_BUSY_PARAMETERS_UNSET, NNGX_SHIM_SEVERITY_WARNING, 1 },
		{ NNGX_SHIM_DIAG_INVALID_START_ITEM, NNGX_SHIM_SEVERITY_ERROR, 2 },
	};
	GLint level = _i;
	size_t k;

	rec_install(level);
	ck_assert_int_eq(nngxShimGetDiagLevel(), level);
	nngxStopProfiling(NN_GX_PROFILING_BUSY);
	nngxStartProfiling(0x1234);
	nngxStartProfiling(0x1234);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);

	for (k = 0; k < sizeof raised / sizeof raised[0]; k++) {
		int want = raised[k].severity >= level ? (int)raised[k].times : 0;

		ck_assert_msg(rec.by_id[raised[k].id] == want, "level %d: %s shown %d times, want %d",
			      level, nngxShimGetDiagName(raised[k].id), rec.by_id[raised[k].id],
			      want);
		ck_assert_uint_eq(nngxShimGetDiagCount(raised[k].id), raised[k].times);
	}
	glGetError();
}
END_TEST

START_TEST(test_diag_set_level_out_of_range_is_invalid_value)
{
	nngxShimSetDiagLevel(NNGX_SHIM_SEVERITY_INFO);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);

	nngxShimSetDiagLevel(5);
	ck_assert_uint_eq(glGetError(), GL_INVALID_VALUE);
	ck_assert_int_eq(nngxShimGetDiagLevel(), NNGX_SHIM_SEVERITY_INFO);

	nngxShimSetDiagLevel(-1);
	ck_assert_uint_eq(glGetError(), GL_INVALID_VALUE);
	ck_assert_int_eq(nngxShimGetDiagLevel(), NNGX_SHIM_SEVERITY_INFO);

	/* Both ends of the range are valid. */
	nngxShimSetDiagLevel(NNGX_SHIM_LEVEL_OFF);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	ck_assert_int_eq(nngxShimGetDiagLevel(), NNGX_SHIM_LEVEL_OFF);
	nngxShimSetDiagLevel(NNGX_SHIM_SEVERITY_DEBUG);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	ck_assert_int_eq(nngxShimGetDiagLevel(), NNGX_SHIM_SEVERITY_DEBUG);
}
END_TEST

/* "How many times ... since the last reset." */
START_TEST(test_diag_counts_cleared_by_reset)
{
	nngxStartProfiling(0x1234);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_START_ITEM), 1);
	nngxShimReset();
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_START_ITEM), 0);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
}
END_TEST

/* ---- every misuse and its diagnostic -------------------------------------- */

static GLuint result_buf[NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS];
static GLuint param_out;

static void nothing(void) {}
static void start_bad_item(void) { nngxStartProfiling(0x1234); }
static void start_shader0(void) { nngxStartProfiling(NN_GX_PROFILING_VERTEX_SHADER0); }
static void stop_bad_item(void) { nngxStopProfiling(0x1234); }
static void stop_fragment(void) { nngxStopProfiling(NN_GX_PROFILING_FRAGMENT); }
static void result_bad_item(void) { nngxGetProfilingResult(0x1234, result_buf); }
static void set_bad_pname(void) { nngxSetProfilingParameter(0x1234, 1); }
static void set_time_zero(void)
{
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME, 0);
}
static void get_bad_pname(void) { nngxGetProfilingParameter(0x1234, &param_out); }
static void result_null(void) { nngxGetProfilingResult(NN_GX_PROFILING_BUSY, NULL); }
static void param_null(void)
{
	nngxGetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, NULL);
}
static void start_interrupt(void) { nngxStartProfiling(NN_GX_PROFILING_INTERRUPT); }
static void stop_interrupt(void) { nngxStopProfiling(NN_GX_PROFILING_INTERRUPT); }
static void result_interrupt(void)
{
	nngxGetProfilingResult(NN_GX_PROFILING_INTERRUPT, result_buf);
}
static void set_int_enable(void) { nngxSetProfilingParameter(NN_GX_PROFILING_INTERRUPT_ENABLE, 1); }
static void set_int_trigger(void)
{
	nngxSetProfilingParameter(NN_GX_PROFILING_INTERRUPT_TRIGGER, 1);
}
static void set_int_logging(void)
{
	nngxSetProfilingParameter(NN_GX_PROFILING_INTERRUPT_IS_LOGGING, 1);
}
static void get_int_enable(void)
{
	nngxGetProfilingParameter(NN_GX_PROFILING_INTERRUPT_ENABLE, &param_out);
}
static void get_int_trigger(void)
{
	nngxGetProfilingParameter(NN_GX_PROFILING_INTERRUPT_TRIGGER, &param_out);
}
static void get_int_logging(void)
{
	nngxGetProfilingParameter(NN_GX_PROFILING_INTERRUPT_IS_LOGGING, &param_out);
}
static void start_busy(void) { nngxStartProfiling(NN_GX_PROFILING_BUSY); }
static void stop_busy(void) { nngxStopProfiling(NN_GX_PROFILING_BUSY); }
static void set_time_only(void)
{
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME, 100);
}
static void set_count_only(void)
{
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 1);
}
static void set_both(void) { tu_set_busy(100, 1); }
static void set_ns_1(void)
{
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND, 1);
}
static void set_ns_3(void)
{
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND, 3);
}
static void set_ns_4(void)
{
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND, 4);
}
static void start_vcache(void) { nngxStartProfiling(NN_GX_PROFILING_VERTEX_CACHE); }
static void stop_vcache(void) { nngxStopProfiling(NN_GX_PROFILING_VERTEX_CACHE); }
static void start_stop_vcache(void) { start_vcache(); stop_vcache(); }
static void read_vcache(void) { nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_CACHE, result_buf); }
static void shim_reset(void) { nngxShimReset(); }
static void set_count_5(void) { nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 5); }
static void get_count(void)
{
	nngxGetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, &param_out);
}
static void read_fragment(void) { nngxGetProfilingResult(NN_GX_PROFILING_FRAGMENT, result_buf); }
static void inject_module_8(void) { nngxShimInjectBusy(8, 10); }
static void busy_running(void) { tu_set_busy(100, 0); start_busy(); }
static void busy_started_stopped(void) { busy_running(); stop_busy(); }
static void read_busy(void) { nngxGetProfilingResult(NN_GX_PROFILING_BUSY, result_buf); }

/* A command list runs for 1000 more clocks. */
static void cmdlist_runs(void)
{
	struct nngx_state *st = nngx_state_get();

	st->gpu.cmdlist_busy_until = st->gpu.clock + 1000;
}

static void cmdlist_runs_vcache_started(void) { start_vcache(); cmdlist_runs(); }
static void cmdlist_done(void) { cmdlist_runs(); nngxShimAdvance(1000); }
static void cmdlist_done_vcache_started(void) { start_vcache(); cmdlist_done(); }

static void load_missing_config(void)
{
	char path[TEXT_MAX];

	data_path(path, sizeof path, "config/does-not-exist.cfg");
	nngxShimLoadConfig(path);
}

/* CONFIG_LOADED is DEBUG and the file sets the level: it must keep DEBUG. */
static void load_debug_config(void)
{
	char path[TEXT_MAX];

	data_path(path, sizeof path, "config/level_debug.cfg");
	nngxShimLoadConfig(path);
}

#define NOT_RAISED (-1)

struct misuse {
	const char *what;
	void (*prepare)(void);  /* silent: before the recorder is installed */
	void (*act)(void);      /* at level DEBUG, into the recorder */
	nngxShimDiagId id;
	GLint severity;         /* NOT_RAISED: `id` must not be raised */
	const char *function;   /* the API function the diagnostic names */
	GLenum gl_error;        /* glGetError() afterwards */
	int calls;              /* diagnostics shown in all */
	GLuint count;           /* nngxShimGetDiagCount(id) moved by this much */
};

#define E NNGX_SHIM_SEVERITY_ERROR
#define W NNGX_SHIM_SEVERITY_WARNING
#define I NNGX_SHIM_SEVERITY_INFO
#define D NNGX_SHIM_SEVERITY_DEBUG
#define ID(x) NNGX_SHIM_DIAG_##x

static const struct misuse misuses[] = {
	/* Invalid enums: ERROR and the SDK's error code. */
	{ "start unknown item", nothing, start_bad_item, ID(INVALID_START_ITEM), E,
	  "nngxStartProfiling", GL_ERROR_80A2_DMP, 1, 1 },
	{ "start a counter item", nothing, start_shader0, ID(INVALID_START_ITEM), E,
	  "nngxStartProfiling", GL_ERROR_80A2_DMP, 1, 1 },
	{ "stop unknown item", nothing, stop_bad_item, ID(INVALID_STOP_ITEM), E,
	  "nngxStopProfiling", GL_ERROR_80A3_DMP, 1, 1 },
	{ "stop a counter item", nothing, stop_fragment, ID(INVALID_STOP_ITEM), E,
	  "nngxStopProfiling", GL_ERROR_80A3_DMP, 1, 1 },
	{ "result of unknown item", nothing, result_bad_item, ID(INVALID_RESULT_ITEM), E,
	  "nngxGetProfilingResult", GL_ERROR_80A4_DMP, 1, 1 },
	{ "set unknown pname", nothing, set_bad_pname, ID(INVALID_SET_PARAMETER), E,
	  "nngxSetProfilingParameter", GL_ERROR_80A5_DMP, 1, 1 },
	{ "set time 0", nothing, set_time_zero, ID(PARAMETER_OUT_OF_RANGE), E,
	  "nngxSetProfilingParameter", GL_ERROR_80A6_DMP, 1, 1 },
	{ "get unknown pname", nothing, get_bad_pname, ID(INVALID_GET_PARAMETER), E,
	  "nngxGetProfilingParameter", GL_ERROR_80A7_DMP, 1, 1 },
	/* NULL pointers: ERROR, but no GL error is defined. */
	{ "result into NULL", nothing, result_null, ID(NULL_RESULT), E,
	  "nngxGetProfilingResult", GL_NO_ERROR, 1, 1 },
	{ "parameter into NULL", nothing, param_null, ID(NULL_PARAM), E,
	  "nngxGetProfilingParameter", GL_NO_ERROR, 1, 1 },
	/* INTERRUPT: declared, not modelled; treated as invalid. */
	{ "start INTERRUPT", nothing, start_interrupt, ID(INTERRUPT_NOT_MODELLED), E,
	  "nngxStartProfiling", GL_ERROR_80A2_DMP, 1, 1 },
	{ "stop INTERRUPT", nothing, stop_interrupt, ID(INTERRUPT_NOT_MODELLED), E,
	  "nngxStopProfiling", GL_ERROR_80A3_DMP, 1, 1 },
	{ "result of INTERRUPT", nothing, result_interrupt, ID(INTERRUPT_NOT_MODELLED), E,
	  "nngxGetProfilingResult", GL_ERROR_80A4_DMP, 1, 1 },
	{ "set INTERRUPT_ENABLE", nothing, set_int_enable, ID(INTERRUPT_NOT_MODELLED), E,
	  "nngxSetProfilingParameter", GL_ERROR_80A5_DMP, 1, 1 },
	{ "set INTERRUPT_TRIGGER", nothing, set_int_trigger, ID(INTERRUPT_NOT_MODELLED), E,
	  "nngxSetProfilingParameter", GL_ERROR_80A5_DMP, 1, 1 },
	{ "set INTERRUPT_IS_LOGGING", nothing, set_int_logging, ID(INTERRUPT_NOT_MODELLED), E,
	  "nngxSetProfilingParameter", GL_ERROR_80A5_DMP, 1, 1 },
	{ "get INTERRUPT_ENABLE", nothing, get_int_enable, ID(INTERRUPT_NOT_MODELLED), E,
	  "nngxGetProfilingParameter", GL_ERROR_80A7_DMP, 1, 1 },
	{ "get INTERRUPT_TRIGGER", nothing, get_int_trigger, ID(INTERRUPT_NOT_MODELLED), E,
	  "nngxGetProfilingParameter", GL_ERROR_80A7_DMP, 1, 1 },
	{ "get INTERRUPT_IS_LOGGING", nothing, get_int_logging, ID(INTERRUPT_NOT_MODELLED), E,
	  "nngxGetProfilingParameter", GL_ERROR_80A7_DMP, 1, 1 },
	/* Busy counter started before both parameters were set. */
	{ "start BUSY, nothing set", nothing, start_busy, ID(BUSY_PARAMETERS_UNSET), W,
	  "nngxStartProfiling", GL_NO_ERROR, 1, 1 },
	{ "start BUSY, count unset", set_time_only, start_busy, ID(BUSY_PARAMETERS_UNSET), W,
	  "nngxStartProfiling", GL_NO_ERROR, 1, 1 },
	{ "start BUSY, time unset", set_count_only, start_busy, ID(BUSY_PARAMETERS_UNSET), W,
	  "nngxStartProfiling", GL_NO_ERROR, 1, 1 },
	{ "start BUSY, both set", set_both, start_busy, ID(BUSY_PARAMETERS_UNSET), NOT_RAISED,
	  NULL, GL_NO_ERROR, 0, 0 },
	/* 1..3 ns floor to 0 clocks; 4 ns is 1 clock. */
	{ "1 ns", nothing, set_ns_1, ID(NANOSECONDS_FLOORED), W,
	  "nngxSetProfilingParameter", GL_NO_ERROR, 1, 1 },
	{ "3 ns", nothing, set_ns_3, ID(NANOSECONDS_FLOORED), W,
	  "nngxSetProfilingParameter", GL_NO_ERROR, 1, 1 },
	{ "4 ns", nothing, set_ns_4, ID(NANOSECONDS_FLOORED), NOT_RAISED,
	  NULL, GL_NO_ERROR, 0, 0 },
	/* Vertex-cache counter read without a start since power-on. */
	{ "vcache read, never started", nothing, read_vcache, ID(VERTEX_CACHE_NOT_STARTED), W,
	  "nngxGetProfilingResult", GL_NO_ERROR, 1, 1 },
	{ "vcache read, started", start_vcache, read_vcache, ID(VERTEX_CACHE_NOT_STARTED),
	  NOT_RAISED, NULL, GL_NO_ERROR, 0, 0 },
	{ "vcache read, started and stopped", start_stop_vcache, read_vcache,
	  ID(VERTEX_CACHE_NOT_STARTED), NOT_RAISED, NULL, GL_NO_ERROR, 0, 0 },
	/* Busy counter read without a start since power-on: it reads zeros. */
	{ "busy read, never started", nothing, read_busy, ID(BUSY_NOT_STARTED), W,
	  "nngxGetProfilingResult", GL_NO_ERROR, 1, 1 },
	{ "busy read, never started, parameters set", set_both, read_busy,
	  ID(BUSY_NOT_STARTED), W, "nngxGetProfilingResult", GL_NO_ERROR, 1, 1 },
	{ "busy read, started", busy_running, read_busy, ID(BUSY_NOT_STARTED), NOT_RAISED,
	  NULL, GL_NO_ERROR, 0, 0 },
	{ "busy read, started and stopped", busy_started_stopped, read_busy,
	  ID(BUSY_NOT_STARTED), NOT_RAISED, NULL, GL_NO_ERROR, 0, 0 },
	/* Left running at reset; the reset clears the counts before it warns. */
	{ "vcache running at reset", start_vcache, shim_reset, ID(VERTEX_CACHE_LEFT_RUNNING), W,
	  "nngxShimReset", GL_NO_ERROR, 1, 1 },
	{ "vcache stopped before reset", start_stop_vcache, shim_reset,
	  ID(VERTEX_CACHE_LEFT_RUNNING), NOT_RAISED, NULL, GL_NO_ERROR, 0, 0 },
	/* During a command list: warned, never a GL error. */
	{ "start during command list", cmdlist_runs, start_vcache,
	  ID(CALL_DURING_COMMAND_LIST), W, "nngxStartProfiling", GL_NO_ERROR, 1, 1 },
	{ "stop during command list", cmdlist_runs_vcache_started, stop_vcache,
	  ID(CALL_DURING_COMMAND_LIST), W, "nngxStopProfiling", GL_NO_ERROR, 1, 1 },
	{ "set during command list", cmdlist_runs, set_count_5,
	  ID(CALL_DURING_COMMAND_LIST), W, "nngxSetProfilingParameter", GL_NO_ERROR, 1, 1 },
	{ "get during command list", cmdlist_runs, get_count,
	  ID(CALL_DURING_COMMAND_LIST), W, "nngxGetProfilingParameter", GL_NO_ERROR, 1, 1 },
	{ "result during command list", cmdlist_runs, read_fragment,
	  ID(CALL_DURING_COMMAND_LIST), W, "nngxGetProfilingResult", GL_NO_ERROR, 1, 1 },
	{ "start after command list", cmdlist_done, start_vcache,
	  ID(CALL_DURING_COMMAND_LIST), NOT_RAISED, NULL, GL_NO_ERROR, 0, 0 },
	{ "stop after command list", cmdlist_done_vcache_started, stop_vcache,
	  ID(CALL_DURING_COMMAND_LIST), NOT_RAISED, NULL, GL_NO_ERROR, 0, 0 },
	{ "set after command list", cmdlist_done, set_count_5,
	  ID(CALL_DURING_COMMAND_LIST), NOT_RAISED, NULL, GL_NO_ERROR, 0, 0 },
	{ "get after command list", cmdlist_done, get_count,
	  ID(CALL_DURING_COMMAND_LIST), NOT_RAISED, NULL, GL_NO_ERROR, 0, 0 },
	{ "result after command list", cmdlist_done, read_fragment,
	  ID(CALL_DURING_COMMAND_LIST), NOT_RAISED, NULL, GL_NO_ERROR, 0, 0 },
	/* The shim's own misuse. */
	{ "inject on module 8", nothing, inject_module_8, ID(INVALID_SHIM_MODULE), E,
	  "nngxShimInjectBusy", GL_INVALID_VALUE, 1, 1 },
	/* The lower severities. Dropped: the first error (80A2) stays. */
	{ "error while the flag is set", start_bad_item, stop_bad_item, ID(ERROR_DROPPED), I,
	  "nngxStopProfiling", GL_ERROR_80A2_DMP, 2, 1 },
	{ "parameter while running", busy_running, set_count_5, ID(PARAMETER_WHILE_RUNNING), W,
	  "nngxSetProfilingParameter", GL_NO_ERROR, 1, 1 },
	{ "stop BUSY not running", nothing, stop_busy, ID(STOP_NOT_RUNNING), D,
	  "nngxStopProfiling", GL_NO_ERROR, 1, 1 },
	{ "load a missing config", nothing, load_missing_config, ID(CONFIG_REJECTED), E,
	  "nngxShimLoadConfig", GL_NO_ERROR, 1, 1 },
	{ "load a config", nothing, load_debug_config, ID(CONFIG_LOADED), D,
	  "nngxShimLoadConfig", GL_NO_ERROR, 1, 1 },
};

#undef E
#undef W
#undef I
#undef D
#undef ID

START_TEST(test_diag_each_misuse_raises_its_diagnostic)
{
	const struct misuse *m = &misuses[_i];
	GLuint before;

	m->prepare();
	before = nngxShimGetDiagCount(m->id);
	rec_install(NNGX_SHIM_SEVERITY_DEBUG);
	m->act();

	ck_assert_msg(rec.calls == m->calls, "%s: %d diagnostics shown, want %d (last %s: %s)",
		      m->what, rec.calls, m->calls, rec.name, rec.detail);
	if (m->severity == NOT_RAISED) {
		ck_assert_msg(rec.by_id[m->id] == 0, "%s: %s raised", m->what,
			      nngxShimGetDiagName(m->id));
	} else {
		ck_assert_msg(rec.by_id[m->id] == 1, "%s: %s shown %d times", m->what,
			      nngxShimGetDiagName(m->id), rec.by_id[m->id]);
		ck_assert_msg(rec.severity_by_id[m->id] == m->severity,
			      "%s: severity %d, want %d", m->what, rec.severity_by_id[m->id],
			      m->severity);
		ck_assert_msg(strcmp(rec.function_by_id[m->id], m->function) == 0,
			      "%s: function '%s', want '%s'", m->what,
			      rec.function_by_id[m->id], m->function);
		ck_assert_ptr_eq(rec.user, &rec_token);
	}
	ck_assert_msg(nngxShimGetDiagCount(m->id) - before == m->count,
		      "%s: count moved by %u, want %u", m->what,
		      nngxShimGetDiagCount(m->id) - before, m->count);
	ck_assert_msg(glGetError() == m->gl_error, "%s: wrong GL error", m->what);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
}
END_TEST

/* ---- stderr ----------------------------------------------------------------- */

static const char busy_unset_prefix[] =
	"libnngx: warning [BUSY_PARAMETERS_UNSET]: nngxStartProfiling: ";

static void assert_one_busy_unset_line(const char *out)
{
	ck_assert_msg(strncmp(out, busy_unset_prefix, strlen(busy_unset_prefix)) == 0,
		      "stderr was '%s'", out);
	ck_assert_msg(count_char(out, '\n') == 1 && out[strlen(out) - 1] == '\n',
		      "not exactly one line: '%s'", out);
	/* The line carries the rule, so a reader needs nothing else. */
	ck_assert_ptr_nonnull(strstr(out,
		nngxShimGetDiagRule(NNGX_SHIM_DIAG_BUSY_PARAMETERS_UNSET)));
}

START_TEST(test_diag_default_output_is_one_stderr_line)
{
	struct tu_capture cap;
	char out[TEXT_MAX * 2];

	nngxShimSetDiagLevel(NNGX_SHIM_SEVERITY_WARNING);
	tu_capture_begin(&cap);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	tu_capture_end(&cap, out, sizeof out);

	assert_one_busy_unset_line(out);
}
END_TEST

START_TEST(test_diag_stderr_respects_level)
{
	struct tu_capture cap;
	char out[TEXT_MAX];

	nngxShimSetDiagLevel(NNGX_SHIM_SEVERITY_ERROR);
	tu_capture_begin(&cap);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	tu_capture_end(&cap, out, sizeof out);

	ck_assert_str_eq(out, "");
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_BUSY_PARAMETERS_UNSET), 1);
}
END_TEST

START_TEST(test_diag_null_callback_restores_stderr)
{
	struct tu_capture cap;
	char out[TEXT_MAX * 2];

	rec_install(NNGX_SHIM_SEVERITY_WARNING);
	tu_capture_begin(&cap);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	tu_capture_end(&cap, out, sizeof out);
	ck_assert_str_eq(out, "");
	ck_assert_int_eq(rec.calls, 1);

	nngxShimSetDiagCallback(NULL, &rec_token);
	tu_capture_begin(&cap);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	tu_capture_end(&cap, out, sizeof out);
	assert_one_busy_unset_line(out);
	ck_assert_int_eq(rec.calls, 1);
}
END_TEST

/* ---- repeats on stderr (diagnostics.repeat_limit) ---------------------------------------- */

static const char vcache_line[] = "libnngx: warning [VERTEX_CACHE_NOT_STARTED]: ";

static int count_substr(const char *s, const char *sub)
{
	int n = 0;

	for (s = strstr(s, sub); s; s = strstr(s + 1, sub))
		n++;
	return n;
}

/* The same warning every frame: the first 3 (the default limit) are
 * printed, the rest only counted, and nngxShimReset prints their count. */
START_TEST(test_diag_stderr_prints_a_repeat_three_times_then_summarizes_at_reset)
{
	struct tu_capture cap;
	char out[TEXT_MAX * 8];
	int i;

	nngxShimLoadConfig(NULL);
	nngxShimSetDiagLevel(NNGX_SHIM_SEVERITY_WARNING);
	tu_capture_begin(&cap);
	for (i = 0; i < 10; i++)
		nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_CACHE, result_buf);
	tu_capture_end(&cap, out, sizeof out);
	ck_assert_int_eq(count_substr(out, vcache_line), 3);
	ck_assert_int_eq(count_char(out, '\n'), 3);
	ck_assert_ptr_nonnull(strstr(out, "further repeats are counted"));
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_VERTEX_CACHE_NOT_STARTED), 10);

	tu_capture_begin(&cap);
	nngxShimReset();
	tu_capture_end(&cap, out, sizeof out);
	ck_assert_msg(strstr(out, "libnngx: warning [REPEATS_SUPPRESSED]: nngxShimReset: "
			     "VERTEX_CACHE_NOT_STARTED repeated 7 more times after the first 3")
		      != NULL, "stderr was '%s'", out);
	ck_assert_int_eq(count_char(out, '\n'), 1);

	/* Printing starts afresh after the summary. */
	tu_capture_begin(&cap);
	nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_CACHE, result_buf);
	tu_capture_end(&cap, out, sizeof out);
	ck_assert_int_eq(count_substr(out, vcache_line), 1);
}
END_TEST

/* Nothing suppressed, nothing summarized. */
START_TEST(test_diag_no_summary_without_suppressed_repeats)
{
	struct tu_capture cap;
	char out[TEXT_MAX * 4];

	nngxShimLoadConfig(NULL);
	nngxShimSetDiagLevel(NNGX_SHIM_SEVERITY_WARNING);
	tu_capture_begin(&cap);
	nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_CACHE, result_buf);
	nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_CACHE, result_buf);
	nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_CACHE, result_buf);
	nngxShimReset();
	tu_capture_end(&cap, out, sizeof out);
	ck_assert_int_eq(count_substr(out, vcache_line), 3);
	ck_assert_ptr_null(strstr(out, "REPEATS_SUPPRESSED"));
}
END_TEST

START_TEST(test_diag_repeat_limit_0_prints_every_repeat)
{
	struct tu_capture cap;
	char out[TEXT_MAX * 16];
	int i;

	ck_assert_msg(tu_load_config_text("diagnostics: { repeat_limit = 0; };\n") == GL_TRUE,
		      "%s", nngxShimGetConfigError());
	nngxShimSetDiagLevel(NNGX_SHIM_SEVERITY_WARNING);
	tu_capture_begin(&cap);
	for (i = 0; i < 10; i++)
		nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_CACHE, result_buf);
	nngxShimReset();
	tu_capture_end(&cap, out, sizeof out);
	nngxShimLoadConfig(NULL);
	ck_assert_int_eq(count_substr(out, vcache_line), 10);
	ck_assert_ptr_null(strstr(out, "REPEATS_SUPPRESSED"));
}
END_TEST

START_TEST(test_diag_repeat_limit_1_prints_once)
{
	struct tu_capture cap;
	char out[TEXT_MAX * 8];
	int i;

	ck_assert_msg(tu_load_config_text("diagnostics: { repeat_limit = 1; };\n") == GL_TRUE,
		      "%s", nngxShimGetConfigError());
	nngxShimSetDiagLevel(NNGX_SHIM_SEVERITY_WARNING);
	tu_capture_begin(&cap);
	for (i = 0; i < 4; i++)
		nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_CACHE, result_buf);
	nngxShimReset();
	tu_capture_end(&cap, out, sizeof out);
	nngxShimLoadConfig(NULL);
	ck_assert_int_eq(count_substr(out, vcache_line), 1);
	ck_assert_msg(strstr(out, "VERTEX_CACHE_NOT_STARTED repeated 3 more times after the "
			     "first 1") != NULL, "stderr was '%s'", out);
}
END_TEST

/* A callback is the program's own channel: it gets every repeat. */
START_TEST(test_diag_callback_receives_every_repeat)
{
	int i;

	nngxShimLoadConfig(NULL);
	rec_install(NNGX_SHIM_SEVERITY_WARNING);
	for (i = 0; i < 10; i++)
		nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_CACHE, result_buf);
	nngxShimReset();
	ck_assert_int_eq(rec.by_id[NNGX_SHIM_DIAG_VERTEX_CACHE_NOT_STARTED], 10);
	ck_assert_int_eq(rec.by_id[NNGX_SHIM_DIAG_REPEATS_SUPPRESSED], 0);
}
END_TEST

/* At program exit the count of suppressed repeats is printed: a child
 * process repeats a warning and exits; its stderr is read back. */
START_TEST(test_diag_suppressed_repeats_are_summarized_at_exit)
{
	char out[TEXT_MAX * 8];
	size_t used = 0;
	ssize_t got;
	int fds[2], status;
	pid_t pid;

	ck_assert_int_eq(pipe(fds), 0);
	fflush(NULL);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		int i;

		dup2(fds[1], 2);
		close(fds[0]);
		nngxShimLoadConfig(NULL);
		nngxShimSetDiagLevel(NNGX_SHIM_SEVERITY_WARNING);
		for (i = 0; i < 5; i++)
			nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_CACHE, result_buf);
		exit(0);
	}
	close(fds[1]);
	while (used < sizeof out - 1 && (got = read(fds[0], out + used, sizeof out - 1 - used)) > 0)
		used += (size_t)got;
	out[used] = '\0';
	close(fds[0]);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	ck_assert_int_eq(count_substr(out, vcache_line), 3);
	ck_assert_msg(strstr(out, "[REPEATS_SUPPRESSED]: program exit: VERTEX_CACHE_NOT_STARTED "
			     "repeated 2 more times") != NULL, "stderr was '%s'", out);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("diag");
	TCase *table = tcase_create("table");
	TCase *route = tcase_create("callback and levels");
	TCase *misuse = tcase_create("misuses");
	TCase *out = tcase_create("stderr");

	/* The library is first used inside the tests, never here. */
	tcase_add_checked_fixture(table, setup, teardown);
	tcase_add_test(table, test_diag_table_rows_read_back);
	tcase_add_test(table, test_diag_table_names_and_numbers_unique);
	tcase_add_test(table, test_diag_unknown_ids_have_no_name_rule_or_count);
	suite_add_tcase(s, table);

	tcase_add_checked_fixture(route, setup, teardown);
	tcase_add_test(route, test_diag_callback_receives_every_field);
	tcase_add_test(route, test_diag_detail_names_bad_enum_in_hex);
	tcase_add_test(route, test_diag_level_warning_hides_info_but_counts_it);
	tcase_add_test(route, test_diag_level_debug_shows_info);
	tcase_add_test(route, test_diag_level_off_silences_all_but_counts);
	tcase_add_loop_test(route, test_diag_level_shows_severity_at_or_above,
			    NNGX_SHIM_SEVERITY_DEBUG, NNGX_SHIM_LEVEL_OFF + 1);
	tcase_add_test(route, test_diag_set_level_out_of_range_is_invalid_value);
	tcase_add_test(route, test_diag_counts_cleared_by_reset);
	suite_add_tcase(s, route);

	tcase_add_checked_fixture(misuse, setup, teardown);
	tcase_add_loop_test(misuse, test_diag_each_misuse_raises_its_diagnostic, 0,
			    (int)(sizeof misuses / sizeof misuses[0]));
	suite_add_tcase(s, misuse);

	tcase_add_checked_fixture(out, setup, teardown);
	tcase_add_test(out, test_diag_default_output_is_one_stderr_line);
	tcase_add_test(out, test_diag_stderr_respects_level);
	tcase_add_test(out, test_diag_null_callback_restores_stderr);
	tcase_add_test(out, test_diag_stderr_prints_a_repeat_three_times_then_summarizes_at_reset);
	tcase_add_test(out, test_diag_no_summary_without_suppressed_repeats);
	tcase_add_test(out, test_diag_repeat_limit_0_prints_every_repeat);
	tcase_add_test(out, test_diag_repeat_limit_1_prints_once);
	tcase_add_test(out, test_diag_callback_receives_every_repeat);
	tcase_add_test(out, test_diag_suppressed_repeats_are_summarized_at_exit);
	suite_add_tcase(s, out);

	return tu_run(s);
}
