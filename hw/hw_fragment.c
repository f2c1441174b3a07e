/* hw_fragment.c: early depth, alpha/stencil/depth tests, blending and
 * writes over the real tiled buffers, with their traffic through the
 * framebuffer caches. */
#include <stdlib.h>
#include <string.h>

#include "hw_alloc.h"
#include "hw_assert.h"
#include "hw_fragment.h"
#include "hw_regs.h"
#include "hw_simd.h"

#define FRAG_DEPTH24_MAX 0xFFFFFFu
#define FRAG_DEPTH16_MAX 0xFFFFu
#define FRAG_STENCIL_BYTE 3             /* D24S8: the word S<<24|Z, little-endian */
#define FRAG_TILE_PIXELS (HW_FRAMEBUFFER_TILE * HW_FRAMEBUFFER_TILE)

/* Channels a colour format stores, as colour-mask bits (bit 0 R .. 3 A). */
#define FRAG_RGB 0x7u
#define FRAG_RGBA 0xFu

static const struct hw_cache_config frag_cache_default = {
	16,             /* line_bytes: the MEMORY_ACCESS unit */
	32,             /* sets */
	4,              /* ways */
	HW_CACHE_LRU,
	true            /* write_no_fill */
};

void hw_fragment_cache_defaults(struct hw_cache_config *cfg)
{
	*cfg = frag_cache_default;
}

enum hw_status hw_fragment_state_init(struct hw_fragment_state *st,
				      const struct hw_cache_config *cache)
{
	struct hw_cache_config c = cache ? *cache : frag_cache_default;
	enum hw_status s;

	memset(st, 0, sizeof *st);
	/* A write miss must not read the line: a buffer that is only written
	 * (no blending, no depth test) causes no reads. */
	c.write_no_fill = true;
	s = hw_cache_init(&st->depth_cache, &c);
	if (s != HW_OK)
		return s;
	s = hw_cache_init(&st->color_cache, &c);
	if (s != HW_OK)
		hw_cache_fini(&st->depth_cache);
	return s;
}

void hw_fragment_state_fini(struct hw_fragment_state *st)
{
	hw_cache_fini(&st->depth_cache);
	hw_cache_fini(&st->color_cache);
	free(st->early_depth);
	memset(st, 0, sizeof *st);
}

/* Window depth to an unsigned fixed-point value of `max` (2^n - 1). */
static uint32_t frag_quantize(float z, uint32_t max)
{
	double d = z;

	if (!(d > 0))           /* also NaN */
		d = 0;
	if (d > 1)
		d = 1;
	return (uint32_t)(d * max + 0.5);
}

enum hw_status hw_fragment_clear_early_depth(struct hw_fragment_state *st, unsigned width,
					     unsigned height, float depth)
{
	uint32_t value = frag_quantize(depth, FRAG_DEPTH24_MAX);
	size_t n, i;

	if (width == 0 || height == 0 || width > HW_FRAMEBUFFER_MAX_SIZE
	    || height > HW_FRAMEBUFFER_MAX_SIZE)
		return HW_ERROR_RANGE;
	n = (size_t)width * height;
	if (!st->early_depth || st->early_width != width || st->early_height != height) {
		uint32_t *buf = hw_malloc(n * sizeof *buf);
		if (!buf)
			return HW_ERROR_NO_MEMORY;
		free(st->early_depth);
		st->early_depth = buf;
		st->early_width = width;
		st->early_height = height;
	}
	for (i = 0; i < n; i++)
		st->early_depth[i] = value;
	return HW_OK;
}

unsigned hw_fragment_color_bytes(enum hw_color_format f)
{
	return hw_pixel_bytes(f);
}

unsigned hw_fragment_depth_bytes(enum hw_depth_format f)
{
	switch (f) {
	case HW_DEPTH_D16: return 2;
	case HW_DEPTH_D24: return 3;
	case HW_DEPTH_D24S8: return 4;
	default: return 0;
	}
}

/* Morton index in a tile: x bits 0-2 in bits 0, 2, 4, row bits in 1, 3,
 * 5; [row % 8][x % 8]. */
static const unsigned char frag_morton[HW_FRAMEBUFFER_TILE][HW_FRAMEBUFFER_TILE] = {
	{ 0, 1, 4, 5, 16, 17, 20, 21 }, { 2, 3, 6, 7, 18, 19, 22, 23 },
	{ 8, 9, 12, 13, 24, 25, 28, 29 }, { 10, 11, 14, 15, 26, 27, 30, 31 },
	{ 32, 33, 36, 37, 48, 49, 52, 53 }, { 34, 35, 38, 39, 50, 51, 54, 55 },
	{ 40, 41, 44, 45, 56, 57, 60, 61 }, { 42, 43, 46, 47, 58, 59, 62, 63 },
};

uint32_t hw_fragment_pixel_offset(unsigned x, unsigned y, unsigned width, unsigned height,
				  unsigned bytes)
{
	unsigned r = height - 1 - y;    /* memory rows run from the top */
	uint32_t tile = (uint32_t)(r / HW_FRAMEBUFFER_TILE) * (width / HW_FRAMEBUFFER_TILE)
			+ x / HW_FRAMEBUFFER_TILE;

	return (tile * FRAG_TILE_PIXELS
		+ frag_morton[r % HW_FRAMEBUFFER_TILE][x % HW_FRAMEBUFFER_TILE]) * bytes;
}

/* Bits 0 and 1 of v spread to bits 0 and 2. */
static unsigned frag_spread2(unsigned v)
{
	return (v & 1u) | (v & 2u) << 1;
}

uint32_t hw_fragment_pixel_offset_in(unsigned x, unsigned y, unsigned width, unsigned height,
				     unsigned bytes, bool block32)
{
	const unsigned b = HW_FRAMEBUFFER_BLOCK32, t = HW_FRAMEBUFFER_TILE;
	unsigned r, tx, ty;
	uint32_t block;

	if (!block32)
		return hw_fragment_pixel_offset(x, y, width, height, bytes);
	r = height - 1 - y;
	block = (uint32_t)(r / b) * (width / b) + x / b;
	tx = x % b / t;
	ty = r % b / t;
	return (block * b * b + (frag_spread2(tx) | frag_spread2(ty) << 1) * FRAG_TILE_PIXELS
		+ frag_morton[r % t][x % t]) * bytes;
}

/* Whether f is one of the eight compare functions the registers can hold. */
static bool frag_compare_ok(enum hw_compare f)
{
	return (unsigned)f <= HW_CMP_GEQUAL;
}

/* `value` func `ref`: the incoming value on the left, as in GL. */
static inline bool frag_compare(enum hw_compare f, uint32_t value, uint32_t ref)
{
	switch (f) {
	case HW_CMP_NEVER: return false;
	case HW_CMP_ALWAYS: return true;
	case HW_CMP_EQUAL: return value == ref;
	case HW_CMP_NOTEQUAL: return value != ref;
	case HW_CMP_LESS: return value < ref;
	case HW_CMP_LEQUAL: return value <= ref;
	case HW_CMP_GREATER: return value > ref;
	case HW_CMP_GEQUAL: return value >= ref;
	default: return false;
	}
}

