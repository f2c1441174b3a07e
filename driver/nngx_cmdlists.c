/* nngx_cmdlists.c: the driver's command lists: finding, binding storage,
 * appending commands, closing them into requests, and handing requests to
 * the GPU. The SDK entry points (nngx/nngx_cmdlist.c) check their
 * arguments and call these; so do the GL entry points, which append their
 * commands to the bound list. */
#include <stdlib.h>
#include <string.h>

#include "hw/hw_memory.h"
#include "nngx_addrspace.h"
#include "nngx_capture.h"
#include "nngx_cmdlist.h"
#include "nngx_golden.h"
#include "nngx_state.h"
#include "nngx_time.h"

void nngx_cmdlists_init(struct nngx_cmdlists *c)
{
	memset(c, 0, sizeof *c);
	c->next_name = 1;
}

void nngx_cmdlist_release(struct nngx_state *st, struct nngx_cmdlist *l)
{
	if (l->phys)
		hw_memory_free(&st->gpu.memory, l->phys);
	if (l->user_block && st->deallocator)
		st->deallocator(NN_GX_MEM_FCRAM, NN_GX_MEM_COMMANDBUFFER, l->name, l->user_block);
	free(l->req);
	l->call_open = false;
	l->phys = 0;
	l->words = NULL;
	l->user_block = NULL;
	l->req = NULL;
	l->cap_words = l->used_words = l->flushed_words = 0;
	l->max_req = l->used_req = l->run_req = l->stop_after = 0;
}

void nngx_cmdlists_clear(struct nngx_state *st)
{
	struct nngx_cmdlists *c = &st->cmdlists;
	uint32_t generation = c->raw_generation + 1;
	size_t i;

	for (i = 0; i < c->count; i++)
		nngx_cmdlist_release(st, &c->list[i]);
	free(c->list);
	nngx_names_fini(&c->where);
	nngx_cmdlists_init(c);
	/* Every Raw list ends too (nngx_raw.h): its buffer may be gone. */
	c->raw_generation = generation;
}

struct nngx_cmdlist *nngx_cmdlist_find(struct nngx_state *st, GLuint name)
{
	size_t i;

	return nngx_names_get(&st->cmdlists.where, name, &i) ? &st->cmdlists.list[i] : NULL;
}

struct nngx_cmdlist *nngx_cmdlist_current(struct nngx_state *st)
{
	struct nngx_cmdlist *l = nngx_cmdlist_find(st, st->cmdlists.bound);

	return l && l->phys ? l : NULL;
}

struct nngx_cmdlist *nngx_cmdlist_bound(struct nngx_state *st, const char *function)
{
	return nngx_cmdlist_bound_code(st, 0, function);
}

struct nngx_cmdlist *nngx_cmdlist_bound_code(struct nngx_state *st, GLenum code,
					     const char *function)
{
	struct nngx_cmdlist *l = nngx_cmdlist_find(st, st->cmdlists.bound);

	if (!l) {
		if (code)
			nngx_state_error(st, code, NNGX_SHIM_DIAG_CMDLIST_NONE, function,
					 "no command list is bound");
		else
			nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_CMDLIST_NONE, function,
					 "no command list is bound");
		return NULL;
	}
	if (!l->phys) {
		if (code)
			nngx_state_error(st, code, NNGX_SHIM_DIAG_CMDLIST_NO_STORAGE, function,
					 "command list %u has no storage", l->name);
		else
			nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_CMDLIST_NO_STORAGE, function,
					 "command list %u", l->name);
		return NULL;
	}
	return l;
}

bool nngx_cmdlist_append(struct nngx_state *st, const uint32_t *words, size_t count,
			 const char *function)
{
	struct nngx_cmdlist *l = nngx_cmdlist_bound(st, function);

	return l && nngx_cmdlist_append_to(st, l, words, count, function);
}

bool nngx_cmdlist_append_to(struct nngx_state *st, struct nngx_cmdlist *l,
			    const uint32_t *words, size_t count, const char *function)
{
	if (count > l->cap_words - l->used_words) {
		nngx_state_error(st, GL_ERROR_COMMANDBUFFER_FULL_DMP, NNGX_SHIM_DIAG_CMDLIST_FULL,
				 function, "command list %u: %zu words do not fit in the %zu left",
				 l->name, count, l->cap_words - l->used_words);
		return false;
	}
	memcpy(l->words + l->used_words, words, count * sizeof *words);
	l->used_words += count;
	return true;
}

