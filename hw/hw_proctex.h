/* hw_proctex.h: the procedural texture unit (texture unit 3), computed
 * from its registers (TEXUNIT3_PROCTEX0..6, 0x0A8-0x0AE) and its lookup
 * tables, as fragment-pipeline.md B.7 describes it (GBATEK's stage
 * overview, the Citra emulator's steps): noise, the U and V clamps and
 * shifts, the mapping functions, a 128-entry map table, the colour table
 * with its offset and width. It reads no memory. Functional only. */
#ifndef NNGX_HW_PROCTEX_H
#define NNGX_HW_PROCTEX_H

#include <stdbool.h>
#include <stdint.h>

#define HW_PROCTEX_MAP_ENTRIES 128      /* noise, RGB map, alpha map */
#define HW_PROCTEX_COLOR_ENTRIES 256

/* The unit's state: the seven registers and the tables as the data port
 * (0x0B0-0x0B7) leaves them.
 * - noise, rgb_map, alpha_map: bits 0-11 the value x 4096, bits 12-23
 *   the difference to the next entry, 12-bit two's complement x 2048.
 * - color: RGBA8, R in bits 0-7 .. A in 24-31.
 * - color_diff: per channel an 8-bit two's complement, the difference of
 *   the normalised colours to the next entry x 128 (R in bits 0-7). */
struct hw_proctex {
	uint32_t reg[7];                /* 0x0A8 + k */
	uint32_t noise[HW_PROCTEX_MAP_ENTRIES];
	uint32_t rgb_map[HW_PROCTEX_MAP_ENTRIES];
	uint32_t alpha_map[HW_PROCTEX_MAP_ENTRIES];
	uint32_t color[HW_PROCTEX_COLOR_ENTRIES];
	uint32_t color_diff[HW_PROCTEX_COLOR_ENTRIES];
};

/* The table numbers of the LUT index register (0x0AF bits 8-11). */
enum hw_proctex_table {
	HW_PROCTEX_TABLE_NOISE = 0, HW_PROCTEX_TABLE_RGB_MAP = 2, HW_PROCTEX_TABLE_ALPHA_MAP = 3,
	HW_PROCTEX_TABLE_COLOR = 4, HW_PROCTEX_TABLE_COLOR_DIFF = 5
};

/* IEEE half precision (1.5.10, bias 15) to float; the infinities and NaN
 * as such. */
float hw_proctex_f16(uint32_t bits);

/* The colour of the procedural texture at texture coordinates (u, v), R,
 * G, B, A in 0..1. Per step (fragment-pipeline.md B.7):
 * 1. u = |u|, v = |v|.
 * 2. Shift offsets from these: U's is o x ((floor(v) / 2) mod 2) for the
 *    odd shift, o x (((floor(v) + 1) / 2) mod 2) for the even one, 0 for
 *    none, o = 1 when U's clamp is mirrored repeat, else 0.5; V's the
 *    same with u and V's settings.
 * 3. Noise (PROCTEX0 bit 15), per axis with frequency f (PROCTEX3,
 *    half), phase p (PROCTEX1/2 bits 16-31, half) and amplitude A
 *    (PROCTEX1/2 bits 0-15, fixed1.3.12): x = 9 f |u + p| (y the same
 *    for v), the gradients of the four corners around (x, y) from the
 *    documented hash, weighted by the noise table at the fractions; u =
 *    |u + n A|.
 * 4. u += U's offset, v += V's.
 * 5. Clamps (PROCTEX0 bits 0-2 U, 3-5 V): 0 to zero (> 1 gives 0), 1 to
 *    edge (min(x, 1)), 2 symmetrical repeat (x - floor(x)), 3 mirrored
 *    repeat, 4 pulse (x <= 0.5 gives 0, else 1); 5-7 as to edge (model
 *    choice).
 * 6. g = the RGB mapping function (bits 6-9) of (u, v): U, U^2, V, V^2,
 *    (U + V) / 2, (U^2 + V^2) / 2, min(sqrt(U^2 + V^2), 1), min, max,
 *    min(((U + V) / 2 + sqrt(U^2 + V^2)) / 2, 1); 10-15 as U (model
 *    choice).
 * 7. F = the RGB map table at g: entry i = min(floor(128 g), 127), its
 *    value plus (128 g - i) x its difference.
 * 8. Colour table index offset + F x (width - 1), offset = PROCTEX5 bits
 *    0-7 (level 0), width = PROCTEX4 bits 11-18; the nearest filters
 *    (PROCTEX4 bits 0-2 = 0, 2, 4) take entry floor(index + 0.5), the
 *    linear ones entry floor(index) plus the fraction x its difference;
 *    entries past 255 read 255; channels clamped to 0..1.
 * 9. Alpha separate (bit 14): alpha = the alpha map table at the alpha
 *    mapping function (bits 10-13) of (u, v), else the colour's.
 * Level 0 of the colour table (hw_proctex_sample_lod at lod 0); the
 * values are computed in double. Reads only its inputs. */
void hw_proctex_sample(const struct hw_proctex *p, float u, float v, float rgba[4]);

/* Whether the min filter (PROCTEX4 bits 0-2) is a mipmap one (2-5), so
 * that a draw computes a level of detail for each fragment. */
bool hw_proctex_uses_lod(const struct hw_proctex *p);

/* The level of detail at a 2x2 quad whose coordinates (u, v) at its
 * pixel centres are c[0] (x0, y0), c[1] (x0 + 1, y0), c[2] (x0, y0 + 1)
 * (hw_raster_quad_coords), by fragment-pipeline.md B.7 step 10 (Citra's
 * GPU path, the one public formula): lod = log2(|width x bias| x (max(|du/dx|,
 * |du/dy|) + max(|dv/dx|, |dv/dy|))), width PROCTEX4 bits 11-18, bias the
 * half float of PROCTEX0 bits 20-27 (low byte) and PROCTEX4 bits 19-26
 * (high byte); 0 when the bias is 0; clamped to [min LOD, max LOD]
 * (PROCTEX4 bits 3-6 and 7-10, the max taken at most 7); NaN
 * derivatives give the min LOD. Reads only its inputs. */
float hw_proctex_lod(const struct hw_proctex *p, const double c[3][3]);

/* hw_proctex_sample at level of detail `lod` (clamped to [0, 7]; not a
 * number reads 0): the mip-nearest filters (2, 3) read level floor(lod +
 * 0.5), the mip-linear ones (4, 5) levels floor(lod) and floor(lod) + 1
 * weighed by the fraction; the plain filters (0, 1) level 0. Level k is
 * (width >> k) entries of the colour table from offset byte k (0x0AD
 * bytes 0-3, 0x0AE bytes 0-3 for levels 4-7), read with the filter's
 * nearest or linear rule (step 8). Alpha separate is not mipmapped.
 * Reads only its inputs. */
void hw_proctex_sample_lod(const struct hw_proctex *p, float u, float v, float lod,
			   float rgba[4]);

#endif
