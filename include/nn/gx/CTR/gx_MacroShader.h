/* nn/gx/CTR/gx_MacroShader.h: parameter words for the geometry pipeline
 * (vertex arrays, draw kicks, 0x200-0x25F), the shader output map
 * (0x04F-0x06F) and the geometry and vertex shader units (0x280-0x2DD),
 * and the codes that go into them.
 *
 * Part of libnngx (MIT licence), written for libnngx. Names, parameter
 * lists and field positions are the SDK's (source compatibility); the
 * layouts are cross-checked with 3dbrew (GPU/Internal Registers, geometry
 * pipeline and shader registers) and with what libnngx's GPU model
 * decodes (hw/hw_regs.h). A PICA_CMD_DATA_* macro is one parameter word;
 * a PICA_CMD_SET_* macro is whole commands (parameter, header, ...) to
 * paste into a u32 array. */
#ifndef NNGX_NN_GX_CTR_GX_MACROSHADER_H
#define NNGX_NN_GX_CTR_GX_MACROSHADER_H

#include <nn/gx/CTR/gx_MacroCommon.h>

/* Runs of zero words for the dummy commands below. */
#define NNGX_PICA_ZEROS5_   0, 0, 0, 0, 0
#define NNGX_PICA_ZEROS10_  NNGX_PICA_ZEROS5_, NNGX_PICA_ZEROS5_
#define NNGX_PICA_ZEROS30_  NNGX_PICA_ZEROS10_, NNGX_PICA_ZEROS10_, NNGX_PICA_ZEROS10_

/* ---- codes ---------------------------------------------------------------- */

/* Float uniform upload modes (bit 31 of the float-uniform index
 * register): three words per vector of 24-bit floats, or four of 32-bit
 * floats. */
enum PicaDataVSFloat {
	PICA_DATA_VS_F24 = 0,
	PICA_DATA_VS_F32 = 1
};

enum PicaDataGSFloat {
	PICA_DATA_GS_F24 = 0,
	PICA_DATA_GS_F32 = 1
};

/* Primitive modes for bits 8-9 of 0x25E (DRAW_MODE2 / OUT_REG_NUM3). */
enum PicaDataDrawMode {
	PICA_DATA_DRAW_TRIANGLE_STRIP = 1,
	PICA_DATA_DRAW_TRIANGLE_FAN = 2,
	PICA_DATA_DRAW_TRIANGLES = 3,
	PICA_DATA_DRAW_GEOMETRY_PRIMITIVE = 3
};

/* What one component of a shader output register carries (5 bits per
 * component of the output map, 0x050-0x056); INVALID for unused. */
enum PicaDataVSOutAttr {
	PICA_DATA_VS_OUT_ATTR_X = 0x00,
	PICA_DATA_VS_OUT_ATTR_Y = 0x01,
	PICA_DATA_VS_OUT_ATTR_Z = 0x02,
	PICA_DATA_VS_OUT_ATTR_W = 0x03,
	PICA_DATA_VS_OUT_ATTR_QUART_X = 0x04,
	PICA_DATA_VS_OUT_ATTR_QUART_Y = 0x05,
	PICA_DATA_VS_OUT_ATTR_QUART_Z = 0x06,
	PICA_DATA_VS_OUT_ATTR_QUART_W = 0x07,
	PICA_DATA_VS_OUT_ATTR_R = 0x08,
	PICA_DATA_VS_OUT_ATTR_G = 0x09,
	PICA_DATA_VS_OUT_ATTR_B = 0x0A,
	PICA_DATA_VS_OUT_ATTR_A = 0x0B,
	PICA_DATA_VS_OUT_ATTR_TEX0_U = 0x0C,
	PICA_DATA_VS_OUT_ATTR_TEX0_V = 0x0D,
	PICA_DATA_VS_OUT_ATTR_TEX1_U = 0x0E,
	PICA_DATA_VS_OUT_ATTR_TEX1_V = 0x0F,
	PICA_DATA_VS_OUT_ATTR_TEX0_W = 0x10,
	PICA_DATA_VS_OUT_ATTR_VIEW_X = 0x12,
	PICA_DATA_VS_OUT_ATTR_VIEW_Y = 0x13,
	PICA_DATA_VS_OUT_ATTR_VIEW_Z = 0x14,
	PICA_DATA_VS_OUT_ATTR_TEX2_U = 0x16,
	PICA_DATA_VS_OUT_ATTR_TEX2_V = 0x17,
	PICA_DATA_VS_OUT_ATTR_INVALID = 0x1F
};

