/* gl_framebuffer.c: framebuffer and renderbuffer objects (OpenGL ES 2.0,
 * 4.4) and glReadPixels. The render target a draw or clear writes, and the
 * default framebuffer's storage, are the driver's (driver/gl_target.c).
 *
 * Render targets are laid out as hw_fragment.h says (8x8 tiles, Morton
 * order inside, rows from the top), which is also the texture layout, so
 * a texture's level 0 can be a colour attachment as it is.
 *
 * Model choices (doc/model.md): the target of glRenderbufferStorage may carry
 * NN_GX_MEM_FCRAM, _VRAMA or _VRAMB; with none, colour buffers go to VRAM
 * A and depth buffers to VRAM B. Sizes must be multiples of 8 (the tile;
 * GL_INVALID_VALUE otherwise) up to 1024. The PICA200 has one
 * depth-stencil buffer, so the stencil attachment takes a
 * GL_DEPTH24_STENCIL8_EXT renderbuffer, and depth and stencil attachments
 * that are different objects are GL_FRAMEBUFFER_UNSUPPORTED. Framebuffer 0
 * is 240 x 400 (the upper screen, rotated): RGBA8 colour in VRAM A and
 * D24S8 depth-stencil in VRAM B, placed on first use and kept until
 * nngxFinalize.
 *
 * glReadPixels waits for the GPU as glFinish does, then the CPU reads the
 * colour buffer's tile rows that hold the rectangle (MEMORY_ACCESS word
 * 16) and converts them: GL_RGBA / GL_UNSIGNED_BYTE only (also the
 * implementation's read format), rows from the bottom (ES 2.0), narrow
 * components widened by bit replication as the transfer engine does,
 * alpha 255 for formats without it. Pixels outside the framebuffer are
 * left as they are in `pixels` (ES 2.0: undefined). */
#define GL_GLEXT_PROTOTYPES     /* OES_EGL_image's declarations */
#include <stdlib.h>
#include <string.h>

#include <nn/gx/CTR/gx_CTR.h>

#include "driver/gl_cmdgen.h"
#include "driver/gl_target.h"
#include "driver/nngx_addrspace.h"
#include "driver/nngx_time.h"
#include "hw/hw_alloc.h"
#include "gl_entry.h"
#include "hw/hw_fragment.h"

#define FB_AREA_MASK   0x00030000u
#define FB_TARGET_MASK 0x0000FFFFu
#define FB_TILE        8                /* hw_fragment.h: 8x8 tiles */
#define FB_MAX_SIZE    1024             /* FRAMEBUFFER_DIM's fields (hw_fragment.h) */

/* gl_name_next's test: whether `name` already names a renderbuffer, so that
 * glGenRenderbuffers skips it. */
static bool rb_in_use(struct gl_context *gl, GLuint name)
{
	return gl_renderbuffer_find(gl, name) != NULL;
}

/* gl_name_next's test: whether `name` already names a framebuffer, so that
 * glGenFramebuffers skips it. */
static bool fb_in_use(struct gl_context *gl, GLuint name)
{
	return gl_framebuffer_find(gl, name) != NULL;
}

/* ---- renderbuffers ------------------------------------------------------- */

void glGenRenderbuffers(GLsizei n, GLuint *renderbuffers)
{
	static const char fn[] = "glGenRenderbuffers";
	NNGX_API(st);
	struct gl_context *gl = &st->gl;
	GLsizei i;

	if (!gl_names_ok(st, n, renderbuffers, fn))
		return;
	if (n > 0 && nngx_callback_refuses(st, 0, fn))
		return;         /* the callback rule (nngx_state.h) */
	for (i = 0; i < n; i++) {
		GLuint name = gl_name_next(gl, &gl->next_renderbuffer_name, rb_in_use);
		if (!gl_renderbuffer_add(gl, name)) {
			while (i-- > 0)
				gl_renderbuffer_destroy(gl, gl_renderbuffer_find(gl, renderbuffers[i]),
							&st->gpu.memory, st->deallocator);
			gl_memory_error(st, fn, "%d renderbuffer names", n);
			return;
		}
		renderbuffers[i] = name;
	}
}

