/* check_raster.c: the rasterizer (hw/hw_raster.c): coverage with the
 * top-left fill rule, target bounds, scissor, traversal order, and depth
 * and varying interpolation. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hw/hw_raster.h"
#include "hw/hw_simd.h"
#include "test_util.h"

#define SCREEN_W 240
#define SCREEN_H 400
#define NO_TRIANGLE 0xFF
#define MANY_TRIANGLES 0xFE

static struct hw_vertex vtx(float x, float y)
{
	struct hw_vertex v;

	memset(&v, 0, sizeof v);
	v.pos[0] = x;
	v.pos[1] = y;
	v.pos[3] = 1;
	return v;
}

/* Per-pixel coverage: how many fragments, and which triangle made them. */
struct coverage {
	unsigned w, h;
	unsigned char *count;
	unsigned char *owner;
	unsigned char triangle;         /* id of the triangle being drawn */
	unsigned long fragments;
	struct hw_fragment first[64];   /* the first fragments, in order */
};

static void coverage_init(struct coverage *cv, unsigned w, unsigned h)
{
	memset(cv, 0, sizeof *cv);
	cv->w = w;
	cv->h = h;
	cv->count = calloc((size_t)w * h, 1);
	cv->owner = malloc((size_t)w * h);
	ck_assert_ptr_nonnull(cv->count);
	ck_assert_ptr_nonnull(cv->owner);
	memset(cv->owner, NO_TRIANGLE, (size_t)w * h);
}

static void coverage_fini(struct coverage *cv)
{
	free(cv->count);
	free(cv->owner);
}

static void coverage_add(void *user, const struct hw_fragment *f)
{
	struct coverage *cv = user;
	size_t i = (size_t)f->y * cv->w + f->x;

	if (cv->fragments < 64)
		cv->first[cv->fragments] = *f;
	cv->fragments++;
	if (f->x >= cv->w || f->y >= cv->h)
		return;             /* counted; the bounds test below catches it */
	if (cv->count[i] < 255)
		cv->count[i]++;
	cv->owner[i] = cv->owner[i] == NO_TRIANGLE ? cv->triangle : MANY_TRIANGLES;
}

static struct hw_raster_config target(unsigned w, unsigned h)
{
	struct hw_raster_config cfg;

	memset(&cfg, 0, sizeof cfg);
	cfg.width = w;
	cfg.height = h;
	return cfg;
}

static void draw(const struct hw_raster_config *cfg, struct coverage *cv,
		 struct hw_raster_counts *n, struct hw_vertex a, struct hw_vertex b,
		 struct hw_vertex c)
{
	hw_raster_triangle(cfg, &a, &b, &c, n, coverage_add, cv);
}

/* The two triangles of a full-screen quad share the diagonal (0,0)-(240,400),
 * which passes through pixel centres (e.g. (1.5, 2.5)): the tie rule decides. */
static void draw_screen_quad(const struct hw_raster_config *cfg, struct coverage *cv,
			     struct hw_raster_counts *n)
{
	cv->triangle = 0;
	draw(cfg, cv, n, vtx(0, 0), vtx(SCREEN_W, 0), vtx(SCREEN_W, SCREEN_H));
	cv->triangle = 1;
	draw(cfg, cv, n, vtx(0, 0), vtx(SCREEN_W, SCREEN_H), vtx(0, SCREEN_H));
}

/* Scissor on, the box x0..x1-1 by y0..y1-1 (x1 and y1 exclusive). */
static void scissor_box(struct hw_raster_config *cfg, unsigned x0, unsigned y0,
			unsigned x1, unsigned y1)
{
	cfg->scissor = true;
	cfg->scissor_x0 = x0;
	cfg->scissor_y0 = y0;
	cfg->scissor_x1 = x1;
	cfg->scissor_y1 = y1;
}

/* Counts zeroed, a fresh screen-sized coverage, then the full-screen
 * quad through `cfg`. The caller asserts on *n and *cv and frees cv. */
static void screen_quad_afresh(const struct hw_raster_config *cfg, struct coverage *cv,
			       struct hw_raster_counts *n)
{
	memset(n, 0, sizeof *n);
	coverage_init(cv, SCREEN_W, SCREEN_H);
	draw_screen_quad(cfg, cv, n);
}

/* The screen pixels of `cv` not drawn exactly `inside` times within the
 * box x0..x1-1 by y0..y1-1 and `outside` times elsewhere: 0 when the
 * scissor kept what it should. */
static unsigned box_misses(const struct coverage *cv, unsigned x0, unsigned y0,
			   unsigned x1, unsigned y1, unsigned inside, unsigned outside)
{
	unsigned x, y, misses = 0;

	for (y = 0; y < SCREEN_H; y++)
		for (x = 0; x < SCREEN_W; x++) {
			bool in = x >= x0 && x < x1 && y >= y0 && y < y1;

			misses += cv->count[y * SCREEN_W + x] != (in ? inside : outside);
		}
	return misses;
}

START_TEST(test_raster_fullscreen_quad_covers_each_pixel_once)
{
	struct hw_raster_config cfg = target(SCREEN_W, SCREEN_H);
	struct hw_raster_counts n = { 0 };
	struct coverage cv;
	unsigned i, bad = 0;

	coverage_init(&cv, SCREEN_W, SCREEN_H);
	draw_screen_quad(&cfg, &cv, &n);
	for (i = 0; i < SCREEN_W * SCREEN_H; i++)
		bad += cv.count[i] != 1;
	ck_assert_uint_eq(bad, 0);
	ck_assert_uint_eq(cv.fragments, 96000);
	ck_assert_uint_eq(n.covered, 96000);
	ck_assert_uint_eq(n.scissored, 0);
	ck_assert_uint_eq(n.fragments, 96000);
	/* Centre (1.5, 2.5) lies on the diagonal: a left edge of the
	 * lower-right triangle (0), which owns it, and a right edge of the
	 * upper-left one (1). */
	ck_assert_uint_eq(cv.owner[2 * SCREEN_W + 1], 0);
	coverage_fini(&cv);
}
END_TEST

/* Triangles with edges through pixel centres: left and top edges own the
 * centres on them, right and bottom edges do not (y up), in either winding. */
START_TEST(test_raster_fill_rule_owns_left_and_top_edges)
{
	/* Left edge x = 0.5 (owned), bottom edge y = 0.5 (not), hypotenuse
	 * x + y = 5 (a right edge: not). */
	static const unsigned lower[][2] = {
		{ 0, 1 }, { 1, 1 }, { 2, 1 }, { 0, 2 }, { 1, 2 }, { 0, 3 }
	};
	/* Left edge x = 0.5 (owned), top edge y = 4.5 (owned), hypotenuse
	 * y = x (a right edge: not). */
	static const unsigned upper[][2] = {
		{ 0, 1 }, { 0, 2 }, { 1, 2 }, { 0, 3 }, { 1, 3 }, { 2, 3 },
		{ 0, 4 }, { 1, 4 }, { 2, 4 }, { 3, 4 }
	};
	struct hw_raster_config cfg = target(16, 16);
	int winding;

	for (winding = 0; winding < 2; winding++) {
		struct hw_raster_counts n = { 0 };
		struct coverage cv;
		unsigned i, set = 0;

		coverage_init(&cv, 16, 16);
		if (winding)
			draw(&cfg, &cv, &n, vtx(0.5f, 0.5f), vtx(0.5f, 4.5f), vtx(4.5f, 0.5f));
		else
			draw(&cfg, &cv, &n, vtx(0.5f, 0.5f), vtx(4.5f, 0.5f), vtx(0.5f, 4.5f));
		for (i = 0; i < 6; i++)
			set += cv.count[lower[i][1] * 16 + lower[i][0]];
		ck_assert_uint_eq(set, 6);
		ck_assert_uint_eq(n.covered, 6);
		coverage_fini(&cv);

		memset(&n, 0, sizeof n);
		set = 0;
		coverage_init(&cv, 16, 16);
		if (winding)
			draw(&cfg, &cv, &n, vtx(0.5f, 0.5f), vtx(0.5f, 4.5f), vtx(4.5f, 4.5f));
		else
			draw(&cfg, &cv, &n, vtx(0.5f, 0.5f), vtx(4.5f, 4.5f), vtx(0.5f, 4.5f));
		for (i = 0; i < 10; i++)
			set += cv.count[upper[i][1] * 16 + upper[i][0]];
		ck_assert_uint_eq(set, 10);
		ck_assert_uint_eq(n.covered, 10);
		coverage_fini(&cv);
	}
}
END_TEST