static void call_close(struct nngx_cmdlist *l, size_t end);

/* Close the commands added since the last flush into a RUN3D request. */
void nngx_cmdlist_flush(struct nngx_state *st, struct nngx_cmdlist *l, const char *fn)
{
	nngx_cmdlist_flush_words(st, l, l->used_words - l->flushed_words, fn);
}

void nngx_cmdlist_flush_words(struct nngx_state *st, struct nngx_cmdlist *l, size_t words,
			      const char *fn)
{
	if (words == 0)
		return;
	if (l->used_req == l->max_req) {
		nngx_state_error(st, GL_ERROR_COMMANDREQUEST_FULL_DMP, NNGX_SHIM_DIAG_CMDLIST_FULL,
				 fn, "command list %u already holds %zu requests", l->name, l->max_req);
		return;
	}
	l->req[l->used_req].type = NN_GX_CMDLIST_REQTYPE_RUN3D;
	l->req[l->used_req].begin = l->flushed_words;
	l->req[l->used_req].end = l->flushed_words + words;
	l->used_req++;
	l->flushed_words += words;
	if (l->call_open && l->call_ret <= l->flushed_words)
		call_close(l, l->flushed_words);
}

/* The open call's return ends at word `end` (the end of the next call's
 * kick, or of the request that holds the return point): its return size,
 * in CMDBUF_SIZE1's units of 8 bytes, possibly 0 (the model's command
 * processor then ends the request at the return kick, hw/hw_command.c). */
static void call_close(struct nngx_cmdlist *l, size_t end)
{
	l->words[l->call_size_word] = (uint32_t)((end - l->call_ret) * 4) >> 3;
	l->call_open = false;
}

void nngx_cmdlist_forget_call(struct nngx_cmdlist *l, size_t from)
{
	if (l->call_open && l->call_ret > from)
		l->call_open = false;
}

#define CALL_WORDS 8
#define CALL_ALIGN_WORDS 4

bool nngx_cmdlist_add_call(struct nngx_state *st, struct nngx_cmdlist *l, uint32_t phys,
			   uint32_t bytes, const char *fn)
{
	size_t pad = (CALL_ALIGN_WORDS - (l->phys / 4 + l->used_words) % CALL_ALIGN_WORDS)
		     % CALL_ALIGN_WORDS;
	uint32_t w[CALL_ALIGN_WORDS - 1 + CALL_WORDS], ret_phys;
	size_t n = 0, k;

	if (pad + CALL_WORDS > l->cap_words - l->used_words) {
		nngx_state_error(st, GL_ERROR_COMMANDBUFFER_FULL_DMP, NNGX_SHIM_DIAG_CMDLIST_FULL,
				 fn, "command list %u: the call takes %zu bytes, %zu are left",
				 l->name, (pad + CALL_WORDS) * 4, (l->cap_words - l->used_words) * 4);
		return false;
	}
	/* Writes with no byte enabled, which change nothing: an odd word is
	 * the header of one whose value is the word the program left open
	 * (commands are pairs of words), two make a whole one. */
	if (pad % 2)
		w[n++] = hw_reg_cmd_header(HW_REG_CMDBUF_SIZE1, 0, 0, false);
	if (pad >= 2) {
		w[n++] = 0;
		w[n++] = hw_reg_cmd_header(HW_REG_CMDBUF_SIZE1, 0, 0, false);
	}
	ret_phys = l->phys + (uint32_t)((l->used_words + n + CALL_WORDS) * 4);
	k = n;
	w[n++] = bytes >> 3;                                    /* CMDBUF_SIZE0 */
	w[n++] = hw_reg_cmd_header(HW_REG_CMDBUF_SIZE0, 0xF, 3, true);
	w[n++] = 0;                                             /* CMDBUF_SIZE1, later */
	w[n++] = phys >> 3;                                     /* CMDBUF_ADDR0 */
	w[n++] = ret_phys >> 3;                                 /* CMDBUF_ADDR1 */
	w[n++] = 0;
	w[n++] = 1;                                             /* CMDBUF_JUMP0 */
	w[n++] = hw_reg_cmd_header(HW_REG_CMDBUF_JUMP0, 0xF, 0, false);
	memcpy(l->words + l->used_words, w, n * sizeof *w);
	/* The previous call's return runs up to this call's kick (the SDK's
	 * rule for the return size: to the next kick or split). */
	if (l->call_open)
		call_close(l, l->used_words + n);
	l->call_open = true;
	l->call_size_word = l->used_words + k + 2;
	l->call_ret = l->used_words + n;
	l->used_words += n;
	return true;
}

