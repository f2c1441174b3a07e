/* check_alloc_fail.c: no silent allocation failure. A scripted frame that
 * reaches every allocation site of the library (command lists, display
 * buffers, GL objects, shader binaries, links, client-side array draws and
 * the immediate-mode port, the GPU's caches, busy tracks, queued work,
 * transfers, the configuration loader) runs once for
 * reference; then, for k = 1, 2, ..., the kth allocation of the frame
 * fails: the library's own (hw_alloc) in one walk, the program's
 * nngxInitialize allocator in another. Each failing frame must not crash,
 * must say so (GL_OUT_OF_MEMORY or the display buffer's 8025, or an
 * out-of-memory diagnostic), and the next frame must give the reference
 * counts and pixels again. Under valgrind (CK_FORK=no) it also shows that
 * no failure path leaks. */
#define _DEFAULT_SOURCE         /* mkdtemp() */
#include <stdlib.h>
#include <string.h>

#include "driver/nngx_capture.h"
#include "gl_fixture.h"
#include "hw/hw_alloc.h"

#define FB 32                   /* framebuffer and display buffer side */
#define CONFIG "caches.cfg"     /* non-default caches: reconfigured each frame */

/* ---- the program's allocator ------------------------------------------------ */

static unsigned long prog_calls, prog_fail_nth;
static bool prog_failed, prog_saw_negative;

static GLvoid *prog_alloc(GLenum area, GLenum usage, GLuint name, GLsizei size)
{
	(void)area;
	(void)usage;
	(void)name;
	if (size < 0) {
		prog_saw_negative = true;
		return NULL;
	}
	if (++prog_calls == prog_fail_nth) {
		prog_failed = true;
		return NULL;
	}
	return malloc(size ? (size_t)size : 1);
}

static void prog_free(GLenum area, GLenum usage, GLuint name, GLvoid *addr)
{
	(void)area;
	(void)usage;
	(void)name;
	free(addr);
}

/* ---- the frame -------------------------------------------------------------- */

struct frame_out {
	struct fx_counters counters;
	GLuint fragment;
	GLuint busy[NN_GX_PROFILING_RESULT_BUFSIZE_BUSY];
	uint32_t pixels_hash;           /* glReadPixels and the display buffer */
	GLuint64EXT clock;
	unsigned oom_errors;            /* GL_OUT_OF_MEMORY or 8025 read back */
	unsigned other_errors;          /* any other GL error */
	unsigned oom_diags;             /* out-of-memory diagnostics raised */
	GLenum first_other;
};

static struct fx_shader *shader;        /* built once: the walk is about the library */
static char config_path[1024];

static void frame_note_error(struct frame_out *out)
{
	GLenum e = glGetError();

	if (e == GL_OUT_OF_MEMORY || e == GL_ERROR_8025_DMP)
		out->oom_errors++;
	else if (e != GL_NO_ERROR && out->other_errors++ == 0)
		out->first_other = e;
}

/* Every call is followed by a read of the error flag. */
#define STEP(call) do { call; frame_note_error(out); } while (0)

static uint32_t hash_bytes(uint32_t h, const void *p, size_t n)
{
	const unsigned char *b = p;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ b[i]) * 16777619u;     /* FNV-1a */
	return h;
}

