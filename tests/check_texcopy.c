/* check_texcopy.c: copies from the colour buffer into cube map faces
 * (glCopyTexSubImage2D with a GL_TEXTURE_CUBE_MAP_* target) and the
 * level queries of faces (glGetTexLevelParameteriv).
 *
 * Scene: the default framebuffer (240 x 400, RGBA8) holds a pattern
 * written by hand: window pixel (x, y) is the word x << 24 | y << 16 |
 * 0xC3 << 8 | 0x5A (R = x, G = y, B = 0xC3, A = 0x5A; y < 256 where it is
 * read). Every address is worked out here from the layout rule of
 * hw_fragment.h / hw_texture.h, not asked of the library: 8x8 tiles from
 * the top row (memory row m = height - 1 - y), left to right, Morton
 * order inside a tile (index bit 0 = x bit 0, bit 1 = m bit 0, bit 2 =
 * x bit 1, ...). A cube map of 16 x 16 RGBA8 faces keeps each face's chain
 * (16 x 16 then 8 x 8: 1024 + 256 = 1280 bytes) one after the other, face
 * f at f x 1280 (doc/model.md, "cube storage"); level 1 of a face starts
 * 1024 bytes into its chain. */
#include <stdlib.h>
#include <string.h>

#include "gl_fixture.h"

#define W 240                           /* the default framebuffer */
#define H 400
#define SIDE 16                         /* the faces' level 0 */
#define CHAIN (SIDE * SIDE * 4 + 8 * 8 * 4)     /* 1280 bytes a face */
#define FILL(f) ((uint8_t)(0x10 + (f)))         /* face f's bytes before a copy */

#define ck_gl_ok() ck_assert_uint_eq(glGetError(), GL_NO_ERROR)
#define ck_gl_error(e) ck_assert_uint_eq(glGetError(), (GLenum)(e))

/* The byte offset of pixel (x, y) in a w x h RGBA8 tiled image, from the
 * rule in the header comment. */
static uint32_t tiled(unsigned x, unsigned y, unsigned w, unsigned h)
{
	unsigned m = h - 1 - y, tile = (m / 8) * (w / 8) + x / 8, z = 0, b;

	for (b = 0; b < 3; b++)
		z |= ((x >> b) & 1u) << (2 * b) | ((m >> b) & 1u) << (2 * b + 1);
	return (tile * 64 + z) * 4;
}

static uint32_t pattern(unsigned x, unsigned y)
{
	return (uint32_t)x << 24 | (y & 0xFFu) << 16 | 0xC3u << 8 | 0x5Au;
}

static GLint used_requests(void)
{
	GLint v = -1;

	nngxGetCmdlistParameteri(NN_GX_CMDLIST_USED_REQCOUNT, &v);
	return v;
}

/* The pattern in the default colour buffer (a first clear places it). */
static void write_pattern(void)
{
	uint8_t *c;
	unsigned x, y, k;

	glClear(GL_COLOR_BUFFER_BIT);
	fx_run_and_wait();
	c = fx_host_of(nngx_state_get()->gl.default_color_phys);
	for (y = 0; y < H; y++)
		for (x = 0; x < W; x++)
			for (k = 0; k < 4; k++)
				c[tiled(x, y, W, H) + k] = (uint8_t)(pattern(x, y) >> (8 * k));
}

/* A cube map of 16 x 16 RGBA8 faces, face f all bytes FILL(f), bound;
 * `with_level1`: each face also has level 1 (8 x 8, same bytes). Returns
 * the host view of its storage, every byte FILL of its face. */
static uint8_t *cube(GLuint *name, bool with_level1)
{
	static uint8_t texels[SIDE * SIDE * 4];
	uint8_t *tex;
	unsigned f;

	glGenTextures(1, name);
	glBindTexture(GL_TEXTURE_CUBE_MAP, *name);
	for (f = 0; f < 6; f++) {
		memset(texels, FILL(f), sizeof texels);
		glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA, SIDE, SIDE, 0,
			     GL_RGBA, GL_UNSIGNED_BYTE, texels);
		if (with_level1)
			glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 1, GL_RGBA, 8, 8, 0,
				     GL_RGBA, GL_UNSIGNED_BYTE, texels);
	}
	ck_gl_ok();
	tex = fx_host_of(gl_texture_find(&nngx_state_get()->gl, *name)->hw.phys);
	/* without level 1 images, their room gets the face's bytes too, by
	 * hand, so that every byte of the storage is known */
	for (f = 0; f < 6 && !with_level1; f++)
		memset(tex + f * CHAIN + SIDE * SIDE * 4, FILL(f), 8 * 8 * 4);
	return tex;
}

/* Whether every byte of [from, to) of the storage is FILL of its face. */
static bool untouched(const uint8_t *tex, uint32_t from, uint32_t to)
{
	uint32_t k;

	for (k = from; k < to; k++)
		if (tex[k] != FILL(k / CHAIN))
			return false;
	return true;
}

static void setup(void)
{
	fx_reset();
	fx_list(1 << 20, 64);
}

