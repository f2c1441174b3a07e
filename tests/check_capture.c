/* check_capture.c: the capture (NNGX_CAPTURE), the trace (NNGX_TRACE) and
 * the frame dumps (NNGX_DUMP_FRAMES) record the frame without changing
 * what the program sees; bad paths and full disks only switch them off. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <jansson.h>

#include "gl_fixture.h"
#include "driver/nngx_capture.h"
#include "driver/nngx_state.h"

#define FRAMES 3
#define W 240
#define H 400

#define diag_count(id) nngxShimGetDiagCount(NNGX_SHIM_DIAG_##id)

/* What the program reads each frame: every profiling result, the clock. */
struct seen {
	GLuint busy[FRAMES][NN_GX_PROFILING_RESULT_BUFSIZE_BUSY];
	GLuint polygon[FRAMES][NN_GX_PROFILING_RESULT_BUFSIZE_POLYGON];
	GLuint memory[FRAMES][NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS];
	GLuint fragment[FRAMES], vcache[FRAMES];
	GLuint64EXT clock[FRAMES];
};

static char dir[64];

static void make_dir(void)
{
	strcpy(dir, "/tmp/nngx-capture.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void remove_dir(void)
{
	char cmd[128];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}

static void path_in_dir(char *out, const char *name)
{
	snprintf(out, NNGX_CAPTURE_PATH_MAX, "%s/%s", dir, name);
}

/* A program's frame loop: clear, a triangle drawn twice, a transfer to the
 * upper screen, run, wait, swap, vsync; the busy counter sampled at 1 us
 * and every counter read each frame. */
static void run_scene(struct seen *s)
{
	static const float tri[] = { -0.3f, -0.3f, -0.5f, 0.3f, -0.3f, -0.5f, 0, 0.3f, -0.5f };
	struct fx_shader *sh;
	GLuint display[2], prog;
	unsigned f;

	fx_reset();
	fx_list(1 << 16, 64);
	sh = fx_shader_passthrough();
	prog = fx_program(sh);
	fx_positions(tri, 3);
	nngxGenDisplaybuffers(2, display);
	nngxActiveDisplay(NN_GX_DISPLAY0);
	nngxBindDisplaybuffer(display[0]);
	nngxDisplaybufferStorage(GL_RGBA8_OES, W, H, NN_GX_MEM_VRAMB);
	nngxBindDisplaybuffer(display[1]);
	nngxDisplaybufferStorage(GL_RGBA8_OES, W, H, NN_GX_MEM_VRAMB);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND, 1);
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 0);
	memset(s, 0, sizeof *s);
	/* The busy counter runs through every frame and is read after each
	 * swap: a capture that touched it would change what the reads say. */
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	for (f = 0; f < FRAMES; f++) {
		nngxStartProfiling(NN_GX_PROFILING_VERTEX_CACHE);
		glClearColor(0.1f * (float)f, 0.2f, 0.3f, 1.0f);
		glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
		glDrawArrays(GL_TRIANGLES, 0, 3);
		glDrawArrays(GL_TRIANGLES, 0, 3);
		nngxTransferRenderImage(display[f % 2], NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 0, 0);
		nngxFlush3DCommand();
		nngxRunCmdlist();
		nngxWaitCmdlistDone();
		nngxClearCmdlist();
		nngxStopProfiling(NN_GX_PROFILING_VERTEX_CACHE);
		nngxGetProfilingResult(NN_GX_PROFILING_POLYGON, s->polygon[f]);
		nngxGetProfilingResult(NN_GX_PROFILING_MEMORY_ACCESS, s->memory[f]);
		nngxGetProfilingResult(NN_GX_PROFILING_FRAGMENT, &s->fragment[f]);
		nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_CACHE, &s->vcache[f]);
		nngxActiveDisplay(NN_GX_DISPLAY0);
		nngxBindDisplaybuffer(display[f % 2]);
		nngxSwapBuffers(NN_GX_DISPLAY0);
		nngxWaitVSync(NN_GX_DISPLAY0);
		nngxGetProfilingResult(NN_GX_PROFILING_BUSY, s->busy[f]);
		s->clock[f] = nngxShimGetClock();
		ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	}
	nngxStopProfiling(NN_GX_PROFILING_BUSY);
	nngxDeleteDisplaybuffers(2, display);
	glDeleteProgram(prog);
	fx_shader_free(sh);
}

static bool capture_open(const char *file, const char *trace, const char *frames)
{
	struct nngx_capture_options opt;

	memset(&opt, 0, sizeof opt);
	if (file)
		path_in_dir(opt.file, file);
	if (trace)
		path_in_dir(opt.trace, trace);
	if (frames)
		path_in_dir(opt.frames_dir, frames);
	return nngx_capture_open(nngx_state_get(), &opt);
}

static json_t *load_json(const char *name)
{
	char path[NNGX_CAPTURE_PATH_MAX];
	json_error_t err;
	json_t *j;

	path_in_dir(path, name);
	j = json_load_file(path, 0, &err);
	ck_assert_msg(j != NULL, "%s:%d: %s", name, err.line, err.text);
	return j;
}

/* ---- tests ----------------------------------------------------------------------- */

START_TEST(test_capture_leaves_the_programs_results_alone)
{
	struct seen without, with;

	make_dir();
	run_scene(&without);
	ck_assert(capture_open("c.json", "t.json", NULL));
	run_scene(&with);
	nngx_capture_close(nngx_state_get());
	/* Every result the program read, BUSY included, and virtual time. */
	ck_assert_mem_eq(&with, &without, sizeof with);
	/* The scene keeps modules behind the command module busy. */
	ck_assert_uint_ne((without.busy[0][0] >> 16) | without.busy[0][1] | without.busy[0][2]
			  | without.busy[0][3], 0);
	remove_dir();
}
END_TEST

