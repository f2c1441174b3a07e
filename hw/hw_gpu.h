/* hw_gpu.h: the simulated PICA200 as one struct; its clock and its blocks. */
#ifndef NNGX_HW_GPU_H
#define NNGX_HW_GPU_H

#include <stdbool.h>
#include <stddef.h>

#include "hw_busy.h"
#include "hw_clock.h"
#include "hw_command.h"
#include "hw_counters.h"
#include "hw_cache.h"
#include "hw_draw.h"
#include "hw_fragment.h"
#include "hw_memory.h"
#include "hw_regs.h"
#include "hw_shader.h"
#include "hw_vcache.h"

/* Counter additions that land when the work that made them ends. */
struct hw_pending {
	hw_clock_t at;
	struct hw_counters delta;
	bool vcache_restart;            /* an indexed draw: the counter restarts */
	uint32_t vcache_misses;
};

struct hw_gpu {
	hw_clock_t clock;               /* virtual clocks since power-on */
	struct hw_busy_unit busy;
	struct hw_counters counters;
	/* Queued command-list work runs on the GPU until this clock. */
	hw_clock_t cmdlist_busy_until;

	struct hw_memory memory;
	uint32_t regs[HW_REG_COUNT];
	struct hw_command_state command;
	struct hw_shader_state vs, gs;
	struct hw_shader_timing shader_timing;
	struct hw_draw_costs costs;
	struct hw_vcache vcache;
	struct hw_fragment_state fragment;     /* framebuffer caches, early depth */
	struct hw_cache texture_cache;

	struct hw_pending *pending;     /* sorted by `at` */
	size_t pending_count, pending_cap;

	hw_note_fn note;
	void *note_user;
	/* Window-space triangles for the fragment stages (may be NULL). */
	hw_setup_fn triangle_out;
	void *triangle_user;
};

void hw_gpu_init(struct hw_gpu *gpu);
void hw_gpu_fini(struct hw_gpu *gpu);

/* Power-on reset: clock 0, every counter 0, busy unit stopped with its
 * parameter registers as given, registers and shader memory cleared,
 * queued work dropped. Memory allocations belong to the objects that made
 * them (command lists, buffers) and stay; timing and cache configuration
 * (set from the configuration file) are kept. */
void hw_gpu_reset(struct hw_gpu *gpu, uint16_t busy_window, uint16_t busy_window_limit);

/* (Re)build the texture and framebuffer caches, empty; NULL takes the
 * defaults. HW_ERROR_RANGE for a bad geometry (nothing changes). */
enum hw_status hw_gpu_configure_caches(struct hw_gpu *gpu, const struct hw_cache_config *texture,
				       const struct hw_cache_config *framebuffer);

/* Let `clocks` clocks pass (saturating at HW_CLOCK_MAX): counts of work
 * that ends by then land in the counters. */
void hw_gpu_advance(struct hw_gpu *gpu, uint64_t clocks);

/* True while queued command-list work is still running. */
bool hw_gpu_cmdlist_executing(const struct hw_gpu *gpu);

/* Queue counter additions for clock `at` (applied at once if due). */
enum hw_status hw_gpu_pend(struct hw_gpu *gpu, hw_clock_t at, const struct hw_counters *delta,
			   bool vcache_restart, uint32_t vcache_misses);

/* Execute a command buffer as soon as the GPU is free; returns when it is
 * queued. cmdlist_busy_until moves to its end. */
enum hw_status hw_gpu_submit(struct hw_gpu *gpu, const uint32_t *words, size_t count,
			     uint32_t phys);

/* Report something to the API layer, if it listens. */
void hw_gpu_notef(struct hw_gpu *gpu, enum hw_note note, unsigned reg, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 4, 5)))
#endif
	;

#endif
