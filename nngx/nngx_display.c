/* nngx_display.c: the display entry points of the SDK (display buffers,
 * display targets, nngxSwapBuffers, vertical blanks), the requests of the
 * transfer engines (nngxTransferRenderImage, nngxAddVramDmaCommand,
 * nngxAddMemoryFillCommand), and the extensions that give programs
 * simulated memory (nngxShimAllocMemory, ...).
 *
 * Errors: the codes the public SDK reference documents are recorded
 * (nngxDisplaybufferStorage 8021-8025, nngxSwapBuffers 8030, 8031, 8053,
 * 9000, 9001, nngxAddVramDmaCommand 8062, 8064); elsewhere the codes are
 * not public, so the call records none and a diagnostic explains (as for
 * command lists). Every call checks everything before it acts.
 *
 * Model choices (doc/model.md, "Frame loop"): a display buffer is `height`
 * lines of `width` pixels (linear, as the LCD reads it); both screens
 * share one vertical blank per frame (hw_lcd.h); nngxSwapBuffers shows
 * the bound buffers from the next vertical blank, the LCD reading the
 * 240-pixel-wide window of the screen's height that starts at the
 * nngxDisplayEnv offset; nngxTransferRenderImage copies the whole colour
 * buffer of the bound framebuffer, which must be the display buffer's
 * size times the anti-aliasing scale. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "driver/gl_target.h"
#include "driver/nngx_addrspace.h"
#include "driver/nngx_state.h"
#include "driver/nngx_time.h"
#include "driver/nngx_capture.h"
#include "driver/nngx_golden.h"
#include "driver/nngx_names.h"
#include "hw/hw_alloc.h"
#include "hw/hw_fragment.h"
#include "nngx_display.h"

/* Display targets: the upper screen (left eye), the lower screen, the
 * upper screen's right eye. */
enum display_target { TARGET_UPPER = 0, TARGET_LOWER, TARGET_UPPER_RIGHT, TARGET_COUNT };
#define TARGET_BIT(t) (1u << (t))

#define DISPLAY_AREA_MASK 0x00030000u
#define DISPLAY_TILE 8                  /* sizes: multiples of the 8x8 block */
#define DISPLAY_MAX_SIZE 1024           /* model choice: the transfer engine's range */
#define DISPLAY_ADDRESS_ALIGN 16        /* nngxSwapBuffers: the LCD address */

/* The LCDs, seen rotated (CTR programming manual 3.1): 240 pixels a line,
 * 400 lines upper and 320 lower. */
#define LCD_WIDTH 240
static const unsigned lcd_lines[HW_LCD_SCREENS] = { 400, 320 };

struct display_format {
	GLenum format;
	unsigned code;                  /* enum hw_color_format */
	unsigned bytes;
};

/* nngxDisplaybufferStorage's formats (CTR-SDK reference; GL_RGBA8_OES is
 * in the earlier references' list). */
static const struct display_format display_formats[] = {
	{ GL_RGBA8_OES, HW_COLOR_RGBA8, 4 },
	{ GL_RGB8_OES, HW_COLOR_RGB8, 3 },
	{ GL_RGB5_A1, HW_COLOR_RGB5A1, 2 },
	{ GL_RGB565, HW_COLOR_RGB565, 2 },
	{ GL_RGBA4, HW_COLOR_RGBA4, 2 },
};

struct display_buffer {
	GLuint name;
	const struct display_format *format;   /* NULL: no storage */
	GLsizei width, height;
	uint32_t phys, size;
	GLenum area;
	void *user_block;
};

/* Simulated memory handed to the program (nngxShimAllocMemory). */
struct shim_block {
	uint32_t phys;
	void *host;
};

struct display_state {
	struct display_buffer *buf;
	size_t count, cap;
	GLuint next_name;
	unsigned active;                /* TARGET_BIT()s of nngxActiveDisplay */
	GLuint bound[TARGET_COUNT];
	GLint env_x[TARGET_COUNT], env_y[TARGET_COUNT];
	GLenum mode;                    /* NN_GX_DISPLAYMODE_* */
	uint64_t swap_frame[HW_LCD_SCREENS];    /* hw_gpu_frames at the last swap */
	GLuint shown[HW_LCD_SCREENS][2];        /* buffers handed to each eye */
	struct shim_block *block;
	size_t block_count, block_cap;
	struct nngx_names where;        /* name -> index in buf */
};

#define DISPLAY_DEFAULTS { NULL, 0, 0, 1, TARGET_BIT(TARGET_UPPER), { 0, 0, 0 }, { 0, 0, 0 }, \
			   { 0, 0, 0 }, NN_GX_DISPLAYMODE_NORMAL, { 0, 0 }, \
			   { { 0, 0 }, { 0, 0 } }, NULL, 0, 0, { NULL, NULL, 0, 0, 0 } }

/* Display state is CPU-side, like command lists and GL objects: a power-on
 * reset keeps it (only the LCDs forget what they show). */
static struct display_state display = DISPLAY_DEFAULTS;

/* ---- helpers ---------------------------------------------------------------- */

/* The row of the display-format table for `format`, or NULL. */
static const struct display_format *display_format_find(GLenum format)
{
	size_t k;

	for (k = 0; k < sizeof display_formats / sizeof display_formats[0]; k++)
		if (display_formats[k].format == format)
			return &display_formats[k];
	return NULL;
}

/* The display buffer named `name`, or NULL when there is none. */
static struct display_buffer *display_find(GLuint name)
{
	size_t i;

	return nngx_names_get(&display.where, name, &i) ? &display.buf[i] : NULL;
}

static bool display_area_ok(GLenum area)
{
	return area == NN_GX_MEM_FCRAM || area == NN_GX_MEM_VRAMA || area == NN_GX_MEM_VRAMB;
}

