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
#include "hw_fog.h"
#include "hw_fragment.h"
#include "hw_lighting.h"
#include "hw_lcd.h"
#include "hw_memory.h"
#include "hw_regs.h"
#include "hw_shader.h"
#include "hw_transfer.h"
#include "hw_vcache.h"

/* Counter additions that land when the work that made them ends. */
struct hw_pending {
	hw_clock_t at;
	struct hw_counters delta;
	bool vcache_restart;            /* an indexed draw: the counter restarts */
	uint32_t vcache_misses;
};

/* An optional observer of the work the GPU schedules (capture and trace
 * tools): told once per draw, command fetch without a draw, fill channel,
 * display transfer, texture copy and DMA, when that work is queued, with
 * what the model already computed. hw/ keeps no record of it. With no
 * observer the cost is one branch per piece of work. */
enum hw_event_kind {
	HW_EVENT_DRAW = 0,              /* a draw (its command fetches included) */
	HW_EVENT_COMMANDS,              /* command fetches after the last draw */
	HW_EVENT_FILL,                  /* one memory-fill channel */
	HW_EVENT_TRANSFER,              /* display transfer */
	HW_EVENT_COPY,                  /* texture copy */
	HW_EVENT_DMA
};

struct hw_event {
	enum hw_event_kind kind;
	hw_clock_t start, end;          /* in virtual time; counts land at end */
	const struct hw_counters *delta;       /* what it adds to the counters (NULL:
						  they land with later work) */
	const struct hw_draw_result *draw;     /* HW_EVENT_DRAW: work, counts */
	unsigned channel;               /* HW_EVENT_FILL: 0 or 1 */
	uint32_t command_phys;          /* HW_EVENT_DRAW: physical address of the
					   parameter word that triggered it */
};

typedef void (*hw_observe_fn)(void *user, const struct hw_event *event);

struct hw_gpu {
	hw_clock_t clock;               /* virtual clocks since power-on */
	struct hw_busy_unit busy;
	struct hw_counters counters;
	/* Queued command-list work runs on the GPU until this clock. */
	hw_clock_t cmdlist_busy_until;
	/* Bounds on one submitted command buffer (hw_gpu_submit), so that a
	 * corrupt or hostile buffer cannot hang the host: host work (units of
	 * hw_draw_units.work_limit) and virtual clocks from its start. Past
	 * either, the draw stops, HW_NOTE_LIMIT is reported and the rest of
	 * the buffer is skipped. 0: no bound (the default of hw_gpu_init;
	 * the library sets them from its configuration, limits.*). */
	uint64_t request_max_work;
	uint64_t request_max_clocks;

	struct hw_memory memory;
	uint32_t regs[HW_REG_COUNT];
	struct hw_command_state command;
	struct hw_shader_state vs, gs;
	struct hw_shader_timing shader_timing;
	struct hw_draw_costs costs;
	struct hw_transfer_rates transfer_rates;
	struct hw_vcache vcache;
	struct hw_fragment_state fragment;     /* framebuffer caches, early depth */
	struct hw_cache texture_cache;
	/* The procedural texture's registers (mirrored from 0x0A8-0x0AE as
	 * they are written) and the tables its data port filled. */
	struct hw_proctex proctex;
	struct hw_lcd lcd;                     /* scanout of both screens */
	/* Table memories behind the LUT ports (their index registers live
	 * in regs[] and step with each data write). */
	struct hw_lighting_luts lighting_luts;
	struct hw_fog_luts fog_luts;

	struct hw_pending *pending;     /* sorted by `at` */
	size_t pending_count, pending_cap;
	/* The texture and framebuffer caches exist. False only when their
	 * first allocation failed: commands then wait for them (hw_gpu_submit
	 * builds them or refuses to run). */
	bool caches_ready;

	hw_note_fn note;
	void *note_user;
	/* Window-space triangles for the fragment stages (may be NULL). */
	hw_setup_fn triangle_out;
	void *triangle_user;
	/* Observer of scheduled work (may be NULL); kept by a reset. */
	hw_observe_fn observe;
	void *observe_user;
};

/* Power-on state. HW_ERROR_NO_MEMORY when the caches could not be
 * allocated: everything else is ready, fini is safe, and hw_gpu_submit
 * tries the caches again before it runs anything. */
enum hw_status hw_gpu_init(struct hw_gpu *gpu);
void hw_gpu_fini(struct hw_gpu *gpu);

/* Power-on reset: clock 0, every counter 0, busy unit stopped with its
 * parameter registers as given, registers and shader memory cleared,
 * queued work dropped. Memory allocations belong to the objects that made
 * them (command lists, buffers) and stay; timing and cache configuration
 * (set from the configuration file) are kept. */
void hw_gpu_reset(struct hw_gpu *gpu, uint16_t busy_window, uint16_t busy_window_limit);

/* (Re)build the texture and framebuffer caches, empty; NULL takes the
 * defaults. HW_ERROR_RANGE for a bad geometry, HW_ERROR_NO_MEMORY when the
 * host has no room for the tags; either way nothing changes. */
enum hw_status hw_gpu_configure_caches(struct hw_gpu *gpu, const struct hw_cache_config *texture,
				       const struct hw_cache_config *framebuffer);

/* Let `clocks` clocks pass (saturating at HW_CLOCK_MAX): counts of work
 * that ends by then land in the counters. */
void hw_gpu_advance(struct hw_gpu *gpu, uint64_t clocks);

