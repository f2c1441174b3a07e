/* check_gl_collection.c: vertex state collections and texture
 * collections (GL_VERTEX_STATE_COLLECTION_DMP, GL_TEXTURE_COLLECTION_DMP)
 * and glSave* / glRestore*CollectionsDMP.
 *
 * Binding a collection brings back exactly the state it held (queries and
 * draws: pixels and counters); kinds do not mix; deleting a collection or
 * an object a collection names leaves no stale name; a saved collection
 * restored into another name holds the same state; every refusal records
 * its GL error and changes nothing (doc/model.md, model choices, "collections").
 *
 * Part of libnngx (MIT licence).
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define GL_GLEXT_PROTOTYPES 1
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>
#include <nn/gx.h>

#include "gl_fixture.h"
#include "nngx_shim.h"

#define FB 16
#define UNITS 3
#define LUTS 32
#define ATTRIBS 12

#define ck_err(e) ck_assert_uint_eq(glGetError(), (GLenum)(e))

/* The block's header words (doc/model.md, "collections"). */
enum { H_MAGIC, H_VERSION, H_BYTES, H_COUNT, H_RECORD_WORDS, H_CHECK, H_WORDS };

/* Everything a collection holds, and the collection bindings, as the
 * queries answer them. */
struct coll_state {
	GLint vs_binding, tex_binding, array, element, active;
	GLint enabled[ATTRIBS], size[ATTRIBS], type[ATTRIBS], stride[ATTRIBS];
	GLint buffer[ATTRIBS];
	GLvoid *pointer[ATTRIBS];
	GLfloat current[ATTRIBS][4];
	GLint unit[UNITS], lut[LUTS];
};

static void take(struct coll_state *s)
{
	unsigned k;

	memset(s, 0, sizeof *s);
	glGetIntegerv(GL_VERTEX_STATE_COLLECTION_BINDING_DMP, &s->vs_binding);
	glGetIntegerv(GL_TEXTURE_COLLECTION_BINDING_DMP, &s->tex_binding);
	glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &s->array);
	glGetIntegerv(GL_ELEMENT_ARRAY_BUFFER_BINDING, &s->element);
	glGetIntegerv(GL_ACTIVE_TEXTURE, &s->active);
	for (k = 0; k < ATTRIBS; k++) {
		glGetVertexAttribiv(k, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &s->enabled[k]);
		glGetVertexAttribiv(k, GL_VERTEX_ATTRIB_ARRAY_SIZE, &s->size[k]);
		glGetVertexAttribiv(k, GL_VERTEX_ATTRIB_ARRAY_TYPE, &s->type[k]);
		glGetVertexAttribiv(k, GL_VERTEX_ATTRIB_ARRAY_STRIDE, &s->stride[k]);
		glGetVertexAttribiv(k, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING, &s->buffer[k]);
		glGetVertexAttribPointerv(k, GL_VERTEX_ATTRIB_ARRAY_POINTER, &s->pointer[k]);
		glGetVertexAttribfv(k, GL_CURRENT_VERTEX_ATTRIB, s->current[k]);
	}
	for (k = 0; k < UNITS; k++) {
		glActiveTexture(GL_TEXTURE0 + k);
		glGetIntegerv(GL_TEXTURE_BINDING_2D, &s->unit[k]);
	}
	glActiveTexture((GLenum)s->active);
	for (k = 0; k < LUTS; k++)
		glGetIntegerv(GL_TEXTURE_BINDING_LUT0_DMP + k, &s->lut[k]);
	ck_err(GL_NO_ERROR);
}

static void same(const struct coll_state *a, const struct coll_state *b)
{
	ck_assert(memcmp(a, b, sizeof *a) == 0);
}

static GLuint prog;

/* A fresh library, a list, a 16x16 framebuffer, the passthrough program. */
static void setup(void)
{
	struct fx_shader *s;

	fx_reset();
	fx_list(1 << 16, 32);
	fx_framebuffer(FB);
	s = fx_shader_passthrough();
	prog = fx_program(s);
	fx_shader_free(s);
	/* The fragment colour is the vertex colour (c4 of the shader). */
	fx_combiner_primary(prog);
	ck_err(GL_NO_ERROR);
}

/* A lower-left and an upper-right triangle (different coverage). */
static const float tri_a[] = { -1, -1, -0.5f, 1, -1, -0.5f, -1, 1, -0.5f };
static const float tri_b[] = { 1, 1, -0.5f, -1, 1, -0.5f, 1, -0.5f, -0.5f };