/* The bound framebuffer's attachments of object `name` of `type` go
 * (ES 2.0, 4.4.5). */
static void fb_detach(struct gl_context *gl, GLenum type, GLuint name)
{
	struct gl_framebuffer *fb = gl_framebuffer_find(gl, gl->framebuffer_binding);
	unsigned a;

	for (a = 0; fb && a < GL_ATTACH_COUNT; a++)
		if (fb->at[a].type == type && fb->at[a].name == name) {
			fb->at[a].type = GL_NONE;
			fb->at[a].name = 0;
		}
}

void glDeleteRenderbuffers(GLsizei n, const GLuint *renderbuffers)
{
	static const char fn[] = "glDeleteRenderbuffers";
	NNGX_API(st);
	struct gl_context *gl = &st->gl;
	GLsizei i;

	if (!gl_names_ok(st, n, renderbuffers, fn))
		return;
	if (n > 0 && nngx_callback_refuses(st, 0, fn))
		return;         /* the callback rule (nngx_state.h) */
	for (i = 0; i < n; i++) {
		struct gl_renderbuffer *rb = gl_renderbuffer_find(gl, renderbuffers[i]);
		if (!rb)
			continue;              /* 0 and unknown names are ignored */
		if (gl->renderbuffer_binding == rb->name)
			gl->renderbuffer_binding = 0;
		fb_detach(gl, GL_RENDERBUFFER, rb->name);
		gl_renderbuffer_destroy(gl, rb, &st->gpu.memory, st->deallocator);
	}
}

void glBindRenderbuffer(GLenum target, GLuint renderbuffer)
{
	static const char fn[] = "glBindRenderbuffer";
	NNGX_API(st);
	struct gl_context *gl = &st->gl;
	struct gl_renderbuffer *rb = gl_renderbuffer_find(gl, renderbuffer);

	if (target != GL_RENDERBUFFER) {
		gl_enum_error(st, fn, "target 0x%04X is not GL_RENDERBUFFER", target);
		return;
	}
	if (renderbuffer && !rb && !(rb = gl_renderbuffer_add(gl, renderbuffer))) {
		gl_memory_error(st, fn, "renderbuffer object %u", renderbuffer);
		return;
	}
	if (rb)
		rb->created = true;
	gl->renderbuffer_binding = renderbuffer;
}

GLboolean glIsRenderbuffer(GLuint renderbuffer)
{
	NNGX_API(st);
	const struct gl_renderbuffer *rb = gl_renderbuffer_find(&st->gl, renderbuffer);

	return rb && rb->created ? GL_TRUE : GL_FALSE;
}