/* The model's memory area of a display area that display_area_ok accepted. */
static enum hw_area display_hw_area(GLenum area)
{
	return area == NN_GX_MEM_VRAMA ? HW_AREA_VRAM_A
	       : area == NN_GX_MEM_VRAMB ? HW_AREA_VRAM_B : HW_AREA_FCRAM;
}

/* The screens an NN_GX_DISPLAY0 / DISPLAY1 / DISPLAY_BOTH names, as bits
 * 0 (upper) and 1 (lower); 0 for anything else. */
static unsigned display_screens(GLenum display_id)
{
	switch (display_id) {
	case NN_GX_DISPLAY0: return 1u << HW_LCD_UPPER;
	case NN_GX_DISPLAY1: return 1u << HW_LCD_LOWER;
	case NN_GX_DISPLAY_BOTH: return 1u << HW_LCD_UPPER | 1u << HW_LCD_LOWER;
	default: return 0;
	}
}

/* The SDK's name of display target t, for diagnostics; needs t <
 * TARGET_COUNT. */
static const char *target_name(unsigned t)
{
	static const char *const names[TARGET_COUNT] = {
		"NN_GX_DISPLAY0", "NN_GX_DISPLAY1", "NN_GX_DISPLAY0_EXT"
	};
	return names[t];
}

/* A screen stops showing a buffer that goes away (deleted, or its storage
 * replaced): from the next vertical blank it shows nothing. */
static void display_forget(struct nngx_state *st, GLuint name)
{
	struct hw_lcd_source none;
	unsigned s;

	memset(&none, 0, sizeof none);
	for (s = 0; s < HW_LCD_SCREENS; s++) {
		if (display.shown[s][0] != name && display.shown[s][1] != name)
			continue;
		hw_gpu_set_display(&st->gpu, (enum hw_lcd_screen_id)s, &none);
		display.shown[s][0] = display.shown[s][1] = 0;
	}
}

/* Give back b's storage: unshow it on every screen, free its memory or hand
 * its block to the program's deallocator, and clear its size and format. b
 * keeps its name. */
static void display_release(struct nngx_state *st, struct display_buffer *b)
{
	display_forget(st, b->name);
	if (b->phys)
		hw_memory_free(&st->gpu.memory, b->phys);
	if (b->user_block && st->deallocator)
		st->deallocator(b->area, NN_GX_MEM_DISPLAYBUFFER, b->name, b->user_block);
	b->phys = b->size = 0;
	b->user_block = NULL;
	b->format = NULL;
	b->width = b->height = 0;
}

void nngx_display_fini(struct nngx_state *st)
{
	size_t i;

	for (i = 0; i < display.count; i++)
		display_release(st, &display.buf[i]);
	for (i = 0; i < display.block_count; i++)
		hw_memory_free(&st->gpu.memory, display.block[i].phys);
	free(display.buf);
	free(display.block);
	nngx_names_fini(&display.where);
	display = (struct display_state)DISPLAY_DEFAULTS;
	memset(&st->vsync, 0, sizeof st->vsync);
}

#if defined(__GNUC__)
/* At exit: the tables only (the simulated memory goes with the GPU). */
__attribute__((destructor)) static void display_at_exit(void)
{
	free(display.buf);
	free(display.block);
	nngx_names_fini(&display.where);
	display.buf = NULL;
	display.block = NULL;
	display.count = display.cap = display.block_count = display.block_cap = 0;
}
#endif

/* ---- display buffers ---------------------------------------------------------- */

void nngxGenDisplaybuffers(GLsizei n, GLuint *buffers)
{
	static const char fn[] = "nngxGenDisplaybuffers";
	NNGX_API(st);
	GLsizei i;

	if (n < 0) {
		nngx_state_error(st, GL_ERROR_801C_DMP, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "n = %d is negative", n);
		return;
	}
	if (n > 0 && !buffers) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "n = %d, buffers NULL", n);
		return;
	}
	/* Growing the table moves the buffers (the callback rule). */
	if (n > 0 && nngx_callback_refuses(st, 0, fn))
		return;
	if (display.count + (size_t)n > display.cap) {
		size_t cap = display.cap ? display.cap : 8;
		struct display_buffer *grown;
		while (cap < display.count + (size_t)n)
			cap *= 2;
		grown = hw_realloc(display.buf, cap * sizeof *grown);
		if (!grown) {
			nngx_state_error(st, GL_ERROR_801D_DMP, NNGX_SHIM_DIAG_OUT_OF_MEMORY, fn,
					 "%d display buffers", n);
			return;
		}
		display.buf = grown;
		display.cap = cap;
	}
	if (!nngx_names_reserve(&display.where, (size_t)n)) {
		nngx_state_error(st, GL_ERROR_801D_DMP, NNGX_SHIM_DIAG_OUT_OF_MEMORY, fn,
				 "%d display buffer names", n);
		return;
	}
	for (i = 0; i < n; i++) {
		struct display_buffer *b = &display.buf[display.count];
		memset(b, 0, sizeof *b);
		while (display_find(display.next_name) || !display.next_name)
			display.next_name++;
		b->name = display.next_name++;
		nngx_names_put(&display.where, b->name, display.count++);
		buffers[i] = b->name;
	}
}

