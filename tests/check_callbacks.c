/* check_callbacks.c: the callback rule (libnngx(7), "Callbacks"). The
 * allocator, deallocator and diagnostic callbacks run inside a library call
 * that is not done: the calls that would end, reset, free, reallocate or
 * run what it uses are refused (CALLBACK_CALL_REFUSED, the SDK's code where
 * it has one) and change nothing; the diagnostic callback is not called
 * again while it runs. The VSync and command-list callbacks run at a wait
 * and may make any call. Each case is a scenario ported code was seen to
 * make (issue 27). */
#include <stdlib.h>
#include <string.h>

#include "pica_cmd.h"
#include "test_util.h"

/* A register past the last one the PICA200 has: writing it makes the GPU
 * raise REGISTER_NOT_MODELLED while the list runs (hw_command.c). */
#define NO_SUCH_REGISTER (HW_REG_COUNT + 0x10u)

static struct pica_cmd cmd;
static GLuint list;

/* What the callbacks did and saw. */
static enum {
	DO_NOTHING,
	DO_FINALIZE,
	DO_DELETE_LIST,
	DO_STORAGE,
	DO_RESET,
	DO_RUN_AGAIN,
	DO_WAIT,
	DO_RAISE,               /* a call of its own that raises a diagnostic */
	DO_OWN_ERROR,           /* a call of its own that records a GL error */
} diag_action;
static unsigned diag_calls, diag_depth, diag_max_depth;
static GLenum diag_error_after;         /* glGetError right after its call */
static GLuint refused_seen;

static void on_diag(const nngxShimDiagnostic *d, void *user)
{
	(void)user;
	if (d->id == NNGX_SHIM_DIAG_CALLBACK_CALL_REFUSED)
		refused_seen++;
	if (d->id != NNGX_SHIM_DIAG_REGISTER_NOT_MODELLED && diag_action != DO_RAISE
	    && diag_action != DO_OWN_ERROR)
		return;
	diag_calls++;
	if (++diag_depth > diag_max_depth)
		diag_max_depth = diag_depth;
	switch (diag_action) {
	case DO_FINALIZE: nngxFinalize(); break;
	case DO_DELETE_LIST: nngxDeleteCmdlists(1, &list); break;
	case DO_STORAGE: nngxCmdlistStorage(4096, 4); break;
	case DO_RESET: nngxShimReset(); break;
	case DO_RUN_AGAIN: nngxRunCmdlist(); break;
	case DO_WAIT: nngxShimAdvance(1000); break;
	case DO_RAISE: nngxStartProfiling(0x1234); break;      /* INVALID_START_ITEM */
	case DO_OWN_ERROR:
		nngxStopProfiling(0x5678);                      /* 80A3 */
		diag_depth--;
		return;         /* the flag is left for the program */
	case DO_NOTHING: break;
	}
	diag_error_after = glGetError();
	diag_depth--;
}

static void setup(void)
{
	tu_reset();
	diag_action = DO_NOTHING;
	diag_calls = diag_depth = diag_max_depth = 0;
	diag_error_after = GL_NO_ERROR;
	refused_seen = 0;
	ck_assert(nngxInitialize(NULL, NULL));
	nngxGenCmdlists(1, &list);
	nngxBindCmdlist(list);
	nngxCmdlistStorage(1 << 14, 16);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
}

static void teardown(void)
{
	tu_reset();
}

/* Two requests: a write of a register that does not exist (the
 * diagnostic, inside the run), then a write of a real one after it, which
 * the run must still reach. */
static void add_faulting_requests(void)
{
	pica_cmd_init(&cmd);
	pica_cmd_reg(&cmd, NO_SUCH_REGISTER, 1);
	nngxAdd3DCommand(cmd.w, (GLsizei)(cmd.n * 4), GL_TRUE);
	nngxFlush3DCommand();
	pica_cmd_init(&cmd);
	pica_cmd_reg(&cmd, HW_REG_FRAGOP_ALPHA_TEST, 0x00001234u);
	nngxAdd3DCommand(cmd.w, (GLsizei)(cmd.n * 4), GL_TRUE);
	nngxFlush3DCommand();
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
}

static void run_with(int action)
{
	nngxShimSetDiagLevel(NNGX_SHIM_SEVERITY_DEBUG);
	nngxShimSetDiagCallback(on_diag, NULL);
	diag_action = action;
	add_faulting_requests();
	nngxRunCmdlist();
	nngxShimSetDiagCallback(NULL, NULL);
	nngxShimSetDiagLevel(NNGX_SHIM_LEVEL_OFF);
}

