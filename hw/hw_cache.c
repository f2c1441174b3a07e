/* hw_cache.c: a set-associative cache of tags, in the manner of a cache
 * simulator: an address splits into line offset, set index and tag; the set
 * is a row of `ways` lines compared by tag. A line whose valid mask is 0
 * is empty; its tag is CACHE_NO_TAG and its stamp 0. Stamps order the lines of a set for replacement: LRU renews a
 * line's stamp on every use, FIFO only when the line is allocated. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hw_alloc.h"
#include "hw_assert.h"
#include "hw_cache.h"
#include "hw_simd.h"

#define CACHE_MIN_LINE_BYTES 16u        /* the 16-byte MEMORY_ACCESS unit */
#define CACHE_MAX_LINE_BYTES 64u        /* one 64-bit valid mask a line */
#define CACHE_MAX_SETS (1u << 16)       /* bounds the allocation; far above any GPU cache */
#define CACHE_MAX_WAYS 256u
#define CACHE_NO_TAG UINT32_MAX         /* an empty line's: above any address >> line_shift */

/* Whether v is a power of two (0 is not). */
static bool cache_pow2(uint32_t v)
{
	return v != 0 && (v & (v - 1)) == 0;
}

/* floor(log2(v)) for v >= 1; the exact exponent of a power of two. */
static unsigned cache_log2(uint32_t v)
{
	unsigned n = 0;

	while (v > 1) {
		v >>= 1;
		n++;
	}
	return n;
}

/* Whether `cfg` is a geometry and policy hw_cache_init can build. */
static bool cache_config_ok(const struct hw_cache_config *cfg)
{
	return cfg
	       && cache_pow2(cfg->line_bytes)
	       && cfg->line_bytes >= CACHE_MIN_LINE_BYTES
	       && cfg->line_bytes <= CACHE_MAX_LINE_BYTES
	       && cache_pow2(cfg->sets) && cfg->sets <= CACHE_MAX_SETS
	       && cfg->ways >= 1 && cfg->ways <= CACHE_MAX_WAYS
	       && (cfg->policy == HW_CACHE_LRU || cfg->policy == HW_CACHE_FIFO);
}

enum hw_status hw_cache_init(struct hw_cache *c, const struct hw_cache_config *cfg)
{
	size_t lines;
	uint32_t *tag;
	uint64_t *valid, *stamp;
	uint8_t *dirty;

	if (!c || !cache_config_ok(cfg))
		return HW_ERROR_RANGE;
	lines = (size_t)cfg->sets * cfg->ways;
	tag = hw_calloc(lines, sizeof *tag);
	valid = hw_calloc(lines, sizeof *valid);
	dirty = hw_calloc(lines, sizeof *dirty);
	stamp = hw_calloc(lines, sizeof *stamp);
	if (!tag || !valid || !dirty || !stamp) {
		free(tag);
		free(valid);
		free(dirty);
		free(stamp);
		return HW_ERROR_NO_MEMORY;
	}
	memset(c, 0, sizeof *c);
	c->cfg = *cfg;
	c->tag = tag;
	c->valid = valid;
	c->dirty = dirty;
	c->stamp = stamp;
	c->line_shift = cache_log2(cfg->line_bytes);
	c->set_bits = cache_log2(cfg->sets);
	memset(tag, 0xFF, lines * sizeof *tag);         /* CACHE_NO_TAG: empty */
	c->full_mask = cfg->line_bytes >= 64 ? ~(uint64_t)0
		       : ((uint64_t)1 << cfg->line_bytes) - 1;
	hw_cache_forget_hints(c);
	return HW_OK;
}

void hw_cache_fini(struct hw_cache *c)
{
	if (!c)
		return;
	free(c->tag);
	free(c->valid);
	free(c->dirty);
	free(c->stamp);
	memset(c, 0, sizeof *c);
}

/* Bytes [offset, offset + size) of a line; size is at least 1 and stops at
 * the line's end (the caller splits accesses that cross lines). */
static uint64_t cache_byte_mask(const struct hw_cache *c, uint32_t offset, uint32_t size)
{
	uint32_t room = c->cfg.line_bytes - offset;
	uint64_t bits;

	NNGX_ASSERT(offset < c->cfg.line_bytes);

	if (size == 0)
		size = 1;
	if (size > room)
		size = room;
	bits = size >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << size) - 1;
	return bits << offset;
}

