/* check_shbin.c: the SHBIN parser (gles_stub/gl_shbin.c). Every field
 * comes back as tests/shbin_writer.c wrote it, float24 constants decode
 * exactly, and damaged binaries (each truncation, each byte and word
 * corrupted, a table of specific faults) either fail with a one-line
 * message or parse into values inside the documented ranges. The suite
 * reads nothing out of bounds only if ASan and valgrind say so: run it
 * under both (each damaged copy sits in a buffer of its exact size). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "driver/gl_shbin.h"
#include "shbin_writer.h"
#include "test_util.h"

static const uint32_t rich_code[12] = {
	0x4C000000, 0x08020080, 0x4E00000A, 0x21000000, 0x88000000, 0x12345678,
	0x9ABCDEF0, 0x00000001, 0x4C201000, 0x4C401001, 0x88000000, 0xFFFFFFFF,
};

/* Float bit patterns, so -0, infinities and exact powers of two are
 * compared bit for bit. */
static float float_from_bits(uint32_t bits)
{
	float f;

	memcpy(&f, &bits, sizeof f);
	return f;
}

static uint32_t bits_of(float f)
{
	uint32_t bits;

	memcpy(&bits, &f, sizeof bits);
	return bits;
}

static uint32_t get32(const uint8_t *p, size_t at)
{
	return (uint32_t)p[at] | (uint32_t)p[at + 1] << 8 | (uint32_t)p[at + 2] << 16 |
	       (uint32_t)p[at + 3] << 24;
}

static void put32(uint8_t *p, size_t at, uint32_t v)
{
	p[at] = (uint8_t)v;
	p[at + 1] = (uint8_t)(v >> 8);
	p[at + 2] = (uint8_t)(v >> 16);
	p[at + 3] = (uint8_t)(v >> 24);
}

/* A binary using every part of the format: three DVLEs (vertex,
 * geometry, vertex), every constant type, outputs, uniforms in each
 * register file, labels, a filename. It ends with a symbol table, so
 * every strict prefix of it is missing something. */
static void describe_rich(struct shbin_writer *w)
{
	size_t vs, gs, alt;

	shbin_writer_init(w);
	shbin_writer_set_program(w, rich_code, 12);
	shbin_writer_add_opdesc(w, 0x0000036F);
	shbin_writer_add_opdesc(w, 0x000D9C0F);
	shbin_writer_add_opdesc(w, 0xFFFFFFFF);
	shbin_writer_set_filename(w, "rich.vsh");

	vs = shbin_writer_add_entry(w, GL_SHBIN_VERTEX, 0, 8);
	shbin_writer_add_float(w, vs, 0, 1.0f, -2.5f, 0.0f, 0.15625f);
	shbin_writer_add_float(w, vs, 95, 65536.0f, -0.0f, 1.0f / 1024.0f, 3.0f);
	shbin_writer_add_int(w, vs, 3, 1, 2, 3, 255);
	shbin_writer_add_bool(w, vs, 15, true);
	shbin_writer_add_bool(w, vs, 0, false);
	shbin_writer_add_output(w, vs, 0, 0, 0xF);
	shbin_writer_add_output(w, vs, 2, 1, 0xF);
	shbin_writer_add_output(w, vs, 3, 15, 0x3);
	shbin_writer_add_uniform(w, vs, "projection", 0x10, 0x13);
	shbin_writer_add_uniform(w, vs, "loopParams", 0x70, 0x73);
	shbin_writer_add_uniform(w, vs, "flags", 0x78, 0x87);
	shbin_writer_add_uniform(w, vs, "position", 0x00, 0x00);
	shbin_writer_add_label(w, vs, "main", 0);
	shbin_writer_add_label(w, vs, "endmain", 8);

	gs = shbin_writer_add_entry(w, GL_SHBIN_GEOMETRY, 8, 12);
	shbin_writer_set_geometry(w, gs, GL_SHBIN_GS_FIXED, 80, 0, 3, true);
	shbin_writer_add_float(w, gs, 80, 0.5f, -0.75f, 1024.0f, -1.0f);
	shbin_writer_add_output(w, gs, 0, 0, 0xF);
	shbin_writer_add_uniform(w, gs, "gsVertices", 0x60, 0x6F);

	alt = shbin_writer_add_entry(w, GL_SHBIN_VERTEX, 4, 8);
	shbin_writer_add_uniform(w, alt, "alt", 0x6F, 0x6F);
}

static uint8_t *finish(struct shbin_writer *w, size_t *size)
{
	uint8_t *bytes;

	ck_assert_msg(shbin_writer_finish(w, &bytes, size), "writer failed");
	return bytes;
}

static uint8_t *build_rich(size_t *size)
{
	struct shbin_writer w;
	uint8_t *bytes;

	describe_rich(&w);
	bytes = finish(&w, size);
	shbin_writer_free(&w);
	return bytes;
}

static void parse_ok(const uint8_t *bytes, size_t size, struct gl_shbin *s)
{
	char err[GL_SHBIN_ERROR_MAX];

	ck_assert_msg(gl_shbin_parse(bytes, size, s, err), "rejected: %s", err);
	ck_assert_str_eq(err, "");
}

static void assert_float_bits(float got, float want)
{
	ck_assert_msg(bits_of(got) == bits_of(want), "got %a (0x%08x), want %a (0x%08x)",
		      (double)got, (unsigned)bits_of(got), (double)want, (unsigned)bits_of(want));
}

