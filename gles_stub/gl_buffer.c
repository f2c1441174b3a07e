/* gl_buffer.c: buffer objects (OpenGL ES 2.0, section 2.9) and where their
 * storage lives in the simulated memory.
 *
 * DMP: glBufferData's target may carry a memory area, NN_GX_MEM_FCRAM,
 * _VRAMA or _VRAMB, and GL_COPY_FCRAM_DMP / GL_NO_COPY_FCRAM_DMP, OR-ed
 * in. The storage is placed in that area, so the GPU's reads of it count
 * on the right memory channel. Model choices: no area means FCRAM; the
 * model keeps one copy, the GPU's, so GL_COPY_FCRAM_DMP changes nothing;
 * GL_NO_COPY_FCRAM_DMP with FCRAM makes the program's own data the
 * storage, as the SDK's driver does, when it is device memory of the
 * console address space (8-byte aligned; the allocator is not asked),
 * and otherwise copies as without the flag (OBJECT_PLACED_BY_LIBRARY
 * says so once per power-on); both copy flags at once are
 * GL_INVALID_ENUM. OES_mapbuffer maps the storage itself (see below). */
#define GL_GLEXT_PROTOTYPES     /* OES_mapbuffer's declarations */
#include <string.h>

#include <nn/gx/CTR/gx_CTR.h>

#include "driver/nngx_addrspace.h"
#include "gl_entry.h"

#define BUFFER_AREA_MASK  0x00030000u         /* NN_GX_MEM_FCRAM .. _VRAMB */
#define BUFFER_COPY_MASK  (GL_COPY_FCRAM_DMP | GL_NO_COPY_FCRAM_DMP)
#define BUFFER_TARGET_MASK 0x0000FFFFu

static bool buffer_target_ok(GLenum target)
{
	return target == GL_ARRAY_BUFFER || target == GL_ELEMENT_ARRAY_BUFFER;
}

/* The binding point of a buffer target; needs buffer_target_ok(target). */
static GLuint *buffer_binding(struct gl_context *gl, GLenum target)
{
	return target == GL_ARRAY_BUFFER ? &gl->array_buffer : &gl->element_buffer;
}

/* The name of a buffer target for diagnostics; needs buffer_target_ok. */
static const char *target_name(GLenum target)
{
	return target == GL_ARRAY_BUFFER ? "GL_ARRAY_BUFFER" : "GL_ELEMENT_ARRAY_BUFFER";
}

void glGenBuffers(GLsizei n, GLuint *buffers)
{
	static const char fn[] = "glGenBuffers";
	NNGX_API(st);
	struct gl_context *gl = &st->gl;
	GLsizei i;

	if (!gl_names_ok(st, n, buffers, fn))
		return;
	/* From a deallocator during nngxFinalize, a new buffer would outlive
	 * the context (the callback rule, nngx_callback_refuses). */
	if (n > 0 && nngx_callback_refuses(st, 0, fn))
		return;
	for (i = 0; i < n; i++) {
		struct gl_buffer *b;
		while (gl->next_buffer_name == 0 || gl_buffer_find(gl, gl->next_buffer_name))
			gl->next_buffer_name++;
		b = gl_buffer_add(gl, gl->next_buffer_name);
		if (!b) {
			/* Take back the names given so far: an error changes nothing. */
			while (i-- > 0)
				gl_buffer_destroy(gl, gl_buffer_find(gl, buffers[i]),
						  &st->gpu.memory, st->deallocator);
			gl_memory_error(st, fn, "%d buffer names", n);
			return;
		}
		buffers[i] = gl->next_buffer_name++;
	}
}

