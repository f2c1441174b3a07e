/* hw_gpu.c: power-on, the passage of virtual time, and work queued in it. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hw_alloc.h"
#include "hw_assert.h"
#include "hw_gpu.h"

enum hw_status hw_gpu_init(struct hw_gpu *gpu)
{
	memset(gpu, 0, sizeof *gpu);
	hw_busy_init(&gpu->busy);
	hw_counters_reset(&gpu->counters);
	hw_memory_init(&gpu->memory);
	hw_shader_timing_defaults(&gpu->shader_timing);
	hw_draw_costs_defaults(&gpu->costs);
	hw_transfer_rates_defaults(&gpu->transfer_rates);
	hw_vcache_configure(&gpu->vcache, HW_VCACHE_DEFAULT_ENTRIES, HW_VCACHE_FIFO);
	gpu->gs.geometry_unit = true;
	hw_lcd_reset(&gpu->lcd);
	return hw_gpu_configure_caches(gpu, NULL, NULL);
}

/* (Re)build the texture and framebuffer caches, empty. NULL: defaults. */
enum hw_status hw_gpu_configure_caches(struct hw_gpu *gpu, const struct hw_cache_config *texture,
				       const struct hw_cache_config *framebuffer)
{
	struct hw_cache_config tex_default, fb_default;
	struct hw_cache tex;
	struct hw_fragment_state frag;
	enum hw_status st;

	if (!texture) {
		tex_default.line_bytes = HW_CACHE_TEXTURE_LINE_BYTES;
		tex_default.sets = HW_CACHE_TEXTURE_SETS;
		tex_default.ways = HW_CACHE_TEXTURE_WAYS;
		tex_default.policy = HW_CACHE_TEXTURE_POLICY;
		tex_default.write_no_fill = false;
		texture = &tex_default;
	}
	if (!framebuffer) {
		hw_fragment_cache_defaults(&fb_default);
		framebuffer = &fb_default;
	}
	/* Both new caches first: on failure the old ones stay. */
	st = hw_cache_init(&tex, texture);
	if (st != HW_OK)
		return st;
	st = hw_fragment_state_init(&frag, framebuffer);
	if (st != HW_OK) {
		hw_cache_fini(&tex);
		return st;
	}
	hw_cache_fini(&gpu->texture_cache);
	hw_fragment_state_fini(&gpu->fragment);
	gpu->texture_cache = tex;
	gpu->fragment = frag;
	gpu->caches_ready = true;
	return HW_OK;
}

void hw_gpu_fini(struct hw_gpu *gpu)
{
	hw_busy_fini(&gpu->busy);
	hw_cache_fini(&gpu->texture_cache);
	hw_fragment_state_fini(&gpu->fragment);
	hw_memory_fini(&gpu->memory);
	hw_immediate_fini(&gpu->command.immediate);
	free(gpu->pending);
	gpu->pending = NULL;
	gpu->pending_count = gpu->pending_cap = 0;
	gpu->caches_ready = false;
}

void hw_gpu_reset(struct hw_gpu *gpu, uint16_t busy_window, uint16_t busy_window_limit)
{
	unsigned id;

	gpu->clock = 0;
	gpu->cmdlist_busy_until = 0;
	hw_busy_reset(&gpu->busy, busy_window, busy_window_limit);
	hw_counters_reset(&gpu->counters);
	for (id = 0; id < HW_REG_COUNT; id++)
		gpu->regs[id] = hw_command_power_on(id);
	memset(&gpu->proctex, 0, sizeof gpu->proctex);
	hw_immediate_fini(&gpu->command.immediate);
	memset(&gpu->command, 0, sizeof gpu->command);
	memset(&gpu->vs, 0, sizeof gpu->vs);
	memset(&gpu->gs, 0, sizeof gpu->gs);
	memset(&gpu->lighting_luts, 0, sizeof gpu->lighting_luts);
	memset(&gpu->fog_luts, 0, sizeof gpu->fog_luts);
	gpu->gs.geometry_unit = true;
	hw_vcache_clear(&gpu->vcache);
	if (gpu->caches_ready) {
		hw_cache_invalidate(&gpu->texture_cache);
		hw_fragment_invalidate(&gpu->fragment);
	}
	hw_lcd_reset(&gpu->lcd);
	gpu->pending_count = 0;
}

/* Land one pending entry: add its counter delta, then its vertex-cache
 * restart and misses. Callers land entries in order of their clock. */
