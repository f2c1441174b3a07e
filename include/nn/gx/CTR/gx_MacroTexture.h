/* nn/gx/CTR/gx_MacroTexture.h: parameter words for the texture units
 * (0x080-0x0B7) and the texture combiner (0x0C0-0x0FD), and the codes
 * that go into them.
 *
 * Part of libnngx (MIT licence), written for libnngx. Names, parameter
 * lists and field positions are the SDK's (source compatibility); the
 * layouts are cross-checked with 3dbrew (GPU/Internal Registers,
 * GPUREG_TEXUNIT*, GPUREG_TEXENV*) and with what libnngx's GPU model
 * decodes (hw/hw_regs.h). A PICA_CMD_DATA_* macro is one parameter word;
 * a PICA_CMD_SET_* macro is whole commands (parameter, header, ...) to
 * paste into a u32 array. */
#ifndef NNGX_NN_GX_CTR_GX_MACROTEXTURE_H
#define NNGX_NN_GX_CTR_GX_MACROTEXTURE_H

#include <nn/gx/CTR/gx_MacroCommon.h>

/* ---- codes ---------------------------------------------------------------- */

/* Cube-map faces, in the order of unit 0's six address registers
 * (ADDR1-ADDR6, 0x085-0x08A); a 2D texture uses the first. */
enum PicaDataTexture {
	PICA_DATA_TEXTURE_2D = 0,
	PICA_DATA_TEXTURE_CUBE_MAP_POSITIVE_X = 0,
	PICA_DATA_TEXTURE_CUBE_MAP_NEGATIVE_X = 1,
	PICA_DATA_TEXTURE_CUBE_MAP_POSITIVE_Y = 2,
	PICA_DATA_TEXTURE_CUBE_MAP_NEGATIVE_Y = 3,
	PICA_DATA_TEXTURE_CUBE_MAP_POSITIVE_Z = 4,
	PICA_DATA_TEXTURE_CUBE_MAP_NEGATIVE_Z = 5
};

/* What each unit samples. Unit 0's code also goes into bits 28-30 of its
 * wrap/filter word; its FALSE code (5) switches the unit off. Units 1-3
 * are on or off. */
enum PicaDataTexture0SamplerType {
	PICA_DATA_TEXTURE0_SAMPLER_TYPE_TEXTURE_2D = 0,
	PICA_DATA_TEXTURE0_SAMPLER_TYPE_TEXTURE_CUBE_MAP = 1,
	PICA_DATA_TEXTURE0_SAMPLER_TYPE_TEXTURE_SHADOW_2D_DMP = 2,
	PICA_DATA_TEXTURE0_SAMPLER_TYPE_TEXTURE_PROJECTION_DMP = 3,
	PICA_DATA_TEXTURE0_SAMPLER_TYPE_TEXTURE_SHADOW_CUBE_DMP = 4,
	PICA_DATA_TEXTURE0_SAMPLER_TYPE_TEXTURE_FALSE = 5,
	PICA_DATA_TEXTURE0_SAMPLER_TYPE_FALSE = 5
};

enum PicaDataTexture1SamplerType {
	PICA_DATA_TEXTURE1_SAMPLER_TYPE_FALSE = 0,
	PICA_DATA_TEXTURE1_SAMPLER_TYPE_TEXTURE_2D = 1
};

enum PicaDataTexture2SamplerType {
	PICA_DATA_TEXTURE2_SAMPLER_TYPE_FALSE = 0,
	PICA_DATA_TEXTURE2_SAMPLER_TYPE_TEXTURE_2D = 1
};

enum PicaDataTexture3SamplerType {
	PICA_DATA_TEXTURE3_SAMPLER_TYPE_FALSE = 0,
	PICA_DATA_TEXTURE3_SAMPLER_TYPE_TEXTURE_PROCEDURAL_DMP = 1
};

/* The texture coordinate unit 2 reads (bit 13 of 0x080: set = texcoord 1)
 * and the one the procedural unit 3 reads (bits 8-9). */
enum PicaDataTexture2TexCoord {
	PICA_DATA_TEXTURE2_TEXCOORD_TEXTURE2 = 0,
	PICA_DATA_TEXTURE2_TEXCOORD_TEXTURE1 = 1
};

