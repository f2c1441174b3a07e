/* bench_profiling.c: cost of the profiling entry points, in host ns per call
 * and as a ratio to an empty out-of-line call; the model's throughput on
 * two reference scenes (geometry-heavy and fill-heavy, scenes.c) as
 * simulated GPU time over host CPU time, vertices and fragments per host
 * second, and beside the fill scene its lit variant (CPU ns per lit
 * fragment against the unlit one's); the peak resident set of the legacy
 * demo. Prints figures;
 * asserts nothing (speed goals live here, not in tests).
 *
 * Usage: bench_profiling [all|api|geometry|fill|rss] [legacy demo]
 * (default: all, samples/legacy/frame_profiler). All times are the
 * process's CPU time (CLOCK_PROCESS_CPUTIME_ID). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdbool.h>
#include <time.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <nn/gx.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>
#include <nngx_shim.h>

#include "bench/scenes.h"

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* The unit of the ratios: a call of a function that does nothing, through a
 * pointer the compiler cannot see through (so never inlined). */
static void empty_call(void)
{
}

static void (*volatile empty_fn)(void) = empty_call;
static double empty_ns = 1.0;

#define BENCH(label, iterations, body)                                         \
	do {                                                                   \
		long i_;                                                       \
		double t0_ = now_ns(), ns_;                                    \
		for (i_ = 0; i_ < (iterations); i_++) {                        \
			body;                                                  \
		}                                                              \
		ns_ = (now_ns() - t0_) / (double)(iterations);                 \
		printf("%-52s %8.1f ns/call %7.1fx\n", label, ns_, ns_ / empty_ns); \
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

/* ---- model throughput ------------------------------------------------------ */

/* The geometry reference scene is in scenes.c. */
#define SCENE_DRAWS     50
#define GPU_HZ          268e6     /* the PICA200's clock (CTR manual ch. 9) */

static int compare_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The median of n > 0 frame times (sorted in place): the host's noise
 * only adds time, so it moves the median less than the mean. */
static double median_ns(double *ns, int n)
{
	qsort(ns, (size_t)n, sizeof *ns, compare_double);
	return n % 2 ? ns[n / 2] : (ns[n / 2 - 1] + ns[n / 2]) / 2;
}

struct scene_draw {
	double host_ns;
	GLuint64EXT clocks;
	GLuint shaded, triangles, instructions, fragments;
};

/* One frame: draw, run and wait (timed), then reuse the command list. */
static void scene_draw_once(struct scene_draw *d)
{
	GLuint poly0[NN_GX_PROFILING_RESULT_BUFSIZE_POLYGON];
	GLuint poly1[NN_GX_PROFILING_RESULT_BUFSIZE_POLYGON];
	GLuint sh0[NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_SHADER0];
	GLuint sh1[NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_SHADER0];
	GLuint64EXT c0;
	double t0;
	unsigned p;

	GLuint frag0, frag1;

	nngxGetProfilingResult(NN_GX_PROFILING_FRAGMENT, &frag0);
	nngxGetProfilingResult(NN_GX_PROFILING_POLYGON, poly0);
	d->instructions = 0;
	for (p = 0; p < 4; p++) {
		nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_SHADER0 + p, sh0);
		d->instructions -= sh0[0];
	}
	c0 = nngxShimGetClock();
	t0 = now_ns();
	scene_geometry_frame();
	d->host_ns = now_ns() - t0;
	d->clocks = nngxShimGetClock() - c0;
	nngxClearCmdlist();
	nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_CACHE, &d->shaded);
	nngxGetProfilingResult(NN_GX_PROFILING_POLYGON, poly1);
	d->triangles = poly1[1] - poly0[1];
	nngxGetProfilingResult(NN_GX_PROFILING_FRAGMENT, &frag1);
	d->fragments = frag1 - frag0;
	for (p = 0; p < 4; p++) {
		nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_SHADER0 + p, sh1);
		d->instructions += sh1[0];
	}
}

