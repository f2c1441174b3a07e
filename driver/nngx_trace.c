/* nngx_trace.c: the GPU's timeline in the Trace Event Format (the format
 * chrome://tracing and ui.perfetto.dev open), in its JSON array form: one
 * event a line, each followed by a comma, flushed at every frame's end, so
 * a trace cut at any point (a crash, a kill) still loads: the array form
 * lets the closing bracket be missing. A finished trace ends with a last
 * event and "]", so it is strict JSON too.
 *
 * Tracks: one per busy-counter module with each draw's span on the modules
 * it kept busy, frames, draws and command fetches, the fill channels,
 * engines, command-list runs (durations), injected busy time, LCD vertical
 * blanks, the program's profiling calls (by name), and counter tracks
 * holding each frame's value from the frame's start, written only when the
 * value changed.
 *
 * Flows: a draw's slice on the track of draws and command fetches starts
 * one flow (Trace Event Format flow events "s" and "f", category "draw")
 * to each of its module spans, so that a click on the draw in a viewer
 * follows it across the module tracks. A module's span is the draw's
 * window on that module, from the first batch it takes to the last it
 * passes on (the pipeline's own times, hw_pipeline.h), so the spans of one
 * draw stagger as the batches go down the pipeline. Each flow event is
 * written right after the slice it binds to and at that slice's exact
 * start: viewers that bind to the enclosing slice (Perfetto,
 * chrome://tracing, with "bp":"e" on the end) and those that bind by
 * timestamp (Chrome DevTools) agree. A flow cut in half by a kill has no
 * end and is dropped by viewers.
 *
 * Time: virtual microseconds from the integer GPU clock (268 clocks a
 * microsecond), written with exactly three decimals: floor(clock * 1000 /
 * 268) nanoseconds. The conversion is monotone, so a span that ends at or
 * before the next one's start on the GPU does so in the trace too, and
 * "dur" is the difference of the two converted ends: no rounding overlap. */
#include <stdlib.h>
#include <string.h>

#include "hw/hw_alloc.h"
#include "nngx_capture.h"
#include "nngx_counters.h"

#define CLOCKS_PER_US 268u      /* HW_CLOCK_HZ / 10^6 */
/* At most this many vertical blanks are drawn per capture frame, so that a
 * wait of hours does not fill the disk (model choice). */
#define TRACE_MAX_VBLANKS 1000u

/* Thread ids: 1..8 the modules (busy-counter order + 1), then these. */
enum {
	TID_FRAME = 9, TID_WORK, TID_FILL0, TID_FILL1, TID_ENGINE, TID_CMDLIST, TID_LCD,
	TID_PROGRAM, TID_INJECT, TID_COUNT = TID_INJECT + HW_BUSY_MODULE_COUNT
};

struct nngx_trace {
	FILE *f;
	bool ok;
	uint64_t draws;
	uint64_t flows;                 /* flow ids given so far */
	uint64_t track_end[TID_COUNT];  /* end (clock) of the last span per track */
	bool counters_seen;
	uint64_t counter_last[NNGX_SHIM_COUNTER_COUNT];
	bool inject_named[HW_BUSY_MODULE_COUNT];
	bool run_open;                  /* a command-list run is being traced */
	uint64_t run_start, run_end, run_requests;
	unsigned run_list;
};

static const char *const module_track[HW_BUSY_MODULE_COUNT] = {
	"busy: command/vertex load", "busy: shader processor 0", "busy: triangle setup",
	"busy: rasterizer", "busy: texture unit", "busy: fragment lighting",
	"busy: texture combiner", "busy: per-fragment operation"
};

/* Nanoseconds of virtual time at `clock`, rounded down (monotone). */
static uint64_t clock_ns(uint64_t clock)
{
	return clock / CLOCKS_PER_US * 1000u + clock % CLOCKS_PER_US * 1000u / CLOCKS_PER_US;
}