void nngxDeleteDisplaybuffers(GLsizei n, GLuint *buffers)
{
	NNGX_API(st);
	GLsizei i;
	unsigned t;

	if (n < 0) {
		nngx_state_error(st, GL_ERROR_801E_DMP, NNGX_SHIM_DIAG_INVALID_ARGUMENT,
				 "nngxDeleteDisplaybuffers", "n = %d is negative", n);
		return;
	}
	if (n > 0 && !buffers) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT,
				 "nngxDeleteDisplaybuffers", "n = %d, buffers NULL", n);
		return;
	}
	if (n > 0 && nngx_callback_refuses(st, 0, "nngxDeleteDisplaybuffers"))
		return;
	for (i = 0; i < n; i++) {
		struct display_buffer *b = display_find(buffers[i]);
		if (!b)
			continue;               /* 0 and unknown names are ignored */
		for (t = 0; t < TARGET_COUNT; t++)
			if (display.bound[t] == b->name)
				display.bound[t] = 0;
		display_release(st, b);
		nngx_names_remove(&display.where, b->name);
		*b = display.buf[--display.count];
		if (b != &display.buf[display.count])
			nngx_names_put(&display.where, b->name, (size_t)(b - display.buf));
	}
}

void nngxActiveDisplay(GLenum display_id)
{
	NNGX_API(st);

	switch (display_id) {
	case NN_GX_DISPLAY0: display.active = TARGET_BIT(TARGET_UPPER); break;
	case NN_GX_DISPLAY1: display.active = TARGET_BIT(TARGET_LOWER); break;
	case NN_GX_DISPLAY0_EXT: display.active = TARGET_BIT(TARGET_UPPER_RIGHT); break;
	/* Model choice: both screens at once; binds, storage and offsets
	 * apply to NN_GX_DISPLAY0 and NN_GX_DISPLAY1. */
	case NN_GX_DISPLAY_BOTH:
		display.active = TARGET_BIT(TARGET_UPPER) | TARGET_BIT(TARGET_LOWER);
		break;
	default:
		nngx_state_error(st, GL_ERROR_801F_DMP, NNGX_SHIM_DIAG_INVALID_ARGUMENT,
				 "nngxActiveDisplay", "display 0x%04X is not NN_GX_DISPLAY0, "
				 "NN_GX_DISPLAY1, NN_GX_DISPLAY_BOTH or NN_GX_DISPLAY0_EXT", display_id);
		break;
	}
}

void nngxBindDisplaybuffer(GLuint buffer)
{
	NNGX_API(st);
	unsigned t;

	if (buffer && !display_find(buffer)) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_DISPLAYBUFFER_NOT_READY,
				 "nngxBindDisplaybuffer",
				 "%u is not a display buffer from nngxGenDisplaybuffers", buffer);
		return;
	}
	for (t = 0; t < TARGET_COUNT; t++)
		if (display.active & TARGET_BIT(t))
			display.bound[t] = buffer;
}

void nngxDisplaybufferStorage(GLenum format, GLsizei width, GLsizei height, GLenum area)
{
	static const char fn[] = "nngxDisplaybufferStorage";
	NNGX_API(st);
	const struct display_format *f = display_format_find(format);
	struct display_buffer *target_buf[TARGET_COUNT];
	uint32_t phys[TARGET_COUNT];
	void *user[TARGET_COUNT];
	uint32_t size;
	unsigned t, u, n = 0;

	/* Checks in the order of the SDK reference's table. */
	for (t = 0; t < TARGET_COUNT; t++) {
		if (!(display.active & TARGET_BIT(t)))
			continue;
		if (!display.bound[t]) {
			nngx_state_error(st, GL_ERROR_8021_DMP, NNGX_SHIM_DIAG_DISPLAYBUFFER_NOT_READY,
					 fn, "0 is bound to %s", target_name(t));
			return;
		}
	}
	if (width <= 0 || height <= 0 || width % DISPLAY_TILE || height % DISPLAY_TILE
	    || width > DISPLAY_MAX_SIZE || height > DISPLAY_MAX_SIZE) {
		nngx_state_error(st, GL_ERROR_8022_DMP, NNGX_SHIM_DIAG_DISPLAY_ARGUMENT_REJECTED, fn,
				 "%d x %d: sides are multiples of %d from %d to %d", width, height,
				 DISPLAY_TILE, DISPLAY_TILE, DISPLAY_MAX_SIZE);
		return;
	}
	if (!f) {
		nngx_state_error(st, GL_ERROR_8023_DMP, NNGX_SHIM_DIAG_DISPLAY_ARGUMENT_REJECTED, fn,
				 "format 0x%04X is not GL_RGBA8_OES, GL_RGB8_OES, GL_RGB5_A1, "
				 "GL_RGB565 or GL_RGBA4", format);
		return;
	}
	if (!display_area_ok(area)) {
		nngx_state_error(st, GL_ERROR_8024_DMP, NNGX_SHIM_DIAG_DISPLAY_ARGUMENT_REJECTED, fn,
				 "area 0x%05X is not NN_GX_MEM_FCRAM, NN_GX_MEM_VRAMA or "
				 "NN_GX_MEM_VRAMB", area);
		return;
	}
	/* New storage frees the old, perhaps in use by the call that called
	 * the callback (the callback rule). */
	if (nngx_callback_refuses(st, 0, fn))
		return;
	size = (uint32_t)width * (uint32_t)height * f->bytes;
	/* Storage for each distinct buffer bound to an active target (two
	 * with NN_GX_DISPLAY_BOTH): all of it or none. */
	for (t = 0; t < TARGET_COUNT; t++) {
		struct display_buffer *b;
		if (!(display.active & TARGET_BIT(t)))
			continue;
		b = display_find(display.bound[t]);
		for (u = 0; u < n && target_buf[u] != b; u++)
			;
		if (u < n)
			continue;
		user[n] = NULL;
		phys[n] = 0;
		/* No size above the area's reaches the program's allocator;
		 * its block is where the buffer lives when the GPU sees it. */
		if (size <= hw_memory_area_bytes(display_hw_area(area)))
			(void)nngx_storage_place(st, area, NN_GX_MEM_DISPLAYBUFFER, b->name, size,
						 &phys[n], &user[n], fn);
		if (!phys[n]) {
			while (n-- > 0) {
				hw_memory_free(&st->gpu.memory, phys[n]);
				if (user[n] && st->deallocator)
					st->deallocator(area, NN_GX_MEM_DISPLAYBUFFER,
							target_buf[n]->name, user[n]);
			}
			nngx_state_error(st, GL_ERROR_8025_DMP, NNGX_SHIM_DIAG_DISPLAYBUFFER_NO_MEMORY,
					 fn, "display buffer %u: %u bytes in area 0x%05X%s", b->name,
					 size, area, st->allocator ? " (or the program's allocator "
					 "returned NULL)" : "");
			return;
		}
		target_buf[n++] = b;
	}
	for (u = 0; u < n; u++) {
		struct display_buffer *b = target_buf[u];
		display_release(st, b);
		b->format = f;
		b->width = width;
		b->height = height;
		b->phys = phys[u];
		b->size = size;
		b->area = area;
		b->user_block = user[u];
	}
}

