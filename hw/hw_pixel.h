/* hw_pixel.h: the colour formats of colour and display buffers, and the
 * one codec for them (per-fragment operations, display transfer). A pixel
 * is a little-endian word with red in the top bits, so RGBA8 is stored as
 * the bytes A, B, G, R ("reverse order", 3dbrew GPU/Internal Registers). */
#ifndef NNGX_HW_PIXEL_H
#define NNGX_HW_PIXEL_H

#include <stdint.h>

/* Colour buffer formats (GPUREG_COLORBUFFER_FORMAT, 3dbrew). */
enum hw_color_format {
	HW_COLOR_RGBA8 = 0, HW_COLOR_RGB8, HW_COLOR_RGB5A1, HW_COLOR_RGB565, HW_COLOR_RGBA4
};

/* Bytes a pixel takes; 0 for an unknown format. */
unsigned hw_pixel_bytes(enum hw_color_format f);

/* 8-bit channels (R, G, B, A) to a stored pixel: components truncated to
 * the format's bits. */
void hw_pixel_encode(enum hw_color_format f, const uint8_t c[4], uint8_t *p);

/* A stored pixel to 8-bit channels: narrow components widened by bit
 * replication (0 -> 0, max -> 255); formats without alpha read 255. */
void hw_pixel_decode(enum hw_color_format f, const uint8_t *p, uint8_t c[4]);

#endif