/* Append the member "key" with ns shown as microseconds to 3 decimals,
 * exactly (integer arithmetic, no rounding). */
static void put_us(FILE *f, const char *key, uint64_t ns)
{
	fprintf(f, ",\"%s\":%llu.%03u", key, (unsigned long long)(ns / 1000u),
		(unsigned)(ns % 1000u));
}

/* The names written are the library's own (no quote, no backslash). */
static void ev_open(struct nngx_trace *t, const char *name, const char *ph, int tid)
{
	fprintf(t->f, "{\"name\":\"%s\",\"ph\":\"%s\",\"pid\":1,\"tid\":%d", name, ph, tid);
}

/* Close the event ev_open began; a failed write marks the trace failed. */
static void ev_close(struct nngx_trace *t)
{
	if (fputs("},\n", t->f) < 0)
		t->ok = false;
}

/* Name track tid and fix its place in the viewer's order (by tid). */
static void trace_name_thread(struct nngx_trace *t, int tid, const char *name)
{
	ev_open(t, "thread_name", "M", tid);
	fprintf(t->f, ",\"args\":{\"name\":\"%s\"}", name);
	ev_close(t);
	/* Keep the tracks in this order. */
	ev_open(t, "thread_sort_index", "M", tid);
	fprintf(t->f, ",\"args\":{\"sort_index\":%d}", tid);
	ev_close(t);
}

/* Flush the trace file; false, and the trace marked failed, on any write
 * error so far. */
static bool trace_flush(struct nngx_trace *t)
{
	if (fflush(t->f) != 0 || ferror(t->f))
		t->ok = false;
	return t->ok;
}

struct nngx_trace *nngx_trace_open(const char *path)
{
	struct nngx_trace *t = hw_calloc(1, sizeof *t);
	int m;

	if (!t)
		return NULL;
	t->f = fopen(path, "w");
	if (!t->f) {
		free(t);
		return NULL;
	}
	t->ok = fputs("[\n", t->f) >= 0;
	ev_open(t, "process_name", "M", 0);
	fputs(",\"args\":{\"name\":\"libnngx simulated PICA200 (virtual time, 268 clocks a "
	      "microsecond)\"}", t->f);
	ev_close(t);
	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++)
		trace_name_thread(t, m + 1, module_track[m]);
	trace_name_thread(t, TID_FRAME, "frames");
	trace_name_thread(t, TID_WORK, "draws and command fetches");
	trace_name_thread(t, TID_FILL0, "memory fill channel 0");
	trace_name_thread(t, TID_FILL1, "memory fill channel 1");
	trace_name_thread(t, TID_ENGINE, "transfers, copies, DMA");
	trace_name_thread(t, TID_CMDLIST, "command-list runs");
	trace_name_thread(t, TID_LCD, "LCD");
	trace_name_thread(t, TID_PROGRAM, "program");
	if (!trace_flush(t)) {
		fclose(t->f);
		free(t);
		return NULL;
	}
	return t;
}

bool nngx_trace_ok(const struct nngx_trace *t)
{
	return t->ok;
}

/* A complete span ("X") from start to end; a span that would begin before
 * the last one on its track ended begins at that end (a track is a queue),
 * so slices of one track never overlap. `cat` is its category or NULL;
 * `args` the text of an args object's members, or NULL. Returns the start
 * written, in nanoseconds. */
static uint64_t trace_span_cat(struct nngx_trace *t, const char *name, const char *cat,
			       int tid, uint64_t start, uint64_t end, const char *args)
{
	uint64_t s_ns, e_ns;

	if (start < t->track_end[tid])
		start = t->track_end[tid];
	if (end < start)
		end = start;
	t->track_end[tid] = end;
	s_ns = clock_ns(start);
	e_ns = clock_ns(end);
	ev_open(t, name, "X", tid);
	if (cat)
		fprintf(t->f, ",\"cat\":\"%s\"", cat);
	put_us(t->f, "ts", s_ns);
	put_us(t->f, "dur", e_ns - s_ns);
	if (args)
		fprintf(t->f, ",\"args\":{%s}", args);
	ev_close(t);
	return s_ns;
}

