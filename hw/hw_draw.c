/* hw_draw.c: a draw through loader, shader processors, post-vertex cache,
 * (geometry shader,) primitive assembly, clipping and setup.
 *
 * Model choices, each documented in the README:
 * - vertex k of a draw (in shading order) runs on shader processor k % 4;
 *   with a geometry shader, processor 0 runs it and vertices go to
 *   processors 1..3 as k % 3 + 1;
 * - index arrays are read through a one-line (16-byte) fetch buffer, like
 *   attribute arrays;
 * - work per module: see struct hw_draw_costs and hw_draw_costs_defaults. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hw_draw.h"
#include "hw_regs.h"

#define SHADER_PROCESSORS 4

struct cached_vertex {
	struct hw_vertex v;
	float out[HW_SHADER_OUTPUTS][4];
};

struct draw_ctx {
	const struct hw_draw_units *u;
	const struct hw_draw_config *cfg;
	struct hw_draw_result *r;
	struct hw_assembler assembler;
	struct hw_loader_lines lines;
	struct hw_shader_stats stats[SHADER_PROCESSORS];
	uint32_t shaded;                         /* distribution counter */
	/* geometry shader input being collected */
	float gs_in[HW_SHADER_INPUTS][4];
	unsigned gs_vertices;
	char *fault;
	unsigned fault_len;
	enum hw_status status;
	struct cached_vertex *cache;             /* one per vertex-cache entry */
};

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
}

static void semantic_store(struct hw_vertex *v, unsigned sem, float value)
{
	if (sem <= HW_REG_SEM_POS_W)
		v->pos[sem - HW_REG_SEM_POS_X] = value;
	else if (sem <= HW_REG_SEM_QUAT_W)
		v->varying[HW_VARYING_QUATERNION][sem - HW_REG_SEM_QUAT_X] = value;
	else if (sem <= HW_REG_SEM_COLOR_A)
		v->varying[HW_VARYING_COLOR][sem - HW_REG_SEM_COLOR_R] = value;
	else if (sem <= HW_REG_SEM_TEX0_V)
		v->varying[HW_VARYING_TEXCOORD0][sem - HW_REG_SEM_TEX0_U] = value;
	else if (sem <= HW_REG_SEM_TEX1_V)
		v->varying[HW_VARYING_TEXCOORD1][sem - HW_REG_SEM_TEX1_U] = value;
	else if (sem == HW_REG_SEM_TEX0_W)
		v->varying[HW_VARYING_TEXCOORD0][2] = value;
	else if (sem >= HW_REG_SEM_VIEW_X && sem <= HW_REG_SEM_VIEW_Z)
		v->varying[HW_VARYING_VIEW][sem - HW_REG_SEM_VIEW_X] = value;
	else if (sem == HW_REG_SEM_TEX2_U || sem == HW_REG_SEM_TEX2_V)
		v->varying[HW_VARYING_TEXCOORD2][sem - HW_REG_SEM_TEX2_U] = value;
	/* HW_REG_SEM_UNUSED and undocumented codes: the component goes nowhere */
}

/* Route shader outputs to a vertex through the output map. */
static void outputs_to_vertex(const struct hw_draw_config *cfg,
			      const float out[HW_SHADER_OUTPUTS][4], struct hw_vertex *v)
{
	unsigned i, k;

	memset(v, 0, sizeof *v);
	for (i = 0; i < cfg->outmap_slots && i < HW_OUTMAP_SLOTS; i++)
		for (k = 0; k < 4; k++)
			semantic_store(v, cfg->semantic[i][k], out[cfg->outreg[i] % HW_SHADER_OUTPUTS][k]);
}

static unsigned next_vertex_processor(struct draw_ctx *d)
{
	unsigned k = d->shaded++;

	return d->cfg->geometry_shader ? k % (SHADER_PROCESSORS - 1) + 1 : k % SHADER_PROCESSORS;
}

/* Load and shade vertex `index` into `cv`. */
static enum hw_status shade_vertex(struct draw_ctx *d, uint32_t index, struct cached_vertex *cv)
{
	float in[HW_SHADER_INPUTS][4];
	unsigned p = next_vertex_processor(d);
	enum hw_status st;

