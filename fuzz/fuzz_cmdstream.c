/* fuzz_cmdstream.c: raw PICA200 command streams through a command list
 * (nngxAdd3DCommand, nngxFlush3DCommand, nngxRunCmdlist,
 * nngxWaitCmdlistDone), over the whole hardware model.
 *
 * Input: the first byte splits the stream into up to four requests (its
 * low two bits + 1); the rest is little-endian command words. The
 * simulated memory holds, at fixed addresses, a 64 KiB block of VRAM A
 * and of VRAM B (rewritten with the same pattern each run), so that
 * draws, textures and buffer jumps can reach data; the seeds use them.
 * After the run the GPU must be idle, and every profiling read must work. */
#include <string.h>

#include "fuzz_common.h"
#include "driver/nngx_state.h"

#define STREAM_BYTES  (64 * 1024)
#define BLOCK_BYTES   (64 * 1024)

static GLuint list;
static uint8_t *block[2];

static void fill_pattern(uint8_t *p, size_t n, uint32_t seed)
{
	size_t i;

	/* Floats near 0..1 and small integers, depending on the offset. */
	for (i = 0; i + 4 <= n; i += 4) {
		uint32_t v = (uint32_t)i * 2654435761u ^ seed;
		float f = (float)(v % 2048) / 1024.0f - 1.0f;
		if ((i / 4) % 4 == 3)
			memcpy(p + i, &v, 4);
		else
			memcpy(p + i, &f, 4);
	}
}

static void setup(void)
{
	static bool done;

	if (done)
		return;
	done = true;
	fuzz_setup();
	nngxGenCmdlists(1, &list);
	nngxBindCmdlist(list);
	nngxCmdlistStorage(STREAM_BYTES + 1024, 8);
	block[0] = nngxShimAllocMemory(NN_GX_MEM_VRAMA, BLOCK_BYTES);
	block[1] = nngxShimAllocMemory(NN_GX_MEM_VRAMB, BLOCK_BYTES);
	if (!block[0] || !block[1] || glGetError() != GL_NO_ERROR)
		fuzz_fail("set-up failed");
}

static void read_everything(void)
{
	static const GLenum items[] = {
		NN_GX_PROFILING_BUSY, NN_GX_PROFILING_VERTEX_SHADER0, NN_GX_PROFILING_VERTEX_SHADER1,
		NN_GX_PROFILING_VERTEX_SHADER2, NN_GX_PROFILING_VERTEX_SHADER3,
		NN_GX_PROFILING_VERTEX_CACHE, NN_GX_PROFILING_POLYGON, NN_GX_PROFILING_FRAGMENT,
		NN_GX_PROFILING_MEMORY_ACCESS,
	};
	GLuint result[64];
	size_t k;

	for (k = 0; k < sizeof items / sizeof items[0]; k++)
		nngxGetProfilingResult(items[k], result);
	if (glGetError() != GL_NO_ERROR)
		fuzz_fail("a profiling read after the stream recorded an error");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint32_t words[STREAM_BYTES / 4];
	size_t count, parts, k, at = 0;

	setup();
	nngxShimReset();
	nngxBindCmdlist(list);
	nngxClearCmdlist();
	fill_pattern(block[0], BLOCK_BYTES, 0x5EED0001u);
	fill_pattern(block[1], BLOCK_BYTES, 0x5EED0002u);
	if (size < 1)
		return 0;
	parts = (size_t)(data[0] & 3u) + 1;
	count = (size - 1) / 4;
	if (count > STREAM_BYTES / 4)
		count = STREAM_BYTES / 4;
	count &= ~(size_t)1;                    /* commands are 8-byte aligned */
	memcpy(words, data + 1, count * 4);     /* the host is little-endian, as the GPU */

	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME, 1000);
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 0);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	nngxStartProfiling(NN_GX_PROFILING_VERTEX_CACHE);
	for (k = 0; k < parts; k++) {
		size_t end = k + 1 == parts ? count : (count * (k + 1) / parts) & ~(size_t)1;
		if (end > at)
			nngxAdd3DCommand(words + at, (GLsizei)((end - at) * 4), GL_TRUE);
		nngxFlush3DCommand();
		at = end > at ? end : at;
	}
	(void)glGetError();
	nngxRunCmdlist();
	nngxWaitCmdlistDone();
	if (nngxGetIsRunning())
		fuzz_fail("the GPU is still running after nngxWaitCmdlistDone");
	read_everything();
	nngxStopProfiling(NN_GX_PROFILING_VERTEX_CACHE);
	nngxStopProfiling(NN_GX_PROFILING_BUSY);
	(void)glGetError();
	return 0;
}
