/* check_fragment.c: the per-fragment operation module (hw/hw_fragment.c)
 * over real tiled buffers in simulated memory, fed by the rasterizer: the
 * FRAGMENT counter, the tests, the bytes they store and the framebuffer
 * traffic (MEMORY_ACCESS words 6-9 and 0-3).
 *
 * Where the numbers come from: a 240x400 target has 96000 pixels; a buffer
 * of b-byte pixels has 96000 * b / 16 16-byte lines (24000 for RGBA8 and
 * D24S8). The rasterizer hands a tile's fragments over together, so one
 * triangle touches each line of a tile once, and a line costs one fill (a
 * read, when the pixel is read) and one write-back (when it is written).
 * Full-screen draws therefore use a "seamless quad" whose shared diagonal
 * runs outside the target: one triangle covers every pixel, the other none.
 * A diagonal through the target adds its split lines, see
 * test_fragment_quad_diagonal_writes_split_lines_twice. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hw/hw_fragment.h"
#include "hw/hw_raster.h"
#include "hw/hw_regs.h"
#include "hw/hw_simd.h"
#include "test_util.h"

#define W 240
#define H 400
#define PIXELS (W * H)

/* The test's own idea of the layout: tiles from the top row of the image. */
static size_t ref_offset(unsigned x, unsigned y, unsigned bpp)
{
	unsigned r = H - 1 - y;

	return ((size_t)(r / 8) * (W / 8) + x / 8) * 64 * bpp + (size_t)tu_tile_z[r % 8][x % 8] * bpp;
}

struct fx {
	struct hw_memory mem;
	struct hw_fragment_state st;
	struct hw_fragment_config cfg;
	struct hw_raster_config raster;
	struct hw_counters delta;
	struct hw_fragment_counts counts;
	struct hw_raster_counts rcounts;
	uint8_t rgba[4];
	bool alpha_from_x;              /* alpha = x * 255 / 239 instead */
	bool prepared;                  /* through hw_fragment_process_target */
	bool batched;                   /* through hw_fragment_process_batch */
	bool skip_some;                 /* drop fragments with (x + y) % 7 == 0 */
	struct hw_fragment_target target;
	unsigned faults;
	unsigned char triangle;
	unsigned char *owner;           /* per pixel: triangle id + 1, or NULL */
};

static void fx_init(struct fx *f, enum hw_area area, enum hw_color_format fmt)
{
	memset(f, 0, sizeof *f);
	hw_memory_init(&f->mem);
	ck_assert_int_eq(hw_fragment_state_init(&f->st, NULL), HW_OK);
	f->cfg.width = W;
	f->cfg.height = H;
	f->cfg.color_format = fmt;
	f->cfg.color_phys = hw_memory_alloc(&f->mem, area, PIXELS * hw_fragment_color_bytes(fmt));
	ck_assert_uint_ne(f->cfg.color_phys, 0);
	f->cfg.color_mask = 0xF;
	f->raster.width = W;
	f->raster.height = H;
	f->rgba[0] = 200;
	f->rgba[1] = 100;
	f->rgba[2] = 50;
	f->rgba[3] = 128;
}

static uint8_t *fx_color(struct fx *f)
{
	uint8_t *p = hw_memory_host(&f->mem, f->cfg.color_phys,
				    PIXELS * hw_fragment_color_bytes(f->cfg.color_format));
	ck_assert_ptr_nonnull(p);
	return p;
}

/* BLEND_FUNC from its fields (hw_regs.h): equations, then the factors
 * src RGB, dst RGB, src alpha, dst alpha. */
static uint32_t fx_blend_func(unsigned eq_rgb, unsigned eq_alpha, unsigned src_rgb,
			      unsigned dst_rgb, unsigned src_alpha, unsigned dst_alpha)
{
	return eq_rgb | eq_alpha << 8 | src_rgb << 16 | dst_rgb << 20 | src_alpha << 24
	       | (uint32_t)dst_alpha << 28;
}

/* Source-alpha blending (SRC_ALPHA, ONE_MINUS_SRC_ALPHA, add) for colour
 * and alpha, with colour reads allowed. */
static void fx_blend_src_alpha(struct fx *f)
{
	f->cfg.color_op = HW_COLOR_OP_BLEND;
	f->cfg.blend_func = fx_blend_func(HW_REG_BLENDEQ_ADD, HW_REG_BLENDEQ_ADD,
					  HW_REG_BLENDF_SRC_ALPHA, HW_REG_BLENDF_INV_SRC_ALPHA,
					  HW_REG_BLENDF_SRC_ALPHA, HW_REG_BLENDF_INV_SRC_ALPHA);
	f->cfg.color_read = true;
}

static uint8_t *fx_depth(struct fx *f)
{
	uint8_t *p = hw_memory_host(&f->mem, f->cfg.depth_phys,
				    PIXELS * hw_fragment_depth_bytes(f->cfg.depth_format));
	ck_assert_ptr_nonnull(p);
	return p;
}

/* A depth/stencil buffer cleared to depth `z` (format units) and stencil `s`. */
static void fx_add_depth(struct fx *f, enum hw_area area, enum hw_depth_format fmt, uint32_t z,
			 uint8_t s)
{
	unsigned bpp = hw_fragment_depth_bytes(fmt), i, k;
	uint8_t *p;

	f->cfg.depth_format = fmt;
	f->cfg.depth_phys = hw_memory_alloc(&f->mem, area, PIXELS * bpp);
	ck_assert_uint_ne(f->cfg.depth_phys, 0);
	p = fx_depth(f);
	for (i = 0; i < PIXELS; i++) {
		for (k = 0; k < (fmt == HW_DEPTH_D16 ? 2u : 3u); k++)
			p[i * bpp + k] = (uint8_t)(z >> (8 * k));
		if (fmt == HW_DEPTH_D24S8)
			p[i * bpp + 3] = s;
	}
}

static void fx_fini(struct fx *f)
{
	hw_fragment_state_fini(&f->st);
	hw_memory_fini(&f->mem);
	free(f->owner);
}

/* The colour the fixture gives fragment `fr`. */
static void fx_rgba(const struct fx *f, const struct hw_fragment *fr, uint8_t rgba[4])
{
	memcpy(rgba, f->rgba, 4);
	if (f->alpha_from_x)
		rgba[3] = (uint8_t)(fr->x * 255 / (W - 1));
}

static bool fx_skipped(const struct fx *f, const struct hw_fragment *fr)
{
	return f->skip_some && (fr->x + fr->y) % 7 == 0;
}

static void fx_fragment(void *user, const struct hw_fragment *fr)
{
	struct fx *f = user;
	uint8_t rgba[4];

	if (fx_skipped(f, fr))
		return;
	fx_rgba(f, fr, rgba);
	if ((f->prepared ? hw_fragment_process_target(&f->cfg, &f->target, &f->st, &f->mem, fr,
						      rgba, &f->delta, &f->counts)
			 : hw_fragment_process(&f->cfg, &f->st, &f->mem, fr, rgba, &f->delta,
					       &f->counts)) != HW_OK)
		f->faults++;
	if (f->owner)
		f->owner[fr->y * W + fr->x] = (unsigned char)(f->triangle + 1);
}

static struct hw_vertex vtx(float x, float y, float z)
{
	struct hw_vertex v;

	memset(&v, 0, sizeof v);
	v.pos[0] = x;
	v.pos[1] = y;
	v.pos[2] = z;
	v.pos[3] = 1;
	return v;
}

