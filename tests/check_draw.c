/* check_draw.c: whole draws through the hardware model, driven by command
 * buffers built by hand (hw/hw_command.c, hw/hw_draw*.c, hw/hw_gpu.c). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hw/hw_gpu.h"
#include "hw/hw_regs.h"
#include "hw/hw_simd.h"
#include "pica_cmd.h"
#include "shader_asm.h"
#include "test_util.h"

/* Registers (3dbrew, GPU/Internal Registers). */
#define R_CULL          0x040
#define R_VP_WIDTH      0x041
#define R_VP_HEIGHT     0x043
#define R_OUTMAP_TOTAL  0x04F
#define R_OUTMAP_O0     0x050
#define R_ATTR_LOC      0x200
#define R_ATTR_FMT_LOW  0x201
#define R_ATTR_FMT_HIGH 0x202
#define R_ATTR0_OFFSET  0x203
#define R_ATTR0_CFG1    0x204
#define R_ATTR0_CFG2    0x205
#define R_INDEX_CONFIG  0x227
#define R_NUMVERTICES   0x228
#define R_VERTEX_OFFSET 0x22A
#define R_DRAWARRAYS    0x22E
#define R_DRAWELEMENTS  0x22F
#define R_PRIMITIVE     0x25E
#define R_VSH_PERM_LOW  0x2BB
#define R_VSH_OUTMASK   0x2BD

static struct hw_gpu gpu;
static struct pica_cmd cmd;
static struct shader_asm sasm;

static void setup(void)
{
	hw_gpu_init(&gpu);
	hw_gpu_reset(&gpu, 100, 0);
	pica_cmd_init(&cmd);
	asm_init(&sasm);
}

static void teardown(void)
{
	hw_gpu_fini(&gpu);
}

/* A vertex shader of `extra` + 2 instructions: extra "mov r0, v0", then
 * "mov o0, v0" and "end" (END counts as an instruction executed). */
static unsigned program_straight(unsigned extra)
{
	struct hw_shader_state prog;
	unsigned i;

	memset(&prog, 0, sizeof prog);
	for (i = 0; i < extra; i++)
		asm_mov(&sasm, asm_rd(0), asm_v(0));
	asm_mov(&sasm, asm_o(0), asm_v(0));
	asm_end(&sasm);
	ck_assert_msg(asm_finish(&sasm, &prog), "%s", sasm.error);
	pica_cmd_vs_program(&cmd, &prog, sasm.ncode, sasm.nopdesc, 0);
	return extra + 2;
}

/* Assembles a geometry shader that, `reps` times over, emits one triangle
 * whose vertex v takes o0 from src[v], and puts it in the command list.
 * Returns false, with g->error saying why, when it does not assemble: the
 * caller asserts on the result so a failure names the test's line. */
static bool load_triangle_gs(struct shader_asm *g, unsigned reps,
			     const struct asm_src src[3])
{
	struct hw_shader_state prog;
	unsigned t, v;

	asm_init(g);
	for (t = 0; t < reps; t++)
		for (v = 0; v < 3; v++) {
			asm_setemit(g, v, v == 2, false);
			asm_mov(g, asm_o(0), src[v]);
			asm_emit(g);
		}
	asm_end(g);
	memset(&prog, 0, sizeof prog);
	if (!asm_finish(g, &prog))
		return false;
	pica_cmd_gs_program(&cmd, &prog, g->ncode, g->nopdesc, 0);
	return true;
}

/* Float3 positions at `base`; o0 is the position; 240x400 viewport. */
static void common_state(uint32_t base, unsigned topology, unsigned cull)
{
	pica_cmd_reg(&cmd, R_ATTR_LOC, base >> 3);
	pica_cmd_reg(&cmd, R_ATTR_FMT_LOW, 3 + (3 - 1) * 4);   /* float, 3 components */
	pica_cmd_reg(&cmd, R_ATTR_FMT_HIGH, 0);                 /* 1 attribute, none fixed */
	pica_cmd_reg(&cmd, R_ATTR0_OFFSET, 0);
	pica_cmd_reg(&cmd, R_ATTR0_CFG1, 0);                    /* element 0: attribute 0 */
	pica_cmd_reg(&cmd, R_ATTR0_CFG2, 12u << 16 | 1u << 28); /* stride 12, 1 element */
	pica_cmd_reg(&cmd, R_VSH_PERM_LOW, 0);                  /* attribute 0 -> v0 */
	pica_cmd_reg(&cmd, R_VSH_OUTMASK, 1);                   /* o0 */
	pica_cmd_reg(&cmd, R_OUTMAP_TOTAL, 1);
	pica_cmd_reg(&cmd, R_OUTMAP_O0, 0x03020100);            /* o0 = position xyzw */
	pica_cmd_reg(&cmd, R_VP_WIDTH, pica_f24(120));
	pica_cmd_reg(&cmd, R_VP_HEIGHT, pica_f24(200));
	pica_cmd_reg(&cmd, R_CULL, cull);
	pica_cmd_reg(&cmd, R_PRIMITIVE, topology << 8);
}

static uint32_t put_positions(const float *xyz, unsigned n)
{
	uint32_t base = hw_memory_alloc(&gpu.memory, HW_AREA_VRAM_A, n * 12);
	void *p = hw_memory_host(&gpu.memory, base, n * 12);

	ck_assert_ptr_nonnull(p);
	memcpy(p, xyz, n * 12);
	return base;
}

static void run_and_finish(void)
{
	ck_assert_int_eq(hw_gpu_submit(&gpu, cmd.w, cmd.n, 0), HW_OK);
	hw_gpu_advance(&gpu, gpu.cmdlist_busy_until - gpu.clock);
}

/* Two triangles well inside the screen, and the same pair shifted by dx. */
static const float two_triangles[] = {
	-0.5f, -0.5f, -0.5f,   0.5f, -0.5f, -0.5f,   0.0f, 0.5f, -0.5f,
	-0.5f,  0.5f, -0.5f,   0.5f,  0.5f, -0.5f,   0.0f, 0.9f, -0.5f,
};

/* k instructions over v vertices give k*v transitions, vertex i on
 * processor i % 4 (model choice). */
START_TEST(test_draw_straight_shader_counts_k_times_v_spread_over_processors)
{
	uint32_t base = put_positions(two_triangles, 6);
	unsigned k = program_straight(5);

	common_state(base, 0, 0);
	pica_cmd_reg(&cmd, R_NUMVERTICES, 6);
	pica_cmd_reg(&cmd, R_VERTEX_OFFSET, 0);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	run_and_finish();
	ck_assert_uint_eq(gpu.counters.shader[0][HW_SHADER_INSTRUCTIONS], 2 * k);
	ck_assert_uint_eq(gpu.counters.shader[1][HW_SHADER_INSTRUCTIONS], 2 * k);
	ck_assert_uint_eq(gpu.counters.shader[2][HW_SHADER_INSTRUCTIONS], 1 * k);
	ck_assert_uint_eq(gpu.counters.shader[3][HW_SHADER_INSTRUCTIONS], 1 * k);
	ck_assert_uint_eq(gpu.counters.polygon[HW_POLYGON_VERTICES_IN], 6);
	ck_assert_uint_eq(gpu.counters.polygon[HW_POLYGON_IN], 2);
	ck_assert_uint_eq(gpu.counters.polygon[HW_POLYGON_OUT], 2);
}
END_TEST

/* Counts land when the draw ends, not when it is queued. */
START_TEST(test_draw_counts_land_at_the_end_of_the_draw)
{
	uint32_t base = put_positions(two_triangles, 6);

	program_straight(0);
	common_state(base, 0, 0);
	pica_cmd_reg(&cmd, R_NUMVERTICES, 6);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	ck_assert_int_eq(hw_gpu_submit(&gpu, cmd.w, cmd.n, 0), HW_OK);
	ck_assert(hw_gpu_cmdlist_executing(&gpu));
	ck_assert_uint_eq(gpu.counters.polygon[HW_POLYGON_IN], 0);
	hw_gpu_advance(&gpu, gpu.cmdlist_busy_until - gpu.clock);
	ck_assert(!hw_gpu_cmdlist_executing(&gpu));
	ck_assert_uint_eq(gpu.counters.polygon[HW_POLYGON_IN], 2);
}
END_TEST

/* Vertex data in VRAM A: 72 bytes = 5 lines of 16 bytes through word 4
 * and the channel A read word. */
START_TEST(test_draw_vertex_fetch_counts_memory_words)
{
	uint32_t base = put_positions(two_triangles, 6);

	program_straight(0);
	common_state(base, 0, 0);
	pica_cmd_reg(&cmd, R_NUMVERTICES, 6);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	run_and_finish();
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_A_READ], 5);
	/* word 4 adds the command buffer's own fetches (unknown address) */
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_COMMAND_VERTEX_READ],
			  5 + (cmd.n * 4 + 15) / 16);
}
END_TEST

/* A grid of (n+1)^2 vertices, as an indexed triangle list, in strip order
 * or with its triangles shuffled. */
static unsigned make_grid(unsigned n, bool shuffle, uint32_t *base_out, uint32_t *index_offset)
{
	unsigned verts = (n + 1) * (n + 1), tris = 2 * n * n, i, x, y;
	float *pos = malloc(verts * 12);
	uint16_t *idx = malloc(tris * 3 * 2);
	uint32_t base;
	unsigned char *host;

	for (y = 0; y <= n; y++)
		for (x = 0; x <= n; x++) {
			float *p = &pos[3 * (y * (n + 1) + x)];
			p[0] = -0.9f + 1.8f * (float)x / (float)n;
			p[1] = -0.9f + 1.8f * (float)y / (float)n;
			p[2] = -0.5f;
		}
	for (y = 0, i = 0; y < n; y++)
		for (x = 0; x < n; x++) {
			uint16_t a = (uint16_t)(y * (n + 1) + x), b = (uint16_t)(a + 1);
			uint16_t c = (uint16_t)(a + n + 1), d = (uint16_t)(c + 1);
			idx[i++] = a; idx[i++] = b; idx[i++] = c;
			idx[i++] = b; idx[i++] = d; idx[i++] = c;
		}
	if (shuffle) {
		uint32_t s = 12345;
		for (i = tris - 1; i > 0; i--) {
			unsigned j, k;
			s = s * 1103515245u + 12345u;
			j = (s >> 8) % (i + 1);
			for (k = 0; k < 3; k++) {
				uint16_t t = idx[3 * i + k];
				idx[3 * i + k] = idx[3 * j + k];
				idx[3 * j + k] = t;
			}
		}
	}
	base = hw_memory_alloc(&gpu.memory, HW_AREA_VRAM_A, verts * 12 + tris * 6 + 16);
	host = hw_memory_host(&gpu.memory, base, verts * 12 + tris * 6);
	memcpy(host, pos, verts * 12);
	*index_offset = (verts * 12 + 15) / 16 * 16;
	memcpy(host + *index_offset, idx, tris * 6);
	free(pos);
	free(idx);
	*base_out = base;
	return tris * 3;
}

static uint32_t draw_grid(bool shuffle)
{
	uint32_t base, index_offset;
	unsigned indices = make_grid(12, shuffle, &base, &index_offset);

	program_straight(0);
	common_state(base, 0, 0);
	pica_cmd_reg(&cmd, R_INDEX_CONFIG, index_offset | 1u << 31);   /* 16-bit indices */
	pica_cmd_reg(&cmd, R_NUMVERTICES, indices);
	pica_cmd_reg(&cmd, R_DRAWELEMENTS, 1);
	gpu.counters.vcache_started = true;
	run_and_finish();
	ck_assert_uint_eq(gpu.counters.polygon[HW_POLYGON_IN], indices / 3);
	return gpu.counters.vertex_cache;
}

/* Strip-ordered indices hit the post-vertex cache; shuffled ones miss. */
START_TEST(test_draw_vertex_cache_strip_order_beats_shuffled)
{
	uint32_t ordered = draw_grid(false), shuffled;
	uint32_t shaded = gpu.counters.shader[0][0] + gpu.counters.shader[1][0]
			  + gpu.counters.shader[2][0] + gpu.counters.shader[3][0];

	ck_assert_uint_eq(ordered, 169);            /* each of 13 x 13 vertices once */
	ck_assert_uint_eq(shaded, 2 * 169);         /* only misses are shaded */
	teardown();
	setup();
	shuffled = draw_grid(true);
	ck_assert_uint_gt(shuffled, 2 * ordered);
	ck_assert_uint_le(shuffled, 12 * 12 * 6);
}
END_TEST

/* Manual 9.3.3: the vertex-cache counter restarts at every indexed draw;
 * non-indexed draws (DRAWARRAYS) do not touch it, so a read after one
 * still returns the last indexed draw's count. */
START_TEST(test_draw_arrays_leaves_vertex_cache_counter_alone)
{
	uint32_t after_indexed = draw_grid(false), base = put_positions(two_triangles, 6);

	pica_cmd_init(&cmd);
	common_state(base, 0, 0);
	pica_cmd_reg(&cmd, R_NUMVERTICES, 6);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	run_and_finish();
	ck_assert_uint_eq(gpu.counters.polygon[HW_POLYGON_IN], 12 * 12 * 2 + 2);
	ck_assert_uint_eq(gpu.counters.vertex_cache, after_indexed);
}
END_TEST

/* Half the triangles face away: with culling, half come out. */
START_TEST(test_draw_back_facing_half_is_culled)
{
	static const float mixed[] = {
		-0.5f, -0.5f, -0.5f,   0.5f, -0.5f, -0.5f,   0.0f, 0.5f, -0.5f,   /* ccw */
		-0.5f, -0.5f, -0.5f,   0.0f,  0.5f, -0.5f,   0.5f, -0.5f, -0.5f,  /* cw */
		-0.2f, -0.2f, -0.5f,   0.2f, -0.2f, -0.5f,   0.0f, 0.2f, -0.5f,   /* ccw */
		-0.2f, -0.2f, -0.5f,   0.0f,  0.2f, -0.5f,   0.2f, -0.2f, -0.5f,  /* cw */
	};
	uint32_t base = put_positions(mixed, 12);

	program_straight(0);
	common_state(base, 0, 2);                   /* cull clockwise */
	pica_cmd_reg(&cmd, R_NUMVERTICES, 12);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	run_and_finish();
	ck_assert_uint_eq(gpu.counters.polygon[HW_POLYGON_IN], 4);
	ck_assert_uint_eq(gpu.counters.polygon[HW_POLYGON_OUT], 2);
}
END_TEST

/* Outside the frustum: removed; crossing it: one polygon out. */
START_TEST(test_draw_clipping_removes_outside_and_counts_crossing_once)
{
	static const float tris[] = {
		2.0f, 2.0f, -0.5f,   3.0f, 2.0f, -0.5f,   2.5f, 3.0f, -0.5f,     /* outside */
		-3.0f, -3.0f, -0.5f, 3.0f, -3.0f, -0.5f,  0.0f, 3.0f, -0.5f,     /* crossing */
	};
	uint32_t base = put_positions(tris, 6);

	program_straight(0);
	common_state(base, 0, 0);
	pica_cmd_reg(&cmd, R_NUMVERTICES, 6);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	run_and_finish();
	ck_assert_uint_eq(gpu.counters.polygon[HW_POLYGON_IN], 2);
	ck_assert_uint_eq(gpu.counters.polygon[HW_POLYGON_OUT], 1);
}
END_TEST

/* A strip of n vertices makes n - 2 triangles. */
START_TEST(test_draw_strip_and_fan_topologies)
{
	static const float strip[] = {
		-0.5f, -0.5f, -0.5f,  -0.5f, 0.5f, -0.5f,  0.0f, -0.5f, -0.5f,
		0.0f, 0.5f, -0.5f,    0.5f, -0.5f, -0.5f,  0.5f, 0.5f, -0.5f,
	};
	uint32_t base = put_positions(strip, 6);

	program_straight(0);
	common_state(base, 1, 0);
	pica_cmd_reg(&cmd, R_NUMVERTICES, 6);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	common_state(base, 2, 0);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	run_and_finish();
	ck_assert_uint_eq(gpu.counters.polygon[HW_POLYGON_VERTICES_IN], 12);
	ck_assert_uint_eq(gpu.counters.polygon[HW_POLYGON_IN], 8);
}
END_TEST

/* The busy signals: in a shader-heavy draw, shader processor 0 is busy on
 * every clock and wins the windows; the command module, busy part of the
 * time, does not. The program is uploaded first, on its own, so that the
 * draw's command work is only its own setup. */
START_TEST(test_draw_busy_bottleneck_follows_the_work)
{
	uint32_t base = put_positions(two_triangles, 6);
	uint16_t busy[HW_BUSY_MODULE_COUNT];

	program_straight(60);
	ck_assert_int_eq(hw_gpu_submit(&gpu, cmd.w, cmd.n, 0), HW_OK);
	hw_gpu_advance(&gpu, gpu.cmdlist_busy_until - gpu.clock);
	pica_cmd_init(&cmd);
	common_state(base, 0, 0);
	pica_cmd_reg(&cmd, R_NUMVERTICES, 6);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	gpu.busy.reg_window = 16;
	hw_busy_start(&gpu.busy, gpu.clock);
	run_and_finish();
	hw_busy_read(&gpu.busy, gpu.clock, busy);
	ck_assert_uint_gt(busy[HW_BUSY_SHADER0], 0);
	ck_assert_uint_gt(busy[HW_BUSY_SHADER0], busy[HW_BUSY_TRIANGLE_SETUP]);
	ck_assert_uint_gt(busy[HW_BUSY_SHADER0], busy[HW_BUSY_COMMAND]);
}
END_TEST

/* The loader's busy clocks of the last draw (observer). */
static void record_loader_work(void *user, const struct hw_event *e)
{
	if (e->kind == HW_EVENT_DRAW)
		*(uint64_t *)user = e->draw->work[HW_BUSY_COMMAND];
}

/* Six vertices: positions (float3, stride 12) in VRAM A, a second
 * attribute (float1, stride 4) at `second`; the loader's clocks. */
static uint64_t loader_clocks_with_second_array(uint32_t positions, uint32_t second)
{
	uint64_t work = 0;

	pica_cmd_init(&cmd);
	asm_init(&sasm);                        /* the same command words each time */
	program_straight(0);
	common_state(positions, 0, 0);
	pica_cmd_reg(&cmd, R_ATTR_FMT_LOW, (3 + (3 - 1) * 4) | 3u << 4);  /* float3, float1 */
	pica_cmd_reg(&cmd, R_ATTR_FMT_HIGH, 1u << 28);                     /* 2 attributes */
	pica_cmd_reg(&cmd, R_ATTR0_OFFSET + 3, second - positions);        /* array 1 */
	pica_cmd_reg(&cmd, R_ATTR0_CFG1 + 3, 1);                           /* element: attr 1 */
	pica_cmd_reg(&cmd, R_ATTR0_CFG2 + 3, 4u << 16 | 1u << 28);         /* stride 4, 1 */
	pica_cmd_reg(&cmd, R_VSH_PERM_LOW, 0x10);                          /* v0, v1 */
	pica_cmd_reg(&cmd, R_NUMVERTICES, 6);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	gpu.observe = record_loader_work;
	gpu.observe_user = &work;
	run_and_finish();
	gpu.observe = NULL;
	return work;
}

/* Issue 30: vertex arrays split between VRAM and main memory make the
 * VRAM ones load at main-memory speed (the platform's programming manual,
 * GPU chapter). The loader's clocks are the draw's overhead, the
 * attributes, the command words' fetches (the same in each case) and the
 * array fetches at 1 clock a 16-byte line in VRAM, 2 in FCRAM; the
 * positions take 72 bytes = 5 lines, the second array 24 bytes = 2 lines.
 * Against both arrays in VRAM (X):
 *   second in FCRAM (mixed): X + 2 (its 2 lines at 2) + 5 (the VRAM
 *                            positions slowed to 2) = X + 7, not X + 2;
 *   both in FCRAM:           X + 7 as well. */
START_TEST(test_draw_mixed_vertex_arrays_load_at_main_memory_speed)
{
	uint32_t pos_vram = put_positions(two_triangles, 6);
	uint32_t pos_fcram = hw_memory_alloc(&gpu.memory, HW_AREA_FCRAM, 6 * 12);
	uint32_t second_vram = hw_memory_alloc(&gpu.memory, HW_AREA_VRAM_A, 6 * 4);
	uint32_t second_fcram = hw_memory_alloc(&gpu.memory, HW_AREA_FCRAM, 6 * 4);
	uint64_t vram, mixed, fcram;
	struct hw_loader_config lc;

	ck_assert_uint_ne(pos_fcram, 0);
	ck_assert_uint_ne(second_vram, 0);
	ck_assert_uint_ne(second_fcram, 0);
	ck_assert_uint_eq(pos_vram % 16, 0);
	ck_assert_uint_eq(pos_fcram % 16, 0);
	ck_assert_uint_eq(second_vram % 16, 0);
	ck_assert_uint_eq(second_fcram % 16, 0);
	memcpy(hw_memory_host(&gpu.memory, pos_fcram, 6 * 12), two_triangles, 6 * 12);
	memset(hw_memory_host(&gpu.memory, second_vram, 6 * 4), 0, 6 * 4);
	memset(hw_memory_host(&gpu.memory, second_fcram, 6 * 4), 0, 6 * 4);
	vram = loader_clocks_with_second_array(pos_vram, second_vram);
	mixed = loader_clocks_with_second_array(pos_vram, second_fcram);
	fcram = loader_clocks_with_second_array(pos_fcram, second_fcram);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_A_READ], 5 + 2 + 5);  /* 3 draws */
	ck_assert_uint_eq(mixed, vram + 7);
	ck_assert_uint_eq(fcram, vram + 7);

	/* The rule itself: arrays with fetched attributes only. */
	memset(&lc, 0, sizeof lc);
	lc.base = pos_vram;
	lc.attrib_count = 2;
	lc.array_count = 2;
	lc.array[0].elements = 1;
	lc.array[0].element[0] = 0;
	lc.array[1].offset = second_fcram - pos_vram;
	lc.array[1].elements = 1;
	lc.array[1].element[0] = 1;
	ck_assert(hw_loader_arrays_mixed(&lc));
	lc.attrib[1].fixed = true;              /* a fixed attribute fetches nothing */
	ck_assert(!hw_loader_arrays_mixed(&lc));
	lc.attrib[1].fixed = false;
	lc.array[1].element[0] = 13;            /* padding only */
	ck_assert(!hw_loader_arrays_mixed(&lc));
	lc.array[1].element[0] = 1;
	lc.array[1].offset = second_vram - pos_vram;
	ck_assert(!hw_loader_arrays_mixed(&lc));
}
END_TEST

