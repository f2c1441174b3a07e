/* nngx_state.c: the library instance, its start-up and power-on reset,
 * and the detector of overlapping calls. */
#define _DEFAULT_SOURCE         /* syscall() */
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__linux__)
#include <linux/membarrier.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "hw/hw_simd.h"
#include "nngx_addrspace.h"
#include "nngx_capture.h"
#include "nngx_golden.h"
#include "nngx_state.h"

static struct nngx_state state;
static bool state_ready;

/* NNGX_DIAG_LEVEL=debug|info|warning|error|off beats the configuration. */
static void state_read_diag_env(struct nngx_state *st)
{
	const char *env = getenv("NNGX_DIAG_LEVEL");
	GLint level;

	if (!env || !*env)
		return;
	level = nngx_diag_level_from_name(env);
	if (level < 0) {
		fprintf(stderr, "libnngx: warning: NNGX_DIAG_LEVEL='%s' is not one of "
			"debug, info, warning, error, off; ignored.\n", env);
		return;
	}
	st->diag.level = level;
	st->diag_level_from_env = true;
}

/* NNGX_KERNELS=baseline runs the baseline copies of the model's hot loops
 * even where the AVX2 copies could run (hw/hw_simd.h); auto (or unset)
 * lets the host decide. The same results either way: a check of that. */
static void state_read_kernels_env(void)
{
	const char *env = getenv("NNGX_KERNELS");

	if (!env || !*env)
		return;
	if (strcmp(env, "baseline") == 0)
		hw_simd_set_avx2(false);
	else if (strcmp(env, "auto") == 0)
		hw_simd_set_avx2(true);
	else
		fprintf(stderr, "libnngx: warning: NNGX_KERNELS='%s' is not one of auto, "
			"baseline; ignored.\n", env);
}

/* Load the configuration file at start-up: $NNGX_CONFIG when set and not
 * empty, else the installed default when it exists (an uninstalled library
 * keeps the built-in values). Errors are reported, never fatal. */
static void state_load_startup_config(struct nngx_state *st)
{
	const char *env = getenv("NNGX_CONFIG");
	const char *path = env && *env ? env : nngx_config_default_path();
	struct nngx_config defaults;
	FILE *probe;

	/* An uninstalled library has no default file: built-ins hold. */
	if (path != env && !(probe = fopen(path, "r")))
		return;
	if (path != env)
		fclose(probe);
	nngx_config_defaults(&defaults);
	(void)nngx_state_load_config(st, path, &defaults, "libnngx start-up");
}

bool nngx_state_load_config(struct nngx_state *st, const char *path,
			    const struct nngx_config *base, const char *function)
{
	struct nngx_config cfg;
	bool no_memory = false;

	if (nngx_config_load(path, base, &cfg, st->config_error, &no_memory)
	    && nngx_state_apply_config(st, &cfg)) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_CONFIG_LOADED, function, "loaded %s",
				 path);
		return true;
	}
	if (st->config_error[0] == '\0') {
		/* Parsed, but the caches it asks for could not be allocated. */
		no_memory = true;
		snprintf(st->config_error, sizeof st->config_error,
			 "%s:0: out of memory for the caches it configures; the previous "
			 "configuration stays", path);
	}
	if (no_memory)
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_HOST_OUT_OF_MEMORY, function,
				 "%s", st->config_error);
	nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_CONFIG_REJECTED, function, "%s",
			 st->config_error);
	return false;
}

/* What the simulated GPU reports becomes a diagnostic. */
static void state_hw_note(void *user, enum hw_note note, unsigned reg, const char *text)
{
	struct nngx_state *st = user;

	switch (note) {
	case HW_NOTE_REGISTER_IGNORED:
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_REGISTER_NOT_MODELLED, "GPU",
				 "%s", text);
		break;
	case HW_NOTE_LIMIT:
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_REQUEST_LIMIT, "GPU",
				 "register 0x%03X: %s", reg, text);
		break;
	default:
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_GPU_FAULT, "GPU",
				 "register 0x%03X: %s", reg, text);
		break;
	}
}

