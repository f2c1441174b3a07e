/* nngx_names.h: object name -> table index, in O(1), for every table of
 * named objects (GL buffers, textures, renderbuffers, framebuffers,
 * shaders and programs, command lists, display buffers). The tables keep
 * their objects in arrays with swap-remove; this map says where a name is.
 * Name 0 is never stored (it names no object anywhere). */
#ifndef NNGX_NAMES_H
#define NNGX_NAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct nngx_names {
	uint32_t *name;         /* 0: empty slot */
	size_t *index;
	size_t cap;             /* 0 or a power of two */
	unsigned bits;          /* log2(cap) */
	size_t count;
};

void nngx_names_init(struct nngx_names *m);
void nngx_names_fini(struct nngx_names *m);
/* Forget every name (the memory is kept). */
void nngx_names_clear(struct nngx_names *m);

/* Room for `more` new names, so that the nngx_names_put calls that add
 * them cannot fail: false when memory ran out (nothing changed). */
bool nngx_names_reserve(struct nngx_names *m, size_t more);

/* Map `name` (not 0) to `index`, replacing any earlier index. The room
 * must have been reserved. */
void nngx_names_put(struct nngx_names *m, uint32_t name, size_t index);

/* The index of `name`, or false when the name is not in the map. */
bool nngx_names_get(const struct nngx_names *m, uint32_t name, size_t *index);

/* Forget `name` (nothing when it is not there). */
void nngx_names_remove(struct nngx_names *m, uint32_t name);

#endif