/* Many cheap triangles with a one-instruction shader: setup-bound. */
START_TEST(test_draw_busy_many_small_triangles_are_setup_bound)
{
	enum { TRIS = 200 };
	float *pos = malloc(TRIS * 9 * sizeof *pos);
	uint16_t busy[HW_BUSY_MODULE_COUNT];
	uint32_t base;
	unsigned i;

	for (i = 0; i < TRIS * 3; i++) {
		pos[3 * i + 0] = (float)(i % 3 == 1) * 0.01f;
		pos[3 * i + 1] = (float)(i % 3 == 2) * 0.01f;
		pos[3 * i + 2] = -0.5f;
	}
	base = put_positions(pos, TRIS * 3);
	free(pos);
	program_straight(0);
	ck_assert_int_eq(hw_gpu_submit(&gpu, cmd.w, cmd.n, 0), HW_OK);
	hw_gpu_advance(&gpu, gpu.cmdlist_busy_until - gpu.clock);
	pica_cmd_init(&cmd);
	common_state(base, 0, 0);
	pica_cmd_reg(&cmd, R_NUMVERTICES, TRIS * 3);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	gpu.busy.reg_window = 64;
	hw_busy_start(&gpu.busy, gpu.clock);
	run_and_finish();
	hw_busy_read(&gpu.busy, gpu.clock, busy);
	ck_assert_uint_gt(busy[HW_BUSY_TRIANGLE_SETUP], busy[HW_BUSY_SHADER0]);
	ck_assert_uint_gt(busy[HW_BUSY_TRIANGLE_SETUP], busy[HW_BUSY_COMMAND]);
}
END_TEST

/* Points through a geometry shader that emits `per_point` triangles
 * each; returns the polygons into triangle setup. Register ids: GEOSTAGE
 * 0x229, geometry unit INPUTBUFFER_CONFIG 0x289 and OUTMAP_MASK 0x28D. */
static void build_points_through_gs(unsigned per_point)
{
	static const float points[] = {
		-0.5f, -0.5f, -0.5f,   0.5f, -0.5f, -0.5f,   0.0f, 0.5f, -0.5f,   0.2f, 0.2f, -0.5f,
	};
	uint32_t base = put_positions(points, 4);
	const struct asm_src src[3] = { asm_v(0), asm_v(0), asm_v(0) };
	struct shader_asm g;

	program_straight(0);
	ck_assert_msg(load_triangle_gs(&g, per_point, src), "%s", g.error);
	common_state(base, 3, 0);                   /* geometry primitives */
	pica_cmd_reg(&cmd, 0x229, 2);               /* geometry shader on */
	pica_cmd_reg(&cmd, 0x289, 0x08000000u);     /* 1 input register */
	pica_cmd_reg(&cmd, 0x28D, 1);               /* the GS writes o0 */
	pica_cmd_reg(&cmd, R_NUMVERTICES, 4);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
}

static uint32_t points_through_gs(unsigned per_point)
{
	build_points_through_gs(per_point);
	run_and_finish();
	return gpu.counters.polygon[HW_POLYGON_IN];
}

/* The smallest request work bound (hw_gpu.request_max_work) under which
 * the buffer of points_through_gs(per_point) runs to the end; *words its
 * command words. Each probe runs on a fresh GPU. */
static uint64_t points_through_gs_min_work(unsigned per_point, unsigned *words)
{
	uint64_t lo = 1, hi = 1u << 20;

	while (lo < hi) {
		uint64_t mid = lo + (hi - lo) / 2;
		enum hw_status st;

		setup();
		build_points_through_gs(per_point);
		*words = cmd.n;
		gpu.request_max_work = mid;
		st = hw_gpu_submit(&gpu, cmd.w, cmd.n, 0);
		ck_assert(st == HW_OK || st == HW_ERROR_LIMIT);
		teardown();
		if (st == HW_OK)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/* A geometry shader that emits two triangles per point doubles the input
 * of triangle setup; processor 0 runs it, vertices go to 1..3. */
START_TEST(test_draw_geometry_shader_two_triangles_per_point_doubles_setup_input)
{
	uint32_t one = points_through_gs(1), two;

	ck_assert_uint_eq(one, 4);
	ck_assert_uint_eq(gpu.counters.polygon[HW_POLYGON_VERTICES_IN], 12);
	ck_assert_uint_eq(gpu.counters.shader[0][HW_SHADER_INSTRUCTIONS], 4 * (3 * 3 + 1));
	ck_assert_uint_eq(gpu.counters.shader[1][HW_SHADER_INSTRUCTIONS], 2 * 2);
	teardown();
	setup();
	two = points_through_gs(2);
	ck_assert_uint_eq(two, 2 * one);
}
END_TEST

/* b15 (fact sheet B.11, Citra): the geometry unit sets its boolean
 * uniform b15 after every invocation. A geometry shader "ifu b15: three
 * nops; end" over four points, with b15 cleared before the draw: the first
 * invocation skips the block (ifu, end: 2), the other three run it (ifu,
 * 3 nops, end: 5): 2 + 3 x 5 = 17. A second draw without clearing: every
 * invocation runs it, 4 x 5 = 20 more; b15 stays set after the draws. */
START_TEST(test_draw_geometry_shader_sets_b15_after_each_invocation)
{
	static const float points[] = {
		-0.5f, -0.5f, -0.5f,   0.5f, -0.5f, -0.5f,   0.0f, 0.5f, -0.5f,   0.2f, 0.2f, -0.5f,
	};
	uint32_t base = put_positions(points, 4);
	struct shader_asm g;
	struct hw_shader_state prog;
	struct asm_block b;

	program_straight(0);
	asm_init(&g);
	b = asm_ifu(&g, 15);
	asm_nop(&g);
	asm_nop(&g);
	asm_nop(&g);
	asm_endif(&g, &b);
	asm_end(&g);
	memset(&prog, 0, sizeof prog);
	ck_assert_msg(asm_finish(&g, &prog), "%s", g.error);
	pica_cmd_reg(&cmd, 0x244, 1);               /* the GS has its own config */
	pica_cmd_gs_program(&cmd, &prog, g.ncode, g.nopdesc, 0);
	pica_cmd_reg(&cmd, 0x280, 0x7FFF0000u);     /* GS bool uniforms: b15 clear */
	common_state(base, 3, 0);
	pica_cmd_reg(&cmd, 0x229, 2);
	pica_cmd_reg(&cmd, 0x289, 0x08000000u);     /* 1 input register */
	pica_cmd_reg(&cmd, 0x28D, 1);
	pica_cmd_reg(&cmd, R_NUMVERTICES, 4);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	run_and_finish();
	ck_assert_uint_eq(gpu.counters.shader[0][HW_SHADER_INSTRUCTIONS], 17);
	ck_assert_uint_eq(gpu.gs.b, 1u << 15);
	pica_cmd_init(&cmd);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	run_and_finish();
	ck_assert_uint_eq(gpu.counters.shader[0][HW_SHADER_INSTRUCTIONS], 17 + 20);
	ck_assert_uint_eq(gpu.gs.b, 1u << 15);
}
END_TEST

/* Uniform mirroring (fact sheet B.11): while 0x244 bit 0 is 0, writes to
 * the vertex unit's float, integer and boolean uniforms, code and operand
 * descriptors also reach the geometry unit; its entry point does not.
 * With bit 0 set they stay the vertex unit's. */
START_TEST(test_draw_vertex_uniforms_mirror_to_geometry_unit_while_0x244_is_0)
{
	static const float c5[4] = { 1, 2, 3, 4 }, c6[4] = { 5, 6, 7, 8 };

	pica_cmd_reg(&cmd, 0x244, 0);
	pica_cmd_vs_float(&cmd, 5, c5);
	pica_cmd_reg(&cmd, 0x2B0, 0x7FFF0000u | 0x0123u);     /* VS b */
	pica_cmd_reg(&cmd, 0x2B1, 0x04030201u);               /* VS i0 */
	program_straight(1);                                  /* mov, mov, end */
	pica_cmd_reg(&cmd, 0x2BA, 0x7FFF0000u | 7u);          /* VS entry */
	run_and_finish();
	ck_assert(memcmp(gpu.gs.f[5], c5, sizeof c5) == 0);
	ck_assert_uint_eq(gpu.gs.b, 0x0123u);
	ck_assert_uint_eq(gpu.gs.i[0][0], 1);
	ck_assert_uint_eq(gpu.gs.i[0][3], 4);
	ck_assert(memcmp(gpu.gs.code, gpu.vs.code, 3 * sizeof gpu.vs.code[0]) == 0);
	ck_assert_uint_ne(gpu.vs.code[0], 0);
	ck_assert(memcmp(gpu.gs.opdesc, gpu.vs.opdesc, sizeof gpu.vs.opdesc[0]) == 0);
	ck_assert_uint_eq(gpu.vs.entry, 7);
	ck_assert_uint_eq(gpu.gs.entry, 0);

	pica_cmd_init(&cmd);
	pica_cmd_reg(&cmd, 0x244, 1);
	pica_cmd_vs_float(&cmd, 5, c6);
	pica_cmd_reg(&cmd, 0x2B0, 0x7FFF0000u | 0x0456u);
	run_and_finish();
	ck_assert(memcmp(gpu.vs.f[5], c6, sizeof c6) == 0);
	ck_assert(memcmp(gpu.gs.f[5], c5, sizeof c5) == 0);
	ck_assert_uint_eq(gpu.vs.b, 0x0456u);
	ck_assert_uint_eq(gpu.gs.b, 0x0123u);
}
END_TEST

/* The work bound counts the geometry shader's instructions: three
 * triangles a point instead of one cost 4 x 2 x 9 more (setemit, mov and
 * emit for each vertex), on top of the longer program's command words.
 * The emitted triangles are degenerate (every vertex is the point), so no
 * fragment counts. */
START_TEST(test_draw_work_bound_counts_geometry_shader_instructions)
{
	unsigned words1, words3;
	uint64_t one, three;

	teardown();
	one = points_through_gs_min_work(1, &words1);
	three = points_through_gs_min_work(3, &words3);
	setup();
	ck_assert_uint_gt(words3, words1);
	ck_assert_uint_eq(three - one, (words3 - words1) + 4 * 2 * 9);
}
END_TEST

/* ---- fragment stage --------------------------------------------------- */

/* A 240x400 RGBA8 colour buffer in VRAM A (and optionally a D24S8 depth
 * buffer in VRAM B) as the render target; the combiner's stage 0 passes
 * the primary colour (reset registers: source 0, replace). */
static uint32_t target_zbuf;      /* set_target's depth buffer, 0 without one */

static uint32_t set_target(bool depth)
{
	uint32_t color = hw_memory_alloc(&gpu.memory, HW_AREA_VRAM_A, 240 * 400 * 4);
	uint32_t zbuf = depth ? hw_memory_alloc(&gpu.memory, HW_AREA_VRAM_B, 240 * 400 * 4) : 0;

	target_zbuf = zbuf;
	pica_cmd_reg(&cmd, 0x11E, 240u | (400u - 1) << 12 | 1u << 24);   /* FRAMEBUFFER_DIM */
	pica_cmd_reg(&cmd, 0x06E, 240u | (400u - 1) << 12 | 1u << 24);   /* RENDERBUF_DIM */
	pica_cmd_reg(&cmd, 0x11D, color >> 3);                           /* COLORBUFFER_LOC */
	pica_cmd_reg(&cmd, 0x117, 2u | 0u << 16);                        /* RGBA8, 4 bytes */
	pica_cmd_reg(&cmd, 0x113, 0xF);                                  /* colour writes */
	/* Combiner stages 1-5 pass the previous result on (the GL default);
	 * stage 0 keeps the reset value: replace with the primary colour. */
	{
		unsigned i, prev = HW_REG_TEVSRC_PREVIOUS;
		for (i = 1; i < 6; i++)
			pica_cmd_reg(&cmd, HW_REG_TEXENV_SOURCE(i),
				     prev | prev << 4 | prev << 8 | prev << 16 | prev << 20 | prev << 24);
	}
	pica_cmd_reg(&cmd, 0x107, 0xFu << 8 | (depth ? 1u | 4u << 4 | 1u << 12 : 0));
	if (depth) {
		/* Cleared to the far plane, as glClear would (memory fill is
		 * modelled in the frame-loop issue): depth 0xFFFFFF, stencil 0. */
		uint8_t *z = hw_memory_host(&gpu.memory, zbuf, 240 * 400 * 4);
		unsigned i;
		for (i = 0; i < 240 * 400; i++) {
			z[4 * i] = z[4 * i + 1] = z[4 * i + 2] = 0xFF;
			z[4 * i + 3] = 0;
		}
		pica_cmd_reg(&cmd, 0x11C, zbuf >> 3);                    /* DEPTHBUFFER_LOC */
		pica_cmd_reg(&cmd, 0x116, 3);                            /* D24S8 */
		pica_cmd_reg(&cmd, 0x114, 3);                            /* depth reads */
		pica_cmd_reg(&cmd, 0x115, 3);                            /* depth writes */
	}
	return color;
}

/* Two triangles covering the whole viewport. */
static const float fullscreen[] = {
	-1.0f, -1.0f, -0.5f,   1.0f, -1.0f, -0.5f,   1.0f, 1.0f, -0.5f,
	-1.0f, -1.0f, -0.5f,   1.0f,  1.0f, -0.5f,  -1.0f, 1.0f, -0.5f,
};

static void draw_fullscreen(uint32_t base)
{
	common_state(base, 0, 0);
	pica_cmd_reg(&cmd, R_NUMVERTICES, 6);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
}

/* A full-screen quad on the 240x400 target: 96000 fragments. The quad's
 * two triangles share a diagonal: every colour line is written once
 * (24000 16-byte writes), except the 160 lines the diagonal splits, which
 * each triangle writes (the cache evicts them in between). */
START_TEST(test_draw_fullscreen_quad_counts_96000_fragments)
{
	uint32_t base = put_positions(fullscreen, 6);

	program_straight(0);
	set_target(false);
	draw_fullscreen(base);
	run_and_finish();
	ck_assert_uint_eq(gpu.counters.fragment, 96000);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_COLOR_WRITE], 24000 + 160);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_COLOR_READ], 0);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_A_WRITE], 24000 + 160);
}
END_TEST

/* The full-screen quad coloured by its position (o1 = v0, clamped by
 * the combiner), the combiner's stage 0 replacing with `source`; the
 * colour buffer's bytes into *pixels. */
static void colour_by_position(unsigned source, uint8_t *pixels)
{
	uint32_t base, color;
	struct hw_shader_state prog;

	setup();
	base = put_positions(fullscreen, 6);
	memset(&prog, 0, sizeof prog);
	asm_mov(&sasm, asm_o(0), asm_v(0));
	asm_mov(&sasm, asm_o(1), asm_v(0));
	asm_end(&sasm);
	ck_assert_msg(asm_finish(&sasm, &prog), "%s", sasm.error);
	pica_cmd_vs_program(&cmd, &prog, sasm.ncode, sasm.nopdesc, 0);
	color = set_target(false);
	pica_cmd_reg(&cmd, HW_REG_TEXENV_SOURCE(0), source | source << 16);
	common_state(base, 0, 0);
	pica_cmd_reg(&cmd, R_VSH_OUTMASK, 0x3);                 /* o0, o1 */
	pica_cmd_reg(&cmd, R_OUTMAP_TOTAL, 2);
	pica_cmd_reg(&cmd, R_OUTMAP_O0 + 1, 0x0B0A0908);        /* color r, g, b, a */
	pica_cmd_reg(&cmd, R_NUMVERTICES, 6);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	run_and_finish();
	ck_assert_uint_eq(gpu.counters.fragment, 96000);
	memcpy(pixels, hw_memory_host(&gpu.memory, color, 240 * 400 * 4), 240 * 400 * 4);
	teardown();
}

/* Untextured fragments without early depth (the draw's shortest path)
 * take the interpolated vertex colour whether the combiner reads it as
 * the primary colour or as fragment lighting's primary output (modelled
 * as the vertex colour): the same pixels, and not all the same. */
START_TEST(test_draw_untextured_fragments_take_the_vertex_colour_either_way)
{
	uint8_t *primary = malloc(240 * 400 * 4), *lit = malloc(240 * 400 * 4);
	unsigned i, differ = 0;

	ck_assert(primary && lit);
	teardown();
	colour_by_position(HW_REG_TEVSRC_PRIMARY_COLOR, primary);
	colour_by_position(HW_REG_TEVSRC_FRAG_PRIMARY, lit);
	setup();
	ck_assert(memcmp(primary, lit, 240 * 400 * 4) == 0);
	for (i = 1; i < 240 * 400; i++)
		differ += memcmp(primary + 4 * i, primary + 4 * i - 4, 4) != 0;
	ck_assert_uint_gt(differ, 1000);
	free(primary);
	free(lit);
}
END_TEST

/* Manual 9.3.5: fragments removed by clipping never count. A quad from
 * x = 0.5 to 2 (NDC) is cut at the right edge to 60 x 200 pixels. */
START_TEST(test_draw_clipped_fragments_do_not_count)
{
	static const float big[] = {
		0.5f, -0.5f, -0.5f,   2.0f, -0.5f, -0.5f,   2.0f, 0.5f, -0.5f,
		0.5f, -0.5f, -0.5f,   2.0f,  0.5f, -0.5f,   0.5f, 0.5f, -0.5f,
	};
	uint32_t base = put_positions(big, 6);

	program_straight(0);
	set_target(false);
	draw_fullscreen(base);
	run_and_finish();
	ck_assert_uint_eq(gpu.counters.polygon[HW_POLYGON_OUT], 2);
	ck_assert_uint_eq(gpu.counters.fragment, 60 * 200);
}
END_TEST

/* Scissor to a quarter of the target: a quarter of the fragments. */
/* Scissor mode 1 (exclude) through the registers: the box (0, 0) to
 * (119, 199) inclusive, 24000 pixels, is discarded; 72000 fragments are
 * left. Mode 2 (not listed) acts as off: 96000 more. */
START_TEST(test_draw_scissor_exclude_discards_the_box)
{
	uint32_t base = put_positions(fullscreen, 6);

	program_straight(0);
	set_target(false);
	pica_cmd_reg(&cmd, 0x065, 1);                          /* scissor: exclude */
	pica_cmd_reg(&cmd, 0x066, 0);                          /* from (0, 0) */
	pica_cmd_reg(&cmd, 0x067, 119u | 199u << 16);          /* to (119, 199) inclusive */
	draw_fullscreen(base);
	run_and_finish();
	ck_assert_uint_eq(gpu.counters.fragment, 72000);
	pica_cmd_init(&cmd);
	pica_cmd_reg(&cmd, 0x065, 2);                          /* not listed: off */
	draw_fullscreen(base);
	run_and_finish();
	ck_assert_uint_eq(gpu.counters.fragment, 72000 + 96000);
}
END_TEST

/* The user clip plane through its registers (0x047 bit 0 on, 0x048-0x04B
 * the plane's float24 coefficients, clip space): (-1, 0, 0, 0) keeps x <=
 * 0, the left half of a full-screen quad: window x = (0 + 1) x 120 = 120,
 * so columns 0..119, 120 x 400 = 48000 fragments; both triangles cross
 * the plane and still count as polygons out. Off again, all 96000. */
START_TEST(test_draw_user_clip_plane_registers_cut_the_quad)
{
	uint32_t base = put_positions(fullscreen, 6);

	program_straight(0);
	set_target(false);
	pica_cmd_reg(&cmd, 0x047, 1);
	pica_cmd_reg(&cmd, 0x048, pica_f24(-1.0f));
	pica_cmd_reg(&cmd, 0x049, pica_f24(0.0f));
	pica_cmd_reg(&cmd, 0x04A, pica_f24(0.0f));
	pica_cmd_reg(&cmd, 0x04B, pica_f24(0.0f));
	draw_fullscreen(base);
	run_and_finish();
	ck_assert_uint_eq(gpu.counters.fragment, 48000);
	ck_assert_uint_eq(gpu.counters.polygon[HW_POLYGON_IN], 2);
	ck_assert_uint_eq(gpu.counters.polygon[HW_POLYGON_OUT], 2);
	pica_cmd_init(&cmd);
	pica_cmd_reg(&cmd, 0x047, 0);
	draw_fullscreen(base);
	run_and_finish();
	ck_assert_uint_eq(gpu.counters.fragment, 48000 + 96000);
}
END_TEST

START_TEST(test_draw_scissor_quarter_gives_a_quarter)
{
	uint32_t base = put_positions(fullscreen, 6);

	program_straight(0);
	set_target(false);
	pica_cmd_reg(&cmd, 0x065, 3);                          /* scissor on */
	pica_cmd_reg(&cmd, 0x066, 0);                          /* from (0, 0) */
	pica_cmd_reg(&cmd, 0x067, 119u | 199u << 16);          /* to (119, 199) inclusive */
	draw_fullscreen(base);
	run_and_finish();
	ck_assert_uint_eq(gpu.counters.fragment, 24000);
}
END_TEST

/* Few large triangles are fill-bound: the per-fragment module (or the
 * rasterizer) wins the busy counter, not the geometry modules. */
struct draw_span {
	uint64_t start, end, raster, fragment;
};

static void record_draw_span(void *user, const struct hw_event *e)
{
	struct draw_span *sp = user;

	if (e->kind != HW_EVENT_DRAW)
		return;
	sp->start = e->start;
	sp->end = e->end;
	sp->raster = e->draw->work[HW_BUSY_RASTERIZER];
	sp->fragment = e->draw->work[HW_BUSY_PER_FRAGMENT];
}

/* Issue 30, the fill-rate statement: the platform documentation says the
 * fill rate is below the previous generation's 648 Mpixel/s, about 2.4
 * pixels a clock at 268 MHz. The rasterizer walks 4 pixel centres a clock
 * (DMP's 800 Mpixel/s at 200 MHz) but is never the limit: a colour-only
 * RGBA8 full-screen quad (96000 fragments, 24160 colour writes of 16
 * bytes) costs per-fragment operations 96000 / 4 + 24160 x 1 = 48160
 * clocks against the rasterizer's 2 x 4 + 96000 / 4 = 24008, so the draw
 * fills at most 96000 / 48160 = 1.99 pixels a clock, under 2.4. */
START_TEST(test_draw_fill_rate_stays_under_the_documented_ceiling)
{
	uint32_t base = put_positions(fullscreen, 6);
	struct draw_span sp;

	program_straight(0);
	set_target(false);
	draw_fullscreen(base);
	memset(&sp, 0, sizeof sp);
	gpu.observe = record_draw_span;
	gpu.observe_user = &sp;
	run_and_finish();
	gpu.observe = NULL;
	ck_assert_uint_eq(gpu.counters.fragment, 96000);
	ck_assert_uint_eq(sp.raster, 2 * 4 + 96000 / 4);
	ck_assert_uint_eq(sp.fragment, 96000 / 4 + 24160);
	ck_assert_uint_ge(sp.end - sp.start, 48160);
	ck_assert_uint_lt(96000u * 10, 24 * (sp.end - sp.start));   /* < 2.4 a clock */
}
END_TEST