enum hw_status hw_fragment_check(const struct hw_fragment_config *cfg,
				 const struct hw_memory *mem)
{
	uint32_t pixels;

	if (!cfg || cfg->width == 0 || cfg->height == 0
	    || cfg->width > HW_FRAMEBUFFER_MAX_SIZE || cfg->height > HW_FRAMEBUFFER_MAX_SIZE
	    || cfg->width % HW_FRAMEBUFFER_TILE || cfg->height % HW_FRAMEBUFFER_TILE
	    || (cfg->block32 && (cfg->width % HW_FRAMEBUFFER_BLOCK32
				 || cfg->height % HW_FRAMEBUFFER_BLOCK32)))
		return HW_ERROR_RANGE;
	if (!frag_compare_ok(cfg->alpha_func) || !frag_compare_ok(cfg->stencil_func)
	    || !frag_compare_ok(cfg->depth_func) || !frag_compare_ok(cfg->early_depth_func)
	    || (unsigned)cfg->stencil_fail > HW_STENCIL_DECR_WRAP
	    || (unsigned)cfg->stencil_zfail > HW_STENCIL_DECR_WRAP
	    || (unsigned)cfg->stencil_zpass > HW_STENCIL_DECR_WRAP)
		return HW_ERROR_RANGE;
	pixels = cfg->width * cfg->height;
	if (cfg->color_phys) {
		if (!hw_fragment_color_bytes(cfg->color_format))
			return HW_ERROR_RANGE;
		if (!hw_memory_host(mem, cfg->color_phys,
				    pixels * hw_fragment_color_bytes(cfg->color_format)))
			return HW_ERROR_FAULT;
	}
	if (cfg->depth_phys) {
		if (!hw_fragment_depth_bytes(cfg->depth_format))
			return HW_ERROR_RANGE;
		if (!hw_memory_host(mem, cfg->depth_phys,
				    pixels * hw_fragment_depth_bytes(cfg->depth_format)))
			return HW_ERROR_FAULT;
	}
	return HW_OK;
}

/* ---- traffic ------------------------------------------------------------ */

/* `size` bytes at `addr` through cache `c`, split at line boundaries; each
 * fill is a read of a whole line (word `rd`), each write-back a write of
 * one (word `wr`), plus the VRAM channel words. */
static void frag_access_split(struct hw_cache *c, enum hw_memory_word rd,
			      enum hw_memory_word wr, uint32_t addr, uint32_t size, bool write,
			      struct hw_counters *delta)
{
	uint32_t line = c->cfg.line_bytes, units = line / HW_MEMORY_ACCESS_BYTES;

	while (size > 0) {
		uint32_t room = line - (addr & (line - 1));
		uint32_t n = size < room ? size : room;
		struct hw_cache_traffic t = hw_cache_access(c, addr, n, write);

		if (t.write_back)
			hw_memory_count(delta, wr, t.write_back_addr, true, units);
		if (t.fill)
			hw_memory_count(delta, rd, addr & ~(line - 1), false, units);
		addr += n;
		size -= n;
	}
}

/* The memory traffic of one access within a line, as the loop above
 * counts it. */
static void frag_traffic(const struct hw_cache *c, enum hw_memory_word rd,
			 enum hw_memory_word wr, uint32_t addr, struct hw_cache_traffic t,
			 struct hw_counters *delta)
{
	uint32_t line = c->cfg.line_bytes;

	if (t.write_back)
		hw_memory_count(delta, wr, t.write_back_addr, true, line / HW_MEMORY_ACCESS_BYTES);
	if (t.fill)
		hw_memory_count(delta, rd, addr & ~(line - 1), false,
				line / HW_MEMORY_ACCESS_BYTES);
}

/* Pixels of 2 or 4 bytes never cross a line (lines are 16..64 bytes; a
 * 3-byte pixel can), so the usual access is within one line: a hit is the
 * inline cache access and nothing more (small enough to be inlined at each
 * call), a miss counts its traffic out of line. Accesses that cross a line
 * go to the loop. */
static inline void frag_access(struct hw_cache *c, enum hw_memory_word rd,
			       enum hw_memory_word wr, uint32_t addr, uint32_t size, bool write,
			       struct hw_counters *delta)
{
	if (size > 0 && (addr & (c->cfg.line_bytes - 1)) + size <= c->cfg.line_bytes) {
		struct hw_cache_traffic t = hw_cache_access(c, addr, size, write);

		if (!t.hit)
			frag_traffic(c, rd, wr, addr, t, delta);
		return;
	}
	frag_access_split(c, rd, wr, addr, size, write, delta);
}

/* frag_access for an access known to stay inside one line (the compiled
 * path's pixels of 2 and 4 bytes): the inline cache access, and the
 * traffic of a miss out of line. Forced inline where the compiler allows:
 * it is the per-fragment path's most frequent call. */
#if defined(__GNUC__)
#define FRAG_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define FRAG_ALWAYS_INLINE inline
#endif
static FRAG_ALWAYS_INLINE void frag_access_in_line(struct hw_cache *c, enum hw_memory_word rd,
						   enum hw_memory_word wr, uint32_t addr,
						   uint32_t size, bool write,
						   struct hw_counters *delta)
{
	struct hw_cache_traffic t = hw_cache_access(c, addr, size, write);

	if (!t.hit)
		frag_traffic(c, rd, wr, addr, t, delta);
}

/* The compiled path's access: in line when the pixel cannot cross a line. */
static FRAG_ALWAYS_INLINE void frag_access_pixel(struct hw_cache *c, bool one_line,
						 enum hw_memory_word rd, enum hw_memory_word wr,
						 uint32_t addr, uint32_t size, bool write,
						 struct hw_counters *delta)
{
	if (one_line)
		frag_access_in_line(c, rd, wr, addr, size, write, delta);
	else
		frag_access(c, rd, wr, addr, size, write, delta);
}

struct frag_flush {
	struct hw_counters *delta;
	enum hw_memory_word word;
	uint32_t units;
};

/* hw_cache_flush's callback: counts one dirty line at addr, written back, in
 * the words and units of user (a struct frag_flush). */
static void frag_flush_line(void *user, uint32_t addr)
{
	struct frag_flush *fl = user;

	hw_memory_count(fl->delta, fl->word, addr, true, fl->units);
}

/* Write back every dirty line of cache c, counting each as memory traffic of
 * word kind wr in delta. The cache holds no dirty line afterwards. */
static void frag_flush_cache(struct hw_cache *c, enum hw_memory_word wr,
			     struct hw_counters *delta)
{
	struct frag_flush fl;

	fl.delta = delta;
	fl.word = wr;
	fl.units = c->cfg.line_bytes / HW_MEMORY_ACCESS_BYTES;
	hw_cache_flush(c, frag_flush_line, &fl);
}

void hw_fragment_flush(struct hw_fragment_state *st, struct hw_counters *delta)
{
	frag_flush_cache(&st->depth_cache, HW_MEM_DEPTH_STENCIL_WRITE, delta);
	frag_flush_cache(&st->color_cache, HW_MEM_COLOR_WRITE, delta);
}

void hw_fragment_invalidate(struct hw_fragment_state *st)
{
	hw_cache_invalidate(&st->depth_cache);
	hw_cache_invalidate(&st->color_cache);
}

/* ---- pixel formats ------------------------------------------------------ */

/* The n bytes at p (n <= 4) as a little-endian number. */
static uint32_t frag_load_le(const uint8_t *p, unsigned n)
{
	uint32_t v = 0;

	NNGX_ASSERT(n <= 4);
	while (n--)
		v = v << 8 | p[n];
	return v;
}

/* Store the low n bytes of v at p (n <= 4), little-endian. */
static void frag_store_le(uint8_t *p, uint32_t v, unsigned n)
{
	unsigned i;

	NNGX_ASSERT(n <= 4);
	for (i = 0; i < n; i++, v >>= 8)
		p[i] = (uint8_t)v;
}

/* The channels a colour format stores: FRAG_RGB for RGB8 and RGB565,
 * FRAG_RGBA for the rest (their alpha is written). */
static unsigned frag_color_channels(enum hw_color_format f)
{
	return f == HW_COLOR_RGB8 || f == HW_COLOR_RGB565 ? FRAG_RGB : FRAG_RGBA;
}

/* The new stencil value after `op` on the old value and the reference: INCR
 * and DECR saturate at 255 and 0, the _WRAP ones wrap; unknown ops keep. */