/* Draw 3 vertices with whatever vertex state is bound; pixels and counters. */
static void draw(uint8_t px[FB * FB * 4], struct fx_counters *moved)
{
	struct fx_counters c0, c1;

	glClearColor(0, 0, 0, 0);
	glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
	glFinish();
	fx_counters_read(&c0);
	glDrawArrays(GL_TRIANGLES, 0, 3);
	glFinish();
	fx_counters_read(&c1);
	fx_counters_diff(&c0, &c1, moved);
	glReadPixels(0, 0, FB, FB, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_err(GL_NO_ERROR);
}

/* Two vertex state collections, each with its triangle on attribute 0
 * and its own current value on attribute 5; *buf_a, *buf_b their data. */
static void two_collections(GLuint vsc[2], GLuint *buf_a, GLuint *buf_b)
{
	glGenBuffers(2, vsc);
	glBindBuffer(GL_VERTEX_STATE_COLLECTION_DMP, vsc[0]);
	*buf_a = fx_positions(tri_a, 3);
	glVertexAttrib4f(5, 1, 2, 3, 4);
	glBindBuffer(GL_VERTEX_STATE_COLLECTION_DMP, vsc[1]);
	*buf_b = fx_positions(tri_b, 3);
	glVertexAttrib4f(5, 5, 6, 7, 8);
	ck_err(GL_NO_ERROR);
}

START_TEST(test_vertex_collection_switches_draws)
{
	uint8_t px_a[FB * FB * 4], px_b[FB * FB * 4], px[FB * FB * 4];
	struct fx_counters m_a, m_b, m;
	struct coll_state sa, sb, s;
	GLuint vsc[2], ba, bb;
	GLfloat cur[4];

	two_collections(vsc, &ba, &bb);
	take(&sb);
	ck_assert_int_eq(sb.vs_binding, (GLint)vsc[1]);
	ck_assert_int_eq(sb.buffer[0], (GLint)bb);
	draw(px_b, &m_b);               /* the first draw also sends the program */
	draw(px_b, &m_b);
	glBindBuffer(GL_VERTEX_STATE_COLLECTION_DMP, vsc[0]);
	take(&sa);
	ck_assert_int_eq(sa.buffer[0], (GLint)ba);
	ck_assert_int_eq(sa.array, (GLint)ba);
	glGetVertexAttribfv(5, GL_CURRENT_VERTEX_ATTRIB, cur);
	ck_assert(cur[0] == 1 && cur[3] == 4);
	draw(px_a, &m_a);
	/* The two triangles cover different pixels, in the vertex colour. */
	ck_assert(memcmp(px_a, px_b, sizeof px) != 0);
	ck_assert(px_a[0] == 255 && px_a[1] == 128 && px_a[2] == 64 && px_a[3] == 255);
	ck_assert(px_b[0] == 0 && px_b[3] == 0);
	/* Back to B: the same state, pixels and counters as the first time. */
	glBindBuffer(GL_VERTEX_STATE_COLLECTION_DMP, vsc[1]);
	take(&s);
	same(&s, &sb);
	draw(px, &m);
	ck_assert(memcmp(px, px_b, sizeof px) == 0);
	ck_assert(memcmp(&m, &m_b, sizeof m) == 0);
	glBindBuffer(GL_VERTEX_STATE_COLLECTION_DMP, vsc[0]);
	draw(px, &m);
	ck_assert(memcmp(px, px_a, sizeof px) == 0);
	ck_assert(memcmp(&m, &m_a, sizeof m) == 0);
}
END_TEST

START_TEST(test_vertex_collection_default_and_fresh)
{
	struct coll_state d0, d1, fresh;
	GLuint vsc[2], ba, bb, c;
	unsigned k;

	take(&d0);                       /* the default collection at power-on */
	ck_assert_int_eq(d0.vs_binding, 0);
	glVertexAttrib4f(3, 9, 9, 9, 9);
	take(&d0);
	two_collections(vsc, &ba, &bb);
	glBindBuffer(GL_VERTEX_STATE_COLLECTION_DMP, 0);
	take(&d1);
	same(&d1, &d0);                  /* the default state came back */
	/* A new collection starts with the values a context starts with. */
	glGenBuffers(1, &c);
	glBindBuffer(GL_VERTEX_STATE_COLLECTION_DMP, c);
	take(&fresh);
	ck_assert_int_eq(fresh.vs_binding, (GLint)c);
	ck_assert_int_eq(fresh.array, 0);
	ck_assert_int_eq(fresh.element, 0);
	for (k = 0; k < ATTRIBS; k++) {
		ck_assert_int_eq(fresh.enabled[k], GL_FALSE);
		ck_assert_int_eq(fresh.size[k], 4);
		ck_assert_int_eq(fresh.type[k], GL_FLOAT);
		ck_assert_int_eq(fresh.buffer[k], 0);
		ck_assert(fresh.current[k][0] == 0 && fresh.current[k][3] == 1);
	}
	ck_assert(glIsBuffer(c));
	/* A name never generated becomes a collection by binding, too. */
	glBindBuffer(GL_VERTEX_STATE_COLLECTION_DMP, 777);
	ck_err(GL_NO_ERROR);
	ck_assert(glIsBuffer(777));
}
END_TEST

/* Kinds do not mix: each refusal is GL_INVALID_OPERATION and changes
 * nothing. */
START_TEST(test_collection_kinds)
{
	struct coll_state before, after;
	GLuint vsc[2], ba, bb, tex, lut, tc, fb;

	two_collections(vsc, &ba, &bb);
	glGenTextures(1, &tex);
	glBindTexture(GL_TEXTURE_2D, tex);
	glGenTextures(1, &lut);
	glBindTexture(GL_LUT_TEXTURE2_DMP, lut);
	glGenTextures(1, &tc);
	glBindTexture(GL_TEXTURE_COLLECTION_DMP, tc);
	glBindTexture(GL_TEXTURE_COLLECTION_DMP, 0);
	ck_err(GL_NO_ERROR);
	take(&before);
	glBindBuffer(GL_VERTEX_STATE_COLLECTION_DMP, ba);      /* a data buffer */
	ck_err(GL_INVALID_OPERATION);
	glBindBuffer(GL_ARRAY_BUFFER, vsc[0]);                 /* a collection */
	ck_err(GL_INVALID_OPERATION);
	glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, vsc[0]);
	ck_err(GL_INVALID_OPERATION);
	glBindTexture(GL_TEXTURE_COLLECTION_DMP, tex);         /* a 2D texture */
	ck_err(GL_INVALID_OPERATION);
	glBindTexture(GL_TEXTURE_COLLECTION_DMP, lut);         /* a lookup table */
	ck_err(GL_INVALID_OPERATION);
	glBindTexture(GL_TEXTURE_2D, tc);                      /* a collection */
	ck_err(GL_INVALID_OPERATION);
	glBindTexture(GL_LUT_TEXTURE0_DMP, tc);
	ck_err(GL_INVALID_OPERATION);
	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tc, 0);
	ck_err(GL_INVALID_OPERATION);
	take(&after);
	same(&before, &after);
}
END_TEST