START_TEST(test_draw_fill_bound_draw_is_won_by_fragment_side)
{
	uint32_t base = put_positions(fullscreen, 6);
	uint16_t busy[HW_BUSY_MODULE_COUNT];

	program_straight(0);
	set_target(true);
	ck_assert_int_eq(hw_gpu_submit(&gpu, cmd.w, cmd.n, 0), HW_OK);
	hw_gpu_advance(&gpu, gpu.cmdlist_busy_until - gpu.clock);
	pica_cmd_init(&cmd);
	draw_fullscreen(base);
	gpu.busy.reg_window = 64;
	hw_busy_start(&gpu.busy, gpu.clock);
	run_and_finish();
	hw_busy_read(&gpu.busy, gpu.clock, busy);
	ck_assert_uint_gt(busy[HW_BUSY_PER_FRAGMENT] + busy[HW_BUSY_RASTERIZER],
			  busy[HW_BUSY_SHADER0] + busy[HW_BUSY_TRIANGLE_SETUP] + busy[HW_BUSY_COMMAND]);
}
END_TEST

/* Eight lights on every fragment: fragment lighting wins. */
START_TEST(test_draw_heavy_lighting_is_won_by_lighting)
{
	uint32_t base = put_positions(fullscreen, 6);
	uint16_t busy[HW_BUSY_MODULE_COUNT];

	program_straight(0);
	set_target(false);
	pica_cmd_reg(&cmd, 0x08F, 1);                          /* LIGHTING_ENABLE0 */
	pica_cmd_reg(&cmd, 0x1C6, 0);                          /* ENABLE1: not disabled */
	pica_cmd_reg(&cmd, 0x1C2, 7);                          /* 8 lights */
	ck_assert_int_eq(hw_gpu_submit(&gpu, cmd.w, cmd.n, 0), HW_OK);
	hw_gpu_advance(&gpu, gpu.cmdlist_busy_until - gpu.clock);
	pica_cmd_init(&cmd);
	draw_fullscreen(base);
	gpu.busy.reg_window = 64;
	hw_busy_start(&gpu.busy, gpu.clock);
	run_and_finish();
	hw_busy_read(&gpu.busy, gpu.clock, busy);
	ck_assert_uint_gt(busy[HW_BUSY_FRAGMENT_LIGHTING], busy[HW_BUSY_PER_FRAGMENT]);
	ck_assert_uint_gt(busy[HW_BUSY_FRAGMENT_LIGHTING], busy[HW_BUSY_RASTERIZER]);
}
END_TEST

/* Two overlapping full-screen quads, the front one first, depth test
 * LESS: the hidden one's fragments reach the counter and fail the depth
 * test; with early depth they are discarded before it. */
static uint32_t hidden_quad(bool early)
{
	static const float back[] = {
		-1.0f, -1.0f, -0.9f,   1.0f, -1.0f, -0.9f,   1.0f, 1.0f, -0.9f,
		-1.0f, -1.0f, -0.9f,   1.0f,  1.0f, -0.9f,  -1.0f, 1.0f, -0.9f,
	};
	uint32_t front = put_positions(fullscreen, 6), behind = put_positions(back, 6);

	program_straight(0);
	set_target(true);
	pica_cmd_reg(&cmd, 0x04D, pica_f24(-1.0f));            /* window z = -z: front is 0.5 */
	if (early) {
		pica_cmd_reg(&cmd, 0x062, 1);                      /* EARLYDEPTH_TEST1 */
		pica_cmd_reg(&cmd, 0x118, 1);                      /* EARLYDEPTH_TEST2 */
		pica_cmd_reg(&cmd, 0x061, 3);                      /* LESS */
		pica_cmd_reg(&cmd, 0x06A, 0xFFFFFF);               /* clear value: far */
		pica_cmd_reg(&cmd, 0x063, 1);                      /* clear */
	}
	draw_fullscreen(front);
	draw_fullscreen(behind);
	run_and_finish();
	return gpu.counters.fragment;
}

START_TEST(test_draw_hidden_quad_reaches_counter_without_early_depth)
{
	ck_assert_uint_eq(hidden_quad(false), 192000);
	/* Depth lines are read in both draws and written in the first only
	 * (+160 a pass for the lines the diagonal splits). */
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_DEPTH_STENCIL_READ], 2 * (24000 + 160));
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_DEPTH_STENCIL_WRITE], 24000 + 160);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_B_WRITE], 24000 + 160);
	/* the hidden quad writes no colour */
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_COLOR_WRITE], 24000 + 160);
}
END_TEST

START_TEST(test_draw_hidden_quad_discarded_by_early_depth)
{
	ck_assert_uint_eq(hidden_quad(true), 96000);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_DEPTH_STENCIL_READ], 24000 + 160);
}
END_TEST

/* A full-screen quad of one colour (window depth 0.5; the combiner reads
 * no varying, so the rasterizer interpolates depth only where the
 * per-fragment operations read it) over a D24S8 buffer holding depth
 * `stored` everywhere, with DEPTH_COLOR_MASK `mask` and, when `early`,
 * the early depth test (LESS) against `stored`. Out: the depth and colour
 * word every pixel ends with (0 when they differ), and the fragments. */
static void one_color_quad(uint32_t mask, bool early, uint32_t stored, uint32_t *depth,
			   uint32_t *colour, uint32_t *fragments)
{
	uint32_t base = put_positions(fullscreen, 6), color;
	const uint8_t *c, *z;
	uint8_t *fill;
	unsigned i;

	program_straight(0);
	color = set_target(true);
	fill = hw_memory_host(&gpu.memory, target_zbuf, 240 * 400 * 4);
	ck_assert_ptr_nonnull(fill);
	for (i = 0; i < 240 * 400; i++) {
		fill[4 * i] = (uint8_t)stored;
		fill[4 * i + 1] = (uint8_t)(stored >> 8);
		fill[4 * i + 2] = (uint8_t)(stored >> 16);
	}
	pica_cmd_reg(&cmd, 0x107, mask);
	pica_cmd_reg(&cmd, 0x04D, pica_f24(-1.0f));            /* window z = -z: 0.5 */
	pica_cmd_reg(&cmd, HW_REG_TEXENV_SOURCE(0),
		     HW_REG_TEVSRC_CONSTANT | HW_REG_TEVSRC_CONSTANT << 16);
	pica_cmd_reg(&cmd, HW_REG_TEXENV_COLOR(0), 0xFF3060C0u);      /* A B G R */
	if (early) {
		pica_cmd_reg(&cmd, 0x062, 1);                      /* EARLYDEPTH_TEST1 */
		pica_cmd_reg(&cmd, 0x118, 1);                      /* EARLYDEPTH_TEST2 */
		pica_cmd_reg(&cmd, 0x061, 3);                      /* LESS */
		pica_cmd_reg(&cmd, 0x06A, stored);                 /* clear value */
		pica_cmd_reg(&cmd, 0x063, 1);                      /* clear */
	}
	draw_fullscreen(base);
	run_and_finish();
	c = hw_memory_host(&gpu.memory, color, 240 * 400 * 4);
	z = hw_memory_host(&gpu.memory, target_zbuf, 240 * 400 * 4);
	*colour = (uint32_t)c[0] | (uint32_t)c[1] << 8 | (uint32_t)c[2] << 16
		  | (uint32_t)c[3] << 24;
	*depth = (uint32_t)z[0] | (uint32_t)z[1] << 8 | (uint32_t)z[2] << 16;
	for (i = 1; i < 240 * 400; i++) {
		if (memcmp(c + 4 * i, c, 4) != 0)
			*colour = 0;
		if (memcmp(z + 4 * i, z, 3) != 0)
			*depth = 0;
	}
	*fragments = gpu.counters.fragment;
}

/* A draw whose combiner reads no varying interpolates depth wherever a
 * per-fragment operation reads it (hw_draw_fragment.c, depth_unused): a depth
 * write without the test writes the quad's depth; the test without the
 * write compares it (the quad is behind 0.25 and in front of 0.75); the
 * early depth test without either compares it too. */
START_TEST(test_draw_depth_is_interpolated_wherever_an_operation_reads_it)
{
	const uint32_t colours = 0xFu << 8, write = 1u << 12, test_less = 1u | 4u << 4;
	const uint32_t written = 0xC06030FFu;   /* bytes A B G R, read little-endian */
	uint32_t depth, colour, fragments;

	one_color_quad(colours | write, false, 0xFFFFFF, &depth, &colour, &fragments);
	ck_assert_uint_eq(colour, written);
	ck_assert(depth > 0x7F0000 && depth < 0x810000);        /* 0.5, every pixel */
	teardown();
	setup();
	one_color_quad(colours | test_less, false, 0x400000, &depth, &colour, &fragments);
	ck_assert_uint_eq(colour, 0);                           /* 0.5 < 0.25 fails */
	ck_assert_uint_eq(depth, 0x400000);
	ck_assert_uint_eq(fragments, 96000);
	teardown();
	setup();
	one_color_quad(colours | test_less, false, 0xC00000, &depth, &colour, &fragments);
	ck_assert_uint_eq(colour, written);                 /* 0.5 < 0.75 passes */
	ck_assert_uint_eq(depth, 0xC00000);
	teardown();
	setup();
	one_color_quad(colours, true, 0x400000, &depth, &colour, &fragments);
	ck_assert_uint_eq(fragments, 0);                        /* all rejected early */
	ck_assert_uint_eq(colour, 0);
	teardown();
	setup();
	one_color_quad(colours, true, 0xC00000, &depth, &colour, &fragments);
	ck_assert_uint_eq(fragments, 96000);
	ck_assert_uint_eq(colour, written);
}
END_TEST

/* The w-buffer (fragment-pipeline.md B.10). A full-screen quad whose left
 * corners have w = 1 and right corners w = 2, z = -0.5 at all four:
 * clip (-1, +-1, -0.5, 1) and (2, +-2, -0.5, 2), so every corner lies on
 * the viewport's edge. 1/w is linear in window x, u: 1 at u = 0 and 1/2
 * at u = 240, so at a pixel centre u = x + 0.5, 1/w = 1 - u/480 and
 * w = 480/(480 - u), the same in both triangles. DEPTHMAP_SCALE -1,
 * DEPTHMAP_OFFSET 1/8:
 * - z-buffer (0x06D = 1): depth = z/w x scale + offset
 *   = 0.5 (1 - u/480) + 1/8, from 5/8 down to 3/8;
 * - w-buffer (0x06D = 0): depth = z x scale + w x offset
 *   = 0.5 + 480/(8 (480 - u)), from 5/8 up to 3/4.
 * The depth buffer, at the far plane before, is written with the test
 * LESS. The stored value is the depth, rounded to float as the
 * rasterizer hands it on, times 2^n - 1, rounded to nearest. */
enum wbuf_mode { WBUF_UNWRITTEN, WBUF_Z, WBUF_W };

static const float wbuf_quad[] = {
	-1.0f, -1.0f, -0.5f, 1.0f,   2.0f, -2.0f, -0.5f, 2.0f,   2.0f, 2.0f, -0.5f, 2.0f,
	-1.0f, -1.0f, -0.5f, 1.0f,   2.0f,  2.0f, -0.5f, 2.0f,  -1.0f, 1.0f, -0.5f, 1.0f,
};

static double wbuf_expected_depth(enum wbuf_mode mode, unsigned x)
{
	double u = x + 0.5;

	if (mode == WBUF_W)
		return 0.5 + 480.0 / (8.0 * (480.0 - u));
	return 0.5 * (1.0 - u / 480.0) + 0.125;
}

/* Draw the quad in `mode` over a depth buffer of `d16` ? D16 : D24S8, and
 * check every pixel's stored depth against the formula. */
static void wbuf_check(enum wbuf_mode mode, bool d16)
{
	const uint32_t max = d16 ? 0xFFFFu : 0xFFFFFFu;
	const unsigned bytes = d16 ? 2 : 4;
	uint32_t base = hw_memory_alloc(&gpu.memory, HW_AREA_VRAM_A, sizeof wbuf_quad);
	const uint8_t *z;
	unsigned x, y;

	ck_assert_uint_ne(base, 0);
	memcpy(hw_memory_host(&gpu.memory, base, sizeof wbuf_quad), wbuf_quad, sizeof wbuf_quad);
	program_straight(0);
	set_target(true);
	if (d16) {
		pica_cmd_reg(&cmd, 0x116, 0);                      /* D16 */
		/* the far plane, 0xFFFF, at every pixel */
		memset(hw_memory_host(&gpu.memory, target_zbuf, 240 * 400 * 2), 0xFF,
		       240 * 400 * 2);
	}
	pica_cmd_reg(&cmd, 0x04D, pica_f24(-1.0f));
	pica_cmd_reg(&cmd, 0x04E, pica_f24(0.125f));
	if (mode != WBUF_UNWRITTEN)
		pica_cmd_reg(&cmd, 0x06D, mode == WBUF_Z ? 1 : 0);
	common_state(base, 0, 0);
	pica_cmd_reg(&cmd, R_ATTR_FMT_LOW, 3 + (4 - 1) * 4);   /* float, 4 components */
	pica_cmd_reg(&cmd, R_ATTR0_CFG2, 16u << 16 | 1u << 28); /* stride 16 */
	pica_cmd_reg(&cmd, R_NUMVERTICES, 6);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	run_and_finish();
	ck_assert_uint_eq(gpu.counters.fragment, 96000);
	z = hw_memory_host(&gpu.memory, target_zbuf, 240 * 400 * 4);
	for (y = 0; y < 400; y++)
		for (x = 0; x < 240; x++) {
			/* the tiled layout, by hand: 8x8 tiles from the top row,
			 * Morton order inside */
			unsigned r = 399 - y;
			unsigned at = ((r / 8) * 30 + x / 8) * 64 + tu_tile_z[r % 8][x % 8];
			float d = (float)wbuf_expected_depth(mode, x);
			uint32_t want = (uint32_t)((double)d * max + 0.5), got;

			got = (uint32_t)z[at * bytes] | (uint32_t)z[at * bytes + 1] << 8;
			if (!d16)
				got |= (uint32_t)z[at * bytes + 2] << 16;
			ck_assert_msg(got == want, "(%u, %u): %#x, want %#x", x, y, got, want);
		}
}

/* _i bit 0: D16; bit 1: the rasterizer's baseline copy (the w-buffer has
 * its own copies of the walk, hw_raster.c). */
START_TEST(test_draw_w_buffer_depth_is_z_times_scale_plus_w_times_offset)
{
	hw_simd_set_avx2((_i & 2) == 0);
	wbuf_check(WBUF_W, (_i & 1) != 0);
	hw_simd_set_avx2(true);
}
END_TEST

START_TEST(test_draw_z_buffer_depth_is_z_over_w_times_scale_plus_offset)
{
	wbuf_check(WBUF_Z, _i == 1);
}
END_TEST

/* 0x06D powers on 1 (model choice, hw_command_power_on): a command list
 * that never writes it draws with the z-buffer, as before the w-buffer
 * was modelled. */
START_TEST(test_draw_unwritten_depth_mode_is_the_z_buffer)
{
	ck_assert_uint_eq(gpu.regs[0x06D], 1);
	wbuf_check(WBUF_UNWRITTEN, _i == 1);
}
END_TEST

/* ---- the 32x32 block mode ------------------------------------------------
 *
 * A w x h colour-only target (no depth buffer) in VRAM A, zeroed, of
 * format `fmt` (HW_REG_COLORFMT_*, `bytes` a pixel), in 32x32 blocks when
 * `block32` (FRAMEBUFFER_BLOCK32 0x11B); the combiner's stage 0 takes the
 * constant colour, the viewport is the target. Returns the buffer. */
static uint32_t block_target(unsigned w, unsigned h, unsigned fmt, unsigned bytes, bool block32)
{
	uint32_t color = hw_memory_alloc(&gpu.memory, HW_AREA_VRAM_A, w * h * bytes);
	unsigned i, prev = HW_REG_TEVSRC_PREVIOUS;

	ck_assert_uint_ne(color, 0);
	memset(hw_memory_host(&gpu.memory, color, w * h * bytes), 0, w * h * bytes);
	pica_cmd_reg(&cmd, 0x11E, w | (h - 1) << 12 | 1u << 24);      /* FRAMEBUFFER_DIM */
	pica_cmd_reg(&cmd, 0x06E, w | (h - 1) << 12 | 1u << 24);      /* RENDERBUF_DIM */
	pica_cmd_reg(&cmd, 0x11D, color >> 3);                        /* COLORBUFFER_LOC */
	pica_cmd_reg(&cmd, 0x117, fmt << 16 | (bytes == 4 ? 2u : 0u));
	pica_cmd_reg(&cmd, 0x113, 0xF);                               /* colour writes */
	pica_cmd_reg(&cmd, 0x107, 0xFu << 8);                         /* colour mask only */
	pica_cmd_reg(&cmd, 0x11B, block32 ? 1 : 0);
	pica_cmd_reg(&cmd, HW_REG_TEXENV_SOURCE(0),
		     HW_REG_TEVSRC_CONSTANT | HW_REG_TEVSRC_CONSTANT << 16);
	for (i = 1; i < 6; i++)
		pica_cmd_reg(&cmd, HW_REG_TEXENV_SOURCE(i),
			     prev | prev << 4 | prev << 8 | prev << 16 | prev << 20 | prev << 24);
	return color;
}

/* The window square [x0, x0 + side] x [y0, y0 + side] of a w x h viewport
 * as two triangles (clip = NDC, w = 1) at out[0..17]. */
static void window_square(float *out, unsigned x0, unsigned y0, unsigned side, unsigned w,
			  unsigned h)
{
	const float l = 2.0f * x0 / w - 1.0f, r = 2.0f * (x0 + side) / w - 1.0f;
	const float b = 2.0f * y0 / h - 1.0f, t = 2.0f * (y0 + side) / h - 1.0f;
	const float v[18] = { l, b, -0.5f, r, b, -0.5f, r, t, -0.5f,
			      l, b, -0.5f, r, t, -0.5f, l, t, -0.5f };

	memcpy(out, v, sizeof v);
}

/* Window pixels (x, y up) of a 64x64 RGBA8 target, and the byte offset of
 * each in the 8x8 and in the 32x32 layout, by hand (r = 63 - y the memory
 * row; 8x8: tile (r/8) * 8 + x/8, 64 pixels a tile; 32x32: block
 * (r/32) * 2 + x/32, 1024 pixels a block, tile Morton(x%32/8, r%32/8)
 * inside, 64 pixels a tile; in a tile, Morton(x%8, r%8), x in bits 0, 2,
 * 4 and r in bits 1, 3, 5; 4 bytes a pixel):
 * - (0, 63): r 0: index 0 both ways;
 * - (0, 55): r 8: 8x8 tile 8 -> 512; 32x32 tile (0, 1) = 2 -> 128;
 * - (40, 63): r 0: 8x8 tile 5 -> 320; 32x32 block 1, tile (1, 0) = 1 ->
 *   1024 + 64 = 1088;
 * - (45, 21): r 42, x%8 5, r%8 2: in-tile 1 + 16 + 8 = 25; 8x8 tile 45
 *   -> 2880 + 25 = 2905; 32x32 block 3, tile (1, 1) = 3 -> 3072 + 192 +
 *   25 = 3289;
 * - (63, 0): r 63: 4095 both ways (the last pixel). */
static const struct {
	unsigned x, y;
	uint32_t at8, at32;
} block_pixels[] = {
	{ 0, 63, 0, 0 },
	{ 0, 55, 512 * 4, 128 * 4 },
	{ 40, 63, 320 * 4, 1088 * 4 },
	{ 45, 21, 2905 * 4, 3289 * 4 },
	{ 63, 0, 4095 * 4, 4095 * 4 },
};
#define BLOCK_PIXELS (sizeof block_pixels / sizeof block_pixels[0])

/* One draw a pixel: a one-pixel square of the constant colour R = k + 1,
 * G 0x11, B 0x22, A 0xFF for pixel k. Every other byte stays 0. */
START_TEST(test_draw_block32_places_pixels_in_32x32_blocks)
{
	const bool block32 = _i == 1;
	float quads[BLOCK_PIXELS][18];
	uint32_t base, color;
	const uint8_t *p;
	unsigned k, i, nonzero = 0;

	for (k = 0; k < BLOCK_PIXELS; k++)
		window_square(quads[k], block_pixels[k].x, block_pixels[k].y, 1, 64, 64);
	base = put_positions(&quads[0][0], BLOCK_PIXELS * 6);
	program_straight(0);
	color = block_target(64, 64, HW_REG_COLORFMT_RGBA8, 4, block32);
	common_state(base, 0, 0);
	pica_cmd_reg(&cmd, R_VP_WIDTH, pica_f24(32));
	pica_cmd_reg(&cmd, R_VP_HEIGHT, pica_f24(32));
	for (k = 0; k < BLOCK_PIXELS; k++) {
		pica_cmd_reg(&cmd, HW_REG_TEXENV_COLOR(0), 0xFF221100u | (k + 1));  /* A B G R */
		pica_cmd_reg(&cmd, R_VERTEX_OFFSET, k * 6);
		pica_cmd_reg(&cmd, R_NUMVERTICES, 6);
		pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	}
	run_and_finish();
	ck_assert_uint_eq(gpu.counters.fragment, BLOCK_PIXELS);
	p = hw_memory_host(&gpu.memory, color, 64 * 64 * 4);
	for (k = 0; k < BLOCK_PIXELS; k++) {
		uint32_t at = block32 ? block_pixels[k].at32 : block_pixels[k].at8;

		/* the word R<<24 | G<<16 | B<<8 | A, little-endian: A B G R */
		ck_assert_msg(p[at] == 0xFF && p[at + 1] == 0x22 && p[at + 2] == 0x11
			      && p[at + 3] == k + 1, "pixel (%u, %u) not at byte %u",
			      block_pixels[k].x, block_pixels[k].y, at);
	}
	for (i = 0; i < 64 * 64; i++)
		nonzero += p[4 * i] != 0;
	ck_assert_uint_eq(nonzero, BLOCK_PIXELS);
}
END_TEST

