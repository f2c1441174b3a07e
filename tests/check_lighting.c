/* check_lighting.c: fragment lighting, fog and the shadow and gas modes
 * (hw/hw_lighting.c, hw/hw_fog.c, hw/hw_fragment.c), driven through the
 * GPU registers as a raw command buffer: the LUTs arrive through their
 * ports, the lights through their blocks (register layout of
 * fragment-pipeline.md A.4-A.6). Every expected pixel is computed here
 * by hand from the documented formulas (B.3, B.5, B.8), in double, and
 * compared within one step of the 8-bit rounding.
 *
 * The scene: an 8x8 target covered by one triangle pair; the vertex
 * shader passes the position and copies three uniforms to every vertex:
 * c0 the normal quaternion, c1 the view vector, c2 the vertex colour. So
 * every fragment has the same inputs and the whole target one colour;
 * pixel (3, 3) is read. Quaternion (0, 0, 0, 1): the normal is (0, 0, 1).
 * View (0, 0, 1). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hw/hw_gpu.h"
#include "hw/hw_regs.h"
#include "pica_cmd.h"
#include "shader_asm.h"
#include "test_util.h"

#define SIZE 8
#define PIXELS (SIZE * SIZE)

static struct hw_gpu gpu;
static struct pica_cmd cmd;
static struct shader_asm sasm;
static uint32_t color_buf, depth_buf, tex_buf;
static uint64_t lighting_work, combiner_work;   /* the last draw's, from the observer */

static void observe(void *user, const struct hw_event *e)
{
	(void)user;
	if (e->kind == HW_EVENT_DRAW && e->draw) {
		lighting_work = e->draw->work[HW_BUSY_FRAGMENT_LIGHTING];
		combiner_work = e->draw->work[HW_BUSY_COMBINER];
	}
}

static void setup(void)
{
	hw_gpu_init(&gpu);
	hw_gpu_reset(&gpu, 100, 0);
	gpu.observe = observe;
	pica_cmd_init(&cmd);
	asm_init(&sasm);
	color_buf = hw_memory_alloc(&gpu.memory, HW_AREA_VRAM_A, PIXELS * 4);
	depth_buf = hw_memory_alloc(&gpu.memory, HW_AREA_VRAM_B, PIXELS * 4);
	tex_buf = hw_memory_alloc(&gpu.memory, HW_AREA_VRAM_A, PIXELS * 4);
	ck_assert(color_buf && depth_buf && tex_buf);
	lighting_work = combiner_work = 0;
}

static void teardown(void)
{
	hw_gpu_fini(&gpu);
}

/* ---- the scene -------------------------------------------------------- */

static void uniform(unsigned reg, float x, float y, float z, float w)
{
	const float v[4] = { x, y, z, w };

	pica_cmd_vs_float(&cmd, reg, v);
}

/* Program, geometry, target; combiner stage 0 = `src` (RGB and alpha,
 * replace), stages 1-5 pass. Vertex colour (1, 1, 1, 1). */
static void scene(unsigned src)
{
	static const float quad[] = {
		-1.0f, -1.0f, -0.5f,   1.0f, -1.0f, -0.5f,   1.0f, 1.0f, -0.5f,
		-1.0f, -1.0f, -0.5f,   1.0f,  1.0f, -0.5f,  -1.0f, 1.0f, -0.5f,
	};
	struct hw_shader_state prog;
	uint32_t base = hw_memory_alloc(&gpu.memory, HW_AREA_VRAM_A, sizeof quad);
	unsigned i, prev = HW_REG_TEVSRC_PREVIOUS;

	ck_assert(base);
	memcpy(hw_memory_host(&gpu.memory, base, sizeof quad), quad, sizeof quad);
	memset(&prog, 0, sizeof prog);
	asm_mov(&sasm, asm_o(0), asm_v(0));
	asm_mov(&sasm, asm_o(1), asm_c(0));
	asm_mov(&sasm, asm_o(2), asm_c(1));
	asm_mov(&sasm, asm_o(3), asm_c(2));
	asm_mov(&sasm, asm_o(4), asm_c(3));
	asm_end(&sasm);
	ck_assert_msg(asm_finish(&sasm, &prog), "%s", sasm.error);
	pica_cmd_vs_program(&cmd, &prog, sasm.ncode, sasm.nopdesc, 0);
	uniform(0, 0, 0, 0, 1);                 /* quaternion */
	uniform(1, 0, 0, 1, 0);                 /* view */
	uniform(2, 1, 1, 1, 1);                 /* vertex colour */
	uniform(3, 0.5f, 0.5f, 0, 0);           /* texcoord 0 */

	pica_cmd_reg(&cmd, HW_REG_ATTRIBBUFFERS_LOC, base >> 3);
	pica_cmd_reg(&cmd, HW_REG_ATTRIBBUFFERS_FORMAT_LOW, 3 + (3 - 1) * 4);
	pica_cmd_reg(&cmd, HW_REG_ATTRIBBUFFERS_FORMAT_HIGH, 0);
	pica_cmd_reg(&cmd, HW_REG_ATTRIBBUFFER0_OFFSET, 0);
	pica_cmd_reg(&cmd, HW_REG_ATTRIBBUFFER0_OFFSET + 1, 0);
	pica_cmd_reg(&cmd, HW_REG_ATTRIBBUFFER0_OFFSET + 2, 12u << 16 | 1u << 28);
	pica_cmd_reg(&cmd, 0x2BB, 0);                           /* VSH permutation */
	pica_cmd_reg(&cmd, 0x2BD, 0x1F);                        /* o0-o4 */
	pica_cmd_reg(&cmd, HW_REG_SH_OUTMAP_TOTAL, 5);
	pica_cmd_reg(&cmd, HW_REG_SH_OUTMAP_O0, 0x03020100);            /* position */
	pica_cmd_reg(&cmd, HW_REG_SH_OUTMAP_O0 + 1, 0x07060504);        /* quaternion */
	pica_cmd_reg(&cmd, HW_REG_SH_OUTMAP_O0 + 2, 0x1F141312);        /* view */
	pica_cmd_reg(&cmd, HW_REG_SH_OUTMAP_O0 + 3, 0x0B0A0908);        /* colour */
	pica_cmd_reg(&cmd, HW_REG_SH_OUTMAP_O0 + 4, 0x1F1F0D0C);        /* texcoord 0 */
	pica_cmd_reg(&cmd, 0x041, pica_f24(SIZE / 2));                  /* viewport */
	pica_cmd_reg(&cmd, 0x043, pica_f24(SIZE / 2));
	pica_cmd_reg(&cmd, HW_REG_PRIMITIVE_CONFIG, 0);

	pica_cmd_reg(&cmd, HW_REG_FRAMEBUFFER_DIM, SIZE | (SIZE - 1u) << 12 | 1u << 24);
	pica_cmd_reg(&cmd, HW_REG_RENDERBUF_DIM, SIZE | (SIZE - 1u) << 12 | 1u << 24);
	pica_cmd_reg(&cmd, HW_REG_COLORBUFFER_LOC, color_buf >> 3);
	pica_cmd_reg(&cmd, HW_REG_COLORBUFFER_FORMAT, 2u);      /* RGBA8 */
	pica_cmd_reg(&cmd, HW_REG_COLORBUFFER_WRITE, 0xF);
	pica_cmd_reg(&cmd, HW_REG_DEPTH_COLOR_MASK, 0xFu << 8);
	pica_cmd_reg(&cmd, HW_REG_TEXENV_SOURCE(0), src | src << 16);
	for (i = 1; i < 6; i++)
		pica_cmd_reg(&cmd, HW_REG_TEXENV_SOURCE(i),
			     prev | prev << 4 | prev << 8 | prev << 16 | prev << 20 | prev << 24);
}

