/* hw_clipper.h: clipping, face culling, the viewport transform and the
 * polygon counts of triangle setup (POLYGON words 1 and 2).
 *
 * Clip volume (PICA200 clip space): w > 0, -w <= x <= w, -w <= y <= w,
 * -w <= z <= 0, and optionally one user plane dot(plane, pos) >= 0. A
 * triangle that crosses the volume is cut into a convex polygon that the
 * hardware splits, but it still counts as one polygon out. */
#ifndef NNGX_HW_CLIPPER_H
#define NNGX_HW_CLIPPER_H

#include <stdbool.h>
#include <stdint.h>

#include "hw_vertex.h"

/* GPUREG_FACECULLING_CONFIG values (3dbrew). */
enum hw_cull {
	HW_CULL_NONE = 0,
	HW_CULL_CCW = 1,            /* counter-clockwise in window space is culled */
	HW_CULL_CW = 2
};

struct hw_clip_config {
	/* Window = (ndc + 1) * half_size + origin, y up. */
	float half_width, half_height;
	float origin_x, origin_y;
	float depth_scale, depth_offset;   /* window z = ndc z * scale + offset */
	enum hw_cull cull;
	bool user_plane_enabled;
	float user_plane[4];
};

/* Window-space triangles that survive, one by one (a clipped polygon is
 * handed on as a fan). Vertices hold window x, y, z and 1/w in pos. */
typedef void (*hw_setup_fn)(void *user, const struct hw_vertex *a,
			    const struct hw_vertex *b, const struct hw_vertex *c);

struct hw_setup_counts {
	uint32_t polygons_in;
	uint32_t polygons_out;
	uint32_t clipped_away;      /* removed by the clip volume */
	uint32_t culled;            /* removed by face culling */
	uint32_t split;             /* crossed the volume and were cut */
};

/* One triangle into setup: counted in, then clipped, culled, transformed
 * and, if anything is left, counted out and handed to `out` (may be NULL).
 * Returns true when it came out. */
bool hw_clip_triangle(const struct hw_clip_config *cfg, const struct hw_vertex *a,
		      const struct hw_vertex *b, const struct hw_vertex *c,
		      struct hw_setup_counts *counts, hw_setup_fn out, void *user);

/* hw_clip_triangle in two halves, for a caller that shares vertices
 * between triangles: hw_clip_prepare once per vertex gives the planes it
 * is not inside (0: inside every one) and, when it is inside them all,
 * its window-space form in *window (else *window is untouched); then a
 * triangle whose three corners are inside every plane goes through
 * hw_clip_triangle_inside with their window forms, which does and counts
 * what hw_clip_triangle does with it, bit for bit, without clipping or
 * transforming again. Other triangles go through hw_clip_triangle. */
unsigned hw_clip_prepare(const struct hw_clip_config *cfg, const struct hw_vertex *v,
			 struct hw_vertex *window);

/* Face culling of a window-space polygon of signed area `area` (twice the
 * area, counter-clockwise positive); true when it is culled. Model
 * choice: a zero-area triangle faces neither way and is never culled; it
 * comes out and produces no fragment. */
static inline bool hw_clip_culled(const struct hw_clip_config *cfg, float area)
{
	return (cfg->cull == HW_CULL_CCW && area > 0) || (cfg->cull == HW_CULL_CW && area < 0);
}

/* The second half of the pair above (inline: a few operations, once a
 * triangle of the draw's loop). */
static inline bool hw_clip_triangle_inside(const struct hw_clip_config *cfg,
					   const struct hw_vertex *a, const struct hw_vertex *b,
					   const struct hw_vertex *c,
					   struct hw_setup_counts *counts, hw_setup_fn out,
					   void *user)
{
	/* hw_clip_triangle's window area for three corners, in its order */
	float area = 0;

	counts->polygons_in++;
	area += a->pos[0] * b->pos[1] - b->pos[0] * a->pos[1];
	area += b->pos[0] * c->pos[1] - c->pos[0] * b->pos[1];
	area += c->pos[0] * a->pos[1] - a->pos[0] * c->pos[1];
	if (hw_clip_culled(cfg, area)) {
		counts->culled++;
		return false;
	}
	counts->polygons_out++;
	if (out)
		out(user, a, b, c);
	return true;
}

#endif
