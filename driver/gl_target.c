/* gl_target.c: the render target of the current GL state: the bound
 * framebuffer object's attachments resolved for the PICA200, or the
 * default framebuffer, placed on first use. The GL draws and clears ask
 * for it (recording GL errors), and so does nngxTransferRenderImage (a
 * diagnostic, no GL error): both sit above the driver.
 *
 * Model choices (doc/model.md): framebuffer 0 is 240 x 400 (the upper screen,
 * rotated): RGBA8 colour in VRAM A and D24S8 depth-stencil in VRAM B,
 * placed on first use and kept until nngxFinalize. */
#include <string.h>

#include <nn/gx/CTR/gx_CTR.h>

#include "gl_target.h"
#include "hw/hw_fragment.h"
#include "nngx_state.h"

#define FB_DEFAULT_WIDTH  240           /* the upper screen, rotated */
#define FB_DEFAULT_HEIGHT 400
#define FB_DEFAULT_PIXEL_BYTES 4        /* RGBA8, D24S8 */

static const struct gl_fb_format fb_formats[] = {
	{ GL_RGBA8_OES, false, HW_REG_COLORFMT_RGBA8, 4 },
	{ GL_RGB8_OES, false, HW_REG_COLORFMT_RGB8, 3 },
	{ GL_RGB5_A1, false, HW_REG_COLORFMT_RGB5A1, 2 },
	{ GL_RGB565, false, HW_REG_COLORFMT_RGB565, 2 },
	{ GL_RGBA4, false, HW_REG_COLORFMT_RGBA4, 2 },
	{ GL_DEPTH_COMPONENT16, true, HW_REG_DEPTHFMT_D16, 2 },
	{ GL_DEPTH_COMPONENT24_OES, true, HW_REG_DEPTHFMT_D24, 3 },
	{ GL_DEPTH24_STENCIL8_EXT, true, HW_REG_DEPTHFMT_D24S8, 4 },
	/* The DMP formats of shadow and gas buffers: 32-bit pixels in the
	 * RGBA8 layout, colour format code 0 (fragment-pipeline.md A.5, B.8:
	 * a shadow pixel holds depth in A, B, G and intensity in R). */
	{ GL_SHADOW_DMP, false, HW_REG_COLORFMT_RGBA8, 4 },
	{ GL_GAS_DMP, false, HW_REG_COLORFMT_RGBA8, 4 },
};

const struct gl_fb_format *gl_fb_format_find(GLenum format)
{
	size_t k;

	for (k = 0; k < sizeof fb_formats / sizeof fb_formats[0]; k++)
		if (fb_formats[k].format == format)
			return &fb_formats[k];
	return NULL;
}

/* One attachment point resolved: what it holds for the PICA200. */
struct fb_image {
	bool present;
	GLsizei width, height;
	uint32_t phys;
	bool depth;                     /* a depth format (code is HW_REG_DEPTHFMT_*) */
	unsigned code;                  /* HW_REG_COLORFMT_* or HW_REG_DEPTHFMT_* */
	GLuint object;
	GLenum type;
};

/* Resolve attachment `a`; false when it is attached but not "attachment
 * complete" (ES 2.0, 4.4.5). */
static bool fb_image(struct gl_context *gl, const struct gl_attachment *a, struct fb_image *img)
{
	memset(img, 0, sizeof *img);
	if (a->type == GL_NONE)
		return true;
	img->present = true;
	img->object = a->name;
	img->type = a->type;
	if (a->type == GL_RENDERBUFFER) {
		const struct gl_renderbuffer *rb = gl_renderbuffer_find(gl, a->name);
		const struct gl_fb_format *f = rb ? gl_fb_format_find(rb->format) : NULL;
		if (!f || !rb->phys)
			return false;
		img->width = rb->width;
		img->height = rb->height;
		img->phys = rb->phys;
		img->depth = f->depth;
		img->code = f->code;
		return true;
	} else {
		/* A texture's level 0 in a colour format: the colour buffer codes
		 * 0-4 are the texture format codes 0-4 (RGBA8 .. RGBA4). */
		const struct gl_texture *t = gl_texture_find(gl, a->name);
		if (!t || !t->hw.phys || !(t->level_mask & 1u) || t->hw.format > HW_TEX_RGBA4)
			return false;
		img->width = (GLsizei)t->hw.width;
		img->height = (GLsizei)t->hw.height;
		img->phys = t->hw.phys;
		img->code = (unsigned)t->hw.format;
		return true;
	}
}

/* glCheckFramebufferStatus for framebuffer object `fb`, and the target it
 * makes when complete. */
GLenum gl_framebuffer_status(struct gl_context *gl, const struct gl_framebuffer *fb,
			struct gl_frag_target *t)
{
	struct fb_image img[GL_ATTACH_COUNT];
	GLsizei w = -1, h = -1;
	unsigned a;

