/* nngx_profiling.c: the five profiling entry points of the SDK.
 *
 * Each call validates everything first; a call that records a GL error
 * changes nothing else (manual 9.1-9.3; doc/model.md "Behaviour"). Then it asks the
 * simulated GPU to act. */
#include <string.h>

#include "driver/nngx_capture.h"
#include "driver/nngx_golden.h"
#include "driver/nngx_state.h"
#include "nngx_items.h"

/* The manual forbids these calls while a command list executes; the real
 * GPU gives no error but may misbehave, so the model warns. Returns true
 * when the call should misbehave too (profiling.misbehave_during_cmdlist). */
static bool warn_if_cmdlist_executing(struct nngx_state *st, const char *function)
{
	if (!hw_gpu_cmdlist_executing(&st->gpu))
		return false;
	nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_CALL_DURING_COMMAND_LIST, function,
			 "a command list runs until clock %llu (now %llu)",
			 (unsigned long long)st->gpu.cmdlist_busy_until,
			 (unsigned long long)st->gpu.clock);
	return st->config.misbehave_during_cmdlist;
}

/* The misbehaviour (model choice, deterministic): what the program asked
 * for does not happen. `what` says what happened instead. */
static void misbehaved(struct nngx_state *st, const char *function, const char *what)
{
	nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_PROFILING_MISBEHAVED, function, "%s", what);
}

/* What each item's last good read returned, for the misbehaving read
 * (zeros before the first; kept across power-on resets). Indexed by item
 * - NN_GX_PROFILING_BUSY. */
#define LAST_READ_ITEMS (NN_GX_PROFILING_MEMORY_ACCESS - NN_GX_PROFILING_BUSY + 1)
static GLuint last_read[LAST_READ_ITEMS][NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS];

/* The item if `function` accepts it, else records `code` and returns NULL. */
/* The item's name for the capture's trace, or NULL. */
static const char *item_name(GLenum item)
{
	const struct nngx_item *it = nngx_item_find(item);

	return it ? it->name : NULL;
}

/* The profiling item `item` when it may be started or stopped (startable when
 * must_start). Otherwise records `code` with a diagnostic that says why (the
 * interrupt item, an item that cannot, an unknown value) and returns NULL. */
static const struct nngx_item *accept_item(struct nngx_state *st, GLenum item,
					   bool must_start, GLenum code,
					   nngxShimDiagId id, const char *function)
{
	const struct nngx_item *it = nngx_item_find(item);

	if (it && (!must_start || it->startable))
		return it;
	if (nngx_item_is_interrupt(item))
		nngx_state_error(st, code, NNGX_SHIM_DIAG_INTERRUPT_NOT_MODELLED, function,
				 "item NN_GX_PROFILING_INTERRUPT (0x%04X)", item);
	else if (it)
		nngx_state_error(st, code, id, function, "item %s (0x%04X) cannot be %s",
				 it->name, item, code == GL_ERROR_80A2_DMP ? "started" : "stopped");
	else
		nngx_state_error(st, code, id, function, "item 0x%04X is not a profiling item",
				 item);
	return NULL;
}

void nngxStartProfiling(GLenum item)
{
	static const char fn[] = "nngxStartProfiling";
	NNGX_API(st);

	bool misbehave = warn_if_cmdlist_executing(st, fn);

	if (st->capture)
		nngx_capture_profiling(st, fn, item, item_name(item), 0, false);

	if (!accept_item(st, item, true, GL_ERROR_80A2_DMP,
			 NNGX_SHIM_DIAG_INVALID_START_ITEM, fn))
		return;
	if (misbehave) {
		misbehaved(st, fn, "the start is lost: the counter does not start or restart");
		return;
	}

	if (item == NN_GX_PROFILING_VERTEX_CACHE) {
		st->gpu.counters.vcache_started = true;
		st->vcache_started_once = true;
		return;
	}
	if (!st->sampling_time_set || !st->sampling_count_set)
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_BUSY_PARAMETERS_UNSET, fn,
				 "%s%s%s never set; using sampling time %u clocks, count %u",
				 st->sampling_time_set ? "" : "BUSY_SAMPLING_TIME",
				 !st->sampling_time_set && !st->sampling_count_set ? " and " : "",
				 st->sampling_count_set ? "" : "BUSY_SAMPLING_COUNT",
				 st->gpu.busy.reg_window, st->gpu.busy.reg_window_limit);
	hw_busy_start(&st->gpu.busy, st->gpu.clock);
	st->busy_started_once = true;
}