enum PicaDataTexture3TexCoord {
	PICA_DATA_TEXTURE3_TEXCOORD_TEXTURE0 = 0,
	PICA_DATA_TEXTURE3_TEXCOORD_TEXTURE1 = 1,
	PICA_DATA_TEXTURE3_TEXCOORD_TEXTURE2 = 2
};

/* Texel formats (bits 0-3 of a unit's format register). Shadow and gas
 * textures use code 0. */
enum PicaDataTextureFormat {
	PICA_DATA_TEXTURE_FORMAT_RGBA_UNSIGNED_BYTE = 0x0,
	PICA_DATA_TEXTURE_FORMAT_SHADOW_UNSIGNED_INT = 0x0,
	PICA_DATA_TEXTURE_FORMAT_GAS_DMP_UNSIGNED_SHORT = 0x0,
	PICA_DATA_TEXTURE_FORMAT_RGB_UNSIGNED_BYTE = 0x1,
	PICA_DATA_TEXTURE_FORMAT_RGBA_UNSIGNED_SHORT_5_5_5_1 = 0x2,
	PICA_DATA_TEXTURE_FORMAT_RGB_UNSIGNED_SHORT_5_6_5 = 0x3,
	PICA_DATA_TEXTURE_FORMAT_RGBA_UNSIGNED_SHORT_4_4_4_4 = 0x4,
	PICA_DATA_TEXTURE_FORMAT_LUMINANCE_ALPHA_UNSIGNED_BYTE = 0x5,
	PICA_DATA_TEXTURE_FORMAT_HILO8_DMP_UNSIGNED_BYTE = 0x6,
	PICA_DATA_TEXTURE_FORMAT_LUMINANCE_UNSIGNED_BYTE = 0x7,
	PICA_DATA_TEXTURE_FORMAT_ALPHA_UNSIGNED_BYTE = 0x8,
	PICA_DATA_TEXTURE_FORMAT_LUMINANCE_ALPHA_UNSIGNED_BYTE_4_4_DMP = 0x9,
	PICA_DATA_TEXTURE_FORMAT_LUMINANCE_UNSIGNED_4BITS_DMP = 0xA,
	PICA_DATA_TEXTURE_FORMAT_ALPHA_UNSIGNED_4BITS_DMP = 0xB,
	PICA_DATA_TEXTURE_FORMAT_ETC1_RGB8_NATIVE_DMP = 0xC,
	PICA_DATA_TEXTURE_FORMAT_ETC1_ALPHA_RGB8_A4_NATIVE_DMP = 0xD
};

/* Filters as GL names them; the wrap/filter word splits a minification
 * filter into two bits (PICA_CMD_DATA_TEXTURE_MIN_FILTER0/1). */
enum PicaDataTextureMagFilter {
	PICA_DATA_TEXTURE_MAG_FILTER_NEAREST = 0,
	PICA_DATA_TEXTURE_MAG_FILTER_LINEAR = 1
};

enum PicaDataTextureMinFilter {
	PICA_DATA_TEXTURE_MIN_FILTER_NEAREST = 0,
	PICA_DATA_TEXTURE_MIN_FILTER_NEAREST_MIPMAP_NEAREST = 1,
	PICA_DATA_TEXTURE_MIN_FILTER_NEAREST_MIPMAP_LINEAR = 2,
	PICA_DATA_TEXTURE_MIN_FILTER_LINEAR = 3,
	PICA_DATA_TEXTURE_MIN_FILTER_LINEAR_MIPMAP_NEAREST = 4,
	PICA_DATA_TEXTURE_MIN_FILTER_LINEAR_MIPMAP_LINEAR = 5
};

/* Wrap codes (3 bits each for S and T). */
enum PicaDataTextureWrap {
	PICA_DATA_TEXTURE_WRAP_CLAMP_TO_EDGE = 0,
	PICA_DATA_TEXTURE_WRAP_CLAMP_TO_BORDER = 1,
	PICA_DATA_TEXTURE_WRAP_REPEAT = 2,
	PICA_DATA_TEXTURE_WRAP_MIRRORED_REPEAT = 3
};

