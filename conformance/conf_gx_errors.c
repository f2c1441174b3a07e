/* conf_gx_errors.c: the GL_ERROR_xxxx_DMP codes of the other nngx
 * functions (the SDK reference pages and the SDK library's own argument
 * checks), one row a case.
 *
 * A row names a fixture (the state the call meets), a call with up to
 * four arguments and the code it must record. Each row also checks that
 * glGetError clears the flag and, when the call records an error, that
 * what the API shows did not change: the bound display buffer's
 * parameters, the command list binding and the bound command list's used
 * sizes (with the FIX_LISTS* fixtures, each of the fixture's lists' too).
 *
 * Adding a case: one row. Adding a function: one `enum gx_call` value and
 * its line in gx_call(); a new state to meet: one `enum gx_fixture`
 * value and its lines in fixture_set_up().
 *
 * Part of libnngx (MIT licence). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "conf.h"

enum gx_fixture {
	FIX_LIST,               /* the platform's command list, bound */
	FIX_NO_LIST,            /* no command list bound */
	FIX_LIST_NO_STORAGE,    /* a command list without storage, bound */
	FIX_LIST_FULL,          /* a list with one request, already used, bound */
	FIX_UPPER_UNBOUND,      /* NN_GX_DISPLAY0 active, nothing bound */
	FIX_RIGHT_UNBOUND,      /* NN_GX_DISPLAY0_EXT active, nothing bound */
	FIX_UPPER_NO_STORAGE,   /* a display buffer without storage bound to DISPLAY0 */
	FIX_UPPER_READY,        /* 240 x 400 RGBA8 bound to DISPLAY0 */
	FIX_UPPER_WIDE,         /* 248 x 400 RGBA8 bound to DISPLAY0 */
	FIX_UPPER_READY_FB16,   /* FIX_UPPER_READY, and a framebuffer of the
				   fixture's own bound: a 240 x 400 RGB565
				   colour buffer */
	FIX_STEREO_NO_RIGHT,    /* stereo, DISPLAY0 ready, nothing for DISPLAY0_EXT */
	FIX_STEREO_RIGHT_SHORT, /* stereo, DISPLAY0 ready, DISPLAY0_EXT 240 x 392 */
	FIX_STEREO_RIGHT_WIDE,  /* stereo, DISPLAY0 ready, DISPLAY0_EXT 248 x 400 */
	/* Four lists of the fixture's own (LIST(0) ... LIST(3) in a row's
	 * arguments): 0 holds 32 bytes, 16 of them a saved region, flushed;
	 * 1 is empty (4096 bytes); 2 has no storage; 3 has 8 bytes of room. */
	FIX_LISTS,              /* list 0 bound */
	FIX_LISTS_NONE,         /* no list bound */
	FIX_LISTS_1,            /* list 1 bound */
	FIX_LISTS_3,            /* list 3 bound */
	FIX_LISTS_SAVING,       /* list 0 bound, a save open */
	/* A Raw list of the fixture's own (nngxCmdlistStorageRaw): 4096
	 * bytes and 2 requests; 16 bytes of commands in one request. */
	FIX_RAW,
	FIX_RAW_FULL            /* both requests used, 8 bytes not flushed */
};

enum gx_call {
	CALL_DISPLAYBUFFER_STORAGE,     /* format, width, height, area */
	CALL_SWAP_BUFFERS,              /* display */
	CALL_DISPLAY_ENV_SWAP,          /* x, y, display: nngxDisplayEnv then swap */
	CALL_VRAM_DMA,                  /* size */
	CALL_GL_CLEAR,                  /* (a GL call that adds a request) */
	CALL_BIND_CMDLIST,              /* list */
	CALL_START_SAVE,
	CALL_STOP_SAVE,
	CALL_USE_SAVED,                 /* list (the fixture's saved region) */
	CALL_USE_SAVED_NO_FLUSH,        /* list (the fixture's saved region) */
	CALL_COPY_CMDLIST,              /* source, destination */
	CALL_ADD_CMDLIST,               /* list */
	CALL_MOVE_POINTER,              /* offset */
	CALL_VRAM_DMA_NO_FLUSH,         /* size */
	/* Request 0 of a list (list 0 holds one, over all its 32 bytes): */
	CALL_EXPORT,                    /* list, byte offset, byte size, datasize */
	/* A block of list 0's 32 bytes and one request (exported first),
	 * NULL or 64 zero bytes (block 0, 1, 2): */
	CALL_IMPORT,                    /* list, block, datasize minus the block's */
	CALL_EXPORT_INFO,               /* block */
	CALL_B2L,                       /* misalign, blocksize, aamode, shape (b2l_shapes) */
	CALL_FILTER,                    /* misalign, width, height, format */
	/* On the fixture's Raw list: */
	CALL_RAW_STORAGE,               /* bufsize, requestcount */
	CALL_RAW_SPLIT,
	CALL_RAW_ENABLE_CALLBACK,       /* id */
	CALL_RAW_MOVE_POINTER,          /* offset */
	CALL_RAW_FILL,                  /* start offset in VRAM A, size, width (channel 0) */
	CALL_RAW_DMA_NO_FLUSH,          /* size */
	/* The bound command list and display calls (sdk-surface.md section 6): */
	CALL_GEN_CMDLISTS,              /* n */
	CALL_DELETE_CMDLISTS,           /* n */
	CALL_CMDLIST_STORAGE,           /* bufsize, requestcount */
	CALL_RUN_CMDLIST,
	CALL_SPLIT,
	CALL_ENABLE_CALLBACK,           /* id */
	CALL_SET_CMDLIST_PARAM,         /* pname, param */
	CALL_GET_CMDLIST_PARAM,         /* pname */
	CALL_ADD_3D,                    /* bytes, copycmd, offset into a 16-aligned buffer */
	CALL_FILL,                      /* start offset in VRAM A, size, width (channel 0) */
	CALL_FLUSH,
	CALL_CHECK_VSYNC,               /* display */
	CALL_WAIT_VSYNC,                /* display */
	CALL_GEN_DISPLAYBUFFERS,        /* n */
	CALL_DELETE_DISPLAYBUFFERS,     /* n */
	CALL_ACTIVE_DISPLAY,            /* display */
	CALL_DISPLAY_ENV,               /* x, y */
	CALL_GET_DISPLAYBUFFER_PARAM,   /* pname */
	CALL_SET_DISPLAY_MODE,          /* mode */
	CALL_TRANSFER                   /* buffer (0: the fixture's), mode, colorx, colory */
};

struct gx_row {
	const char *id;
	const char *desc;
	const char *source;
	unsigned flags;
	enum gx_fixture fixture;
	enum gx_call call;
	long arg[4];
	GLenum want;
};

#define S_DBS "CTR-SDK reference nngxDisplaybufferStorage; SDK library checks (sdk-surface.md section 6)"
#define S_SWAP "CTR-SDK reference nngxSwapBuffers; SDK library checks (sdk-surface.md section 6)"
#define S_SWAP_OUT "CTR-SDK reference nngxSwapBuffers lists the origin outside the buffer under 8031 (the SDK library source uses 8032)"
#define S_DMA "CTR-SDK reference nngxAddVramDmaCommand; SDK library checks (sdk-surface.md section 6)"
#define S_GLREQ "SDK library: requests queued by GL calls (sdk-surface.md section 6, GL_ERROR_COMMANDREQUEST_FULL_DMP)"

#define S_BIND "SDK library checks of nngxBindCmdlist (sdk-surface.md section 6)"
#define S_START "SDK library checks of nngxStartCmdlistSave (sdk-surface.md section 6)"
#define S_STOP "CTR-SDK reference nngxStopCmdlistSave; SDK library checks (sdk-surface.md section 6)"
#define S_USE "SDK library checks of nngxUseSavedCmdlist (sdk-surface.md section 6)"
#define S_USE_NF "CTR-SDK reference nngxUseSavedCmdlistNoCacheFlush (sdk-surface.md section 6)"
#define S_COPY "CTR-SDK reference nngxCopyCmdlist (sdk-surface.md section 6)"
#define S_ADD "CTR-SDK reference nngxAddCmdlist (sdk-surface.md section 6)"
#define S_MOVE "CTR-SDK reference nngxMoveCommandbufferPointer; SDK library checks (sdk-surface.md section 6)"
#define S_DMA_NF "CTR-SDK reference nngxAddVramDmaCommandNoCacheFlush (sdk-surface.md section 6)"
#define S_EXPORT "SDK library checks of nngxExportCmdlist (sdk-surface.md section 6)"
#define S_IMPORT "CTR-SDK reference nngxImportCmdlist (sdk-surface.md section 6)"
#define S_INFO "CTR-SDK reference nngxGetExportedCmdlistInfo (sdk-surface.md section 6)"
#define S_LIB "SDK library checks of the function (sdk-surface.md section 6)"
#define S_RAW "the codes of the bound counterpart, which the SDK reference does not give for the Raw form (doc/model.md, Behaviour: model choices)"
#define S_B2L "SDK library checks of nngxAddB2LTransferCommand (sdk-surface.md section 6)"
#define S_FILTER "CTR-SDK reference nngxFilterBlockImage (sdk-surface.md section 6)"

/* A row's argument naming one of the fixture's own lists, and a name no
 * fixture generates. */
#define LIST(k) (0x7F000000L + (k))
#define UNKNOWN_LIST 0x00ABCDEFL

#define D CONF_DOCUMENTED
#define RGBA8 GL_RGBA8_OES
#define VRAMA NN_GX_MEM_VRAMA

