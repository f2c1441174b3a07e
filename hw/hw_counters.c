/* hw_counters.c: the counter bank. Wrapping is the natural uint32_t one. */
#include <stddef.h>
#include <string.h>

#include "hw_counters.h"

void hw_counters_reset(struct hw_counters *c)
{
	bool counts_when_stopped = c->vcache_counts_when_stopped;

	memset(c, 0, sizeof *c);
	/* A configuration choice, not hardware state: survives power-on. */
	c->vcache_counts_when_stopped = counts_when_stopped;
}

bool hw_counters_vcache_counting(const struct hw_counters *c)
{
	return c->vcache_started || c->vcache_counts_when_stopped;
}

/* dst[i] += src[i] for i < n, each word wrapping at 32 bits. */
static void add_words(uint32_t *dst, const uint32_t *src, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		dst[i] += src[i];
}

void hw_counters_add(struct hw_counters *c, const struct hw_counters *delta)
{
	add_words(&c->shader[0][0], &delta->shader[0][0],
		  HW_SHADER_PROCESSOR_COUNT * HW_SHADER_WORD_COUNT);
	add_words(c->polygon, delta->polygon, HW_POLYGON_WORD_COUNT);
	c->fragment += delta->fragment;
	add_words(c->memory, delta->memory, HW_MEM_WORD_COUNT);
}

void hw_counters_vcache_draw_begin(struct hw_counters *c)
{
	if (hw_counters_vcache_counting(c))
		c->vertex_cache = 0;
}

void hw_counters_vcache_miss(struct hw_counters *c, uint32_t vertices)
{
	if (hw_counters_vcache_counting(c))
		c->vertex_cache += vertices;
}
