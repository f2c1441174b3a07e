/* test_util.h: shared helpers of the Check suites. */
#ifndef NNGX_TEST_UTIL_H
#define NNGX_TEST_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <check.h>

#include <nn/gx.h>
#include <nngx_shim.h>

#include "driver/nngx_state.h"

/* nngxFinalize and power-on reset, diagnostics silenced (counts still move). */
void tu_reset(void);

/* Set both busy parameters without diagnostics noise. */
void tu_set_busy(GLuint time_clocks, GLuint count);

/* Everything an erroring call must leave alone, copied out of the library. */
struct tu_snapshot {
	hw_clock_t clock;
	uint16_t reg_window, reg_window_limit;
	bool running;
	hw_clock_t start_clock;
	uint32_t window, window_limit;
	uint64_t windows_done;
	uint16_t busy_counter[HW_BUSY_MODULE_COUNT];
	size_t segments[HW_BUSY_MODULE_COUNT];
	struct hw_counters counters;
	bool time_set, count_set, vcache_started_once;
};

void tu_snapshot_take(struct tu_snapshot *s);
/* True when the library state equals the snapshot (cheap: no Check call,
 * for loops over many values). */
bool tu_snapshot_same(const struct tu_snapshot *s);
/* ck_assert that the library state equals the snapshot. */
void tu_snapshot_assert_same(const struct tu_snapshot *s);

/* Capture what the library writes to stderr (fd 2) between begin and end;
 * end restores fd 2 and copies the text (NUL-terminated) to out. */
struct tu_capture {
	FILE *file;
	int saved_fd;
};

void tu_capture_begin(struct tu_capture *c);
void tu_capture_end(struct tu_capture *c, char *out, size_t n);

/* Run a suite in the usual way; returns the process exit status. */
int tu_run(Suite *s);

#endif