/* Window depth of every fragment: depth map scale 0, offset d. */
static void depth_at(float d)
{
	pica_cmd_reg(&cmd, HW_REG_DEPTHMAP_SCALE, pica_f24(0));
	pica_cmd_reg(&cmd, HW_REG_DEPTHMAP_OFFSET, pica_f24(d));
}

static void draw(void)
{
	pica_cmd_reg(&cmd, HW_REG_NUMVERTICES, 6);
	pica_cmd_reg(&cmd, HW_REG_VERTEX_OFFSET, 0);
	pica_cmd_reg(&cmd, HW_REG_DRAWARRAYS, 1);
	ck_assert_int_eq(hw_gpu_submit(&gpu, cmd.w, cmd.n, 0), HW_OK);
	hw_gpu_advance(&gpu, gpu.cmdlist_busy_until - gpu.clock);
	pica_cmd_init(&cmd);
}

/* Pixel (3, 3) as R, G, B, A (RGBA8 stores A, B, G, R). */
static void pixel(uint8_t rgba[4])
{
	const uint8_t *p = hw_memory_host(&gpu.memory, color_buf, PIXELS * 4);
	uint32_t off = hw_fragment_pixel_offset(3, 3, SIZE, SIZE, 4);
	unsigned k;

	for (k = 0; k < 4; k++)
		rgba[k] = p[off + 3 - k];
}

/* Every pixel the same as pixel (3, 3). */
static void assert_uniform(void)
{
	const uint8_t *p = hw_memory_host(&gpu.memory, color_buf, PIXELS * 4);
	unsigned i;

	for (i = 1; i < PIXELS; i++)
		ck_assert(memcmp(p + 4 * i, p, 4) == 0);
}

/* The expected byte of a value in 0..1: clamp, x 255, round. */
static unsigned byte_of(double v)
{
	v = v < 0 ? 0 : v > 1 ? 1 : v;
	return (unsigned)floor(v * 255.0 + 0.5);
}

#define ASSERT_NEAR(got, want) \
	ck_assert_msg(abs((int)(got) - (int)(want)) <= 1, "got %u, want %u", \
		      (unsigned)(got), (unsigned)(want))

static void assert_rgba(const unsigned want[4])
{
	uint8_t got[4];
	unsigned k;

	pixel(got);
	for (k = 0; k < 4; k++)
		ck_assert_msg(abs((int)got[k] - (int)want[k]) <= 1,
			      "channel %u: got %u, want %u", k, got[k], want[k]);
	assert_uniform();
}

/* ---- lighting registers ----------------------------------------------- */

/* Colour register: B bits 0-7, G 10-17, R 20-27. */
static uint32_t lcolor(unsigned r, unsigned g, unsigned b)
{
	return b | g << 10 | r << 20;
}

/* Lighting on with `lights` lights (ids 0..lights-1), layer register
 * value `layer` (0-6, 8), CONFIG1 `c1` (bit 18 set here), CONFIG0 extra
 * bits `c0`; ABS all on, inputs and scales 0 unless set later. */
static void lighting_on(unsigned lights, unsigned layer, uint32_t c0, uint32_t c1)
{
	pica_cmd_reg(&cmd, HW_REG_LIGHTING_ENABLE0, 1);
	pica_cmd_reg(&cmd, HW_REG_LIGHTING_ENABLE1, 0);
	pica_cmd_reg(&cmd, HW_REG_LIGHTING_NUM_LIGHTS, lights - 1);
	pica_cmd_reg(&cmd, HW_REG_LIGHTING_LIGHT_PERMUTATION, 0x76543210);
	pica_cmd_reg(&cmd, HW_REG_LIGHTING_CONFIG0, HW_REG_LIGHTCFG0_FIXED | layer << 4 | c0);
	pica_cmd_reg(&cmd, HW_REG_LIGHTING_CONFIG1, HW_REG_LIGHTCFG1_FIXED_ONE | c1);
	pica_cmd_reg(&cmd, HW_REG_LIGHTING_LUTINPUT_ABS, 0);
	pica_cmd_reg(&cmd, HW_REG_LIGHTING_LUTINPUT_SELECT, 0);
	pica_cmd_reg(&cmd, HW_REG_LIGHTING_LUTINPUT_SCALE, 0);
	pica_cmd_reg(&cmd, HW_REG_LIGHTING_AMBIENT, 0);
}

/* Every table, spot, shadow and attenuation switched off. */
#define ALL_OFF (HW_REG_LIGHTCFG1_D0_OFF | HW_REG_LIGHTCFG1_D1_OFF | HW_REG_LIGHTCFG1_FR_OFF \
		 | HW_REG_LIGHTCFG1_RB_OFF | HW_REG_LIGHTCFG1_RG_OFF | HW_REG_LIGHTCFG1_RR_OFF \
		 | 0xFFu | 0xFFu << 8 | 0xFFu << 24)

/* A directional light `id` towards (x, y, z) (float16 exact values). */
static void light(unsigned id, float x, float y, float z, bool directional, uint32_t diffuse,
		  uint32_t spec0, uint32_t spec1)
{
	pica_cmd_reg(&cmd, HW_REG_LIGHT(id, HW_REG_LIGHT_OFF_SPECULAR0), spec0);
	pica_cmd_reg(&cmd, HW_REG_LIGHT(id, HW_REG_LIGHT_OFF_SPECULAR1), spec1);
	pica_cmd_reg(&cmd, HW_REG_LIGHT(id, HW_REG_LIGHT_OFF_DIFFUSE), diffuse);
	pica_cmd_reg(&cmd, HW_REG_LIGHT(id, HW_REG_LIGHT_OFF_AMBIENT), 0);
	pica_cmd_reg(&cmd, HW_REG_LIGHT(id, HW_REG_LIGHT_OFF_XY),
		     hw_reg_float_to_f16(x) | hw_reg_float_to_f16(y) << 16);
	pica_cmd_reg(&cmd, HW_REG_LIGHT(id, HW_REG_LIGHT_OFF_Z), hw_reg_float_to_f16(z));
	pica_cmd_reg(&cmd, HW_REG_LIGHT(id, HW_REG_LIGHT_OFF_CONFIG),
		     directional ? HW_REG_LIGHTI_DIRECTIONAL : 0);
}

/* Table `table` through the port: value field v(i), difference d(i). */
static void lut_load(unsigned table, const uint32_t words[256])
{
	pica_cmd_reg(&cmd, HW_REG_LIGHTING_LUT_INDEX, table << 8);
	pica_cmd_regs(&cmd, HW_REG_LIGHTING_LUT_DATA0, words, 128, false);
	pica_cmd_regs(&cmd, HW_REG_LIGHTING_LUT_DATA0 + 3, words + 128, 128, false);
}

/* The identity for abs inputs: value i/256 (field 16 i), difference
 * 1/256 (field 8): LUT(x) = x on [0, 1]. */
static void lut_identity(unsigned table)
{
	uint32_t w[256];
	unsigned i;

	for (i = 0; i < 256; i++)
		w[i] = 16u * i | 8u << 12;
	lut_load(table, w);
}