/* A rasterizer batch through hw_fragment_process_batch, without the
 * skipped fragments. */
static void fx_batch(void *user, const struct hw_fragment *fr, unsigned count)
{
	struct fx *f = user;
	uint8_t rgba[HW_RASTER_BATCH][4], which[HW_RASTER_BATCH];
	unsigned i, n = 0;

	ck_assert_uint_le(count, HW_RASTER_BATCH);
	for (i = 0; i < count; i++) {
		if (fx_skipped(f, &fr[i]))
			continue;
		fx_rgba(f, &fr[i], rgba[n]);
		which[n++] = (uint8_t)i;
	}
	hw_fragment_process_batch(&f->cfg, &f->target, &f->st, fr, which,
				  (const uint8_t (*)[4])rgba, n, &f->delta, &f->counts);
}

static void fx_triangle(struct fx *f, struct hw_vertex a, struct hw_vertex b, struct hw_vertex c)
{
	if (f->batched)
		hw_raster_triangle_batch(&f->raster, &a, &b, &c, &f->rcounts, fx_batch, f);
	else
		hw_raster_triangle(&f->raster, &a, &b, &c, &f->rcounts, fx_fragment, f);
}

/* A quad whose diagonal (0,800)-(480,0) only touches the target's corner:
 * the first triangle covers all 96000 pixels, the second none. */
static void fx_seamless_quad(struct fx *f, float z)
{
	fx_triangle(f, vtx(0, 0, z), vtx(480, 0, z), vtx(0, 800, z));
	fx_triangle(f, vtx(480, 0, z), vtx(480, 800, z), vtx(0, 800, z));
}

/* The usual full-screen quad: its diagonal (0,0)-(240,400) crosses the target. */
static void fx_screen_quad(struct fx *f, float z)
{
	f->triangle = 0;
	fx_triangle(f, vtx(0, 0, z), vtx(W, 0, z), vtx(W, H, z));
	f->triangle = 1;
	fx_triangle(f, vtx(0, 0, z), vtx(W, H, z), vtx(0, H, z));
}

/* The end of a draw as the model's draws end: flush, then invalidate. */
static void fx_end_draw(struct fx *f)
{
	hw_fragment_flush(&f->st, &f->delta);
	hw_fragment_invalidate(&f->st);
	ck_assert_uint_eq(f->faults, 0);
}

static struct hw_fragment frag_at(unsigned x, unsigned y, float z)
{
	struct hw_fragment fr;

	memset(&fr, 0, sizeof fr);
	fr.x = x;
	fr.y = y;
	fr.z = z;
	return fr;
}

/* ---- layout and formats ------------------------------------------------ */

START_TEST(test_fragment_layout_is_tiled_morton_from_the_top)
{
	static const struct { unsigned x, y; size_t offset; } at[] = {
		{ 0, 399, 0 },          /* first tile, memory row 0 = the top row */
		{ 1, 399, 4 },          /* Morton: x bit 0 */
		{ 0, 398, 8 },          /* Morton: row bit 0 */
		{ 2, 398, 24 },         /* index 6 */
		{ 8, 399, 256 },        /* second tile of the tile row */
		{ 0, 391, 7680 },       /* second tile row: 30 tiles on */
		{ 239, 0, 383996 },     /* the last pixel in memory */
	};
	struct fx f;
	uint8_t *p;
	unsigned i, x, y, bad = 0;

	fx_init(&f, HW_AREA_VRAM_A, HW_COLOR_RGBA8);
	p = fx_color(&f);
	for (i = 0; i < sizeof at / sizeof at[0]; i++) {
		struct hw_fragment fr = frag_at(at[i].x, at[i].y, 0);
		uint8_t rgba[4] = { 0x12, 0x34, 0x56, (uint8_t)(i + 1) };

		ck_assert_uint_eq(ref_offset(at[i].x, at[i].y, 4), at[i].offset);
		ck_assert_int_eq(hw_fragment_process(&f.cfg, &f.st, &f.mem, &fr, rgba, &f.delta,
						     &f.counts), HW_OK);
		/* The word R<<24|G<<16|B<<8|A, little-endian: A, B, G, R. */
		ck_assert_uint_eq(p[at[i].offset], i + 1);
		ck_assert_uint_eq(p[at[i].offset + 1], 0x56);
		ck_assert_uint_eq(p[at[i].offset + 2], 0x34);
		ck_assert_uint_eq(p[at[i].offset + 3], 0x12);
	}
	for (y = 0; y < H; y++)
		for (x = 0; x < W; x++)
			bad += hw_fragment_pixel_offset(x, y, W, H, 3) != ref_offset(x, y, 3);
	ck_assert_uint_eq(bad, 0);
	fx_fini(&f);
}
END_TEST

START_TEST(test_fragment_color_formats_store_real_bytes)
{
	static const struct {
		enum hw_color_format fmt;
		unsigned bytes;
		uint8_t rgba[4];
		uint8_t stored[4];
	} row[] = {
		{ HW_COLOR_RGBA8, 4, { 0x12, 0x34, 0x56, 0x78 }, { 0x78, 0x56, 0x34, 0x12 } },
		{ HW_COLOR_RGB8, 3, { 0x12, 0x34, 0x56, 0x78 }, { 0x56, 0x34, 0x12 } },
		/* 31<<11 | 16<<6 | 1<<1 | 1 = 0xFC03 */
		{ HW_COLOR_RGB5A1, 2, { 0xF8, 0x80, 0x08, 0xFF }, { 0x03, 0xFC } },
		/* 31<<11 | 33<<5 | 2 = 0xFC22 */
		{ HW_COLOR_RGB565, 2, { 0xF8, 0x84, 0x10, 0x00 }, { 0x22, 0xFC } },
		/* 1<<12 | 2<<8 | 3<<4 | 4 = 0x1234 */
		{ HW_COLOR_RGBA4, 2, { 0x1F, 0x2F, 0x3F, 0x4F }, { 0x34, 0x12 } },
	};
	unsigned i, k;

	for (i = 0; i < sizeof row / sizeof row[0]; i++) {
		struct fx f;
		struct hw_fragment fr = frag_at(1, H - 1, 0);
		uint8_t *p;

		fx_init(&f, HW_AREA_VRAM_A, row[i].fmt);
		ck_assert_uint_eq(hw_fragment_color_bytes(row[i].fmt), row[i].bytes);
		p = fx_color(&f);
		ck_assert_int_eq(hw_fragment_process(&f.cfg, &f.st, &f.mem, &fr, row[i].rgba,
						     &f.delta, &f.counts), HW_OK);
		for (k = 0; k < row[i].bytes; k++)
			ck_assert_msg(p[row[i].bytes + k] == row[i].stored[k],
				      "format %u byte %u: %02x", i, k, p[row[i].bytes + k]);
		ck_assert_uint_eq(p[0], 0);          /* pixel 0 untouched */
		fx_fini(&f);
	}
	ck_assert_uint_eq(hw_fragment_depth_bytes(HW_DEPTH_D16), 2);
	ck_assert_uint_eq(hw_fragment_depth_bytes(HW_DEPTH_D24), 3);
	ck_assert_uint_eq(hw_fragment_depth_bytes(HW_DEPTH_D24S8), 4);
}
END_TEST

/* Depth is stored as the window depth in fixed point (2^n - 1 = 1.0),
 * little-endian; D24S8 keeps its stencil byte (byte 3) when only depth is
 * written. */
