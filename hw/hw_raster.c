/* hw_raster.c: edge-function rasterization on a fixed-point grid, walked
 * in framebuffer tiles a row span at a time, with linear depth and
 * perspective-correct varyings. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "hw_assert.h"
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
typedef long long raster_i2 __attribute__((vector_size(16)));
typedef double raster_d4 __attribute__((vector_size(32)));
typedef long long raster_i4 __attribute__((vector_size(32)));
#endif

/* raster_zero_varyings zeroes the varyings with one store each, six of them. */
typedef char raster_six_varyings[HW_VARYING_COUNT == 6 ? 1 : -1];

/* The per-fragment helpers are inlined into the walk's loops. */
#if defined(__GNUC__)
#define RASTER_INLINE static inline __attribute__((always_inline))
#else
#define RASTER_INLINE static inline
#endif

/* ---- set-up ----------------------------------------------------------------- */

/* Snap a window coordinate to the sub-pixel grid (round to nearest);
 * false when it is not finite or too far out (HW_RASTER_MAX_COORD). */
RASTER_INLINE bool raster_snap(float v, int64_t *out)
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

/* floor(a / RASTER_ONE) for |a| < 2^40: a shift of a number made not
 * negative (a shift of a negative one is the compiler's choice in C). */
#define RASTER_FLOOR_BIAS ((int64_t)1 << 40)
/* floor(a / RASTER_ONE) for |a| < 2^40, without a division. */
static int64_t raster_floor_div(int64_t a)
{
	return (int64_t)((uint64_t)(a + RASTER_FLOOR_BIAS) >> HW_RASTER_SUBPIXEL_BITS)
	       - (RASTER_FLOOR_BIAS >> HW_RASTER_SUBPIXEL_BITS);
}

/* A triangle, counter-clockwise, with its bounding box in the target.
 *
 * Edge n runs from vertex n + 1 to vertex n + 2 (mod 3), (dx, dy) its
 * vector; its value at a point p is dx (p.y - a.y) - dy (p.x - a.x), a its
 * first vertex: twice the signed area of (a, b, p), positive inside (to
 * the left of the edge), exact in 64 bits (|terms| < 2^47). One pixel
 * right adds step_x = -dy.ONE, one row down adds step_y = -dx.ONE.
 *
 * Fill rule (hw_raster.h): a centre exactly on an edge (value 0) is inside
 * when the edge owns its ties: a left edge (the inside at +x: dy < 0) or a
 * top edge (dy == 0, dx < 0, the inside below it). An edge's "biased"
 * value is its value less unbias, 0 when it owns ties and 1 when not: a
 * centre is inside the edge exactly when that is >= 0. */
struct raster_triangle {
	const struct hw_vertex *v[3];
	int64_t step_x[3], step_y[3], unbias[3];
	int64_t corner[3];              /* values at the box's top-left centre */
	int64_t extent[2];              /* of the snapped vertices, x and y */
	unsigned x0, x1, y0, y1;        /* the box: centres inside the extents */
	/* Interpolation: twice the area (sub-pixel units, > 0), the
	 * vertices' depth, 1/w and used varyings; all doubles, exact. */
	double area;
	double z[3], w[3];
	double var[HW_VARYING_COUNT][3][4];     /* [varying][vertex][component] */
	unsigned used[HW_VARYING_COUNT], used_count;
};

/* The pixels whose centres lie in [lo, hi] (sub-pixel units), clipped to
 * [0, size): first..last, false when there are none. */
RASTER_INLINE bool raster_span(int64_t lo, int64_t hi, unsigned size, unsigned *first,
			       unsigned *last)
{
	int64_t a = raster_floor_div(lo - RASTER_HALF + RASTER_ONE - 1);     /* ceil */
	int64_t b = raster_floor_div(hi - RASTER_HALF);

	a = a < 0 ? 0 : a;
	b = b > (int64_t)size - 1 ? (int64_t)size - 1 : b;
	if (a > b)
		return false;
	*first = (unsigned)a;
	*last = (unsigned)b;
	return true;
}

/* Snapped, counter-clockwise, its edges and its box. False when it makes
 * no fragments (not finite, too far out, zero area, outside the target). */
RASTER_INLINE bool raster_setup(const struct hw_raster_config *cfg, const struct hw_vertex *a,
				const struct hw_vertex *b, const struct hw_vertex *c,
				struct raster_triangle *t)
{
	int64_t px[3], py[3], area, lo_x, hi_x, lo_y, hi_y, cx, cy;
	int n;

	if (!cfg || cfg->width == 0 || cfg->height == 0)
		return false;
	if (!raster_snap(a->pos[0], &px[0]) || !raster_snap(a->pos[1], &py[0])
	    || !raster_snap(b->pos[0], &px[1]) || !raster_snap(b->pos[1], &py[1])
	    || !raster_snap(c->pos[0], &px[2]) || !raster_snap(c->pos[1], &py[2]))
		return false;
	area = (px[1] - px[0]) * (py[2] - py[0]) - (px[2] - px[0]) * (py[1] - py[0]);
	if (area == 0)
		return false;
	t->v[0] = a;
	if (area > 0) {
		t->v[1] = b;
		t->v[2] = c;
	} else {
		/* Clockwise: swap two vertices; coverage does not depend on
		 * the order the triangle came in. */
		int64_t s;

		t->v[1] = c;
		t->v[2] = b;
		s = px[1];
		px[1] = px[2];
		px[2] = s;
		s = py[1];
		py[1] = py[2];
		py[2] = s;
		area = -area;
	}
	t->area = (double)area;

	/* the box: the pixels whose centres lie between the extremes */
	lo_x = px[0] < px[1] ? px[0] : px[1];
	hi_x = px[0] < px[1] ? px[1] : px[0];
	lo_y = py[0] < py[1] ? py[0] : py[1];
	hi_y = py[0] < py[1] ? py[1] : py[0];
	lo_x = px[2] < lo_x ? px[2] : lo_x;
	hi_x = px[2] > hi_x ? px[2] : hi_x;
	lo_y = py[2] < lo_y ? py[2] : lo_y;
	hi_y = py[2] > hi_y ? py[2] : hi_y;
	t->extent[0] = hi_x - lo_x;
	t->extent[1] = hi_y - lo_y;
	if (!raster_span(lo_x, hi_x, cfg->width, &t->x0, &t->x1)
	    || !raster_span(lo_y, hi_y, cfg->height, &t->y0, &t->y1))
		return false;

	cx = (int64_t)t->x0 * RASTER_ONE + RASTER_HALF;
	cy = (int64_t)t->y1 * RASTER_ONE + RASTER_HALF;
	for (n = 0; n < 3; n++) {
		int i = n == 2 ? 0 : n + 1, j = n == 0 ? 2 : n - 1;
		int64_t dx = px[j] - px[i], dy = py[j] - py[i];

		t->step_x[n] = -dy * RASTER_ONE;
		t->step_y[n] = -dx * RASTER_ONE;
		t->unbias[n] = !(dy < 0 || (dy == 0 && dx < 0));
		t->corner[n] = dx * (cy - py[i]) - dy * (cx - px[i]);
	}
	return true;
}

/* The index of the lowest set bit of x != 0. */
RASTER_INLINE unsigned raster_low_bit(uint64_t x)
{
#if defined(__GNUC__)
	return (unsigned)__builtin_ctzll(x);
#else
	unsigned i = 0;

	while (!(x & 1u)) {
		x >>= 1;
		i++;
	}
	return i;
#endif
}

