/* hw_lighting.h: the fragment lighting unit. From the interpolated normal
 * quaternion and view vector of a fragment, the light registers
 * (0x140-0x1D9) and the lookup tables loaded through the LUT port
 * (0x1C5, 0x1C8-0x1CF), it computes the fragment's primary (diffuse) and
 * secondary (specular) colours, which the combiner reads as sources 1
 * and 2 (hw_combiner.h). Functional here; its clocks are counted by the
 * draw (hw_lighting_passes).
 *
 * The algorithm is fragment-pipeline.md B.3, step by step (sources
 * there: GBATEK, 3dbrew, the SDK's register packing, and the Citra
 * emulator's behaviour as described in the sheet). Model choices where
 * the sheet leaves a question open (E.3-E.7), each in doc/model.md
 * ("Model choices") and libnngx(7):
 * - a LUT switched off in CONFIG1, or absent from the layer
 *   configuration, reads 1.0 (Citra, GBATEK; nn::gr's comment says 0 for
 *   a switched-off one);
 * - LUT values are the 12-bit field over 4096 and differences the 11-bit
 *   magnitude over 2048 (the SDK's encoding; Citra divides by 4095/2047);
 * - an input with abs on is |x| for a two-sided light, max(x, 0) else;
 * - the Fresnel table is applied for the last active light only;
 * - the spot vector is fixed1.1.11 over 2048;
 * - the result is clamped to 0..1 and rounded to 8 bits a channel
 *   (what the combiner then reads; Citra truncates);
 * - a quaternion of length 0 gives the normal (0, 0, 1) unrotated; a
 *   view or light vector of length 0 gives 0 in the dot products.
 *
 * hw_lighting_fragment reads only its arguments and writes only its
 * outputs: fragments can be lit in any order, on any thread. */
#ifndef NNGX_HW_LIGHTING_H
#define NNGX_HW_LIGHTING_H

#include <stdbool.h>
#include <stdint.h>

#include "hw_regs.h"

#define HW_LIGHTING_LIGHTS HW_REG_LIGHT_COUNT   /* eight light blocks */
#define HW_LIGHTING_TEXTURES 4                  /* units 0-2 and procedural 3 */

/* The LUT memory behind the port: 24 tables (LUT_INDEX bits 8-12) of 256
 * data words as written (bits 0-23). Ids 2, 7 (not listed) are stored and
 * read by nothing. Power-on: all 0. */
struct hw_lighting_luts {
	uint32_t word[HW_REG_LIGHTLUT_TABLES][HW_REG_LIGHTLUT_ENTRIES];
	/* Where the next data write goes: LUT_INDEX as last written (entry
	 * bits 0-7, table bits 8-12), stepped by each write. The register
	 * itself keeps the value written. */
	uint32_t index;
};

/* Store one data-port write at luts->index and step the entry. Past
 * entry 255 the index runs into the next table id (model choice: the
 * index counts on as one 13-bit number); a table id above 23 drops the
 * word. */
void hw_lighting_lut_write(struct hw_lighting_luts *luts, uint32_t word);

/* One light, decoded (colours 0..1 from the 8-bit fields). */
struct hw_lighting_light {
	unsigned id;                            /* 0-7, selects SP/DA tables */
	float specular0[3], specular1[3], diffuse[3], ambient[3];
	float position[3];                      /* float16, eye space */
	float spot[3];                          /* the negated spot direction */
	float da_scale, da_bias;                /* float20 */
	bool directional, two_sided, geo0, geo1;
	bool shadowed, spot_on, da_on;          /* CONFIG1's bits, inverted */
};

/* A draw's lighting, decoded once (hw_lighting_decode). */
struct hw_lighting_config {
	const struct hw_lighting_luts *luts;    /* read, never written */
	unsigned count;                         /* active lights, 1-8 */
	struct hw_lighting_light light[HW_LIGHTING_LIGHTS];     /* in slot order */
	float ambient[3];                       /* LIGHTING_AMBIENT (0x1C0) */
	unsigned layer;                         /* GL configuration 0-7 */
	/* LUTs that give a value: offered by the layer and not switched off,
	 * a mask of 1u << HW_REG_LUT_x (SP and DA further per light). */
	unsigned luts_on;
	unsigned input[7];                      /* HW_REG_LUTIN_* per HW_REG_LUT_D0..RR */
	bool absolute[7];
	float scale[7];
	unsigned fresnel;                       /* HW_REG_FRESNEL_* */
	bool shadow_factor, shadow_primary, shadow_secondary, shadow_invert, shadow_alpha;
	unsigned shadow_unit;                   /* 0-3 */
	unsigned bump_mode, bump_unit;          /* HW_REG_BUMP_*, 0-3 */
	bool bump_renorm;                       /* recompute the bump normal's z */
	bool clamp_highlights;
};

/* Decode the lighting registers of regs[] (the caller has checked that
 * lighting is on: hw_reg_lighting_on). `luts` is kept, not copied. */
void hw_lighting_decode(const uint32_t regs[HW_REG_COUNT], const struct hw_lighting_luts *luts,
			struct hw_lighting_config *c);

/* Texture units (bit u = unit u) the lighting reads: the bump unit with a
 * bump mode, the shadow unit with the shadow factor. */
unsigned hw_lighting_texture_units(const struct hw_lighting_config *c);

/* Relative cost of one light under a layer configuration 0-7: 1 for 0-3,
 * 3 for 4-6, 4 for 7 (NintendoWare CreativeStudio's documented load
 * ratios, fragment-pipeline.md D). */
unsigned hw_lighting_layer_ratio(unsigned layer);

/* Lighting clocks of one fragment in units of the per-light cost
 * (hw_draw_costs.lighting_per_light): each active light costs 1 in layer
 * configurations 0-3, ratio_4_6 in 4-6 and ratio_7 in 7 (the defaults
 * are hw_lighting_layer_ratio's; the configuration's
 * model.fragment.lighting_ratio_config* keys change them). Model choice:
 * a table switched off inside the configuration saves nothing (the only
 * published figure is per configuration; timing a fill-bound lit draw
 * with D0 on and off on hardware would settle it). */
unsigned hw_lighting_passes(const struct hw_lighting_config *c, unsigned ratio_4_6,
			    unsigned ratio_7);

/* Light one fragment. quat: the interpolated normal quaternion (x, y, z,
 * w); view: the interpolated view vector (surface to eye); texture: the
 * four units' samples (0..1 RGBA; only the bump and shadow units are
 * read). primary/secondary: RGBA in 0..1, multiples of 1/255. */
void hw_lighting_fragment(const struct hw_lighting_config *c, const float quat[4],
			  const float view[3], const float (*texture)[4], float primary[4],
			  float secondary[4]);

#endif
