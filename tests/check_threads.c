/* check_threads.c: the threading contract (README, "Threads"): calls
 * must not overlap; a call that overlaps another thread's raises
 * THREADS_OVERLAP naming both threads, waits for the other call, and the
 * library stays whole. */
#define _DEFAULT_SOURCE         /* syscall(), usleep() */
#include <pthread.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "test_util.h"

#define THREADS 8
#define ROUNDS 400

static unsigned overlaps;
static char overlap_detail[512];
static char overlap_function[64];

/* Called inside the library, so it may touch these freely. */
static void on_diag(const nngxShimDiagnostic *d, void *user)
{
	(void)user;
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
	overlaps = 0;
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

static Suite *threads_suite(void)
{
	Suite *s = suite_create("threads");
	TCase *tc = tcase_create("contract");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_threads_overlap_is_diagnosed_with_both_threads);
	tcase_add_test(tc, test_threads_callback_from_the_same_thread_is_no_overlap);
	tcase_add_test(tc, test_threads_eight_at_once_lose_nothing);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(threads_suite());
}