void nngxDisplayEnv(GLint x, GLint y)
{
	NNGX_API(st);
	unsigned t;

	if (x < 0 || y < 0) {
		nngx_state_error(st, GL_ERROR_8026_DMP, NNGX_SHIM_DIAG_INVALID_ARGUMENT,
				 "nngxDisplayEnv", "offset (%d, %d) must not be negative", x, y);
		return;
	}
	for (t = 0; t < TARGET_COUNT; t++)
		if (display.active & TARGET_BIT(t)) {
			display.env_x[t] = x;
			display.env_y[t] = y;
		}
}

void nngxGetDisplaybufferParameteri(GLenum pname, GLint *param)
{
	static const char fn[] = "nngxGetDisplaybufferParameteri";
	NNGX_API(st);
	const struct display_buffer *b;
	unsigned t = 0;

	if (!param) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_NULL_PARAM, fn, "pname 0x%04X", pname);
		return;
	}
	if (pname < NN_GX_DISPLAYBUFFER_ADDRESS || pname > NN_GX_DISPLAYBUFFER_HEIGHT) {
		nngx_state_error(st, GL_ERROR_8033_DMP, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "pname 0x%04X is not NN_GX_DISPLAYBUFFER_ADDRESS, _FORMAT, _WIDTH "
				 "or _HEIGHT", pname);
		return;
	}
	/* The first active target (NN_GX_DISPLAY0 for NN_GX_DISPLAY_BOTH). */
	while (!(display.active & TARGET_BIT(t)))
		t++;
	b = display_find(display.bound[t]);
	if (!b) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_DISPLAYBUFFER_NOT_READY, fn,
				 "0 is bound to %s; nothing is written", target_name(t));
		return;
	}
	switch (pname) {
	/* Model choice: the physical address (a GLint cannot hold a host
	 * pointer; nngxShimGetHostPointer turns it into one). */
	case NN_GX_DISPLAYBUFFER_ADDRESS: *param = (GLint)nngx_addrspace_va(b->phys); break;
	case NN_GX_DISPLAYBUFFER_FORMAT: *param = b->format ? (GLint)b->format->format : 0; break;
	case NN_GX_DISPLAYBUFFER_WIDTH: *param = b->width; break;
	default: *param = b->height; break;
	}
}

void nngxSetDisplayMode(GLenum mode)
{
	NNGX_API(st);

	if (mode != NN_GX_DISPLAYMODE_NORMAL && mode != NN_GX_DISPLAYMODE_STEREO) {
		nngx_state_error(st, GL_ERROR_9003_DMP, NNGX_SHIM_DIAG_INVALID_ARGUMENT,
				 "nngxSetDisplayMode", "mode 0x%04X is not NN_GX_DISPLAYMODE_NORMAL "
				 "or NN_GX_DISPLAYMODE_STEREO", mode);
		return;
	}
	/* Takes effect at the next nngxSwapBuffers of NN_GX_DISPLAY0. */
	display.mode = mode;
}

/* ---- swap and vertical blanks ------------------------------------------------- */

/* The address the LCD of `screen` reads target `t` from, or 0 after
 * recording the error (`missing`: no buffer; `outside`: the region). */
static uint32_t swap_address(struct nngx_state *st, unsigned screen, unsigned t, GLenum missing,
			     GLenum outside, const struct display_buffer **out, const char *fn)
{
	const struct display_buffer *b = display_find(display.bound[t]);
	GLint x = display.env_x[t], y = display.env_y[t];
	uint32_t addr;

	if (!b || !b->format) {
		nngx_state_error(st, missing, NNGX_SHIM_DIAG_DISPLAYBUFFER_NOT_READY, fn,
				 "%s: %s", target_name(t), b ? "the display buffer has no storage"
				 : "0 is bound");
		return 0;
	}
	if (x + LCD_WIDTH > b->width || (unsigned)y + lcd_lines[screen] > (unsigned)b->height) {
		nngx_state_error(st, outside, NNGX_SHIM_DIAG_DISPLAY_REGION_OUTSIDE, fn,
				 "%s: the %u x %u screen from (%d, %d) does not fit the %d x %d "
				 "display buffer %u", target_name(t), LCD_WIDTH, lcd_lines[screen],
				 x, y, b->width, b->height, b->name);
		return 0;
	}
	addr = b->phys + ((uint32_t)y * (uint32_t)b->width + (uint32_t)x) * b->format->bytes;
	if (addr % DISPLAY_ADDRESS_ALIGN) {
		nngx_state_error(st, GL_ERROR_8053_DMP, NNGX_SHIM_DIAG_DISPLAY_REGION_OUTSIDE, fn,
				 "%s: the offset (%d, %d) makes the address 0x%08X, not 16-byte "
				 "aligned", target_name(t), x, y, addr);
		return 0;
	}
	*out = b;
	return addr;
}

