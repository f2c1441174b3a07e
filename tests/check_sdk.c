/* check_sdk.c: the SDK surface beyond profiling: VRAM helpers and physical
 * addresses, the allocator query, the calls the model has no counterpart
 * for, the NoCacheFlush and partial-flush variants, saved command lists
 * and list-to-list copies (sdk-surface.md sections 2 and 6). */
#include <string.h>

#include <nn/gx/CTR/gx_CommandAccess.h>

#include "gl_fixture.h"
#include "hw/hw_memory.h"

#define ck_gl_error(code) ck_assert_uint_eq(glGetError(), (code))

static const float two_triangles[] = {
	-0.5f, -0.5f, -0.5f,   0.5f, -0.5f, -0.5f,   0.0f, 0.5f, -0.5f,
	-0.5f,  0.5f, -0.5f,   0.5f,  0.5f, -0.5f,   0.0f, 0.9f, -0.5f,
};

static GLint list_param(GLenum pname)
{
	GLint v = -1;

	nngxGetCmdlistParameteri(pname, &v);
	return v;
}

/* ---- VRAM and physical addresses ------------------------------------------ */

START_TEST(test_vram_banks_are_whole_3mib_banks_side_by_side)
{
	tu_reset();
	ck_assert_uint_eq(nngxGetVramStartAddr(NN_GX_MEM_VRAMA), 0x1F000000u);
	ck_assert_uint_eq(nngxGetVramEndAddr(NN_GX_MEM_VRAMA), 0x1F2FFFFFu);
	ck_assert_uint_eq(nngxGetVramSize(NN_GX_MEM_VRAMA), 0x300000u);
	ck_assert_uint_eq(nngxGetVramStartAddr(NN_GX_MEM_VRAMB), 0x1F300000u);
	ck_assert_uint_eq(nngxGetVramEndAddr(NN_GX_MEM_VRAMB), 0x1F5FFFFFu);
	ck_assert_uint_eq(nngxGetVramSize(NN_GX_MEM_VRAMB), 0x300000u);
	ck_assert_uint_eq(nngxGetVramStartAddr(NN_GX_MEM_FCRAM), 0);
	ck_assert_uint_eq(nngxGetVramEndAddr(0), 0);
	ck_assert_uint_eq(nngxGetVramSize(-1), 0);
}
END_TEST

START_TEST(test_physical_address_of_vram_window_and_simulated_memory)
{
	GLvoid *block;
	GLuint phys;

	tu_reset();
	/* The VRAM window maps onto the GPU's VRAM, A at 0x18000000. */
	ck_assert_uint_eq(nngxGetPhysicalAddr(nngxGetVramStartAddr(NN_GX_MEM_VRAMA)),
			  HW_VRAM_A_BASE);
	ck_assert_uint_eq(nngxGetPhysicalAddr(nngxGetVramStartAddr(NN_GX_MEM_VRAMB) + 0x40),
			  HW_VRAM_B_BASE + 0x40);
	ck_assert_uint_eq(nngxGetPhysicalAddr(nngxGetVramEndAddr(NN_GX_MEM_VRAMB)),
			  HW_VRAM_END - 1);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_NO_PHYSICAL_ADDRESS), 0);
	/* A pointer into simulated memory: its physical address, inside too. */
	block = nngxShimAllocMemory(NN_GX_MEM_FCRAM, 256);
	ck_assert_ptr_nonnull(block);
	phys = (GLuint)nngxGetPhysicalAddr((uptr)block);
	ck_assert_uint_ge(phys, HW_FCRAM_BASE);
	ck_assert_ptr_eq(nngxShimGetHostPointer(phys), block);
	ck_assert_uint_eq(nngxGetPhysicalAddr((uptr)block + 100), phys + 100);
	/* Anything else: 0 and a diagnostic. */
	ck_assert_uint_eq(nngxGetPhysicalAddr(0), 0);
	ck_assert_uint_eq(nngxGetPhysicalAddr(nngxGetVramEndAddr(NN_GX_MEM_VRAMB) + 2), 0);
	ck_assert_uint_eq(nngxGetPhysicalAddr((uptr)&phys), 0);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_NO_PHYSICAL_ADDRESS), 3);
	/* VRAM's one-past-end converts, as gxlow's rule has it (end pointers). */
	ck_assert_uint_eq(nngxGetPhysicalAddr(nngxGetVramEndAddr(NN_GX_MEM_VRAMB) + 1),
			  HW_VRAM_END);
	/* C++ engines reach the same through nn::gx; C through the macros. */
	ck_assert_uint_eq(PICA_CMD_HEADER_SINGLE(PICA_REG_COMMAND_BUF_ADDR_CH0), 0x000F023Au);
	nngxShimFreeMemory(block);
}
END_TEST

