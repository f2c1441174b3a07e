/* hw_regs.h: PICA200 internal register ids and field layouts for the
 * command processor's geometry stage (rasterizer setup, vertex loader,
 * primitive assembly, shader units), plus the float formats they use and
 * the physical memory map the loaders read from.
 *
 * Facts only: ids, bit positions and codes as published on 3dbrew,
 * "GPU/Internal_Registers" (newest revision; older revisions and
 * "GPU/GL_Arrays" where they settle a question) and "Memory_layout".
 * Where the public pages are unsure or silent the comment says
 * "unverified" or "model choice" and gives the value this model uses.
 *
 * Part of libnngx (MIT licence). hw/ knows nothing of GL or nngx. */
#ifndef NNGX_HW_REGS_H
#define NNGX_HW_REGS_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* The float helpers reinterpret bits through memcpy: binary32 required. */
typedef char hw_reg_float_is_binary32[(sizeof(float) == 4) ? 1 : -1];

/* ---------------------------------------------------------------------
 * Float formats (Internal_Registers, "Data Types": floatS.E.M = sign,
 * exponent, mantissa bits). float24 = float1.7.16, float31 = float1.7.23,
 * float32 = float1.8.23 (IEEE binary32). The 7-bit exponents are biased by
 * 63; the pages give the bit split only, the bias is the usual 2^(7-1)-1.
 *
 * Zero exponent: decoded as +-0 (mantissa ignored), i.e. no denormals.
 * All-ones exponent: decoded as IEEE inf (mantissa 0) or NaN. Both are
 * model choices; the pages do not describe either case (unverified).
 * Every other value converts to binary32 exactly (its range and precision
 * cover both formats).
 * ------------------------------------------------------------------- */

/* Build a binary32 from sign, 7-bit biased exponent, 23-bit mantissa. */
static inline float hw_reg_f7_to_float(uint32_t sign, uint32_t exp7, uint32_t mant23)
{
	uint32_t bits = sign << 31;
	float f;

	if (exp7 == 0x7Fu)
		bits |= 0xFFu << 23 | mant23;
	else if (exp7 != 0)
		bits |= (exp7 + 64u) << 23 | mant23;   /* rebias 63 -> 127 */
	memcpy(&f, &bits, sizeof f);
	return f;
}

/* float24 (bits 0-23: mantissa 0-15, exponent 16-22, sign 23) to float. */
static inline float hw_reg_f24_to_float(uint32_t raw)
{
	return hw_reg_f7_to_float((raw >> 23) & 1u, (raw >> 16) & 0x7Fu,
				  (raw & 0xFFFFu) << 7);
}

/* float31 (bits 0-30: mantissa 0-22, exponent 23-29, sign 30) to float.
 * In a register it sits in bits 1-31: pass reg >> 1. */
static inline float hw_reg_f31_to_float(uint32_t raw)
{
	return hw_reg_f7_to_float((raw >> 30) & 1u, (raw >> 23) & 0x7Fu,
				  raw & 0x7FFFFFu);
}

/* float32 register word to float (same bits). */
static inline float hw_reg_f32_to_float(uint32_t bits)
{
	float f;

	memcpy(&f, &bits, sizeof f);
	return f;
}

/* float to a 7-bit-exponent format with `mbits` mantissa bits, as raw
 * bits. Model choice: mantissa truncated, values below the smallest
 * normal flush to +-0, values above the largest finite become inf. Used by
 * tests and by code that builds command lists, never by the decoders. */
static inline uint32_t hw_reg_float_to_f7(float f, unsigned mbits)
{
	uint32_t bits, sign, exp8, mant;
	int32_t e;

	memcpy(&bits, &f, sizeof bits);
	sign = bits >> 31;
	exp8 = (bits >> 23) & 0xFFu;
	mant = (bits & 0x7FFFFFu) >> (23u - mbits);
	if (exp8 == 0xFFu) {                       /* inf or NaN stays so */
		if ((bits & 0x7FFFFFu) != 0 && mant == 0)
			mant = 1;
		e = 0x7F;
	} else {
		e = (int32_t)exp8 - 64;
		if (exp8 == 0 || e <= 0)
			return sign << (7u + mbits);
		if (e >= 0x7F) {
			e = 0x7F;
			mant = 0;
		}
	}
	return sign << (7u + mbits) | (uint32_t)e << mbits | mant;
}

static inline uint32_t hw_reg_float_to_f24(float f) { return hw_reg_float_to_f7(f, 16); }
static inline uint32_t hw_reg_float_to_f31(float f) { return hw_reg_float_to_f7(f, 23); }