START_TEST(test_capture_json_has_a_record_per_frame_and_per_piece_of_work)
{
	struct seen s;
	json_t *j, *frames, *fr, *ev, *counters;
	size_t i, k, draws;
	unsigned m;

	make_dir();
	ck_assert(capture_open("c.json", NULL, NULL));
	run_scene(&s);
	nngx_capture_close(nngx_state_get());
	j = load_json("c.json");
	ck_assert_str_eq(json_string_value(json_object_get(j, "schema")), "nngx-capture");
	ck_assert_int_eq(json_integer_value(json_object_get(j, "version")),
			 NNGX_CAPTURE_SCHEMA_VERSION);
	ck_assert_uint_eq(json_array_size(json_object_get(j, "counters")), NNGX_SHIM_COUNTER_COUNT);
	frames = json_object_get(j, "frames");
	ck_assert_uint_eq(json_array_size(frames), FRAMES);
	json_array_foreach(frames, i, fr) {
		uint64_t windows = 0;

		ck_assert_int_eq(json_integer_value(json_object_get(fr, "frame")), (json_int_t)i);
		ck_assert_str_eq(json_string_value(json_object_get(fr, "end")), "swap");
		counters = json_object_get(fr, "counters");
		/* Deltas equal what the program's reads say. */
		ck_assert_int_eq(json_integer_value(json_object_get(counters, "polygon.in")),
				 s.polygon[i][1] - (i ? s.polygon[i - 1][1] : 0));
		ck_assert_int_eq(json_integer_value(json_object_get(counters, "fragment.in")),
				 s.fragment[i] - (i ? s.fragment[i - 1] : 0));
		ck_assert_int_eq(json_integer_value(json_object_get(counters,
								     "memory.post_transfer_write")),
				 W * H * 4 / 16);
		for (m = 0; m < 8; m++)
			windows += (uint64_t)json_integer_value(json_array_get(
				json_object_get(fr, "busy_windows"), m));
		/* 1 us windows over the frame's virtual time (one partial one). */
		ck_assert_uint_le(windows * 268, (uint64_t)json_integer_value(
			json_object_get(fr, "end_clock")) - (uint64_t)json_integer_value(
			json_object_get(fr, "start_clock")) + 268);
		ck_assert(json_real_value(json_object_get(fr, "gpu_time_us")) > 0);
		ck_assert_ptr_nonnull(json_object_get(json_object_get(fr, "derived"), "bottleneck"));
		draws = 0;
		json_array_foreach(json_object_get(fr, "events"), k, ev) {
			const char *kind = json_string_value(json_object_get(ev, "kind"));

			ck_assert(json_integer_value(json_object_get(ev, "end_clock"))
				  >= json_integer_value(json_object_get(ev, "start_clock")));
			if (strcmp(kind, "draw") == 0) {
				draws++;
				ck_assert_int_eq(json_integer_value(json_object_get(ev, "primitives")), 1);
				ck_assert_uint_eq(json_array_size(json_object_get(ev, "work")), 8);
			}
		}
		ck_assert_uint_eq(draws, 2);
	}
	json_decref(j);
	remove_dir();
}
END_TEST

/* Each draw names what it drew with (schema 1.1): primitive, indexed or
 * not, its count, the GL program whose vertex code the GPU runs, the
 * hash of that code (FNV-1a computed here over the 512 words), and the
 * texture of each unit switched on with its address. */
static uint32_t fnv1a(const uint32_t *w, size_t n)
{
	uint32_t h = 0x811C9DC5u;
	size_t i;
	int b;

	for (i = 0; i < n; i++)
		for (b = 0; b < 4; b++)
			h = (h ^ ((w[i] >> (8 * b)) & 0xFFu)) * 0x01000193u;
	return h;
}

START_TEST(test_capture_names_each_draw)
{
	static const float tri[] = { -0.3f, -0.3f, -0.5f, 0.3f, -0.3f, -0.5f, 0, 0.3f, -0.5f,
				     0.3f, 0.3f, -0.5f };
	static const GLushort idx[] = { 0, 1, 2, 1, 3, 2 };
	static uint8_t texels[8 * 8 * 4];
	struct fx_shader *sh;
	GLuint prog, prog2, tex, disp;
	json_t *j, *ev, *t;
	char hash[16];

	make_dir();
	ck_assert(capture_open("c.json", NULL, NULL));
	fx_reset();
	fx_list(1 << 16, 64);
	sh = fx_shader_passthrough();
	prog = fx_program(sh);
	fx_positions(tri, 4);
	nngxGenDisplaybuffers(1, &disp);
	nngxActiveDisplay(NN_GX_DISPLAY0);
	nngxBindDisplaybuffer(disp);
	nngxDisplaybufferStorage(GL_RGBA8_OES, W, H, NN_GX_MEM_VRAMB);
	glGenTextures(1, &tex);
	glActiveTexture(GL_TEXTURE0);
	glBindTexture(GL_TEXTURE_2D, tex);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
	glUniform1i(glGetUniformLocation(prog, "dmp_Texture[0].samplerType"), GL_TEXTURE_2D);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	glDrawArrays(GL_TRIANGLES, 0, 3);
	glUniform1i(glGetUniformLocation(prog, "dmp_Texture[0].samplerType"), GL_FALSE);
	fx_buffer(GL_ELEMENT_ARRAY_BUFFER, NN_GX_MEM_VRAMA, idx, sizeof idx);
	glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (const GLvoid *)0);
	glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
	/* A second program of the same code and entry: the GPU's code cannot
	 * tell them apart (2 programs match), the program in use when each
	 * draw was issued does: prog2 for the fourth, prog for the fifth. */
	prog2 = fx_program(sh);
	glDrawArrays(GL_TRIANGLES, 0, 3);
	glUseProgram(prog);
	glDrawArrays(GL_TRIANGLES, 0, 3);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	nngxFlush3DCommand();
	nngxRunCmdlist();
	nngxWaitCmdlistDone();
	nngxSwapBuffers(NN_GX_DISPLAY0);
	snprintf(hash, sizeof hash, "%08x", (unsigned)fnv1a(nngx_state_get()->gpu.vs.code, 512));
	nngx_capture_close(nngx_state_get());
	j = load_json("c.json");
	ck_assert_int_eq(json_integer_value(json_object_get(j, "version_minor")), 1);
	{
		json_t *events = json_object_get(json_array_get(json_object_get(j, "frames"), 0),
						 "events"), *draws[5];
		size_t k, n = 0;

		json_array_foreach(events, k, ev)
			if (strcmp(json_string_value(json_object_get(ev, "kind")), "draw") == 0) {
				ck_assert_uint_lt(n, 5);
				draws[n++] = ev;
			}
		ck_assert_uint_eq(n, 5);
		/* Both programs exist when the list runs: every draw has 2. */
		for (k = 0; k < 5; k++)
			ck_assert_int_eq(json_integer_value(json_object_get(draws[k],
									     "programs_matching")), 2);
		ck_assert_int_ne(prog2, prog);
		for (k = 0; k < 5; k++) {
			ev = draws[k];
			ck_assert_int_eq(json_integer_value(json_object_get(ev, "program")),
					 (json_int_t)(k == 3 ? prog2 : prog));
			ck_assert_int_eq(json_integer_value(json_object_get(ev, "shader_entry")), 0);
			ck_assert_str_eq(json_string_value(json_object_get(ev, "shader_hash")), hash);
		}
		ck_assert_str_eq(json_string_value(json_object_get(draws[0], "primitive")),
				 "triangles");
		ck_assert(json_is_false(json_object_get(draws[0], "indexed")));
		ck_assert_int_eq(json_integer_value(json_object_get(draws[0], "count")), 3);
		ck_assert_uint_eq(json_array_size(json_object_get(draws[0], "textures")), 1);
		t = json_array_get(json_object_get(draws[0], "textures"), 0);
		ck_assert_int_eq(json_integer_value(json_object_get(t, "unit")), 0);
		ck_assert_int_eq(json_integer_value(json_object_get(t, "texture")), (json_int_t)tex);
		ck_assert_int_eq(json_integer_value(json_object_get(t, "address")),
				 (json_int_t)nngxShimGetTextureAddress(tex));
		ck_assert_int_ne(json_integer_value(json_object_get(t, "address")), 0);
		ck_assert(json_is_true(json_object_get(draws[1], "indexed")));
		ck_assert_int_eq(json_integer_value(json_object_get(draws[1], "count")), 6);
		ck_assert_uint_eq(json_array_size(json_object_get(draws[1], "textures")), 0);
		ck_assert_str_eq(json_string_value(json_object_get(draws[2], "primitive")),
				 "triangle_strip");
		ck_assert(json_is_false(json_object_get(draws[2], "indexed")));
		ck_assert_int_eq(json_integer_value(json_object_get(draws[2], "count")), 4);
	}
	json_decref(j);
	glDeleteProgram(prog);
	glDeleteProgram(prog2);
	fx_shader_free(sh);
	nngxDeleteDisplaybuffers(1, &disp);
	glDeleteTextures(1, &tex);
	remove_dir();
}
END_TEST

