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
static void *held[5];

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
	const char *name = json_string_value(json_object_get(json_array_get(c->modules, (size_t)m),
							     "name"));

	return name ? name : module_keys[m];
}

/* A string member, or `other` when it is missing or not a string. */
static const char *string_or(json_t *obj, const char *key, const char *other)
{
	const char *v = json_string_value(json_object_get(obj, key));

	return v ? v : other;
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

/* A frame's catalogue counter. */
static double counter(json_t *fr, const char *name)
{
	return (double)integer(json_object_get(fr, "counters"), name);
}

/* The manual section the catalogue gives counter `name` ("" if none). */
static const char *section_of(const struct capture *c, const char *name)
{
	json_t *row;
	size_t k;

	json_array_foreach(c->counters, k, row)
		if (strcmp(string_or(row, "name", ""), name) == 0)
			return json_is_string(json_object_get(row, "section"))
			       ? json_string_value(json_object_get(row, "section")) : "";
	return "";
}

/* ---- summary ------------------------------------------------------------------------ */

#define MAX_CLIENTS 32          /* memory clients (MEMORY_ACCESS words): 18 today */
#define UPPER_SCREEN_PIXELS (240.0 * 400.0)   /* overdraw's pixels (capture schema) */

struct totals {
	double frame_sum, gpu_sum, gpu_max;
	size_t over, verdict[MODULES + 1];
	/* Utilisation: busy clocks over GPU clocks, over the run and at most
	 * in one frame (peak 1: busy on every clock the GPU worked). */
	double busy_sum[MODULES], gpu_clocks_sum, util_max[MODULES];
	/* The limiters ranked: modules that limited a frame, most frames first. */
	int rank[MODULES];
	size_t nrank;
	/* The derived metrics' terms, summed over the run (nngx-report(1)). */
	double fragments, polygons, vertices_shaded, samples, misses, instructions, stalls;
	const char *client[MAX_CLIENTS];          /* "memory.<client>" counters */
	double client_bytes[MAX_CLIENTS], client_max[MAX_CLIENTS];
	size_t nclients;
	double idle_windows;
};

static double utilisation(const struct totals *t, int m)
{
	return t->gpu_clocks_sum > 0 ? t->busy_sum[m] / t->gpu_clocks_sum : 0.0;
}

/* The derived metrics over the run, from the summed terms; NO_VALUE
 * where a ratio does not apply (no polygon, no sample, no shader work). */
static double run_overdraw(const struct capture *c, const struct totals *t)
{
	return c->nframes ? t->fragments / ((double)c->nframes * UPPER_SCREEN_PIXELS) : 0.0;
}

static double run_ratio(double num, double den)
{
	return den > 0 ? num / den : -1.0;
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
	json_t *fr, *row;
	size_t i, k;
	int m;

	memset(t, 0, sizeof *t);
	json_array_foreach(c->counters, k, row) {
		const char *name = string_or(row, "name", "");

		if (strncmp(name, "memory.", 7) == 0 && t->nclients < MAX_CLIENTS)
			t->client[t->nclients++] = name;
	}
	json_array_foreach(c->frames, i, fr) {
		json_t *busy = json_object_get(fr, "busy_clocks"), *e;
		double gpu = (double)integer(fr, "gpu_clocks");
		int p;

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
		t->fragments += counter(fr, "fragment.in");
		t->polygons += counter(fr, "polygon.in");
		for (p = 0; p < 4; p++) {
			static const char *const stall[] = {
				"stall_dependency", "stall_mova", "stall_cmp", "stall_prefetch"
			};
			char name[64];
			int s;

			snprintf(name, sizeof name, "vertex_shader%d.instructions", p);
			t->instructions += counter(fr, name);
			for (s = 0; s < 4; s++) {
				snprintf(name, sizeof name, "vertex_shader%d.%s", p, stall[s]);
				t->stalls += counter(fr, name);
			}
		}
		for (k = 0; k < t->nclients; k++) {
			double bytes = 16 * counter(fr, t->client[k]);

			t->client_bytes[k] += bytes;
			if (bytes > t->client_max[k])
				t->client_max[k] = bytes;
		}
		t->idle_windows += (double)integer(json_object_get(fr, "derived"), "idle_windows");
		json_array_foreach(json_object_get(fr, "events"), k, e) {
			t->vertices_shaded += (double)integer(e, "vertices_shaded");
			t->samples += (double)integer(e, "texture_samples");
			t->misses += (double)integer(e, "texture_misses");
		}
	}
	/* Rank by frames limited; a tie keeps the module order. */
	for (m = 0; m < MODULES; m++) {
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

/* ---- draws with identity ------------------------------------------------------------
 *
 * A draw's identity is its place among the frame's draws, its primitive,
 * indexed or not, its GL program and vertex shader (entry and code hash)
 * and the texture of each unit: what stays the same when a frame draws
 * the same thing again. The count is not part of it (a mesh whose length
 * changes from frame to frame is the same draw): a group shows its
 * range. Captures of schema 1.0 have no identity: draws group by their
 * place alone. */

struct draw_group {
	char key[512];
	json_t *ev;                  /* the first instance */
	size_t frame, index, draw;   /* its frame, index in the events, among draws */
	size_t frames;               /* instances, one a frame */
	double clocks_sum, clocks_max;
	json_int_t count_min, count_max;
	double work[MODULES];
};

static void draw_key(json_t *e, size_t draw, char *key, size_t len)
{
	json_t *tex;
	size_t n, u;

	n = (size_t)snprintf(key, len, "%zu|%s|%d|%lld|%lld|%s|", draw,
			     json_is_string(json_object_get(e, "primitive"))
			     ? json_string_value(json_object_get(e, "primitive")) : "?",
			     json_is_true(json_object_get(e, "indexed")),
			     (long long)integer(e, "program"), (long long)integer(e, "shader_entry"),
			     json_is_string(json_object_get(e, "shader_hash"))
			     ? json_string_value(json_object_get(e, "shader_hash")) : "");
	json_array_foreach(json_object_get(e, "textures"), u, tex)
		if (n < len)
			n += (size_t)snprintf(key + n, len - n, "%lld:%lld@%lld,",
					      (long long)integer(tex, "unit"),
					      (long long)integer(tex, "texture"),
					      (long long)integer(tex, "address"));
}

static int group_costlier(const void *a, const void *b)
{
	const struct draw_group *x = a, *y = b;

	if (x->clocks_sum != y->clocks_sum)
		return x->clocks_sum < y->clocks_sum ? 1 : -1;
	if (x->frame != y->frame)
		return x->frame < y->frame ? -1 : 1;
	return (x->draw > y->draw) - (x->draw < y->draw);
}

/* The draws grouped by identity, costliest (total clocks) first. */
static size_t collect_draws(const struct capture *c, struct draw_group **out)
{
	struct draw_group *g = NULL;
	size_t n = 0, cap = 0, i, k, j;
	json_t *fr, *e;
	char key[512];

	json_array_foreach(c->frames, i, fr) {
		size_t draw = 0;

		json_array_foreach(json_object_get(fr, "events"), k, e) {
			double clocks;
			json_int_t count = integer(e, "count");
			int m;

			if (strcmp(json_string_value(json_object_get(e, "kind")), "draw") != 0)
				continue;
			draw_key(e, draw, key, sizeof key);
			for (j = 0; j < n && strcmp(g[j].key, key) != 0; j++)
				;
			if (j == n) {
				if (n == cap) {
					struct draw_group *p;

					cap = cap ? cap * 2 : 16;
					p = realloc(g, cap * sizeof *p);
					if (!p)
						fail("out of memory");
					g = held[2] = p;
				}
				memset(&g[n], 0, sizeof g[n]);
				snprintf(g[n].key, sizeof g[n].key, "%s", key);
				g[n].ev = e;
				g[n].frame = i;
				g[n].index = k;
				g[n].draw = draw;
				g[n].count_min = g[n].count_max = count;
				n++;
			}
			clocks = (double)(integer(e, "end_clock") - integer(e, "start_clock"));
			g[j].frames++;
			g[j].clocks_sum += clocks;
			if (clocks > g[j].clocks_max)
				g[j].clocks_max = clocks;
			if (count < g[j].count_min)
				g[j].count_min = count;
			if (count > g[j].count_max)
				g[j].count_max = count;
			for (m = 0; m < MODULES; m++)
				g[j].work[m] += (double)json_integer_value(
					json_array_get(json_object_get(e, "work"), (size_t)m));
			draw++;
		}
	}
	if (n)
		qsort(g, n, sizeof *g, group_costlier);
	*out = g;
	return n;
}

/* The module with the most work over a group's draws (the first on a tie). */
static int group_limiter(const struct draw_group *g)
{
	int m, best = 0;

	for (m = 1; m < MODULES; m++)
		if (g->work[m] > g->work[best])
			best = m;
	return best;
}

static const char *gl_primitive(json_t *e)
{
	static const char *const names[][2] = {
		{ "triangles", "GL_TRIANGLES" }, { "triangle_strip", "GL_TRIANGLE_STRIP" },
		{ "triangle_fan", "GL_TRIANGLE_FAN" }, { "geometry", "GL_GEOMETRY_PRIMITIVE_DMP" }
	};
	const char *p = json_string_value(json_object_get(e, "primitive"));
	size_t i;

	for (i = 0; p && i < sizeof names / sizeof names[0]; i++)
		if (strcmp(p, names[i][0]) == 0)
			return names[i][1];
	return NULL;
}

/* What finds the group's draw in code: the call, its mode and count, the
 * program, the textures. */
static void describe_draw(FILE *o, const struct draw_group *g, bool html)
{
	const char *mode = gl_primitive(g->ev);
	json_t *tex, *pid = json_object_get(g->ev, "program");
	size_t u;

	if (!mode) {
		fputs("no identity (a capture of schema 1.0)", o);
		return;
	}
	fprintf(o, "%s(%s, ", json_is_true(json_object_get(g->ev, "indexed")) ? "glDrawElements"
		: "glDrawArrays", mode);
	if (g->count_min == g->count_max)
		fprintf(o, "%lld)", (long long)g->count_min);
	else
		fprintf(o, "%lld%s%lld)", (long long)g->count_min, html ? "&ndash;" : "-",
			(long long)g->count_max);
	if (json_is_integer(pid))
		fprintf(o, ", program %lld", (long long)json_integer_value(pid));
	else
		fputs(", no GL program", o);
	if (integer(g->ev, "programs_matching") > 1)
		fprintf(o, " (1 of %lld with this vertex code)",
			(long long)integer(g->ev, "programs_matching"));
	fputs(", vertex shader ", o);
	if (html)
		html_text(o, string_or(g->ev, "shader_hash", "?"));
	else
		fputs(string_or(g->ev, "shader_hash", "?"), o);
	fprintf(o, " entry %lld", (long long)integer(g->ev, "shader_entry"));
	if (!json_array_size(json_object_get(g->ev, "textures")))
		fputs(", no texture", o);
	json_array_foreach(json_object_get(g->ev, "textures"), u, tex) {
		fprintf(o, "%s unit %lld: ", u ? ";" : ", textures:", (long long)integer(tex, "unit"));
		if (json_is_integer(json_object_get(tex, "texture")))
			fprintf(o, "texture %lld", (long long)integer(tex, "texture"));
		else
			fprintf(o, "0x%08llx (no GL texture)", (long long)integer(tex, "address"));
	}
}

/* How the summary and the report name group i: its rank, its place among
 * its frame's draws, and in how many of the run's frames it appears. */
static void draw_title(FILE *o, const struct draw_group *g, size_t i, size_t nframes)
{
	fprintf(o, "Draw %zu (the frame's draw %zu, in %zu of %zu frame%s)", i + 1, g[i].draw,
		g[i].frames, nframes, nframes == 1 ? "" : "s");
}

static void why_limiter(FILE *o, const struct capture *c, const struct totals *t,
			const struct draw_group *g, size_t ng, bool html);

static void print_summary(FILE *o, const struct capture *c, const struct totals *t,
			  const struct draw_group *d, size_t ngroups)
{
	double v;
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
	for (i = 0; i < ngroups && i < 3; i++) {
		draw_title(o, d, i, c->nframes);
		fprintf(o, ": mean %.2f us, max %.2f us; ",
			us((json_int_t)(d[i].clocks_sum / (double)d[i].frames)),
			us((json_int_t)d[i].clocks_max));
		describe_draw(o, &d[i], false);
		fprintf(o, "; busiest: %s\n", module_name(c, group_limiter(&d[i])));
	}
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
	if (t->nrank)
		why_limiter(o, c, t, d, ngroups, false);
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
	fprintf(o, "Derived, run: overdraw %.3f fragments/pixel", run_overdraw(c, t));
	if ((v = run_ratio(t->misses, t->samples)) >= 0)
		fprintf(o, ", texture-miss rate %.3f misses/sample", v);
	if ((v = run_ratio(t->vertices_shaded, t->polygons)) >= 0)
		fprintf(o, ", %.3f vertices/triangle", v);
	if ((v = run_ratio(t->stalls, t->instructions + t->stalls)) >= 0)
		fprintf(o, ", shader-stall share %.1f %%", 100 * v);
	fputc('\n', o);
	/* The five clients that moved the most, largest first (all: --json). */
	fputs("Memory, bytes a frame (mean), top clients:", o);
	{
		bool done[MAX_CLIENTS] = { false };
		int shown;

		for (shown = 0; shown < 5; shown++) {
			size_t best = t->nclients;

			for (i = 0; i < t->nclients; i++)
				if (!done[i] && t->client_bytes[i] > 0
				    && (best == t->nclients || t->client_bytes[i] > t->client_bytes[best]))
					best = i;
			if (best == t->nclients)
				break;
			done[best] = true;
			fprintf(o, "%s %s %.0f", shown ? "," : "", t->client[best] + 7,
				t->client_bytes[best] / (double)c->nframes);
		}
		m = shown;
	}
	fputs(m ? "\n" : " none\n", o);
}

/* ---- charts ------------------------------------------------------------------------
 *
 * Every chart over frames shares one layout: a y axis from 0 with 4 or 5
 * round ticks, and frames along x. Up to MAX_BINS frames, one slot a
 * frame; above, frames are grouped into MAX_BINS bins or fewer of equal
 * size, and a bin shows the mean of its frames (lines also the largest).
 * Fewer than MIN_SLOTS frames keep slots MIN_SLOTS wide, so that one frame
 * is one bar, not the whole chart. Frame labels are at least
 * LABEL_SPACING apart, so they never overlap. */

#define MAX_BINS 150
#define MIN_SLOTS 8
#define LABEL_SPACING 56.0
#define NO_VALUE (-1.0)          /* a ratio that does not apply to a frame */

struct plot {
	double x0, y0, w, h;         /* the plot area, in the SVG's units */
	size_t n, per, bins, slots;  /* frames, frames a bin, bins, slots */
	double ymax, ystep;
};

static void plot_init(struct plot *p, size_t n, double x0, double y0, double w, double h)
{
	p->x0 = x0;
	p->y0 = y0;
	p->w = w;
	p->h = h;
	p->n = n;
	p->per = n > MAX_BINS ? (n + MAX_BINS - 1) / MAX_BINS : 1;
	p->bins = (n + p->per - 1) / p->per;
	p->slots = p->bins > MIN_SLOTS ? p->bins : MIN_SLOTS;
	p->ymax = 1;
	p->ystep = 0.25;
}

static double slot_w(const struct plot *p)
{
	return p->w / (double)p->slots;
}

static double bin_x(const struct plot *p, size_t b)
{
	return p->x0 + (double)b * slot_w(p);
}

static size_t bin_end(const struct plot *p, size_t b)
{
	size_t e = (b + 1) * p->per;

	return e > p->n ? p->n : e;
}

static double y_of(const struct plot *p, double v)
{
	return p->y0 + p->h - (p->ymax > 0 ? p->h * v / p->ymax : 0);
}

/* The smallest step of 1, 2, 2.5 or 5 times a power of ten that covers
 * `max` in at most `ticks` steps. */
static double nice_step(double max, int ticks)
{
	static const double factor[] = { 1, 2, 2.5, 5, 10 };
	double raw = max / ticks, mag = 1;
	size_t i;

	if (!(raw > 0))
		return 1;
	while (mag * 10 <= raw)
		mag *= 10;
	while (mag > raw)
		mag /= 10;
	for (i = 0; i < sizeof factor / sizeof factor[0] - 1 && factor[i] * mag < raw; i++)
		;
	return factor[i] * mag;
}

/* The y axis covers [0, max], max rounded up to a whole step. */
static void plot_scale(struct plot *p, double max)
{
	unsigned k = 1;

	p->ystep = nice_step(max > 0 ? max : 1, 4);
	while ((double)k * p->ystep < (max > 0 ? max : 1) * (1 - 1e-9))
		k++;
	p->ymax = (double)k * p->ystep;
}

/* Decimals that show every multiple of `step` exactly (at most 3). */
static int decimals(double step)
{
	double s = step;
	int d = 0;

	while (d < 3 && (s - (double)(long long)(s + 0.5) > 1e-9
			 || (double)(long long)(s + 0.5) - s > 1e-9)) {
		s *= 10;
		d++;
	}
	return d;
}

/* Frames between labels: 1, 2, 5, 10, 20, 50, ..., the first that puts
 * labels LABEL_SPACING apart. */
static size_t label_step(const struct plot *p)
{
	static const size_t steps[] = { 1, 2, 5 };
	size_t mult = 1;
	unsigned k;

	for (k = 0;; k = (k + 1) % 3) {
		if ((double)(steps[k] * mult) / (double)p->per * slot_w(p) >= LABEL_SPACING)
			return steps[k] * mult;
		if (k == 2)
			mult *= 10;
	}
}

/* Frame numbers under the plot, every label_step() frames; `bin` says
 * what a bin shows when bins group frames. */
static void frame_labels(FILE *o, const struct plot *p, const char *bin)
{
	size_t f, step = label_step(p);

	for (f = 0; f < p->n; f += step) {
		double x = p->x0 + ((double)f + 0.5) / (double)p->per * slot_w(p);

		fprintf(o, "<line class=\"zero\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/>"
			"<text class=\"axis\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%zu</text>\n",
			x, x, p->y0 + p->h, p->y0 + p->h + 3, x, p->y0 + p->h + 14, f);
	}
	fprintf(o, "<text class=\"axis\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">frame",
		p->x0 + p->w, p->y0 + p->h + 28);
	if (p->per > 1)
		fprintf(o, " (bins of %zu frames: %s)", p->per, bin);
	fputs("</text>\n", o);
}

/* Gridlines and tick labels, the zero included, the unit above the y
 * axis; the x axis with frame numbers, no two closer than LABEL_SPACING. */
static void plot_axes(FILE *o, const struct plot *p, const char *unit, double scale,
		      const char *bin)
{
	int d = decimals(p->ystep * scale);
	unsigned k;

	for (k = 0; (double)k * p->ystep <= p->ymax * (1 + 1e-9); k++) {
		double y = y_of(p, (double)k * p->ystep);

		fprintf(o, "<line class=\"grid\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/>"
			"<text class=\"axis\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%.*f</text>\n",
			p->x0, p->x0 + p->w, y, y, p->x0 - 4, y + 4, d,
			(double)k * p->ystep * scale);
	}
	fprintf(o, "<text class=\"axis\" x=\"4\" y=\"%.1f\">", p->y0 - 5);
	html_text(o, unit);
	fputs("</text>\n", o);
	fprintf(o, "<line class=\"zero\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/>\n",
		p->x0, p->x0 + p->w, p->y0 + p->h, p->y0 + p->h);
	frame_labels(o, p, bin);
}

/* The mean and the largest of v[] over bin b, skipping NO_VALUE; false
 * when no frame of the bin has a value. */
static bool bin_stats(const struct plot *p, const double *v, size_t b, double *mean,
		      double *max)
{
	size_t i, n = 0;
	double sum = 0;

	*max = 0;
	for (i = b * p->per; i < bin_end(p, b); i++) {
		if (v[i] == NO_VALUE)
			continue;
		sum += v[i];
		if (!n || v[i] > *max)
			*max = v[i];
		n++;
	}
	*mean = n ? sum / (double)n : 0;
	return n > 0;
}

static double series_max(const double *v, size_t n)
{
	double max = 0;
	size_t i;

	for (i = 0; i < n; i++)
		if (v[i] != NO_VALUE && v[i] > max)
			max = v[i];
	return max;
}

/* v[] as a line through the bins' means (a break where a bin has no
 * value), with a dot at each bin up to 60 bins and, when bins group
 * frames, a thin line through the bins' largest values. */
static void plot_line(FILE *o, const struct plot *p, const double *v, const char *colour,
		      const char *what, double scale, const char *unit)
{
	int pass;
	size_t b;

	for (pass = 0; pass < (p->per > 1 ? 2 : 1); pass++) {
		bool open = false;

		for (b = 0; b < p->bins; b++) {
			double mean, max, x = bin_x(p, b) + slot_w(p) / 2;

			if (!bin_stats(p, v, b, &mean, &max)) {
				if (open)
					fputs("\"/>\n", o);
				open = false;
				continue;
			}
			if (!open)
				fprintf(o, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"%s\" "
					"%spoints=\"", colour, pass ? "0.8" : "1.8",
					pass ? "stroke-dasharray=\"2 2\" " : "");
			open = true;
			fprintf(o, "%.1f,%.1f ", x, y_of(p, pass ? max : mean));
		}
		if (open)
			fputs("\"/>\n", o);
	}
	for (b = 0; b < p->bins && p->bins <= 60; b++) {
		double mean, max;

		if (!bin_stats(p, v, b, &mean, &max))
			continue;
		fprintf(o, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"%s\"><title>",
			bin_x(p, b) + slot_w(p) / 2, y_of(p, mean), colour);
		if (p->per > 1)
			fprintf(o, "frames %zu-%zu", b * p->per, bin_end(p, b) - 1);
		else
			fprintf(o, "frame %zu", b);
		fprintf(o, ": %s %.4g %s</title></circle>\n", what, mean * scale, unit);
	}
}

/* Each frame's limiter as a strip. A bin of one frame is coloured by its
 * limiter; a bin of several frames is stacked, each limiter's height its
 * share of the bin's frames (so a module that limits one frame in four
 * stays visible at 1,000 frames), its tooltip counting each. */
static void chart_limiters(FILE *o, const struct capture *c)
{
	struct plot p;
	size_t b, i;
	int m;

	plot_init(&p, c->nframes, 50, 4, 840, 18);
	fprintf(o, "<svg viewBox=\"0 0 900 56\" role=\"img\" aria-label=\"limiter by frame\">\n");
	for (b = 0; b < p.bins; b++) {
		size_t count[MODULES + 1] = { 0 }, n = bin_end(&p, b) - b * p.per;
		double y = p.y0;

		for (i = b * p.per; i < bin_end(&p, b); i++)
			count[frame_limiter(json_array_get(c->frames, i))]++;
		for (m = 0; m <= MODULES; m++) {
			double h = p.h * (double)count[m] / (double)n;

			if (!count[m])
				continue;
			fprintf(o, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
				"fill=\"%s\"><title>", bin_x(&p, b), y,
				slot_w(&p) > 2 ? slot_w(&p) - 1 : slot_w(&p), h,
				m < MODULES ? module_colour[m] : "#fff");
			y += h;
			if (p.per > 1)
				fprintf(o, "frames %zu-%zu: ", b * p.per, bin_end(&p, b) - 1);
			else
				fprintf(o, "frame %zu: ", b);
			html_text(o, m < MODULES ? module_name(c, m) : "no limiter");
			if (p.per > 1)
				fprintf(o, " %zu of %zu", count[m], n);
			fputs("</title></rect>\n", o);
		}
	}
	frame_labels(o, &p, "each limiter's share of them");
	fputs("</svg>\n", o);
}

/* Busy shares per frame, one stacked bar a bin (the mean of its frames'
 * shares). */
static void chart_busy(FILE *o, const struct capture *c)
{
	struct plot p;
	size_t b, i;
	int m;

	plot_init(&p, c->nframes, 50, 16, 840, 180);
	plot_scale(&p, 1);
	fputs("<svg viewBox=\"0 0 900 230\" role=\"img\" aria-label=\"busy shares\">\n", o);
	plot_axes(o, &p, "%", 100, "the mean of their shares");
	for (b = 0; b < p.bins; b++) {
		double y = p.y0 + p.h, frames = (double)(bin_end(&p, b) - b * p.per);

		for (m = 0; m < MODULES; m++) {
			double v = 0, h;

			for (i = b * p.per; i < bin_end(&p, b); i++)
				v += num(json_object_get(json_object_get(json_array_get(c->frames, i),
									 "derived"), "busy_share"),
					 module_keys[m]);
			v /= frames;
			if (v <= 0)
				continue;
			h = p.h * v;
			y -= h;
			fprintf(o, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
				"fill=\"%s\"><title>", bin_x(&p, b), y,
				slot_w(&p) > 2 ? slot_w(&p) - 1 : slot_w(&p), h, module_colour[m]);
			if (p.per > 1)
				fprintf(o, "frames %zu-%zu", b * p.per, bin_end(&p, b) - 1);
			else
				fprintf(o, "frame %zu", b);
			fprintf(o, ": %s %.1f%%</title></rect>\n", module_keys[m], 100 * v);
		}
	}
	fputs("</svg>\n", o);
}

/* A time over frames (microseconds), in ms when it reaches 1 ms. The
 * scale is the data's own, so a GPU time of 1 ms is not squashed flat by
 * a 16.7 ms budget: the budget line is drawn only when it lies within
 * the scale; otherwise the chart says how far below it the frames stay
 * (nngx-report(1)). */
static void chart_time(FILE *o, const struct capture *c, const char *what, const double *v,
		       const char *colour)
{
	double max = series_max(v, c->nframes), scale = max >= 1000 ? 0.001 : 1;
	const char *unit = max >= 1000 ? "ms" : "\xc2\xb5s";
	struct plot p;

	plot_init(&p, c->nframes, 50, 16, 840, 150);
	plot_scale(&p, max);
	fprintf(o, "<svg viewBox=\"0 0 900 200\" role=\"img\" aria-label=\"%s\">\n", what);
	plot_axes(o, &p, unit, scale, "their mean; dotted: their largest");
	if (c->budget_us <= p.ymax) {
		double y = y_of(&p, c->budget_us);

		fprintf(o, "<line class=\"budget\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/>"
			"<text class=\"axis\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">budget "
			"%.2f ms</text>\n", p.x0, p.x0 + p.w, y, y, p.x0 + p.w, y - 3,
			c->budget_us / 1000);
	} else {
		fprintf(o, "<text class=\"axis\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">budget "
			"%.2f ms, off this scale: the highest frame is %.1f %% of it</text>\n",
			p.x0 + p.w, p.y0 - 6, c->budget_us / 1000, 100 * max / c->budget_us);
	}
	plot_line(o, &p, v, colour, what, scale, unit);
	fputs("</svg>\n", o);
}

/* Utilisation of each module over frames, 0 to 100 %. */
static void chart_utilisation(FILE *o, const struct capture *c, double *const *util)
{
	double max = 0;
	struct plot p;
	int m;

	for (m = 0; m < MODULES; m++)
		if (series_max(util[m], c->nframes) > max)
			max = series_max(util[m], c->nframes);
	plot_init(&p, c->nframes, 50, 16, 840, 150);
	plot_scale(&p, max > 0 ? max : 1);
	fputs("<svg viewBox=\"0 0 900 200\" role=\"img\" aria-label=\"utilisation per module\">\n",
	      o);
	plot_axes(o, &p, "%", 100, "their mean; dotted: their largest");
	for (m = 0; m < MODULES; m++)
		if (series_max(util[m], c->nframes) > 0)
			plot_line(o, &p, util[m], module_colour[m], module_keys[m], 100, "%");
	fputs("</svg>\n", o);
}

/* ---- derived metrics ------------------------------------------------------------ */

enum { D_OVERDRAW, D_MISS, D_VPT, D_STALL, D_METRICS };

static const struct metric {
	const char *title, *member, *unit, *counter, *formula;
	double scale;                /* shown as value x scale (100: a percentage) */
} metrics[D_METRICS] = {
	{ "overdraw", "overdraw", "fragments/pixel", "fragment.in",
	  "fragment.in / (frames &times; 240 &times; 400)", 1 },
	{ "texture-miss rate", "texture_miss_rate", "misses/sample", "memory.texture_read",
	  "texture_misses / texture_samples (draws)", 1 },
	{ "vertices per triangle", "vertices_per_triangle", "vertices/triangle",
	  "polygon.in", "vertices_shaded (draws) / polygon.in", 1 },
	{ "shader-stall share", "shader_stall_share", "%", "vertex_shader0.stall_dependency",
	  "stalls / (instructions + stalls), 4 processors", 100 },
};

static double metric_run(const struct capture *c, const struct totals *t, int d)
{
	switch (d) {
	case D_OVERDRAW: return run_overdraw(c, t);
	case D_MISS: return run_ratio(t->misses, t->samples);
	case D_VPT: return run_ratio(t->vertices_shaded, t->polygons);
	default: return run_ratio(t->stalls, t->instructions + t->stalls);
	}
}

/* series[d][i]: frame i's derived.<member>, NO_VALUE when null. */
static void derived_series(const struct capture *c, double *const *series, double *const *util)
{
	json_t *fr;
	size_t i;
	int d, m;

	json_array_foreach(c->frames, i, fr) {
		json_t *x = json_object_get(fr, "derived");
		double gpu = (double)integer(fr, "gpu_clocks");

		for (d = 0; d < D_METRICS; d++) {
			json_t *v = json_object_get(x, metrics[d].member);

			series[d][i] = json_is_number(v) ? json_number_value(v) : NO_VALUE;
		}
		for (m = 0; m < MODULES; m++)
			util[m][i] = gpu > 0 ? (double)json_integer_value(json_array_get(
				json_object_get(fr, "busy_clocks"), (size_t)m)) / gpu : 0;
	}
}

static void print_value(FILE *o, double v, double scale)
{
	if (v == NO_VALUE)
		fputs("&ndash;", o);
	else
		fprintf(o, "%.3f", v * scale);
}

static void section_derived(FILE *o, const struct capture *c, const struct totals *t,
			    double *const *series, const double *gpu_us)
{
	size_t i, b, per, rows;
	int d;

	fputs("<h2>Derived metrics</h2>\n<p>Computed from the capture's counters and draws "
	      "(<code>derived</code> in nngx-capture(5)); the run's value sums each term over "
	      "all frames before dividing. A dash: the ratio does not apply (no texture "
	      "sample, no polygon, no shader work).</p>\n"
	      "<table class=\"derived\"><tr><th>metric</th><th>run</th><th>unit</th>"
	      "<th>min frame</th><th>mean frame</th><th>max frame</th><th>formula</th>"
	      "<th>manual</th></tr>\n", o);
	for (d = 0; d < D_METRICS; d++) {
		double min = 0, max = 0, sum = 0;
		size_t n = 0;

		for (i = 0; i < c->nframes; i++) {
			double v = series[d][i];

			if (v == NO_VALUE)
				continue;
			if (!n || v < min)
				min = v;
			if (!n || v > max)
				max = v;
			sum += v;
			n++;
		}
		fprintf(o, "<tr><td>%s</td><td>", metrics[d].title);
		print_value(o, metric_run(c, t, d), metrics[d].scale);
		fprintf(o, "</td><td>%s</td><td>", metrics[d].unit);
		print_value(o, n ? min : NO_VALUE, metrics[d].scale);
		fputs("</td><td>", o);
		print_value(o, n ? sum / (double)n : NO_VALUE, metrics[d].scale);
		fputs("</td><td>", o);
		print_value(o, n ? max : NO_VALUE, metrics[d].scale);
		fprintf(o, "</td><td class=\"text\">%s</td><td>", metrics[d].formula);
		html_text(o, section_of(c, metrics[d].counter));
		fputs("</td></tr>\n", o);
	}
	fputs("</table>\n", o);
	for (d = 0; d < D_METRICS; d++) {
		struct plot p;

		plot_init(&p, c->nframes, 50, 16, 840, 70);
		plot_scale(&p, series_max(series[d], c->nframes));
		fprintf(o, "<h3>%s (%s)</h3>\n<svg viewBox=\"0 0 900 120\" role=\"img\" "
			"aria-label=\"%s\">\n", metrics[d].title, metrics[d].unit, metrics[d].title);
		plot_axes(o, &p, metrics[d].unit, metrics[d].scale,
			  "their mean; dotted: their largest");
		plot_line(o, &p, series[d], "#4e79a7", metrics[d].title, metrics[d].scale,
			  metrics[d].unit);
		fputs("</svg>\n", o);
	}
	/* Bytes by memory client. */
	fprintf(o, "<h3>Bytes per memory client</h3>\n<p>Each MEMORY_ACCESS counter times 16 "
		"bytes (manual %s).</p>\n<table class=\"memory\"><tr><th>client</th>"
		"<th>run (bytes)</th><th>mean frame (bytes)</th><th>max frame (bytes)</th>"
		"<th>share</th></tr>\n", section_of(c, "memory.texture_read"));
	{
		double all = 0;

		for (i = 0; i < t->nclients; i++)
			all += t->client_bytes[i];
		for (i = 0; i < t->nclients; i++) {
			fputs("<tr><td>", o);
			html_text(o, t->client[i] + 7);
			fprintf(o, "</td><td>%.0f</td><td>%.1f</td><td>%.0f</td><td>%.1f %%</td></tr>\n",
				t->client_bytes[i], c->nframes ? t->client_bytes[i] /
				(double)c->nframes : 0.0, t->client_max[i],
				all > 0 ? 100 * t->client_bytes[i] / all : 0.0);
		}
	}
	fputs("</table>\n", o);
	/* Per frame, or per group of frames above 32 rows. */
	per = c->nframes > 32 ? (c->nframes + 31) / 32 : 1;
	rows = (c->nframes + per - 1) / per;
	fprintf(o, "<h3>Per frame%s</h3>\n<table class=\"frames\"><tr><th>frame%s</th>"
		"<th>GPU time (&micro;s)</th><th>limiter</th>", per > 1 ? " (means of groups "
		"of frames)" : "", per > 1 ? "s" : "");
	for (d = 0; d < D_METRICS; d++)
		fprintf(o, "<th>%s (%s)</th>", metrics[d].title, metrics[d].unit);
	fputs("<th>memory (bytes)</th></tr>\n", o);
	for (b = 0; b < rows; b++) {
		size_t end = (b + 1) * per < c->nframes ? (b + 1) * per : c->nframes;
		size_t count[MODULES + 1] = { 0 }, best = MODULES, most = 0, k;
		double gpu = 0, bytes = 0;
		int m;

		for (i = b * per; i < end; i++) {
			json_t *fr = json_array_get(c->frames, i);

			gpu += gpu_us[i];
			count[frame_limiter(fr)]++;
			for (k = 0; k < t->nclients; k++)
				bytes += 16 * counter(fr, t->client[k]);
		}
		for (m = 0; m <= MODULES; m++)
			if (count[m] > most) {
				most = count[m];
				best = (size_t)m;
			}
		if (per > 1)
			fprintf(o, "<tr><td>%zu&ndash;%zu</td>", b * per, end - 1);
		else
			fprintf(o, "<tr><td>%zu</td>", b);
		fprintf(o, "<td>%.1f</td><td>", gpu / (double)(end - b * per));
		html_text(o, best < MODULES ? module_name(c, (int)best) : "none");
		/* A group names every limiter, most frames first, with its count. */
		while (per > 1 && count[best]) {
			fprintf(o, " %zu", count[best]);
			count[best] = 0;
			for (m = 0, most = 0; m <= MODULES; m++)
				if (count[m] > most) {
					most = count[m];
					best = (size_t)m;
				}
			if (!most)
				break;
			fputs(", ", o);
			html_text(o, best < MODULES ? module_name(c, (int)best) : "none");
		}
		fputs("</td>", o);
		for (d = 0; d < D_METRICS; d++) {
			double sum = 0;
			size_t n = 0;

			for (i = b * per; i < end; i++)
				if (series[d][i] != NO_VALUE) {
					sum += series[d][i];
					n++;
				}
			fputs("<td>", o);
			print_value(o, n ? sum / (double)n : NO_VALUE, metrics[d].scale);
			fputs("</td>", o);
		}
		fprintf(o, "<td>%.0f</td></tr>\n", bytes / (double)(end - b * per));
	}
	fputs("</table>\n", o);
}

/* A row of the counters table: v[] over frames, its min, mean, max and
 * sparkline. */
static void counter_cells(FILE *o, const struct capture *c, const double *v)
{
	double min = 0, max = 0, sum = 0;
	size_t i;

	for (i = 0; i < c->nframes; i++) {
		if (!i || v[i] < min)
			min = v[i];
		if (!i || v[i] > max)
			max = v[i];
		sum += v[i];
	}
	fprintf(o, "</td><td>%.0f</td><td>%.1f</td><td>%.0f</td><td>", min,
		c->nframes ? sum / (double)c->nframes : 0.0, max);
	fputs("<svg class=\"spark\" viewBox=\"0 0 160 24\"><polyline fill=\"none\" "
	      "stroke=\"#4e79a7\" stroke-width=\"1.5\" points=\"", o);
	for (i = 0; i < c->nframes; i++)
		fprintf(o, "%.2f,%.2f ", 1 + (c->nframes > 1 ? 158.0 * (double)i /
					      (double)(c->nframes - 1) : 79.0),
			23 - (max > 0 ? 22 * v[i] / max : 0));
	fputs("\"/></svg></td><td>", o);
}

/* Every catalogue counter: its frame values as a sparkline. The busy
 * rows count windows as the charts do: busy.command without the idle
 * windows the capture gave it (derived.idle_windows), which get a row of
 * their own; a module that worked but won no window says so. */
static void table_counters(FILE *o, const struct capture *c, const struct totals *t)
{
	double *v = malloc((c->nframes ? c->nframes : 1) * sizeof *v);
	json_t *row, *fr;
	size_t k, i;

	if (!v)
		fail("out of memory");
	held[3] = v;
	fputs("<table class=\"counters\"><tr><th>counter</th><th>unit</th><th>min</th>"
	      "<th>mean</th><th>max</th><th>over frames</th><th>manual</th></tr>\n", o);
	json_array_foreach(c->counters, k, row) {
		const char *name = string_or(row, "name", "");
		bool busy = strncmp(name, "busy.", 5) == 0;
		int m = -1;
		double windows = 0;

		if (busy)
			for (m = 0; m < MODULES && strcmp(name + 5, module_keys[m]) != 0; m++)
				;
		json_array_foreach(c->frames, i, fr) {
			v[i] = counter(fr, name);
			if (m == 0)
				v[i] -= (double)integer(json_object_get(fr, "derived"), "idle_windows");
			windows += v[i];
		}
		fputs("<tr><td title=\"", o);
		html_text(o, json_string_value(json_object_get(row, "description")));
		fputs("\">", o);
		html_text(o, name);
		if (m == 0)
			fputs("<br><small>without idle windows (next row)</small>", o);
		else if (busy && m < MODULES && windows == 0 && t->busy_sum[m] > 0)
			fprintf(o, "<br><small>0 windows, yet busy %.0f clocks: never the busiest "
				"module in a window</small>", t->busy_sum[m]);
		fputs("</td><td>", o);
		html_text(o, json_string_value(json_object_get(row, "unit")));
		counter_cells(o, c, v);
		html_text(o, json_string_value(json_object_get(row, "section")));
		fputs("</td></tr>\n", o);
		if (m == 0) {
			json_array_foreach(c->frames, i, fr)
				v[i] = (double)integer(json_object_get(fr, "derived"), "idle_windows");
			fputs("<tr><td title=\"Windows in which no module was busy; the hardware "
			      "gives them to the command module (the tie rule)\">busy idle windows"
			      "<br><small>in busy.command on the console; not in the charts"
			      "</small></td><td>windows", o);
			counter_cells(o, c, v);
			html_text(o, json_string_value(json_object_get(row, "section")));
			fputs("</td></tr>\n", o);
		}
	}
	fputs("</table>\n", o);
	free(v);
	held[3] = NULL;
}

static bool data_uri(FILE *o, const char *path);
static bool find_picture(const struct capture *c, const char *dir, const char *png, char *path,
			 size_t len);

/* The draws grouped across frames by identity, costliest first. */
static void table_draws(FILE *o, const struct capture *c, const struct totals *t,
			const struct draw_group *g, size_t n)
{
	size_t i;
	int m;

	fprintf(o, "<p>%zu distinct draw%s. A row is one draw as the program issues it "
		"frame after frame (same place among the frame's draws, primitive, program, "
		"shader and textures; the count may vary), ranked by its clocks over the run. "
		"Draw: its place among the frame's draws, from 0; event: its place among all "
		"the frame's work (<code>events</code> in the capture).</p>\n", n,
		n == 1 ? "" : "s");
	fputs("<table class=\"draws\"><tr><th>#</th><th>draw (event)</th><th>frames</th>"
	      "<th>call, program, textures</th><th>mean (&micro;s)</th><th>max (&micro;s)</th>"
	      "<th>share of GPU time</th><th>limiter</th><th>work per module</th>"
	      "<th>after it</th></tr>\n", o);
	for (i = 0; i < n && i < TOP_DRAWS; i++) {
		int lim = group_limiter(&g[i]);
		double x = 0;
		char path[8192];

		fprintf(o, "<tr id=\"draw-%zu\"><td>%zu</td><td>%zu (%zu)</td><td>%zu</td>"
			"<td class=\"text\">", i + 1, i + 1, g[i].draw, g[i].index, g[i].frames);
		describe_draw(o, &g[i], true);
		fprintf(o, "</td><td>%.2f</td><td>%.2f</td><td>%.1f %%</td><td>",
			us((json_int_t)(g[i].clocks_sum / (double)g[i].frames)),
			us((json_int_t)g[i].clocks_max),
			t->gpu_clocks_sum > 0 ? 100 * g[i].clocks_sum / t->gpu_clocks_sum : 0.0);
		html_text(o, module_name(c, lim));
		fputs("</td><td><svg class=\"spark\" viewBox=\"0 0 160 16\">", o);
		for (m = 0; m < MODULES; m++) {
			double h = g[i].work[lim] > 0 ? 16.0 * g[i].work[m] / g[i].work[lim] : 0;

			fprintf(o, "<rect x=\"%.1f\" y=\"0\" width=\"%.1f\" height=\"16\" fill=\"#eee\">"
				"<title>%s: %.0f clocks a frame</title></rect>", x, 160.0 / MODULES - 1,
				module_keys[m], g[i].work[m] / (double)g[i].frames);
			fprintf(o, "<rect x=\"%.1f\" y=\"%.2f\" width=\"%.1f\" height=\"%.2f\" "
				"fill=\"%s\"/>", x, 16.0 - h, 160.0 / MODULES - 1, h, module_colour[m]);
			x += 160.0 / MODULES;
		}
		fputs("</svg></td><td>", o);
		/* Its colour buffer after its first instance (with NNGX_DUMP_FRAMES). */
		if (find_picture(c, json_string_value(json_object_get(c->root, "pictures_dir")),
				 json_string_value(json_object_get(g[i].ev, "thumbnail")), path,
				 sizeof path)) {
			fprintf(o, "<img class=\"draw\" alt=\"the colour buffer after draw %zu of "
				"frame %zu\" src=\"", g[i].draw, g[i].frame);
			data_uri(o, path);
			fputs("\">", o);
		}
		fputs("</td></tr>\n", o);
	}
	fputs("</table>\n", o);
}

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

/* The file of picture `png` in directory `dir` (as the capture names it,
 * relative to the capture's own directory), or, when the pictures moved
 * with the capture, in a directory of the same name beside it. */
static bool find_picture(const struct capture *c, const char *dir, const char *png, char *path,
			 size_t len)
{
	char base[4096];
	const char *leaf;
	FILE *probe;

	if (!png || !dir)
		return false;
	capture_dir(c->path, base, sizeof base);
	if (dir[0] == '/')
		snprintf(path, len, "%s/%s", dir, png);
	else
		snprintf(path, len, "%s/%s/%s", base, dir, png);
	if (!(probe = fopen(path, "rb"))) {
		leaf = strrchr(dir, '/');
		snprintf(path, len, "%s/%s/%s", base, leaf ? leaf + 1 : dir, png);
		if (!(probe = fopen(path, "rb")))
			return false;
	}
	fclose(probe);
	return true;
}

static size_t thumbnails(FILE *o, const struct capture *c)
{
	size_t i, k, shown = 0, step = c->nframes / MAX_THUMBNAILS + 1;
	char path[8192];
	json_t *fr, *pic;

	for (i = 0; i < c->nframes; i += step) {
		const char *dir;

		fr = json_array_get(c->frames, i);
		dir = json_string_value(json_object_get(fr, "pictures_dir"));
		json_array_foreach(json_object_get(fr, "pictures"), k, pic) {
			if (!find_picture(c, dir, json_string_value(json_object_get(pic, "png")), path,
					  sizeof path))
				continue;
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


/* A bar of `v` against a peak of 1, with the peak drawn as a line. */
static void peak_bar(FILE *o, double v, const char *colour)
{
	double w = v < 0 ? 0 : v > 1 ? 1 : v;

	fprintf(o, "<svg class=\"bar\" viewBox=\"0 0 200 14\"><rect x=\"0\" y=\"0\" "
		"width=\"200\" height=\"14\" fill=\"#eee\"/><rect x=\"0\" y=\"0\" "
		"width=\"%.1f\" height=\"14\" fill=\"%s\"/><line x1=\"199\" x2=\"199\" "
		"y1=\"0\" y2=\"14\" class=\"budget\"/></svg>", 200 * w, colour);
}

/* The listed draw group (of the first TOP_DRAWS) that gave module m the
 * most work over the run; n when none gave it any. */
static size_t heaviest_draw(const struct draw_group *g, size_t n, int m)
{
	size_t i, best = n;

	for (i = 0; i < n && i < TOP_DRAWS; i++)
		if (g[i].work[m] > 0 && (best == n || g[i].work[m] > g[best].work[m]))
			best = i;
	return best;
}

/* A link to row i of the draws table, with the draw's call. */
static void draw_link(FILE *o, const struct capture *c, const struct draw_group *g, size_t i)
{
	fprintf(o, "<a href=\"#draw-%zu\">", i + 1);
	draw_title(o, g, i, c->nframes);
	fputs("</a>: ", o);
	describe_draw(o, &g[i], true);
}

/* A module's name, escaped for HTML or as it is. */
static void module_text(FILE *o, const struct capture *c, int m, bool html)
{
	if (html)
		html_text(o, module_name(c, m));
	else
		fputs(module_name(c, m), o);
}

/* The module after the limiter by utilisation over the run (the first on
 * a tie); -1 when there is no other module. */
static int next_busiest(const struct totals *t, int lim)
{
	int m, next = -1;

	for (m = 0; m < MODULES; m++)
		if (m != lim && (next < 0 || utilisation(t, m) > utilisation(t, next)))
			next = m;
	return next;
}

/* The share of module m's busy clocks over the run that group g's draws
 * account for. */
static double draw_share(const struct totals *t, const struct draw_group *g, int m)
{
	return t->busy_sum[m] > 0 ? g->work[m] / t->busy_sum[m] : 0.0;
}

/* Why the top limiter limits: its utilisation against the next module's,
 * and the draw that loads it most (in HTML, linked to its row; in the
 * text summary, one "Why:" line). */
static void why_limiter(FILE *o, const struct capture *c, const struct totals *t,
			const struct draw_group *g, size_t ng, bool html)
{
	int lim = t->rank[0], next = next_busiest(t, lim);
	size_t d = heaviest_draw(g, ng, lim);

	fputs(html ? "<p class=\"why\">Why: the " : "Why: the ", o);
	module_text(o, c, lim, html);
	fprintf(o, " is busy on %.1f %% of the clocks the GPU works (%.1f %% in its busiest "
		"frame)", 100 * utilisation(t, lim), 100 * t->util_max[lim]);
	if (next >= 0) {
		fputs("; the next busiest, the ", o);
		module_text(o, c, next, html);
		fprintf(o, ", on %.1f %%", 100 * utilisation(t, next));
	}
	fputs(".", o);
	if (d < ng) {
		fputs(" The draw that gives it the most work is ", o);
		if (html) {
			draw_link(o, c, g, d);
		} else {
			draw_title(o, g, d, c->nframes);
			fputs(": ", o);
			describe_draw(o, &g[d], false);
		}
		fprintf(o, " (%.1f %% of its work over the run).", 100 * draw_share(t, &g[d], lim));
	}
	fputs(html ? "</p>\n" : "\n", o);
}

/* The first screen: each frame's limiter, the limiters ranked with what to
 * try and the draw to look at, utilisation per module against its peak,
 * GPU time against budget. */
static void first_screen(FILE *o, const struct capture *c, const struct totals *t,
			 const struct draw_group *g, size_t ng)
{
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
		why_limiter(o, c, t, g, ng, true);
	} else {
		fputs("<p class=\"verdict\">No module limited any frame.</p>\n", o);
	}
	chart_limiters(o, c);
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
	      "<th>share</th><th>what to try</th><th>manual</th><th>sample</th>"
	      "<th>draw to look at first</th></tr>\n", o);
	for (i = 0; i < t->nrank; i++) {
		const struct advice *a = &advice_table[t->rank[i]];
		size_t d = heaviest_draw(g, ng, t->rank[i]);

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
		fputs("</td><td class=\"text\">", o);
		if (d < ng) {
			fprintf(o, "<a href=\"#draw-%zu\">", d + 1);
			draw_title(o, g, d, c->nframes);
			fputs("</a>", o);
		}
		fputs("</td></tr>\n", o);
	}
	if (t->verdict[MODULES])
		fprintf(o, "<tr><td>no limiter</td><td>%zu</td><td>%.1f %%</td><td></td><td></td>"
			"<td></td><td></td></tr>\n", t->verdict[MODULES],
			100 * share(c, t->verdict[MODULES]));
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
		       const struct totals *t, const struct draw_group *d, size_t ndraws)
{
	double *series[D_METRICS], *util[MODULES];
	double *block = calloc((size_t)(D_METRICS + MODULES) * (c->nframes + 1), sizeof *block);
	int k;

	if (!block)
		fail("out of memory");
	held[4] = block;
	for (k = 0; k < D_METRICS; k++)
		series[k] = block + (size_t)k * (c->nframes + 1);
	for (k = 0; k < MODULES; k++)
		util[k] = block + (size_t)(D_METRICS + k) * (c->nframes + 1);
	derived_series(c, series, util);
	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
	      "<title>nngx-report: ", o);
	html_text(o, c->path);
	fputs("</title>\n<style>\n"
	      "body{font:14px/1.4 sans-serif;margin:24px;color:#222;max-width:960px}\n"
	      "h1{font-size:20px}h2{font-size:16px;margin-top:28px}h3{font-size:14px}\n"
	      "svg{width:100%;height:auto;background:#fafafa}\n"
	      "svg.spark{width:160px;height:24px}\n"
	      ".axis{font-size:11px;fill:#555}.budget{stroke:#c00;stroke-dasharray:4 3}\n"
	      ".grid{stroke:#e2e2e2}.zero{stroke:#777}\n"
	      ".legend span{margin-right:12px;white-space:nowrap}\n"
	      ".legend i{display:inline-block;width:10px;height:10px;margin-right:4px}\n"
	      ".legend i.dash{border-top:2px dashed #c00;height:0}\n"
	      "table{border-collapse:collapse;margin:8px 0}td,th{padding:2px 8px;"
	      "border-bottom:1px solid #ddd;text-align:right;vertical-align:top}\n"
	      "td:first-child,th:first-child{text-align:left}small{color:#666}\n"
	      ".thumbs{display:flex;flex-wrap:wrap;gap:8px}figure{margin:0}\n"
	      "figure img{width:200px;border:1px solid #ccc}figcaption{font-size:11px}\n"
	      "img.draw{width:80px;border:1px solid #ccc}\n"
	      "table.draws{font-size:12px}table.draws svg.spark{width:96px;height:16px}\n"
	      "table.draws td.text{min-width:200px}\n"
	      "svg.bar{width:200px;height:14px}td.text{text-align:left}\n"
	      ".verdict{font-size:16px;font-weight:bold}\n"
	      ".why{font-size:15px}\n"
	      "i.key{display:inline-block;width:10px;height:10px;margin-right:4px}\n"
	      "</style></head><body>\n<h1>libnngx capture report</h1>\n<p>", o);
	html_text(o, c->path);
	fprintf(o, ": %zu frames, %.3f ms of virtual time; GPU time mean %.1f &micro;s, "
		"max %.1f &micro;s; %zu frames over the %.2f ms budget. Busy windows of %lld "
		"clocks.</p>\n", c->nframes, t->frame_sum / 1000,
		c->nframes ? t->gpu_sum / (double)c->nframes : 0.0, t->gpu_max, t->over,
		c->budget_us / 1000, (long long)c->sampling);
	first_screen(o, c, t, d, ndraws);
	fputs("<h2 id=\"draws\">The most expensive draws</h2>\n", o);
	if (ndraws)
		table_draws(o, c, t, d, ndraws);
	else
		fputs("<p>No draws.</p>\n", o);
	section_derived(o, c, t, series, gpu_us);
	fputs("<h2>Utilisation per module over frames</h2>\n", o);
	legend(o, c);
	chart_utilisation(o, c, util);
	fputs("<h2>Busy shares per frame</h2>\n<p>The share of the busy windows each module "
	      "won (a window goes to the module busy on the most of its clocks); idle "
	      "windows are left out.</p>\n", o);
	legend(o, c);
	chart_busy(o, c);
	fputs("<h2>GPU time</h2>\n<p>The time in which queued work ran, per frame. The "
	      "scale is the data's: the budget line is drawn only when it falls within it."
	      "</p>\n", o);
	chart_time(o, c, "GPU time", gpu_us, "#e15759");
	fputs("<h2>Frame time</h2>\n", o);
	chart_time(o, c, "frame time", frame_us, "#4e79a7");
	thumbnails(o, c);
	fputs("<h2>Counters over frames</h2>\n<p>Differences per frame (busy.*: windows of the "
	      "capture's own busy counter, each won by the module busy on the most of its "
	      "clocks, so a module that works beside a busier one can show 0; "
	      "vertex_cache.input: its value at the end of the frame). Hover a name for its "
	      "description.</p>\n", o);
	table_counters(o, c, t);
	fputs("</body></html>\n", o);
	free(block);
	held[4] = NULL;
}

static json_t *json_ratio(double v)
{
	return v < 0 ? json_null() : json_real(v);
}

/* The "Why:" line's facts for scripts: the top limiter, its utilisation
 * over the run and in its busiest frame, the next busiest module's, and
 * the draw that gives the limiter the most work with its share of that
 * work; null when no module limited a frame. */
static json_t *why_json(const struct totals *t, const struct draw_group *g, size_t ngroups)
{
	int lim, next;
	size_t d;
	json_t *why;

	if (!t->nrank)
		return json_null();
	lim = t->rank[0];
	next = next_busiest(t, lim);
	d = heaviest_draw(g, ngroups, lim);
	why = json_pack("{s:s, s:f, s:f}", "module", module_keys[lim], "run",
			utilisation(t, lim), "max_frame", t->util_max[lim]);
	if (!why)
		fail("out of memory");
	json_object_set_new(why, "next", next >= 0 ? json_string(module_keys[next])
			    : json_null());
	json_object_set_new(why, "next_run", next >= 0 ? json_real(utilisation(t, next))
			    : json_null());
	json_object_set_new(why, "draw", d < ngroups ? json_integer((json_int_t)d) : json_null());
	json_object_set_new(why, "draw_share", d < ngroups ? json_real(draw_share(t, &g[d], lim))
			    : json_null());
	return why;
}

/* The summary for scripts: frames, the limiters ranked, utilisation per
 * module, the derived metrics over the run, the draws grouped by
 * identity (doc/man/nngx-report.1 describes the members). */
static json_t *summary_json(const struct capture *c, const struct totals *t,
			    const struct draw_group *g, size_t ngroups)
{
	json_t *root = json_object(), *rank = json_array(), *util = json_object();
	json_t *derived = json_object(), *mem = json_object(), *draws = json_array();
	size_t i;
	int m;

	if (!root || !rank || !util || !derived || !mem || !draws)
		fail("out of memory");
	for (i = 0; i < t->nrank; i++) {
		const struct advice *a = &advice_table[t->rank[i]];
		size_t d = heaviest_draw(g, ngroups, t->rank[i]);
		json_t *row = json_pack("{s:s, s:s, s:I, s:f, s:s, s:s, s:s}",
			"module", module_keys[t->rank[i]], "name", module_name(c, t->rank[i]),
			"frames", (json_int_t)t->verdict[t->rank[i]],
			"share", share(c, t->verdict[t->rank[i]]), "advice", a->advice,
			"section", a->section, "sample", a->sample);

		if (!row)
			fail("out of memory");
		/* The draw to look at first: its index in "draws", as the HTML. */
		json_object_set_new(row, "draw", d < ngroups ? json_integer((json_int_t)d)
				    : json_null());
		json_array_append_new(rank, row);
	}
	for (m = 0; m < MODULES; m++)
		json_object_set_new(util, module_keys[m], json_pack("{s:f, s:f}", "run",
			utilisation(t, m), "max_frame", t->util_max[m]));
	for (m = 0; m < D_METRICS; m++)
		json_object_set_new(derived, metrics[m].member, json_ratio(metric_run(c, t, m)));
	for (i = 0; i < t->nclients; i++)
		json_object_set_new(mem, t->client[i] + 7, json_integer(
			(json_int_t)t->client_bytes[i]));
	json_object_set_new(derived, "memory_bytes", mem);
	for (i = 0; i < ngroups; i++) {
		json_t *e = g[i].ev, *row = json_pack("{s:I, s:I, s:I, s:I}", "draw",
			(json_int_t)g[i].draw, "event", (json_int_t)g[i].index, "first_frame",
			(json_int_t)g[i].frame, "frames", (json_int_t)g[i].frames);
		static const char *const copy[] = {
			"primitive", "indexed", "program", "programs_matching", "shader_entry",
			"shader_hash", "textures"
		};
		size_t k;

		for (k = 0; k < sizeof copy / sizeof copy[0]; k++)
			if (json_object_get(e, copy[k]))
				json_object_set(row, copy[k], json_object_get(e, copy[k]));
		if (json_object_get(e, "count")) {
			json_object_set_new(row, "count_min", json_integer(g[i].count_min));
			json_object_set_new(row, "count_max", json_integer(g[i].count_max));
		}
		json_object_set_new(row, "clocks_total", json_integer((json_int_t)g[i].clocks_sum));
		json_object_set_new(row, "clocks_mean", json_real(g[i].clocks_sum /
								  (double)g[i].frames));
		json_object_set_new(row, "clocks_max", json_integer((json_int_t)g[i].clocks_max));
		json_object_set_new(row, "limiter", json_string(module_keys[group_limiter(&g[i])]));
		json_array_append_new(draws, row);
	}
	json_object_set_new(root, "schema", json_string("nngx-report-summary"));
	json_object_set_new(root, "version", json_integer(1));
	json_object_set_new(root, "capture", json_string(c->path));
	json_object_set_new(root, "frames", json_integer((json_int_t)c->nframes));
	json_object_set_new(root, "frame_budget_us", json_real(c->budget_us));
	json_object_set_new(root, "gpu_time_us", json_pack("{s:f, s:f}", "mean",
		c->nframes ? t->gpu_sum / (double)c->nframes : 0.0, "max", t->gpu_max));
	json_object_set_new(root, "frames_over_budget", json_integer((json_int_t)t->over));
	json_object_set_new(root, "limiters", rank);
	json_object_set_new(root, "why", why_json(t, g, ngroups));
	json_object_set_new(root, "frames_without_limiter",
			    json_integer((json_int_t)t->verdict[MODULES]));
	json_object_set_new(root, "utilisation", util);
	json_object_set_new(root, "derived", derived);
	json_object_set_new(root, "draws", draws);
	return root;
}

int main(int argc, char **argv)
{
	const char *in = NULL, *out = NULL;
	bool csv = false, as_json = false;
	struct capture c;
	struct totals t;
	struct draw_group *draws;
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
		ndraws = collect_draws(&c, &draws);
		o = out ? fopen(out, "w") : stdout;
		if (!o)
			fail("%s: cannot write: %s", out, strerror(errno));
		sum = summary_json(&c, &t, draws, ndraws);
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
