/* hw_memory.h: the GPU's view of memory: physical address ranges of VRAM
 * (channels A and B) and FCRAM, backed by host memory region by region,
 * and the 16-byte access counting of the MEMORY_ACCESS counter.
 *
 * The library places every buffer it creates (vertex and index arrays,
 * command buffers, later textures and render targets) at a physical
 * address in the area the program asked for, so that raw command buffers
 * can name them the way the hardware does. */
#ifndef NNGX_HW_MEMORY_H
#define NNGX_HW_MEMORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hw_busy.h"        /* enum hw_status */
#include "hw_counters.h"

/* Public memory map (3dbrew, Memory layout). */
#define HW_VRAM_A_BASE   0x18000000u
#define HW_VRAM_B_BASE   0x18300000u
#define HW_VRAM_END      0x18600000u    /* 6 MiB in all, 3 MiB a channel */
#define HW_FCRAM_BASE    0x20000000u
#define HW_FCRAM_END     0x28000000u    /* 128 MiB */

#define HW_MEMORY_ACCESS_BYTES 16       /* MEMORY_ACCESS counts 16-byte units */

enum hw_area { HW_AREA_FCRAM = 0, HW_AREA_VRAM_A, HW_AREA_VRAM_B, HW_AREA_COUNT };

struct hw_region {
	uint32_t base, size;        /* physical, size rounded up to 16 bytes */
	unsigned char *host;        /* owned by the region unless memory is flat */
};

/* Two ways to back the regions with host memory:
 * - region by region (the default): each region owns a zeroed host block,
 *   and regions never overlap;
 * - flat (hw_memory_set_flat): one host range holds each whole area, the
 *   byte of physical address p at flat[area] + (p - area base). Regions
 *   then only say which ranges are buffers the GPU may use; they may
 *   overlap (hw_memory_place: a program's allocator may nest a texture in
 *   a block it manages), since the bytes are the same either way. */
struct hw_memory {
	struct hw_region *region;   /* sorted by base (equal bases: by insertion) */
	size_t count, cap;
	unsigned char *flat[HW_AREA_COUNT];     /* NULL: region by region */
	uint32_t max_size;          /* no region is larger (flat: for overlap lookups) */
	bool overlap;               /* some regions may overlap */
};

void hw_memory_init(struct hw_memory *mem);
void hw_memory_fini(struct hw_memory *mem);

/* Back every area with one host range from now on: `fcram` holds
 * HW_FCRAM_END - HW_FCRAM_BASE bytes, `vram` both channels (A first),
 * each a private anonymous mapping (allocations zero large spans by
 * giving their pages back to the kernel). The ranges stay the caller's
 * (never freed here). Only before the first allocation: false, with
 * nothing changed, when a region exists. */
bool hw_memory_set_flat(struct hw_memory *mem, unsigned char *fcram, unsigned char *vram);

/* Whether the areas are backed flat (hw_memory_set_flat). */
static inline bool hw_memory_is_flat(const struct hw_memory *mem)
{
	return mem->flat[HW_AREA_FCRAM] != NULL;
}

/* Flat memory only: the host address of physical `phys` whether or not a
 * region holds it, when [phys, phys + size) lies inside one area; else
 * NULL (and always NULL region by region). */
void *hw_memory_flat_host(const struct hw_memory *mem, uint32_t phys, uint32_t size);

/* Flat memory only: make [phys, phys + size) a region (size rounded up to
 * 16), without touching its bytes (the program's allocator chose it and
 * may have written it). It may overlap other regions. False when memory
 * is not flat, size is 0, the range leaves its area, or the table could
 * not grow. */
bool hw_memory_place(struct hw_memory *mem, uint32_t phys, uint32_t size);

/* Power-on: everything released. */
void hw_memory_reset(struct hw_memory *mem);

/* The size of `area` in bytes (0 for no area): no request above it can
 * succeed, so callers refuse such sizes before anything is allocated. */
uint32_t hw_memory_area_bytes(enum hw_area area);

