/* gl_context.c: the context's defaults, its error flag (OpenGL ES 2.0,
 * section 2.5) and the lifetimes of its objects. */
#include <stdlib.h>
#include <string.h>

#include <nn/gx/CTR/gx_CTR.h>

#include "hw/hw_alloc.h"
#include "gl_context.h"

/* Model choice: the initial viewport is the upper screen's render buffer
 * as the 3DS draws it, rotated (240 x 400); OpenGL ES would take the
 * window's size, and there is no window here. */
#define GL_CONTEXT_VIEWPORT_WIDTH  240
#define GL_CONTEXT_VIEWPORT_HEIGHT 400

/* A texture's parameters as OpenGL ES 2.0 starts them (3.7.12). */
static void texture_defaults(struct gl_texture *t, GLuint name)
{
	memset(t, 0, sizeof *t);
	t->name = name;
	t->area = NN_GX_MEM_FCRAM;
	t->min_filter = GL_NEAREST_MIPMAP_LINEAR;
	t->mag_filter = GL_LINEAR;
	t->wrap_s = GL_REPEAT;
	t->wrap_t = GL_REPEAT;
	t->min_lod = -1000.0f;
}

/* OpenGL ES 2.0 table 6.11-6.14 initial values; the scissor box is the
 * initial viewport's. DMP: the early depth test compares with GL_LESS and
 * its clear value is the farthest depth (model choices: the SDK's initial
 * values are not public). */
static void fragment_defaults(struct gl_fragment_state *f)
{
	unsigned k;

	memset(f, 0, sizeof *f);
	f->depth_func = GL_LESS;
	f->depth_mask = GL_TRUE;
	f->depth_far = 1.0f;
	f->stencil_func = GL_ALWAYS;
	f->stencil_value_mask = 0xFFFFFFFFu;
	f->stencil_write_mask = 0xFFFFFFFFu;
	f->stencil_fail = f->stencil_zfail = f->stencil_zpass = GL_KEEP;
	f->blend_src_rgb = f->blend_src_alpha = GL_ONE;
	f->blend_dst_rgb = f->blend_dst_alpha = GL_ZERO;
	f->blend_eq_rgb = f->blend_eq_alpha = GL_FUNC_ADD;
	f->logic_op = GL_COPY;
	for (k = 0; k < 4; k++)
		f->color_mask[k] = GL_TRUE;
	f->scissor_width = GL_CONTEXT_VIEWPORT_WIDTH;
	f->scissor_height = GL_CONTEXT_VIEWPORT_HEIGHT;
	f->clear_depth = 1.0f;
	f->early_depth_func = GL_LESS;
	f->early_depth_clear = 0xFFFFFFu;
}

/* Reset gl to a fresh context: every field zeroed, then the GL ES 2.0 and DMP
 * initial values. Owns no memory afterwards (call after freeing). */
static void context_defaults(struct gl_context *gl)
{
	unsigned a;

	memset(gl, 0, sizeof *gl);
	gl->ready = true;
	gl->cmdgen_mode = NN_GX_CMDGEN_MODE_CONDITIONAL;
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
	gl->next_texture_name = 1;
	gl->next_renderbuffer_name = 1;
	gl->next_framebuffer_name = 1;
	texture_defaults(&gl->default_texture, 0);
	gl->default_texture.created = true;
	fragment_defaults(&gl->frag);
	/* OpenGL ES 2.0 tables 6.6, 6.8, 6.10 and 6.17 initial values. */
	gl->misc.line_width = 1.0f;
	gl->misc.generate_mipmap_hint = GL_DONT_CARE;
	gl->misc.pack_alignment = gl->misc.unpack_alignment = 4;
	gl->misc.sample_coverage_value = 1.0f;
	gl->misc.sample_coverage_invert = GL_FALSE;
	gl->misc.render_block_mode = GL_RENDER_BLOCK8_MODE_DMP;
}

