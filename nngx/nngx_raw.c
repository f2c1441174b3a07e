/* nngx_raw.c: the Raw API's entry points (gx_CTRRaw.h): the operations of
 * nngx_cmdlist.c and the transfers on a list the program owns instead of
 * the bound one. How the program's nngxCommandList maps to driver state is
 * in driver/nngx_raw.h.
 *
 * Error codes (model choices, doc/model.md): where the SDK's bound counterpart
 * has documented codes, the Raw form records the same ones with
 * RAW_CMDLIST_REJECTED; otherwise it behaves as its bound counterpart
 * does. A NULL or never set-up nngxCommandList records no GL error:
 * RAW_CMDLIST_INVALID, and nothing changes. */
#include <string.h>

#include "driver/nngx_raw.h"
#include "driver/nngx_state.h"

#define RAW_BUFFER_ALIGN 16u            /* the command buffer's address */
#define RAW_REQUEST_ALIGN 4u            /* the request memory's address */

/* The driver list of `cl`, or NULL after the diagnostic. */
static struct nngx_cmdlist *raw_list(struct nngx_state *st, nngxCommandList *cl,
				     const char *fn)
{
	struct nngx_raw_list *r = nngx_raw_get(st, cl, fn);

	return r ? &r->list : NULL;
}

/* The same for a call that writes the list's buffer: it must still be
 * the program's simulated memory. */
static struct nngx_raw_list *raw_writable(struct nngx_state *st, nngxCommandList *cl,
					  GLenum code, const char *fn)
{
	struct nngx_raw_list *r = nngx_raw_get(st, cl, fn);

	return r && nngx_raw_buffer_alive(st, r, code, fn) ? r : NULL;
}

/* Record `code` with RAW_CMDLIST_REJECTED and the reason `what`. */
static void raw_reject(struct nngx_state *st, GLenum code, const char *fn, const char *what)
{
	nngx_state_error(st, code, NNGX_SHIM_DIAG_RAW_CMDLIST_REJECTED, fn, "%s", what);
}

/* ---- storage ------------------------------------------------------------- */

void nngxCmdlistStorageRaw(nngxCommandList *cmdlist, GLsizei bufsize, GLvoid *commandbuffer,
			   GLsizei requestcount, GLvoid *commandrequest)
{
	static const char fn[] = "nngxCmdlistStorageRaw";
	NNGX_API(st);
	struct nngx_raw_list *old;
	uint32_t phys;

	if (!cmdlist) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_RAW_CMDLIST_INVALID, fn,
				 "the nngxCommandList pointer is NULL");
		return;
	}
	/* An object that is not a list yet is what this call sets up. */
	old = nngx_raw_peek(st, cmdlist);
	if (old && nngx_cmdlist_running(st, &old->list)) {
		raw_reject(st, GL_ERROR_8007_DMP, fn, "the list is running");
		return;
	}
	if (bufsize < 0 || requestcount < 0) {
		nngx_state_error(st, GL_ERROR_8008_DMP, NNGX_SHIM_DIAG_RAW_CMDLIST_REJECTED, fn,
				 "bufsize %d and requestcount %d must not be negative", bufsize,
				 requestcount);
		return;
	}
	if (bufsize == 0 || requestcount == 0 || !commandbuffer || !commandrequest
	    || (uintptr_t)commandrequest % RAW_REQUEST_ALIGN
	    || !nngx_raw_request_bytes(requestcount)) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "bufsize %d and requestcount %d (positive, the request memory of "
				 "nngxGetCommandRequestSizeRaw bytes), commandbuffer %p, "
				 "commandrequest %p (4-aligned)", bufsize, requestcount,
				 commandbuffer, commandrequest);
		return;
	}
	phys = nngx_block_phys(st, commandbuffer, (uint32_t)bufsize);
	if (!phys) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_MEMORY_NOT_SIMULATED, fn,
				 "the command buffer [%p, +%d) is not inside one block of "
				 "simulated memory", commandbuffer, bufsize);
		return;
	}
	if (phys % RAW_BUFFER_ALIGN) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "the command buffer %p is not 16-byte aligned", commandbuffer);
		return;
	}
	nngx_raw_setup(st, cmdlist, commandbuffer, phys, (size_t)bufsize, commandrequest,
		       (size_t)requestcount);
}

