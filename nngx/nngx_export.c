/* nngx_export.c: exported command lists (nngxExportCmdlist,
 * nngxImportCmdlist, nngxGetExportedCmdlistInfo).
 *
 * An export is a saved region (nngxStopCmdlistSave's four numbers) written
 * out as one block of bytes the program may keep, copy or store, and later
 * append to any list with nngxImportCmdlist: the same words, the same
 * requests, so the GPU does the same work.
 *
 * The block (model choice; the SDK's layout is its own): a header of eight
 * 32-bit words in host order, then the command words, then one record per
 * request.
 *
 *   word 0  EXPORT_MAGIC ("NGXE")     word 4  request count
 *   word 1  EXPORT_VERSION            word 5  offset of the command words
 *   word 2  size of the whole block   word 6  offset of the requests
 *   word 3  bytes of command words    word 7  bytes of one request record
 *
 * A record: the request type, its first and end word (counted from the
 * export's first word), a flags word (bit 0: a block-image copy, whose
 * parameters are u.block rather than u.copy; the other bits 0), then the
 * request's parameters as the library holds them. (The flags word was a
 * zero word before block copies were exported: such blocks read the same.)
 * A request staged
 * through program memory (a transfer or block copy from or to memory the
 * model does not simulate) holds a pointer that may be written through
 * when it runs; a block from elsewhere must never name such a pointer,
 * so a region holding one is not exported (a diagnostic, no block). So a block is read back by the same build of the
 * library that wrote it (the record size is checked); nngxImportCmdlist
 * checks every field it relies on and refuses a block that does not hold
 * (GL_ERROR_8042_DMP), so a damaged or made-up block never reaches the GPU.
 *
 * Errors: the codes of section 6 of the SDK notes (803B-8046), each with
 * CMDLIST_EXPORT_REJECTED; a failing call changes nothing. */
#include <stdlib.h>
#include <string.h>

#include <nn/gx/CTR/gx_CTR.h>

#include "driver/nngx_addrspace.h"
#include "driver/nngx_state.h"
#include "hw/hw_alloc.h"
#include "hw/hw_texture.h"

#define EXPORT_MAGIC 0x4558474Eu        /* "NGXE" read as bytes */
#define EXPORT_VERSION 1u
#define EXPORT_FLAG_BLOCK 1u              /* record flags: a block-image copy */
#define EXPORT_HEADER_WORDS 8u
#define EXPORT_HEADER_BYTES (EXPORT_HEADER_WORDS * 4u)

struct export_record {
	uint32_t type, begin, end, flags;
};

/* Bytes of one exported request: the record header and the request's union,
 * rounded up to 8 so records stay aligned. */
static size_t record_bytes(void)
{
	size_t n = sizeof(struct export_record) + sizeof(((struct nngx_request *)0)->u);

	return (n + 7u) & ~(size_t)7u;
}

/* ---- export ------------------------------------------------------------------ */

/* Whether the words of region `r` are exactly those of its RUN3D
 * requests, in order: the first starts at the region's first word, each
 * next where the previous ended, the last ends with the region. */
static bool region_lines_up(const struct nngx_cmdlist *l, const struct nngx_region *r)
{
	size_t pos = r->word, k;

	for (k = 0; k < r->reqs; k++) {
		const struct nngx_request *q = &l->req[r->req + k];

		if (q->type != NN_GX_CMDLIST_REQTYPE_RUN3D)
			continue;
		if (q->begin != pos)
			return false;
		pos = q->end;
	}
	return pos == r->word + r->words;
}

