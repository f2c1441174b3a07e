/* fuzz_api.c: random sequences of API calls (profiling, virtual time, GL
 * draws and state, command lists, display buffers, callbacks), checking
 * the profiling error contract as it goes (spec/profiling.md, "Errors"):
 * each failing profiling call records exactly its documented code and
 * changes nothing observable (busy unit, counters, parameters, clock, the
 * caller's buffer).
 *
 * Input: one byte picks the call, the next bytes its arguments (an enum:
 * a byte indexing `interesting`, or 0xF0 and up then 4 bytes; a profiling
 * value: a byte below 0xF0, or 0xF0 and up then 4 bytes); at most
 * FUZZ_API_CALLS calls a run. Speed: the library is set up once; each run
 * starts with nngxFinalize and a power-on reset, then rebuilds a small
 * scene (a 2-instruction vertex shader, 8 vertices, a 64 x 64
 * framebuffer, a 32 KiB command list) from bytes made once per process. The rules restated here share
 * no code with the library: valid items and ranges are written out. */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "driver/nngx_state.h"
#include "tests/shader_asm.h"
#include "tests/snapshot.h"
#include "tests/shbin_writer.h"

#define FUZZ_API_CALLS 64
#define CANARY 0xC0FFEE11u
#define RESULT_WORDS 64

/* ---- the scene ------------------------------------------------------------ */

static uint8_t *shader_bin;
static size_t shader_size;
static GLuint program, vbo, ibo;

static void make_shader(void)
{
	static struct shader_asm a;
	struct hw_shader_state prog;
	struct shbin_writer w;
	size_t vs;
	unsigned k;

	asm_init(&a);
	asm_mov(&a, asm_o(0), asm_v(0));
	asm_mov(&a, asm_o(1), asm_c(4));
	asm_end(&a);
	if (!asm_finish(&a, &prog))
		fuzz_fail("scene shader: %s", a.error);
	shbin_writer_init(&w);
	shbin_writer_set_program(&w, prog.code, a.ncode);
	for (k = 0; k < a.nopdesc; k++)
		shbin_writer_add_opdesc(&w, prog.opdesc[k]);
	vs = shbin_writer_add_entry(&w, 0, 0, a.ncode);
	shbin_writer_add_output(&w, vs, 0, 0, 0xF);
	shbin_writer_add_output(&w, vs, 2, 1, 0xF);
	shbin_writer_add_uniform(&w, vs, "aPosition", 0x00, 0x00);
	shbin_writer_add_uniform(&w, vs, "uColor", 0x14, 0x14);
	if (!shbin_writer_finish(&w, &shader_bin, &shader_size))
		fuzz_fail("scene shader binary");
	shbin_writer_free(&w);
}

static void build_scene(void)
{
	static const GLfloat xyz[] = {
		-0.5f, -0.5f, 0.5f,   0.5f, -0.5f, 0.5f,   0.0f, 0.5f, 0.5f,   -0.9f, 0.9f, 0.2f,
		0.9f, 0.9f, 0.2f,   0.9f, -0.9f, 0.8f,   -0.2f, 0.1f, 0.4f,   0.3f, 0.3f, 0.3f,
	};
	static const GLushort idx[] = { 0, 1, 2, 3, 4, 5, 6, 7, 0, 2, 4, 6 };
	GLuint shader = glCreateShader(GL_VERTEX_SHADER), list, fbo, rb[2];

	glShaderBinary(1, &shader, GL_PLATFORM_BINARY_DMP, shader_bin, (GLsizei)shader_size);
	program = glCreateProgram();
	glAttachShader(program, shader);
	glAttachShader(program, GL_DMP_FRAGMENT_SHADER_DMP);
	glLinkProgram(program);
	glUseProgram(program);
	glGenBuffers(1, &vbo);
	glBindBuffer(GL_ARRAY_BUFFER, vbo);
	glBufferData(GL_ARRAY_BUFFER | NN_GX_MEM_VRAMA, sizeof xyz, xyz, GL_STATIC_DRAW);
	glGenBuffers(1, &ibo);
	glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo);
	glBufferData(GL_ELEMENT_ARRAY_BUFFER | NN_GX_MEM_VRAMB, sizeof idx, idx, GL_STATIC_DRAW);
	glEnableVertexAttribArray(0);
	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, 0);
	nngxGenCmdlists(1, &list);
	nngxBindCmdlist(list);
	nngxCmdlistStorage(32 * 1024, 16);
	/* A 64 x 64 framebuffer: clears and draws stay cheap (the default
	 * framebuffer is 240 x 400). */
	glGenRenderbuffers(2, rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8_OES, 64, 64);
	glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8_EXT, 64, 64);
	glGenFramebuffers(1, &fbo);
	glBindFramebuffer(GL_FRAMEBUFFER, fbo);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
	glViewport(0, 0, 64, 64);
	if (glGetError() != GL_NO_ERROR)
		fuzz_fail("the scene could not be built");
}