/* The list ran to its end, still exists with its storage and is bound. */
static void assert_list_intact(void)
{
	GLint bound = -1, used = -1;

	ck_assert(nngxGetIsInitialized());
	nngxGetCmdlistParameteri(NN_GX_CMDLIST_BINDING, &bound);
	ck_assert_int_eq(bound, (GLint)list);
	nngxGetCmdlistParameteri(NN_GX_CMDLIST_USED_REQCOUNT, &used);
	ck_assert_int_eq(used, 2);
	ck_assert_uint_eq(nngx_state_get()->gpu.regs[HW_REG_FRAGOP_ALPHA_TEST], 0x00001234u);
	ck_assert_ptr_null(nngx_state_get()->cmdlists.executing);
}

START_TEST(test_callbacks_diag_during_run_cannot_finalize)
{
	run_with(DO_FINALIZE);
	ck_assert_uint_eq(diag_calls, 1);
	ck_assert_uint_eq(diag_error_after, GL_NO_ERROR);        /* no SDK code: diagnostic */
	ck_assert_uint_eq(refused_seen, 0);     /* said on stderr: the callback was running */
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CALLBACK_CALL_REFUSED), 1);
	assert_list_intact();
	nngxWaitCmdlistDone();
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
}
END_TEST

START_TEST(test_callbacks_diag_during_run_cannot_delete_the_running_list)
{
	run_with(DO_DELETE_LIST);
	ck_assert_uint_eq(diag_calls, 1);
	ck_assert_uint_eq(diag_error_after, GL_ERROR_8003_DMP);  /* the SDK's code */
	assert_list_intact();
}
END_TEST

START_TEST(test_callbacks_diag_during_run_cannot_replace_the_running_storage)
{
	run_with(DO_STORAGE);
	ck_assert_uint_eq(diag_error_after, GL_ERROR_8007_DMP);
	assert_list_intact();
}
END_TEST

START_TEST(test_callbacks_diag_during_run_cannot_reset_run_or_wait)
{
	GLuint64EXT clock;

	run_with(DO_RESET);
	ck_assert_uint_eq(diag_calls, 1);
	assert_list_intact();
	nngxWaitCmdlistDone();
	nngxClearCmdlist();

	run_with(DO_RUN_AGAIN);
	ck_assert_uint_eq(diag_calls, 2);       /* not run a second time inside */
	assert_list_intact();
	nngxWaitCmdlistDone();
	nngxClearCmdlist();

	clock = nngxShimGetClock();
	run_with(DO_WAIT);
	assert_list_intact();
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CALLBACK_CALL_REFUSED), 3);
	ck_assert_uint_ge(nngxShimGetClock(), clock);
}
END_TEST

/* A callback whose own call raises a diagnostic: it is called once, and
 * the diagnostic of its own call goes to standard error. */
START_TEST(test_callbacks_diag_callback_is_not_reentered)
{
	struct tu_capture cap;
	char err[4096];

	nngxShimSetDiagLevel(NNGX_SHIM_SEVERITY_DEBUG);
	nngxShimSetDiagCallback(on_diag, NULL);
	diag_action = DO_RAISE;
	tu_capture_begin(&cap);
	nngxStartProfiling(0x4321);
	tu_capture_end(&cap, err, sizeof err);
	nngxShimSetDiagCallback(NULL, NULL);
	ck_assert_uint_eq(diag_calls, 1);
	ck_assert_uint_eq(diag_max_depth, 1);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_START_ITEM), 2);
	ck_assert_msg(strstr(err, "INVALID_START_ITEM") && strstr(err, "diagnostic callback"),
		      "stderr: %s", err);
	/* The callback's own error is the one the flag holds. */
	ck_assert_uint_eq(diag_error_after, GL_ERROR_80A2_DMP);
}
END_TEST

/* The failing call's own code is in the flag, not the code of a call the
 * diagnostic callback made while it was being diagnosed. */
