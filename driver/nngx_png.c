/* nngx_png.c: a display buffer as a PNG picture (libpng). */
#include <errno.h>
#include <inttypes.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

#include <nngx_shim_version.h>

#include "hw/hw_alloc.h"
#include "hw/hw_clock.h"
#include "hw/hw_pixel.h"
#include "nngx_capture.h"

/* The buffer holds `lines` lines of `width` pixels; line 0 is the screen's
 * leftmost column and pixel 0 of a line its top (the LCD scans the rotated
 * buffer), so the picture is `lines` wide and `width` high. */
static void screen_row(const uint8_t *pixels, unsigned width, unsigned lines,
		       enum hw_color_format f, unsigned y, uint8_t *row)
{
	unsigned bytes = hw_pixel_bytes(f), x;

	for (x = 0; x < lines; x++)
		hw_pixel_decode(f, pixels + ((size_t)x * width + y) * bytes,
				row + (size_t)x * 4);
}

/* The picture's tEXt chunks: which frame, screen and eye it shows and
 * when, in virtual time, so that a picture taken out of its directory
 * still says where it came from. Keywords (PNG: 1 to 79 Latin-1
 * characters): "Software" is PNG's registered one; the others are
 * libnngx's, prefixed "nngx:" (nngx-capture(5), "Frame pictures"). The
 * strings live in `buf` until the picture is written. */
#define PNG_META_KEYS 6
#define PNG_META_VALUE 32

struct png_meta_text {
	png_text text[PNG_META_KEYS];
	char value[PNG_META_KEYS][PNG_META_VALUE];
};

/* Fill t with the PNG text chunks (software, frame, screen, eye, clock, time)
 * of m; returns how many (PNG_META_KEYS). */
static int png_meta_fill(struct png_meta_text *t, const struct nngx_png_meta *m)
{
	static const char *const keys[PNG_META_KEYS] = {
		"Software", "nngx:frame", "nngx:screen", "nngx:eye", "nngx:clock",
		"nngx:time_us",
	};
	int i;

	snprintf(t->value[0], PNG_META_VALUE, "libnngx %s", NNGX_SHIM_VERSION_STRING);
	snprintf(t->value[1], PNG_META_VALUE, "%" PRIu64, m->frame);
	snprintf(t->value[2], PNG_META_VALUE, "%s", m->screen ? m->screen : "");
	snprintf(t->value[3], PNG_META_VALUE, "%s", m->eye ? m->eye : "");
	snprintf(t->value[4], PNG_META_VALUE, "%" PRIu64, m->clock);
	/* Microseconds at 268 clocks each, to the nanosecond, from integers
	 * (no rounding of a double in the text). */
	snprintf(t->value[5], PNG_META_VALUE, "%" PRIu64 ".%03" PRIu64,
		 m->clock / HW_CLOCKS_PER_US, m->clock % HW_CLOCKS_PER_US * 1000 / HW_CLOCKS_PER_US);
	memset(t->text, 0, sizeof t->text);
	for (i = 0; i < PNG_META_KEYS; i++) {
		t->text[i].compression = PNG_TEXT_COMPRESSION_NONE;
		t->text[i].key = (png_charp)(uintptr_t)keys[i];
		t->text[i].text = t->value[i];
		t->text[i].text_length = strlen(t->value[i]);
	}
	return PNG_META_KEYS;
}

/* Hands png_write the picture's row y: a pointer to width * 4 bytes of
 * RGBA8, which may be built in scratch. */
typedef const uint8_t *png_row_fn(const void *ctx, unsigned y, uint8_t *scratch);

/* Write a width x height RGBA8 picture to path, row by row from row_at,
 * with meta's text chunks when meta is not NULL. scratch_bytes of scratch
 * (none when 0) are allocated for row_at once the file is open. On
 * failure, says why in err and returns false. */
static bool png_write(const char *path, unsigned width, unsigned height,
		      const struct nngx_png_meta *meta, png_row_fn *row_at, const void *ctx,
		      size_t scratch_bytes, char *err, size_t err_len)
{
	struct png_meta_text text;
	png_structp png = NULL;
	png_infop info = NULL;
	uint8_t *volatile scratch = NULL;
	FILE *volatile f = NULL;
	unsigned y;

	errno = 0;
	f = fopen(path, "wb");
	if (scratch_bytes)
		scratch = hw_malloc(scratch_bytes);
	png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	info = png ? png_create_info_struct(png) : NULL;
	if (!f || (scratch_bytes && !scratch) || !info) {
		snprintf(err, err_len, "%s", strerror(errno ? errno : ENOMEM));
		goto fail;
	}
	if (setjmp(png_jmpbuf(png))) {
		snprintf(err, err_len, "%s", strerror(errno ? errno : EIO));
		goto fail;
	}
	png_init_io(png, f);
	/* Speed over size: frames are written while the program runs, so no
	 * filter search and the fastest deflate level. */
	png_set_compression_level(png, 1);
	png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
	png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
		     PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	if (meta)
		png_set_text(png, info, text.text, png_meta_fill(&text, meta));
	png_write_info(png, info);
	for (y = 0; y < height; y++)
		png_write_row(png, (png_const_bytep)row_at(ctx, y, scratch));
	png_write_end(png, NULL);
	png_destroy_write_struct(&png, &info);
	hw_free(scratch);
	if (fflush(f) != 0 || ferror(f)) {
		snprintf(err, err_len, "%s", strerror(errno ? errno : EIO));
		fclose(f);
		return false;
	}
	if (fclose(f) != 0) {
		snprintf(err, err_len, "%s", strerror(errno ? errno : EIO));
		return false;
	}
	return true;
fail:
	if (png)
		png_destroy_write_struct(&png, info ? &info : NULL);
	hw_free(scratch);
	if (f)
		fclose(f);
	return false;
}

/* ---- a display buffer ----------------------------------------------------- */

struct screen_src {
	const uint8_t *pixels;
	unsigned width, lines;
	enum hw_color_format format;
};

/* Row y of the rotated picture (screen_row), decoded into scratch. */
static const uint8_t *screen_row_at(const void *ctx, unsigned y, uint8_t *scratch)
{
	const struct screen_src *src = ctx;

	screen_row(src->pixels, src->width, src->lines, src->format, y, scratch);
	return scratch;
}

bool nngx_png_write_screen(const char *path, const uint8_t *pixels, unsigned width,
			   unsigned lines, unsigned format, const struct nngx_png_meta *meta,
			   char *err, size_t err_len)
{
	const struct screen_src src = { pixels, width, lines, (enum hw_color_format)format };

	if (!hw_pixel_bytes((enum hw_color_format)format) || !width || !lines) {
		snprintf(err, err_len, "unknown pixel format %u", format);
		return false;
	}
	return png_write(path, lines, width, meta, screen_row_at, &src, (size_t)lines * 4, err,
			 err_len);
}

/* ---- a draw's thumbnail --------------------------------------------------- */

struct rgba_src {
	const uint8_t *rgba;
	unsigned width;
};

/* Row y of a packed RGBA8 picture, as it lies. */
static const uint8_t *rgba_row_at(const void *ctx, unsigned y, uint8_t *scratch)
{
	const struct rgba_src *src = ctx;

	(void)scratch;
	return src->rgba + (size_t)y * src->width * 4;
}

bool nngx_png_write_rgba(const char *path, const uint8_t *rgba, unsigned width,
			 unsigned height, const struct nngx_png_meta *meta, char *err,
			 size_t err_len)
{
	const struct rgba_src src = { rgba, width };

	return png_write(path, width, height, meta, rgba_row_at, &src, 0, err, err_len);
}
