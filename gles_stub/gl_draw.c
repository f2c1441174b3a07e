/* gl_draw.c: glDrawArrays, glDrawElements (OpenGL ES 2.0, 2.8), glFlush
 * and glFinish. A draw checks everything, plans what the GPU must read
 * (gl_cmdgen.h), builds its commands and appends them to the bound
 * command list in one piece: the program's code only when this context
 * did not leave it in the GPU already, uniforms as they changed.
 *
 * Model choices (doc/model.md): the PICA200 draws triangles only, so points and
 * lines are GL_INVALID_ENUM; GL_GEOMETRY_PRIMITIVE_DMP is the mode of
 * programs with a geometry shader and no other mode is (both ways
 * GL_INVALID_OPERATION); no program in use is GL_INVALID_OPERATION; with
 * GL_FRONT_AND_BACK culling nothing is drawn; glFinish flushes, runs and
 * waits for the bound command list. The fragment stage (gl_cmdfrag.c)
 * goes with every draw: an incomplete framebuffer is
 * GL_INVALID_FRAMEBUFFER_OPERATION.
 *
 * Client-side arrays (an enabled attribute without a buffer, or
 * glDrawElements without an index buffer) take the SDK driver's CPU path
 * (address-space sheet, 4.2): at the draw call the driver reads every
 * vertex the draw names, in index order, from the program's memory (and
 * from the buffers of the other attributes), converts each attribute to
 * a float24 4-tuple (size 1-3 filled as (x, 0, 0, 1); a disabled
 * attribute sends its current value) and writes it into the command list
 * through the immediate-mode fixed-attribute port (hw_immediate.h): three
 * words an attribute a vertex. Every index is a vertex shaded (no
 * post-vertex cache), as the driver sends one vertex per index; the loader
 * reads nothing. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "driver/gl_cmdgen.h"
#include "driver/nngx_capture.h"
#include "gl_entry.h"
#include "hw/hw_alloc.h"

#define DRAW_ALIGN_MASK 0xFu            /* ATTRIBBUFFERS_LOC base: 16 bytes */
#define DRAW_MAX_OFFSET 0x0FFFFFFFu     /* offsets from the base: 28 bits */

/* The PICA primitive code of draw mode `mode` into *primitive. Points and
 * lines get INVALID_ENUM with PRIMITIVE_NOT_SUPPORTED (the PICA draws
 * neither), an unknown mode INVALID_ENUM; false then. */
static bool draw_mode(struct nngx_state *st, GLenum mode, unsigned *primitive, const char *fn)
{
	switch (mode) {
	case GL_TRIANGLES: *primitive = HW_REG_PRIM_TRIANGLES; return true;
	case GL_TRIANGLE_STRIP: *primitive = HW_REG_PRIM_STRIP; return true;
	case GL_TRIANGLE_FAN: *primitive = HW_REG_PRIM_FAN; return true;
	case GL_GEOMETRY_PRIMITIVE_DMP: *primitive = HW_REG_PRIM_GEOMETRY; return true;
	case GL_POINTS: case GL_LINES: case GL_LINE_LOOP: case GL_LINE_STRIP:
		nngx_state_error(st, GL_INVALID_ENUM, NNGX_SHIM_DIAG_PRIMITIVE_NOT_SUPPORTED, fn,
				 "mode 0x%04X (points and lines)", mode);
		return false;
	default:
		gl_enum_error(st, fn, "mode 0x%04X is not a primitive mode", mode);
		return false;
	}
}

/* What a draw from client-side arrays reads (draw_client_plan) and
 * sends (draw_client_pack): for each attribute read from an array, where
 * its element 0 is in host memory, its stride, size and type. */
struct draw_client {
	bool on;
	const uint8_t *indices;         /* NULL: vertices first .. first + count - 1 */
	bool index16;
	uint32_t first, count;
	const uint8_t *src[GL_CONTEXT_MAX_ATTRIBS];     /* NULL: a fixed attribute */
	unsigned stride[GL_CONTEXT_MAX_ATTRIBS], size[GL_CONTEXT_MAX_ATTRIBS];
	GLenum type[GL_CONTEXT_MAX_ATTRIBS];
};

