/* nngx_state.h: the library's one instance of everything: the simulated GPU,
 * the GL context, configuration, diagnostics and the API-level profiling
 * state. The SDK's API is global, so the entry points find it here; inside,
 * it is passed explicitly. Not thread-safe, like a GL context. */
#ifndef NNGX_STATE_H
#define NNGX_STATE_H

#include <stdbool.h>

#include "gl_context.h"
#include "hw/hw_gpu.h"
#include "nngx_cmdlist.h"
#include "nngx_config.h"
#include "nngx_diag.h"
#include "nngx_time.h"

/* How many functions nngx_state_not_modelled remembers (more than the
 * SDK calls that use it). */
#define NNGX_STATE_NOT_MODELLED_MAX 32

/* The program's callbacks, by when they run (libnngx(7), "Callbacks").
 * The allocator, deallocator and diagnostic callbacks run inside a library
 * call, in the middle of its work; the others run at a wait, once the
 * call has nothing half done (nngx_callbacks_run). */
enum nngx_callback {
	NNGX_CALLBACK_NONE,
	NNGX_CALLBACK_ALLOCATOR,
	NNGX_CALLBACK_DEALLOCATOR,
	NNGX_CALLBACK_DIAGNOSTIC,
	NNGX_CALLBACK_AT_WAIT           /* VSync, command-list, Raw list, timeout */
};

struct nngx_state {
	struct hw_gpu gpu;
	struct gl_context gl;
	struct nngx_config config;
	struct nngx_diag diag;
	char config_error[NNGX_CONFIG_ERROR_MAX];
	bool diag_level_from_env;       /* NNGX_DIAG_LEVEL overrides the file */

	/* Whether the program ever set these since power-on (the hardware
	 * leaves them undefined until then). */
	bool sampling_time_set;
	bool sampling_count_set;
	/* Whether the vertex-cache counter was started since power-on. */
	bool vcache_started_once;
	/* Whether the busy counter was started since power-on. */
	bool busy_started_once;

	/* nngxInitialize state; kept by a power-on reset. allocator and
	 * deallocator are what the library calls: the program's own, wrapped
	 * by nngx_state.c so that the callback rule holds (NULL when the
	 * program gave none); program_allocator and program_deallocator are
	 * the program's, as nngxGetAllocator returns them. */
	bool initialized;
	GLvoid *(*allocator)(GLenum area, GLenum usage, GLuint name, GLsizei size);
	void (*deallocator)(GLenum area, GLenum usage, GLuint name, GLvoid *addr);
	GLvoid *(*program_allocator)(GLenum area, GLenum usage, GLuint name, GLsizei size);
	void (*program_deallocator)(GLenum area, GLenum usage, GLuint name, GLvoid *addr);
	/* The program's diagnostic callback (nngxShimSetDiagCallback); the
	 * diagnostics layer calls nngx_state.c's wrapper instead. */
	nngxShimDiagCallback diag_callback;
	void *diag_user;
	/* The program's callback running now (innermost), and how many of the
	 * ones that run inside a library call (allocator, deallocator,
	 * diagnostic) are running: the callback rule (nngx_callback_refuses). */
	enum nngx_callback callback_kind;
	unsigned callback_inside;
	struct nngx_cmdlists cmdlists;
	struct nngx_vsync vsync;

