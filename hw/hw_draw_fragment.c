/* hw_draw_fragment.c: the fragment side of a draw, from the
 * rasterizer's batches on: the fragment program compiled once a draw
 * (hw_draw_compile_fragment), the texture units' and the procedural
 * texture's samples through the texture cache, lighting, the combiner and
 * fog, and the per-fragment operations, fragment by fragment (on_fragment)
 * or a batch at a time (hw_draw_on_fragments, with an AVX2 copy). Reads
 * the draw's configuration; writes the draw's counts and the buffers. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "hw_draw_int.h"
#include "hw_regs.h"
#include "hw_simd.h"

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

/* The procedural texture samples the fragment, at the level of detail
 * of its quad with a mipmap filter (hw_proctex_lod). Model choice (no
 * cost is published): it costs one texture sample's clocks (the texture
 * unit's texture_per_sample) and reads no memory. */
static void fragment_proctex(struct draw_ctx *d, const struct hw_fragment *f, float rgba[4])
{
	const struct hw_draw_fragment *fr = &d->cfg->fragment;
	const float *tc = f->varying[fr->proctex_texcoord];

	d->r->texture_samples++;
	if (d->fp.proctex_lod) {
		double c[3][3];

		hw_raster_quad_coords(&d->proctex_gradient, f->x, f->y, c);
		hw_proctex_sample_lod(fr->proctex, tc[0], tc[1],
				      hw_proctex_lod(fr->proctex, (const double (*)[3])c), rgba);
		return;
	}
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

/* One fragment of the draw through early depth, textures, lighting,
 * combiner and fog, and the per-fragment operations; a fault there sets
 * d->status (later fragments then do nothing). */
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
void hw_draw_fragment_clear(struct draw_fragment_program *fp)
{
	unsigned u;

	memset(fp, 0, offsetof(struct draw_fragment_program, sampler));
	for (u = 0; u < HW_TEXTURE_UNITS; u++)
		memset(&fp->sampler[u], 0, offsetof(struct hw_texture_sampler, column));
}

/* Compile the fragment side of the draw (struct draw_fragment_program). */
void hw_draw_compile_fragment(struct draw_ctx *d, struct draw_fragment_program *fp)
{
	const struct hw_draw_fragment *fr = &d->cfg->fragment;
	uint32_t used = 0;
	unsigned u;

	hw_draw_fragment_clear(fp);
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
		fp->proctex_lod = hw_proctex_uses_lod(fr->proctex);
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
	d->triangle_hooks = d->u->triangle_out != NULL || fp->lod_mask != 0 || fp->proctex_lod;
	d->raster_in = hw_raster_triangle_batch_in_copy(&fp->raster);
}

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

/* A rasterizer batch through the fragment side: as one batch where the
 * draw allows it (the cases above), else fragment by fragment
 * (on_fragment); the same results and counts either way. */
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

/* hw_draw_on_fragments's AVX2 copy (hw_simd.h), and the copy for the host. */
#if HW_AVX2
static HW_AVX2_TARGET void fragments_batch_avx2(void *user, const struct hw_fragment *f,
						unsigned count)
{
	fragments_batch(user, f, count);
}
#endif

/* The rasterizer's callback: the AVX2 copy where it runs, else the
 * baseline one. */
void hw_draw_on_fragments(void *user, const struct hw_fragment *f, unsigned count)
{
#if HW_AVX2
	if (hw_simd_avx2()) {
		fragments_batch_avx2(user, f, count);
		return;
	}
#endif
	fragments_batch(user, f, count);
}