GLsizei nngxGetCommandRequestSizeRaw(GLsizei requestcount)
{
	NNGX_API(st);
	size_t bytes = nngx_raw_request_bytes(requestcount);

	if (!bytes)
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT,
				 "nngxGetCommandRequestSizeRaw", "requestcount %d: negative, or "
				 "more requests than a GLsizei of bytes holds; 0 is returned",
				 requestcount);
	return (GLsizei)bytes;
}

/* ---- running and clearing -------------------------------------------------- */

void nngxRunCmdlistRaw(nngxCommandList *cmdlist)
{
	static const char fn[] = "nngxRunCmdlistRaw";
	NNGX_API(st);
	struct nngx_raw_list *r = raw_writable(st, cmdlist, GL_ERROR_8009_DMP, fn);

	if (!r)
		return;
	nngx_cmdlist_run(st, &r->list, fn);
	/* Model choice: the callback runs once, after the next wait. */
	if (r->callback && r->callback_enabled) {
		st->cmdlists.raw_callback = r->callback;
		st->cmdlists.raw_callback_id = r->callback_id;
	}
}

/* Empty a raw list (and, with `fill`, write `data` into every word of its
 * storage). A list that is not raw, or is running, gets its error and is left
 * as it is. */
static void raw_clear(struct nngx_state *st, nngxCommandList *cmdlist, bool fill, GLuint data,
		      const char *fn)
{
	struct nngx_raw_list *r = fill ? raw_writable(st, cmdlist, 0, fn)
				       : nngx_raw_get(st, cmdlist, fn);
	struct nngx_cmdlist *l;
	size_t i;

	if (!r)
		return;
	l = &r->list;
	if (nngx_cmdlist_running(st, l)) {
		raw_reject(st, GL_ERROR_800F_DMP, fn, "the list is running");
		return;
	}
	l->used_words = l->flushed_words = 0;
	l->used_req = l->run_req = 0;
	if (fill)
		for (i = 0; i < l->cap_words; i++)
			l->words[i] = data;
}

void nngxClearCmdlistRaw(nngxCommandList *cmdlist)
{
	NNGX_API(st);

	raw_clear(st, cmdlist, false, 0, "nngxClearCmdlistRaw");
}

void nngxClearFillCmdlistRaw(nngxCommandList *cmdlist, GLuint data)
{
	NNGX_API(st);

	raw_clear(st, cmdlist, true, data, "nngxClearFillCmdlistRaw");
}

/* ---- flushing ----------------------------------------------------------------- */

void nngxSplitDrawCmdlistRaw(nngxCommandList *cmdlist)
{
	static const char fn[] = "nngxSplitDrawCmdlistRaw";
	NNGX_API(st);
	struct nngx_cmdlist *l = raw_list(st, cmdlist, fn);

	if (!l)
		return;
	/* As nngxSplitDrawCmdlist (a flush; model choice), with its code for
	 * a full queue. */
	if (l->used_words != l->flushed_words && l->used_req == l->max_req) {
		raw_reject(st, GL_ERROR_800D_DMP, fn, "the request queue is full");
		return;
	}
	nngx_cmdlist_flush(st, l, fn);
}

void nngxFlush3DCommandNoCacheFlushRaw(nngxCommandList *cmdlist)
{
	static const char fn[] = "nngxFlush3DCommandNoCacheFlushRaw";
	NNGX_API(st);
	struct nngx_cmdlist *l = raw_list(st, cmdlist, fn);

	if (l)
		nngx_cmdlist_flush(st, l, fn);
}

void nngxFlush3DCommandPartiallyRaw(nngxCommandList *cmdlist, GLsizei buffersize)
{
	static const char fn[] = "nngxFlush3DCommandPartiallyRaw";
	NNGX_API(st);
	struct nngx_cmdlist *l = raw_list(st, cmdlist, fn);

	if (l)
		nngx_cmdlist_flush_partially(st, l, buffersize, fn);
}

/* ---- adding commands --------------------------------------------------------- */