struct nngx_cmdlist *nngx_cmdlist_reserve(struct nngx_state *st, size_t requests,
					  bool adding_words, const char *function)
{
	struct nngx_cmdlist *l = nngx_cmdlist_bound(st, function);

	return l && nngx_cmdlist_reserve_in(st, l, requests, adding_words, function) ? l : NULL;
}

bool nngx_cmdlist_reserve_in(struct nngx_state *st, struct nngx_cmdlist *l, size_t requests,
			     bool adding_words, const char *function)
{
	return nngx_cmdlist_room(st, l, requests, adding_words, GL_ERROR_COMMANDREQUEST_FULL_DMP,
				 function);
}

bool nngx_cmdlist_room(struct nngx_state *st, struct nngx_cmdlist *l, size_t requests,
		       bool adding_words, GLenum code, const char *function)
{
	size_t needed = requests + (adding_words || l->used_words != l->flushed_words);

	if (l->max_req - l->used_req < needed) {
		nngx_state_error(st, code, NNGX_SHIM_DIAG_CMDLIST_FULL,
				 function, "command list %u holds %zu of %zu requests; this call "
				 "needs %zu", l->name, l->used_req, l->max_req, needed);
		return false;
	}
	return true;
}

bool nngx_cmdlist_add_request(struct nngx_state *st, const struct nngx_request *r,
			      const char *function)
{
	struct nngx_cmdlist *l = nngx_cmdlist_bound(st, function);

	return l && nngx_cmdlist_add_request_to(st, l, r, function);
}

bool nngx_cmdlist_add_request_to(struct nngx_state *st, struct nngx_cmdlist *l,
				 const struct nngx_request *r, const char *function)
{
	if (!nngx_cmdlist_reserve_in(st, l, 1, false, function))
		return false;
	nngx_cmdlist_flush(st, l, function);
	l->req[l->used_req] = *r;
	l->req[l->used_req].begin = l->req[l->used_req].end = l->flushed_words;
	l->used_req++;
	return true;
}

void nngx_cmdlist_queue_request(struct nngx_cmdlist *l, const struct nngx_request *r)
{
	l->req[l->used_req] = *r;
	l->req[l->used_req].begin = l->req[l->used_req].end = l->flushed_words;
	l->used_req++;
}

/* A request type's name for diagnostics; anything not listed is COPYTEX, the
 * last type. */
static const char *request_name(GLenum type)
{
	switch (type) {
	case NN_GX_CMDLIST_REQTYPE_DMA: return "DMA";
	case NN_GX_CMDLIST_REQTYPE_RUN3D: return "RUN3D";
	case NN_GX_CMDLIST_REQTYPE_FILLMEM: return "FILLMEM";
	case NN_GX_CMDLIST_REQTYPE_POSTTRANS: return "POSTTRANS";
	default: return "COPYTEX";
	}
}

/* A DMA request's program-memory source, read through the kernel: memory
 * the program freed or unmapped since the call is a fault, not a crash. */
static bool request_read_program(void *user, void *to, uint32_t size)
{
	return nngx_addrspace_read(to, user, size);
}

/* A transfer from or to program memory (nngx_cmdlist.h, cpu_in/cpu_out):
 * each such side goes through a temporary FCRAM block, so the engine
 * reads and writes main memory, as it is costed; the source is read
 * through the kernel before, the destination written after. A side the
 * program unmapped since is a fault; a full FCRAM is out of memory. */
static enum hw_status request_staged_transfer(struct nngx_state *st, const struct nngx_request *r)
{
	struct hw_memory *mem = &st->gpu.memory;
	struct hw_transfer_image src = r->u.post.src, dst = r->u.post.dst;
	uint32_t in_bytes = (uint32_t)hw_transfer_image_bytes(&src);
	uint32_t out_bytes = (uint32_t)hw_transfer_image_bytes(&dst);
	enum hw_status status = HW_OK;

