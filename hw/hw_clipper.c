/* hw_clipper.c: Sutherland-Hodgman clipping in homogeneous space, then
 * the perspective divide, viewport and face culling. */
#include <string.h>

#include "hw_assert.h"
#include "hw_clipper.h"
#include "hw_simd.h"

/* Model choice: the w > 0 plane is w >= this, which keeps the divide finite. */
#define CLIP_W_EPSILON 1e-6f
/* Six frustum planes plus w > 0; the user plane is number 7. */
#define CLIP_PLANES 7
/* Each plane adds at most one vertex to a convex polygon: 3 + 8. */
#define CLIP_MAX_VERTICES 12

/* Signed distance of `p` to clip plane `i` (inside when >= 0). */
static float clip_distance(const struct hw_clip_config *cfg, int i, const float p[4])
{
	switch (i) {
	case 0: return p[3] - CLIP_W_EPSILON;
	case 1: return p[3] - p[0];
	case 2: return p[3] + p[0];
	case 3: return p[3] - p[1];
	case 4: return p[3] + p[1];
	case 5: return -p[2];             /* z <= 0 */
	case 6: return p[3] + p[2];       /* z >= -w */
	default:
		return cfg->user_plane[0] * p[0] + cfg->user_plane[1] * p[1]
		       + cfg->user_plane[2] * p[2] + cfg->user_plane[3] * p[3];
	}
}

/* The planes to clip against: the frustum's, and the user plane if on. */
static int clip_plane_count(const struct hw_clip_config *cfg)
{
	return cfg->user_plane_enabled ? CLIP_PLANES + 1 : CLIP_PLANES;
}

/* Bit i set when `p` is not inside plane i: clip_distance(cfg, i, p) >= 0
 * fails (NaN included), each distance computed as clip_distance does. */
static unsigned clip_outcode(const struct hw_clip_config *cfg, const float p[4])
{
#if HW_SSE2
	/* The seven frustum distances in two vectors, each lane the float
	 * operation below: w + x is computed as w - (-x), the same IEEE
	 * operation, and -z as 0 - z, which differs from it only in the
	 * sign of a zero, which >= 0 does not see. Lane 3 of `b` is not
	 * used. A bit is set where !(d >= 0) (NaN included): cmpnge. */
	const __m128 v = _mm_loadu_ps(p), zero = _mm_setzero_ps();
	const __m128 w = _mm_shuffle_ps(v, v, _MM_SHUFFLE(3, 3, 3, 3));
	const __m128 neg_x = _mm_set_ps(0.0f, -0.0f, 0.0f, 0.0f);
	const __m128 neg_y_z = _mm_set_ps(-0.0f, -0.0f, 0.0f, -0.0f);
	const __m128 keep_w = _mm_castsi128_ps(_mm_set_epi32(-1, -1, 0, -1));
	/* {eps, x, -x, y} and {-y, z, -z, -y} */
	__m128 s = _mm_move_ss(_mm_shuffle_ps(v, v, _MM_SHUFFLE(1, 0, 0, 0)),
			       _mm_set_ss(CLIP_W_EPSILON));
	__m128 t = _mm_shuffle_ps(v, v, _MM_SHUFFLE(1, 2, 2, 1));
	__m128 a = _mm_sub_ps(w, _mm_xor_ps(s, neg_x));
	__m128 b = _mm_sub_ps(_mm_and_ps(w, keep_w), _mm_xor_ps(t, neg_y_z));
	unsigned o = (unsigned)_mm_movemask_ps(_mm_cmpnge_ps(a, zero))
		     | ((unsigned)_mm_movemask_ps(_mm_cmpnge_ps(b, zero)) & 7u) << 4;
#else
	unsigned o = (unsigned)!(p[3] - CLIP_W_EPSILON >= 0)
		     | (unsigned)!(p[3] - p[0] >= 0) << 1
		     | (unsigned)!(p[3] + p[0] >= 0) << 2
		     | (unsigned)!(p[3] - p[1] >= 0) << 3
		     | (unsigned)!(p[3] + p[1] >= 0) << 4
		     | (unsigned)!(-p[2] >= 0) << 5
		     | (unsigned)!(p[3] + p[2] >= 0) << 6;
#endif

	if (cfg->user_plane_enabled && !(clip_distance(cfg, CLIP_PLANES, p) >= 0))
		o |= 1u << CLIP_PLANES;
	return o;
}

