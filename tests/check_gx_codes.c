/* check_gx_codes.c: the GL_ERROR_xxxx_DMP codes of the bound nngx*
 * command-list and display calls (sdk-surface section 6), one table row
 * a condition. Each row sets up a state, makes one call, and checks the
 * code, one more of the row's diagnostic, and that nothing else changed:
 * the lists (fields, command words, requests), the binding, callback and
 * save state, the bound display buffer's parameters and the profiling
 * snapshot (tests/snapshot.h: GPU clock, busy state, counters). */
#include <string.h>

#include "test_util.h"

#define LIST_BYTES 4096
#define LIST_REQUESTS 4
#define FILL_BYTES (1u << 20)

static const uint32_t two_words[2] = { 1, 0x000F004F };
static uint32_t aligned_words[8] __attribute__((aligned(16))) = {
	1, 0x000F004F, 2, 0x000F004F, 3, 0x000F004F, 4, 0x000F004F,
};
static GLvoid *vram;                    /* FILL_BYTES of VRAM A */
static GLuint upper;                    /* 240 x 400 RGBA8, bound to NN_GX_DISPLAY0 */
static GLuint rgb8;                     /* 200 x 400 RGB8 (S_TRANSFER) */
static GLuint rgb565;                   /* 240 x 400 RGB565 (S_TRANSFER16) */

/* ---- states a row starts from ---------------------------------------------------- */

enum start {
	S_NONE,         /* no list bound */
	S_NO_STORAGE,   /* a list without storage bound */
	S_LIST,         /* 4096 bytes, 4 requests: one flushed, 8 bytes pending */
	S_FULL_QUEUE,   /* 2 requests, both used, 8 bytes pending */
	S_FULL_BUFFER,  /* 16 bytes, all pending */
	S_RUNNING,      /* S_LIST whose fill of 1 MiB is still running */
	S_TRANSFER,     /* S_LIST with framebuffer 0 placed (a glClear) and rgb8 */
	S_TRANSFER16,   /* S_TRANSFER, but a framebuffer with a 240 x 400 RGB565
			   colour buffer bound, and rgb565 */
	S_STEREO        /* S_LIST, stereo, the right eye 240 x 400 RGB565 in VRAM B */
};

static GLuint make_list(GLsizei bytes, GLsizei requests)
{
	GLuint l = 0;

	nngxGenCmdlists(1, &l);
	nngxBindCmdlist(l);
	if (bytes)
		nngxCmdlistStorage(bytes, requests);
	return l;
}

