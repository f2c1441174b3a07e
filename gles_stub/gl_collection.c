/* gl_collection.c: vertex state collections and texture collections, the
 * SDK's named sets of GL state (GL_VERTEX_STATE_COLLECTION_DMP,
 * GL_TEXTURE_COLLECTION_DMP), and glSave* / glRestore*CollectionsDMP.
 *
 * Part of libnngx (MIT licence).
 *
 * Model choices (doc/model.md, "collections"; nngx_gl_dmp(3)), where the SDK's
 * documentation is not public:
 *   - a vertex state collection is a buffer-object name bound to
 *     GL_VERTEX_STATE_COLLECTION_DMP; while bound it holds the GL_ARRAY_
 *     BUFFER and GL_ELEMENT_ARRAY_BUFFER bindings and every attribute (its
 *     enable, its pointer with the buffer it reads, and its current value):
 *     binding another collection puts all of that away and brings the
 *     other's back. Name 0 is the default collection, the state a context
 *     starts with. A texture collection is a texture name bound to
 *     GL_TEXTURE_COLLECTION_DMP and holds the 2D texture and the cube map
 *     of each unit and the table of each lookup-table binding (not the
 *     active unit);
 *   - a name is a data buffer or a collection, a 2D texture, a lookup
 *     table or a collection, by its first binding: binding it as the other
 *     kind is GL_INVALID_OPERATION, as with lookup tables (ES 2.0, 3.7.13);
 *     a new collection starts with the default values of its state;
 *   - deleting a bound collection binds the default one; deleting a data
 *     buffer or a texture removes its name from every collection (not only
 *     the bound one), so that no collection keeps a name that may come back
 *     as another object;
 *   - the blocks of the save calls hold each collection's state (for
 *     texture collections, the members the flags select: 1D the lookup-
 *     table bindings, 2D the units' 2D bindings, CUBE the units' cube map
 *     bindings), as names: the textures and buffers themselves are not
 *     copied, they stay where the program keeps them. A restore checks the
 *     block's check word and that every name in it is still an object of
 *     its kind, then gives the target names the saved state, all or
 *     nothing (COLLECTION_BLOCK_REJECTED). _CTR_FORMAT_DMP writes the same
 *     block.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hw/hw_alloc.h"
#include "gl_block.h"
#include "gl_entry.h"

/* ---- vertex state ------------------------------------------------------ */

/* A vertex state at its GL ES initial values: no buffers bound, every
 * attribute off, 4 floats, current value (0, 0, 0, 1). */
static void vs_defaults(struct gl_vertex_state *s)
{
	unsigned a;

	memset(s, 0, sizeof *s);
	for (a = 0; a < GL_CONTEXT_MAX_ATTRIBS; a++) {
		s->attrib[a].size = 4;
		s->attrib[a].type = GL_FLOAT;
		s->attrib[a].current[3] = 1.0f;
	}
}

/* Copy the context's live vertex state (the bound collection's) into s. */
static void vs_store(const struct gl_context *gl, struct gl_vertex_state *s)
{
	s->array_buffer = gl->array_buffer;
	s->element_buffer = gl->element_buffer;
	memcpy(s->attrib, gl->attrib, sizeof s->attrib);
}

/* Make s the context's live vertex state (on binding its collection). */
static void vs_load(struct gl_context *gl, const struct gl_vertex_state *s)
{
	gl->array_buffer = s->array_buffer;
	gl->element_buffer = s->element_buffer;
	memcpy(gl->attrib, s->attrib, sizeof gl->attrib);
}

/* Drop every binding of data buffer `buffer` from s (it is being deleted). */
static void vs_forget(struct gl_vertex_state *s, GLuint buffer)
{
	unsigned a;

	if (s->array_buffer == buffer)
		s->array_buffer = 0;
	if (s->element_buffer == buffer)
		s->element_buffer = 0;
	for (a = 0; a < GL_CONTEXT_MAX_ATTRIBS; a++)
		if (s->attrib[a].buffer == buffer)
			s->attrib[a].buffer = 0;
}

/* Where the state of the bound vertex state collection goes when another
 * is bound. */
