/* nngx_cmdlist.c: the command-list entry points of the SDK.
 *
 * Error codes: each condition sdk-surface section 6 lists for a function
 * records its GL_ERROR_xxxx_DMP code with a diagnostic and changes nothing
 * else; conditions it does not list give the diagnostic alone (doc/model.md,
 * "Bound forms: error codes"). A list without storage counts as no list
 * for the "no list bound" codes. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "driver/nngx_addrspace.h"
#include "driver/nngx_cmdlist.h"
#include "driver/nngx_golden.h"
#include "driver/nngx_raw.h"
#include "driver/nngx_state.h"
#include "hw/hw_alloc.h"
#include "hw/hw_command.h"
#include "hw/hw_regs.h"
#include "nngx_display.h"

#define NNGX_REQUEST_FCRAM_BYTES 32u

/* ---- entry points ------------------------------------------------------ */

void nngxGenCmdlists(GLsizei n, GLuint *cmdlists)
{
	NNGX_API(st);
	struct nngx_cmdlists *c = &st->cmdlists;
	GLsizei i;

	if (n < 0) {
		nngx_state_error(st, GL_ERROR_8000_DMP, NNGX_SHIM_DIAG_INVALID_ARGUMENT,
				 "nngxGenCmdlists", "n = %d is negative", n);
		return;
	}
	if (n > 0 && !cmdlists) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, "nngxGenCmdlists",
				 "n = %d, cmdlists NULL", n);
		return;
	}
	/* Growing the table moves every list, the one in use among them. */
	if (n > 0 && nngx_callback_refuses(st, 0, "nngxGenCmdlists"))
		return;
	if (c->count + (size_t)n > c->cap) {
		size_t cap = c->cap ? c->cap : 8;
		struct nngx_cmdlist *grown;
		while (cap < c->count + (size_t)n)
			cap *= 2;
		grown = hw_realloc(c->list, cap * sizeof *grown);
		if (!grown) {
			nngx_state_error(st, GL_ERROR_8001_DMP, NNGX_SHIM_DIAG_OUT_OF_MEMORY,
					 "nngxGenCmdlists", "%d command lists", n);
			return;
		}
		c->list = grown;
		c->cap = cap;
	}
	if (!nngx_names_reserve(&c->where, (size_t)n)) {
		nngx_state_error(st, GL_ERROR_8001_DMP, NNGX_SHIM_DIAG_OUT_OF_MEMORY,
				 "nngxGenCmdlists", "%d command list names", n);
		return;
	}
	for (i = 0; i < n; i++) {
		struct nngx_cmdlist *l = &c->list[c->count];
		memset(l, 0, sizeof *l);
		/* Names are not reused until the counter wraps; then the
		 * lowest one after it that is free. */
		while (c->next_name == 0 || nngx_cmdlist_find(st, c->next_name))
			c->next_name++;
		l->name = c->next_name++;
		nngx_names_put(&c->where, l->name, c->count++);
		l->run_mode = NN_GX_CMDLIST_SERIAL_RUN;
		cmdlists[i] = l->name;
	}
}

void nngxDeleteCmdlists(GLsizei n, const GLuint *cmdlists)
{
	NNGX_API(st);
	struct nngx_cmdlists *c = &st->cmdlists;
	GLsizei i;

	if (n < 0) {
		nngx_state_error(st, GL_ERROR_8002_DMP, NNGX_SHIM_DIAG_INVALID_ARGUMENT,
				 "nngxDeleteCmdlists", "n = %d is negative", n);
		return;
	}
	if (n > 0 && !cmdlists) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, "nngxDeleteCmdlists",
				 "n = %d, cmdlists NULL", n);
		return;
	}
	for (i = 0; i < n; i++) {
		struct nngx_cmdlist *l = nngx_cmdlist_find(st, cmdlists[i]);
		if (!l)
			continue;              /* unknown names are ignored, as in GL */
		/* A running list stays; the names after it are still deleted. */
		if (nngx_cmdlist_running(st, l)) {
			nngx_state_error(st, GL_ERROR_8003_DMP, NNGX_SHIM_DIAG_CMDLIST_RUNNING,
					 "nngxDeleteCmdlists", "command list %u is running; it "
					 "is not deleted", l->name);
			continue;
		}
		/* The rest are refused from a callback inside a library call
		 * (deleting one moves another in the table). */
		if (nngx_callback_refuses(st, 0, "nngxDeleteCmdlists"))
			return;
		if (c->bound == l->name) {
			c->bound = 0;
			c->saving = false;     /* the save's list is gone */
		}
		nngx_cmdlist_release(st, l);
		nngx_names_remove(&c->where, l->name);
		*l = c->list[--c->count];
		if (l != &c->list[c->count])
			nngx_names_put(&c->where, l->name, (size_t)(l - c->list));
	}
}

