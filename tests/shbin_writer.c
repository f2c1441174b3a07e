/* shbin_writer.c: SHBIN bytes from a description (see shbin_writer.h).
 * Layout from the 3dbrew "SHBIN" page: DVLB { "DVLB", count, offsets },
 * DVLP (10 words), DVLEs (16-word header and their tables). */
#include <stdlib.h>
#include <string.h>

#include "shbin_writer.h"

#define DVLP_HEADER_WORDS 10
#define DVLE_HEADER_BYTES 0x40
#define CONST_BYTES       20
#define LABEL_BYTES       16
#define OUTPUT_BYTES      8
#define UNIFORM_BYTES     8
#define OPDESC_BYTES      8

struct raw_constant { unsigned type, reg; uint32_t value[4]; };
struct raw_output { unsigned type, reg, mask; };
struct raw_uniform { uint32_t symbol; unsigned first, last; };
struct raw_label { uint32_t symbol, offset; };

struct shbin_writer_entry {
	unsigned stage;
	uint32_t main_offset, end_offset;
	unsigned gs_mode, gs_fixed_start, gs_variable_count, gs_fixed_count;
	bool merge_outmaps;
	struct raw_constant *constants;
	size_t constant_count;
	struct raw_label *labels;
	size_t label_count;
	struct raw_output *outputs;
	size_t output_count;
	struct raw_uniform *uniforms;
	size_t uniform_count;
	char *symbols;
	size_t symbol_bytes;
};

void shbin_writer_init(struct shbin_writer *w)
{
	memset(w, 0, sizeof *w);
}

void shbin_writer_free(struct shbin_writer *w)
{
	size_t k;

	for (k = 0; k < w->entry_count; k++) {
		struct shbin_writer_entry *e = &w->entries[k];

		free(e->constants);
		free(e->labels);
		free(e->outputs);
		free(e->uniforms);
		free(e->symbols);
	}
	free(w->entries);
	free(w->code);
	free(w->opdesc);
	free(w->filename);
	memset(w, 0, sizeof *w);
}

/* `array` (of `count` elements of `elem` bytes) with room for one more,
 * zeroed, at index `count`; NULL, with w->failed set and `array` left as
 * it was, when memory runs out. */
static void *grow(struct shbin_writer *w, void *array, size_t count, size_t elem)
{
	char *bigger;

	if (w->failed)
		return NULL;
	bigger = realloc(array, (count + 1) * elem);
	if (!bigger) {
		w->failed = true;
		return NULL;
	}
	memset(bigger + count * elem, 0, elem);
	return bigger;
}

void shbin_writer_set_program(struct shbin_writer *w, const uint32_t *code, size_t words)
{
	free(w->code);
	w->code = NULL;
	w->code_words = 0;
	if (words == 0)
		return;
	w->code = malloc(words * sizeof *code);
	if (!w->code) {
		w->failed = true;
		return;
	}
	memcpy(w->code, code, words * sizeof *code);
	w->code_words = words;
}

void shbin_writer_add_opdesc(struct shbin_writer *w, uint32_t desc)
{
	uint32_t *bigger = grow(w, w->opdesc, w->opdesc_count, sizeof *bigger);

	if (!bigger)
		return;
	w->opdesc = bigger;
	bigger[w->opdesc_count++] = desc;
}

void shbin_writer_set_filename(struct shbin_writer *w, const char *name)
{
	free(w->filename);
	w->filename = malloc(strlen(name) + 1);
	if (!w->filename) {
		w->failed = true;
		return;
	}
	strcpy(w->filename, name);
}

size_t shbin_writer_add_entry(struct shbin_writer *w, unsigned stage,
			      uint32_t main_offset, uint32_t end_offset)
{
	struct shbin_writer_entry *bigger = grow(w, w->entries, w->entry_count, sizeof *bigger);
	struct shbin_writer_entry *e;

	if (!bigger)
		return w->entry_count;   /* an index no later call will use */
	w->entries = bigger;
	e = &bigger[w->entry_count++];
	e->stage = stage;
	e->main_offset = main_offset;
	e->end_offset = end_offset;
	return w->entry_count - 1;
}

/* Entry e, or NULL after a failure (the calls on it are then dropped). */
static struct shbin_writer_entry *entry(struct shbin_writer *w, size_t e)
{
	return !w->failed && e < w->entry_count ? &w->entries[e] : NULL;
}