/* A draw run from a copy of its list was not issued at the copy's
 * address: of the programs sharing its code, the capture names the one in
 * use when the list runs (the documented fallback), and says 2 match. The
 * draw is issued with prog and run with prog2 in use. */
START_TEST(test_capture_names_a_copied_draw_by_the_program_in_use)
{
	static const float tri[] = { -0.3f, -0.3f, -0.5f, 0.3f, -0.3f, -0.5f, 0, 0.3f, -0.5f };
	struct fx_shader *sh;
	GLuint a, b, prog, prog2, disp;
	json_t *j, *ev, *found = NULL;
	size_t k;

	make_dir();
	ck_assert(capture_open("c.json", NULL, NULL));
	fx_reset();
	a = fx_list(1 << 16, 64);
	sh = fx_shader_passthrough();
	prog = fx_program(sh);
	prog2 = fx_program(sh);
	glUseProgram(prog);
	fx_positions(tri, 3);
	nngxGenDisplaybuffers(1, &disp);
	nngxActiveDisplay(NN_GX_DISPLAY0);
	nngxBindDisplaybuffer(disp);
	nngxDisplaybufferStorage(GL_RGBA8_OES, W, H, NN_GX_MEM_VRAMB);
	glDrawArrays(GL_TRIANGLES, 0, 3);  /* issued with prog, in list a */
	nngxFlush3DCommand();
	b = fx_list(1 << 16, 64);
	nngxBindCmdlist(a);                /* a copy's destination may not be bound */
	nngxCopyCmdlist(a, b);
	glUseProgram(prog2);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	nngxBindCmdlist(b);
	nngxRunCmdlist();
	nngxWaitCmdlistDone();
	nngxSwapBuffers(NN_GX_DISPLAY0);
	nngx_capture_close(nngx_state_get());
	j = load_json("c.json");
	json_array_foreach(json_object_get(json_array_get(json_object_get(j, "frames"), 0),
					   "events"), k, ev)
		if (strcmp(json_string_value(json_object_get(ev, "kind")), "draw") == 0) {
			ck_assert_ptr_null(found);
			found = ev;
		}
	ck_assert_ptr_nonnull(found);
	/* Not prog: neither the issue (not seen at b's address) nor the
	 * lowest name (prog < prog2) decides. */
	ck_assert_int_eq(json_integer_value(json_object_get(found, "program")), (json_int_t)prog2);
	ck_assert_int_eq(json_integer_value(json_object_get(found, "programs_matching")), 2);
	json_decref(j);
	glDeleteProgram(prog);
	glDeleteProgram(prog2);
	fx_shader_free(sh);
	nngxDeleteDisplaybuffers(1, &disp);
	nngxDeleteCmdlists(1, &a);
	nngxDeleteCmdlists(1, &b);
	remove_dir();
}
END_TEST

/* The whole file as text. */
static char *read_text(const char *name, size_t *len)
{
	char path[NNGX_CAPTURE_PATH_MAX];
	FILE *f;
	char *text;
	long n;

	path_in_dir(path, name);
	f = fopen(path, "rb");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	ck_assert_int_ge(n, 0);
	rewind(f);
	text = malloc((size_t)n + 1);
	ck_assert_ptr_nonnull(text);
	ck_assert_uint_eq(fread(text, 1, (size_t)n, f), (size_t)n);
	text[n] = '\0';
	fclose(f);
	*len = (size_t)n;
	return text;
}

/* What a consumer of the array form does with a trace cut after `len`
 * bytes: keep the complete lines, drop the comma after the last event,
 * close the array. Every complete line is one event object followed by a
 * comma (or the bracket that opens the array). Returns the events. */
static json_t *load_cut_trace(const char *text, size_t len)
{
	char *buf = malloc(len + 2);
	size_t keep = len, lines = 0, k;
	json_error_t err;
	json_t *j;

	ck_assert_ptr_nonnull(buf);
	memcpy(buf, text, len);
	while (keep > 0 && buf[keep - 1] != '\n')
		keep--;                         /* the line being written when cut */
	for (k = 0; k < keep; k++)
		lines += buf[k] == '\n';
	if (keep >= 2 && buf[keep - 2] == ',')
		keep -= 2;
	else if (keep >= 2 && buf[keep - 2] == ']')
		keep -= 2;                      /* the complete trace's own bracket */
	buf[keep] = ']';
	buf[keep + 1] = '\0';
	if (lines == 0) {
		free(buf);
		return json_array();            /* nothing written yet */
	}
	ck_assert_msg(buf[0] == '[', "the trace starts with the array's bracket");
	j = json_loads(buf, 0, &err);
	ck_assert_msg(j != NULL, "trace cut at byte %zu: line %d: %s", len, err.line, err.text);
	ck_assert(json_is_array(j));
	free(buf);
	return j;
}

/* Nanoseconds of a trace time (three decimals, exact). */
static long long trace_ns(json_t *v)
{
	ck_assert(json_is_number(v));
	return (long long)(json_number_value(v) * 1000.0 + 0.5);
}

/* The Trace Event Format's array form: the fields chrome://tracing and
 * Perfetto need, named tracks, slices of one track that never overlap,
 * frame slices, command-list runs as durations, profiling calls by name,
 * counters written when their value changes, from the frame's start. */
