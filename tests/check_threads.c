/* check_threads.c: the threading contract (doc/model.md, "Threads"): calls
 * must not overlap; a call that overlaps another thread's raises
 * THREADS_OVERLAP naming both threads, waits for the other call, and the
 * library stays whole. */
#define _DEFAULT_SOURCE         /* syscall(), usleep() */
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test_util.h"

#define THREADS 8
#define ROUNDS 400

static unsigned overlaps, nested;
static char overlap_detail[512];
static char overlap_function[64];

/* Called inside the library, so it may touch these freely. An invalid
 * start calls in again from inside (test_threads_bias_ends_without_losing_a_call). */
static void on_diag(const nngxShimDiagnostic *d, void *user)
{
	(void)user;
	if (d->id == NNGX_SHIM_DIAG_INVALID_START_ITEM) {
		(void)nngxShimGetDiagLevel();
		nested++;
	}
	if (d->id != NNGX_SHIM_DIAG_THREADS_OVERLAP)
		return;
	if (!overlaps++) {
		snprintf(overlap_detail, sizeof overlap_detail, "%s", d->detail);
		snprintf(overlap_function, sizeof overlap_function, "%s", d->function);
	}
}

static void threads_reset(void)
{
	tu_reset();
	nngxShimSetDiagLevel(NNGX_SHIM_SEVERITY_ERROR);
	nngxShimSetDiagCallback(on_diag, NULL);
	overlaps = nested = 0;
	overlap_detail[0] = overlap_function[0] = '\0';
}

/* ---- two threads, one forced overlap ------------------------------------- */

/* The handshake between the two threads (atomics: ThreadSanitizer sees
 * the test clean as well as the library). */
static int a_inside, b_called;
static long tid_a, tid_b;
static GLuint64EXT b_clock;

static void on_vsync_a(GLenum display_id)
{
	if (display_id != NN_GX_DISPLAY0 || __atomic_load_n(&a_inside, __ATOMIC_ACQUIRE))
		return;
	/* Thread A is inside nngxWaitVSync. */
	__atomic_store_n(&a_inside, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&b_called, __ATOMIC_ACQUIRE))
		usleep(1000);
	usleep(50 * 1000);      /* B is now waiting at the door */
	nngxShimAdvance(1000);  /* what B must see: it runs after A's call */
}

static void *thread_a(void *arg)
{
	(void)arg;
	tid_a = (long)syscall(SYS_gettid);
	nngxWaitVSync(NN_GX_DISPLAY_BOTH);
	return NULL;
}

static void *thread_b(void *arg)
{
	(void)arg;
	tid_b = (long)syscall(SYS_gettid);
	while (!__atomic_load_n(&a_inside, __ATOMIC_ACQUIRE))
		usleep(1000);
	__atomic_store_n(&b_called, 1, __ATOMIC_RELEASE);
	b_clock = nngxShimGetClock();
	return NULL;
}

START_TEST(test_threads_overlap_is_diagnosed_with_both_threads)
{
	pthread_t a, b;
	char want[64];

	threads_reset();
	a_inside = b_called = 0;
	nngxSetVSyncCallback(NN_GX_DISPLAY_BOTH, on_vsync_a);
	ck_assert_int_eq(pthread_create(&a, NULL, thread_a, NULL), 0);
	ck_assert_int_eq(pthread_create(&b, NULL, thread_b, NULL), 0);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	nngxSetVSyncCallback(NN_GX_DISPLAY_BOTH, NULL);
	ck_assert_uint_eq(overlaps, 1);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_THREADS_OVERLAP), 1);
	/* B waited for A's whole call, callback included. */
	ck_assert_uint_eq(b_clock, HW_LCD_FRAME_CLOCKS + 1000);
	ck_assert_str_eq(overlap_function, "nngxShimGetClock");
	snprintf(want, sizeof want, "thread %ld called nngxShimGetClock", tid_b);
	ck_assert_msg(strstr(overlap_detail, want), "detail: %s", overlap_detail);
	snprintf(want, sizeof want, "thread %ld was inside nngxWaitVSync", tid_a);
	ck_assert_msg(strstr(overlap_detail, want), "detail: %s", overlap_detail);
}
END_TEST

/* A callback calling in from the same thread is no overlap. */
static void on_vsync_calls_in(GLenum display_id)
{
	GLuint result[NN_GX_PROFILING_RESULT_BUFSIZE_BUSY];

	(void)display_id;
	nngxGetProfilingResult(NN_GX_PROFILING_BUSY, result);
}

START_TEST(test_threads_callback_from_the_same_thread_is_no_overlap)
{
	threads_reset();
	nngxSetVSyncCallback(NN_GX_DISPLAY_BOTH, on_vsync_calls_in);
	nngxWaitVSync(NN_GX_DISPLAY_BOTH);
	nngxWaitVSync(NN_GX_DISPLAY_BOTH);
	nngxSetVSyncCallback(NN_GX_DISPLAY_BOTH, NULL);
	ck_assert_uint_eq(overlaps, 0);
}
END_TEST

/* ---- eight threads at once ------------------------------------------------ */