	/* Callbacks run one level deep (nngx_time.c, nngx_callbacks_run):
	 * events are queued here, and run only by a call made outside any
	 * callback; the waits a callback makes queue theirs for later. */
	unsigned callback_depth;        /* > 0 while a callback runs */
	uint64_t vsync_pending;         /* vertical blanks not called back yet */
	bool cmdlist_pending;           /* a completed wait not called back yet */
	GLint cmdlist_pending_id;
	void (*raw_pending)(GLint);     /* a Raw list's callback, not run yet */
	GLint raw_pending_id;
	uint64_t epoch;                 /* power-on resets so far */
	/* nngxSetTimeout: the longest nngxWaitCmdlistDone, in system ticks
	 * (0: none), and what runs when one gives up (queued like the
	 * other callbacks). */
	GLint64EXT timeout_ticks;
	void (*timeout_callback)(void);
	bool timeout_pending;
	/* NNGX_CAPTURE and friends (nngx_capture.h); NULL when off. */
	struct nngx_capture *capture;
	/* The functions that raised CALL_NOT_MODELLED since power-on. */
	const char *not_modelled_said[NNGX_STATE_NOT_MODELLED_MAX];
	size_t not_modelled_count;
};

/* The instance, set up on first use: defaults, then the configuration file
 * (NNGX_CONFIG or the installed default), then NNGX_DIAG_LEVEL. */
struct nngx_state *nngx_state_get(void);

/* The threading contract (doc/model.md, "Threads"): any thread may call the
 * library, but calls must not overlap, as with one GL context. Every
 * public entry point starts with NNGX_API(st), which finds the instance
 * and checks the rule at the cost of one atomic compare-and-swap in and
 * one store out. A call made while another thread is inside raises
 * THREADS_OVERLAP naming both threads, then waits until the other call
 * has returned, so that the library is never corrupted. Calls made by the
 * same thread from inside (callbacks, one entry point using another) are
 * not overlaps.
 *
 * The thread that calls first is "biased" where the kernel has membarrier
 * (Linux): until another thread calls, it goes in and out with plain
 * stores and no compare-and-swap (a locked instruction costs as much as
 * a profiling read's own work). The first call of another thread ends
 * the bias for good: it makes every thread pass a memory barrier, then
 * waits for the biased thread to leave if it is inside (nngx_state.c,
 * api_unbias). */
struct nngx_api_call {
	bool outer;             /* this call took the library; it gives it back */
	bool bias;              /* ...through the bias (nngx_api_bias_inside) */
};

struct nngx_state *nngx_api_enter(struct nngx_api_call *call, const char *function);

#if defined(__GNUC__)
/* The thread inside the library through the compare-and-swap, 0 when
 * none; 1 while the biased thread is inside through the bias (written by
 * that thread alone). nngx_state.c. */
extern unsigned long nngx_api_owner;
extern int nngx_api_bias_inside;

static inline void nngx_api_leave(struct nngx_api_call *call)
{
	if (call->bias)
		__atomic_store_n(&nngx_api_bias_inside, 0, __ATOMIC_RELEASE);
	else if (call->outer)
		__atomic_store_n(&nngx_api_owner, 0, __ATOMIC_RELEASE);
}
#else
void nngx_api_leave(struct nngx_api_call *call);
#endif

#if defined(__GNUC__)
#define NNGX_API(st)                                                            \
	struct nngx_api_call nngx_api_call_ __attribute__((cleanup(nngx_api_leave))); \
	struct nngx_state *st = nngx_api_enter(&nngx_api_call_, __func__)
#else
/* Without the cleanup attribute, no detector: the rule still holds. */
#define NNGX_API(st) struct nngx_state *st = nngx_state_get()
#endif

/* Record a GL error for `function`, with the diagnostic that explains it.
 * When the flag already holds an error, the new one is dropped and
 * ERROR_DROPPED says so. */
void nngx_state_error(struct nngx_state *st, GLenum code, nngxShimDiagId id,
		      const char *function, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 5, 6)))
#endif
	;

/* `function` is an SDK call the model has no counterpart for: raise
 * CALL_NOT_MODELLED, with `what` it would have done, the first time
 * since power-on only. */
void nngx_state_not_modelled(struct nngx_state *st, const char *function, const char *what);

/* The VRAM banks as the program sees them (nngxGetVramStartAddr): bank A
 * at NNGX_VRAM_WINDOW, bank B right after it, NNGX_VRAM_BANK_BYTES each,
 * mapped onto the model's physical VRAM from HW_VRAM_A_BASE. */
