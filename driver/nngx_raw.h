/* nngx_raw.h: the command lists of the Raw API (gx_CTRRaw.h), which the
 * program owns (the driver's part, nngx_raw.c; the entry points are in
 * nngx/nngx_raw.c).
 *
 * How the program's objects map to driver state (model choice, doc/model.md):
 * the library keeps nothing of a Raw list, so a list the program forgets
 * costs nothing, and there is nothing to delete.
 *
 *   - The 68-byte nngxCommandList holds a handle: a magic word, the
 *     generation of command lists it was set up in, where the list's
 *     record is, and a check word mixing the two. Anything else (zeroes,
 *     garbage, a list of an earlier generation) is not a list:
 *     RAW_CMDLIST_INVALID, and the call does nothing. A copy of the
 *     object names the same list.
 *   - The record (struct nngx_raw_list) is at the start of the program's
 *     request memory (nngxCmdlistStorageRaw's `commandrequest`, sized by
 *     nngxGetCommandRequestSizeRaw), aligned up to NNGX_RAW_ALIGN: a
 *     driver command list (struct nngx_cmdlist, name 0, its own raw_id)
 *     and the Raw list's callback, followed by the request queue.
 *   - The command buffer is the program's `commandbuffer`, which must be
 *     simulated memory (nngxShimAllocMemory), so the GPU model reads the
 *     commands where the program wrote them.
 *   - nngxFinalize (nngx_cmdlists_clear) ends every Raw list: the
 *     generation moves on, and the memory it lived in may be gone. */
#ifndef NNGX_RAW_H
#define NNGX_RAW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <nn/gx/CTR/gx_CTRRaw.h>

#include "nngx_cmdlist.h"

struct nngx_state;

/* The record's alignment in the request memory, which the SDK only
 * requires 4-aligned. */
#define NNGX_RAW_ALIGN 16u

struct nngx_raw_list {
	uint32_t magic, generation;
	GLvoid *buffer;                 /* the program's commandbuffer */
	GLvoid *requests;               /* the program's commandrequest */
	struct nngx_cmdlist list;       /* req: the queue after this record */
	void (*callback)(GLint);
	GLint callback_id;              /* the id last enabled */
	bool callback_enabled;
};

/* The request memory nngxCmdlistStorageRaw needs for `count` requests
 * (the record, its alignment and the queue); 0 when `count` is negative or
 * the size does not fit a GLsizei. */
size_t nngx_raw_request_bytes(GLsizei count);

/* Set `cl` up as a new empty list over `buffer` (`bytes` of simulated
 * memory at `phys`) and `requests` (room for `count` requests, 4-aligned,
 * nngx_raw_request_bytes(count) bytes). The caller checked all of it.
 * Returns the record. */
struct nngx_raw_list *nngx_raw_setup(struct nngx_state *st, nngxCommandList *cl,
				     GLvoid *buffer, uint32_t phys, size_t bytes,
				     GLvoid *requests, size_t count);

/* The list `cl` names, or NULL after RAW_CMDLIST_INVALID for `function`
 * (NULL, never set up, or set up before the last nngxFinalize). */
struct nngx_raw_list *nngx_raw_get(struct nngx_state *st, const nngxCommandList *cl,
				   const char *function);

/* The same without a diagnostic. */
struct nngx_raw_list *nngx_raw_peek(const struct nngx_state *st, const nngxCommandList *cl);

/* Whether list `r`'s buffer is still the simulated memory it was given;
 * false after MEMORY_NOT_SIMULATED (the program freed it) and GL error
 * `code` when not 0. */
bool nngx_raw_buffer_alive(struct nngx_state *st, const struct nngx_raw_list *r, GLenum code,
			   const char *function);

#endif
