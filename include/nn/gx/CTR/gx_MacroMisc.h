/* nn/gx/CTR/gx_MacroMisc.h: parameter words for the rasterizer (culling,
 * viewport, user clip plane, depth map, early depth, scissor; 0x040-
 * 0x06E), fog and gas (0x0E0-0x0EF, 0x120-0x126) and the per-fragment
 * operations and render targets (0x100-0x130), and the codes that go
 * into them.
 *
 * Part of libnngx (MIT licence), written for libnngx. Names, parameter
 * lists and field positions are the SDK's (source compatibility); the
 * layouts are cross-checked with 3dbrew (GPU/Internal Registers,
 * "Rasterizer registers" and "Framebuffer registers") and with what
 * libnngx's GPU model decodes (hw/hw_regs.h). A PICA_CMD_DATA_* macro is
 * one parameter word; a PICA_CMD_SET_* macro is whole commands
 * (parameter, header, ...) to paste into a u32 array. */
#ifndef NNGX_NN_GX_CTR_GX_MACROMISC_H
#define NNGX_NN_GX_CTR_GX_MACROMISC_H

#include <nn/gx/CTR/gx_MacroCommon.h>

/* ---- codes ---------------------------------------------------------------- */

/* Colour buffer pixel size (bits 0-1 of 0x117): 2 or 4 bytes. */
enum PicaDataColorPixelSize {
	PICA_DATA_COLOR_PIXEL_SIZE16 = 0x0,
	PICA_DATA_COLOR_PIXEL_SIZE32 = 0x2
};

/* Colour buffer format (bits 16-18 of 0x117); a gas buffer is RGBA8. */
enum PicaDataColor {
	PICA_DATA_COLOR_RGBA8_OES = 0x0,
	PICA_DATA_COLOR_GAS_DMP = 0x0,
	PICA_DATA_COLOR_RGB5_A1 = 0x2,
	PICA_DATA_COLOR_RGB565 = 0x3,
	PICA_DATA_COLOR_RGBA4 = 0x4
};

/* Depth buffer format (bits 0-1 of 0x116). */
enum PicaDataDepth {
	PICA_DATA_DEPTH_COMPONENT16 = 0x0,
	PICA_DATA_DEPTH_COMPONENT24_OES = 0x2,
	PICA_DATA_DEPTH24_STENCIL8_EXT = 0x3
};

/* What the gas colour table is looked up with (bit 8 of 0x122). */
enum PicaDataGasColorLutInput {
	PICA_DATA_GAS_DENSITY_DMP = 0x0,
	PICA_DATA_GAS_LIGHT_FACTOR_DMP = 0x1
};

/* The gas pass's depth comparison (bits 24-25 of 0x126); GREATER and
 * GEQUAL share a code. */
enum PicaDataDepthTest2 {
	PICA_DATA_DEPTH_TEST2_NEVER = 0x0,
	PICA_DATA_DEPTH_TEST2_ALWAYS = 0x1,
	PICA_DATA_DEPTH_TEST2_GREATER = 0x2,
	PICA_DATA_DEPTH_TEST2_GEQUAL = 0x2,
	PICA_DATA_DEPTH_TEST2_OTHER = 0x3
};

/* Fog mode (bits 0-2 of 0x0E0): off, fog, gas. */
enum PicaDataFogMode {
	PICA_DATA_FOG_FALSE = 0x0,
	PICA_DATA_FOG = 0x5,
	PICA_DATA_GAS = 0x7
};

/* Where gas density comes from (bit 3 of 0x0E0). */
enum PicaDataGasShadingDensitySrc {
	PICA_DATA_GAS_PLAIN_DENSITY_DMP = 0x0,
	PICA_DATA_GAS_DEPTH_DENSITY_DMP = 0x1
};

/* Fragment operation mode (bits 0-1 of 0x100). */
enum PicaDataFragOpMode {
	PICA_DATA_FRAGOP_MODE_DMP = 0x0,
	PICA_DATA_FRAGOP_MODE_GAS_ACC_DMP = 0x1,
	PICA_DATA_FRAGOP_MODE_SHADOW_DMP = 0x3
};

/* Blending or the logic operation (bit 8 of 0x100). */
enum PicaDataColorLogicOp {
	PICA_DATA_ENABLE_COLOR_LOGIC_OP = 0x0,
	PICA_DATA_ENABLE_BLEND = 0x1
};

