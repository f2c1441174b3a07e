/* nngx_time.c: virtual time passing for the program's waits, with the
 * VSync callbacks at each vertical blank on the way (nngx_time.h). */
#include <nn/gx/CTR/gx_CTR.h>

#include "nngx_state.h"
#include "nngx_time.h"

static bool time_has_callback(const struct nngx_vsync *v)
{
	return v->callback[HW_LCD_UPPER] || v->callback[HW_LCD_LOWER];
}

void nngx_callbacks_run(struct nngx_state *st)
{
	uint64_t vsyncs = st->vsync_pending, epoch = st->epoch;
	bool cmdlist = st->cmdlist_pending, timeout = st->timeout_pending;
	GLint id = st->cmdlist_pending_id, raw_id = st->raw_pending_id;
	void (*raw)(GLint) = st->raw_pending;
	enum nngx_callback previous;

	/* Not inside another callback, nor while an allocator, deallocator
	 * or diagnostic callback's call is half done: the next wait runs them. */
	if (st->callback_depth || st->callback_inside || (!vsyncs && !cmdlist && !timeout && !raw))
		return;
	/* Taken now: what the callbacks queue waits for the next call. */
	st->vsync_pending = 0;
	st->cmdlist_pending = false;
	st->timeout_pending = false;
	st->raw_pending = NULL;
	st->callback_depth++;
	previous = nngx_callback_enter(st, NNGX_CALLBACK_AT_WAIT);
	for (; vsyncs && st->epoch == epoch; vsyncs--) {
		/* Read each time: a callback may change them. */
		if (st->vsync.callback[HW_LCD_UPPER])
			st->vsync.callback[HW_LCD_UPPER](NN_GX_DISPLAY0);
		if (st->vsync.callback[HW_LCD_LOWER] && st->epoch == epoch)
			st->vsync.callback[HW_LCD_LOWER](NN_GX_DISPLAY1);
	}
	if (timeout && st->epoch == epoch && st->timeout_callback)
		st->timeout_callback();
	if (cmdlist && st->epoch == epoch && st->cmdlists.callback && st->cmdlists.callback_enabled)
		st->cmdlists.callback(id);
	if (raw && st->epoch == epoch)
		raw(raw_id);
	nngx_callback_leave(st, previous);
	st->callback_depth--;
}

/* A vertical blank with a VSync callback set: queued. Blanks that pass
 * while one already waits (only inside a callback's own wait: outside,
 * each is called back at once) merge with it (NNGX_TIME_MAX_QUEUED_VBLANKS),
 * and VSYNC_CALLBACKS_SKIPPED says so once per merge. */
static void time_queue_vblank(struct nngx_state *st, bool *merged)
{
	if (st->vsync_pending < NNGX_TIME_MAX_QUEUED_VBLANKS) {
		st->vsync_pending++;
		return;
	}
	if (!*merged)
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_VSYNC_CALLBACKS_SKIPPED, "GPU wait",
				 "vertical blanks pass inside a callback's wait; the VSync "
				 "callbacks run once for all of them, after the callback");
	*merged = true;
}

void nngx_time_advance(struct nngx_state *st, uint64_t clocks)
{
	struct hw_gpu *gpu = &st->gpu;
	hw_clock_t start = gpu->clock, target = hw_clock_add(start, clocks);
	uint64_t epoch = st->epoch;
	unsigned vblanks = 0;
	bool merged = false;

	/* Time does not pass for a callback that runs inside a library call:
	 * the GPU may be in the middle of a request. */
	if (nngx_callback_refuses(st, 0, "GPU wait"))
		return;
	/* What earlier callbacks queued runs first, at the start of the wait. */
	nngx_callbacks_run(st);
	while (time_has_callback(&st->vsync) && vblanks < NNGX_TIME_MAX_CALLBACK_VBLANKS
	       && st->epoch == epoch) {
		hw_clock_t next = hw_gpu_next_vblank(gpu);
		uint64_t frames = hw_gpu_frames(gpu);

		if (next > target || next <= gpu->clock)
			break;
		hw_gpu_advance(gpu, next - gpu->clock);
		if (hw_gpu_frames(gpu) == frames)
			break;          /* the clock saturated */
		vblanks++;
		time_queue_vblank(st, &merged);
		nngx_callbacks_run(st);
	}
	if (st->epoch != epoch)
		return;         /* a callback reset the GPU: this wait is over */
	if (vblanks == NNGX_TIME_MAX_CALLBACK_VBLANKS && hw_gpu_next_vblank(gpu) <= target)
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_VSYNC_CALLBACKS_SKIPPED, "GPU wait",
				 "%u vertical blanks called back; the wait goes on to clock %llu "
				 "without callbacks", vblanks, (unsigned long long)target);
	if (gpu->clock < target)
		hw_gpu_advance(gpu, target - gpu->clock);
	if (clocks && target == HW_CLOCK_MAX)
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_CLOCK_SATURATED, "GPU wait",
				 "%llu clocks from clock %llu reach 2^64 - 1, the clock's last "
				 "value: time stops there", (unsigned long long)clocks,
				 (unsigned long long)start);
}

void nngx_time_wait_gpu(struct nngx_state *st)
{
	struct hw_gpu *gpu = &st->gpu;

	if (gpu->cmdlist_busy_until > gpu->clock)
		nngx_time_advance(st, gpu->cmdlist_busy_until - gpu->clock);
}
