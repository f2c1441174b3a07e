/* nn/gx/CTR/gx_MacroFragment.h: parameter words for fragment lighting
 * (the switch at 0x08F, the eight light blocks 0x140-0x1BF and the
 * global lighting state 0x1C0-0x1D9) and the codes that go into them.
 *
 * Part of libnngx (MIT licence), written for libnngx. Names, parameter
 * lists and field positions are the SDK's (source compatibility); the
 * layouts are cross-checked with 3dbrew (GPU/Internal Registers,
 * "Fragment lighting registers", GPUREG_LIGHTi_* and GPUREG_LIGHTING_*)
 * and with what libnngx's GPU model decodes (hw/hw_regs.h). A
 * PICA_CMD_DATA_* macro is one parameter word; a PICA_CMD_SET_* macro is
 * whole commands (parameter, header, ...) to paste into a u32 array.
 *
 * Most switches of the lighting registers are written inverted (a set
 * bit turns something off); the macros take "on" flags and invert them. */
#ifndef NNGX_NN_GX_CTR_GX_MACROFRAGMENT_H
#define NNGX_NN_GX_CTR_GX_MACROFRAGMENT_H

#include <nn/gx/CTR/gx_MacroCommon.h>

/* ---- codes ---------------------------------------------------------------- */

/* Lighting look-up tables, as the table field (bits 8-12) of the LUT
 * index register 0x1C5 numbers them: the global tables, then one
 * spotlight table (8 + light) and one distance-attenuation table
 * (16 + light) per light. */
enum PicaDataFragLightSampler {
	PICA_DATA_SAMPLER_D0 = 0x0,
	PICA_DATA_SAMPLER_D1 = 0x1,
	PICA_DATA_SAMPLER_FR = 0x3,
	PICA_DATA_SAMPLER_RB = 0x4,
	PICA_DATA_SAMPLER_RG = 0x5,
	PICA_DATA_SAMPLER_RR = 0x6,
	PICA_DATA_SAMPLER_SP = 0x8,
	PICA_DATA_FRAG_LIGHT0_SAMPLER_SP = 0x8,
	PICA_DATA_FRAG_LIGHT1_SAMPLER_SP = 0x9,
	PICA_DATA_FRAG_LIGHT2_SAMPLER_SP = 0xA,
	PICA_DATA_FRAG_LIGHT3_SAMPLER_SP = 0xB,
	PICA_DATA_FRAG_LIGHT4_SAMPLER_SP = 0xC,
	PICA_DATA_FRAG_LIGHT5_SAMPLER_SP = 0xD,
	PICA_DATA_FRAG_LIGHT6_SAMPLER_SP = 0xE,
	PICA_DATA_FRAG_LIGHT7_SAMPLER_SP = 0xF,
	PICA_DATA_SAMPLER_DA = 0x10,
	PICA_DATA_FRAG_LIGHT0_SAMPLER_DA = 0x10,
	PICA_DATA_FRAG_LIGHT1_SAMPLER_DA = 0x11,
	PICA_DATA_FRAG_LIGHT2_SAMPLER_DA = 0x12,
	PICA_DATA_FRAG_LIGHT3_SAMPLER_DA = 0x13,
	PICA_DATA_FRAG_LIGHT4_SAMPLER_DA = 0x14,
	PICA_DATA_FRAG_LIGHT5_SAMPLER_DA = 0x15,
	PICA_DATA_FRAG_LIGHT6_SAMPLER_DA = 0x16,
	PICA_DATA_FRAG_LIGHT7_SAMPLER_DA = 0x17
};

/* The value a lighting table is looked up with (3 bits per table in
 * 0x1D1): N.H, V.H, N.V, L.N, the spotlight angle, cos phi. */
