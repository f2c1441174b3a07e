/* gl_shbin.c: SHBIN parser. The layout (3dbrew "SHBIN", picasso's
 * writer): a DVLB header with the DVLE offsets, the DVLP right after it,
 * then the DVLEs. All fields are little-endian. Offsets in the DVLB are
 * from the start of the binary, those in the DVLP from the DVLP, those in
 * a DVLE from that DVLE.
 *
 * Every offset and count is checked against the bytes left before it is
 * used, by subtraction and division only, so no sum can wrap; each read
 * goes through rd8/rd16/rd32 on a range already checked. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hw/hw_alloc.h"
#include "hw/hw_assert.h"
#include "gl_shbin.h"
#include "hw/hw_shader.h"     /* register file sizes */

/* DVLB: magic, DVLE count, then one u32 offset per DVLE. */
#define DVLB_MAGIC        0x424C5644u  /* "DVLB" */
#define DVLB_HEADER_SIZE  8
#define DVLB_ENTRY_SIZE   4

/* DVLP header: 10 words. 0x18/0x1C are not known; picasso writes them as
 * an offset and 0, and nothing here reads them. */
#define DVLP_MAGIC        0x504C5644u  /* "DVLP" */
#define DVLP_HEADER_SIZE  0x28
#define DVLP_CODE_OFF     0x08         /* program blob, from the DVLP */
#define DVLP_CODE_WORDS   0x0C         /* its size in 32-bit words */
#define DVLP_OPDESC_OFF   0x10         /* operand descriptor table */
#define DVLP_OPDESC_COUNT 0x14         /* 8-byte entries, low word used */
#define DVLP_FNAME_OFF    0x20         /* filename symbol table */
#define DVLP_FNAME_SIZE   0x24         /* in bytes */
#define OPDESC_ENTRY_SIZE 8

/* DVLE header: 16 words. */
#define DVLE_MAGIC        0x454C5644u  /* "DVLE" */
#define DVLE_HEADER_SIZE  0x40
#define DVLE_STAGE        0x06         /* u8: 0 vertex, 1 geometry */
#define DVLE_FLAGS        0x07         /* u8: bit 0 merge outmaps */
#define DVLE_MAIN         0x08         /* u32, in words */
#define DVLE_END          0x0C         /* u32, in words */
#define DVLE_GS_MODE      0x14         /* u8 */
#define DVLE_GS_FIXED_START 0x15       /* u8: c register */
#define DVLE_GS_VAR_COUNT 0x16         /* u8 */
#define DVLE_GS_FIXED_COUNT 0x17       /* u8 */
#define DVLE_CONST_OFF    0x18         /* the table pairs: offset, count */
#define DVLE_LABEL_OFF    0x20
#define DVLE_OUTPUT_OFF   0x28
#define DVLE_UNIFORM_OFF  0x30
#define DVLE_SYMBOL_OFF   0x38         /* offset, then size in bytes */
#define DVLE_MERGE_OUTMAPS 0x01

/* Constant entry (20 bytes): u16 type, u16 register, then the value:
 * bool in the byte at 4, int as 4 bytes x,y,z,w at 4-7, float as four
 * u32 words holding 24-bit floats x,y,z,w at 4-19. */
#define CONST_ENTRY_SIZE  20
#define CONST_TYPE_BOOL   0
#define CONST_TYPE_INT    1
#define CONST_TYPE_FLOAT  2

/* Label entry (16 bytes): 0x4 u32 program offset in words, 0xC u32 name
 * offset in the symbol table; 0x0-0x3 (an id) and 0x8 are not used. */
#define LABEL_ENTRY_SIZE  16
#define LABEL_PC          0x04
#define LABEL_NAME        0x0C

/* Output entry (8 bytes): u16 type, u16 register, u8 component mask. */
#define OUTPUT_ENTRY_SIZE 8

/* Uniform entry (8 bytes): u32 name offset, u16 first, u16 last. */
#define UNIFORM_ENTRY_SIZE 8