void glRenderbufferStorage(GLenum target, GLenum internalformat, GLsizei width, GLsizei height)
{
	static const char fn[] = "glRenderbufferStorage";
	NNGX_API(st);
	struct gl_context *gl = &st->gl;
	GLenum area = target & FB_AREA_MASK;
	const struct gl_fb_format *f;
	struct gl_renderbuffer *rb;
	uint32_t phys = 0, size = 0;
	void *user = NULL;

	if ((target & FB_TARGET_MASK) != GL_RENDERBUFFER
	    || (target & ~(FB_TARGET_MASK | FB_AREA_MASK))) {
		gl_enum_error(st, fn, "target 0x%08X is not GL_RENDERBUFFER with NN_GX_MEM_* bits",
			      target);
		return;
	}
	f = gl_fb_format_find(internalformat);
	if (!f) {
		gl_enum_error(st, fn, "internalformat 0x%04X is not a renderable format of the "
			      "PICA200 (RGBA8, RGB8, RGB5_A1, RGB565, RGBA4, DEPTH_COMPONENT16, "
			      "DEPTH_COMPONENT24, DEPTH24_STENCIL8, SHADOW_DMP, GAS_DMP)",
			      internalformat);
		return;
	}
	if (width < 0 || height < 0 || width > FB_MAX_SIZE || height > FB_MAX_SIZE
	    || width % FB_TILE || height % FB_TILE) {
		gl_value_error(st, fn, "%d x %d: sizes are multiples of %d up to %d (the "
			       "framebuffer's 8x8 tiles)", width, height, FB_TILE, FB_MAX_SIZE);
		return;
	}
	rb = gl_renderbuffer_find(gl, gl->renderbuffer_binding);
	if (!rb) {
		gl_operation_error(st, fn, "no renderbuffer is bound");
		return;
	}
	if (!area)
		area = f->depth ? NN_GX_MEM_VRAMB : NN_GX_MEM_VRAMA;
	size = (uint32_t)width * (uint32_t)height * f->bytes;
	if (size && !gl_storage_alloc(st, area, NN_GX_MEM_RENDERBUFFER, rb->name, size, &phys,
				      &user, fn))
		return;
	gl_renderbuffer_free_storage(rb, &st->gpu.memory, st->deallocator);
	rb->format = internalformat;
	rb->width = width;
	rb->height = height;
	rb->phys = phys;
	rb->size = size;
	rb->area = area;
	rb->user_block = user;
}

/* Bits of red, green, blue, alpha, depth and stencil of a renderbuffer
 * format; all 0 before any storage (ES 2.0 table 6.21). */
static void rb_bits(GLenum format, GLint bits[6])
{
	memset(bits, 0, 6 * sizeof *bits);
	switch (format) {
	case GL_RGBA8_OES: bits[0] = bits[1] = bits[2] = bits[3] = 8; break;
	/* Model choice: the shadow and gas formats report their 32-bit
	 * storage as RGBA8 (what the SDK answers is not public). */
	case GL_SHADOW_DMP: case GL_GAS_DMP: bits[0] = bits[1] = bits[2] = bits[3] = 8; break;
	case GL_RGB8_OES: bits[0] = bits[1] = bits[2] = 8; break;
	case GL_RGB5_A1: bits[0] = bits[1] = bits[2] = 5; bits[3] = 1; break;
	case GL_RGB565: bits[0] = bits[2] = 5; bits[1] = 6; break;
	case GL_RGBA4: bits[0] = bits[1] = bits[2] = bits[3] = 4; break;
	case GL_DEPTH_COMPONENT16: bits[4] = 16; break;
	case GL_DEPTH_COMPONENT24_OES: bits[4] = 24; break;
	case GL_DEPTH24_STENCIL8_EXT: bits[4] = 24; bits[5] = 8; break;
	default: break;
	}
}

/* glGetRenderbufferParameteriv (ES 2.0, 6.1.14): the bound renderbuffer;
 * none bound is GL_INVALID_OPERATION. Before storage: 0 x 0, GL_RGBA4
 * (the initial internal format) with its sizes 0 (no image). */