#define NNGX_VRAM_WINDOW     0x1F000000u
#define NNGX_VRAM_BANK_BYTES 0x00300000u
#define NNGX_VRAM_WINDOW_END (NNGX_VRAM_WINDOW + 2 * NNGX_VRAM_BANK_BYTES)

/* The model's physical address of [host, host + size) (size 0 taken as
 * 1) when it lies inside one block of simulated memory, else 0: command
 * buffers and scan-out images, which are never named by window address. */
uint32_t nngx_block_phys(const struct nngx_state *st, const void *host, uint32_t size);

/* How a device address the program passes may be resolved. */
enum nngx_device_range {
	NNGX_RANGE_BUFFER,      /* inside one block of simulated memory */
	NNGX_RANGE_FILL,        /* that, or any range of one VRAM bank by window */
	NNGX_RANGE_DMA          /* BUFFER; in the console address space any
				 * range inside one area (FCRAM, VRAM A, B) */
};

/* The model's physical address of [host, host + size) (size 0 taken as
 * 1), or 0. A pointer into simulated memory maps to its block; an
 * address in the VRAM window maps to that bank (model choice, doc/model.md
 * "VRAM window addresses"), and must lie inside one bank and, unless
 * `range` is NNGX_RANGE_FILL, inside one block there. *window says which
 * of the two it was (may be NULL). In the console address space the
 * window is the memory itself: BUFFER asks for a range inside one block,
 * FILL and DMA for any range inside one area (*window: a VRAM one). */
uint32_t nngx_device_phys(const struct nngx_state *st, const void *host, uint32_t size,
			  enum nngx_device_range range, bool *window);

/* The callback rule (libnngx(7), "Callbacks"), kept here for the whole
 * library. Every call of a program's callback goes between
 * nngx_callback_enter (which returns what ran before) and
 * nngx_callback_leave. */
enum nngx_callback nngx_callback_enter(struct nngx_state *st, enum nngx_callback kind);
void nngx_callback_leave(struct nngx_state *st, enum nngx_callback previous);

/* Whether `function`, which would end, reset, free, reallocate or run
 * what the library holds, is refused now: true while an allocator,
 * deallocator or diagnostic callback runs (the library call that called it
 * is half done and still uses its objects). A refusal records `code` (the
 * SDK's code for the condition, 0 for none) with CALLBACK_CALL_REFUSED;
 * the caller then returns, changing nothing. */
bool nngx_callback_refuses(struct nngx_state *st, GLenum code, const char *function);

/* Whether a callback of those three is running (no refusal, no diagnostic). */
static inline bool nngx_callback_inside(const struct nngx_state *st)
{
	return st->callback_inside != 0;
}

/* nngxInitialize's callbacks and nngxShimSetDiagCallback's: stored, and
 * called through the rule's wrappers. */
void nngx_state_set_allocator(struct nngx_state *st,
			      GLvoid *(*allocator)(GLenum, GLenum, GLuint, GLsizei),
			      void (*deallocator)(GLenum, GLenum, GLuint, GLvoid *));
void nngx_state_set_diag_callback(struct nngx_state *st, nngxShimDiagCallback callback,
				  void *user);

/* Power-on reset (nngxShimReset). */
void nngx_state_power_on(struct nngx_state *st);

/* Apply a configuration: store it and push its choices into the model.
 * False, with nothing changed, when the caches it sets could not be
 * allocated. */
bool nngx_state_apply_config(struct nngx_state *st, const struct nngx_config *cfg);

/* Load `path` over `base` and apply it for `function`, with its
 * diagnostics (CONFIG_LOADED, or CONFIG_REJECTED and, when memory ran
 * out, HOST_OUT_OF_MEMORY); st->config_error says why it failed. */
bool nngx_state_load_config(struct nngx_state *st, const char *path,
			    const struct nngx_config *base, const char *function);

#endif
