/* nngx_capture.c: per-frame capture (JSON or CSV), progress, and the hooks
 * that feed the trace and the PNG dumps. The layout is doc/capture-schema.md. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "hw/hw_alloc.h"
#include "hw/hw_fragment.h"
#include "hw/hw_pixel.h"
#include "nngx_capture.h"
#include "nngx_counters.h"
#include "nngx_state.h"

#define CLOCK_HZ 268000000.0   /* HW_CLOCK_HZ: CTR manual chapter 9 */

static const char *const kind_names[] = { "draw", "commands", "fill", "transfer", "copy", "dma" };
static const char *const module_keys[HW_BUSY_MODULE_COUNT] = {
	"command", "shader0", "triangle_setup", "rasterizer", "texture", "fragment_lighting",
	"combiner", "per_fragment"
};

/* What makes a draw findable in the program (doc/capture-schema.md,
 * "Draw identity"): read from the GPU's registers and the GL context as
 * the draw runs. */
#define CAP_TEXTURE_UNITS 3
struct cap_draw_id {
	unsigned primitive;             /* PRIMITIVE_CONFIG bits 8-9 */
	bool indexed;
	uint32_t count;                 /* NUMVERTICES: vertices or indices */
	uint32_t shader_entry;          /* vertex shader's main, in instructions */
	uint32_t shader_hash;           /* FNV-1a of the vertex program memory */
	GLuint program;                 /* a linked GL program with that code; 0: none */
	unsigned programs;              /* linked programs with that code and entry */
	unsigned texture_units;         /* bit u: texture unit u on */
	uint32_t texture_phys[CAP_TEXTURE_UNITS];
	GLuint texture_name[CAP_TEXTURE_UNITS];  /* 0: no GL texture there */
};

/* What one piece of work did, kept until its frame is written. */
struct cap_event {
	enum hw_event_kind kind;
	uint64_t start, end;            /* capture time (clocks, monotonic) */
	uint64_t work[HW_BUSY_MODULE_COUNT];
	uint32_t polygons_in, polygons_out, vertices_shaded, indices, fragments;
	uint64_t covered, texture_samples, texture_misses;
	uint64_t bytes_read, bytes_written;
	unsigned channel;
	struct cap_draw_id id;          /* draws only */
	char thumbnail[48];             /* draws: the thumbnail's file name; "": none */
};

struct cap_frame {
	uint64_t index;
	uint64_t start;                 /* capture time */
	struct hw_counters base;        /* registers at the start (or the last reset) */
	uint32_t acc[NNGX_SHIM_COUNTER_COUNT];  /* deltas before a reset in this frame */
	uint64_t busy_clocks[HW_BUSY_MODULE_COUNT];
	uint64_t windows[HW_BUSY_MODULE_COUNT];  /* capture's busy windows so far */
	uint64_t gpu_clocks, gpu_until;
	uint64_t vertices_shaded, texture_samples, texture_misses;
	struct cap_event *ev;
	size_t ev_count, ev_cap;
	size_t draws;                   /* draws among the events */
};

struct nngx_capture {
	struct nngx_capture_options opt;
	FILE *out;                      /* capture file, NULL: off */
	bool csv;
	bool jsonl;                     /* JSON Lines: a record a line, as it happens */
	bool tidy;                      /* a directory of tables: out is frames.csv */
	FILE *draws_csv, *events_csv;   /* the tidy tables' other two */
	char *out_path;
	struct nngx_trace *trace;
	bool dump;                      /* PNG dumps on */
	/* The last draw's program lookup (draw_program), kept while the vertex
	 * code, the program in use and the program table are the same. */
	struct {
		bool valid;
		uint32_t hash, entry;
		GLuint in_use, next_name, program, prefer;
		unsigned matches;
		uint64_t serial;
		size_t count;
	} memo;
	/* Where GL draws wrote their trigger, and the program each had in use
	 * (nngx_capture_draw_issued): open addressing on the address, 0 free. */
	struct issued {
		uint32_t phys;
		GLuint program;
	} *issued;
	size_t issued_count, issued_cap;

	uint64_t clock_base;            /* clocks before the resets: monotonic time */
	struct hw_busy_unit busy;       /* the capture's own busy sampling */
	uint64_t windows_read;          /* busy.windows_done at the last read */
	struct cap_frame frame;
	uint64_t frames_written;
	bool seen_swap;
	bool failed_reported;

	/* progress */
	bool progress;
	struct timespec wall_start, wall_last;
	bool progress_shown;
};

/* ---- small helpers --------------------------------------------------------- */

/* The capture's clock now: clocks since the capture began, across
 * nngxInitialize calls (the GPU's own clock restarts at each). */
static uint64_t cap_now(const struct nngx_capture *c, const struct nngx_state *st)
{
	return c->clock_base + st->gpu.clock;
}

/* GPU clocks as microseconds at CLOCK_HZ. */
static double to_us(uint64_t clocks)
{
	return (double)clocks / (CLOCK_HZ / 1e6);
}

/* Seconds of wall time from a to b (negative if b is earlier). */
static double wall_seconds(const struct timespec *a, const struct timespec *b)
{
	return (double)(b->tv_sec - a->tv_sec) + (double)(b->tv_nsec - a->tv_nsec) / 1e9;
}

/* Report through the diagnostics that writing `what` at path failed, with
 * errno's text (EIO when errno is 0). The caller stops that output. */
static void cap_write_failed(struct nngx_state *st, const char *what, const char *path)
{
	nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_CAPTURE_WRITE_FAILED, "libnngx capture",
			 "%s %s: %s; that output stops, the program runs on", what, path,
			 strerror(errno ? errno : EIO));
}

/* Close the tidy format's draw and event tables, if open; safe to call
 * twice. */
static void close_tables(struct nngx_capture *c)
{
	if (c->draws_csv)
		fclose(c->draws_csv);
	if (c->events_csv)
		fclose(c->events_csv);
	c->draws_csv = c->events_csv = NULL;
}

/* The capture file failed: close it, say so once. */
static void cap_out_failed(struct nngx_state *st, struct nngx_capture *c)
{
	cap_write_failed(st, "writing the capture", c->out_path);
	fclose(c->out);
	c->out = NULL;
	close_tables(c);
}

/* Registers now, with the capture's busy windows. */
static void frame_begin(struct nngx_capture *c, const struct nngx_state *st, uint64_t index)
{
	struct cap_frame *f = &c->frame;

	f->index = index;
	f->start = cap_now(c, st);
	f->base = st->gpu.counters;
	memset(f->acc, 0, sizeof f->acc);
	memset(f->busy_clocks, 0, sizeof f->busy_clocks);
	memset(f->windows, 0, sizeof f->windows);
	f->gpu_clocks = 0;
	f->gpu_until = f->start;
	f->vertices_shaded = f->texture_samples = f->texture_misses = 0;
	f->ev_count = 0;
	f->draws = 0;
}

/* Whether the current frame has neither events nor elapsed clocks. */
static bool frame_empty(const struct nngx_capture *c, const struct nngx_state *st)
{
	return c->frame.ev_count == 0 && cap_now(c, st) == c->frame.start;
}

/* Counter deltas of the frame so far (busy windows apart). */
static void frame_deltas(const struct nngx_capture *c, const struct nngx_state *st,
			 uint32_t out[NNGX_SHIM_COUNTER_COUNT])
{
	static const uint64_t no_busy[HW_BUSY_MODULE_COUNT];
	int id;

	for (id = 0; id < NNGX_SHIM_COUNTER_COUNT; id++) {
		uint32_t now = nngx_counter_value((nngxShimCounterId)id, &st->gpu.counters, no_busy);
		uint32_t then = nngx_counter_value((nngxShimCounterId)id, &c->frame.base, no_busy);

		/* The vertex-cache counter restarts at every indexed draw: its
		 * value, not a difference, says something. */
		out[id] = nngx_counter_table[id].item == NN_GX_PROFILING_VERTEX_CACHE
			  ? now : c->frame.acc[id] + (now - then);
	}
}

/* Add the windows of the capture's busy counter since the last read to the
 * frame's; module 0 gets the windows the 16-bit counters may have lost
 * (long idle stretches, whose windows go to it). */