/* ---- initialisation ---------------------------------------------------------- */

static GLvoid *test_alloc(GLenum area, GLenum usage, GLuint name, GLsizei size)
{
	static unsigned char block[64];

	(void)area; (void)usage; (void)name; (void)size;
	return block;
}

static void test_free(GLenum area, GLenum usage, GLuint name, GLvoid *addr)
{
	(void)area; (void)usage; (void)name; (void)addr;
}

START_TEST(test_get_allocator_returns_the_initialize_callbacks)
{
	GLvoid *(*a)(GLenum, GLenum, GLuint, GLsizei) = test_alloc;
	void (*d)(GLenum, GLenum, GLuint, GLvoid *) = test_free;

	tu_reset();
	nngxGetAllocator(&a, &d);
	ck_assert(a == NULL && d == NULL);              /* before nngxInitialize */
	ck_assert(nngxInitialize(test_alloc, test_free));
	nngxGetAllocator(&a, &d);
	ck_assert(a == test_alloc && d == test_free);
	a = NULL;
	nngxGetAllocator(&a, NULL);                     /* NULL outputs skipped */
	ck_assert(a == test_alloc);
	nngxGetAllocator(NULL, NULL);
	nngxFinalize();
	nngxGetAllocator(&a, &d);
	ck_assert(a == NULL && d == NULL);
}
END_TEST

/* ---- calls the model has no counterpart for ------------------------------------ */

START_TEST(test_not_modelled_calls_say_so_once_per_function)
{
	GLint id = NNGX_SHIM_DIAG_CALL_NOT_MODELLED;
	struct tu_snapshot snap;

	tu_reset();
	tu_snapshot_take(&snap);
	nngxSetMemAccessPrioMode(NN_GX_MEM_ACCESS_PRIO_MODE_4);
	nngxSetMemAccessPrioMode(NN_GX_MEM_ACCESS_PRIO_MODE_1);
	ck_assert_uint_eq(nngxShimGetDiagCount(id), 1);
	nngxSetInternalDriverPrioMode(NN_GX_INTERNAL_DRIVER_PRIO_MODE_LOW);
	nngxSetAutoWaitMode(1);
	nngxStartLcdDisplay();
	nngxStartLcdDisplay();
	nngxUpdateBuffer(two_triangles, sizeof two_triangles);
	nngxUpdateBuffer(NULL, 0);
	nngxSetGasAutoAccumulationUpdate(1);
	nngxSetGasAutoAccumulationUpdate(2);
	ck_assert_uint_eq(nngxShimGetDiagCount(id), 6);
	ck_assert(nngxIsStereoVisionAllowed());
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_ARGUMENT), 0);
	ck_gl_error(GL_NO_ERROR);
	tu_snapshot_assert_same(&snap);
	/* Bad modes: INVALID_ARGUMENT, and they do not use up the "once". */
	nngxShimReset();
	nngxSetMemAccessPrioMode(NN_GX_MEM_ACCESS_PRIO_MODE_MAX);
	nngxSetMemAccessPrioMode((nngxMemAccessPrioMode)0x204);
	nngxSetInternalDriverPrioMode((nngxInternalDriverPrioMode)2);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_ARGUMENT), 3);
	ck_assert_uint_eq(nngxShimGetDiagCount(id), 0);
	/* A power-on reset: said again. */
	nngxSetMemAccessPrioMode(NN_GX_MEM_ACCESS_PRIO_MODE_0);
	ck_assert_uint_eq(nngxShimGetDiagCount(id), 1);
	ck_gl_error(GL_NO_ERROR);
}
END_TEST

/* ---- flush and DMA variants ------------------------------------------------------ */

START_TEST(test_flush_no_cache_flush_closes_a_request_like_flush)
{
	static const GLuint nop[2] = { 0, 0x000F0080u };    /* a write to 0x080 */

	tu_reset();
	fx_list(4096, 8);
	nngxFlush3DCommandNoCacheFlush();                   /* nothing to close */
	ck_assert_int_eq(list_param(NN_GX_CMDLIST_USED_REQCOUNT), 0);
	nngxAdd3DCommandNoCacheFlush(nop, sizeof nop);
	ck_assert_int_eq(list_param(NN_GX_CMDLIST_USED_BUFSIZE), 8);
	nngxFlush3DCommandNoCacheFlush();
	ck_assert_int_eq(list_param(NN_GX_CMDLIST_USED_REQCOUNT), 1);
	ck_assert_int_eq(list_param(NN_GX_CMDLIST_NEXT_REQTYPE), NN_GX_CMDLIST_REQTYPE_RUN3D);
	ck_gl_error(GL_NO_ERROR);
}
END_TEST