/* The interpolation's constants, once the triangle makes fragments. */
static void raster_setup_interpolation(const struct hw_raster_config *cfg,
				       struct raster_triangle *t)
{
	unsigned i, j, n;
	uint32_t used;

	for (n = 0; n < 3; n++) {
		t->z[n] = t->v[n]->pos[2];
		t->w[n] = t->v[n]->pos[3];
	}
	t->used_count = 0;
	for (used = ~cfg->unused_varyings & ((1u << HW_VARYING_COUNT) - 1); used;
	     used &= used - 1) {
		i = raster_low_bit(used);
		t->used[t->used_count++] = i;
		for (n = 0; n < 3; n++)
			for (j = 0; j < 4; j++)
				t->var[i][n][j] = t->v[n]->varying[i][j];
	}
}

/* ---- interpolation ---------------------------------------------------------
 *
 * Depth linear in window space; varyings weighted by 1/w so that they are
 * linear in clip space (perspective-correct). The unused varyings read 0;
 * with none used and depth unused (hw_raster_config.depth_unused), depth
 * reads 0 too and nothing is interpolated.
 * Every double operation is the one of the plain formula, in the same
 * order, so the results do not depend on how the triangle is walked:
 * l = w / area, z = sum l.z, q = sum l.(1/w), k = l.(1/w) / q, varying =
 * (float)(k0.a + k1.b + k2.c), w0..2 the edge values at the centre (as
 * doubles: exact, below 2^47). */

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
#if HW_SSE2
			/* both lanes rounded to float at once, as (float) does */
			__m128 r2 = _mm_cvtpd_ps((__m128d)r);

			f->varying[u][j] = _mm_cvtss_f32(r2);
			f->varying[u][j + 1] = _mm_cvtss_f32(_mm_shuffle_ps(r2, r2, 1));
#else
			f->varying[u][j] = (float)r[0];
			f->varying[u][j + 1] = (float)r[1];
#endif
		}
#else
		for (j = 0; j < 4; j++)
			f->varying[u][j] = (float)(k0 * c[0][j] + k1 * c[1][j] + k2 * c[2][j]);
#endif
	}
}

/* One fragment of edge values w0..2: depth, and the used varyings when
 * `varyings`. */
RASTER_INLINE void raster_interpolate(const struct raster_triangle *t, double w0, double w1,
				      double w2, struct hw_fragment *f, bool varyings)
{
	double l0 = w0 / t->area, l1 = w1 / t->area;
	double l2 = w2 / t->area, k0, k1, k2, q = 0, z = 0;

	/* (the sums start at 0 as the formula does: 0 + -0 is +0) */
	z += l0 * t->z[0];
	z += l1 * t->z[1];
	z += l2 * t->z[2];
	f->z = (float)z;
	if (!varyings)
		return;
	q += l0 * t->w[0];
	q += l1 * t->w[1];
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
	raster_varyings(t, k0, k1, k2, f);
}

#ifdef RASTER_VECTOR
/* Two fragments at once, one in each lane: each lane does the double
 * operations of raster_interpolate in its order, so the same bits (the
 * baseline copy's step: SSE2 registers are two doubles wide). */
