/* nn/gx/CTR/gx_MacroOld.h: the SDK's earlier names for register indices,
 * register data and codes, kept for code written against them. The
 * current names are in gx_MacroReg.h, gx_MacroMisc.h, gx_MacroShader.h,
 * gx_MacroTexture.h and gx_MacroFragment.h.
 *
 * Part of libnngx (MIT licence), written for libnngx. Names, parameter
 * lists, values and field positions are the SDK's (source
 * compatibility); the layouts are cross-checked with 3dbrew (GPU/Internal
 * Registers) and with what libnngx's GPU model decodes (hw/hw_regs.h).
 * Where an old macro's word differs from what the register layout
 * suggests, the macro gives the SDK's word and says so below. */
#ifndef NNGX_NN_GX_CTR_GX_MACROOLD_H
#define NNGX_NN_GX_CTR_GX_MACROOLD_H

#include <nn/gx/CTR/gx_MacroCommon.h>

/* ---- old register indices ------------------------------------------------ */

/* Rasterizer: user clip plane, w scale (the depth map), the second
 * render-buffer size. */
enum {
	PICA_REG_FRAG_OP_CLIP = 0x047,
	PICA_REG_FRAG_OP_CLIP_DATA1 = 0x048,
	PICA_REG_FRAG_OP_CLIP_DATA2 = 0x049,
	PICA_REG_FRAG_OP_CLIP_DATA3 = 0x04A,
	PICA_REG_FRAG_OP_CLIP_DATA4 = 0x04B,
	PICA_REG_FRAG_OP_WSCALE_DATA1 = 0x04D,
	PICA_REG_FRAG_OP_WSCALE_DATA2 = 0x04E,
	PICA_REG_FRAG_OP_WSCALE = 0x06D,
	PICA_REG_RENDER_BUF_RESOLUTION1 = 0x06E
};

/* The procedural texture (texture unit 3) and its table port. */
enum {
	PICA_REG_TEXTURE3_PROTEX0 = 0x0A8,
	PICA_REG_TEXTURE3_PROTEX1 = 0x0A9,
	PICA_REG_TEXTURE3_PROTEX2 = 0x0AA,
	PICA_REG_TEXTURE3_PROTEX3 = 0x0AB,
	PICA_REG_TEXTURE3_PROTEX4 = 0x0AC,
	PICA_REG_TEXTURE3_PROTEX5 = 0x0AD,
	PICA_REG_PROTEX_LUT = 0x0AF,
	PICA_REG_PROTEX_LUT_DATA0 = 0x0B0,
	PICA_REG_PROTEX_LUT_DATA1 = 0x0B1,
	PICA_REG_PROTEX_LUT_DATA2 = 0x0B2,
	PICA_REG_PROTEX_LUT_DATA3 = 0x0B3,
	PICA_REG_PROTEX_LUT_DATA4 = 0x0B4,
	PICA_REG_PROTEX_LUT_DATA5 = 0x0B5,
	PICA_REG_PROTEX_LUT_DATA6 = 0x0B6,
	PICA_REG_PROTEX_LUT_DATA7 = 0x0B7
};

/* The six combiner stages (source, operand, combine, constant colour,
 * scale; stages 0-3 from 0x0C0 eight apart, 4 and 5 from 0x0F0), the
 * combiner buffer's colour and its input switches. */
enum {
	PICA_REG_TEX_ENV_0 = 0x0C0,
	PICA_REG_TEX_ENV_0_OPERAND = 0x0C1,
	PICA_REG_TEX_ENV_0_COMBINE = 0x0C2,
	PICA_REG_TEX_ENV_0_COLOR = 0x0C3,
	PICA_REG_TEX_ENV_0_SCALE = 0x0C4,
	PICA_REG_TEX_ENV_1 = 0x0C8,
	PICA_REG_TEX_ENV_1_OPERAND = 0x0C9,
	PICA_REG_TEX_ENV_1_COMBINE = 0x0CA,
	PICA_REG_TEX_ENV_1_COLOR = 0x0CB,
	PICA_REG_TEX_ENV_1_SCALE = 0x0CC,
	PICA_REG_TEX_ENV_2 = 0x0D0,
	PICA_REG_TEX_ENV_2_OPERAND = 0x0D1,
	PICA_REG_TEX_ENV_2_COMBINE = 0x0D2,
	PICA_REG_TEX_ENV_2_COLOR = 0x0D3,
	PICA_REG_TEX_ENV_2_SCALE = 0x0D4,
	PICA_REG_TEX_ENV_3 = 0x0D8,
	PICA_REG_TEX_ENV_3_OPERAND = 0x0D9,
	PICA_REG_TEX_ENV_3_COMBINE = 0x0DA,
	PICA_REG_TEX_ENV_3_COLOR = 0x0DB,
	PICA_REG_TEX_ENV_3_SCALE = 0x0DC,
	PICA_REG_TEX_ENV_4 = 0x0F0,
	PICA_REG_TEX_ENV_4_OPERAND = 0x0F1,
	PICA_REG_TEX_ENV_4_COMBINE = 0x0F2,
	PICA_REG_TEX_ENV_4_COLOR = 0x0F3,
	PICA_REG_TEX_ENV_4_SCALE = 0x0F4,
	PICA_REG_TEX_ENV_BUF_COLOR = 0x0FD,
	PICA_REG_TEX_ENV_5 = 0x0F8,
	PICA_REG_TEX_ENV_5_OPERAND = 0x0F9,
	PICA_REG_TEX_ENV_5_COMBINE = 0x0FA,
	PICA_REG_TEX_ENV_5_COLOR = 0x0FB,
	PICA_REG_TEX_ENV_5_SCALE = 0x0FC,
	PICA_REG_TEX_ENV_BUF_INPUT = 0x0E0
};

