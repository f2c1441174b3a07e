/* nngx-report: a capture (NNGX_CAPTURE=FILE.json or FILE.jsonl) as a
 * self-contained HTML report with SVG charts and a text summary, or as CSV.
 *
 *   nngx-report CAPTURE [-o report.html]
 *   nngx-report --csv CAPTURE [-o out.csv]
 *   nngx-report --json CAPTURE [-o summary.json]
 *
 * The capture's layout is doc/capture-schema.md. Part of libnngx (MIT). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "config.h"
#include "nngx_report_counters.h"

#define SCHEMA_VERSION 1
#define MODULES 8
#define TOP_DRAWS 10
#define MAX_THUMBNAILS 48

static const char *const module_keys[MODULES] = {
	"command", "shader0", "triangle_setup", "rasterizer", "texture", "fragment_lighting",
	"combiner", "per_fragment"
};
static const char *const module_colour[MODULES] = {
	"#8c8c8c", "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#59a14f"
};

/* What to try when a module limits a frame: one row per module, in module
 * order, each tied to the manual's section (doc/manual-coverage.md) and to
 * the sample that shows the fix. */
static const struct advice {
	const char *key, *advice, *section, *sample;
} advice_table[MODULES] = {
	{ "command", "command/vertex load bound: smaller vertex formats, fewer and "
	  "longer command lists, vertex data in VRAM", "9.3.6 memory access counter",
	  "samples/real_program" },
	{ "shader0", "vertex-shader bound: fewer instructions, space dependent "
	  "instructions to cut stalls, cache-friendly index order", "9.3.2 shader "
	  "execution clock counter", "samples/shader_stalls" },
	{ "triangle_setup", "triangle-setup bound: fewer, larger triangles; reuse "
	  "vertices (vertex-cache order); confirm with nops and a full scissor",
	  "9.3.1.1 triangle setup and rasterizer bottlenecks", "samples/bottleneck" },
	{ "rasterizer", "rasterizer bound: fewer small or thin triangles over the same "
	  "pixels; lower TS load lowers RAS load", "9.3.1.1 triangle setup and "
	  "rasterizer bottlenecks", "samples/bottleneck" },
	{ "texture", "texture bound: smaller or compressed textures, mipmaps, "
	  "coherent coordinates to cut texture-cache misses", "9.3.6 memory access counter",
	  "samples/bottleneck" },
	{ "fragment_lighting", "lighting bound: fewer lights and lookup tables, "
	  "light only what the eye sees", "9.3.1 busy counter", "samples/busy_counter" },
	{ "combiner", "combiner bound: fewer combiner stages; fold constant stages",
	  "9.3.1 busy counter", "samples/busy_counter" },
	{ "per_fragment", "fragment-bound: reduce overdraw (front to back, depth test, "
	  "scissor), avoid needless blending", "9.3.5 fragment counter",
	  "samples/bottleneck" },
};

static const char *prog = "nngx-report";

static void fail(const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 1, 2), noreturn))
#endif
	;

/* What the program holds, given back by fail() too, so that no error
 * exit leaks (a capture that is no capture, an unwritable output, ...). */
static json_t *held_root;
static void *held[3];

static void release_held(void)
{
	size_t i;

	json_decref(held_root);
	held_root = NULL;
	for (i = 0; i < sizeof held / sizeof held[0]; i++) {
		free(held[i]);
		held[i] = NULL;
	}
}

static void fail(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	release_held();
	exit(1);
}

/* Flush `o` and, when `close` holds, close it, whether or not the flush
 * failed (no FILE is left behind on the error exit); -1 on any failure. */
static int output_close(FILE *o, bool close)
{
	int status = fflush(o) != 0 || ferror(o) ? -1 : 0;

	if (close && fclose(o) != 0)
		status = -1;
	return status;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: %s CAPTURE.json|CAPTURE.jsonl [-o REPORT.html]\n"
		"       %s --csv CAPTURE [-o OUT.csv]\n"
		"       %s --json CAPTURE [-o SUMMARY.json]\n"
		"       %s --counters[=tsv]\n"
		"Write an HTML report (default: CAPTURE with .html) and print a summary,\n"
		"or convert the capture to CSV (default: standard output),\n"
		"or write the summary as JSON (default: standard output),\n"
		"or list the counter catalogue (as text, or tab-separated).\n", prog, prog, prog,
		prog);
}

/* ---- reading and checking the capture ------------------------------------ */

struct capture {
	const char *path;
	json_t *root, *frames, *counters, *modules;
	size_t nframes;
	double budget_us;
	json_int_t sampling;
};

static const char *capture_path = "capture";

static json_t *need(json_t *obj, const char *key, json_type type, const char *where,
		    size_t index)
{
	json_t *v = json_object_get(obj, key);

	if (!v || (json_typeof(v) != type
		   && !(type == JSON_REAL && json_is_integer(v))
		   && !(type == JSON_TRUE && json_is_boolean(v))))
		fail("%s: %s %zu: field '%s' is missing or has the wrong type", capture_path, where,
		     index, key);
	return v;
}

/* The whole file at `path`, NUL-terminated, in held[0] (given back by
 * fail()); its length in *len. */
static char *read_whole(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	size_t cap = 65536, n = 0;
	char *buf, *grown;
	bool no_memory = false;

	if (!f)
		fail("%s: cannot read: %s", path, strerror(errno));
	buf = held[0] = malloc(cap);
	if (!buf)
		no_memory = true;
	while (buf && !no_memory) {
		n += fread(buf + n, 1, cap - n - 1, f);
		if (n < cap - 1)
			break;                  /* end of file or an error */
		grown = cap <= SIZE_MAX / 2 ? realloc(buf, cap * 2) : NULL;
		if (!grown)
			no_memory = true;
		else
			buf = held[0] = grown;
		cap *= 2;
	}
	if (no_memory || ferror(f)) {
		int e = errno;

		fclose(f);
		if (no_memory)
			fail("%s: out of memory", path);
		fail("%s: cannot read: %s", path, strerror(e));
	}
	fclose(f);
	buf[n] = '\0';
	*len = n;
	return buf;
}

/* A JSON Lines capture (doc/capture-schema.md) as the document the JSON
 * form holds: the header's members, and each frame record with its event
 * records (written before it) as its "events". The complete lines load:
 * a last line cut while it was written, a missing end record and the
 * events of a frame that never ended are said on standard error, and the
 * frames before them make the report. Returns the document; *hold is what
 * to give back at exit (it holds the document). */
