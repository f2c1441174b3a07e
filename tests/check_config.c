/* check_config.c: the configuration file: the shipped one equals the
 * built-in defaults, bad files are rejected with "file:line: message" and
 * change nothing, each key changes what it says, and the start-up lookup
 * (NNGX_CONFIG, NNGX_DIAG_LEVEL). Files are in $NNGX_TEST_DATA/config. */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test_util.h"

#define PATH_LEN 1024
#define TEXT_MAX 2048

static void data_path(char *out, size_t n, const char *name)
{
	const char *dir = getenv("NNGX_TEST_DATA");

	ck_assert_msg(dir != NULL, "NNGX_TEST_DATA is not set (make check sets it)");
	snprintf(out, n, "%s/config/%s", dir, name);
}

/* $NNGX_CONFIG as the suite started: the start-up tests repoint the
 * variable, and still need the shipped file. */
static char shipped_config[PATH_LEN];

static const char *shipped_path(void)
{
	ck_assert_msg(shipped_config[0] != '\0', "NNGX_CONFIG is not set (make check sets it)");
	return shipped_config;
}

/* Load a file from the test data that must be accepted. */
static void load_ok(const char *name)
{
	char path[PATH_LEN];

	data_path(path, sizeof path, name);
	ck_assert_msg(nngxShimLoadConfig(path) == GL_TRUE, "%s rejected: %s", name,
		      nngxShimGetConfigError());
	ck_assert_str_eq(nngxShimGetConfigError(), "");
}

static void assert_config_eq(const struct nngx_config *got, const struct nngx_config *want)
{
	ck_assert_uint_eq(got->busy_unset_sampling_time, want->busy_unset_sampling_time);
	ck_assert_uint_eq(got->busy_unset_sampling_count, want->busy_unset_sampling_count);
	ck_assert_int_eq(got->vcache_unstarted, want->vcache_unstarted);
	ck_assert_int_eq(got->diag_level, want->diag_level);
	ck_assert_uint_eq(got->vcache_entries, want->vcache_entries);
	ck_assert_int_eq(got->vcache_policy, want->vcache_policy);
	ck_assert(memcmp(&got->shader_timing, &want->shader_timing, sizeof got->shader_timing) == 0);
	ck_assert(memcmp(&got->draw_costs, &want->draw_costs, sizeof got->draw_costs) == 0);
	ck_assert(memcmp(&got->transfer_rates, &want->transfer_rates,
			 sizeof got->transfer_rates) == 0);
	ck_assert_uint_eq(got->lcd_frame_clocks, want->lcd_frame_clocks);
	ck_assert_uint_eq(got->texture_cache.line_bytes, want->texture_cache.line_bytes);
	ck_assert_uint_eq(got->texture_cache.sets, want->texture_cache.sets);
	ck_assert_uint_eq(got->texture_cache.ways, want->texture_cache.ways);
	ck_assert_int_eq(got->texture_cache.policy, want->texture_cache.policy);
	ck_assert_uint_eq(got->framebuffer_cache.line_bytes, want->framebuffer_cache.line_bytes);
	ck_assert_uint_eq(got->framebuffer_cache.sets, want->framebuffer_cache.sets);
	ck_assert_uint_eq(got->framebuffer_cache.ways, want->framebuffer_cache.ways);
	ck_assert_int_eq(got->framebuffer_cache.policy, want->framebuffer_cache.policy);
	ck_assert_str_eq(got->capture_file, want->capture_file);
	ck_assert_str_eq(got->capture_trace, want->capture_trace);
	ck_assert_str_eq(got->capture_frames_dir, want->capture_frames_dir);
	ck_assert_uint_eq(got->capture_sampling_time, want->capture_sampling_time);
}

static GLuint get_parameter(GLenum pname)
{
	GLuint v = 0xDEADBEEFu;

	nngxGetProfilingParameter(pname, &v);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	return v;
}

static GLuint read_vcache(void)
{
	GLuint v = 0xDEADBEEFu;

	nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_CACHE, &v);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	return v;
}

static void vcache_miss(uint32_t vertices)
{
	hw_counters_vcache_miss(&nngx_state_get()->gpu.counters, vertices);
}

/* Sum of the eight packed 16-bit busy counts (reading resets them). */
static unsigned read_busy_sum(void)
{
	GLuint r[NN_GX_PROFILING_RESULT_BUFSIZE_BUSY];
	unsigned sum = 0;
	int i;

	nngxGetProfilingResult(NN_GX_PROFILING_BUSY, r);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	for (i = 0; i < NN_GX_PROFILING_RESULT_BUFSIZE_BUSY; i++)
		sum += (r[i] & 0xFFFFu) + (r[i] >> 16);
	return sum;
}

/* ---- fixture ---------------------------------------------------------------- */

static int diag_seen;
static char last_rejection[TEXT_MAX];