struct nngx_state *nngx_state_get(void)
{
	struct nngx_state *st = &state;
	struct nngx_config defaults;
	enum hw_status gpu_status;

	if (state_ready)
		return st;
	state_ready = true;
	gpu_status = hw_gpu_init(&st->gpu);
	/* Before anything is allocated: the console's address space when
	 * the host lets it be mapped (nngxInitialize says when not). */
	(void)nngx_addrspace_map(&st->gpu.memory, NULL);
	st->gpu.note = state_hw_note;
	st->gpu.note_user = st;
	nngx_cmdlists_init(&st->cmdlists);
	gl_context_init(&st->gl);
	nngx_config_defaults(&defaults);
	nngx_diag_init(&st->diag, defaults.diag_level);
	/* The defaults are the caches hw_gpu_init tried: nothing to apply
	 * there, so this cannot fail. */
	(void)nngx_state_apply_config(st, &defaults);
	nngx_state_power_on(st);
	/* After power-on, so that a rejection stays counted. */
	state_read_diag_env(st);
	state_read_kernels_env();
	if (gpu_status != HW_OK)
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_HOST_OUT_OF_MEMORY, "libnngx start-up",
				 "no memory for the GPU's caches; command lists wait for them "
				 "(each run tries again)");
	state_load_startup_config(st);
	nngx_capture_startup(st);
	return st;
}

/* ---- the threading contract (nngx_state.h, NNGX_API) ---------------------- */

#if defined(__GNUC__)
/* The thread inside the library through the compare-and-swap (its number
 * below), 0 when none (given back by nngx_api_leave, inline in
 * nngx_state.h); and the function it called, for the diagnostic of a
 * thread that meets it. */
unsigned long nngx_api_owner;
static const char *api_owner_function;
/* initial-exec: a load relative to the thread pointer instead of a call
 * to __tls_get_addr on every entry (8 bytes of the static TLS surplus when
 * the library is loaded with dlopen). */
static __thread unsigned long api_self __attribute__((tls_model("initial-exec")));

/* The bias (nngx_state.h). api_bias_thread: the biased thread's number,
 * set once, under the compare-and-swap, by the first call (0: none, where
 * membarrier is missing). api_bias_on: API_BIAS_ON while it holds,
 * API_BIAS_ENDING while a thread ends it, API_BIAS_OFF for good after.
 * nngx_api_bias_inside: the biased thread is inside through the bias.
 *
 * The biased thread stores bias_inside = 1 and then reads api_bias_on,
 * with no barrier between (a compiler barrier only); a thread that ends
 * the bias stores API_BIAS_ENDING and then makes every thread of the
 * process pass a full memory barrier (membarrier) before it reads
 * bias_inside. So either it sees the biased thread inside, and waits for
 * it to leave, or the biased thread sees the bias ending, and takes the
 * compare-and-swap instead (the asymmetric form of Dekker's exclusion). */
enum { API_BIAS_OFF, API_BIAS_ON, API_BIAS_ENDING };
static unsigned long api_bias_thread;
static bool api_bias_tried;
static int api_bias_on;
int nngx_api_bias_inside;

/* A thread's number: the kernel's thread id where there is one (what
 * debuggers and top show), else a count from 1. Read once a thread. */
static unsigned long api_thread(void)
{
	if (!api_self) {
#if defined(__linux__)
		api_self = (unsigned long)syscall(SYS_gettid);
#else
		static unsigned long threads;
		api_self = __atomic_add_fetch(&threads, 1, __ATOMIC_RELAXED);
#endif
	}
	return api_self;
}

#if defined(__linux__) && defined(SYS_membarrier)
/* A full memory barrier on every running thread of the process; false
 * when the kernel has none to give. (A child of fork has its parent's
 * registration; a process that lost it registers again.) */
