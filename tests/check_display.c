/* check_display.c: the frame loop through the public API: display buffers
 * and their errors, swaps and vertical blanks (MEMORY_ACCESS words 10 and
 * 11), nngxTransferRenderImage (words 12/13), glClear as memory fills
 * (words 14/15), glReadPixels (word 16), nngxAddVramDmaCommand (word 17),
 * nngxAddMemoryFillCommand, glCopyTexImage2D, the order of requests and
 * the profiling.misbehave_during_cmdlist option (nngx/nngx_display.c,
 * nngx/nngx_cmdlist.c, gles_stub/ over hw/hw_lcd.c and hw/hw_transfer.c).
 *
 * Geometry used throughout: the default framebuffer and the upper
 * screen's display buffer are 240 x 400; at 4 bytes a pixel that is
 * 384000 bytes, 24000 16-byte accesses. The lower screen is 240 x 320:
 * 9600 accesses at 2 bytes a pixel. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <nn/gx/CTR/gx_CommandAccess.h>

#include "gl_fixture.h"
#include "hw/hw_fragment.h"
#include "hw/hw_texture.h"

#define W 240                           /* the default framebuffer, the upper LCD */
#define H 400
#define LOWER_H 320
#define SCREEN_RGBA8 (W * H * 4 / 16)   /* 24000 accesses */
#define LOWER_RGB565 (W * LOWER_H * 2 / 16)     /* 9600 */
#define WORDS NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS

#define ck_gl_ok() ck_assert_uint_eq(glGetError(), GL_NO_ERROR)
#define ck_gl_error(e) ck_assert_uint_eq(glGetError(), (GLenum)(e))
#define diag_count(id) nngxShimGetDiagCount(NNGX_SHIM_DIAG_##id)

static void setup(void)
{
	fx_reset();
	fx_list(1 << 16, 64);
}

static void teardown(void)
{
	nngxSetVSyncCallback(NN_GX_DISPLAY_BOTH, NULL);
}

/* ---- helpers ------------------------------------------------------------------- */

static void mem_read(GLuint m[WORDS])
{
	nngxGetProfilingResult(NN_GX_PROFILING_MEMORY_ACCESS, m);
}

/* after - before, word by word, of the MEMORY_ACCESS counter. */
struct mem_delta {
	GLuint before[WORDS], w[WORDS];
};

static void delta_begin(struct mem_delta *d)
{
	mem_read(d->before);
}

static void delta_end(struct mem_delta *d)
{
	GLuint after[WORDS];
	unsigned k;

	mem_read(after);
	for (k = 0; k < WORDS; k++)
		d->w[k] = after[k] - d->before[k];
}

/* Wait for `n` vertical blanks of `display`, noting in d the memory
 * words they move; returns the clocks they took. */
static GLuint64EXT wait_vsyncs(GLenum display, unsigned n, struct mem_delta *d)
{
	GLuint64EXT clock;
	unsigned k;

	delta_begin(d);
	clock = nngxShimGetClock();
	for (k = 0; k < n; k++)
		nngxWaitVSync(display);
	delta_end(d);
	return nngxShimGetClock() - clock;
}

/* Every word of `d` is 0 except those given (word, value) in `expect`. */
static void delta_is(const struct mem_delta *d, const unsigned (*expect)[2], unsigned n)
{
	unsigned k, e;

	for (k = 0; k < WORDS; k++) {
		GLuint want = 0;
		for (e = 0; e < n; e++)
			if (expect[e][0] == k)
				want = expect[e][1];
		ck_assert_msg(d->w[k] == want, "MEMORY_ACCESS word %u: %u, expected %u", k,
			      d->w[k], want);
	}
}

static GLint cmdlist_param(GLenum pname)
{
	GLint v = -1;

	nngxGetCmdlistParameteri(pname, &v);
	return v;
}

/* A display buffer with storage, bound to `display_id`. */
static GLuint display_buffer(GLenum display_id, GLenum format, GLsizei w, GLsizei h, GLenum area)
{
	GLuint b;

	nngxGenDisplaybuffers(1, &b);
	nngxActiveDisplay(display_id);
	nngxBindDisplaybuffer(b);
	nngxDisplaybufferStorage(format, w, h, area);
	ck_gl_ok();
	ck_assert_uint_ne(nngxShimGetDisplaybufferAddress(b), 0);
	return b;
}

/* The default framebuffer's buffers (placed by a first clear or draw). */
static uint8_t *default_color(void)
{
	return fx_host_of(nngx_state_get()->gl.default_color_phys);
}

static uint8_t *default_depth(void)
{
	return fx_host_of(nngx_state_get()->gl.default_depth_phys);
}

/* Colour of window pixel (x, y) in the pattern tests write: R = x, G and
 * B the two bytes of y, A = 0x5A. */
static uint32_t pattern(unsigned x, unsigned y)
{
	return (uint32_t)x << 24 | (y & 0xFFu) << 16 | (y >> 8) << 8 | 0x5Au;
}

/* Write the pattern into the default framebuffer's RGBA8 colour buffer. */
static void write_pattern(void)
{
	uint8_t *c;
	unsigned x, y;

	glClear(GL_COLOR_BUFFER_BIT);           /* places it */
	fx_run_and_wait();
	c = default_color();
	for (y = 0; y < H; y++)
		for (x = 0; x < W; x++) {
			uint32_t v = pattern(x, y), at = hw_fragment_pixel_offset(x, y, W, H, 4);
			c[at] = (uint8_t)v;
			c[at + 1] = (uint8_t)(v >> 8);
			c[at + 2] = (uint8_t)(v >> 16);
			c[at + 3] = (uint8_t)(v >> 24);
		}
}

/* ---- display buffers ---------------------------------------------------------------- */

START_TEST(test_display_buffers_generate_bind_store_query_and_delete)
{
	GLuint b[2], bogus = 999;
	GLint v;

	nngxGenDisplaybuffers(2, b);
	ck_assert_uint_ne(b[0], 0);
	ck_assert_uint_ne(b[1], 0);
	ck_assert_uint_ne(b[0], b[1]);
	ck_assert_uint_eq(nngxShimGetDisplaybufferAddress(b[0]), 0);    /* no storage yet */

	nngxActiveDisplay(NN_GX_DISPLAY0);
	nngxBindDisplaybuffer(b[0]);
	nngxDisplaybufferStorage(GL_RGBA8_OES, W, H, NN_GX_MEM_VRAMA);
	ck_gl_ok();
	nngxGetDisplaybufferParameteri(NN_GX_DISPLAYBUFFER_FORMAT, &v);
	ck_assert_int_eq(v, GL_RGBA8_OES);
	nngxGetDisplaybufferParameteri(NN_GX_DISPLAYBUFFER_WIDTH, &v);
	ck_assert_int_eq(v, W);
	nngxGetDisplaybufferParameteri(NN_GX_DISPLAYBUFFER_HEIGHT, &v);
	ck_assert_int_eq(v, H);
	nngxGetDisplaybufferParameteri(NN_GX_DISPLAYBUFFER_ADDRESS, &v);
	/* The console's virtual address of the buffer (a pointer too). */
	ck_assert_uint_eq(nngxGetPhysicalAddr((uptr)v), nngxShimGetDisplaybufferAddress(b[0]));
	ck_assert_uint_eq(hw_memory_area_of(nngxShimGetDisplaybufferAddress(b[0])),
			  HW_AREA_VRAM_A);
	ck_assert_uint_ge((GLuint)v, nngxGetVramStartAddr(NN_GX_MEM_VRAMA));
	ck_assert_uint_le((GLuint)v, nngxGetVramEndAddr(NN_GX_MEM_VRAMA));
	fx_host_of((GLuint)v);

	/* Each target has its own binding. */
	nngxActiveDisplay(NN_GX_DISPLAY1);
	nngxBindDisplaybuffer(b[1]);
	nngxDisplaybufferStorage(GL_RGB565, W, LOWER_H, NN_GX_MEM_FCRAM);
	ck_gl_ok();
	ck_assert_uint_ge(nngxShimGetDisplaybufferAddress(b[1]), HW_FCRAM_BASE);
	nngxGetDisplaybufferParameteri(NN_GX_DISPLAYBUFFER_FORMAT, &v);
	ck_assert_int_eq(v, GL_RGB565);
	nngxActiveDisplay(NN_GX_DISPLAY0);
	nngxGetDisplaybufferParameteri(NN_GX_DISPLAYBUFFER_FORMAT, &v);
	ck_assert_int_eq(v, GL_RGBA8_OES);

	/* An unknown name does not bind. */
	nngxBindDisplaybuffer(bogus);
	ck_assert_uint_eq(diag_count(DISPLAYBUFFER_NOT_READY), 1);
	nngxGetDisplaybufferParameteri(NN_GX_DISPLAYBUFFER_WIDTH, &v);
	ck_assert_int_eq(v, W);

	/* Deleting frees the storage and unbinds; unknown names are ignored. */
	nngxDeleteDisplaybuffers(1, &bogus);
	nngxDeleteDisplaybuffers(1, &b[0]);
	ck_assert_uint_eq(nngxShimGetDisplaybufferAddress(b[0]), 0);
	v = -7;
	nngxGetDisplaybufferParameteri(NN_GX_DISPLAYBUFFER_WIDTH, &v);
	ck_assert_int_eq(v, -7);
	ck_assert_uint_eq(diag_count(DISPLAYBUFFER_NOT_READY), 2);
	ck_gl_ok();
}
END_TEST

static unsigned allocs, frees;
static GLenum alloc_area;
static bool alloc_fail;
static char alloc_token[1];

static GLvoid *test_allocator(GLenum area, GLenum usage, GLuint name, GLsizei size)
{
	(void)name;
	(void)size;
	if (usage != NN_GX_MEM_DISPLAYBUFFER)
		return alloc_token;
	if (alloc_fail)
		return NULL;
	allocs++;
	alloc_area = area;
	return alloc_token;
}

static void test_deallocator(GLenum area, GLenum usage, GLuint name, GLvoid *addr)
{
	(void)area;
	(void)name;
	ck_assert_ptr_eq(addr, alloc_token);
	if (usage == NN_GX_MEM_DISPLAYBUFFER)
		frees++;
}

START_TEST(test_display_buffer_storage_tells_the_programs_allocator)
{
	GLuint b;
	uint32_t phys;

	nngxFinalize();
	allocs = frees = 0;
	alloc_fail = false;
	ck_assert(nngxInitialize(test_allocator, test_deallocator));
	fx_list(4096, 4);
	nngxGenDisplaybuffers(1, &b);
	nngxBindDisplaybuffer(b);
	nngxDisplaybufferStorage(GL_RGB8_OES, W, H, NN_GX_MEM_VRAMB);
	ck_gl_ok();
	ck_assert_uint_eq(allocs, 1);
	ck_assert_uint_eq(alloc_area, NN_GX_MEM_VRAMB);
	phys = nngxShimGetDisplaybufferAddress(b);

	/* A refusing allocator: 8025, the old storage stays. */
	alloc_fail = true;
	nngxDisplaybufferStorage(GL_RGBA8_OES, W, H, NN_GX_MEM_VRAMA);
	ck_gl_error(GL_ERROR_8025_DMP);
	ck_assert_uint_eq(diag_count(DISPLAYBUFFER_NO_MEMORY), 1);
	ck_assert_uint_eq(nngxShimGetDisplaybufferAddress(b), phys);

	/* New storage returns the old block; nngxFinalize the last. */
	alloc_fail = false;
	nngxDisplaybufferStorage(GL_RGBA8_OES, W, H, NN_GX_MEM_VRAMA);
	ck_gl_ok();
	ck_assert_uint_eq(allocs, 2);
	ck_assert_uint_eq(frees, 1);
	nngxFinalize();
	ck_assert_uint_eq(frees, 2);
	ck_assert_uint_eq(nngxShimGetDisplaybufferAddress(b), 0);
}
END_TEST