/* Keeps rejections off stderr and remembers the last one. */
static void quiet_callback(const nngxShimDiagnostic *d, void *user)
{
	(void)user;
	diag_seen++;
	if (d->id == NNGX_SHIM_DIAG_CONFIG_REJECTED)
		snprintf(last_rejection, sizeof last_rejection, "%s", d->detail);
}

/* Checked fixture, so it runs in the forked child: the parent never uses
 * the library. Every test starts from the shipped file, powered on. */
static void setup(void)
{
	ck_assert_int_eq(nngxShimLoadConfig(shipped_path()), GL_TRUE);
	tu_reset();
	diag_seen = 0;
	last_rejection[0] = '\0';
	nngxShimSetDiagCallback(quiet_callback, NULL);
}

static void teardown(void)
{
	tu_reset();
}

/* ---- the shipped file ------------------------------------------------------- */

START_TEST(test_config_shipped_file_loads_cleanly)
{
	ck_assert_int_eq(nngxShimLoadConfig(shipped_path()), GL_TRUE);
	ck_assert_str_eq(nngxShimGetConfigError(), "");
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CONFIG_REJECTED), 0);
}
END_TEST

/* Loaded over a file that changes every key, the shipped file must bring
 * back every built-in default: it spells out each key with its default. */
START_TEST(test_config_shipped_file_equals_builtin_defaults)
{
	struct nngx_config defaults;

	nngx_config_defaults(&defaults);
	load_ok("nondefault.cfg");
	ck_assert_int_eq(nngxShimLoadConfig(shipped_path()), GL_TRUE);
	ck_assert_str_eq(nngxShimGetConfigError(), "");
	assert_config_eq(&nngx_state_get()->config, &defaults);
	ck_assert_int_eq(nngxShimGetDiagLevel(), defaults.diag_level);
	ck_assert_uint_eq(get_parameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME),
			  defaults.busy_unset_sampling_time);
	ck_assert_uint_eq(get_parameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT),
			  defaults.busy_unset_sampling_count);
}
END_TEST

/* ---- the calibration profile ------------------------------------------------ */

/* Every 32-bit field of `a` differs from the same field of `b` (the model's
 * parameter structs are all 32-bit fields, so a field added later is
 * checked too). */
static void assert_every_word_differs(const void *a, const void *b, size_t size, const char *what)
{
	size_t i;

	ck_assert_uint_eq(size % sizeof(uint32_t), 0);
	for (i = 0; i < size / sizeof(uint32_t); i++) {
		uint32_t x, y;

		memcpy(&x, (const char *)a + i * sizeof x, sizeof x);
		memcpy(&y, (const char *)b + i * sizeof y, sizeof y);
		ck_assert_msg(x != y, "%s field %zu: model_nondefault.cfg leaves it at %u",
			      what, i, (unsigned)x);
	}
}

/* data/profiles/defaults.cfg sets every key of the model group to its
 * default: loaded over a file that changes every one of them, it brings
 * each back. So the profile cannot drift from the built-in defaults (and
 * tests/check-calibration-profile.sh runs the golden scenes with it). */
START_TEST(test_config_profile_sets_every_model_key_to_its_default)
{
	const struct nngx_config *now = &nngx_state_get()->config;
	const char *data = getenv("NNGX_TEST_DATA");
	struct nngx_config defaults;
	char profile[PATH_LEN];

	/* NNGX_TEST_DATA is the source tree's tests/data. */
	ck_assert_msg(data != NULL, "NNGX_TEST_DATA is not set (make check sets it)");
	snprintf(profile, sizeof profile, "%s/../../data/profiles/defaults.cfg", data);
	nngx_config_defaults(&defaults);
	load_ok("model_nondefault.cfg");
	assert_every_word_differs(&now->shader_timing, &defaults.shader_timing,
				  sizeof defaults.shader_timing, "shader_timing");
	assert_every_word_differs(&now->draw_costs, &defaults.draw_costs,
				  sizeof defaults.draw_costs, "draw_costs");
	assert_every_word_differs(&now->transfer_rates, &defaults.transfer_rates,
				  sizeof defaults.transfer_rates, "transfer_rates");
	ck_assert_uint_ne(now->lcd_frame_clocks, defaults.lcd_frame_clocks);
	ck_assert_uint_ne(now->vcache_entries, defaults.vcache_entries);
	ck_assert_int_ne(now->vcache_policy, defaults.vcache_policy);
	ck_assert_uint_ne(now->texture_cache.sets, defaults.texture_cache.sets);
	ck_assert_uint_ne(now->framebuffer_cache.sets, defaults.framebuffer_cache.sets);
	ck_assert_msg(nngxShimLoadConfig(profile) == GL_TRUE, "%s rejected: %s", profile,
		      nngxShimGetConfigError());
	assert_config_eq(now, &defaults);
	ck_assert_uint_eq(nngx_state_get()->gpu.lcd.frame_clocks, HW_LCD_FRAME_CLOCKS);
	/* and so does the shipped file */
	load_ok("model_nondefault.cfg");
	ck_assert_int_eq(nngxShimLoadConfig(shipped_path()), GL_TRUE);
	assert_config_eq(now, &defaults);
}
END_TEST

