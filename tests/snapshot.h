/* snapshot.h: the library state an erroring call must leave alone, copied
 * out for comparison. Free of Check, so the fuzz targets share it with the
 * Check suites. */
#ifndef NNGX_TEST_SNAPSHOT_H
#define NNGX_TEST_SNAPSHOT_H

#include <stdbool.h>
#include <stddef.h>

#include "driver/nngx_state.h"

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

#endif