static void read_busy(struct nngx_capture *c, const struct nngx_state *st)
{
	uint16_t w[HW_BUSY_MODULE_COUNT];
	uint64_t total, others = 0;
	int m;

	hw_busy_read(&c->busy, st->gpu.clock, w);
	total = c->busy.windows_done - c->windows_read;
	c->windows_read = c->busy.windows_done;
	for (m = 1; m < HW_BUSY_MODULE_COUNT; m++) {
		c->frame.windows[m] += w[m];
		others += w[m];
	}
	c->frame.windows[0] += total >= others ? total - others : w[0];
}

/* ---- derived metrics ---------------------------------------------------- */

struct derived {
	int bottleneck;                 /* -1: no module won a busy window */
	uint64_t idle_windows;          /* windows in which no module was busy */
	double busy_share[HW_BUSY_MODULE_COUNT];
	double utilisation[HW_BUSY_MODULE_COUNT];
	double vertices_per_triangle;   /* < 0: no triangle */
	double shader_stall_share;      /* < 0: no shader work */
	double overdraw;
	double texture_miss_rate;       /* < 0: no sample */
	double frame_budget_share, gpu_budget_share;
};

/* Model choice (doc/capture-schema.md): overdraw is fragments per pixel
 * of the upper screen (240 x 400), the screen 3D scenes are drawn for. */
#define UPPER_SCREEN_PIXELS (240.0 * 400.0)

/* The derived figures of frame f into out: busy shares and utilisation per
 * module (idle windows taken from the command module), the bottleneck (-1
 * when nothing was busy), and the per-frame ratios, each -1 when its divisor
 * is 0. d holds the frame's counter deltas. Needs window_clocks > 0. */
static void derive(const struct cap_frame *f, const uint32_t *d, const uint64_t *windows,
		   uint64_t frame_clocks, uint32_t window_clocks, uint32_t budget_clocks,
		   struct derived *out)
{
	uint64_t adjusted[HW_BUSY_MODULE_COUNT], total = 0, most = 0, instr = 0, stalls = 0;
	int m, p;

	/* Idle windows go to the command module too: it is credited with at
	 * most the windows its busy clocks can fill, the rest are idle. */
	memcpy(adjusted, windows, sizeof adjusted);
	if (adjusted[0] > f->busy_clocks[0] / window_clocks)
		adjusted[0] = f->busy_clocks[0] / window_clocks;
	out->idle_windows = windows[0] - adjusted[0];
	out->bottleneck = -1;
	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++) {
		total += adjusted[m];
		if (adjusted[m] > most) {
			most = adjusted[m];
			out->bottleneck = m;
		}
	}
	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++) {
		out->busy_share[m] = total ? (double)adjusted[m] / (double)total : 0.0;
		out->utilisation[m] = f->gpu_clocks ? (double)f->busy_clocks[m] / (double)f->gpu_clocks
						    : 0.0;
	}
	out->vertices_per_triangle = d[NNGX_SHIM_COUNTER_POLYGON_IN]
		? (double)f->vertices_shaded / d[NNGX_SHIM_COUNTER_POLYGON_IN] : -1.0;
	for (p = 0; p < 4; p++) {
		int base = NNGX_SHIM_COUNTER_VERTEX_SHADER0_INSTRUCTIONS + 5 * p;
		instr += d[base];
		stalls += (uint64_t)d[base + 1] + d[base + 2] + d[base + 3] + d[base + 4];
	}
	out->shader_stall_share = instr + stalls ? (double)stalls / (double)(instr + stalls) : -1.0;
	out->overdraw = d[NNGX_SHIM_COUNTER_FRAGMENT_IN] / UPPER_SCREEN_PIXELS;
	out->texture_miss_rate = f->texture_samples
		? (double)f->texture_misses / (double)f->texture_samples : -1.0;
	out->frame_budget_share = (double)frame_clocks / budget_clocks;
	out->gpu_budget_share = (double)f->gpu_clocks / budget_clocks;
}

/* ---- JSON ------------------------------------------------------------------ */

/* A ratio as JSON: null for the -1 that marks "no divisor". */
static json_t *json_ratio(double v)
{
	return v < 0 ? json_null() : json_real(v);
}

/* A new JSON array of the HW_BUSY_MODULE_COUNT reals in v. */
static json_t *json_modules_real(const double *v)
{
	json_t *a = json_array();
	int m;

	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++)
		json_array_append_new(a, json_real(v[m]));
	return a;
}

/* A new JSON array of the HW_BUSY_MODULE_COUNT integers in v. */
static json_t *json_modules_int(const uint64_t *v)
{
	json_t *a = json_array();
	int m;

	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++)
		json_array_append_new(a, json_integer((json_int_t)v[m]));
	return a;
}

static const char *const primitive_names[4] = {
	"triangles", "triangle_strip", "triangle_fan", "geometry"
};

/* A draw's identity members (schema 1.1, doc/capture-schema.md). */
static void draw_id_json(json_t *o, const struct cap_draw_id *id)
{
	json_t *tex = json_array();
	char hash[16];
	unsigned u;

	json_object_set_new(o, "primitive", json_string(primitive_names[id->primitive & 3u]));
	json_object_set_new(o, "indexed", json_boolean(id->indexed));
	json_object_set_new(o, "count", json_integer(id->count));
	json_object_set_new(o, "program", id->program ? json_integer(id->program) : json_null());
	json_object_set_new(o, "programs_matching", json_integer(id->programs));
	json_object_set_new(o, "shader_entry", json_integer(id->shader_entry));
	snprintf(hash, sizeof hash, "%08x", (unsigned)id->shader_hash);
	json_object_set_new(o, "shader_hash", json_string(hash));
	for (u = 0; u < CAP_TEXTURE_UNITS; u++)
		if (id->texture_units >> u & 1u)
			json_array_append_new(tex, json_pack("{s:I, s:o, s:I}", "unit", (json_int_t)u,
				"texture", id->texture_name[u] ? json_integer(id->texture_name[u])
							       : json_null(),
				"address", (json_int_t)id->texture_phys[u]));
	json_object_set_new(o, "textures", tex);
}

/* `record`: the JSON Lines record type ("event"), written first with the
 * frame and the event's index in it; NULL in the JSON document. */
static json_t *event_json(const struct cap_event *e, const char *record, uint64_t frame,
			  size_t index)
{
	json_t *o = json_object();

	if (record) {
		json_object_set_new(o, "record", json_string(record));
		json_object_set_new(o, "frame", json_integer((json_int_t)frame));
		json_object_set_new(o, "index", json_integer((json_int_t)index));
	}
	json_object_set_new(o, "kind", json_string(kind_names[e->kind]));
	json_object_set_new(o, "start_clock", json_integer((json_int_t)e->start));
	json_object_set_new(o, "end_clock", json_integer((json_int_t)e->end));
	json_object_set_new(o, "start_us", json_real(to_us(e->start)));
	json_object_set_new(o, "end_us", json_real(to_us(e->end)));
	json_object_set_new(o, "primitives", json_integer(e->polygons_in));
	json_object_set_new(o, "primitives_out", json_integer(e->polygons_out));
	json_object_set_new(o, "vertices_shaded", json_integer(e->vertices_shaded));
	json_object_set_new(o, "indices", json_integer(e->indices));
	json_object_set_new(o, "fragments", json_integer(e->fragments));
	json_object_set_new(o, "pixels_covered", json_integer((json_int_t)e->covered));
	json_object_set_new(o, "texture_samples", json_integer((json_int_t)e->texture_samples));
	json_object_set_new(o, "texture_misses", json_integer((json_int_t)e->texture_misses));
	json_object_set_new(o, "bytes_read", json_integer((json_int_t)e->bytes_read));
	json_object_set_new(o, "bytes_written", json_integer((json_int_t)e->bytes_written));
	if (e->kind == HW_EVENT_FILL)
		json_object_set_new(o, "channel", json_integer(e->channel));
	json_object_set_new(o, "work", json_modules_int(e->work));
	if (e->kind == HW_EVENT_DRAW)
		draw_id_json(o, &e->id);
	if (e->kind == HW_EVENT_DRAW && e->thumbnail[0])
		json_object_set_new(o, "thumbnail", json_string(e->thumbnail));
	return o;
}