static struct gl_vertex_state *vs_home(struct gl_context *gl)
{
	return gl->vs_collection ? gl_buffer_find(gl, gl->vs_collection)->collection
				 : &gl->vs_default;
}

void gl_collection_bind_vertex(struct nngx_state *st, GLuint name, const char *fn)
{
	struct gl_context *gl = &st->gl;
	struct gl_buffer *b = name ? gl_buffer_find(gl, name) : NULL;
	struct gl_vertex_state *fresh = NULL;

	if (b && b->created && !b->collection) {
		gl_operation_error(st, fn, "buffer %u is a data buffer; it cannot be bound to "
				   "GL_VERTEX_STATE_COLLECTION_DMP", name);
		return;
	}
	if (name == gl->vs_collection)
		return;
	if (name && (!b || !b->collection)) {
		fresh = hw_malloc(sizeof *fresh);
		if (!fresh || (!b && !(b = gl_buffer_add(gl, name)))) {
			free(fresh);
			gl_memory_error(st, fn, "vertex state collection %u", name);
			return;
		}
		vs_defaults(fresh);
		b->collection = fresh;
		b->next_collection = gl->vs_collections;
		gl->vs_collections = b;
		b->created = true;
	}
	vs_store(gl, vs_home(gl));
	vs_load(gl, b ? b->collection : &gl->vs_default);
	gl->vs_collection = name;
}

void gl_collection_buffer_gone(struct gl_context *gl, const struct gl_buffer *b)
{
	const struct gl_buffer *c;

	if (b->collection) {
		if (gl->vs_collection == b->name) {
			vs_load(gl, &gl->vs_default);
			gl->vs_collection = 0;
		}
		return;
	}
	vs_forget(&gl->vs_default, b->name);
	for (c = gl->vs_collections; c; c = c->next_collection)
		vs_forget(c->collection, b->name);
}

/* ---- texture state ----------------------------------------------------- */

/* Copy the context's live texture bindings (2D, cube, lookup tables) into
 * s. */
static void tc_store(const struct gl_context *gl, struct gl_texture_state *s)
{
	memcpy(s->texture_2d, gl->texture_binding, sizeof s->texture_2d);
	memcpy(s->texture_cube, gl->texture_binding_cube, sizeof s->texture_cube);
	memcpy(s->lut, gl->lut_binding, sizeof s->lut);
}

/* Make s the context's live texture bindings (on binding its collection). */
static void tc_load(struct gl_context *gl, const struct gl_texture_state *s)
{
	memcpy(gl->texture_binding, s->texture_2d, sizeof gl->texture_binding);
	memcpy(gl->texture_binding_cube, s->texture_cube, sizeof gl->texture_binding_cube);
	memcpy(gl->lut_binding, s->lut, sizeof gl->lut_binding);
}

/* Drop every binding of `texture` from s (it is being deleted). */
static void tc_forget(struct gl_texture_state *s, GLuint texture)
{
	unsigned k;

	for (k = 0; k < GL_CONTEXT_TEXTURE_UNITS; k++)
		if (s->texture_2d[k] == texture)
			s->texture_2d[k] = 0;
	for (k = 0; k < GL_CONTEXT_TEXTURE_UNITS; k++)
		if (s->texture_cube[k] == texture)
			s->texture_cube[k] = 0;
	for (k = 0; k < GL_CONTEXT_LUT_TEXTURES; k++)
		if (s->lut[k] == texture)
			s->lut[k] = 0;
}

/* Where the bound texture collection keeps its state while unbound: the
 * collection object's, or the default collection's. The bound name is always
 * a collection object, so the lookup cannot fail. */
static struct gl_texture_state *tc_home(struct gl_context *gl)
{
	return gl->tex_collection ? gl_texture_find(gl, gl->tex_collection)->collection
				  : &gl->tex_default;
}