static uint8_t frag_stencil_op(enum hw_stencil_op op, uint8_t old, uint8_t ref)
{
	switch (op) {
	case HW_STENCIL_ZERO: return 0;
	case HW_STENCIL_REPLACE: return ref;
	case HW_STENCIL_INCR: return old == 255 ? 255 : (uint8_t)(old + 1);
	case HW_STENCIL_DECR: return old == 0 ? 0 : (uint8_t)(old - 1);
	case HW_STENCIL_INVERT: return (uint8_t)~old;
	case HW_STENCIL_INCR_WRAP: return (uint8_t)(old + 1);
	case HW_STENCIL_DECR_WRAP: return (uint8_t)(old - 1);
	case HW_STENCIL_KEEP:
	default: return old;
	}
}

/* ---- the module --------------------------------------------------------- */

/* One fragment's view of the buffers. */
struct frag_pixel {
	uint8_t *depth;                 /* host bytes, NULL without a depth buffer */
	uint32_t depth_addr;
	unsigned depth_bytes;
	uint8_t *color;
	uint32_t color_addr;
	unsigned color_bytes;
	uint32_t *early;                /* early depth entry, NULL when unusable */
};

/* Address and host bytes of the fragment's pixel in the buffer at `phys`;
 * NULL when the pixel lies outside memory. */
static uint8_t *frag_pixel_bytes(const struct hw_fragment_config *cfg, struct hw_memory *mem,
				 const struct hw_fragment *f, uint32_t phys, unsigned bytes,
				 uint32_t *addr)
{
	*addr = phys + hw_fragment_pixel_offset_in(f->x, f->y, cfg->width, cfg->height, bytes,
						   cfg->block32);
	return hw_memory_host(mem, *addr, bytes);
}

static void frag_words_init(struct hw_fragment_words *w, enum hw_memory_word rd,
			    enum hw_memory_word wr, uint32_t phys, uint32_t bytes);

void hw_fragment_prepare(const struct hw_fragment_config *cfg, struct hw_memory *mem,
			 struct hw_fragment_target *tg)
{
	uint32_t pixels = cfg->width * cfg->height;
	unsigned depth_bytes = hw_fragment_depth_bytes(cfg->depth_format);
	unsigned color_bytes = hw_fragment_color_bytes(cfg->color_format);

	unsigned present = frag_color_channels(cfg->color_format);

	memset(tg, 0, sizeof *tg);
	if (cfg->width > HW_FRAMEBUFFER_MAX_SIZE || cfg->height > HW_FRAMEBUFFER_MAX_SIZE)
		return;                 /* no product that could wrap: per pixel */
	tg->depth_host = cfg->depth_phys && depth_bytes
			 ? hw_memory_host(mem, cfg->depth_phys, pixels * depth_bytes) : NULL;
	tg->color_host = cfg->color_phys && color_bytes
			 ? hw_memory_host(mem, cfg->color_phys, pixels * color_bytes) : NULL;
	/* The compiled operations: every buffer the draw has is prepared (so
	 * its format is known too), as frag_locate would find it. */
	if ((cfg->depth_phys && !tg->depth_host) || (cfg->color_phys && !tg->color_host))
		return;
	if (cfg->mode != HW_FRAGMENT_GL || cfg->block32)
		return;                 /* shadow, gas, 32x32 blocks: per fragment */
	tg->compiled = true;
	tg->tiles_per_row = cfg->width / HW_FRAMEBUFFER_TILE;
	tg->depth_bytes = depth_bytes;
	tg->depth_len = cfg->depth_format == HW_DEPTH_D16 ? 2 : 3;
	tg->color_bytes = color_bytes;
	tg->depth_one_line = depth_bytes != 3;
	tg->color_one_line = color_bytes != 3;
	tg->stencil_on = cfg->stencil_test && cfg->depth_format == HW_DEPTH_D24S8;
	tg->depth_read = cfg->depth_test || tg->stencil_on;
	tg->color_mask = cfg->color_mask & present;
	tg->color_read = hw_fragment_reads_dst(cfg) || tg->color_mask != present;
	tg->color_plain = !tg->color_read && cfg->color_op == HW_COLOR_OP_WRITE;
	/* One fragment's writes never reach bytes another one of the batch
	 * reads when the buffers do not share bytes (distinct pixels of one
	 * buffer are distinct bytes). */
	frag_words_init(&tg->depth_words, HW_MEM_DEPTH_STENCIL_READ, HW_MEM_DEPTH_STENCIL_WRITE,
			cfg->depth_phys, tg->depth_host ? pixels * depth_bytes : 0);
	frag_words_init(&tg->color_words, HW_MEM_COLOR_READ, HW_MEM_COLOR_WRITE, cfg->color_phys,
			tg->color_host ? pixels * color_bytes : 0);
	tg->batch = !(tg->depth_host && tg->color_host
		      && hw_fragment_bytes_overlap(tg->depth_host, pixels * depth_bytes,
						   tg->color_host, pixels * color_bytes));
}

bool hw_fragment_bytes_overlap(const uint8_t *a, size_t a_len, const uint8_t *b, size_t b_len)
{
	uintptr_t pa = (uintptr_t)a, pb = (uintptr_t)b;

	return a && b && a_len && b_len && pa < pb + b_len && pb < pa + a_len;
}

/* The pixel in a buffer: from the prepared whole buffer (a region holds
 * every pixel of it, so a per-pixel lookup would find the same bytes), or
 * looked up. */
static uint8_t *frag_buffer_pixel(const struct hw_fragment_config *cfg, struct hw_memory *mem,
				  const struct hw_fragment *f, uint8_t *host, uint32_t phys,
				  uint32_t index, unsigned bytes, uint32_t *addr)
{
	uint32_t offset;

	if (!host)
		return frag_pixel_bytes(cfg, mem, f, phys, bytes, addr);
	offset = index * bytes;         /* = hw_fragment_pixel_offset(..., bytes) */
	*addr = phys + offset;
	return host + offset;
}

/* Find fragment f's pixel in the depth and colour buffers that cfg names:
 * host pointers and physical addresses into px, and the early-depth entry
 * when its size matches. Returns HW_ERROR_FAULT for a pixel outside the
 * target or its memory, HW_ERROR_RANGE for an unknown format; px is zeroed
 * first. */
static enum hw_status frag_locate(const struct hw_fragment_config *cfg,
				  const struct hw_fragment_target *tg,
				  struct hw_fragment_state *st, struct hw_memory *mem,
				  const struct hw_fragment *f, struct frag_pixel *px)
{
	uint32_t index;

	memset(px, 0, sizeof *px);
	if (f->x >= cfg->width || f->y >= cfg->height)
		return HW_ERROR_FAULT;
	/* The pixel's place in a buffer, once for both buffers (the offset
	 * is this times the pixel's bytes, in the same 32-bit arithmetic). */
	index = tg && (tg->depth_host || tg->color_host)
		? hw_fragment_pixel_offset_in(f->x, f->y, cfg->width, cfg->height, 1, cfg->block32)
		: 0;
	if (cfg->depth_phys) {
		px->depth_bytes = hw_fragment_depth_bytes(cfg->depth_format);
		if (!px->depth_bytes)
			return HW_ERROR_RANGE;
		px->depth = frag_buffer_pixel(cfg, mem, f, tg ? tg->depth_host : NULL,
					      cfg->depth_phys, index, px->depth_bytes,
					      &px->depth_addr);
		if (!px->depth)
			return HW_ERROR_FAULT;
	}
	if (cfg->color_phys) {
		px->color_bytes = hw_fragment_color_bytes(cfg->color_format);
		if (!px->color_bytes)
			return HW_ERROR_RANGE;
		px->color = frag_buffer_pixel(cfg, mem, f, tg ? tg->color_host : NULL,
					      cfg->color_phys, index, px->color_bytes,
					      &px->color_addr);
		if (!px->color)
			return HW_ERROR_FAULT;
	}
	if (st->early_depth && st->early_width == cfg->width && st->early_height == cfg->height)
		px->early = &st->early_depth[(size_t)f->y * cfg->width + f->x];
	return HW_OK;
}