void glDeleteBuffers(GLsizei n, const GLuint *buffers)
{
	static const char fn[] = "glDeleteBuffers";
	NNGX_API(st);
	struct gl_context *gl = &st->gl;
	GLsizei i;
	unsigned a;

	if (!gl_names_ok(st, n, buffers, fn))
		return;
	/* The buffer may be the one whose storage the allocator callback is
	 * being asked for, or the one being destroyed. */
	if (n > 0 && nngx_callback_refuses(st, 0, fn))
		return;
	for (i = 0; i < n; i++) {
		struct gl_buffer *b = gl_buffer_find(gl, buffers[i]);
		if (!b)
			continue;              /* 0 and unknown names are ignored */
		gl_collection_buffer_gone(gl, b);
		if (b->collection) {
			gl_buffer_destroy(gl, b, &st->gpu.memory, st->deallocator);
			continue;
		}
		/* Bindings to a deleted buffer revert to 0 (ES 2.0, 2.9). */
		if (gl->array_buffer == b->name)
			gl->array_buffer = 0;
		if (gl->element_buffer == b->name)
			gl->element_buffer = 0;
		for (a = 0; a < GL_CONTEXT_MAX_ATTRIBS; a++)
			if (gl->attrib[a].buffer == b->name)
				gl->attrib[a].buffer = 0;
		gl_buffer_destroy(gl, b, &st->gpu.memory, st->deallocator);
	}
}

void glBindBuffer(GLenum target, GLuint buffer)
{
	static const char fn[] = "glBindBuffer";
	NNGX_API(st);
	struct gl_context *gl = &st->gl;
	struct gl_buffer *b = gl_buffer_find(gl, buffer);

	if (target == GL_VERTEX_STATE_COLLECTION_DMP) {
		gl_collection_bind_vertex(st, buffer, fn);
		return;
	}
	if (!buffer_target_ok(target)) {
		gl_enum_error(st, fn, "target 0x%04X is not GL_ARRAY_BUFFER or "
			      "GL_ELEMENT_ARRAY_BUFFER", target);
		return;
	}
	if (b && b->collection) {
		gl_operation_error(st, fn, "buffer %u is a vertex state collection; it cannot be "
				   "bound to %s", buffer, target_name(target));
		return;
	}
	/* Binding a name that is not yet an object creates it (ES 2.0, 2.9):
	 * not from a callback inside a library call (glGenBuffers). */
	if (buffer && !b && nngx_callback_refuses(st, 0, fn))
		return;
	if (buffer && !b && !(b = gl_buffer_add(gl, buffer))) {
		gl_memory_error(st, fn, "buffer object %u", buffer);
		return;
	}
	if (b)
		b->created = true;
	*buffer_binding(gl, target) = buffer;
}

enum hw_area gl_memory_hw_area(GLenum area)
{
	switch (area) {
	case NN_GX_MEM_VRAMA: return HW_AREA_VRAM_A;
	case NN_GX_MEM_VRAMB: return HW_AREA_VRAM_B;
	default: return HW_AREA_FCRAM;
	}
}

bool gl_storage_alloc(struct nngx_state *st, GLenum area, GLenum usage, GLuint name,
		      uint32_t size, uint32_t *phys, void **user_block, const char *fn)
{
	void *user = NULL;
	uint32_t at;

	/* New storage replaces old, which the call that called the callback
	 * may be using (the callback rule, nngx_state.h). */
	if (nngx_callback_refuses(st, 0, fn))
		return false;
	/* No area holds more; checked before the program's allocator hears
	 * of a size it cannot even take as a GLsizei. */
	if (size > hw_memory_area_bytes(gl_memory_hw_area(area))) {
		gl_memory_error(st, fn, "%u bytes for object %u: more than area 0x%05X holds",
				size, name, area);
		return false;
	}
	/* The program's allocator places the storage when its block is
	 * GPU-visible memory; else the library does (nngx_storage_place). */
	switch (nngx_storage_place(st, area, usage, name, size, &at, &user, fn)) {
	case NNGX_PLACED:
		break;
	case NNGX_PLACE_ALLOCATOR_NULL:
		gl_memory_error(st, fn, "the program's allocator returned NULL for object %u, "
				"%u bytes", name, size);
		return false;
	default:
		gl_memory_error(st, fn, "%u bytes in area 0x%05X for object %u", size, area, name);
		return false;
	}
	*phys = at;
	*user_block = user;
	return true;
}

/* GL_NO_COPY_FCRAM_DMP: `data` becomes the storage when it is device
 * memory (console address space), 8-byte aligned, `size` bytes inside
 * FCRAM: a region placed there, *phys its address. False (said once per
 * power-on) when it is not: the caller copies. */