static bool api_membarrier(void)
{
	if (syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0) == 0)
		return true;
	if (syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0) == 0
	    && syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0) == 0)
		return true;
	return syscall(SYS_membarrier, MEMBARRIER_CMD_GLOBAL, 0) == 0;
}

/* Register for expedited membarrier and try one; false when the kernel cannot
 * give them (the caller then keeps the plain lock). */
static bool api_membarrier_ready(void)
{
	return syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0) == 0
	       && api_membarrier();
}
#else
/* No membarrier on this system: always false. */
static bool api_membarrier(void)
{
	return false;
}

/* No membarrier on this system: always false. */
static bool api_membarrier_ready(void)
{
	return false;
}
#endif

/* Under the compare-and-swap, at the process's first call: `self` is
 * biased where the barrier can end the bias. */
static void api_bias_start(unsigned long self)
{
	if (api_bias_tried)
		return;
	api_bias_tried = true;
	if (!api_membarrier_ready())
		return;
	__atomic_store_n(&api_bias_thread, self, __ATOMIC_RELAXED);
	__atomic_store_n(&api_bias_on, API_BIAS_ON, __ATOMIC_RELEASE);
}

/* A thread other than the biased one is calling: the bias ends (the
 * first such call ends it, the others wait until it has ended). Then
 * the biased thread enters through the compare-and-swap like any other;
 * this returns once it is not inside through the bias, its number if it
 * was (the caller waited for it), else 0. */