static void start(enum start how)
{
	tu_reset();
	vram = nngxShimAllocMemory(NN_GX_MEM_VRAMA, FILL_BYTES);
	ck_assert_ptr_nonnull(vram);
	/* A display buffer with storage on NN_GX_DISPLAY0, for the display
	 * rows' "nothing changed". */
	nngxGenDisplaybuffers(1, &upper);
	nngxActiveDisplay(NN_GX_DISPLAY0);
	nngxBindDisplaybuffer(upper);
	nngxDisplaybufferStorage(GL_RGBA8_OES, 240, 400, NN_GX_MEM_VRAMB);
	switch (how) {
	case S_NONE:
		make_list(LIST_BYTES, LIST_REQUESTS);   /* exists, not bound */
		nngxBindCmdlist(0);
		break;
	case S_NO_STORAGE:
		make_list(0, 0);
		break;
	case S_LIST:
	case S_RUNNING:
	case S_TRANSFER:
	case S_TRANSFER16:
	case S_STEREO:
		make_list(LIST_BYTES, LIST_REQUESTS);
		if (how == S_STEREO) {
			GLuint right = 0;

			nngxGenDisplaybuffers(1, &right);
			nngxActiveDisplay(NN_GX_DISPLAY0_EXT);
			nngxBindDisplaybuffer(right);
			nngxDisplaybufferStorage(GL_RGB565, 240, 400, NN_GX_MEM_VRAMB);
			nngxActiveDisplay(NN_GX_DISPLAY0);
			nngxSetDisplayMode(NN_GX_DISPLAYMODE_STEREO);
		}
		if (how == S_TRANSFER16) {
			GLuint fb = 0, rb = 0;

			glGenFramebuffers(1, &fb);
			glBindFramebuffer(GL_FRAMEBUFFER, fb);
			glGenRenderbuffers(1, &rb);
			glBindRenderbuffer(GL_RENDERBUFFER, rb);
			glRenderbufferStorage(GL_RENDERBUFFER, GL_RGB565, 240, 400);
			glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
						  GL_RENDERBUFFER, rb);
			nngxGenDisplaybuffers(1, &rgb565);
			nngxActiveDisplay(NN_GX_DISPLAY1);
			nngxBindDisplaybuffer(rgb565);
			nngxDisplaybufferStorage(GL_RGB565, 240, 400, NN_GX_MEM_VRAMB);
			nngxActiveDisplay(NN_GX_DISPLAY0);
			ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
		}
		if (how == S_TRANSFER || how == S_TRANSFER16) {
			glClear(GL_COLOR_BUFFER_BIT);
			nngxGenDisplaybuffers(1, &rgb8);
			nngxActiveDisplay(NN_GX_DISPLAY1);
			nngxBindDisplaybuffer(rgb8);
			nngxDisplaybufferStorage(GL_RGB8_OES, 200, 400, NN_GX_MEM_VRAMB);
			nngxActiveDisplay(NN_GX_DISPLAY0);
		}
		nngxAdd3DCommand(aligned_words, 16, GL_TRUE);
		nngxFlush3DCommand();
		if (how == S_RUNNING) {
			nngxAddMemoryFillCommand(vram, FILL_BYTES, 0x12345678u, 32, NULL, 0, 0, 0);
			nngxRunCmdlist();
			ck_assert(nngxGetIsRunning());
		}
		nngxAdd3DCommand(two_words, 8, GL_TRUE);
		break;
	case S_FULL_QUEUE:
		make_list(LIST_BYTES, 2);
		nngxAdd3DCommand(two_words, 8, GL_TRUE);
		nngxFlush3DCommand();
		nngxAdd3DCommand(two_words, 8, GL_TRUE);
		nngxFlush3DCommand();
		nngxAdd3DCommand(two_words, 8, GL_TRUE);
		break;
	case S_FULL_BUFFER:
		make_list(16, 2);
		nngxAdd3DCommand(aligned_words, 16, GL_TRUE);
		break;
	}
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
}

/* ---- what must not change --------------------------------------------------------- */

#define MAX_LISTS 4

struct list_copy {
	struct nngx_cmdlist l;
	uint32_t words[LIST_BYTES / 4];
	struct nngx_request req[LIST_REQUESTS];
};

struct state {
	struct tu_snapshot lib;
	size_t count;
	GLuint bound, next_name;
	void (*callback)(GLint);
	bool callback_enabled, saving;
	size_t save_word, save_req;
	struct list_copy lists[MAX_LISTS];
	GLint display[4];
	GLenum error_flag;
};

static void state_take(struct state *s)
{
	const struct nngx_cmdlists *c = &nngx_state_get()->cmdlists;
	static const GLenum pnames[4] = {
		NN_GX_DISPLAYBUFFER_ADDRESS, NN_GX_DISPLAYBUFFER_FORMAT,
		NN_GX_DISPLAYBUFFER_WIDTH, NN_GX_DISPLAYBUFFER_HEIGHT,
	};
	size_t i;

	memset(s, 0, sizeof *s);
	tu_snapshot_take(&s->lib);
	s->count = c->count;
	s->bound = c->bound;
	s->next_name = c->next_name;
	s->callback = c->callback;
	s->callback_enabled = c->callback_enabled;
	s->saving = c->saving;
	s->save_word = c->save_word;
	s->save_req = c->save_req;
	ck_assert_uint_le(c->count, MAX_LISTS);
	for (i = 0; i < c->count; i++) {
		const struct nngx_cmdlist *l = &c->list[i];

		s->lists[i].l = *l;
		ck_assert_uint_le(l->cap_words, LIST_BYTES / 4);
		ck_assert_uint_le(l->max_req, LIST_REQUESTS);
		if (l->words)
			memcpy(s->lists[i].words, l->words, l->cap_words * 4);
		if (l->req)
			memcpy(s->lists[i].req, l->req, l->max_req * sizeof *l->req);
	}
	for (i = 0; i < 4; i++)
		nngxGetDisplaybufferParameteri(pnames[i], &s->display[i]);
	s->error_flag = glGetError();
}