void nngxAdd3DCommandNoCacheFlushRaw(nngxCommandList *cmdlist, const GLvoid *bufferaddr,
				     GLsizei buffersize)
{
	static const char fn[] = "nngxAdd3DCommandNoCacheFlushRaw";
	NNGX_API(st);
	struct nngx_raw_list *r = raw_writable(st, cmdlist, 0, fn);

	if (!r)
		return;
	if (!bufferaddr || buffersize <= 0 || buffersize % 8) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "buffer %s, size %d (a positive multiple of 8 bytes)",
				 bufferaddr ? "given" : "NULL", buffersize);
		return;
	}
	/* Copied, as nngxAdd3DCommandNoCacheFlush does (model choice). */
	nngx_cmdlist_append_to(st, &r->list, bufferaddr, (size_t)buffersize / 4, fn);
}

void nngxMoveCommandbufferPointerRaw(nngxCommandList *cmdlist, GLint offset)
{
	static const char fn[] = "nngxMoveCommandbufferPointerRaw";
	NNGX_API(st);
	struct nngx_cmdlist *l = raw_list(st, cmdlist, fn);
	long long to;

	if (!l)
		return;
	to = (long long)l->used_words * 4 + offset;
	if (to < (long long)l->flushed_words * 4 || to > (long long)l->cap_words * 4) {
		nngx_state_error(st, GL_ERROR_8061_DMP, NNGX_SHIM_DIAG_CMDLIST_POINTER_OUTSIDE, fn,
				 "moving by %d bytes from byte %zu leaves [%zu, %zu]", offset,
				 l->used_words * 4, l->flushed_words * 4, l->cap_words * 4);
		return;
	}
	if (offset % 4) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "offset %d is not a multiple of 4 bytes", offset);
		return;
	}
	l->used_words = (size_t)(to / 4);
}

/* ---- transfers ------------------------------------------------------------------ */

void nngxAddMemoryFillCommandRaw(nngxCommandList *cmdlist, GLvoid *startaddr0, GLsizei size0,
				 GLuint data0, GLsizei width0, GLvoid *startaddr1,
				 GLsizei size1, GLuint data1, GLsizei width1)
{
	static const char fn[] = "nngxAddMemoryFillCommandRaw";
	NNGX_API(st);
	struct nngx_cmdlist *l = raw_list(st, cmdlist, fn);
	struct nngx_request r;

	if (!l)
		return;
	/* Room for the fill and the flush before it. */
	if (l->max_req - l->used_req < 1u + (l->used_words != l->flushed_words)) {
		raw_reject(st, GL_ERROR_8078_DMP, fn, "the request queue is full");
		return;
	}
	memset(&r, 0, sizeof r);
	r.type = NN_GX_CMDLIST_REQTYPE_FILLMEM;
	if (!nngx_fill_channel(st, 0, startaddr0, size0, data0, width0,
			       NNGX_SHIM_DIAG_RAW_CMDLIST_REJECTED, &r.u.fill[0], fn)
	    || !nngx_fill_channel(st, 1, startaddr1, size1, data1, width1,
				  NNGX_SHIM_DIAG_RAW_CMDLIST_REJECTED, &r.u.fill[1], fn))
		return;
	if (!r.u.fill[0].phys && !r.u.fill[1].phys)
		return;                         /* both channels unused */
	nngx_cmdlist_add_request_to(st, l, &r, fn);
}

void nngxAddVramDmaCommandNoCacheFlushRaw(nngxCommandList *cmdlist, const GLvoid *srcaddr,
					  GLvoid *dstaddr, GLsizei size)
{
	static const char fn[] = "nngxAddVramDmaCommandNoCacheFlushRaw";
	NNGX_API(st);
	struct nngx_cmdlist *l = raw_list(st, cmdlist, fn);
	struct nngx_request r;

	if (!l)
		return;
	if (size < 0) {
		nngx_state_error(st, GL_ERROR_8091_DMP, NNGX_SHIM_DIAG_RAW_CMDLIST_REJECTED, fn,
				 "size %d is negative", size);
		return;
	}
	if (size == 0)
		return;                         /* nothing to move */
	if (!nngx_dma_request(st, srcaddr, dstaddr, (uint32_t)size, &r, fn))
		return;
	nngx_cmdlist_add_request_to(st, l, &r, fn);
}