void gl_context_update_state(struct gl_context *gl, GLbitfield mask)
{
	/* Model choice: any shader state sends the program and all its
	 * uniforms again (the program is sent whole or not at all); the
	 * other states are generated complete before every draw already. */
	if (mask & (NN_GX_STATE_SHADERBINARY | NN_GX_STATE_SHADERPROGRAM | NN_GX_STATE_SHADERMODE
		    | NN_GX_STATE_SHADERFLOAT | NN_GX_STATE_VSUNIFORM))
		gl->uploaded_serial = 0;
	if (mask & NN_GX_STATE_LUT)
		memset(gl->lut_sent, 0, sizeof gl->lut_sent);
	gl->updated_state |= mask & NN_GX_STATE_ALL;
}

void gl_context_init(struct gl_context *gl)
{
	if (!gl->ready)
		context_defaults(gl);
	gl->error = GL_NO_ERROR;
	gl->uploaded_serial = 0;
	gl->texture_epoch_sent = 0;              /* the GPU's texture cache is cold */
	gl->texture_epoch++;
	memset(gl->lut_sent, 0, sizeof gl->lut_sent);   /* the GPU forgot its tables */
	gl->clip_plane_sent = false;
}

void gl_context_fini(struct gl_context *gl, struct hw_memory *mem,
		     gl_deallocator_fn deallocator)
{
	size_t k;

	while (gl->buffer_count)
		gl_buffer_destroy(gl, gl->buffers[gl->buffer_count - 1], mem, deallocator);
	/* Programs first: they hold attachments on shaders. One pass, as a
	 * destroy moves the last object into the hole (a program's shaders
	 * may go with it); a program it missed finds its shaders by name. */
	for (k = 0; k < gl->object_count;) {
		if (gl->objects[k]->kind == GL_OBJECT_PROGRAM)
			gl_object_destroy(gl, gl->objects[k]);
		else
			k++;
	}
	while (gl->object_count)
		gl_object_destroy(gl, gl->objects[gl->object_count - 1]);
	while (gl->textures.count)
		gl_texture_destroy(gl, gl->textures.item[gl->textures.count - 1], mem, deallocator);
	gl_texture_free_storage(&gl->default_texture, mem, deallocator);
	while (gl->renderbuffers.count)
		gl_renderbuffer_destroy(gl, gl->renderbuffers.item[gl->renderbuffers.count - 1], mem,
					deallocator);
	while (gl->framebuffers.count)
		gl_framebuffer_destroy(gl, gl->framebuffers.item[gl->framebuffers.count - 1]);
	/* The default framebuffer is the model's own: no allocator heard of it. */
	if (gl->default_color_phys)
		hw_memory_free(mem, gl->default_color_phys);
	if (gl->default_depth_phys)
		hw_memory_free(mem, gl->default_depth_phys);
	free(gl->buffers);
	free(gl->objects);
	free(gl->textures.item);
	free(gl->renderbuffers.item);
	free(gl->framebuffers.item);
	nngx_names_fini(&gl->buffer_where);
	nngx_names_fini(&gl->object_where);
	nngx_names_fini(&gl->textures.where);
	nngx_names_fini(&gl->renderbuffers.where);
	nngx_names_fini(&gl->framebuffers.where);
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

GLuint gl_context_texture_address(struct gl_context *gl, GLuint name)
{
	const struct gl_texture *t = name ? gl_texture_find(gl, name) : NULL;

	return t ? t->hw.phys : 0;
}

GLuint gl_context_renderbuffer_address(const struct gl_context *gl, GLuint name)
{
	const struct gl_renderbuffer *rb = gl_renderbuffer_find(gl, name);

	return rb ? rb->phys : 0;
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
	grown = hw_realloc(table, want * size);
	if (!grown) {
		*ok = false;
		return table;
	}
	*cap = want;
	return grown;
}

/* Room for one more buffer in the table and its name map; false when memory
 * ran out (what was there is kept). */
static bool buffers_grow(struct gl_context *gl)
{
	bool ok;

	gl->buffers = table_grow(gl->buffers, gl->buffer_count, &gl->buffer_cap,
				 sizeof *gl->buffers, &ok);
	return ok && nngx_names_reserve(&gl->buffer_where, 1);
}

/* Room for one more object in the table and its name map; false when memory
 * ran out (what was there is kept). */
static bool objects_grow(struct gl_context *gl)
{
	bool ok;

	gl->objects = table_grow(gl->objects, gl->object_count, &gl->object_cap,
				 sizeof *gl->objects, &ok);
	return ok && nngx_names_reserve(&gl->object_where, 1);
}

struct gl_buffer *gl_buffer_find(const struct gl_context *gl, GLuint name)
{
	size_t k;

	return nngx_names_get(&gl->buffer_where, name, &k) ? gl->buffers[k] : NULL;
}

struct gl_buffer *gl_buffer_add(struct gl_context *gl, GLuint name)
{
	struct gl_buffer *b;

	if (!buffers_grow(gl))
		return NULL;
	b = hw_calloc(1, sizeof *b);
	if (!b)
		return NULL;
	b->name = name;
	b->usage = GL_STATIC_DRAW;
	b->area = NN_GX_MEM_FCRAM;
	nngx_names_put(&gl->buffer_where, name, gl->buffer_count);
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
	b->mapped = false;
}

void gl_buffer_destroy(struct gl_context *gl, struct gl_buffer *b, struct hw_memory *mem,
		       gl_deallocator_fn deallocator)
{
	size_t k;

	gl_buffer_free_storage(b, mem, deallocator);
	if (b->collection) {
		struct gl_buffer **p = &gl->vs_collections;

		while (*p && *p != b)
			p = &(*p)->next_collection;
		if (*p)
			*p = b->next_collection;
		free(b->collection);
	}
	if (nngx_names_get(&gl->buffer_where, b->name, &k) && gl->buffers[k] == b) {
		nngx_names_remove(&gl->buffer_where, b->name);
		gl->buffers[k] = gl->buffers[--gl->buffer_count];
		if (k < gl->buffer_count)
			nngx_names_put(&gl->buffer_where, gl->buffers[k]->name, k);
	}
	free(b);
}

struct gl_object *gl_object_find(const struct gl_context *gl, GLuint name)
{
	size_t k;

	return nngx_names_get(&gl->object_where, name, &k) ? gl->objects[k] : NULL;
}

struct gl_object *gl_object_add(struct gl_context *gl, enum gl_object_kind kind)
{
	struct gl_object *o;

	if (!objects_grow(gl))
		return NULL;
	o = hw_calloc(1, sizeof *o);
	if (!o)
		return NULL;
	/* Names are never reused while the context lives (wrap: skip 0 and
	 * names in use). */
	while (gl->next_object_name == 0 || gl_object_find(gl, gl->next_object_name)
	       || gl->next_object_name == (GLuint)GL_DMP_FRAGMENT_SHADER_DMP)
		gl->next_object_name++;
	o->name = gl->next_object_name++;
	o->kind = kind;
	nngx_names_put(&gl->object_where, o->name, gl->object_count);
	gl->objects[gl->object_count++] = o;
	return o;
}

/* ---- textures, renderbuffers, framebuffers -------------------------- */

/* Add object p under `name` (not yet in t). False when memory ran out; t is
 * then unchanged. */
static bool table_push(struct gl_table *t, void *p, GLuint name)
{
	bool ok;

	t->item = table_grow(t->item, t->count, &t->cap, sizeof *t->item, &ok);
	if (!ok || !nngx_names_reserve(&t->where, 1))
		return false;
	nngx_names_put(&t->where, name, t->count);
	t->item[t->count++] = p;
	return true;
}

/* The object stored under `name`, or NULL. */
static void *table_find(const struct gl_table *t, GLuint name)
{
	size_t k;

	return nngx_names_get(&t->where, name, &k) ? t->item[k] : NULL;
}

/* Swap-remove `p`, named `name`; `name_of` names the object moved into
 * its place. */
static void table_remove(struct gl_table *t, const void *p, GLuint name,
			 GLuint (*name_of)(const void *p))
{
	size_t k;

	if (!nngx_names_get(&t->where, name, &k) || t->item[k] != p)
		return;
	nngx_names_remove(&t->where, name);
	t->item[k] = t->item[--t->count];
	if (k < t->count)
		nngx_names_put(&t->where, name_of(t->item[k]), k);
}

static GLuint texture_name_of(const void *p) { return ((const struct gl_texture *)p)->name; }
static GLuint renderbuffer_name_of(const void *p)
{
	return ((const struct gl_renderbuffer *)p)->name;
}
static GLuint framebuffer_name_of(const void *p)
{
	return ((const struct gl_framebuffer *)p)->name;
}

GLuint gl_name_next(struct gl_context *gl, GLuint *next,
		    bool (*in_use)(struct gl_context *gl, GLuint name))
{
	while (*next == 0 || in_use(gl, *next))
		(*next)++;
	return (*next)++;
}

struct gl_texture *gl_texture_find(struct gl_context *gl, GLuint name)
{
	return name == 0 ? &gl->default_texture : table_find(&gl->textures, name);
}

struct gl_renderbuffer *gl_renderbuffer_find(const struct gl_context *gl, GLuint name)
{
	return table_find(&gl->renderbuffers, name);
}

struct gl_framebuffer *gl_framebuffer_find(const struct gl_context *gl, GLuint name)
{
	return table_find(&gl->framebuffers, name);
}

struct gl_texture *gl_texture_add(struct gl_context *gl, GLuint name)
{
	struct gl_texture *t = hw_malloc(sizeof *t);

	if (!t)
		return NULL;
	texture_defaults(t, name);
	if (!table_push(&gl->textures, t, name)) {
		free(t);
		return NULL;
	}
	return t;
}

struct gl_renderbuffer *gl_renderbuffer_add(struct gl_context *gl, GLuint name)
{
	struct gl_renderbuffer *rb = hw_calloc(1, sizeof *rb);

	if (!rb)
		return NULL;
	rb->name = name;
	if (!table_push(&gl->renderbuffers, rb, name)) {
		free(rb);
		return NULL;
	}
	return rb;
}

struct gl_framebuffer *gl_framebuffer_add(struct gl_context *gl, GLuint name)
{
	struct gl_framebuffer *fb = hw_calloc(1, sizeof *fb);

	if (!fb)
		return NULL;
	fb->name = name;
	if (!table_push(&gl->framebuffers, fb, name)) {
		free(fb);
		return NULL;
	}
	return fb;
}

void gl_texture_free_storage(struct gl_texture *t, struct hw_memory *mem,
			     gl_deallocator_fn deallocator)
{
	if (t->hw.phys)
		hw_memory_free(mem, t->hw.phys);
	if (t->user_block && deallocator)
		deallocator(t->area, NN_GX_MEM_TEXTURE, t->name, t->user_block);
	t->hw.phys = 0;
	t->hw.levels = 0;
	t->size = 0;
	t->user_block = NULL;
	t->level_mask = 0;
}

void gl_renderbuffer_free_storage(struct gl_renderbuffer *rb, struct hw_memory *mem,
				  gl_deallocator_fn deallocator)
{
	if (rb->phys)
		hw_memory_free(mem, rb->phys);
	if (rb->user_block && deallocator)
		deallocator(rb->area, NN_GX_MEM_RENDERBUFFER, rb->name, rb->user_block);
	rb->phys = 0;
	rb->size = 0;
	rb->user_block = NULL;
}

void gl_texture_destroy(struct gl_context *gl, struct gl_texture *t, struct hw_memory *mem,
			gl_deallocator_fn deallocator)
{
	gl_texture_free_storage(t, mem, deallocator);
	free(t->lut);
	if (t->collection) {
		struct gl_texture **p = &gl->tex_collections;

		while (*p && *p != t)
			p = &(*p)->next_collection;
		if (*p)
			*p = t->next_collection;
		free(t->collection);
	}
	table_remove(&gl->textures, t, t->name, texture_name_of);
	free(t);
}

void gl_renderbuffer_destroy(struct gl_context *gl, struct gl_renderbuffer *rb,
			     struct hw_memory *mem, gl_deallocator_fn deallocator)
{
	gl_renderbuffer_free_storage(rb, mem, deallocator);
	table_remove(&gl->renderbuffers, rb, rb->name, renderbuffer_name_of);
	free(rb);
}

void gl_framebuffer_destroy(struct gl_context *gl, struct gl_framebuffer *fb)
{
	table_remove(&gl->framebuffers, fb, fb->name, framebuffer_name_of);
	free(fb);
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
	free(b->bytes);
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
	if (nngx_names_get(&gl->object_where, o->name, &k) && gl->objects[k] == o) {
		nngx_names_remove(&gl->object_where, o->name);
		gl->objects[k] = gl->objects[--gl->object_count];
		if (k < gl->object_count)
			nngx_names_put(&gl->object_where, gl->objects[k]->name, k);
	}
	free(o);
}
