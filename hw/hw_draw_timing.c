/* hw_draw_timing.c: the timing side of a draw. What the draw did so far
 * becomes each pipeline stage's clocks under struct hw_draw_costs
 * (draw_running_work); the work is cut into batches as the vertex loop
 * closes them (hw_draw_close_batch), and the batches go through the
 * bounded queues of hw_pipeline.c (hw_draw_time, hw_draw_schedule). The
 * counter words of the shader processors and the polygon counter are
 * written here too (hw_draw_account). */
#include <string.h>

#include "hw_draw_int.h"

void hw_draw_costs_defaults(struct hw_draw_costs *costs)
{
	/* Model choices (no public timings): a few clocks of setup per draw,
	 * one clock per attribute, one per 16-byte VRAM fetch and two per
	 * FCRAM fetch ("the GPU reads FCRAM more slowly than VRAM"), one per
	 * index; 13 clocks per polygon in triangle setup, from the published
	 * peak of 15.3 M polygons/s at 200 MHz. */
	costs->draw_overhead = 16;
	costs->per_attribute = 1;
	costs->per_access_vram = 1;
	costs->per_access_fcram = 2;
	costs->per_index = 1;
	costs->setup_per_polygon = 13;
	/* Model choice: the rasterizer spends a few clocks per polygon on edge
	 * and tile set-up before it walks pixels (manual 9.3.1.1: its load
	 * depends on the polygons as well as the pixels). Below setup's 13, so
	 * that small triangles stay setup-bound, as the published peak rates
	 * (15.3 M polygons/s, 800 M pixels/s) imply. */
	costs->raster_per_polygon = 4;
	/* Fragment side: 4 pixels a clock in the rasterizer and in per-fragment
	 * operations, from the published peak of 800 M pixels/s at 200 MHz;
	 * the rest model choices: one clock per texture sample and 4 (VRAM) or
	 * 8 (FCRAM) per texture-cache miss, one clock per light per fragment,
	 * two combiner stages a clock. */
	costs->raster_pixels_per_clock = 4;
	costs->texture_per_sample = 1;
	costs->texture_per_miss_vram = 4;
	costs->texture_per_miss_fcram = 8;
	costs->lighting_per_light = 1;
	/* NintendoWare CreativeStudio's documented load ratios (hw_lighting.h). */
	costs->lighting_ratio_config4_6 = hw_lighting_layer_ratio(4);
	costs->lighting_ratio_config7 = hw_lighting_layer_ratio(7);
	costs->combiner_stages_per_clock = 2;
	costs->fragment_pixels_per_clock = 4;
	/* Model choice: the fog unit (and gas shading) sits in the combiner's
	 * pipeline and costs one more stage a fragment (no public figure). */
	costs->fog_stages = 1;
	/* Model choice: batches of 8 primitives or 512 pixels (eight 8 x 8
	 * tiles), queues of 2 batches between stages (the real FIFO depths
	 * are not public). */
	costs->batch_primitives = 8;
	costs->batch_pixels = 512;
	costs->queue_batches = 2;
}

/* n / per rounded up; n when per is 0. */
static uint64_t div_up(uint64_t n, uint32_t per)
{
	return per ? (n + per - 1) / per : n;
}

/* Clocks of one 16-byte access at phys: FCRAM's or VRAM's. */
static uint32_t access_cost(const struct hw_draw_costs *k, uint32_t phys)
{
	return hw_memory_area_of(phys) == HW_AREA_FCRAM ? k->per_access_fcram : k->per_access_vram;
}

/* VRAM reads this draw made for textures and the framebuffer (both are in
 * the channel words besides the loader's). */
static uint64_t fragment_vram_reads(const struct draw_ctx *d)
{
	const struct hw_draw_fragment *fr = &d->cfg->fragment;
	const struct hw_draw_result *r = d->r;
	uint64_t n = (r->texture_misses - d->texture_fcram_misses)
		     * (d->u->texture_cache->cfg.line_bytes / HW_MEMORY_ACCESS_BYTES);

	if (fr->ops.depth_phys && hw_memory_area_of(fr->ops.depth_phys) != HW_AREA_FCRAM)
		n += r->delta.memory[HW_MEM_DEPTH_STENCIL_READ];
	if (fr->ops.color_phys && hw_memory_area_of(fr->ops.color_phys) != HW_AREA_FCRAM)
		n += r->delta.memory[HW_MEM_COLOR_READ];
	return n;
}

/* Running totals of each stage's clocks for what the draw did so far
 * (the vertex stage is taken per processor, in hw_draw_close_batch). */