/* ---- callbacks ------------------------------------------------------------------- */

void nngxSetCmdlistCallbackRaw(nngxCommandList *cmdlist, void (*func)(GLint))
{
	static const char fn[] = "nngxSetCmdlistCallbackRaw";
	NNGX_API(st);
	struct nngx_raw_list *r = nngx_raw_get(st, cmdlist, fn);

	if (!r)
		return;
	if (nngx_cmdlist_running(st, &r->list)) {
		raw_reject(st, GL_ERROR_8010_DMP, fn, "the list is running");
		return;
	}
	r->callback = func;
}

/* Whether `id` names a request of `r`'s queue (1-based) or is -1. */
static bool raw_callback_id_ok(const struct nngx_raw_list *r, GLint id)
{
	return id == -1 || (id >= 1 && (size_t)id <= r->list.max_req);
}

void nngxEnableCmdlistCallbackRaw(nngxCommandList *cmdlist, GLint id)
{
	static const char fn[] = "nngxEnableCmdlistCallbackRaw";
	NNGX_API(st);
	struct nngx_raw_list *r = nngx_raw_get(st, cmdlist, fn);

	if (!r)
		return;
	if (!raw_callback_id_ok(r, id)) {
		nngx_state_error(st, GL_ERROR_8012_DMP, NNGX_SHIM_DIAG_RAW_CMDLIST_REJECTED, fn,
				 "id %d is neither -1 nor a request of 1..%zu", id, r->list.max_req);
		return;
	}
	r->callback_enabled = true;
	r->callback_id = id;
}

void nngxDisableCmdlistCallbackRaw(nngxCommandList *cmdlist, GLint id)
{
	static const char fn[] = "nngxDisableCmdlistCallbackRaw";
	NNGX_API(st);
	struct nngx_raw_list *r = nngx_raw_get(st, cmdlist, fn);

	if (!r)
		return;
	if (!raw_callback_id_ok(r, id)) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "id %d is neither -1 nor a request of 1..%zu", id, r->list.max_req);
		return;
	}
	r->callback_enabled = false;
}

/* ---- not modelled ----------------------------------------------------------------- */

void nngxSetGasAutoAccumulationUpdateRaw(nngxCommandList *cmdlist, GLint id)
{
	static const char fn[] = "nngxSetGasAutoAccumulationUpdateRaw";
	NNGX_API(st);

	(void)id;
	if (nngx_raw_get(st, cmdlist, fn))
		nngx_state_not_modelled(st, fn, "the automatic update of gas accumulation");
}

void nngxSetGasUpdateRaw(nngxCommandList *cmdlist, GLboolean enable)
{
	static const char fn[] = "nngxSetGasUpdateRaw";
	NNGX_API(st);

	(void)enable;
	if (nngx_raw_get(st, cmdlist, fn))
		nngx_state_not_modelled(st, fn, "the update of gas accumulation");
}

GLbitfield nngxGetHWStateRaw(void)
{
	NNGX_API(st);

	nngx_state_not_modelled(st, "nngxGetHWStateRaw", "the GPU's hardware state bits (0)");
	return 0;
}

/* ---- state ------------------------------------------------------------------------ */

GLboolean nngxGetIsRunningRaw(nngxCommandList *cmdlist)
{
	NNGX_API(st);
	struct nngx_cmdlist *l = raw_list(st, cmdlist, "nngxGetIsRunningRaw");

	return l && nngx_cmdlist_running(st, l) ? GL_TRUE : GL_FALSE;
}

GLsizei nngxGetUsedBufferSizeRaw(nngxCommandList *cmdlist)
{
	NNGX_API(st);
	struct nngx_cmdlist *l = raw_list(st, cmdlist, "nngxGetUsedBufferSizeRaw");

	return l ? (GLsizei)(l->used_words * 4) : 0;
}