/* The depth buffer follows the block mode too: a D24S8 buffer of the
 * 64x64 target, at the far plane (0xFFFFFF) before; the one-pixel square
 * at (45, 21) (window depth -z = 0.5: 0x800000 in 24 bits, 0.5 x
 * 0xFFFFFF rounded) with the depth test ALWAYS and depth writes lands at
 * pixel 3289 in 32x32 blocks and 2905 in 8x8 tiles (block_pixels above);
 * the other place keeps the far plane. */
START_TEST(test_draw_block32_places_depth_in_32x32_blocks)
{
	const bool block32 = _i == 1;
	const uint32_t at = block32 ? 3289 * 4 : 2905 * 4, other = block32 ? 2905 * 4 : 3289 * 4;
	uint32_t base, zbuf = hw_memory_alloc(&gpu.memory, HW_AREA_VRAM_B, 64 * 64 * 4);
	float quad[18];
	uint8_t *z;

	ck_assert_uint_ne(zbuf, 0);
	z = hw_memory_host(&gpu.memory, zbuf, 64 * 64 * 4);
	memset(z, 0xFF, 64 * 64 * 4);
	window_square(quad, 45, 21, 1, 64, 64);
	base = put_positions(quad, 6);
	program_straight(0);
	block_target(64, 64, HW_REG_COLORFMT_RGBA8, 4, block32);
	pica_cmd_reg(&cmd, 0x11C, zbuf >> 3);                         /* DEPTHBUFFER_LOC */
	pica_cmd_reg(&cmd, 0x116, 3);                                 /* D24S8 */
	pica_cmd_reg(&cmd, 0x114, 3);                                 /* depth reads */
	pica_cmd_reg(&cmd, 0x115, 3);                                 /* depth writes */
	pica_cmd_reg(&cmd, 0x107, 0xFu << 8 | 1u | 1u << 4 | 1u << 12);    /* ALWAYS, write */
	pica_cmd_reg(&cmd, 0x04D, pica_f24(-1.0f));                   /* depth = -z */
	common_state(base, 0, 0);
	pica_cmd_reg(&cmd, R_VP_WIDTH, pica_f24(32));
	pica_cmd_reg(&cmd, R_VP_HEIGHT, pica_f24(32));
	pica_cmd_reg(&cmd, R_NUMVERTICES, 6);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	run_and_finish();
	ck_assert_uint_eq(gpu.counters.fragment, 1);
	ck_assert(memcmp(z + at, "\x00\x00\x80", 3) == 0);
	ck_assert(memcmp(z + other, "\xFF\xFF\xFF", 3) == 0);
}
END_TEST

/* The cache effect of the layout. A 32x64 RGB565 target (2 bytes a pixel:
 * an 8x8 tile is 128 bytes, 8 lines of the 16-byte framebuffer cache
 * lines; the colour cache has 32 sets of 4 ways, so a line at byte a
 * goes to set a/16 % 32 and a tile at tile index i to sets 8 (i % 4) ..
 * 8 (i % 4) + 7). One draw writes, without reading, the whole tiles of
 * tile column 0 at tile rows (from the top) 0, 1, 2, 3, 4, then row 0
 * again. Tile (0, ty) is at tile index:
 * - 8x8: 4 ty (4 tiles a row): all five in sets 0-7. Each of those sets
 *   gets lines of rows 0, 1, 2, 3 (full), 4 (row 0's line written back,
 *   LRU), 0 again (a miss: row 1's written back); the flush at the end
 *   writes back 4: 6 writes a set, 48 in all;
 * - 32x32: 16 (ty / 4) + Morton(0, ty % 4) = 0, 2, 8, 10, 16: rows 0, 2
 *   and 4 in sets 0-7, rows 1 and 3 in sets 16-23; row 0's lines stay (3
 *   lines a set) and are hit again; the flush writes back 3 + 2 a set, 40
 *   in all.
 * So the 32x32 layout saves 8 of 48 line writes here (COLOR_WRITE counts
 * 16-byte units; no colour reads either way). */
START_TEST(test_draw_block32_changes_the_colour_cache_traffic)
{
	static const unsigned rows[] = { 0, 1, 2, 3, 4, 0 };
	const bool block32 = _i == 1;
	float quads[6][18];
	uint32_t base;
	unsigned k;

	for (k = 0; k < 6; k++)
		window_square(quads[k], 0, 64 - 8 * (rows[k] + 1), 8, 32, 64);
	base = put_positions(&quads[0][0], 6 * 6);
	program_straight(0);
	block_target(32, 64, HW_REG_COLORFMT_RGB565, 2, block32);
	common_state(base, 0, 0);
	pica_cmd_reg(&cmd, R_VP_WIDTH, pica_f24(16));
	pica_cmd_reg(&cmd, R_VP_HEIGHT, pica_f24(32));
	pica_cmd_reg(&cmd, HW_REG_TEXENV_COLOR(0), 0xFF808080u);
	pica_cmd_reg(&cmd, R_NUMVERTICES, 6 * 6);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	run_and_finish();
	ck_assert_uint_eq(gpu.counters.fragment, 6 * 64);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_COLOR_READ], 0);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_COLOR_WRITE], block32 ? 40 : 48);
}
END_TEST

/* A target whose sides are not multiples of 32 keeps the 8x8 layout in
 * the 32x32 mode (model choice, hw_command.c): the 240x400 screen. */
START_TEST(test_draw_block32_needs_sides_of_whole_blocks)
{
	float quad[18];
	uint32_t base, color;
	const uint8_t *p;

	/* pixel (0, 391): memory row 8, tile 30 of the 8x8 layout */
	window_square(quad, 0, 391, 1, 240, 400);
	base = put_positions(quad, 6);
	program_straight(0);
	color = block_target(240, 400, HW_REG_COLORFMT_RGBA8, 4, true);
	common_state(base, 0, 0);
	pica_cmd_reg(&cmd, HW_REG_TEXENV_COLOR(0), 0xFF221101u);
	pica_cmd_reg(&cmd, R_NUMVERTICES, 6);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	run_and_finish();
	ck_assert_uint_eq(gpu.counters.fragment, 1);
	p = hw_memory_host(&gpu.memory, color, 240 * 400 * 4);
	ck_assert_uint_eq(p[30 * 64 * 4 + 3], 1);
}
END_TEST

/* The program o0 = v0, o1 = v1, loaded. */
static void load_pass_through(void)
{
	struct hw_shader_state prog;

	asm_mov(&sasm, asm_o(0), asm_v(0));
	asm_mov(&sasm, asm_o(1), asm_v(1));
	asm_end(&sasm);
	memset(&prog, 0, sizeof prog);
	ck_assert_msg(asm_finish(&sasm, &prog), "%s", sasm.error);
	pica_cmd_vs_program(&cmd, &prog, sasm.ncode, sasm.nopdesc, 0);
}

/* The state of a draw of position (float3) and texture coordinates
 * (float3) through the pass-through program, texture unit 0 on: an RGBA8
 * texture of size x size texels at tex with parameters `param`. */
static void textured_state(uint32_t base, uint32_t tex, unsigned size, uint32_t param)
{
	common_state(base, 0, 0);
	pica_cmd_reg(&cmd, R_ATTR_FMT_LOW, 0xBBu);              /* 2 x float3 */
	pica_cmd_reg(&cmd, R_ATTR_FMT_HIGH, 1u << 28);          /* 2 attributes */
	pica_cmd_reg(&cmd, R_ATTR0_CFG1, 0x10u);                /* elements 0, 1 */
	pica_cmd_reg(&cmd, R_ATTR0_CFG2, 24u << 16 | 2u << 28); /* stride 24 */
	pica_cmd_reg(&cmd, R_VSH_PERM_LOW, 0x10u);              /* attribute i -> v i */
	pica_cmd_reg(&cmd, R_VSH_OUTMASK, 3);                   /* o0, o1 */
	pica_cmd_reg(&cmd, R_OUTMAP_TOTAL, 2);
	pica_cmd_reg(&cmd, R_OUTMAP_O0 + 1, 0x1F1F0D0Cu);       /* o1 = texcoord 0 */
	pica_cmd_reg(&cmd, HW_REG_TEXUNIT_CONFIG, HW_REG_TEXCFG_UNIT0 | HW_REG_TEXCFG_FIXED_ONE);
	pica_cmd_reg(&cmd, HW_REG_TEXUNIT0_DIM, size | size << 16);
	pica_cmd_reg(&cmd, HW_REG_TEXUNIT0_PARAM, param);
	pica_cmd_reg(&cmd, HW_REG_TEXUNIT0_ADDR1, tex >> 3);
	pica_cmd_reg(&cmd, HW_REG_TEXUNIT0_TYPE, HW_REG_TEXFMT_RGBA8);
}

/* A texture that is part of the colour buffer being drawn: every fragment
 * samples (nearest, repeat) the texel of one 8x8 tile T of the colour
 * buffer that lies one pixel to its left, and the combiner adds 1 to each
 * channel. An 8x8 RGBA8 texture has the framebuffer's layout (8x8 Morton
 * tiles, top row first), so inside T a fragment reads the pixel its left
 * neighbour has just written: the rows of T count 1..8 from the left.
 * (A fragment at a row's left end reads the row's right end, not yet
 * written.) Draws that batch fragments must still let a fragment see
 * what the fragments before it wrote. */
START_TEST(test_draw_texture_in_the_colour_buffer_sees_earlier_fragments)
{
	enum { TC = 5, TR = 10 };       /* tile T: column 5, row 10 from the top */
	/* One triangle over the whole target, position then texture
	 * coordinates: s * 8 = window x - 1 and t * 8 = window y. */
	static const float tri[] = {
		-1.0f, -1.0f, -0.5f,   -1.0f / 8,          0.0f,  0.0f,
		 3.0f, -1.0f, -0.5f,   (480.0f - 1) / 8,   0.0f,  0.0f,
		-1.0f,  3.0f, -0.5f,   -1.0f / 8,        100.0f,  0.0f,
	};
	uint32_t base = put_positions(tri, 6), color, tex;
	const uint8_t *px;
	unsigned x, y;

	load_pass_through();
	color = set_target(false);
	tex = color + (TR * 30 + TC) * 64 * 4;
	textured_state(base, tex, 8,
		       HW_REG_TEXWRAP_REPEAT << 8 | HW_REG_TEXWRAP_REPEAT << 12);   /* nearest */
	/* stage 0: texture 0 + constant (1, 1, 1, 1), colour and alpha */
	pica_cmd_reg(&cmd, HW_REG_TEXENV_SOURCE(0),
		     HW_REG_TEVSRC_TEXTURE0 | HW_REG_TEVSRC_CONSTANT << 4
		     | HW_REG_TEVSRC_TEXTURE0 << 16 | HW_REG_TEVSRC_CONSTANT << 20);
	pica_cmd_reg(&cmd, HW_REG_TEXENV_OPERAND(0), 0);
	pica_cmd_reg(&cmd, HW_REG_TEXENV_COMBINER(0),
		     HW_REG_TEVCOMB_ADD | HW_REG_TEVCOMB_ADD << 16);
	pica_cmd_reg(&cmd, HW_REG_TEXENV_COLOR(0), 0x01010101u);
	pica_cmd_reg(&cmd, HW_REG_TEXENV_SCALE(0), 0);
	pica_cmd_reg(&cmd, R_NUMVERTICES, 3);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	run_and_finish();
	ck_assert_uint_eq(gpu.counters.fragment, 96000);
	px = hw_memory_host(&gpu.memory, color, 240 * 400 * 4);
	ck_assert_ptr_nonnull(px);
	for (y = 399 - (TR * 8 + 7); y <= 399 - TR * 8; y++) {
		for (x = TC * 8; x < TC * 8 + 8; x++) {
			unsigned r = 399 - y, c;
			const uint8_t *p = px + ((r / 8) * 30 + x / 8) * 64 * 4
					   + (size_t)tu_tile_z[r % 8][x % 8] * 4;

			for (c = 0; c < 4; c++)
				ck_assert_msg(p[c] == x - TC * 8 + 1, "pixel (%u, %u) byte %u: %u",
					      x, y, c, p[c]);
		}
	}
}
END_TEST

/* Wrap codes 4-7 from TEXUNIT0_PARAM bits 12-14 (fragment-pipeline.md
 * B.2, Citra's reading): one triangle over the target with s = (window x
 * - 16) / 8, t = 0, on an 8 x 8 RGBA8 texture whose column c is red 20 c +
 * 10, nearest. Pixel x (centre x + 0.5) names texel column x - 16.
 * Below 0 codes 4, 5 (and 6, 7) repeat: pixel 5 reads column -11 -> 5,
 * red 110 (a clamp would read column 0, 10). Past the size, pixel 30
 * names 14: code 4 clamps to column 7 (150), code 5 reads the border
 * colour (red 0x33), codes 6 and 7 repeat (column 6, 130). Pixel 19
 * reads column 3 (70) whatever the code. */
START_TEST(test_draw_wrap_codes_4_to_7)
{
	static const float tri[] = {
		-1.0f, -1.0f, -0.5f,   -2.0f, 0.0f, 0.0f,
		 3.0f, -1.0f, -0.5f,   58.0f, 0.0f, 0.0f,
		-1.0f,  3.0f, -0.5f,   -2.0f, 0.0f, 0.0f,
	};
	const unsigned code = 4 + (unsigned)_i;
	const unsigned past[4] = { 150, 0x33, 130, 130 };
	uint32_t base = put_positions(tri, 6), color, tex;
	struct hw_texture shape;
	const uint8_t *px;
	uint8_t *tb;
	unsigned x, y, k;
	static const unsigned xs[3] = { 5, 19, 30 };

	load_pass_through();
	color = set_target(false);
	tex = hw_memory_alloc(&gpu.memory, HW_AREA_VRAM_B, 8 * 8 * 4);
	tb = hw_memory_host(&gpu.memory, tex, 8 * 8 * 4);
	ck_assert_ptr_nonnull(tb);
	memset(&shape, 0, sizeof shape);
	shape.phys = tex;
	shape.width = shape.height = 8;
	shape.format = HW_TEX_RGBA8;
	shape.levels = 1;
	for (y = 0; y < 8; y++)
		for (x = 0; x < 8; x++) {
			uint8_t *p = tb + (hw_texture_texel_address(&shape, 0, x, y) - tex);

			p[0] = 255;
			p[1] = p[2] = 0;
			p[3] = (uint8_t)(20 * x + 10);
		}
	textured_state(base, tex, 8, HW_REG_TEXWRAP_REPEAT << 8 | code << 12);   /* nearest */
	pica_cmd_reg(&cmd, HW_REG_TEXUNIT0_BORDER_COLOR, 0xFF000033u);
	pica_cmd_reg(&cmd, HW_REG_TEXENV_SOURCE(0),
		     HW_REG_TEVSRC_TEXTURE0 | HW_REG_TEVSRC_TEXTURE0 << 16);
	pica_cmd_reg(&cmd, HW_REG_TEXENV_OPERAND(0), 0);
	pica_cmd_reg(&cmd, HW_REG_TEXENV_COMBINER(0),
		     HW_REG_TEVCOMB_REPLACE | HW_REG_TEVCOMB_REPLACE << 16);
	pica_cmd_reg(&cmd, HW_REG_TEXENV_SCALE(0), 0);
	pica_cmd_reg(&cmd, R_NUMVERTICES, 3);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	run_and_finish();
	px = hw_memory_host(&gpu.memory, color, 240 * 400 * 4);
	ck_assert_ptr_nonnull(px);
	for (k = 0; k < 3; k++) {
		unsigned want = k == 0 ? 110 : k == 1 ? 70 : past[code - 4];
		unsigned r = 399 - 200;         /* window row 200 */
		const uint8_t *p = px + ((r / 8) * 30 + xs[k] / 8) * 64 * 4
				   + (size_t)tu_tile_z[r % 8][xs[k] % 8] * 4;

		ck_assert_msg(p[3] == want, "code %u, pixel %u: red %u, want %u", code, xs[k],
			      p[3], want);
	}
}
END_TEST

/* The procedural texture (unit 3) from its registers and tables loaded
 * through the data port: one triangle over the target with s = window x /
 * 240 (so pixel x reads u = (x + 0.5) / 240), v = 0; clamp to edge,
 * mapping U, the identity RGB map (entry i: i / 128 with difference
 * 1/128), colour entry k = (k, 0, 255 - k, 255), width 101: red =
 * floor(100 u + 0.5). Pixel 0: 0.2 -> 0; 60: 25.2 -> 25; 119: 49.8 -> 50;
 * 239: 99.8 -> 100. It reads no texture memory. */
START_TEST(test_draw_procedural_texture_from_registers)
{
	static const float tri[] = {
		-1.0f, -1.0f, -0.5f,   0.0f, 0.0f, 0.0f,
		 3.0f, -1.0f, -0.5f,   2.0f, 0.0f, 0.0f,
		-1.0f,  3.0f, -0.5f,   0.0f, 0.0f, 0.0f,
	};
	static const unsigned xs[4] = { 0, 60, 119, 239 }, want[4] = { 0, 25, 50, 100 };
	uint32_t base = put_positions(tri, 6), color;
	const uint8_t *px;
	unsigned i, k;

	load_pass_through();
	color = set_target(false);
	textured_state(base, 0, 8, 0);
	pica_cmd_reg(&cmd, HW_REG_TEXUNIT_CONFIG, HW_REG_TEXCFG_PROCTEX | HW_REG_TEXCFG_FIXED_ONE);
	pica_cmd_reg(&cmd, HW_REG_TEXUNIT3_PROCTEX(0), 1u | 1u << 3);     /* edge, U */
	pica_cmd_reg(&cmd, HW_REG_TEXUNIT3_PROCTEX(4), 101u << 11);        /* width */
	pica_cmd_reg(&cmd, HW_REG_TEXUNIT3_PROCTEX(5), 0);                 /* offset 0 */
	pica_cmd_reg(&cmd, HW_REG_PROCTEX_LUT, (uint32_t)HW_PROCTEX_TABLE_RGB_MAP << 8);
	for (i = 0; i < HW_PROCTEX_MAP_ENTRIES; i++)
		pica_cmd_reg(&cmd, HW_REG_PROCTEX_LUT_DATA0 + i % 8, i * 32u | 16u << 12);
	pica_cmd_reg(&cmd, HW_REG_PROCTEX_LUT, (uint32_t)HW_PROCTEX_TABLE_COLOR << 8);
	for (i = 0; i < HW_PROCTEX_COLOR_ENTRIES; i++)
		pica_cmd_reg(&cmd, HW_REG_PROCTEX_LUT_DATA0, i | (255u - i) << 16 | 255u << 24);
	pica_cmd_reg(&cmd, HW_REG_TEXENV_SOURCE(0),
		     HW_REG_TEVSRC_TEXTURE3 | HW_REG_TEVSRC_TEXTURE3 << 16);
	pica_cmd_reg(&cmd, HW_REG_TEXENV_OPERAND(0), 0);
	pica_cmd_reg(&cmd, HW_REG_TEXENV_COMBINER(0), 0);               /* replace */
	pica_cmd_reg(&cmd, R_NUMVERTICES, 3);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	run_and_finish();
	ck_assert_uint_eq(gpu.counters.fragment, 96000);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_TEXTURE_READ], 0);
	px = hw_memory_host(&gpu.memory, color, 240 * 400 * 4);
	ck_assert_ptr_nonnull(px);
	for (k = 0; k < 4; k++) {
		unsigned x = xs[k], r = 399 - 200;
		const uint8_t *p = px + ((r / 8) * 30 + x / 8) * 64 * 4
				   + (size_t)tu_tile_z[r % 8][x % 8] * 4;

		ck_assert_msg(p[3] == want[k], "pixel %u: red %u, want %u", x, p[3], want[k]);
		ck_assert_uint_eq(p[1], 255 - want[k]);        /* blue */
		ck_assert_uint_eq(p[0], 255);                  /* alpha */
	}
}
END_TEST

/* The procedural texture's level of detail from the quad (B.7 step 10):
 * the same triangle, s = window x / 240, so du/dx = 1/240 and dv = 0;
 * width 64, LOD bias 7.5 (half 0x4780: low byte in PROCTEX0 bits 20-27,
 * high in PROCTEX4 bits 19-26), nearest-mip-nearest, max LOD 6: lod =
 * log2(64 x 7.5 x 1/240) = log2(2) = 1, level 1: 32 entries from offset
 * byte 1 (64). Entries 0-63 red, 64-255 green: every pixel reads green
 * (level 0 would read red). */
START_TEST(test_draw_procedural_texture_takes_its_level_of_detail)
{
	static const float tri[] = {
		-1.0f, -1.0f, -0.5f,   0.0f, 0.0f, 0.0f,
		 3.0f, -1.0f, -0.5f,   2.0f, 0.0f, 0.0f,
		-1.0f,  3.0f, -0.5f,   0.0f, 0.0f, 0.0f,
	};
	static const unsigned xs[3] = { 0, 119, 239 };
	uint32_t base = put_positions(tri, 6), color;
	const uint8_t *px;
	unsigned i, k;

	load_pass_through();
	color = set_target(false);
	textured_state(base, 0, 8, 0);
	pica_cmd_reg(&cmd, HW_REG_TEXUNIT_CONFIG, HW_REG_TEXCFG_PROCTEX | HW_REG_TEXCFG_FIXED_ONE);
	pica_cmd_reg(&cmd, HW_REG_TEXUNIT3_PROCTEX(0), 1u | 1u << 3 | 0x80u << 20);
	pica_cmd_reg(&cmd, HW_REG_TEXUNIT3_PROCTEX(4),
		     2u | 6u << 7 | 64u << 11 | 0x47u << 19);
	pica_cmd_reg(&cmd, HW_REG_TEXUNIT3_PROCTEX(5), 64u << 8);          /* 0, 64 */
	pica_cmd_reg(&cmd, HW_REG_PROCTEX_LUT, (uint32_t)HW_PROCTEX_TABLE_RGB_MAP << 8);
	for (i = 0; i < HW_PROCTEX_MAP_ENTRIES; i++)
		pica_cmd_reg(&cmd, HW_REG_PROCTEX_LUT_DATA0 + i % 8, i * 32u | 16u << 12);
	pica_cmd_reg(&cmd, HW_REG_PROCTEX_LUT, (uint32_t)HW_PROCTEX_TABLE_COLOR << 8);
	for (i = 0; i < HW_PROCTEX_COLOR_ENTRIES; i++)
		pica_cmd_reg(&cmd, HW_REG_PROCTEX_LUT_DATA0,
			     i < 64 ? 0xFF0000FFu : 0xFF00FF00u);
	pica_cmd_reg(&cmd, HW_REG_TEXENV_SOURCE(0),
		     HW_REG_TEVSRC_TEXTURE3 | HW_REG_TEVSRC_TEXTURE3 << 16);
	pica_cmd_reg(&cmd, HW_REG_TEXENV_OPERAND(0), 0);
	pica_cmd_reg(&cmd, HW_REG_TEXENV_COMBINER(0), 0);               /* replace */
	pica_cmd_reg(&cmd, R_NUMVERTICES, 3);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	run_and_finish();
	px = hw_memory_host(&gpu.memory, color, 240 * 400 * 4);
	ck_assert_ptr_nonnull(px);
	for (k = 0; k < 3; k++) {
		unsigned x = xs[k], r = 399 - 200;
		const uint8_t *p = px + ((r / 8) * 30 + x / 8) * 64 * 4
				   + (size_t)tu_tile_z[r % 8][x % 8] * 4;

		ck_assert_msg(p[3] == 0 && p[2] == 255, "pixel %u: red %u green %u, want 0, 255",
			      x, p[3], p[2]);
	}
}
END_TEST

