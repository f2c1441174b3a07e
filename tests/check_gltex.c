/* check_gltex.c: real textures through GL calls: mipmapped textures
 * minified by a known factor (the level each quad picks, the texture
 * traffic falling with it), the LOD bias and minimum LOD, the border
 * colour with GL_CLAMP_TO_BORDER, and the GL errors of the new
 * parameters. Every expected pixel is worked out by hand in the comment
 * beside it from the model's documented rules (hw_texture.h, the
 * libnngx(7) "Texture level of detail" section).
 *
 * Scene: the default framebuffer (240 x 400, RGBA8), no depth test, a
 * screen-aligned square of S x S pixels with its lower-left corner at
 * pixel (0, 0) and texture coordinates 0..1 across it, combiner stage 0
 * replacing with texture 0. The coordinates change by 1/S a pixel, so a
 * 64 x 64 texture has lod = log2(64 / S). */
#include <stdlib.h>
#include <string.h>

#include "gl_fixture.h"

#define W 240                           /* the default framebuffer */
#define H 400
#define TEX 64                          /* level 0's side; levels 64, 32, 16, 8 */
#define LEVELS 4

#define ck_gl_ok() ck_assert_uint_eq(glGetError(), GL_NO_ERROR)

static struct fx_shader *shader;
static GLuint program;

/* MEMORY_ACCESS word 5: texture-cache misses, 16-byte lines. */
#define TEXTURE_READ 5

static GLint loc(const char *name)
{
	GLint l = glGetUniformLocation(program, name);

	ck_assert_msg(l != -1, "%s", name);
	return l;
}

static void setup(void)
{
	fx_reset();
	fx_list(1 << 20, 64);
	shader = fx_shader_textured(1);
	program = fx_program(shader);
	glUniform3i(loc("dmp_TexEnv[0].srcRgb"), GL_TEXTURE0, GL_PRIMARY_COLOR, GL_PRIMARY_COLOR);
	glUniform3i(loc("dmp_TexEnv[0].srcAlpha"), GL_TEXTURE0, GL_PRIMARY_COLOR,
		    GL_PRIMARY_COLOR);
	glUniform1i(loc("dmp_Texture[0].samplerType"), GL_TEXTURE_2D);
	ck_gl_ok();
}

static void teardown(void)
{
	fx_shader_free(shader);
	shader = NULL;
}

/* The colour of every texel of level k. */
static const uint8_t level_color[LEVELS][4] = {
	{ 255, 0, 0, 255 },             /* 0 red */
	{ 0, 255, 0, 255 },             /* 1 green */
	{ 0, 0, 255, 255 },             /* 2 blue */
	{ 255, 255, 0, 255 },           /* 3 yellow */
};

/* A 64 x 64 RGBA8 texture on unit 0, level k filled with level_color[k]
 * (levels 0..levels-1 given), min filter `min`, mag GL_NEAREST. */
static GLuint mip_texture(unsigned levels, GLenum min)
{
	static uint8_t texels[TEX * TEX * 4];
	GLuint t;
	unsigned k, i;

	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	for (k = 0; k < levels; k++) {
		unsigned side = TEX >> k;

		for (i = 0; i < side * side; i++)
			memcpy(&texels[4 * i], level_color[k], 4);
		glTexImage2D(GL_TEXTURE_2D | NN_GX_MEM_VRAMA, (GLint)k, GL_RGBA, (GLsizei)side,
			     (GLsizei)side, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
	}
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, (GLint)min);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
	ck_gl_ok();
	return t;
}

static float ndc_x(float x) { return x / (W / 2.0f) - 1.0f; }
static float ndc_y(float y) { return y / (H / 2.0f) - 1.0f; }

/* The S x S square at (0, 0), coordinates s0..s1 on both axes, drawn
 * and finished; the texture misses it caused. */
static GLuint draw_square(float side, float s0, float s1)
{
	const float px[6] = { 0, side, side, 0, side, 0 }, py[6] = { 0, 0, side, 0, side, side };
	float xyz[18], st[12];
	GLuint b[2], before[NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS];
	GLuint after[NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS];
	unsigned k;

	for (k = 0; k < 6; k++) {
		xyz[3 * k] = ndc_x(px[k]);
		xyz[3 * k + 1] = ndc_y(py[k]);
		xyz[3 * k + 2] = -0.5f;
		st[2 * k] = px[k] == 0 ? s0 : s1;
		st[2 * k + 1] = py[k] == 0 ? s0 : s1;
	}
	glClearColor(0, 0, 0, 0);
	glClear(GL_COLOR_BUFFER_BIT);
	glFinish();
	nngxClearCmdlist();
	nngxGetProfilingResult(NN_GX_PROFILING_MEMORY_ACCESS, before);
	b[0] = fx_positions(xyz, 6);
	b[1] = fx_buffer(GL_ARRAY_BUFFER, NN_GX_MEM_VRAMA, st, sizeof st);
	glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 0, (const GLvoid *)0);
	glEnableVertexAttribArray(1);
	glDrawArrays(GL_TRIANGLES, 0, 6);
	ck_gl_ok();
	glFinish();
	nngxClearCmdlist();
	glDeleteBuffers(2, b);
	nngxGetProfilingResult(NN_GX_PROFILING_MEMORY_ACCESS, after);
	ck_gl_ok();
	return after[TEXTURE_READ] - before[TEXTURE_READ];
}

/* Pixel (x, y) of the colour buffer, y up. */
static void pixel(unsigned x, unsigned y, uint8_t rgba[4])
{
	static uint8_t px[W * H * 4];

	glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_gl_ok();
	memcpy(rgba, &px[4 * ((size_t)y * W + x)], 4);
}

static void assert_pixel(unsigned x, unsigned y, const uint8_t want[4])
{
	uint8_t got[4];

	pixel(x, y, got);
	ck_assert_msg(memcmp(got, want, 4) == 0, "pixel (%u, %u) is %u %u %u %u, want %u %u %u %u",
		      x, y, got[0], got[1], got[2], got[3], want[0], want[1], want[2], want[3]);
}

