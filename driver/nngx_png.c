/* nngx_png.c: a display buffer as a PNG picture (libpng). */
#include <errno.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

#include "hw/hw_alloc.h"
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

bool nngx_png_write_screen(const char *path, const uint8_t *pixels, unsigned width,
			   unsigned lines, unsigned format, char *err, size_t err_len)
{
	png_structp png = NULL;
	png_infop info = NULL;
	uint8_t *volatile row = NULL;
	FILE *volatile f = NULL;
	unsigned y;

	if (!hw_pixel_bytes((enum hw_color_format)format) || !width || !lines) {
		snprintf(err, err_len, "unknown pixel format %u", format);
		return false;
	}
	errno = 0;
	f = fopen(path, "wb");
	row = hw_malloc((size_t)lines * 4);
	png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	info = png ? png_create_info_struct(png) : NULL;
	if (!f || !row || !info) {
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
	png_set_IHDR(png, info, lines, width, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
		     PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	png_write_info(png, info);
	for (y = 0; y < width; y++) {
		screen_row(pixels, width, lines, (enum hw_color_format)format, y, row);
		png_write_row(png, row);
	}
	png_write_end(png, NULL);
	png_destroy_write_struct(&png, &info);
	hw_free(row);
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
	hw_free(row);
	if (f)
		fclose(f);
	return false;
}
