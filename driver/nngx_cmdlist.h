/* nngx_cmdlist.h: command lists, the SDK's unit of GPU work (the driver's
 * part, nngx_cmdlists.c; the entry points are in nngx/nngx_cmdlist.c). A
 * list holds a buffer of PICA200 commands in simulated FCRAM and a queue of requests;
 * nngxFlush3DCommand closes the commands added so far into a RUN3D request
 * and nngxRunCmdlist hands the requests to the GPU, which executes them in
 * virtual time, in the order they were added. GL calls append their
 * commands to the bound list. The other request types (DMA, FILLMEM,
 * POSTTRANS, COPYTEX) drive the engines outside the 3D pipeline: the frame
 * loop (nngx/nngx_display.c) and glClear, glCopyTexImage2D add them. */
#ifndef NNGX_CMDLIST_H
#define NNGX_CMDLIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <nn/gx/CTR/gx_CTR.h>
#include <nngx_shim.h>

#include "hw/hw_transfer.h"
#include "nngx_names.h"

struct nngx_state;

/* The placeholder physical address of a transfer side in program memory
 * (no buffer starts there: a request run without its staging faults). */
#define NNGX_PROGRAM_PHYS 1u

struct nngx_request {
	GLenum type;                    /* NN_GX_CMDLIST_REQTYPE_* */
	/* RUN3D: command words [begin, end); the others: begin = end = the
	 * words flushed before them (NN_GX_CMDLIST_RUN_BUFSIZE). */
	size_t begin, end;
	/* COPYTEX: u.block (nngxAddBlockImageCopyCommand) instead of u.copy. */
	bool block;
	/* POSTTRANS or a block copy from or to program memory the model does
	 * not simulate: the bytes are staged through a temporary FCRAM block
	 * when the request runs (read from cpu_in before, written to cpu_out
	 * after; a block copy's destination is read first too, so that its
	 * gaps keep their bytes); that side's phys is then NNGX_PROGRAM_PHYS. */
	const void *cpu_in;
	void *cpu_out;
	union {
		struct {                                                /* DMA */
			uint32_t src, dst, size;
			/* not NULL: the source is this program memory, read
			 * when the request runs (src is then 0) */
			const void *cpu_src;
		} dma;
		struct hw_fill fill[HW_FILL_CHANNELS];  /* FILLMEM; phys 0: unused */
		struct {                                                /* POSTTRANS */
			struct hw_transfer_image src, dst;
			unsigned aa;            /* enum hw_transfer_aa */
			bool yflip;
		} post;
		struct {                                                /* COPYTEX */
			/* `rows` raw copies of `row_bytes`, the source advancing
			 * by src_stride and the destination by row_bytes. */
			uint32_t src, dst, row_bytes, src_stride, rows;
		} copy;
		struct hw_block_copy block;                             /* COPYTEX */
	} u;
};

struct nngx_cmdlist {
	GLuint name;
	uint32_t phys;                  /* buffer base, 0 without storage */
	uint32_t *words;
	void *user_block;               /* what the program's allocator returned */
	size_t cap_words, used_words, flushed_words;
	struct nngx_request *req;
	size_t max_req, used_req, run_req;
	/* nngxReserveStopCmdlist: a run stops after request number stop_after
	 * (1-based; 0: no stop reserved), and the reservation is used up. */
	size_t stop_after;
	GLint run_mode;
	/* 0 for the lists of nngxGenCmdlists; a Raw list (nngx_raw.h) has
	 * name 0 and this number instead, unique until nngx_cmdlists_clear. */
	uint32_t raw_id;
	/* The last subroutine call (nngx_cmdlist_add_call) while its return
	 * size is not known yet: the word that holds CMDBUF_SIZE1's value and
	 * the return point (the word after the call's kick), both past
	 * flushed_words. There is at most one: the next call or the closing
	 * of the request ends its return. */
	bool call_open;
	size_t call_size_word, call_ret;
};

/* A part of a list: `words` command words from `word`, and `reqs`
 * requests from `req` (nngxStopCmdlistSave's four numbers, in words and
 * requests instead of bytes). */
struct nngx_region {
	size_t word, words, req, reqs;
};

struct nngx_cmdlists {
	struct nngx_cmdlist *list;
	size_t count, cap;
	struct nngx_names where;        /* name -> index in list */
	GLuint next_name;
	GLuint bound;                   /* 0: none */
	void (*callback)(GLint);
	bool callback_enabled;
	GLuint last_run;                /* the list nngx_cmdlist_run ran last */
	/* The list nngx_cmdlist_run is executing now (NULL outside it): it
	 * counts as running for the SDK's "list is running" codes, whatever
	 * the GPU's clock says, while a callback runs from inside the run. */
	const struct nngx_cmdlist *executing;
	uint32_t last_run_raw;          /* its raw_id (0: a named list) */
	/* Raw lists (nngx_raw.h): their generation, bumped by every
	 * nngx_cmdlists_clear, which ends them all; the next raw_id. */
	uint32_t raw_generation, next_raw_id;
	/* The callback of the Raw list run last with one enabled, and its
	 * argument: queued by the next nngx_cmdlist_wait_done, then
	 * forgotten (model choice: once a run). */
	void (*raw_callback)(GLint);
	GLint raw_callback_id;
	/* nngxStartCmdlistSave: where the open save began in the bound list. */
	bool saving;
	size_t save_word, save_req;
};

