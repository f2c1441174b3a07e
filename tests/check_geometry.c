/* check_geometry.c: post-vertex cache, primitive assembly, clipping and
 * culling (hw/hw_vcache.c, hw/hw_primitive.c, hw/hw_clipper.c). */
#include <math.h>
#include <string.h>

#include "hw/hw_clipper.h"
#include "hw/hw_primitive.h"
#include "hw/hw_vcache.h"
#include "test_util.h"

/* ---- post-vertex cache ------------------------------------------------ */

static unsigned misses(struct hw_vcache *c, const uint32_t *idx, unsigned n)
{
	unsigned i, slot, m = 0;

	for (i = 0; i < n; i++)
		m += !hw_vcache_lookup(c, idx[i], &slot);
	return m;
}

START_TEST(test_vcache_miss_once_per_index_while_it_fits)
{
	static const uint32_t idx[] = { 0, 1, 2, 2, 1, 3, 2, 3, 0, 1 };
	struct hw_vcache c;

	hw_vcache_configure(&c, 8, HW_VCACHE_FIFO);
	ck_assert_uint_eq(misses(&c, idx, 10), 4);
	hw_vcache_clear(&c);
	ck_assert_uint_eq(misses(&c, idx, 10), 4);   /* a cleared cache misses again */
}
END_TEST

/* FIFO evicts the oldest insertion even if it was just used; LRU keeps it. */
START_TEST(test_vcache_fifo_and_lru_evict_differently)
{
	static const uint32_t idx[] = { 0, 1, 0, 2, 0 };
	struct hw_vcache c;

	hw_vcache_configure(&c, 2, HW_VCACHE_FIFO);
	ck_assert_uint_eq(misses(&c, idx, 5), 4);    /* 2 evicts 0 */
	hw_vcache_configure(&c, 2, HW_VCACHE_LRU);
	ck_assert_uint_eq(misses(&c, idx, 5), 3);    /* 2 evicts 1 */
}
END_TEST

START_TEST(test_vcache_size_is_clamped)
{
	struct hw_vcache c;

	hw_vcache_configure(&c, 0, HW_VCACHE_FIFO);
	ck_assert_uint_eq(c.entries, 1);
	hw_vcache_configure(&c, 100000, (enum hw_vcache_policy)7);
	ck_assert_uint_eq(c.entries, HW_VCACHE_MAX_ENTRIES);
	ck_assert_int_eq(c.policy, HW_VCACHE_FIFO);
}
END_TEST

/* ---- primitive assembly ---------------------------------------------- */

struct tri_log {
	unsigned n;
	float area_sign[16];
	float first_x[16];
	float mid_x[16], last_x[16];
};

static float area2(const struct hw_vertex *a, const struct hw_vertex *b, const struct hw_vertex *c)
{
	return (b->pos[0] - a->pos[0]) * (c->pos[1] - a->pos[1])
	       - (c->pos[0] - a->pos[0]) * (b->pos[1] - a->pos[1]);
}

static void log_triangle(void *user, const struct hw_vertex *a, const struct hw_vertex *b,
			 const struct hw_vertex *c)
{
	struct tri_log *log = user;

	if (log->n < 16) {
		log->area_sign[log->n] = area2(a, b, c) > 0 ? 1.0f : -1.0f;
		log->first_x[log->n] = a->pos[0];
		log->mid_x[log->n] = b->pos[0];
		log->last_x[log->n] = c->pos[0];
	}
	log->n++;
}

static struct hw_vertex vtx(float x, float y)
{
	struct hw_vertex v;

	memset(&v, 0, sizeof v);
	v.pos[0] = x;
	v.pos[1] = y;
	v.pos[2] = -0.5f;
	v.pos[3] = 1;
	return v;
}