START_TEST(test_flush_partially_closes_only_the_given_bytes)
{
	static const GLuint cmds[6] = { 0, 0x000F0080u, 0, 0x000F0080u, 0, 0x000F0080u };
	static const GLsizei bad[] = { 0, -8, 4, 12, 32 };
	size_t k;

	tu_reset();
	fx_list(4096, 8);
	nngxAdd3DCommand(cmds, sizeof cmds, GL_TRUE);
	for (k = 0; k < sizeof bad / sizeof bad[0]; k++) {
		nngxFlush3DCommandPartially(bad[k]);
		if (list_param(NN_GX_CMDLIST_USED_REQCOUNT) != 0)
			ck_abort_msg("buffersize %d made a request", bad[k]);
	}
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_ARGUMENT), 5);
	nngxFlush3DCommandPartially(16);
	ck_assert_int_eq(list_param(NN_GX_CMDLIST_USED_REQCOUNT), 1);
	nngx_cmdlist_flush_bound(nngx_state_get(), "test");
	ck_assert_int_eq(list_param(NN_GX_CMDLIST_USED_REQCOUNT), 2);
	{
		const struct nngx_cmdlist *l = nngx_cmdlist_current(nngx_state_get());
		ck_assert_uint_eq(l->req[0].begin, 0);
		ck_assert_uint_eq(l->req[0].end, 4);
		ck_assert_uint_eq(l->req[1].begin, 4);
		ck_assert_uint_eq(l->req[1].end, 6);
	}
	ck_gl_error(GL_NO_ERROR);
}
END_TEST

START_TEST(test_vram_dma_no_cache_flush_has_its_own_codes)
{
	GLvoid *src, *dst;

	tu_reset();
	src = nngxShimAllocMemory(NN_GX_MEM_FCRAM, 64);
	dst = nngxShimAllocMemory(NN_GX_MEM_VRAMA, 64);
	nngxAddVramDmaCommandNoCacheFlush(src, dst, 64);    /* no list */
	ck_gl_error(GL_ERROR_8090_DMP);
	fx_list(4096, 8);
	nngxAddVramDmaCommandNoCacheFlush(src, dst, -1);
	ck_gl_error(GL_ERROR_8091_DMP);
	ck_assert_int_eq(list_param(NN_GX_CMDLIST_USED_REQCOUNT), 0);
	nngxAddVramDmaCommandNoCacheFlush(src, dst, 64);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_int_eq(list_param(NN_GX_CMDLIST_USED_REQCOUNT), 1);
	ck_assert_int_eq(list_param(NN_GX_CMDLIST_NEXT_REQTYPE), NN_GX_CMDLIST_REQTYPE_DMA);
	nngxShimFreeMemory(src);
	nngxShimFreeMemory(dst);
}
END_TEST

/* ---- saved command lists ------------------------------------------------------------ */

/* Everything a refused saved-list or copy call must leave alone. */
struct list_state {
	GLint binding;
	GLint used[4], reqs[4];
	bool saving;
	size_t save_word, save_req;
	GLenum error;
};

static void list_state_take(struct list_state *s, const GLuint *lists, unsigned n)
{
	struct nngx_state *st = nngx_state_get();
	unsigned k;

	memset(s, 0, sizeof *s);
	s->binding = list_param(NN_GX_CMDLIST_BINDING);
	for (k = 0; k < n; k++) {
		const struct nngx_cmdlist *l = nngx_cmdlist_find(st, lists[k]);
		s->used[k] = l ? (GLint)l->used_words : -1;
		s->reqs[k] = l ? (GLint)l->used_req : -1;
	}
	s->saving = st->cmdlists.saving;
	s->save_word = st->cmdlists.save_word;
	s->save_req = st->cmdlists.save_req;
	s->error = st->gl.error;
}

static const GLuint cmd_words[4] = { 0, 0x000F0080u, 0, 0x000F0080u };