void nngxStopProfiling(GLenum item)
{
	static const char fn[] = "nngxStopProfiling";
	NNGX_API(st);
	bool was_running, misbehave = warn_if_cmdlist_executing(st, fn);

	if (st->capture)
		nngx_capture_profiling(st, fn, item, item_name(item), 0, false);

	if (!accept_item(st, item, true, GL_ERROR_80A3_DMP,
			 NNGX_SHIM_DIAG_INVALID_STOP_ITEM, fn))
		return;
	if (misbehave) {
		misbehaved(st, fn, "the stop is lost: the counter keeps running");
		return;
	}

	if (item == NN_GX_PROFILING_VERTEX_CACHE) {
		was_running = st->gpu.counters.vcache_started;
		st->gpu.counters.vcache_started = false;
	} else {
		was_running = hw_busy_running(&st->gpu.busy, st->gpu.clock);
		hw_busy_stop(&st->gpu.busy, st->gpu.clock);
	}
	if (!was_running)
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_STOP_NOT_RUNNING, fn,
				 "%s was not running", nngx_item_find(item)->name);
}

/* Clocks for the sampling-time register, or 0 after recording 80A6. */
static GLuint sampling_clocks(struct nngx_state *st, const struct nngx_parameter *p,
			      GLuint param, const char *fn)
{
	GLuint clocks;

	if (p->value == NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND)
		return (GLuint)hw_clock_from_us(param);
	if (p->value != NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND)
		return param;
	clocks = (GLuint)hw_clock_from_ns(param);
	if (clocks == 0) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_NANOSECONDS_FLOORED, fn,
				 "%u ns is %u.%03u clocks at 268 MHz", param,
				 param * 268u / 1000u, param * 268u % 1000u);
		clocks = 1;
	}
	return clocks;
}

void nngxSetProfilingParameter(GLenum pname, GLuint param)
{
	static const char fn[] = "nngxSetProfilingParameter";
	NNGX_API(st);
	const struct nngx_parameter *p = nngx_parameter_find(pname);
	struct hw_busy_unit *busy = &st->gpu.busy;
	bool misbehave = warn_if_cmdlist_executing(st, fn);

	if (st->capture)
		nngx_capture_profiling(st, fn, pname, p ? p->name : NULL, param, true);
	/* pname is checked before param (80A5 wins over 80A6). */
	if (!p) {
		if (nngx_parameter_is_interrupt(pname))
			nngx_state_error(st, GL_ERROR_80A5_DMP, NNGX_SHIM_DIAG_INTERRUPT_NOT_MODELLED,
					 fn, "pname 0x%04X is an INTERRUPT parameter", pname);
		else
			nngx_state_error(st, GL_ERROR_80A5_DMP, NNGX_SHIM_DIAG_INVALID_SET_PARAMETER,
					 fn, "pname 0x%04X", pname);
		return;
	}
	if (param < p->min || param > p->max) {
		nngx_state_error(st, GL_ERROR_80A6_DMP, NNGX_SHIM_DIAG_PARAMETER_OUT_OF_RANGE, fn,
				 "%s accepts %u..%u, got %u", p->name, p->min, p->max, param);
		return;
	}
	if (misbehave) {
		misbehaved(st, fn, "the parameter write is lost: the register keeps its value");
		return;
	}

	if (pname == NN_GX_PROFILING_BUSY_SAMPLING_COUNT) {
		busy->reg_window_limit = (uint16_t)param;
		st->sampling_count_set = true;
	} else {
		/* The three time pnames share one register: the last call wins. */
		busy->reg_window = (uint16_t)sampling_clocks(st, p, param, fn);
		st->sampling_time_set = true;
	}
	if (hw_busy_running(busy, st->gpu.clock))
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_PARAMETER_WHILE_RUNNING, fn,
				 "%s = %u while the busy counter runs; the running counter "
				 "keeps %u clocks, %u windows", p->name, param, busy->window,
				 busy->window_limit);
}