	if (r->cpu_in) {
		src.phys = hw_memory_alloc(mem, HW_AREA_FCRAM, in_bytes);
		if (!src.phys)
			return HW_ERROR_NO_MEMORY;
		if (!nngx_addrspace_read(hw_memory_host(mem, src.phys, in_bytes), r->cpu_in,
					 in_bytes))
			status = HW_ERROR_FAULT;
	}
	if (status == HW_OK && r->cpu_out) {
		dst.phys = hw_memory_alloc(mem, HW_AREA_FCRAM, out_bytes);
		if (!dst.phys)
			status = HW_ERROR_NO_MEMORY;
	}
	if (status == HW_OK)
		status = hw_gpu_display_transfer(&st->gpu, &src, &dst, r->u.post.aa,
						 r->u.post.yflip);
	if (status == HW_OK && r->cpu_out
	    && !nngx_addrspace_write(r->cpu_out, hw_memory_host(mem, dst.phys, out_bytes),
				     out_bytes))
		status = HW_ERROR_FAULT;
	if (r->cpu_out && dst.phys)
		hw_memory_free(mem, dst.phys);
	if (r->cpu_in && src.phys)
		hw_memory_free(mem, src.phys);
	return status;
}

/* A block copy from or to program memory, staged as request_staged_transfer
 * stages an image: each such side's span goes through a temporary FCRAM
 * block. The destination's span is read from the program first, so the
 * bytes between its units (which the engine does not write) go back as
 * they were. */
static enum hw_status request_staged_block_copy(struct nngx_state *st,
						const struct nngx_request *r)
{
	struct hw_memory *mem = &st->gpu.memory;
	struct hw_block_copy c = r->u.block;
	uint32_t in_bytes = (uint32_t)hw_block_copy_span(c.src_unit, c.src_gap, c.size);
	uint32_t out_bytes = (uint32_t)hw_block_copy_span(c.dst_unit, c.dst_gap, c.size);
	uint32_t in_stage = 0, out_stage = 0;
	enum hw_status status = HW_OK;

	if (r->cpu_in) {
		in_stage = c.src = hw_memory_alloc(mem, HW_AREA_FCRAM, in_bytes);
		if (!in_stage)
			return HW_ERROR_NO_MEMORY;
		if (!nngx_addrspace_read(hw_memory_host(mem, in_stage, in_bytes), r->cpu_in,
					 in_bytes))
			status = HW_ERROR_FAULT;
	}
	if (status == HW_OK && r->cpu_out) {
		out_stage = c.dst = hw_memory_alloc(mem, HW_AREA_FCRAM, out_bytes);
		if (!out_stage)
			status = HW_ERROR_NO_MEMORY;
		else if (!nngx_addrspace_read(hw_memory_host(mem, out_stage, out_bytes),
					      r->cpu_out, out_bytes))
			status = HW_ERROR_FAULT;
	}
	if (status == HW_OK)
		status = hw_gpu_block_copy(&st->gpu, &c);
	if (status == HW_OK && out_stage
	    && !nngx_addrspace_write(r->cpu_out, hw_memory_host(mem, out_stage, out_bytes),
				     out_bytes))
		status = HW_ERROR_FAULT;
	if (out_stage)
		hw_memory_free(mem, out_stage);
	if (in_stage)
		hw_memory_free(mem, in_stage);
	return status;
}