/* A constant table: value v (in 1/4096), difference 0. */
static void lut_const(unsigned table, unsigned v)
{
	uint32_t w[256];
	unsigned i;

	for (i = 0; i < 256; i++)
		w[i] = v;
	lut_load(table, w);
}

/* ---- the cases -------------------------------------------------------- */

/* A light along the normal: primary = diffuse x N.L = diffuse; secondary
 * black; alphas 1. */
START_TEST(test_light_along_the_normal)
{
	static const unsigned want[4] = { 200, 100, 50, 255 };
	static const unsigned black[4] = { 0, 0, 0, 255 };

	scene(HW_REG_TEVSRC_FRAG_PRIMARY);
	lighting_on(1, 0, 0, ALL_OFF);
	light(0, 0, 0, 1, true, lcolor(200, 100, 50), 0, 0);
	draw();
	assert_rgba(want);
	scene(HW_REG_TEVSRC_FRAG_SECONDARY);
	lighting_on(1, 0, 0, ALL_OFF);
	draw();
	assert_rgba(black);
}
END_TEST

/* At an angle: light direction (0, 0.75, 1), L = (0, 0.6, 0.8): N.L =
 * 0.8. A positional light is P + V from the surface. */
START_TEST(test_light_at_an_angle)
{
	unsigned want[4] = { byte_of(200 / 255.0 * 0.8), byte_of(100 / 255.0 * 0.8),
			     byte_of(50 / 255.0 * 0.8), 255 };

	scene(HW_REG_TEVSRC_FRAG_PRIMARY);
	lighting_on(1, 0, 0, ALL_OFF);
	light(0, 0, 0.75f, 1, true, lcolor(200, 100, 50), 0, 0);
	draw();
	assert_rgba(want);
	/* positional at (0, 0.75, 0): L = P + V = (0, 0.75, 1), the same */
	scene(HW_REG_TEVSRC_FRAG_PRIMARY);
	lighting_on(1, 0, 0, ALL_OFF);
	light(0, 0, 0.75f, 0, false, lcolor(200, 100, 50), 0, 0);
	draw();
	assert_rgba(want);
	/* from behind: N.L < 0 gives 0 one-sided, |N.L| two-sided */
	scene(HW_REG_TEVSRC_FRAG_PRIMARY);
	lighting_on(1, 0, 0, ALL_OFF);
	light(0, 0, 0.75f, -1, true, lcolor(200, 100, 50), 0, 0);
	draw();
	{
		static const unsigned dark[4] = { 0, 0, 0, 255 };

		assert_rgba(dark);
	}
	pica_cmd_reg(&cmd, HW_REG_LIGHT(0, HW_REG_LIGHT_OFF_CONFIG),
		     HW_REG_LIGHTI_DIRECTIONAL | HW_REG_LIGHTI_TWO_SIDED);
	draw();
	assert_rgba(want);
}
END_TEST

/* Two lights add: (100, 0, 0) x 1 + (0, 200, 100) x 0.8, plus the
 * global ambient (10, 20, 30) and light 1's ambient (5, 5, 5). */
START_TEST(test_two_lights_add)
{
	unsigned want[4] = { byte_of((100 + 10 + 5) / 255.0), byte_of((200 * 0.8 + 20 + 5) / 255.0),
			     byte_of((100 * 0.8 + 30 + 5) / 255.0), 255 };

	scene(HW_REG_TEVSRC_FRAG_PRIMARY);
	lighting_on(2, 0, 0, ALL_OFF);
	light(0, 0, 0, 1, true, lcolor(100, 0, 0), 0, 0);
	light(1, 0, 0.75f, 1, true, lcolor(0, 200, 100), 0, 0);
	pica_cmd_reg(&cmd, HW_REG_LIGHT(1, HW_REG_LIGHT_OFF_AMBIENT), lcolor(5, 5, 5));
	pica_cmd_reg(&cmd, HW_REG_LIGHTING_AMBIENT, lcolor(10, 20, 30));
	draw();
	assert_rgba(want);
}
END_TEST

/* A specular table: D0 the identity on N.H, scale 1/2. Light (0, 0.75,
 * 1): L = (0, 0.6, 0.8), H = V + L = (0, 0.6, 1.8), N.H = 1.8 / |H|.
 * secondary = D0 x specular0 (RR off reads 1, specular1 is 0). */
START_TEST(test_specular_table)
{
	double nh = 1.8 / sqrt(0.36 + 3.24), d0 = nh * 0.5;
	unsigned want[4] = { byte_of(255 / 255.0 * d0), byte_of(128 / 255.0 * d0), 0, 255 };

	scene(HW_REG_TEVSRC_FRAG_SECONDARY);
	lighting_on(1, 0, 0, ALL_OFF & ~HW_REG_LIGHTCFG1_D0_OFF);
	pica_cmd_reg(&cmd, HW_REG_LIGHTING_LUTINPUT_SCALE, HW_REG_LUTSCALE_HALF);   /* D0 x 1/2 */
	lut_identity(HW_REG_LIGHTLUT_D0);
	light(0, 0, 0.75f, 1, true, 0, lcolor(255, 128, 0), 0);
	draw();
	assert_rgba(want);
	/* clamp highlights: the same light from behind makes no highlight */
	scene(HW_REG_TEVSRC_FRAG_SECONDARY);
	lighting_on(1, 0, HW_REG_LIGHTCFG0_CLAMP_HIGHLIGHTS, ALL_OFF & ~HW_REG_LIGHTCFG1_D0_OFF);
	light(0, 0, 0.75f, -1, true, 0, lcolor(255, 128, 0), 0);
	draw();
	{
		static const unsigned none[4] = { 0, 0, 0, 255 };

		assert_rgba(none);
	}
}
END_TEST

/* A signed input (abs off for D0): entries 0-127 cover [0, 1), 128-255
 * [-1, 0). D0 on L.N, 0.75 for the first half, 0.25 for the second: the
 * light from behind (L.N = -0.8) reads 0.25, from the front 0.75. */
START_TEST(test_signed_lut_input)
{
	uint32_t w[256];
	unsigned i;
	unsigned back[4] = { byte_of(0.25), 0, 0, 255 }, front[4] = { byte_of(0.75), 0, 0, 255 };

	for (i = 0; i < 256; i++)
		w[i] = i < 128 ? 3072u : 1024u;
	scene(HW_REG_TEVSRC_FRAG_SECONDARY);
	lighting_on(1, 0, 0, ALL_OFF & ~HW_REG_LIGHTCFG1_D0_OFF);
	pica_cmd_reg(&cmd, HW_REG_LIGHTING_LUTINPUT_ABS, 1u << 1);      /* D0 signed */
	pica_cmd_reg(&cmd, HW_REG_LIGHTING_LUTINPUT_SELECT, HW_REG_LUTIN_LN);
	lut_load(HW_REG_LIGHTLUT_D0, w);
	light(0, 0, 0.75f, -1, true, 0, lcolor(255, 0, 0), 0);
	draw();
	assert_rgba(back);
	scene(HW_REG_TEVSRC_FRAG_SECONDARY);
	lighting_on(1, 0, 0, ALL_OFF & ~HW_REG_LIGHTCFG1_D0_OFF);
	pica_cmd_reg(&cmd, HW_REG_LIGHTING_LUTINPUT_ABS, 1u << 1);
	pica_cmd_reg(&cmd, HW_REG_LIGHTING_LUTINPUT_SELECT, HW_REG_LUTIN_LN);
	light(0, 0, 0.75f, 1, true, 0, lcolor(255, 0, 0), 0);
	draw();
	assert_rgba(front);
}
END_TEST