static void bench_model_throughput(void)
{
	struct scene_draw d, total = { 0, 0, 0, 0, 0, 0 };
	double best_ns = 0, secs, clocks_per_s, frame_ns[SCENE_DRAWS], median;
	unsigned instructions = 0;
	GLuint list;
	int i;

	nngxShimReset();
	nngxInitialize(NULL, NULL);
	nngxGenCmdlists(1, &list);
	nngxBindCmdlist(list);
	nngxCmdlistStorage(64 * 1024, 4);
	if (!scene_geometry_setup(&instructions)) {
		printf("\nmodel throughput: the scene could not be set up (GL error)\n");
		nngxFinalize();
		return;
	}
	nngxStartProfiling(NN_GX_PROFILING_VERTEX_CACHE);
	scene_draw_once(&d);          /* warm-up: also sends the program's code */
	for (i = 0; i < SCENE_DRAWS; i++) {
		scene_draw_once(&d);
		total.host_ns += d.host_ns;
		total.clocks += d.clocks;
		total.shaded += d.shaded;
		total.triangles += d.triangles;
		total.instructions += d.instructions;
		total.fragments += d.fragments;
		if (i == 0 || d.host_ns < best_ns)
			best_ns = d.host_ns;
		frame_ns[i] = d.host_ns;
	}
	nngxStopProfiling(NN_GX_PROFILING_VERTEX_CACHE);
	secs = total.host_ns / 1e9;
	clocks_per_s = (double)total.clocks / secs;
	median = median_ns(frame_ns, SCENE_DRAWS);

	printf("\ngeometry scene (%u x %u quad grid, %u vertices, %u triangles, %u indices in\n"
	       "strip order, %u-instruction vertex shader; %d frames, each glDrawElements +\n"
	       "glFinish, timed in process CPU time):\n",
	       SCENE_QUADS_X, SCENE_QUADS_Y, SCENE_VERTICES, SCENE_TRIANGLES, SCENE_INDICES,
	       instructions, SCENE_DRAWS);
	printf("  per frame: %.2f ms CPU (median %.2f, best %.2f ms); simulated: %llu clocks\n"
	       "             (%.1f us of GPU time), %u vertices shaded, %u triangles,\n"
	       "             %u fragments, %.1f shader instructions a vertex\n",
	       total.host_ns / SCENE_DRAWS / 1e6, median / 1e6, best_ns / 1e6,
	       (unsigned long long)(total.clocks / SCENE_DRAWS),
	       (double)total.clocks / SCENE_DRAWS / GPU_HZ * 1e6, total.shaded / SCENE_DRAWS,
	       total.triangles / SCENE_DRAWS, total.fragments / SCENE_DRAWS,
	       (double)total.instructions / total.shaded);
	printf("  x real time (GPU time / CPU time):         %12.4f\n", clocks_per_s / GPU_HZ);
	printf("  x real time at the median frame:           %12.4f\n",
	       (double)total.clocks / SCENE_DRAWS / GPU_HZ / (median / 1e9));
	printf("  vertices shaded per CPU second:            %12.0f\n", total.shaded / secs);
	printf("  triangles per CPU second:                  %12.0f\n", total.triangles / secs);
	printf("  fragments per CPU second:                  %12.0f\n", total.fragments / secs);
	nngxFinalize();
}

/* ---- fill throughput ------------------------------------------------------- */

/* The fill reference scene is in scenes.c. */
#define FILL_MAX_FRAMES 60
#define FILL_MIN_FRAMES 5
#define FILL_BUDGET_NS  3e9       /* stop adding frames after this much host time */
#define FILL_WINDOW     1000      /* busy-counter sampling time, clocks */
#define FILL_WORD_TEXTURE 5       /* MEMORY_ACCESS word 5: texture reads */

struct fill_frame {
	double host_ns;
	GLuint64EXT clocks;
	GLuint fragments, texture_misses, vertices;
	unsigned long busy[NNGX_SHIM_MODULE_COUNT];
};

/* One frame: three quads, run and wait (timed), then reuse the list. The
 * busy counter runs all along; its windows are collected after each frame
 * (a read zeroes the 16-bit counts, so they never wrap). */