static unsigned long api_unbias(void)
{
	int on = API_BIAS_ON;
	unsigned long waited = 0;

	if (__atomic_compare_exchange_n(&api_bias_on, &on, API_BIAS_ENDING, false,
					__ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
		/* With no barrier to give (it gave one when the bias began),
		 * a pause long enough for any store to drain is the fallback. */
		if (!api_membarrier()) {
			const struct timespec pause = { 0, 20 * 1000 * 1000 };

			nanosleep(&pause, NULL);
		}
		__atomic_store_n(&api_bias_on, API_BIAS_OFF, __ATOMIC_RELEASE);
	}
	while (__atomic_load_n(&api_bias_on, __ATOMIC_ACQUIRE) == API_BIAS_ENDING)
		sched_yield();
	while (__atomic_load_n(&nngx_api_bias_inside, __ATOMIC_ACQUIRE)) {
		waited = __atomic_load_n(&api_bias_thread, __ATOMIC_RELAXED);
		sched_yield();
	}
	return waited;
}

/* Try once to make thread `self` the library's owner. True when taken; false
 * with the current owner in *owner. Acquire on success. */
static bool api_take(unsigned long self, unsigned long *owner)
{
	*owner = 0;
	return __atomic_compare_exchange_n(&nngx_api_owner, owner, self, false, __ATOMIC_ACQUIRE,
					   __ATOMIC_RELAXED);
}

static struct nngx_state *api_enter_slow(struct nngx_api_call *call, const char *function)
	__attribute__((noinline));

/* The common cases inline: the biased thread goes in with plain stores
 * while the bias holds; any thread known to the library takes it when it
 * is free and set up. Anything else (first call of a thread or of the
 * process, a nested call, an overlap, the bias ending) goes the whole
 * way, which tries the take again. */
struct nngx_state *nngx_api_enter(struct nngx_api_call *call, const char *function)
{
	unsigned long self = api_self, owner = 0;

	call->outer = true;
	call->bias = false;
	if (self && state_ready
	    && self == __atomic_load_n(&api_bias_thread, __ATOMIC_RELAXED)
	    && __atomic_load_n(&api_bias_on, __ATOMIC_RELAXED) == API_BIAS_ON) {
		if (__atomic_load_n(&nngx_api_bias_inside, __ATOMIC_RELAXED)) {
			/* from inside: it gives nothing back (its leave must
			 * not free the compare-and-swap, which a thread ending
			 * the bias may hold while it waits for this one) */
			call->outer = false;
			return &state;
		}
		__atomic_store_n(&nngx_api_bias_inside, 1, __ATOMIC_RELAXED);
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
		if (__atomic_load_n(&api_bias_on, __ATOMIC_RELAXED) == API_BIAS_ON) {
			call->bias = true;
			__atomic_store_n(&api_owner_function, function, __ATOMIC_RELAXED);
			return &state;
		}
		__atomic_store_n(&nngx_api_bias_inside, 0, __ATOMIC_RELEASE);
	}
	if (self && state_ready
	    && __atomic_compare_exchange_n(&nngx_api_owner, &owner, self, false, __ATOMIC_ACQUIRE,
					   __ATOMIC_RELAXED)) {
		__atomic_store_n(&api_owner_function, function, __ATOMIC_RELAXED);
		return &state;
	}
	return api_enter_slow(call, function);
}

/* The way in when the fast path failed. A nested call (a callback, or through
 * this thread's bias) returns the state with call->outer false. Otherwise it
 * takes the owner lock, ending another thread's bias first; when another
 * thread was inside it waits for it and reports THREADS_OVERLAP. Always
 * returns the state, held by this thread. */
static struct nngx_state *api_enter_slow(struct nngx_api_call *call, const char *function)
{
	unsigned long self = api_self ? api_self : api_thread(), owner, waited = 0, biased;
	const char *owner_function = NULL;
	struct nngx_state *st;

	call->outer = true;
	call->bias = false;
	/* (only the biased thread itself sets bias_inside, after the bias
	 * began: its own reads see both) */
	if (self == __atomic_load_n(&api_bias_thread, __ATOMIC_RELAXED)
	    && __atomic_load_n(&nngx_api_bias_inside, __ATOMIC_RELAXED)) {
		call->outer = false;            /* from inside, through the bias */
		return nngx_state_get();
	}
	if (api_take(self, &owner)) {
		/* read under the compare-and-swap, which the bias began under:
		 * a thread other than the biased one ends it before it goes on */
		biased = __atomic_load_n(&api_bias_thread, __ATOMIC_RELAXED);
		if (biased && self != biased) {
			owner_function = __atomic_load_n(&api_owner_function, __ATOMIC_RELAXED);
			waited = api_unbias();
		}
		__atomic_store_n(&api_owner_function, function, __ATOMIC_RELAXED);
		st = nngx_state_get();
		api_bias_start(self);
		if (!waited)
			return st;
		owner = waited;
	} else if (owner == self) {     /* from inside: a callback, or nested */
		call->outer = false;
		return nngx_state_get();
	} else {
		/* The rule is broken. Wait for the other call to return, then
		 * say so from inside, where the diagnostics may be touched. */
		owner_function = __atomic_load_n(&api_owner_function, __ATOMIC_RELAXED);
		waited = owner;
		while (!api_take(self, &owner))
			sched_yield();
		biased = __atomic_load_n(&api_bias_thread, __ATOMIC_RELAXED);
		if (biased && self != biased)
			(void)api_unbias();
		__atomic_store_n(&api_owner_function, function, __ATOMIC_RELAXED);
		st = nngx_state_get();
		owner = waited;
	}
	nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_THREADS_OVERLAP, function,
			 "thread %lu called %s while thread %lu was inside %s; this call "
			 "waited for that one to return", self, function, owner,
			 owner_function ? owner_function : "the library");
	return st;
}

/* The exit destructor's way in (state_at_exit): it takes the library as a
 * call would, for good (the process is ending: a thread that calls later
 * waits until it has), but never waits itself. False, with the thread
 * inside named in *owner and its function in *function, when a call is
 * inside: made by another thread still running, or by this one (exit()
 * from a callback); then the state is left as it is. */