/* The comparisons of the alpha, depth and stencil tests (bits 4-6 of
 * 0x104, 0x107 and 0x105), all in one order. */
enum PicaDataAlphaTest {
	PICA_DATA_ALPHA_TEST_NEVER = 0x0,
	PICA_DATA_ALPHA_TEST_ALWAYS = 0x1,
	PICA_DATA_ALPHA_TEST_EQUAL = 0x2,
	PICA_DATA_ALPHA_TEST_NOTEQUAL = 0x3,
	PICA_DATA_ALPHA_TEST_LESS = 0x4,
	PICA_DATA_ALPHA_TEST_LEQUAL = 0x5,
	PICA_DATA_ALPHA_TEST_GREATER = 0x6,
	PICA_DATA_ALPHA_TEST_GEQUAL = 0x7
};

enum PicaDataDepthTest {
	PICA_DATA_DEPTH_TEST_NEVER = 0x0,
	PICA_DATA_DEPTH_TEST_ALWAYS = 0x1,
	PICA_DATA_DEPTH_TEST_EQUAL = 0x2,
	PICA_DATA_DEPTH_TEST_NOTEQUAL = 0x3,
	PICA_DATA_DEPTH_TEST_LESS = 0x4,
	PICA_DATA_DEPTH_TEST_LEQUAL = 0x5,
	PICA_DATA_DEPTH_TEST_GREATER = 0x6,
	PICA_DATA_DEPTH_TEST_GEQUAL = 0x7
};

enum PicaDataStencilTest {
	PICA_DATA_STENCIL_TEST_NEVER = 0x0,
	PICA_DATA_STENCIL_TEST_ALWAYS = 0x1,
	PICA_DATA_STENCIL_TEST_EQUAL = 0x2,
	PICA_DATA_STENCIL_TEST_NOTEQUAL = 0x3,
	PICA_DATA_STENCIL_TEST_LESS = 0x4,
	PICA_DATA_STENCIL_TEST_LEQUAL = 0x5,
	PICA_DATA_STENCIL_TEST_GREATER = 0x6,
	PICA_DATA_STENCIL_TEST_GEQUAL = 0x7
};

/* Blend equations (bits 0-2 and 8-10 of 0x101). */
enum PicaDataBlendEquation {
	PICA_DATA_BLEND_EQUATION_ADD = 0,
	PICA_DATA_BLEND_EQUATION_SUBTRACT = 1,
	PICA_DATA_BLEND_EQUATION_REVERSE_SUBTRACT = 2,
	PICA_DATA_BLEND_EQUATION_MIN = 3,
	PICA_DATA_BLEND_EQUATION_MAX = 4
};

/* Blend factors (4 bits each, bits 16-31 of 0x101). */
enum PicaDataBlendFunc {
	PICA_DATA_BLEND_FUNC_ZERO = 0,
	PICA_DATA_BLEND_FUNC_ONE = 1,
	PICA_DATA_BLEND_FUNC_SRC_COLOR = 2,
	PICA_DATA_BLEND_FUNC_ONE_MINUS_SRC_COLOR = 3,
	PICA_DATA_BLEND_FUNC_DST_COLOR = 4,
	PICA_DATA_BLEND_FUNC_ONE_MINUS_DST_COLOR = 5,
	PICA_DATA_BLEND_FUNC_SRC_ALPHA = 6,
	PICA_DATA_BLEND_FUNC_ONE_MINUS_SRC_ALPHA = 7,
	PICA_DATA_BLEND_FUNC_DST_ALPHA = 8,
	PICA_DATA_BLEND_FUNC_ONE_MINUS_DST_ALPHA = 9,
	PICA_DATA_BLEND_FUNC_CONSTANT_COLOR = 10,
	PICA_DATA_BLEND_FUNC_ONE_MINUS_CONSTANT_COLOR = 11,
	PICA_DATA_BLEND_FUNC_CONSTANT_ALPHA = 12,
	PICA_DATA_BLEND_FUNC_ONE_MINUS_CONSTANT_ALPHA = 13,
	PICA_DATA_BLEND_FUNC_SRC_ALPHA_SATURATE = 14
};