/* The keys issue 30 added reach the model; their effect on the counters
 * is checked where the counters are (check_lighting: fog_stages;
 * check_display: frame_clocks). */
START_TEST(test_config_new_timing_keys_reach_the_model)
{
	struct hw_gpu *gpu = &nngx_state_get()->gpu;

	load_ok("model_nondefault.cfg");
	ck_assert_uint_eq(gpu->costs.fog_stages, 2);
	ck_assert_uint_eq(gpu->lcd.frame_clocks, 4468531);
	ck_assert_uint_eq(gpu->costs.lighting_ratio_config4_6, 4);
	ck_assert_uint_eq(gpu->costs.lighting_ratio_config7, 5);
	ck_assert(nngxShimLoadConfig(shipped_path()) == GL_TRUE);
	ck_assert_uint_eq(gpu->costs.fog_stages, 1);
	ck_assert_uint_eq(gpu->lcd.frame_clocks, HW_LCD_FRAME_CLOCKS);
	ck_assert_uint_eq(gpu->costs.lighting_ratio_config4_6, 3);
	ck_assert_uint_eq(gpu->costs.lighting_ratio_config7, 4);
}
END_TEST

/* ---- rejected files ------------------------------------------------------- */

struct bad_file {
	const char *name;
	unsigned line;          /* of the offending setting */
	const char *mentions;   /* the message names it; NULL: libconfig's text */
};

static const struct bad_file bad_files[] = {
	{ "reject_syntax.cfg", 7, NULL },
	{ "reject_unknown_key.cfg", 8, "profiling.busy.unset_sampling_tme" },
	{ "reject_unknown_group.cfg", 9, "profiling.vertex_cahce" },
	{ "reject_unknown_top_group.cfg", 7, "rendering" },
	{ "reject_unknown_top_key.cfg", 4, "verbose" },
	{ "reject_string_for_int.cfg", 7, "profiling.busy.unset_sampling_time" },
	{ "reject_float_for_int.cfg", 7, "profiling.busy.unset_sampling_count" },
	{ "reject_time_zero.cfg", 7, "profiling.busy.unset_sampling_time" },
	{ "reject_vcache_entries.cfg", 4, "model.vertex_cache.entries" },
	{ "reject_time_65536.cfg", 7, "profiling.busy.unset_sampling_time" },
	{ "reject_count_negative.cfg", 7, "profiling.busy.unset_sampling_count" },
	/* 2^32 + 1234: libconfig 1.5 keeps only the low 32 bits (1234). */
	{ "reject_time_wraps_32bit.cfg", 7, "profiling.busy.unset_sampling_time" },
	/* Each would fool a re-read of the key's line; the loader pairs the
	 * literals with libconfig's settings instead. */
	{ "reject_wraps_key_in_comment.cfg", 8, "profiling.busy.unset_sampling_time" },
	{ "reject_wraps_after_long_line.cfg", 8, "profiling.busy.unset_sampling_time" },
	{ "reject_wraps_value_on_next_line.cfg", 8, "profiling.busy.unset_sampling_count" },
	{ "reject_wraps_same_key_other_group.cfg", 3, "model.framebuffer_cache.sets" },
	/* libconfig 1.5 leaks its string here (see .ci/valgrind.supp). */
	{ "reject_only_string.cfg", 1, NULL },
	{ "reject_unknown_choice.cfg", 10, "sometimes" },
	{ "reject_unknown_level.cfg", 9, "loud" },
	{ "reject_int_for_choice.cfg", 9, "diagnostics.level" },
	{ "reject_array_for_scalar.cfg", 7, "profiling.busy.unset_sampling_count" },
	{ "reject_list_for_scalar.cfg", 8, "profiling.busy.unset_sampling_time" },
	{ "reject_group_for_scalar.cfg", 7, "profiling.busy.unset_sampling_time" },
	/* The timing keys issue 30 added, each just out of its range. */
	{ "reject_fog_stages.cfg", 5, "model.fragment.fog_stages" },
	{ "reject_lighting_ratio.cfg", 5, "model.fragment.lighting_ratio_config7" },
	{ "reject_lighting_ratio_4_6.cfg", 5, "model.fragment.lighting_ratio_config4_6" },
	{ "reject_frame_clocks_short.cfg", 5, "model.lcd.frame_clocks" },
	{ "reject_frame_clocks_long.cfg", 5, "model.lcd.frame_clocks" },
};

/* Each bad file sets valid keys before its bad line, so a partial apply
 * would show as a changed value. */
