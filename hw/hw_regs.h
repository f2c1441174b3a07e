/* hw_regs.h: PICA200 internal register ids and field layouts for the
 * command processor's geometry stage (rasterizer setup, vertex loader,
 * primitive assembly, shader units) and fragment stage (texture units,
 * texture combiners, fog/gas ids, per-fragment operations, framebuffer,
 * fragment lighting), plus the float formats they use and the physical
 * memory map the loaders read from.
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
#define HW_REG_DEPTHMAP_ENABLE      0x06D   /* bit 0: 1 z-buffer, 0 w-buffer */
#define HW_REG_RENDERBUF_DIM        0x06E   /* width 0-10, height-1 12-21, bit 24 set */
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
#define HW_REG_SCISSOR_EXCLUDE      1       /* discard inside the box (Citra's reading) */
#define HW_REG_SCISSOR_ON           3
static inline unsigned hw_reg_scissor_mode(uint32_t reg) { return reg & 3u; }
static inline bool hw_reg_scissor_on(uint32_t reg) { return (reg & 3u) == HW_REG_SCISSOR_ON; }
static inline bool hw_reg_scissor_exclude(uint32_t reg)
{
	return (reg & 3u) == HW_REG_SCISSOR_EXCLUDE;
}
static inline unsigned hw_reg_scissor_x(uint32_t reg) { return reg & 0x3FFu; }
static inline unsigned hw_reg_scissor_y(uint32_t reg) { return (reg >> 16) & 0x3FFu; }

/* Early depth functions: the incoming depth passes if it is FUNC the
 * stored one (order of operands: unverified). Not the HW_REG_CMP_*
 * encoding of the per-fragment tests. The early depth test's second
 * enable, EARLYDEPTH_TEST2, sits in the framebuffer block (0x118). */
#define HW_REG_EARLYDEPTH_GEQUAL    0
#define HW_REG_EARLYDEPTH_GREATER   1
#define HW_REG_EARLYDEPTH_LEQUAL    2
#define HW_REG_EARLYDEPTH_LESS      3
static inline unsigned hw_reg_earlydepth_func(uint32_t reg) { return reg & 3u; }
static inline uint32_t hw_reg_earlydepth_data(uint32_t reg) { return reg & 0xFFFFFFu; }

/* RENDERBUF_DIM and FRAMEBUFFER_DIM (0x11E) share one layout: width in
 * bits 0-10, height - 1 in bits 12-21, bit 24 written as 1. The newest
 * revision calls bit 24 of FRAMEBUFFER_DIM "vertical flip?" (0 = flip
 * on, 1 = off) and still gives RENDERBUF_DIM's as a plain 1; its meaning
 * is unverified and the size decoders ignore it. */