/* The CP input exists in configuration 7 only: T = (1, 0, 0), light
 * (0.75, 0, 1): H = (0.6, 0, 1.8), CP = T.(H^ - N (N.H^)) = 0.6 / |H|.
 * D0 the identity on CP: configuration 7 gives 0.316, configuration 0
 * reads CP as 0. */
START_TEST(test_cp_input_in_configuration_7)
{
	unsigned seven[4] = { byte_of(0.6 / sqrt(3.6)), 0, 0, 255 };
	static const unsigned zero[4] = { 0, 0, 0, 255 };
	unsigned layer;

	for (layer = 0; layer <= 8; layer += 8) {
		teardown();
		setup();
		scene(HW_REG_TEVSRC_FRAG_SECONDARY);
		lighting_on(1, layer, 0, ALL_OFF & ~HW_REG_LIGHTCFG1_D0_OFF);
		pica_cmd_reg(&cmd, HW_REG_LIGHTING_LUTINPUT_SELECT, HW_REG_LUTIN_CP);
		lut_identity(HW_REG_LIGHTLUT_D0);
		light(0, 0.75f, 0, 1, true, 0, lcolor(255, 0, 0), 0);
		draw();
		assert_rgba(layer ? seven : zero);
	}
}
END_TEST

/* Geometric factor 0: spec0 x min(N.L / |H|^2, 1) = 0.8 / 3.6. */
START_TEST(test_geometric_factor)
{
	double nh = 1.8 / sqrt(3.6), g = 0.8 / 3.6;
	unsigned want[4] = { byte_of(nh * g), byte_of(nh * g), byte_of(nh * g), 255 };

	scene(HW_REG_TEVSRC_FRAG_SECONDARY);
	lighting_on(1, 0, 0, ALL_OFF & ~HW_REG_LIGHTCFG1_D0_OFF);
	lut_identity(HW_REG_LIGHTLUT_D0);
	light(0, 0, 0.75f, 1, true, 0, lcolor(255, 255, 255), 0);
	pica_cmd_reg(&cmd, HW_REG_LIGHT(0, HW_REG_LIGHT_OFF_CONFIG),
		     HW_REG_LIGHTI_DIRECTIONAL | HW_REG_LIGHTI_GEOM_FACTOR0);
	draw();
	assert_rgba(want);
}
END_TEST

/* Fresnel into both alphas: configuration 1 (SP, FR, RR), FR the
 * identity on L.N = 0.8. */
START_TEST(test_fresnel_alpha)
{
	unsigned want_p[4] = { byte_of(200 / 255.0 * 0.8), 0, 0, byte_of(0.8) };
	unsigned want_s[4] = { 0, 0, 0, byte_of(0.8) };

	scene(HW_REG_TEVSRC_FRAG_PRIMARY);
	lighting_on(1, 1, HW_REG_FRESNEL_BOTH << 2, ALL_OFF & ~HW_REG_LIGHTCFG1_FR_OFF);
	pica_cmd_reg(&cmd, HW_REG_LIGHTING_LUTINPUT_SELECT, HW_REG_LUTIN_LN << 12);   /* FR */
	lut_identity(HW_REG_LIGHTLUT_FR);
	light(0, 0, 0.75f, 1, true, lcolor(200, 0, 0), 0, 0);
	draw();
	assert_rgba(want_p);
	scene(HW_REG_TEVSRC_FRAG_SECONDARY);
	draw();
	assert_rgba(want_s);
	/* primary only: the secondary alpha stays 1 */
	scene(HW_REG_TEVSRC_FRAG_SECONDARY);
	pica_cmd_reg(&cmd, HW_REG_LIGHTING_CONFIG0,
		     HW_REG_LIGHTCFG0_FIXED | 1u << 4 | HW_REG_FRESNEL_PRIMARY << 2);
	draw();
	{
		static const unsigned opaque[4] = { 0, 0, 0, 255 };

		assert_rgba(opaque);
	}
}
END_TEST

/* A spotlight: SP table of light 0 the identity on the SP input, the
 * spot vector (0, 0, 1) (the register holds -direction): SP = L.s =
 * 0.8. Diffuse 200 x N.L 0.8 x spot 0.8. */
START_TEST(test_spotlight)
{
	unsigned want[4] = { byte_of(200 / 255.0 * 0.64), 0, 0, 255 };

	scene(HW_REG_TEVSRC_FRAG_PRIMARY);
	lighting_on(1, 0, 0, ALL_OFF & ~(1u << 8));
	pica_cmd_reg(&cmd, HW_REG_LIGHTING_LUTINPUT_SELECT, HW_REG_LUTIN_SP << 8);
	lut_identity(HW_REG_LIGHTLUT_SP0);
	light(0, 0, 0.75f, 1, true, lcolor(200, 0, 0), 0, 0);
	pica_cmd_reg(&cmd, HW_REG_LIGHT(0, HW_REG_LIGHT_OFF_SPOTDIR_XY), 0);
	pica_cmd_reg(&cmd, HW_REG_LIGHT(0, HW_REG_LIGHT_OFF_SPOTDIR_Z), 2048);    /* 1.0 */
	draw();
	assert_rgba(want);
}
END_TEST

/* Distance attenuation: a positional light at (0, 0, 2), V = (0, 0, 1):
 * L = P + V = (0, 0, 3), distance 3; scale 0.25, bias 0: DA(0.75) =
 * 0.75 with the identity table. */
START_TEST(test_distance_attenuation)
{
	unsigned want[4] = { byte_of(200 / 255.0 * 0.75), 0, 0, 255 };

	scene(HW_REG_TEVSRC_FRAG_PRIMARY);
	lighting_on(1, 0, 0, ALL_OFF & ~(1u << 24));
	lut_identity(HW_REG_LIGHTLUT_DA0);
	light(0, 0, 0, 2, false, lcolor(200, 0, 0), 0, 0);
	pica_cmd_reg(&cmd, HW_REG_LIGHT(0, HW_REG_LIGHT_OFF_ATTENUATION_SCALE),
		     hw_reg_float_to_f20(0.25f));
	pica_cmd_reg(&cmd, HW_REG_LIGHT(0, HW_REG_LIGHT_OFF_ATTENUATION_BIAS), 0);
	draw();
	assert_rgba(want);
}
END_TEST

/* Each layer configuration offers its own tables (B.3's table); a table
 * it does not offer reads 1 and a missing RG/RB reads RR. D0 0.5, D1
 * 0.75, RR 0.5, RG 0.375, RB 0.125, all enabled, specular0 and
 * specular1 120: secondary = 120 (d0 + d1 x r) per channel. */