START_TEST(test_fragment_depth_formats_store_quantized_depth)
{
	static const struct {
		enum hw_depth_format fmt;
		uint8_t stored[4];
	} row[] = {
		{ HW_DEPTH_D16, { 0x00, 0x80 } },               /* 32767.5 -> 0x8000 */
		{ HW_DEPTH_D24, { 0x00, 0x00, 0x80 } },                 /* -> 0x800000 */
		{ HW_DEPTH_D24S8, { 0x00, 0x00, 0x80, 0xAB } },
	};
	unsigned i, k;

	for (i = 0; i < 3; i++) {
		struct fx f;
		struct hw_fragment fr = frag_at(0, H - 1, 0.5f);
		unsigned bpp = hw_fragment_depth_bytes(row[i].fmt);
		uint8_t *p;

		fx_init(&f, HW_AREA_VRAM_A, HW_COLOR_RGBA8);
		fx_add_depth(&f, HW_AREA_VRAM_B, row[i].fmt, 0xFFFFFF, 0xAB);
		f.cfg.depth_test = true;
		f.cfg.depth_func = HW_CMP_LESS;
		f.cfg.depth_write = true;
		p = fx_depth(&f);
		ck_assert_int_eq(hw_fragment_process(&f.cfg, &f.st, &f.mem, &fr, f.rgba, &f.delta,
						     &f.counts), HW_OK);
		for (k = 0; k < bpp; k++)
			ck_assert_msg(p[k] == row[i].stored[k], "format %u byte %u: %02x",
				      i, k, p[k]);
		/* The stored 0.5 now hides 0.51 and not 0.49. */
		fr.z = 0.51f;
		hw_fragment_process(&f.cfg, &f.st, &f.mem, &fr, f.rgba, &f.delta, &f.counts);
		ck_assert_uint_eq(f.counts.depth_failed, 1);
		fr.z = 0.49f;
		hw_fragment_process(&f.cfg, &f.st, &f.mem, &fr, f.rgba, &f.delta, &f.counts);
		ck_assert_uint_eq(f.counts.depth_failed, 1);
		ck_assert_uint_eq(f.counts.color_written, 2);
		fx_fini(&f);
	}
}
END_TEST

/* ---- the FRAGMENT counter and colour traffic ---------------------------- */

START_TEST(test_fragment_counts_every_fragment_of_a_fullscreen_quad)
{
	struct fx f;

	fx_init(&f, HW_AREA_VRAM_A, HW_COLOR_RGBA8);
	fx_screen_quad(&f, 0.5f);
	fx_end_draw(&f);
	ck_assert_uint_eq(f.delta.fragment, 96000);
	ck_assert_uint_eq(f.counts.in, 96000);
	ck_assert_uint_eq(f.counts.color_written, 96000);

	/* Counted before the alpha test: failing it changes nothing. */
	memset(&f.delta, 0, sizeof f.delta);
	memset(&f.counts, 0, sizeof f.counts);
	f.cfg.alpha_test = true;
	f.cfg.alpha_func = HW_CMP_NEVER;
	fx_screen_quad(&f, 0.5f);
	fx_end_draw(&f);
	ck_assert_uint_eq(f.delta.fragment, 96000);
	ck_assert_uint_eq(f.counts.alpha_failed, 96000);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_COLOR_WRITE], 0);
	fx_fini(&f);
}
END_TEST

/* The scissor test is the rasterizer's: what it removes never reaches the
 * module nor the FRAGMENT counter. A quarter of the screen: 24000. */
START_TEST(test_fragment_scissored_fragments_do_not_count)
{
	struct fx f;

	fx_init(&f, HW_AREA_VRAM_A, HW_COLOR_RGBA8);
	f.raster.scissor = true;
	f.raster.scissor_x1 = W / 2;
	f.raster.scissor_y1 = H / 2;
	fx_screen_quad(&f, 0.5f);
	fx_end_draw(&f);
	ck_assert_uint_eq(f.rcounts.scissored, 72000);
	ck_assert_uint_eq(f.delta.fragment, 24000);
	ck_assert_uint_eq(f.counts.in, 24000);
	fx_fini(&f);
}
END_TEST

/* Colour writes only: each line of the buffer is written back once, none
 * is read: 96000 * bytes / 16. RGB8 pixels straddle lines; still each
 * line once. */
START_TEST(test_fragment_color_only_writes_each_line_once)
{
	static const struct { enum hw_color_format fmt; uint32_t lines; } row[] = {
		{ HW_COLOR_RGBA8, 24000 }, { HW_COLOR_RGB8, 18000 }, { HW_COLOR_RGB5A1, 12000 },
		{ HW_COLOR_RGB565, 12000 }, { HW_COLOR_RGBA4, 12000 },
	};
	unsigned i;

	for (i = 0; i < sizeof row / sizeof row[0]; i++) {
		struct fx f;

		fx_init(&f, HW_AREA_VRAM_A, row[i].fmt);
		fx_seamless_quad(&f, 0.5f);
		fx_end_draw(&f);
		ck_assert_uint_eq(f.delta.fragment, 96000);
		ck_assert_msg(f.delta.memory[HW_MEM_COLOR_WRITE] == row[i].lines,
			      "format %u: %u writes", i, f.delta.memory[HW_MEM_COLOR_WRITE]);
		ck_assert_uint_eq(f.delta.memory[HW_MEM_VRAM_A_WRITE], row[i].lines);
		ck_assert_uint_eq(f.delta.memory[HW_MEM_COLOR_READ], 0);
		ck_assert_uint_eq(f.delta.memory[HW_MEM_VRAM_A_READ], 0);
		ck_assert_uint_eq(f.delta.memory[HW_MEM_DEPTH_STENCIL_READ], 0);
		ck_assert_uint_eq(f.delta.memory[HW_MEM_DEPTH_STENCIL_WRITE], 0);
		fx_fini(&f);
	}
}
END_TEST

/* A diagonal through the target splits some lines between the two
 * triangles. Between the two visits to such a line at least ~36000 other
 * pixels (9000 lines) pass through a 128-line cache, so the line is
 * written back after each triangle: writes = 24000 + split lines. The
 * split lines are counted here from which triangle drew each pixel. */
START_TEST(test_fragment_quad_diagonal_writes_split_lines_twice)
{
	struct fx f;
	unsigned char line_owners[24000];
	unsigned x, y, split = 0;

	fx_init(&f, HW_AREA_VRAM_A, HW_COLOR_RGBA8);
	f.owner = calloc(PIXELS, 1);
	ck_assert_ptr_nonnull(f.owner);
	fx_screen_quad(&f, 0.5f);
	fx_end_draw(&f);
	memset(line_owners, 0, sizeof line_owners);
	for (y = 0; y < H; y++)
		for (x = 0; x < W; x++)
			line_owners[ref_offset(x, y, 4) / 16] |= f.owner[y * W + x];
	for (x = 0; x < 24000; x++)
		split += line_owners[x] == 3;
	ck_assert_uint_gt(split, 100);
	ck_assert_uint_lt(split, 1000);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_COLOR_WRITE], 24000 + split);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_COLOR_READ], 0);
	fx_fini(&f);
}
END_TEST

/* Blending reads every destination line once (word 8, and VRAM A reads)
 * and stores the source-alpha blend. */