void gl_collection_bind_texture(struct nngx_state *st, GLuint name, const char *fn)
{
	struct gl_context *gl = &st->gl;
	struct gl_texture *t = name ? gl_texture_find(gl, name) : NULL;
	struct gl_texture_state *fresh = NULL;

	if (t && t->target && !t->collection) {
		gl_operation_error(st, fn, "texture %u is a %s; it cannot be bound to "
				   "GL_TEXTURE_COLLECTION_DMP", name,
				   t->target == GL_TEXTURE_2D ? "2D texture" : "lookup table");
		return;
	}
	if (name == gl->tex_collection)
		return;
	if (name && (!t || !t->collection)) {
		fresh = hw_calloc(1, sizeof *fresh);  /* no textures bound */
		if (!fresh || (!t && !(t = gl_texture_add(gl, name)))) {
			free(fresh);
			gl_memory_error(st, fn, "texture collection %u", name);
			return;
		}
		t->collection = fresh;
		t->next_collection = gl->tex_collections;
		gl->tex_collections = t;
		t->created = true;
		t->target = GL_TEXTURE_COLLECTION_DMP;
	}
	tc_store(gl, tc_home(gl));
	tc_load(gl, t ? t->collection : &gl->tex_default);
	gl->tex_collection = name;
}

void gl_collection_texture_gone(struct gl_context *gl, const struct gl_texture *t)
{
	const struct gl_texture *c;

	if (t->collection) {
		if (gl->tex_collection == t->name) {
			tc_load(gl, &gl->tex_default);
			gl->tex_collection = 0;
		}
		return;
	}
	tc_forget(&gl->tex_default, t->name);
	for (c = gl->tex_collections; c; c = c->next_collection)
		tc_forget(c->collection, t->name);
}

/* ---- save and restore -------------------------------------------------- */

/* Block: magic, version, total bytes, collection count, record words, a
 * check word (gl_block_check over every word after the header); then one
 * record of `record words` per collection. */
#define COLL_HEADER_WORDS 6u
#define COLL_VERSION      1u
#define VS_MAGIC          0x5356474Eu   /* "NGVS" in little-endian bytes */
#define TC_MAGIC          0x4354474Eu   /* "NGTC" */
/* Vertex state record: both bindings, then per attribute: enabled, size,
 * type, stride, buffer, offset, the current value (four float bits). */
#define VS_ATTRIB_WORDS   10u
#define VS_RECORD_WORDS   (2u + GL_CONTEXT_MAX_ATTRIBS * VS_ATTRIB_WORDS)
/* Texture record: the member bits saved (the flags' 1D, 2D, CUBE bits),
 * the units' 2D bindings, the lookup-table bindings, the units' cube map
 * bindings (0 where not saved). */
#define TC_MEMBERS        (GL_SAVE_TEXTURE_COLLECTION_1D_TEXTURES_DMP | \
			   GL_SAVE_TEXTURE_COLLECTION_2D_TEXTURES_DMP | \
			   GL_SAVE_TEXTURE_COLLECTION_CUBE_TEXTURES_DMP)
#define TC_RECORD_WORDS   (1u + 2u * GL_CONTEXT_TEXTURE_UNITS + GL_CONTEXT_LUT_TEXTURES)
/* A sanity bound on n: blocks stay below 256 MiB. */
#define COLL_MAX_COUNT    0x100000u

/* The kinds the save and restore code handles alike. */
struct coll_kind {
	const char *what;          /* "vertex state collection" */
	uint32_t magic;
	size_t record_words;
};

static const struct coll_kind vs_kind = { "vertex state collection", VS_MAGIC,
					  VS_RECORD_WORDS };
static const struct coll_kind tc_kind = { "texture collection", TC_MAGIC, TC_RECORD_WORDS };

/* The IEEE-754 bit pattern of f, as block records store floats. */
static uint32_t float_bits(GLfloat f)
{
	uint32_t u;

	memcpy(&u, &f, sizeof u);
	return u;
}

static GLfloat bits_float(uint32_t u)
{
	GLfloat f;

	memcpy(&f, &u, sizeof f);
	return f;
}

/* Write s as one block record at w: the bindings, then every attribute's
 * settings and current value as float bits (VS_RECORD_WORDS words). */