/* The scene again after the allocator changed (its objects went with
 * nngxFinalize); with a failing or calling-back allocator parts of it may
 * be refused, which later calls must survive. */
static void build_scene_quiet(void)
{
	static const GLfloat xyz[9] = { -0.5f, -0.5f, 0.5f, 0.5f, -0.5f, 0.5f, 0, 0.5f, 0.5f };
	GLuint list;

	glGenBuffers(1, &vbo);
	glBindBuffer(GL_ARRAY_BUFFER, vbo);
	glBufferData(GL_ARRAY_BUFFER, sizeof xyz, xyz, GL_STATIC_DRAW);
	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, 0);
	nngxGenCmdlists(1, &list);
	nngxBindCmdlist(list);
	nngxCmdlistStorage(16 * 1024, 8);
	(void)glGetError();
}

/* ---- the profiling contract ------------------------------------------------- */

static bool startable(GLenum v)
{
	return v == 0x0900 || v == 0x0906;     /* BUSY, VERTEX_CACHE (constants.md) */
}

static bool has_result(GLenum v)
{
	return v == 0x0900 || (v >= 0x0902 && v <= 0x0909);   /* BUSY, VERTEX_SHADER0 .. MEMORY_ACCESS */
}

/* 0: not a parameter; else 1 + the largest accepted value (smallest 1
 * for the times, 0 for the count). */
static uint32_t parameter_top(GLenum v)
{
	switch (v) {
	case NN_GX_PROFILING_BUSY_SAMPLING_TIME: return 65535u + 1;
	case NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND: return 244u + 1;
	case NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND: return 244537u + 1;
	case NN_GX_PROFILING_BUSY_SAMPLING_COUNT: return 65535u + 1;
	default: return 0;
	}
}

enum prof_call { P_START, P_STOP, P_RESULT, P_SET, P_GET, P_CALLS };

/* One profiling call; a call that must fail must record exactly its code
 * and change nothing. */
