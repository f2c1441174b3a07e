/* nngx_saved.c: saved command-list regions and list-to-list copies
 * (nngxStartCmdlistSave, nngxStopCmdlistSave, nngxUseSavedCmdlist and its
 * NoCacheFlush variant, nngxAddCmdlist, nngxCopyCmdlist).
 *
 * A saved region is a part of a list: the command words and the requests
 * added between nngxStartCmdlistSave and nngxStopCmdlistSave. Using it
 * replays it at the end of the bound list (driver: nngx_region_replay):
 * the same words, the same requests in the same order, so the GPU does
 * the same work each time it is used.
 *
 * Errors: the codes of the SDK's reference and library (GL_ERROR_8005,
 * 8034-803A, 8047-804C, 8054-8058, 8092-8095_DMP), each with
 * CMDLIST_SAVE_REJECTED or CMDLIST_COPY_REJECTED; a region the saved list
 * does not hold has no code and raises the diagnostic alone. A refused
 * call changes nothing.
 *
 * Model choices (doc/model.md): a referenced region (copycmd
 * GL_FALSE, the NoCacheFlush variant) is copied as well: the GPU reads
 * the same commands either way. The statemask marks those states for
 * complete regeneration by the next draw (driver: gl_context_update_state). */
#include <nn/gx/CTR/gx_CTR.h>

#include "driver/gl_context.h"
#include "driver/nngx_state.h"

void nngxStartCmdlistSave(void)
{
	static const char fn[] = "nngxStartCmdlistSave";
	NNGX_API(st);
	struct nngx_cmdlists *c = &st->cmdlists;
	struct nngx_cmdlist *l;

	if (c->saving) {
		nngx_state_error(st, GL_ERROR_8034_DMP, NNGX_SHIM_DIAG_CMDLIST_SAVE_REJECTED, fn,
				 "a save is already open on command list %u", c->bound);
		return;
	}
	l = nngx_cmdlist_current(st);
	if (!l) {
		nngx_state_error(st, GL_ERROR_8035_DMP, NNGX_SHIM_DIAG_CMDLIST_SAVE_REJECTED, fn,
				 "no command list with storage is bound");
		return;
	}
	c->saving = true;
	c->save_word = l->used_words;
	c->save_req = l->used_req;
}

void nngxStopCmdlistSave(GLuint *bufferoffset, GLsizei *buffersize, GLuint *requestid,
			 GLsizei *requestsize)
{
	static const char fn[] = "nngxStopCmdlistSave";
	NNGX_API(st);
	struct nngx_cmdlists *c = &st->cmdlists;
	struct nngx_cmdlist *l;

	if (!c->saving) {
		nngx_state_error(st, GL_ERROR_8036_DMP, NNGX_SHIM_DIAG_CMDLIST_SAVE_REJECTED, fn,
				 "no save is open (nngxStartCmdlistSave)");
		return;
	}
	/* The bound list cannot change during a save (nngxBindCmdlist
	 * refuses, deleting it closes the save). */
	l = nngx_cmdlist_find(st, c->bound);
	c->saving = false;
	/* NULL outputs are skipped. */
	if (bufferoffset)
		*bufferoffset = (GLuint)(c->save_word * 4);
	if (buffersize)
		*buffersize = (GLsizei)((l->used_words - c->save_word) * 4);
	if (requestid)
		*requestid = (GLuint)c->save_req;
	if (requestsize)
		*requestsize = (GLsizei)(l->used_req - c->save_req);
}

/* Region [bufferoffset, +buffersize) bytes and [requestid, +requestsize)
 * requests of `src` in words and requests; false after the diagnostic
 * when the list does not hold it. */