START_TEST(test_assembler_list_makes_a_triangle_per_three_vertices)
{
	struct hw_assembler a;
	struct tri_log log = { 0 };
	int i;

	hw_assembler_begin(&a, HW_TOPOLOGY_TRIANGLES, log_triangle, &log);
	for (i = 0; i < 7; i++) {
		struct hw_vertex v = vtx((float)i, (float)(i % 2));
		hw_assembler_push(&a, &v);
	}
	ck_assert_uint_eq(log.n, 2);
	ck_assert_uint_eq(a.vertices, 7);
	ck_assert_uint_eq(a.triangles, 2);
	/* vertices 0, 1, 2 then 3, 4, 5, in their order */
	for (i = 0; i < 2; i++) {
		ck_assert(log.first_x[i] == (float)(3 * i));
		ck_assert(log.mid_x[i] == (float)(3 * i + 1));
		ck_assert(log.last_x[i] == (float)(3 * i + 2));
	}
}
END_TEST

/* A strip zig-zags; the assembler keeps one winding for all triangles. */
START_TEST(test_assembler_strip_keeps_winding)
{
	struct hw_assembler a;
	struct tri_log log = { 0 };
	unsigned i;

	hw_assembler_begin(&a, HW_TOPOLOGY_STRIP, log_triangle, &log);
	for (i = 0; i < 8; i++) {
		struct hw_vertex v = vtx((float)(i / 2), (float)(i % 2));
		hw_assembler_push(&a, &v);
	}
	ck_assert_uint_eq(log.n, 6);
	for (i = 1; i < 6; i++)
		ck_assert(log.area_sign[i] == log.area_sign[0]);
}
END_TEST

START_TEST(test_assembler_fan_shares_the_first_vertex)
{
	struct hw_assembler a;
	struct tri_log log = { 0 };
	unsigned i;

	hw_assembler_begin(&a, HW_TOPOLOGY_FAN, log_triangle, &log);
	for (i = 0; i < 6; i++) {
		struct hw_vertex v = vtx(i ? (float)i : -5.0f, i ? (float)(i * i) : 0.0f);
		hw_assembler_push(&a, &v);
	}
	ck_assert_uint_eq(log.n, 4);
	for (i = 0; i < 4; i++)
		ck_assert(log.first_x[i] == -5.0f);
}
END_TEST

START_TEST(test_assembler_geometry_emits_with_inverted_winding)
{
	struct hw_assembler a;
	struct tri_log log = { 0 };
	struct hw_vertex p = vtx(0, 0), q = vtx(1, 0), r = vtx(0, 1);

	hw_assembler_begin(&a, HW_TOPOLOGY_GEOMETRY, log_triangle, &log);
	hw_assembler_emit(&a, &p, 0, false, false);
	hw_assembler_emit(&a, &q, 1, false, false);
	hw_assembler_emit(&a, &r, 2, true, false);
	hw_assembler_emit(&a, &r, 2, true, true);
	ck_assert_uint_eq(log.n, 2);
	ck_assert(log.area_sign[0] == -log.area_sign[1]);
	ck_assert_uint_eq(a.vertices, 4);
}
END_TEST

/* ---- clipping and culling -------------------------------------------- */

static struct hw_clip_config screen(void)
{
	struct hw_clip_config cfg;

	memset(&cfg, 0, sizeof cfg);
	cfg.half_width = 120;
	cfg.half_height = 200;
	cfg.depth_scale = -1;
	return cfg;
}

static unsigned fan_triangles;

static void count_fan(void *user, const struct hw_vertex *a, const struct hw_vertex *b,
		      const struct hw_vertex *c)
{
	(void)user; (void)a; (void)b; (void)c;
	fan_triangles++;
}

static bool clip3(const struct hw_clip_config *cfg, struct hw_setup_counts *n,
		  struct hw_vertex a, struct hw_vertex b, struct hw_vertex c)
{
	return hw_clip_triangle(cfg, &a, &b, &c, n, count_fan, NULL);
}