static json_t *load_jsonl(const char *path, const char *text, size_t len, json_t **hold)
{
	json_t *root = NULL, *frames = json_array(), *pending = json_array(), *rec;
	const char *line = text, *nl;
	size_t number = 0, cut = 0, n;
	const char *left;
	bool ended = false;

	*hold = json_array();
	if (!*hold || !frames || !pending || json_array_append_new(*hold, frames) != 0
	    || json_array_append_new(*hold, pending) != 0) {
		json_decref(frames);
		json_decref(pending);
		fail("out of memory");
	}
	for (; line < text + len; line = nl + 1) {
		json_error_t err;
		const char *kind;

		number++;
		nl = memchr(line, '\n', (size_t)(text + len - line));
		if (!nl) {
			cut = number;
			break;
		}
		if (strspn(line, " \t\r") == (size_t)(nl - line))
			continue;
		rec = json_loadb(line, (size_t)(nl - line), JSON_REJECT_DUPLICATES, &err);
		if (!rec)
			fail("%s:%zu:%d: not a JSON line: %s", path, number, err.column, err.text);
		if (json_array_append_new(*hold, rec) != 0)
			fail("out of memory");
		kind = json_string_value(json_object_get(rec, "record"));
		if (!json_is_object(rec) || !kind)
			fail("%s:%zu: a line without its \"record\" member", path, number);
		if (!root) {
			if (strcmp(kind, "header") != 0)
				fail("%s: not an nngx capture (its first line is no header record)",
				     path);
			root = rec;
			json_object_del(root, "record");
			if (json_object_set(root, "frames", frames) != 0)
				fail("out of memory");
		} else if (strcmp(kind, "event") == 0) {
			json_object_del(rec, "record");
			json_object_del(rec, "frame");
			json_object_del(rec, "index");
			if (json_array_append(pending, rec) != 0)
				fail("out of memory");
		} else if (strcmp(kind, "frame") == 0) {
			json_t *count = json_object_get(rec, "event_count");

			if (!json_is_integer(count)
			    || (size_t)json_integer_value(count) != json_array_size(pending))
				fail("%s:%zu: frame record with event_count %lld after %zu events",
				     path, number, (long long)json_integer_value(count),
				     json_array_size(pending));
			json_object_del(rec, "record");
			json_object_del(rec, "event_count");
			if (json_object_set(rec, "events", pending) != 0
			    || json_array_append(frames, rec) != 0)
				fail("out of memory");
			pending = json_array();
			if (!pending || json_array_append_new(*hold, pending) != 0)
				fail("out of memory");
		} else if (strcmp(kind, "end") == 0) {
			ended = true;
		}
		/* Other record types are newer than this nngx-report: skipped. */
	}
	if (!root)
		fail("%s: the capture is empty or truncated before its header line", path);
	n = json_array_size(frames);
	left = json_array_size(pending) ? "; the events of the unfinished frame left out" : "";
	if (cut)
		fprintf(stderr, "%s: warning: %s:%zu: the last line was cut short while it was "
			"written (the program did not exit normally): %zu complete frame%s "
			"loaded%s\n", prog, path, cut, n, n == 1 ? "" : "s", left);
	else if (!ended)
		fprintf(stderr, "%s: warning: %s: no end record (the program did not exit "
			"normally): %zu complete frame%s loaded%s\n", prog, path, n,
			n == 1 ? "" : "s", left);
	return root;
}

static void load_capture(struct capture *c, const char *path)
{
	json_error_t err;
	size_t len, lead;
	const char *text;
	json_t *fr;
	size_t i;

	c->path = capture_path = path;
	/* JSON Lines: the first line is a record (the writer puts "record"
	 * first); anything else is read as the JSON document. */
	text = read_whole(path, &len);
	lead = strspn(text, " \t\r\n");
	if (strncmp(text + lead, "{\"record\"", 9) == 0) {
		c->root = load_jsonl(path, text, len, &held_root);
		free(held[0]);
		held[0] = NULL;
	} else {
		c->root = held_root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &err);
		free(held[0]);
		held[0] = NULL;
	}
	if (!c->root) {
		FILE *f = fopen(path, "r");

		if (!f)
			fail("%s: cannot read: %s", path, strerror(errno));
		fclose(f);
		if (strstr(err.text, "end of") || strstr(err.text, "premature"))
			fail("%s:%d: the capture is truncated (%s); the program may not have "
			     "exited normally, or the disk was full", path, err.line, err.text);
		fail("%s:%d:%d: not a JSON capture: %s", path, err.line, err.column, err.text);
	}
	if (!json_is_object(c->root)
	    || !json_is_string(json_object_get(c->root, "schema"))
	    || strcmp(json_string_value(json_object_get(c->root, "schema")), "nngx-capture") != 0)
		fail("%s: not an nngx capture (no \"schema\": \"nngx-capture\")", path);
	if (json_integer_value(json_object_get(c->root, "version")) != SCHEMA_VERSION)
		fail("%s: capture version %lld; this nngx-report reads version %d", path,
		     (long long)json_integer_value(json_object_get(c->root, "version")),
		     SCHEMA_VERSION);
	c->frames = json_object_get(c->root, "frames");
	c->counters = json_object_get(c->root, "counters");
	c->modules = json_object_get(c->root, "modules");
	if (!json_is_array(c->frames) || !json_is_array(c->counters)
	    || json_array_size(c->modules) != MODULES)
		fail("%s: the capture lacks its frames, counters or modules", path);
	c->nframes = json_array_size(c->frames);
	c->budget_us = json_number_value(json_object_get(c->root, "frame_budget_us"));
	c->sampling = json_integer_value(json_object_get(c->root, "busy_sampling_clocks"));
	if (c->budget_us <= 0 || c->sampling <= 0)
		fail("%s: frame_budget_us and busy_sampling_clocks must be positive", path);
	json_array_foreach(c->frames, i, fr) {
		json_t *d, *ev;
		size_t k;

		if (!json_is_object(fr))
			fail("%s: frame %zu is not an object", path, i);
		need(fr, "frame", JSON_INTEGER, "frame", i);
		need(fr, "start_us", JSON_REAL, "frame", i);
		need(fr, "frame_time_us", JSON_REAL, "frame", i);
		need(fr, "gpu_time_us", JSON_REAL, "frame", i);
		need(fr, "start_clock", JSON_INTEGER, "frame", i);
		need(fr, "end_clock", JSON_INTEGER, "frame", i);
		need(fr, "gpu_clocks", JSON_INTEGER, "frame", i);
		need(fr, "counters", JSON_OBJECT, "frame", i);
		if (json_array_size(need(fr, "busy_windows", JSON_ARRAY, "frame", i)) != MODULES
		    || json_array_size(need(fr, "busy_clocks", JSON_ARRAY, "frame", i)) != MODULES)
			fail("%s: frame %zu: busy_windows and busy_clocks need 8 entries", path, i);
		d = need(fr, "derived", JSON_OBJECT, "frame", i);
		need(d, "busy_share", JSON_OBJECT, "frame", i);
		json_array_foreach(need(fr, "events", JSON_ARRAY, "frame", i), k, ev) {
			need(ev, "kind", JSON_STRING, "event of frame", i);
			need(ev, "start_us", JSON_REAL, "event of frame", i);
			need(ev, "end_us", JSON_REAL, "event of frame", i);
			need(ev, "start_clock", JSON_INTEGER, "event of frame", i);
			need(ev, "end_clock", JSON_INTEGER, "event of frame", i);
			if (json_array_size(need(ev, "work", JSON_ARRAY, "event of frame", i)) != MODULES)
				fail("%s: frame %zu: an event's work needs 8 entries", path, i);
		}
	}
}

