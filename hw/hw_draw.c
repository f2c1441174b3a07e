/* hw_draw.c: a draw through loader, shader processors, post-vertex cache,
 * (geometry shader,) primitive assembly, clipping and setup.
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hw_alloc.h"
#include "hw_draw.h"
#include "hw_regs.h"
#include "hw_simd.h"

#define SHADER_PROCESSORS 4

/* The fragment side of a draw, compiled once when the draw starts
 * (draw_compile_fragment): what does not change from fragment to fragment
 * is decoded and looked up here, not per fragment. Functional only; the
 * timing (draw_account_fragments) reads the counts the fragments leave. */
struct draw_fragment_program {
	/* The rasterizer's configuration, without the varyings nothing reads. */
	struct hw_raster_config raster;
	struct hw_combiner_program combiner;
	/* The combiner's inputs, reused from fragment to fragment: only the
	 * ones the combiner reads are written, the rest stay 0. */
	struct hw_combiner_inputs inputs;
	struct hw_combiner_bound bound;          /* the combiner bound to `inputs` */
	bool reads_primary, reads_fragment_primary;
	/* Fragment lighting or fog is on (hw_draw_fragment.lighting, .fog):
	 * every fragment takes the per-fragment path (fragment_shade). */
	bool shaded;
	/* Per texture unit sampled: its sampler (the chain's host bytes are
	 * NULL when they lie outside memory: the sample reads black), its
	 * texel size (the samplers are the last member). A unit whose
	 * texels can depend on the level of detail (hw_texture_uses_lod) is
	 * in lod_mask: its samples take the lod of their 2x2 quad (the
	 * triangle's gradient in draw_ctx.gradient) and read through
	 * hw_texture_footprint and hw_texture_sample; the others sample at
	 * lod 0 through the sampler. */
	unsigned texel_bytes[HW_TEXTURE_UNITS];
	unsigned lod_mask;
	/* each face's chain, host bytes (a 2D texture: [0], the sampler's) */
	const uint8_t *face_bytes[HW_TEXTURE_UNITS][HW_CUBE_FACES];
	unsigned texture_units[HW_TEXTURE_UNITS];    /* the units sampled, in order */
	unsigned texture_unit_count;
	bool proctex;                            /* the procedural texture is read */
	uint32_t texture_line_units;             /* 16-byte units a texture-cache line */
	struct hw_fragment_target target;        /* the buffers, looked up once */
	/* Fragments go through the stages a rasterizer batch at a time
	 * (on_fragments): the target allows it and no texture shares a byte
	 * with the buffers the batch writes. */
	bool batch;
	/* The rasterizer's target lies inside the buffers' (it hands on
	 * pixels inside its own only): no fragment can fall outside. */
	bool raster_inside;
	/* Fragments go from the rasterizer straight to the per-fragment
	 * operations with one colour: `batch` and `raster_inside` (none can
	 * fault), no texture, no early depth test, and a combiner that reads
	 * no vertex colour (so only what stays put for the draw). The
	 * rasterizer then holds them across triangles (hw_raster_buffer.hold;
	 * fragments_one_color), and nothing reads what they change before
	 * they are handed on: at a batch close, and before the draw's
	 * flush. */
	bool one_color;
	/* Last: their offset tables (8 KiB each) are not cleared with the
	 * rest (draw_fragment_clear). */
	struct hw_texture_sampler sampler[HW_TEXTURE_UNITS];
};

/* A shaded vertex as triangles share it: routed through the output map,
 * and prepared for clipping once (hw_clip_prepare): the planes it is not
 * inside and, when it is inside them all, its window-space form. */
struct draw_vertex {
	struct hw_vertex v;
	struct hw_vertex window;            /* valid when outside == 0 */
	unsigned outside;
};

struct cached_vertex {
	struct draw_vertex dv;
	float out[HW_SHADER_OUTPUTS][4];
};

/* Vertices shaded again. The vertex cache forgets, so an indexed draw
 * shades many of its vertices more than once, and counts each time (a
 * cache miss, an invocation and its instructions, its fetch). With a
 * replaying program an invocation's outputs are a function of the input
 * registers its path reads (hw_shader_program_path): a vertex whose
 * fetched registers hold the bits an earlier invocation's held gets that
 * invocation's vertex, as outputs_to_vertex and hw_clip_prepare made it,
 * and its counts are the path's. Only the host's work changes. One entry
 * an index (its low bits), in the allocation of the draw's vertex cache;
 * a program that reads more than DRAW_MEMO_ROWS input registers does
 * without. No geometry shader (which reads the outputs themselves). */
#define DRAW_MEMO_ENTRIES 512u          /* at most: a power of two */
#define DRAW_MEMO_ROWS 8u

struct draw_memo_entry {
	uint32_t index;                 /* MEMO_NONE: empty */
	float in[DRAW_MEMO_ROWS][4];    /* the registers read, in register order */
	struct draw_vertex dv;
};
#define MEMO_NONE UINT32_MAX            /* above any index (16 bits) */

/* A draw's output map: component `from` of the shader outputs (register
 * * 4 + lane) is copied to byte `to` of the vertex, and the next `len` - 1
 * components to the next floats (routes of consecutive components to
 * consecutive floats are one run, copied at once). */
struct draw_outmap {
	unsigned count;
	struct {
		uint8_t from, to, len;
	} route[HW_OUTMAP_SLOTS * 4];
};

struct draw_ctx {
	const struct hw_draw_units *u;
	const struct hw_draw_config *cfg;
	struct hw_draw_result *r;
	struct hw_assembler assembler;          /* with a geometry shader */
	/* without one: assembly of the draw_vertex entries where they are
	 * (vertex cache, look-ahead window); a held vertex about to be
	 * overwritten moves to `held` first (draw_release) */
	struct hw_ref_assembler ref;
	struct draw_vertex held[3];
	struct hw_loader_lines lines;
	struct hw_loader_program loader;         /* prepared for this draw */
	struct draw_outmap outmap;               /* prepared for this draw */
	float in[HW_SHADER_INPUTS][4];           /* the loader's, vertex after vertex */
	const struct hw_region *index_region;    /* where the last index was read */
	/* the draw's first index, when one region holds all of them */
	const unsigned char *index_host;
	struct hw_shader_stats stats[SHADER_PROCESSORS];
	uint64_t instructions;                   /* the sum of stats[].instructions */
	uint32_t shaded;                         /* distribution counter */
	/* geometry shader input being collected */
	float gs_in[HW_SHADER_INPUTS][4];
	unsigned gs_vertices;
	/* variable mode: indices pass 1 reads before the next count, and the
	 * primitive being collected (its count, vertices so far, next c) */
	uint32_t var_ahead_left;
	uint32_t var_n, var_got;
	unsigned var_reg;
	char *fault;
	unsigned fault_len;
	enum hw_status status;
	struct cached_vertex *cache;             /* one per vertex-cache entry */
	/* vertices shaded again (struct draw_memo_entry): memo_size entries
	 * after `cache`, none when 0; the registers the program's path reads
	 * and its counts, set when memo_on turns it on */
	struct draw_memo_entry *memo;
	uint32_t memo_size;
	unsigned memo_rows;
	uint8_t memo_row[DRAW_MEMO_ROWS];
	enum { MEMO_UNKNOWN, MEMO_ON, MEMO_OFF } memo_mode;
	struct hw_shader_stats memo_counts;
	struct hw_shader_program *vs, *gs;       /* prepared for this draw */
	uint64_t textured;                       /* fragments through texture/lighting */
	uint64_t texture_fcram_misses;
	uint64_t texture_faults;
	bool mixed_arrays;                       /* hw_loader_arrays_mixed */
	/* batches: running totals at the last close, and the batch size */
	uint64_t closed[HW_PIPE_STAGE_COUNT];
	uint64_t closed_clocks[SHADER_PROCESSORS];
	uint64_t closed_pixels;
	uint32_t batch_from;                     /* polygons into setup then */
	uint32_t batch_size;                     /* polygons a batch */
	uint64_t batch_pixels;                   /* pixels a batch at most */
	/* A draw of one colour (draw_fragment_program.one_color): how many
	 * slots of one_rgba and one_which are set (to one_value and to their
	 * own index). */
	unsigned one_set;
	uint8_t one_value[4];
	hw_raster_batch_in_fn raster_in;        /* the rasterizer, this host's copy */
	/* Last, and cleared in part (hw_draw_run): the rasterizer's batch,
	 * kept across the draw's triangles (its slots need no clearing), and
	 * the fragment side (draw_fragment_clear). */
	struct hw_raster_buffer raster_buffer;
	/* The triangle's texture-coordinate gradients, for the units in
	 * fp.lod_mask (set by to_raster before its fragments). */
	struct hw_raster_gradient gradient[HW_TEXTURE_UNITS];
	bool triangle_hooks;    /* u->triangle_out or fp.lod_mask: triangle_hooks() */
	struct draw_fragment_program fp;         /* the fragment side, compiled */
	uint8_t one_rgba[HW_RASTER_BATCH][4];
	uint8_t one_which[HW_RASTER_BATCH];
};