START_TEST(test_vertex_collection_delete)
{
	struct coll_state d0, s;
	GLuint vsc[2], ba, bb;

	take(&d0);
	two_collections(vsc, &ba, &bb);
	/* Deleting buffer A's data removes it from collection A, which is
	 * not bound. */
	glDeleteBuffers(1, &ba);
	glBindBuffer(GL_VERTEX_STATE_COLLECTION_DMP, vsc[0]);
	take(&s);
	ck_assert_int_eq(s.buffer[0], 0);
	ck_assert_int_eq(s.array, 0);
	ck_assert_int_eq(s.enabled[0], GL_TRUE);
	/* Deleting the bound collection binds the default one. */
	glDeleteBuffers(1, &vsc[0]);
	ck_err(GL_NO_ERROR);
	take(&s);
	same(&s, &d0);
	ck_assert(!glIsBuffer(vsc[0]));
	/* Collection B still holds its state. */
	glBindBuffer(GL_VERTEX_STATE_COLLECTION_DMP, vsc[1]);
	take(&s);
	ck_assert_int_eq(s.buffer[0], (GLint)bb);
}
END_TEST

/* Texture collection: the unit bindings and the lookup-table bindings. */
START_TEST(test_texture_collection)
{
	struct coll_state d0, s1, s;
	GLuint tc[2], tex[3], lut[2];
	unsigned k;

	glGenTextures(3, tex);
	glGenTextures(2, lut);
	glBindTexture(GL_TEXTURE_2D, tex[2]);           /* default collection */
	take(&d0);
	glGenTextures(2, tc);
	glBindTexture(GL_TEXTURE_COLLECTION_DMP, tc[0]);
	take(&s);
	for (k = 0; k < UNITS; k++)
		ck_assert_int_eq(s.unit[k], 0);         /* a fresh collection binds none */
	glActiveTexture(GL_TEXTURE1);
	glBindTexture(GL_TEXTURE_2D, tex[0]);
	glActiveTexture(GL_TEXTURE2);
	glBindTexture(GL_TEXTURE_2D, tex[1]);
	glBindTexture(GL_LUT_TEXTURE7_DMP, lut[0]);
	take(&s1);
	glBindTexture(GL_TEXTURE_COLLECTION_DMP, tc[1]);
	take(&s);
	ck_assert_int_eq(s.tex_binding, (GLint)tc[1]);
	ck_assert_int_eq(s.unit[1], 0);
	ck_assert_int_eq(s.lut[7], 0);
	ck_assert_int_eq(s.active, GL_TEXTURE2);        /* not collection state */
	glBindTexture(GL_TEXTURE_COLLECTION_DMP, tc[0]);
	take(&s);
	same(&s, &s1);
	glActiveTexture(GL_TEXTURE0);
	glBindTexture(GL_TEXTURE_COLLECTION_DMP, 0);
	take(&s);
	same(&s, &d0);
	/* Deleting a texture removes it from every collection. */
	glDeleteTextures(1, &lut[0]);
	glBindTexture(GL_TEXTURE_COLLECTION_DMP, tc[0]);
	take(&s);
	ck_assert_int_eq(s.lut[7], 0);
	ck_assert_int_eq(s.unit[2], (GLint)tex[1]);
	/* Deleting the bound collection binds the default one. */
	glDeleteTextures(1, &tc[0]);
	take(&s);
	same(&s, &d0);
	ck_err(GL_NO_ERROR);
}
END_TEST