START_TEST(test_fragment_blending_reads_each_destination_line_once)
{
	struct fx f;
	uint8_t *p;

	fx_init(&f, HW_AREA_VRAM_A, HW_COLOR_RGBA8);
	fx_blend_src_alpha(&f);
	fx_seamless_quad(&f, 0.5f);
	fx_end_draw(&f);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_COLOR_READ], 24000);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_COLOR_WRITE], 24000);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_VRAM_A_READ], 24000);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_VRAM_A_WRITE], 24000);
	/* (200, 100, 50, 128) over (0, 0, 0, 0): c * 128 / 255 rounded down
	 * (100.4, 50.2, 25.1, 64.3). */
	p = fx_color(&f);
	ck_assert_uint_eq(p[3], 100);
	ck_assert_uint_eq(p[2], 50);
	ck_assert_uint_eq(p[1], 25);
	ck_assert_uint_eq(p[0], 64);
	fx_fini(&f);
}
END_TEST

START_TEST(test_fragment_color_mask_zero_writes_nothing)
{
	struct fx f;
	uint8_t *p;
	unsigned i, changed = 0;

	fx_init(&f, HW_AREA_VRAM_A, HW_COLOR_RGBA8);
	fx_blend_src_alpha(&f);
	f.cfg.color_mask = 0;
	fx_seamless_quad(&f, 0.5f);
	fx_end_draw(&f);
	ck_assert_uint_eq(f.delta.fragment, 96000);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_COLOR_WRITE], 0);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_COLOR_READ], 0);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_VRAM_A_WRITE], 0);
	ck_assert_uint_eq(f.counts.color_written, 0);
	p = fx_color(&f);
	for (i = 0; i < PIXELS * 4; i++)
		changed += p[i] != 0;
	ck_assert_uint_eq(changed, 0);

	/* Red only: the other channels are merged, so the pixel is read. */
	memset(&f.delta, 0, sizeof f.delta);
	f.cfg.color_op = HW_COLOR_OP_WRITE;
	f.cfg.color_mask = 0x1;
	fx_seamless_quad(&f, 0.5f);
	fx_end_draw(&f);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_COLOR_READ], 24000);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_COLOR_WRITE], 24000);
	for (i = 0; i < PIXELS * 4; i++)
		changed += p[i] != (i % 4 == 3 ? 200 : 0);
	ck_assert_uint_eq(changed, 0);
	fx_fini(&f);
}
END_TEST

START_TEST(test_fragment_color_buffer_in_vram_b_counts_channel_b)
{
	struct fx f;

	fx_init(&f, HW_AREA_VRAM_B, HW_COLOR_RGBA8);
	fx_seamless_quad(&f, 0.5f);
	fx_end_draw(&f);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_COLOR_WRITE], 24000);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_VRAM_B_WRITE], 24000);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_VRAM_A_WRITE], 0);
	fx_fini(&f);

	/* In FCRAM only the source word moves. */
	fx_init(&f, HW_AREA_FCRAM, HW_COLOR_RGBA8);
	fx_seamless_quad(&f, 0.5f);
	fx_end_draw(&f);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_COLOR_WRITE], 24000);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_VRAM_A_WRITE], 0);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_VRAM_B_WRITE], 0);
	fx_fini(&f);
}
END_TEST

/* Write-backs happen on eviction during the draw, the rest at the flush
 * (at most the 128 lines the default cache holds); a second flush has
 * nothing left. */
START_TEST(test_fragment_flush_writes_the_dirty_lines_back)
{
	struct fx f;
	uint32_t before;

	fx_init(&f, HW_AREA_VRAM_A, HW_COLOR_RGBA8);
	fx_seamless_quad(&f, 0.5f);
	before = f.delta.memory[HW_MEM_COLOR_WRITE];
	ck_assert_uint_lt(before, 24000);
	ck_assert_uint_ge(before, 24000 - 128);
	hw_fragment_flush(&f.st, &f.delta);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_COLOR_WRITE], 24000);
	hw_fragment_flush(&f.st, &f.delta);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_COLOR_WRITE], 24000);
	fx_fini(&f);
}
END_TEST

/* A blended draw of the first tile (x 0..7, y 392..399: 16 RGBA8 lines).
 * After a flush alone the lines stay in the cache: drawn again, the tile
 * reads nothing. After flush and invalidate the next draw starts cold and
 * reads its 16 lines again. An invalidate drops dirty lines unwritten. */
static void fx_first_tile(struct fx *f)
{
	fx_triangle(f, vtx(0, 392, 0), vtx(8, 392, 0), vtx(8, 400, 0));
	fx_triangle(f, vtx(0, 392, 0), vtx(8, 400, 0), vtx(0, 400, 0));
}

START_TEST(test_fragment_flush_keeps_lines_and_invalidate_drops_them)
{
	struct fx f;

	fx_init(&f, HW_AREA_VRAM_A, HW_COLOR_RGBA8);
	fx_blend_src_alpha(&f);
	fx_first_tile(&f);
	hw_fragment_flush(&f.st, &f.delta);
	ck_assert_uint_eq(f.delta.fragment, 64);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_COLOR_READ], 16);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_COLOR_WRITE], 16);

	fx_first_tile(&f);                          /* hits, clean lines made dirty */
	hw_fragment_flush(&f.st, &f.delta);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_COLOR_READ], 16);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_COLOR_WRITE], 32);

	hw_fragment_invalidate(&f.st);
	fx_first_tile(&f);                          /* cold again */
	ck_assert_uint_eq(f.delta.memory[HW_MEM_COLOR_READ], 32);
	hw_fragment_invalidate(&f.st);              /* dirty lines dropped */
	hw_fragment_flush(&f.st, &f.delta);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_COLOR_WRITE], 32);
	ck_assert_uint_eq(f.delta.fragment, 192);
	fx_fini(&f);
}
END_TEST

/* ---- depth, early depth, stencil, alpha --------------------------------- */

static void fx_depth_scene(struct fx *f, bool early)
{
	fx_init(f, HW_AREA_VRAM_A, HW_COLOR_RGBA8);
	fx_add_depth(f, HW_AREA_VRAM_B, HW_DEPTH_D24S8, 0xFFFFFF, 0);
	f->cfg.depth_test = true;
	f->cfg.depth_func = HW_CMP_LESS;
	f->cfg.depth_write = true;
	if (early) {
		f->cfg.early_depth = true;
		f->cfg.early_depth_func = HW_CMP_LESS;
		ck_assert_int_eq(hw_fragment_clear_early_depth(&f->st, W, H, 1.0f), HW_OK);
	}
	fx_seamless_quad(f, 0.25f);      /* front */
	fx_end_draw(f);
	fx_seamless_quad(f, 0.75f);      /* hidden */
	fx_end_draw(f);
}

/* Front quad first, then a hidden one, two draws, D24S8 in VRAM B, colour
 * in VRAM A. Draw 1: every depth line read once (24000) and written once
 * (24000), every colour line written once (24000). Draw 2: every depth
 * line read once more (24000), all 96000 fragments fail: no writes.
 * Totals: FRAGMENT 192000; words 6 48000, 7 24000, 8 0, 9 24000; VRAM B
 * reads 48000 and writes 24000, VRAM A writes 24000. */
