/* hw_gpu.c: power-on, the passage of virtual time, and work queued in it. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hw_gpu.h"

void hw_gpu_init(struct hw_gpu *gpu)
{
	memset(gpu, 0, sizeof *gpu);
	hw_busy_init(&gpu->busy);
	hw_counters_reset(&gpu->counters);
	hw_memory_init(&gpu->memory);
	hw_shader_timing_defaults(&gpu->shader_timing);
	hw_draw_costs_defaults(&gpu->costs);
	hw_vcache_configure(&gpu->vcache, HW_VCACHE_DEFAULT_ENTRIES, HW_VCACHE_FIFO);
	gpu->gs.geometry_unit = true;
	hw_gpu_configure_caches(gpu, NULL, NULL);
}

/* (Re)build the texture and framebuffer caches, empty. NULL: defaults. */
enum hw_status hw_gpu_configure_caches(struct hw_gpu *gpu, const struct hw_cache_config *texture,
				       const struct hw_cache_config *framebuffer)
{
	struct hw_cache_config tex_default, fb_default;
	struct hw_cache tex;
	struct hw_fragment_state frag;

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
	if (hw_cache_init(&tex, texture) != HW_OK)
		return HW_ERROR_RANGE;
	if (hw_fragment_state_init(&frag, framebuffer) != HW_OK) {
		hw_cache_fini(&tex);
		return HW_ERROR_RANGE;
	}
	if (gpu->texture_cache.tag)
		hw_cache_fini(&gpu->texture_cache);
	if (gpu->fragment.color_cache.tag)
		hw_fragment_state_fini(&gpu->fragment);
	gpu->texture_cache = tex;
	gpu->fragment = frag;
	return HW_OK;
}

void hw_gpu_fini(struct hw_gpu *gpu)
{
	hw_busy_fini(&gpu->busy);
	hw_cache_fini(&gpu->texture_cache);
	hw_fragment_state_fini(&gpu->fragment);
	hw_memory_fini(&gpu->memory);
	free(gpu->pending);
	gpu->pending = NULL;
	gpu->pending_count = gpu->pending_cap = 0;
}

void hw_gpu_reset(struct hw_gpu *gpu, uint16_t busy_window, uint16_t busy_window_limit)
{
	gpu->clock = 0;
	gpu->cmdlist_busy_until = 0;
	hw_busy_reset(&gpu->busy, busy_window, busy_window_limit);
	hw_counters_reset(&gpu->counters);
	memset(gpu->regs, 0, sizeof gpu->regs);
	memset(&gpu->command, 0, sizeof gpu->command);
	memset(&gpu->vs, 0, sizeof gpu->vs);
	memset(&gpu->gs, 0, sizeof gpu->gs);
	gpu->gs.geometry_unit = true;
	hw_vcache_clear(&gpu->vcache);
	hw_cache_invalidate(&gpu->texture_cache);
	hw_fragment_invalidate(&gpu->fragment);
	gpu->pending_count = 0;
}

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
}

bool hw_gpu_cmdlist_executing(const struct hw_gpu *gpu)
{
	return gpu->cmdlist_busy_until > gpu->clock;
}

enum hw_status hw_gpu_pend(struct hw_gpu *gpu, hw_clock_t at, const struct hw_counters *delta,
			   bool vcache_restart, uint32_t vcache_misses)
{
	struct hw_pending *p;
	size_t i;

	if (gpu->pending_count == gpu->pending_cap) {
		size_t cap = gpu->pending_cap ? gpu->pending_cap * 2 : 8;
		p = realloc(gpu->pending, cap * sizeof *p);
		if (!p)
			return HW_ERROR_NO_MEMORY;
		gpu->pending = p;
		gpu->pending_cap = cap;
	}
	/* Work is queued in time order, so this is almost always an append. */
	for (i = gpu->pending_count; i > 0 && gpu->pending[i - 1].at > at; i--)
		;
	memmove(&gpu->pending[i + 1], &gpu->pending[i],
		(gpu->pending_count - i) * sizeof *gpu->pending);
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
	enum hw_status st = hw_command_run(gpu, words, count, phys, start, &end);

	gpu->cmdlist_busy_until = end;
	return st;
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
