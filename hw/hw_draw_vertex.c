/* hw_draw_vertex.c: the vertex side of a draw, up to the rasterizer:
 * index reads through the fetch buffer, loader fetches, shading in
 * windows (a batch of invocations at a time) with the post-vertex cache
 * and the memo of vertices shaded again, the output map, then assembly,
 * the geometry shader (fixed and variable modes), clipping and setup,
 * and the triangle handed to the rasterizer (to_raster), whose fragments
 * go to hw_draw_fragment.c. Batches are closed here as their primitives
 * fill them (hw_draw_timing.c). */
#include <stdio.h>
#include <string.h>

#include "hw_draw_int.h"
#include "hw_regs.h"

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
void hw_draw_outmap_prepare(const struct hw_draw_config *cfg, struct draw_outmap *m)
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

/* The shader processor of the next vertex shaded (the model choice at
 * the top of hw_draw.c); counts it. */
static unsigned next_vertex_processor(struct draw_ctx *d)
{
	unsigned k = d->shaded++;

	return d->cfg->geometry_shader ? k % (SHADER_PROCESSORS - 1) + 1 : k % SHADER_PROCESSORS;
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
	if (d->fp.proctex_lod)
		hw_raster_gradient_setup(&d->proctex_gradient, a, b, c,
					 d->cfg->fragment.proctex_texcoord);
}

/* Setup's callback with the fragment side on: the triangle's hooks, then
 * the rasterizer, whose fragments go to hw_draw_on_fragments. */
static void to_raster(void *user, const struct hw_vertex *a, const struct hw_vertex *b,
		      const struct hw_vertex *c)
{
	struct draw_ctx *d = user;

	if (d->triangle_hooks)
		triangle_hooks(d, a, b, c);
	d->raster_in(&d->fp.raster, a, b, c, &d->r->raster, hw_draw_on_fragments, d, &d->raster_buffer);
}

/* The assembler's triangle (a geometry shader's) into clipping and setup,
 * then the rasterizer or the caller's triangle_out. */
void hw_draw_to_setup(void *user, const struct hw_vertex *a, const struct hw_vertex *b,
		      const struct hw_vertex *c)
{
	struct draw_ctx *d = user;

	if (d->cfg->fragment.enabled)
		hw_clip_triangle(&d->cfg->clip, a, b, c, &d->r->setup, to_raster, d);
	else
		hw_clip_triangle(&d->cfg->clip, a, b, c, &d->r->setup, d->u->triangle_out,
				 d->u->triangle_user);
}

/* The geometry shader's emit sink: the outputs through the output map
 * into the assembler. */
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

/* Pass 1 and 2 from vertex `from`: the window's vertex count (the vertex
 * that faulted, if one did, is the last), *fault_at the one that faulted
 * or the count when none did, and the fault's status. */
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
			if (cfg->immediate)
				hw_immediate_fetch(cfg->immediate, cfg->immediate_attribs,
						   cfg->loader.input_reg, index, a->in[m]);
			else
				st = hw_loader_program_fetch(&d->loader, d->u->mem, &d->lines,
							     index, a->in[m], &scratch, fault,
							     fault_len);
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

/* p set from the window a's first n vertices. */
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
uint32_t hw_draw_memo_size(uint32_t count)
{
	uint32_t size = 1;

	if (count <= DRAW_AHEAD_MISSES)
		return 0;
	while (size < count && size < DRAW_MEMO_ENTRIES)
		size *= 2;
	return size;
}

/* Window after window (draw_ahead), then vertex after vertex: cache
 * entries and memo filled, vertices to assembly (vertex_out), counts
 * flushed where the draw reads them, batches closed; stops at the first
 * fault, a fragment's fault or the work bound, with what came before it
 * counted. */
enum hw_status hw_draw_vertices(struct draw_ctx *d)
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
				hw_draw_close_batch(d);
			}
		}
		ahead_flush(d, a, p, &flushed, n, n);
	}
	return HW_OK;
}