static void fill_frame_once(struct fill_frame *f)
{
	GLuint frag0, frag1, busy[NN_GX_PROFILING_RESULT_BUFSIZE_BUSY];
	GLuint mem0[NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS];
	GLuint mem1[NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS];
	GLuint64EXT c0;
	double t0;
	unsigned m;

	GLuint poly0[NN_GX_PROFILING_RESULT_BUFSIZE_POLYGON];
	GLuint poly1[NN_GX_PROFILING_RESULT_BUFSIZE_POLYGON];

	nngxGetProfilingResult(NN_GX_PROFILING_POLYGON, poly0);
	nngxGetProfilingResult(NN_GX_PROFILING_FRAGMENT, &frag0);
	nngxGetProfilingResult(NN_GX_PROFILING_MEMORY_ACCESS, mem0);
	nngxGetProfilingResult(NN_GX_PROFILING_BUSY, busy);     /* drop earlier windows */
	c0 = nngxShimGetClock();
	t0 = now_ns();
	scene_fill_frame();
	f->host_ns = now_ns() - t0;
	f->clocks = nngxShimGetClock() - c0;
	nngxClearCmdlist();
	nngxGetProfilingResult(NN_GX_PROFILING_FRAGMENT, &frag1);
	nngxGetProfilingResult(NN_GX_PROFILING_MEMORY_ACCESS, mem1);
	nngxGetProfilingResult(NN_GX_PROFILING_BUSY, busy);
	nngxGetProfilingResult(NN_GX_PROFILING_POLYGON, poly1);
	f->vertices = poly1[0] - poly0[0];    /* non-indexed: each one shaded */
	f->fragments = frag1 - frag0;
	f->texture_misses = mem1[FILL_WORD_TEXTURE] - mem0[FILL_WORD_TEXTURE];
	for (m = 0; m < NNGX_SHIM_MODULE_COUNT; m++)
		f->busy[m] = busy[m / 2] >> (16 * (m % 2)) & 0xFFFFu;
}

static void bench_fill_throughput(int lit)
{
	struct fill_frame f;
	double host_ns = 0, best_ns = 0, secs, clocks_per_s, frame_ns[FILL_MAX_FRAMES], median;
	unsigned long busy[NNGX_SHIM_MODULE_COUNT] = { 0 }, windows = 0;
	unsigned long long fragments = 0, misses = 0, clocks = 0, vertices = 0;
	unsigned m, winner = 0;
	int frames = 0;
	GLuint list;

	nngxShimReset();
	nngxInitialize(NULL, NULL);
	nngxGenCmdlists(1, &list);
	nngxBindCmdlist(list);
	nngxCmdlistStorage(64 * 1024, 4);
	if (!(lit ? scene_fill_lit_setup() : scene_fill_setup())) {
		printf("\nfill throughput: the scene could not be set up (GL error)\n");
		nngxFinalize();
		return;
	}
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME, FILL_WINDOW);
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 0);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	fill_frame_once(&f);          /* warm-up: program, texture cache clear */
	while (frames < FILL_MAX_FRAMES && (frames < FILL_MIN_FRAMES || host_ns < FILL_BUDGET_NS)) {
		fill_frame_once(&f);
		host_ns += f.host_ns;
		clocks += f.clocks;
		fragments += f.fragments;
		vertices += f.vertices;
		misses += f.texture_misses;
		for (m = 0; m < NNGX_SHIM_MODULE_COUNT; m++)
			busy[m] += f.busy[m];
		if (frames == 0 || f.host_ns < best_ns)
			best_ns = f.host_ns;
		frame_ns[frames++] = f.host_ns;
	}
	nngxStopProfiling(NN_GX_PROFILING_BUSY);
	for (m = 1; m < NNGX_SHIM_MODULE_COUNT; m++)
		if (busy[m] > busy[winner])
			winner = m;
	secs = host_ns / 1e9;
	clocks_per_s = (double)clocks / secs;
	median = median_ns(frame_ns, frames);

	printf("\n%sfill scene (%d full-screen quads on 240 x 400, one %d x %d RGBA8 texture,\n"
	       "depth test, busy counter running; %d frames, each %d glDrawArrays + glFinish,\n"
	       "timed in process CPU time)%s\n", lit ? "lit " : "",
	       FILL_QUADS, FILL_TEX, FILL_TEX, frames, FILL_QUADS,
	       lit ? ",\nlit: 2 lights, D0 on N.H, layer configuration 0, texture x primary +\n"
		     "secondary:" : ":");
	printf("  per frame: %.2f ms CPU (median %.2f, best %.2f ms); simulated: %llu clocks\n"
	       "             (%.1f us of GPU time), %llu vertices, %llu fragments,\n"
	       "             %llu texture misses\n",
	       host_ns / frames / 1e6, median / 1e6, best_ns / 1e6,
	       clocks / (unsigned long long)frames,
	       (double)clocks / frames / GPU_HZ * 1e6, vertices / (unsigned long long)frames,
	       fragments / (unsigned long long)frames, misses / (unsigned long long)frames);
	printf("  x real time (GPU time / CPU time):         %12.4f\n", clocks_per_s / GPU_HZ);
	printf("  x real time at the median frame:           %12.4f\n",
	       (double)clocks / frames / GPU_HZ / (median / 1e9));
	printf("  vertices shaded per CPU second:            %12.0f\n", (double)vertices / secs);
	printf("  fragments per CPU second:                  %12.0f\n", (double)fragments / secs);
	printf("  CPU ns per fragment:                       %12.1f\n",
	       host_ns / (double)fragments);
	printf("  busy counter (windows of %d clocks):", FILL_WINDOW);
	for (m = 0; m < NNGX_SHIM_MODULE_COUNT; m++) {
		printf(" %lu", busy[m]);
		windows += busy[m];
	}
	printf("\n  bottleneck: %s (%.0f%% of the windows)\n", nngxShimGetModuleName(winner),
	       100.0 * (double)busy[winner] / (double)windows);
	nngxFinalize();
}