void nngxBindCmdlist(GLuint cmdlist)
{
	NNGX_API(st);

	if (st->cmdlists.saving) {
		nngx_state_error(st, GL_ERROR_8005_DMP, NNGX_SHIM_DIAG_CMDLIST_SAVE_REJECTED,
				 "nngxBindCmdlist", "a save (nngxStartCmdlistSave) is open on "
				 "command list %u", st->cmdlists.bound);
		return;
	}
	if (cmdlist && !nngx_cmdlist_find(st, cmdlist)) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_CMDLIST_NONE, "nngxBindCmdlist",
				 "%u is not a command list from nngxGenCmdlists", cmdlist);
		return;
	}
	st->cmdlists.bound = cmdlist;
}

void nngxCmdlistStorage(GLsizei bufsize, GLsizei requestcount)
{
	static const char fn[] = "nngxCmdlistStorage";
	NNGX_API(st);
	struct nngx_cmdlist *l = nngx_cmdlist_find(st, st->cmdlists.bound);
	struct nngx_request *req;
	uint32_t phys;
	void *user = NULL;

	/* No list bound: the SDK returns silently; the model says why. */
	if (!l) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_CMDLIST_NONE, fn, "no command list is bound");
		return;
	}
	if (nngx_cmdlist_running(st, l)) {
		nngx_state_error(st, GL_ERROR_8007_DMP, NNGX_SHIM_DIAG_CMDLIST_RUNNING, fn,
				 "command list %u is running", l->name);
		return;
	}
	if (nngx_callback_refuses(st, 0, fn))
		return;
	if (bufsize < 0 || requestcount < 0) {
		nngx_state_error(st, GL_ERROR_8008_DMP, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "bufsize %d and requestcount %d must not be negative", bufsize,
				 requestcount);
		return;
	}
	if (bufsize == 0 || requestcount == 0) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "bufsize %d and requestcount %d must be positive", bufsize, requestcount);
		return;
	}
	if ((uint32_t)bufsize > hw_memory_area_bytes(HW_AREA_FCRAM)) {
		nngx_state_error(st, GL_ERROR_8006_DMP, NNGX_SHIM_DIAG_OUT_OF_MEMORY, fn,
				 "%d bytes of command buffer: more than FCRAM holds", bufsize);
		return;
	}
	/* On the console the request queue lives in FCRAM too: a queue FCRAM
	 * could not hold fails as the allocation would, before the host is
	 * asked for it (model choice: 32 bytes a request). */
	req = (uint64_t)requestcount * NNGX_REQUEST_FCRAM_BYTES <= HW_FCRAM_END - HW_FCRAM_BASE
	      ? hw_calloc((size_t)requestcount, sizeof *req) : NULL;
	if (!req) {
		nngx_state_error(st, GL_ERROR_8006_DMP, NNGX_SHIM_DIAG_OUT_OF_MEMORY, fn,
				 "%d requests", requestcount);
		return;
	}
	switch (nngx_storage_place(st, NN_GX_MEM_FCRAM, NN_GX_MEM_COMMANDBUFFER, l->name,
				   (uint32_t)bufsize, &phys, &user, fn)) {
	case NNGX_PLACED:
		break;
	case NNGX_PLACE_ALLOCATOR_NULL:
		free(req);
		nngx_state_error(st, GL_ERROR_8006_DMP, NNGX_SHIM_DIAG_OUT_OF_MEMORY, fn,
				 "the program's allocator returned NULL for %d bytes", bufsize);
		return;
	default:
		free(req);
		nngx_state_error(st, GL_ERROR_8006_DMP, NNGX_SHIM_DIAG_OUT_OF_MEMORY, fn,
				 "%d bytes of command buffer and %d requests", bufsize,
				 requestcount);
		return;
	}
	nngx_cmdlist_release(st, l);
	l->phys = phys;
	l->words = hw_memory_host(&st->gpu.memory, phys, (uint32_t)bufsize);
	l->user_block = user;
	l->cap_words = (size_t)bufsize / 4;
	l->req = req;
	l->max_req = (size_t)requestcount;
}

/* Close the bound list's pending commands into a request, with the codes
 * of nngxFlush3DCommand or nngxSplitDrawCmdlist: `none` without a list
 * (or storage), `full` when commands are pending and the queue is full.
 * The model's flush adds no closing commands, so the SDK's "no room for
 * them" codes (8086, 800E) never occur. */