/* Four float24 packed in three words (Internal_Registers,
 * "GPUREG_FIXEDATTRIB_DATAi" bit table; the same packing is used by the
 * float24 uniform upload, "GPUREG_SH_FLOATUNIFORM_DATAi"): w first, x
 * last. Word 0 = w[23:0] in bits 8-31, z[23:16] in bits 0-7; word 1 =
 * z[15:0] in bits 16-31, y[23:8] in bits 0-15; word 2 = y[7:0] in bits
 * 24-31, x in bits 0-23. (The prose of the uniform section writes word 0
 * as "ZZWWWWWW"; the explicit bit table above is what this model follows.)
 * comp: 0 = x, 1 = y, 2 = z, 3 = w. Returns the raw float24. */
static inline uint32_t hw_reg_packed_f24(const uint32_t w[3], unsigned comp)
{
	switch (comp & 3u) {
	case 0:  return w[2] & 0xFFFFFFu;
	case 1:  return (w[1] & 0xFFFFu) << 8 | w[2] >> 24;
	case 2:  return (w[0] & 0xFFu) << 16 | w[1] >> 16;
	default: return w[0] >> 8;
	}
}

/* Three packed words to out[0..3] = x, y, z, w. */
static inline void hw_reg_unpack_f24x4(const uint32_t w[3], float out[4])
{
	unsigned c;

	for (c = 0; c < 4; c++)
		out[c] = hw_reg_f24_to_float(hw_reg_packed_f24(w, c));
}

/* v[0..3] = x, y, z, w to three packed words (inverse of the above). */
static inline void hw_reg_pack_f24x4(const float v[4], uint32_t out[3])
{
	uint32_t x = hw_reg_float_to_f24(v[0]), y = hw_reg_float_to_f24(v[1]);
	uint32_t z = hw_reg_float_to_f24(v[2]), w = hw_reg_float_to_f24(v[3]);

	out[0] = w << 8 | z >> 16;
	out[1] = (z & 0xFFFFu) << 16 | y >> 8;
	out[2] = (y & 0xFFu) << 24 | x;
}

/* float32 uniform mode: four words, also w first ("reverse order",
 * "GPUREG_SH_FLOATUNIFORM_DATAi"). out[0..3] = x, y, z, w. */
static inline void hw_reg_unpack_f32x4(const uint32_t w[4], float out[4])
{
	unsigned c;

	for (c = 0; c < 4; c++)
		out[c] = hw_reg_f32_to_float(w[3 - c]);
}

/* ---------------------------------------------------------------------
 * Command header (Internal_Registers, "Command Header", "Parameter
 * masking"). A command is the parameter word, then the header, then
 * `extra` more parameter words, then one padding word if needed so the
 * next command starts 8-byte aligned. Parameter i goes to id (consecutive
 * mode: id + i). The newest revision gives the extra count as bits 20-27
 * with 28-30 unused; older "GPU/Commands" revisions said 20-30. Model
 * choice: 8 bits, bits 28-30 ignored.
 * ------------------------------------------------------------------- */
#define HW_REG_CMD_ID_MASK          0xFFFFu      /* bits 0-15 */
#define HW_REG_CMD_MASK_SHIFT       16           /* bits 16-19: byte enables */
#define HW_REG_CMD_EXTRA_SHIFT      20           /* bits 20-27 */
#define HW_REG_CMD_CONSECUTIVE      0x80000000u  /* bit 31 */
#define HW_REG_CMD_MASK_ALL         0xFu

/* Register file: 3dbrew lists ids 0x000-0x2FF. Model choice: a write to a
 * higher id is ignored. */
#define HW_REG_COUNT                0x300u

static inline unsigned hw_reg_cmd_id(uint32_t hdr) { return hdr & 0xFFFFu; }
static inline unsigned hw_reg_cmd_mask(uint32_t hdr) { return (hdr >> 16) & 0xFu; }
static inline unsigned hw_reg_cmd_extra(uint32_t hdr) { return (hdr >> 20) & 0xFFu; }
static inline bool hw_reg_cmd_consecutive(uint32_t hdr) { return (hdr >> 31) != 0; }

/* Words the whole command occupies, padding included (always even). */
static inline unsigned hw_reg_cmd_words(uint32_t hdr)
{
	unsigned extra = hw_reg_cmd_extra(hdr);

	return 2u + extra + (extra & 1u);
}

static inline uint32_t hw_reg_cmd_header(unsigned id, unsigned mask, unsigned extra,
					 bool consecutive)
{
	return (uint32_t)(id & HW_REG_CMD_ID_MASK)
		| (uint32_t)(mask & 0xFu) << HW_REG_CMD_MASK_SHIFT
		| (uint32_t)(extra & 0xFFu) << HW_REG_CMD_EXTRA_SHIFT
		| (consecutive ? HW_REG_CMD_CONSECUTIVE : 0u);
}

