/* hw_cache.h: one set-associative cache model for every cache of the GPU
 * (texture cache, framebuffer cache), in the spirit of a cache simulator:
 * addresses in, hits, misses and write-backs out. It holds tags only, never
 * data: the functional side reads memory directly. */
#ifndef NNGX_HW_CACHE_H
#define NNGX_HW_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hw_busy.h"      /* enum hw_status */

enum hw_cache_policy { HW_CACHE_LRU = 0, HW_CACHE_FIFO };

struct hw_cache_config {
	uint32_t line_bytes;            /* power of two, 16..64 */
	uint32_t sets;                  /* power of two, 1..65536 */
	uint32_t ways;                  /* 1..256 */
	enum hw_cache_policy policy;
	/* Write misses allocate the line without reading it (the cache keeps a
	 * valid mask per byte, so a later read of bytes never written still
	 * fills). Dirty lines are written when evicted or flushed. Without it
	 * (a read-only cache such as the texture cache) writes are not used;
	 * if they are, a write miss fills the line first (write-allocate). */
	bool write_no_fill;
};

/* Default geometries, model choices (the real sizes are not public; the
 * configuration may override them). 16-byte lines, so a fill or a
 * write-back is exactly one 16-byte MEMORY_ACCESS unit; 4 ways, LRU.
 * Checked by simulating screen-aligned quads walked in 8x8 tiles (as
 * hw_raster does) and scanline by scanline.
 *
 * Texture cache (read only; the hardware counter counts its misses), 8 KiB
 * (128 sets): with Morton tiling a line is a 2x2 texel quad at 32 bits,
 * 4x2 at 16, 4x4 at 8 and one ETC1A4 block (two ETC1 blocks), so a
 * bilinear footprint is one to four lines. A 1:1 quad walked in tiles
 * misses at most about 1.25 times the lines it covers at any size; 8 KiB
 * also keeps two texel rows of a texture up to 256 texels wide at 32 bits
 * (512 at 16, 1024 at 8 bits or ETC), so even a scanline walk misses each
 * line about once. A small cache of a mobile GPU of the PICA200's time. */
#define HW_CACHE_TEXTURE_LINE_BYTES 16u
#define HW_CACHE_TEXTURE_SETS 128u
#define HW_CACHE_TEXTURE_WAYS 4u
#define HW_CACHE_TEXTURE_POLICY HW_CACHE_LRU

/* Framebuffer caches (one for colour, one for depth/stencil), write without
 * fill (a write that covers a pixel's bytes needs no read), 2 KiB (32
 * sets): a tile walk touches an 8x8 tile's 16 lines (32 bits a pixel) and
 * moves on, so any cache of a few tiles reads and writes each line once;
 * size would only matter for a scanline walk (8 KiB then, for the
 * 240-pixel rows of the rotated screens). */
#define HW_CACHE_FRAMEBUFFER_LINE_BYTES 16u
#define HW_CACHE_FRAMEBUFFER_SETS 32u
#define HW_CACHE_FRAMEBUFFER_WAYS 4u
#define HW_CACHE_FRAMEBUFFER_POLICY HW_CACHE_LRU

struct hw_cache_stats {
	uint64_t read_hits, read_misses;
	uint64_t write_hits, write_misses;
	uint64_t write_backs;           /* dirty lines written to memory */
};

/* Line-finding hints a cache keeps (a power of two: sixteen 8x8 tiles'
 * lines at 32 bits a pixel; 64, four tiles' lines, left a bilinear walk
 * over a 256-texel RGBA8 texture more accesses for the out-of-line path:
 * fill scene 686.5 M instructions with 64, 680.1 M with 256), and the slot
 * of line number `line`: its low bits. Any 256 consecutive lines (sixteen
 * neighbouring tiles, or the 2x2 texel quads a bilinear walk alternates
 * between) have a slot each; folding the upper bits in as well moved no
 * more accesses onto a hint than it cost (with 64 hints, fill scene:
 * 711.6 M instructions with the fold, 686.5 M without; geometry scene:
 * 149.2 M, 147.9 M). Hints change no result, only which accesses take
 * the inline path. */
#define HW_CACHE_HINTS 256u
#define HW_CACHE_NO_LINE UINT32_MAX     /* above any address >> line_shift */

static inline uint32_t hw_cache_hint_slot(uint32_t line)
{
	return line & (HW_CACHE_HINTS - 1);
}

struct hw_cache {
	struct hw_cache_config cfg;
	struct hw_cache_stats stats;
	/* Per line (sets * ways): tag, byte valid mask, dirty flag, stamp.
	 * line_bytes <= 64, so one 64-bit mask covers a line. */
	uint32_t *tag;
	uint64_t *valid;
	uint8_t *dirty;
	uint64_t *stamp;
	uint64_t clock;
	/* Geometry worked out once, at init (cfg must not change after). */
	unsigned line_shift, set_bits;
	uint64_t full_mask;             /* every byte of a line */
	/* Where recently used lines are (line-finding hints): slot
	 * hw_cache_hint_slot(line) remembers the line number (address >>
	 * line_shift) of the last access that mapped there and the line index
	 * it used. A hint that names a line is always right: the line is
	 * present at that index (a line's hint is forgotten when the line is
	 * evicted, and every hint when the cache is invalidated), so a hint
	 * is believed on its line number alone. An access whose hint names
	 * its line and that hits is only the hit's bookkeeping, done inline
	 * (same-line merging, and the two or more lines bilinear taps and
	 * tile rows alternate between). */
	struct hw_cache_hint {
		uint32_t line;          /* HW_CACHE_NO_LINE: none */
		uint32_t index;
	} hint[HW_CACHE_HINTS];
};