/* ---- level selection ------------------------------------------------------- */

/* GL_NEAREST_MIPMAP_NEAREST, squares of 64, 32, 16 and 8 pixels: lod =
 * log2(64 / S) = 0, 1, 2, 3; lod 0 magnifies (level 0), lod d > 0.5
 * takes level ceil(d + 0.5) - 1 = d. Every pixel of the square is that
 * level's colour (first, centre and last pixel checked). Traffic: the
 * square reads its level's S x S texels once each, (S * S * 4) / 16 =
 * 1024, 256, 64, 16 lines; the diagonal's tiles may be read again by the
 * second triangle (at most the 8 tiles of 16 lines it crosses, 64 / S
 * * ... bounded here by a quarter more). So the misses fall with the
 * level chosen, by 4 a level. */
START_TEST(test_gltex_minified_2x_4x_8x_pick_levels_and_traffic_falls)
{
	static const unsigned lines[LEVELS] = { 1024, 256, 64, 16 };
	GLuint misses[LEVELS];
	unsigned k;

	mip_texture(LEVELS, GL_NEAREST_MIPMAP_NEAREST);
	for (k = 0; k < LEVELS; k++) {
		unsigned side = TEX >> k;

		misses[k] = draw_square((float)side, 0.0f, 1.0f);
		assert_pixel(0, 0, level_color[k]);
		assert_pixel(side / 2, side / 2, level_color[k]);
		assert_pixel(side - 1, side - 1, level_color[k]);
		ck_assert_uint_ge(misses[k], lines[k]);
		ck_assert_uint_le(misses[k], lines[k] + lines[k] / 4 + 16);
		if (k > 0)
			ck_assert_msg(misses[k] < misses[k - 1], "level %u: %u misses, level %u: %u",
				      k, misses[k], k - 1, misses[k - 1]);
	}
}
END_TEST

/* The same texture without a mipmap filter (GL_NEAREST: one level) read
 * 8x minified: every pixel samples level 0 (red), at texels 8 apart, so
 * each of the 64 pixels misses a line of its own (a 16-byte line holds
 * 4 texels of a row pair; texels 8 apart never share one): 64 misses,
 * four times the mipmapped square's 16. */
START_TEST(test_gltex_without_mipmaps_minified_reads_level0)
{
	GLuint misses;

	mip_texture(LEVELS, GL_NEAREST);
	misses = draw_square(8.0f, 0.0f, 1.0f);
	assert_pixel(3, 3, level_color[0]);
	ck_assert_uint_eq(misses, 64);
}
END_TEST

/* GL_NEAREST_MIPMAP_LINEAR, 32-pixel square (lod 1) with
 * GL_TEXTURE_LOD_BIAS 0.25: l = 1.25, levels 1 and 2 mixed 0.75 : 0.25.
 * Green 1.0 * 0.75 = 0.75 -> floor(0.75 * 255 + 0.5) = 191; blue 0.25 ->
 * floor(63.75 + 0.5) = 64; alpha 1 -> 255. */
START_TEST(test_gltex_mipmap_linear_mixes_levels_with_the_bias)
{
	static const uint8_t want[4] = { 0, 191, 64, 255 };

	mip_texture(LEVELS, GL_NEAREST_MIPMAP_LINEAR);
	glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, 0.25f);
	ck_gl_ok();
	draw_square(32.0f, 0.0f, 1.0f);
	assert_pixel(16, 16, want);
}
END_TEST

/* The bias moves the level: a 64-pixel square (lod 0) with bias 2 reads
 * level 2 (blue); with bias -1 a 16-pixel square (lod 2 -> 1) reads
 * level 1 (green). */
START_TEST(test_gltex_lod_bias_moves_the_level)
{
	mip_texture(LEVELS, GL_NEAREST_MIPMAP_NEAREST);
	glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, 2.0f);
	draw_square(64.0f, 0.0f, 1.0f);
	assert_pixel(32, 32, level_color[2]);
	glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, -1.0f);
	draw_square(16.0f, 0.0f, 1.0f);
	assert_pixel(8, 8, level_color[1]);
}
END_TEST

/* GL_TEXTURE_MIN_LOD 2: the unit's smallest level is 2, so a 64-pixel
 * square (lod 0: magnified) reads level 2 (blue) and a 32-pixel one (lod
 * 1, clamped to 2) too; an 8-pixel one (lod 3) still reads level 3. */
START_TEST(test_gltex_min_lod_sets_the_smallest_level)
{
	GLfloat v;

	mip_texture(LEVELS, GL_NEAREST_MIPMAP_NEAREST);
	glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, 2.0f);
	glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, &v);
	ck_assert(v == 2.0f);
	draw_square(64.0f, 0.0f, 1.0f);
	assert_pixel(32, 32, level_color[2]);
	draw_square(32.0f, 0.0f, 1.0f);
	assert_pixel(16, 16, level_color[2]);
	draw_square(8.0f, 0.0f, 1.0f);
	assert_pixel(4, 4, level_color[3]);
}
END_TEST

/* glGenerateMipmap fills levels 1-3 from level 0 (all red): the 8x
 * minified square reads level 3, red, and misses its 16 lines. */
START_TEST(test_gltex_generated_levels_are_read_when_minified)
{
	GLuint misses;

	mip_texture(1, GL_NEAREST_MIPMAP_NEAREST);
	glGenerateMipmap(GL_TEXTURE_2D);
	ck_gl_ok();
	misses = draw_square(8.0f, 0.0f, 1.0f);
	assert_pixel(4, 4, level_color[0]);
	ck_assert_uint_le(misses, 16 + 4 + 16);
	ck_assert_uint_ge(misses, 16);
}
END_TEST

/* ---- border colour ------------------------------------------------------------ */