/* Mask bit n enables byte n (bit 16 = least significant byte). */
static inline uint32_t hw_reg_cmd_byte_mask(unsigned mask)
{
	uint32_t m = 0;
	unsigned b;

	for (b = 0; b < 4; b++)
		if (mask & (1u << b))
			m |= 0xFFu << (8 * b);
	return m;
}

/* The register's value after a masked write of `value` over `old`. */
static inline uint32_t hw_reg_cmd_merge(uint32_t old, uint32_t value, unsigned mask)
{
	uint32_t m = hw_reg_cmd_byte_mask(mask);

	return (old & ~m) | (value & m);
}

/* Miscellaneous registers (Internal_Registers, "GPUREG_FINALIZE"): any
 * write ends the command list (0x12345678 is the usual value). */
#define HW_REG_FINALIZE             0x010

/* ---------------------------------------------------------------------
 * Rasterizer registers 0x040-0x07F (Internal_Registers, "Rasterizer
 * registers").
 * ------------------------------------------------------------------- */
#define HW_REG_FACECULLING_CONFIG   0x040   /* bits 0-1: mode */
#define HW_REG_VIEWPORT_WIDTH       0x041   /* bits 0-23: float24 width / 2 */
#define HW_REG_VIEWPORT_INVW        0x042   /* bits 1-31: float31 2 / width */
#define HW_REG_VIEWPORT_HEIGHT      0x043   /* bits 0-23: float24 height / 2 */
#define HW_REG_VIEWPORT_INVH        0x044   /* bits 1-31: float31 2 / height */
#define HW_REG_FRAGOP_CLIP          0x047   /* bit 0: user clip plane on */
#define HW_REG_FRAGOP_CLIP_DATA0    0x048   /* ..0x04B: float24 plane coefficient i */
#define HW_REG_DEPTHMAP_SCALE       0x04D   /* bits 0-23: float24 (near - far) */
#define HW_REG_DEPTHMAP_OFFSET      0x04E   /* bits 0-23: float24 (near + polygon offset) */
#define HW_REG_SH_OUTMAP_TOTAL      0x04F   /* bits 0-2: number of OUTMAP_Oi in use */
#define HW_REG_SH_OUTMAP_O0         0x050   /* ..0x056: semantics of output i */
#define HW_REG_SH_OUTMAP_COUNT      7
#define HW_REG_EARLYDEPTH_FUNC      0x061   /* bits 0-1: HW_REG_EARLYDEPTH_* */
#define HW_REG_EARLYDEPTH_TEST1     0x062   /* bit 0: enable */
#define HW_REG_EARLYDEPTH_CLEAR     0x063   /* bit 0: trigger clear */
#define HW_REG_SH_OUTATTR_MODE      0x064   /* bit 0: texture coordinates used */
#define HW_REG_SCISSORTEST_MODE     0x065   /* bits 0-1: 0 off, 3 on */
#define HW_REG_SCISSORTEST_POS      0x066   /* x1 bits 0-9, y1 bits 16-25 */
#define HW_REG_SCISSORTEST_DIM      0x067   /* x2 bits 0-9, y2 bits 16-25 */
#define HW_REG_VIEWPORT_XY          0x068   /* signed x bits 0-9, y bits 16-25 */
#define HW_REG_EARLYDEPTH_DATA      0x06A   /* bits 0-23: clear value */
#define HW_REG_DEPTHMAP_ENABLE      0x06D   /* bit 0: depth range on */
#define HW_REG_RENDERBUF_DIM        0x06E   /* width bits 0-10, height-1 bits 12-21 */
#define HW_REG_SH_OUTATTR_CLOCK     0x06F   /* HW_REG_OUTATTR_CLOCK_* bits */

#define HW_REG_FRAGOP_CLIP_DATA(i)  (HW_REG_FRAGOP_CLIP_DATA0 + (i))
#define HW_REG_SH_OUTMAP_O(i)       (HW_REG_SH_OUTMAP_O0 + (i))

/* Face culling modes. 3dbrew: 1 culls the counter-clockwise face, 2 the
 * back face (listed as "Counter Clockwise" too, read here as: the front is
 * CCW, so 2 culls clockwise triangles). Unverified: the winding's
 * coordinate space, and code 3 (model choice: no culling). */
#define HW_REG_CULL_NONE            0
#define HW_REG_CULL_CCW             1
#define HW_REG_CULL_CW              2

static inline unsigned hw_reg_cull_mode(uint32_t reg) { return reg & 3u; }

/* Viewport half-size (WIDTH/HEIGHT) and inverse (INVW/INVH). */
static inline float hw_reg_viewport_half(uint32_t reg)
{
	return hw_reg_f24_to_float(reg & 0xFFFFFFu);
}
static inline float hw_reg_viewport_inv(uint32_t reg) { return hw_reg_f31_to_float(reg >> 1); }