/* The storage of buffer `name` for a draw, or NULL after the error. */
static const struct gl_buffer *draw_buffer(struct nngx_state *st, GLuint name, const char *what,
					   const char *fn)
{
	const struct gl_buffer *b = gl_buffer_find(&st->gl, name);

	if (!name) {
		nngx_state_error(st, GL_INVALID_OPERATION, NNGX_SHIM_DIAG_CLIENT_ARRAYS_NOT_MODELLED,
				 fn, "%s has no buffer object", what);
		return NULL;
	}
	if (!b || !b->phys) {
		gl_operation_error(st, fn, "%s: buffer %u has no data store (glBufferData)",
				   what, name);
		return NULL;
	}
	return b;
}

/* The loader's format code of attribute a: its type (FLOAT for anything else)
 * plus 4 per component after the first. Needs size 1 to 4. */
static unsigned draw_attrib_format(const struct gl_attrib *a)
{
	unsigned type;

	switch (a->type) {
	case GL_BYTE: type = HW_REG_ATTRIB_BYTE; break;
	case GL_UNSIGNED_BYTE: type = HW_REG_ATTRIB_UBYTE; break;
	case GL_SHORT: type = HW_REG_ATTRIB_SHORT; break;
	default: type = HW_REG_ATTRIB_FLOAT; break;
	}
	return type + (unsigned)(a->size - 1) * 4;
}

/* The loader's attributes: one per location the program reads, from its
 * array when enabled, else its constant value. */
static bool draw_attribs(struct nngx_state *st, struct gl_draw_plan *p, uint32_t *lowest,
			 const char *fn)
{
	const struct gl_context *gl = &st->gl;
	unsigned loc;
	char what[32];

	p->attrib_count = 0;
	for (loc = 0; loc < GL_CONTEXT_MAX_ATTRIBS; loc++) {
		const struct gl_attrib *a = &gl->attrib[loc];
		struct gl_draw_attrib *d;
		const struct gl_buffer *b;

		if (p->exe->location_reg[loc] == 0xFF)
			continue;
		d = &p->attrib[p->attrib_count++];
		d->reg = p->exe->location_reg[loc];
		if (!a->enabled) {
			d->fixed = true;
			d->format = HW_REG_ATTRIB_FLOAT + 3 * 4;
			memcpy(d->value, a->current, sizeof d->value);
			continue;
		}
		snprintf(what, sizeof what, "attribute %u", loc);
		b = draw_buffer(st, a->buffer, what, fn);
		if (!b)
			return false;
		d->format = draw_attrib_format(a);
		d->phys = b->phys + a->offset;
		d->stride = a->stride ? (unsigned)a->stride
				      : (unsigned)a->size * gl_attrib_type_bytes(a->type);
		if (b->phys < *lowest)
			*lowest = b->phys;
	}
	/* A program without inputs still loads one: the constant (0, 0, 0, 1)
	 * into v0, the value an unfed register holds anyway. */
	if (p->attrib_count == 0) {
		struct gl_draw_attrib *d = &p->attrib[p->attrib_count++];
		d->reg = 0;
		d->fixed = true;
		d->format = HW_REG_ATTRIB_FLOAT + 3 * 4;
		d->value[3] = 1.0f;
	}
	return true;
}

/* ---- client-side arrays ------------------------------------------------------ */

/* Index k of the draw: from the index array (read byte by byte: the
 * program's array need not be aligned), or first + k. */
static uint32_t draw_client_index(const struct draw_client *cl, uint32_t k)
{
	if (!cl->indices)
		return cl->first + k;
	if (!cl->index16)
		return cl->indices[k];
	return (uint32_t)cl->indices[2 * (size_t)k]
	       | (uint32_t)cl->indices[2 * (size_t)k + 1] << 8;
}

/* Whether the draw reads a client-side array: an enabled attribute the
 * program reads without a buffer, or indices without an index buffer. */