/* True while queued command-list work is still running (inline: every
 * profiling call asks). */
static inline bool hw_gpu_cmdlist_executing(const struct hw_gpu *gpu)
{
	return gpu->cmdlist_busy_until > gpu->clock;
}

/* Queue counter additions for clock `at` (applied at once if due). */
enum hw_status hw_gpu_pend(struct hw_gpu *gpu, hw_clock_t at, const struct hw_counters *delta,
			   bool vcache_restart, uint32_t vcache_misses);

/* Execute a command buffer as soon as the GPU is free; returns when it is
 * queued. cmdlist_busy_until moves to its end. HW_ERROR_NO_MEMORY: the
 * host ran out of memory and the buffer stopped at that command (nothing
 * ran when the caches could not be built); HW_ERROR_FAULT and the like:
 * a bad command stopped it (reported through `note`). */
enum hw_status hw_gpu_submit(struct hw_gpu *gpu, const uint32_t *words, size_t count,
			     uint32_t phys);

/* ---- frame loop: transfers, fills, DMA, CPU reads, LCD ------------------
 *
 * Fills, transfers, copies and DMA are queued work, serial with command
 * lists (model choice: the SDK queues them in command lists too): each
 * starts at max(clock, cmdlist_busy_until), lasts the clocks its rate gives
 * (hw_transfer.h) and moves cmdlist_busy_until to its end. The memory work
 * is done at once, when queued (functional side); the counts land when the
 * work ends (hw_gpu_pend). None raises a busy signal. Every call checks all
 * its arguments first and changes nothing when it fails: HW_ERROR_RANGE
 * for a bad value, HW_ERROR_FAULT for memory outside any buffer,
 * HW_ERROR_NO_MEMORY when the host ran out. */

/* One memory-fill channel (0 or 1): `size` bytes at `phys` (16-byte
 * aligned, size a multiple of 16, VRAM only) with the low `width_bits`
 * (16, 24, 32) of `value` repeated; words 14/15. size 0: nothing. */
enum hw_status hw_gpu_fill(struct hw_gpu *gpu, unsigned channel, uint32_t phys, uint32_t size,
			   uint32_t value, unsigned width_bits);

/* Both fill channels started together (a glClear of colour and depth):
 * they run in parallel, the pair lasts the longer of the two, and each
 * channel's counts land at its own end. NULL, size 0 or phys 0: that
 * channel is not used. */
enum hw_status hw_gpu_fill2(struct hw_gpu *gpu, const struct hw_fill *channel0,
			    const struct hw_fill *channel1);

/* Display transfer (tiled colour buffer -> linear display buffer, or the
 * other way): format conversion, aa 0 none / 1 2x1 / 2 2x2 (the source is
 * that many times the destination), vertical flip; words 12/13. Layouts
 * and rules in hw_transfer.h. */
enum hw_status hw_gpu_display_transfer(struct hw_gpu *gpu, const struct hw_transfer_image *src,
				       const struct hw_transfer_image *dst, unsigned aa,
				       bool yflip);

/* Texture copy: `size` raw bytes through the post-transfer engine; words
 * 12/13. */
enum hw_status hw_gpu_texture_copy(struct hw_gpu *gpu, uint32_t src, uint32_t dst, uint32_t size);

/* Block copy (nngxAddBlockImageCopyCommand): the texture-copy mode with
 * units and gaps on each side (hw_transfer.h); words 12/13. */
enum hw_status hw_gpu_block_copy(struct hw_gpu *gpu, const struct hw_block_copy *c);

/* CPU-side DMA of `size` bytes; word 17 and the destination's channel. */
enum hw_status hw_gpu_dma(struct hw_gpu *gpu, uint32_t src_phys, uint32_t dst_phys, uint32_t size);

/* hw_gpu_dma from main memory the model does not simulate: `read` fills
 * the destination (hw_transfer_dma_in); counted and timed as from FCRAM. */
enum hw_status hw_gpu_dma_in(struct hw_gpu *gpu, uint32_t dst_phys, uint32_t size,
			     bool (*read)(void *user, void *to, uint32_t size), void *user);

/* CPU read of `size` bytes into `out`, now: counts land at once (word 16
 * and the channel read word), no GPU time passes. The caller waits for
 * queued work first if it wants its results. */
enum hw_status hw_gpu_cpu_read(struct hw_gpu *gpu, uint32_t phys, void *out, uint32_t size);

/* Show `src` on `screen` from the next vblank (NULL: nothing shown). The
 * source is copied; its buffer is never read for real, so it need not be
 * valid memory (a buffer outside memory just counts). */
void hw_gpu_set_display(struct hw_gpu *gpu, enum hw_lcd_screen_id screen,
			const struct hw_lcd_source *src);
/* Frames of `frame_clocks` clocks from the last vblank before now
 * (hw_lcd_set_frame_clocks). */
void hw_gpu_set_frame_clocks(struct hw_gpu *gpu, uint32_t frame_clocks);

/* The first vblank strictly after the current clock: advancing to it from
 * anywhere completes exactly one more frame. */
hw_clock_t hw_gpu_next_vblank(const struct hw_gpu *gpu);

/* Complete frames since power-on. */
uint64_t hw_gpu_frames(const struct hw_gpu *gpu);

/* Report something to the API layer, if it listens. */
void hw_gpu_notef(struct hw_gpu *gpu, enum hw_note note, unsigned reg, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 4, 5)))
#endif
	;

#endif
