/* gl_cmdgen.h: PICA200 command words from GL state. A draw is built whole
 * in a gl_cmdbuf, then appended to the bound command list at once, so a
 * draw that cannot be added leaves nothing behind.
 *
 * Command format (3dbrew, GPU/Internal Registers): a parameter word, a
 * header (hw_reg_cmd_header), more parameters, padding to 8 bytes. */
#ifndef NNGX_GL_CMDGEN_H
#define NNGX_GL_CMDGEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gl_context.h"

struct gl_cmdbuf {
	uint32_t *w;
	size_t n, cap;
	bool failed;            /* an allocation failed: the words are incomplete */
};

void gl_cmdbuf_init(struct gl_cmdbuf *c);
void gl_cmdbuf_free(struct gl_cmdbuf *c);

/* One register write, all four bytes. */
void gl_cmd_reg(struct gl_cmdbuf *c, unsigned id, uint32_t value);
/* Writes to id, id + 1, ... (consecutive mode). */
void gl_cmd_seq(struct gl_cmdbuf *c, unsigned id, const uint32_t *values, size_t n);
/* n writes to one register, a data port (code, descriptors, uniforms). */
void gl_cmd_port(struct gl_cmdbuf *c, unsigned id, const uint32_t *values, size_t n);

/* One vertex loader attribute of a draw. */
struct gl_draw_attrib {
	uint8_t reg;            /* input register v0-v15 it feeds */
	bool fixed;             /* a constant (glVertexAttrib), no array */
	unsigned format;        /* HW_REG_ATTRIB_* type + (size - 1) * 4 */
	uint32_t phys;          /* array: address of vertex 0's data */
	unsigned stride;        /* array: bytes per vertex */
	float value[4];         /* fixed: the value */
};

/* A draw as the GPU will see it; gl_draw.c fills it from the GL state. */
struct gl_draw_plan {
	struct gl_executable *exe;
	unsigned attrib_count;  /* 1-12 */
	struct gl_draw_attrib attrib[GL_CONTEXT_MAX_ATTRIBS];
	uint32_t base;          /* ATTRIBBUFFERS_LOC base, 16-byte aligned */
	bool indexed, index16;
	uint32_t index_phys;
	uint32_t count, first;
	unsigned primitive;     /* HW_REG_PRIM_* */
	GLint viewport_x, viewport_y;
	GLsizei viewport_width, viewport_height;
	unsigned cull;          /* HW_REG_CULL_* */
};

/* Code, operand descriptors and entry point of each stage. */
void gl_cmd_program(struct gl_cmdbuf *c, const struct gl_executable *exe);
/* Uniform registers: all the program uses (`all`), or those changed. */
void gl_cmd_uniforms(struct gl_cmdbuf *c, const struct gl_executable *exe, bool all);
/* Nothing changed since the uniforms were sent. */
void gl_cmd_uniforms_sent(struct gl_executable *exe);
/* Inputs, vertex loader, fixed attributes, output map, geometry stage,
 * viewport, culling, primitive, and the draw trigger. */
void gl_cmd_draw(struct gl_cmdbuf *c, const struct gl_draw_plan *p);

#endif
