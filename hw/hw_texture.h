/* hw_texture.h: texture memory layout and the texel addresses a sample
 * reads, for the texture units' cache model (MEMORY_ACCESS word 5 counts
 * texture-cache misses only). Textures are stored in 8x8 tiles with Morton
 * order inside a tile (3dbrew); this file knows the formats, the tiling,
 * the mip chain and the footprint of nearest and linear sampling. */
#ifndef NNGX_HW_TEXTURE_H
#define NNGX_HW_TEXTURE_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

/* Texture formats (GPUREG_TEXUNITi_TYPE, 3dbrew). */
enum hw_tex_format {
	HW_TEX_RGBA8 = 0, HW_TEX_RGB8, HW_TEX_RGB5A1, HW_TEX_RGB565, HW_TEX_RGBA4,
	HW_TEX_IA8, HW_TEX_HILO8, HW_TEX_I8, HW_TEX_A8, HW_TEX_IA4, HW_TEX_I4,
	HW_TEX_A4, HW_TEX_ETC1, HW_TEX_ETC1A4
};

/* The register's wrap codes 0-5 (fragment-pipeline.md B.2, Citra's
 * reading for 4 and 5: below 0 they repeat, at or past the size they
 * clamp to the edge (4) or read the border (5)). Codes 6 and 7 repeat
 * (hw_command.c maps them to HW_WRAP_REPEAT). */
enum hw_tex_wrap {
	HW_WRAP_CLAMP_EDGE = 0, HW_WRAP_CLAMP_BORDER, HW_WRAP_REPEAT, HW_WRAP_MIRROR,
	HW_WRAP_EDGE_OR_REPEAT, HW_WRAP_BORDER_OR_REPEAT
};
enum hw_tex_filter { HW_FILTER_NEAREST = 0, HW_FILTER_LINEAR };

/* What unit 0 does with its coordinates (TEXUNIT0_PARAM bits 28-30;
 * units 1 and 2 are always 2D). */
enum hw_tex_type {
	HW_TEXTYPE_2D = 0, HW_TEXTYPE_CUBE, HW_TEXTYPE_SHADOW_2D, HW_TEXTYPE_PROJECTION,
	HW_TEXTYPE_SHADOW_CUBE
};

/* Cube faces, in TEXUNIT0_ADDR1..6 order. */
enum hw_cube_face {
	HW_CUBE_POS_X = 0, HW_CUBE_NEG_X, HW_CUBE_POS_Y, HW_CUBE_NEG_Y, HW_CUBE_POS_Z,
	HW_CUBE_NEG_Z, HW_CUBE_FACES
};

struct hw_texture {
	uint32_t phys;                  /* level 0 */
	unsigned width, height;         /* level 0, powers of two, 8..1024 */
	enum hw_tex_format format;
	unsigned levels;                /* 1..: the mip chain follows level 0 */
	enum hw_tex_wrap wrap_s, wrap_t;
	enum hw_tex_filter mag_filter, min_filter, mip_filter;
	/* Border colour R, G, B, A in 0..1 (TEXUNITi_BORDER_COLOR: R in bits
	 * 0-7 .. A in 24-31, over 255): what CLAMP_BORDER reads outside. */
	float border[4];
	/* Level of detail (TEXUNITi_LOD): the bias added to the computed
	 * lod (bits 0-12, 1/256 steps) and the smallest level the unit may
	 * read (bits 24-27); the largest is levels - 1 (bits 16-19). Both 0
	 * in a texture that does not use them. */
	float lod_bias;
	unsigned min_level;
	/* Unit 0 only (0 elsewhere): the type; a cube's face addresses
	 * (face_phys[0] is phys), each face a whole chain of this size and
	 * format; the shadow register TEXUNIT0_SHADOW: no division by w
	 * (bit 0), and the z bias as a 24-bit fraction (bits 1-23, i.e.
	 * the register & 0xFFFFFE). */
	enum hw_tex_type type;
	uint32_t face_phys[HW_CUBE_FACES];
	bool shadow_ortho;
	uint32_t shadow_bias;
};

#define HW_TEX_FOOTPRINT_MAX 8          /* linear between two mip levels */

#define HW_TEX_TILE 8                   /* texels a tile side (3dbrew) */
#define HW_TEX_MIN_SIZE 8               /* one tile */
#define HW_TEX_MAX_SIZE 1024            /* 3dbrew, GPU Textures */