/* Save `n` collections of the kind (vertex: true) into a new buffer. */
static uint32_t *save(bool vertex, GLuint n, GLuint *names, GLuint flags, GLsizei *bytes)
{
	GLsizei need = vertex ? glSaveVertexStateCollectionsDMP(n, names, flags, 0, NULL)
			      : glSaveTextureCollectionsDMP(n, names, flags, 0, NULL);
	uint32_t *buf;

	ck_err(GL_NO_ERROR);
	ck_assert_int_eq(need, (GLsizei)(4 * (H_WORDS + n * (vertex ? 122 : 1 + 2 * UNITS + LUTS))));
	buf = malloc((size_t)need);
	ck_assert_ptr_nonnull(buf);
	memset(buf, 0xEE, (size_t)need);
	ck_assert_int_eq(vertex ? glSaveVertexStateCollectionsDMP(n, names, flags, need, buf)
				: glSaveTextureCollectionsDMP(n, names, flags, need, buf), need);
	ck_err(GL_NO_ERROR);
	*bytes = need;
	return buf;
}

START_TEST(test_vertex_save_restore)
{
	uint8_t px_a[FB * FB * 4], px[FB * FB * 4];
	struct fx_counters m_a, m;
	struct coll_state sa, s;
	GLuint vsc[2], ba, bb, c[2];
	GLsizei bytes;
	uint32_t *buf;

	two_collections(vsc, &ba, &bb);
	glBindBuffer(GL_VERTEX_STATE_COLLECTION_DMP, vsc[0]);
	take(&sa);
	draw(px_a, &m_a);               /* the first draw also sends the program */
	draw(px_a, &m_a);
	glBindBuffer(GL_VERTEX_STATE_COLLECTION_DMP, vsc[1]);
	buf = save(true, 2, vsc, GL_SAVE_VERTEX_STATE_COLLECTIONS_DMP, &bytes);
	ck_assert_uint_eq(buf[H_MAGIC], 0x5356474Eu);
	ck_assert_uint_eq(buf[H_COUNT], 2);
	/* Into a generated name and a name never used; offset 0: A. */
	glGenBuffers(1, &c[0]);
	c[1] = 4242;
	glRestoreVertexStateCollectionsDMP(1, 0, c, GL_RESTORE_VERTEX_STATE_COLLECTIONS_DMP, buf);
	ck_err(GL_NO_ERROR);
	glBindBuffer(GL_VERTEX_STATE_COLLECTION_DMP, c[0]);
	take(&s);
	sa.vs_binding = (GLint)c[0];
	same(&s, &sa);
	draw(px, &m);
	ck_assert(memcmp(px, px_a, sizeof px) == 0);
	ck_assert(memcmp(&m, &m_a, sizeof m) == 0);
	/* Offset 1 (B) into the bound collection: the context takes it now. */
	glRestoreVertexStateCollectionsDMP(1, 1, c, GL_RESTORE_VERTEX_STATE_COLLECTIONS_DMP, buf);
	ck_err(GL_NO_ERROR);
	take(&s);
	ck_assert_int_eq(s.buffer[0], (GLint)bb);
	glRestoreVertexStateCollectionsDMP(1, 0, &c[1], GL_RESTORE_VERTEX_STATE_COLLECTIONS_DMP,
					   buf);
	ck_err(GL_NO_ERROR);
	glBindBuffer(GL_VERTEX_STATE_COLLECTION_DMP, c[1]);
	take(&s);
	ck_assert_int_eq(s.buffer[0], (GLint)ba);
	/* The CTR-format flag writes the same block. */
	{
		GLsizei b2;
		uint32_t *buf2 = save(true, 2, vsc, GL_SAVE_VERTEX_STATE_COLLECTIONS_CTR_FORMAT_DMP,
				      &b2);
		ck_assert(b2 == bytes && memcmp(buf, buf2, (size_t)bytes) == 0);
		free(buf2);
	}
	free(buf);
}
END_TEST

