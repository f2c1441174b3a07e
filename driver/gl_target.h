/* gl_target.h: the render target of the current GL state (gl_target.c),
 * for the GL draws and clears and for the nngx calls that read the
 * framebuffer. */
#ifndef NNGX_GL_TARGET_H
#define NNGX_GL_TARGET_H

#include <stdbool.h>

#include "gl_cmdgen.h"
#include "gl_context.h"

struct nngx_state;

/* A renderbuffer format: colour (HW_REG_COLORFMT_*) or depth
 * (HW_REG_DEPTHFMT_*), bytes a pixel. */
struct gl_fb_format {
	GLenum format;
	bool depth;
	unsigned code, bytes;
};

/* The renderbuffer format `format`, or NULL when the PICA200 has none. */
const struct gl_fb_format *gl_fb_format_find(GLenum format);

/* glCheckFramebufferStatus for framebuffer object `fb`, and the target it
 * makes when complete (`t` may be NULL). */
GLenum gl_framebuffer_status(struct gl_context *gl, const struct gl_framebuffer *fb,
			     struct gl_frag_target *t);

/* The render target of the bound framebuffer. The default framebuffer
 * gets its storage here on first use. False after
 * GL_INVALID_FRAMEBUFFER_OPERATION (incomplete) or GL_OUT_OF_MEMORY. */
bool gl_framebuffer_target(struct nngx_state *st, struct gl_frag_target *t, const char *fn);
/* The same for the nngx calls that read the framebuffer
 * (nngxTransferRenderImage): failing, a diagnostic but no GL error. */
bool gl_framebuffer_peek(struct nngx_state *st, struct gl_frag_target *t, const char *fn);

#endif