/* Hand one request to the GPU: it runs after the work queued before it. */
static enum hw_status request_execute(struct nngx_state *st, const struct nngx_cmdlist *l,
				      const struct nngx_request *r)
{
	struct hw_gpu *gpu = &st->gpu;
	enum hw_status status = HW_OK;
	uint32_t k;

	switch (r->type) {
	case NN_GX_CMDLIST_REQTYPE_RUN3D:
		/* A command fault is reported by the GPU itself (hw_gpu_notef);
		 * running out of memory is the caller's to report. */
		status = hw_gpu_submit(gpu, l->words + r->begin, r->end - r->begin,
				       l->phys + (uint32_t)(r->begin * 4));
		return status == HW_ERROR_NO_MEMORY ? status : HW_OK;
	case NN_GX_CMDLIST_REQTYPE_DMA:
		if (r->u.dma.cpu_src)
			return hw_gpu_dma_in(gpu, r->u.dma.dst, r->u.dma.size, request_read_program,
					     (void *)r->u.dma.cpu_src);
		return hw_gpu_dma(gpu, r->u.dma.src, r->u.dma.dst, r->u.dma.size);
	case NN_GX_CMDLIST_REQTYPE_FILLMEM:
		/* The two channels start together and run in parallel. */
		return hw_gpu_fill2(gpu, &r->u.fill[0], &r->u.fill[1]);
	case NN_GX_CMDLIST_REQTYPE_POSTTRANS:
		if (r->cpu_in || r->cpu_out)
			return request_staged_transfer(st, r);
		return hw_gpu_display_transfer(gpu, &r->u.post.src, &r->u.post.dst, r->u.post.aa,
					       r->u.post.yflip);
	default: /* COPYTEX */
		if (r->block)
			return r->cpu_in || r->cpu_out ? request_staged_block_copy(st, r)
			       : hw_gpu_block_copy(gpu, &r->u.block);
		if (r->u.copy.row_bytes == 0)
			return HW_OK;           /* rows of nothing: nothing to walk */
		for (k = 0; k < r->u.copy.rows && status == HW_OK; k++)
			status = hw_gpu_texture_copy(gpu, r->u.copy.src + k * r->u.copy.src_stride,
						     r->u.copy.dst + k * r->u.copy.row_bytes,
						     r->u.copy.row_bytes);
		return status;
	}
}

void nngx_cmdlist_run(struct nngx_state *st, struct nngx_cmdlist *l, const char *fn)
{
	/* The GPU is not run from a callback that runs inside a library call
	 * (perhaps this very run: a diagnostic it raised). */
	if (nngx_callback_refuses(st, 0, fn))
		return;
	st->cmdlists.last_run = l->name;
	st->cmdlists.last_run_raw = l->raw_id;
	if (st->capture)
		nngx_capture_run(st, l->name, l->used_req - l->run_req);
	if (l->used_words != l->flushed_words)
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_CMDLIST_UNFLUSHED, fn,
				 "command list %u: %zu words not flushed", l->name,
				 l->used_words - l->flushed_words);
	/* While the requests execute, the diagnostic callback may hear of
	 * faults; the rule (nngx_callback_refuses) keeps it from freeing `l`. */
	st->cmdlists.executing = l;
	for (; l->run_req < l->used_req; l->run_req++) {
		const struct nngx_request *r = &l->req[l->run_req];
		enum hw_status status = request_execute(st, l, r);

		if (status == HW_ERROR_NO_MEMORY) {
			nngx_state_error(st, GL_OUT_OF_MEMORY, NNGX_SHIM_DIAG_GPU_OUT_OF_MEMORY, fn,
					 "command list %u, request %zu (%s): the host ran out of "
					 "memory; the request stopped there", l->name, l->run_req,
					 request_name(r->type));
			continue;
		}
		/* Checked when added; memory freed since (a deleted texture or
		 * display buffer) can still make the engine refuse. */
		if (status != HW_OK)
			nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_GPU_FAULT, fn,
					 "command list %u, request %zu (%s): the engine refused "
					 "it (status %d) and did nothing", l->name, l->run_req,
					 request_name(r->type), (int)status);
		if (l->stop_after == l->run_req + 1) {
			/* The reserved stop: the next run goes on from here. */
			l->stop_after = 0;
			l->run_req++;
			break;
		}
	}
	st->cmdlists.executing = NULL;
	if (st->capture)
		nngx_capture_run_done(st);
}

void nngx_cmdlist_flush_bound(struct nngx_state *st, const char *fn)
{
	struct nngx_cmdlist *l = nngx_cmdlist_bound(st, fn);

	if (l)
		nngx_cmdlist_flush(st, l, fn);
}

void nngx_cmdlist_run_bound(struct nngx_state *st, const char *fn)
{
	struct nngx_cmdlist *l = nngx_cmdlist_bound(st, fn);

	if (l)
		nngx_cmdlist_run(st, l, fn);
}

/* The CTR's system tick (nngxSetTimeout's unit): 268,111,856 Hz, the
 * ARM11 clock (3dbrew, "Hardware"); the GPU model counts HW_CLOCK_HZ. */
#define NNGX_SYSTEM_TICK_HZ 268111856u