/* Storage bits a texel: RGBA8 32, RGB8 24, RGB5A1/RGB565/RGBA4/IA8/HILO8
 * 16, I8/A8/IA4 8, I4/A4 4, ETC1 4 (8 bytes a 4x4 block), ETC1A4 8 (16
 * bytes a 4x4 block: 8 of alpha, then 8 of ETC1 colour). 0 for a value
 * outside the enum. */
unsigned hw_texture_bits_per_texel(enum hw_tex_format f);

/* Bytes one texel read takes from its address (hw_texture_texel_address):
 * the texel's own bytes, the shared byte of a 4-bit texel, or the whole
 * 4x4 block of ETC1 (8) and ETC1A4 (16). An RGB8 texel may cross a 16-byte
 * boundary. 0 for a value outside the enum. */
unsigned hw_texture_texel_bytes(enum hw_tex_format f);

/* Mip levels a width x height texture can have: every level is at least
 * one 8x8 tile (model choice: the chain stops when the smaller side
 * reaches 8), so 64x64 has 4 (64, 32, 16, 8) and 64x8 has 1. 0 for sizes
 * that are not powers of two in 8..1024. */
unsigned hw_texture_max_levels(unsigned width, unsigned height);

/* Sizes powers of two in 8..1024, a known format, 1..max_levels levels. */
bool hw_texture_valid(const struct hw_texture *t);

/* Width and height of `level` (level 0 halved `level` times). */
unsigned hw_texture_level_width(const struct hw_texture *t, unsigned level);
unsigned hw_texture_level_height(const struct hw_texture *t, unsigned level);

/* Bytes of `level` (width * height * bits / 8), 0 when the texture is not
 * valid or the level is past max_levels. */
uint32_t hw_texture_level_size(const struct hw_texture *t, unsigned level);

/* Physical address of `level`: the levels follow each other from phys. */
uint32_t hw_texture_level_phys(const struct hw_texture *t, unsigned level);

/* Bytes of the whole chain (t->levels levels); 0 when not valid. */
uint32_t hw_texture_size(const struct hw_texture *t);

/* Address of the first byte of texel (x, y) of `level`, with y = 0 the
 * row the sampler reads at t = 0 (the bottom row in OpenGL terms). x and y
 * are taken modulo the level's size.
 *
 * Layout (3dbrew, GPU Textures: texels in Z order; 8x8 tiles): memory holds
 * the image top row first, so memory row m = height - 1 - y. The level is
 * cut into 8x8 tiles stored in rows, left to right, memory row order; a
 * tile is 64 texels in Morton order: index bits x0 y0 x1 y1 x2 y2 from the
 * least significant, with x and y the texel's place in the tile (y in
 * memory rows). 4-bit texels: the byte holding the texel. ETC1/ETC1A4: a
 * tile is 2x2 blocks of 4x4 texels, in Z order (bx + 2 by, by in memory
 * rows), 8 (ETC1) or 16 (ETC1A4) bytes a block; the address is the
 * block's. */
uint32_t hw_texture_texel_address(const struct hw_texture *t, unsigned level, unsigned x,
				  unsigned y);

/* The level of detail of a sample from its coordinates' screen
 * derivatives over its 2x2 quad (hw_raster_quad_derivatives):
 * deriv[0] = { ds/dx, ds/dy }, deriv[1] = { dt/dx, dt/dy }, in
 * normalised coordinates. Model choice (the PICA's formula is not public;
 * this is the lower bound GL allows, the form Citra uses for 2D
 * textures): lod = log2(max(max(|ds/dx|, |ds/dy|) * width,
 * max(|dt/dx|, |dt/dy|) * height)), level 0's size; the bias is not added
 * here (hw_texture_footprint does it). -infinity for no change at all,
 * NaN for derivatives that are not finite (both magnify). */
float hw_texture_lod(const struct hw_texture *t, const float deriv[2][2]);

/* Whether the texels a sample reads can depend on its lod: more than one
 * level, a smallest level above 0, or min and mag filters that differ.
 * A unit for which this is false samples as at lod 0 (so a draw need not
 * compute a lod for it). */
bool hw_texture_uses_lod(const struct hw_texture *t);

