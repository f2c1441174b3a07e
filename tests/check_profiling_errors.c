/* check_profiling_errors.c: the GL error semantics of the five profiling
 * calls (manual 9.1-9.3, tables 9-4; doc/model.md "Behaviour", Errors), including sweeps over every GLenum
 * value 0..0xFFFF and a set of large 32-bit values. */
#include <string.h>

#include "test_util.h"

#define CANARY 0xC0FFEE11u
#define WORDS_MAX 64

static const GLenum large_values[] = {
	0x10000, 0x10900, 0x00010900, 0x80000900, 0x7FFFFFFF, 0x80000000,
	0xFFFF0900, 0xFFFFFFFE, 0xFFFFFFFF, 0x00100906, 0x12345678, 0xDEADBEEF,
};

/* Which items each call accepts; everything else is an error. */
static bool startable(GLenum v)
{
	return v == NN_GX_PROFILING_BUSY || v == NN_GX_PROFILING_VERTEX_CACHE;
}

static bool has_result(GLenum v)
{
	return v == NN_GX_PROFILING_BUSY
	       || (v >= NN_GX_PROFILING_VERTEX_SHADER0 && v <= NN_GX_PROFILING_MEMORY_ACCESS);
}

static bool is_parameter(GLenum v)
{
	return v == NN_GX_PROFILING_BUSY_SAMPLING_TIME
	       || v == NN_GX_PROFILING_BUSY_SAMPLING_COUNT
	       || v == NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND
	       || v == NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND;
}

static unsigned result_words(GLenum v)
{
	switch (v) {
	case NN_GX_PROFILING_BUSY: return NN_GX_PROFILING_RESULT_BUFSIZE_BUSY;
	case NN_GX_PROFILING_VERTEX_CACHE: return NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_CACHE;
	case NN_GX_PROFILING_POLYGON: return NN_GX_PROFILING_RESULT_BUFSIZE_POLYGON;
	case NN_GX_PROFILING_FRAGMENT: return NN_GX_PROFILING_RESULT_BUFSIZE_FRAGMENT;
	case NN_GX_PROFILING_MEMORY_ACCESS: return NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS;
	default: return NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_SHADER0;
	}
}

/* A busy state worth protecting: running, with counts and pending load,
 * non-default parameters, and the always-running counters moved. */
static void busy_scene(void)
{
	struct hw_counters *c = &nngx_state_get()->gpu.counters;
	int i;

	tu_reset();
	tu_set_busy(10, 0);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	nngxShimInjectBusy(NNGX_SHIM_MODULE_TEXTURE, 1000);
	nngxShimAdvance(35);
	for (i = 0; i < HW_MEM_WORD_COUNT; i++)
		c->memory[i] = 100u + (unsigned)i;
	c->fragment = 7;
	c->vertex_cache = 9;
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
}

typedef void (*call_fn)(GLenum value, GLuint *buffer);

static void call_start(GLenum v, GLuint *b) { (void)b; nngxStartProfiling(v); }
static void call_stop(GLenum v, GLuint *b) { (void)b; nngxStopProfiling(v); }
static void call_result(GLenum v, GLuint *b) { nngxGetProfilingResult(v, b); }
/* Even a one-word buffer: the item is checked before the size. */
static void call_result_sized(GLenum v, GLuint *b) { nngxShimGetProfilingResultSized(v, b, 1); }
static void call_get_param(GLenum v, GLuint *b) { nngxGetProfilingParameter(v, b); }
/* A param valid for every pname: the sweep is about pname. */
static void call_set_param(GLenum v, GLuint *b) { (void)b; nngxSetProfilingParameter(v, 100); }

/* One value through one call: accepted with no error, or exactly `code`
 * with no other effect (state, and not a word of the buffer, changed).
 * Check is only called on failure: a ck_assert per value would cost a
 * pipe write each in fork mode. */