static void frame(struct frame_out *out)
{
	/* Small triangles: the walk is about allocations, not fragments. */
	static const float tri[] = {
		-0.25f, -0.25f, -0.5f, 0.25f, -0.25f, -0.5f, -0.25f, 0.25f, -0.5f,
		0.25f, 0.25f, -0.5f, 0.0f, 0.0f, -0.5f, 0.25f, -0.25f, -0.5f,
	};
	static const GLushort idx[] = { 0, 1, 2, 2, 1, 3, 3, 4, 5 };
	static uint8_t texels[8 * 8 * 4];
	uint8_t pixels[FB * FB * 4];
	/* Names start at 0: a failed glGen* leaves them so. */
	GLuint list = 0, disp = 0, fb = 0, rb[2] = { 0, 0 }, tex = 0, vbo = 0, ibo = 0,
	       prog = 0, sh = 0, phys;
	uint8_t *src, *dst, *shown;
	GLint linked = 0;

	memset(out, 0, sizeof *out);
	nngxFinalize();
	nngxShimReset();
	STEP(nngxInitialize(prog_alloc, prog_free));
	STEP(nngxShimLoadConfig(config_path));
	STEP(nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME, 100));
	STEP(nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 0));
	STEP(nngxStartProfiling(NN_GX_PROFILING_BUSY));
	STEP(nngxStartProfiling(NN_GX_PROFILING_VERTEX_CACHE));

	STEP(nngxGenCmdlists(1, &list));
	STEP(nngxBindCmdlist(list));
	STEP(nngxCmdlistStorage(1 << 14, 32));
	STEP(nngxGenDisplaybuffers(1, &disp));
	STEP(nngxActiveDisplay(NN_GX_DISPLAY0));
	STEP(nngxBindDisplaybuffer(disp));
	STEP(nngxDisplaybufferStorage(GL_RGBA8_OES, FB, FB, NN_GX_MEM_VRAMB));

	STEP(glGenFramebuffers(1, &fb));
	STEP(glBindFramebuffer(GL_FRAMEBUFFER, fb));
	STEP(glGenRenderbuffers(2, rb));
	STEP(glBindRenderbuffer(GL_RENDERBUFFER, rb[0]));
	STEP(glRenderbufferStorage(GL_RENDERBUFFER | NN_GX_MEM_VRAMA, GL_RGBA8_OES, FB, FB));
	STEP(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER,
				       rb[0]));
	STEP(glBindRenderbuffer(GL_RENDERBUFFER, rb[1]));
	STEP(glRenderbufferStorage(GL_RENDERBUFFER | NN_GX_MEM_VRAMB, GL_DEPTH24_STENCIL8_EXT,
				   FB, FB));
	STEP(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER,
				       rb[1]));
	STEP(glViewport(0, 0, FB, FB));

	STEP(glGenTextures(1, &tex));
	STEP(glBindTexture(GL_TEXTURE_2D, tex));
	STEP(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels));

	STEP(glGenBuffers(1, &vbo));
	STEP(glBindBuffer(GL_ARRAY_BUFFER, vbo));
	STEP(glBufferData(GL_ARRAY_BUFFER | NN_GX_MEM_VRAMA, sizeof tri, tri, GL_STATIC_DRAW));
	STEP(glGenBuffers(1, &ibo));
	STEP(glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo));
	STEP(glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof idx, idx, GL_STATIC_DRAW));
	STEP(glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, (const GLvoid *)0));
	STEP(glEnableVertexAttribArray(0));

	STEP(sh = glCreateShader(GL_VERTEX_SHADER));
	STEP(glShaderBinary(1, &sh, GL_PLATFORM_BINARY_DMP, shader->bin, (GLsizei)shader->size));
	STEP(prog = glCreateProgram());
	STEP(glBindAttribLocation(prog, 0, "aPosition"));
	STEP(glAttachShader(prog, sh));
	STEP(glAttachShader(prog, GL_DMP_FRAGMENT_SHADER_DMP));
	STEP(glLinkProgram(prog));
	STEP(glGetProgramiv(prog, GL_LINK_STATUS, &linked));
	if (linked)
		STEP(glUseProgram(prog));

	STEP(glClearColor(0.25f, 0.5f, 0.75f, 1.0f));
	STEP(glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT));
	STEP(glClearEarlyDepthDMP(0xFFFFFF));
	STEP(glEnable(GL_DEPTH_TEST));
	STEP(glDrawArrays(GL_TRIANGLES, 0, 3));
	STEP(glDrawElements(GL_TRIANGLES, 9, GL_UNSIGNED_SHORT, (const GLvoid *)0));
	/* a client-side array: its words packed for the immediate-mode port,
	 * and the port's rows in the GPU */
	STEP(glBindBuffer(GL_ARRAY_BUFFER, 0));
	STEP(glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, tri));
	STEP(glDrawArrays(GL_TRIANGLES, 0, 3));
	STEP(glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 0, 0, 8, 8, 0));
	STEP(nngxTransferRenderImage(disp, NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 0, 0));

	/* The engines through simulated memory of the program's. */
	src = nngxShimAllocMemory(NN_GX_MEM_FCRAM, 256);
	dst = nngxShimAllocMemory(NN_GX_MEM_VRAMA, 256);
	frame_note_error(out);
	if (src && dst) {
		memset(src, 0x5A, 256);
		STEP(nngxAddVramDmaCommand(src, dst, 256));
		STEP(nngxAddMemoryFillCommand(dst + 128, 128, 0x12345678u, 32, NULL, 0, 0, 0));
	}

	STEP(nngxFlush3DCommand());
	STEP(nngxRunCmdlist());
	STEP(nngxWaitCmdlistDone());
	STEP(nngxWaitVSync(NN_GX_DISPLAY_BOTH));
	STEP(nngxShimInjectBusy(NNGX_SHIM_MODULE_TEXTURE, 50));
	STEP(nngxShimAdvance(200));

	memset(pixels, 0, sizeof pixels);
	STEP(glReadPixels(0, 0, FB, FB, GL_RGBA, GL_UNSIGNED_BYTE, pixels));
	out->pixels_hash = hash_bytes(2166136261u, pixels, sizeof pixels);
	phys = nngxShimGetDisplaybufferAddress(disp);
	shown = phys ? nngxShimGetHostPointer(phys) : NULL;
	if (shown)
		out->pixels_hash = hash_bytes(out->pixels_hash, shown, FB * FB * 4);
	if (dst)
		out->pixels_hash = hash_bytes(out->pixels_hash, dst, 256);

	fx_counters_read(&out->counters);
	STEP(nngxGetProfilingResult(NN_GX_PROFILING_FRAGMENT, &out->fragment));
	STEP(nngxGetProfilingResult(NN_GX_PROFILING_BUSY, out->busy));
	STEP(nngxStopProfiling(NN_GX_PROFILING_BUSY));
	STEP(nngxStopProfiling(NN_GX_PROFILING_VERTEX_CACHE));
	out->clock = nngxShimGetClock();

	nngxShimFreeMemory(src);
	nngxShimFreeMemory(dst);
	STEP(glDeleteProgram(prog));
	STEP(glDeleteShader(sh));
	STEP(nngxShimLoadConfig(NULL));        /* back to the shipped file */
	nngxShimSetDiagLevel(NNGX_SHIM_LEVEL_OFF);
	out->oom_diags = nngxShimGetDiagCount(NNGX_SHIM_DIAG_OUT_OF_MEMORY)
			 + nngxShimGetDiagCount(NNGX_SHIM_DIAG_DISPLAYBUFFER_NO_MEMORY)
			 + nngxShimGetDiagCount(NNGX_SHIM_DIAG_HOST_OUT_OF_MEMORY)
			 + nngxShimGetDiagCount(NNGX_SHIM_DIAG_GPU_OUT_OF_MEMORY);
	nngxFinalize();
}