RASTER_INLINE void raster_interpolate_pair(const struct raster_triangle *t, const double *w0,
					   const double *w1, const double *w2,
					   struct hw_fragment *fa, struct hw_fragment *fb,
					   bool varyings)
{
	const raster_d2 area = { t->area, t->area }, zero = { 0, 0 };
	const raster_d2 max = { DBL_MAX, DBL_MAX };
	raster_d2 l0, l1, l2, z = zero, q = zero, k0, k1, k2, v0, v1, v2;
	raster_i2 ok;

	memcpy(&l0, w0, sizeof l0);
	memcpy(&l1, w1, sizeof l1);
	memcpy(&l2, w2, sizeof l2);
	l0 /= area;
	l1 /= area;
	l2 /= area;
	z += l0 * (raster_d2){ t->z[0], t->z[0] };
	z += l1 * (raster_d2){ t->z[1], t->z[1] };
	z += l2 * (raster_d2){ t->z[2], t->z[2] };
	fa->z = (float)z[0];
	fb->z = (float)z[1];
	if (!varyings)
		return;
	v0 = (raster_d2){ t->w[0], t->w[0] };
	v1 = (raster_d2){ t->w[1], t->w[1] };
	v2 = (raster_d2){ t->w[2], t->w[2] };
	q += l0 * v0;
	q += l1 * v1;
	q += l2 * v2;
	k0 = l0 * v0 / q;
	k1 = l1 * v1 / q;
	k2 = l2 * v2 / q;
	/* per lane: k = l.(1/w) / q where raster_interpolate takes it,
	 * else l (what the other branch computes is not used) */
	ok = (q > zero) & (q <= max);
#if HW_SSE2
	if (_mm_movemask_pd(_mm_and_pd(_mm_cmpgt_pd((__m128d)q, (__m128d)zero),
				       _mm_cmple_pd((__m128d)q, (__m128d)max))) != 3) {
#else
	if (!(ok[0] & ok[1])) {
#endif
		k0 = (raster_d2)(((raster_i2)k0 & ok) | ((raster_i2)l0 & ~ok));
		k1 = (raster_d2)(((raster_i2)k1 & ok) | ((raster_i2)l1 & ~ok));
		k2 = (raster_d2)(((raster_i2)k2 & ok) | ((raster_i2)l2 & ~ok));
	}
	raster_varyings(t, k0[0], k1[0], k2[0], fa);
	raster_varyings(t, k0[1], k1[1], k2[1], fb);
}

/* Four fragments at once, one in each lane: the AVX2 copy's step
 * (hw_simd.h), where one AVX division serves four fragments (the
 * divisions are most of the interpolation's time, and an AVX division
 * takes no longer than an SSE2 one on the hosts measured; in the baseline
 * copy gcc would make the four lanes' comparisons one by one). Each lane
 * does the double operations of raster_interpolate in its order, so the
 * same bits; f[0..count - 1] are written (count a constant where it is
 * inlined), the lanes past them computed and dropped. */
RASTER_INLINE void raster_interpolate_quad(const struct raster_triangle *t, const double *w0,
					   const double *w1, const double *w2,
					   struct hw_fragment *f, unsigned count, bool varyings)
{
	const double a = t->area;
	const raster_d4 area = { a, a, a, a }, zero = { 0, 0, 0, 0 };
	const raster_d4 max = { DBL_MAX, DBL_MAX, DBL_MAX, DBL_MAX };
	raster_d4 l0, l1, l2, z = zero, q = zero, k0, k1, k2, v0, v1, v2;
	raster_i4 ok;
	unsigned i;

	memcpy(&l0, w0, sizeof l0);
	memcpy(&l1, w1, sizeof l1);
	memcpy(&l2, w2, sizeof l2);
	l0 /= area;
	l1 /= area;
	l2 /= area;
	z += l0 * (raster_d4){ t->z[0], t->z[0], t->z[0], t->z[0] };
	z += l1 * (raster_d4){ t->z[1], t->z[1], t->z[1], t->z[1] };
	z += l2 * (raster_d4){ t->z[2], t->z[2], t->z[2], t->z[2] };
	for (i = 0; i < count; i++)
		f[i].z = (float)z[i];
	if (!varyings)
		return;
	v0 = (raster_d4){ t->w[0], t->w[0], t->w[0], t->w[0] };
	v1 = (raster_d4){ t->w[1], t->w[1], t->w[1], t->w[1] };
	v2 = (raster_d4){ t->w[2], t->w[2], t->w[2], t->w[2] };
	q += l0 * v0;
	q += l1 * v1;
	q += l2 * v2;
	k0 = l0 * v0 / q;
	k1 = l1 * v1 / q;
	k2 = l2 * v2 / q;
	/* per lane: k = l.(1/w) / q where raster_interpolate takes it,
	 * else l (what the other branch computes is not used) */
	ok = (q > zero) & (q <= max);
	k0 = (raster_d4)(((raster_i4)k0 & ok) | ((raster_i4)l0 & ~ok));
	k1 = (raster_d4)(((raster_i4)k1 & ok) | ((raster_i4)l1 & ~ok));
	k2 = (raster_d4)(((raster_i4)k2 & ok) | ((raster_i4)l2 & ~ok));
	for (i = 0; i < count; i++)
		raster_varyings(t, k0[i], k1[i], k2[i], &f[i]);
}
#endif

/* ---- the batch -------------------------------------------------------------- */

/* Where the walk is: a batch of fragments being filled, the counts of
 * the pixels walked since the last one was handed on. The walk places
 * each covered fragment with its edge values; the batch is interpolated
 * when it is handed on (raster_flush), four fragments at a time in the
 * AVX2 copy and two in the baseline copy where the vector code is built. */
struct raster_walk {
	const struct hw_raster_config *cfg;
	const struct raster_triangle *t;
	struct hw_fragment *batch;      /* NULL: counting only */
	unsigned n;
	/* Batch slots below this hold 0 in every unused varying already:
	 * the set is the buffer's (struct hw_raster_buffer: the draw's), and
	 * nothing writes a handed-on slot. */
	unsigned zeroed;
	uint64_t covered, scissored;
	struct hw_raster_counts *counts;
	hw_fragment_batch_fn out;
	void *user;
	/* batch[i]'s edge values, not biased, as doubles (exact: below
	 * 2^47), edge by edge so that four fragments' values load as one:
	 * the buffer's (struct hw_raster_buffer) */
	double (*w)[HW_RASTER_BATCH + 3];
	/* Slots of w below this hold edge values, of this batch or an
	 * earlier one: a group of four read past the batch's end reads
	 * numbers (their results are dropped). */
	unsigned w_set;
	bool wide;                      /* interpolation four lanes wide, a constant */
	/* The batch's slots from `start` are this triangle's (those below
	 * it, earlier triangles' held and interpolated); `hold`: the
	 * buffer's (struct hw_raster_buffer). */
	unsigned start;
	bool hold;
};

typedef char raster_batch_quads[HW_RASTER_BATCH % 4 == 0 ? 1 : -1];

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

/* Slots up to n + count - 1 zeroed, for count more fragments. */
RASTER_INLINE void raster_zero_slots(struct raster_walk *wk, unsigned count)
{
	while (wk->zeroed < wk->n + count) {
		raster_zero_varyings(&wk->batch[wk->zeroed]);
		wk->zeroed++;
	}
}

/* Depth and varyings of the batch's fragments; `varyings` a constant
 * where it is inlined, and wk->wide (four lanes, the AVX2 copy's, or two). */
RASTER_INLINE void raster_interpolate_n(struct raster_walk *wk, bool varyings)
{
	const struct raster_triangle *t = wk->t;
	const unsigned n = wk->n;
	unsigned i = wk->start;

#ifdef RASTER_VECTOR
	if (wk->wide) {
		for (; i + 3 < n; i += 4)
			raster_interpolate_quad(t, &wk->w[0][i], &wk->w[1][i], &wk->w[2][i],
						&wk->batch[i], 4, varyings);
		if (i < n) {
			/* the last one to three: the lanes past them read
			 * what slots n.. hold (at most three past the batch),
			 * set to 0 the first time; their results are dropped */
			if (wk->w_set < i + 4) {
				unsigned e, k;

				for (e = 0; e < 3; e++)
					for (k = n > wk->w_set ? n : wk->w_set; k < i + 4; k++)
						wk->w[e][k] = 0;
				wk->w_set = i + 4;
			}
			raster_interpolate_quad(t, &wk->w[0][i], &wk->w[1][i], &wk->w[2][i],
						&wk->batch[i], n - i, varyings);
		}
		return;
	}
	for (; i + 1 < n; i += 2)
		raster_interpolate_pair(t, &wk->w[0][i], &wk->w[1][i], &wk->w[2][i], &wk->batch[i],
					&wk->batch[i + 1], varyings);
#endif
	for (; i < n; i++)
		raster_interpolate(t, wk->w[0][i], wk->w[1][i], wk->w[2][i], &wk->batch[i],
				   varyings);
}

/* A w-buffer draw's hand-on (raster_triangle_batch puts it in the place
 * of the caller's): each fragment's depth becomes the w-buffer's, then
 * the batch goes on. The depth is the window depth interpolated linearly
 * divided by the 1/w interpolated linearly (so times the fragment's
 * perspective-correct w), z = sum l.z / sum l.(1/w), in doubles from the
 * edge values as raster_interpolate does, rounded to float once. Model
 * choice, as for the varyings: a non-positive or infinite 1/w sum keeps
 * the linear depth. Such a draw holds no fragments across triangles, so
 * a batch's fragments are all the triangle's, slot i's edge values in
 * the buffer's slot i. The hand-on keeps its own copy of what it reads
 * of the triangle, so that the walk's state never escapes to a call (the
 * w-buffer copies of the walk then compile as the others do). */
struct raster_w_hand {
	hw_fragment_batch_fn out;
	void *user;
	double area, z[3], w[3];
	struct hw_fragment *batch;                      /* the buffer's batch */
	const double (*edge)[HW_RASTER_BATCH + 3];     /* the buffer's edge values */
};

/* Replace the depth of each of the `count` fragments of the batch with
 * the w-buffer's (user: a struct raster_w_hand for this triangle), then
 * pass the batch on unchanged otherwise. */
static void raster_w_hand_on(void *user, const struct hw_fragment *f, unsigned count)
{
	const struct raster_w_hand *h = user;
	struct hw_fragment *batch = h->batch;   /* = f */
	unsigned i;

	for (i = 0; i < count; i++) {
		double l0 = h->edge[0][i] / h->area, l1 = h->edge[1][i] / h->area;
		double l2 = h->edge[2][i] / h->area, z = 0, q = 0;

		z += l0 * h->z[0];
		z += l1 * h->z[1];
		z += l2 * h->z[2];
		q += l0 * h->w[0];
		q += l1 * h->w[1];
		q += l2 * h->w[2];
		batch[i].z = (float)(q > 0 && q <= DBL_MAX ? z / q : z);
	}
	h->out(h->user, f, count);
}

/* The pixels walked since the last batch are counted; the triangle's
 * fragments in the batch are interpolated, and the batch is handed on
 * (but for a holding buffer's at the triangle's end: `end`). */
RASTER_INLINE void raster_flush(struct raster_walk *wk, bool end)
{
	struct hw_raster_counts *counts = wk->counts;

	if (wk->covered) {
		counts->covered += wk->covered;
		counts->scissored += wk->scissored;
		counts->fragments += wk->covered - wk->scissored;
		wk->covered = wk->scissored = 0;
	}
	if (wk->n > wk->start) {
		/* with no varying used, depth alone: the perspective weights
		 * are read only by the varyings, so that changes no bit; with
		 * depth unused too, nothing (the walk placed each fragment
		 * with depth 0) */
		if (wk->t->used_count)
			raster_interpolate_n(wk, true);
		else if (!wk->cfg->depth_unused)
			raster_interpolate_n(wk, false);
	}
	if (wk->n && !(end && wk->hold)) {
		wk->out(wk->user, wk->batch, wk->n);
		wk->n = wk->start = 0;
	}
}

/* Before a tile part of `pixels` pixels of the box: the batch is handed
 * on when the part might not fit in it. */
RASTER_INLINE void raster_part_begins(struct raster_walk *wk, unsigned pixels)
{
	if (wk->n + pixels > HW_RASTER_BATCH)
		raster_flush(wk, false);
}

/* ---- small boxes -------------------------------------------------------------
 *
 * A box at most 8 pixels wide (RASTER_SMALL_WIDTH) of a triangle whose
 * vertices lie within 16 pixels of each other in x and 128 in y: each
 * edge's biased value at every centre of the box, and up to 8 pixels to
 * its right and a row below it, is below 2^29 in magnitude (|dx| <= 2^12,
 * |dy| <= 2^15, and those centres within 2^13 and 2^15 + 2^8 of a vertex),
 * so it is exact in 32 bits. The coverage of a tile row of the box is
 * then a set of bits, bit 8j + k for pixel x0 + k of its row j from the
 * top: the sign bits of the three edges' values, four pixels to a vector
 * where SSE2 is built, one by one otherwise (the same integers either
 * way). A tile part's fragments are the set bits inside its columns, in
 * order: rows from the top, left to right. */
#define RASTER_SMALL_WIDTH 8
#define RASTER_SMALL_EXTENT_X ((int64_t)1 << 12)
#define RASTER_SMALL_EXTENT_Y ((int64_t)1 << 15)

/* The edge values at a tile row's pixels, biased (`lanes`, stepped down
 * the rows) and not (kept for the fragments). */
struct raster_small {
#if HW_SSE2
	/* four pixels to a vector: l[n] pixels 0..3 of edge n, l[3 + n]
	 * pixels 4..7 (used when `wide`) */
	__m128i l[6], sy[3], unbias[3];
#else
	int64_t v[3], sx[3], sy[3];
#endif
	int64_t unbias64[3];
	unsigned width;
	/* values[j][n][k]: edge n at pixel x0 + k of row j, not biased */
	int32_t values[HW_RASTER_BLOCK][3][RASTER_SMALL_WIDTH];
};

RASTER_INLINE void raster_small_setup(struct raster_small *sm, const struct raster_triangle *t)
{
	int n;

	sm->width = t->x1 - t->x0 + 1;
	for (n = 0; n < 3; n++) {
		int64_t v = t->corner[n] - t->unbias[n];
#if HW_SSE2
		int32_t v32 = (int32_t)v, sx = (int32_t)t->step_x[n];

		sm->l[n] = _mm_setr_epi32(v32, v32 + sx, v32 + 2 * sx, v32 + 3 * sx);
		sm->l[3 + n] = _mm_add_epi32(sm->l[n], _mm_set1_epi32(4 * sx));
		sm->sy[n] = _mm_set1_epi32((int32_t)t->step_y[n]);
		sm->unbias[n] = _mm_set1_epi32((int32_t)t->unbias[n]);
#else
		sm->v[n] = v;
		sm->sx[n] = t->step_x[n];
		sm->sy[n] = t->step_y[n];
#endif
		sm->unbias64[n] = t->unbias[n];
	}
}

#if HW_SSE2
/* Row j's values of pixels k..k + 3, from the three edges' biased lanes. */
RASTER_INLINE void raster_small_keep(struct raster_small *sm, unsigned j, unsigned k,
				     __m128i e0, __m128i e1, __m128i e2)
{
	_mm_storeu_si128((__m128i *)(void *)&sm->values[j][0][k], _mm_add_epi32(e0, sm->unbias[0]));
	_mm_storeu_si128((__m128i *)(void *)&sm->values[j][1][k], _mm_add_epi32(e1, sm->unbias[1]));
	_mm_storeu_si128((__m128i *)(void *)&sm->values[j][2][k], _mm_add_epi32(e2, sm->unbias[2]));
}
#endif

/* The inside bits of `rows` rows from the current one (bit 8j + k), their
 * values kept when `edges`; the lanes stepped down past them. `wide`: more
 * than 4 pixels. Both constants where it is inlined. */
RASTER_INLINE uint64_t raster_small_rows(struct raster_small *sm, unsigned rows, bool wide,
					 bool edges)
{
	uint64_t bits = 0;
	unsigned j;
#if HW_SSE2
	__m128i l0 = sm->l[0], l1 = sm->l[1], l2 = sm->l[2];
	__m128i l3 = sm->l[3], l4 = sm->l[4], l5 = sm->l[5];
	const __m128i sy0 = sm->sy[0], sy1 = sm->sy[1], sy2 = sm->sy[2];
	const uint64_t mask = ((uint64_t)1 << sm->width) - 1;

	for (j = 0; j < rows; j++) {
		__m128i o = _mm_or_si128(_mm_or_si128(l0, l1), l2);
		uint64_t outside = (uint64_t)_mm_movemask_ps(_mm_castsi128_ps(o));

		if (edges)
			raster_small_keep(sm, j, 0, l0, l1, l2);
		l0 = _mm_add_epi32(l0, sy0);
		l1 = _mm_add_epi32(l1, sy1);
		l2 = _mm_add_epi32(l2, sy2);
		if (wide) {
			o = _mm_or_si128(_mm_or_si128(l3, l4), l5);
			outside |= (uint64_t)_mm_movemask_ps(_mm_castsi128_ps(o)) << 4;
			if (edges)
				raster_small_keep(sm, j, 4, l3, l4, l5);
			l3 = _mm_add_epi32(l3, sy0);
			l4 = _mm_add_epi32(l4, sy1);
			l5 = _mm_add_epi32(l5, sy2);
		}
		bits |= (~outside & mask) << (RASTER_SMALL_WIDTH * j);
	}
	sm->l[0] = l0;
	sm->l[1] = l1;
	sm->l[2] = l2;
	sm->l[3] = l3;
	sm->l[4] = l4;
	sm->l[5] = l5;
#else
	(void)wide;
	(void)edges;    /* (the plain copy keeps them all the same) */
	for (j = 0; j < rows; j++) {
		unsigned k, n;

		for (k = 0; k < sm->width; k++) {
			int64_t v0 = sm->v[0] + k * sm->sx[0], v1 = sm->v[1] + k * sm->sx[1];
			int64_t v2 = sm->v[2] + k * sm->sx[2];

			if ((v0 | v1 | v2) >= 0)
				bits |= (uint64_t)1 << (RASTER_SMALL_WIDTH * j + k);
			sm->values[j][0][k] = (int32_t)(v0 + sm->unbias64[0]);
			sm->values[j][1][k] = (int32_t)(v1 + sm->unbias64[1]);
			sm->values[j][2][k] = (int32_t)(v2 + sm->unbias64[2]);
		}
		for (n = 0; n < 3; n++)
			sm->v[n] += sm->sy[n];
	}
#endif
	return bits;
}

/* The set bits of x (x has few). */
RASTER_INLINE unsigned raster_bit_count(uint64_t x)
{
	unsigned n = 0;

	for (; x; x &= x - 1)
		n++;
	return n;
}

/* One tile part of a small box: `bits` the tile row's covered pixels
 * inside the part, `keep` those inside the scissor too, rows from ytop
 * down; the fragments' edge values placed when `edges` (a constant where
 * it is inlined). */
RASTER_INLINE void raster_small_part(struct raster_walk *wk, const struct raster_small *sm,
				     uint64_t bits, uint64_t keep, unsigned ytop, bool edges)
{
	const unsigned x0 = wk->t->x0;
	struct hw_fragment *const batch = wk->batch;
	double *const w0 = wk->w[0], *const w1 = wk->w[1], *const w2 = wk->w[2];
	unsigned n, kept;

	if (keep != bits || !batch) {
		unsigned count = raster_bit_count(bits);

		kept = raster_bit_count(keep);
		wk->covered += count;
		wk->scissored += count - kept;
		if (!batch || !keep)
			return;
	} else {
		kept = raster_bit_count(bits);
		wk->covered += kept;
	}
	raster_zero_slots(wk, kept);
	n = wk->n;
	do {
		unsigned i = raster_low_bit(keep), j = i / RASTER_SMALL_WIDTH;
		unsigned k = i % RASTER_SMALL_WIDTH;

		batch[n].x = x0 + k;
		batch[n].y = ytop - j;
		batch[n].z = 0;
		if (edges) {
			w0[n] = (double)sm->values[j][0][k];
			w1[n] = (double)sm->values[j][1][k];
			w2[n] = (double)sm->values[j][2][k];
		}
		n++;
		keep &= keep - 1;
	} while (keep);
	wk->n = n;
}

/* A small box in framebuffer tiles: one or two tile columns; `wide`,
 * `test_scissor` and `edges` (the fragments are interpolated) constants
 * where it is inlined. */
RASTER_INLINE void raster_walk_small(struct raster_walk *wk, bool wide, bool test_scissor,
				     bool edges)
{
	const struct hw_raster_config *cfg = wk->cfg;
	const struct raster_triangle *t = wk->t;
	const unsigned height = cfg->height, x0 = t->x0, width = t->x1 - x0 + 1;
	/* the columns of the first tile column, those of the second */
	const unsigned split = x0 / HW_RASTER_BLOCK == t->x1 / HW_RASTER_BLOCK
			       ? width : HW_RASTER_BLOCK - x0 % HW_RASTER_BLOCK;
	const uint64_t every_row = 0x0101010101010101u;
	const uint64_t first = ((1u << split) - 1) * every_row;
	const uint64_t second = (((1u << width) - 1) & ~((1u << split) - 1)) * every_row;
	const unsigned r_top = height - 1 - t->y1, r_bottom = height - 1 - t->y0;
	uint64_t columns = 0;
	struct raster_small sm;
	unsigned row, k;

	raster_small_setup(&sm, t);
	if (test_scissor)
		for (k = 0; k < width; k++)
			if (x0 + k >= cfg->scissor_x0 && x0 + k < cfg->scissor_x1)
				columns |= every_row << k;
	/* memory row r = height - 1 - y: the box's top row comes first */
	for (row = r_top / HW_RASTER_BLOCK; row <= r_bottom / HW_RASTER_BLOCK; row++) {
		unsigned ra = row * HW_RASTER_BLOCK > r_top ? row * HW_RASTER_BLOCK : r_top;
		unsigned rb = row * HW_RASTER_BLOCK + HW_RASTER_BLOCK - 1 < r_bottom
			      ? row * HW_RASTER_BLOCK + HW_RASTER_BLOCK - 1 : r_bottom;
		unsigned rows = rb - ra + 1, ytop = height - 1 - ra, j;
		uint64_t bits = raster_small_rows(&sm, rows, wide, edges), inside = ~(uint64_t)0;

		if (test_scissor) {
			inside = 0;
			for (j = 0; j < rows; j++)
				if (ytop - j >= cfg->scissor_y0 && ytop - j < cfg->scissor_y1)
					inside |= (uint64_t)0xFF << (RASTER_SMALL_WIDTH * j);
			inside &= columns;
		}
		raster_part_begins(wk, split * rows);
		if (bits & first)
			raster_small_part(wk, &sm, bits & first, bits & first & inside, ytop,
					  edges);
		if (second) {
			raster_part_begins(wk, (width - split) * rows);
			if (bits & second)
				raster_small_part(wk, &sm, bits & second, bits & second & inside,
						  ytop, edges);
		}
	}
}

/* ---- spans -------------------------------------------------------------------
 *
 * Any other box finds each row's span from the edges' bounds on it: the
 * pixels x0 + k of the box with lo <= k <= hi. An edge's biased value at
 * pixel x0 + k of a row is v + k.step_x, v its value at x0. With d =
 * |step_x| and f = floor(v / d): an edge with step_x > 0 (a left edge,
 * the inside at +x) holds the pixels k >= -f, one with step_x < 0 the
 * pixels k <= f. A horizontal edge (step_x 0) holds the whole row or none
 * of it. So a row's span is exact integer arithmetic: the same pixels,
 * ties and all, as testing each centre, without testing any.
 *
 * f and the remainder r = v - f.d are carried from row to row without a
 * division: one row down adds step_y to v, step_y = sf.d + sr with 0 <= sr
 * < d, so f gains sf, r gains sr, and one more carry when r reaches d.
 *
 * Every triangle has a left edge and a right edge (its edges' dy sum to
 * 0, not all 0); the third is left, right or horizontal ("level"). */
struct raster_bound {
	int64_t f, r, d, sf, sr;
};

enum raster_third { RASTER_THIRD_LEFT, RASTER_THIRD_RIGHT, RASTER_THIRD_LEVEL };

struct raster_spans {
	struct raster_bound b[3];       /* a left edge, a right edge, the third */
	enum raster_third third;
	int64_t level, level_step;      /* the third's biased value if level */
	int64_t last;                   /* the box's last pixel, from x0 */
	int64_t row[3];                 /* the edge values at x0, not biased */
};

/* floor(a / d) and a - floor(a / d).d, d > 0. */
static void raster_floor_divmod(int64_t a, int64_t d, int64_t *q, int64_t *r)
{
	int64_t qq = a / d, rr = a - qq * d;

	if (rr < 0) {
		qq--;
		rr += d;
	}
	*q = qq;
	*r = rr;
}

/* Set up bound b of edge n of t for stepping a row at a time: |step_x| as the
 * divisor, and the edge's start and row step as quotient and remainder. Needs
 * step_x[n] != 0. */
static void raster_bound_setup(struct raster_bound *b, const struct raster_triangle *t, int n)
{
	NNGX_ASSERT(t->step_x[n] != 0);
	b->d = t->step_x[n] > 0 ? t->step_x[n] : -t->step_x[n];
	raster_floor_divmod(t->corner[n] - t->unbias[n], b->d, &b->f, &b->r);
	raster_floor_divmod(t->step_y[n], b->d, &b->sf, &b->sr);
}

/* The spans' state at the box's top row. */
static void raster_spans_setup(struct raster_spans *sp, const struct raster_triangle *t)
{
	int n, left = 0, right = 0, third;

	/* a left edge first, a right edge second, the third last */
	for (n = 2; n >= 0; n--) {
		if (t->step_x[n] > 0)
			left = n;
		if (t->step_x[n] < 0)
			right = n;
		sp->row[n] = t->corner[n];
	}
	third = 3 - left - right;
	raster_bound_setup(&sp->b[0], t, left);
	raster_bound_setup(&sp->b[1], t, right);
	sp->last = (int64_t)t->x1 - t->x0;
	if (t->step_x[third] == 0) {
		sp->third = RASTER_THIRD_LEVEL;
		sp->level = t->corner[third] - t->unbias[third];
		sp->level_step = t->step_y[third];
		memset(&sp->b[2], 0, sizeof sp->b[2]);
	} else {
		sp->third = t->step_x[third] > 0 ? RASTER_THIRD_LEFT : RASTER_THIRD_RIGHT;
		sp->level = sp->level_step = 0;
		raster_bound_setup(&sp->b[2], t, third);
	}
}

/* The spans of the rows of one tile row of the box, from the top: lo..hi
 * (pixels from x0, inside the box; lo > hi when empty, then lo = last + 1
 * and hi = -1), with the least lo and the greatest hi, and the rows' edge
 * values at x0. */
struct raster_tile_row {
	int32_t lo[HW_RASTER_BLOCK], hi[HW_RASTER_BLOCK];
	int32_t kmin, kmax;
	int64_t row[3][HW_RASTER_BLOCK];
};

/* The spans of `rows` rows; `third` a constant where it is inlined. */
RASTER_INLINE void raster_tile_row_spans(struct raster_spans *sp, const struct raster_triangle *t,
					 enum raster_third third, unsigned rows,
					 struct raster_tile_row *tr)
{
	int64_t f0 = sp->b[0].f, r0 = sp->b[0].r, f1 = sp->b[1].f, r1 = sp->b[1].r;
	int64_t f2 = sp->b[2].f, r2 = sp->b[2].r, level = sp->level;
	const int64_t d0 = sp->b[0].d, sf0 = sp->b[0].sf, sr0 = sp->b[0].sr;
	const int64_t d1 = sp->b[1].d, sf1 = sp->b[1].sf, sr1 = sp->b[1].sr;
	const int64_t d2 = sp->b[2].d, sf2 = sp->b[2].sf, sr2 = sp->b[2].sr;
	const int64_t level_step = sp->level_step, last = sp->last;
	int64_t v0 = sp->row[0], v1 = sp->row[1], v2 = sp->row[2];
	const int64_t sy0 = t->step_y[0], sy1 = t->step_y[1], sy2 = t->step_y[2];
	int32_t kmin = (int32_t)(last + 1), kmax = -1;
	unsigned j;

	for (j = 0; j < rows; j++) {
		int64_t lo = -f0, hi = f1, carry;
		bool empty;

		if (third == RASTER_THIRD_LEFT && -f2 > lo)
			lo = -f2;
		if (third == RASTER_THIRD_RIGHT && f2 < hi)
			hi = f2;
		lo = lo < 0 ? 0 : lo;
		hi = hi > last ? last : hi;
		empty = lo > hi || (third == RASTER_THIRD_LEVEL && level < 0);
		tr->lo[j] = empty ? (int32_t)(last + 1) : (int32_t)lo;
		tr->hi[j] = empty ? -1 : (int32_t)hi;
		kmin = tr->lo[j] < kmin ? tr->lo[j] : kmin;
		kmax = tr->hi[j] > kmax ? tr->hi[j] : kmax;
		tr->row[0][j] = v0;
		tr->row[1][j] = v1;
		tr->row[2][j] = v2;
		/* one row down */
		r0 += sr0;
		carry = r0 >= d0;
		f0 += sf0 + carry;
		r0 -= carry ? d0 : 0;
		r1 += sr1;
		carry = r1 >= d1;
		f1 += sf1 + carry;
		r1 -= carry ? d1 : 0;
		if (third == RASTER_THIRD_LEVEL) {
			level += level_step;
		} else {
			r2 += sr2;
			carry = r2 >= d2;
			f2 += sf2 + carry;
			r2 -= carry ? d2 : 0;
		}
		v0 += sy0;
		v1 += sy1;
		v2 += sy2;
	}
	tr->kmin = kmin;
	tr->kmax = kmax;
	sp->b[0].f = f0;
	sp->b[0].r = r0;
	sp->b[1].f = f1;
	sp->b[1].r = r1;
	sp->b[2].f = f2;
	sp->b[2].r = r2;
	sp->level = level;
	sp->row[0] = v0;
	sp->row[1] = v1;
	sp->row[2] = v2;
}

/* Pixels x0 + s .. x0 + e of the tile row's row j are covered: counted,
 * scissored, and the others placed in the batch with their edge values. */
RASTER_INLINE void raster_span_covered(struct raster_walk *wk, const struct raster_tile_row *tr,
				       unsigned j, unsigned y, int64_t s, int64_t e,
				       bool test_scissor)
{
	const struct raster_triangle *t = wk->t;
	const int64_t sx0 = t->step_x[0], sx1 = t->step_x[1], sx2 = t->step_x[2];
	const unsigned x0 = t->x0;
	struct hw_fragment *batch;
	double *w0, *w1, *w2;
	int64_t e0, e1, e2;
	unsigned n, x, xe;

	wk->covered += (uint64_t)(e - s + 1);
	if (test_scissor) {
		/* the part of the span inside the scissor box */
		const struct hw_raster_config *cfg = wk->cfg;
		int64_t sa = (int64_t)cfg->scissor_x0 - x0, sb = (int64_t)cfg->scissor_x1 - 1 - x0;
		uint64_t all = (uint64_t)(e - s + 1);

		s = s > sa ? s : sa;
		e = e < sb ? e : sb;
		if (y < cfg->scissor_y0 || y >= cfg->scissor_y1 || s > e) {
			wk->scissored += all;
			return;
		}
		wk->scissored += all - (uint64_t)(e - s + 1);
	}
	if (!wk->batch)
		return;
	raster_zero_slots(wk, (unsigned)(e - s + 1));
	n = wk->n;
	batch = wk->batch;
	w0 = wk->w[0];
	w1 = wk->w[1];
	w2 = wk->w[2];
	e0 = tr->row[0][j] + s * sx0;
	e1 = tr->row[1][j] + s * sx1;
	e2 = tr->row[2][j] + s * sx2;
	xe = x0 + (unsigned)e;
	for (x = x0 + (unsigned)s;; x++) {
		batch[n].x = x;
		batch[n].y = y;
		batch[n].z = 0;
		w0[n] = (double)e0;
		w1[n] = (double)e1;
		w2[n] = (double)e2;
		n++;
		if (x == xe)
			break;
		e0 += sx0;
		e1 += sx1;
		e2 += sx2;
	}
	wk->n = n;
}

/* The box in framebuffer tiles, a tile row's spans at a time. */
RASTER_INLINE void raster_walk_spans(struct raster_walk *wk, struct raster_spans *sp,
				     enum raster_third third, bool test_scissor)
{
	const struct raster_triangle *t = wk->t;
	const unsigned height = wk->cfg->height, x0 = t->x0, x1 = t->x1;
	const unsigned r_top = height - 1 - t->y1, r_bottom = height - 1 - t->y0;
	struct raster_tile_row tr;
	unsigned row, tc, j;

	for (row = r_top / HW_RASTER_BLOCK; row <= r_bottom / HW_RASTER_BLOCK; row++) {
		unsigned ra = row * HW_RASTER_BLOCK > r_top ? row * HW_RASTER_BLOCK : r_top;
		unsigned rb = row * HW_RASTER_BLOCK + HW_RASTER_BLOCK - 1 < r_bottom
			      ? row * HW_RASTER_BLOCK + HW_RASTER_BLOCK - 1 : r_bottom;
		unsigned rows = rb - ra + 1, ytop = height - 1 - ra;

		raster_tile_row_spans(sp, t, third, rows, &tr);
		for (tc = x0 / HW_RASTER_BLOCK; tc <= x1 / HW_RASTER_BLOCK; tc++) {
			unsigned xa = tc * HW_RASTER_BLOCK > x0 ? tc * HW_RASTER_BLOCK : x0;
			unsigned xb = tc * HW_RASTER_BLOCK + HW_RASTER_BLOCK - 1 < x1
				      ? tc * HW_RASTER_BLOCK + HW_RASTER_BLOCK - 1 : x1;
			int32_t ka = (int32_t)(xa - x0), kb = (int32_t)(xb - x0);

			raster_part_begins(wk, (xb - xa + 1) * rows);
			if (kb < tr.kmin || ka > tr.kmax)
				continue;               /* nothing covered in this part */
			for (j = 0; j < rows; j++) {
				int32_t s = tr.lo[j] > ka ? tr.lo[j] : ka;
				int32_t e = tr.hi[j] < kb ? tr.hi[j] : kb;

				if (s <= e)
					raster_span_covered(wk, &tr, j, ytop - j, s, e,
							    test_scissor);
			}
		}
	}
}

/* ---- the walk ---------------------------------------------------------------- */

/* The walk of a set-up triangle, `test_scissor` a constant where it is
 * inlined. */
RASTER_INLINE void raster_walk(struct raster_walk *wk, struct raster_triangle *t,
			       bool test_scissor)
{
	if (t->x1 - t->x0 < RASTER_SMALL_WIDTH && t->extent[0] <= RASTER_SMALL_EXTENT_X
	    && t->extent[1] <= RASTER_SMALL_EXTENT_Y) {
		/* the edge values only where the fragments are interpolated
		 * (raster_flush) */
		const bool edges = t->used_count || !wk->cfg->depth_unused;

		if (t->x1 - t->x0 < 4 && edges)
			raster_walk_small(wk, false, test_scissor, true);
		else if (t->x1 - t->x0 < 4)
			raster_walk_small(wk, false, test_scissor, false);
		else if (edges)
			raster_walk_small(wk, true, test_scissor, true);
		else
			raster_walk_small(wk, true, test_scissor, false);
	} else {
		struct raster_spans sp;

		raster_spans_setup(&sp, t);
		switch (sp.third) {
		case RASTER_THIRD_LEFT:
			raster_walk_spans(wk, &sp, RASTER_THIRD_LEFT, test_scissor);
			break;
		case RASTER_THIRD_RIGHT:
			raster_walk_spans(wk, &sp, RASTER_THIRD_RIGHT, test_scissor);
			break;
		default:
			raster_walk_spans(wk, &sp, RASTER_THIRD_LEVEL, test_scissor);
		}
	}
	raster_flush(wk, true);
}

RASTER_INLINE void raster_triangle_batch(const struct hw_raster_config *cfg,
					 const struct hw_vertex *a, const struct hw_vertex *b,
					 const struct hw_vertex *c, struct hw_raster_counts *counts,
					 hw_fragment_batch_fn out, void *user,
					 struct hw_raster_buffer *buf, bool wide, bool w_buffer)
{
	struct raster_triangle t;
	struct raster_walk wk;
	struct raster_w_hand w_hand;
	bool w_depth;

	if (!raster_setup(cfg, a, b, c, &t))
		return;
	/* `w_buffer` (a constant where this is inlined): the w-buffer's
	 * depth where depth is read; such a draw holds no fragments across
	 * triangles (each batch is corrected as it goes) */
	w_depth = w_buffer && !cfg->depth_unused && out;
	/* slots zeroed for another set of varyings are zeroed again (the
	 * fragments held, if any, go on first: their slots are reused) */
	if (buf->unused != cfg->unused_varyings) {
		if (out)
			hw_raster_hand_on(buf, out, user);
		buf->unused = cfg->unused_varyings;
		buf->zeroed = 0;
	}
	wk.hold = out && buf->hold && !w_depth;
	wk.n = wk.start = wk.hold ? buf->held : 0;
	wk.cfg = cfg;
	wk.t = &t;
	wk.batch = out ? buf->batch : NULL;
	wk.zeroed = buf->zeroed;
	wk.w = buf->w;
	wk.w_set = buf->w_set;
	wk.wide = wide;
	wk.covered = wk.scissored = 0;
	wk.counts = counts;
	wk.out = out;
	wk.user = user;
	if (out)
		raster_setup_interpolation(cfg, &t);
	else
		t.used_count = 0;
	if (w_depth) {
		w_hand.out = out;
		w_hand.user = user;
		w_hand.area = t.area;
		memcpy(w_hand.z, t.z, sizeof w_hand.z);
		memcpy(w_hand.w, t.w, sizeof w_hand.w);
		w_hand.batch = buf->batch;
		w_hand.edge = (const double (*)[HW_RASTER_BATCH + 3])buf->w;
		wk.out = raster_w_hand_on;
		wk.user = &w_hand;
	}
	/* the scissor is tested where the box is not wholly inside it */
	if (cfg->scissor && !(t.x0 >= cfg->scissor_x0 && t.x1 < cfg->scissor_x1
			      && t.y0 >= cfg->scissor_y0 && t.y1 < cfg->scissor_y1))
		raster_walk(&wk, &t, true);
	else
		raster_walk(&wk, &t, false);
	buf->zeroed = wk.zeroed;
	buf->w_set = wk.w_set;
	if (wk.hold)
		buf->held = wk.n;
}

/* Scissor exclude mode: the pixels outside the box are kept. They lie in
 * at most four bands (below, above, left and right of the box, clipped to
 * the target), each rasterized by `walk` as an include-mode scissor; the
 * triangle's pixels are counted covered once, those no band keeps
 * scissored. A box outside the target excludes nothing (one band: the
 * target); a box over the whole target keeps nothing (one empty band).
 * Out of line, reached from the copies' entry: the common walks keep
 * their code. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void raster_exclude(const struct hw_raster_config *cfg, const struct hw_vertex *a,
			   const struct hw_vertex *b, const struct hw_vertex *c,
			   struct hw_raster_counts *counts, hw_fragment_batch_fn out, void *user,
			   struct hw_raster_buffer *buf, hw_raster_batch_in_fn walk)
{
	const unsigned w = cfg->width, h = cfg->height;
	const unsigned x0 = cfg->scissor_x0 < w ? cfg->scissor_x0 : w;
	const unsigned x1 = cfg->scissor_x1 < w ? cfg->scissor_x1 : w;
	const unsigned y0 = cfg->scissor_y0 < h ? cfg->scissor_y0 : h;
	const unsigned y1 = cfg->scissor_y1 < h ? cfg->scissor_y1 : h;
	const unsigned bands[4][4] = {          /* x0, y0, x1, y1 (exclusive) */
		{ 0, 0, w, y0 }, { 0, y1, w, h }, { 0, y0, x0, y1 }, { x1, y0, w, y1 },
	};
	struct hw_raster_config band = *cfg;
	struct hw_raster_counts tmp = { 0, 0, 0 };
	unsigned i, walks = 0;
	uint64_t covered;

	band.scissor_exclude = false;
	if (x0 >= x1 || y0 >= y1) {
		band.scissor = false;
		walk(&band, a, b, c, counts, out, user, buf);
		return;
	}
	for (i = 0; i < 4; i++) {
		if (bands[i][0] >= bands[i][2] || bands[i][1] >= bands[i][3])
			continue;
		band.scissor_x0 = bands[i][0];
		band.scissor_y0 = bands[i][1];
		band.scissor_x1 = bands[i][2];
		band.scissor_y1 = bands[i][3];
		walk(&band, a, b, c, &tmp, out, user, buf);
		walks++;
	}
	if (walks == 0) {
		band.scissor_x0 = band.scissor_y0 = band.scissor_x1 = band.scissor_y1 = 0;
		walk(&band, a, b, c, &tmp, out, user, buf);
		walks = 1;
	}
	covered = tmp.covered / walks;
	counts->covered += covered;
	counts->fragments += tmp.fragments;
	counts->scissored += covered - tmp.fragments;
}