/* Any float24 register in bits 0-23 (CLIP_DATAi, DEPTHMAP_*). */
static inline float hw_reg_f24_field(uint32_t reg) { return hw_reg_f24_to_float(reg & 0xFFFFFFu); }

static inline bool hw_reg_bit0(uint32_t reg) { return (reg & 1u) != 0; }

/* Sign-extend a 10-bit field (VIEWPORT_XY). */
static inline int hw_reg_s10(uint32_t v)
{
	v &= 0x3FFu;
	return (v & 0x200u) ? (int)v - 0x400 : (int)v;
}

static inline int hw_reg_viewport_x(uint32_t reg) { return hw_reg_s10(reg); }
static inline int hw_reg_viewport_y(uint32_t reg) { return hw_reg_s10(reg >> 16); }

/* SCISSORTEST_POS / _DIM: unsigned x (bits 0-9) and y (bits 16-25).
 * Whether x2/y2 are inclusive is not stated (unverified). Mode codes 1
 * and 2 are not documented (unverified; model choice: treated as off). */
#define HW_REG_SCISSOR_OFF          0
#define HW_REG_SCISSOR_ON           3
static inline unsigned hw_reg_scissor_x(uint32_t reg) { return reg & 0x3FFu; }
static inline unsigned hw_reg_scissor_y(uint32_t reg) { return (reg >> 16) & 0x3FFu; }

/* Early depth functions: the incoming depth passes if it is FUNC the
 * stored one (order of operands: unverified). */
#define HW_REG_EARLYDEPTH_GEQUAL    0
#define HW_REG_EARLYDEPTH_GREATER   1
#define HW_REG_EARLYDEPTH_LEQUAL    2
#define HW_REG_EARLYDEPTH_LESS      3
static inline unsigned hw_reg_earlydepth_func(uint32_t reg) { return reg & 3u; }
static inline uint32_t hw_reg_earlydepth_data(uint32_t reg) { return reg & 0xFFFFFFu; }

static inline unsigned hw_reg_renderbuf_width(uint32_t reg) { return reg & 0x7FFu; }
static inline unsigned hw_reg_renderbuf_height(uint32_t reg) { return ((reg >> 12) & 0x3FFu) + 1u; }

/* SH_OUTATTR_CLOCK bits ("GPUREG_SH_OUTATTR_CLOCK"). */
#define HW_REG_OUTATTR_CLOCK_POS_Z      (1u << 0)
#define HW_REG_OUTATTR_CLOCK_COLOR      (1u << 1)
#define HW_REG_OUTATTR_CLOCK_TEXCOORD0  (1u << 8)
#define HW_REG_OUTATTR_CLOCK_TEXCOORD1  (1u << 9)
#define HW_REG_OUTATTR_CLOCK_TEXCOORD2  (1u << 10)
#define HW_REG_OUTATTR_CLOCK_TEXCOORD0W (1u << 16)
#define HW_REG_OUTATTR_CLOCK_QUAT_VIEW  (1u << 24)

/* Output semantics, one 5-bit code per byte of SH_OUTMAP_Oi (x in bits
 * 0-4, y 8-12, z 16-20, w 24-28) ("GPUREG_SH_OUTMAP_Oi"). Codes 0x11,
 * 0x15 and 0x18-0x1E are not listed (model choice: treated as unused). */
#define HW_REG_SEM_POS_X            0x00
#define HW_REG_SEM_POS_Y            0x01
#define HW_REG_SEM_POS_Z            0x02
#define HW_REG_SEM_POS_W            0x03
#define HW_REG_SEM_QUAT_X           0x04    /* normal quaternion (lighting) */
#define HW_REG_SEM_QUAT_Y           0x05
#define HW_REG_SEM_QUAT_Z           0x06
#define HW_REG_SEM_QUAT_W           0x07
#define HW_REG_SEM_COLOR_R          0x08
#define HW_REG_SEM_COLOR_G          0x09
#define HW_REG_SEM_COLOR_B          0x0A
#define HW_REG_SEM_COLOR_A          0x0B
#define HW_REG_SEM_TEX0_U           0x0C
#define HW_REG_SEM_TEX0_V           0x0D
#define HW_REG_SEM_TEX1_U           0x0E
#define HW_REG_SEM_TEX1_V           0x0F
#define HW_REG_SEM_TEX0_W           0x10
#define HW_REG_SEM_VIEW_X           0x12    /* view vector (lighting) */
#define HW_REG_SEM_VIEW_Y           0x13
#define HW_REG_SEM_VIEW_Z           0x14
#define HW_REG_SEM_TEX2_U           0x16
#define HW_REG_SEM_TEX2_V           0x17
#define HW_REG_SEM_UNUSED           0x1F

static inline unsigned hw_reg_outmap_total(uint32_t reg) { return reg & 7u; }