static void trace_span(struct nngx_trace *t, const char *name, int tid, uint64_t start,
		       uint64_t end, const char *args)
{
	(void)trace_span_cat(t, name, NULL, tid, start, end, args);
}

/* One end of flow `id` ("s" start or "f" end), bound to the slice of
 * track `tid` that starts at `ns`. */
static void trace_flow(struct nngx_trace *t, const char *name, const char *ph, int tid,
		       uint64_t id, uint64_t ns)
{
	ev_open(t, name, ph, tid);
	fprintf(t->f, ",\"cat\":\"draw\",\"id\":%llu", (unsigned long long)id);
	put_us(t->f, "ts", ns);
	if (ph[0] == 'f')
		fputs(",\"bp\":\"e\"", t->f);
	ev_close(t);
}

/* The window of each module on a timed draw, in clocks from its start:
 * from the first batch a stage of the module takes with work in it to the
 * last it passes on (its busy time lies inside). A module with work but
 * no batch (none in the model today) gets the whole draw. */
static void draw_windows(const struct hw_draw_result *r, uint64_t from[HW_BUSY_MODULE_COUNT],
			 uint64_t to[HW_BUSY_MODULE_COUNT])
{
	const struct hw_pipe *p = &r->pipe;
	unsigned s, b;
	int m;

	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++) {
		from[m] = UINT64_MAX;
		to[m] = 0;
	}
	for (s = 0; s < HW_PIPE_STAGE_COUNT; s++) {
		m = (int)hw_pipe_module((enum hw_pipe_stage)s);
		for (b = 0; b < p->batches && b < HW_PIPE_MAX_BATCHES; b++) {
			const struct hw_pipe_batch *x = &p->batch[b];
			uint64_t leave = x->start[s] + x->time[s] + x->blocked[s];

			if (x->busy[s] == 0)
				continue;
			if (x->start[s] < from[m])
				from[m] = x->start[s];
			if (leave > to[m])
				to[m] = leave;
		}
	}
	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++) {
		if (from[m] == UINT64_MAX) {
			from[m] = 0;
			to[m] = r->duration;
		}
		if (to[m] > r->duration)
			to[m] = r->duration;
		if (from[m] > to[m])
			from[m] = to[m];
	}
}

/* Write an instant event `name` on track tid at GPU clock `clock`, with the
 * JSON members `args` when not NULL. */
static void trace_instant_at(struct nngx_trace *t, const char *name, int tid, uint64_t clock,
			     const char *args)
{
	ev_open(t, name, "i", tid);
	put_us(t->f, "ts", clock_ns(clock));
	fputs(",\"s\":\"t\"", t->f);
	if (args)
		fprintf(t->f, ",\"args\":{%s}", args);
	ev_close(t);
}