/* Combiner sources (4 bits per slot of TEXENVi_SOURCE). */
enum PicaDataTexEnvSrc {
	PICA_DATA_TEX_ENV_SRC_RGBA_PRIMARY_COLOR = 0x0,
	PICA_DATA_TEX_ENV_SRC_RGBA_FRAGMENT_PRIMARY_COLOR_DMP = 0x1,
	PICA_DATA_TEX_ENV_SRC_RGBA_FRAGMENT_SECONDARY_COLOR_DMP = 0x2,
	PICA_DATA_TEX_ENV_SRC_RGBA_TEXTURE0 = 0x3,
	PICA_DATA_TEX_ENV_SRC_RGBA_TEXTURE1 = 0x4,
	PICA_DATA_TEX_ENV_SRC_RGBA_TEXTURE2 = 0x5,
	PICA_DATA_TEX_ENV_SRC_RGBA_TEXTURE3 = 0x6,
	PICA_DATA_TEX_ENV_SRC_RGBA_PREVIOUS_BUFFER_DMP = 0xD,
	PICA_DATA_TEX_ENV_SRC_RGBA_CONSTANT = 0xE,
	PICA_DATA_TEX_ENV_SRC_RGBA_PREVIOUS = 0xF
};

/* Combiner operands: RGB ones are 4 bits (bits 2-3 pick R, G or B for the
 * one-component forms), alpha ones 3 bits. */
enum PicaDataTexEnvOperand {
	PICA_DATA_OPE_RGB_SRC_COLOR = 0x0,
	PICA_DATA_OPE_RGB_ONE_MINUS_SRC_COLOR = 0x1,
	PICA_DATA_OPE_RGB_SRC_ALPHA = 0x2,
	PICA_DATA_OPE_RGB_ONE_MINUS_SRC_ALPHA = 0x3,
	PICA_DATA_OPE_RGB_SRC_R_DMP = 0x4,
	PICA_DATA_OPE_RGB_ONE_MINUS_SRC_R_DMP = 0x5,
	PICA_DATA_OPE_RGB_SRC_G_DMP = 0x8,
	PICA_DATA_OPE_RGB_ONE_MINUS_SRC_G_DMP = 0x9,
	PICA_DATA_OPE_RGB_SRC_B_DMP = 0xC,
	PICA_DATA_OPE_RGB_ONE_MINUS_SRC_B_DMP = 0xD,
	PICA_DATA_OPE_ALPHA_SRC_ALPHA = 0x0,
	PICA_DATA_OPE_ALPHA_ONE_MINUS_SRC_ALPHA = 0x1,
	PICA_DATA_OPE_ALPHA_SRC_R_DMP = 0x2,
	PICA_DATA_OPE_ALPHA_ONE_MINUS_SRC_R_DMP = 0x3,
	PICA_DATA_OPE_ALPHA_SRC_G_DMP = 0x4,
	PICA_DATA_OPE_ALPHA_ONE_MINUS_SRC_G_DMP = 0x5,
	PICA_DATA_OPE_ALPHA_SRC_B_DMP = 0x6,
	PICA_DATA_OPE_ALPHA_ONE_MINUS_SRC_B_DMP = 0x7
};

/* Combiner functions (4 bits each for RGB and alpha). */
enum PicaDataTexEnvCombine {
	PICA_DATA_TEX_ENV_COMBINE_REPLACE = 0,
	PICA_DATA_TEX_ENV_COMBINE_MODULATE = 1,
	PICA_DATA_TEX_ENV_COMBINE_ADD = 2,
	PICA_DATA_TEX_ENV_COMBINE_ADD_SIGNED = 3,
	PICA_DATA_TEX_ENV_COMBINE_INTERPOLATE = 4,
	PICA_DATA_TEX_ENV_COMBINE_SUBTRACT = 5,
	PICA_DATA_TEX_ENV_COMBINE_DOT3_RGB = 6,
	PICA_DATA_TEX_ENV_COMBINE_DOT3_RGBA = 7,
	PICA_DATA_TEX_ENV_COMBINE_MULT_ADD_DMP = 8,
	PICA_DATA_TEX_ENV_COMBINE_ADD_MULT_DMP = 9
};

/* Output scale codes: x1, x2, x4. */
enum PicaDataTexEnvScale {
	PICA_DATA_TEX_ENV_SCALE_1 = 0,
	PICA_DATA_TEX_ENV_SCALE_2 = 1,
	PICA_DATA_TEX_ENV_SCALE_4 = 2
};

/* What the combiner buffer takes after a stage: the buffer unchanged
 * (0) or that stage's result (1). */
enum PicaDataTexEnvBufferInput {
	PICA_DATA_TEX_ENV_BUFFER_INPUT_PREVIOUS_BUFFER_DMP = 0,
	PICA_DATA_TEX_ENV_BUFFER_INPUT_PREVIOUS = 1
};