static void flush_coded(GLenum none, GLenum full, const char *fn)
{
	NNGX_API(st);
	struct nngx_cmdlist *l = nngx_cmdlist_bound_code(st, none, fn);

	if (l && nngx_cmdlist_room(st, l, 0, false, full, fn))
		nngx_cmdlist_flush(st, l, fn);
}

void nngxFlush3DCommand(void)
{
	flush_coded(GL_ERROR_8084_DMP, GL_ERROR_8085_DMP, "nngxFlush3DCommand");
}

/* The model has no CPU data cache: the NoCacheFlush variants do what
 * their counterparts do. */
void nngxFlush3DCommandNoCacheFlush(void)
{
	NNGX_API(st);
	nngx_cmdlist_flush_bound(st, "nngxFlush3DCommandNoCacheFlush");
}

void nngxFlush3DCommandPartially(GLsizei buffersize)
{
	static const char fn[] = "nngxFlush3DCommandPartially";
	NNGX_API(st);
	struct nngx_cmdlist *l = nngx_cmdlist_bound(st, fn);

	if (l)
		nngx_cmdlist_flush_partially(st, l, buffersize, fn);
}

void nngxSplitDrawCmdlist(void)
{
	/* Model choice: the split's interrupt is not modelled; it closes the
	 * commands so far into a request, like a flush. */
	flush_coded(GL_ERROR_800C_DMP, GL_ERROR_800D_DMP, "nngxSplitDrawCmdlist");
}

/* Model choice: the commands are always copied (copycommand GL_FALSE
 * would make the GPU jump to the caller's buffer). The checks are the
 * SDK's for each mode: a copy needs a multiple of 4 bytes and room in the
 * 3D buffer (8050); a reference a 16-byte aligned multiple of 16 bytes
 * and a free request for the jump (8051), and the model still copies it,
 * so it also needs the room (8050). */
void nngxAdd3DCommand(const GLvoid *bufferaddr, GLsizei buffersize, GLboolean copycommand)
{
	static const char fn[] = "nngxAdd3DCommand";
	NNGX_API(st);
	struct nngx_cmdlist *l = nngx_cmdlist_bound_code(st, GL_ERROR_804E_DMP, fn);
	bool copy = copycommand != GL_FALSE;

	if (!l)
		return;
	if (buffersize <= 0 || buffersize % (copy ? 4 : 16)) {
		nngx_state_error(st, GL_ERROR_804F_DMP, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "buffersize %d is not a positive multiple of %d bytes", buffersize,
				 copy ? 4 : 16);
		return;
	}
	if (!bufferaddr) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_NULL_PARAM, fn, "bufferaddr is NULL");
		return;
	}
	if (!copy && l->used_req == l->max_req) {
		nngx_state_error(st, GL_ERROR_8051_DMP, NNGX_SHIM_DIAG_CMDLIST_FULL, fn,
				 "command list %u: no request left for the reference", l->name);
		return;
	}
	if (!copy && (uintptr_t)bufferaddr % 16) {
		nngx_state_error(st, GL_ERROR_8052_DMP, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "bufferaddr %p is not 16-byte aligned", bufferaddr);
		return;
	}
	if ((size_t)buffersize / 4 > l->cap_words - l->used_words) {
		nngx_state_error(st, GL_ERROR_8050_DMP, NNGX_SHIM_DIAG_CMDLIST_FULL, fn,
				 "command list %u: %d bytes do not fit in the %zu left", l->name,
				 buffersize, (l->cap_words - l->used_words) * 4);
		return;
	}
	nngx_cmdlist_append_to(st, l, bufferaddr, (size_t)buffersize / 4, fn);
}

void nngxAdd3DCommandNoCacheFlush(const GLvoid *bufferaddr, GLsizei buffersize)
{
	static const char fn[] = "nngxAdd3DCommandNoCacheFlush";
	NNGX_API(st);

	if (!bufferaddr || buffersize <= 0 || buffersize % 8) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "buffer %s, size %d (a positive multiple of 8 bytes)",
				 bufferaddr ? "given" : "NULL", buffersize);
		return;
	}
	nngx_cmdlist_append(st, bufferaddr, (size_t)buffersize / 4, fn);
}

/* nngxAddJumpCommand: register writes that point command channel 0 at
 * the external buffer (CMDBUF_SIZE0, CMDBUF_ADDR0) and kick it
 * (CMDBUF_JUMP0); the GPU goes on in that buffer and does not come back.
 * Model choices (doc/model.md): `bufferaddr` is a pointer into
 * simulated memory; commands added after the jump could never run in
 * the same request, so the call closes the commands so far (the jump
 * included) into a request, as a split does; the interrupt the SDK wants
 * at the end of the buffer is not needed by the model (a request ends
 * with its buffer). No GL error is documented: a refused call gives a
 * diagnostic and adds nothing. */
