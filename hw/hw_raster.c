/* hw_raster.c: edge-function rasterization on a fixed-point grid, walked
 * in framebuffer tiles, with linear depth and perspective-correct
 * varyings. */
#include <math.h>
#include <string.h>

#include "hw_raster.h"

#define RASTER_ONE ((int64_t)1 << HW_RASTER_SUBPIXEL_BITS)
#define RASTER_HALF (RASTER_ONE / 2)          /* a pixel centre's offset */

/* One directed edge p -> q of a counter-clockwise triangle (y up): the
 * inside is on its left, where the edge function is positive. */
struct raster_edge {
	int64_t dx, dy, x0, y0;
	bool owns_ties;                 /* centres exactly on it are inside */
};

/* Snap a window coordinate to the sub-pixel grid (round to nearest);
 * false when it is not finite or too far out (HW_RASTER_MAX_COORD). */
static bool raster_snap(float v, int64_t *out)
{
	if (!(v >= -HW_RASTER_MAX_COORD && v <= HW_RASTER_MAX_COORD))
		return false;
	*out = (int64_t)floor((double)v * (double)RASTER_ONE + 0.5);
	return true;
}

static void raster_edge_setup(struct raster_edge *e, const int64_t p[2], const int64_t q[2])
{
	e->dx = q[0] - p[0];
	e->dy = q[1] - p[1];
	e->x0 = p[0];
	e->y0 = p[1];
	/* The inside lies along the left normal (-dy, dx). A left edge has
	 * the inside at +x: dy < 0. A top edge is horizontal with the inside
	 * at -y: dy == 0 and dx < 0. The same edge walked the other way (by
	 * the neighbour triangle) has the opposite signs, so it never owns
	 * the same centres. */
	e->owns_ties = e->dy < 0 || (e->dy == 0 && e->dx < 0);
}

/* Twice the signed area of (p, q, point), exact: |terms| < 2^47. */
static int64_t raster_edge_value(const struct raster_edge *e, int64_t x, int64_t y)
{
	return e->dx * (y - e->y0) - e->dy * (x - e->x0);
}

static bool raster_edge_inside(const struct raster_edge *e, int64_t value)
{
	return value > 0 || (value == 0 && e->owns_ties);
}

/* floor(a / RASTER_ONE) and ceil(a / RASTER_ONE) for negative a too. */
static int64_t raster_floor_div(int64_t a)
{
	return a >= 0 ? a / RASTER_ONE : -((-a + RASTER_ONE - 1) / RASTER_ONE);
}

static int64_t raster_ceil_div(int64_t a)
{
	return -raster_floor_div(-a);
}

/* Inclusive pixel range whose centres lie in [lo, hi] (sub-pixel units),
 * clipped to [0, size); false when empty. */
static bool raster_span(int64_t lo, int64_t hi, unsigned size, unsigned *first, unsigned *last)
{
	int64_t a = raster_ceil_div(lo - RASTER_HALF);
	int64_t b = raster_floor_div(hi - RASTER_HALF);

	if (a < 0)
		a = 0;
	if (b > (int64_t)size - 1)
		b = (int64_t)size - 1;
	if (a > b)
		return false;
	*first = (unsigned)a;
	*last = (unsigned)b;
	return true;
}

struct raster_triangle {
	const struct hw_vertex *v[3];   /* counter-clockwise */
	struct raster_edge e[3];        /* e[i] is the edge opposite v[i] */
	double area;                    /* twice the area, sub-pixel units, > 0 */
};

/* Depth linear in window space; varyings weighted by 1/w so that they are
 * linear in clip space (perspective-correct). */
static void raster_interpolate(const struct raster_triangle *t, const int64_t w[3],
			       struct hw_fragment *f)
{
	double l[3], k[3], q = 0, z = 0;
	int i, j, n;

	for (n = 0; n < 3; n++) {
		l[n] = (double)w[n] / t->area;
		z += l[n] * t->v[n]->pos[2];
		q += l[n] * t->v[n]->pos[3];
	}
	for (n = 0; n < 3; n++)
		/* Model choice: a non-positive 1/w sum (impossible after w > 0
		 * clipping) falls back to linear weights. */
		k[n] = q > 0 && isfinite(q) ? l[n] * t->v[n]->pos[3] / q : l[n];
	f->z = (float)z;
	for (i = 0; i < HW_VARYING_COUNT; i++)
		for (j = 0; j < 4; j++)
			f->varying[i][j] = (float)(k[0] * t->v[0]->varying[i][j]
						   + k[1] * t->v[1]->varying[i][j]
						   + k[2] * t->v[2]->varying[i][j]);
}

