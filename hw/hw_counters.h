/* hw_counters.h: the GPU's always-running profiling counters and the
 * vertex-cache input counter. Plain 32-bit registers that wrap modulo 2^32;
 * the modules that do the work add to them. */
#ifndef NNGX_HW_COUNTERS_H
#define NNGX_HW_COUNTERS_H

#include <stdbool.h>
#include <stdint.h>

#define HW_SHADER_PROCESSOR_COUNT 4

/* Words of one shader processor's counter block, in result order. */
enum hw_shader_word {
	HW_SHADER_INSTRUCTIONS = 0,   /* program-counter transitions */
	HW_SHADER_STALL_DEPENDENCY,   /* waits on results not ready; processor 0 with a
					 geometry shader: also vout waits (hw_pipeline.h) */
	HW_SHADER_STALL_MOVA,         /* waits after address-register updates */
	HW_SHADER_STALL_CMP,          /* waits after status-register updates */
	HW_SHADER_STALL_PREFETCH,     /* program prefetch misses (jumps) */
	HW_SHADER_WORD_COUNT
};

enum hw_polygon_word {
	HW_POLYGON_VERTICES_IN = 0,   /* vertices into triangle setup */
	HW_POLYGON_IN,                /* polygons into triangle setup */
	HW_POLYGON_OUT,               /* polygons left after clipping and culling */
	HW_POLYGON_WORD_COUNT
};

/* Memory-access words (16-byte units), in result order. */
enum hw_memory_word {
	HW_MEM_VRAM_A_READ = 0,
	HW_MEM_VRAM_A_WRITE,
	HW_MEM_VRAM_B_READ,
	HW_MEM_VRAM_B_WRITE,
	HW_MEM_COMMAND_VERTEX_READ,
	HW_MEM_TEXTURE_READ,
	HW_MEM_DEPTH_STENCIL_READ,
	HW_MEM_DEPTH_STENCIL_WRITE,
	HW_MEM_COLOR_READ,
	HW_MEM_COLOR_WRITE,
	HW_MEM_LCD_UPPER_READ,
	HW_MEM_LCD_LOWER_READ,
	HW_MEM_POST_TRANSFER_READ,
	HW_MEM_POST_TRANSFER_WRITE,
	HW_MEM_FILL0_WRITE,
	HW_MEM_FILL1_WRITE,
	HW_MEM_CPU_READ,
	HW_MEM_CPU_DMA_WRITE,
	HW_MEM_WORD_COUNT
};

struct hw_counters {
	uint32_t shader[HW_SHADER_PROCESSOR_COUNT][HW_SHADER_WORD_COUNT];
	uint32_t polygon[HW_POLYGON_WORD_COUNT];
	uint32_t fragment;            /* fragments into per-fragment operations */
	uint32_t memory[HW_MEM_WORD_COUNT];

	/* Vertex-cache input counter: cleared at the start of every indexed
	 * draw, counts misses while `vcache_enabled` (started, or the
	 * configuration says an unstarted counter counts anyway). */
	uint32_t vertex_cache;
	bool vcache_started;
	bool vcache_counts_when_stopped;
};

/* Power-on state: every counter 0, vertex-cache counter stopped. */
void hw_counters_reset(struct hw_counters *c);

/* True when a vertex-cache miss moves the counter now. */
bool hw_counters_vcache_counting(const struct hw_counters *c);

/* Add `delta` to every always-running counter (not the vertex-cache one). */
void hw_counters_add(struct hw_counters *c, const struct hw_counters *delta);

/* Start of an indexed draw: the vertex-cache counter restarts from 0. */
void hw_counters_vcache_draw_begin(struct hw_counters *c);

/* A vertex missed the post-vertex cache and was shaded. */
void hw_counters_vcache_miss(struct hw_counters *c, uint32_t vertices);

#endif