START_TEST(test_layer_configurations)
{
	static const char avail[8][7] = {
		/* D0 D1 SP FR RR RG RB */
		{ 1, 0, 1, 0, 1, 0, 0 }, { 0, 0, 1, 1, 1, 0, 0 }, { 1, 1, 0, 0, 1, 0, 0 },
		{ 1, 1, 0, 1, 0, 0, 0 }, { 1, 1, 1, 0, 1, 1, 1 }, { 1, 0, 1, 1, 1, 1, 1 },
		{ 1, 1, 1, 1, 1, 0, 0 }, { 1, 1, 1, 1, 1, 1, 1 },
	};
	unsigned cfg;

	for (cfg = 0; cfg < 8; cfg++) {
		double d0 = avail[cfg][0] ? 0.5 : 1, d1 = avail[cfg][1] ? 0.75 : 1;
		double rr = avail[cfg][4] ? 0.5 : 1;
		double rg = avail[cfg][5] ? 0.375 : rr, rb = avail[cfg][6] ? 0.125 : rr;
		unsigned want[4] = { byte_of(120 / 255.0 * (d0 + d1 * rr)),
				     byte_of(120 / 255.0 * (d0 + d1 * rg)),
				     byte_of(120 / 255.0 * (d0 + d1 * rb)), 255 };

		teardown();
		setup();
		scene(HW_REG_TEVSRC_FRAG_SECONDARY);
		lighting_on(1, cfg == 7 ? 8 : cfg, 0,
			    HW_REG_LIGHTCFG1_FR_OFF | 0xFFu | 0xFFu << 8 | 0xFFu << 24);
		lut_const(HW_REG_LIGHTLUT_D0, 2048);
		lut_const(HW_REG_LIGHTLUT_D1, 3072);
		lut_const(HW_REG_LIGHTLUT_RR, 2048);
		lut_const(HW_REG_LIGHTLUT_RG, 1536);
		lut_const(HW_REG_LIGHTLUT_RB, 512);
		light(0, 0, 0, 1, true, 0, lcolor(120, 120, 120), lcolor(120, 120, 120));
		draw();
		assert_rgba(want);
	}
}
END_TEST

/* A shadowed receiver: the shadow term from texture unit 0 (a texture of
 * 0x80 everywhere: S = 128/255) attenuates the primary colour of the
 * light that is shadowed; its fetches are counted though no combiner
 * stage reads the texture. Inverted: 1 - S. */
static void shadow_texture(void)
{
	memset(hw_memory_host(&gpu.memory, tex_buf, PIXELS * 4), 0x80, PIXELS * 4);
	pica_cmd_reg(&cmd, HW_REG_TEXUNIT_CONFIG, HW_REG_TEXCFG_UNIT0 | HW_REG_TEXCFG_FIXED_ONE);
	pica_cmd_reg(&cmd, HW_REG_TEXUNIT0_DIM, SIZE | SIZE << 16);
	pica_cmd_reg(&cmd, HW_REG_TEXUNIT0_PARAM, 0);
	pica_cmd_reg(&cmd, HW_REG_TEXUNIT0_ADDR1, tex_buf >> 3);
	pica_cmd_reg(&cmd, HW_REG_TEXUNIT0_TYPE, HW_REG_TEXFMT_RGBA8);
}

START_TEST(test_shadowed_receiver)
{
	unsigned want[4] = { byte_of(200 / 255.0 * 128 / 255.0), 0, 0, 255 };
	unsigned inverted[4] = { byte_of(200 / 255.0 * 127 / 255.0), 0, 0, 255 };
	uint64_t reads;

	scene(HW_REG_TEVSRC_FRAG_PRIMARY);
	shadow_texture();
	lighting_on(1, 0, HW_REG_LIGHTCFG0_SHADOW_FACTOR | HW_REG_LIGHTCFG0_SHADOW_PRIMARY,
		    ALL_OFF & ~1u);
	light(0, 0, 0, 1, true, lcolor(200, 0, 0), 0, 0);
	draw();
	assert_rgba(want);
	reads = gpu.counters.memory[HW_MEM_TEXTURE_READ];
	ck_assert_uint_gt(reads, 0);
	scene(HW_REG_TEVSRC_FRAG_PRIMARY);
	shadow_texture();
	lighting_on(1, 0, HW_REG_LIGHTCFG0_SHADOW_FACTOR | HW_REG_LIGHTCFG0_SHADOW_PRIMARY
			  | HW_REG_LIGHTCFG0_SHADOW_INVERT, ALL_OFF & ~1u);
	draw();
	assert_rgba(inverted);
	/* the light not shadowed (CONFIG1 bit 0 set): full diffuse */
	scene(HW_REG_TEVSRC_FRAG_PRIMARY);
	shadow_texture();
	lighting_on(1, 0, HW_REG_LIGHTCFG0_SHADOW_FACTOR | HW_REG_LIGHTCFG0_SHADOW_PRIMARY, ALL_OFF);
	draw();
	{
		static const unsigned full[4] = { 200, 0, 0, 255 };

		assert_rgba(full);
	}
}
END_TEST

/* A normal map texel (200, 128, 255): p = (200/127.5 - 1, 128/127.5 - 1,
 * 1). Bump mode 1 with z recomputed: N = (p.x, p.y, sqrt(1 - p.x^2 -
 * p.y^2)); the light along z sees N.L = N.z. Without the recompute
 * (CONFIG0 bit 30) N = p and N.L = 1 (clamped). A tangent map (mode 2)
 * leaves the normal (0, 0, 1). The texel read is counted. */
static void bump_draw(uint32_t c0)
{
	uint8_t *t;
	unsigned i;

	teardown();
	setup();
	scene(HW_REG_TEVSRC_FRAG_PRIMARY);
	shadow_texture();
	t = hw_memory_host(&gpu.memory, tex_buf, PIXELS * 4);
	for (i = 0; i < PIXELS; i++) {      /* bytes A, B, G, R */
		t[4 * i] = 255;
		t[4 * i + 1] = 255;
		t[4 * i + 2] = 128;
		t[4 * i + 3] = 200;
	}
	lighting_on(1, 0, c0, ALL_OFF);
	light(0, 0, 0, 1, true, lcolor(255, 0, 0), 0, 0);
	draw();
}

START_TEST(test_bump_map_normal)
{
	double px = 200 / 127.5 - 1, py = 128 / 127.5 - 1, nz = sqrt(1 - px * px - py * py);
	unsigned want[4] = { byte_of(nz), 0, 0, 255 };
	static const unsigned flat[4] = { 255, 0, 0, 255 };

	bump_draw((uint32_t)HW_REG_BUMP_NORMAL << 28);
	assert_rgba(want);
	ck_assert_uint_gt(gpu.counters.memory[HW_MEM_TEXTURE_READ], 0);
	bump_draw((uint32_t)HW_REG_BUMP_NORMAL << 28 | HW_REG_LIGHTCFG0_NO_BUMP_RECALC);
	assert_rgba(flat);
	bump_draw((uint32_t)HW_REG_BUMP_TANGENT << 28);
	assert_rgba(flat);
}
END_TEST

/* A quaternion rotating by 90 degrees about x, (sin 45, 0, 0, cos 45),
 * turns the normal (0, 0, 1) into (0, -1, 0): a light along -y sees it
 * fully, one along z not at all. */
START_TEST(test_quaternion_rotates_the_normal)
{
	static const unsigned full[4] = { 255, 0, 0, 255 }, none[4] = { 0, 0, 0, 255 };
	float s = (float)sqrt(0.5);

	scene(HW_REG_TEVSRC_FRAG_PRIMARY);
	uniform(0, s, 0, 0, s);
	lighting_on(1, 0, 0, ALL_OFF);
	light(0, 0, -1, 0, true, lcolor(255, 0, 0), 0, 0);
	draw();
	assert_rgba(full);
	scene(HW_REG_TEVSRC_FRAG_PRIMARY);
	uniform(0, s, 0, 0, s);
	lighting_on(1, 0, 0, ALL_OFF);
	light(0, 0, 0, 1, true, lcolor(255, 0, 0), 0, 0);
	draw();
	assert_rgba(none);
}
END_TEST