START_TEST(test_config_bad_file_rejected_with_line_and_nothing_changes)
{
	const struct bad_file *b = &bad_files[_i];
	struct nngx_config before;
	char path[PATH_LEN], prefix[PATH_LEN + 32];
	const char *err;
	GLuint rejected;

	load_ok("nondefault.cfg");
	before = nngx_state_get()->config;
	rejected = nngxShimGetDiagCount(NNGX_SHIM_DIAG_CONFIG_REJECTED);

	data_path(path, sizeof path, b->name);
	ck_assert_msg(nngxShimLoadConfig(path) == GL_FALSE, "%s accepted", b->name);
	err = nngxShimGetConfigError();
	snprintf(prefix, sizeof prefix, "%s:%u: ", path, b->line);
	ck_assert_msg(strncmp(err, prefix, strlen(prefix)) == 0,
		      "%s: error '%s' does not start with '%s'", b->name, err, prefix);
	ck_assert_msg(strlen(err) > strlen(prefix), "%s: no message after the line", b->name);
	if (b->mentions)
		ck_assert_msg(strstr(err + strlen(prefix), b->mentions) != NULL,
			      "%s: error '%s' does not name '%s'", b->name, err, b->mentions);

	assert_config_eq(&nngx_state_get()->config, &before);
	ck_assert_uint_eq(get_parameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME), 1234);
	ck_assert_uint_eq(get_parameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT), 7);
	ck_assert_int_eq(nngxShimGetDiagLevel(), NNGX_SHIM_SEVERITY_ERROR);
	ck_assert_uint_eq(read_vcache(), NNGX_VCACHE_POISON);

	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CONFIG_REJECTED), rejected + 1);
	/* The diagnostic carries the same file:line message. */
	ck_assert_str_eq(last_rejection, err);
}
END_TEST

START_TEST(test_config_missing_file_cannot_read)
{
	struct nngx_config before = nngx_state_get()->config;
	char path[PATH_LEN], want[PATH_LEN + 64];

	data_path(path, sizeof path, "does-not-exist.cfg");
	ck_assert_int_eq(nngxShimLoadConfig(path), GL_FALSE);
	snprintf(want, sizeof want, "%s:0: cannot read the file", path);
	ck_assert_str_eq(nngxShimGetConfigError(), want);
	assert_config_eq(&nngx_state_get()->config, &before);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CONFIG_REJECTED), 1);
}
END_TEST

/* The message must point where the mistake is: in an @include'd file, that
 * file and its line, not the including file. */
START_TEST(test_config_error_names_included_file_and_line)
{
	char top[] = "/tmp/check_config_XXXXXX";
	char included[PATH_LEN], prefix[PATH_LEN + 32];
	struct nngx_config before;
	FILE *f;
	int fd;
	GLboolean ok;

	load_ok("nondefault.cfg");
	before = nngx_state_get()->config;
	data_path(included, sizeof included, "included_time_zero.cfg");
	/* libconfig 1.5 resolves relative includes from the working directory,
	 * so the including file names the included one by its absolute path. */
	fd = mkstemp(top);
	ck_assert_int_ge(fd, 0);
	f = fdopen(fd, "w");
	ck_assert_ptr_nonnull(f);
	fprintf(f, "diagnostics = { level = \"debug\"; };\n@include \"%s\"\n", included);
	fclose(f);

	ok = nngxShimLoadConfig(top);
	unlink(top);
	ck_assert_int_eq(ok, GL_FALSE);
	snprintf(prefix, sizeof prefix, "%s:7: ", included);
	ck_assert_msg(strncmp(nngxShimGetConfigError(), prefix, strlen(prefix)) == 0,
		      "error '%s' does not start with '%s'", nngxShimGetConfigError(), prefix);
	assert_config_eq(&nngx_state_get()->config, &before);
}
END_TEST

/* capture.* keys: strings up to NNGX_CONFIG_PATH_MAX - 1 characters. */
START_TEST(test_config_capture_keys_are_strings_and_a_window)
{
	const struct nngx_config *cfg = &nngx_state_get()->config;
	char *text = malloc(2 * NNGX_CONFIG_PATH_MAX);

	ck_assert_ptr_nonnull(text);
	ck_assert_int_eq(tu_load_config_text("capture = { file = \"out.csv\"; trace = \"t.json\"; "
				   "frames_dir = \"/tmp\"; sampling_time = 100; };\n"), GL_TRUE);
	ck_assert_str_eq(cfg->capture_file, "out.csv");
	ck_assert_str_eq(cfg->capture_trace, "t.json");
	ck_assert_str_eq(cfg->capture_frames_dir, "/tmp");
	ck_assert_uint_eq(cfg->capture_sampling_time, 100);
	ck_assert_int_eq(tu_load_config_text("capture = { file = 3; };\n"), GL_FALSE);
	ck_assert_ptr_nonnull(strstr(nngxShimGetConfigError(), "must be a string"));
	ck_assert_int_eq(tu_load_config_text("capture = { sampling_time = 0; };\n"), GL_FALSE);
	strcpy(text, "capture = { file = \"");
	memset(text + strlen(text), 'x', NNGX_CONFIG_PATH_MAX);
	strcpy(text + strlen("capture = { file = \"") + NNGX_CONFIG_PATH_MAX, "\"; };\n");
	ck_assert_int_eq(tu_load_config_text(text), GL_FALSE);
	ck_assert_ptr_nonnull(strstr(nngxShimGetConfigError(), "longer than"));
	ck_assert_str_eq(cfg->capture_file, "out.csv");      /* the last good file */
	free(text);
}
END_TEST

