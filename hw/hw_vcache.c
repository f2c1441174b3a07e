/* hw_vcache.c: a small fully associative cache of shaded vertices. */
#include <string.h>

#include "hw_assert.h"
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
	c->fifo_next = 0;
	memset(c->head, 0, sizeof c->head);
}

/* The hash chain of vertex index `index`. */
static unsigned vcache_bucket(uint32_t index)
{
	return index & (HW_VCACHE_BUCKETS - 1);
}

/* The least recently used entry (the oldest stamp; the first of equals). */
static unsigned vcache_lru_victim(const struct hw_vcache *c)
{
	unsigned i, oldest = 0;

	NNGX_ASSERT(c->used >= 1 && c->used <= c->entries);
	for (i = 1; i < c->used; i++)
		if (c->stamp[i] < c->stamp[oldest])
			oldest = i;
	return oldest;
}

/* Take entry i out of its index's chain. */
static void vcache_unlink(struct hw_vcache *c, unsigned i)
{
	uint16_t *link = &c->head[vcache_bucket(c->index[i])];

	while (*link && *link != i + 1)
		link = &c->next[*link - 1];
	/* a used entry is always on the chain of its index */
	NNGX_ASSERT(*link == i + 1);
	if (*link)
		*link = c->next[i];
}

bool hw_vcache_insert(struct hw_vcache *c, uint32_t index, unsigned *slot)
{
	uint16_t *head = &c->head[vcache_bucket(index)];
	unsigned i;

	if (c->used < c->entries) {
		i = c->used++;
	} else {
		/* FIFO: the oldest insertion; stamps grow with every look-up,
		 * so the entries were filled, and are refilled, in order. */
		if (c->policy == HW_VCACHE_LRU) {
			i = vcache_lru_victim(c);
		} else {
			i = c->fifo_next;
			c->fifo_next = (c->fifo_next + 1) % c->entries;
		}
		vcache_unlink(c, i);
	}
	NNGX_ASSERT(i < c->entries && c->entries <= HW_VCACHE_MAX_ENTRIES);
	c->index[i] = index;
	c->stamp[i] = c->clock;
	c->next[i] = *head;
	*head = (uint16_t)(i + 1);
	*slot = i;
	return false;
}