/* Write depth (when `depth`) and the stencil result of `op` (when it is
 * not KEEP and the write mask is not 0) as one access to the bytes that
 * change: depth in bytes 0..2 (0..1 for D16), stencil in byte 3. */
static void frag_depth_stencil_write(const struct hw_fragment_config *cfg,
				     struct hw_fragment_state *st, const struct frag_pixel *px,
				     bool depth, uint32_t z, uint32_t z24, bool stencil_on,
				     enum hw_stencil_op op, uint8_t old_s,
				     struct hw_counters *delta, struct hw_fragment_counts *counts)
{
	unsigned depth_len = cfg->depth_format == HW_DEPTH_D16 ? 2 : 3;
	bool stencil = stencil_on && op != HW_STENCIL_KEEP && cfg->stencil_write_mask != 0;
	unsigned lo, hi;

	if (!depth && !stencil)
		return;
	lo = depth ? 0 : FRAG_STENCIL_BYTE;
	hi = stencil ? FRAG_STENCIL_BYTE + 1 : depth_len;
	frag_access(&st->depth_cache, HW_MEM_DEPTH_STENCIL_READ, HW_MEM_DEPTH_STENCIL_WRITE,
		    px->depth_addr + lo, hi - lo, true, delta);
	if (depth) {
		frag_store_le(px->depth, z, depth_len);
		if (px->early)
			*px->early = z24;
	}
	if (stencil) {
		uint8_t v = frag_stencil_op(op, old_s, cfg->stencil_ref);
		px->depth[FRAG_STENCIL_BYTE] = (uint8_t)((old_s & ~cfg->stencil_write_mask)
							 | (v & cfg->stencil_write_mask));
	}
	counts->depth_written++;
}

/* Stencil and depth tests against the real buffer; true when the fragment
 * goes on to the colour stage. */
static bool frag_depth_stencil(const struct hw_fragment_config *cfg,
			       struct hw_fragment_state *st, const struct frag_pixel *px,
			       float depth, struct hw_counters *delta,
			       struct hw_fragment_counts *counts)
{
	bool stencil_on = cfg->stencil_test && cfg->depth_format == HW_DEPTH_D24S8;
	uint32_t z24 = frag_quantize(depth, FRAG_DEPTH24_MAX);
	uint32_t z = cfg->depth_format == HW_DEPTH_D16
		     ? frag_quantize(depth, FRAG_DEPTH16_MAX) : z24;
	uint32_t stored_z = 0;
	uint8_t stored_s = 0;

	if (cfg->depth_test || stencil_on) {
		frag_access(&st->depth_cache, HW_MEM_DEPTH_STENCIL_READ,
			    HW_MEM_DEPTH_STENCIL_WRITE, px->depth_addr, px->depth_bytes, false,
			    delta);
		stored_z = frag_load_le(px->depth, cfg->depth_format == HW_DEPTH_D16 ? 2 : 3);
		if (cfg->depth_format == HW_DEPTH_D24S8)
			stored_s = px->depth[FRAG_STENCIL_BYTE];
	}
	if (stencil_on && !frag_compare(cfg->stencil_func, cfg->stencil_ref & cfg->stencil_mask,
					stored_s & cfg->stencil_mask)) {
		counts->stencil_failed++;
		frag_depth_stencil_write(cfg, st, px, false, 0, 0, true, cfg->stencil_fail,
					 stored_s, delta, counts);
		return false;
	}
	if (cfg->depth_test && !frag_compare(cfg->depth_func, z, stored_z)) {
		counts->depth_failed++;
		frag_depth_stencil_write(cfg, st, px, false, 0, 0, stencil_on, cfg->stencil_zfail,
					 stored_s, delta, counts);
		return false;
	}
	frag_depth_stencil_write(cfg, st, px, cfg->depth_write, z, z24, stencil_on,
				 cfg->stencil_zpass, stored_s, delta, counts);
	return true;
}

/* ---- the colour operation ----------------------------------------------- */

enum hw_color_op hw_fragment_color_op(bool blend, uint32_t blend_func, unsigned logic_op)
{
	/* add, ONE, ZERO for colour and alpha: the factors and equations
	 * that give (src x 255 + dst x 0) / 255 = src exactly */
	const uint32_t identity = (uint32_t)HW_REG_BLENDF_ONE << 16
				  | (uint32_t)HW_REG_BLENDF_ZERO << 20
				  | (uint32_t)HW_REG_BLENDF_ONE << 24
				  | (uint32_t)HW_REG_BLENDF_ZERO << 28;

	if (!blend)
		return (logic_op & 0xFu) == HW_REG_LOGICOP_COPY ? HW_COLOR_OP_WRITE
								 : HW_COLOR_OP_LOGIC;
	if ((blend_func & 0xFFFF0000u) == identity
	    && hw_reg_blend_eq_effective(hw_reg_blend_rgb_eq(blend_func)) == HW_REG_BLENDEQ_ADD
	    && hw_reg_blend_eq_effective(hw_reg_blend_alpha_eq(blend_func)) == HW_REG_BLENDEQ_ADD)
		return HW_COLOR_OP_WRITE;
	return HW_COLOR_OP_BLEND;
}

bool hw_fragment_reads_dst(const struct hw_fragment_config *cfg)
{
	switch (cfg->color_op) {
	case HW_COLOR_OP_BLEND:
		return cfg->color_read && hw_reg_blend_needs_dst(cfg->blend_func);
	case HW_COLOR_OP_LOGIC:
		return cfg->color_read && hw_reg_logic_op_needs_dst(cfg->logic_op);
	case HW_COLOR_OP_WRITE:
	default:
		return false;
	}
}

/* A blend factor's value 0..255 for channel `i` (3: alpha). */
static unsigned frag_blend_factor(unsigned code, unsigned i, const uint8_t src[4],
				  const uint8_t dst[4], const uint8_t constant[4])
{
	unsigned sat;

	switch (code) {
	case HW_REG_BLENDF_ZERO: return 0;
	case HW_REG_BLENDF_SRC_COLOR: return src[i];
	case HW_REG_BLENDF_INV_SRC_COLOR: return 255u - src[i];
	case HW_REG_BLENDF_DST_COLOR: return dst[i];
	case HW_REG_BLENDF_INV_DST_COLOR: return 255u - dst[i];
	case HW_REG_BLENDF_SRC_ALPHA: return src[3];
	case HW_REG_BLENDF_INV_SRC_ALPHA: return 255u - src[3];
	case HW_REG_BLENDF_DST_ALPHA: return dst[3];
	case HW_REG_BLENDF_INV_DST_ALPHA: return 255u - dst[3];
	case HW_REG_BLENDF_CONST_COLOR: return constant[i];
	case HW_REG_BLENDF_INV_CONST_COLOR: return 255u - constant[i];
	case HW_REG_BLENDF_CONST_ALPHA: return constant[3];
	case HW_REG_BLENDF_INV_CONST_ALPHA: return 255u - constant[3];
	case HW_REG_BLENDF_SRC_ALPHA_SATURATE:
		if (i == 3)
			return 255;
		sat = 255u - dst[3];
		return src[3] < sat ? src[3] : sat;
	case HW_REG_BLENDF_ONE:
	default:                        /* code 15: model choice, as ONE */
		return 255;
	}
}

/* One channel's equation on P = src x factor and Q = dst x factor. */
static uint8_t frag_blend_equation(unsigned eq, uint32_t p, uint32_t q)
{
	uint32_t v;

	switch (hw_reg_blend_eq_effective(eq)) {
	case HW_REG_BLENDEQ_SUBTRACT: v = p > q ? (p - q) / 255 : 0; break;
	case HW_REG_BLENDEQ_REV_SUBTRACT: v = q > p ? (q - p) / 255 : 0; break;
	case HW_REG_BLENDEQ_MIN: v = (p < q ? p : q) / 255; break;
	case HW_REG_BLENDEQ_MAX: v = (p > q ? p : q) / 255; break;
	case HW_REG_BLENDEQ_ADD:
	default: v = (p + q) / 255; break;
	}
	return (uint8_t)(v > 255 ? 255 : v);
}