#define JUMP_ALIGN 16
#define JUMP_WORDS 6
#define EXTERNAL_MAX_BYTES (0x1FFFFFu << 3)     /* CMDBUF_SIZEi: bits 0-20 */

/* The simulated address of a jump's or call's buffer; 0 after
 * MEMORY_NOT_SIMULATED when it is not inside one block. */
static uint32_t external_phys(struct nngx_state *st, const GLvoid *bufferaddr,
			      GLsizei buffersize, const char *fn)
{
	uint32_t phys = nngx_block_phys(st, bufferaddr, (uint32_t)buffersize);

	if (!phys)
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_MEMORY_NOT_SIMULATED, fn,
				 "the buffer [%p, +%d) is not inside one block of simulated memory; "
				 "nothing is added", bufferaddr, buffersize);
	return phys;
}

void nngxAddJumpCommand(const GLvoid *bufferaddr, GLsizei buffersize)
{
	static const char fn[] = "nngxAddJumpCommand";
	NNGX_API(st);
	struct nngx_cmdlist *l = nngx_cmdlist_reserve(st, 0, true, fn);
	uint32_t words[JUMP_WORDS], phys;

	if (!l)
		return;
	if ((uintptr_t)bufferaddr % JUMP_ALIGN || buffersize <= 0 || buffersize % JUMP_ALIGN ||
	    (uint32_t)buffersize > EXTERNAL_MAX_BYTES) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "buffer %p, size %d: a 16-byte aligned address and a positive "
				 "multiple of 16 bytes below 16 MiB (the size register's 21 bits "
				 "of 8-byte units); nothing is added", bufferaddr, buffersize);
		return;
	}
	phys = external_phys(st, bufferaddr, buffersize, fn);
	if (!phys)
		return;
	/* Each command: the value, then the header (register, all four
	 * bytes written). */
	words[0] = (uint32_t)buffersize >> 3;
	words[1] = HW_REG_CMDBUF_SIZE0 | 0xFu << 16;
	words[2] = phys >> 3;
	words[3] = HW_REG_CMDBUF_ADDR0 | 0xFu << 16;
	words[4] = 1;
	words[5] = HW_REG_CMDBUF_JUMP0 | 0xFu << 16;
	/* A full buffer: GL_ERROR_COMMANDBUFFER_FULL_DMP, nothing added. */
	if (nngx_cmdlist_append(st, words, JUMP_WORDS, fn))
		nngx_cmdlist_flush(st, l, fn);
}

/* nngxAddSubroutineCommand: a call into an external buffer that comes
 * back, on the SDK's channels (its reference page): channel 0 runs the
 * buffer (CMDBUF_SIZE0, ADDR0, JUMP0), channel 1 holds the return point,
 * the word after the call (CMDBUF_SIZE1, ADDR1), and the buffer must end
 * with a kick of channel 1 (a write of 1 to CMDBUF_JUMP1, 0x23D), which
 * continues there, with no interrupt between. The return size runs to
 * the next kick or the end of the request, known when the next call is
 * added or the request closed: the driver writes it then
 * (nngx_cmdlist_add_call). Model choices (doc/model.md):
 * `bufferaddr` is a pointer into simulated memory (16-byte aligned, size
 * a positive multiple of 16: the SDK's rules for these buffers); the
 * call closes nothing, so a list may make many in one request, running
 * or not; no GL error is documented, so a refused call gives a
 * diagnostic (SUBROUTINE_REJECTED for the arguments) and adds nothing.
 * A buffer that ends without the kick ends the request there; a call
 * made inside a subroutine overwrites channel 1, so the outer return
 * kick loops until the command processor's bound on kicks (there is no
 * return stack). */
#define CALL_ALIGN 16

void nngxAddSubroutineCommand(const GLvoid *bufferaddr, GLsizei buffersize)
{
	static const char fn[] = "nngxAddSubroutineCommand";
	NNGX_API(st);
	struct nngx_cmdlist *l = nngx_cmdlist_bound(st, fn);
	uint32_t phys;

	if (!l)
		return;
	if (!bufferaddr || (uintptr_t)bufferaddr % CALL_ALIGN || buffersize <= 0
	    || buffersize % CALL_ALIGN || (uint32_t)buffersize > EXTERNAL_MAX_BYTES) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_SUBROUTINE_REJECTED, fn,
				 "buffer %p, size %d: a 16-byte aligned address and a positive "
				 "multiple of 16 bytes (at most %u); nothing is added", bufferaddr,
				 buffersize, EXTERNAL_MAX_BYTES);
		return;
	}
	phys = external_phys(st, bufferaddr, buffersize, fn);
	if (!phys)
		return;
	nngx_cmdlist_add_call(st, l, phys, (uint32_t)buffersize, fn);
}