static void vs_write(const struct gl_vertex_state *s, uint32_t *w)
{
	unsigned a, c;

	*w++ = s->array_buffer;
	*w++ = s->element_buffer;
	for (a = 0; a < GL_CONTEXT_MAX_ATTRIBS; a++) {
		const struct gl_attrib *at = &s->attrib[a];

		*w++ = at->enabled;
		*w++ = (uint32_t)at->size;
		*w++ = at->type;
		*w++ = (uint32_t)at->stride;
		*w++ = at->buffer;
		*w++ = at->offset;
		for (c = 0; c < 4; c++)
			*w++ = float_bits(at->current[c]);
	}
}

/* A buffer name a vertex state may hold: 0 or a data buffer. */
static bool vs_buffer_ok(struct gl_context *gl, uint32_t name)
{
	const struct gl_buffer *b;

	if (name == 0)
		return true;
	b = gl_buffer_find(gl, name);
	return b && b->created && !b->collection;
}

/* Read a record into s; false with `why` filled. */
static bool vs_read(struct gl_context *gl, const uint32_t *w, struct gl_vertex_state *s,
		    char *why, size_t why_size)
{
	unsigned a, c;

	memset(s, 0, sizeof *s);
	s->array_buffer = *w++;
	s->element_buffer = *w++;
	if (!vs_buffer_ok(gl, s->array_buffer) || !vs_buffer_ok(gl, s->element_buffer)) {
		snprintf(why, why_size, "a buffer binding (%u, %u) is not a data buffer now",
			 s->array_buffer, s->element_buffer);
		return false;
	}
	for (a = 0; a < GL_CONTEXT_MAX_ATTRIBS; a++, w += VS_ATTRIB_WORDS) {
		struct gl_attrib *at = &s->attrib[a];

		if (w[0] > 1 || w[1] < 1 || w[1] > 4 || !gl_attrib_type_bytes(w[2]) ||
		    w[3] > GL_ATTRIB_MAX_STRIDE) {
			snprintf(why, why_size, "attribute %u's array is damaged", a);
			return false;
		}
		if (!vs_buffer_ok(gl, w[4])) {
			snprintf(why, why_size, "attribute %u reads buffer %u, which is not a "
				 "data buffer now", a, w[4]);
			return false;
		}
		at->enabled = w[0] != 0;
		at->size = (GLint)w[1];
		at->type = w[2];
		at->stride = (GLsizei)w[3];
		at->buffer = w[4];
		at->offset = w[5];
		for (c = 0; c < 4; c++)
			at->current[c] = bits_float(w[6 + c]);
	}
	return true;
}

/* Write the members of s that `members` selects as one block record at w;
 * members not selected are written as 0, which a restore requires of them. */
static void tc_write(const struct gl_texture_state *s, uint32_t members, uint32_t *w)
{
	unsigned k;

	members &= TC_MEMBERS;
	*w++ = members;
	for (k = 0; k < GL_CONTEXT_TEXTURE_UNITS; k++)
		*w++ = members & GL_SAVE_TEXTURE_COLLECTION_2D_TEXTURES_DMP ? s->texture_2d[k] : 0;
	for (k = 0; k < GL_CONTEXT_LUT_TEXTURES; k++)
		*w++ = members & GL_SAVE_TEXTURE_COLLECTION_1D_TEXTURES_DMP ? s->lut[k] : 0;
	for (k = 0; k < GL_CONTEXT_TEXTURE_UNITS; k++)
		*w++ = members & GL_SAVE_TEXTURE_COLLECTION_CUBE_TEXTURES_DMP
		       ? s->texture_cube[k] : 0;
}

/* A texture name a collection may hold for a member of `kind`. */
static bool tc_texture_ok(struct gl_context *gl, uint32_t name, GLenum kind)
{
	const struct gl_texture *t;

	if (name == 0)
		return true;
	t = gl_texture_find(gl, name);
	return t && t->target == kind;
}