static void draw_close_batch(struct draw_ctx *d);

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
	costs->combiner_stages_per_clock = 2;
	costs->fragment_pixels_per_clock = 4;
	/* Model choice: batches of 8 primitives or 512 pixels (eight 8 x 8
	 * tiles), queues of 2 batches between stages (the real FIFO depths
	 * are not public). */
	costs->batch_primitives = 8;
	costs->batch_pixels = 512;
	costs->queue_batches = 2;
}

/* Where semantic `sem` lands in a vertex, NULL for nowhere. */
static float *semantic_place(struct hw_vertex *v, unsigned sem)
{
	if (sem <= HW_REG_SEM_POS_W)
		return &v->pos[sem - HW_REG_SEM_POS_X];
	if (sem <= HW_REG_SEM_QUAT_W)
		return &v->varying[HW_VARYING_QUATERNION][sem - HW_REG_SEM_QUAT_X];
	if (sem <= HW_REG_SEM_COLOR_A)
		return &v->varying[HW_VARYING_COLOR][sem - HW_REG_SEM_COLOR_R];
	if (sem <= HW_REG_SEM_TEX0_V)
		return &v->varying[HW_VARYING_TEXCOORD0][sem - HW_REG_SEM_TEX0_U];
	if (sem <= HW_REG_SEM_TEX1_V)
		return &v->varying[HW_VARYING_TEXCOORD1][sem - HW_REG_SEM_TEX1_U];
	if (sem == HW_REG_SEM_TEX0_W)
		return &v->varying[HW_VARYING_TEXCOORD0][2];
	if (sem >= HW_REG_SEM_VIEW_X && sem <= HW_REG_SEM_VIEW_Z)
		return &v->varying[HW_VARYING_VIEW][sem - HW_REG_SEM_VIEW_X];
	if (sem == HW_REG_SEM_TEX2_U || sem == HW_REG_SEM_TEX2_V)
		return &v->varying[HW_VARYING_TEXCOORD2][sem - HW_REG_SEM_TEX2_U];
	return NULL;    /* HW_REG_SEM_UNUSED and undocumented codes */
}

/* The output map of a draw as a list of component copies, slot after
 * slot and x to w, skipping components that go nowhere: the same stores
 * in the same order as storing through semantic_place one by one (a run
 * writes distinct floats, in the order of its components). */
static void outmap_prepare(const struct hw_draw_config *cfg, struct draw_outmap *m)
{
	struct hw_vertex probe;
	unsigned i, k, from, to;

	m->count = 0;
	for (i = 0; i < cfg->outmap_slots && i < HW_OUTMAP_SLOTS; i++)
		for (k = 0; k < 4; k++) {
			const float *place = semantic_place(&probe, cfg->semantic[i][k]);

			if (!place)
				continue;
			from = cfg->outreg[i] % HW_SHADER_OUTPUTS * 4 + k;
			to = (unsigned)((const char *)place - (const char *)&probe);
			if (m->count) {
				unsigned len = m->route[m->count - 1].len;

				if (from == m->route[m->count - 1].from + len
				    && to == m->route[m->count - 1].to + len * sizeof(float)
				    && len < 4) {
					m->route[m->count - 1].len++;
					continue;
				}
			}
			m->route[m->count].from = (uint8_t)from;
			m->route[m->count].to = (uint8_t)to;
			m->route[m->count].len = 1;
			m->count++;
		}
}

/* outputs_to_vertex zeroes a vertex a row at a time: its position and
 * its varyings, nothing else. */
typedef char draw_vertex_is_seven_rows[sizeof(struct hw_vertex) == 7 * 4 * sizeof(float)
				       ? 1 : -1];

/* Route shader outputs to a vertex through the prepared output map. */
static void outputs_to_vertex(const struct draw_outmap *m,
			      const float out[HW_SHADER_OUTPUTS][4], struct hw_vertex *v)
{
	const float *from = &out[0][0];
	unsigned j;

	/* Zeroed with one 16-byte store a row: memset compiles to a string
	 * instruction, slow to start. */
	static const float zero4[4] = { 0, 0, 0, 0 };

	memcpy(v->pos, zero4, sizeof zero4);
	for (j = 0; j < HW_VARYING_COUNT; j++)
		memcpy(v->varying[j], zero4, sizeof zero4);
	for (j = 0; j < m->count; j++) {
		char *to = (char *)v + m->route[j].to;
		const float *f = &from[m->route[j].from];

		switch (m->route[j].len) {
		case 4:
			memcpy(to, f, 4 * sizeof(float));
			break;
		case 3:
			memcpy(to, f, 3 * sizeof(float));
			break;
		case 2:
			memcpy(to, f, 2 * sizeof(float));
			break;
		default:
			memcpy(to, f, sizeof(float));
			break;
		}
	}
}

static unsigned next_vertex_processor(struct draw_ctx *d)
{
	unsigned k = d->shaded++;

	return d->cfg->geometry_shader ? k % (SHADER_PROCESSORS - 1) + 1 : k % SHADER_PROCESSORS;
}

/* ---- fragment stage ------------------------------------------------ */

/* The texture reads of `n` footprint addresses of unit u, in order,
 * through the texture cache: each miss reads a line (TEXTURE_READ and its
 * channel), and FCRAM misses are noted for the timing. */
static void texture_reads(struct draw_ctx *d, unsigned u, const uint32_t *addr, unsigned n)
{
	/* the reads at once: hw_cache_read_n keeps the cache's fields in
	 * locals, and a read of the line before is a hit at once */
	struct hw_cache *cache = d->u->texture_cache;
	uint32_t size = d->fp.texel_bytes[u], lines = d->fp.texture_line_units;
	uint16_t fills[HW_RASTER_BATCH * HW_TEX_FOOTPRINT_MAX];
	unsigned k, m = hw_cache_read_n(cache, addr, n, size, fills);

	for (k = 0; k < m; k++) {
		uint32_t a = addr[fills[k]];

		d->r->texture_misses++;
		if (hw_memory_area_of(a) == HW_AREA_FCRAM)
			d->texture_fcram_misses++;
		hw_memory_count(&d->r->delta, HW_MEM_TEXTURE_READ, a, false, lines);
	}
}

/* Texture unit u samples the fragment: cache traffic for its footprint,
 * and its colour for the combiner. */
static void fragment_texture(struct draw_ctx *d, unsigned u, const struct hw_fragment *f,
			     float rgba[4])
{
	const struct hw_draw_fragment *fr = &d->cfg->fragment;
	const struct draw_fragment_program *fp = &d->fp;
	const float *tc = f->varying[fr->texcoord[u]];
	uint32_t addr[HW_TEX_FOOTPRINT_MAX];
	unsigned n;

	d->r->texture_samples++;
	if ((fp->lod_mask >> u) & 1u) {
		double c[3][3];

		hw_raster_quad_coords(&d->gradient[u], f->x, f->y, c);
		n = hw_texture_sample_any(&fp->sampler[u].t, fp->face_bytes[u], tc,
					  hw_texture_quad_lod(&fp->sampler[u].t,
							      (const double (*)[3])c),
					  addr, rgba);
	} else {
		n = hw_texture_sampler_sample(&fp->sampler[u], tc[0], tc[1], addr, rgba);
	}
	texture_reads(d, u, addr, n);
	if (!fp->sampler[u].bytes)
		d->texture_faults++;            /* reads outside memory: black */
}

/* The procedural texture samples the fragment. Model choice (no cost is
 * published): it costs one texture sample's clocks (the texture unit's
 * texture_per_sample) and reads no memory. */
