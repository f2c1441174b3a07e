/* hw_vcache.c: a small fully associative cache of shaded vertices. */
#include <string.h>

#include "hw_vcache.h"

void hw_vcache_configure(struct hw_vcache *c, unsigned entries, enum hw_vcache_policy policy)
{
	if (entries < 1)
		entries = 1;
	if (entries > HW_VCACHE_MAX_ENTRIES)
		entries = HW_VCACHE_MAX_ENTRIES;
	c->entries = entries;
	c->policy = policy == HW_VCACHE_LRU ? HW_VCACHE_LRU : HW_VCACHE_FIFO;
	hw_vcache_clear(c);
}

void hw_vcache_clear(struct hw_vcache *c)
{
	c->used = 0;
	c->clock = 0;
}

static unsigned vcache_victim(const struct hw_vcache *c)
{
	unsigned i, oldest = 0;

	for (i = 1; i < c->used; i++)
		if (c->stamp[i] < c->stamp[oldest])
			oldest = i;
	return oldest;
}

bool hw_vcache_lookup(struct hw_vcache *c, uint32_t index, unsigned *slot)
{
	unsigned i;

	c->clock++;
	for (i = 0; i < c->used; i++) {
		if (c->index[i] == index) {
			if (c->policy == HW_VCACHE_LRU)
				c->stamp[i] = c->clock;
			*slot = i;
			return true;
		}
	}
	i = c->used < c->entries ? c->used++ : vcache_victim(c);
	c->index[i] = index;
	c->stamp[i] = c->clock;
	*slot = i;
	return false;
}