static double num(json_t *obj, const char *key)
{
	return json_number_value(json_object_get(obj, key));
}

static json_int_t integer(json_t *obj, const char *key)
{
	return json_integer_value(json_object_get(obj, key));
}

/* ---- CSV (the layout the library writes, doc/capture-schema.md) -------------- */

/* Microseconds from clocks, computed as the library computes them, so that
 * the conversion gives the library's CSV text exactly. */
static double us(json_int_t clocks)
{
	return (double)clocks / (268000000.0 / 1e6);
}

static void csv_ratio(FILE *f, json_t *v)
{
	if (json_is_number(v))
		fprintf(f, ",%.6f", json_number_value(v));
	else
		fputc(',', f);
}

static void write_csv(const struct capture *c, FILE *o)
{
	json_t *fr, *e, *row;
	size_t i, k;
	int m;

	fprintf(o, "record,frame,kind,start_us,end_us,frame_time_us,gpu_time_us,bottleneck");
	for (m = 0; m < MODULES; m++)
		fprintf(o, ",busy_share.%s", module_keys[m]);
	fprintf(o, ",vertices_per_triangle,shader_stall_share,overdraw,texture_miss_rate,"
		"gpu_budget_share,primitives,fragments");
	for (m = 0; m < MODULES; m++)
		fprintf(o, ",work.%s", module_keys[m]);
	json_array_foreach(c->counters, i, row)
		fprintf(o, ",%s", json_string_value(json_object_get(row, "name")));
	fputc('\n', o);
	json_array_foreach(c->frames, i, fr) {
		json_t *d = json_object_get(fr, "derived"), *cn = json_object_get(fr, "counters");
		json_int_t start = integer(fr, "start_clock"), end = integer(fr, "end_clock");

		fprintf(o, "frame,%lld,,%.3f,%.3f,%.3f,%.3f,%s", (long long)integer(fr, "frame"),
			us(start), us(end), us(end - start), us(integer(fr, "gpu_clocks")),
			json_is_string(json_object_get(d, "bottleneck"))
			? json_string_value(json_object_get(d, "bottleneck")) : "");
		for (m = 0; m < MODULES; m++)
			fprintf(o, ",%.6f", num(json_object_get(d, "busy_share"), module_keys[m]));
		csv_ratio(o, json_object_get(d, "vertices_per_triangle"));
		csv_ratio(o, json_object_get(d, "shader_stall_share"));
		csv_ratio(o, json_object_get(d, "overdraw"));
		csv_ratio(o, json_object_get(d, "texture_miss_rate"));
		csv_ratio(o, json_object_get(d, "gpu_budget_share"));
		fprintf(o, ",%lld,%lld", (long long)integer(cn, "polygon.in"),
			(long long)integer(cn, "fragment.in"));
		for (m = 0; m < MODULES; m++)
			fprintf(o, ",%lld", (long long)json_integer_value(
				json_array_get(json_object_get(fr, "busy_clocks"), (size_t)m)));
		json_array_foreach(c->counters, k, row)
			fprintf(o, ",%lld", (long long)integer(cn, json_string_value(
				json_object_get(row, "name"))));
		fputc('\n', o);
		json_array_foreach(json_object_get(fr, "events"), k, e) {
			size_t n;

			fprintf(o, "event,%lld,%s,%.3f,%.3f,,,", (long long)integer(fr, "frame"),
				json_string_value(json_object_get(e, "kind")),
				us(integer(e, "start_clock")), us(integer(e, "end_clock")));
			for (m = 0; m < MODULES + 5; m++)
				fputc(',', o);
			fprintf(o, ",%lld,%lld", (long long)integer(e, "primitives"),
				(long long)integer(e, "fragments"));
			for (m = 0; m < MODULES; m++)
				fprintf(o, ",%lld", (long long)json_integer_value(
					json_array_get(json_object_get(e, "work"), (size_t)m)));
			for (n = 0; n < json_array_size(c->counters); n++)
				fputc(',', o);
			fputc('\n', o);
		}
	}
}

/* ---- HTML ------------------------------------------------------------------------ */

static void html_text(FILE *o, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", o); break;
		case '<': fputs("&lt;", o); break;
		case '>': fputs("&gt;", o); break;
		case '"': fputs("&quot;", o); break;
		default: fputc(*s, o); break;
		}
	}
}

static const char *module_name(const struct capture *c, int m)
{
	return json_string_value(json_object_get(json_array_get(c->modules, (size_t)m), "name"));
}

static void legend(FILE *o, const struct capture *c)
{
	int m;

	fputs("<p class=\"legend\">", o);
	for (m = 0; m < MODULES; m++) {
		fprintf(o, "<span><i style=\"background:%s\"></i>", module_colour[m]);
		html_text(o, module_name(c, m));
		fputs("</span> ", o);
	}
	fputs("</p>\n", o);
}