static bool api_take_for_exit(unsigned long *owner, const char **function)
{
	unsigned long self = api_thread(), biased;
	int on = API_BIAS_ON;

	*function = __atomic_load_n(&api_owner_function, __ATOMIC_RELAXED);
	biased = __atomic_load_n(&api_bias_thread, __ATOMIC_RELAXED);
	if (biased == self && __atomic_load_n(&nngx_api_bias_inside, __ATOMIC_RELAXED)) {
		*owner = self;
		return false;
	}
	if (!api_take(self, owner))
		return false;
	if (!biased || biased == self)
		return true;
	/* End the bias as api_unbias does, but look once instead of waiting
	 * for the biased thread to leave. (No other thread is ending it: that
	 * happens under the compare-and-swap, which this thread holds.) */
	if (__atomic_compare_exchange_n(&api_bias_on, &on, API_BIAS_ENDING, false,
					__ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
		if (!api_membarrier()) {
			const struct timespec pause = { 0, 20 * 1000 * 1000 };

			nanosleep(&pause, NULL);
		}
		__atomic_store_n(&api_bias_on, API_BIAS_OFF, __ATOMIC_RELEASE);
	}
	if (__atomic_load_n(&nngx_api_bias_inside, __ATOMIC_ACQUIRE)) {
		/* Inside: its next call waits on the compare-and-swap, which
		 * stays taken until the process is gone. */
		*owner = biased;
		return false;
	}
	return true;
}

#else
struct nngx_state *nngx_api_enter(struct nngx_api_call *call, const char *function)
{
	(void)function;
	call->outer = false;
	return nngx_state_get();
}

void nngx_api_leave(struct nngx_api_call *call)
{
	(void)call;
}
#endif

/* ---- the callback rule (nngx_state.h, libnngx(7) "Callbacks") ------------ */

static const char *const callback_names[] = {
	[NNGX_CALLBACK_NONE] = "no",
	[NNGX_CALLBACK_ALLOCATOR] = "allocator",
	[NNGX_CALLBACK_DEALLOCATOR] = "deallocator",
	[NNGX_CALLBACK_DIAGNOSTIC] = "diagnostic",
	[NNGX_CALLBACK_AT_WAIT] = "VSync, command-list or timeout",
};

/* Whether a callback of `kind` runs in the middle of a library call that
 * is not done (allocator, deallocator, diagnostic): calls from it are
 * refused. The wait callbacks (VSync, command list, timeout) may call. */
static bool callback_runs_inside(enum nngx_callback kind)
{
	return kind == NNGX_CALLBACK_ALLOCATOR || kind == NNGX_CALLBACK_DEALLOCATOR
	       || kind == NNGX_CALLBACK_DIAGNOSTIC;
}

enum nngx_callback nngx_callback_enter(struct nngx_state *st, enum nngx_callback kind)
{
	enum nngx_callback previous = st->callback_kind;

	st->callback_kind = kind;
	if (callback_runs_inside(kind))
		st->callback_inside++;
	return previous;
}

void nngx_callback_leave(struct nngx_state *st, enum nngx_callback previous)
{
	if (callback_runs_inside(st->callback_kind))
		st->callback_inside--;
	st->callback_kind = previous;
}

bool nngx_callback_refuses(struct nngx_state *st, GLenum code, const char *function)
{
	static const char why[] = "%s called from the program's %s callback, which runs "
				  "inside a library call that is not done: refused, nothing "
				  "changes (libnngx(7), \"Callbacks\")";
	const char *kind = callback_names[st->callback_kind];

	if (!st->callback_inside)
		return false;
	if (!callback_runs_inside(st->callback_kind))
		kind = "allocator, deallocator or diagnostic";
	if (code)
		nngx_state_error(st, code, NNGX_SHIM_DIAG_CALLBACK_CALL_REFUSED, function, why,
				 function, kind);
	else
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_CALLBACK_CALL_REFUSED, function, why,
				 function, kind);
	return true;
}

/* The allocator the GL layer calls: the program's allocator, run as a
 * callback (calls back into the library are ruled by the callback rule). */
static GLvoid *state_allocator(GLenum area, GLenum usage, GLuint name, GLsizei size)
{
	struct nngx_state *st = &state;
	enum nngx_callback previous = nngx_callback_enter(st, NNGX_CALLBACK_ALLOCATOR);
	GLvoid *block = st->program_allocator(area, usage, name, size);

	nngx_callback_leave(st, previous);
	return block;
}