/* Logic operation `op` (its low 4 bits: all 16 codes) on one source byte
 * and one destination byte. */
static uint8_t frag_logic(unsigned op, unsigned s, unsigned d)
{
	unsigned v;

	switch (op & 0xFu) {
	case HW_REG_LOGICOP_CLEAR: v = 0; break;
	case HW_REG_LOGICOP_AND: v = s & d; break;
	case HW_REG_LOGICOP_AND_REVERSE: v = s & ~d; break;
	case HW_REG_LOGICOP_COPY: v = s; break;
	case HW_REG_LOGICOP_SET: v = 0xFF; break;
	case HW_REG_LOGICOP_COPY_INVERTED: v = ~s; break;
	case HW_REG_LOGICOP_NOOP: v = d; break;
	case HW_REG_LOGICOP_INVERT: v = ~d; break;
	case HW_REG_LOGICOP_NAND: v = ~(s & d); break;
	case HW_REG_LOGICOP_OR: v = s | d; break;
	case HW_REG_LOGICOP_NOR: v = ~(s | d); break;
	case HW_REG_LOGICOP_XOR: v = s ^ d; break;
	case HW_REG_LOGICOP_EQUIV: v = ~(s ^ d); break;
	case HW_REG_LOGICOP_AND_INVERTED: v = ~s & d; break;
	case HW_REG_LOGICOP_OR_REVERSE: v = s | ~d; break;
	case HW_REG_LOGICOP_OR_INVERTED:
	default: v = ~s | d; break;
	}
	return (uint8_t)v;
}

void hw_fragment_color_combine(const struct hw_fragment_config *cfg, const uint8_t src[4],
			       const uint8_t dst[4], uint8_t out[4])
{
	uint32_t bf = cfg->blend_func;
	unsigned i;

	switch (cfg->color_op) {
	case HW_COLOR_OP_BLEND:
		for (i = 0; i < 4; i++) {
			bool alpha = i == 3;
			unsigned sf = alpha ? hw_reg_blend_alpha_src(bf) : hw_reg_blend_rgb_src(bf);
			unsigned df = alpha ? hw_reg_blend_alpha_dst(bf) : hw_reg_blend_rgb_dst(bf);
			unsigned eq = alpha ? hw_reg_blend_alpha_eq(bf) : hw_reg_blend_rgb_eq(bf);
			uint32_t p = src[i] * frag_blend_factor(sf, i, src, dst, cfg->blend_color);
			uint32_t q = dst[i] * frag_blend_factor(df, i, src, dst, cfg->blend_color);

			out[i] = frag_blend_equation(eq, p, q);
		}
		break;
	case HW_COLOR_OP_LOGIC:
		for (i = 0; i < 4; i++)
			out[i] = frag_logic(cfg->logic_op, src[i], dst[i]);
		break;
	case HW_COLOR_OP_WRITE:
	default:
		memcpy(out, src, 4);
		break;
	}
}

/* The colour stage: the pixel read when the operation needs it or the
 * mask merges, the operation, the mask, the write. */
static void frag_color(const struct hw_fragment_config *cfg, struct hw_fragment_state *st,
		       const struct frag_pixel *px, const uint8_t rgba[4],
		       struct hw_counters *delta, struct hw_fragment_counts *counts)
{
	unsigned present = frag_color_channels(cfg->color_format);
	unsigned mask = cfg->color_mask & present;
	bool read = hw_fragment_reads_dst(cfg) || mask != present;
	uint8_t dst[4] = { 0, 0, 0, 0 }, op[4], out[4];
	unsigned i;

	if (!mask)
		return;
	/* Every stored channel written, nothing read: the old pixel is not
	 * needed (the channels it would supply are not stored). */
	if (read) {
		frag_access(&st->color_cache, HW_MEM_COLOR_READ, HW_MEM_COLOR_WRITE,
			    px->color_addr, px->color_bytes, false, delta);
		hw_pixel_decode(cfg->color_format, px->color, dst);
	}
	hw_fragment_color_combine(cfg, rgba, dst, op);
	for (i = 0; i < 4; i++)
		out[i] = (mask >> i & 1u) ? op[i] : dst[i];
	frag_access(&st->color_cache, HW_MEM_COLOR_READ, HW_MEM_COLOR_WRITE, px->color_addr,
		    px->color_bytes, true, delta);
	hw_pixel_encode(cfg->color_format, out, px->color);
	counts->color_written++;
}

/* ---- shadow and gas modes (fragment-pipeline.md B.6, B.8) ------------- */

#define FRAG_SHADOW_DEPTH_MAX 0xFFFFFFu

bool hw_fragment_shadow_write(uint8_t pixel[4], float depth, uint8_t s, float k, float l)
{
	uint32_t stored = (uint32_t)pixel[0] << 16 | (uint32_t)pixel[1] << 8 | pixel[2];
	uint32_t z;
	float soft;

	if (!(depth > 0.0f))
		depth = 0.0f;
	if (depth > 1.0f)
		depth = 1.0f;
	z = (uint32_t)((double)depth * FRAG_SHADOW_DEPTH_MAX);
	if (z >= stored)
		return false;
	if (s == 0) {
		pixel[0] = (uint8_t)(z >> 16);
		pixel[1] = (uint8_t)(z >> 8);
		pixel[2] = (uint8_t)z;
		return true;
	}
	soft = (float)s / (k + l * (float)z / (float)stored);
	if (!(soft > 0.0f))
		soft = 0.0f;            /* NaN, and a negative divisor */
	if (soft > 255.0f)
		soft = 255.0f;
	if ((uint8_t)soft >= pixel[3])
		return false;
	pixel[3] = (uint8_t)soft;
	return true;
}

/* The shadow mode's per-fragment work: the colour pixel is read; it is
 * written when the shadow write changes it (model choice: the write is
 * counted only then). Other formats than RGBA8 write nothing (model
 * choice; the SDK allocates shadow buffers as RGBA8). */
static void frag_shadow(const struct hw_fragment_config *cfg, struct hw_fragment_state *st,
			const struct frag_pixel *px, float depth, const uint8_t rgba[4],
			struct hw_counters *delta, struct hw_fragment_counts *counts)
{
	if (!px->color || cfg->color_format != HW_COLOR_RGBA8)
		return;
	frag_access(&st->color_cache, HW_MEM_COLOR_READ, HW_MEM_COLOR_WRITE, px->color_addr,
		    px->color_bytes, false, delta);
	if (!hw_fragment_shadow_write(px->color, depth, rgba[1], cfg->shadow_k, cfg->shadow_l))
		return;
	frag_access(&st->color_cache, HW_MEM_COLOR_READ, HW_MEM_COLOR_WRITE, px->color_addr,
		    px->color_bytes, true, delta);
	counts->color_written++;
}

/* The gas accumulation's per-fragment colour work: read and write back
 * (the density update itself is not modelled). */
static void frag_gas(struct hw_fragment_state *st, const struct frag_pixel *px,
		     struct hw_counters *delta, struct hw_fragment_counts *counts)
{
	if (!px->color)
		return;
	frag_access(&st->color_cache, HW_MEM_COLOR_READ, HW_MEM_COLOR_WRITE, px->color_addr,
		    px->color_bytes, false, delta);
	frag_access(&st->color_cache, HW_MEM_COLOR_READ, HW_MEM_COLOR_WRITE, px->color_addr,
		    px->color_bytes, true, delta);
	counts->color_written++;
}

enum hw_status hw_fragment_process(const struct hw_fragment_config *cfg,
				   struct hw_fragment_state *st, struct hw_memory *mem,
				   const struct hw_fragment *f, const uint8_t rgba[4],
				   struct hw_counters *delta, struct hw_fragment_counts *counts)
{
	return hw_fragment_process_target(cfg, NULL, st, mem, f, rgba, delta, counts);
}