/* A bilinear-textured triangle over the whole target whose combiner
 * replaces with texture 0 (the batch path's own loop for that) gives the
 * same bytes as the same draw whose combiner modulates texture 0 by the
 * constant (1, 1, 1, 1), which goes through the bound combiner: x 1 is
 * exact, so every pixel must match. */
static void draw_textured_over_target(uint32_t base, uint32_t tex, bool modulate)
{
	cmd.n = 0;
	textured_state(base, tex, 64,
		       HW_REG_TEXFILTER_LINEAR << 1 | HW_REG_TEXFILTER_LINEAR << 2
		       | HW_REG_TEXWRAP_REPEAT << 8 | HW_REG_TEXWRAP_MIRROR << 12);
	if (modulate) {
		pica_cmd_reg(&cmd, HW_REG_TEXENV_SOURCE(0),
			     HW_REG_TEVSRC_TEXTURE0 | HW_REG_TEVSRC_CONSTANT << 4
			     | HW_REG_TEVSRC_TEXTURE0 << 16 | HW_REG_TEVSRC_CONSTANT << 20);
		pica_cmd_reg(&cmd, HW_REG_TEXENV_COMBINER(0),
			     HW_REG_TEVCOMB_MODULATE | HW_REG_TEVCOMB_MODULATE << 16);
		pica_cmd_reg(&cmd, HW_REG_TEXENV_COLOR(0), 0xFFFFFFFFu);
	} else {
		pica_cmd_reg(&cmd, HW_REG_TEXENV_SOURCE(0),
			     HW_REG_TEVSRC_TEXTURE0 | HW_REG_TEVSRC_TEXTURE0 << 16);
		pica_cmd_reg(&cmd, HW_REG_TEXENV_COMBINER(0),
			     HW_REG_TEVCOMB_REPLACE | HW_REG_TEVCOMB_REPLACE << 16);
	}
	pica_cmd_reg(&cmd, HW_REG_TEXENV_OPERAND(0), 0);
	pica_cmd_reg(&cmd, HW_REG_TEXENV_SCALE(0), 0);
	pica_cmd_reg(&cmd, R_NUMVERTICES, 3);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	run_and_finish();
}

START_TEST(test_draw_texture_replace_batch_matches_the_bound_combiner)
{
	/* position, then texture coordinates wandering over the texture
	 * several times (repeat in t, mirror in s) */
	static const float tri[] = {
		-1.0f, -1.0f, -0.5f,   -0.37f,  -0.81f,  0.0f,
		 3.0f, -1.0f, -0.5f,    7.13f,  -0.52f,  0.0f,
		-1.0f,  3.0f, -0.5f,   -0.11f,   9.66f,  0.0f,
	};
	uint32_t base = put_positions(tri, 6), color, tex, seed = 0x7E47u;
	uint8_t *texels, *px, *want;
	unsigned k, distinct = 0;

	load_pass_through();
	color = set_target(false);
	tex = hw_memory_alloc(&gpu.memory, HW_AREA_VRAM_B, 64 * 64 * 4);
	texels = hw_memory_host(&gpu.memory, tex, 64 * 64 * 4);
	ck_assert_ptr_nonnull(texels);
	for (k = 0; k < 64 * 64 * 4; k++) {
		seed = seed * 1103515245u + 12345u;
		texels[k] = (uint8_t)(seed >> 16);
	}
	run_and_finish();               /* the program and the target */
	draw_textured_over_target(base, tex, false);
	ck_assert_uint_eq(gpu.counters.fragment, 96000);
	px = hw_memory_host(&gpu.memory, color, 240 * 400 * 4);
	ck_assert_ptr_nonnull(px);
	want = malloc(240 * 400 * 4);
	ck_assert_ptr_nonnull(want);
	memcpy(want, px, 240 * 400 * 4);
	for (k = 4; k < 240 * 400 * 4; k += 4)
		distinct += memcmp(want + k, want + k - 4, 4) != 0;
	ck_assert_uint_gt(distinct, 50000);     /* the texture shows */
	memset(px, 0, 240 * 400 * 4);
	draw_textured_over_target(base, tex, true);
	ck_assert(memcmp(px, want, 240 * 400 * 4) == 0);
	free(want);
}
END_TEST

/* ---- 9.3.1.1: what does not change the load of setup and rasterizer ---- */

/* Busy clocks of each module over one submission, and its length. */
struct load {
	uint64_t busy[HW_BUSY_MODULE_COUNT];
	uint64_t duration;
};

static void run_measuring(struct load *l)
{
	hw_clock_t from = gpu.clock;
	unsigned m;

	ck_assert_int_eq(hw_gpu_submit(&gpu, cmd.w, cmd.n, 0), HW_OK);
	l->duration = gpu.cmdlist_busy_until - from;
	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++)
		l->busy[m] = hw_busy_clocks_in(&gpu.busy, (enum hw_busy_module)m, from,
					       gpu.cmdlist_busy_until);
	hw_gpu_advance(&gpu, gpu.cmdlist_busy_until - gpu.clock);
}

static void assert_same_setup_and_raster(const struct load *a, const struct load *b)
{
	ck_assert_uint_gt(a->busy[HW_BUSY_TRIANGLE_SETUP], 0);
	ck_assert_uint_gt(a->busy[HW_BUSY_RASTERIZER], 0);
	ck_assert_uint_eq(a->busy[HW_BUSY_TRIANGLE_SETUP], b->busy[HW_BUSY_TRIANGLE_SETUP]);
	ck_assert_uint_eq(a->busy[HW_BUSY_RASTERIZER], b->busy[HW_BUSY_RASTERIZER]);
}

/* ---- batches of the vertex loop -------------------------------------- */

struct vertex_batches {
	uint64_t busy[HW_PIPE_MAX_BATCHES];
	unsigned n;
};

static void record_vertex_batches(void *user, const struct hw_event *e)
{
	struct vertex_batches *r = user;
	unsigned b;

	if (e->kind != HW_EVENT_DRAW)
		return;
	ck_assert_uint_eq(r->n, 0);
	for (b = 0; b < e->draw->pipe.batches; b++)
		r->busy[r->n++] = e->draw->pipe.batch[b].busy[HW_PIPE_VERTEX];
}

/* A strip of 400 vertices (398 triangles, all at one point: no pixels), a
 * batch closed after every 8 triangles (the default), so after vertices 9,
 * 17, 25, ... while the vertex loop shades windows of 8 (0-7, 8-15, ...):
 * each batch's vertex stage is busy for processor 0's share of the
 * vertices up to its close (vertex k is shaded on processor k % 4), each
 * costing the same clocks. So the counts of a window's vertices are added
 * at a close in its middle, not at the window's end. */
START_TEST(test_draw_batch_close_counts_the_vertices_before_it)
{
	enum { VERTICES = 400 };
	float *pos = calloc(VERTICES * 3, sizeof *pos);
	struct vertex_batches rec;
	uint64_t total = 0, per;
	unsigned b, k, from = 0, mine;

	ck_assert_ptr_nonnull(pos);
	for (k = 0; k < VERTICES; k++)
		pos[3 * k + 2] = -0.5f;
	program_straight(6);
	common_state(put_positions(pos, VERTICES), 1, 0);
	free(pos);
	pica_cmd_reg(&cmd, R_NUMVERTICES, VERTICES);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	memset(&rec, 0, sizeof rec);
	gpu.observe = record_vertex_batches;
	gpu.observe_user = &rec;
	run_and_finish();
	ck_assert_uint_eq(rec.n, (VERTICES - 2 + 7) / 8);
	for (b = 0; b < rec.n; b++)
		total += rec.busy[b];
	per = total / ((VERTICES + 3) / 4);             /* processor 0's vertices */
	ck_assert_uint_gt(per, 0);
	ck_assert_uint_eq(per * ((VERTICES + 3) / 4), total);
	for (b = 0; b < rec.n; b++) {
		unsigned to = b + 1 < rec.n ? 10 + 8 * b : VERTICES;   /* vertices [from, to) */

		for (mine = 0, k = from; k < to; k++)
			mine += k % 4 == 0;
		ck_assert_msg(rec.busy[b] == mine * per, "batch %u: %llu clocks, want %llu", b,
			      (unsigned long long)rec.busy[b], (unsigned long long)(mine * per));
		from = to;
	}
}
END_TEST

/* ---- fragments held across triangles ---------------------------------- */

/* 1211 triangles, small but for every fourth row of places (so that some
 * batches are bound by their fragments and others by set-up), each but
 * the last drawn twice in a row at one place: at z -0.5, then -0.8 or
 * -0.2 (window depth 0.8, farther, or 0.2, nearer: depth tests fail and
 * pass on pixels the triangle before wrote), over a depth-tested target.
 * The last one, at z -0.1, writes the pixels it covers, and the draw's
 * last batch closes only at its end. The combiner's stage 0 takes a constant RGB and, for alpha, the constant
 * (`vertex_alpha` false: the combiner reads no vertex colour, and the
 * draw holds fragments across triangles) or the vertex colour's alpha,
 * 1 (true: batches of one triangle). Both give the same bytes. A second
 * draw draws the last triangle again. */
struct draw_deltas {
	struct hw_counters delta[2];
	hw_clock_t start[2], end[2];
	unsigned n;
};

static void record_draw(void *user, const struct hw_event *e)
{
	struct draw_deltas *r = user;

	if (e->kind != HW_EVENT_DRAW)
		return;
	ck_assert_uint_lt(r->n, 2);
	ck_assert_ptr_nonnull(e->delta);
	r->delta[r->n] = *e->delta;
	r->start[r->n] = e->start;
	r->end[r->n] = e->end;
	r->n++;
}

static void twice_drawn(bool vertex_alpha, struct load *l, uint8_t *pixels, uint8_t *depth,
			struct draw_deltas *draws)
{
	enum { TRIS = 1211, PER_ROW = 30 };
	float *pos = malloc(TRIS * 9 * sizeof *pos);
	struct hw_shader_state prog;
	uint32_t base, color, zbuf;
	unsigned i;

	setup();
	ck_assert_ptr_nonnull(pos);
	for (i = 0; i < TRIS * 3; i++) {
		unsigned tri = i / 3, place = tri / 2;
		float x = (float)(place % PER_ROW) / 16.0f - 0.95f;
		float y = (float)(place / PER_ROW) / 11.0f - 0.95f;
		float z = tri == TRIS - 1 ? -0.1f : tri % 2 == 0 ? -0.5f
			  : place % 3 == 0 ? -0.8f : -0.2f;

		pos[3 * i + 0] = x + (float)(i % 3 == 1) * (place / PER_ROW % 4 == 0 ? 0.5f : 0.09f);
		pos[3 * i + 1] = y + (float)(i % 3 == 2) * (place / PER_ROW % 4 == 0 ? 0.4f : 0.07f);
		pos[3 * i + 2] = z;
	}
	base = put_positions(pos, TRIS * 3);
	free(pos);
	memset(&prog, 0, sizeof prog);
	asm_mov(&sasm, asm_o(0), asm_v(0));
	asm_mov(&sasm, asm_o(1), asm_v(0));     /* colour (x, y, z, 1) */
	asm_end(&sasm);
	ck_assert_msg(asm_finish(&sasm, &prog), "%s", sasm.error);
	pica_cmd_vs_program(&cmd, &prog, sasm.ncode, sasm.nopdesc, 0);
	color = set_target(true);
	pica_cmd_reg(&cmd, 0x04D, pica_f24(-1.0f));            /* window z = -z */
	pica_cmd_reg(&cmd, HW_REG_TEXENV_SOURCE(0),
		     HW_REG_TEVSRC_CONSTANT
		     | (vertex_alpha ? HW_REG_TEVSRC_PRIMARY_COLOR : HW_REG_TEVSRC_CONSTANT) << 16);
	pica_cmd_reg(&cmd, HW_REG_TEXENV_COLOR(0), 0xFF3060C0u);      /* A B G R */
	common_state(base, 0, 0);
	pica_cmd_reg(&cmd, R_VSH_OUTMASK, 0x3);                 /* o0, o1 */
	pica_cmd_reg(&cmd, R_OUTMAP_TOTAL, 2);
	pica_cmd_reg(&cmd, R_OUTMAP_O0 + 1, 0x0B0A0908);        /* color r, g, b, a */
	pica_cmd_reg(&cmd, R_NUMVERTICES, TRIS * 3);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	/* The last triangle again: this draw finds the caches as the first
	 * one left them (flushed and emptied at its end, with every fragment
	 * done: its reads miss). */
	pica_cmd_reg(&cmd, R_VERTEX_OFFSET, (TRIS - 1) * 3);
	pica_cmd_reg(&cmd, R_NUMVERTICES, 3);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	memset(draws, 0, sizeof *draws);
	gpu.observe = record_draw;
	gpu.observe_user = draws;
	run_measuring(l);
	ck_assert_uint_eq(draws->n, 2);
	zbuf = gpu.regs[0x11C] << 3;
	memcpy(pixels, hw_memory_host(&gpu.memory, color, 240 * 400 * 4), 240 * 400 * 4);
	memcpy(depth, hw_memory_host(&gpu.memory, zbuf, 240 * 400 * 4), 240 * 400 * 4);
	teardown();
}

/* Fragments held across triangles and handed on at each batch close and
 * before the draw's flush (hw_draw_int.h, draw_fragment_program.one_color)
 * give what batches of one triangle give: each draw's counter words,
 * start and end, the pixels, depth values, module busy clocks and length,
 * with two fragments at one pixel in one held batch. */
START_TEST(test_draw_held_fragments_match_batches_of_one_triangle)
{
	uint8_t *px[2], *z[2];
	struct draw_deltas *c = malloc(2 * sizeof *c);
	struct load *l = malloc(2 * sizeof *l);
	unsigned k, j, written = 0, values = 0;
	uint32_t value[3] = { 0, 0, 0 };

	ck_assert(l && c);
	for (k = 0; k < 2; k++) {
		px[k] = malloc(240 * 400 * 4);
		z[k] = malloc(240 * 400 * 4);
		ck_assert(px[k] && z[k]);
	}
	teardown();
	twice_drawn(false, &l[0], px[0], z[0], &c[0]);
	twice_drawn(true, &l[1], px[1], z[1], &c[1]);
	setup();
	/* The scene does what it is for: pixels written, and three depth
	 * values, 0.5, 0.2 (the second triangle's test passed where it is
	 * nearer and failed where it is farther) and the last triangle's 0.1. */
	ck_assert_uint_gt(c[0].delta[0].fragment, 10000);
	for (k = 0; k < 240 * 400; k++) {
		uint32_t v = (uint32_t)z[0][4 * k] | (uint32_t)z[0][4 * k + 1] << 8
			     | (uint32_t)z[0][4 * k + 2] << 16;

		written += memcmp(px[0] + 4 * k, "\xFF\x30\x60\xC0", 4) == 0;  /* A B G R */
		for (j = 0; j < values && v != value[j]; j++)
			;
		if (v == 0xFFFFFF || j < values)
			continue;
		ck_assert_uint_lt(values, 3);
		value[values++] = v;
	}
	ck_assert_uint_gt(written, 5000);
	ck_assert_uint_eq(values, 3);
	ck_assert(memcmp(&c[0], &c[1], sizeof c[0]) == 0);
	ck_assert(memcmp(px[0], px[1], 240 * 400 * 4) == 0);
	ck_assert(memcmp(z[0], z[1], 240 * 400 * 4) == 0);
	ck_assert(memcmp(&l[0], &l[1], sizeof l[0]) == 0);
	for (k = 0; k < 2; k++) {
		free(px[k]);
		free(z[k]);
	}
	free(l);
	free(c);
}
END_TEST

/* A quad over the middle quarter of the viewport, 120 x 200 pixels. */
static const float middle[] = {
	-0.5f, -0.5f, -0.5f,   0.5f, -0.5f, -0.5f,   0.5f, 0.5f, -0.5f,
	-0.5f, -0.5f, -0.5f,   0.5f,  0.5f, -0.5f,  -0.5f, 0.5f, -0.5f,
};

/* Fixed (particle) mode, GSH_MISC0 0x252 = 2 | (3 - 1) << 8 | (1 - 1) << 12
 * | 8 << 16: every three vertices' o0 go to the geometry unit's c8, c9,
 * c10 and the shader runs; it emits them as one triangle (setemit, mov,
 * emit each: 9 instructions and end, 10 an invocation). The two triangles
 * of two_triangles: 2 invocations, 20 instructions on processor 0, the
 * same 2 polygons and fragments as drawn from vertex data, and c8..c10
 * hold the last triangle's positions (w = 1 from the float3 attribute). */
static void fixed_mode_draw(bool gs, uint32_t *polys, uint32_t *frags)
{
	uint32_t base = put_positions(two_triangles, 6);

	program_straight(0);
	set_target(false);
	if (gs) {
		const struct asm_src src[3] = {
			asm_c(8), asm_c(9), asm_c(10),
		};
		struct shader_asm g;

		pica_cmd_reg(&cmd, 0x244, 1);
		ck_assert_msg(load_triangle_gs(&g, 1, src), "%s", g.error);
		common_state(base, 3, 0);
		pica_cmd_reg(&cmd, 0x229, 2);
		pica_cmd_reg(&cmd, 0x252, 2u | 2u << 8 | 0u << 12 | 8u << 16);
		pica_cmd_reg(&cmd, 0x289, 0x08000100u);    /* inputs go to uniforms */
		pica_cmd_reg(&cmd, 0x28D, 1);
	} else {
		common_state(base, 0, 0);
	}
	pica_cmd_reg(&cmd, R_NUMVERTICES, 6);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	run_and_finish();
	*polys = gpu.counters.polygon[HW_POLYGON_IN];
	*frags = gpu.counters.fragment;
}

START_TEST(test_draw_geometry_shader_fixed_mode_reads_vertices_from_uniforms)
{
	uint32_t polys_data, frags_data, polys_gs, frags_gs;
	static const float last[3][4] = {
		{ -0.5f, 0.5f, -0.5f, 1 }, { 0.5f, 0.5f, -0.5f, 1 }, { 0.0f, 0.9f, -0.5f, 1 },
	};
	unsigned v, k;

	fixed_mode_draw(false, &polys_data, &frags_data);
	teardown();
	setup();
	fixed_mode_draw(true, &polys_gs, &frags_gs);
	ck_assert_uint_eq(polys_data, 2);
	ck_assert_uint_eq(polys_gs, 2);
	ck_assert_uint_gt(frags_data, 0);
	ck_assert_uint_eq(frags_gs, frags_data);
	ck_assert_uint_eq(gpu.counters.shader[0][HW_SHADER_INSTRUCTIONS], 2 * 10);
	for (v = 0; v < 3; v++)
		for (k = 0; k < 4; k++)
			ck_assert_float_eq(gpu.gs.f[8 + v][k], last[v][k]);
	ck_assert_uint_eq(gpu.gs.b, 1u << 15);
}
END_TEST

/* Variable (subdivision) mode, 0x252 = 1, 0x229 bit 31, 0x254 = 2 (3
 * main vertices): the 8-bit index stream 3, 0, 1, 2, 4, 3, 4, 5, 5 is two
 * primitives: a count 3 and vertices 0-2, a count 4 and vertices 3, 4, 5,
 * 5. Each count goes to c0 as (n, n, n, n), the vertices to c1.. (one
 * output register each here). The shader emits c1, c2, c3 as a triangle
 * (10 instructions): 2 invocations, the two triangles of two_triangles
 * (the same polygons and fragments as from vertex data); after the draw
 * c0 = (4, 4, 4, 4) and c4 holds vertex 5. */
static void variable_mode_draw(bool gs, uint32_t *polys, uint32_t *frags)
{
	static const uint8_t stream[9] = { 3, 0, 1, 2, 4, 3, 4, 5, 5 };
	static const uint8_t plain[6] = { 0, 1, 2, 3, 4, 5 };
	uint32_t base = hw_memory_alloc(&gpu.memory, HW_AREA_VRAM_A, 6 * 12 + 16 + 16);
	uint8_t *host = hw_memory_host(&gpu.memory, base, 6 * 12 + 16 + 16);

	ck_assert_ptr_nonnull(host);
	memcpy(host, two_triangles, sizeof two_triangles);
	memcpy(host + 80, gs ? stream : plain, gs ? sizeof stream : sizeof plain);
	program_straight(0);
	set_target(false);
	if (gs) {
		const struct asm_src src[3] = {
			asm_c(1), asm_c(2), asm_c(3),
		};
		struct shader_asm g;

		pica_cmd_reg(&cmd, 0x244, 1);
		ck_assert_msg(load_triangle_gs(&g, 1, src), "%s", g.error);
		common_state(base, 3, 0);
		pica_cmd_reg(&cmd, 0x229, 2u | 1u << 31);
		pica_cmd_reg(&cmd, 0x252, 1);
		pica_cmd_reg(&cmd, 0x254, 2);
		pica_cmd_reg(&cmd, 0x289, 0x08000100u);
		pica_cmd_reg(&cmd, 0x28D, 1);
	} else {
		common_state(base, 0, 0);
	}
	pica_cmd_reg(&cmd, R_INDEX_CONFIG, 80);                /* 8-bit indices */
	pica_cmd_reg(&cmd, R_NUMVERTICES, gs ? 9 : 6);
	pica_cmd_reg(&cmd, R_DRAWELEMENTS, 1);
	run_and_finish();
	*polys = gpu.counters.polygon[HW_POLYGON_IN];
	*frags = gpu.counters.fragment;
}