static bool draw_reads_client(const struct gl_context *gl, const struct gl_draw_plan *p)
{
	unsigned loc;

	if (p->indexed && !gl->element_buffer)
		return true;
	for (loc = 0; loc < GL_CONTEXT_MAX_ATTRIBS; loc++)
		if (p->exe->location_reg[loc] != 0xFF && gl->attrib[loc].enabled
		    && !gl->attrib[loc].buffer)
			return true;
	return false;
}

/* draw_plan's indices and attributes for the CPU path: every source
 * checked (a buffer's data must hold every element the indices name);
 * the draw becomes a non-indexed one of `count` vertices. Nothing is
 * allocated yet. */
static bool draw_client_plan(struct nngx_state *st, struct gl_draw_plan *p,
			     const GLvoid *indices, struct draw_client *cl, const char *fn)
{
	const struct gl_context *gl = &st->gl;
	uint32_t max_index = 0, k;
	unsigned loc;

	memset(cl, 0, sizeof *cl);
	cl->on = true;
	cl->first = p->first;
	cl->count = p->count;
	if (p->indexed) {
		size_t bytes = (size_t)p->count * (p->index16 ? 2 : 1);

		if (gl->element_buffer) {
			const struct gl_buffer *b = draw_buffer(st, gl->element_buffer,
								"the index array", fn);
			uintptr_t offset = (uintptr_t)indices;

			if (!b)
				return false;
			if (offset > b->size || bytes > b->size - offset) {
				gl_operation_error(st, fn, "%u indices at offset %lu run past the "
						   "end of index buffer %u (%u bytes)", p->count,
						   (unsigned long)offset, gl->element_buffer,
						   b->size);
				return false;
			}
			cl->indices = bytes ? hw_memory_host(&st->gpu.memory,
							     b->phys + (uint32_t)offset,
							     (uint32_t)bytes) : NULL;
		} else {
			if (!indices && p->count) {
				gl_operation_error(st, fn, "no buffer is bound to "
						   "GL_ELEMENT_ARRAY_BUFFER and indices is NULL");
				return false;
			}
			cl->indices = indices;
		}
		cl->index16 = p->index16;
		if (!cl->indices && p->count) {
			gl_operation_error(st, fn, "the index array is not in memory");
			return false;
		}
		for (k = 0; k < p->count; k++) {
			uint32_t i = draw_client_index(cl, k);
			if (i > max_index)
				max_index = i;
		}
	} else if (p->count) {
		if (p->first > UINT32_MAX - (p->count - 1)) {
			gl_value_error(st, fn, "first %u and count %u pass the last vertex index",
				       p->first, p->count);
			return false;
		}
		max_index = p->first + p->count - 1;
	}
	p->attrib_count = 0;
	for (loc = 0; loc < GL_CONTEXT_MAX_ATTRIBS; loc++) {
		const struct gl_attrib *a = &gl->attrib[loc];
		unsigned n = p->attrib_count, elem;
		struct gl_draw_attrib *d;

		if (p->exe->location_reg[loc] == 0xFF)
			continue;
		d = &p->attrib[p->attrib_count++];
		d->reg = p->exe->location_reg[loc];
		if (!a->enabled) {
			d->fixed = true;
			d->format = HW_REG_ATTRIB_FLOAT + 3 * 4;
			memcpy(d->value, a->current, sizeof d->value);
			continue;
		}
		elem = (unsigned)a->size * gl_attrib_type_bytes(a->type);
		cl->stride[n] = a->stride ? (unsigned)a->stride : elem;
		if (a->buffer) {
			char what[32];
			const struct gl_buffer *b;
			uint64_t need;

			snprintf(what, sizeof what, "attribute %u", loc);
			b = draw_buffer(st, a->buffer, what, fn);
			if (!b)
				return false;
			need = (uint64_t)a->offset + (uint64_t)max_index * cl->stride[n] + elem;
			if (p->count && need > b->size) {
				gl_operation_error(st, fn, "attribute %u: vertex %u lies past the end "
						   "of buffer %u (%u bytes)", loc, max_index,
						   a->buffer, b->size);
				return false;
			}
			cl->src[n] = p->count ? hw_memory_host(&st->gpu.memory,
							       b->phys + a->offset,
							       (uint32_t)(need - a->offset)) : NULL;
			if (p->count && !cl->src[n]) {
				gl_operation_error(st, fn, "attribute %u: buffer %u is not in memory",
						   loc, a->buffer);
				return false;
			}
		} else {
			if (!a->client) {
				gl_operation_error(st, fn, "attribute %u: its client-side array "
						   "pointer is NULL", loc);
				return false;
			}
			cl->src[n] = a->client;
		}
		cl->size[n] = (unsigned)a->size;
		cl->type[n] = a->type;
		d->format = HW_REG_ATTRIB_FLOAT + 3 * 4;
	}
	if (p->attrib_count == 0) {
		struct gl_draw_attrib *d = &p->attrib[p->attrib_count++];
		d->reg = 0;
		d->fixed = true;
		d->format = HW_REG_ATTRIB_FLOAT + 3 * 4;
		d->value[3] = 1.0f;
	}
	/* The command list lives in main memory. */
	if ((uint64_t)p->count * p->attrib_count * 12u > hw_memory_area_bytes(HW_AREA_FCRAM)) {
		gl_memory_error(st, fn, "the immediate-mode words of %u vertices of %u "
				"attributes: more than main memory holds", p->count,
				p->attrib_count);
		return false;
	}
	p->indexed = false;
	p->index16 = false;
	p->first = 0;
	p->base = 0;
	return true;
}

