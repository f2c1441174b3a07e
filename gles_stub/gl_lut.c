/* gl_lut.c: lookup-table textures (GL_DMP_lut_texture): texture objects
 * bound to GL_LUT_TEXTURE0_DMP + i (i < 32) hold a table of floats, which
 * glTexImage1D defines and glTexSubImage1D updates. The SDK's engines load
 * fragment-lighting, fog and procedural-texture tables this way, and
 * select them with reserved uniforms (dmp_FragmentMaterial.samplerD0 =
 * i, ...).
 *
 * Rules (model choices where the SDK documentation is not public; doc/model.md,
 * "lookup tables", and nngx_gl_dmp(3)):
 *   - a texture object is a lookup table or a 2D texture by the first
 *     target it is bound to; binding it to the other kind is
 *     GL_INVALID_OPERATION (ES 2.0, 3.7.13). Name 0 on a lookup-table
 *     target means no table: there is no default table. The 32 binding
 *     points are global, not per texture unit;
 *   - the one format: internalformat and format GL_LUMINANCEF_DMP, type
 *     GL_FLOAT, one float an entry. Another format or type is
 *     GL_INVALID_ENUM, an internalformat other than format
 *     GL_INVALID_OPERATION (as glTexImage2D here);
 *   - level 0 only and border 0 (GL_INVALID_VALUE otherwise); width 0 to
 *     GL_MAX_LUT_ENTRIES_DMP (512: the lighting tables' 256 values and 256
 *     differences), else GL_INVALID_VALUE; width 0 defines an empty table;
 *   - glTexImage1D with NULL pixels defines `width` entries of 0.0;
 *     glTexSubImage1D needs a defined table (GL_INVALID_OPERATION) and a
 *     range inside it (xoffset >= 0, xoffset + width <= its width,
 *     GL_INVALID_VALUE), and NULL pixels with width > 0 is
 *     INVALID_ARGUMENT, no GL error, nothing changes;
 *   - no table bound to the target: GL_INVALID_OPERATION;
 *   - the tables feed no shading: the model computes no fragment lighting,
 *     fog or procedural texture (they are costed, not computed), and the
 *     reserved uniforms that select tables are not modelled, so a draw
 *     sends no table. The first table loaded after each power-on raises
 *     LUT_NOT_MODELLED. The entries are kept as given, for the queries and
 *     the tests. */
#include <string.h>

#include "gl_entry.h"
#include "hw/hw_alloc.h"

bool gl_lut_target(GLenum target)
{
	return target >= GL_LUT_TEXTURE0_DMP
	       && target - GL_LUT_TEXTURE0_DMP < GL_CONTEXT_LUT_TEXTURES;
}

void gl_lut_bind(struct nngx_state *st, GLenum target, GLuint texture, const char *fn)
{
	struct gl_context *gl = &st->gl;
	unsigned point = target - GL_LUT_TEXTURE0_DMP;
	struct gl_texture *t;

	if (texture == 0) {
		gl->lut_binding[point] = 0;
		return;
	}
	t = gl_texture_find(gl, texture);
	if (t && t->target && t->target != GL_LUT_TEXTURE0_DMP) {
		gl_operation_error(st, fn, "texture %u is a %s; it cannot be bound to "
				   "GL_LUT_TEXTURE%u_DMP", texture,
				   t->collection ? "texture collection" : "2D texture", point);
		return;
	}
	/* Binding a name that is not yet an object creates it (ES 2.0, 3.7.13). */
	if (!t && !(t = gl_texture_add(gl, texture))) {
		gl_memory_error(st, fn, "texture object %u", texture);
		return;
	}
	t->created = true;
	t->target = GL_LUT_TEXTURE0_DMP;
	gl->lut_binding[point] = texture;
}

void gl_lut_unbind(struct gl_context *gl, GLuint texture)
{
	unsigned point;

	for (point = 0; point < GL_CONTEXT_LUT_TEXTURES; point++)
		if (gl->lut_binding[point] == texture)
			gl->lut_binding[point] = 0;
}

/* The table bound to lookup-table target `target`, or NULL after
 * GL_INVALID_OPERATION (none bound). */
static struct gl_texture *lut_bound(struct nngx_state *st, GLenum target, const char *fn)
{
	unsigned point = target - GL_LUT_TEXTURE0_DMP;
	GLuint name = st->gl.lut_binding[point];

