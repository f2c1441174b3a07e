/* nngx_time.c: virtual time passing for the program's waits, with the
 * VSync callbacks at each vertical blank on the way (nngx_time.h). */
#include <nn/gx/CTR/gx_CTR.h>

#include "nngx_state.h"
#include "nngx_time.h"

static bool time_has_callback(const struct nngx_vsync *v)
{
	return v->callback[HW_LCD_UPPER] || v->callback[HW_LCD_LOWER];
}

static void time_call_back(const struct nngx_vsync *v)
{
	/* Read each time: a callback may change them. */
	if (v->callback[HW_LCD_UPPER])
		v->callback[HW_LCD_UPPER](NN_GX_DISPLAY0);
	if (v->callback[HW_LCD_LOWER])
		v->callback[HW_LCD_LOWER](NN_GX_DISPLAY1);
}

void nngx_time_advance(struct nngx_state *st, uint64_t clocks)
{
	struct hw_gpu *gpu = &st->gpu;
	hw_clock_t target = hw_clock_add(gpu->clock, clocks);
	unsigned vblanks = 0;

	while (time_has_callback(&st->vsync) && vblanks < NNGX_TIME_MAX_CALLBACK_VBLANKS) {
		hw_clock_t next = hw_gpu_next_vblank(gpu);
		uint64_t frames = hw_gpu_frames(gpu);

		if (next > target || next <= gpu->clock)
			break;
		hw_gpu_advance(gpu, next - gpu->clock);
		if (hw_gpu_frames(gpu) == frames)
			break;          /* the clock saturated */
		vblanks++;
		time_call_back(&st->vsync);
	}
	if (vblanks == NNGX_TIME_MAX_CALLBACK_VBLANKS && hw_gpu_next_vblank(gpu) <= target)
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_VSYNC_CALLBACKS_SKIPPED, "GPU wait",
				 "%u vertical blanks called back; the wait goes on to clock %llu "
				 "without callbacks", vblanks, (unsigned long long)target);
	if (gpu->clock < target)
		hw_gpu_advance(gpu, target - gpu->clock);
}

void nngx_time_wait_gpu(struct nngx_state *st)
{
	struct hw_gpu *gpu = &st->gpu;

	if (gpu->cmdlist_busy_until > gpu->clock)
		nngx_time_advance(st, gpu->cmdlist_busy_until - gpu->clock);
}