static const struct gx_row rows[] = {
	/* ---- nngxDisplaybufferStorage: 8021-8024 in the reference's order, 8025 */
	{ "GX-DBSTOR-OK-0001", "240 x 400 RGBA8 in VRAM A is accepted", S_DBS, D, FIX_UPPER_READY, CALL_DISPLAYBUFFER_STORAGE, { RGBA8, 240, 400, VRAMA }, GL_NO_ERROR },
	{ "GX-DBSTOR-OK-0002", "320 x 240 RGB565 in FCRAM is accepted", S_DBS, D, FIX_UPPER_READY, CALL_DISPLAYBUFFER_STORAGE, { GL_RGB565, 320, 240, NN_GX_MEM_FCRAM }, GL_NO_ERROR },
	{ "GX-DBSTOR-8021-0001", "nothing bound to NN_GX_DISPLAY0", S_DBS, D, FIX_UPPER_UNBOUND, CALL_DISPLAYBUFFER_STORAGE, { RGBA8, 240, 400, VRAMA }, GL_ERROR_8021_DMP },
	{ "GX-DBSTOR-8021-0002", "nothing bound to NN_GX_DISPLAY0_EXT", S_DBS, D, FIX_RIGHT_UNBOUND, CALL_DISPLAYBUFFER_STORAGE, { RGBA8, 240, 400, VRAMA }, GL_ERROR_8021_DMP },
	{ "GX-DBSTOR-8021-0003", "nothing bound and a bad width: 8021 first", S_DBS, D, FIX_UPPER_UNBOUND, CALL_DISPLAYBUFFER_STORAGE, { RGBA8, 0, 400, VRAMA }, GL_ERROR_8021_DMP },
	{ "GX-DBSTOR-8022-0001", "width 0", S_DBS, D, FIX_UPPER_READY, CALL_DISPLAYBUFFER_STORAGE, { RGBA8, 0, 400, VRAMA }, GL_ERROR_8022_DMP },
	{ "GX-DBSTOR-8022-0002", "height 0", S_DBS, D, FIX_UPPER_READY, CALL_DISPLAYBUFFER_STORAGE, { RGBA8, 240, 0, VRAMA }, GL_ERROR_8022_DMP },
	{ "GX-DBSTOR-8022-0003", "width -8", S_DBS, D, FIX_UPPER_READY, CALL_DISPLAYBUFFER_STORAGE, { RGBA8, -8, 400, VRAMA }, GL_ERROR_8022_DMP },
	{ "GX-DBSTOR-8022-0004", "height -400", S_DBS, D, FIX_UPPER_READY, CALL_DISPLAYBUFFER_STORAGE, { RGBA8, 240, -400, VRAMA }, GL_ERROR_8022_DMP },
	{ "GX-DBSTOR-8022-0005", "width 244, not a multiple of 8", S_DBS, D, FIX_UPPER_READY, CALL_DISPLAYBUFFER_STORAGE, { RGBA8, 244, 400, VRAMA }, GL_ERROR_8022_DMP },
	{ "GX-DBSTOR-8022-0006", "height 404, not a multiple of 8", S_DBS, D, FIX_UPPER_READY, CALL_DISPLAYBUFFER_STORAGE, { RGBA8, 240, 404, VRAMA }, GL_ERROR_8022_DMP },
	{ "GX-DBSTOR-8022-0007", "a bad width and a bad format: 8022 first", S_DBS, D, FIX_UPPER_READY, CALL_DISPLAYBUFFER_STORAGE, { 0, 4, 400, VRAMA }, GL_ERROR_8022_DMP },
	{ "GX-DBSTOR-8023-0001", "format 0", S_DBS, D, FIX_UPPER_READY, CALL_DISPLAYBUFFER_STORAGE, { 0, 240, 400, VRAMA }, GL_ERROR_8023_DMP },
	{ "GX-DBSTOR-8023-0002", "format GL_DEPTH_COMPONENT16", S_DBS, D, FIX_UPPER_READY, CALL_DISPLAYBUFFER_STORAGE, { GL_DEPTH_COMPONENT16, 240, 400, VRAMA }, GL_ERROR_8023_DMP },
	{ "GX-DBSTOR-8023-0003", "format 0xFFFFFFFF", S_DBS, D, FIX_UPPER_READY, CALL_DISPLAYBUFFER_STORAGE, { (long)0xFFFFFFFFu, 240, 400, VRAMA }, GL_ERROR_8023_DMP },
	{ "GX-DBSTOR-8023-0004", "a bad format and a bad area: 8023 first", S_DBS, D, FIX_UPPER_READY, CALL_DISPLAYBUFFER_STORAGE, { 0, 240, 400, 0 }, GL_ERROR_8023_DMP },
	{ "GX-DBSTOR-8024-0001", "area 0", S_DBS, D, FIX_UPPER_READY, CALL_DISPLAYBUFFER_STORAGE, { RGBA8, 240, 400, 0 }, GL_ERROR_8024_DMP },
	{ "GX-DBSTOR-8024-0002", "area 0x00040000, past NN_GX_MEM_VRAMB", S_DBS, D, FIX_UPPER_READY, CALL_DISPLAYBUFFER_STORAGE, { RGBA8, 240, 400, 0x00040000 }, GL_ERROR_8024_DMP },
	{ "GX-DBSTOR-8024-0003", "area 0xFFFFFFFF", S_DBS, D, FIX_UPPER_READY, CALL_DISPLAYBUFFER_STORAGE, { RGBA8, 240, 400, (long)0xFFFFFFFFu }, GL_ERROR_8024_DMP },
	{ "GX-DBSTOR-8025-0001", "1024 x 1024 RGBA8 (4 MiB) does not fit the 3 MiB of VRAM A", S_DBS, D, FIX_UPPER_READY, CALL_DISPLAYBUFFER_STORAGE, { RGBA8, 1024, 1024, VRAMA }, GL_ERROR_8025_DMP },

	/* ---- nngxSwapBuffers */
	{ "GX-SWAP-OK-0001", "a ready NN_GX_DISPLAY0 swaps", S_SWAP, D, FIX_UPPER_READY, CALL_SWAP_BUFFERS, { NN_GX_DISPLAY0, 0, 0, 0 }, GL_NO_ERROR },
	{ "GX-SWAP-8030-0001", "NN_GX_DISPLAY0_EXT is not a display to swap", S_SWAP, D, FIX_UPPER_READY, CALL_SWAP_BUFFERS, { NN_GX_DISPLAY0_EXT, 0, 0, 0 }, GL_ERROR_8030_DMP },
	{ "GX-SWAP-8030-0002", "display 0x0403, just past NN_GX_DISPLAY_BOTH", S_SWAP, D, FIX_UPPER_READY, CALL_SWAP_BUFFERS, { 0x0403, 0, 0, 0 }, GL_ERROR_8030_DMP },
	{ "GX-SWAP-8030-0003", "display 0", S_SWAP, D, FIX_UPPER_READY, CALL_SWAP_BUFFERS, { 0, 0, 0, 0 }, GL_ERROR_8030_DMP },
	{ "GX-SWAP-8030-0004", "display 0x10400 (NN_GX_DISPLAY0 in its low 16 bits)", S_SWAP, D, FIX_UPPER_READY, CALL_SWAP_BUFFERS, { 0x10400, 0, 0, 0 }, GL_ERROR_8030_DMP },
	{ "GX-SWAP-8030-0005", "display 0xFFFFFFFF", S_SWAP, D, FIX_UPPER_READY, CALL_SWAP_BUFFERS, { (long)0xFFFFFFFFu, 0, 0, 0 }, GL_ERROR_8030_DMP },
	{ "GX-SWAP-8031-0001", "nothing bound to NN_GX_DISPLAY0", S_SWAP, D, FIX_UPPER_UNBOUND, CALL_SWAP_BUFFERS, { NN_GX_DISPLAY0, 0, 0, 0 }, GL_ERROR_8031_DMP },
	{ "GX-SWAP-8031-0002", "the bound display buffer has no storage", S_SWAP, D, FIX_UPPER_NO_STORAGE, CALL_SWAP_BUFFERS, { NN_GX_DISPLAY0, 0, 0, 0 }, GL_ERROR_8031_DMP },
	{ "GX-SWAP-8031-0003", "NN_GX_DISPLAY_BOTH with nothing bound to NN_GX_DISPLAY1", S_SWAP, D, FIX_UPPER_READY, CALL_SWAP_BUFFERS, { NN_GX_DISPLAY_BOTH, 0, 0, 0 }, GL_ERROR_8031_DMP },
	{ "GX-SWAP-8031-0004", "the screen from the nngxDisplayEnv origin leaves the buffer", S_SWAP_OUT, D, FIX_UPPER_READY, CALL_DISPLAY_ENV_SWAP, { 8, 0, NN_GX_DISPLAY0, 0 }, GL_ERROR_8031_DMP },
	{ "GX-SWAP-8053-0001", "the origin makes the scan-out address not 16-byte aligned", S_SWAP, D, FIX_UPPER_WIDE, CALL_DISPLAY_ENV_SWAP, { 1, 0, NN_GX_DISPLAY0, 0 }, GL_ERROR_8053_DMP },
	{ "GX-SWAP-9000-0001", "stereo: nothing bound to NN_GX_DISPLAY0_EXT", S_SWAP, D, FIX_STEREO_NO_RIGHT, CALL_SWAP_BUFFERS, { NN_GX_DISPLAY0, 0, 0, 0 }, GL_ERROR_9000_DMP },
	{ "GX-SWAP-9001-0001", "stereo: the right eye's screen leaves its buffer", S_SWAP, D, FIX_STEREO_RIGHT_SHORT, CALL_SWAP_BUFFERS, { NN_GX_DISPLAY0, 0, 0, 0 }, GL_ERROR_9001_DMP },
	{ "GX-SWAP-9002-0001", "stereo: the right eye's buffer is 248 wide, the left eye's 240", S_LIB, D, FIX_STEREO_RIGHT_WIDE, CALL_SWAP_BUFFERS, { NN_GX_DISPLAY0, 0, 0, 0 }, GL_ERROR_9002_DMP },

	/* ---- nngxAddVramDmaCommand */
	{ "GX-DMA-8062-0001", "no command list bound", S_DMA, D, FIX_NO_LIST, CALL_VRAM_DMA, { 16, 0, 0, 0 }, GL_ERROR_8062_DMP },
	{ "GX-DMA-8062-0002", "the bound command list has no storage", S_DMA, D, FIX_LIST_NO_STORAGE, CALL_VRAM_DMA, { 16, 0, 0, 0 }, GL_ERROR_8062_DMP },
	{ "GX-DMA-8062-0003", "no command list bound and a negative size: 8062 first", S_DMA, D, FIX_NO_LIST, CALL_VRAM_DMA, { -16, 0, 0, 0 }, GL_ERROR_8062_DMP },
	{ "GX-DMA-8064-0001", "size -1", S_DMA, D, FIX_LIST, CALL_VRAM_DMA, { -1, 0, 0, 0 }, GL_ERROR_8064_DMP },
	{ "GX-DMA-8064-0002", "size -16", S_DMA, D, FIX_LIST, CALL_VRAM_DMA, { -16, 0, 0, 0 }, GL_ERROR_8064_DMP },
	{ "GX-DMA-8064-0003", "size -2147483648", S_DMA, D, FIX_LIST, CALL_VRAM_DMA, { -2147483647L - 1, 0, 0, 0 }, GL_ERROR_8064_DMP },

	/* ---- requests queued by GL calls */
	{ "GX-GLREQ-9801-0001", "glClear with the command list's requests used up", S_GLREQ, D, FIX_LIST_FULL, CALL_GL_CLEAR, { 0, 0, 0, 0 }, GL_ERROR_COMMANDREQUEST_FULL_DMP },

	/* ---- nngxBindCmdlist */
	{ "GX-BIND-8005-0001", "binding another list while a save is open", S_BIND, D, FIX_LISTS_SAVING, CALL_BIND_CMDLIST, { LIST(1), 0, 0, 0 }, GL_ERROR_8005_DMP },

	/* ---- nngxStartCmdlistSave, nngxStopCmdlistSave */
	{ "GX-SAVE-8034-0001", "a save is already open", S_START, D, FIX_LISTS_SAVING, CALL_START_SAVE, { 0, 0, 0, 0 }, GL_ERROR_8034_DMP },
	{ "GX-SAVE-8035-0001", "no command list bound", S_START, D, FIX_LISTS_NONE, CALL_START_SAVE, { 0, 0, 0, 0 }, GL_ERROR_8035_DMP },
	{ "GX-SAVE-8036-0001", "stopping with no save open", S_STOP, D, FIX_LISTS, CALL_STOP_SAVE, { 0, 0, 0, 0 }, GL_ERROR_8036_DMP },

	/* ---- nngxUseSavedCmdlist */
	{ "GX-USESAVED-8037-0001", "no command list bound", S_USE, D, FIX_LISTS_NONE, CALL_USE_SAVED, { LIST(0), 0, 0, 0 }, GL_ERROR_8037_DMP },
	{ "GX-USESAVED-8038-0001", "the saved list is a name never generated", S_USE, D, FIX_LISTS, CALL_USE_SAVED, { UNKNOWN_LIST, 0, 0, 0 }, GL_ERROR_8038_DMP },
	{ "GX-USESAVED-8038-0002", "the saved list has no storage", S_USE, D, FIX_LISTS, CALL_USE_SAVED, { LIST(2), 0, 0, 0 }, GL_ERROR_8038_DMP },
	{ "GX-USESAVED-803A-0001", "the region does not fit the bound list's 8 bytes of room", S_USE, D, FIX_LISTS_3, CALL_USE_SAVED, { LIST(0), 0, 0, 0 }, GL_ERROR_803A_DMP },

	/* ---- nngxUseSavedCmdlistNoCacheFlush */
	{ "GX-USESAVEDNF-8092-0001", "no command list bound", S_USE_NF, D, FIX_LISTS_NONE, CALL_USE_SAVED_NO_FLUSH, { LIST(0), 0, 0, 0 }, GL_ERROR_8092_DMP },
	{ "GX-USESAVEDNF-8093-0001", "the saved list is 0", S_USE_NF, D, FIX_LISTS, CALL_USE_SAVED_NO_FLUSH, { 0, 0, 0, 0 }, GL_ERROR_8093_DMP },
	{ "GX-USESAVEDNF-8093-0002", "the saved list is a name never generated", S_USE_NF, D, FIX_LISTS, CALL_USE_SAVED_NO_FLUSH, { UNKNOWN_LIST, 0, 0, 0 }, GL_ERROR_8093_DMP },
	{ "GX-USESAVEDNF-8095-0001", "the region does not fit the bound list's 8 bytes of room", S_USE_NF, D, FIX_LISTS_3, CALL_USE_SAVED_NO_FLUSH, { LIST(0), 0, 0, 0 }, GL_ERROR_8095_DMP },

	/* ---- nngxCopyCmdlist */
	{ "GX-COPY-8047-0001", "the destination is the bound list", S_COPY, D, FIX_LISTS_1, CALL_COPY_CMDLIST, { LIST(0), LIST(1), 0, 0 }, GL_ERROR_8047_DMP },
	{ "GX-COPY-8048-0001", "the source is a name never generated", S_COPY, D, FIX_LISTS_NONE, CALL_COPY_CMDLIST, { UNKNOWN_LIST, LIST(1), 0, 0 }, GL_ERROR_8048_DMP },
	{ "GX-COPY-8049-0001", "the destination is a name never generated", S_COPY, D, FIX_LISTS_NONE, CALL_COPY_CMDLIST, { LIST(0), UNKNOWN_LIST, 0, 0 }, GL_ERROR_8049_DMP },
	{ "GX-COPY-8049-0002", "the destination has no storage", S_COPY, D, FIX_LISTS_NONE, CALL_COPY_CMDLIST, { LIST(0), LIST(2), 0, 0 }, GL_ERROR_8049_DMP },
	{ "GX-COPY-804A-0001", "source and destination are the same list", S_COPY, D, FIX_LISTS_NONE, CALL_COPY_CMDLIST, { LIST(0), LIST(0), 0, 0 }, GL_ERROR_804A_DMP },
	{ "GX-COPY-804C-0001", "the source's 32 bytes and more exceed the destination's 24", S_COPY, D, FIX_LISTS_NONE, CALL_COPY_CMDLIST, { LIST(0), LIST(3), 0, 0 }, GL_ERROR_804C_DMP },

	/* ---- nngxAddCmdlist */
	{ "GX-ADDLIST-8054-0001", "the list to add is a name never generated", S_ADD, D, FIX_LISTS_1, CALL_ADD_CMDLIST, { UNKNOWN_LIST, 0, 0, 0 }, GL_ERROR_8054_DMP },
	{ "GX-ADDLIST-8054-0002", "the list to add has no storage", S_ADD, D, FIX_LISTS_1, CALL_ADD_CMDLIST, { LIST(2), 0, 0, 0 }, GL_ERROR_8054_DMP },
	{ "GX-ADDLIST-8055-0001", "no command list bound", S_ADD, D, FIX_LISTS_NONE, CALL_ADD_CMDLIST, { LIST(0), 0, 0, 0 }, GL_ERROR_8055_DMP },
	{ "GX-ADDLIST-8056-0001", "the list to add is the bound list", S_ADD, D, FIX_LISTS, CALL_ADD_CMDLIST, { LIST(0), 0, 0, 0 }, GL_ERROR_8056_DMP },
	{ "GX-ADDLIST-8058-0001", "the list does not fit the bound list's 8 bytes of room", S_ADD, D, FIX_LISTS_3, CALL_ADD_CMDLIST, { LIST(0), 0, 0, 0 }, GL_ERROR_8058_DMP },

	/* ---- nngxMoveCommandbufferPointer */
	{ "GX-MOVEPTR-8061-0001", "no command list bound", S_MOVE, D, FIX_NO_LIST, CALL_MOVE_POINTER, { 8, 0, 0, 0 }, GL_ERROR_8061_DMP },
	{ "GX-MOVEPTR-8061-0002", "back over flushed commands", S_MOVE, D, FIX_LISTS, CALL_MOVE_POINTER, { -4, 0, 0, 0 }, GL_ERROR_8061_DMP },
	{ "GX-MOVEPTR-8061-0003", "past the end of the 4096-byte buffer", S_MOVE, D, FIX_LISTS, CALL_MOVE_POINTER, { 4096, 0, 0, 0 }, GL_ERROR_8061_DMP },

	/* ---- nngxExportCmdlist, nngxImportCmdlist, nngxGetExportedCmdlistInfo */
	{ "GX-EXPORT-803B-0001", "command list 0", S_EXPORT, D, FIX_LISTS, CALL_EXPORT, { 0, 0, 32, 4096 }, GL_ERROR_803B_DMP },
	{ "GX-EXPORT-803C-0001", "a 16-byte buffer for the export", S_EXPORT, D, FIX_LISTS, CALL_EXPORT, { LIST(0), 0, 32, 16 }, GL_ERROR_803C_DMP },
	{ "GX-EXPORT-803D-0001", "40 bytes of a list holding 32", S_EXPORT, D, FIX_LISTS, CALL_EXPORT, { LIST(0), 0, 40, 4096 }, GL_ERROR_803D_DMP },
	{ "GX-EXPORT-803E-0001", "an offset of 4 bytes", S_EXPORT, D, FIX_LISTS, CALL_EXPORT, { LIST(0), 4, 24, 4096 }, GL_ERROR_803E_DMP },
	{ "GX-EXPORT-8040-0001", "bytes from the middle of the render request", S_EXPORT, D, FIX_LISTS, CALL_EXPORT, { LIST(0), 16, 16, 4096 }, GL_ERROR_8040_DMP },
	{ "GX-IMPORT-8041-0001", "command list 0", S_IMPORT, D, FIX_LISTS, CALL_IMPORT, { 0, 0, 0, 0 }, GL_ERROR_8041_DMP },
	{ "GX-IMPORT-8041-0002", "a name never generated", S_IMPORT, D, FIX_LISTS, CALL_IMPORT, { UNKNOWN_LIST, 0, 0, 0 }, GL_ERROR_8041_DMP },
	{ "GX-IMPORT-8041-0003", "a list without storage", S_IMPORT, D, FIX_LISTS, CALL_IMPORT, { LIST(2), 0, 0, 0 }, GL_ERROR_8041_DMP },
	{ "GX-IMPORT-8042-0001", "data NULL", S_IMPORT, D, FIX_LISTS, CALL_IMPORT, { LIST(1), 1, 0, 0 }, GL_ERROR_8042_DMP },
	{ "GX-IMPORT-8042-0002", "64 zero bytes", S_IMPORT, D, FIX_LISTS, CALL_IMPORT, { LIST(1), 2, 0, 0 }, GL_ERROR_8042_DMP },
	{ "GX-IMPORT-8043-0001", "datasize 8 bytes short of the export's", S_IMPORT, D, FIX_LISTS, CALL_IMPORT, { LIST(1), 0, -8, 0 }, GL_ERROR_8043_DMP },
	{ "GX-IMPORT-8044-0001", "into a list with 8 bytes of room", S_IMPORT, D, FIX_LISTS, CALL_IMPORT, { LIST(3), 0, 0, 0 }, GL_ERROR_8044_DMP },
	{ "GX-EXPINFO-8046-0001", "data NULL", S_INFO, D, FIX_LISTS, CALL_EXPORT_INFO, { 1, 0, 0, 0 }, GL_ERROR_8046_DMP },
	{ "GX-EXPINFO-8046-0002", "64 zero bytes", S_INFO, D, FIX_LISTS, CALL_EXPORT_INFO, { 2, 0, 0, 0 }, GL_ERROR_8046_DMP },

	/* ---- nngxAddB2LTransferCommand: 807C-8083 in the library's order.
	 * Shapes (b2l_shapes): 0 16x16 RGBA8 -> 8x8 RGBA8; 1 RGB565 -> RGB8;
	 * 2 source height -8; 3 source height 12; 4 RGB8 destination 8 wide;
	 * 5 source format GL_RGBA; 6 destination format 0; 7 zero sizes;
	 * 8 16x8 -> 8x8 (too short for 2x2). */
	{ "GX-B2L-807C-0001", "no command list bound", S_B2L, D, FIX_NO_LIST, CALL_B2L, { 0, 8, NN_GX_ANTIALIASE_NOT_USED, 0 }, GL_ERROR_807C_DMP },
	{ "GX-B2L-807C-0002", "the bound command list has no storage", S_B2L, D, FIX_LIST_NO_STORAGE, CALL_B2L, { 0, 8, NN_GX_ANTIALIASE_NOT_USED, 0 }, GL_ERROR_807C_DMP },
	{ "GX-B2L-807C-0003", "the request queue is full", S_B2L, D, FIX_LIST_FULL, CALL_B2L, { 0, 8, NN_GX_ANTIALIASE_NOT_USED, 0 }, GL_ERROR_807C_DMP },
	{ "GX-B2L-807C-0004", "no list and a misaligned address: 807C first", S_B2L, D, FIX_NO_LIST, CALL_B2L, { 8, 8, NN_GX_ANTIALIASE_NOT_USED, 0 }, GL_ERROR_807C_DMP },
	{ "GX-B2L-807D-0001", "source address 8 bytes past 16-byte alignment", S_B2L, D, FIX_LIST, CALL_B2L, { 8, 8, NN_GX_ANTIALIASE_NOT_USED, 0 }, GL_ERROR_807D_DMP },
	{ "GX-B2L-807D-0002", "misaligned and blocksize 4: 807D first", S_B2L, D, FIX_LIST, CALL_B2L, { 4, 4, NN_GX_ANTIALIASE_NOT_USED, 0 }, GL_ERROR_807D_DMP },
	{ "GX-B2L-807E-0001", "blocksize 16", S_B2L, D, FIX_LIST, CALL_B2L, { 0, 16, NN_GX_ANTIALIASE_NOT_USED, 0 }, GL_ERROR_807E_DMP },
	{ "GX-B2L-807E-0002", "blocksize 0 and a bad aamode: 807E first", S_B2L, D, FIX_LIST, CALL_B2L, { 0, 0, 0, 0 }, GL_ERROR_807E_DMP },
	{ "GX-B2L-807F-0001", "aamode 0x0503, past NN_GX_ANTIALIASE_2x2", S_B2L, D, FIX_LIST, CALL_B2L, { 0, 8, 0x0503, 0 }, GL_ERROR_807F_DMP },
	{ "GX-B2L-807F-0002", "aamode 0 and a bad format: 807F first", S_B2L, D, FIX_LIST, CALL_B2L, { 0, 8, 0, 5 }, GL_ERROR_807F_DMP },
	{ "GX-B2L-8080-0001", "source format GL_RGBA", S_B2L, D, FIX_LIST, CALL_B2L, { 0, 8, NN_GX_ANTIALIASE_NOT_USED, 5 }, GL_ERROR_8080_DMP },
	{ "GX-B2L-8080-0002", "destination format 0", S_B2L, D, FIX_LIST, CALL_B2L, { 0, 8, NN_GX_ANTIALIASE_NOT_USED, 6 }, GL_ERROR_8080_DMP },
	{ "GX-B2L-8081-0001", "RGB565 into RGB8: a wider destination pixel", S_B2L, D, FIX_LIST, CALL_B2L, { 0, 8, NN_GX_ANTIALIASE_NOT_USED, 1 }, GL_ERROR_8081_DMP },
	{ "GX-B2L-8082-0001", "source height -8", S_B2L, D, FIX_LIST, CALL_B2L, { 0, 8, NN_GX_ANTIALIASE_NOT_USED, 2 }, GL_ERROR_8082_DMP },
	{ "GX-B2L-8082-0002", "source height 12, not a block multiple", S_B2L, D, FIX_LIST, CALL_B2L, { 0, 8, NN_GX_ANTIALIASE_NOT_USED, 3 }, GL_ERROR_8082_DMP },
	{ "GX-B2L-8082-0003", "RGB8 destination width 8, not a multiple of 16", S_B2L, D, FIX_LIST, CALL_B2L, { 0, 8, NN_GX_ANTIALIASE_NOT_USED, 4 }, GL_ERROR_8082_DMP },
	{ "GX-B2L-8082-0004", "16x16 with blocksize 32", S_B2L, D, FIX_LIST, CALL_B2L, { 0, 32, NN_GX_ANTIALIASE_NOT_USED, 0 }, GL_ERROR_8082_DMP },
	{ "GX-B2L-8083-0001", "8x8 from 16x8 with 2x2", S_B2L, D, FIX_LIST, CALL_B2L, { 0, 8, NN_GX_ANTIALIASE_2x2, 8 }, GL_ERROR_8083_DMP },
	{ "GX-B2L-OK-0001", "zero sizes add nothing and record nothing", S_B2L, D, FIX_LIST, CALL_B2L, { 0, 8, NN_GX_ANTIALIASE_NOT_USED, 7 }, GL_NO_ERROR },

	/* ---- nngxFilterBlockImage: 8068-806A */
	{ "GX-FILTER-8068-0001", "no command list bound", S_FILTER, D, FIX_NO_LIST, CALL_FILTER, { 0, 64, 64, RGBA8 }, GL_ERROR_8068_DMP },
	{ "GX-FILTER-8068-0002", "the bound command list has no storage", S_FILTER, D, FIX_LIST_NO_STORAGE, CALL_FILTER, { 0, 64, 64, RGBA8 }, GL_ERROR_8068_DMP },
	{ "GX-FILTER-8068-0003", "the request queue is full", S_FILTER, D, FIX_LIST_FULL, CALL_FILTER, { 0, 64, 64, RGBA8 }, GL_ERROR_8068_DMP },
	{ "GX-FILTER-OK-0001", "8-byte aligned, not 16-byte aligned, is accepted", S_FILTER, D, FIX_LIST, CALL_FILTER, { 8, 64, 64, RGBA8 }, GL_NO_ERROR },
	{ "GX-FILTER-8069-0001", "source address 4 bytes past 8-byte alignment", S_FILTER, D, FIX_LIST, CALL_FILTER, { 4, 64, 64, RGBA8 }, GL_ERROR_8069_DMP },
	{ "GX-FILTER-8069-0002", "misaligned and a bad width: 8069 first", S_FILTER, D, FIX_LIST, CALL_FILTER, { 4, 8, 64, RGBA8 }, GL_ERROR_8069_DMP },
	{ "GX-FILTER-806A-0001", "RGBA8 width 96, not a multiple of 64", S_FILTER, D, FIX_LIST, CALL_FILTER, { 0, 96, 64, RGBA8 }, GL_ERROR_806A_DMP },
	{ "GX-FILTER-806A-0002", "RGBA8 height 56, under 64", S_FILTER, D, FIX_LIST, CALL_FILTER, { 0, 64, 56, RGBA8 }, GL_ERROR_806A_DMP },
	{ "GX-FILTER-806A-0003", "RGBA8 height 68, not a multiple of 8", S_FILTER, D, FIX_LIST, CALL_FILTER, { 0, 64, 68, RGBA8 }, GL_ERROR_806A_DMP },
	{ "GX-FILTER-806A-0004", "RGB565 width 64, under 128", S_FILTER, D, FIX_LIST, CALL_FILTER, { 0, 64, 128, GL_RGB565 }, GL_ERROR_806A_DMP },
	{ "GX-FILTER-806A-0005", "RGB8 width 0", S_FILTER, D, FIX_LIST, CALL_FILTER, { 0, 0, 64, GL_RGB8_OES }, GL_ERROR_806A_DMP },

	/* ---- nngxAddVramDmaCommandNoCacheFlush */
	{ "GX-DMANF-8090-0001", "no command list bound", S_DMA_NF, D, FIX_NO_LIST, CALL_VRAM_DMA_NO_FLUSH, { 16, 0, 0, 0 }, GL_ERROR_8090_DMP },
	{ "GX-DMANF-8091-0001", "size -1", S_DMA_NF, D, FIX_LIST, CALL_VRAM_DMA_NO_FLUSH, { -1, 0, 0, 0 }, GL_ERROR_8091_DMP },
	{ "GX-DMANF-8091-0002", "size -2147483648", S_DMA_NF, D, FIX_LIST, CALL_VRAM_DMA_NO_FLUSH, { -2147483647L - 1, 0, 0, 0 }, GL_ERROR_8091_DMP },

	/* The Raw API: the codes of the bound counterparts. */
	{ "GX-RAWSTOR-8008-0001", "nngxCmdlistStorageRaw: bufsize -16", S_RAW, CONF_INFERRED, FIX_RAW, CALL_RAW_STORAGE, { -16, 2, 0, 0 }, GL_ERROR_8008_DMP },
	{ "GX-RAWSTOR-8008-0002", "nngxCmdlistStorageRaw: requestcount -1", S_RAW, CONF_INFERRED, FIX_RAW, CALL_RAW_STORAGE, { 4096, -1, 0, 0 }, GL_ERROR_8008_DMP },
	{ "GX-RAWSPLIT-800D-0001", "nngxSplitDrawCmdlistRaw: commands to close, no request left", S_RAW, CONF_INFERRED, FIX_RAW_FULL, CALL_RAW_SPLIT, { 0, 0, 0, 0 }, GL_ERROR_800D_DMP },
	{ "GX-RAWCB-8012-0001", "nngxEnableCmdlistCallbackRaw: id 0", S_RAW, CONF_INFERRED, FIX_RAW, CALL_RAW_ENABLE_CALLBACK, { 0, 0, 0, 0 }, GL_ERROR_8012_DMP },
	{ "GX-RAWCB-8012-0002", "nngxEnableCmdlistCallbackRaw: id 3, past the 2 requests", S_RAW, CONF_INFERRED, FIX_RAW, CALL_RAW_ENABLE_CALLBACK, { 3, 0, 0, 0 }, GL_ERROR_8012_DMP },
	{ "GX-RAWCB-8012-0003", "nngxEnableCmdlistCallbackRaw: id -2", S_RAW, CONF_INFERRED, FIX_RAW, CALL_RAW_ENABLE_CALLBACK, { -2, 0, 0, 0 }, GL_ERROR_8012_DMP },
	{ "GX-RAWCB-OK-0001", "nngxEnableCmdlistCallbackRaw: id -1", S_RAW, CONF_INFERRED, FIX_RAW, CALL_RAW_ENABLE_CALLBACK, { -1, 0, 0, 0 }, GL_NO_ERROR },
	{ "GX-RAWMOVE-8061-0001", "nngxMoveCommandbufferPointerRaw: back over flushed commands", S_RAW, CONF_INFERRED, FIX_RAW, CALL_RAW_MOVE_POINTER, { -4, 0, 0, 0 }, GL_ERROR_8061_DMP },
	{ "GX-RAWMOVE-8061-0002", "nngxMoveCommandbufferPointerRaw: past the end of the 4096-byte buffer", S_RAW, CONF_INFERRED, FIX_RAW, CALL_RAW_MOVE_POINTER, { 4096, 0, 0, 0 }, GL_ERROR_8061_DMP },
	{ "GX-RAWFILL-8078-0001", "nngxAddMemoryFillCommandRaw: no request left", S_RAW, CONF_INFERRED, FIX_RAW_FULL, CALL_RAW_FILL, { 0, 64, 32, 0 }, GL_ERROR_8078_DMP },
	{ "GX-RAWFILL-8079-0001", "nngxAddMemoryFillCommandRaw: start 8 bytes into VRAM A", S_RAW, CONF_INFERRED, FIX_RAW, CALL_RAW_FILL, { 8, 64, 32, 0 }, GL_ERROR_8079_DMP },
	{ "GX-RAWFILL-807A-0001", "nngxAddMemoryFillCommandRaw: size 40", S_RAW, CONF_INFERRED, FIX_RAW, CALL_RAW_FILL, { 0, 40, 32, 0 }, GL_ERROR_807A_DMP },
	{ "GX-RAWFILL-807A-0002", "nngxAddMemoryFillCommandRaw: size -16", S_RAW, CONF_INFERRED, FIX_RAW, CALL_RAW_FILL, { 0, -16, 32, 0 }, GL_ERROR_807A_DMP },
	{ "GX-RAWFILL-807B-0001", "nngxAddMemoryFillCommandRaw: width 8", S_RAW, CONF_INFERRED, FIX_RAW, CALL_RAW_FILL, { 0, 64, 8, 0 }, GL_ERROR_807B_DMP },
	{ "GX-RAWDMANF-8091-0001", "nngxAddVramDmaCommandNoCacheFlushRaw: size -1", S_RAW, CONF_INFERRED, FIX_RAW, CALL_RAW_DMA_NO_FLUSH, { -1, 0, 0, 0 }, GL_ERROR_8091_DMP },

	/* ---- the bound command-list calls */
	{ "GX-GENLIST-8000-0001", "nngxGenCmdlists: n -1", S_LIB, D, FIX_LIST, CALL_GEN_CMDLISTS, { -1, 0, 0, 0 }, GL_ERROR_8000_DMP },
	{ "GX-DELLIST-8002-0001", "nngxDeleteCmdlists: n -1", S_LIB, D, FIX_LIST, CALL_DELETE_CMDLISTS, { -1, 0, 0, 0 }, GL_ERROR_8002_DMP },
	{ "GX-STORAGE-8008-0001", "nngxCmdlistStorage: bufsize -16", S_LIB, D, FIX_LIST_NO_STORAGE, CALL_CMDLIST_STORAGE, { -16, 2, 0, 0 }, GL_ERROR_8008_DMP },
	{ "GX-STORAGE-8008-0002", "nngxCmdlistStorage: requestcount -1", S_LIB, D, FIX_LIST_NO_STORAGE, CALL_CMDLIST_STORAGE, { 4096, -1, 0, 0 }, GL_ERROR_8008_DMP },
	{ "GX-RUN-8009-0001", "nngxRunCmdlist: the bound list has no storage", S_LIB, D, FIX_LIST_NO_STORAGE, CALL_RUN_CMDLIST, { 0, 0, 0, 0 }, GL_ERROR_8009_DMP },
	{ "GX-SPLIT-800C-0001", "nngxSplitDrawCmdlist: no command list bound", S_LIB, D, FIX_NO_LIST, CALL_SPLIT, { 0, 0, 0, 0 }, GL_ERROR_800C_DMP },
	{ "GX-CB-8012-0001", "nngxEnableCmdlistCallback: id 0", S_LIB, D, FIX_LIST, CALL_ENABLE_CALLBACK, { 0, 0, 0, 0 }, GL_ERROR_8012_DMP },
	{ "GX-CB-8012-0002", "nngxEnableCmdlistCallback: id -2", S_LIB, D, FIX_LIST, CALL_ENABLE_CALLBACK, { -2, 0, 0, 0 }, GL_ERROR_8012_DMP },
	{ "GX-SETPARAM-8016-0001", "nngxSetCmdlistParameteri: RUN_MODE = SYNC_RUN", S_LIB, D, FIX_LIST, CALL_SET_CMDLIST_PARAM, { NN_GX_CMDLIST_RUN_MODE, NN_GX_CMDLIST_SYNC_RUN, 0, 0 }, GL_ERROR_8016_DMP },
	{ "GX-SETPARAM-8016-0002", "nngxSetCmdlistParameteri: pname USED_BUFSIZE", S_LIB, D, FIX_LIST, CALL_SET_CMDLIST_PARAM, { NN_GX_CMDLIST_USED_BUFSIZE, 0, 0, 0 }, GL_ERROR_8016_DMP },
	{ "GX-GETPARAM-8017-0001", "nngxGetCmdlistParameteri: pname 0x1234", S_LIB, D, FIX_LIST, CALL_GET_CMDLIST_PARAM, { 0x1234, 0, 0, 0 }, GL_ERROR_8017_DMP },
	{ "GX-GETPARAM-8018-0001", "nngxGetCmdlistParameteri: USED_BUFSIZE with no list bound", S_LIB, D, FIX_NO_LIST, CALL_GET_CMDLIST_PARAM, { NN_GX_CMDLIST_USED_BUFSIZE, 0, 0, 0 }, GL_ERROR_8018_DMP },
	{ "GX-GETPARAM-OK-0001", "nngxGetCmdlistParameteri: BINDING with no list bound", S_LIB, D, FIX_NO_LIST, CALL_GET_CMDLIST_PARAM, { NN_GX_CMDLIST_BINDING, 0, 0, 0 }, GL_NO_ERROR },
	{ "GX-ADD3D-804E-0001", "nngxAdd3DCommand: no command list bound", S_LIB, D, FIX_NO_LIST, CALL_ADD_3D, { 16, GL_TRUE, 0, 0 }, GL_ERROR_804E_DMP },
	{ "GX-ADD3D-804F-0001", "nngxAdd3DCommand: copy of 6 bytes", S_LIB, D, FIX_LIST, CALL_ADD_3D, { 6, GL_TRUE, 0, 0 }, GL_ERROR_804F_DMP },
	{ "GX-ADD3D-804F-0002", "nngxAdd3DCommand: copy of 0 bytes", S_LIB, D, FIX_LIST, CALL_ADD_3D, { 0, GL_TRUE, 0, 0 }, GL_ERROR_804F_DMP },
	{ "GX-ADD3D-804F-0003", "nngxAdd3DCommand: reference of 8 bytes", S_LIB, D, FIX_LIST, CALL_ADD_3D, { 8, GL_FALSE, 0, 0 }, GL_ERROR_804F_DMP },
	{ "GX-ADD3D-8052-0001", "nngxAdd3DCommand: reference 8 bytes off a 16-byte boundary", S_LIB, D, FIX_LIST, CALL_ADD_3D, { 16, GL_FALSE, 8, 0 }, GL_ERROR_8052_DMP },
	{ "GX-FILL-8078-0001", "nngxAddMemoryFillCommand: no command list bound", S_LIB, D, FIX_NO_LIST, CALL_FILL, { 0, 64, 32, 0 }, GL_ERROR_8078_DMP },
	{ "GX-FILL-8079-0001", "nngxAddMemoryFillCommand: start 8 bytes into VRAM A", S_LIB, D, FIX_LIST, CALL_FILL, { 8, 64, 32, 0 }, GL_ERROR_8079_DMP },
	{ "GX-FILL-807A-0001", "nngxAddMemoryFillCommand: size 40", S_LIB, D, FIX_LIST, CALL_FILL, { 0, 40, 32, 0 }, GL_ERROR_807A_DMP },
	{ "GX-FILL-807B-0001", "nngxAddMemoryFillCommand: width 8", S_LIB, D, FIX_LIST, CALL_FILL, { 0, 64, 8, 0 }, GL_ERROR_807B_DMP },
	{ "GX-FLUSH-8084-0001", "nngxFlush3DCommand: no command list bound", S_LIB, D, FIX_NO_LIST, CALL_FLUSH, { 0, 0, 0, 0 }, GL_ERROR_8084_DMP },

	/* ---- the bound display calls */
	{ "GX-VSYNC-8019-0001", "nngxCheckVSync: display 0x1234", S_LIB, D, FIX_UPPER_READY, CALL_CHECK_VSYNC, { 0x1234, 0, 0, 0 }, GL_ERROR_8019_DMP },
	{ "GX-VSYNC-8019-0002", "nngxCheckVSync: NN_GX_DISPLAY0_EXT", S_LIB, D, FIX_UPPER_READY, CALL_CHECK_VSYNC, { NN_GX_DISPLAY0_EXT, 0, 0, 0 }, GL_ERROR_8019_DMP },
	{ "GX-VSYNC-801A-0001", "nngxWaitVSync: display 0", S_LIB, D, FIX_UPPER_READY, CALL_WAIT_VSYNC, { 0, 0, 0, 0 }, GL_ERROR_801A_DMP },
	{ "GX-GENDB-801C-0001", "nngxGenDisplaybuffers: n -1", S_LIB, D, FIX_UPPER_READY, CALL_GEN_DISPLAYBUFFERS, { -1, 0, 0, 0 }, GL_ERROR_801C_DMP },
	{ "GX-DELDB-801E-0001", "nngxDeleteDisplaybuffers: n -1", S_LIB, D, FIX_UPPER_READY, CALL_DELETE_DISPLAYBUFFERS, { -1, 0, 0, 0 }, GL_ERROR_801E_DMP },
	{ "GX-ACTIVE-801F-0001", "nngxActiveDisplay: display 0x1234", S_LIB, D, FIX_UPPER_READY, CALL_ACTIVE_DISPLAY, { 0x1234, 0, 0, 0 }, GL_ERROR_801F_DMP },
	{ "GX-ENV-8026-0001", "nngxDisplayEnv: x -1", S_LIB, D, FIX_UPPER_READY, CALL_DISPLAY_ENV, { -1, 0, 0, 0 }, GL_ERROR_8026_DMP },
	{ "GX-ENV-8026-0002", "nngxDisplayEnv: y -8", S_LIB, D, FIX_UPPER_READY, CALL_DISPLAY_ENV, { 0, -8, 0, 0 }, GL_ERROR_8026_DMP },
	{ "GX-DBPARAM-8033-0001", "nngxGetDisplaybufferParameteri: pname 0x1234", S_LIB, D, FIX_UPPER_READY, CALL_GET_DISPLAYBUFFER_PARAM, { 0x1234, 0, 0, 0 }, GL_ERROR_8033_DMP },
	{ "GX-MODE-9003-0001", "nngxSetDisplayMode: mode 0x1234", S_LIB, D, FIX_UPPER_READY, CALL_SET_DISPLAY_MODE, { 0x1234, 0, 0, 0 }, GL_ERROR_9003_DMP },
	{ "GX-XFER-8027-0001", "nngxTransferRenderImage: no command list bound", S_LIB, D, FIX_NO_LIST, CALL_TRANSFER, { UNKNOWN_LIST, NN_GX_ANTIALIASE_NOT_USED, 0, 0 }, GL_ERROR_8027_DMP },
	{ "GX-XFER-8029-0001", "nngxTransferRenderImage: a name never generated", S_LIB, D, FIX_UPPER_READY, CALL_TRANSFER, { UNKNOWN_LIST, NN_GX_ANTIALIASE_NOT_USED, 0, 0 }, GL_ERROR_8029_DMP },
	{ "GX-XFER-8029-0002", "nngxTransferRenderImage: a display buffer without storage", S_LIB, D, FIX_UPPER_NO_STORAGE, CALL_TRANSFER, { 0, NN_GX_ANTIALIASE_NOT_USED, 0, 0 }, GL_ERROR_8029_DMP },
	{ "GX-XFER-802B-0001", "nngxTransferRenderImage: mode 0x1234", S_LIB, D, FIX_UPPER_READY, CALL_TRANSFER, { 0, 0x1234, 0, 0 }, GL_ERROR_802B_DMP },
	{ "GX-XFER-802D-0001", "nngxTransferRenderImage: colory 4", S_LIB, D, FIX_UPPER_READY, CALL_TRANSFER, { 0, NN_GX_ANTIALIASE_NOT_USED, 0, 4 }, GL_ERROR_802D_DMP },
	{ "GX-XFER-802D-0002", "nngxTransferRenderImage: colorx -8", S_LIB, D, FIX_UPPER_READY, CALL_TRANSFER, { 0, NN_GX_ANTIALIASE_NOT_USED, -8, 0 }, GL_ERROR_802D_DMP },
	{ "GX-XFER-802E-0001", "nngxTransferRenderImage: an RGB565 colour buffer into an RGBA8 display buffer", S_LIB, D, FIX_UPPER_READY_FB16, CALL_TRANSFER, { 0, NN_GX_ANTIALIASE_NOT_USED, 0, 0 }, GL_ERROR_802E_DMP },
};
#define ROW_COUNT (sizeof rows / sizeof rows[0])

