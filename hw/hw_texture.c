/* hw_texture.c: where the texels of a texture lie in memory, which of
 * them a sample reads, and what colour they and the sample are.
 * Functional only: addresses and colours out; the texture cache
 * (hw_cache) turns the addresses into misses.
 *
 * Public facts used: 3dbrew "GPU Textures" (texels laid out in Z order,
 * sizes up to 1024, the format numbers 0x0-0xD); format sizes from public
 * 3DS image-format tables (32/24/16/8/4 bits, ETC1 4, ETC1A4 8); 8x8 tiles
 * with Morton order inside, and ETC textures as 2x2 blocks a tile stored
 * vertically flipped, as texture tools and homebrew describe the PICA200
 * layout; ETC1 blocks are 4x4 texels in 64 bits (Khronos
 * OES_compressed_ETC1_RGB8_texture). Model choice where the sources are
 * thin: the flip is of the whole image (memory row = height - 1 - y), as
 * hw_raster assumes for render targets. Texel colours: hw_texture.h lists
 * the byte orders and their sources; ETC1 per the Khronos spec. */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "hw_assert.h"
#include "hw_simd.h"
#include "hw_texture.h"

#define TEX_TILE_TEXELS (HW_TEX_TILE * HW_TEX_TILE)
#define TEX_ETC_BLOCK 4                 /* texels a block side (ETC1 spec) */
#define TEX_BORDER (-1)                 /* a texel outside, clamp to border */

/* hw_texture_bits_per_texel, for calls inside this file (a call to the
 * exported function may not be inlined). */
static inline unsigned tex_bits(enum hw_tex_format f)
{
	switch (f) {
	case HW_TEX_RGBA8:
		return 32;
	case HW_TEX_RGB8:
		return 24;
	case HW_TEX_RGB5A1: case HW_TEX_RGB565: case HW_TEX_RGBA4: case HW_TEX_IA8:
	case HW_TEX_HILO8:
		return 16;
	case HW_TEX_I8: case HW_TEX_A8: case HW_TEX_IA4: case HW_TEX_ETC1A4:
		return 8;
	case HW_TEX_I4: case HW_TEX_A4: case HW_TEX_ETC1:
		return 4;
	}
	return 0;
}

unsigned hw_texture_bits_per_texel(enum hw_tex_format f)
{
	return tex_bits(f);
}

static bool tex_is_etc(enum hw_tex_format f)
{
	return f == HW_TEX_ETC1 || f == HW_TEX_ETC1A4;
}

unsigned hw_texture_texel_bytes(enum hw_tex_format f)
{
	unsigned bits = hw_texture_bits_per_texel(f);

	if (tex_is_etc(f))      /* a whole block: 16 texels */
		return bits * TEX_ETC_BLOCK * TEX_ETC_BLOCK / 8;
	return (bits + 7) / 8;
}

/* Whether v is a legal texture side: a power of two from HW_TEX_MIN_SIZE to
 * HW_TEX_MAX_SIZE. */
static bool tex_size_ok(unsigned v)
{
	return v >= HW_TEX_MIN_SIZE && v <= HW_TEX_MAX_SIZE && (v & (v - 1)) == 0;
}

unsigned hw_texture_max_levels(unsigned width, unsigned height)
{
	unsigned smaller = width < height ? width : height, levels = 1;

	if (!tex_size_ok(width) || !tex_size_ok(height))
		return 0;
	while (smaller > HW_TEX_MIN_SIZE) {
		smaller >>= 1;
		levels++;
	}
	return levels;
}

bool hw_texture_valid(const struct hw_texture *t)
{
	return t && hw_texture_bits_per_texel(t->format) != 0 && t->levels >= 1
	       && t->levels <= hw_texture_max_levels(t->width, t->height);
}

unsigned hw_texture_level_width(const struct hw_texture *t, unsigned level)
{
	return level < 32 ? t->width >> level : 0;
}

unsigned hw_texture_level_height(const struct hw_texture *t, unsigned level)
{
	return level < 32 ? t->height >> level : 0;
}

uint32_t hw_texture_level_size(const struct hw_texture *t, unsigned level)
{
	if (!hw_texture_valid(t) || level >= hw_texture_max_levels(t->width, t->height))
		return 0;
	return (uint32_t)hw_texture_level_width(t, level) * hw_texture_level_height(t, level)
	       * hw_texture_bits_per_texel(t->format) / 8;
}

uint32_t hw_texture_level_phys(const struct hw_texture *t, unsigned level)
{
	uint32_t at = t->phys;
	unsigned l;

	for (l = 0; l < level; l++)
		at += hw_texture_level_size(t, l);
	return at;
}

uint32_t hw_texture_size(const struct hw_texture *t)
{
	if (!hw_texture_valid(t))
		return 0;
	return hw_texture_level_phys(t, t->levels) - t->phys;
}

/* Morton index of every (x, y) of a tile, [y][x]: x in the even bits, y
 * in the odd (x0 y0 x1 y1 x2 y2 from the least significant). */
static const unsigned char tex_morton_table[HW_TEX_TILE][HW_TEX_TILE] = {
	{ 0, 1, 4, 5, 16, 17, 20, 21 }, { 2, 3, 6, 7, 18, 19, 22, 23 },
	{ 8, 9, 12, 13, 24, 25, 28, 29 }, { 10, 11, 14, 15, 26, 27, 30, 31 },
	{ 32, 33, 36, 37, 48, 49, 52, 53 }, { 34, 35, 38, 39, 50, 51, 54, 55 },
	{ 40, 41, 44, 45, 56, 57, 60, 61 }, { 42, 43, 46, 47, 58, 59, 62, 63 },
};

uint32_t hw_texture_texel_address(const struct hw_texture *t, unsigned level, unsigned x,
				  unsigned y)
{
	/* hw_texture_level_width, _height and _bits_per_texel, inline (a
	 * texture upload asks for every texel's address) */
	unsigned w = level < 32 ? t->width >> level : 0, h = level < 32 ? t->height >> level : 0;
	unsigned bits = tex_bits(t->format);
	unsigned row, tile, tile_bytes;
	uint32_t base = level == 0 ? t->phys : hw_texture_level_phys(t, level);

	if (w == 0 || h == 0 || bits == 0)
		return base;
	x &= w - 1;
	row = (h - 1) - (y & (h - 1));          /* memory holds the top row first */
	tile = (row / HW_TEX_TILE) * (w / HW_TEX_TILE) + x / HW_TEX_TILE;
	tile_bytes = TEX_TILE_TEXELS * bits / 8;
	base += (uint32_t)tile * tile_bytes;
	if (tex_is_etc(t->format)) {
		unsigned bx = (x / TEX_ETC_BLOCK) & 1u, by = (row / TEX_ETC_BLOCK) & 1u;
		return base + (bx + 2 * by) * (tile_bytes / 4);
	}
	return base + tex_morton_table[row % HW_TEX_TILE][x % HW_TEX_TILE] * bits / 8;
}

/* A coordinate brought into a range where scaling by the size cannot
 * overflow, without changing which texels it names. */
static inline double tex_reduce(float c, enum hw_tex_wrap wrap)
{
	double v = isfinite(c) ? (double)c : 0.0;

	switch (wrap) {
	case HW_WRAP_REPEAT:
		return v - hw_texture_floor(v);         /* period 1 */
	case HW_WRAP_MIRROR:
		return v - 2.0 * hw_texture_floor(v / 2.0); /* period 2 */
	case HW_WRAP_EDGE_OR_REPEAT: case HW_WRAP_BORDER_OR_REPEAT:
		/* below 0: period 1 kept below 0, in [-1, 0) */
		if (v < 0.0)
			return v - hw_texture_floor(v) - 1.0;
		break;
	case HW_WRAP_CLAMP_EDGE: case HW_WRAP_CLAMP_BORDER:
		break;
	}
	return v < -1.0 ? -1.0 : v > 2.0 ? 2.0 : v;     /* all the same beyond */
}

/* Whether an axis wrapped with `wrap` can read the border colour. */
static inline bool tex_wrap_borders(enum hw_tex_wrap wrap)
{
	return wrap == HW_WRAP_CLAMP_BORDER || wrap == HW_WRAP_BORDER_OR_REPEAT;
}