START_TEST(test_texture_save_restore_members)
{
	struct coll_state s;
	GLuint tc[2], tex, lut, other_lut;
	GLsizei bytes;
	uint32_t *buf2d, *buf_all;

	glGenTextures(1, &tex);
	glGenTextures(1, &lut);
	glGenTextures(1, &other_lut);
	glGenTextures(2, tc);
	glBindTexture(GL_TEXTURE_COLLECTION_DMP, tc[0]);
	glBindTexture(GL_TEXTURE_2D, tex);
	glBindTexture(GL_LUT_TEXTURE4_DMP, lut);
	glBindTexture(GL_TEXTURE_COLLECTION_DMP, tc[1]);
	glBindTexture(GL_LUT_TEXTURE4_DMP, other_lut);
	ck_err(GL_NO_ERROR);
	buf2d = save(false, 1, tc, GL_SAVE_TEXTURE_COLLECTION_2D_TEXTURES_DMP, &bytes);
	buf_all = save(false, 1, tc, GL_SAVE_TEXTURE_COLLECTION_1D_TEXTURES_DMP |
		       GL_SAVE_TEXTURE_COLLECTION_2D_TEXTURES_DMP, &bytes);
	ck_assert_uint_eq(buf2d[H_MAGIC], 0x4354474Eu);
	/* Only the 2D member was saved: restoring 1D as well keeps tc[1]'s
	 * table (the bound collection: the context shows it at once). */
	glRestoreTextureCollectionsDMP(1, 0, &tc[1], GL_RESTORE_TEXTURE_COLLECTION_1D_TEXTURES_DMP |
				       GL_RESTORE_TEXTURE_COLLECTION_2D_TEXTURES_DMP, buf2d);
	ck_err(GL_NO_ERROR);
	take(&s);
	ck_assert_int_eq(s.unit[0], (GLint)tex);
	ck_assert_int_eq(s.lut[4], (GLint)other_lut);
	/* All saved, 1D restored: the table comes, the unit stays. */
	glBindTexture(GL_TEXTURE_2D, 0);
	glRestoreTextureCollectionsDMP(1, 0, &tc[1], GL_RESTORE_TEXTURE_COLLECTION_1D_TEXTURES_DMP,
				       buf_all);
	ck_err(GL_NO_ERROR);
	take(&s);
	ck_assert_int_eq(s.unit[0], 0);
	ck_assert_int_eq(s.lut[4], (GLint)lut);
	free(buf2d);
	free(buf_all);
}
END_TEST

/* The _CUBE_ member: the units' cube map bindings, after the 2D units and
 * the tables in a record (word 1 + UNITS + LUTS + unit). tc[0] has cube
 * map `cube` on unit 2, tc[1] (bound) `other` there. A block saved with
 * _2D_ only keeps the cube words 0 and restores no cube map; one saved
 * with _CUBE_ gives tc[1] unit 2's `cube` when the restore asks for
 * _CUBE_, not when it asks for _2D_ alone. A cube word naming a 2D
 * texture (resealed) is refused and changes nothing. */
START_TEST(test_texture_save_restore_cube_maps)
{
	GLuint tc[2], cube, other, tex;
	GLint v;
	GLsizei bytes;
	uint32_t *buf2d, *buf_cube;
	const unsigned word = H_WORDS + 1 + UNITS + LUTS + 2;

	glGenTextures(1, &cube);
	glGenTextures(1, &other);
	glGenTextures(1, &tex);
	glBindTexture(GL_TEXTURE_2D, tex);              /* tex: a 2D texture */
	glGenTextures(2, tc);
	glActiveTexture(GL_TEXTURE2);
	glBindTexture(GL_TEXTURE_COLLECTION_DMP, tc[0]);
	glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
	glBindTexture(GL_TEXTURE_COLLECTION_DMP, tc[1]);
	glBindTexture(GL_TEXTURE_CUBE_MAP, other);
	ck_err(GL_NO_ERROR);
	buf2d = save(false, 1, tc, GL_SAVE_TEXTURE_COLLECTION_2D_TEXTURES_DMP, &bytes);
	buf_cube = save(false, 1, tc, GL_SAVE_TEXTURE_COLLECTION_CUBE_TEXTURES_DMP, &bytes);
	ck_assert_uint_eq(buf2d[H_WORDS], GL_SAVE_TEXTURE_COLLECTION_2D_TEXTURES_DMP);
	ck_assert_uint_eq(buf2d[word], 0);
	ck_assert_uint_eq(buf_cube[H_WORDS], GL_SAVE_TEXTURE_COLLECTION_CUBE_TEXTURES_DMP);
	ck_assert_uint_eq(buf_cube[word], cube);
	ck_assert_uint_eq(buf_cube[word - 2], 0);       /* unit 0: none */

	glRestoreTextureCollectionsDMP(1, 0, &tc[1], GL_RESTORE_TEXTURE_COLLECTION_CUBE_TEXTURES_DMP,
				       buf2d);
	ck_err(GL_NO_ERROR);
	glGetIntegerv(GL_TEXTURE_BINDING_CUBE_MAP, &v);
	ck_assert_int_eq(v, (GLint)other);
	glRestoreTextureCollectionsDMP(1, 0, &tc[1], GL_RESTORE_TEXTURE_COLLECTION_2D_TEXTURES_DMP,
				       buf_cube);
	ck_err(GL_NO_ERROR);
	glGetIntegerv(GL_TEXTURE_BINDING_CUBE_MAP, &v);
	ck_assert_int_eq(v, (GLint)other);
	glRestoreTextureCollectionsDMP(1, 0, &tc[1], GL_RESTORE_TEXTURE_COLLECTION_CUBE_TEXTURES_DMP,
				       buf_cube);
	ck_err(GL_NO_ERROR);
	glGetIntegerv(GL_TEXTURE_BINDING_CUBE_MAP, &v);
	ck_assert_int_eq(v, (GLint)cube);
	/* Switching collections brings each one's cube map back. */
	glBindTexture(GL_TEXTURE_CUBE_MAP, other);
	glBindTexture(GL_TEXTURE_COLLECTION_DMP, tc[0]);
	glGetIntegerv(GL_TEXTURE_BINDING_CUBE_MAP, &v);
	ck_assert_int_eq(v, (GLint)cube);
	glBindTexture(GL_TEXTURE_COLLECTION_DMP, tc[1]);
	glGetIntegerv(GL_TEXTURE_BINDING_CUBE_MAP, &v);
	ck_assert_int_eq(v, (GLint)other);

	buf_cube[word] = tex;
	fx_block_reseal(buf_cube);
	glRestoreTextureCollectionsDMP(1, 0, &tc[1], GL_RESTORE_TEXTURE_COLLECTION_CUBE_TEXTURES_DMP,
				       buf_cube);
	ck_err(GL_INVALID_VALUE);
	glGetIntegerv(GL_TEXTURE_BINDING_CUBE_MAP, &v);
	ck_assert_int_eq(v, (GLint)other);
	free(buf2d);
	free(buf_cube);
}
END_TEST

