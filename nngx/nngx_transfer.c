/* nngx_transfer.c: the image transfers of the SDK's command lists:
 * nngxAddL2BTransferCommand (linear -> block), nngxAddB2LTransferCommand
 * (block -> linear, with 2x1 / 2x2 averaging and vertical flip),
 * nngxAddBlockImageCopyCommand (a copy with units and gaps),
 * nngxTransferLinearImage (linear -> block into a renderbuffer or a
 * texture) and nngxFilterBlockImage (block -> block with a 2x2 box
 * filter). Each queues one request on the bound command list; the model's
 * post-transfer engine does the work when the list runs (hw_transfer.h:
 * layouts, conversions, MEMORY_ACCESS words 12 and 13 and the VRAM
 * channel words, time).
 *
 * Errors: the codes sdk-surface section 6 gives are recorded (B2L
 * 807C-8083, nngxFilterBlockImage 8068-806A); the other conditions, and
 * the calls without documented codes, record no GL error and give a
 * diagnostic (TRANSFER_ARGUMENT_REJECTED, TRANSFER_TARGET_NOT_READY,
 * MEMORY_NOT_SIMULATED, the command-list ones). Every check comes before
 * anything changes; a refused call adds nothing.
 *
 * Model choices (doc/model.md):
 * - none of these calls closes the pending 3D commands into a request
 *   (the SDK says so of L2B and B2L; the model does the same for the
 *   others): commands added before the call and not flushed run after the
 *   transfer, once flushed;
 * - addresses are pointers into simulated memory (as for
 *   nngxAddVramDmaCommand), or into program memory (heap, stack, data)
 *   this process can read (a source) or write (a destination) when the
 *   call is made, staged through FCRAM when the request runs (xfer_side);
 *   their alignment is checked on the pointer value as the SDK does;
 * - block size 32: the block image is in hw_fragment.h's 32x32 block
 *   layout (the one draws use in GL_RENDER_BLOCK32_MODE_DMP);
 * - nngxAddB2LTransferCommand: the source's sides are multiples of the
 *   block size, the destination's of 8; a source larger than the
 *   destination times the scale gives its first columns and top rows;
 * - nngxFilterBlockImage: the destination is width/2 x height/2, tiled,
 *   in the same format; a half height that is not a multiple of 8 ends in
 *   a half-used tile row (the destination covers whole tile rows);
 * - nngxTransferLinearImage: level 0 of a 2D texture or of one face of a
 *   cube map (the face's level 0 given); the source has the target's
 *   format and size;
 * - nngxAddBlockImageCopyCommand into program memory: the bytes between
 *   the units (the gaps) keep what the program had there when the request
 *   ran. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "driver/gl_context.h"
#include "driver/gl_target.h"
#include "driver/nngx_addrspace.h"
#include "driver/nngx_raw.h"
#include "driver/nngx_state.h"
#include "hw/hw_pixel.h"

#define XFER_ADDRESS_ALIGN 16           /* L2B, B2L, block copy, linear image */
#define FILTER_ADDRESS_ALIGN 8          /* nngxFilterBlockImage */
#define XFER_TILE 8                     /* the model's block side */
#define COPY_STEP 16                    /* block copy: units, gaps, size */
#define XFER_MAX_SIDE 0xFFFF            /* the engine's 16-bit size fields (hw_transfer.c) */

struct xfer_format {
	GLenum format;
	unsigned code;                  /* enum hw_color_format */
	unsigned bytes;
};

/* The transfer formats (sdk-surface 2.5). */
static const struct xfer_format xfer_formats[] = {
	{ GL_RGBA8_OES, HW_COLOR_RGBA8, 4 },
	{ GL_RGB8_OES, HW_COLOR_RGB8, 3 },
	{ GL_RGB5_A1, HW_COLOR_RGB5A1, 2 },
	{ GL_RGB565, HW_COLOR_RGB565, 2 },
	{ GL_RGBA4, HW_COLOR_RGBA4, 2 },
};

#define XFER_FORMAT_NAMES "GL_RGBA8_OES, GL_RGB8_OES, GL_RGB5_A1, GL_RGB565 or GL_RGBA4"