/* An 8 x 8 red texture, one level, GL_NEAREST, GL_CLAMP_TO_BORDER on both
 * axes, border (0, 0.5, 1, 1) -> bytes (0, round(127.5) = 128, 255,
 * 255). A 24-pixel square with coordinates -1..2 (3/24 a pixel: lod =
 * log2(3 / 24 * 8) = 0, magnified): pixel 2 has s = -1 + 2.5 / 8 =
 * -0.6875, outside: the border colour; pixel 12 has s = 0.5625: red. */
START_TEST(test_gltex_clamp_to_border_reads_the_border_colour)
{
	static const GLfloat border[4] = { 0.0f, 0.5f, 1.0f, 1.0f };
	static const uint8_t want_border[4] = { 0, 128, 255, 255 };
	static uint8_t texels[8 * 8 * 4];
	GLfloat got[4];
	GLint wrap;
	GLuint t;
	unsigned i;

	for (i = 0; i < 64; i++)
		memcpy(&texels[4 * i], level_color[0], 4);
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
	glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);
	ck_gl_ok();
	glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, got);
	ck_assert(memcmp(got, border, sizeof got) == 0);
	glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &wrap);
	ck_assert_int_eq(wrap, GL_CLAMP_TO_BORDER);
	draw_square(24.0f, -1.0f, 2.0f);
	assert_pixel(2, 2, want_border);
	assert_pixel(12, 2, want_border);       /* t outside */
	assert_pixel(12, 12, level_color[0]);
	assert_pixel(21, 21, want_border);      /* s = t = -1 + 21.5 / 8 = 1.6875 */
}
END_TEST

/* ---- errors ---------------------------------------------------------------------- */

/* Bad values record the error and change nothing: a bias outside
 * [-16, 16) is GL_INVALID_VALUE; the border colour through a scalar form,
 * and the mirror-clamp wraps the SDK does not take, GL_INVALID_ENUM. */
START_TEST(test_gltex_bad_lod_and_border_values_change_nothing)
{
	static const GLfloat border[4] = { 0.25f, 0.5f, 0.75f, 1.0f };
	GLfloat bias, got[4];
	GLint wrap;

	mip_texture(LEVELS, GL_NEAREST_MIPMAP_NEAREST);
	glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, 1.5f);
	glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);
	ck_gl_ok();
	glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, 16.0f);
	ck_assert_uint_eq(glGetError(), GL_INVALID_VALUE);
	glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, -16.5f);
	ck_assert_uint_eq(glGetError(), GL_INVALID_VALUE);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, 0);
	ck_assert_uint_eq(glGetError(), GL_INVALID_ENUM);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_MIRROR_CLAMP_TO_EDGE);
	ck_assert_uint_eq(glGetError(), GL_INVALID_ENUM);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_MIRROR_CLAMP_TO_BORDER);
	ck_assert_uint_eq(glGetError(), GL_INVALID_ENUM);
	glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, &bias);
	ck_assert(bias == 1.5f);
	glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, got);
	ck_assert(memcmp(got, border, sizeof got) == 0);
	glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &wrap);
	ck_assert_int_eq(wrap, GL_REPEAT);
	ck_gl_ok();
	/* the bias still in force: a 64-pixel square (lod 0 + 1.5) takes
	 * level ceil(2.0) - 1 = 1 */
	draw_square(64.0f, 0.0f, 1.0f);
	assert_pixel(32, 32, level_color[1]);
}
END_TEST

/* ---- cube maps ---------------------------------------------------------------- */

/* o0 = v0, o1 = c4, o2 = v1 (texcoord0 u, v), o3 = v2 (texcoord0w). */
static struct fx_shader *shader_cube(void)
{
	struct fx_shader *sh = fx_shader_new();
	size_t vs;

	asm_mov(&sh->a, asm_o(0), asm_v(0));
	asm_mov(&sh->a, asm_o(1), asm_c(4));
	asm_mov(&sh->a, asm_o(2), asm_v(1));
	asm_mov(&sh->a, asm_o(3), asm_v(2));
	asm_end(&sh->a);
	fx_shader_code(sh);
	vs = shbin_writer_add_entry(&sh->w, 0, 0, sh->a.ncode);
	shbin_writer_add_output(&sh->w, vs, 0, 0, 0xF);         /* position */
	shbin_writer_add_output(&sh->w, vs, 2, 1, 0xF);         /* colour */
	shbin_writer_add_output(&sh->w, vs, 3, 2, 0x3);         /* texcoord 0 */
	shbin_writer_add_output(&sh->w, vs, 4, 3, 0x1);         /* texcoord 0 w */
	shbin_writer_add_uniform(&sh->w, vs, "aPosition", 0x00, 0x00);
	shbin_writer_add_uniform(&sh->w, vs, "aTexCoord", 0x01, 0x01);
	shbin_writer_add_uniform(&sh->w, vs, "aTexCoordW", 0x02, 0x02);
	shbin_writer_add_float(&sh->w, vs, 4, 1.0f, 0.5f, 0.25f, 0.5f);
	fx_shader_binary(sh);
	return sh;
}

/* Face f of the cube: 8 x 8 of (40 f, 255 - 40 f, 20 f, 255). */
static void face_color(unsigned f, uint8_t c[4])
{
	c[0] = (uint8_t)(40 * f);
	c[1] = (uint8_t)(255 - 40 * f);
	c[2] = (uint8_t)(20 * f);
	c[3] = 255;
}

static GLuint cube_texture(void)
{
	static uint8_t texels[8 * 8 * 4];
	GLuint t;
	unsigned f, i;

	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_CUBE_MAP, t);
	for (f = 0; f < 6; f++) {
		uint8_t c[4];

		face_color(f, c);
		for (i = 0; i < 64; i++)
			memcpy(&texels[4 * i], c, 4);
		glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA, 8, 8, 0, GL_RGBA,
			     GL_UNSIGNED_BYTE, texels);
	}
	glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
	glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
	ck_gl_ok();
	return t;
}