/* The error is about the last load only. */
START_TEST(test_config_error_cleared_by_next_good_load)
{
	char path[PATH_LEN];

	data_path(path, sizeof path, "reject_syntax.cfg");
	ck_assert_int_eq(nngxShimLoadConfig(path), GL_FALSE);
	ck_assert_str_ne(nngxShimGetConfigError(), "");
	load_ok("frozen.cfg");
	ck_assert_str_eq(nngxShimGetConfigError(), "");
}
END_TEST

/* ---- what the keys change ------------------------------------------------- */

START_TEST(test_config_unset_sampling_values_apply_before_program_sets)
{
	load_ok("nondefault.cfg");
	ck_assert_uint_eq(get_parameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME), 1234);
	ck_assert_uint_eq(get_parameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT), 7);
}
END_TEST

/* A reset brings the parameters back to "never set": the configured values. */
START_TEST(test_config_unset_sampling_values_return_after_reset)
{
	load_ok("nondefault.cfg");
	tu_set_busy(50, 2);
	nngxShimReset();
	ck_assert_uint_eq(get_parameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME), 1234);
	ck_assert_uint_eq(get_parameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT), 7);
}
END_TEST

/* Started unconfigured, the busy counter samples 7 windows of 1234 clocks. */
START_TEST(test_config_unset_sampling_values_drive_busy_counter)
{
	load_ok("nondefault.cfg");
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	nngxShimAdvance(7 * 1234 - 1);
	ck_assert_uint_eq(read_busy_sum(), 6);
	nngxShimAdvance(1);
	ck_assert_uint_eq(read_busy_sum(), 1);
	nngxShimAdvance(10 * 1234);
	ck_assert_uint_eq(read_busy_sum(), 0);
}
END_TEST

/* What the program set is the program's: loading a file never overrides it,
 * each parameter on its own. */
START_TEST(test_config_does_not_override_parameters_program_set)
{
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME, 100);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	load_ok("nondefault.cfg");
	ck_assert_uint_eq(get_parameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME), 100);
	ck_assert_uint_eq(get_parameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT), 7);

	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 3);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	ck_assert_int_eq(nngxShimLoadConfig(shipped_path()), GL_TRUE);
	ck_assert_uint_eq(get_parameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME), 100);
	ck_assert_uint_eq(get_parameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT), 3);
}
END_TEST

START_TEST(test_config_poison_reads_never_started_vertex_cache)
{
	load_ok("nondefault.cfg");
	vcache_miss(5);   /* as frozen: not counted while stopped */
	ck_assert_uint_eq(read_vcache(), NNGX_VCACHE_POISON);

	nngxStartProfiling(NN_GX_PROFILING_VERTEX_CACHE);
	ck_assert_uint_eq(read_vcache(), 0);
	vcache_miss(3);
	ck_assert_uint_eq(read_vcache(), 3);
	nngxStopProfiling(NN_GX_PROFILING_VERTEX_CACHE);
	vcache_miss(4);
	ck_assert_uint_eq(read_vcache(), 3);

	/* "Since power-on": a reset makes it never-started again. */
	nngxShimReset();
	ck_assert_uint_eq(read_vcache(), NNGX_VCACHE_POISON);
}
END_TEST

START_TEST(test_config_frozen_vertex_cache_ignores_misses_while_stopped)
{
	load_ok("frozen.cfg");
	vcache_miss(5);
	ck_assert_uint_eq(read_vcache(), 0);

	nngxStartProfiling(NN_GX_PROFILING_VERTEX_CACHE);
	vcache_miss(3);
	ck_assert_uint_eq(read_vcache(), 3);
	nngxStopProfiling(NN_GX_PROFILING_VERTEX_CACHE);
	vcache_miss(4);
	ck_assert_uint_eq(read_vcache(), 3);
}
END_TEST

/* The shipped default. */
START_TEST(test_config_counting_vertex_cache_counts_while_stopped)
{
	vcache_miss(5);
	ck_assert_uint_eq(read_vcache(), 5);

	nngxStartProfiling(NN_GX_PROFILING_VERTEX_CACHE);
	vcache_miss(2);
	ck_assert_uint_eq(read_vcache(), 7);
	nngxStopProfiling(NN_GX_PROFILING_VERTEX_CACHE);
	vcache_miss(1);
	ck_assert_uint_eq(read_vcache(), 8);
}
END_TEST