/* Busy shares per frame, one stacked bar a frame. */
static void chart_busy(FILE *o, const struct capture *c)
{
	const double w = 900, h = 220, left = 40, bottom = 20;
	double bw = (w - left) / (double)(c->nframes ? c->nframes : 1);
	json_t *fr;
	size_t i;
	int m;

	fprintf(o, "<svg viewBox=\"0 0 %.0f %.0f\" role=\"img\" aria-label=\"busy shares\">\n",
		w, h + bottom);
	fprintf(o, "<text x=\"0\" y=\"12\" class=\"axis\">100%%</text>"
		"<text x=\"0\" y=\"%.0f\" class=\"axis\">0%%</text>\n", h);
	json_array_foreach(c->frames, i, fr) {
		json_t *share = json_object_get(json_object_get(fr, "derived"), "busy_share");
		double y = h;

		for (m = 0; m < MODULES; m++) {
			double v = num(share, module_keys[m]) * (h - 10);
			if (v <= 0)
				continue;
			y -= v;
			fprintf(o, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
				"fill=\"%s\"><title>frame %zu: %s %.1f%%</title></rect>\n",
				left + (double)i * bw, y, bw > 2 ? bw - 1 : bw, v, module_colour[m], i,
				module_keys[m], 100 * num(share, module_keys[m]));
		}
	}
	fprintf(o, "<text x=\"%.0f\" y=\"%.0f\" class=\"axis\">frame 0 .. %zu</text>\n", left,
		h + bottom - 4, c->nframes ? c->nframes - 1 : 0);
	fputs("</svg>\n", o);
}

/* A polyline of `n` values scaled into a box. */
static void polyline(FILE *o, const double *v, size_t n, double x0, double y0, double w,
		     double h, double max, const char *colour)
{
	size_t i;

	fprintf(o, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" points=\"", colour);
	for (i = 0; i < n; i++)
		fprintf(o, "%.2f,%.2f ", x0 + (n > 1 ? w * (double)i / (double)(n - 1) : w / 2),
			y0 + h - (max > 0 ? h * v[i] / max : 0));
	fputs("\"/>\n", o);
}

/* Frame time and GPU time over frames, against the 60 Hz budget. */
static void chart_times(FILE *o, const struct capture *c, double *frame_us, double *gpu_us)
{
	const double w = 900, h = 200, left = 60;
	double max = c->budget_us * 1.1;
	size_t i;

	for (i = 0; i < c->nframes; i++) {
		if (frame_us[i] > max)
			max = frame_us[i];
		if (gpu_us[i] > max)
			max = gpu_us[i];
	}
	fprintf(o, "<svg viewBox=\"0 0 %.0f %.0f\" role=\"img\" aria-label=\"frame times\">\n",
		w, h + 10);
	fprintf(o, "<line x1=\"%.0f\" x2=\"%.0f\" y1=\"%.2f\" y2=\"%.2f\" class=\"budget\"/>"
		"<text x=\"0\" y=\"%.2f\" class=\"axis\">%.1f ms</text>\n", left, w,
		h - h * c->budget_us / max, h - h * c->budget_us / max,
		h - h * c->budget_us / max + 4, c->budget_us / 1000);
	fprintf(o, "<text x=\"0\" y=\"12\" class=\"axis\">%.1f ms</text>\n", max / 1000);
	polyline(o, frame_us, c->nframes, left, 0, w - left, h, max, "#4e79a7");
	polyline(o, gpu_us, c->nframes, left, 0, w - left, h, max, "#e15759");
	fputs("</svg>\n<p class=\"legend\"><span><i style=\"background:#4e79a7\"></i>frame "
	      "time</span> <span><i style=\"background:#e15759\"></i>GPU time</span> "
	      "<span><i class=\"dash\"></i>one LCD frame</span></p>\n", o);
}

/* Every catalogue counter: its frame deltas as a sparkline. */
static void table_counters(FILE *o, const struct capture *c)
{
	double *v = malloc((c->nframes ? c->nframes : 1) * sizeof *v);
	json_t *row, *fr;
	size_t k, i;

	if (!v)
		fail("out of memory");
	fputs("<table class=\"counters\"><tr><th>counter</th><th>unit</th><th>min</th>"
	      "<th>mean</th><th>max</th><th>over frames</th><th>manual</th></tr>\n", o);
	json_array_foreach(c->counters, k, row) {
		const char *name = json_string_value(json_object_get(row, "name"));
		double min = 0, max = 0, sum = 0;

		json_array_foreach(c->frames, i, fr) {
			v[i] = (double)integer(json_object_get(fr, "counters"), name);
			if (!i || v[i] < min)
				min = v[i];
			if (!i || v[i] > max)
				max = v[i];
			sum += v[i];
		}
		fputs("<tr><td title=\"", o);
		html_text(o, json_string_value(json_object_get(row, "description")));
		fputs("\">", o);
		html_text(o, name);
		fputs("</td><td>", o);
		html_text(o, json_string_value(json_object_get(row, "unit")));
		fprintf(o, "</td><td>%.0f</td><td>%.1f</td><td>%.0f</td><td>", min,
			c->nframes ? sum / (double)c->nframes : 0.0, max);
		fputs("<svg class=\"spark\" viewBox=\"0 0 160 24\">", o);
		polyline(o, v, c->nframes, 1, 1, 158, 22, max, "#4e79a7");
		fputs("</svg></td><td>", o);
		html_text(o, json_string_value(json_object_get(row, "section")));
		fputs("</td></tr>\n", o);
	}
	fputs("</table>\n", o);
	free(v);
}

struct draw_ref {
	size_t frame;
	json_t *ev;
	double us;
};

static int draw_slower(const void *a, const void *b)
{
	const struct draw_ref *x = a, *y = b;

	return x->us < y->us ? 1 : x->us > y->us ? -1 : (x->frame > y->frame) - (x->frame < y->frame);
}

/* The draws that took longest, with their work per module. */
static size_t collect_draws(const struct capture *c, struct draw_ref **out)
{
	struct draw_ref *d = NULL;
	size_t n = 0, cap = 0, i, k;
	json_t *fr, *e;

	json_array_foreach(c->frames, i, fr) {
		json_array_foreach(json_object_get(fr, "events"), k, e) {
			if (strcmp(json_string_value(json_object_get(e, "kind")), "draw") != 0)
				continue;
			if (n == cap) {
				struct draw_ref *p;
				cap = cap ? cap * 2 : 64;
				p = realloc(d, cap * sizeof *p);
				if (!p)
					fail("out of memory");
				d = held[2] = p;
			}
			d[n].frame = i;
			d[n].ev = e;
			d[n].us = num(e, "end_us") - num(e, "start_us");
			n++;
		}
	}
	if (n)
		qsort(d, n, sizeof *d, draw_slower);
	*out = d;
	return n;
}

