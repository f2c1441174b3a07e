/* hw_draw.h: one draw through the geometry pipeline, functional and timed.
 *
 * Functional: vertices are loaded, shaded on the four shader processors
 * (through the post-vertex cache for indexed draws), optionally passed
 * through the geometry shader, assembled, clipped, culled and set up; every
 * count lands in a counter delta. Timed: the work of every stage is taken
 * per batch of primitives (a batch closes after `batch_primitives`
 * polygons into triangle setup, at a vertex boundary, and its pixels go on
 * in parts of at most `batch_pixels`) and the batches flow
 * through the stages and their bounded queues (hw_pipeline.h), so the
 * draw's length, each module's busy clocks and the vout waits follow the
 * moving bottleneck. */
#ifndef NNGX_HW_DRAW_H
#define NNGX_HW_DRAW_H

#include <stdbool.h>
#include <stdint.h>

#include "hw_busy.h"
#include "hw_cache.h"
#include "hw_clipper.h"
#include "hw_combiner.h"
#include "hw_fog.h"
#include "hw_fragment.h"
#include "hw_counters.h"
#include "hw_immediate.h"
#include "hw_lighting.h"
#include "hw_loader.h"
#include "hw_memory.h"
#include "hw_pipeline.h"
#include "hw_primitive.h"
#include "hw_proctex.h"
#include "hw_raster.h"
#include "hw_shader.h"
#include "hw_texture.h"
#include "hw_vcache.h"

#define HW_OUTMAP_SLOTS 7

/* Clocks per unit of work: the parametric side of the model, each a
 * configuration key. */
struct hw_draw_costs {
	uint32_t draw_overhead;          /* command module, per draw */
	uint32_t per_attribute;          /* command module, per attribute loaded */
	uint32_t per_access_vram;        /* command module, per 16-byte fetch from VRAM */
	uint32_t per_access_fcram;       /* ... from FCRAM (slower) */
	uint32_t per_index;              /* command module, per index read */
	uint32_t setup_per_polygon;      /* triangle setup, per polygon in */
	uint32_t raster_per_polygon;          /* rasterizer, per polygon out of setup */
	uint32_t raster_pixels_per_clock;     /* rasterizer, pixel centres covered */
	uint32_t texture_per_sample;          /* texture unit, per unit per fragment */
	uint32_t texture_per_miss_vram;       /* texture unit, per cache miss from VRAM */
	uint32_t texture_per_miss_fcram;      /* ... from FCRAM */
	uint32_t lighting_per_light;          /* fragment lighting, per light per fragment */
	uint32_t lighting_ratio_config4_6;    /* a light's cost in layer configurations 4-6 */
	uint32_t lighting_ratio_config7;      /* ... in configuration 7 (0-3: 1) */
	uint32_t combiner_stages_per_clock;   /* texture combiner, active stages */
	uint32_t fragment_pixels_per_clock;   /* per-fragment operations, fragments in */
	uint32_t fog_stages;                  /* combiner stages fog or gas adds a fragment */
	/* The pipeline: primitives into setup per batch, batches per queue. */
	uint32_t batch_primitives;
	uint32_t batch_pixels;                /* pixels covered, at most, a batch */
	uint32_t queue_batches;
};

#define HW_TEXTURE_UNITS 3

/* The fragment side of a draw, decoded from the registers. */
struct hw_draw_fragment {
	bool enabled;                    /* a colour or depth buffer is set up */
	struct hw_raster_config raster;
	struct hw_fragment_config ops;
	struct hw_texture texture[HW_TEXTURE_UNITS];
	unsigned texture_mask;           /* units enabled and read by the combiner */
	unsigned texcoord[HW_TEXTURE_UNITS];  /* HW_VARYING_TEXCOORDn each unit samples */
	/* The procedural texture (unit 3) when it is on and a combiner stage
	 * reads it, else NULL; the coordinates it reads. */
	const struct hw_proctex *proctex;
	unsigned proctex_texcoord;
	struct hw_combiner_config combiner;
	/* Fragment lighting (hw_lighting.h), NULL when off: its outputs are
	 * then the vertex colour and 0, 0, 0, 0 (model choice, kept from
	 * before lighting was computed). With it, the fragments' quaternion
	 * and view vector are interpolated and lit, the units it reads
	 * (bump, shadow) are in texture_mask, and the lighting stage costs
	 * lighting_passes x lighting_per_light clocks a fragment
	 * (hw_lighting_passes). The decoded state and the LUT memory it
	 * points to are read only. */
	const struct hw_lighting_config *lighting;
	unsigned lighting_passes;
	/* Fog (hw_fog.h), NULL when off: applied to the combiner's colour,
	 * and fog_stages more stages of combiner work a fragment (model
	 * choice: the fog unit sits in the combiner's pipeline; no public
	 * figure). */
	const struct hw_fog_config *fog;
	/* Gas shading (fog mode 7): costed as fog, its colour not computed
	 * (the formula is not public: the draw's caller reports it). */
	bool gas_shading;
};