static void assert_constant_float(const struct gl_shbin_constant *c, unsigned reg,
				  float x, float y, float z, float w)
{
	ck_assert_int_eq(c->type, GL_SHBIN_CONST_FLOAT);
	ck_assert_uint_eq(c->reg, reg);
	assert_float_bits(c->f[0], x);
	assert_float_bits(c->f[1], y);
	assert_float_bits(c->f[2], z);
	assert_float_bits(c->f[3], w);
}

static void assert_uniform(const struct gl_shbin_uniform *u, const char *name,
			   unsigned first, unsigned last)
{
	ck_assert_str_eq(u->name, name);
	ck_assert_uint_eq(u->first, first);
	ck_assert_uint_eq(u->last, last);
}

static void assert_output(const struct gl_shbin_output *o, unsigned type, unsigned reg,
			  unsigned mask)
{
	ck_assert_uint_eq(o->type, type);
	ck_assert_uint_eq(o->reg, reg);
	ck_assert_uint_eq(o->mask, mask);
}

/* ---- round trip ----------------------------------------------------- */

START_TEST(test_shbin_program_and_operand_descriptors_round_trip)
{
	struct gl_shbin s;
	size_t size;
	uint8_t *bytes = build_rich(&size);

	parse_ok(bytes, size, &s);
	ck_assert_uint_eq(s.code_words, 12);
	ck_assert_int_eq(memcmp(s.code, rich_code, sizeof rich_code), 0);
	ck_assert_uint_eq(s.opdesc_count, 3);
	ck_assert_uint_eq(s.opdesc[0], 0x0000036F);
	ck_assert_uint_eq(s.opdesc[1], 0x000D9C0F);
	ck_assert_uint_eq(s.opdesc[2], 0xFFFFFFFF);
	ck_assert_uint_eq(s.entry_count, 3);
	gl_shbin_free(&s);
	free(bytes);
}
END_TEST

START_TEST(test_shbin_vertex_entry_fields_round_trip)
{
	struct gl_shbin s;
	const struct gl_shbin_entry *e;
	size_t size;
	uint8_t *bytes = build_rich(&size);

	parse_ok(bytes, size, &s);
	e = &s.entries[0];
	ck_assert_int_eq(e->stage, GL_SHBIN_VERTEX);
	ck_assert_uint_eq(e->main_offset, 0);
	ck_assert_uint_eq(e->end_offset, 8);
	ck_assert(!e->merge_outmaps);
	ck_assert_uint_eq(e->gs_mode + e->gs_fixed_start + e->gs_variable_count +
			  e->gs_fixed_count, 0);

	ck_assert_uint_eq(e->constant_count, 5);
	assert_constant_float(&e->constants[0], 0, 1.0f, -2.5f, 0.0f, 0.15625f);
	assert_constant_float(&e->constants[1], 95, 65536.0f, -0.0f, 1.0f / 1024.0f, 3.0f);
	ck_assert_int_eq(e->constants[2].type, GL_SHBIN_CONST_INT);
	ck_assert_uint_eq(e->constants[2].reg, 3);
	ck_assert_uint_eq(e->constants[2].i[0], 1);
	ck_assert_uint_eq(e->constants[2].i[1], 2);
	ck_assert_uint_eq(e->constants[2].i[2], 3);
	ck_assert_uint_eq(e->constants[2].i[3], 255);
	ck_assert_int_eq(e->constants[3].type, GL_SHBIN_CONST_BOOL);
	ck_assert_uint_eq(e->constants[3].reg, 15);
	ck_assert(e->constants[3].b);
	ck_assert_int_eq(e->constants[4].type, GL_SHBIN_CONST_BOOL);
	ck_assert_uint_eq(e->constants[4].reg, 0);
	ck_assert(!e->constants[4].b);

	ck_assert_uint_eq(e->output_count, 3);
	assert_output(&e->outputs[0], 0, 0, 0xF);
	assert_output(&e->outputs[1], 2, 1, 0xF);
	assert_output(&e->outputs[2], 3, 15, 0x3);

	ck_assert_uint_eq(e->uniform_count, 4);
	assert_uniform(&e->uniforms[0], "projection", 0x10, 0x13);
	assert_uniform(&e->uniforms[1], "loopParams", 0x70, 0x73);
	assert_uniform(&e->uniforms[2], "flags", 0x78, 0x87);
	assert_uniform(&e->uniforms[3], "position", 0x00, 0x00);

	ck_assert_uint_eq(e->label_count, 2);
	ck_assert_str_eq(e->labels[0].name, "main");
	ck_assert_uint_eq(e->labels[0].offset, 0);
	ck_assert_str_eq(e->labels[1].name, "endmain");
	ck_assert_uint_eq(e->labels[1].offset, 8);
	gl_shbin_free(&s);
	free(bytes);
}
END_TEST