static int busiest(json_t *work)
{
	json_int_t most = -1;
	int m, best = 0;

	for (m = 0; m < MODULES; m++)
		if (json_integer_value(json_array_get(work, (size_t)m)) > most) {
			most = json_integer_value(json_array_get(work, (size_t)m));
			best = m;
		}
	return best;
}

static void table_draws(FILE *o, const struct capture *c, const struct draw_ref *d, size_t n)
{
	size_t i;
	int m;

	fputs("<table><tr><th>frame</th><th>start (&micro;s)</th><th>time (&micro;s)</th>"
	      "<th>polygons</th><th>fragments</th><th>busiest module</th>"
	      "<th>work per module</th></tr>\n", o);
	for (i = 0; i < n && i < TOP_DRAWS; i++) {
		json_t *work = json_object_get(d[i].ev, "work");
		json_int_t most = json_integer_value(json_array_get(work, (size_t)busiest(work)));
		double x = 0;

		fprintf(o, "<tr><td>%zu</td><td>%.1f</td><td>%.2f</td><td>%lld</td><td>%lld</td><td>",
			d[i].frame, num(d[i].ev, "start_us"), d[i].us,
			(long long)integer(d[i].ev, "primitives"),
			(long long)integer(d[i].ev, "fragments"));
		html_text(o, module_name(c, busiest(work)));
		fputs("</td><td><svg class=\"spark\" viewBox=\"0 0 160 16\">", o);
		for (m = 0; m < MODULES; m++) {
			double v = most > 0 ? 160.0 / MODULES
				   * (double)json_integer_value(json_array_get(work, (size_t)m))
				   / (double)most : 0;
			fprintf(o, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
				"fill=\"%s\"><title>%s: %lld clocks</title></rect>", x, 0.0,
				160.0 / MODULES - 1, 16.0, "#eee", module_keys[m],
				(long long)json_integer_value(json_array_get(work, (size_t)m)));
			fprintf(o, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.2f\" "
				"fill=\"%s\"/>", x, 16.0 - 16.0 * v / (160.0 / MODULES),
				160.0 / MODULES - 1, 16.0 * v / (160.0 / MODULES), module_colour[m]);
			x += 160.0 / MODULES;
		}
		fputs("</svg></td></tr>\n", o);
	}
	fputs("</table>\n", o);
}

/* A file as a data: URI; false if it cannot be read. */
static bool data_uri(FILE *o, const char *path)
{
	static const char b64[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	unsigned char in[3];
	size_t n;
	FILE *f = fopen(path, "rb");

	if (!f)
		return false;
	fputs("data:image/png;base64,", o);
	while ((n = fread(in, 1, 3, f)) > 0) {
		unsigned v = (unsigned)in[0] << 16 | (n > 1 ? (unsigned)in[1] << 8 : 0)
			     | (n > 2 ? in[2] : 0);
		fputc(b64[v >> 18 & 63], o);
		fputc(b64[v >> 12 & 63], o);
		fputc(n > 1 ? b64[v >> 6 & 63] : '=', o);
		fputc(n > 2 ? b64[v & 63] : '=', o);
	}
	fclose(f);
	return true;
}

/* The directory part of the capture's path ("." when none). */
static void capture_dir(const char *path, char *out, size_t len)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		snprintf(out, len, ".");
	else
		snprintf(out, len, "%.*s", (int)(slash - path), path);
}

static size_t thumbnails(FILE *o, const struct capture *c)
{
	size_t i, k, shown = 0, step = c->nframes / MAX_THUMBNAILS + 1;
	char base[4096], path[8192];
	json_t *fr, *pic;

	capture_dir(c->path, base, sizeof base);
	for (i = 0; i < c->nframes; i += step) {
		const char *dir;

		fr = json_array_get(c->frames, i);
		dir = json_string_value(json_object_get(fr, "pictures_dir"));
		json_array_foreach(json_object_get(fr, "pictures"), k, pic) {
			const char *png = json_string_value(json_object_get(pic, "png"));
			FILE *probe;

			if (!png || !dir)
				continue;
			if (dir[0] == '/')
				snprintf(path, sizeof path, "%s/%s", dir, png);
			else
				snprintf(path, sizeof path, "%s/%s/%s", base, dir, png);
			if (!(probe = fopen(path, "rb"))) {
				/* Moved with the capture: look beside it. */
				const char *leaf = strrchr(dir, '/');
				snprintf(path, sizeof path, "%s/%s/%s", base, leaf ? leaf + 1 : dir, png);
				if (!(probe = fopen(path, "rb")))
					continue;
			}
			fclose(probe);
			if (!shown)
				fputs("<h2>Frames</h2>\n<div class=\"thumbs\">\n", o);
			fprintf(o, "<figure><img alt=\"frame %zu %s\" src=\"", i,
				json_string_value(json_object_get(pic, "screen")));
			data_uri(o, path);
			fprintf(o, "\"><figcaption>frame %zu, %s %s</figcaption></figure>\n", i,
				json_string_value(json_object_get(pic, "screen")),
				json_string_value(json_object_get(pic, "eye")));
			shown++;
		}
	}
	if (shown)
		fputs("</div>\n", o);
	return shown;
}

/* ---- summary ------------------------------------------------------------------------ */

struct totals {
	double frame_sum, gpu_sum, gpu_max;
	size_t over, verdict[MODULES + 1];
	/* Utilisation: busy clocks over GPU clocks, over the run and at most
	 * in one frame (peak 1: busy on every clock the GPU worked). */
	double busy_sum[MODULES], gpu_clocks_sum, util_max[MODULES];
	/* The limiters ranked: modules that limited a frame, most frames first. */
	int rank[MODULES];
	size_t nrank;
};

static double utilisation(const struct totals *t, int m)
{
	return t->gpu_clocks_sum > 0 ? t->busy_sum[m] / t->gpu_clocks_sum : 0.0;
}

