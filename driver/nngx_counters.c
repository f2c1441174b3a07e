/* nngx_counters.c: the counter catalogue (NNGX_SHIM_COUNTER_MAP). */
#include "nngx_counters.h"

const char *const nngx_module_names[NNGX_SHIM_MODULE_COUNT] = {
	"command/vertex load", "shader processor 0", "triangle setup", "rasterizer",
	"texture unit", "fragment lighting", "texture combiner", "per-fragment operation",
};

const nngxShimCounterInfo nngx_counter_table[NNGX_SHIM_COUNTER_COUNT] = {
#define COUNTER_ROW(id, name, item, word, shift, bits, unit, always, section, desc) \
	{ name, item, word, shift, bits, unit, always, section, desc },
	NNGX_SHIM_COUNTER_MAP(COUNTER_ROW)
#undef COUNTER_ROW
};

uint32_t nngx_counter_value(nngxShimCounterId id, const struct hw_counters *c,
			    const uint64_t busy[HW_BUSY_MODULE_COUNT])
{
	const nngxShimCounterInfo *e = &nngx_counter_table[id];

	switch (e->item) {
	case NN_GX_PROFILING_BUSY:
		return (uint32_t)busy[e->word * 2 + e->shift / 16];
	case NN_GX_PROFILING_VERTEX_SHADER0:
	case NN_GX_PROFILING_VERTEX_SHADER1:
	case NN_GX_PROFILING_VERTEX_SHADER2:
	case NN_GX_PROFILING_VERTEX_SHADER3:
		return c->shader[e->item - NN_GX_PROFILING_VERTEX_SHADER0][e->word];
	case NN_GX_PROFILING_VERTEX_CACHE:
		return c->vertex_cache;
	case NN_GX_PROFILING_POLYGON:
		return c->polygon[e->word];
	case NN_GX_PROFILING_FRAGMENT:
		return c->fragment;
	default: /* NN_GX_PROFILING_MEMORY_ACCESS */
		return c->memory[e->word];
	}
}