START_TEST(test_trace_is_trace_event_array_form)
{
	struct seen s;
	json_t *events, *e;
	long long last_end[32], frame_start[FRAMES];
	bool named[32], used[32];
	size_t i, len, spans = 0, vblanks = 0, calls = 0, polygon_samples = 0, frames = 0;
	size_t runs = 0, starts = 0;
	char *text;
	int t;

	make_dir();
	ck_assert(capture_open(NULL, "t.json", NULL));
	run_scene(&s);
	nngx_capture_close(nngx_state_get());
	events = load_json("t.json");
	ck_assert(json_is_array(events));       /* the finished trace is strict JSON */
	for (t = 0; t < 32; t++) {
		last_end[t] = -1;
		named[t] = used[t] = false;
	}
	json_array_foreach(events, i, e) {
		const char *ph = json_string_value(json_object_get(e, "ph"));
		const char *name = json_string_value(json_object_get(e, "name"));
		json_int_t tid = json_integer_value(json_object_get(e, "tid"));

		ck_assert_ptr_nonnull(ph);
		ck_assert_ptr_nonnull(name);
		ck_assert(json_is_integer(json_object_get(e, "pid")));
		ck_assert(json_is_integer(json_object_get(e, "tid")) && tid >= 0 && tid < 32);
		if (strcmp(ph, "M") == 0) {
			if (strcmp(name, "thread_name") == 0)
				named[tid] = true;
			continue;
		}
		ck_assert(trace_ns(json_object_get(e, "ts")) >= 0);
		if (strcmp(ph, "X") == 0) {
			long long ts = trace_ns(json_object_get(e, "ts"));
			long long dur = trace_ns(json_object_get(e, "dur"));

			ck_assert(dur >= 0);
			/* Spans of one track come in time order, none before the
			 * last one ended: exactly, in nanoseconds. */
			ck_assert_msg(ts >= last_end[tid], "track %d: %s at %lld ns overlaps "
				      "the span ending at %lld ns", (int)tid, name, ts,
				      last_end[tid]);
			last_end[tid] = ts + dur;
			used[tid] = true;
			spans++;
			if (strncmp(name, "frame ", 6) == 0) {
				ck_assert_uint_lt(frames, FRAMES);
				ck_assert_int_eq(atoi(name + 6), (int)frames);
				frame_start[frames++] = ts;
			}
			if (strncmp(name, "command list ", 13) == 0) {
				ck_assert(json_is_integer(json_object_get(json_object_get(e, "args"),
									  "requests")));
				runs++;
			}
		} else if (strcmp(ph, "i") == 0) {
			ck_assert(json_is_string(json_object_get(e, "s")));
			used[tid] = true;
			if (strcmp(name, "vblank") == 0)
				vblanks++;
			if (strcmp(name, "nngxGetProfilingResult") == 0)
				calls++;
			if (strcmp(name, "nngxStartProfiling") == 0) {
				/* By name, not by number. */
				ck_assert_str_eq(json_string_value(json_object_get(
					json_object_get(e, "args"), "item")),
					starts ? "NN_GX_PROFILING_VERTEX_CACHE" : "NN_GX_PROFILING_BUSY");
				starts++;
			}
		} else if (strcmp(ph, "s") == 0 || strcmp(ph, "f") == 0) {
			continue;               /* flows: test_trace_flows_... */
		} else {
			ck_assert_str_eq(ph, "C");
			ck_assert(json_is_object(json_object_get(e, "args")));
			if (strcmp(name, "polygon") == 0) {
				/* Two triangles every frame: drawn once, from frame 0's start. */
				ck_assert_int_eq(json_integer_value(json_object_get(
					json_object_get(e, "args"), "in")), 2);
				ck_assert_int_eq(trace_ns(json_object_get(e, "ts")), frame_start[0]);
				polygon_samples++;
			}
		}
	}
	for (t = 1; t < 32; t++)
		ck_assert_msg(!used[t] || named[t], "track %d has no name", t);
	ck_assert(used[3] && used[8]);          /* triangle setup, per-fragment */
	ck_assert_uint_ge(spans, FRAMES * 6);
	ck_assert_uint_eq(frames, FRAMES);
	ck_assert_uint_eq(runs, FRAMES);
	ck_assert_uint_eq(vblanks, FRAMES);
	ck_assert_uint_eq(calls, FRAMES * 5);   /* the program's profiling calls */
	ck_assert_uint_eq(starts, 1 + FRAMES);
	ck_assert_uint_eq(polygon_samples, 1);
	/* Cut anywhere, the trace loads: at every 97th byte, and just before
	 * and after every line end. */
	text = read_text("t.json", &len);
	for (i = 0; i <= len; i += 97) {
		json_t *cut = load_cut_trace(text, i);

		ck_assert_uint_le(json_array_size(cut), json_array_size(events));
		json_decref(cut);
	}
	for (i = 1; i < len; i++)
		if (text[i] == '\n') {
			json_decref(load_cut_trace(text, i));
			json_decref(load_cut_trace(text, i + 1));
		}
	free(text);
	json_decref(events);
	remove_dir();
}
END_TEST

/* A span of the trace: its track, start and end in nanoseconds. */
struct span {
	const char *name;
	json_int_t tid;
	long long ts, end;
};

/* The span on track `tid` named `name` that starts at `ts`, or NULL. */
static const struct span *find_span(const struct span *spans, size_t n, const char *name,
				    json_int_t tid, long long ts)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (spans[i].tid == tid && spans[i].ts == ts && strcmp(spans[i].name, name) == 0)
			return &spans[i];
	return NULL;
}

/* Flows tie each draw to its module spans: one flow per module the draw
 * kept busy (the capture's work[] of the draw, an independent record),
 * from the draw's slice on the track of draws and command fetches ("s"
 * at the slice's exact start) to the draw's span on the module's track
 * ("f", "bp":"e", at that span's exact start); each flow's id is used
 * once; a module's span lies inside the draw's slice, and the modules'
 * spans start in pipeline order (command first, per-fragment last). */
