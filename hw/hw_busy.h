/* hw_busy.h: the busy counter unit (profiling item BUSY).
 *
 * Eight modules raise a busy signal on the clocks in which they work. The
 * unit cuts time into windows of `window` clocks from its start clock; at the
 * end of each window the module with the most busy clocks gets +1 on its
 * 16-bit counter (ties to the lowest index, so an idle window goes to module
 * 0). With a window limit N >= 1 it stops after N windows.
 *
 * Busy signals are stored as segments, not per clock, and windows are
 * evaluated lazily. Between two segment boundaries the windows are counted
 * in closed form whenever at most one module's spread pattern can change
 * the winner, at every window size (a draw's bottleneck with one spread
 * module in front of it, at 1-clock windows, is such a case); only when two
 * or more can (two spread modules in front of the bottleneck, in windows
 * short enough for both to fill one) are the windows counted one by one, a
 * few integer steps each (hw_busy.c, busy_count_steady). */
#ifndef NNGX_HW_BUSY_H
#define NNGX_HW_BUSY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hw_clock.h"

/* Pipeline order, front first; also the packing order of the result. */
enum hw_busy_module {
	HW_BUSY_COMMAND = 0,        /* command buffer and vertex array load */
	HW_BUSY_SHADER0,            /* shader processor 0 (and geometry shader) */
	HW_BUSY_TRIANGLE_SETUP,
	HW_BUSY_RASTERIZER,
	HW_BUSY_TEXTURE,
	HW_BUSY_FRAGMENT_LIGHTING,
	HW_BUSY_COMBINER,
	HW_BUSY_PER_FRAGMENT,
	HW_BUSY_MODULE_COUNT
};

/* Busy clocks of one module over [start, end): of each `period` clocks
 * counted from `origin`, `busy` are busy, spread evenly, so the busy clocks
 * in [origin, origin + L) number floor(L * busy / period). A fully busy
 * interval has busy == period == 1. */
struct hw_busy_segment {
	hw_clock_t start, end;
	hw_clock_t origin;
	uint32_t period, busy;
};

/* One module's segments: sorted by start, never overlapping. */
struct hw_busy_track {
	struct hw_busy_segment *seg;
	size_t count, cap;
};

struct hw_busy_unit {
	struct hw_busy_track track[HW_BUSY_MODULE_COUNT];

	/* Parameter registers, as last written (1..65535 / 0..65535). */
	uint16_t reg_window;
	uint16_t reg_window_limit;

	/* Latched at start, so later register writes apply to the next run. */
	bool running;
	hw_clock_t start_clock;
	uint32_t window;
	uint32_t window_limit;      /* 0: until stopped */
	uint64_t windows_done;      /* complete windows since start */

	uint16_t counter[HW_BUSY_MODULE_COUNT];

	/* When forgot_valid, every segment of every track ends after clock
	 * forgot_to, so forgetting up to any horizon <= forgot_to has nothing
	 * to drop (the repeated read skips the eight tracks). */
	bool forgot_valid;
	hw_clock_t forgot_to;
};

enum hw_status {
	HW_OK = 0,
	HW_ERROR_NO_MEMORY,
	HW_ERROR_RANGE,
	HW_ERROR_FAULT,         /* the simulated hardware met bad input */
	HW_ERROR_LIMIT          /* one request exceeded its work or time bound */
};

void hw_busy_init(struct hw_busy_unit *u);
void hw_busy_fini(struct hw_busy_unit *u);

/* Power-on: stopped, counters 0, no busy signals, registers as given. */
void hw_busy_reset(struct hw_busy_unit *u, uint16_t window, uint16_t window_limit);

/* Module `m` is busy on every clock of [start, start + clocks). */
enum hw_status hw_busy_add_interval(struct hw_busy_unit *u, enum hw_busy_module m,
				    hw_clock_t start, uint64_t clocks);

/* Module `m` is busy on `busy` of the `duration` clocks from `start`, spread
 * evenly (a pipelined draw). busy <= duration < 2^32; busy == duration is a
 * fully busy interval. Where it overlaps signals the module already has, a
 * fully busy clock stays busy and an earlier spread segment keeps its
 * pattern (draws never overlap in time, so that case is only defined, not
 * expected). */
enum hw_status hw_busy_add_spread(struct hw_busy_unit *u, enum hw_busy_module m,
				  hw_clock_t start, uint32_t duration, uint32_t busy);

/* Start (or restart) at clock `now` with the registers' window and limit. */
void hw_busy_start(struct hw_busy_unit *u, hw_clock_t now);

/* Stop at `now`: complete windows count, the one in progress is dropped. */
void hw_busy_stop(struct hw_busy_unit *u, hw_clock_t now);

/* Catch up with `now` (count the windows completed by then, stop after the
 * limit) and forget busy signals no later window can see. */
void hw_busy_sync(struct hw_busy_unit *u, hw_clock_t now);

/* True while the unit counts at `now`. */
bool hw_busy_running(struct hw_busy_unit *u, hw_clock_t now);

/* Catch up with `now`, copy the eight counters to `out`, zero them. */
void hw_busy_read(struct hw_busy_unit *u, hw_clock_t now,
		  uint16_t out[HW_BUSY_MODULE_COUNT]);

/* Busy clocks of module `m` in [from, to): used by the unit and by tests. */
uint64_t hw_busy_clocks_in(const struct hw_busy_unit *u, enum hw_busy_module m,
			   hw_clock_t from, hw_clock_t to);

#endif