/* A file means the same whatever was loaded before it: keys it leaves out
 * take the built-in defaults, not the previous file's values. */
START_TEST(test_config_keys_left_out_take_builtin_defaults)
{
	struct nngx_config defaults;

	nngx_config_defaults(&defaults);
	load_ok("nondefault.cfg");
	ck_assert_uint_ne(nngx_state_get()->config.busy_unset_sampling_time,
			  defaults.busy_unset_sampling_time);
	load_ok("level_debug.cfg");
	ck_assert_uint_eq(nngx_state_get()->config.busy_unset_sampling_time,
			  defaults.busy_unset_sampling_time);
	ck_assert_uint_eq(nngx_state_get()->config.busy_unset_sampling_count,
			  defaults.busy_unset_sampling_count);
	ck_assert_int_eq(nngx_state_get()->config.vcache_unstarted, defaults.vcache_unstarted);
	ck_assert_int_eq(nngx_state_get()->config.diag_level, NNGX_SHIM_SEVERITY_DEBUG);
}
END_TEST

/* Integer literals that are what libconfig reads load, whatever text
 * around them looks like a truncated one: comments and strings naming the
 * keys, a line over 1 KiB, values on the next line, hex, leading zeros
 * (decimal for libconfig), the L and LL suffixes, a plus sign. */
START_TEST(test_config_exact_literals_load)
{
	const struct nngx_config *c = &nngx_state_get()->config;

	load_ok("literals.cfg");
	ck_assert_uint_eq(c->busy_unset_sampling_time, 1234);
	ck_assert_uint_eq(c->busy_unset_sampling_count, 17);
	ck_assert_uint_eq(c->texture_cache.sets, 64);
	ck_assert_uint_eq(c->texture_cache.ways, 8);
	ck_assert_uint_eq(c->framebuffer_cache.sets, 16);
	ck_assert_uint_eq(c->framebuffer_cache.ways, 2);
	ck_assert_uint_eq(c->shader_timing.result_latency, 3);
	ck_assert_int_eq(c->diag_level, NNGX_SHIM_SEVERITY_ERROR);
}
END_TEST

/* A file @included twice pairs its literals once per inclusion. */
START_TEST(test_config_literals_of_file_included_twice)
{
	char top[] = "/tmp/check_config_XXXXXX", inc[] = "/tmp/check_config_XXXXXX";
	FILE *f;
	int fd;
	GLboolean ok;

	fd = mkstemp(inc);
	ck_assert_int_ge(fd, 0);
	f = fdopen(fd, "w");
	ck_assert_ptr_nonnull(f);
	fprintf(f, "sets = 8; ways = 2;\n");
	fclose(f);
	fd = mkstemp(top);
	ck_assert_int_ge(fd, 0);
	f = fdopen(fd, "w");
	ck_assert_ptr_nonnull(f);
	fprintf(f, "model = {\n texture_cache = {\n@include \"%s\"\n };\n"
		" framebuffer_cache = {\n@include \"%s\"\n };\n};\n", inc, inc);
	fclose(f);
	ok = nngxShimLoadConfig(top);
	ck_assert_msg(ok == GL_TRUE, "rejected: %s", nngxShimGetConfigError());
	ck_assert_uint_eq(nngx_state_get()->config.texture_cache.sets, 8);
	ck_assert_uint_eq(nngx_state_get()->config.framebuffer_cache.ways, 2);
	/* The same file with a truncated literal is rejected in both places. */
	f = fopen(inc, "w");
	ck_assert_ptr_nonnull(f);
	fprintf(f, "sets = 8; ways = 4294967298;\n");
	fclose(f);
	ok = nngxShimLoadConfig(top);
	unlink(top);
	unlink(inc);
	ck_assert_int_eq(ok, GL_FALSE);
	ck_assert_ptr_nonnull(strstr(nngxShimGetConfigError(), "model.texture_cache.ways"));
}
END_TEST

/* The model's parameters reach the hardware model. */
START_TEST(test_config_model_keys_reach_the_model)
{
	struct hw_gpu *gpu = &nngx_state_get()->gpu;

	load_ok("model.cfg");
	ck_assert_uint_eq(gpu->vcache.entries, 4);
	ck_assert_int_eq(gpu->vcache.policy, HW_VCACHE_LRU);
	ck_assert_uint_eq(gpu->shader_timing.result_latency, 3);
	ck_assert_uint_eq(gpu->shader_timing.dot_latency, 7);
	ck_assert_uint_eq(gpu->shader_timing.prefetch_miss_short, 0);
	ck_assert_uint_eq(gpu->shader_timing.add_latency, 3);     /* untouched: default */
	ck_assert_uint_eq(gpu->shader_timing.max_steps, 1000);
	ck_assert_uint_eq(gpu->costs.setup_per_polygon, 20);
	ck_assert_uint_eq(gpu->costs.per_access_fcram, 5);
	/* the shipped file brings the defaults back */
	ck_assert(nngxShimLoadConfig(shipped_path()) == GL_TRUE);
	ck_assert_uint_eq(gpu->vcache.entries, HW_VCACHE_DEFAULT_ENTRIES);
	ck_assert_uint_eq(gpu->costs.setup_per_polygon, 13);
}
END_TEST