/* System ticks (NNGX_SYSTEM_TICK_HZ) as GPU clocks, rounded down, without
 * overflowing 64 bits. */
static uint64_t ticks_to_clocks(uint64_t ticks)
{
	return ticks / NNGX_SYSTEM_TICK_HZ * HW_CLOCK_HZ
	       + ticks % NNGX_SYSTEM_TICK_HZ * HW_CLOCK_HZ / NNGX_SYSTEM_TICK_HZ;
}

void nngx_cmdlist_wait_done(struct nngx_state *st)
{
	struct hw_gpu *gpu = &st->gpu;
	bool queued = false;

	/* nngxSetTimeout: a wait longer than the limit gives up when it has
	 * passed, with the GPU still running, and calls the timeout callback
	 * (queued: callbacks run one level deep); no completion callback. */
	if (st->timeout_ticks > 0 && gpu->cmdlist_busy_until > gpu->clock
	    && gpu->cmdlist_busy_until - gpu->clock > ticks_to_clocks((uint64_t)st->timeout_ticks)) {
		nngx_time_advance(st, ticks_to_clocks((uint64_t)st->timeout_ticks));
		st->timeout_pending = true;
		nngx_callbacks_run(st);
		return;
	}
	/* The program waits: virtual time runs to the end of the queued work
	 * (vertical blanks on the way call the VSync callbacks). */
	nngx_time_wait_gpu(st);
	nngx_golden_record(st, "wait");
	/* Queued, and run unless this wait is itself made by a callback
	 * (nngx_callbacks_run): then by the next wait outside callbacks. */

	if (st->cmdlists.callback && st->cmdlists.callback_enabled) {
		st->cmdlist_pending = true;
		st->cmdlist_pending_id = (GLint)st->cmdlists.bound;
		queued = true;
	}
	/* A Raw list's callback: once for the run that armed it. */
	if (st->cmdlists.raw_callback) {
		st->raw_pending = st->cmdlists.raw_callback;
		st->raw_pending_id = st->cmdlists.raw_callback_id;
		st->cmdlists.raw_callback = NULL;
		queued = true;
	}
	if (queued)
		nngx_callbacks_run(st);
}

bool nngx_cmdlist_running(const struct nngx_state *st, const struct nngx_cmdlist *l)
{
	if (st->cmdlists.executing == l)
		return true;
	return st->cmdlists.last_run == l->name && st->cmdlists.last_run_raw == l->raw_id
	       && hw_gpu_cmdlist_executing(&st->gpu);
}

bool nngx_region_inside(const struct nngx_cmdlist *src, const struct nngx_region *r)
{
	return r->word <= src->used_words && r->words <= src->used_words - r->word
	       && r->req <= src->used_req && r->reqs <= src->used_req - r->req;
}

/* Where request `q` of a region ends in the words: a RUN3D request at the
 * end of its words, the others at the words flushed before them; clipped
 * to [from, end). */
static size_t region_mark(const struct nngx_request *q, size_t from, size_t end)
{
	size_t at = q->type == NN_GX_CMDLIST_REQTYPE_RUN3D ? q->end : q->begin;

	return at < from ? from : at > end ? end : at;
}

bool nngx_region_fits(const struct nngx_cmdlist *dst, const struct nngx_cmdlist *src,
		      const struct nngx_region *r)
{
	bool pending = dst->used_words != dst->flushed_words;
	size_t pos = r->word, end = r->word + r->words, requests = 0, k;

	if (r->words > dst->cap_words - dst->used_words)
		return false;
	/* A dry run of nngx_region_replay, counting the requests it adds. */
	for (k = 0; k < r->reqs; k++) {
		const struct nngx_request *q = &src->req[r->req + k];
		size_t mark = region_mark(q, pos, end);

		if (mark > pos)
			pending = true;
		pos = mark;
		requests += pending;
		pending = false;
		if (q->type != NN_GX_CMDLIST_REQTYPE_RUN3D)
			requests++;
	}
	return requests <= dst->max_req - dst->used_req;
}