void nngxSwapBuffers(GLenum display_id)
{
	static const char fn[] = "nngxSwapBuffers";
	NNGX_API(st);
	unsigned screens = display_screens(display_id), s;
	struct hw_lcd_source src[HW_LCD_SCREENS];
	const struct display_buffer *left[HW_LCD_SCREENS] = { NULL, NULL }, *right = NULL;
	bool stereo = display.mode == NN_GX_DISPLAYMODE_STEREO;

	if (!screens) {
		nngx_state_error(st, GL_ERROR_8030_DMP, NNGX_SHIM_DIAG_DISPLAY_ARGUMENT_REJECTED, fn,
				 "display 0x%04X is not NN_GX_DISPLAY0, NN_GX_DISPLAY1 or "
				 "NN_GX_DISPLAY_BOTH", display_id);
		return;
	}
	memset(src, 0, sizeof src);
	for (s = 0; s < HW_LCD_SCREENS; s++) {
		if (!(screens & 1u << s))
			continue;
		src[s].phys[0] = swap_address(st, s, s, GL_ERROR_8031_DMP, GL_ERROR_8031_DMP,
					      &left[s], fn);
		if (!src[s].phys[0])
			return;
		src[s].width = LCD_WIDTH;
		src[s].height = lcd_lines[s];
		src[s].bytes_per_pixel = left[s]->format->bytes;
		if (s != HW_LCD_UPPER || !stereo)
			continue;
		src[s].phys[1] = swap_address(st, s, TARGET_UPPER_RIGHT, GL_ERROR_9000_DMP,
					      GL_ERROR_9001_DMP, &right, fn);
		if (!src[s].phys[1])
			return;
		/* One format register a screen: both eyes share it, and the
		 * SDK library also wants one width and one memory area
		 * (GL_ERROR_9002_DMP, sdk-surface section 6). */
		if (right->format != left[s]->format || right->width != left[s]->width
		    || right->area != left[s]->area) {
			nngx_state_error(st, GL_ERROR_9002_DMP, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
					 "the right eye's buffer %u is 0x%04X, %d wide, area 0x%05X; "
					 "the left eye's %u 0x%04X, %d wide, area 0x%05X: both eyes "
					 "need one format, width and area; nothing is swapped",
					 right->name, right->format->format, right->width, right->area,
					 left[s]->name, left[s]->format->format, left[s]->width,
					 left[s]->area);
			return;
		}
		src[s].stereo = true;
	}
	for (s = 0; s < HW_LCD_SCREENS; s++) {
		if (!(screens & 1u << s))
			continue;
		hw_gpu_set_display(&st->gpu, (enum hw_lcd_screen_id)s, &src[s]);
		display.shown[s][0] = left[s]->name;
		display.shown[s][1] = src[s].stereo ? right->name : 0;
		display.swap_frame[s] = hw_gpu_frames(&st->gpu);
	}
	if (st->capture) {
		struct nngx_capture_screen shot[HW_LCD_SCREENS];

		for (s = 0; s < HW_LCD_SCREENS; s++) {
			shot[s].swapped = (screens & 1u << s) != 0;
			shot[s].src = src[s];
			shot[s].format = shot[s].swapped ? left[s]->format->code : 0;
		}
		nngx_capture_swap(st, shot);
	}
	nngx_golden_record(st, "swap");
}

/* nngxSwapBuffersByAddress: what nngxSwapBuffers does, from addresses
 * the program gives instead of bound display buffers. Model choices
 * (doc/model.md, "Model choices"): NN_GX_DISPLAY0 or NN_GX_DISPLAY1 (one address
 * cannot feed both screens); `addr` (and `addrB`, the right eye, for the
 * upper screen in stereo mode only) are pointers into simulated memory,
 * 16-byte aligned, each holding the screen's lines of `width` pixels
 * (at least the LCD's 240); the LCD reads 240 pixels of each line as it
 * does for nngxSwapBuffers. The SDK documents no GL error for it: a
 * refused call gives a diagnostic and changes nothing. */