static void fragment_proctex(struct draw_ctx *d, const struct hw_fragment *f, float rgba[4])
{
	const struct hw_draw_fragment *fr = &d->cfg->fragment;
	const float *tc = f->varying[fr->proctex_texcoord];

	d->r->texture_samples++;
	hw_proctex_sample(fr->proctex, tc[0], tc[1], rgba);
}

/* fragment_texture on m fragments, coordinates st[k]: the same samples
 * and counts, their reads through the texture cache in the same order. */
static void fragment_texture_n(struct draw_ctx *d, unsigned u, const float (*st)[2], unsigned m,
			       float (*rgba)[4])
{
	const struct draw_fragment_program *fp = &d->fp;
	uint32_t addr[HW_RASTER_BATCH * HW_TEX_FOOTPRINT_MAX];
	uint8_t count[HW_RASTER_BATCH];
	unsigned total;

	d->r->texture_samples += m;
	total = hw_texture_sampler_sample_n(&fp->sampler[u], st, m, addr, count, rgba);
	texture_reads(d, u, addr, total);
	if (!fp->sampler[u].bytes)
		d->texture_faults += m;         /* reads outside memory: black */
}

/* The colour of a fragment of a lit or fogged draw, its textures
 * sampled into in->texture: lighting into the combiner's fragment
 * colours, the combiner, then fog on its RGB (before the per-fragment
 * operations: fog keeps alpha, so the alpha test sees what it would see
 * after fog). Reads the fragment and the draw's read-only state. */
static void fragment_shade(const struct draw_fragment_program *fp,
			   const struct hw_draw_fragment *fr, const struct hw_fragment *f,
			   struct hw_combiner_inputs *in, uint8_t rgba[4])
{
	if (fp->reads_primary)
		memcpy(in->primary, f->varying[HW_VARYING_COLOR], sizeof in->primary);
	if (fr->lighting)
		hw_lighting_fragment(fr->lighting, f->varying[HW_VARYING_QUATERNION],
				     f->varying[HW_VARYING_VIEW],
				     (const float (*)[4])in->texture, in->fragment_primary,
				     in->fragment_secondary);
	else if (fp->reads_fragment_primary)
		memcpy(in->fragment_primary, f->varying[HW_VARYING_COLOR],
		       sizeof in->fragment_primary);
	hw_combiner_exec_bytes(&fp->combiner, in, rgba);
	if (fr->fog)
		hw_fog_apply(fr->fog, f->z, rgba);
}

static void on_fragment(void *user, const struct hw_fragment *f)
{
	struct draw_ctx *d = user;
	const struct hw_draw_fragment *fr = &d->cfg->fragment;
	struct draw_fragment_program *fp = &d->fp;
	struct hw_combiner_inputs *in = &fp->inputs;
	uint8_t rgba[4];
	unsigned i;

	if (d->status != HW_OK)
		return;
	/* Early depth comes before texturing: a rejected fragment costs the
	 * texture, lighting and combiner stages nothing. */
	if (!hw_fragment_early_pass(&fr->ops, d->u->fragment_state, f)) {
		d->r->fragments.early_rejected++;
		return;
	}
	d->textured++;
	if (fp->shaded) {
		for (i = 0; i < fp->texture_unit_count; i++)
			fragment_texture(d, fp->texture_units[i], f,
					 in->texture[fp->texture_units[i]]);
		if (fp->proctex)
			fragment_proctex(d, f, in->texture[3]);
		fragment_shade(fp, fr, f, in, rgba);
		goto ops;
	}
	/* Without lighting its outputs are the vertex colour and black
	 * (fragment_secondary stays 0). */
	if (fp->reads_primary)
		memcpy(in->primary, f->varying[HW_VARYING_COLOR], sizeof in->primary);
	if (fp->reads_fragment_primary)
		memcpy(in->fragment_primary, f->varying[HW_VARYING_COLOR],
		       sizeof in->fragment_primary);
	for (i = 0; i < fp->texture_unit_count; i++)
		fragment_texture(d, fp->texture_units[i], f, in->texture[fp->texture_units[i]]);
	if (fp->proctex)
		fragment_proctex(d, f, in->texture[3]);
	hw_combiner_exec_bytes(&fp->combiner, in, rgba);
ops:
	if (hw_fragment_process_target(&fr->ops, &fp->target, d->u->fragment_state, d->u->mem, f,
				       rgba, &d->r->delta, &d->r->fragments) != HW_OK) {
		if (d->fault)
			snprintf(d->fault, d->fault_len, "fragment (%u, %u) falls outside the "
				 "colour or depth buffer memory", f->x, f->y);
		d->status = HW_ERROR_FAULT;
	}
}

/* Zero the fragment side but for the samplers' offset tables: a draw's
 * set-up clears about 1 KiB, not 26. */
static void draw_fragment_clear(struct draw_fragment_program *fp)
{
	unsigned u;

	memset(fp, 0, offsetof(struct draw_fragment_program, sampler));
	for (u = 0; u < HW_TEXTURE_UNITS; u++)
		memset(&fp->sampler[u], 0, offsetof(struct hw_texture_sampler, column));
}

/* Compile the fragment side of the draw (struct draw_fragment_program). */
static void draw_compile_fragment(struct draw_ctx *d, struct draw_fragment_program *fp)
{
	const struct hw_draw_fragment *fr = &d->cfg->fragment;
	uint32_t used = 0;
	unsigned u;

	draw_fragment_clear(fp);
	hw_combiner_compile(&fr->combiner, &fp->combiner);
	hw_combiner_bind(&fp->combiner, &fp->inputs, &fp->bound);
	fp->reads_primary = (fp->combiner.sources_read >> HW_REG_TEVSRC_PRIMARY_COLOR) & 1u;
	fp->reads_fragment_primary = (fp->combiner.sources_read >> HW_REG_TEVSRC_FRAG_PRIMARY) & 1u;
	if (fp->reads_primary || (fp->reads_fragment_primary && !fr->lighting))
		used |= 1u << HW_VARYING_COLOR;
	if (fr->lighting)
		used |= 1u << HW_VARYING_QUATERNION | 1u << HW_VARYING_VIEW;
	fp->shaded = fr->lighting || fr->fog;
	fp->texture_line_units = d->u->texture_cache->cfg.line_bytes / HW_MEMORY_ACCESS_BYTES;
	for (u = 0; u < HW_TEXTURE_UNITS; u++) {
		const struct hw_texture *t = &fr->texture[u];

		if (!((fr->texture_mask >> u) & 1u))
			continue;
		fp->texture_units[fp->texture_unit_count++] = u;
		used |= 1u << fr->texcoord[u];
		hw_texture_sampler_init(&fp->sampler[u], t,
					hw_memory_host(d->u->mem, t->phys, hw_texture_size(t)), 0.0f);
		fp->texel_bytes[u] = hw_texture_texel_bytes(t->format);
		if (hw_texture_uses_lod(t))
			fp->lod_mask |= 1u << u;
		fp->face_bytes[u][0] = fp->sampler[u].bytes;
		if (t->type == HW_TEXTYPE_CUBE || t->type == HW_TEXTYPE_SHADOW_CUBE) {
			unsigned k;

			for (k = 0; k < HW_CUBE_FACES; k++)
				fp->face_bytes[u][k] = hw_memory_host(d->u->mem, t->face_phys[k],
								      hw_texture_size(t));
		}
	}
	if (fr->proctex) {
		fp->proctex = true;
		used |= 1u << fr->proctex_texcoord;
	}
	hw_fragment_prepare(&fr->ops, d->u->mem, &fp->target);
	fp->batch = fp->target.compiled && fp->target.batch;
	for (u = 0; u < fp->texture_unit_count; u++) {
		const struct hw_texture *t = &fr->texture[fp->texture_units[u]];
		size_t pixels = (size_t)fr->ops.width * fr->ops.height, size = hw_texture_size(t);
		const uint8_t *bytes = fp->sampler[fp->texture_units[u]].bytes;
		unsigned k;

		if (hw_fragment_bytes_overlap(bytes, size, fp->target.color_host,
					      pixels * fp->target.color_bytes)
		    || hw_fragment_bytes_overlap(bytes, size, fp->target.depth_host,
						 pixels * fp->target.depth_bytes))
			fp->batch = false;
		for (k = 1; k < HW_CUBE_FACES; k++) {
			const uint8_t *fb = fp->face_bytes[fp->texture_units[u]][k];

			if (hw_fragment_bytes_overlap(fb, size, fp->target.color_host,
						      pixels * fp->target.color_bytes)
			    || hw_fragment_bytes_overlap(fb, size, fp->target.depth_host,
							 pixels * fp->target.depth_bytes))
				fp->batch = false;
		}
	}
	/* Only the varyings read above are interpolated, and depth only where
	 * the per-fragment operations read it: the early depth test, or a
	 * depth buffer tested or written (hw_fragment.c reads a fragment's
	 * depth nowhere else). */
	fp->raster = fr->raster;
	fp->raster.unused_varyings = ~used;
	fp->raster.depth_unused = !fr->ops.early_depth && !fr->fog
				  && fr->ops.mode == HW_FRAGMENT_GL
				  && (!fr->ops.depth_phys
				      || (!fr->ops.depth_test && !fr->ops.depth_write));
	fp->raster_inside = fp->raster.width <= fr->ops.width && fp->raster.height <= fr->ops.height;
	fp->one_color = fp->batch && fp->raster_inside && fp->texture_unit_count == 0
			&& !fp->proctex
			&& !(fr->ops.early_depth && d->u->fragment_state->early_depth)
			&& !fp->reads_primary && !fp->reads_fragment_primary && !fp->shaded;
	d->raster_buffer.hold = fp->one_color;
	d->triangle_hooks = d->u->triangle_out != NULL || fp->lod_mask != 0;
	d->raster_in = hw_raster_triangle_batch_in_copy(&fp->raster);
}

