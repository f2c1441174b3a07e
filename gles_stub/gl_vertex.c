/* gl_vertex.c: generic vertex attributes (OpenGL ES 2.0, 2.7 and 2.8):
 * arrays in buffer objects, or a constant value while an array is
 * disabled (sent to the GPU as a fixed attribute).
 *
 * Model choices (doc/model.md): 12 attributes, the loader's count; the types the
 * PICA200 loader reads (byte, unsigned byte, short, float) and no others;
 * strides above 255 bytes (the loader's 8-bit field) are GL_INVALID_VALUE;
 * normalized = GL_TRUE is ignored with a warning (the loader does not
 * normalise); client-side arrays (no GL_ARRAY_BUFFER bound) keep the
 * pointer, and each draw copies what it reads (gl_draw.c). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "gl_entry.h"

unsigned gl_attrib_type_bytes(GLenum type)
{
	switch (type) {
	case GL_BYTE: case GL_UNSIGNED_BYTE: return 1;
	case GL_SHORT: return 2;
	case GL_FLOAT: return 4;
	default: return 0;
	}
}

/* Whether index names a vertex attribute; otherwise INVALID_VALUE is recorded
 * and false returned. */
static bool attrib_index_ok(struct nngx_state *st, GLuint index, const char *fn)
{
	if (index < GL_CONTEXT_MAX_ATTRIBS)
		return true;
	gl_value_error(st, fn, "index %u is not below GL_MAX_VERTEX_ATTRIBS (%d)", index,
		       GL_CONTEXT_MAX_ATTRIBS);
	return false;
}

void glVertexAttribPointer(GLuint indx, GLint size, GLenum type, GLboolean normalized,
			   GLsizei stride, const GLvoid *ptr)
{
	static const char fn[] = "glVertexAttribPointer";
	NNGX_API(st);
	struct gl_context *gl = &st->gl;
	struct gl_attrib *a;
	uintptr_t offset = (uintptr_t)ptr;

	if (!attrib_index_ok(st, indx, fn))
		return;
	if (size < 1 || size > 4) {
		gl_value_error(st, fn, "size %d is not 1 to 4", size);
		return;
	}
	if (!gl_attrib_type_bytes(type)) {
		gl_enum_error(st, fn, "type 0x%04X: the PICA200 vertex loader reads GL_BYTE, "
			      "GL_UNSIGNED_BYTE, GL_SHORT and GL_FLOAT only", type);
		return;
	}
	if (stride < 0 || stride > GL_ATTRIB_MAX_STRIDE) {
		gl_value_error(st, fn, "stride %d is not 0 to %d (the loader's stride field)",
			       stride, GL_ATTRIB_MAX_STRIDE);
		return;
	}
	/* A client-side array (no buffer bound): the SDK's driver wants
	 * GL_FLOAT data 4-byte and GL_SHORT data 2-byte aligned. The data
	 * is read at each draw (gl_draw.c), not here. */
	if (!gl->array_buffer && offset % gl_attrib_type_bytes(type)) {
		gl_value_error(st, fn, "attribute %u: client-side %s data at %p is not %u-byte "
			       "aligned", indx, type == GL_FLOAT ? "GL_FLOAT" : "GL_SHORT", ptr,
			       gl_attrib_type_bytes(type));
		return;
	}
	if (gl->array_buffer && offset > UINT32_MAX) {
		gl_value_error(st, fn, "offset %lu is beyond any buffer", (unsigned long)offset);
		return;
	}
	if (normalized)
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_NORMALIZED_IGNORED, fn,
				 "attribute %u: normalized = GL_TRUE", indx);
	a = &gl->attrib[indx];
	a->size = size;
	a->type = type;
	a->stride = stride;
	a->buffer = gl->array_buffer;
	a->offset = gl->array_buffer ? (uint32_t)offset : 0;
	a->client = gl->array_buffer ? NULL : ptr;
}

void glEnableVertexAttribArray(GLuint index)
{
	NNGX_API(st);

	if (attrib_index_ok(st, index, "glEnableVertexAttribArray"))
		st->gl.attrib[index].enabled = true;
}

void glDisableVertexAttribArray(GLuint index)
{
	NNGX_API(st);

	if (attrib_index_ok(st, index, "glDisableVertexAttribArray"))
		st->gl.attrib[index].enabled = false;
}

/* The constant value of attribute `indx`: n components, the rest from
 * (0, 0, 0, 1). */
static void attrib_set(GLuint indx, unsigned n, const GLfloat *v, const char *fn)
{
	NNGX_API(st);
	GLfloat *cur;
	unsigned k;

	if (!attrib_index_ok(st, indx, fn))
		return;
	if (!v) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "values is NULL for attribute %u", indx);
		return;
	}
	cur = st->gl.attrib[indx].current;
	for (k = 0; k < 4; k++)
		cur[k] = k < n ? v[k] : (k == 3 ? 1.0f : 0.0f);
}

void glVertexAttrib1f(GLuint indx, GLfloat x)
{
	GLfloat v[1] = { x };

	attrib_set(indx, 1, v, "glVertexAttrib1f");
}