void nngxRunCmdlist(void)
{
	static const char fn[] = "nngxRunCmdlist";
	NNGX_API(st);
	struct nngx_cmdlist *l = nngx_cmdlist_find(st, st->cmdlists.bound);

	/* 8009 names a bound list without storage; with none bound the SDK
	 * documents no code (the diagnostic alone). */
	l = l ? nngx_cmdlist_bound_code(st, GL_ERROR_8009_DMP, fn) : nngx_cmdlist_bound(st, fn);
	if (l)
		nngx_cmdlist_run(st, l, fn);
}

void nngxRunCmdlistByID(GLuint cmdlist)
{
	NNGX_API(st);
	struct nngx_cmdlist *l = nngx_cmdlist_find(st, cmdlist);

	if (!l || !l->phys) {
		nngx_diag_report(&st->diag, l ? NNGX_SHIM_DIAG_CMDLIST_NO_STORAGE
					      : NNGX_SHIM_DIAG_CMDLIST_NONE,
				 "nngxRunCmdlistByID", "command list %u", cmdlist);
		return;
	}
	nngx_cmdlist_run(st, l, "nngxRunCmdlistByID");
}

void nngxStopCmdlist(void)
{
	NNGX_API(st);

	/* Model choice: requests run as a whole when handed over; stopping
	 * affects only requests not yet run, which nngxRunCmdlist would run. */
	nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_NOT_MODELLED, "nngxStopCmdlist",
			 "work already handed to the GPU completes");
}

/* Model choice (doc/model.md): `id` numbers the bound list's
 * requests from 1, as nngxEnableCmdlistCallback's do; the next runs stop
 * once request `id` has run, and the next nngxRunCmdlist goes on from
 * there. A later call replaces the reservation; clearing the list drops
 * it. The SDK documents no GL error: an id outside 1 ... the list's
 * request count gives INVALID_ARGUMENT and changes nothing. */
/* The first `id` requests of list `l`'s next run (nngxReserveStopCmdlist
 * and its Raw form). */
static void reserve_stop(struct nngx_state *st, struct nngx_cmdlist *l, GLint id, const char *fn)
{
	if (!l)
		return;
	if (id < 1 || (size_t)id > l->max_req) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "id %d: command list %u numbers its requests 1 to %zu; nothing "
				 "is reserved", id, l->name, l->max_req);
		return;
	}
	l->stop_after = (size_t)id;
}

void nngxReserveStopCmdlist(GLint id)
{
	static const char fn[] = "nngxReserveStopCmdlist";
	NNGX_API(st);

	reserve_stop(st, nngx_cmdlist_bound(st, fn), id, fn);
}

void nngxReserveStopCmdlistRaw(nngxCommandList *cmdlist, GLint id)
{
	static const char fn[] = "nngxReserveStopCmdlistRaw";
	NNGX_API(st);
	struct nngx_raw_list *r = nngx_raw_get(st, cmdlist, fn);

	reserve_stop(st, r ? &r->list : NULL, id, fn);
}

void nngxClearCmdlist(void)
{
	NNGX_API(st);
	struct nngx_cmdlist *l = nngx_cmdlist_bound(st, "nngxClearCmdlist");

	if (!l)
		return;
	if (nngx_cmdlist_running(st, l)) {
		nngx_state_error(st, GL_ERROR_800F_DMP, NNGX_SHIM_DIAG_CMDLIST_RUNNING,
				 "nngxClearCmdlist", "command list %u is running", l->name);
		return;
	}
	l->used_words = l->flushed_words = 0;
	l->used_req = l->run_req = l->stop_after = 0;
	nngx_cmdlist_forget_call(l, 0);
	/* An open save now starts at the empty list (model choice). */
	st->cmdlists.save_word = st->cmdlists.save_req = 0;
}