/* ---- property: fans against a brute-force reference -------------------- */

/* Reference point-in-triangle, written apart from the rasterizer: a pixel
 * centre belongs to a triangle when the centre moved by the infinitesimal
 * (+d, -d*d) lies strictly inside it. Moving right puts centres on a left
 * edge inside; for a horizontal edge only the -d*d matters, which puts
 * centres on a top edge inside: the top-left rule, as a perturbation.
 * Vertices are on a 1/16 grid, so every product below is exact. */
static int ref_sign_of_perturbed(double ax, double ay, double bx, double by, double px, double py)
{
	/* cross((b - a), (p' - a)) = c0 + d * cx + d^2 * cy, p' = p + (d, -d^2) */
	double c0 = (bx - ax) * (py - ay) - (by - ay) * (px - ax);
	double c1 = -(by - ay);
	double c2 = -(bx - ax);

	if (c0 != 0)
		return c0 > 0 ? 1 : -1;
	if (c1 != 0)
		return c1 > 0 ? 1 : -1;
	return c2 > 0 ? 1 : (c2 < 0 ? -1 : 0);
}

static bool ref_covers(const double t[3][2], double px, double py)
{
	int s0 = ref_sign_of_perturbed(t[0][0], t[0][1], t[1][0], t[1][1], px, py);
	int s1 = ref_sign_of_perturbed(t[1][0], t[1][1], t[2][0], t[2][1], px, py);
	int s2 = ref_sign_of_perturbed(t[2][0], t[2][1], t[0][0], t[0][1], px, py);

	return s0 != 0 && s0 == s1 && s1 == s2;
}

/* Closed test, for the "no holes" check. */
static bool ref_closed(const double t[3][2], double px, double py)
{
	double area = (t[1][0] - t[0][0]) * (t[2][1] - t[0][1])
		      - (t[2][0] - t[0][0]) * (t[1][1] - t[0][1]);
	int e;

	for (e = 0; e < 3; e++) {
		const double *a = t[e], *b = t[(e + 1) % 3];
		double c = (b[0] - a[0]) * (py - a[1]) - (b[1] - a[1]) * (px - a[0]);
		if ((area > 0 && c < 0) || (area < 0 && c > 0))
			return false;
	}
	return true;
}

static bool ref_on_segment(const double a[2], const double b[2], double px, double py)
{
	double c = (b[0] - a[0]) * (py - a[1]) - (b[1] - a[1]) * (px - a[0]);

	return c == 0 && px >= fmin(a[0], b[0]) && px <= fmax(a[0], b[0])
	       && py >= fmin(a[1], b[1]) && py <= fmax(a[1], b[1]);
}

static uint32_t rng_state;

static uint32_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 17;
	rng_state ^= rng_state << 5;
	return rng_state;
}

static double rng_unit(void)
{
	return (rng() >> 8) / 16777216.0;
}

static double snap16(double v)
{
	return floor(v * 16 + 0.5) / 16;
}

#define FAN_W 96
#define FAN_H 104
#define FAN_MAX 12

/* A closed fan: a centre and n rim points at increasing angles (gaps below
 * 180 degrees), each triangle in a random winding, partly off the target. */
START_TEST(test_raster_fans_cover_each_pixel_at_most_once_without_holes)
{
	struct hw_raster_config cfg = target(FAN_W, FAN_H);
	unsigned char ref_owner[FAN_W * FAN_H], ref_count[FAN_W * FAN_H];
	unsigned fan, mismatches = 0, doubles = 0, holes = 0, covered = 0;

	rng_state = 0x2545F491u;
	for (fan = 0; fan < 200; fan++) {
		double rim[FAN_MAX][2], tri[FAN_MAX][3][2];
		double cx = snap16(rng_unit() * FAN_W), cy = snap16(rng_unit() * FAN_H);
		double a0 = rng_unit() * 6.283185307179586;
		unsigned n = 4 + rng() % (FAN_MAX - 3), i, p;
		struct coverage cv;
		struct hw_raster_counts cnt = { 0 };

		for (i = 0; i < n; i++) {
			double ang = a0 + 6.283185307179586 * (i + 0.8 * rng_unit()) / n;
			double r = 6 + rng_unit() * 70;
			rim[i][0] = snap16(cx + r * cos(ang));
			rim[i][1] = snap16(cy + r * sin(ang));
		}
		coverage_init(&cv, FAN_W, FAN_H);
		memset(ref_count, 0, sizeof ref_count);
		memset(ref_owner, NO_TRIANGLE, sizeof ref_owner);
		for (i = 0; i < n; i++) {
			const double *q = rim[i], *r = rim[(i + 1) % n];
			bool flip = rng() & 1;

			tri[i][0][0] = cx;
			tri[i][0][1] = cy;
			tri[i][1][0] = flip ? r[0] : q[0];
			tri[i][1][1] = flip ? r[1] : q[1];
			tri[i][2][0] = flip ? q[0] : r[0];
			tri[i][2][1] = flip ? q[1] : r[1];
			cv.triangle = (unsigned char)i;
			draw(&cfg, &cv, &cnt,
			     vtx((float)tri[i][0][0], (float)tri[i][0][1]),
			     vtx((float)tri[i][1][0], (float)tri[i][1][1]),
			     vtx((float)tri[i][2][0], (float)tri[i][2][1]));
		}
		for (p = 0; p < FAN_W * FAN_H; p++) {
			double px = p % FAN_W + 0.5, py = p / FAN_W + 0.5;
			bool must = false;

			for (i = 0; i < n; i++) {
				if (ref_covers(tri[i], px, py)) {
					ref_count[p]++;
					ref_owner[p] = ref_owner[p] == NO_TRIANGLE
						       ? (unsigned char)i : MANY_TRIANGLES;
				}
				/* Inside the closed union, off its rim. */
				if (ref_closed(tri[i], px, py)
				    && !ref_on_segment(rim[i], rim[(i + 1) % n], px, py))
					must = true;
			}
			mismatches += cv.count[p] != ref_count[p] || cv.owner[p] != ref_owner[p];
			doubles += cv.count[p] > 1;
			holes += must && cv.count[p] != 1;
			covered += cv.count[p];
		}
		mismatches += cnt.fragments != cv.fragments;
		coverage_fini(&cv);
	}
	ck_assert_uint_eq(mismatches, 0);
	ck_assert_uint_eq(doubles, 0);
	ck_assert_uint_eq(holes, 0);
	ck_assert_uint_gt(covered, 100000);           /* the fans did cover something */
}
END_TEST

START_TEST(test_raster_scissor_keeps_a_quarter)
{
	struct hw_raster_config cfg = target(SCREEN_W, SCREEN_H);
	struct hw_raster_counts n = { 0 };
	struct coverage cv;

	scissor_box(&cfg, 120, 200, 240, 400);
	screen_quad_afresh(&cfg, &cv, &n);
	ck_assert_uint_eq(n.covered, 96000);
	ck_assert_uint_eq(n.scissored, 72000);
	ck_assert_uint_eq(n.fragments, 24000);
	ck_assert_uint_eq(cv.fragments, 24000);
	ck_assert_uint_eq(box_misses(&cv, 120, 200, SCREEN_W, SCREEN_H, 1, 0), 0);
	coverage_fini(&cv);

	/* The other corner, inclusive x0/y0, exclusive x1/y1. */
	scissor_box(&cfg, 0, 0, 120, 200);
	screen_quad_afresh(&cfg, &cv, &n);
	ck_assert_uint_eq(n.fragments, 24000);
	ck_assert_uint_eq(cv.count[0], 1);
	ck_assert_uint_eq(cv.count[199 * SCREEN_W + 119], 1);
	ck_assert_uint_eq(cv.count[200 * SCREEN_W + 119], 0);
	ck_assert_uint_eq(cv.count[199 * SCREEN_W + 120], 0);
	coverage_fini(&cv);
}
END_TEST