/* Vertex attribute formats (4 bits each in 0x201/0x202): the component
 * type in bits 0-1, the component count - 1 in bits 2-3. */
enum PicaDataVertexAttrType {
	PICA_DATA_SIZE_1_BYTE = 0x0,
	PICA_DATA_SIZE_1_UNSIGNED_BYTE = 0x1,
	PICA_DATA_SIZE_1_SHORT = 0x2,
	PICA_DATA_SIZE_1_FLOAT = 0x3,
	PICA_DATA_SIZE_2_BYTE = 0x4,
	PICA_DATA_SIZE_2_UNSIGNED_BYTE = 0x5,
	PICA_DATA_SIZE_2_SHORT = 0x6,
	PICA_DATA_SIZE_2_FLOAT = 0x7,
	PICA_DATA_SIZE_3_BYTE = 0x8,
	PICA_DATA_SIZE_3_UNSIGNED_BYTE = 0x9,
	PICA_DATA_SIZE_3_SHORT = 0xA,
	PICA_DATA_SIZE_3_FLOAT = 0xB,
	PICA_DATA_SIZE_4_BYTE = 0xC,
	PICA_DATA_SIZE_4_UNSIGNED_BYTE = 0xD,
	PICA_DATA_SIZE_4_SHORT = 0xE,
	PICA_DATA_SIZE_4_FLOAT = 0xF
};

/* What one slot of a load array holds: attribute 0-11, or 4-16 bytes of
 * padding. */
enum PicaDataVertexAttr {
	PICA_DATA_VERTEX_0_ATTR = 0x0,
	PICA_DATA_VERTEX_1_ATTR = 0x1,
	PICA_DATA_VERTEX_2_ATTR = 0x2,
	PICA_DATA_VERTEX_3_ATTR = 0x3,
	PICA_DATA_VERTEX_4_ATTR = 0x4,
	PICA_DATA_VERTEX_5_ATTR = 0x5,
	PICA_DATA_VERTEX_6_ATTR = 0x6,
	PICA_DATA_VERTEX_7_ATTR = 0x7,
	PICA_DATA_VERTEX_8_ATTR = 0x8,
	PICA_DATA_VERTEX_9_ATTR = 0x9,
	PICA_DATA_VERTEX_a_ATTR = 0xA,
	PICA_DATA_VERTEX_b_ATTR = 0xB,
	PICA_DATA_PADDING_4_BYTE = 0xC,
	PICA_DATA_PADDING_8_BYTE = 0xD,
	PICA_DATA_PADDING_12_BYTE = 0xE,
	PICA_DATA_PADDING_16_BYTE = 0xF
};

/* Index size (bit 31 of 0x227). */
enum PicaDataIndexArray {
	PICA_DATA_INDEX_ARRAY_UNSIGNED_BYTE = 0,
	PICA_DATA_INDEX_ARRAY_UNSIGNED_SHORT = 1
};

/* Geometry shader kinds: bit 0 marks the subdivision ones. */
enum PicaDataGSMode {
	PICA_DATA_GS_OTHER_MODE = 0,
	PICA_DATA_GS_SUBDIVISION_MODE = 1,
	PICA_DATA_GS_PARTICLE_MODE = 2,
	PICA_DATA_GS_SUBDIVISION_CATMULL_MODE = 3,
	PICA_DATA_GS_SUBDIVISION_LOOP_MODE = 5
};