START_TEST(test_shbin_geometry_entry_fields_round_trip)
{
	struct gl_shbin s;
	const struct gl_shbin_entry *e;
	size_t size;
	uint8_t *bytes = build_rich(&size);

	parse_ok(bytes, size, &s);
	e = &s.entries[1];
	ck_assert_int_eq(e->stage, GL_SHBIN_GEOMETRY);
	ck_assert_uint_eq(e->main_offset, 8);
	ck_assert_uint_eq(e->end_offset, 12);
	ck_assert(e->merge_outmaps);
	ck_assert_uint_eq(e->gs_mode, GL_SHBIN_GS_FIXED);
	ck_assert_uint_eq(e->gs_fixed_start, 80);
	ck_assert_uint_eq(e->gs_variable_count, 0);
	ck_assert_uint_eq(e->gs_fixed_count, 3);
	ck_assert_uint_eq(e->constant_count, 1);
	assert_constant_float(&e->constants[0], 80, 0.5f, -0.75f, 1024.0f, -1.0f);
	ck_assert_uint_eq(e->output_count, 1);
	assert_output(&e->outputs[0], 0, 0, 0xF);
	ck_assert_uint_eq(e->uniform_count, 1);
	assert_uniform(&e->uniforms[0], "gsVertices", 0x60, 0x6F);
	ck_assert_uint_eq(e->label_count, 0);
	gl_shbin_free(&s);
	free(bytes);
}
END_TEST

START_TEST(test_shbin_each_entry_keeps_its_own_tables)
{
	struct gl_shbin s;
	const struct gl_shbin_entry *e;
	size_t size;
	uint8_t *bytes = build_rich(&size);

	parse_ok(bytes, size, &s);
	e = &s.entries[2];
	ck_assert_int_eq(e->stage, GL_SHBIN_VERTEX);
	ck_assert_uint_eq(e->main_offset, 4);
	ck_assert_uint_eq(e->end_offset, 8);
	ck_assert_uint_eq(e->constant_count + e->output_count + e->label_count, 0);
	ck_assert_ptr_null(e->constants);
	ck_assert_uint_eq(e->uniform_count, 1);
	assert_uniform(&e->uniforms[0], "alt", 0x6F, 0x6F);
	gl_shbin_free(&s);
	free(bytes);
}
END_TEST

START_TEST(test_shbin_geometry_modes_round_trip)
{
	static const unsigned modes[] = { GL_SHBIN_GS_POINT, GL_SHBIN_GS_VARIABLE, GL_SHBIN_GS_FIXED };
	size_t k;

	for (k = 0; k < 3; k++) {
		struct shbin_writer w;
		struct gl_shbin s;
		uint8_t *bytes;
		size_t size, gs;

		shbin_writer_init(&w);
		shbin_writer_set_program(&w, rich_code, 4);
		gs = shbin_writer_add_entry(&w, GL_SHBIN_GEOMETRY, 1, 3);
		shbin_writer_set_geometry(&w, gs, modes[k], 95, 7, 255, false);
		bytes = finish(&w, &size);
		parse_ok(bytes, size, &s);
		ck_assert_uint_eq(s.entries[0].gs_mode, modes[k]);
		ck_assert_uint_eq(s.entries[0].gs_fixed_start, 95);
		ck_assert_uint_eq(s.entries[0].gs_variable_count, 7);
		ck_assert_uint_eq(s.entries[0].gs_fixed_count, 255);
		ck_assert(!s.entries[0].merge_outmaps);
		gl_shbin_free(&s);
		free(bytes);
		shbin_writer_free(&w);
	}
}
END_TEST

/* Model choice in gl_shbin.c: a vertex entry's geometry bytes mean
 * nothing (libctru reads them only for geometry shaders). */
START_TEST(test_shbin_vertex_entry_ignores_geometry_bytes)
{
	struct gl_shbin s;
	size_t size, dvle;
	uint8_t *bytes = build_rich(&size);

	dvle = get32(bytes, 8);
	bytes[dvle + 0x07] = 0xFF;
	put32(bytes, dvle + 0x14, 0xFFFFFFFF);
	parse_ok(bytes, size, &s);
	ck_assert(!s.entries[0].merge_outmaps);
	ck_assert_uint_eq(s.entries[0].gs_mode + s.entries[0].gs_fixed_start +
			  s.entries[0].gs_variable_count + s.entries[0].gs_fixed_count, 0);
	gl_shbin_free(&s);
	free(bytes);
}
END_TEST

START_TEST(test_shbin_empty_table_offset_is_not_checked)
{
	struct shbin_writer w;
	struct gl_shbin s;
	size_t size, dvle;
	uint8_t *bytes;

	shbin_writer_init(&w);
	shbin_writer_set_program(&w, rich_code, 4);
	shbin_writer_add_entry(&w, GL_SHBIN_VERTEX, 0, 4);
	bytes = finish(&w, &size);
	dvle = shbin_writer_entry_offset(&w, 0);
	put32(bytes, dvle + 0x18, 0xFFFFFFFF);    /* constants, count 0 */
	put32(bytes, dvle + 0x20, 0xFFFFFFFF);    /* labels, count 0 */
	parse_ok(bytes, size, &s);
	ck_assert_uint_eq(s.entries[0].constant_count, 0);
	gl_shbin_free(&s);
	free(bytes);
	shbin_writer_free(&w);
}
END_TEST

/* ---- float24 -------------------------------------------------------- */

struct f24_case { uint32_t f24; uint32_t float_bits; };

