/* nngx_trace.c: the GPU's timeline as Chrome trace-event JSON (the format
 * chrome://tracing and ui.perfetto.dev open): one track per busy-counter
 * module with its busy stretches, tracks for draws, engines, command-list
 * runs, LCD vertical blanks and the program's profiling calls, and counter
 * tracks, all in virtual microseconds. Events are written as they happen,
 * so a trace cut short still holds everything before the cut. */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "hw/hw_alloc.h"
#include "nngx_capture.h"
#include "nngx_counters.h"

#define CLOCKS_PER_US 268.0     /* HW_CLOCK_HZ / 10^6 */
/* At most this many vertical blanks are drawn per capture frame, so that a
 * wait of hours does not fill the disk (model choice). */
#define TRACE_MAX_VBLANKS 1000u

/* Thread ids: 1..8 the modules (busy-counter order + 1), then these. */
enum {
	TID_WORK = 10, TID_FILL0, TID_FILL1, TID_ENGINE, TID_CMDLIST, TID_LCD, TID_PROGRAM
};

struct nngx_trace {
	FILE *f;
	bool ok;
	uint64_t draws;
};

static const char *const module_track[HW_BUSY_MODULE_COUNT] = {
	"busy: command/vertex load", "busy: shader processor 0", "busy: triangle setup",
	"busy: rasterizer", "busy: texture unit", "busy: fragment lighting",
	"busy: texture combiner", "busy: per-fragment operation"
};

static void trace_emit(struct nngx_trace *t, json_t *e)
{
	if (t->ok && (fputs(",\n", t->f) < 0
		      || json_dumpf(e, t->f, JSON_COMPACT | JSON_PRESERVE_ORDER
				    | JSON_REAL_PRECISION(12)) != 0))
		t->ok = false;
	json_decref(e);
}

static json_t *trace_event(const char *name, const char *ph, int tid, uint64_t clock)
{
	json_t *e = json_object();

	json_object_set_new(e, "name", json_string(name));
	json_object_set_new(e, "ph", json_string(ph));
	json_object_set_new(e, "pid", json_integer(1));
	json_object_set_new(e, "tid", json_integer(tid));
	json_object_set_new(e, "ts", json_real((double)clock / CLOCKS_PER_US));
	return e;
}

