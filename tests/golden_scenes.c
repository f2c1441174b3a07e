/* golden_scenes.c: the benchmark's reference scenes (bench/scenes.h), run
 * once each for the golden record (tests/golden-record.sh sets
 * NNGX_GOLDEN, so the library records every glFinish and the final state).
 *
 * Usage: golden_scenes geometry|fill|minified
 *
 * Each scene runs as the benchmark runs it: a warm-up frame (which also
 * sends the program and fills the caches) and one steady frame, with the
 * profiling the benchmark starts (the vertex-cache counter for the
 * geometry scene; the busy counter in 1000-clock windows for the fill
 * scene). Exit status 0 when the scene was set up and drawn. */
#include <stdio.h>
#include <string.h>

#include <nn/gx.h>
#include <GLES2/gl2.h>
#include <nngx_shim.h>

#include "bench/scenes.h"

#define GOLDEN_FRAMES      2       /* warm-up and one steady frame */
#define GOLDEN_FILL_WINDOW 1000    /* as the benchmark: clocks */

/* scene: 0 geometry, 1 fill, 2 minified (fill's profiling) */
static int run_scene(int fill)
{
	unsigned instructions = 0;
	GLuint list;
	int ok, i;

	nngxInitialize(NULL, NULL);
	nngxGenCmdlists(1, &list);
	nngxBindCmdlist(list);
	nngxCmdlistStorage(64 * 1024, 4);
	ok = fill == 2 ? scene_minified_setup()
	     : fill ? scene_fill_setup() : scene_geometry_setup(&instructions);
	if (ok) {
		if (fill) {
			nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME,
						  GOLDEN_FILL_WINDOW);
			nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 0);
			nngxStartProfiling(NN_GX_PROFILING_BUSY);
		} else {
			nngxStartProfiling(NN_GX_PROFILING_VERTEX_CACHE);
		}
		for (i = 0; i < GOLDEN_FRAMES; i++) {
			if (fill == 2)
				scene_minified_frame();
			else if (fill)
				scene_fill_frame();
			else
				scene_geometry_frame();
			nngxClearCmdlist();
		}
		nngxStopProfiling(fill ? NN_GX_PROFILING_BUSY : NN_GX_PROFILING_VERTEX_CACHE);
		ok = glGetError() == GL_NO_ERROR;
	}
	nngxFinalize();
	return ok;
}

int main(int argc, char **argv)
{
	int fill;

	if (argc != 2 || (strcmp(argv[1], "geometry") && strcmp(argv[1], "fill")
			  && strcmp(argv[1], "minified"))) {
		fprintf(stderr, "usage: golden_scenes geometry|fill|minified\n");
		return 2;
	}
	fill = strcmp(argv[1], "minified") == 0 ? 2 : strcmp(argv[1], "fill") == 0;
	if (!run_scene(fill)) {
		fprintf(stderr, "golden_scenes: the %s scene failed (GL error)\n", argv[1]);
		return 1;
	}
	return 0;
}