/* A 16-pixel square whose every vertex has direction (u, v, w): every
 * fragment looks the same way (derivatives 0: magnified), so the square
 * is the colour of the face that direction picks (uniform faces: bilinear
 * gives the face colour exactly). */
static GLuint draw_direction(float u, float v, float w)
{
	const float px[6] = { 0, 16, 16, 0, 16, 0 }, py[6] = { 0, 0, 16, 0, 16, 16 };
	float xyz[18], uv[12], ww[6];
	GLuint b[3], before[NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS];
	GLuint after[NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS];
	unsigned k;

	for (k = 0; k < 6; k++) {
		xyz[3 * k] = ndc_x(px[k]);
		xyz[3 * k + 1] = ndc_y(py[k]);
		xyz[3 * k + 2] = -0.5f;
		uv[2 * k] = u;
		uv[2 * k + 1] = v;
		ww[k] = w;
	}
	glClearColor(0, 0, 0, 0);
	glClear(GL_COLOR_BUFFER_BIT);
	glFinish();
	nngxClearCmdlist();
	nngxGetProfilingResult(NN_GX_PROFILING_MEMORY_ACCESS, before);
	b[0] = fx_positions(xyz, 6);
	b[1] = fx_buffer(GL_ARRAY_BUFFER, NN_GX_MEM_VRAMA, uv, sizeof uv);
	glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 0, (const GLvoid *)0);
	glEnableVertexAttribArray(1);
	b[2] = fx_buffer(GL_ARRAY_BUFFER, NN_GX_MEM_VRAMA, ww, sizeof ww);
	glVertexAttribPointer(2, 1, GL_FLOAT, GL_FALSE, 0, (const GLvoid *)0);
	glEnableVertexAttribArray(2);
	glDrawArrays(GL_TRIANGLES, 0, 6);
	ck_gl_ok();
	glFinish();
	nngxClearCmdlist();
	glDeleteBuffers(3, b);
	nngxGetProfilingResult(NN_GX_PROFILING_MEMORY_ACCESS, after);
	ck_gl_ok();
	return after[TEXTURE_READ] - before[TEXTURE_READ];
}

/* Each face through GL: directions along +X, -X, +Y, -Y, +Z, -Z (with a
 * smaller off-axis part) pick faces 0..5 by the major axis; the square
 * is that face's colour, and it reads texture memory (a face of 8 x 8
 * RGBA8 is 16 lines; a constant direction reads one 2x2 footprint: 1 to
 * 4 lines). */
START_TEST(test_gltex_cube_map_samples_each_face)
{
	static const float dir[6][3] = {
		{ 1.0f, 0.3f, -0.2f }, { -1.0f, 0.3f, -0.2f }, { 0.3f, 1.0f, -0.2f },
		{ 0.3f, -1.0f, -0.2f }, { 0.3f, -0.2f, 1.0f }, { 0.3f, -0.2f, -1.0f },
	};
	struct fx_shader *sh = shader_cube();
	GLint binding;
	unsigned f;

	program = fx_program(sh);
	glUniform3i(loc("dmp_TexEnv[0].srcRgb"), GL_TEXTURE0, GL_PRIMARY_COLOR, GL_PRIMARY_COLOR);
	glUniform3i(loc("dmp_TexEnv[0].srcAlpha"), GL_TEXTURE0, GL_PRIMARY_COLOR,
		    GL_PRIMARY_COLOR);
	glUniform1i(loc("dmp_Texture[0].samplerType"), GL_TEXTURE_CUBE_MAP);
	ck_gl_ok();
	cube_texture();
	glGetIntegerv(GL_TEXTURE_BINDING_CUBE_MAP, &binding);
	ck_assert_int_ne(binding, 0);
	for (f = 0; f < 6; f++) {
		uint8_t want[4];
		GLuint misses;

		face_color(f, want);
		misses = draw_direction(dir[f][0], dir[f][1], dir[f][2]);
		assert_pixel(8, 8, want);
		ck_assert_uint_ge(misses, 1);
		ck_assert_uint_le(misses, 4);
	}
	fx_shader_free(sh);
}
END_TEST

/* The SDK's rules as GL errors, nothing changed: faces are square
 * (GL_INVALID_VALUE), of one size (GL_INVALID_VALUE, model choice), a
 * face is an image target only (GL_TEXTURE_CUBE_MAP to glTexImage2D:
 * GL_INVALID_ENUM), a 2D texture cannot be bound as a cube
 * (GL_INVALID_OPERATION), a copy into a face must be square
 * (GL_INVALID_VALUE), and only unit 0 takes a cube sampler. */
START_TEST(test_gltex_cube_map_errors_change_nothing)
{
	static uint8_t texels[16 * 16 * 4];
	GLuint t, t2d;

	cube_texture();
	glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_Y, 0, GL_RGBA, 16, 8, 0, GL_RGBA,
		     GL_UNSIGNED_BYTE, texels);
	ck_assert_uint_eq(glGetError(), GL_INVALID_VALUE);
	glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_Y, 0, GL_RGBA, 16, 16, 0, GL_RGBA,
		     GL_UNSIGNED_BYTE, texels);
	ck_assert_uint_eq(glGetError(), GL_INVALID_VALUE);
	glTexImage2D(GL_TEXTURE_CUBE_MAP, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
	ck_assert_uint_eq(glGetError(), GL_INVALID_ENUM);
	glCopyTexImage2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_Z, 0, GL_RGBA, 0, 0, 16, 8, 0);
	ck_assert_uint_eq(glGetError(), GL_INVALID_VALUE);             /* not square */
	glGenTextures(1, &t2d);
	glBindTexture(GL_TEXTURE_2D, t2d);
	glBindTexture(GL_TEXTURE_CUBE_MAP, t2d);
	ck_assert_uint_eq(glGetError(), GL_INVALID_OPERATION);
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_CUBE_MAP, t);
	glBindTexture(GL_TEXTURE_2D, t);
	ck_assert_uint_eq(glGetError(), GL_INVALID_OPERATION);
	glBindTexture(GL_TEXTURE_CUBE_MAP, 0);
	glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
	ck_assert_uint_eq(glGetError(), GL_INVALID_OPERATION);      /* none bound */
	glUniform1i(loc("dmp_Texture[1].samplerType"), GL_TEXTURE_CUBE_MAP);
	ck_assert_uint_ne(glGetError(), GL_NO_ERROR);
}
END_TEST