/* Logic operations (bits 0-3 of 0x102), in GL's order. */
enum PicaDataLogicOp {
	PICA_DATA_LOGIC_CLEAR = 0x0,
	PICA_DATA_LOGIC_AND = 0x1,
	PICA_DATA_LOGIC_AND_REVERSE = 0x2,
	PICA_DATA_LOGIC_COPY = 0x3,
	PICA_DATA_LOGIC_SET = 0x4,
	PICA_DATA_LOGIC_COPY_INVERTED = 0x5,
	PICA_DATA_LOGIC_NOOP = 0x6,
	PICA_DATA_LOGIC_INVERT = 0x7,
	PICA_DATA_LOGIC_NAND = 0x8,
	PICA_DATA_LOGIC_OR = 0x9,
	PICA_DATA_LOGIC_NOR = 0xA,
	PICA_DATA_LOGIC_XOR = 0xB,
	PICA_DATA_LOGIC_EQUIV = 0xC,
	PICA_DATA_LOGIC_AND_INVERTED = 0xD,
	PICA_DATA_LOGIC_OR_REVERSE = 0xE,
	PICA_DATA_LOGIC_OR_INVERTED = 0xF
};

/* Early depth comparisons (bits 0-1 of 0x061). */
enum PicaDataEarlyDepth {
	PICA_DATA_EARLY_DEPTH_GEQUAL = 0x0,
	PICA_DATA_EARLY_DEPTH_GREATER = 0x1,
	PICA_DATA_EARLY_DEPTH_LEQUAL = 0x2,
	PICA_DATA_EARLY_DEPTH_LESS = 0x3
};

/* Stencil operations (3 bits each in 0x106). */
enum PicaDataStencilOp {
	PICA_DATA_STENCIL_OP_KEEP = 0x0,
	PICA_DATA_STENCIL_OP_ZERO = 0x1,
	PICA_DATA_STENCIL_OP_REPLACE = 0x2,
	PICA_DATA_STENCIL_OP_INCR = 0x3,
	PICA_DATA_STENCIL_OP_DECR = 0x4,
	PICA_DATA_STENCIL_OP_INVERT = 0x5,
	PICA_DATA_STENCIL_OP_INCR_WRAP = 0x6,
	PICA_DATA_STENCIL_OP_DECR_WRAP = 0x7
};

/* Render buffer tiling (bit 0 of 0x11B): 8x8 or 32x32 blocks. */
enum PicaDataRenderBlockFormat {
	PICA_DATA_RENDER_BLOCK8_MODE_DMP = 0x0,
	PICA_DATA_RENDER_BLOCK32_MODE_DMP = 0x1
};

/* ---- render buffers -------------------------------------------------------- */

/* 0x11D / 0x11C: physical byte address of the colour / depth buffer,
 * in units of 8 bytes. */
#define PICA_CMD_DATA_RENDER_BUFFER_COLOR_ADDR(addr) (NNGX_PICA_U(addr) >> 3)
#define PICA_CMD_DATA_RENDER_BUFFER_DEPTH_ADDR(addr) (NNGX_PICA_U(addr) >> 3)

/* 0x117: pixel size bits 0-1, format bits 16-18. 0x116: depth format. */
#define PICA_CMD_DATA_RENDER_BUFFER_COLOR_MODE(pixSize, format) \
	(NNGX_PICA_U(pixSize) | NNGX_PICA_AT(format, 16))
#define PICA_CMD_DATA_RENDER_BUFFER_DEPTH_MODE(mode) NNGX_PICA_U(mode)

/* 0x11E and 0x06E: width in bits 0-10, height - 1 in bits 12-21, bit 24
 * set. */
#define PICA_CMD_DATA_RENDER_BUFFER_RESOLUTION(width, height) \
	(NNGX_PICA_U(width) | ((NNGX_PICA_U(height) - 1u) << 12) | 0x01000000u)

/* 0x11B: 32x32 blocks for any non-zero mode. */
#define PICA_CMD_DATA_RENDER_BLOCK_FORMAT(mode) ((mode) ? 1u : 0u)

/* 0x110 and 0x111: bit 0 triggers the render-buffer cache operation.
 * The SET form writes data1 to 0x111, then data2 to 0x110. */