/* Semantic of component comp (0 = x .. 3 = w) of one OUTMAP_Oi value. */
static inline unsigned hw_reg_outmap_semantic(uint32_t reg, unsigned comp)
{
	return (reg >> (8u * (comp & 3u))) & 0x1Fu;
}

/* ---------------------------------------------------------------------
 * Geometry pipeline registers 0x200-0x27F (Internal_Registers, "Geometry
 * pipeline registers").
 * ------------------------------------------------------------------- */
#define HW_REG_ATTRIBBUFFERS_LOC    0x200
#define HW_REG_ATTRIBBUFFERS_FORMAT_LOW  0x201   /* attributes 0-7 */
#define HW_REG_ATTRIBBUFFERS_FORMAT_HIGH 0x202   /* 8-11, fixed mask, count */
#define HW_REG_ATTRIBBUFFER0_OFFSET 0x203   /* 3 registers per buffer */
#define HW_REG_ATTRIBBUFFER_COUNT   12
#define HW_REG_INDEXBUFFER_CONFIG   0x227
#define HW_REG_NUMVERTICES          0x228   /* bits 0-31: vertices to draw */
#define HW_REG_GEOSTAGE_CONFIG      0x229
#define HW_REG_VERTEX_OFFSET        0x22A   /* bits 0-31: first vertex (arrays) */
#define HW_REG_POST_VERTEX_CACHE_NUM 0x22D
#define HW_REG_DRAWARRAYS           0x22E   /* non-zero write: draw arrays */
#define HW_REG_DRAWELEMENTS         0x22F   /* non-zero write: draw elements */
#define HW_REG_VTX_FUNC             0x231   /* non-zero write: clear vertex cache */
#define HW_REG_FIXEDATTRIB_INDEX    0x232
#define HW_REG_FIXEDATTRIB_DATA0    0x233   /* ..0x235: packed float24 x4 */
#define HW_REG_CMDBUF_SIZE0         0x238   /* bits 0-20: bytes >> 3 */
#define HW_REG_CMDBUF_SIZE1         0x239
#define HW_REG_CMDBUF_ADDR0         0x23A   /* bits 0-28: physical >> 3 */
#define HW_REG_CMDBUF_ADDR1         0x23B
#define HW_REG_CMDBUF_JUMP0         0x23C   /* non-zero write: run buffer 0 */
#define HW_REG_CMDBUF_JUMP1         0x23D
#define HW_REG_VSH_NUM_ATTR         0x242   /* bits 0-3: inputs - 1 */
#define HW_REG_VSH_COM_MODE         0x244   /* bit 0: separate GS config */
#define HW_REG_START_DRAW_FUNC0     0x245   /* bit 0: 0 drawing, 1 config */
#define HW_REG_VSH_OUTMAP_TOTAL1    0x24A   /* bits 0-3: outputs - 1 */
#define HW_REG_VSH_OUTMAP_TOTAL2    0x251   /* bits 0-3: outputs - 1 */
#define HW_REG_GSH_MISC0            0x252
#define HW_REG_GEOSTAGE_CONFIG2     0x253
#define HW_REG_GSH_MISC1            0x254   /* bits 0-4: subdivision type */
#define HW_REG_PRIMITIVE_CONFIG     0x25E
#define HW_REG_RESTART_PRIMITIVE    0x25F   /* bit 0: restart strip/fan */

#define HW_REG_ATTRIBBUFFER_OFFSET(i)  (HW_REG_ATTRIBBUFFER0_OFFSET + 3 * (i))
#define HW_REG_ATTRIBBUFFER_CONFIG1(i) (HW_REG_ATTRIBBUFFER0_OFFSET + 3 * (i) + 1)
#define HW_REG_ATTRIBBUFFER_CONFIG2(i) (HW_REG_ATTRIBBUFFER0_OFFSET + 3 * (i) + 2)
#define HW_REG_FIXEDATTRIB_DATA(i)     (HW_REG_FIXEDATTRIB_DATA0 + (i))

/* ATTRIBBUFFERS_LOC bits 1-28 hold the base's physical address >> 3; the
 * base is 16-byte aligned, so bit 0 is always 0 ("GPU/GL_Arrays", old
 * revision: "base physical address >> 3, aligned to 16 bytes"). Buffer
 * and index offsets are byte offsets from this base. */
static inline uint32_t hw_reg_attribbuffers_base(uint32_t reg) { return (reg & 0x1FFFFFFEu) << 3; }

/* Vertex attribute format: a 4-bit code per attribute, bits 0-1 type,
 * bits 2-3 component count - 1 (FORMAT_LOW: attribute i in bits 4i..4i+3;
 * FORMAT_HIGH bits 0-15: attributes 8-11). The newest revision labels
 * bits 2-3 "size: 8/16/24/32 bits"; "GPU/GL_Arrays" gives the code as
 * type + (size - 1) * 4 with GL size 1-4, which this model follows. */
