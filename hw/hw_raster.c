/* hw_raster.c: edge-function rasterization on a fixed-point grid, walked
 * in framebuffer tiles, with linear depth and perspective-correct
 * varyings. */
#include <float.h>
#include <string.h>

#include "hw_raster.h"
#include "hw_simd.h"

#define RASTER_ONE ((int64_t)1 << HW_RASTER_SUBPIXEL_BITS)
#define RASTER_HALF (RASTER_ONE / 2)          /* a pixel centre's offset */

/* Interpolation two lanes at a time (GCC and clang vector extensions):
 * each lane is the same IEEE operation as the scalar code, so the results
 * are the same bits. HW_NO_SIMD (hw_simd.h) builds the plain scalar code,
 * as it does for every other kernel. */
#if defined(__GNUC__) && !defined(HW_NO_SIMD)
#define RASTER_VECTOR 1
typedef double raster_d2 __attribute__((vector_size(16)));
#endif

/* raster_zero_varyings zeroes the varyings with one store each, six of them. */
typedef char raster_six_varyings[HW_VARYING_COUNT == 6 ? 1 : -1];

/* The per-fragment helpers are inlined into the walk's loops. */
#if defined(__GNUC__)
#define RASTER_INLINE static inline __attribute__((always_inline))
#else
#define RASTER_INLINE static inline
#endif

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
	/* floor(t) without a call: |t| <= 2^22 + 0.5, so the truncation
	 * toward zero and its conversion back are exact, and it is one
	 * above the floor exactly when t is negative and not an integer. */
	double t = (double)v * (double)RASTER_ONE + 0.5;
	int64_t i = (int64_t)t;

	*out = i - ((double)i > t);
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
	/* Set up once for the walk. An edge's "biased" value is its value
	 * plus 1 if it owns ties, minus 1: a centre is inside the edge exactly
	 * when that is >= 0, so inside all three when their OR is >= 0. */
	int64_t step_x[3];              /* one pixel right */
	int64_t step_y[3];              /* one pixel down */
	int64_t unbias[3];              /* biased value + unbias = edge value */
	/* Interpolation: the vertices' depth, 1/w and used varyings as
	 * doubles (exact), the varyings interpolated and the ones read as 0. */
	double z[3], w[3];
	double var[HW_VARYING_COUNT][3][4];     /* [varying][vertex][component] */
	unsigned used[HW_VARYING_COUNT], used_count;
};

/* Depth linear in window space; varyings weighted by 1/w so that they are
 * linear in clip space (perspective-correct). The unused varyings read 0.
 * Every double operation is the one of the plain formula, in the same
 * order, so the results do not depend on how the triangle is walked:
 * l = w / area, z = sum l.z, q = sum l.(1/w), k = l.(1/w) / q, varying =
 * (float)(k0.a + k1.b + k2.c). */

/* The used varyings of a fragment from its weights k0..2. */
RASTER_INLINE void raster_varyings(const struct raster_triangle *t, double k0, double k1,
				   double k2, struct hw_fragment *f)
{
	unsigned i;

	for (i = 0; i < t->used_count; i++) {
		unsigned u = t->used[i], j;
		const double (*c)[4] = t->var[u];

#ifdef RASTER_VECTOR
		const raster_d2 k0v = { k0, k0 }, k1v = { k1, k1 }, k2v = { k2, k2 };

		for (j = 0; j < 4; j += 2) {
			raster_d2 a, b, d, r;

			memcpy(&a, &c[0][j], sizeof a);
			memcpy(&b, &c[1][j], sizeof b);
			memcpy(&d, &c[2][j], sizeof d);
			r = k0v * a + k1v * b + k2v * d;
			f->varying[u][j] = (float)r[0];
			f->varying[u][j + 1] = (float)r[1];
		}
#else
		for (j = 0; j < 4; j++)
			f->varying[u][j] = (float)(k0 * c[0][j] + k1 * c[1][j] + k2 * c[2][j]);
#endif
	}
}