void shbin_writer_set_geometry(struct shbin_writer *w, size_t e, unsigned mode,
			       unsigned fixed_start, unsigned variable_count,
			       unsigned fixed_count, bool merge_outmaps)
{
	struct shbin_writer_entry *en = entry(w, e);

	if (!en)
		return;
	en->gs_mode = mode;
	en->gs_fixed_start = fixed_start;
	en->gs_variable_count = variable_count;
	en->gs_fixed_count = fixed_count;
	en->merge_outmaps = merge_outmaps;
}

void shbin_writer_add_raw_constant(struct shbin_writer *w, size_t e, unsigned type,
				   unsigned reg, const uint32_t value[4])
{
	struct shbin_writer_entry *en = entry(w, e);
	struct raw_constant *c;

	if (!en || !(c = grow(w, en->constants, en->constant_count, sizeof *c)))
		return;
	en->constants = c;
	c = &c[en->constant_count++];
	c->type = type;
	c->reg = reg;
	memcpy(c->value, value, sizeof c->value);
}

void shbin_writer_add_bool(struct shbin_writer *w, size_t e, unsigned reg, bool value)
{
	uint32_t v[4] = { 0, 0, 0, 0 };

	v[0] = value ? 1 : 0;
	shbin_writer_add_raw_constant(w, e, SHBIN_WRITER_CONST_BOOL, reg, v);
}

void shbin_writer_add_int(struct shbin_writer *w, size_t e, unsigned reg,
			  uint8_t x, uint8_t y, uint8_t z, uint8_t wv)
{
	uint32_t v[4] = { 0, 0, 0, 0 };

	/* Bytes x, y, z, w in memory order: a little-endian word. */
	v[0] = (uint32_t)x | (uint32_t)y << 8 | (uint32_t)z << 16 | (uint32_t)wv << 24;
	shbin_writer_add_raw_constant(w, e, SHBIN_WRITER_CONST_INT, reg, v);
}

void shbin_writer_add_float24(struct shbin_writer *w, size_t e, unsigned reg,
			      const uint32_t f24[4])
{
	shbin_writer_add_raw_constant(w, e, SHBIN_WRITER_CONST_FLOAT, reg, f24);
}

void shbin_writer_add_float(struct shbin_writer *w, size_t e, unsigned reg,
			    float x, float y, float z, float wv)
{
	uint32_t v[4];

	v[0] = shbin_writer_f24(x);
	v[1] = shbin_writer_f24(y);
	v[2] = shbin_writer_f24(z);
	v[3] = shbin_writer_f24(wv);
	shbin_writer_add_float24(w, e, reg, v);
}

void shbin_writer_add_output(struct shbin_writer *w, size_t e, unsigned type,
			     unsigned reg, unsigned mask)
{
	struct shbin_writer_entry *en = entry(w, e);
	struct raw_output *o;

	if (!en || !(o = grow(w, en->outputs, en->output_count, sizeof *o)))
		return;
	en->outputs = o;
	o = &o[en->output_count++];
	o->type = type;
	o->reg = reg;
	o->mask = mask;
}

size_t shbin_writer_add_symbol(struct shbin_writer *w, size_t e, const char *text, bool nul)
{
	struct shbin_writer_entry *en = entry(w, e);
	size_t at, len = strlen(text) + (nul ? 1 : 0);
	char *bigger;

	if (!en)
		return 0;
	at = en->symbol_bytes;
	bigger = realloc(en->symbols, at + len + 1);
	if (!bigger) {
		w->failed = true;
		return 0;
	}
	memcpy(bigger + at, text, len);
	en->symbols = bigger;
	en->symbol_bytes = at + len;
	return at;
}

void shbin_writer_add_uniform_at(struct shbin_writer *w, size_t e, uint32_t symbol_offset,
				 unsigned first, unsigned last)
{
	struct shbin_writer_entry *en = entry(w, e);
	struct raw_uniform *u;

	if (!en || !(u = grow(w, en->uniforms, en->uniform_count, sizeof *u)))
		return;
	en->uniforms = u;
	u = &u[en->uniform_count++];
	u->symbol = symbol_offset;
	u->first = first;
	u->last = last;
}

void shbin_writer_add_uniform(struct shbin_writer *w, size_t e, const char *name,
			      unsigned first, unsigned last)
{
	size_t at = shbin_writer_add_symbol(w, e, name, true);

	shbin_writer_add_uniform_at(w, e, (uint32_t)at, first, last);
}