/* Per-fragment operations and the render buffers. */
enum {
	PICA_REG_FRAG_OP_ALPHA_TEST = 0x104,
	PICA_REG_COLOR_BUFFER_CLEAR0 = 0x110,
	PICA_REG_COLOR_BUFFER_CLEAR1 = 0x111,
	PICA_REG_DEPTH_STENCIL_READ = 0x114,
	PICA_REG_DEPTH_STENCIL_WRITE = 0x115,
	PICA_REG_RENDER_BUF_DEPTH_MODE = 0x116,
	PICA_REG_RENDER_BUF_COLOR_MODE = 0x117,
	PICA_REG_RENDER_BUF_DEPTH_ADDR = 0x11C,
	PICA_REG_RENDER_BUF_COLOR_ADDR = 0x11D,
	PICA_REG_RENDER_BUF_RESOLUTION0 = 0x11E,
	PICA_REG_FRAG_OP_SHADOW = 0x130
};

/* Vertex arrays, and the shader units' program-end and float-uniform
 * data ports. */
enum {
	PICA_REG_VTX_ATTR_ARRAYS_BASE_ADDR = 0x200,
	PICA_REG_VTX_ATTR_ARRAYS0 = 0x201,
	PICA_REG_VTX_ATTR_ARRAYS1 = 0x202,
	PICA_REG_VTX_FUNC = 0x231,
	PICA_REG_GS_PROG_RENEWAL_END = 0x28F,
	PICA_REG_GS_FLOAT_DATA1 = 0x291,
	PICA_REG_GS_FLOAT_DATA2 = 0x292,
	PICA_REG_GS_FLOAT_DATA3 = 0x293,
	PICA_REG_GS_FLOAT_DATA4 = 0x294,
	PICA_REG_GS_FLOAT_DATA5 = 0x295,
	PICA_REG_GS_FLOAT_DATA6 = 0x296,
	PICA_REG_GS_FLOAT_DATA7 = 0x297,
	PICA_REG_GS_FLOAT_DATA8 = 0x298,
	PICA_REG_VS_PROG_RENEWAL_END = 0x2BF,
	PICA_REG_VS_FLOAT_DATA1 = 0x2C1,
	PICA_REG_VS_FLOAT_DATA2 = 0x2C2,
	PICA_REG_VS_FLOAT_DATA3 = 0x2C3,
	PICA_REG_VS_FLOAT_DATA4 = 0x2C4,
	PICA_REG_VS_FLOAT_DATA5 = 0x2C5,
	PICA_REG_VS_FLOAT_DATA6 = 0x2C6,
	PICA_REG_VS_FLOAT_DATA7 = 0x2C7,
	PICA_REG_VS_FLOAT_DATA8 = 0x2C8
};

/* ---- command headers -------------------------------------------------------- */

/* `size` float vectors (four words each) for the vertex shader's data
 * port: PICA_CMD_HEADER_VS_F32. */
#define PICA_CMD_HEADER_V_SHADER_F32(size) PICA_CMD_HEADER(PICA_REG_VS_FLOAT0, (size) * 4 - 1, 0xF, 0)

/* ---- rasterizer, per-fragment operations, render buffers (gx_MacroMisc.h) -- */