START_TEST(test_clip_inside_triangle_comes_out_whole)
{
	struct hw_clip_config cfg = screen();
	struct hw_setup_counts n = { 0 };

	fan_triangles = 0;
	ck_assert(clip3(&cfg, &n, vtx(-0.5f, -0.5f), vtx(0.5f, -0.5f), vtx(0, 0.5f)));
	ck_assert_uint_eq(n.polygons_in, 1);
	ck_assert_uint_eq(n.polygons_out, 1);
	ck_assert_uint_eq(n.split, 0);
	ck_assert_uint_eq(fan_triangles, 1);
}
END_TEST

START_TEST(test_clip_triangle_outside_frustum_is_removed)
{
	struct hw_clip_config cfg = screen();
	struct hw_setup_counts n = { 0 };
	struct hw_vertex behind[3] = { vtx(0, 0), vtx(1, 0), vtx(0, 1) };
	int i;

	ck_assert(!clip3(&cfg, &n, vtx(1.5f, 0), vtx(3, 0), vtx(2, 1)));     /* x > w */
	ck_assert(!clip3(&cfg, &n, vtx(0, -3), vtx(1, -2), vtx(0, -1.1f)));  /* y < -w */
	for (i = 0; i < 3; i++)
		behind[i].pos[3] = -1;                                        /* w < 0 */
	ck_assert(!clip3(&cfg, &n, behind[0], behind[1], behind[2]));
	ck_assert_uint_eq(n.polygons_in, 3);
	ck_assert_uint_eq(n.polygons_out, 0);
	ck_assert_uint_eq(n.clipped_away, 3);
}
END_TEST

/* A triangle that crosses the volume is cut but counts as one polygon. */
START_TEST(test_clip_crossing_triangle_counts_once)
{
	struct hw_clip_config cfg = screen();
	struct hw_setup_counts n = { 0 };

	fan_triangles = 0;
	ck_assert(clip3(&cfg, &n, vtx(-3, -3), vtx(3, -3), vtx(0, 3)));
	ck_assert_uint_eq(n.polygons_out, 1);
	ck_assert_uint_eq(n.split, 1);
	ck_assert_uint_ge(fan_triangles, 2);    /* the hardware splits it */
}
END_TEST

START_TEST(test_clip_z_range_is_minus_w_to_0)
{
	struct hw_clip_config cfg = screen();
	struct hw_setup_counts n = { 0 };
	struct hw_vertex a = vtx(0, 0), b = vtx(1, 0), c = vtx(0, 1);

	a.pos[2] = b.pos[2] = c.pos[2] = 0.25f;       /* z > 0: in front of near */
	ck_assert(!clip3(&cfg, &n, a, b, c));
	a.pos[2] = b.pos[2] = c.pos[2] = -1.5f;       /* z < -w: beyond far */
	ck_assert(!clip3(&cfg, &n, a, b, c));
}
END_TEST

START_TEST(test_clip_user_plane_removes_the_far_side)
{
	struct hw_clip_config cfg = screen();
	struct hw_setup_counts n = { 0 };

	cfg.user_plane_enabled = true;
	cfg.user_plane[0] = -1;                       /* keep x <= 0 */
	ck_assert(!clip3(&cfg, &n, vtx(0.1f, 0), vtx(0.5f, 0), vtx(0.3f, 0.5f)));
	ck_assert(clip3(&cfg, &n, vtx(-0.5f, 0), vtx(0.5f, 0), vtx(0, 0.5f)));
	ck_assert_uint_eq(n.split, 1);
}
END_TEST

/* Each plane on its own: a corner exactly on it (distance 0) is inside,
 * and the triangle comes out whole, unsplit; a corner just past it, and
 * inside every other plane, is cut off by that plane: split, a quad, two
 * triangles. Planes in order: w >= 1e-6, x <= w, x >= -w, y <= w,
 * y >= -w, z <= 0, z >= -w, and the user plane x <= 0.5. */