/* ---- object names --------------------------------------------------------
 * Self-contained: name lookup must not grow with the number of objects.
 * 10^5 objects of each kind are made one call at a time, each is looked up
 * once (bind), then all are deleted; the figure is host time per object
 * for the whole round. A linear scan makes it grow with the count: compare
 * the 10^4 and 10^5 lines. */
#define NAMES_MAX 100000

static double names_round(const char *what, GLuint count, GLuint *names)
{
	double t0 = now_ns();
	GLuint i;

	for (i = 0; i < count; i++) {
		switch (what[0]) {
		case 'b':
			glGenBuffers(1, &names[i]);
			glBindBuffer(GL_ARRAY_BUFFER, names[i]);
			break;
		case 't':
			glGenTextures(1, &names[i]);
			glBindTexture(GL_TEXTURE_2D, names[i]);
			break;
		case 'c':
			nngxGenCmdlists(1, &names[i]);
			nngxBindCmdlist(names[i]);
			break;
		default:
			nngxGenDisplaybuffers(1, &names[i]);
			nngxBindDisplaybuffer(names[i]);
			break;
		}
	}
	for (i = 0; i < count; i++) {
		switch (what[0]) {
		case 'b': glDeleteBuffers(1, &names[i]); break;
		case 't': glDeleteTextures(1, &names[i]); break;
		case 'c': nngxDeleteCmdlists(1, &names[i]); break;
		default: nngxDeleteDisplaybuffers(1, &names[i]); break;
		}
	}
	return (now_ns() - t0) / (double)count;
}

static void bench_object_names(void)
{
	static const char *const kinds[] = {
		"buffers (glGenBuffers, glBindBuffer, glDeleteBuffers)",
		"textures (glGenTextures, glBindTexture, glDeleteTextures)",
		"command lists (nngxGen/Bind/DeleteCmdlists)",
		"display buffers (nngxGen/Bind/DeleteDisplaybuffers)",
	};
	GLuint *names = malloc(NAMES_MAX * sizeof *names);
	unsigned k;

	if (!names)
		return;
	printf("\nobject names: make, bind and delete N objects, ns per object:\n");
	nngxActiveDisplay(NN_GX_DISPLAY0);
	for (k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
		double small = names_round(kinds[k], NAMES_MAX / 10, names);
		double large = names_round(kinds[k], NAMES_MAX, names);

		printf("  %-58s N = 10^4: %8.1f   N = 10^5: %8.1f\n", kinds[k], small, large);
	}
	nngxBindCmdlist(0);
	nngxBindDisplaybuffer(0);
	free(names);
}