static bool frame_same(const struct frame_out *a, const struct frame_out *b)
{
	return memcmp(&a->counters, &b->counters, sizeof a->counters) == 0
	       && a->fragment == b->fragment
	       && memcmp(a->busy, b->busy, sizeof a->busy) == 0
	       && a->pixels_hash == b->pixels_hash && a->clock == b->clock
	       && a->oom_errors == b->oom_errors && a->other_errors == b->other_errors
	       && a->oom_diags == b->oom_diags;
}

static struct frame_out reference;
static unsigned long reference_lib_calls, reference_prog_calls;

static void setup(void)
{
	const char *dir = getenv("NNGX_TEST_DATA");

	ck_assert_msg(dir != NULL, "NNGX_TEST_DATA is not set (make check sets it)");
	snprintf(config_path, sizeof config_path, "%s/config/%s", dir, CONFIG);
	tu_reset();
	shader = fx_shader_passthrough();
	hw_alloc_fail_nth(0);
	prog_fail_nth = 0;
	prog_calls = 0;
	/* The second frame is the reference: the first also grows tables
	 * that later frames reuse. */
	frame(&reference);
	hw_alloc_fail_nth(0);
	prog_calls = 0;
	frame(&reference);
	reference_lib_calls = hw_alloc_calls();
	reference_prog_calls = prog_calls;
}