#define HW_REG_ATTRIB_BYTE          0       /* signed 8-bit */
#define HW_REG_ATTRIB_UBYTE         1
#define HW_REG_ATTRIB_SHORT         2       /* signed 16-bit */
#define HW_REG_ATTRIB_FLOAT         3       /* float32 */
#define HW_REG_ATTRIB_MAX           12      /* attributes 0-11 */

static inline unsigned hw_reg_attrib_format(uint32_t low, uint32_t high, unsigned attr)
{
	return attr < 8 ? (low >> (4u * attr)) & 0xFu : (high >> (4u * (attr - 8u))) & 0xFu;
}

static inline unsigned hw_reg_attrib_type(unsigned code) { return code & 3u; }
static inline unsigned hw_reg_attrib_components(unsigned code) { return ((code >> 2) & 3u) + 1u; }

/* Bytes of one component of `type`: 1, 1, 2, 4. */
static inline unsigned hw_reg_attrib_type_bytes(unsigned type)
{
	static const unsigned char bytes[4] = { 1, 1, 2, 4 };

	return bytes[type & 3u];
}

/* FORMAT_HIGH bits 16-27: attribute i uses its fixed value (bit 16 + i);
 * bits 28-31: total attributes - 1. A configured buffer overrides the
 * fixed value ("GPU/Programming_Guide", "Fixed Vertex Attributes"). */
static inline unsigned hw_reg_fixed_attrib_mask(uint32_t high) { return (high >> 16) & 0xFFFu; }
static inline unsigned hw_reg_attrib_total(uint32_t high) { return ((high >> 28) & 0xFu) + 1u; }

/* ATTRIBBUFFERi_OFFSET bits 0-27: byte offset from the base. CONFIG1
 * holds component codes 0-7 (nibble n = component n), CONFIG2 bits 0-15
 * codes 8-11, bits 16-23 the stride in bytes, bits 28-31 the number of
 * components stored in the buffer. A code 0-11 names an attribute, 12-15
 * is padding of 4, 8, 12, 16 bytes. CONFIG2 bits 24-27: undocumented. */
#define HW_REG_COMPONENT_PAD4       12

static inline uint32_t hw_reg_attribbuffer_offset(uint32_t reg) { return reg & 0x0FFFFFFFu; }

static inline unsigned hw_reg_attribbuffer_component(uint32_t cfg1, uint32_t cfg2, unsigned n)
{
	return n < 8 ? (cfg1 >> (4u * n)) & 0xFu : (cfg2 >> (4u * (n - 8u))) & 0xFu;
}

static inline unsigned hw_reg_attribbuffer_stride(uint32_t cfg2) { return (cfg2 >> 16) & 0xFFu; }
static inline unsigned hw_reg_attribbuffer_ncomponents(uint32_t cfg2) { return (cfg2 >> 28) & 0xFu; }
static inline bool hw_reg_component_is_padding(unsigned code) { return code >= 12u; }
static inline unsigned hw_reg_component_padding_bytes(unsigned code) { return (code - 11u) * 4u; }

/* INDEXBUFFER_CONFIG: bits 0-27 byte offset from the attribute base,
 * bit 31 index size (0 = 8-bit, 1 = 16-bit; also set when drawing
 * arrays). */
static inline uint32_t hw_reg_indexbuffer_offset(uint32_t reg) { return reg & 0x0FFFFFFFu; }
static inline bool hw_reg_indexbuffer_16bit(uint32_t reg) { return (reg >> 31) != 0; }

/* GEOSTAGE_CONFIG: bits 0-1 geometry shader (0 off, 2 on), bit 8 set when
 * drawing triangle elements, bit 31 reserved ("subdivision") geometry
 * shader. GEOSTAGE_CONFIG2: bit 0 set around draw arrays / immediate
 * input, bit 8 as above. Mode code 1 and 3: undocumented (unverified). */
#define HW_REG_GEOSTAGE_GS_OFF      0
#define HW_REG_GEOSTAGE_GS_ON       2
#define HW_REG_GEOSTAGE_TRI_ELEMENTS (1u << 8)
#define HW_REG_GEOSTAGE_SUBDIVISION (1u << 31)
#define HW_REG_GEOSTAGE2_FUNCTION   (1u << 0)

static inline unsigned hw_reg_geostage_gs_mode(uint32_t reg) { return reg & 3u; }

/* POST_VERTEX_CACHE_NUM bits 0-7: "number of entries", values seen 0x04
 * and 0x84. Whether bit 7 is a separate flag and what the model should
 * size the cache at is unverified; the vertex cache block decides. */