/* The deallocator the GL layer calls: the program's deallocator, run as a
 * callback. */
static void state_deallocator(GLenum area, GLenum usage, GLuint name, GLvoid *addr)
{
	struct nngx_state *st = &state;
	enum nngx_callback previous = nngx_callback_enter(st, NNGX_CALLBACK_DEALLOCATOR);

	st->program_deallocator(area, usage, name, addr);
	nngx_callback_leave(st, previous);
}

void nngx_state_set_allocator(struct nngx_state *st,
			      GLvoid *(*allocator)(GLenum, GLenum, GLuint, GLsizei),
			      void (*deallocator)(GLenum, GLenum, GLuint, GLvoid *))
{
	st->program_allocator = allocator;
	st->program_deallocator = allocator ? deallocator : NULL;
	st->allocator = st->program_allocator ? state_allocator : NULL;
	st->deallocator = st->program_deallocator ? state_deallocator : NULL;
}

/* The diagnostics layer calls this for the program's callback. The
 * callback is not called again while it (or an allocator or deallocator
 * callback) runs: such a diagnostic goes to standard error, so that one
 * whose own calls raise diagnostics cannot recurse without end. */
static void state_diag_callback(const nngxShimDiagnostic *msg, void *user)
{
	struct nngx_state *st = user;
	enum nngx_callback previous;

	if (st->callback_inside || !st->diag_callback) {
		fprintf(stderr, "libnngx: %s [%s]: %s: %s. Rule: %s. (Not passed to the "
			"diagnostic callback: a %s callback is running.)\n",
			nngx_diag_level_name(msg->severity), msg->name, msg->function,
			msg->detail, msg->rule, callback_names[st->callback_kind]);
		return;
	}
	previous = nngx_callback_enter(st, NNGX_CALLBACK_DIAGNOSTIC);
	st->diag_callback(msg, st->diag_user);
	nngx_callback_leave(st, previous);
}

void nngx_state_set_diag_callback(struct nngx_state *st, nngxShimDiagCallback callback,
				  void *user)
{
	st->diag_callback = callback;
	st->diag_user = callback ? user : NULL;
	st->diag.callback = callback ? state_diag_callback : NULL;
	st->diag.user = callback ? st : NULL;
}

/* Report, with `when` as the place, that the vertex-cache item is still
 * started. */
static void state_warn_vcache_left_running(struct nngx_state *st, const char *when)
{
	if (st->gpu.counters.vcache_started)
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_VERTEX_CACHE_LEFT_RUNNING, when,
				 "NN_GX_PROFILING_VERTEX_CACHE is still started");
}

#if defined(__GNUC__)
/* At exit (or unload): the last chance to point out a counter left on. */
__attribute__((destructor)) static void state_at_exit(void)
{
	unsigned long owner = 0;
	const char *function = NULL;

	if (!__atomic_load_n(&state_ready, __ATOMIC_ACQUIRE))
		return;
	/* The threading contract holds at exit too: the state is torn down
	 * only by a thread that holds the library, never under a call still
	 * inside it (another thread's, or this thread's own when exit() is
	 * called from a callback). Then nothing is freed (the process is
	 * ending: its memory goes with it), and standard error says why: the
	 * diagnostics may be in that call's hands. */
	if (!api_take_for_exit(&owner, &function)) {
		fprintf(stderr, "libnngx: error [THREADS_OVERLAP]: program exit: thread %lu is "
			"inside %s; the library's state is left as it is (no exit summary, "
			"no capture or golden record closed). Rule: calls must not overlap, "
			"exit included; join the threads that use libnngx before exit.\n",
			owner, function ? function : "the library");
		return;
	}
	state_warn_vcache_left_running(&state, "program exit");
	nngx_golden_record(&state, "exit");
	nngx_capture_close(&state);
	nngx_diag_summarize(&state.diag, "program exit");
	gl_context_fini(&state.gl, &state.gpu.memory, state.deallocator);
	nngx_cmdlists_clear(&state);
	hw_gpu_fini(&state.gpu);
	state_ready = false;
}
#endif