/* The uniform table numbers registers in one space (3dbrew "SHBIN"):
 * each file starts at its base; their sizes are the shader unit's. */
#define UNIFIED_V 0x00
#define UNIFIED_C 0x10
#define UNIFIED_I 0x70
#define UNIFIED_B 0x78
#define UNIFIED_LAST (UNIFIED_B + HW_SHADER_BOOL_UNIFORMS - 1)

struct reg_file { unsigned first, last; };
static const struct reg_file unified_files[] = {
	{ UNIFIED_V, UNIFIED_V + HW_SHADER_INPUTS - 1 },
	{ UNIFIED_C, UNIFIED_C + HW_SHADER_FLOAT_UNIFORMS - 1 },
	{ UNIFIED_I, UNIFIED_I + HW_SHADER_INT_UNIFORMS - 1 },
	{ UNIFIED_B, UNIFIED_B + HW_SHADER_BOOL_UNIFORMS - 1 },
};
#define OUTPUT_MASK_ALL 0xFu

/* The input, and where the error text goes. */
struct reader {
	const uint8_t *data;
	size_t size;
	char *err;
};

static bool fail(const struct reader *r, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/* Write the formatted message to r->err (when the caller gave a buffer) and
 * return false, so that a parser can `return fail(...)`. */
static bool fail(const struct reader *r, const char *fmt, ...)
{
	va_list ap;

	if (!r->err)
		return false;
	va_start(ap, fmt);
	vsnprintf(r->err, GL_SHBIN_ERROR_MAX, fmt, ap);
	va_end(ap);
	return false;
}

/* The byte at offset `at`; the caller has checked that it lies in the binary
 * (span_fits). */
static uint32_t rd8(const struct reader *r, size_t at)
{
	NNGX_ASSERT(at < r->size);
	return r->data[at];
}

/* The little-endian 16-bit word at offset `at`, inside the binary. */
static uint32_t rd16(const struct reader *r, size_t at)
{
	NNGX_ASSERT(at < r->size && r->size - at >= 2);
	return (uint32_t)r->data[at] | (uint32_t)r->data[at + 1] << 8;
}

/* The little-endian 32-bit word at offset `at`, inside the binary. */
static uint32_t rd32(const struct reader *r, size_t at)
{
	return rd16(r, at) | rd16(r, at + 2) << 16;
}

/* True when `count` entries of `elem` bytes fit at base+off, base being
 * inside the buffer; *at gets base+off. Only subtractions and a division:
 * nothing wraps whatever the 32-bit fields say. */
static bool span_fits(const struct reader *r, size_t base, uint32_t off,
		      size_t count, size_t elem, size_t *at)
{
	size_t left;

	if (base > r->size || off > r->size - base)
		return false;
	left = r->size - base - off;
	if (elem != 0 && count > left / elem)
		return false;
	*at = base + off;
	return true;
}

/* calloc for `count` elements, refusing products that would wrap; NULL
 * with count 0 is not a failure, so callers test count first. */
static void *alloc_array(size_t count, size_t elem)
{
	if (count == 0 || count > SIZE_MAX / elem)
		return NULL;
	return hw_calloc(count, elem);
}

float gl_shbin_f24_to_float(uint32_t f24)
{
	uint32_t sign = (f24 >> 23) & 1u;
	uint32_t exponent = (f24 >> 16) & 0x7Fu;
	uint32_t mantissa = f24 & 0xFFFFu;
	uint32_t bits;
	float f;

	/* Re-biasing 63 -> 127 and widening the mantissa 16 -> 23 bits makes
	 * every normal float24 an exact float. Exponent 0: model choice,
	 * flushed to signed zero (the hardware is not known to have
	 * denormals). Exponent 0x7F: infinity or NaN, as in IEEE. */
	if (exponent == 0)
		bits = sign << 31;
	else if (exponent == 0x7Fu)
		bits = sign << 31 | 0xFFu << 23 | mantissa << 7;
	else
		bits = sign << 31 | (exponent + 127u - 63u) << 23 | mantissa << 7;
	memcpy(&f, &bits, sizeof f);
	return f;
}

/* Copy the NUL-terminated name at `off` of the symbol table [sym, sym+len)
 * (already checked to be inside the buffer). `what` names the owner in
 * the error ("DVLE 0: uniform 2"). */
static bool read_symbol(const struct reader *r, size_t sym, size_t len, uint32_t off,
			char name[GL_SHBIN_NAME_MAX], const char *what)
{
	const uint8_t *start, *nul;

	if (off >= len)
		return fail(r, "%s: name offset %lu is outside the symbol table (%lu bytes)",
			    what, (unsigned long)off, (unsigned long)len);
	start = r->data + sym + off;
	nul = memchr(start, '\0', len - off);
	if (!nul)
		return fail(r, "%s: name is not NUL-terminated within the symbol table", what);
	if ((size_t)(nul - start) >= GL_SHBIN_NAME_MAX)
		return fail(r, "%s: name is longer than %d characters", what,
			    GL_SHBIN_NAME_MAX - 1);
	memcpy(name, start, (size_t)(nul - start) + 1);
	return true;
}

/* Where one of a DVLE's tables lives: its checked start and its count. */
struct table {
	size_t at;
	size_t count;
};

/* Read the count and offset of a DVLE table at dvle + field into t, and check
 * that count entries of elem bytes fit in the binary; t->at is then the
 * table's absolute offset. False with a message naming `what`. */
static bool locate_table(const struct reader *r, size_t dvle, size_t field, size_t elem,
			 const char *what, const char *prefix, struct table *t)
{
	uint32_t off = rd32(r, dvle + field);

	t->count = rd32(r, dvle + field + 4);
	t->at = 0;
	/* An empty table's offset is never used, so it is not checked. */
	if (t->count != 0 && !span_fits(r, dvle, off, t->count, elem, &t->at))
		return fail(r, "%s: %s table (%lu entries at 0x%lx) runs past the end of the binary",
			    prefix, what, (unsigned long)t->count, (unsigned long)off);
	return true;
}

/* Parse the constant entry at `at` into c: a bool, an int (4 bytes) or a
 * float vector (4 x f24), its register checked against the register file.
 * False with a message naming `what` for an unknown type or register. */
static bool parse_constant(const struct reader *r, size_t at, struct gl_shbin_constant *c,
			   const char *what)
{
	uint32_t type = rd16(r, at), reg = rd16(r, at + 2);
	int k;

	c->reg = reg;
	switch (type) {
	case CONST_TYPE_BOOL:
		c->type = GL_SHBIN_CONST_BOOL;
		c->b = rd8(r, at + 4) != 0;
		if (reg >= HW_SHADER_BOOL_UNIFORMS)
			return fail(r, "%s: bool register b%lu does not exist (b0-b%d)",
				    what, (unsigned long)reg, HW_SHADER_BOOL_UNIFORMS - 1);
		return true;
	case CONST_TYPE_INT:
		c->type = GL_SHBIN_CONST_INT;
		for (k = 0; k < 4; k++)
			c->i[k] = (uint8_t)rd8(r, at + 4 + (size_t)k);
		if (reg >= HW_SHADER_INT_UNIFORMS)
			return fail(r, "%s: integer register i%lu does not exist (i0-i%d)",
				    what, (unsigned long)reg, HW_SHADER_INT_UNIFORMS - 1);
		return true;
	case CONST_TYPE_FLOAT:
		c->type = GL_SHBIN_CONST_FLOAT;
		for (k = 0; k < 4; k++)
			c->f[k] = gl_shbin_f24_to_float(rd32(r, at + 4 + 4 * (size_t)k));
		if (reg >= HW_SHADER_FLOAT_UNIFORMS)
			return fail(r, "%s: float register c%lu does not exist (c0-c%d)",
				    what, (unsigned long)reg, HW_SHADER_FLOAT_UNIFORMS - 1);
		return true;
	default:
		return fail(r, "%s: unknown type %lu (0 bool, 1 int, 2 float)",
			    what, (unsigned long)type);
	}
}

/* Parse the DVLE's constant table into e->constants (allocated; NULL when
 * empty). False with a message; e keeps what it got for free_entry. */
static bool parse_constants(const struct reader *r, size_t dvle, const char *prefix,
			    struct gl_shbin_entry *e)
{
	struct table t;
	char what[64];
	size_t j;

	if (!locate_table(r, dvle, DVLE_CONST_OFF, CONST_ENTRY_SIZE, "constant", prefix, &t))
		return false;
	if (t.count == 0)
		return true;
	if (!(e->constants = alloc_array(t.count, sizeof *e->constants)))
		return fail(r, "out of memory");
	e->constant_count = t.count;
	for (j = 0; j < t.count; j++) {
		snprintf(what, sizeof what, "%s: constant %lu", prefix, (unsigned long)j);
		if (!parse_constant(r, t.at + j * CONST_ENTRY_SIZE, &e->constants[j], what))
			return false;
	}
	return true;
}

/* Parse the DVLE's output table into e->outputs (allocated; NULL when empty),
 * each output's type and register checked. False with a message. */
static bool parse_outputs(const struct reader *r, size_t dvle, const char *prefix,
			  struct gl_shbin_entry *e)
{
	struct table t;
	size_t j;

	if (!locate_table(r, dvle, DVLE_OUTPUT_OFF, OUTPUT_ENTRY_SIZE, "output", prefix, &t))
		return false;
	if (t.count == 0)
		return true;
	if (!(e->outputs = alloc_array(t.count, sizeof *e->outputs)))
		return fail(r, "out of memory");
	e->output_count = t.count;
	for (j = 0; j < t.count; j++) {
		struct gl_shbin_output *o = &e->outputs[j];
		size_t at = t.at + j * OUTPUT_ENTRY_SIZE;

		o->type = rd16(r, at);
		o->reg = rd16(r, at + 2);
		o->mask = rd8(r, at + 4);
		if (o->reg >= HW_SHADER_OUTPUTS)
			return fail(r, "%s: output %lu: register o%u does not exist (o0-o%d)",
				    prefix, (unsigned long)j, o->reg, HW_SHADER_OUTPUTS - 1);
		if (o->mask > OUTPUT_MASK_ALL)
			return fail(r, "%s: output %lu: mask 0x%x has bits beyond xyzw",
				    prefix, (unsigned long)j, o->mask);
	}
	return true;
}

/* The register file of a unified register number, or NULL in a gap. */
static const struct reg_file *unified_file(unsigned reg)
{
	size_t k;

	for (k = 0; k < sizeof unified_files / sizeof unified_files[0]; k++)
		if (reg >= unified_files[k].first && reg <= unified_files[k].last)
			return &unified_files[k];
	return NULL;
}

/* Whether uniform u's register range is legal: inside the unified space,
 * first <= last, and within one register file. False with a message. */
static bool check_uniform_range(const struct reader *r, const struct gl_shbin_uniform *u,
				const char *what)
{
	if (u->first > UNIFIED_LAST || u->last > UNIFIED_LAST)
		return fail(r, "%s: registers 0x%02x-0x%02x are outside 0x00-0x%02x",
			    what, u->first, u->last, (unsigned)UNIFIED_LAST);
	if (u->first > u->last)
		return fail(r, "%s: first register 0x%02x is after last 0x%02x",
			    what, u->first, u->last);
	/* An array lives in one register file; 0x74-0x77 name no register. */
	if (!unified_file(u->first) || unified_file(u->first) != unified_file(u->last))
		return fail(r, "%s: registers 0x%02x-0x%02x are not in one register file",
			    what, u->first, u->last);
	return true;
}

/* The symbol table shared by the uniform and label names. */
struct symbols {
	size_t at, len;
};

/* Parse the DVLE's uniform table into e->uniforms, each name read from the
 * symbol table sym and each range checked. False with a message. */
static bool parse_uniforms(const struct reader *r, size_t dvle, const struct symbols *sym,
			   const char *prefix, struct gl_shbin_entry *e)
{
	struct table t;
	char what[64];
	size_t j;

	if (!locate_table(r, dvle, DVLE_UNIFORM_OFF, UNIFORM_ENTRY_SIZE, "uniform", prefix, &t))
		return false;
	if (t.count == 0)
		return true;
	if (!(e->uniforms = alloc_array(t.count, sizeof *e->uniforms)))
		return fail(r, "out of memory");
	e->uniform_count = t.count;
	for (j = 0; j < t.count; j++) {
		struct gl_shbin_uniform *u = &e->uniforms[j];
		size_t at = t.at + j * UNIFORM_ENTRY_SIZE;

		snprintf(what, sizeof what, "%s: uniform %lu", prefix, (unsigned long)j);
		u->first = rd16(r, at + 4);
		u->last = rd16(r, at + 6);
		if (!read_symbol(r, sym->at, sym->len, rd32(r, at), u->name, what) ||
		    !check_uniform_range(r, u, what))
			return false;
	}
	return true;
}

/* Parse the DVLE's label table into e->labels, each name read from sym and
 * each address checked against the code's code_words. False with a
 * message. */
static bool parse_labels(const struct reader *r, size_t dvle, const struct symbols *sym,
			 size_t code_words, const char *prefix, struct gl_shbin_entry *e)
{
	struct table t;
	char what[64];
	size_t j;

	if (!locate_table(r, dvle, DVLE_LABEL_OFF, LABEL_ENTRY_SIZE, "label", prefix, &t))
		return false;
	if (t.count == 0)
		return true;
	if (!(e->labels = alloc_array(t.count, sizeof *e->labels)))
		return fail(r, "out of memory");
	e->label_count = t.count;
	for (j = 0; j < t.count; j++) {
		struct gl_shbin_label *l = &e->labels[j];
		size_t at = t.at + j * LABEL_ENTRY_SIZE;

		snprintf(what, sizeof what, "%s: label %lu", prefix, (unsigned long)j);
		l->offset = rd32(r, at + LABEL_PC);
		if (!read_symbol(r, sym->at, sym->len, rd32(r, at + LABEL_NAME), l->name, what))
			return false;
		/* A label may mark the end of the program, hence <=. */
		if (l->offset > code_words)
			return fail(r, "%s: offset %lu is outside the program (%lu words)",
				    what, (unsigned long)l->offset, (unsigned long)code_words);
	}
	return true;
}

/* Stage, entry range and geometry fields of the DVLE header. */
static bool parse_entry_header(const struct reader *r, size_t dvle, size_t code_words,
			       const char *prefix, struct gl_shbin_entry *e)
{
	uint32_t stage = rd8(r, dvle + DVLE_STAGE);

	if (stage != GL_SHBIN_VERTEX && stage != GL_SHBIN_GEOMETRY)
		return fail(r, "%s: unknown shader type %lu (0 vertex, 1 geometry)",
			    prefix, (unsigned long)stage);
	e->stage = stage == GL_SHBIN_VERTEX ? GL_SHBIN_VERTEX : GL_SHBIN_GEOMETRY;
	e->main_offset = rd32(r, dvle + DVLE_MAIN);
	e->end_offset = rd32(r, dvle + DVLE_END);
	if (e->main_offset >= code_words)
		return fail(r, "%s: main offset %lu is outside the program (%lu words)", prefix,
			    (unsigned long)e->main_offset, (unsigned long)code_words);
	if (e->end_offset > code_words)
		return fail(r, "%s: end offset %lu is outside the program (%lu words)", prefix,
			    (unsigned long)e->end_offset, (unsigned long)code_words);
	if (e->end_offset < e->main_offset)
		return fail(r, "%s: end offset %lu is before main offset %lu", prefix,
			    (unsigned long)e->end_offset, (unsigned long)e->main_offset);
	/* libctru reads the geometry bytes only for geometry entries; a
	 * vertex entry's are left at 0 whatever they hold. */
	if (e->stage != GL_SHBIN_GEOMETRY)
		return true;
	e->merge_outmaps = (rd8(r, dvle + DVLE_FLAGS) & DVLE_MERGE_OUTMAPS) != 0;
	e->gs_mode = rd8(r, dvle + DVLE_GS_MODE);
	e->gs_fixed_start = rd8(r, dvle + DVLE_GS_FIXED_START);
	e->gs_variable_count = rd8(r, dvle + DVLE_GS_VAR_COUNT);
	e->gs_fixed_count = rd8(r, dvle + DVLE_GS_FIXED_COUNT);
	if (e->gs_mode > GL_SHBIN_GS_FIXED)
		return fail(r, "%s: unknown geometry shader mode %u (0 point, 1 variable, 2 fixed)",
			    prefix, e->gs_mode);
	if (e->gs_mode == GL_SHBIN_GS_FIXED && e->gs_fixed_start >= HW_SHADER_FLOAT_UNIFORMS)
		return fail(r, "%s: fixed vertex array starts at c%u, past c%d",
			    prefix, e->gs_fixed_start, HW_SHADER_FLOAT_UNIFORMS - 1);
	return true;
}

/* Parse DVLE number `index` at `offset` into e: header, symbol table, then
 * its constants, outputs, uniforms and labels. False with a message prefixed
 * "DVLE n"; e keeps what it got for free_entry. */
static bool parse_entry(const struct reader *r, size_t index, uint32_t offset,
			size_t code_words, struct gl_shbin_entry *e)
{
	char prefix[32];
	struct symbols sym;
	size_t dvle;
	uint32_t sym_off;

	snprintf(prefix, sizeof prefix, "DVLE %lu", (unsigned long)index);
	if (!span_fits(r, 0, offset, 1, DVLE_HEADER_SIZE, &dvle))
		return fail(r, "%s: header at 0x%lx runs past the end of the binary (%lu bytes)",
			    prefix, (unsigned long)offset, (unsigned long)r->size);
	if (rd32(r, dvle) != DVLE_MAGIC)
		return fail(r, "%s: bad magic (expected \"DVLE\")", prefix);
	if (!parse_entry_header(r, dvle, code_words, prefix, e))
		return false;
	sym_off = rd32(r, dvle + DVLE_SYMBOL_OFF);
	sym.len = rd32(r, dvle + DVLE_SYMBOL_OFF + 4);
	if (!span_fits(r, dvle, sym_off, sym.len, 1, &sym.at))
		return fail(r, "%s: symbol table (%lu bytes at 0x%lx) runs past the end of the binary",
			    prefix, (unsigned long)sym.len, (unsigned long)sym_off);
	return parse_constants(r, dvle, prefix, e) &&
	       parse_labels(r, dvle, &sym, code_words, prefix, e) &&
	       parse_outputs(r, dvle, prefix, e) &&
	       parse_uniforms(r, dvle, &sym, prefix, e);
}

/* `count` words, one every `stride` bytes from `at` (a checked range),
 * into a new array. */
static bool read_words(const struct reader *r, size_t at, size_t count, size_t stride,
		       uint32_t **words)
{
	size_t k;

	if (count == 0)
		return true;
	if (!(*words = alloc_array(count, sizeof **words)))
		return fail(r, "out of memory");
	for (k = 0; k < count; k++)
		(*words)[k] = rd32(r, at + stride * k);
	return true;
}

/* The DVLP at `dvlp`: program words, operand descriptors, and a check
 * that the filename symbol table (not kept) is inside the binary. */
static bool parse_dvlp(const struct reader *r, size_t dvlp, struct gl_shbin *out)
{
	uint32_t code_off, op_off, fname_off, fname_len;
	size_t words, count, at;

	if (dvlp > r->size || r->size - dvlp < DVLP_HEADER_SIZE)
		return fail(r, "DVLP header at 0x%lx runs past the end of the binary (%lu bytes)",
			    (unsigned long)dvlp, (unsigned long)r->size);
	if (rd32(r, dvlp) != DVLP_MAGIC)
		return fail(r, "bad DVLP magic (expected \"DVLP\" at 0x%lx)", (unsigned long)dvlp);

	code_off = rd32(r, dvlp + DVLP_CODE_OFF);
	words = rd32(r, dvlp + DVLP_CODE_WORDS);
	if (!span_fits(r, dvlp, code_off, words, 4, &at))
		return fail(r, "program blob (%lu words at 0x%lx) runs past the end of the binary",
			    (unsigned long)words, (unsigned long)code_off);
	if (!read_words(r, at, words, 4, &out->code))
		return false;
	out->code_words = words;

	op_off = rd32(r, dvlp + DVLP_OPDESC_OFF);
	count = rd32(r, dvlp + DVLP_OPDESC_COUNT);
	if (!span_fits(r, dvlp, op_off, count, OPDESC_ENTRY_SIZE, &at))
		return fail(r, "operand descriptor table (%lu entries at 0x%lx) runs past the end of the binary",
			    (unsigned long)count, (unsigned long)op_off);
	if (!read_words(r, at, count, OPDESC_ENTRY_SIZE, &out->opdesc))
		return false;
	out->opdesc_count = count;

	fname_off = rd32(r, dvlp + DVLP_FNAME_OFF);
	fname_len = rd32(r, dvlp + DVLP_FNAME_SIZE);
	if (fname_len != 0 && !span_fits(r, dvlp, fname_off, fname_len, 1, &at))
		return fail(r, "filename symbol table (%lu bytes at 0x%lx) runs past the end of the binary",
			    (unsigned long)fname_len, (unsigned long)fname_off);
	return true;
}

/* Parse a whole DVLB from r into out: the header, the DVLP (code and operand
 * descriptors), then every DVLE. False with a message in r->err; out keeps
 * what it got for gl_shbin_free. */
static bool parse_all(const struct reader *r, struct gl_shbin *out)
{
	size_t count, k;

	if (r->size < DVLB_HEADER_SIZE)
		return fail(r, "binary too short for the DVLB header (%lu bytes)",
			    (unsigned long)r->size);
	if (rd32(r, 0) != DVLB_MAGIC)
		return fail(r, "bad magic (expected \"DVLB\")");
	count = rd32(r, 4);
	if (count == 0)
		return fail(r, "DVLB declares no DVLE");
	if (count > (r->size - DVLB_HEADER_SIZE) / DVLB_ENTRY_SIZE)
		return fail(r, "DVLE count %lu does not fit in the binary (%lu bytes)",
			    (unsigned long)count, (unsigned long)r->size);
	if (!parse_dvlp(r, DVLB_HEADER_SIZE + count * DVLB_ENTRY_SIZE, out))
		return false;
	if (!(out->entries = alloc_array(count, sizeof *out->entries)))
		return fail(r, "out of memory");
	out->entry_count = count;
	for (k = 0; k < count; k++)
		if (!parse_entry(r, k, rd32(r, DVLB_HEADER_SIZE + DVLB_ENTRY_SIZE * k),
				 out->code_words, &out->entries[k]))
			return false;
	return true;
}

bool gl_shbin_parse(const void *data, size_t size, struct gl_shbin *out,
		    char err[GL_SHBIN_ERROR_MAX])
{
	struct reader r;

	memset(out, 0, sizeof *out);
	if (err)
		err[0] = '\0';
	r.data = data;
	r.size = data ? size : 0;
	r.err = err;
	if (parse_all(&r, out))
		return true;
	gl_shbin_free(out);
	return false;
}

/* Free the four tables of one entry; the entry itself is not freed. */
static void free_entry(struct gl_shbin_entry *e)
{
	free(e->constants);
	free(e->outputs);
	free(e->uniforms);
	free(e->labels);
}

void gl_shbin_free(struct gl_shbin *shbin)
{
	size_t k;

	if (!shbin)
		return;
	/* entry_count is set only once the array exists: a parse that failed
	 * half-way frees what it got, entry by entry. */
	for (k = 0; k < shbin->entry_count; k++)
		free_entry(&shbin->entries[k]);
	free(shbin->entries);
	free(shbin->code);
	free(shbin->opdesc);
	memset(shbin, 0, sizeof *shbin);
}