START_TEST(test_display_buffer_storage_errors_follow_the_sdk_reference)
{
	struct tu_snapshot snap;
	GLuint b;

	nngxGenDisplaybuffers(1, &b);
	nngxActiveDisplay(NN_GX_DISPLAY0);
	tu_snapshot_take(&snap);
	nngxDisplaybufferStorage(GL_RGBA8_OES, W, H, NN_GX_MEM_VRAMA);
	ck_gl_error(GL_ERROR_8021_DMP);                 /* 0 bound */
	nngxBindDisplaybuffer(b);
	nngxDisplaybufferStorage(GL_RGBA8_OES, 0, H, NN_GX_MEM_VRAMA);
	ck_gl_error(GL_ERROR_8022_DMP);
	nngxDisplaybufferStorage(GL_RGBA8_OES, 244, H, NN_GX_MEM_VRAMA);
	ck_gl_error(GL_ERROR_8022_DMP);                 /* not a multiple of 8 */
	nngxDisplaybufferStorage(GL_RGBA8_OES, W, 1032, NN_GX_MEM_VRAMA);
	ck_gl_error(GL_ERROR_8022_DMP);
	nngxDisplaybufferStorage(GL_RGBA, W, H, NN_GX_MEM_VRAMA);
	ck_gl_error(GL_ERROR_8023_DMP);
	nngxDisplaybufferStorage(GL_RGBA8_OES, W, H, 0);
	ck_gl_error(GL_ERROR_8024_DMP);
	/* The reference's order: size before format before area. */
	nngxDisplaybufferStorage(GL_RGBA, -8, H, 0);
	ck_gl_error(GL_ERROR_8022_DMP);
	nngxDisplaybufferStorage(GL_RGBA, W, H, 0);
	ck_gl_error(GL_ERROR_8023_DMP);
	ck_assert_uint_eq(nngxShimGetDisplaybufferAddress(b), 0);
	tu_snapshot_assert_same(&snap);
	ck_assert_uint_eq(diag_count(DISPLAY_ARGUMENT_REJECTED), 7);

	/* The SDK library's codes for these (sdk-surface section 6), each
	 * with the INVALID_ARGUMENT diagnostic; nothing changes. */
	nngxActiveDisplay(0x1234);
	ck_gl_error(GL_ERROR_801F_DMP);
	nngxDisplayEnv(-1, 0);
	ck_gl_error(GL_ERROR_8026_DMP);
	nngxSetDisplayMode(0x0701);
	ck_gl_error(GL_ERROR_9003_DMP);
	nngxGenDisplaybuffers(-1, &b);
	ck_gl_error(GL_ERROR_801C_DMP);
	ck_assert_uint_eq(diag_count(INVALID_ARGUMENT), 4);
}
END_TEST

START_TEST(test_swap_errors_follow_the_sdk_reference)
{
	GLuint b, right;

	nngxSwapBuffers(NN_GX_DISPLAY0_EXT);
	ck_gl_error(GL_ERROR_8030_DMP);
	nngxSwapBuffers(0x1234);
	ck_gl_error(GL_ERROR_8030_DMP);
	nngxSwapBuffers(NN_GX_DISPLAY0);
	ck_gl_error(GL_ERROR_8031_DMP);                 /* 0 bound */
	nngxGenDisplaybuffers(1, &b);
	nngxActiveDisplay(NN_GX_DISPLAY0);
	nngxBindDisplaybuffer(b);
	nngxSwapBuffers(NN_GX_DISPLAY0);
	ck_gl_error(GL_ERROR_8031_DMP);                 /* no storage */
	ck_assert_uint_eq(diag_count(DISPLAYBUFFER_NOT_READY), 2);

	/* The screen's region must fit: 400 lines from the offset. */
	nngxDisplaybufferStorage(GL_RGBA8_OES, 248, 392, NN_GX_MEM_VRAMA);
	nngxSwapBuffers(NN_GX_DISPLAY0);
	ck_gl_error(GL_ERROR_8031_DMP);
	nngxDisplaybufferStorage(GL_RGBA8_OES, 248, H, NN_GX_MEM_VRAMA);
	nngxDisplayEnv(9, 0);
	nngxSwapBuffers(NN_GX_DISPLAY0);
	ck_gl_error(GL_ERROR_8031_DMP);                 /* 9 + 240 > 248 */
	nngxDisplayEnv(1, 0);
	nngxSwapBuffers(NN_GX_DISPLAY0);
	ck_gl_error(GL_ERROR_8053_DMP);                 /* base + 4: not 16-byte aligned */
	ck_assert_uint_eq(diag_count(DISPLAY_REGION_OUTSIDE), 3);
	nngxDisplayEnv(8, 0);
	nngxSwapBuffers(NN_GX_DISPLAY0);
	ck_gl_ok();

	/* Stereo: the right eye needs its buffer too. */
	nngxSetDisplayMode(NN_GX_DISPLAYMODE_STEREO);
	nngxSwapBuffers(NN_GX_DISPLAY0);
	ck_gl_error(GL_ERROR_9000_DMP);
	right = display_buffer(NN_GX_DISPLAY0_EXT, GL_RGBA8_OES, W, LOWER_H, NN_GX_MEM_VRAMB);
	nngxSwapBuffers(NN_GX_DISPLAY0);
	ck_gl_error(GL_ERROR_9001_DMP);
	/* Both eyes: one format, width and area (9002); the left eye is
	 * 248 x 400 RGBA8 in VRAM A. */
	nngxDisplaybufferStorage(GL_RGB565, 248, H, NN_GX_MEM_VRAMA);
	nngxSwapBuffers(NN_GX_DISPLAY0);
	ck_gl_error(GL_ERROR_9002_DMP);
	nngxDisplaybufferStorage(GL_RGBA8_OES, W, H, NN_GX_MEM_VRAMA);
	nngxSwapBuffers(NN_GX_DISPLAY0);
	ck_gl_error(GL_ERROR_9002_DMP);
	nngxDisplaybufferStorage(GL_RGBA8_OES, 248, H, NN_GX_MEM_VRAMB);
	nngxSwapBuffers(NN_GX_DISPLAY0);
	ck_gl_error(GL_ERROR_9002_DMP);
	ck_assert_uint_eq(diag_count(INVALID_ARGUMENT), 3);
	nngxDisplaybufferStorage(GL_RGBA8_OES, 248, H, NN_GX_MEM_VRAMA);
	nngxSwapBuffers(NN_GX_DISPLAY0);
	ck_gl_ok();
	(void)right;
}
END_TEST

/* ---- scanout and vertical blanks ----------------------------------------------------- */

START_TEST(test_sixty_vsync_waits_scan_out_sixty_frames_of_both_screens)
{
	struct mem_delta d;
	static const unsigned expect[][2] = {
		{ HW_MEM_LCD_UPPER_READ, 60 * SCREEN_RGBA8 },
		{ HW_MEM_VRAM_A_READ, 60 * SCREEN_RGBA8 },      /* the upper buffer's channel */
		{ HW_MEM_LCD_LOWER_READ, 60 * LOWER_RGB565 },
		{ HW_MEM_VRAM_B_READ, 60 * LOWER_RGB565 },
	};

	display_buffer(NN_GX_DISPLAY0, GL_RGBA8_OES, W, H, NN_GX_MEM_VRAMA);
	display_buffer(NN_GX_DISPLAY1, GL_RGB565, W, LOWER_H, NN_GX_MEM_VRAMB);
	nngxSwapBuffers(NN_GX_DISPLAY_BOTH);
	ck_gl_ok();
	nngxWaitVSync(NN_GX_DISPLAY_BOTH);              /* the swap takes effect here */
	ck_assert_uint_eq(wait_vsyncs(NN_GX_DISPLAY_BOTH, 60, &d), 60ull * HW_LCD_FRAME_CLOCKS);
	delta_is(&d, expect, 4);
}
END_TEST

/* model.lcd.frame_clocks paces the vertical blanks and the scanout: with
 * frames of 2680000 clocks (10 ms), ten waits take 26800000 clocks and
 * scan the upper buffer out ten times. A new length loaded mid-frame
 * starts at the last vblank: half a frame after one, frames of 4000000
 * put the next vblank 4000000 after it. A value out of range is refused
 * (1 ms .. 1 s) and the pace stays. */
START_TEST(test_lcd_frame_clocks_key_paces_vblanks_and_scanout)
{
	static const unsigned expect[][2] = {
		{ HW_MEM_LCD_UPPER_READ, 10 * SCREEN_RGBA8 },
		{ HW_MEM_VRAM_A_READ, 10 * SCREEN_RGBA8 },
	};
	struct mem_delta d;
	GLuint64EXT vblank;

	ck_assert(tu_load_config_text("model: { lcd: { frame_clocks = 2680000; }; };\n") == GL_TRUE);
	display_buffer(NN_GX_DISPLAY0, GL_RGBA8_OES, W, H, NN_GX_MEM_VRAMA);
	nngxSwapBuffers(NN_GX_DISPLAY0);
	ck_gl_ok();
	nngxWaitVSync(NN_GX_DISPLAY0);                  /* the swap takes effect here */
	ck_assert_uint_eq(nngxShimGetClock() % 2680000u, 0);
	ck_assert_uint_eq(wait_vsyncs(NN_GX_DISPLAY0, 10, &d), 10ull * 2680000u);
	delta_is(&d, expect, 2);

	vblank = nngxShimGetClock();
	nngxShimAdvance(1340000);
	ck_assert(tu_load_config_text("model: { lcd: { frame_clocks = 4000000; }; };\n") == GL_TRUE);
	nngxWaitVSync(NN_GX_DISPLAY0);
	ck_assert_uint_eq(nngxShimGetClock(), vblank + 4000000u);
	ck_assert(tu_load_config_text("model: { lcd: { frame_clocks = 267999; }; };\n") == GL_FALSE);
	ck_assert_ptr_nonnull(strstr(nngxShimGetConfigError(), "model.lcd.frame_clocks"));
	nngxWaitVSync(NN_GX_DISPLAY0);
	ck_assert_uint_eq(nngxShimGetClock(), vblank + 8000000u);
	/* the default back: frames of 4481136 from this vblank */
	ck_assert(tu_load_config_text("model: { lcd: { frame_clocks = 4481136; }; };\n") == GL_TRUE);
	nngxWaitVSync(NN_GX_DISPLAY0);
	ck_assert_uint_eq(nngxShimGetClock(), vblank + 8000000u + HW_LCD_FRAME_CLOCKS);
}
END_TEST

START_TEST(test_stereo_mode_doubles_the_upper_scanout)
{
	struct mem_delta d;
	static const unsigned stereo[][2] = {
		{ HW_MEM_LCD_UPPER_READ, 10 * 2 * SCREEN_RGBA8 },
		{ HW_MEM_VRAM_A_READ, 10 * 2 * SCREEN_RGBA8 },  /* both eyes (one area: 9002) */
	};
	static const unsigned normal[][2] = {
		{ HW_MEM_LCD_UPPER_READ, 10 * SCREEN_RGBA8 },
		{ HW_MEM_VRAM_A_READ, 10 * SCREEN_RGBA8 },
	};

	nngxSetDisplayMode(NN_GX_DISPLAYMODE_STEREO);
	display_buffer(NN_GX_DISPLAY0, GL_RGBA8_OES, W, H, NN_GX_MEM_VRAMA);
	display_buffer(NN_GX_DISPLAY0_EXT, GL_RGBA8_OES, W, H, NN_GX_MEM_VRAMA);
	nngxSwapBuffers(NN_GX_DISPLAY0);
	ck_gl_ok();
	nngxWaitVSync(NN_GX_DISPLAY0);
	wait_vsyncs(NN_GX_DISPLAY0, 10, &d);
	delta_is(&d, stereo, 2);

	/* Back to one eye from the next swap. */
	nngxSetDisplayMode(NN_GX_DISPLAYMODE_NORMAL);
	nngxSwapBuffers(NN_GX_DISPLAY0);
	nngxWaitVSync(NN_GX_DISPLAY0);
	wait_vsyncs(NN_GX_DISPLAY0, 10, &d);
	delta_is(&d, normal, 2);
}
END_TEST