/* The first address of the line of `set` that holds `tag`. */
static uint32_t cache_line_addr(const struct hw_cache *c, uint32_t set, uint32_t tag)
{
	return (uint32_t)((((uint64_t)tag << c->set_bits) | set) << c->line_shift);
}

/* The hint's select below sets every bit to forget a line. */
typedef char cache_no_line_is_all_ones[HW_CACHE_NO_LINE == UINT32_MAX ? 1 : -1];

/* Take line `i` of `set` for `tag`, writing the old contents back if dirty.
 * The old line's hint, if it has one, goes with it (the hint's slot may
 * name another line, which stays). */
static inline void cache_allocate(struct hw_cache *c, size_t i, uint32_t set, uint32_t tag,
				  struct hw_cache_traffic *t, uint64_t clock)
{
	/* line i is a way of `set`, and the tag one an address can have */
	NNGX_ASSERT(i / c->cfg.ways == set && tag != CACHE_NO_TAG);
	if (c->valid[i] != 0) {
		uint32_t old = (uint32_t)(((uint64_t)c->tag[i] << c->set_bits) | set);
		struct hw_cache_hint *h = &c->hint[hw_cache_hint_slot(old)];

		/* a select, not a branch: whether another line has taken
		 * the slot since is as good as random */
		h->line |= 0u - (uint32_t)(h->line == old);     /* HW_CACHE_NO_LINE */
		if (c->dirty[i]) {
			t->write_back = true;
			t->write_back_addr = cache_line_addr(c, set, c->tag[i]);
			c->stats.write_backs++;
		}
	}
	c->tag[i] = tag;
	c->valid[i] = 0;
	c->dirty[i] = 0;
	c->stamp[i] = clock;
}

/* The way of `tags` (a set's) that holds `tag`, or `ways` when none: an
 * empty line's tag is CACHE_NO_TAG, which no address has, so the tags
 * alone tell. Four ways (the default geometry) compare in one step. */
static inline uint32_t cache_find(const uint32_t *tags, uint32_t ways, uint32_t tag)
{
	uint32_t w;

#if HW_SSE2
	if (ways == 4) {
		__m128i v = _mm_loadu_si128((const __m128i *)tags);
		int m = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(v, _mm_set1_epi32(
			(int)tag))));

		/* the way that matches (one at most does) */
#if defined(__GNUC__)
		return m == 0 ? 4 : (uint32_t)__builtin_ctz((unsigned)m);
#else
		return m == 0 ? 4 : (m & 1) ? 0 : (m & 2) ? 1 : (m & 4) ? 2 : 3;
#endif
	}
#endif
	for (w = 0; w < ways && tags[w] != tag; w++)
		;
	return w;
}

/* The first way of `stamps` (a set's) with the smallest stamp. */
static inline uint32_t cache_oldest(const uint64_t *stamps, uint32_t ways)
{
	uint32_t w, oldest = 0;

	if (ways == 4) {        /* the default geometry, unrolled */
		uint32_t a = stamps[1] < stamps[0], b = 2 + (stamps[3] < stamps[2]);

		/* a select by a mask, not a branch: which way is older is as
		 * good as random, so a branch on it would often be guessed
		 * wrong */
		oldest = a ^ ((a ^ b) & (0u - (uint32_t)(stamps[b] < stamps[a])));
		NNGX_ASSERT(oldest < 4 && stamps[oldest] <= stamps[0] && stamps[oldest] <= stamps[1]
			    && stamps[oldest] <= stamps[2] && stamps[oldest] <= stamps[3]);
		return oldest;
	}
	for (w = 1; w < ways; w++)
		if (stamps[w] < stamps[oldest])
			oldest = w;
	return oldest;
}