#define PICA_CMD_DATA_COLOR_DEPTH_BUFFER_CLEAR(data) ((data) ? 1u : 0u)
#define PICA_CMD_SET_COLOR_DEPTH_BUFFER_CLEAR(data1, data2)                                       \
	PICA_CMD_DATA_COLOR_DEPTH_BUFFER_CLEAR(data1),                                           \
	PICA_CMD_HEADER_SINGLE(PICA_REG_COLOR_DEPTH_BUFFER_CLEAR1),                              \
	PICA_CMD_DATA_COLOR_DEPTH_BUFFER_CLEAR(data2), PICA_CMD_HEADER_SINGLE(PICA_REG_COLOR_DEPTH_BUFFER_CLEAR0)

/* 0x112-0x115: colour and depth/stencil read and write permissions, as
 * they are. */
#define PICA_CMD_DATA_FRAME_BUFFER_MODE(mode) NNGX_PICA_U(mode)

/* ---- gas and fog ------------------------------------------------------------- */

/* 0x120 / 0x121: three 8-bit light terms from bit 0 up. 0x122: the fourth
 * z term in bits 0-7, the colour table input (bit 8). */
#define PICA_CMD_DATA_GAS_LIGHT_XY(lightXY1, lightXY2, lightXY3) \
	NNGX_PICA_BYTES4(lightXY1, lightXY2, lightXY3, 0)
#define PICA_CMD_DATA_GAS_LIGHT_Z(lightZ1, lightZ2, lightZ3) \
	NNGX_PICA_BYTES4(lightZ1, lightZ2, lightZ3, 0)
#define PICA_CMD_DATA_GAS_LIGHT_Z_COLOR(lightZ4, colorLutInput) \
	(NNGX_PICA_U(lightZ4) | NNGX_PICA_BIT(colorLutInput, 8))

/* 0x126: the depth step in bits 0-23, the comparison (PicaDataDepthTest2)
 * in 24-25. */
#define PICA_CMD_DATA_GAS_DELTAZ_DEPTH(deltaZ, depthTest2Func) \
	(NNGX_PICA_U(deltaZ) | NNGX_PICA_AT(depthTest2Func, 24))

/* 0x0E0, the register fog shares with the combiner buffer: fog mode bits
 * 0-2, density source bit 3, z flip bit 16. The SET form writes bytes 0
 * and 2 only, so the combiner-buffer bits (byte 1) stay. */
#define PICA_CMD_DATA_GAS_FOG_MODE(fogMode, shadingDensitySrc, zFlip) \
	(NNGX_PICA_U(fogMode) | NNGX_PICA_BIT(shadingDensitySrc, 3) | NNGX_PICA_BIT(zFlip, 16))
#define PICA_CMD_SET_GAS_FOG_MODE(fogMode, shadingDensitySrc, zFlip)  \
	PICA_CMD_DATA_GAS_FOG_MODE(fogMode, shadingDensitySrc, zFlip), \
	PICA_CMD_HEADER_SINGLE_BE(PICA_REG_GAS_FOG_MODE, 0x5)

/* 0x0E4, 0x0E5, 0x123, 0x0E6, 0x0E8-0x0EF: values as they are. */
#define PICA_CMD_DATA_GAS_ATTENUATION(attenuation) NNGX_PICA_U(attenuation)
#define PICA_CMD_DATA_GAS_ACCMAX(accMax)           NNGX_PICA_U(accMax)
#define PICA_CMD_DATA_GAS_LUT_INDEX(index)         NNGX_PICA_U(index)
#define PICA_CMD_DATA_FOG_LUT_INDEX(index)         NNGX_PICA_U(index)
#define PICA_CMD_DATA_FOG_LUT_DATA(data)           NNGX_PICA_U(data)

/* 0x124 and 0x0E1: colours of 8-bit fields, red lowest, no alpha.
 * `color8` is anything with members r, g and b. */
#define PICA_CMD_DATA_GAS_LUT_DATA(color8) NNGX_PICA_BYTES4((color8).r, (color8).g, (color8).b, 0)
#define PICA_CMD_DATA_FOG_COLOR(color8)    NNGX_PICA_BYTES4((color8).r, (color8).g, (color8).b, 0)

/* ---- rasterizer ---------------------------------------------------------- */

/* 0x040: culling mode, as it is. */
#define PICA_CMD_DATA_CULL_FACE(mode) NNGX_PICA_U(mode)
#define PICA_CMD_SET_CULL_FACE(mode) \
	PICA_CMD_DATA_CULL_FACE(mode), PICA_CMD_HEADER_SINGLE(PICA_REG_CULL_FACE)