/* RASTER_WALK_COPY(name, target, avx2, w_buffer) defines one copy of the
 * walk of one triangle, compiled with the function attributes `target`:
 * an exclude-mode scissor is split into bands first, then the walk adds
 * to counts and sends fragments to out in batches. Each copy is its own
 * function so that raster_triangle_batch is specialised for its avx2 and
 * w_buffer constants; every copy gives the same counts and fragments. The
 * w-buffer's copies (handed out for a w-buffer configuration) leave the
 * z-buffer copies' code as it was, so a z-buffer draw pays nothing. */
#define RASTER_WALK_COPY(name, target, avx2, w_buffer)				\
	static target void name(const struct hw_raster_config *cfg,			\
				const struct hw_vertex *a, const struct hw_vertex *b,	\
				const struct hw_vertex *c,				\
				struct hw_raster_counts *counts,			\
				hw_fragment_batch_fn out, void *user,			\
				struct hw_raster_buffer *buf)				\
	{										\
		if (cfg->scissor_exclude && cfg->scissor) {				\
			raster_exclude(cfg, a, b, c, counts, out, user, buf, name);	\
			return;								\
		}									\
		raster_triangle_batch(cfg, a, b, c, counts, out, user, buf, avx2,	\
				      w_buffer);					\
	}