/* hw_fragment_process_target with compiled operations (tg->compiled):
 * frag_locate without its per-format look-ups; without the stencil test
 * the depth test and write inline (frag_depth_stencil's steps for
 * stencil_on false: one read access and the compare when the test runs,
 * one write access of the depth bytes when depth_write); a colour that
 * reads nothing written as it comes (frag_color with dst unused: every
 * stored channel is in the mask, and the channels a format does not
 * store are not encoded). The rest through the general helpers. */
static enum hw_status frag_process_compiled(const struct hw_fragment_config *cfg,
					    const struct hw_fragment_target *tg,
					    struct hw_fragment_state *st, const struct hw_fragment *f,
					    const uint8_t rgba[4], struct hw_counters *delta,
					    struct hw_fragment_counts *counts)
{
	unsigned x = f->x, y = f->y, r;
	uint32_t index, z24;
	struct frag_pixel px;

	if (x >= cfg->width || y >= cfg->height)
		return HW_ERROR_FAULT;
	r = cfg->height - 1 - y;
	index = ((uint32_t)(r / HW_FRAMEBUFFER_TILE) * tg->tiles_per_row + x / HW_FRAMEBUFFER_TILE)
		* FRAG_TILE_PIXELS + frag_morton[r % HW_FRAMEBUFFER_TILE][x % HW_FRAMEBUFFER_TILE];
	z24 = frag_quantize(f->z, FRAG_DEPTH24_MAX);
	px.early = st->early_depth && st->early_width == cfg->width
		   && st->early_height == cfg->height
		   ? &st->early_depth[(size_t)y * cfg->width + x] : NULL;
	if (cfg->early_depth && px.early && !frag_compare(cfg->early_depth_func, z24, *px.early)) {
		counts->early_rejected++;
		return HW_OK;
	}
	counts->in++;
	delta->fragment++;
	if (cfg->alpha_test && !frag_compare(cfg->alpha_func, rgba[3], cfg->alpha_ref)) {
		counts->alpha_failed++;
		return HW_OK;
	}
	px.depth = tg->depth_host;
	if (px.depth) {
		px.depth_bytes = tg->depth_bytes;
		px.depth += index * px.depth_bytes;
		px.depth_addr = cfg->depth_phys + index * px.depth_bytes;
		if (tg->stencil_on) {
			if (!frag_depth_stencil(cfg, st, &px, f->z, delta, counts))
				return HW_OK;
		} else {
			uint32_t z = cfg->depth_format == HW_DEPTH_D16
				     ? frag_quantize(f->z, FRAG_DEPTH16_MAX) : z24;

			if (cfg->depth_test) {
				uint32_t stored_z;

				frag_access_pixel(&st->depth_cache, tg->depth_one_line,
						  HW_MEM_DEPTH_STENCIL_READ,
						  HW_MEM_DEPTH_STENCIL_WRITE, px.depth_addr,
						  px.depth_bytes, false, delta);
				stored_z = (uint32_t)px.depth[0] | (uint32_t)px.depth[1] << 8;
				if (tg->depth_len == 3)
					stored_z |= (uint32_t)px.depth[2] << 16;
				if (!frag_compare(cfg->depth_func, z, stored_z)) {
					counts->depth_failed++;
					return HW_OK;
				}
			}
			if (cfg->depth_write) {
				frag_access_pixel(&st->depth_cache, tg->depth_one_line,
						  HW_MEM_DEPTH_STENCIL_READ,
						  HW_MEM_DEPTH_STENCIL_WRITE, px.depth_addr,
						  tg->depth_len, true, delta);
				px.depth[0] = (uint8_t)z;
				px.depth[1] = (uint8_t)(z >> 8);
				if (tg->depth_len == 3)
					px.depth[2] = (uint8_t)(z >> 16);
				if (px.early)
					*px.early = z24;
				counts->depth_written++;
			}
		}
	}
	px.color = tg->color_host;
	if (!px.color || !tg->color_mask)
		return HW_OK;
	px.color_bytes = tg->color_bytes;
	px.color += index * px.color_bytes;
	px.color_addr = cfg->color_phys + index * px.color_bytes;
	if (!tg->color_plain) {
		frag_color(cfg, st, &px, rgba, delta, counts);
		return HW_OK;
	}
	frag_access_pixel(&st->color_cache, tg->color_one_line, HW_MEM_COLOR_READ,
			  HW_MEM_COLOR_WRITE, px.color_addr, px.color_bytes, true, delta);
	if (cfg->color_format == HW_COLOR_RGBA8) {
		px.color[0] = rgba[3];
		px.color[1] = rgba[2];
		px.color[2] = rgba[1];
		px.color[3] = rgba[0];
	} else {
		hw_pixel_encode(cfg->color_format, rgba, px.color);
	}
	counts->color_written++;
	return HW_OK;
}

enum hw_status hw_fragment_process_target(const struct hw_fragment_config *cfg,
					  const struct hw_fragment_target *tg,
					  struct hw_fragment_state *st, struct hw_memory *mem,
					  const struct hw_fragment *f, const uint8_t rgba[4],
					  struct hw_counters *delta,
					  struct hw_fragment_counts *counts)
{
	uint32_t z24;
	struct frag_pixel px;
	enum hw_status s;

	if (tg && tg->compiled)
		return frag_process_compiled(cfg, tg, st, f, rgba, delta, counts);
	z24 = frag_quantize(f->z, FRAG_DEPTH24_MAX);
	s = frag_locate(cfg, tg, st, mem, f, &px);

	if (s != HW_OK)
		return s;
	if (cfg->early_depth && px.early && !frag_compare(cfg->early_depth_func, z24, *px.early)) {
		counts->early_rejected++;
		return HW_OK;
	}
	/* (hw_fragment_early_pass asks the same question without acting.) */

	counts->in++;
	delta->fragment++;
	if (cfg->mode == HW_FRAGMENT_SHADOW) {
		/* no alpha, depth or stencil test, no blending or mask */
		frag_shadow(cfg, st, &px, f->z, rgba, delta, counts);
		return HW_OK;
	}
	if (cfg->alpha_test && !frag_compare(cfg->alpha_func, rgba[3], cfg->alpha_ref)) {
		counts->alpha_failed++;
		return HW_OK;
	}
	/* Without a depth buffer both tests pass and nothing is written. */
	if (px.depth && !frag_depth_stencil(cfg, st, &px, f->z, delta, counts))
		return HW_OK;
	if (cfg->mode == HW_FRAGMENT_GAS) {
		frag_gas(st, &px, delta, counts);
		return HW_OK;
	}
	if (px.color)
		frag_color(cfg, st, &px, rgba, delta, counts);
	return HW_OK;
}

/* Where a buffer's line traffic is counted (hw_fragment_target): its
 * source words and, when the whole buffer lies in one VRAM channel, that
 * channel's words, what hw_memory_count finds for any of its lines;
 * lines outside it (a write-back of another buffer's line) are counted by
 * hw_memory_count. */
static void frag_words_init(struct hw_fragment_words *w, enum hw_memory_word rd,
			    enum hw_memory_word wr, uint32_t phys, uint32_t bytes)
{
	w->rd = rd;
	w->wr = wr;
	w->lo = phys;
	w->bytes = bytes;
	w->channel_rd = w->channel_wr = -1;
	if (bytes && hw_memory_in_one_channel(phys, bytes)) {
		bool a = hw_memory_area_of(phys) == HW_AREA_VRAM_A;

		w->channel_rd = a ? HW_MEM_VRAM_A_READ : HW_MEM_VRAM_B_READ;
		w->channel_wr = a ? HW_MEM_VRAM_A_WRITE : HW_MEM_VRAM_B_WRITE;
	}
}