/* Scissor exclude mode (register 0x065 mode 1, fragment-pipeline.md
 * A.7): the pixels inside the box are discarded. A box of x 100..139, y
 * 150..249 holds 40 x 100 = 4000 of the full-screen quad's 96000 pixels:
 * 92000 kept, 4000 scissored, each outside pixel once. */
START_TEST(test_raster_scissor_exclude_discards_the_box)
{
	struct hw_raster_config cfg = target(SCREEN_W, SCREEN_H);
	struct hw_raster_counts n = { 0 };
	struct coverage cv;

	scissor_box(&cfg, 100, 150, 140, 250);
	cfg.scissor_exclude = true;
	screen_quad_afresh(&cfg, &cv, &n);
	ck_assert_uint_eq(n.covered, 96000);
	ck_assert_uint_eq(n.scissored, 4000);
	ck_assert_uint_eq(n.fragments, 92000);
	ck_assert_uint_eq(cv.fragments, 92000);
	ck_assert_uint_eq(box_misses(&cv, 100, 150, 140, 250, 0, 1), 0);
	coverage_fini(&cv);

	/* A box over the whole target keeps nothing; one past it, all. */
	scissor_box(&cfg, 0, 0, 1000, 1000);
	screen_quad_afresh(&cfg, &cv, &n);
	ck_assert_uint_eq(n.covered, 96000);
	ck_assert_uint_eq(n.scissored, 96000);
	ck_assert_uint_eq(cv.fragments, 0);
	coverage_fini(&cv);
	scissor_box(&cfg, 300, 0, 1000, 1000);
	screen_quad_afresh(&cfg, &cv, &n);
	ck_assert_uint_eq(n.scissored, 0);
	ck_assert_uint_eq(cv.fragments, 96000);
	coverage_fini(&cv);
}
END_TEST

/* For any triangle, exclude mode keeps exactly the pixels the include
 * mode drops: small boxes (the narrow walk) and large ones (spans), boxes
 * cutting every side. */
START_TEST(test_raster_scissor_exclude_is_the_complement_of_include)
{
	static const float tris[][6] = {
		{ 10.25f, 10.5f, 30.75f, 12.0f, 14.0f, 40.5f },       /* small */
		{ 2.0f, 3.0f, 5.5f, 60.0f, 1.0f, 90.0f },              /* narrow */
		{ 0.0f, 0.0f, 240.0f, 7.0f, 90.0f, 400.0f },           /* large */
		{ 120.5f, 390.0f, 60.0f, 180.0f, 230.0f, 210.25f },
	};
	static const unsigned boxes[][4] = {
		{ 12, 15, 20, 30 }, { 0, 50, 4, 70 }, { 50, 100, 200, 300 }, { 100, 190, 240, 400 },
	};
	unsigned t, b, p;

	for (t = 0; t < sizeof tris / sizeof tris[0]; t++)
		for (b = 0; b < sizeof boxes / sizeof boxes[0]; b++) {
			struct hw_raster_config cfg = target(SCREEN_W, SCREEN_H);
			struct hw_raster_counts all = { 0 }, in = { 0 }, out = { 0 };
			struct coverage ca, ci, co;
			struct hw_vertex v0 = vtx(tris[t][0], tris[t][1]);
			struct hw_vertex v1 = vtx(tris[t][2], tris[t][3]);
			struct hw_vertex v2 = vtx(tris[t][4], tris[t][5]);

			coverage_init(&ca, SCREEN_W, SCREEN_H);
			coverage_init(&ci, SCREEN_W, SCREEN_H);
			coverage_init(&co, SCREEN_W, SCREEN_H);
			draw(&cfg, &ca, &all, v0, v1, v2);
			scissor_box(&cfg, boxes[b][0], boxes[b][1], boxes[b][2], boxes[b][3]);
			draw(&cfg, &ci, &in, v0, v1, v2);
			cfg.scissor_exclude = true;
			draw(&cfg, &co, &out, v0, v1, v2);
			for (p = 0; p < SCREEN_W * SCREEN_H; p++)
				ck_assert_msg(co.count[p] == ca.count[p] - ci.count[p],
					      "triangle %u box %u pixel %u", t, b, p);
			ck_assert_uint_eq(out.covered, all.covered);
			ck_assert_uint_eq(out.fragments, all.fragments - in.fragments);
			ck_assert_uint_eq(out.scissored, in.fragments);
			ck_assert_uint_eq(co.fragments, out.fragments);
			coverage_fini(&ca);
			coverage_fini(&ci);
			coverage_fini(&co);
		}
}
END_TEST

START_TEST(test_raster_degenerate_and_offscreen_triangles_make_nothing)
{
	struct hw_raster_config cfg = target(SCREEN_W, SCREEN_H);
	struct hw_raster_counts n = { 0 };
	struct coverage cv;

	coverage_init(&cv, SCREEN_W, SCREEN_H);
	draw(&cfg, &cv, &n, vtx(0, 0), vtx(10, 10), vtx(20, 20));           /* collinear */
	draw(&cfg, &cv, &n, vtx(5, 5), vtx(5, 5), vtx(50, 9));              /* repeated vertex */
	draw(&cfg, &cv, &n, vtx(3, 3), vtx(3, 3), vtx(3, 3));               /* a point */
	draw(&cfg, &cv, &n, vtx(0.6f, 0.6f), vtx(0.9f, 0.6f), vtx(0.6f, 0.9f)); /* no centre */
	draw(&cfg, &cv, &n, vtx(-50, -50), vtx(-10, -50), vtx(-30, -10));   /* left, below */
	draw(&cfg, &cv, &n, vtx(300, 10), vtx(400, 10), vtx(350, 50));      /* right of it */
	draw(&cfg, &cv, &n, vtx(10, 420), vtx(90, 420), vtx(50, 500));      /* above it */
	draw(&cfg, &cv, &n, vtx(NAN, 0), vtx(10, 0), vtx(0, 10));           /* not finite */
	draw(&cfg, &cv, &n, vtx(-1e9f, 0), vtx(1e9f, 0), vtx(0, 1e9f));     /* beyond the grid */
	ck_assert_uint_eq(n.covered, 0);
	ck_assert_uint_eq(n.fragments, 0);
	ck_assert_uint_eq(cv.fragments, 0);
	coverage_fini(&cv);
}
END_TEST

START_TEST(test_raster_clips_to_the_target)
{
	struct hw_raster_config cfg = target(SCREEN_W, SCREEN_H);
	struct hw_raster_counts n = { 0 };
	struct coverage cv;
	unsigned i, bad = 0;

	coverage_init(&cv, SCREEN_W, SCREEN_H);
	draw(&cfg, &cv, &n, vtx(-300, -300), vtx(1000, -300), vtx(-300, 1500));
	for (i = 0; i < SCREEN_W * SCREEN_H; i++)
		bad += cv.count[i] != 1;
	ck_assert_uint_eq(bad, 0);
	ck_assert_uint_eq(n.covered, 96000);
	ck_assert_uint_eq(cv.fragments, 96000);
	coverage_fini(&cv);
}
END_TEST

/* The first 64 fragments of a full-screen triangle fill the framebuffer's
 * first tile: x 0..7, y 399..392 (memory rows 0..7), row by row. */
START_TEST(test_raster_walks_framebuffer_tiles_from_the_top)
{
	struct hw_raster_config cfg = target(SCREEN_W, SCREEN_H);
	struct hw_raster_counts n = { 0 };
	struct coverage cv;
	unsigned i, bad = 0;

	coverage_init(&cv, SCREEN_W, SCREEN_H);
	draw(&cfg, &cv, &n, vtx(0, 0), vtx(480, 0), vtx(0, 800));
	for (i = 0; i < 64; i++)
		bad += cv.first[i].x != i % 8 || cv.first[i].y != SCREEN_H - 1 - i / 8;
	ck_assert_uint_eq(bad, 0);
	coverage_fini(&cv);
}
END_TEST

