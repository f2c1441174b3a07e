/* gl_block.h: what the save and restore calls share (gl_save.c,
 * gl_collection.c). Their blocks are the model's own layouts, in 32-bit
 * words of the host's byte order, each with a header and a check word
 * over the words after it; a restore reads them through a reader that
 * fails once past the end, so a damaged size never reads outside the
 * block.
 *
 * Part of libnngx (MIT licence).
 */
#ifndef GL_BLOCK_H
#define GL_BLOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* FNV-1a over the bytes of n words, low byte first. */
static inline uint32_t gl_block_check(const uint32_t *w, size_t n)
{
	uint32_t h = 2166136261u;
	size_t k;
	unsigned b;

	for (k = 0; k < n; k++)
		for (b = 0; b < 32; b += 8)
			h = (h ^ ((w[k] >> b) & 0xFFu)) * 16777619u;
	return h;
}

static inline size_t gl_block_words_of(size_t bytes)
{
	return (bytes + 3) / 4;
}

/* A reader over [w, end) that fails once past the end. */
struct gl_block_reader {
	const uint32_t *w, *end;
	bool bad;
};

static inline bool gl_block_take(struct gl_block_reader *r, size_t n, const uint32_t **out)
{
	if (r->bad || (size_t)(r->end - r->w) < n) {
		r->bad = true;
		return false;
	}
	*out = r->w;
	r->w += n;
	return true;
}

static inline bool gl_block_take1(struct gl_block_reader *r, uint32_t *v)
{
	const uint32_t *p;

	if (!gl_block_take(r, 1, &p))
		return false;
	*v = *p;
	return true;
}

#endif