GLsizei nngxExportCmdlist(GLuint cmdlist, GLuint bufferoffset, GLsizei buffersize,
			  GLuint requestid, GLsizei requestsize, GLsizei datasize, GLvoid *data)
{
	static const char fn[] = "nngxExportCmdlist";
	NNGX_API(st);
	const struct nngx_cmdlist *l;
	struct nngx_region r;
	uint32_t head[EXPORT_HEADER_WORDS];
	size_t need, k, rec = record_bytes();
	uint8_t *out = data;

	if (cmdlist == 0) {
		nngx_state_error(st, GL_ERROR_803B_DMP, NNGX_SHIM_DIAG_CMDLIST_EXPORT_REJECTED, fn,
				 "command list 0 is no list");
		return 0;
	}
	l = nngx_cmdlist_find(st, cmdlist);
	if (!l) {
		/* The SDK tests the name only; an unknown one has no code. */
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_CMDLIST_EXPORT_REJECTED, fn,
				 "%u is no command list", cmdlist);
		return 0;
	}
	if (bufferoffset % 8 || buffersize % 8) {
		nngx_state_error(st, GL_ERROR_803E_DMP, NNGX_SHIM_DIAG_CMDLIST_EXPORT_REJECTED, fn,
				 "offset %u and size %d must be multiples of 8 bytes", bufferoffset,
				 buffersize);
		return 0;
	}
	r.word = bufferoffset / 4;
	r.words = buffersize < 0 ? SIZE_MAX : (size_t)buffersize / 4;
	r.req = requestid;
	r.reqs = requestsize < 0 ? SIZE_MAX : (size_t)requestsize;
	if (!nngx_region_inside(l, &r)) {
		nngx_state_error(st, GL_ERROR_803D_DMP, NNGX_SHIM_DIAG_CMDLIST_EXPORT_REJECTED, fn,
				 "command list %u holds %zu bytes and %zu requests, not bytes "
				 "[%u, +%d) and requests [%u, +%d)", cmdlist, l->used_words * 4,
				 l->used_req, bufferoffset, buffersize, requestid, requestsize);
		return 0;
	}
	/* 803F (a request that runs a buffer outside the list) cannot occur:
	 * the library copies what nngxAdd3DCommand refers to (model choice). */
	need = EXPORT_HEADER_BYTES + r.words * 4 + r.reqs * rec;
	if (need > INT32_MAX) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_CMDLIST_EXPORT_REJECTED, fn,
				 "the export would take %zu bytes, more than a GLsizei holds", need);
		return 0;
	}
	if (!region_lines_up(l, &r)) {
		nngx_state_error(st, GL_ERROR_8040_DMP, NNGX_SHIM_DIAG_CMDLIST_EXPORT_REJECTED, fn,
				 "bytes [%u, +%d) are not exactly the commands of the render "
				 "requests [%u, +%d) (flush before nngxStartCmdlistSave and "
				 "before nngxStopCmdlistSave)", bufferoffset, buffersize, requestid,
				 requestsize);
		return (GLsizei)need;
	}
	for (k = 0; k < r.reqs; k++) {
		const struct nngx_request *q = &l->req[r.req + k];

		if (q->cpu_in || q->cpu_out) {
			nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_CMDLIST_EXPORT_REJECTED, fn,
					 "request %zu of the region is staged through program "
					 "memory (a pointer of this process): not exported",
					 r.req + k);
			return 0;
		}
	}
	if (!data)
		return (GLsizei)need;
	if (datasize < 0 || (size_t)datasize < need) {
		nngx_state_error(st, GL_ERROR_803C_DMP, NNGX_SHIM_DIAG_CMDLIST_EXPORT_REJECTED, fn,
				 "the export takes %zu bytes, the buffer has %d", need, datasize);
		return (GLsizei)need;
	}
	head[0] = EXPORT_MAGIC;
	head[1] = EXPORT_VERSION;
	head[2] = (uint32_t)need;
	head[3] = (uint32_t)(r.words * 4);
	head[4] = (uint32_t)r.reqs;
	head[5] = EXPORT_HEADER_BYTES;
	head[6] = (uint32_t)(EXPORT_HEADER_BYTES + r.words * 4);
	head[7] = (uint32_t)rec;
	memcpy(out, head, sizeof head);
	memcpy(out + head[5], l->words + r.word, r.words * 4);
	for (k = 0; k < r.reqs; k++) {
		const struct nngx_request *q = &l->req[r.req + k];
		struct export_record e;
		uint8_t *at = out + head[6] + k * rec;

		memset(at, 0, rec);
		e.type = q->type;
		/* Non-RUN3D requests sit where the words before them end,
		 * which may be before the region (a save opened mid-segment). */
		e.begin = (uint32_t)(q->begin < r.word ? 0 : q->begin - r.word);
		e.end = (uint32_t)(q->end < r.word ? 0 : q->end - r.word);
		e.flags = q->block ? EXPORT_FLAG_BLOCK : 0u;
		memcpy(at, &e, sizeof e);
		memcpy(at + sizeof e, &q->u, sizeof q->u);
	}
	return (GLsizei)need;
}

/* ---- reading a block ----------------------------------------------------------- */

/* The header of the block at `data`, when it is one this build wrote. */
static bool block_header(const void *data, uint32_t head[EXPORT_HEADER_WORDS])
{
	if (!data)
		return false;
	memcpy(head, data, EXPORT_HEADER_BYTES);
	return head[0] == EXPORT_MAGIC && head[1] == EXPORT_VERSION
	       && head[7] == record_bytes() && head[3] % 8 == 0
	       && head[5] == EXPORT_HEADER_BYTES
	       && head[6] == EXPORT_HEADER_BYTES + (uint64_t)head[3]
	       && head[2] == (uint64_t)head[6] + (uint64_t)head[4] * head[7];
}