START_TEST(test_saved_region_reports_what_was_added)
{
	GLuint off = 1, rid = 1;
	GLsizei size = -1, reqs = -1;

	tu_reset();
	fx_list(4096, 8);
	nngxAdd3DCommand(cmd_words, 8, GL_TRUE);
	nngxFlush3DCommand();
	nngxStartCmdlistSave();
	nngxAdd3DCommand(cmd_words, 16, GL_TRUE);
	nngxFlush3DCommand();
	nngxAdd3DCommand(cmd_words, 8, GL_TRUE);            /* left unflushed */
	nngxStopCmdlistSave(&off, &size, &rid, &reqs);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_uint_eq(off, 8);
	ck_assert_int_eq(size, 24);
	ck_assert_uint_eq(rid, 1);
	ck_assert_int_eq(reqs, 1);
	ck_assert(!nngx_state_get()->cmdlists.saving);
	nngxStartCmdlistSave();
	nngxStopCmdlistSave(NULL, NULL, NULL, NULL);        /* NULL outputs skipped */
	ck_gl_error(GL_NO_ERROR);
}
END_TEST

/* Each refused call records the SDK's code and changes nothing else. */
START_TEST(test_saved_list_errors_change_nothing)
{
	GLuint lists[3], off, rid;
	GLsizei size, reqs;
	struct list_state before, after;
	unsigned k;

	for (k = 0; k < 13; k++) {
		GLenum code = 0;
		GLint diag = NNGX_SHIM_DIAG_CMDLIST_SAVE_REJECTED;
		GLuint diags;

		tu_reset();
		nngxGenCmdlists(3, lists);
		nngxBindCmdlist(lists[1]);
		nngxCmdlistStorage(24, 2);                          /* 6 words */
		nngxAdd3DCommand(cmd_words, 16, GL_TRUE);
		nngxBindCmdlist(lists[0]);
		nngxCmdlistStorage(4096, 8);
		nngxStartCmdlistSave();
		nngxAdd3DCommand(cmd_words, 16, GL_TRUE);
		nngxFlush3DCommand();
		nngxStopCmdlistSave(&off, &size, &rid, &reqs);
		ck_gl_error(GL_NO_ERROR);
		diags = nngxShimGetDiagCount(diag);
		list_state_take(&before, lists, 3);
		switch (k) {
		case 0: nngxStopCmdlistSave(&off, &size, &rid, &reqs); code = GL_ERROR_8036_DMP; break;
		case 1:
			nngxBindCmdlist(0);
			list_state_take(&before, lists, 3);
			nngxStartCmdlistSave();
			code = GL_ERROR_8035_DMP;
			break;
		case 2:
			nngxStartCmdlistSave();
			list_state_take(&before, lists, 3);
			nngxStartCmdlistSave();
			code = GL_ERROR_8034_DMP;
			break;
		case 3:
			nngxStartCmdlistSave();
			list_state_take(&before, lists, 3);
			nngxBindCmdlist(lists[1]);
			code = GL_ERROR_8005_DMP;
			break;
		case 4:
			nngxBindCmdlist(0);
			list_state_take(&before, lists, 3);
			nngxUseSavedCmdlist(lists[0], off, size, rid, reqs, 0, GL_TRUE);
			code = GL_ERROR_8037_DMP;
			break;
		case 5:
			nngxUseSavedCmdlist(lists[2], off, size, rid, reqs, 0, GL_TRUE);
			code = GL_ERROR_8038_DMP;                   /* no storage */
			break;
		case 6:
			nngxUseSavedCmdlist(99, off, size, rid, reqs, 0, GL_TRUE);
			code = GL_ERROR_8038_DMP;
			break;
		case 7:
			nngxBindCmdlist(lists[1]);                  /* 8 bytes left */
			list_state_take(&before, lists, 3);
			nngxUseSavedCmdlist(lists[0], off, size, rid, reqs, 0, GL_TRUE);
			code = GL_ERROR_803A_DMP;
			break;
		case 8:
			nngxUseSavedCmdlistNoCacheFlush(lists[0], off, size + 8, rid, reqs, 0);
			code = 0;                                   /* past its commands */
			break;
		case 9:
			nngxUseSavedCmdlist(lists[0], off, size, rid + 1, reqs, 0, GL_TRUE);
			code = 0;                                   /* past its requests */
			break;
		case 10:
			nngxClearCmdlist();                        /* a cleared list */
			list_state_take(&before, lists, 3);
			nngxUseSavedCmdlist(lists[0], off, size, rid, reqs, 0, GL_FALSE);
			code = 0;
			break;
		case 11:
			nngxBindCmdlist(0);
			list_state_take(&before, lists, 3);
			nngxUseSavedCmdlistNoCacheFlush(lists[0], off, size, rid, reqs, 0);
			code = GL_ERROR_8092_DMP;
			break;
		default:
			nngxUseSavedCmdlistNoCacheFlush(0, off, size, rid, reqs, 0);
			code = GL_ERROR_8093_DMP;
			break;
		}
		list_state_take(&after, lists, 3);
		after.error = before.error;
		if (memcmp(&before, &after, sizeof before) != 0)
			ck_abort_msg("case %u changed the lists", k);
		if (glGetError() != (code ? code : GL_NO_ERROR))
			ck_abort_msg("case %u: GL error other than 0x%04X", k, code);
		if (nngxShimGetDiagCount(diag) != diags + 1)
			ck_abort_msg("case %u: no CMDLIST_SAVE_REJECTED", k);
	}
	/* The NoCacheFlush variant's capacity code. */
	nngxBindCmdlist(lists[1]);
	nngxUseSavedCmdlistNoCacheFlush(lists[0], off, size, rid, reqs, 0);
	ck_gl_error(GL_ERROR_8095_DMP);
}
END_TEST