/* Cost: one light vs four (configuration 0), configuration 0 vs 7. 64
 * fragments: lights x ratio (1 for 0-3, 4 for 7) clocks each. */
START_TEST(test_lighting_cost_by_lights_and_configuration)
{
	unsigned cfg, n;
	static const unsigned ratio[8] = { 1, 1, 1, 1, 3, 3, 3, 4 };

	for (n = 1; n <= 4; n += 3) {
		teardown();
		setup();
		scene(HW_REG_TEVSRC_FRAG_PRIMARY);
		lighting_on(n, 0, 0, ALL_OFF);
		draw();
		ck_assert_uint_eq(lighting_work, (uint64_t)PIXELS * n);
	}
	for (cfg = 0; cfg < 8; cfg++) {
		teardown();
		setup();
		scene(HW_REG_TEVSRC_FRAG_PRIMARY);
		lighting_on(1, cfg == 7 ? 8 : cfg, 0, ALL_OFF);
		draw();
		ck_assert_uint_eq(lighting_work, (uint64_t)PIXELS * ratio[cfg]);
	}
	/* lighting off: the stage does nothing */
	teardown();
	setup();
	scene(HW_REG_TEVSRC_FRAG_PRIMARY);
	draw();
	ck_assert_uint_eq(lighting_work, 0);
}
END_TEST

/* model.fragment.lighting_ratio_config4_6 and _config7 price a light in
 * those layer configurations: with 5 and 2, two lights over 64 fragments
 * cost 2 x 64 clocks in configuration 0 (always 1), 2 x 5 x 64 in
 * configuration 5 and 2 x 2 x 64 in configuration 7 (register value 8). */
START_TEST(test_lighting_ratio_keys_price_the_configurations)
{
	static const struct { unsigned reg; uint64_t work; } cases[] = {
		{ 0, 2 * 1 * PIXELS }, { 5, 2 * 5 * PIXELS }, { 8, 2 * 2 * PIXELS },
	};
	unsigned k;

	for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		teardown();
		setup();
		ck_assert_uint_eq(gpu.costs.lighting_ratio_config4_6, 3);      /* defaults */
		ck_assert_uint_eq(gpu.costs.lighting_ratio_config7, 4);
		gpu.costs.lighting_ratio_config4_6 = 5;
		gpu.costs.lighting_ratio_config7 = 2;
		scene(HW_REG_TEVSRC_FRAG_PRIMARY);
		lighting_on(2, cases[k].reg, 0, ALL_OFF);
		draw();
		ck_assert_uint_eq(lighting_work, cases[k].work);
	}
}
END_TEST

/* An alpha-tested Fresnel material: alpha from FR on L.N, test GREATER
 * 128. Lit at L.N = 0.8 (alpha 204) every fragment passes and writes
 * colour (16 lines) and depth (16 lines); at L.N = 0.5 / sqrt(1.25) =
 * 0.447 (alpha 114) none does, though the vertex alpha is 1. */
static void fresnel_cutout(float y, uint64_t *colour_lines, uint64_t *depth_lines,
			   uint64_t *alpha_failed)
{
	uint8_t *z;

	teardown();
	setup();
	z = hw_memory_host(&gpu.memory, depth_buf, PIXELS * 4);
	memset(z, 0xFF, PIXELS * 4);
	scene(HW_REG_TEVSRC_FRAG_PRIMARY);
	depth_at(0.5f);
	pica_cmd_reg(&cmd, HW_REG_DEPTHBUFFER_LOC, depth_buf >> 3);
	pica_cmd_reg(&cmd, HW_REG_DEPTHBUFFER_FORMAT, 3);
	pica_cmd_reg(&cmd, HW_REG_DEPTHBUFFER_READ, 3);
	pica_cmd_reg(&cmd, HW_REG_DEPTHBUFFER_WRITE, 3);
	pica_cmd_reg(&cmd, HW_REG_DEPTH_COLOR_MASK, 1u | 4u << 4 | 0xFu << 8 | 1u << 12);
	pica_cmd_reg(&cmd, HW_REG_FRAGOP_ALPHA_TEST, 1u | (unsigned)HW_CMP_GREATER << 4 | 128u << 8);
	lighting_on(1, 1, HW_REG_FRESNEL_PRIMARY << 2, ALL_OFF & ~HW_REG_LIGHTCFG1_FR_OFF);
	pica_cmd_reg(&cmd, HW_REG_LIGHTING_LUTINPUT_SELECT, HW_REG_LUTIN_LN << 12);
	lut_identity(HW_REG_LIGHTLUT_FR);
	light(0, 0, y, y == 0.75f ? 1.0f : 0.5f, true, lcolor(200, 0, 0), 0, 0);
	draw();
	*colour_lines = gpu.counters.memory[HW_MEM_COLOR_WRITE];
	*depth_lines = gpu.counters.memory[HW_MEM_DEPTH_STENCIL_WRITE];
	*alpha_failed = PIXELS - (uint64_t)gpu.counters.fragment;
}

START_TEST(test_alpha_tested_fresnel_traffic_follows_lit_alpha)
{
	uint64_t colour, depth, unused;
	uint8_t got[4];

	fresnel_cutout(0.75f, &colour, &depth, &unused);
	ck_assert_uint_eq(colour, PIXELS * 4 / 16);
	ck_assert_uint_eq(depth, PIXELS * 4 / 16);
	pixel(got);
	ASSERT_NEAR(got[3], byte_of(0.8));
	fresnel_cutout(1.0f, &colour, &depth, &unused);
	ck_assert_uint_eq(colour, 0);
	ck_assert_uint_eq(depth, 0);
	ck_assert_uint_eq(gpu.counters.fragment, PIXELS);       /* counted, then cut */
}
END_TEST

/* ---- fog -------------------------------------------------------------- */

/* The identity fog table: value i/128 (field 16 i at bit 13), difference
 * 1/128 (16): F(depth) = depth. Combiner: constant (200, 100, 0, 77);
 * fog colour (0, 0, 255). RGB = F c + (1 - F) fog; alpha kept. */
static void fog_draw_here(float depth, bool flip, uint8_t got[4])
{
	uint32_t w[128];
	unsigned i;

	scene(HW_REG_TEVSRC_CONSTANT);
	pica_cmd_reg(&cmd, HW_REG_TEXENV_COLOR(0), 200u | 100u << 8 | 0u << 16 | 77u << 24);
	depth_at(depth);
	for (i = 0; i < 128; i++)
		w[i] = (16u * i) << 13 | 16u;
	pica_cmd_reg(&cmd, HW_REG_FOG_LUT_INDEX, 0);
	pica_cmd_regs(&cmd, HW_REG_FOG_LUT_DATA0, w, 128, false);
	pica_cmd_reg(&cmd, HW_REG_FOG_COLOR, 255u << 16);
	pica_cmd_reg(&cmd, HW_REG_TEXENV_UPDATE_BUFFER, HW_REG_FOGMODE_FOG | (flip ? 1u << 16 : 0));
	draw();
	pixel(got);
	assert_uniform();
}