/* ---- fixtures ---------------------------------------------------------------- */

struct gx_env {
	GLint saved_list;
	GLuint list;            /* a command list of the fixture's own, or 0 */
	GLuint buffer[2];       /* display buffers of the fixture */
	GLuint lists[4];        /* FIX_LISTS*: the fixture's own lists, or 0 */
	int saving;             /* a save left open */
	GLuint saved_offset, saved_request;     /* list 0's saved region */
	GLsizei saved_size, saved_requests;
	nngxCommandList raw;    /* FIX_RAW*: the fixture's Raw list */
	GLint saved_fb;         /* the framebuffer bound before */
	GLuint fb, rb;          /* FIX_UPPER_READY_FB16: its framebuffer */
	GLvoid *raw_buffer;
	void *raw_requests;
};

static const GLuint cmd_words[4] = { 0, 0x000F0080u, 0, 0x000F0080u };

/* The four lists of the FIX_LISTS* fixtures; list `bind` (or none, -1)
 * left bound. */
static void fixture_lists(struct gx_env *e, int bind)
{
	nngxGenCmdlists(4, e->lists);
	nngxBindCmdlist(e->lists[1]);
	nngxCmdlistStorage(4096, 8);
	nngxBindCmdlist(e->lists[3]);
	nngxCmdlistStorage(24, 2);
	nngxAdd3DCommand(cmd_words, 16, GL_TRUE);
	nngxBindCmdlist(e->lists[0]);
	nngxCmdlistStorage(4096, 8);
	nngxAdd3DCommand(cmd_words, 16, GL_TRUE);
	nngxStartCmdlistSave();
	nngxAdd3DCommand(cmd_words, 16, GL_TRUE);
	nngxFlush3DCommand();
	nngxStopCmdlistSave(&e->saved_offset, &e->saved_size, &e->saved_request,
			    &e->saved_requests);
	nngxBindCmdlist(bind < 0 ? 0 : e->lists[bind]);
}

