/* hw_raster.h: the rasterizer. Turns window-space triangles from triangle
 * setup into fragments at pixel centres, with the top-left fill rule, the
 * render-target bounds and the scissor test, interpolating depth and the
 * varyings perspective-correctly. Functional only; its clocks are counted
 * by the draw (fragments, spans).
 *
 * Window space is y up: pixel (x, y) has its centre at (x + 0.5, y + 0.5)
 * and row 0 is the bottom row.
 *
 * Coverage is exact: vertices snap to a grid of 1/2^HW_RASTER_SUBPIXEL_BITS
 * pixel and the edge functions are evaluated in 64-bit integers, so the two
 * triangles that share an edge see exactly opposite values on it.
 *
 * Fill rule (top-left, y up): a pixel centre exactly on an edge belongs to
 * the triangle only when that edge is a left edge (the triangle's inside is
 * to its right, +x) or a top edge (horizontal, the inside below it, -y).
 * Two triangles sharing an edge lie on its two sides, so exactly one of them
 * owns the centres on it: no pixel is covered twice, none is left out.
 *
 * Traversal order (model choice): the bounding box is walked in the 8x8
 * tiles of the framebuffer layout (hw_fragment.h): tiles in memory order,
 * the top tile row first, left to right; inside a tile, rows from the top,
 * left to right. So all fragments of a tile arrive together, which is what
 * lets a small framebuffer cache touch each of the tile's lines once. */
#ifndef NNGX_HW_RASTER_H
#define NNGX_HW_RASTER_H

#include <stdbool.h>
#include <stdint.h>

#include "hw_vertex.h"

/* Model choice: 8 fractional bits of sub-pixel precision. */
#define HW_RASTER_SUBPIXEL_BITS 8
/* Model choice: vertices beyond +-2^14 pixels (far outside any viewport the
 * clipper lets through) or not finite make no fragments; this keeps every
 * edge product inside 64 bits. */
#define HW_RASTER_MAX_COORD 16384.0f
/* Traversal block: the framebuffer tile. */
#define HW_RASTER_BLOCK 8

struct hw_raster_config {
	unsigned width, height;         /* render target, pixels */
	bool scissor;
	/* With `scissor`: false keeps the pixels inside the box (register
	 * 0x065 mode 3), true discards them and keeps those outside (mode 1,
	 * "exclude": fragment-pipeline.md A.7, Citra's reading; mode 2 acts
	 * as off, model choice). Either way the pixels dropped count as
	 * scissored. */
	bool scissor_exclude;
	/* Window pixels, y up, like hw_fragment.x and .y. */
	unsigned scissor_x0, scissor_y0;    /* inclusive */
	unsigned scissor_x1, scissor_y1;    /* exclusive */
	/* Bit v set: varying v is not interpolated and reads 0 (a draw
	 * leaves out what no later stage reads). 0: all of them. */
	uint32_t unused_varyings;
	/* true: nothing reads depth (a draw whose per-fragment operations
	 * read none). With every varying unused too, the fragments' depth
	 * is 0 and nothing is interpolated; with a varying used, depth is
	 * interpolated all the same (little beside the varyings). */
	bool depth_unused;
	/* true: the w-buffer (DEPTHMAP_ENABLE 0x06D bit 0 clear). A
	 * fragment's depth is then the window depth interpolated linearly
	 * (z/w x scale + offset) times the fragment's perspective-correct w,
	 * i.e. z x scale + w x offset (fragment-pipeline.md B.10). false:
	 * the z-buffer, the window depth itself. */
	bool w_buffer;
};

struct hw_fragment {
	unsigned x, y;                  /* pixel, y up from the bottom row */
	float z;                        /* depth: linear in the window (z-buffer) or w (w-buffer) */
	float varying[HW_VARYING_COUNT][4];   /* perspective-correct */
};

typedef void (*hw_fragment_fn)(void *user, const struct hw_fragment *f);

/* Fragments handed on in batches: covered fragments of one triangle, in
 * traversal order, at most HW_RASTER_BATCH: whole 8x8 tile parts, as many
 * consecutive ones as fit. The pixels of a batch are distinct (but for a
 * holding buffer's batches, hw_raster_buffer.hold: several triangles'
 * fragments in order, which may share pixels). */
#define HW_RASTER_BATCH (HW_RASTER_BLOCK * HW_RASTER_BLOCK)
typedef void (*hw_fragment_batch_fn)(void *user, const struct hw_fragment *f, unsigned count);

struct hw_raster_counts {
	uint64_t covered;               /* pixel centres inside triangle and target */
	uint64_t scissored;             /* of those, removed by the scissor test */
	uint64_t fragments;             /* handed on */
};

/* Rasterize one triangle (vertices as hw_clipper hands them: window x, y,
 * z and 1/w in pos), of either winding. A triangle of zero area after
 * snapping makes no fragments. `out` may be NULL (counting only). */
void hw_raster_triangle(const struct hw_raster_config *cfg, const struct hw_vertex *a,
			const struct hw_vertex *b, const struct hw_vertex *c,
			struct hw_raster_counts *counts, hw_fragment_fn out, void *user);

/* The same, the fragments handed on a tile at a time: the same fragments
 * in the same order. `out` may be NULL (counting only).
 *
 * How (no change to what comes out): a row crosses a triangle once, so
 * its covered pixels are one span, found without a test per pixel. A box
 * at most 8 pixels wide (of a triangle whose vertices lie within 16
 * pixels of each other in x and 128 in y) evaluates a row's three edge
 * functions at all its pixels together, in 32-bit lanes (exact there),
 * the row's coverage a set of bits; any other box finds each row's first
 * and last covered pixel from each edge's bound on them, carried from
 * row to row in exact integers, without a division per row. The tie rule
 * is folded into each edge's value once; tile parts with nothing covered
 * cost their batch check only; only the varyings used are interpolated
 * (depth alone when none is; nothing when depth is unused too), from
 * per-triangle constants, with the same double operations in the same
 * order as the plain formula, so that every bit of a fragment is the
 * same whatever the walk; a batch's fragments are interpolated when it
 * is handed on, several at a time in the lanes of vectors where the SIMD
 * code is built. */