/* Read a record: its member bits, and the members into s. */
static bool tc_read(struct gl_context *gl, const uint32_t *w, struct gl_texture_state *s,
		    uint32_t *members, char *why, size_t why_size)
{
	unsigned k;

	*members = *w++;
	if (*members & ~TC_MEMBERS) {
		snprintf(why, why_size, "the member bits 0x%X are damaged", *members);
		return false;
	}
	for (k = 0; k < GL_CONTEXT_TEXTURE_UNITS; k++) {
		s->texture_2d[k] = *w++;
		if (!(*members & GL_SAVE_TEXTURE_COLLECTION_2D_TEXTURES_DMP) ?
		    s->texture_2d[k] != 0 : !tc_texture_ok(gl, s->texture_2d[k], GL_TEXTURE_2D)) {
			snprintf(why, why_size, "unit %u's texture %u is not a 2D texture now", k,
				 s->texture_2d[k]);
			return false;
		}
	}
	for (k = 0; k < GL_CONTEXT_LUT_TEXTURES; k++) {
		s->lut[k] = *w++;
		if (!(*members & GL_SAVE_TEXTURE_COLLECTION_1D_TEXTURES_DMP) ?
		    s->lut[k] != 0 : !tc_texture_ok(gl, s->lut[k], GL_LUT_TEXTURE0_DMP)) {
			snprintf(why, why_size, "lookup table %u's texture %u is not a lookup "
				 "table now", k, s->lut[k]);
			return false;
		}
	}
	for (k = 0; k < GL_CONTEXT_TEXTURE_UNITS; k++) {
		s->texture_cube[k] = *w++;
		if (!(*members & GL_SAVE_TEXTURE_COLLECTION_CUBE_TEXTURES_DMP) ?
		    s->texture_cube[k] != 0 :
		    !tc_texture_ok(gl, s->texture_cube[k], GL_TEXTURE_CUBE_MAP)) {
			snprintf(why, why_size, "unit %u's texture %u is not a cube map now", k,
				 s->texture_cube[k]);
			return false;
		}
	}
	return true;
}

/* What name `name` is for `kind`: no object, a collection of the kind,
 * an object of another kind (a data buffer; a 2D texture or a lookup
 * table), or a name only generated, which may still become either. */
enum coll_name { NAME_NONE, NAME_COLLECTION, NAME_OTHER, NAME_GENERATED };

/* What `name` is for collections of `kind` (see enum coll_name). */
static enum coll_name coll_name_of(struct gl_context *gl, const struct coll_kind *kind,
				   GLuint name)
{
	if (name == 0)
		return NAME_NONE;
	if (kind == &vs_kind) {
		const struct gl_buffer *b = gl_buffer_find(gl, name);

		return !b ? NAME_NONE : b->collection ? NAME_COLLECTION
			   : b->created ? NAME_OTHER : NAME_GENERATED;
	} else {
		const struct gl_texture *t = gl_texture_find(gl, name);

		return !t ? NAME_NONE : t->collection ? NAME_COLLECTION
			   : t->target ? NAME_OTHER : NAME_GENERATED;
	}
}

/* Whether `name` is a collection of `kind` (a save call); false after the
 * GL error. */
static bool coll_expect(struct nngx_state *st, const struct coll_kind *kind, GLuint name,
			const char *fn)
{
	enum coll_name is = coll_name_of(&st->gl, kind, name);

	if (is == NAME_NONE) {
		gl_value_error(st, fn, "%u is no %s name", name, kind->what);
		return false;
	}
	if (is != NAME_COLLECTION) {
		gl_operation_error(st, fn, "%u is not a %s", name, kind->what);
		return false;
	}
	return true;
}

/* The save call of either kind: check every argument, then write the block of
 * the n collections to data and return its size in bytes. With data NULL only
 * the size is returned. A bad argument records its GL error and writes
 * nothing. */