struct hw_cache_traffic hw_cache_access_general(struct hw_cache *c, uint32_t addr,
						uint32_t size, bool write)
{
	struct hw_cache_traffic t = { false, false, false, 0 };
	uint32_t line = addr >> c->line_shift;
	uint32_t set = line & (c->cfg.sets - 1);
	uint32_t tag = (uint32_t)((uint64_t)line >> c->set_bits);
	uint64_t mask = cache_byte_mask(c, addr & (c->cfg.line_bytes - 1), size);
	uint32_t ways = c->cfg.ways;
	size_t first = (size_t)set * ways, i = first + ways;
	struct hw_cache_hint *h = &c->hint[hw_cache_hint_slot(line)];

	c->clock++;
	/* A hint that names this line holds its index (hw_cache.h). */
	if (h->line == line) {
		i = h->index;
		/* a hint that names a line holds the way that has it */
		NNGX_ASSERT(i >= first && i < first + ways && c->tag[i] == tag);
	} else
		i = first + cache_find(c->tag + first, ways, tag);

	if (i == first + ways) {
		/* Miss: allocate the first empty way, else the oldest stamp
		 * (the first of equal ones, which never happens: stamps are
		 * unique). An empty line's stamp is 0 and a used one's at least
		 * 1 (the clock counts from 1), so the first of the smallest
		 * stamps is both. */
		i = first + cache_oldest(c->stamp + first, ways);
		/* Reads, and writes of a cache that fills on write, read the
		 * whole line first. */
		cache_allocate(c, i, set, tag, &t, c->clock);
		if (!write || !c->cfg.write_no_fill) {
			t.fill = true;
			c->valid[i] = c->full_mask;
		}
		if (write)
			c->stats.write_misses++;
		else
			c->stats.read_misses++;
	} else if (!write && (c->valid[i] & mask) != mask) {
		/* Present, but some bytes asked for were never written: fill.
		 * Written bytes stay dirty; the fill only supplies the rest. */
		t.fill = true;
		c->valid[i] = c->full_mask;
		c->stats.read_misses++;
	} else {
		t.hit = true;
		if (write)
			c->stats.write_hits++;
		else
			c->stats.read_hits++;
	}

	if (write) {
		c->valid[i] |= mask;
		c->dirty[i] = 1;
	}
	if (c->cfg.policy == HW_CACHE_LRU)
		c->stamp[i] = c->clock;
	h->line = line;
	h->index = (uint32_t)i;
	return t;
}

/* hw_cache_read_n's loop, `lru` a constant where it is inlined. The line
 * of the last read stays in locals while it is wholly valid: a read of it
 * is a hit, done without a look at the hints; any other read is
 * hw_cache_access's, its inline path here too. */
static inline __attribute__((always_inline)) unsigned
cache_read_loop(struct hw_cache *c, const uint32_t *addr, unsigned n, uint32_t size,
		uint16_t *fills, bool lru)
{
	const unsigned shift = c->line_shift;
	const uint64_t full = c->full_mask;
	const struct hw_cache_hint *const hint = c->hint;
	const uint64_t *const valid = c->valid;
	uint64_t *const stamp = c->stamp;
	uint64_t clock = c->clock, read_hits = c->stats.read_hits;
	uint32_t last = HW_CACHE_NO_LINE;
	uint64_t *last_stamp = stamp;
	unsigned k, nfills = 0;

	NNGX_ASSERT(n <= (unsigned)UINT16_MAX + 1);     /* fills[] holds uint16_t */
	for (k = 0; k < n; k++) {
		uint32_t line = addr[k] >> shift;
		const struct hw_cache_hint *h;
		struct hw_cache_traffic t;

		if (line != last) {
			h = &hint[hw_cache_hint_slot(line)];
			if (h->line != line || valid[h->index] != full) {
				c->clock = clock;
				c->stats.read_hits = read_hits;
				t = hw_cache_access_general(c, addr[k], size, false);
				clock = c->clock;
				read_hits = c->stats.read_hits;
				if (t.fill)
					fills[nfills++] = (uint16_t)k;
				/* the read left its line present, and its
				 * hint names it */
				last = valid[h->index] == full ? line : HW_CACHE_NO_LINE;
				last_stamp = &stamp[h->index];
				continue;
			}
			/* hw_cache_access's inline hit: every byte is valid */
			last = line;
			last_stamp = &stamp[h->index];
		}
		clock++;
		read_hits++;
		if (lru)
			*last_stamp = clock;
	}
	c->clock = clock;
	c->stats.read_hits = read_hits;
	return nfills;
}