START_TEST(test_clip_each_plane_takes_its_boundary_as_inside)
{
	static const float on[8][4] = {
		{ 0, 0, 0, 1e-6f }, { 1, 0, -0.5f, 1 }, { -1, 0, -0.5f, 1 }, { 0, 1, -0.5f, 1 },
		{ 0, -1, -0.5f, 1 }, { 0, 0, 0, 1 }, { 0, 0, -1, 1 }, { 0.5f, 0, -0.5f, 1 },
	};
	static const float past[8][4] = {
		{ 0, 0, 0, 5e-7f }, { 1.25f, 0, -0.5f, 1 }, { -1.25f, 0, -0.5f, 1 },
		{ 0, 1.25f, -0.5f, 1 }, { 0, -1.25f, -0.5f, 1 }, { 0, 0, 0.25f, 1 },
		{ 0, 0, -1.25f, 1 }, { 0.75f, 0, -0.5f, 1 },
	};
	unsigned plane;

	for (plane = 0; plane < 8; plane++) {
		struct hw_clip_config cfg = screen();
		struct hw_setup_counts n = { 0 };
		struct hw_vertex a = vtx(-0.25f, -0.25f), b = vtx(0.25f, -0.25f), c = vtx(0, 0.25f);

		if (plane == 7) {
			cfg.user_plane_enabled = true;
			cfg.user_plane[0] = -1;
			cfg.user_plane[3] = 0.5f;
		}
		fan_triangles = 0;
		memcpy(c.pos, on[plane], sizeof c.pos);
		ck_assert_msg(clip3(&cfg, &n, a, b, c) && n.split == 0 && fan_triangles == 1,
			      "plane %u: a corner on it gives %u triangles, split %u", plane,
			      fan_triangles, (unsigned)n.split);
		fan_triangles = 0;
		memcpy(c.pos, past[plane], sizeof c.pos);
		ck_assert_msg(clip3(&cfg, &n, a, b, c) && n.split == 1 && fan_triangles == 2,
			      "plane %u: a corner past it gives %u triangles, split %u", plane,
			      fan_triangles, (unsigned)n.split);
	}
}
END_TEST

/* A corner with a NaN coordinate is inside no plane whose distance reads
 * that coordinate (!(d >= 0) holds for NaN): the triangle never comes
 * out whole. And z = -0 is inside z <= 0 like +0. */
START_TEST(test_clip_nan_corner_is_never_inside)
{
	unsigned k;

	for (k = 0; k < 4; k++) {
		struct hw_clip_config cfg = screen();
		struct hw_setup_counts n = { 0 };
		struct hw_vertex a = vtx(-0.25f, -0.25f), b = vtx(0.25f, -0.25f), c = vtx(0, 0.25f);

		fan_triangles = 0;
		c.pos[k] = NAN;
		clip3(&cfg, &n, a, b, c);
		ck_assert_msg(n.split == 1 || n.clipped_away == 1,
			      "NaN in component %u: the triangle came out whole", k);
	}
	{
		struct hw_clip_config cfg = screen();
		struct hw_setup_counts n = { 0 };
		struct hw_vertex a = vtx(-0.25f, -0.25f), b = vtx(0.25f, -0.25f), c = vtx(0, 0.25f);

		fan_triangles = 0;
		a.pos[2] = b.pos[2] = c.pos[2] = -0.0f;
		ck_assert(clip3(&cfg, &n, a, b, c));
		ck_assert_uint_eq(n.split, 0);
		ck_assert_uint_eq(fan_triangles, 1);
	}
}
END_TEST