/* nngxSwapBuffersByAddress shows memory the program names: the lower
 * screen from FCRAM (word 11 only: no VRAM channel), the upper one in
 * stereo from both addresses; the last swap before the blank wins. */
START_TEST(test_swap_by_address_scans_out_the_given_memory)
{
	struct mem_delta d;
	uint8_t *lower = nngxShimAllocMemory(NN_GX_MEM_FCRAM, W * LOWER_H * 2);
	uint8_t *left = nngxShimAllocMemory(NN_GX_MEM_VRAMA, W * H * 4);
	uint8_t *right = nngxShimAllocMemory(NN_GX_MEM_VRAMB, W * H * 4);
	static const unsigned lower_only[][2] = {
		{ HW_MEM_LCD_LOWER_READ, 10 * LOWER_RGB565 },
	};
	static const unsigned stereo[][2] = {
		{ HW_MEM_LCD_UPPER_READ, 10 * 2 * SCREEN_RGBA8 },
		{ HW_MEM_VRAM_A_READ, 10 * SCREEN_RGBA8 },
		{ HW_MEM_VRAM_B_READ, 10 * SCREEN_RGBA8 },
		{ HW_MEM_LCD_LOWER_READ, 10 * LOWER_RGB565 },
	};

	ck_assert_ptr_nonnull(lower);
	ck_assert_ptr_nonnull(left);
	ck_assert_ptr_nonnull(right);
	nngxSwapBuffersByAddress(NN_GX_DISPLAY1, left, NULL, W, GL_RGBA8_OES);
	nngxSwapBuffersByAddress(NN_GX_DISPLAY1, lower, NULL, W, GL_RGB565);    /* wins */
	ck_gl_ok();
	ck_assert_int_eq(nngxCheckVSync(NN_GX_DISPLAY1), GL_FALSE);
	nngxWaitVSync(NN_GX_DISPLAY1);
	ck_assert_int_eq(nngxCheckVSync(NN_GX_DISPLAY1), GL_TRUE);
	wait_vsyncs(NN_GX_DISPLAY1, 10, &d);
	delta_is(&d, lower_only, 1);

	nngxSetDisplayMode(NN_GX_DISPLAYMODE_STEREO);
	nngxSwapBuffersByAddress(NN_GX_DISPLAY0, left, right, W, GL_RGBA8_OES);
	ck_gl_ok();
	nngxWaitVSync(NN_GX_DISPLAY0);
	wait_vsyncs(NN_GX_DISPLAY0, 10, &d);
	delta_is(&d, stereo, 4);
	nngxSetDisplayMode(NN_GX_DISPLAYMODE_NORMAL);
}
END_TEST

/* Refused: a diagnostic, no GL error, and the screen keeps showing what
 * it showed (nothing here: no LCD reads). */
START_TEST(test_swap_by_address_errors_change_nothing)
{
	uint8_t *buf = nngxShimAllocMemory(NN_GX_MEM_VRAMA, W * H * 4 + 16);
	uint8_t outside[64];
	struct mem_delta d;
	unsigned long invalid = diag_count(INVALID_ARGUMENT);
	unsigned long region = diag_count(DISPLAY_REGION_OUTSIDE);
	unsigned long memory = diag_count(MEMORY_NOT_SIMULATED);
	static const unsigned none[][2] = { { 0, 0 } };

	ck_assert_ptr_nonnull(buf);
	nngxSwapBuffersByAddress(NN_GX_DISPLAY_BOTH, buf, NULL, W, GL_RGBA8_OES);
	nngxSwapBuffersByAddress(NN_GX_DISPLAY0_EXT, buf, NULL, W, GL_RGBA8_OES);
	nngxSwapBuffersByAddress(NN_GX_DISPLAY0, buf, NULL, W, GL_RGBA);
	nngxSwapBuffersByAddress(NN_GX_DISPLAY0, buf, NULL, W - 8, GL_RGBA8_OES);
	ck_assert_uint_eq(diag_count(INVALID_ARGUMENT), invalid + 4);
	nngxSwapBuffersByAddress(NN_GX_DISPLAY0, buf + 8, NULL, W, GL_RGBA8_OES);
	ck_assert_uint_eq(diag_count(DISPLAY_REGION_OUTSIDE), region + 1);
	nngxSwapBuffersByAddress(NN_GX_DISPLAY0, outside, NULL, W, GL_RGBA8_OES);
	nngxSwapBuffersByAddress(NN_GX_DISPLAY0, buf + 32, NULL, W, GL_RGBA8_OES); /* past it */
	nngxSwapBuffersByAddress(NN_GX_DISPLAY0, buf, NULL, W + 8, GL_RGBA8_OES);  /* past it */
	nngxSetDisplayMode(NN_GX_DISPLAYMODE_STEREO);
	nngxSwapBuffersByAddress(NN_GX_DISPLAY0, buf, NULL, W, GL_RGBA8_OES);      /* no right eye */
	nngxSetDisplayMode(NN_GX_DISPLAYMODE_NORMAL);
	ck_assert_uint_eq(diag_count(MEMORY_NOT_SIMULATED), memory + 4);
	ck_gl_ok();
	nngxWaitVSync(NN_GX_DISPLAY_BOTH);
	delta_begin(&d);
	nngxWaitVSync(NN_GX_DISPLAY_BOTH);
	delta_end(&d);
	delta_is(&d, none, 0);
	ck_assert_int_eq(nngxCheckVSync(NN_GX_DISPLAY0), GL_TRUE);     /* no swap pending */
}
END_TEST

START_TEST(test_deleting_a_shown_buffer_stops_its_scanout)
{
	struct mem_delta d;
	GLuint b = display_buffer(NN_GX_DISPLAY0, GL_RGBA8_OES, W, H, NN_GX_MEM_VRAMA);

	nngxSwapBuffers(NN_GX_DISPLAY0);
	nngxWaitVSync(NN_GX_DISPLAY0);
	nngxDeleteDisplaybuffers(1, &b);
	nngxWaitVSync(NN_GX_DISPLAY0);                  /* the last frame it shows */
	delta_begin(&d);
	nngxShimAdvance(5ull * HW_LCD_FRAME_CLOCKS);
	delta_end(&d);
	delta_is(&d, NULL, 0);
}
END_TEST

static GLenum calls[16];
static GLuint64EXT call_clock[16];
static unsigned call_count;

static void vsync_callback(GLenum display_id)
{
	if (call_count < 16) {
		calls[call_count] = display_id;
		call_clock[call_count] = nngxShimGetClock();
	}
	call_count++;
}

START_TEST(test_vsync_callbacks_run_at_each_vblank_of_every_wait)
{
	unsigned k;

	call_count = 0;
	nngxSetVSyncCallback(NN_GX_DISPLAY_BOTH, vsync_callback);
	nngxWaitVSync(NN_GX_DISPLAY0);
	ck_assert_uint_eq(call_count, 2);
	ck_assert_uint_eq(calls[0], NN_GX_DISPLAY0);
	ck_assert_uint_eq(calls[1], NN_GX_DISPLAY1);
	ck_assert_uint_eq(call_clock[0], HW_LCD_FRAME_CLOCKS);

	/* Any wait: here three and a half frames of nngxShimAdvance, each
	 * callback at its vblank. */
	nngxShimAdvance(3ull * HW_LCD_FRAME_CLOCKS + HW_LCD_FRAME_CLOCKS / 2);
	ck_assert_uint_eq(call_count, 8);
	for (k = 2; k < 8; k += 2)
		ck_assert_uint_eq(call_clock[k], (k / 2 + 1) * (GLuint64EXT)HW_LCD_FRAME_CLOCKS);
	ck_assert_uint_eq(nngxShimGetClock(), 4ull * HW_LCD_FRAME_CLOCKS + HW_LCD_FRAME_CLOCKS / 2);

	/* One screen unset. */
	nngxSetVSyncCallback(NN_GX_DISPLAY1, NULL);
	nngxWaitVSync(NN_GX_DISPLAY_BOTH);
	ck_assert_uint_eq(call_count, 9);
	ck_assert_uint_eq(calls[8], NN_GX_DISPLAY0);
	nngxSetVSyncCallback(NN_GX_DISPLAY0_EXT, vsync_callback);
	ck_assert_uint_eq(diag_count(INVALID_ARGUMENT), 1);
	ck_gl_ok();
}
END_TEST

START_TEST(test_check_vsync_says_whether_the_swap_took_effect)
{
	display_buffer(NN_GX_DISPLAY0, GL_RGBA8_OES, W, H, NN_GX_MEM_VRAMA);
	ck_assert_int_eq(nngxCheckVSync(NN_GX_DISPLAY0), GL_FALSE);     /* no frame yet */
	nngxSwapBuffers(NN_GX_DISPLAY0);
	nngxShimAdvance(HW_LCD_FRAME_CLOCKS - 1);
	ck_assert_int_eq(nngxCheckVSync(NN_GX_DISPLAY0), GL_FALSE);
	nngxShimAdvance(1);
	ck_assert_int_eq(nngxCheckVSync(NN_GX_DISPLAY0), GL_TRUE);
	ck_assert_int_eq(nngxCheckVSync(NN_GX_DISPLAY1), GL_TRUE);      /* never swapped */
	ck_assert_int_eq(nngxCheckVSync(NN_GX_DISPLAY_BOTH), GL_TRUE);
	nngxSwapBuffers(NN_GX_DISPLAY0);
	ck_assert_int_eq(nngxCheckVSync(NN_GX_DISPLAY0), GL_FALSE);
	ck_assert_int_eq(nngxCheckVSync(NN_GX_DISPLAY_BOTH), GL_FALSE);
	nngxWaitVSync(NN_GX_DISPLAY0);
	ck_assert_int_eq(nngxCheckVSync(NN_GX_DISPLAY_BOTH), GL_TRUE);
	ck_assert_int_eq(nngxCheckVSync(0x1234), 0);
	ck_assert_uint_eq(diag_count(INVALID_ARGUMENT), 1);
}
END_TEST

/* ---- nngxTransferRenderImage ------------------------------------------------------------ */

START_TEST(test_transfer_render_image_reads_and_writes_the_screen_once)
{
	struct mem_delta d;
	GLuint b = display_buffer(NN_GX_DISPLAY0, GL_RGBA8_OES, W, H, NN_GX_MEM_VRAMB);
	uint8_t *px;
	static const unsigned expect[][2] = {
		{ HW_MEM_POST_TRANSFER_READ, SCREEN_RGBA8 },
		{ HW_MEM_VRAM_A_READ, SCREEN_RGBA8 },           /* the colour buffer */
		{ HW_MEM_POST_TRANSFER_WRITE, SCREEN_RGBA8 },
		{ HW_MEM_VRAM_B_WRITE, SCREEN_RGBA8 },          /* the display buffer */
	};

	glClearColor(1.0f, 0.5f, 0.25f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	fx_run_and_wait();
	delta_begin(&d);
	nngxTransferRenderImage(b, NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 0, 0);
	ck_gl_ok();
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_NEXT_REQTYPE), NN_GX_CMDLIST_REQTYPE_POSTTRANS);
	fx_run_and_wait();
	delta_end(&d);
	delta_is(&d, expect, 4);
	/* The display buffer holds the colour: RGBA8 bytes A, B, G, R. */
	px = fx_host_of(nngxShimGetDisplaybufferAddress(b));
	ck_assert_uint_eq(fx_le32(px), 0xFF8040FFu);
	ck_assert_uint_eq(fx_le32(px + (W * H - 1) * 4), 0xFF8040FFu);
}
END_TEST