START_TEST(test_draw_geometry_shader_variable_mode_reads_counted_primitives)
{
	uint32_t polys_data, frags_data, polys_gs, frags_gs;
	unsigned k;

	variable_mode_draw(false, &polys_data, &frags_data);
	teardown();
	setup();
	variable_mode_draw(true, &polys_gs, &frags_gs);
	ck_assert_uint_eq(polys_data, 2);
	ck_assert_uint_eq(polys_gs, 2);
	ck_assert_uint_gt(frags_data, 0);
	ck_assert_uint_eq(frags_gs, frags_data);
	ck_assert_uint_eq(gpu.counters.shader[0][HW_SHADER_INSTRUCTIONS], 2 * 10);
	for (k = 0; k < 4; k++)
		ck_assert_float_eq(gpu.gs.f[0][k], 4.0f);
	ck_assert_float_eq(gpu.gs.f[1][1], 0.5f);        /* vertex 3: (-0.5, 0.5) */
	ck_assert_float_eq(gpu.gs.f[3][1], 0.9f);        /* vertex 5 */
	ck_assert_float_eq(gpu.gs.f[4][1], 0.9f);        /* vertex 5 again */
	ck_assert_float_eq(gpu.gs.f[4][3], 1.0f);
}
END_TEST

/* Variable mode, main and other vertices: a vertex shader with two
 * outputs (o0 = position, o1 = c0 = 0), 0x254 = 0 (one main vertex), the
 * stream 3, 0, 1, 2: vertex 0 writes c1 (o0) and c2 (o1); vertices 1 and
 * 2 only their o0, to c3 and c4. The geometry shader emits c1, c3, c4:
 * the first triangle of two_triangles, as drawn from vertex data. */
START_TEST(test_draw_geometry_shader_variable_mode_other_vertices_write_o0_only)
{
	static const uint8_t stream[4] = { 3, 0, 1, 2 };
	static const uint8_t plain[3] = { 0, 1, 2 };
	static const unsigned emit_from[3] = { 1, 3, 4 };
	uint32_t frags_data = 0, polys, base;
	uint8_t *host;
	unsigned pass;

	for (pass = 0; pass < 2; pass++) {
		struct shader_asm g, vsa;
		struct hw_shader_state vprog;

		if (pass) {
			teardown();
			setup();
		}
		base = hw_memory_alloc(&gpu.memory, HW_AREA_VRAM_A, 6 * 12 + 32);
		host = hw_memory_host(&gpu.memory, base, 6 * 12 + 32);
		memcpy(host, two_triangles, sizeof two_triangles);
		memcpy(host + 80, pass ? stream : plain, pass ? sizeof stream : sizeof plain);
		set_target(false);
		pica_cmd_reg(&cmd, 0x244, 1);
		asm_init(&vsa);
		asm_mov(&vsa, asm_o(0), asm_v(0));
		asm_mov(&vsa, asm_o(1), asm_c(0));
		asm_end(&vsa);
		memset(&vprog, 0, sizeof vprog);
		ck_assert_msg(asm_finish(&vsa, &vprog), "%s", vsa.error);
		pica_cmd_vs_program(&cmd, &vprog, vsa.ncode, vsa.nopdesc, 0);
		if (pass) {
			const struct asm_src src[3] = {
				asm_c(emit_from[0]), asm_c(emit_from[1]),
				asm_c(emit_from[2]),
			};

			ck_assert_msg(load_triangle_gs(&g, 1, src), "%s", g.error);
			common_state(base, 3, 0);
			pica_cmd_reg(&cmd, R_VSH_OUTMASK, 3);           /* o0, o1 */
			pica_cmd_reg(&cmd, 0x229, 2u | 1u << 31);
			pica_cmd_reg(&cmd, 0x252, 1);
			pica_cmd_reg(&cmd, 0x254, 0);
			pica_cmd_reg(&cmd, 0x289, 0x08000101u);
			pica_cmd_reg(&cmd, 0x28D, 1);
		} else {
			common_state(base, 0, 0);
		}
		pica_cmd_reg(&cmd, R_INDEX_CONFIG, 80);
		pica_cmd_reg(&cmd, R_NUMVERTICES, pass ? 4 : 3);
		pica_cmd_reg(&cmd, R_DRAWELEMENTS, 1);
		run_and_finish();
		polys = gpu.counters.polygon[HW_POLYGON_IN];
		ck_assert_uint_eq(polys, 1);
		if (!pass) {
			frags_data = gpu.counters.fragment;
			ck_assert_uint_gt(frags_data, 0);
		}
	}
	ck_assert_uint_eq(gpu.counters.fragment, frags_data);
	ck_assert_float_eq(gpu.gs.f[2][0], 0.0f);        /* vertex 0's o1 */
	ck_assert_float_eq(gpu.gs.f[3][0], 0.5f);        /* vertex 1's o0 */
	ck_assert_float_eq(gpu.gs.f[4][1], 0.5f);        /* vertex 2's o0 */
	ck_assert_float_eq(gpu.gs.f[4][3], 1.0f);
}
END_TEST

/* The middle quad's two triangles from vertex data, or made by a
 * geometry shader that takes three vertices a primitive and emits them
 * unchanged: the same polygons, coordinates and pixels, so the same setup
 * and rasterizer load (and the same counts). */
static void fullscreen_from(bool gs, struct load *l, uint32_t *frags, uint32_t *polys)
{
	uint32_t base = put_positions(middle, 6);

	program_straight(0);
	set_target(false);
	if (gs) {
		const struct asm_src src[3] = { asm_v(0), asm_v(1), asm_v(2) };
		struct shader_asm g;

		ck_assert_msg(load_triangle_gs(&g, 1, src), "%s", g.error);
		common_state(base, 3, 0);                   /* geometry primitives */
		pica_cmd_reg(&cmd, 0x229, 2);               /* geometry shader on */
		pica_cmd_reg(&cmd, 0x289, 0x08000002u);     /* 3 inputs: one triangle */
		pica_cmd_reg(&cmd, 0x28D, 1);               /* the GS writes o0 */
	} else {
		common_state(base, 0, 0);
	}
	pica_cmd_reg(&cmd, R_NUMVERTICES, 6);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	run_measuring(l);
	*frags = gpu.counters.fragment;
	*polys = gpu.counters.polygon[HW_POLYGON_IN];
}

START_TEST(test_draw_setup_and_raster_load_same_from_geometry_shader_or_vertex_data)
{
	struct load data, geo;
	uint32_t frags_data, polys_data, frags_geo, polys_geo;

	fullscreen_from(false, &data, &frags_data, &polys_data);
	teardown();
	setup();
	fullscreen_from(true, &geo, &frags_geo, &polys_geo);
	ck_assert_uint_eq(polys_data, 2);
	ck_assert_uint_eq(polys_geo, 2);
	ck_assert_uint_eq(frags_data, 24000);
	ck_assert_uint_eq(frags_geo, 24000);
	assert_same_setup_and_raster(&data, &geo);
	/* the geometry shader did run, on processor 0 */
	ck_assert_uint_gt(gpu.counters.shader[0][HW_SHADER_INSTRUCTIONS], 0);
}
END_TEST

/* Four 8 x 8 pixel squares (64 pixels each), drawn in one draw or in
 * four: the same setup and rasterizer load. */
static void squares(unsigned draws, struct load *l)
{
	float xyz[4 * 18];
	uint32_t base;
	unsigned q, k;

	for (q = 0; q < 4; q++) {
		float x0 = (float)(16 + 40 * q) / 120.0f - 1.0f, x1 = x0 + 8.0f / 120.0f;
		float y0 = (float)(24 + 56 * q) / 200.0f - 1.0f, y1 = y0 + 8.0f / 200.0f;
		const float v[18] = { x0, y0, -0.5f, x1, y0, -0.5f, x1, y1, -0.5f,
				      x0, y0, -0.5f, x1, y1, -0.5f, x0, y1, -0.5f };
		memcpy(xyz + 18 * q, v, sizeof v);
	}
	base = put_positions(xyz, 24);
	program_straight(0);
	set_target(false);
	common_state(base, 0, 0);
	for (k = 0; k < draws; k++) {
		pica_cmd_reg(&cmd, R_NUMVERTICES, 24 / draws);
		pica_cmd_reg(&cmd, R_VERTEX_OFFSET, k * (24 / draws));
		pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	}
	run_measuring(l);
	ck_assert_uint_eq(gpu.counters.fragment, 4 * 64);
	ck_assert_uint_eq(gpu.counters.polygon[HW_POLYGON_IN], 8);
}

START_TEST(test_draw_setup_and_raster_load_same_in_one_draw_or_four)
{
	struct load one, four;

	squares(1, &one);
	teardown();
	setup();
	squares(4, &four);
	assert_same_setup_and_raster(&one, &four);
	/* the command module did see three more draws */
	ck_assert_uint_gt(four.busy[HW_BUSY_COMMAND], one.busy[HW_BUSY_COMMAND]);
}
END_TEST

/* The middle quad with one attribute per vertex, or with three (position
 * plus two the shader ignores): the same setup and rasterizer load; only
 * the loader does more. */
static void fullscreen_attributes(unsigned attribs, struct load *l)
{
	float xyz[6 * 9];
	uint32_t base;
	unsigned v, a;

	for (v = 0; v < 6; v++)
		for (a = 0; a < 3; a++)
			memcpy(xyz + 9 * v + 3 * a, middle + 3 * v, 3 * sizeof *xyz);
	program_straight(0);
	set_target(false);
	if (attribs == 1) {
		base = put_positions(middle, 6);
		common_state(base, 0, 0);
	} else {
		base = put_positions(xyz, 18);
		common_state(base, 0, 0);
		pica_cmd_reg(&cmd, R_ATTR_FMT_LOW, 0xBBBu);        /* 3 x float3 */
		pica_cmd_reg(&cmd, R_ATTR_FMT_HIGH, 2u << 28);     /* 3 attributes */
		pica_cmd_reg(&cmd, R_ATTR0_CFG1, 0x210u);          /* elements 0, 1, 2 */
		pica_cmd_reg(&cmd, R_ATTR0_CFG2, 36u << 16 | 3u << 28);
		pica_cmd_reg(&cmd, R_VSH_PERM_LOW, 0x210u);        /* attribute i -> v i */
	}
	pica_cmd_reg(&cmd, R_NUMVERTICES, 6);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	run_measuring(l);
	ck_assert_uint_eq(gpu.counters.fragment, 24000);
}

START_TEST(test_draw_setup_and_raster_load_same_with_one_or_three_attributes)
{
	struct load one, three;

	fullscreen_attributes(1, &one);
	teardown();
	setup();
	fullscreen_attributes(3, &three);
	assert_same_setup_and_raster(&one, &three);
	ck_assert_uint_gt(three.busy[HW_BUSY_COMMAND], one.busy[HW_BUSY_COMMAND]);
}
END_TEST

/* Manual 9.3.1.1, the experiment: a few nops in the vertex shader and an
 * empty scissor leave the time of a setup-bound draw (almost) as it is,
 * and the busy counter names setup; the empty scissor does shorten a
 * fill-bound draw, whose rasterizer work it leaves. Returns the draw's
 * clocks and its busy clocks in `l`. */
enum experiment { BASELINE, NOPS, EMPTY_SCISSOR };

static uint64_t small_triangles(enum experiment e, struct load *l)
{
	enum { TRIS = 2000 };
	float *pos = malloc(TRIS * 9 * sizeof *pos);
	uint32_t base;
	unsigned i;

	ck_assert_ptr_nonnull(pos);
	for (i = 0; i < TRIS * 3; i++) {
		/* 2000 triangles of about 8 pixels, 20 rows of 100 */
		float x = (float)(i / 3 % 100) / 50.0f - 0.99f, y = (float)(i / 300) / 10.0f - 0.95f;
		pos[3 * i + 0] = x + (float)(i % 3 == 1) * 0.03f;
		pos[3 * i + 1] = y + (float)(i % 3 == 2) * 0.03f;
		pos[3 * i + 2] = -0.5f;
	}
	base = put_positions(pos, TRIS * 3);
	free(pos);
	program_straight(e == NOPS ? 4 : 0);
	set_target(false);
	if (e == EMPTY_SCISSOR) {
		pica_cmd_reg(&cmd, 0x065, 3);
		pica_cmd_reg(&cmd, 0x066, 1u | 1u << 16);          /* (1, 1)-(0, 0): empty */
		pica_cmd_reg(&cmd, 0x067, 0);
	}
	common_state(base, 0, 0);
	pica_cmd_reg(&cmd, R_NUMVERTICES, TRIS * 3);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	run_measuring(l);
	return l->duration;
}

static uint64_t fill_bound(enum experiment e, struct load *l)
{
	uint32_t base = put_positions(middle, 6);

	program_straight(e == NOPS ? 4 : 0);
	set_target(true);
	if (e == EMPTY_SCISSOR) {
		pica_cmd_reg(&cmd, 0x065, 3);
		pica_cmd_reg(&cmd, 0x066, 1u | 1u << 16);
		pica_cmd_reg(&cmd, 0x067, 0);
	}
	draw_fullscreen(base);
	run_measuring(l);
	return l->duration;
}

static unsigned busiest(const struct load *l)
{
	unsigned m, best = 0;

	for (m = 1; m < HW_BUSY_MODULE_COUNT; m++)
		if (l->busy[m] > l->busy[best])
			best = m;
	return best;
}

/* |a - b| below `percent` % of a */
static bool close_to(uint64_t a, uint64_t b, unsigned percent)
{
	uint64_t d = a > b ? a - b : b - a;

	return d * 100 < a * percent;
}

START_TEST(test_draw_experiment_nops_and_scissor_leave_a_setup_bound_draw)
{
	struct load l;
	uint64_t t[3];
	unsigned e;

	for (e = BASELINE; e <= EMPTY_SCISSOR; e++) {
		teardown();
		setup();
		t[e] = small_triangles((enum experiment)e, &l);
		ck_assert_uint_eq(busiest(&l), HW_BUSY_TRIANGLE_SETUP);
		if (e == EMPTY_SCISSOR)
			ck_assert_uint_eq(gpu.counters.fragment, 0);
		else
			ck_assert_uint_gt(gpu.counters.fragment, 0);
	}
	ck_assert_msg(close_to(t[BASELINE], t[NOPS], 2), "nops: %llu -> %llu",
		      (unsigned long long)t[BASELINE], (unsigned long long)t[NOPS]);
	ck_assert_msg(close_to(t[BASELINE], t[EMPTY_SCISSOR], 2), "scissor: %llu -> %llu",
		      (unsigned long long)t[BASELINE], (unsigned long long)t[EMPTY_SCISSOR]);
}
END_TEST

START_TEST(test_draw_experiment_empty_scissor_shortens_a_fill_bound_draw)
{
	struct load base, cut;
	uint64_t t0 = fill_bound(BASELINE, &base), t1;

	teardown();
	setup();
	t1 = fill_bound(EMPTY_SCISSOR, &cut);
	ck_assert_uint_eq(busiest(&base), HW_BUSY_PER_FRAGMENT);
	ck_assert_msg(t1 * 10 < t0 * 9, "scissor: %llu -> %llu", (unsigned long long)t0,
		      (unsigned long long)t1);
	/* the rasterizer still walks every covered pixel */
	ck_assert_uint_eq(cut.busy[HW_BUSY_RASTERIZER], base.busy[HW_BUSY_RASTERIZER]);
	ck_assert_uint_eq(gpu.counters.fragment, 0);
}
END_TEST

/* ---- the pipeline: rasterizer polygons, vout waits, moving bottleneck ---- */

/* The whole viewport as an n x n grid of quads (2 n^2 triangles), behind
 * an empty scissor: the rasterizer walks the same 96000 pixels whatever n
 * is, and nothing reaches the fragment side. */
static void grid_behind_empty_scissor(unsigned n, struct load *l)
{
	float *xyz = malloc((size_t)n * n * 18 * sizeof *xyz);
	uint32_t base;
	unsigned i, j;

	ck_assert_ptr_nonnull(xyz);
	for (j = 0; j < n; j++)
		for (i = 0; i < n; i++) {
			float x0 = 2.0f * i / n - 1, x1 = 2.0f * (i + 1) / n - 1;
			float y0 = 2.0f * j / n - 1, y1 = 2.0f * (j + 1) / n - 1;
			const float v[18] = { x0, y0, -0.5f, x1, y0, -0.5f, x1, y1, -0.5f,
					      x0, y0, -0.5f, x1, y1, -0.5f, x0, y1, -0.5f };
			memcpy(xyz + 18 * (j * n + i), v, sizeof v);
		}
	base = put_positions(xyz, 6 * n * n);
	free(xyz);
	program_straight(0);
	set_target(false);
	pica_cmd_reg(&cmd, 0x065, 3);
	pica_cmd_reg(&cmd, 0x066, 1u | 1u << 16);                  /* empty */
	pica_cmd_reg(&cmd, 0x067, 0);
	common_state(base, 0, 0);
	pica_cmd_reg(&cmd, R_NUMVERTICES, 6 * n * n);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	run_measuring(l);
	ck_assert_uint_eq(gpu.counters.fragment, 0);
	ck_assert_uint_eq(gpu.counters.polygon[HW_POLYGON_OUT], 2 * n * n);
}

/* Manual 9.3.1.1: the rasterizer's load depends on the polygons as well
 * as on the pixels, so fewer polygons over the same pixels (less setup
 * load) is less rasterizer load. The same screen as 2 or as 512
 * triangles: raster_per_polygon (4) clocks more for each of the 510 more. */
START_TEST(test_draw_raster_load_grows_with_polygons_over_the_same_pixels)
{
	struct load two, many;

	grid_behind_empty_scissor(1, &two);
	teardown();
	setup();
	grid_behind_empty_scissor(16, &many);
	ck_assert_uint_eq(two.busy[HW_BUSY_RASTERIZER], 2 * 4 + 96000 / 4);
	ck_assert_uint_eq(many.busy[HW_BUSY_RASTERIZER], 512 * 4 + 96000 / 4);
	ck_assert_uint_eq(many.busy[HW_BUSY_TRIANGLE_SETUP], 512 * 13);
	ck_assert_uint_eq(busiest(&two), HW_BUSY_RASTERIZER);
	ck_assert_uint_eq(busiest(&many), HW_BUSY_RASTERIZER);
	/* rasterizer-bound: the extra polygons lengthen the draw */
	ck_assert_uint_gt(many.duration, two.duration + 500 * 4);
}
END_TEST

/* Points into a geometry shader that emits 6 triangles each (a one-
 * instruction vertex shader): the geometry shader is quick, setup slow,
 * so processor 0 waits to issue vout. Returns VERTEX_SHADER0 word 1. */
static uint32_t vout_scene(bool gs, uint32_t setup_clocks, struct load *l)
{
	enum { POINTS = 64 };
	float xyz[POINTS * 3];
	uint32_t base;
	unsigned i;

	for (i = 0; i < POINTS; i++) {
		xyz[3 * i] = (float)(i % 8) / 8.0f - 0.5f;
		xyz[3 * i + 1] = (float)(i / 8) / 8.0f - 0.5f;
		xyz[3 * i + 2] = -0.5f;
	}
	base = put_positions(xyz, POINTS);
	gpu.costs.setup_per_polygon = setup_clocks;
	program_straight(0);
	if (gs) {
		const struct asm_src src[3] = { asm_v(0), asm_v(0), asm_v(0) };
		struct shader_asm g;

		ck_assert_msg(load_triangle_gs(&g, 6, src), "%s", g.error);
		common_state(base, 3, 0);
		pica_cmd_reg(&cmd, 0x229, 2);
		pica_cmd_reg(&cmd, 0x289, 0x08000000u);
		pica_cmd_reg(&cmd, 0x28D, 1);
		pica_cmd_reg(&cmd, R_NUMVERTICES, POINTS);
	} else {
		common_state(base, 0, 0);
		pica_cmd_reg(&cmd, R_NUMVERTICES, POINTS / 4 * 3);
	}
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	run_measuring(l);
	return gpu.counters.shader[0][HW_SHADER_STALL_DEPENDENCY];
}

/* Manual 9.3.2: with the geometry shader on, VERTEX_SHADER0 word 1 also
 * holds the clocks vout waited because a later module was busy. With a
 * free triangle setup nothing waits; at 40 clocks a polygon processor 0
 * waits, and word 1 grows by those clocks, which are not busy clocks. */
START_TEST(test_draw_vout_waits_count_on_processor_0_with_a_geometry_shader)
{
	struct load fast, slow;
	uint32_t free_setup = vout_scene(true, 0, &fast), waits;

	teardown();
	setup();
	waits = vout_scene(true, 40, &slow) - free_setup;
	ck_assert_uint_eq(gpu.counters.polygon[HW_POLYGON_IN], 64 * 6);
	/* setup works 384 x 40 clocks, the geometry shader about a third */
	ck_assert_uint_gt(waits, 384 * 40 / 2);
	ck_assert_uint_eq(busiest(&slow), HW_BUSY_TRIANGLE_SETUP);
	/* processor 0 did the same work: its busy clocks did not grow */
	ck_assert_uint_eq(slow.busy[HW_BUSY_SHADER0], fast.busy[HW_BUSY_SHADER0]);
	/* the waits fill the setup-bound draw: busy + waits <= its length */
	ck_assert_uint_le(slow.busy[HW_BUSY_SHADER0] + waits, slow.duration);
}
END_TEST

/* Without a geometry shader, word 1 is dependency stalls only, however
 * busy setup is. */
START_TEST(test_draw_no_vout_waits_without_a_geometry_shader)
{
	struct load fast, slow;
	uint32_t free_setup = vout_scene(false, 0, &fast);

	teardown();
	setup();
	ck_assert_uint_eq(vout_scene(false, 200, &slow), free_setup);
	ck_assert_uint_eq(busiest(&slow), HW_BUSY_TRIANGLE_SETUP);
}
END_TEST

/* One draw of 600 tiny triangles then two covering the middle quarter of
 * the screen: setup-bound first, fill-bound then. Timed batch by batch it lasts longer than
 * its busiest module works (the fragment side waits for setup first, then
 * setup has nothing left to do), and the busy counter gives windows to
 * both bottlenecks in turn (colour only, no depth: the tiny triangles
 * cost the fragment side less than setup). */