/* hw_cache_read_n, with the replacement policy made a constant of the loop. */
static inline __attribute__((always_inline)) unsigned cache_read_n(struct hw_cache *c,
								   const uint32_t *addr, unsigned n,
								   uint32_t size, uint16_t *fills)
{
	if (c->cfg.policy == HW_CACHE_LRU)
		return cache_read_loop(c, addr, n, size, fills, true);
	return cache_read_loop(c, addr, n, size, fills, false);
}

/* hw_cache_read_n's AVX2 copy (hw_simd.h), and the copy for the host. */
#if HW_AVX2
static HW_AVX2_TARGET unsigned cache_read_n_avx2(struct hw_cache *c, const uint32_t *addr,
						 unsigned n, uint32_t size, uint16_t *fills)
{
	return cache_read_n(c, addr, n, size, fills);
}
#endif

unsigned hw_cache_read_n(struct hw_cache *c, const uint32_t *addr, unsigned n, uint32_t size,
			 uint16_t *fills)
{
#if HW_AVX2
	if (hw_simd_avx2())
		return cache_read_n_avx2(c, addr, n, size, fills);
#endif
	return cache_read_n(c, addr, n, size, fills);
}

/* hw_cache_write_n's write of line `line` that its hint does not name,
 * at time `clock`: hw_cache_access_general's look-up, the index of the way
 * that holds the line (t->hit), else of a new one (its traffic to *t).
 * The line's hint then names it. `pixels` (a constant where it is
 * inlined): four ways and write_no_fill, as the framebuffer caches'
 * default geometry. */
static inline __attribute__((always_inline)) size_t
cache_write_find_in(struct hw_cache *c, uint32_t line, uint64_t clock,
		    struct hw_cache_traffic *t, bool pixels)
{
	const uint32_t set = line & (c->cfg.sets - 1), ways = pixels ? 4 : c->cfg.ways;
	const uint32_t tag = (uint32_t)((uint64_t)line >> c->set_bits);
	const size_t first = (size_t)set * ways;
	struct hw_cache_hint *const h = &c->hint[hw_cache_hint_slot(line)];
	size_t i = first + cache_find(c->tag + first, ways, tag);

	t->hit = i != first + ways;
	if (!t->hit) {
		i = first + cache_oldest(c->stamp + first, ways);
		t->fill = t->write_back = false;
		t->write_back_addr = 0;
		cache_allocate(c, i, set, tag, t, clock);
		if (!pixels && !c->cfg.write_no_fill) {
			t->fill = true;
			c->valid[i] = c->full_mask;
		}
		c->stats.write_misses++;
	}
	h->line = line;
	h->index = (uint32_t)i;
	return i;
}

/* The look-up out of the loop, so that the loop keeps its few values in
 * registers. */
static __attribute__((noinline)) size_t cache_write_find(struct hw_cache *c, uint32_t line,
							 uint64_t clock,
							 struct hw_cache_traffic *t)
{
	return cache_write_find_in(c, line, clock, t, false);
}

/* cache_write_find for the framebuffer caches' default geometry. */
static __attribute__((noinline)) size_t cache_write_find_pixels(struct hw_cache *c,
								uint32_t line, uint64_t clock,
								struct hw_cache_traffic *t)
{
	return cache_write_find_in(c, line, clock, t, true);
}

/* hw_cache_write_n's loop, `lru` and `pixels` constants where it is
 * inlined: one test a write, whether the hint of its line names it (the
 * line the write before wrote always is: its hint was just set). Then it
 * is hw_cache_access's inline write hit, else cache_write_find's look-up.
 * Write k's time is the clock before the loop plus k + 1, and every write
 * that did not miss hit: neither is counted in the loop (a count kept
 * across the look-up's call lives in memory, one dependent add a write).
 * `pixels`: 16-byte lines of four ways
 * allocated on write without a fill, and writes of 4 bytes (a framebuffer
 * cache's default geometry, RGBA8 pixels): the loop's values and the
 * look-up's geometry then constants (fewer to keep in registers). */