#if defined(__GNUC__)
#define DRAW_ALWAYS_INLINE static inline __attribute__((always_inline))
#else
#define DRAW_ALWAYS_INLINE static inline
#endif

/* A rasterizer batch: fragments of one triangle (tile parts of it), at
 * distinct pixels; in a draw of one colour, of several triangles
 * (fragments_one_color, the only path such a batch takes: the text below
 * is about the others). When the draw allows it (draw_fragment_program.batch)
 * and every fragment lies inside the target, the early test, texturing
 * and combiner run fragment after fragment and the per-fragment
 * operations then run on the survivors as one batch: the same results as
 * on_fragment on each in turn, since no fragment can fault, none reads
 * bytes another writes (distinct pixels; textures apart from the
 * buffers), and each cache sees its accesses in the same order. */
typedef char draw_batch_index_fits_a_byte[HW_RASTER_BATCH <= 256 ? 1 : -1];

/* A batch of a draw of one colour (draw_fragment_program.one_color):
 * the combiner runs once, and the batch's fragments, of one triangle or
 * of several (the rasterizer holds them), go through the per-fragment
 * operations with its colour. The operations do each fragment's tests and
 * writes before the next one's, so two fragments at one pixel see each
 * other as they would one by one. */
static void fragments_one_color(struct draw_ctx *d, const struct hw_fragment *f, unsigned count)
{
	const struct hw_draw_fragment *fr = &d->cfg->fragment;
	struct draw_fragment_program *fp = &d->fp;
	uint8_t color[4];
	unsigned i;

	hw_combiner_run_bound(&fp->bound, color);
	if (memcmp(color, d->one_value, sizeof color) != 0) {
		memcpy(d->one_value, color, sizeof color);
		d->one_set = 0;
	}
	for (i = d->one_set; i < count; i++) {
		memcpy(d->one_rgba[i], color, sizeof color);
		d->one_which[i] = (uint8_t)i;
	}
	if (d->one_set < count)
		d->one_set = count;
	hw_fragment_process_batch(&fr->ops, &fp->target, d->u->fragment_state, f, d->one_which,
				  (const uint8_t (*)[4])d->one_rgba, count, &d->r->delta,
				  &d->r->fragments);
}

DRAW_ALWAYS_INLINE void fragments_batch(void *user, const struct hw_fragment *f, unsigned count)
{
	struct draw_ctx *d = user;
	const struct hw_draw_fragment *fr = &d->cfg->fragment;
	struct draw_fragment_program *fp = &d->fp;
	struct hw_combiner_inputs *in = &fp->inputs;
	uint8_t rgba[HW_RASTER_BATCH][4];
	uint8_t which[HW_RASTER_BATCH];
	unsigned i, j, n = 0;
	bool batch, early;

	batch = fp->batch && d->status == HW_OK && count <= HW_RASTER_BATCH;
	for (i = 0; batch && !fp->raster_inside && i < count; i++)
		if (f[i].x >= fr->ops.width || f[i].y >= fr->ops.height)
			batch = false;
	if (!batch) {
		for (i = 0; i < count; i++)
			on_fragment(user, &f[i]);
		return;
	}
	/* (hw_fragment_early_pass lets everything through without early
	 * depth: asked only when the test runs) */
	early = fr->ops.early_depth && d->u->fragment_state->early_depth;
	if (fp->shaded) {
		/* lit or fogged: fragment after fragment, then the operations
		 * on the survivors as one batch */
		for (i = 0; i < count; i++) {
			if (early && !hw_fragment_early_pass(&fr->ops, d->u->fragment_state,
							     &f[i])) {
				d->r->fragments.early_rejected++;
				continue;
			}
			d->textured++;
			for (j = 0; j < fp->texture_unit_count; j++)
				fragment_texture(d, fp->texture_units[j], &f[i],
						 in->texture[fp->texture_units[j]]);
			if (fp->proctex)
				fragment_proctex(d, &f[i], in->texture[3]);
			fragment_shade(fp, fr, &f[i], in, rgba[n]);
			which[n++] = (uint8_t)i;
		}
		hw_fragment_process_batch(&fr->ops, &fp->target, d->u->fragment_state, f, which,
					  (const uint8_t (*)[4])rgba, n, &d->r->delta,
					  &d->r->fragments);
		return;
	}
	if (fp->texture_unit_count == 1 && !fp->lod_mask && !fp->proctex) {
		/* one texture: the survivors' samples together, then the
		 * combiner (the texture cache sees the same reads in the same
		 * order; with more units they interleave fragment by fragment) */
		unsigned u = fp->texture_units[0];
		const unsigned tc = fr->texcoord[u];
		float st[HW_RASTER_BATCH][2], tex[HW_RASTER_BATCH][4];

		for (i = 0; i < count; i++) {
			if (early && !hw_fragment_early_pass(&fr->ops, d->u->fragment_state, &f[i])) {
				d->r->fragments.early_rejected++;
				continue;
			}
			st[n][0] = f[i].varying[tc][0];
			st[n][1] = f[i].varying[tc][1];
			which[n++] = (uint8_t)i;
		}
		d->textured += n;
		fragment_texture_n(d, u, (const float (*)[2])st, n, tex);
#if HW_SSE2
		if (fp->bound.shape == HW_COMBINER_REPLACE && fp->bound.a == in->texture[u]
		    && !fp->reads_primary && !fp->reads_fragment_primary) {
			/* the combiner replaces with this texture: its
			 * straight-line code on each sample where it lies
			 * (hw_combiner_run_bound's, without the copy) */
			for (j = 0; j < n; j++)
				hw_combiner_bytes4(hw_combiner_clamp4(tex[j]), rgba[j]);
			if (n)          /* the inputs as the copies leave them */
				memcpy(in->texture[u], tex[n - 1], sizeof in->texture[u]);
			hw_fragment_process_batch(&fr->ops, &fp->target, d->u->fragment_state, f,
						  which, (const uint8_t (*)[4])rgba, n, &d->r->delta,
						  &d->r->fragments);
			return;
		}
#endif
		for (j = 0; j < n; j++) {
			const struct hw_fragment *fj = &f[which[j]];

			if (fp->reads_primary)
				memcpy(in->primary, fj->varying[HW_VARYING_COLOR], sizeof in->primary);
			if (fp->reads_fragment_primary)
				memcpy(in->fragment_primary, fj->varying[HW_VARYING_COLOR],
				       sizeof in->fragment_primary);
			memcpy(in->texture[u], tex[j], sizeof in->texture[u]);
			hw_combiner_run_bound(&fp->bound, rgba[j]);
		}
		hw_fragment_process_batch(&fr->ops, &fp->target, d->u->fragment_state, f, which,
					  (const uint8_t (*)[4])rgba, n, &d->r->delta,
					  &d->r->fragments);
		return;
	}
	if (fp->texture_unit_count == 0 && !fp->proctex && !early) {
		/* no early test, no texture: every fragment goes through the
		 * combiner, which reads only the colour */
		d->textured += count;
		if (!fp->reads_primary && !fp->reads_fragment_primary) {
			/* nor the colour */
			fragments_one_color(d, f, count);
			return;
		}
		for (i = 0; i < count; i++) {
			if (fp->reads_primary)
				memcpy(in->primary, f[i].varying[HW_VARYING_COLOR], sizeof in->primary);
			if (fp->reads_fragment_primary)
				memcpy(in->fragment_primary, f[i].varying[HW_VARYING_COLOR],
				       sizeof in->fragment_primary);
			hw_combiner_run_bound(&fp->bound, rgba[i]);
			which[i] = (uint8_t)i;
		}
		hw_fragment_process_batch(&fr->ops, &fp->target, d->u->fragment_state, f, which,
					  (const uint8_t (*)[4])rgba, count, &d->r->delta,
					  &d->r->fragments);
		return;
	}
	for (i = 0; i < count; i++) {
		if (early && !hw_fragment_early_pass(&fr->ops, d->u->fragment_state, &f[i])) {
			d->r->fragments.early_rejected++;
			continue;
		}
		d->textured++;
		if (fp->reads_primary)
			memcpy(in->primary, f[i].varying[HW_VARYING_COLOR], sizeof in->primary);
		if (fp->reads_fragment_primary)
			memcpy(in->fragment_primary, f[i].varying[HW_VARYING_COLOR],
			       sizeof in->fragment_primary);
		for (j = 0; j < fp->texture_unit_count; j++)
			fragment_texture(d, fp->texture_units[j], &f[i],
					 in->texture[fp->texture_units[j]]);
		if (fp->proctex)
			fragment_proctex(d, &f[i], in->texture[3]);
		hw_combiner_run_bound(&fp->bound, rgba[n]);
		which[n++] = (uint8_t)i;
	}
	hw_fragment_process_batch(&fr->ops, &fp->target, d->u->fragment_state, f, which,
				  (const uint8_t (*)[4])rgba, n, &d->r->delta, &d->r->fragments);
}