/* The module that limited a frame (its bottleneck), or MODULES for none. */
static int frame_limiter(json_t *fr)
{
	json_t *b = json_object_get(json_object_get(fr, "derived"), "bottleneck");
	int m;

	for (m = 0; m < MODULES; m++)
		if (json_is_string(b) && strcmp(json_string_value(b), module_keys[m]) == 0)
			break;
	return m;
}

static void summarise(const struct capture *c, double *frame_us, double *gpu_us,
		      struct totals *t)
{
	json_t *fr;
	size_t i;
	int m;

	memset(t, 0, sizeof *t);
	json_array_foreach(c->frames, i, fr) {
		json_t *busy = json_object_get(fr, "busy_clocks");
		double gpu = (double)integer(fr, "gpu_clocks");

		frame_us[i] = num(fr, "frame_time_us");
		gpu_us[i] = num(fr, "gpu_time_us");
		t->frame_sum += frame_us[i];
		t->gpu_sum += gpu_us[i];
		if (gpu_us[i] > t->gpu_max)
			t->gpu_max = gpu_us[i];
		t->over += gpu_us[i] > c->budget_us;
		t->verdict[frame_limiter(fr)]++;
		t->gpu_clocks_sum += gpu;
		for (m = 0; m < MODULES; m++) {
			double b = (double)json_integer_value(json_array_get(busy, (size_t)m));

			t->busy_sum[m] += b;
			if (gpu > 0 && b / gpu > t->util_max[m])
				t->util_max[m] = b / gpu;
		}
	}
	/* Rank by frames limited; a tie keeps the module order. */
	for (m = 0; m < MODULES; m++) {
		size_t k;

		if (!t->verdict[m])
			continue;
		for (k = t->nrank; k > 0 && t->verdict[t->rank[k - 1]] < t->verdict[m]; k--)
			t->rank[k] = t->rank[k - 1];
		t->rank[k] = m;
		t->nrank++;
	}
}

static double share(const struct capture *c, size_t frames)
{
	return c->nframes ? (double)frames / (double)c->nframes : 0.0;
}

static void print_summary(FILE *o, const struct capture *c, const struct totals *t,
			  const struct draw_ref *d, size_t ndraws)
{
	size_t i;
	int m;

	fprintf(o, "%s: %zu frames, %.3f ms of virtual time\n", c->path, c->nframes,
		t->frame_sum / 1000);
	if (!c->nframes)
		return;
	fprintf(o, "GPU time: mean %.1f us, max %.1f us a frame (%.1f %% of a %.2f ms frame at "
		"most); %zu frames over budget\n", t->gpu_sum / (double)c->nframes, t->gpu_max,
		100 * t->gpu_max / c->budget_us, c->budget_us / 1000, t->over);
	fputs("Bottleneck by frame:", o);
	for (m = 0; m <= MODULES; m++)
		if (t->verdict[m])
			fprintf(o, " %s %zu", m < MODULES ? module_name(c, m) : "none", t->verdict[m]);
	fputc('\n', o);
	for (i = 0; i < ndraws && i < 3; i++)
		fprintf(o, "Draw %zu: frame %zu, %.2f us, %lld polygons, %lld fragments, busiest: %s\n",
			i + 1, d[i].frame, d[i].us, (long long)integer(d[i].ev, "primitives"),
			(long long)integer(d[i].ev, "fragments"),
			module_name(c, busiest(json_object_get(d[i].ev, "work"))));
	fputs("Limiters ranked:", o);
	for (i = 0; i < t->nrank; i++)
		fprintf(o, "%s %s %zu frame%s (%.1f %%)", i ? "," : "",
			module_name(c, t->rank[i]), t->verdict[t->rank[i]],
			t->verdict[t->rank[i]] == 1 ? "" : "s",
			100 * share(c, t->verdict[t->rank[i]]));
	if (t->verdict[MODULES])
		fprintf(o, "%s no limiter %zu frame%s", t->nrank ? "," : "", t->verdict[MODULES],
			t->verdict[MODULES] == 1 ? "" : "s");
	fputc('\n', o);
	fputs("Utilisation (busy clocks / GPU clocks; peak 100 %), run (max frame):", o);
	for (m = 0; m < MODULES; m++)
		fprintf(o, "%s %s %.1f %% (%.1f %%)", m ? "," : "", module_name(c, m),
			100 * utilisation(t, m), 100 * t->util_max[m]);
	fputc('\n', o);
	for (i = 0; i < t->nrank; i++) {
		const struct advice *a = &advice_table[t->rank[i]];

		fprintf(o, "Advice, %s: %s (manual %s; see %s)\n", module_name(c, t->rank[i]),
			a->advice, a->section, a->sample);
	}
}

/* A bar of `v` against a peak of 1, with the peak drawn as a line. */
static void peak_bar(FILE *o, double v, const char *colour)
{
	double w = v < 0 ? 0 : v > 1 ? 1 : v;

	fprintf(o, "<svg class=\"bar\" viewBox=\"0 0 200 14\"><rect x=\"0\" y=\"0\" "
		"width=\"200\" height=\"14\" fill=\"#eee\"/><rect x=\"0\" y=\"0\" "
		"width=\"%.1f\" height=\"14\" fill=\"%s\"/><line x1=\"199\" x2=\"199\" "
		"y1=\"0\" y2=\"14\" class=\"budget\"/></svg>", 200 * w, colour);
}

/* The first screen: each frame's limiter, the limiters ranked with what to
 * try, utilisation per module against its peak, GPU time against budget. */