/* ---- shadow and projection samplers ------------------------------------------ */

/* Program with texcoord0w, stage 0 replacing with texture 0, unit 0 of
 * sampler type `type`. */
static struct fx_shader *program_w(GLenum type)
{
	struct fx_shader *sh = shader_cube();

	program = fx_program(sh);
	glUniform3i(loc("dmp_TexEnv[0].srcRgb"), GL_TEXTURE0, GL_PRIMARY_COLOR, GL_PRIMARY_COLOR);
	glUniform3i(loc("dmp_TexEnv[0].srcAlpha"), GL_TEXTURE0, GL_PRIMARY_COLOR,
		    GL_PRIMARY_COLOR);
	glUniform1i(loc("dmp_Texture[0].samplerType"), (GLint)type);
	ck_gl_ok();
	return sh;
}

/* A GL_SHADOW_DMP texture, 8 x 8, every texel depth 0x800000 (bytes A
 * 0x80, B 0, G 0) and intensity R 200, sampled as a shadow 2D texture
 * with the default shadow register (perspective, bias 0): direction
 * (0.2, 0.2, 0.4) reads (s, t) = (0.5, 0.5) with z = 0.4: zref =
 * floor(0.4 x 0xFFFFFF) = 6710886 <= 8388608, lit: (200, 200, 200, 200)
 * (the forced linear filter mixes four lit texels); (0.3, 0.3, 0.6): z =
 * 0.6, zref = 10066329 > 8388608, shadowed: (0, 0, 0, 0). */
START_TEST(test_gltex_shadow_texture_lit_and_shadowed)
{
	static const uint8_t lit[4] = { 200, 200, 200, 200 }, dark[4] = { 0, 0, 0, 0 };
	static uint8_t texels[8 * 8 * 4];
	struct fx_shader *sh = program_w(GL_TEXTURE_SHADOW_2D_DMP);
	GLuint t;
	unsigned i;

	for (i = 0; i < 64; i++) {
		texels[4 * i] = 0x80;           /* A: depth bits 16-23 */
		texels[4 * i + 1] = 0;          /* B */
		texels[4 * i + 2] = 0;          /* G */
		texels[4 * i + 3] = 200;        /* R: intensity */
	}
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_SHADOW_DMP, 8, 8, 0, GL_SHADOW_DMP, GL_UNSIGNED_INT,
		     texels);
	ck_gl_ok();
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_INT, texels);
	ck_assert_uint_eq(glGetError(), GL_INVALID_ENUM);       /* not a type of GL_RGBA */
	draw_direction(0.2f, 0.2f, 0.4f);
	assert_pixel(8, 8, lit);
	draw_direction(0.3f, 0.3f, 0.6f);
	assert_pixel(8, 8, dark);
	fx_shader_free(sh);
}
END_TEST

/* Projection: an 8 x 8 texture whose left half (s < 0.5) is red and right
 * half green, GL_NEAREST. Direction (0.6, 0.5, 2): as a 2D texture s =
 * 0.6 (green); as a projection texture s = 0.6 / 2 = 0.3 (red). */
START_TEST(test_gltex_projection_divides_by_w)
{
	static const uint8_t red[4] = { 255, 0, 0, 255 }, green[4] = { 0, 255, 0, 255 };
	static uint8_t texels[8 * 8 * 4];
	struct fx_shader *sh = program_w(GL_TEXTURE_PROJECTION_DMP);
	GLuint t;
	unsigned x, y;

	for (y = 0; y < 8; y++)
		for (x = 0; x < 8; x++)
			memcpy(&texels[4 * (y * 8 + x)], x < 4 ? red : green, 4);
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
	ck_gl_ok();
	draw_direction(0.6f, 0.5f, 2.0f);
	assert_pixel(8, 8, red);
	glUniform1i(loc("dmp_Texture[0].samplerType"), GL_TEXTURE_2D);
	draw_direction(0.6f, 0.5f, 2.0f);
	assert_pixel(8, 8, green);
	fx_shader_free(sh);
}
END_TEST

/* glCopyTexImage2D into a face: the colour buffer cleared to (255, 0, 128,
 * 255) copied into +Y (8 x 8 at the corner, the faces' size and format);
 * a direction along +Y then reads that colour, the other faces theirs. */
START_TEST(test_gltex_cube_face_copied_from_the_colour_buffer)
{
	static const uint8_t cleared[4] = { 255, 0, 128, 255 };
	struct fx_shader *sh = program_w(GL_TEXTURE_CUBE_MAP);
	uint8_t want[4];

	cube_texture();
	glClearColor(1.0f, 0.0f, 128.0f / 255.0f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	glCopyTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_Y, 0, GL_RGBA, 0, 0, 8, 8, 0);
	ck_gl_ok();
	glFinish();
	nngxClearCmdlist();
	draw_direction(0.3f, 1.0f, -0.2f);
	assert_pixel(8, 8, cleared);
	face_color(0, want);
	draw_direction(1.0f, 0.3f, -0.2f);
	assert_pixel(8, 8, want);
	fx_shader_free(sh);
}
END_TEST

/* GL_GENERATE_MIPMAP: with GL_TRUE, a level-0 image (all red) brings
 * levels 1-3 with it, so the 8x minified square reads level 3 (red, 16
 * lines of 8 x 8 RGBA8, a few more where the diagonal's tile is read
 * twice); the query answers 1; a value that is no boolean is
 * GL_INVALID_ENUM and changes nothing. */