START_TEST(test_callbacks_own_error_stays_ahead_of_the_callbacks)
{
	nngxShimSetDiagLevel(NNGX_SHIM_SEVERITY_DEBUG);
	nngxShimSetDiagCallback(on_diag, NULL);
	diag_action = DO_OWN_ERROR;
	nngxStartProfiling(0x4321);
	nngxShimSetDiagCallback(NULL, NULL);
	nngxShimSetDiagLevel(NNGX_SHIM_LEVEL_OFF);
	ck_assert_uint_eq(diag_calls, 1);
	ck_assert_uint_eq(glGetError(), GL_ERROR_80A2_DMP);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_ERROR_DROPPED), 1);
}
END_TEST

/* ---- the allocator and deallocator ---------------------------------------- */

static enum { ALLOC_PLAIN, ALLOC_DELETES, ALLOC_FINALIZES, ALLOC_DELETES_DISPLAY } alloc_action;
static enum { FREE_PLAIN, FREE_FINALIZES, FREE_CREATES } free_action;
static GLuint alloc_target;
static void *blocks[64];
static unsigned nblocks, frees, double_frees, made_in_free;

static GLvoid *prog_alloc(GLenum area, GLenum usage, GLuint name, GLsizei size)
{
	void *p = malloc(size > 0 ? (size_t)size : 1);

	(void)area;
	(void)usage;
	(void)name;
	if (alloc_action == ALLOC_DELETES)
		glDeleteBuffers(1, &alloc_target);
	else if (alloc_action == ALLOC_FINALIZES)
		nngxFinalize();
	else if (alloc_action == ALLOC_DELETES_DISPLAY)
		nngxDeleteDisplaybuffers(1, &alloc_target);
	if (nblocks < 64)
		blocks[nblocks++] = p;
	return p;
}

static void prog_free(GLenum area, GLenum usage, GLuint name, GLvoid *addr)
{
	unsigned i;

	(void)area;
	(void)usage;
	(void)name;
	if (free_action == FREE_FINALIZES)
		nngxFinalize();
	if (free_action == FREE_CREATES) {
		GLuint b = 0;

		glGenBuffers(1, &b);
		made_in_free += b != 0;
	}
	for (i = 0; i < nblocks; i++)
		if (blocks[i] == addr) {
			blocks[i] = blocks[--nblocks];
			frees++;
			free(addr);
			return;
		}
	double_frees++;         /* not (or no longer) one of ours: not freed */
}

static void alloc_setup(void)
{
	tu_reset();
	alloc_action = ALLOC_PLAIN;
	free_action = FREE_PLAIN;
	nblocks = frees = double_frees = made_in_free = 0;
	ck_assert(nngxInitialize(prog_alloc, prog_free));
}

static void alloc_teardown(void)
{
	alloc_action = ALLOC_PLAIN;
	free_action = FREE_PLAIN;
	tu_reset();
	ck_assert_uint_eq(nblocks, 0);          /* every block came back */
	ck_assert_uint_eq(double_frees, 0);
}

static GLuint bound_buffer(void)
{
	GLuint b = 0;

	glGenBuffers(1, &b);
	glBindBuffer(GL_ARRAY_BUFFER, b);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	return b;
}

START_TEST(test_callbacks_allocator_cannot_delete_its_buffer)
{
	static const float data[4] = { 1, 2, 3, 4 };
	GLint size = 0;

	alloc_target = bound_buffer();
	alloc_action = ALLOC_DELETES;
	glBufferData(GL_ARRAY_BUFFER, sizeof data, data, GL_STATIC_DRAW);
	alloc_action = ALLOC_PLAIN;
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	ck_assert(glIsBuffer(alloc_target));
	glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &size);
	ck_assert_int_eq(size, (GLint)sizeof data);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CALLBACK_CALL_REFUSED), 1);
	ck_assert_uint_eq(nblocks, 1);
}
END_TEST

START_TEST(test_callbacks_allocator_cannot_finalize)
{
	static const float data[4] = { 1, 2, 3, 4 };

	(void)bound_buffer();
	alloc_action = ALLOC_FINALIZES;
	glBufferData(GL_ARRAY_BUFFER, sizeof data, data, GL_STATIC_DRAW);
	alloc_action = ALLOC_PLAIN;
	ck_assert(nngxGetIsInitialized());
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CALLBACK_CALL_REFUSED), 1);
	ck_assert_uint_eq(nblocks, 1);
}
END_TEST

/* The same for a display buffer: the allocator deleting the buffer that
 * nngxDisplaybufferStorage allocates for is refused. */