START_TEST(test_draw_moving_bottleneck_lasts_longer_than_its_busiest_module)
{
	enum { TINY = 600 };
	float *pos = malloc((TINY * 9 + 18) * sizeof *pos);
	uint16_t won[HW_BUSY_MODULE_COUNT];
	struct load l;
	uint64_t most = 0;
	uint32_t base;
	unsigned i;

	ck_assert_ptr_nonnull(pos);
	for (i = 0; i < TINY * 3; i++) {
		float x = (float)(i / 3 % 30) / 15.0f - 0.99f, y = (float)(i / 90) / 10.0f - 0.95f;
		pos[3 * i + 0] = x + (float)(i % 3 == 1) * 0.03f;
		pos[3 * i + 1] = y + (float)(i % 3 == 2) * 0.03f;
		pos[3 * i + 2] = -0.5f;
	}
	memcpy(pos + TINY * 9, middle, sizeof middle);
	base = put_positions(pos, TINY * 3 + 6);
	free(pos);
	program_straight(0);
	set_target(false);
	common_state(base, 0, 0);
	pica_cmd_reg(&cmd, R_NUMVERTICES, TINY * 3 + 6);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	gpu.busy.reg_window = 256;
	hw_busy_start(&gpu.busy, gpu.clock);
	run_measuring(&l);
	hw_busy_read(&gpu.busy, gpu.clock, won);
	for (i = 0; i < HW_BUSY_MODULE_COUNT; i++)
		if (l.busy[i] > most)
			most = l.busy[i];
	/* as long as its busiest module works, as a draw timed whole would be,
	 * plus the clocks the fragment side waited for setup */
	ck_assert_uint_gt(l.duration, most + 1000);
	ck_assert_uint_gt(won[HW_BUSY_TRIANGLE_SETUP], TINY * 13 / 256 / 2);
	/* the fill phase: about 12000 clocks each of combiner (one stage, two
	 * fragments a clock) and per-fragment operations */
	ck_assert_uint_gt(won[HW_BUSY_COMBINER] + won[HW_BUSY_PER_FRAGMENT], 12000 / 256 / 2);
}
END_TEST

/* ---- indexed draws: every position in order, faults exact --------------- */

#define SCATTER_VERTS   41
#define SCATTER_INDICES 300
#define SCATTER_MAX_TRIS 400

struct captured {
	struct hw_vertex v[SCATTER_MAX_TRIS][3];
	unsigned n;
};

static void capture_triangle(void *user, const struct hw_vertex *a, const struct hw_vertex *b,
			     const struct hw_vertex *c)
{
	struct captured *cap = user;

	ck_assert_uint_lt(cap->n, SCATTER_MAX_TRIS);
	cap->v[cap->n][0] = *a;
	cap->v[cap->n][1] = *b;
	cap->v[cap->n][2] = *c;
	cap->n++;
}

/* Vertex i of the scatter set: a distinct position inside the screen. */
static void scatter_position(unsigned i, float *p)
{
	p[0] = -0.9f + 0.043f * (float)(i % 7) + 0.011f * (float)i;
	p[1] = -0.8f + 0.037f * (float)(i % 11) + 0.013f * (float)i;
	p[2] = -0.5f;
}

/* Pseudo-random indices with many repeats, so that a small cache both hits
 * and evicts, also within one stretch of a few dozen indices. */
static void scatter_indices(uint16_t *idx, unsigned n)
{
	uint32_t s = 99;
	unsigned i;

	for (i = 0; i < n; i++) {
		s = s * 1664525u + 1013904223u;
		idx[i] = (uint16_t)((s >> 10) % SCATTER_VERTS);
	}
}

/* Misses of a first-in first-out cache of `entries` over idx[0, n). */
static unsigned fifo_misses(const uint16_t *idx, unsigned n, unsigned entries)
{
	uint16_t held[HW_VCACHE_MAX_ENTRIES];
	unsigned used = 0, next = 0, misses = 0, i, k;

	for (i = 0; i < n; i++) {
		bool hit = false;
		for (k = 0; k < used; k++)
			hit = hit || held[k] == idx[i];
		if (hit)
			continue;
		misses++;
		if (used < entries) {
			held[used++] = idx[i];
		} else {
			held[next] = idx[i];
			next = (next + 1) % entries;
		}
	}
	return misses;
}

/* Positions then `count_in_memory` 16-bit indices, the indices ending the
 * allocation; an indexed draw of `count` indices with a 4-entry cache. */
/* The commands of an indexed draw of `count` of the indices (the first
 * count_in_memory of them in memory), its triangles captured. */
static void scatter_build(const uint16_t *idx, unsigned count_in_memory, unsigned count,
			  struct captured *cap)
{
	unsigned pos_bytes = (SCATTER_VERTS * 12 + 15) / 16 * 16, i;
	uint32_t base = hw_memory_alloc(&gpu.memory, HW_AREA_VRAM_A,
					pos_bytes + count_in_memory * 2);
	unsigned char *host = hw_memory_host(&gpu.memory, base, pos_bytes + count_in_memory * 2);

	ck_assert_ptr_nonnull(host);
	for (i = 0; i < SCATTER_VERTS; i++) {
		float p[3];
		scatter_position(i, p);
		memcpy(host + 12 * i, p, sizeof p);
	}
	memcpy(host + pos_bytes, idx, count_in_memory * 2);
	hw_vcache_configure(&gpu.vcache, 4, HW_VCACHE_FIFO);
	gpu.triangle_out = capture_triangle;
	gpu.triangle_user = cap;
	program_straight(1);
	common_state(base, 0, 0);
	pica_cmd_reg(&cmd, R_INDEX_CONFIG, pos_bytes | 1u << 31);
	pica_cmd_reg(&cmd, R_NUMVERTICES, count);
	pica_cmd_reg(&cmd, R_DRAWELEMENTS, 1);
	gpu.counters.vcache_started = true;
}

/* scatter_build, run: the submission must return `want`. */
static void scatter_draw(const uint16_t *idx, unsigned count_in_memory, unsigned count,
			 struct captured *cap, enum hw_status want)
{
	scatter_build(idx, count_in_memory, count, cap);
	ck_assert_int_eq(hw_gpu_submit(&gpu, cmd.w, cmd.n, 0), want);
	hw_gpu_advance(&gpu, gpu.cmdlist_busy_until - gpu.clock);
}

static uint32_t shader_instructions(void)
{
	return gpu.counters.shader[0][0] + gpu.counters.shader[1][0] + gpu.counters.shader[2][0]
	       + gpu.counters.shader[3][0];
}

/* The output-map tests' triangle: positions (x, y, -0.5), shaded by "mov
 * oN, v0" into o0, o1, o2 and o5 (the output mask), slots 1-3 mapped by
 * the words `slot`. */
static const float outmap_tri[] = {
	-0.5f, -0.25f, -0.5f,   0.5f, -0.5f, -0.5f,   0.25f, 0.5f, -0.5f,
};

/* Draw outmap_tri with those slots and check every varying of each of its
 * vertices against want(x, y); want starts at 0. */
static void outmap_check(const uint32_t slot[3],
			 void (*want_of)(float x, float y, float want[HW_VARYING_COUNT][4]))
{
	static struct captured cap;
	struct hw_shader_state prog;
	uint32_t base = put_positions(outmap_tri, 3);
	unsigned t, j, k;

	memset(&prog, 0, sizeof prog);
	memset(&cap, 0, sizeof cap);
	asm_mov(&sasm, asm_o(0), asm_v(0));
	asm_mov(&sasm, asm_o(1), asm_v(0));
	asm_mov(&sasm, asm_o(2), asm_v(0));
	asm_mov(&sasm, asm_o(5), asm_v(0));
	asm_end(&sasm);
	ck_assert_msg(asm_finish(&sasm, &prog), "%s", sasm.error);
	pica_cmd_vs_program(&cmd, &prog, sasm.ncode, sasm.nopdesc, 0);
	common_state(base, 0, 0);
	pica_cmd_reg(&cmd, R_VSH_OUTMASK, 0x27);                /* o0, o1, o2, o5 */
	pica_cmd_reg(&cmd, R_OUTMAP_TOTAL, 4);
	for (k = 0; k < 3; k++)
		pica_cmd_reg(&cmd, R_OUTMAP_O0 + 1 + k, slot[k]);
	gpu.triangle_out = capture_triangle;
	gpu.triangle_user = &cap;
	pica_cmd_reg(&cmd, R_NUMVERTICES, 3);
	pica_cmd_reg(&cmd, R_VERTEX_OFFSET, 0);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	run_and_finish();
	ck_assert_uint_eq(cap.n, 1);
	for (t = 0; t < 3; t++) {
		float want[HW_VARYING_COUNT][4];
		const struct hw_vertex *v = &cap.v[0][t];

		memset(want, 0, sizeof want);
		want_of(outmap_tri[3 * t], outmap_tri[3 * t + 1], want);
		for (j = 0; j < HW_VARYING_COUNT; j++)
			for (k = 0; k < 4; k++)
				ck_assert_msg(v->varying[j][k] == want[j][k],
					      "vertex %u, varying %u.%u: %g, want %g", t, j, k,
					      (double)v->varying[j][k], (double)want[j][k]);
	}
}

static void slot_order_want(float x, float y, float want[HW_VARYING_COUNT][4])
{
	want[HW_VARYING_TEXCOORD0][0] = 1;
	want[HW_VARYING_TEXCOORD0][2] = x;
	want[HW_VARYING_VIEW][0] = -0.5f;
	want[HW_VARYING_VIEW][2] = y;
	want[HW_VARYING_COLOR][3] = x;
	want[HW_VARYING_TEXCOORD2][0] = 1;
	want[HW_VARYING_TEXCOORD2][1] = x;
	want[HW_VARYING_QUATERNION][0] = y;
	want[HW_VARYING_TEXCOORD1][0] = -0.5f;
}

/* The output map routes each shaded component to its semantic, slot
 * after slot and x to w: slot i reads the i-th register of the output
 * mask (o0, o1, o2, o5 here, each "mov oN, v0" of the position x, y,
 * -0.5, 1), an unused semantic goes nowhere, a later slot overwrites an
 * earlier one (slot 3's x replaces slot 1's w as color alpha), and every
 * varying no slot names is 0. */
START_TEST(test_draw_output_map_routes_components_in_slot_order)
{
	static const uint32_t slot[3] = {
		0x0B1F1410,     /* tex0 w, view z, -, color a */
		0x0C0E0417,     /* tex2 v, quat x, tex1 u, tex0 u */
		0x16121F0B,     /* color a, -, view x, tex2 u */
	};

	outmap_check(slot, slot_order_want);
}
END_TEST

static void runs_want(float x, float y, float want[HW_VARYING_COUNT][4])
{
	want[HW_VARYING_TEXCOORD0][0] = x;
	want[HW_VARYING_TEXCOORD0][1] = y;
	want[HW_VARYING_TEXCOORD1][0] = -0.5f;
	want[HW_VARYING_TEXCOORD1][1] = 1;
	want[HW_VARYING_COLOR][0] = x;
	want[HW_VARYING_COLOR][1] = y;
	want[HW_VARYING_COLOR][2] = -0.5f;
	want[HW_VARYING_COLOR][3] = x;
	want[HW_VARYING_QUATERNION][0] = -0.5f;
	want[HW_VARYING_QUATERNION][1] = 1;
}

/* Consecutive components routed to consecutive floats (runs of 2, 3 and
 * 4 components, copied at once) land as one by one: o1 (x, y, -0.5, 1)
 * to tex0 u, v and tex1 u, v; o2 to color r, g, b; o5's x to color a and
 * its z, w to quaternion x, y. */
START_TEST(test_draw_output_map_runs_of_components)
{
	static const uint32_t slot[3] = {
		0x0F0E0D0C,     /* tex0 u, v, tex1 u, v */
		0x1F0A0908,     /* color r, g, b, - */
		0x05041F0B,     /* color a, -, quat x, y */
	};

	outmap_check(slot, runs_want);
}
END_TEST

/* An output register the shader does not write reads 0 through the
 * output map, even right after a draw whose shader wrote it: two draws of
 * outmap_tri in one buffer, o1 mapped to the colour; the first shader
 * writes o1 (the position), the second does not. */
START_TEST(test_draw_outputs_the_shader_does_not_write_are_zero)
{
	static struct captured cap;
	struct hw_shader_state prog;
	uint32_t base = put_positions(outmap_tri, 3);
	unsigned draw, t, k;

	memset(&cap, 0, sizeof cap);
	gpu.triangle_out = capture_triangle;
	gpu.triangle_user = &cap;
	for (draw = 0; draw < 2; draw++) {
		memset(&prog, 0, sizeof prog);
		asm_init(&sasm);
		asm_mov(&sasm, asm_o(0), asm_v(0));
		if (draw == 0)
			asm_mov(&sasm, asm_o(1), asm_v(0));
		asm_end(&sasm);
		ck_assert_msg(asm_finish(&sasm, &prog), "%s", sasm.error);
		pica_cmd_vs_program(&cmd, &prog, sasm.ncode, sasm.nopdesc, 0);
		common_state(base, 0, 0);
		pica_cmd_reg(&cmd, R_VSH_OUTMASK, 0x3);                 /* o0, o1 */
		pica_cmd_reg(&cmd, R_OUTMAP_TOTAL, 2);
		pica_cmd_reg(&cmd, R_OUTMAP_O0 + 1, 0x0B0A0908);        /* color r, g, b, a */
		pica_cmd_reg(&cmd, R_NUMVERTICES, 3);
		pica_cmd_reg(&cmd, R_VERTEX_OFFSET, 0);
		pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	}
	run_and_finish();
	ck_assert_uint_eq(cap.n, 2);
	for (t = 0; t < 3; t++) {
		const float *c0 = cap.v[0][t].varying[HW_VARYING_COLOR];
		const float *c1 = cap.v[1][t].varying[HW_VARYING_COLOR];

		ck_assert(c0[0] == outmap_tri[3 * t] && c0[1] == outmap_tri[3 * t + 1]);
		ck_assert(c0[2] == -0.5f && c0[3] == 1.0f);
		for (k = 0; k < 4; k++)
			ck_assert_msg(c1[k] == 0.0f && !signbit(c1[k]),
				      "vertex %u, colour %u: %g", t, k, (double)c1[k]);
	}
}
END_TEST

/* The vertex cache against a plain model of it (scan the entries; a miss
 * fills the next free entry, else evicts the oldest stamp, stamped at
 * insertion, and with LRU at every hit too): every look-up gives the same
 * hit or miss and the same entry, for both policies, sizes from 1 to past
 * 32, indices that share hash buckets (multiples of 512 apart) and a
 * clear in the middle. */
START_TEST(test_vcache_lookup_matches_a_scan_of_its_entries)
{
	static struct hw_vcache c;
	uint32_t ref_index[64], state = 99;
	uint64_t ref_stamp[64], clock;
	unsigned sizes[] = { 1, 2, 3, 4, 7, 32, 33, 64 }, z, pol, k, used;

	for (z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
		for (pol = 0; pol < 2; pol++) {
			enum hw_vcache_policy policy = pol ? HW_VCACHE_LRU : HW_VCACHE_FIFO;

			hw_vcache_configure(&c, sizes[z], policy);
			used = 0;
			clock = 0;
			for (k = 0; k < 4000; k++) {
				uint32_t index;
				unsigned slot = 999, want = 0, i;
				bool hit, want_hit = false;

				if (k == 2000) {
					hw_vcache_clear(&c);
					used = 0;
					clock = 0;
				}
				state = state * 1103515245u + 12345u;
				index = (state >> 16) % 48 + 512u * ((state >> 8) % 3);
				hit = hw_vcache_lookup(&c, index, &slot);
				clock++;
				for (i = 0; i < used && !want_hit; i++)
					if (ref_index[i] == index) {
						want_hit = true;
						want = i;
					}
				if (want_hit) {
					if (policy == HW_VCACHE_LRU)
						ref_stamp[want] = clock;
				} else {
					if (used < sizes[z]) {
						want = used++;
					} else {
						want = 0;
						for (i = 1; i < used; i++)
							if (ref_stamp[i] < ref_stamp[want])
								want = i;
					}
					ref_index[want] = index;
					ref_stamp[want] = clock;
				}
				ck_assert_msg(hit == want_hit && slot == want,
					      "size %u, policy %u, look-up %u (index %u): %s in %u, "
					      "want %s in %u", sizes[z], pol, k, (unsigned)index,
					      hit ? "hit" : "miss", slot, want_hit ? "hit" : "miss", want);
			}
		}
	}
}
END_TEST

/* An indexed draw hands on, in index order, the same triangles as the
 * non-indexed draw of the vertices the indices name; only the cache's
 * misses are shaded, as a first-in first-out cache of 4 entries gives. */
START_TEST(test_draw_indexed_matches_the_vertices_it_names)
{
	static struct captured indexed, arrays;
	static uint16_t idx[SCATTER_INDICES];
	float *expanded = malloc(SCATTER_INDICES * 12);
	unsigned i, misses;

	scatter_indices(idx, SCATTER_INDICES);
	misses = fifo_misses(idx, SCATTER_INDICES, 4);
	scatter_draw(idx, SCATTER_INDICES, SCATTER_INDICES, &indexed, HW_OK);
	ck_assert_uint_eq(indexed.n, SCATTER_INDICES / 3);
	ck_assert_uint_eq(gpu.counters.vertex_cache, misses);
	ck_assert_uint_eq(shader_instructions(), misses * 3);

	teardown();
	setup();
	for (i = 0; i < SCATTER_INDICES; i++)
		scatter_position(idx[i], &expanded[3 * i]);
	gpu.triangle_out = capture_triangle;
	gpu.triangle_user = &arrays;
	program_straight(1);
	common_state(put_positions(expanded, SCATTER_INDICES), 0, 0);
	pica_cmd_reg(&cmd, R_NUMVERTICES, SCATTER_INDICES);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	run_and_finish();
	free(expanded);
	ck_assert_uint_eq(arrays.n, indexed.n);
	ck_assert(memcmp(arrays.v, indexed.v, sizeof arrays.v) == 0);
}
END_TEST

/* Vertex i of the wide set: some inside the clip volume, some outside
 * it in x or y, so that a draw has triangles inside it, crossing it and
 * outside it. */
static void wide_position(unsigned i, float *p)
{
	p[0] = -1.25f + 0.061f * (float)(i % SCATTER_VERTS);
	p[1] = -1.1f + 0.053f * (float)(i * 7 % SCATTER_VERTS);
	p[2] = -0.5f;
}

/* Draw `count` vertices of the wide set with topology `topology`, named
 * by idx[] (below `set`) through a FIFO cache of `entries` (indexed) or
 * expanded in order (arrays); its triangles into *cap, its counters into
 * *c. */
static void wide_draw_of(const uint16_t *idx, unsigned count, unsigned set, unsigned topology,
			 unsigned entries, bool indexed, struct captured *cap, struct hw_counters *c)
{
	unsigned pos_bytes, verts, i;
	uint32_t base;
	unsigned char *host;

	setup();
	verts = indexed ? set : count;
	pos_bytes = (verts * 12 + 15) / 16 * 16;
	base = hw_memory_alloc(&gpu.memory, HW_AREA_VRAM_A, pos_bytes + count * 2);
	host = hw_memory_host(&gpu.memory, base, pos_bytes + count * 2);
	ck_assert_ptr_nonnull(host);
	for (i = 0; i < verts; i++) {
		float p[3];

		wide_position(indexed ? i : idx[i], p);
		memcpy(host + 12 * i, p, sizeof p);
	}
	memcpy(host + pos_bytes, idx, count * 2);
	hw_vcache_configure(&gpu.vcache, entries, HW_VCACHE_FIFO);
	memset(cap, 0, sizeof *cap);
	gpu.triangle_out = capture_triangle;
	gpu.triangle_user = cap;
	program_straight(1);
	common_state(base, topology, 0);
	if (indexed)
		pica_cmd_reg(&cmd, R_INDEX_CONFIG, pos_bytes | 1u << 31);
	pica_cmd_reg(&cmd, R_NUMVERTICES, count);
	pica_cmd_reg(&cmd, R_VERTEX_OFFSET, 0);
	pica_cmd_reg(&cmd, indexed ? R_DRAWELEMENTS : R_DRAWARRAYS, 1);
	run_and_finish();
	*c = gpu.counters;
	teardown();
}

static void wide_draw(const uint16_t *idx, unsigned count, unsigned topology, unsigned entries,
		      bool indexed, struct captured *cap, struct hw_counters *c)
{
	wide_draw_of(idx, count, SCATTER_VERTS, topology, entries, indexed, cap, c);
}

/* Lists, strips and fans, indexed through caches of 1, 2, 3 and 32
 * entries (so that a vertex assembly still holds is often evicted and
 * its entry shaded again before the triangle closes), hand on the same
 * triangles, bit for bit, as the same topology drawn from the expanded
 * vertices, with the same setup counts; inside, crossing and outside
 * triangles alike. Two index sets: 41 vertices, and 5 (many repeats). */
START_TEST(test_draw_indexed_topologies_match_their_vertices_with_small_caches)
{
	static struct captured got, want;
	static uint16_t idx[60];
	static const unsigned entries[] = { 1, 2, 3, 32 };
	struct hw_counters cg, cw;
	unsigned set, top, e, i, crossing = 0, outside = 0;

	teardown();
	for (set = 0; set < 2; set++) {
		scatter_indices(idx, 60);
		for (i = 0; set == 1 && i < 60; i++)
			idx[i] = (uint16_t)(idx[i] % 5 * 8);
		for (top = 0; top < 3; top++)
			for (e = 0; e < sizeof entries / sizeof entries[0]; e++) {
				wide_draw(idx, 60, top, entries[e], true, &got, &cg);
				wide_draw(idx, 60, top, entries[e], false, &want, &cw);
				ck_assert_uint_eq(got.n, want.n);
				ck_assert_msg(memcmp(got.v, want.v, sizeof got.v) == 0,
					      "set %u, topology %u, %u entries: triangles differ",
					      set, top, entries[e]);
				ck_assert(memcmp(cg.polygon, cw.polygon, sizeof cg.polygon) == 0);
				ck_assert_uint_gt(got.n, 0);
				/* polygons cut into several triangles, and removed */
				crossing += got.n > cg.polygon[HW_POLYGON_OUT];
				outside += cg.polygon[HW_POLYGON_OUT] < cg.polygon[HW_POLYGON_IN];
			}
	}
	ck_assert_uint_gt(crossing, 0);
	ck_assert_uint_gt(outside, 0);
	setup();
}
END_TEST

static uint32_t instructions_of(const struct hw_counters *c)
{
	return c->shader[0][0] + c->shader[1][0] + c->shader[2][0] + c->shader[3][0];
}

/* A vertex the cache has lost is shaded again when it comes back, and
 * the draw may take what it made of the same registers before (hw_draw_int.h,
 * "vertices shaded again"). Runs of five vertices, each drawn twice, then
 * the run 512 indices on (its vertices share the first run's entries of
 * that memo, and take them), then the first run twice more, through a
 * 2-entry cache that misses every time: the same triangles, bit for bit,
 * and the same setup counts as the expanded draw, and every miss an
 * invocation of the program's 3 instructions. */
