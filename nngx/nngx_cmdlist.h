/* nngx_cmdlist.h: command lists, the SDK's unit of GPU work. A list holds a
 * buffer of PICA200 commands in simulated FCRAM and a queue of requests;
 * nngxFlush3DCommand closes the commands added so far into a RUN3D request
 * and nngxRunCmdlist hands the requests to the GPU, which executes them in
 * virtual time. GL calls append their commands to the bound list. */
#ifndef NNGX_CMDLIST_H
#define NNGX_CMDLIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <nn/gx/CTR/gx_CTR.h>

struct nngx_state;

struct nngx_request {
	GLenum type;                    /* NN_GX_CMDLIST_REQTYPE_* */
	size_t begin, end;              /* RUN3D: command words [begin, end) */
};

struct nngx_cmdlist {
	GLuint name;
	uint32_t phys;                  /* buffer base, 0 without storage */
	uint32_t *words;
	void *user_block;               /* what the program's allocator returned */
	size_t cap_words, used_words, flushed_words;
	struct nngx_request *req;
	size_t max_req, used_req, run_req;
	GLint run_mode;
};

struct nngx_cmdlists {
	struct nngx_cmdlist *list;
	size_t count, cap;
	GLuint next_name;
	GLuint bound;                   /* 0: none */
	void (*callback)(GLint);
	bool callback_enabled;
};

void nngx_cmdlists_init(struct nngx_cmdlists *c);
/* Drop every list (power-on, nngxFinalize). */
void nngx_cmdlists_clear(struct nngx_state *st);

/* The bound list with storage, or NULL after a diagnostic for `function`. */
struct nngx_cmdlist *nngx_cmdlist_bound(struct nngx_state *st, const char *function);

/* Append commands to the bound list. Returns false (after the diagnostic
 * and, when full, the documented GL error) if they were not added. */
bool nngx_cmdlist_append(struct nngx_state *st, const uint32_t *words, size_t count,
			 const char *function);

#endif