START_TEST(test_gltex_generate_mipmap_parameter)
{
	static uint8_t texels[TEX * TEX * 4];
	GLint v;
	GLuint t, misses;
	unsigned i;

	for (i = 0; i < TEX * TEX; i++)
		memcpy(&texels[4 * i], level_color[0], 4);
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	glTexParameteri(GL_TEXTURE_2D, GL_GENERATE_MIPMAP, GL_TRUE);
	glTexParameteri(GL_TEXTURE_2D, GL_GENERATE_MIPMAP, 2);
	ck_assert_uint_eq(glGetError(), GL_INVALID_ENUM);
	glGetTexParameteriv(GL_TEXTURE_2D, GL_GENERATE_MIPMAP, &v);
	ck_assert_int_eq(v, 1);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, TEX, TEX, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
	ck_gl_ok();
	misses = draw_square(8.0f, 0.0f, 1.0f);
	assert_pixel(4, 4, level_color[0]);
	ck_assert_uint_ge(misses, 16);
	ck_assert_uint_le(misses, 16 + 16);
}
END_TEST

/* ---- procedural texture (unit 3) ------------------------------------------ */

/* Table `data` (width floats) at GL_LUT_TEXTUREn_DMP. */
static void pt_lut(unsigned n, const GLfloat *data, GLsizei width)
{
	GLuint t;

	glGenTextures(1, &t);
	glBindTexture(GL_LUT_TEXTURE0_DMP + n, t);
	glTexImage1D(GL_LUT_TEXTURE0_DMP + n, 0, GL_LUMINANCEF_DMP, width, 0, GL_LUMINANCEF_DMP,
		     GL_FLOAT, data);
	ck_gl_ok();
}

/* Unit 3 procedural, unit 0 off, stage 0 replacing with its colour:
 * colour tables ch[0..3] (R, G, B, A: 256 entries, then 256
 * differences) at LUTs 0-3; the RGB map F = u (the identity ramp, entry
 * j = j / 128, differences 1 / 128) at LUT 4, and at LUT 5 as the noise
 * table when `noise_table`; coordinates from texcoord 0, RGB map on U,
 * clamp to edge, width 128, offset 0. The test sets the filter. */
static void proctex_u_ramp(GLfloat ch[4][512], bool noise_table)
{
	static GLfloat map[256];
	unsigned j, k;

	for (j = 0; j < 128; j++) {
		map[j] = (float)j / 128.0f;
		map[128 + j] = 1.0f / 128.0f;
	}
	for (k = 0; k < 4; k++)
		pt_lut(k, ch[k], 512);
	pt_lut(4, map, 256);
	if (noise_table) {
		pt_lut(5, map, 256);
		glUniform1i(loc("dmp_Texture[3].ptSamplerNoiseMap"), 5);
	}
	glUniform1i(loc("dmp_Texture[0].samplerType"), GL_FALSE);
	glUniform1i(loc("dmp_Texture[3].samplerType"), GL_TEXTURE_PROCEDURAL_DMP);
	glUniform1i(loc("dmp_Texture[3].texcoord"), GL_TEXTURE0);
	glUniform1i(loc("dmp_Texture[3].ptSamplerR"), 0);
	glUniform1i(loc("dmp_Texture[3].ptSamplerG"), 1);
	glUniform1i(loc("dmp_Texture[3].ptSamplerB"), 2);
	glUniform1i(loc("dmp_Texture[3].ptSamplerA"), 3);
	glUniform1i(loc("dmp_Texture[3].ptSamplerRgbMap"), 4);
	glUniform1i(loc("dmp_Texture[3].ptRgbMap"), GL_PROCTEX_U_DMP);
	glUniform1i(loc("dmp_Texture[3].ptClampU"), GL_CLAMP_TO_EDGE);
	glUniform1i(loc("dmp_Texture[3].ptClampV"), GL_CLAMP_TO_EDGE);
	glUniform1i(loc("dmp_Texture[3].ptTexWidth"), 128);
	glUniform1i(loc("dmp_Texture[3].ptTexOffset"), 0);
	glUniform3i(loc("dmp_TexEnv[0].srcRgb"), GL_TEXTURE3, GL_PRIMARY_COLOR, GL_PRIMARY_COLOR);
	glUniform3i(loc("dmp_TexEnv[0].srcAlpha"), GL_TEXTURE3, GL_PRIMARY_COLOR,
		    GL_PRIMARY_COLOR);
	glUniform1i(loc("dmp_TexEnv[0].combineRgb"), GL_REPLACE);
	glUniform1i(loc("dmp_TexEnv[0].combineAlpha"), GL_REPLACE);
}

/* The whole colour buffer, for comparing two draws. */
static void read_all(uint8_t *px)
{
	glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_gl_ok();
}