void shbin_writer_add_label(struct shbin_writer *w, size_t e, const char *name,
			    uint32_t offset)
{
	size_t at = shbin_writer_add_symbol(w, e, name, true);
	struct shbin_writer_entry *en = entry(w, e);
	struct raw_label *l;

	if (!en || !(l = grow(w, en->labels, en->label_count, sizeof *l)))
		return;
	en->labels = l;
	l = &l[en->label_count++];
	l->symbol = (uint32_t)at;
	l->offset = offset;
}

uint32_t shbin_writer_f24(float f)
{
	uint32_t bits, sign, mantissa;
	int exponent;

	memcpy(&bits, &f, sizeof bits);
	sign = bits >> 31 << 23;
	exponent = (int)(bits >> 23 & 0xFF);
	mantissa = bits & 0x7FFFFF;
	if (exponent == 0xFF) {          /* infinity or NaN */
		uint32_t m = mantissa >> 7;

		if (mantissa != 0 && m == 0)
			m = 1;           /* keep a NaN a NaN */
		return sign | 0x7Fu << 16 | m;
	}
	exponent -= 127 - 63;            /* float bias 127, float24 bias 63 */
	if (exponent <= 0)
		return sign;             /* zero, denormal or underflow */
	if (exponent >= 0x7F)
		return sign | 0x7Fu << 16;       /* overflow: infinity */
	return sign | (uint32_t)exponent << 16 | mantissa >> 7;
}

/* ---- layout ---------------------------------------------------------- */

static size_t align4(size_t n)
{
	return (n + 3) & ~(size_t)3;
}

static size_t filename_bytes(const struct shbin_writer *w)
{
	return w->filename ? strlen(w->filename) + 1 : 0;
}

static size_t dvlp_bytes(const struct shbin_writer *w)
{
	return DVLP_HEADER_WORDS * 4 + w->code_words * 4 + w->opdesc_count * OPDESC_BYTES +
	       filename_bytes(w);
}

static size_t entry_bytes(const struct shbin_writer_entry *e)
{
	return DVLE_HEADER_BYTES + e->constant_count * CONST_BYTES +
	       e->label_count * LABEL_BYTES + e->output_count * OUTPUT_BYTES +
	       e->uniform_count * UNIFORM_BYTES + e->symbol_bytes;
}

size_t shbin_writer_entry_offset(const struct shbin_writer *w, size_t e)
{
	size_t at = 8 + 4 * w->entry_count + dvlp_bytes(w), k;

	for (k = 0; k < e && k < w->entry_count; k++)
		at = align4(at) + entry_bytes(&w->entries[k]);
	return align4(at);
}

static void put16(uint8_t *p, size_t at, uint32_t v)
{
	p[at] = (uint8_t)v;
	p[at + 1] = (uint8_t)(v >> 8);
}

static void put32(uint8_t *p, size_t at, uint32_t v)
{
	put16(p, at, v & 0xFFFF);
	put16(p, at + 2, v >> 16);
}

/* The DVLP at `at`; its tables follow its header in the order of
 * dvlp_bytes. */
static void write_dvlp(const struct shbin_writer *w, uint8_t *p, size_t at)
{
	size_t code = DVLP_HEADER_WORDS * 4;
	size_t op = code + w->code_words * 4;
	size_t fname = op + w->opdesc_count * OPDESC_BYTES, k;

	put32(p, at, 0x504C5644u);                 /* "DVLP" */
	put32(p, at + 0x08, (uint32_t)code);
	put32(p, at + 0x0C, (uint32_t)w->code_words);
	put32(p, at + 0x10, (uint32_t)op);
	put32(p, at + 0x14, (uint32_t)w->opdesc_count);
	put32(p, at + 0x20, (uint32_t)fname);
	put32(p, at + 0x24, (uint32_t)filename_bytes(w));
	for (k = 0; k < w->code_words; k++)
		put32(p, at + code + 4 * k, w->code[k]);
	for (k = 0; k < w->opdesc_count; k++)
		put32(p, at + op + OPDESC_BYTES * k, w->opdesc[k]);
	if (w->filename)
		memcpy(p + at + fname, w->filename, filename_bytes(w));
}