/* Culling is decided on the window-space winding. */
START_TEST(test_cull_removes_the_configured_winding)
{
	struct hw_clip_config cfg = screen();
	struct hw_setup_counts n = { 0 };
	struct hw_vertex a = vtx(-0.5f, -0.5f), b = vtx(0.5f, -0.5f), c = vtx(0, 0.5f);

	cfg.cull = HW_CULL_CCW;                       /* a, b, c is counter-clockwise */
	ck_assert(!clip3(&cfg, &n, a, b, c));
	ck_assert(clip3(&cfg, &n, a, c, b));
	cfg.cull = HW_CULL_CW;
	ck_assert(clip3(&cfg, &n, a, b, c));
	ck_assert(!clip3(&cfg, &n, a, c, b));
	ck_assert_uint_eq(n.culled, 2);
	ck_assert_uint_eq(n.polygons_in, 4);
	ck_assert_uint_eq(n.polygons_out, 2);
}
END_TEST

static struct hw_vertex last_window[3];

static void keep_window(void *user, const struct hw_vertex *a, const struct hw_vertex *b,
			const struct hw_vertex *c)
{
	(void)user;
	last_window[0] = *a;
	last_window[1] = *b;
	last_window[2] = *c;
}

START_TEST(test_clip_viewport_maps_ndc_to_window)
{
	struct hw_clip_config cfg = screen();
	struct hw_setup_counts n = { 0 };
	struct hw_vertex a = vtx(-1, -1), b = vtx(1, -1), c = vtx(0, 1);

	cfg.origin_x = 10;
	a.pos[3] = 2; a.pos[0] = -2; a.pos[1] = -2;   /* same point, w = 2 */
	ck_assert(hw_clip_triangle(&cfg, &a, &b, &c, &n, keep_window, NULL));
	ck_assert(last_window[0].pos[0] == 10.0f && last_window[0].pos[1] == 0.0f);
	ck_assert(last_window[1].pos[0] == 250.0f);
	ck_assert(last_window[2].pos[0] == 130.0f && last_window[2].pos[1] == 400.0f);
	ck_assert(last_window[0].pos[3] == 0.5f);     /* 1/w kept for interpolation */
	ck_assert(last_window[1].pos[2] == 0.5f);     /* z -0.5 * -1 */
}
END_TEST

/* ---- shared vertices: pointer assembly and prepared clipping ----------- */

struct tri_copy {
	unsigned n;
	struct hw_vertex v[64][3];
};

static void copy_triangle(void *user, const struct hw_vertex *a, const struct hw_vertex *b,
			  const struct hw_vertex *c)
{
	struct tri_copy *t = user;

	ck_assert_uint_lt(t->n, 64);
	t->v[t->n][0] = *a;
	t->v[t->n][1] = *b;
	t->v[t->n][2] = *c;
	t->n++;
}

/* For lists, strips, fans and the geometry topology fed plain vertices,
 * the pointer assembler names the very vertices, in the very order, of
 * the copying one's triangles, and counts the same. */
START_TEST(test_ref_assembler_matches_the_copying_assembler)
{
	static struct tri_copy want;
	static const enum hw_topology tops[] = { HW_TOPOLOGY_TRIANGLES, HW_TOPOLOGY_STRIP,
						 HW_TOPOLOGY_FAN, HW_TOPOLOGY_GEOMETRY };
	struct hw_vertex vs[20];
	unsigned t, i, got;

	for (i = 0; i < 20; i++)
		vs[i] = vtx((float)i, (float)(i * i % 7));
	for (t = 0; t < 4; t++) {
		struct hw_assembler a;
		struct hw_ref_assembler r;

		memset(&want, 0, sizeof want);
		hw_assembler_begin(&a, tops[t], copy_triangle, &want);
		hw_ref_assembler_begin(&r, tops[t]);
		for (i = 0, got = 0; i < 20; i++) {
			const void *tri[3];

			hw_assembler_push(&a, &vs[i]);
			if (hw_ref_assembler_push(&r, &vs[i], tri)) {
				unsigned k;

				ck_assert_uint_lt(got, want.n);
				for (k = 0; k < 3; k++)
					ck_assert(memcmp(tri[k], &want.v[got][k], sizeof vs[0]) == 0);
				got++;
			}
			ck_assert_uint_eq(got, want.n);
		}
		ck_assert_uint_eq(r.vertices, a.vertices);
		ck_assert_uint_eq(r.triangles, a.triangles);
	}
}
END_TEST