/* ---- refusals: each records its error and changes nothing ---------------- */

static GLuint e_vsc[2], e_ba, e_bb, e_tc, e_tex;
static uint32_t *e_vblock, *e_tblock;
static GLsizei e_vbytes, e_tbytes;

static void errors_setup(void)
{
	setup();
	two_collections(e_vsc, &e_ba, &e_bb);
	glGenTextures(1, &e_tc);
	glGenTextures(1, &e_tex);
	glBindTexture(GL_TEXTURE_COLLECTION_DMP, e_tc);
	glBindTexture(GL_TEXTURE_2D, e_tex);
	glBindTexture(GL_TEXTURE_COLLECTION_DMP, 0);
	e_vblock = save(true, 2, e_vsc, 0, &e_vbytes);
	e_tblock = save(false, 1, &e_tc, GL_SAVE_TEXTURE_COLLECTION_2D_TEXTURES_DMP, &e_tbytes);
}

static void errors_teardown(void)
{
	free(e_vblock);
	free(e_tblock);
}

enum op { SAVE_VS, SAVE_TC, RESTORE_VS, RESTORE_TC };

struct refusal {
	const char *what;
	enum op op;
	GLenum error;
	bool diag;                 /* COLLECTION_BLOCK_REJECTED */
	int n, offset;
	int name;                  /* 0: the collections; 1: data buffer A; 2: name 0;
				      3: unknown name 999; 4: the 2D texture */
	GLuint flags;
	int bufsize;               /* save: -1 one byte short, -2 negative */
	int word, value;           /* restore: block word to set (-1: none) */
	bool reseal;
	bool null_names, null_data;
};

