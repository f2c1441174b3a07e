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
 * GL_INVALID_FRAMEBUFFER_OPERATION. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "driver/gl_cmdgen.h"
#include "gl_entry.h"

#define DRAW_ALIGN_MASK 0xFu            /* ATTRIBBUFFERS_LOC base: 16 bytes */
#define DRAW_MAX_OFFSET 0x0FFFFFFFu     /* offsets from the base: 28 bits */

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

/* Everything but the mode and the counts, which the callers checked. */
static bool draw_plan(struct nngx_state *st, struct gl_draw_plan *p, const GLvoid *indices,
		      const char *fn)
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
	if (p->indexed) {
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
	if (!draw_attribs(st, p, &lowest, fn))
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
static void draw_submit(struct nngx_state *st, struct gl_draw_plan *p, const char *fn)
{
	struct gl_context *gl = &st->gl;
	struct gl_executable *exe = p->exe;
	bool upload = exe->serial != gl->uploaded_serial
		      || gl->cmdgen_mode == NN_GX_CMDGEN_MODE_UNCONDITIONAL;
	struct gl_cmdbuf c;

	if (p->count == 0)
		return;                        /* nothing to draw, nothing sent */
	if (gl_raster_culls_everything(gl)) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_CULL_FRONT_AND_BACK, fn,
				 "%u vertices not drawn", p->count);
		return;
	}
	gl_cmdbuf_init(&c);
	if (upload)
		gl_cmd_program(&c, exe);
	gl_cmd_uniforms(&c, exe, upload);
	gl_cmd_fragment(&c, &p->frag);
	gl_cmd_draw(&c, p);
	gl_cmd_fragment_end(&c);
	if (c.failed)
		gl_memory_error(st, fn, "the commands of a draw of %u vertices", p->count);
	else if (nngx_cmdlist_append(st, c.w, c.n, fn)) {
		gl->uploaded_serial = exe->serial;
		gl->texture_epoch_sent = gl->texture_epoch;
		gl_lut_sent(gl, &p->frag);
		gl_cmd_uniforms_sent(exe);
		gl->updated_state = 0;         /* every state went out complete */
	}
	gl_cmdbuf_free(&c);
}

void glDrawArrays(GLenum mode, GLint first, GLsizei count)
{
	static const char fn[] = "glDrawArrays";
	NNGX_API(st);
	struct gl_draw_plan p;

	memset(&p, 0, sizeof p);
	if (!draw_mode(st, mode, &p.primitive, fn))
		return;
	if (first < 0 || count < 0) {
		gl_value_error(st, fn, "first %d and count %d must not be negative", first, count);
		return;
	}
	p.first = (uint32_t)first;
	p.count = (uint32_t)count;
	if (draw_plan(st, &p, NULL, fn))
		draw_submit(st, &p, fn);
}

void glDrawElements(GLenum mode, GLsizei count, GLenum type, const GLvoid *indices)
{
	static const char fn[] = "glDrawElements";
	NNGX_API(st);
	struct gl_draw_plan p;

	memset(&p, 0, sizeof p);
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
	if (draw_plan(st, &p, indices, fn))
		draw_submit(st, &p, fn);
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