/* Result of one access: what memory traffic it causes, in lines. */
struct hw_cache_traffic {
	bool hit;
	bool fill;                      /* a line was read from memory */
	bool write_back;                /* a dirty line was written to memory */
	uint32_t write_back_addr;       /* its address */
};

/* Set up an empty cache; HW_ERROR_RANGE for a bad geometry (line_bytes
 * not a power of two in 16..64, sets not a power of two in 1..65536, ways
 * not in 1..256, unknown policy), HW_ERROR_NO_MEMORY when allocation
 * fails. On error *c is left as it was. */
enum hw_status hw_cache_init(struct hw_cache *c, const struct hw_cache_config *cfg);
void hw_cache_fini(struct hw_cache *c);

/* Read or write `size` bytes at `addr` (within one line: bytes past the
 * line's end are ignored, so the caller splits an access that crosses
 * lines; size 0 counts as 1). A read hits when every byte is valid, else
 * the line is filled from memory (a present line keeps its dirty bytes).
 * A write hits when the line is present; it marks its bytes valid and
 * dirty (allocating without a fill when write_no_fill). An allocation
 * takes an empty way first, else evicts by policy (LRU: least recently
 * used; FIFO: allocated longest ago); an evicted dirty line is written
 * back. */
struct hw_cache_traffic hw_cache_access_general(struct hw_cache *c, uint32_t addr,
						uint32_t size, bool write);

/* Forget every hint (hw_cache_invalidate does; the cache's results never
 * depend on them). */
void hw_cache_forget_hints(struct hw_cache *c);

/* An access that hits a line its hint finds is only the hit's bookkeeping;
 * it is done here, inline (always: it is the per-fragment paths' most
 * frequent step), and anything else goes to hw_cache_access_general. The
 * same results either way. */
#if defined(__GNUC__)
#define HW_CACHE_INLINE static inline __attribute__((always_inline))
#else
#define HW_CACHE_INLINE static inline
#endif
HW_CACHE_INLINE struct hw_cache_traffic hw_cache_access(struct hw_cache *c, uint32_t addr,
							uint32_t size, bool write)
{
	uint32_t line = addr >> c->line_shift;
	const struct hw_cache_hint *h = &c->hint[hw_cache_hint_slot(line)];

	if (h->line == line) {
		uint32_t i = h->index;
		uint64_t valid = c->valid[i], mask = 0;
		bool hit = valid == c->full_mask;       /* every byte: read or written, a hit */

		if (!hit) {
			uint32_t offset = addr & (c->cfg.line_bytes - 1);
			uint32_t room = c->cfg.line_bytes - offset;
			uint32_t n = size == 0 ? 1 : size < room ? size : room;

			mask = (n >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1) << offset;
			hit = write || (valid & mask) == mask;
		}
		if (hit) {
			struct hw_cache_traffic t = { true, false, false, 0 };

			c->clock++;
			if (write) {
				c->stats.write_hits++;
				c->valid[i] = valid | mask;     /* a full line stays full */
				c->dirty[i] = 1;
			} else {
				c->stats.read_hits++;
			}
			if (c->cfg.policy == HW_CACHE_LRU)
				c->stamp[i] = c->clock;
			return t;
		}
	}
	return hw_cache_access_general(c, addr, size, write);
}

/* A write of bytes that the access just before it to the same cache read
 * (the same address, no more bytes): the line is present, its hint names
 * it and those bytes are valid, so this is hw_cache_access's write hit
 * without the look-up (a pixel's depth test, then its depth write). */
HW_CACHE_INLINE void hw_cache_write_again(struct hw_cache *c, uint32_t addr)
{
	const uint32_t i = c->hint[hw_cache_hint_slot(addr >> c->line_shift)].index;

	c->clock++;
	c->stats.write_hits++;
	c->dirty[i] = 1;
	if (c->cfg.policy == HW_CACHE_LRU)
		c->stamp[i] = c->clock;
}

/* n reads of `size` bytes at addr[0..n-1], in order: the same as n
 * hw_cache_access reads one by one (the same hits, fills, evictions,
 * stamps and statistics), done with the cache's fields in locals and
 * same-line merging (a read of the line the one before read, wholly
 * valid, is a hit found without the hints). The position k of each read
 * that filled a line goes to fills[] (room for n); returns how many. */
unsigned hw_cache_read_n(struct hw_cache *c, const uint32_t *addr, unsigned n, uint32_t size,
			 uint16_t *fills);

/* n writes of `size` bytes at addr[0..n-1], in order: the same as n
 * hw_cache_access writes one by one (the same hits, misses, evictions,
 * write-backs, valid bytes, stamps, hints and statistics), done with the
 * cache's clock and hit count in locals, and the look-up of a line that
 * no hint names out of the loop. The position k and the traffic of each
 * write that was not a hit go to at[] and traffic[] (room for n each);
 * returns how many. */
unsigned hw_cache_write_n(struct hw_cache *c, const uint32_t *addr, unsigned n, uint32_t size,
			  uint16_t *at, struct hw_cache_traffic *traffic);

/* Write every dirty line back (end of a draw, a flush); calls `out` (may
 * be NULL) for each written line's address, in set then way order. Lines
 * stay valid and clean. Returns how many were written. */
uint32_t hw_cache_flush(struct hw_cache *c, void (*out)(void *user, uint32_t addr), void *user);

/* Forget everything without writing (invalidate). Stats are kept. */
void hw_cache_invalidate(struct hw_cache *c);

#endif
