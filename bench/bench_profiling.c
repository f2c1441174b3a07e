/* bench_profiling.c: cost of the profiling entry points, in host ns per call.
 * Prints figures; asserts nothing (speed goals live here, not in tests). */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <time.h>

#include <nn/gx.h>
#include <nngx_shim.h>

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

#define BENCH(label, iterations, body)                                         \
	do {                                                                   \
		long i_;                                                       \
		double t0_ = now_ns();                                         \
		for (i_ = 0; i_ < (iterations); i_++) {                        \
			body;                                                  \
		}                                                              \
		printf("%-52s %10.1f ns/call\n", label,                        \
		       (now_ns() - t0_) / (double)(iterations));               \
	} while (0)

/* Mean cost of one busy read after `idle` clocks of advance, N = 0. */
static double busy_read_after(GLuint64EXT idle, long reps)
{
	GLuint result[NN_GX_PROFILING_RESULT_BUFSIZE_BUSY];
	double total = 0;
	long i;

	for (i = 0; i < reps; i++) {
		double t0;
		nngxShimReset();
		nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME, 100);
		nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 0);
		nngxStartProfiling(NN_GX_PROFILING_BUSY);
		nngxShimInjectBusy(NNGX_SHIM_MODULE_TEXTURE, 500);
		nngxShimInjectBusy(NNGX_SHIM_MODULE_RASTERIZER, 250);
		/* Timed together: the advance catches the counter up (in
		 * closed form), the read packs and clears it. */
		t0 = now_ns();
		nngxShimAdvance(idle);
		nngxGetProfilingResult(NN_GX_PROFILING_BUSY, result);
		total += now_ns() - t0;
	}
	return total / (double)reps;
}

int main(void)
{
	GLuint result[NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS];
	GLuint param;
	const long n = 2000000;

	nngxShimSetDiagLevel(NNGX_SHIM_LEVEL_OFF);
	nngxShimReset();
	printf("libnngx profiling benchmark (host time; lower is better)\n\n");

	BENCH("nngxSetProfilingParameter(TIME, 1000)", n,
	      nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME, 1000));
	BENCH("nngxSetProfilingParameter(NANO_SECOND, 5000)", n,
	      nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND, 5000));
	BENCH("nngxSetProfilingParameter(COUNT, 0)", n,
	      nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 0));
	BENCH("nngxGetProfilingParameter(MICRO_SECOND)", n,
	      nngxGetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND, &param));
	BENCH("nngxStartProfiling(BUSY)", n, nngxStartProfiling(NN_GX_PROFILING_BUSY));
	BENCH("nngxStopProfiling(BUSY)", n, nngxStopProfiling(NN_GX_PROFILING_BUSY));
	BENCH("nngxStartProfiling(VERTEX_CACHE)", n,
	      nngxStartProfiling(NN_GX_PROFILING_VERTEX_CACHE));
	BENCH("nngxStopProfiling(VERTEX_CACHE)", n,
	      nngxStopProfiling(NN_GX_PROFILING_VERTEX_CACHE));
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	BENCH("nngxGetProfilingResult(BUSY), running, no time passed", n,
	      nngxGetProfilingResult(NN_GX_PROFILING_BUSY, result));
	BENCH("nngxGetProfilingResult(MEMORY_ACCESS)", n,
	      nngxGetProfilingResult(NN_GX_PROFILING_MEMORY_ACCESS, result));
	BENCH("nngxGetProfilingResult(VERTEX_SHADER0)", n,
	      nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_SHADER0, result));
	BENCH("nngxStartProfiling(0x1234) (error path)", n, nngxStartProfiling(0x1234));
	BENCH("glGetError()", n, (void)glGetError());
	BENCH("nngxShimAdvance(100) with BUSY running", n, nngxShimAdvance(100));

	printf("\nbusy read after idle time (N = 0, T = 100 clocks, some load first):\n");
	printf("  after 10^3 clocks:  %10.1f ns\n", busy_read_after(1000ull, 20000));
	printf("  after 10^6 clocks:  %10.1f ns\n", busy_read_after(1000000ull, 20000));
	printf("  after 10^10 clocks: %10.1f ns (closed form: about the same)\n",
	       busy_read_after(10000000000ull, 20000));
	return 0;
}