/* `record`: as event_json; a JSON Lines frame has the count of its
 * events, written before it, in place of the events. */
static json_t *frame_json(const struct nngx_capture *c, const char *record, const char *end,
			  uint64_t end_clock, const uint32_t *d, const uint64_t *windows,
			  const struct derived *x, const struct nngx_capture_screen *screens)
{
	const struct cap_frame *f = &c->frame;
	json_t *o = json_object(), *counters = json_object(), *derived = json_object();
	json_t *events, *shares = json_object(), *bytes = json_object();
	int id, m;
	size_t k;

	if (record)
		json_object_set_new(o, "record", json_string(record));
	json_object_set_new(o, "frame", json_integer((json_int_t)f->index));
	json_object_set_new(o, "end", json_string(end));
	json_object_set_new(o, "start_clock", json_integer((json_int_t)f->start));
	json_object_set_new(o, "end_clock", json_integer((json_int_t)end_clock));
	json_object_set_new(o, "start_us", json_real(to_us(f->start)));
	json_object_set_new(o, "frame_time_us", json_real(to_us(end_clock - f->start)));
	json_object_set_new(o, "gpu_time_us", json_real(to_us(f->gpu_clocks)));
	json_object_set_new(o, "gpu_clocks", json_integer((json_int_t)f->gpu_clocks));
	for (id = 0; id < NNGX_SHIM_COUNTER_COUNT; id++) {
		uint64_t v = nngx_counter_table[id].item == NN_GX_PROFILING_BUSY
			     ? windows[nngx_counter_table[id].word * 2 + nngx_counter_table[id].shift / 16]
			     : d[id];
		json_object_set_new(counters, nngx_counter_table[id].name, json_integer((json_int_t)v));
		if (nngx_counter_table[id].item == NN_GX_PROFILING_MEMORY_ACCESS)
			json_object_set_new(bytes, nngx_counter_table[id].name + strlen("memory."),
					    json_integer((json_int_t)d[id] * 16));
	}
	json_object_set_new(o, "counters", counters);
	json_object_set_new(o, "busy_windows", json_modules_int(windows));
	json_object_set_new(o, "busy_clocks", json_modules_int(f->busy_clocks));
	json_object_set_new(derived, "bottleneck", x->bottleneck < 0 ? json_null()
			    : json_string(module_keys[x->bottleneck]));
	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++)
		json_object_set_new(shares, module_keys[m], json_real(x->busy_share[m]));
	json_object_set_new(derived, "busy_share", shares);
	json_object_set_new(derived, "idle_windows", json_integer((json_int_t)x->idle_windows));
	json_object_set_new(derived, "utilisation", json_modules_real(x->utilisation));
	json_object_set_new(derived, "vertices_per_triangle", json_ratio(x->vertices_per_triangle));
	json_object_set_new(derived, "shader_stall_share", json_ratio(x->shader_stall_share));
	json_object_set_new(derived, "overdraw", json_real(x->overdraw));
	json_object_set_new(derived, "texture_miss_rate", json_ratio(x->texture_miss_rate));
	json_object_set_new(derived, "memory_bytes", bytes);
	json_object_set_new(derived, "frame_budget_share", json_real(x->frame_budget_share));
	json_object_set_new(derived, "gpu_budget_share", json_real(x->gpu_budget_share));
	json_object_set_new(derived, "over_budget", json_boolean(x->gpu_budget_share > 1.0));
	json_object_set_new(o, "derived", derived);
	if (screens && c->dump) {
		json_t *shots = json_array();
		unsigned s, eye;

		for (s = 0; s < 2; s++)
			for (eye = 0; eye < 2; eye++) {
				char name[64];
				json_t *shot;

				if (!screens[s].swapped || !screens[s].src.phys[eye]
				    || (eye && !screens[s].src.stereo))
					continue;
				snprintf(name, sizeof name, "frame%06llu_%s_%s.png",
					 (unsigned long long)f->index, s ? "lower" : "upper",
					 eye ? "right" : "left");
				shot = json_object();
				json_object_set_new(shot, "screen", json_string(s ? "lower" : "upper"));
				json_object_set_new(shot, "eye", json_string(eye ? "right" : "left"));
				json_object_set_new(shot, "png", json_string(name));
				json_array_append_new(shots, shot);
			}
		json_object_set_new(o, "pictures", shots);
		json_object_set_new(o, "pictures_dir", json_string(c->opt.frames_dir));
	}
	if (record) {
		json_object_set_new(o, "event_count", json_integer((json_int_t)f->ev_count));
		return o;
	}
	events = json_array();
	for (k = 0; k < f->ev_count; k++)
		json_array_append_new(events, event_json(&f->ev[k], NULL, 0, 0));
	json_object_set_new(o, "events", events);
	return o;
}

/* A new JSON object describing the capture (schema, version, clock, modules,
 * counters); `record`, when not NULL, sets its record field. The caller owns
 * the reference. */
static json_t *header_json(const struct nngx_capture *c, const char *record)
{
	json_t *o = json_object(), *cat = json_array(), *mods = json_array();
	int id, m;

	if (record)
		json_object_set_new(o, "record", json_string(record));
	json_object_set_new(o, "schema", json_string("nngx-capture"));
	json_object_set_new(o, "version", json_integer(NNGX_CAPTURE_SCHEMA_VERSION));
	json_object_set_new(o, "version_minor", json_integer(NNGX_CAPTURE_SCHEMA_MINOR));
	json_object_set_new(o, "clock_hz", json_integer((json_int_t)CLOCK_HZ));
	json_object_set_new(o, "frame_budget_us", json_real(to_us(c->opt.frame_clocks)));
	json_object_set_new(o, "busy_sampling_clocks", json_integer(c->opt.sampling_time));
	if (c->opt.frames_dir[0])
		json_object_set_new(o, "pictures_dir", json_string(c->opt.frames_dir));
	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++) {
		json_t *mod = json_object();
		json_object_set_new(mod, "key", json_string(module_keys[m]));
		json_object_set_new(mod, "name", json_string(nngx_module_names[m]));
		json_array_append_new(mods, mod);
	}
	json_object_set_new(o, "modules", mods);
	for (id = 0; id < NNGX_SHIM_COUNTER_COUNT; id++) {
		const nngxShimCounterInfo *e = &nngx_counter_table[id];
		json_t *row = json_object();

		json_object_set_new(row, "name", json_string(e->name));
		json_object_set_new(row, "unit", json_string(e->unit));
		json_object_set_new(row, "item", json_integer(e->item));
		json_object_set_new(row, "word", json_integer(e->word));
		json_object_set_new(row, "always_running", json_boolean(e->always_running));
		json_object_set_new(row, "section", json_string(e->section));
		json_object_set_new(row, "description", json_string(e->description));
		json_array_append_new(cat, row);
	}
	json_object_set_new(o, "counters", cat);
	return o;
}

/* One record, one line, flushed: a killed program leaves every record it
 * wrote. Takes `o`. */
static bool write_line(FILE *out, json_t *o)
{
	int rc = json_dumpf(o, out, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17));

	json_decref(o);
	return rc == 0 && fputc('\n', out) != EOF && fflush(out) == 0;
}

/* Write the JSON header to c->out, leaving the object open with its frames
 * array begun; false when the text cannot be made or written. */
static bool write_json_header(struct nngx_capture *c)
{
	json_t *o = header_json(c, NULL);
	char *text;
	size_t len;
	bool ok;

	text = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17));
	json_decref(o);
	if (!text)
		return false;
	/* The object stays open: frames follow, the close ends it. */
	len = strlen(text);
	ok = fwrite(text, 1, len - 1, c->out) == len - 1
	     && fputs(",\"frames\":[\n", c->out) >= 0;
	free(text);
	return ok;
}

/* ---- CSV ------------------------------------------------------------------- */

/* Write the summary CSV's column names and its newline; false on a write
 * error. */