/* a = (0,0) w=1, b = (8,0) w=4, c = (0,8) w=1; u = 0, 1, 0 and z = 0, 1, 0.
 * Pixel (3, 0), centre (3.5, 0.5): barycentrics a 0.5, b 0.4375, c 0.0625.
 * Depth is linear in window space: 0.4375. u is perspective-correct:
 * (0.4375 * 1/4) / (0.5 + 0.4375 / 4 + 0.0625) = 0.109375 / 0.671875. */
START_TEST(test_raster_interpolates_depth_linearly_and_varyings_with_perspective)
{
	struct hw_raster_config cfg = target(16, 16);
	struct hw_raster_counts n = { 0 };
	struct hw_vertex a = vtx(0, 0), b = vtx(8, 0), c = vtx(0, 8);
	struct coverage cv;
	const struct hw_fragment *f = NULL;
	unsigned i;

	b.pos[2] = 1;
	b.pos[3] = 0.25f;
	b.varying[HW_VARYING_TEXCOORD0][0] = 1;
	a.varying[HW_VARYING_COLOR][3] = c.varying[HW_VARYING_COLOR][3] = 1;
	b.varying[HW_VARYING_COLOR][3] = 1;
	coverage_init(&cv, 16, 16);
	hw_raster_triangle(&cfg, &c, &b, &a, &n, coverage_add, &cv);      /* clockwise */
	for (i = 0; i < 64 && i < cv.fragments; i++)
		if (cv.first[i].x == 3 && cv.first[i].y == 0)
			f = &cv.first[i];
	ck_assert_ptr_nonnull(f);
	ck_assert_float_eq_tol(f->z, 0.4375f, 1e-6f);
	ck_assert_double_eq_tol(f->varying[HW_VARYING_TEXCOORD0][0], 0.109375 / 0.671875, 1e-6);
	ck_assert(fabs(f->varying[HW_VARYING_TEXCOORD0][0] - 0.4375) > 0.2);   /* not linear */
	ck_assert_float_eq_tol(f->varying[HW_VARYING_COLOR][3], 1.0f, 1e-6f);   /* constant stays */
	coverage_fini(&cv);
}
END_TEST

/* A varying is (float)((k0.a + k1.b) + k2.c) in double, in that order: the
 * values are chosen so that either other order of the sum rounds to a
 * different float (checked here too), which the random triangles of the
 * reference walk below hardly ever do. */
START_TEST(test_raster_varying_sum_is_added_in_the_formula_order)
{
	/* At pixel (1, 1) of this triangle, with w = 1 everywhere, the
	 * weights are exactly 10/16, 3/16 and 3/16. */
	static const float val[3] = { 0x1.fae9aap+0f, -0x1.93bb34p+0f, 0x1.ce801p-52f };
	const double x = 10.0 / 16 * val[0], y = 3.0 / 16 * val[1], z = 3.0 / 16 * val[2];
	const float want = (float)((x + y) + z);
	struct hw_raster_config cfg = target(16, 16);
	struct hw_raster_counts n = { 0 };
	struct hw_vertex v[3] = { vtx(0, 0), vtx(8, 0), vtx(0, 8) };
	struct coverage cv;
	const struct hw_fragment *f = NULL;
	unsigned i, j, k;

	ck_assert(want != (float)(x + (y + z)));
	ck_assert(want != (float)((x + z) + y));
	for (k = 0; k < 3; k++)
		for (i = 0; i < HW_VARYING_COUNT; i++)
			for (j = 0; j < 4; j++)
				v[k].varying[i][j] = val[k];
	coverage_init(&cv, 16, 16);
	hw_raster_triangle(&cfg, &v[0], &v[1], &v[2], &n, coverage_add, &cv);
	for (i = 0; i < 64 && i < cv.fragments; i++)
		if (cv.first[i].x == 1 && cv.first[i].y == 1)
			f = &cv.first[i];
	ck_assert_ptr_nonnull(f);
	for (i = 0; i < HW_VARYING_COUNT; i++)
		for (j = 0; j < 4; j++)
			if (f->varying[i][j] != want)
				ck_abort_msg("varying %u.%u: %a, want %a", i, j,
					     (double)f->varying[i][j], (double)want);
	coverage_fini(&cv);
}
END_TEST

/* ---- the fast walk against a per-pixel reference ------------------------ */

/* The rule of hw_raster.h evaluated pixel by pixel, in the same order:
 * snapped vertices, the edge function of each edge at every centre of the
 * bounding box, the top-left tie rule, the same interpolation formulas. */
#define REF_ONE 256

/* A batch: its size and the counts when it was handed on. */
struct ref_batch {
	unsigned count;
	uint64_t covered, scissored, fragments;
};

struct ref_list {
	struct hw_fragment *f;
	unsigned n, cap;
	unsigned batches, bad_batches;
	unsigned covered, scissored;    /* ref_triangle's counts */
	/* the batches: those handed to ref_collect (with the counts it
	 * reads from `counts` then), or those ref_triangle expects */
	struct ref_batch *b;
	unsigned nb, capb;
	const struct hw_raster_counts *counts;
	unsigned height;                /* of the target: tiles by memory row */
};

static void ref_push_batch(struct ref_list *l, unsigned count, uint64_t covered,
			   uint64_t scissored, uint64_t fragments)
{
	if (l->nb == l->capb) {
		l->capb = l->capb ? 2 * l->capb : 64;
		l->b = realloc(l->b, l->capb * sizeof *l->b);
		ck_assert_ptr_nonnull(l->b);
	}
	l->b[l->nb].count = count;
	l->b[l->nb].covered = covered;
	l->b[l->nb].scissored = scissored;
	l->b[l->nb].fragments = fragments;
	l->nb++;
}

static void ref_free(struct ref_list *l)
{
	free(l->f);
	free(l->b);
}

static void ref_push(struct ref_list *l, const struct hw_fragment *f)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 1024;
		l->f = realloc(l->f, l->cap * sizeof *l->f);
		ck_assert_ptr_nonnull(l->f);
	}
	l->f[l->n++] = *f;
}

static void ref_collect(void *user, const struct hw_fragment *f, unsigned count)
{
	struct ref_list *l = user;
	unsigned i;

	l->batches++;
	if (l->counts)
		ref_push_batch(l, count, l->counts->covered, l->counts->scissored,
			       l->counts->fragments);
	/* A batch is 1..64 fragments at distinct pixels, made of whole tile
	 * parts: a tile never continues from the last batch (the walk visits
	 * each tile once, so it would have been split). */
	if (count == 0 || count > HW_RASTER_BATCH)
		l->bad_batches++;
	if (count && l->n && f[0].x / 8 == l->f[l->n - 1].x / 8
	    && (l->height - 1 - f[0].y) / 8 == (l->height - 1 - l->f[l->n - 1].y) / 8)
		l->bad_batches++;
	for (i = 0; i < count; i++) {
		unsigned j;

		for (j = 0; j < i; j++)
			if (f[j].x == f[i].x && f[j].y == f[i].y)
				l->bad_batches++;
		ref_push(l, &f[i]);
	}
}

static int64_t ref_snap(float v)
{
	return (int64_t)floor((double)v * REF_ONE + 0.5);
}

static void ref_triangle(const struct hw_raster_config *cfg, const struct hw_vertex *in[3],
			 struct ref_list *out)
{
	const struct hw_vertex *v[3] = { in[0], in[1], in[2] };
	int64_t p[3][2], area, e[3][4];
	long x, y, r, xmin = 1 << 30, xmax = -(1 << 30), ymin = 1 << 30, ymax = -(1 << 30);
	long rtop, rbottom;
	unsigned in_batch = 0;
	int n, k;