/* Lighting-table output scales (PicaDataFragLightEnvLutScale). */
enum {
	PICA_DATA_1_0 = 0x0,
	PICA_DATA_2_0 = 0x1,
	PICA_DATA_4_0 = 0x2,
	PICA_DATA_8_0 = 0x3,
	PICA_DATA_0_25 = 0x6,
	PICA_DATA_0_5 = 0x7
};

/* 0x06D bit 0, set when `mode` is 0; 0x04D / 0x04E: its data. */
#define PICA_CMD_DATA_FOG_OP_WSCALE(mode)      (((mode) == 0) ? 1u : 0u)
#define PICA_CMD_DATA_FOG_OP_WSCALE_DATA(data) NNGX_PICA_U(data)

/* 0x047 bit 0 (the SET form writes byte 0 only); 0x048-0x04B. */
#define PICA_CMD_DATA_FOG_OP_CLIP(mode) ((mode) ? 1u : 0u)
#define PICA_CMD_SET_FOG_OP_CLIP(mode) \
	PICA_CMD_DATA_FOG_OP_CLIP(mode), PICA_CMD_HEADER_SINGLE_BE(PICA_REG_FRAG_OP_CLIP, 0x1)
#define PICA_CMD_DATA_FOG_OP_CLIP_DATA(data) NNGX_PICA_U(data)

/* Fragment operation modes (PicaDataFragOpMode). */
enum {
	PICA_DATA_FRAGOP_MODE = 0x0,
	PICA_DATA_FRAGOP_MODE_GAS_ACC = 0x1,
	PICA_DATA_FRAGOP_MODE_SHADOW = 0x3
};

/* 0x104: `enable` in bit 0 as it is given (not reduced to 0 or 1, unlike
 * PICA_CMD_DATA_FRAGOP_ALPHA_TEST), comparison bits 4-6, reference bits
 * 8-15. */
#define PICA_CMD_DATA_FRAG_OP_ALPHA_TEST_DISABLE() 0u
#define PICA_CMD_DATA_FRAG_OP_ALPHA_TEST(enable, func, value) \
	(NNGX_PICA_U(enable) | NNGX_PICA_AT(func, 4) | NNGX_PICA_AT(value, 8))

/* 0x11D / 0x11C: physical address in units of 8 bytes. 0x117: pixel size
 * and format. 0x116: depth format. */
#define PICA_CMD_DATA_RENDER_BUF_COLOR_ADDR(addr) (NNGX_PICA_U(addr) >> 3)
#define PICA_CMD_DATA_RENDER_BUF_DEPTH_ADDR(addr) (NNGX_PICA_U(addr) >> 3)
#define PICA_CMD_DATA_RENDER_BUF_COLOR_MODE(pixSize, format) \
	(NNGX_PICA_U(pixSize) | NNGX_PICA_AT(format, 16))
#define PICA_CMD_DATA_RENDER_BUF_DEPTH_MODE(mode) NNGX_PICA_U(mode)

/* 0x11E and 0x06E: width bits 0-10, the height field (height - 1) from
 * bit 12, bit 24 set. Unlike PICA_CMD_DATA_RENDER_BUFFER_RESOLUTION, the
 * old form takes the height field as it is: pass height - 1. */
#define PICA_CMD_DATA_RENDER_BUF_RESOLUTION(width, height) \
	(NNGX_PICA_U(width) | NNGX_PICA_AT(height, 12) | 0x01000000u)

/* 0x110 / 0x111; the SET form writes data1 to 0x111, then data2 to 0x110. */
#define PICA_CMD_DATA_COLOR_BUFFER_CLEAR(data) ((data) ? 1u : 0u)
#define PICA_CMD_SET_COLOR_BUFFER_CLEAR(data1, data2)                                              \
	PICA_CMD_DATA_COLOR_BUFFER_CLEAR(data1), PICA_CMD_HEADER_SINGLE(PICA_REG_COLOR_BUFFER_CLEAR1), \
	PICA_CMD_DATA_COLOR_BUFFER_CLEAR(data2), PICA_CMD_HEADER_SINGLE(PICA_REG_COLOR_BUFFER_CLEAR0)

/* 0x130: penumbra bias bits 0-15, scale 16-31. */
#define PICA_CMD_DATA_FOG_OP_SHADOW(penumbraScale, penumbraBias) \
	(NNGX_PICA_AT(penumbraScale, 16) | NNGX_PICA_U(penumbraBias))

/* ---- shaders and vertex arrays (gx_MacroShader.h) ----------------------------- */

/* Output semantics (PicaDataVSOutAttr under other names; QAURT is the
 * SDK's spelling). */