/* Procedural texture (unit 3): mapping functions, clamps, shifts,
 * filters and the lookup tables its LUT port loads. */
enum PicaDataProcTexMap {
	PICA_DATA_PROCTEX_U_DMP = 0,
	PICA_DATA_PROCTEX_U2_DMP = 1,
	PICA_DATA_PROCTEX_V_DMP = 2,
	PICA_DATA_PROCTEX_V2_DMP = 3,
	PICA_DATA_PROCTEX_ADD_DMP = 4,
	PICA_DATA_PROCTEX_ADD2_DMP = 5,
	PICA_DATA_PROCTEX_ADDSQRT2_DMP = 6,
	PICA_DATA_PROCTEX_MIN_DMP = 7,
	PICA_DATA_PROCTEX_MAX_DMP = 8,
	PICA_DATA_PROCTEX_RMAX_DMP = 9
};

enum PicaDataProcTexClamp {
	PICA_DATA_PROCTEX_CLAMP_TO_ZERO_DMP = 0,
	PICA_DATA_PROCTEX_CLAMP_TO_EDGE = 1,
	PICA_DATA_PROCTEX_SYMMETRICAL_REPEAT_DMP = 2,
	PICA_DATA_PROCTEX_MIRRORED_REPEAT = 3,
	PICA_DATA_PROCTEX_PULSE_DMP = 4
};

enum PicaDataProcTexShift {
	PICA_DATA_PROCTEX_NONE_DMP = 0,
	PICA_DATA_PROCTEX_ODD_DMP = 1,
	PICA_DATA_PROCTEX_EVEN_DMP = 2
};

enum PicaDataProcTexFilter {
	PICA_DATA_PROCTEX_NEAREST = 0,
	PICA_DATA_PROCTEX_LINEAR = 1,
	PICA_DATA_PROCTEX_NEAREST_MIPMAP_NEAREST = 2,
	PICA_DATA_PROCTEX_LINEAR_MIPMAP_NEAREST = 3,
	PICA_DATA_PROCTEX_NEAREST_MIPMAP_LINEAR = 4,
	PICA_DATA_PROCTEX_LINEAR_MIPMAP_LINEAR = 5
};

enum PicaDataProcTexRefTable {
	PICA_DATA_PROCTEX_NOISE_REF_TABLE = 0,
	PICA_DATA_PROCTEX_RGB_MAP_REF_TABLE = 2,
	PICA_DATA_PROCTEX_ALPHA_MAP_REF_TABLE = 3,
	PICA_DATA_PROCTEX_COLOR_REF_TABLE = 4,
	PICA_DATA_PROCTEX_COLOR_DIFF_REF_TABLE = 5
};

/* ---- texture units ------------------------------------------------------------ */

/* Unit configuration, 0x080: units 0-2 on in bits 0-2 (unit 0 is on
 * unless its sampler type is FALSE), unit 3's texture coordinate in bits
 * 8-9 and its switch in bit 10, bit 12 always 1, unit 2's coordinate in
 * bit 13, bit 16 clears the texture cache. Note the argument order: the
 * DATA form takes unit 3's coordinate before its type, the SET forms
 * after unit 2's coordinate. */
#define PICA_CMD_DATA_TEXTURE_FUNC(texture0SamplerType, texture1SamplerType,         \
				   texture2SamplerType, texture3Texcoord,                  \
				   texture3SamplerType, texture2Texcoord, clearTextureCache) \
	(NNGX_PICA_BIT(NNGX_PICA_U(texture0SamplerType) !=                                 \
		       NNGX_PICA_U(PICA_DATA_TEXTURE0_SAMPLER_TYPE_FALSE), 0) |            \
	 NNGX_PICA_BIT(texture1SamplerType, 1) | NNGX_PICA_BIT(texture2SamplerType, 2) |   \
	 NNGX_PICA_AT(texture3Texcoord, 8) | NNGX_PICA_BIT(texture3SamplerType, 10) |      \
	 (1u << 12) | NNGX_PICA_BIT(texture2Texcoord, 13) | NNGX_PICA_AT(clearTextureCache, 16))

/* The configuration written with bytes 0, 1 and 3 (byte 2, the cache
 * clear, left alone): one command. */