/* A colour buffer of w x h in a framebuffer object, bound. */
static GLuint color_framebuffer(GLenum format, GLsizei w, GLsizei h, GLenum area)
{
	GLuint fb, rb;

	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glGenRenderbuffers(1, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	glRenderbufferStorage(GL_RENDERBUFFER | area, format, w, h);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
	ck_gl_ok();
	return rb;
}

START_TEST(test_transfer_antialiasing_2x2_reads_four_times_what_it_writes)
{
	struct mem_delta d;
	GLuint b = display_buffer(NN_GX_DISPLAY0, GL_RGBA8_OES, W, H, NN_GX_MEM_VRAMB);

	color_framebuffer(GL_RGBA8_OES, 2 * W, 2 * H, NN_GX_MEM_VRAMA);
	delta_begin(&d);
	nngxTransferRenderImage(b, NN_GX_ANTIALIASE_2x2, GL_FALSE, 0, 0);
	fx_run_and_wait();
	delta_end(&d);
	ck_assert_uint_eq(d.w[HW_MEM_POST_TRANSFER_READ], 4 * SCREEN_RGBA8);
	ck_assert_uint_eq(d.w[HW_MEM_POST_TRANSFER_WRITE], SCREEN_RGBA8);

	color_framebuffer(GL_RGBA8_OES, 2 * W, H, NN_GX_MEM_VRAMA);
	delta_begin(&d);
	nngxTransferRenderImage(b, NN_GX_ANTIALIASE_2x1, GL_TRUE, 0, 0);
	fx_run_and_wait();
	delta_end(&d);
	ck_assert_uint_eq(d.w[HW_MEM_POST_TRANSFER_READ], 2 * SCREEN_RGBA8);
	ck_assert_uint_eq(d.w[HW_MEM_POST_TRANSFER_WRITE], SCREEN_RGBA8);
}
END_TEST

START_TEST(test_transfer_rejects_what_the_engine_cannot_copy)
{
	GLuint b = display_buffer(NN_GX_DISPLAY0, GL_RGBA8_OES, W, 200, NN_GX_MEM_VRAMB), none = 77;
	GLint reqs;

	glClear(GL_COLOR_BUFFER_BIT);                   /* places framebuffer 0 */
	fx_run_and_wait();
	reqs = cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT);
	/* The SDK library's codes (sdk-surface section 6). */
	nngxTransferRenderImage(b, NN_GX_ANTIALIASE_2x2, GL_FALSE, 0, 0);  /* 480 > 240 */
	ck_gl_error(GL_ERROR_802C_DMP);
	nngxTransferRenderImage(b, NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 8, 0);
	ck_gl_error(GL_ERROR_802C_DMP);
	nngxTransferRenderImage(b, NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 0, 4);
	ck_gl_error(GL_ERROR_802D_DMP);
	nngxTransferRenderImage(b, NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, -8, 0);
	ck_gl_error(GL_ERROR_802D_DMP);
	nngxTransferRenderImage(b, NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 0, 208);  /* 208 + 200 > 400 */
	ck_gl_error(GL_ERROR_802C_DMP);
	ck_assert_uint_eq(diag_count(TRANSFER_REJECTED), 5);
	nngxTransferRenderImage(none, NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 0, 0);
	ck_gl_error(GL_ERROR_8029_DMP);
	ck_assert_uint_eq(diag_count(DISPLAYBUFFER_NOT_READY), 1);
	nngxTransferRenderImage(b, 0x0503, GL_FALSE, 0, 0);
	ck_gl_error(GL_ERROR_802B_DMP);
	ck_assert_uint_eq(diag_count(INVALID_ARGUMENT), 1);
	ck_gl_ok();
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT), reqs);
	/* The top half of the window (rows 200-399) fits. */
	nngxTransferRenderImage(b, NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 0, 200);
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT), reqs + 1);
	fx_run_and_wait();
	/* What the SDK allows and the model cannot copy (whole rows from
	 * column 0 only): the diagnostic, no GL error, nothing added. */
	reqs = cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT);
	color_framebuffer(GL_RGBA8_OES, 2 * W, H, NN_GX_MEM_VRAMA);
	nngxTransferRenderImage(b, NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 8, 0);
	nngxTransferRenderImage(b, NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 0, 0);
	ck_gl_ok();
	ck_assert_uint_eq(diag_count(TRANSFER_REJECTED), 7);
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT), reqs);
	/* Without a command list: 8027 and the command-list diagnostic. */
	nngxBindCmdlist(0);
	nngxTransferRenderImage(b, NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 0, 0);
	ck_gl_error(GL_ERROR_8027_DMP);
	ck_assert_uint_eq(diag_count(CMDLIST_NONE), 1);
	ck_gl_ok();
}
END_TEST

/* In GL_RENDER_BLOCK32_MODE_DMP the transfer reads the colour buffer's
 * 32x32 blocks (hw_fragment.h). A 64x64 RGBA8 colour buffer: memory row
 * 42, column 45 is pixel 3289 of the 32x32 layout (block 3, tile (1, 1)
 * = 3, in-tile Morton(5, 2) = 25: 3072 + 192 + 25) and 2905 of the 8x8
 * one (tile 45, 2880 + 25); without flip it lands on line 42, column 45
 * of the display buffer. Sides or a corner that are not whole 32x32
 * blocks: 8059 and 802D, nothing added. */
START_TEST(test_transfer_render_image_reads_32x32_blocks_in_block_mode)
{
	GLuint b = display_buffer(NN_GX_DISPLAY0, GL_RGBA8_OES, 64, 64, NN_GX_MEM_VRAMB);
	GLuint rb = color_framebuffer(GL_RGBA8_OES, 64, 64, NN_GX_MEM_VRAMA), half;
	uint8_t *color = fx_host_of(nngxShimGetRenderbufferAddress(rb)), *px;
	GLint reqs;

	glRenderBlockModeDMP(GL_RENDER_BLOCK32_MODE_DMP);
	memcpy(color + 3289 * 4, "\x11\x22\x33\x44", 4);
	memcpy(color + 2905 * 4, "\x55\x66\x77\x88", 4);
	nngxTransferRenderImage(b, NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 0, 0);
	ck_gl_ok();
	fx_run_and_wait();
	px = fx_host_of(nngxShimGetDisplaybufferAddress(b));
	ck_assert(memcmp(px + (42 * 64 + 45) * 4, "\x11\x22\x33\x44", 4) == 0);
	glRenderBlockModeDMP(GL_RENDER_BLOCK8_MODE_DMP);
	nngxTransferRenderImage(b, NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 0, 0);
	fx_run_and_wait();
	ck_assert(memcmp(px + (42 * 64 + 45) * 4, "\x55\x66\x77\x88", 4) == 0);

	glRenderBlockModeDMP(GL_RENDER_BLOCK32_MODE_DMP);
	reqs = cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT);
	half = display_buffer(NN_GX_DISPLAY0, GL_RGBA8_OES, 64, 32, NN_GX_MEM_VRAMB);
	nngxTransferRenderImage(half, NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 0, 8);
	ck_gl_error(GL_ERROR_802D_DMP);
	color_framebuffer(GL_RGBA8_OES, 64, 48, NN_GX_MEM_VRAMA);
	nngxTransferRenderImage(half, NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 0, 0);
	ck_gl_error(GL_ERROR_8059_DMP);
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT), reqs);
	ck_assert_uint_eq(diag_count(TRANSFER_REJECTED), 2);
}
END_TEST

/* ---- glClear --------------------------------------------------------------------------- */

START_TEST(test_glclear_fills_colour_and_depth_stencil_in_parallel)
{
	struct mem_delta d;
	GLuint64EXT clock;
	const uint8_t *c, *z;
	unsigned k;
	bool same = true;
	static const unsigned expect[][2] = {
		{ HW_MEM_FILL0_WRITE, SCREEN_RGBA8 },
		{ HW_MEM_VRAM_A_WRITE, SCREEN_RGBA8 },          /* colour in VRAM A */
		{ HW_MEM_FILL1_WRITE, SCREEN_RGBA8 },
		{ HW_MEM_VRAM_B_WRITE, SCREEN_RGBA8 },          /* D24S8 in VRAM B */
	};

	glClearColor(0.0f, 1.0f, 0.5f, 0.25f);
	glClearDepthf(0.5f);
	glClearStencil(0x5A);
	delta_begin(&d);
	clock = nngxShimGetClock();
	glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
	ck_gl_ok();
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT), 1);
	fx_run_and_wait();
	delta_end(&d);
	delta_is(&d, expect, 4);
	/* The two channels run together: the pair takes one fill's time. */
	ck_assert_uint_eq(nngxShimGetClock() - clock,
			  hw_transfer_clocks((uint64_t)W * H * 4, HW_RATE_FILL_MIB));
	c = default_color();
	z = default_depth();
	for (k = 0; k < W * H && same; k++)
		same = fx_le32(c + 4 * k) == 0x00FF8040u && fx_le32(z + 4 * k) == 0x5A800000u;
	ck_assert_msg(same, "pixel %u: colour 0x%08X, depth-stencil 0x%08X", k - 1,
		      fx_le32(c + 4 * (k - 1)), fx_le32(z + 4 * (k - 1)));
	ck_assert_uint_eq(diag_count(CLEAR_WHOLE_BUFFER), 0);
	ck_assert_uint_eq(diag_count(NOT_MODELLED), 0);
}
END_TEST

START_TEST(test_glclear_writes_the_buffers_formats)
{
	GLuint fb, color, depth;
	struct mem_delta d;
	const uint8_t *c, *z;

	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glGenRenderbuffers(1, &color);
	glBindRenderbuffer(GL_RENDERBUFFER, color);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGB565, 64, 32);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
	glGenRenderbuffers(1, &depth);
	glBindRenderbuffer(GL_RENDERBUFFER, depth);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, 64, 32);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth);
	ck_gl_ok();
	glClearColor(1.0f, 0.5f, 0.0f, 1.0f);
	glClearDepthf(1.0f);
	delta_begin(&d);
	glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
	fx_run_and_wait();
	delta_end(&d);
	ck_assert_uint_eq(d.w[HW_MEM_FILL0_WRITE], 64 * 32 * 2 / 16);
	ck_assert_uint_eq(d.w[HW_MEM_FILL1_WRITE], 64 * 32 * 2 / 16);
	c = fx_host_of(nngxShimGetRenderbufferAddress(color));
	z = fx_host_of(nngxShimGetRenderbufferAddress(depth));
	/* RGB565 of (255, 128, 0): 31 << 11 | 32 << 5; D16 of 1.0: 0xFFFF. */
	ck_assert_uint_eq(c[0] | c[1] << 8, 0xFC00u);
	ck_assert_uint_eq(c[64 * 32 * 2 - 2] | c[64 * 32 * 2 - 1] << 8, 0xFC00u);
	ck_assert_uint_eq(z[0] | z[1] << 8, 0xFFFFu);

	/* Only the colour: channel 1 stays unused. */
	delta_begin(&d);
	glClear(GL_COLOR_BUFFER_BIT);
	fx_run_and_wait();
	delta_end(&d);
	ck_assert_uint_eq(d.w[HW_MEM_FILL0_WRITE], 256);
	ck_assert_uint_eq(d.w[HW_MEM_FILL1_WRITE], 0);
	ck_assert_uint_eq(diag_count(CLEAR_WHOLE_BUFFER), 0);
}
END_TEST