static void sweep_one(call_fn call, GLenum value, bool accepted, GLenum code)
{
	struct tu_snapshot before;
	GLuint buffer[WORDS_MAX];
	GLenum err;
	int i;

	for (i = 0; i < WORDS_MAX; i++)
		buffer[i] = CANARY;
	tu_snapshot_take(&before);
	call(value, buffer);
	err = glGetError();
	if (accepted) {
		if (err != GL_NO_ERROR)
			ck_abort_msg("0x%X: unexpected error 0x%X", value, err);
		return;
	}
	if (err != code)
		ck_abort_msg("0x%X: error 0x%X, want 0x%X", value, err, code);
	if (!tu_snapshot_same(&before))
		ck_abort_msg("0x%X: the erroring call changed library state", value);
	for (i = 0; i < WORDS_MAX; i++)
		if (buffer[i] != CANARY)
			ck_abort_msg("0x%X: buffer word %d written", value, i);
}

static void sweep(call_fn call, bool (*accepts)(GLenum), GLenum code)
{
	unsigned v, accepted = 0;
	size_t i;

	busy_scene();
	for (v = 0; v <= 0xFFFF; v++) {
		bool ok = accepts(v);
		sweep_one(call, v, ok, code);
		if (ok) {
			accepted++;
			busy_scene();   /* an accepted call may change state */
		}
	}
	for (i = 0; i < sizeof large_values / sizeof large_values[0]; i++)
		sweep_one(call, large_values[i], false, code);
	ck_assert_uint_gt(accepted, 0);
}

START_TEST(test_start_accepts_only_busy_and_vertex_cache_else_80a2)
{
	sweep(call_start, startable, GL_ERROR_80A2_DMP);
}
END_TEST

START_TEST(test_stop_accepts_only_busy_and_vertex_cache_else_80a3)
{
	sweep(call_stop, startable, GL_ERROR_80A3_DMP);
}
END_TEST

START_TEST(test_result_accepts_only_result_items_else_80a4)
{
	sweep(call_result, has_result, GL_ERROR_80A4_DMP);
}
END_TEST

START_TEST(test_sized_result_accepts_only_result_items_else_80a4)
{
	/* Accepted items with more than one word are short buffers here:
	 * refused without an error, which the sweep counts as accepted. */
	sweep(call_result_sized, has_result, GL_ERROR_80A4_DMP);
}
END_TEST

START_TEST(test_set_parameter_accepts_only_four_pnames_else_80a5)
{
	sweep(call_set_param, is_parameter, GL_ERROR_80A5_DMP);
}
END_TEST

START_TEST(test_get_parameter_accepts_only_four_pnames_else_80a7)
{
	sweep(call_get_param, is_parameter, GL_ERROR_80A7_DMP);
}
END_TEST

/* Param out of range: 80A6, nothing changes; for every pname, both sides. */
START_TEST(test_set_parameter_out_of_range_is_80a6_and_changes_nothing)
{
	static const struct { GLenum pname; GLuint bad[4]; } rows[] = {
		{ NN_GX_PROFILING_BUSY_SAMPLING_TIME, { 0, 65536, 0x80000000u, 0xFFFFFFFFu } },
		{ NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND, { 0, 245, 65535, 0xFFFFFFFFu } },
		{ NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND, { 0, 244538, 1000000, 0xFFFFFFFFu } },
		{ NN_GX_PROFILING_BUSY_SAMPLING_COUNT, { 65536, 65537, 0x10000000u, 0xFFFFFFFFu } },
	};
	struct tu_snapshot before;
	size_t r, k;

	busy_scene();
	for (r = 0; r < sizeof rows / sizeof rows[0]; r++)
		for (k = 0; k < 4; k++) {
			tu_snapshot_take(&before);
			nngxSetProfilingParameter(rows[r].pname, rows[r].bad[k]);
			ck_assert_uint_eq(glGetError(), GL_ERROR_80A6_DMP);
			tu_snapshot_assert_same(&before);
		}
}
END_TEST

/* pname is checked before param. */
START_TEST(test_invalid_pname_with_invalid_param_is_80a5)
{
	tu_reset();
	nngxSetProfilingParameter(0x0917, 0);
	ck_assert_uint_eq(glGetError(), GL_ERROR_80A5_DMP);
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY, 0xFFFFFFFFu);
	ck_assert_uint_eq(glGetError(), GL_ERROR_80A5_DMP);
}
END_TEST