static bool write_csv_header(struct nngx_capture *c)
{
	int id, m;

	fprintf(c->out, "record,frame,kind,start_us,end_us,frame_time_us,gpu_time_us,bottleneck");
	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++)
		fprintf(c->out, ",busy_share.%s", module_keys[m]);
	fprintf(c->out, ",vertices_per_triangle,shader_stall_share,overdraw,texture_miss_rate,"
		"gpu_budget_share,primitives,fragments");
	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++)
		fprintf(c->out, ",work.%s", module_keys[m]);
	for (id = 0; id < NNGX_SHIM_COUNTER_COUNT; id++)
		fprintf(c->out, ",%s", nngx_counter_table[id].name);
	return fputc('\n', c->out) != EOF;
}

/* Append a CSV ratio cell: empty for -1 ("no divisor"), else 6 decimals. */
static void csv_ratio(FILE *f, double v)
{
	if (v < 0)
		fputc(',', f);
	else
		fprintf(f, ",%.6f", v);
}

/* Append frame f's summary CSV row, ending at end_clock, to c->out: times,
 * bottleneck, derived figures x, busy clocks and counter deltas d. */
static void write_csv_frame(struct nngx_capture *c, uint64_t end_clock, const uint32_t *d,
			    const uint64_t *windows, const struct derived *x)
{
	const struct cap_frame *f = &c->frame;
	FILE *o = c->out;
	size_t k;
	int id, m;

	fprintf(o, "frame,%llu,,%.3f,%.3f,%.3f,%.3f,%s", (unsigned long long)f->index,
		to_us(f->start), to_us(end_clock), to_us(end_clock - f->start),
		to_us(f->gpu_clocks), x->bottleneck < 0 ? "" : module_keys[x->bottleneck]);
	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++)
		fprintf(o, ",%.6f", x->busy_share[m]);
	csv_ratio(o, x->vertices_per_triangle);
	csv_ratio(o, x->shader_stall_share);
	csv_ratio(o, x->overdraw);
	csv_ratio(o, x->texture_miss_rate);
	csv_ratio(o, x->gpu_budget_share);
	fprintf(o, ",%u,%u", d[NNGX_SHIM_COUNTER_POLYGON_IN], d[NNGX_SHIM_COUNTER_FRAGMENT_IN]);
	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++)
		fprintf(o, ",%llu", (unsigned long long)f->busy_clocks[m]);
	for (id = 0; id < NNGX_SHIM_COUNTER_COUNT; id++) {
		const nngxShimCounterInfo *e = &nngx_counter_table[id];
		uint64_t v = e->item == NN_GX_PROFILING_BUSY ? windows[e->word * 2 + e->shift / 16]
							       : d[id];
		fprintf(o, ",%llu", (unsigned long long)v);
	}
	fputc('\n', o);
	for (k = 0; k < f->ev_count; k++) {
		const struct cap_event *e = &f->ev[k];

		fprintf(o, "event,%llu,%s,%.3f,%.3f,,,", (unsigned long long)f->index,
			kind_names[e->kind], to_us(e->start), to_us(e->end));
		for (m = 0; m < HW_BUSY_MODULE_COUNT + 5; m++)
			fputc(',', o);
		fprintf(o, ",%u,%u", e->polygons_in, e->fragments);
		for (m = 0; m < HW_BUSY_MODULE_COUNT; m++)
			fprintf(o, ",%llu", (unsigned long long)e->work[m]);
		for (id = 0; id < NNGX_SHIM_COUNTER_COUNT; id++)
			fputc(',', o);
		fputc('\n', o);
	}
}

/* ---- tidy CSV tables (a directory: frames.csv, draws.csv, events.csv) ---------- */

/* Append one CSV column name per module, "prefix.key". */
static void csv_modules_header(FILE *o, const char *prefix)
{
	int m;

	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++)
		fprintf(o, ",%s.%s", prefix, module_keys[m]);
}

/* Write the column names of the tidy format's three tables (frames to c->out,
 * draws and events to their files); false when a write failed. */
static bool write_tidy_headers(struct nngx_capture *c)
{
	int id;

	fputs("frame,end,start_clock,end_clock,start_us,frame_time_us,gpu_time_us,gpu_clocks,"
	      "event_count,bottleneck", c->out);
	csv_modules_header(c->out, "busy_share");
	fputs(",idle_windows", c->out);
	csv_modules_header(c->out, "utilisation");
	fputs(",vertices_per_triangle,shader_stall_share,overdraw,texture_miss_rate,"
	      "frame_budget_share,gpu_budget_share", c->out);
	csv_modules_header(c->out, "busy_windows");
	csv_modules_header(c->out, "busy_clocks");
	for (id = 0; id < NNGX_SHIM_COUNTER_COUNT; id++)
		fprintf(c->out, ",%s", nngx_counter_table[id].name);
	fputc('\n', c->out);
	fputs("frame,index,draw,start_clock,end_clock,start_us,end_us,clocks,primitives,"
	      "primitives_out,vertices_shaded,indices,fragments,pixels_covered,texture_samples,"
	      "texture_misses", c->draws_csv);
	csv_modules_header(c->draws_csv, "work");
	fputs(",primitive,indexed,count,program,programs_matching,shader_entry,shader_hash,"
	      "texture.0,texture.1,"
	      "texture.2,texture_address.0,texture_address.1,texture_address.2\n", c->draws_csv);
	fputs("frame,index,kind,start_clock,end_clock,start_us,end_us,clocks,channel,"
	      "bytes_read,bytes_written", c->events_csv);
	csv_modules_header(c->events_csv, "work");
	fputc('\n', c->events_csv);
	return !ferror(c->out) && !ferror(c->draws_csv) && !ferror(c->events_csv);
}

/* Append one CSV cell per module from v. */
static void csv_modules_u64(FILE *o, const uint64_t *v)
{
	int m;

	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++)
		fprintf(o, ",%llu", (unsigned long long)v[m]);
}

/* An event's rows: every event in events.csv, a draw in draws.csv too
 * (`draw`: its place among the frame's draws). */
static void write_tidy_event(struct nngx_capture *c, const struct cap_event *e,
			     uint64_t frame, size_t index, size_t draw)
{
	unsigned u;

	fprintf(c->events_csv, "%llu,%zu,%s,%llu,%llu,%.3f,%.3f,%llu,", (unsigned long long)frame,
		index, kind_names[e->kind], (unsigned long long)e->start,
		(unsigned long long)e->end, to_us(e->start), to_us(e->end),
		(unsigned long long)(e->end - e->start));
	if (e->kind == HW_EVENT_FILL)
		fprintf(c->events_csv, "%u", e->channel);
	fprintf(c->events_csv, ",%llu,%llu", (unsigned long long)e->bytes_read,
		(unsigned long long)e->bytes_written);
	csv_modules_u64(c->events_csv, e->work);
	fputc('\n', c->events_csv);
	if (e->kind != HW_EVENT_DRAW)
		return;
	fprintf(c->draws_csv, "%llu,%zu,%zu,%llu,%llu,%.3f,%.3f,%llu,%u,%u,%u,%u,%u,%llu,%llu,%llu",
		(unsigned long long)frame, index, draw, (unsigned long long)e->start,
		(unsigned long long)e->end, to_us(e->start), to_us(e->end),
		(unsigned long long)(e->end - e->start), e->polygons_in, e->polygons_out,
		e->vertices_shaded, e->indices, e->fragments, (unsigned long long)e->covered,
		(unsigned long long)e->texture_samples, (unsigned long long)e->texture_misses);
	csv_modules_u64(c->draws_csv, e->work);
	fprintf(c->draws_csv, ",%s,%d,%u,", primitive_names[e->id.primitive & 3u],
		e->id.indexed ? 1 : 0, (unsigned)e->id.count);
	if (e->id.program)
		fprintf(c->draws_csv, "%u", (unsigned)e->id.program);
	fprintf(c->draws_csv, ",%u,%u,%08x", e->id.programs, (unsigned)e->id.shader_entry,
		(unsigned)e->id.shader_hash);
	for (u = 0; u < CAP_TEXTURE_UNITS; u++) {
		fputc(',', c->draws_csv);
		if (e->id.texture_name[u])
			fprintf(c->draws_csv, "%u", (unsigned)e->id.texture_name[u]);
	}
	for (u = 0; u < CAP_TEXTURE_UNITS; u++) {
		fputc(',', c->draws_csv);
		if (e->id.texture_units >> u & 1u)
			fprintf(c->draws_csv, "%u", (unsigned)e->id.texture_phys[u]);
	}
	fputc('\n', c->draws_csv);
}

