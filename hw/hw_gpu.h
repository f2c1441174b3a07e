/* hw_gpu.h: the simulated PICA200 as one struct; its clock and its blocks. */
#ifndef NNGX_HW_GPU_H
#define NNGX_HW_GPU_H

#include <stdbool.h>

#include "hw_busy.h"
#include "hw_clock.h"
#include "hw_counters.h"

struct hw_gpu {
	hw_clock_t clock;               /* virtual clocks since power-on */
	struct hw_busy_unit busy;
	struct hw_counters counters;
	/* Queued command-list work runs on the GPU until this clock. */
	hw_clock_t cmdlist_busy_until;
};

void hw_gpu_init(struct hw_gpu *gpu);
void hw_gpu_fini(struct hw_gpu *gpu);

/* Power-on reset: clock 0, every counter 0, busy unit stopped with its
 * parameter registers as given, queued work dropped. */
void hw_gpu_reset(struct hw_gpu *gpu, uint16_t busy_window, uint16_t busy_window_limit);

/* Let `clocks` clocks pass (saturating at HW_CLOCK_MAX). */
void hw_gpu_advance(struct hw_gpu *gpu, uint64_t clocks);

/* True while queued command-list work is still running. */
bool hw_gpu_cmdlist_executing(const struct hw_gpu *gpu);

#endif
