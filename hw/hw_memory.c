/* hw_memory.c: a region table over the physical address space. Small
 * programs have tens of buffers, so lookups are binary searches over a
 * sorted array and allocation is first fit. */
#define _DEFAULT_SOURCE         /* madvise, MADV_DONTNEED */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

#include "hw_alloc.h"
#include "hw_assert.h"
#include "hw_memory.h"

#define REGION_ALIGN 128u

static const uint32_t area_base[HW_AREA_COUNT] = { HW_FCRAM_BASE, HW_VRAM_A_BASE, HW_VRAM_B_BASE };
static const uint32_t area_end[HW_AREA_COUNT] = { HW_FCRAM_END, HW_VRAM_B_BASE, HW_VRAM_END };

void hw_memory_init(struct hw_memory *mem)
{
	memset(mem, 0, sizeof *mem);
}

void hw_memory_reset(struct hw_memory *mem)
{
	size_t i;

	if (!hw_memory_is_flat(mem))
		for (i = 0; i < mem->count; i++)
			free(mem->region[i].host);
	mem->count = 0;
	mem->max_size = 0;
	mem->overlap = false;
}

void hw_memory_fini(struct hw_memory *mem)
{
	hw_memory_reset(mem);
	free(mem->region);
	memset(mem, 0, sizeof *mem);
}

bool hw_memory_set_flat(struct hw_memory *mem, unsigned char *fcram, unsigned char *vram)
{
	if (mem->count || !fcram || !vram)
		return false;
	mem->flat[HW_AREA_FCRAM] = fcram;
	mem->flat[HW_AREA_VRAM_A] = vram;
	mem->flat[HW_AREA_VRAM_B] = vram + (HW_VRAM_B_BASE - HW_VRAM_A_BASE);
	return true;
}

/* The area [phys, phys + size) lies in (size 0 taken as 1), or
 * HW_AREA_COUNT when it lies in none. */
static enum hw_area memory_area_holding(uint32_t phys, uint32_t size)
{
	int a;

	for (a = 0; a < HW_AREA_COUNT; a++)
		if (phys >= area_base[a] && phys < area_end[a]
		    && (uint64_t)phys + (size ? size : 1) <= area_end[a])
			return (enum hw_area)a;
	return HW_AREA_COUNT;
}

void *hw_memory_flat_host(const struct hw_memory *mem, uint32_t phys, uint32_t size)
{
	enum hw_area a = memory_area_holding(phys, size);

	if (a == HW_AREA_COUNT || !mem->flat[a])
		return NULL;
	return mem->flat[a] + (phys - area_base[a]);
}

/* Index of the first region whose end is above `phys` (regions that do
 * not overlap only: then ends are sorted like bases). */