/* Append frame f's row of the tidy frames table; `end` says what ended the
 * frame (its swap, or the capture's close). */
static void write_tidy_frame(struct nngx_capture *c, const char *end, uint64_t end_clock,
			     const uint32_t *d, const uint64_t *windows, const struct derived *x)
{
	const struct cap_frame *f = &c->frame;
	FILE *o = c->out;
	int id, m;

	fprintf(o, "%llu,%s,%llu,%llu,%.3f,%.3f,%.3f,%llu,%zu,%s", (unsigned long long)f->index,
		end, (unsigned long long)f->start, (unsigned long long)end_clock, to_us(f->start),
		to_us(end_clock - f->start), to_us(f->gpu_clocks),
		(unsigned long long)f->gpu_clocks, f->ev_count,
		x->bottleneck < 0 ? "" : module_keys[x->bottleneck]);
	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++)
		fprintf(o, ",%.6f", x->busy_share[m]);
	fprintf(o, ",%llu", (unsigned long long)x->idle_windows);
	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++)
		fprintf(o, ",%.6f", x->utilisation[m]);
	csv_ratio(o, x->vertices_per_triangle);
	csv_ratio(o, x->shader_stall_share);
	csv_ratio(o, x->overdraw);
	csv_ratio(o, x->texture_miss_rate);
	csv_ratio(o, x->frame_budget_share);
	csv_ratio(o, x->gpu_budget_share);
	csv_modules_u64(o, windows);
	csv_modules_u64(o, f->busy_clocks);
	for (id = 0; id < NNGX_SHIM_COUNTER_COUNT; id++) {
		const nngxShimCounterInfo *e = &nngx_counter_table[id];
		uint64_t v = e->item == NN_GX_PROFILING_BUSY ? windows[e->word * 2 + e->shift / 16]
							       : d[id];
		fprintf(o, ",%llu", (unsigned long long)v);
	}
	fputc('\n', o);
}

/* ---- frames ------------------------------------------------------------------ */

/* Redraw the progress line on standard error at most twice a second (always
 * when `last`, which also ends the line). No-op unless progress was asked. */
static void progress_update(struct nngx_capture *c, uint64_t now, bool last)
{
	struct timespec t;
	double wall;

	if (!c->progress)
		return;
	clock_gettime(CLOCK_MONOTONIC, &t);
	if (!last && wall_seconds(&c->wall_last, &t) < 0.5)
		return;
	c->wall_last = t;
	wall = wall_seconds(&c->wall_start, &t);
	fprintf(stderr, "\rlibnngx capture: %llu frames, %.3f s of virtual time, %.2fx real time ",
		(unsigned long long)c->frames_written, (double)now / CLOCK_HZ,
		wall > 0 ? (double)now / CLOCK_HZ / wall : 0.0);
	c->progress_shown = true;
	if (last)
		fputc('\n', stderr);
}

/* Close the frame at now; `end` says why. Empty frames are not written. */
static void frame_end(struct nngx_state *st, struct nngx_capture *c, const char *end,
		      const struct nngx_capture_screen *screens)
{
	uint32_t d[NNGX_SHIM_COUNTER_COUNT];
	const uint64_t *windows = c->frame.windows;
	uint64_t now = cap_now(c, st);
	struct derived x;

	/* Nothing happened, or (at exit) no GPU work: no record. */
	if ((frame_empty(c, st) && !screens) || (!screens && c->frame.ev_count == 0
						   && strcmp(end, "exit") == 0)) {
		if (c->trace)
			nngx_trace_vblanks(c->trace, c->frame.start, now, c->clock_base, &st->gpu.lcd);
		return;
	}
	frame_deltas(c, st, d);
	read_busy(c, st);
	derive(&c->frame, d, windows, now - c->frame.start, c->opt.sampling_time,
	       c->opt.frame_clocks, &x);
	if (c->out && c->tidy) {
		write_tidy_frame(c, end, now, d, windows, &x);
		if (fflush(c->out) != 0 || fflush(c->draws_csv) != 0 || fflush(c->events_csv) != 0
		    || ferror(c->out) || ferror(c->draws_csv) || ferror(c->events_csv))
			cap_out_failed(st, c);
	} else if (c->out && c->jsonl) {
		if (!write_line(c->out, frame_json(c, "frame", end, now, d, windows, &x, screens)))
			cap_out_failed(st, c);
	} else if (c->out && !c->csv) {
		json_t *o = frame_json(c, NULL, end, now, d, windows, &x, screens);
		int rc = c->frames_written && fputs(",", c->out) < 0 ? -1 : json_dumpf(o, c->out, JSON_COMPACT | JSON_PRESERVE_ORDER
				    | JSON_REAL_PRECISION(17));

		json_decref(o);
		if (rc != 0 || fputc('\n', c->out) == EOF || fflush(c->out) != 0)
			cap_out_failed(st, c);
	} else if (c->out) {
		write_csv_frame(c, now, d, windows, &x);
		if (fflush(c->out) != 0 || ferror(c->out))
			cap_out_failed(st, c);
	}
	if (c->trace) {
		nngx_trace_vblanks(c->trace, c->frame.start, now, c->clock_base, &st->gpu.lcd);
		nngx_trace_frame(c->trace, c->frame.index, c->frame.start, now, d, windows);
		if (!nngx_trace_ok(c->trace)) {
			cap_write_failed(st, "writing the trace", c->opt.trace);
			(void)nngx_trace_close(c->trace);
			c->trace = NULL;
		}
	}
	c->frames_written++;
	progress_update(c, now, false);
	frame_begin(c, st, c->frame.index + 1);
}

/* The capture's busy tracks (its busy windows, and the trace's) lack work
 * when they could not grow: never silent, the capture says from which
 * clock its windows undercount; the program's own counters are the GPU's
 * and untouched. */
static void cap_busy_status(struct nngx_state *st, struct nngx_capture *c,
			    enum hw_status status, const char *what, hw_clock_t start)
{
	if (status == HW_OK)
		return;
	nngx_diag_report(&st->diag, status == HW_ERROR_NO_MEMORY
			 ? NNGX_SHIM_DIAG_HOST_OUT_OF_MEMORY : NNGX_SHIM_DIAG_GPU_FAULT,
			 "libnngx capture", "%s at clock %llu of frame %llu could not be "
			 "added to the capture's busy tracks (%s): its busy windows from "
			 "there on count too little", what,
			 (unsigned long long)(c->clock_base + start),
			 (unsigned long long)c->frame.index,
			 status == HW_ERROR_NO_MEMORY ? "no memory" : "out of range");
}

/* ---- draw identity -------------------------------------------------------- */

/* FNV-1a (32 bits) over words, byte by byte, low byte first. */
static uint32_t fnv1a_words(const uint32_t *w, size_t n)
{
	uint32_t h = 2166136261u;
	size_t i;
	int b;

	for (i = 0; i < n; i++)
		for (b = 0; b < 32; b += 8) {
			h ^= (w[i] >> b) & 0xFFu;
			h *= 16777619u;
		}
	return h;
}

/* The linked GL program whose vertex stage is what the GPU runs: its
 * code in program memory from word 0 (where the driver loads it) and its
 * main at the entry point. Of several (programs made from one binary
 * differ in their uniforms, which the GPU's code does not show), the one
 * `prefer` names (the program in use when the draw was issued) wins,
 * then the program in use now, then the lowest name. 0: none (raw
 * command lists, or a program since deleted). *matches: how many linked
 * programs have that code and entry. */