START_TEST(test_trace_flows_tie_each_draw_to_its_module_spans)
{
	struct seen s;
	json_t *events, *cap, *fr, *ev, *e, *w;
	struct span spans[512];
	size_t i, k, n = 0, flows = 0, want = 0, draws = 0;
	json_int_t open_id[1024];
	long long open_ts[1024];
	const char *open_name[1024];
	size_t opened = 0;

	make_dir();
	ck_assert(capture_open("c.json", "t.json", NULL));
	run_scene(&s);
	nngx_capture_close(nngx_state_get());
	events = load_json("t.json");
	cap = load_json("c.json");
	json_array_foreach(json_object_get(cap, "frames"), i, fr)
		json_array_foreach(json_object_get(fr, "events"), k, ev) {
			size_t m;

			if (strcmp(json_string_value(json_object_get(ev, "kind")), "draw") != 0)
				continue;
			draws++;
			json_array_foreach(json_object_get(ev, "work"), m, w)
				want += json_integer_value(w) > 0;
		}
	ck_assert_uint_eq(draws, FRAMES * 2);
	ck_assert_uint_ge(want, draws * 6);     /* the triangle keeps 6 modules busy */
	json_array_foreach(events, i, e) {
		const char *ph = json_string_value(json_object_get(e, "ph"));
		const char *name = json_string_value(json_object_get(e, "name"));
		json_int_t tid = json_integer_value(json_object_get(e, "tid"));
		const char *cat = json_string_value(json_object_get(e, "cat"));

		if (strcmp(ph, "X") == 0 && strncmp(name, "draw ", 5) == 0) {
			ck_assert_uint_lt(n, sizeof spans / sizeof spans[0]);
			ck_assert_str_eq(cat, "draw");
			spans[n].name = name;
			spans[n].tid = tid;
			spans[n].ts = trace_ns(json_object_get(e, "ts"));
			spans[n].end = spans[n].ts + trace_ns(json_object_get(e, "dur"));
			n++;
		} else if (strcmp(ph, "s") == 0) {
			/* Written after the slice it starts from. */
			ck_assert_str_eq(cat, "draw");
			ck_assert_int_eq(tid, 10);
			ck_assert_uint_lt(opened, 1024);
			open_id[opened] = json_integer_value(json_object_get(e, "id"));
			open_ts[opened] = trace_ns(json_object_get(e, "ts"));
			open_name[opened] = name;
			ck_assert_ptr_nonnull(find_span(spans, n, name, 10, open_ts[opened]));
			for (k = 0; k < opened; k++)
				ck_assert(open_id[k] != open_id[opened]);
			opened++;
		} else if (strcmp(ph, "f") == 0) {
			json_int_t id = json_integer_value(json_object_get(e, "id"));
			long long ts = trace_ns(json_object_get(e, "ts"));
			const struct span *draw, *mod;

			ck_assert_str_eq(cat, "draw");
			ck_assert_str_eq(json_string_value(json_object_get(e, "bp")), "e");
			ck_assert(tid >= 1 && tid <= 8);
			/* The last flow started is the one it ends. */
			ck_assert_uint_gt(opened, 0);
			ck_assert_int_eq(open_id[opened - 1], id);
			ck_assert_str_eq(open_name[opened - 1], name);
			mod = find_span(spans, n, name, tid, ts);
			draw = find_span(spans, n, name, 10, open_ts[opened - 1]);
			ck_assert_ptr_nonnull(mod);
			ck_assert_ptr_nonnull(draw);
			ck_assert(mod->ts >= draw->ts && mod->end <= draw->end);
			flows++;
		}
	}
	ck_assert_uint_eq(opened, want);
	ck_assert_uint_eq(flows, want);
	/* Pipeline order: within a draw, a later module's span never starts
	 * before an earlier one's, and the command module's starts with the
	 * draw (it fetches the draw's commands first). */
	for (i = 0; i < n; i++) {
		const struct span *draw;

		if (spans[i].tid == 10)
			continue;
		draw = NULL;
		for (k = 0; k < n; k++)
			if (spans[k].tid == 10 && strcmp(spans[k].name, spans[i].name) == 0)
				draw = &spans[k];
		ck_assert_ptr_nonnull(draw);
		if (spans[i].tid == 1)
			ck_assert_int_eq(spans[i].ts, draw->ts);
		for (k = 0; k < n; k++)
			if (strcmp(spans[k].name, spans[i].name) == 0 && spans[k].tid != 10
			    && spans[k].tid < spans[i].tid)
				ck_assert_int_le(spans[k].ts, spans[i].ts);
	}
	json_decref(cap);
	json_decref(events);
	remove_dir();
}
END_TEST

/* model.lcd.frame_clocks: frames of 2680000 clocks (10 ms) make the
 * capture's frame budget 10000 us and put the trace's vblanks 10 ms
 * apart, one a frame of the scene (each frame waits for one, and draws
 * far less than a frame). */
START_TEST(test_capture_and_trace_follow_the_frame_length)
{
	struct seen s;
	json_t *j, *events, *e;
	size_t i, vblanks = 0;
	long long last = 0;

	ck_assert(tu_load_config_text("model: { lcd: { frame_clocks = 2680000; }; };\n") == GL_TRUE);
	make_dir();
	ck_assert(capture_open("c.json", "t.json", NULL));
	run_scene(&s);
	nngx_capture_close(nngx_state_get());
	j = load_json("c.json");
	ck_assert(json_real_value(json_object_get(j, "frame_budget_us")) == 10000.0);
	json_decref(j);
	events = load_json("t.json");
	json_array_foreach(events, i, e) {
		const char *name = json_string_value(json_object_get(e, "name"));

		if (name && strcmp(name, "vblank") == 0) {
			long long ts = trace_ns(json_object_get(e, "ts"));

			if (vblanks)
				ck_assert_int_eq(ts - last, 10000000);
			last = ts;
			vblanks++;
		}
	}
	ck_assert_uint_eq(vblanks, FRAMES);
	json_decref(events);
	remove_dir();
	/* The frame length of $NNGX_CONFIG again (CK_FORK=no runs go on). */
	ck_assert(nngxShimLoadConfig(NULL) == GL_TRUE);
	ck_assert_uint_eq(nngx_state_get()->gpu.lcd.frame_clocks, HW_LCD_FRAME_CLOCKS);
}
END_TEST

/* A program killed after its frames leaves a trace that loads, with every
 * frame it finished. */
START_TEST(test_a_killed_program_leaves_a_trace_that_loads)
{
	struct seen s;
	json_t *events, *e;
	size_t i, len, frames = 0;
	char *text;
	pid_t pid;
	int status;

	make_dir();
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		if (!capture_open(NULL, "t.json", NULL))
			_exit(2);
		run_scene(&s);
		raise(SIGKILL);                 /* no close, no exit handlers */
		_exit(3);
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
	text = read_text("t.json", &len);
	ck_assert_uint_gt(len, 0);
	ck_assert(len < 2 || text[len - 2] != ']');     /* never closed */
	events = load_cut_trace(text, len);
	json_array_foreach(events, i, e)
		if (strncmp(json_string_value(json_object_get(e, "name")), "frame ", 6) == 0)
			frames++;
	ck_assert_uint_eq(frames, FRAMES);
	json_decref(events);
	free(text);
	remove_dir();
}
END_TEST

/* Every line of a JSON Lines file, parsed, as an array. */
static json_t *load_lines(const char *name)
{
	char path[NNGX_CAPTURE_PATH_MAX], line[1 << 16];
	json_t *all = json_array();
	json_error_t err;
	FILE *f;

	path_in_dir(path, name);
	f = fopen(path, "r");
	ck_assert_ptr_nonnull(f);
	while (fgets(line, sizeof line, f)) {
		json_t *j;

		ck_assert_msg(strchr(line, '\n') != NULL, "a record is a whole line");
		j = json_loads(line, 0, &err);
		ck_assert_msg(j != NULL, "%s: %s", name, err.text);
		ck_assert(json_is_object(j));
		json_array_append_new(all, j);
	}
	fclose(f);
	return all;
}

/* JSON Lines: a header, each event as it happens, each frame when it ends
 * (its events before it), an end record; the same values as the JSON
 * document. */
