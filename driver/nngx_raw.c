/* nngx_raw.c: the Raw API's program-owned command lists: the handle in
 * the program's nngxCommandList and the record in its request memory
 * (the mapping is described in nngx_raw.h). */
#include <string.h>

#include "nngx_raw.h"
#include "nngx_state.h"

#define RAW_HANDLE_MAGIC 0x4E475852u    /* "RXGN" in memory order */
#define RAW_RECORD_MAGIC 0x5241574Cu

/* What nngxCommandList holds, copied in and out with memcpy (the object
 * is only 4-aligned). */
struct raw_handle {
	uint32_t magic, check, generation, pad;
	uint64_t record;                /* the record's address */
};

/* The handle fits the SDK's 68 bytes, and the record's alignment is
 * NNGX_RAW_ALIGN at most. */
typedef char raw_handle_fits[sizeof(struct raw_handle) <= sizeof(nngxCommandList) ? 1 : -1];
struct raw_align_probe {
	char c;
	struct nngx_raw_list r;
	struct nngx_request q;
};
typedef char raw_align_fits[offsetof(struct raw_align_probe, r) <= NNGX_RAW_ALIGN ? 1 : -1];

/* The record is followed by the queue, both aligned. */
static size_t record_bytes(void)
{
	return (sizeof(struct nngx_raw_list) + NNGX_RAW_ALIGN - 1) / NNGX_RAW_ALIGN
	       * NNGX_RAW_ALIGN;
}

size_t nngx_raw_request_bytes(GLsizei count)
{
	/* The request memory is 4-aligned: up to NNGX_RAW_ALIGN - 4 bytes
	 * go to aligning the record. */
	size_t fixed = NNGX_RAW_ALIGN - 4 + record_bytes();
	size_t most = (size_t)0x7FFFFFFF;

	if (count < 0 || (size_t)count > (most - fixed) / sizeof(struct nngx_request))
		return 0;
	return fixed + (size_t)count * sizeof(struct nngx_request);
}

/* A check word for a handle: the record's address and the generation
 * mixed (a 64-bit finaliser), so that garbage is not taken for a list. */
static uint32_t handle_check(uint64_t record, uint32_t generation)
{
	uint64_t x = record ^ (uint64_t)generation << 32 ^ 0x9E3779B97F4A7C15u;

	x ^= x >> 33;
	x *= 0xFF51AFD7ED558CCDu;
	x ^= x >> 33;
	x *= 0xC4CEB9FE1A85EC53u;
	x ^= x >> 33;
	return (uint32_t)x;
}

struct nngx_raw_list *nngx_raw_setup(struct nngx_state *st, nngxCommandList *cl,
				     GLvoid *buffer, uint32_t phys, size_t bytes,
				     GLvoid *requests, size_t count)
{
	struct nngx_cmdlists *c = &st->cmdlists;
	uintptr_t at = ((uintptr_t)requests + NNGX_RAW_ALIGN - 1)
		       / NNGX_RAW_ALIGN * NNGX_RAW_ALIGN;
	struct nngx_raw_list *r = (struct nngx_raw_list *)at;
	struct raw_handle h;

	memset(r, 0, sizeof *r);
	r->magic = RAW_RECORD_MAGIC;
	r->generation = c->raw_generation;
	r->buffer = buffer;
	r->requests = requests;
	r->list.phys = phys;
	r->list.words = buffer;
	r->list.cap_words = bytes / 4;
	r->list.req = (struct nngx_request *)(at + record_bytes());
	r->list.max_req = count;
	r->list.run_mode = NN_GX_CMDLIST_SERIAL_RUN;
	if (++c->next_raw_id == 0)
		c->next_raw_id = 1;
	r->list.raw_id = c->next_raw_id;
	memset(&h, 0, sizeof h);
	h.magic = RAW_HANDLE_MAGIC;
	h.generation = c->raw_generation;
	h.record = (uint64_t)at;
	h.check = handle_check(h.record, h.generation);
	memset(cl, 0, sizeof *cl);
	memcpy(cl, &h, sizeof h);
	return r;
}

/* The list `cl` names, or NULL with why not in *why. */
static struct nngx_raw_list *raw_find(const struct nngx_state *st, const nngxCommandList *cl,
				      const char **why)
{
	struct raw_handle h;
	struct nngx_raw_list *r;

	if (!cl) {
		*why = "is NULL";
		return NULL;
	}
	memcpy(&h, cl, sizeof h);
	if (h.magic != RAW_HANDLE_MAGIC || h.check != handle_check(h.record, h.generation)
	    || h.record == 0 || h.record % NNGX_RAW_ALIGN) {
		*why = "was not set up by nngxCmdlistStorageRaw";
		return NULL;
	}
	if (h.generation != st->cmdlists.raw_generation) {
		*why = "was set up before the last nngxFinalize";
		return NULL;
	}
	r = (struct nngx_raw_list *)(uintptr_t)h.record;
	if (r->magic != RAW_RECORD_MAGIC || r->generation != h.generation) {
		*why = "has request memory that no longer holds its list";
		return NULL;
	}
	return r;
}

struct nngx_raw_list *nngx_raw_get(struct nngx_state *st, const nngxCommandList *cl,
				   const char *function)
{
	const char *why = NULL;
	struct nngx_raw_list *r = raw_find(st, cl, &why);

	if (!r)
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_RAW_CMDLIST_INVALID, function,
				 "the nngxCommandList at %p %s", (const void *)cl, why);
	return r;
}

struct nngx_raw_list *nngx_raw_peek(const struct nngx_state *st, const nngxCommandList *cl)
{
	const char *why;

	return raw_find(st, cl, &why);
}

bool nngx_raw_buffer_alive(struct nngx_state *st, const struct nngx_raw_list *r, GLenum code,
			   const char *function)
{
	uint32_t bytes = (uint32_t)(r->list.cap_words * 4);

	if (nngx_block_phys(st, r->buffer, bytes) == r->list.phys)
		return true;
	if (code)
		nngx_state_error(st, code, NNGX_SHIM_DIAG_MEMORY_NOT_SIMULATED, function,
				 "the list's command buffer %p (%u bytes) is no longer simulated "
				 "memory", r->buffer, bytes);
	else
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_MEMORY_NOT_SIMULATED, function,
				 "the list's command buffer %p (%u bytes) is no longer simulated "
				 "memory", r->buffer, bytes);
	return false;
}