static GLuint draw_program(struct nngx_state *st, uint32_t hash, GLuint prefer,
			   unsigned *matches)
{
	const struct hw_shader_state *vs = &st->gpu.vs;
	struct nngx_capture *c = st->capture;
	GLuint best = 0;
	unsigned n = 0;
	bool in_use = false, preferred = false;
	size_t i;

	/* Draws of one program follow one another: ask the table again only
	 * when the code, the program in use or the table changed (a link
	 * takes a new serial, a creation a new name, a deletion the count). */
	if (c->memo.valid && c->memo.hash == hash && c->memo.entry == vs->entry
	    && c->memo.in_use == st->gl.program && c->memo.prefer == prefer
	    && c->memo.serial == st->gl.next_serial
	    && c->memo.count == st->gl.object_count
	    && c->memo.next_name == st->gl.next_object_name) {
		*matches = c->memo.matches;
		return c->memo.program;
	}
	for (i = 0; i < st->gl.object_count; i++) {
		const struct gl_object *obj = st->gl.objects[i];
		const struct gl_executable *exe;
		const struct gl_stage *sg;

		if (!obj || obj->kind != GL_OBJECT_PROGRAM || !(exe = obj->u.program.exe))
			continue;
		sg = &exe->stage[GL_STAGE_VERTEX];
		if (!sg->binary || !sg->dvle || sg->dvle->main_offset != vs->entry
		    || sg->binary->shbin.code_words > HW_SHADER_VSH_CODE_WORDS
		    || memcmp(sg->binary->shbin.code, vs->code,
			      sg->binary->shbin.code_words * sizeof vs->code[0]) != 0)
			continue;
		n++;
		preferred |= prefer && obj->name == prefer;
		in_use |= obj->name == st->gl.program;
		if (!best || obj->name < best)
			best = obj->name;
	}
	if (preferred)
		best = prefer;
	else if (in_use)
		best = st->gl.program;
	c->memo.valid = true;
	c->memo.hash = hash;
	c->memo.entry = vs->entry;
	c->memo.in_use = st->gl.program;
	c->memo.prefer = prefer;
	c->memo.serial = st->gl.next_serial;
	c->memo.count = st->gl.object_count;
	c->memo.next_name = st->gl.next_object_name;
	c->memo.program = best;
	c->memo.matches = n;
	*matches = n;
	return best;
}

static size_t issued_slot(const struct nngx_capture *c, uint32_t phys)
{
	size_t k = (size_t)(phys >> 2) * 2654435761u & (c->issued_cap - 1);

	while (c->issued[k].phys && c->issued[k].phys != phys)
		k = (k + 1) & (c->issued_cap - 1);
	return k;
}

void nngx_capture_draw_issued(struct nngx_state *st, uint32_t phys, GLuint program)
{
	struct nngx_capture *c = st->capture;
	size_t k;

	if (!c || !phys)
		return;
	if (2 * (c->issued_count + 1) > c->issued_cap) {
		size_t cap = c->issued_cap ? 2 * c->issued_cap : 256, old = c->issued_cap, i;
		struct issued *was = c->issued, *p = hw_calloc(cap, sizeof *p);

		if (!p)
			return;         /* the draw is named from its code instead */
		c->issued = p;
		c->issued_cap = cap;
		for (i = 0; i < old; i++)
			if (was[i].phys)
				c->issued[issued_slot(c, was[i].phys)] = was[i];
		hw_free(was);
	}
	k = issued_slot(c, phys);
	c->issued_count += !c->issued[k].phys;
	c->issued[k].phys = phys;
	c->issued[k].program = program;
}

/* The program in use when the draw triggered from `phys` was issued; 0:
 * not issued through GL since the capture began. */
static GLuint issued_program(const struct nngx_capture *c, uint32_t phys)
{
	size_t k;

	if (!c->issued_cap || !phys)
		return 0;
	k = issued_slot(c, phys);
	return c->issued[k].phys ? c->issued[k].program : 0;
}

/* The GL texture whose level 0 lies at `phys`; 0: none. */
static GLuint draw_texture(const struct gl_context *gl, uint32_t phys)
{
	size_t i;

	for (i = 0; i < gl->textures.count; i++) {
		const struct gl_texture *t = gl->textures.item[i];

		if (t && t->created && t->hw.phys == phys && phys != 0)
			return t->name;
	}
	return 0;
}

/* Fill `id` for the draw event `e` from the GL state that issued it: the
 * program recorded at its trigger's address (else the one in use now) and
 * the textures its units read. Needs the API lock; writes only `id`. */
static void draw_identity(struct nngx_state *st, const struct hw_event *e,
			  struct cap_draw_id *id)
{
	const struct hw_draw_result *r = e->draw;
	static const unsigned addr_reg[CAP_TEXTURE_UNITS] = {
		HW_REG_TEXUNIT0_ADDR1, HW_REG_TEXUNIT1_ADDR, HW_REG_TEXUNIT2_ADDR
	};
	const uint32_t *regs = st->gpu.regs;
	unsigned u;

	id->primitive = (regs[HW_REG_PRIMITIVE_CONFIG] >> 8) & 3u;
	id->indexed = r->indexed;
	id->count = r->count;             /* immediate draws write no NUMVERTICES */
	id->shader_entry = st->gpu.vs.entry;
	id->shader_hash = fnv1a_words(st->gpu.vs.code, HW_SHADER_VSH_CODE_WORDS);
	id->program = draw_program(st, id->shader_hash,
				   issued_program(st->capture, e->command_phys), &id->programs);
	id->texture_units = regs[HW_REG_TEXUNIT_CONFIG] & 7u;
	for (u = 0; u < CAP_TEXTURE_UNITS; u++) {
		id->texture_phys[u] = 0;
		id->texture_name[u] = 0;
		if (!(id->texture_units >> u & 1u))
			continue;
		id->texture_phys[u] = (regs[addr_reg[u]] & 0x0FFFFFFFu) << 3;
		id->texture_name[u] = draw_texture(&st->gl, id->texture_phys[u]);
	}
}

/* ---- a draw's thumbnail ------------------------------------------------------- */

/* The longest side of a draw's thumbnail, in pixels. */
#define THUMB_MAX 100

/* With frame dumps on, the colour buffer as the draw left it, shrunk by
 * an integer step to at most THUMB_MAX a side (nearest pixel) and turned
 * like the screens (the buffer's y runs right to left, its x top to
 * bottom), as DIR/frameNNNNNN_drawDDD.png. The functional side writes
 * memory directly, so the bytes are there without a flush: nothing the
 * program can read changes. */
static void draw_thumbnail(struct nngx_state *st, struct nngx_capture *c, struct cap_event *ev,
			   size_t draw)
{
	const uint32_t *r = st->gpu.regs;
	enum hw_color_format fmt = (enum hw_color_format)hw_reg_colorbuffer_format(
		r[HW_REG_COLORBUFFER_FORMAT]);
	unsigned w = hw_reg_renderbuf_width(r[HW_REG_FRAMEBUFFER_DIM]);
	unsigned h = hw_reg_renderbuf_height(r[HW_REG_FRAMEBUFFER_DIM]);
	unsigned bytes = hw_pixel_bytes(fmt), step, tw, th, px, py;
	uint32_t phys = (r[HW_REG_COLORBUFFER_LOC] & 0x0FFFFFFFu) << 3;
	char path[NNGX_CAPTURE_PATH_MAX + 64], name[48], err[128];
	struct nngx_png_meta meta;
	const uint8_t *mem;
	uint8_t *rgba;

	if (!bytes || !w || !h || w % 8 || h % 8
	    || !(mem = hw_memory_host(&st->gpu.memory, phys, w * h * bytes)))
		return;
	step = ((w > h ? w : h) + THUMB_MAX - 1) / THUMB_MAX;
	tw = h / step;
	th = w / step;
	if (!tw || !th || !(rgba = hw_malloc((size_t)tw * th * 4)))
		return;
	for (py = 0; py < th; py++)
		for (px = 0; px < tw; px++)
			hw_pixel_decode(fmt, mem + hw_fragment_pixel_offset(py * step,
									   (tw - 1 - px) * step,
									   w, h, bytes),
					rgba + ((size_t)py * tw + px) * 4);
	snprintf(name, sizeof name, "frame%06llu_draw%03zu.png",
		 (unsigned long long)c->frame.index, draw);
	snprintf(path, sizeof path, "%s/%s", c->opt.frames_dir, name);
	meta.frame = c->frame.index;
	meta.screen = "target";
	meta.eye = "";
	meta.clock = ev->end;
	if (nngx_png_write_rgba(path, rgba, tw, th, &meta, err, sizeof err)) {
		memcpy(ev->thumbnail, name, sizeof ev->thumbnail);
	} else {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_CAPTURE_WRITE_FAILED, "libnngx capture",
				 "draw picture %s: %s; no more frames are dumped", path, err);
		c->dump = false;
	}
	hw_free(rgba);
}

