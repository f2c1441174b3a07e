/* hw_vcache.h: the post-vertex cache of indexed draws.
 *
 * Each index of an indexed draw is looked up; a miss means the vertex is
 * loaded and shaded and then inserted, and it is what the VERTEX_CACHE
 * counter counts. The real size is not public: a register exposes an entry
 * count (0x04 and 0x84 are the values seen). Model choice: 32 entries,
 * first-in first-out replacement; both are configuration keys. */
#ifndef NNGX_HW_VCACHE_H
#define NNGX_HW_VCACHE_H

#include <stdbool.h>
#include <stdint.h>

#define HW_VCACHE_MAX_ENTRIES 256
#define HW_VCACHE_DEFAULT_ENTRIES 32

enum hw_vcache_policy {
	HW_VCACHE_FIFO = 0,     /* evict the oldest insertion */
	HW_VCACHE_LRU           /* evict the least recently used */
};

/* Buckets of the look-up's hash table (a power of two). */
#define HW_VCACHE_BUCKETS 512

struct hw_vcache {
	unsigned entries;               /* 1..HW_VCACHE_MAX_ENTRIES */
	enum hw_vcache_policy policy;
	unsigned used;
	uint32_t index[HW_VCACHE_MAX_ENTRIES];
	uint64_t stamp[HW_VCACHE_MAX_ENTRIES];  /* insertion or last use */
	uint64_t clock;
	/* Where each index is, found without scanning the entries (the
	 * results are those of a scan): the entries whose index hashes to
	 * bucket b are chained from head[b] through next[], each link an
	 * entry number + 1, 0 ending the chain. FIFO evicts in insertion
	 * order, which once the cache is full is entry fifo_next, then the
	 * one after it, round and round. */
	uint16_t head[HW_VCACHE_BUCKETS];
	uint16_t next[HW_VCACHE_MAX_ENTRIES];
	unsigned fifo_next;
};

/* Size and policy; an out-of-range size is clamped to 1..MAX. Clears. */
void hw_vcache_configure(struct hw_vcache *c, unsigned entries, enum hw_vcache_policy policy);

/* Start of an indexed draw: the cache holds nothing. */
void hw_vcache_clear(struct hw_vcache *c);

/* hw_vcache_lookup's miss: insert `index`, which no entry holds, after
 * the look-up's clock tick. Returns false. */
bool hw_vcache_insert(struct hw_vcache *c, uint32_t index, unsigned *slot);

/* Look `index` up. A hit returns true and sets *slot to its entry. A miss
 * inserts it (evicting by policy), sets *slot to the entry to fill with the
 * shaded vertex, and returns false. (Inline: once an index of a draw.) */
static inline bool hw_vcache_lookup(struct hw_vcache *c, uint32_t index, unsigned *slot)
{
	unsigned link;

	c->clock++;
	for (link = c->head[index & (HW_VCACHE_BUCKETS - 1)]; link; link = c->next[link - 1]) {
		unsigned i = link - 1;

		if (c->index[i] == index) {
			if (c->policy == HW_VCACHE_LRU)
				c->stamp[i] = c->clock;
			*slot = i;
			return true;
		}
	}
	return hw_vcache_insert(c, index, slot);
}

#endif