/* ---- geometry stage and draw kicks ---------------------------------------- */

/* 0x229: the geometry shader switch (2 in bits 0-1), the primitive mode
 * flag in bit 8, bit 31 for a subdivision geometry shader. */
#define PICA_CMD_DATA_DRAW_MODE0(useGeometryShader, drawMode, useGeometryShaderSubdivision) \
	(((useGeometryShader) ? 2u : 0u) | NNGX_PICA_AT(drawMode, 8) |                      \
	 NNGX_PICA_BIT(useGeometryShaderSubdivision, 31))

/* Bit 8 of 0x229 alone (byte 1): one command. */
#define PICA_CMD_SET_DRAW_MODE0(drawMode) \
	PICA_CMD_DATA_DRAW_MODE0(0, drawMode, 0), PICA_CMD_HEADER_SINGLE_BE(PICA_REG_DRAW_MODE0, 0x2)

/* Commands that write nothing (byte mask 0) but take the command
 * processor's time, as the SDK puts them around a change of the
 * geometry-shader switch: 30 words to 0x200 (32 words in all) and 10
 * words to 0x251 (12 in all). */
#define PICA_CMD_SET_VERTEX_ATTR_ARRAYS_BASE_ADDR_DUMMY() \
	0, PICA_CMD_HEADER_BURST_BE(PICA_REG_VERTEX_ATTR_ARRAYS_BASE_ADDR, 30, 0x0), NNGX_PICA_ZEROS30_
#define PICA_CMD_SET_DRAW_MODE0_DUMMY_BEGIN()                                       \
	0, PICA_CMD_HEADER_BURST_BE(PICA_REG_VS_OUT_REG_NUM2, 10, 0x0), NNGX_PICA_ZEROS10_, \
	PICA_CMD_SET_VERTEX_ATTR_ARRAYS_BASE_ADDR_DUMMY()
#define PICA_CMD_SET_DRAW_MODE0_DUMMY_END() PICA_CMD_SET_VERTEX_ATTR_ARRAYS_BASE_ADDR_DUMMY()

/* The geometry-shader switch and subdivision bit (bytes 0 and 3 of
 * 0x229) between the dummy commands: 12 + 32 + 2 + 32 words. */
#define PICA_CMD_SET_VS_GS_MODE(useGeometryShader, useGeometryShaderSubdivision)      \
	PICA_CMD_SET_DRAW_MODE0_DUMMY_BEGIN(),                                          \
	PICA_CMD_DATA_DRAW_MODE0(useGeometryShader, 0, useGeometryShaderSubdivision),   \
	PICA_CMD_HEADER_SINGLE_BE(PICA_REG_DRAW_MODE0, 0x9),                            \
	PICA_CMD_SET_DRAW_MODE0_DUMMY_END()

/* 0x245 and 0x25F: one flag each (drawing vs configuration; restart of a
 * strip or fan). */
#define PICA_CMD_DATA_START_DRAW_FUNC(data)                       ((data) ? 1u : 0u)
#define PICA_CMD_DATA_START_DRAW_FUNC1(resetVertexTriangleIndex) ((resetVertexTriangleIndex) ? 1u : 0u)

/* 0x253: the function flag in bit 0, the mode flag in bit 8; the SET form
 * writes bytes 0-1. */
#define PICA_CMD_DATA_DRAW_MODE1(func, mode) (NNGX_PICA_U(func) | NNGX_PICA_AT(mode, 8))
#define PICA_CMD_SET_DRAW_MODE1(func, mode) \
	PICA_CMD_DATA_DRAW_MODE1(func, mode), PICA_CMD_HEADER_SINGLE_BE(PICA_REG_DRAW_MODE1, 0x3)

/* Whole-word registers: vertex count (0x228), first vertex (0x22A), the
 * two draw triggers (0x22E arrays, 0x22F elements). */