START_TEST(test_capture_jsonl_has_the_json_documents_records)
{
	struct seen s;
	json_t *doc, *lines, *rec, *frames, *fr, *ev;
	size_t i, frame_n = 0, event_n = 0;

	make_dir();
	/* Both captures start from a GPU just reset: the same capture times. */
	fx_reset();
	ck_assert(capture_open("c.json", NULL, NULL));
	run_scene(&s);
	nngx_capture_close(nngx_state_get());
	fx_reset();
	ck_assert(capture_open("c.jsonl", NULL, NULL));
	run_scene(&s);
	nngx_capture_close(nngx_state_get());
	doc = load_json("c.json");
	frames = json_incref(json_object_get(doc, "frames"));
	ck_assert_uint_eq(json_array_size(frames), FRAMES);
	lines = load_lines("c.jsonl");
	rec = json_array_get(lines, 0);
	ck_assert_str_eq(json_string_value(json_object_get(rec, "record")), "header");
	ck_assert_int_eq(json_object_del(rec, "record"), 0);
	json_object_del(doc, "frames");
	ck_assert(json_equal(rec, doc));        /* the header is the document's */
	for (i = 1; i + 1 < json_array_size(lines); i++) {
		const char *type;

		rec = json_array_get(lines, i);
		type = json_string_value(json_object_get(rec, "record"));
		ck_assert_ptr_nonnull(type);
		fr = json_array_get(frames, frame_n);
		ck_assert_msg(fr != NULL, "record %zu (%s) after the last frame", i, type);
		if (strcmp(type, "event") == 0) {
			ck_assert_int_eq(json_integer_value(json_object_get(rec, "frame")),
					 (json_int_t)frame_n);
			ck_assert_int_eq(json_integer_value(json_object_get(rec, "index")),
					 (json_int_t)event_n);
			ev = json_array_get(json_object_get(fr, "events"), event_n++);
			ck_assert_ptr_nonnull(ev);
			json_object_del(rec, "record");
			json_object_del(rec, "frame");
			json_object_del(rec, "index");
			ck_assert(json_equal(rec, ev));
		} else {
			ck_assert_str_eq(type, "frame");
			ck_assert_int_eq(json_integer_value(json_object_get(rec, "event_count")),
					 (json_int_t)event_n);
			ck_assert_uint_eq(json_array_size(json_object_get(fr, "events")), event_n);
			ck_assert_uint_ge(event_n, 4);  /* clear, two draws, transfer */
			json_object_del(rec, "record");
			json_object_del(rec, "event_count");
			json_object_del(fr, "events");
			ck_assert(json_equal(rec, fr));
			frame_n++;
			event_n = 0;
		}
	}
	ck_assert_uint_eq(frame_n, FRAMES);
	rec = json_array_get(lines, json_array_size(lines) - 1);
	ck_assert_str_eq(json_string_value(json_object_get(rec, "record")), "end");
	ck_assert_int_eq(json_integer_value(json_object_get(rec, "frames")), FRAMES);
	json_decref(lines);
	json_decref(frames);
	json_decref(doc);
	remove_dir();
}
END_TEST

/* A program killed after its frames leaves a JSON Lines capture whose
 * every line is a record: all its frames, no end record. */
START_TEST(test_a_killed_program_leaves_a_readable_jsonl_capture)
{
	struct seen s;
	json_t *lines, *rec;
	size_t i, frames = 0;
	pid_t pid;
	int status;

	make_dir();
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		if (!capture_open("c.jsonl", NULL, NULL))
			_exit(2);
		run_scene(&s);
		raise(SIGKILL);
		_exit(3);
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
	lines = load_lines("c.jsonl");
	json_array_foreach(lines, i, rec) {
		const char *type = json_string_value(json_object_get(rec, "record"));

		ck_assert_ptr_nonnull(type);
		ck_assert_str_ne(type, "end");
		frames += strcmp(type, "frame") == 0;
	}
	ck_assert_uint_eq(frames, FRAMES);
	json_decref(lines);
	remove_dir();
}
END_TEST

/* A CSV table: its rows as arrays of fields (no quoting in these tables);
 * every row has the header's field count. */
static size_t load_table(const char *name, char fields[][100][48], size_t max_rows,
			 size_t *columns)
{
	char path[NNGX_CAPTURE_PATH_MAX], line[16384];
	size_t rows = 0;
	FILE *f;

	path_in_dir(path, name);
	f = fopen(path, "r");
	ck_assert_msg(f != NULL, "%s", path);
	*columns = 0;
	while (fgets(line, sizeof line, f)) {
		char *p = line, *comma;
		size_t n = 0;

		ck_assert_ptr_nonnull(strchr(line, '\n'));
		line[strcspn(line, "\n")] = '\0';
		for (;;) {
			comma = strchr(p, ',');
			if (comma)
				*comma = '\0';
			if (rows < max_rows && n < 100) {
				size_t len = strlen(p) < 47 ? strlen(p) : 47;

				memcpy(fields[rows][n], p, len);
				fields[rows][n][len] = '\0';
			}
			n++;
			if (!comma)
				break;
			p = comma + 1;
		}
		if (rows == 0)
			*columns = n;
		ck_assert_msg(n == *columns, "%s row %zu: %zu fields, the header has %zu", name,
			      rows, n, *columns);
		rows++;
	}
	fclose(f);
	return rows;
}

static size_t column(char fields[][100][48], size_t columns, const char *name)
{
	size_t k;

	for (k = 0; k < columns && k < 100; k++)
		if (strcmp(fields[0][k], name) == 0)
			return k;
	ck_abort_msg("no column %s", name);
	return 0;
}

/* A capture path ending in '/' is a directory of tidy tables: frames.csv,
 * draws.csv, events.csv, one row per frame, draw, event, with the JSON
 * document's values. */