static size_t memory_first_ending_after(const struct hw_memory *mem, uint32_t phys)
{
	size_t lo = 0, hi = mem->count;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct hw_region *r = &mem->region[mid];
		if ((uint64_t)r->base + r->size > phys)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/* Index of the first region whose base is at least `phys` (`after`:
 * above it). */
static size_t memory_first_base(const struct hw_memory *mem, uint32_t phys, bool after)
{
	size_t lo = 0, hi = mem->count;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		uint32_t b = mem->region[mid].base;
		if (after ? b > phys : b >= phys)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

#define ZERO_BY_PAGES_MIN (64u * 1024u)

/* Zero flat memory. Large spans give their whole pages back to the
 * kernel instead (private anonymous pages read as zeros again), so a
 * 384 KiB render target costs a system call, not a memset through it. */
static void memory_zero(unsigned char *p, size_t n)
{
#if defined(__linux__) && defined(MADV_DONTNEED)
	if (n >= ZERO_BY_PAGES_MIN) {
		uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
		uintptr_t from = ((uintptr_t)p + page - 1) / page * page;
		uintptr_t to = ((uintptr_t)p + n) / page * page;

		if (page && to > from
		    && madvise((void *)from, to - from, MADV_DONTNEED) == 0) {
			memset(p, 0, from - (uintptr_t)p);
			memset((void *)to, 0, (uintptr_t)p + n - to);
			return;
		}
	}
#endif
	memset(p, 0, n);
}

/* A new region [base, base + size) at index i; its bytes zeroed when
 * `zero` (region by region they always are: a new block). */
static bool memory_insert(struct hw_memory *mem, size_t i, uint32_t base, uint32_t size, bool zero)
{
	unsigned char *host;

	if (mem->count == mem->cap) {
		size_t cap = mem->cap ? mem->cap * 2 : 16;
		struct hw_region *r = hw_realloc(mem->region, cap * sizeof *r);
		if (!r)
			return false;
		mem->region = r;
		mem->cap = cap;
	}
	if (hw_memory_is_flat(mem)) {
		host = hw_memory_flat_host(mem, base, size);
		NNGX_ASSERT(host != NULL);      /* callers place inside one area */
		if (zero)
			memory_zero(host, size);
	} else {
		host = hw_calloc(1, size);
		if (!host)
			return false;
	}
	/* the binary searches need the regions in base order */
	NNGX_ASSERT(i <= mem->count && (i == 0 || mem->region[i - 1].base <= base)
		    && (i == mem->count || mem->region[i].base >= base));
	memmove(&mem->region[i + 1], &mem->region[i], (mem->count - i) * sizeof *mem->region);
	mem->region[i].base = base;
	mem->region[i].size = size;
	mem->region[i].host = host;
	mem->count++;
	if (size > mem->max_size)
		mem->max_size = size;
	return true;
}

uint32_t hw_memory_area_bytes(enum hw_area area)
{
	return (unsigned)area < HW_AREA_COUNT ? area_end[area] - area_base[area] : 0;
}

uint32_t hw_memory_alloc(struct hw_memory *mem, enum hw_area area, uint32_t size)
{
	uint64_t rounded = ((uint64_t)size + 15u) & ~(uint64_t)15u;
	uint64_t at;
	size_t i;

	if ((unsigned)area >= HW_AREA_COUNT || size == 0)
		return 0;
	/* First fit: walk the regions of this area in base order and take
	 * the first gap that holds the request (the furthest end so far
	 * bounds the gap: placed regions may overlap). */
	at = area_base[area];
	for (i = memory_first_base(mem, area_base[area], false);; i++) {
		bool more = i < mem->count && mem->region[i].base < area_end[area];
		uint64_t gap_end = more ? mem->region[i].base : area_end[area], end;

		if (at + rounded <= gap_end)
			return memory_insert(mem, i, (uint32_t)at, (uint32_t)rounded, true)
			       ? (uint32_t)at : 0;
		if (!more)
			return 0;
		end = ((uint64_t)mem->region[i].base + mem->region[i].size + REGION_ALIGN - 1)
		      & ~(uint64_t)(REGION_ALIGN - 1);
		if (end > at)
			at = end;
	}
}

bool hw_memory_place(struct hw_memory *mem, uint32_t phys, uint32_t size)
{
	uint64_t rounded = ((uint64_t)size + 15u) & ~(uint64_t)15u;
	size_t i;
	bool overlap;

	if (!hw_memory_is_flat(mem) || size == 0 || rounded > UINT32_MAX
	    || memory_area_holding(phys, (uint32_t)rounded) == HW_AREA_COUNT)
		return false;
	i = memory_first_base(mem, phys, true);
	/* Disjoint regions so far: only the one before can reach in, only
	 * the one after can start inside. */
	overlap = (i > 0 && (uint64_t)mem->region[i - 1].base + mem->region[i - 1].size > phys)
		  || (i < mem->count && mem->region[i].base < phys + rounded);
	if (!memory_insert(mem, i, phys, (uint32_t)rounded, false))
		return false;
	mem->overlap = mem->overlap || overlap;
	return true;
}

bool hw_memory_free(struct hw_memory *mem, uint32_t base)
{
	size_t i = memory_first_base(mem, base, true);

	if (i == 0 || mem->region[i - 1].base != base)
		return false;
	i--;
	if (!hw_memory_is_flat(mem))
		free(mem->region[i].host);
	memmove(&mem->region[i], &mem->region[i + 1], (mem->count - i - 1) * sizeof *mem->region);
	if (--mem->count == 0) {
		mem->max_size = 0;
		mem->overlap = false;
	}
	return true;
}

/* Overlapping regions: any that holds the range (those whose base is
 * within max_size below it are the only candidates). */
static const struct hw_region *memory_region_overlapping(const struct hw_memory *mem,
							 uint32_t phys, uint32_t size)
{
	size_t i = memory_first_base(mem, phys, true);

	while (i-- > 0) {
		const struct hw_region *r = &mem->region[i];
		if ((uint64_t)r->base + mem->max_size <= phys)
			break;
		if ((uint64_t)phys + size <= (uint64_t)r->base + r->size)
			return r;
	}
	return NULL;
}

const struct hw_region *hw_memory_region(const struct hw_memory *mem, uint32_t phys,
					 uint32_t size)
{
	size_t i;
	const struct hw_region *r;

	if (mem->overlap)
		return memory_region_overlapping(mem, phys, size);
	i = memory_first_ending_after(mem, phys);

	if (i == mem->count)
		return NULL;
	r = &mem->region[i];
	if (phys < r->base || (uint64_t)phys + size > (uint64_t)r->base + r->size)
		return NULL;
	return r;
}

void *hw_memory_host(const struct hw_memory *mem, uint32_t phys, uint32_t size)
{
	const struct hw_region *r = hw_memory_region(mem, phys, size);

	return r ? r->host + (phys - r->base) : NULL;
}

void hw_memory_pattern(struct hw_memory *mem, uint32_t phys, uint32_t size,
		       const uint8_t *pattern, unsigned pattern_bytes)
{
	uint64_t end = (uint64_t)phys + size;
	bool same = true;
	size_t i;

	for (i = 1; i < pattern_bytes; i++)
		same = same && pattern[i] == pattern[0];
	if (hw_memory_is_flat(mem)) {
		int a;

		for (a = 0; a < HW_AREA_COUNT; a++) {
			uint64_t from = area_base[a] > phys ? area_base[a] : phys;
			uint64_t to = area_end[a] < end ? area_end[a] : end;
			unsigned char *host = mem->flat[a];
			uint64_t x;

			if (from >= to)
				continue;
			if (same) {
				memset(host + (from - area_base[a]), pattern[0], (size_t)(to - from));
				continue;
			}
			for (x = from; x < to; x++)
				host[x - area_base[a]] = pattern[(x - phys) % pattern_bytes];
		}
		return;
	}
	for (i = memory_first_ending_after(mem, phys); i < mem->count; i++) {
		const struct hw_region *r = &mem->region[i];
		uint64_t from = r->base > phys ? r->base : phys;
		uint64_t to = (uint64_t)r->base + r->size < end ? (uint64_t)r->base + r->size : end;
		uint64_t a;

		if (from >= end)
			break;
		/* The pattern's phase counts from `phys`, not from the region;
		 * a pattern of one repeated byte (a clear to 0) is a memset. */
		if (same && from < to) {
			memset(r->host + (from - r->base), pattern[0], (size_t)(to - from));
			continue;
		}
		for (a = from; a < to; a++)
			r->host[a - r->base] = pattern[(a - phys) % pattern_bytes];
	}
}

uint32_t hw_memory_phys(const struct hw_memory *mem, const void *host)
{
	const unsigned char *p = host;
	size_t i;

	if (hw_memory_is_flat(mem)) {
		int a;

		for (a = 0; a < HW_AREA_COUNT; a++)
			if ((uintptr_t)p >= (uintptr_t)mem->flat[a]
			    && (uintptr_t)p - (uintptr_t)mem->flat[a] < area_end[a] - area_base[a])
				return area_base[a] + (uint32_t)((uintptr_t)p - (uintptr_t)mem->flat[a]);
		return 0;
	}
	/* Host addresses are not sorted like physical ones: a linear scan,
	 * used only where a program hands a pointer back. */
	for (i = 0; i < mem->count; i++) {
		const struct hw_region *r = &mem->region[i];
		if (p >= r->host && p < r->host + r->size)
			return r->base + (uint32_t)(p - r->host);
	}
	return 0;
}

/* The external definitions of the header's inline functions (C99). */
extern enum hw_area hw_memory_area_of(uint32_t phys);
extern void hw_memory_count(struct hw_counters *c, enum hw_memory_word source, uint32_t phys,
			    bool write, uint32_t accesses);

bool hw_memory_in_one_channel(uint32_t phys, uint32_t size)
{
	enum hw_area a = hw_memory_area_of(phys);

	return a != HW_AREA_FCRAM && size > 0 && (uint64_t)phys + size <= area_end[a];
}