START_TEST(test_fragment_hidden_quad_reaches_the_counter_and_fails_depth)
{
	struct fx f;
	uint8_t *d;

	fx_depth_scene(&f, false);
	ck_assert_uint_eq(f.delta.fragment, 192000);
	ck_assert_uint_eq(f.counts.in, 192000);
	ck_assert_uint_eq(f.counts.early_rejected, 0);
	ck_assert_uint_eq(f.counts.depth_failed, 96000);
	ck_assert_uint_eq(f.counts.depth_written, 96000);
	ck_assert_uint_eq(f.counts.color_written, 96000);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_DEPTH_STENCIL_READ], 48000);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_DEPTH_STENCIL_WRITE], 24000);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_COLOR_READ], 0);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_COLOR_WRITE], 24000);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_VRAM_B_READ], 48000);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_VRAM_B_WRITE], 24000);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_VRAM_A_READ], 0);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_VRAM_A_WRITE], 24000);
	/* The front depth is what the buffer holds: 0.25 * 0xFFFFFF -> 0x400000. */
	d = fx_depth(&f);
	ck_assert_uint_eq(d[0], 0x00);
	ck_assert_uint_eq(d[1], 0x00);
	ck_assert_uint_eq(d[2], 0x40);
	ck_assert_uint_eq(d[3], 0x00);
	fx_fini(&f);
}
END_TEST

/* The same with the early depth test: the hidden quad's fragments are
 * discarded before the counter and read nothing. FRAGMENT 96000, words 6
 * 24000 and 7 24000 (draw 1 only). */
START_TEST(test_fragment_early_depth_discards_before_the_counter)
{
	struct fx f;

	fx_depth_scene(&f, true);
	ck_assert_uint_eq(f.delta.fragment, 96000);
	ck_assert_uint_eq(f.counts.in, 96000);
	ck_assert_uint_eq(f.counts.early_rejected, 96000);
	ck_assert_uint_eq(f.counts.depth_failed, 0);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_DEPTH_STENCIL_READ], 24000);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_DEPTH_STENCIL_WRITE], 24000);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_COLOR_WRITE], 24000);
	fx_fini(&f);

	/* Never cleared: the early test passes everything. */
	fx_init(&f, HW_AREA_VRAM_A, HW_COLOR_RGBA8);
	f.cfg.early_depth = true;
	f.cfg.early_depth_func = HW_CMP_NEVER;
	fx_seamless_quad(&f, 0.5f);
	fx_end_draw(&f);
	ck_assert_uint_eq(f.delta.fragment, 96000);
	fx_fini(&f);
}
END_TEST

/* As on the hardware: the depth test off still writes depth. */
START_TEST(test_fragment_depth_write_without_test_writes_depth)
{
	struct fx f;
	struct hw_fragment fr = frag_at(0, H - 1, 0.5f);
	uint8_t *d;

	fx_init(&f, HW_AREA_VRAM_A, HW_COLOR_RGBA8);
	fx_add_depth(&f, HW_AREA_VRAM_A, HW_DEPTH_D24, 0, 0);
	f.cfg.depth_write = true;
	ck_assert_int_eq(hw_fragment_process(&f.cfg, &f.st, &f.mem, &fr, f.rgba, &f.delta,
					     &f.counts), HW_OK);
	d = fx_depth(&f);
	ck_assert_uint_eq(d[2], 0x80);
	ck_assert_uint_eq(f.counts.depth_failed, 0);
	fx_end_draw(&f);
	ck_assert_uint_eq(f.delta.memory[HW_MEM_DEPTH_STENCIL_READ], 0);      /* no test, no read */
	ck_assert_uint_eq(f.delta.memory[HW_MEM_DEPTH_STENCIL_WRITE], 1);
	fx_fini(&f);
}
END_TEST

/* Each operation on a real stored stencil byte (ref 9), through single
 * fragments; the write mask keeps the other bits. */
START_TEST(test_fragment_stencil_operations_on_the_stored_byte)
{
	static const struct { enum hw_stencil_op op; uint8_t old, mask, now; } row[] = {
		{ HW_STENCIL_KEEP, 7, 0xFF, 7 }, { HW_STENCIL_ZERO, 7, 0xFF, 0 },
		{ HW_STENCIL_REPLACE, 7, 0xFF, 9 }, { HW_STENCIL_INCR, 7, 0xFF, 8 },
		{ HW_STENCIL_INCR, 255, 0xFF, 255 }, { HW_STENCIL_DECR, 7, 0xFF, 6 },
		{ HW_STENCIL_DECR, 0, 0xFF, 0 }, { HW_STENCIL_INVERT, 0x0F, 0xFF, 0xF0 },
		{ HW_STENCIL_INCR_WRAP, 255, 0xFF, 0 }, { HW_STENCIL_DECR_WRAP, 0, 0xFF, 255 },
		{ HW_STENCIL_INVERT, 0x06, 0x0F, 0x09 }, { HW_STENCIL_REPLACE, 0xF0, 0x00, 0xF0 },
	};
	unsigned i;

	for (i = 0; i < sizeof row / sizeof row[0]; i++) {
		struct fx f;
		struct hw_fragment fr = frag_at(5, 7, 0.5f);
		size_t at = ref_offset(5, 7, 4);
		uint8_t *d;

		fx_init(&f, HW_AREA_VRAM_A, HW_COLOR_RGBA8);
		fx_add_depth(&f, HW_AREA_VRAM_B, HW_DEPTH_D24S8, 0x123456, 0);
		d = fx_depth(&f);
		d[at + 3] = row[i].old;
		f.cfg.stencil_test = true;
		f.cfg.stencil_func = HW_CMP_ALWAYS;
		f.cfg.stencil_ref = 9;
		f.cfg.stencil_mask = 0xFF;
		f.cfg.stencil_write_mask = row[i].mask;
		f.cfg.stencil_zpass = row[i].op;
		ck_assert_int_eq(hw_fragment_process(&f.cfg, &f.st, &f.mem, &fr, f.rgba, &f.delta,
						     &f.counts), HW_OK);
		ck_assert_msg(d[at + 3] == row[i].now, "row %u: %02x", i, d[at + 3]);
		ck_assert_uint_eq(d[at], 0x56);              /* depth bytes kept */
		ck_assert_uint_eq(d[at + 2], 0x12);
		fx_fini(&f);
	}
}
END_TEST

/* Draw 1 marks the lower-left half with REPLACE 5 (no colour); draw 2,
 * full screen, passes EQUAL 5 exactly there. */
START_TEST(test_fragment_stencil_written_by_one_draw_is_seen_by_the_next)
{
	struct fx f;
	uint8_t *d;
	uint64_t marked;

	fx_init(&f, HW_AREA_VRAM_A, HW_COLOR_RGBA8);
	fx_add_depth(&f, HW_AREA_VRAM_B, HW_DEPTH_D24S8, 0xFFFFFF, 0);
	f.cfg.stencil_test = true;
	f.cfg.stencil_func = HW_CMP_ALWAYS;
	f.cfg.stencil_ref = 5;
	f.cfg.stencil_mask = 0xFF;
	f.cfg.stencil_write_mask = 0xFF;
	f.cfg.stencil_zpass = HW_STENCIL_REPLACE;
	f.cfg.color_mask = 0;
	fx_triangle(&f, vtx(0, 0, 0.5f), vtx(W, 0, 0.5f), vtx(0, H, 0.5f));
	fx_end_draw(&f);
	marked = f.rcounts.fragments;
	ck_assert_uint_gt(marked, 40000);
	d = fx_depth(&f);
	ck_assert_uint_eq(d[ref_offset(0, 0, 4) + 3], 5);
	ck_assert_uint_eq(d[ref_offset(W - 1, H - 1, 4) + 3], 0);
	ck_assert_uint_eq(d[ref_offset(0, 0, 4)], 0xFF);        /* depth untouched */

	memset(&f.counts, 0, sizeof f.counts);
	f.cfg.stencil_func = HW_CMP_EQUAL;
	f.cfg.stencil_zpass = HW_STENCIL_KEEP;
	f.cfg.color_mask = 0xF;
	fx_seamless_quad(&f, 0.5f);
	fx_end_draw(&f);
	ck_assert_uint_eq(f.counts.in, 96000);
	ck_assert_uint_eq(f.counts.color_written, marked);
	ck_assert_uint_eq(f.counts.stencil_failed, 96000 - marked);
	ck_assert_uint_eq(fx_color(&f)[ref_offset(0, 0, 4) + 3], 200);
	ck_assert_uint_eq(fx_color(&f)[ref_offset(W - 1, H - 1, 4) + 3], 0);
	fx_fini(&f);
}
END_TEST

