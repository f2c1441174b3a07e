/* check_gl_material.c: materials lit, fogged and shadowed through the
 * public GL / nngx API only, the way the middleware's materials do it: a
 * vertex shader that outputs the normal quaternion and the view vector,
 * the reserved dmp_* uniforms, lookup tables through glTexImage1D, then
 * glReadPixels and nngxGetProfilingResult. Both halves together: the GL
 * driver's register writes (gles_stub/gl_dmp.c, driver/gl_cmdfrag.c) and
 * the model's reading of them (hw/hw_lighting.c, hw/hw_fog.c, the shadow
 * mode in hw/hw_pixel.c).
 *
 * Every expected pixel is computed by hand (in the comments, or by the
 * formula in the test) from fragment-pipeline.md B.3 (lighting), B.5
 * (fog), B.8 (shadow mode) and the model choices in DOCS-NOTES.md:
 * colours light x material rounded to 8 bits by the driver, the lit sum
 * clamped and rounded to 8 bits, LUT values floor(v x 4096) / 4096, fog
 * blended and truncated. Where a float can land on either side of a byte
 * the inputs are chosen so that it cannot.
 *
 * Defaults the expectations lean on (dmp-uniforms.tsv): material diffuse
 * 0.8, material ambient 0.2, scene ambient 0.2 (so the global ambient
 * 0x1C0 is round(0.04 x 255) = 10), light ambient 0, light specular0 1,
 * clamp highlights on, every table and the spot off. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gl_fixture.h"

#define ck_gl_error(code) ck_assert_uint_eq(glGetError(), (code))
#define FB 16                           /* framebuffer side: 256 pixels */
#define PIXELS (FB * FB)
#define AMBIENT 10u                     /* round(0.2 x 0.2 x 255) */

/* Registers of the material shader: v0 aPosition, v1 aTexCoord;
 * c4 uColor, c5 uQuat, c6 uView. Outputs: o0 position, o1 the normal
 * quaternion, o2 the colour, o3 the view vector, o4 texcoord0 (x, y) and
 * texcoord0.w (z). */
static struct fx_shader *material_shader(void)
{
	struct fx_shader *s = fx_shader_new();
	size_t vs;

	asm_mov(&s->a, asm_o(0), asm_v(0));
	asm_mov(&s->a, asm_o(1), asm_c(5));
	asm_mov(&s->a, asm_o(2), asm_c(4));
	asm_mov(&s->a, asm_o(3), asm_c(6));
	asm_mov(&s->a, asm_o(4), asm_v(1));
	asm_end(&s->a);
	fx_shader_code(s);
	vs = shbin_writer_add_entry(&s->w, 0, 0, s->a.ncode);
	shbin_writer_add_output(&s->w, vs, 0, 0, 0xF);         /* position */
	shbin_writer_add_output(&s->w, vs, 1, 1, 0xF);         /* normal quaternion */
	shbin_writer_add_output(&s->w, vs, 2, 2, 0xF);         /* colour */
	shbin_writer_add_output(&s->w, vs, 8, 3, 0x7);         /* view vector */
	shbin_writer_add_output(&s->w, vs, 3, 4, 0x3);         /* texcoord0 */
	shbin_writer_add_output(&s->w, vs, 4, 4, 0x4);         /* texcoord0.w */
	shbin_writer_add_uniform(&s->w, vs, "aPosition", 0x00, 0x00);
	shbin_writer_add_uniform(&s->w, vs, "aTexCoord", 0x01, 0x01);
	shbin_writer_add_uniform(&s->w, vs, "uColor", 0x14, 0x14);
	shbin_writer_add_uniform(&s->w, vs, "uQuat", 0x15, 0x15);
	shbin_writer_add_uniform(&s->w, vs, "uView", 0x16, 0x16);
	shbin_writer_add_float(&s->w, vs, 4, 1.0f, 0.0f, 0.0f, 1.0f);
	shbin_writer_add_float(&s->w, vs, 5, 0.0f, 0.0f, 0.0f, 1.0f);
	shbin_writer_add_float(&s->w, vs, 6, 0.0f, 0.0f, 1.0f, 0.0f);
	fx_shader_binary(s);
	return s;
}

static GLuint program;
static GLuint quad_buffer;

static GLint loc(const char *name)
{
	GLint l = glGetUniformLocation(program, name);

	ck_assert_msg(l != -1, "no location for %s", name);
	return l;
}

/* A full-screen quad (two triangles) at clip depth z. */
static void quad_at(float z)
{
	const float xyz[] = {
		-1, -1, z,   1, -1, z,   1, 1, z,
		-1, -1, z,   1,  1, z,  -1, 1, z,
	};

	if (quad_buffer)
		glDeleteBuffers(1, &quad_buffer);
	quad_buffer = fx_positions(xyz, 6);
}

/* The left half of the screen (x < 0) at clip depth z. */
static void left_half_at(float z)
{
	const float xyz[] = {
		-1, -1, z,   0, -1, z,   0, 1, z,
		-1, -1, z,   0,  1, z,  -1, 1, z,
	};

	if (quad_buffer)
		glDeleteBuffers(1, &quad_buffer);
	quad_buffer = fx_positions(xyz, 6);
}

/* Combiner stage 0: RGB from `rgb`, alpha from `alpha`, both replace. */
static void combiner(GLenum rgb, GLenum alpha)
{
	glUniform3i(loc("dmp_TexEnv[0].srcRgb"), (GLint)rgb, (GLint)rgb, (GLint)rgb);
	glUniform3i(loc("dmp_TexEnv[0].srcAlpha"), (GLint)alpha, (GLint)alpha, (GLint)alpha);
	glUniform1i(loc("dmp_TexEnv[0].combineRgb"), GL_REPLACE);
	glUniform1i(loc("dmp_TexEnv[0].combineAlpha"), GL_REPLACE);
	ck_gl_error(GL_NO_ERROR);
}

static void setup(void)
{
	struct fx_shader *s;

	fx_reset();
	quad_buffer = 0;
	fx_list(1 << 20, 64);
	fx_framebuffer(FB);
	s = material_shader();
	program = fx_program(s);
	fx_shader_free(s);
	glVertexAttrib4f(1, 0.5f, 0.5f, 1.0f, 1.0f);
	quad_at(-0.5f);
	combiner(GL_FRAGMENT_PRIMARY_COLOR_DMP, GL_FRAGMENT_PRIMARY_COLOR_DMP);
}

static void teardown(void)
{
	quad_buffer = 0;
}

/* Table `data` (width floats) at GL_LUT_TEXTUREn_DMP. */
static void lut(unsigned n, const GLfloat *data, GLsizei width)
{
	GLuint t;

	glGenTextures(1, &t);
	glBindTexture(GL_LUT_TEXTURE0_DMP + n, t);
	glTexImage1D(GL_LUT_TEXTURE0_DMP + n, 0, GL_LUMINANCEF_DMP, width, 0, GL_LUMINANCEF_DMP,
		     GL_FLOAT, data);
	ck_gl_error(GL_NO_ERROR);
}

/* A lighting table (B.3's GL layout: 256 values then 256 differences)
 * that is the identity on an abs input: entry i = i / 256 (4096 x = 16 i,
 * exact), difference 1 / 256 (2048 x = 8, exact); so the table gives its
 * input x back, as (floor(256 x) + frac) / 256. */
static void lut_identity(unsigned n)
{
	static GLfloat t[512];
	unsigned i;

	for (i = 0; i < 256; i++) {
		t[i] = (float)i / 256.0f;
		t[256 + i] = 1.0f / 256.0f;
	}
	lut(n, t, 512);
}

/* A constant lighting table: every entry v, differences 0. */
static void lut_constant(unsigned n, float v)
{
	static GLfloat t[512];
	unsigned i;

	for (i = 0; i < 512; i++)
		t[i] = i < 256 ? v : 0.0f;
	lut(n, t, 512);
}