START_TEST(test_glclear_says_when_a_fill_differs_from_opengl_es)
{
	glEnable(GL_SCISSOR_TEST);
	glClear(GL_COLOR_BUFFER_BIT);
	ck_assert_uint_eq(diag_count(CLEAR_WHOLE_BUFFER), 1);
	glDisable(GL_SCISSOR_TEST);
	glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_TRUE);
	glClear(GL_COLOR_BUFFER_BIT);
	ck_assert_uint_eq(diag_count(CLEAR_WHOLE_BUFFER), 2);
	glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
	glClear(GL_DEPTH_BUFFER_BIT);                   /* D24S8: stencil too */
	ck_assert_uint_eq(diag_count(CLEAR_WHOLE_BUFFER), 3);
	glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
	ck_assert_uint_eq(diag_count(CLEAR_WHOLE_BUFFER), 3);
	ck_gl_ok();
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT), 4);

	/* ES 2.0 errors and the command-list rule still hold. */
	glClear(0x2);
	ck_gl_error(GL_INVALID_VALUE);
	nngxBindCmdlist(0);
	glClear(GL_COLOR_BUFFER_BIT);
	ck_gl_ok();
	ck_assert_uint_eq(diag_count(CMDLIST_NONE), 1);
}
END_TEST

START_TEST(test_glclear_is_added_whole_or_not_at_all)
{
	fx_list(4096, 1);
	glClear(GL_EARLY_DEPTH_BUFFER_BIT_DMP | GL_COLOR_BUFFER_BIT);   /* needs RUN3D + FILLMEM */
	ck_gl_error(GL_ERROR_COMMANDREQUEST_FULL_DMP);
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_USED_BUFSIZE), 0);
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT), 0);
	glClear(GL_COLOR_BUFFER_BIT);
	ck_gl_ok();
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT), 1);
}
END_TEST

/* ---- glReadPixels ------------------------------------------------------------------------- */

START_TEST(test_glreadpixels_of_the_screen_counts_24000_cpu_reads_and_no_gpu_reads)
{
	struct mem_delta d;
	uint8_t *px = malloc((size_t)W * H * 4);
	unsigned k;
	bool same = true;
	static const unsigned expect[][2] = {
		{ HW_MEM_CPU_READ, SCREEN_RGBA8 },   /* the CPU's: not in words 0-3 */
	};

	ck_assert_ptr_nonnull(px);
	glClearColor(0.25f, 0.5f, 0.75f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	fx_run_and_wait();
	delta_begin(&d);
	glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_gl_ok();
	delta_end(&d);
	delta_is(&d, expect, 1);
	for (k = 0; k < W * H && same; k++)
		same = px[4 * k] == 64 && px[4 * k + 1] == 128 && px[4 * k + 2] == 191
		       && px[4 * k + 3] == 255;
	ck_assert_msg(same, "pixel %u differs", k - 1);
	free(px);
}
END_TEST

START_TEST(test_glreadpixels_untiles_rows_from_the_bottom)
{
	uint8_t px[40 * 30 * 4], edge[20 * 20 * 4];
	struct mem_delta d;
	unsigned i, j;
	bool same = true;

	write_pattern();
	delta_begin(&d);
	glReadPixels(16, 24, 40, 30, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_gl_ok();
	delta_end(&d);
	/* Window rows 24-53 are memory rows 346-375: tile rows 43-46, each
	 * 240 x 8 pixels of 4 bytes, 480 lines. */
	ck_assert_uint_eq(d.w[HW_MEM_CPU_READ], 4 * 480);
	for (j = 0; j < 30 && same; j++)
		for (i = 0; i < 40 && same; i++) {
			uint32_t v = pattern(16 + i, 24 + j);
			const uint8_t *p = px + (j * 40 + i) * 4;
			same = p[0] == (v >> 24) && p[1] == ((v >> 16) & 0xFF)
			       && p[2] == ((v >> 8) & 0xFF) && p[3] == (v & 0xFF);
		}
	ck_assert_msg(same, "pixel (%u, %u) differs", i - 1, j - 1);

	/* Partly outside: what lies outside stays as it was. */
	memset(edge, 0xEE, sizeof edge);
	glReadPixels(230, 390, 20, 20, GL_RGBA, GL_UNSIGNED_BYTE, edge);
	ck_gl_ok();
	ck_assert_uint_eq(edge[0], 230);
	ck_assert_uint_eq(edge[(9 * 20 + 9) * 4], 239);
	ck_assert_uint_eq(edge[(9 * 20 + 9) * 4 + 1], 399 & 0xFF);
	ck_assert_uint_eq(edge[(9 * 20 + 10) * 4], 0xEE);
	ck_assert_uint_eq(edge[(10 * 20 + 0) * 4], 0xEE);
}
END_TEST

START_TEST(test_glreadpixels_waits_for_the_gpu_and_converts_formats)
{
	uint8_t px[4] = { 0, 0, 0, 0 };

	color_framebuffer(GL_RGB565, 16, 16, NN_GX_MEM_VRAMB);
	glClearColor(1.0f, 0.5f, 0.0f, 0.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	/* No explicit wait: glReadPixels runs and waits for the clear. */
	glReadPixels(3, 5, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_gl_ok();
	ck_assert(!nngxGetIsRunning());
	/* R 31 -> 255, G 32 -> 130 (bit replication), B 0, no alpha: 255. */
	ck_assert_uint_eq(px[0], 255);
	ck_assert_uint_eq(px[1], 130);
	ck_assert_uint_eq(px[2], 0);
	ck_assert_uint_eq(px[3], 255);
}
END_TEST

START_TEST(test_glreadpixels_errors_follow_opengl_es)
{
	uint8_t px[64];
	GLuint fb;

	glReadPixels(0, 0, 1, 1, GL_DEPTH_COMPONENT, GL_UNSIGNED_BYTE, px);
	ck_gl_error(GL_INVALID_ENUM);
	glReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, px);
	ck_gl_error(GL_INVALID_ENUM);
	glReadPixels(0, 0, -1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_gl_error(GL_INVALID_VALUE);
	glReadPixels(0, 0, 1, 1, GL_RGB, GL_UNSIGNED_BYTE, px);
	ck_gl_error(GL_INVALID_OPERATION);
	glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, px);
	ck_gl_error(GL_INVALID_OPERATION);
	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);          /* nothing attached */
	glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_gl_error(GL_INVALID_FRAMEBUFFER_OPERATION);
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	ck_gl_ok();
	ck_assert_uint_eq(diag_count(INVALID_ARGUMENT), 1);
}
END_TEST

/* ---- DMA and memory fills ------------------------------------------------------------------ */

/* Words 0-3 are the GPU's accesses (table 9-10); the DMA is the CPU's. */
START_TEST(test_vram_dma_of_n_bytes_counts_n_over_16_on_word_17_only)
{
	enum { N = 4096 };
	uint8_t *src = nngxShimAllocMemory(NN_GX_MEM_FCRAM, N);
	uint8_t *dst = nngxShimAllocMemory(NN_GX_MEM_VRAMA, N);
	struct mem_delta d;
	unsigned k;
	static const unsigned expect[][2] = {
		{ HW_MEM_CPU_DMA_WRITE, N / 16 },
	};

	ck_assert_ptr_nonnull(src);
	ck_assert_ptr_nonnull(dst);
	for (k = 0; k < N; k++)
		src[k] = (uint8_t)(k * 7 + 3);
	delta_begin(&d);
	nngxAddVramDmaCommand(src, dst, N);
	ck_gl_ok();
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_NEXT_REQTYPE), NN_GX_CMDLIST_REQTYPE_DMA);
	fx_run_and_wait();
	delta_end(&d);
	delta_is(&d, expect, 1);
	ck_assert(memcmp(src, dst, N) == 0);
	nngxShimFreeMemory(src);
	nngxShimFreeMemory(dst);
}
END_TEST

START_TEST(test_vram_dma_errors)
{
	uint8_t *block = nngxShimAllocMemory(NN_GX_MEM_VRAMB, 256), outside[64];
	GLuint list = (GLuint)cmdlist_param(NN_GX_CMDLIST_BINDING);

	nngxAddVramDmaCommand(block, block + 128, -1);
	ck_gl_error(GL_ERROR_8064_DMP);
	/* The console address space: a source nothing maps, a destination
	 * that is program memory, not VRAM, and one past VRAM's end. */
	nngxAddVramDmaCommand((const GLvoid *)16, block, 64);
	nngxAddVramDmaCommand(block, outside, 64);
	nngxAddVramDmaCommand(block, (GLvoid *)(nngxGetVramEndAddr(NN_GX_MEM_VRAMB) - 31), 64);
	ck_gl_ok();
	ck_assert_uint_eq(diag_count(MEMORY_NOT_SIMULATED), 3);
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT), 0);
	nngxBindCmdlist(0);
	nngxAddVramDmaCommand(block, block + 128, 64);
	ck_gl_error(GL_ERROR_8062_DMP);
	nngxBindCmdlist(list);
	nngxAddVramDmaCommand(block, block + 128, 128);
	ck_gl_ok();
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT), 1);
	/* Memory the program did not get from nngxShimAllocMemory is not freed. */
	nngxShimFreeMemory(outside);
	ck_assert_uint_eq(diag_count(INVALID_ARGUMENT), 1);
	ck_assert_ptr_null(nngxShimAllocMemory(0x12345, 16));
	ck_assert_ptr_null(nngxShimGetHostPointer(0x10000000u));
	nngxShimFreeMemory(block);
}
END_TEST

/* Clocks one request of the bound list takes, from the current clock. */
static GLuint64EXT timed_run(void)
{
	GLuint64EXT clock = nngxShimGetClock();

	fx_run_and_wait();
	return nngxShimGetClock() - clock;
}

/* Issue 30: rates by source AND destination. 64 KiB at R MiB/s on the
 * model's 268 MHz clock takes ceil(65536 * 268000000 / (R * 2^20)) =
 * ceil(268000000 / (16 R)) clocks, worked by hand:
 *   copy main -> main, 450:  268000000 / 7200  = 37222.2 -> 37223
 *   copy VRAM -> main, 5400: 268000000 / 86400 = 3101.85 -> 3102
 *   copy main -> VRAM, 3100: 268000000 / 49600 = 5403.2  -> 5404
 *   DMA main -> main, 190:   268000000 / 3040  = 88157.9 -> 88158
 *   DMA main -> VRAM, 310:   268000000 / 4960  = 54032.3 -> 54033
 *   DMA VRAM -> main, 380:   268000000 / 6080  = 44078.9 -> 44079 */
START_TEST(test_transfer_rates_follow_source_and_destination)
{
	enum { N = 65536 };
	void *main_a = nngxShimAllocMemory(NN_GX_MEM_FCRAM, N);
	void *main_b = nngxShimAllocMemory(NN_GX_MEM_FCRAM, N);
	void *vram = nngxShimAllocMemory(NN_GX_MEM_VRAMA, N);
	GLuint64EXT main_to_main, vram_to_main, main_to_vram;

	ck_assert_ptr_nonnull(main_a);
	ck_assert_ptr_nonnull(main_b);
	ck_assert_ptr_nonnull(vram);
	memset(main_a, 0x5A, N);
	nngxAddBlockImageCopyCommand(main_a, N, 0, main_b, N, 0, N);
	ck_gl_ok();
	main_to_main = timed_run();
	ck_assert_uint_eq(((uint8_t *)main_b)[N - 1], 0x5A);   /* it did copy */
	nngxAddBlockImageCopyCommand(vram, N, 0, main_b, N, 0, N);
	vram_to_main = timed_run();
	nngxAddBlockImageCopyCommand(main_a, N, 0, vram, N, 0, N);
	main_to_vram = timed_run();
	ck_assert_uint_eq(main_to_main, 37223);
	ck_assert_uint_eq(vram_to_main, 3102);
	ck_assert_uint_eq(main_to_vram, 5404);
	/* "Many times longer": 12 times the VRAM source's time. */
	ck_assert_uint_gt(main_to_main, 11 * vram_to_main);

	nngxAddVramDmaCommand(main_a, main_b, N);
	ck_assert_uint_eq(timed_run(), 88158);
	nngxAddVramDmaCommand(main_a, vram, N);
	ck_assert_uint_eq(timed_run(), 54033);
	nngxAddVramDmaCommand(vram, main_b, N);
	ck_assert_uint_eq(timed_run(), 44079);
	nngxShimFreeMemory(main_a);
	nngxShimFreeMemory(main_b);
	nngxShimFreeMemory(vram);
}
END_TEST