#define PICA_CMD_DATA_DRAW_VERTEX_NUM(num)        NNGX_PICA_U(num)
#define PICA_CMD_DATA_DRAW_VERTEX_OFFSET(offset)  NNGX_PICA_U(offset)
#define PICA_CMD_DATA_START_DRAW_ARRAY(start)     NNGX_PICA_U(start)
#define PICA_CMD_DATA_START_DRAW_ELEMENT(start)   NNGX_PICA_U(start)

/* A draw: drawing mode on (0x245 = 0), the trigger, configuration mode
 * back (0x245 = 1), a vertex-cache clear (0x231 = 1) and twice a write of
 * 0 to byte 3 of 0x25E: six commands. */
#define NNGX_PICA_DRAW_KICK_(reg, start)                                          \
	PICA_CMD_DATA_START_DRAW_FUNC(0), PICA_CMD_HEADER_SINGLE_BE(PICA_REG_START_DRAW_FUNC0, 0x1), \
	NNGX_PICA_U(start), PICA_CMD_HEADER_SINGLE(reg),                          \
	PICA_CMD_DATA_START_DRAW_FUNC(1), PICA_CMD_HEADER_SINGLE_BE(PICA_REG_START_DRAW_FUNC0, 0x1), \
	1, PICA_CMD_HEADER_SINGLE(PICA_REG_VERTEX_FUNC),                                             \
	0, PICA_CMD_HEADER_SINGLE_BE(PICA_REG_DRAW_MODE2, 0x8),             \
	0, PICA_CMD_HEADER_SINGLE_BE(PICA_REG_DRAW_MODE2, 0x8)
#define PICA_CMD_SET_START_DRAW_ARRAY(start)   NNGX_PICA_DRAW_KICK_(PICA_REG_START_DRAW_ARRAY, start)
#define PICA_CMD_SET_START_DRAW_ELEMENT(start) NNGX_PICA_DRAW_KICK_(PICA_REG_START_DRAW_ELEMENT, start)

/* ---- vertex arrays ------------------------------------------------------------- */

/* 0x200: the base's physical address >> 3, kept 16-byte aligned (bit 0
 * is 0). */
#define PICA_CMD_DATA_VERTEX_ATTR_ARRAYS_BASE_ADDR(addr) ((NNGX_PICA_U(addr) >> 4) << 1)

/* 0x201: the formats of attributes 0-7, 4 bits each; 0x202: attributes
 * 8-11, the fixed-attribute mask from bit 16, attribute count - 1 from
 * bit 28. */
#define PICA_CMD_DATA_VERTEX_ATTR_ARRAYS0(attr0, attr1, attr2, attr3, attr4, attr5, attr6, attr7) \
	NNGX_PICA_NIBBLES8(attr0, attr1, attr2, attr3, attr4, attr5, attr6, attr7)
#define PICA_CMD_DATA_VERTEX_ATTR_ARRAYS1(attr8, attr9, attr10, attr11, mask, attrNum) \
	(NNGX_PICA_NIBBLES4(attr8, attr9, attr10, attr11) | NNGX_PICA_AT(mask, 16) |     \
	 NNGX_PICA_AT((attrNum) - 1, 28))

/* Load array 0 (0x203-0x205; array n is 3n further): byte offset from
 * the base; slots 0-7; slots 8-11, the stride in bytes from bit 16, the
 * slot count from bit 28. */
#define PICA_CMD_DATA_LOAD_ARRAY0_ATTR_OFFSET(offset) NNGX_PICA_U(offset)
#define PICA_CMD_DATA_LOAD_ARRAY_ELEMENT0(attr0, attr1, attr2, attr3, attr4, attr5, attr6, attr7) \
	NNGX_PICA_NIBBLES8(attr0, attr1, attr2, attr3, attr4, attr5, attr6, attr7)
