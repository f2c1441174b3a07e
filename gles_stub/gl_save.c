/* gl_save.c: glSaveProgramsDMP and glRestoreProgramsDMP.
 *
 * Part of libnngx (MIT licence).
 *
 * The SDK serialises linked program objects with their state into a
 * buffer and recreates them from it. Its layout is not public, so the
 * block is the model's own (doc/model.md, model choices), in 32-bit words of
 * the host's byte order:
 *
 *   header   magic, version, total bytes, program count, the dmp word
 *            count (so a block of another build's table is refused), and
 *            a check word (FNV-1a over every word after the header)
 *   program  record bytes, stage mask (bit 0 vertex, bit 1 geometry);
 *            per stage: the DVLE index and the shader binary it was
 *            linked from (size, bytes padded to a word); the attribute
 *            bindings (count, then a 64-byte name and an index each);
 *            per stage: the uniform registers c0-c95 (float bits), i0-i3
 *            (a byte a component) and b0-b15; the reserved uniforms
 *            (gl_dmp_to_words)
 *
 * A restore reads the total from the header (the call takes no size: the
 * buffer must be one a save filled), checks the check word and every
 * field, parses and links each binary again as glShaderBinary and
 * glLinkProgram would, and checks every reserved uniform as glUniform*
 * would. Only when every program of the call is rebuilt does anything
 * change: each target program gets the executable (link status GL_TRUE,
 * validate status GL_FALSE) and the bindings; its attached shaders stay
 * as they were.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hw/hw_alloc.h"
#include "gl_block.h"
#include "gl_entry.h"

#define SAVE_MAGIC        0x5052474Eu   /* "NGRP" in little-endian bytes */
#define SAVE_VERSION      1u
#define SAVE_HEADER_WORDS 6u
#define SAVE_NAME_BYTES   64u           /* GL_SHBIN_NAME_MAX */
#define SAVE_MAX_BYTES    0x10000000u   /* a sanity bound on the header's total */
/* Every GL_RESTORE_UPDATE_*_DMP bit: bits 13 to 31. */
#define RESTORE_UPDATE_BITS 0xFFFFE000u

#if GL_SHBIN_NAME_MAX != 64
#error "the saved binding names are 64 bytes"
#endif

/* The uniform words of one stage: c0-c95, i0-i3, b. */
#define STAGE_UNIFORM_WORDS (HW_SHADER_FLOAT_UNIFORMS * 4 + HW_SHADER_INT_UNIFORMS + 1)

/* Bit s set for each stage s the executable has a binary for. */
static unsigned stage_mask(const struct gl_executable *exe)
{
	unsigned s, m = 0;

	for (s = 0; s < GL_STAGE_COUNT; s++)
		if (exe->stage[s].binary)
			m |= 1u << s;
	return m;
}

/* Words of program `p`'s record. */
static size_t record_words(const struct gl_program *p)
{
	const struct gl_executable *exe = p->exe;
	size_t n = 2 + 1 + p->binding_count * (SAVE_NAME_BYTES / 4 + 1) + gl_dmp_words();
	unsigned s;

	for (s = 0; s < GL_STAGE_COUNT; s++)
		if (exe->stage[s].binary)
			n += 2 + gl_block_words_of(exe->stage[s].binary->size) + STAGE_UNIFORM_WORDS;
	return n;
}

/* The index of stage `s`'s DVLE in its binary. */
static uint32_t stage_entry(const struct gl_stage *st)
{
	return (uint32_t)(st->dvle - st->binary->shbin.entries);
}

/* Write program p's record at w: its size, stage mask, each stage's entry and
 * binary, the attribute bindings, each stage's uniform registers and the DMP
 * uniforms. Returns the word after the record; w needs room for the size
 * record_words gives. */
static uint32_t *write_record(const struct gl_program *p, uint32_t *w)
{
	const struct gl_executable *exe = p->exe;
	uint32_t *start = w;
	unsigned s, r;
	size_t k;

	w += 1;                                 /* record bytes, below */
	*w++ = stage_mask(exe);
	for (s = 0; s < GL_STAGE_COUNT; s++) {
		const struct gl_binary *b = exe->stage[s].binary;

		if (!b)
			continue;
		*w++ = stage_entry(&exe->stage[s]);
		*w++ = (uint32_t)b->size;
		memset(w, 0, gl_block_words_of(b->size) * 4);
		if (b->size)
			memcpy(w, b->bytes, b->size);
		w += gl_block_words_of(b->size);
	}
	*w++ = (uint32_t)p->binding_count;
	for (k = 0; k < p->binding_count; k++) {
		memset(w, 0, SAVE_NAME_BYTES);
		memcpy(w, p->bindings[k].name, strlen(p->bindings[k].name));
		w += SAVE_NAME_BYTES / 4;
		*w++ = p->bindings[k].index;
	}
	for (s = 0; s < GL_STAGE_COUNT; s++) {
		const struct gl_stage *st = &exe->stage[s];

		if (!st->binary)
			continue;
		memcpy(w, st->f, sizeof st->f);
		w += HW_SHADER_FLOAT_UNIFORMS * 4;
		for (r = 0; r < HW_SHADER_INT_UNIFORMS; r++)
			*w++ = (uint32_t)st->i[r][0] | (uint32_t)st->i[r][1] << 8 |
			       (uint32_t)st->i[r][2] << 16 | (uint32_t)st->i[r][3] << 24;
		*w++ = st->b;
	}
	gl_dmp_to_words(&exe->dmp, w);
	w += gl_dmp_words();
	*start = (uint32_t)((size_t)(w - start) * 4);
	return w;
}