void nngx_trace_work(struct nngx_trace *t, const struct hw_event *e, uint64_t clock_base)
{
	uint64_t start = clock_base + e->start, end = clock_base + e->end;
	char name[64], args[256];
	int m;

	if (!t->ok)
		return;
	if (t->run_open && end > t->run_end)
		t->run_end = end;
	switch (e->kind) {
	case HW_EVENT_DRAW: {
		const struct hw_draw_result *r = e->draw;
		uint64_t from[HW_BUSY_MODULE_COUNT], to[HW_BUSY_MODULE_COUNT], draw_ns, ns;

		snprintf(name, sizeof name, "draw %llu", (unsigned long long)t->draws++);
		snprintf(args, sizeof args, "\"polygons_in\":%u,\"polygons_out\":%u,"
			 "\"vertices_shaded\":%u,\"fragments\":%u,\"clocks\":%llu",
			 (unsigned)r->setup.polygons_in, (unsigned)r->setup.polygons_out,
			 (unsigned)r->vertices_shaded, e->delta ? (unsigned)e->delta->fragment : 0u,
			 (unsigned long long)(e->end - e->start));
		draw_ns = trace_span_cat(t, name, "draw", TID_WORK, start, end, args);
		draw_windows(r, from, to);
		for (m = 0; m < HW_BUSY_MODULE_COUNT; m++) {
			if (!r->work[m])
				continue;
			/* Share in millionths: integers stay exact. */
			snprintf(args, sizeof args, "\"busy_clocks\":%llu,\"busy_share_ppm\":%llu",
				 (unsigned long long)r->work[m], r->duration
				 ? (unsigned long long)(r->work[m] * 1000000u / r->duration) : 0ull);
			ns = trace_span_cat(t, name, "draw", m + 1, start + from[m], start + to[m],
					    args);
			trace_flow(t, name, "s", TID_WORK, ++t->flows, draw_ns);
			trace_flow(t, name, "f", m + 1, t->flows, ns);
		}
		break;
	}
	case HW_EVENT_COMMANDS:
		trace_span(t, "command fetch", TID_WORK, start, end, NULL);
		trace_span(t, "command fetch", 1, start, end, NULL);
		break;
	case HW_EVENT_FILL:
		trace_span(t, "fill", e->channel ? TID_FILL1 : TID_FILL0, start, end, NULL);
		break;
	case HW_EVENT_TRANSFER:
		trace_span(t, "display transfer", TID_ENGINE, start, end, NULL);
		break;
	case HW_EVENT_COPY:
		trace_span(t, "texture copy", TID_ENGINE, start, end, NULL);
		break;
	default:
		trace_span(t, "DMA", TID_ENGINE, start, end, NULL);
		break;
	}
}

void nngx_trace_inject(struct nngx_trace *t, unsigned module, uint64_t start, uint64_t clocks)
{
	char name[64];

	if (!t->ok || module >= HW_BUSY_MODULE_COUNT)
		return;
	/* A track per module, named when first used: injections into several
	 * modules at once overlap in time. */
	if (!t->inject_named[module]) {
		snprintf(name, sizeof name, "injected %s", module_track[module]);
		trace_name_thread(t, TID_INJECT + (int)module, name);
		t->inject_named[module] = true;
	}
	trace_span(t, "nngxShimInjectBusy", TID_INJECT + (int)module, start, start + clocks, NULL);
}

void nngx_trace_run_begin(struct nngx_trace *t, unsigned list, uint64_t clock,
			  uint64_t requests)
{
	if (!t->ok)
		return;
	t->run_open = true;
	t->run_list = list;
	t->run_requests = requests;
	t->run_start = t->run_end = clock;
}

void nngx_trace_run_end(struct nngx_trace *t)
{
	char name[48], args[64];

	if (!t->ok || !t->run_open)
		return;
	t->run_open = false;
	snprintf(name, sizeof name, "command list %u", t->run_list);
	snprintf(args, sizeof args, "\"requests\":%llu", (unsigned long long)t->run_requests);
	trace_span(t, name, TID_CMDLIST, t->run_start, t->run_end, args);
}

void nngx_trace_call(struct nngx_trace *t, const char *function, uint64_t clock,
		     const char *item, long long value, bool has_value)
{
	char args[128];

	if (!t->ok)
		return;
	if (has_value)
		snprintf(args, sizeof args, "\"item\":\"%s\",\"value\":%lld", item, value);
	else
		snprintf(args, sizeof args, "\"item\":\"%s\"", item);
	trace_instant_at(t, function, TID_PROGRAM, clock, args);
}

void nngx_trace_instant(struct nngx_trace *t, const char *track, const char *name,
			uint64_t clock, const char *arg_name, long long arg)
{
	int tid = strcmp(track, "LCD") == 0 ? TID_LCD : TID_PROGRAM;
	char args[96];

	if (!t->ok)
		return;
	if (arg_name)
		snprintf(args, sizeof args, "\"%s\":%lld", arg_name, arg);
	trace_instant_at(t, name, tid, clock, arg_name ? args : NULL);
}