/* Texel index i on an axis of `size` texels after wrapping, or TEX_BORDER. */
static long tex_wrap(long i, long size, enum hw_tex_wrap wrap)
{
	long m;

	switch (wrap) {
	case HW_WRAP_REPEAT:
		return ((i % size) + size) % size;
	case HW_WRAP_MIRROR:
		m = ((i % (2 * size)) + 2 * size) % (2 * size);
		return m < size ? m : 2 * size - 1 - m;
	case HW_WRAP_CLAMP_BORDER:
		return i < 0 || i >= size ? TEX_BORDER : i;
	case HW_WRAP_EDGE_OR_REPEAT:
		return i < 0 ? ((i % size) + size) % size : i >= size ? size - 1 : i;
	case HW_WRAP_BORDER_OR_REPEAT:
		return i < 0 ? ((i % size) + size) % size : i >= size ? TEX_BORDER : i;
	case HW_WRAP_CLAMP_EDGE:
		break;
	}
	return i < 0 ? 0 : i >= size ? size - 1 : i;
}

struct tex_footprint {
	uint32_t *addr;
	unsigned n;
};

/* Add address a to the footprint unless it is there; past
 * HW_TEX_FOOTPRINT_MAX addresses the rest are dropped. */
static void tex_add(struct tex_footprint *fp, uint32_t a)
{
	unsigned i;

	for (i = 0; i < fp->n; i++)
		if (fp->addr[i] == a)
			return;
	if (fp->n < HW_TEX_FOOTPRINT_MAX)
		fp->addr[fp->n++] = a;
}

/* The texels of one level a sample reads with `filter`. */
static void tex_sample_level(const struct hw_texture *t, unsigned level, double s, double tc,
			     enum hw_tex_filter filter, struct tex_footprint *fp)
{
	long w = (long)hw_texture_level_width(t, level), h = (long)hw_texture_level_height(t, level);
	long i[2], j[2];
	unsigned taps = filter == HW_FILTER_LINEAR ? 2 : 1, a, b;

	if (filter == HW_FILTER_LINEAR) {
		i[0] = (long)floor(s * (double)w - 0.5);
		j[0] = (long)floor(tc * (double)h - 0.5);
	} else {
		i[0] = (long)floor(s * (double)w);
		j[0] = (long)floor(tc * (double)h);
	}
	i[1] = tex_wrap(i[0] + 1, w, t->wrap_s);
	j[1] = tex_wrap(j[0] + 1, h, t->wrap_t);
	i[0] = tex_wrap(i[0], w, t->wrap_s);
	j[0] = tex_wrap(j[0], h, t->wrap_t);
	for (b = 0; b < taps; b++) {
		for (a = 0; a < taps; a++) {
			if (i[a] == TEX_BORDER || j[b] == TEX_BORDER)
				continue;
			tex_add(fp, hw_texture_texel_address(t, level, (unsigned)i[a],
							     (unsigned)j[b]));
		}
	}
}

/* The levels a sample at `lod` reads, the filter it reads them with, and
 * the weight of the second level (shared by footprints and sampling). */
struct tex_levels {
	unsigned level[2];
	unsigned n;                     /* 1 or 2 */
	enum hw_tex_filter filter;
	double weight1;                 /* of level[1] when n == 2 */
};

/* Choose the level or two levels and the filter for lod plus the unit's bias:
 * at lod <= 0 (or NaN) the magnification filter on the first level; otherwise
 * the minification filter, the lod clamped to the unit's levels, and two
 * levels with weight1 on the second when the mipmap filter is linear. Needs
 * t->levels >= 1. */
static void tex_choose_levels(const struct hw_texture *t, float lod, struct tex_levels *l)
{
	unsigned last = t->levels - 1, lo = t->min_level < last ? t->min_level : last;
	double v = (double)lod + (double)t->lod_bias;

	NNGX_ASSERT(t->levels >= 1);
	l->level[0] = l->level[1] = lo;
	l->n = 1;
	l->weight1 = 0.0;
	/* Model choice: magnification up to lod 0 whatever the filters (the
	 * OpenGL switch-over point c = 0; the PICA's is not public). */
	if (!(v > 0.0)) {                       /* magnification, or NaN */
		l->filter = t->mag_filter;
		return;
	}
	l->filter = t->min_filter;
	if (last == 0)
		return;
	/* the lod clamped to the unit's level range (v > 0 here) */
	if (v < (double)lo)
		v = (double)lo;
	if (v > (double)last)
		v = (double)last;
	if (t->mip_filter == HW_FILTER_LINEAR) {
		double d = floor(v);
		l->level[0] = d >= (double)last ? last : (unsigned)d;
		if (l->level[0] < last) {
			l->level[1] = l->level[0] + 1;
			l->n = 2;
			l->weight1 = v - d;
		}
	} else {
		double d = v <= 0.5 ? 0.0 : ceil(v + 0.5) - 1.0;
		l->level[0] = d >= (double)last ? last : (unsigned)d;
		if (l->level[0] < lo)
			l->level[0] = lo;
	}
}

float hw_texture_lod(const struct hw_texture *t, const float deriv[2][2])
{
	double ds, dt, rho;

	/* (fmax would pass over a NaN) */
	if (!isfinite(deriv[0][0]) || !isfinite(deriv[0][1]) || !isfinite(deriv[1][0])
	    || !isfinite(deriv[1][1]))
		return NAN;
	ds = fmax(fabs((double)deriv[0][0]), fabs((double)deriv[0][1]));
	dt = fmax(fabs((double)deriv[1][0]), fabs((double)deriv[1][1]));
	rho = fmax(ds * (double)t->width, dt * (double)t->height);
	return (float)log2(rho);
}

bool hw_texture_uses_lod(const struct hw_texture *t)
{
	return t->type != HW_TEXTYPE_2D || t->levels > 1 || t->min_level > 0
	       || t->min_filter != t->mag_filter;
}

unsigned hw_texture_footprint(const struct hw_texture *t, float s, float t_coord, float lod,
			      uint32_t addr[HW_TEX_FOOTPRINT_MAX])
{
	struct tex_footprint fp;
	struct tex_levels l;
	double rs, rt;
	unsigned k;

	fp.addr = addr;
	fp.n = 0;
	if (!hw_texture_valid(t))
		return 0;
	rs = tex_reduce(s, t->wrap_s);
	rt = tex_reduce(t_coord, t->wrap_t);
	tex_choose_levels(t, lod, &l);
	for (k = 0; k < l.n; k++)
		tex_sample_level(t, l.level[k], rs, rt, l.filter, &fp);
	return fp.n;
}

/* ---- texel colours ------------------------------------------------- */

#define TEX_ETC_ALPHA_BYTES 8           /* ETC1A4: the alpha half comes first */

/* An n-bit channel widened to 8 bits by repeating its bits from the top. */
static unsigned tex_widen(unsigned v, unsigned bits)
{
	switch (bits) {
	case 1:
		return v ? 255u : 0u;
	case 4:
		return v * 0x11u;
	case 5:
		return v << 3 | v >> 2;
	case 6:
		return v << 2 | v >> 4;
	default:
		return v;
	}
}

/* k / 255 for every 8-bit k, as float: the same correctly rounded
 * divisions, done by the compiler. */
#define TEX_U8(k) ((float)(k) / 255.0f)
#define TEX_U8X4(k) TEX_U8(k), TEX_U8((k) + 1), TEX_U8((k) + 2), TEX_U8((k) + 3)
#define TEX_U8X16(k) TEX_U8X4(k), TEX_U8X4((k) + 4), TEX_U8X4((k) + 8), TEX_U8X4((k) + 12)
#define TEX_U8X64(k) TEX_U8X16(k), TEX_U8X16((k) + 16), TEX_U8X16((k) + 32), \
	TEX_U8X16((k) + 48)
static const float tex_unorm8[256] = {
	TEX_U8X64(0), TEX_U8X64(64), TEX_U8X64(128), TEX_U8X64(192)
};

/* rgba from four bytes, each through the unorm table (byte / 255). */
static void tex_set(float rgba[4], unsigned r, unsigned g, unsigned b, unsigned a)
{
	rgba[0] = tex_unorm8[r & 0xFFu];
	rgba[1] = tex_unorm8[g & 0xFFu];
	rgba[2] = tex_unorm8[b & 0xFFu];
	rgba[3] = tex_unorm8[a & 0xFFu];
}

/* Khronos OES_compressed_ETC1_RGB8_texture, table 3.17.2: the small (a)
 * and large (b) modifier of each table codeword. */
static const unsigned char tex_etc1_modifier[8][2] = {
	{ 2, 8 }, { 5, 17 }, { 9, 29 }, { 13, 42 }, { 18, 60 }, { 24, 80 }, { 33, 106 }, { 47, 183 }
};

/* Base colour channel c (0 R, 1 G, 2 B) of subblock `sub`, 8 bits, from
 * bits 63-32 of the block (`high`). */
