/* gl_context.c: the context's defaults, its error flag (OpenGL ES 2.0,
 * section 2.5) and the lifetimes of its objects. */
#include <stdlib.h>
#include <string.h>

#include <nn/gx/CTR/gx_CTR.h>

#include "gl_context.h"

/* Model choice: the initial viewport is the upper screen's render buffer
 * as the 3DS draws it, rotated (240 x 400); OpenGL ES would take the
 * window's size, and there is no window here. */
#define GL_CONTEXT_VIEWPORT_WIDTH  240
#define GL_CONTEXT_VIEWPORT_HEIGHT 400

static void context_defaults(struct gl_context *gl)
{
	unsigned a;

	memset(gl, 0, sizeof *gl);
	gl->ready = true;
	gl->next_buffer_name = 1;
	gl->next_object_name = 1;
	gl->next_serial = 1;
	for (a = 0; a < GL_CONTEXT_MAX_ATTRIBS; a++) {
		gl->attrib[a].size = 4;
		gl->attrib[a].type = GL_FLOAT;
		gl->attrib[a].current[3] = 1.0f;     /* (0, 0, 0, 1), ES 2.0 2.7 */
	}
	gl->viewport_width = GL_CONTEXT_VIEWPORT_WIDTH;
	gl->viewport_height = GL_CONTEXT_VIEWPORT_HEIGHT;
	gl->cull_face = GL_BACK;
	gl->front_face = GL_CCW;
	gl->caps = 1u << GL_CAP_DITHER;          /* the only cap on initially */
}

void gl_context_init(struct gl_context *gl)
{
	if (!gl->ready)
		context_defaults(gl);
	gl->error = GL_NO_ERROR;
	gl->uploaded_serial = 0;
}

void gl_context_fini(struct gl_context *gl, struct hw_memory *mem,
		     gl_deallocator_fn deallocator)
{
	while (gl->buffer_count)
		gl_buffer_destroy(gl, gl->buffers[gl->buffer_count - 1], mem, deallocator);
	/* Programs first: they hold attachments on shaders. */
	while (gl->object_count) {
		size_t k, pick = gl->object_count - 1;
		for (k = 0; k < gl->object_count; k++)
			if (gl->objects[k]->kind == GL_OBJECT_PROGRAM)
				pick = k;
		gl_object_destroy(gl, gl->objects[pick]);
	}
	free(gl->buffers);
	free(gl->objects);
	context_defaults(gl);
}

bool gl_context_record_error(struct gl_context *gl, GLenum code)
{
	if (gl->error != GL_NO_ERROR)
		return false;
	gl->error = code;
	return true;
}

GLenum gl_context_take_error(struct gl_context *gl)
{
	GLenum code = gl->error;

	gl->error = GL_NO_ERROR;
	return code;
}

GLuint gl_context_buffer_address(const struct gl_context *gl, GLuint name)
{
	const struct gl_buffer *b = gl_buffer_find(gl, name);

	return b ? b->phys : 0;
}

/* ---- tables --------------------------------------------------------- */

/* Room for one more entry in a table of `size`-byte pointers. Each table
 * has its own typed wrapper below, so no pointer is read as another type. */
static void *table_grow(void *table, size_t count, size_t *cap, size_t size, bool *ok)
{
	size_t want = *cap ? *cap * 2 : 16;
	void *grown;

	*ok = true;
	if (count < *cap)
		return table;
	grown = realloc(table, want * size);
	if (!grown) {
		*ok = false;
		return table;
	}
	*cap = want;
	return grown;
}

static bool buffers_grow(struct gl_context *gl)
{
	bool ok;

	gl->buffers = table_grow(gl->buffers, gl->buffer_count, &gl->buffer_cap,
				 sizeof *gl->buffers, &ok);
	return ok;
}

static bool objects_grow(struct gl_context *gl)
{
	bool ok;

	gl->objects = table_grow(gl->objects, gl->object_count, &gl->object_cap,
				 sizeof *gl->objects, &ok);
	return ok;
}

struct gl_buffer *gl_buffer_find(const struct gl_context *gl, GLuint name)
{
	size_t k;