/* model.transfer.* reach the engines: a configuration with a main-to-main
 * copy rate of 900 MiB/s halves the copy (ceil(268000000 / 14400) =
 * 18612 clocks). */
START_TEST(test_transfer_rate_keys_set_the_rates)
{
	enum { N = 65536 };
	struct nngx_config cfg, saved;
	char err[NNGX_CONFIG_ERROR_MAX];
	char path[TU_TEMP_PATH];
	void *a, *b;

	ck_assert(tu_temp_file(path, "model: { transfer: { post_fcram_to_fcram = 900; "
				     "dma_fcram_to_fcram = 95; }; };\n"));
	nngx_config_defaults(&cfg);
	ck_assert_uint_eq(cfg.transfer_rates.post_fcram_to_fcram, 450);
	ck_assert_uint_eq(cfg.transfer_rates.dma_fcram_to_fcram, 190);
	saved = nngx_state_get()->config;
	ck_assert(nngx_config_load(path, &cfg, &cfg, err, NULL));
	ck_assert_uint_eq(cfg.transfer_rates.post_fcram_to_fcram, 900);
	ck_assert_uint_eq(cfg.transfer_rates.dma_fcram_to_fcram, 95);
	ck_assert_uint_eq(cfg.transfer_rates.post_from_vram, 5400);     /* untouched */
	ck_assert(nngxShimLoadConfig(path) == GL_TRUE);                 /* the public way */
	unlink(path);
	a = nngxShimAllocMemory(NN_GX_MEM_FCRAM, N);
	b = nngxShimAllocMemory(NN_GX_MEM_FCRAM, N);
	nngxAddBlockImageCopyCommand(a, N, 0, b, N, 0, N);
	ck_assert_uint_eq(timed_run(), 18612);
	/* 95 MiB/s: ceil(268000000 / 1520) = 176316. */
	nngxAddVramDmaCommand(a, b, N);
	ck_assert_uint_eq(timed_run(), 176316);
	nngxShimFreeMemory(a);
	nngxShimFreeMemory(b);
	ck_assert(nngx_state_apply_config(nngx_state_get(), &saved));
}
END_TEST

START_TEST(test_transfers_from_vram_are_faster_than_from_fcram)
{
	enum { N = 65536 };
	void *fcram = nngxShimAllocMemory(NN_GX_MEM_FCRAM, N);
	void *vram_b = nngxShimAllocMemory(NN_GX_MEM_VRAMB, N);
	void *vram_a = nngxShimAllocMemory(NN_GX_MEM_VRAMA, N);
	GLuint64EXT from_fcram, from_vram;
	GLuint b = display_buffer(NN_GX_DISPLAY0, GL_RGBA8_OES, W, H, NN_GX_MEM_VRAMB);

	nngxAddVramDmaCommand(fcram, vram_a, N);
	from_fcram = timed_run();
	nngxAddVramDmaCommand(vram_b, vram_a, N);
	from_vram = timed_run();
	ck_assert_uint_lt(from_vram, from_fcram);
	ck_assert_uint_eq(from_fcram, hw_transfer_clocks(N, HW_RATE_DMA_TO_VRAM_MIB));
	ck_assert_uint_eq(from_vram, hw_transfer_clocks(N, HW_RATE_DMA_FROM_VRAM_MIB));

	/* The post-transfer engine too: a colour buffer in FCRAM is slower. */
	color_framebuffer(GL_RGBA8_OES, W, H, NN_GX_MEM_FCRAM);
	nngxTransferRenderImage(b, NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 0, 0);
	from_fcram = timed_run();
	color_framebuffer(GL_RGBA8_OES, W, H, NN_GX_MEM_VRAMA);
	nngxTransferRenderImage(b, NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 0, 0);
	from_vram = timed_run();
	ck_assert_uint_lt(from_vram, from_fcram);
	nngxShimFreeMemory(fcram);
	nngxShimFreeMemory(vram_a);
	nngxShimFreeMemory(vram_b);
}
END_TEST

START_TEST(test_memory_fill_command_fills_both_channels)
{
	uint8_t *a = nngxShimAllocMemory(NN_GX_MEM_VRAMA, 256);
	uint8_t *b = nngxShimAllocMemory(NN_GX_MEM_VRAMB, 96);
	uint8_t *f = nngxShimAllocMemory(NN_GX_MEM_FCRAM, 64);
	static uint8_t host_block[48];
	void *host;
	struct mem_delta d;
	unsigned k;

	delta_begin(&d);
	nngxAddMemoryFillCommand(a, 256, 0x11223344u, 32, b, 96, 0xAABBCCu, 24);
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_NEXT_REQTYPE), NN_GX_CMDLIST_REQTYPE_FILLMEM);
	fx_run_and_wait();
	delta_end(&d);
	ck_assert_uint_eq(d.w[HW_MEM_FILL0_WRITE], 16);
	ck_assert_uint_eq(d.w[HW_MEM_FILL1_WRITE], 6);
	ck_assert_uint_eq(d.w[HW_MEM_VRAM_A_WRITE], 16);
	ck_assert_uint_eq(d.w[HW_MEM_VRAM_B_WRITE], 6);
	for (k = 0; k < 256; k += 4)
		ck_assert_uint_eq(fx_le32(a + k), 0x11223344u);
	for (k = 0; k < 96; k += 3)
		ck_assert(b[k] == 0xCC && b[k + 1] == 0xBB && b[k + 2] == 0xAA);

	/* One channel, 16 bits. */
	nngxAddMemoryFillCommand(NULL, 0, 0, 0, a, 32, 0xFFFF1234u, 16);
	fx_run_and_wait();
	ck_assert_uint_eq(a[0] | a[1] << 8, 0x1234);
	ck_assert_uint_eq(a[30] | a[31] << 8, 0x1234);
	ck_assert_uint_eq(fx_le32(a + 32), 0x11223344u);

	/* Refused: a misaligned start (8079), size (807A), width (807B);
	 * main memory and host memory (no SDK code: diagnostics alone). */
	nngxAddMemoryFillCommand(a + 8, 64, 0, 32, NULL, 0, 0, 0);
	ck_gl_error(GL_ERROR_8079_DMP);
	nngxAddMemoryFillCommand(a, 60, 0, 32, NULL, 0, 0, 0);
	ck_gl_error(GL_ERROR_807A_DMP);
	nngxAddMemoryFillCommand(a, 64, 0, 8, NULL, 0, 0, 0);
	ck_gl_error(GL_ERROR_807B_DMP);
	nngxAddMemoryFillCommand(f, 64, 0, 32, NULL, 0, 0, 0);
	ck_assert_uint_eq(diag_count(INVALID_ARGUMENT), 4);
	host = (void *)(((uintptr_t)host_block + 15) & ~(uintptr_t)15);
	nngxAddMemoryFillCommand(host, 16, 0, 32, NULL, 0, 0, 0);
	ck_assert_uint_eq(diag_count(MEMORY_NOT_SIMULATED), 1);
	ck_gl_ok();
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT), 0);
	nngxShimFreeMemory(a);
	nngxShimFreeMemory(b);
	nngxShimFreeMemory(f);
}
END_TEST

/* Engine code clears VRAM at boot through the addresses the VRAM helpers
 * hand out (sdk-surface.md section 7): each bank whole, by its window
 * address. Every buffer in the banks reads zero afterwards, and the fill
 * moves the MEMORY_ACCESS words of any fill of 3 MiB a channel. */
START_TEST(test_boot_clear_of_both_banks_by_window_address)
{
	uint8_t *a = nngxShimAllocMemory(NN_GX_MEM_VRAMA, 4096);
	GLuint b = display_buffer(NN_GX_DISPLAY0, GL_RGBA8_OES, W, H, NN_GX_MEM_VRAMB);
	uint8_t *pb = fx_host_of(nngxShimGetDisplaybufferAddress(b));
	uint8_t *f = nngxShimAllocMemory(NN_GX_MEM_FCRAM, 256);
	const unsigned per_bank = (unsigned)(nngxGetVramSize(NN_GX_MEM_VRAMA) / 16);
	const unsigned expect[4][2] = {
		{ HW_MEM_FILL0_WRITE, per_bank }, { HW_MEM_FILL1_WRITE, per_bank },
		{ HW_MEM_VRAM_A_WRITE, per_bank }, { HW_MEM_VRAM_B_WRITE, per_bank },
	};
	struct mem_delta d;
	unsigned k, seen;

	ck_assert_ptr_nonnull(a);
	ck_assert_ptr_nonnull(f);
	memset(a, 0xA5, 4096);
	memset(pb, 0x5A, (size_t)W * H * 4);
	memset(f, 0x77, 256);
	delta_begin(&d);
	nngxAddMemoryFillCommand((GLvoid *)nngxGetVramStartAddr(NN_GX_MEM_VRAMA),
				 (GLsizei)nngxGetVramSize(NN_GX_MEM_VRAMA), 0, 32,
				 (GLvoid *)nngxGetVramStartAddr(NN_GX_MEM_VRAMB),
				 (GLsizei)nngxGetVramSize(NN_GX_MEM_VRAMB), 0, 32);
	ck_gl_ok();
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT), 1);
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_NEXT_REQTYPE), NN_GX_CMDLIST_REQTYPE_FILLMEM);
	fx_run_and_wait();
	delta_end(&d);
	delta_is(&d, expect, 4);
	for (k = 0, seen = 0; k < 4096; k++)
		seen |= a[k];
	ck_assert_uint_eq(seen, 0);
	for (k = 0; k < (unsigned)W * H * 4; k++)
		seen |= pb[k];
	ck_assert_uint_eq(seen, 0);
	for (k = 0; k < 256; k++)
		ck_assert_uint_eq(f[k], 0x77);          /* main memory is not VRAM */
	ck_assert_uint_eq(diag_count(MEMORY_NOT_SIMULATED), 0);

	/* Part of a bank, 24 bits: the pattern's phase counts from the start,
	 * and only the bytes named change. */
	nngxAddMemoryFillCommand((GLvoid *)(nngxGetVramStartAddr(NN_GX_MEM_VRAMA)
					    + (nngxGetPhysicalAddr((uptr)a) - HW_VRAM_A_BASE) + 16),
				 48, 0x00ABCDEFu, 24, NULL, 0, 0, 0);
	fx_run_and_wait();
	for (k = 0; k < 16; k++)
		ck_assert_uint_eq(a[k], 0);
	for (k = 16; k < 64; k += 3)
		ck_assert(a[k] == 0xEF && a[k + 1] == 0xCD && a[k + 2] == 0xAB);
	ck_assert_uint_eq(a[64], 0);
	nngxShimFreeMemory(a);
	nngxShimFreeMemory(f);
}
END_TEST

/* A window range that leaves its bank (past A into B, past B's end, both
 * banks at once, or outside the window) is refused with
 * MEMORY_NOT_SIMULATED and no GL error, as any range outside simulated
 * memory is; nothing is added, filled or counted. */
