/* nngx_names.c (driver): an open-addressing hash map (linear probing, deletion by
 * backward shift, so no tombstones), at most 3/4 full. */
#include <stdlib.h>
#include <string.h>

#include "hw/hw_alloc.h"
#include "hw/hw_assert.h"
#include "nngx_names.h"

#define NAMES_MIN_BITS 4

void nngx_names_init(struct nngx_names *m)
{
	memset(m, 0, sizeof *m);
}

void nngx_names_fini(struct nngx_names *m)
{
	free(m->name);
	free(m->index);
	nngx_names_init(m);
}

void nngx_names_clear(struct nngx_names *m)
{
	if (m->cap)
		memset(m->name, 0, m->cap * sizeof *m->name);
	m->count = 0;
}

/* Fibonacci hashing: names are mostly consecutive, and the top bits of
 * the product spread them over the whole table. */
static size_t names_home(const struct nngx_names *m, uint32_t name)
{
	return (size_t)((uint32_t)(name * 2654435769u) >> (32 - m->bits));
}

/* Map `name` (not 0) to `index`, in place of its old index if it has one.
 * The table has room: nngx_names_reserve keeps it at most 3/4 full, so
 * the probe ends at a free slot. */
static void names_insert(struct nngx_names *m, uint32_t name, size_t index)
{
	size_t mask = m->cap - 1, i = names_home(m, name);

	NNGX_ASSERT(name != 0 && m->cap != 0 && m->count < m->cap);

	while (m->name[i] != 0 && m->name[i] != name)
		i = (i + 1) & mask;
	if (m->name[i] == 0)
		m->count++;
	m->name[i] = name;
	m->index[i] = index;
	NNGX_ASSERT(m->count <= m->cap);
}

bool nngx_names_reserve(struct nngx_names *m, size_t more)
{
	struct nngx_names grown;
	size_t i;

	if (more > ((size_t)1 << 31) - m->count)
		return false;   /* 2^31 names: more than any table can hold */
	if (m->cap && (m->count + more) * 4 <= m->cap * 3)
		return true;
	grown.bits = m->cap ? m->bits : NAMES_MIN_BITS - 1;
	do
		grown.bits++;
	while (((size_t)1 << grown.bits) * 3 < (m->count + more) * 4);
	grown.cap = (size_t)1 << grown.bits;
	grown.count = 0;
	grown.name = hw_calloc(grown.cap, sizeof *grown.name);
	grown.index = hw_calloc(grown.cap, sizeof *grown.index);
	if (!grown.name || !grown.index) {
		free(grown.name);
		free(grown.index);
		return false;
	}
	for (i = 0; i < m->cap; i++)
		if (m->name[i] != 0)
			names_insert(&grown, m->name[i], m->index[i]);
	free(m->name);
	free(m->index);
	*m = grown;
	return true;
}

void nngx_names_put(struct nngx_names *m, uint32_t name, size_t index)
{
	if (name != 0 && m->cap)
		names_insert(m, name, index);
}

/* The slot that holds `name`, found along its probe from its home slot. */
static bool names_find(const struct nngx_names *m, uint32_t name, size_t *slot)
{
	size_t mask = m->cap - 1, i;

	if (name == 0 || m->cap == 0)
		return false;
	for (i = names_home(m, name); m->name[i] != 0; i = (i + 1) & mask) {
		if (m->name[i] == name) {
			*slot = i;
			return true;
		}
	}
	return false;
}

bool nngx_names_get(const struct nngx_names *m, uint32_t name, size_t *index)
{
	size_t slot;

	if (!names_find(m, name, &slot))
		return false;
	*index = m->index[slot];
	return true;
}

void nngx_names_remove(struct nngx_names *m, uint32_t name)
{
	size_t mask = m->cap - 1, hole, i;

	if (!names_find(m, name, &hole))
		return;
	m->name[hole] = 0;
	m->count--;
	/* Pull back the entries after the hole that probing would no longer
	 * reach: those whose home is not cyclically in (hole, i]. */
	for (i = (hole + 1) & mask; m->name[i] != 0; i = (i + 1) & mask) {
		size_t home = names_home(m, m->name[i]);
		bool reachable = hole < i ? (home > hole && home <= i)
					  : (home > hole || home <= i);
		if (reachable)
			continue;
		NNGX_ASSERT(i != hole);
		m->name[hole] = m->name[i];
		m->index[hole] = m->index[i];
		m->name[i] = 0;
		hole = i;
	}
}