#define PICA_CMD_DATA_LOAD_ARRAY_ELEMENT1(attr8, attr9, attr10, attr11, byteNum, elementNum) \
	(NNGX_PICA_NIBBLES4(attr8, attr9, attr10, attr11) | NNGX_PICA_AT(byteNum, 16) |        \
	 NNGX_PICA_AT(elementNum, 28))

/* 0x227: the index array's byte offset from the base, bit 31 set for
 * 16-bit indices. */
#define PICA_CMD_DATA_INDEX_ARRAY_ADDR_OFFSET(offset, type) \
	(NNGX_PICA_U(offset) | ((type) ? 0x80000000u : 0u))

/* 0x232: the attribute whose fixed value follows (bits 0-3; 0xF streams
 * vertices); then three words of packed 24-bit floats (0x233-0x235). The
 * SET form writes the index and the three words in one consecutive
 * command, padded: six words. */
#define PICA_CMD_DATA_VS_FIXED_ATTR(order)     (NNGX_PICA_U(order) & 0xFu)
#define PICA_CMD_DATA_VS_FIXED_ATTR_DATA(data) NNGX_PICA_U(data)
#define PICA_CMD_SET_VS_FIXED_ATTR(order, c0, c1, c2)                                   \
	PICA_CMD_DATA_VS_FIXED_ATTR(order), PICA_CMD_HEADER_BURSTSEQ(PICA_REG_VS_FIXED_ATTR, 4), \
	NNGX_PICA_U(c0), NNGX_PICA_U(c1), NNGX_PICA_U(c2), PICA_CMD_DATA_ZERO()

/* ---- shader inputs and outputs -------------------------------------------- */

/* Vertex shader input count - 1: in 0x2B9 (bits 0-3, with 0xA0 in the
 * top byte) and in 0x242. The SET form writes 0x2B9 without byte 2. */
#define PICA_CMD_DATA_VS_ATTR_NUM0(num) ((NNGX_PICA_U((num) - 1) & 0xFu) | 0xA0000000u)
#define PICA_CMD_DATA_VS_ATTR_NUM1(num) (NNGX_PICA_U((num) - 1) & 0xFu)
#define PICA_CMD_SET_VS_ATTR_NUM(num)                                                   \
	PICA_CMD_DATA_VS_ATTR_NUM0(num), PICA_CMD_HEADER_SINGLE_BE(PICA_REG_VS_ATTR_NUM0, 0xB), \
	PICA_CMD_DATA_VS_ATTR_NUM1(num), PICA_CMD_HEADER_SINGLE(PICA_REG_VS_ATTR_NUM1)

/* Input permutation (0x2BB/0x2BC, geometry 0x28B/0x28C): the shader input
 * register of each attribute, 4 bits each. */
#define PICA_CMD_DATA_VS_ATTR_IN_REG_MAP0(index1, index2, index3, index4, index5, index6, \
					  index7, index8)                                  \
	NNGX_PICA_NIBBLES8(index1, index2, index3, index4, index5, index6, index7, index8)
#define PICA_CMD_DATA_VS_ATTR_IN_REG_MAP1(index9, index10, index11, index12) \
	NNGX_PICA_NIBBLES4(index9, index10, index11, index12)
#define PICA_CMD_DATA_GS_ATTR_IN_REG_MAP0(index1, index2, index3, index4, index5, index6, \
					  index7, index8)                                  \
	NNGX_PICA_NIBBLES8(index1, index2, index3, index4, index5, index6, index7, index8)
#define PICA_CMD_DATA_GS_ATTR_IN_MAP1(index9, index10, index11, index12) \
	NNGX_PICA_NIBBLES4(index9, index10, index11, index12)

/* The identity permutation 0-15 for the geometry unit: two commands. */
#define PICA_CMD_SET_GS_ATTR_IN_MAP_RESERVED()                      \
	0x76543210u, PICA_CMD_HEADER_SINGLE(PICA_REG_GS_ATTR_IN_REG_MAP0), \
	0xFEDCBA98u, PICA_CMD_HEADER_SINGLE(PICA_REG_GS_ATTR_IN_REG_MAP1)