START_TEST(test_window_fill_past_a_bank_is_refused_and_changes_nothing)
{
	uint8_t *a = nngxShimAllocMemory(NN_GX_MEM_VRAMA, 64);
	uptr va = nngxGetVramStartAddr(NN_GX_MEM_VRAMA), vb = nngxGetVramStartAddr(NN_GX_MEM_VRAMB);
	GLsizei bank = (GLsizei)nngxGetVramSize(NN_GX_MEM_VRAMA);
	struct mem_delta d;
	unsigned k;

	memset(a, 0xA5, 64);
	delta_begin(&d);
	nngxAddMemoryFillCommand((GLvoid *)(vb - 16), 32, 0, 32, NULL, 0, 0, 0);
	nngxAddMemoryFillCommand((GLvoid *)(vb + bank - 16), 32, 0, 32, NULL, 0, 0, 0);
	nngxAddMemoryFillCommand((GLvoid *)va, 2 * bank, 0, 32, NULL, 0, 0, 0);
	nngxAddMemoryFillCommand((GLvoid *)(vb + bank), 16, 0, 32, NULL, 0, 0, 0);
	nngxAddMemoryFillCommand((GLvoid *)(va - 16), 16, 0, 32, NULL, 0, 0, 0);
	/* A good channel beside a bad one is not added either. */
	nngxAddMemoryFillCommand((GLvoid *)va, 64, 0, 32, (GLvoid *)(vb - 16), 32, 0, 32);
	ck_assert_uint_eq(diag_count(MEMORY_NOT_SIMULATED), 6);
	ck_gl_ok();
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT), 0);
	fx_run_and_wait();
	delta_end(&d);
	delta_is(&d, NULL, 0);
	for (k = 0; k < 64; k++)
		ck_assert_uint_eq(a[k], 0xA5);
	/* The last 16 bytes of B and the first of A are inside. */
	nngxAddMemoryFillCommand((GLvoid *)(vb + bank - 16), 16, 0, 32, (GLvoid *)va, 16, 0, 32);
	ck_gl_ok();
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT), 1);
	ck_assert_uint_eq(diag_count(MEMORY_NOT_SIMULATED), 6);
	nngxShimFreeMemory(a);
}
END_TEST

/* DMA takes window addresses too; in the console address space the
 * window is VRAM itself, so a DMA reaches bytes no buffer holds as well
 * (inside one bank), as on the console. */
START_TEST(test_vram_dma_to_a_window_address_reaches_the_block)
{
	uint8_t *src = nngxShimAllocMemory(NN_GX_MEM_FCRAM, 64);
	uint8_t *dst = nngxShimAllocMemory(NN_GX_MEM_VRAMB, 64);
	uptr window = nngxGetVramStartAddr(NN_GX_MEM_VRAMA)
		      + (nngxGetPhysicalAddr((uptr)dst) - HW_VRAM_A_BASE);
	uint8_t *last = (uint8_t *)(nngxGetVramEndAddr(NN_GX_MEM_VRAMA) - 63);
	unsigned k;
	GLint used;

	ck_assert_uint_eq(window, (uptr)dst);
	for (k = 0; k < 64; k++)
		src[k] = (uint8_t)(k + 1);
	nngxAddVramDmaCommand(src, (GLvoid *)window, 64);
	ck_gl_ok();
	fx_run_and_wait();
	ck_assert_int_eq(memcmp(src, dst, 64), 0);
	/* Where no block is, inside one bank: done too. */
	nngxAddVramDmaCommand(src, last, 64);
	ck_gl_ok();
	fx_run_and_wait();
	ck_assert_int_eq(memcmp(src, last, 64), 0);
	/* Across the end of bank A into B: refused, nothing added. */
	used = cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT);
	nngxAddVramDmaCommand(src, last + 32, 64);
	ck_assert_uint_eq(diag_count(MEMORY_NOT_SIMULATED), 1);
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT), used);
	ck_gl_ok();
	nngxShimFreeMemory(src);
	nngxShimFreeMemory(dst);
}
END_TEST

/* ---- order of requests ---------------------------------------------------------------------- */

START_TEST(test_requests_run_in_the_order_of_the_calls)
{
	GLuint b = display_buffer(NN_GX_DISPLAY0, GL_RGBA8_OES, W, H, NN_GX_MEM_VRAMB);
	struct nngx_cmdlist *l;

	glClearColor(1.0f, 0.0f, 0.0f, 1.0f);
	glClear(GL_EARLY_DEPTH_BUFFER_BIT_DMP | GL_COLOR_BUFFER_BIT);
	nngxTransferRenderImage(b, NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 0, 0);
	glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	ck_gl_ok();
	/* The early depth clear's commands are closed into a request first. */
	l = &nngx_state_get()->cmdlists.list[0];
	ck_assert_uint_eq(l->used_req, 4);
	ck_assert_uint_eq(l->req[0].type, NN_GX_CMDLIST_REQTYPE_RUN3D);
	ck_assert_uint_eq(l->req[1].type, NN_GX_CMDLIST_REQTYPE_FILLMEM);
	ck_assert_uint_eq(l->req[2].type, NN_GX_CMDLIST_REQTYPE_POSTTRANS);
	ck_assert_uint_eq(l->req[3].type, NN_GX_CMDLIST_REQTYPE_FILLMEM);
	fx_run_and_wait();
	/* The display buffer got the red of its time, the colour buffer ends blue. */
	ck_assert_uint_eq(fx_le32(fx_host_of(nngx_state_get()->gl.default_color_phys)), 0x0000FFFFu);
	ck_assert_uint_eq(fx_le32(fx_host_of(nngxShimGetDisplaybufferAddress(b))), 0xFF0000FFu);
}
END_TEST

/* ---- glCopyTexImage2D ------------------------------------------------------------------------ */

START_TEST(test_copyteximage_copies_the_tiles_with_the_copy_engine)
{
	struct mem_delta d;
	struct gl_texture *t;
	const uint8_t *c, *tex;
	GLuint name;
	unsigned i, j;
	bool same = true;

	write_pattern();
	glGenTextures(1, &name);
	glBindTexture(GL_TEXTURE_2D, name);
	delta_begin(&d);
	glCopyTexImage2D(GL_TEXTURE_2D | NN_GX_MEM_VRAMB, 0, GL_RGBA, 16, 24, 32, 64, 0);
	ck_gl_ok();
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_NEXT_REQTYPE), NN_GX_CMDLIST_REQTYPE_COPYTEX);
	fx_run_and_wait();
	delta_end(&d);
	ck_assert_uint_eq(d.w[HW_MEM_POST_TRANSFER_READ], 32 * 64 * 4 / 16);
	ck_assert_uint_eq(d.w[HW_MEM_POST_TRANSFER_WRITE], 32 * 64 * 4 / 16);
	ck_assert_uint_eq(d.w[HW_MEM_VRAM_B_WRITE], 32 * 64 * 4 / 16);
	t = gl_texture_find(&nngx_state_get()->gl, name);
	ck_assert_uint_eq(t->hw.format, HW_TEX_RGBA8);
	ck_assert_uint_eq(t->hw.width, 32);
	/* The texture reads as the rectangle drawn into it as a colour
	 * attachment: its pixel (i, j) is the window's (16 + i, 24 + j). */
	c = default_color();
	tex = fx_host_of(t->hw.phys);
	for (j = 0; j < 64 && same; j++)
		for (i = 0; i < 32 && same; i++)
			same = fx_le32(tex + hw_fragment_pixel_offset(i, j, 32, 64, 4))
			       == fx_le32(c + hw_fragment_pixel_offset(16 + i, 24 + j, W, H, 4));
	ck_assert_msg(same, "texel (%u, %u) differs", i - 1, j - 1);

	/* Level 1 continues the chain. */
	glCopyTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA, 0, 0, 16, 32, 0);
	ck_gl_ok();
	fx_run_and_wait();
}
END_TEST

/* A sub-rectangle lands at its offset in the level, read as a colour
 * attachment; the rest of the level is kept. Narrower than the level: one
 * request a tile row; as wide: one request. */
START_TEST(test_copytexsubimage_copies_into_the_level)
{
	struct gl_texture *t;
	const uint8_t *c, *tex;
	uint8_t before[32 * 32 * 4];
	GLuint name;
	unsigned i, j;
	bool same = true;

	write_pattern();
	glGenTextures(1, &name);
	glBindTexture(GL_TEXTURE_2D, name);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 32, 32, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	t = gl_texture_find(&nngx_state_get()->gl, name);
	tex = fx_host_of(t->hw.phys);
	memset((uint8_t *)tex, 0x3C, sizeof before);
	memcpy(before, tex, sizeof before);
	glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 8, 16, 40, 48, 16, 16);
	ck_gl_ok();
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT), 2);   /* 2 tile rows */
	fx_run_and_wait();
	c = default_color();
	for (j = 0; j < 32 && same; j++)
		for (i = 0; i < 32 && same; i++) {
			uint32_t at = hw_fragment_pixel_offset(i, j, 32, 32, 4);
			if (i >= 8 && i < 24 && j >= 16)
				same = fx_le32(tex + at) == fx_le32(c + hw_fragment_pixel_offset(
						40 + i - 8, 48 + j - 16, W, H, 4));
			else
				same = fx_le32(tex + at) == fx_le32(before + at);
		}
	ck_assert_msg(same, "texel (%u, %u) differs", i - 1, j - 1);
	/* The level's whole width: one request. */
	glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 8, 32, 8);
	ck_gl_ok();
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT), 1);
	fx_run_and_wait();
	for (i = 0; i < 32 && same; i++)
		same = fx_le32(tex + hw_fragment_pixel_offset(i, 3, 32, 32, 4))
		       == fx_le32(c + hw_fragment_pixel_offset(i, 11, W, H, 4));
	ck_assert(same);
	/* 0 x 0: nothing. */
	glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 0, 0);
	ck_gl_ok();
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT), 0);
}
END_TEST

START_TEST(test_copytexsubimage_errors)
{
	GLuint name;

	glGenTextures(1, &name);
	glBindTexture(GL_TEXTURE_2D, name);
	glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 8, 8);       /* no image */
	ck_gl_error(GL_INVALID_OPERATION);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 32, 32, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	ck_gl_ok();
	glCopyTexSubImage2D(GL_TEXTURE_CUBE_MAP, 0, 0, 0, 0, 0, 8, 8);
	ck_gl_error(GL_INVALID_ENUM);
	glCopyTexSubImage2D(GL_TEXTURE_2D, -1, 0, 0, 0, 0, 8, 8);
	ck_gl_error(GL_INVALID_VALUE);
	glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, -8, 8);
	ck_gl_error(GL_INVALID_VALUE);
	glCopyTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 0, 0, 8, 8);        /* level 1 undefined */
	ck_gl_error(GL_INVALID_OPERATION);
	glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 24, 0, 0, 0, 16, 8);      /* past the level */
	ck_gl_error(GL_INVALID_VALUE);
	glCopyTexSubImage2D(GL_TEXTURE_2D, 0, -8, 0, 0, 0, 8, 8);
	ck_gl_error(GL_INVALID_VALUE);
	glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 4, 0, 0, 0, 8, 8);        /* off the grid */
	ck_gl_error(GL_INVALID_VALUE);
	glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 236, 0, 8, 8);      /* past the buffer */
	ck_gl_error(GL_INVALID_VALUE);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 32, 32, 0, GL_RGB, GL_UNSIGNED_BYTE, NULL);
	glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 8, 8);        /* RGB8 from RGBA8 */
	ck_gl_error(GL_INVALID_OPERATION);
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT), 0);
}
END_TEST