void glGetRenderbufferParameteriv(GLenum target, GLenum pname, GLint *params)
{
	static const char fn[] = "glGetRenderbufferParameteriv";
	NNGX_API(st);
	const struct gl_renderbuffer *rb;
	GLint bits[6];

	if (target != GL_RENDERBUFFER) {
		gl_enum_error(st, fn, "target 0x%04X is not GL_RENDERBUFFER", target);
		return;
	}
	switch (pname) {
	case GL_RENDERBUFFER_WIDTH: case GL_RENDERBUFFER_HEIGHT:
	case GL_RENDERBUFFER_INTERNAL_FORMAT: case GL_RENDERBUFFER_RED_SIZE:
	case GL_RENDERBUFFER_GREEN_SIZE: case GL_RENDERBUFFER_BLUE_SIZE:
	case GL_RENDERBUFFER_ALPHA_SIZE: case GL_RENDERBUFFER_DEPTH_SIZE:
	case GL_RENDERBUFFER_STENCIL_SIZE: case GL_RENDERBUFFER_DATA_ADDR_DMP:
		break;
	default:
		gl_enum_error(st, fn, "pname 0x%04X is not a renderbuffer parameter", pname);
		return;
	}
	rb = st->gl.renderbuffer_binding ? gl_renderbuffer_find(&st->gl,
								 st->gl.renderbuffer_binding)
					 : NULL;
	if (!rb) {
		gl_operation_error(st, fn, "no renderbuffer is bound");
		return;
	}
	if (!params) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn, "params is NULL");
		return;
	}
	rb_bits(rb->format, bits);
	switch (pname) {
	case GL_RENDERBUFFER_WIDTH: *params = rb->width; break;
	case GL_RENDERBUFFER_HEIGHT: *params = rb->height; break;
	/* Where the storage lives: the program's address in the console
	 * address space, the simulated physical one in the host one; 0
	 * without storage, no error. */
	case GL_RENDERBUFFER_DATA_ADDR_DMP: *params = (GLint)nngx_addrspace_va(rb->phys); break;
	case GL_RENDERBUFFER_INTERNAL_FORMAT:
		*params = rb->format ? (GLint)rb->format : GL_RGBA4;
		break;
	case GL_RENDERBUFFER_RED_SIZE: *params = bits[0]; break;
	case GL_RENDERBUFFER_GREEN_SIZE: *params = bits[1]; break;
	case GL_RENDERBUFFER_BLUE_SIZE: *params = bits[2]; break;
	case GL_RENDERBUFFER_ALPHA_SIZE: *params = bits[3]; break;
	case GL_RENDERBUFFER_DEPTH_SIZE: *params = bits[4]; break;
	default: *params = bits[5]; break;
	}
}

/* ---- framebuffers --------------------------------------------------------- */

void glGenFramebuffers(GLsizei n, GLuint *framebuffers)
{
	static const char fn[] = "glGenFramebuffers";
	NNGX_API(st);
	struct gl_context *gl = &st->gl;
	GLsizei i;

	if (!gl_names_ok(st, n, framebuffers, fn))
		return;
	for (i = 0; i < n; i++) {
		GLuint name = gl_name_next(gl, &gl->next_framebuffer_name, fb_in_use);
		if (!gl_framebuffer_add(gl, name)) {
			while (i-- > 0)
				gl_framebuffer_destroy(gl, gl_framebuffer_find(gl, framebuffers[i]));
			gl_memory_error(st, fn, "%d framebuffer names", n);
			return;
		}
		framebuffers[i] = name;
	}
}

void glDeleteFramebuffers(GLsizei n, const GLuint *framebuffers)
{
	static const char fn[] = "glDeleteFramebuffers";
	NNGX_API(st);
	struct gl_context *gl = &st->gl;
	GLsizei i;

	if (!gl_names_ok(st, n, framebuffers, fn))
		return;
	for (i = 0; i < n; i++) {
		struct gl_framebuffer *fb = gl_framebuffer_find(gl, framebuffers[i]);
		if (!fb)
			continue;
		/* Deleting the bound framebuffer binds 0 (ES 2.0, 4.4.1). */
		if (gl->framebuffer_binding == fb->name)
			gl->framebuffer_binding = 0;
		gl_framebuffer_destroy(gl, fb);
	}
}

void glBindFramebuffer(GLenum target, GLuint framebuffer)
{
	static const char fn[] = "glBindFramebuffer";
	NNGX_API(st);
	struct gl_context *gl = &st->gl;
	struct gl_framebuffer *fb = gl_framebuffer_find(gl, framebuffer);

	if (target != GL_FRAMEBUFFER) {
		gl_enum_error(st, fn, "target 0x%04X is not GL_FRAMEBUFFER", target);
		return;
	}
	if (framebuffer && !fb && !(fb = gl_framebuffer_add(gl, framebuffer))) {
		gl_memory_error(st, fn, "framebuffer object %u", framebuffer);
		return;
	}
	if (fb)
		fb->created = true;
	gl->framebuffer_binding = framebuffer;
}