static uint32_t clip_rng = 1;

static float clip_random(void)
{
	static const float special[] = { 0.0f, -0.0f, 1.0f, -1.0f, 1e-7f, NAN, INFINITY };

	clip_rng = clip_rng * 1664525u + 1013904223u;
	if ((clip_rng >> 24) % 13 == 0)
		return special[(clip_rng >> 8) % 7];
	return ((float)((clip_rng >> 8) % 4001) - 2000.0f) / 1000.0f;
}

/* hw_clip_prepare on each corner, then hw_clip_triangle_inside when all
 * three are inside every plane (else hw_clip_triangle), against
 * hw_clip_triangle on the corners: the same triangles, bit for bit, the
 * same counts, for random corners (inside, crossing, outside, zero and
 * NaN coordinates), every cull mode, with and without the user plane;
 * a corner is "inside" exactly when hw_clip_triangle keeps a triangle of
 * three such corners whole. */
START_TEST(test_clip_prepared_matches_the_clipper)
{
	static struct tri_copy want, got;
	unsigned k, j, inside = 0;

	for (k = 0; k < 3000; k++) {
		struct hw_clip_config cfg = screen();
		struct hw_setup_counts cw = { 0 }, cg = { 0 };
		struct hw_vertex v[3], w[3], untouched;
		unsigned outside = 0;

		cfg.cull = (enum hw_cull)(k % 3);
		cfg.origin_x = 3.5f;
		cfg.depth_offset = 0.25f;
		if (k % 4 == 3) {
			cfg.user_plane_enabled = true;
			cfg.user_plane[0] = 0.3f;
			cfg.user_plane[1] = -0.2f;
			cfg.user_plane[3] = 0.5f;
		}
		for (j = 0; j < 3; j++) {
			unsigned c;

			memset(&v[j], 0, sizeof v[j]);
			v[j].pos[0] = clip_random() * 0.55f;
			v[j].pos[1] = clip_random() * 0.55f;
			v[j].pos[2] = -0.5f + clip_random() * 0.3f;
			v[j].pos[3] = 1.0f + clip_random() * 0.2f;
			for (c = 0; c < 4; c++)
				v[j].varying[HW_VARYING_COLOR][c] = clip_random();
			memset(&w[j], 0x5A, sizeof w[j]);
			untouched = w[j];
			c = hw_clip_prepare(&cfg, &v[j], &w[j]);
			if (c)
				ck_assert(memcmp(&w[j], &untouched, sizeof w[j]) == 0);
			outside |= c;
		}
		memset(&want, 0, sizeof want);
		memset(&got, 0, sizeof got);
		ck_assert_int_eq(hw_clip_triangle(&cfg, &v[0], &v[1], &v[2], &cw, copy_triangle, &want),
				 outside ? hw_clip_triangle(&cfg, &v[0], &v[1], &v[2], &cg,
							    copy_triangle, &got)
					 : hw_clip_triangle_inside(&cfg, &w[0], &w[1], &w[2], &cg,
								   copy_triangle, &got));
		ck_assert_uint_eq(got.n, want.n);
		ck_assert_msg(memcmp(got.v, want.v, sizeof got.v) == 0, "triangle %u differs", k);
		ck_assert(memcmp(&cg, &cw, sizeof cg) == 0);
		if (!outside) {
			inside++;
			ck_assert_uint_eq(cw.split + cw.clipped_away, 0);
		}
	}
	ck_assert_uint_gt(inside, 300);
}
END_TEST

/* Almost collinear triangles, whose window area is a sum of three large
 * terms that nearly cancel, so that its sign, and the cull, depend on the
 * order the terms are added in: hw_clip_triangle_inside culls (and counts)
 * each as hw_clip_triangle does, in both cull modes. */