/* The window's 8 x 16 rectangle at (16, 24) into level 0 of -Y (face 3)
 * at (8, 0): face texel (8 + i, j) becomes pattern(16 + i, 24 + j), e.g.
 * texel (8, 0) the word 0x1018C35A, texel (15, 15) 0x1727C35A; the rest of -Y and
 * the other five faces keep their bytes. Narrower than the level: one
 * request a tile row (2). */
START_TEST(test_copytexsubimage_into_a_face)
{
	const uint32_t face = 3 * CHAIN;
	GLuint name;
	uint8_t *tex;
	unsigned i, j;

	write_pattern();
	tex = cube(&name, false);
	glCopyTexSubImage2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, 0, 8, 0, 16, 24, 8, 16);
	ck_gl_ok();
	ck_assert_int_eq(used_requests(), 2);
	fx_run_and_wait();
	ck_assert_uint_eq(fx_le32(tex + face + tiled(8, 0, SIDE, SIDE)), 0x1018C35Au);
	ck_assert_uint_eq(fx_le32(tex + face + tiled(15, 15, SIDE, SIDE)), 0x1727C35Au);
	for (j = 0; j < SIDE; j++)
		for (i = 0; i < SIDE; i++) {
			uint32_t at = face + tiled(i, j, SIDE, SIDE);
			uint32_t want = i >= 8 ? pattern(16 + i - 8, 24 + j) : 0x13131313u;

			ck_assert_msg(fx_le32(tex + at) == want, "-Y texel (%u, %u): 0x%08X, want "
				      "0x%08X", i, j, fx_le32(tex + at), want);
		}
	ck_assert(untouched(tex, 0, face));
	ck_assert(untouched(tex, face + SIDE * SIDE * 4, 6 * CHAIN));
	/* The level's whole width: one request; +X (face 0) gets the
	 * window's rows 8..15 at its rows 8..15. */
	glCopyTexSubImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, 0, 8, 0, 8, 16, 8);
	ck_gl_ok();
	ck_assert_int_eq(used_requests(), 1);
	fx_run_and_wait();
	for (j = 0; j < SIDE; j++)
		for (i = 0; i < SIDE; i++)
			ck_assert_uint_eq(fx_le32(tex + tiled(i, j, SIDE, SIDE)),
					  j >= 8 ? pattern(i, j) : 0x10101010u);
	ck_assert(untouched(tex, CHAIN, 3 * CHAIN));
}
END_TEST

/* Level 1 of +Z (face 4) lies 4 x 1280 + 1024 = 6144 bytes into the
 * storage: the window's 8 x 8 at (40, 8) lands there, texel (i, j) =
 * pattern(40 + i, 8 + j); level 0 of +Z and level 1 of -Z keep theirs. */
START_TEST(test_copytexsubimage_into_a_face_level)
{
	const uint32_t level1 = 4 * CHAIN + SIDE * SIDE * 4;
	GLuint name;
	uint8_t *tex;
	unsigned i, j;

	write_pattern();
	tex = cube(&name, true);
	glCopyTexSubImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_Z, 1, 0, 0, 40, 8, 8, 8);
	ck_gl_ok();
	fx_run_and_wait();
	for (j = 0; j < 8; j++)
		for (i = 0; i < 8; i++)
			ck_assert_uint_eq(fx_le32(tex + level1 + tiled(i, j, 8, 8)),
					  pattern(40 + i, 8 + j));
	ck_assert_uint_eq(fx_le32(tex + level1 + tiled(7, 0, 8, 8)), 0x2F08C35Au);
	ck_assert(untouched(tex, 0, level1));
	ck_assert(untouched(tex, level1 + 8 * 8 * 4, 6 * CHAIN));
}
END_TEST

/* The SDK's GL errors, nothing changed (no request, no byte): another
 * target GL_INVALID_ENUM; a face with no cube map bound
 * GL_INVALID_OPERATION; a face level without an image (level 1 of -X
 * when only +X has one) GL_INVALID_OPERATION; the rectangle's checks as
 * for GL_TEXTURE_2D (off the tile grid, past the face: GL_INVALID_VALUE). */
START_TEST(test_copytexsubimage_face_errors_change_nothing)
{
	static uint8_t texels[8 * 8 * 4];
	GLuint name, none = 0;
	uint8_t *tex;

	write_pattern();
	tex = cube(&name, false);
	memset(texels, FILL(0), sizeof texels);
	glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 1, GL_RGBA, 8, 8, 0, GL_RGBA,
		     GL_UNSIGNED_BYTE, texels);
	ck_gl_ok();
	glCopyTexSubImage2D(GL_TEXTURE_CUBE_MAP, 0, 0, 0, 0, 0, 8, 8);
	ck_gl_error(GL_INVALID_ENUM);
	glCopyTexSubImage2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_Z + 1, 0, 0, 0, 0, 0, 8, 8);
	ck_gl_error(GL_INVALID_ENUM);
	glCopyTexSubImage2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_X, 1, 0, 0, 0, 0, 8, 8);
	ck_gl_error(GL_INVALID_OPERATION);
	glCopyTexSubImage2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_X, 0, 4, 0, 0, 0, 8, 8);
	ck_gl_error(GL_INVALID_VALUE);
	glCopyTexSubImage2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_X, 0, 16, 0, 0, 0, 8, 8);
	ck_gl_error(GL_INVALID_VALUE);
	glCopyTexSubImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 1, 8, 0, 0, 0, 8, 8);
	ck_gl_error(GL_INVALID_VALUE);                  /* level 1 is 8 wide */
	ck_assert_int_eq(used_requests(), 0);
	ck_assert(untouched(tex, 0, 6 * CHAIN));
	glBindTexture(GL_TEXTURE_CUBE_MAP, none);
	glCopyTexSubImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, 0, 0, 0, 0, 8, 8);
	ck_gl_error(GL_INVALID_OPERATION);
	ck_assert_int_eq(used_requests(), 0);
	ck_assert(untouched(tex, 0, 6 * CHAIN));
}
END_TEST