enum {
	PICA_DATA_VS_OUTATTR_X = 0x00,
	PICA_DATA_VS_OUTATTR_Y = 0x01,
	PICA_DATA_VS_OUTATTR_Z = 0x02,
	PICA_DATA_VS_OUTATTR_W = 0x03,
	PICA_DATA_VS_OUTATTR_QAURTX = 0x04,
	PICA_DATA_VS_OUTATTR_QAURTY = 0x05,
	PICA_DATA_VS_OUTATTR_QAURTZ = 0x06,
	PICA_DATA_VS_OUTATTR_QAURTW = 0x07,
	PICA_DATA_VS_OUTATTR_R = 0x08,
	PICA_DATA_VS_OUTATTR_G = 0x09,
	PICA_DATA_VS_OUTATTR_B = 0x0A,
	PICA_DATA_VS_OUTATTR_A = 0x0B,
	PICA_DATA_VS_OUTATTR_TEX0_U = 0x0C,
	PICA_DATA_VS_OUTATTR_TEX0_V = 0x0D,
	PICA_DATA_VS_OUTATTR_TEX1_U = 0x0E,
	PICA_DATA_VS_OUTATTR_TEX1_V = 0x0F,
	PICA_DATA_VS_OUTATTR_TEX0_W = 0x10,
	PICA_DATA_VS_OUTATTR_VIEW_X = 0x12,
	PICA_DATA_VS_OUTATTR_VIEW_Y = 0x13,
	PICA_DATA_VS_OUTATTR_VIEW_Z = 0x14,
	PICA_DATA_VS_OUTATTR_TEX2_U = 0x16,
	PICA_DATA_VS_OUTATTR_TEX2_V = 0x17,
	PICA_DATA_VS_OUTATTR_INVALID = 0x1F
};

enum {
	PICA_DATA_VS_OUT_ATTR_QAURTX = 0x04,
	PICA_DATA_VS_OUT_ATTR_QAURTY = 0x05,
	PICA_DATA_VS_OUT_ATTR_QAURTZ = 0x06,
	PICA_DATA_VS_OUT_ATTR_QAURTW = 0x07
};

/* Bit 31 of the float-uniform index registers. In C++ F32 is
 * 0x80000000, as the SDK's; C's enumerators are ints, so in C it is the
 * int with those bits (INT_MIN): ORed into an unsigned word it sets bit
 * 31 all the same. */
enum {
#ifdef __cplusplus
	PICA_DATA_BIT_MODE_F32 = 0x80000000u,
#else
	PICA_DATA_BIT_MODE_F32 = -0x7FFFFFFF - 1,
#endif
	PICA_DATA_BIT_MODE_F24 = 0x0
};

/* Geometry-shader switch values of the old macros. */
enum {
	PICA_DATA_GS_USE = 0x08,
	PICA_DATA_GS_NO_USE = 0xA0
};

/* The vertex shader's float data port (0x2C1-0x2C8), words as they are;
 * input registers of attributes 9-12 (0x2BC, 4 bits each). */
#define PICA_CMD_DATA_VS_FLOAT_DATA(data) NNGX_PICA_U(data)
#define PICA_CMD_DATA_VS_ATTR_IN_MAP1(index9, index10, index11, index12) \
	NNGX_PICA_NIBBLES4(index9, index10, index11, index12)

/* 0x200: the arrays' base, a physical address >> 3 with bit 0 clear (the
 * address taken as 32 bits, in 16-byte units, shifted up by one). */
#define PICA_CMD_DATA_VTX_ATTR_ARRAYS_BASE_ADDR(addr) ((NNGX_PICA_U(addr) >> 4) << 1)

/* Eight 4-bit fields from bit 0 up: attribute formats (0x201) and the
 * first array's element list (0x204). */
#define PICA_CMD_DATA_VTX_ATTR_ARRAYS(attr0, attr1, attr2, attr3, attr4, attr5, attr6, attr7) \
	NNGX_PICA_NIBBLES8(attr0, attr1, attr2, attr3, attr4, attr5, attr6, attr7)
#define PICA_CMD_DATA_VERTEX_ATTR_ARRAYS(attr0, attr1, attr2, attr3, attr4, attr5, attr6, attr7) \
	NNGX_PICA_NIBBLES8(attr0, attr1, attr2, attr3, attr4, attr5, attr6, attr7)
#define PICA_CMD_DATA_LOAD_ARRAY0_ELEMENT(attr0, attr1, attr2, attr3, attr4, attr5, attr6, attr7) \
	NNGX_PICA_NIBBLES8(attr0, attr1, attr2, attr3, attr4, attr5, attr6, attr7)