static bool saved_region(struct nngx_state *st, const struct nngx_cmdlist *src,
			 GLuint bufferoffset, GLsizei buffersize, GLuint requestid,
			 GLsizei requestsize, struct nngx_region *r, const char *fn)
{
	if (buffersize < 0 || requestsize < 0 || bufferoffset % 4 || buffersize % 4) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_CMDLIST_SAVE_REJECTED, fn,
				 "offset %u, size %d bytes, %d requests: sizes must not be negative "
				 "and bytes must be whole words", bufferoffset, buffersize,
				 requestsize);
		return false;
	}
	r->word = bufferoffset / 4;
	r->words = (size_t)buffersize / 4;
	r->req = requestid;
	r->reqs = (size_t)requestsize;
	if (!nngx_region_inside(src, r)) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_CMDLIST_SAVE_REJECTED, fn,
				 "command list %u holds %zu bytes and %zu requests, not bytes "
				 "[%u, +%d) and requests [%u, +%d) (cleared since the save?)",
				 src->name, src->used_words * 4, src->used_req, bufferoffset,
				 buffersize, requestid, requestsize);
		return false;
	}
	return true;
}

/* nngxUseSavedCmdlist and its NoCacheFlush variant: `code` holds their
 * codes for no list bound, an unknown list and no room. */
static void use_saved(GLuint cmdlist, GLuint bufferoffset, GLsizei buffersize, GLuint requestid,
		      GLsizei requestsize, GLbitfield statemask, const GLenum code[3],
		      const char *fn)
{
	NNGX_API(st);
	struct nngx_cmdlist *dst = nngx_cmdlist_current(st), *src;
	struct nngx_region r;

	if (!dst) {
		nngx_state_error(st, code[0], NNGX_SHIM_DIAG_CMDLIST_SAVE_REJECTED, fn,
				 "no command list with storage is bound");
		return;
	}
	src = nngx_cmdlist_find(st, cmdlist);
	if (!src || !src->phys) {
		nngx_state_error(st, code[1], NNGX_SHIM_DIAG_CMDLIST_SAVE_REJECTED, fn,
				 "%u is no command list with storage", cmdlist);
		return;
	}
	if (!saved_region(st, src, bufferoffset, buffersize, requestid, requestsize, &r, fn))
		return;
	if (!nngx_region_fits(dst, src, &r)) {
		nngx_state_error(st, code[2], NNGX_SHIM_DIAG_CMDLIST_SAVE_REJECTED, fn,
				 "%d bytes and %d requests do not fit in command list %u "
				 "(%zu bytes and %zu requests left)", buffersize, requestsize,
				 dst->name, (dst->cap_words - dst->used_words) * 4,
				 dst->max_req - dst->used_req);
		return;
	}
	nngx_region_replay(st, dst, src, &r, fn);
	gl_context_update_state(&st->gl, statemask);
}

void nngxUseSavedCmdlist(GLuint cmdlist, GLuint bufferoffset, GLsizei buffersize,
			 GLuint requestid, GLsizei requestsize, GLbitfield statemask,
			 GLboolean copycmd)
{
	static const GLenum code[3] = { GL_ERROR_8037_DMP, GL_ERROR_8038_DMP, GL_ERROR_803A_DMP };

	(void)copycmd;          /* copied either way (model choice) */
	use_saved(cmdlist, bufferoffset, buffersize, requestid, requestsize, statemask, code,
		  "nngxUseSavedCmdlist");
}

void nngxUseSavedCmdlistNoCacheFlush(GLuint cmdlist, GLuint bufferoffset, GLsizei buffersize,
				     GLuint requestid, GLsizei requestsize, GLbitfield statemask)
{
	static const GLenum code[3] = { GL_ERROR_8092_DMP, GL_ERROR_8093_DMP, GL_ERROR_8095_DMP };

	use_saved(cmdlist, bufferoffset, buffersize, requestid, requestsize, statemask, code,
		  "nngxUseSavedCmdlistNoCacheFlush");
}

/* The whole of list `l`: its words and requests. */
static struct nngx_region whole(const struct nngx_cmdlist *l)
{
	struct nngx_region r;

	r.word = 0;
	r.words = l->used_words;
	r.req = 0;
	r.reqs = l->used_req;
	return r;
}