static const struct f24_case f24_cases[] = {
	{ 0x000000, 0x00000000 },   /* +0 */
	{ 0x800000, 0x80000000 },   /* -0 */
	{ 0x00FFFF, 0x00000000 },   /* exponent 0: zero whatever the mantissa */
	{ 0x80ABCD, 0x80000000 },   /* ... and keeps its sign */
	{ 0x3F0000, 0x3F800000 },   /* 1.0 */
	{ 0xBF0000, 0xBF800000 },   /* -1.0 */
	{ 0x3F8000, 0x3FC00000 },   /* 1.5 */
	{ 0x400000, 0x40000000 },   /* 2.0 */
	{ 0x3E0000, 0x3F000000 },   /* 0.5 */
	{ 0x3F0001, 0x3F800080 },   /* 1 + 2^-16: the lowest mantissa bit */
	{ 0x010000, 0x20800000 },   /* 2^-62, the smallest normal */
	{ 0x7EFFFF, 0x5F7FFF80 },   /* (2 - 2^-16) * 2^63, the largest */
	{ 0x7F0000, 0x7F800000 },   /* +infinity */
	{ 0xFF0000, 0xFF800000 },   /* -infinity */
	{ 0xFF3F0000, 0x3F800000 }, /* bits 24-31 ignored */
};

START_TEST(test_shbin_float24_decodes_exactly)
{
	size_t k;

	for (k = 0; k < sizeof f24_cases / sizeof f24_cases[0]; k++) {
		float f = gl_shbin_f24_to_float(f24_cases[k].f24);

		ck_assert_msg(bits_of(f) == f24_cases[k].float_bits,
			      "f24 0x%06x: got 0x%08x, want 0x%08x", (unsigned)f24_cases[k].f24,
			      (unsigned)bits_of(f), (unsigned)f24_cases[k].float_bits);
	}
}
END_TEST

START_TEST(test_shbin_float24_exponent_7f_with_mantissa_is_nan)
{
	ck_assert(isnan(gl_shbin_f24_to_float(0x7F0001)));
	ck_assert(isnan(gl_shbin_f24_to_float(0xFFFFFF)));
}
END_TEST

/* The writer's encoder feeds every other test: it must invert the
 * decoder on representable values, and saturate as it documents. */
START_TEST(test_shbin_writer_float24_encoder)
{
	size_t k;

	for (k = 0; k < sizeof f24_cases / sizeof f24_cases[0]; k++) {
		uint32_t f24 = f24_cases[k].f24 & 0xFFFFFF;

		if ((f24 & 0x7F0000) == 0 && (f24 & 0xFFFF) != 0)
			continue;            /* flushed: no float encodes to it */
		ck_assert_uint_eq(shbin_writer_f24(float_from_bits(f24_cases[k].float_bits)), f24);
	}
	ck_assert_uint_eq(shbin_writer_f24(float_from_bits(0x00000001)), 0);  /* denormal */
	ck_assert_uint_eq(shbin_writer_f24(float_from_bits(0x20000000)), 0);  /* 2^-63 */
	ck_assert_uint_eq(shbin_writer_f24(float_from_bits(0x5F800000)), 0x7F0000); /* 2^64 */
	ck_assert_uint_eq(shbin_writer_f24(float_from_bits(0x3F800001)), 0x3F0000); /* truncates */
	ck_assert(isnan(gl_shbin_f24_to_float(shbin_writer_f24(float_from_bits(0x7F800001)))));
}
END_TEST

/* ---- damaged binaries ----------------------------------------------- */

/* A copy in a buffer of exactly n bytes, so a read past it is caught by
 * ASan and valgrind. */
static uint8_t *exact_copy(const uint8_t *src, size_t n)
{
	uint8_t *copy = malloc(n ? n : 1);

	ck_assert_ptr_nonnull(copy);
	memcpy(copy, src, n);
	return copy;
}

static bool is_empty(const struct gl_shbin *s)
{
	return !s->code && !s->code_words && !s->opdesc && !s->opdesc_count &&
	       !s->entries && !s->entry_count;
}

static bool name_ok(const char *name)
{
	return memchr(name, '\0', GL_SHBIN_NAME_MAX) != NULL;
}

/* The register file of a unified uniform number: v, c, i, b or none. */
static int unified_file(unsigned reg)
{
	if (reg <= 0x0F)
		return 1;
	if (reg >= 0x10 && reg <= 0x6F)
		return 2;
	if (reg >= 0x70 && reg <= 0x73)
		return 3;
	if (reg >= 0x78 && reg <= 0x87)
		return 4;
	return 0;
}

static bool constant_ok(const struct gl_shbin_constant *c)
{
	switch (c->type) {
	case GL_SHBIN_CONST_BOOL: return c->reg < 16;
	case GL_SHBIN_CONST_INT: return c->reg < 4;
	case GL_SHBIN_CONST_FLOAT: return c->reg < 96;
	default: return false;
	}
}