/* One sticky flag: the first error stays until glGetError reads it. */
START_TEST(test_first_error_sticks_until_read)
{
	tu_reset();
	nngxStartProfiling(0);
	nngxStopProfiling(0);
	nngxGetProfilingResult(0, NULL);
	nngxSetProfilingParameter(0, 0);
	nngxGetProfilingParameter(0, NULL);
	ck_assert_uint_eq(glGetError(), GL_ERROR_80A2_DMP);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_ERROR_DROPPED), 4);
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 70000);
	nngxStartProfiling(0);
	ck_assert_uint_eq(glGetError(), GL_ERROR_80A6_DMP);
}
END_TEST

/* A dropped error is not recorded, but its call still has no effect. */
START_TEST(test_call_with_dropped_error_still_changes_nothing)
{
	struct tu_snapshot before;

	busy_scene();
	nngxStartProfiling(0x1);
	tu_snapshot_take(&before);
	nngxStopProfiling(NN_GX_PROFILING_POLYGON);
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME, 0);
	tu_snapshot_assert_same(&before);
	ck_assert_uint_eq(glGetError(), GL_ERROR_80A2_DMP);
}
END_TEST

START_TEST(test_get_error_without_error_returns_no_error)
{
	tu_reset();
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	ck_assert_uint_eq(GL_NO_ERROR, 0);
	tu_set_busy(1, 1);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
}
END_TEST

/* INTERRUPT exists in the header but is treated as invalid everywhere. */
START_TEST(test_interrupt_item_and_parameters_are_invalid)
{
	static const GLenum interrupt_pnames[] = {
		NN_GX_PROFILING_INTERRUPT_ENABLE, NN_GX_PROFILING_INTERRUPT_TRIGGER,
		NN_GX_PROFILING_INTERRUPT_IS_LOGGING,
	};
	GLuint buffer[NN_GX_PROFILING_RESULT_BUFSIZE_INTERRUPT];
	size_t i;

	busy_scene();
	sweep_one(call_start, NN_GX_PROFILING_INTERRUPT, false, GL_ERROR_80A2_DMP);
	sweep_one(call_stop, NN_GX_PROFILING_INTERRUPT, false, GL_ERROR_80A3_DMP);
	sweep_one(call_result, NN_GX_PROFILING_INTERRUPT, false, GL_ERROR_80A4_DMP);
	for (i = 0; i < 3; i++) {
		sweep_one(call_set_param, interrupt_pnames[i], false, GL_ERROR_80A5_DMP);
		sweep_one(call_get_param, interrupt_pnames[i], false, GL_ERROR_80A7_DMP);
	}
	nngxSetProfilingParameter(NN_GX_PROFILING_INTERRUPT_ENABLE, 1);
	ck_assert_uint_eq(glGetError(), GL_ERROR_80A5_DMP);
	nngxGetProfilingResult(NN_GX_PROFILING_INTERRUPT, buffer);
	ck_assert_uint_eq(glGetError(), GL_ERROR_80A4_DMP);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_INTERRUPT_NOT_MODELLED), 11);
}
END_TEST

/* result == NULL with a valid item: no error, nothing read or reset. */
START_TEST(test_null_result_writes_nothing_and_resets_nothing)
{
	GLuint words[NN_GX_PROFILING_RESULT_BUFSIZE_BUSY];
	struct tu_snapshot before;
	GLenum item;

	busy_scene();
	nngxShimAdvance(65);    /* 10 complete windows pending in the counter */
	for (item = NN_GX_PROFILING_BUSY; item <= NN_GX_PROFILING_MEMORY_ACCESS; item++) {
		if (item == NN_GX_PROFILING_INTERRUPT)
			continue;
		tu_snapshot_take(&before);
		nngxGetProfilingResult(item, NULL);
		ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
		tu_snapshot_assert_same(&before);
	}
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_NULL_RESULT), 9);
	nngxGetProfilingResult(NN_GX_PROFILING_BUSY, words);
	ck_assert_uint_eq(words[2] & 0xFFFF, 10);   /* texture still has them */
}
END_TEST