static const struct refusal refusals[] = {
	{ "save vs: bad flags", SAVE_VS, GL_INVALID_VALUE, false, 1, 0, 0, 2, 0, -1, 0, 0, 0, 0 },
	{ "save vs: NULL names", SAVE_VS, GL_INVALID_VALUE, false, 1, 0, 0, 0, 0, -1, 0, 0, 1, 0 },
	{ "save vs: unknown name", SAVE_VS, GL_INVALID_VALUE, false, 1, 0, 3, 0, 0, -1, 0, 0, 0,
	  0 },
	{ "save vs: name 0", SAVE_VS, GL_INVALID_VALUE, false, 1, 0, 2, 0, 0, -1, 0, 0, 0, 0 },
	{ "save vs: a data buffer", SAVE_VS, GL_INVALID_OPERATION, false, 1, 0, 1, 0, 0, -1, 0,
	  0, 0, 0 },
	{ "save vs: short buffer", SAVE_VS, GL_INVALID_VALUE, false, 2, 0, 0, 0, -1, -1, 0, 0, 0,
	  0 },
	{ "save vs: negative bufsize", SAVE_VS, GL_INVALID_VALUE, false, 2, 0, 0, 0, -2, -1, 0,
	  0, 0, 0 },
	{ "save tc: bad flags", SAVE_TC, GL_INVALID_VALUE, false, 1, 0, 0, 0x10000000u, 0, -1, 0,
	  0, 0, 0 },
	{ "save tc: a 2D texture", SAVE_TC, GL_INVALID_OPERATION, false, 1, 0, 4, 0, 0, -1, 0,
	  0, 0, 0 },
	{ "restore vs: bad flags", RESTORE_VS, GL_INVALID_VALUE, false, 1, 0, 0, 1, 0, -1, 0, 0,
	  0, 0 },
	{ "restore vs: NULL data", RESTORE_VS, GL_INVALID_VALUE, false, 1, 0, 0, 0, 0, -1, 0, 0,
	  0, 1 },
	{ "restore vs: NULL names", RESTORE_VS, GL_INVALID_VALUE, false, 1, 0, 0, 0, 0, -1, 0, 0,
	  1, 0 },
	{ "restore vs: past the block", RESTORE_VS, GL_INVALID_VALUE, false, 2, 1, 0, 0, 0, -1,
	  0, 0, 0, 0 },
	{ "restore vs: offset past", RESTORE_VS, GL_INVALID_VALUE, false, 0, 3, 0, 0, 0, -1, 0,
	  0, 0, 0 },
	{ "restore vs: into name 0", RESTORE_VS, GL_INVALID_VALUE, false, 1, 0, 2, 0, 0, -1, 0,
	  0, 0, 0 },
	{ "restore vs: into a data buffer", RESTORE_VS, GL_INVALID_OPERATION, false, 1, 0, 1, 0,
	  0, -1, 0, 0, 0, 0 },
	{ "restore vs: wrong magic", RESTORE_VS, GL_INVALID_VALUE, true, 1, 0, 0, 0, 0, H_MAGIC,
	  0x1234, 1, 0, 0 },
	{ "restore vs: a texture block", RESTORE_VS, GL_INVALID_VALUE, true, 1, 0, 0, 0, 0, -2,
	  0, 0, 0, 0 },
	{ "restore vs: changed, unsealed", RESTORE_VS, GL_INVALID_VALUE, true, 1, 0, 0, 0, 0,
	  H_WORDS + 5, 3, 0, 0, 0 },
	{ "restore vs: byte count", RESTORE_VS, GL_INVALID_VALUE, true, 1, 0, 0, 0, 0, H_BYTES,
	  8, 0, 0, 0 },
	{ "restore vs: attribute size 5", RESTORE_VS, GL_INVALID_VALUE, true, 1, 0, 0, 0, 0,
	  H_WORDS + 2 + 1, 5, 1, 0, 0 },
	{ "restore vs: attribute type", RESTORE_VS, GL_INVALID_VALUE, true, 1, 0, 0, 0, 0,
	  H_WORDS + 2 + 2, 0x1405, 1, 0, 0 },
	{ "restore vs: enabled 2", RESTORE_VS, GL_INVALID_VALUE, true, 1, 0, 0, 0, 0, H_WORDS + 2,
	  2, 1, 0, 0 },
	{ "restore vs: stride 256", RESTORE_VS, GL_INVALID_VALUE, true, 1, 0, 0, 0, 0,
	  H_WORDS + 2 + 3, 256, 1, 0, 0 },
	{ "restore vs: a collection as data", RESTORE_VS, GL_INVALID_VALUE, true, 1, 0, 0, 0, 0,
	  H_WORDS + 2 + 4, -1, 1, 0, 0 },
	{ "restore vs: an unknown buffer", RESTORE_VS, GL_INVALID_VALUE, true, 1, 0, 0, 0, 0,
	  H_WORDS, 999, 1, 0, 0 },
	{ "restore tc: bad flags", RESTORE_TC, GL_INVALID_VALUE, false, 1, 0, 0, 1, 0, -1, 0, 0,
	  0, 0 },
	{ "restore tc: into a 2D texture", RESTORE_TC, GL_INVALID_OPERATION, false, 1, 0, 4,
	  GL_RESTORE_TEXTURE_COLLECTION_2D_TEXTURES_DMP, 0, -1, 0, 0, 0, 0 },
	{ "restore tc: member bits", RESTORE_TC, GL_INVALID_VALUE, true, 1, 0, 0,
	  GL_RESTORE_TEXTURE_COLLECTION_2D_TEXTURES_DMP, 0, H_WORDS, 1, 1, 0, 0 },
	{ "restore tc: unit holds a table", RESTORE_TC, GL_INVALID_VALUE, true, 1, 0, 0,
	  GL_RESTORE_TEXTURE_COLLECTION_2D_TEXTURES_DMP, 0, H_WORDS + 1, -1, 1, 0, 0 },
	{ "restore tc: unsaved member set", RESTORE_TC, GL_INVALID_VALUE, true, 1, 0, 0,
	  GL_RESTORE_TEXTURE_COLLECTION_2D_TEXTURES_DMP, 0, H_WORDS + 1 + UNITS, -2, 1, 0, 0 },
	{ "restore tc: unsaved cube member set", RESTORE_TC, GL_INVALID_VALUE, true, 1, 0, 0,
	  GL_RESTORE_TEXTURE_COLLECTION_CUBE_TEXTURES_DMP, 0, H_WORDS + 1 + UNITS + LUTS, -2, 1, 0,
	  0 },
};