static void teardown(void)
{
	hw_alloc_fail_nth(0);
	prog_fail_nth = 0;
	fx_shader_free(shader);
	shader = NULL;
	tu_reset();
}

/* The reference frame itself: clean, repeatable, and doing real work. */
START_TEST(test_reference_frame_is_clean_and_repeatable)
{
	struct frame_out again;

	ck_assert_msg(reference.other_errors == 0, "GL error 0x%04X", reference.first_other);
	ck_assert_uint_eq(reference.oom_errors, 0);
	ck_assert_uint_eq(reference.oom_diags, 0);
	ck_assert_msg(reference.fragment > 0, "poly %u %u %u, vcache %u, mem0 %u", reference.counters.polygon[0], reference.counters.polygon[1], reference.counters.polygon[2], reference.counters.vcache, reference.counters.memory[0]);
	ck_assert_uint_gt(reference.counters.polygon[1], 0);
	fprintf(stderr, "walk: %lu library, %lu program allocations\n", reference_lib_calls, reference_prog_calls);
	ck_assert_uint_gt(reference_lib_calls, 20);
	ck_assert_uint_gt(reference_prog_calls, 5);
	frame(&again);
	ck_assert(frame_same(&reference, &again));
	ck_assert_uint_eq(hw_alloc_calls(), reference_lib_calls * 2);
	ck_assert(!prog_saw_negative);
}
END_TEST

/* One failing frame, then a clean one that must match the reference. */
static void check_failing_frame(const char *which, unsigned long k, bool failed,
				const struct frame_out *got)
{
	struct frame_out again;

	if (!failed)
		ck_abort_msg("%s allocation %lu of %s was never made", which, k,
			     which[0] == 'l' ? "the library's" : "the program's");
	if (got->oom_errors + got->oom_diags == 0)
		ck_abort_msg("%s allocation %lu failed silently (no GL_OUT_OF_MEMORY, no "
			     "out-of-memory diagnostic; other errors %u, first 0x%04X)",
			     which, k, got->other_errors, got->first_other);
	hw_alloc_fail_nth(0);
	prog_fail_nth = 0;
	frame(&again);
	if (!frame_same(&reference, &again))
		ck_abort_msg("after %s allocation %lu failed, the next frame differs from the "
			     "reference (clock %llu vs %llu, fragments %u vs %u, errors %u vs 0)",
			     which, k, (unsigned long long)again.clock,
			     (unsigned long long)reference.clock, again.fragment,
			     reference.fragment, again.other_errors + again.oom_errors);
}

START_TEST(test_each_library_allocation_failure_is_reported_and_recovered)
{
	unsigned long k;

	for (k = 1; k <= reference_lib_calls; k++) {
		struct frame_out got;

		hw_alloc_fail_nth(k);
		frame(&got);
		check_failing_frame("library", k, hw_alloc_failed() != 0, &got);
	}
}
END_TEST

START_TEST(test_each_program_allocation_failure_is_reported_and_recovered)
{
	unsigned long k;

	for (k = 1; k <= reference_prog_calls; k++) {
		struct frame_out got;

		prog_calls = 0;
		prog_failed = false;
		prog_fail_nth = k;
		frame(&got);
		prog_fail_nth = 0;
		check_failing_frame("program", k, prog_failed, &got);
	}
	ck_assert(!prog_saw_negative);
}
END_TEST

/* The same walk with the capture and the trace on: their own growth (the
 * frame's events, the capture's busy tracks, which the capture's and the
 * trace's busy windows come from) fails too, and must say so; the
 * program's results stay the reference's. */
