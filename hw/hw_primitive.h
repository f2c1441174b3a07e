/* hw_primitive.h: primitive assembly. Turns the stream of shaded vertices
 * of a draw into triangles, for lists, strips, fans and the primitives a
 * geometry shader emits. Every vertex it receives is a vertex into triangle
 * setup (POLYGON word 0). */
#ifndef NNGX_HW_PRIMITIVE_H
#define NNGX_HW_PRIMITIVE_H

#include <stdbool.h>
#include <stdint.h>

#include "hw_vertex.h"

/* GPUREG_PRIMITIVE_CONFIG mode, bits 8-9 (3dbrew). */
enum hw_topology {
	HW_TOPOLOGY_TRIANGLES = 0,
	HW_TOPOLOGY_STRIP = 1,
	HW_TOPOLOGY_FAN = 2,
	HW_TOPOLOGY_GEOMETRY = 3     /* triangles as the geometry shader emits them */
};

/* A triangle in its winding order. */
typedef void (*hw_triangle_fn)(void *user, const struct hw_vertex *a,
			       const struct hw_vertex *b, const struct hw_vertex *c);

struct hw_assembler {
	enum hw_topology topology;
	hw_triangle_fn triangle;
	void *user;
	struct hw_vertex v[3];
	unsigned count;             /* vertices held (lists, strips, fans) */
	bool odd;                   /* strips: next triangle's winding flips */
	uint32_t vertices;          /* vertices received */
	uint32_t triangles;         /* triangles assembled */
};

void hw_assembler_begin(struct hw_assembler *a, enum hw_topology topology,
			hw_triangle_fn triangle, void *user);

/* The next vertex of a list, strip or fan. */
void hw_assembler_push(struct hw_assembler *a, const struct hw_vertex *v);

/* A geometry shader emit: the vertex goes to slot `id` (0..2, setemit);
 * with `primitive` set the three slots form a triangle, reversed when
 * `inverted` is set. */
void hw_assembler_emit(struct hw_assembler *a, const struct hw_vertex *v,
		       unsigned id, bool primitive, bool inverted);

/* Assembly of vertices the caller keeps: the same triangles as
 * hw_assembler_push, in the same order and winding, as triples of the
 * caller's pointers, nothing copied. The caller keeps each vertex it
 * pushed unchanged while the assembler holds it (held[0..count)); to
 * change one, it copies the vertex elsewhere first and points the held
 * pointer there. */
struct hw_ref_assembler {
	enum hw_topology topology;
	const void *held[2];
	unsigned count;             /* vertices held */
	bool odd;                   /* strips: next triangle's winding flips */
	uint32_t vertices;          /* vertices received */
	uint32_t triangles;         /* triangles assembled */
};

void hw_ref_assembler_begin(struct hw_ref_assembler *a, enum hw_topology topology);

/* The next vertex of a list, strip or fan; true, with the triangle in
 * tri[0..2], when it completes one (hw_assembler_push's cases, on
 * pointers; inline: once a vertex of a draw). */
static inline bool hw_ref_assembler_push(struct hw_ref_assembler *a, const void *v,
					 const void *tri[3])
{
	a->vertices++;
	if (a->count < 2) {
		a->held[a->count++] = v;
		return false;
	}
	a->triangles++;
	tri[2] = v;
	switch (a->topology) {
	case HW_TOPOLOGY_STRIP:
		tri[0] = a->held[a->odd ? 1 : 0];
		tri[1] = a->held[a->odd ? 0 : 1];
		a->odd = !a->odd;
		a->held[0] = a->held[1];
		a->held[1] = v;
		return true;
	case HW_TOPOLOGY_FAN:
		tri[0] = a->held[0];
		tri[1] = a->held[1];
		a->held[1] = v;
		return true;
	default:
		tri[0] = a->held[0];
		tri[1] = a->held[1];
		a->count = 0;
		return true;
	}
}

#endif