START_TEST(test_callbacks_allocator_cannot_delete_its_display_buffer)
{
	nngxGenDisplaybuffers(1, &alloc_target);
	nngxActiveDisplay(NN_GX_DISPLAY0);
	nngxBindDisplaybuffer(alloc_target);
	alloc_action = ALLOC_DELETES_DISPLAY;
	nngxDisplaybufferStorage(GL_RGBA8_OES, 64, 64, NN_GX_MEM_VRAMA);
	alloc_action = ALLOC_PLAIN;
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	ck_assert_uint_ne(nngxShimGetDisplaybufferAddress(alloc_target), 0);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CALLBACK_CALL_REFUSED), 1);
	ck_assert_uint_eq(nblocks, 1);
}
END_TEST

/* glDeleteBuffers hands a block to the deallocator, which calls
 * nngxFinalize: refused, so the block is handed back once. */
START_TEST(test_callbacks_deallocator_cannot_finalize_during_delete)
{
	static const float data[4] = { 1, 2, 3, 4 };
	GLuint b = bound_buffer();

	glBufferData(GL_ARRAY_BUFFER, sizeof data, data, GL_STATIC_DRAW);
	ck_assert_uint_eq(nblocks, 1);
	free_action = FREE_FINALIZES;
	glDeleteBuffers(1, &b);
	free_action = FREE_PLAIN;
	ck_assert_uint_eq(frees, 1);
	ck_assert_uint_eq(double_frees, 0);
	ck_assert(nngxGetIsInitialized());
	ck_assert(!glIsBuffer(b));
}
END_TEST

/* Buffers the deallocator tries to create while nngxFinalize tears the
 * context down would outlive it: refused. */
START_TEST(test_callbacks_deallocator_cannot_create_during_finalize)
{
	static const float data[4] = { 1, 2, 3, 4 };

	(void)bound_buffer();
	glBufferData(GL_ARRAY_BUFFER, sizeof data, data, GL_STATIC_DRAW);
	(void)bound_buffer();
	glBufferData(GL_ARRAY_BUFFER, sizeof data, data, GL_STATIC_DRAW);
	free_action = FREE_CREATES;
	nngxFinalize();
	free_action = FREE_PLAIN;
	ck_assert_uint_eq(frees, 2);
	ck_assert_uint_eq(made_in_free, 0);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CALLBACK_CALL_REFUSED), 2);
	ck_assert(!glIsBuffer(1) && !glIsBuffer(2) && !glIsBuffer(3));
}
END_TEST

/* ---- callbacks at a wait may make any call ---------------------------------- */

static void on_vsync_finalize(GLenum display)
{
	(void)display;
	nngxFinalize();
}

START_TEST(test_callbacks_vsync_callback_may_finalize)
{
	nngxSetVSyncCallback(NN_GX_DISPLAY0, on_vsync_finalize);
	nngxWaitVSync(NN_GX_DISPLAY0);
	ck_assert(!nngxGetIsInitialized());
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CALLBACK_CALL_REFUSED), 0);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("callbacks");
	TCase *tc = tcase_create("diagnostic");
	TCase *ta = tcase_create("allocator");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_callbacks_diag_during_run_cannot_finalize);
	tcase_add_test(tc, test_callbacks_diag_during_run_cannot_delete_the_running_list);
	tcase_add_test(tc, test_callbacks_diag_during_run_cannot_replace_the_running_storage);
	tcase_add_test(tc, test_callbacks_diag_during_run_cannot_reset_run_or_wait);
	tcase_add_test(tc, test_callbacks_diag_callback_is_not_reentered);
	tcase_add_test(tc, test_callbacks_own_error_stays_ahead_of_the_callbacks);
	tcase_add_test(tc, test_callbacks_vsync_callback_may_finalize);
	suite_add_tcase(s, tc);
	tcase_add_checked_fixture(ta, alloc_setup, alloc_teardown);
	tcase_add_test(ta, test_callbacks_allocator_cannot_delete_its_buffer);
	tcase_add_test(ta, test_callbacks_allocator_cannot_finalize);
	tcase_add_test(ta, test_callbacks_allocator_cannot_delete_its_display_buffer);
	tcase_add_test(ta, test_callbacks_deallocator_cannot_finalize_during_delete);
	tcase_add_test(ta, test_callbacks_deallocator_cannot_create_during_finalize);
	suite_add_tcase(s, ta);
	return tu_run(s);
}