	for (n = 0; n < 3; n++)
		for (k = 0; k < 2; k++)
			p[n][k] = ref_snap(v[n]->pos[k]);
	area = (p[1][0] - p[0][0]) * (p[2][1] - p[0][1]) - (p[2][0] - p[0][0]) * (p[1][1] - p[0][1]);
	if (area == 0)
		return;
	if (area < 0) {
		const struct hw_vertex *sv = v[1];
		int64_t sp[2] = { p[1][0], p[1][1] };

		v[1] = v[2];
		v[2] = sv;
		p[1][0] = p[2][0];
		p[1][1] = p[2][1];
		p[2][0] = sp[0];
		p[2][1] = sp[1];
		area = -area;
	}
	for (n = 0; n < 3; n++) {
		const int64_t *a = p[(n + 1) % 3], *b = p[(n + 2) % 3];

		e[n][0] = b[0] - a[0];
		e[n][1] = b[1] - a[1];
		e[n][2] = a[0];
		e[n][3] = a[1];
	}
	/* the bounding box: the pixels whose centres lie between the
	 * vertices' least and greatest coordinates, inside the target */
	for (n = 0; n < 3; n++) {
		long lo = (long)ceil(((double)p[n][0] - REF_ONE / 2) / REF_ONE);
		long hi = (long)floor(((double)p[n][0] - REF_ONE / 2) / REF_ONE);
		xmin = lo < xmin ? lo : xmin;
		xmax = hi > xmax ? hi : xmax;
		lo = (long)ceil(((double)p[n][1] - REF_ONE / 2) / REF_ONE);
		hi = (long)floor(((double)p[n][1] - REF_ONE / 2) / REF_ONE);
		ymin = lo < ymin ? lo : ymin;
		ymax = hi > ymax ? hi : ymax;
	}
	xmin = xmin < 0 ? 0 : xmin;
	ymin = ymin < 0 ? 0 : ymin;
	xmax = xmax > (long)cfg->width - 1 ? (long)cfg->width - 1 : xmax;
	ymax = ymax > (long)cfg->height - 1 ? (long)cfg->height - 1 : ymax;
	if (xmin > xmax || ymin > ymax)
		return;
	/* tiles in memory order (memory row height - 1 - y), rows from the
	 * top, left to right; a batch is handed on before a tile's part of
	 * the box when that part might not fit in it (its pixels and the
	 * batch's fragments are more than 64), and at the end */
	rtop = (long)cfg->height - 1 - ymax;
	rbottom = (long)cfg->height - 1 - ymin;
	for (r = rtop - rtop % 8; r <= rbottom; r += 8) {
		long tx;

		for (tx = xmin - xmin % 8; tx <= xmax; tx += 8) {
			long rr, ra = r > rtop ? r : rtop, rb = r + 7 < rbottom ? r + 7 : rbottom;
			long xa = tx > xmin ? tx : xmin, xb = tx + 7 < xmax ? tx + 7 : xmax;

			if (in_batch + (unsigned)((xb - xa + 1) * (rb - ra + 1)) > HW_RASTER_BATCH) {
				if (in_batch)
					ref_push_batch(out, in_batch, out->covered, out->scissored,
						       out->covered - out->scissored);
				in_batch = 0;
			}
			for (rr = ra; rr <= rb; rr++) {
				y = (long)cfg->height - 1 - rr;
				for (x = xa; x <= xb; x++) {
					int64_t cx = (int64_t)x * REF_ONE + REF_ONE / 2;
					int64_t cy = (int64_t)y * REF_ONE + REF_ONE / 2, w[3];
					double l[3], kk[3], q = 0, z = 0;
					struct hw_fragment f;
					int i, j;
					bool inside = true;

					for (n = 0; n < 3 && inside; n++) {
						bool owns = e[n][1] < 0 || (e[n][1] == 0 && e[n][0] < 0);
						w[n] = e[n][0] * (cy - e[n][3]) - e[n][1] * (cx - e[n][2]);
						inside = w[n] > 0 || (w[n] == 0 && owns);
					}
					if (!inside)
						continue;
					out->covered++;
					if (cfg->scissor && ((unsigned)x < cfg->scissor_x0
							     || (unsigned)x >= cfg->scissor_x1
							     || (unsigned)y < cfg->scissor_y0
							     || (unsigned)y >= cfg->scissor_y1)) {
						out->scissored++;
						continue;
					}
					f.x = (unsigned)x;
					f.y = (unsigned)y;
					for (n = 0; n < 3; n++) {
						l[n] = (double)w[n] / (double)area;
						z += l[n] * v[n]->pos[2];
						q += l[n] * v[n]->pos[3];
					}
					for (n = 0; n < 3; n++)
						kk[n] = q > 0 && isfinite(q) ? l[n] * v[n]->pos[3] / q : l[n];
					f.z = (float)z;
					for (i = 0; i < HW_VARYING_COUNT; i++)
						for (j = 0; j < 4; j++)
							f.varying[i][j] = (cfg->unused_varyings >> i) & 1u ? 0.0f
								: (float)(kk[0] * v[0]->varying[i][j]
									  + kk[1] * v[1]->varying[i][j]
									  + kk[2] * v[2]->varying[i][j]);
					ref_push(out, &f);
					in_batch++;
				}
			}
		}
	}
	if (in_batch)
		ref_push_batch(out, in_batch, out->covered, out->scissored,
			       out->covered - out->scissored);
}

/* The rasterizer's fragments, counts and batches (with the counts when
 * each was handed on) against the reference's; the counting-only walk's
 * counts too. */
static void ref_compare(const struct hw_raster_config *cfg, const struct hw_vertex v[3],
			const char *what, unsigned round)
{
	const struct hw_vertex *pv[3] = { &v[0], &v[1], &v[2] };
	struct ref_list want, got;
	struct hw_raster_counts counts, counting;
	unsigned i;

	memset(&want, 0, sizeof want);
	memset(&got, 0, sizeof got);
	memset(&counts, 0, sizeof counts);
	got.counts = &counts;
	got.height = cfg->height;
	ref_triangle(cfg, pv, &want);
	hw_raster_triangle_batch(cfg, &v[0], &v[1], &v[2], &counts, ref_collect, &got);
	if (got.bad_batches)
		ck_abort_msg("%s %u: %u bad batches", what, round, got.bad_batches);
	if (got.n != want.n)
		ck_abort_msg("%s %u: %u fragments, the reference %u", what, round, got.n, want.n);
	if (counts.fragments != want.n || counts.covered != want.covered
	    || counts.scissored != want.scissored)
		ck_abort_msg("%s %u: counts %u %u %u, the reference %u %u %u", what, round,
			     (unsigned)counts.covered, (unsigned)counts.scissored,
			     (unsigned)counts.fragments, want.covered, want.scissored, want.n);
	memset(&counting, 0, sizeof counting);
	hw_raster_triangle_batch(cfg, &v[0], &v[1], &v[2], &counting, NULL, NULL);
	if (counting.covered != want.covered || counting.scissored != want.scissored
	    || counting.fragments != want.n)
		ck_abort_msg("%s %u: counting only, counts %u %u %u, the reference %u %u %u",
			     what, round, (unsigned)counting.covered,
			     (unsigned)counting.scissored, (unsigned)counting.fragments,
			     want.covered, want.scissored, want.n);
	for (i = 0; i < want.n; i++)
		if (memcmp(&got.f[i], &want.f[i], sizeof want.f[i]) != 0)
			ck_abort_msg("%s %u: fragment %u differs: (%u, %u) z %a, the "
				     "reference (%u, %u) z %a", what, round, i, got.f[i].x,
				     got.f[i].y, (double)got.f[i].z, want.f[i].x, want.f[i].y,
				     (double)want.f[i].z);
	if (got.nb != want.nb)
		ck_abort_msg("%s %u: %u batches, the reference %u", what, round, got.nb, want.nb);
	for (i = 0; i < want.nb; i++)
		if (got.b[i].count != want.b[i].count || got.b[i].covered != want.b[i].covered
		    || got.b[i].scissored != want.b[i].scissored
		    || got.b[i].fragments != want.b[i].fragments)
			ck_abort_msg("%s %u: batch %u: %u fragments, counts %u %u %u; the "
				     "reference %u, %u %u %u", what, round, i, got.b[i].count,
				     (unsigned)got.b[i].covered, (unsigned)got.b[i].scissored,
				     (unsigned)got.b[i].fragments, want.b[i].count,
				     (unsigned)want.b[i].covered, (unsigned)want.b[i].scissored,
				     (unsigned)want.b[i].fragments);
	ref_free(&want);
	ref_free(&got);
}

