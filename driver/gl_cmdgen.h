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
	size_t trigger;         /* gl_cmd_draw: the index of the trigger's parameter */
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

/* The render target of a draw or clear: the bound framebuffer's
 * buffers (gl_target.c). */
struct gl_frag_target {
	unsigned width, height;       /* pixels, multiples of 8 */
	uint32_t color_phys;          /* 0: no colour buffer */
	unsigned color_format;        /* HW_REG_COLORFMT_* */
	uint32_t depth_phys;          /* 0: no depth/stencil buffer */
	unsigned depth_format;        /* HW_REG_DEPTHFMT_* */
	bool depth_bits, stencil_bits;/* attached for depth / for stencil */
};

/* What texture unit u reads (gl_texture.c): off, or the texture with the
 * levels the unit may read (hw.levels) and its filters and wraps. */
struct gl_frag_texture {
	bool on;
	struct hw_texture hw;
};

/* The fragment stage of a draw. */
struct gl_frag_plan {
	const struct gl_context *gl;        /* caps and per-fragment state */
	const struct gl_dmp_state *dmp;     /* the program's reserved uniforms */
	struct gl_frag_target target;
	struct gl_frag_texture unit[GL_CONTEXT_TEXTURE_UNITS];
	bool clear_texture_cache;           /* a texture changed since the last draw */
	/* Lookup tables to load (gl_lut_plan): the entries of each slot
	 * (GL_FRAG_LUT_*) that changed since the GPU got it, else NULL. */
	const GLfloat *lut[GL_FRAG_LUT_SLOTS];
	uint64_t lut_serial[GL_FRAG_LUT_SLOTS];
};

/* A draw as the GPU will see it; gles_stub/gl_draw.c fills it from the GL
 * state. */
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
	struct gl_frag_plan frag;
	/* Client-side arrays (the SDK driver's CPU path): the draw's vertices
	 * as the immediate-mode port takes them, `immediate_words` data words
	 * (three an attribute, attrib_count attributes a vertex, `count`
	 * vertices); the loader then reads no array. NULL: arrays. */
	const uint32_t *immediate;
	size_t immediate_words;
};

/* Code, operand descriptors and entry point of each stage. */
void gl_cmd_program(struct gl_cmdbuf *c, const struct gl_executable *exe);
/* Uniform registers: all the program uses (`all`), or those changed. */
void gl_cmd_uniforms(struct gl_cmdbuf *c, const struct gl_executable *exe, bool all);
/* Nothing changed since the uniforms were sent. */
void gl_cmd_uniforms_sent(struct gl_executable *exe);
/* Inputs, vertex loader, fixed attributes, output map, geometry stage,
 * viewport, culling, primitive, and the draw trigger; with
 * p->immediate, immediate mode instead of the trigger: FIXEDATTRIB_INDEX
 * 0xF, the data words in writes of up to 256 to FIXEDATTRIB_DATA0, then
 * configuration mode (START_DRAW_FUNC0 bit 0), which ends the run. */
void gl_cmd_draw(struct gl_cmdbuf *c, const struct gl_draw_plan *p);

/* The fragment stage (gl_cmdfrag.c): texture units, combiner, fog,
 * lighting enables, per-fragment operations, render target, depth map,
 * early depth and scissor. Written whole before each draw. */
void gl_cmd_fragment(struct gl_cmdbuf *c, const struct gl_frag_plan *p);
/* After each draw: FRAMEBUFFER_FLUSH, then FRAMEBUFFER_INVALIDATE. */
void gl_cmd_fragment_end(struct gl_cmdbuf *c);
/* Clear the early depth buffer of `t` to `value` (24 bits). */
void gl_cmd_early_depth_clear(struct gl_cmdbuf *c, const struct gl_frag_target *t,
			      uint32_t value);

/* A texture unit's TEXUNITi_BORDER_COLOR word: R in bits 0-7 .. A in
 * 24-31, each round(c * 255) of t->border (0..1). */
uint32_t gl_cmd_tex_border(const struct hw_texture *t);

/* TEXUNITi_PARAM's type bits for t->type: bits 28-30 the type, bit 20
 * set for the shadow types (unit 0 only; 2D writes 0). */
uint32_t gl_cmd_tex_type_bits(const struct hw_texture *t);

/* A cube map's TEXUNIT0_ADDR2..6 words (faces -X, +Y, -Y, +Z, -Z: the low
 * 22 bits of address / 8; ADDR1 holds +X and the shared bits 22-27) in
 * v; false (v untouched) for a texture that is no cube map. */
bool gl_cmd_tex_faces(const struct hw_texture *t, uint32_t v[5]);

/* A texture unit's TEXUNITi_LOD word: bits 0-12 the bias in 1/256 steps,
 * two's complement, truncated toward zero as the SDK converts floats
 * (t->lod_bias in [-16, 16)); bits 16-19 the largest level (levels - 1);
 * bits 24-27 the smallest (t->min_level). */
uint32_t gl_cmd_tex_lod(const struct hw_texture *t);

/* Fragment-stage register values (gl_cmdfrag.c), also for the tests. */
uint32_t gl_cmd_dim(unsigned width, unsigned height);
/* float16 as the SDK's driver converts (mantissa truncated). */
uint32_t gl_cmd_f16(float f);
/* LIGHTING_CONFIG0 bits 4-7 for GL_LIGHT_ENV_LAYER_CONFIGn_DMP: n, but 8
 * for configuration 7. */
uint32_t gl_cmd_light_config_code(GLint config);

#endif
