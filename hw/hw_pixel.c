/* hw_pixel.c: one table of colour formats as bit fields of a word. */
#include "hw_pixel.h"

struct pixel_layout {
	unsigned bytes;
	unsigned bits[4];       /* R, G, B, A; 0: absent */
	unsigned shift[4];
};

/* enum hw_color_format order. */
static const struct pixel_layout pixel_layouts[] = {
	{ 4, { 8, 8, 8, 8 }, { 24, 16, 8, 0 } },        /* RGBA8 */
	{ 3, { 8, 8, 8, 0 }, { 16, 8, 0, 0 } },         /* RGB8 */
	{ 2, { 5, 5, 5, 1 }, { 11, 6, 1, 0 } },         /* RGB5A1 */
	{ 2, { 5, 6, 5, 0 }, { 11, 5, 0, 0 } },         /* RGB565 */
	{ 2, { 4, 4, 4, 4 }, { 12, 8, 4, 0 } },         /* RGBA4 */
};
#define PIXEL_FORMATS (sizeof pixel_layouts / sizeof pixel_layouts[0])

unsigned hw_pixel_bytes(enum hw_color_format f)
{
	return (unsigned)f < PIXEL_FORMATS ? pixel_layouts[f].bytes : 0;
}

/* An n-bit component widened to 8 bits by repeating its bits. */
static uint8_t pixel_widen(uint32_t v, unsigned bits)
{
	uint32_t out = 0;
	unsigned filled = 0;

	while (filled < 8) {
		out = out << bits | v;
		filled += bits;
	}
	return (uint8_t)(out >> (filled - 8));
}

void hw_pixel_decode(enum hw_color_format f, const uint8_t *p, uint8_t c[4])
{
	const struct pixel_layout *l;
	uint32_t v = 0;
	unsigned i;

	if ((unsigned)f >= PIXEL_FORMATS) {
		c[0] = c[1] = c[2] = 0;
		c[3] = 255;
		return;
	}
	if (f == HW_COLOR_RGBA8) {      /* the word R<<24|G<<16|B<<8|A, little-endian */
		c[0] = p[3];
		c[1] = p[2];
		c[2] = p[1];
		c[3] = p[0];
		return;
	}
	l = &pixel_layouts[f];
	for (i = l->bytes; i-- > 0;)
		v = v << 8 | p[i];
	for (i = 0; i < 4; i++)
		c[i] = l->bits[i] ? pixel_widen(v >> l->shift[i] & ((1u << l->bits[i]) - 1),
						l->bits[i])
				  : 255;
}

void hw_pixel_encode(enum hw_color_format f, const uint8_t c[4], uint8_t *p)
{
	const struct pixel_layout *l;
	uint32_t v = 0;
	unsigned i;

	if ((unsigned)f >= PIXEL_FORMATS)
		return;
	if (f == HW_COLOR_RGBA8) {
		p[0] = c[3];
		p[1] = c[2];
		p[2] = c[1];
		p[3] = c[0];
		return;
	}
	l = &pixel_layouts[f];
	for (i = 0; i < 4; i++)
		if (l->bits[i])
			v |= (uint32_t)(c[i] >> (8 - l->bits[i])) << l->shift[i];
	for (i = 0; i < l->bytes; i++, v >>= 8)
		p[i] = (uint8_t)v;
}