GLsizei glSaveProgramsDMP(GLuint n, GLuint *progs, GLuint flags, GLsizei bufsize, GLvoid *data)
{
	static const char fn[] = "glSaveProgramsDMP";
	NNGX_API(st);
	size_t words = SAVE_HEADER_WORDS, k;
	uint32_t *w;

	if (flags != GL_SAVE_PROGRAMS_DMP && flags != GL_SAVE_PROGRAMS_CTR_FORMAT_DMP) {
		gl_value_error(st, fn, "flags 0x%X: GL_SAVE_PROGRAMS_DMP or "
			       "GL_SAVE_PROGRAMS_CTR_FORMAT_DMP", flags);
		return 0;
	}
	if (n > 0 && !progs) {
		gl_value_error(st, fn, "progs is NULL with n = %u", n);
		return 0;
	}
	for (k = 0; k < n; k++) {
		struct gl_object *o = gl_object_expect(st, progs[k], GL_OBJECT_PROGRAM, fn);

		if (!o)
			return 0;
		if (!o->u.program.exe || !o->u.program.link_status) {
			gl_operation_error(st, fn, "program %u is not linked", progs[k]);
			return 0;
		}
		words += record_words(&o->u.program);
		if (words * 4 > SAVE_MAX_BYTES) {
			gl_value_error(st, fn, "the programs need more than %u bytes",
				       SAVE_MAX_BYTES);
			return 0;
		}
	}
	if (!data)
		return (GLsizei)(words * 4);
	if (bufsize < 0 || (size_t)bufsize < words * 4) {
		gl_value_error(st, fn, "bufsize %d: the programs need %lu bytes", bufsize,
			       (unsigned long)(words * 4));
		return (GLsizei)(words * 4);
	}
	w = data;
	w[0] = SAVE_MAGIC;
	w[1] = SAVE_VERSION;
	w[2] = (uint32_t)(words * 4);
	w[3] = n;
	w[4] = (uint32_t)gl_dmp_words();
	for (k = 0, w += SAVE_HEADER_WORDS; k < n; k++)
		w = write_record(&gl_object_find(&st->gl, progs[k])->u.program, w);
	w = data;
	w[5] = gl_block_check(w + SAVE_HEADER_WORDS, words - SAVE_HEADER_WORDS);
	return (GLsizei)(words * 4);
}

/* ---- restore ----------------------------------------------------------- */

/* One program rebuilt from a record, not yet given to its target. */
struct restored {
	struct gl_executable *exe;
	struct gl_attrib_binding *bindings;
	size_t binding_count;
};