	st = hw_loader_fetch(&d->cfg->loader, d->u->mem, &d->lines, index, in, &d->r->delta,
			     d->fault, d->fault_len);
	if (st != HW_OK)
		return st;
	memset(cv->out, 0, sizeof cv->out);
	st = hw_shader_run(d->u->vs, d->u->timing, in, cv->out, NULL, &d->stats[p],
			   d->fault, d->fault_len);
	if (st != HW_OK)
		return st;
	d->r->vertices_shaded++;
	outputs_to_vertex(d->cfg, cv->out, &cv->v);
	return HW_OK;
}

static void to_setup(void *user, const struct hw_vertex *a, const struct hw_vertex *b,
		     const struct hw_vertex *c)
{
	struct draw_ctx *d = user;

	hw_clip_triangle(&d->cfg->clip, a, b, c, &d->r->setup, d->u->triangle_out,
			 d->u->triangle_user);
}

static void gs_emit(void *user, const float out[HW_SHADER_OUTPUTS][4], unsigned id,
		    bool primitive, bool inverted)
{
	struct draw_ctx *d = user;
	struct hw_vertex v;

	outputs_to_vertex(d->cfg, out, &v);
	hw_assembler_emit(&d->assembler, &v, id, primitive, inverted);
}

/* A shaded vertex goes to assembly, or into the geometry shader's input. */
static enum hw_status vertex_out(struct draw_ctx *d, const struct cached_vertex *cv)
{
	const struct hw_draw_config *cfg = d->cfg;
	struct hw_shader_emit_sink sink = { gs_emit, d };
	float gs_out[HW_SHADER_OUTPUTS][4];
	unsigned i, per = cfg->vs_output_count;

	if (!cfg->geometry_shader) {
		hw_assembler_push(&d->assembler, &cv->v);
		return HW_OK;
	}
	for (i = 0; i < per && d->gs_vertices * per + i < HW_SHADER_INPUTS; i++)
		memcpy(d->gs_in[d->gs_vertices * per + i],
		       cv->out[cfg->vs_outreg[i] % HW_SHADER_OUTPUTS], sizeof d->gs_in[0]);
	if (++d->gs_vertices < (cfg->gs_vertices ? cfg->gs_vertices : 1))
		return HW_OK;
	d->gs_vertices = 0;
	memset(gs_out, 0, sizeof gs_out);
	return hw_shader_run(d->u->gs, d->u->timing, (const float (*)[4])d->gs_in, gs_out, &sink,
			     &d->stats[0], d->fault, d->fault_len);
}

/* Read index i through the one-line index fetch buffer. */
static enum hw_status read_index(struct draw_ctx *d, uint32_t i, uint32_t *line, bool *line_valid,
				 uint32_t *index)
{
	const struct hw_draw_config *cfg = d->cfg;
	unsigned size = cfg->index16 ? 2 : 1;
	uint32_t phys = cfg->index_phys + i * size;
	const unsigned char *p = hw_memory_host(d->u->mem, phys, size);

	if (!p) {
		if (d->fault)
			snprintf(d->fault, d->fault_len, "index %u at 0x%08X is outside every buffer",
				 i, phys);
		return HW_ERROR_FAULT;
	}
	if (!*line_valid || *line != phys / HW_MEMORY_ACCESS_BYTES) {
		*line_valid = true;
		*line = phys / HW_MEMORY_ACCESS_BYTES;
		hw_memory_count(&d->r->delta, HW_MEM_COMMAND_VERTEX_READ,
				*line * HW_MEMORY_ACCESS_BYTES, false, 1);
	}
	*index = cfg->index16 ? (uint32_t)(p[0] | p[1] << 8) : p[0];
	d->r->indices++;
	return HW_OK;
}

static enum hw_status draw_indexed(struct draw_ctx *d)
{
	uint32_t i, index, line = 0;
	bool line_valid = false;

	hw_vcache_clear(d->u->vcache);
	d->r->vcache_used = true;
	for (i = 0; i < d->cfg->count; i++) {
		unsigned slot;
		enum hw_status st = read_index(d, i, &line, &line_valid, &index);

		if (st != HW_OK)
			return st;
		if (!hw_vcache_lookup(d->u->vcache, index, &slot)) {
			d->r->vcache_misses++;
			st = shade_vertex(d, index, &d->cache[slot]);
			if (st != HW_OK)
				return st;
		}
		st = vertex_out(d, &d->cache[slot]);
		if (st != HW_OK)
			return st;
	}
	return HW_OK;
}

static enum hw_status draw_arrays(struct draw_ctx *d)
{
	struct cached_vertex cv;
	uint32_t i;