/* Output register counts: 0x04F takes the count, 0x24A, 0x251 and 0x25E
 * (bits 0-3) the count - 1; 0x25E also the primitive mode in bits 8-9. */
#define PICA_CMD_DATA_VS_GS_OUT_REG_NUM(num)  NNGX_PICA_U(num)
#define PICA_CMD_DATA_VS_GS_OUT_REG_NUM0(num) NNGX_PICA_U(num)
#define PICA_CMD_DATA_VS_GS_OUT_REG_NUM1(num) NNGX_PICA_U((num) - 1)
#define PICA_CMD_DATA_VS_GS_OUT_REG_NUM2(num) NNGX_PICA_U((num) - 1)
#define PICA_CMD_DATA_VS_GS_OUT_REG_NUM3(num, mode) (NNGX_PICA_U((num) - 1) | NNGX_PICA_AT(mode, 8))

/* The primitive mode alone (byte 1 of 0x25E): one command. */
#define PICA_CMD_SET_DRAW_MODE2(mode) \
	NNGX_PICA_AT(mode, 8), PICA_CMD_HEADER_SINGLE_BE(PICA_REG_DRAW_MODE2, 0x2)

/* The count into all four registers (0x25E byte 0 only): four commands. */
#define PICA_CMD_SET_VS_GS_OUT_REG_NUM(num)                                               \
	PICA_CMD_DATA_VS_GS_OUT_REG_NUM0(num), PICA_CMD_HEADER_SINGLE(PICA_REG_VS_OUT_REG_NUM0), \
	PICA_CMD_DATA_VS_GS_OUT_REG_NUM1(num), PICA_CMD_HEADER_SINGLE(PICA_REG_VS_OUT_REG_NUM1), \
	PICA_CMD_DATA_VS_GS_OUT_REG_NUM2(num), PICA_CMD_HEADER_SINGLE(PICA_REG_VS_OUT_REG_NUM2), \
	NNGX_PICA_U((num) - 1), PICA_CMD_HEADER_SINGLE_BE(PICA_REG_VS_OUT_REG_NUM3, 0x1)

/* Output enable masks (0x2BD, 0x28D): o0-o15 in bits 0-15. */
#define PICA_CMD_DATA_VS_OUT_MASK(mask) (NNGX_PICA_U(mask) & 0xFFFFu)
#define PICA_CMD_DATA_GS_OUT_MASK(mask) (NNGX_PICA_U(mask) & 0xFFFFu)

/* Output map (0x050-0x056): PicaDataVSOutAttr codes of components x, y,
 * z, w, one byte each; 0x064 the texture-coordinate mode word. */
#define PICA_CMD_DATA_VS_GS_OUT_ATTR(attr_x, attr_y, attr_z, attr_w) \
	NNGX_PICA_BYTES4(attr_x, attr_y, attr_z, attr_w)
#define PICA_CMD_DATA_VS_GS_OUT_ATTR_MODE(mode) NNGX_PICA_U(mode)

/* Output clock (0x06F): which groups of outputs are in use: position z
 * bit 0, colour bit 1, texture coordinates 0-2 bits 8-10, coordinate 0's
 * w bit 16, normal quaternion / view bit 24. */
#define PICA_CMD_DATA_VS_GS_OUT_ATTR_CLK(posZ, col, tex0, tex1, tex2, tex0_w, view_quart) \
	(NNGX_PICA_BIT(posZ, 0) | NNGX_PICA_BIT(col, 1) | NNGX_PICA_BIT(tex0, 8) |         \
	 NNGX_PICA_BIT(tex1, 9) | NNGX_PICA_BIT(tex2, 10) | NNGX_PICA_BIT(tex0_w, 16) |    \
	 NNGX_PICA_BIT(view_quart, 24))

/* ---- shader units ---------------------------------------------------------- */