void glVertexAttrib2f(GLuint indx, GLfloat x, GLfloat y)
{
	GLfloat v[2] = { x, y };

	attrib_set(indx, 2, v, "glVertexAttrib2f");
}

void glVertexAttrib3f(GLuint indx, GLfloat x, GLfloat y, GLfloat z)
{
	GLfloat v[3] = { x, y, z };

	attrib_set(indx, 3, v, "glVertexAttrib3f");
}

void glVertexAttrib4f(GLuint indx, GLfloat x, GLfloat y, GLfloat z, GLfloat w)
{
	GLfloat v[4] = { x, y, z, w };

	attrib_set(indx, 4, v, "glVertexAttrib4f");
}

void glVertexAttrib1fv(GLuint indx, const GLfloat *values)
{
	attrib_set(indx, 1, values, "glVertexAttrib1fv");
}

void glVertexAttrib2fv(GLuint indx, const GLfloat *values)
{
	attrib_set(indx, 2, values, "glVertexAttrib2fv");
}

void glVertexAttrib3fv(GLuint indx, const GLfloat *values)
{
	attrib_set(indx, 3, values, "glVertexAttrib3fv");
}

void glVertexAttrib4fv(GLuint indx, const GLfloat *values)
{
	attrib_set(indx, 4, values, "glVertexAttrib4fv");
}

/* ---- queries (ES 2.0, 6.1.8) ------------------------------------------------- */

/* The value(s) of `pname` for attribute `index` as floats (4 for
 * GL_CURRENT_VERTEX_ATTRIB, else 1); 0 after the GL error. The
 * normalized flag reads GL_FALSE: the loader ignores it
 * (NORMALIZED_IGNORED). */
static unsigned attrib_query(struct nngx_state *st, GLuint index, GLenum pname, GLfloat out[4],
			     const void *params, const char *fn)
{
	const struct gl_attrib *a;

	if (!attrib_index_ok(st, index, fn))
		return 0;
	a = &st->gl.attrib[index];
	switch (pname) {
	case GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING: out[0] = (GLfloat)a->buffer; break;
	case GL_VERTEX_ATTRIB_ARRAY_ENABLED: out[0] = a->enabled ? 1.0f : 0.0f; break;
	case GL_VERTEX_ATTRIB_ARRAY_SIZE: out[0] = (GLfloat)a->size; break;
	case GL_VERTEX_ATTRIB_ARRAY_STRIDE: out[0] = (GLfloat)a->stride; break;
	case GL_VERTEX_ATTRIB_ARRAY_TYPE: out[0] = (GLfloat)a->type; break;
	case GL_VERTEX_ATTRIB_ARRAY_NORMALIZED: out[0] = 0.0f; break;
	case GL_CURRENT_VERTEX_ATTRIB:
		memcpy(out, a->current, sizeof a->current);
		break;
	default:
		gl_enum_error(st, fn, "pname 0x%04X is not a vertex attribute parameter", pname);
		return 0;
	}
	if (!params) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn, "params is NULL");
		return 0;
	}
	return pname == GL_CURRENT_VERTEX_ATTRIB ? 4 : 1;
}

void glGetVertexAttribfv(GLuint index, GLenum pname, GLfloat *params)
{
	NNGX_API(st);
	GLfloat v[4];
	unsigned k, n = attrib_query(st, index, pname, v, params, "glGetVertexAttribfv");

	for (k = 0; k < n; k++)
		params[k] = v[k];
}

/* Integers: the current value's components are rounded to the nearest
 * (ES 2.0, 6.1.2), saturated; the other values are integers already. */
void glGetVertexAttribiv(GLuint index, GLenum pname, GLint *params)
{
	NNGX_API(st);
	GLfloat v[4];
	unsigned k, n = attrib_query(st, index, pname, v, params, "glGetVertexAttribiv");

	for (k = 0; k < n; k++) {
		if (!(v[k] == v[k]))
			params[k] = 0;
		else if (v[k] >= 2147483647.0f)
			params[k] = 2147483647;
		else if (v[k] <= -2147483648.0f)
			params[k] = (GLint)-2147483647 - 1;
		else
			params[k] = (GLint)lround((double)v[k]);
	}
}

/* The pointer glVertexAttribPointer was given: an offset into its
 * buffer, as a pointer. */
void glGetVertexAttribPointerv(GLuint index, GLenum pname, GLvoid **pointer)
{
	static const char fn[] = "glGetVertexAttribPointerv";
	NNGX_API(st);

	if (!attrib_index_ok(st, index, fn))
		return;
	if (pname != GL_VERTEX_ATTRIB_ARRAY_POINTER) {
		gl_enum_error(st, fn, "pname 0x%04X is not GL_VERTEX_ATTRIB_ARRAY_POINTER", pname);
		return;
	}
	if (!pointer) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn, "pointer is NULL");
		return;
	}
	/* the offset into the buffer, or a client-side array's pointer */
	*pointer = st->gl.attrib[index].buffer ? (GLvoid *)(uintptr_t)st->gl.attrib[index].offset
					       : (GLvoid *)(uintptr_t)st->gl.attrib[index].client;
}