/* out = a + (b - a) t, position and every varying. */
static void lerp_vertex(struct hw_vertex *out, const struct hw_vertex *a,
			const struct hw_vertex *b, float t)
{
	int i, k;

	for (k = 0; k < 4; k++)
		out->pos[k] = a->pos[k] + (b->pos[k] - a->pos[k]) * t;
	for (i = 0; i < HW_VARYING_COUNT; i++)
		for (k = 0; k < 4; k++)
			out->varying[i][k] = a->varying[i][k]
					     + (b->varying[i][k] - a->varying[i][k]) * t;
}

/* Clip the polygon in[0..n) against plane i into out; returns its size. */
static int clip_against(const struct hw_clip_config *cfg, int plane,
			const struct hw_vertex *in, int n, struct hw_vertex *out)
{
	int j, m = 0;

	for (j = 0; j < n; j++) {
		const struct hw_vertex *cur = &in[j], *next = &in[(j + 1) % n];
		float dc = clip_distance(cfg, plane, cur->pos);
		float dn = clip_distance(cfg, plane, next->pos);

		if (dc >= 0)
			out[m++] = *cur;
		if ((dc >= 0) != (dn >= 0))
			lerp_vertex(&out[m++], cur, next, dc / (dc - dn));
	}
	/* a convex polygon gains at most one corner a plane: the buffers hold
	 * CLIP_MAX_VERTICES */
	NNGX_ASSERT(m <= CLIP_MAX_VERTICES);
	return m;
}

/* The perspective divide and the viewport: window x, y, depth, and 1/w in
 * pos[3] (for perspective-correct interpolation). */
static void to_window(const struct hw_clip_config *cfg, struct hw_vertex *v)
{
	float inv_w = 1.0f / v->pos[3];

	v->pos[0] = (v->pos[0] * inv_w + 1.0f) * cfg->half_width + cfg->origin_x;
	v->pos[1] = (v->pos[1] * inv_w + 1.0f) * cfg->half_height + cfg->origin_y;
	v->pos[2] = v->pos[2] * inv_w * cfg->depth_scale + cfg->depth_offset;
	v->pos[3] = inv_w;
}

/* Twice the signed area in window space; > 0 is counter-clockwise. */
static float window_area(const struct hw_vertex *v, int n)
{
	float area = 0;
	int j;

	for (j = 0; j < n; j++) {
		/* (the next corner without a division: j + 1, or 0 after the last) */
		const float *p = v[j].pos, *q = v[j + 1 < n ? j + 1 : 0].pos;
		area += p[0] * q[1] - q[0] * p[1];
	}
	return area;
}

unsigned hw_clip_prepare(const struct hw_clip_config *cfg, const struct hw_vertex *v,
			 struct hw_vertex *window)
{
	unsigned o = clip_outcode(cfg, v->pos);

	if (!o) {
		*window = *v;
		to_window(cfg, window);
	}
	return o;
}

bool hw_clip_triangle(const struct hw_clip_config *cfg, const struct hw_vertex *a,
		      const struct hw_vertex *b, const struct hw_vertex *c,
		      struct hw_setup_counts *counts, hw_setup_fn out, void *user)
{
	struct hw_vertex poly[2][CLIP_MAX_VERTICES];
	int plane, n = 3, cur = 0, j;
	unsigned outside;           /* the planes some corner is not inside */
	bool inside_all = true;
	float area;

	counts->polygons_in++;
	poly[0][0] = *a;
	poly[0][1] = *b;
	poly[0][2] = *c;

	outside = clip_outcode(cfg, a->pos) | clip_outcode(cfg, b->pos) | clip_outcode(cfg, c->pos);
	for (plane = 0; outside && plane < clip_plane_count(cfg) && n > 0; plane++) {
		if (!(outside >> plane & 1))
			continue;          /* the whole triangle is inside this plane */
		inside_all = false;
		NNGX_ASSERT(n + 1 <= CLIP_MAX_VERTICES);        /* room for one more */
		n = clip_against(cfg, plane, poly[cur], n, poly[!cur]);
		cur = !cur;
	}
	if (n < 3) {
		counts->clipped_away++;
		return false;
	}

	for (j = 0; j < n; j++)
		to_window(cfg, &poly[cur][j]);
	area = window_area(poly[cur], n);
	if (hw_clip_culled(cfg, area)) {
		counts->culled++;
		return false;
	}

	counts->polygons_out++;
	if (!inside_all)
		counts->split++;
	if (out)
		for (j = 1; j + 1 < n; j++)
			out(user, &poly[cur][0], &poly[cur][j], &poly[cur][j + 1]);
	return true;
}