START_TEST(test_capture_directory_holds_tidy_tables)
{
	static char frames_t[8][100][48], draws_t[16][100][48], events_t[64][100][48];
	char sub[NNGX_CAPTURE_PATH_MAX];
	struct seen s;
	json_t *doc, *frames, *fr, *ev;
	size_t nf, nd, ne, cf, cd, ce, i, k, e_row = 1, d_row = 1;

	make_dir();
	path_in_dir(sub, "tables");
	ck_assert_int_eq(mkdir(sub, 0700), 0);
	fx_reset();
	ck_assert(capture_open("c.json", NULL, NULL));
	run_scene(&s);
	nngx_capture_close(nngx_state_get());
	fx_reset();
	ck_assert(capture_open("tables/", NULL, NULL));
	run_scene(&s);
	nngx_capture_close(nngx_state_get());
	doc = load_json("c.json");
	frames = json_object_get(doc, "frames");
	nf = load_table("tables/frames.csv", frames_t, 8, &cf);
	nd = load_table("tables/draws.csv", draws_t, 16, &cd);
	ne = load_table("tables/events.csv", events_t, 64, &ce);
	ck_assert_uint_eq(nf, 1 + FRAMES);
	ck_assert_uint_eq(nd, 1 + 2 * FRAMES);  /* two draws a frame */
	ck_assert_uint_le(ne, 64);
	/* frame, 29 fixed and per-module columns, the catalogue */
	ck_assert_uint_eq(cf, 10 + 8 + 1 + 8 + 6 + 8 + 8 + NNGX_SHIM_COUNTER_COUNT);
	json_array_foreach(frames, i, fr) {
		char want[64];

		ck_assert_int_eq(atoi(frames_t[i + 1][column(frames_t, cf, "frame")]), (int)i);
		snprintf(want, sizeof want, "%lld",
			 (long long)json_integer_value(json_object_get(fr, "end_clock")));
		ck_assert_str_eq(frames_t[i + 1][column(frames_t, cf, "end_clock")], want);
		ck_assert_str_eq(frames_t[i + 1][column(frames_t, cf, "polygon.in")], "2");
		ck_assert_int_eq(atoi(frames_t[i + 1][column(frames_t, cf, "event_count")]),
				 (int)json_array_size(json_object_get(fr, "events")));
		json_array_foreach(json_object_get(fr, "events"), k, ev) {
			const char *kind = json_string_value(json_object_get(ev, "kind"));

			ck_assert_uint_lt(e_row, ne);
			ck_assert_int_eq(atoi(events_t[e_row][column(events_t, ce, "frame")]), (int)i);
			ck_assert_int_eq(atoi(events_t[e_row][column(events_t, ce, "index")]), (int)k);
			ck_assert_str_eq(events_t[e_row][column(events_t, ce, "kind")], kind);
			snprintf(want, sizeof want, "%lld",
				 (long long)json_integer_value(json_object_get(ev, "start_clock")));
			ck_assert_str_eq(events_t[e_row][column(events_t, ce, "start_clock")], want);
			e_row++;
			if (strcmp(kind, "draw") != 0)
				continue;
			ck_assert_int_eq(atoi(draws_t[d_row][column(draws_t, cd, "index")]), (int)k);
			ck_assert_str_eq(draws_t[d_row][column(draws_t, cd, "primitives")], "1");
			/* glDrawArrays reads no index. */
			ck_assert_str_eq(draws_t[d_row][column(draws_t, cd, "indices")], "0");
			snprintf(want, sizeof want, "%lld",
				 (long long)json_integer_value(json_object_get(ev, "fragments")));
			ck_assert_str_eq(draws_t[d_row][column(draws_t, cd, "fragments")], want);
			/* The identity (schema 1.1), as in the JSON document. */
			ck_assert_str_eq(draws_t[d_row][column(draws_t, cd, "primitive")], "triangles");
			ck_assert_str_eq(draws_t[d_row][column(draws_t, cd, "indexed")], "0");
			ck_assert_str_eq(draws_t[d_row][column(draws_t, cd, "count")], "3");
			snprintf(want, sizeof want, "%lld",
				 (long long)json_integer_value(json_object_get(ev, "program")));
			ck_assert_str_eq(draws_t[d_row][column(draws_t, cd, "program")], want);
			ck_assert_str_eq(draws_t[d_row][column(draws_t, cd, "shader_hash")],
					 json_string_value(json_object_get(ev, "shader_hash")));
			ck_assert_str_eq(draws_t[d_row][column(draws_t, cd, "texture.0")], "");
			ck_assert_str_eq(draws_t[d_row][column(draws_t, cd, "texture_address.0")], "");
			d_row++;
		}
	}
	ck_assert_uint_eq(e_row, ne);
	ck_assert_uint_eq(d_row, nd);
	/* A directory that is not there: a diagnostic, no capture. */
	{
		unsigned before = diag_count(CAPTURE_OPEN_FAILED);

		ck_assert(!capture_open("no-such-dir/", NULL, NULL));
		ck_assert_uint_eq(diag_count(CAPTURE_OPEN_FAILED), before + 1);
		ck_assert_ptr_null(nngx_state_get()->capture);
	}
	json_decref(doc);
	remove_dir();
}
END_TEST

START_TEST(test_capture_csv_has_one_column_set_for_every_row)
{
	char path[NNGX_CAPTURE_PATH_MAX], line[16384];
	struct seen s;
	FILE *f;
	size_t columns = 0, rows = 0, frames = 0;

	make_dir();
	ck_assert(capture_open("c.csv", NULL, NULL));
	run_scene(&s);
	nngx_capture_close(nngx_state_get());
	path_in_dir(path, "c.csv");
	f = fopen(path, "r");
	ck_assert_ptr_nonnull(f);
	while (fgets(line, sizeof line, f)) {
		size_t n = 1;
		char *p;

		for (p = line; *p; p++)
			n += *p == ',';
		if (!columns) {
			columns = n;
			ck_assert(strncmp(line, "record,frame,kind,", 18) == 0);
			ck_assert_ptr_nonnull(strstr(line, ",memory.cpu_dma_write\n"));
			continue;
		}
		ck_assert_uint_eq(n, columns);
		rows++;
		frames += strncmp(line, "frame,", 6) == 0;
	}
	fclose(f);
	ck_assert_uint_eq(frames, FRAMES);
	ck_assert_uint_gt(rows, FRAMES * 4);
	remove_dir();
}
END_TEST

START_TEST(test_frame_dumps_write_each_shown_buffer)
{
	char path[NNGX_CAPTURE_PATH_MAX];
	struct seen s;
	struct stat sb;
	unsigned f;
	FILE *p;
	unsigned char sig[8];

	make_dir();
	path_in_dir(path, "frames");
	ck_assert_int_eq(mkdir(path, 0700), 0);
	ck_assert(capture_open(NULL, NULL, "frames"));
	run_scene(&s);
	nngx_capture_close(nngx_state_get());
	for (f = 0; f < FRAMES; f++) {
		char name[64];

		snprintf(name, sizeof name, "frames/frame%06u_upper_left.png", f);
		path_in_dir(path, name);
		ck_assert_int_eq(stat(path, &sb), 0);
		p = fopen(path, "rb");
		ck_assert_ptr_nonnull(p);
		ck_assert_uint_eq(fread(sig, 1, 8, p), 8);
		fclose(p);
		ck_assert(memcmp(sig, "\x89PNG\r\n\x1a\n", 8) == 0);
	}
	path_in_dir(path, "frames/frame000000_lower_left.png");
	ck_assert_int_ne(stat(path, &sb), 0);      /* the lower screen was never swapped */
	/* Each draw's colour buffer: the 240 x 400 target turned like the
	 * screen and shrunk by ceil(400 / 100) = 4: 100 x 60 (the PNG's IHDR,
	 * width and height big-endian at bytes 16 and 20). Two draws a frame. */
	for (f = 0; f < FRAMES; f++) {
		unsigned d;

		for (d = 0; d < 3; d++) {
			unsigned char head[24];
			char name[64];

			snprintf(name, sizeof name, "frames/frame%06u_draw%03u.png", f, d);
			path_in_dir(path, name);
			if (d == 2) {
				ck_assert_int_ne(stat(path, &sb), 0);
				continue;
			}
			p = fopen(path, "rb");
			ck_assert_ptr_nonnull(p);
			ck_assert_uint_eq(fread(head, 1, 24, p), 24);
			fclose(p);
			ck_assert(memcmp(head, "\x89PNG\r\n\x1a\n", 8) == 0);
			ck_assert_uint_eq((unsigned)head[16] << 24 | (unsigned)head[17] << 16
					  | (unsigned)head[18] << 8 | head[19], 100);
			ck_assert_uint_eq((unsigned)head[20] << 24 | (unsigned)head[21] << 16
					  | (unsigned)head[22] << 8 | head[23], 60);
		}
	}
	remove_dir();
}
END_TEST

