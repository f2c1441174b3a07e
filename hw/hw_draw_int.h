/* hw_draw_int.h: what the files of a draw share, and nothing else
 * includes: the draw's context (struct draw_ctx) with the fragment side
 * compiled for it, the shaded vertex and its memo, the output map, and
 * the functions each stage file offers the others. hw_draw.c says at its
 * top which file holds which stage.
 *
 * Private to hw/hw_draw*.c; the public face is hw_draw.h. */
#ifndef NNGX_HW_DRAW_INT_H
#define NNGX_HW_DRAW_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "hw_draw.h"

#define SHADER_PROCESSORS 4

/* The fragment side of a draw, compiled once when the draw starts
 * (hw_draw_compile_fragment): what does not change from fragment to fragment
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
	bool proctex_lod;                        /* ... with a mipmap filter (a lod a quad) */
	uint32_t texture_line_units;             /* 16-byte units a texture-cache line */
	struct hw_fragment_target target;        /* the buffers, looked up once */
	/* Fragments go through the stages a rasterizer batch at a time
	 * (hw_draw_on_fragments): the target allows it and no texture shares a byte
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
	 * rest (hw_draw_fragment_clear). */
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
	 * the fragment side (hw_draw_fragment_clear). */
	struct hw_raster_buffer raster_buffer;
	/* The triangle's texture-coordinate gradients, for the units in
	 * fp.lod_mask (set by to_raster before its fragments). */
	struct hw_raster_gradient gradient[HW_TEXTURE_UNITS];
	struct hw_raster_gradient proctex_gradient;     /* with fp.proctex_lod */
	bool triangle_hooks;    /* u->triangle_out, fp.lod_mask or fp.proctex_lod */
	struct draw_fragment_program fp;         /* the fragment side, compiled */
	uint8_t one_rgba[HW_RASTER_BATCH][4];
	uint8_t one_which[HW_RASTER_BATCH];
};

/* A helper the hot loops must have inlined whatever the compiler's
 * heuristics say (fragments_batch and its AVX2 copy). */
#if defined(__GNUC__)
#define DRAW_ALWAYS_INLINE static inline __attribute__((always_inline))
#else
#define DRAW_ALWAYS_INLINE static inline
#endif

/* Host work so far (hw_draw_units.work_limit); checked once a vertex, so
 * a draw overshoots its bound by at most one vertex's triangles. */
static inline uint64_t draw_work(const struct draw_ctx *d)
{
	const struct hw_draw_result *r = d->r;

	return (uint64_t)r->indices + r->vertices_shaded + r->raster.covered + d->instructions;
}

/* ---- between the files --------------------------------------------------- */

/* hw_draw_fragment.c: the fragment side.
 * hw_draw_fragment_clear zeroes fp but for the samplers' offset tables;
 * hw_draw_compile_fragment compiles the draw's fragment side into fp (and
 * sets d's rasterizer copy, hold flag and triangle hooks); needs d->u and
 * d->cfg. hw_draw_on_fragments is the rasterizer's callback: `count`
 * fragments of the draw through texturing, combiner and the per-fragment
 * operations (user is the struct draw_ctx). */
void hw_draw_fragment_clear(struct draw_fragment_program *fp);
void hw_draw_compile_fragment(struct draw_ctx *d, struct draw_fragment_program *fp);
void hw_draw_on_fragments(void *user, const struct hw_fragment *f, unsigned count);

/* hw_draw_vertex.c: the vertex side, up to the rasterizer.
 * hw_draw_outmap_prepare: the draw's output map from cfg.
 * hw_draw_to_setup: the assembler's callback (with a geometry shader): a
 * triangle into clipping and setup (user is the struct draw_ctx).
 * hw_draw_memo_size: memo entries for a draw of `count` vertices.
 * hw_draw_vertices: every vertex of the draw through to setup and the
 * rasterizer, batches closed on the way; HW_OK or the first fault. */
void hw_draw_outmap_prepare(const struct hw_draw_config *cfg, struct draw_outmap *m);
void hw_draw_to_setup(void *user, const struct hw_vertex *a, const struct hw_vertex *b,
		      const struct hw_vertex *c);
uint32_t hw_draw_memo_size(uint32_t count);
enum hw_status hw_draw_vertices(struct draw_ctx *d);

/* hw_draw_timing.c: the draw's batches.
 * hw_draw_close_batch closes the batch of everything done since the last
 * close (held fragments handed on first); hw_draw_account closes the last
 * one and writes the draw's counter words and module work into d->r. */
void hw_draw_close_batch(struct draw_ctx *d);
void hw_draw_account(struct draw_ctx *d);

#endif