/* The ranges gl_shbin.h promises, checked independently of the parser. */
static bool entry_ok(const struct gl_shbin_entry *e, size_t code_words)
{
	size_t k;

	if (e->stage != GL_SHBIN_VERTEX && e->stage != GL_SHBIN_GEOMETRY)
		return false;
	if (e->main_offset >= code_words || e->end_offset > code_words ||
	    e->end_offset < e->main_offset)
		return false;
	if (e->stage == GL_SHBIN_VERTEX && (e->merge_outmaps || e->gs_mode ||
	    e->gs_fixed_start || e->gs_variable_count || e->gs_fixed_count))
		return false;
	if (e->gs_mode > GL_SHBIN_GS_FIXED ||
	    (e->gs_mode == GL_SHBIN_GS_FIXED && e->gs_fixed_start >= 96))
		return false;
	if ((e->constant_count && !e->constants) || (e->output_count && !e->outputs) ||
	    (e->uniform_count && !e->uniforms) || (e->label_count && !e->labels))
		return false;
	for (k = 0; k < e->constant_count; k++)
		if (!constant_ok(&e->constants[k]))
			return false;
	for (k = 0; k < e->output_count; k++)
		if (e->outputs[k].reg >= 16 || e->outputs[k].mask > 0xF)
			return false;
	for (k = 0; k < e->uniform_count; k++) {
		const struct gl_shbin_uniform *u = &e->uniforms[k];

		if (!name_ok(u->name) || u->first > u->last || u->last > 0x87 ||
		    unified_file(u->first) == 0 || unified_file(u->first) != unified_file(u->last))
			return false;
	}
	for (k = 0; k < e->label_count; k++)
		if (!name_ok(e->labels[k].name) || e->labels[k].offset > code_words)
			return false;
	return true;
}

static bool shbin_ok(const struct gl_shbin *s)
{
	size_t k;

	if (s->entry_count == 0 || !s->entries || (s->code_words && !s->code) ||
	    (s->opdesc_count && !s->opdesc))
		return false;
	for (k = 0; k < s->entry_count; k++)
		if (!entry_ok(&s->entries[k], s->code_words))
			return false;
	return true;
}

/* Parse a damaged copy. NULL when the outcome is allowed (a failure with
 * a one-line message and nothing left in *out, or a success inside the
 * promised ranges), else what went wrong. */
static const char *damaged_outcome(const uint8_t *bytes, size_t n, bool must_fail)
{
	char err[GL_SHBIN_ERROR_MAX];
	struct gl_shbin s;
	uint8_t *copy = exact_copy(bytes, n);
	const char *bad = NULL;

	if (gl_shbin_parse(copy, n, &s, err)) {
		if (must_fail)
			bad = "parsed";
		else if (!shbin_ok(&s))
			bad = "parsed into values outside the documented ranges";
		gl_shbin_free(&s);
	} else if (err[0] == '\0' || strchr(err, '\n')) {
		bad = "failed without a one-line message";
	} else if (!is_empty(&s)) {
		bad = "failed but left data in *out";
	}
	free(copy);
	return bad;
}

START_TEST(test_shbin_every_truncation_fails_cleanly)
{
	size_t size, n;
	uint8_t *bytes = build_rich(&size);

	for (n = 0; n < size; n++) {
		const char *bad = damaged_outcome(bytes, n, true);

		if (bad)
			ck_abort_msg("first %lu of %lu bytes: %s", (unsigned long)n,
				     (unsigned long)size, bad);
	}
	free(bytes);
}
END_TEST

START_TEST(test_shbin_every_byte_corruption_is_safe)
{
	size_t size, at, v;
	uint8_t *bytes = build_rich(&size);

	for (at = 0; at < size; at++) {
		uint8_t keep = bytes[at];
		const uint8_t values[] = { (uint8_t)~keep, 0x00, 0xFF, 0x80, 0x7F,
					   (uint8_t)(keep + 1), (uint8_t)(keep - 1) };

		for (v = 0; v < sizeof values; v++) {
			const char *bad;

			bytes[at] = values[v];
			bad = damaged_outcome(bytes, size, false);
			if (bad)
				ck_abort_msg("byte %lu = 0x%02x: %s", (unsigned long)at,
					     values[v], bad);
		}
		bytes[at] = keep;
	}
	free(bytes);
}
END_TEST

START_TEST(test_shbin_every_word_corruption_is_safe)
{
	size_t size, at, v;
	uint8_t *bytes = build_rich(&size);

	/* Every byte offset, aligned or not: offsets and counts that reach
	 * the end, just past it, or wrap a 32-bit product (x4, x8, x16, x20). */
	for (at = 0; at + 4 <= size; at++) {
		uint32_t keep = get32(bytes, at);
		const uint32_t values[] = {
			0, 1, 0xFFFFFFFF, 0x80000000, 0x7FFFFFFF, (uint32_t)size,
			(uint32_t)size - 1, (uint32_t)size + 1, (uint32_t)size - at,
			0x40000001, 0x20000001, 0x10000001, 0x0CCCCCCD, keep + 4, keep - 4,
		};

		for (v = 0; v < sizeof values / sizeof values[0]; v++) {
			const char *bad;

			put32(bytes, at, values[v]);
			bad = damaged_outcome(bytes, size, false);
			if (bad)
				ck_abort_msg("word at %lu = 0x%08x: %s", (unsigned long)at,
					     (unsigned)values[v], bad);
		}
		put32(bytes, at, keep);
	}
	free(bytes);
}
END_TEST

/* ---- specific faults ------------------------------------------------ */

/* A small valid binary: 4 words of program, one vertex DVLE with one
 * constant, label, output and uniform. Each fault adds to it (build)
 * and/or overwrites one field of the result (patch). */