GLboolean glIsFramebuffer(GLuint framebuffer)
{
	NNGX_API(st);
	const struct gl_framebuffer *fb = gl_framebuffer_find(&st->gl, framebuffer);

	return fb && fb->created ? GL_TRUE : GL_FALSE;
}

/* The attachment points an `attachment` enum names (two for
 * GL_DEPTH_STENCIL_ATTACHMENT); 0 after GL_INVALID_ENUM. */
static unsigned fb_points(struct nngx_state *st, GLenum attachment, unsigned point[2],
			  const char *fn)
{
	switch (attachment) {
	case GL_COLOR_ATTACHMENT0: point[0] = GL_ATTACH_COLOR; return 1;
	case GL_DEPTH_ATTACHMENT: point[0] = GL_ATTACH_DEPTH; return 1;
	case GL_STENCIL_ATTACHMENT: point[0] = GL_ATTACH_STENCIL; return 1;
	case GL_DEPTH_STENCIL_ATTACHMENT:
		point[0] = GL_ATTACH_DEPTH;
		point[1] = GL_ATTACH_STENCIL;
		return 2;
	default:
		gl_enum_error(st, fn, "attachment 0x%04X is not GL_COLOR_ATTACHMENT0, "
			      "GL_DEPTH_ATTACHMENT or GL_STENCIL_ATTACHMENT", attachment);
		return 0;
	}
}

/* The bound framebuffer object for an attach call; NULL after the error
 * (framebuffer 0 cannot take attachments). */
static struct gl_framebuffer *fb_bound_object(struct nngx_state *st, const char *fn)
{
	struct gl_framebuffer *fb = gl_framebuffer_find(&st->gl, st->gl.framebuffer_binding);

	if (!fb)
		gl_operation_error(st, fn, "framebuffer 0 is bound; bind a framebuffer object "
				   "first");
	return fb;
}

void glFramebufferRenderbuffer(GLenum target, GLenum attachment, GLenum renderbuffertarget,
			       GLuint renderbuffer)
{
	static const char fn[] = "glFramebufferRenderbuffer";
	NNGX_API(st);
	struct gl_framebuffer *fb;
	unsigned point[2], n, k;

	if (target != GL_FRAMEBUFFER) {
		gl_enum_error(st, fn, "target 0x%04X is not GL_FRAMEBUFFER", target);
		return;
	}
	n = fb_points(st, attachment, point, fn);
	if (!n)
		return;
	if (renderbuffertarget != GL_RENDERBUFFER) {
		gl_enum_error(st, fn, "renderbuffertarget 0x%04X is not GL_RENDERBUFFER",
			      renderbuffertarget);
		return;
	}
	fb = fb_bound_object(st, fn);
	if (!fb)
		return;
	if (renderbuffer && !gl_renderbuffer_find(&st->gl, renderbuffer)) {
		gl_operation_error(st, fn, "renderbuffer %u is no renderbuffer object",
				   renderbuffer);
		return;
	}
	for (k = 0; k < n; k++) {
		fb->at[point[k]].type = renderbuffer ? GL_RENDERBUFFER : GL_NONE;
		fb->at[point[k]].name = renderbuffer;
	}
}