/* hw_raster_triangle_batch_in's copies: AVX2 (hw_simd.h) and host, each
 * for the w-buffer and for the z-buffer. */
#if HW_AVX2
RASTER_WALK_COPY(raster_triangle_batch_w_avx2, HW_AVX2_TARGET, true, true)
#endif
RASTER_WALK_COPY(raster_triangle_batch_w_base, , false, true)
#if HW_AVX2
RASTER_WALK_COPY(raster_triangle_batch_avx2, HW_AVX2_TARGET, true, false)
#endif
RASTER_WALK_COPY(raster_triangle_batch_base, , false, false)

hw_raster_batch_in_fn hw_raster_triangle_batch_in_copy(const struct hw_raster_config *cfg)
{
	const bool w = cfg && cfg->w_buffer;

#if HW_AVX2
	if (hw_simd_avx2())
		return w ? raster_triangle_batch_w_avx2 : raster_triangle_batch_avx2;
#endif
	return w ? raster_triangle_batch_w_base : raster_triangle_batch_base;
}

void hw_raster_triangle_batch_in(const struct hw_raster_config *cfg, const struct hw_vertex *a,
				 const struct hw_vertex *b, const struct hw_vertex *c,
				 struct hw_raster_counts *counts, hw_fragment_batch_fn out,
				 void *user, struct hw_raster_buffer *buf)
{
	hw_raster_triangle_batch_in_copy(cfg)(cfg, a, b, c, counts, out, user, buf);
}