/* on_fragments's AVX2 copy (hw_simd.h), and the copy for the host. */
#if HW_AVX2
static HW_AVX2_TARGET void fragments_batch_avx2(void *user, const struct hw_fragment *f,
						unsigned count)
{
	fragments_batch(user, f, count);
}
#endif

static void on_fragments(void *user, const struct hw_fragment *f, unsigned count)
{
#if HW_AVX2
	if (hw_simd_avx2()) {
		fragments_batch_avx2(user, f, count);
		return;
	}
#endif
	fragments_batch(user, f, count);
}

/* What a triangle does before the rasterizer when draw_ctx.triangle_hooks
 * says so: the caller's triangle_out, and the texture-coordinate
 * gradients of the units that take a level of detail
 * (draw_fragment_program.lod_mask). Out of line, behind one test a
 * triangle, as triangle_out alone was. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void triangle_hooks(struct draw_ctx *d, const struct hw_vertex *a,
			   const struct hw_vertex *b, const struct hw_vertex *c)
{
	unsigned u;

	if (d->u->triangle_out)
		d->u->triangle_out(d->u->triangle_user, a, b, c);
	for (u = 0; u < HW_TEXTURE_UNITS; u++)
		if ((d->fp.lod_mask >> u) & 1u)
			hw_raster_gradient_setup(&d->gradient[u], a, b, c,
						 d->cfg->fragment.texcoord[u]);
}

static void to_raster(void *user, const struct hw_vertex *a, const struct hw_vertex *b,
		      const struct hw_vertex *c)
{
	struct draw_ctx *d = user;

	if (d->triangle_hooks)
		triangle_hooks(d, a, b, c);
	d->raster_in(&d->fp.raster, a, b, c, &d->r->raster, on_fragments, d, &d->raster_buffer);
}

static void to_setup(void *user, const struct hw_vertex *a, const struct hw_vertex *b,
		     const struct hw_vertex *c)
{
	struct draw_ctx *d = user;

	if (d->cfg->fragment.enabled)
		hw_clip_triangle(&d->cfg->clip, a, b, c, &d->r->setup, to_raster, d);
	else
		hw_clip_triangle(&d->cfg->clip, a, b, c, &d->r->setup, d->u->triangle_out,
				 d->u->triangle_user);
}

static void gs_emit(void *user, const float out[HW_SHADER_OUTPUTS][4], unsigned id,
		    bool primitive, bool inverted)
{
	struct draw_ctx *d = user;
	struct hw_vertex v;

	outputs_to_vertex(&d->outmap, out, &v);
	hw_assembler_emit(&d->assembler, &v, id, primitive, inverted);
}

/* A triangle of prepared vertices into setup: with every corner inside
 * every plane, their window forms go through hw_clip_triangle_inside
 * (what hw_clip_triangle would do with them), else the clip-space
 * vertices through hw_clip_triangle. */
static void draw_triangle(struct draw_ctx *d, const struct draw_vertex *a,
			  const struct draw_vertex *b, const struct draw_vertex *c)
{
	hw_setup_fn out = d->cfg->fragment.enabled ? to_raster : d->u->triangle_out;
	void *user = d->cfg->fragment.enabled ? (void *)d : d->u->triangle_user;

	if (a->outside | b->outside | c->outside)
		hw_clip_triangle(&d->cfg->clip, &a->v, &b->v, &c->v, &d->r->setup, out, user);
	else if (!d->cfg->fragment.enabled)
		hw_clip_triangle_inside(&d->cfg->clip, &a->window, &b->window, &c->window,
					&d->r->setup, out, user);
	else if (hw_clip_triangle_inside(&d->cfg->clip, &a->window, &b->window, &c->window,
					 &d->r->setup, NULL, NULL))
		to_raster(d, &a->window, &b->window, &c->window);      /* a direct call */
}

/* Vertex `v` is about to be overwritten: if assembly holds it, it moves
 * to a `held` entry that assembly does not hold. */
static void draw_release(struct draw_ctx *d, const struct draw_vertex *v)
{
	struct hw_ref_assembler *r = &d->ref;
	unsigned i, h;

	for (i = 0; i < r->count; i++) {
		if (r->held[i] != v)
			continue;
		for (h = 0; r->held[0] == &d->held[h] || r->held[1] == &d->held[h]; h++)
			;
		d->held[h] = *v;
		r->held[i] = &d->held[h];
	}
}

/* Variable mode: the count that starts a primitive's run of indices. */
static void gs_variable_count(struct draw_ctx *d, uint32_t n)
{
	float *c0 = d->u->gs->f[0];

	c0[0] = c0[1] = c0[2] = c0[3] = (float)n;
	d->var_n = n;
	d->var_got = 0;
	d->var_reg = 1;
}

/* A shaded vertex goes to assembly, or into the geometry shader's input. */
static enum hw_status vertex_out(struct draw_ctx *d, const struct cached_vertex *cv)
{
	const struct hw_draw_config *cfg = d->cfg;
	struct hw_shader_emit_sink sink;
	float gs_out[HW_SHADER_OUTPUTS][4];
	unsigned i, per = cfg->vs_output_count;
	uint64_t before;
	enum hw_status st;