/* Procedural texture through the GL API, checked against B.7 by hand.
 * The 64 x 64 square at the origin, coordinates 0..1: pixel x samples
 * u = (x + 0.5) / 64 (v the same along y; mapping U ignores it).
 * Tables (GL layout, values then differences):
 * - RGB map (LUT 4): entry i = i / 128 (x 4096 = 32 i, exact),
 *   difference 1 / 128 (x 2048 = 16, exact): F(g) = g.
 * - colour R, G, B, A (LUTs 0-3), entries j < 128: R = 2j / 255, G =
 *   (255 - 2j) / 255, B = 64 / 255, A = 1 (bytes 2j, 255 - 2j, 64, 255);
 *   differences R 2 / 255 (x 128 = 1.004, byte 1), G -2 / 255 (byte -1,
 *   or -2 if rounded down; the pixels below give the same either way),
 *   B and A 0.
 * Width 128, offset 0, clamp to edge, no shift, noise off: colour index
 * = F x 127 = 127 u.
 * Nearest (ptMinFilter GL_NEAREST): entry floor(index + 0.5):
 *   x = 0:  u = 0.0078125, index 0.99219 -> 1:   (2, 253, 64, 255)
 *   x = 16: u = 0.2578125, index 32.742  -> 33:  (66, 189, 64, 255)
 *   x = 40: u = 0.6328125, index 80.367  -> 80:  (160, 95, 64, 255)
 *   x = 63: u = 0.9921875, index 126.008 -> 126: (252, 3, 64, 255)
 * Linear (the default GL_LINEAR): entry floor(index) + fraction x its
 * difference (d / 128 normalised, 255 d / 128 in bytes), the combiner's
 * byte round(c x 255):
 *   x = 0:  entry 0, f 0.99219: R 0 + 1.977 = 1.98 -> 2,
 *           G 255 - 1.977 (or 3.953) = 253.02 (251.05) -> 253 (251)
 *   x = 40: entry 80, f 0.36719: R 160 + 0.7315 -> 161,
 *           G 95 - 0.7315 (or 1.463) = 94.27 (93.54) -> 94.
 * (x = 0's G is left out for linear: it depends on the difference's
 * rounding, which fragment-pipeline.md does not settle.) */
START_TEST(test_gltex_procedural_texture_ramp_and_noise)
{
	static GLfloat ch[4][512];
	static uint8_t off[W * H * 4], noisy[W * H * 4], again[W * H * 4];
	static const struct {
		unsigned x;
		uint8_t want[4];
	} nearest[] = {
		{ 0, { 2, 253, 64, 255 } },
		{ 16, { 66, 189, 64, 255 } },
		{ 40, { 160, 95, 64, 255 } },
		{ 63, { 252, 3, 64, 255 } },
	};
	static const uint8_t lin0_r = 2, lin40[4] = { 161, 94, 64, 255 };
	static const uint8_t noise16[4] = { 68, 187, 64, 255 }, noise40[4] = { 162, 93, 64, 255 };
	static const uint8_t noise63[4] = { 254, 1, 64, 255 };
	uint8_t got[4];
	unsigned j, k;

	for (j = 0; j < 256; j++) {
		int in = j < 128;

		ch[0][j] = in ? (float)(2 * j) / 255.0f : 0.0f;
		ch[1][j] = in ? (float)(255 - 2 * j) / 255.0f : 0.0f;
		ch[2][j] = in ? 64.0f / 255.0f : 0.0f;
		ch[3][j] = in ? 1.0f : 0.0f;
		ch[0][256 + j] = in ? 2.0f / 255.0f : 0.0f;
		ch[1][256 + j] = in ? -2.0f / 255.0f : 0.0f;
		ch[2][256 + j] = 0.0f;
		ch[3][256 + j] = 0.0f;
	}
	proctex_u_ramp(ch, true);       /* the noise table: the same ramp */
	glUniform1i(loc("dmp_Texture[3].ptShiftU"), GL_NONE_DMP);
	glUniform1i(loc("dmp_Texture[3].ptShiftV"), GL_NONE_DMP);
	glUniform1i(loc("dmp_Texture[3].ptMinFilter"), GL_NEAREST);
	ck_gl_ok();

	draw_square(64.0f, 0.0f, 1.0f);
	for (k = 0; k < sizeof nearest / sizeof nearest[0]; k++) {
		assert_pixel(nearest[k].x, 5, nearest[k].want);
		assert_pixel(nearest[k].x, 50, nearest[k].want);    /* v does not matter */
	}
	read_all(off);

	glUniform1i(loc("dmp_Texture[3].ptMinFilter"), GL_LINEAR);
	ck_gl_ok();
	draw_square(64.0f, 0.0f, 1.0f);
	pixel(0, 5, got);
	ck_assert_uint_eq(got[0], lin0_r);
	assert_pixel(40, 5, lin40);

	/* Noise on (frequency 1, phase 0.25, amplitude 0.5 on both axes;
	 * the noise table the same identity ramp, so the weights are the
	 * fractions themselves): the pixels move, the same draw twice gives
	 * the same pixels. Worked by hand from B.7 step 3 (x = 9 f |u + p|,
	 * the hash h(n) = (((n mod 9) + 2) x 3 AND 15) XOR T1[(n div 9) AND
	 * 15], g = -1 + 2b / 15, bilinear blend of the corner terms):
	 * - pixel (16, 5): u = 0.2578125, v = 0.0859375; x = 4.5703125, y =
	 *   3.0234375; g(4,3) = -7/15 (b 4), g(5,3) = -9/15 (b 3), g(4,4) =
	 *   -13/15 (b 1), g(5,4) = 1/15 (b 8); terms -0.27708, 0.24375,
	 *   0.35208, -0.09375; n = 0.021779; u' = u + n / 2 = 0.268702;
	 *   index 34.125 -> entry 34: (68, 187, 64, 255).
	 * - pixel (40, 5): x = 7.9453125, y = 3.0234375; g(7,3) = 1/15,
	 *   g(8,3) = -7/15, g(7,4) = 1, g(8,4) = 3/15; n = 0.012302; u' =
	 *   0.638964; index 81.148 -> 81: (162, 93, 64, 255).
	 * - pixel (63, 63): x = y = 11.1796875; g(11,11) = 1, g(12,11) =
	 *   -5/15, g(11,12) = 1/15, g(12,12) = -7/15; n = 0.291729; u' =
	 *   1.13805, clamped to the edge 1: index 127: (254, 1, 64, 255). */
	glUniform1i(loc("dmp_Texture[3].ptMinFilter"), GL_NEAREST);
	glUniform1i(loc("dmp_Texture[3].ptNoiseEnable"), GL_TRUE);
	glUniform3f(loc("dmp_Texture[3].ptNoiseU"), 1.0f, 0.25f, 0.5f);
	glUniform3f(loc("dmp_Texture[3].ptNoiseV"), 1.0f, 0.25f, 0.5f);
	ck_gl_ok();
	draw_square(64.0f, 0.0f, 1.0f);
	read_all(noisy);
	assert_pixel(16, 5, noise16);
	assert_pixel(40, 5, noise40);
	assert_pixel(63, 63, noise63);
	draw_square(64.0f, 0.0f, 1.0f);
	read_all(again);
	ck_assert_msg(memcmp(noisy, again, sizeof noisy) == 0, "noise is not deterministic");
	ck_assert_msg(memcmp(noisy, off, sizeof noisy) != 0, "noise changed no pixel");
	/* Noise off again: back to the first draw's pixels. */
	glUniform1i(loc("dmp_Texture[3].ptNoiseEnable"), GL_FALSE);
	ck_gl_ok();
	draw_square(64.0f, 0.0f, 1.0f);
	read_all(again);
	ck_assert_msg(memcmp(again, off, sizeof off) == 0, "noise off does not restore");
}
END_TEST