/* hw_memory_count for a line of the buffer (or any line, out of line). */
static FRAG_ALWAYS_INLINE void frag_count_line(const struct hw_fragment_words *w, bool write,
					       uint32_t addr, uint32_t units,
					       struct hw_counters *delta)
{
	int channel = write ? w->channel_wr : w->channel_rd;

	if (channel >= 0 && addr - w->lo < w->bytes) {
		delta->memory[write ? w->wr : w->rd] += units;
		delta->memory[channel] += units;
	} else {
		hw_memory_count(delta, write ? w->wr : w->rd, addr, write, units);
	}
}

/* frag_access_in_line, its traffic counted through `w`. */
static FRAG_ALWAYS_INLINE void frag_access_words(struct hw_cache *c,
						 const struct hw_fragment_words *w,
						 uint32_t addr, uint32_t size, bool write,
						 struct hw_counters *delta)
{
	struct hw_cache_traffic t = hw_cache_access(c, addr, size, write);
	uint32_t units;

	if (t.hit)
		return;
	units = c->cfg.line_bytes / HW_MEMORY_ACCESS_BYTES;
	if (t.write_back)
		frag_count_line(w, true, t.write_back_addr, units, delta);
	if (t.fill)
		frag_count_line(w, false, addr & ~(c->cfg.line_bytes - 1), units, delta);
}

/* Four bytes as a little-endian word, and back: one load or store on a
 * little-endian host. */
static inline uint32_t frag_get32(const uint8_t *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint32_t v;

	memcpy(&v, p, sizeof v);
	return v;
#else
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
#endif
}

/* Store v at p (which need not be aligned) as 4 little-endian bytes. */
static inline void frag_put32(uint8_t *p, uint32_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(p, &v, sizeof v);
#else
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
#endif
}

/* An RGBA8 pixel's word from the colour R, G, B, A: its bytes are A, B,
 * G, R in memory. */
static inline uint32_t frag_rgba8_word(const uint8_t rgba[4])
{
	return (uint32_t)rgba[3] | (uint32_t)rgba[2] << 8 | (uint32_t)rgba[1] << 16
	       | (uint32_t)rgba[0] << 24;
}

enum { FRAG_BATCH_ANY, FRAG_BATCH_D24S8_RGBA8, FRAG_BATCH_RGBA8 };

/* frag_batch_loop's FRAG_BATCH_RGBA8 without the early test: a fragment
 * then only writes its pixel, which depends on nothing the colour cache
 * holds. So each run of fragments writes its pixels first, and the cache
 * then takes the run's writes, in the same order, at once
 * (hw_cache_write_n: its clock and counts in locals); the lines they
 * moved are counted after them (the words are sums: the same values). */
#define FRAG_RUN 64

/* Write the RGBA8 colours rgba[k] of fragments f[which[k]], k < n, into
 * the host colour buffer and the colour cache, and count them in, written
 * and moved. Needs the FRAG_BATCH_RGBA8 case with no depth work and no
 * early test. */
static FRAG_ALWAYS_INLINE void frag_batch_color_writes(const struct hw_fragment_config *cfg,
						       const struct hw_fragment_target *tg,
						       struct hw_fragment_state *st,
						       const struct hw_fragment *f,
						       const uint8_t *which,
						       const uint8_t (*rgba)[4], unsigned n,
						       struct hw_counters *delta,
						       struct hw_fragment_counts *counts)
{
	const unsigned last_row = cfg->height - 1, tiles_per_row = tg->tiles_per_row;
	uint8_t *const color_host = tg->color_host;
	const uint32_t color_phys = cfg->color_phys;
	struct hw_cache *const cc = &st->color_cache;
	const uint32_t line_bytes = cc->cfg.line_bytes;
	const uint32_t units = line_bytes / HW_MEMORY_ACCESS_BYTES;
	uint32_t addr[FRAG_RUN];
	uint16_t at[FRAG_RUN];
	struct hw_cache_traffic traffic[FRAG_RUN];
	unsigned done, k, m, moved;

	for (done = 0; done < n; done += m) {
		m = n - done < FRAG_RUN ? n - done : FRAG_RUN;
		for (k = 0; k < m; k++) {
			const struct hw_fragment *fk = &f[which[done + k]];
			const unsigned x = fk->x, r = last_row - fk->y;
			const uint32_t index = ((uint32_t)(r / HW_FRAMEBUFFER_TILE) * tiles_per_row
						+ x / HW_FRAMEBUFFER_TILE) * FRAG_TILE_PIXELS
					       + frag_morton[r % HW_FRAMEBUFFER_TILE]
							   [x % HW_FRAMEBUFFER_TILE];

			addr[k] = color_phys + index * 4;
			frag_put32(color_host + index * 4, frag_rgba8_word(rgba[done + k]));
		}
		moved = hw_cache_write_n(cc, addr, m, 4, at, traffic);
		for (k = 0; k < moved; k++) {
			if (traffic[k].write_back)
				frag_count_line(&tg->color_words, true, traffic[k].write_back_addr,
						units, delta);
			if (traffic[k].fill)    /* (not with write_no_fill, as now) */
				frag_count_line(&tg->color_words, false,
						addr[at[k]] & ~(line_bytes - 1), units, delta);
		}
	}
	counts->in += n;
	counts->color_written += n;
	delta->fragment += n;
}

/* hw_fragment_process_batch's loop for the usual operations: no stencil
 * test, no alpha test, a colour that reads nothing, pixels that stay in
 * one cache line. frag_process_compiled's steps for each fragment in
 * turn, with everything the loop reads of the configuration in locals
 * (the pixel stores are byte stores, which would otherwise make the
 * compiler read the configuration again after each) and the counts
 * summed at the end. */
static FRAG_ALWAYS_INLINE void frag_batch_loop(const struct hw_fragment_config *cfg,
						const struct hw_fragment_target *tg,
						struct hw_fragment_state *st,
						const struct hw_fragment *f, const uint8_t *which,
						const uint8_t (*rgba)[4], unsigned n,
						struct hw_counters *delta,
						struct hw_fragment_counts *counts, int mode)
{
	/* `mode` (a constant where this is inlined; frag_batch_plain checks
	 * it): FRAG_BATCH_ANY, FRAG_BATCH_D24S8_RGBA8 (depth tested and
	 * written, RGBA8 colour written), FRAG_BATCH_RGBA8 (no depth
	 * operation, RGBA8 colour written) */
	const bool usual = mode == FRAG_BATCH_D24S8_RGBA8;
	const bool no_depth = mode == FRAG_BATCH_RGBA8;
	const bool rgba8 = mode != FRAG_BATCH_ANY;
	const unsigned width = cfg->width, last_row = cfg->height - 1;
	const unsigned tiles_per_row = tg->tiles_per_row;
	uint8_t *const depth_host = tg->depth_host, *const color_host = tg->color_host;
	const uint32_t depth_phys = cfg->depth_phys, color_phys = cfg->color_phys;
	const unsigned depth_bytes = usual ? 4 : tg->depth_bytes;
	const unsigned depth_len = usual ? 3 : tg->depth_len;
	const unsigned color_bytes = rgba8 ? 4 : tg->color_bytes;
	const bool d16 = usual ? false : cfg->depth_format == HW_DEPTH_D16;
	const bool depth_test = usual || (!no_depth && cfg->depth_test);
	const bool depth_write = usual || (!no_depth && cfg->depth_write);
	const enum hw_compare depth_func = cfg->depth_func, early_func = cfg->early_depth_func;
	uint32_t *const early = st->early_depth && st->early_width == cfg->width
				&& st->early_height == cfg->height ? st->early_depth : NULL;
	const bool early_test = cfg->early_depth && early;
	const bool write_color = rgba8 || (color_host && tg->color_mask);
	const enum hw_color_format color_format = rgba8 ? HW_COLOR_RGBA8 : cfg->color_format;
	const bool has_depth = usual || (!no_depth && depth_host);
	struct hw_cache *const dc = &st->depth_cache, *const cc = &st->color_cache;
	const struct hw_fragment_words *const dw = &tg->depth_words, *const cw = &tg->color_words;
	uint64_t in = 0, early_rejected = 0, depth_failed = 0, depth_written = 0;
	uint64_t color_written = 0;
	unsigned k;

