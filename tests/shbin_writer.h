/* shbin_writer.h: builds SHBIN bytes (DVLB, DVLP, DVLEs) from a
 * description, for tests that need shader binaries: the parser's suite and
 * the pipeline's. Written from the format, sharing no code with the
 * parser (gles_stub/gl_shbin.c).
 *
 * The writer stores what it is told, in range or not, so a test can ask
 * for a malformed binary (output register o16, uniform range past 0x87,
 * constant type 7) the same way as for a valid one. Add functions never
 * fail: an allocation failure is remembered and reported by finish.
 *
 *	struct shbin_writer w;
 *	size_t vs;
 *	shbin_writer_init(&w);
 *	shbin_writer_set_program(&w, code, 4);
 *	vs = shbin_writer_add_entry(&w, GL_SHBIN_VERTEX, 0, 4);
 *	shbin_writer_add_output(&w, vs, 0, 0, 0xF);
 *	ok = shbin_writer_finish(&w, &bytes, &size);   (free(bytes) after)
 *	shbin_writer_free(&w);
 */
#ifndef NNGX_SHBIN_WRITER_H
#define NNGX_SHBIN_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Raw constant types of the DVLE constant table. */
#define SHBIN_WRITER_CONST_BOOL  0
#define SHBIN_WRITER_CONST_INT   1
#define SHBIN_WRITER_CONST_FLOAT 2

struct shbin_writer_entry;

struct shbin_writer {
	uint32_t *code;
	size_t code_words;
	uint32_t *opdesc;
	size_t opdesc_count;
	char *filename;                  /* DVLP filename symbol, or NULL */
	struct shbin_writer_entry *entries;
	size_t entry_count;
	bool failed;                     /* an allocation failed */
};

void shbin_writer_init(struct shbin_writer *w);
void shbin_writer_free(struct shbin_writer *w);

/* The DVLP: program words (copied), operand descriptors, filename. */
void shbin_writer_set_program(struct shbin_writer *w, const uint32_t *code, size_t words);
void shbin_writer_add_opdesc(struct shbin_writer *w, uint32_t desc);
void shbin_writer_set_filename(struct shbin_writer *w, const char *name);

/* Add a DVLE; returns its index, the `e` of the calls below. `stage` is
 * written as the shader type byte as is (0 vertex, 1 geometry). */
size_t shbin_writer_add_entry(struct shbin_writer *w, unsigned stage,
			      uint32_t main_offset, uint32_t end_offset);
/* Geometry fields of entry e: mode, fixed vertex start register, variable
 * vertex count, fixed vertex count (each a byte), and the merge flag. */
void shbin_writer_set_geometry(struct shbin_writer *w, size_t e, unsigned mode,
			       unsigned fixed_start, unsigned variable_count,
			       unsigned fixed_count, bool merge_outmaps);

/* Constants: b<reg>, i<reg>, c<reg>. Floats are encoded to float24 by
 * shbin_writer_f24; add_float24 writes the four 24-bit words as given. */
void shbin_writer_add_bool(struct shbin_writer *w, size_t e, unsigned reg, bool value);
void shbin_writer_add_int(struct shbin_writer *w, size_t e, unsigned reg,
			  uint8_t x, uint8_t y, uint8_t z, uint8_t wv);
void shbin_writer_add_float(struct shbin_writer *w, size_t e, unsigned reg,
			    float x, float y, float z, float wv);
void shbin_writer_add_float24(struct shbin_writer *w, size_t e, unsigned reg,
			      const uint32_t f24[4]);
/* Any 20-byte constant entry: type, register, and the 16 value bytes as
 * four little-endian words. */
void shbin_writer_add_raw_constant(struct shbin_writer *w, size_t e, unsigned type,
				   unsigned reg, const uint32_t value[4]);

void shbin_writer_add_output(struct shbin_writer *w, size_t e, unsigned type,
			     unsigned reg, unsigned mask);
/* Uniform registers first..last in the unified numbering; the name goes
 * to the entry's symbol table. */
void shbin_writer_add_uniform(struct shbin_writer *w, size_t e, const char *name,
			      unsigned first, unsigned last);
void shbin_writer_add_label(struct shbin_writer *w, size_t e, const char *name,
			    uint32_t offset);
/* Bytes appended to entry e's symbol table after the names, so a test can
 * leave a name without its NUL (append "abc" with nul = false, and point
 * a uniform at it with shbin_writer_add_uniform_at). */
size_t shbin_writer_add_symbol(struct shbin_writer *w, size_t e, const char *text, bool nul);
void shbin_writer_add_uniform_at(struct shbin_writer *w, size_t e, uint32_t symbol_offset,
				 unsigned first, unsigned last);

/* Lay the binary out: DVLB header, DVLP header, program, operand
 * descriptors (8 bytes each, descriptor in the low word), filename
 * table, then each DVLE at a word boundary: header, constants, labels,
 * outputs, uniforms, symbol table. The last byte is the last symbol
 * byte: no padding follows. On success *bytes is malloc'd. */
bool shbin_writer_finish(const struct shbin_writer *w, uint8_t **bytes, size_t *size);

/* Where entry e's DVLE starts in the finished binary (the same layout as
 * finish), for tests that patch header fields. */
size_t shbin_writer_entry_offset(const struct shbin_writer *w, size_t e);

/* A float as a float24 (1 sign, 7 exponent bits biased by 63, 16 mantissa
 * bits): mantissa truncated, too small -> signed zero, too large ->
 * infinity, NaN stays NaN. Exact for floats with at most 17 significant
 * bits and exponents within -62..63. */
uint32_t shbin_writer_f24(float f);

#endif