void nngxClearFillCmdlist(GLuint data)
{
	NNGX_API(st);
	struct nngx_cmdlist *l = nngx_cmdlist_bound(st, "nngxClearFillCmdlist");
	size_t i;

	if (!l)
		return;
	/* nngxClearCmdlist's code (model choice: the SDK lists none here). */
	if (nngx_cmdlist_running(st, l)) {
		nngx_state_error(st, GL_ERROR_800F_DMP, NNGX_SHIM_DIAG_CMDLIST_RUNNING,
				 "nngxClearFillCmdlist", "command list %u is running", l->name);
		return;
	}
	l->used_words = l->flushed_words = 0;
	l->used_req = l->run_req = l->stop_after = 0;
	nngx_cmdlist_forget_call(l, 0);
	st->cmdlists.save_word = st->cmdlists.save_req = 0;
	for (i = 0; i < l->cap_words; i++)
		l->words[i] = data;
}

void nngxMoveCommandbufferPointer(GLint offset)
{
	static const char fn[] = "nngxMoveCommandbufferPointer";
	NNGX_API(st);
	struct nngx_cmdlist *l = nngx_cmdlist_current(st);
	long long to;

	if (!l) {
		nngx_state_error(st, GL_ERROR_8061_DMP, st->cmdlists.bound
				 ? NNGX_SHIM_DIAG_CMDLIST_NO_STORAGE : NNGX_SHIM_DIAG_CMDLIST_NONE,
				 fn, "no command list with storage is bound");
		return;
	}
	to = (long long)l->used_words * 4 + offset;
	/* Model choice: the pointer stays on whole words and cannot move back
	 * into commands already closed into requests. */
	if (to < (long long)l->flushed_words * 4 || to > (long long)l->cap_words * 4) {
		nngx_state_error(st, GL_ERROR_8061_DMP, NNGX_SHIM_DIAG_CMDLIST_POINTER_OUTSIDE, fn,
				 "command list %u: moving by %d bytes from byte %zu leaves "
				 "[%zu, %zu]", l->name, offset, l->used_words * 4,
				 l->flushed_words * 4, l->cap_words * 4);
		return;
	}
	if (offset % 4) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "offset %d is not a multiple of 4 bytes", offset);
		return;
	}
	l->used_words = (size_t)(to / 4);
	nngx_cmdlist_forget_call(l, l->used_words);
}

void nngxWaitCmdlistDone(void)
{
	NNGX_API(st);

	nngx_cmdlist_wait_done(st);
}

void nngxSetTimeout(GLint64EXT time, void (*callback)(void))
{
	NNGX_API(st);

	/* 0 is no limit (the SDK); a negative time is not defined there. */
	if (time < 0) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, "nngxSetTimeout",
				 "time %lld ticks is negative", (long long)time);
		return;
	}
	st->timeout_ticks = time;
	st->timeout_callback = callback;
}

GLboolean nngxGetIsRunning(void)
{
	NNGX_API(st);

	return hw_gpu_cmdlist_executing(&st->gpu) ? GL_TRUE : GL_FALSE;
}

void nngxSetCmdlistCallback(void (*func)(GLint))
{
	NNGX_API(st);
	struct nngx_cmdlist *l = nngx_cmdlist_current(st);

	if (l && nngx_cmdlist_running(st, l)) {
		nngx_state_error(st, GL_ERROR_8010_DMP, NNGX_SHIM_DIAG_CMDLIST_RUNNING,
				 "nngxSetCmdlistCallback", "command list %u is running", l->name);
		return;
	}
	st->cmdlists.callback = func;
}

void nngxEnableCmdlistCallback(GLint id)
{
	NNGX_API(st);
	struct nngx_cmdlist *l = nngx_cmdlist_current(st);
	size_t max = l ? l->max_req : 0;

	/* -1 or a request of the bound list (none without a list). */
	if (id != -1 && (id < 1 || (size_t)id > max)) {
		nngx_state_error(st, GL_ERROR_8012_DMP, NNGX_SHIM_DIAG_INVALID_ARGUMENT,
				 "nngxEnableCmdlistCallback", "id %d is neither -1 nor a request "
				 "of 1..%zu", id, max);
		return;
	}
	/* Model choice: one callback, called when a wait completes. */
	st->cmdlists.callback_enabled = true;
}

void nngxDisableCmdlistCallback(GLint id)
{
	NNGX_API(st);

	(void)id;
	st->cmdlists.callback_enabled = false;
}