/* Whether the byte of a bool read from a block is 0 or 1 (any other
 * value would be no bool at all). */
static bool bool_byte_ok(const void *b)
{
	unsigned char c;

	memcpy(&c, b, 1);
	return c <= 1;
}

/* Whether the bools of request parameters read from a block are bools:
 * every bool the union holds for the request's type (a transfer's
 * flip and tilings, a fill's two channels' any_vram). */
static bool request_bools_ok(uint32_t type, const struct nngx_request *q)
{
	unsigned ch;

	switch (type) {
	case NN_GX_CMDLIST_REQTYPE_POSTTRANS:
		return bool_byte_ok(&q->u.post.yflip) && bool_byte_ok(&q->u.post.src.tiled)
		       && bool_byte_ok(&q->u.post.dst.tiled);
	case NN_GX_CMDLIST_REQTYPE_FILLMEM:
		for (ch = 0; ch < HW_FILL_CHANNELS; ch++)
			if (!bool_byte_ok(&q->u.fill[ch].any_vram))
				return false;
		return true;
	default:
		return true;
	}
}

/* Whether a copy request's row count is one a texture copy can make: one
 * row per 8-texel tile row of a texture at most HW_TEX_MAX_SIZE high
 * (gl_texture.c). The run takes each row in turn, so a made-up count of
 * billions would hold the GPU model for minutes (found by fuzz_import). */
static bool request_copy_ok(uint32_t type, const struct nngx_request *q)
{
	return type != NN_GX_CMDLIST_REQTYPE_COPYTEX || q->block
	       || q->u.copy.rows <= HW_TEX_MAX_SIZE / HW_TEX_TILE;
}

/* Whether type is one of the five request types an exported list may hold. */
static bool known_request_type(uint32_t type)
{
	return type == NN_GX_CMDLIST_REQTYPE_RUN3D || type == NN_GX_CMDLIST_REQTYPE_DMA
	       || type == NN_GX_CMDLIST_REQTYPE_FILLMEM || type == NN_GX_CMDLIST_REQTYPE_POSTTRANS
	       || type == NN_GX_CMDLIST_REQTYPE_COPYTEX;
}

void nngxGetExportedCmdlistInfo(GLvoid *data, GLsizei *buffersize, GLsizei *requestsize,
				GLuint *bufferoffset)
{
	NNGX_API(st);
	uint32_t head[EXPORT_HEADER_WORDS];

	if (!block_header(data, head)) {
		nngx_state_error(st, GL_ERROR_8046_DMP, NNGX_SHIM_DIAG_CMDLIST_EXPORT_REJECTED,
				 "nngxGetExportedCmdlistInfo",
				 "the data is no command list export of this library");
		return;
	}
	/* NULL outputs are skipped. */
	if (buffersize)
		*buffersize = (GLsizei)head[3];
	if (requestsize)
		*requestsize = (GLsizei)head[4];
	if (bufferoffset)
		*bufferoffset = head[5];
}

/* ---- import -------------------------------------------------------------------- */

/* Decode the block's words and requests into `l` (allocated here; the
 * caller frees l->words and l->req); false when a request does not hold
 * together (its type unknown, its words outside the block's or out of
 * order) or memory runs out (*oom). */
static bool block_decode(const uint8_t *data, const uint32_t head[EXPORT_HEADER_WORDS],
			 struct nngx_cmdlist *l, bool *oom)
{
	size_t words = head[3] / 4, reqs = head[4], k, pos = 0;