/* The procedural texture's mipmap levels 4 and 5 through GL (B.7 step 10,
 * A.3): the driver writes the SDK's level offsets, 0x0AD = ptTexOffset,
 * 0x80, 0xC0, 0xE0 and 0x0AE = 0xF0, 0xF8, 0xFC, 0xFE, and min / max LOD
 * 0 and 6. Tables: the RGB map the identity ramp of the test above (F =
 * u); colour entry j = (j, 255 - j, 0, 255) for all 256 entries, no
 * differences. Width 128, offset 0, GL_NEAREST_MIPMAP_NEAREST.
 * The 64 x 64 square with coordinates 0..1 has du/dx = dv/dy = 1/64, so
 * lod = log2(128 x bias x (1/64 + 1/64)) = log2(4 bias):
 * - bias 4: lod 4, level 4 (width 128 >> 4 = 8, offset 0xF0 = 240),
 *   index 240 + 7 u, u = (x + 0.5) / 64:
 *   x = 0: 240.055 -> 240; x = 10: 241.148 -> 241;
 *   x = 36: 243.992 -> 244; x = 63: 246.945 -> 247.
 * - bias 8: lod 5, level 5 (width 4, offset 0xF8 = 248), index 248 + 3 u:
 *   x = 0: 248.023 -> 248; x = 21: 249.008 -> 249;
 *   x = 42: 249.992 -> 250; x = 63: 250.977 -> 251.
 * Had 0x0AE stayed 0, level 4 would read entries round(7 u) = 0..7. */
START_TEST(test_gltex_procedural_texture_levels_4_and_5)
{
	static GLfloat ch[4][512];
	static const unsigned x4[4] = { 0, 10, 36, 63 }, r4[4] = { 240, 241, 244, 247 };
	static const unsigned x5[4] = { 0, 21, 42, 63 }, r5[4] = { 248, 249, 250, 251 };
	uint8_t want[4];
	unsigned j, k;

	for (j = 0; j < 256; j++) {
		ch[0][j] = (float)j / 255.0f;
		ch[1][j] = (float)(255 - j) / 255.0f;
		ch[2][j] = 0.0f;
		ch[3][j] = 1.0f;
	}
	proctex_u_ramp(ch, false);
	glUniform1i(loc("dmp_Texture[3].ptMinFilter"), GL_NEAREST_MIPMAP_NEAREST);
	glUniform1f(loc("dmp_Texture[3].ptTexBias"), 4.0f);
	ck_gl_ok();

	draw_square(64.0f, 0.0f, 1.0f);
	for (k = 0; k < 4; k++) {
		want[0] = (uint8_t)r4[k];
		want[1] = (uint8_t)(255 - r4[k]);
		want[2] = 0;
		want[3] = 255;
		assert_pixel(x4[k], 5, want);
		assert_pixel(x4[k], 50, want);
	}
	glUniform1f(loc("dmp_Texture[3].ptTexBias"), 8.0f);
	ck_gl_ok();
	draw_square(64.0f, 0.0f, 1.0f);
	for (k = 0; k < 4; k++) {
		want[0] = (uint8_t)r5[k];
		want[1] = (uint8_t)(255 - r5[k]);
		want[2] = 0;
		want[3] = 255;
		assert_pixel(x5[k], 5, want);
		assert_pixel(x5[k], 50, want);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("gltex");
	TCase *tc = tcase_create("core");
	int status;

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_gltex_minified_2x_4x_8x_pick_levels_and_traffic_falls);
	tcase_add_test(tc, test_gltex_without_mipmaps_minified_reads_level0);
	tcase_add_test(tc, test_gltex_mipmap_linear_mixes_levels_with_the_bias);
	tcase_add_test(tc, test_gltex_lod_bias_moves_the_level);
	tcase_add_test(tc, test_gltex_min_lod_sets_the_smallest_level);
	tcase_add_test(tc, test_gltex_generated_levels_are_read_when_minified);
	tcase_add_test(tc, test_gltex_clamp_to_border_reads_the_border_colour);
	tcase_add_test(tc, test_gltex_bad_lod_and_border_values_change_nothing);
	tcase_add_test(tc, test_gltex_cube_map_samples_each_face);
	tcase_add_test(tc, test_gltex_cube_map_errors_change_nothing);
	tcase_add_test(tc, test_gltex_shadow_texture_lit_and_shadowed);
	tcase_add_test(tc, test_gltex_projection_divides_by_w);
	tcase_add_test(tc, test_gltex_cube_face_copied_from_the_colour_buffer);
	tcase_add_test(tc, test_gltex_generate_mipmap_parameter);
	tcase_add_test(tc, test_gltex_procedural_texture_ramp_and_noise);
	tcase_add_test(tc, test_gltex_procedural_texture_levels_4_and_5);
	suite_add_tcase(s, tc);
	status = tu_run(s);
	fx_reset();          /* in one process (CK_FORK=no), leave nothing behind */
	nngxShimReset();
	return status;
}