void nngxSetCmdlistParameteri(GLenum pname, GLint param)
{
	static const char fn[] = "nngxSetCmdlistParameteri";
	NNGX_API(st);
	struct nngx_cmdlist *l = nngx_cmdlist_bound(st, fn);

	if (!l)
		return;
	if (nngx_cmdlist_running(st, l)) {
		nngx_state_error(st, GL_ERROR_8015_DMP, NNGX_SHIM_DIAG_CMDLIST_RUNNING, fn,
				 "command list %u is running", l->name);
		return;
	}
	/* The SDK takes NN_GX_CMDLIST_SERIAL_RUN only. */
	if (pname != NN_GX_CMDLIST_RUN_MODE || param != NN_GX_CMDLIST_SERIAL_RUN) {
		nngx_state_error(st, GL_ERROR_8016_DMP, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "pname 0x%04X, value 0x%04X: only NN_GX_CMDLIST_RUN_MODE = "
				 "NN_GX_CMDLIST_SERIAL_RUN can be set", pname, (unsigned)param);
		return;
	}
	l->run_mode = param;
}

void nngxGetCmdlistParameteri(GLenum pname, GLint *param)
{
	static const char fn[] = "nngxGetCmdlistParameteri";
	NNGX_API(st);
	struct nngx_cmdlist *l;

	if (!param) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_NULL_PARAM, fn, "pname 0x%04X", pname);
		return;
	}
	switch (pname) {
	case NN_GX_CMDLIST_BINDING:
		*param = (GLint)st->cmdlists.bound;
		return;
	case NN_GX_CMDLIST_IS_RUNNING: case NN_GX_CMDLIST_RUN_MODE:
	case NN_GX_CMDLIST_USED_BUFSIZE: case NN_GX_CMDLIST_USED_REQCOUNT:
	case NN_GX_CMDLIST_MAX_BUFSIZE: case NN_GX_CMDLIST_MAX_REQCOUNT:
	case NN_GX_CMDLIST_TOP_BUFADDR: case NN_GX_CMDLIST_CURRENT_BUFADDR:
	case NN_GX_CMDLIST_RUN_REQCOUNT: case NN_GX_CMDLIST_RUN_BUFSIZE:
	case NN_GX_CMDLIST_NEXT_REQTYPE: case NN_GX_CMDLIST_TOP_REQADDR:
	case NN_GX_CMDLIST_NEXT_REQINFO: case NN_GX_CMDLIST_HW_STATE:
	case NN_GX_CMDLIST_GAS_UPDATE:
		break;
	default:
		nngx_state_error(st, GL_ERROR_8017_DMP, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "pname 0x%04X is not a command-list parameter", pname);
		return;
	}
	/* Without a bound list the SDK answers BINDING (above),
	 * CURRENT_BUFADDR (0 here) and HW_STATE; the rest record 8018. */
	if (!nngx_cmdlist_find(st, st->cmdlists.bound)) {
		if (pname == NN_GX_CMDLIST_CURRENT_BUFADDR || pname == NN_GX_CMDLIST_HW_STATE) {
			if (pname == NN_GX_CMDLIST_HW_STATE)
				nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_NOT_MODELLED, fn,
						 "pname 0x%04X reads 0", pname);
			*param = 0;
			return;
		}
		nngx_state_error(st, GL_ERROR_8018_DMP, NNGX_SHIM_DIAG_CMDLIST_NONE, fn,
				 "pname 0x%04X needs a bound command list", pname);
		return;
	}
	if (pname == NN_GX_CMDLIST_IS_RUNNING) {
		*param = hw_gpu_cmdlist_executing(&st->gpu);
		return;
	}
	l = nngx_cmdlist_bound(st, fn);
	if (!l)
		return;
	switch (pname) {
	case NN_GX_CMDLIST_RUN_MODE: *param = l->run_mode; return;
	case NN_GX_CMDLIST_USED_BUFSIZE: *param = (GLint)(l->used_words * 4); return;
	case NN_GX_CMDLIST_USED_REQCOUNT: *param = (GLint)l->used_req; return;
	case NN_GX_CMDLIST_MAX_BUFSIZE: *param = (GLint)(l->cap_words * 4); return;
	case NN_GX_CMDLIST_MAX_REQCOUNT: *param = (GLint)l->max_req; return;
	/* The addresses the program writes command words through in the
	 * console address space (nngx_addrspace.h); physical ones otherwise. */
	case NN_GX_CMDLIST_TOP_BUFADDR: *param = (GLint)nngx_addrspace_va(l->phys); return;
	case NN_GX_CMDLIST_CURRENT_BUFADDR:
		*param = (GLint)nngx_addrspace_va(l->phys + (uint32_t)(l->used_words * 4));
		return;
	case NN_GX_CMDLIST_RUN_REQCOUNT: *param = (GLint)l->run_req; return;
	case NN_GX_CMDLIST_RUN_BUFSIZE:
		*param = (GLint)(l->run_req ? l->req[l->run_req - 1].end * 4 : 0);
		return;
	case NN_GX_CMDLIST_NEXT_REQTYPE:
		*param = (GLint)(l->run_req < l->used_req ? l->req[l->run_req].type : 0);
		return;
	case NN_GX_CMDLIST_TOP_REQADDR: case NN_GX_CMDLIST_NEXT_REQINFO:
	case NN_GX_CMDLIST_HW_STATE: case NN_GX_CMDLIST_GAS_UPDATE:
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_NOT_MODELLED, fn,
				 "pname 0x%04X reads 0", pname);
		*param = 0;
		return;
	default: /* NN_GX_CMDLIST_BINDING and IS_RUNNING: answered above */
		return;
	}
}