#define HW_REG_POST_VERTEX_CACHE_SEEN_A 0x04
#define HW_REG_POST_VERTEX_CACHE_SEEN_B 0x84
static inline unsigned hw_reg_post_vertex_cache_num(uint32_t reg) { return reg & 0xFFu; }

/* FIXEDATTRIB_INDEX bits 0-3: attribute 0-11 whose fixed value the next
 * three DATA words set, or 0xF: immediate mode, DATA words stream vertex
 * attributes (VSH_NUM_ATTR of them per vertex) straight into the
 * pipeline. DATA0-2 are three registers, not aliases (packing above). */
#define HW_REG_FIXEDATTRIB_IMMEDIATE 0xF
static inline unsigned hw_reg_fixedattrib_index(uint32_t reg) { return reg & 0xFu; }

/* Command buffer channels: size in bytes, physical address. */
static inline uint32_t hw_reg_cmdbuf_size(uint32_t reg) { return (reg & 0x1FFFFFu) << 3; }
static inline uint32_t hw_reg_cmdbuf_addr(uint32_t reg) { return (reg & 0x1FFFFFFFu) << 3; }

/* "Count - 1" fields in bits 0-3: VSH_NUM_ATTR, VSH_OUTMAP_TOTAL1/2,
 * PRIMITIVE_CONFIG, SH_INPUTBUFFER_CONFIG. Returns the count. */
static inline unsigned hw_reg_count4(uint32_t reg) { return (reg & 0xFu) + 1u; }

/* GSH_MISC0 values seen (whole word); GSH_MISC1 subdivision types. */
#define HW_REG_GSH_MISC0_SUBDIVISION 0x00000001u
#define HW_REG_GSH_MISC0_PARTICLE    0x01004302u
#define HW_REG_GSH_SUBDIV_LOOP       2
#define HW_REG_GSH_SUBDIV_CATMULL    3

/* PRIMITIVE_CONFIG: bits 0-3 output registers - 1, bits 8-9 mode. */
#define HW_REG_PRIM_TRIANGLES       0
#define HW_REG_PRIM_STRIP           1
#define HW_REG_PRIM_FAN             2
#define HW_REG_PRIM_GEOMETRY        3       /* primitives from the geometry shader */

static inline unsigned hw_reg_primitive_mode(uint32_t reg) { return (reg >> 8) & 3u; }

/* ---------------------------------------------------------------------
 * Shader units (Internal_Registers, "Shader registers"): the geometry
 * unit at 0x280-0x2AF and the vertex unit at 0x2B0-0x2DF share one layout
 * 0x30 apart. Id = HW_REG_SH(base, offset). DATA0..DATA7 of each FIFO are
 * aliases of one port so a consecutive-mode command can stream into it.
 * ------------------------------------------------------------------- */
#define HW_REG_GSH_BASE             0x280
#define HW_REG_VSH_BASE             0x2B0
#define HW_REG_SH_UNIT_SIZE         0x30
#define HW_REG_SH(base, off)        ((base) + (off))

/*      offset                           GSH / VSH id */
#define HW_REG_SH_BOOLUNIFORM       0x00 /* 0x280 / 0x2B0: b0-b15 in bits 0-15 */
#define HW_REG_SH_INTUNIFORM_I0     0x01 /* ..0x04: i0-i3, x y z w one per byte */
#define HW_REG_SH_INPUTBUFFER_CONFIG 0x09 /* 0x289 / 0x2B9 */
#define HW_REG_SH_ENTRYPOINT        0x0A /* 0x28A / 0x2BA: bits 0-15, in words */
#define HW_REG_SH_PERMUTATION_LOW   0x0B /* 0x28B / 0x2BB: attributes 0-7 */
#define HW_REG_SH_PERMUTATION_HIGH  0x0C /* 0x28C / 0x2BC: attributes 8-15 */
#define HW_REG_SH_OUTMAP_MASK       0x0D /* 0x28D / 0x2BD: o0-o15 enable bits */
#define HW_REG_SH_CODETRANSFER_END  0x0F /* 0x28F / 0x2BF: non-zero: code done */
#define HW_REG_SH_FLOATUNIFORM_INDEX 0x10 /* 0x290 / 0x2C0 */
#define HW_REG_SH_FLOATUNIFORM_DATA0 0x11 /* ..0x18: one port, 8 ids */
#define HW_REG_SH_CODETRANSFER_INDEX 0x1B /* 0x29B / 0x2CB: bits 0-11 */
#define HW_REG_SH_CODETRANSFER_DATA0 0x1C /* ..0x23: one port, 8 ids */
#define HW_REG_SH_OPDESCS_INDEX     0x25 /* 0x2A5 / 0x2D5: bits 0-11 */
#define HW_REG_SH_OPDESCS_DATA0     0x26 /* ..0x2D: one port, 8 ids */
#define HW_REG_SH_DATA_ALIASES      8