static GLsizei coll_save(struct nngx_state *st, const struct coll_kind *kind, GLuint n,
			 const GLuint *names, GLuint members, GLsizei bufsize, GLvoid *data,
			 const char *fn)
{
	struct gl_context *gl = &st->gl;
	size_t words, k;
	uint32_t *w;

	if (n > 0 && !names) {
		gl_value_error(st, fn, "the name array is NULL with n = %u", n);
		return 0;
	}
	if (n > COLL_MAX_COUNT) {
		gl_value_error(st, fn, "n = %u: more than %u collections", n, COLL_MAX_COUNT);
		return 0;
	}
	for (k = 0; k < n; k++)
		if (!coll_expect(st, kind, names[k], fn))
			return 0;
	words = COLL_HEADER_WORDS + (size_t)n * kind->record_words;
	if (!data)
		return (GLsizei)(words * 4);
	if (bufsize < 0 || (size_t)bufsize < words * 4) {
		gl_value_error(st, fn, "bufsize %d: the collections need %lu bytes", bufsize,
			       (unsigned long)(words * 4));
		return (GLsizei)(words * 4);
	}
	w = data;
	w[0] = kind->magic;
	w[1] = COLL_VERSION;
	w[2] = (uint32_t)(words * 4);
	w[3] = n;
	w[4] = (uint32_t)kind->record_words;
	for (k = 0; k < n; k++) {
		uint32_t *rec = w + COLL_HEADER_WORDS + k * kind->record_words;

		if (kind == &vs_kind) {
			struct gl_vertex_state now;
			const struct gl_vertex_state *s = gl_buffer_find(gl, names[k])->collection;

			if (names[k] == gl->vs_collection) {   /* its state is the context's */
				vs_store(gl, &now);
				s = &now;
			}
			vs_write(s, rec);
		} else {
			struct gl_texture_state now;
			const struct gl_texture_state *s = gl_texture_find(gl, names[k])->collection;

			if (names[k] == gl->tex_collection) {
				tc_store(gl, &now);
				s = &now;
			}
			tc_write(s, members, rec);
		}
	}
	w[5] = gl_block_check(w + COLL_HEADER_WORDS, words - COLL_HEADER_WORDS);
	return (GLsizei)(words * 4);
}

/* One target of a restore: its new state, and the storage it needs if it
 * is not a collection yet. */
struct coll_target {
	union {
		struct gl_vertex_state vs;
		struct gl_texture_state tc;
	} s;
	uint32_t members;
	void *fresh;
	bool added;                /* the name became an object in this call */
};

/* Whether `name` may take a restored collection: a collection of the
 * kind, or a name that is no object of the other kind. */
static bool target_ok(struct nngx_state *st, const struct coll_kind *kind, GLuint name,
		      const char *fn)
{
	if (name == 0) {
		gl_value_error(st, fn, "name 0 is the default %s, which a restore cannot "
			       "replace", kind->what);
		return false;
	}
	if (coll_name_of(&st->gl, kind, name) == NAME_OTHER) {
		gl_operation_error(st, fn, "%u is a %s, not a %s", name,
				   kind == &vs_kind ? "data buffer" : "texture", kind->what);
		return false;
	}
	return true;
}

/* Take back what a restore made for targets 0..last, and free tg. */
static void coll_undo(struct nngx_state *st, const struct coll_kind *kind, const GLuint *names,
		      struct coll_target *tg, size_t last)
{
	struct gl_context *gl = &st->gl;
	size_t k;

	for (k = 0; k <= last; k++) {
		free(tg[k].fresh);
		if (tg[k].added && kind == &vs_kind)
			gl_buffer_destroy(gl, gl_buffer_find(gl, names[k]), &st->gpu.memory,
					  st->deallocator);
		else if (tg[k].added)
			gl_texture_destroy(gl, gl_texture_find(gl, names[k]), &st->gpu.memory,
					   st->deallocator);
	}
	free(tg);
}

/* The restore call of either kind: check the block (magic, version, size,
 * check word), the range and every target name, read every record, and only
 * then give the n targets their saved state. Any failure records its GL error
 * (INVALID_VALUE with COLLECTION_BLOCK_REJECTED for a bad block) and changes
 * nothing. */