void glFramebufferTexture2D(GLenum target, GLenum attachment, GLenum textarget, GLuint texture,
			    GLint level)
{
	static const char fn[] = "glFramebufferTexture2D";
	NNGX_API(st);
	struct gl_framebuffer *fb;
	unsigned point[2], n, k;

	if (target != GL_FRAMEBUFFER) {
		gl_enum_error(st, fn, "target 0x%04X is not GL_FRAMEBUFFER", target);
		return;
	}
	n = fb_points(st, attachment, point, fn);
	if (!n)
		return;
	if (texture && textarget != GL_TEXTURE_2D) {
		gl_enum_error(st, fn, "textarget 0x%04X is not GL_TEXTURE_2D (cube maps are not "
			      "modelled)", textarget);
		return;
	}
	if (texture && level != 0) {
		gl_value_error(st, fn, "level %d: OpenGL ES 2.0 attaches level 0 only", level);
		return;
	}
	fb = fb_bound_object(st, fn);
	if (!fb)
		return;
	if (texture && !gl_texture_find(&st->gl, texture)) {
		gl_operation_error(st, fn, "texture %u is no texture object", texture);
		return;
	}
	if (texture && gl_texture_find(&st->gl, texture)->target &&
	    gl_texture_find(&st->gl, texture)->target != GL_TEXTURE_2D) {
		gl_operation_error(st, fn, "texture %u is a %s, not a 2D texture", texture,
				   gl_texture_find(&st->gl, texture)->collection
				   ? "texture collection" : "lookup table");
		return;
	}
	for (k = 0; k < n; k++) {
		fb->at[point[k]].type = texture ? GL_TEXTURE : GL_NONE;
		fb->at[point[k]].name = texture;
	}
}

/* glGetFramebufferAttachmentParameteriv (ES 2.0, 6.1.13): framebuffer 0
 * bound is GL_INVALID_OPERATION; a pname the attachment's type does not
 * have is GL_INVALID_ENUM. GL_DEPTH_STENCIL_ATTACHMENT, which the attach
 * calls take, reads the depth point. A texture is attached at level 0 of
 * a 2D texture: level 0, cube map face 0. */
void glGetFramebufferAttachmentParameteriv(GLenum target, GLenum attachment, GLenum pname,
					   GLint *params)
{
	static const char fn[] = "glGetFramebufferAttachmentParameteriv";
	NNGX_API(st);
	const struct gl_framebuffer *fb;
	const struct gl_attachment *a;
	unsigned point[2];

	if (target != GL_FRAMEBUFFER) {
		gl_enum_error(st, fn, "target 0x%04X is not GL_FRAMEBUFFER", target);
		return;
	}
	if (!fb_points(st, attachment, point, fn))
		return;
	switch (pname) {
	case GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE: case GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME:
	case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL:
	case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE:
		break;
	default:
		gl_enum_error(st, fn, "pname 0x%04X is not a framebuffer attachment parameter",
			      pname);
		return;
	}
	fb = fb_bound_object(st, fn);
	if (!fb)
		return;
	a = &fb->at[point[0]];
	if ((a->type == GL_NONE && pname != GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE)
	    || (a->type == GL_RENDERBUFFER && (pname == GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL
					       || pname == GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE))) {
		gl_enum_error(st, fn, "pname 0x%04X: the attachment holds %s", pname,
			      a->type == GL_NONE ? "nothing" : "a renderbuffer");
		return;
	}
	if (!params) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn, "params is NULL");
		return;
	}
	switch (pname) {
	case GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE: *params = (GLint)a->type; break;
	case GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME: *params = (GLint)a->name; break;
	default: *params = 0; break;
	}
}

GLenum glCheckFramebufferStatus(GLenum target)
{
	NNGX_API(st);
	const struct gl_framebuffer *fb;

	if (target != GL_FRAMEBUFFER) {
		gl_enum_error(st, "glCheckFramebufferStatus", "target 0x%04X is not GL_FRAMEBUFFER",
			      target);
		return 0;
	}
	fb = gl_framebuffer_find(&st->gl, st->gl.framebuffer_binding);
	return fb ? gl_framebuffer_status(&st->gl, fb, NULL) : GL_FRAMEBUFFER_COMPLETE;
}

/* ---- glReadPixels --------------------------------------------------------------- */

