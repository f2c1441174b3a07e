/* hw_gpu.c: power-on and the passage of virtual time. */
#include <string.h>

#include "hw_gpu.h"

void hw_gpu_init(struct hw_gpu *gpu)
{
	memset(gpu, 0, sizeof *gpu);
	hw_busy_init(&gpu->busy);
	hw_counters_reset(&gpu->counters);
}

void hw_gpu_fini(struct hw_gpu *gpu)
{
	hw_busy_fini(&gpu->busy);
}

void hw_gpu_reset(struct hw_gpu *gpu, uint16_t busy_window, uint16_t busy_window_limit)
{
	gpu->clock = 0;
	gpu->cmdlist_busy_until = 0;
	hw_busy_reset(&gpu->busy, busy_window, busy_window_limit);
	hw_counters_reset(&gpu->counters);
}

void hw_gpu_advance(struct hw_gpu *gpu, uint64_t clocks)
{
	gpu->clock = hw_clock_add(gpu->clock, clocks);
	/* Lazy: counts only what is due, and lets go of the past. */
	hw_busy_sync(&gpu->busy, gpu->clock);
}

bool hw_gpu_cmdlist_executing(const struct hw_gpu *gpu)
{
	return gpu->cmdlist_busy_until > gpu->clock;
}