static void lighting_on(void)
{
	glUniform1i(loc("dmp_FragmentLighting.enabled"), GL_TRUE);
	glUniform1i(loc("dmp_FragmentLightSource[0].enabled"), GL_TRUE);
	glUniform4f(loc("dmp_FragmentLightSource[0].diffuse"), 1.0f, 0.5f, 0.25f, 1.0f);
	ck_gl_error(GL_NO_ERROR);
}

static void quat(float x, float y, float z, float w)
{
	glUniform4f(loc("uQuat"), x, y, z, w);
	ck_gl_error(GL_NO_ERROR);
}

static void light_position(unsigned i, float x, float y, float z, float w)
{
	char name[64];

	snprintf(name, sizeof name, "dmp_FragmentLightSource[%u].position", i);
	glUniform4f(loc(name), x, y, z, w);
	ck_gl_error(GL_NO_ERROR);
}

static uint8_t px[PIXELS * 4];

/* Clear (colour 0, depth 1), draw the bound quad, read the pixels; the
 * counters' movement over the draw into *moved (if not NULL). */
static void draw(struct fx_counters *moved)
{
	struct fx_counters c0, c1;

	glClearColor(0, 0, 0, 0);
	glClearDepthf(1.0f);
	glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
	glFinish();
	fx_counters_read(&c0);
	glDrawArrays(GL_TRIANGLES, 0, 6);
	glFinish();
	fx_counters_read(&c1);
	if (moved)
		fx_counters_diff(&c0, &c1, moved);
	glReadPixels(0, 0, FB, FB, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_gl_error(GL_NO_ERROR);
}

/* Every pixel of the last draw is (r, g, b, a). */
static void assert_all(unsigned r, unsigned g, unsigned b, unsigned a, const char *what)
{
	unsigned k;

	for (k = 0; k < PIXELS; k++) {
		const uint8_t *p = px + 4 * k;

		if (p[0] != r || p[1] != g || p[2] != b || p[3] != a)
			ck_abort_msg("%s: pixel %u is (%u, %u, %u, %u), want (%u, %u, %u, %u)",
				     what, k, p[0], p[1], p[2], p[3], r, g, b, a);
	}
}

/* ---- diffuse ---------------------------------------------------------------- */

/* One directional light along the normal (position (0, 0, 1, 0), the
 * identity quaternion: N = (0, 0, 1), L.N = 1). Diffuse registers light
 * (1, 0.5, 0.25) x material 0.8 = round(204, 102, 51); plus the global
 * ambient 10: (214, 112, 61), alpha 1. Lighting off: the primary colour is
 * the vertex colour (model choice, DOCS-NOTES). */
START_TEST(test_light_along_the_normal)
{
	lighting_on();
	draw(NULL);
	assert_all(214, 112, 61, 255, "lit along the normal");
	glUniform1i(loc("dmp_FragmentLighting.enabled"), GL_FALSE);
	draw(NULL);
	assert_all(255, 0, 0, 255, "lighting off: vertex colour");
}
END_TEST

/* At an angle, three ways:
 * - light (0, 3, 4, 0), normal (0, 0, 1): L.N = 0.8: 204 x 0.8 + 10 =
 *   173.2, 102 x 0.8 + 10 = 91.6, 51 x 0.8 + 10 = 50.8: (173, 92, 51);
 * - light (0, 0, 1, 0), the normal turned by the quaternion (sqrt 0.1, 0,
 *   0, sqrt 0.9) (cos = 0.8 about x): N = (0, -0.6, 0.8), L.N = 0.8: the
 *   same;
 * - that normal with light (0, -3, 4, 0): L.N = 0.36 + 0.64 = 1 (214,
 *   112, 61), and with light (0, 3, 4, 0): L.N = -0.36 + 0.64 = 0.28:
 *   57.12 + 10, 28.56 + 10, 14.28 + 10: (67, 39, 24). The last two tell
 *   the rotation's direction, so the quaternion's component order through
 *   the output map and the model's rotation agree;
 * - the light behind the surface (0, 0, -1, 0): L.N clamps to 0: ambient
 *   only (10, 10, 10). */
START_TEST(test_light_at_an_angle)
{
	const float qx = sqrtf(0.1f), qw = sqrtf(0.9f);

	lighting_on();
	light_position(0, 0.0f, 3.0f, 4.0f, 0.0f);
	draw(NULL);
	assert_all(173, 92, 51, 255, "light at 0.8");
	light_position(0, 0.0f, 0.0f, 1.0f, 0.0f);
	quat(qx, 0.0f, 0.0f, qw);
	draw(NULL);
	assert_all(173, 92, 51, 255, "normal at 0.8");
	light_position(0, 0.0f, -3.0f, 4.0f, 0.0f);
	draw(NULL);
	assert_all(214, 112, 61, 255, "light along the turned normal");
	light_position(0, 0.0f, 3.0f, 4.0f, 0.0f);
	draw(NULL);
	assert_all(67, 39, 24, 255, "light at 0.28 of the turned normal");
	quat(0.0f, 0.0f, 0.0f, 1.0f);
	light_position(0, 0.0f, 0.0f, -1.0f, 0.0f);
	draw(NULL);
	assert_all(AMBIENT, AMBIENT, AMBIENT, 255, "light behind");
}
END_TEST

/* Two lights: light 0 as above along the normal (204, 102, 51), light 3
 * (any slot: the driver lists the enabled ones) at (0, 3, 4, 0), diffuse
 * (0, 0, 1) x 0.8 = (0, 0, 204) at L.N 0.8 = 163.2. Sum plus ambient:
 * (214, 112, 51 + 163.2 + 10 = 224.2 -> 224). */
START_TEST(test_two_lights)
{
	lighting_on();
	glUniform1i(loc("dmp_FragmentLightSource[3].enabled"), GL_TRUE);
	glUniform4f(loc("dmp_FragmentLightSource[3].diffuse"), 0.0f, 0.0f, 1.0f, 1.0f);
	glUniform4f(loc("dmp_FragmentLightSource[3].specular0"), 0.0f, 0.0f, 0.0f, 1.0f);
	light_position(3, 0.0f, 3.0f, 4.0f, 0.0f);
	draw(NULL);
	assert_all(214, 112, 224, 255, "two lights");
	/* light 3's ambient (0.5, 0, 0) x material 0.2 = round(25.5) = 26 adds
	 * to red: 214 + 26 = 240 */
	glUniform4f(loc("dmp_FragmentLightSource[3].ambient"), 0.5f, 0.0f, 0.0f, 1.0f);
	draw(NULL);
	assert_all(240, 112, 224, 255, "two lights, one with ambient");
}
END_TEST

/* ---- specular, fresnel, spot, distance ---------------------------------------- */

/* A specular table: D0 on N.H through glTexImage1D (the identity table on
 * an abs input). Light (0, 3, 4, 0), view (0, 0, 1), N (0, 0, 1): H = V +
 * L = (0, 0.6, 1.8), N.H = 1.8 / sqrt 3.6 = 0.948683. specular0 = light 1
 * x material (0.5, 0.25, 1) = round(127.5, 63.75, 255) = (128, 64, 255);
 * secondary = D0 x specular0: 121.43, 60.72, 241.91 -> (121, 61, 242).
 * With D0 switched off the table reads 1.0 (model choice): (128, 64, 255).
 * Clamp highlights: the light behind (L.N = 0) gives no specular. */
START_TEST(test_specular_table_d0)
{
	lighting_on();
	combiner(GL_FRAGMENT_SECONDARY_COLOR_DMP, GL_FRAGMENT_SECONDARY_COLOR_DMP);
	glUniform4f(loc("dmp_FragmentMaterial.specular0"), 0.5f, 0.25f, 1.0f, 1.0f);
	light_position(0, 0.0f, 3.0f, 4.0f, 0.0f);
	lut_identity(2);
	glUniform1i(loc("dmp_FragmentMaterial.samplerD0"), 2);
	glUniform1i(loc("dmp_LightEnv.lutEnabledD0"), GL_TRUE);
	glUniform1i(loc("dmp_LightEnv.absLutInputD0"), GL_TRUE);
	glUniform1i(loc("dmp_LightEnv.lutInputD0"), GL_LIGHT_ENV_NH_DMP);
	ck_gl_error(GL_NO_ERROR);
	draw(NULL);
	assert_all(121, 61, 242, 255, "D0 on N.H");
	/* lutScaleD0 2: 2 x 0.948683 x (128, 64, 255) clamps: 242.86 ->
	 * 243, 121.43 -> 121, 255 */
	glUniform1f(loc("dmp_LightEnv.lutScaleD0"), 2.0f);
	draw(NULL);
	assert_all(243, 121, 255, 255, "D0 scaled by 2");
	glUniform1i(loc("dmp_LightEnv.lutEnabledD0"), GL_FALSE);
	draw(NULL);
	assert_all(128, 64, 255, 255, "D0 off reads 1");
	light_position(0, 0.0f, 0.0f, -1.0f, 0.0f);
	draw(NULL);
	assert_all(0, 0, 0, 255, "clamped highlight");
	/* primary + secondary through the combiner's add: light along the
	 * normal, D0 off: (214 + 128, 112 + 64, 61 + 255) clamped */
	light_position(0, 0.0f, 0.0f, 1.0f, 0.0f);
	glUniform3i(loc("dmp_TexEnv[0].srcRgb"), GL_FRAGMENT_PRIMARY_COLOR_DMP,
		    GL_FRAGMENT_SECONDARY_COLOR_DMP, GL_PRIMARY_COLOR);
	glUniform1i(loc("dmp_TexEnv[0].combineRgb"), GL_ADD);
	ck_gl_error(GL_NO_ERROR);
	draw(NULL);
	assert_all(255, 176, 255, 255, "primary + secondary");
}
END_TEST

/* Layer configuration 1 with the Fresnel table (unit 5) the identity on
 * |N.V|, its result into the primary alpha. */
static void fresnel_alpha_on(void)
{
	glUniform1i(loc("dmp_LightEnv.config"), GL_LIGHT_ENV_LAYER_CONFIG1_DMP);
	lut_identity(5);
	glUniform1i(loc("dmp_FragmentMaterial.samplerFR"), 5);
	glUniform1i(loc("dmp_LightEnv.lutInputFR"), GL_LIGHT_ENV_NV_DMP);
	glUniform1i(loc("dmp_LightEnv.absLutInputFR"), GL_TRUE);
	glUniform1i(loc("dmp_LightEnv.fresnelSelector"), GL_LIGHT_ENV_PRI_ALPHA_FRESNEL_DMP);
}

/* Fresnel into alpha: layer configuration 1 (SP, FR, RR), FR the identity
 * on |N.V|. The normal turned by (sqrt 0.1, 0, 0, sqrt 0.9): N.V = 0.8,
 * alpha = 0.8 x 255 = 204. Selector primary: primary alpha 204, secondary
 * alpha 255; both: both 204; none: 255. */
START_TEST(test_fresnel_alpha)
{
	lighting_on();
	quat(sqrtf(0.1f), 0.0f, 0.0f, sqrtf(0.9f));
	fresnel_alpha_on();
	ck_gl_error(GL_NO_ERROR);
	/* RGB: L = (0, 0, 1), N.L = 0.8 as in test_light_at_an_angle */
	draw(NULL);
	assert_all(173, 92, 51, 204, "fresnel primary: primary alpha");
	combiner(GL_FRAGMENT_PRIMARY_COLOR_DMP, GL_FRAGMENT_SECONDARY_COLOR_DMP);
	draw(NULL);
	assert_all(173, 92, 51, 255, "fresnel primary: secondary alpha");
	glUniform1i(loc("dmp_LightEnv.fresnelSelector"), GL_LIGHT_ENV_PRI_SEC_ALPHA_FRESNEL_DMP);
	draw(NULL);
	assert_all(173, 92, 51, 204, "fresnel both: secondary alpha");
	glUniform1i(loc("dmp_LightEnv.fresnelSelector"), GL_LIGHT_ENV_NO_FRESNEL_DMP);
	draw(NULL);
	assert_all(173, 92, 51, 255, "no fresnel");
}
END_TEST

/* A spotlight: positional light at (0, 3, 3), view (0, 0, 1): L = P + V =
 * (0, 3, 4), L^ = (0, 0.6, 0.8); spot direction (0, 0, -1), stored
 * negated: SP = L^ . (0, 0, 1) = 0.8; the SP table is the identity on an
 * abs input: spot 0.8. Diffuse 204 x L.N 0.8 x spot 0.8 = 130.56 + 10 =
 * 140.56 -> 141 (red); green 102 x 0.64 + 10 = 75.28 -> 75; blue 51 x
 * 0.64 + 10 = 42.64 -> 43. Spot off: (173, 92, 51). Spot direction
 * (0, -0.6, -0.8) (along the ray to the surface): SP = 0.36 + 0.64 = 1. */
START_TEST(test_spotlight)
{
	lighting_on();
	light_position(0, 0.0f, 3.0f, 3.0f, 1.0f);
	lut_identity(7);
	glUniform1i(loc("dmp_FragmentLightSource[0].samplerSP"), 7);
	glUniform1i(loc("dmp_FragmentLightSource[0].spotEnabled"), GL_TRUE);
	glUniform3f(loc("dmp_FragmentLightSource[0].spotDirection"), 0.0f, 0.0f, -1.0f);
	glUniform1i(loc("dmp_LightEnv.lutInputSP"), GL_LIGHT_ENV_SP_DMP);
	glUniform1i(loc("dmp_LightEnv.absLutInputSP"), GL_TRUE);
	ck_gl_error(GL_NO_ERROR);
	draw(NULL);
	assert_all(141, 75, 43, 255, "spot at 0.8");
	glUniform3f(loc("dmp_FragmentLightSource[0].spotDirection"), 0.0f, -0.6f, -0.8f);
	draw(NULL);
	assert_all(173, 92, 51, 255, "spot along the ray");
	glUniform3f(loc("dmp_FragmentLightSource[0].spotDirection"), 0.0f, 0.0f, -1.0f);
	glUniform1i(loc("dmp_FragmentLightSource[0].spotEnabled"), GL_FALSE);
	draw(NULL);
	assert_all(173, 92, 51, 255, "spot off");
}
END_TEST

/* Distance attenuation: positional light at (0, 0, 1), view (0, 0, 1): L
 * = (0, 0, 2), distance 2; scale 0.25, bias 0: x = 0.5; the DA table
 * 1 - i / 256 (4096 - 16 i, exact; difference -1/256) gives entry 128:
 * 0.5. Diffuse (204, 102, 51) x 0.5 + 10 = (112, 61, 35.5 -> 36). Bias
 * 0.25: x = 0.75, entry 192: 0.25: 51 + 10, 25.5 + 10, 12.75 + 10 ->
 * (61, 36, 23). */
START_TEST(test_distance_attenuation)
{
	static GLfloat t[512];
	unsigned i;

	for (i = 0; i < 256; i++) {
		t[i] = 1.0f - (float)i / 256.0f;
		t[256 + i] = -1.0f / 256.0f;
	}
	lighting_on();
	light_position(0, 0.0f, 0.0f, 1.0f, 1.0f);
	lut(9, t, 512);
	glUniform1i(loc("dmp_FragmentLightSource[0].samplerDA"), 9);
	glUniform1i(loc("dmp_FragmentLightSource[0].distanceAttenuationEnabled"), GL_TRUE);
	glUniform1f(loc("dmp_FragmentLightSource[0].distanceAttenuationScale"), 0.25f);
	glUniform1f(loc("dmp_FragmentLightSource[0].distanceAttenuationBias"), 0.0f);
	ck_gl_error(GL_NO_ERROR);
	draw(NULL);
	assert_all(112, 61, 36, 255, "attenuated at distance 2");
	glUniform1f(loc("dmp_FragmentLightSource[0].distanceAttenuationBias"), 0.25f);
	draw(NULL);
	assert_all(61, 36, 23, 255, "attenuated with bias");
	glUniform1i(loc("dmp_FragmentLightSource[0].distanceAttenuationEnabled"), GL_FALSE);
	draw(NULL);
	assert_all(214, 112, 61, 255, "attenuation off");
}
END_TEST

/* More of B.3 through GL, each against the hand-computed value:
 * - geometric factor 0: light (0, 3, 4, 0), H = (0, 0.6, 1.8), |H|^2 =
 *   3.6, G = 0.8 / 3.6 = 0.2222; specular0 (128, 64, 255) x G = 28.44,
 *   14.22, 56.67 -> (28, 14, 57);
 * - specular1 without lutEnabledRefl is light x material: light 1 x
 *   (0.2, 0.4, 0.6) = (51, 102, 153), D1 and the reflection tables off
 *   read 1 (configuration 2);
 * - a signed input (absLutInputD0 false, the default): D0 on L.N with
 *   entries 0-127 (inputs [0, 1)) 0.75 and 128-255 ([-1, 0)) 0.25; clamp
 *   highlights off. Light in front, L.N = 1 -> entry 127: 0.75 x (128, 64,
 *   255) = (96, 48, 191.25 -> 191); behind, L.N = -1 -> entry 128: 0.25 x
 *   = (32, 16, 63.75 -> 64);
 * - two-sided diffuse: the light behind lights the back: |L.N| = 1:
 *   (214, 112, 61); one-sided: ambient only. */
START_TEST(test_geometric_factor_specular1_signed_two_sided)
{
	static GLfloat t[512];
	unsigned i;

	lighting_on();
	combiner(GL_FRAGMENT_SECONDARY_COLOR_DMP, GL_FRAGMENT_SECONDARY_COLOR_DMP);
	glUniform4f(loc("dmp_FragmentMaterial.specular0"), 0.5f, 0.25f, 1.0f, 1.0f);
	light_position(0, 0.0f, 3.0f, 4.0f, 0.0f);
	glUniform1i(loc("dmp_FragmentLightSource[0].geomFactor0"), GL_TRUE);
	ck_gl_error(GL_NO_ERROR);
	draw(NULL);
	assert_all(28, 14, 57, 255, "geometric factor 0");
	glUniform1i(loc("dmp_FragmentLightSource[0].geomFactor0"), GL_FALSE);

	glUniform4f(loc("dmp_FragmentMaterial.specular0"), 0.0f, 0.0f, 0.0f, 1.0f);
	glUniform4f(loc("dmp_FragmentLightSource[0].specular1"), 1.0f, 1.0f, 1.0f, 1.0f);
	glUniform4f(loc("dmp_FragmentMaterial.specular1"), 0.2f, 0.4f, 0.6f, 1.0f);
	glUniform1i(loc("dmp_LightEnv.config"), GL_LIGHT_ENV_LAYER_CONFIG2_DMP);
	ck_gl_error(GL_NO_ERROR);
	draw(NULL);
	assert_all(51, 102, 153, 255, "specular1 light x material");
	glUniform4f(loc("dmp_FragmentLightSource[0].specular1"), 0.0f, 0.0f, 0.0f, 1.0f);
	glUniform1i(loc("dmp_LightEnv.config"), GL_LIGHT_ENV_LAYER_CONFIG0_DMP);

	glUniform4f(loc("dmp_FragmentMaterial.specular0"), 0.5f, 0.25f, 1.0f, 1.0f);
	for (i = 0; i < 512; i++)
		t[i] = i < 128 ? 0.75f : i < 256 ? 0.25f : 0.0f;
	lut(2, t, 512);
	glUniform1i(loc("dmp_FragmentMaterial.samplerD0"), 2);
	glUniform1i(loc("dmp_LightEnv.lutEnabledD0"), GL_TRUE);
	glUniform1i(loc("dmp_LightEnv.lutInputD0"), GL_LIGHT_ENV_LN_DMP);
	glUniform1i(loc("dmp_LightEnv.clampHighlights"), GL_FALSE);
	light_position(0, 0.0f, 0.0f, 1.0f, 0.0f);
	ck_gl_error(GL_NO_ERROR);
	draw(NULL);
	assert_all(96, 48, 191, 255, "signed input, in front");
	light_position(0, 0.0f, 0.0f, -1.0f, 0.0f);
	draw(NULL);
	assert_all(32, 16, 64, 255, "signed input, behind");

	glUniform1i(loc("dmp_LightEnv.lutEnabledD0"), GL_FALSE);
	combiner(GL_FRAGMENT_PRIMARY_COLOR_DMP, GL_FRAGMENT_PRIMARY_COLOR_DMP);
	draw(NULL);
	assert_all(AMBIENT, AMBIENT, AMBIENT, 255, "one-sided, light behind");
	glUniform1i(loc("dmp_FragmentLightSource[0].twoSideDiffuse"), GL_TRUE);
	draw(NULL);
	assert_all(214, 112, 61, 255, "two-sided, light behind");
}
END_TEST

/* An RGBA8 texture of one texel value everywhere on unit 0. */
static void unit0_texture(uint8_t r, uint8_t g, uint8_t b, uint8_t a)
{
	static uint8_t texels[8 * 8 * 4];
	GLuint t;
	unsigned k;

	for (k = 0; k < 64; k++) {
		texels[4 * k] = r;
		texels[4 * k + 1] = g;
		texels[4 * k + 2] = b;
		texels[4 * k + 3] = a;
	}
	glGenTextures(1, &t);
	glActiveTexture(GL_TEXTURE0);
	glBindTexture(GL_TEXTURE_2D, t);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
	glUniform1i(loc("dmp_Texture[0].samplerType"), GL_TEXTURE_2D);
	ck_gl_error(GL_NO_ERROR);
}

/* Bump mapping: a normal map on unit 0 (bumpSelector GL_TEXTURE0,
 * bumpMode GL_LIGHT_ENV_BUMP_AS_BUMP_DMP), texel (192, 128, 255): p =
 * texel / 127.5 - 1 = (0.50588, 0.00392, 1). With renormalisation (the
 * default) z = sqrt(1 - x^2 - y^2) = 0.86259: light (0, 0, 1): 204 x
 * 0.86259 + 10 = 185.97 -> 186, 102 x + 10 = 97.98 -> 98, 51 x + 10 =
 * 53.99 -> 54; light (1, 0, 0): L.N = 0.50588: 113.2 -> 113, 61.6 -> 62,
 * 35.8 -> 36. Without (bumpRenorm false) z stays 1: light (0, 0, 1):
 * (214, 112, 61). */
START_TEST(test_bump_map)
{
	unit0_texture(192, 128, 255, 255);
	lighting_on();
	glUniform1i(loc("dmp_LightEnv.bumpSelector"), GL_TEXTURE0);
	glUniform1i(loc("dmp_LightEnv.bumpMode"), GL_LIGHT_ENV_BUMP_AS_BUMP_DMP);
	glUniform1i(loc("dmp_LightEnv.bumpRenorm"), GL_TRUE);
	ck_gl_error(GL_NO_ERROR);
	draw(NULL);
	assert_all(186, 98, 54, 255, "bump, renormalised");
	light_position(0, 1.0f, 0.0f, 0.0f, 0.0f);
	draw(NULL);
	assert_all(113, 62, 36, 255, "bump, light along x");
	light_position(0, 0.0f, 0.0f, 1.0f, 0.0f);
	glUniform1i(loc("dmp_LightEnv.bumpRenorm"), GL_FALSE);
	draw(NULL);
	assert_all(214, 112, 61, 255, "bump, z kept");
}
END_TEST

/* Shadow into the secondary colour and the alpha: S = 64 / 255 from unit
 * 0; specular0 (128, 64, 255) (D0 off, light along the normal) x S =
 * 32.13, 16.06, 64 -> (32, 16, 64); the Fresnel alpha (0.8, the turned
 * normal, configuration 1) x S.a = 51.2 -> 51 with shadowAlpha. */
START_TEST(test_shadow_secondary_and_alpha)
{
	unit0_texture(64, 64, 64, 64);
	lighting_on();
	glUniform1i(loc("dmp_FragmentLightSource[0].shadowed"), GL_TRUE);
	glUniform1i(loc("dmp_LightEnv.shadowSelector"), GL_TEXTURE0);
	glUniform1i(loc("dmp_LightEnv.shadowSecondary"), GL_TRUE);
	glUniform4f(loc("dmp_FragmentMaterial.specular0"), 0.5f, 0.25f, 1.0f, 1.0f);
	combiner(GL_FRAGMENT_SECONDARY_COLOR_DMP, GL_FRAGMENT_SECONDARY_COLOR_DMP);
	ck_gl_error(GL_NO_ERROR);
	draw(NULL);
	assert_all(32, 16, 64, 255, "shadowed specular");
	glUniform1i(loc("dmp_LightEnv.shadowSecondary"), GL_FALSE);
	glUniform1i(loc("dmp_LightEnv.shadowAlpha"), GL_TRUE);
	combiner(GL_FRAGMENT_PRIMARY_COLOR_DMP, GL_FRAGMENT_PRIMARY_COLOR_DMP);
	quat(sqrtf(0.1f), 0.0f, 0.0f, sqrtf(0.9f));
	fresnel_alpha_on();
	ck_gl_error(GL_NO_ERROR);
	draw(NULL);
	assert_all(173, 92, 51, 51, "shadowed fresnel alpha");
}
END_TEST

/* ---- layer configurations ------------------------------------------------------- */

/* Which tables each configuration offers (fragment-pipeline.md B.3's
 * table): D0, D1, SP, FR, RR, RG, RB. */
static const char layer_has[8][7] = {
	{ 1, 0, 1, 0, 1, 0, 0 },
	{ 0, 0, 1, 1, 1, 0, 0 },
	{ 1, 1, 0, 0, 1, 0, 0 },
	{ 1, 1, 0, 1, 0, 0, 0 },
	{ 1, 1, 1, 0, 1, 1, 1 },
	{ 1, 0, 1, 1, 1, 1, 1 },
	{ 1, 1, 1, 1, 1, 0, 0 },
	{ 1, 1, 1, 1, 1, 1, 1 },
};

/* Each configuration: constant tables D0 0.5, D1 0.25, RR 0.75, RG 0.625,
 * RB 0.25 (exact in 1/4096), all enabled; specular0 register light 1 x
 * material 0.4 = 102, specular1 (lutEnabledRefl: the light's alone) 0.6
 * = 153. Light along the normal. Secondary = D0 x 102 + D1 x refl x 153,
 * a table absent from the configuration reading 1 and RG, RB absent
 * reading RR (B.3 steps 7-9). */
START_TEST(test_layer_configuration)
{
	const unsigned cfg = (unsigned)_i;
	const char *h = layer_has[cfg];
	double d0 = h[0] ? 0.5 : 1.0, d1 = h[1] ? 0.25 : 1.0;
	double rr = h[4] ? 0.75 : 1.0, rg = h[5] ? 0.625 : rr, rb = h[6] ? 0.25 : rr;
	double want[3];
	unsigned k;

	want[0] = d0 * 102.0 + d1 * rr * 153.0;
	want[1] = d0 * 102.0 + d1 * rg * 153.0;
	want[2] = d0 * 102.0 + d1 * rb * 153.0;
	for (k = 0; k < 3; k++) {
		double f = want[k] - floor(want[k]);

		ck_assert_msg(f < 0.45 || f > 0.55, "configuration %u: %f is a tie", cfg, want[k]);
		want[k] = floor(want[k] + 0.5);
	}
	lighting_on();
	combiner(GL_FRAGMENT_SECONDARY_COLOR_DMP, GL_FRAGMENT_SECONDARY_COLOR_DMP);
	glUniform1i(loc("dmp_LightEnv.config"), (GLint)(GL_LIGHT_ENV_LAYER_CONFIG0_DMP + cfg));
	glUniform4f(loc("dmp_FragmentMaterial.specular0"), 0.4f, 0.4f, 0.4f, 1.0f);
	glUniform4f(loc("dmp_FragmentLightSource[0].specular1"), 0.6f, 0.6f, 0.6f, 1.0f);
	lut_constant(0, 0.5f);
	lut_constant(1, 0.25f);
	lut_constant(2, 0.75f);
	lut_constant(3, 0.625f);
	lut_constant(4, 0.25f);
	glUniform1i(loc("dmp_FragmentMaterial.samplerD0"), 0);
	glUniform1i(loc("dmp_FragmentMaterial.samplerD1"), 1);
	glUniform1i(loc("dmp_FragmentMaterial.samplerRR"), 2);
	glUniform1i(loc("dmp_FragmentMaterial.samplerRG"), 3);
	glUniform1i(loc("dmp_FragmentMaterial.samplerRB"), 4);
	glUniform1i(loc("dmp_LightEnv.lutEnabledD0"), GL_TRUE);
	glUniform1i(loc("dmp_LightEnv.lutEnabledD1"), GL_TRUE);
	glUniform1i(loc("dmp_LightEnv.lutEnabledRefl"), GL_TRUE);
	ck_gl_error(GL_NO_ERROR);
	draw(NULL);
	assert_all((unsigned)want[0], (unsigned)want[1], (unsigned)want[2], 255,
		   "layer configuration");
}
END_TEST

/* ---- fog -------------------------------------------------------------------------- */

/* Fog on with the table F(d) = d on unit 11 (entry i = i / 128, each
 * difference 1 / 128) and the fog colour (r, g, b). */
static void fog_linear_on(float r, float g, float b)
{
	static GLfloat t[256];
	unsigned i;

	for (i = 0; i < 128; i++) {
		t[i] = (float)i / 128.0f;
		t[128 + i] = 1.0f / 128.0f;
	}
	lut(11, t, 256);
	glUniform1i(loc("dmp_Fog.sampler"), 11);
	glUniform1i(loc("dmp_Fog.mode"), GL_FOG);
	glUniform3f(loc("dmp_Fog.color"), r, g, b);
}

/* Fog at several table values: the table F(d) = d (entry i = i / 128,
 * 2048 x = 16 i; difference 1 / 128), fog colour (0, 0, 1), the fragment
 * red (255, 0, 0). The window depth of clip z is -z (glDepthRangef(0, 1):
 * depth = z x (near - far) + near). F = 0.25, 0.5, 0.75: RGB = F x c +
 * (1 - F) x fog, truncated: (63, 0, 191), (127, 0, 127), (191, 0, 63);
 * alpha kept. zFlip: F(1 - d). */
START_TEST(test_fog_table)
{
	static const struct {
		float z;
		bool flip;
		unsigned r, b;
	} rows[] = {
		{ -0.25f, false, 63, 191 },
		{ -0.5f, false, 127, 127 },
		{ -0.75f, false, 191, 63 },
		{ -0.25f, true, 191, 63 },
		{ -0.75f, true, 63, 191 },
	};
	unsigned i;

	combiner(GL_PRIMARY_COLOR, GL_PRIMARY_COLOR);
	glUniform4f(loc("uColor"), 1.0f, 0.0f, 0.0f, 1.0f);
	fog_linear_on(0.0f, 0.0f, 1.0f);
	ck_gl_error(GL_NO_ERROR);
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		glUniform1i(loc("dmp_Fog.zFlip"), rows[i].flip);
		quad_at(rows[i].z);
		draw(NULL);
		assert_all(rows[i].r, 0, rows[i].b, 255, "fogged");
	}
	/* fog off */
	glUniform1i(loc("dmp_Fog.mode"), GL_FALSE);
	draw(NULL);
	assert_all(255, 0, 0, 255, "fog off");
}
END_TEST