START_TEST(test_collection_refusals)
{
	const struct refusal *r = &refusals[_i];
	GLint id = NNGX_SHIM_DIAG_COLLECTION_BLOCK_REJECTED;
	GLuint diag0 = nngxShimGetDiagCount(id), names[2], lut;
	struct coll_state before, after;
	bool vs = r->op == SAVE_VS || r->op == RESTORE_VS;
	uint32_t *block, *copy, out[4096];
	GLsizei bytes = vs ? e_vbytes : e_tbytes, got;

	glGenTextures(1, &lut);
	glBindTexture(GL_LUT_TEXTURE9_DMP, lut);
	names[0] = vs ? e_vsc[0] : e_tc;
	names[1] = vs ? e_vsc[1] : e_tc;
	switch (r->name) {
	case 1: names[0] = e_ba; break;
	case 2: names[0] = 0; break;
	case 3: names[0] = 999; break;
	case 4: names[0] = e_tex; break;
	default: break;
	}
	block = r->word == -2 ? e_tblock : vs ? e_vblock : e_tblock;
	copy = malloc((size_t)(r->word == -2 ? e_tbytes : bytes));
	ck_assert_ptr_nonnull(copy);
	memcpy(copy, block, (size_t)(r->word == -2 ? e_tbytes : bytes));
	if (r->word >= 0) {
		uint32_t v = (uint32_t)r->value;
		if (r->value == -1)
			v = e_vsc[1];               /* a collection where data is wanted */
		if (r->value == -2)
			v = lut;                    /* a real table, in a member not saved */
		if (r->value == -1 && !vs)
			v = lut;                    /* a table where a 2D texture is wanted */
		copy[r->word] = v;
		if (r->reseal)
			fx_block_reseal(copy);
	}
	glBindBuffer(GL_VERTEX_STATE_COLLECTION_DMP, e_vsc[1]);
	take(&before);
	memset(out, 0xA5, sizeof out);
	switch (r->op) {
	case SAVE_VS: case SAVE_TC: {
		GLsizei bs = r->bufsize == -1 ? bytes - 1 : r->bufsize == -2 ? -4 : bytes;
		GLuint *nm = r->null_names ? NULL : names;
		got = vs ? glSaveVertexStateCollectionsDMP((GLuint)r->n, nm, r->flags, bs, out)
			 : glSaveTextureCollectionsDMP((GLuint)r->n, nm, r->flags, bs, out);
		ck_assert_int_eq(got, r->bufsize ? bytes : 0);
		ck_assert_uint_eq(out[0], 0xA5A5A5A5u);  /* nothing written */
		break;
	}
	case RESTORE_VS:
		glRestoreVertexStateCollectionsDMP((GLuint)r->n, (GLuint)r->offset,
						   r->null_names ? NULL : names, r->flags,
						   r->null_data ? NULL : copy);
		break;
	case RESTORE_TC:
		glRestoreTextureCollectionsDMP((GLuint)r->n, (GLuint)r->offset,
					       r->null_names ? NULL : names, r->flags,
					       r->null_data ? NULL : copy);
		break;
	}
	ck_assert_msg(glGetError() == r->error, "%s", r->what);
	ck_assert_uint_eq(nngxShimGetDiagCount(id), diag0 + (r->diag ? 1 : 0));
	take(&after);
	same(&before, &after);
	/* The collections that are not bound hold what they held. */
	glBindBuffer(GL_VERTEX_STATE_COLLECTION_DMP, e_vsc[0]);
	take(&after);
	ck_assert_int_eq(after.buffer[0], (GLint)e_ba);
	glBindTexture(GL_TEXTURE_COLLECTION_DMP, e_tc);
	take(&after);
	ck_assert_int_eq(after.unit[0], (GLint)e_tex);
	ck_assert_int_eq(after.lut[9], 0);
	free(copy);
}
END_TEST

/* A power-on (nngxShimReset) resets the GPU, not the GL objects: the
 * collections and their bindings stay. */
START_TEST(test_collections_survive_reset)
{
	struct coll_state before, after;
	GLuint vsc[2], ba, bb;

	two_collections(vsc, &ba, &bb);
	take(&before);
	nngxShimReset();
	take(&after);
	same(&before, &after);
	glBindBuffer(GL_VERTEX_STATE_COLLECTION_DMP, vsc[0]);
	take(&after);
	ck_assert_int_eq(after.buffer[0], (GLint)ba);
}
END_TEST

static Suite *collection_suite(void)
{
	Suite *s = suite_create("gl_collection");
	TCase *tc = tcase_create("core");
	TCase *te = tcase_create("refusals");

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, test_vertex_collection_switches_draws);
	tcase_add_test(tc, test_vertex_collection_default_and_fresh);
	tcase_add_test(tc, test_collection_kinds);
	tcase_add_test(tc, test_vertex_collection_delete);
	tcase_add_test(tc, test_texture_collection);
	tcase_add_test(tc, test_vertex_save_restore);
	tcase_add_test(tc, test_texture_save_restore_members);
	tcase_add_test(tc, test_texture_save_restore_cube_maps);
	tcase_add_test(tc, test_collections_survive_reset);
	suite_add_tcase(s, tc);
	tcase_add_checked_fixture(te, errors_setup, errors_teardown);
	tcase_add_loop_test(te, test_collection_refusals, 0,
			    (int)(sizeof refusals / sizeof refusals[0]));
	suite_add_tcase(s, te);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(collection_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