static bool state_same(const struct state *a, const struct state *b)
{
	size_t i;

	if (!tu_snapshot_same(&a->lib) || a->count != b->count || a->bound != b->bound
	    || a->next_name != b->next_name || a->callback != b->callback
	    || a->callback_enabled != b->callback_enabled || a->saving != b->saving
	    || a->save_word != b->save_word || a->save_req != b->save_req
	    || memcmp(a->display, b->display, sizeof a->display))
		return false;
	for (i = 0; i < a->count; i++) {
		const struct list_copy *x = &a->lists[i], *y = &b->lists[i];

		if (memcmp(&x->l, &y->l, sizeof x->l)
		    || memcmp(x->words, y->words, x->l.cap_words * 4)
		    || memcmp(x->req, y->req, x->l.max_req * sizeof *x->req))
			return false;
	}
	return true;
}

/* ---- the calls -------------------------------------------------------------------- */

static void gen_negative(void) { GLuint l[1] = { 0 }; nngxGenCmdlists(-1, l); }
static void delete_negative(void)
{
	GLuint l = nngx_state_get()->cmdlists.bound;

	nngxDeleteCmdlists(-1, &l);
}
static void delete_running(void)
{
	GLuint l = nngx_state_get()->cmdlists.bound;

	nngxDeleteCmdlists(1, &l);
}
static void storage_negative_size(void) { nngxCmdlistStorage(-16, 4); }
static void storage_negative_count(void) { nngxCmdlistStorage(64, -1); }
static void storage(void) { nngxCmdlistStorage(64, 4); }
static void storage_huge(void) { nngxCmdlistStorage(0x7FFFFFF0, 4); }
static void run(void) { nngxRunCmdlist(); }
static void split(void) { nngxSplitDrawCmdlist(); }
static void clear(void) { nngxClearCmdlist(); }
static void clear_fill(void) { nngxClearFillCmdlist(7); }
static void cmdlist_callback(GLint id) { (void)id; }
static void set_callback(void) { nngxSetCmdlistCallback(cmdlist_callback); }
static void enable_0(void) { nngxEnableCmdlistCallback(0); }
static void enable_1(void) { nngxEnableCmdlistCallback(1); }
static void enable_past(void) { nngxEnableCmdlistCallback(LIST_REQUESTS + 1); }
static void enable_minus_2(void) { nngxEnableCmdlistCallback(-2); }
static void set_serial(void) { nngxSetCmdlistParameteri(NN_GX_CMDLIST_RUN_MODE, NN_GX_CMDLIST_SERIAL_RUN); }
static void set_sync(void) { nngxSetCmdlistParameteri(NN_GX_CMDLIST_RUN_MODE, NN_GX_CMDLIST_SYNC_RUN); }
static void set_pname(void) { nngxSetCmdlistParameteri(NN_GX_CMDLIST_USED_BUFSIZE, 0); }
static void get_pname(void) { GLint v = -5; nngxGetCmdlistParameteri(0x1234, &v); ck_assert_int_eq(v, -5); }
static void get_used(void) { GLint v = -5; nngxGetCmdlistParameteri(NN_GX_CMDLIST_USED_BUFSIZE, &v); ck_assert_int_eq(v, -5); }
static void get_running(void) { GLint v = -5; nngxGetCmdlistParameteri(NN_GX_CMDLIST_IS_RUNNING, &v); ck_assert_int_eq(v, -5); }
static void get_used_ok(void) { GLint v = -5; nngxGetCmdlistParameteri(NN_GX_CMDLIST_USED_BUFSIZE, &v); ck_assert_int_eq(v, 24); }
static void get_binding(void) { GLint v = -5; nngxGetCmdlistParameteri(NN_GX_CMDLIST_BINDING, &v); ck_assert_int_eq(v, 0); }
static void get_current(void) { GLint v = -5; nngxGetCmdlistParameteri(NN_GX_CMDLIST_CURRENT_BUFADDR, &v); ck_assert_int_eq(v, 0); }
static void add_copy_8(void) { nngxAdd3DCommand(two_words, 8, GL_TRUE); }
static void add_copy_0(void) { nngxAdd3DCommand(two_words, 0, GL_TRUE); }
static void add_copy_6(void) { nngxAdd3DCommand(two_words, 6, GL_TRUE); }
static void add_copy_negative(void) { nngxAdd3DCommand(two_words, -8, GL_TRUE); }
static void add_ref_8(void) { nngxAdd3DCommand(aligned_words, 8, GL_FALSE); }
static void add_ref_16(void) { nngxAdd3DCommand(aligned_words, 16, GL_FALSE); }
static void add_ref_misaligned(void) { nngxAdd3DCommand(aligned_words + 2, 16, GL_FALSE); }   /* 8 bytes off */
static void dma(void) { nngxAddVramDmaCommand(vram, (char *)vram + 64, 64); }
static void dma_negative(void) { nngxAddVramDmaCommand(vram, (char *)vram + 64, -64); }
static void fill(void) { nngxAddMemoryFillCommand(vram, 64, 0, 32, NULL, 0, 0, 0); }
static void fill_misaligned(void) { nngxAddMemoryFillCommand((char *)vram + 8, 64, 0, 32, NULL, 0, 0, 0); }
static void fill_size(void) { nngxAddMemoryFillCommand(vram, 40, 0, 32, NULL, 0, 0, 0); }
static void fill_negative(void) { nngxAddMemoryFillCommand(vram, -16, 0, 32, NULL, 0, 0, 0); }
static void fill_width(void) { nngxAddMemoryFillCommand(vram, 64, 0, 8, NULL, 0, 0, 0); }
static void fill_second_width(void)
{
	nngxAddMemoryFillCommand(vram, 32, 0, 32, (char *)vram + 32, 32, 0, 12);
}
static void flush(void) { nngxFlush3DCommand(); }
static void check_vsync(void) { ck_assert_int_eq(nngxCheckVSync(0x1234), 0); }
static void check_vsync_ext(void) { ck_assert_int_eq(nngxCheckVSync(NN_GX_DISPLAY0_EXT), 0); }
static void wait_vsync(void) { nngxWaitVSync(0); }
static void gen_display_negative(void) { GLuint b[1] = { 0 }; nngxGenDisplaybuffers(-1, b); }
static void delete_display_negative(void) { GLuint b[1] = { 1 }; nngxDeleteDisplaybuffers(-1, b); }
static void active_display(void) { nngxActiveDisplay(0x1234); }
static void display_env_x(void) { nngxDisplayEnv(-1, 0); }
static void display_env_y(void) { nngxDisplayEnv(0, -8); }
static void get_display_pname(void) { GLint v = -5; nngxGetDisplaybufferParameteri(0x1234, &v); ck_assert_int_eq(v, -5); }
static void display_mode(void) { nngxSetDisplayMode(0x1234); }
static void swap(void) { nngxSwapBuffers(NN_GX_DISPLAY0); }