/* One attribute element, converted to floats (normalized ignored, as the
 * loader does for buffers); the components past `size` keep what `to`
 * holds. */
static void draw_client_element(GLenum type, unsigned size, const uint8_t *from, float to[4])
{
	unsigned i;

	for (i = 0; i < size; i++) {
		float f;

		switch (type) {
		case GL_BYTE: f = (float)(int8_t)from[i]; break;
		case GL_UNSIGNED_BYTE: f = (float)from[i]; break;
		case GL_SHORT: {
			int16_t v;
			memcpy(&v, from + 2 * i, sizeof v);
			f = (float)v;
			break;
		}
		default:
			memcpy(&f, from + 4 * i, sizeof f);
			break;
		}
		to[i] = f;
	}
}

/* The immediate-mode words of every vertex, in index order, into
 * p->immediate (the caller frees it). */
static bool draw_client_pack(struct nngx_state *st, struct gl_draw_plan *p,
			     const struct draw_client *cl, const char *fn)
{
	size_t words = (size_t)cl->count * p->attrib_count * 3, n = 0;
	uint32_t *w = hw_malloc(words * sizeof *w), k;
	unsigned a;

	if (!w) {
		gl_memory_error(st, fn, "the immediate-mode words of %u vertices from "
				"client-side arrays", cl->count);
		return false;
	}
	for (k = 0; k < cl->count; k++) {
		size_t i = draw_client_index(cl, k);

		for (a = 0; a < p->attrib_count; a++, n += 3) {
			float v[4] = { 0.0f, 0.0f, 0.0f, 1.0f };

			if (cl->src[a])
				draw_client_element(cl->type[a], cl->size[a],
						    cl->src[a] + i * cl->stride[a], v);
			else
				memcpy(v, p->attrib[a].value, sizeof v);
			hw_reg_pack_f24x4(v, w + n);
		}
	}
	p->immediate = w;
	p->immediate_words = words;
	return true;
}

/* Everything but the mode and the counts, which the callers checked. */
static bool draw_plan(struct nngx_state *st, struct gl_draw_plan *p, const GLvoid *indices,
		      struct draw_client *cl, const char *fn)
{
	struct gl_context *gl = &st->gl;
	const struct gl_stage *gs;
	uint32_t lowest = UINT32_MAX;
	unsigned a;