/* 0 to 0x252: geometry shader off. */
#define PICA_CMD_SET_GS_MISC_REG0_DISABLE() 0u, PICA_CMD_HEADER_SINGLE(PICA_REG_GS_MISC_REG0)

/* ---- textures and the combiner (gx_MacroTexture.h) ---------------------------- */

/* A cube face's address register keeps the low 22 bits. */
#define PICA_CMD_DATA_TEXTURE_CUBE(cubeMap) (NNGX_PICA_U(cubeMap) & 0x3FFFFFu)

/* Combiner sources, operations and scales (bits of 0x0C0..., 0x0C2...,
 * 0x0C4...). */
enum {
	PICA_DATA_PRIMARY_COLOR = 0x0,
	PICA_DATA_FRAGMENT_PRIMARY_COLOR = 0x1,
	PICA_DATA_FRAGMENT_SECONDARY_COLOR = 0x2,
	PICA_DATA_TEXTURE0 = 0x3,
	PICA_DATA_TEXTURE1 = 0x4,
	PICA_DATA_TEXTURE2 = 0x5,
	PICA_DATA_TEXTURE3 = 0x6,
	PICA_DATA_PREVIOUS_BUFFER = 0xD,
	PICA_DATA_CONSTANT = 0xE,
	PICA_DATA_PREVIOUS = 0xF
};

enum {
	PICA_DATA_REPLACE = 0x0,
	PICA_DATA_MODULATE = 0x1,
	PICA_DATA_ADD = 0x2,
	PICA_DATA_ADD_SIGNED = 0x3,
	PICA_DATA_INTERPOLATE = 0x4,
	PICA_DATA_SUBTRACT = 0x5,
	PICA_DATA_DOT3_RGB = 0x6,
	PICA_DATA_DOT3_RGBA = 0x7,
	PICA_DATA_MULT_ADD = 0x8,
	PICA_DATA_ADD_MULT = 0x9
};

enum {
	PICA_DATA_SCALE_1 = 0x0,
	PICA_DATA_SCALE_2 = 0x1,
	PICA_DATA_SCALE_4 = 0x2
};

/* Constant colours, all channels 0xFF or 0. */
#define PICA_CMD_DATA_COLOR_WHITE 0xFFFFFFFFu
#define PICA_CMD_DATA_COLOR_BLACK 0x00000000u

/* What the combiner buffer takes after a stage (bits of 0x0E0). */
enum {
	PICA_DATA_TEX_ENV_PREVIOUS_BUFFER = 0x0,
	PICA_DATA_TEX_ENV_PREVIOUS = 0x1
};

/* 0x0E0: stage i's (1-4) buffer input switches, colour at bit 7 + i and
 * alpha at bit 11 + i. The two forms differ in parameter order only. */
#define PICA_CMD_DATA_BUFFER_INPUT(i, bufInput1, bufInput2) \
	(NNGX_PICA_AT(bufInput1, 7 + (i)) | NNGX_PICA_AT(bufInput2, 11 + (i)))
#define PICA_CMD_DATA_BUF_INPUT(bufInput1, bufInput2, i) PICA_CMD_DATA_BUFFER_INPUT(i, bufInput1, bufInput2)

/* 0x08B: bit 0 set for a non-perspective shadow lookup, the z bias from
 * bit 1, the z scale from bit 24. */
#define PICA_CMD_DATA_TEX_SHADOW(perspectiveShadow, shadowZBias, shadowZScale) \
	(((perspectiveShadow) ? 0u : 1u) | NNGX_PICA_AT(shadowZBias, 1) | NNGX_PICA_AT(shadowZScale, 24))

/* 0x080: units 0-2 on (bits 0-2), unit 3's coordinates (bits 8-9),
 * unit 3 on (bit 10), bit 12 always set, unit 2 taking unit 1's
 * coordinates (bit 13), the cache clear (from bit 16). As the SDK's macro
 * does, a true `type0_0` gives bit 0 alone of the first seven bits'
 * group: the SDK's conditional on it swallows the flags of units 1-3 and
 * unit 3's coordinates (bits 12, 13 and 16 still follow). */
#define PICA_CMD_DATA_TEX_FUNC(type0_0, type1, type2, texcoord3, type3, texcoord2, clear)          \
	(((type0_0) ? 1u                                                                            \
		    : (NNGX_PICA_BIT(type1, 1) | NNGX_PICA_BIT(type2, 2) | NNGX_PICA_AT(texcoord3, 8) | \
		       NNGX_PICA_BIT(type3, 10))) |                                                 \
	 (1u << 12) | NNGX_PICA_BIT(texcoord2, 13) | NNGX_PICA_AT(clear, 16))