/* 0x041-0x044: viewport half sizes and their inverses, encoded floats. */
#define PICA_CMD_DATA_VIEWPORT_WIDTH(width)   NNGX_PICA_U(width)
#define PICA_CMD_DATA_VIEWPORT_HEIGHT(height) NNGX_PICA_U(height)

/* 0x068: viewport corner, x in bits 0-9, y from bit 16. */
#define PICA_CMD_DATA_VIEWPORT_XY(x, y) (NNGX_PICA_U(x) | NNGX_PICA_AT(y, 16))

/* 0x047: user clip plane on (bit 0); the SET form writes byte 0 only.
 * 0x048-0x04B: the plane's coefficients. */
#define PICA_CMD_DATA_FRAGOP_CLIP(mode) ((mode) ? 1u : 0u)
#define PICA_CMD_SET_FRAGOP_CLIP(mode) \
	PICA_CMD_DATA_FRAGOP_CLIP(mode), PICA_CMD_HEADER_SINGLE_BE(PICA_REG_FRAGOP_CLIP, 0x1)
#define PICA_CMD_DATA_FRAGOP_CLIP_DATA(data) NNGX_PICA_U(data)

/* 0x06D: bit 0 is set when `value` is 0 (the SDK's "w scale" switch is
 * the inverse of the depth-map register's bit). 0x04D / 0x04E: its scale
 * and offset, encoded floats. */
#define PICA_CMD_DATA_FRAGOP_WSCALE(value)     (((value) == 0) ? 1u : 0u)
#define PICA_CMD_DATA_FRAGOP_WSCALE_DATA(data) NNGX_PICA_U(data)

/* 0x065: scissor test on (3) or off (0). */
#define PICA_CMD_DATA_SCISSOR(mode) ((mode) ? 3u : 0u)

/* 0x066: the scissor box's first corner, each coordinate clamped to
 * 0 .. size - 1 of the colour buffer; x in bits 0-9, y from bit 16.
 * (Written so that unsigned, signed and mixed arguments compile without
 * warnings and compare by value: NNGX_PICA_NEG, and the upper bound
 * compared once both sides are known not to be negative.) */
#define NNGX_PICA_CLAMP_(v, size)                                                          \
	(NNGX_PICA_NEG(v) ? 0u                                                            \
	 : (NNGX_PICA_NEG(size) || NNGX_PICA_U(v) >= NNGX_PICA_U(size)) ? NNGX_PICA_U(size) - 1u \
									  : NNGX_PICA_U(v))
#define PICA_CMD_DATA_SCISSOR_XY(x, y, colorBufferWidth, colorBufferHeight) \
	(NNGX_PICA_CLAMP_(x, colorBufferWidth) | (NNGX_PICA_CLAMP_(y, colorBufferHeight) << 16))

/* 0x067: the box's second corner, negative y taken as 0. As the SDK's
 * macro does, a negative x makes the whole word 0 (its conditional on x
 * takes the y half as part of its "else" operand). */
#define PICA_CMD_DATA_SCISSOR_SIZE(x, y) \
	(NNGX_PICA_NEG(x) ? 0u : (NNGX_PICA_U(x) | ((NNGX_PICA_NEG(y) ? 0u : NNGX_PICA_U(y)) << 16)))

/* ---- early depth ------------------------------------------------------------- */

/* 0x062 and 0x118: on for any non-zero mode; the DISABLE SET form writes
 * 0 to both (0x062 byte 0 only). 0x061: comparison (PicaDataEarlyDepth),
 * byte 0. 0x06A: the clear value, bytes 0-2. */
#define PICA_CMD_DATA_EARLY_DEPTH_TEST(mode) ((mode) ? 1u : 0u)
#define PICA_CMD_DATA_EARLY_DEPTH_TEST_DISABLE() 0u
#define PICA_CMD_SET_DISABLE_EARLY_DEPTH_TEST()                                                       \
	PICA_CMD_DATA_EARLY_DEPTH_TEST_DISABLE(), PICA_CMD_HEADER_SINGLE_BE(PICA_REG_EARLY_DEPTH_TEST1, 0x1), \
	PICA_CMD_DATA_EARLY_DEPTH_TEST_DISABLE(), PICA_CMD_HEADER_SINGLE(PICA_REG_EARLY_DEPTH_TEST2)