static size_t write_constants(const struct shbin_writer_entry *e, uint8_t *p, size_t at)
{
	size_t k;
	int v;

	for (k = 0; k < e->constant_count; k++, at += CONST_BYTES) {
		put16(p, at, e->constants[k].type);
		put16(p, at + 2, e->constants[k].reg);
		for (v = 0; v < 4; v++)
			put32(p, at + 4 + 4 * (size_t)v, e->constants[k].value[v]);
	}
	return at;
}

static size_t write_labels(const struct shbin_writer_entry *e, uint8_t *p, size_t at)
{
	size_t k;

	for (k = 0; k < e->label_count; k++, at += LABEL_BYTES) {
		put16(p, at, (uint32_t)k);                  /* label id */
		put32(p, at + 4, e->labels[k].offset);
		put32(p, at + 12, e->labels[k].symbol);
	}
	return at;
}

static size_t write_outputs(const struct shbin_writer_entry *e, uint8_t *p, size_t at)
{
	size_t k;

	for (k = 0; k < e->output_count; k++, at += OUTPUT_BYTES) {
		put16(p, at, e->outputs[k].type);
		put16(p, at + 2, e->outputs[k].reg);
		p[at + 4] = (uint8_t)e->outputs[k].mask;
	}
	return at;
}

static size_t write_uniforms(const struct shbin_writer_entry *e, uint8_t *p, size_t at)
{
	size_t k;

	for (k = 0; k < e->uniform_count; k++, at += UNIFORM_BYTES) {
		put32(p, at, e->uniforms[k].symbol);
		put16(p, at + 4, e->uniforms[k].first);
		put16(p, at + 6, e->uniforms[k].last);
	}
	return at;
}

/* One DVLE at `base`: header, then its tables in layout order. */
static void write_entry(const struct shbin_writer_entry *e, uint8_t *p, size_t base)
{
	size_t at = base + DVLE_HEADER_BYTES;

	put32(p, base, 0x454C5644u);               /* "DVLE" */
	p[base + 0x06] = (uint8_t)e->stage;
	p[base + 0x07] = e->merge_outmaps ? 1 : 0;
	put32(p, base + 0x08, e->main_offset);
	put32(p, base + 0x0C, e->end_offset);
	p[base + 0x14] = (uint8_t)e->gs_mode;
	p[base + 0x15] = (uint8_t)e->gs_fixed_start;
	p[base + 0x16] = (uint8_t)e->gs_variable_count;
	p[base + 0x17] = (uint8_t)e->gs_fixed_count;

	put32(p, base + 0x18, (uint32_t)(at - base));
	put32(p, base + 0x1C, (uint32_t)e->constant_count);
	at = write_constants(e, p, at);
	put32(p, base + 0x20, (uint32_t)(at - base));
	put32(p, base + 0x24, (uint32_t)e->label_count);
	at = write_labels(e, p, at);
	put32(p, base + 0x28, (uint32_t)(at - base));
	put32(p, base + 0x2C, (uint32_t)e->output_count);
	at = write_outputs(e, p, at);
	put32(p, base + 0x30, (uint32_t)(at - base));
	put32(p, base + 0x34, (uint32_t)e->uniform_count);
	at = write_uniforms(e, p, at);
	put32(p, base + 0x38, (uint32_t)(at - base));
	put32(p, base + 0x3C, (uint32_t)e->symbol_bytes);
	if (e->symbol_bytes)
		memcpy(p + at, e->symbols, e->symbol_bytes);
}

bool shbin_writer_finish(const struct shbin_writer *w, uint8_t **bytes, size_t *size)
{
	size_t total, k;
	uint8_t *p;

	*bytes = NULL;
	*size = 0;
	if (w->failed)
		return false;
	total = w->entry_count ? shbin_writer_entry_offset(w, w->entry_count - 1) +
				 entry_bytes(&w->entries[w->entry_count - 1])
			       : 8 + dvlp_bytes(w);
	p = calloc(total, 1);
	if (!p)
		return false;
	put32(p, 0, 0x424C5644u);                  /* "DVLB" */
	put32(p, 4, (uint32_t)w->entry_count);
	for (k = 0; k < w->entry_count; k++) {
		size_t at = shbin_writer_entry_offset(w, k);

		put32(p, 8 + 4 * k, (uint32_t)at);
		write_entry(&w->entries[k], p, at);
	}
	write_dvlp(w, p, 8 + 4 * w->entry_count);
	*bytes = p;
	*size = total;
	return true;
}