/* 0x0AF: the first entry, and the table from bit 11. (The register reads
 * the table from bit 8, where gx_MacroTexture.h's
 * PICA_CMD_DATA_PROCTEX_LUT puts it; the old form's word is the SDK's.) */
#define PICA_CMD_DATA_PROTEX_LUT(index, attrib) (NNGX_PICA_U(index) | NNGX_PICA_AT(attrib, 11))
#define PICA_CMD_DATA_PROTEX_LUT_DATA(data)     NNGX_PICA_U(data)

enum {
	PICA_DATA_DOT_3_RGB = 0x6,
	PICA_DATA_DOT_3_RGBA = 0x7
};

/* Unit 0's texture types and unit 3's coordinate sources. */
enum {
	PICA_DATA_TEX0_1_GL_TEXTURE_2D = 0x0,
	PICA_DATA_TEX0_1_GL_TEXTURE_CUBE_MAP = 0x1,
	PICA_DATA_TEX0_1_GL_TEXTURE_SHADOW_2D_DMP = 0x2,
	PICA_DATA_TEX0_1_GL_TEXTURE_PROJECTION_DMP = 0x3,
	PICA_DATA_TEX0_1_GL_TEXTURE_SHADOW_CUBE_DMP = 0x4
};

enum {
	PICA_DATA_TEXCOORD3_TEXTURE0 = 0x0,
	PICA_DATA_TEXCOORD3_TEXTURE1 = 0x1,
	PICA_DATA_TEXCOORD3_TEXTURE2 = 0x2
};

/* Procedural texture clamp modes and shift modes. */
enum {
	PICA_DATA_CLAMP_TO_ZERO_DMP = 0x0,
	PICA_DATA_CLAMP_TO_EDGE = 0x1,
	PICA_DATA_SYMMETRICAL_REPEAT_DMP = 0x2,
	PICA_DATA_MIRRORED_REPEAT = 0x3,
	PICA_DATA_PULSE_DMP = 0x4
};

enum {
	PICA_DATA_NONE_DMP = 0x0,
	PICA_DATA_ODD_DMP = 0x1,
	PICA_DATA_EVEN_DMP = 0x2
};

/* 0x0A8: clamp U bits 0-2, clamp V 3-5, RGB map 6-9, alpha map 10-13,
 * alpha separate bit 14, noise bit 15, shift U 16-17, shift V 18-19,
 * bias (low half) from bit 20; the flags as they are given. */
#define PICA_CMD_DATA_PROTEX0(ptClampU, ptClampV, ptRgbMap, ptAlphaMap, ptAlphaSeparate,       \
			      ptNoiseEnable, ptShiftU, ptShiftV, ptTexBias1)                    \
	(NNGX_PICA_U(ptClampU) | NNGX_PICA_AT(ptClampV, 3) | NNGX_PICA_AT(ptRgbMap, 6) |         \
	 NNGX_PICA_AT(ptAlphaMap, 10) | NNGX_PICA_AT(ptAlphaSeparate, 14) |                      \
	 NNGX_PICA_AT(ptNoiseEnable, 15) | NNGX_PICA_AT(ptShiftU, 16) | NNGX_PICA_AT(ptShiftV, 18) | \
	 NNGX_PICA_AT(ptTexBias1, 20))

/* 0x0A9-0x0AB: noise parameters; two 16-bit halves in 0x0AB. */
#define PICA_CMD_DATA_PROTEX1(ptNoiseU1) NNGX_PICA_U(ptNoiseU1)
#define PICA_CMD_DATA_PROTEX2(ptNoiseV1) NNGX_PICA_U(ptNoiseV1)
#define PICA_CMD_DATA_PROTEX3(ptNoiseU2, ptNoiseV2) (NNGX_PICA_U(ptNoiseU2) | NNGX_PICA_AT(ptNoiseV2, 16))

/* 0x0AC: filter bits 0-2, 0x60 from bit 3, width from bit 11, bias (high
 * half) from bit 19. */
#define PICA_CMD_DATA_PROTEX4(ptMinFilter, ptTexWidth, ptTexBias2) \
	(NNGX_PICA_U(ptMinFilter) | (0x60u << 3) | NNGX_PICA_AT(ptTexWidth, 11) | NNGX_PICA_AT(ptTexBias2, 19))

/* 0x0AD: the offset in bits 0-7 with the SDK's constant 0x0E0C0080 (the
 * current PICA_CMD_DATA_PROCTEX5 uses 0xE0C08000: the register's fixed
 * bits; the old form's word is the SDK's). */