static void coll_restore(struct nngx_state *st, const struct coll_kind *kind, GLuint n,
			 GLuint offset, const GLuint *names, GLuint members, const GLvoid *data,
			 const char *fn)
{
	struct gl_context *gl = &st->gl;
	const uint32_t *w = data;
	struct coll_target *tg;
	char why[128];
	size_t k;

	if ((n > 0 && !names) || !data) {
		gl_value_error(st, fn, "%s is NULL", !data ? "data" : "the name array");
		return;
	}
	if (w[0] != kind->magic || w[1] != COLL_VERSION || w[4] != kind->record_words ||
	    w[3] > COLL_MAX_COUNT ||
	    w[2] != (COLL_HEADER_WORDS + (size_t)w[3] * kind->record_words) * 4 ||
	    gl_block_check(w + COLL_HEADER_WORDS, w[2] / 4 - COLL_HEADER_WORDS) != w[5]) {
		nngx_state_error(st, GL_INVALID_VALUE, NNGX_SHIM_DIAG_COLLECTION_BLOCK_REJECTED, fn,
				 "data is not a block of %ss that the save call wrote (or it was "
				 "changed since)", kind->what);
		return;
	}
	if (offset > w[3] || n > w[3] - offset) {
		gl_value_error(st, fn, "collections %u to %u of a block of %u", offset,
			       offset + n - 1, w[3]);
		return;
	}
	for (k = 0; k < n; k++)
		if (!target_ok(st, kind, names[k], fn))
			return;
	if (n == 0)
		return;
	tg = hw_calloc(n, sizeof *tg);
	if (!tg) {
		gl_memory_error(st, fn, "restoring %u %ss", n, kind->what);
		return;
	}
	for (k = 0; k < n; k++) {
		const uint32_t *rec = w + COLL_HEADER_WORDS + (offset + k) * kind->record_words;
		bool ok = kind == &vs_kind
			  ? vs_read(gl, rec, &tg[k].s.vs, why, sizeof why)
			  : tc_read(gl, rec, &tg[k].s.tc, &tg[k].members, why, sizeof why);

		if (!ok) {
			free(tg);
			nngx_state_error(st, GL_INVALID_VALUE,
					 NNGX_SHIM_DIAG_COLLECTION_BLOCK_REJECTED, fn,
					 "%s %lu of the block: %s", kind->what,
					 (unsigned long)(offset + k), why);
			return;
		}
	}
	/* Storage for the names that are no collection yet, and the names
	 * themselves; on a failure everything made here goes again. */
	for (k = 0; k < n; k++) {
		enum coll_name is = coll_name_of(gl, kind, names[k]);

		if (is == NAME_COLLECTION)
			continue;
		tg[k].fresh = kind == &vs_kind ? hw_malloc(sizeof(struct gl_vertex_state))
					       : hw_calloc(1, sizeof(struct gl_texture_state));
		if (tg[k].fresh && is == NAME_NONE) {
			tg[k].added = kind == &vs_kind ? gl_buffer_add(gl, names[k]) != NULL
						       : gl_texture_add(gl, names[k]) != NULL;
			if (!tg[k].added) {
				free(tg[k].fresh);
				tg[k].fresh = NULL;
			}
		}
		if (!tg[k].fresh) {
			coll_undo(st, kind, names, tg, k);
			gl_memory_error(st, fn, "restoring %u %ss", n, kind->what);
			return;
		}
	}
	/* Everything checked and allocated: now the targets change. */
	for (k = 0; k < n; k++) {
		if (kind == &vs_kind) {
			struct gl_buffer *b = gl_buffer_find(gl, names[k]);

			if (!b->collection) {
				b->collection = tg[k].fresh;
				b->next_collection = gl->vs_collections;
				gl->vs_collections = b;
				tg[k].fresh = NULL;
				b->created = true;
			}
			*b->collection = tg[k].s.vs;
			if (gl->vs_collection == names[k])
				vs_load(gl, b->collection);
		} else {
			struct gl_texture *t = gl_texture_find(gl, names[k]);
			struct gl_texture_state *s;
			uint32_t take = tg[k].members & members;
			unsigned u;

			if (!t->collection) {
				t->collection = tg[k].fresh;
				t->next_collection = gl->tex_collections;
				gl->tex_collections = t;
				tg[k].fresh = NULL;
				t->created = true;
				t->target = GL_TEXTURE_COLLECTION_DMP;
			}
			s = t->collection;
			if (gl->tex_collection == names[k])
				tc_store(gl, s);
			for (u = 0; u < GL_CONTEXT_TEXTURE_UNITS; u++)
				if (take & GL_RESTORE_TEXTURE_COLLECTION_2D_TEXTURES_DMP)
					s->texture_2d[u] = tg[k].s.tc.texture_2d[u];
			for (u = 0; u < GL_CONTEXT_LUT_TEXTURES; u++)
				if (take & GL_RESTORE_TEXTURE_COLLECTION_1D_TEXTURES_DMP)
					s->lut[u] = tg[k].s.tc.lut[u];
			for (u = 0; u < GL_CONTEXT_TEXTURE_UNITS; u++)
				if (take & GL_RESTORE_TEXTURE_COLLECTION_CUBE_TEXTURES_DMP)
					s->texture_cube[u] = tg[k].s.tc.texture_cube[u];
			if (gl->tex_collection == names[k])
				tc_load(gl, s);
		}
	}
	for (k = 0; k < n; k++)        /* a name given twice takes one */
		free(tg[k].fresh);
	free(tg);
}