static bool buffer_no_copy(struct nngx_state *st, struct gl_buffer *b, const GLvoid *data,
			   uint32_t size, uint32_t *phys, const char *fn)
{
	struct hw_memory *mem = &st->gpu.memory;
	uint32_t at = data && hw_memory_is_flat(mem) ? hw_memory_phys(mem, data) : 0;
	GLuint name = b->name;

	if (at && hw_memory_area_of(at) == HW_AREA_FCRAM && (uintptr_t)data % 8 == 0
	    && hw_memory_flat_host(mem, at, size)) {
		/* The same data again: the old region goes first, so that
		 * freeing it later cannot take the new one (same base). */
		if (b->phys == at)
			gl_buffer_free_storage(b, mem, st->deallocator);
		if (hw_memory_place(mem, at, size)) {
			*phys = at;
			return true;
		}
	}
	if (!st->diag.count[NNGX_SHIM_DIAG_OBJECT_PLACED_BY_LIBRARY])
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_OBJECT_PLACED_BY_LIBRARY, fn,
				 "buffer %u: GL_NO_COPY_FCRAM_DMP data %p is not 8-byte aligned "
				 "device memory; the library copies it into storage of its own "
				 "(said once per power-on)", name, data);
	return false;
}

void glBufferData(GLenum target, GLsizeiptr size, const GLvoid *data, GLenum usage)
{
	static const char fn[] = "glBufferData";
	NNGX_API(st);
	struct gl_context *gl = &st->gl;
	GLenum base = target & BUFFER_TARGET_MASK, area = target & BUFFER_AREA_MASK;
	GLenum copy = target & BUFFER_COPY_MASK;
	struct gl_buffer *b;
	void *user = NULL;
	uint32_t phys = 0;

	if (!buffer_target_ok(base) || (target & ~(BUFFER_TARGET_MASK | BUFFER_AREA_MASK
						   | BUFFER_COPY_MASK))) {
		gl_enum_error(st, fn, "target 0x%08X is not GL_ARRAY_BUFFER or "
			      "GL_ELEMENT_ARRAY_BUFFER with NN_GX_MEM_* and GL_*COPY_FCRAM_DMP "
			      "bits", target);
		return;
	}
	if (copy == BUFFER_COPY_MASK) {
		gl_enum_error(st, fn, "target 0x%08X asks for GL_COPY_FCRAM_DMP and "
			      "GL_NO_COPY_FCRAM_DMP at once", target);
		return;
	}
	if (usage != GL_STREAM_DRAW && usage != GL_STATIC_DRAW && usage != GL_DYNAMIC_DRAW) {
		gl_enum_error(st, fn, "usage 0x%04X is not GL_STREAM_DRAW, GL_STATIC_DRAW "
			      "or GL_DYNAMIC_DRAW", usage);
		return;
	}
	if (size < 0) {
		gl_value_error(st, fn, "size %ld is negative", (long)size);
		return;
	}
	b = gl_buffer_find(gl, *buffer_binding(gl, base));
	if (!b) {
		gl_operation_error(st, fn, "no buffer is bound to %s", target_name(base));
		return;
	}
	/* Replacing storage frees the old one, which the call that called
	 * the callback may be using. */
	if (nngx_callback_refuses(st, 0, fn))
		return;
	if (!area)
		area = NN_GX_MEM_FCRAM;
	/* Before the program's allocator is called: a size of 2^31 or more
	 * would reach it as a negative GLsizei. */
	if ((unsigned long)size > hw_memory_area_bytes(gl_memory_hw_area(area))) {
		gl_memory_error(st, fn, "%ld bytes: more than area 0x%05X holds", (long)size,
				area);
		return;
	}
	if (size > 0 && copy == GL_NO_COPY_FCRAM_DMP && area == NN_GX_MEM_FCRAM
	    && buffer_no_copy(st, b, data, (uint32_t)size, &phys, fn)) {
		/* the program's data is the storage: nothing to copy */
	} else if (size > 0) {
		if (!gl_storage_alloc(st, area, NN_GX_MEM_VERTEXBUFFER, b->name, (uint32_t)size,
				      &phys, &user, fn))
			return;
		if (data)
			memcpy(hw_memory_host(&st->gpu.memory, phys, (uint32_t)size), data,
			       (size_t)size);
	}
	gl_buffer_free_storage(b, &st->gpu.memory, st->deallocator);
	b->phys = phys;
	b->size = (uint32_t)size;
	b->usage = usage;
	b->area = area;
	b->user_block = user;
}