void nngx_state_error(struct nngx_state *st, GLenum code, nngxShimDiagId id,
		      const char *function, const char *fmt, ...)
{
	va_list ap;
	/* Recorded before the diagnostic is delivered: a diagnostic callback
	 * that makes calls of its own must not put their errors in the flag
	 * ahead of this call's (it would also read this one with glGetError). */
	bool recorded = gl_context_record_error(&st->gl, code);

	va_start(ap, fmt);
	nngx_diag_vreport(&st->diag, id, function, code, fmt, ap);
	va_end(ap);
	if (!recorded)
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_ERROR_DROPPED, function,
				 "0x%04X dropped, the flag still holds 0x%04X",
				 code, st->gl.error);
}

void nngx_state_not_modelled(struct nngx_state *st, const char *function, const char *what)
{
	size_t i;

	for (i = 0; i < st->not_modelled_count; i++)
		if (strcmp(st->not_modelled_said[i], function) == 0)
			return;
	if (st->not_modelled_count < NNGX_STATE_NOT_MODELLED_MAX)
		st->not_modelled_said[st->not_modelled_count++] = function;
	nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_CALL_NOT_MODELLED, function,
			 "%s; the model has no such thing, nothing changes", what);
}

void nngx_state_power_on(struct nngx_state *st)
{
	/* Counts restart first, so the warning about this reset is kept. */
	memset(st->diag.count, 0, sizeof st->diag.count);
	state_warn_vcache_left_running(st, "nngxShimReset");
	nngx_diag_summarize(&st->diag, "nngxShimReset");
	if (st->capture)
		nngx_capture_power_on(st);
	hw_gpu_reset(&st->gpu, st->config.busy_unset_sampling_time,
		     st->config.busy_unset_sampling_count);
	gl_context_init(&st->gl);
	/* Events of the old timeline are not called back. */
	st->vsync_pending = 0;
	st->cmdlist_pending = false;
	st->raw_pending = NULL;
	st->cmdlists.raw_callback = NULL;
	st->timeout_pending = false;
	st->epoch++;
	st->sampling_time_set = false;
	st->sampling_count_set = false;
	st->vcache_started_once = false;
	st->busy_started_once = false;
	st->not_modelled_count = 0;
}

/* Field by field: the structs have padding. */
static bool cache_config_equal(const struct hw_cache_config *a, const struct hw_cache_config *b)
{
	return a->line_bytes == b->line_bytes && a->sets == b->sets && a->ways == b->ways
	       && a->policy == b->policy && a->write_no_fill == b->write_no_fill;
}

/* Whether both caches in cfg have their default geometry and policy. */
static bool cache_config_is_default(const struct nngx_config *cfg)
{
	struct nngx_config defaults;

	nngx_config_defaults(&defaults);
	return cache_config_equal(&cfg->texture_cache, &defaults.texture_cache)
	       && cache_config_equal(&cfg->framebuffer_cache, &defaults.framebuffer_cache);
}