#define HW_REG_DIM_BIT24            (1u << 24)
static inline unsigned hw_reg_renderbuf_width(uint32_t reg) { return reg & 0x7FFu; }
static inline unsigned hw_reg_renderbuf_height(uint32_t reg) { return ((reg >> 12) & 0x3FFu) + 1u; }
static inline bool hw_reg_dim_bit24(uint32_t reg) { return ((reg >> 24) & 1u) != 0; }

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
 * Texturing registers 0x080-0x0FF (Internal_Registers, "Texturing
 * registers"): texture units 0-2, the procedural texture (unit 3), the
 * texture combiners and the fog/gas block. Unit 0 has six address
 * registers (cube faces), a shadow register and its format at 0x08E;
 * units 1 and 2 have one address each, their format right after it.
 * ------------------------------------------------------------------- */
#define HW_REG_TEXUNIT_CONFIG       0x080
#define HW_REG_TEXUNIT0_BORDER_COLOR 0x081  /* R bits 0-7, G 8-15, B 16-23, A 24-31 */
#define HW_REG_TEXUNIT0_DIM         0x082   /* height bits 0-10, width bits 16-26 */
#define HW_REG_TEXUNIT0_PARAM       0x083   /* filters, wrap, type */
#define HW_REG_TEXUNIT0_LOD         0x084   /* bias, mip level range */
#define HW_REG_TEXUNIT0_ADDR1       0x085   /* bits 0-27: physical >> 3 */
#define HW_REG_TEXUNIT0_ADDR2       0x086   /* ADDR2-6: bits 0-21, cube faces */
#define HW_REG_TEXUNIT0_ADDR3       0x087
#define HW_REG_TEXUNIT0_ADDR4       0x088
#define HW_REG_TEXUNIT0_ADDR5       0x089
#define HW_REG_TEXUNIT0_ADDR6       0x08A
#define HW_REG_TEXUNIT0_SHADOW      0x08B
#define HW_REG_TEXUNIT0_TYPE        0x08E   /* bits 0-3: HW_REG_TEXFMT_* */
#define HW_REG_LIGHTING_ENABLE0     0x08F   /* bit 0: fragment lighting on */
#define HW_REG_TEXUNIT1_BORDER_COLOR 0x091
#define HW_REG_TEXUNIT1_DIM         0x092
#define HW_REG_TEXUNIT1_PARAM       0x093
#define HW_REG_TEXUNIT1_LOD         0x094
#define HW_REG_TEXUNIT1_ADDR        0x095
#define HW_REG_TEXUNIT1_TYPE        0x096
#define HW_REG_TEXUNIT2_BORDER_COLOR 0x099
#define HW_REG_TEXUNIT2_DIM         0x09A
#define HW_REG_TEXUNIT2_PARAM       0x09B
#define HW_REG_TEXUNIT2_LOD         0x09C
#define HW_REG_TEXUNIT2_ADDR        0x09D
#define HW_REG_TEXUNIT2_TYPE        0x09E
#define HW_REG_TEXUNIT_COUNT        3       /* units that read textures from memory */

/* Unit u (0-2): the first id of its block, and each register's id. The
 * BORDER_COLOR..ADDR(1) ids are the same offsets in all three blocks;
 * only TYPE differs (unit 0 keeps its cube addresses and SHADOW between). */
#define HW_REG_TEXUNIT_BASE(u)      ((u) == 0 ? 0x081 : (u) == 1 ? 0x091 : 0x099)
#define HW_REG_TEXUNIT_BORDER_COLOR(u) (HW_REG_TEXUNIT_BASE(u) + 0)
#define HW_REG_TEXUNIT_DIM(u)       (HW_REG_TEXUNIT_BASE(u) + 1)
#define HW_REG_TEXUNIT_PARAM(u)     (HW_REG_TEXUNIT_BASE(u) + 2)
#define HW_REG_TEXUNIT_LOD(u)       (HW_REG_TEXUNIT_BASE(u) + 3)
#define HW_REG_TEXUNIT_ADDR(u)      (HW_REG_TEXUNIT_BASE(u) + 4)   /* unit 0: ADDR1 */
#define HW_REG_TEXUNIT_TYPE(u)      ((u) == 0 ? HW_REG_TEXUNIT0_TYPE : HW_REG_TEXUNIT_BASE(u) + 5)
#define HW_REG_TEXUNIT0_ADDR(n)     (HW_REG_TEXUNIT0_ADDR1 + (n) - 1)   /* n = 1..6 */

/* The texture unit (0-2) a configuration id belongs to, or -1 (also for
 * TEXUNIT_CONFIG and LIGHTING_ENABLE0, which sit among them). */
static inline int hw_reg_texunit_of(unsigned id)
{
	if (id >= 0x081u && id <= 0x08Bu)
		return 0;
	if (id == HW_REG_TEXUNIT0_TYPE)
		return 0;
	if (id >= 0x091u && id <= 0x096u)
		return 1;
	if (id >= 0x099u && id <= 0x09Eu)
		return 2;
	return -1;
}

/* TEXUNIT_CONFIG ("GPUREG_TEXUNIT_CONFIG"): bits 0-2 switch units 0-2
 * on, bit 10 the procedural texture (unit 3); bits 8-9 choose which
 * coordinate set unit 3 reads (0-2 = texcoord 0-2; 3 unverified), bit 13
 * which one unit 2 reads (0: texcoord 2, 1: texcoord 1); bit 16 clears
 * the texture cache. Bit 12 is written as 1 (meaning unknown), bit 3 and
 * bits 17-31 as 0. */
#define HW_REG_TEXCFG_UNIT0         (1u << 0)
#define HW_REG_TEXCFG_UNIT1         (1u << 1)
#define HW_REG_TEXCFG_UNIT2         (1u << 2)
#define HW_REG_TEXCFG_PROCTEX       (1u << 10)
#define HW_REG_TEXCFG_FIXED_ONE     (1u << 12)
#define HW_REG_TEXCFG_UNIT2_TEXCOORD1 (1u << 13)
#define HW_REG_TEXCFG_CLEAR_CACHE   (1u << 16)

/* Whether unit `unit` (0-2, or 3 = procedural) is on. */
static inline bool hw_reg_texunit_enabled(uint32_t cfg, unsigned unit)
{
	if (unit < 3)
		return ((cfg >> unit) & 1u) != 0;
	return unit == 3 && (cfg & HW_REG_TEXCFG_PROCTEX) != 0;
}

/* The units that are on, as a mask: bit u = unit u (bit 3 = procedural). */
static inline unsigned hw_reg_texunit_mask(uint32_t cfg) { return (cfg & 7u) | ((cfg >> 7) & 8u); }
static inline unsigned hw_reg_texunit3_texcoord(uint32_t cfg) { return (cfg >> 8) & 3u; }
static inline unsigned hw_reg_texunit2_texcoord(uint32_t cfg)
{
	return (cfg & HW_REG_TEXCFG_UNIT2_TEXCOORD1) ? 1u : 2u;
}
static inline bool hw_reg_texunit_clear_cache(uint32_t cfg) { return (cfg & HW_REG_TEXCFG_CLEAR_CACHE) != 0; }

/* TEXUNITi_DIM ("GPUREG_TEXUNITi_DIM"), in texels. */
static inline unsigned hw_reg_tex_width(uint32_t dim) { return (dim >> 16) & 0x7FFu; }
static inline unsigned hw_reg_tex_height(uint32_t dim) { return dim & 0x7FFu; }

/* TEXUNITi_PARAM ("GPUREG_TEXUNITi_PARAM"): bit 1 magnification, bit 2
 * minification filter, bit 24 filter between mip levels (all
 * HW_REG_TEXFILTER_*); bits 8-10 wrap T, bits 12-14 wrap S
 * (HW_REG_TEXWRAP_*); bits 4-5 hold 2 for ETC1 and 0 otherwise, ETC1A4
 * included (what the unit does with it: unverified); bit 20 shadow
 * texture and bits 28-30 texture type (HW_REG_TEXTYPE_*), unit 0 only.
 * Wrap codes 4-7 and type codes 6-7: undocumented. Whether mip levels
 * are read at all is a matter of the LOD level range. */
#define HW_REG_TEXFILTER_NEAREST    0
#define HW_REG_TEXFILTER_LINEAR     1
#define HW_REG_TEXWRAP_CLAMP_EDGE   0
#define HW_REG_TEXWRAP_CLAMP_BORDER 1
#define HW_REG_TEXWRAP_REPEAT       2
#define HW_REG_TEXWRAP_MIRROR       3       /* mirrored repeat */
#define HW_REG_TEXTYPE_2D           0
#define HW_REG_TEXTYPE_CUBE         1
#define HW_REG_TEXTYPE_SHADOW_2D    2
#define HW_REG_TEXTYPE_PROJECTION   3
#define HW_REG_TEXTYPE_SHADOW_CUBE  4
#define HW_REG_TEXTYPE_DISABLED     5
#define HW_REG_TEXPARAM_ETC1        2       /* bits 4-5 of an ETC1 texture */

static inline unsigned hw_reg_tex_mag_filter(uint32_t p) { return (p >> 1) & 1u; }
static inline unsigned hw_reg_tex_min_filter(uint32_t p) { return (p >> 2) & 1u; }
static inline unsigned hw_reg_tex_etc1_flag(uint32_t p) { return (p >> 4) & 3u; }
static inline unsigned hw_reg_tex_wrap_t(uint32_t p) { return (p >> 8) & 7u; }
static inline unsigned hw_reg_tex_wrap_s(uint32_t p) { return (p >> 12) & 7u; }
static inline bool hw_reg_tex_shadow(uint32_t p) { return ((p >> 20) & 1u) != 0; }
static inline unsigned hw_reg_tex_mip_filter(uint32_t p) { return (p >> 24) & 1u; }
static inline unsigned hw_reg_tex_type(uint32_t p) { return (p >> 28) & 7u; }

/* TEXUNITi_LOD ("GPUREG_TEXUNITi_LOD", marked uncertain there): bits 0-12
 * bias as fixed1.4.8, bits 16-19 the largest and bits 24-27 the smallest
 * mip level. Unverified: the bias's sign convention (read here as 13-bit
 * two's complement in 1/256 steps). */
static inline float hw_reg_tex_lod_bias(uint32_t lod)
{
	int32_t v = (int32_t)(lod & 0x1FFFu);

	if (v & 0x1000)
		v -= 0x2000;
	return (float)v / 256.0f;
}
static inline unsigned hw_reg_tex_max_level(uint32_t lod) { return (lod >> 16) & 0xFu; }
static inline unsigned hw_reg_tex_min_level(uint32_t lod) { return (lod >> 24) & 0xFu; }

/* TEXUNITi_ADDR ("GPUREG_TEXUNITi_ADDRi"): the first address register
 * holds physical >> 3 in bits 0-27; unit 0's ADDR2-ADDR6 hold bits 0-21
 * only and take bits 22-27 from ADDR1. A 2D texture uses ADDR1 alone; a
 * cube map's faces are ADDR1-6 in the order below (the newest revision
 * adds that faces should be at ascending addresses). Mip levels follow
 * level 0 in memory. */
#define HW_REG_CUBE_POS_X           0       /* face f is in ADDR(f + 1) */
#define HW_REG_CUBE_NEG_X           1
#define HW_REG_CUBE_POS_Y           2
#define HW_REG_CUBE_NEG_Y           3
#define HW_REG_CUBE_POS_Z           4
#define HW_REG_CUBE_NEG_Z           5

static inline uint32_t hw_reg_tex_addr(uint32_t addr1) { return (addr1 & 0x0FFFFFFFu) << 3; }
static inline uint32_t hw_reg_tex_face_addr(uint32_t addr1, uint32_t addrn)
{
	return ((addr1 & 0x0FC00000u) | (addrn & 0x003FFFFFu)) << 3;
}

/* TEXUNIT0_SHADOW ("GPUREG_TEXUNITi_SHADOW", uncertain there): bit 0 set
 * when the shadow lookup is not perspective; bits 1-23 the upper 23 bits
 * of a z bias that is a 24-bit fraction (returned as that fraction). */
static inline bool hw_reg_tex_shadow_ortho(uint32_t s) { return (s & 1u) != 0; }
static inline uint32_t hw_reg_tex_shadow_zbias(uint32_t s) { return s & 0xFFFFFEu; }

/* TEXUNITi_TYPE ("GPUREG_TEXUNITi_TYPE") bits 0-3; codes 14-15 are not
 * listed. IA4 is 3dbrew's "IA44". */
#define HW_REG_TEXFMT_RGBA8         0x0
#define HW_REG_TEXFMT_RGB8          0x1
#define HW_REG_TEXFMT_RGB5A1        0x2
#define HW_REG_TEXFMT_RGB565        0x3
#define HW_REG_TEXFMT_RGBA4         0x4
#define HW_REG_TEXFMT_IA8           0x5
#define HW_REG_TEXFMT_HILO8         0x6
#define HW_REG_TEXFMT_I8            0x7
#define HW_REG_TEXFMT_A8            0x8
#define HW_REG_TEXFMT_IA4           0x9
#define HW_REG_TEXFMT_I4            0xA
#define HW_REG_TEXFMT_A4            0xB
#define HW_REG_TEXFMT_ETC1          0xC
#define HW_REG_TEXFMT_ETC1A4        0xD

static inline unsigned hw_reg_tex_format(uint32_t type) { return type & 0xFu; }

/* Bits per texel of a format, from its components (ETC1 packs a 4x4
 * block in 8 bytes, ETC1A4 adds 8 bytes of 4-bit alpha); 0 for 14-15. */
static inline unsigned hw_reg_texfmt_bits(unsigned fmt)
{
	static const unsigned char bits[16] = {
		32, 24, 16, 16, 16, 16, 16, 8, 8, 8, 4, 4, 4, 8, 0, 0
	};

	return bits[fmt & 0xFu];
}

/* Procedural texture, unit 3 ("GPUREG_TEXUNIT3_PROCTEXi",
 * "GPUREG_PROCTEX_LUT*"; all marked uncertain there): ids only. The
 * LUT_DATA ids are one FIFO port (hw_reg_fold_lut_alias). */
#define HW_REG_TEXUNIT3_PROCTEX0    0x0A8
#define HW_REG_TEXUNIT3_PROCTEX1    0x0A9
#define HW_REG_TEXUNIT3_PROCTEX2    0x0AA
#define HW_REG_TEXUNIT3_PROCTEX3    0x0AB
#define HW_REG_TEXUNIT3_PROCTEX4    0x0AC
#define HW_REG_TEXUNIT3_PROCTEX5    0x0AD   /* colour-table offsets, levels 0-3 */
#define HW_REG_TEXUNIT3_PROCTEX6    0x0AE   /* colour-table offsets, levels 4-7 */
#define HW_REG_PROCTEX_LUT          0x0AF   /* bits 0-7 index, bits 8-11 table */
#define HW_REG_PROCTEX_LUT_DATA0    0x0B0   /* ..0x0B7 */
#define HW_REG_TEXUNIT3_PROCTEX(i)  (HW_REG_TEXUNIT3_PROCTEX0 + (i))

/* ---------------------------------------------------------------------
 * Texture combiners (Internal_Registers, "GPUREG_TEXENVi_*"): six
 * stages of five registers, eight ids apart; stages 4 and 5 come after
 * the fog block, at 0x0F0 and 0x0F8. Id = HW_REG_TEXENV_<REG>(stage).
 * ------------------------------------------------------------------- */
#define HW_REG_TEXENV0              0x0C0
#define HW_REG_TEXENV1              0x0C8
#define HW_REG_TEXENV2              0x0D0
#define HW_REG_TEXENV3              0x0D8
#define HW_REG_TEXENV4              0x0F0
#define HW_REG_TEXENV5              0x0F8
#define HW_REG_TEXENV_COUNT         6

/*      offset in a stage */
#define HW_REG_TEXENV_OFF_SOURCE    0
#define HW_REG_TEXENV_OFF_OPERAND   1
#define HW_REG_TEXENV_OFF_COMBINER  2
#define HW_REG_TEXENV_OFF_COLOR     3       /* constant: R bits 0-7 .. A bits 24-31 */
#define HW_REG_TEXENV_OFF_SCALE     4

#define HW_REG_TEXENV(i)            ((i) < 4 ? HW_REG_TEXENV0 + 8 * (i) : HW_REG_TEXENV4 + 8 * ((i) - 4))
#define HW_REG_TEXENV_SOURCE(i)     (HW_REG_TEXENV(i) + HW_REG_TEXENV_OFF_SOURCE)
#define HW_REG_TEXENV_OPERAND(i)    (HW_REG_TEXENV(i) + HW_REG_TEXENV_OFF_OPERAND)
#define HW_REG_TEXENV_COMBINER(i)   (HW_REG_TEXENV(i) + HW_REG_TEXENV_OFF_COMBINER)
#define HW_REG_TEXENV_COLOR(i)      (HW_REG_TEXENV(i) + HW_REG_TEXENV_OFF_COLOR)
#define HW_REG_TEXENV_SCALE(i)      (HW_REG_TEXENV(i) + HW_REG_TEXENV_OFF_SCALE)

#define HW_REG_TEXENV_UPDATE_BUFFER 0x0E0   /* shared with the fog mode */
#define HW_REG_TEXENV_BUFFER_COLOR  0x0FD   /* buffer's initial colour, R bits 0-7 .. A */

/* The combiner stage (0-5) of an id, its offset in *off (may be NULL);
 * -1 for any other id. */
static inline int hw_reg_texenv_of(unsigned id, unsigned *off)
{
	int stage;

	if (id >= HW_REG_TEXENV0 && id < HW_REG_TEXENV_UPDATE_BUFFER)
		stage = (int)((id - HW_REG_TEXENV0) / 8u);
	else if (id >= HW_REG_TEXENV4 && id < HW_REG_TEXENV5 + 8u)
		stage = 4 + (int)((id - HW_REG_TEXENV4) / 8u);
	else
		return -1;
	if ((id & 7u) > HW_REG_TEXENV_OFF_SCALE)
		return -1;
	if (off)
		*off = id & 7u;
	return stage;
}

/* TEXENVi_SOURCE ("GPUREG_TEXENVi_SOURCE"): three RGB sources in bits
 * 0-11 and three alpha sources in bits 16-27, four bits each. Codes 7-12
 * are not listed. In stage 0, PREVIOUS and PREVIOUS_BUFFER have no stage
 * before them; what they read there differs between revisions
 * (unverified). */
#define HW_REG_TEVSRC_PRIMARY_COLOR 0x0     /* the interpolated vertex colour */
#define HW_REG_TEVSRC_FRAG_PRIMARY  0x1     /* fragment lighting, primary */
#define HW_REG_TEVSRC_FRAG_SECONDARY 0x2    /* fragment lighting, secondary */
#define HW_REG_TEVSRC_TEXTURE0      0x3
#define HW_REG_TEVSRC_TEXTURE1      0x4
#define HW_REG_TEVSRC_TEXTURE2      0x5
#define HW_REG_TEVSRC_TEXTURE3      0x6     /* procedural texture */
#define HW_REG_TEVSRC_PREVIOUS_BUFFER 0xD   /* the combiner buffer */
#define HW_REG_TEVSRC_CONSTANT      0xE     /* TEXENVi_COLOR */
#define HW_REG_TEVSRC_PREVIOUS      0xF     /* the previous stage's output */

/* Slot n (0-2) of a SOURCE value. */
static inline unsigned hw_reg_texenv_rgb_source(uint32_t src, unsigned n)
{
	return (src >> (4u * (n % 3u))) & 0xFu;
}
static inline unsigned hw_reg_texenv_alpha_source(uint32_t src, unsigned n)
{
	return (src >> (16u + 4u * (n % 3u))) & 0xFu;
}

/* TEXENVi_OPERAND ("GPUREG_TEXENVi_OPERAND"): RGB operand n in 4 bits at
 * 4n, alpha operand n in 3 bits at 12 + 4n. RGB codes 6-7, 10-11, 14-15
 * are not listed. */
#define HW_REG_TEVOP_RGB_COLOR      0x0
#define HW_REG_TEVOP_RGB_INV_COLOR  0x1     /* INV_x: 1 - x */
#define HW_REG_TEVOP_RGB_ALPHA      0x2
#define HW_REG_TEVOP_RGB_INV_ALPHA  0x3
#define HW_REG_TEVOP_RGB_RED        0x4
#define HW_REG_TEVOP_RGB_INV_RED    0x5
#define HW_REG_TEVOP_RGB_GREEN      0x8
#define HW_REG_TEVOP_RGB_INV_GREEN  0x9
#define HW_REG_TEVOP_RGB_BLUE       0xC
#define HW_REG_TEVOP_RGB_INV_BLUE   0xD
#define HW_REG_TEVOP_A_ALPHA        0x0
#define HW_REG_TEVOP_A_INV_ALPHA    0x1
#define HW_REG_TEVOP_A_RED          0x2
#define HW_REG_TEVOP_A_INV_RED      0x3
#define HW_REG_TEVOP_A_GREEN        0x4
#define HW_REG_TEVOP_A_INV_GREEN    0x5
#define HW_REG_TEVOP_A_BLUE         0x6
#define HW_REG_TEVOP_A_INV_BLUE     0x7

static inline unsigned hw_reg_texenv_rgb_operand(uint32_t op, unsigned n)
{
	return (op >> (4u * (n % 3u))) & 0xFu;
}
static inline unsigned hw_reg_texenv_alpha_operand(uint32_t op, unsigned n)
{
	return (op >> (12u + 4u * (n % 3u))) & 7u;
}

/* TEXENVi_COMBINER ("GPUREG_TEXENVi_COMBINER"): RGB op bits 0-3, alpha
 * op bits 16-19. Codes 10-15 are not listed. */
#define HW_REG_TEVCOMB_REPLACE      0
#define HW_REG_TEVCOMB_MODULATE     1
#define HW_REG_TEVCOMB_ADD          2
#define HW_REG_TEVCOMB_ADD_SIGNED   3
#define HW_REG_TEVCOMB_INTERPOLATE  4
#define HW_REG_TEVCOMB_SUBTRACT     5
#define HW_REG_TEVCOMB_DOT3_RGB     6
#define HW_REG_TEVCOMB_DOT3_RGBA    7
#define HW_REG_TEVCOMB_MULT_ADD     8       /* multiply, then add */
#define HW_REG_TEVCOMB_ADD_MULT     9       /* add, then multiply */

static inline unsigned hw_reg_texenv_rgb_combine(uint32_t c) { return c & 0xFu; }
static inline unsigned hw_reg_texenv_alpha_combine(uint32_t c) { return (c >> 16) & 0xFu; }

/* How many source slots (from slot 0) an op reads. Model choice: from
 * what each op computes (the pages give names only); codes 10-15 count
 * as reading all three. */
static inline unsigned hw_reg_texenv_combine_args(unsigned op)
{
	static const unsigned char args[16] = {
		1, 2, 2, 2, 3, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3
	};

	return args[op & 0xFu];
}

/* Whether a stage (its SOURCE and COMBINER values) reads source code
 * `src` in a slot that its RGB or its alpha op uses. */
static inline bool hw_reg_texenv_reads(uint32_t source, uint32_t combiner, unsigned src)
{
	unsigned nrgb = hw_reg_texenv_combine_args(hw_reg_texenv_rgb_combine(combiner));
	unsigned na = hw_reg_texenv_combine_args(hw_reg_texenv_alpha_combine(combiner));
	unsigned n;

	for (n = 0; n < 3; n++) {
		if (n < nrgb && hw_reg_texenv_rgb_source(source, n) == src)
			return true;
		if (n < na && hw_reg_texenv_alpha_source(source, n) == src)
			return true;
	}
	return false;
}

/* The textures a stage reads, as a mask: bit u = texture u (0-3). Model
 * choice for a cost model: whether a unit that is on but read by no
 * stage still fetches texels is unverified. */
static inline unsigned hw_reg_texenv_texture_mask(uint32_t source, uint32_t combiner)
{
	unsigned u, mask = 0;

	for (u = 0; u < 4; u++)
		if (hw_reg_texenv_reads(source, combiner, HW_REG_TEVSRC_TEXTURE0 + u))
			mask |= 1u << u;
	return mask;
}

/* TEXENVi_SCALE ("GPUREG_TEXENVi_SCALE"): RGB bits 0-1, alpha bits
 * 16-17; code 0, 1, 2 = x1, x2, x4 (code 3 unlisted; model choice: x1). */
static inline unsigned hw_reg_texenv_rgb_scale(uint32_t s) { return s & 3u; }
static inline unsigned hw_reg_texenv_alpha_scale(uint32_t s) { return (s >> 16) & 3u; }
static inline unsigned hw_reg_texenv_scale_factor(unsigned code) { return code < 3u ? 1u << code : 1u; }

/* TEXENV_UPDATE_BUFFER ("GPUREG_TEXENV_UPDATE_BUFFER", uncertain there),
 * shared by fog/gas and the combiner buffer: bits 0-2 fog mode
 * (HW_REG_FOGMODE_*), bit 3 set for gas density from depth (0: plain),
 * bit 16 flips fog z; bits 8-11 (RGB) and 12-15 (alpha) belong to the
 * pages' "TexEnv 1".."TexEnv 4": 1 = the buffer takes "previous" (that
 * stage's output), 0 = it keeps "previous buffer". Writers use byte mask
 * 0x2 for the buffer bits and 0x5 for the fog bits. Which stage's output
 * is latched exactly: unverified. Fog mode codes other than 0/5/7: not
 * listed. */
#define HW_REG_FOGMODE_OFF          0
#define HW_REG_FOGMODE_FOG          5
#define HW_REG_FOGMODE_GAS          7

static inline unsigned hw_reg_fog_mode(uint32_t r) { return r & 7u; }
static inline bool hw_reg_gas_depth_density(uint32_t r) { return ((r >> 3) & 1u) != 0; }
static inline bool hw_reg_fog_z_flip(uint32_t r) { return ((r >> 16) & 1u) != 0; }

/* stage: 1-4, as the pages number them; false for any other. */
static inline bool hw_reg_texenv_buffer_rgb(uint32_t r, unsigned stage)
{
	return stage >= 1 && stage <= 4 && ((r >> (7u + stage)) & 1u) != 0;
}
static inline bool hw_reg_texenv_buffer_alpha(uint32_t r, unsigned stage)
{
	return stage >= 1 && stage <= 4 && ((r >> (11u + stage)) & 1u) != 0;
}

/* Fog and gas ("GPUREG_FOG_*", "GPUREG_GAS_*"; all marked uncertain
 * there): ids only. FOG_LUT_DATA is one FIFO port (hw_reg_fold_lut_alias);
 * the gas ids of the framebuffer block follow below. */
#define HW_REG_FOG_COLOR            0x0E1   /* R bits 0-7, G 8-15, B 16-23 */
#define HW_REG_GAS_ATTENUATION      0x0E4
#define HW_REG_GAS_ACCMAX           0x0E5
#define HW_REG_FOG_LUT_INDEX        0x0E6
#define HW_REG_FOG_LUT_DATA0        0x0E8   /* ..0x0EF */

/* ---------------------------------------------------------------------
 * Framebuffer registers 0x100-0x13F (Internal_Registers, "Framebuffer
 * registers"): per-fragment operations, the render targets and their
 * cache, gas and shadow.
 * ------------------------------------------------------------------- */
#define HW_REG_COLOR_OPERATION      0x100
#define HW_REG_BLEND_FUNC           0x101
#define HW_REG_LOGIC_OP             0x102   /* bits 0-3: HW_REG_LOGICOP_* */
#define HW_REG_BLEND_COLOR          0x103   /* R bits 0-7, G 8-15, B 16-23, A 24-31 */
#define HW_REG_FRAGOP_ALPHA_TEST    0x104
#define HW_REG_STENCIL_TEST         0x105
#define HW_REG_STENCIL_OP           0x106
#define HW_REG_DEPTH_COLOR_MASK     0x107
#define HW_REG_FRAMEBUFFER_INVALIDATE 0x110 /* bit 0: drop the cache (no write-back) */
#define HW_REG_FRAMEBUFFER_FLUSH    0x111   /* bit 0: write the cache back */
#define HW_REG_COLORBUFFER_READ     0x112   /* bits 0-3: 0 off, 0xF on */
#define HW_REG_COLORBUFFER_WRITE    0x113   /* bits 0-3: 0 off, 0xF on */
#define HW_REG_DEPTHBUFFER_READ     0x114   /* bit 0 stencil, bit 1 depth */
#define HW_REG_DEPTHBUFFER_WRITE    0x115   /* bit 0 stencil, bit 1 depth */
#define HW_REG_DEPTHBUFFER_FORMAT   0x116   /* bits 0-1: HW_REG_DEPTHFMT_* */
#define HW_REG_COLORBUFFER_FORMAT   0x117
#define HW_REG_EARLYDEPTH_TEST2     0x118   /* bit 0: enable (uncertain there) */
#define HW_REG_FRAMEBUFFER_BLOCK32  0x11B   /* bit 0: HW_REG_FB_BLOCK_* */
#define HW_REG_DEPTHBUFFER_LOC      0x11C   /* bits 0-27: physical >> 3 */
#define HW_REG_COLORBUFFER_LOC      0x11D   /* bits 0-27: physical >> 3 */
#define HW_REG_FRAMEBUFFER_DIM      0x11E   /* as RENDERBUF_DIM */
#define HW_REG_GAS_LIGHT_XY         0x120   /* gas/shadow ids: uncertain there */
#define HW_REG_GAS_LIGHT_Z          0x121
#define HW_REG_GAS_LIGHT_Z_COLOR    0x122
#define HW_REG_GAS_LUT_INDEX        0x123
#define HW_REG_GAS_LUT_DATA         0x124   /* a single id, FIFO */
#define HW_REG_GAS_DELTAZ_DEPTH     0x126
#define HW_REG_FRAGOP_SHADOW        0x130

/* Single-bit registers decode with hw_reg_bit0(): FRAMEBUFFER_INVALIDATE
 * and _FLUSH (trigger), EARLYDEPTH_TEST2 (enable), FRAMEBUFFER_BLOCK32.
 * FRAMEBUFFER_DIM decodes with hw_reg_renderbuf_width/_height. */

/* The early depth test runs when EARLYDEPTH_TEST1 (0x062) and _TEST2 are
 * both on. Model choice: the pages call both "enable" without saying
 * how they combine. */
static inline bool hw_reg_earlydepth_on(uint32_t test1, uint32_t test2)
{
	return (test1 & 1u) != 0 && (test2 & 1u) != 0;
}

/* COLOR_OPERATION ("GPUREG_COLOR_OPERATION"): bits 0-1 fragment operation
 * mode (HW_REG_FRAGMODE_*; 2 not listed), bit 8 set to blend, clear to
 * apply LOGIC_OP; bits 16-25 are written as 0x0E4. */
#define HW_REG_FRAGMODE_DEFAULT     0
#define HW_REG_FRAGMODE_GAS         1
#define HW_REG_FRAGMODE_SHADOW      3
#define HW_REG_COLOR_OPERATION_FIXED 0x00E40000u

static inline unsigned hw_reg_fragop_mode(uint32_t r) { return r & 3u; }
static inline bool hw_reg_color_op_blend(uint32_t r) { return ((r >> 8) & 1u) != 0; }

/* BLEND_FUNC ("GPUREG_BLEND_FUNC"): RGB equation bits 0-2, alpha
 * equation bits 8-10 (HW_REG_BLENDEQ_*; codes 5-7 act as ADD per the
 * newest revision); source/destination factors for RGB in bits 16-19 /
 * 20-23, for alpha in 24-27 / 28-31 (HW_REG_BLENDF_*; 15 not listed). */
#define HW_REG_BLENDEQ_ADD          0
#define HW_REG_BLENDEQ_SUBTRACT     1       /* source - destination */
#define HW_REG_BLENDEQ_REV_SUBTRACT 2       /* destination - source */
#define HW_REG_BLENDEQ_MIN          3
#define HW_REG_BLENDEQ_MAX          4
#define HW_REG_BLENDF_ZERO          0
#define HW_REG_BLENDF_ONE           1
#define HW_REG_BLENDF_SRC_COLOR     2
#define HW_REG_BLENDF_INV_SRC_COLOR 3       /* INV_x: 1 - x */
#define HW_REG_BLENDF_DST_COLOR     4
#define HW_REG_BLENDF_INV_DST_COLOR 5
#define HW_REG_BLENDF_SRC_ALPHA     6
#define HW_REG_BLENDF_INV_SRC_ALPHA 7
#define HW_REG_BLENDF_DST_ALPHA     8
#define HW_REG_BLENDF_INV_DST_ALPHA 9
#define HW_REG_BLENDF_CONST_COLOR   10      /* BLEND_COLOR */
#define HW_REG_BLENDF_INV_CONST_COLOR 11
#define HW_REG_BLENDF_CONST_ALPHA   12
#define HW_REG_BLENDF_INV_CONST_ALPHA 13
#define HW_REG_BLENDF_SRC_ALPHA_SATURATE 14

static inline unsigned hw_reg_blend_rgb_eq(uint32_t r) { return r & 7u; }
static inline unsigned hw_reg_blend_alpha_eq(uint32_t r) { return (r >> 8) & 7u; }
static inline unsigned hw_reg_blend_rgb_src(uint32_t r) { return (r >> 16) & 0xFu; }
static inline unsigned hw_reg_blend_rgb_dst(uint32_t r) { return (r >> 20) & 0xFu; }
static inline unsigned hw_reg_blend_alpha_src(uint32_t r) { return (r >> 24) & 0xFu; }
static inline unsigned hw_reg_blend_alpha_dst(uint32_t r) { return (r >> 28) & 0xFu; }

/* The equation an equation code behaves as. */
static inline unsigned hw_reg_blend_eq_effective(unsigned eq)
{
	return eq > HW_REG_BLENDEQ_MAX ? (unsigned)HW_REG_BLENDEQ_ADD : eq;
}

/* Whether a factor depends on the destination (saturate does: it takes
 * the smaller of source alpha and 1 - destination alpha). */
static inline bool hw_reg_blendf_reads_dst(unsigned f)
{
	return f == HW_REG_BLENDF_DST_COLOR || f == HW_REG_BLENDF_INV_DST_COLOR
		|| f == HW_REG_BLENDF_DST_ALPHA || f == HW_REG_BLENDF_INV_DST_ALPHA
		|| f == HW_REG_BLENDF_SRC_ALPHA_SATURATE;
}

/* Whether the blend a BLEND_FUNC value describes needs the destination
 * colour: a MIN/MAX equation, a destination factor other than ZERO, or
 * a source factor that reads the destination. Model choice, from what
 * the blend computes; what the hardware reads is COLORBUFFER_READ's. */
static inline bool hw_reg_blend_needs_dst(uint32_t r)
{
	return hw_reg_blend_eq_effective(hw_reg_blend_rgb_eq(r)) >= HW_REG_BLENDEQ_MIN
		|| hw_reg_blend_eq_effective(hw_reg_blend_alpha_eq(r)) >= HW_REG_BLENDEQ_MIN
		|| hw_reg_blend_rgb_dst(r) != HW_REG_BLENDF_ZERO
		|| hw_reg_blend_alpha_dst(r) != HW_REG_BLENDF_ZERO
		|| hw_reg_blendf_reads_dst(hw_reg_blend_rgb_src(r))
		|| hw_reg_blendf_reads_dst(hw_reg_blend_alpha_src(r));
}

/* LOGIC_OP ("GPUREG_LOGIC_OP") bits 0-3; s = fragment, d = buffer. */
#define HW_REG_LOGICOP_CLEAR        0x0     /* 0 */
#define HW_REG_LOGICOP_AND          0x1     /* s & d */
#define HW_REG_LOGICOP_AND_REVERSE  0x2     /* s & ~d */
#define HW_REG_LOGICOP_COPY         0x3     /* s */
#define HW_REG_LOGICOP_SET          0x4     /* all ones */
#define HW_REG_LOGICOP_COPY_INVERTED 0x5    /* ~s */
#define HW_REG_LOGICOP_NOOP         0x6     /* d */
#define HW_REG_LOGICOP_INVERT       0x7     /* ~d */
#define HW_REG_LOGICOP_NAND         0x8
#define HW_REG_LOGICOP_OR           0x9
#define HW_REG_LOGICOP_NOR          0xA
#define HW_REG_LOGICOP_XOR          0xB
#define HW_REG_LOGICOP_EQUIV        0xC     /* ~(s ^ d) */
#define HW_REG_LOGICOP_AND_INVERTED 0xD     /* ~s & d */
#define HW_REG_LOGICOP_OR_REVERSE   0xE     /* s | ~d */
#define HW_REG_LOGICOP_OR_INVERTED  0xF     /* ~s | d */

static inline unsigned hw_reg_logic_op(uint32_t r) { return r & 0xFu; }

/* Whether an op's result depends on the buffer (model choice, from the
 * op's meaning; the bitwise formulas above are the usual ones for these
 * names, the pages give names only). */
static inline bool hw_reg_logic_op_needs_dst(unsigned op)
{
	op &= 0xFu;
	return !(op == HW_REG_LOGICOP_CLEAR || op == HW_REG_LOGICOP_COPY
		 || op == HW_REG_LOGICOP_SET || op == HW_REG_LOGICOP_COPY_INVERTED);
}

/* Comparison functions of the alpha, stencil and depth tests (bits 4-6
 * of FRAGOP_ALPHA_TEST, STENCIL_TEST and DEPTH_COLOR_MASK; all three
 * list the same order). The fragment's value is the left operand. */
#define HW_REG_CMP_NEVER            0
#define HW_REG_CMP_ALWAYS           1
#define HW_REG_CMP_EQUAL            2
#define HW_REG_CMP_NOTEQUAL         3
#define HW_REG_CMP_LESS             4
#define HW_REG_CMP_LEQUAL           5
#define HW_REG_CMP_GREATER          6
#define HW_REG_CMP_GEQUAL           7

/* Bit 0 (enable, hw_reg_bit0) and bits 4-6 (function) are common to the
 * three test registers. */
static inline unsigned hw_reg_test_func(uint32_t r) { return (r >> 4) & 7u; }

/* FRAGOP_ALPHA_TEST ("GPUREG_FRAGOP_ALPHA_TEST"): bits 8-15 reference. */
static inline unsigned hw_reg_alpha_test_ref(uint32_t r) { return (r >> 8) & 0xFFu; }

/* STENCIL_TEST ("GPUREG_STENCIL_TEST"): bits 8-15 "buffer mask", read
 * here as the write mask (unverified), bits 16-23 reference (listed as
 * signed; returned as its 8 raw bits), bits 24-31 the mask applied to
 * both sides of the comparison. */
static inline unsigned hw_reg_stencil_write_mask(uint32_t r) { return (r >> 8) & 0xFFu; }
static inline unsigned hw_reg_stencil_ref(uint32_t r) { return (r >> 16) & 0xFFu; }
static inline unsigned hw_reg_stencil_mask(uint32_t r) { return (r >> 24) & 0xFFu; }

/* STENCIL_OP ("GPUREG_STENCIL_OP"): the op when the stencil test fails
 * (bits 0-2), when it passes and the depth test fails (4-6), when both
 * pass (8-10). */
#define HW_REG_STENCILOP_KEEP       0
#define HW_REG_STENCILOP_ZERO       1
#define HW_REG_STENCILOP_REPLACE    2
#define HW_REG_STENCILOP_INCR       3       /* saturating */
#define HW_REG_STENCILOP_DECR       4       /* saturating */
#define HW_REG_STENCILOP_INVERT     5
#define HW_REG_STENCILOP_INCR_WRAP  6
#define HW_REG_STENCILOP_DECR_WRAP  7

static inline unsigned hw_reg_stencil_fail_op(uint32_t r) { return r & 7u; }
static inline unsigned hw_reg_stencil_zfail_op(uint32_t r) { return (r >> 4) & 7u; }
static inline unsigned hw_reg_stencil_zpass_op(uint32_t r) { return (r >> 8) & 7u; }

/* DEPTH_COLOR_MASK ("GPUREG_DEPTH_COLOR_MASK"): bit 0 depth test, bits
 * 4-6 its function, bits 8-11 write enables for R, G, B, A, bit 12 depth
 * write. With the test bit clear the depth test acts as ALWAYS and depth
 * is still written if bit 12 says so. */
#define HW_REG_DEPTHMASK_TEST       (1u << 0)
#define HW_REG_DEPTHMASK_WRITE      (1u << 12)

static inline bool hw_reg_depth_test_enabled(uint32_t r) { return (r & 1u) != 0; }
static inline unsigned hw_reg_depth_func(uint32_t r) { return (r >> 4) & 7u; }
static inline unsigned hw_reg_depth_func_effective(uint32_t r)
{
	return (r & 1u) ? hw_reg_depth_func(r) : (unsigned)HW_REG_CMP_ALWAYS;
}
/* bit 0 R, bit 1 G, bit 2 B, bit 3 A */
static inline unsigned hw_reg_color_write_mask(uint32_t r) { return (r >> 8) & 0xFu; }
static inline bool hw_reg_depth_write_enabled(uint32_t r) { return ((r >> 12) & 1u) != 0; }

/* COLORBUFFER_READ/_WRITE: only 0 and 0xF are listed; model choice: any
 * of bits 0-3 set allows the access. DEPTHBUFFER_READ/_WRITE: bit 0
 * stencil, bit 1 depth. */
static inline bool hw_reg_colorbuffer_access(uint32_t r) { return (r & 0xFu) != 0; }
static inline bool hw_reg_depthbuffer_stencil_access(uint32_t r) { return (r & 1u) != 0; }
static inline bool hw_reg_depthbuffer_depth_access(uint32_t r) { return ((r >> 1) & 1u) != 0; }

/* DEPTHBUFFER_FORMAT ("GPUREG_DEPTHBUFFER_FORMAT") bits 0-1; code 1 is
 * not listed (bytes 0 below). */
#define HW_REG_DEPTHFMT_D16         0
#define HW_REG_DEPTHFMT_D24         2
#define HW_REG_DEPTHFMT_D24S8       3

static inline unsigned hw_reg_depth_format(uint32_t r) { return r & 3u; }
static inline unsigned hw_reg_depthfmt_bytes(unsigned fmt)
{
	static const unsigned char bytes[4] = { 2, 0, 3, 4 };

	return bytes[fmt & 3u];
}
static inline bool hw_reg_depthfmt_has_stencil(unsigned fmt) { return (fmt & 3u) == HW_REG_DEPTHFMT_D24S8; }

/* COLORBUFFER_FORMAT ("GPUREG_COLORBUFFER_FORMAT"): bits 0-1 pixel size
 * (HW_REG_COLORSIZE_*; 1 and 3 not listed), bits 16-18 format
 * (HW_REG_COLORFMT_*; 0 is also the gas format). Code 1 (RGB8) is not
 * in the colour buffer list: it is taken from the texture and display
 * format lists (unverified as a render target; 3 bytes below). */
#define HW_REG_COLORSIZE_16         0
#define HW_REG_COLORSIZE_32         2
#define HW_REG_COLORFMT_RGBA8       0
#define HW_REG_COLORFMT_RGB8        1
#define HW_REG_COLORFMT_RGB5A1      2
#define HW_REG_COLORFMT_RGB565      3
#define HW_REG_COLORFMT_RGBA4       4

static inline unsigned hw_reg_colorbuffer_pixel_size(uint32_t r) { return r & 3u; }
static inline unsigned hw_reg_colorbuffer_format(uint32_t r) { return (r >> 16) & 7u; }

/* Bytes per pixel: from the pixel size field (0 if not listed) and from
 * the format (0 for 5-7). */
static inline unsigned hw_reg_colorsize_bytes(unsigned size)
{
	return size == HW_REG_COLORSIZE_16 ? 2u : size == HW_REG_COLORSIZE_32 ? 4u : 0u;
}
static inline unsigned hw_reg_colorfmt_bytes(unsigned fmt)
{
	static const unsigned char bytes[8] = { 4, 3, 2, 2, 2, 0, 0, 0 };

	return bytes[fmt & 7u];
}

/* FRAMEBUFFER_BLOCK32 bit 0: the buffers' tile size. */
#define HW_REG_FB_BLOCK_8X8         0
#define HW_REG_FB_BLOCK_32X32       1

/* COLORBUFFER_LOC / DEPTHBUFFER_LOC: physical byte address. */
static inline uint32_t hw_reg_fb_addr(uint32_t r) { return (r & 0x0FFFFFFFu) << 3; }

/* ---------------------------------------------------------------------
 * Fragment lighting registers 0x140-0x1FF (Internal_Registers, "Fragment
 * lighting registers"; nearly all marked uncertain there): eight light
 * blocks of 16 ids, then the global state. Decoded here: what a cost
 * model needs (which lights, which LUTs), not the lighting arithmetic.
 * Id of a light register = HW_REG_LIGHT(light, offset).
 * ------------------------------------------------------------------- */
#define HW_REG_LIGHT0               0x140
#define HW_REG_LIGHT_STRIDE         0x10
#define HW_REG_LIGHT_COUNT          8

/*      offset in a light block */
#define HW_REG_LIGHT_OFF_SPECULAR0  0x0     /* B bits 0-7, G 10-17, R 20-27 */
#define HW_REG_LIGHT_OFF_SPECULAR1  0x1     /* same layout */
#define HW_REG_LIGHT_OFF_DIFFUSE    0x2     /* same layout */
#define HW_REG_LIGHT_OFF_AMBIENT    0x3     /* same layout */
#define HW_REG_LIGHT_OFF_XY         0x4     /* float1.5.10 x bits 0-15, y 16-31 */
#define HW_REG_LIGHT_OFF_Z          0x5     /* float1.5.10 z bits 0-15 */
#define HW_REG_LIGHT_OFF_SPOTDIR_XY 0x6     /* fixed1.1.11 -x bits 0-12, -y 16-28 */
#define HW_REG_LIGHT_OFF_SPOTDIR_Z  0x7     /* fixed1.1.11 -z bits 0-12 */
#define HW_REG_LIGHT_OFF_CONFIG     0x9     /* HW_REG_LIGHTI_* bits */
#define HW_REG_LIGHT_OFF_ATTENUATION_BIAS  0xA   /* float1.7.12 bits 0-19 */
#define HW_REG_LIGHT_OFF_ATTENUATION_SCALE 0xB   /* float1.7.12 bits 0-19 */

#define HW_REG_LIGHT(i, off)        (HW_REG_LIGHT0 + HW_REG_LIGHT_STRIDE * (i) + (off))

#define HW_REG_LIGHTING_AMBIENT     0x1C0   /* B bits 0-7, G 10-17, R 20-27 */
#define HW_REG_LIGHTING_NUM_LIGHTS  0x1C2   /* bits 0-2: lights - 1 */
#define HW_REG_LIGHTING_CONFIG0     0x1C3
#define HW_REG_LIGHTING_CONFIG1     0x1C4
#define HW_REG_LIGHTING_LUT_INDEX   0x1C5
#define HW_REG_LIGHTING_ENABLE1     0x1C6   /* bit 0: 1 = lighting off */
#define HW_REG_LIGHTING_LUT_DATA0   0x1C8   /* ..0x1CF: one port */
#define HW_REG_LIGHTING_LUTINPUT_ABS 0x1D0
#define HW_REG_LIGHTING_LUTINPUT_SELECT 0x1D1
#define HW_REG_LIGHTING_LUTINPUT_SCALE 0x1D2
#define HW_REG_LIGHTING_LIGHT_PERMUTATION 0x1D9

/* The light (0-7) of an id in a light block, its offset in *off (may be
 * NULL); -1 for any other id. */
static inline int hw_reg_light_of(unsigned id, unsigned *off)
{
	if (id < HW_REG_LIGHT0 || id >= HW_REG_LIGHT0 + HW_REG_LIGHT_STRIDE * HW_REG_LIGHT_COUNT)
		return -1;
	if (off)
		*off = (id - HW_REG_LIGHT0) % HW_REG_LIGHT_STRIDE;
	return (int)((id - HW_REG_LIGHT0) / HW_REG_LIGHT_STRIDE);
}

/* Colour channel c (0 = R, 1 = G, 2 = B) of a light colour register
 * (SPECULAR0/1, DIFFUSE, AMBIENT, LIGHTING_AMBIENT). */
static inline unsigned hw_reg_light_color(uint32_t r, unsigned c)
{
	static const unsigned char shift[3] = { 20, 10, 0 };

	return (r >> shift[c % 3u]) & 0xFFu;
}

/* LIGHTi_CONFIG ("GPUREG_LIGHTi_CONFIG"). */
#define HW_REG_LIGHTI_DIRECTIONAL   (1u << 0)   /* clear: positional */
#define HW_REG_LIGHTI_TWO_SIDED     (1u << 1)   /* diffuse on both sides */
#define HW_REG_LIGHTI_GEOM_FACTOR0  (1u << 2)
#define HW_REG_LIGHTI_GEOM_FACTOR1  (1u << 3)

/* LIGHTING_ENABLE0 bit 0 turns lighting on; ENABLE1 bit 0 is written as
 * its inverse. Model choice: lighting runs when ENABLE0 says on and
 * ENABLE1 does not say off. */
static inline bool hw_reg_lighting_on(uint32_t en0, uint32_t en1)
{
	return (en0 & 1u) != 0 && (en1 & 1u) == 0;
}

/* NUM_LIGHTS: active lights, 1-8. LIGHT_PERMUTATION: the light id (0-7)
 * that is the n-th active light, 3 bits at 4n. */
static inline unsigned hw_reg_lighting_num_lights(uint32_t r) { return (r & 7u) + 1u; }
static inline unsigned hw_reg_lighting_light_id(uint32_t perm, unsigned n)
{
	return (perm >> (4u * (n & 7u))) & 7u;
}

/* The active lights as a mask of light ids (bit i = LIGHTi). */
static inline unsigned hw_reg_lighting_light_mask(uint32_t num, uint32_t perm)
{
	unsigned n, count = hw_reg_lighting_num_lights(num), mask = 0;

	for (n = 0; n < count; n++)
		mask |= 1u << hw_reg_lighting_light_id(perm, n);
	return mask;
}

/* The lighting LUTs, numbered as the fields of LUTINPUT_ABS/_SELECT/
 * _SCALE (field = 4 bits at 4 * lut; DA has none). As mask bits:
 * 1u << HW_REG_LUT_x. */
#define HW_REG_LUT_D0               0       /* distribution 0 */
#define HW_REG_LUT_D1               1       /* distribution 1 */
#define HW_REG_LUT_SP               2       /* spotlight (one per light) */
#define HW_REG_LUT_FR               3       /* Fresnel */
#define HW_REG_LUT_RB               4       /* reflection, blue */
#define HW_REG_LUT_RG               5       /* reflection, green */
#define HW_REG_LUT_RR               6       /* reflection, red */
#define HW_REG_LUT_DA               7       /* distance attenuation (one per light) */
#define HW_REG_LUT_ALL              0xFFu

/* LIGHTING_CONFIG0 ("GPUREG_LIGHTING_CONFIG0"): bit 0 shadow factor on,
 * bits 2-3 where the Fresnel LUT applies (HW_REG_FRESNEL_*), bits 4-7
 * the LUT configuration (below), bits 16-19 shadow attenuation flags,
 * bits 22-23 bump map texture unit, 24-25 shadow map texture unit,
 * bit 27 clamp highlights, bits 28-29 bump mode (HW_REG_BUMP_*), bit 30
 * set = bump vectors not recalculated; bits 8-11 are written as 4 and
 * bit 31 as 1. */
#define HW_REG_LIGHTCFG0_SHADOW_FACTOR    (1u << 0)
#define HW_REG_LIGHTCFG0_SHADOW_PRIMARY   (1u << 16)
#define HW_REG_LIGHTCFG0_SHADOW_SECONDARY (1u << 17)
#define HW_REG_LIGHTCFG0_SHADOW_INVERT    (1u << 18)
#define HW_REG_LIGHTCFG0_SHADOW_ALPHA     (1u << 19)
#define HW_REG_LIGHTCFG0_CLAMP_HIGHLIGHTS (1u << 27)
#define HW_REG_LIGHTCFG0_NO_BUMP_RECALC   (1u << 30)
#define HW_REG_LIGHTCFG0_FIXED            0x80000400u
#define HW_REG_FRESNEL_NONE         0
#define HW_REG_FRESNEL_PRIMARY      1       /* primary alpha */
#define HW_REG_FRESNEL_SECONDARY    2       /* secondary alpha */
#define HW_REG_FRESNEL_BOTH         3
#define HW_REG_BUMP_NONE            0
#define HW_REG_BUMP_NORMAL          1       /* bump map */
#define HW_REG_BUMP_TANGENT         2       /* tangent map */

static inline unsigned hw_reg_lighting_fresnel(uint32_t c0) { return (c0 >> 2) & 3u; }
static inline unsigned hw_reg_lighting_lut_config(uint32_t c0) { return (c0 >> 4) & 0xFu; }
static inline unsigned hw_reg_lighting_bump_unit(uint32_t c0) { return (c0 >> 22) & 3u; }
static inline unsigned hw_reg_lighting_shadow_unit(uint32_t c0) { return (c0 >> 24) & 3u; }
static inline unsigned hw_reg_lighting_bump_mode(uint32_t c0) { return (c0 >> 28) & 3u; }

/* The LUTs a CONFIG0 bits 4-7 value makes available (a LUT that is not
 * reads as 1.0 whatever CONFIG1 says). Listed: 0-6 and 8 (the pages'
 * "configuration 7"); model choice: 7 and 9-15 offer all (unverified). */
static inline unsigned hw_reg_lighting_luts_available(unsigned cfg)
{
	static const unsigned char avail[9] = {
		1u << HW_REG_LUT_D0 | 1u << HW_REG_LUT_RR | 1u << HW_REG_LUT_SP | 1u << HW_REG_LUT_DA,
		1u << HW_REG_LUT_FR | 1u << HW_REG_LUT_RR | 1u << HW_REG_LUT_SP | 1u << HW_REG_LUT_DA,
		1u << HW_REG_LUT_D0 | 1u << HW_REG_LUT_D1 | 1u << HW_REG_LUT_RR | 1u << HW_REG_LUT_DA,
		1u << HW_REG_LUT_D0 | 1u << HW_REG_LUT_D1 | 1u << HW_REG_LUT_FR | 1u << HW_REG_LUT_DA,
		HW_REG_LUT_ALL & ~(1u << HW_REG_LUT_FR),
		HW_REG_LUT_ALL & ~(1u << HW_REG_LUT_D1),
		HW_REG_LUT_ALL & ~(1u << HW_REG_LUT_RB | 1u << HW_REG_LUT_RG),
		HW_REG_LUT_ALL,
		HW_REG_LUT_ALL
	};

	return cfg < 9u ? avail[cfg] : HW_REG_LUT_ALL;
}

/* LIGHTING_CONFIG1 ("GPUREG_LIGHTING_CONFIG1"): every bit set switches
 * something off. Per light i: shadow (bit i), spotlight (8 + i),
 * distance attenuation (24 + i). Global LUTs: D0 16, D1 17, FR 19, RB
 * 20, RG 21, RR 22; bit 18 is written as 1 (meaning unknown). */
#define HW_REG_LIGHTCFG1_D0_OFF     (1u << 16)
#define HW_REG_LIGHTCFG1_D1_OFF     (1u << 17)
#define HW_REG_LIGHTCFG1_FIXED_ONE  (1u << 18)
#define HW_REG_LIGHTCFG1_FR_OFF     (1u << 19)
#define HW_REG_LIGHTCFG1_RB_OFF     (1u << 20)
#define HW_REG_LIGHTCFG1_RG_OFF     (1u << 21)
#define HW_REG_LIGHTCFG1_RR_OFF     (1u << 22)

static inline bool hw_reg_light_shadow_on(uint32_t c1, unsigned light) { return ((c1 >> (light & 7u)) & 1u) == 0; }
static inline bool hw_reg_light_spot_on(uint32_t c1, unsigned light) { return ((c1 >> (8u + (light & 7u))) & 1u) == 0; }
static inline bool hw_reg_light_dist_atten_on(uint32_t c1, unsigned light)
{
	return ((c1 >> (24u + (light & 7u))) & 1u) == 0;
}

/* The LUTs a lit fragment reads, as a mask of 1u << HW_REG_LUT_x. Model
 * choice: a global LUT counts when CONFIG0's configuration offers it and
 * CONFIG1 does not switch it off; SP and DA count when they are offered
 * and at least one light of `lights` (hw_reg_lighting_light_mask) has
 * them on. Whether FR is read with HW_REG_FRESNEL_NONE: unverified
 * (counted here). */
static inline unsigned hw_reg_lighting_luts_used(uint32_t c0, uint32_t c1, unsigned lights)
{
	unsigned used = 0;

	if (!(c1 & HW_REG_LIGHTCFG1_D0_OFF))
		used |= 1u << HW_REG_LUT_D0;
	if (!(c1 & HW_REG_LIGHTCFG1_D1_OFF))
		used |= 1u << HW_REG_LUT_D1;
	if (!(c1 & HW_REG_LIGHTCFG1_FR_OFF))
		used |= 1u << HW_REG_LUT_FR;
	if (!(c1 & HW_REG_LIGHTCFG1_RB_OFF))
		used |= 1u << HW_REG_LUT_RB;
	if (!(c1 & HW_REG_LIGHTCFG1_RG_OFF))
		used |= 1u << HW_REG_LUT_RG;
	if (!(c1 & HW_REG_LIGHTCFG1_RR_OFF))
		used |= 1u << HW_REG_LUT_RR;
	if (~(c1 >> 8) & lights & 0xFFu)
		used |= 1u << HW_REG_LUT_SP;
	if (~(c1 >> 24) & lights & 0xFFu)
		used |= 1u << HW_REG_LUT_DA;
	return used & hw_reg_lighting_luts_available(hw_reg_lighting_lut_config(c0));
}

/* LIGHTING_LUT_INDEX ("GPUREG_LIGHTING_LUT_INDEX"): bits 0-7 first entry,
 * bits 8-12 the table (HW_REG_LIGHTLUT_*; 2 and 7 not listed). Each
 * table has 256 entries; each DATA write stores one and steps the index. */
#define HW_REG_LIGHTLUT_D0          0
#define HW_REG_LIGHTLUT_D1          1
#define HW_REG_LIGHTLUT_FR          3
#define HW_REG_LIGHTLUT_RB          4
#define HW_REG_LIGHTLUT_RG          5
#define HW_REG_LIGHTLUT_RR          6
#define HW_REG_LIGHTLUT_SP0         8       /* + light, 8-15 */
#define HW_REG_LIGHTLUT_DA0         16      /* + light, 16-23 */
#define HW_REG_LIGHTLUT_ENTRIES     256

static inline unsigned hw_reg_lighting_lut_index(uint32_t r) { return r & 0xFFu; }
static inline unsigned hw_reg_lighting_lut_table(uint32_t r) { return (r >> 8) & 0x1Fu; }

/* LUTINPUT_ABS / _SELECT / _SCALE, field of LUT `lut` (HW_REG_LUT_D0..
 * RR): ABS bit 1 of the field set = the input is NOT made absolute;
 * SELECT bits 0-2 the input (HW_REG_LUTIN_*; 6-7 not listed); SCALE
 * bits 0-2 the output scale (HW_REG_LUTSCALE_*; 4-5 not listed). */
#define HW_REG_LUTIN_NH             0       /* N.H */
#define HW_REG_LUTIN_VH             1       /* V.H */
#define HW_REG_LUTIN_NV             2       /* N.V */
#define HW_REG_LUTIN_LN             3       /* L.N */
#define HW_REG_LUTIN_SP             4       /* -L.P, spotlight */
#define HW_REG_LUTIN_CP             5       /* cos phi */
#define HW_REG_LUTSCALE_1X          0
#define HW_REG_LUTSCALE_2X          1
#define HW_REG_LUTSCALE_4X          2
#define HW_REG_LUTSCALE_8X          3
#define HW_REG_LUTSCALE_QUARTER     6
#define HW_REG_LUTSCALE_HALF        7

static inline bool hw_reg_lutinput_abs(uint32_t r, unsigned lut)
{
	return ((r >> (4u * (lut % 7u) + 1u)) & 1u) == 0;
}
static inline unsigned hw_reg_lutinput_select(uint32_t r, unsigned lut)
{
	return (r >> (4u * (lut % 7u))) & 7u;
}
static inline unsigned hw_reg_lutinput_scale(uint32_t r, unsigned lut)
{
	return (r >> (4u * (lut % 7u))) & 7u;
}

/* The fragment-stage LUT ports span eight ids each, like the shader
 * ports: PROCTEX_LUT_DATA0-7, FOG_LUT_DATA0-7 (FIFOs on the pages) and
 * LIGHTING_LUT_DATA0-7 (model choice: the same). Fold any of them to its
 * DATA0 id; other ids unchanged. hw_reg_fold_alias() does the shader
 * ports only; GAS_LUT_DATA is a single id. */
static inline unsigned hw_reg_fold_lut_alias(unsigned id)
{
	static const unsigned ports[3] = {
		HW_REG_PROCTEX_LUT_DATA0, HW_REG_FOG_LUT_DATA0, HW_REG_LIGHTING_LUT_DATA0
	};
	unsigned p;

	for (p = 0; p < 3; p++)
		if (id >= ports[p] && id < ports[p] + 8u)
			return ports[p];
	return id;
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

/* GSH_MISC0 (fact sheet A.8): bits 0-7 mode (0 point, 1 variable
 * primitive, 2 fixed primitive); fixed mode: bits 8-11 vertices a
 * primitive - 1, 12-15 registers a vertex - 1, 16-23 the first float
 * uniform that receives them. */
#define HW_REG_GSH_MODE_POINT       0
#define HW_REG_GSH_MODE_VARIABLE    1
#define HW_REG_GSH_MODE_FIXED       2
static inline unsigned hw_reg_gsh_mode(uint32_t reg) { return reg & 0xFFu; }
static inline unsigned hw_reg_gsh_fixed_vertices(uint32_t reg) { return (reg >> 8 & 0xFu) + 1u; }
static inline unsigned hw_reg_gsh_fixed_stride(uint32_t reg) { return (reg >> 12 & 0xFu) + 1u; }
static inline unsigned hw_reg_gsh_fixed_start(uint32_t reg) { return reg >> 16 & 0xFFu; }

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
 * addresses >> 3 (ATTRIBBUFFERS_LOC, CMDBUF_ADDRi, TEXUNITi_ADDR,
 * COLORBUFFER_LOC, DEPTHBUFFER_LOC); index and buffer offsets are
 * relative to the ATTRIBBUFFERS_LOC base. */


/* ---------------------------------------------------------------------
 * Fragment lighting, fog, gas (hw consumption)
 *
 * The number formats and fields hw_lighting.c and hw_fog.c read
 * (fragment-pipeline.md A.1, A.4-A.6; sources there: GBATEK, 3dbrew,
 * the SDK's packing in nn::gr and citro3d).
 * ------------------------------------------------------------------- */

/* float16 (1 sign, 5 exponent bias 15, 10 mantissa) to float. Zero
 * exponent: +-0 (no denormals), all ones: inf/NaN (model choice, as the
 * float24 decoder above). */
static inline float hw_reg_f16_to_float(uint32_t raw)
{
	uint32_t sign = (raw >> 15) & 1u, exp5 = (raw >> 10) & 0x1Fu, mant = raw & 0x3FFu;
	uint32_t bits = sign << 31;
	float f;

	if (exp5 == 0x1Fu)
		bits |= 0xFFu << 23 | mant << 13;
	else if (exp5 != 0)
		bits |= (exp5 + 112u) << 23 | mant << 13;    /* rebias 15 -> 127 */
	memcpy(&f, &bits, sizeof f);
	return f;
}

/* float20 (1.7.12, bias 63): the distance-attenuation scale and bias. */
static inline float hw_reg_f20_to_float(uint32_t raw)
{
	return hw_reg_f7_to_float((raw >> 19) & 1u, (raw >> 12) & 0x7Fu, (raw & 0xFFFu) << 11);
}

/* float to float16 / float20 raw bits, mantissa truncated and small
 * values flushed to +-0 as the SDK's conversions do (A.1); for tests and
 * command builders. */
static inline uint32_t hw_reg_float_to_f16(float f)
{
	uint32_t bits, sign, mant;
	int32_t e;

	memcpy(&bits, &f, sizeof bits);
	sign = bits >> 31;
	mant = (bits & 0x7FFFFFu) >> 13;
	e = (int32_t)((bits >> 23) & 0xFFu) - 112;
	if (((bits >> 23) & 0xFFu) == 0xFFu)
		return sign << 15 | 0x1Fu << 10 | (mant ? mant : ((bits & 0x7FFFFFu) ? 1u : 0u));
	if (e <= 0)
		return sign << 15;
	if (e >= 0x1F)
		return sign << 15 | 0x1Fu << 10;
	return sign << 15 | (uint32_t)e << 10 | mant;
}
static inline uint32_t hw_reg_float_to_f20(float f) { return hw_reg_float_to_f7(f, 12); }

/* fixed1.1.11: 13-bit two's complement over 2048 (spot direction, fog
 * LUT difference). */
static inline float hw_reg_fixed13_to_float(uint32_t raw)
{
	int32_t v = (int32_t)(raw & 0x1FFFu);

	if (v & 0x1000)
		v -= 0x2000;
	return (float)v / 2048.0f;
}

/* Light block: spot vector components (the negated spot direction),
 * x bits 0-12, y bits 16-28 of SPOTDIR_XY, z bits 0-12 of SPOTDIR_Z. */
static inline uint32_t hw_reg_light_spot_raw(uint32_t xy, uint32_t z, unsigned c)
{
	return c == 0 ? xy & 0x1FFFu : c == 1 ? (xy >> 16) & 0x1FFFu : z & 0x1FFFu;
}

/* Lighting LUT data word: bits 0-11 the value over 4096, bits 12-22 the
 * magnitude of the difference to the next entry over 2048, bit 23 its
 * sign (A.6; the SDK's encoding, fragment-pipeline.md E.4: this model
 * divides by 4096 and 2048, not by 4095 and 2047). */
#define HW_REG_LIGHTLUT_TABLES      24      /* table ids 0-23 */
static inline float hw_reg_lightlut_value(uint32_t w) { return (float)(w & 0xFFFu) / 4096.0f; }
static inline float hw_reg_lightlut_diff(uint32_t w)
{
	float d = (float)((w >> 12) & 0x7FFu) / 2048.0f;

	return (w >> 23) & 1u ? -d : d;
}

/* LUTINPUT_SCALE code (HW_REG_LUTSCALE_*) as a factor; codes 4 and 5
 * (not listed) act as x1 (model choice). */
static inline float hw_reg_lutscale_factor(unsigned code)
{
	static const float f[8] = { 1.0f, 2.0f, 4.0f, 8.0f, 1.0f, 1.0f, 0.25f, 0.5f };

	return f[code & 7u];
}

/* LIGHTING_CONFIG0 bits 4-7 as the GL layer configuration 0-7: register
 * value 8 is configuration 7; 7 and 9-15 (not listed) read as 7 (model
 * choice, as hw_reg_lighting_luts_available offers them all). */
static inline unsigned hw_reg_lighting_layer(uint32_t c0)
{
	unsigned v = hw_reg_lighting_lut_config(c0);

	return v < 7u ? v : 7u;
}

/* Fog LUT data word (0x0E8-0x0EF): bits 0-12 the difference
 * (fixed1.1.11), bits 13-23 the value over 2048 (E.4: /2048). */
#define HW_REG_FOGLUT_ENTRIES       128
static inline float hw_reg_foglut_value(uint32_t w) { return (float)((w >> 13) & 0x7FFu) / 2048.0f; }
static inline float hw_reg_foglut_diff(uint32_t w) { return hw_reg_fixed13_to_float(w); }
static inline unsigned hw_reg_fog_lut_index(uint32_t r) { return r & 0x7Fu; }

/* Gas: the 16-word shading LUT (0x123 index, 0x124 data), the
 * accumulation-max feedback register. */
#define HW_REG_GASLUT_ENTRIES       16
#define HW_REG_GAS_ACCMAX_FEEDBACK  0x125
static inline unsigned hw_reg_gas_lut_index(uint32_t r) { return r & 0xFu; }

/* COLOR_OPERATION bits 0-1: HW_REG_FRAGMODE_* (0 GL, 1 gas, 3 shadow;
 * 2 not listed, read as GL by the model). */
static inline unsigned hw_reg_color_op_mode(uint32_t r) { return r & 3u; }

/* FRAGOP_SHADOW: K = float16 bits 0-15 (penumbra scale + bias), L =
 * float16 bits 16-31 (- penumbra scale). */
static inline float hw_reg_shadow_k(uint32_t r) { return hw_reg_f16_to_float(r & 0xFFFFu); }
static inline float hw_reg_shadow_l(uint32_t r) { return hw_reg_f16_to_float(r >> 16); }


#endif