static uint32_t ref_xorshift(uint32_t *seed)
{
	*seed ^= *seed << 13;
	*seed ^= *seed >> 17;
	*seed ^= *seed << 5;
	return *seed;
}

/* A coordinate in -20..(size + 20), often on the sub-pixel grid's pixel
 * centres and edges, so that ties happen. */
static float ref_coord(uint32_t *seed, unsigned size)
{
	uint32_t r = ref_xorshift(seed);
	float v = (float)(r >> 8 & 0xFFFF) / 65535.0f * (float)(size + 40) - 20.0f;

	switch (r % 4) {
	case 0:
		return floorf(v) + 0.5f;
	case 1:
		return floorf(v);
	default:
		return v;
	}
}

START_TEST(test_raster_tile_walk_matches_per_pixel_reference)
{
	uint32_t seed = 0xC0FFEE11u;
	unsigned round;

	hw_simd_set_avx2(_i == 0);      /* the AVX2 copies (where they run), then the baseline */
	for (round = 0; round < 1500; round++) {
		struct hw_raster_config cfg = target(8u * (1 + ref_xorshift(&seed) % 12),
						     8u * (1 + ref_xorshift(&seed) % 12));
		struct hw_vertex v[3];
		unsigned n, i, j;

		if (round % 5 == 0) {
			cfg.scissor = true;
			cfg.scissor_x0 = ref_xorshift(&seed) % cfg.width;
			cfg.scissor_y0 = ref_xorshift(&seed) % cfg.height;
			cfg.scissor_x1 = cfg.scissor_x0 + ref_xorshift(&seed) % cfg.width;
			cfg.scissor_y1 = cfg.scissor_y0 + ref_xorshift(&seed) % cfg.height;
		}
		/* some varyings left out, or every one (depth only) */
		cfg.unused_varyings = round % 3 == 0 ? ref_xorshift(&seed) & 0x3Fu : 0;
		if (round % 6 == 1)
			cfg.unused_varyings = round % 4 == 1 ? 0x3Fu : ~0u;
		for (n = 0; n < 3; n++) {
			v[n] = vtx(ref_coord(&seed, cfg.width), ref_coord(&seed, cfg.height));
			v[n].pos[2] = (float)(ref_xorshift(&seed) % 1000) / 999.0f;
			v[n].pos[3] = 0.25f + (float)(ref_xorshift(&seed) % 1000) / 250.0f;
			/* 1/w of both signs (and 0): the 1/w sum is not positive at
			 * some fragments, which fall back to linear weights, next
			 * to ones that do not (the walk interpolates two at once) */
			if (round % 7 == 3)
				v[n].pos[3] = (float)(ref_xorshift(&seed) % 9) / 2.0f - 2.0f;
			for (i = 0; i < HW_VARYING_COUNT; i++)
				for (j = 0; j < 4; j++)
					v[n].varying[i][j] = (float)(ref_xorshift(&seed) % 2001) / 1000.0f - 1.0f;
		}
		ref_compare(&cfg, v, "round", round);
	}
}
END_TEST

/* A value in [0, 1). */
static float ref_unit(uint32_t *seed)
{
	return (float)(ref_xorshift(seed) >> 8) / 16777216.0f;
}

/* v on a random grid: as it is, half pixels (centres and pixel edges,
 * where ties are), the sub-pixel grid, or sixteenths. */
static float ref_grid(uint32_t *seed, float v)
{
	switch (ref_xorshift(seed) % 4) {
	case 1:
		return floorf(v * 2.0f + 0.5f) / 2.0f;
	case 2:
		return floorf(v * 256.0f + 0.5f) / 256.0f;
	case 3:
		return floorf(v * 16.0f + 0.5f) / 16.0f;
	default:
		return v;
	}
}

/* Depth, 1/w and varyings of a random vertex at (x, y). */
static struct hw_vertex ref_vertex(uint32_t *seed, float x, float y, bool any_w)
{
	struct hw_vertex v = vtx(ref_grid(seed, x), ref_grid(seed, y));
	unsigned i, j;

	v.pos[2] = (float)(ref_xorshift(seed) % 1000) / 999.0f;
	v.pos[3] = any_w ? (float)(ref_xorshift(seed) % 9) / 2.0f - 2.0f
			 : 0.25f + (float)(ref_xorshift(seed) % 1000) / 250.0f;
	for (i = 0; i < HW_VARYING_COUNT; i++)
		for (j = 0; j < 4; j++)
			v.varying[i][j] = (float)(ref_xorshift(seed) % 2001) / 1000.0f - 1.0f;
	return v;
}

/* A batch buffer kept across triangles (hw_raster_triangle_batch_in)
 * gives the same fragments, bit for bit, and the same batches as a fresh
 * one: over a run of triangles whose set of varyings left out changes now
 * and then (a slot once written in a varying that is left out later must
 * read 0 again). */
START_TEST(test_raster_kept_buffer_gives_the_same_fragments)
{
	static const uint32_t sets[] = { 0, 0x3Eu, 0x3Fu, 0x15u, 0x2Au };
	struct hw_raster_buffer *buf = calloc(1, sizeof *buf);
	uint32_t seed = 0xB0FFE55Eu;
	unsigned round, k;

	ck_assert_ptr_nonnull(buf);
	hw_simd_set_avx2(_i == 0);      /* the AVX2 copies (where they run), then the baseline */
	for (round = 0; round < 3000; round++) {
		struct hw_raster_config cfg = target(64, 48);
		struct hw_vertex v[3];
		struct hw_raster_counts ca, cb;
		struct ref_list kept, fresh;

		cfg.unused_varyings = sets[round / 7 % (sizeof sets / sizeof sets[0])];
		for (k = 0; k < 3; k++)
			v[k] = ref_vertex(&seed, ref_coord(&seed, 64), ref_coord(&seed, 48), false);
		memset(&ca, 0, sizeof ca);
		memset(&cb, 0, sizeof cb);
		memset(&kept, 0, sizeof kept);
		memset(&fresh, 0, sizeof fresh);
		hw_raster_triangle_batch_in(&cfg, &v[0], &v[1], &v[2], &ca, ref_collect, &kept, buf);
		hw_raster_triangle_batch(&cfg, &v[0], &v[1], &v[2], &cb, ref_collect, &fresh);
		ck_assert_uint_eq(kept.n, fresh.n);
		ck_assert_uint_eq(kept.batches, fresh.batches);
		ck_assert(memcmp(&ca, &cb, sizeof ca) == 0);
		if (kept.n && memcmp(kept.f, fresh.f, kept.n * sizeof *kept.f) != 0)
			ck_abort_msg("round %u: a fragment differs with the kept buffer", round);
		ref_free(&kept);
		ref_free(&fresh);
	}
	free(buf);
}
END_TEST

/* A holding buffer (hw_raster_buffer.hold) over runs of triangles hands
 * on the fragments that one batch a triangle would, bit for bit and in
 * the same order, in batches of up to 64 of several triangles (the last
 * at hw_raster_hand_on), so fewer of them. The counts after each triangle
 * are the same. With and without varyings (interpolated a triangle at a
 * time), and with a set of varyings that changes while fragments are held
 * (they go on first, with their varyings; the next triangle's left-out
 * ones read 0 in the slots they leave). */
/* ref_collect for batches of several triangles: 1..64 fragments each (two
 * triangles may share a pixel or a tile); bad_batches counts the others. */
static void held_collect(void *user, const struct hw_fragment *f, unsigned count)
{
	struct ref_list *l = user;
	unsigned i;

	l->batches++;
	if (count == 0 || count > HW_RASTER_BATCH)
		l->bad_batches++;
	for (i = 0; i < count; i++)
		ref_push(l, &f[i]);
}