static void transfer(void) { nngxTransferRenderImage(upper, NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 0, 0); }
static void transfer_unknown(void) { nngxTransferRenderImage(0x777, NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 0, 0); }
static void transfer_mode(void) { nngxTransferRenderImage(upper, 0x1234, GL_FALSE, 0, 0); }
static void transfer_2x2(void) { nngxTransferRenderImage(upper, NN_GX_ANTIALIASE_2x2, GL_FALSE, 0, 0); }
static void transfer_y8(void) { nngxTransferRenderImage(upper, NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 0, 8); }
static void transfer_y4(void) { nngxTransferRenderImage(upper, NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 0, 4); }
static void transfer_x_negative(void) { nngxTransferRenderImage(upper, NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, -8, 0); }
static void transfer_rgb8(void) { nngxTransferRenderImage(rgb8, NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 0, 0); }
static void transfer_rgb565(void) { nngxTransferRenderImage(rgb565, NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 0, 0); }

#define DIAG(x) NNGX_SHIM_DIAG_##x

struct code_case {
	const char *what;
	enum start start;
	void (*call)(void);
	GLenum code;
	nngxShimDiagId diag;
};

static const struct code_case cases[] = {
	{ "GenCmdlists, n negative", S_LIST, gen_negative, GL_ERROR_8000_DMP, DIAG(INVALID_ARGUMENT) },
	{ "DeleteCmdlists, n negative", S_LIST, delete_negative, GL_ERROR_8002_DMP, DIAG(INVALID_ARGUMENT) },
	{ "DeleteCmdlists, the list is running", S_RUNNING, delete_running, GL_ERROR_8003_DMP, DIAG(CMDLIST_RUNNING) },
	{ "CmdlistStorage, more than FCRAM holds", S_LIST, storage_huge, GL_ERROR_8006_DMP, DIAG(OUT_OF_MEMORY) },
	{ "CmdlistStorage, running", S_RUNNING, storage, GL_ERROR_8007_DMP, DIAG(CMDLIST_RUNNING) },
	{ "CmdlistStorage, running and negative: 8007 first", S_RUNNING, storage_negative_size, GL_ERROR_8007_DMP, DIAG(CMDLIST_RUNNING) },
	{ "CmdlistStorage, bufsize negative", S_LIST, storage_negative_size, GL_ERROR_8008_DMP, DIAG(INVALID_ARGUMENT) },
	{ "CmdlistStorage, requestcount negative", S_LIST, storage_negative_count, GL_ERROR_8008_DMP, DIAG(INVALID_ARGUMENT) },
	{ "RunCmdlist, no storage", S_NO_STORAGE, run, GL_ERROR_8009_DMP, DIAG(CMDLIST_NO_STORAGE) },
	{ "SplitDrawCmdlist, no list", S_NONE, split, GL_ERROR_800C_DMP, DIAG(CMDLIST_NONE) },
	{ "SplitDrawCmdlist, no storage", S_NO_STORAGE, split, GL_ERROR_800C_DMP, DIAG(CMDLIST_NO_STORAGE) },
	{ "SplitDrawCmdlist, queue full", S_FULL_QUEUE, split, GL_ERROR_800D_DMP, DIAG(CMDLIST_FULL) },
	{ "ClearCmdlist, running", S_RUNNING, clear, GL_ERROR_800F_DMP, DIAG(CMDLIST_RUNNING) },
	{ "ClearFillCmdlist, running", S_RUNNING, clear_fill, GL_ERROR_800F_DMP, DIAG(CMDLIST_RUNNING) },
	{ "SetCmdlistCallback, running", S_RUNNING, set_callback, GL_ERROR_8010_DMP, DIAG(CMDLIST_RUNNING) },
	{ "EnableCmdlistCallback, id 0", S_LIST, enable_0, GL_ERROR_8012_DMP, DIAG(INVALID_ARGUMENT) },
	{ "EnableCmdlistCallback, id past the queue", S_LIST, enable_past, GL_ERROR_8012_DMP, DIAG(INVALID_ARGUMENT) },
	{ "EnableCmdlistCallback, id -2", S_LIST, enable_minus_2, GL_ERROR_8012_DMP, DIAG(INVALID_ARGUMENT) },
	{ "EnableCmdlistCallback, id 1 and no list", S_NONE, enable_1, GL_ERROR_8012_DMP, DIAG(INVALID_ARGUMENT) },
	{ "SetCmdlistParameteri, running", S_RUNNING, set_serial, GL_ERROR_8015_DMP, DIAG(CMDLIST_RUNNING) },
	{ "SetCmdlistParameteri, SYNC_RUN", S_LIST, set_sync, GL_ERROR_8016_DMP, DIAG(INVALID_ARGUMENT) },
	{ "SetCmdlistParameteri, pname not settable", S_LIST, set_pname, GL_ERROR_8016_DMP, DIAG(INVALID_ARGUMENT) },
	{ "GetCmdlistParameteri, unknown pname", S_LIST, get_pname, GL_ERROR_8017_DMP, DIAG(INVALID_ARGUMENT) },
	{ "GetCmdlistParameteri, unknown pname, no list", S_NONE, get_pname, GL_ERROR_8017_DMP, DIAG(INVALID_ARGUMENT) },
	{ "GetCmdlistParameteri, USED_BUFSIZE, no list", S_NONE, get_used, GL_ERROR_8018_DMP, DIAG(CMDLIST_NONE) },
	{ "GetCmdlistParameteri, IS_RUNNING, no list", S_NONE, get_running, GL_ERROR_8018_DMP, DIAG(CMDLIST_NONE) },
	{ "Add3DCommand, no list", S_NONE, add_copy_8, GL_ERROR_804E_DMP, DIAG(CMDLIST_NONE) },
	{ "Add3DCommand, no storage", S_NO_STORAGE, add_copy_8, GL_ERROR_804E_DMP, DIAG(CMDLIST_NO_STORAGE) },
	{ "Add3DCommand, size 0", S_LIST, add_copy_0, GL_ERROR_804F_DMP, DIAG(INVALID_ARGUMENT) },
	{ "Add3DCommand, size -8", S_LIST, add_copy_negative, GL_ERROR_804F_DMP, DIAG(INVALID_ARGUMENT) },
	{ "Add3DCommand, copy of 6 bytes", S_LIST, add_copy_6, GL_ERROR_804F_DMP, DIAG(INVALID_ARGUMENT) },
	{ "Add3DCommand, reference of 8 bytes", S_LIST, add_ref_8, GL_ERROR_804F_DMP, DIAG(INVALID_ARGUMENT) },
	{ "Add3DCommand, copy into a full buffer", S_FULL_BUFFER, add_copy_8, GL_ERROR_8050_DMP, DIAG(CMDLIST_FULL) },
	{ "Add3DCommand, reference and the queue full", S_FULL_QUEUE, add_ref_16, GL_ERROR_8051_DMP, DIAG(CMDLIST_FULL) },
	{ "Add3DCommand, reference not 16-aligned", S_LIST, add_ref_misaligned, GL_ERROR_8052_DMP, DIAG(INVALID_ARGUMENT) },
	{ "AddVramDmaCommand, queue full", S_FULL_QUEUE, dma, GL_ERROR_8062_DMP, DIAG(CMDLIST_FULL) },
	{ "AddVramDmaCommand, size negative", S_LIST, dma_negative, GL_ERROR_8064_DMP, DIAG(DISPLAY_ARGUMENT_REJECTED) },
	{ "AddMemoryFillCommand, no list", S_NONE, fill, GL_ERROR_8078_DMP, DIAG(CMDLIST_NONE) },
	{ "AddMemoryFillCommand, no storage", S_NO_STORAGE, fill, GL_ERROR_8078_DMP, DIAG(CMDLIST_NO_STORAGE) },
	{ "AddMemoryFillCommand, queue full", S_FULL_QUEUE, fill, GL_ERROR_8078_DMP, DIAG(CMDLIST_FULL) },
	{ "AddMemoryFillCommand, start misaligned", S_LIST, fill_misaligned, GL_ERROR_8079_DMP, DIAG(INVALID_ARGUMENT) },
	{ "AddMemoryFillCommand, size 40", S_LIST, fill_size, GL_ERROR_807A_DMP, DIAG(INVALID_ARGUMENT) },
	{ "AddMemoryFillCommand, size -16", S_LIST, fill_negative, GL_ERROR_807A_DMP, DIAG(INVALID_ARGUMENT) },
	{ "AddMemoryFillCommand, width 8", S_LIST, fill_width, GL_ERROR_807B_DMP, DIAG(INVALID_ARGUMENT) },
	{ "AddMemoryFillCommand, second channel width 12", S_LIST, fill_second_width, GL_ERROR_807B_DMP, DIAG(INVALID_ARGUMENT) },
	{ "Flush3DCommand, no list", S_NONE, flush, GL_ERROR_8084_DMP, DIAG(CMDLIST_NONE) },
	{ "Flush3DCommand, no storage", S_NO_STORAGE, flush, GL_ERROR_8084_DMP, DIAG(CMDLIST_NO_STORAGE) },
	{ "Flush3DCommand, queue full", S_FULL_QUEUE, flush, GL_ERROR_8085_DMP, DIAG(CMDLIST_FULL) },
	{ "TransferRenderImage, no list", S_NONE, transfer, GL_ERROR_8027_DMP, DIAG(CMDLIST_NONE) },
	{ "TransferRenderImage, no storage", S_NO_STORAGE, transfer, GL_ERROR_8027_DMP, DIAG(CMDLIST_NO_STORAGE) },
	{ "TransferRenderImage, queue full", S_FULL_QUEUE, transfer, GL_ERROR_8028_DMP, DIAG(CMDLIST_FULL) },
	{ "TransferRenderImage, unknown buffer", S_TRANSFER, transfer_unknown, GL_ERROR_8029_DMP, DIAG(DISPLAYBUFFER_NOT_READY) },
	{ "TransferRenderImage, mode 0x1234", S_TRANSFER, transfer_mode, GL_ERROR_802B_DMP, DIAG(INVALID_ARGUMENT) },
	{ "TransferRenderImage, 2x2 past the colour buffer", S_TRANSFER, transfer_2x2, GL_ERROR_802C_DMP, DIAG(TRANSFER_REJECTED) },
	{ "TransferRenderImage, colory 8 past the colour buffer", S_TRANSFER, transfer_y8, GL_ERROR_802C_DMP, DIAG(TRANSFER_REJECTED) },
	{ "TransferRenderImage, colory 4", S_TRANSFER, transfer_y4, GL_ERROR_802D_DMP, DIAG(TRANSFER_REJECTED) },
	{ "TransferRenderImage, colorx -8", S_TRANSFER, transfer_x_negative, GL_ERROR_802D_DMP, DIAG(TRANSFER_REJECTED) },
	{ "TransferRenderImage, RGB565 colour buffer into RGBA8", S_TRANSFER16, transfer, GL_ERROR_802E_DMP, DIAG(TRANSFER_REJECTED) },
	{ "TransferRenderImage, RGB565 colour buffer into RGB8", S_TRANSFER16, transfer_rgb8, GL_ERROR_802E_DMP, DIAG(TRANSFER_REJECTED) },
	{ "TransferRenderImage, RGB8 200 wide", S_TRANSFER, transfer_rgb8, GL_ERROR_805A_DMP, DIAG(TRANSFER_REJECTED) },
	{ "CheckVSync, display 0x1234", S_LIST, check_vsync, GL_ERROR_8019_DMP, DIAG(INVALID_ARGUMENT) },
	{ "CheckVSync, DISPLAY0_EXT", S_LIST, check_vsync_ext, GL_ERROR_8019_DMP, DIAG(INVALID_ARGUMENT) },
	{ "WaitVSync, display 0", S_LIST, wait_vsync, GL_ERROR_801A_DMP, DIAG(INVALID_ARGUMENT) },
	{ "GenDisplaybuffers, n negative", S_LIST, gen_display_negative, GL_ERROR_801C_DMP, DIAG(INVALID_ARGUMENT) },
	{ "DeleteDisplaybuffers, n negative", S_LIST, delete_display_negative, GL_ERROR_801E_DMP, DIAG(INVALID_ARGUMENT) },
	{ "ActiveDisplay, display 0x1234", S_LIST, active_display, GL_ERROR_801F_DMP, DIAG(INVALID_ARGUMENT) },
	{ "DisplayEnv, x negative", S_LIST, display_env_x, GL_ERROR_8026_DMP, DIAG(INVALID_ARGUMENT) },
	{ "DisplayEnv, y negative", S_LIST, display_env_y, GL_ERROR_8026_DMP, DIAG(INVALID_ARGUMENT) },
	{ "GetDisplaybufferParameteri, unknown pname", S_LIST, get_display_pname, GL_ERROR_8033_DMP, DIAG(INVALID_ARGUMENT) },
	{ "SwapBuffers, stereo, the eyes in two formats", S_STEREO, swap, GL_ERROR_9002_DMP, DIAG(INVALID_ARGUMENT) },
	{ "SetDisplayMode, mode 0x1234", S_LIST, display_mode, GL_ERROR_9003_DMP, DIAG(INVALID_ARGUMENT) },
};