/* 0x244: the geometry unit takes its own configuration (bit 0). */
#define PICA_CMD_DATA_VS_COM_MODE(mode) ((mode) ? 1u : 0u)
#define PICA_CMD_SET_VS_COM_MODE(mode) \
	PICA_CMD_DATA_VS_COM_MODE(mode), PICA_CMD_HEADER_SINGLE_BE(PICA_REG_VS_COM_MODE, 0x1)

/* Float-uniform index (0x2C0, 0x290): the register in bits 0-7, bit 31
 * for 32-bit floats. The vertex form sets bit 31 for any non-zero mode;
 * the geometry form shifts `mode` into bit 31 as it is (so only its bit
 * 0 counts), as the SDK's two macros differ. The data ports (0x2C1-0x2C8,
 * 0x291-0x298) take the words as they are. */
#define PICA_CMD_DATA_VS_FLOAT_ADDR(mode, index) \
	((NNGX_PICA_U(index) & 0xFFu) | ((mode) ? 0x80000000u : 0u))
#define PICA_CMD_SET_VS_FLOAT_ADDR(mode, index) \
	PICA_CMD_DATA_VS_FLOAT_ADDR(mode, index), PICA_CMD_HEADER_SINGLE(PICA_REG_VS_FLOAT_ADDR)
#define PICA_CMD_DATA_VS_FLOAT(data) NNGX_PICA_U(data)
#define PICA_CMD_DATA_GS_FLOAT_ADDR(mode, index) \
	((NNGX_PICA_U(index) & 0xFFu) | NNGX_PICA_AT(mode, 31))
#define PICA_CMD_SET_GS_FLOAT_ADDR(mode, index) \
	PICA_CMD_DATA_GS_FLOAT_ADDR(mode, index), PICA_CMD_HEADER_SINGLE(PICA_REG_GS_FLOAT_ADDR)
#define PICA_CMD_DATA_GS_FLOAT_DATA(data) NNGX_PICA_U(data)

/* Bool uniforms b0-b15 (0x2B0, 0x280) and the entry point (0x2BA,
 * 0x28A) in bits 0-15, 0x7FFF in the high half. */
#define PICA_CMD_DATA_VS_BOOL(b)          (NNGX_PICA_U(b) | 0x7FFF0000u)
#define PICA_CMD_DATA_GS_BOOL(b)          (NNGX_PICA_U(b) | 0x7FFF0000u)
#define PICA_CMD_DATA_VS_START_ADDR(data) (NNGX_PICA_U(data) | 0x7FFF0000u)
#define PICA_CMD_DATA_GS_START_ADDR(data) (NNGX_PICA_U(data) | 0x7FFF0000u)

/* Integer uniforms i0-i3 (0x2B1-0x2B4, 0x281-0x284): x, y, z bytes. */
#define PICA_CMD_DATA_VS_INT(x, y, z) (NNGX_PICA_U(x) | NNGX_PICA_AT(y, 8) | NNGX_PICA_AT(z, 16))
#define PICA_CMD_DATA_GS_INT(x, y, z) (NNGX_PICA_U(x) | NNGX_PICA_AT(y, 8) | NNGX_PICA_AT(z, 16))

/* Program and operand-descriptor upload: the index registers (0x2CB,
 * 0x2D5; 0x29B, 0x2A5), the data ports (0x2CC-0x2D3, 0x2D6-0x2DD;
 * 0x29C-0x2A3, 0x2A6-0x2AD) and the end-of-upload trigger (0x2BF): words
 * as they are. */