START_TEST(test_null_param_writes_nothing_and_records_no_error)
{
	struct tu_snapshot before;

	busy_scene();
	tu_snapshot_take(&before);
	nngxGetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME, NULL);
	nngxGetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, NULL);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	tu_snapshot_assert_same(&before);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_NULL_PARAM), 2);
	/* Invalid pname wins over NULL. */
	nngxGetProfilingParameter(0x0917, NULL);
	ck_assert_uint_eq(glGetError(), GL_ERROR_80A7_DMP);
}
END_TEST

/* Exactly the documented number of words is written, never more. */
START_TEST(test_result_writes_exactly_bufsize_words)
{
	GLenum item;

	busy_scene();
	for (item = NN_GX_PROFILING_BUSY; item <= NN_GX_PROFILING_MEMORY_ACCESS; item++) {
		GLuint buffer[WORDS_MAX];
		unsigned i, n = result_words(item);

		if (item == NN_GX_PROFILING_INTERRUPT)
			continue;
		for (i = 0; i < WORDS_MAX; i++)
			buffer[i] = CANARY;
		nngxGetProfilingResult(item, buffer);
		ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
		for (i = n; i < WORDS_MAX; i++)
			ck_assert_msg(buffer[i] == CANARY, "item 0x%X wrote word %u", item, i);
		if (item == NN_GX_PROFILING_MEMORY_ACCESS)
			ck_assert_uint_eq(buffer[17], 117);   /* the last word is written */
	}
}
END_TEST

/* A buffer shorter than the item's result: RESULT_BUFFER_SHORT, no GL
 * error, not a word written, nothing read or cleared. */
START_TEST(test_sized_result_refuses_short_buffer_and_changes_nothing)
{
	static const GLsizei shortfall[] = { 1, 2 };
	GLuint words[NN_GX_PROFILING_RESULT_BUFSIZE_BUSY];
	unsigned refused = 0;
	GLenum item;

	busy_scene();
	nngxShimAdvance(65);    /* 10 complete windows pending in the counter */
	for (item = NN_GX_PROFILING_BUSY; item <= NN_GX_PROFILING_MEMORY_ACCESS; item++) {
		GLsizei n = (GLsizei)result_words(item), bad[4];
		size_t k;

		if (item == NN_GX_PROFILING_INTERRUPT)
			continue;
		bad[0] = n - shortfall[0];
		bad[1] = n - shortfall[1];
		bad[2] = -1;
		bad[3] = -2147483647 - 1;
		for (k = 0; k < 4; k++) {
			struct tu_snapshot before;
			GLuint buffer[WORDS_MAX];
			int i;

			if (bad[k] < 0 && k < 2)
				continue;       /* n - 2 < 0 for one-word items */
			for (i = 0; i < WORDS_MAX; i++)
				buffer[i] = CANARY;
			tu_snapshot_take(&before);
			nngxShimGetProfilingResultSized(item, buffer, bad[k]);
			ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
			tu_snapshot_assert_same(&before);
			for (i = 0; i < WORDS_MAX; i++)
				if (buffer[i] != CANARY)
					ck_abort_msg("item 0x%X, %d words: word %d written",
						     item, (int)bad[k], i);
			refused++;
		}
	}
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_RESULT_BUFFER_SHORT), refused);
	nngxGetProfilingResult(NN_GX_PROFILING_BUSY, words);
	ck_assert_uint_eq(words[2] & 0xFFFF, 10);   /* texture still has them */
}
END_TEST

/* NULL is checked before the size, as by the SDK call. */
START_TEST(test_sized_result_null_wins_over_short)
{
	busy_scene();
	nngxShimGetProfilingResultSized(NN_GX_PROFILING_BUSY, NULL, 0);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_NULL_RESULT), 1);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_RESULT_BUFFER_SHORT), 0);
	nngxShimGetProfilingResultSized(0x1234, NULL, 0);
	ck_assert_uint_eq(glGetError(), GL_ERROR_80A4_DMP);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_RESULT_BUFFER_SHORT), 0);
}
END_TEST

/* Enough words (exactly, or more): the same words as the SDK call from the
 * same state, the same reset of what the read resets, nothing past them. */