#define PICA_CMD_DATA_EARLY_DEPTH_FUNC(func) NNGX_PICA_U(func)
#define PICA_CMD_SET_EARLY_DEPTH_FUNC(func) \
	PICA_CMD_DATA_EARLY_DEPTH_FUNC(func), PICA_CMD_HEADER_SINGLE_BE(PICA_REG_EARLY_DEPTH_FUNC, 0x1)
#define PICA_CMD_DATA_EARLY_DEPTH_DATA(depth) NNGX_PICA_U(depth)
#define PICA_CMD_SET_EARLY_DEPTH_DATA(data) \
	PICA_CMD_DATA_EARLY_DEPTH_DATA(data), PICA_CMD_HEADER_SINGLE_BE(PICA_REG_EARLY_DEPTH_DATA, 0x7)

/* ---- per-fragment operations ------------------------------------------------- */

/* 0x100: fragment operation mode bits 0-1, blend (1) or logic op (0) in
 * bit 8, 0x0E4 in bits 16-23. */
#define PICA_CMD_DATA_COLOR_OPERATION(fragOpMode, blendMode) \
	(NNGX_PICA_U(fragOpMode) | NNGX_PICA_AT(blendMode, 8) | (0x0E4u << 16))

/* 0x130: penumbra bias in bits 0-15, scale in 16-31, encoded floats. */
#define PICA_CMD_DATA_FRAGOP_SHADOW(penumbraScale, penumbraBias) \
	(NNGX_PICA_AT(penumbraScale, 16) | NNGX_PICA_U(penumbraBias))

/* 0x104: enable bit 0, comparison bits 4-6, reference bits 8-15. The
 * SET forms write byte 0 (disable: the reference stays) or bytes 0-1. */
#define PICA_CMD_DATA_FRAGOP_ALPHA_TEST_DISABLE() 0u
#define PICA_CMD_DATA_FRAGOP_ALPHA_TEST(enable, func, value) \
	(NNGX_PICA_BIT(enable, 0) | NNGX_PICA_AT(func, 4) | NNGX_PICA_AT(value, 8))
#define PICA_CMD_SET_DISABLE_ALPHA_TEST() \
	PICA_CMD_DATA_FRAGOP_ALPHA_TEST_DISABLE(), PICA_CMD_HEADER_SINGLE_BE(PICA_REG_FRAGOP_ALPHA_TEST, 0x1)
#define PICA_CMD_SET_ENABLE_ALPHA_TEST(func, value)      \
	PICA_CMD_DATA_FRAGOP_ALPHA_TEST(1, func, value), \
	PICA_CMD_HEADER_SINGLE_BE(PICA_REG_FRAGOP_ALPHA_TEST, 0x3)

/* 0x107: depth test enable bit 0, its comparison bits 4-6, colour write
 * enables R, G, B, A in bits 8-11, depth write bit 12. */
#define PICA_CMD_DATA_DEPTH_TEST_DISABLE() 0u
#define PICA_CMD_DATA_DEPTH_COLOR_MASK(enableDepthTest, depthFunc, red, green, blue, alpha, \
				       depthMask)                                         \
	(NNGX_PICA_BIT(enableDepthTest, 0) | NNGX_PICA_AT(depthFunc, 4) | NNGX_PICA_BIT(red, 8) | \
	 NNGX_PICA_BIT(green, 9) | NNGX_PICA_BIT(blue, 10) | NNGX_PICA_BIT(alpha, 11) |           \
	 NNGX_PICA_BIT(depthMask, 12))

/* 0x105: enable bit 0, comparison bits 4-6, write mask bits 8-15,
 * reference 16-23, comparison mask 24-31. 0x106: the operations on
 * stencil fail, depth fail and pass, 4 bits apart. */
#define PICA_CMD_DATA_STENCIL_TEST(enableStencilTest, stencilFunc, stencilMask, ref, mask)     \
	(NNGX_PICA_BIT(enableStencilTest, 0) | NNGX_PICA_AT(stencilFunc, 4) |                    \
	 NNGX_PICA_AT(stencilMask, 8) | NNGX_PICA_AT(ref, 16) | NNGX_PICA_AT(mask, 24))
#define PICA_CMD_DATA_STENCIL_TEST_DISABLE() 0u
#define PICA_CMD_SET_DISABLE_STENCIL_TEST() \
	PICA_CMD_DATA_STENCIL_TEST_DISABLE(), PICA_CMD_HEADER_SINGLE(PICA_REG_STENCIL_TEST)