/* The FIX_RAW* list; false when the platform has no memory for it. */
static int fixture_raw(struct gx_env *e, int full)
{
	e->raw_buffer = conf_platform_command_buffer(4096);
	e->raw_requests = calloc(1, (size_t)nngxGetCommandRequestSizeRaw(2));
	if (!e->raw_buffer || !e->raw_requests)
		return 0;
	nngxCmdlistStorageRaw(&e->raw, 4096, e->raw_buffer, 2, e->raw_requests);
	nngxAdd3DCommandNoCacheFlushRaw(&e->raw, cmd_words, 16);
	nngxFlush3DCommandNoCacheFlushRaw(&e->raw);
	if (full) {
		nngxAdd3DCommandNoCacheFlushRaw(&e->raw, cmd_words, 8);
		nngxFlush3DCommandNoCacheFlushRaw(&e->raw);
		nngxAdd3DCommandNoCacheFlushRaw(&e->raw, cmd_words, 8);
	}
	return 1;
}

/* A row's argument, with LIST(k) replaced by the fixture's list k. */
static GLuint list_arg(const struct gx_env *e, long a)
{
	if (a >= LIST(0) && a <= LIST(3))
		return e->lists[a - LIST(0)];
	return (GLuint)a;
}

static const GLenum displays[] = { NN_GX_DISPLAY0, NN_GX_DISPLAY1, NN_GX_DISPLAY0_EXT };