static void gpu_apply(struct hw_gpu *gpu, const struct hw_pending *p)
{
	hw_counters_add(&gpu->counters, &p->delta);
	if (p->vcache_restart)
		hw_counters_vcache_draw_begin(&gpu->counters);
	hw_counters_vcache_miss(&gpu->counters, p->vcache_misses);
}

/* Apply what is due by the current clock, in order. */
static void gpu_land_pending(struct hw_gpu *gpu)
{
	size_t n = 0;

	while (n < gpu->pending_count && gpu->pending[n].at <= gpu->clock)
		gpu_apply(gpu, &gpu->pending[n++]);
	if (n) {
		memmove(gpu->pending, gpu->pending + n, (gpu->pending_count - n) * sizeof *gpu->pending);
		gpu->pending_count -= n;
	}
}

void hw_gpu_advance(struct hw_gpu *gpu, uint64_t clocks)
{
	gpu->clock = hw_clock_add(gpu->clock, clocks);
	gpu_land_pending(gpu);
	/* Lazy: counts only what is due, and lets go of the past. */
	hw_busy_sync(&gpu->busy, gpu->clock);
	hw_lcd_advance(&gpu->lcd, gpu->clock, &gpu->counters);
}

/* Room for `more` pending entries, so that work can be checked, done and
 * pended without failing half way. */
static enum hw_status gpu_reserve_pending(struct hw_gpu *gpu, size_t more)
{
	struct hw_pending *p;
	size_t cap = gpu->pending_cap ? gpu->pending_cap : 8;

	while (cap - gpu->pending_count < more)
		cap *= 2;
	if (cap == gpu->pending_cap)
		return HW_OK;
	p = hw_realloc(gpu->pending, cap * sizeof *p);
	if (!p)
		return HW_ERROR_NO_MEMORY;
	gpu->pending = p;
	gpu->pending_cap = cap;
	return HW_OK;
}

enum hw_status hw_gpu_pend(struct hw_gpu *gpu, hw_clock_t at, const struct hw_counters *delta,
			   bool vcache_restart, uint32_t vcache_misses)
{
	struct hw_pending *p;
	size_t i;

	if (gpu_reserve_pending(gpu, 1) != HW_OK)
		return HW_ERROR_NO_MEMORY;
	/* Work is queued in time order, so this is almost always an append. */
	for (i = gpu->pending_count; i > 0 && gpu->pending[i - 1].at > at; i--)
		;
	NNGX_ASSERT(gpu->pending_count < gpu->pending_cap);
	memmove(&gpu->pending[i + 1], &gpu->pending[i],
		(gpu->pending_count - i) * sizeof *gpu->pending);
	/* gpu_land_pending lands entries in array order: keep it time order */
	NNGX_ASSERT(i == gpu->pending_count || gpu->pending[i + 1].at > at);
	p = &gpu->pending[i];
	p->at = at;
	p->delta = *delta;
	p->vcache_restart = vcache_restart;
	p->vcache_misses = vcache_misses;
	gpu->pending_count++;
	gpu_land_pending(gpu);
	return HW_OK;
}

enum hw_status hw_gpu_submit(struct hw_gpu *gpu, const uint32_t *words, size_t count,
			     uint32_t phys)
{
	hw_clock_t start = gpu->cmdlist_busy_until > gpu->clock ? gpu->cmdlist_busy_until
								 : gpu->clock;
	hw_clock_t end = start;
	enum hw_status st;

	/* Commands draw through the caches: build them if power-on could not. */
	if (!gpu->caches_ready && hw_gpu_configure_caches(gpu, NULL, NULL) != HW_OK)
		return HW_ERROR_NO_MEMORY;
	st = hw_command_run(gpu, words, count, phys, start, &end);
	gpu->cmdlist_busy_until = end;
	return st;
}

/* ---- frame loop --------------------------------------------------------- */

/* When queued work may start: after everything already queued. */
static hw_clock_t gpu_queue_start(const struct hw_gpu *gpu)
{
	return gpu->cmdlist_busy_until > gpu->clock ? gpu->cmdlist_busy_until : gpu->clock;
}