/* The "done when" of the SDK surface: a draw recorded into a saved list and
 * replayed N times costs the GPU N times one direct draw. */
START_TEST(test_saved_draw_replayed_n_times_counts_n_direct_draws)
{
	enum { N = 5 };
	struct fx_counters c0, c1, direct, replayed;
	GLuint saved, off, rid;
	GLsizei size, reqs;
	unsigned w;

	fx_two_triangles_direct(&direct);

	/* The same draw recorded into a saved list, replayed N times. */
	fx_reset();
	saved = fx_list(65536, 8);
	fx_two_triangles_scene();
	nngxStartCmdlistSave();
	glDrawArrays(GL_TRIANGLES, 0, 6);
	nngxStopCmdlistSave(&off, &size, &rid, &reqs);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_int_gt(size, 0);
	fx_list(N * 65536, 8);
	fx_counters_read(&c0);
	for (w = 0; w < N; w++)
		nngxUseSavedCmdlist(saved, off, size, rid, reqs, NN_GX_STATE_ALL, GL_TRUE);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_int_eq(list_param(NN_GX_CMDLIST_USED_BUFSIZE), N * size);
	glFinish();
	fx_counters_read(&c1);
	fx_counters_diff(&c0, &c1, &replayed);
	fx_counters_assert_times(&direct, N, &replayed, "replayed");
}
END_TEST

/* A region holding requests replays them in order, after the words before
 * each; the statemask makes the next GL draw send the program again. */
START_TEST(test_use_saved_replays_requests_in_order_and_applies_statemask)
{
	GLvoid *src, *dst;
	GLuint saved, off, rid;
	GLsizei size, reqs;
	const struct nngx_cmdlist *l;

	fx_reset();
	src = nngxShimAllocMemory(NN_GX_MEM_FCRAM, 64);
	dst = nngxShimAllocMemory(NN_GX_MEM_VRAMA, 64);
	saved = fx_list(4096, 8);
	nngxStartCmdlistSave();
	nngxAdd3DCommand(cmd_words, 8, GL_TRUE);
	nngxAddVramDmaCommand(src, dst, 64);                /* closes RUN3D, then DMA */
	nngxAdd3DCommand(cmd_words, 16, GL_TRUE);            /* unflushed */
	nngxStopCmdlistSave(&off, &size, &rid, &reqs);
	ck_assert_int_eq(reqs, 2);
	fx_list(4096, 8);
	nngxAdd3DCommand(cmd_words, 8, GL_TRUE);            /* pending before the use */
	nngxUseSavedCmdlist(saved, off, size, rid, reqs, 0, GL_FALSE);
	ck_gl_error(GL_NO_ERROR);
	l = nngx_cmdlist_current(nngx_state_get());
	ck_assert_uint_eq(l->used_words, 2 + 6);
	ck_assert_uint_eq(l->used_req, 2);
	ck_assert_uint_eq(l->req[0].type, NN_GX_CMDLIST_REQTYPE_RUN3D);
	ck_assert_uint_eq(l->req[0].begin, 0);
	ck_assert_uint_eq(l->req[0].end, 4);
	ck_assert_uint_eq(l->req[1].type, NN_GX_CMDLIST_REQTYPE_DMA);
	ck_assert_uint_eq(l->req[1].u.dma.size, 64);
	ck_assert_uint_eq(l->flushed_words, 4);              /* the last words pending */
	/* statemask: the GPU's program is no longer trusted. */
	nngx_state_get()->gl.uploaded_serial = 7;
	nngxUseSavedCmdlist(saved, off, 0, rid, 0, NN_GX_STATE_OTHERS, GL_TRUE);
	ck_assert_uint_eq(nngx_state_get()->gl.uploaded_serial, 7);
	nngxUseSavedCmdlist(saved, off, 0, rid, 0, NN_GX_STATE_VSUNIFORM, GL_TRUE);
	ck_assert_uint_eq(nngx_state_get()->gl.uploaded_serial, 0);
	ck_gl_error(GL_NO_ERROR);
	nngxShimFreeMemory(src);
	nngxShimFreeMemory(dst);
}
END_TEST