static void draw_running_work(const struct draw_ctx *d, uint64_t w[HW_PIPE_STAGE_COUNT])
{
	const struct hw_draw_result *r = d->r;
	const struct hw_draw_costs *k = d->u->costs;
	const struct hw_draw_fragment *fr = &d->cfg->fragment;
	uint64_t vram, fcram;

	memset(w, 0, HW_PIPE_STAGE_COUNT * sizeof *w);
	/* The loader's and index reads are word 4; their VRAM share is what
	 * the channel read words hold beyond texture and framebuffer reads. */
	vram = (uint64_t)r->delta.memory[HW_MEM_VRAM_A_READ] + r->delta.memory[HW_MEM_VRAM_B_READ];
	vram = fr->enabled ? vram - fragment_vram_reads(d) : vram;
	fcram = r->delta.memory[HW_MEM_COMMAND_VERTEX_READ] - vram;
	if (d->mixed_arrays) {
		/* Vertex arrays split between VRAM and main memory: the VRAM
		 * ones load at main-memory speed (hw_loader_arrays_mixed). */
		fcram += vram;
		vram = 0;
	}
	w[HW_PIPE_LOADER] = k->draw_overhead
		+ (uint64_t)r->vertices_shaded * d->cfg->loader.attrib_count * k->per_attribute
		+ vram * k->per_access_vram + fcram * k->per_access_fcram
		+ (uint64_t)r->indices * k->per_index;
	if (d->cfg->geometry_shader)
		w[HW_PIPE_GEOMETRY] = d->stats[0].clocks;
	w[HW_PIPE_SETUP] = (uint64_t)r->setup.polygons_in * k->setup_per_polygon;
	if (fr->enabled) {
		uint64_t vram_misses = r->texture_misses - d->texture_fcram_misses;
		uint64_t depth = (uint64_t)r->delta.memory[HW_MEM_DEPTH_STENCIL_READ]
				 + r->delta.memory[HW_MEM_DEPTH_STENCIL_WRITE];
		uint64_t color = (uint64_t)r->delta.memory[HW_MEM_COLOR_READ]
				 + r->delta.memory[HW_MEM_COLOR_WRITE];

		w[HW_PIPE_RASTER] = (uint64_t)r->setup.polygons_out * k->raster_per_polygon
			+ div_up(r->raster.covered, k->raster_pixels_per_clock);
		w[HW_PIPE_TEXTURE] = r->texture_samples * k->texture_per_sample
			+ vram_misses * k->texture_per_miss_vram
			+ d->texture_fcram_misses * k->texture_per_miss_fcram;
		w[HW_PIPE_LIGHTING] = d->textured * fr->lighting_passes * k->lighting_per_light;
		w[HW_PIPE_COMBINER] = div_up(d->textured
					     * (hw_combiner_active_stages(&fr->combiner)
						+ (fr->fog || fr->gas_shading ? k->fog_stages : 0u)),
					     k->combiner_stages_per_clock);
		w[HW_PIPE_FRAGMENT] = div_up(r->fragments.in, k->fragment_pixels_per_clock)
			+ depth * access_cost(k, fr->ops.depth_phys)
			+ color * access_cost(k, fr->ops.color_phys);
	}
}

/* A full batch table: pairs of batches become one, so the draw keeps
 * HW_PIPE_MAX_BATCHES / 2 batches of twice the size. */
static void draw_halve_batches(struct draw_ctx *d)
{
	struct hw_pipe *p = &d->r->pipe;
	unsigned b, s;

	for (b = 0; b < p->batches / 2; b++) {
		struct hw_pipe_batch x = p->batch[2 * b];
		const struct hw_pipe_batch *y = &p->batch[2 * b + 1];

		for (s = 0; s < HW_PIPE_STAGE_COUNT; s++) {
			/* one stage does the two batches one after the other */
			x.time[s] += y->time[s];
			x.busy[s] += y->busy[s];
		}
		p->batch[b] = x;
	}
	if (p->batches % 2)
		p->batch[p->batches / 2] = p->batch[p->batches - 1];
	p->batches = (p->batches + 1) / 2;
	p->doublings++;
	d->batch_size *= 2;
	d->batch_pixels *= 2;
}

/* Batch x appended to the draw's table, halving the table first when it
 * is full. */
static void draw_append_batch(struct draw_ctx *d, const struct hw_pipe_batch *x)
{
	struct hw_pipe *p = &d->r->pipe;

	if (p->batches == HW_PIPE_MAX_BATCHES)
		draw_halve_batches(d);
	p->batch[p->batches++] = *x;
}

/* Close the batch of everything done since the last close. Its pixels
 * stream through the fragment-side stages while they are made, so a batch
 * that covered more than `batch_pixels` pixels goes on as several: the
 * first holds the geometry stages' work and its share of the fragment
 * side's, the others the rest of the fragment side's, in equal parts. */