#define PICA_CMD_SET_TEXTURE_FUNC(texture0SamplerType, texture1SamplerType,                 \
				  texture2SamplerType, texture3SamplerType, texture2Texcoord, \
				  texture3Texcoord)                                         \
	PICA_CMD_DATA_TEXTURE_FUNC(texture0SamplerType, texture1SamplerType, texture2SamplerType, \
				   texture3Texcoord, texture3SamplerType, texture2Texcoord, 0),   \
	PICA_CMD_HEADER_SINGLE_BE(PICA_REG_TEXTURE_FUNC, 0xB)

/* The same, then a second command that sets the cache-clear bit alone
 * (byte 2 only): two commands. */
#define PICA_CMD_SET_TEXTURE_FUNC_CLEAR(texture0SamplerType, texture1SamplerType,           \
					texture2SamplerType, texture3SamplerType,           \
					texture2Texcoord, texture3Texcoord)                 \
	PICA_CMD_DATA_TEXTURE_FUNC(texture0SamplerType, texture1SamplerType, texture2SamplerType, \
				   texture3Texcoord, texture3SamplerType, texture2Texcoord, 1),   \
	PICA_CMD_HEADER_SINGLE_BE(PICA_REG_TEXTURE_FUNC, 0xB),                                    \
	1u << 16, PICA_CMD_HEADER_SINGLE_BE(PICA_REG_TEXTURE_FUNC, 0x4)

/* Texture size, 0x082/0x092/0x09A: height in the low half, width in the
 * high half. */
#define PICA_CMD_DATA_TEXTURE_SIZE(width, height) \
	(NNGX_PICA_U(height) | NNGX_PICA_AT(width, 16))

/* Address registers hold the physical address in 8-byte units; unit 0's
 * cube faces 2-6 keep only the low 22 bits of that (the rest comes from
 * the first). */
#define PICA_CMD_DATA_TEXTURE_ADDR(addr)             (NNGX_PICA_U(addr) >> 3)
#define PICA_CMD_DATA_TEXTURE_CUBE_MAP_ADDR(cubeMapAddr) (NNGX_PICA_U(cubeMapAddr) & 0x3FFFFFu)

/* Texel format code, 0x08E/0x096/0x09E. */
#define PICA_CMD_DATA_TEXTURE_FORMAT_TYPE(type) NNGX_PICA_U(type)

/* A minification filter as the two bits of the wrap/filter word: bit 2
 * "linear within a level", bit 24 "linear between levels". */
#define PICA_CMD_DATA_TEXTURE_MIN_FILTER0(texture0MinFilter)                              \
	((NNGX_PICA_U(texture0MinFilter) == PICA_DATA_TEXTURE_MIN_FILTER_LINEAR ||           \
	  NNGX_PICA_U(texture0MinFilter) == PICA_DATA_TEXTURE_MIN_FILTER_LINEAR_MIPMAP_NEAREST || \
	  NNGX_PICA_U(texture0MinFilter) == PICA_DATA_TEXTURE_MIN_FILTER_LINEAR_MIPMAP_LINEAR) \
		 ? 1u : 0u)
#define PICA_CMD_DATA_TEXTURE_MIN_FILTER1(texture0MinFilter)                              \
	((NNGX_PICA_U(texture0MinFilter) == PICA_DATA_TEXTURE_MIN_FILTER_NEAREST_MIPMAP_LINEAR || \
	  NNGX_PICA_U(texture0MinFilter) == PICA_DATA_TEXTURE_MIN_FILTER_LINEAR_MIPMAP_LINEAR) \
		 ? 1u : 0u)

/* Wrap/filter word, 0x083/0x093/0x09B: magnification filter bit 1,
 * minification bits 2 and 24, 2 in bits 4-5 for an ETC1 texture (ETC1A4
 * keeps 0 there, as the SDK's macro does), wrap T bits 8-10, wrap S bits
 * 12-14, shadow bit 20 and sampler type bits 28-30 (both unit 0 only). */