static unsigned tex_etc1_base(uint32_t high, unsigned c, unsigned sub)
{
	unsigned byte = (high >> (24u - 8u * c)) & 0xFFu;   /* R 63-56, G 55-48, B 47-40 */
	int base, delta;

	if (!((high >> 1) & 1u))                /* diffbit 0: individual, 4 + 4 bits */
		return tex_widen(sub ? byte & 0xFu : byte >> 4, 4);
	base = (int)(byte >> 3);                /* differential: 5 bits + 3-bit delta */
	if (sub) {
		delta = (int)(byte & 7u);
		if (delta >= 4)
			delta -= 8;
		base += delta;
		/* Model choice: the spec leaves over- and underflow undefined. */
		base = base < 0 ? 0 : base > 31 ? 31 : base;
	}
	return tex_widen((unsigned)base, 5);
}

/* Pixel (i, j) of an ETC1 block (i across, j down), R, G, B 8 bits. */
static void tex_etc1_pixel(const uint8_t *blk, unsigned i, unsigned j, unsigned rgb[3])
{
	uint64_t w = 0;
	uint32_t high, low;
	unsigned k, c, sub, table, index = i * 4u + j;
	int mod;

	for (k = 8; k-- > 0;)                   /* little-endian on the PICA */
		w = w << 8 | blk[k];
	high = (uint32_t)(w >> 32);
	low = (uint32_t)w;
	sub = (high & 1u) ? (j >= 2) : (i >= 2);        /* flipbit: 4x2 over 2x4 */
	table = (high >> (sub ? 2 : 5)) & 7u;           /* codeword 1: 39-37, 2: 36-34 */
	/* Table 3.17.3: LSB picks a or b, MSB makes it negative. */
	mod = tex_etc1_modifier[table][(low >> index) & 1u];
	if ((low >> (16u + index)) & 1u)
		mod = -mod;
	for (c = 0; c < 3; c++) {
		int v = (int)tex_etc1_base(high, c, sub) + mod;
		rgb[c] = (unsigned)(v < 0 ? 0 : v > 255 ? 255 : v);
	}
}

/* The colour of the texel whose bytes start at p: (x, y) in a level h
 * texels high, both already inside the level. */
static void tex_decode_at(enum hw_tex_format format, const uint8_t *p, unsigned x, unsigned y,
			  unsigned h, float rgba[4])
{
	unsigned v = hw_texture_bits_per_texel(format) == 16
		     ? (unsigned)p[0] | (unsigned)p[1] << 8 : 0;
	unsigned nib = (p[0] >> (4u * (x & 1u))) & 0xFu;        /* 4-bit formats: even x low */

	switch (format) {
	case HW_TEX_RGBA8:
		tex_set(rgba, p[3], p[2], p[1], p[0]);
		break;
	case HW_TEX_RGB8:
		tex_set(rgba, p[2], p[1], p[0], 255);
		break;
	case HW_TEX_RGB5A1:
		tex_set(rgba, tex_widen(v >> 11, 5), tex_widen((v >> 6) & 31u, 5),
			tex_widen((v >> 1) & 31u, 5), tex_widen(v & 1u, 1));
		break;
	case HW_TEX_RGB565:
		tex_set(rgba, tex_widen(v >> 11, 5), tex_widen((v >> 5) & 63u, 6),
			tex_widen(v & 31u, 5), 255);
		break;
	case HW_TEX_RGBA4:
		tex_set(rgba, tex_widen(v >> 12, 4), tex_widen((v >> 8) & 15u, 4),
			tex_widen((v >> 4) & 15u, 4), tex_widen(v & 15u, 4));
		break;
	case HW_TEX_IA8:
		tex_set(rgba, p[1], p[1], p[1], p[0]);
		break;
	case HW_TEX_HILO8:
		tex_set(rgba, p[1], p[0], 0, 255);
		break;
	case HW_TEX_I8:
		tex_set(rgba, p[0], p[0], p[0], 255);
		break;
	case HW_TEX_A8:
		tex_set(rgba, 0, 0, 0, p[0]);
		break;
	case HW_TEX_IA4:
		tex_set(rgba, tex_widen(p[0] >> 4, 4), tex_widen(p[0] >> 4, 4),
			tex_widen(p[0] >> 4, 4), tex_widen(p[0] & 15u, 4));
		break;
	case HW_TEX_I4:
		tex_set(rgba, tex_widen(nib, 4), tex_widen(nib, 4), tex_widen(nib, 4), 255);
		break;
	case HW_TEX_A4:
		tex_set(rgba, 0, 0, 0, tex_widen(nib, 4));
		break;
	case HW_TEX_ETC1: case HW_TEX_ETC1A4: {
		unsigned rgb[3], i = x % TEX_ETC_BLOCK;
		unsigned j = ((h - 1) - y) % TEX_ETC_BLOCK;     /* memory rows, top first */
		unsigned a = 255, k = i * 4u + j;

		if (format == HW_TEX_ETC1A4) {
			a = tex_widen((p[k / 2] >> (4u * (k & 1u))) & 0xFu, 4);
			p += TEX_ETC_ALPHA_BYTES;
		}
		tex_etc1_pixel(p, i, j, rgb);
		tex_set(rgba, rgb[0], rgb[1], rgb[2], a);
		break;
	}
	}
}

void hw_texture_decode_texel(const struct hw_texture *t, const uint8_t *texture_bytes,
			     unsigned level, unsigned x, unsigned y, float rgba[4])
{
	unsigned w, h;

	rgba[0] = rgba[1] = rgba[2] = rgba[3] = 0.0f;
	if (!texture_bytes || !hw_texture_valid(t) || level >= t->levels)
		return;
	w = hw_texture_level_width(t, level);
	h = hw_texture_level_height(t, level);
	x &= w - 1;
	y &= h - 1;
	tex_decode_at(t->format, texture_bytes + (hw_texture_texel_address(t, level, x, y) - t->phys),
		      x, y, h, rgba);
}

/* Texel (i, j) after wrapping, or the border colour. */
static void tex_fetch(const struct hw_texture *t, const uint8_t *bytes, unsigned level, long i,
		      long j, float rgba[4])
{
	unsigned c;

	if (i == TEX_BORDER || j == TEX_BORDER) {
		for (c = 0; c < 4; c++)
			rgba[c] = t->border[c];
		return;
	}
	hw_texture_decode_texel(t, bytes, level, (unsigned)i, (unsigned)j, rgba);
}

/* The linear filter's first tap (before wrapping) and the four weights
 * at (s, tc) on a w x h level: texel centres at half-integers. Shared by
 * the reference sampler and the prepared one, so both weigh alike. */
static inline void tex_bilinear(double s, double tc, long w, long h,
				long *i0, long *j0, double weight[2][2])
{
	double u = s * (double)w - 0.5, v = tc * (double)h - 0.5, fu, fv;

	*i0 = (long)hw_texture_floor(u);
	*j0 = (long)hw_texture_floor(v);
	fu = u - (double)*i0;
	fv = v - (double)*j0;
	weight[0][0] = (1.0 - fu) * (1.0 - fv);
	weight[0][1] = fu * (1.0 - fv);
	weight[1][0] = (1.0 - fu) * fv;
	weight[1][1] = fu * fv;
}

/* One level filtered at (s, tc), reduced by tex_reduce. */
static void tex_filter_level(const struct hw_texture *t, const uint8_t *bytes, unsigned level,
			     double s, double tc, enum hw_tex_filter filter, float rgba[4])
{
	long w = (long)hw_texture_level_width(t, level), h = (long)hw_texture_level_height(t, level);
	double weight[2][2];
	long i[2], j[2];
	float texel[4];
	unsigned a, b, c;

	if (filter != HW_FILTER_LINEAR) {
		tex_fetch(t, bytes, level, tex_wrap((long)floor(s * (double)w), w, t->wrap_s),
			  tex_wrap((long)floor(tc * (double)h), h, t->wrap_t), rgba);
		return;
	}
	tex_bilinear(s, tc, w, h, &i[0], &j[0], weight);
	i[1] = tex_wrap(i[0] + 1, w, t->wrap_s);
	j[1] = tex_wrap(j[0] + 1, h, t->wrap_t);
	i[0] = tex_wrap(i[0], w, t->wrap_s);
	j[0] = tex_wrap(j[0], h, t->wrap_t);
	rgba[0] = rgba[1] = rgba[2] = rgba[3] = 0.0f;
	for (b = 0; b < 2; b++) {
		for (a = 0; a < 2; a++) {
			tex_fetch(t, bytes, level, i[a], j[b], texel);
			for (c = 0; c < 4; c++)
				rgba[c] += (float)(weight[b][a] * (double)texel[c]);
		}
	}
}