/* The threading contract's overlap detector (doc/model.md, "Threads"): the
 * thread that called first goes in and out with plain stores while no
 * other thread has called (the bias: what the empty call below pays, as
 * the benchmark is that thread); once another has, each call takes the
 * library with one compare-and-swap and gives it back with one store,
 * the bare pair timed here on a local word. */
static void bench_overlap_detector(void)
{
	static unsigned long owner;
	const long n = 20000000;
	unsigned long expected;

	printf("\nthreading contract (overlap detector):\n");
	BENCH("nngxShimGetDiagLevel() (an empty call, detector included)", n,
	      (void)nngxShimGetDiagLevel());
	BENCH("compare-and-swap + release store (the share once 2 threads call)", n,
	      expected = 0;
	      (void)__atomic_compare_exchange_n(&owner, &expected, 1ul, 0, __ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED);
	      __atomic_store_n(&owner, 0ul, __ATOMIC_RELEASE));
}

/* ---- memory ---------------------------------------------------------------- */

/* Run the legacy demo as a child (output discarded) and print its peak
 * resident set (getrusage of the waited-for child). Uninstalled, the path
 * may be libtool's wrapper script, which runs the demo in the same
 * process: the peak is then the larger of the two. */
static void bench_legacy_rss(const char *demo)
{
	struct rusage ru;
	int status = 0;
	pid_t pid = fork();

	if (pid < 0) {
		perror("bench: fork");
		return;
	}
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);
		if (null >= 0) {
			dup2(null, 1);
			dup2(null, 2);
		}
		execl(demo, demo, (char *)NULL);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) != pid || getrusage(RUSAGE_CHILDREN, &ru) != 0) {
		perror("bench: waitpid");
		return;
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		printf("\nlegacy demo %s: did not run to completion (status %d)\n", demo, status);
		return;
	}
	printf("\nlegacy demo (%s): peak resident set %ld KiB\n", demo, (long)ru.ru_maxrss);
}

static void bench_api(void);

int main(int argc, char **argv)
{
	const char *what = argc > 1 ? argv[1] : "all";
	const char *demo = argc > 2 ? argv[2] : "samples/legacy/frame_profiler";
	bool all = strcmp(what, "all") == 0;

	if (!all && strcmp(what, "api") && strcmp(what, "geometry") && strcmp(what, "fill")
	    && strcmp(what, "rss") && strcmp(what, "names")) {
		fprintf(stderr, "usage: bench_profiling [all|api|geometry|fill|rss|names] "
			"[legacy demo]\n");
		return 2;
	}
	nngxShimSetDiagLevel(NNGX_SHIM_LEVEL_OFF);
	nngxShimReset();
	printf("libnngx benchmark (process CPU time; lower is better)\n");
	if (all || strcmp(what, "api") == 0) {
		bench_api();
		bench_overlap_detector();
	}
	if (all || strcmp(what, "geometry") == 0)
		bench_model_throughput();
	if (all || strcmp(what, "fill") == 0) {
		bench_fill_throughput(0);
		bench_fill_throughput(1);      /* the same quads, lit */
	}
	if (all || strcmp(what, "rss") == 0)
		bench_legacy_rss(demo);
	if (all || strcmp(what, "names") == 0)
		bench_object_names();
	return 0;
}

static void bench_api(void)
{
	GLuint result[NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS];
	GLuint param;
	const long n = 2000000;
	double t0;
	long i;

	t0 = now_ns();
	for (i = 0; i < 4 * n; i++)
		empty_fn();
	empty_ns = (now_ns() - t0) / (double)(4 * n);
	printf("\nentry points: CPU time per call, and as a multiple of an empty out-of-line\n"
	       "call (%.1f ns here):\n", empty_ns);

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
	for (i = 3; i <= 10; i += i == 3 ? 3 : 4) {
		GLuint64EXT clocks = 1;
		double ns;
		long k;
		for (k = 0; k < i; k++)
			clocks *= 10;
		ns = busy_read_after(clocks, 20000);
		printf("  after 10^%-2ld clocks: %8.1f ns %7.1fx\n", i, ns, ns / empty_ns);
	}
}