void nngx_cmdlists_init(struct nngx_cmdlists *c);
/* Drop every list (power-on, nngxFinalize). */
void nngx_cmdlists_clear(struct nngx_state *st);

/* The list named `name`, with or without storage; NULL for 0 or unknown. */
struct nngx_cmdlist *nngx_cmdlist_find(struct nngx_state *st, GLuint name);

/* Give back list `l`'s storage (the program's deallocator hears of it); the
 * list stays, empty and without storage. */
void nngx_cmdlist_release(struct nngx_state *st, struct nngx_cmdlist *l);

/* Close the commands added since the last flush into a RUN3D request;
 * GL_ERROR_COMMANDREQUEST_FULL_DMP when no request is left. */
void nngx_cmdlist_flush(struct nngx_state *st, struct nngx_cmdlist *l, const char *fn);
/* The same for the first `words` of them (at most those not flushed);
 * the rest stay unflushed (nngxFlush3DCommandPartially). */
void nngx_cmdlist_flush_words(struct nngx_state *st, struct nngx_cmdlist *l, size_t words,
			      const char *fn);
/* nngxFlush3DCommandPartially on list `l` (bound or Raw): the first
 * `bytes` of the commands not flushed, a positive multiple of 8 and at
 * most what is pending; else INVALID_ARGUMENT and nothing changes. */
void nngx_cmdlist_flush_partially(struct nngx_state *st, struct nngx_cmdlist *l, GLsizei bytes,
				  const char *fn);

/* Hand the requests of `l` not run yet to the GPU, in order (up to the
 * reserved stop, if one lies ahead). */
void nngx_cmdlist_run(struct nngx_state *st, struct nngx_cmdlist *l, const char *fn);

/* Whether list `l`'s requests are executing on the GPU (it ran last and
 * the GPU is still busy with command lists). */
bool nngx_cmdlist_running(const struct nngx_state *st, const struct nngx_cmdlist *l);

/* Whether region `r` lies inside what list `src` holds (its words and
 * requests; the words of each RUN3D request of the region inside it). */
bool nngx_region_inside(const struct nngx_cmdlist *src, const struct nngx_region *r);

/* Whether replaying region `r` of `src` onto `dst` fits dst's buffer and
 * request queue. */
bool nngx_region_fits(const struct nngx_cmdlist *dst, const struct nngx_cmdlist *src,
		      const struct nngx_region *r);

/* Replay region `r` of `src` at the end of `dst` (which may be `src`):
 * its words in order, each RUN3D request of the region closing the words
 * replayed so far into a request of `dst`, each other request copied
 * after the words before it; words after the region's last request stay
 * unflushed. The caller checked nngx_region_inside and
 * nngx_region_fits. */
void nngx_region_replay(struct nngx_state *st, struct nngx_cmdlist *dst,
			const struct nngx_cmdlist *src, const struct nngx_region *r,
			const char *fn);

/* The same on the bound list, after the diagnostic when there is none
 * with storage (nngxFlush3DCommand, nngxRunCmdlist, glFlush, glFinish). */
void nngx_cmdlist_flush_bound(struct nngx_state *st, const char *fn);
void nngx_cmdlist_run_bound(struct nngx_state *st, const char *fn);

/* The program waits for the GPU to finish the queued work; then the
 * command-list callback runs when enabled (nngxWaitCmdlistDone). */
void nngx_cmdlist_wait_done(struct nngx_state *st);

/* The bound list with storage, or NULL after a diagnostic for `function`. */
struct nngx_cmdlist *nngx_cmdlist_bound(struct nngx_state *st, const char *function);

/* The same, recording `code` (a section-6 code of the calling function)
 * with the diagnostic; 0 records none. A list without storage counts as
 * no list (model choice, doc/model.md "Bound forms: error codes"). */
struct nngx_cmdlist *nngx_cmdlist_bound_code(struct nngx_state *st, GLenum code,
					     const char *function);

/* The bound list with storage, or NULL, without a diagnostic. */
struct nngx_cmdlist *nngx_cmdlist_current(struct nngx_state *st);

/* The bound list when it has room for `requests` more requests, plus the
 * RUN3D request that closes the commands not flushed yet (or the ones the
 * caller is about to append, `adding_words`); NULL after the diagnostic
 * or GL_ERROR_COMMANDREQUEST_FULL_DMP. For calls that must check before
 * they act. */