/* A display buffer of `width` x `height` RGBA8 bound to `display`. */
static GLuint display_buffer(GLenum display, GLsizei width, GLsizei height, int storage)
{
	GLuint b = 0;

	nngxGenDisplaybuffers(1, &b);
	nngxActiveDisplay(display);
	nngxBindDisplaybuffer(b);
	if (storage)
		nngxDisplaybufferStorage(GL_RGBA8_OES, width, height, NN_GX_MEM_VRAMA);
	return b;
}

/* Returns 0 when the fixture recorded a GL error. */
static int fixture_set_up(enum gx_fixture f, struct gx_env *e)
{
	memset(e, 0, sizeof *e);
	nngxGetCmdlistParameteri(NN_GX_CMDLIST_BINDING, &e->saved_list);
	switch (f) {
	case FIX_LIST:
		break;
	case FIX_NO_LIST:
		nngxBindCmdlist(0);
		break;
	case FIX_LIST_NO_STORAGE:
		nngxGenCmdlists(1, &e->list);
		nngxBindCmdlist(e->list);
		break;
	case FIX_LIST_FULL:
		nngxGenCmdlists(1, &e->list);
		nngxBindCmdlist(e->list);
		nngxCmdlistStorage(4096, 1);
		glClear(GL_COLOR_BUFFER_BIT);
		break;
	case FIX_UPPER_UNBOUND:
		nngxActiveDisplay(NN_GX_DISPLAY0);
		nngxBindDisplaybuffer(0);
		break;
	case FIX_RIGHT_UNBOUND:
		nngxActiveDisplay(NN_GX_DISPLAY0_EXT);
		nngxBindDisplaybuffer(0);
		break;
	case FIX_UPPER_NO_STORAGE:
		e->buffer[0] = display_buffer(NN_GX_DISPLAY0, 0, 0, 0);
		break;
	case FIX_UPPER_READY:
		e->buffer[0] = display_buffer(NN_GX_DISPLAY0, 240, 400, 1);
		break;
	case FIX_UPPER_WIDE:
		e->buffer[0] = display_buffer(NN_GX_DISPLAY0, 248, 400, 1);
		break;
	case FIX_UPPER_READY_FB16:
		e->buffer[0] = display_buffer(NN_GX_DISPLAY0, 240, 400, 1);
		glGetIntegerv(GL_FRAMEBUFFER_BINDING, &e->saved_fb);
		glGenFramebuffers(1, &e->fb);
		glGenRenderbuffers(1, &e->rb);
		glBindFramebuffer(GL_FRAMEBUFFER, e->fb);
		glBindRenderbuffer(GL_RENDERBUFFER, e->rb);
		glRenderbufferStorage(GL_RENDERBUFFER, GL_RGB565, 240, 400);
		glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER,
					  e->rb);
		break;
	case FIX_STEREO_NO_RIGHT:
		e->buffer[0] = display_buffer(NN_GX_DISPLAY0, 240, 400, 1);
		nngxSetDisplayMode(NN_GX_DISPLAYMODE_STEREO);
		break;
	case FIX_STEREO_RIGHT_SHORT:
	case FIX_STEREO_RIGHT_WIDE:
		e->buffer[1] = display_buffer(NN_GX_DISPLAY0_EXT, f == FIX_STEREO_RIGHT_WIDE ? 248 : 240,
					      f == FIX_STEREO_RIGHT_WIDE ? 400 : 392, 1);
		e->buffer[0] = display_buffer(NN_GX_DISPLAY0, 240, 400, 1);
		nngxSetDisplayMode(NN_GX_DISPLAYMODE_STEREO);
		break;
	case FIX_LISTS:
		fixture_lists(e, 0);
		break;
	case FIX_LISTS_NONE:
		fixture_lists(e, -1);
		break;
	case FIX_LISTS_1:
		fixture_lists(e, 1);
		break;
	case FIX_LISTS_3:
		fixture_lists(e, 3);
		break;
	case FIX_LISTS_SAVING:
		fixture_lists(e, 0);
		nngxStartCmdlistSave();
		e->saving = 1;
		break;
	case FIX_RAW:
	case FIX_RAW_FULL:
		if (!fixture_raw(e, f == FIX_RAW_FULL))
			return 0;
		break;
	}
	return glGetError() == GL_NO_ERROR;
}