START_TEST(test_each_code_is_recorded_and_changes_nothing_else)
{
	const struct code_case *c = &cases[_i];
	struct state before, after;
	unsigned long diags;

	start(c->start);
	state_take(&before);
	diags = nngxShimGetDiagCount(c->diag);
	c->call();
	ck_assert_msg(glGetError() == c->code, "%s: expected 0x%04X", c->what, c->code);
	ck_assert_msg(nngxShimGetDiagCount(c->diag) == diags + 1, "%s: expected one diagnostic %s",
		      c->what, nngxShimGetDiagName(c->diag));
	state_take(&after);
	ck_assert_msg(state_same(&before, &after), "%s: the call changed state", c->what);
	ck_assert_uint_eq(after.error_flag, GL_NO_ERROR);
}
END_TEST

/* The same states accept the same calls made right: the rows fail for
 * the reason they name, not because the state refuses everything. */
struct ok_case {
	enum start start;
	void (*call)(void);
};

static const struct ok_case ok_cases[] = {
	{ S_LIST, storage }, { S_LIST, split }, { S_LIST, clear }, { S_LIST, clear_fill },
	{ S_LIST, set_callback }, { S_LIST, enable_1 }, { S_LIST, set_serial },
	{ S_LIST, get_used_ok }, { S_LIST, add_copy_8 }, { S_LIST, add_ref_16 }, { S_LIST, dma },
	{ S_LIST, fill }, { S_LIST, flush }, { S_LIST, run }, { S_NONE, get_binding },
	{ S_NONE, get_current }, { S_TRANSFER, transfer }, { S_TRANSFER16, transfer_rgb565 },
};