/* One fragment, edge values w0..2 (not biased, as doubles: exact). */
RASTER_INLINE void raster_interpolate(const struct raster_triangle *t, double w0, double w1,
				      double w2, struct hw_fragment *f)
{
	double l0 = w0 / t->area, l1 = w1 / t->area;
	double l2 = w2 / t->area, k0, k1, k2, q = 0, z = 0;

	/* (the sums start at 0 as the formula does: 0 + -0 is +0) */
	z += l0 * t->z[0];
	q += l0 * t->w[0];
	z += l1 * t->z[1];
	q += l1 * t->w[1];
	z += l2 * t->z[2];
	q += l2 * t->w[2];
	/* Model choice: a non-positive 1/w sum (impossible after w > 0
	 * clipping) falls back to linear weights. (q <= DBL_MAX: finite, as
	 * q > 0 leaves out NaN and q is not -inf.) */
	if (q > 0 && q <= DBL_MAX) {
		k0 = l0 * t->w[0] / q;
		k1 = l1 * t->w[1] / q;
		k2 = l2 * t->w[2] / q;
	} else {
		k0 = l0;
		k1 = l1;
		k2 = l2;
	}
	f->z = (float)z;
	raster_varyings(t, k0, k1, k2, f);
}

#ifdef RASTER_VECTOR
typedef long long raster_i2 __attribute__((vector_size(16)));

/* Two fragments at once, one in each lane: each lane does the double
 * operations of raster_interpolate in its order, so the same bits. */
RASTER_INLINE void raster_interpolate_pair(const struct raster_triangle *t, const double *w0,
					   const double *w1, const double *w2,
					   struct hw_fragment *fa, struct hw_fragment *fb)
{
	const raster_d2 area = { t->area, t->area }, zero = { 0, 0 };
	const raster_d2 max = { DBL_MAX, DBL_MAX };
	raster_d2 l0, l1, l2;
	const raster_d2 v0 = { t->w[0], t->w[0] }, v1 = { t->w[1], t->w[1] };
	const raster_d2 v2 = { t->w[2], t->w[2] };
	raster_d2 z = zero, q = zero, k0, k1, k2;
	raster_i2 ok;

	memcpy(&l0, w0, sizeof l0);
	memcpy(&l1, w1, sizeof l1);
	memcpy(&l2, w2, sizeof l2);
	l0 /= area;
	l1 /= area;
	l2 /= area;
	z += l0 * (raster_d2){ t->z[0], t->z[0] };
	q += l0 * v0;
	z += l1 * (raster_d2){ t->z[1], t->z[1] };
	q += l1 * v1;
	z += l2 * (raster_d2){ t->z[2], t->z[2] };
	q += l2 * v2;
	k0 = l0 * v0 / q;
	k1 = l1 * v1 / q;
	k2 = l2 * v2 / q;
	/* per lane: k = l.(1/w) / q where raster_interpolate takes it,
	 * else l (what the other branch computes is not used) */
	ok = (q > zero) & (q <= max);
	if (!(ok[0] & ok[1])) {
		k0 = (raster_d2)(((raster_i2)k0 & ok) | ((raster_i2)l0 & ~ok));
		k1 = (raster_d2)(((raster_i2)k1 & ok) | ((raster_i2)l1 & ~ok));
		k2 = (raster_d2)(((raster_i2)k2 & ok) | ((raster_i2)l2 & ~ok));
	}
	fa->z = (float)z[0];
	fb->z = (float)z[1];
	raster_varyings(t, k0[0], k1[0], k2[0], fa);
	raster_varyings(t, k0[1], k1[1], k2[1], fb);
}
#endif

/* Set up a triangle: snapped, counter-clockwise, its edges and the pixel
 * range of its bounding box inside the target. False when it makes no
 * fragments (not finite, too far out, zero area, outside the target). */