enum PicaDataFragLightEnvLutInput {
	PICA_DATA_FRAG_LIGHT_ENV_NH_DMP = 0x0,
	PICA_DATA_FRAG_LIGHT_ENV_VH_DMP = 0x1,
	PICA_DATA_FRAG_LIGHT_ENV_NV_DMP = 0x2,
	PICA_DATA_FRAG_LIGHT_ENV_LN_DMP = 0x3,
	PICA_DATA_FRAG_LIGHT_ENV_SP_DMP = 0x4,
	PICA_DATA_FRAG_LIGHT_ENV_CP_DMP = 0x5
};

/* The factor a table's output is scaled by (3 bits per table in 0x1D2). */
enum PicaDataFragLightEnvLutScale {
	PICA_DATA_FRAG_LIGHT_ENV_LUTSCALE_1_0 = 0x0,
	PICA_DATA_FRAG_LIGHT_ENV_LUTSCALE_2_0 = 0x1,
	PICA_DATA_FRAG_LIGHT_ENV_LUTSCALE_4_0 = 0x2,
	PICA_DATA_FRAG_LIGHT_ENV_LUTSCALE_8_0 = 0x3,
	PICA_DATA_FRAG_LIGHT_ENV_LUTSCALE_0_25 = 0x6,
	PICA_DATA_FRAG_LIGHT_ENV_LUTSCALE_0_5 = 0x7
};

/* The texture unit a bump or shadow map comes from (bits 22-23 and
 * 24-25 of 0x1C3). */
enum PicaDataFragLightEnvTexture {
	PICA_DATA_FRAG_LIGHT_ENV_TEXTURE0 = 0x0,
	PICA_DATA_FRAG_LIGHT_ENV_TEXTURE1 = 0x1,
	PICA_DATA_FRAG_LIGHT_ENV_TEXTURE2 = 0x2,
	PICA_DATA_FRAG_LIGHT_ENV_TEXTURE3 = 0x3
};

/* Which tables the lighting may use (bits 4-7 of 0x1C3); the eighth
 * configuration is code 8. */
enum PicaDataFragLightEnvLayerConfig {
	PICA_DATA_FRAG_LIGHT_ENV_LAYER_CONFIG0 = 0x0,
	PICA_DATA_FRAG_LIGHT_ENV_LAYER_CONFIG1 = 0x1,
	PICA_DATA_FRAG_LIGHT_ENV_LAYER_CONFIG2 = 0x2,
	PICA_DATA_FRAG_LIGHT_ENV_LAYER_CONFIG3 = 0x3,
	PICA_DATA_FRAG_LIGHT_ENV_LAYER_CONFIG4 = 0x4,
	PICA_DATA_FRAG_LIGHT_ENV_LAYER_CONFIG5 = 0x5,
	PICA_DATA_FRAG_LIGHT_ENV_LAYER_CONFIG6 = 0x6,
	PICA_DATA_FRAG_LIGHT_ENV_LAYER_CONFIG7 = 0x8
};

/* Which alpha output the Fresnel table feeds (bits 2-3 of 0x1C3). */
enum PicaDataFragLightEnvFresnel {
	PICA_DATA_FRAG_LIGHT_ENV_NO_FRESNEL = 0x0,
	PICA_DATA_FRAG_LIGHT_ENV_PRI_ALPHA_FRESNEL = 0x1,
	PICA_DATA_FRAG_LIGHT_ENV_SEC_ALPHA_FRESNEL = 0x2,
	PICA_DATA_FRAG_LIGHT_ENV_PRI_SEC_ALPHA_FRESNEL = 0x3
};

/* What the bump texture holds (bits 28-29 of 0x1C3). */
enum PicaDataFragLightEnvBump {
	PICA_DATA_FRAG_LIGHT_ENV_BUMP_NOT_USED_DMP = 0x0,
	PICA_DATA_FRAG_LIGHT_ENV_BUMP_AS_BUMP_DMP = 0x1,
	PICA_DATA_FRAG_LIGHT_ENV_BUMP_AS_TANG_DMP = 0x2
};