#define PICA_CMD_DATA_PROTEX5(ptTexOffset) (NNGX_PICA_U(ptTexOffset) | 0x0E0C0080u)

/* Procedural texture tables (from bit 8 of 0x0AF). */
enum {
	PICA_DATA_NOISE_REF_TABLE = 0x0,
	PICA_DATA_RGB_MAP_REF_TABLE = 0x2,
	PICA_DATA_ALPHA_MAP_REF_TABLE = 0x3,
	PICA_DATA_COLOR_REF_TABLE = 0x4,
	PICA_DATA_COLOR_DIFF_REF_TABLE = 0x5
};

/* 0x082 / 0x092 / 0x09A: width from bit 16, height in bits 0-10. */
#define PICA_CMD_DATA_TEX_SIZE(width, height) (NNGX_PICA_AT(width, 16) | NNGX_PICA_U(height))

/* Texture formats (0x08E / 0x096 / 0x09E). */
enum {
	PICA_DATA_TEX_FORMAT_RGBA8 = 0x0,
	PICA_DATA_TEX_FORMAT_RGB8 = 0x1,
	PICA_DATA_TEX_FORMAT_RGB5A1 = 0x2,
	PICA_DATA_TEX_FORMAT_RGB565 = 0x3,
	PICA_DATA_TEX_FORMAT_RGBA4 = 0x4,
	PICA_DATA_TEX_FORMAT_LA8 = 0x5,
	PICA_DATA_TEX_FORMAT_HILO8 = 0x6,
	PICA_DATA_TEX_FORMAT_L8 = 0x7,
	PICA_DATA_TEX_FORMAT_A8 = 0x8,
	PICA_DATA_TEX_FORMAT_LA4 = 0x9,
	PICA_DATA_TEX_FORMAT_L4 = 0xA,
	PICA_DATA_TEX_FORMAT_A4 = 0xB,
	PICA_DATA_TEX_FORMAT_ETC1 = 0xC,
	PICA_DATA_TEX_FORMAT_ETC1A4 = 0xD
};

enum {
	PICA_DATA_TEXTURE_FORMAT_HILO8_DMP_UNSIGNED_BYTE_DMP = 0x6
};

#define PICA_CMD_DATA_TEX_FORMAT_TYPE(type) NNGX_PICA_U(type)

/* Filter bits, GL-style minification codes, wrap modes. */
enum {
	PICA_DATA_TEX_NEAREST = 0,
	PICA_DATA_TEX_LINEAR = 1
};

enum {
	PICA_DATA_NEAREST = 0x0,
	PICA_DATA_LINEAR = 0x1,
	PICA_DATA_NEAREST_MIPMAP_NEAREST = 0x2,
	PICA_DATA_LINEAR_MIPMAP_NEAREST = 0x3,
	PICA_DATA_NEAREST_MIPMAP_LINEAR = 0x4,
	PICA_DATA_LINEAR_MIPMAP_LINEAR = 0x5
};

enum {
	PICA_DATA_TEX_CLAMP_TO_EDGE = 0,
	PICA_DATA_TEX_CLAMP_TO_BORDER = 1,
	PICA_DATA_TEX_REPEAT = 2,
	PICA_DATA_TEX_MIRRORED_REPEAT = 3
};

/* 0x083 / 0x093 / 0x09B: magnification bit 1, minification bit 2, 2 in
 * bits 4-5 when isETC1, wrap T bits 8-10, wrap S 12-14, the mip filter
 * bit 24; unit 0 also the shadow bit 20 (`enable`) and the type from bit
 * 28. The filters are the register's bits (PICA_DATA_TEX_NEAREST/LINEAR),
 * as they are given. The SDK's unit 1 and 2 forms name a `minFilter`
 * that is not among their parameters (only a variable of that name in
 * the caller makes them compile); these use `minFilter1`. */
#define PICA_CMD_DATA_TEX0_WRAP_FILTER(magFilter, minFilter, isETC1, wrapT, wrapS, enable, \
				       minFilter2, type1_1)                                \
	(NNGX_PICA_AT(magFilter, 1) | NNGX_PICA_AT(minFilter, 2) | ((isETC1) ? 2u << 4 : 0u) |   \
	 NNGX_PICA_AT(wrapT, 8) | NNGX_PICA_AT(wrapS, 12) | NNGX_PICA_AT(enable, 20) |           \
	 NNGX_PICA_AT(minFilter2, 24) | NNGX_PICA_AT(type1_1, 28))