static void fixture_tear_down(struct gx_env *e)
{
	size_t d;

	for (d = 0; d < sizeof displays / sizeof displays[0]; d++) {
		nngxActiveDisplay(displays[d]);
		nngxBindDisplaybuffer(0);
		nngxDisplayEnv(0, 0);
	}
	nngxActiveDisplay(NN_GX_DISPLAY0);
	nngxSetDisplayMode(NN_GX_DISPLAYMODE_NORMAL);
	if (e->fb) {
		glBindFramebuffer(GL_FRAMEBUFFER, (GLuint)e->saved_fb);
		glDeleteFramebuffers(1, &e->fb);
		glDeleteRenderbuffers(1, &e->rb);
	}
	if (e->buffer[0])
		nngxDeleteDisplaybuffers(1, &e->buffer[0]);
	if (e->buffer[1])
		nngxDeleteDisplaybuffers(1, &e->buffer[1]);
	if (e->saving) {
		GLuint offset, request;
		GLsizei size, requests;

		nngxStopCmdlistSave(&offset, &size, &request, &requests);
	}
	nngxBindCmdlist((GLuint)e->saved_list);
	if (e->lists[0])
		nngxDeleteCmdlists(4, e->lists);
	if (e->list)
		nngxDeleteCmdlists(1, &e->list);
	nngxClearCmdlist();
	if (e->raw_buffer)
		conf_platform_command_buffer_free(e->raw_buffer);
	free(e->raw_requests);
	conf_clear_errors();
}