	if (!cfg->geometry_shader) {
		const void *tri[3];

		if (hw_ref_assembler_push(&d->ref, &cv->dv, tri))
			draw_triangle(d, tri[0], tri[1], tri[2]);
		return HW_OK;
	}
	if (cfg->gs_variable) {
		/* Model choice: registers past c95 are not written. */
		unsigned regs = d->var_got < cfg->gs_main ? per : (per ? 1u : 0u);

		if (d->var_got >= d->var_n)
			return HW_OK;           /* defensive: pass 1 reads counts */
		for (i = 0; i < regs; i++) {
			unsigned c = d->var_reg + i;
			if (c < HW_SHADER_FLOAT_UNIFORMS)
				memcpy(d->u->gs->f[c], cv->out[cfg->vs_outreg[i] % HW_SHADER_OUTPUTS],
				       sizeof d->u->gs->f[0]);
		}
		d->var_reg += regs;
		if (++d->var_got < d->var_n)
			return HW_OK;
	} else {
		if (cfg->gs_fixed) {
			/* Model choice: registers of the stride past the vertex
			 * shader's outputs, and those past c95, are not
			 * written. */
			for (i = 0; i < cfg->gs_stride && i < per; i++) {
				unsigned c = cfg->gs_start + d->gs_vertices * cfg->gs_stride + i;
				if (c < HW_SHADER_FLOAT_UNIFORMS)
					memcpy(d->u->gs->f[c],
					       cv->out[cfg->vs_outreg[i] % HW_SHADER_OUTPUTS],
					       sizeof d->u->gs->f[0]);
			}
		} else {
			for (i = 0; i < per && d->gs_vertices * per + i < HW_SHADER_INPUTS; i++)
				memcpy(d->gs_in[d->gs_vertices * per + i],
				       cv->out[cfg->vs_outreg[i] % HW_SHADER_OUTPUTS],
				       sizeof d->gs_in[0]);
		}
		if (++d->gs_vertices < (cfg->gs_vertices ? cfg->gs_vertices : 1))
			return HW_OK;
		d->gs_vertices = 0;
	}
	sink.emit = gs_emit;
	sink.user = d;
	memset(gs_out, 0, sizeof gs_out);
	before = d->stats[0].instructions;
	st = hw_shader_program_run(d->gs, (const float (*)[4])d->gs_in, gs_out, &sink,
				   &d->stats[0], d->fault, d->fault_len);
	d->instructions += d->stats[0].instructions - before;
	if (st == HW_OK)
		d->u->gs->b |= HW_GSH_B15;
	return st;
}

/* Read index i through the one-line index fetch buffer; the line reads
 * are counted into `c` (the look-ahead's scratch counters). */
static enum hw_status read_index(struct draw_ctx *d, uint32_t i, uint32_t *line, bool *line_valid,
				 uint32_t *index, struct hw_counters *c, char *fault,
				 unsigned fault_len)
{
	const struct hw_draw_config *cfg = d->cfg;
	unsigned size = cfg->index16 ? 2 : 1;
	uint32_t phys = cfg->index_phys + i * size;
	const struct hw_region *r = d->index_region;
	const unsigned char *p;

	if (d->index_host) {
		p = d->index_host + i * size;
	} else if (!hw_region_holds(r, phys, size)) {
		/* the region hw_memory_host would read from */
		r = hw_memory_region(d->u->mem, phys, size);
		if (!r) {
			if (fault)
				snprintf(fault, fault_len,
					 "index %u at 0x%08X is outside every buffer", i, phys);
			return HW_ERROR_FAULT;
		}
		d->index_region = r;
		p = r->host + (phys - r->base);
	} else {
		p = r->host + (phys - r->base);
	}
	if (!*line_valid || *line != phys / HW_MEMORY_ACCESS_BYTES) {
		*line_valid = true;
		*line = phys / HW_MEMORY_ACCESS_BYTES;
		hw_memory_count(c, HW_MEM_COMMAND_VERTEX_READ, *line * HW_MEMORY_ACCESS_BYTES,
				false, 1);
	}
	*index = cfg->index16 ? (uint32_t)(p[0] | p[1] << 8) : p[0];
	return HW_OK;
}

/* Host work so far (hw_draw_units.work_limit); checked once a vertex, so
 * a draw overshoots its bound by at most one vertex's triangles. */
static uint64_t draw_work(const struct draw_ctx *d)
{
	const struct hw_draw_result *r = d->r;

	return (uint64_t)r->indices + r->vertices_shaded + r->raster.covered + d->instructions;
}

/* After vertex `done` - 1 of the draw. */
static enum hw_status draw_check_work(struct draw_ctx *d, uint32_t done)
{
	uint64_t w;

	if (d->u->work_limit == UINT64_MAX)
		return HW_OK;
	w = draw_work(d);
	if (w <= d->u->work_limit)
		return HW_OK;
	if (d->fault)
		snprintf(d->fault, d->fault_len, "%llu units of work after %u of %u vertices, "
			 "more than the %llu left of the request's bound", (unsigned long long)w,
			 done, d->cfg->count, (unsigned long long)d->u->work_limit);
	return HW_ERROR_LIMIT;
}

/* ---- the vertex loop, shaded in windows ----------------------------
 *
 * The draw walks its vertices in windows: the index reads, vertex-cache
 * look-ups and loader fetches of up to DRAW_AHEAD_MISSES vertices that
 * missed the cache come first (pass 1), then the shading of those not in
 * the memo (below), HW_SHADER_BATCH invocations
 * through each instruction of a replayed program (pass 2), then, vertex
 * after vertex, everything else (pass 3). Nothing of passes 1 and 2 is
 * visible before pass 3 reaches its vertex: their counts go to scratch
 * counters and are added, vertex by vertex, in the order and at the
 * points where the one-vertex walk added them; shaded outputs wait in the
 * window and enter the vertex cache when their vertex comes (a later miss
 * of the window may evict the entry an earlier hit reads); a fault found
 * ahead is raised, with its text, when the walk reaches its vertex, so
 * the vertices before it are done first and the ones after it never
 * count. So the counters, the batch timing, the work bound and the faults
 * are those of shading each vertex when it comes. Memory is the one thing
 * read ahead: a window's index reads and fetches see memory as it is
 * before the window's triangles are drawn, so a draw whose fragments
 * write over its own indices or vertex data sees those writes from the
 * next window on (a model choice: no engine draws into its own vertex
 * data; the windows' bounds depend on the misses alone, never on the
 * memo, so such a draw's results do not depend on it either). */
#define DRAW_AHEAD_MISSES (4 * HW_SHADER_BATCH)
#define DRAW_AHEAD_VERTICES (16 * HW_SHADER_BATCH)

/* The memory words that index reads and loader fetches move: both count
 * HW_MEM_COMMAND_VERTEX_READ reads, which hw_memory_count adds to that
 * word and to VRAM_A_READ or VRAM_B_READ. */
struct ahead_memory {
	uint32_t command_vertex, vram_a, vram_b;
};

struct draw_ahead {
	struct ahead_memory memory[DRAW_AHEAD_VERTICES]; /* running, after each vertex */
	uint8_t indices[DRAW_AHEAD_VERTICES];    /* 1: the index was read */
	int16_t miss[DRAW_AHEAD_VERTICES];       /* shaded: its invocation, else -1
						    (AHEAD_COUNT: a count) */
	uint16_t slot[DRAW_AHEAD_VERTICES];      /* vertex-cache entry (indexed), or
						    the count (AHEAD_COUNT) */
	uint8_t processor[DRAW_AHEAD_MISSES];
	/* the loader's inputs, each prepared as the draw's `in` (the loader
	 * writes the same components every fetch) */
	float in[DRAW_AHEAD_MISSES][HW_SHADER_INPUTS][4];
	struct cached_vertex cv[DRAW_AHEAD_MISSES];
	struct hw_shader_stats stats[DRAW_AHEAD_MISSES];
	/* an invocation's memo entry: the one whose vertex it takes (memo_hit,
	 * not shaded) or the one it fills in, or NULL (no memo) */
	struct draw_memo_entry *memo[DRAW_AHEAD_MISSES];
	bool memo_hit[DRAW_AHEAD_MISSES];
	char fault[256];
};

/* Whether pass 1 can look vertices up in the memo: once the program
 * replays, if it reads at most DRAW_MEMO_ROWS input registers (worked out
 * once a draw). */
static bool memo_on(struct draw_ctx *d)
{
	uint32_t inputs;
	unsigned r;

	if (d->memo_mode != MEMO_UNKNOWN)
		return d->memo_mode == MEMO_ON;
	if (!d->memo_size) {
		d->memo_mode = MEMO_OFF;
		return false;
	}
	if (!hw_shader_program_path(d->vs, &inputs, &d->memo_counts))
		return false;   /* not yet: the first invocation records it */
	d->memo_mode = MEMO_ON;
	for (r = 0; r < HW_SHADER_INPUTS; r++) {
		if (!((inputs >> r) & 1u))
			continue;
		if (d->memo_rows == DRAW_MEMO_ROWS) {
			d->memo_mode = MEMO_OFF;
			break;
		}
		d->memo_row[d->memo_rows++] = (uint8_t)r;
	}
	return d->memo_mode == MEMO_ON;
}

/* Pass 1's look-up of the vertex of index `index` whose fetched registers
 * are `in`: true when its entry's key (index and registers) is the
 * vertex's; else the vertex takes the entry, its key now, and pass 3
 * fills its vertex in when it comes to it. Pass 3 goes in window order and
 * fills an entry for every vertex that took it, so when it comes to a
 * vertex found here, the entry holds the vertex of the last one before it
 * that took the entry, the key it was found by; a vertex that takes the
 * entry later changes its vertex only after that. */
