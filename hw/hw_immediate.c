/* hw_immediate.c: the fixed-attribute port in immediate mode
 * (hw_immediate.h). */
#include <string.h>

#include "hw_alloc.h"
#include "hw_immediate.h"
#include "hw_regs.h"

void hw_immediate_fini(struct hw_immediate *im)
{
	hw_free(im->attr);
	memset(im, 0, sizeof *im);
}

enum hw_status hw_immediate_word(struct hw_immediate *im, uint32_t word)
{
	im->words[im->have++] = word;
	if (im->have < 3)
		return HW_OK;
	im->have = 0;
	if (im->count == im->cap) {
		size_t cap = im->cap ? im->cap * 2 : 64;
		float (*grown)[4] = hw_realloc(im->attr, cap * sizeof *grown);

		if (!grown)
			return HW_ERROR_NO_MEMORY;
		im->attr = grown;
		im->cap = cap;
	}
	hw_reg_unpack_f24x4(im->words, im->attr[im->count++]);
	return HW_OK;
}

uint32_t hw_immediate_vertices(const struct hw_immediate *im, unsigned attribs, unsigned *left)
{
	if (!attribs) {
		*left = (unsigned)im->count;
		return 0;
	}
	*left = (unsigned)(im->count % attribs);
	return (uint32_t)(im->count / attribs);
}

void hw_immediate_clear(struct hw_immediate *im)
{
	im->count = 0;
	im->have = 0;
}

void hw_immediate_drop(struct hw_immediate *im, size_t rows)
{
	if (rows >= im->count) {
		im->count = 0;
		return;
	}
	memmove(im->attr, im->attr + rows, (im->count - rows) * sizeof *im->attr);
	im->count -= rows;
}

void hw_immediate_fetch(const float (*attr)[4], unsigned attribs, const uint8_t *input_reg,
			uint32_t k, float in[HW_SHADER_INPUTS][4])
{
	const float (*row)[4] = attr + (size_t)k * attribs;
	unsigned a;

	for (a = 0; a < attribs && a < HW_IMMEDIATE_FED; a++)
		if (input_reg[a] < HW_SHADER_INPUTS)
			memcpy(in[input_reg[a]], row[a], sizeof in[0]);
}
