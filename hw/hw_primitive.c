/* hw_primitive.c: triangles from lists, strips, fans and emits. */
#include <stddef.h>

#include "hw_assert.h"
#include "hw_primitive.h"

void hw_assembler_begin(struct hw_assembler *a, enum hw_topology topology,
			hw_triangle_fn triangle, void *user)
{
	a->topology = topology;
	a->triangle = triangle;
	a->user = user;
	a->count = 0;
	a->odd = false;
	a->vertices = 0;
	a->triangles = 0;
}

/* Hand the triangle (x, y, z), in that winding, to the assembler's sink. */
static void assembler_out(struct hw_assembler *a, const struct hw_vertex *x,
			  const struct hw_vertex *y, const struct hw_vertex *z)
{
	a->triangles++;
	a->triangle(a->user, x, y, z);
}

void hw_assembler_push(struct hw_assembler *a, const struct hw_vertex *v)
{
	a->vertices++;
	NNGX_ASSERT(a->count <= 2);     /* v[] holds the two vertices kept */
	switch (a->topology) {
	case HW_TOPOLOGY_STRIP:
		/* Keep the last two; every new vertex makes a triangle, and
		 * every other one is reversed so that all keep one winding. */
		if (a->count < 2) {
			a->v[a->count++] = *v;
			return;
		}
		if (a->odd)
			assembler_out(a, &a->v[1], &a->v[0], v);
		else
			assembler_out(a, &a->v[0], &a->v[1], v);
		a->odd = !a->odd;
		a->v[0] = a->v[1];
		a->v[1] = *v;
		return;
	case HW_TOPOLOGY_FAN:
		/* v[0] is the centre, v[1] the previous rim vertex. */
		if (a->count < 2) {
			a->v[a->count++] = *v;
			return;
		}
		assembler_out(a, &a->v[0], &a->v[1], v);
		a->v[1] = *v;
		return;
	default:
		/* Lists (and geometry topology fed without emits): threes.
		 * The third vertex closes the triangle as it is, uncopied:
		 * nothing keeps it after the triangle. */
		if (a->count < 2) {
			a->v[a->count++] = *v;
			return;
		}
		a->count = 0;
		assembler_out(a, &a->v[0], &a->v[1], v);
		return;
	}
}

void hw_assembler_emit(struct hw_assembler *a, const struct hw_vertex *v,
		       unsigned id, bool primitive, bool inverted)
{
	a->vertices++;
	a->v[id % 3] = *v;
	if (!primitive)
		return;
	if (inverted)
		assembler_out(a, &a->v[0], &a->v[2], &a->v[1]);
	else
		assembler_out(a, &a->v[0], &a->v[1], &a->v[2]);
}

void hw_ref_assembler_begin(struct hw_ref_assembler *a, enum hw_topology topology)
{
	a->topology = topology;
	a->held[0] = a->held[1] = NULL;
	a->count = 0;
	a->odd = false;
	a->vertices = 0;
	a->triangles = 0;
}