/* ---- what the API shows, before and after a failing call --------------------- */

struct gx_view {
	GLint display[4];       /* the active display's buffer: address, format, size */
	GLint used_bufsize, used_reqcount;
	GLint binding;
	GLint list_used[4][2];  /* FIX_LISTS*: each list's used size and requests */
	GLint raw_used[2];      /* FIX_RAW*: the Raw list's used size and requests */
};

static int fixture_has_list_storage(enum gx_fixture f)
{
	return f != FIX_NO_LIST && f != FIX_LIST_NO_STORAGE && f != FIX_LISTS_NONE;
}

/* Each of the fixture's own lists with storage, read while bound in turn
 * (not with a save open, which forbids binding). */
static void view_lists(const struct gx_env *e, enum gx_fixture f, struct gx_view *v)
{
	int k;

	memset(v->list_used, 0, sizeof v->list_used);
	if (!e->lists[0] || f == FIX_LISTS_SAVING)
		return;
	for (k = 0; k < 4; k++) {
		if (k == 2)
			continue;
		nngxBindCmdlist(e->lists[k]);
		nngxGetCmdlistParameteri(NN_GX_CMDLIST_USED_BUFSIZE, &v->list_used[k][0]);
		nngxGetCmdlistParameteri(NN_GX_CMDLIST_USED_REQCOUNT, &v->list_used[k][1]);
	}
	nngxBindCmdlist((GLuint)v->binding);
}

static void view(const struct gx_env *e, enum gx_fixture f, struct gx_view *v)
{
	GLenum pname;

	for (pname = NN_GX_DISPLAYBUFFER_ADDRESS; pname <= NN_GX_DISPLAYBUFFER_HEIGHT; pname++) {
		v->display[pname - NN_GX_DISPLAYBUFFER_ADDRESS] = -12345;
		nngxGetDisplaybufferParameteri(pname, &v->display[pname - NN_GX_DISPLAYBUFFER_ADDRESS]);
	}
	v->used_bufsize = v->used_reqcount = -12345;
	if (fixture_has_list_storage(f)) {
		nngxGetCmdlistParameteri(NN_GX_CMDLIST_USED_BUFSIZE, &v->used_bufsize);
		nngxGetCmdlistParameteri(NN_GX_CMDLIST_USED_REQCOUNT, &v->used_reqcount);
	}
	v->binding = -12345;
	nngxGetCmdlistParameteri(NN_GX_CMDLIST_BINDING, &v->binding);
	view_lists(e, f, v);
	v->raw_used[0] = v->raw_used[1] = 0;
	if (e->raw_requests) {
		v->raw_used[0] = nngxGetUsedBufferSizeRaw((nngxCommandList *)&e->raw);
		v->raw_used[1] = nngxGetUsedRequestCountRaw((nngxCommandList *)&e->raw);
	}
}

static GLuint dma_source[CONF_RESULT_WORDS], dma_destination[CONF_RESULT_WORDS];
/* Commands for nngxAdd3DCommand, with room to start on a 16-byte boundary. */
static const GLuint add_words[12] = {
	0, 0x000F0080u, 0, 0x000F0080u, 0, 0x000F0080u, 0, 0x000F0080u,
	0, 0x000F0080u, 0, 0x000F0080u,
};

/* Room for an export; block_arg fills it with block 0 (an export of
 * list 0: the call that makes it must succeed) or 2 (zeros), and returns
 * its size. */
static GLuint export_block[1024];

static GLsizei block_arg(const struct gx_env *e, long block)
{
	memset(export_block, 0, sizeof export_block);
	if (block != 0)
		return 64;
	return nngxExportCmdlist(e->lists[0], 0, 32, 0, 1, (GLsizei)sizeof export_block,
				 export_block);
}

/* nngxAddB2LTransferCommand's sizes and formats, by a row's shape. */
static const struct {
	GLsizei sw, sh;
	GLenum sf;
	GLsizei dw, dh;
	GLenum df;
} b2l_shapes[] = {
	{ 16, 16, GL_RGBA8_OES, 8, 8, GL_RGBA8_OES },
	{ 8, 8, GL_RGB565, 16, 8, GL_RGB8_OES },
	{ 8, -8, GL_RGBA8_OES, 8, 8, GL_RGBA8_OES },
	{ 8, 12, GL_RGBA8_OES, 8, 8, GL_RGBA8_OES },
	{ 8, 8, GL_RGBA8_OES, 8, 8, GL_RGB8_OES },
	{ 8, 8, GL_RGBA, 8, 8, GL_RGBA8_OES },
	{ 8, 8, GL_RGBA8_OES, 8, 8, 0 },
	{ 0, 0, GL_RGBA8_OES, 0, 0, GL_RGBA8_OES },
	{ 16, 8, GL_RGBA8_OES, 8, 8, GL_RGBA8_OES },
};

/* Images of the transfer rows, at a 16-byte aligned address inside. */
static GLuint image_source[16 * 16 + 4], image_destination[16 * 16 + 4];

static GLvoid *aligned16(GLuint *p, long misalign)
{
	uintptr_t a = ((uintptr_t)p + 15) & ~(uintptr_t)15;

	return (GLvoid *)(a + (uintptr_t)misalign);
}