/* ---- the lighting switch and the active lights ---------------------------- */

/* 0x08F bit 0 switches lighting on; 0x1C6 bit 0 is written as its
 * inverse. The SET form writes both. */
#define PICA_CMD_DATA_FRAG_LIGHT_EN(flag)     ((flag) ? 1u : 0u)
#define PICA_CMD_DATA_FRAG_LIGHT_EN_INV(flag) ((flag) ? 0u : 1u)
#define PICA_CMD_SET_FRAG_LIGHT_ENABLE(flag)                                                  \
	PICA_CMD_DATA_FRAG_LIGHT_EN(flag), PICA_CMD_HEADER_SINGLE(PICA_REG_FRAG_LIGHT_EN0),   \
	PICA_CMD_DATA_FRAG_LIGHT_EN_INV(flag), PICA_CMD_HEADER_SINGLE(PICA_REG_FRAG_LIGHT_EN1)

/* 0x1C2: the number of active lights less one (0 and below count as 1). */
#define PICA_CMD_DATA_FRAG_LIGHT_NUM(num) (((num) > 0) ? NNGX_PICA_U(num) - 1u : 0u)
#define PICA_CMD_SET_FRAG_LIGHT_NUM(num) \
	PICA_CMD_DATA_FRAG_LIGHT_NUM(num), PICA_CMD_HEADER_SINGLE(PICA_REG_FRAG_LIGHT_SRC_NUM)

/* 0x1D9: the light (0-7) that is the n-th active one, 4 bits apart. */
#define PICA_CMD_DATA_FRAG_LIGHT_EN_ID(Id1, Id2, Id3, Id4, Id5, Id6, Id7, Id8) \
	NNGX_PICA_NIBBLES8(Id1, Id2, Id3, Id4, Id5, Id6, Id7, Id8)

/* ---- colours and light sources -------------------------------------------- */

/* Colours of 10-bit fields, blue in the low bits: 0x1C0 (the global
 * ambient) and the four colours of each light block (0x140-0x143 for
 * light 0, every 0x10 on). `color` is anything with members r, g and b. */
#define NNGX_PICA_COLOR10_(color) \
	(NNGX_PICA_U((color).b) | NNGX_PICA_AT((color).g, 10) | NNGX_PICA_AT((color).r, 20))
#define PICA_CMD_DATA_FRAG_LIGHT_AMBIENT(color) NNGX_PICA_COLOR10_(color)
#define PICA_CMD_DATA_FRAG_LIGHT_SRC(color)     NNGX_PICA_COLOR10_(color)

/* Position (block offsets 4 and 5) and spotlight direction (6 and 7):
 * two 16-bit values per word, x low; z alone. The values are the
 * registers' own encodings (16-bit floats, 13-bit fixed point). */
#define PICA_CMD_DATA_FRAG_LIGHT_POSITION_XY(x, y) (NNGX_PICA_U(x) | NNGX_PICA_AT(y, 16))
#define PICA_CMD_DATA_FRAG_LIGHT_SPOT_XY(x, y)     (NNGX_PICA_U(x) | NNGX_PICA_AT(y, 16))
#define PICA_CMD_DATA_FRAG_LIGHT_POSITION_Z(z)     NNGX_PICA_U(z)
#define PICA_CMD_DATA_FRAG_LIGHT_SPOT_Z(z)         NNGX_PICA_U(z)

/* Distance attenuation bias and scale (block offsets 0xA and 0xB), as
 * encoded 20-bit floats. */
#define PICA_CMD_DATA_FRAG_LIGHT_DIST_ATTN_BIAS(bias)   NNGX_PICA_U(bias)
#define PICA_CMD_DATA_FRAG_LIGHT_DIST_ATTN_SCALE(scale) NNGX_PICA_U(scale)