struct nngx_cmdlist *nngx_cmdlist_reserve(struct nngx_state *st, size_t requests,
					  bool adding_words, const char *function);

/* One channel of nngxAddMemoryFillCommand (and its Raw form) checked
 * into `c` (zeroed; start NULL: the channel is unused): the codes 8079
 * (start not 16-byte aligned), 807A (size) and 807B (width) with
 * diagnostic `diag`; MEMORY_NOT_SIMULATED for a range neither in one
 * block of simulated memory nor in one VRAM bank's window;
 * INVALID_ARGUMENT for main memory. False after the error. */
#define NNGX_FILL_ALIGN 16
bool nngx_fill_channel(struct nngx_state *st, unsigned channel, GLvoid *start, GLsizei size,
		       GLuint data, GLsizei width, nngxShimDiagId diag, struct hw_fill *c,
		       const char *fn);

/* nngxAddVramDmaCommand's addresses (and its variants') checked into
 * DMA request `r`: the destination is simulated memory (in the console
 * address space any range of one area; else one block or the VRAM
 * window); the source is simulated memory or, anywhere else, program
 * memory readable now (nngx_addrspace_readable), read when the request
 * runs and costed as main memory. MEMORY_NOT_SIMULATED and false, with
 * `r` untouched, for an address that is neither. size > 0. */
bool nngx_dma_request(struct nngx_state *st, const void *src, void *dst, uint32_t size,
		      struct nngx_request *r, const char *fn);

/* Add request `r` (not RUN3D) to the bound list. The 3D commands added
 * since the last flush are closed into a RUN3D request first, so that the
 * requests run in the order of the calls that made them (model choice).
 * Returns false, adding nothing, after the diagnostic (no list, no
 * storage) or GL_ERROR_COMMANDREQUEST_FULL_DMP (no room for both). */
bool nngx_cmdlist_add_request(struct nngx_state *st, const struct nngx_request *r,
			      const char *function);

/* Add request `r` (not RUN3D) to list `l` without closing the 3D
 * commands added since the last flush: they stay pending and, once
 * flushed, run after it (the SDK's "no split" requests: L2B and B2L
 * transfers, block copies, nngxTransferLinearImage,
 * nngxFilterBlockImage). The caller checked that a request is left. */
void nngx_cmdlist_queue_request(struct nngx_cmdlist *l, const struct nngx_request *r);

/* nngxAddSubroutineCommand on list `l` (with storage): the commands that
 * run `bytes` bytes at physical `phys` and come back. Padding first when
 * needed (writes with no byte enabled, the first one's value the word
 * the program left open when it added an odd number, so that the return
 * point is 16-byte aligned), then
 * CMDBUF_SIZE0 = bytes, CMDBUF_SIZE1 = the return size, CMDBUF_ADDR0 =
 * phys, CMDBUF_ADDR1 = the return point, and the kick of channel 0
 * (CMDBUF_JUMP0). The buffer ends with a kick of channel 1, which
 * continues after the call. The return size, the bytes from the return
 * point to the next kick (the end of the next call) or to the end of the
 * request that holds it, whichever comes first, is written when either is
 * added (nngx_cmdlist_flush_words closes the request). False, adding
 * nothing, after GL_ERROR_COMMANDBUFFER_FULL_DMP when the words do not
 * fit. */
bool nngx_cmdlist_add_call(struct nngx_state *st, struct nngx_cmdlist *l, uint32_t phys,
			   uint32_t bytes, const char *fn);
/* Forget the open call when it ends after word `from` (the list's words
 * from there were discarded: a clear, the pointer moved back into them). */
void nngx_cmdlist_forget_call(struct nngx_cmdlist *l, size_t from);

/* Append commands to the bound list. Returns false (after the diagnostic
 * and, when full, the documented GL error) if they were not added. */
bool nngx_cmdlist_append(struct nngx_state *st, const uint32_t *words, size_t count,
			 const char *function);

/* The same three on a given list with storage (the Raw API's lists). */
bool nngx_cmdlist_reserve_in(struct nngx_state *st, struct nngx_cmdlist *l, size_t requests,
			     bool adding_words, const char *function);
/* nngx_cmdlist_reserve_in recording `code` instead of
 * GL_ERROR_COMMANDREQUEST_FULL_DMP (the SDK entry points' own codes). */
bool nngx_cmdlist_room(struct nngx_state *st, struct nngx_cmdlist *l, size_t requests,
		       bool adding_words, GLenum code, const char *function);
bool nngx_cmdlist_add_request_to(struct nngx_state *st, struct nngx_cmdlist *l,
				 const struct nngx_request *r, const char *function);
bool nngx_cmdlist_append_to(struct nngx_state *st, struct nngx_cmdlist *l,
			    const uint32_t *words, size_t count, const char *function);

#endif