START_TEST(test_raster_holding_buffer_gives_the_same_fragments_in_fuller_batches)
{
	struct hw_raster_buffer *buf = calloc(1, sizeof *buf);
	uint32_t seed = 0x40D1A5EEu;
	struct ref_list held, fresh;
	unsigned run, k, tri, held_batches = 0, fresh_batches = 0;

	ck_assert_ptr_nonnull(buf);
	hw_simd_set_avx2(_i == 0);      /* the AVX2 copies (where they run), then the baseline */
	for (run = 0; run < 60; run++) {
		struct hw_raster_config cfg = target(64, 48);
		struct hw_raster_counts ca, cb;

		cfg.unused_varyings = run % 3 == 0 ? ~0u : run % 3 == 1 ? 0x2Au : 0;
		memset(&ca, 0, sizeof ca);
		memset(&cb, 0, sizeof cb);
		memset(&held, 0, sizeof held);
		memset(&fresh, 0, sizeof fresh);
		buf->hold = true;
		for (tri = 0; tri < 40; tri++) {
			struct hw_vertex v[3];
			/* every fourth run, another set of varyings now and then
			 * while fragments are held */
			if (run % 4 == 3 && tri % 7 == 6)
				cfg.unused_varyings = tri % 2 ? 0x15u : 0x3Cu;
			/* mostly small triangles (several to a batch), now and
			 * then a large one (several batches) */
			float size = tri % 9 == 4 ? 40.0f : 6.0f;
			float x = ref_coord(&seed, 64), y = ref_coord(&seed, 48);

			for (k = 0; k < 3; k++)
				v[k] = ref_vertex(&seed, x + ref_unit(&seed) * size,
						  y + ref_unit(&seed) * size, false);
			hw_raster_triangle_batch_in(&cfg, &v[0], &v[1], &v[2], &ca, held_collect,
						    &held, buf);
			hw_raster_triangle_batch(&cfg, &v[0], &v[1], &v[2], &cb, ref_collect,
						 &fresh);
			ck_assert(memcmp(&ca, &cb, sizeof ca) == 0);
			ck_assert_uint_le(buf->held, HW_RASTER_BATCH);
		}
		hw_raster_hand_on(buf, held_collect, &held);
		ck_assert_uint_eq(buf->held, 0);
		hw_raster_hand_on(buf, held_collect, &held);    /* nothing held: nothing */
		ck_assert_uint_eq(held.n, fresh.n);
		ck_assert_uint_eq(held.bad_batches, 0);
		for (k = 0; k < held.n; k++)
			if (memcmp(&held.f[k], &fresh.f[k], sizeof held.f[k]) != 0)
				ck_abort_msg("run %u: held fragment %u of %u (%u, %u) differs", run,
					     k, held.n, fresh.f[k].x, fresh.f[k].y);
		ck_assert_uint_le(held.batches, fresh.batches);
		held_batches += held.batches;
		fresh_batches += fresh.batches;
		ref_free(&held);
		ref_free(&fresh);
	}
	/* fuller batches: mostly small triangles, several to a batch */
	ck_assert_uint_lt(2 * held_batches, fresh_batches);
	free(buf);
}
END_TEST

/* A draw that reads no depth (hw_raster_config.depth_unused) gets the
 * same fragments, batches and counts, with depth 0 where no varying is
 * used (nothing is interpolated then) and the interpolated depth where
 * one is: small and large triangles, the scissor on and off, through a
 * fresh buffer and a kept one that changes between the two from triangle
 * to triangle (a slot another triangle left depth in reads 0 again). */
START_TEST(test_raster_unused_depth_reads_0_and_changes_nothing_else)
{
	static const uint32_t sets[] = { ~0u, 0x3Fu, 0x2Au, 0 };
	struct hw_raster_buffer *buf = calloc(1, sizeof *buf);
	uint32_t seed = 0xDE9740F0u;
	unsigned round, k, zeros = 0, depths = 0;

	ck_assert_ptr_nonnull(buf);
	hw_simd_set_avx2(_i == 0);      /* the AVX2 copies (where they run), then the baseline */
	for (round = 0; round < 2000; round++) {
		struct hw_raster_config with = target(64, 48), without;
		struct hw_vertex v[3];
		struct hw_raster_counts ca, cb, cc;
		struct ref_list used, unused, kept;
		float size = round % 5 == 2 ? 60.0f : 6.0f;
		float x = ref_coord(&seed, 64), y = ref_coord(&seed, 48);
		bool none;

		with.unused_varyings = sets[round / 3 % (sizeof sets / sizeof sets[0])];
		none = (with.unused_varyings & 0x3Fu) == 0x3Fu;
		if (round % 4 == 1) {
			scissor_box(&with, 5, 3, 50, 40);
		}
		without = with;
		without.depth_unused = true;
		for (k = 0; k < 3; k++)
			v[k] = ref_vertex(&seed, x + ref_unit(&seed) * size, y + ref_unit(&seed) * size,
					  false);
		memset(&ca, 0, sizeof ca);
		memset(&cb, 0, sizeof cb);
		memset(&cc, 0, sizeof cc);
		memset(&used, 0, sizeof used);
		memset(&unused, 0, sizeof unused);
		memset(&kept, 0, sizeof kept);
		/* the kept buffer: a triangle with depth first, now and then */
		if (round % 2)
			hw_raster_triangle_batch_in(&with, &v[1], &v[2], &v[0], &cc, ref_collect,
						    &kept, buf);
		ref_free(&kept);
		memset(&kept, 0, sizeof kept);
		memset(&cc, 0, sizeof cc);
		hw_raster_triangle_batch(&with, &v[0], &v[1], &v[2], &ca, ref_collect, &used);
		hw_raster_triangle_batch(&without, &v[0], &v[1], &v[2], &cb, ref_collect, &unused);
		hw_raster_triangle_batch_in(&without, &v[0], &v[1], &v[2], &cc, ref_collect, &kept,
					    buf);
		ck_assert(memcmp(&ca, &cb, sizeof ca) == 0);
		ck_assert(memcmp(&ca, &cc, sizeof ca) == 0);
		ck_assert_uint_eq(used.n, unused.n);
		ck_assert_uint_eq(used.n, kept.n);
		ck_assert_uint_eq(used.batches, unused.batches);
		for (k = 0; k < used.n; k++) {
			struct hw_fragment expect = used.f[k];

			if (none) {
				expect.z = 0;
				zeros += used.f[k].z != 0;
			} else {
				depths++;
			}
			if (memcmp(&expect, &unused.f[k], sizeof expect) != 0
			    || memcmp(&expect, &kept.f[k], sizeof expect) != 0)
				ck_abort_msg("round %u: fragment %u of %u (%u, %u) differs", round, k,
					     used.n, used.f[k].x, used.f[k].y);
		}
		ref_free(&used);
		ref_free(&unused);
		ref_free(&kept);
	}
	/* both cases came up: depth 0 where it was not, and depth kept */
	ck_assert_uint_gt(zeros, 1000);
	ck_assert_uint_gt(depths, 1000);
	free(buf);
}
END_TEST

/* Small, thin and degenerate triangles, as a mesh of small quads makes
 * them, partly off the target, with ties on the edges they share, and
 * large ones of which a narrow part lies on the target: the walk against
 * the reference, fragment by fragment, with the batches and the counts. */