void hw_texture_sample(const struct hw_texture *t, const uint8_t *bytes, float s, float t_coord,
		       float lod, float rgba[4])
{
	struct tex_levels l;
	double rs, rt;
	float second[4];
	unsigned c;

	rgba[0] = rgba[1] = rgba[2] = rgba[3] = 0.0f;
	if (!bytes || !hw_texture_valid(t))
		return;
	rs = tex_reduce(s, t->wrap_s);
	rt = tex_reduce(t_coord, t->wrap_t);
	tex_choose_levels(t, lod, &l);
	tex_filter_level(t, bytes, l.level[0], rs, rt, l.filter, rgba);
	if (l.n < 2)
		return;
	tex_filter_level(t, bytes, l.level[1], rs, rt, l.filter, second);
	for (c = 0; c < 4; c++)
		rgba[c] = (float)((1.0 - l.weight1) * (double)rgba[c] + l.weight1 * (double)second[c]);
}

/* ---- sampler ------------------------------------------------------------ */


static void tex_rgba8_offsets(struct hw_texture_sampler *sp);

void hw_texture_sampler_init(struct hw_texture_sampler *sp, const struct hw_texture *t,
			     const uint8_t *bytes, float lod)
{
	struct tex_levels l;
	unsigned k;

	/* everything but the offset tables (8 KiB, written below for the
	 * level's columns and rows before any read) */
	memset(sp, 0, offsetof(struct hw_texture_sampler, column));
	sp->t = *t;
	sp->bytes = bytes;
	sp->valid = hw_texture_valid(t);
	if (!sp->valid)
		return;
	sp->bits = hw_texture_bits_per_texel(t->format);
	for (k = 0; k < 2; k++) {
		enum hw_tex_wrap wrap = k ? t->wrap_t : t->wrap_s;

		sp->reduce_period[k] = wrap == HW_WRAP_MIRROR ? 2.0 : 1.0;
		sp->reduce_reciprocal[k] = wrap == HW_WRAP_MIRROR ? 0.5 : 1.0;
		sp->reduce_clamp[k] = wrap == HW_WRAP_REPEAT || wrap == HW_WRAP_MIRROR
				      ? 0 : ~(uint64_t)0;
	}
	tex_choose_levels(t, lod, &l);
	sp->nlevels = l.n;
	sp->filter = l.filter;
	sp->weight1 = l.weight1;
	for (k = 0; k < l.n; k++) {
		struct hw_texture_sampler_level *lv = &sp->level[k];

		sp->level_index[k] = l.level[k];
		lv->phys = hw_texture_level_phys(t, l.level[k]);
		lv->width = (long)hw_texture_level_width(t, l.level[k]);
		lv->height = (long)hw_texture_level_height(t, l.level[k]);
		lv->tiles_per_row = (unsigned)lv->width / HW_TEX_TILE;
		lv->tile_bytes = TEX_TILE_TEXELS * sp->bits / 8;
		lv->tile_row_bytes = lv->tiles_per_row * lv->tile_bytes;
		lv->size[0] = (double)lv->width;
		lv->size[1] = (double)lv->height;
		lv->bytes = bytes ? bytes + (lv->phys - t->phys) : NULL;
	}
	/* the case tex_sampler_level hands to tex_sampler_level_rgba8_linear,
	 * with nothing for hw_texture_sampler_sample to do after it */
	sp->repeat = t->wrap_s == HW_WRAP_REPEAT && t->wrap_t == HW_WRAP_REPEAT;
	sp->odd_wrap = t->wrap_s >= HW_WRAP_EDGE_OR_REPEAT || t->wrap_t >= HW_WRAP_EDGE_OR_REPEAT;
	sp->rgba8_linear = sp->nlevels == 1 && sp->filter == HW_FILTER_LINEAR
			   && t->format == HW_TEX_RGBA8 && bytes
			   && !tex_wrap_borders(t->wrap_s) && !tex_wrap_borders(t->wrap_t);
	if (sp->rgba8_linear)
		tex_rgba8_offsets(sp);
}

/* hw_texture_texel_address for (x, y) already inside the level. */
static inline uint32_t tex_sampler_address(const struct hw_texture_sampler *sp,
				    const struct hw_texture_sampler_level *lv, unsigned x,
				    unsigned y)
{
	unsigned row = (unsigned)(lv->height - 1) - y;  /* memory holds the top row first */
	unsigned tile = (row / HW_TEX_TILE) * lv->tiles_per_row + x / HW_TEX_TILE;
	uint32_t base = lv->phys + (uint32_t)tile * lv->tile_bytes;

	if (tex_is_etc(sp->t.format)) {
		unsigned bx = (x / TEX_ETC_BLOCK) & 1u, by = (row / TEX_ETC_BLOCK) & 1u;
		return base + (bx + 2 * by) * (lv->tile_bytes / 4);
	}
	return base + tex_morton_table[row % HW_TEX_TILE][x % HW_TEX_TILE] * sp->bits / 8;
}

/* tex_wrap for a power-of-two size. */
static inline long tex_sampler_wrap(long i, long size, enum hw_tex_wrap wrap)
{
	long m;

	if (wrap == HW_WRAP_REPEAT)     /* the usual one, first */
		return i & (size - 1);
	switch (wrap) {
	case HW_WRAP_REPEAT:
		return i & (size - 1);
	case HW_WRAP_MIRROR:
		m = i & (2 * size - 1);
		return m < size ? m : 2 * size - 1 - m;
	case HW_WRAP_CLAMP_BORDER:
		return i < 0 || i >= size ? TEX_BORDER : i;
	case HW_WRAP_EDGE_OR_REPEAT:
		return i < 0 ? i & (size - 1) : i >= size ? size - 1 : i;
	case HW_WRAP_BORDER_OR_REPEAT:
		return i < 0 ? i & (size - 1) : i >= size ? TEX_BORDER : i;
	case HW_WRAP_CLAMP_EDGE:
		break;
	}
	return i < 0 ? 0 : i >= size ? size - 1 : i;
}

/* tex_sampler_level for the common case: bilinear RGBA8 with bytes and
 * no border (every wrap but CLAMP_BORDER and BORDER_OR_REPEAT names a
 * texel). The same taps in
 * the same order, each texel decoded where it is read (the same bits as
 * a copy), each address split into its row and column parts (two of
 * each make the four taps), and the sums kept in locals (the same float
 * additions in the same order: rgba is written once, so the compiler
 * need not reload it after each byte read). Distinct texels of one level
 * have distinct addresses, so a tap repeats an earlier one exactly when
 * its column or its row wrapped onto the other's: the footprint takes the
 * taps tex_add would take without searching, when it starts empty (the
 * first level; the second level's taps go through tex_add). */

/* Byte offsets, at 32 bits a texel, of the x and y parts of a texel's
 * Morton index in its tile: tex_morton_table[y][x] * 4 is
 * tex_rgba8_mx[x] + tex_rgba8_my[y] (x in the even bits, y in the odd). */
static const unsigned char tex_rgba8_mx[HW_TEX_TILE] = { 0, 4, 16, 20, 64, 68, 80, 84 };
static const unsigned char tex_rgba8_my[HW_TEX_TILE] = { 0, 8, 32, 40, 128, 136, 160, 168 };

#define TEX_RGBA8_TILE_BYTES (TEX_TILE_TEXELS * 4u)

/* tex_sampler_address of an RGBA8 level, less lv->phys, is
 * tex_rgba8_row(lv, y) + tex_rgba8_column(x). */
static inline uint32_t tex_rgba8_column(unsigned x)
{
	return (uint32_t)(x / HW_TEX_TILE) * TEX_RGBA8_TILE_BYTES + tex_rgba8_mx[x % HW_TEX_TILE];
}

/* Byte offset of row y's first tile row in an RGBA8 level: rows are
 * counted from the bottom, memory holds 8-row tiles from the top. Needs y
 * < height. */
static inline uint32_t tex_rgba8_row(const struct hw_texture_sampler_level *lv, unsigned y)
{
	unsigned row = (unsigned)(lv->height - 1) - y;  /* memory holds the top row first */

	NNGX_ASSERT(y < lv->height);
	return (uint32_t)(row / HW_TEX_TILE) * lv->tile_row_bytes + tex_rgba8_my[row % HW_TEX_TILE];
}