GLsizei nngxGetUsedRequestCountRaw(nngxCommandList *cmdlist)
{
	NNGX_API(st);
	struct nngx_cmdlist *l = raw_list(st, cmdlist, "nngxGetUsedRequestCountRaw");

	return l ? (GLsizei)l->used_req : 0;
}

GLsizei nngxGetMaxBufferSizeRaw(nngxCommandList *cmdlist)
{
	NNGX_API(st);
	struct nngx_cmdlist *l = raw_list(st, cmdlist, "nngxGetMaxBufferSizeRaw");

	return l ? (GLsizei)(l->cap_words * 4) : 0;
}

GLsizei nngxGetMaxRequestCountRaw(nngxCommandList *cmdlist)
{
	NNGX_API(st);
	struct nngx_cmdlist *l = raw_list(st, cmdlist, "nngxGetMaxRequestCountRaw");

	return l ? (GLsizei)l->max_req : 0;
}

GLvoid *nngxGetTopBufferAddrRaw(nngxCommandList *cmdlist)
{
	NNGX_API(st);
	struct nngx_raw_list *r = nngx_raw_get(st, cmdlist, "nngxGetTopBufferAddrRaw");

	return r ? r->buffer : NULL;
}

GLsizei nngxGetRunBufferSizeRaw(nngxCommandList *cmdlist)
{
	NNGX_API(st);
	struct nngx_cmdlist *l = raw_list(st, cmdlist, "nngxGetRunBufferSizeRaw");

	return l && l->run_req ? (GLsizei)(l->req[l->run_req - 1].end * 4) : 0;
}

GLsizei nngxGetRunRequestCountRaw(nngxCommandList *cmdlist)
{
	NNGX_API(st);
	struct nngx_cmdlist *l = raw_list(st, cmdlist, "nngxGetRunRequestCountRaw");

	return l ? (GLsizei)l->run_req : 0;
}

GLvoid *nngxGetTopRequestAddrRaw(nngxCommandList *cmdlist)
{
	NNGX_API(st);
	struct nngx_raw_list *r = nngx_raw_get(st, cmdlist, "nngxGetTopRequestAddrRaw");

	return r ? r->requests : NULL;
}

/* The request the next run starts with, or NULL. */
static const struct nngx_request *raw_next(struct nngx_state *st, nngxCommandList *cmdlist,
					   struct nngx_cmdlist **list, const char *fn)
{
	struct nngx_cmdlist *l = raw_list(st, cmdlist, fn);

	*list = l;
	return l && l->run_req < l->used_req ? &l->req[l->run_req] : NULL;
}

GLenum nngxGetNextRequestTypeRaw(nngxCommandList *cmdlist)
{
	NNGX_API(st);
	struct nngx_cmdlist *l;
	const struct nngx_request *q = raw_next(st, cmdlist, &l, "nngxGetNextRequestTypeRaw");

	return q ? q->type : 0;
}

/* NEXT_REQINFO's two words: the next request's commands, when it is a
 * RUN3D request (NULL and 0 otherwise). */
GLvoid *nngxGetNextBufferAddrRaw(nngxCommandList *cmdlist)
{
	NNGX_API(st);
	struct nngx_cmdlist *l;
	const struct nngx_request *q = raw_next(st, cmdlist, &l, "nngxGetNextBufferAddrRaw");

	return q && q->type == NN_GX_CMDLIST_REQTYPE_RUN3D ? (GLvoid *)(l->words + q->begin) : NULL;
}

GLsizei nngxGetNextBufferSizeRaw(nngxCommandList *cmdlist)
{
	NNGX_API(st);
	struct nngx_cmdlist *l;
	const struct nngx_request *q = raw_next(st, cmdlist, &l, "nngxGetNextBufferSizeRaw");

	return q && q->type == NN_GX_CMDLIST_REQTYPE_RUN3D ? (GLsizei)((q->end - q->begin) * 4) : 0;
}

GLvoid *nngxGetCurrentBufferAddrRaw(nngxCommandList *cmdlist)
{
	NNGX_API(st);
	struct nngx_cmdlist *l = raw_list(st, cmdlist, "nngxGetCurrentBufferAddrRaw");

	return l ? (GLvoid *)(l->words + l->used_words) : NULL;
}