static void *hammer(void *arg)
{
	GLuint result[NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS];
	unsigned k, me = (unsigned)(size_t)arg;

	for (k = 0; k < ROUNDS; k++) {
		nngxShimAdvance(1);
		nngxShimInjectBusy(me % NNGX_SHIM_MODULE_COUNT, 3);
		nngxGetProfilingResult(me % 2 ? NN_GX_PROFILING_BUSY : NN_GX_PROFILING_MEMORY_ACCESS,
				       result);
		nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME, 10 + me);
		(void)glGetError();
	}
	return NULL;
}

/* Eight threads calling at once broke the library (SIGSEGV in hw_busy.c
 * and hw_gpu.c). Now the calls are serialized: nothing crashes, no clock
 * of the 8 x ROUNDS advances is lost, and every overlap is diagnosed. */
START_TEST(test_threads_eight_at_once_lose_nothing)
{
	pthread_t t[THREADS];
	GLuint64EXT start;
	size_t i;

	threads_reset();
	tu_set_busy(100, 0);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	start = nngxShimGetClock();
	for (i = 0; i < THREADS; i++)
		ck_assert_int_eq(pthread_create(&t[i], NULL, hammer, (void *)i), 0);
	for (i = 0; i < THREADS; i++)
		pthread_join(t[i], NULL);
	ck_assert_uint_eq(nngxShimGetClock() - start, (GLuint64EXT)THREADS * ROUNDS);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_THREADS_OVERLAP), overlaps);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
}
END_TEST

/* ---- the biased thread -------------------------------------------------- */

/* The biased thread (this test's own: it called first, in threads_reset,
 * in a fresh process where Check forks) is inside a call when another
 * thread makes its first call: that call ends the bias, waits for the
 * biased thread's whole call (its callback's call from inside included,
 * made while the other waits), and says so, naming both. */
START_TEST(test_threads_bias_ends_while_the_biased_thread_is_inside)
{
	pthread_t b;
	char want[64];

	threads_reset();
	a_inside = b_called = 0;
	tid_a = (long)syscall(SYS_gettid);
	nngxSetVSyncCallback(NN_GX_DISPLAY_BOTH, on_vsync_a);
	ck_assert_int_eq(pthread_create(&b, NULL, thread_b, NULL), 0);
	nngxWaitVSync(NN_GX_DISPLAY_BOTH);
	pthread_join(b, NULL);
	nngxSetVSyncCallback(NN_GX_DISPLAY_BOTH, NULL);
	ck_assert_uint_eq(overlaps, 1);
	ck_assert_uint_eq(b_clock, HW_LCD_FRAME_CLOCKS + 1000);
	snprintf(want, sizeof want, "thread %ld called nngxShimGetClock", tid_b);
	ck_assert_msg(strstr(overlap_detail, want), "detail: %s", overlap_detail);
	snprintf(want, sizeof want, "thread %ld was inside nngxWaitVSync", tid_a);
	ck_assert_msg(strstr(overlap_detail, want), "detail: %s", overlap_detail);
}
END_TEST

/* The thread that calls first goes in without the compare-and-swap until
 * another thread calls (nngx_state.h). Here that thread is this test's
 * own (it called in threads_reset): it keeps calling while three threads
 * start and call too, now and then with a call that calls in again from
 * inside (a diagnostic's callback). The bias ends while it is inside or
 * between its calls: no advance is lost, no call from inside waits for
 * itself, and each overlap is diagnosed. Run twice: the ending meets the
 * biased thread at other points. */
static int others_started;

static void *latecomer(void *arg)
{
	__atomic_add_fetch(&others_started, 1, __ATOMIC_RELEASE);
	return hammer(arg);
}

START_TEST(test_threads_bias_ends_without_losing_a_call)
{
	pthread_t t[3];
	GLuint64EXT start;
	size_t i;
	unsigned k, invalid = 0;

	threads_reset();
	others_started = 0;
	tu_set_busy(100, 0);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	start = nngxShimGetClock();
	for (k = 0; k < ROUNDS; k++)            /* alone first: the bias holds */
		nngxShimAdvance(1);
	for (i = 0; i < 3; i++)
		ck_assert_int_eq(pthread_create(&t[i], NULL, latecomer, (void *)(i + 1)), 0);
	/* then with the others, until they have all started, and after */
	for (k = 0; k < ROUNDS || __atomic_load_n(&others_started, __ATOMIC_ACQUIRE) < 3; k++) {
		nngxShimAdvance(1);
		if ((int)(k % 16) == _i) {
			nngxStartProfiling(0x1234);     /* its diagnostic calls in */
			(void)glGetError();
			invalid++;
		}
	}
	for (i = 0; i < 3; i++)
		pthread_join(t[i], NULL);
	ck_assert_uint_eq(nngxShimGetClock() - start, (GLuint64EXT)ROUNDS + k + 3 * ROUNDS);
	ck_assert_uint_gt(invalid, 0);
	ck_assert_uint_eq(nested, invalid);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_THREADS_OVERLAP), overlaps);
}
END_TEST

