/* nn/gx/CTR/gx_MacroCommon.h: building PICA200 command words by hand.
 *
 * Part of libnngx (MIT licence), written for libnngx. A command is a
 * parameter word and a header: register index in bits 0-15, byte-enable
 * mask in 16-19, extra parameter count in 20-27, and bit 31 for writes
 * to consecutive registers (3dbrew, GPU/Internal Registers). */
#ifndef NNGX_NN_GX_CTR_GX_MACROCOMMON_H
#define NNGX_NN_GX_CTR_GX_MACROCOMMON_H

#include <GLES2/gl2.h>
#include <nn/gx/CTR/gx_MacroReg.h>

/* A header for `size` extra parameters written to `addr` with byte
 * mask `be`, to consecutive registers when `seq` is not 0. */
#define PICA_CMD_HEADER(addr, size, be, seq) \
	((unsigned int)(addr) | ((unsigned int)(be) << 16) | ((unsigned int)(size) << 20) | \
	 ((seq) ? 0x80000000u : 0u))

/* One register, all bytes or the bytes of `be`. */
#define PICA_CMD_HEADER_SINGLE(addr)            PICA_CMD_HEADER((addr), 0, 0xF, 0)
#define PICA_CMD_HEADER_SINGLE_BE(addr, be)     PICA_CMD_HEADER((addr), 0, (be), 0)

/* `n` words to one register (a data port). */
#define PICA_CMD_HEADER_BURST(addr, n)          PICA_CMD_HEADER((addr), (n) - 1, 0xF, 0)
#define PICA_CMD_HEADER_BURST_BE(addr, n, be)   PICA_CMD_HEADER((addr), (n) - 1, (be), 0)

/* `n` words to `n` registers from `addr` on. */
#define PICA_CMD_HEADER_BURSTSEQ(addr, n)       PICA_CMD_HEADER((addr), (n) - 1, 0xF, 1)
#define PICA_CMD_HEADER_BURSTSEQ_BE(addr, n, be) PICA_CMD_HEADER((addr), (n) - 1, (be), 1)

/* `n` float uniform vectors (four words each) for the vertex or geometry
 * shader. */
#define PICA_CMD_HEADER_VS_F32(n)  PICA_CMD_HEADER(PICA_REG_VS_FLOAT0, (n) * 4 - 1, 0xF, 0)
#define PICA_CMD_HEADER_GS_F32(n)  PICA_CMD_HEADER(PICA_REG_GS_FLOAT0, (n) * 4 - 1, 0xF, 0)

#define PICA_CMD_DATA_ZERO() 0

/* Colours, red in the low byte. */
#define PICA_CMD_DATA_COLOR_RGB8(r, g, b) \
	((unsigned int)(r) | ((unsigned int)(g) << 8) | ((unsigned int)(b) << 16))
#define PICA_CMD_DATA_COLOR_RGBA8(r, g, b, a) \
	(PICA_CMD_DATA_COLOR_RGB8((r), (g), (b)) | ((unsigned int)(a) << 24))

/* Helpers of the register-data headers (gx_MacroTexture.h, ...; not SDK
 * names). Every field is widened to unsigned int before it is shifted, so
 * a value in the top bits never overflows a signed int; out-of-range
 * arguments spill into the next field exactly as plain shifts would. */
#define NNGX_PICA_U(v)            ((unsigned int)(v))
#define NNGX_PICA_AT(v, shift)    (NNGX_PICA_U(v) << (shift))
#define NNGX_PICA_BIT(v, shift)   (((v) ? 1u : 0u) << (shift))
/* Whether `v` is below zero, written as "neither positive nor zero" so
 * that an unsigned argument draws no always-false-comparison warning. */
#define NNGX_PICA_NEG(v)          (!((v) > 0 || (v) == 0))
/* Eight or four 4-bit fields from bit 0 up. */
#define NNGX_PICA_NIBBLES4(a, b, c, d) \
	(NNGX_PICA_U(a) | NNGX_PICA_AT(b, 4) | NNGX_PICA_AT(c, 8) | NNGX_PICA_AT(d, 12))
#define NNGX_PICA_NIBBLES8(a, b, c, d, e, f, g, h) \
	(NNGX_PICA_NIBBLES4(a, b, c, d) | NNGX_PICA_AT(e, 16) | NNGX_PICA_AT(f, 20) | \
	 NNGX_PICA_AT(g, 24) | NNGX_PICA_AT(h, 28))
/* Four bytes from bit 0 up (R, G, B, A). */
#define NNGX_PICA_BYTES4(a, b, c, d) \
	(NNGX_PICA_U(a) | NNGX_PICA_AT(b, 8) | NNGX_PICA_AT(c, 16) | NNGX_PICA_AT(d, 24))

struct color8 {
	GLubyte r, g, b, a;
};

/* A padding bit-field of `x` bits in a register layout struct, named after
 * the line it is on. */
#define NNGX_PADDING_NAME2_(line) nngx_padding_##line
#define NNGX_PADDING_NAME_(line) NNGX_PADDING_NAME2_(line)
#define CMD_PADDING(x) unsigned int NNGX_PADDING_NAME_(__LINE__) : x

#endif