/* The same on a freshly powered-on model. */
static void fog_draw(float depth, bool flip, uint8_t got[4])
{
	teardown();
	setup();
	fog_draw_here(depth, flip, got);
}

START_TEST(test_fog_at_several_table_values)
{
	static const float depths[] = { 0.25f, 0.5f, 0.8f, 0.0f };
	unsigned k, flip;
	uint8_t got[4];

	for (flip = 0; flip < 2; flip++)
		for (k = 0; k < sizeof depths / sizeof depths[0]; k++) {
			double f = flip ? 1.0 - depths[k] : depths[k];

			fog_draw(depths[k], flip, got);
			ASSERT_NEAR(got[0], (unsigned)(f * 200));
			ASSERT_NEAR(got[1], (unsigned)(f * 100));
			ASSERT_NEAR(got[2], (unsigned)((1 - f) * 255));
			ck_assert_uint_eq(got[3], 77);
		}
	/* fog is costed: one more combiner stage a fragment (64 fragments,
	 * 2 stages a clock: 1 stage 32 clocks, 2 stages 64) */
	ck_assert_uint_eq(combiner_work, PIXELS * 2 / 2);
}
END_TEST

/* model.fragment.fog_stages: the combiner stages fog adds a fragment.
 * One active stage plus k fog stages at 2 stages a clock is
 * PIXELS x (1 + k) / 2 clocks: k = 0, 1, 3 give 32, 64, 128. The
 * pixels do not depend on it. */
START_TEST(test_fog_stages_price_the_combiner)
{
	static const struct { uint32_t stages; uint64_t work; } cases[] = {
		{ 0, PIXELS * 1 / 2 }, { 1, PIXELS * 2 / 2 }, { 3, PIXELS * 4 / 2 },
	};
	unsigned k;
	uint8_t got[4];

	for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		teardown();
		setup();
		ck_assert_uint_eq(gpu.costs.fog_stages, 1);     /* the default */
		gpu.costs.fog_stages = cases[k].stages;
		fog_draw_here(0.5f, false, got);
		ck_assert_uint_eq(combiner_work, cases[k].work);
		ASSERT_NEAR(got[0], 100);       /* F = 0.5: half of 200 */
		ASSERT_NEAR(got[1], 50);
		ASSERT_NEAR(got[2], 127);       /* half of 255, truncated */
	}
}
END_TEST

/* A table with a step: entries below 64 read 0.25, the rest 1 (clamped
 * from 2047/2048): depth 0.25 fogs to 1/4 of the colour. */
START_TEST(test_fog_step_table)
{
	uint32_t w[128];
	unsigned i;
	uint8_t got[4];

	scene(HW_REG_TEVSRC_CONSTANT);
	pica_cmd_reg(&cmd, HW_REG_TEXENV_COLOR(0), 200u | 100u << 8 | 255u << 24);
	depth_at(0.25f);
	for (i = 0; i < 128; i++)
		w[i] = (i < 64 ? 512u : 2047u) << 13;
	pica_cmd_reg(&cmd, HW_REG_FOG_LUT_INDEX, 0);
	pica_cmd_regs(&cmd, HW_REG_FOG_LUT_DATA0 + 5, w, 128, false);
	pica_cmd_reg(&cmd, HW_REG_FOG_COLOR, 0);
	pica_cmd_reg(&cmd, HW_REG_TEXENV_UPDATE_BUFFER, HW_REG_FOGMODE_FOG);
	draw();
	pixel(got);
	ASSERT_NEAR(got[0], 50);
	ASSERT_NEAR(got[1], 25);
}
END_TEST

/* ---- shadow pass ------------------------------------------------------- */

/* Shadow mode into a buffer cleared to white (depth 0xFFFFFF, intensity
 * 255): green 0 writes z = floor(0.5 x 0xFFFFFF) = 0x7FFFFF into the
 * depth bytes and keeps R; a deeper fragment then changes nothing; a
 * soft fragment (green 100, K = 1, L = 0) nearer writes R = 100. */
static void shadow_pass(float depth, unsigned green, float k, float l)
{
	scene(HW_REG_TEVSRC_CONSTANT);
	pica_cmd_reg(&cmd, HW_REG_TEXENV_COLOR(0), green << 8);
	depth_at(depth);
	pica_cmd_reg(&cmd, HW_REG_COLOR_OPERATION, HW_REG_COLOR_OPERATION_FIXED
		     | 1u << 8 | HW_REG_FRAGMODE_SHADOW);
	pica_cmd_reg(&cmd, HW_REG_COLORBUFFER_READ, 0xF);
	pica_cmd_reg(&cmd, HW_REG_FRAGOP_SHADOW,
		     hw_reg_float_to_f16(k) | hw_reg_float_to_f16(l) << 16);
	draw();
}

START_TEST(test_shadow_pass_writes_depth_and_intensity)
{
	uint8_t *p = hw_memory_host(&gpu.memory, color_buf, PIXELS * 4), got[4];
	uint64_t writes;

	memset(p, 0xFF, PIXELS * 4);
	shadow_pass(0.5f, 0, 1, 0);
	pixel(got);                             /* R, G, B, A = I, z low, z mid, z high */
	ck_assert_uint_eq(got[0], 255);
	ck_assert_uint_eq((unsigned)got[3] << 16 | (unsigned)got[2] << 8 | got[1], 0x7FFFFF);
	assert_uniform();
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_COLOR_WRITE], PIXELS * 4 / 16);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_COLOR_READ], PIXELS * 4 / 16);
	writes = gpu.counters.memory[HW_MEM_COLOR_WRITE];
	/* deeper: nothing written */
	shadow_pass(0.75f, 0, 1, 0);
	pixel(got);
	ck_assert_uint_eq((unsigned)got[3] << 16 | (unsigned)got[2] << 8 | got[1], 0x7FFFFF);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_COLOR_WRITE], writes);
	/* nearer and soft: s' = 100 / (1 + 0 z / D) = 100 < 255 */
	shadow_pass(0.25f, 100, 1, 0);
	pixel(got);
	ck_assert_uint_eq(got[0], 100);
	ck_assert_uint_eq((unsigned)got[3] << 16 | (unsigned)got[2] << 8 | got[1], 0x7FFFFF);
	/* penumbra: K = 2, L = -0.5: s' = 200 / (2 - 0.5 x z / D) with z/D
	 * = floor(0.25 x 0xFFFFFF) / 0x7FFFFF; not below 100: kept */
	shadow_pass(0.25f, 200, 2, -0.5f);
	pixel(got);
	ck_assert_uint_eq(got[0], 100);
	shadow_pass(0.25f, 150, 2, -0.5f);
	pixel(got);
	{
		double ratio = floor(0.25 * 0xFFFFFF) / 0x7FFFFF;

		ASSERT_NEAR(got[0], (unsigned)(150 / (2 - 0.5 * ratio)));
	}
}
END_TEST