/* The process's first calls come from four threads at once (Check runs
 * each test in a new process; with CK_FORK=no the library has been used
 * before, and the bias ended, already). One of them sets the library up
 * and is biased; the others' first calls end the bias while it may be
 * inside: no advance is lost. */
static pthread_barrier_t together;

static void *first_caller(void *arg)
{
	pthread_barrier_wait(&together);
	nngxShimSetDiagCallback(on_diag, NULL);
	return hammer(arg);
}

START_TEST(test_threads_first_calls_at_once_lose_nothing)
{
	const char *fork_env = getenv("CK_FORK");
	const bool fresh = !(fork_env && strcmp(fork_env, "no") == 0);
	pthread_t t[4];
	GLuint64EXT start = fresh ? 0 : nngxShimGetClock();
	size_t i;

	overlaps = nested = 0;
	ck_assert_int_eq(pthread_barrier_init(&together, NULL, 4), 0);
	for (i = 0; i < 4; i++)
		ck_assert_int_eq(pthread_create(&t[i], NULL, first_caller, (void *)i), 0);
	for (i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	pthread_barrier_destroy(&together);
	ck_assert_uint_eq(nngxShimGetClock() - start, (GLuint64EXT)4 * ROUNDS);
	/* (an overlap met by a thread's first call, before its callback was
	 * set, went to the default output) */
	ck_assert_uint_ge(nngxShimGetDiagCount(NNGX_SHIM_DIAG_THREADS_OVERLAP), overlaps);
}
END_TEST

/* ---- exit with a thread inside ------------------------------------------ */

#define EXIT_RUNS 48

static int exit_worker_rounds;

/* Uses the library without pause: objects made and freed, lists run,
 * time passing, so that whatever the exit destructor tears down is in use
 * somewhere. */
static void *exit_worker(void *arg)
{
	static const float data[64];
	GLuint b;

	(void)arg;
	for (;;) {
		glGenBuffers(1, &b);
		glBindBuffer(GL_ARRAY_BUFFER, b);
		glBufferData(GL_ARRAY_BUFFER, sizeof data, data, GL_STATIC_DRAW);
		nngxFlush3DCommand();
		nngxRunCmdlist();
		nngxShimAdvance(100);
		glDeleteBuffers(1, &b);
		__atomic_add_fetch(&exit_worker_rounds, 1, __ATOMIC_RELEASE);
	}
	return NULL;
}

static void on_exit_alloc_free(GLenum area, GLenum usage, GLuint name, GLvoid *addr)
{
	(void)area;
	(void)usage;
	(void)name;
	free(addr);
}

static GLvoid *on_exit_alloc(GLenum area, GLenum usage, GLuint name, GLsizei size)
{
	(void)area;
	(void)usage;
	(void)name;
	return malloc(size > 0 ? (size_t)size : 1);
}

/* The child: a thread in the library, and the main thread exits. */
static void exit_child(void)
{
	pthread_t t;
	GLuint list;

	if (!freopen("/dev/null", "w", stderr))
		_exit(90);
	nngxShimSetDiagLevel(NNGX_SHIM_LEVEL_OFF);
	nngxInitialize(on_exit_alloc, on_exit_alloc_free);
	nngxGenCmdlists(1, &list);
	nngxBindCmdlist(list);
	nngxCmdlistStorage(1 << 16, 64);
	if (pthread_create(&t, NULL, exit_worker, NULL) != 0)
		_exit(91);
	while (__atomic_load_n(&exit_worker_rounds, __ATOMIC_ACQUIRE) < 20)
		sched_yield();
	exit(0);
}

/* The exit destructor honours the threading contract: with another thread
 * inside (or about to call), it takes the library or leaves the state
 * alone; the process ends cleanly every time. */
START_TEST(test_threads_exit_with_a_thread_inside_is_clean)
{
	int run, crashed = 0, last = 0;

	for (run = 0; run < EXIT_RUNS; run++) {
		pid_t pid;
		int status;

		fflush(NULL);
		pid = fork();
		ck_assert_int_ge(pid, 0);
		if (pid == 0)
			exit_child();
		ck_assert_int_eq(waitpid(pid, &status, 0), pid);
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
			crashed++;
			last = status;
		}
	}
	ck_assert_msg(crashed == 0, "%d of %d exits with a thread inside failed (last wait "
		      "status 0x%X)", crashed, EXIT_RUNS, (unsigned)last);
}
END_TEST

static Suite *threads_suite(void)
{
	Suite *s = suite_create("threads");
	TCase *tc = tcase_create("contract");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_threads_overlap_is_diagnosed_with_both_threads);
	tcase_add_test(tc, test_threads_callback_from_the_same_thread_is_no_overlap);
	tcase_add_test(tc, test_threads_eight_at_once_lose_nothing);
	tcase_add_test(tc, test_threads_first_calls_at_once_lose_nothing);
	tcase_add_test(tc, test_threads_bias_ends_while_the_biased_thread_is_inside);
	tcase_add_loop_test(tc, test_threads_bias_ends_without_losing_a_call, 0, 2);
	tcase_add_test(tc, test_threads_exit_with_a_thread_inside_is_clean);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(threads_suite());
}