void nngxSwapBuffersByAddress(GLenum display_id, const GLvoid *addr, const GLvoid *addrB,
			      GLsizei width, GLenum format)
{
	static const char fn[] = "nngxSwapBuffersByAddress";
	NNGX_API(st);
	const struct display_format *f = display_format_find(format);
	unsigned s = display_id == NN_GX_DISPLAY0 ? HW_LCD_UPPER : HW_LCD_LOWER;
	bool stereo = s == HW_LCD_UPPER && display.mode == NN_GX_DISPLAYMODE_STEREO;
	struct hw_lcd_source src;
	uint32_t bytes;
	unsigned eye;

	if (display_id != NN_GX_DISPLAY0 && display_id != NN_GX_DISPLAY1) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "display 0x%04X is not NN_GX_DISPLAY0 or NN_GX_DISPLAY1; nothing "
				 "is swapped", display_id);
		return;
	}
	if (!f || width < LCD_WIDTH || width > DISPLAY_MAX_SIZE) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "format 0x%04X (GL_RGBA8_OES, GL_RGB8_OES, GL_RGB5_A1, GL_RGB565 "
				 "or GL_RGBA4) and width %d (%d to %d); nothing is swapped", format,
				 width, LCD_WIDTH, DISPLAY_MAX_SIZE);
		return;
	}
	memset(&src, 0, sizeof src);
	bytes = (uint32_t)width * lcd_lines[s] * f->bytes;
	for (eye = 0; eye < (stereo ? 2u : 1u); eye++) {
		const GLvoid *p = eye ? addrB : addr;

		if ((uintptr_t)p % DISPLAY_ADDRESS_ALIGN) {
			nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_DISPLAY_REGION_OUTSIDE, fn,
					 "%s %p is not 16-byte aligned; nothing is swapped",
					 eye ? "addrB" : "addr", p);
			return;
		}
		src.phys[eye] = nngx_block_phys(st, p, bytes);
		if (!src.phys[eye]) {
			nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_MEMORY_NOT_SIMULATED, fn,
					 "%s [%p, +%u) (%u lines of %d pixels) is not inside one "
					 "block of simulated memory; nothing is swapped",
					 eye ? "addrB" : "addr", p, bytes, lcd_lines[s], width);
			return;
		}
	}
	src.width = LCD_WIDTH;
	src.height = lcd_lines[s];
	src.bytes_per_pixel = f->bytes;
	src.stereo = stereo;
	hw_gpu_set_display(&st->gpu, (enum hw_lcd_screen_id)s, &src);
	display.shown[s][0] = display.shown[s][1] = 0;  /* no named buffer */
	display.swap_frame[s] = hw_gpu_frames(&st->gpu);
	if (st->capture) {
		struct nngx_capture_screen shot[HW_LCD_SCREENS];

		memset(shot, 0, sizeof shot);
		shot[s].swapped = true;
		shot[s].src = src;
		shot[s].format = f->code;
		nngx_capture_swap(st, shot);
	}
	nngx_golden_record(st, "swap");
}

void nngxWaitVSync(GLenum display_id)
{
	NNGX_API(st);
	struct hw_gpu *gpu = &st->gpu;
	hw_clock_t next;

	if (!display_screens(display_id)) {
		nngx_state_error(st, GL_ERROR_801A_DMP, NNGX_SHIM_DIAG_INVALID_ARGUMENT,
				 "nngxWaitVSync", "display 0x%04X is not NN_GX_DISPLAY0, "
				 "NN_GX_DISPLAY1 or NN_GX_DISPLAY_BOTH", display_id);
		return;
	}
	/* Both screens share the vertical blank: the next one, strictly
	 * after now (hw_lcd.h), so N waits see N frames. */
	next = hw_gpu_next_vblank(gpu);
	if (next > gpu->clock)
		nngx_time_advance(st, next - gpu->clock);
}

GLint nngxCheckVSync(GLenum display_id)
{
	NNGX_API(st);
	unsigned screens = display_screens(display_id), s;
	uint64_t frames = hw_gpu_frames(&st->gpu);

	if (!screens) {
		nngx_state_error(st, GL_ERROR_8019_DMP, NNGX_SHIM_DIAG_INVALID_ARGUMENT,
				 "nngxCheckVSync", "display 0x%04X is not NN_GX_DISPLAY0, "
				 "NN_GX_DISPLAY1 or NN_GX_DISPLAY_BOTH; 0 is returned", display_id);
		return 0;
	}
	/* Model choice: whether a vertical blank came since the last
	 * nngxSwapBuffers of the display, i.e. the swap took effect (before
	 * any swap, or after a power-on reset: since power-on). */
	for (s = 0; s < HW_LCD_SCREENS; s++) {
		uint64_t since = frames >= display.swap_frame[s] ? display.swap_frame[s] : 0;
		if ((screens & 1u << s) && frames <= since)
			return GL_FALSE;
	}
	return GL_TRUE;
}

void nngxSetVSyncCallback(GLenum display_id, void (*func)(GLenum))
{
	NNGX_API(st);
	unsigned screens = display_screens(display_id), s;

	if (!screens) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, "nngxSetVSyncCallback",
				 "display 0x%04X is not NN_GX_DISPLAY0, NN_GX_DISPLAY1 or "
				 "NN_GX_DISPLAY_BOTH", display_id);
		return;
	}
	for (s = 0; s < HW_LCD_SCREENS; s++)
		if (screens & 1u << s)
			st->vsync.callback[s] = func;
}

/* ---- requests to the transfer engines ------------------------------------------ */