static void describe_base(struct shbin_writer *w)
{
	size_t vs;

	shbin_writer_init(w);
	shbin_writer_set_program(w, rich_code, 4);
	shbin_writer_add_opdesc(w, 0x0000036F);
	shbin_writer_set_filename(w, "base.vsh");
	vs = shbin_writer_add_entry(w, GL_SHBIN_VERTEX, 0, 4);
	shbin_writer_add_float(w, vs, 0, 1.0f, 2.0f, 3.0f, 4.0f);
	shbin_writer_add_label(w, vs, "main", 0);
	shbin_writer_add_output(w, vs, 0, 0, 0xF);
	shbin_writer_add_uniform(w, vs, "u", 0x10, 0x10);
}

static void add_type7(struct shbin_writer *w)
{
	static const uint32_t v[4] = { 0, 0, 0, 0 };

	shbin_writer_add_raw_constant(w, 0, 7, 0, v);
}
static void add_b16(struct shbin_writer *w) { shbin_writer_add_bool(w, 0, 16, true); }
static void add_i4(struct shbin_writer *w) { shbin_writer_add_int(w, 0, 4, 1, 2, 3, 4); }
static void add_c96(struct shbin_writer *w) { shbin_writer_add_float(w, 0, 96, 0, 0, 0, 0); }
static void add_o16(struct shbin_writer *w) { shbin_writer_add_output(w, 0, 0, 16, 0xF); }
static void add_mask10(struct shbin_writer *w) { shbin_writer_add_output(w, 0, 2, 1, 0x10); }
static void add_u88(struct shbin_writer *w) { shbin_writer_add_uniform(w, 0, "b", 0x80, 0x88); }
static void add_u_backwards(struct shbin_writer *w)
{
	shbin_writer_add_uniform(w, 0, "m", 0x13, 0x10);
}
static void add_u_two_files(struct shbin_writer *w)
{
	shbin_writer_add_uniform(w, 0, "x", 0x6F, 0x70);
}
static void add_u_gap(struct shbin_writer *w) { shbin_writer_add_uniform(w, 0, "g", 0x74, 0x74); }
static void add_label5(struct shbin_writer *w) { shbin_writer_add_label(w, 0, "past", 5); }

static void add_unterminated(struct shbin_writer *w)
{
	size_t at = shbin_writer_add_symbol(w, 0, "abc", false);

	shbin_writer_add_uniform_at(w, 0, (uint32_t)at, 0x11, 0x11);
}

static void add_name_far(struct shbin_writer *w)
{
	shbin_writer_add_uniform_at(w, 0, 0x1000, 0x11, 0x11);
}

static void add_long_name(struct shbin_writer *w)
{
	char name[GL_SHBIN_NAME_MAX + 1];

	memset(name, 'n', GL_SHBIN_NAME_MAX);
	name[GL_SHBIN_NAME_MAX] = '\0';
	shbin_writer_add_uniform(w, 0, name, 0x11, 0x11);
}

static void add_backwards_entry(struct shbin_writer *w)
{
	shbin_writer_add_entry(w, GL_SHBIN_VERTEX, 3, 1);
}

static void add_gs_mode3(struct shbin_writer *w)
{
	size_t gs = shbin_writer_add_entry(w, GL_SHBIN_GEOMETRY, 0, 4);

	shbin_writer_set_geometry(w, gs, 3, 0, 0, 0, false);
}

static void add_gs_fixed_c96(struct shbin_writer *w)
{
	size_t gs = shbin_writer_add_entry(w, GL_SHBIN_GEOMETRY, 0, 4);

	shbin_writer_set_geometry(w, gs, GL_SHBIN_GS_FIXED, 96, 0, 3, false);
}

/* Where a patch goes: from the start, the DVLP, or DVLE 0; CUT keeps the
 * first `value` bytes instead. */
enum where { NO_PATCH, AT_DVLB, AT_DVLP, AT_DVLE, CUT };

struct fault {
	const char *name;
	void (*build)(struct shbin_writer *w);
	enum where where;
	size_t field;
	unsigned width;              /* bytes written: 1 or 4 */
	uint32_t value;
	const char *expect;          /* in the error message */
};

#define DVLP_AT 12                   /* 8-byte DVLB header, one offset */