void hw_raster_hand_on(struct hw_raster_buffer *buf, hw_fragment_batch_fn out, void *user)
{
	if (buf->held) {
		out(user, buf->batch, buf->held);
		buf->held = 0;
	}
}

void hw_raster_triangle_batch(const struct hw_raster_config *cfg, const struct hw_vertex *a,
			      const struct hw_vertex *b, const struct hw_vertex *c,
			      struct hw_raster_counts *counts, hw_fragment_batch_fn out, void *user)
{
	struct hw_raster_buffer buf;

	buf.zeroed = 0;
	buf.w_set = 0;
	buf.hold = false;
	buf.held = 0;
	buf.unused = cfg ? cfg->unused_varyings : 0;
	hw_raster_triangle_batch_in(cfg, a, b, c, counts, out, user, &buf);
}

/* hw_raster_triangle's callback, fed a batch at a time. */
struct raster_single {
	hw_fragment_fn out;
	void *user;
};

/* Batch callback that hands each of `count` fragments to the single-fragment
 * callback in user (a struct raster_single), in order. */
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

/* ---- derivatives over 2x2 quads ------------------------------------------- */

/* The plane through (0, 0, f0), (dx1, dy1, f1), (dx2, dy2, f2) relative to
 * vertex 0: value at vertex 0, d/dx, d/dy (area: dx1 dy2 - dx2 dy1). */