/* The sampler's column and row offsets of its first level. */
static void tex_rgba8_offsets(struct hw_texture_sampler *sp)
{
	const struct hw_texture_sampler_level *lv = &sp->level[0];
	unsigned i;

	for (i = 0; i < (unsigned)lv->width; i++)
		sp->column[i] = tex_rgba8_column(i);
	for (i = 0; i < (unsigned)lv->height; i++)
		sp->row[i] = tex_rgba8_row(lv, i);
}

#if HW_SSE2
/* One texel's four lanes (A, B, G, R, each k / 255 as float) weighed by
 * wt (a double in both lanes): each lane's double product rounded to
 * float, as the scalar code does channel by channel. Written with vector
 * extensions four doubles wide (two SSE2 registers in the baseline copy,
 * one AVX register in the AVX2 copy, hw_simd.h), the same conversions and
 * products either way; the widening lane by lane, which gcc makes one
 * instruction in the AVX2 copy (its __builtin_convertvector took four). */
typedef float tex_v4f __attribute__((vector_size(16)));
typedef double tex_v4d __attribute__((vector_size(32)));

/* The four floats of texel times weight wt's low double, computed in double
 * and rounded once, as the portable path does. */
static inline __m128 tex_rgba8_weigh(__m128 texel, __m128d wt)
{
	const double w = _mm_cvtsd_f64(wt);
	const tex_v4f f = (tex_v4f)texel;
	tex_v4d d = (tex_v4d){ f[0], f[1], f[2], f[3] } * (tex_v4d){ w, w, w, w };

	return (__m128)__builtin_convertvector(d, tex_v4f);
}

/* The 4 bytes at p (any alignment) as a host-order int32_t. */
static inline int32_t tex_load32(const uint8_t *p)
{
	int32_t v;

	memcpy(&v, p, sizeof v);
	return v;
}
#endif

/* (s, tc) after tex_reduce, as the kernel takes them: in the two lanes
 * of an SSE2 register (s low), else a pair of doubles. */
#if HW_SSE2
typedef __m128d tex_st;

/* The kernels' constants, each in both lanes (or all four), loaded in one
 * instruction (a set1 of a constant took two). */
static const double tex_k_one[2] = { 1.0, 1.0 }, tex_k_half[2] = { 0.5, 0.5 };
static const double tex_k_sign[2] = { -0.0, -0.0 };
static const double tex_k_2p31[2] = { 2147483648.0, 2147483648.0 };
static const double tex_k_two[2] = { 2.0, 2.0 }, tex_k_minus_one[2] = { -1.0, -1.0 };
static const float tex_k_255[4] = { 255.0f, 255.0f, 255.0f, 255.0f };

static inline tex_st tex_st_make(double s, double tc)
{
	return _mm_set_pd(tc, s);
}

/* tex_reduce of s and tc at once, each lane as the scalar code: not a
 * number or infinite reads 0; REPEAT and MIRROR take v - p floor(v / p)
 * (period p 1 or 2: v / 1 and 1 x are v and x, bit for bit, and v / 2 is
 * v x 0.5 exactly), with floor
 * by truncation and a correction, exact below 2^31, and 0 above (a float
 * of 2^24 or more is an even integer, so v - p floor(v / p) is +0 there;
 * + 0.0 turns the -0.0 that -0.0 - 0.0 gives into that +0 as well); the
 * clamps min and max, which keep -0.0 as the comparisons do. */
static inline tex_st tex_sampler_reduce(const struct hw_texture_sampler *sp, float s, float tc)
{
	const __m128d zero = _mm_setzero_pd(), one = _mm_loadu_pd(tex_k_one);
	__m128d v = _mm_cvtps_pd(_mm_setr_ps(s, tc, 0.0f, 0.0f));
	__m128d period = _mm_loadu_pd(sp->reduce_period);
	__m128d clamp = _mm_castsi128_pd(_mm_loadu_si128((const __m128i *)sp->reduce_clamp));
	__m128d vs, q, t, r, c;

	if (sp->odd_wrap)       /* codes 4 and 5: the scalar rule, per axis */
		return tex_st_make(tex_reduce(s, sp->t.wrap_s), tex_reduce(tc, sp->t.wrap_t));
	v = _mm_and_pd(v, _mm_cmpord_pd(_mm_sub_pd(v, v), zero));
	vs = _mm_and_pd(v, _mm_cmplt_pd(_mm_andnot_pd(_mm_loadu_pd(tex_k_sign), v),
					_mm_loadu_pd(tex_k_2p31)));
	q = _mm_mul_pd(vs, _mm_loadu_pd(sp->reduce_reciprocal));   /* v / p, exactly */
	t = _mm_cvtepi32_pd(_mm_cvttpd_epi32(q));
	t = _mm_sub_pd(t, _mm_and_pd(_mm_cmpgt_pd(t, q), one));
	r = _mm_add_pd(_mm_sub_pd(vs, _mm_mul_pd(period, t)), zero);
	c = _mm_max_pd(_mm_min_pd(v, _mm_loadu_pd(tex_k_two)), _mm_loadu_pd(tex_k_minus_one));
	return _mm_or_pd(_mm_and_pd(clamp, c), _mm_andnot_pd(clamp, r));
}

/* tex_sampler_reduce for a sampler that repeats on both axes: period 1
 * and no clamp, so the same operations less the products by 1 (exact),
 * the selection of the clamp lanes, and the mask of NaN and infinities
 * (they fail the test |v| < 2^31 as well, and read 0 all the same). */
static inline tex_st tex_sampler_reduce_repeat(float s, float tc)
{
	const __m128d zero = _mm_setzero_pd(), one = _mm_loadu_pd(tex_k_one);
	const __m128d v = _mm_cvtps_pd(_mm_setr_ps(s, tc, 0.0f, 0.0f));
	__m128d vs, t;

	vs = _mm_and_pd(v, _mm_cmplt_pd(_mm_andnot_pd(_mm_loadu_pd(tex_k_sign), v),
					_mm_loadu_pd(tex_k_2p31)));
	t = _mm_cvtepi32_pd(_mm_cvttpd_epi32(vs));
	t = _mm_sub_pd(t, _mm_and_pd(_mm_cmpgt_pd(t, vs), one));
	return _mm_add_pd(_mm_sub_pd(vs, t), zero);
}
#else
typedef struct {
	double s, tc;
} tex_st;

static inline tex_st tex_st_make(double s, double tc)
{
	tex_st v;

	v.s = s;
	v.tc = tc;
	return v;
}

/* The coordinates (s, t) wrapped by the sampler's modes, ready for a
 * level. */
static inline tex_st tex_sampler_reduce(const struct hw_texture_sampler *sp, float s, float tc)
{
	return tex_st_make(tex_reduce(s, sp->t.wrap_s), tex_reduce(tc, sp->t.wrap_t));
}

/* The coordinates (s, t) wrapped by REPEAT on both axes (the common case,
 * with no switch on the mode). */
static inline tex_st tex_sampler_reduce_repeat(float s, float tc)
{
	return tex_st_make(tex_reduce(s, HW_WRAP_REPEAT), tex_reduce(tc, HW_WRAP_REPEAT));
}
#endif

/* The bilinear RGBA8 sample of level lv at st (reduced by tex_reduce),
 * in two steps: its taps (tex_rgba8_taps), then their texels read and
 * weighed (tex_rgba8_filter). A batch takes the first step for several
 * samples before the second (tex_sample_rgba8_n): each sample's work is a
 * long chain of dependent steps, and the host overlaps the chains of
 * samples that are near in the code. */
#if defined(__GNUC__)
#define TEX_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define TEX_ALWAYS_INLINE inline
#endif

/* A sample's taps: their offsets from the level's first byte, (0, 0),
 * (1, 0), (0, 1), (1, 1), and their weights. */
struct tex_taps {
	uint32_t off[4];
#if HW_SSE2
	__m128d w0, w1;         /* weight[0][0], [0][1]; weight[1][0], [1][1] */
#else
	double weight[2][2];
#endif
};

/* The taps of the sample at st, and whether the columns and the rows of
 * the taps wrapped onto each other. With `tables` (the first level of an
 * rgba8_linear sampler) the offsets come from the sampler's column and
 * row tables; `repeat` says the sampler repeats on both axes (a constant
 * where it is inlined; else sp->repeat tells). */