static void gx_call(const struct gx_row *row, const struct gx_env *e)
{
	const long *a = row->arg;
	nngxCommandList *raw = (nngxCommandList *)&e->raw;
	GLuint offset, request, names[1] = { 0 };
	GLsizei size, requests;
	GLint value = 0;
	const char *commands;

	switch (row->call) {
	case CALL_DISPLAYBUFFER_STORAGE:
		nngxDisplaybufferStorage((GLenum)a[0], (GLsizei)a[1], (GLsizei)a[2], (GLenum)a[3]);
		break;
	case CALL_SWAP_BUFFERS:
		nngxSwapBuffers((GLenum)a[0]);
		break;
	case CALL_DISPLAY_ENV_SWAP:
		nngxDisplayEnv((GLint)a[0], (GLint)a[1]);
		nngxSwapBuffers((GLenum)a[2]);
		break;
	case CALL_VRAM_DMA:
		nngxAddVramDmaCommand(dma_source, dma_destination, (GLsizei)a[0]);
		break;
	case CALL_GL_CLEAR:
		glClear(GL_COLOR_BUFFER_BIT);
		break;
	case CALL_BIND_CMDLIST:
		nngxBindCmdlist(list_arg(e, a[0]));
		break;
	case CALL_START_SAVE:
		nngxStartCmdlistSave();
		break;
	case CALL_STOP_SAVE:
		nngxStopCmdlistSave(&offset, &size, &request, &requests);
		break;
	case CALL_USE_SAVED:
		nngxUseSavedCmdlist(list_arg(e, a[0]), e->saved_offset, e->saved_size,
				    e->saved_request, e->saved_requests, 0, GL_TRUE);
		break;
	case CALL_USE_SAVED_NO_FLUSH:
		nngxUseSavedCmdlistNoCacheFlush(list_arg(e, a[0]), e->saved_offset, e->saved_size,
						e->saved_request, e->saved_requests, 0);
		break;
	case CALL_COPY_CMDLIST:
		nngxCopyCmdlist(list_arg(e, a[0]), list_arg(e, a[1]));
		break;
	case CALL_ADD_CMDLIST:
		nngxAddCmdlist(list_arg(e, a[0]));
		break;
	case CALL_MOVE_POINTER:
		nngxMoveCommandbufferPointer((GLint)a[0]);
		break;
	case CALL_VRAM_DMA_NO_FLUSH:
		nngxAddVramDmaCommandNoCacheFlush(dma_source, dma_destination, (GLsizei)a[0]);
		break;
	case CALL_EXPORT:
		(void)nngxExportCmdlist(list_arg(e, a[0]), (GLuint)a[1], (GLsizei)a[2], 0, 1,
					(GLsizei)a[3], export_block);
		break;
	case CALL_IMPORT:
		size = block_arg(e, a[1]);
		nngxImportCmdlist(list_arg(e, a[0]), a[1] == 1 ? NULL : export_block,
				  size + (GLsizei)a[2]);
		break;
	case CALL_EXPORT_INFO:
		(void)block_arg(e, a[0]);
		nngxGetExportedCmdlistInfo(a[0] == 1 ? NULL : export_block, &size, &requests,
					   &offset);
		break;
	case CALL_RAW_STORAGE:
		nngxCmdlistStorageRaw(raw, (GLsizei)a[0], e->raw_buffer, (GLsizei)a[1],
				      e->raw_requests);
		break;
	case CALL_RAW_SPLIT:
		nngxSplitDrawCmdlistRaw(raw);
		break;
	case CALL_RAW_ENABLE_CALLBACK:
		nngxEnableCmdlistCallbackRaw(raw, (GLint)a[0]);
		break;
	case CALL_RAW_MOVE_POINTER:
		nngxMoveCommandbufferPointerRaw(raw, (GLint)a[0]);
		break;
	case CALL_RAW_FILL:
		nngxAddMemoryFillCommandRaw(raw, (GLvoid *)(nngxGetVramStartAddr(NN_GX_MEM_VRAMA)
							 + (uptr)a[0]),
					    (GLsizei)a[1], 0, (GLsizei)a[2], NULL, 0, 0, 0);
		break;
	case CALL_RAW_DMA_NO_FLUSH:
		nngxAddVramDmaCommandNoCacheFlushRaw(raw, dma_source, dma_destination,
						     (GLsizei)a[0]);
		break;
	case CALL_B2L: {
		size_t k = (size_t)a[3];

		nngxAddB2LTransferCommand(aligned16(image_source, a[0]), b2l_shapes[k].sw,
					  b2l_shapes[k].sh, b2l_shapes[k].sf,
					  aligned16(image_destination, 0), b2l_shapes[k].dw,
					  b2l_shapes[k].dh, b2l_shapes[k].df, (GLenum)a[2], GL_FALSE,
					  (GLsizei)a[1]);
		break;
	}
	case CALL_FILTER:
		nngxFilterBlockImage(aligned16(image_source, a[0]), aligned16(image_destination, 0),
				     (GLsizei)a[1], (GLsizei)a[2], (GLenum)a[3]);
		break;
	case CALL_GEN_CMDLISTS:
		nngxGenCmdlists((GLsizei)a[0], names);
		break;
	case CALL_DELETE_CMDLISTS:
		names[0] = UNKNOWN_LIST;
		nngxDeleteCmdlists((GLsizei)a[0], names);
		break;
	case CALL_CMDLIST_STORAGE:
		nngxCmdlistStorage((GLsizei)a[0], (GLsizei)a[1]);
		break;
	case CALL_RUN_CMDLIST:
		nngxRunCmdlist();
		break;
	case CALL_SPLIT:
		nngxSplitDrawCmdlist();
		break;
	case CALL_ENABLE_CALLBACK:
		nngxEnableCmdlistCallback((GLint)a[0]);
		break;
	case CALL_SET_CMDLIST_PARAM:
		nngxSetCmdlistParameteri((GLenum)a[0], (GLint)a[1]);
		break;
	case CALL_GET_CMDLIST_PARAM:
		nngxGetCmdlistParameteri((GLenum)a[0], &value);
		break;
	case CALL_ADD_3D:
		commands = (const char *)add_words + (16 - (uptr)add_words % 16) % 16;
		nngxAdd3DCommand(commands + a[2], (GLsizei)a[0], (GLboolean)a[1]);
		break;
	case CALL_FILL:
		nngxAddMemoryFillCommand((GLvoid *)(nngxGetVramStartAddr(NN_GX_MEM_VRAMA) + (uptr)a[0]),
					 (GLsizei)a[1], 0, (GLsizei)a[2], NULL, 0, 0, 0);
		break;
	case CALL_FLUSH:
		nngxFlush3DCommand();
		break;
	case CALL_CHECK_VSYNC:
		nngxCheckVSync((GLenum)a[0]);
		break;
	case CALL_WAIT_VSYNC:
		nngxWaitVSync((GLenum)a[0]);
		break;
	case CALL_GEN_DISPLAYBUFFERS:
		nngxGenDisplaybuffers((GLsizei)a[0], names);
		break;
	case CALL_DELETE_DISPLAYBUFFERS:
		names[0] = e->buffer[0];
		nngxDeleteDisplaybuffers((GLsizei)a[0], names);
		break;
	case CALL_ACTIVE_DISPLAY:
		nngxActiveDisplay((GLenum)a[0]);
		break;
	case CALL_DISPLAY_ENV:
		nngxDisplayEnv((GLint)a[0], (GLint)a[1]);
		break;
	case CALL_GET_DISPLAYBUFFER_PARAM:
		nngxGetDisplaybufferParameteri((GLenum)a[0], &value);
		break;
	case CALL_SET_DISPLAY_MODE:
		nngxSetDisplayMode((GLenum)a[0]);
		break;
	case CALL_TRANSFER:
		nngxTransferRenderImage(a[0] ? (GLuint)a[0] : e->buffer[0], (GLenum)a[1], GL_FALSE,
					(GLint)a[2], (GLint)a[3]);
		break;
	}
}

static void run_row(struct conf_result *r, const void *arg)
{
	const struct gx_row *row = arg;
	struct gx_env env;
	struct gx_view before, after;
	int ok = fixture_set_up(row->fixture, &env);
	GLenum got, again;
	int i;

	view(&env, row->fixture, &before);
	ok = ok && glGetError() == GL_NO_ERROR;
	if (ok)
		gx_call(row, &env);
	got = glGetError();
	again = glGetError();
	view(&env, row->fixture, &after);
	fixture_tear_down(&env);
	CONF_TRUE(r, ok, "setting up the fixture recorded a GL error");
	CONF_EQ(r, got, row->want, "the error recorded");
	CONF_EQ(r, again, GL_NO_ERROR, "glGetError cleared the flag");
	if (row->want == GL_NO_ERROR)
		return;
	for (i = 0; i < 4; i++)
		CONF_EQ(r, after.display[i], before.display[i],
			"the display buffer's parameters changed");
	CONF_EQ(r, after.used_bufsize, before.used_bufsize, "the command list's used size changed");
	CONF_EQ(r, after.used_reqcount, before.used_reqcount,
		"the command list's request count changed");
	CONF_EQ(r, after.binding, before.binding, "the bound command list changed");
	CONF_EQ(r, after.raw_used[0], before.raw_used[0], "the Raw list's used size changed");
	CONF_EQ(r, after.raw_used[1], before.raw_used[1], "the Raw list's request count changed");
	for (i = 0; i < 4; i++) {
		CONF_EQ(r, after.list_used[i][0], before.list_used[i][0],
			"a command list's used size changed");
		CONF_EQ(r, after.list_used[i][1], before.list_used[i][1],
			"a command list's request count changed");
	}
}

static size_t count(void)
{
	return ROW_COUNT;
}

static void get(size_t i, struct conf_case *c)
{
	c->id = rows[i].id;
	c->desc = rows[i].desc;
	c->source = rows[i].source;
	c->flags = rows[i].flags;
	c->run = run_row;
	c->arg = &rows[i];
}

const struct conf_area conf_area_gx_errors = { "other nngx functions", count, get };