/* The transfer-format row of GL format `format`, or NULL. */
static const struct xfer_format *xfer_format_find(GLenum format)
{
	size_t k;

	for (k = 0; k < sizeof xfer_formats / sizeof xfer_formats[0]; k++)
		if (xfer_formats[k].format == format)
			return &xfer_formats[k];
	return NULL;
}

/* The transfer-format row of hardware code `code`, or NULL. */
static const struct xfer_format *xfer_format_of_code(unsigned code)
{
	size_t k;

	for (k = 0; k < sizeof xfer_formats / sizeof xfer_formats[0]; k++)
		if (xfer_formats[k].code == code)
			return &xfer_formats[k];
	return NULL;
}

/* List `l` when it has room for one more request; NULL after
 * CMDLIST_FULL and, when `code` is not 0, that GL error. */
static struct nngx_cmdlist *xfer_room(struct nngx_state *st, struct nngx_cmdlist *l, GLenum code,
				      const char *fn)
{
	if (l->used_req < l->max_req)
		return l;
	if (code)
		nngx_state_error(st, code, NNGX_SHIM_DIAG_CMDLIST_FULL, fn,
				 "command list %u already holds %zu requests", l->name, l->max_req);
	else
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_CMDLIST_FULL, fn,
				 "command list %u already holds %zu requests", l->name, l->max_req);
	return NULL;
}

/* The bound list with storage and room for one request; NULL after the
 * diagnostic and, when `code` is not 0, that GL error. */
static struct nngx_cmdlist *xfer_list(struct nngx_state *st, GLenum code, const char *fn)
{
	struct nngx_cmdlist *l = nngx_cmdlist_current(st);

	if (!l) {
		if (code)
			nngx_state_error(st, code, st->cmdlists.bound ? NNGX_SHIM_DIAG_CMDLIST_NO_STORAGE
					 : NNGX_SHIM_DIAG_CMDLIST_NONE, fn,
					 "no command list with storage is bound; nothing is added");
		else
			(void)nngx_cmdlist_bound(st, fn);
		return NULL;
	}
	return xfer_room(st, l, code, fn);
}

/* The same for the Raw forms: the program's list `cl` (RAW_CMDLIST_INVALID
 * and no GL error when it is none, as for every Raw call), with room for
 * one request (`code` as for the bound form). */
static struct nngx_cmdlist *xfer_raw_list(struct nngx_state *st, nngxCommandList *cl, GLenum code,
					  const char *fn)
{
	struct nngx_raw_list *r = nngx_raw_get(st, cl, fn);

	return r ? xfer_room(st, &r->list, code, fn) : NULL;
}

/* A refused argument: the GL error `code` when it has one, else none. */
static void xfer_reject(struct nngx_state *st, GLenum code, const char *fn, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 4, 5)))
#endif
	;

/* Reject a transfer's arguments: record `code` with
 * TRANSFER_ARGUMENT_REJECTED, or with code 0 (a call that has no error for
 * it) report the diagnostic only. Nothing is queued. */
static void xfer_reject(struct nngx_state *st, GLenum code, const char *fn, const char *fmt, ...)
{
	char text[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	if (code)
		nngx_state_error(st, code, NNGX_SHIM_DIAG_TRANSFER_ARGUMENT_REJECTED, fn,
				 "%s; nothing is added", text);
	else
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_TRANSFER_ARGUMENT_REJECTED, fn,
				 "%s; nothing is added", text);
}

static bool xfer_aligned(const void *p, unsigned align)
{
	return (uintptr_t)p % align == 0;
}

/* The physical address of a pointer into simulated memory covering
 * `size` bytes, or 0 after the diagnostic. */
static uint32_t xfer_phys(struct nngx_state *st, const void *host, uint64_t size,
			  const char *what, const char *fn)
{
	uint32_t phys = size > UINT32_MAX ? 0
			: nngx_device_phys(st, host, (uint32_t)size, NNGX_RANGE_BUFFER, NULL);

	if (!phys) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_MEMORY_NOT_SIMULATED, fn,
				 "the %s [%p, +%llu) is not inside one block of simulated memory "
				 "(an object's storage or an nngxShimAllocMemory block) nor "
				 "program memory this process can %s now; nothing is added", what,
				 host, (unsigned long long)size,
				 strcmp(what, "destination") ? "read" : "read and write");
		return 0;
	}
	return phys;
}