static void profiling_call(enum prof_call call, GLenum item, GLuint value)
{
	GLuint buffer[RESULT_WORDS];
	struct tu_snapshot before;
	GLenum expect = GL_NO_ERROR, err;
	uint32_t top;
	int i;

	(void)glGetError();     /* an error left over would drop this one */
	for (i = 0; i < RESULT_WORDS; i++)
		buffer[i] = CANARY;
	switch (call) {
	case P_START: if (!startable(item)) expect = GL_ERROR_80A2_DMP; break;
	case P_STOP: if (!startable(item)) expect = GL_ERROR_80A3_DMP; break;
	case P_RESULT: if (!has_result(item)) expect = GL_ERROR_80A4_DMP; break;
	case P_SET:
		top = parameter_top(item);
		if (!top)
			expect = GL_ERROR_80A5_DMP;
		else if (value >= top || (value == 0 && item != NN_GX_PROFILING_BUSY_SAMPLING_COUNT))
			expect = GL_ERROR_80A6_DMP;
		break;
	default: if (!parameter_top(item)) expect = GL_ERROR_80A7_DMP; break;
	}
	tu_snapshot_take(&before);
	switch (call) {
	case P_START: nngxStartProfiling(item); break;
	case P_STOP: nngxStopProfiling(item); break;
	case P_RESULT: nngxGetProfilingResult(item, buffer); break;
	case P_SET: nngxSetProfilingParameter(item, value); break;
	default: nngxGetProfilingParameter(item, buffer); break;
	}
	err = glGetError();
	if (expect == GL_NO_ERROR) {
		if (err != GL_NO_ERROR)
			fuzz_fail("profiling call %d, 0x%X, %u: error 0x%X on a valid call",
				  (int)call, item, value, err);
		return;
	}
	if (err != expect)
		fuzz_fail("profiling call %d, 0x%X, %u: error 0x%X, want 0x%X", (int)call, item,
			  value, err, expect);
	if (!tu_snapshot_same(&before))
		fuzz_fail("profiling call %d, 0x%X, %u: the failing call changed state",
			  (int)call, item, value);
	for (i = 0; i < RESULT_WORDS; i++)
		if (buffer[i] != CANARY)
			fuzz_fail("profiling call %d, 0x%X: the failing call wrote word %d",
				  (int)call, item, i);
}

/* ---- arguments ------------------------------------------------------------------ */

static const GLenum interesting[] = {
	0x0900, 0x0901, 0x0902, 0x0903, 0x0904, 0x0905, 0x0906, 0x0907, 0x0908, 0x0909,
	0x090A, 0x08FF, 0x0910, 0x0911, 0x0912, 0x0913, 0x0914, 0x0915, 0, 0xFFFFFFFFu,
	GL_TRIANGLES, GL_TRIANGLE_STRIP, GL_TRIANGLE_FAN, GL_POINTS, GL_DEPTH_TEST,
	GL_CULL_FACE, GL_BLEND, GL_SCISSOR_TEST, GL_STENCIL_TEST, GL_UNSIGNED_SHORT,
	GL_UNSIGNED_BYTE, NN_GX_DISPLAY0, NN_GX_DISPLAY1, NN_GX_DISPLAY_BOTH, NN_GX_DISPLAY0_EXT,
	GL_RGBA8_OES, GL_RGB8_OES, GL_RGB565, GL_RGB5_A1, GL_RGBA4, NN_GX_MEM_FCRAM,
	NN_GX_MEM_VRAMA, NN_GX_MEM_VRAMB, GL_COLOR_BUFFER_BIT, GL_DEPTH_BUFFER_BIT,
	NN_GX_CMDLIST_USED_BUFSIZE, NN_GX_CMDLIST_RUN_MODE, NN_GX_CMDLIST_IS_RUNNING,
};

/* A GLenum: mostly one the calls know, sometimes any 32 bits. */
static GLenum arg_enum(struct fuzz_in *in)
{
	uint8_t b = fuzz_u8(in);

	if (b < 0xF0)
		return interesting[b % (sizeof interesting / sizeof interesting[0])];
	return fuzz_u32(in);
}

/* A count of names for the 4-name arrays below: 0..4, sometimes -1. */
static GLsizei arg_names(struct fuzz_in *in)
{
	uint8_t b = fuzz_u8(in);

	return b == 0xFF ? -1 : (GLsizei)(b % 5);
}

/* A small count or size, sometimes any 32 bits. */
static GLuint arg_small(struct fuzz_in *in, GLuint max)
{
	uint8_t b = fuzz_u8(in);

	if (b == 0xFF)
		return fuzz_u32(in);
	return b % (max + 1);
}

/* ---- callbacks --------------------------------------------------------------- */

static unsigned callback_calls;
static bool diag_callback_on;
static uint8_t callback_action, diag_action, alloc_action, free_action;
static unsigned alloc_fail_every;
static unsigned long alloc_calls, blocks_out;