void nngxGetProfilingParameter(GLenum pname, GLuint *param)
{
	static const char fn[] = "nngxGetProfilingParameter";
	NNGX_API(st);
	const struct hw_busy_unit *busy = &st->gpu.busy;

	/* Model choice: this read does not misbehave (it reads the driver's
	 * copy of the registers). */
	(void)warn_if_cmdlist_executing(st, fn);
	if (!nngx_parameter_find(pname)) {
		if (nngx_parameter_is_interrupt(pname))
			nngx_state_error(st, GL_ERROR_80A7_DMP, NNGX_SHIM_DIAG_INTERRUPT_NOT_MODELLED,
					 fn, "pname 0x%04X is an INTERRUPT parameter", pname);
		else
			nngx_state_error(st, GL_ERROR_80A7_DMP, NNGX_SHIM_DIAG_INVALID_GET_PARAMETER,
					 fn, "pname 0x%04X", pname);
		return;
	}
	if (!param) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_NULL_PARAM, fn, "pname 0x%04X", pname);
		return;
	}
	switch (pname) {
	case NN_GX_PROFILING_BUSY_SAMPLING_COUNT:
		*param = busy->reg_window_limit;
		break;
	case NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND:
		*param = (GLuint)hw_clock_to_us(busy->reg_window);
		break;
	case NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND:
		*param = (GLuint)hw_clock_to_ns(busy->reg_window);
		break;
	default:
		*param = busy->reg_window;
		break;
	}
}

/* Module i's 16-bit count goes to word i/2, low half for even i: on a
 * little-endian host, the counters' own bytes. */
static void pack_busy(const uint16_t counter[HW_BUSY_MODULE_COUNT], GLuint *result)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(result, counter, HW_BUSY_MODULE_COUNT * sizeof *counter);
#else
	int i;

	for (i = 0; i < HW_BUSY_MODULE_COUNT / 2; i++)
		result[i] = (GLuint)counter[2 * i] | (GLuint)counter[2 * i + 1] << 16;
#endif
}

/* The vertex-cache item's value for a read. Never started since power-on:
 * reported, and the poison value returned when the configuration asks for it;
 * otherwise the counter. */
static GLuint vertex_cache_value(struct nngx_state *st, const char *fn)
{
	if (st->vcache_started_once)
		return st->gpu.counters.vertex_cache;
	nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_VERTEX_CACHE_NOT_STARTED, fn,
			 "reading NN_GX_PROFILING_VERTEX_CACHE, never started since power-on");
	if (st->config.vcache_unstarted == NNGX_VCACHE_UNSTARTED_POISON)
		return NNGX_VCACHE_POISON;
	return st->gpu.counters.vertex_cache;
}

/* `words` words of `from` to the program's buffer and to the item's
 * last-read row (inline with a constant `words` at each use). */
static inline void put_result(GLuint *result, GLuint *row, const GLuint *from, size_t words)
{
	memcpy(result, from, words * sizeof *result);
	memcpy(row, from, words * sizeof *result);
}

/* The read behind nngxGetProfilingResult and its sized variant. When
 * `sized`, `words` is the buffer's size in words (the SDK call trusts the
 * program instead). A short buffer is refused after the checks the SDK
 * call makes, so both calls agree on every other outcome. */