/* Rebuild one program from the record at r; false with `why` filled. */
static bool restore_one(struct nngx_state *st, struct gl_block_reader *r, struct restored *out,
			char *why, size_t why_size, bool *no_memory)
{
	struct gl_object shader[GL_STAGE_COUNT];
	const struct gl_object *so[GL_STAGE_COUNT] = { NULL, NULL };
	struct gl_program bindings;
	const uint32_t *rec_start = r->w, *p;
	uint32_t rec_bytes, mask, count, v;
	unsigned s, k;
	bool ok = false;

	memset(shader, 0, sizeof shader);
	memset(&bindings, 0, sizeof bindings);
	*no_memory = false;
	if (!gl_block_take1(r, &rec_bytes) || !gl_block_take1(r, &mask) || rec_bytes % 4 ||
	    mask == 0 || mask > 3 || !(mask & 1)) {
		snprintf(why, why_size, "a program record's header is damaged");
		return false;
	}
	for (s = 0; s < GL_STAGE_COUNT; s++) {
		char err[GL_SHBIN_ERROR_MAX];
		uint32_t entry, size;
		struct gl_binary *b;

		if (!(mask & 1u << s))
			continue;
		if (!gl_block_take1(r, &entry) || !gl_block_take1(r, &size) ||
		    !gl_block_take(r, gl_block_words_of(size), &p)) {
			snprintf(why, why_size, "a shader binary runs past the block");
			goto out;
		}
		b = hw_calloc(1, sizeof *b);
		if (b)
			b->bytes = hw_malloc(size ? size : 1);
		if (!b || !b->bytes) {
			if (b)
				free(b);
			*no_memory = true;
			snprintf(why, why_size, "out of memory");
			goto out;
		}
		memcpy(b->bytes, p, size);
		b->size = size;
		shader[s].kind = GL_OBJECT_SHADER;
		shader[s].u.shader.type = s == GL_STAGE_VERTEX ? GL_VERTEX_SHADER
							       : GL_GEOMETRY_SHADER_DMP;
		shader[s].u.shader.binary = gl_binary_ref(b);
		if (!gl_shbin_parse(b->bytes, size, &b->shbin, err)) {
			*no_memory = strcmp(err, "out of memory") == 0;
			snprintf(why, why_size, "a saved shader binary: %s", err);
			goto out;
		}
		if (entry >= b->shbin.entry_count ||
		    b->shbin.entries[entry].stage != (s == GL_STAGE_VERTEX ? GL_SHBIN_VERTEX
									    : GL_SHBIN_GEOMETRY)) {
			snprintf(why, why_size, "a saved stage names DVLE %u, which is not a %s "
				 "shader of its binary", entry, s ? "geometry" : "vertex");
			goto out;
		}
		shader[s].u.shader.entry = entry;
		so[s] = &shader[s];
	}
	if (!gl_block_take1(r, &count) || count > GL_CONTEXT_MAX_ATTRIBS * 64u) {
		snprintf(why, why_size, "the attribute bindings are damaged");
		goto out;
	}
	if (count) {
		bindings.bindings = hw_calloc(count, sizeof *bindings.bindings);
		if (!bindings.bindings) {
			*no_memory = true;
			snprintf(why, why_size, "out of memory");
			goto out;
		}
	}
	for (k = 0; k < count; k++) {
		if (!gl_block_take(r, SAVE_NAME_BYTES / 4, &p) || !gl_block_take1(r, &v)) {
			snprintf(why, why_size, "the attribute bindings run past the block");
			goto out;
		}
		memcpy(bindings.bindings[k].name, p, SAVE_NAME_BYTES);
		if (!memchr(bindings.bindings[k].name, '\0', SAVE_NAME_BYTES) ||
		    !bindings.bindings[k].name[0] || v >= GL_CONTEXT_MAX_ATTRIBS) {
			snprintf(why, why_size, "attribute binding %u is damaged", k);
			goto out;
		}
		bindings.bindings[k].index = v;
		bindings.binding_count++;
	}
	out->exe = gl_program_link_objects(&st->gl, so, &bindings, why, why_size, no_memory);
	if (!out->exe)
		goto out;
	for (s = 0; s < GL_STAGE_COUNT; s++) {
		struct gl_stage *stg = &out->exe->stage[s];
		unsigned reg;

		if (!(mask & 1u << s))
			continue;
		if (!gl_block_take(r, STAGE_UNIFORM_WORDS, &p)) {
			snprintf(why, why_size, "the uniform registers run past the block");
			goto out;
		}
		memcpy(stg->f, p, sizeof stg->f);
		p += HW_SHADER_FLOAT_UNIFORMS * 4;
		for (reg = 0; reg < HW_SHADER_INT_UNIFORMS; reg++, p++)
			for (k = 0; k < 4; k++)
				stg->i[reg][k] = (uint8_t)(*p >> (8 * k));
		if (*p > 0xFFFFu) {
			snprintf(why, why_size, "the bool registers are damaged");
			goto out;
		}
		stg->b = (uint16_t)*p;
		/* Every register the program uses goes to the GPU again. */
		memcpy(stg->f_dirty, stg->f_used, sizeof stg->f_dirty);
		stg->i_dirty = stg->i_used;
		stg->b_dirty = stg->b_used;
	}
	if (!gl_block_take(r, gl_dmp_words(), &p)) {
		snprintf(why, why_size, "the reserved uniforms run past the block");
		goto out;
	}
	gl_dmp_from_words(&out->exe->dmp, p);
	if (!gl_dmp_state_valid(&out->exe->dmp, why, why_size))
		goto out;
	if ((size_t)(r->w - rec_start) * 4 != rec_bytes) {
		snprintf(why, why_size, "a program record's size is wrong");
		goto out;
	}
	out->bindings = bindings.bindings;
	out->binding_count = bindings.binding_count;
	bindings.bindings = NULL;
	ok = true;
out:
	if (!ok) {
		gl_executable_free(out->exe);
		out->exe = NULL;
	}
	free(bindings.bindings);
	for (s = 0; s < GL_STAGE_COUNT; s++)
		gl_binary_release(shader[s].u.shader.binary);
	return ok;
}