static TEX_ALWAYS_INLINE void tex_rgba8_taps(const struct hw_texture_sampler *sp,
					     const struct hw_texture_sampler_level *lv, tex_st st,
					     struct tex_taps *tp, bool *same_i, bool *same_j,
					     bool tables, bool repeat)
{
	long w = lv->width, h = lv->height, i0, j0, i1, j1;
	uint32_t c0, c1, r0, r1;
#if HW_SSE2
	/* tex_bilinear on two lanes, s and tc: the same double operations.
	 * tex_reduce keeps s and tc in -1..2, so |u| and |v| are below
	 * 2 w + 1 and truncate in 32 bits; a truncation above the value (a
	 * negative non-integer) less 1 is the floor. */
	const __m128d one = _mm_loadu_pd(tex_k_one);
	__m128d uv = _mm_sub_pd(_mm_mul_pd(st, _mm_loadu_pd(lv->size)), _mm_loadu_pd(tex_k_half));
	__m128i trunc = _mm_cvttpd_epi32(uv);
	__m128d t = _mm_cvtepi32_pd(trunc);
	__m128d above = _mm_cmpgt_pd(t, uv);
	__m128i ij = _mm_add_epi32(trunc, _mm_shuffle_epi32(_mm_castpd_si128(above),
							    _MM_SHUFFLE(3, 3, 2, 0)));
	__m128d f = _mm_sub_pd(uv, _mm_sub_pd(t, _mm_and_pd(above, one)));     /* fu, fv */
	__m128d g = _mm_sub_pd(one, f);                                         /* 1 - fu, 1 - fv */
	__m128d a = _mm_unpacklo_pd(g, f);                                      /* 1 - fu, fu */

	tp->w0 = _mm_mul_pd(a, _mm_unpackhi_pd(g, g));  /* weight[0][0], weight[0][1] */
	tp->w1 = _mm_mul_pd(a, _mm_unpackhi_pd(f, f));  /* weight[1][0], weight[1][1] */
	i0 = _mm_cvtsi128_si32(ij);
	j0 = _mm_cvtsi128_si32(_mm_shuffle_epi32(ij, _MM_SHUFFLE(1, 1, 1, 1)));
#else
	tex_bilinear(st.s, st.tc, w, h, &i0, &j0, tp->weight);
#endif
	if (repeat || sp->repeat) {
		/* tex_sampler_wrap's REPEAT on both axes, without its switch */
		i0 &= w - 1;
		j0 &= h - 1;
		i1 = (i0 + 1) & (w - 1);
		j1 = (j0 + 1) & (h - 1);
	} else {
		i1 = tex_sampler_wrap(i0 + 1, w, sp->t.wrap_s);
		j1 = tex_sampler_wrap(j0 + 1, h, sp->t.wrap_t);
		i0 = tex_sampler_wrap(i0, w, sp->t.wrap_s);
		j0 = tex_sampler_wrap(j0, h, sp->t.wrap_t);
	}
	*same_i = i1 == i0;
	*same_j = j1 == j0;
	if (tables) {
		c0 = sp->column[i0];
		c1 = sp->column[i1];
		r0 = sp->row[j0];
		r1 = sp->row[j1];
	} else {
		c0 = tex_rgba8_column((unsigned)i0);
		c1 = tex_rgba8_column((unsigned)i1);
		r0 = tex_rgba8_row(lv, (unsigned)j0);
		r1 = tex_rgba8_row(lv, (unsigned)j1);
	}
	tp->off[0] = r0 + c0;
	tp->off[1] = r0 + c1;
	tp->off[2] = r1 + c0;
	tp->off[3] = r1 + c1;
}

/* The colour of the taps tp of a level whose first byte is at p. */
static TEX_ALWAYS_INLINE void tex_rgba8_filter(const uint8_t *p, const struct tex_taps *tp,
					       float rgba[4])
{
#if HW_SSE2
	/* the four texels' bytes A, B, G, R (memory order) widened to 32-bit
	 * lanes, converted and divided by 255 (the correctly rounded
	 * quotients tex_unorm8 holds), weighed and summed in tap order */
	const __m128i zero = _mm_setzero_si128();
	const __m128 k255 = _mm_loadu_ps(tex_k_255);
	const __m128d w0 = tp->w0, w1 = tp->w1;
	__m128i q, lo, hi;
	__m128 sum = _mm_setzero_ps();

	q = _mm_unpacklo_epi64(_mm_unpacklo_epi32(_mm_cvtsi32_si128(tex_load32(p + tp->off[0])),
						  _mm_cvtsi32_si128(tex_load32(p + tp->off[1]))),
			       _mm_unpacklo_epi32(_mm_cvtsi32_si128(tex_load32(p + tp->off[2])),
						  _mm_cvtsi32_si128(tex_load32(p + tp->off[3]))));
	lo = _mm_unpacklo_epi8(q, zero);
	hi = _mm_unpackhi_epi8(q, zero);
	sum = _mm_add_ps(sum, tex_rgba8_weigh(_mm_div_ps(_mm_cvtepi32_ps(
		_mm_unpacklo_epi16(lo, zero)), k255), _mm_unpacklo_pd(w0, w0)));
	sum = _mm_add_ps(sum, tex_rgba8_weigh(_mm_div_ps(_mm_cvtepi32_ps(
		_mm_unpackhi_epi16(lo, zero)), k255), _mm_unpackhi_pd(w0, w0)));
	sum = _mm_add_ps(sum, tex_rgba8_weigh(_mm_div_ps(_mm_cvtepi32_ps(
		_mm_unpacklo_epi16(hi, zero)), k255), _mm_unpacklo_pd(w1, w1)));
	sum = _mm_add_ps(sum, tex_rgba8_weigh(_mm_div_ps(_mm_cvtepi32_ps(
		_mm_unpackhi_epi16(hi, zero)), k255), _mm_unpackhi_pd(w1, w1)));
	_mm_storeu_ps(rgba, _mm_shuffle_ps(sum, sum, _MM_SHUFFLE(0, 1, 2, 3)));   /* R, G, B, A */
#else
	float sum[4] = { 0.0f, 0.0f, 0.0f, 0.0f };
	unsigned k;

	for (k = 0; k < 4; k++) {
		const uint8_t *texel = p + tp->off[k];
		double wt = tp->weight[k / 2][k % 2];

		/* tex_decode_at's RGBA8 case: A B G R in memory */
		sum[0] += (float)(wt * (double)tex_unorm8[texel[3]]);
		sum[1] += (float)(wt * (double)tex_unorm8[texel[2]]);
		sum[2] += (float)(wt * (double)tex_unorm8[texel[1]]);
		sum[3] += (float)(wt * (double)tex_unorm8[texel[0]]);
	}
	memcpy(rgba, sum, sizeof sum);
#endif
}

/* Both steps: the colour in rgba, the taps' offsets in off. */
static TEX_ALWAYS_INLINE void tex_rgba8_linear(const struct hw_texture_sampler *sp,
				    const struct hw_texture_sampler_level *lv, tex_st st,
				    uint32_t off[4], bool *same_i, bool *same_j, float rgba[4],
				    bool tables, bool repeat)
{
	struct tex_taps tp;

	tex_rgba8_taps(sp, lv, st, &tp, same_i, same_j, tables, repeat);
	tex_rgba8_filter(lv->bytes, &tp, rgba);
	memcpy(off, tp.off, sizeof tp.off);
}

/* Bilinear RGBA8 sample of one level at st into rgba, and its distinct tap
 * addresses added to fp in the order tex_add would keep them. */
static void tex_sampler_level_rgba8_linear(const struct hw_texture_sampler *sp,
					   const struct hw_texture_sampler_level *lv, tex_st st,
					   struct tex_footprint *fp, float rgba[4])
{
	uint32_t off[4];
	bool same_i, same_j;
	unsigned b;

	tex_rgba8_linear(sp, lv, st, off, &same_i, &same_j, rgba, false, false);
	if (fp->n != 0) {
		for (b = 0; b < 4; b++)
			tex_add(fp, lv->phys + off[b]);
		return;
	}
	/* the taps in order (0, 0), (1, 0), (0, 1), (1, 1), as tex_add keeps them */
	fp->addr[0] = lv->phys + off[0];
	b = 1;
	if (!same_i)
		fp->addr[b++] = lv->phys + off[1];
	if (!same_j) {
		fp->addr[b++] = lv->phys + off[2];
		if (!same_i)
			fp->addr[b++] = lv->phys + off[3];
	}
	fp->n = b;
}

/* One level: the footprint's addresses (added to fp, as tex_sample_level)
 * and the filtered colour (as tex_filter_level), each texel's address and
 * colour computed once. */