	p->exe = gl_current_executable(st, fn);
	if (!p->exe)
		return false;
	gs = &p->exe->stage[GL_STAGE_GEOMETRY];
	if ((p->primitive == HW_REG_PRIM_GEOMETRY) != (gs->binary != NULL)) {
		gl_operation_error(st, fn, gs->binary
				   ? "the program has a geometry shader: draw with "
				     "GL_GEOMETRY_PRIMITIVE_DMP"
				   : "GL_GEOMETRY_PRIMITIVE_DMP needs a program with a geometry "
				     "shader");
		return false;
	}
	/* The SDK driver draws fixed- and variable-mode geometry only from
	 * indices. */
	if (gs->binary && p->exe->gs_mode != GL_SHBIN_GS_POINT && !p->indexed) {
		gl_operation_error(st, fn, "a %s-mode geometry shader draws with "
				   "glDrawElements only",
				   p->exe->gs_mode == GL_SHBIN_GS_FIXED ? "fixed" : "variable");
		return false;
	}
	/* Model limitation: the CPU path sends one vertex an index, which
	 * would turn variable mode's counts into vertices. */
	if (gs->binary && p->exe->gs_mode == GL_SHBIN_GS_VARIABLE && cl
	    && draw_reads_client(gl, p)) {
		gl_operation_error(st, fn, "a variable-mode geometry draw from client-side "
				   "arrays is not modelled: use buffer objects");
		return false;
	}
	if (cl && draw_reads_client(gl, p)) {
		if (!draw_client_plan(st, p, indices, cl, fn))
			return false;
	} else if (p->indexed) {
		const struct gl_buffer *b = draw_buffer(st, gl->element_buffer, "the index array",
							fn);
		uintptr_t offset = (uintptr_t)indices;
		if (!b)
			return false;
		if (offset > UINT32_MAX - b->phys) {
			gl_value_error(st, fn, "indices offset %lu is beyond any buffer",
				       (unsigned long)offset);
			return false;
		}
		p->index_phys = b->phys + (uint32_t)offset;
		lowest = b->phys;
	}
	if (!(cl && cl->on) && !draw_attribs(st, p, &lowest, fn))
		return false;
	/* The common base of every buffer the draw reads, 16-byte aligned. */
	p->base = lowest == UINT32_MAX ? 0 : lowest & ~DRAW_ALIGN_MASK;
	for (a = 0; a < p->attrib_count; a++)
		if (!p->attrib[a].fixed && p->attrib[a].phys - p->base > DRAW_MAX_OFFSET) {
			gl_operation_error(st, fn, "attribute data at 0x%08X is too far from the "
					   "base 0x%08X for the loader's 28-bit offsets",
					   p->attrib[a].phys, p->base);
			return false;
		}
	if (p->indexed && p->index_phys - p->base > DRAW_MAX_OFFSET) {
		gl_operation_error(st, fn, "index data at 0x%08X is too far from the base 0x%08X "
				   "for the loader's 28-bit offsets", p->index_phys, p->base);
		return false;
	}
	p->viewport_x = gl->viewport_x;
	p->viewport_y = gl->viewport_y;
	p->viewport_width = gl->viewport_width;
	p->viewport_height = gl->viewport_height;
	p->cull = gl_raster_cull_mode(gl);
	/* The fragment stage last: the render target is the one check that
	 * can place storage (framebuffer 0 on first use). */
	p->frag.gl = gl;
	p->frag.dmp = &p->exe->dmp;
	if (!gl_framebuffer_target(st, &p->frag.target, fn))
		return false;
	gl_texture_units(st, &p->exe->dmp, p->frag.unit, fn);
	if (!gl_lut_plan(st, &p->exe->dmp, &p->frag, fn))
		return false;
	p->frag.clear_texture_cache = gl->texture_epoch != gl->texture_epoch_sent;
	return true;
}