#define PICA_CMD_DATA_TEXTURE_WRAP_FILTER(textureMagFilter, textureMinFilter, textureFormat, \
					  textureWrapT, textureWrapS, useShadowTexture,        \
					  textureSamplerType)                                  \
	(NNGX_PICA_AT(textureMagFilter, 1) |                                                   \
	 NNGX_PICA_AT(PICA_CMD_DATA_TEXTURE_MIN_FILTER0(textureMinFilter), 2) |                \
	 (NNGX_PICA_U(textureFormat) == PICA_DATA_TEXTURE_FORMAT_ETC1_RGB8_NATIVE_DMP ? 2u << 4 : 0u) | \
	 NNGX_PICA_AT(textureWrapT, 8) | NNGX_PICA_AT(textureWrapS, 12) |                      \
	 NNGX_PICA_AT(useShadowTexture, 20) |                                                  \
	 NNGX_PICA_AT(PICA_CMD_DATA_TEXTURE_MIN_FILTER1(textureMinFilter), 24) |               \
	 NNGX_PICA_AT(textureSamplerType, 28))

#define PICA_CMD_DATA_TEXTURE0_WRAP_FILTER(textureMagFilter, textureMinFilter, textureFormat, \
					   textureWrapT, textureWrapS, useShadowTexture,        \
					   textureSamplerType)                                  \
	PICA_CMD_DATA_TEXTURE_WRAP_FILTER(textureMagFilter, textureMinFilter, textureFormat,  \
					  textureWrapT, textureWrapS, useShadowTexture,         \
					  textureSamplerType)

/* Units 1 and 2: no shadow, type 0. */
#define PICA_CMD_DATA_TEXTURE1_WRAP_FILTER(textureMagFilter, textureMinFilter, textureFormat, \
					   textureWrapT, textureWrapS)                          \
	PICA_CMD_DATA_TEXTURE_WRAP_FILTER(textureMagFilter, textureMinFilter, textureFormat,  \
					  textureWrapT, textureWrapS, 0, 0)
#define PICA_CMD_DATA_TEXTURE2_WRAP_FILTER(textureMagFilter, textureMinFilter, textureFormat, \
					   textureWrapT, textureWrapS)                          \
	PICA_CMD_DATA_TEXTURE_WRAP_FILTER(textureMagFilter, textureMinFilter, textureFormat,  \
					  textureWrapT, textureWrapS, 0, 0)

/* Level of detail, 0x084/0x094/0x09C: the bias (already in the
 * register's fixed-point form) from bit 0, the largest level in bits
 * 16-19, the smallest in bits 24-27 (a negative one counts as 0). */
#define PICA_CMD_DATA_TEXTURE_LOD_LEVEL(lodBias, maxLodLevel, minLodLevel) \
	(NNGX_PICA_U(lodBias) | NNGX_PICA_AT(maxLodLevel, 16) |               \
	 ((int)(minLodLevel) < 0 ? 0u : NNGX_PICA_AT(minLodLevel, 24)))

/* Border colour, 0x081/0x091/0x099, from a struct color8. */
#define PICA_CMD_DATA_BORDER_COLOR(color8) \
	NNGX_PICA_BYTES4((color8).r, (color8).g, (color8).b, (color8).a)

/* Shadow lookup of unit 0, 0x08B: bit 0 set for an orthographic (not
 * perspective) lookup, the z bias from bit 1, the z scale from bit 24. */
#define PICA_CMD_DATA_TEXTURE_SHADOW(perspectiveShadow, shadowZBias, shadowZScale) \
	(((perspectiveShadow) ? 0u : 1u) | NNGX_PICA_AT(shadowZBias, 1) |             \
	 NNGX_PICA_AT(shadowZScale, 24))

/* ---- procedural texture (unit 3) ---------------------------------------------- */

/* 0x0A8: clamp U bits 0-2, clamp V bits 3-5, RGB mapping bits 6-9, alpha
 * mapping bits 10-13, separate alpha bit 14, noise bit 15, shift U bits
 * 16-17, shift V bits 18-19, low 8 bits of the float16 LOD bias from
 * bit 20. */
#define PICA_CMD_DATA_PROCTEX0(ptClampU, ptClampV, ptRgbMap, ptAlphaMap, ptAlphaSeparate, \
			       ptNoiseEnable, ptShiftU, ptShiftV, ptTexBiasF16Low8)        \
	(NNGX_PICA_U(ptClampU) | NNGX_PICA_AT(ptClampV, 3) | NNGX_PICA_AT(ptRgbMap, 6) |   \
	 NNGX_PICA_AT(ptAlphaMap, 10) | NNGX_PICA_BIT(ptAlphaSeparate, 14) |              \
	 NNGX_PICA_BIT(ptNoiseEnable, 15) | NNGX_PICA_AT(ptShiftU, 16) |                  \
	 NNGX_PICA_AT(ptShiftV, 18) | NNGX_PICA_AT(ptTexBiasF16Low8, 20))