START_TEST(test_sized_result_with_enough_words_is_the_sdk_call)
{
	GLenum item;

	for (item = NN_GX_PROFILING_BUSY; item <= NN_GX_PROFILING_MEMORY_ACCESS; item++) {
		GLuint sdk[WORDS_MAX], sized[WORDS_MAX], again_sdk[WORDS_MAX],
			again_sized[WORDS_MAX];
		unsigned i, n = result_words(item);
		GLsizei extra;

		if (item == NN_GX_PROFILING_INTERRUPT)
			continue;
		for (extra = 0; extra <= 3; extra += 3) {
			for (i = 0; i < WORDS_MAX; i++)
				sdk[i] = sized[i] = again_sdk[i] = again_sized[i] = CANARY;
			busy_scene();
			nngxShimAdvance(65);
			nngxGetProfilingResult(item, sdk);
			nngxShimAdvance(13);
			nngxGetProfilingResult(item, again_sdk);
			busy_scene();
			nngxShimAdvance(65);
			nngxShimGetProfilingResultSized(item, sized, (GLsizei)n + extra);
			nngxShimAdvance(13);
			nngxShimGetProfilingResultSized(item, again_sized, (GLsizei)n + extra);
			ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
			ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_RESULT_BUFFER_SHORT), 0);
			for (i = 0; i < WORDS_MAX; i++)
				if (sdk[i] != sized[i] || again_sdk[i] != again_sized[i])
					ck_abort_msg("item 0x%X word %u: SDK 0x%X/0x%X, sized 0x%X/0x%X",
						     item, i, sdk[i], again_sdk[i], sized[i],
						     again_sized[i]);
			for (i = n; i < WORDS_MAX; i++)
				ck_assert_uint_eq(sized[i], CANARY);
		}
	}
}
END_TEST

/* No error while a command list executes; a warning instead. */
START_TEST(test_calls_during_command_list_record_no_error)
{
	GLuint words[NN_GX_PROFILING_RESULT_BUFSIZE_BUSY], param;
	struct nngx_state *st = nngx_state_get();

	tu_reset();
	tu_set_busy(10, 0);
	st->gpu.cmdlist_busy_until = st->gpu.clock + 1000;
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 3);
	nngxGetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, &param);
	nngxGetProfilingResult(NN_GX_PROFILING_BUSY, words);
	nngxStopProfiling(NN_GX_PROFILING_BUSY);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	ck_assert_uint_eq(param, 3);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CALL_DURING_COMMAND_LIST), 5);
	nngxShimAdvance(1000);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CALL_DURING_COMMAND_LIST), 5);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("profiling_errors");
	TCase *tc = tcase_create("sweeps");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_start_accepts_only_busy_and_vertex_cache_else_80a2);
	tcase_add_test(tc, test_stop_accepts_only_busy_and_vertex_cache_else_80a3);
	tcase_add_test(tc, test_result_accepts_only_result_items_else_80a4);
	tcase_add_test(tc, test_sized_result_accepts_only_result_items_else_80a4);
	tcase_add_test(tc, test_set_parameter_accepts_only_four_pnames_else_80a5);
	tcase_add_test(tc, test_get_parameter_accepts_only_four_pnames_else_80a7);
	suite_add_tcase(s, tc);

	tc = tcase_create("rules");
	tcase_add_test(tc, test_set_parameter_out_of_range_is_80a6_and_changes_nothing);
	tcase_add_test(tc, test_invalid_pname_with_invalid_param_is_80a5);
	tcase_add_test(tc, test_first_error_sticks_until_read);
	tcase_add_test(tc, test_call_with_dropped_error_still_changes_nothing);
	tcase_add_test(tc, test_get_error_without_error_returns_no_error);
	tcase_add_test(tc, test_interrupt_item_and_parameters_are_invalid);
	tcase_add_test(tc, test_null_result_writes_nothing_and_resets_nothing);
	tcase_add_test(tc, test_null_param_writes_nothing_and_records_no_error);
	tcase_add_test(tc, test_result_writes_exactly_bufsize_words);
	tcase_add_test(tc, test_sized_result_refuses_short_buffer_and_changes_nothing);
	tcase_add_test(tc, test_sized_result_null_wins_over_short);
	tcase_add_test(tc, test_sized_result_with_enough_words_is_the_sdk_call);
	tcase_add_test(tc, test_calls_during_command_list_record_no_error);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