/* A side of a transfer: simulated memory as xfer_phys says, or else
 * program memory outside the simulated ranges (heap, stack, data) that
 * this process can read (`out` false) or write (`out`) now; then
 * NNGX_PROGRAM_PHYS and *program = host, the image staged when the
 * request runs (nngx_cmdlists.c). 0 after the diagnostic. */
static uint32_t xfer_side(struct nngx_state *st, void *host, uint64_t size, bool out,
			  void **program, const char *what, const char *fn)
{
	uint32_t phys = size > UINT32_MAX ? 0
			: nngx_device_phys(st, host, (uint32_t)size, NNGX_RANGE_BUFFER, NULL);
	bool ok;

	*program = NULL;
	if (phys)
		return phys;
	/* Inside the simulated ranges, a range no block holds stays refused. */
	if (size <= UINT32_MAX && host && !hw_memory_phys(&st->gpu.memory, host)) {
		if (out) {
			/* writable: the bytes read and written back unchanged */
			unsigned char probe[256];
			uint64_t k;

			ok = true;
			for (k = 0; ok && k < size; k += sizeof probe) {
				size_t n = size - k < sizeof probe ? (size_t)(size - k) : sizeof probe;
				ok = nngx_addrspace_read(probe, (unsigned char *)host + k, n)
				     && nngx_addrspace_write((unsigned char *)host + k, probe, n);
			}
		} else {
			ok = nngx_addrspace_readable(host, (size_t)size);
		}
		if (ok) {
			*program = host;
			return NNGX_PROGRAM_PHYS;
		}
	}
	return xfer_phys(st, host, size, what, fn);
}

static bool xfer_blocksize_ok(GLsizei blocksize)
{
	return blocksize == 8 || blocksize == 32;
}

/* Fill img from its address, size, hardware format code and layout. */
static void xfer_image(struct hw_transfer_image *img, uint32_t phys, unsigned width,
		       unsigned height, unsigned code, bool tiled)
{
	img->phys = phys;
	img->width = width;
	img->height = height;
	img->format = code;
	img->tiled = tiled;
	img->block32 = false;
}

/* Bytes of a width x height image in format f, in 64 bits (no overflow). */
static uint64_t xfer_bytes(GLsizei width, GLsizei height, const struct xfer_format *f)
{
	return (uint64_t)width * (uint64_t)height * f->bytes;
}

/* ---- linear -> block ------------------------------------------------------ */

/* Queue a linear-to-block conversion on list l after checking every argument
 * (alignment, block size, format, sides, both ranges). A bad one is rejected
 * with a diagnostic and nothing is queued; a side of 0 queues nothing. l
 * NULL: the caller already reported. */