/* Reserve `size` bytes in `area` (first fit, 128-byte aligned), zeroed.
 * Returns the physical base, or 0 when the area is full or memory ran out. */
uint32_t hw_memory_alloc(struct hw_memory *mem, enum hw_area area, uint32_t size);

/* Release the region that starts at `base` (of several, the one placed
 * last); false when there is none. */
bool hw_memory_free(struct hw_memory *mem, uint32_t base);

/* Host address of [phys, phys + size) when it lies inside one region,
 * else NULL: the hardware would read or write outside any buffer. */
void *hw_memory_host(const struct hw_memory *mem, uint32_t phys, uint32_t size);

/* The region hw_memory_host reads [phys, phys + size) from, or NULL when
 * it returns NULL. The region stays valid until memory is allocated or
 * freed: a caller may keep it and test later ranges against it, since a
 * range inside a region is inside no other. */
const struct hw_region *hw_memory_region(const struct hw_memory *mem, uint32_t phys,
					 uint32_t size);

/* Whether [phys, phys + size) lies inside region r (NULL holds nothing):
 * then hw_memory_region gives r for it. */
static inline bool hw_region_holds(const struct hw_region *r, uint32_t phys, uint32_t size)
{
	return r && phys >= r->base && phys - r->base < r->size
	       && (uint64_t)phys + size <= (uint64_t)r->base + r->size;
}

/* Physical address of a host pointer into some region, or 0. Flat
 * memory: of any pointer into an area's range, region or not. */
uint32_t hw_memory_phys(const struct hw_memory *mem, const void *host);

/* Which VRAM channel an address falls in; HW_AREA_FCRAM otherwise.
 * (C99 inline: hw_memory.c holds the external definition.) */
inline enum hw_area hw_memory_area_of(uint32_t phys)
{
	if (phys >= HW_VRAM_A_BASE && phys < HW_VRAM_B_BASE)
		return HW_AREA_VRAM_A;
	if (phys >= HW_VRAM_B_BASE && phys < HW_VRAM_END)
		return HW_AREA_VRAM_B;
	return HW_AREA_FCRAM;
}

/* True when [phys, phys + size) (size > 0) lies inside one VRAM channel. */
bool hw_memory_in_one_channel(uint32_t phys, uint32_t size);

/* Write `pattern_bytes` (1..4) bytes of `pattern` repeated from `phys`
 * over [phys, phys + size), into every region the range overlaps; bytes
 * no region holds are not simulated and are dropped (a later allocation
 * there starts zeroed, as every allocation does). Flat memory holds every
 * byte of an area: all of the range inside an area is written. */
void hw_memory_pattern(struct hw_memory *mem, uint32_t phys, uint32_t size,
		       const uint8_t *pattern, unsigned pattern_bytes);

/* Count `accesses` 16-byte accesses from source word `source` (4..17) at
 * `phys`: the source word, and the channel word (0..3) when it is VRAM and
 * the GPU makes the access. Model choice from the manual's table 9-10:
 * words 0-3 are "VRAM reads/writes by the GPU", words 16 and 17 name the
 * CPU (and its DMA) as the accessor, so CPU reads and DMA writes count in
 * 16 and 17 only; the LCD controllers, post transfer and memory fill are
 * listed among the GPU's modules (words 4-15) and count in 0-3 too. */
inline void hw_memory_count(struct hw_counters *c, enum hw_memory_word source, uint32_t phys,
			    bool write, uint32_t accesses)
{
	c->memory[source] += accesses;
	if (source == HW_MEM_CPU_READ || source == HW_MEM_CPU_DMA_WRITE)
		return;         /* not the GPU's: see above */
	switch (hw_memory_area_of(phys)) {
	case HW_AREA_VRAM_A:
		c->memory[write ? HW_MEM_VRAM_A_WRITE : HW_MEM_VRAM_A_READ] += accesses;
		break;
	case HW_AREA_VRAM_B:
		c->memory[write ? HW_MEM_VRAM_B_WRITE : HW_MEM_VRAM_B_READ] += accesses;
		break;
	default:
		break;
	}
}

#endif