void hw_raster_triangle_batch(const struct hw_raster_config *cfg, const struct hw_vertex *a,
			      const struct hw_vertex *b, const struct hw_vertex *c,
			      struct hw_raster_counts *counts, hw_fragment_batch_fn out,
			      void *user);

/* The batch a caller keeps across the triangles of a draw: a batch's
 * slots hold 0 in every varying left out (cfg->unused_varyings), and a
 * kept buffer needs that done once a draw rather than once a triangle
 * (nothing writes a left-out varying; the consumers only read). With it,
 * the fragments' edge values (the interpolation's input; three slots past
 * the batch for the lanes of a last group of four). Set zeroed, w_set,
 * held and hold to 0 before its first use. */
struct hw_raster_buffer {
	struct hw_fragment batch[HW_RASTER_BATCH];
	double w[3][HW_RASTER_BATCH + 3];
	unsigned zeroed;                /* slots below it hold 0 in `unused` */
	unsigned w_set;                 /* slots of w below it are set */
	uint32_t unused;
	/* `hold`: a triangle's fragments stay in the batch, interpolated,
	 * when it ends (batch[0..held)), and go on with the next triangles'
	 * once the batch is full, before a triangle with another set of
	 * varyings left out, or at hw_raster_hand_on: fewer, larger batches
	 * of several triangles, in the same order. */
	bool hold;
	unsigned held;
};

/* hw_raster_triangle_batch with the caller's buffer: the same fragments,
 * counts and batches (with buf->hold, the same fragments and counts, in
 * batches of several triangles). */
void hw_raster_triangle_batch_in(const struct hw_raster_config *cfg, const struct hw_vertex *a,
				 const struct hw_vertex *b, const struct hw_vertex *c,
				 struct hw_raster_counts *counts, hw_fragment_batch_fn out,
				 void *user, struct hw_raster_buffer *buf);

/* hw_raster_triangle_batch_in's copy for this host (hw_simd.h) and for
 * `cfg`'s depth mode (the w-buffer's copy, or the z-buffer's), looked up
 * once: a caller with many triangles of one configuration calls it
 * without the look-up each time. The same fragments, counts and batches. */
typedef void (*hw_raster_batch_in_fn)(const struct hw_raster_config *cfg,
				      const struct hw_vertex *a, const struct hw_vertex *b,
				      const struct hw_vertex *c, struct hw_raster_counts *counts,
				      hw_fragment_batch_fn out, void *user,
				      struct hw_raster_buffer *buf);
hw_raster_batch_in_fn hw_raster_triangle_batch_in_copy(const struct hw_raster_config *cfg);

/* The fragments a holding buffer holds, if any, to `out` as one batch. */
void hw_raster_hand_on(struct hw_raster_buffer *buf, hw_fragment_batch_fn out, void *user);

/* ---- derivatives over 2x2 quads (the texture units' level of detail) ----
 *
 * A varying's first two components as functions of the window position,
 * perspective-correct (c = (c/w) / (1/w), each of c/w and 1/w linear in
 * window space), set up once a triangle from its three vertices. Model
 * choice (the PICA's rule is not public): fragments are grouped in 2x2
 * quads aligned to even pixels, and every fragment of quad (x0, y0) = (x
 * & ~1, y & ~1) gets the forward differences of the quad, d/dx = c(x0 +
 * 1.5, y0 + 0.5) - c(x0 + 0.5, y0 + 0.5) and d/dy = c(x0 + 0.5, y0 + 1.5)
 * - c(x0 + 0.5, y0 + 0.5), the coordinate computed at those pixel centres
 * whether or not they are covered (GL's coarse derivatives). The values
 * are computed from the vertices' window positions as given (not
 * snapped), in doubles. */
struct hw_raster_gradient {
	double x0, y0;                  /* vertex 0's window position */
	double q[3];                    /* 1/w at vertex 0, d/dx, d/dy */
	double p[3][3];                 /* c/w of components 0, 1, 2, the same */
	bool valid;                     /* a triangle of non-zero area */
};

/* The gradient of varying `varying` (hw_varying) of triangle a, b, c. */
void hw_raster_gradient_setup(struct hw_raster_gradient *g, const struct hw_vertex *a,
			      const struct hw_vertex *b, const struct hw_vertex *c,
			      unsigned varying);

/* Components 0-2 at the quad of pixel (x, y): c[i] at its pixel centres
 * i = 0 (x0 + 0.5, y0 + 0.5), 1 (x0 + 1.5, y0 + 0.5), 2 (x0 + 0.5, y0 +
 * 1.5). NaN when the triangle has no area or 1/w is not positive at one
 * of them. Reads only its inputs. */
void hw_raster_quad_coords(const struct hw_raster_gradient *g, unsigned x, unsigned y,
			   double c[3][3]);

/* The derivatives at the quad of pixel (x, y): deriv[k] = { dc_k/dx,
 * dc_k/dy } for components k = 0, 1. NaN when the triangle has no area
 * or 1/w is not positive at one of the three centres. Reads only its
 * inputs. */
void hw_raster_quad_derivatives(const struct hw_raster_gradient *g, unsigned x, unsigned y,
				float deriv[2][2]);

#endif