void nngx_trace_frame(struct nngx_trace *t, uint64_t index, uint64_t start, uint64_t end,
		      const uint32_t *values, const uint64_t busy_windows[HW_BUSY_MODULE_COUNT])
{
	char name[48], group[32] = "";
	uint64_t v[NNGX_SHIM_COUNTER_COUNT];
	bool changed = false;
	int id, first = 0;

	if (!t->ok)
		return;
	snprintf(name, sizeof name, "frame %llu", (unsigned long long)index);
	trace_span(t, name, TID_FRAME, start, end, NULL);
	for (id = 0; id < NNGX_SHIM_COUNTER_COUNT; id++) {
		const nngxShimCounterInfo *c = &nngx_counter_table[id];

		v[id] = c->item == NN_GX_PROFILING_BUSY ? busy_windows[c->word * 2 + c->shift / 16]
							: values[id];
	}
	/* One counter event per item ("polygon": in, out, ...), holding the
	 * frame's values from the frame's start; written only when a value of
	 * the item differs from the one already drawn. */
	for (id = 0; id <= NNGX_SHIM_COUNTER_COUNT; id++) {
		const char *cname = id < NNGX_SHIM_COUNTER_COUNT ? nngx_counter_table[id].name : "";
		const char *dot = strchr(cname, '.');
		size_t len = dot ? (size_t)(dot - cname) : 0;
		int k;

		if (id < NNGX_SHIM_COUNTER_COUNT && strncmp(group, cname, len) == 0
		    && group[len] == '\0') {
			changed = changed || v[id] != t->counter_last[id];
			continue;
		}
		if (group[0] && (changed || !t->counters_seen)) {
			ev_open(t, group, "C", 0);
			put_us(t->f, "ts", clock_ns(start));
			fputs(",\"args\":{", t->f);
			for (k = first; k < id; k++) {
				const char *key = strchr(nngx_counter_table[k].name, '.') + 1;

				fprintf(t->f, "%s\"%s\":%llu", k == first ? "" : ",", key,
					(unsigned long long)v[k]);
				t->counter_last[k] = v[k];
			}
			fputc('}', t->f);
			ev_close(t);
		}
		if (id == NNGX_SHIM_COUNTER_COUNT)
			break;
		snprintf(group, sizeof group, "%.*s", (int)len, cname);
		first = id;
		changed = v[id] != t->counter_last[id];
	}
	t->counters_seen = true;
	/* Once a frame, so that a program that dies leaves its frames. */
	(void)trace_flush(t);
}

void nngx_trace_vblanks(struct nngx_trace *t, uint64_t from, uint64_t to, uint64_t clock_base,
			const struct hw_lcd *lcd)
{
	uint64_t at, n = 0;

	if (!t->ok || to <= clock_base)
		return;
	/* The controllers' vblanks strictly after `from`, in GPU clocks
	 * since the last reset (clock_base). */
	at = from > clock_base ? from - clock_base : 0;
	while (n < TRACE_MAX_VBLANKS && (at = hw_lcd_next_vblank(lcd, at)) != HW_CLOCK_MAX
	       && clock_base + at <= to) {
		trace_instant_at(t, "vblank", TID_LCD, clock_base + at, NULL);
		n++;
	}
}

bool nngx_trace_close(struct nngx_trace *t)
{
	bool ok;

	nngx_trace_run_end(t);
	/* A last event without a comma, and the bracket: strict JSON. */
	ok = t->ok && fputs("{\"name\":\"process_labels\",\"ph\":\"M\",\"pid\":1,\"tid\":0,"
			    "\"args\":{\"labels\":\"trace complete\"}}\n]\n", t->f) >= 0;
	ok = fflush(t->f) == 0 && ok && !ferror(t->f);
	ok = fclose(t->f) == 0 && ok;
	free(t);
	return ok;
}
