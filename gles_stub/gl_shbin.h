/* gl_shbin.h: parser for PICA200 shader binaries (SHBIN: a DVLB container
 * with one DVLP program blob and DVLE entry points), the format that
 * glShaderBinary(GL_PLATFORM_BINARY_DMP) takes. Never trusts the input: a
 * truncated or inconsistent binary is rejected with a message naming what
 * is wrong, and nothing is read outside the buffer. */
#ifndef NNGX_GL_SHBIN_H
#define NNGX_GL_SHBIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define GL_SHBIN_ERROR_MAX 256
#define GL_SHBIN_NAME_MAX  64

enum gl_shbin_stage { GL_SHBIN_VERTEX = 0, GL_SHBIN_GEOMETRY = 1 };

/* A constant the DVLE asks to be loaded into a uniform register. */
enum gl_shbin_constant_type { GL_SHBIN_CONST_BOOL, GL_SHBIN_CONST_INT, GL_SHBIN_CONST_FLOAT };
struct gl_shbin_constant {
	enum gl_shbin_constant_type type;
	unsigned reg;          /* b<reg>, i<reg> or c<reg> */
	bool b;
	uint8_t i[4];
	float f[4];            /* decoded from the binary's 24-bit floats */
};

/* An output register and what it carries (position, colour, ...). */
struct gl_shbin_output {
	unsigned type;         /* DVLE output type: 0 position, 1 normal quaternion,
				  2 colour, 3 texcoord0, 4 texcoord0w, 5 texcoord1,
				  6 texcoord2, 8 view, ... */
	unsigned reg;          /* o<reg> */
	unsigned mask;         /* component mask, bit 0 = x */
};

/* A named uniform: registers first..last, in the unified numbering of the
 * DVLE uniform table (0x00-0x0F inputs v, 0x10-0x6F c, 0x70-0x73 i,
 * 0x78-0x87 b). */
struct gl_shbin_uniform {
	char name[GL_SHBIN_NAME_MAX];
	unsigned first, last;
};

struct gl_shbin_entry {
	enum gl_shbin_stage stage;
	uint32_t main_offset;  /* in instructions */
	uint32_t end_offset;
	/* Geometry shader only: the DVLE's mode and its fixed-vertex fields. */
	unsigned gs_mode, gs_fixed_start, gs_fixed_count, gs_float_start;
	struct gl_shbin_constant *constants;
	size_t constant_count;
	struct gl_shbin_output *outputs;
	size_t output_count;
	struct gl_shbin_uniform *uniforms;
	size_t uniform_count;
};

struct gl_shbin {
	uint32_t *code;        /* the DVLP program blob */
	size_t code_words;
	uint32_t *opdesc;      /* operand descriptors (low word of each entry) */
	size_t opdesc_count;
	struct gl_shbin_entry *entries;
	size_t entry_count;
};

/* Parse `size` bytes. On success fill *out (free with gl_shbin_free) and
 * return true; on failure return false, leave *out empty and write a
 * one-line reason ("DVLE 1: constant table runs past the end of the
 * binary") to err. */
bool gl_shbin_parse(const void *data, size_t size, struct gl_shbin *out,
		    char err[GL_SHBIN_ERROR_MAX]);

void gl_shbin_free(struct gl_shbin *shbin);

#endif