/* A callback of the program's that calls back into the library, as ported
 * code does: a wait, a swap, a profiling read, nothing, or one of the calls
 * that end, reset, free or run what the library holds (nngxFinalize, a
 * list or buffer deleted, new storage, a reset, a run, a draw, a call
 * that raises a diagnostic). The VSync and command-list callbacks may make
 * them all (libnngx(7), "Callbacks"); from the allocator, deallocator and
 * diagnostic callbacks the library refuses the dangerous ones, which must
 * leave it whole. */
static void callback_body(uint8_t action)
{
	GLuint result[RESULT_WORDS], name = 1;
	static const GLfloat some[6];

	/* Unbounded re-entry would pass any bound; a legal run reaches at
	 * most the library's 2^20 VSync callbacks per wait times the ~80
	 * calls one input can make (a bound of 10000 was hit by a legal
	 * long wait). */
	if (++callback_calls > (1u << 27))
		fuzz_fail("more than 2^27 callbacks in one run");
	switch (action % 16) {
	case 0: nngxWaitVSync(NN_GX_DISPLAY_BOTH); break;
	case 1: nngxSwapBuffers(NN_GX_DISPLAY_BOTH); break;
	case 2: nngxGetProfilingResult(NN_GX_PROFILING_BUSY, result); break;
	case 3: nngxWaitCmdlistDone(); break;
	case 5: nngxFinalize(); break;
	case 6: nngxDeleteCmdlists(1, &name); break;
	case 7: nngxCmdlistStorage(4096, 4); break;
	case 8: glDeleteBuffers(1, &vbo); break;
	case 9: glBufferData(GL_ARRAY_BUFFER, sizeof some, some, GL_STATIC_DRAW); break;
	case 10: nngxShimReset(); break;
	case 11: nngxRunCmdlist(); break;
	case 12: glGenBuffers(1, &name); glBindBuffer(GL_ARRAY_BUFFER, name); break;
	case 13: nngxStartProfiling(0x1234); break;     /* raises a diagnostic */
	case 14: glDrawArrays(GL_TRIANGLES, 0, 3); break;
	case 15: nngxGenCmdlists(1, &name); nngxBindCmdlist(name); break;
	default: break;
	}
}

static void on_vsync(GLenum display) { (void)display; callback_body(callback_action); }
static void on_cmdlist(GLint id) { (void)id; callback_body(callback_action); }

static void on_diag(const nngxShimDiagnostic *d, void *user)
{
	(void)d;
	(void)user;
	callback_body(diag_action);
}

/* The program's allocator: the library's storage is simulated memory, this
 * only hears of it, and may fail (every alloc_fail_every-th call). */
static GLvoid *on_alloc(GLenum area, GLenum usage, GLuint name, GLsizei size)
{
	(void)area;
	(void)usage;
	(void)name;
	if (size < 0)
		fuzz_fail("the allocator was asked for %d bytes", size);
	callback_body(alloc_action);
	if (alloc_fail_every && ++alloc_calls % alloc_fail_every == 0)
		return NULL;
	blocks_out++;
	return malloc(size ? (size_t)size : 1);
}

static void on_free(GLenum area, GLenum usage, GLuint name, GLvoid *addr)
{
	(void)area;
	(void)usage;
	(void)name;
	callback_body(free_action);
	if (!blocks_out)
		fuzz_fail("the deallocator got more blocks than the allocator gave");
	blocks_out--;
	free(addr);     /* a block given twice shows under ASan */
}

/* ---- one call ------------------------------------------------------------------ */