void nngxTransferRenderImage(GLuint buffer, GLenum mode, GLboolean yflip, GLint colorx,
			     GLint colory)
{
	static const char fn[] = "nngxTransferRenderImage";
	NNGX_API(st);
	const struct display_buffer *b = display_find(buffer);
	struct nngx_cmdlist *l = nngx_cmdlist_bound_code(st, GL_ERROR_8027_DMP, fn);
	struct gl_frag_target t;
	struct nngx_request r;
	unsigned sx, sy, bytes, block;
	uint32_t rows, top;

	/* The SDK library's codes (sdk-surface section 6) in the order of
	 * their numbers. The model's transfer adds no closing commands, so
	 * 802F (no room for them) never occurs; sizes are whole 8x8
	 * blocks by construction (display buffers, framebuffers), so 8059
	 * occurs only in the 32x32 block mode (glRenderBlockModeDMP), whose
	 * blocks the colour buffer's sides and the corner must be whole
	 * multiples of. */
	if (!l || !nngx_cmdlist_room(st, l, 1, false, GL_ERROR_8028_DMP, fn))
		return;
	if (!b || !b->format) {
		nngx_state_error(st, GL_ERROR_8029_DMP, NNGX_SHIM_DIAG_DISPLAYBUFFER_NOT_READY, fn,
				 "%u is %s", buffer, b ? "a display buffer without storage"
				 : "not a display buffer");
		return;
	}
	if (!gl_framebuffer_peek(st, &t, fn))
		return;                         /* incomplete: the diagnostic alone */
	if (!t.color_phys) {
		nngx_state_error(st, GL_ERROR_802A_DMP, NNGX_SHIM_DIAG_TRANSFER_REJECTED, fn,
				 "the bound framebuffer has no colour buffer");
		return;
	}
	if (mode < NN_GX_ANTIALIASE_NOT_USED || mode > NN_GX_ANTIALIASE_2x2) {
		nngx_state_error(st, GL_ERROR_802B_DMP, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "mode 0x%04X is not NN_GX_ANTIALIASE_NOT_USED, _2x1 or _2x2", mode);
		return;
	}
	sx = mode == NN_GX_ANTIALIASE_NOT_USED ? 1 : 2;
	sy = mode == NN_GX_ANTIALIASE_2x2 ? 2 : 1;
	rows = (uint32_t)b->height * sy;
	block = st->gl.misc.render_block_mode == GL_RENDER_BLOCK32_MODE_DMP
		? HW_FRAMEBUFFER_BLOCK32 : DISPLAY_TILE;
	if (colorx < 0 || colory < 0 || colorx % (GLint)block || colory % (GLint)block) {
		nngx_state_error(st, GL_ERROR_802D_DMP, NNGX_SHIM_DIAG_TRANSFER_REJECTED, fn,
				 "(%d, %d) is not a non-negative multiple of %u", colorx, colory,
				 block);
		return;
	}
	if ((uint32_t)colorx + (uint32_t)b->width * sx > t.width
	    || (uint32_t)colory + rows > t.height) {
		nngx_state_error(st, GL_ERROR_802C_DMP, NNGX_SHIM_DIAG_TRANSFER_REJECTED, fn,
				 "display buffer %u is %d x %d, scale %u x %u: more than the %u x %u "
				 "colour buffer holds from (%d, %d)", b->name, b->width, b->height,
				 sx, sy, t.width, t.height, colorx, colory);
		return;
	}
	bytes = hw_fragment_color_bytes((enum hw_color_format)t.color_format);
	if (bytes == 2 && b->format->bytes > 2) {
		nngx_state_error(st, GL_ERROR_802E_DMP, NNGX_SHIM_DIAG_TRANSFER_REJECTED, fn,
				 "a 16-bit colour buffer cannot go into %s display buffer %u",
				 b->format->bytes == 4 ? "RGBA8" : "RGB8", b->name);
		return;
	}
	if (t.width % block || t.height % block || rows % block) {
		nngx_state_error(st, GL_ERROR_8059_DMP, NNGX_SHIM_DIAG_TRANSFER_REJECTED, fn,
				 "colour buffer %u x %u, %u rows to transfer: not whole %u x %u "
				 "blocks (glRenderBlockModeDMP)", t.width, t.height, rows, block,
				 block);
		return;
	}
	if (b->format->code == HW_COLOR_RGB8 && b->width % 16) {
		nngx_state_error(st, GL_ERROR_805A_DMP, NNGX_SHIM_DIAG_TRANSFER_REJECTED, fn,
				 "RGB8 display buffer %u is %d pixels wide, not a multiple of 16",
				 b->name, b->width);
		return;
	}
	/* Model choice: the transfer reads whole rows of the colour buffer,
	 * so it must start at column 0 and be exactly as wide as the
	 * display buffer times the scale; the SDK allows more. No GL error
	 * for this (the SDK has none), the diagnostic alone. */
	if (colorx != 0 || t.width != (unsigned)b->width * sx) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_TRANSFER_REJECTED, fn,
				 "display buffer %u is %d x %d, scale %u x %u; the colour buffer "
				 "is %u x %u; from (%d, %d): the model transfers whole rows from "
				 "column 0", b->name, b->width, b->height, sx, sy, t.width,
				 t.height, colorx, colory);
		return;
	}
	/* The region's rows, from the top of the window: whole tile rows,
	 * one after the other in memory (hw_fragment.h). */
	top = t.height - (uint32_t)colory - rows;
	memset(&r, 0, sizeof r);
	r.type = NN_GX_CMDLIST_REQTYPE_POSTTRANS;
	r.u.post.src.phys = t.color_phys + top * t.width * bytes;
	r.u.post.src.width = t.width;
	r.u.post.src.height = rows;
	r.u.post.src.format = t.color_format;
	r.u.post.src.tiled = true;
	r.u.post.src.block32 = block == HW_FRAMEBUFFER_BLOCK32;
	r.u.post.dst.phys = b->phys;
	r.u.post.dst.width = (unsigned)b->width;
	r.u.post.dst.height = (unsigned)b->height;
	r.u.post.dst.format = b->format->code;
	r.u.post.dst.tiled = false;
	r.u.post.aa = mode == NN_GX_ANTIALIASE_NOT_USED ? HW_TRANSFER_AA_NONE
		      : mode == NN_GX_ANTIALIASE_2x1 ? HW_TRANSFER_AA_2X1 : HW_TRANSFER_AA_2X2;
	r.u.post.yflip = yflip != GL_FALSE;
	nngx_cmdlist_add_request_to(st, l, &r, fn);
}

/* nngxAddVramDmaCommand and its NoCacheFlush variant (the model has no
 * CPU data cache), which differ in their error codes only. */