	for (i = 0; i < d->cfg->count; i++) {
		enum hw_status st = shade_vertex(d, d->cfg->first + i, &cv);
		if (st != HW_OK)
			return st;
		st = vertex_out(d, &cv);
		if (st != HW_OK)
			return st;
	}
	return HW_OK;
}

/* Counter words and the work of each module, from what the draw did. */
static void draw_account(struct draw_ctx *d)
{
	struct hw_draw_result *r = d->r;
	const struct hw_draw_costs *k = d->u->costs;
	uint64_t vram, fcram, w, most = 0;
	unsigned p, m;

	for (p = 0; p < SHADER_PROCESSORS; p++) {
		r->delta.shader[p][HW_SHADER_INSTRUCTIONS] += (uint32_t)d->stats[p].instructions;
		r->delta.shader[p][HW_SHADER_STALL_DEPENDENCY] += (uint32_t)d->stats[p].stall_dependency;
		r->delta.shader[p][HW_SHADER_STALL_MOVA] += (uint32_t)d->stats[p].stall_mova;
		r->delta.shader[p][HW_SHADER_STALL_CMP] += (uint32_t)d->stats[p].stall_cmp;
		r->delta.shader[p][HW_SHADER_STALL_PREFETCH] += (uint32_t)d->stats[p].stall_prefetch;
	}
	r->delta.polygon[HW_POLYGON_VERTICES_IN] += d->assembler.vertices;
	r->delta.polygon[HW_POLYGON_IN] += r->setup.polygons_in;
	r->delta.polygon[HW_POLYGON_OUT] += r->setup.polygons_out;

	/* Only this draw's loader and index reads are in the delta so far. */
	vram = (uint64_t)r->delta.memory[HW_MEM_VRAM_A_READ] + r->delta.memory[HW_MEM_VRAM_B_READ];
	fcram = r->delta.memory[HW_MEM_COMMAND_VERTEX_READ] - vram;
	r->work[HW_BUSY_COMMAND] = k->draw_overhead
		+ (uint64_t)r->vertices_shaded * d->cfg->loader.attrib_count * k->per_attribute
		+ vram * k->per_access_vram + fcram * k->per_access_fcram
		+ (uint64_t)r->indices * k->per_index;
	r->work[HW_BUSY_SHADER0] = d->stats[0].clocks;
	r->work[HW_BUSY_TRIANGLE_SETUP] = (uint64_t)r->setup.polygons_in * k->setup_per_polygon;
	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++) {
		w = r->work[m];
		if (w > most)
			most = w;
	}
	r->duration = most;
}

enum hw_status hw_draw_run(const struct hw_draw_units *units, const struct hw_draw_config *cfg,
			   struct hw_draw_result *result, char *fault, unsigned fault_len)
{
	struct draw_ctx d;

	memset(result, 0, sizeof *result);
	memset(&d, 0, sizeof d);
	d.u = units;
	d.cfg = cfg;
	d.r = result;
	d.fault = fault;
	d.fault_len = fault_len;
	hw_loader_lines_reset(&d.lines);
	hw_assembler_begin(&d.assembler, cfg->topology, to_setup, &d);
	if (cfg->indexed) {
		d.cache = malloc(HW_VCACHE_MAX_ENTRIES * sizeof *d.cache);
		if (!d.cache)
			return HW_ERROR_NO_MEMORY;
		d.status = draw_indexed(&d);
		free(d.cache);
	} else {
		d.status = draw_arrays(&d);
	}
	draw_account(&d);
	return d.status;
}

enum hw_status hw_draw_schedule(struct hw_busy_unit *busy, const struct hw_draw_result *result,
				hw_clock_t start)
{
	/* Spread segments take at most 2^32 - 1 clocks: a longer draw is
	 * scheduled in slices with the same proportions. */
	const uint64_t slice = 0x80000000u;
	uint64_t done = 0;

	while (done < result->duration) {
		uint64_t len = result->duration - done < slice ? result->duration - done : slice;
		unsigned m;

		for (m = 0; m < HW_BUSY_MODULE_COUNT; m++) {
			/* busy clocks of module m in this slice, proportionally */
			uint64_t from = result->work[m] * done / result->duration;
			uint64_t to = result->work[m] * (done + len) / result->duration;
			enum hw_status st = hw_busy_add_spread(busy, (enum hw_busy_module)m,
							       start + done, (uint32_t)len,
							       (uint32_t)(to - from));
			if (st != HW_OK)
				return st;
		}
		done += len;
	}
	return HW_OK;
}