START_TEST(test_the_same_calls_made_right_record_nothing)
{
	const struct ok_case *c = &ok_cases[_i];

	start(c->start);
	c->call();
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
}
END_TEST

/* nngxDeleteCmdlists skips a running list (8003) and deletes the rest. */
START_TEST(test_delete_skips_the_running_list_only)
{
	GLuint names[3];

	start(S_RUNNING);
	names[1] = nngx_state_get()->cmdlists.bound;    /* the running list */
	names[0] = make_list(64, 1);
	names[2] = make_list(64, 1);
	nngxDeleteCmdlists(3, names);
	ck_assert_uint_eq(glGetError(), GL_ERROR_8003_DMP);
	ck_assert_ptr_null(nngx_cmdlist_find(nngx_state_get(), names[0]));
	ck_assert_ptr_nonnull(nngx_cmdlist_find(nngx_state_get(), names[1]));
	ck_assert_ptr_null(nngx_cmdlist_find(nngx_state_get(), names[2]));
	nngxWaitCmdlistDone();
	nngxDeleteCmdlists(1, &names[1]);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	ck_assert_ptr_null(nngx_cmdlist_find(nngx_state_get(), names[1]));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("gx_codes");
	TCase *t = tcase_create("codes");

	tcase_add_loop_test(t, test_each_code_is_recorded_and_changes_nothing_else, 0,
			    (int)(sizeof cases / sizeof cases[0]));
	tcase_add_loop_test(t, test_the_same_calls_made_right_record_nothing, 0,
			    (int)(sizeof ok_cases / sizeof ok_cases[0]));
	tcase_add_test(t, test_delete_skips_the_running_list_only);
	suite_add_tcase(s, t);
	return tu_run(s);
}