/* Stereo: the upper screen shows both eyes, and both are written. */
START_TEST(test_frame_dumps_write_both_eyes_in_stereo)
{
	char path[NNGX_CAPTURE_PATH_MAX];
	GLuint left, right, lower;
	struct stat sb;
	json_t *j, *pics;

	make_dir();
	path_in_dir(path, "frames");
	ck_assert_int_eq(mkdir(path, 0700), 0);
	fx_reset();
	ck_assert(capture_open("c.json", NULL, "frames"));
	nngxGenDisplaybuffers(1, &left);
	nngxGenDisplaybuffers(1, &right);
	nngxGenDisplaybuffers(1, &lower);
	nngxActiveDisplay(NN_GX_DISPLAY0);
	nngxBindDisplaybuffer(left);
	nngxDisplaybufferStorage(GL_RGB565, W, H, NN_GX_MEM_VRAMA);
	nngxActiveDisplay(NN_GX_DISPLAY0_EXT);
	nngxBindDisplaybuffer(right);
	nngxDisplaybufferStorage(GL_RGB565, W, H, NN_GX_MEM_VRAMA);
	nngxActiveDisplay(NN_GX_DISPLAY1);
	nngxBindDisplaybuffer(lower);
	nngxDisplaybufferStorage(GL_RGBA4, W, 320, NN_GX_MEM_VRAMB);
	nngxSetDisplayMode(NN_GX_DISPLAYMODE_STEREO);
	nngxSwapBuffers(NN_GX_DISPLAY_BOTH);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	nngx_capture_close(nngx_state_get());
	path_in_dir(path, "frames/frame000000_upper_left.png");
	ck_assert_int_eq(stat(path, &sb), 0);
	path_in_dir(path, "frames/frame000000_upper_right.png");
	ck_assert_int_eq(stat(path, &sb), 0);
	path_in_dir(path, "frames/frame000000_lower_left.png");
	ck_assert_int_eq(stat(path, &sb), 0);
	path_in_dir(path, "frames/frame000000_lower_right.png");
	ck_assert_int_ne(stat(path, &sb), 0);
	j = load_json("c.json");
	pics = json_object_get(json_array_get(json_object_get(j, "frames"), 0), "pictures");
	ck_assert_uint_eq(json_array_size(pics), 3);
	json_decref(j);
	nngxSetDisplayMode(NN_GX_DISPLAYMODE_NORMAL);
	nngxDeleteDisplaybuffers(1, &left);
	nngxDeleteDisplaybuffers(1, &right);
	nngxDeleteDisplaybuffers(1, &lower);
	remove_dir();
}
END_TEST

/* Paths that cannot be opened: a diagnostic each, the program unchanged. */
START_TEST(test_unwritable_paths_switch_the_outputs_off)
{
	struct nngx_capture_options opt;
	struct seen without, with;
	GLuint before;

	make_dir();
	run_scene(&without);
	memset(&opt, 0, sizeof opt);
	strcpy(opt.file, "/nonexistent-dir/c.json");
	strcpy(opt.trace, "/dev/full");            /* opens, but nothing can be written */
	strcpy(opt.frames_dir, "/nonexistent-dir");
	nngxShimSetDiagLevel(NNGX_SHIM_LEVEL_OFF);
	before = diag_count(CAPTURE_OPEN_FAILED);
	ck_assert(!nngx_capture_open(nngx_state_get(), &opt));
	ck_assert_uint_eq(diag_count(CAPTURE_OPEN_FAILED), before + 3);
	ck_assert_ptr_null(nngx_state_get()->capture);
	ck_assert_ptr_null((void *)nngx_state_get()->gpu.observe);
	run_scene(&with);
	ck_assert_mem_eq(&with, &without, sizeof with);
	remove_dir();
}
END_TEST

/* The disk fills up while frames are written: the capture stops with one
 * diagnostic; the program's results do not change. */
START_TEST(test_a_full_disk_stops_the_capture_not_the_program)
{
	char path[NNGX_CAPTURE_PATH_MAX];
	struct seen without, with;
	struct rlimit old, lim;
	struct stat sb;
	void (*old_handler)(int);

	make_dir();
	run_scene(&without);
	ck_assert(capture_open("c.json", NULL, NULL));
	path_in_dir(path, "c.json");
	ck_assert_int_eq(stat(path, &sb), 0);
	/* Room for the header and a little more: the first frame fails. */
	ck_assert_int_eq(getrlimit(RLIMIT_FSIZE, &old), 0);
	lim = old;
	lim.rlim_cur = (rlim_t)sb.st_size + 64;
	old_handler = signal(SIGXFSZ, SIG_IGN);
	ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &lim), 0);
	run_scene(&with);
	nngx_capture_close(nngx_state_get());
	ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &old), 0);
	signal(SIGXFSZ, old_handler);
	ck_assert_uint_eq(diag_count(CAPTURE_WRITE_FAILED), 1);
	ck_assert_mem_eq(&with, &without, sizeof with);
	remove_dir();
}
END_TEST

/* A power-on reset in the middle: capture time runs on. */
START_TEST(test_capture_survives_a_reset)
{
	json_t *j, *frames, *fr;
	struct seen s;
	size_t i;
	json_int_t last = -1;

	make_dir();
	ck_assert(capture_open("c.json", "t.json", NULL));
	run_scene(&s);
	run_scene(&s);          /* fx_reset resets the GPU */
	nngx_capture_close(nngx_state_get());
	j = load_json("c.json");
	frames = json_object_get(j, "frames");
	ck_assert_uint_eq(json_array_size(frames), 2 * FRAMES);
	json_array_foreach(frames, i, fr) {
		json_int_t start = json_integer_value(json_object_get(fr, "start_clock"));

		ck_assert_int_ge(start, last);
		last = json_integer_value(json_object_get(fr, "end_clock"));
		ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(fr, "counters"),
								     "polygon.in")), 2);
	}
	json_decref(j);
	json_decref(load_json("t.json"));
	remove_dir();
}
END_TEST

int main(void)
{
	Suite *s = suite_create("capture");
	TCase *tc = tcase_create("capture");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_capture_leaves_the_programs_results_alone);
	tcase_add_test(tc, test_capture_json_has_a_record_per_frame_and_per_piece_of_work);
	tcase_add_test(tc, test_capture_names_each_draw);
	tcase_add_test(tc, test_capture_names_a_copied_draw_by_the_program_in_use);
	tcase_add_test(tc, test_trace_is_trace_event_array_form);
	tcase_add_test(tc, test_capture_and_trace_follow_the_frame_length);
	tcase_add_test(tc, test_trace_flows_tie_each_draw_to_its_module_spans);
	tcase_add_test(tc, test_a_killed_program_leaves_a_trace_that_loads);
	tcase_add_test(tc, test_capture_jsonl_has_the_json_documents_records);
	tcase_add_test(tc, test_a_killed_program_leaves_a_readable_jsonl_capture);
	tcase_add_test(tc, test_capture_directory_holds_tidy_tables);
	tcase_add_test(tc, test_capture_csv_has_one_column_set_for_every_row);
	tcase_add_test(tc, test_frame_dumps_write_each_shown_buffer);
	tcase_add_test(tc, test_frame_dumps_write_both_eyes_in_stereo);
	tcase_add_test(tc, test_unwritable_paths_switch_the_outputs_off);
	tcase_add_test(tc, test_a_full_disk_stops_the_capture_not_the_program);
	tcase_add_test(tc, test_capture_survives_a_reset);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
