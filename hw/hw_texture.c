/* hw_texture.c: where the texels of a texture lie in memory, and which of
 * them a sample reads. Functional only: addresses out, no colours; the
 * texture cache (hw_cache) turns the addresses into misses.
 *
 * Public facts used: 3dbrew "GPU Textures" (texels laid out in Z order,
 * sizes up to 1024, the format numbers 0x0-0xD); format sizes from public
 * 3DS image-format tables (32/24/16/8/4 bits, ETC1 4, ETC1A4 8); 8x8 tiles
 * with Morton order inside, and ETC textures as 2x2 blocks a tile stored
 * vertically flipped, as texture tools and homebrew describe the PICA200
 * layout; ETC1 blocks are 4x4 texels in 64 bits (Khronos
 * OES_compressed_ETC1_RGB8_texture). Model choice where the sources are
 * thin: the flip is of the whole image (memory row = height - 1 - y), as
 * hw_raster assumes for render targets. */
#include <math.h>

#include "hw_texture.h"

#define TEX_TILE_TEXELS (HW_TEX_TILE * HW_TEX_TILE)
#define TEX_ETC_BLOCK 4                 /* texels a block side (ETC1 spec) */
#define TEX_BORDER (-1)                 /* a texel outside, clamp to border */

unsigned hw_texture_bits_per_texel(enum hw_tex_format f)
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

/* Morton index of (x, y) in a tile: x in the even bits, y in the odd. */
static unsigned tex_morton(unsigned x, unsigned y)
{
	unsigned i, m = 0;

	for (i = 0; i < 3; i++) {
		m |= ((x >> i) & 1u) << (2 * i);
		m |= ((y >> i) & 1u) << (2 * i + 1);
	}
	return m;
}

uint32_t hw_texture_texel_address(const struct hw_texture *t, unsigned level, unsigned x,
				  unsigned y)
{
	unsigned w = hw_texture_level_width(t, level), h = hw_texture_level_height(t, level);
	unsigned bits = hw_texture_bits_per_texel(t->format);
	unsigned row, tile, tile_bytes;
	uint32_t base = hw_texture_level_phys(t, level);

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
	return base + tex_morton(x % HW_TEX_TILE, row % HW_TEX_TILE) * bits / 8;
}

/* A coordinate brought into a range where scaling by the size cannot
 * overflow, without changing which texels it names. */
static double tex_reduce(float c, enum hw_tex_wrap wrap)
{
	double v = isfinite(c) ? (double)c : 0.0;

	switch (wrap) {
	case HW_WRAP_REPEAT:
		return v - floor(v);                    /* period 1 */
	case HW_WRAP_MIRROR:
		return v - 2.0 * floor(v / 2.0);        /* period 2 */
	case HW_WRAP_CLAMP_EDGE: case HW_WRAP_CLAMP_BORDER:
		break;
	}
	return v < -1.0 ? -1.0 : v > 2.0 ? 2.0 : v;     /* all the same beyond */
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
	case HW_WRAP_CLAMP_EDGE:
		break;
	}
	return i < 0 ? 0 : i >= size ? size - 1 : i;
}

struct tex_footprint {
	uint32_t *addr;
	unsigned n;
};

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

unsigned hw_texture_footprint(const struct hw_texture *t, float s, float t_coord, float lod,
			      uint32_t addr[HW_TEX_FOOTPRINT_MAX])
{
	struct tex_footprint fp;
	double rs, rt;
	unsigned last;

	fp.addr = addr;
	fp.n = 0;
	if (!hw_texture_valid(t))
		return 0;
	rs = tex_reduce(s, t->wrap_s);
	rt = tex_reduce(t_coord, t->wrap_t);
	last = t->levels - 1;

	/* Model choice: magnification up to lod 0 whatever the filters (the
	 * OpenGL switch-over point c = 0; the PICA's is not public). */
	if (!(lod > 0.0f)) {                    /* magnification, or NaN */
		tex_sample_level(t, 0, rs, rt, t->mag_filter, &fp);
	} else if (last == 0) {
		tex_sample_level(t, 0, rs, rt, t->min_filter, &fp);
	} else if (t->mip_filter == HW_FILTER_LINEAR) {
		double d = floor(lod);
		unsigned d1 = d >= (double)last ? last : (unsigned)d;
		tex_sample_level(t, d1, rs, rt, t->min_filter, &fp);
		if (d1 < last)
			tex_sample_level(t, d1 + 1, rs, rt, t->min_filter, &fp);
	} else {
		double d = lod <= 0.5f ? 0.0 : ceil((double)lod + 0.5) - 1.0;
		unsigned d1 = d >= (double)last ? last : (unsigned)d;
		tex_sample_level(t, d1, rs, rt, t->min_filter, &fp);
	}
	return fp.n;
}