static bool memo_look_up(struct draw_ctx *d, uint32_t index, const float in[][4],
			 struct draw_memo_entry **entry)
{
	struct draw_memo_entry *e = &d->memo[index & (d->memo_size - 1)];
	unsigned j;

	*entry = e;
	if (e->index == index) {
		for (j = 0; j < d->memo_rows; j++)
			if (memcmp(e->in[j], in[d->memo_row[j]], sizeof e->in[j]) != 0)
				break;
		if (j == d->memo_rows)
			return true;
	}
	e->index = index;
	for (j = 0; j < d->memo_rows; j++)
		memcpy(e->in[j], in[d->memo_row[j]], sizeof e->in[j]);
	return false;
}

/* Pass 1 and 2 from vertex `from`: the window's vertex count (the vertex
 * that faulted, if one did, is the last), *fault_at the one that faulted
 * or the count when none did, and the fault's status. */
/* Variable mode, pass 1: whether index `index` at window position n is a
 * primitive's count (where the previous primitive's vertices are used
 * up: marked AHEAD_COUNT, the count in a->slot[n]), else a vertex. */
#define AHEAD_COUNT (-2)
static bool ahead_variable_index(struct draw_ctx *d, struct draw_ahead *a, unsigned n,
				 uint32_t index)
{
	if (d->var_ahead_left == 0) {
		a->miss[n] = AHEAD_COUNT;
		a->slot[n] = (uint16_t)index;      /* indices have 16 bits */
		d->var_ahead_left = index;
		return true;
	}
	d->var_ahead_left--;
	return false;
}

static enum hw_status draw_ahead(struct draw_ctx *d, struct draw_ahead *a, uint32_t from,
				 uint32_t *line, bool *line_valid, unsigned *count,
				 unsigned *fault_at)
{
	const struct hw_draw_config *cfg = d->cfg;
	struct hw_counters scratch;
	const float (*in[DRAW_AHEAD_MISSES])[4];
	float (*out[DRAW_AHEAD_MISSES])[4];
	struct hw_shader_stats *stats[DRAW_AHEAD_MISSES];
	uint8_t shaded[DRAW_AHEAD_MISSES];      /* the invocations run, in order */
	char *fault = d->fault ? a->fault : NULL;
	unsigned fault_len = d->fault_len < sizeof a->fault ? d->fault_len : sizeof a->fault;
	unsigned n = 0, m = 0, s = 0, k, done;
	const bool memo = memo_on(d);
	const bool variable = cfg->gs_variable;
	enum hw_status st = HW_OK;

	memset(scratch.memory, 0, sizeof scratch.memory);
	a->fault[0] = '\0';    /* stays empty when the fault has no text */
	while (n < DRAW_AHEAD_VERTICES && m < DRAW_AHEAD_MISSES && from + n < cfg->count) {
		uint32_t index = cfg->first + from + n;
		unsigned slot = 0;
		bool hit = false;

		bool count_word = false;

		a->indices[n] = 0;
		a->miss[n] = -1;
		if (cfg->indexed) {
			st = read_index(d, from + n, line, line_valid, &index, &scratch, fault,
					fault_len);
			if (st == HW_OK) {
				a->indices[n] = 1;
				if (variable)
					count_word = ahead_variable_index(d, a, n, index);
				if (!count_word) {
					hit = hw_vcache_lookup(d->u->vcache, index, &slot);
					a->slot[n] = (uint16_t)slot;
				}
			}
		}
		if (st == HW_OK && !hit && !count_word) {
			a->miss[n] = (int16_t)m;
			a->processor[m] = (uint8_t)next_vertex_processor(d);
			st = hw_loader_program_fetch(&d->loader, d->u->mem, &d->lines, index, a->in[m],
						     &scratch, fault, fault_len);
			if (st == HW_OK) {
				a->memo[m] = NULL;
				a->memo_hit[m] = memo && memo_look_up(d, index,
								      (const float (*)[4])a->in[m],
								      &a->memo[m]);
				if (a->memo_hit[m]) {
					a->stats[m] = d->memo_counts;   /* not run */
				} else {
					/* Registers the invocation does not write keep
					 * what its `out` held, which must be 0. A
					 * replayed program writes the same lanes every
					 * time (its recorded path's): the others stay
					 * 0 from the clear before the path was
					 * recorded, and need no clearing. */
					if (!hw_shader_program_replays(d->vs))
						memset(a->cv[m].out, 0, sizeof a->cv[m].out);
					memset(&a->stats[m], 0, sizeof a->stats[m]);
					in[s] = (const float (*)[4])a->in[m];
					out[s] = a->cv[m].out;
					stats[s] = &a->stats[m];
					shaded[s++] = (uint8_t)m;
				}
				m++;
			}
		}
		a->memory[n].command_vertex = scratch.memory[HW_MEM_COMMAND_VERTEX_READ];
		a->memory[n].vram_a = scratch.memory[HW_MEM_VRAM_A_READ];
		a->memory[n].vram_b = scratch.memory[HW_MEM_VRAM_B_READ];
		n++;
		if (st != HW_OK)
			break;
	}
	*count = n;
	*fault_at = st != HW_OK ? n - 1 : n;
	if (s) {
		char shader_fault[sizeof a->fault] = "";
		enum hw_status rs = hw_shader_program_run_batch(d->vs, s, in, out, stats, &done,
								fault ? shader_fault : NULL,
								fault_len);
		if (rs != HW_OK) {
			/* its text, or none (no memory), replaces a later fetch's */
			memcpy(a->fault, shader_fault, sizeof a->fault);
			/* the invocation that faulted: its vertex ends the window */
			for (k = 0; k < n; k++)
				if (a->miss[k] == (int16_t)shaded[done])
					break;
			*count = k + 1;
			*fault_at = k;
			st = rs;
		}
	}
	return st;
}

/* Running counts of a window, before each of its vertices (index k, from
 * 0 to the window's count): indices read, invocations before it (a
 * shaded vertex's invocation is its miss number), and work units
 * (hw_draw_units.work_limit: indices, shaded vertices and their shader
 * instructions). In an indexed draw every vertex shaded read its index
 * and missed the cache (a vertex whose index read faulted was not
 * shaded), so the cache misses are the invocations. */
struct ahead_prefix {
	uint32_t indices[DRAW_AHEAD_VERTICES + 1];
	uint8_t invocations[DRAW_AHEAD_VERTICES + 1];
	uint64_t work[DRAW_AHEAD_VERTICES + 1];
};

static void ahead_prefix_of(const struct draw_ahead *a, unsigned n, struct ahead_prefix *p)
{
	unsigned k;

	p->indices[0] = p->invocations[0] = 0;
	p->work[0] = 0;
	for (k = 0; k < n; k++) {
		int m = a->miss[k];

		p->indices[k + 1] = p->indices[k] + a->indices[k];
		p->invocations[k + 1] = (uint8_t)(p->invocations[k] + (m >= 0));
		p->work[k + 1] = p->work[k] + a->indices[k]
				 + (m >= 0 ? 1 + a->stats[m].instructions : 0);
	}
}

/* Add the counts of the window's vertices [*flushed, to), with the shader
 * counts of those below `stats_to` (a vertex that faulted counts its index
 * read and fetch, not its shading). Pass 3 adds them only where the draw
 * reads them (a batch close, a work bound exceeded, the window's end or a
 * fault): sums of the same words, so the same values there. */