static void tex_sampler_level(const struct hw_texture_sampler *sp, unsigned k, double s,
			      double tc, struct tex_footprint *fp, float rgba[4])
{
	const struct hw_texture_sampler_level *lv = &sp->level[k];
	long w = lv->width, h = lv->height, i[2], j[2];
	double weight[2][2];
	uint32_t tap_addr;
	float texel[4][4];
	bool decoded[4], same_i, same_j;
	unsigned a, b, c, n;

	if (sp->filter != HW_FILTER_LINEAR) {
		i[0] = tex_sampler_wrap((long)hw_texture_floor(s * (double)w), w, sp->t.wrap_s);
		j[0] = tex_sampler_wrap((long)hw_texture_floor(tc * (double)h), h, sp->t.wrap_t);
		if (i[0] == TEX_BORDER || j[0] == TEX_BORDER) {
			for (c = 0; c < 4; c++)
				rgba[c] = sp->t.border[c];
			return;
		}
		tap_addr = tex_sampler_address(sp, lv, (unsigned)i[0], (unsigned)j[0]);
		tex_add(fp, tap_addr);
		if (sp->bytes)
			tex_decode_at(sp->t.format, sp->bytes + (tap_addr - sp->t.phys),
				      (unsigned)i[0], (unsigned)j[0], (unsigned)h, rgba);
		return;
	}
	if (sp->t.format == HW_TEX_RGBA8 && sp->bytes && !tex_wrap_borders(sp->t.wrap_s)
	    && !tex_wrap_borders(sp->t.wrap_t)) {
		tex_sampler_level_rgba8_linear(sp, lv, tex_st_make(s, tc), fp, rgba);
		return;
	}
	tex_bilinear(s, tc, w, h, &i[0], &j[0], weight);
	i[1] = tex_sampler_wrap(i[0] + 1, w, sp->t.wrap_s);
	j[1] = tex_sampler_wrap(j[0] + 1, h, sp->t.wrap_t);
	i[0] = tex_sampler_wrap(i[0], w, sp->t.wrap_s);
	j[0] = tex_sampler_wrap(j[0], h, sp->t.wrap_t);
	rgba[0] = rgba[1] = rgba[2] = rgba[3] = 0.0f;
	same_i = i[0] == i[1];
	same_j = j[0] == j[1];
	for (b = 0, n = 0; b < 2; b++) {
		for (a = 0; a < 2; a++, n++) {
			const float *tx = texel[n];

			decoded[n] = false;
			if (i[a] == TEX_BORDER || j[b] == TEX_BORDER) {
				tx = sp->t.border;
			} else {
				tap_addr = tex_sampler_address(sp, lv, (unsigned)i[a], (unsigned)j[b]);
				tex_add(fp, tap_addr);
				if (!sp->bytes)
					continue;       /* the caller reads 0, 0, 0, 0 */
				/* A texel an earlier tap read (the coordinates
				 * clamped or wrapped onto it) is not decoded again:
				 * the same texel decodes to the same bits. */
				if (a == 1 && same_i && decoded[n - 1]) {
					tx = texel[n - 1];
				} else if (b == 1 && same_j && decoded[n - 2]) {
					tx = texel[n - 2];
				} else if (sp->t.format == HW_TEX_RGBA8) {
					const uint8_t *p = sp->bytes + (tap_addr - sp->t.phys);

					/* tex_decode_at's RGBA8 case, inline */
					texel[n][0] = tex_unorm8[p[3]];
					texel[n][1] = tex_unorm8[p[2]];
					texel[n][2] = tex_unorm8[p[1]];
					texel[n][3] = tex_unorm8[p[0]];
					decoded[n] = true;
				} else {
					tex_decode_at(sp->t.format, sp->bytes + (tap_addr - sp->t.phys),
						      (unsigned)i[a], (unsigned)j[b], (unsigned)h,
						      texel[n]);
					decoded[n] = true;
				}
			}
			for (c = 0; c < 4; c++)
				rgba[c] += (float)(weight[b][a] * (double)tx[c]);
		}
	}
}

unsigned hw_texture_sampler_sample(const struct hw_texture_sampler *sp, float s, float t_coord,
				   uint32_t addr[HW_TEX_FOOTPRINT_MAX], float rgba[4])
{
	struct tex_footprint fp;
	double rs, rt;
	float second[4];
	unsigned c;

	fp.addr = addr;
	fp.n = 0;
	if (sp->rgba8_linear) {
		/* the steps below for that case, inline: the kernel writes all
		 * of rgba, and the footprint starts empty */
		const struct hw_texture_sampler_level *lv = &sp->level[0];
		uint32_t off[4];
		bool same_i, same_j;
		unsigned n = 1;

		tex_rgba8_linear(sp, lv, tex_sampler_reduce(sp, s, t_coord), off, &same_i, &same_j,
				 rgba, true, false);
		addr[0] = lv->phys + off[0];
		if (!same_i)
			addr[n++] = lv->phys + off[1];
		if (!same_j) {
			addr[n++] = lv->phys + off[2];
			if (!same_i)
				addr[n++] = lv->phys + off[3];
		}
		return n;
	}
	rgba[0] = rgba[1] = rgba[2] = rgba[3] = 0.0f;
	if (!sp->valid)
		return 0;
	rs = tex_reduce(s, sp->t.wrap_s);
	rt = tex_reduce(t_coord, sp->t.wrap_t);
	tex_sampler_level(sp, 0, rs, rt, &fp, rgba);
	if (sp->nlevels > 1)
		tex_sampler_level(sp, 1, rs, rt, &fp, second);
	if (!sp->bytes) {               /* as hw_texture_sample: no bytes, black */
		rgba[0] = rgba[1] = rgba[2] = rgba[3] = 0.0f;
		return fp.n;
	}
	if (sp->nlevels < 2)
		return fp.n;
	for (c = 0; c < 4; c++)
		rgba[c] = (float)((1.0 - sp->weight1) * (double)rgba[c]
				  + sp->weight1 * (double)second[c]);
	return fp.n;
}

/* tex_sample_n for an rgba8_linear sampler; `repeat` (a constant where it
 * is inlined) that it repeats on both axes. The taps of up to
 * TEX_BATCH_STEP samples first, then their texels (tex_rgba8_linear). */
#define TEX_BATCH_STEP 16u

/* hw_texture_sample_n for a sampler with rgba8_linear set (one RGBA8 level
 * held on the host, linear filter, no border wrap): n samples in steps of
 * TEX_BATCH_STEP, taps first, filters after. Writes each sample's distinct
 * tap addresses to addr and their number to count[k], and returns the total.
 * `repeat`: both axes REPEAT. */
static TEX_ALWAYS_INLINE unsigned tex_sample_rgba8_n(const struct hw_texture_sampler *sp,
						     const float (*st)[2], unsigned n,
						     uint32_t *addr, uint8_t *count,
						     float (*rgba)[4], bool repeat)
{
	const struct hw_texture_sampler_level *lv = &sp->level[0];
	const uint32_t phys = lv->phys;
	const uint8_t *const p = lv->bytes;
	struct tex_taps taps[TEX_BATCH_STEP];
	unsigned first, k, total = 0;

	for (first = 0; first < n; first += TEX_BATCH_STEP) {
		const unsigned end = n - first < TEX_BATCH_STEP ? n : first + TEX_BATCH_STEP;

		for (k = first; k < end; k++) {
			struct tex_taps *tp = &taps[k - first];
			uint32_t *a = addr + total;
			bool same_i, same_j;
			unsigned m = 1;

			tex_rgba8_taps(sp, lv,
				       repeat ? tex_sampler_reduce_repeat(st[k][0], st[k][1])
					      : tex_sampler_reduce(sp, st[k][0], st[k][1]),
				       tp, &same_i, &same_j, true, repeat);
			a[0] = phys + tp->off[0];
			if (!same_i)
				a[m++] = phys + tp->off[1];
			if (!same_j) {
				a[m++] = phys + tp->off[2];
				if (!same_i)
					a[m++] = phys + tp->off[3];
			}
			count[k] = (uint8_t)m;
			total += m;
		}
		for (k = first; k < end; k++)
			tex_rgba8_filter(p, &taps[k - first], rgba[k]);
	}
	return total;
}

/* n samples at st[k] into rgba[k], their tap addresses one sample after the
 * other in addr and their numbers in count; returns the number of addresses.
 * Takes the RGBA8 batch when the sampler allows it, the same values either
 * way. */
static TEX_ALWAYS_INLINE unsigned tex_sample_n(const struct hw_texture_sampler *sp,
					       const float (*st)[2], unsigned n, uint32_t *addr,
					       uint8_t *count, float (*rgba)[4])
{
	unsigned k, total = 0;

	if (!sp->rgba8_linear) {
		for (k = 0; k < n; k++) {
			count[k] = (uint8_t)hw_texture_sampler_sample(sp, st[k][0], st[k][1],
								      addr + total, rgba[k]);
			total += count[k];
		}
		return total;
	}
	/* hw_texture_sampler_sample's kernel, the level's set-up once */
	if (sp->repeat)
		return tex_sample_rgba8_n(sp, st, n, addr, count, rgba, true);
	return tex_sample_rgba8_n(sp, st, n, addr, count, rgba, false);
}