static void add_vram_dma(const GLvoid *src, GLvoid *dst, GLsizei size, GLenum no_list,
			 GLenum negative, GLenum full, const char *fn)
{
	NNGX_API(st);
	struct nngx_cmdlist *l;
	struct nngx_request r;

	if (!nngx_cmdlist_current(st)) {
		nngx_state_error(st, no_list, st->cmdlists.bound
				 ? NNGX_SHIM_DIAG_CMDLIST_NO_STORAGE : NNGX_SHIM_DIAG_CMDLIST_NONE,
				 fn, "no command list with storage is bound");
		return;
	}
	if (size < 0) {
		nngx_state_error(st, negative, NNGX_SHIM_DIAG_DISPLAY_ARGUMENT_REJECTED, fn,
				 "size %d is negative", size);
		return;
	}
	if (size == 0)
		return;                         /* nothing to move */
	if (!nngx_dma_request(st, src, dst, (uint32_t)size, &r, fn))
		return;
	/* A full queue: 8062 for nngxAddVramDmaCommand (the SDK's library
	 * checks it with the list); the NoCacheFlush variant has no
	 * documented code for it, GL_ERROR_COMMANDREQUEST_FULL_DMP. */
	l = nngx_cmdlist_current(st);
	if (nngx_cmdlist_room(st, l, 1, false, full, fn))
		nngx_cmdlist_add_request_to(st, l, &r, fn);
}

void nngxAddVramDmaCommand(const GLvoid *src, GLvoid *dst, GLsizei size)
{
	add_vram_dma(src, dst, size, GL_ERROR_8062_DMP, GL_ERROR_8064_DMP, GL_ERROR_8062_DMP,
		     "nngxAddVramDmaCommand");
}

void nngxAddVramDmaCommandNoCacheFlush(const GLvoid *src, GLvoid *dst, GLsizei size)
{
	add_vram_dma(src, dst, size, GL_ERROR_8090_DMP, GL_ERROR_8091_DMP,
		     GL_ERROR_COMMANDREQUEST_FULL_DMP, "nngxAddVramDmaCommandNoCacheFlush");
}

void nngxAddMemoryFillCommand(GLvoid *start0, GLsizei size0, GLuint data0, GLsizei width0,
			      GLvoid *start1, GLsizei size1, GLuint data1, GLsizei width1)
{
	static const char fn[] = "nngxAddMemoryFillCommand";
	NNGX_API(st);
	struct nngx_cmdlist *l = nngx_cmdlist_bound_code(st, GL_ERROR_8078_DMP, fn);
	struct nngx_request r;

	/* 8078 also for a full queue, checked first as the SDK does. */
	if (!l || !nngx_cmdlist_room(st, l, 1, false, GL_ERROR_8078_DMP, fn))
		return;
	memset(&r, 0, sizeof r);
	r.type = NN_GX_CMDLIST_REQTYPE_FILLMEM;
	if (!nngx_fill_channel(st, 0, start0, size0, data0, width0, NNGX_SHIM_DIAG_INVALID_ARGUMENT,
			       &r.u.fill[0], fn)
	    || !nngx_fill_channel(st, 1, start1, size1, data1, width1,
				  NNGX_SHIM_DIAG_INVALID_ARGUMENT, &r.u.fill[1], fn))
		return;
	if (!r.u.fill[0].phys && !r.u.fill[1].phys)
		return;                         /* both channels unused */
	nngx_cmdlist_add_request_to(st, l, &r, fn);
}

/* ---- extensions ------------------------------------------------------------------- */

GLuint nngxShimGetDisplaybufferAddress(GLuint buffer)
{
	NNGX_API(st);
	const struct display_buffer *b = display_find(buffer);

	(void)st;
	return b ? b->phys : 0;
}

GLvoid *nngxShimAllocMemory(GLenum area, GLsizei size)
{
	static const char fn[] = "nngxShimAllocMemory";
	NNGX_API(st);
	uint32_t phys;

	if (!display_area_ok(area) || size <= 0) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "area 0x%05X (NN_GX_MEM_FCRAM, _VRAMA or _VRAMB) and size %d "
				 "(positive); NULL is returned", area, size);
		return NULL;
	}
	if (display.block_count == display.block_cap) {
		size_t cap = display.block_cap ? display.block_cap * 2 : 8;
		struct shim_block *grown = hw_realloc(display.block, cap * sizeof *grown);
		if (!grown) {
			nngx_state_error(st, GL_OUT_OF_MEMORY, NNGX_SHIM_DIAG_OUT_OF_MEMORY, fn,
					 "the block table");
			return NULL;
		}
		display.block = grown;
		display.block_cap = cap;
	}
	phys = hw_memory_alloc(&st->gpu.memory, display_hw_area(area), (uint32_t)size);
	if (!phys) {
		nngx_state_error(st, GL_OUT_OF_MEMORY, NNGX_SHIM_DIAG_OUT_OF_MEMORY, fn,
				 "%d bytes in area 0x%05X", size, area);
		return NULL;
	}
	display.block[display.block_count].phys = phys;
	display.block[display.block_count].host = hw_memory_host(&st->gpu.memory, phys,
								   (uint32_t)size);
	return display.block[display.block_count++].host;
}

void nngxShimFreeMemory(GLvoid *ptr)
{
	NNGX_API(st);
	size_t i;

	if (!ptr)
		return;
	for (i = 0; i < display.block_count; i++) {
		if (display.block[i].host != ptr)
			continue;
		hw_memory_free(&st->gpu.memory, display.block[i].phys);
		display.block[i] = display.block[--display.block_count];
		return;
	}
	nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, "nngxShimFreeMemory",
			 "%p is no block from nngxShimAllocMemory; nothing is freed", ptr);
}

/* A simulated physical address inside a block first; then, in the
 * console address space, an address the API handed out (device memory
 * or VRAM, block or not), which is its own pointer already. */
GLvoid *nngxShimGetHostPointer(GLuint phys)
{
	NNGX_API(st);
	void *host = phys ? hw_memory_host(&st->gpu.memory, phys, 1) : NULL;
	uint32_t pa;

	if (host || !nngx_addrspace_console())
		return host;
	pa = nngx_addrspace_console_pa(phys);
	return pa ? hw_memory_flat_host(&st->gpu.memory, pa, 1) : NULL;
}