static void xfer_l2b(struct nngx_state *st, struct nngx_cmdlist *l, const GLvoid *srcaddr,
		     GLvoid *dstaddr, GLsizei width, GLsizei height, GLenum format,
		     GLsizei blocksize, const char *fn)
{
	const struct xfer_format *f = xfer_format_find(format);
	struct nngx_request r;
	uint32_t from, to;
	void *in_program, *out_program;

	if (!l)
		return;
	if (!xfer_aligned(srcaddr, XFER_ADDRESS_ALIGN) || !xfer_aligned(dstaddr, XFER_ADDRESS_ALIGN)) {
		xfer_reject(st, 0, fn, "addresses %p and %p must be 16-byte aligned", srcaddr,
			    (void *)dstaddr);
		return;
	}
	if (!xfer_blocksize_ok(blocksize)) {
		xfer_reject(st, 0, fn, "blocksize %d is not 8 or 32", blocksize);
		return;
	}
	if (!f) {
		xfer_reject(st, 0, fn, "format 0x%04X is not " XFER_FORMAT_NAMES, format);
		return;
	}
	if (width < 0 || height < 0 || width % blocksize || height % blocksize
	    || width > XFER_MAX_SIDE || height > XFER_MAX_SIDE
	    || (f->bytes == 3 && blocksize == 8 && width % 32)) {
		xfer_reject(st, 0, fn, "%d x %d: sides are multiples of the block size %d (of 32 "
			    "for a 24-bit format with blocksize 8) from 0 to 65535", width, height,
			    blocksize);
		return;
	}
	if (width == 0 || height == 0)
		return;                         /* nothing to convert */
	from = xfer_side(st, (void *)srcaddr, xfer_bytes(width, height, f), false, &in_program,
			 "source", fn);
	to = from ? xfer_side(st, dstaddr, xfer_bytes(width, height, f), true, &out_program,
			      "destination", fn) : 0;
	if (!to)
		return;
	memset(&r, 0, sizeof r);
	r.type = NN_GX_CMDLIST_REQTYPE_POSTTRANS;
	r.cpu_in = in_program;
	r.cpu_out = out_program;
	xfer_image(&r.u.post.src, from, (unsigned)width, (unsigned)height, f->code, false);
	xfer_image(&r.u.post.dst, to, (unsigned)width, (unsigned)height, f->code, true);
	r.u.post.dst.block32 = blocksize == 32;
	r.u.post.aa = HW_TRANSFER_AA_NONE;
	nngx_cmdlist_queue_request(l, &r);
}

void nngxAddL2BTransferCommand(const GLvoid *srcaddr, GLvoid *dstaddr, GLsizei width,
			       GLsizei height, GLenum format, GLsizei blocksize)
{
	static const char fn[] = "nngxAddL2BTransferCommand";
	NNGX_API(st);

	xfer_l2b(st, xfer_list(st, 0, fn), srcaddr, dstaddr, width, height, format, blocksize,
		 fn);
}

void nngxAddL2BTransferCommandRaw(nngxCommandList *cmdlist, const GLvoid *srcaddr,
				  GLvoid *dstaddr, GLsizei width, GLsizei height, GLenum format,
				  GLsizei blocksize)
{
	static const char fn[] = "nngxAddL2BTransferCommandRaw";
	NNGX_API(st);

	xfer_l2b(st, xfer_raw_list(st, cmdlist, 0, fn), srcaddr, dstaddr, width, height, format,
		 blocksize, fn);
}

/* ---- block -> linear ------------------------------------------------------ */

/* Queue a block-to-linear transfer (format conversion, downscaling for
 * anti-aliasing, y flip) on list l after checking every argument; a bad one
 * is rejected and nothing is queued. l NULL: the caller already reported. */