bool nngx_state_apply_config(struct nngx_state *st, const struct nngx_config *cfg)
{
	/* The one step that can fail comes first, so that a failure changes
	 * nothing. Caches that do not exist yet (their power-on allocation
	 * failed) are left to hw_gpu_submit while the geometry is the
	 * default one. */
	if ((!cache_config_equal(&st->gpu.texture_cache.cfg, &cfg->texture_cache)
	     || !cache_config_equal(&st->gpu.fragment.color_cache.cfg, &cfg->framebuffer_cache))
	    && (st->gpu.caches_ready || !cache_config_is_default(cfg))
	    && hw_gpu_configure_caches(&st->gpu, &cfg->texture_cache,
				       &cfg->framebuffer_cache) != HW_OK)
		return false;
	st->config = *cfg;
	if (!st->diag_level_from_env)
		st->diag.level = cfg->diag_level;
	st->diag.repeat_limit = (GLuint)cfg->diag_repeat_limit;
	/* Parameters never set follow the configured "unset" values. */
	if (!st->sampling_time_set)
		st->gpu.busy.reg_window = cfg->busy_unset_sampling_time;
	if (!st->sampling_count_set)
		st->gpu.busy.reg_window_limit = cfg->busy_unset_sampling_count;
	st->gpu.counters.vcache_counts_when_stopped =
		cfg->vcache_unstarted == NNGX_VCACHE_UNSTARTED_COUNTING;
	st->gpu.shader_timing = cfg->shader_timing;
	st->gpu.costs = cfg->draw_costs;
	st->gpu.transfer_rates = cfg->transfer_rates;
	hw_gpu_set_frame_clocks(&st->gpu, cfg->lcd_frame_clocks);
	st->gpu.request_max_work = cfg->request_max_work;
	st->gpu.request_max_clocks = cfg->request_max_clocks;
	if (st->gpu.vcache.entries != cfg->vcache_entries
	    || (int)st->gpu.vcache.policy != cfg->vcache_policy)
		hw_vcache_configure(&st->gpu.vcache, cfg->vcache_entries,
				    (enum hw_vcache_policy)cfg->vcache_policy);
	return true;
}

uint32_t nngx_block_phys(const struct nngx_state *st, const void *host, uint32_t size)
{
	uint32_t phys = host ? hw_memory_phys(&st->gpu.memory, host) : 0;

	if (!phys || hw_memory_host(&st->gpu.memory, phys, size ? size : 1) != host)
		return 0;
	return phys;
}

/* Model choice (doc/model.md, "VRAM window addresses"): the SDK's VRAM helpers
 * hand out addresses in the banks' window, which engine code passes
 * straight to fills, DMA and transfers; here they name the bank's model
 * memory. A pointer into a block of simulated memory is tried first, so
 * a host address that happens to fall in the window range is still its
 * block's. In the console address space the window is the memory itself
 * (nngx_addrspace.h), and so is device memory: for fills and DMA any
 * range inside one area (FCRAM, VRAM A, VRAM B) is memory the engines
 * reach, as on the console, block or not; the post-transfer engine and
 * the GPU's own reads still ask for blocks. */
uint32_t nngx_device_phys(const struct nngx_state *st, const void *host, uint32_t size,
			  enum nngx_device_range range, bool *window)
{
	const struct hw_memory *mem = &st->gpu.memory;
	uint32_t phys = host ? hw_memory_phys(mem, host) : 0;
	uintptr_t a = (uintptr_t)host, bank;

	if (window)
		*window = false;
	if (size == 0)
		size = 1;
	if (hw_memory_is_flat(mem)) {
		if (!phys || !hw_memory_flat_host(mem, phys, size))
			return 0;
		if (range == NNGX_RANGE_BUFFER)
			return hw_memory_host(mem, phys, size) == host ? phys : 0;
		if (window)
			*window = hw_memory_area_of(phys) != HW_AREA_FCRAM;
		return phys;
	}
	if (phys)
		return hw_memory_host(mem, phys, size) == host ? phys : 0;
	if (a < NNGX_VRAM_WINDOW || a >= NNGX_VRAM_WINDOW_END)
		return 0;
	bank = (a - NNGX_VRAM_WINDOW) / NNGX_VRAM_BANK_BYTES;
	if (a - NNGX_VRAM_WINDOW + (uint64_t)size > (bank + 1) * (uint64_t)NNGX_VRAM_BANK_BYTES)
		return 0;                       /* past the end of its bank */
	phys = (uint32_t)(a - NNGX_VRAM_WINDOW) + HW_VRAM_A_BASE;
	if (range != NNGX_RANGE_FILL && !hw_memory_host(mem, phys, size))
		return 0;
	if (window)
		*window = true;
	return phys;
}
