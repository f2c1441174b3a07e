/* nngx_capture.h: see the frame without changing the program.
 *
 * With NNGX_CAPTURE=FILE (.json, .jsonl for JSON Lines, .csv, or DIR/
 * for the tidy tables frames.csv, draws.csv and events.csv),
 * NNGX_TRACE=FILE (the Trace Event Format's JSON array form),
 * NNGX_DUMP_FRAMES=DIR, or their configuration keys (capture.file,
 * capture.trace, capture.frames_dir), the library records
 * what the GPU does: one record per frame (it ends at nngxSwapBuffers, or
 * at each command-list run while the program never swaps), one per draw,
 * command fetch, fill, transfer, copy and DMA, derived metrics per frame,
 * a timeline and the pictures shown. The capture watches through the GPU's
 * observer (hw_gpu.h) and keeps its own busy sampling, so the program's
 * own profiling calls read exactly what they read without it.
 *
 * Outputs that cannot be opened or written are switched off with a
 * diagnostic (CAPTURE_OPEN_FAILED, CAPTURE_WRITE_FAILED); the program runs
 * on. The JSON schema is doc/capture-schema.md. */
#ifndef NNGX_CAPTURE_H
#define NNGX_CAPTURE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <GLES2/gl2.h>

#include "hw/hw_gpu.h"

struct nngx_state;

/* Version of the capture JSON and CSV layout (doc/capture-schema.md). */
#define NNGX_CAPTURE_SCHEMA_VERSION 1
/* Additions within the version: 1 added each draw's identity. */
#define NNGX_CAPTURE_SCHEMA_MINOR 1

/* Model choice: the capture's own busy counter samples windows of 1 us
 * (268 clocks) by default, the finest the SDK's microsecond parameter
 * allows (capture.sampling_time). */
#define NNGX_CAPTURE_DEFAULT_SAMPLING 268u

#define NNGX_CAPTURE_PATH_MAX 1024

struct nngx_capture_options {
	char file[NNGX_CAPTURE_PATH_MAX];       /* "": no capture file */
	char trace[NNGX_CAPTURE_PATH_MAX];      /* "": no trace */
	char frames_dir[NNGX_CAPTURE_PATH_MAX]; /* "": no PNG dumps */
	uint32_t sampling_time;                 /* clocks per busy window */
	uint32_t frame_clocks;                  /* the frame budget; 0: the LCD's frame now */
	bool progress;                          /* report on stderr if a terminal */
};

/* One screen's buffer at a swap, for the PNG dump. */
struct nngx_capture_screen {
	bool swapped;
	struct hw_lcd_source src;       /* what the LCD reads (both eyes in stereo) */
	unsigned format;                /* enum hw_color_format */
};

/* Start-up: the environment (NNGX_CAPTURE, NNGX_TRACE, NNGX_DUMP_FRAMES)
 * beats the configuration's capture.* keys. Nothing to capture: nothing
 * happens. */
void nngx_capture_startup(struct nngx_state *st);

/* Start capturing into the outputs of `opt` (tests call this directly).
 * An output that cannot be opened is off (CAPTURE_OPEN_FAILED); returns
 * whether any output is on. A capture already running is closed first. */
bool nngx_capture_open(struct nngx_state *st, const struct nngx_capture_options *opt);

/* Close the current frame, finish every file and stop (program exit). */
void nngx_capture_close(struct nngx_state *st);

/* Hooks from the entry points; each is called only while st->capture is
 * set. */
void nngx_capture_swap(struct nngx_state *st, const struct nngx_capture_screen screen[2]);
void nngx_capture_run(struct nngx_state *st, GLuint list, size_t requests);
void nngx_capture_inject(struct nngx_state *st, unsigned module, hw_clock_t start,
			 uint64_t clocks);
/* `what_name`: the item's or parameter's name (NULL: not one); `has_value`:
 * the call passes a parameter value. */
void nngx_capture_profiling(struct nngx_state *st, const char *function, GLenum what,
			    const char *what_name, GLuint value, bool has_value);
void nngx_capture_run_done(struct nngx_state *st);
/* A GL draw wrote its trigger's parameter at `phys` with `program` in use:
 * the draw that runs from there names it (nngx-capture(5), "program"). */
void nngx_capture_draw_issued(struct nngx_state *st, uint32_t phys, GLuint program);
void nngx_capture_power_on(struct nngx_state *st);

/* ---- the trace (nngx_trace.c) ------------------------------------------ */

struct nngx_trace;

struct nngx_trace *nngx_trace_open(const char *path);
/* False once a write failed (the trace is then closed). */
bool nngx_trace_ok(const struct nngx_trace *t);
void nngx_trace_work(struct nngx_trace *t, const struct hw_event *e, uint64_t clock_base);
void nngx_trace_inject(struct nngx_trace *t, unsigned module, uint64_t start, uint64_t clocks);
/* An instant on the "LCD" track, or else the program's track. */
void nngx_trace_instant(struct nngx_trace *t, const char *track, const char *name,
			uint64_t clock, const char *arg_name, long long arg);
/* A profiling call by the program: its name, the item's or parameter's
 * name, and the parameter's value where it has one. */
void nngx_trace_call(struct nngx_trace *t, const char *function, uint64_t clock,
		     const char *item, long long value, bool has_value);
/* A command-list run: from its call to the end of the last work it made. */
void nngx_trace_run_begin(struct nngx_trace *t, unsigned list, uint64_t clock,
			  uint64_t requests);
void nngx_trace_run_end(struct nngx_trace *t);
/* The frame's slice and its counter values (written where they changed). */
void nngx_trace_frame(struct nngx_trace *t, uint64_t index, uint64_t start, uint64_t end,
		      const uint32_t *values, const uint64_t busy_windows[HW_BUSY_MODULE_COUNT]);
/* Vertical blanks in (from, to]. */
void nngx_trace_vblanks(struct nngx_trace *t, uint64_t from, uint64_t to, uint64_t clock_base,
			const struct hw_lcd *lcd);
/* Finish the file; false if any write failed. */
bool nngx_trace_close(struct nngx_trace *t);

/* ---- PNG dumps (nngx_png.c) -------------------------------------------- */

/* What a frame picture records of itself, as PNG tEXt chunks (keywords
 * in nngx_png.c and nngx-capture(5)). */
struct nngx_png_meta {
	uint64_t frame;                 /* the capture's frame index */
	const char *screen;             /* "upper" or "lower" */
	const char *eye;                /* "left" or "right" */
	uint64_t clock;                 /* capture time of the swap, in GPU clocks */
};

/* Write `lines` lines of `width` pixels of colour format `format` from
 * `pixels` as an RGBA PNG at `path`, turned to the screen's orientation
 * (lines are the screen's columns), with `meta` (NULL: none) as text.
 * Returns false on any failure, with errno's text in err. */
bool nngx_png_write_screen(const char *path, const uint8_t *pixels, unsigned width,
			   unsigned lines, unsigned format, const struct nngx_png_meta *meta,
			   char *err, size_t err_len);

/* Write `height` rows of `width` RGBA pixels (8 bits a channel, row 0 the
 * top) as a PNG at `path`, with `meta` (NULL: none); as above. */
bool nngx_png_write_rgba(const char *path, const uint8_t *rgba, unsigned width,
			 unsigned height, const struct nngx_png_meta *meta, char *err,
			 size_t err_len);

#endif