GLsizei glSaveVertexStateCollectionsDMP(GLuint n, GLuint *vscolls, GLuint flags,
					GLsizei bufsize, GLvoid *data)
{
	static const char fn[] = "glSaveVertexStateCollectionsDMP";
	NNGX_API(st);

	if (flags != GL_SAVE_VERTEX_STATE_COLLECTIONS_DMP &&
	    flags != GL_SAVE_VERTEX_STATE_COLLECTIONS_CTR_FORMAT_DMP) {
		gl_value_error(st, fn, "flags 0x%X: GL_SAVE_VERTEX_STATE_COLLECTIONS_DMP or "
			       "GL_SAVE_VERTEX_STATE_COLLECTIONS_CTR_FORMAT_DMP", flags);
		return 0;
	}
	return coll_save(st, &vs_kind, n, vscolls, 0, bufsize, data, fn);
}

void glRestoreVertexStateCollectionsDMP(GLuint n, GLuint offset, GLuint *vscolls, GLuint flags,
					GLvoid *data)
{
	static const char fn[] = "glRestoreVertexStateCollectionsDMP";
	NNGX_API(st);

	if (flags != GL_RESTORE_VERTEX_STATE_COLLECTIONS_DMP) {
		gl_value_error(st, fn, "flags 0x%X: GL_RESTORE_VERTEX_STATE_COLLECTIONS_DMP "
			       "only", flags);
		return;
	}
	coll_restore(st, &vs_kind, n, offset, vscolls, 0, data, fn);
}

GLsizei glSaveTextureCollectionsDMP(GLuint n, GLuint *txcolls, GLuint flags, GLsizei bufsize,
				    GLvoid *data)
{
	static const char fn[] = "glSaveTextureCollectionsDMP";
	NNGX_API(st);

	if ((flags & ~TC_MEMBERS) != GL_SAVE_TEXTURE_COLLECTIONS_DMP &&
	    (flags & ~TC_MEMBERS) != GL_SAVE_TEXTURE_COLLECTIONS_CTR_FORMAT_DMP) {
		gl_value_error(st, fn, "flags 0x%X: GL_SAVE_TEXTURE_COLLECTIONS_DMP or _CTR_"
			       "FORMAT_DMP, with GL_SAVE_TEXTURE_COLLECTION_{1D,2D,CUBE}_"
			       "TEXTURES_DMP", flags);
		return 0;
	}
	return coll_save(st, &tc_kind, n, txcolls, flags & TC_MEMBERS, bufsize, data, fn);
}

void glRestoreTextureCollectionsDMP(GLuint n, GLuint offset, GLuint *txcolls, GLuint flags,
				    GLvoid *data)
{
	static const char fn[] = "glRestoreTextureCollectionsDMP";
	NNGX_API(st);

	if ((flags & ~TC_MEMBERS) != GL_RESTORE_TEXTURE_COLLECTIONS_DMP) {
		gl_value_error(st, fn, "flags 0x%X: GL_RESTORE_TEXTURE_COLLECTIONS_DMP with "
			       "GL_RESTORE_TEXTURE_COLLECTION_{1D,2D,CUBE}_TEXTURES_DMP", flags);
		return;
	}
	coll_restore(st, &tc_kind, n, offset, txcolls, flags, data, fn);
}