static const struct fault faults[] = {
	{ "7 bytes", NULL, CUT, 0, 0, 7,
	  "binary too short for the DVLB header (7 bytes)" },
	{ "bad DVLB magic", NULL, AT_DVLB, 0, 1, 'X',
	  "bad magic (expected \"DVLB\")" },
	{ "no DVLE", NULL, AT_DVLB, 4, 4, 0,
	  "DVLB declares no DVLE" },
	{ "DVLE count x4 wraps", NULL, AT_DVLB, 4, 4, 0x40000001,
	  "DVLE count 1073741825 does not fit" },
	{ "DVLE count past end", NULL, AT_DVLB, 4, 4, 1000,
	  "DVLE count 1000 does not fit" },
	{ "bad DVLP magic", NULL, AT_DVLP, 3, 1, 'Q',
	  "bad DVLP magic" },
	{ "program words x4 wraps", NULL, AT_DVLP, 0x0C, 4, 0x40000001,
	  "program blob (1073741825 words" },
	{ "program offset past end", NULL, AT_DVLP, 0x08, 4, 0xFFFFFFF0,
	  "program blob" },
	{ "opdesc count x8 wraps", NULL, AT_DVLP, 0x14, 4, 0x20000001,
	  "operand descriptor table (536870913 entries" },
	{ "filename table past end", NULL, AT_DVLP, 0x24, 4, 0xFFFFFFFF,
	  "filename symbol table" },
	{ "DVLE offset past end", NULL, AT_DVLB, 8, 4, 0x10000,
	  "DVLE 0: header at 0x10000 runs past the end" },
	{ "DVLE offset wraps", NULL, AT_DVLB, 8, 4, 0xFFFFFFFC,
	  "DVLE 0: header at 0xfffffffc runs past the end" },
	{ "bad DVLE magic", NULL, AT_DVLE, 0, 1, 'Z',
	  "DVLE 0: bad magic" },
	{ "unknown shader type", NULL, AT_DVLE, 0x06, 1, 2,
	  "DVLE 0: unknown shader type 2" },
	{ "main offset past program", NULL, AT_DVLE, 0x08, 4, 4,
	  "DVLE 0: main offset 4 is outside the program (4 words)" },
	{ "main offset huge", NULL, AT_DVLE, 0x08, 4, 0xFFFFFFFF,
	  "main offset 4294967295 is outside" },
	{ "end offset past program", NULL, AT_DVLE, 0x0C, 4, 5,
	  "DVLE 0: end offset 5 is outside the program" },
	{ "end before main", add_backwards_entry, NO_PATCH, 0, 0, 0,
	  "DVLE 1: end offset 1 is before main offset 3" },
	{ "constant type 7", add_type7, NO_PATCH, 0, 0, 0,
	  "DVLE 0: constant 1: unknown type 7" },
	{ "bool register 16", add_b16, NO_PATCH, 0, 0, 0,
	  "constant 1: bool register b16 does not exist" },
	{ "int register 4", add_i4, NO_PATCH, 0, 0, 0,
	  "constant 1: integer register i4 does not exist" },
	{ "float register 96", add_c96, NO_PATCH, 0, 0, 0,
	  "constant 1: float register c96 does not exist" },
	{ "constant count x20 wraps", NULL, AT_DVLE, 0x1C, 4, 0x0CCCCCCD,
	  "DVLE 0: constant table (214748365 entries" },
	{ "constant table past end", NULL, AT_DVLE, 0x18, 4, 0xFFFFFFF0,
	  "DVLE 0: constant table" },
	{ "label count x16 wraps", NULL, AT_DVLE, 0x24, 4, 0x10000001,
	  "DVLE 0: label table" },
	{ "label offset past program", add_label5, NO_PATCH, 0, 0, 0,
	  "DVLE 0: label 1: offset 5 is outside the program" },
	{ "output register 16", add_o16, NO_PATCH, 0, 0, 0,
	  "DVLE 0: output 1: register o16 does not exist" },
	{ "output mask 0x10", add_mask10, NO_PATCH, 0, 0, 0,
	  "output 1: mask 0x10 has bits beyond xyzw" },
	{ "output count x8 wraps", NULL, AT_DVLE, 0x2C, 4, 0x20000001,
	  "DVLE 0: output table" },
	{ "uniform range beyond 0x87", add_u88, NO_PATCH, 0, 0, 0,
	  "uniform 1: registers 0x80-0x88 are outside 0x00-0x87" },
	{ "uniform first after last", add_u_backwards, NO_PATCH, 0, 0, 0,
	  "uniform 1: first register 0x13 is after last 0x10" },
	{ "uniform across files", add_u_two_files, NO_PATCH, 0, 0, 0,
	  "uniform 1: registers 0x6f-0x70 are not in one register file" },
	{ "uniform in the gap", add_u_gap, NO_PATCH, 0, 0, 0,
	  "registers 0x74-0x74 are not in one register file" },
	{ "uniform count x8 wraps", NULL, AT_DVLE, 0x34, 4, 0x20000001,
	  "DVLE 0: uniform table" },
	{ "unterminated symbol name", add_unterminated, NO_PATCH, 0, 0, 0,
	  "uniform 1: name is not NUL-terminated within the symbol table" },
	{ "name offset outside", add_name_far, NO_PATCH, 0, 0, 0,
	  "uniform 1: name offset 4096 is outside the symbol table" },
	{ "name too long", add_long_name, NO_PATCH, 0, 0, 0,
	  "uniform 1: name is longer than 63 characters" },
	{ "symbol table past end", NULL, AT_DVLE, 0x3C, 4, 0xFFFFFFFF,
	  "DVLE 0: symbol table (4294967295 bytes" },
	{ "symbol table offset wraps", NULL, AT_DVLE, 0x38, 4, 0xFFFFFFFF,
	  "DVLE 0: symbol table" },
	{ "unknown geometry mode", add_gs_mode3, NO_PATCH, 0, 0, 0,
	  "DVLE 1: unknown geometry shader mode 3" },
	{ "fixed vertices past c95", add_gs_fixed_c96, NO_PATCH, 0, 0, 0,
	  "DVLE 1: fixed vertex array starts at c96" },
};