#define NNGX_PICA_TEX12_WRAP_FILTER_(magFilter, minFilter1, isETC1, wrapT, wrapS, minFilter2)   \
	(NNGX_PICA_AT(magFilter, 1) | NNGX_PICA_AT(minFilter1, 2) | ((isETC1) ? 2u << 4 : 0u) |  \
	 NNGX_PICA_AT(wrapT, 8) | NNGX_PICA_AT(wrapS, 12) | NNGX_PICA_AT(minFilter2, 24))
#define PICA_CMD_DATA_TEX1_WRAP_FILTER(magFilter, minFilter1, isETC1, wrapT, wrapS, minFilter2) \
	NNGX_PICA_TEX12_WRAP_FILTER_(magFilter, minFilter1, isETC1, wrapT, wrapS, minFilter2)
#define PICA_CMD_DATA_TEX2_WRAP_FILTER(magFilter, minFilter1, isETC1, wrapT, wrapS, minFilter2) \
	NNGX_PICA_TEX12_WRAP_FILTER_(magFilter, minFilter1, isETC1, wrapT, wrapS, minFilter2)

/* 0x084 / 0x094 / 0x09C: the bias as its register bits (from bit 0), the
 * largest level from bit 16, the smallest (negative taken as 0) from bit
 * 24. */
#define PICA_CMD_DATA_TEX_LOD_REV(bias, max, min) \
	(NNGX_PICA_U(bias) | NNGX_PICA_AT(max, 16) | ((NNGX_PICA_NEG(min) ? 0u : NNGX_PICA_U(min)) << 24))

/* ---- fragment lighting (gx_MacroFragment.h) ----------------------------------- */

/* 0x1C0: the global ambient, 10-bit fields, blue lowest. */
#define PICA_CMD_DATA_FRAG_AMBIENT(color) \
	(NNGX_PICA_U((color).b) | NNGX_PICA_AT((color).g, 10) | NNGX_PICA_AT((color).r, 20))

/* Lighting tables under their old names (PicaDataFragLightSampler; FB
 * and FG are the blue and green reflection tables). */
enum {
	PICA_DATA_SAMPLER_FG = 0x5,
	PICA_DATA_SAMPLER_FB = 0x4
};

/* Texture units for the bump and shadow maps (PicaDataFragLightEnvTexture). */
enum {
	PICA_DATA_FRAG_TEXTURE0 = 0x0,
	PICA_DATA_FRAG_TEXTURE1 = 0x1,
	PICA_DATA_FRAG_TEXTURE2 = 0x2,
	PICA_DATA_FRAG_TEXTURE3 = 0x3
};

enum {
	PICA_DATA_FRAG_LIGHT_TEXTURE0 = 0x0,
	PICA_DATA_FRAG_LIGHT_TEXTURE1 = 0x1,
	PICA_DATA_FRAG_LIGHT_TEXTURE2 = 0x2,
	PICA_DATA_FRAG_LIGHT_TEXTURE3 = 0x3
};

enum {
	PICA_DATA_SAMPLERD0 = 0x0,
	PICA_DATA_SAMPLERD1 = 0x1,
	PICA_DATA_SAMPLERFR = 0x3,
	PICA_DATA_SAMPLERFB = 0x4,
	PICA_DATA_SAMPLERFG = 0x5,
	PICA_DATA_SAMPLERRR = 0x6,
	PICA_DATA_SAMPLERSP = 0x8,
	PICA_DATA_SAMPLERDA = 0x10
};

/* Lighting-table inputs (PicaDataFragLightEnvLutInput). */
enum {
	PICA_DATA_NH_DMP = 0x0,
	PICA_DATA_VH_DMP = 0x1,
	PICA_DATA_NV_DMP = 0x2,
	PICA_DATA_LN_DMP = 0x3,
	PICA_DATA_SP_DMP = 0x4,
	PICA_DATA_CP_DMP = 0x5
};

/* 0x1D1 / 0x1D2: seven 4-bit fields, D0, D1, SP, FR, RB, RG, RR. */
#define PICA_CMD_DATA_FRAG_LIGHT_LUTINPUT(D0, D1, SP, FR, RB, RG, RR) \
	NNGX_PICA_NIBBLES8(D0, D1, SP, FR, RB, RG, RR, 0)
#define PICA_CMD_DATA_FRAG_LIGHT_LUTSCALE(D0, D1, SP, FR, RB, RG, RR) \
	NNGX_PICA_NIBBLES8(D0, D1, SP, FR, RB, RG, RR, 0)

#endif