	if (no_depth && !early_test) {
		frag_batch_color_writes(cfg, tg, st, f, which, rgba, n, delta, counts);
		return;
	}
	for (k = 0; k < n; k++) {
		const struct hw_fragment *fk = &f[which[k]];
		const unsigned x = fk->x, y = fk->y, r = last_row - y;
		const uint32_t index = ((uint32_t)(r / HW_FRAMEBUFFER_TILE) * tiles_per_row
					+ x / HW_FRAMEBUFFER_TILE) * FRAG_TILE_PIXELS
				       + frag_morton[r % HW_FRAMEBUFFER_TILE][x % HW_FRAMEBUFFER_TILE];
		/* (the 24-bit depth serves the early test and the depth
		 * operations only) */
		const uint32_t z24 = early_test || has_depth ? frag_quantize(fk->z, FRAG_DEPTH24_MAX)
					      : 0;
		uint32_t *const e = early ? &early[(size_t)y * width + x] : NULL;

		if (early_test && !frag_compare(early_func, z24, *e)) {
			early_rejected++;
			continue;
		}
		in++;
		if (has_depth) {
			uint8_t *const dp = depth_host + index * depth_bytes;
			const uint32_t da = depth_phys + index * depth_bytes;
			const uint32_t z = d16 ? frag_quantize(fk->z, FRAG_DEPTH16_MAX) : z24;

			/* (usual: the D24S8 word, depth in its low 24 bits) */
			uint32_t word = 0;

			if (depth_test) {
				uint32_t stored_z;

				frag_access_words(dc, dw, da, depth_bytes, false, delta);
				if (usual) {
					word = frag_get32(dp);
					stored_z = word & 0xFFFFFFu;
				} else {
					stored_z = (uint32_t)dp[0] | (uint32_t)dp[1] << 8;
					if (depth_len == 3)
						stored_z |= (uint32_t)dp[2] << 16;
				}
				if (!frag_compare(depth_func, z, stored_z)) {
					depth_failed++;
					continue;
				}
			}
			if (depth_write) {
				/* after the test's read of these bytes, a hit */
				if (depth_test)
					hw_cache_write_again(dc, da);
				else
					frag_access_words(dc, dw, da, depth_len, true, delta);
				if (usual) {
					frag_put32(dp, (word & 0xFF000000u) | z);
				} else {
					dp[0] = (uint8_t)z;
					dp[1] = (uint8_t)(z >> 8);
					if (depth_len == 3)
						dp[2] = (uint8_t)(z >> 16);
				}
				if (e)
					*e = z24;
				depth_written++;
			}
		}
		if (!write_color)
			continue;
		frag_access_words(cc, cw, color_phys + index * color_bytes, color_bytes, true,
				  delta);
		if (color_format == HW_COLOR_RGBA8) {
			frag_put32(color_host + index * color_bytes, frag_rgba8_word(rgba[k]));
		} else {
			hw_pixel_encode(color_format, rgba[k], color_host + index * color_bytes);
		}
		color_written++;
	}
	counts->early_rejected += early_rejected;
	counts->in += in;
	counts->depth_failed += depth_failed;
	counts->depth_written += depth_written;
	counts->color_written += color_written;
	delta->fragment += in;
}

/* frag_batch_loop, the commonest operations in copies of their own with
 * their settings as constants: depth D24S8 tested and written, or no
 * depth operation at all (no buffer, or neither test nor write; the
 * early depth buffer is written only with depth), with RGBA8 colour
 * written. */
static FRAG_ALWAYS_INLINE void frag_batch_plain(const struct hw_fragment_config *cfg,
			     const struct hw_fragment_target *tg, struct hw_fragment_state *st,
			     const struct hw_fragment *f, const uint8_t *which,
			     const uint8_t (*rgba)[4], unsigned n, struct hw_counters *delta,
			     struct hw_fragment_counts *counts)
{
	bool rgba8 = tg->color_host && tg->color_mask && cfg->color_format == HW_COLOR_RGBA8;

	if (rgba8 && tg->depth_host && cfg->depth_format == HW_DEPTH_D24S8 && cfg->depth_test
	    && cfg->depth_write)
		frag_batch_loop(cfg, tg, st, f, which, rgba, n, delta, counts,
				FRAG_BATCH_D24S8_RGBA8);
	else if (rgba8 && (!tg->depth_host || (!cfg->depth_test && !cfg->depth_write)))
		frag_batch_loop(cfg, tg, st, f, which, rgba, n, delta, counts, FRAG_BATCH_RGBA8);
	else
		frag_batch_loop(cfg, tg, st, f, which, rgba, n, delta, counts, FRAG_BATCH_ANY);
}

/* Process n fragments f[which[k]] with their colours rgba[k] through the
 * compiled operations: the plain batch when the target allows it (no stencil,
 * plain colour, no alpha test, depth and colour pixels within one cache
 * line), otherwise one at a time. The two ways count alike. */
static FRAG_ALWAYS_INLINE void frag_process_batch(const struct hw_fragment_config *cfg,
						  const struct hw_fragment_target *tg,
						  struct hw_fragment_state *st,
						  const struct hw_fragment *f, const uint8_t *which,
						  const uint8_t (*rgba)[4], unsigned n,
						  struct hw_counters *delta,
						  struct hw_fragment_counts *counts)
{
	unsigned k;

	if (!tg->stencil_on && tg->color_plain && !cfg->alpha_test && tg->depth_one_line
	    && tg->color_one_line) {
		frag_batch_plain(cfg, tg, st, f, which, rgba, n, delta, counts);
		return;
	}
	for (k = 0; k < n; k++)
		(void)frag_process_compiled(cfg, tg, st, &f[which[k]], rgba[k], delta, counts);
}

/* hw_fragment_process_batch's AVX2 copy (hw_simd.h), and the copy for the host. */
#if HW_AVX2
static HW_AVX2_TARGET void frag_process_batch_avx2(const struct hw_fragment_config *cfg,
						   const struct hw_fragment_target *tg,
						   struct hw_fragment_state *st,
						   const struct hw_fragment *f,
						   const uint8_t *which, const uint8_t (*rgba)[4],
						   unsigned n, struct hw_counters *delta,
						   struct hw_fragment_counts *counts)
{
	frag_process_batch(cfg, tg, st, f, which, rgba, n, delta, counts);
}
#endif

void hw_fragment_process_batch(const struct hw_fragment_config *cfg,
			       const struct hw_fragment_target *tg, struct hw_fragment_state *st,
			       const struct hw_fragment *f, const uint8_t *which,
			       const uint8_t (*rgba)[4], unsigned n, struct hw_counters *delta,
			       struct hw_fragment_counts *counts)
{
#if HW_AVX2
	if (hw_simd_avx2()) {
		frag_process_batch_avx2(cfg, tg, st, f, which, rgba, n, delta, counts);
		return;
	}
#endif
	frag_process_batch(cfg, tg, st, f, which, rgba, n, delta, counts);
}

bool hw_fragment_early_pass(const struct hw_fragment_config *cfg,
			    const struct hw_fragment_state *st, const struct hw_fragment *f)
{
	uint32_t z24;

	if (!cfg->early_depth || !st->early_depth || st->early_width != cfg->width
	    || st->early_height != cfg->height || f->x >= cfg->width || f->y >= cfg->height)
		return true;
	z24 = frag_quantize(f->z, FRAG_DEPTH24_MAX);
	return frag_compare(cfg->early_depth_func, z24,
			    st->early_depth[(size_t)f->y * cfg->width + f->x]);
}