void nngx_region_replay(struct nngx_state *st, struct nngx_cmdlist *dst,
			const struct nngx_cmdlist *src, const struct nngx_region *r,
			const char *fn)
{
	size_t pos = r->word, end = r->word + r->words, k;

	for (k = 0; k < r->reqs; k++) {
		/* Copied: when dst is src, its request array is written below. */
		struct nngx_request q = src->req[r->req + k];
		size_t mark = region_mark(&q, pos, end);

		memmove(dst->words + dst->used_words, src->words + pos,
			(mark - pos) * sizeof *dst->words);
		dst->used_words += mark - pos;
		pos = mark;
		nngx_cmdlist_flush(st, dst, fn);
		if (q.type != NN_GX_CMDLIST_REQTYPE_RUN3D) {
			q.begin = q.end = dst->flushed_words;
			dst->req[dst->used_req++] = q;
		}
	}
	memmove(dst->words + dst->used_words, src->words + pos, (end - pos) * sizeof *dst->words);
	dst->used_words += end - pos;
}

void nngx_cmdlist_flush_partially(struct nngx_state *st, struct nngx_cmdlist *l, GLsizei bytes,
				  const char *fn)
{
	size_t pending = (l->used_words - l->flushed_words) * 4;

	if (bytes <= 0 || bytes % 8 || (size_t)bytes > pending) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "buffersize %d: a positive multiple of 8 bytes, at most the %zu "
				 "bytes added since the last flush", bytes, pending);
		return;
	}
	nngx_cmdlist_flush_words(st, l, (size_t)bytes / 4, fn);
}

bool nngx_dma_request(struct nngx_state *st, const void *src, void *dst, uint32_t size,
		      struct nngx_request *r, const char *fn)
{
	uint32_t from = nngx_device_phys(st, src, size, NNGX_RANGE_DMA, NULL);
	uint32_t to = nngx_device_phys(st, dst, size, NNGX_RANGE_DMA, NULL);

	if (!to) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_MEMORY_NOT_SIMULATED, fn,
				 "the destination [%p, +%u) is not simulated memory (VRAM or "
				 "device memory) the DMA engine can write; nothing is added",
				 dst, size);
		return false;
	}
	/* Anything else is the program's own memory: heap, stack, data. */
	if (!from && !nngx_addrspace_readable(src, size)) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_MEMORY_NOT_SIMULATED, fn,
				 "the source [%p, +%u) is neither simulated memory nor program "
				 "memory this process can read (NULL, unmapped, or past the end "
				 "of a mapping); nothing is added", src, size);
		return false;
	}
	memset(r, 0, sizeof *r);
	r->type = NN_GX_CMDLIST_REQTYPE_DMA;
	r->u.dma.src = from;
	r->u.dma.dst = to;
	r->u.dma.size = size;
	r->u.dma.cpu_src = from ? NULL : src;
	return true;
}

bool nngx_fill_channel(struct nngx_state *st, unsigned channel, GLvoid *start, GLsizei size,
		       GLuint data, GLsizei width, nngxShimDiagId diag, struct hw_fill *c,
		       const char *fn)
{
	memset(c, 0, sizeof *c);
	if (!start)
		return true;                    /* the channel is not used */
	if ((uintptr_t)start % NNGX_FILL_ALIGN) {
		nngx_state_error(st, GL_ERROR_8079_DMP, diag, fn,
				 "channel %u: start %p is not 16-byte aligned", channel, start);
		return false;
	}
	if (size < 0 || size % NNGX_FILL_ALIGN) {
		nngx_state_error(st, GL_ERROR_807A_DMP, diag, fn,
				 "channel %u: size %d is not a multiple of 16", channel, size);
		return false;
	}
	if (width != 16 && width != 24 && width != 32) {
		nngx_state_error(st, GL_ERROR_807B_DMP, diag, fn,
				 "channel %u: width %d is not 16, 24 or 32", channel, width);
		return false;
	}
	c->phys = nngx_device_phys(st, start, (uint32_t)size, NNGX_RANGE_FILL, &c->any_vram);
	if (!c->phys) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_MEMORY_NOT_SIMULATED, fn,
				 "channel %u: [%p, +%d) is neither inside one block of simulated "
				 "memory nor inside one VRAM bank's window", channel, start, size);
		return false;
	}
	if (hw_memory_area_of(c->phys) == HW_AREA_FCRAM) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "channel %u: 0x%08X is main memory, which the fill engine cannot "
				 "reach; nothing is added", channel, c->phys);
		return false;
	}
	c->size = (uint32_t)size;
	c->value = data;
	c->width_bits = (unsigned)width;
	return true;
}