static void xfer_b2l(struct nngx_state *st, struct nngx_cmdlist *l, const GLvoid *srcaddr,
		     GLsizei srcwidth, GLsizei srcheight, GLenum srcformat, GLvoid *dstaddr,
		     GLsizei dstwidth, GLsizei dstheight, GLenum dstformat, GLenum aamode,
		     GLboolean yflip, GLsizei blocksize, const char *fn)
{
	const struct xfer_format *in = xfer_format_find(srcformat);
	const struct xfer_format *out = xfer_format_find(dstformat);
	struct nngx_request r;
	unsigned sx, sy;
	uint32_t from, to;
	void *in_program, *out_program;

	if (!l)
		return;
	if (!xfer_aligned(srcaddr, XFER_ADDRESS_ALIGN) || !xfer_aligned(dstaddr, XFER_ADDRESS_ALIGN)) {
		xfer_reject(st, GL_ERROR_807D_DMP, fn, "addresses %p and %p must be 16-byte "
			    "aligned", srcaddr, (void *)dstaddr);
		return;
	}
	if (!xfer_blocksize_ok(blocksize)) {
		xfer_reject(st, GL_ERROR_807E_DMP, fn, "blocksize %d is not 8 or 32", blocksize);
		return;
	}
	if (aamode < NN_GX_ANTIALIASE_NOT_USED || aamode > NN_GX_ANTIALIASE_2x2) {
		xfer_reject(st, GL_ERROR_807F_DMP, fn, "aamode 0x%04X is not "
			    "NN_GX_ANTIALIASE_NOT_USED, _2x1 or _2x2", aamode);
		return;
	}
	if (!in || !out) {
		xfer_reject(st, GL_ERROR_8080_DMP, fn, "formats 0x%04X and 0x%04X: each is "
			    XFER_FORMAT_NAMES, srcformat, dstformat);
		return;
	}
	if (out->bytes > in->bytes) {
		xfer_reject(st, GL_ERROR_8081_DMP, fn, "a %u-byte destination pixel from a "
			    "%u-byte source pixel: the engine does not widen", out->bytes,
			    in->bytes);
		return;
	}
	if (srcwidth < 0 || srcheight < 0 || dstwidth < 0 || dstheight < 0
	    || srcwidth % blocksize || srcheight % blocksize || dstwidth % XFER_TILE
	    || dstheight % XFER_TILE || (out->bytes == 3 && dstwidth % 16)
	    || srcwidth > XFER_MAX_SIDE || srcheight > XFER_MAX_SIDE) {
		xfer_reject(st, GL_ERROR_8082_DMP, fn, "source %d x %d (multiples of the block "
			    "size %d, at most 65535), destination %d x %d (multiples of 8; the "
			    "width of 16 for a 24-bit format)", srcwidth, srcheight, blocksize, dstwidth,
			    dstheight);
		return;
	}
	if (srcwidth == 0 || srcheight == 0 || dstwidth == 0 || dstheight == 0)
		return;                         /* nothing to convert */
	sx = aamode == NN_GX_ANTIALIASE_NOT_USED ? 1 : 2;
	sy = aamode == NN_GX_ANTIALIASE_2x2 ? 2 : 1;
	if ((uint64_t)srcwidth < (uint64_t)dstwidth * sx
	    || (uint64_t)srcheight < (uint64_t)dstheight * sy) {
		xfer_reject(st, GL_ERROR_8083_DMP, fn, "source %d x %d is smaller than the "
			    "destination %d x %d times the scale %u x %u", srcwidth, srcheight,
			    dstwidth, dstheight, sx, sy);
		return;
	}
	from = xfer_side(st, (void *)srcaddr, xfer_bytes(srcwidth, srcheight, in), false,
			 &in_program, "source", fn);
	to = from ? xfer_side(st, dstaddr, xfer_bytes(dstwidth, dstheight, out), true,
			      &out_program, "destination", fn) : 0;
	if (!to)
		return;
	memset(&r, 0, sizeof r);
	r.type = NN_GX_CMDLIST_REQTYPE_POSTTRANS;
	r.cpu_in = in_program;
	r.cpu_out = out_program;
	xfer_image(&r.u.post.src, from, (unsigned)srcwidth, (unsigned)srcheight, in->code, true);
	r.u.post.src.block32 = blocksize == 32;
	xfer_image(&r.u.post.dst, to, (unsigned)dstwidth, (unsigned)dstheight, out->code, false);
	r.u.post.aa = aamode == NN_GX_ANTIALIASE_NOT_USED ? HW_TRANSFER_AA_NONE
		      : aamode == NN_GX_ANTIALIASE_2x1 ? HW_TRANSFER_AA_2X1 : HW_TRANSFER_AA_2X2;
	r.u.post.yflip = yflip != GL_FALSE;
	nngx_cmdlist_queue_request(l, &r);
}

void nngxAddB2LTransferCommand(const GLvoid *srcaddr, GLsizei srcwidth, GLsizei srcheight,
			       GLenum srcformat, GLvoid *dstaddr, GLsizei dstwidth,
			       GLsizei dstheight, GLenum dstformat, GLenum aamode,
			       GLboolean yflip, GLsizei blocksize)
{
	static const char fn[] = "nngxAddB2LTransferCommand";
	NNGX_API(st);

	xfer_b2l(st, xfer_list(st, GL_ERROR_807C_DMP, fn), srcaddr, srcwidth, srcheight,
		 srcformat, dstaddr, dstwidth, dstheight, dstformat, aamode, yflip, blocksize,
		 fn);
}