/* Light type (block offset 9): bit 0 directional (w == 0), bit 1 diffuse
 * on both sides, bits 2-3 the two geometric factors. As the SDK's macro
 * does, a directional light gets bit 0 alone: the SDK's conditional on w
 * takes the whole rest of its expression as its "else" operand, so the
 * other three flags only reach the word of a positional light. Code
 * built against the SDK gets that word from the SDK; libnngx gives the
 * same one. */
#define PICA_CMD_DATA_FRAG_LIGHT_TYPE(w, twoSideDiffuse, geomFactor0, geomFactor1)      \
	(((w) == 0) ? 1u                                                                  \
		    : (NNGX_PICA_BIT(twoSideDiffuse, 1) | NNGX_PICA_BIT(geomFactor0, 2) | \
		       NNGX_PICA_BIT(geomFactor1, 3)))

/* ---- lighting switches (0x1C4), all inverted ------------------------------------ */

/* A set bit turns off: the shadow of light i (bit i), its spotlight
 * (8 + i), its distance attenuation (24 + i); the tables D0 (16), D1
 * (17), FR (19) and the three reflection tables together (20-22). Bit 18
 * is always written as 1. `i` is the light the per-light flags are for. */
#define NNGX_PICA_OFF_AT_(flag, shift) (((flag) ? 0u : 1u) << (shift))
#define PICA_CMD_DATA_FRAG_LIGHT_FUNC_MODE1_LIGHT_SOURCE(i, shadowed, spotEnabled,        \
							 distanceAttenuationEnabled)      \
	(NNGX_PICA_OFF_AT_(shadowed, (i)) | NNGX_PICA_OFF_AT_(spotEnabled, 8 + (i)) | (1u << 18) | \
	 NNGX_PICA_OFF_AT_(distanceAttenuationEnabled, 24 + (i)))
#define PICA_CMD_DATA_FRAG_LIGHT_FUNC_MODE1_LUT(lutEnabledD0, lutEnabledD1, fresnelSelector, \
						lutEnabledRefl)                             \
	(NNGX_PICA_OFF_AT_(lutEnabledD0, 16) | NNGX_PICA_OFF_AT_(lutEnabledD1, 17) | (1u << 18) | \
	 NNGX_PICA_OFF_AT_(fresnelSelector, 19) | (((lutEnabledRefl) ? 0u : 7u) << 20))
#define PICA_CMD_DATA_FRAG_LIGHT_FUNC_MODE1(shadowed, spotEnabled, lutEnabledD0, lutEnabledD1,   \
					    fresnelSelector, lutEnabledRefl,                     \
					    distanceAttenuationEnabled, i)                       \
	(PICA_CMD_DATA_FRAG_LIGHT_FUNC_MODE1_LIGHT_SOURCE(i, shadowed, spotEnabled,              \
							  distanceAttenuationEnabled) |          \
	 PICA_CMD_DATA_FRAG_LIGHT_FUNC_MODE1_LUT(lutEnabledD0, lutEnabledD1, fresnelSelector,    \
						 lutEnabledRefl))

/* ---- lighting tables ------------------------------------------------------ */

/* 0x1C5: the first entry to write (bits 0-7) and the table
 * (PicaDataFragLightSampler, bits 8-12). 0x1C8-0x1CF (one port): two
 * 12-bit fields per word, data1 low (an entry and its difference to the
 * next). */
#define PICA_CMD_DATA_FRAG_LIGHT_LUT(index, type) (NNGX_PICA_U(index) | NNGX_PICA_AT(type, 8))
#define PICA_CMD_DATA_FRAG_LIGHT_LUT_DATA(data1, data2) \
	(NNGX_PICA_U(data1) | NNGX_PICA_AT(data2, 12))

/* The seven global tables' fields, 4 bits each from bit 0 in the order
 * D0, D1, SP, FR, RB, RG, RR. 0x1D0: bit 1 of a field set = the input is
 * taken as it is, not as its absolute value (the macro takes "absolute"
 * flags). 0x1D1: the input (PicaDataFragLightEnvLutInput). 0x1D2: the
 * output scale (PicaDataFragLightEnvLutScale). */
