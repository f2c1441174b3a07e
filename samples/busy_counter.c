/* busy_counter.c: a walk through the busy counter (NN_GX_PROFILING_BUSY).
 *
 * The busy counter answers "which part of the GPU pipeline is the
 * bottleneck?". It cuts time into sampling windows; at the end of each, the
 * module that was busy on the most clocks scores one point. This sample
 * drives the simulated GPU with synthetic load (nngxShimInjectBusy) so that
 * every number can be checked by hand, then prints the four packed result
 * words and what they mean. */
#include <stdio.h>

#include <nn/gx.h>
#include <nngx_shim.h>

static const char *error_name(GLenum e)
{
	switch (e) {
	case GL_NO_ERROR: return "GL_NO_ERROR";
	case GL_ERROR_80A2_DMP: return "GL_ERROR_80A2_DMP";
	case GL_ERROR_80A4_DMP: return "GL_ERROR_80A4_DMP";
	case GL_ERROR_80A6_DMP: return "GL_ERROR_80A6_DMP";
	default: return "another error";
	}
}

/* Unpack the four words: module i is in word i/2, low half for even i. */
static void print_busy(const GLuint result[NN_GX_PROFILING_RESULT_BUFSIZE_BUSY])
{
	GLuint total = 0, best = 0, count[NNGX_SHIM_MODULE_COUNT];
	GLuint m;

	printf("  packed: result[0]=0x%08X result[1]=0x%08X result[2]=0x%08X result[3]=0x%08X\n",
	       result[0], result[1], result[2], result[3]);
	for (m = 0; m < NNGX_SHIM_MODULE_COUNT; m++) {
		count[m] = (result[m / 2] >> (m % 2 ? 16 : 0)) & 0xFFFFu;
		total += count[m];
		if (count[m] > count[best])
			best = m;
	}
	for (m = 0; m < NNGX_SHIM_MODULE_COUNT; m++)
		printf("  %u %-24s result[%u] bits %2u..%2u: %5u windows%s\n", m,
		       nngxShimGetModuleName(m), m / 2, m % 2 ? 31 : 15, m % 2 ? 16 : 0,
		       count[m], total && m == best ? "   <- bottleneck" : "");
	printf("  total %u windows\n", total);
}

static void read_and_print(const char *title)
{
	GLuint result[NN_GX_PROFILING_RESULT_BUFSIZE_BUSY];

	nngxGetProfilingResult(NN_GX_PROFILING_BUSY, result);
	printf("%s\n", title);
	print_busy(result);
}

int main(void)
{
	GLuint value;
	int i;

	nngxShimReset();

	puts("== 1. Parameters: sampling time and count must both be set ==");
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND, 10);
	nngxGetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME, &value);
	printf("  10 us at 268 MHz is %u clocks per window\n", value);
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND, 245);
	printf("  245 us would not fit 16 bits: %s\n", error_name(glGetError()));
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 50);
	printf("  50 windows, then the counter stops by itself\n\n");

	puts("== 2. The worked example: time 100 clocks, count 3 ==");
	nngxShimReset();
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME, 100);
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 3);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	nngxShimInjectBusy(NNGX_SHIM_MODULE_RASTERIZER, 60);
	nngxShimInjectBusy(NNGX_SHIM_MODULE_TEXTURE, 60);
	nngxShimAdvance(300);
	read_and_print("  window 0 ties rasterizer and texture at 60 clocks: the front one\n"
		       "  (rasterizer) wins; windows 1 and 2 are idle and go to module 0:");
	read_and_print("  a read resets the counters, so a second read is all zero:");
	putchar('\n');

	puts("== 3. A frame: fill-bound for 40 us, then texture-bound for 20 us ==");
	nngxShimReset();
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND, 1);
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 0);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	/* 40 us: per-fragment operations busy on every clock, the rasterizer
	 * on half of them (bursts of 134 clocks each microsecond). */
	nngxShimInjectBusy(NNGX_SHIM_MODULE_PER_FRAGMENT, 40 * 268);
	for (i = 0; i < 40; i++) {
		nngxShimInjectBusy(NNGX_SHIM_MODULE_RASTERIZER, 134);
		nngxShimAdvance(268);
	}
	/* 20 us: texture fetches on every clock, the combiner on a quarter. */
	nngxShimInjectBusy(NNGX_SHIM_MODULE_TEXTURE, 20 * 268);
	for (i = 0; i < 20; i++) {
		nngxShimInjectBusy(NNGX_SHIM_MODULE_COMBINER, 67);
		nngxShimAdvance(268);
	}
	nngxShimAdvance(100);   /* a partial 61st window */
	nngxStopProfiling(NN_GX_PROFILING_BUSY);
	read_and_print("  1 us windows, run until stopped; the last partial window is dropped:");
	putchar('\n');

	puts("== 4. Mistakes are GL errors, and change nothing ==");
	nngxStartProfiling(NN_GX_PROFILING_POLYGON);
	printf("  nngxStartProfiling(POLYGON): %s (only BUSY and VERTEX_CACHE start)\n",
	       error_name(glGetError()));
	nngxGetProfilingResult(0x1234, &value);
	printf("  nngxGetProfilingResult(0x1234): %s\n", error_name(glGetError()));
	printf("  glGetError() again: %s (the flag clears when read)\n",
	       error_name(glGetError()));
	return 0;
}