static void raster_plane(double f0, double f1, double f2, double dx1, double dy1, double dx2,
			 double dy2, double area, double plane[3])
{
	plane[0] = f0;
	plane[1] = ((f1 - f0) * dy2 - (f2 - f0) * dy1) / area;
	plane[2] = ((f2 - f0) * dx1 - (f1 - f0) * dx2) / area;
}

void hw_raster_gradient_setup(struct hw_raster_gradient *g, const struct hw_vertex *a,
			      const struct hw_vertex *b, const struct hw_vertex *c,
			      unsigned varying)
{
	double dx1 = (double)b->pos[0] - a->pos[0], dy1 = (double)b->pos[1] - a->pos[1];
	double dx2 = (double)c->pos[0] - a->pos[0], dy2 = (double)c->pos[1] - a->pos[1];
	double area = dx1 * dy2 - dx2 * dy1;
	unsigned k;

	memset(g, 0, sizeof *g);
	if (varying >= HW_VARYING_COUNT || !(area != 0.0) || !isfinite(area))
		return;
	g->x0 = a->pos[0];
	g->y0 = a->pos[1];
	raster_plane(a->pos[3], b->pos[3], c->pos[3], dx1, dy1, dx2, dy2, area, g->q);
	for (k = 0; k < 3; k++)
		raster_plane((double)a->pos[3] * a->varying[varying][k],
			     (double)b->pos[3] * b->varying[varying][k],
			     (double)c->pos[3] * c->varying[varying][k], dx1, dy1, dx2, dy2, area,
			     g->p[k]);
	g->valid = true;
}