/* ---- unit 0's types: cube, shadow, projection --------------------------------
 *
 * A sample of a texture of any type from its coordinate set (u, v, w):
 * texcoord0's three components for unit 0 (w is the shader's texcoord0w
 * output), and (u, v) for a 2D texture, which ignores w.
 * - 2D: (s, t) = (u, v).
 * - Projection: (s, t) = (u / w, v / w).
 * - Cube (fragment-pipeline.md B.2, GL's table): the major axis is the
 *   component of largest magnitude, strict comparisons in the order u,
 *   v, w (ties go to the later axis): |u| > |v| and |u| > |w| picks X,
 *   else |v| > |w| picks Y, else Z; the sign picks +/-. With m the major
 *   component: +X (s, t) = (-w, -v) / m, -X (-w, v) / m, +Y (u, w) / m,
 *   -Y (-u, w) / m, +Z (u, -v) / m, -Z (u, v) / m; each then x 0.5 + 0.5.
 *   The face's chain is read at face_phys[face] (same size, format and
 *   levels as the others).
 * - Shadow 2D: (s, t) = (u / w, v / w) unless shadow_ortho; reference
 *   depth z = |w|. Shadow cube: cube addressing, z = |m|.
 * - Shadow comparison: zref = floor(min(z, 1) x 0xFFFFFF) - shadow_bias;
 *   a texel's stored depth D = A x 65536 + B x 256 + G and intensity I = R
 *   (its decoded components x 255); the texel gives I when D >= zref,
 *   else 0 (a border texel: the border colour's bytes). Model choice (not
 *   public, E.9): the comparison results are filtered like colours with
 *   the unit's filter (nearest: one texel; linear: the 2x2 footprint,
 *   percentage-closer), at level 0 with the mag filter (the SDK gives
 *   shadow textures one level and linear filters). The sample is (r, r,
 *   r, r), r the filtered result / 255.
 * Model choice for the lod of cube and projection textures (the
 * hardware's is not public, E.8): hw_texture_lod of the derivatives of
 * (s, t) themselves over the quad, cube coordinates all taken on the face
 * of the quad's first pixel centre. */

/* The face a cube sample at (u, v, w) reads, and its (s, t) there. */
enum hw_cube_face hw_texture_cube_face(double u, double v, double w);
void hw_texture_cube_coords(enum hw_cube_face face, double u, double v, double w, double *s,
			    double *t_coord);

/* The level of detail of a quad: c[i] = (u, v, w) at the quad's pixel
 * centres (x0, y0), (x0 + 1, y0), (x0, y0 + 1) (hw_raster_quad_coords),
 * through the type's addressing as above, then hw_texture_lod. */
float hw_texture_quad_lod(const struct hw_texture *t, const double c[3][3]);

/* One sample of a texture of any type at (u, v, w) = uvw, with `lod`:
 * its footprint (as hw_texture_footprint on the face read; shadow
 * textures at level 0 with the mag filter) in addr, the count returned,
 * and its colour in rgba. face_bytes[f] is the host view of face f's
 * chain (a 2D texture: [0] only); NULL reads 0, 0, 0, 0. An invalid
 * texture reads nothing and gives 0, 0, 0, 0. Reads only its inputs. */
unsigned hw_texture_sample_any(const struct hw_texture *t,
			       const uint8_t *const face_bytes[HW_CUBE_FACES], const float uvw[3],
			       float lod, uint32_t addr[HW_TEX_FOOTPRINT_MAX], float rgba[4]);

/* The texel addresses one sample at normalised (s, t_coord) with level of
 * detail `lod` (log2 of texels per pixel, hw_texture_lod) reads, written
 * to addr; returns how many (0..HW_TEX_FOOTPRINT_MAX). Distinct addresses
 * only: texels that share an address (4-bit pairs, an ETC block, a
 * clamped edge) are returned once, first occurrence first.
 *
 * Model choice for the level (GL ES 2.0 3.7.7 with the PICA's registers;
 * no public source gives the unit's rule): l = lod + lod_bias.
 * - l <= 0 (or not a number): magnification, level min_level with
 *   mag_filter (the switch-over point is 0 whatever the filters).
 * - l > 0: minification with min_filter. l is clamped to [min_level,
 *   levels - 1]; mip_filter NEAREST takes the nearest level (d =
 *   ceil(l + 0.5) - 1 for l > 0.5, else 0, then at least min_level),
 *   LINEAR takes floor(l) and the next with weight l - floor(l) (one
 *   level when floor(l) is the last). With one level and min_level 0
 *   this is level 0 with min_filter.
 * - NEAREST reads texel (floor(s W), floor(t H)); LINEAR the 2x2 texels
 *   around (s W - 0.5, t H - 0.5), i.e. i0 = floor(s W - 0.5) and i0 + 1.
 * - Wrap per axis: REPEAT modulo the size; MIRROR mirrored repeat (period
 *   twice the size); CLAMP_EDGE to 0..size-1; CLAMP_BORDER: a texel
 *   outside the level is the border colour, a register, and reads no
 *   memory (a sample wholly outside reads nothing); EDGE_OR_REPEAT and
 *   BORDER_OR_REPEAT: a texel index below 0 is taken modulo the size,
 *   one at or past the size is clamped to size-1 or is the border.
 * - s or t_coord not finite counts as 0. An invalid texture reads nothing. */