void nngxAddB2LTransferCommandRaw(nngxCommandList *cmdlist, const GLvoid *srcaddr,
				  GLsizei srcwidth, GLsizei srcheight, GLenum srcformat,
				  GLvoid *dstaddr, GLsizei dstwidth, GLsizei dstheight,
				  GLenum dstformat, GLenum aamode, GLboolean yflip,
				  GLsizei blocksize)
{
	static const char fn[] = "nngxAddB2LTransferCommandRaw";
	NNGX_API(st);

	xfer_b2l(st, xfer_raw_list(st, cmdlist, GL_ERROR_807C_DMP, fn), srcaddr, srcwidth,
		 srcheight, srcformat, dstaddr, dstwidth, dstheight, dstformat, aamode, yflip,
		 blocksize, fn);
}

/* ---- block copy ------------------------------------------------------------ */

/* Queue a block copy (units and gaps on each side) on list l after checking
 * every argument; a bad one is rejected and nothing is queued. l NULL: the
 * caller already reported. */
static void xfer_block_copy(struct nngx_state *st, struct nngx_cmdlist *l,
			    const GLvoid *srcaddr, GLsizei srcunit, GLsizei srcinterval,
			    GLvoid *dstaddr, GLsizei dstunit, GLsizei dstinterval,
			    GLsizei totalsize, const char *fn)
{
	struct nngx_request r;
	struct hw_block_copy c;
	void *in_program, *out_program;

	if (!l)
		return;
	if (!xfer_aligned(srcaddr, XFER_ADDRESS_ALIGN) || !xfer_aligned(dstaddr, XFER_ADDRESS_ALIGN)) {
		xfer_reject(st, 0, fn, "addresses %p and %p must be 16-byte aligned", srcaddr,
			    (void *)dstaddr);
		return;
	}
	if (totalsize < 0 || totalsize % COPY_STEP) {
		xfer_reject(st, 0, fn, "totalsize %d is not a multiple of 16", totalsize);
		return;
	}
	if (srcunit <= 0 || srcunit % COPY_STEP || dstunit <= 0 || dstunit % COPY_STEP
	    || srcinterval < 0 || srcinterval % COPY_STEP || dstinterval < 0
	    || dstinterval % COPY_STEP) {
		xfer_reject(st, 0, fn, "units %d, %d (positive) and intervals %d, %d: multiples "
			    "of 16", srcunit, dstunit, srcinterval, dstinterval);
		return;
	}
	if (totalsize == 0)
		return;                         /* nothing to copy */
	memset(&c, 0, sizeof c);
	c.src_unit = (uint32_t)srcunit;
	c.src_gap = (uint32_t)srcinterval;
	c.dst_unit = (uint32_t)dstunit;
	c.dst_gap = (uint32_t)dstinterval;
	c.size = (uint32_t)totalsize;
	c.src = xfer_side(st, (void *)srcaddr, hw_block_copy_span(c.src_unit, c.src_gap, c.size),
			  false, &in_program, "source", fn);
	c.dst = c.src ? xfer_side(st, dstaddr, hw_block_copy_span(c.dst_unit, c.dst_gap, c.size),
				  true, &out_program, "destination", fn) : 0;
	if (!c.dst)
		return;
	memset(&r, 0, sizeof r);
	r.type = NN_GX_CMDLIST_REQTYPE_COPYTEX;
	r.cpu_in = in_program;
	r.cpu_out = out_program;
	r.block = true;
	r.u.block = c;
	nngx_cmdlist_queue_request(l, &r);
}

void nngxAddBlockImageCopyCommand(const GLvoid *srcaddr, GLsizei srcunit, GLsizei srcinterval,
				  GLvoid *dstaddr, GLsizei dstunit, GLsizei dstinterval,
				  GLsizei totalsize)
{
	static const char fn[] = "nngxAddBlockImageCopyCommand";
	NNGX_API(st);

	xfer_block_copy(st, xfer_list(st, 0, fn), srcaddr, srcunit, srcinterval, dstaddr,
			dstunit, dstinterval, totalsize, fn);
}