/* A lit and fogged material: the light along the normal (214, 112, 61)
 * at depth 0.25 under fog F = 0.25 to white: 53.5 + 191.25 = 244.75 ->
 * 244, 28 + 191.25 = 219.25 -> 219, 15.25 + 191.25 = 206.5 -> 206. */
START_TEST(test_lit_and_fogged)
{
	lighting_on();
	fog_linear_on(1.0f, 1.0f, 1.0f);
	ck_gl_error(GL_NO_ERROR);
	quad_at(-0.25f);
	draw(NULL);
	assert_all(244, 219, 206, 255, "lit and fogged");
}
END_TEST

/* ---- shadows ------------------------------------------------------------------------ */

/* A shadow pass into a GL_SHADOW_DMP renderbuffer (B.8): cleared white
 * (depth 0xFFFFFF, intensity 255). A hard occluder (green 0) over the
 * left half at window depth 0.5 writes z = floor(0.5 x 0xFFFFFF) =
 * 0x7FFFFF into the depth bytes (A high, B, G low) and keeps R. Then a
 * soft receiver (green 0.4 = 102) over the whole screen at depth 0.75:
 * on the left z >= D, nothing; on the right s' = 102 / (1 + 0) < 255:
 * R = 102, depth kept. No depth traffic, a colour read every fragment. */