/* hw_texture_sampler_sample_n's AVX2 copy (hw_simd.h), and the copy for the host. */
#if HW_AVX2
static HW_AVX2_TARGET unsigned tex_sample_n_avx2(const struct hw_texture_sampler *sp,
						 const float (*st)[2], unsigned n, uint32_t *addr,
						 uint8_t *count, float (*rgba)[4])
{
	return tex_sample_n(sp, st, n, addr, count, rgba);
}
#endif

unsigned hw_texture_sampler_sample_n(const struct hw_texture_sampler *sp, const float (*st)[2],
				     unsigned n, uint32_t *addr, uint8_t *count, float (*rgba)[4])
{
#if HW_AVX2
	if (hw_simd_avx2())
		return tex_sample_n_avx2(sp, st, n, addr, count, rgba);
#endif
	return tex_sample_n(sp, st, n, addr, count, rgba);
}

/* ---- unit 0's types ---------------------------------------------------------- */

enum hw_cube_face hw_texture_cube_face(double u, double v, double w)
{
	double au = fabs(u), av = fabs(v), aw = fabs(w);

	if (au > av && au > aw)
		return u > 0 ? HW_CUBE_POS_X : HW_CUBE_NEG_X;
	if (av > aw)
		return v > 0 ? HW_CUBE_POS_Y : HW_CUBE_NEG_Y;
	return w > 0 ? HW_CUBE_POS_Z : HW_CUBE_NEG_Z;
}

void hw_texture_cube_coords(enum hw_cube_face face, double u, double v, double w, double *s,
			    double *t_coord)
{
	double m, a, b;

	switch (face) {
	case HW_CUBE_POS_X: m = u; a = -w; b = -v; break;
	case HW_CUBE_NEG_X: m = u; a = -w; b = v; break;
	case HW_CUBE_POS_Y: m = v; a = u; b = w; break;
	case HW_CUBE_NEG_Y: m = v; a = -u; b = w; break;
	case HW_CUBE_POS_Z: m = w; a = u; b = -v; break;
	default: m = w; a = u; b = v; break;
	}
	*s = a / m * 0.5 + 0.5;
	*t_coord = b / m * 0.5 + 0.5;
}

/* (s, t) of a sample of t's type at (u, v, w); for a cube, on `face`. */
static void tex_type_coords(const struct hw_texture *t, enum hw_cube_face face, const double c[3],
			    double st[2])
{
	switch (t->type) {
	case HW_TEXTYPE_CUBE: case HW_TEXTYPE_SHADOW_CUBE:
		hw_texture_cube_coords(face, c[0], c[1], c[2], &st[0], &st[1]);
		return;
	case HW_TEXTYPE_PROJECTION:
		st[0] = c[0] / c[2];
		st[1] = c[1] / c[2];
		return;
	case HW_TEXTYPE_SHADOW_2D:
		if (!t->shadow_ortho) {
			st[0] = c[0] / c[2];
			st[1] = c[1] / c[2];
			return;
		}
		break;
	case HW_TEXTYPE_2D:
		break;
	}
	st[0] = c[0];
	st[1] = c[1];
}

static bool tex_is_cube(const struct hw_texture *t)
{
	return t->type == HW_TEXTYPE_CUBE || t->type == HW_TEXTYPE_SHADOW_CUBE;
}

float hw_texture_quad_lod(const struct hw_texture *t, const double c[3][3])
{
	enum hw_cube_face face = HW_CUBE_POS_X;
	double st[3][2];
	float deriv[2][2];
	unsigned i, k;

	if (tex_is_cube(t))
		face = hw_texture_cube_face(c[0][0], c[0][1], c[0][2]);
	for (i = 0; i < 3; i++)
		tex_type_coords(t, face, c[i], st[i]);
	for (k = 0; k < 2; k++) {
		deriv[k][0] = (float)(st[1][k] - st[0][k]);
		deriv[k][1] = (float)(st[2][k] - st[0][k]);
	}
	return hw_texture_lod(t, deriv);
}

/* A texel's shadow result: its intensity byte when its depth passes. */
static double tex_shadow_texel(const float texel[4], double zref)
{
	double r = floor((double)texel[0] * 255.0 + 0.5), g = floor((double)texel[1] * 255.0 + 0.5);
	double b = floor((double)texel[2] * 255.0 + 0.5), a = floor((double)texel[3] * 255.0 + 0.5);
	double depth = a * 65536.0 + b * 256.0 + g;

	return depth >= zref ? r : 0.0;
}

/* The shadow comparison at (s, tc) of level 0 (footprint into fp). */
static void tex_shadow_sample(const struct hw_texture *t, const uint8_t *bytes, double s,
			      double tc, double z, struct tex_footprint *fp, float rgba[4])
{
	long w = (long)t->width, h = (long)t->height, i[2], j[2];
	double zref = floor(fmin(z, 1.0) * 16777215.0) - (double)t->shadow_bias, weight[2][2];
	double result = 0.0;
	float texel[4];
	unsigned a, b, c;

	s = tex_reduce((float)s, t->wrap_s);
	tc = tex_reduce((float)tc, t->wrap_t);
	tex_sample_level(t, 0, s, tc, t->mag_filter, fp);
	if (t->mag_filter != HW_FILTER_LINEAR) {
		tex_fetch(t, bytes, 0, tex_wrap((long)floor(s * (double)w), w, t->wrap_s),
			  tex_wrap((long)floor(tc * (double)h), h, t->wrap_t), texel);
		result = tex_shadow_texel(texel, zref);
	} else {
		tex_bilinear(s, tc, w, h, &i[0], &j[0], weight);
		i[1] = tex_wrap(i[0] + 1, w, t->wrap_s);
		j[1] = tex_wrap(j[0] + 1, h, t->wrap_t);
		i[0] = tex_wrap(i[0], w, t->wrap_s);
		j[0] = tex_wrap(j[0], h, t->wrap_t);
		for (b = 0; b < 2; b++)
			for (a = 0; a < 2; a++) {
				tex_fetch(t, bytes, 0, i[a], j[b], texel);
				result += weight[b][a] * tex_shadow_texel(texel, zref);
			}
	}
	for (c = 0; c < 4; c++)
		rgba[c] = (float)(result / 255.0);
}

unsigned hw_texture_sample_any(const struct hw_texture *t,
			       const uint8_t *const face_bytes[HW_CUBE_FACES], const float uvw[3],
			       float lod, uint32_t addr[HW_TEX_FOOTPRINT_MAX], float rgba[4])
{
	const double c[3] = { uvw[0], uvw[1], uvw[2] };
	enum hw_cube_face face = HW_CUBE_POS_X;
	struct hw_texture ft = *t;
	struct tex_footprint fp;
	double st[2], z = 0.0;
	unsigned k;

	for (k = 0; k < 4; k++)
		rgba[k] = 0.0f;
	if (!hw_texture_valid(t))
		return 0;
	if (tex_is_cube(t)) {
		face = hw_texture_cube_face(c[0], c[1], c[2]);
		ft.phys = t->face_phys[face];
	}
	tex_type_coords(t, face, c, st);
	if (t->type == HW_TEXTYPE_2D || t->type == HW_TEXTYPE_CUBE
	    || t->type == HW_TEXTYPE_PROJECTION) {
		k = hw_texture_footprint(&ft, (float)st[0], (float)st[1], lod, addr);
		if (face_bytes[face])
			hw_texture_sample(&ft, face_bytes[face], (float)st[0], (float)st[1], lod, rgba);
		return k;
	}
	/* shadow */
	if (t->type == HW_TEXTYPE_SHADOW_CUBE) {
		static const unsigned axis[HW_CUBE_FACES] = { 0, 0, 1, 1, 2, 2 };

		z = fabs(c[axis[face]]);
	} else {
		z = fabs(c[2]);
	}
	fp.addr = addr;
	fp.n = 0;
	if (!isfinite(st[0]) || !isfinite(st[1]) || !(z == z))
		st[0] = st[1] = 0.0;
	if (!(z == z))
		z = 0.0;
	if (face_bytes[face]) {
		tex_shadow_sample(&ft, face_bytes[face], st[0], st[1], z, &fp, rgba);
	} else {
		float ignored[4];

		tex_shadow_sample(&ft, NULL, st[0], st[1], z, &fp, ignored);
	}
	return fp.n;
}