	memset(l, 0, sizeof *l);
	*oom = false;
	l->words = hw_malloc(words ? words * 4 : 4);
	l->req = hw_calloc(reqs ? reqs : 1, sizeof *l->req);
	if (!l->words || !l->req) {
		*oom = true;
		return false;
	}
	memcpy(l->words, data + head[5], words * 4);
	l->cap_words = l->used_words = l->flushed_words = words;
	l->max_req = l->used_req = reqs;
	for (k = 0; k < reqs; k++) {
		const uint8_t *at = data + head[6] + k * head[7];
		struct export_record e;
		struct nngx_request *q = &l->req[k];

		memcpy(&e, at, sizeof e);
		if (!known_request_type(e.type) || (e.flags & ~EXPORT_FLAG_BLOCK)
		    || ((e.flags & EXPORT_FLAG_BLOCK) && e.type != NN_GX_CMDLIST_REQTYPE_COPYTEX)
		    || e.begin > e.end || e.end > words)
			return false;
		if (e.type == NN_GX_CMDLIST_REQTYPE_RUN3D ? e.begin != pos : e.begin != e.end)
			return false;
		memset(q, 0, sizeof *q);
		q->type = e.type;
		q->begin = e.begin;
		q->end = e.end;
		q->block = (e.flags & EXPORT_FLAG_BLOCK) != 0;
		memcpy(&q->u, at + sizeof e, sizeof q->u);
		if (!request_bools_ok(e.type, q) || !request_copy_ok(e.type, q))
			return false;
		/* A DMA from program memory holds a pointer of the exporting
		 * process: it must name memory this one can read now (it is
		 * read through the kernel at the run, never dereferenced). */
		if (e.type == NN_GX_CMDLIST_REQTYPE_DMA && q->u.dma.cpu_src
		    && !nngx_addrspace_readable(q->u.dma.cpu_src, q->u.dma.size))
			return false;
		if (e.type == NN_GX_CMDLIST_REQTYPE_RUN3D)
			pos = e.end;
	}
	return pos == words;
}

void nngxImportCmdlist(GLuint cmdlist, GLvoid *data, GLsizei datasize)
{
	static const char fn[] = "nngxImportCmdlist";
	NNGX_API(st);
	struct nngx_cmdlist *dst = nngx_cmdlist_find(st, cmdlist), src;
	struct nngx_region r;
	uint32_t head[EXPORT_HEADER_WORDS];
	bool oom;

	if (!dst || !dst->phys) {
		nngx_state_error(st, GL_ERROR_8041_DMP, NNGX_SHIM_DIAG_CMDLIST_EXPORT_REJECTED, fn,
				 "%u is no command list with storage", cmdlist);
		return;
	}
	/* datasize first: a block shorter than the header (or of no size at
	 * all, a negative one) is not read. */
	if (data && (datasize < 0 || (uint32_t)datasize < EXPORT_HEADER_BYTES)) {
		nngx_state_error(st, GL_ERROR_8043_DMP, NNGX_SHIM_DIAG_CMDLIST_EXPORT_REJECTED, fn,
				 "datasize %d is shorter than an export's %u-byte header; "
				 "nothing is read", datasize, EXPORT_HEADER_BYTES);
		return;
	}
	if (!block_header(data, head)) {
		nngx_state_error(st, GL_ERROR_8042_DMP, NNGX_SHIM_DIAG_CMDLIST_EXPORT_REJECTED, fn,
				 "the data is no command list export of this library");
		return;
	}
	if (datasize < 0 || (uint32_t)datasize != head[2]) {
		nngx_state_error(st, GL_ERROR_8043_DMP, NNGX_SHIM_DIAG_CMDLIST_EXPORT_REJECTED, fn,
				 "datasize %d is not the export's size, %u bytes", datasize, head[2]);
		return;
	}
	if (!block_decode(data, head, &src, &oom)) {
		if (oom)
			nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_CMDLIST_EXPORT_REJECTED, fn,
					 "no host memory to read the export of %u bytes", head[2]);
		else
			nngx_state_error(st, GL_ERROR_8042_DMP,
					 NNGX_SHIM_DIAG_CMDLIST_EXPORT_REJECTED, fn,
					 "the export's requests do not hold together (damaged?)");
		hw_free(src.words);
		hw_free(src.req);
		return;
	}
	r.word = 0;
	r.words = src.used_words;
	r.req = 0;
	r.reqs = src.used_req;
	if (!nngx_region_fits(dst, &src, &r)) {
		nngx_state_error(st, GL_ERROR_8044_DMP, NNGX_SHIM_DIAG_CMDLIST_EXPORT_REJECTED, fn,
				 "%u bytes and %u requests do not fit in command list %u (%zu bytes "
				 "and %zu requests left)", head[3], head[4], dst->name,
				 (dst->cap_words - dst->used_words) * 4, dst->max_req - dst->used_req);
	} else if (src.used_req && src.req[0].type != NN_GX_CMDLIST_REQTYPE_RUN3D
		   && dst->flushed_words < dst->used_words) {
		nngx_state_error(st, GL_ERROR_8045_DMP, NNGX_SHIM_DIAG_CMDLIST_EXPORT_REJECTED, fn,
				 "command list %u has commands not closed into a request, and the "
				 "export's first request is no render request (flush first)",
				 dst->name);
	} else {
		nngx_region_replay(st, dst, &src, &r, fn);
	}
	hw_free(src.words);
	hw_free(src.req);
}