START_TEST(test_clip_inside_culls_thin_triangles_as_the_clipper)
{
	unsigned k, j, culled = 0, kept = 0;

	clip_rng = 99;
	for (k = 0; k < 20000; k++) {
		struct hw_clip_config cfg = screen();
		struct hw_setup_counts cw = { 0 }, cg = { 0 };
		struct hw_vertex v[3], w[3];
		float x0 = clip_random() * 0.4f, y0 = clip_random() * 0.4f;
		float dx = clip_random() * 0.2f, dy = clip_random() * 0.2f;
		bool inside = true;

		if (!isfinite(x0) || !isfinite(y0) || !isfinite(dx) || !isfinite(dy))
			continue;
		cfg.cull = k % 2 ? HW_CULL_CW : HW_CULL_CCW;
		for (j = 0; j < 3; j++) {
			/* on the line from (x0, y0) along (dx, dy), the middle
			 * corner off it by a few units in the last place */
			float t = j == 0 ? 0.0f : j == 1 ? 0.37f : 1.0f;

			memset(&v[j], 0, sizeof v[j]);
			v[j].pos[0] = x0 + t * dx;
			v[j].pos[1] = y0 + t * dy;
			if (j == 1)
				v[j].pos[1] = nextafterf(v[j].pos[1], (float)(clip_rng >> 31 ? 1 : -1))
					      + (float)(int)(clip_rng >> 28 & 3) * 1e-7f;
			v[j].pos[2] = -0.5f;
			v[j].pos[3] = 1.0f;
			if (hw_clip_prepare(&cfg, &v[j], &w[j]))
				inside = false;
		}
		if (!inside)
			continue;
		ck_assert_int_eq(hw_clip_triangle_inside(&cfg, &w[0], &w[1], &w[2], &cg, NULL, NULL),
				 hw_clip_triangle(&cfg, &v[0], &v[1], &v[2], &cw, NULL, NULL));
		ck_assert(memcmp(&cg, &cw, sizeof cg) == 0);
		culled += cw.culled;
		kept += cw.polygons_out;
	}
	ck_assert_uint_gt(culled, 1000);
	ck_assert_uint_gt(kept, 1000);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("geometry");
	TCase *tc = tcase_create("vertex_cache");

	tcase_add_test(tc, test_vcache_miss_once_per_index_while_it_fits);
	tcase_add_test(tc, test_vcache_fifo_and_lru_evict_differently);
	tcase_add_test(tc, test_vcache_size_is_clamped);
	suite_add_tcase(s, tc);

	tc = tcase_create("assembly");
	tcase_add_test(tc, test_assembler_list_makes_a_triangle_per_three_vertices);
	tcase_add_test(tc, test_assembler_strip_keeps_winding);
	tcase_add_test(tc, test_assembler_fan_shares_the_first_vertex);
	tcase_add_test(tc, test_assembler_geometry_emits_with_inverted_winding);
	suite_add_tcase(s, tc);

	tc = tcase_create("clipper");
	tcase_add_test(tc, test_clip_inside_triangle_comes_out_whole);
	tcase_add_test(tc, test_clip_triangle_outside_frustum_is_removed);
	tcase_add_test(tc, test_clip_crossing_triangle_counts_once);
	tcase_add_test(tc, test_clip_z_range_is_minus_w_to_0);
	tcase_add_test(tc, test_clip_user_plane_removes_the_far_side);
	tcase_add_test(tc, test_clip_each_plane_takes_its_boundary_as_inside);
	tcase_add_test(tc, test_clip_nan_corner_is_never_inside);
	tcase_add_test(tc, test_cull_removes_the_configured_winding);
	tcase_add_test(tc, test_clip_viewport_maps_ndc_to_window);
	tcase_add_test(tc, test_clip_prepared_matches_the_clipper);
	tcase_add_test(tc, test_clip_inside_culls_thin_triangles_as_the_clipper);
	tcase_add_test(tc, test_ref_assembler_matches_the_copying_assembler);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