/* Build the draw's commands and append them whole. */
static void draw_submit(struct nngx_state *st, struct gl_draw_plan *p,
			const struct draw_client *cl, const char *fn)
{
	struct gl_context *gl = &st->gl;
	struct gl_executable *exe = p->exe;
	bool upload = exe->serial != gl->uploaded_serial
		      || gl->cmdgen_mode == NN_GX_CMDGEN_MODE_UNCONDITIONAL;
	struct nngx_cmdlist *l;
	struct gl_cmdbuf c;
	size_t base;

	if (p->count == 0)
		return;                        /* nothing to draw, nothing sent */
	if (gl_raster_culls_everything(gl)) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_CULL_FRONT_AND_BACK, fn,
				 "%u vertices not drawn", p->count);
		return;
	}
	l = nngx_cmdlist_bound(st, fn);
	if (!l)
		return;
	if (cl->on && !draw_client_pack(st, p, cl, fn))
		return;
	gl_cmdbuf_init(&c);
	if (upload)
		gl_cmd_program(&c, exe);
	gl_cmd_uniforms(&c, exe, upload);
	gl_cmd_fragment(&c, &p->frag);
	gl_cmd_draw(&c, p);
	gl_cmd_fragment_end(&c);
	base = l->used_words;
	if (c.failed)
		gl_memory_error(st, fn, "the commands of a draw of %u vertices", p->count);
	else if (nngx_cmdlist_append_to(st, l, c.w, c.n, fn)) {
		if (st->capture)
			nngx_capture_draw_issued(st, l->phys + 4u * (uint32_t)(base + c.trigger),
						 gl->program);
		gl->uploaded_serial = exe->serial;
		gl->texture_epoch_sent = gl->texture_epoch;
		gl_lut_sent(gl, &p->frag);
		gl_cmd_uniforms_sent(exe);
		gl->updated_state = 0;         /* every state went out complete */
	}
	gl_cmdbuf_free(&c);
	hw_free((void *)p->immediate);
	p->immediate = NULL;
}

void glDrawArrays(GLenum mode, GLint first, GLsizei count)
{
	static const char fn[] = "glDrawArrays";
	NNGX_API(st);
	struct gl_draw_plan p;
	struct draw_client cl;

	memset(&p, 0, sizeof p);
	memset(&cl, 0, sizeof cl);
	if (!draw_mode(st, mode, &p.primitive, fn))
		return;
	if (first < 0 || count < 0) {
		gl_value_error(st, fn, "first %d and count %d must not be negative", first, count);
		return;
	}
	p.first = (uint32_t)first;
	p.count = (uint32_t)count;
	if (draw_plan(st, &p, NULL, &cl, fn))
		draw_submit(st, &p, &cl, fn);
}

void glDrawElements(GLenum mode, GLsizei count, GLenum type, const GLvoid *indices)
{
	static const char fn[] = "glDrawElements";
	NNGX_API(st);
	struct gl_draw_plan p;
	struct draw_client cl;

	memset(&p, 0, sizeof p);
	memset(&cl, 0, sizeof cl);
	if (!draw_mode(st, mode, &p.primitive, fn))
		return;
	if (count < 0) {
		gl_value_error(st, fn, "count %d is negative", count);
		return;
	}
	if (type != GL_UNSIGNED_BYTE && type != GL_UNSIGNED_SHORT) {
		gl_enum_error(st, fn, "type 0x%04X is not GL_UNSIGNED_BYTE or GL_UNSIGNED_SHORT",
			      type);
		return;
	}
	p.indexed = true;
	p.index16 = type == GL_UNSIGNED_SHORT;
	p.count = (uint32_t)count;
	if (draw_plan(st, &p, indices, &cl, fn))
		draw_submit(st, &p, &cl, fn);
}

/* glFlush and glFinish do what the nngx calls named in their diagnostics
 * do: the driver's command-list operations. */
void glFlush(void)
{
	NNGX_API(st);

	nngx_cmdlist_flush_bound(st, "nngxFlush3DCommand");
}

void glFinish(void)
{
	NNGX_API(st);

	/* Model choice: "waits for the GPU" is the whole bound list: what was
	 * added is flushed, every request not yet run is run, and the program
	 * waits for the end (virtual time passes). */
	if (!nngx_cmdlist_bound(st, "glFinish"))
		return;
	nngx_cmdlist_flush_bound(st, "nngxFlush3DCommand");
	nngx_cmdlist_run_bound(st, "nngxRunCmdlist");
	nngx_cmdlist_wait_done(st);
}