void nngxAddBlockImageCopyCommandRaw(nngxCommandList *cmdlist, const GLvoid *srcaddr,
				     GLsizei srcunit, GLsizei srcinterval, GLvoid *dstaddr,
				     GLsizei dstunit, GLsizei dstinterval, GLsizei totalsize)
{
	static const char fn[] = "nngxAddBlockImageCopyCommandRaw";
	NNGX_API(st);

	xfer_block_copy(st, xfer_raw_list(st, cmdlist, 0, fn), srcaddr, srcunit, srcinterval,
			dstaddr, dstunit, dstinterval, totalsize, fn);
}

/* ---- linear image into a renderbuffer or texture ---------------------------- */

void nngxTransferLinearImage(const GLvoid *srcaddr, GLuint dstid, GLenum target)
{
	static const char fn[] = "nngxTransferLinearImage";
	NNGX_API(st);
	const struct xfer_format *f = NULL;
	struct nngx_cmdlist *l;
	struct gl_texture *tex = NULL;
	struct nngx_request r;
	unsigned width = 0, height = 0;
	uint32_t to = 0, from;
	void *in_program;

	if (target != GL_RENDERBUFFER && target != GL_TEXTURE_2D
	    && (target < GL_TEXTURE_CUBE_MAP_POSITIVE_X || target > GL_TEXTURE_CUBE_MAP_NEGATIVE_Z)) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "target 0x%04X is not GL_RENDERBUFFER, GL_TEXTURE_2D or a cube-map "
				 "face; nothing is added", target);
		return;
	}
	l = xfer_list(st, 0, fn);
	if (!l)
		return;
	if (!xfer_aligned(srcaddr, XFER_ADDRESS_ALIGN)) {
		xfer_reject(st, 0, fn, "srcaddr %p must be 16-byte aligned", srcaddr);
		return;
	}
	if (target == GL_RENDERBUFFER && dstid == 0) {
		struct gl_frag_target t;

		if (!gl_framebuffer_peek(st, &t, fn))
			return;
		to = t.color_phys;
		width = t.width;
		height = t.height;
		f = xfer_format_of_code(t.color_format);
	} else if (target == GL_RENDERBUFFER) {
		const struct gl_renderbuffer *rb = gl_renderbuffer_find(&st->gl, dstid);

		if (rb && rb->phys) {
			to = rb->phys;
			width = (unsigned)rb->width;
			height = (unsigned)rb->height;
			f = xfer_format_find(rb->format);
		}
	} else {
		/* GL_TEXTURE_2D: level 0 of a 2D texture; a face: level 0 of
		 * that face of a cube map (its chain at face x size / 6), which
		 * must have its level-0 image. */
		bool face = target != GL_TEXTURE_2D;
		unsigned k = face ? target - GL_TEXTURE_CUBE_MAP_POSITIVE_X : 0;

		tex = gl_texture_find(&st->gl, dstid);
		if (tex && tex->hw.phys && (tex->target == GL_TEXTURE_CUBE_MAP) == face
		    && (!face || (tex->face_levels[k] & 1u))) {
			to = tex->hw.phys + (face ? k * (tex->size / 6) : 0);
			width = tex->hw.width;
			height = tex->hw.height;
			/* Texture formats 0-4 are the colour formats' codes. */
			f = tex->hw.format <= HW_TEX_RGBA4 ? xfer_format_of_code(tex->hw.format) : NULL;
		}
	}
	if (!to || !f) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_TRANSFER_TARGET_NOT_READY, fn,
				 "%s %u %s; nothing is added",
				 target == GL_RENDERBUFFER ? (dstid ? "renderbuffer" : "the colour "
							      "buffer of framebuffer")
				 : "texture",
				 dstid ? dstid : st->gl.framebuffer_binding,
				 to ? "is not in " XFER_FORMAT_NAMES : target == GL_RENDERBUFFER
				 ? "has no storage" : "has no level-0 image for this target");
		return;
	}
	from = xfer_side(st, (void *)srcaddr, (uint64_t)width * height * f->bytes, false,
			 &in_program, "source", fn);
	if (!from)
		return;
	memset(&r, 0, sizeof r);
	r.type = NN_GX_CMDLIST_REQTYPE_POSTTRANS;
	r.cpu_in = in_program;
	xfer_image(&r.u.post.src, from, width, height, f->code, false);
	xfer_image(&r.u.post.dst, to, width, height, f->code, true);
	r.u.post.aa = HW_TRANSFER_AA_NONE;
	nngx_cmdlist_queue_request(l, &r);
	if (tex)
		st->gl.texture_epoch++;         /* the next draw clears the texture cache */
}