START_TEST(test_draw_vertices_shaded_again_match_their_vertices)
{
	static struct captured got, want;
	static uint16_t idx[300];
	struct hw_counters cg, cw;
	unsigned i;

	teardown();
	for (i = 0; i < 300; i++)
		idx[i] = (uint16_t)(i / 25 * 5 + i % 5 + (i % 25 / 5 == 2 ? 512 : 0));
	ck_assert_uint_eq(fifo_misses(idx, 300, 2), 300);
	wide_draw_of(idx, 300, 600, 0, 2, true, &got, &cg);
	wide_draw_of(idx, 300, 600, 0, 2, false, &want, &cw);
	ck_assert_uint_gt(got.n, 0);
	ck_assert_uint_eq(got.n, want.n);
	ck_assert(memcmp(got.v, want.v, sizeof got.v) == 0);
	ck_assert(memcmp(cg.polygon, cw.polygon, sizeof cg.polygon) == 0);
	ck_assert_uint_eq(instructions_of(&cg), 300 * 3);
	ck_assert_uint_eq(instructions_of(&cw), 300 * 3);
	setup();
}
END_TEST

/* 53 triangles from vertex data at the start of the colour buffer: A
 * (low on the screen) 12 times, B (over the top rows, where the data is,
 * writing colour 0 over it) once, A 40 times more; `distinct`: each
 * vertex its own index (0 to 158), else A's three indices and B's three.
 * Every index misses a 1-entry cache either way. The fragment count; the
 * first vertex's bytes to *data after the draw. */
static uint32_t self_overwriting_draw(bool distinct, float data[3])
{
	static const float tri[2][3][3] = {
		{ { -0.5f, -0.9f, -0.5f }, { 0.5f, -0.9f, -0.5f }, { 0.0f, -0.6f, -0.5f } },
		{ { -1.0f, 0.5f, -0.5f }, { 3.0f, 0.5f, -0.5f }, { -1.0f, 4.0f, -0.5f } },
	};
	uint16_t idx[159];
	uint32_t color, ibuf, fragments;
	unsigned char *host, *ihost;
	unsigned t, v;

	setup();
	program_straight(1);
	color = set_target(false);
	host = hw_memory_host(&gpu.memory, color, 240 * 400 * 4);
	ibuf = hw_memory_alloc(&gpu.memory, HW_AREA_VRAM_A, sizeof idx);
	ihost = hw_memory_host(&gpu.memory, ibuf, sizeof idx);
	ck_assert_ptr_nonnull(host);
	ck_assert_ptr_nonnull(ihost);
	for (t = 0; t < 53; t++)
		for (v = 0; v < 3; v++) {
			unsigned k = 3 * t + v, b = t == 12;

			idx[k] = (uint16_t)(distinct ? k : 3 * b + v);
			memcpy(host + 12 * idx[k], tri[b][v], sizeof tri[b][v]);
		}
	memcpy(ihost, idx, sizeof idx);
	hw_vcache_configure(&gpu.vcache, 1, HW_VCACHE_FIFO);
	common_state(color, 0, 0);
	pica_cmd_reg(&cmd, R_INDEX_CONFIG, (ibuf - color) | 1u << 31);
	pica_cmd_reg(&cmd, R_NUMVERTICES, 159);
	pica_cmd_reg(&cmd, R_VERTEX_OFFSET, 0);
	pica_cmd_reg(&cmd, R_DRAWELEMENTS, 1);
	run_and_finish();
	fragments = gpu.counters.fragment;
	memcpy(data, host, 3 * sizeof(float));
	teardown();
	return fragments;
}

/* A draw whose fragments write over its own vertex data: a vertex shaded
 * again reads its registers anew, and is taken from what it made before
 * only when they hold the same bits. The later A triangles whose fetches
 * come after B's fragments read zeros (a degenerate triangle, no
 * fragments); the draw from distinct indices, which has nothing to take,
 * makes the same fragments with the same fetches. */
START_TEST(test_draw_vertex_shaded_again_reads_its_registers_anew)
{
	float shared[3], distinct[3];
	uint32_t fragments;

	teardown();
	fragments = self_overwriting_draw(false, shared);
	ck_assert_uint_eq(fragments, self_overwriting_draw(true, distinct));
	ck_assert(shared[0] == 0 && shared[1] == 0 && shared[2] == 0);
	ck_assert(distinct[0] == 0 && distinct[1] == 0 && distinct[2] == 0);
	ck_assert_uint_gt(fragments, 0);
	setup();
}
END_TEST

/* Counter words, vertex-cache count, instructions and triangles after a
 * draw, to compare two draws. */
struct draw_counts {
	struct hw_counters c;
	unsigned triangles;
};

static void draw_counts_of(struct draw_counts *d, const struct captured *cap)
{
	d->c = gpu.counters;
	d->triangles = cap->n;
}

/* A vertex fetch that faults at position 100 (past the first stretch of
 * indices) ends the draw there: the counts are those of the draw of the
 * first 100 indices, plus that position's index read (on the line of the
 * previous one) and its cache miss. Nothing after it is counted. */
START_TEST(test_draw_indexed_fetch_fault_counts_up_to_the_fault)
{
	static struct captured cap_fault, cap_short;
	static uint16_t idx[SCATTER_INDICES];
	struct draw_counts faulted, short_draw;

	scatter_indices(idx, SCATTER_INDICES);
	idx[100] = 60000;                       /* far past the positions */
	scatter_draw(idx, SCATTER_INDICES, SCATTER_INDICES, &cap_fault, HW_ERROR_FAULT);
	draw_counts_of(&faulted, &cap_fault);
	teardown();
	setup();
	scatter_draw(idx, SCATTER_INDICES, 100, &cap_short, HW_OK);
	draw_counts_of(&short_draw, &cap_short);

	ck_assert_uint_eq(faulted.triangles, 33);
	ck_assert_uint_eq(faulted.triangles, short_draw.triangles);
	ck_assert_uint_eq(faulted.c.vertex_cache, short_draw.c.vertex_cache + 1);
	ck_assert_uint_eq(faulted.c.vertex_cache, fifo_misses(idx, 101, 4));
	ck_assert(memcmp(faulted.c.shader, short_draw.c.shader, sizeof faulted.c.shader) == 0);
	ck_assert(memcmp(faulted.c.polygon, short_draw.c.polygon, sizeof faulted.c.polygon) == 0);
	ck_assert_uint_eq(faulted.c.memory[HW_MEM_VRAM_A_READ], short_draw.c.memory[HW_MEM_VRAM_A_READ]);
}
END_TEST

/* Indices that run past the end of memory at position 104: the draw stops
 * there, with exactly the counts of the draw of the first 104 indices. */
START_TEST(test_draw_indexed_index_fault_counts_up_to_the_fault)
{
	static struct captured cap_fault, cap_short;
	static uint16_t idx[SCATTER_INDICES];
	struct draw_counts faulted, short_draw;

	scatter_indices(idx, SCATTER_INDICES);
	scatter_draw(idx, 104, 150, &cap_fault, HW_ERROR_FAULT);
	draw_counts_of(&faulted, &cap_fault);
	teardown();
	setup();
	scatter_draw(idx, 104, 104, &cap_short, HW_OK);
	draw_counts_of(&short_draw, &cap_short);

	ck_assert_uint_eq(faulted.triangles, 34);
	ck_assert_uint_eq(faulted.c.vertex_cache, fifo_misses(idx, 104, 4));
	ck_assert(memcmp(faulted.c.memory, short_draw.c.memory, sizeof faulted.c.memory) == 0);
	ck_assert(memcmp(faulted.c.shader, short_draw.c.shader, sizeof faulted.c.shader) == 0);
	ck_assert(memcmp(faulted.c.polygon, short_draw.c.polygon, sizeof faulted.c.polygon) == 0);
	ck_assert_uint_eq(faulted.c.vertex_cache, short_draw.c.vertex_cache);
	ck_assert_uint_eq(faulted.triangles, short_draw.triangles);
}
END_TEST

/* A draw that reads outside memory stops with a fault, no crash. */
START_TEST(test_draw_fetch_outside_memory_is_a_fault)
{
	program_straight(0);
	common_state(0x18100000, 0, 0);             /* nothing allocated there */
	pica_cmd_reg(&cmd, R_NUMVERTICES, 3);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	ck_assert_int_eq(hw_gpu_submit(&gpu, cmd.w, cmd.n, 0), HW_ERROR_FAULT);
}
END_TEST

/* A colour buffer that runs past the end of what is allocated: the first
 * fragment outside memory stops the draw with a fault that says so, and
 * the submission reports it; the fragments before it were written. */
static char note_text[512];
static enum hw_note note_kind;

static void keep_note(void *user, enum hw_note note, unsigned reg, const char *text)
{
	(void)user;
	(void)reg;
	note_kind = note;
	snprintf(note_text, sizeof note_text, "%s", text);
}

/* The work bound stops an indexed draw after the first vertex that takes
 * its work past what the request has left, wherever that vertex falls in
 * the draw's look-ahead windows and batches: the note gives the work then
 * (indices, shaded vertices and their 3 instructions each: no fragment
 * stage), which exceeds what was left, while the vertex before it did
 * not. Bounds from 1 to 694 units past the command words, 7 apart, stop
 * the draw at 60 or more positions from the first vertex to past the
 * 150th. */
START_TEST(test_draw_indexed_work_bound_stops_at_the_first_vertex_past_it)
{
	static struct captured cap;
	static uint16_t idx[SCATTER_INDICES];
	unsigned extra, stops = 0, last = 0;

	scatter_indices(idx, SCATTER_INDICES);
	teardown();
	for (extra = 1; extra <= 700; extra += 7) {
		unsigned long long units, left, before;
		unsigned done, count, misses;

		setup();
		gpu.note = keep_note;
		note_kind = HW_NOTE_REGISTER_IGNORED;
		cap.n = 0;
		scatter_build(idx, SCATTER_INDICES, SCATTER_INDICES, &cap);
		/* the bound counts the command words too */
		gpu.request_max_work = cmd.n + extra;
		ck_assert_int_eq(hw_gpu_submit(&gpu, cmd.w, cmd.n, 0), HW_ERROR_LIMIT);
		ck_assert_int_eq(note_kind, HW_NOTE_LIMIT);
		ck_assert_msg(sscanf(note_text, "draw stopped: %llu units of work after %u of %u vertices, more "
				     "than the %llu left", &units, &done, &count, &left) == 4,
			      "%s", note_text);
		ck_assert_uint_eq(count, SCATTER_INDICES);
		misses = fifo_misses(idx, done, 4);
		ck_assert_uint_eq(units, done + 4ull * misses);
		before = (done - 1) + 4ull * fifo_misses(idx, done - 1, 4);
		ck_assert_msg(before <= left && left < units, "stopped after vertex %u: %llu "
			      "units then, %llu before, %llu left", done, units, before, left);
		ck_assert_uint_ge(done, last);
		if (done != last)
			stops++;
		last = done;
		teardown();
	}
	setup();
	ck_assert_uint_ge(last, 150);
	ck_assert_uint_ge(stops, 60);
}
END_TEST

/* Pixels count toward the work bound too: twenty triangles over the
 * whole target (96000 pixels each), with room for three and a half of
 * them, stop after the vertex that closes the fourth, whatever the
 * window holds. */
START_TEST(test_draw_work_bound_stops_at_the_vertex_whose_pixels_pass_it)
{
	static const float whole[] = {
		-1.0f, -1.0f, -0.5f,   3.0f, -1.0f, -0.5f,   -1.0f, 3.0f, -0.5f,
	};
	float tris[60 * 3];
	unsigned long long units, left;
	unsigned done, count, k = program_straight(0), i;
	uint32_t base;

	for (i = 0; i < 20; i++)
		memcpy(&tris[9 * i], whole, sizeof whole);
	base = put_positions(tris, 60);
	set_target(false);
	gpu.note = keep_note;
	common_state(base, 0, 0);
	pica_cmd_reg(&cmd, R_NUMVERTICES, 60);
	pica_cmd_reg(&cmd, R_DRAWARRAYS, 1);
	gpu.request_max_work = cmd.n + 3 * 96000 + 48000;
	ck_assert_int_eq(hw_gpu_submit(&gpu, cmd.w, cmd.n, 0), HW_ERROR_LIMIT);
	ck_assert_int_eq(note_kind, HW_NOTE_LIMIT);
	ck_assert_msg(sscanf(note_text, "draw stopped: %llu units of work after %u of %u vertices, more "
			     "than the %llu left", &units, &done, &count, &left) == 4, "%s", note_text);
	ck_assert_uint_eq(count, 60);
	ck_assert_uint_eq(done, 12);
	ck_assert_uint_eq(units, 12 + 12ull * k + 4 * 96000);
	ck_assert_uint_eq(left, 3 * 96000 + 48000);
	hw_gpu_advance(&gpu, gpu.cmdlist_busy_until - gpu.clock);
	ck_assert_uint_eq(gpu.counters.fragment, 4 * 96000);
}
END_TEST

START_TEST(test_draw_fragment_outside_the_colour_buffer_is_a_fault)
{
	uint32_t base = put_positions(fullscreen, 6), color;

	program_straight(0);
	color = set_target(false);
	/* only the top tile row (8 rows of 240 pixels) is memory */
	ck_assert(hw_memory_free(&gpu.memory, color));
	ck_assert_uint_eq(hw_memory_alloc(&gpu.memory, HW_AREA_VRAM_A, 240 * 8 * 4), color);
	draw_fullscreen(base);
	gpu.note = keep_note;
	note_kind = HW_NOTE_REGISTER_IGNORED;
	ck_assert_int_eq(hw_gpu_submit(&gpu, cmd.w, cmd.n, 0), HW_ERROR_FAULT);
	hw_gpu_advance(&gpu, gpu.cmdlist_busy_until - gpu.clock);
	ck_assert_int_eq(note_kind, HW_NOTE_FAULT);
	ck_assert_msg(strstr(note_text, "falls outside the colour or depth buffer memory"),
		      "%s", note_text);
	/* the walk starts at the top: some of the top row was written */
	ck_assert_uint_gt(gpu.counters.fragment, 0);
	ck_assert_uint_lt(gpu.counters.fragment, 96000);
}
END_TEST

/* A buffer cut inside a command is malformed: a fault, no overread. */
START_TEST(test_command_buffer_ending_inside_a_command_is_a_fault)
{
	uint32_t v[3] = { 1, 2, 3 };

	pica_cmd_regs(&cmd, R_OUTMAP_O0, v, 3, true);
	ck_assert_int_eq(hw_gpu_submit(&gpu, cmd.w, cmd.n - 2, 0), HW_ERROR_FAULT);
}
END_TEST

/* Consecutive writes step the register; masked bytes keep old values. */
START_TEST(test_command_consecutive_and_masked_writes)
{
	uint32_t v[3] = { 0x11, 0x22, 0x33 };

	pica_cmd_regs(&cmd, R_OUTMAP_O0, v, 3, true);
	pica_cmd_reg(&cmd, R_OUTMAP_TOTAL, 0xAABBCCDD);
	cmd.w[cmd.n++] = 0x00000099;                /* only byte 0 of 0x04F */
	cmd.w[cmd.n++] = R_OUTMAP_TOTAL | 1u << 16;
	ck_assert_int_eq(hw_gpu_submit(&gpu, cmd.w, cmd.n, 0), HW_OK);
	ck_assert_uint_eq(gpu.regs[R_OUTMAP_O0], 0x11);
	ck_assert_uint_eq(gpu.regs[R_OUTMAP_O0 + 2], 0x33);
	ck_assert_uint_eq(gpu.regs[R_OUTMAP_TOTAL], 0xAABBCC99);
}
END_TEST

/* A float uniform uploaded in float32 mode arrives in x, y, z, w order. */
START_TEST(test_command_float_uniform_upload)
{
	const float v[4] = { 1.5f, -2.0f, 3.25f, 4.0f };

	pica_cmd_vs_float(&cmd, 7, v);
	ck_assert_int_eq(hw_gpu_submit(&gpu, cmd.w, cmd.n, 0), HW_OK);
	ck_assert(gpu.vs.f[7][0] == 1.5f && gpu.vs.f[7][1] == -2.0f);
	ck_assert(gpu.vs.f[7][2] == 3.25f && gpu.vs.f[7][3] == 4.0f);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("draw");
	TCase *tc = tcase_create("draw");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_draw_straight_shader_counts_k_times_v_spread_over_processors);
	tcase_add_test(tc, test_draw_indexed_matches_the_vertices_it_names);
	tcase_add_test(tc, test_vcache_lookup_matches_a_scan_of_its_entries);
	tcase_add_test(tc, test_draw_output_map_routes_components_in_slot_order);
	tcase_add_test(tc, test_draw_output_map_runs_of_components);
	tcase_add_test(tc, test_draw_indexed_fetch_fault_counts_up_to_the_fault);
	tcase_add_test(tc, test_draw_indexed_index_fault_counts_up_to_the_fault);
	tcase_add_test(tc, test_draw_counts_land_at_the_end_of_the_draw);
	tcase_add_test(tc, test_draw_vertex_fetch_counts_memory_words);
	tcase_add_test(tc, test_draw_vertex_cache_strip_order_beats_shuffled);
	tcase_add_test(tc, test_draw_arrays_leaves_vertex_cache_counter_alone);
	tcase_add_test(tc, test_draw_back_facing_half_is_culled);
	tcase_add_test(tc, test_draw_clipping_removes_outside_and_counts_crossing_once);
	tcase_add_test(tc, test_draw_strip_and_fan_topologies);
	tcase_add_test(tc, test_draw_busy_bottleneck_follows_the_work);
	tcase_add_test(tc, test_draw_mixed_vertex_arrays_load_at_main_memory_speed);
	tcase_add_test(tc, test_draw_busy_many_small_triangles_are_setup_bound);
	tcase_add_test(tc, test_draw_geometry_shader_two_triangles_per_point_doubles_setup_input);
	tcase_add_test(tc, test_draw_work_bound_counts_geometry_shader_instructions);
	tcase_add_test(tc, test_draw_geometry_shader_sets_b15_after_each_invocation);
	tcase_add_test(tc, test_draw_geometry_shader_fixed_mode_reads_vertices_from_uniforms);
	tcase_add_test(tc, test_draw_geometry_shader_variable_mode_reads_counted_primitives);
	tcase_add_test(tc, test_draw_geometry_shader_variable_mode_other_vertices_write_o0_only);
	tcase_add_test(tc, test_draw_vertex_uniforms_mirror_to_geometry_unit_while_0x244_is_0);
	tcase_add_test(tc, test_draw_fullscreen_quad_counts_96000_fragments);
	tcase_add_test(tc, test_draw_clipped_fragments_do_not_count);
	tcase_add_test(tc, test_draw_scissor_quarter_gives_a_quarter);
	tcase_add_test(tc, test_draw_user_clip_plane_registers_cut_the_quad);
	tcase_add_test(tc, test_draw_scissor_exclude_discards_the_box);
	tcase_add_test(tc, test_draw_fill_bound_draw_is_won_by_fragment_side);
	tcase_add_test(tc, test_draw_fill_rate_stays_under_the_documented_ceiling);
	tcase_add_test(tc, test_draw_heavy_lighting_is_won_by_lighting);
	tcase_add_test(tc, test_draw_hidden_quad_reaches_counter_without_early_depth);
	tcase_add_test(tc, test_draw_hidden_quad_discarded_by_early_depth);
	tcase_add_test(tc, test_draw_depth_is_interpolated_wherever_an_operation_reads_it);
	tcase_add_loop_test(tc, test_draw_w_buffer_depth_is_z_times_scale_plus_w_times_offset, 0, 4);
	tcase_add_loop_test(tc, test_draw_z_buffer_depth_is_z_over_w_times_scale_plus_offset, 0, 2);
	tcase_add_loop_test(tc, test_draw_unwritten_depth_mode_is_the_z_buffer, 0, 2);
	tcase_add_loop_test(tc, test_draw_block32_places_pixels_in_32x32_blocks, 0, 2);
	tcase_add_loop_test(tc, test_draw_block32_places_depth_in_32x32_blocks, 0, 2);
	tcase_add_loop_test(tc, test_draw_block32_changes_the_colour_cache_traffic, 0, 2);
	tcase_add_test(tc, test_draw_block32_needs_sides_of_whole_blocks);
	tcase_add_test(tc, test_draw_texture_in_the_colour_buffer_sees_earlier_fragments);
	tcase_add_loop_test(tc, test_draw_wrap_codes_4_to_7, 0, 4);
	tcase_add_test(tc, test_draw_procedural_texture_takes_its_level_of_detail);
	tcase_add_test(tc, test_draw_procedural_texture_from_registers);
	tcase_add_test(tc, test_draw_texture_replace_batch_matches_the_bound_combiner);
	tcase_add_test(tc, test_draw_held_fragments_match_batches_of_one_triangle);
	tcase_add_test(tc, test_draw_batch_close_counts_the_vertices_before_it);
	tcase_add_test(tc, test_draw_setup_and_raster_load_same_from_geometry_shader_or_vertex_data);
	tcase_add_test(tc, test_draw_setup_and_raster_load_same_in_one_draw_or_four);
	tcase_add_test(tc, test_draw_setup_and_raster_load_same_with_one_or_three_attributes);
	tcase_add_test(tc, test_draw_experiment_nops_and_scissor_leave_a_setup_bound_draw);
	tcase_add_test(tc, test_draw_experiment_empty_scissor_shortens_a_fill_bound_draw);
	tcase_add_test(tc, test_draw_raster_load_grows_with_polygons_over_the_same_pixels);
	tcase_add_test(tc, test_draw_vout_waits_count_on_processor_0_with_a_geometry_shader);
	tcase_add_test(tc, test_draw_no_vout_waits_without_a_geometry_shader);
	tcase_add_test(tc, test_draw_moving_bottleneck_lasts_longer_than_its_busiest_module);
	tcase_add_test(tc, test_draw_fetch_outside_memory_is_a_fault);
	tcase_add_test(tc, test_draw_indexed_work_bound_stops_at_the_first_vertex_past_it);
	tcase_add_test(tc, test_draw_work_bound_stops_at_the_vertex_whose_pixels_pass_it);
	tcase_add_test(tc, test_draw_untextured_fragments_take_the_vertex_colour_either_way);
	tcase_add_test(tc, test_draw_indexed_topologies_match_their_vertices_with_small_caches);
	tcase_add_test(tc, test_draw_vertices_shaded_again_match_their_vertices);
	tcase_add_test(tc, test_draw_vertex_shaded_again_reads_its_registers_anew);
	tcase_add_test(tc, test_draw_outputs_the_shader_does_not_write_are_zero);
	tcase_add_test(tc, test_draw_fragment_outside_the_colour_buffer_is_a_fault);
	tcase_add_test(tc, test_command_buffer_ending_inside_a_command_is_a_fault);
	tcase_add_test(tc, test_command_consecutive_and_masked_writes);
	tcase_add_test(tc, test_command_float_uniform_upload);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