/* glGetTexLevelParameteriv of faces: a face's own levels. After level 0
 * of all six faces (16 x 16 GL_RGBA) and level 1 of +X only: +X level 1
 * reads 8, 8, GL_RGBA; -X level 1 reads 0 (no image); level 0 of -Z
 * 16. With no cube map bound a face is GL_INVALID_OPERATION and the
 * destination keeps its value; GL_TEXTURE_CUBE_MAP itself is
 * GL_INVALID_ENUM. */
START_TEST(test_level_queries_of_faces)
{
	static uint8_t texels[8 * 8 * 4];
	GLuint name;
	GLint v;
	GLfloat f;

	cube(&name, false);
	glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 1, GL_RGBA, 8, 8, 0, GL_RGBA,
		     GL_UNSIGNED_BYTE, texels);
	ck_gl_ok();
	glGetTexLevelParameteriv(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 1, GL_TEXTURE_WIDTH, &v);
	ck_gl_ok();
	ck_assert_int_eq(v, 8);
	glGetTexLevelParameteriv(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 1, GL_TEXTURE_HEIGHT, &v);
	ck_assert_int_eq(v, 8);
	glGetTexLevelParameteriv(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 1, GL_TEXTURE_INTERNAL_FORMAT,
				 &v);
	ck_assert_int_eq(v, GL_RGBA);
	glGetTexLevelParameteriv(GL_TEXTURE_CUBE_MAP_NEGATIVE_X, 1, GL_TEXTURE_WIDTH, &v);
	ck_assert_int_eq(v, 0);
	glGetTexLevelParameterfv(GL_TEXTURE_CUBE_MAP_NEGATIVE_Z, 0, GL_TEXTURE_WIDTH, &f);
	ck_gl_ok();
	ck_assert(f == 16.0f);
	v = 77;
	glGetTexLevelParameteriv(GL_TEXTURE_CUBE_MAP, 0, GL_TEXTURE_WIDTH, &v);
	ck_gl_error(GL_INVALID_ENUM);
	ck_assert_int_eq(v, 77);
	glBindTexture(GL_TEXTURE_CUBE_MAP, 0);
	glGetTexLevelParameteriv(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, GL_TEXTURE_WIDTH, &v);
	ck_gl_error(GL_INVALID_OPERATION);
	ck_assert_int_eq(v, 77);
}
END_TEST

/* GL_MAX_CUBE_MAP_TEXTURE_SIZE is the unit's largest side, 1024 (the
 * faces take the sizes 2D textures take): a 1024 x 1024 face (4-bit
 * luminance, 512 KiB) is accepted and reads back 1024, a 2048 one is
 * GL_INVALID_VALUE. */
START_TEST(test_cube_map_size_limit)
{
	GLuint name;
	GLint v = 0;

	glGetIntegerv(GL_MAX_CUBE_MAP_TEXTURE_SIZE, &v);
	ck_assert_int_eq(v, 1024);
	glGenTextures(1, &name);
	glBindTexture(GL_TEXTURE_CUBE_MAP, name);
	glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_Z, 0, GL_LUMINANCE, 1024, 1024, 0, GL_LUMINANCE,
		     GL_UNSIGNED_4BITS_DMP, NULL);
	ck_gl_ok();
	glGetTexLevelParameteriv(GL_TEXTURE_CUBE_MAP_POSITIVE_Z, 0, GL_TEXTURE_WIDTH, &v);
	ck_assert_int_eq(v, 1024);
	glTexImage2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_Z, 0, GL_LUMINANCE, 2048, 2048, 0, GL_LUMINANCE,
		     GL_UNSIGNED_4BITS_DMP, NULL);
	ck_gl_error(GL_INVALID_VALUE);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("texcopy");
	TCase *tc = tcase_create("cube faces");
	int status;

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_copytexsubimage_into_a_face);
	tcase_add_test(tc, test_copytexsubimage_into_a_face_level);
	tcase_add_test(tc, test_copytexsubimage_face_errors_change_nothing);
	tcase_add_test(tc, test_level_queries_of_faces);
	tcase_add_test(tc, test_cube_map_size_limit);
	suite_add_tcase(s, tc);
	status = tu_run(s);
	fx_reset();          /* in one process (CK_FORK=no), leave nothing behind */
	nngxShimReset();
	return status;
}