/* Whether glReadPixels knows `format` (valid or not for the framebuffer). */
static bool read_format_known(GLenum format)
{
	return format == GL_ALPHA || format == GL_RGB || format == GL_RGBA || format == GL_LUMINANCE
	       || format == GL_LUMINANCE_ALPHA;
}

/* Whether glReadPixels knows `type` (valid or not for the framebuffer). */
static bool read_type_known(GLenum type)
{
	return type == GL_UNSIGNED_BYTE || type == GL_UNSIGNED_SHORT_5_6_5
	       || type == GL_UNSIGNED_SHORT_4_4_4_4 || type == GL_UNSIGNED_SHORT_5_5_5_1;
}

/* An n-bit component widened to 8 bits by bit replication. */
static uint8_t read_widen(uint32_t v, unsigned n)
{
	uint32_t w = v << (8 - n);

	while (n < 8) {
		w |= w >> n;
		n *= 2;
	}
	return (uint8_t)w;
}

/* One stored pixel of `format` (little-endian word, components from the
 * most significant bits: hw_fragment.h) to R, G, B, A bytes. */
static void read_decode(unsigned format, const uint8_t *p, uint8_t out[4])
{
	uint32_t w = (uint32_t)p[0] | (uint32_t)p[1] << 8;

	switch (format) {
	case HW_COLOR_RGBA8:
		out[0] = p[3];
		out[1] = p[2];
		out[2] = p[1];
		out[3] = p[0];
		return;
	case HW_COLOR_RGB8:
		out[0] = p[2];
		out[1] = p[1];
		out[2] = p[0];
		out[3] = 0xFF;
		return;
	case HW_COLOR_RGB5A1:
		out[0] = read_widen(w >> 11 & 31u, 5);
		out[1] = read_widen(w >> 6 & 31u, 5);
		out[2] = read_widen(w >> 1 & 31u, 5);
		out[3] = (w & 1u) ? 0xFF : 0;
		return;
	case HW_COLOR_RGB565:
		out[0] = read_widen(w >> 11 & 31u, 5);
		out[1] = read_widen(w >> 5 & 63u, 6);
		out[2] = read_widen(w & 31u, 5);
		out[3] = 0xFF;
		return;
	default: /* HW_COLOR_RGBA4 */
		out[0] = read_widen(w >> 12 & 15u, 4);
		out[1] = read_widen(w >> 8 & 15u, 4);
		out[2] = read_widen(w >> 4 & 15u, 4);
		out[3] = read_widen(w & 15u, 4);
		return;
	}
}