void glBufferSubData(GLenum target, GLintptr offset, GLsizeiptr size, const GLvoid *data)
{
	static const char fn[] = "glBufferSubData";
	NNGX_API(st);
	struct gl_context *gl = &st->gl;
	struct gl_buffer *b;

	if (!buffer_target_ok(target)) {
		gl_enum_error(st, fn, "target 0x%04X is not GL_ARRAY_BUFFER or "
			      "GL_ELEMENT_ARRAY_BUFFER", target);
		return;
	}
	if (offset < 0 || size < 0) {
		gl_value_error(st, fn, "offset %ld and size %ld must not be negative",
			       (long)offset, (long)size);
		return;
	}
	b = gl_buffer_find(gl, *buffer_binding(gl, target));
	if (!b) {
		gl_operation_error(st, fn, "no buffer is bound to %s", target_name(target));
		return;
	}
	if ((unsigned long)offset > b->size || (unsigned long)size > b->size - (unsigned long)offset) {
		/* Unsigned: offset and size are each below 2^63, so their sum
		 * fits, where a signed sum could overflow. */
		gl_value_error(st, fn, "bytes %lu..%lu are outside buffer %u (%u bytes)",
			       (unsigned long)offset,
			       (unsigned long)offset + (unsigned long)size, b->name, b->size);
		return;
	}
	if (size == 0)
		return;
	if (!data) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "data is NULL for %ld bytes", (long)size);
		return;
	}
	memcpy((unsigned char *)hw_memory_host(&st->gpu.memory, b->phys, b->size) + offset,
	       data, (size_t)size);
}

GLboolean glIsBuffer(GLuint buffer)
{
	NNGX_API(st);
	const struct gl_buffer *b = gl_buffer_find(&st->gl, buffer);

	return b && b->created ? GL_TRUE : GL_FALSE;
}

bool gl_names_ok(struct nngx_state *st, GLsizei n, const GLuint *names, const char *fn)
{
	if (n < 0) {
		gl_value_error(st, fn, "n = %d is negative", n);
		return false;
	}
	if (n > 0 && !names) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "the name array is NULL for n = %d", n);
		return false;
	}
	return true;
}

/* glGetBufferParameteriv (ES 2.0, 6.1.7): the buffer bound to `target`;
 * none bound is GL_INVALID_OPERATION. GL_BUFFER_USAGE of a buffer never
 * given storage is the initial GL_STATIC_DRAW. */
void glGetBufferParameteriv(GLenum target, GLenum pname, GLint *params)
{
	static const char fn[] = "glGetBufferParameteriv";
	NNGX_API(st);
	const struct gl_buffer *b;
	GLuint name;

	if (!buffer_target_ok(target)) {
		gl_enum_error(st, fn, "target 0x%04X is not GL_ARRAY_BUFFER or "
			      "GL_ELEMENT_ARRAY_BUFFER", target);
		return;
	}
	if (pname != GL_BUFFER_SIZE && pname != GL_BUFFER_USAGE && pname != GL_BUFFER_ACCESS_OES
	    && pname != GL_BUFFER_MAPPED_OES && pname != GL_BUFFER_DATA_ADDR_DMP) {
		gl_enum_error(st, fn, "pname 0x%04X is not GL_BUFFER_SIZE, GL_BUFFER_USAGE, "
			      "GL_BUFFER_ACCESS_OES, GL_BUFFER_MAPPED_OES or "
			      "GL_BUFFER_DATA_ADDR_DMP", pname);
		return;
	}
	name = *buffer_binding(&st->gl, target);
	b = name ? gl_buffer_find(&st->gl, name) : NULL;
	if (!b) {
		gl_operation_error(st, fn, "no buffer is bound to %s", target_name(target));
		return;
	}
	if (!params) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn, "params is NULL");
		return;
	}
	switch (pname) {
	case GL_BUFFER_SIZE: *params = (GLint)b->size; break;
	case GL_BUFFER_USAGE: *params = b->usage ? (GLint)b->usage : GL_STATIC_DRAW; break;
	case GL_BUFFER_ACCESS_OES: *params = GL_WRITE_ONLY_OES; break;   /* the only access */
	/* Model choice (the SDK's errors for it are not documented): like
	 * the other pnames, INVALID_OPERATION with no buffer bound; the
	 * storage's address (the program's in the console address space,
	 * simulated physical in the host one), 0 without storage. */
	case GL_BUFFER_DATA_ADDR_DMP: *params = (GLint)nngx_addrspace_va(b->phys); break;
	default: *params = b->mapped ? GL_TRUE : GL_FALSE; break;
	}
}