	for (a = 0; a < GL_ATTACH_COUNT; a++)
		if (!fb_image(gl, &fb->at[a], &img[a]))
			return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
	if (img[GL_ATTACH_COLOR].present && img[GL_ATTACH_COLOR].depth)
		return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
	if (img[GL_ATTACH_DEPTH].present && !img[GL_ATTACH_DEPTH].depth)
		return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
	if (img[GL_ATTACH_STENCIL].present && !(img[GL_ATTACH_STENCIL].depth
						&& img[GL_ATTACH_STENCIL].code == HW_REG_DEPTHFMT_D24S8))
		return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
	for (a = 0; a < GL_ATTACH_COUNT; a++) {
		if (!img[a].present)
			continue;
		if (w >= 0 && (img[a].width != w || img[a].height != h))
			return GL_FRAMEBUFFER_INCOMPLETE_DIMENSIONS;
		w = img[a].width;
		h = img[a].height;
	}
	if (w < 0)
		return GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT;
	/* One depth-stencil buffer: both points must name the same object. */
	if (img[GL_ATTACH_DEPTH].present && img[GL_ATTACH_STENCIL].present
	    && (img[GL_ATTACH_DEPTH].type != img[GL_ATTACH_STENCIL].type
		|| img[GL_ATTACH_DEPTH].object != img[GL_ATTACH_STENCIL].object))
		return GL_FRAMEBUFFER_UNSUPPORTED;
	if (t) {
		const struct fb_image *ds = img[GL_ATTACH_DEPTH].present ? &img[GL_ATTACH_DEPTH]
								 : &img[GL_ATTACH_STENCIL];
		memset(t, 0, sizeof *t);
		t->width = (unsigned)w;
		t->height = (unsigned)h;
		if (img[GL_ATTACH_COLOR].present) {
			t->color_phys = img[GL_ATTACH_COLOR].phys;
			t->color_format = img[GL_ATTACH_COLOR].code;
		}
		if (ds->present) {
			t->depth_phys = ds->phys;
			t->depth_format = ds->code;
			t->depth_bits = img[GL_ATTACH_DEPTH].present;
			t->stencil_bits = img[GL_ATTACH_STENCIL].present;
		}
	}
	return GL_FRAMEBUFFER_COMPLETE;
}

/* Framebuffer 0's storage, placed on first use (model choice). Failing,
 * GL_OUT_OF_MEMORY is recorded when `record`, else only reported. */
static bool fb_default_storage(struct nngx_state *st, bool record, const char *fn)
{
	struct gl_context *gl = &st->gl;
	uint32_t size = FB_DEFAULT_WIDTH * FB_DEFAULT_HEIGHT * FB_DEFAULT_PIXEL_BYTES;
	uint32_t color, depth;

	if (gl->default_color_phys)
		return true;
	color = hw_memory_alloc(&st->gpu.memory, HW_AREA_VRAM_A, size);
	depth = color ? hw_memory_alloc(&st->gpu.memory, HW_AREA_VRAM_B, size) : 0;
	if (!depth) {
		if (color)
			hw_memory_free(&st->gpu.memory, color);
		if (record)
			nngx_state_error(st, GL_OUT_OF_MEMORY, NNGX_SHIM_DIAG_OUT_OF_MEMORY, fn,
					 "the default framebuffer's %u-byte colour and depth buffers in "
					 "VRAM A and B", size);
		else
			nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_OUT_OF_MEMORY, fn,
					 "the default framebuffer's %u-byte colour and depth "
					 "buffers in VRAM A and B; no GL error", size);
		return false;
	}
	gl->default_color_phys = color;
	gl->default_depth_phys = depth;
	nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_DEFAULT_FRAMEBUFFER_PLACED, fn,
			 "colour at 0x%08X, depth-stencil at 0x%08X", color, depth);
	return true;
}

/* Describe the bound framebuffer as a drawing target in t: the default one
 * (its storage made on first use) or a complete object. An incomplete one
 * gives false with INVALID_FRAMEBUFFER_OPERATION when `record`, or a
 * diagnostic only (the nngx path); t is then unspecified. */
static bool fb_target(struct nngx_state *st, struct gl_frag_target *t, bool record,
		      const char *fn)
{
	struct gl_context *gl = &st->gl;
	const struct gl_framebuffer *fb = gl_framebuffer_find(gl, gl->framebuffer_binding);
	GLenum status;

	if (!fb) {
		if (!fb_default_storage(st, record, fn))
			return false;
		memset(t, 0, sizeof *t);
		t->width = FB_DEFAULT_WIDTH;
		t->height = FB_DEFAULT_HEIGHT;
		t->color_phys = gl->default_color_phys;
		t->color_format = HW_REG_COLORFMT_RGBA8;
		t->depth_phys = gl->default_depth_phys;
		t->depth_format = HW_REG_DEPTHFMT_D24S8;
		t->depth_bits = t->stencil_bits = true;
		return true;
	}
	status = gl_framebuffer_status(gl, fb, t);
	if (status != GL_FRAMEBUFFER_COMPLETE) {
		if (record)
			nngx_state_error(st, GL_INVALID_FRAMEBUFFER_OPERATION,
					 NNGX_SHIM_DIAG_FRAMEBUFFER_INCOMPLETE, fn,
					 "framebuffer %u: status 0x%04X", fb->name, status);
		else
			nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_FRAMEBUFFER_INCOMPLETE, fn,
					 "framebuffer %u: status 0x%04X; no GL error (an nngx "
					 "call), nothing is added", fb->name, status);
		return false;
	}
	return true;
}

bool gl_framebuffer_target(struct nngx_state *st, struct gl_frag_target *t, const char *fn)
{
	return fb_target(st, t, true, fn);
}

bool gl_framebuffer_peek(struct nngx_state *st, struct gl_frag_target *t, const char *fn)
{
	return fb_target(st, t, false, fn);
}