static void trace_name_thread(struct nngx_trace *t, int tid, const char *name)
{
	json_t *e = json_object(), *args = json_object();

	json_object_set_new(e, "name", json_string("thread_name"));
	json_object_set_new(e, "ph", json_string("M"));
	json_object_set_new(e, "pid", json_integer(1));
	json_object_set_new(e, "tid", json_integer(tid));
	json_object_set_new(args, "name", json_string(name));
	json_object_set_new(e, "args", args);
	trace_emit(t, e);
	/* Keep the tracks in this order. */
	e = json_object();
	args = json_object();
	json_object_set_new(e, "name", json_string("thread_sort_index"));
	json_object_set_new(e, "ph", json_string("M"));
	json_object_set_new(e, "pid", json_integer(1));
	json_object_set_new(e, "tid", json_integer(tid));
	json_object_set_new(args, "sort_index", json_integer(tid));
	json_object_set_new(e, "args", args);
	trace_emit(t, e);
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
	t->ok = fputs("{\"displayTimeUnit\":\"ns\",\"otherData\":{\"schema\":\"nngx-trace\","
		      "\"version\":1,\"time\":\"virtual GPU microseconds (268 clocks)\"},"
		      "\"traceEvents\":[\n{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,"
		      "\"tid\":0,\"args\":{\"name\":\"libnngx simulated PICA200\"}}", t->f) >= 0;
	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++)
		trace_name_thread(t, m + 1, module_track[m]);
	trace_name_thread(t, TID_WORK, "draws and command fetches");
	trace_name_thread(t, TID_FILL0, "memory fill channel 0");
	trace_name_thread(t, TID_FILL1, "memory fill channel 1");
	trace_name_thread(t, TID_ENGINE, "transfers, copies, DMA");
	trace_name_thread(t, TID_CMDLIST, "command lists");
	trace_name_thread(t, TID_LCD, "LCD");
	trace_name_thread(t, TID_PROGRAM, "program");
	if (!t->ok || fflush(t->f) != 0) {
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

static void trace_span(struct nngx_trace *t, const char *name, int tid, uint64_t start,
		       uint64_t end, json_t *args)
{
	json_t *e = trace_event(name, "X", tid, start);

	json_object_set_new(e, "dur", json_real((double)(end - start) / CLOCKS_PER_US));
	if (args)
		json_object_set_new(e, "args", args);
	trace_emit(t, e);
}

void nngx_trace_work(struct nngx_trace *t, const struct hw_event *e, uint64_t clock_base)
{
	uint64_t start = clock_base + e->start, end = clock_base + e->end;
	char name[64];
	json_t *args;
	int m;

	if (!t->ok)
		return;
	switch (e->kind) {
	case HW_EVENT_DRAW: {
		const struct hw_draw_result *r = e->draw;

		snprintf(name, sizeof name, "draw %llu", (unsigned long long)t->draws++);
		args = json_object();
		json_object_set_new(args, "polygons_in", json_integer(r->setup.polygons_in));
		json_object_set_new(args, "polygons_out", json_integer(r->setup.polygons_out));
		json_object_set_new(args, "vertices_shaded", json_integer(r->vertices_shaded));
		json_object_set_new(args, "fragments", json_integer(e->delta ? e->delta->fragment : 0));
		json_object_set_new(args, "clocks", json_integer((json_int_t)(e->end - e->start)));
		trace_span(t, name, TID_WORK, start, end, args);
		for (m = 0; m < HW_BUSY_MODULE_COUNT; m++) {
			if (!r->work[m])
				continue;
			args = json_object();
			json_object_set_new(args, "busy_clocks", json_integer((json_int_t)r->work[m]));
			json_object_set_new(args, "busy_share", json_real(r->duration ?
					    (double)r->work[m] / (double)r->duration : 0.0));
			trace_span(t, name, m + 1, start, end, args);
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
	if (t->ok && module < HW_BUSY_MODULE_COUNT)
		trace_span(t, "nngxShimInjectBusy", (int)module + 1, start, start + clocks, NULL);
}

void nngx_trace_instant(struct nngx_trace *t, const char *track, const char *name,
			uint64_t clock, const char *arg_name, long long arg)
{
	int tid = strcmp(track, "command lists") == 0 ? TID_CMDLIST
		  : strcmp(track, "LCD") == 0 ? TID_LCD : TID_PROGRAM;
	json_t *e, *args;

	if (!t->ok)
		return;
	e = trace_event(name, "i", tid, clock);
	json_object_set_new(e, "s", json_string("t"));
	if (arg_name) {
		args = json_object();
		json_object_set_new(args, arg_name, json_integer(arg));
		json_object_set_new(e, "args", args);
	}
	trace_emit(t, e);
}

void nngx_trace_counters(struct nngx_trace *t, uint64_t clock, const uint32_t *values,
			 const uint64_t busy_windows[HW_BUSY_MODULE_COUNT])
{
	json_t *e = NULL, *args = NULL;
	char group[32] = "";
	int id;

	if (!t->ok)
		return;
	/* One counter event per item ("polygon": in, out, ...), per frame. */
	for (id = 0; id < NNGX_SHIM_COUNTER_COUNT; id++) {
		const nngxShimCounterInfo *c = &nngx_counter_table[id];
		const char *dot = strchr(c->name, '.');
		size_t len = (size_t)(dot - c->name);
		uint64_t v = c->item == NN_GX_PROFILING_BUSY ? busy_windows[c->word * 2 + c->shift / 16]
							     : values[id];

		if (strncmp(group, c->name, len) != 0 || group[len] != '\0') {
			if (e)
				trace_emit(t, e);
			snprintf(group, sizeof group, "%.*s", (int)len, c->name);
			e = trace_event(group, "C", 0, clock);
			args = json_object();
			json_object_set_new(e, "args", args);
		}
		json_object_set_new(args, dot + 1, json_integer((json_int_t)v));
	}
	if (e)
		trace_emit(t, e);
	/* Once a frame, so that a program that dies leaves its frames. */
	if (t->ok && fflush(t->f) != 0)
		t->ok = false;
}

void nngx_trace_vblanks(struct nngx_trace *t, uint64_t from, uint64_t to, uint64_t clock_base)
{
	uint64_t k, n = 0;

	if (!t->ok || to <= clock_base)
		return;
	for (k = (from > clock_base ? (from - clock_base) / HW_LCD_FRAME_CLOCKS + 1 : 1);
	     clock_base + k * HW_LCD_FRAME_CLOCKS <= to && n < TRACE_MAX_VBLANKS; k++, n++)
		nngx_trace_instant(t, "LCD", "vblank", clock_base + k * HW_LCD_FRAME_CLOCKS, NULL, 0);
}

bool nngx_trace_close(struct nngx_trace *t)
{
	bool ok = t->ok && fputs("\n]}\n", t->f) >= 0;

	ok = fflush(t->f) == 0 && ok;
	ok = fclose(t->f) == 0 && ok;
	free(t);
	return ok;
}