static void first_screen(FILE *o, const struct capture *c, const struct totals *t)
{
	const double w = 900, h = 18;
	double bw = w / (double)(c->nframes ? c->nframes : 1);
	json_t *fr;
	size_t i;
	int m;

	fputs("<h2>What limits the frames</h2>\n", o);
	if (t->nrank) {
		fputs("<p class=\"verdict\">", o);
		html_text(o, module_name(c, t->rank[0]));
		fprintf(o, " limits %zu of %zu frames (%.1f %%): %s.</p>\n",
			t->verdict[t->rank[0]], c->nframes, 100 * share(c, t->verdict[t->rank[0]]),
			advice_table[t->rank[0]].advice);
	} else {
		fputs("<p class=\"verdict\">No module limited any frame.</p>\n", o);
	}
	fprintf(o, "<svg viewBox=\"0 0 %.0f %.0f\" role=\"img\" aria-label=\"limiter by "
		"frame\">\n", w, h);
	json_array_foreach(c->frames, i, fr) {
		int l = frame_limiter(fr);

		fprintf(o, "<rect x=\"%.2f\" y=\"0\" width=\"%.2f\" height=\"%.0f\" "
			"fill=\"%s\"><title>frame %zu: %s</title></rect>\n", (double)i * bw,
			bw > 2 ? bw - 1 : bw, h, l < MODULES ? module_colour[l] : "#fff", i,
			l < MODULES ? module_name(c, l) : "no limiter");
	}
	fputs("</svg>\n", o);
	if (c->nframes <= 16) {
		fputs("<p class=\"legend\">", o);
		json_array_foreach(c->frames, i, fr) {
			int l = frame_limiter(fr);

			fprintf(o, "<span>frame %zu: ", i);
			html_text(o, l < MODULES ? module_name(c, l) : "no limiter");
			fputs("</span> ", o);
		}
		fputs("</p>\n", o);
	}
	fputs("<table class=\"limiters\"><tr><th>limiter</th><th>frames limited</th>"
	      "<th>share</th><th>what to try</th><th>manual</th><th>sample</th></tr>\n", o);
	for (i = 0; i < t->nrank; i++) {
		const struct advice *a = &advice_table[t->rank[i]];

		fprintf(o, "<tr><td><i class=\"key\" style=\"background:%s\"></i>",
			module_colour[t->rank[i]]);
		html_text(o, module_name(c, t->rank[i]));
		fprintf(o, "</td><td>%zu</td><td>%.1f %%</td><td class=\"text\">",
			t->verdict[t->rank[i]], 100 * share(c, t->verdict[t->rank[i]]));
		html_text(o, a->advice);
		fputs("</td><td class=\"text\">", o);
		html_text(o, a->section);
		fputs("</td><td class=\"text\">", o);
		html_text(o, a->sample);
		fputs("</td></tr>\n", o);
	}
	if (t->verdict[MODULES])
		fprintf(o, "<tr><td>no limiter</td><td>%zu</td><td>%.1f %%</td><td></td><td></td>"
			"<td></td></tr>\n", t->verdict[MODULES], 100 * share(c, t->verdict[MODULES]));
	fputs("</table>\n<h2>Utilisation per module</h2>\n<p>Busy clocks over the clocks "
	      "in which the GPU worked; the peak, 100 %, is a module busy on every such "
	      "clock.</p>\n<table class=\"util\"><tr><th>module</th><th>run</th>"
	      "<th>against its peak</th><th>max frame</th></tr>\n", o);
	for (m = 0; m < MODULES; m++) {
		fprintf(o, "<tr><td><i class=\"key\" style=\"background:%s\"></i>",
			module_colour[m]);
		html_text(o, module_name(c, m));
		fprintf(o, "</td><td>%.1f %%</td><td>", 100 * utilisation(t, m));
		peak_bar(o, utilisation(t, m), module_colour[m]);
		fprintf(o, "</td><td>%.1f %%</td></tr>\n", 100 * t->util_max[m]);
	}
	fprintf(o, "</table>\n<h2>GPU time against the budget</h2>\n<p>One LCD frame, "
		"%.2f ms, is the budget (the dashed line at the end of each bar).</p>\n"
		"<table class=\"util\"><tr><th>GPU time</th><th>&micro;s</th>"
		"<th>against the budget</th><th>share</th></tr>\n", c->budget_us / 1000);
	for (i = 0; i < 2; i++) {
		double v = i ? t->gpu_max : c->nframes ? t->gpu_sum / (double)c->nframes : 0.0;

		fprintf(o, "<tr><td>%s</td><td>%.1f</td><td>", i ? "max frame" : "mean", v);
		peak_bar(o, v / c->budget_us, v > c->budget_us ? "#e15759" : "#4e79a7");
		fprintf(o, "</td><td>%.1f %%</td></tr>\n", 100 * v / c->budget_us);
	}
	fprintf(o, "</table>\n<p>%zu frame%s over budget.</p>\n", t->over,
		t->over == 1 ? "" : "s");
}

static void write_html(FILE *o, const struct capture *c, double *frame_us, double *gpu_us,
		       const struct totals *t, const struct draw_ref *d, size_t ndraws)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
	      "<title>nngx-report: ", o);
	html_text(o, c->path);
	fputs("</title>\n<style>\n"
	      "body{font:14px/1.4 sans-serif;margin:24px;color:#222;max-width:960px}\n"
	      "h1{font-size:20px}h2{font-size:16px;margin-top:28px}\n"
	      "svg{width:100%;height:auto;background:#fafafa}\n"
	      "svg.spark{width:160px;height:24px}\n"
	      ".axis{font-size:11px;fill:#666}.budget{stroke:#999;stroke-dasharray:4 3}\n"
	      ".legend span{margin-right:12px;white-space:nowrap}\n"
	      ".legend i{display:inline-block;width:10px;height:10px;margin-right:4px}\n"
	      ".legend i.dash{border-top:2px dashed #999;height:0}\n"
	      "table{border-collapse:collapse;margin:8px 0}td,th{padding:2px 8px;"
	      "border-bottom:1px solid #ddd;text-align:right}\n"
	      "td:first-child,th:first-child{text-align:left}\n"
	      ".thumbs{display:flex;flex-wrap:wrap;gap:8px}figure{margin:0}\n"
	      "figure img{width:200px;border:1px solid #ccc}figcaption{font-size:11px}\n"
	      "svg.bar{width:200px;height:14px}td.text{text-align:left}\n"
	      ".verdict{font-size:16px;font-weight:bold}\n"
	      "i.key{display:inline-block;width:10px;height:10px;margin-right:4px}\n"
	      "</style></head><body>\n<h1>libnngx capture report</h1>\n<p>", o);
	html_text(o, c->path);
	fprintf(o, ": %zu frames, %.3f ms of virtual time; GPU time mean %.1f &micro;s, "
		"max %.1f &micro;s; %zu frames over the %.2f ms budget. Busy windows of %lld "
		"clocks.</p>\n", c->nframes, t->frame_sum / 1000,
		c->nframes ? t->gpu_sum / (double)c->nframes : 0.0, t->gpu_max, t->over,
		c->budget_us / 1000, (long long)c->sampling);
	first_screen(o, c, t);
	fputs("<h2>Busy shares per frame</h2>\n", o);
	legend(o, c);
	chart_busy(o, c);
	fputs("<h2>Frame time and GPU time</h2>\n", o);
	chart_times(o, c, frame_us, gpu_us);
	fputs("<h2>The most expensive draws</h2>\n", o);
	if (ndraws)
		table_draws(o, c, d, ndraws);
	else
		fputs("<p>No draws.</p>\n", o);
	thumbnails(o, c);
	fputs("<h2>Counters over frames</h2>\n<p>Differences per frame (busy.*: windows of the "
	      "capture's own busy counter; vertex_cache.input: its value at the end of the "
	      "frame). Hover a name for its description.</p>\n", o);
	table_counters(o, c);
	fputs("</body></html>\n", o);
}