/* ---- OES_mapbuffer ------------------------------------------------------------
 * The map is the storage itself: the simulated memory the GPU reads, as
 * glBufferSubData writes it. Model choices (doc/model.md): a buffer without a
 * data store (no glBufferData, or 0 bytes) cannot be mapped
 * (GL_INVALID_OPERATION, NULL); glBufferData and glDeleteBuffers unmap. */

/* The buffer bound to `target`, or NULL after the GL error. */
static struct gl_buffer *buffer_bound(struct nngx_state *st, GLenum target, const char *fn)
{
	struct gl_buffer *b;

	if (!buffer_target_ok(target)) {
		gl_enum_error(st, fn, "target 0x%04X is not GL_ARRAY_BUFFER or "
			      "GL_ELEMENT_ARRAY_BUFFER", target);
		return NULL;
	}
	b = *buffer_binding(&st->gl, target) ? gl_buffer_find(&st->gl,
							       *buffer_binding(&st->gl, target))
					     : NULL;
	if (!b)
		gl_operation_error(st, fn, "no buffer is bound to %s", target_name(target));
	return b;
}

void *glMapBufferOES(GLenum target, GLenum access)
{
	static const char fn[] = "glMapBufferOES";
	NNGX_API(st);
	struct gl_buffer *b;

	if (!buffer_target_ok(target) || access != GL_WRITE_ONLY_OES) {
		gl_enum_error(st, fn, "target 0x%04X, access 0x%04X: GL_ARRAY_BUFFER or "
			      "GL_ELEMENT_ARRAY_BUFFER with GL_WRITE_ONLY_OES", target, access);
		return NULL;
	}
	b = buffer_bound(st, target, fn);
	if (!b)
		return NULL;
	if (b->mapped) {
		gl_operation_error(st, fn, "buffer %u is mapped already", b->name);
		return NULL;
	}
	if (!b->phys) {
		gl_operation_error(st, fn, "buffer %u has no data store (glBufferData first)",
				   b->name);
		return NULL;
	}
	b->mapped = true;
	return hw_memory_host(&st->gpu.memory, b->phys, b->size);
}

GLboolean glUnmapBufferOES(GLenum target)
{
	static const char fn[] = "glUnmapBufferOES";
	NNGX_API(st);
	struct gl_buffer *b = buffer_bound(st, target, fn);

	if (!b)
		return GL_FALSE;
	if (!b->mapped) {
		gl_operation_error(st, fn, "buffer %u is not mapped", b->name);
		return GL_FALSE;
	}
	b->mapped = false;
	return GL_TRUE;           /* simulated memory is never lost */
}

void glGetBufferPointervOES(GLenum target, GLenum pname, GLvoid **params)
{
	static const char fn[] = "glGetBufferPointervOES";
	NNGX_API(st);
	struct gl_buffer *b;

	if (pname != GL_BUFFER_MAP_POINTER_OES) {
		gl_enum_error(st, fn, "pname 0x%04X is not GL_BUFFER_MAP_POINTER_OES", pname);
		return;
	}
	b = buffer_bound(st, target, fn);
	if (!b)
		return;
	if (!params) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn, "params is NULL");
		return;
	}
	*params = b->mapped ? hw_memory_host(&st->gpu.memory, b->phys, b->size) : NULL;
}