/* ---- nngxAddCmdlist, nngxCopyCmdlist ------------------------------------------------ */

START_TEST(test_add_and_copy_cmdlist_replay_the_whole_list)
{
	GLuint lists[3];
	const struct nngx_cmdlist *l;

	tu_reset();
	nngxGenCmdlists(3, lists);
	nngxBindCmdlist(lists[0]);
	nngxCmdlistStorage(4096, 8);
	nngxAdd3DCommand(cmd_words, 16, GL_TRUE);
	nngxFlush3DCommand();
	nngxAdd3DCommand(cmd_words, 8, GL_TRUE);
	nngxBindCmdlist(lists[1]);
	nngxCmdlistStorage(4096, 8);
	nngxAdd3DCommand(cmd_words, 8, GL_TRUE);
	nngxAddCmdlist(lists[0]);
	ck_gl_error(GL_NO_ERROR);
	l = nngx_cmdlist_current(nngx_state_get());
	ck_assert_uint_eq(l->used_words, 2 + 6);
	ck_assert_uint_eq(l->used_req, 1);                   /* own words + the RUN3D */
	ck_assert_uint_eq(l->req[0].end, 6);
	ck_assert_mem_eq(l->words + 2, cmd_words, 16);
	/* Copy replaces the destination's contents. */
	nngxBindCmdlist(lists[2]);
	nngxCmdlistStorage(4096, 8);
	nngxBindCmdlist(0);
	nngxCopyCmdlist(lists[0], lists[1]);
	ck_gl_error(GL_NO_ERROR);
	l = nngx_cmdlist_find(nngx_state_get(), lists[1]);
	ck_assert_uint_eq(l->used_words, 6);
	ck_assert_uint_eq(l->used_req, 1);
	ck_assert_uint_eq(l->flushed_words, 4);
}
END_TEST

START_TEST(test_add_and_copy_cmdlist_errors_change_nothing)
{
	static const struct { unsigned call; GLuint a, b; GLuint bind; GLenum code; } cases[] = {
		/* call 0: nngxAddCmdlist(a) with `bind` bound; 1: nngxCopyCmdlist(a, b) */
		{ 0, 99, 0, 1, GL_ERROR_8054_DMP },
		{ 0, 3, 0, 1, GL_ERROR_8054_DMP },          /* no storage */
		{ 0, 1, 0, 0, GL_ERROR_8055_DMP },
		{ 0, 1, 0, 1, GL_ERROR_8056_DMP },
		{ 0, 1, 0, 4, GL_ERROR_8058_DMP },          /* 8 bytes of room */
		{ 1, 1, 2, 2, GL_ERROR_8047_DMP },
		{ 1, 99, 2, 0, GL_ERROR_8048_DMP },
		{ 1, 1, 99, 0, GL_ERROR_8049_DMP },
		{ 1, 1, 3, 0, GL_ERROR_8049_DMP },
		{ 1, 1, 1, 0, GL_ERROR_804A_DMP },
		{ 1, 1, 4, 0, GL_ERROR_804C_DMP },
	};
	GLuint lists[4];
	struct list_state before, after;
	size_t k;

	for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		GLuint diags;

		tu_reset();
		nngxGenCmdlists(4, lists);                     /* names 1..4 */
		nngxBindCmdlist(lists[0]);
		nngxCmdlistStorage(4096, 8);
		nngxAdd3DCommand(cmd_words, 16, GL_TRUE);
		nngxAdd3DCommand(cmd_words, 16, GL_TRUE);       /* 32 bytes */
		nngxFlush3DCommand();
		nngxBindCmdlist(lists[1]);
		nngxCmdlistStorage(4096, 8);
		nngxBindCmdlist(lists[3]);
		nngxCmdlistStorage(24, 2);
		nngxAdd3DCommand(cmd_words, 16, GL_TRUE);
		nngxBindCmdlist(cases[k].bind);
		diags = nngxShimGetDiagCount(NNGX_SHIM_DIAG_CMDLIST_COPY_REJECTED);
		list_state_take(&before, lists, 4);
		if (cases[k].call == 0)
			nngxAddCmdlist(cases[k].a);
		else
			nngxCopyCmdlist(cases[k].a, cases[k].b);
		list_state_take(&after, lists, 4);
		after.error = before.error;
		if (memcmp(&before, &after, sizeof before) != 0)
			ck_abort_msg("case %zu changed the lists", k);
		if (glGetError() != cases[k].code)
			ck_abort_msg("case %zu: GL error other than 0x%04X", k, cases[k].code);
		if (nngxShimGetDiagCount(NNGX_SHIM_DIAG_CMDLIST_COPY_REJECTED) != diags + 1)
			ck_abort_msg("case %zu: no CMDLIST_COPY_REJECTED", k);
	}
}
END_TEST

