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
 * linear in clip space (perspective-correct). Varyings in `skip` read 0. */
static void raster_interpolate(const struct raster_triangle *t, const int64_t w[3],
			       uint32_t skip, struct hw_fragment *f)
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
	for (i = 0; i < HW_VARYING_COUNT; i++) {
		if ((skip >> i) & 1u) {
			for (j = 0; j < 4; j++)
				f->varying[i][j] = 0.0f;
			continue;
		}
		for (j = 0; j < 4; j++)
			f->varying[i][j] = (float)(k[0] * t->v[0]->varying[i][j]
						   + k[1] * t->v[1]->varying[i][j]
						   + k[2] * t->v[2]->varying[i][j]);
	}
}

/* Set up a triangle: snapped, counter-clockwise, its edges and the pixel
 * range of its bounding box inside the target. False when it makes no
 * fragments (not finite, too far out, zero area, outside the target). */
static bool raster_setup(const struct hw_raster_config *cfg, const struct hw_vertex *a,
			 const struct hw_vertex *b, const struct hw_vertex *c,
			 struct raster_triangle *t, unsigned *x0, unsigned *x1, unsigned *y0,
			 unsigned *y1)
{
	int64_t p[3][2], area, lo[2], hi[2];
	int n, k;

	if (!cfg || cfg->width == 0 || cfg->height == 0)
		return false;
	t->v[0] = a;
	t->v[1] = b;
	t->v[2] = c;
	for (n = 0; n < 3; n++)
		for (k = 0; k < 2; k++)
			if (!raster_snap(t->v[n]->pos[k], &p[n][k]))
				return false;

	area = (p[1][0] - p[0][0]) * (p[2][1] - p[0][1])
	       - (p[2][0] - p[0][0]) * (p[1][1] - p[0][1]);
	if (area == 0)
		return false;
	if (area < 0) {
		/* Clockwise: swap two vertices; coverage does not depend on
		 * the order the triangle came in. */
		const struct hw_vertex *sv = t->v[1];
		int64_t sp[2] = { p[1][0], p[1][1] };

		t->v[1] = t->v[2];
		t->v[2] = sv;
		memcpy(p[1], p[2], sizeof sp);
		memcpy(p[2], sp, sizeof sp);
		area = -area;
	}
	t->area = (double)area;
	raster_edge_setup(&t->e[0], p[1], p[2]);
	raster_edge_setup(&t->e[1], p[2], p[0]);
	raster_edge_setup(&t->e[2], p[0], p[1]);

	for (k = 0; k < 2; k++) {
		lo[k] = hi[k] = p[0][k];
		for (n = 1; n < 3; n++) {
			if (p[n][k] < lo[k])
				lo[k] = p[n][k];
			if (p[n][k] > hi[k])
				hi[k] = p[n][k];
		}
	}
	return raster_span(lo[0], hi[0], cfg->width, x0, x1)
	       && raster_span(lo[1], hi[1], cfg->height, y0, y1);
}

/* Where the tile walk is: a batch of fragments being filled. */
struct raster_walk {
	const struct hw_raster_config *cfg;
	const struct raster_triangle *t;
	struct hw_raster_counts *counts;
	struct hw_fragment *batch;      /* NULL: counting only */
	unsigned n;
};

/* A covered pixel centre: scissor, count, interpolate into the batch. */
static void raster_covered(struct raster_walk *wk, unsigned x, unsigned y, const int64_t w[3])
{
	const struct hw_raster_config *cfg = wk->cfg;
	struct hw_fragment *f;

	wk->counts->covered++;
	if (cfg->scissor && (x < cfg->scissor_x0 || x >= cfg->scissor_x1
			     || y < cfg->scissor_y0 || y >= cfg->scissor_y1)) {
		wk->counts->scissored++;
		return;
	}
	wk->counts->fragments++;
	if (!wk->batch)
		return;
	f = &wk->batch[wk->n++];
	f->x = x;
	f->y = y;
	raster_interpolate(wk->t, w, cfg->unused_varyings, f);
}