void hw_raster_quad_coords(const struct hw_raster_gradient *g, unsigned x, unsigned y,
			   double c[3][3])
{
	/* the centres of the quad's pixels (0, 0), (1, 0) and (0, 1),
	 * relative to vertex 0 */
	double cx = (double)(x & ~1u) + 0.5 - g->x0, cy = (double)(y & ~1u) + 0.5 - g->y0;
	double px[3] = { cx, cx + 1.0, cx }, py[3] = { cy, cy, cy + 1.0 }, q;
	unsigned i, k;

	for (i = 0; i < 3; i++) {
		q = g->q[0] + g->q[1] * px[i] + g->q[2] * py[i];
		for (k = 0; k < 3; k++)
			c[i][k] = g->valid && q > 0.0
				  ? (g->p[k][0] + g->p[k][1] * px[i] + g->p[k][2] * py[i]) / q : NAN;
	}
}

void hw_raster_quad_derivatives(const struct hw_raster_gradient *g, unsigned x, unsigned y,
				float deriv[2][2])
{
	double c[3][3];
	unsigned k;

	hw_raster_quad_coords(g, x, y, c);
	for (k = 0; k < 2; k++) {
		deriv[k][0] = (float)(c[1][k] - c[0][k]);
		deriv[k][1] = (float)(c[2][k] - c[0][k]);
	}
}