#if defined(__GNUC__)
#define READ_INLINE inline __attribute__((always_inline))
#else
#define READ_INLINE inline
#endif

/* Inlined into both entry points: nngxGetProfilingResult pays neither the
 * extra call nor the size check. */
static READ_INLINE void profiling_result_read(const char *fn, GLenum item, GLuint *result,
					      bool sized, GLsizei words)
{
	NNGX_API(st);
	struct hw_counters *c = &st->gpu.counters;
	uint16_t busy[HW_BUSY_MODULE_COUNT];
	GLuint packed[HW_BUSY_MODULE_COUNT / 2], *row;
	const struct nngx_item *it;
	bool misbehave = warn_if_cmdlist_executing(st, fn);

	if (st->capture)
		nngx_capture_profiling(st, fn, item, item_name(item), 0, false);

	it = nngx_item_find(item);
	if (!it) {      /* records 80A4 */
		(void)accept_item(st, item, false, GL_ERROR_80A4_DMP,
				  NNGX_SHIM_DIAG_INVALID_RESULT_ITEM, fn);
		return;
	}
	if (!result) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_NULL_RESULT, fn, "item %s", it->name);
		return;
	}
	if (sized && (words < 0 || (GLuint)words < it->result_words)) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_RESULT_BUFFER_SHORT, fn,
				 "item %s needs %u words, the buffer holds %d", it->name,
				 (unsigned)it->result_words, (int)words);
		return;
	}
	row = last_read[item - NN_GX_PROFILING_BUSY];
	if (misbehave) {
		memcpy(result, row, it->result_words * sizeof *result);
		misbehaved(st, fn, "the read returns the previous read's values and resets "
			   "nothing");
		nngx_golden_result(it->name, result, it->result_words);
		return;
	}

	switch (item) {
	case NN_GX_PROFILING_BUSY:
		if (!st->busy_started_once)
			nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_BUSY_NOT_STARTED, fn,
					 "reading NN_GX_PROFILING_BUSY, never started since "
					 "power-on");
		hw_busy_read(&st->gpu.busy, st->gpu.clock, busy);
		pack_busy(busy, packed);
		put_result(result, row, packed, NN_GX_PROFILING_RESULT_BUFSIZE_BUSY);
		break;
	case NN_GX_PROFILING_VERTEX_SHADER0:
	case NN_GX_PROFILING_VERTEX_SHADER1:
	case NN_GX_PROFILING_VERTEX_SHADER2:
	case NN_GX_PROFILING_VERTEX_SHADER3:
		put_result(result, row, c->shader[item - NN_GX_PROFILING_VERTEX_SHADER0],
			   NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_SHADER0);
		break;
	case NN_GX_PROFILING_VERTEX_CACHE:
		packed[0] = vertex_cache_value(st, fn);
		put_result(result, row, packed, NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_CACHE);
		break;
	case NN_GX_PROFILING_POLYGON:
		put_result(result, row, c->polygon, NN_GX_PROFILING_RESULT_BUFSIZE_POLYGON);
		break;
	case NN_GX_PROFILING_FRAGMENT:
		put_result(result, row, &c->fragment, NN_GX_PROFILING_RESULT_BUFSIZE_FRAGMENT);
		break;
	default: /* NN_GX_PROFILING_MEMORY_ACCESS */
		put_result(result, row, c->memory, NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS);
		break;
	}
	nngx_golden_result(it->name, result, it->result_words);
}

void nngxGetProfilingResult(GLenum item, GLuint *result)
{
	profiling_result_read("nngxGetProfilingResult", item, result, false, 0);
}

void nngxShimGetProfilingResultSized(GLenum item, GLuint *result, GLsizei words)
{
	profiling_result_read("nngxShimGetProfilingResultSized", item, result, true, words);
}