/* ---- 2x2 box filter ----------------------------------------------------------- */

/* Queue a 2x2 box filter of a block image into one of half its sides on list
 * l, after checking every argument: GL_ERROR_8069_DMP for a misaligned
 * address, GL_ERROR_806A_DMP for bad sides, a diagnostic only for a bad
 * format. Nothing is queued then. l NULL: the caller reported. */
static void xfer_filter(struct nngx_state *st, struct nngx_cmdlist *l, const GLvoid *srcaddr,
			GLvoid *dstaddr, GLsizei width, GLsizei height, GLenum format,
			const char *fn)
{
	const struct xfer_format *f = xfer_format_find(format);
	struct hw_transfer_image dst;
	struct nngx_request r;
	GLsizei step;
	uint32_t from, to;
	void *in_program, *out_program;

	if (!l)
		return;
	if (!xfer_aligned(srcaddr, FILTER_ADDRESS_ALIGN) || !xfer_aligned(dstaddr, FILTER_ADDRESS_ALIGN)) {
		xfer_reject(st, GL_ERROR_8069_DMP, fn, "addresses %p and %p must be 8-byte "
			    "aligned", srcaddr, (void *)dstaddr);
		return;
	}
	if (!f) {
		xfer_reject(st, 0, fn, "format 0x%04X is not " XFER_FORMAT_NAMES, format);
		return;
	}
	step = f->bytes == 2 ? 128 : 64;        /* 16-bit formats: 128; 24 and 32: 64 */
	if (width < step || width % step || height < step || height % XFER_TILE
	    || width > XFER_MAX_SIDE || height > XFER_MAX_SIDE) {
		xfer_reject(st, GL_ERROR_806A_DMP, fn, "%d x %d: a %u-byte format needs a width "
			    "of at least %d in multiples of %d and a height of at least %d in "
			    "multiples of 8", width, height, f->bytes, step, step, step);
		return;
	}
	from = xfer_side(st, (void *)srcaddr, xfer_bytes(width, height, f), false, &in_program,
			 "source", fn);
	xfer_image(&dst, 0, (unsigned)width / 2, (unsigned)height / 2, f->code, true);
	to = from ? xfer_side(st, dstaddr, hw_transfer_image_bytes(&dst), true, &out_program,
			      "destination", fn) : 0;
	if (!to)
		return;
	memset(&r, 0, sizeof r);
	r.type = NN_GX_CMDLIST_REQTYPE_POSTTRANS;
	r.cpu_in = in_program;
	r.cpu_out = out_program;
	xfer_image(&r.u.post.src, from, (unsigned)width, (unsigned)height, f->code, true);
	dst.phys = to;
	r.u.post.dst = dst;
	r.u.post.aa = HW_TRANSFER_AA_2X2;
	nngx_cmdlist_queue_request(l, &r);
}

void nngxFilterBlockImage(const GLvoid *srcaddr, GLvoid *dstaddr, GLsizei width, GLsizei height,
			  GLenum format)
{
	static const char fn[] = "nngxFilterBlockImage";
	NNGX_API(st);

	xfer_filter(st, xfer_list(st, GL_ERROR_8068_DMP, fn), srcaddr, dstaddr, width, height,
		    format, fn);
}

void nngxFilterBlockImageRaw(nngxCommandList *cmdlist, const GLvoid *srcaddr, GLvoid *dstaddr,
			     GLsizei width, GLsizei height, GLenum format)
{
	static const char fn[] = "nngxFilterBlockImageRaw";
	NNGX_API(st);

	xfer_filter(st, xfer_raw_list(st, cmdlist, GL_ERROR_8068_DMP, fn), srcaddr, dstaddr,
		    width, height, format, fn);
}
