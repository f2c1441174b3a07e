/* hw_draw.c: a draw through loader, shader processors, post-vertex cache,
 * (geometry shader,) primitive assembly, clipping and setup, and on
 * through the fragment side. This file sets a draw up, runs it and tears
 * it down (hw_draw_run); the stages have files of their own:
 *   hw_draw_vertex.c    indices, fetches, shading in windows, the vertex
 *                       cache and memo, assembly, geometry shader,
 *                       clipping and setup, up to the rasterizer;
 *   hw_draw_fragment.c  the rasterizer's fragments: textures, lighting,
 *                       combiner, fog, per-fragment operations;
 *   hw_draw_timing.c    the costs, batches, each stage's clocks, counter
 *                       words, and the pipeline's timing of the draw;
 *   hw_draw_int.h       what they share (struct draw_ctx).
 *
 * Model choices, each documented in doc/model.md:
 * - vertex k of a draw (in shading order) runs on shader processor k % 4;
 *   with a geometry shader, processor 0 runs it and vertices go to
 *   processors 1..3 as k % 3 + 1;
 * - index arrays are read through a one-line (16-byte) fetch buffer, like
 *   attribute arrays;
 * - work per module: see struct hw_draw_costs and hw_draw_costs_defaults;
 * - timing: batches of primitives through bounded queues (hw_pipeline.h);
 *   each module's clocks are rounded up once per draw (the batches take
 *   the differences of the rounded running totals). */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "hw_alloc.h"
#include "hw_draw_int.h"

/* ---- a draw ---------------------------------------------------------------- */

enum hw_status hw_draw_run(const struct hw_draw_units *units, const struct hw_draw_config *cfg,
			   struct hw_draw_result *result, char *fault, unsigned fault_len)
{
	struct draw_ctx d;

	memset(result, 0, sizeof *result);
	result->indexed = cfg->indexed;
	result->count = cfg->count;
	memset(&d, 0, offsetof(struct draw_ctx, raster_buffer));
	d.raster_buffer.zeroed = 0;
	d.raster_buffer.w_set = 0;
	d.raster_buffer.unused = 0;
	d.raster_buffer.held = 0;
	d.raster_buffer.hold = false;
	hw_draw_fragment_clear(&d.fp);
	d.u = units;
	d.cfg = cfg;
	d.r = result;
	d.fault = fault;
	d.fault_len = fault_len;
	d.batch_size = units->costs->batch_primitives ? units->costs->batch_primitives : 1;
	d.batch_pixels = units->costs->batch_pixels ? units->costs->batch_pixels : 1;
	hw_loader_lines_reset(&d.lines);
	hw_loader_prepare(&d.loader, &cfg->loader, d.in);
	d.mixed_arrays = hw_loader_arrays_mixed(&cfg->loader);
	hw_draw_outmap_prepare(cfg, &d.outmap);
	hw_assembler_begin(&d.assembler, cfg->topology, hw_draw_to_setup, &d);
	hw_ref_assembler_begin(&d.ref, cfg->topology);
	if (cfg->fragment.enabled)
		hw_draw_compile_fragment(&d, &d.fp);
	/* The programs are prepared once per draw: shader memory and the
	 * vertex unit's uniforms cannot change during a draw; the geometry
	 * unit's can (b15, fixed and variable modes), so it runs live. */
	d.vs = hw_shader_program_create(units->vs, units->timing);
	d.gs = cfg->geometry_shader ? hw_shader_program_create(units->gs, units->timing) : NULL;
	if (d.gs)
		hw_shader_program_live(d.gs);
	if (cfg->indexed) {
		d.memo_size = cfg->geometry_shader ? 0 : hw_draw_memo_size(cfg->count);
		d.cache = hw_malloc(HW_VCACHE_MAX_ENTRIES * sizeof *d.cache
				    + d.memo_size * sizeof *d.memo);
		if (d.cache) {
			uint32_t e;

			d.memo = (struct draw_memo_entry *)(void *)(d.cache
								    + HW_VCACHE_MAX_ENTRIES);
			for (e = 0; e < d.memo_size; e++)
				d.memo[e].index = MEMO_NONE;
		}
	}
	if (!d.vs || (cfg->geometry_shader && !d.gs) || (cfg->indexed && !d.cache)) {
		hw_shader_program_destroy(d.vs);
		hw_shader_program_destroy(d.gs);
		free(d.cache);
		return HW_ERROR_NO_MEMORY;
	}
	d.status = hw_draw_vertices(&d);
	if (d.fp.one_color)     /* before the flush */
		hw_raster_hand_on(&d.raster_buffer, hw_draw_on_fragments, &d);
	hw_shader_program_destroy(d.vs);
	hw_shader_program_destroy(d.gs);
	free(d.cache);
	/* Model choice: each draw ends with a framebuffer flush, so its
	 * write-backs are its own. */
	if (cfg->fragment.enabled) {
		hw_fragment_flush(units->fragment_state, &result->delta);
		hw_fragment_invalidate(units->fragment_state);
	}
	hw_draw_account(&d);
	result->work_done = draw_work(&d);
	return d.status;
}