/* alpha = x * 255 / 239: x < 120 gives alpha <= 126, x >= 120 at least
 * 128. GEQUAL 128 discards the left 120 columns: 48000 fragments. */
START_TEST(test_fragment_alpha_test_discards_by_the_real_alpha)
{
	struct fx f;
	uint8_t *p;

	fx_init(&f, HW_AREA_VRAM_A, HW_COLOR_RGBA8);
	f.alpha_from_x = true;
	f.cfg.alpha_test = true;
	f.cfg.alpha_func = HW_CMP_GEQUAL;
	f.cfg.alpha_ref = 128;
	fx_seamless_quad(&f, 0.5f);
	fx_end_draw(&f);
	ck_assert_uint_eq(f.delta.fragment, 96000);
	ck_assert_uint_eq(f.counts.alpha_failed, 48000);
	ck_assert_uint_eq(f.counts.color_written, 48000);
	p = fx_color(&f);
	ck_assert_uint_eq(p[ref_offset(119, 0, 4) + 3], 0);
	ck_assert_uint_eq(p[ref_offset(120, 0, 4) + 3], 200);
	ck_assert_uint_eq(p[ref_offset(120, 0, 4)], 120 * 255 / 239);
	fx_fini(&f);
}
END_TEST

/* ---- bad input ------------------------------------------------------------ */

START_TEST(test_fragment_check_rejects_bad_configurations)
{
	struct fx f;
	struct hw_fragment outside = frag_at(W, 0, 0);
	struct hw_cache_config bad;

	fx_init(&f, HW_AREA_VRAM_A, HW_COLOR_RGBA8);
	ck_assert_int_eq(hw_fragment_check(&f.cfg, &f.mem), HW_OK);
	f.cfg.width = 244;
	ck_assert_int_eq(hw_fragment_check(&f.cfg, &f.mem), HW_ERROR_RANGE);
	f.cfg.width = 248;                           /* 8-aligned, but beyond the buffer */
	ck_assert_int_eq(hw_fragment_check(&f.cfg, &f.mem), HW_ERROR_FAULT);
	f.cfg.width = W;
	f.cfg.depth_func = (enum hw_compare)8;
	ck_assert_int_eq(hw_fragment_check(&f.cfg, &f.mem), HW_ERROR_RANGE);
	f.cfg.depth_func = HW_CMP_LESS;
	f.cfg.depth_phys = HW_VRAM_A_BASE + 0x200000;    /* nothing there */
	f.cfg.depth_format = HW_DEPTH_D16;
	ck_assert_int_eq(hw_fragment_check(&f.cfg, &f.mem), HW_ERROR_FAULT);
	f.cfg.depth_phys = 0;
	ck_assert_int_eq(hw_fragment_process(&f.cfg, &f.st, &f.mem, &outside, f.rgba, &f.delta,
					     &f.counts), HW_ERROR_FAULT);
	ck_assert_uint_eq(f.delta.fragment, 0);
	ck_assert_int_eq(hw_fragment_clear_early_depth(&f.st, 0, H, 1), HW_ERROR_RANGE);
	fx_fini(&f);

	hw_fragment_cache_defaults(&bad);
	bad.line_bytes = 24;
	ck_assert_int_eq(hw_fragment_state_init(&f.st, &bad), HW_ERROR_RANGE);
}
END_TEST

/* The same triangles through hw_fragment_process and through the prepared
 * target: the same bytes, counts and traffic, in buffers of 2, 3 and 4
 * bytes a pixel (3-byte pixels cross cache lines). With `short_color`,
 * the colour buffer's region ends before the target does: the prepared
 * lookup finds no whole buffer and faults pixel by pixel as the other. */
static void fx_compare_prepared(bool short_color, enum hw_color_format cf,
				enum hw_depth_format df)
{
	unsigned cb = hw_fragment_color_bytes(cf), db = hw_fragment_depth_bytes(df);
	struct fx a, b;
	struct fx *both[2] = { &a, &b };
	unsigned k;

	for (k = 0; k < 2; k++) {
		struct fx *f = both[k];

		fx_init(f, HW_AREA_VRAM_A, cf);
		fx_add_depth(f, HW_AREA_VRAM_B, df, 0x800000, 7);
		if (short_color) {      /* the last region of VRAM B: nothing after it */
			f->cfg.color_phys = hw_memory_alloc(&f->mem, HW_AREA_VRAM_B,
							    PIXELS * cb / 2);
			ck_assert_uint_ne(f->cfg.color_phys, 0);
		}
		f->cfg.depth_test = true;
		f->cfg.depth_func = HW_CMP_LESS;
		f->cfg.depth_write = true;
		f->cfg.stencil_test = true;
		f->cfg.stencil_func = HW_CMP_ALWAYS;
		f->cfg.stencil_zpass = HW_STENCIL_INCR;
		f->cfg.stencil_write_mask = 0xFF;
		fx_blend_src_alpha(f);
		f->alpha_from_x = true;
		f->prepared = k == 1;
		hw_fragment_prepare(&f->cfg, &f->mem, &f->target);
		fx_triangle(f, vtx(0, 0, 0.25f), vtx(240, 30, 0.75f), vtx(10, 400, 0.5f));
		fx_triangle(f, vtx(240, 0, 0.1f), vtx(230, 400, 0.6f), vtx(0, 200, 0.3f));
		hw_fragment_flush(&f->st, &f->delta);
	}
	ck_assert(short_color ? b.target.color_host == NULL : b.target.color_host != NULL);
	ck_assert_ptr_nonnull(b.target.depth_host);
	ck_assert_uint_eq(a.faults, b.faults);
	ck_assert_uint_eq(a.faults != 0, short_color);
	ck_assert(memcmp(&a.counts, &b.counts, sizeof a.counts) == 0);
	ck_assert(memcmp(&a.delta, &b.delta, sizeof a.delta) == 0);
	ck_assert(memcmp(fx_depth(&a), fx_depth(&b), PIXELS * db) == 0);
	if (!short_color)
		ck_assert(memcmp(fx_color(&a), fx_color(&b), PIXELS * cb) == 0);
	fx_fini(&a);
	fx_fini(&b);
}

START_TEST(test_fragment_prepared_target_gives_the_same_results)
{
	fx_compare_prepared(false, HW_COLOR_RGBA8, HW_DEPTH_D24S8);
	fx_compare_prepared(true, HW_COLOR_RGBA8, HW_DEPTH_D24S8);
	fx_compare_prepared(false, HW_COLOR_RGB565, HW_DEPTH_D16);
	fx_compare_prepared(false, HW_COLOR_RGB8, HW_DEPTH_D24);
	fx_compare_prepared(true, HW_COLOR_RGB8, HW_DEPTH_D16);
}
END_TEST

