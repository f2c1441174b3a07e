/* hw_fog.h: the fog unit (and what is known of gas shading, which shares
 * it). Fog: a 128-entry table indexed by the fragment's depth blends the
 * combiner's RGB with the fog colour (fragment-pipeline.md B.5; GBATEK,
 * 3dbrew, citro3d's packing, the Citra emulator's order of stages).
 * Functional here; its clocks are counted by the draw.
 *
 * Stage: after the alpha test, before the depth test. Fog changes RGB
 * only, so the model applies it to the combiner's colour before the
 * per-fragment operations: the alpha test sees the same alpha, and a
 * fragment it rejects writes nothing either way.
 *
 * Model choices (doc/model.md, libnngx(7)): values are the 11-bit field
 * over 2048 and differences the 13-bit field over 2048 (the SDK's and
 * citro3d's encoding; Citra divides by 2047); the blend truncates to 8
 * bits; the depth is the window depth the depth test uses, clamped to
 * [0, 1].
 *
 * hw_fog_apply reads only its arguments and writes only its output. */
#ifndef NNGX_HW_FOG_H
#define NNGX_HW_FOG_H

#include <stdbool.h>
#include <stdint.h>

#include "hw_regs.h"

/* The fog table behind FOG_LUT_INDEX / FOG_LUT_DATA0-7, and the gas
 * shading table behind GAS_LUT_INDEX / GAS_LUT_DATA: data words as
 * written. Power-on: all 0. */
struct hw_fog_luts {
	uint32_t fog[HW_REG_FOGLUT_ENTRIES];
	uint32_t gas[HW_REG_GASLUT_ENTRIES];
	/* Where the next data writes go: FOG_LUT_INDEX / GAS_LUT_INDEX as
	 * last written, stepped by each write (the registers keep the value
	 * written). */
	uint32_t fog_index, gas_index;
};

/* Store a FOG_LUT_DATA write at fog_index (bits 0-6) and step it
 * (wrapping at 128: model choice). */
void hw_fog_lut_write(struct hw_fog_luts *luts, uint32_t word);
/* Store a GAS_LUT_DATA write at gas_index (bits 0-3) and step it
 * (wrapping at 16). */
void hw_fog_gas_lut_write(struct hw_fog_luts *luts, uint32_t word);

struct hw_fog_config {
	const struct hw_fog_luts *luts;         /* read, never written */
	bool z_flip;
	uint8_t color[3];                       /* FOG_COLOR R, G, B */
};

/* Decode TEXENV_UPDATE_BUFFER bit 16 and FOG_COLOR (the caller has seen
 * fog mode HW_REG_FOGMODE_FOG). */
void hw_fog_decode(const uint32_t regs[HW_REG_COUNT], const struct hw_fog_luts *luts,
		   struct hw_fog_config *c);

/* The fog factor F in 0..1 at window depth `depth` (B.5 steps 1-4). */
float hw_fog_factor(const struct hw_fog_config *c, float depth);

/* rgba's RGB = F x rgb + (1 - F) x fog colour, truncated; alpha kept. */
void hw_fog_apply(const struct hw_fog_config *c, float depth, uint8_t rgba[4]);

#endif