START_TEST(test_config_diag_level_from_file)
{
	load_ok("nondefault.cfg");
	ck_assert_int_eq(nngxShimGetDiagLevel(), NNGX_SHIM_SEVERITY_ERROR);
	load_ok("level_debug.cfg");
	ck_assert_int_eq(nngxShimGetDiagLevel(), NNGX_SHIM_SEVERITY_DEBUG);
	ck_assert_int_eq(nngxShimLoadConfig(shipped_path()), GL_TRUE);
	ck_assert_int_eq(nngxShimGetDiagLevel(), NNGX_SHIM_SEVERITY_WARNING);
}
END_TEST

/* ---- start-up (each test is the first user of a fresh library) -------------- */

/* Point NNGX_CONFIG at a test file before the library's first use. */
static void startup_env(const char *config, const char *diag_level)
{
	char path[PATH_LEN];

	data_path(path, sizeof path, config);
	ck_assert_int_eq(setenv("NNGX_CONFIG", path, 1), 0);
	if (diag_level)
		ck_assert_int_eq(setenv("NNGX_DIAG_LEVEL", diag_level, 1), 0);
	else
		ck_assert_int_eq(unsetenv("NNGX_DIAG_LEVEL"), 0);
}

/* First use of the library, with what it writes to stderr captured. */
static GLint startup_level(char *out, size_t n)
{
	struct tu_capture cap;
	GLint level;

	tu_capture_begin(&cap);
	level = nngxShimGetDiagLevel();
	tu_capture_end(&cap, out, n);
	return level;
}

static void assert_builtin_defaults(void)
{
	struct nngx_config defaults;

	nngx_config_defaults(&defaults);
	assert_config_eq(&nngx_state_get()->config, &defaults);
	ck_assert_uint_eq(get_parameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME),
			  defaults.busy_unset_sampling_time);
	ck_assert_uint_eq(get_parameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT),
			  defaults.busy_unset_sampling_count);
}

START_TEST(test_startup_env_file_applies)
{
	char out[TEXT_MAX];

	startup_env("nondefault.cfg", NULL);
	ck_assert_int_eq(startup_level(out, sizeof out), NNGX_SHIM_SEVERITY_ERROR);
	ck_assert_str_eq(nngxShimGetConfigError(), "");
	ck_assert_uint_eq(get_parameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME), 1234);
	ck_assert_uint_eq(get_parameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT), 7);
	ck_assert_uint_eq(read_vcache(), NNGX_VCACHE_POISON);
}
END_TEST

START_TEST(test_startup_malformed_env_file_keeps_defaults)
{
	char path[PATH_LEN], prefix[PATH_LEN + 32], out[TEXT_MAX];

	startup_env("reject_syntax.cfg", NULL);
	data_path(path, sizeof path, "reject_syntax.cfg");
	snprintf(prefix, sizeof prefix, "%s:7: ", path);

	ck_assert_int_eq(startup_level(out, sizeof out), NNGX_SHIM_SEVERITY_WARNING);
	ck_assert_msg(strncmp(nngxShimGetConfigError(), prefix, strlen(prefix)) == 0,
		      "error '%s' does not start with '%s'", nngxShimGetConfigError(), prefix);
	assert_builtin_defaults();
	/* Nobody asked: the rejection must be said where the user looks. */
	ck_assert_msg(strstr(out, "[CONFIG_REJECTED]") && strstr(out, prefix),
		      "stderr was '%s'", out);
}
END_TEST

START_TEST(test_startup_missing_env_file_keeps_defaults)
{
	char path[PATH_LEN], want[PATH_LEN + 64], out[TEXT_MAX];

	startup_env("does-not-exist.cfg", NULL);
	data_path(path, sizeof path, "does-not-exist.cfg");
	snprintf(want, sizeof want, "%s:0: cannot read the file", path);

	ck_assert_int_eq(startup_level(out, sizeof out), NNGX_SHIM_SEVERITY_WARNING);
	ck_assert_str_eq(nngxShimGetConfigError(), want);
	assert_builtin_defaults();
}
END_TEST

START_TEST(test_startup_load_null_reloads_env_file)
{
	char out[TEXT_MAX];

	startup_env("nondefault.cfg", NULL);
	startup_level(out, sizeof out);
	ck_assert_int_eq(nngxShimLoadConfig(shipped_path()), GL_TRUE);
	ck_assert_uint_eq(get_parameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME), 65535);

	ck_assert_int_eq(nngxShimLoadConfig(NULL), GL_TRUE);
	ck_assert_str_eq(nngxShimGetConfigError(), "");
	ck_assert_uint_eq(get_parameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME), 1234);
	ck_assert_uint_eq(get_parameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT), 7);
	ck_assert_int_eq(nngxShimGetDiagLevel(), NNGX_SHIM_SEVERITY_ERROR);
}
END_TEST