unsigned hw_texture_footprint(const struct hw_texture *t, float s, float t_coord, float lod,
			      uint32_t addr[HW_TEX_FOOTPRINT_MAX]);

/* The colour of texel (x, y) of `level` (coordinates as in
 * hw_texture_texel_address: y = 0 is the row read at t = 0, both taken
 * modulo the level's size), as R, G, B, A in 0..1. `texture_bytes` is the
 * host view of the whole chain, hw_texture_size(t) bytes, level 0 at offset
 * 0 (a texel lies at hw_texture_texel_address(...) - t->phys). An invalid
 * texture, a level past t->levels or NULL bytes give 0, 0, 0, 0.
 *
 * Every channel is first widened to 8 bits by repeating its bits from the
 * top (5 -> 8: v << 3 | v >> 2; 4 -> 8: v * 0x11; 1 -> 0 or 255), as the
 * Khronos ETC1 spec widens its base colours, then divided by 255: a decoded
 * value is always k / 255 for an 8-bit k (model choice for the non-ETC
 * formats; the pages do not say how the unit widens).
 *
 * Byte order (3dbrew, GPU/Internal Registers, COLORBUFFER_FORMAT: the
 * components are stored "in reverse order", most significant bits first,
 * as for the framebuffer in hw_fragment.h; 16-bit layouts from public 3DS
 * image-format notes, e.g. RGB5A1 = RRRRRGGGGGBBBBBA from bit 15 down):
 * - RGBA8: the little-endian word R << 24 | G << 16 | B << 8 | A, i.e.
 *   bytes A, B, G, R. RGB8: bytes B, G, R (A = 1).
 * - RGB5A1, RGB565, RGBA4: a little-endian 16-bit word, R in the top bits:
 *   R 15-11 G 10-6 B 5-1 A 0; R 15-11 G 10-5 B 4-0 (A = 1); R 15-12 G 11-8
 *   B 7-4 A 3-0.
 * - IA8: the word I << 8 | A, bytes A, I; gives I, I, I, A. HILO8: the
 *   word HI << 8 | LO, bytes LO, HI; gives HI, LO, 0, 1 (two channels;
 *   the byte order follows the same reverse-order rule: unverified).
 * - I8: I, I, I, 1. A8: 0, 0, 0, A (model choice for R, G, B, as GL's
 *   ALPHA textures). IA4: one byte, I in the high nibble, A in the low
 *   (public image-format notes). I4 and A4: two texels a byte, the first
 *   (even x: Morton bit 0 is x bit 0) in the low nibble, the second in
 *   the high (same notes: "the upper nibble stores the second pixel").
 * - ETC1: each 4x4 block is the Khronos OES_compressed_ETC1_RGB8_texture
 *   64-bit block stored little-endian (block byte 7 is the spec's q0, as
 *   public 3DS texture tools read it), decoded per the spec: individual
 *   and differential mode (diff bit 33), two 2x4 or 4x2 subblocks (flip
 *   bit 32), tables 3.17.2/3.17.3. Pixel (i, j) of a block, i across and
 *   j down in memory rows (the spec's v direction: memory holds the image
 *   top row first, see hw_texture_texel_address), has index bits i * 4 +
 *   j (the spec's pixel letters run down the columns). Model choice where
 *   the spec leaves the result undefined: a differential base that leaves
 *   0..31 is clamped into it.
 * - ETC1A4: 8 bytes of alpha, then the ETC1 block. The alpha is 16
 *   nibbles, pixel i * 4 + j in byte (i * 4 + j) / 2, low nibble first
 *   (public 3DS texture tools; little-endian like the colour half). */
void hw_texture_decode_texel(const struct hw_texture *t, const uint8_t *texture_bytes,
			     unsigned level, unsigned x, unsigned y, float rgba[4]);

/* The filtered colour of one sample, R, G, B, A in 0..1: the same texels
 * hw_texture_footprint reads for (s, t_coord, lod), weighted. NEAREST takes
 * its one texel. LINEAR weighs the 2x2 texels around (s W - 0.5, t H -
 * 0.5) by the fractions f = (s W - 0.5) - i0 (and the same on t): (1 - fs)
 * (1 - ft), fs (1 - ft), (1 - fs) ft, fs ft. A texel outside the level with
 * CLAMP_BORDER is t->border. Mip filter LINEAR mixes its two levels as
 * (1 - f) * level d + f * level d + 1 with f = lod - floor(lod) (one level
 * when d is the last). `bytes` as in hw_texture_decode_texel. An invalid
 * texture or NULL bytes give 0, 0, 0, 0. Model choice: filtering is done
 * in float on the 8-bit texel values, no rounding of weights or results
 * (the unit's fixed-point weights are not public). */