START_TEST(test_each_allocation_failure_under_a_capture_is_reported)
{
	char dir[] = "/tmp/nngx-alloc-capture.XXXXXX", cmd[96];
	struct nngx_capture_options opt;
	struct frame_out got;
	unsigned long k, calls;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	memset(&opt, 0, sizeof opt);
	snprintf(opt.file, sizeof opt.file, "%s/capture.json", dir);
	snprintf(opt.trace, sizeof opt.trace, "%s/trace.json", dir);
	opt.sampling_time = 64;
	ck_assert(nngx_capture_open(nngx_state_get(), &opt));
	/* Two frames grow what later frames reuse; the third is counted. */
	hw_alloc_fail_nth(0);
	frame(&got);
	frame(&got);
	hw_alloc_fail_nth(0);
	frame(&got);
	calls = hw_alloc_calls();
	ck_assert(frame_same(&reference, &got));
	ck_assert_uint_gt(calls, reference_lib_calls);
	for (k = 1; k <= calls; k++) {
		hw_alloc_fail_nth(k);
		frame(&got);
		check_failing_frame("library", k, hw_alloc_failed() != 0, &got);
	}
	nngx_capture_close(nngx_state_get());
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* ---- the specific findings ---------------------------------------------------- */

/* Sizes in [2^31, 2^32) would reach the program's allocator as negative
 * GLsizei values: they are refused before it is called. */
START_TEST(test_buffer_data_refuses_sizes_past_the_area_before_the_allocator)
{
	static const GLsizeiptr sizes[] = {
		(GLsizeiptr)0x80000000ul, (GLsizeiptr)0xFFFFFFFFul, (GLsizeiptr)0x08000001ul,
	};
	GLuint b;
	size_t i;

	tu_reset();
	nngxInitialize(prog_alloc, prog_free);
	glGenBuffers(1, &b);
	glBindBuffer(GL_ARRAY_BUFFER, b);
	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		prog_calls = 0;
		glBufferData(GL_ARRAY_BUFFER, sizes[i], NULL, GL_STATIC_DRAW);
		ck_assert_uint_eq(glGetError(), GL_OUT_OF_MEMORY);
		ck_assert_uint_eq(prog_calls, 0);
		ck_assert_uint_eq(nngxShimGetBufferAddress(b), 0);
	}
	ck_assert(!prog_saw_negative);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_OUT_OF_MEMORY), 3);
	glDeleteBuffers(1, &b);
}
END_TEST

/* A link that runs out of memory records GL_OUT_OF_MEMORY and changes
 * nothing: not a link failure, the old executable stays. */
START_TEST(test_link_out_of_memory_is_gl_out_of_memory_not_a_link_failure)
{
	GLuint sh, prog;
	GLint linked = 0;
	unsigned long k, calls;

	tu_reset();
	sh = glCreateShader(GL_VERTEX_SHADER);
	glShaderBinary(1, &sh, GL_PLATFORM_BINARY_DMP, shader->bin, (GLsizei)shader->size);
	prog = glCreateProgram();
	glAttachShader(prog, sh);
	glAttachShader(prog, GL_DMP_FRAGMENT_SHADER_DMP);
	glLinkProgram(prog);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	hw_alloc_fail_nth(0);
	glLinkProgram(prog);
	calls = hw_alloc_calls();
	ck_assert_uint_gt(calls, 0);
	for (k = 1; k <= calls; k++) {
		hw_alloc_fail_nth(k);
		glLinkProgram(prog);
		ck_assert(hw_alloc_failed());
		hw_alloc_fail_nth(0);
		ck_assert_uint_eq(glGetError(), GL_OUT_OF_MEMORY);
		glGetProgramiv(prog, GL_LINK_STATUS, &linked);
		ck_assert_int_eq(linked, GL_TRUE);
	}
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_LINK_FAILED), 0);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_OUT_OF_MEMORY), calls);
	glDeleteProgram(prog);
	glDeleteShader(sh);
}
END_TEST

/* Caches that cannot be allocated: the file is rejected and the previous
 * configuration, cache geometry included, stays. */