#define PICA_CMD_DATA_VS_PROG_ADDR(addr)         NNGX_PICA_U(addr)
#define PICA_CMD_DATA_VS_PROG_SWIZZLE_ADDR(addr) NNGX_PICA_U(addr)
#define PICA_CMD_DATA_VS_PROG_DATA(data)         NNGX_PICA_U(data)
#define PICA_CMD_DATA_VS_PROG_SWIZZLE_DATA(data) NNGX_PICA_U(data)
#define PICA_CMD_DATA_VS_PROG_END(data)          NNGX_PICA_U(data)
#define PICA_CMD_DATA_GS_PROG_ADDR(addr)         NNGX_PICA_U(addr)
#define PICA_CMD_DATA_GS_PROG_SWIZZLE_ADDR(addr) NNGX_PICA_U(addr)
#define PICA_CMD_DATA_GS_PROG_DATA(data)         NNGX_PICA_U(data)
#define PICA_CMD_DATA_GS_PROG_SWIZZLE_DATA(data) NNGX_PICA_U(data)

/* 0x289: geometry shader input count - 1 in bits 0-3, the subdivision
 * flag in bit 8, 0x08 (geometry shader on) or 0xA0 in the top byte; the
 * SET form leaves byte 2 alone. */
#define PICA_CMD_DATA_GS_ATTR_NUM(geometryShaderVertexAttrInputNum, useGeometrySubdivision, \
				  useGeometryShader)                                       \
	(NNGX_PICA_U((geometryShaderVertexAttrInputNum) - 1) |                              \
	 NNGX_PICA_BIT(useGeometrySubdivision, 8) | ((useGeometryShader) ? 0x08000000u : 0xA0000000u))
#define PICA_CMD_SET_GS_ATTR_NUM(geometryShaderVertexAttrInputNum, useGeometrySubdivision, \
				 useGeometryShader)                                       \
	PICA_CMD_DATA_GS_ATTR_NUM(geometryShaderVertexAttrInputNum, useGeometrySubdivision,   \
				  useGeometryShader),                                      \
	PICA_CMD_HEADER_SINGLE_BE(PICA_REG_GS_ATTR_NUM, 0xB)

/* 0x252: 1 for any subdivision kind (odd PicaDataGSMode), 0x01004302 for
 * particles, 0 otherwise; 0x254: subdivision type, 3 Catmull-Clark, 2
 * Loop, 0 otherwise. */
#define PICA_CMD_DATA_GS_MISC_REG0(mode)                                      \
	((NNGX_PICA_U(mode) & PICA_DATA_GS_SUBDIVISION_MODE) ? 0x1u :         \
	 NNGX_PICA_U(mode) == PICA_DATA_GS_PARTICLE_MODE ? 0x01004302u : 0u)
#define PICA_CMD_DATA_GS_MISC_REG1(mode)                                      \
	(NNGX_PICA_U(mode) == PICA_DATA_GS_SUBDIVISION_CATMULL_MODE ? 3u :    \
	 NNGX_PICA_U(mode) == PICA_DATA_GS_SUBDIVISION_LOOP_MODE ? 2u : 0u)

#define NNGX_PICA_SET_GS_MISC0_(mode) \
	PICA_CMD_DATA_GS_MISC_REG0(mode), PICA_CMD_HEADER_SINGLE(PICA_REG_GS_MISC_REG0)
#define PICA_CMD_SET_GS_MISC_REG0_SUBDIVISION()         NNGX_PICA_SET_GS_MISC0_(PICA_DATA_GS_SUBDIVISION_MODE)
#define PICA_CMD_SET_GS_MISC_REG0_SUBDIVISION_CATMULL() NNGX_PICA_SET_GS_MISC0_(PICA_DATA_GS_SUBDIVISION_CATMULL_MODE)
#define PICA_CMD_SET_GS_MISC_REG0_SUBDIVISION_LOOP()    NNGX_PICA_SET_GS_MISC0_(PICA_DATA_GS_SUBDIVISION_LOOP_MODE)
#define PICA_CMD_SET_GS_MISC_REG0_PARTICLE()            NNGX_PICA_SET_GS_MISC0_(PICA_DATA_GS_PARTICLE_MODE)
#define PICA_CMD_SET_GS_MISC_REG0_OTHER()               NNGX_PICA_SET_GS_MISC0_(PICA_DATA_GS_OTHER_MODE)

#endif