void glReadPixels(GLint x, GLint y, GLsizei width, GLsizei height, GLenum format, GLenum type,
		  GLvoid *pixels)
{
	static const char fn[] = "glReadPixels";
	NNGX_API(st);
	struct gl_frag_target t;
	long long x0, x1, y0, y1;
	unsigned bytes, first_tile_row, tile_rows, i, j, unit;
	bool block32;
	uint32_t tile_row_bytes, size;
	enum hw_status status;
	uint8_t *rows;
	size_t stride;

	if (!read_format_known(format) || !read_type_known(type)) {
		gl_enum_error(st, fn, "format 0x%04X, type 0x%04X: not a pixel format and type",
			      format, type);
		return;
	}
	if (width < 0 || height < 0) {
		gl_value_error(st, fn, "width %d and height %d must not be negative", width,
			       height);
		return;
	}
	if (format != GL_RGBA || type != GL_UNSIGNED_BYTE) {
		gl_operation_error(st, fn, "format 0x%04X, type 0x%04X: the pair read is "
				   "GL_RGBA / GL_UNSIGNED_BYTE (also the implementation's read "
				   "format)", format, type);
		return;
	}
	if (!gl_framebuffer_target(st, &t, fn))
		return;
	if (!t.color_phys) {
		gl_operation_error(st, fn, "the bound framebuffer has no colour buffer");
		return;
	}
	if (!pixels && width && height) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "pixels is NULL for %d x %d; nothing is read", width, height);
		return;
	}
	/* The CPU waits for the queued work, as glFinish does. */
	if (nngx_cmdlist_current(st))
		glFinish();
	else
		nngx_time_wait_gpu(st);
	x0 = x < 0 ? 0 : x;
	y0 = y < 0 ? 0 : y;
	x1 = (long long)x + width < (long long)t.width ? (long long)x + width : t.width;
	y1 = (long long)y + height < (long long)t.height ? (long long)y + height : t.height;
	if (x0 >= x1 || y0 >= y1)
		return;
	/* Window rows y0..y1-1 are memory rows height-y1 .. height-1-y0, in
	 * rows of 8x8 tiles, or of 32x32 blocks where the draws lay them out
	 * so (the block mode, and sides of whole blocks: hw_command.c). */
	block32 = st->gl.misc.render_block_mode == GL_RENDER_BLOCK32_MODE_DMP
		  && t.width % HW_FRAMEBUFFER_BLOCK32 == 0 && t.height % HW_FRAMEBUFFER_BLOCK32 == 0;
	unit = block32 ? HW_FRAMEBUFFER_BLOCK32 : HW_FRAMEBUFFER_TILE;
	bytes = hw_fragment_color_bytes((enum hw_color_format)t.color_format);
	tile_row_bytes = t.width * unit * bytes;
	first_tile_row = (unsigned)(t.height - y1) / unit;
	tile_rows = (unsigned)(t.height - 1 - y0) / unit - first_tile_row + 1;
	size = tile_rows * tile_row_bytes;
	rows = hw_malloc(size);
	if (!rows) {
		gl_memory_error(st, fn, "%u bytes to read the colour buffer into", size);
		return;
	}
	status = hw_gpu_cpu_read(&st->gpu, t.color_phys + first_tile_row * tile_row_bytes, rows,
				 size);
	if (status != HW_OK) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_GPU_FAULT, fn,
				 "the CPU could not read the colour buffer at 0x%08X (status %d)",
				 t.color_phys, (int)status);
		free(rows);
		return;
	}
	/* Rows of width RGBA pixels, each padded to GL_PACK_ALIGNMENT (only 8
	 * pads: 4 bytes a pixel). */
	stride = (size_t)width * 4;
	stride = (stride + (size_t)st->gl.misc.pack_alignment - 1)
		 / (size_t)st->gl.misc.pack_alignment * (size_t)st->gl.misc.pack_alignment;
	for (j = (unsigned)(y0 - y); j < (unsigned)(y1 - y); j++)
		for (i = (unsigned)(x0 - x); i < (unsigned)(x1 - x); i++) {
			uint32_t at = hw_fragment_pixel_offset_in((unsigned)(x + (GLint)i),
								  (unsigned)(y + (GLint)j), t.width,
								  t.height, bytes, block32)
				      - first_tile_row * tile_row_bytes;
			read_decode(t.color_format, rows + at,
				    (uint8_t *)pixels + (size_t)j * stride + (size_t)i * 4);
		}
	free(rows);
}

/* OES_EGL_image for renderbuffers: as glEGLImageTargetTexture2DOES
 * (gl_texture.c), GL_INVALID_ENUM unless the target is GL_RENDERBUFFER,
 * then GL_INVALID_OPERATION (no EGL in the model, so no valid image). */
void glEGLImageTargetRenderbufferStorageOES(GLenum target, GLeglImageOES image)
{
	static const char fn[] = "glEGLImageTargetRenderbufferStorageOES";
	NNGX_API(st);

	if (target != GL_RENDERBUFFER) {
		gl_enum_error(st, fn, "target 0x%04X is not GL_RENDERBUFFER", target);
		return;
	}
	gl_operation_error(st, fn, "image %p is not an EGLImage: the model has no EGL", image);
}
