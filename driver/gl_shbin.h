/* gl_shbin.h: parser for PICA200 shader binaries (SHBIN: a DVLB container
 * with one DVLP program blob and DVLE entry points), the format that
 * glShaderBinary(GL_PLATFORM_BINARY_DMP) takes. Never trusts the input: a
 * truncated or inconsistent binary is rejected with a message naming what
 * is wrong, and nothing is read outside the buffer.
 *
 * Layout facts: the 3dbrew wiki page "SHBIN" and the SHBIN writer of the
 * open-source assembler picasso; gl_shbin.c names the offsets it reads. */
#ifndef NNGX_GL_SHBIN_H
#define NNGX_GL_SHBIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define GL_SHBIN_ERROR_MAX 256
#define GL_SHBIN_NAME_MAX  64   /* longer symbol names are rejected */

enum gl_shbin_stage { GL_SHBIN_VERTEX = 0, GL_SHBIN_GEOMETRY = 1 };

/* How a geometry shader receives its vertices (the DVLE's GS mode byte). */
enum gl_shbin_gs_mode {
	GL_SHBIN_GS_POINT = 0,     /* one primitive's vertices in v0..v15 */
	GL_SHBIN_GS_VARIABLE = 1,  /* variable-size primitives in c registers */
	GL_SHBIN_GS_FIXED = 2      /* fixed-size primitives in c registers */
};

/* A constant the DVLE asks to be loaded into a uniform register. */
enum gl_shbin_constant_type { GL_SHBIN_CONST_BOOL, GL_SHBIN_CONST_INT, GL_SHBIN_CONST_FLOAT };
struct gl_shbin_constant {
	enum gl_shbin_constant_type type;
	unsigned reg;          /* b<reg> (0-15), i<reg> (0-3) or c<reg> (0-95) */
	bool b;
	uint8_t i[4];          /* x, y, z, w */
	float f[4];            /* decoded from the binary's 24-bit floats */
};

/* An output register and what it carries (position, colour, ...). */
struct gl_shbin_output {
	unsigned type;         /* DVLE output type: 0 position, 1 normal quaternion,
				  2 colour, 3 texcoord0, 4 texcoord0w, 5 texcoord1,
				  6 texcoord2, 8 view, ...; not checked here */
	unsigned reg;          /* o<reg>, 0-15 */
	unsigned mask;         /* component mask, bit 0 = x; 0x0-0xF */
};

/* A named uniform: registers first..last, in the unified numbering of the
 * DVLE uniform table (0x00-0x0F inputs v, 0x10-0x6F c, 0x70-0x73 i,
 * 0x78-0x87 b). first <= last, both in the same register file. */
struct gl_shbin_uniform {
	char name[GL_SHBIN_NAME_MAX];
	unsigned first, last;
};

/* A named position in the program (debug symbols of the DVLE). */
struct gl_shbin_label {
	char name[GL_SHBIN_NAME_MAX];
	uint32_t offset;       /* in instructions, <= code_words */
};

struct gl_shbin_entry {
	enum gl_shbin_stage stage;
	uint32_t main_offset;  /* in instructions, < code_words */
	uint32_t end_offset;   /* main_offset <= end_offset <= code_words */
	/* Geometry shader only (all 0 for a vertex entry): how the merged
	 * vertex/geometry output maps are used, the mode, and where the
	 * vertex arrays of modes 1 and 2 live. */
	bool merge_outmaps;
	unsigned gs_mode;            /* enum gl_shbin_gs_mode */
	unsigned gs_fixed_start;     /* first c register of the fixed-size
					vertex array (0-95 in mode 2) */
	unsigned gs_variable_count;  /* fully-defined vertices of a
					variable-size primitive */
	unsigned gs_fixed_count;     /* vertices of a fixed-size primitive */
	struct gl_shbin_constant *constants;
	size_t constant_count;
	struct gl_shbin_output *outputs;
	size_t output_count;
	struct gl_shbin_uniform *uniforms;
	size_t uniform_count;
	struct gl_shbin_label *labels;
	size_t label_count;
};

struct gl_shbin {
	uint32_t *code;        /* the DVLP program blob */
	size_t code_words;
	uint32_t *opdesc;      /* operand descriptors (low word of each entry) */
	size_t opdesc_count;
	struct gl_shbin_entry *entries;
	size_t entry_count;    /* >= 1 */
};

/* Parse `size` bytes. On success fill *out (free with gl_shbin_free) and
 * return true; every value in it then keeps the ranges written above. On
 * failure return false, leave *out empty (all zero, safe to free) and
 * write a one-line reason ("DVLE 1: constant table runs past the end of
 * the binary") to err, which may be NULL. Allocation failure reports
 * "out of memory". Memory sizes of the hardware (program and descriptor
 * memory) are the loader's to check, not the format's. */
bool gl_shbin_parse(const void *data, size_t size, struct gl_shbin *out,
		    char err[GL_SHBIN_ERROR_MAX]);

/* Free what gl_shbin_parse allocated and empty *shbin; NULL is fine. */
void gl_shbin_free(struct gl_shbin *shbin);

/* A PICA200 24-bit float (bit 23 sign, bits 16-22 exponent biased by 63,
 * bits 0-15 mantissa; bits 24-31 ignored) as a float, exactly. Exponent 0
 * is zero whatever the mantissa (no denormals: signed zero), exponent 0x7F
 * is infinity (mantissa 0) or NaN. */
float gl_shbin_f24_to_float(uint32_t f24);

#endif