#define PICA_CMD_DATA_FRAG_LIGHT_ABSLUTINPUT(D0, D1, SP, FR, RB, RG, RR)                      \
	(NNGX_PICA_OFF_AT_(D0, 1) | NNGX_PICA_OFF_AT_(D1, 5) | NNGX_PICA_OFF_AT_(SP, 9) |    \
	 NNGX_PICA_OFF_AT_(FR, 13) | NNGX_PICA_OFF_AT_(RB, 17) | NNGX_PICA_OFF_AT_(RG, 21) | \
	 NNGX_PICA_OFF_AT_(RR, 25))
#define PICA_CMD_DATA_FRAG_LIGHT_ENV_LUTINPUT(D0, D1, SP, FR, RB, RG, RR) \
	NNGX_PICA_NIBBLES8(D0, D1, SP, FR, RB, RG, RR, 0)
#define PICA_CMD_DATA_FRAG_LIGHT_ENV_LUTSCALE(D0, D1, SP, FR, RB, RG, RR) \
	NNGX_PICA_NIBBLES8(D0, D1, SP, FR, RB, RG, RR, 0)

/* ---- lighting configuration (0x1C3) --------------------------------------------- */

/* Bit 0: the shadow factor is used, when any of the three shadow flags
 * is set. */
#define PICA_CMD_DATA_FRAG_LIGHT_ENV_SHADOW_ATTN(shadowPrimary, shadowSecondary, shadowAlpha) \
	(((shadowPrimary) || (shadowSecondary) || (shadowAlpha)) ? 1u : 0u)

/* Bit 30 (as a 0/1 value): set when a bump map is used and its vectors
 * are not renormalised. */
#define PICA_CMD_DATA_FRAG_LIGHT_ENV_BUMP(bumpMode, bumpRenorm) \
	(((bumpRenorm) || (bumpMode) == PICA_DATA_FRAG_LIGHT_ENV_BUMP_NOT_USED_DMP) ? 0u : 1u)

/* The whole word: shadow factor bit 0, Fresnel selector bits 2-3, table
 * configuration 4-7, 4 in bits 8-11, the shadow flags primary, secondary,
 * invert and alpha in bits 16-19, bump texture 22-23, shadow texture
 * 24-25, clamp highlights 27, bump mode 28-29, bit 30 as above, bit 31
 * always set. */
#define PICA_CMD_DATA_FRAG_LIGHT_FUNC_MODE0(fresnelSelector, config, shadowPrimary,               \
					    shadowSecondary, invertShadow, shadowAlpha,           \
					    bumpSelector, shadowSelector, clampHighlights,        \
					    bumpMode, bumpRenorm)                                 \
	(PICA_CMD_DATA_FRAG_LIGHT_ENV_SHADOW_ATTN(shadowPrimary, shadowSecondary, shadowAlpha) | \
	 NNGX_PICA_AT(fresnelSelector, 2) | NNGX_PICA_AT(config, 4) | (4u << 8) |                 \
	 NNGX_PICA_BIT(shadowPrimary, 16) | NNGX_PICA_BIT(shadowSecondary, 17) |                  \
	 NNGX_PICA_BIT(invertShadow, 18) | NNGX_PICA_BIT(shadowAlpha, 19) |                       \
	 NNGX_PICA_AT(bumpSelector, 22) | NNGX_PICA_AT(shadowSelector, 24) |                      \
	 NNGX_PICA_BIT(clampHighlights, 27) | NNGX_PICA_AT(bumpMode, 28) |                        \
	 (PICA_CMD_DATA_FRAG_LIGHT_ENV_BUMP(bumpMode, bumpRenorm) << 30) | 0x80000000u)

#endif