START_TEST(test_raster_small_and_thin_triangles_match_per_pixel_reference)
{
	uint32_t seed = 0x5EED7A11u;
	unsigned round;

	hw_simd_set_avx2(_i == 0);      /* the AVX2 copies (where they run), then the baseline */
	for (round = 0; round < 2000; round++) {
		/* sizes of whole tiles, and others */
		unsigned w = 8u * (1 + ref_xorshift(&seed) % 8), h = 8u * (1 + ref_xorshift(&seed) % 8);
		struct hw_raster_config cfg;
		struct hw_vertex v[4], t[3];
		float ax, ay, bx, by, dx, dy, len;
		bool any_w = round % 11 == 5;
		unsigned shape = round % 8, variant = ref_xorshift(&seed), n;

		if (round % 5 == 2) {
			w -= ref_xorshift(&seed) % 8;
			h -= ref_xorshift(&seed) % 8;
		}
		cfg = target(w, h);
		if (round % 3 == 1) {
			cfg.scissor = true;
			cfg.scissor_x0 = ref_xorshift(&seed) % (w + 2);
			cfg.scissor_y0 = ref_xorshift(&seed) % (h + 2);
			cfg.scissor_x1 = ref_xorshift(&seed) % (w + 4);
			cfg.scissor_y1 = ref_xorshift(&seed) % (h + 4);
			if (round % 2)
				cfg.scissor_x1 += cfg.scissor_x0;
			if (round % 4 < 2)
				cfg.scissor_y1 += cfg.scissor_y0;
		}
		switch (ref_xorshift(&seed) % 4) {
		case 0:
			cfg.unused_varyings = ~0u;          /* depth only */
			break;
		case 1:
			cfg.unused_varyings = ref_xorshift(&seed) & 0x3Fu;
			break;
		default:
			cfg.unused_varyings = 0;
		}
		/* an anchor in and around the target */
		ax = ref_unit(&seed) * (float)(w + 12) - 6.0f;
		ay = ref_unit(&seed) * (float)(h + 12) - 6.0f;
		switch (shape) {
		case 0:         /* small: within a few pixels */
		case 1:
			len = shape ? 12.0f : 3.0f;
			v[0] = ref_vertex(&seed, ax, ay, any_w);
			v[1] = ref_vertex(&seed, ax + (ref_unit(&seed) - 0.5f) * len,
					  ay + (ref_unit(&seed) - 0.5f) * len, any_w);
			v[2] = ref_vertex(&seed, ax + (ref_unit(&seed) - 0.5f) * len,
					  ay + (ref_unit(&seed) - 0.5f) * len, any_w);
			break;
		case 2:         /* thin: a long edge, the third vertex near it */
			bx = ref_unit(&seed) * (float)(w + 12) - 6.0f;
			by = ref_unit(&seed) * (float)(h + 12) - 6.0f;
			if (variant % 4 == 0)
				bx = ax;                    /* upright */
			else if (variant % 4 == 1)
				by = ay;                    /* level */
			dx = bx - ax;
			dy = by - ay;
			len = ref_unit(&seed);
			v[0] = ref_vertex(&seed, ax, ay, any_w);
			v[1] = ref_vertex(&seed, bx, by, any_w);
			v[2] = ref_vertex(&seed, ax + len * dx + (ref_unit(&seed) - 0.5f) * 3.0f,
					  ay + len * dy + (ref_unit(&seed) - 0.5f) * 3.0f, any_w);
			break;
		case 3:         /* degenerate: on a line, a repeated vertex */
			dx = (float)(ref_xorshift(&seed) % 9) - 4.0f;
			dy = (float)(ref_xorshift(&seed) % 9) - 4.0f;
			v[0] = ref_vertex(&seed, ax, ay, any_w);
			v[1] = v[0];
			v[1].pos[0] += dx;
			v[1].pos[1] += dy;
			v[2] = v[0];
			if (variant % 2) {
				v[2].pos[0] += 2.5f * dx;
				v[2].pos[1] += 2.5f * dy;
			}
			break;
		case 7:         /* far vertex, a narrow part on the target */
			len = 2000.0f + ref_unit(&seed) * 13000.0f;
			dx = 0.5f + ref_unit(&seed) * 20.0f;
			ax = ref_unit(&seed) * 12.0f - 2.0f;
			if (variant % 3)
				ax = (float)w - ax;
			if (variant % 2) {
				/* far to the left or right, the near edge upright */
				bx = ax < 8.0f ? -len : (float)w + len;
				v[0] = ref_vertex(&seed, bx, ay + (ref_unit(&seed) - 0.5f) * 40.0f,
						  any_w);
				v[1] = ref_vertex(&seed, ax, ay + dx, any_w);
				v[2] = ref_vertex(&seed, ax + (ref_unit(&seed) - 0.5f) * 2.0f,
						  ay - dx, any_w);
			} else {
				/* far above or below, the triangle nearly upright */
				by = variant % 4 == 0 ? -len : (float)h + len;
				v[0] = ref_vertex(&seed, ax + (ref_unit(&seed) - 0.5f) * 6.0f, by,
						  any_w);
				v[1] = ref_vertex(&seed, ax - dx / 4.0f, ay, any_w);
				v[2] = ref_vertex(&seed, ax + dx / 4.0f,
						  ay + (ref_unit(&seed) - 0.5f) * 4.0f, any_w);
			}
			break;
		default:        /* a quad of a mesh, both of its triangles */
			dx = 0.25f + ref_unit(&seed) * (shape == 6 ? 40.0f : 4.0f);
			dy = 0.25f + ref_unit(&seed) * (shape == 5 ? 40.0f : 10.0f);
			v[0] = ref_vertex(&seed, ax, ay, any_w);
			v[1] = ref_vertex(&seed, ax + dx, ay, any_w);
			v[2] = ref_vertex(&seed, ax, ay + dy, any_w);
			v[3] = ref_vertex(&seed, ax + dx, ay + dy, any_w);
			if (variant % 2) {
				/* sheared: no edge along an axis */
				v[2].pos[0] += (ref_unit(&seed) - 0.5f) * 6.0f;
				v[3].pos[0] += (ref_unit(&seed) - 0.5f) * 6.0f;
			}
			t[0] = v[1];
			t[1] = v[3];
			t[2] = v[2];
			if (variant % 3 == 0) {             /* the other winding */
				t[1] = v[2];
				t[2] = v[3];
			}
			ref_compare(&cfg, t, "quad", round);
			break;
		}
		/* either winding, any first vertex */
		n = ref_xorshift(&seed) % 3;
		t[0] = v[n];
		t[1] = v[(n + 1) % 3];
		t[2] = v[(n + 2) % 3];
		if (ref_xorshift(&seed) % 2) {
			t[1] = v[(n + 2) % 3];
			t[2] = v[(n + 1) % 3];
		}
		ref_compare(&cfg, t, "triangle", round);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("raster");
	TCase *tc = tcase_create("coverage");

	tcase_add_test(tc, test_raster_fullscreen_quad_covers_each_pixel_once);
	tcase_add_test(tc, test_raster_fill_rule_owns_left_and_top_edges);
	tcase_add_test(tc, test_raster_fans_cover_each_pixel_at_most_once_without_holes);
	tcase_add_test(tc, test_raster_scissor_keeps_a_quarter);
	tcase_add_test(tc, test_raster_scissor_exclude_discards_the_box);
	tcase_add_test(tc, test_raster_scissor_exclude_is_the_complement_of_include);
	tcase_add_test(tc, test_raster_degenerate_and_offscreen_triangles_make_nothing);
	tcase_add_test(tc, test_raster_clips_to_the_target);
	tcase_add_test(tc, test_raster_walks_framebuffer_tiles_from_the_top);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);

	tc = tcase_create("interpolation");
	tcase_add_test(tc, test_raster_interpolates_depth_linearly_and_varyings_with_perspective);
	tcase_add_test(tc, test_raster_varying_sum_is_added_in_the_formula_order);
	suite_add_tcase(s, tc);

	tc = tcase_create("walk");
	tcase_add_loop_test(tc, test_raster_tile_walk_matches_per_pixel_reference, 0, 2);
	tcase_add_loop_test(tc, test_raster_small_and_thin_triangles_match_per_pixel_reference, 0, 2);
	tcase_add_loop_test(tc, test_raster_kept_buffer_gives_the_same_fragments, 0, 2);
	tcase_add_loop_test(tc, test_raster_unused_depth_reads_0_and_changes_nothing_else, 0, 2);
	tcase_add_loop_test(tc, test_raster_holding_buffer_gives_the_same_fragments_in_fuller_batches,
			    0, 2);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