/* A small xorshift generator for the random configurations below. */
static uint32_t fx_rand(uint32_t *seed)
{
	*seed ^= *seed << 13;
	*seed ^= *seed >> 17;
	*seed ^= *seed << 5;
	return *seed;
}

/* The two fixtures' results are the same: counts, traffic, bytes of both
 * buffers and the early depth buffer. */
static void fx_assert_same(struct fx *a, struct fx *b)
{
	ck_assert(memcmp(&a->counts, &b->counts, sizeof a->counts) == 0);
	ck_assert(memcmp(&a->delta, &b->delta, sizeof a->delta) == 0);
	ck_assert(memcmp(&a->st.depth_cache.stats, &b->st.depth_cache.stats,
			 sizeof a->st.depth_cache.stats) == 0);
	ck_assert(memcmp(&a->st.color_cache.stats, &b->st.color_cache.stats,
			 sizeof a->st.color_cache.stats) == 0);
	ck_assert_uint_eq(a->faults, b->faults);
	ck_assert(memcmp(fx_color(a), fx_color(b),
			 PIXELS * hw_fragment_color_bytes(a->cfg.color_format)) == 0);
	if (a->cfg.depth_phys)
		ck_assert(memcmp(fx_depth(a), fx_depth(b),
				 PIXELS * hw_fragment_depth_bytes(a->cfg.depth_format)) == 0);
	ck_assert(a->st.early_depth == NULL
		  || memcmp(a->st.early_depth, b->st.early_depth, PIXELS * 4) == 0);
}

/* Random configurations (every colour and depth format, or none; every
 * function; stencil, blending, masks, the alpha test, early depth), the
 * same triangles through hw_fragment_process, through a prepared target
 * (the compiled operations) and a rasterizer batch at a time through
 * hw_fragment_process_batch (some fragments left out, as a draw leaves
 * out the ones early depth rejects): the same counts, cache traffic and
 * bytes. */
START_TEST(test_fragment_compiled_operations_give_the_same_results)
{
	uint32_t seed = 0x9E3779B9u;
	unsigned round, compiled = 0, plain = 0, reached = 0, k;

	hw_simd_set_avx2(_i == 0);      /* the AVX2 copies (where they run), then the baseline */
	for (round = 0; round < 48; round++) {
		struct fx a, b, c;
		struct fx *both[3] = { &a, &b, &c };
		enum hw_color_format cf = (enum hw_color_format)(fx_rand(&seed) % 5);
		unsigned depth = fx_rand(&seed) % 4;    /* 3: none */
		uint32_t cfg_bits = fx_rand(&seed), funcs = fx_rand(&seed);
		uint32_t op_seed = (round + 1) * 0x9E3779B1u, op_bits = fx_rand(&op_seed);
		float zs[9];
		bool early = cfg_bits >> 12 & 1u;

		for (k = 0; k < 9; k++)
			zs[k] = (float)(fx_rand(&seed) % 1000) / 999.0f;
		for (k = 0; k < 3; k++) {
			struct fx *f = both[k];

			fx_init(f, HW_AREA_VRAM_A, cf);
			if (depth < 3)
				fx_add_depth(f, HW_AREA_VRAM_B,
					     depth == 0 ? HW_DEPTH_D16 : depth == 1 ? HW_DEPTH_D24
					     : HW_DEPTH_D24S8, 0x7FFF00u >> (depth == 0 ? 8 : 0),
					     0x35);
			f->cfg.depth_test = cfg_bits & 1u;
			f->cfg.depth_func = (enum hw_compare)(funcs & 7u);
			f->cfg.depth_write = cfg_bits >> 1 & 1u;
			f->cfg.stencil_test = cfg_bits >> 2 & 1u;
			f->cfg.stencil_func = (enum hw_compare)(funcs >> 3 & 7u);
			f->cfg.stencil_ref = (uint8_t)(funcs >> 6);
			f->cfg.stencil_mask = (uint8_t)(funcs >> 14);
			f->cfg.stencil_write_mask = (uint8_t)(cfg_bits >> 16);
			f->cfg.stencil_fail = (enum hw_stencil_op)(funcs >> 22 & 7u);
			f->cfg.stencil_zfail = (enum hw_stencil_op)(funcs >> 25 & 7u);
			f->cfg.stencil_zpass = (enum hw_stencil_op)(funcs >> 28 & 7u);
			/* the colour operation: blending, a logic op or a plain
			 * write, from bits of a sequence of their own */
			switch (cfg_bits >> 3 & 3u) {
			case 0:
				f->cfg.color_op = HW_COLOR_OP_BLEND;
				f->cfg.blend_func = op_bits & 0xFFFF0707u;
				break;
			case 1:
				f->cfg.color_op = HW_COLOR_OP_LOGIC;
				f->cfg.logic_op = op_bits & 0xFu;
				break;
			default:
				f->cfg.color_op = HW_COLOR_OP_WRITE;
				break;
			}
			memcpy(f->cfg.blend_color, &op_seed, 4);
			f->cfg.color_read = (op_bits >> 4 & 7u) != 0;
			f->cfg.color_mask = (cfg_bits >> 5 & 3u) ? 0xFu : cfg_bits >> 24 & 0xFu;
			f->cfg.alpha_test = (cfg_bits >> 7 & 3u) == 0;
			f->cfg.alpha_func = (enum hw_compare)(cfg_bits >> 9 & 7u);
			f->cfg.alpha_ref = (uint8_t)(cfg_bits >> 28 << 4);
			f->cfg.early_depth = early;
			f->cfg.early_depth_func = (enum hw_compare)(cfg_bits >> 13 & 7u);
			if (early || (cfg_bits >> 20 & 1u))
				ck_assert_int_eq(hw_fragment_clear_early_depth(&f->st, W, H, 0.5f),
						 HW_OK);
			f->alpha_from_x = true;
			f->skip_some = round % 2 == 1;
			f->prepared = k == 1;
			f->batched = k == 2;
			hw_fragment_prepare(&f->cfg, &f->mem, &f->target);
			ck_assert(f->target.compiled && f->target.batch);
			fx_triangle(f, vtx(10, 10, zs[0]), vtx(90, 20, zs[1]), vtx(30, 100, zs[2]));
			fx_triangle(f, vtx(50, 40, zs[3]), vtx(120, 60, zs[4]), vtx(60, 130, zs[5]));
			fx_triangle(f, vtx(20, 50, zs[6]), vtx(110, 45, zs[7]), vtx(70, 90, zs[8]));
			fx_end_draw(f);
		}
		compiled += b.target.compiled;
		/* the batch's own loop (frag_batch_plain) rather than the
		 * compiled operations one fragment at a time */
		plain += !c.target.stencil_on && !c.target.color_read && !c.cfg.alpha_test
			 && c.target.depth_one_line && c.target.color_one_line;
		fx_assert_same(&a, &b);
		fx_assert_same(&a, &c);
		reached += a.counts.in > 0;
		fx_fini(&a);
		fx_fini(&b);
		fx_fini(&c);
	}
	ck_assert_uint_eq(compiled, 48);
	ck_assert_uint_ge(plain, 8);
	ck_assert_uint_ge(reached, 24);    /* rounds where fragments reached the module */
}
END_TEST

/* The batch's own copies for the commonest operations (RGBA8 colour
 * written with D24S8 depth tested and written, or with no depth
 * operation) and its general loop, each against hw_fragment_process:
 * every depth function, early depth on and off, some fragments left out.
 * The random configurations above seldom pick these exactly. */