/* The shadow write alone, on its documented cases. */
START_TEST(test_shadow_write_rule)
{
	uint8_t px[4] = { 0x80, 0x00, 0x00, 200 };      /* D = 0x800000, I = 200 */

	ck_assert(!hw_fragment_shadow_write(px, 0.75f, 0, 1, 0));      /* z >= D */
	ck_assert(hw_fragment_shadow_write(px, 0.25f, 0, 1, 0));       /* hard */
	ck_assert_uint_eq((unsigned)px[0] << 16 | (unsigned)px[1] << 8 | px[2],
			  (unsigned)(0.25 * 0xFFFFFF));
	ck_assert_uint_eq(px[3], 200);
	ck_assert(hw_fragment_shadow_write(px, 0.1f, 50, 1, 0));       /* soft, below I */
	ck_assert_uint_eq(px[3], 50);
	ck_assert(!hw_fragment_shadow_write(px, 0.1f, 60, 1, 0));      /* not below I */
	ck_assert_uint_eq(px[3], 50);
}
END_TEST

/* ---- registers --------------------------------------------------------- */

static unsigned notes;
static void count_note(void *user, enum hw_note note, unsigned reg, const char *text)
{
	(void)user;
	(void)text;
	(void)reg;
	if (note == HW_NOTE_REGISTER_IGNORED)
		notes++;
}

/* Every lighting, fog, gas and shadow register the model consumes is
 * accepted without a not-modelled note; the gas accumulation mode says
 * what it guesses. */
START_TEST(test_shading_registers_are_consumed)
{
	unsigned id, i, off;

	notes = 0;
	gpu.note = count_note;
	for (i = 0; i < 8; i++)
		for (off = 0; off < 16; off++)
			if (off <= 7 || (off >= 9 && off <= 0xB))
				pica_cmd_reg(&cmd, HW_REG_LIGHT(i, off), 0);
	for (id = 0x1C0; id <= 0x1D9; id++)
		if (id != 0x1C1 && id != 0x1C7 && (id < 0x1D3 || id > 0x1D8))
			pica_cmd_reg(&cmd, id, 0);
	for (id = 0x0E0; id <= 0x0EF; id++)
		pica_cmd_reg(&cmd, id, 0);
	for (id = 0x120; id <= 0x126; id++)
		pica_cmd_reg(&cmd, id, 0);
	pica_cmd_reg(&cmd, 0x130, 0);
	ck_assert_int_eq(hw_gpu_submit(&gpu, cmd.w, cmd.n, 0), HW_OK);
	ck_assert_uint_eq(notes, 0);
	pica_cmd_init(&cmd);
	pica_cmd_reg(&cmd, 0x1D3, 0);           /* no known meaning: reported */
	ck_assert_int_eq(hw_gpu_submit(&gpu, cmd.w, cmd.n, 0), HW_OK);
	ck_assert_uint_eq(notes, 1);
}
END_TEST

/* The LUT ports: the index steps with each write, across both halves of
 * the port's ids; the index register keeps what was written. */
START_TEST(test_lut_ports_step_the_index)
{
	uint32_t w[3] = { 0x111, 0x222, 0x333 };

	pica_cmd_reg(&cmd, HW_REG_LIGHTING_LUT_INDEX, (HW_REG_LIGHTLUT_SP0 + 3u) << 8 | 254u);
	pica_cmd_regs(&cmd, HW_REG_LIGHTING_LUT_DATA0 + 2, w, 3, false);
	pica_cmd_reg(&cmd, HW_REG_FOG_LUT_INDEX, 127);
	pica_cmd_regs(&cmd, HW_REG_FOG_LUT_DATA0, w, 2, false);
	ck_assert_int_eq(hw_gpu_submit(&gpu, cmd.w, cmd.n, 0), HW_OK);
	ck_assert_uint_eq(gpu.lighting_luts.word[HW_REG_LIGHTLUT_SP0 + 3][254], 0x111);
	ck_assert_uint_eq(gpu.lighting_luts.word[HW_REG_LIGHTLUT_SP0 + 3][255], 0x222);
	ck_assert_uint_eq(gpu.lighting_luts.word[HW_REG_LIGHTLUT_SP0 + 4][0], 0x333);
	ck_assert_uint_eq(gpu.regs[HW_REG_LIGHTING_LUT_INDEX], (HW_REG_LIGHTLUT_SP0 + 3u) << 8 | 254u);
	ck_assert_uint_eq(gpu.fog_luts.fog[127], 0x111);
	ck_assert_uint_eq(gpu.fog_luts.fog[0], 0x222);
}
END_TEST

/* The number formats, on documented values. */
START_TEST(test_number_formats)
{
	ck_assert(hw_reg_f16_to_float(0x3C00) == 1.0f);
	ck_assert(hw_reg_f16_to_float(0x3A00) == 0.75f);
	ck_assert(hw_reg_f16_to_float(0xC000) == -2.0f);
	ck_assert(hw_reg_f16_to_float(0x0001) == 0.0f);             /* no denormals */
	ck_assert_uint_eq(hw_reg_float_to_f16(0.75f), 0x3A00);
	ck_assert(hw_reg_f20_to_float(hw_reg_float_to_f20(0.25f)) == 0.25f);
	ck_assert(hw_reg_fixed13_to_float(0x0800) == 1.0f);
	ck_assert(hw_reg_fixed13_to_float(0x1800) == -1.0f);
	ck_assert(hw_reg_lightlut_value(4095) == 4095.0f / 4096.0f);
	ck_assert(hw_reg_lightlut_diff(1u << 23 | 1024u << 12) == -0.5f);
	ck_assert(hw_reg_foglut_value(2047u << 13) == 2047.0f / 2048.0f);
	ck_assert_uint_eq(hw_lighting_layer_ratio(0), 1);
	ck_assert_uint_eq(hw_lighting_layer_ratio(5), 3);
	ck_assert_uint_eq(hw_lighting_layer_ratio(7), 4);
}
END_TEST

static Suite *lighting_suite(void)
{
	Suite *s = suite_create("lighting");
	TCase *t = tcase_create("light");

	tcase_add_checked_fixture(t, setup, teardown);
	tcase_set_timeout(t, 60);
	tcase_add_test(t, test_light_along_the_normal);
	tcase_add_test(t, test_light_at_an_angle);
	tcase_add_test(t, test_two_lights_add);
	tcase_add_test(t, test_specular_table);
	tcase_add_test(t, test_geometric_factor);
	tcase_add_test(t, test_signed_lut_input);
	tcase_add_test(t, test_cp_input_in_configuration_7);
	tcase_add_test(t, test_fresnel_alpha);
	tcase_add_test(t, test_spotlight);
	tcase_add_test(t, test_distance_attenuation);
	tcase_add_test(t, test_layer_configurations);
	tcase_add_test(t, test_shadowed_receiver);
	tcase_add_test(t, test_bump_map_normal);
	tcase_add_test(t, test_quaternion_rotates_the_normal);
	tcase_add_test(t, test_lighting_cost_by_lights_and_configuration);
	tcase_add_test(t, test_alpha_tested_fresnel_traffic_follows_lit_alpha);
	suite_add_tcase(s, t);
	t = tcase_create("fog_shadow");
	tcase_add_checked_fixture(t, setup, teardown);
	tcase_add_test(t, test_fog_at_several_table_values);
	tcase_add_test(t, test_fog_step_table);
	tcase_add_test(t, test_fog_stages_price_the_combiner);
	tcase_add_test(t, test_lighting_ratio_keys_price_the_configurations);
	tcase_add_test(t, test_shadow_pass_writes_depth_and_intensity);
	tcase_add_test(t, test_shadow_write_rule);
	tcase_add_test(t, test_shading_registers_are_consumed);
	tcase_add_test(t, test_lut_ports_step_the_index);
	tcase_add_test(t, test_number_formats);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	return tu_run(lighting_suite());
}