/* ---- initialization ------------------------------------------------------ */

GLboolean nngxInitialize(GLvoid *(*allocator)(GLenum, GLenum, GLuint, GLsizei),
			 void (*deallocator)(GLenum, GLenum, GLuint, GLvoid *))
{
	NNGX_API(st);
	const char *why;

	if (st->initialized) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_ALREADY_INITIALIZED, "nngxInitialize",
				 "nngxInitialize called twice");
		return GL_FALSE;
	}
	if (nngx_callback_refuses(st, 0, "nngxInitialize"))
		return GL_FALSE;
	/* NULL allocator: the library's own (the simulated memory is enough). */
	nngx_state_set_allocator(st, allocator, deallocator);
	st->initialized = true;
	if (!nngx_addrspace_map(&st->gpu.memory, &why)
	    && !st->diag.count[NNGX_SHIM_DIAG_ADDRESS_SPACE_HOST])
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_ADDRESS_SPACE_HOST, "nngxInitialize",
				 "%s: addresses handed out (NN_GX_DISPLAYBUFFER_ADDRESS, "
				 "NN_GX_CMDLIST_*_BUFADDR, *_DATA_ADDR_DMP) are simulated physical "
				 "addresses, not pointers; the library places every object",
				 why);
	return GL_TRUE;
}

void nngxFinalize(void)
{
	NNGX_API(st);

	/* From an allocator, deallocator or diagnostic callback, the call
	 * that called it still uses what this would free. */
	if (nngx_callback_refuses(st, 0, "nngxFinalize"))
		return;
	nngx_golden_record(st, "finalize");
	/* GL objects and command lists go, their memory back to the program's
	 * deallocator while it is still known. */
	gl_context_fini(&st->gl, &st->gpu.memory, st->deallocator);
	nngx_cmdlists_clear(st);
	nngx_display_fini(st);
	nngx_state_set_allocator(st, NULL, NULL);
	st->initialized = false;
}

void nngxGetAllocator(GLvoid *(**allocator)(GLenum, GLenum, GLuint, GLsizei),
		      void (**deallocator)(GLenum, GLenum, GLuint, GLvoid *))
{
	NNGX_API(st);

	/* NULL outputs are skipped; before nngxInitialize (or with the
	 * library's own allocator) both are NULL. */
	if (allocator)
		*allocator = st->program_allocator;
	if (deallocator)
		*deallocator = st->program_deallocator;
}

GLboolean nngxGetIsInitialized(void)
{
	NNGX_API(st);

	return st->initialized ? GL_TRUE : GL_FALSE;
}

/* nngxGetInitializationCommand: the commands that put the GPU's registers
 * back to their power-on values, which nngxInitialize leaves them at (the
 * model's GPU has no other start-up state): built by the model
 * (hw_command_init_words; what they hold is the model choice written
 * there and in doc/model.md, "Model choices"). They do not depend on the
 * library's state, so the call answers before nngxInitialize too. The
 * size is a multiple of 16 bytes, so the buffer can be added by copy or
 * by reference (nngxAdd3DCommand) or jumped to. Model choices, as the
 * SDK documents no error for the call: data NULL asks for the size only
 * (datasize is not looked at); a buffer too small for the whole sequence,
 * or a negative datasize, gets nothing (INIT_COMMAND_SHORT), not part of
 * it; the size is returned either way. */
GLsizei nngxGetInitializationCommand(GLsizei datasize, GLvoid *data)
{
	static const char fn[] = "nngxGetInitializationCommand";
	NNGX_API(st);
	uint32_t words[HW_COMMAND_INIT_MAX_WORDS];
	size_t n = hw_command_init_words(data ? words : NULL);
	GLsizei bytes = (GLsizei)(n * 4);

	if (!data)
		return bytes;
	if (datasize < bytes) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INIT_COMMAND_SHORT, fn,
				 "datasize %d: the initialisation commands take %d bytes; "
				 "nothing is copied", datasize, bytes);
		return bytes;
	}
	memcpy(data, words, n * 4);
	return bytes;
}