static inline __attribute__((always_inline)) unsigned
cache_write_loop(struct hw_cache *c, const uint32_t *addr, unsigned n, uint32_t size,
		 uint16_t *at, struct hw_cache_traffic *traffic, bool lru, bool pixels)
{
	const unsigned shift = pixels ? 4 : c->line_shift;
	const uint32_t line_mask = pixels ? 15 : c->cfg.line_bytes - 1;
	/* a write's bytes in its line: `size` of them (1 for 0) from its
	 * offset, those past the line's end left out */
	const uint64_t bytes = pixels ? 0xF : size >= 64 ? ~(uint64_t)0
					      : ((uint64_t)1 << (size ? size : 1)) - 1;
	const uint64_t full = pixels ? 0xFFFF : c->full_mask;
	uint64_t *const valid = c->valid;
	uint8_t *const dirty = c->dirty;
	uint64_t *const stamp = c->stamp;
	const struct hw_cache_hint *const hint = c->hint;
	const uint64_t clock0 = c->clock;
	unsigned k, nmiss = 0;

	NNGX_ASSERT(n <= (unsigned)UINT16_MAX + 1);     /* at[] holds uint16_t */
	NNGX_ASSERT(!pixels || (c->cfg.line_bytes == 16 && c->cfg.ways == 4 && size == 4));

	for (k = 0; k < n; k++) {
		const uint32_t line = addr[k] >> shift;
		const struct hw_cache_hint *const h = &hint[hw_cache_hint_slot(line)];
		const uint64_t clock = clock0 + k + 1;
		size_t i = h->index;

		if (h->line != line) {
			i = pixels ? cache_write_find_pixels(c, line, clock, &traffic[nmiss])
				   : cache_write_find(c, line, clock, &traffic[nmiss]);
			if (!traffic[nmiss].hit)
				at[nmiss++] = (uint16_t)k;
		}
		/* the hint named the line, or the look-up just made it so */
		NNGX_ASSERT(c->tag[i] == (uint32_t)((uint64_t)line >> c->set_bits));
		valid[i] |= (bytes << (addr[k] & line_mask)) & full;
		dirty[i] = 1;
		if (lru)
			stamp[i] = clock;
	}
	/* every write that did not miss hit */
	c->clock = clock0 + n;
	c->stats.write_hits += n - nmiss;
	return nmiss;
}

unsigned hw_cache_write_n(struct hw_cache *c, const uint32_t *addr, unsigned n, uint32_t size,
			  uint16_t *at, struct hw_cache_traffic *traffic)
{
	if (c->cfg.policy == HW_CACHE_LRU && c->cfg.line_bytes == 16 && size == 4
	    && c->cfg.ways == 4 && c->cfg.write_no_fill)
		return cache_write_loop(c, addr, n, size, at, traffic, true, true);
	if (c->cfg.policy == HW_CACHE_LRU)
		return cache_write_loop(c, addr, n, size, at, traffic, true, false);
	return cache_write_loop(c, addr, n, size, at, traffic, false, false);
}

uint32_t hw_cache_flush(struct hw_cache *c, void (*out)(void *user, uint32_t addr), void *user)
{
	size_t lines = (size_t)c->cfg.sets * c->cfg.ways, i;
	uint32_t written = 0;

	for (i = 0; i < lines; i++) {
		if (c->valid[i] == 0 || !c->dirty[i])
			continue;
		c->dirty[i] = 0;
		c->stats.write_backs++;
		written++;
		if (out)
			out(user, cache_line_addr(c, (uint32_t)(i / c->cfg.ways), c->tag[i]));
	}
	return written;
}

void hw_cache_invalidate(struct hw_cache *c)
{
	size_t lines = (size_t)c->cfg.sets * c->cfg.ways;

	memset(c->tag, 0xFF, lines * sizeof *c->tag);    /* CACHE_NO_TAG: empty */
	memset(c->valid, 0, lines * sizeof *c->valid);
	memset(c->dirty, 0, lines * sizeof *c->dirty);
	memset(c->stamp, 0, lines * sizeof *c->stamp);  /* below any used line's */
	hw_cache_forget_hints(c);
}

void hw_cache_forget_hints(struct hw_cache *c)
{
	unsigned k;

	for (k = 0; k < HW_CACHE_HINTS; k++) {
		c->hint[k].line = HW_CACHE_NO_LINE;
		c->hint[k].index = 0;
	}
}