	for (k = 0; name && k < gl->buffer_count; k++)
		if (gl->buffers[k]->name == name)
			return gl->buffers[k];
	return NULL;
}

struct gl_buffer *gl_buffer_add(struct gl_context *gl, GLuint name)
{
	struct gl_buffer *b;

	if (!buffers_grow(gl))
		return NULL;
	b = calloc(1, sizeof *b);
	if (!b)
		return NULL;
	b->name = name;
	b->usage = GL_STATIC_DRAW;
	b->area = NN_GX_MEM_FCRAM;
	gl->buffers[gl->buffer_count++] = b;
	return b;
}

void gl_buffer_free_storage(struct gl_buffer *b, struct hw_memory *mem,
			    gl_deallocator_fn deallocator)
{
	if (b->phys)
		hw_memory_free(mem, b->phys);
	if (b->user_block && deallocator)
		deallocator(b->area, NN_GX_MEM_VERTEXBUFFER, b->name, b->user_block);
	b->phys = 0;
	b->size = 0;
	b->user_block = NULL;
}

void gl_buffer_destroy(struct gl_context *gl, struct gl_buffer *b, struct hw_memory *mem,
		       gl_deallocator_fn deallocator)
{
	size_t k;

	gl_buffer_free_storage(b, mem, deallocator);
	for (k = 0; k < gl->buffer_count; k++)
		if (gl->buffers[k] == b)
			gl->buffers[k] = gl->buffers[--gl->buffer_count];
	free(b);
}

struct gl_object *gl_object_find(const struct gl_context *gl, GLuint name)
{
	size_t k;

	for (k = 0; name && k < gl->object_count; k++)
		if (gl->objects[k]->name == name)
			return gl->objects[k];
	return NULL;
}

struct gl_object *gl_object_add(struct gl_context *gl, enum gl_object_kind kind)
{
	struct gl_object *o;

	if (!objects_grow(gl))
		return NULL;
	o = calloc(1, sizeof *o);
	if (!o)
		return NULL;
	/* Names are never reused while the context lives (wrap: skip 0 and
	 * names in use). */
	while (gl->next_object_name == 0 || gl_object_find(gl, gl->next_object_name)
	       || gl->next_object_name == (GLuint)GL_DMP_FRAGMENT_SHADER_DMP)
		gl->next_object_name++;
	o->name = gl->next_object_name++;
	o->kind = kind;
	gl->objects[gl->object_count++] = o;
	return o;
}

struct gl_binary *gl_binary_ref(struct gl_binary *b)
{
	if (b)
		b->refs++;
	return b;
}

void gl_binary_release(struct gl_binary *b)
{
	if (!b || --b->refs)
		return;
	gl_shbin_free(&b->shbin);
	free(b);
}

void gl_executable_free(struct gl_executable *exe)
{
	unsigned s;

	if (!exe)
		return;
	for (s = 0; s < GL_STAGE_COUNT; s++)
		gl_binary_release(exe->stage[s].binary);
	free(exe->uniforms);
	free(exe->inputs);
	free(exe);
}

void gl_object_destroy(struct gl_context *gl, struct gl_object *o)
{
	size_t k;

	if (o->kind == GL_OBJECT_PROGRAM) {
		struct gl_program *p = &o->u.program;
		unsigned s;

		for (s = 0; s < GL_STAGE_COUNT; s++) {
			struct gl_object *sh = gl_object_find(gl, p->shader[s]);
			if (!sh || sh->kind != GL_OBJECT_SHADER)
				continue;
			/* A shader flagged for deletion goes with its last program. */
			if (--sh->u.shader.attachments == 0 && sh->u.shader.delete_pending)
				gl_object_destroy(gl, sh);
		}
		gl_executable_free(p->exe);
		free(p->bindings);
		if (gl->program == o->name)
			gl->program = 0;
	} else {
		gl_binary_release(o->u.shader.binary);
	}
	for (k = 0; k < gl->object_count; k++)
		if (gl->objects[k] == o)
			gl->objects[k] = gl->objects[--gl->object_count];
	free(o);
}