static void ahead_flush(struct draw_ctx *d, const struct draw_ahead *a,
			const struct ahead_prefix *p, unsigned *flushed, unsigned to,
			unsigned stats_to)
{
	uint32_t *memory = d->r->delta.memory;
	unsigned from = *flushed, m;

	if (to <= from)
		return;
	/* a->memory holds running totals from the window's start */
	memory[HW_MEM_COMMAND_VERTEX_READ] += a->memory[to - 1].command_vertex
					      - (from ? a->memory[from - 1].command_vertex : 0);
	memory[HW_MEM_VRAM_A_READ] += a->memory[to - 1].vram_a
				      - (from ? a->memory[from - 1].vram_a : 0);
	memory[HW_MEM_VRAM_B_READ] += a->memory[to - 1].vram_b
				      - (from ? a->memory[from - 1].vram_b : 0);
	d->r->indices += p->indices[to] - p->indices[from];
	if (d->cfg->indexed)
		d->r->vcache_misses += p->invocations[to] - p->invocations[from];
	for (m = p->invocations[from]; m < p->invocations[stats_to]; m++) {
		struct hw_shader_stats *s = &d->stats[a->processor[m]];

		s->instructions += a->stats[m].instructions;
		d->instructions += a->stats[m].instructions;
		s->stall_dependency += a->stats[m].stall_dependency;
		s->stall_mova += a->stats[m].stall_mova;
		s->stall_cmp += a->stats[m].stall_cmp;
		s->stall_prefetch += a->stats[m].stall_prefetch;
		s->clocks += a->stats[m].clocks;
		d->r->vertices_shaded++;
	}
	*flushed = to;
}

/* The memo's entries for a draw of `count` vertices: none when one window
 * takes them all (the memo serves from the second, once the program
 * replays). */
static uint32_t memo_size(uint32_t count)
{
	uint32_t size = 1;

	if (count <= DRAW_AHEAD_MISSES)
		return 0;
	while (size < count && size < DRAW_MEMO_ENTRIES)
		size *= 2;
	return size;
}

static enum hw_status draw_vertices(struct draw_ctx *d)
{
	struct draw_ahead ahead_window, *a = &ahead_window;
	struct ahead_prefix prefix, *p = &prefix;
	uint32_t i = 0, line = 0;
	bool line_valid = false;
	unsigned q;

	for (q = 0; q < DRAW_AHEAD_MISSES; q++)
		memcpy(a->in[q], d->in, sizeof a->in[q]);

	d->index_host = NULL;
	if (d->cfg->indexed) {
		uint64_t bytes = (uint64_t)d->cfg->count * (d->cfg->index16 ? 2 : 1);
		const struct hw_region *r;

		hw_vcache_clear(d->u->vcache);
		d->r->vcache_used = true;
		/* One region holds every index of the draw: read_index skips
		 * its per-index test (a range inside a region is inside no
		 * other, so the same bytes). Else it tests each index, and
		 * faults at the first outside every buffer. */
		if (bytes && bytes <= UINT32_MAX) {
			r = hw_memory_region(d->u->mem, d->cfg->index_phys, (uint32_t)bytes);
			if (r)
				d->index_host = r->host + (d->cfg->index_phys - r->base);
		}
	}
	while (i < d->cfg->count) {
		unsigned n, fault_at, k, flushed = 0;
		enum hw_status ahead = draw_ahead(d, a, i, &line, &line_valid, &n, &fault_at);

		ahead_prefix_of(a, n, p);

		for (k = 0; k < n; k++, i++) {
			struct cached_vertex *cv;
			enum hw_status st;
			int m = a->miss[k];

			if (k == fault_at) {
				ahead_flush(d, a, p, &flushed, k + 1, k);
				if (d->fault && a->fault[0])
					snprintf(d->fault, d->fault_len, "%s", a->fault);
				return ahead;
			}
			if (m >= 0) {
				cv = d->cfg->indexed ? &d->cache[a->slot[k]] : &a->cv[m];
				/* the outputs themselves only feed a geometry shader */
				if (cv != &a->cv[m] && d->cfg->geometry_shader)
					memcpy(cv->out, a->cv[m].out, sizeof cv->out);
				if (!d->cfg->geometry_shader) {
					draw_release(d, &cv->dv);
					if (a->memo_hit[m]) {
						cv->dv = a->memo[m]->dv;
					} else {
						outputs_to_vertex(&d->outmap, a->cv[m].out,
								  &cv->dv.v);
						cv->dv.outside = hw_clip_prepare(&d->cfg->clip,
										 &cv->dv.v,
										 &cv->dv.window);
						if (a->memo[m])
							a->memo[m]->dv = cv->dv;
					}
				}
			} else if (m != AHEAD_COUNT) {
				cv = &d->cache[a->slot[k]];
			} else {
				gs_variable_count(d, a->slot[k]);
				cv = NULL;
			}
			st = cv ? vertex_out(d, cv) : HW_OK;
			/* a fragment of the triangles it closed may have faulted
			 * (on_fragment): the draw stops at this vertex */
			if (st == HW_OK)
				st = d->status;
			/* the work so far: the flushed counts' and the rest's */
			if (st == HW_OK && d->u->work_limit != UINT64_MAX
			    && draw_work(d) + (p->work[k + 1] - p->work[flushed]) > d->u->work_limit) {
				ahead_flush(d, a, p, &flushed, k + 1, k + 1);
				st = draw_check_work(d, i + 1);
			}
			if (st != HW_OK) {
				ahead_flush(d, a, p, &flushed, k + 1, k + 1);
				return st;
			}
			/* after each vertex: close the batch once it holds
			 * enough primitives */
			if (d->r->setup.polygons_in - d->batch_from >= d->batch_size) {
				ahead_flush(d, a, p, &flushed, k + 1, k + 1);
				draw_close_batch(d);
			}
		}
		ahead_flush(d, a, p, &flushed, n, n);
	}
	return HW_OK;
}

static uint64_t div_up(uint64_t n, uint32_t per)
{
	return per ? (n + per - 1) / per : n;
}

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
 * (the vertex stage is taken per processor, in draw_close_batch). */
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
						+ (fr->fog || fr->gas_shading ? 1u : 0u)),
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
static void draw_close_batch(struct draw_ctx *d)
{
	struct hw_pipe_batch x, part;
	uint64_t w[HW_PIPE_STAGE_COUNT], slowest = 0, pixels, n, i;
	unsigned s, q, first = d->cfg->geometry_shader ? 1 : 0;

	/* the counts read below include the held fragments */
	if (d->fp.one_color)
		hw_raster_hand_on(&d->raster_buffer, on_fragments, d);
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
static void draw_account(struct draw_ctx *d)
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

	draw_close_batch(d);
	r->geometry_shader = d->cfg->geometry_shader;
	for (b = 0; b < r->pipe.batches; b++)
		for (s = 0; s < HW_PIPE_STAGE_COUNT; s++)
			r->work[hw_pipe_module((enum hw_pipe_stage)s)] += r->pipe.batch[b].busy[s];
}

enum hw_status hw_draw_run(const struct hw_draw_units *units, const struct hw_draw_config *cfg,
			   struct hw_draw_result *result, char *fault, unsigned fault_len)
{
	struct draw_ctx d;

	memset(result, 0, sizeof *result);
	memset(&d, 0, offsetof(struct draw_ctx, raster_buffer));
	d.raster_buffer.zeroed = 0;
	d.raster_buffer.w_set = 0;
	d.raster_buffer.unused = 0;
	d.raster_buffer.held = 0;
	d.raster_buffer.hold = false;
	draw_fragment_clear(&d.fp);
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
	outmap_prepare(cfg, &d.outmap);
	hw_assembler_begin(&d.assembler, cfg->topology, to_setup, &d);
	hw_ref_assembler_begin(&d.ref, cfg->topology);
	if (cfg->fragment.enabled)
		draw_compile_fragment(&d, &d.fp);
	/* The programs are prepared once per draw: shader memory and the
	 * vertex unit's uniforms cannot change during a draw; the geometry
	 * unit's can (b15, fixed and variable modes), so it runs live. */
	d.vs = hw_shader_program_create(units->vs, units->timing);
	d.gs = cfg->geometry_shader ? hw_shader_program_create(units->gs, units->timing) : NULL;
	if (d.gs)
		hw_shader_program_live(d.gs);
	if (cfg->indexed) {
		d.memo_size = cfg->geometry_shader ? 0 : memo_size(cfg->count);
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
	d.status = draw_vertices(&d);
	if (d.fp.one_color)     /* before the flush */
		hw_raster_hand_on(&d.raster_buffer, on_fragments, &d);
	hw_shader_program_destroy(d.vs);
	hw_shader_program_destroy(d.gs);
	free(d.cache);
	/* Model choice: each draw ends with a framebuffer flush, so its
	 * write-backs are its own. */
	if (cfg->fragment.enabled) {
		hw_fragment_flush(units->fragment_state, &result->delta);
		hw_fragment_invalidate(units->fragment_state);
	}
	draw_account(&d);
	result->work_done = draw_work(&d);
	return d.status;
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