/* Noise parameters, 0x0A9-0x0AB: two 16-bit halves each. */
#define PICA_CMD_DATA_PROCTEX1(ptNoiseU1, ptNoiseU2) (NNGX_PICA_U(ptNoiseU2) | NNGX_PICA_AT(ptNoiseU1, 16))
#define PICA_CMD_DATA_PROCTEX2(ptNoiseV1, ptNoiseV2) (NNGX_PICA_U(ptNoiseV2) | NNGX_PICA_AT(ptNoiseV1, 16))
#define PICA_CMD_DATA_PROCTEX3(ptNoiseU0, ptNoiseV0) (NNGX_PICA_U(ptNoiseU0) | NNGX_PICA_AT(ptNoiseV0, 16))

/* 0x0AC: minification filter bits 0-2, a fixed 0x60 in bits 3-10, the
 * table width from bit 11, the high 8 bits of the LOD bias from bit 19. */
#define PICA_CMD_DATA_PROCTEX4(ptMinFilter, ptTexWidth, ptTexBiasF16Hi8)               \
	(NNGX_PICA_U(ptMinFilter) | (0x60u << 3) | NNGX_PICA_AT(ptTexWidth, 11) |       \
	 NNGX_PICA_AT(ptTexBiasF16Hi8, 19))

/* 0x0AD: the table offset in bits 0-7, fixed 0xE0C080 above it. */
#define PICA_CMD_DATA_PROCTEX5(ptTexOffset) (NNGX_PICA_U(ptTexOffset) | 0xE0C08000u)

/* LUT port, 0x0AF: start index in bits 0-7, table in bits 8-11; then the
 * entries through 0x0B0-0x0B7, one word each. */
#define PICA_CMD_DATA_PROCTEX_LUT(index, refTable) (NNGX_PICA_U(index) | NNGX_PICA_AT(refTable, 8))
#define PICA_CMD_DATA_PROCTEX_LUT_DATA(data)       NNGX_PICA_U(data)

/* ---- texture combiner --------------------------------------------------------- */

/* Field positions of TEXENVi_SOURCE (0x0C0, 0x0C8, 0x0D0, 0x0D8, 0x0F0,
 * 0x0F8): three RGB slots from bit 0, three alpha slots from bit 16. */
#define PICA_TEX_ENV_SRC_RGB0_SHIFT     0
#define PICA_TEX_ENV_SRC_RGB1_SHIFT     4
#define PICA_TEX_ENV_SRC_RGB2_SHIFT     8
#define PICA_TEX_ENV_SRC_ALPHA0_SHIFT   16
#define PICA_TEX_ENV_SRC_ALPHA1_SHIFT   20
#define PICA_TEX_ENV_SRC_ALPHA2_SHIFT   24

#define PICA_CMD_DATA_TEX_ENV_SRC(srcRgb0, srcRgb1, srcRgb2, srcAlpha0, srcAlpha1, srcAlpha2) \
	(NNGX_PICA_AT(srcRgb0, PICA_TEX_ENV_SRC_RGB0_SHIFT) |                                   \
	 NNGX_PICA_AT(srcRgb1, PICA_TEX_ENV_SRC_RGB1_SHIFT) |                                   \
	 NNGX_PICA_AT(srcRgb2, PICA_TEX_ENV_SRC_RGB2_SHIFT) |                                   \
	 NNGX_PICA_AT(srcAlpha0, PICA_TEX_ENV_SRC_ALPHA0_SHIFT) |                               \
	 NNGX_PICA_AT(srcAlpha1, PICA_TEX_ENV_SRC_ALPHA1_SHIFT) |                               \
	 NNGX_PICA_AT(srcAlpha2, PICA_TEX_ENV_SRC_ALPHA2_SHIFT))

/* TEXENVi_OPERAND (stage base + 1): RGB operands 4 bits apart from bit
 * 0, alpha operands 4 bits apart from bit 12. */
#define PICA_TEX_ENV_OPE_RGB0_SHIFT     0
#define PICA_TEX_ENV_OPE_RGB1_SHIFT     4
#define PICA_TEX_ENV_OPE_RGB2_SHIFT     8
#define PICA_TEX_ENV_OPE_ALPHA0_SHIFT   12
#define PICA_TEX_ENV_OPE_ALPHA1_SHIFT   16
#define PICA_TEX_ENV_OPE_ALPHA2_SHIFT   20