START_TEST(test_shadow_pass)
{
	GLuint fb, rb;
	struct fx_counters moved;
	unsigned x, y;

	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glGenRenderbuffers(1, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	glRenderbufferStorage(GL_RENDERBUFFER | NN_GX_MEM_VRAMA, GL_SHADOW_DMP, FB, FB);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
	ck_gl_error(GL_NO_ERROR);
	combiner(GL_PRIMARY_COLOR, GL_PRIMARY_COLOR);
	glUniform1i(loc("dmp_FragOperation.mode"), GL_FRAGOP_MODE_SHADOW_DMP);
	ck_gl_error(GL_NO_ERROR);
	glClearColor(1, 1, 1, 1);
	glClear(GL_COLOR_BUFFER_BIT);
	glUniform4f(loc("uColor"), 0.0f, 0.0f, 0.0f, 1.0f);
	left_half_at(-0.5f);
	glDrawArrays(GL_TRIANGLES, 0, 6);
	glFinish();                     /* before its vertex buffer goes */
	glUniform4f(loc("uColor"), 0.0f, 0.4f, 0.0f, 1.0f);
	quad_at(-0.75f);
	glFinish();
	{
		struct fx_counters c0, c1;

		fx_counters_read(&c0);
		glDrawArrays(GL_TRIANGLES, 0, 6);
		glFinish();
		fx_counters_read(&c1);
		fx_counters_diff(&c0, &c1, &moved);
	}
	glReadPixels(0, 0, FB, FB, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_gl_error(GL_NO_ERROR);
	for (y = 0; y < FB; y++) {
		for (x = 0; x < FB; x++) {
			const uint8_t *p = px + 4 * (y * FB + x);
			uint32_t d = (uint32_t)p[3] << 16 | (uint32_t)p[2] << 8 | p[1];

			if (x < FB / 2) {
				/* occluder depth, interpolated: within 2 of 0x7FFFFF */
				ck_assert_msg(d + 2 >= 0x7FFFFFu && d <= 0x7FFFFFu + 2,
					      "(%u, %u): depth 0x%06X", x, y, d);
				ck_assert_uint_eq(p[0], 255);
			} else {
				ck_assert_msg(d == 0xFFFFFFu, "(%u, %u): depth 0x%06X", x, y, d);
				ck_assert_uint_eq(p[0], 102);
			}
		}
	}
	/* the second draw: no depth or stencil traffic, colour read for each
	 * of its 256 fragments, written for the right half only */
	ck_assert_uint_eq(moved.memory[6], 0);
	ck_assert_uint_eq(moved.memory[7], 0);
	ck_assert_uint_gt(moved.memory[8], 0);
	ck_assert_uint_gt(moved.memory[9], 0);
	ck_assert_uint_lt(moved.memory[9], moved.memory[8]);
}
END_TEST

/* A shadowed receiver: the shadow term from texture unit 0
 * (shadowSelector GL_TEXTURE0), an RGBA texture of 64 in every channel
 * (S = 64 / 255), shadowPrimary on, light 0 shadowed: diffuse 204 x S =
 * 51.2 + 10 -> 61, 102 x S = 25.6 + 10 -> 36, 51 x S = 12.8 + 10 -> 23.
 * invertShadow: 1 - S = 191 / 255: 152.8 + 10 -> 163, 76.4 + 10 -> 86,
 * 38.2 + 10 -> 48. A light not shadowed: (214, 112, 61). The unit is
 * sampled though no combiner stage reads it (texture traffic moves). */
START_TEST(test_shadowed_receiver)
{
	struct fx_counters moved;

	unit0_texture(64, 64, 64, 64);
	lighting_on();
	glUniform1i(loc("dmp_FragmentLightSource[0].shadowed"), GL_TRUE);
	glUniform1i(loc("dmp_LightEnv.shadowSelector"), GL_TEXTURE0);
	glUniform1i(loc("dmp_LightEnv.shadowPrimary"), GL_TRUE);
	ck_gl_error(GL_NO_ERROR);
	draw(&moved);
	assert_all(61, 36, 23, 255, "shadowed");
	ck_assert_uint_gt(moved.memory[5], 0);
	glUniform1i(loc("dmp_LightEnv.invertShadow"), GL_TRUE);
	draw(NULL);
	assert_all(163, 86, 48, 255, "shadowed, inverted");
	glUniform1i(loc("dmp_FragmentLightSource[0].shadowed"), GL_FALSE);
	draw(NULL);
	assert_all(214, 112, 61, 255, "light not shadowed");
}
END_TEST

/* The middleware's shadow: a shadow pass into a GL_SHADOW_DMP texture,
 * then a receiver that samples it with dmp_Texture[0].samplerType =
 * GL_TEXTURE_SHADOW_2D_DMP and takes the result as the shadow term of its
 * light (B.2's comparison, B.3's shadow factor).
 *
 * Shadow pass (16 x 16, cleared white): a hard occluder (green 0) on the
 * left half at depth 0.25 writes depth floor(0.25 x 0xFFFFFF) = 0x3FFFFF
 * there; a soft one (green 0.4 = 102) on the right half at depth 0.75
 * writes intensity 102 there (depth kept 0xFFFFFF).
 *
 * Receiver: texture coordinates (s, t) = the screen position over [0, 1]
 * (so texel x is pixel x), w = 0.5 (perspectiveShadow false: no divide):
 * z_ref = floor(0.5 x 0xFFFFFF) = 0x7FFFFF. Left: D = 0x3FFFFF < z_ref:
 * 0, the light's diffuse is shadowed away: ambient (10, 10, 10). Right:
 * D = 0xFFFFFF >= z_ref: I = 102, S = 0.4: 204 x 0.4 + 10 = 91.6 -> 92,
 * 40.8 + 10 -> 51, 20.4 + 10 -> 30. With the receiver at w = 0.2 (in
 * front of the occluder, z_ref 0x333332): left D >= z_ref: I = 255: lit
 * (214, 112, 61). With shadowZBias 0.1 at w = 0.3 (z_ref 0x4CCCCC minus
 * the bias 0x199998 = 0x333334, below 0x3FFFFF): lit on the left too.
 * perspectiveShadow on, coordinates (s x 0.5, t x 0.5, 0.5): divided by
 * w = 0.5 they are the first case's: its pixels again. */
START_TEST(test_shadow_map_receiver)
{
	static const float st[] = {
		0, 0, 0.5f,   1, 0, 0.5f,   1, 1, 0.5f,
		0, 0, 0.5f,   1, 1, 0.5f,   0, 1, 0.5f,
	};
	const float right_half[] = {
		0, -1, -0.75f,   1, -1, -0.75f,   1, 1, -0.75f,
		0, -1, -0.75f,   1,  1, -0.75f,   0, 1, -0.75f,
	};
	GLint screen_fb = 0;
	GLuint fb, tex, stbuf;
	unsigned x, y, k;
	float w;

	glGetIntegerv(GL_FRAMEBUFFER_BINDING, &screen_fb);
	glGenTextures(1, &tex);
	glActiveTexture(GL_TEXTURE0);
	glBindTexture(GL_TEXTURE_2D, tex);
	/* in VRAM, as render targets are */
	glTexImage2D(GL_TEXTURE_2D | NN_GX_MEM_VRAMA, 0, GL_SHADOW_DMP, FB, FB, 0, GL_SHADOW_DMP, GL_UNSIGNED_INT,
		     NULL);
	ck_gl_error(GL_NO_ERROR);
	/* bad input changes nothing: a shadow map of bytes, and a shadow
	 * sampler on unit 1 (unit 0 only) */
	glTexImage2D(GL_TEXTURE_2D | NN_GX_MEM_VRAMA, 0, GL_SHADOW_DMP, 8, 8, 0, GL_SHADOW_DMP,
		     GL_UNSIGNED_BYTE, NULL);
	ck_gl_error(GL_INVALID_ENUM);
	glUniform1i(loc("dmp_Texture[1].samplerType"), GL_TEXTURE_SHADOW_2D_DMP);
	ck_gl_error(GL_INVALID_ENUM);
	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_uint_eq(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);

	/* the shadow pass */
	combiner(GL_PRIMARY_COLOR, GL_PRIMARY_COLOR);
	glUniform1i(loc("dmp_FragOperation.mode"), GL_FRAGOP_MODE_SHADOW_DMP);
	glClearColor(1, 1, 1, 1);
	glClear(GL_COLOR_BUFFER_BIT);
	glUniform4f(loc("uColor"), 0.0f, 0.0f, 0.0f, 1.0f);
	left_half_at(-0.25f);
	glDrawArrays(GL_TRIANGLES, 0, 6);
	glFinish();
	glUniform4f(loc("uColor"), 0.0f, 0.4f, 0.0f, 1.0f);
	glDeleteBuffers(1, &quad_buffer);
	quad_buffer = fx_positions(right_half, 6);
	glDrawArrays(GL_TRIANGLES, 0, 6);
	glFinish();
	glReadPixels(0, 0, FB, FB, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_gl_error(GL_NO_ERROR);
	for (k = 0; k < PIXELS; k++) {
		uint32_t d = (uint32_t)px[4 * k + 3] << 16 | (uint32_t)px[4 * k + 2] << 8
			     | px[4 * k + 1];

		if (k % FB < FB / 2)
			ck_assert_msg(px[4 * k] == 255 && d + 2 >= 0x3FFFFFu && d <= 0x3FFFFFu + 2,
				      "shadow map %u: R %u depth 0x%06X", k, px[4 * k], d);
		else
			ck_assert_msg(px[4 * k] == 102 && d == 0xFFFFFFu,
				      "shadow map %u: R %u depth 0x%06X", k, px[4 * k], d);
	}

	/* the receiver */
	glBindFramebuffer(GL_FRAMEBUFFER, (GLuint)screen_fb);
	glUniform1i(loc("dmp_FragOperation.mode"), GL_FRAGOP_MODE_GL_DMP);
	quad_at(-0.5f);
	stbuf = fx_buffer(GL_ARRAY_BUFFER, NN_GX_MEM_VRAMA, st, sizeof st);
	glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 0, (const GLvoid *)0);
	glEnableVertexAttribArray(1);
	glUniform1i(loc("dmp_Texture[0].samplerType"), GL_TEXTURE_SHADOW_2D_DMP);
	glUniform1i(loc("dmp_Texture[0].perspectiveShadow"), GL_FALSE);
	lighting_on();
	glUniform1i(loc("dmp_FragmentLightSource[0].shadowed"), GL_TRUE);
	glUniform1i(loc("dmp_LightEnv.shadowSelector"), GL_TEXTURE0);
	glUniform1i(loc("dmp_LightEnv.shadowPrimary"), GL_TRUE);
	combiner(GL_FRAGMENT_PRIMARY_COLOR_DMP, GL_FRAGMENT_PRIMARY_COLOR_DMP);
	ck_gl_error(GL_NO_ERROR);
	for (w = 0.5f; w > 0.0f; w = w == 0.5f ? 0.2f : w == 0.2f ? 0.3f : w == 0.3f ? 0.4f : 0.0f) {
		static float moved[sizeof st / sizeof st[0]];
		bool lit_left = w != 0.5f && w != 0.4f;

		/* w 0.4 stands for the perspective lookup: the coordinates
		 * are (s w', t w', w') with w' = 0.5, divided back by w' */
		memcpy(moved, st, sizeof st);
		for (k = 0; k < sizeof st / sizeof st[0]; k++)
			moved[k] = k % 3 == 2 ? (w == 0.4f ? 0.5f : w)
						: (w == 0.4f ? st[k] * 0.5f : st[k]);
		glUniform1i(loc("dmp_Texture[0].perspectiveShadow"), w == 0.4f);
		glBindBuffer(GL_ARRAY_BUFFER, stbuf);
		glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof moved, moved);
		glUniform1f(loc("dmp_Texture[0].shadowZBias"), w == 0.3f ? 0.1f : 0.0f);
		ck_gl_error(GL_NO_ERROR);
		draw(NULL);
		for (y = 0; y < FB; y++) {
			for (x = 0; x < FB; x++) {
				const uint8_t *p = px + 4 * (y * FB + x);
				unsigned want[3] = { 92, 51, 30 };

				if (x < FB / 2) {
					want[0] = lit_left ? 214 : AMBIENT;
					want[1] = lit_left ? 112 : AMBIENT;
					want[2] = lit_left ? 61 : AMBIENT;
				}
				ck_assert_msg(p[0] == want[0] && p[1] == want[1] && p[2] == want[2],
					      "w %.1f (%u, %u): (%u, %u, %u), want (%u, %u, %u)",
					      (double)w, x, y, p[0], p[1], p[2], want[0], want[1],
					      want[2]);
			}
		}
	}
}
END_TEST

/* ---- costs ---------------------------------------------------------------------------- */

struct frame_cost {
	GLuint64EXT clocks;
	GLuint lighting_windows, total_windows, winner;
	GLuint fragments;
};

/* Draw the full-screen quad `draws` times, timing it and counting the
 * busy windows (64-clock windows). */
static void frame_cost(unsigned draws, struct frame_cost *f)
{
	GLuint busy[NN_GX_PROFILING_RESULT_BUFSIZE_BUSY], frag0, frag1, m, best = 0;
	GLuint64EXT start;
	unsigned k;

	glFinish();
	nngxGetProfilingResult(NN_GX_PROFILING_FRAGMENT, &frag0);
	tu_set_busy(64, 0);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	start = nngxShimGetClock();
	for (k = 0; k < draws; k++)
		glDrawArrays(GL_TRIANGLES, 0, 6);
	glFinish();
	f->clocks = nngxShimGetClock() - start;
	nngxStopProfiling(NN_GX_PROFILING_BUSY);
	nngxGetProfilingResult(NN_GX_PROFILING_BUSY, busy);
	nngxGetProfilingResult(NN_GX_PROFILING_FRAGMENT, &frag1);
	ck_gl_error(GL_NO_ERROR);
	f->fragments = frag1 - frag0;
	f->total_windows = 0;
	f->winner = 0;
	for (m = 0; m < 8; m++) {
		GLuint w = (busy[m / 2] >> (m % 2 ? 16 : 0)) & 0xFFFFu;

		f->total_windows += w;
		if (m == 5)
			f->lighting_windows = w;
		if (w > best) {
			best = w;
			f->winner = m;
		}
	}
}

static void lights(unsigned n)
{
	unsigned i;

	lighting_on();
	for (i = 1; i < 4; i++) {
		char name[64];

		snprintf(name, sizeof name, "dmp_FragmentLightSource[%u].enabled", i);
		glUniform1i(loc(name), i < n);
	}
	ck_gl_error(GL_NO_ERROR);
}

/* Cost through the profiling API, on a 64 x 64 framebuffer (4096
 * fragments a draw, so that the pipeline's fill and drain is small beside
 * the fragment work). The model charges lighting lights x ratio clocks a
 * fragment (ratio 1 for configurations 0-3, 4 for 7;
 * model.fragment.lighting_per_light 1). Two full-screen draws: 8192
 * fragments. With 4 lights (or 1 light in configuration 7) lighting needs
 * 32768 clocks, four times any other stage's fragment work, so it sets the
 * frame time (32768 plus the fill and drain, under 1/16 more) and wins the
 * busy windows; one light in configuration 0 adds about 8192 clocks
 * (lighting then runs beside the other stages) and takes well under half
 * the 4-light time. Lighting off: lighting never busy. */
#define COST_SIDE 64
#define COST_DRAWS 2u
#define COST_FRAGMENTS (COST_DRAWS * COST_SIDE * COST_SIDE)

START_TEST(test_cost_lights_and_configuration)
{
	struct frame_cost off, one, four, seven;
	const GLuint64EXT lit4 = COST_FRAGMENTS * 4u;

	fx_framebuffer(COST_SIDE);
	draw(NULL);                     /* warm: tables sent, buffers touched */
	frame_cost(COST_DRAWS, &off);
	lights(1);
	draw(NULL);
	frame_cost(COST_DRAWS, &one);
	lights(4);
	draw(NULL);
	frame_cost(COST_DRAWS, &four);
	lights(1);
	glUniform1i(loc("dmp_LightEnv.config"), GL_LIGHT_ENV_LAYER_CONFIG7_DMP);
	draw(NULL);
	frame_cost(COST_DRAWS, &seven);

	ck_assert_uint_eq(off.fragments, COST_FRAGMENTS);
	ck_assert_uint_eq(one.fragments, COST_FRAGMENTS);
	ck_assert_uint_eq(four.fragments, COST_FRAGMENTS);
	ck_assert_uint_eq(seven.fragments, COST_FRAGMENTS);
	ck_assert_msg(four.clocks >= lit4 && four.clocks <= lit4 + lit4 / 16,
		      "4 lights: %llu clocks, lighting work %llu",
		      (unsigned long long)four.clocks, (unsigned long long)lit4);
	ck_assert_msg(seven.clocks >= lit4 && seven.clocks <= lit4 + lit4 / 16,
		      "configuration 7: %llu clocks, lighting work %llu",
		      (unsigned long long)seven.clocks, (unsigned long long)lit4);
	ck_assert_msg(one.clocks < lit4 / 2, "1 light: %llu clocks", (unsigned long long)one.clocks);
	ck_assert_msg(off.clocks <= one.clocks, "off %llu, 1 light %llu",
		      (unsigned long long)off.clocks, (unsigned long long)one.clocks);
	ck_assert_uint_eq(four.winner, 5);
	ck_assert_uint_eq(seven.winner, 5);
	ck_assert_msg(four.lighting_windows * 10 >= four.total_windows * 9, "%u of %u",
		      four.lighting_windows, four.total_windows);
	ck_assert_msg(seven.lighting_windows * 10 >= seven.total_windows * 9, "%u of %u",
		      seven.lighting_windows, seven.total_windows);
	ck_assert_uint_eq(off.lighting_windows, 0);
}
END_TEST

/* ---- an alpha-tested Fresnel material ----------------------------------------------- */

/* Alpha from the Fresnel table (the identity on |N.V|) into the primary
 * alpha, alpha test GREATER 0.5, depth test LESS with writes. Facing the
 * viewer (N.V = 1, alpha 255) every fragment passes: the depth and colour
 * writes are those of an opaque unlit draw (vertex alpha 1, lighting off).
 * Turned by (0.6, 0, 0, 0.8) (cos = 0.28: alpha 71) none passes: no depth
 * or colour write, though the vertex alpha is still 1. The fragments into
 * the per-fragment operations are the same (counted before the tests). */
START_TEST(test_fresnel_cutout_traffic)
{
	struct fx_counters opaque, facing, turned;

	glEnable(GL_DEPTH_TEST);
	glDepthFunc(GL_LESS);
	glUniform1i(loc("dmp_FragOperation.enableAlphaTest"), GL_TRUE);
	glUniform1i(loc("dmp_FragOperation.alphaTestFunc"), GL_GREATER);
	glUniform1f(loc("dmp_FragOperation.alphaRefValue"), 0.5f);
	combiner(GL_PRIMARY_COLOR, GL_PRIMARY_COLOR);
	ck_gl_error(GL_NO_ERROR);
	draw(&opaque);
	assert_all(255, 0, 0, 255, "opaque unlit");

	lighting_on();
	combiner(GL_FRAGMENT_PRIMARY_COLOR_DMP, GL_FRAGMENT_PRIMARY_COLOR_DMP);
	fresnel_alpha_on();
	ck_gl_error(GL_NO_ERROR);
	draw(&facing);
	assert_all(214, 112, 61, 255, "facing: passes");
	quat(0.6f, 0.0f, 0.0f, 0.8f);
	draw(&turned);
	assert_all(0, 0, 0, 0, "turned: cut out");

	ck_assert_uint_eq(opaque.memory[7], facing.memory[7]);
	ck_assert_uint_eq(opaque.memory[9], facing.memory[9]);
	ck_assert_uint_gt(facing.memory[7], 0);
	ck_assert_uint_gt(facing.memory[9], 0);
	ck_assert_uint_eq(turned.memory[7], 0);
	ck_assert_uint_eq(turned.memory[9], 0);
	ck_assert_uint_eq(opaque.polygon[1], turned.polygon[1]);
}
END_TEST

static Suite *material_suite(void)
{
	Suite *s = suite_create("gl_material");
	TCase *tc = tcase_create("pixels");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_light_along_the_normal);
	tcase_add_test(tc, test_light_at_an_angle);
	tcase_add_test(tc, test_two_lights);
	tcase_add_test(tc, test_specular_table_d0);
	tcase_add_test(tc, test_fresnel_alpha);
	tcase_add_test(tc, test_spotlight);
	tcase_add_test(tc, test_distance_attenuation);
	tcase_add_test(tc, test_geometric_factor_specular1_signed_two_sided);
	tcase_add_test(tc, test_bump_map);
	tcase_add_test(tc, test_shadow_secondary_and_alpha);
	tcase_add_loop_test(tc, test_layer_configuration, 0, 8);
	tcase_add_test(tc, test_fog_table);
	tcase_add_test(tc, test_lit_and_fogged);
	tcase_add_test(tc, test_shadow_pass);
	tcase_add_test(tc, test_shadowed_receiver);
	tcase_add_test(tc, test_shadow_map_receiver);
	suite_add_tcase(s, tc);
	tc = tcase_create("costs");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_cost_lights_and_configuration);
	tcase_add_test(tc, test_fresnel_cutout_traffic);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	int status = tu_run(material_suite());

	fx_reset();
	nngxShimReset();
	return status;
}