/* ---- state validation and command generation ------------------------------------------ */

/* Bytes one draw adds to the bound list. */
static GLint draw_bytes(void)
{
	GLint before = list_param(NN_GX_CMDLIST_USED_BUFSIZE);

	glDrawArrays(GL_TRIANGLES, 0, 6);
	return list_param(NN_GX_CMDLIST_USED_BUFSIZE) - before;
}

START_TEST(test_update_state_and_generation_mode_resend_the_program)
{
	GLbitfield mask = 1;
	GLenum mode = 0;
	GLint first, again;

	fx_reset();
	fx_list(65536, 8);
	fx_two_triangles_scene();
	nngxGetCommandGenerationMode(&mode);
	ck_assert_uint_eq(mode, NN_GX_CMDGEN_MODE_CONDITIONAL);
	nngxGetUpdatedState(&mask);
	ck_assert_uint_eq(mask, 0);
	first = draw_bytes();                       /* program and uniforms */
	again = draw_bytes();                       /* neither changed */
	ck_assert_int_lt(again, first);
	/* Non-shader states are written whole anyway: nothing more. */
	nngxUpdateState(NN_GX_STATE_SCISSOR | NN_GX_STATE_TEXTURE);
	nngxGetUpdatedState(&mask);
	ck_assert_uint_eq(mask, NN_GX_STATE_SCISSOR | NN_GX_STATE_TEXTURE);
	ck_assert_int_eq(draw_bytes(), again);
	nngxGetUpdatedState(&mask);
	ck_assert_uint_eq(mask, 0);                 /* the draw sent them */
	nngxUpdateState(NN_GX_STATE_SHADERPROGRAM | 0x10000u);  /* unknown bits dropped */
	nngxGetUpdatedState(&mask);
	ck_assert_uint_eq(mask, NN_GX_STATE_SHADERPROGRAM);
	ck_assert_int_eq(draw_bytes(), first);
	nngxInvalidateState(NN_GX_STATE_VSUNIFORM);
	ck_assert_int_eq(draw_bytes(), first);
	ck_assert_int_eq(draw_bytes(), again);
	/* Unconditional generation: every draw sends everything. */
	nngxSetCommandGenerationMode(NN_GX_CMDGEN_MODE_UNCONDITIONAL);
	nngxGetCommandGenerationMode(&mode);
	ck_assert_uint_eq(mode, NN_GX_CMDGEN_MODE_UNCONDITIONAL);
	ck_assert_int_eq(draw_bytes(), first);
	ck_assert_int_eq(draw_bytes(), first);
	/* Bad arguments change nothing. */
	nngxSetCommandGenerationMode(0x0802);
	nngxGetCommandGenerationMode(&mode);
	ck_assert_uint_eq(mode, NN_GX_CMDGEN_MODE_UNCONDITIONAL);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_ARGUMENT), 1);
	nngxGetCommandGenerationMode(NULL);
	nngxGetUpdatedState(NULL);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_NULL_PARAM), 2);
	ck_gl_error(GL_NO_ERROR);
}
END_TEST

/* nngxValidateState sends the pending program state now; the draw then
 * sends only what it always sends. */
START_TEST(test_validate_state_sends_the_program_before_the_draw)
{
	GLint first, again, before;
	GLbitfield mask = 0;

	fx_reset();
	fx_list(65536, 8);
	fx_two_triangles_scene();
	first = draw_bytes();
	again = draw_bytes();
	/* Nothing pending: nothing sent. */
	before = list_param(NN_GX_CMDLIST_USED_BUFSIZE);
	nngxValidateState(NN_GX_STATE_ALL, GL_FALSE);
	ck_assert_int_eq(list_param(NN_GX_CMDLIST_USED_BUFSIZE), before);
	/* Pending program: sent now, not again by the draw. */
	nngxUpdateState(NN_GX_STATE_SHADERPROGRAM | NN_GX_STATE_SCISSOR);
	nngxValidateState(NN_GX_STATE_SCISSOR, GL_TRUE);        /* not a shader state */
	ck_assert_int_eq(list_param(NN_GX_CMDLIST_USED_BUFSIZE), before);
	nngxValidateState(NN_GX_STATE_SHADERPROGRAM, GL_TRUE);
	ck_assert_int_eq(list_param(NN_GX_CMDLIST_USED_BUFSIZE) - before, first - again);
	nngxGetUpdatedState(&mask);
	ck_assert_uint_eq(mask, NN_GX_STATE_SCISSOR);           /* goes with the draw */
	ck_assert_int_eq(draw_bytes(), again);
	/* No list bound: a diagnostic, nothing else. */
	nngxUpdateState(NN_GX_STATE_SHADERPROGRAM);
	nngxBindCmdlist(0);
	nngxValidateState(NN_GX_STATE_ALL, GL_FALSE);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CMDLIST_NONE), 1);
	nngxGetUpdatedState(&mask);
	ck_assert_uint_eq(mask, NN_GX_STATE_SHADERPROGRAM);
	ck_gl_error(GL_NO_ERROR);
}
END_TEST