START_TEST(test_config_whose_caches_cannot_be_allocated_is_rejected)
{
	struct nngx_state *st = nngx_state_get();
	struct hw_cache_config tex_before;
	uint32_t sets_before;
	unsigned long k, calls;

	tu_reset();
	ck_assert(nngxShimLoadConfig(NULL) == GL_TRUE);
	nngxShimSetDiagLevel(NNGX_SHIM_LEVEL_OFF);
	tex_before = st->gpu.texture_cache.cfg;
	sets_before = st->config.texture_cache.sets;
	/* How many allocations a good load makes: the loader's own, then the
	 * caches. Fail each in turn. */
	hw_alloc_fail_nth(0);
	ck_assert(nngxShimLoadConfig(config_path) == GL_TRUE);
	calls = hw_alloc_calls();
	ck_assert_uint_ge(calls, 12);   /* 3 caches of 4 arrays, and the scan's */
	ck_assert(nngxShimLoadConfig(NULL) == GL_TRUE);
	nngxShimSetDiagLevel(NNGX_SHIM_LEVEL_OFF);
	for (k = 1; k <= calls; k++) {
		GLuint rejected = nngxShimGetDiagCount(NNGX_SHIM_DIAG_CONFIG_REJECTED);
		GLuint oom = nngxShimGetDiagCount(NNGX_SHIM_DIAG_HOST_OUT_OF_MEMORY);

		hw_alloc_fail_nth(k);
		ck_assert_msg(nngxShimLoadConfig(config_path) == GL_FALSE,
			      "allocation %lu failed and the file still loaded", k);
		ck_assert(hw_alloc_failed());
		hw_alloc_fail_nth(0);
		ck_assert_ptr_nonnull(strstr(nngxShimGetConfigError(), "out of memory"));
		ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CONFIG_REJECTED),
				  rejected + 1);
		ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_HOST_OUT_OF_MEMORY), oom + 1);
		ck_assert_uint_eq(st->config.texture_cache.sets, sets_before);
		ck_assert_uint_eq(st->gpu.texture_cache.cfg.sets, tex_before.sets);
		ck_assert_uint_eq(st->gpu.texture_cache.cfg.ways, tex_before.ways);
		ck_assert(st->gpu.caches_ready);
	}
}
END_TEST

/* hw_gpu_init whose caches cannot be allocated fails cleanly: a reset
 * and a command buffer neither crash nor run without caches, and the
 * next buffer builds them and runs. */
START_TEST(test_gpu_init_without_caches_fails_cleanly_and_recovers)
{
	static struct hw_gpu gpu;
	static const uint32_t none[2] = { 0, 0 };
	unsigned long k;

	for (k = 1; k <= 8; k++) {
		enum hw_status st;

		hw_alloc_fail_nth(k);
		st = hw_gpu_init(&gpu);
		ck_assert(hw_alloc_failed());
		hw_alloc_fail_nth(0);
		ck_assert_int_eq(st, HW_ERROR_NO_MEMORY);
		ck_assert(!gpu.caches_ready);
		hw_gpu_reset(&gpu, 100, 0);
		hw_alloc_fail_nth(1);
		ck_assert_int_eq(hw_gpu_submit(&gpu, none, 0, 0), HW_ERROR_NO_MEMORY);
		hw_alloc_fail_nth(0);
		ck_assert(!gpu.caches_ready);
		(void)hw_gpu_submit(&gpu, none, 0, 0);
		ck_assert(gpu.caches_ready);
		hw_gpu_fini(&gpu);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("alloc_fail");
	TCase *tc = tcase_create("walk");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_reference_frame_is_clean_and_repeatable);
	tcase_add_test(tc, test_each_library_allocation_failure_is_reported_and_recovered);
	tcase_add_test(tc, test_each_program_allocation_failure_is_reported_and_recovered);
	tcase_add_test(tc, test_each_allocation_failure_under_a_capture_is_reported);
	tcase_add_test(tc, test_buffer_data_refuses_sizes_past_the_area_before_the_allocator);
	tcase_add_test(tc, test_link_out_of_memory_is_gl_out_of_memory_not_a_link_failure);
	tcase_add_test(tc, test_config_whose_caches_cannot_be_allocated_is_rejected);
	tcase_add_test(tc, test_gpu_init_without_caches_fails_cleanly_and_recovers);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