#define PICA_CMD_DATA_TEX_ENV_OPERAND(operandRgb0, operandRgb1, operandRgb2,  \
				      operandAlpha0, operandAlpha1, operandAlpha2) \
	(NNGX_PICA_AT(operandRgb0, PICA_TEX_ENV_OPE_RGB0_SHIFT) |               \
	 NNGX_PICA_AT(operandRgb1, PICA_TEX_ENV_OPE_RGB1_SHIFT) |               \
	 NNGX_PICA_AT(operandRgb2, PICA_TEX_ENV_OPE_RGB2_SHIFT) |               \
	 NNGX_PICA_AT(operandAlpha0, PICA_TEX_ENV_OPE_ALPHA0_SHIFT) |           \
	 NNGX_PICA_AT(operandAlpha1, PICA_TEX_ENV_OPE_ALPHA1_SHIFT) |           \
	 NNGX_PICA_AT(operandAlpha2, PICA_TEX_ENV_OPE_ALPHA2_SHIFT))

/* TEXENVi_COMBINER (+2) and TEXENVi_SCALE (+4): RGB code in the low half,
 * alpha code from bit 16. */
#define PICA_CMD_DATA_TEX_ENV_COMBINE(combineRgb, combineAlpha) \
	(NNGX_PICA_U(combineRgb) | NNGX_PICA_AT(combineAlpha, 16))
#define PICA_CMD_DATA_TEX_ENV_SCALE(scaleRgb, scaleAlpha) \
	(NNGX_PICA_U(scaleRgb) | NNGX_PICA_AT(scaleAlpha, 16))

/* TEXENVi_COLOR (+3), the stage's constant: four bytes, R first. */
#define PICA_CMD_DATA_TEX_ENV_CONST(constRgb0, constRgb1, constRgb2, constRgb3) \
	NNGX_PICA_BYTES4(constRgb0, constRgb1, constRgb2, constRgb3)

/* Initial combiner-buffer colour (0x0FD), from a struct color8 or one of
 * the two ready-made words. */
#define PICA_CMD_DATA_COLOR(color8) \
	NNGX_PICA_BYTES4((color8).r, (color8).g, (color8).b, (color8).a)
#define PICA_CMD_DATA_TEX_ENV_BUFFER_COLOR_WHITE 0xFFFFFFFFu
#define PICA_CMD_DATA_TEX_ENV_BUFFER_COLOR_BLACK 0x00000000u

/* Buffer inputs in 0x0E0 (which it shares with the fog/gas mode): for
 * stage i = 1..4 of dmp_TexEnv, the RGB choice goes to bit 7 + i and the
 * alpha choice to bit 11 + i (PicaDataTexEnvBufferInput). */
#define PICA_CMD_DATA_TEX_ENV_BUFFER_INPUT(i, bufInput0, bufInput1) \
	(NNGX_PICA_AT(bufInput0, 7 + (i)) | NNGX_PICA_AT(bufInput1, 11 + (i)))

/* All four stages' inputs written with byte 1 of 0x0E0 only (bits 8-15),
 * leaving the fog/gas mode bytes alone: one command. Arguments: RGB then
 * alpha choice for dmp_TexEnv[1], [2], [3], [4]. */
#define PICA_CMD_SET_TEX_ENV_BUFFER_INPUT(bufInput0_0, bufInput0_1, bufInput1_0, bufInput1_1, \
					  bufInput2_0, bufInput2_1, bufInput3_0, bufInput3_1) \
	(PICA_CMD_DATA_TEX_ENV_BUFFER_INPUT(1, bufInput0_0, bufInput0_1) |                     \
	 PICA_CMD_DATA_TEX_ENV_BUFFER_INPUT(2, bufInput1_0, bufInput1_1) |                     \
	 PICA_CMD_DATA_TEX_ENV_BUFFER_INPUT(3, bufInput2_0, bufInput2_1) |                     \
	 PICA_CMD_DATA_TEX_ENV_BUFFER_INPUT(4, bufInput3_0, bufInput3_1)),                     \
	PICA_CMD_HEADER_SINGLE_BE(PICA_REG_TEX_ENV_BUFFER_INPUT, 0x2)

#endif