/* The pixels x in [xa, xb], y from ytop down to ybottom of one tile. */
static void raster_tile(struct raster_walk *wk, unsigned xa, unsigned xb, unsigned ytop,
			unsigned ybottom)
{
	const struct raster_triangle *t = wk->t;
	int64_t step_x[3], step_y[3], row[3], bias[3];
	int64_t cx = (int64_t)xa * RASTER_ONE + RASTER_HALF;
	int64_t cy = (int64_t)ytop * RASTER_ONE + RASTER_HALF;
	int64_t right = (int64_t)(xb - xa), down = (int64_t)(ytop - ybottom);
	bool all_inside = true;
	unsigned x, y;
	int n;

	for (n = 0; n < 3; n++) {
		const struct raster_edge *e = &t->e[n];
		int64_t c00, c10, c01, c11;

		/* inside <=> value + bias > 0 (bias 1 on an edge that owns ties) */
		bias[n] = e->owns_ties ? 1 : 0;
		step_x[n] = -e->dy * RASTER_ONE;        /* one pixel right */
		step_y[n] = -e->dx * RASTER_ONE;        /* one pixel down */
		row[n] = raster_edge_value(e, cx, cy);
		c00 = row[n] + bias[n];
		c10 = c00 + step_x[n] * right;
		c01 = c00 + step_y[n] * down;
		c11 = c10 + step_y[n] * down;
		if (c00 <= 0 && c10 <= 0 && c01 <= 0 && c11 <= 0)
			return;                         /* wholly outside this edge */
		if (c00 <= 0 || c10 <= 0 || c01 <= 0 || c11 <= 0)
			all_inside = false;
	}
	for (y = ytop;; y--) {
		int64_t w[3] = { row[0], row[1], row[2] };

		for (x = xa; x <= xb; x++) {
			if (all_inside || (w[0] + bias[0] > 0 && w[1] + bias[1] > 0
					   && w[2] + bias[2] > 0))
				raster_covered(wk, x, y, w);
			for (n = 0; n < 3; n++)
				w[n] += step_x[n];
		}
		if (y == ybottom)
			break;
		for (n = 0; n < 3; n++)
			row[n] += step_y[n];
	}
}

void hw_raster_triangle_batch(const struct hw_raster_config *cfg, const struct hw_vertex *a,
			      const struct hw_vertex *b, const struct hw_vertex *c,
			      struct hw_raster_counts *counts, hw_fragment_batch_fn out,
			      void *user)
{
	struct hw_fragment batch[HW_RASTER_BATCH];
	struct raster_triangle t;
	struct raster_walk wk;
	unsigned x0, x1, y0, y1, r_top, r_bottom, tr, tc;

	if (!raster_setup(cfg, a, b, c, &t, &x0, &x1, &y0, &y1))
		return;
	wk.cfg = cfg;
	wk.t = &t;
	wk.counts = counts;
	wk.batch = out ? batch : NULL;
	wk.n = 0;

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

			raster_tile(&wk, xa, xb, cfg->height - 1 - ra, cfg->height - 1 - rb);
			if (wk.n) {
				out(user, batch, wk.n);
				wk.n = 0;
			}
		}
	}
}

/* hw_raster_triangle's callback, fed a batch at a time. */
struct raster_single {
	hw_fragment_fn out;
	void *user;
};

static void raster_unbatch(void *user, const struct hw_fragment *f, unsigned count)
{
	const struct raster_single *one = user;
	unsigned i;

	for (i = 0; i < count; i++)
		one->out(one->user, &f[i]);
}

void hw_raster_triangle(const struct hw_raster_config *cfg, const struct hw_vertex *a,
			const struct hw_vertex *b, const struct hw_vertex *c,
			struct hw_raster_counts *counts, hw_fragment_fn out, void *user)
{
	struct raster_single one;

	one.out = out;
	one.user = user;
	hw_raster_triangle_batch(cfg, a, b, c, counts, out ? raster_unbatch : NULL, &one);
}