/* ---- the observer ------------------------------------------------------------ */

/* The GPU's observer (user is the library state): append event e to the
 * current frame, with its bytes, draw figures and busy time, and write it to
 * the outputs that take events. Out of memory drops the event with a
 * diagnostic; the program's results never change. */
static void cap_observe(void *user, const struct hw_event *e)
{
	struct nngx_state *st = user;
	struct nngx_capture *c = st->capture;
	struct cap_frame *f = &c->frame;
	struct cap_event *ev;
	uint64_t start = c->clock_base + e->start, end = c->clock_base + e->end;
	int m;

	if (f->ev_count == f->ev_cap) {
		size_t cap = f->ev_cap ? f->ev_cap * 2 : 64;
		struct cap_event *p = hw_realloc(f->ev, cap * sizeof *p);

		if (!p) {
			/* Never silent: the record lacks this event and says so;
			 * the program's own results are untouched. */
			nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_HOST_OUT_OF_MEMORY,
					 "libnngx capture", "no memory for event %zu of frame "
					 "%llu: the capture lacks it", f->ev_count,
					 (unsigned long long)f->index);
			return;
		}
		f->ev = p;
		f->ev_cap = cap;
	}
	ev = &f->ev[f->ev_count++];
	memset(ev, 0, sizeof *ev);
	ev->kind = e->kind;
	ev->start = start;
	ev->end = end;
	ev->channel = e->channel;
	if (e->delta) {
		const uint32_t *w = e->delta->memory;
		ev->bytes_read = 16ull * ((uint64_t)w[HW_MEM_POST_TRANSFER_READ] + w[HW_MEM_CPU_READ]);
		ev->bytes_written = 16ull * ((uint64_t)w[HW_MEM_POST_TRANSFER_WRITE]
					     + w[HW_MEM_FILL0_WRITE] + w[HW_MEM_FILL1_WRITE]
					     + w[HW_MEM_CPU_DMA_WRITE]);
		ev->fragments = e->delta->fragment;
	}
	if (e->draw) {
		const struct hw_draw_result *r = e->draw;

		memcpy(ev->work, r->work, sizeof ev->work);
		ev->polygons_in = r->setup.polygons_in;
		ev->polygons_out = r->setup.polygons_out;
		ev->vertices_shaded = r->vertices_shaded;
		ev->indices = r->indices;
		ev->covered = r->raster.covered;
		ev->texture_samples = r->texture_samples;
		ev->texture_misses = r->texture_misses;
		draw_identity(st, e, &ev->id);
		if (c->dump && f->draws < 1000)
			draw_thumbnail(st, c, ev, f->draws);
		f->vertices_shaded += r->vertices_shaded;
		f->texture_samples += r->texture_samples;
		f->texture_misses += r->texture_misses;
		cap_busy_status(st, c, hw_draw_schedule(&c->busy, r, e->start), "a draw",
				e->start);
	} else if (e->kind == HW_EVENT_COMMANDS) {
		ev->work[HW_BUSY_COMMAND] = e->end - e->start;
		cap_busy_status(st, c, hw_busy_add_interval(&c->busy, HW_BUSY_COMMAND, e->start,
							    e->end - e->start),
				"command processing", e->start);
	}
	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++)
		f->busy_clocks[m] += ev->work[m];
	/* GPU time: the union of the work's intervals (fill channels overlap). */
	if (end > f->gpu_until) {
		f->gpu_clocks += end - (start > f->gpu_until ? start : f->gpu_until);
		f->gpu_until = end;
	}
	if (c->out && c->tidy) {
		write_tidy_event(c, ev, f->index, f->ev_count - 1, f->draws);
	}
	f->draws += e->kind == HW_EVENT_DRAW;
	if (c->out && c->jsonl
	    && !write_line(c->out, event_json(ev, "event", f->index, f->ev_count - 1)))
		cap_out_failed(st, c);
	if (c->trace)
		nngx_trace_work(c->trace, e, c->clock_base);
}

/* ---- opening and closing ------------------------------------------------------- */

/* strdup through hw_alloc (its failures are injected like the others). */
static char *cap_strdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = hw_malloc(n);

	return d ? memcpy(d, s, n) : NULL;
}

/* Whether string s ends with suffix. */
static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* One of the tidy tables, `name` in the directory `dir` (ends in '/'). */
static FILE *open_table(const char *dir, const char *name)
{
	char path[NNGX_CAPTURE_PATH_MAX + 16];

	snprintf(path, sizeof path, "%s%s", dir, name);
	return fopen(path, "w");
}

/* The JSON Lines capture's last record: the program exited normally. */
static json_t *end_json(const struct nngx_capture *c)
{
	json_t *o = json_object();

	json_object_set_new(o, "record", json_string("end"));
	json_object_set_new(o, "frames", json_integer((json_int_t)c->frames_written));
	return o;
}

bool nngx_capture_open(struct nngx_state *st, const struct nngx_capture_options *opt)
{
	static const char fn[] = "libnngx capture";
	struct nngx_capture *c;

	if (st->capture)
		nngx_capture_close(st);
	c = hw_calloc(1, sizeof *c);
	if (!c) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_CAPTURE_OPEN_FAILED, fn,
				 "no memory for the capture");
		return false;
	}
	c->opt = *opt;
	if (!c->opt.sampling_time)
		c->opt.sampling_time = NNGX_CAPTURE_DEFAULT_SAMPLING;
	if (!c->opt.frame_clocks)
		c->opt.frame_clocks = st->gpu.lcd.frame_clocks;
	if (opt->file[0]) {
		c->csv = ends_with(opt->file, ".csv");
		c->jsonl = ends_with(opt->file, ".jsonl");
		c->tidy = ends_with(opt->file, "/");
		c->out_path = cap_strdup(opt->file);
		errno = 0;
		if (c->tidy && c->out_path) {
			c->out = open_table(opt->file, "frames.csv");
			c->draws_csv = c->out ? open_table(opt->file, "draws.csv") : NULL;
			c->events_csv = c->draws_csv ? open_table(opt->file, "events.csv") : NULL;
			if (!c->events_csv && c->out) {
				fclose(c->out);
				c->out = NULL;
				close_tables(c);
			}
		} else {
			c->out = c->out_path ? fopen(opt->file, "w") : NULL;
		}
		if (c->out && !(c->tidy ? write_tidy_headers(c) : c->csv ? write_csv_header(c)
				: c->jsonl ? write_line(c->out, header_json(c, "header"))
				: write_json_header(c))) {
			fclose(c->out);
			c->out = NULL;
		}
		if (c->out && (fflush(c->out) != 0 || (c->tidy && (fflush(c->draws_csv) != 0
								    || fflush(c->events_csv) != 0)))) {
			fclose(c->out);
			c->out = NULL;
		}
		if (!c->out)
			close_tables(c);
		if (!c->out)
			nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_CAPTURE_OPEN_FAILED, fn,
					 "capture file %s: %s; no capture is written", opt->file,
					 strerror(errno ? errno : EIO));
	}
	if (opt->trace[0]) {
		errno = 0;
		c->trace = nngx_trace_open(opt->trace);
		if (!c->trace)
			nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_CAPTURE_OPEN_FAILED, fn,
					 "trace file %s: %s; no trace is written", opt->trace,
					 strerror(errno ? errno : EIO));
	}
	if (opt->frames_dir[0]) {
		if (access(opt->frames_dir, W_OK | X_OK) == 0)
			c->dump = true;
		else
			nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_CAPTURE_OPEN_FAILED, fn,
					 "frame directory %s: %s; no frame is dumped",
					 opt->frames_dir, strerror(errno));
	}
	if (!c->out && !c->trace && !c->dump) {
		free(c->out_path);
		free(c);
		return false;
	}
	hw_busy_init(&c->busy);
	hw_busy_reset(&c->busy, (uint16_t)c->opt.sampling_time, 0);
	hw_busy_start(&c->busy, st->gpu.clock);
	c->progress = opt->progress && isatty(STDERR_FILENO);
	clock_gettime(CLOCK_MONOTONIC, &c->wall_start);
	c->wall_last = c->wall_start;
	st->capture = c;
	frame_begin(c, st, 0);
	st->gpu.observe = cap_observe;
	st->gpu.observe_user = st;
	nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_CAPTURE_STARTED, fn,
			 "capture %s, trace %s, frames %s", c->out ? opt->file : "off",
			 c->trace ? opt->trace : "off", c->dump ? opt->frames_dir : "off");
	return true;
}