#define HW_REG_SH_INTUNIFORM(i)     (HW_REG_SH_INTUNIFORM_I0 + (i))

static inline bool hw_reg_is_sh(unsigned id)
{
	return id >= HW_REG_GSH_BASE && id < HW_REG_VSH_BASE + HW_REG_SH_UNIT_SIZE;
}

/* For an id with hw_reg_is_sh(): its unit's base and its offset. */
static inline unsigned hw_reg_sh_base(unsigned id)
{
	return id >= HW_REG_VSH_BASE ? HW_REG_VSH_BASE : HW_REG_GSH_BASE;
}

static inline unsigned hw_reg_sh_offset(unsigned id)
{
	return (id - HW_REG_GSH_BASE) % HW_REG_SH_UNIT_SIZE;
}

/* Fold an aliased data id (any DATA1-7) to its DATA0 id; others unchanged. */
static inline unsigned hw_reg_fold_alias(unsigned id)
{
	static const unsigned ports[3] = {
		HW_REG_SH_FLOATUNIFORM_DATA0, HW_REG_SH_CODETRANSFER_DATA0, HW_REG_SH_OPDESCS_DATA0
	};
	unsigned off, p;

	if (!hw_reg_is_sh(id))
		return id;
	off = hw_reg_sh_offset(id);
	for (p = 0; p < 3; p++)
		if (off >= ports[p] && off < ports[p] + HW_REG_SH_DATA_ALIASES)
			return hw_reg_sh_base(id) + ports[p];
	return id;
}

/* BOOLUNIFORM bits 0-15 (16-31 read 0x7FFF); OUTMAP_MASK bits 0-15 (the
 * geometry unit has o0-o6 only). */
static inline unsigned hw_reg_low16(uint32_t reg) { return reg & 0xFFFFu; }

/* INTUNIFORM_Ii: byte comp (0 = x count, 1 = y start, 2 = z step, 3 = w). */
static inline unsigned hw_reg_byte(uint32_t reg, unsigned comp)
{
	return (reg >> (8u * (comp & 3u))) & 0xFFu;
}

/* INPUTBUFFER_CONFIG: bits 0-3 inputs - 1 (hw_reg_count4), bits 8-15
 * reserved-subdivision flag, bits 24-31 0x08 when the unit runs a
 * geometry shader, 0xA0 otherwise (always 0xA0 on the vertex unit). */
#define HW_REG_INPUTBUFFER_GS       0x08
#define HW_REG_INPUTBUFFER_NO_GS    0xA0
static inline unsigned hw_reg_inputbuffer_mode(uint32_t reg) { return reg >> 24; }

/* ENTRYPOINT bits 0-15: entry, in instruction words. */
static inline unsigned hw_reg_sh_entry(uint32_t reg) { return reg & 0xFFFFu; }

/* ATTRIBUTES_PERMUTATION: input register v0-v15 that receives input
 * attribute `attr` (0-15) of the unit's input buffer. */
static inline unsigned hw_reg_sh_input_register(uint32_t low, uint32_t high, unsigned attr)
{
	return attr < 8 ? (low >> (4u * attr)) & 0xFu : (high >> (4u * (attr - 8u))) & 0xFu;
}

/* FLOATUNIFORM_INDEX: bits 0-7 first register (c0-c95), bit 31 mode. In
 * float24 mode each register takes 3 words (hw_reg_unpack_f24x4), in
 * float32 mode 4 (hw_reg_unpack_f32x4); the index steps by one after each
 * complete register. Model choice: float32 values are kept as float (the
 * shader unit stores floats); indices above 95 drop the write. */
#define HW_REG_FLOATUNIFORM_F32     0x80000000u
#define HW_REG_FLOATUNIFORM_COUNT   96
static inline unsigned hw_reg_floatuniform_index(uint32_t reg) { return reg & 0xFFu; }
static inline bool hw_reg_floatuniform_f32(uint32_t reg) { return (reg >> 31) != 0; }
static inline unsigned hw_reg_floatuniform_words(uint32_t reg) { return (reg >> 31) ? 4u : 3u; }

/* CODETRANSFER_INDEX and OPDESCS_INDEX: bits 0-11, in words; each DATA
 * write stores one word and steps the index. The operand descriptor table
 * holds 128 entries (hw_shader.h); model choice: indices past the end
 * drop the write. */
static inline unsigned hw_reg_transfer_index(uint32_t reg) { return reg & 0xFFFu; }

/* The physical memory map (VRAM channels A and B, FCRAM) and the checks on
 * it live in hw_memory.h. Addresses in registers are physical byte
 * addresses >> 3 (ATTRIBBUFFERS_LOC, CMDBUF_ADDRi); index and buffer
 * offsets are relative to the ATTRIBBUFFERS_LOC base. */

#endif
