/* hw_counters.c: the counter bank. Wrapping is the natural uint32_t one. */
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