	if (name == 0) {
		gl_operation_error(st, fn, "no texture is bound to GL_LUT_TEXTURE%u_DMP", point);
		return NULL;
	}
	return gl_texture_find(&st->gl, name);
}

/* The checks the two calls share, in the order glTexImage2D makes them:
 * the target, then format and type (GL_INVALID_ENUM), then the level
 * (GL_INVALID_VALUE). */
static bool lut_args_ok(struct nngx_state *st, GLenum target, GLint level, GLenum format,
			GLenum type, const char *fn)
{
	if (!gl_lut_target(target)) {
		gl_enum_error(st, fn, "target 0x%04X is not GL_LUT_TEXTURE0_DMP..GL_LUT_"
			      "TEXTURE%u_DMP (lookup tables are the only 1D textures)", target,
			      GL_CONTEXT_LUT_TEXTURES - 1);
		return false;
	}
	if (format != GL_LUMINANCEF_DMP || type != GL_FLOAT) {
		gl_enum_error(st, fn, "format 0x%04X, type 0x%04X: a lookup table takes "
			      "GL_LUMINANCEF_DMP and GL_FLOAT", format, type);
		return false;
	}
	if (level != 0) {
		gl_value_error(st, fn, "level %d: a lookup table has level 0 only", level);
		return false;
	}
	return true;
}

/* Say once after each power-on that the tables are kept but not used. */
static void lut_not_modelled(struct nngx_state *st, const char *fn)
{
	if (st->gl.lut_not_modelled_said)
		return;
	st->gl.lut_not_modelled_said = true;
	nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_LUT_NOT_MODELLED, fn,
			 "the table is kept, but draws do not read it: the model computes no "
			 "fragment lighting, fog or procedural texture");
}

void glTexImage1D(GLenum target, GLint level, GLint internalformat, GLsizei width, GLint border,
		  GLenum format, GLenum type, const GLvoid *pixels)
{
	static const char fn[] = "glTexImage1D";
	NNGX_API(st);
	struct gl_texture *t;
	GLfloat *table;

	if (!lut_args_ok(st, target, level, format, type, fn))
		return;
	if ((GLenum)internalformat != format) {
		gl_operation_error(st, fn, "internalformat 0x%04X is not format 0x%04X",
				   (GLenum)internalformat, format);
		return;
	}
	if (width < 0 || width > GL_CONTEXT_LUT_ENTRIES || border != 0) {
		gl_value_error(st, fn, "width %d, border %d: a lookup table has 0 to %d entries "
			       "and border 0", width, border, GL_CONTEXT_LUT_ENTRIES);
		return;
	}
	t = lut_bound(st, target, fn);
	if (!t)
		return;
	table = t->lut;
	if (!table && !(table = hw_malloc(GL_CONTEXT_LUT_ENTRIES * sizeof *table))) {
		gl_memory_error(st, fn, "a lookup table of %d entries", GL_CONTEXT_LUT_ENTRIES);
		return;
	}
	memset(table, 0, GL_CONTEXT_LUT_ENTRIES * sizeof *table);
	if (pixels && width > 0)
		memcpy(table, pixels, (size_t)width * sizeof *table);
	t->lut = table;
	t->lut_width = (unsigned)width;
	lut_not_modelled(st, fn);
}

void glTexSubImage1D(GLenum target, GLint level, GLint xoffset, GLsizei width, GLenum format,
		     GLenum type, const GLvoid *pixels)
{
	static const char fn[] = "glTexSubImage1D";
	NNGX_API(st);
	struct gl_texture *t;

	if (!lut_args_ok(st, target, level, format, type, fn))
		return;
	if (xoffset < 0 || width < 0) {
		gl_value_error(st, fn, "xoffset %d, width %d: neither may be negative", xoffset,
			       width);
		return;
	}
	t = lut_bound(st, target, fn);
	if (!t)
		return;
	if (!t->lut) {
		gl_operation_error(st, fn, "texture %u has no table yet (glTexImage1D defines it)",
				   t->name);
		return;
	}
	if ((long long)xoffset + width > (long long)t->lut_width) {
		gl_value_error(st, fn, "entries %d..%lld are past the end of texture %u's %u "
			       "entries", xoffset, (long long)xoffset + width - 1, t->name,
			       t->lut_width);
		return;
	}
	if (width == 0)
		return;
	if (!pixels) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "pixels is NULL with %d entries to load", width);
		return;
	}
	memcpy(t->lut + xoffset, pixels, (size_t)width * sizeof *t->lut);
	lut_not_modelled(st, fn);
}