/* ---- writing into the buffer directly --------------------------------------------------- */

START_TEST(test_clear_fill_and_move_pointer)
{
	const struct nngx_cmdlist *l;
	GLuint *at;
	size_t i;

	tu_reset();
	nngxMoveCommandbufferPointer(8);            /* no list */
	ck_gl_error(GL_ERROR_8061_DMP);
	fx_list(64, 4);
	nngxAdd3DCommand(cmd_words, 8, GL_TRUE);
	nngxFlush3DCommand();
	nngxClearFillCmdlist(0xDEADBEEFu);
	l = nngx_cmdlist_current(nngx_state_get());
	ck_assert_uint_eq(l->used_words, 0);
	ck_assert_uint_eq(l->used_req, 0);
	for (i = 0; i < l->cap_words; i++)
		if (l->words[i] != 0xDEADBEEFu)
			ck_abort_msg("word %zu not filled", i);
	/* The program writes a command itself, then moves the pointer over it. */
	at = nngxShimGetHostPointer((GLuint)list_param(NN_GX_CMDLIST_CURRENT_BUFADDR));
	ck_assert_ptr_nonnull(at);
	memcpy(at, cmd_words, 8);
	nngxMoveCommandbufferPointer(8);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_int_eq(list_param(NN_GX_CMDLIST_USED_BUFSIZE), 8);
	nngxFlush3DCommand();
	/* Outside the buffer, or back over flushed words: 8061, nothing moves. */
	nngxMoveCommandbufferPointer(-4);
	ck_gl_error(GL_ERROR_8061_DMP);
	nngxMoveCommandbufferPointer(64 - 8 + 4);
	ck_gl_error(GL_ERROR_8061_DMP);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CMDLIST_POINTER_OUTSIDE), 2);
	nngxMoveCommandbufferPointer(2);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_int_eq(list_param(NN_GX_CMDLIST_USED_BUFSIZE), 8);
	nngxMoveCommandbufferPointer(64 - 8);
	ck_assert_int_eq(list_param(NN_GX_CMDLIST_USED_BUFSIZE), 64);
	ck_gl_error(GL_NO_ERROR);
}
END_TEST

static Suite *sdk_suite(void)
{
	Suite *s = suite_create("sdk");
	TCase *tc = tcase_create("sdk");

	tcase_add_test(tc, test_vram_banks_are_whole_3mib_banks_side_by_side);
	tcase_add_test(tc, test_physical_address_of_vram_window_and_simulated_memory);
	tcase_add_test(tc, test_get_allocator_returns_the_initialize_callbacks);
	tcase_add_test(tc, test_not_modelled_calls_say_so_once_per_function);
	tcase_add_test(tc, test_flush_no_cache_flush_closes_a_request_like_flush);
	tcase_add_test(tc, test_flush_partially_closes_only_the_given_bytes);
	tcase_add_test(tc, test_vram_dma_no_cache_flush_has_its_own_codes);
	tcase_add_test(tc, test_saved_region_reports_what_was_added);
	tcase_add_test(tc, test_saved_list_errors_change_nothing);
	tcase_add_test(tc, test_saved_draw_replayed_n_times_counts_n_direct_draws);
	tcase_add_test(tc, test_use_saved_replays_requests_in_order_and_applies_statemask);
	tcase_add_test(tc, test_add_and_copy_cmdlist_replay_the_whole_list);
	tcase_add_test(tc, test_add_and_copy_cmdlist_errors_change_nothing);
	tcase_add_test(tc, test_update_state_and_generation_mode_resend_the_program);
	tcase_add_test(tc, test_clear_fill_and_move_pointer);
	tcase_add_test(tc, test_validate_state_sends_the_program_before_the_draw);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(sdk_suite());
}