#define PICA_CMD_DATA_STENCIL_OP(fail, zfail, zpass) NNGX_PICA_NIBBLES4(fail, zfail, zpass, 0)

/* 0x101: RGB equation bits 0-2, alpha equation 8-10, then the source and
 * destination factors of RGB (16-19, 20-23) and alpha (24-27, 28-31). */
#define PICA_CMD_DATA_BLEND_FUNC_SEPARATE(eqRgb, eqAlpha, srcRgb, dstRgb, srcAlpha, dstAlpha) \
	(NNGX_PICA_U(eqRgb) | NNGX_PICA_AT(eqAlpha, 8) | NNGX_PICA_AT(srcRgb, 16) |               \
	 NNGX_PICA_AT(dstRgb, 20) | NNGX_PICA_AT(srcAlpha, 24) | NNGX_PICA_AT(dstAlpha, 28))
#define PICA_CMD_DATA_BLEND_FUNC(eq, src, dst) \
	PICA_CMD_DATA_BLEND_FUNC_SEPARATE(eq, eq, src, dst, src, dst)

/* Blending on in the default fragment mode (0x100), then the function
 * (0x101). (The SDK's forms name the mode with gx_MacroOld.h's
 * PICA_DATA_FRAGOP_MODE and its 0x101 word needs C++; these give the
 * same words from this header alone, in C and C++.) */
#define PICA_CMD_SET_BLEND_FUNC_SEPARATE(eqRgb, eqAlpha, srcRgb, dstRgb, srcAlpha, dstAlpha)       \
	PICA_CMD_DATA_COLOR_OPERATION(PICA_DATA_FRAGOP_MODE_DMP, PICA_DATA_ENABLE_BLEND),          \
	PICA_CMD_HEADER_SINGLE(PICA_REG_COLOR_OPERATION),                                          \
	PICA_CMD_DATA_BLEND_FUNC_SEPARATE(eqRgb, eqAlpha, srcRgb, dstRgb, srcAlpha, dstAlpha),     \
	PICA_CMD_HEADER_SINGLE(PICA_REG_BLEND_FUNC)
#define PICA_CMD_SET_BLEND_FUNC(eq, src, dst) \
	PICA_CMD_SET_BLEND_FUNC_SEPARATE(eq, eq, src, dst, src, dst)
#define PICA_CMD_SET_BLEND_DEFAULT()                                                   \
	PICA_CMD_SET_BLEND_FUNC(PICA_DATA_BLEND_EQUATION_ADD, PICA_DATA_BLEND_FUNC_SRC_ALPHA, \
				PICA_DATA_BLEND_FUNC_ONE_MINUS_SRC_ALPHA)
#define PICA_CMD_SET_BLEND_NOTHING() \
	PICA_CMD_SET_BLEND_FUNC(PICA_DATA_BLEND_EQUATION_ADD, PICA_DATA_BLEND_FUNC_ONE, PICA_DATA_BLEND_FUNC_ZERO)

/* 0x102: the logic operation, bits 0-3. LOGIC_OP_ENABLE is the 0x101 word
 * that goes with it: ADD, source factors ONE, destination factors ZERO.
 * The SET form switches 0x100 to the logic operation and writes 0x102
 * (0x101 stays as it is). */
#define PICA_CMD_DATA_LOGIC_OP(logicOp) NNGX_PICA_U(logicOp)
#define PICA_CMD_DATA_LOGIC_OP_ENABLE() ((1u << 16) | (1u << 24))
#define PICA_CMD_SET_LOGIC_OP(logicOp)                                                             \
	PICA_CMD_DATA_COLOR_OPERATION(PICA_DATA_FRAGOP_MODE_DMP, PICA_DATA_ENABLE_COLOR_LOGIC_OP), \
	PICA_CMD_HEADER_SINGLE(PICA_REG_COLOR_OPERATION),                                          \
	PICA_CMD_DATA_LOGIC_OP(logicOp), PICA_CMD_HEADER_SINGLE(PICA_REG_LOGIC_OP)

/* 0x103: the blend constant, 8 bits each from red up. */
#define PICA_CMD_DATA_BLEND_COLOR(color8) \
	NNGX_PICA_BYTES4((color8).r, (color8).g, (color8).b, (color8).a)

#endif