static void apply_patch(const struct fault *f, const struct shbin_writer *w, uint8_t *bytes,
			size_t *size)
{
	size_t at = f->field;

	if (f->where == NO_PATCH)
		return;
	if (f->where == CUT) {
		*size = f->value;
		return;
	}
	if (f->where == AT_DVLP)
		at += DVLP_AT;
	else if (f->where == AT_DVLE)
		at += shbin_writer_entry_offset(w, 0);
	ck_assert_uint_le(at + f->width, *size);
	if (f->width == 1)
		bytes[at] = (uint8_t)f->value;
	else
		put32(bytes, at, f->value);
}

START_TEST(test_shbin_fault_rejected_with_its_message)
{
	const struct fault *f = &faults[_i];
	struct shbin_writer w;
	struct gl_shbin s;
	char err[GL_SHBIN_ERROR_MAX];
	uint8_t *bytes, *copy;
	size_t size;
	bool ok;

	describe_base(&w);
	if (f->build)
		f->build(&w);
	bytes = finish(&w, &size);
	apply_patch(f, &w, bytes, &size);
	copy = exact_copy(bytes, size);
	ok = gl_shbin_parse(copy, size, &s, err);
	ck_assert_msg(!ok, "%s: accepted", f->name);
	ck_assert_msg(strstr(err, f->expect) != NULL, "%s: got \"%s\", want \"%s\"",
		      f->name, err, f->expect);
	ck_assert_msg(strchr(err, '\n') == NULL, "%s: message has a newline", f->name);
	ck_assert_msg(is_empty(&s), "%s: *out not left empty", f->name);
	free(copy);
	free(bytes);
	shbin_writer_free(&w);
}
END_TEST

/* The base of the fault table parses: each fault is the only one. */
START_TEST(test_shbin_fault_base_is_valid)
{
	struct shbin_writer w;
	struct gl_shbin s;
	uint8_t *bytes;
	size_t size;

	describe_base(&w);
	bytes = finish(&w, &size);
	ck_assert_uint_eq(get32(bytes, DVLP_AT), 0x504C5644u);
	parse_ok(bytes, size, &s);
	ck_assert_uint_eq(s.entries[0].uniform_count, 1);
	gl_shbin_free(&s);
	free(bytes);
	shbin_writer_free(&w);
}
END_TEST

START_TEST(test_shbin_error_buffer_may_be_null)
{
	static const uint8_t junk[8] = { 'D', 'V', 'L', 'X' };
	struct gl_shbin s;
	size_t size;
	uint8_t *bytes = build_rich(&size);

	ck_assert(!gl_shbin_parse(junk, sizeof junk, &s, NULL));
	ck_assert(is_empty(&s));
	ck_assert(gl_shbin_parse(bytes, size, &s, NULL));
	gl_shbin_free(&s);
	ck_assert(is_empty(&s));
	gl_shbin_free(NULL);
	ck_assert(!gl_shbin_parse(NULL, 100, &s, NULL));
	free(bytes);
}
END_TEST

START_TEST(test_shbin_failed_parse_overwrites_stale_output)
{
	struct gl_shbin s;
	char err[GL_SHBIN_ERROR_MAX];
	size_t size;
	uint8_t *bytes = build_rich(&size);

	memset(&s, 0xA5, sizeof s);                /* junk left by the caller */
	memcpy(bytes, "DVLX", 4);
	ck_assert(!gl_shbin_parse(bytes, size, &s, err));
	ck_assert(is_empty(&s));
	free(bytes);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("shbin");
	TCase *round_trip = tcase_create("round trip");
	TCase *float24 = tcase_create("float24");
	TCase *damaged = tcase_create("damaged binaries");
	TCase *rejected = tcase_create("rejected binaries");

	tcase_add_test(round_trip, test_shbin_program_and_operand_descriptors_round_trip);
	tcase_add_test(round_trip, test_shbin_vertex_entry_fields_round_trip);
	tcase_add_test(round_trip, test_shbin_geometry_entry_fields_round_trip);
	tcase_add_test(round_trip, test_shbin_each_entry_keeps_its_own_tables);
	tcase_add_test(round_trip, test_shbin_geometry_modes_round_trip);
	tcase_add_test(round_trip, test_shbin_vertex_entry_ignores_geometry_bytes);
	tcase_add_test(round_trip, test_shbin_empty_table_offset_is_not_checked);
	suite_add_tcase(s, round_trip);

	tcase_add_test(float24, test_shbin_float24_decodes_exactly);
	tcase_add_test(float24, test_shbin_float24_exponent_7f_with_mantissa_is_nan);
	tcase_add_test(float24, test_shbin_writer_float24_encoder);
	suite_add_tcase(s, float24);

	/* Thousands of parses each; slow only under valgrind. */
	tcase_set_timeout(damaged, 300);
	tcase_add_test(damaged, test_shbin_every_truncation_fails_cleanly);
	tcase_add_test(damaged, test_shbin_every_byte_corruption_is_safe);
	tcase_add_test(damaged, test_shbin_every_word_corruption_is_safe);
	suite_add_tcase(s, damaged);

	tcase_add_test(rejected, test_shbin_fault_base_is_valid);
	tcase_add_loop_test(rejected, test_shbin_fault_rejected_with_its_message, 0,
			    (int)(sizeof faults / sizeof faults[0]));
	tcase_add_test(rejected, test_shbin_error_buffer_may_be_null);
	tcase_add_test(rejected, test_shbin_failed_parse_overwrites_stale_output);
	suite_add_tcase(s, rejected);

	return tu_run(s);
}