void nngxAddCmdlist(GLuint cmdlist)
{
	static const char fn[] = "nngxAddCmdlist";
	NNGX_API(st);
	struct nngx_cmdlist *src = nngx_cmdlist_find(st, cmdlist), *dst;
	struct nngx_region r;

	if (!src || !src->phys) {
		nngx_state_error(st, GL_ERROR_8054_DMP, NNGX_SHIM_DIAG_CMDLIST_COPY_REJECTED, fn,
				 "%u is no command list with storage", cmdlist);
		return;
	}
	dst = nngx_cmdlist_current(st);
	if (!dst) {
		nngx_state_error(st, GL_ERROR_8055_DMP, NNGX_SHIM_DIAG_CMDLIST_COPY_REJECTED, fn,
				 "no command list with storage is bound");
		return;
	}
	if (dst == src) {
		nngx_state_error(st, GL_ERROR_8056_DMP, NNGX_SHIM_DIAG_CMDLIST_COPY_REJECTED, fn,
				 "command list %u is the bound list", cmdlist);
		return;
	}
	if (nngx_cmdlist_running(st, dst)) {
		nngx_state_error(st, GL_ERROR_8057_DMP, NNGX_SHIM_DIAG_CMDLIST_COPY_REJECTED, fn,
				 "the bound command list %u is running", dst->name);
		return;
	}
	r = whole(src);
	if (!nngx_region_fits(dst, src, &r)) {
		nngx_state_error(st, GL_ERROR_8058_DMP, NNGX_SHIM_DIAG_CMDLIST_COPY_REJECTED, fn,
				 "command list %u's %zu bytes and %zu requests do not fit in "
				 "command list %u", src->name, src->used_words * 4, src->used_req,
				 dst->name);
		return;
	}
	nngx_region_replay(st, dst, src, &r, fn);
}

void nngxCopyCmdlist(GLuint scmdlist, GLuint dcmdlist)
{
	static const char fn[] = "nngxCopyCmdlist";
	NNGX_API(st);
	struct nngx_cmdlist *src = nngx_cmdlist_find(st, scmdlist);
	struct nngx_cmdlist *dst = nngx_cmdlist_find(st, dcmdlist);
	struct nngx_region r;

	if (dcmdlist && dcmdlist == st->cmdlists.bound) {
		nngx_state_error(st, GL_ERROR_8047_DMP, NNGX_SHIM_DIAG_CMDLIST_COPY_REJECTED, fn,
				 "the destination %u is the bound list", dcmdlist);
		return;
	}
	if (!src || !src->phys) {
		nngx_state_error(st, GL_ERROR_8048_DMP, NNGX_SHIM_DIAG_CMDLIST_COPY_REJECTED, fn,
				 "the source %u is no command list with storage", scmdlist);
		return;
	}
	if (!dst || !dst->phys) {
		nngx_state_error(st, GL_ERROR_8049_DMP, NNGX_SHIM_DIAG_CMDLIST_COPY_REJECTED, fn,
				 "the destination %u is no command list with storage", dcmdlist);
		return;
	}
	if (src == dst) {
		nngx_state_error(st, GL_ERROR_804A_DMP, NNGX_SHIM_DIAG_CMDLIST_COPY_REJECTED, fn,
				 "source and destination are both %u", scmdlist);
		return;
	}
	if (nngx_cmdlist_running(st, dst)) {
		nngx_state_error(st, GL_ERROR_804B_DMP, NNGX_SHIM_DIAG_CMDLIST_COPY_REJECTED, fn,
				 "the destination %u is running", dcmdlist);
		return;
	}
	r = whole(src);
	if (src->used_words > dst->cap_words || src->used_req > dst->max_req) {
		nngx_state_error(st, GL_ERROR_804C_DMP, NNGX_SHIM_DIAG_CMDLIST_COPY_REJECTED, fn,
				 "the source's %zu bytes and %zu requests do not fit in the "
				 "destination's %zu bytes and %zu requests", src->used_words * 4,
				 src->used_req, dst->cap_words * 4, dst->max_req);
		return;
	}
	/* Replaces the contents: the destination starts empty. */
	dst->used_words = dst->flushed_words = 0;
	dst->used_req = dst->run_req = dst->stop_after = 0;
	nngx_cmdlist_forget_call(dst, 0);
	nngx_region_replay(st, dst, src, &r, fn);
}