START_TEST(test_copyteximage_errors)
{
	GLuint name;

	glGenTextures(1, &name);
	glBindTexture(GL_TEXTURE_2D, name);
	glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, 0, 0, 32, 32, 0);
	ck_gl_error(GL_INVALID_ENUM);
	glCopyTexImage2D(GL_TEXTURE_CUBE_MAP, 0, GL_RGBA, 0, 0, 32, 32, 0);
	ck_gl_error(GL_INVALID_ENUM);
	glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 0, 0, 32, 32, 0);    /* RGBA8 buffer */
	ck_gl_error(GL_INVALID_OPERATION);
	glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 0, 0, 48, 32, 0);   /* not a power of two */
	ck_gl_error(GL_INVALID_VALUE);
	glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 4, 0, 32, 32, 0);   /* off the tile grid */
	ck_gl_error(GL_INVALID_VALUE);
	glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 224, 0, 32, 32, 0); /* past the right edge */
	ck_gl_error(GL_INVALID_VALUE);
	glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 0, 0, 32, 32, 1);
	ck_gl_error(GL_INVALID_VALUE);
	glCopyTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA, 0, 0, 16, 16, 0);   /* level 1 first */
	ck_gl_error(GL_INVALID_OPERATION);
	ck_assert_uint_eq(nngxShimGetTextureAddress(name), 0);
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT), 0);
	/* No command list: nothing changes, no GL error. */
	nngxBindCmdlist(0);
	glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 0, 0, 32, 32, 0);
	ck_gl_ok();
	ck_assert_uint_eq(diag_count(CMDLIST_NONE), 1);
	ck_assert_uint_eq(nngxShimGetTextureAddress(name), 0);
}
END_TEST

/* ---- profiling calls while a command list executes ------------------------------------------- */

static char misbehave_cfg[64];

static void load_misbehave_config(bool on)
{
	FILE *f;
	int fd;

	strcpy(misbehave_cfg, "/tmp/nngx-display-XXXXXX");
	fd = mkstemp(misbehave_cfg);
	ck_assert_int_ge(fd, 0);
	f = fdopen(fd, "w");
	ck_assert_ptr_nonnull(f);
	fprintf(f, "profiling: { misbehave_during_cmdlist = %s; };\n", on ? "true" : "false");
	fclose(f);
	ck_assert_msg(nngxShimLoadConfig(misbehave_cfg) == GL_TRUE, "%s", nngxShimGetConfigError());
	unlink(misbehave_cfg);
	nngxShimSetDiagLevel(NNGX_SHIM_LEVEL_OFF);      /* the file set "warning" */
}

static void restore_config(void)
{
	ck_assert(nngxShimLoadConfig(NULL) == GL_TRUE);         /* NNGX_CONFIG: the shipped file */
	nngxShimSetDiagLevel(NNGX_SHIM_LEVEL_OFF);
}

/* A megabyte of DMA from FCRAM queued and running (about 0.9 M clocks),
 * after a clear that moved the counters. */
static void start_long_work(void **src, void **dst)
{
	*src = nngxShimAllocMemory(NN_GX_MEM_FCRAM, 1 << 20);
	*dst = nngxShimAllocMemory(NN_GX_MEM_VRAMB, 1 << 20);
	nngxAddVramDmaCommand(*src, *dst, 1 << 20);
	nngxRunCmdlist();
	ck_assert(nngxGetIsRunning());
}

START_TEST(test_profiling_during_a_command_list_only_warns_by_default)
{
	GLuint before[WORDS], during[WORDS];
	void *src, *dst;

	load_misbehave_config(false);
	mem_read(before);
	glClear(GL_COLOR_BUFFER_BIT);
	fx_run_and_wait();
	start_long_work(&src, &dst);
	mem_read(during);
	ck_assert_uint_eq(during[HW_MEM_FILL0_WRITE], before[HW_MEM_FILL0_WRITE] + SCREEN_RGBA8);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	ck_assert(hw_busy_running(&nngx_state_get()->gpu.busy, nngxShimGetClock()));
	ck_assert_uint_eq(diag_count(CALL_DURING_COMMAND_LIST), 2);
	ck_assert_uint_eq(diag_count(PROFILING_MISBEHAVED), 0);
	nngxWaitCmdlistDone();
	nngxStopProfiling(NN_GX_PROFILING_BUSY);
	nngxShimFreeMemory(src);
	nngxShimFreeMemory(dst);
	restore_config();
}
END_TEST

START_TEST(test_profiling_during_a_command_list_misbehaves_when_configured)
{
	GLuint before[WORDS], during[WORDS], after[WORDS], param = 0;
	void *src, *dst;

	load_misbehave_config(true);
	tu_set_busy(100, 0);
	mem_read(before);
	glClear(GL_COLOR_BUFFER_BIT);
	fx_run_and_wait();
	start_long_work(&src, &dst);
	/* The read returns the previous read's values: the clear is missing. */
	mem_read(during);
	ck_assert(memcmp(before, during, sizeof before) == 0);
	ck_assert_uint_eq(diag_count(PROFILING_MISBEHAVED), 1);
	/* Start and parameter writes are lost; errors are still errors. */
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	ck_assert(!hw_busy_running(&nngx_state_get()->gpu.busy, nngxShimGetClock()));
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME, 123);
	nngxGetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME, &param);
	ck_assert_uint_eq(param, 100);
	nngxStartProfiling(0x1234);
	ck_gl_error(GL_ERROR_80A2_DMP);
	ck_assert_uint_eq(diag_count(PROFILING_MISBEHAVED), 3);
	ck_assert_uint_eq(diag_count(CALL_DURING_COMMAND_LIST), 5);
	/* Once the list is done, reads are right again. */
	nngxWaitCmdlistDone();
	mem_read(after);
	ck_assert_uint_eq(after[HW_MEM_FILL0_WRITE], before[HW_MEM_FILL0_WRITE] + SCREEN_RGBA8);
	ck_assert_uint_eq(after[HW_MEM_CPU_DMA_WRITE], before[HW_MEM_CPU_DMA_WRITE] + 65536);
	ck_assert_uint_eq(diag_count(PROFILING_MISBEHAVED), 3);
	nngxShimFreeMemory(src);
	nngxShimFreeMemory(dst);
	restore_config();
}
END_TEST

START_TEST(test_misbehave_key_is_a_boolean_off_by_default)
{
	struct nngx_config cfg;

	nngx_config_defaults(&cfg);
	ck_assert(!cfg.misbehave_during_cmdlist);
	ck_assert(!nngx_state_get()->config.misbehave_during_cmdlist);  /* the shipped file */
	ck_assert(tu_load_config_text("profiling:\n{\n  misbehave_during_cmdlist = 1;\n};\n")
		  == GL_FALSE);
	ck_assert_ptr_nonnull(strstr(nngxShimGetConfigError(), ":3: 'profiling.misbehave_during_cmdlist' "
				     "must be true or false"));
	nngxShimSetDiagLevel(NNGX_SHIM_LEVEL_OFF);
}
END_TEST

/* ---- nngxFinalize ------------------------------------------------------------------------------ */

START_TEST(test_finalize_releases_display_buffers_and_shim_memory)
{
	struct hw_memory *mem = &nngx_state_get()->gpu.memory;
	size_t regions = mem->count;
	GLuint b = display_buffer(NN_GX_DISPLAY1, GL_RGB8_OES, W, LOWER_H, NN_GX_MEM_VRAMB);

	ck_assert_ptr_nonnull(nngxShimAllocMemory(NN_GX_MEM_FCRAM, 1000));
	nngxSwapBuffers(NN_GX_DISPLAY1);
	ck_assert_uint_eq(mem->count, regions + 2);
	nngxFinalize();
	/* The command list went too. */
	ck_assert_uint_eq(mem->count, regions - 1);
	ck_assert_uint_eq(nngxShimGetDisplaybufferAddress(b), 0);
	nngxActiveDisplay(NN_GX_DISPLAY1);
	nngxDisplaybufferStorage(GL_RGB8_OES, W, LOWER_H, NN_GX_MEM_VRAMB);
	ck_gl_error(GL_ERROR_8021_DMP);                 /* the binding went */
}
END_TEST

int main(void)
{
	Suite *s = suite_create("display");
	TCase *tc = tcase_create("display");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_display_buffers_generate_bind_store_query_and_delete);
	tcase_add_test(tc, test_display_buffer_storage_tells_the_programs_allocator);
	tcase_add_test(tc, test_display_buffer_storage_errors_follow_the_sdk_reference);
	tcase_add_test(tc, test_swap_errors_follow_the_sdk_reference);
	tcase_add_test(tc, test_sixty_vsync_waits_scan_out_sixty_frames_of_both_screens);
	tcase_add_test(tc, test_lcd_frame_clocks_key_paces_vblanks_and_scanout);
	tcase_add_test(tc, test_stereo_mode_doubles_the_upper_scanout);
	tcase_add_test(tc, test_swap_by_address_scans_out_the_given_memory);
	tcase_add_test(tc, test_swap_by_address_errors_change_nothing);
	tcase_add_test(tc, test_deleting_a_shown_buffer_stops_its_scanout);
	tcase_add_test(tc, test_vsync_callbacks_run_at_each_vblank_of_every_wait);
	tcase_add_test(tc, test_check_vsync_says_whether_the_swap_took_effect);
	tcase_add_test(tc, test_transfer_render_image_reads_and_writes_the_screen_once);
	tcase_add_test(tc, test_transfer_antialiasing_2x2_reads_four_times_what_it_writes);
	tcase_add_test(tc, test_transfer_rejects_what_the_engine_cannot_copy);
	tcase_add_test(tc, test_transfer_render_image_reads_32x32_blocks_in_block_mode);
	tcase_add_test(tc, test_glclear_fills_colour_and_depth_stencil_in_parallel);
	tcase_add_test(tc, test_glclear_writes_the_buffers_formats);
	tcase_add_test(tc, test_glclear_says_when_a_fill_differs_from_opengl_es);
	tcase_add_test(tc, test_glclear_is_added_whole_or_not_at_all);
	tcase_add_test(tc, test_glreadpixels_of_the_screen_counts_24000_cpu_reads_and_no_gpu_reads);
	tcase_add_test(tc, test_glreadpixels_untiles_rows_from_the_bottom);
	tcase_add_test(tc, test_glreadpixels_waits_for_the_gpu_and_converts_formats);
	tcase_add_test(tc, test_glreadpixels_errors_follow_opengl_es);
	tcase_add_test(tc, test_vram_dma_of_n_bytes_counts_n_over_16_on_word_17_only);
	tcase_add_test(tc, test_vram_dma_errors);
	tcase_add_test(tc, test_transfers_from_vram_are_faster_than_from_fcram);
	tcase_add_test(tc, test_memory_fill_command_fills_both_channels);
	tcase_add_test(tc, test_boot_clear_of_both_banks_by_window_address);
	tcase_add_test(tc, test_window_fill_past_a_bank_is_refused_and_changes_nothing);
	tcase_add_test(tc, test_vram_dma_to_a_window_address_reaches_the_block);
	tcase_add_test(tc, test_requests_run_in_the_order_of_the_calls);
	tcase_add_test(tc, test_copyteximage_copies_the_tiles_with_the_copy_engine);
	tcase_add_test(tc, test_copyteximage_errors);
	tcase_add_test(tc, test_copytexsubimage_copies_into_the_level);
	tcase_add_test(tc, test_copytexsubimage_errors);
	tcase_add_test(tc, test_profiling_during_a_command_list_only_warns_by_default);
	tcase_add_test(tc, test_profiling_during_a_command_list_misbehaves_when_configured);
	tcase_add_test(tc, test_misbehave_key_is_a_boolean_off_by_default);
	tcase_add_test(tc, test_finalize_releases_display_buffers_and_shim_memory);
	tcase_add_test(tc, test_transfer_rates_follow_source_and_destination);
	tcase_add_test(tc, test_transfer_rate_keys_set_the_rates);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