/* NNGX_DIAG_LEVEL beats the file's diagnostics.level, at start-up and on
 * every later load. */
START_TEST(test_startup_diag_level_env_overrides_file)
{
	char out[TEXT_MAX];

	startup_env("level_debug.cfg", "error");
	ck_assert_int_eq(startup_level(out, sizeof out), NNGX_SHIM_SEVERITY_ERROR);
	ck_assert_str_eq(nngxShimGetConfigError(), "");
	load_ok("level_debug.cfg");
	ck_assert_int_eq(nngxShimGetDiagLevel(), NNGX_SHIM_SEVERITY_ERROR);
}
END_TEST

START_TEST(test_startup_invalid_diag_level_env_ignored)
{
	char out[TEXT_MAX];

	startup_env("level_debug.cfg", "loud");
	ck_assert_int_eq(startup_level(out, sizeof out), NNGX_SHIM_SEVERITY_DEBUG);
	ck_assert_str_eq(nngxShimGetConfigError(), "");
	ck_assert_msg(strstr(out, "NNGX_DIAG_LEVEL") != NULL, "stderr was '%s'", out);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("config");
	TCase *shipped = tcase_create("shipped file");
	TCase *rejected = tcase_create("rejected files");
	TCase *effects = tcase_create("effects");
	const char *fork_env = getenv("CK_FORK");
	const char *config = getenv("NNGX_CONFIG");

	if (config)
		snprintf(shipped_config, sizeof shipped_config, "%s", config);

	/* The file's level is under test: a stray override would hide it. The
	 * library has not been used yet, so this is still in time. */
	unsetenv("NNGX_DIAG_LEVEL");

	/* Checked fixtures only: unchecked ones would run in this process and
	 * use the library before the start-up tests set its environment. */
	tcase_add_checked_fixture(shipped, setup, teardown);
	tcase_add_test(shipped, test_config_shipped_file_loads_cleanly);
	tcase_add_test(shipped, test_config_shipped_file_equals_builtin_defaults);
	tcase_add_test(shipped, test_config_profile_sets_every_model_key_to_its_default);
	suite_add_tcase(s, shipped);

	tcase_add_checked_fixture(rejected, setup, teardown);
	tcase_add_loop_test(rejected, test_config_bad_file_rejected_with_line_and_nothing_changes,
			    0, (int)(sizeof bad_files / sizeof bad_files[0]));
	tcase_add_test(rejected, test_config_missing_file_cannot_read);
	tcase_add_test(rejected, test_config_error_names_included_file_and_line);
	tcase_add_test(rejected, test_config_error_cleared_by_next_good_load);
	suite_add_tcase(s, rejected);

	tcase_add_checked_fixture(effects, setup, teardown);
	tcase_add_test(effects, test_config_unset_sampling_values_apply_before_program_sets);
	tcase_add_test(effects, test_config_unset_sampling_values_return_after_reset);
	tcase_add_test(effects, test_config_unset_sampling_values_drive_busy_counter);
	tcase_add_test(effects, test_config_does_not_override_parameters_program_set);
	tcase_add_test(effects, test_config_poison_reads_never_started_vertex_cache);
	tcase_add_test(effects, test_config_frozen_vertex_cache_ignores_misses_while_stopped);
	tcase_add_test(effects, test_config_counting_vertex_cache_counts_while_stopped);
	tcase_add_test(effects, test_config_diag_level_from_file);
	tcase_add_test(effects, test_config_model_keys_reach_the_model);
	tcase_add_test(effects, test_config_new_timing_keys_reach_the_model);
	tcase_add_test(effects, test_config_exact_literals_load);
	tcase_add_test(effects, test_config_literals_of_file_included_twice);
	tcase_add_test(effects, test_config_keys_left_out_take_builtin_defaults);
	tcase_add_test(effects, test_config_capture_keys_are_strings_and_a_window);
	suite_add_tcase(s, effects);

	/* Start-up runs once per process: only a forked child per test gives
	 * each of these a fresh library. */
	if (fork_env && strcmp(fork_env, "no") == 0) {
		printf("note: CK_FORK=no, start-up tests skipped\n");
	} else {
		TCase *startup = tcase_create("start-up");

		tcase_add_test(startup, test_startup_env_file_applies);
		tcase_add_test(startup, test_startup_malformed_env_file_keeps_defaults);
		tcase_add_test(startup, test_startup_missing_env_file_keeps_defaults);
		tcase_add_test(startup, test_startup_load_null_reloads_env_file);
		tcase_add_test(startup, test_startup_diag_level_env_overrides_file);
		tcase_add_test(startup, test_startup_invalid_diag_level_env_ignored);
		suite_add_tcase(s, startup);
	}

	return tu_run(s);
}