RASTER_INLINE bool raster_setup(const struct hw_raster_config *cfg, const struct hw_vertex *a,
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

/* The index of the lowest set bit of x != 0. */
static unsigned raster_lowest_bit(uint32_t x)
{
#if defined(__GNUC__)
	return (unsigned)__builtin_ctz(x);
#else
	unsigned i = 0;

	while (!(x & 1u)) {
		x >>= 1;
		i++;
	}
	return i;
#endif
}

/* The walk's constants and the interpolation's, once the triangle makes
 * fragments. */
RASTER_INLINE void raster_setup_walk(const struct hw_raster_config *cfg, struct raster_triangle *t)
{
	unsigned i, j, n;
	uint32_t used;

	for (n = 0; n < 3; n++) {
		const struct raster_edge *e = &t->e[n];

		t->step_x[n] = -e->dy * RASTER_ONE;
		t->step_y[n] = -e->dx * RASTER_ONE;
		t->unbias[n] = e->owns_ties ? 0 : 1;
		t->z[n] = t->v[n]->pos[2];
		t->w[n] = t->v[n]->pos[3];
	}
	t->used_count = 0;
	for (used = ~cfg->unused_varyings & ((1u << HW_VARYING_COUNT) - 1); used;
	     used &= used - 1) {
		i = raster_lowest_bit(used);
		t->used[t->used_count++] = i;
		for (n = 0; n < 3; n++)
			for (j = 0; j < 4; j++)
				t->var[i][n][j] = t->v[n]->varying[i][j];
	}
}

/* Where the tile walk is: a batch of fragments being filled. The walk
 * places each covered fragment and keeps its edge values; the tile's
 * fragments are interpolated together once it is walked
 * (raster_interpolate_batch), two at a time where the vector code is
 * built. */
struct raster_walk {
	const struct hw_raster_config *cfg;
	const struct raster_triangle *t;
	struct hw_fragment *batch;      /* NULL: counting only */
	unsigned n;
	/* Batch slots below this hold 0 in every unused varying already:
	 * the set is the triangle's, and nothing writes a handed-on slot. */
	unsigned zeroed;
	uint64_t covered, scissored;    /* of the current tile */
	/* batch[i]'s edge values, not biased, as doubles (exact: below
	 * 2^47), edge by edge so that two fragments' values load as one */
	double w[3][HW_RASTER_BATCH];
};

/* Zero the six varyings of a batch slot, the used ones are written
 * later. Six 16-byte stores: a memset of the lot compiles to a string
 * instruction, slow to start. */
RASTER_INLINE void raster_zero_varyings(struct hw_fragment *f)
{
	static const float zero4[4] = { 0, 0, 0, 0 };

	memcpy(f->varying[0], zero4, sizeof zero4);
	memcpy(f->varying[1], zero4, sizeof zero4);
	memcpy(f->varying[2], zero4, sizeof zero4);
	memcpy(f->varying[3], zero4, sizeof zero4);
	memcpy(f->varying[4], zero4, sizeof zero4);
	memcpy(f->varying[5], zero4, sizeof zero4);
}

/* Depth only, when no varying is interpolated: the perspective weights
 * k (raster_interpolate) are read only by the varyings, so leaving them
 * out changes no bit; depth is the same operations in the same order. */
RASTER_INLINE void raster_depth_batch(struct raster_walk *wk)
{
	const struct raster_triangle *t = wk->t;
	const double z0 = t->z[0], z1 = t->z[1], z2 = t->z[2], area = t->area;
	unsigned i = 0;

#ifdef RASTER_VECTOR
	const raster_d2 area2 = { area, area }, z0v = { z0, z0 }, z1v = { z1, z1 };
	const raster_d2 z2v = { z2, z2 };

	for (; i + 1 < wk->n; i += 2) {
		raster_d2 l0, l1, l2, z = { 0, 0 };

		memcpy(&l0, &wk->w[0][i], sizeof l0);
		memcpy(&l1, &wk->w[1][i], sizeof l1);
		memcpy(&l2, &wk->w[2][i], sizeof l2);
		l0 /= area2;
		l1 /= area2;
		l2 /= area2;
		z += l0 * z0v;
		z += l1 * z1v;
		z += l2 * z2v;
		wk->batch[i].z = (float)z[0];
		wk->batch[i + 1].z = (float)z[1];
	}
#endif
	for (; i < wk->n; i++) {
		double l0 = wk->w[0][i] / area, l1 = wk->w[1][i] / area;
		double l2 = wk->w[2][i] / area, z = 0;

		z += l0 * z0;
		z += l1 * z1;
		z += l2 * z2;
		wk->batch[i].z = (float)z;
	}
}

/* Depth and varyings of the batch's fragments. */
RASTER_INLINE void raster_interpolate_batch(struct raster_walk *wk)
{
	const struct raster_triangle *t = wk->t;
	unsigned i = 0;

	if (t->used_count == 0) {
		raster_depth_batch(wk);
		return;
	}
#ifdef RASTER_VECTOR
	for (; i + 1 < wk->n; i += 2)
		raster_interpolate_pair(t, &wk->w[0][i], &wk->w[1][i], &wk->w[2][i], &wk->batch[i],
					&wk->batch[i + 1]);
#endif
	for (; i < wk->n; i++)
		raster_interpolate(t, wk->w[0][i], wk->w[1][i], wk->w[2][i], &wk->batch[i]);
}

/* The rows of one tile from ytop down to ybottom, pixels xa..xb, biased
 * edge values row0..2 at (xa, ytop). The flags are constants where it is
 * inlined, so each combination is its own loop: `all_inside`, the tile is
 * inside every edge; `test_scissor`, it is not wholly inside the scissor;
 * `emit`, fragments go into the batch (else they are counted only). */
RASTER_INLINE void raster_rows(struct raster_walk *wk, unsigned xa, unsigned xb, unsigned ytop,
			       unsigned ybottom, int64_t row0, int64_t row1, int64_t row2,
			       bool all_inside, bool test_scissor, bool emit)
{
	/* The walk's state in locals: the batch's stores cannot alias them. */
	const struct hw_raster_config *cfg = wk->cfg;
	const struct raster_triangle *t = wk->t;
	const int64_t sx0 = t->step_x[0], sx1 = t->step_x[1], sx2 = t->step_x[2];
	const int64_t sy0 = t->step_y[0], sy1 = t->step_y[1], sy2 = t->step_y[2];
	const int64_t ub0 = t->unbias[0], ub1 = t->unbias[1], ub2 = t->unbias[2];
	struct hw_fragment *const batch = wk->batch;
	double *const w0 = wk->w[0], *const w1 = wk->w[1], *const w2 = wk->w[2];
	unsigned n = wk->n, zeroed = wk->zeroed;
	uint64_t covered = 0, scissored = 0;
	unsigned x, y;

	for (y = ytop;; y--) {
		int64_t b0 = row0, b1 = row1, b2 = row2;
		bool entered = false;

		/* A row crosses a triangle once: after its covered pixels,
		 * the rest of the row is outside. */
		for (x = xa; x <= xb; x++) {
			if (all_inside || (b0 | b1 | b2) >= 0) {
				entered = true;
				covered++;
				if (test_scissor && (x < cfg->scissor_x0 || x >= cfg->scissor_x1
						     || y < cfg->scissor_y0 || y >= cfg->scissor_y1)) {
					scissored++;
				} else if (emit) {
					/* into the batch, with its edge values */
					struct hw_fragment *f = &batch[n];

					if (n == zeroed) {
						raster_zero_varyings(f);
						zeroed++;
					}
					f->x = x;
					f->y = y;
					w0[n] = (double)(b0 + ub0);
					w1[n] = (double)(b1 + ub1);
					w2[n] = (double)(b2 + ub2);
					n++;
				}
			} else if (entered) {
				break;
			}
			b0 += sx0;
			b1 += sx1;
			b2 += sx2;
		}
		if (y == ybottom)
			break;
		row0 += sy0;
		row1 += sy1;
		row2 += sy2;
	}
	wk->n = n;
	wk->zeroed = zeroed;
	wk->covered += covered;
	wk->scissored += scissored;
}

/* The pixels x in [xa, xb], y from ytop down to ybottom of one tile. */
#define RASTER_SMALL_PART 24
RASTER_INLINE void raster_tile(struct raster_walk *wk, unsigned xa, unsigned xb, unsigned ytop,
			unsigned ybottom)
{
	const struct hw_raster_config *cfg = wk->cfg;
	const struct raster_triangle *t = wk->t;
	const int64_t *sx = t->step_x, *sy = t->step_y;
	int64_t row[3];
	int64_t cx = (int64_t)xa * RASTER_ONE + RASTER_HALF;
	int64_t cy = (int64_t)ytop * RASTER_ONE + RASTER_HALF;
	int64_t right = (int64_t)(xb - xa), down = (int64_t)(ytop - ybottom);
	int64_t inside_or = 0;
	bool all_inside, test_scissor;
	int n;

	/* A small part of a tile is walked without its corner tests: they
	 * would cost more than the pixel tests they can save (what is
	 * walked is the same either way, the tests only skip work). */
	if ((right + 1) * (down + 1) <= RASTER_SMALL_PART) {
		for (n = 0; n < 3; n++)
			row[n] = raster_edge_value(&t->e[n], cx, cy) - t->unbias[n];
		inside_or = -1;
	} else for (n = 0; n < 3; n++) {
		int64_t c00, c10, c01, c11;

		/* biased: inside <=> >= 0 */
		row[n] = raster_edge_value(&t->e[n], cx, cy) - t->unbias[n];
		c00 = row[n];
		c10 = c00 + sx[n] * right;
		c01 = c00 + sy[n] * down;
		c11 = c10 + sy[n] * down;
		if ((c00 & c10 & c01 & c11) < 0)
			return;                         /* wholly outside this edge */
		inside_or |= c00 | c10 | c01 | c11;
	}
	all_inside = inside_or >= 0;
	test_scissor = cfg->scissor && !(xa >= cfg->scissor_x0 && xb < cfg->scissor_x1
					 && ybottom >= cfg->scissor_y0 && ytop < cfg->scissor_y1);
	if (!wk->batch) {
		if (all_inside && !test_scissor)
			wk->covered += (uint64_t)(right + 1) * (uint64_t)(down + 1);
		else
			raster_rows(wk, xa, xb, ytop, ybottom, row[0], row[1], row[2], all_inside,
				    test_scissor, false);
	} else if (test_scissor) {
		raster_rows(wk, xa, xb, ytop, ybottom, row[0], row[1], row[2], all_inside, true,
			    true);
	} else if (all_inside) {
		raster_rows(wk, xa, xb, ytop, ybottom, row[0], row[1], row[2], true, false, true);
	} else {
		raster_rows(wk, xa, xb, ytop, ybottom, row[0], row[1], row[2], false, false, true);
	}
}

/* A tile's fragments are all in: the counts brought up to date, the
 * batch interpolated and handed on. */
RASTER_INLINE void raster_flush(struct raster_walk *wk, struct hw_raster_counts *counts,
			 hw_fragment_batch_fn out, void *user)
{
	if (wk->covered) {
		counts->covered += wk->covered;
		counts->scissored += wk->scissored;
		counts->fragments += wk->covered - wk->scissored;
		wk->covered = wk->scissored = 0;
	}
	if (wk->n) {
		raster_interpolate_batch(wk);
		out(user, wk->batch, wk->n);
		wk->n = 0;
	}
}

RASTER_INLINE void raster_triangle_batch(const struct hw_raster_config *cfg,
					 const struct hw_vertex *a, const struct hw_vertex *b,
					 const struct hw_vertex *c, struct hw_raster_counts *counts,
					 hw_fragment_batch_fn out, void *user)
{
	struct hw_fragment batch[HW_RASTER_BATCH];
	struct raster_triangle t;
	struct raster_walk wk;
	unsigned x0, x1, y0, y1, r_top, r_bottom, tr, tc;

	if (!raster_setup(cfg, a, b, c, &t, &x0, &x1, &y0, &y1))
		return;
	raster_setup_walk(cfg, &t);
	wk.cfg = cfg;
	wk.t = &t;
	wk.batch = out ? batch : NULL;
	wk.n = wk.zeroed = 0;
	wk.covered = wk.scissored = 0;

	/* Walk in framebuffer tiles: memory row r = height - 1 - y, so the
	 * top row of the bounding box is the first memory row. The
	 * fragments of consecutive tiles share a batch while it has room
	 * for the next tile's part (a small triangle is one batch); the
	 * counts are brought up to date before a batch is handed on. */
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

			/* the batch is handed on when this part might not fit */
			if (wk.n + (xb - xa + 1) * (rb - ra + 1) > HW_RASTER_BATCH)
				raster_flush(&wk, counts, out, user);
			raster_tile(&wk, xa, xb, cfg->height - 1 - ra, cfg->height - 1 - rb);
		}
	}
	raster_flush(&wk, counts, out, user);
}

/* hw_raster_triangle_batch's AVX2 copy (hw_simd.h), and the copy for the host. */
#if HW_AVX2
static HW_AVX2_TARGET void raster_triangle_batch_avx2(const struct hw_raster_config *cfg,
						      const struct hw_vertex *a,
						      const struct hw_vertex *b,
						      const struct hw_vertex *c,
						      struct hw_raster_counts *counts,
						      hw_fragment_batch_fn out, void *user)
{
	raster_triangle_batch(cfg, a, b, c, counts, out, user);
}
#endif

void hw_raster_triangle_batch(const struct hw_raster_config *cfg, const struct hw_vertex *a,
			      const struct hw_vertex *b, const struct hw_vertex *c,
			      struct hw_raster_counts *counts, hw_fragment_batch_fn out, void *user)
{
#if HW_AVX2
	if (hw_simd_avx2()) {
		raster_triangle_batch_avx2(cfg, a, b, c, counts, out, user);
		return;
	}
#endif
	raster_triangle_batch(cfg, a, b, c, counts, out, user);
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