/* Tell the observer, if any, of work from `start` to `end`. */
static void gpu_observe(struct hw_gpu *gpu, enum hw_event_kind kind, hw_clock_t start,
			hw_clock_t end, const struct hw_counters *delta, unsigned channel)
{
	struct hw_event e;

	e.kind = kind;
	e.start = start;
	e.end = end;
	e.delta = delta;
	e.draw = NULL;
	e.channel = channel;
	e.command_phys = 0;
	gpu->observe(gpu->observe_user, &e);
}

/* Queue work of `clocks` clocks whose counts are `delta`. Pending room was
 * reserved, so this cannot fail. */
static void gpu_queue_work(struct hw_gpu *gpu, enum hw_event_kind kind, uint64_t clocks,
			   const struct hw_counters *delta)
{
	hw_clock_t start = gpu_queue_start(gpu), end = hw_clock_add(start, clocks);

	(void)hw_gpu_pend(gpu, end, delta, false, 0);
	gpu->cmdlist_busy_until = end;
	if (gpu->observe)
		gpu_observe(gpu, kind, start, end, delta, 0);
}

enum hw_status hw_gpu_fill(struct hw_gpu *gpu, unsigned channel, uint32_t phys, uint32_t size,
			   uint32_t value, unsigned width_bits)
{
	struct hw_fill f;

	if (channel >= HW_FILL_CHANNELS)
		return HW_ERROR_RANGE;
	f.phys = phys;
	f.size = size;
	f.value = value;
	f.width_bits = width_bits;
	f.any_vram = false;
	return channel == 0 ? hw_gpu_fill2(gpu, &f, NULL) : hw_gpu_fill2(gpu, NULL, &f);
}

enum hw_status hw_gpu_fill2(struct hw_gpu *gpu, const struct hw_fill *channel0,
			    const struct hw_fill *channel1)
{
	const struct hw_fill *fill[HW_FILL_CHANNELS];
	static const struct hw_fill unused;
	hw_clock_t start = gpu_queue_start(gpu), end = start;
	enum hw_status st;
	unsigned ch;

	fill[0] = channel0 ? channel0 : &unused;
	fill[1] = channel1 ? channel1 : &unused;
	for (ch = 0; ch < HW_FILL_CHANNELS; ch++) {
		st = hw_transfer_fill_check(&gpu->memory, ch, fill[ch]);
		if (st != HW_OK)
			return st;
	}
	if (gpu_reserve_pending(gpu, HW_FILL_CHANNELS) != HW_OK)
		return HW_ERROR_NO_MEMORY;
	/* The channels are separate engines started together: each one's
	 * counts land at its own end, the pair ends with the longer. */
	for (ch = 0; ch < HW_FILL_CHANNELS; ch++) {
		struct hw_counters delta;
		uint64_t clocks = 0;
		hw_clock_t ch_end;

		memset(&delta, 0, sizeof delta);
		(void)hw_transfer_fill(&gpu->memory, &gpu->transfer_rates, ch, fill[ch], &delta, &clocks);
		if (clocks == 0)
			continue;
		ch_end = hw_clock_add(start, clocks);
		(void)hw_gpu_pend(gpu, ch_end, &delta, false, 0);
		if (gpu->observe)
			gpu_observe(gpu, HW_EVENT_FILL, start, ch_end, &delta, ch);
		if (ch_end > end)
			end = ch_end;
	}
	if (end > start)
		gpu->cmdlist_busy_until = end;
	return HW_OK;
}

enum hw_status hw_gpu_display_transfer(struct hw_gpu *gpu, const struct hw_transfer_image *src,
				       const struct hw_transfer_image *dst, unsigned aa,
				       bool yflip)
{
	struct hw_counters delta;
	uint64_t clocks = 0;
	enum hw_status st = hw_transfer_display_check(&gpu->memory, src, dst, aa);

	if (st != HW_OK)
		return st;
	if (gpu_reserve_pending(gpu, 1) != HW_OK)
		return HW_ERROR_NO_MEMORY;
	memset(&delta, 0, sizeof delta);
	st = hw_transfer_display(&gpu->memory, &gpu->transfer_rates, src, dst, aa, yflip, &delta, &clocks);
	if (st != HW_OK)
		return st;
	gpu_queue_work(gpu, HW_EVENT_TRANSFER, clocks, &delta);
	return HW_OK;
}

enum hw_status hw_gpu_texture_copy(struct hw_gpu *gpu, uint32_t src, uint32_t dst, uint32_t size)
{
	struct hw_counters delta;
	uint64_t clocks = 0;
	enum hw_status st = hw_transfer_copy_check(&gpu->memory, src, dst, size);