START_TEST(test_fragment_batch_usual_operations_give_the_same_results)
{
	uint32_t seed = 0x2545F491u;
	unsigned round, k;

	hw_simd_set_avx2(_i == 0);      /* the AVX2 copies (where they run), then the baseline */
	for (round = 0; round < 32; round++) {
		struct fx a, c;
		struct fx *both[2] = { &a, &c };
		unsigned kind = round % 4;      /* D24S8 t+w, none, D24S8 off, D16 t+w */
		float zs[9];

		for (k = 0; k < 9; k++)
			zs[k] = (float)(fx_rand(&seed) % 1000) / 999.0f;
		for (k = 0; k < 2; k++) {
			struct fx *f = both[k];

			fx_init(f, HW_AREA_VRAM_A, HW_COLOR_RGBA8);
			if (kind != 1)
				fx_add_depth(f, HW_AREA_VRAM_B,
					     kind == 3 ? HW_DEPTH_D16 : HW_DEPTH_D24S8,
					     kind == 3 ? 0x7FFFu : 0x7FFF00u, 0x35);
			f->cfg.depth_test = kind == 0 || kind == 3;
			f->cfg.depth_write = kind == 0 || kind == 3;
			f->cfg.depth_func = (enum hw_compare)(round / 4);
			f->cfg.early_depth = round % 3 == 0;
			f->cfg.early_depth_func = (enum hw_compare)((round / 4 + 3) % 8);
			if (round % 3 != 2)
				ck_assert_int_eq(hw_fragment_clear_early_depth(&f->st, W, H, 0.5f),
						 HW_OK);
			f->alpha_from_x = true;
			f->skip_some = round % 2 == 1;
			f->batched = k == 1;
			hw_fragment_prepare(&f->cfg, &f->mem, &f->target);
			fx_triangle(f, vtx(10, 10, zs[0]), vtx(90, 20, zs[1]), vtx(30, 100, zs[2]));
			fx_triangle(f, vtx(50, 40, zs[3]), vtx(120, 60, zs[4]), vtx(60, 130, zs[5]));
			fx_triangle(f, vtx(20, 50, zs[6]), vtx(110, 45, zs[7]), vtx(70, 90, zs[8]));
			fx_end_draw(f);
		}
		fx_assert_same(&a, &c);
		fx_fini(&a);
		fx_fini(&c);
	}
}
END_TEST

/* A batch longer than the runs the colour-only copy works in (it writes
 * the pixels of up to 64 fragments, then the cache takes their writes at
 * once): 300 entries naming 256 fragments (some twice, some left out),
 * several at one pixel with other colours (the last one's stays), spread
 * enough to evict dirty lines, with no depth buffer or one neither tested
 * nor written, against hw_fragment_process one by one. */
START_TEST(test_fragment_batch_longer_than_a_run_matches_one_by_one)
{
	static struct hw_fragment fr[256];
	uint8_t rgba[300][4], which[300];
	uint32_t seed = 0x6C8E9CF5u;
	unsigned round, k, n;

	hw_simd_set_avx2(_i == 0);      /* the AVX2 copies (where they run), then the baseline */
	for (round = 0; round < 4; round++) {
		struct fx a, c;

		fx_init(&a, HW_AREA_VRAM_A, HW_COLOR_RGBA8);
		fx_init(&c, HW_AREA_VRAM_A, HW_COLOR_RGBA8);
		if (round % 2) {
			fx_add_depth(&a, HW_AREA_VRAM_B, HW_DEPTH_D24S8, 0x7FFF00u, 0x35);
			fx_add_depth(&c, HW_AREA_VRAM_B, HW_DEPTH_D24S8, 0x7FFF00u, 0x35);
		}
		hw_fragment_prepare(&c.cfg, &c.mem, &c.target);
		ck_assert(c.target.compiled && c.target.batch);
		for (k = 0; k < 256; k++) {
			uint32_t r = fx_rand(&seed);
			/* a 16x16 corner mostly, anywhere now and then */
			bool far = r % 5 == 0;

			fr[k] = frag_at(far ? r % W : r % 16, far ? (r >> 9) % H : (r >> 9) % 16,
					0.25f);
		}
		for (k = n = 0; k < 300; k++) {
			uint32_t r = fx_rand(&seed);
			unsigned i = (k * 7 + round) % 256;

			if (r % 9 == 4)
				continue;
			which[n] = (uint8_t)i;
			rgba[n][0] = (uint8_t)k;
			rgba[n][1] = (uint8_t)(k >> 8);
			rgba[n][2] = (uint8_t)r;
			rgba[n][3] = (uint8_t)(r >> 24);
			ck_assert_int_eq(hw_fragment_process(&a.cfg, &a.st, &a.mem, &fr[i], rgba[n],
							     &a.delta, &a.counts), HW_OK);
			n++;
		}
		ck_assert_uint_gt(n, 2 * 64);
		hw_fragment_process_batch(&c.cfg, &c.target, &c.st, fr, which,
					  (const uint8_t (*)[4])rgba, n, &c.delta, &c.counts);
		ck_assert_uint_gt(a.st.color_cache.stats.write_backs, 0);
		fx_end_draw(&a);
		fx_end_draw(&c);
		fx_assert_same(&a, &c);
		fx_fini(&a);
		fx_fini(&c);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("fragment");
	TCase *tc = tcase_create("layout");

	tcase_add_test(tc, test_fragment_layout_is_tiled_morton_from_the_top);
	tcase_add_test(tc, test_fragment_color_formats_store_real_bytes);
	tcase_add_test(tc, test_fragment_depth_formats_store_quantized_depth);
	tcase_add_test(tc, test_fragment_prepared_target_gives_the_same_results);
	tcase_add_loop_test(tc, test_fragment_compiled_operations_give_the_same_results, 0, 2);
	tcase_add_loop_test(tc, test_fragment_batch_usual_operations_give_the_same_results, 0, 2);
	tcase_add_loop_test(tc, test_fragment_batch_longer_than_a_run_matches_one_by_one, 0, 2);
	suite_add_tcase(s, tc);

	tc = tcase_create("color");
	tcase_add_test(tc, test_fragment_counts_every_fragment_of_a_fullscreen_quad);
	tcase_add_test(tc, test_fragment_scissored_fragments_do_not_count);
	tcase_add_test(tc, test_fragment_color_only_writes_each_line_once);
	tcase_add_test(tc, test_fragment_quad_diagonal_writes_split_lines_twice);
	tcase_add_test(tc, test_fragment_blending_reads_each_destination_line_once);
	tcase_add_test(tc, test_fragment_color_mask_zero_writes_nothing);
	tcase_add_test(tc, test_fragment_color_buffer_in_vram_b_counts_channel_b);
	tcase_add_test(tc, test_fragment_flush_writes_the_dirty_lines_back);
	tcase_add_test(tc, test_fragment_flush_keeps_lines_and_invalidate_drops_them);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);

	tc = tcase_create("tests");
	tcase_add_test(tc, test_fragment_hidden_quad_reaches_the_counter_and_fails_depth);
	tcase_add_test(tc, test_fragment_early_depth_discards_before_the_counter);
	tcase_add_test(tc, test_fragment_depth_write_without_test_writes_depth);
	tcase_add_test(tc, test_fragment_stencil_operations_on_the_stored_byte);
	tcase_add_test(tc, test_fragment_stencil_written_by_one_draw_is_seen_by_the_next);
	tcase_add_test(tc, test_fragment_alpha_test_discards_by_the_real_alpha);
	tcase_add_test(tc, test_fragment_check_rejects_bad_configurations);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