void nngx_capture_close(struct nngx_state *st)
{
	struct nngx_capture *c = st->capture;

	if (!c)
		return;
	frame_end(st, c, "exit", NULL);
	if (c->out) {
		bool ok = c->jsonl ? write_line(c->out, end_json(c))
			  : !c->csv && !c->tidy ? fputs("]}\n", c->out) >= 0 : true;

		ok = fflush(c->out) == 0 && ok && !ferror(c->out);
		if (c->tidy) {
			ok = fflush(c->draws_csv) == 0 && !ferror(c->draws_csv) && ok;
			ok = fflush(c->events_csv) == 0 && !ferror(c->events_csv) && ok;
			ok = fclose(c->draws_csv) == 0 && ok;
			ok = fclose(c->events_csv) == 0 && ok;
			c->draws_csv = c->events_csv = NULL;
		}
		if (fclose(c->out) != 0 || !ok)
			cap_write_failed(st, "finishing the capture", c->out_path);
	}
	if (c->trace && !nngx_trace_close(c->trace))
		cap_write_failed(st, "writing the trace", c->opt.trace);
	progress_update(c, cap_now(c, st), true);
	st->gpu.observe = NULL;
	st->gpu.observe_user = NULL;
	hw_busy_fini(&c->busy);
	free(c->frame.ev);
	hw_free(c->issued);
	free(c->out_path);
	free(c);
	st->capture = NULL;
}

/* Copy src (NULL: "") into a path buffer of NNGX_CAPTURE_PATH_MAX bytes,
 * truncated and terminated. */
static void copy_path(char *dst, const char *src)
{
	snprintf(dst, NNGX_CAPTURE_PATH_MAX, "%s", src ? src : "");
}

void nngx_capture_startup(struct nngx_state *st)
{
	struct nngx_capture_options opt;
	const char *env;

	memset(&opt, 0, sizeof opt);
	copy_path(opt.file, st->config.capture_file);
	copy_path(opt.trace, st->config.capture_trace);
	copy_path(opt.frames_dir, st->config.capture_frames_dir);
	opt.sampling_time = st->config.capture_sampling_time;
	opt.frame_clocks = st->config.lcd_frame_clocks;
	opt.progress = true;
	if ((env = getenv("NNGX_CAPTURE")) != NULL)
		copy_path(opt.file, env);
	if ((env = getenv("NNGX_TRACE")) != NULL)
		copy_path(opt.trace, env);
	if ((env = getenv("NNGX_DUMP_FRAMES")) != NULL)
		copy_path(opt.frames_dir, env);
	if (opt.file[0] || opt.trace[0] || opt.frames_dir[0])
		nngx_capture_open(st, &opt);
}

/* ---- hooks ------------------------------------------------------------------------ */

/* Write a PNG of each screen and eye swapped in this frame to the frames
 * directory. A failed write is reported and ends all dumping; a buffer
 * outside memory is skipped. */
static void dump_screens(struct nngx_state *st, struct nngx_capture *c,
			 const struct nngx_capture_screen *screens, uint64_t index)
{
	unsigned s, eye;

	for (s = 0; s < 2; s++)
		for (eye = 0; eye < 2; eye++) {
			const struct nngx_capture_screen *sc = &screens[s];
			char path[NNGX_CAPTURE_PATH_MAX + 64], err[128];
			struct nngx_png_meta meta;
			const uint8_t *px;
			uint32_t size;

			if (!sc->swapped || !sc->src.phys[eye] || (eye && !sc->src.stereo))
				continue;
			size = sc->src.width * sc->src.height * sc->src.bytes_per_pixel;
			px = hw_memory_host(&st->gpu.memory, sc->src.phys[eye], size);
			if (!px)
				continue;
			snprintf(path, sizeof path, "%s/frame%06llu_%s_%s.png", c->opt.frames_dir,
				 (unsigned long long)index, s ? "lower" : "upper",
				 eye ? "right" : "left");
			meta.frame = index;
			meta.screen = s ? "lower" : "upper";
			meta.eye = eye ? "right" : "left";
			meta.clock = cap_now(c, st);
			if (!nngx_png_write_screen(path, px, sc->src.width, sc->src.height,
						   sc->format, &meta, err, sizeof err)) {
				nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_CAPTURE_WRITE_FAILED,
						 "libnngx capture", "frame picture %s: %s; no more "
						 "frames are dumped", path, err);
				c->dump = false;
				return;
			}
		}
}

void nngx_capture_swap(struct nngx_state *st, const struct nngx_capture_screen screen[2])
{
	struct nngx_capture *c = st->capture;

	c->seen_swap = true;
	if (c->trace)
		nngx_trace_instant(c->trace, "program", "nngxSwapBuffers", cap_now(c, st), "frame",
				   (long long)c->frame.index);
	/* A second swap with nothing in between (one screen after the other)
	 * belongs to the frame already written. */
	if (frame_empty(c, st) && c->frames_written > 0) {
		if (c->dump)
			dump_screens(st, c, screen, c->frame.index - 1);
		return;
	}
	if (c->dump)
		dump_screens(st, c, screen, c->frame.index);
	frame_end(st, c, "swap", screen);
}

void nngx_capture_run(struct nngx_state *st, GLuint list, size_t requests)
{
	struct nngx_capture *c = st->capture;

	if (!c->seen_swap)
		frame_end(st, c, "run", NULL);
	if (c->trace)
		nngx_trace_run_begin(c->trace, list, cap_now(c, st), requests);
}

void nngx_capture_run_done(struct nngx_state *st)
{
	struct nngx_capture *c = st->capture;

	if (c->trace)
		nngx_trace_run_end(c->trace);
}

void nngx_capture_inject(struct nngx_state *st, unsigned module, hw_clock_t start,
			 uint64_t clocks)
{
	struct nngx_capture *c = st->capture;

	cap_busy_status(st, c, hw_busy_add_interval(&c->busy, (enum hw_busy_module)module, start,
						     clocks), "injected busy time", start);
	c->frame.busy_clocks[module] += clocks;
	if (c->trace)
		nngx_trace_inject(c->trace, module, c->clock_base + start, clocks);
}

void nngx_capture_profiling(struct nngx_state *st, const char *function, GLenum what,
			    const char *what_name, GLuint value, bool has_value)
{
	struct nngx_capture *c = st->capture;
	char unknown[32];

	if (!c->trace)
		return;
	if (!what_name) {
		/* Not an item or parameter: the number, as the program gave it. */
		snprintf(unknown, sizeof unknown, "0x%04x", (unsigned)what);
		what_name = unknown;
	}
	nngx_trace_call(c->trace, function, cap_now(c, st), what_name, (long long)value,
			has_value);
}

void nngx_capture_power_on(struct nngx_state *st)
{
	struct nngx_capture *c = st->capture;
	uint32_t d[NNGX_SHIM_COUNTER_COUNT];
	int id;

	/* The GPU's clock and counters restart at 0: keep what the frame
	 * counted so far, and let capture time run on. */
	frame_deltas(c, st, d);
	for (id = 0; id < NNGX_SHIM_COUNTER_COUNT; id++)
		c->frame.acc[id] = d[id];
	memset(&c->frame.base, 0, sizeof c->frame.base);
	c->clock_base += st->gpu.clock;
	if (c->trace)
		nngx_trace_instant(c->trace, "program", "nngxShimReset", c->clock_base, "frame",
				   (long long)c->frame.index);
	/* The capture's busy counter restarts with the GPU's clock. */
	read_busy(c, st);
	hw_busy_reset(&c->busy, (uint16_t)c->opt.sampling_time, 0);
	hw_busy_start(&c->busy, 0);
	c->windows_read = 0;
}