struct hw_draw_config {
	struct hw_loader_config loader;
	bool indexed;
	uint32_t index_phys;             /* physical address of the index array */
	bool index16;                    /* else 8-bit indices */
	uint32_t count;                  /* vertices or indices */
	uint32_t first;                  /* first vertex (non-indexed) */
	enum hw_topology topology;
	struct hw_clip_config clip;
	/* Output map: slot i takes output register outreg[i]; its four
	 * components carry semantic[i][0..3]. */
	unsigned outmap_slots;
	uint8_t outreg[HW_OUTMAP_SLOTS];
	uint8_t semantic[HW_OUTMAP_SLOTS][4];   /* HW_REG_SEM_* codes */
	/* With a geometry shader, processor 0 runs it on the vertex shader's
	 * outputs: each vertex adds its output registers vs_outreg[0..n) (the
	 * vertex shader's output mask, in order) to the geometry shader's
	 * inputs, and every gs_vertices vertices make one invocation. The
	 * output map above then applies to the geometry shader's outputs. */
	bool geometry_shader;
	unsigned vs_output_count;
	uint8_t vs_outreg[HW_SHADER_OUTPUTS];
	unsigned gs_vertices;
	/* Fixed (particle) mode (GSH_MISC0 mode 2): vertex j of a primitive
	 * writes its outputs vs_outreg[0..gs_stride) to the geometry unit's
	 * float uniforms c[gs_start + j * gs_stride ...] instead of its
	 * inputs; gs_vertices vertices make one invocation. */
	bool gs_fixed;
	unsigned gs_stride, gs_start;
	/* Variable (subdivision) mode (GSH_MISC0 mode 1, indexed draws): each
	 * primitive's run of indices starts with its vertex count n, which
	 * goes to c0 as (n, n, n, n); its first gs_main vertices write all
	 * their outputs, the rest output register 0 only, from c1 on; the
	 * shader runs once n vertices have arrived. */
	bool gs_variable;
	unsigned gs_main;
	/* Immediate mode (hw_immediate.h): when not NULL, vertex k's inputs
	 * are rows k * immediate_attribs .. of `immediate`, into the
	 * registers loader.input_reg names, instead of a loader fetch; the
	 * caller gives the loader no attribute and no array (so no
	 * per-attribute clocks: the command processor fed them, their words
	 * are the command traffic), and `count` vertices are drawn as a
	 * non-indexed draw from 0. */
	const float (*immediate)[4];
	unsigned immediate_attribs;

	struct hw_draw_fragment fragment;
};

/* What one draw did; the caller applies the counts when the draw ends. */
struct hw_draw_result {
	struct hw_counters delta;        /* additions to every always-running counter */
	bool indexed;                    /* the draw read an index array (DRAWELEMENTS) */
	uint32_t count;                  /* vertices (indices when indexed) the draw took */
	bool vcache_used;                /* indexed: the vertex-cache counter restarts */
	uint32_t vcache_misses;
	struct hw_setup_counts setup;
	uint64_t work[HW_BUSY_MODULE_COUNT];   /* busy clocks of each module */
	uint64_t duration;               /* set by hw_draw_time */
	struct hw_pipe pipe;             /* the batches; timed by hw_draw_time */
	bool geometry_shader;
	uint64_t vout_stall;             /* clocks processor 0 waited on vout */
	uint32_t vertices_shaded;
	uint32_t indices;
	struct hw_raster_counts raster;
	struct hw_fragment_counts fragments;
	uint64_t texture_samples, texture_misses;
	uint64_t work_done;              /* host work: see hw_draw_units.work_limit */
};

/* Everything a draw needs from the GPU, passed explicitly. */
struct hw_draw_units {
	struct hw_memory *mem;
	const struct hw_shader_state *vs;
	/* The geometry unit's state: a draw writes b15 after every
	 * invocation (3dbrew, Citra: a program that clears it can tell its
	 * first invocation), and fixed and variable modes write the vertices
	 * into its float uniforms; both stay after the draw. */
	struct hw_shader_state *gs;
	const struct hw_shader_timing *timing;
	const struct hw_draw_costs *costs;
	struct hw_vcache *vcache;
	struct hw_fragment_state *fragment_state;
	struct hw_cache *texture_cache;
	/* Window-space triangles for the fragment stages (may be NULL). */
	hw_setup_fn triangle_out;
	void *triangle_user;
	/* Host work the draw may do, in units of one index read, one vertex
	 * shaded, one shader instruction run and one pixel rasterized; past
	 * it the draw stops with HW_ERROR_LIMIT. UINT64_MAX: no bound. */
	uint64_t work_limit;
};

void hw_draw_costs_defaults(struct hw_draw_costs *costs);

/* Run the draw. On HW_ERROR_FAULT (a fetch outside memory, a shader
 * fault) or HW_ERROR_LIMIT (more work than units->work_limit) `fault`
 * says why and the result holds what happened before it. */
enum hw_status hw_draw_run(const struct hw_draw_units *units, const struct hw_draw_config *cfg,
			   struct hw_draw_result *result, char *fault, unsigned fault_len);

/* Time the draw: `command_clocks` more for the command module in the first
 * batch (the commands that set the draw up), then the pipeline. Sets
 * duration and vout_stall, and with a geometry shader adds the vout waits
 * to VERTEX_SHADER0 word 1 of the delta. */
void hw_draw_time(struct hw_draw_result *result, uint64_t command_clocks,
		  const struct hw_draw_costs *costs);

/* Raise the timed draw's busy signals from `start`. */
enum hw_status hw_draw_schedule(struct hw_busy_unit *busy, const struct hw_draw_result *result,
				hw_clock_t start);

#endif