/* Free the first n restored executables with their bindings, then r. */
static void restored_free(struct restored *r, size_t n)
{
	size_t k;

	for (k = 0; k < n; k++) {
		gl_executable_free(r[k].exe);
		free(r[k].bindings);
	}
	free(r);
}

/* Whether the header's count of records, each by its size, fills the
 * block exactly. */
static bool records_fill(const uint32_t *w)
{
	size_t at = SAVE_HEADER_WORDS, end = w[2] / 4;
	uint32_t k;

	for (k = 0; k < w[3]; k++) {
		if (at >= end || w[at] < 8 || w[at] % 4 || w[at] / 4 > end - at)
			return false;
		at += w[at] / 4;
	}
	return at == end;
}

void glRestoreProgramsDMP(GLuint n, GLuint offset, GLuint *progs, GLuint flags, GLvoid *data)
{
	static const char fn[] = "glRestoreProgramsDMP";
	NNGX_API(st);
	const uint32_t *w = data;
	struct restored *built;
	struct gl_block_reader r;
	char why[GL_SHBIN_ERROR_MAX + 64];
	bool no_memory;
	size_t k;

	if (flags & ~RESTORE_UPDATE_BITS) {
		gl_value_error(st, fn, "flags 0x%X: only GL_RESTORE_PROGRAMS_DMP and the "
			       "GL_RESTORE_UPDATE_*_DMP bits", flags);
		return;
	}
	if ((n > 0 && !progs) || !data) {
		gl_value_error(st, fn, "%s is NULL", !data ? "data" : "progs");
		return;
	}
	if (w[0] != SAVE_MAGIC || w[1] != SAVE_VERSION || w[2] % 4 || w[2] > SAVE_MAX_BYTES ||
	    w[2] < SAVE_HEADER_WORDS * 4 || w[4] != gl_dmp_words() ||
	    gl_block_check(w + SAVE_HEADER_WORDS, w[2] / 4 - SAVE_HEADER_WORDS) != w[5]) {
		nngx_state_error(st, GL_INVALID_VALUE, NNGX_SHIM_DIAG_PROGRAM_BLOCK_REJECTED, fn,
				 "data is not a block glSaveProgramsDMP wrote (or it was changed "
				 "since)");
		return;
	}
	if (!records_fill(w)) {
		nngx_state_error(st, GL_INVALID_VALUE, NNGX_SHIM_DIAG_PROGRAM_BLOCK_REJECTED, fn,
				 "the block's %u program records do not fill its %u bytes", w[3],
				 w[2]);
		return;
	}
	if (offset > w[3] || n > w[3] - offset) {
		gl_value_error(st, fn, "programs %u to %u of a block of %u", offset,
			       offset + n - 1, w[3]);
		return;
	}
	for (k = 0; k < n; k++)
		if (!gl_object_expect(st, progs[k], GL_OBJECT_PROGRAM, fn))
			return;
	if (n == 0)
		return;
	built = hw_calloc(n, sizeof *built);
	if (!built) {
		gl_memory_error(st, fn, "restoring %u programs", n);
		return;
	}
	r.w = w + SAVE_HEADER_WORDS;
	r.end = w + w[2] / 4;
	r.bad = false;
	for (k = 0; k < (size_t)offset + n; k++) {
		struct restored skip = { NULL, NULL, 0 };
		struct restored *dst = k < offset ? &skip : &built[k - offset];
		uint32_t rec_bytes;

		if (k < offset) {               /* step over, by the record's size */
			if (!gl_block_take1(&r, &rec_bytes) || rec_bytes < 4 || rec_bytes % 4 ||
			    (size_t)(r.end - r.w) < rec_bytes / 4 - 1) {
				snprintf(why, sizeof why, "a program record's size is wrong");
				goto refuse;
			}
			r.w += rec_bytes / 4 - 1;
			continue;
		}
		if (!restore_one(st, &r, dst, why, sizeof why, &no_memory)) {
			if (no_memory) {
				restored_free(built, n);
				gl_memory_error(st, fn, "restoring program %lu of the block",
						(unsigned long)k);
				return;
			}
			goto refuse;
		}
	}
	/* Every program rebuilt: now the targets change. */
	for (k = 0; k < n; k++) {
		struct gl_program *p = &gl_object_find(&st->gl, progs[k])->u.program;

		gl_executable_free(p->exe);
		p->exe = built[k].exe;
		free(p->bindings);
		p->bindings = built[k].bindings;
		p->binding_count = built[k].binding_count;
		p->link_status = true;
		p->validate_status = false;
		built[k].exe = NULL;
		built[k].bindings = NULL;
	}
	restored_free(built, n);
	return;
refuse:
	restored_free(built, n);
	nngx_state_error(st, GL_INVALID_VALUE, NNGX_SHIM_DIAG_PROGRAM_BLOCK_REJECTED, fn,
			 "program %lu of the block: %s", (unsigned long)k, why);
}