	if (st != HW_OK || size == 0)
		return st;
	if (gpu_reserve_pending(gpu, 1) != HW_OK)
		return HW_ERROR_NO_MEMORY;
	memset(&delta, 0, sizeof delta);
	(void)hw_transfer_copy(&gpu->memory, &gpu->transfer_rates, src, dst, size, &delta, &clocks);
	gpu_queue_work(gpu, HW_EVENT_COPY, clocks, &delta);
	return HW_OK;
}

enum hw_status hw_gpu_block_copy(struct hw_gpu *gpu, const struct hw_block_copy *c)
{
	struct hw_counters delta;
	uint64_t clocks = 0;
	enum hw_status st = hw_transfer_block_copy_check(&gpu->memory, c);

	if (st != HW_OK || c->size == 0)
		return st;
	if (gpu_reserve_pending(gpu, 1) != HW_OK)
		return HW_ERROR_NO_MEMORY;
	memset(&delta, 0, sizeof delta);
	st = hw_transfer_block_copy(&gpu->memory, &gpu->transfer_rates, c, &delta, &clocks);
	if (st != HW_OK)
		return st;
	gpu_queue_work(gpu, HW_EVENT_COPY, clocks, &delta);
	return HW_OK;
}

enum hw_status hw_gpu_dma(struct hw_gpu *gpu, uint32_t src_phys, uint32_t dst_phys, uint32_t size)
{
	struct hw_counters delta;
	uint64_t clocks = 0;
	enum hw_status st = hw_transfer_dma_check(&gpu->memory, src_phys, dst_phys, size);

	if (st != HW_OK || size == 0)
		return st;
	if (gpu_reserve_pending(gpu, 1) != HW_OK)
		return HW_ERROR_NO_MEMORY;
	memset(&delta, 0, sizeof delta);
	(void)hw_transfer_dma(&gpu->memory, &gpu->transfer_rates, src_phys, dst_phys, size, &delta, &clocks);
	gpu_queue_work(gpu, HW_EVENT_DMA, clocks, &delta);
	return HW_OK;
}

enum hw_status hw_gpu_dma_in(struct hw_gpu *gpu, uint32_t dst_phys, uint32_t size,
			     bool (*read)(void *user, void *to, uint32_t size), void *user)
{
	struct hw_counters delta;
	uint64_t clocks = 0;
	enum hw_status st;

	if (size == 0)
		return HW_OK;
	if (gpu_reserve_pending(gpu, 1) != HW_OK)
		return HW_ERROR_NO_MEMORY;
	memset(&delta, 0, sizeof delta);
	st = hw_transfer_dma_in(&gpu->memory, &gpu->transfer_rates, dst_phys, size, read, user, &delta, &clocks);
	if (st != HW_OK)
		return st;
	gpu_queue_work(gpu, HW_EVENT_DMA, clocks, &delta);
	return HW_OK;
}

enum hw_status hw_gpu_cpu_read(struct hw_gpu *gpu, uint32_t phys, void *out, uint32_t size)
{
	return hw_transfer_cpu_read(&gpu->memory, phys, out, size, &gpu->counters);
}

void hw_gpu_set_display(struct hw_gpu *gpu, enum hw_lcd_screen_id screen,
			const struct hw_lcd_source *src)
{
	/* Frames up to now were scanned with the old buffer. */
	hw_lcd_advance(&gpu->lcd, gpu->clock, &gpu->counters);
	hw_lcd_set_source(&gpu->lcd, screen, src);
}

void hw_gpu_set_frame_clocks(struct hw_gpu *gpu, uint32_t frame_clocks)
{
	hw_lcd_advance(&gpu->lcd, gpu->clock, &gpu->counters);
	hw_lcd_set_frame_clocks(&gpu->lcd, frame_clocks);
}

hw_clock_t hw_gpu_next_vblank(const struct hw_gpu *gpu)
{
	return hw_lcd_next_vblank(&gpu->lcd, gpu->clock);
}

uint64_t hw_gpu_frames(const struct hw_gpu *gpu)
{
	return gpu->lcd.frames;
}

void hw_gpu_notef(struct hw_gpu *gpu, enum hw_note note, unsigned reg, const char *fmt, ...)
{
	char text[256];
	va_list ap;

	if (!gpu->note)
		return;
	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	gpu->note(gpu->note_user, note, reg, text);
}