static void raster_pixel(const struct hw_raster_config *cfg, const struct raster_triangle *t,
			 unsigned x, unsigned y, struct hw_raster_counts *counts,
			 hw_fragment_fn out, void *user)
{
	int64_t cx = (int64_t)x * RASTER_ONE + RASTER_HALF;
	int64_t cy = (int64_t)y * RASTER_ONE + RASTER_HALF;
	int64_t w[3];
	struct hw_fragment f;
	int n;

	for (n = 0; n < 3; n++) {
		w[n] = raster_edge_value(&t->e[n], cx, cy);
		if (!raster_edge_inside(&t->e[n], w[n]))
			return;
	}
	counts->covered++;
	if (cfg->scissor && (x < cfg->scissor_x0 || x >= cfg->scissor_x1
			     || y < cfg->scissor_y0 || y >= cfg->scissor_y1)) {
		counts->scissored++;
		return;
	}
	counts->fragments++;
	if (!out)
		return;
	f.x = x;
	f.y = y;
	raster_interpolate(t, w, &f);
	out(user, &f);
}

void hw_raster_triangle(const struct hw_raster_config *cfg, const struct hw_vertex *a,
			const struct hw_vertex *b, const struct hw_vertex *c,
			struct hw_raster_counts *counts, hw_fragment_fn out, void *user)
{
	struct raster_triangle t;
	int64_t p[3][2], area, lo[2], hi[2];
	unsigned x0, x1, y0, y1, r_top, r_bottom, tr, tc, r, x;
	int n, k;

	if (!cfg || cfg->width == 0 || cfg->height == 0)
		return;
	t.v[0] = a;
	t.v[1] = b;
	t.v[2] = c;
	for (n = 0; n < 3; n++)
		for (k = 0; k < 2; k++)
			if (!raster_snap(t.v[n]->pos[k], &p[n][k]))
				return;

	area = (p[1][0] - p[0][0]) * (p[2][1] - p[0][1])
	       - (p[2][0] - p[0][0]) * (p[1][1] - p[0][1]);
	if (area == 0)
		return;
	if (area < 0) {
		/* Clockwise: swap two vertices; coverage does not depend on
		 * the order the triangle came in. */
		const struct hw_vertex *sv = t.v[1];
		int64_t sp[2] = { p[1][0], p[1][1] };

		t.v[1] = t.v[2];
		t.v[2] = sv;
		memcpy(p[1], p[2], sizeof sp);
		memcpy(p[2], sp, sizeof sp);
		area = -area;
	}
	t.area = (double)area;
	raster_edge_setup(&t.e[0], p[1], p[2]);
	raster_edge_setup(&t.e[1], p[2], p[0]);
	raster_edge_setup(&t.e[2], p[0], p[1]);

	for (k = 0; k < 2; k++) {
		lo[k] = hi[k] = p[0][k];
		for (n = 1; n < 3; n++) {
			if (p[n][k] < lo[k])
				lo[k] = p[n][k];
			if (p[n][k] > hi[k])
				hi[k] = p[n][k];
		}
	}
	if (!raster_span(lo[0], hi[0], cfg->width, &x0, &x1)
	    || !raster_span(lo[1], hi[1], cfg->height, &y0, &y1))
		return;

	/* Walk in framebuffer tiles: memory row r = height - 1 - y, so the
	 * top row of the bounding box is the first memory row. */
	r_top = cfg->height - 1 - y1;
	r_bottom = cfg->height - 1 - y0;
	for (tr = r_top / HW_RASTER_BLOCK; tr <= r_bottom / HW_RASTER_BLOCK; tr++) {
		unsigned ra = tr * HW_RASTER_BLOCK > r_top ? tr * HW_RASTER_BLOCK : r_top;
		unsigned rb = tr * HW_RASTER_BLOCK + HW_RASTER_BLOCK - 1 < r_bottom
			      ? tr * HW_RASTER_BLOCK + HW_RASTER_BLOCK - 1 : r_bottom;

		for (tc = x0 / HW_RASTER_BLOCK; tc <= x1 / HW_RASTER_BLOCK; tc++) {
			unsigned xa = tc * HW_RASTER_BLOCK > x0 ? tc * HW_RASTER_BLOCK : x0;
			unsigned xb = tc * HW_RASTER_BLOCK + HW_RASTER_BLOCK - 1 < x1
				      ? tc * HW_RASTER_BLOCK + HW_RASTER_BLOCK - 1 : x1;

			for (r = ra; r <= rb; r++)
				for (x = xa; x <= xb; x++)
					raster_pixel(cfg, &t, x, cfg->height - 1 - r, counts,
						     out, user);
		}
	}
}