static void api_call(struct fuzz_in *in)
{
	uint8_t op = fuzz_u8(in);
	GLuint names[4], result[RESULT_WORDS];
	GLint param[2];
	uint32_t words[16];
	/* The arguments of one call, decoded in order: C leaves the order in
	 * which a call's arguments are evaluated open (gcc and clang differ),
	 * so two decoders in one argument list would read an input one way in
	 * the fuzzer and another in the replay. */
	uint32_t a[4];
	unsigned k, n;

	switch (op % 43) {
	case 0: case 1: case 2: case 3: case 4: case 5: case 6: case 7: case 8: case 9: {
		enum prof_call call = (enum prof_call)(op % P_CALLS);
		GLenum item = arg_enum(in);
		uint8_t v = fuzz_u8(in);
		GLuint value = v < 0xF0 ? v : fuzz_u32(in);
		/* The contract is about the call alone: a diagnostic callback
		 * that calls back may change state of its own right. */
		if (diag_callback_on)
			nngxShimSetDiagCallback(NULL, NULL);
		profiling_call(call, item, value);
		if (diag_callback_on)
			nngxShimSetDiagCallback(on_diag, NULL);
		break;
	}
	case 10: nngxShimAdvance(fuzz_u16(in)); break;
	case 11: nngxShimAdvance((GLuint64EXT)fuzz_u16(in) << 8); break;
	case 12:
		k = fuzz_u8(in) % 9;
		nngxShimInjectBusy(k, fuzz_u16(in));
		break;
	case 13: nngxShimReset(); break;
	case 14:
		a[0] = arg_enum(in);
		a[1] = arg_small(in, 8);
		glDrawArrays(a[0], (GLint)a[1], (GLsizei)arg_small(in, 12));
		break;
	case 15:
		a[0] = arg_enum(in);
		a[1] = arg_small(in, 12);
		a[2] = arg_enum(in);
		glDrawElements(a[0], (GLsizei)a[1], a[2], (const GLvoid *)(uintptr_t)(arg_small(in, 8) * 2));
		break;
	case 16: glClear(arg_enum(in)); break;
	case 17: if (fuzz_u8(in) & 1) glEnable(arg_enum(in)); else glDisable(arg_enum(in)); break;
	case 18:
		a[0] = arg_small(in, 64);
		a[1] = arg_small(in, 64);
		a[2] = arg_small(in, 128);
		glViewport((GLint)a[0], (GLint)a[1], (GLsizei)a[2], (GLsizei)arg_small(in, 128));
		break;
	case 19: {
		GLfloat c[4] = { 0.0f, 0.0f, 0.5f, 1.0f };

		c[0] = fuzz_u8(in) / 255.0f;
		c[1] = fuzz_u8(in) / 255.0f;
		glUniform4fv(glGetUniformLocation(program, "uColor"), 1, c);
		break;
	}
	case 20: nngxFlush3DCommand(); break;
	case 21: nngxSplitDrawCmdlist(); break;
	case 22: nngxRunCmdlist(); break;
	case 23: nngxWaitCmdlistDone(); break;
	case 24: nngxClearCmdlist(); break;
	case 25: nngxBindCmdlist(arg_small(in, 4)); break;
	case 26: nngxGenCmdlists(arg_names(in), names); break;
	case 27: names[0] = arg_small(in, 4); nngxDeleteCmdlists(1, names); break;
	case 28:
		a[0] = arg_small(in, 64) * 256u;
		nngxCmdlistStorage((GLsizei)a[0], (GLsizei)arg_small(in, 8));
		break;
	case 29:
		n = (fuzz_u8(in) % 8u + 1) * 2;
		for (k = 0; k < n && k < 16; k++)
			words[k] = fuzz_u32(in);
		nngxAdd3DCommand(words, (GLsizei)(n * 4), GL_TRUE);
		break;
	case 30: nngxGetCmdlistParameteri(arg_enum(in), param); break;
	case 31: nngxGenDisplaybuffers(arg_names(in), names); break;
	case 32: nngxActiveDisplay(arg_enum(in)); nngxBindDisplaybuffer(arg_small(in, 4)); break;
	case 33:
		a[0] = arg_enum(in);
		a[1] = arg_small(in, 64) * 8u;
		a[2] = arg_small(in, 64) * 8u;
		nngxDisplaybufferStorage(a[0], (GLsizei)a[1], (GLsizei)a[2], arg_enum(in));
		break;
	case 34: nngxSwapBuffers(arg_enum(in)); break;
	case 35: nngxWaitVSync(arg_enum(in)); break;
	case 36:
		a[0] = arg_small(in, 4);
		a[1] = arg_enum(in);
		a[2] = fuzz_u8(in) & 1;
		a[3] = arg_small(in, 16) * 8u;
		nngxTransferRenderImage(a[0], a[1], (GLboolean)a[2], (GLint)a[3],
					(GLint)(arg_small(in, 16) * 8u));
		break;
	case 37:
		callback_action = fuzz_u8(in);
		a[0] = arg_enum(in);
		nngxSetVSyncCallback(a[0], fuzz_u8(in) & 1 ? on_vsync : NULL);
		break;
	case 38:
		callback_action = fuzz_u8(in);
		nngxSetCmdlistCallback(fuzz_u8(in) & 1 ? on_cmdlist : NULL);
		if (fuzz_u8(in) & 1) nngxEnableCmdlistCallback(-1); else nngxDisableCmdlistCallback(-1);
		break;
	case 39:        /* a diagnostic callback that calls back */
		diag_action = fuzz_u8(in);
		diag_callback_on = fuzz_u8(in) & 1;
		if (diag_callback_on) {
			nngxShimSetDiagLevel(NNGX_SHIM_SEVERITY_ERROR);
			nngxShimSetDiagCallback(on_diag, NULL);
		} else {
			nngxShimSetDiagCallback(NULL, NULL);
			nngxShimSetDiagLevel(NNGX_SHIM_LEVEL_OFF);
		}
		break;
	case 40:        /* the program's allocator and deallocator, which call back */
		alloc_action = fuzz_u8(in);
		free_action = fuzz_u8(in);
		alloc_fail_every = fuzz_u8(in) % 8;
		nngxFinalize();
		(void)nngxInitialize(on_alloc, on_free);
		build_scene_quiet();
		break;
	case 41: {      /* a buffer's storage through the allocator */
		static const GLfloat more[12];

		glBindBuffer(GL_ARRAY_BUFFER, vbo);
		glBufferData(GL_ARRAY_BUFFER | (fuzz_u8(in) & 1 ? NN_GX_MEM_VRAMA : 0),
			     (GLsizeiptr)(fuzz_u8(in) % 13u * 4u), more, GL_STATIC_DRAW);
		break;
	}
	case 42: nngxFinalize(); break;
	default:
		nngxGetProfilingResult(NN_GX_PROFILING_BUSY, result);
		(void)nngxCheckVSync(NN_GX_DISPLAY_BOTH);
		(void)nngxGetIsRunning();
		break;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_in in = { data, size };
	unsigned calls = 0;

	fuzz_setup();
	if (!shader_bin)
		make_shader();
	nngxSetVSyncCallback(NN_GX_DISPLAY_BOTH, NULL);
	nngxSetCmdlistCallback(NULL);
	nngxShimSetDiagCallback(NULL, NULL);
	nngxShimSetDiagLevel(NNGX_SHIM_LEVEL_OFF);
	diag_callback_on = false;
	nngxFinalize();
	nngxShimReset();
	if (blocks_out)
		fuzz_fail("%lu blocks of the program's allocator were not given back",
			  blocks_out);
	alloc_calls = 0;
	alloc_fail_every = 0;
	build_scene();
	callback_calls = 0;
	while (fuzz_more(&in) && calls++ < FUZZ_API_CALLS)
		api_call(&in);
	nngxSetVSyncCallback(NN_GX_DISPLAY_BOTH, NULL);
	nngxSetCmdlistCallback(NULL);
	nngxShimSetDiagCallback(NULL, NULL);
	nngxShimSetDiagLevel(NNGX_SHIM_LEVEL_OFF);
	/* every block back to the program's deallocator */
	nngxFinalize();
	if (blocks_out)
		fuzz_fail("%lu blocks of the program's allocator were not given back at "
			  "nngxFinalize", blocks_out);
	(void)glGetError();
	return 0;
}