/* The summary for scripts: frames, the limiters ranked, utilisation per
 * module (doc/man/nngx-report.1 describes the members). */
static json_t *summary_json(const struct capture *c, const struct totals *t)
{
	json_t *root = json_object(), *rank = json_array(), *util = json_object();
	size_t i;
	int m;

	if (!root || !rank || !util)
		fail("out of memory");
	for (i = 0; i < t->nrank; i++) {
		const struct advice *a = &advice_table[t->rank[i]];

		json_array_append_new(rank, json_pack("{s:s, s:s, s:I, s:f, s:s, s:s, s:s}",
			"module", module_keys[t->rank[i]], "name", module_name(c, t->rank[i]),
			"frames", (json_int_t)t->verdict[t->rank[i]],
			"share", share(c, t->verdict[t->rank[i]]), "advice", a->advice,
			"section", a->section, "sample", a->sample));
	}
	for (m = 0; m < MODULES; m++)
		json_object_set_new(util, module_keys[m], json_pack("{s:f, s:f}", "run",
			utilisation(t, m), "max_frame", t->util_max[m]));
	json_object_set_new(root, "schema", json_string("nngx-report-summary"));
	json_object_set_new(root, "version", json_integer(1));
	json_object_set_new(root, "capture", json_string(c->path));
	json_object_set_new(root, "frames", json_integer((json_int_t)c->nframes));
	json_object_set_new(root, "frame_budget_us", json_real(c->budget_us));
	json_object_set_new(root, "gpu_time_us", json_pack("{s:f, s:f}", "mean",
		c->nframes ? t->gpu_sum / (double)c->nframes : 0.0, "max", t->gpu_max));
	json_object_set_new(root, "frames_over_budget", json_integer((json_int_t)t->over));
	json_object_set_new(root, "limiters", rank);
	json_object_set_new(root, "frames_without_limiter",
			    json_integer((json_int_t)t->verdict[MODULES]));
	json_object_set_new(root, "utilisation", util);
	return root;
}

int main(int argc, char **argv)
{
	const char *in = NULL, *out = NULL;
	bool csv = false, as_json = false;
	struct capture c;
	struct totals t;
	struct draw_ref *draws;
	double *frame_us, *gpu_us;
	size_t ndraws;
	char def[4096];
	FILE *o;
	int i;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
			out = argv[++i];
		} else if (strcmp(argv[i], "--csv") == 0) {
			csv = true;
		} else if (strcmp(argv[i], "--json") == 0) {
			as_json = true;
		} else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
			usage(stdout);
			return 0;
		} else if (strcmp(argv[i], "--counters") == 0
			   || strncmp(argv[i], "--counters=", 11) == 0) {
			if (report_list_counters(stdout, argv[i][10] ? argv[i] + 11 : NULL) != 0) {
				usage(stderr);
				return 2;
			}
			return fflush(stdout) == 0 ? 0 : 1;
		} else if (strcmp(argv[i], "--version") == 0) {
			printf("nngx-report (%s) %s\n", PACKAGE_NAME, PACKAGE_VERSION);
			return 0;
		} else if (argv[i][0] == '-' || in) {
			usage(stderr);
			return 2;
		} else {
			in = argv[i];
		}
	}
	if (!in || (csv && as_json)) {
		usage(stderr);
		return 2;
	}
	load_capture(&c, in);
	if (csv) {
		o = out ? fopen(out, "w") : stdout;
		if (!o)
			fail("%s: cannot write: %s", out, strerror(errno));
		write_csv(&c, o);
		if (output_close(o, out != NULL) != 0)
			fail("%s: write failed: %s", out ? out : "standard output", strerror(errno));
		release_held();
		return 0;
	}
	if (as_json) {
		json_t *sum;
		int status;

		frame_us = held[0] = calloc(c.nframes + 1, sizeof *frame_us);
		gpu_us = held[1] = calloc(c.nframes + 1, sizeof *gpu_us);
		if (!frame_us || !gpu_us)
			fail("out of memory");
		summarise(&c, frame_us, gpu_us, &t);
		o = out ? fopen(out, "w") : stdout;
		if (!o)
			fail("%s: cannot write: %s", out, strerror(errno));
		sum = summary_json(&c, &t);
		status = json_dumpf(sum, o, JSON_INDENT(2) | JSON_PRESERVE_ORDER
				    | JSON_REAL_PRECISION(10)) != 0 || fputc('\n', o) == EOF;
		json_decref(sum);
		if (output_close(o, out != NULL) != 0 || status)
			fail("%s: write failed: %s", out ? out : "standard output", strerror(errno));
		release_held();
		return 0;
	}
	if (!out) {
		size_t n = strlen(in);

		if (n > 6 && strcmp(in + n - 6, ".jsonl") == 0)
			n -= 6;
		else if (n > 5 && strcmp(in + n - 5, ".json") == 0)
			n -= 5;
		snprintf(def, sizeof def, "%.*s.html", (int)n, in);
		out = def;
	}
	frame_us = held[0] = calloc(c.nframes + 1, sizeof *frame_us);
	gpu_us = held[1] = calloc(c.nframes + 1, sizeof *gpu_us);
	if (!frame_us || !gpu_us)
		fail("out of memory");
	summarise(&c, frame_us, gpu_us, &t);
	ndraws = collect_draws(&c, &draws);
	held[2] = draws;
	o = fopen(out, "w");
	if (!o)
		fail("%s: cannot write: %s", out, strerror(errno));
	write_html(o, &c, frame_us, gpu_us, &t, draws, ndraws);
	if (output_close(o, true) != 0)
		fail("%s: write failed: %s", out, strerror(errno));
	print_summary(stdout, &c, &t, draws, ndraws);
	printf("Report: %s\n", out);
	release_held();
	return 0;
}