void hw_draw_close_batch(struct draw_ctx *d)
{
	struct hw_pipe_batch x, part;
	uint64_t w[HW_PIPE_STAGE_COUNT], slowest = 0, pixels, n, i;
	unsigned s, q, first = d->cfg->geometry_shader ? 1 : 0;

	/* the counts read below include the held fragments */
	if (d->fp.one_color)
		hw_raster_hand_on(&d->raster_buffer, hw_draw_on_fragments, d);
	memset(&x, 0, sizeof x);
	draw_running_work(d, w);
	for (s = 0; s < HW_PIPE_STAGE_COUNT; s++) {
		if (s == HW_PIPE_VERTEX)
			continue;
		x.time[s] = x.busy[s] = w[s] - d->closed[s];
		d->closed[s] = w[s];
	}
	/* The vertex stage lasts as long as its slowest processor; only
	 * processor 0 raises a busy signal, and only without a geometry
	 * shader (with one, processor 0 is the geometry stage). */
	for (q = first; q < SHADER_PROCESSORS; q++) {
		uint64_t c = d->stats[q].clocks - d->closed_clocks[q];

		if (c > slowest)
			slowest = c;
		if (q == 0)
			x.busy[HW_PIPE_VERTEX] = c;
	}
	for (q = 0; q < SHADER_PROCESSORS; q++)
		d->closed_clocks[q] = d->stats[q].clocks;
	x.time[HW_PIPE_VERTEX] = slowest;
	d->batch_from = d->r->setup.polygons_in;

	pixels = d->r->raster.covered - d->closed_pixels;
	d->closed_pixels = d->r->raster.covered;
	n = pixels > d->batch_pixels ? (pixels + d->batch_pixels - 1) / d->batch_pixels : 1;
	for (i = 0; i < n; i++) {
		memset(&part, 0, sizeof part);
		for (s = 0; s < HW_PIPE_STAGE_COUNT; s++) {
			if (s < HW_PIPE_RASTER) {
				if (i == 0) {
					part.time[s] = x.time[s];
					part.busy[s] = x.busy[s];
				}
				continue;
			}
			part.time[s] = x.time[s] * (i + 1) / n - x.time[s] * i / n;
			part.busy[s] = x.busy[s] * (i + 1) / n - x.busy[s] * i / n;
		}
		draw_append_batch(d, &part);
	}
}

/* Counter words, and the busy clocks of each module over the batches. */
void hw_draw_account(struct draw_ctx *d)
{
	struct hw_draw_result *r = d->r;
	unsigned p, b, s;

	for (p = 0; p < SHADER_PROCESSORS; p++) {
		r->delta.shader[p][HW_SHADER_INSTRUCTIONS] += (uint32_t)d->stats[p].instructions;
		r->delta.shader[p][HW_SHADER_STALL_DEPENDENCY] += (uint32_t)d->stats[p].stall_dependency;
		r->delta.shader[p][HW_SHADER_STALL_MOVA] += (uint32_t)d->stats[p].stall_mova;
		r->delta.shader[p][HW_SHADER_STALL_CMP] += (uint32_t)d->stats[p].stall_cmp;
		r->delta.shader[p][HW_SHADER_STALL_PREFETCH] += (uint32_t)d->stats[p].stall_prefetch;
	}
	r->delta.polygon[HW_POLYGON_VERTICES_IN] += d->assembler.vertices + d->ref.vertices;
	r->delta.polygon[HW_POLYGON_IN] += r->setup.polygons_in;
	r->delta.polygon[HW_POLYGON_OUT] += r->setup.polygons_out;

	hw_draw_close_batch(d);
	r->geometry_shader = d->cfg->geometry_shader;
	for (b = 0; b < r->pipe.batches; b++)
		for (s = 0; s < HW_PIPE_STAGE_COUNT; s++)
			r->work[hw_pipe_module((enum hw_pipe_stage)s)] += r->pipe.batch[b].busy[s];
}

void hw_draw_time(struct hw_draw_result *result, uint64_t command_clocks,
		  const struct hw_draw_costs *costs)
{
	struct hw_pipe *p = &result->pipe;

	if (p->batches == 0) {              /* not run: one empty batch */
		memset(&p->batch[0], 0, sizeof p->batch[0]);
		p->batches = 1;
	}
	p->batch[0].time[HW_PIPE_LOADER] += command_clocks;
	p->batch[0].busy[HW_PIPE_LOADER] += command_clocks;
	result->work[HW_BUSY_COMMAND] += command_clocks;
	/* The queues hold as many primitives whatever the batch size: when
	 * batches doubled, a queue holds half as many (at least one). */
	hw_pipe_evaluate(p, p->doublings >= 32 ? 1 : costs->queue_batches >> p->doublings
			 ? costs->queue_batches >> p->doublings : 1);
	result->duration = p->duration;
	result->vout_stall = 0;
	if (result->geometry_shader) {
		/* Manual 9.3.2: with the geometry shader on, processor 0's word 1
		 * includes the clocks vout waited for a busy later module. */
		result->vout_stall = hw_pipe_blocked(p, HW_PIPE_GEOMETRY);
		result->delta.shader[0][HW_SHADER_STALL_DEPENDENCY] += (uint32_t)result->vout_stall;
	}
}

enum hw_status hw_draw_schedule(struct hw_busy_unit *busy, const struct hw_draw_result *result,
				hw_clock_t start)
{
	return hw_pipe_schedule(&result->pipe, busy, start);
}