void hw_texture_sample(const struct hw_texture *t, const uint8_t *bytes, float s, float t_coord,
		       float lod, float rgba[4]);

/* ---- a texture unit compiled for a draw -------------------------------------
 *
 * hw_texture_footprint and hw_texture_sample validate the texture, walk the
 * mip chain and decode the format on every call, and each computes the
 * same texel addresses. A draw prepares a sampler once per unit instead
 * (the levels and filter its fixed lod selects, each level's geometry and
 * address), and one call gives both the footprint and the colour,
 * computing each texel's address and colour once. The results are bit for
 * bit those of hw_texture_footprint and hw_texture_sample with the same
 * arguments. */
struct hw_texture_sampler_level {
	uint32_t phys;                  /* the level's first byte */
	long width, height;
	unsigned tiles_per_row;         /* width / 8 */
	unsigned tile_bytes;
	uint32_t tile_row_bytes;        /* a row of tiles */
	const uint8_t *bytes;           /* the level's host bytes; NULL reads 0 */
	double size[2];                 /* width, height */
};

struct hw_texture_sampler {
	struct hw_texture t;
	const uint8_t *bytes;           /* the chain's host bytes; NULL reads 0 */
	bool valid;                     /* hw_texture_valid */
	unsigned bits;                  /* per texel */
	unsigned nlevels;               /* 1 or 2 */
	struct hw_texture_sampler_level level[2];
	unsigned level_index[2];
	enum hw_tex_filter filter;
	double weight1;                 /* of the second level */
	/* How tex_reduce treats s (0) and t (1), for the kernel's two lanes:
	 * period 1 (REPEAT) or 2 (MIRROR), or every bit set for a clamp. */
	double reduce_period[2];
	double reduce_reciprocal[2];    /* 1 / period: multiplying by it divides exactly */
	uint64_t reduce_clamp[2];
	/* The common case, decided once: one level, bilinear, RGBA8, bytes,
	 * no axis that can read the border; a sample goes straight to its kernel. */
	bool rgba8_linear;
	bool repeat;                    /* wrap_s and wrap_t both REPEAT */
	bool odd_wrap;                  /* an axis wraps with code 4 or 5 */
	/* With rgba8_linear: a texel's byte offset from the level's first
	 * byte is column[x] + row[y] (its tile's and its place in the tile),
	 * worked out once for the level's width and height. Last, and not
	 * cleared by hw_texture_sampler_init: only the entries written are
	 * read. */
	uint32_t column[HW_TEX_MAX_SIZE], row[HW_TEX_MAX_SIZE];
};

/* Prepare a sampler for texture `t` (copied), its chain's host bytes and
 * the level of detail every sample of the draw uses. */
void hw_texture_sampler_init(struct hw_texture_sampler *sp, const struct hw_texture *t,
			     const uint8_t *bytes, float lod);

/* One sample: its footprint in addr (the count returned, as
 * hw_texture_footprint) and its colour in rgba (as hw_texture_sample). */
unsigned hw_texture_sampler_sample(const struct hw_texture_sampler *sp, float s, float t_coord,
				   uint32_t addr[HW_TEX_FOOTPRINT_MAX], float rgba[4]);

/* hw_texture_sampler_sample on n coordinate pairs st[k] = { s, t }, one
 * after the other: colour k in rgba[k], the footprints' addresses one
 * after the other in addr (room for n * HW_TEX_FOOTPRINT_MAX), the count
 * of footprint k in count[k]; returns the total. */
unsigned hw_texture_sampler_sample_n(const struct hw_texture_sampler *sp, const float (*st)[2],
				     unsigned n, uint32_t *addr, uint8_t *count,
				     float (*rgba)[4]);

/* floor(v), bit for bit (-0.0, NaN and the infinities included), inline:
 * below 2^52 in magnitude by truncation and a correction, above (where
 * every double is an integer) and for NaN by floor itself. The sampler
 * takes several floors a fragment; the library call was a fifth of its
 * time. */
static inline double hw_texture_floor(double v)
{
	double t;

	if (!(v > -4503599627370496.0 && v < 4503599627370496.0))
		return floor(v);
	t = (double)(int64_t)v;
	if (t == v)
		return v;       /* an integer: itself, -0.0 kept */
	return t > v ? t - 1.0 : t;
}

#endif
