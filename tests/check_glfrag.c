/* check_glfrag.c: the GL ES front end of the fragment pipeline
 * (gles_stub/gl_texture.c, gl_framebuffer.c, gl_fragment.c, gl_dmp.c,
 * gl_cmdfrag.c): each GL rule with its errors (an erroring call changes
 * nothing), texel placement checked against hw_texture_texel_address and
 * against the tiled layout worked out by hand, and the register values a
 * draw sends, read back from the bound command list with the hw_regs.h
 * decoders. What the GPU then does with them is the hardware suites'. */
#include <stdlib.h>
#include <string.h>

#include "gl_fixture.h"
#include "gles_stub/gl_entry.h"        /* gl_dmp_is_location */
#include "hw/hw_fragment.h"
#include "hw/hw_pixel.h"
#include "hw/hw_regs.h"
#include "hw/hw_texture.h"

/* A GL error was recorded, and only that one. */
#define ck_gl_error(code) ck_assert_uint_eq(glGetError(), (code))

static const float one_triangle[] = {
	-0.5f, -0.5f, -0.5f,   0.5f, -0.5f, -0.5f,   0.0f, 0.5f, -0.5f,
};

static struct fx_shader *shader;
static GLuint program;

/* Every test starts with a list, a program in use and a triangle. */
static void setup(void)
{
	fx_reset();
	fx_list(1 << 18, 64);
	shader = fx_shader_passthrough();
	program = fx_program(shader);
	fx_positions(one_triangle, 3);
}

static void teardown(void)
{
	fx_shader_free(shader);
	shader = NULL;
}

static struct hw_memory *memory(void)
{
	return &nngx_state_get()->gpu.memory;
}

static const uint8_t *host(uint32_t phys, uint32_t size)
{
	const uint8_t *p = hw_memory_host(memory(), phys, size);

	ck_assert_ptr_nonnull(p);
	return p;
}

/* ---- reading the command list back ----------------------------------------- */

/* The registers a stretch of commands leaves, decoded from the public
 * command format (parameter, header, more parameters, padding), with the
 * order of each register's last write. */
struct regs {
	uint32_t v[HW_REG_COUNT];
	unsigned writes[HW_REG_COUNT];
	unsigned order[HW_REG_COUNT];
};

static void regs_decode(const uint32_t *w, size_t n, struct regs *r)
{
	size_t i = 0;
	unsigned seq = 0;

	memset(r, 0, sizeof *r);
	while (i + 2 <= n) {
		uint32_t hdr = w[i + 1];
		unsigned id = hw_reg_cmd_id(hdr), extra = hw_reg_cmd_extra(hdr), k;

		for (k = 0; k <= extra; k++) {
			unsigned rid = hw_reg_cmd_consecutive(hdr) ? id + k : id;
			uint32_t value = k == 0 ? w[i] : w[i + 1 + k];
			if (rid >= HW_REG_COUNT)
				continue;
			r->v[rid] = hw_reg_cmd_merge(r->v[rid], value, hw_reg_cmd_mask(hdr));
			r->writes[rid]++;
			r->order[rid] = ++seq;
		}
		i += hw_reg_cmd_words(hdr);
	}
}

static struct nngx_cmdlist *bound_list(void)
{
	struct nngx_cmdlist *l = nngx_cmdlist_bound(nngx_state_get(), "check_glfrag");

	ck_assert_ptr_nonnull(l);
	return l;
}

/* The registers the next call (a draw or a clear) adds. */
static size_t mark(void)
{
	return bound_list()->used_words;
}

static void regs_since(size_t from, struct regs *r)
{
	struct nngx_cmdlist *l = bound_list();

	regs_decode(l->words + from, l->used_words - from, r);
}

/* A table of 512 entries 0.5 at GL_LUT_TEXTURE0_DMP, which every LUT
 * sampler uniform selects by default. */
static void define_lut0(void)
{
	static GLfloat half[512];
	GLuint t;
	unsigned k;

	for (k = 0; k < 512; k++)
		half[k] = 0.5f;
	glGenTextures(1, &t);
	glBindTexture(GL_LUT_TEXTURE0_DMP, t);
	glTexImage1D(GL_LUT_TEXTURE0_DMP, 0, GL_LUMINANCEF_DMP, 512, 0, GL_LUMINANCEF_DMP,
		     GL_FLOAT, half);
	ck_gl_error(GL_NO_ERROR);
}

/* One triangle; the registers its commands write. */
static void draw_regs(struct regs *r)
{
	size_t from = mark();

	glDrawArrays(GL_TRIANGLES, 0, 3);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_uint_gt(mark(), from);
	regs_since(from, r);
}

/* ---- textures: objects ---------------------------------------------------- */

START_TEST(test_glfrag_texture_names_bind_and_delete)
{
	GLuint t[2];
	struct gl_context *gl = &nngx_state_get()->gl;

	glGenTextures(2, t);
	ck_assert_uint_ne(t[0], 0);
	ck_assert_uint_ne(t[0], t[1]);
	ck_assert(!glIsTexture(t[0]));                  /* a name, not yet an object */
	glActiveTexture(GL_TEXTURE2);
	glBindTexture(GL_TEXTURE_2D, t[0]);
	ck_assert(glIsTexture(t[0]));
	ck_assert_uint_eq(gl->texture_binding[2], t[0]);
	ck_assert_uint_eq(gl->texture_binding[0], 0);
	glBindTexture(GL_TEXTURE_2D, 99);               /* never generated: created too */
	ck_assert(glIsTexture(99));
	ck_assert(!glIsTexture(0));
	glDeleteTextures(1, (GLuint[]){ 99 });
	ck_assert(!glIsTexture(99));
	ck_assert_uint_eq(gl->texture_binding[2], 0);   /* reverts to texture 0 */
	glDeleteTextures(2, (GLuint[]){ 0, 12345 });    /* ignored */
	ck_gl_error(GL_NO_ERROR);
}
END_TEST

START_TEST(test_glfrag_texture_bad_target_unit_or_count_changes_nothing)
{
	struct gl_context *gl = &nngx_state_get()->gl;
	GLuint t;

	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_CUBE_MAP_POSITIVE_X, t); /* a face is no binding point */
	ck_gl_error(GL_INVALID_ENUM);
	glBindTexture(0x1234, t);
	ck_gl_error(GL_INVALID_ENUM);
	ck_assert(!glIsTexture(t));
	glActiveTexture(GL_TEXTURE3);                    /* units 0-2 */
	ck_gl_error(GL_INVALID_ENUM);
	ck_assert_uint_eq(gl->active_texture, 0);
	glGenTextures(-1, &t);
	ck_gl_error(GL_INVALID_VALUE);
	glDeleteTextures(-1, &t);
	ck_gl_error(GL_INVALID_VALUE);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_GL_ENUM_REJECTED), 3);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_GL_VALUE_REJECTED), 2);
}
END_TEST

/* ---- textures: images -------------------------------------------------------- */

static GLuint texture_bound(void)
{
	GLuint t;

	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	return t;
}

/* The hw view of a texture the tests built: level 0 at its address. */
static struct hw_texture hw_view(GLuint t, unsigned w, unsigned h, enum hw_tex_format f)
{
	struct hw_texture hw;

	memset(&hw, 0, sizeof hw);
	hw.phys = nngxShimGetTextureAddress(t);
	hw.width = w;
	hw.height = h;
	hw.format = f;
	hw.levels = hw_texture_max_levels(w, h);
	ck_assert_uint_ne(hw.phys, 0);
	return hw;
}

START_TEST(test_glfrag_teximage_errors_change_nothing)
{
	static uint8_t pixels[16 * 16 * 4];
	struct gl_texture before;
	GLuint t = texture_bound(), addr;
	uint8_t bytes[16 * 16 * 4 * 2];
	struct gl_texture *tex;

	memset(pixels, 0x5A, sizeof pixels);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
	ck_gl_error(GL_NO_ERROR);
	tex = gl_texture_find(&nngx_state_get()->gl, t);
	before = *tex;
	addr = nngxShimGetTextureAddress(t);
	memcpy(bytes, host(addr, tex->size), tex->size);
	memset(pixels, 0xC3, sizeof pixels);

	glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, GL_RGBA, 16, 16, 0, GL_RGBA,
		     GL_UNSIGNED_BYTE, pixels);                         /* no cube map bound */
	ck_gl_error(GL_INVALID_OPERATION);
	glTexImage2D(GL_TEXTURE_CUBE_MAP, 0, GL_RGBA, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE,
		     pixels);                                           /* not an image target */
	ck_gl_error(GL_INVALID_ENUM);
	glTexImage2D(GL_TEXTURE_2D | 0x40000, 0, GL_RGBA, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE,
		     pixels);                                            /* no such area */
	ck_gl_error(GL_INVALID_ENUM);
	glTexImage2D(GL_TEXTURE_2D | GL_COPY_FCRAM_DMP | GL_NO_COPY_FCRAM_DMP, 0, GL_RGBA, 16, 16,
		     0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
	ck_gl_error(GL_INVALID_ENUM);
	glTexImage2D(GL_TEXTURE_2D, 0, 0x1234, 16, 16, 0, 0x1234, GL_UNSIGNED_BYTE, pixels);
	ck_gl_error(GL_INVALID_ENUM);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 16, 16, 0, GL_RGBA, GL_FLOAT, pixels);
	ck_gl_error(GL_INVALID_ENUM);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 16, 16, 0, GL_RGB, GL_UNSIGNED_SHORT_4_4_4_4,
		     pixels);                                            /* no such pair */
	ck_gl_error(GL_INVALID_OPERATION);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
	ck_gl_error(GL_INVALID_OPERATION);                               /* internalformat */
	glTexImage2D(GL_TEXTURE_2D, -1, GL_RGBA, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
	ck_gl_error(GL_INVALID_VALUE);
	glTexImage2D(GL_TEXTURE_2D, 11, GL_RGBA, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
	ck_gl_error(GL_INVALID_VALUE);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 12, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
	ck_gl_error(GL_INVALID_VALUE);                                   /* not a power of 2 */
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 16, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
	ck_gl_error(GL_INVALID_VALUE);                                   /* below 8 */
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2048, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
	ck_gl_error(GL_INVALID_VALUE);                                   /* above 1024 */
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 16, -16, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
	ck_gl_error(GL_INVALID_VALUE);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 16, 16, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
	ck_gl_error(GL_INVALID_VALUE);                                   /* border */
	glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
	ck_gl_error(GL_INVALID_OPERATION);                               /* level 1 is 8 x 8 */
	glTexImage2D(GL_TEXTURE_2D, 1, GL_RGB, 8, 8, 0, GL_RGB, GL_UNSIGNED_BYTE, pixels);
	ck_gl_error(GL_INVALID_OPERATION);                               /* another format */
	glTexImage2D(GL_TEXTURE_2D, 2, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
	ck_gl_error(GL_INVALID_OPERATION);                               /* 16 x 16 has 2 levels */
	ck_assert_mem_eq(tex, &before, sizeof before);
	ck_assert_mem_eq(host(addr, tex->size), bytes, tex->size);
}
END_TEST

START_TEST(test_glfrag_teximage_level_before_level0_is_invalid_operation)
{
	static const uint8_t pixels[8 * 8 * 4];

	texture_bound();
	glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
	ck_gl_error(GL_INVALID_OPERATION);
	ck_assert_uint_eq(nngxShimGetTextureAddress(nngx_state_get()->gl.texture_binding[0]), 0);
}
END_TEST

/* Texel (x, y) of a 16 x 8 RGBA8 texture has R = x, G = y, B = x ^ y, A =
 * 0xA0 + x; GL's row 0 is the row sampled at t = 0. */
START_TEST(test_glfrag_texture_rgba8_texels_land_where_the_unit_reads_them)
{
	enum { W = 16, H = 8 };
	uint8_t pixels[W * H * 4];
	struct hw_texture hw;
	const uint8_t *mem;
	GLuint t = texture_bound();
	unsigned x, y, bad = 0;

	for (y = 0; y < H; y++)
		for (x = 0; x < W; x++) {
			uint8_t *p = &pixels[(y * W + x) * 4];
			p[0] = (uint8_t)x;
			p[1] = (uint8_t)y;
			p[2] = (uint8_t)(x ^ y);
			p[3] = (uint8_t)(0xA0 + x);
		}
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
	ck_gl_error(GL_NO_ERROR);
	hw = hw_view(t, W, H, HW_TEX_RGBA8);
	mem = host(hw.phys, hw_texture_size(&hw));
	for (y = 0; y < H; y++)
		for (x = 0; x < W; x++) {
			const uint8_t *p = mem + (hw_texture_texel_address(&hw, 0, x, y) - hw.phys);
			/* The word R << 24 | G << 16 | B << 8 | A, little-endian. */
			if (p[3] != x || p[2] != y || p[1] != (x ^ y) || p[0] != 0xA0 + x)
				bad++;
		}
	ck_assert_uint_eq(bad, 0);
	/* The layout by hand: memory starts with the top row (GL's last,
	 * y = 7); x bit 0 is Morton bit 0, the memory row's bit 0 Morton
	 * bit 1; the second tile (x 8..15) follows the first's 64 texels. */
	ck_assert_uint_eq(mem[3], 0);  ck_assert_uint_eq(mem[2], 7);
	ck_assert_uint_eq(mem[4 + 3], 1);  ck_assert_uint_eq(mem[4 + 2], 7);
	ck_assert_uint_eq(mem[8 + 3], 0);  ck_assert_uint_eq(mem[8 + 2], 6);
	ck_assert_uint_eq(mem[64 * 4 + 3], 8);  ck_assert_uint_eq(mem[64 * 4 + 2], 7);
}
END_TEST

/* One texel format: the GL bytes of texel (x, y) and the bytes the
 * hardware stores (hw_texture.h's byte order). */
struct format_case {
	GLenum format, type;
	enum hw_tex_format hw;
	unsigned in_bytes;              /* per texel; 0: two texels a byte */
};

static void texel_in(const struct format_case *c, unsigned x, unsigned y, uint8_t *out)
{
	uint16_t v = (uint16_t)(0x1234u + 0x0101u * x + 0x1000u * y);

	switch (c->in_bytes) {
	case 2:
		if (c->type == GL_UNSIGNED_BYTE) {      /* two bytes: L/HI, A/LO */
			out[0] = (uint8_t)(0x10 + x);
			out[1] = (uint8_t)(0x80 + y);
		} else {
			memcpy(out, &v, 2);              /* host-order word */
		}
		break;
	case 3:
		out[0] = (uint8_t)x; out[1] = (uint8_t)y; out[2] = (uint8_t)(x + y);
		break;
	default:
		out[0] = (uint8_t)(x * 16 + y);
		break;
	}
}

START_TEST(test_glfrag_texture_formats_store_components_in_hardware_order)
{
	static const struct format_case cases[] = {
		{ GL_RGB, GL_UNSIGNED_BYTE, HW_TEX_RGB8, 3 },
		{ GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, HW_TEX_RGBA4, 2 },
		{ GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, HW_TEX_RGB5A1, 2 },
		{ GL_RGB, GL_UNSIGNED_SHORT_5_6_5, HW_TEX_RGB565, 2 },
		{ GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, HW_TEX_IA8, 2 },
		{ GL_HILO8_DMP, GL_UNSIGNED_BYTE, HW_TEX_HILO8, 2 },
		{ GL_LUMINANCE, GL_UNSIGNED_BYTE, HW_TEX_I8, 1 },
		{ GL_ALPHA, GL_UNSIGNED_BYTE, HW_TEX_A8, 1 },
		{ GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE_4_4_DMP, HW_TEX_IA4, 1 },
		{ GL_LUMINANCE, GL_UNSIGNED_4BITS_DMP, HW_TEX_I4, 0 },
		{ GL_ALPHA, GL_UNSIGNED_4BITS_DMP, HW_TEX_A4, 0 },
	};
	enum { W = 16, H = 16 };
	static uint8_t pixels[W * H * 3];
	size_t k;

	for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		const struct format_case *c = &cases[k];
		GLuint t = texture_bound();
		struct hw_texture hw;
		const uint8_t *mem;
		unsigned x, y, bad = 0;

		memset(pixels, 0, sizeof pixels);
		for (y = 0; y < H; y++)
			for (x = 0; x < W; x++) {
				uint8_t in[3];
				texel_in(c, x, y, in);
				if (c->in_bytes)
					memcpy(&pixels[(y * W + x) * c->in_bytes], in, c->in_bytes);
				else    /* first texel of a byte in the low nibble */
					pixels[(y * W + x) / 2] |= (uint8_t)((in[0] & 0xF)
									  << (4 * (x % 2)));
			}
		glTexImage2D(GL_TEXTURE_2D, 0, (GLint)c->format, W, H, 0, c->format, c->type,
			     pixels);
		ck_assert_msg(glGetError() == GL_NO_ERROR, "case %zu", k);
		hw = hw_view(t, W, H, c->hw);
		mem = host(hw.phys, hw_texture_size(&hw));
		for (y = 0; y < H; y++)
			for (x = 0; x < W; x++) {
				const uint8_t *p = mem + (hw_texture_texel_address(&hw, 0, x, y)
							  - hw.phys);
				uint8_t in[3] = { 0, 0, 0 };
				uint16_t v;

				texel_in(c, x, y, in);
				switch (c->in_bytes) {
				case 3:         /* bytes B, G, R */
					bad += p[0] != in[2] || p[1] != in[1] || p[2] != in[0];
					break;
				case 2:
					if (c->type == GL_UNSIGNED_BYTE) {  /* word I << 8 | A */
						bad += p[0] != in[1] || p[1] != in[0];
					} else {                            /* the word, LE */
						memcpy(&v, in, 2);
						bad += p[0] != (v & 0xFF) || p[1] != (v >> 8);
					}
					break;
				case 1:
					bad += p[0] != in[0];
					break;
				default:        /* even x in the low nibble */
					bad += ((p[0] >> (4 * (x % 2))) & 0xF) != (in[0] & 0xF);
					break;
				}
			}
		ck_assert_msg(bad == 0, "case %zu (format 0x%04X type 0x%04X): %u texels wrong", k,
			      c->format, c->type, bad);
	}
}
END_TEST

START_TEST(test_glfrag_native_formats_are_copied_as_they_are)
{
	enum { W = 8, H = 16 };
	uint8_t data[W * H * 2];
	GLuint t = texture_bound();
	unsigned k;

	for (k = 0; k < sizeof data; k++)
		data[k] = (uint8_t)(k * 7 + 3);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB_NATIVE_DMP, W, H, 0, GL_RGB_NATIVE_DMP,
		     GL_UNSIGNED_SHORT_5_6_5, data);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_mem_eq(host(nngxShimGetTextureAddress(t), sizeof data), data, sizeof data);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB_NATIVE_DMP, W, H, 0, GL_RGB_NATIVE_DMP,
		     GL_UNSIGNED_SHORT_4_4_4_4, data);
	ck_gl_error(GL_INVALID_OPERATION);
}
END_TEST

/* Level k lies where hw_texture_level_phys says, in the one allocation;
 * a level-k image leaves level 0 where it is. */
START_TEST(test_glfrag_mip_levels_follow_level0)
{
	static uint8_t l0[32 * 16], l1[16 * 8], l2[8 * 4];
	GLuint t = texture_bound(), addr;
	struct hw_texture hw;

	memset(l0, 0x11, sizeof l0);
	memset(l1, 0x22, sizeof l1);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE, 32, 16, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, l0);
	addr = nngxShimGetTextureAddress(t);
	glTexImage2D(GL_TEXTURE_2D, 1, GL_LUMINANCE, 16, 8, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, l1);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_uint_eq(nngxShimGetTextureAddress(t), addr);
	hw = hw_view(t, 32, 16, HW_TEX_I8);
	ck_assert_uint_eq(hw.levels, 2);                       /* 32x16, 16x8: 8 stops it */
	ck_assert_uint_eq(hw_texture_level_phys(&hw, 1), addr + 32 * 16);
	ck_assert_uint_eq(host(addr, 1)[0], 0x11);
	ck_assert_uint_eq(host(addr + 32 * 16 - 1, 1)[0], 0x11);
	ck_assert_uint_eq(host(addr + 32 * 16, 1)[0], 0x22);
	ck_assert_uint_eq(host(addr + 32 * 16 + 16 * 8 - 1, 1)[0], 0x22);
	glTexImage2D(GL_TEXTURE_2D, 2, GL_LUMINANCE, 8, 4, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, l2);
	ck_gl_error(GL_INVALID_VALUE);                         /* 4 rows: below the tile */
	ck_assert_uint_eq(gl_texture_find(&nngx_state_get()->gl, t)->level_mask, 3);
}
END_TEST

static struct {
	int allocs, frees;
	GLenum area, usage;
	GLsizei size;
	char block[64];
} book;

static GLvoid *book_alloc(GLenum area, GLenum usage, GLuint name, GLsizei size)
{
	(void)name;
	book.allocs++;
	book.area = area;
	book.usage = usage;
	book.size = size;
	return book.block;
}

static void book_free(GLenum area, GLenum usage, GLuint name, GLvoid *addr)
{
	(void)area; (void)usage; (void)name; (void)addr;
	book.frees++;
}

START_TEST(test_glfrag_texture_area_bits_place_the_storage)
{
	static const uint8_t pixels[8 * 8 * 4];
	GLuint a, b, f;

	memset(&book, 0, sizeof book);
	ck_assert(nngxInitialize(book_alloc, book_free));
	a = texture_bound();
	glTexImage2D(GL_TEXTURE_2D | NN_GX_MEM_VRAMA, 0, GL_RGBA, 8, 8, 0, GL_RGBA,
		     GL_UNSIGNED_BYTE, pixels);
	ck_assert_int_eq(book.allocs, 1);
	ck_assert_uint_eq(book.area, NN_GX_MEM_VRAMA);
	ck_assert_uint_eq(book.usage, NN_GX_MEM_TEXTURE);
	ck_assert_int_eq(book.size, 8 * 8 * 4);
	b = texture_bound();
	glTexImage2D(GL_TEXTURE_2D | NN_GX_MEM_VRAMB | GL_NO_COPY_FCRAM_DMP, 0, GL_RGBA, 8, 8, 0,
		     GL_RGBA, GL_UNSIGNED_BYTE, pixels);
	f = texture_bound();
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_uint_eq(hw_memory_area_of(nngxShimGetTextureAddress(a)), HW_AREA_VRAM_A);
	ck_assert_uint_eq(hw_memory_area_of(nngxShimGetTextureAddress(b)), HW_AREA_VRAM_B);
	ck_assert_uint_ge(nngxShimGetTextureAddress(f), HW_FCRAM_BASE);   /* default */
	glDeleteTextures(1, &a);
	ck_assert_int_eq(book.frees, 1);
	ck_assert_uint_eq(nngxShimGetTextureAddress(a), 0);
	ck_assert_uint_eq(nngxShimGetTextureAddress(777), 0);
	nngxFinalize();
}
END_TEST

START_TEST(test_glfrag_compressed_sizes_formats_and_native_copy)
{
	uint8_t data[16 * 8];                   /* 8x8 ETC1A4: 4 blocks of 16 bytes */
	GLuint t = texture_bound();
	unsigned k;

	for (k = 0; k < sizeof data; k++)
		data[k] = (uint8_t)(k ^ 0x5C);
	glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_ETC1_RGB8_NATIVE_DMP, 8, 8, 0, 33, data);
	ck_gl_error(GL_INVALID_VALUE);                         /* 8x8 ETC1 is 32 bytes */
	glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, 32, data);
	ck_gl_error(GL_INVALID_ENUM);
	glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_ETC1_RGB8_NATIVE_DMP, 8, 6, 0, 24, data);
	ck_gl_error(GL_INVALID_VALUE);
	ck_assert_uint_eq(nngxShimGetTextureAddress(t), 0);
	glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_ETC1_RGB8_NATIVE_DMP, 8, 8, 0, 32, data);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_mem_eq(host(nngxShimGetTextureAddress(t), 32), data, 32);
	glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_ETC1_ALPHA_RGB8_A4_NATIVE_DMP, 8, 8, 0, 64, data);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_mem_eq(host(nngxShimGetTextureAddress(t), 64), data, 64);
}
END_TEST

/* GL_ETC1_RGB8_OES: blocks in raster order from GL's first row, 64-bit
 * big-endian. Each goes to its place in the tile, upside down (its rows
 * reversed: the unit decodes a block's first row at the top), stored
 * little-endian. Expected words worked out by hand. */
START_TEST(test_glfrag_etc1_oes_blocks_are_placed_flipped_and_reversed)
{
	static const uint64_t in[4] = {
		/* individual, left/right halves: only pixel bits move. Pixel
		 * (0,0) LSB (bit 0) to (0,3) (bit 3); pixel (1,1) MSB (bit 21)
		 * to (1,2) (bit 22). */
		0x1234562800200001ull,
		/* individual, top/bottom halves: colours and tables swap. */
		0x1234562900000000ull,
		/* differential: R 10 - 1, G 20 + 3, B 0; tables 3, 4. */
		0x57A3007300000000ull,
		/* differential with delta -4: +4 cannot be written, +3 is. */
		0x4400000300000000ull,
	};
	static const uint64_t want[4] = {
		0x1234562800400008ull,
		0x2143654500000000ull,
		0x49BD008F00000000ull,
		0x2300000300000000ull,
	};
	/* GL block (bx, by) of an 8x8 texture: memory rows are flipped, so
	 * it is block bx + 2 (1 - by) of the one tile, 8 bytes each. */
	static const unsigned offset[4] = { 16, 24, 0, 8 };
	uint8_t data[32];
	const uint8_t *mem;
	struct hw_texture hw;
	GLuint t = texture_bound();
	unsigned b, k;

	for (b = 0; b < 4; b++)
		for (k = 0; k < 8; k++)
			data[b * 8 + k] = (uint8_t)(in[b] >> (56 - 8 * k));
	glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_ETC1_RGB8_OES, 8, 8, 0, 32, data);
	ck_gl_error(GL_NO_ERROR);
	hw = hw_view(t, 8, 8, HW_TEX_ETC1);
	mem = host(hw.phys, 32);
	for (b = 0; b < 4; b++) {
		uint64_t got = 0;
		ck_assert_uint_eq(hw_texture_texel_address(&hw, 0, 4 * (b % 2), 4 * (b / 2)),
				  hw.phys + offset[b]);
		for (k = 0; k < 8; k++)
			got |= (uint64_t)mem[offset[b] + k] << (8 * k);
		ck_assert_msg(got == want[b], "block %u: 0x%016llX, want 0x%016llX", b,
			      (unsigned long long)got, (unsigned long long)want[b]);
	}
}
END_TEST

START_TEST(test_glfrag_texparameter_checks_pname_and_value)
{
	struct gl_texture *t;

	texture_bound();
	t = gl_texture_find(&nngx_state_get()->gl, nngx_state_get()->gl.texture_binding[0]);
	ck_assert_uint_eq(t->min_filter, GL_NEAREST_MIPMAP_LINEAR);   /* ES 2.0 defaults */
	ck_assert_uint_eq(t->wrap_s, GL_REPEAT);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR_MIPMAP_LINEAR);
	ck_gl_error(GL_INVALID_ENUM);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_NEAREST);
	ck_gl_error(GL_INVALID_ENUM);
	glTexParameteri(GL_TEXTURE_2D, 0x1234, GL_NEAREST);
	ck_gl_error(GL_INVALID_ENUM);
	glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	ck_gl_error(GL_INVALID_OPERATION);                      /* no cube map bound */
	ck_assert_uint_eq(t->mag_filter, GL_LINEAR);
	ck_assert_uint_eq(t->wrap_s, GL_REPEAT);
	glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, (GLfloat)GL_MIRRORED_REPEAT);
	glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, (GLint[]){ GL_LINEAR });
	ck_gl_error(GL_NO_ERROR);
	ck_assert_uint_eq(t->wrap_t, GL_MIRRORED_REPEAT);
	ck_assert_uint_eq(t->min_filter, GL_LINEAR);
}
END_TEST

/* ---- framebuffers and renderbuffers ------------------------------------------- */

START_TEST(test_glfrag_framebuffer_and_renderbuffer_objects)
{
	struct gl_context *gl = &nngx_state_get()->gl;
	GLuint fb, rb;

	glGenFramebuffers(1, &fb);
	glGenRenderbuffers(1, &rb);
	ck_assert(!glIsFramebuffer(fb) && !glIsRenderbuffer(rb));
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	ck_assert(glIsFramebuffer(fb) && glIsRenderbuffer(rb));
	glBindFramebuffer(GL_RENDERBUFFER, fb);
	ck_gl_error(GL_INVALID_ENUM);
	glBindRenderbuffer(GL_FRAMEBUFFER, 0);
	ck_gl_error(GL_INVALID_ENUM);
	ck_assert_uint_eq(gl->renderbuffer_binding, rb);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA4, 8, 8);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
	ck_gl_error(GL_NO_ERROR);
	glDeleteRenderbuffers(1, &rb);                  /* detached from the bound framebuffer */
	ck_assert_uint_eq(gl_framebuffer_find(gl, fb)->at[GL_ATTACH_COLOR].type, GL_NONE);
	ck_assert_uint_eq(gl->renderbuffer_binding, 0);
	glDeleteFramebuffers(1, &fb);
	ck_assert_uint_eq(gl->framebuffer_binding, 0);  /* deleting the bound one binds 0 */
	ck_assert(!glIsFramebuffer(fb) && !glIsRenderbuffer(rb));
	glGenFramebuffers(-1, &fb);
	ck_gl_error(GL_INVALID_VALUE);
}
END_TEST

START_TEST(test_glfrag_renderbuffer_storage_errors_change_nothing)
{
	struct gl_renderbuffer before, *r;
	GLuint rb;

	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8_OES, 16, 16);
	ck_gl_error(GL_INVALID_OPERATION);                       /* none bound */
	glGenRenderbuffers(1, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8_OES, 16, 16);
	ck_gl_error(GL_NO_ERROR);
	r = gl_renderbuffer_find(&nngx_state_get()->gl, rb);
	before = *r;
	glRenderbufferStorage(GL_FRAMEBUFFER, GL_RGBA8_OES, 16, 16);
	ck_gl_error(GL_INVALID_ENUM);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_STENCIL_INDEX8, 16, 16);   /* no such buffer */
	ck_gl_error(GL_INVALID_ENUM);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8_OES, 12, 16);        /* not tiles */
	ck_gl_error(GL_INVALID_VALUE);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8_OES, 16, 1032);
	ck_gl_error(GL_INVALID_VALUE);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8_OES, -8, 16);
	ck_gl_error(GL_INVALID_VALUE);
	ck_assert_mem_eq(r, &before, sizeof before);
}
END_TEST

START_TEST(test_glfrag_renderbuffer_areas_default_by_kind)
{
	GLuint rb[3];

	glGenRenderbuffers(3, rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGB565, 64, 32);
	glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, 64, 32);
	glBindRenderbuffer(GL_RENDERBUFFER, rb[2]);
	glRenderbufferStorage(GL_RENDERBUFFER | NN_GX_MEM_FCRAM, GL_DEPTH24_STENCIL8_EXT, 64, 32);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_uint_eq(hw_memory_area_of(nngxShimGetRenderbufferAddress(rb[0])), HW_AREA_VRAM_A);
	ck_assert_uint_eq(hw_memory_area_of(nngxShimGetRenderbufferAddress(rb[1])), HW_AREA_VRAM_B);
	ck_assert_uint_ge(nngxShimGetRenderbufferAddress(rb[2]), HW_FCRAM_BASE);
	ck_assert_uint_eq(gl_renderbuffer_find(&nngx_state_get()->gl, rb[2])->size, 64 * 32 * 4);
	ck_assert_uint_eq(nngxShimGetRenderbufferAddress(0), 0);
}
END_TEST

static GLuint renderbuffer(GLenum format, GLsizei w, GLsizei h)
{
	GLuint rb;

	glGenRenderbuffers(1, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	glRenderbufferStorage(GL_RENDERBUFFER, format, w, h);
	ck_gl_error(GL_NO_ERROR);
	return rb;
}

static GLuint framebuffer_bound(void)
{
	GLuint fb;

	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	return fb;
}

START_TEST(test_glfrag_attach_errors_change_nothing)
{
	GLuint rb = renderbuffer(GL_RGBA8_OES, 16, 16), fb;
	struct gl_framebuffer before, *f;

	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
	ck_gl_error(GL_INVALID_OPERATION);                        /* framebuffer 0 */
	fb = framebuffer_bound();
	f = gl_framebuffer_find(&nngx_state_get()->gl, fb);
	before = *f;
	glFramebufferRenderbuffer(GL_RENDERBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
	ck_gl_error(GL_INVALID_ENUM);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + 1, GL_RENDERBUFFER, rb);
	ck_gl_error(GL_INVALID_ENUM);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, rb);
	ck_gl_error(GL_INVALID_ENUM);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, 4321);
	ck_gl_error(GL_INVALID_OPERATION);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 4321, 0);
	ck_gl_error(GL_INVALID_OPERATION);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture_bound(),
			       1);
	ck_gl_error(GL_INVALID_VALUE);
	ck_assert_mem_eq(f, &before, sizeof before);
}
END_TEST

START_TEST(test_glfrag_framebuffer_status_rules)
{
	static const uint8_t lum[16 * 16];
	GLuint color = renderbuffer(GL_RGBA8_OES, 16, 16);
	GLuint small = renderbuffer(GL_RGB565, 8, 16);
	GLuint d16 = renderbuffer(GL_DEPTH_COMPONENT16, 16, 16);
	GLuint ds = renderbuffer(GL_DEPTH24_STENCIL8_EXT, 16, 16);
	GLuint ds2 = renderbuffer(GL_DEPTH24_STENCIL8_EXT, 16, 16);
	GLuint empty = renderbuffer(GL_RGBA4, 0, 0), tex;

	ck_assert_uint_eq(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	ck_assert_uint_eq(glCheckFramebufferStatus(GL_RENDERBUFFER), 0);
	ck_gl_error(GL_INVALID_ENUM);
	framebuffer_bound();
	ck_assert_uint_eq(glCheckFramebufferStatus(GL_FRAMEBUFFER),
			  GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, d16);
	ck_assert_uint_eq(glCheckFramebufferStatus(GL_FRAMEBUFFER),
			  GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);      /* depth as colour */
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, empty);
	ck_assert_uint_eq(glCheckFramebufferStatus(GL_FRAMEBUFFER),
			  GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);      /* no storage */
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
	ck_assert_uint_eq(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, d16);
	ck_assert_uint_eq(glCheckFramebufferStatus(GL_FRAMEBUFFER),
			  GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);      /* stencil needs D24S8 */
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, ds);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, ds2);
	ck_assert_uint_eq(glCheckFramebufferStatus(GL_FRAMEBUFFER),
			  GL_FRAMEBUFFER_UNSUPPORTED);                 /* one depth-stencil buffer */
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, ds);
	ck_assert_uint_eq(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, small);
	ck_assert_uint_eq(glCheckFramebufferStatus(GL_FRAMEBUFFER),
			  GL_FRAMEBUFFER_INCOMPLETE_DIMENSIONS);
	tex = texture_bound();
	glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE, 16, 16, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, lum);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
	ck_assert_uint_eq(glCheckFramebufferStatus(GL_FRAMEBUFFER),
			  GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);      /* not renderable */
	ck_gl_error(GL_NO_ERROR);
}
END_TEST

START_TEST(test_glfrag_incomplete_framebuffer_draws_and_clears_nothing)
{
	size_t at;

	framebuffer_bound();
	at = mark();
	glDrawArrays(GL_TRIANGLES, 0, 3);
	ck_gl_error(GL_INVALID_FRAMEBUFFER_OPERATION);
	glClear(GL_EARLY_DEPTH_BUFFER_BIT_DMP);
	ck_gl_error(GL_INVALID_FRAMEBUFFER_OPERATION);
	ck_assert_uint_eq(mark(), at);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_FRAMEBUFFER_INCOMPLETE), 2);
}
END_TEST

START_TEST(test_glfrag_default_framebuffer_is_placed_on_first_draw)
{
	struct gl_context *gl = &nngx_state_get()->gl;
	struct regs r;

	ck_assert_uint_eq(gl->default_color_phys, 0);
	draw_regs(&r);
	ck_assert_uint_eq(hw_memory_area_of(gl->default_color_phys), HW_AREA_VRAM_A);
	ck_assert_uint_eq(hw_memory_area_of(gl->default_depth_phys), HW_AREA_VRAM_B);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_DEFAULT_FRAMEBUFFER_PLACED), 1);
	ck_assert_uint_eq(hw_reg_fb_addr(r.v[HW_REG_COLORBUFFER_LOC]), gl->default_color_phys);
	ck_assert_uint_eq(hw_reg_fb_addr(r.v[HW_REG_DEPTHBUFFER_LOC]), gl->default_depth_phys);
	ck_assert_uint_eq(hw_reg_colorbuffer_format(r.v[HW_REG_COLORBUFFER_FORMAT]),
			  HW_REG_COLORFMT_RGBA8);
	ck_assert_uint_eq(hw_reg_colorsize_bytes(hw_reg_colorbuffer_pixel_size(
				  r.v[HW_REG_COLORBUFFER_FORMAT])), 4);
	ck_assert_uint_eq(hw_reg_depth_format(r.v[HW_REG_DEPTHBUFFER_FORMAT]), HW_REG_DEPTHFMT_D24S8);
	ck_assert_uint_eq(hw_reg_renderbuf_width(r.v[HW_REG_FRAMEBUFFER_DIM]), 240);
	ck_assert_uint_eq(hw_reg_renderbuf_height(r.v[HW_REG_FRAMEBUFFER_DIM]), 400);
	ck_assert_uint_eq(r.v[HW_REG_RENDERBUF_DIM], r.v[HW_REG_FRAMEBUFFER_DIM]);
	ck_assert(hw_reg_dim_bit24(r.v[HW_REG_RENDERBUF_DIM]));
	ck_assert_uint_eq(hw_reg_bit0(r.v[HW_REG_FRAMEBUFFER_BLOCK32]), HW_REG_FB_BLOCK_8X8);
	/* The second draw uses the same buffers. */
	draw_regs(&r);
	ck_assert_uint_eq(hw_reg_fb_addr(r.v[HW_REG_COLORBUFFER_LOC]), gl->default_color_phys);
}
END_TEST

START_TEST(test_glfrag_framebuffer_object_becomes_the_render_target)
{
	static const uint8_t pixels[32 * 16 * 4];
	GLuint color = renderbuffer(GL_RGB565, 32, 16), depth = renderbuffer(GL_DEPTH_COMPONENT16,
									     32, 16), tex;
	struct regs r;

	framebuffer_bound();
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth);
	draw_regs(&r);
	ck_assert_uint_eq(hw_reg_fb_addr(r.v[HW_REG_COLORBUFFER_LOC]),
			  nngxShimGetRenderbufferAddress(color));
	ck_assert_uint_eq(hw_reg_fb_addr(r.v[HW_REG_DEPTHBUFFER_LOC]),
			  nngxShimGetRenderbufferAddress(depth));
	ck_assert_uint_eq(hw_reg_colorbuffer_format(r.v[HW_REG_COLORBUFFER_FORMAT]),
			  HW_REG_COLORFMT_RGB565);
	ck_assert_uint_eq(hw_reg_colorsize_bytes(hw_reg_colorbuffer_pixel_size(
				  r.v[HW_REG_COLORBUFFER_FORMAT])), 2);
	ck_assert_uint_eq(hw_reg_depth_format(r.v[HW_REG_DEPTHBUFFER_FORMAT]), HW_REG_DEPTHFMT_D16);
	ck_assert_uint_eq(hw_reg_renderbuf_width(r.v[HW_REG_FRAMEBUFFER_DIM]), 32);
	ck_assert_uint_eq(hw_reg_renderbuf_height(r.v[HW_REG_FRAMEBUFFER_DIM]), 16);
	/* A texture's level 0 as the colour buffer, no depth buffer. */
	tex = texture_bound();
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 32, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, 0);
	glEnable(GL_DEPTH_TEST);
	draw_regs(&r);
	ck_assert_uint_eq(hw_reg_fb_addr(r.v[HW_REG_COLORBUFFER_LOC]), nngxShimGetTextureAddress(tex));
	ck_assert_uint_eq(hw_reg_colorbuffer_format(r.v[HW_REG_COLORBUFFER_FORMAT]),
			  HW_REG_COLORFMT_RGBA8);
	ck_assert_uint_eq(r.v[HW_REG_DEPTHBUFFER_LOC], 0);
	/* No depth buffer: no depth test (ES 2.0, 4.1.5), no depth access. */
	ck_assert(!hw_reg_depth_test_enabled(r.v[HW_REG_DEPTH_COLOR_MASK]));
	ck_assert_uint_eq(r.v[HW_REG_DEPTHBUFFER_READ] | r.v[HW_REG_DEPTHBUFFER_WRITE], 0);
}
END_TEST

/* glRenderBlockModeDMP: the next draw sends the mode (FRAMEBUFFER_BLOCK32
 * 0x11B), and glReadPixels reads the layout the draws use. A 64x64 RGBA8
 * renderbuffer; pixel (45, 21) is memory row 42: in the 8x8 layout tile
 * 5 * 8 + 5 = 45, in-tile Morton(5, 2) = 25, index 2905; in the 32x32
 * layout block 1 * 2 + 1 = 3, tile Morton(1, 1) = 3, index 3072 + 192 +
 * 25 = 3289 (hw_fragment.h; 4 bytes a pixel, stored A B G R). */
START_TEST(test_glfrag_render_block_mode_reaches_draws_and_read_pixels)
{
	GLuint color = renderbuffer(GL_RGBA8_OES, 64, 64);
	struct regs r;
	uint8_t *p, px[4];

	framebuffer_bound();
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
	glRenderBlockModeDMP(GL_RENDER_BLOCK32_MODE_DMP);
	draw_regs(&r);
	ck_assert_uint_eq(hw_reg_bit0(r.v[HW_REG_FRAMEBUFFER_BLOCK32]), HW_REG_FB_BLOCK_32X32);
	glFinish();
	p = hw_memory_host(memory(), nngxShimGetRenderbufferAddress(color), 64 * 64 * 4);
	ck_assert_ptr_nonnull(p);
	memcpy(p + 3289 * 4, "\x44\x33\x22\x11", 4);          /* A B G R */
	memcpy(p + 2905 * 4, "\x88\x77\x66\x55", 4);
	glReadPixels(45, 21, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_gl_error(GL_NO_ERROR);
	ck_assert(memcmp(px, "\x11\x22\x33\x44", 4) == 0);     /* R G B A */
	glRenderBlockModeDMP(GL_RENDER_BLOCK8_MODE_DMP);
	glReadPixels(45, 21, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_assert(memcmp(px, "\x55\x66\x77\x88", 4) == 0);
	draw_regs(&r);
	ck_assert_uint_eq(hw_reg_bit0(r.v[HW_REG_FRAMEBUFFER_BLOCK32]), HW_REG_FB_BLOCK_8X8);
	/* A bad mode: GL_INVALID_ENUM, the mode stays. */
	glRenderBlockModeDMP(0x1234);
	ck_gl_error(GL_INVALID_ENUM);
	draw_regs(&r);
	ck_assert_uint_eq(hw_reg_bit0(r.v[HW_REG_FRAMEBUFFER_BLOCK32]), HW_REG_FB_BLOCK_8X8);
}
END_TEST

/* ---- per-fragment state ----------------------------------------------------------- */

START_TEST(test_glfrag_per_fragment_errors_change_nothing)
{
	struct gl_fragment_state before = nngx_state_get()->gl.frag;

	glDepthFunc(0x1234);
	ck_gl_error(GL_INVALID_ENUM);
	glStencilFunc(GL_KEEP, 1, 0xFF);
	ck_gl_error(GL_INVALID_ENUM);
	glStencilOp(GL_KEEP, GL_ALWAYS, GL_KEEP);
	ck_gl_error(GL_INVALID_ENUM);
	glBlendFunc(GL_ONE, GL_ONE_MINUS_CONSTANT_ALPHA + 1);    /* past the factors */
	ck_gl_error(GL_INVALID_ENUM);
	glBlendFunc(GL_SRC_ALPHA_SATURATE + 1, GL_ZERO);
	ck_gl_error(GL_INVALID_ENUM);
	glBlendFuncSeparate(GL_ONE, GL_ZERO, 0x1234, GL_ZERO);
	ck_gl_error(GL_INVALID_ENUM);
	glBlendEquation(GL_LESS);
	ck_gl_error(GL_INVALID_ENUM);
	glBlendEquationSeparate(GL_FUNC_ADD, 0x1234);
	ck_gl_error(GL_INVALID_ENUM);
	glLogicOp(GL_NEVER);
	ck_gl_error(GL_INVALID_ENUM);
	glScissor(0, 0, -1, 8);
	ck_gl_error(GL_INVALID_VALUE);
	glEarlyDepthFuncDMP(GL_EQUAL);                           /* four functions only */
	ck_gl_error(GL_INVALID_ENUM);
	glClearEarlyDepthDMP(0x1000000);
	ck_gl_error(GL_INVALID_VALUE);
	glClear(0x1);
	ck_gl_error(GL_INVALID_VALUE);
	ck_assert_mem_eq(&nngx_state_get()->gl.frag, &before, sizeof before);
	ck_assert_uint_eq(nngx_state_get()->gl.default_color_phys, 0);   /* nothing placed */
}
END_TEST

START_TEST(test_glfrag_depth_state_reaches_depth_color_mask)
{
	struct regs r;

	draw_regs(&r);                   /* ES 2.0: depth test off initially */
	ck_assert(!hw_reg_depth_test_enabled(r.v[HW_REG_DEPTH_COLOR_MASK]));
	ck_assert(!hw_reg_depth_write_enabled(r.v[HW_REG_DEPTH_COLOR_MASK]));   /* ES: no write */
	ck_assert_uint_eq(r.v[HW_REG_DEPTHBUFFER_READ], 0);
	ck_assert_uint_eq(r.v[HW_REG_DEPTHBUFFER_WRITE], 0);
	glEnable(GL_DEPTH_TEST);
	glDepthFunc(GL_LEQUAL);
	glDepthMask(GL_FALSE);
	draw_regs(&r);
	ck_assert(hw_reg_depth_test_enabled(r.v[HW_REG_DEPTH_COLOR_MASK]));
	ck_assert_uint_eq(hw_reg_depth_func(r.v[HW_REG_DEPTH_COLOR_MASK]), HW_REG_CMP_LEQUAL);
	ck_assert(!hw_reg_depth_write_enabled(r.v[HW_REG_DEPTH_COLOR_MASK]));
	ck_assert(hw_reg_depthbuffer_depth_access(r.v[HW_REG_DEPTHBUFFER_READ]));
	ck_assert(!hw_reg_depthbuffer_stencil_access(r.v[HW_REG_DEPTHBUFFER_READ]));
	ck_assert(!hw_reg_depthbuffer_depth_access(r.v[HW_REG_DEPTHBUFFER_WRITE]));
	glDepthMask(GL_TRUE);
	glDepthFunc(GL_GREATER);
	draw_regs(&r);
	ck_assert_uint_eq(hw_reg_depth_func(r.v[HW_REG_DEPTH_COLOR_MASK]), HW_REG_CMP_GREATER);
	ck_assert(hw_reg_depth_write_enabled(r.v[HW_REG_DEPTH_COLOR_MASK]));
	ck_assert(hw_reg_depthbuffer_depth_access(r.v[HW_REG_DEPTHBUFFER_WRITE]));
}
END_TEST

START_TEST(test_glfrag_blend_state_reaches_blend_func)
{
	struct regs r;
	uint32_t bf;

	draw_regs(&r);                   /* blending off: the source as it is, no read */
	bf = r.v[HW_REG_BLEND_FUNC];
	ck_assert(hw_reg_color_op_blend(r.v[HW_REG_COLOR_OPERATION]));
	ck_assert_uint_eq(hw_reg_blend_rgb_src(bf), HW_REG_BLENDF_ONE);
	ck_assert_uint_eq(hw_reg_blend_rgb_dst(bf), HW_REG_BLENDF_ZERO);
	ck_assert(!hw_reg_blend_needs_dst(bf));
	ck_assert(!hw_reg_colorbuffer_access(r.v[HW_REG_COLORBUFFER_READ]));
	ck_assert(hw_reg_colorbuffer_access(r.v[HW_REG_COLORBUFFER_WRITE]));
	glEnable(GL_BLEND);
	glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_CONSTANT_ALPHA);
	glBlendEquationSeparate(GL_FUNC_REVERSE_SUBTRACT, GL_MAX);
	glBlendColor(1.0f, 0.5f, 0.0f, 2.0f);                    /* clamped */
	draw_regs(&r);
	bf = r.v[HW_REG_BLEND_FUNC];
	ck_assert_uint_eq(hw_reg_blend_rgb_eq(bf), HW_REG_BLENDEQ_REV_SUBTRACT);
	ck_assert_uint_eq(hw_reg_blend_alpha_eq(bf), HW_REG_BLENDEQ_MAX);
	ck_assert_uint_eq(hw_reg_blend_rgb_src(bf), HW_REG_BLENDF_SRC_ALPHA);
	ck_assert_uint_eq(hw_reg_blend_rgb_dst(bf), HW_REG_BLENDF_INV_SRC_ALPHA);
	ck_assert_uint_eq(hw_reg_blend_alpha_src(bf), HW_REG_BLENDF_ONE);
	ck_assert_uint_eq(hw_reg_blend_alpha_dst(bf), HW_REG_BLENDF_CONST_ALPHA);
	ck_assert_uint_eq(r.v[HW_REG_BLEND_COLOR], 0xFF0080FFu);
	ck_assert(hw_reg_colorbuffer_access(r.v[HW_REG_COLORBUFFER_READ]));
	glBlendFunc(GL_ONE, GL_ZERO);                            /* on, but needs no destination */
	glBlendEquation(GL_FUNC_ADD);
	draw_regs(&r);
	ck_assert(!hw_reg_colorbuffer_access(r.v[HW_REG_COLORBUFFER_READ]));
}
END_TEST

START_TEST(test_glfrag_logic_op_replaces_blending)
{
	struct regs r;

	glEnable(GL_BLEND);
	glBlendFunc(GL_ONE, GL_ONE);
	glEnable(GL_COLOR_LOGIC_OP);
	glLogicOp(GL_XOR);
	draw_regs(&r);
	ck_assert(!hw_reg_color_op_blend(r.v[HW_REG_COLOR_OPERATION]));
	ck_assert_uint_eq(hw_reg_logic_op(r.v[HW_REG_LOGIC_OP]), HW_REG_LOGICOP_XOR);
	ck_assert(hw_reg_colorbuffer_access(r.v[HW_REG_COLORBUFFER_READ]));
	glLogicOp(GL_COPY_INVERTED);
	draw_regs(&r);
	ck_assert_uint_eq(hw_reg_logic_op(r.v[HW_REG_LOGIC_OP]), HW_REG_LOGICOP_COPY_INVERTED);
	ck_assert(!hw_reg_colorbuffer_access(r.v[HW_REG_COLORBUFFER_READ]));
	glDisable(GL_COLOR_LOGIC_OP);
	draw_regs(&r);
	ck_assert(hw_reg_color_op_blend(r.v[HW_REG_COLOR_OPERATION]));
}
END_TEST

START_TEST(test_glfrag_color_mask_decides_colour_reads_and_writes)
{
	GLuint rgb565 = renderbuffer(GL_RGB565, 16, 16);
	struct regs r;

	glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
	draw_regs(&r);                   /* RGBA8: some channels kept, so merged */
	ck_assert_uint_eq(hw_reg_color_write_mask(r.v[HW_REG_DEPTH_COLOR_MASK]), 0x5);
	ck_assert(hw_reg_colorbuffer_access(r.v[HW_REG_COLORBUFFER_READ]));
	ck_assert(hw_reg_colorbuffer_access(r.v[HW_REG_COLORBUFFER_WRITE]));
	glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_FALSE);
	framebuffer_bound();
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rgb565);
	draw_regs(&r);                   /* RGB565 has no alpha: every channel kept */
	ck_assert(!hw_reg_colorbuffer_access(r.v[HW_REG_COLORBUFFER_READ]));
	ck_assert(hw_reg_colorbuffer_access(r.v[HW_REG_COLORBUFFER_WRITE]));
	glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_TRUE);
	draw_regs(&r);                   /* only alpha, which RGB565 lacks: nothing */
	ck_assert_uint_eq(r.v[HW_REG_COLORBUFFER_READ] | r.v[HW_REG_COLORBUFFER_WRITE], 0);
}
END_TEST

START_TEST(test_glfrag_stencil_state_reaches_stencil_registers)
{
	GLuint d16 = renderbuffer(GL_DEPTH_COMPONENT16, 240, 400);
	GLuint color = renderbuffer(GL_RGBA8_OES, 240, 400);
	struct regs r;
	uint32_t st, op;

	glEnable(GL_STENCIL_TEST);
	glStencilFunc(GL_NOTEQUAL, 0x1234, 0x0F0F);      /* ref clamped to 255, masks to 8 bits */
	glStencilMask(0xF0);
	glStencilOp(GL_REPLACE, GL_INCR_WRAP, GL_DECR);
	draw_regs(&r);                                   /* default framebuffer: D24S8 */
	st = r.v[HW_REG_STENCIL_TEST];
	op = r.v[HW_REG_STENCIL_OP];
	ck_assert(hw_reg_bit0(st));
	ck_assert_uint_eq(hw_reg_test_func(st), HW_REG_CMP_NOTEQUAL);
	ck_assert_uint_eq(hw_reg_stencil_ref(st), 0xFF);
	ck_assert_uint_eq(hw_reg_stencil_mask(st), 0x0F);
	ck_assert_uint_eq(hw_reg_stencil_write_mask(st), 0xF0);
	ck_assert_uint_eq(hw_reg_stencil_fail_op(op), HW_REG_STENCILOP_REPLACE);
	ck_assert_uint_eq(hw_reg_stencil_zfail_op(op), HW_REG_STENCILOP_INCR_WRAP);
	ck_assert_uint_eq(hw_reg_stencil_zpass_op(op), HW_REG_STENCILOP_DECR);
	ck_assert(hw_reg_depthbuffer_stencil_access(r.v[HW_REG_DEPTHBUFFER_READ]));
	ck_assert(hw_reg_depthbuffer_stencil_access(r.v[HW_REG_DEPTHBUFFER_WRITE]));
	ck_assert(!hw_reg_depthbuffer_depth_access(r.v[HW_REG_DEPTHBUFFER_READ]));
	glStencilMask(0);
	draw_regs(&r);
	ck_assert(!hw_reg_depthbuffer_stencil_access(r.v[HW_REG_DEPTHBUFFER_WRITE]));
	/* D16 has no stencil bits: the test is off (ES 2.0, 4.1.5). */
	framebuffer_bound();
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, d16);
	draw_regs(&r);
	ck_assert(!hw_reg_bit0(r.v[HW_REG_STENCIL_TEST]));
	ck_assert_uint_eq(r.v[HW_REG_DEPTHBUFFER_READ], 0);
}
END_TEST

START_TEST(test_glfrag_scissor_box_is_clamped_with_inclusive_corners)
{
	struct regs r;

	draw_regs(&r);
	ck_assert(!hw_reg_scissor_on(r.v[HW_REG_SCISSORTEST_MODE]));
	glEnable(GL_SCISSOR_TEST);
	glScissor(10, 20, 30, 40);
	draw_regs(&r);
	ck_assert_uint_eq(hw_reg_scissor_mode(r.v[HW_REG_SCISSORTEST_MODE]), HW_REG_SCISSOR_ON);
	ck_assert_uint_eq(hw_reg_scissor_x(r.v[HW_REG_SCISSORTEST_POS]), 10);
	ck_assert_uint_eq(hw_reg_scissor_y(r.v[HW_REG_SCISSORTEST_POS]), 20);
	ck_assert_uint_eq(hw_reg_scissor_x(r.v[HW_REG_SCISSORTEST_DIM]), 39);
	ck_assert_uint_eq(hw_reg_scissor_y(r.v[HW_REG_SCISSORTEST_DIM]), 59);
	glScissor(-5, 390, 1000, 100);                   /* clamped to 240 x 400 */
	draw_regs(&r);
	ck_assert_uint_eq(hw_reg_scissor_x(r.v[HW_REG_SCISSORTEST_POS]), 0);
	ck_assert_uint_eq(hw_reg_scissor_y(r.v[HW_REG_SCISSORTEST_POS]), 390);
	ck_assert_uint_eq(hw_reg_scissor_x(r.v[HW_REG_SCISSORTEST_DIM]), 239);
	ck_assert_uint_eq(hw_reg_scissor_y(r.v[HW_REG_SCISSORTEST_DIM]), 399);
	glScissor(5, 5, 0, 10);                          /* empty either way it is read */
	draw_regs(&r);
	ck_assert_uint_gt(hw_reg_scissor_x(r.v[HW_REG_SCISSORTEST_POS]),
			  hw_reg_scissor_x(r.v[HW_REG_SCISSORTEST_DIM]));
	ck_assert_uint_gt(hw_reg_scissor_y(r.v[HW_REG_SCISSORTEST_POS]),
			  hw_reg_scissor_y(r.v[HW_REG_SCISSORTEST_DIM]));
}
END_TEST

START_TEST(test_glfrag_early_depth_state_and_clear)
{
	struct regs r;
	size_t at;

	draw_regs(&r);
	ck_assert(!hw_reg_earlydepth_on(r.v[HW_REG_EARLYDEPTH_TEST1], r.v[HW_REG_EARLYDEPTH_TEST2]));
	ck_assert_uint_eq(hw_reg_earlydepth_func(r.v[HW_REG_EARLYDEPTH_FUNC]),
			  HW_REG_EARLYDEPTH_LESS);
	glEnable(GL_EARLY_DEPTH_TEST_DMP);
	glEarlyDepthFuncDMP(GL_GEQUAL);
	draw_regs(&r);
	ck_assert(hw_reg_bit0(r.v[HW_REG_EARLYDEPTH_TEST1]) && hw_reg_bit0(r.v[HW_REG_EARLYDEPTH_TEST2]));
	ck_assert_uint_eq(hw_reg_earlydepth_func(r.v[HW_REG_EARLYDEPTH_FUNC]),
			  HW_REG_EARLYDEPTH_GEQUAL);
	ck_assert_uint_eq(r.writes[HW_REG_EARLYDEPTH_CLEAR], 0);
	/* The value is state; glClear with the DMP bit sends the clear. */
	glClearEarlyDepthDMP(0x123456);
	at = mark();
	glClear(GL_EARLY_DEPTH_BUFFER_BIT_DMP);
	ck_gl_error(GL_NO_ERROR);
	regs_since(at, &r);
	ck_assert_uint_eq(hw_reg_earlydepth_data(r.v[HW_REG_EARLYDEPTH_DATA]), 0x123456);
	ck_assert_uint_eq(r.writes[HW_REG_EARLYDEPTH_CLEAR], 1);
	ck_assert_uint_gt(r.order[HW_REG_EARLYDEPTH_CLEAR], r.order[HW_REG_EARLYDEPTH_DATA]);
	ck_assert_uint_gt(r.order[HW_REG_EARLYDEPTH_CLEAR], r.order[HW_REG_FRAMEBUFFER_DIM]);
	ck_assert_uint_eq(hw_reg_renderbuf_width(r.v[HW_REG_FRAMEBUFFER_DIM]), 240);
	/* Colour, depth and stencil clears are memory fills: no 3D command,
	 * one FILLMEM request (check_display.c tests them). */
	at = mark();
	glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_uint_eq(mark(), at);
	ck_assert_uint_eq(bound_list()->req[bound_list()->used_req - 1].type,
			  NN_GX_CMDLIST_REQTYPE_FILLMEM);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_NOT_MODELLED), 0);
}
END_TEST

START_TEST(test_glfrag_draw_ends_with_flush_then_invalidate)
{
	struct regs r;

	draw_regs(&r);
	ck_assert_uint_eq(r.writes[HW_REG_FRAMEBUFFER_FLUSH], 1);
	ck_assert_uint_eq(r.writes[HW_REG_FRAMEBUFFER_INVALIDATE], 1);
	ck_assert(hw_reg_bit0(r.v[HW_REG_FRAMEBUFFER_FLUSH]));
	ck_assert(hw_reg_bit0(r.v[HW_REG_FRAMEBUFFER_INVALIDATE]));
	ck_assert_uint_gt(r.order[HW_REG_FRAMEBUFFER_FLUSH], r.order[HW_REG_DRAWARRAYS]);
	ck_assert_uint_gt(r.order[HW_REG_FRAMEBUFFER_INVALIDATE], r.order[HW_REG_FRAMEBUFFER_FLUSH]);
	/* Every fragment register is set before the trigger. */
	ck_assert_uint_lt(r.order[HW_REG_DEPTH_COLOR_MASK], r.order[HW_REG_DRAWARRAYS]);
	ck_assert_uint_lt(r.order[HW_REG_COLORBUFFER_LOC], r.order[HW_REG_DRAWARRAYS]);
	ck_assert_uint_lt(r.order[HW_REG_TEXENV_COMBINER(5)], r.order[HW_REG_DRAWARRAYS]);
}
END_TEST

START_TEST(test_glfrag_depth_range_reaches_the_depth_map)
{
	struct regs r;

	draw_regs(&r);
	ck_assert(hw_reg_bit0(r.v[HW_REG_DEPTHMAP_ENABLE]));
	ck_assert(hw_reg_f24_field(r.v[HW_REG_DEPTHMAP_SCALE]) == -1.0f);
	ck_assert(hw_reg_f24_field(r.v[HW_REG_DEPTHMAP_OFFSET]) == 0.0f);
	glDepthRangef(0.25f, 1.5f);                      /* clamped to 1 */
	draw_regs(&r);
	ck_assert(hw_reg_f24_field(r.v[HW_REG_DEPTHMAP_SCALE]) == -0.75f);
	ck_assert(hw_reg_f24_field(r.v[HW_REG_DEPTHMAP_OFFSET]) == 0.25f);
}
END_TEST

/* glPolygonOffset moves the depth map's offset by units depth-buffer steps
 * while GL_POLYGON_OFFSET_FILL is on; factor (no slope term on the
 * PICA200) moves nothing. The default framebuffer's depth is 24-bit. */
START_TEST(test_glfrag_polygon_offset_moves_the_depth_map)
{
	const float step24 = 1.0f / 16777215.0f;
	struct regs r;

	glPolygonOffset(3.0f, 256.0f);
	draw_regs(&r);
	ck_assert(hw_reg_f24_field(r.v[HW_REG_DEPTHMAP_OFFSET]) == 0.0f);   /* off */
	glEnable(GL_POLYGON_OFFSET_FILL);
	draw_regs(&r);
	ck_assert(hw_reg_f24_field(r.v[HW_REG_DEPTHMAP_OFFSET])
		  == hw_reg_f24_field(hw_reg_float_to_f24(256.0f * step24)));
	ck_assert(hw_reg_f24_field(r.v[HW_REG_DEPTHMAP_OFFSET]) > 0.0f);
	ck_assert(hw_reg_f24_field(r.v[HW_REG_DEPTHMAP_SCALE]) == -1.0f);   /* unchanged */
	glPolygonOffset(100.0f, 0.0f);                  /* factor alone: nothing */
	draw_regs(&r);
	ck_assert(hw_reg_f24_field(r.v[HW_REG_DEPTHMAP_OFFSET]) == 0.0f);
	glPolygonOffset(0.0f, -65536.0f);
	glDepthRangef(0.5f, 1.0f);
	draw_regs(&r);
	ck_assert(hw_reg_f24_field(r.v[HW_REG_DEPTHMAP_OFFSET])
		  == hw_reg_f24_field(hw_reg_float_to_f24(0.5f - 65536.0f * step24)));
	glDisable(GL_POLYGON_OFFSET_FILL);
	draw_regs(&r);
	ck_assert(hw_reg_f24_field(r.v[HW_REG_DEPTHMAP_OFFSET]) == 0.5f);
	ck_gl_error(GL_NO_ERROR);
}
END_TEST

/* ---- reserved uniforms -------------------------------------------------------------- */

static GLint loc(const char *name)
{
	return glGetUniformLocation(program, name);
}

START_TEST(test_glfrag_dmp_locations_are_distinct_and_bounded)
{
	static const char *const fields[] = {
		"combineRgb", "combineAlpha", "srcRgb", "srcAlpha", "operandRgb", "operandAlpha",
		"constRgba", "scaleRgb", "scaleAlpha",
	};
	GLint seen[6 * 9];
	char name[64];
	unsigned i, f, k, n = 0;

	for (i = 0; i < 6; i++)
		for (f = 0; f < 9; f++) {
			snprintf(name, sizeof name, "dmp_TexEnv[%u].%s", i, fields[f]);
			seen[n] = loc(name);
			ck_assert_msg(seen[n] != -1, "%s", name);
			ck_assert(gl_dmp_is_location(seen[n]));
			for (k = 0; k < n; k++)
				ck_assert_int_ne(seen[k], seen[n]);
			n++;
		}
	/* The SDK's fixed locations (GL_LOC_DMP_* values). */
	ck_assert_uint_eq((GLuint)loc("dmp_TexEnv[1].bufferInput"), 0xFFFC0485u);
	ck_assert_uint_eq((GLuint)loc("dmp_TexEnv[4].bufferInput"), 0xFFFC0491u);
	ck_assert_uint_eq((GLuint)loc("dmp_TexEnv[0].bufferColor"), 0xFFFC0483u);
	ck_assert_uint_eq((GLuint)loc("dmp_Texture[2].samplerType"), 0xFFFC0014u);
	ck_assert_uint_eq((GLuint)loc("dmp_FragmentLightSource[7].enabled"), 0xFFFC0100u);
	ck_assert_uint_eq((GLuint)loc("dmp_FragOperation.alphaRefValue"), 0xFFFC0098u);
	ck_assert_uint_eq((GLuint)loc("dmp_FragmentMaterial.diffuse"), 0xFFFC00DBu);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_ARGUMENT), 0);
	ck_assert_int_eq(loc("dmp_TexEnv[0].bufferInput"), -1);    /* stages 1-4 only */
	ck_assert_int_eq(loc("dmp_TexEnv[5].bufferInput"), -1);
	ck_assert_int_eq(loc("dmp_TexEnv[1].bufferColor"), -1);
	ck_assert_int_eq(loc("dmp_TexEnv[6].srcRgb"), -1);
	ck_assert_int_eq(loc("dmp_TexEnv[0].srcRgbx"), -1);
	ck_assert_int_eq(loc("dmp_TexEnv[x].srcRgb"), -1);
	ck_assert_int_eq(loc("dmp_Texture[4].samplerType"), -1);
	ck_assert_int_eq(loc("dmp_FragmentLightSource[8].enabled"), -1);
	ck_assert_int_eq(loc("dmp_FragmentMaterial.glow"), -1);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_ARGUMENT), 9);
	ck_gl_error(GL_NO_ERROR);
}
END_TEST

START_TEST(test_glfrag_dmp_defaults)
{
	GLint v[4];
	GLfloat f[4];

	glGetUniformiv(program, loc("dmp_TexEnv[0].srcRgb"), v);
	ck_assert_int_eq(v[0], GL_TEXTURE0);
	ck_assert_int_eq(v[1], GL_PRIMARY_COLOR);
	ck_assert_int_eq(v[2], GL_PRIMARY_COLOR);
	glGetUniformiv(program, loc("dmp_TexEnv[3].srcAlpha"), v);
	ck_assert_int_eq(v[0], GL_PREVIOUS);
	glGetUniformiv(program, loc("dmp_TexEnv[5].combineRgb"), v);
	ck_assert_int_eq(v[0], GL_REPLACE);
	glGetUniformiv(program, loc("dmp_TexEnv[2].operandAlpha"), v);
	ck_assert_int_eq(v[2], GL_SRC_ALPHA);
	glGetUniformiv(program, loc("dmp_TexEnv[4].bufferInput"), v);
	ck_assert_int_eq(v[0], GL_PREVIOUS_BUFFER_DMP);
	ck_assert_int_eq(v[1], GL_PREVIOUS_BUFFER_DMP);
	glGetUniformfv(program, loc("dmp_TexEnv[1].scaleAlpha"), f);
	ck_assert(f[0] == 1.0f);
	glGetUniformiv(program, loc("dmp_Texture[0].samplerType"), v);
	ck_assert_int_eq(v[0], GL_FALSE);
	glGetUniformiv(program, loc("dmp_FragOperation.alphaTestFunc"), v);
	ck_assert_int_eq(v[0], GL_ALWAYS);
	glGetUniformiv(program, loc("dmp_FragmentLighting.enabled"), v);
	ck_assert_int_eq(v[0], GL_FALSE);
	ck_gl_error(GL_NO_ERROR);
}
END_TEST

START_TEST(test_glfrag_dmp_uniform_errors_change_nothing)
{
	struct gl_executable *exe = gl_object_find(&nngx_state_get()->gl, program)->u.program.exe;
	struct gl_dmp_state before = exe->dmp;
	static const GLint two[2] = { GL_MODULATE, GL_ADD };

	glUniform1f(loc("dmp_TexEnv[0].combineRgb"), 1.0f);            /* an int */
	ck_gl_error(GL_INVALID_OPERATION);
	glUniform3i(loc("dmp_TexEnv[0].combineRgb"), GL_ADD, GL_ADD, GL_ADD);
	ck_gl_error(GL_INVALID_OPERATION);
	glUniform1i(loc("dmp_TexEnv[0].srcRgb"), GL_CONSTANT);         /* an ivec3 */
	ck_gl_error(GL_INVALID_OPERATION);
	glUniform1iv(loc("dmp_TexEnv[0].combineRgb"), 2, two);         /* not an array */
	ck_gl_error(GL_INVALID_OPERATION);
	glUniformMatrix4fv(loc("dmp_TexEnv[0].constRgba"), 1, GL_FALSE, (GLfloat[16]){ 0 });
	ck_gl_error(GL_INVALID_OPERATION);
	glUniform1i(loc("dmp_TexEnv[0].combineRgb"), GL_CONSTANT);     /* not an op */
	ck_gl_error(GL_INVALID_ENUM);
	glUniform3i(loc("dmp_TexEnv[1].srcRgb"), GL_TEXTURE0, GL_TEXTURE4, GL_CONSTANT);
	ck_gl_error(GL_INVALID_ENUM);
	glUniform3i(loc("dmp_TexEnv[1].operandAlpha"), GL_SRC_COLOR, GL_SRC_ALPHA, GL_SRC_ALPHA);
	ck_gl_error(GL_INVALID_ENUM);
	glUniform1f(loc("dmp_TexEnv[1].scaleRgb"), 3.0f);
	ck_gl_error(GL_INVALID_VALUE);
	glUniform1f(loc("dmp_FragOperation.alphaRefValue"), 1.5f);
	ck_gl_error(GL_INVALID_VALUE);
	glUniform1i(loc("dmp_Texture[1].samplerType"), GL_TEXTURE_CUBE_MAP);   /* unit 0 only */
	ck_gl_error(GL_INVALID_ENUM);
	glUniform2i(loc("dmp_TexEnv[2].bufferInput"), GL_PREVIOUS, GL_CONSTANT);
	ck_gl_error(GL_INVALID_ENUM);
	glUniform1i((GLint)(0xFFFC0000u | 297u << 2), 1);             /* no such row */
	ck_gl_error(GL_INVALID_OPERATION);
	glUniform1i((GLint)0xFFFC000Du, 1);          /* samplerType with a wrong size */
	ck_gl_error(GL_INVALID_OPERATION);
	ck_assert_mem_eq(&exe->dmp, &before, sizeof before);
}
END_TEST

START_TEST(test_glfrag_dmp_values_are_per_program_and_reset_by_link)
{
	struct fx_shader *other = fx_shader_passthrough();
	GLuint q = fx_program(other), p = program;
	GLint v[3];

	glUseProgram(p);
	glUniform1i(glGetUniformLocation(p, "dmp_TexEnv[0].combineRgb"), GL_MODULATE);
	glUniform1f(glGetUniformLocation(p, "dmp_FragmentLighting.enabled"), 1.0f);   /* a bool */
	ck_gl_error(GL_NO_ERROR);
	glGetUniformiv(p, glGetUniformLocation(p, "dmp_TexEnv[0].combineRgb"), v);
	ck_assert_int_eq(v[0], GL_MODULATE);
	glGetUniformiv(p, glGetUniformLocation(p, "dmp_FragmentLighting.enabled"), v);
	ck_assert_int_eq(v[0], GL_TRUE);
	glGetUniformiv(q, glGetUniformLocation(q, "dmp_TexEnv[0].combineRgb"), v);
	ck_assert_int_eq(v[0], GL_REPLACE);                            /* q has its own */
	glLinkProgram(p);
	glGetUniformiv(p, glGetUniformLocation(p, "dmp_TexEnv[0].combineRgb"), v);
	ck_assert_int_eq(v[0], GL_REPLACE);                            /* a link resets */
	glGetUniformiv(0, glGetUniformLocation(p, "dmp_TexEnv[0].combineRgb"), v);
	ck_gl_error(GL_INVALID_VALUE);
	fx_shader_free(other);
}
END_TEST

START_TEST(test_glfrag_texenv_uniforms_reach_texenv_registers)
{
	struct regs r;
	uint32_t src, op, comb, scale;

	glUniform3i(loc("dmp_TexEnv[2].srcRgb"), GL_TEXTURE0, GL_CONSTANT, GL_PREVIOUS_BUFFER_DMP);
	glUniform3i(loc("dmp_TexEnv[2].srcAlpha"), GL_PRIMARY_COLOR,
		    GL_FRAGMENT_PRIMARY_COLOR_DMP, GL_TEXTURE1);   /* no carried source */
	ck_gl_error(GL_INVALID_ENUM);
	glUniform3i(loc("dmp_TexEnv[2].srcAlpha"), GL_PRIMARY_COLOR,
		    GL_FRAGMENT_PRIMARY_COLOR_DMP, GL_CONSTANT);
	glUniform3i(loc("dmp_TexEnv[2].operandRgb"), GL_ONE_MINUS_SRC_ALPHA, GL_SRC_R_DMP,
		    GL_ONE_MINUS_SRC_B_DMP);
	glUniform3i(loc("dmp_TexEnv[2].operandAlpha"), GL_ONE_MINUS_SRC_ALPHA, GL_SRC_G_DMP,
		    GL_ONE_MINUS_SRC_B_DMP);
	glUniform1i(loc("dmp_TexEnv[2].combineRgb"), GL_MULT_ADD_DMP);
	glUniform1i(loc("dmp_TexEnv[2].combineAlpha"), GL_DOT3_RGBA);
	glUniform4f(loc("dmp_TexEnv[2].constRgba"), 1.0f, 0.5f, 0.0f, 0.25f);
	glUniform1f(loc("dmp_TexEnv[2].scaleRgb"), 4.0f);
	glUniform1f(loc("dmp_TexEnv[2].scaleAlpha"), 2.0f);
	glUniform2i(loc("dmp_TexEnv[3].bufferInput"), GL_PREVIOUS, GL_PREVIOUS_BUFFER_DMP);
	glUniform2i(loc("dmp_TexEnv[4].bufferInput"), GL_PREVIOUS_BUFFER_DMP, GL_PREVIOUS);
	glUniform4f(loc("dmp_TexEnv[0].bufferColor"), 0.0f, 1.0f, 0.0f, 1.0f);
	ck_gl_error(GL_NO_ERROR);
	draw_regs(&r);
	src = r.v[HW_REG_TEXENV_SOURCE(2)];
	op = r.v[HW_REG_TEXENV_OPERAND(2)];
	comb = r.v[HW_REG_TEXENV_COMBINER(2)];
	scale = r.v[HW_REG_TEXENV_SCALE(2)];
	ck_assert_uint_eq(hw_reg_texenv_rgb_source(src, 0), HW_REG_TEVSRC_TEXTURE0);
	ck_assert_uint_eq(hw_reg_texenv_rgb_source(src, 1), HW_REG_TEVSRC_CONSTANT);
	ck_assert_uint_eq(hw_reg_texenv_rgb_source(src, 2), HW_REG_TEVSRC_PREVIOUS_BUFFER);
	ck_assert_uint_eq(hw_reg_texenv_alpha_source(src, 0), HW_REG_TEVSRC_PRIMARY_COLOR);
	ck_assert_uint_eq(hw_reg_texenv_alpha_source(src, 1), HW_REG_TEVSRC_FRAG_PRIMARY);
	ck_assert_uint_eq(hw_reg_texenv_alpha_source(src, 2), HW_REG_TEVSRC_CONSTANT);
	ck_assert_uint_eq(hw_reg_texenv_rgb_operand(op, 0), HW_REG_TEVOP_RGB_INV_ALPHA);
	ck_assert_uint_eq(hw_reg_texenv_rgb_operand(op, 1), HW_REG_TEVOP_RGB_RED);
	ck_assert_uint_eq(hw_reg_texenv_rgb_operand(op, 2), HW_REG_TEVOP_RGB_INV_BLUE);
	ck_assert_uint_eq(hw_reg_texenv_alpha_operand(op, 0), HW_REG_TEVOP_A_INV_ALPHA);
	ck_assert_uint_eq(hw_reg_texenv_alpha_operand(op, 1), HW_REG_TEVOP_A_GREEN);
	ck_assert_uint_eq(hw_reg_texenv_alpha_operand(op, 2), HW_REG_TEVOP_A_INV_BLUE);
	ck_assert_uint_eq(hw_reg_texenv_rgb_combine(comb), HW_REG_TEVCOMB_MULT_ADD);
	ck_assert_uint_eq(hw_reg_texenv_alpha_combine(comb), HW_REG_TEVCOMB_DOT3_RGBA);
	ck_assert_uint_eq(r.v[HW_REG_TEXENV_COLOR(2)], 0x400080FFu);
	ck_assert_uint_eq(hw_reg_texenv_scale_factor(hw_reg_texenv_rgb_scale(scale)), 4);
	ck_assert_uint_eq(hw_reg_texenv_scale_factor(hw_reg_texenv_alpha_scale(scale)), 2);
	ck_assert(hw_reg_texenv_buffer_rgb(r.v[HW_REG_TEXENV_UPDATE_BUFFER], 3));
	ck_assert(!hw_reg_texenv_buffer_alpha(r.v[HW_REG_TEXENV_UPDATE_BUFFER], 3));
	ck_assert(!hw_reg_texenv_buffer_rgb(r.v[HW_REG_TEXENV_UPDATE_BUFFER], 4));
	ck_assert(hw_reg_texenv_buffer_alpha(r.v[HW_REG_TEXENV_UPDATE_BUFFER], 4));
	ck_assert(!hw_reg_texenv_buffer_rgb(r.v[HW_REG_TEXENV_UPDATE_BUFFER], 1));
	ck_assert_uint_eq(r.v[HW_REG_TEXENV_BUFFER_COLOR], 0xFF00FF00u);
	ck_assert_uint_eq(hw_reg_fog_mode(r.v[HW_REG_TEXENV_UPDATE_BUFFER]), HW_REG_FOGMODE_OFF);
	/* The defaults elsewhere: stage 0 replaces with texture 0, stage 5
	 * passes the previous stage on. */
	ck_assert_uint_eq(hw_reg_texenv_rgb_source(r.v[HW_REG_TEXENV_SOURCE(0)], 0),
			  HW_REG_TEVSRC_TEXTURE0);
	ck_assert_uint_eq(hw_reg_texenv_rgb_source(r.v[HW_REG_TEXENV_SOURCE(5)], 0),
			  HW_REG_TEVSRC_PREVIOUS);
	ck_assert_uint_eq(hw_reg_texenv_rgb_combine(r.v[HW_REG_TEXENV_COMBINER(5)]),
			  HW_REG_TEVCOMB_REPLACE);
}
END_TEST

/* Issue 30: the combiner's 8-bit arithmetic through GL, pixel exact.
 * Stage 0 replaces with k0 = (.6, .4, .2, .8) -> bytes (153, 102, 51,
 * 204) (round(c x 255)); stage 1 combines a = previous with b = c = k1 =
 * .6 -> 153 on every channel; each product over 255 truncates:
 *   MODULATE    ab/255: 23409/255 = 91.8, 15606/255 = 61.2, 7803/255 =
 *               30.6, 31212/255 = 122.4 (the float model gave 92 ...)
 *   ADD         306 -> 255, 255, 204, 357 -> 255
 *   ADD_SIGNED  a + b - 128: 178, 127, 76, 229
 *   SUBTRACT    a - b: 0, -51 -> 0, 0, 51
 *   INTERPOLATE (ac + b(255 - c))/255 = (153a + 15606)/255: 153, 122.4,
 *               91.8, 183.6
 *   MULT_ADD    (ab + 255c)/255: 244.8, 214.2, 183.6, 275.4 -> 255
 *   ADD_MULT    min(a + b, 255) c / 255: 153, 153, 122.4, 153 */
START_TEST(test_glfrag_combiner_modes_give_exact_8bit_pixels)
{
	static const struct {
		GLint op;
		uint8_t rgba[4];
	} rows[] = {
		{ GL_MODULATE, { 91, 61, 30, 122 } },
		{ GL_ADD, { 255, 255, 204, 255 } },
		{ GL_ADD_SIGNED, { 178, 127, 76, 229 } },
		{ GL_SUBTRACT, { 0, 0, 0, 51 } },
		{ GL_INTERPOLATE, { 153, 122, 91, 183 } },
		{ GL_MULT_ADD_DMP, { 244, 214, 183, 255 } },
		{ GL_ADD_MULT_DMP, { 153, 153, 122, 153 } },
	};
	struct gl_context *gl = &nngx_state_get()->gl;
	unsigned r;

	glUniform3i(loc("dmp_TexEnv[0].srcRgb"), GL_CONSTANT, GL_CONSTANT, GL_CONSTANT);
	glUniform3i(loc("dmp_TexEnv[0].srcAlpha"), GL_CONSTANT, GL_CONSTANT, GL_CONSTANT);
	glUniform1i(loc("dmp_TexEnv[0].combineRgb"), GL_REPLACE);
	glUniform1i(loc("dmp_TexEnv[0].combineAlpha"), GL_REPLACE);
	glUniform4f(loc("dmp_TexEnv[0].constRgba"), 0.6f, 0.4f, 0.2f, 0.8f);
	glUniform3i(loc("dmp_TexEnv[1].srcRgb"), GL_PREVIOUS, GL_CONSTANT, GL_CONSTANT);
	glUniform3i(loc("dmp_TexEnv[1].srcAlpha"), GL_PREVIOUS, GL_CONSTANT, GL_CONSTANT);
	glUniform3i(loc("dmp_TexEnv[1].operandRgb"), GL_SRC_COLOR, GL_SRC_COLOR, GL_SRC_COLOR);
	glUniform3i(loc("dmp_TexEnv[1].operandAlpha"), GL_SRC_ALPHA, GL_SRC_ALPHA, GL_SRC_ALPHA);
	glUniform4f(loc("dmp_TexEnv[1].constRgba"), 0.6f, 0.6f, 0.6f, 0.6f);
	ck_gl_error(GL_NO_ERROR);
	for (r = 0; r < sizeof rows / sizeof rows[0]; r++) {
		uint8_t got[4];

		glUniform1i(loc("dmp_TexEnv[1].combineRgb"), rows[r].op);
		glUniform1i(loc("dmp_TexEnv[1].combineAlpha"), rows[r].op);
		glDrawArrays(GL_TRIANGLES, 0, 3);
		ck_gl_error(GL_NO_ERROR);
		glFinish();
		hw_pixel_decode(HW_COLOR_RGBA8,
				host(gl->default_color_phys
				     + hw_fragment_pixel_offset(120, 200, 240, 400, 4), 4), got);
		ck_assert_msg(memcmp(got, rows[r].rgba, 4) == 0, "op 0x%X: %u %u %u %u", rows[r].op,
			      got[0], got[1], got[2], got[3]);
	}
}
END_TEST

START_TEST(test_glfrag_alpha_test_uniforms_reach_alpha_test)
{
	struct regs r;
	uint32_t at;

	glUniform1i(loc("dmp_FragOperation.enableAlphaTest"), GL_TRUE);
	glUniform1i(loc("dmp_FragOperation.alphaTestFunc"), GL_GREATER);
	glUniform1f(loc("dmp_FragOperation.alphaRefValue"), 0.5f);
	ck_gl_error(GL_NO_ERROR);
	draw_regs(&r);
	at = r.v[HW_REG_FRAGOP_ALPHA_TEST];
	ck_assert(hw_reg_bit0(at));
	ck_assert_uint_eq(hw_reg_test_func(at), HW_REG_CMP_GREATER);
	ck_assert_uint_eq(hw_reg_alpha_test_ref(at), 128);
	ck_assert_uint_eq(hw_reg_fragop_mode(r.v[HW_REG_COLOR_OPERATION]), HW_REG_FRAGMODE_DEFAULT);
}
END_TEST

START_TEST(test_glfrag_light_enables_set_count_permutation_and_luts)
{
	struct regs r;
	uint32_t num, perm;

	draw_regs(&r);
	ck_assert(!hw_reg_lighting_on(r.v[HW_REG_LIGHTING_ENABLE0], r.v[HW_REG_LIGHTING_ENABLE1]));
	glUniform1i(loc("dmp_FragmentLighting.enabled"), GL_TRUE);
	glUniform1i(loc("dmp_FragmentLightSource[2].enabled"), GL_TRUE);
	glUniform1i(loc("dmp_FragmentLightSource[5].enabled"), GL_TRUE);
	glUniform1i(loc("dmp_FragmentLightSource[7].enabled"), GL_TRUE);
	glUniform1i(loc("dmp_FragmentLightSource[5].spotEnabled"), GL_TRUE);
	glUniform1i(loc("dmp_LightEnv.lutEnabledD0"), GL_TRUE);
	glUniform1i(loc("dmp_LightEnv.config"), GL_LIGHT_ENV_LAYER_CONFIG7_DMP);
	ck_gl_error(GL_NO_ERROR);
	/* D0 and light 5's SP read LUT 0 (the samplers' default): nothing is
	 * bound there yet, so the draw fails [S3]. */
	glDrawArrays(GL_TRIANGLES, 0, 3);
	ck_gl_error(GL_INVALID_OPERATION);
	define_lut0();
	draw_regs(&r);
	num = r.v[HW_REG_LIGHTING_NUM_LIGHTS];
	perm = r.v[HW_REG_LIGHTING_LIGHT_PERMUTATION];
	ck_assert(hw_reg_lighting_on(r.v[HW_REG_LIGHTING_ENABLE0], r.v[HW_REG_LIGHTING_ENABLE1]));
	ck_assert_uint_eq(hw_reg_lighting_num_lights(num), 3);
	ck_assert_uint_eq(hw_reg_lighting_light_mask(num, perm), 1u << 2 | 1u << 5 | 1u << 7);
	ck_assert_uint_eq(hw_reg_lighting_lut_config(r.v[HW_REG_LIGHTING_CONFIG0]), 8);
	ck_assert_uint_eq(hw_reg_lighting_luts_used(r.v[HW_REG_LIGHTING_CONFIG0],
						    r.v[HW_REG_LIGHTING_CONFIG1],
						    hw_reg_lighting_light_mask(num, perm)),
			  1u << HW_REG_LUT_D0 | 1u << HW_REG_LUT_SP);
}
END_TEST

START_TEST(test_glfrag_fog_and_gas_modes_are_sent)
{
	struct regs r;

	glUniform1i(loc("dmp_Fog.mode"), GL_FOG);
	glUniform3f(loc("dmp_Fog.color"), 1.0f, 0.0f, 0.5f);
	ck_gl_error(GL_NO_ERROR);
	define_lut0();                  /* the fog table dmp_Fog.sampler (0) selects */
	draw_regs(&r);
	ck_assert_uint_eq(hw_reg_fog_mode(r.v[HW_REG_TEXENV_UPDATE_BUFFER]), HW_REG_FOGMODE_FOG);
	ck_assert_uint_eq(r.v[HW_REG_FOG_COLOR], 0x8000FFu);
	glUniform1i(loc("dmp_FragOperation.mode"), GL_FRAGOP_MODE_GAS_ACC_DMP);
	draw_regs(&r);
	ck_assert_uint_eq(hw_reg_fragop_mode(r.v[HW_REG_COLOR_OPERATION]), HW_REG_FRAGMODE_GAS);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_NOT_MODELLED), 0);
}
END_TEST

/* ---- texture units at a draw ---------------------------------------------------------- */

START_TEST(test_glfrag_sampler_type_switches_the_unit_and_its_registers)
{
	static uint16_t texels[32 * 16];
	struct regs r;
	GLuint t;
	uint32_t dim, param;

	t = texture_bound();
	glTexImage2D(GL_TEXTURE_2D | NN_GX_MEM_VRAMB, 0, GL_RGB, 32, 16, 0, GL_RGB,
		     GL_UNSIGNED_SHORT_5_6_5, texels);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_MIRRORED_REPEAT);
	ck_gl_error(GL_NO_ERROR);
	draw_regs(&r);                   /* samplers off by default */
	ck_assert_uint_eq(hw_reg_texunit_mask(r.v[HW_REG_TEXUNIT_CONFIG]), 0);
	glUniform1i(loc("dmp_Texture[0].samplerType"), GL_TEXTURE_2D);
	draw_regs(&r);
	ck_assert_uint_eq(hw_reg_texunit_mask(r.v[HW_REG_TEXUNIT_CONFIG]), 1);
	dim = r.v[HW_REG_TEXUNIT_DIM(0)];
	param = r.v[HW_REG_TEXUNIT_PARAM(0)];
	ck_assert_uint_eq(hw_reg_tex_addr(r.v[HW_REG_TEXUNIT_ADDR(0)]), nngxShimGetTextureAddress(t));
	ck_assert_uint_eq(hw_reg_tex_width(dim), 32);
	ck_assert_uint_eq(hw_reg_tex_height(dim), 16);
	ck_assert_uint_eq(hw_reg_tex_format(r.v[HW_REG_TEXUNIT_TYPE(0)]), HW_REG_TEXFMT_RGB565);
	ck_assert_uint_eq(hw_reg_tex_min_filter(param), HW_REG_TEXFILTER_NEAREST);
	ck_assert_uint_eq(hw_reg_tex_mag_filter(param), HW_REG_TEXFILTER_LINEAR);
	ck_assert_uint_eq(hw_reg_tex_wrap_s(param), HW_REG_TEXWRAP_CLAMP_EDGE);
	ck_assert_uint_eq(hw_reg_tex_wrap_t(param), HW_REG_TEXWRAP_MIRROR);
	ck_assert_uint_eq(hw_reg_tex_type(param), HW_REG_TEXTYPE_2D);
	ck_assert_uint_eq(hw_reg_tex_etc1_flag(param), 0);
	ck_assert_uint_eq(hw_reg_tex_max_level(r.v[HW_REG_TEXUNIT_LOD(0)]), 0);
	ck_assert_uint_eq(hw_reg_tex_min_level(r.v[HW_REG_TEXUNIT_LOD(0)]), 0);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_TEXTURE_INCOMPLETE), 0);
	/* Unit 1 on with nothing in its texture: off, with a warning. */
	glUniform1i(loc("dmp_Texture[1].samplerType"), GL_TEXTURE_2D);
	draw_regs(&r);
	ck_assert_uint_eq(hw_reg_texunit_mask(r.v[HW_REG_TEXUNIT_CONFIG]), 1);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_TEXTURE_INCOMPLETE), 1);
}
END_TEST

/* The registers the texture units get from the new parameters and
 * sampler types: TEXUNIT0_LOD bias 1.5 -> 384 (1/256 steps), max level 3
 * (4 levels of 64), min level 2 (GL_TEXTURE_MIN_LOD 2.7 truncated);
 * border (0.2, 0.4, 0.6, 1) -> bytes round(51), round(102), round(153),
 * 255; wrap clamp-to-border is code 1. A cube map: type 1 in PARAM,
 * ADDR2-6 the faces after +X, one chain apart, bias 0 whatever
 * GL_TEXTURE_LOD_BIAS says. Shadow 2D: type 2 and bit 20. Unit 3 with
 * GL_TEXTURE_PROCEDURAL_DMP: TEXUNIT_CONFIG bit 10. */
START_TEST(test_glfrag_lod_border_cube_and_proctex_reach_the_registers)
{
	static const GLfloat border[4] = { 0.2f, 0.4f, 0.6f, 1.0f };
	static uint8_t texels[64 * 64 * 4];
	struct regs r;
	uint32_t lod, param, chain = (64 * 64 + 32 * 32 + 16 * 16 + 8 * 8) * 4;
	GLuint cube;
	unsigned f;

	texture_bound();
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 64, 64, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
	glGenerateMipmap(GL_TEXTURE_2D);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_NEAREST);
	glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, 1.5f);
	glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, 2.7f);
	glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
	glUniform1i(loc("dmp_Texture[0].samplerType"), GL_TEXTURE_2D);
	ck_gl_error(GL_NO_ERROR);
	draw_regs(&r);
	lod = r.v[HW_REG_TEXUNIT_LOD(0)];
	ck_assert_uint_eq(lod & 0x1FFFu, 384);
	ck_assert_uint_eq(hw_reg_tex_max_level(lod), 3);
	ck_assert_uint_eq(hw_reg_tex_min_level(lod), 2);
	ck_assert_uint_eq(r.v[HW_REG_TEXUNIT_BORDER_COLOR(0)], 51u | 102u << 8 | 153u << 16 | 255u << 24);
	ck_assert_uint_eq(hw_reg_tex_wrap_s(r.v[HW_REG_TEXUNIT_PARAM(0)]), HW_REG_TEXWRAP_CLAMP_BORDER);
	ck_assert_uint_eq(hw_reg_tex_type(r.v[HW_REG_TEXUNIT_PARAM(0)]), HW_REG_TEXTYPE_2D);
	/* shadow 2D on the same texture */
	glUniform1i(loc("dmp_Texture[0].samplerType"), GL_TEXTURE_SHADOW_2D_DMP);
	draw_regs(&r);
	param = r.v[HW_REG_TEXUNIT_PARAM(0)];
	ck_assert_uint_eq(hw_reg_tex_type(param), HW_REG_TEXTYPE_SHADOW_2D);
	ck_assert(hw_reg_tex_shadow(param));
	/* a cube map */
	glGenTextures(1, &cube);
	glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
	for (f = 0; f < 6; f++)
		glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA, 64, 64, 0, GL_RGBA,
			     GL_UNSIGNED_BYTE, texels);
	glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
	glTexParameterf(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_LOD_BIAS, 2.0f);
	glUniform1i(loc("dmp_Texture[0].samplerType"), GL_TEXTURE_CUBE_MAP);
	ck_gl_error(GL_NO_ERROR);
	draw_regs(&r);
	param = r.v[HW_REG_TEXUNIT_PARAM(0)];
	ck_assert_uint_eq(hw_reg_tex_type(param), HW_REG_TEXTYPE_CUBE);
	ck_assert(!hw_reg_tex_shadow(param));
	ck_assert_uint_eq(r.v[HW_REG_TEXUNIT_LOD(0)] & 0x1FFFu, 0);
	ck_assert_uint_eq(hw_reg_tex_addr(r.v[HW_REG_TEXUNIT0_ADDR(1)]),
			  nngxShimGetTextureAddress(cube));
	for (f = 1; f < 6; f++)
		ck_assert_uint_eq(hw_reg_tex_face_addr(r.v[HW_REG_TEXUNIT0_ADDR(1)],
						       r.v[HW_REG_TEXUNIT0_ADDR(f + 1)]),
				  nngxShimGetTextureAddress(cube) + f * chain);
	/* the procedural texture's unit */
	ck_assert_uint_eq(r.v[HW_REG_TEXUNIT_CONFIG] & HW_REG_TEXCFG_PROCTEX, 0);
	/* its tables (a draw that reads an undefined table is refused) */
	define_lut0();
	glUniform1i(loc("dmp_Texture[3].samplerType"), GL_TEXTURE_PROCEDURAL_DMP);
	ck_gl_error(GL_NO_ERROR);
	draw_regs(&r);
	ck_assert_uint_ne(r.v[HW_REG_TEXUNIT_CONFIG] & HW_REG_TEXCFG_PROCTEX, 0);
}
END_TEST

START_TEST(test_glfrag_mipmap_filter_reads_the_levels_present)
{
	static uint8_t l0[64 * 64], l1[32 * 32];
	struct regs r;
	uint32_t param;

	glActiveTexture(GL_TEXTURE2);
	texture_bound();
	glTexImage2D(GL_TEXTURE_2D, 0, GL_ALPHA, 64, 64, 0, GL_ALPHA, GL_UNSIGNED_BYTE, l0);
	glTexImage2D(GL_TEXTURE_2D, 1, GL_ALPHA, 32, 32, 0, GL_ALPHA, GL_UNSIGNED_BYTE, l1);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
	glUniform1i(loc("dmp_Texture[2].samplerType"), GL_TEXTURE_2D);
	glUniform1i(loc("dmp_Texture[2].texcoord"), GL_TEXTURE1);
	ck_gl_error(GL_NO_ERROR);
	draw_regs(&r);
	param = r.v[HW_REG_TEXUNIT_PARAM(2)];
	ck_assert_uint_eq(hw_reg_texunit_mask(r.v[HW_REG_TEXUNIT_CONFIG]), 1u << 2);
	ck_assert_uint_eq(hw_reg_texunit2_texcoord(r.v[HW_REG_TEXUNIT_CONFIG]), 1);
	ck_assert_uint_eq(hw_reg_tex_min_filter(param), HW_REG_TEXFILTER_LINEAR);
	ck_assert_uint_eq(hw_reg_tex_mip_filter(param), HW_REG_TEXFILTER_LINEAR);
	ck_assert_uint_eq(hw_reg_tex_max_level(r.v[HW_REG_TEXUNIT_LOD(2)]), 1);   /* 2 of 4 */
	ck_assert_uint_eq(hw_reg_tex_format(r.v[HW_REG_TEXUNIT_TYPE(2)]), HW_REG_TEXFMT_A8);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_TEXTURE_INCOMPLETE), 1);
}
END_TEST

START_TEST(test_glfrag_etc_textures_set_the_etc_flag)
{
	static const uint8_t blocks[16 * 16 / 2];
	struct regs r;

	texture_bound();
	glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_ETC1_RGB8_NATIVE_DMP, 16, 16, 0,
			       (GLsizei)sizeof blocks, blocks);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
	glUniform1i(loc("dmp_Texture[0].samplerType"), GL_TEXTURE_2D);
	draw_regs(&r);
	ck_assert_uint_eq(hw_reg_tex_format(r.v[HW_REG_TEXUNIT_TYPE(0)]), HW_REG_TEXFMT_ETC1);
	ck_assert_uint_eq(hw_reg_tex_etc1_flag(r.v[HW_REG_TEXUNIT_PARAM(0)]), HW_REG_TEXPARAM_ETC1);
}
END_TEST

START_TEST(test_glfrag_texture_cache_is_cleared_after_a_texture_changes)
{
	static const uint8_t l0[8 * 8];
	struct regs r;

	texture_bound();
	glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE, 8, 8, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, l0);
	draw_regs(&r);
	ck_assert(hw_reg_texunit_clear_cache(r.v[HW_REG_TEXUNIT_CONFIG]));
	draw_regs(&r);
	ck_assert(!hw_reg_texunit_clear_cache(r.v[HW_REG_TEXUNIT_CONFIG]));
	glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE, 8, 8, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, l0);
	draw_regs(&r);
	ck_assert(hw_reg_texunit_clear_cache(r.v[HW_REG_TEXUNIT_CONFIG]));
	nngxShimReset();                 /* the GPU forgot what its cache held */
	draw_regs(&r);
	ck_assert(hw_reg_texunit_clear_cache(r.v[HW_REG_TEXUNIT_CONFIG]));
}
END_TEST

/* A cube sampler is modelled (no NOT_MODELLED); with no cube map bound
 * the unit has nothing to sample and stays off. */
START_TEST(test_glfrag_cube_sampler_without_a_cube_map_leaves_the_unit_off)
{
	struct regs r;
	GLint v;

	glUniform1i(loc("dmp_Texture[0].samplerType"), GL_TEXTURE_CUBE_MAP);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_NOT_MODELLED), 0);
	glGetUniformiv(program, loc("dmp_Texture[0].samplerType"), &v);
	ck_assert_int_eq(v, GL_TEXTURE_CUBE_MAP);
	draw_regs(&r);
	ck_assert_uint_eq(hw_reg_texunit_mask(r.v[HW_REG_TEXUNIT_CONFIG]), 0);
}
END_TEST

/* ---- shader uniforms read back --------------------------------------------------------- */

START_TEST(test_glfrag_get_uniform_reads_shader_registers)
{
	struct fx_shader *s = fx_shader_new();
	GLfloat f[4];
	GLint i[4], u;
	GLuint p;
	size_t vs;

	asm_mov(&s->a, asm_o(0), asm_v(0));
	asm_mov(&s->a, asm_o(1), asm_c(5));
	asm_end(&s->a);
	fx_shader_code(s);
	vs = shbin_writer_add_entry(&s->w, 0, 0, s->a.ncode);
	shbin_writer_add_output(&s->w, vs, 0, 0, 0xF);
	shbin_writer_add_output(&s->w, vs, 2, 1, 0xF);
	shbin_writer_add_uniform(&s->w, vs, "aPosition", 0x00, 0x00);
	shbin_writer_add_uniform(&s->w, vs, "uTint", 0x15, 0x15);
	shbin_writer_add_uniform(&s->w, vs, "uCount", 0x70, 0x70);
	fx_shader_binary(s);
	p = fx_program(s);
	u = glGetUniformLocation(p, "uTint");
	glUniform4f(u, 0.5f, 0.25f, 2.0f, -1.0f);
	glUniform4i(glGetUniformLocation(p, "uCount"), 3, 1, 2, 0);
	glGetUniformfv(p, u, f);
	ck_assert(f[0] == 0.5f && f[1] == 0.25f && f[2] == 2.0f && f[3] == -1.0f);
	glGetUniformiv(p, glGetUniformLocation(p, "uCount"), i);
	ck_assert(i[0] == 3 && i[1] == 1 && i[2] == 2 && i[3] == 0);
	ck_gl_error(GL_NO_ERROR);
	glGetUniformfv(p, 0x7F0000, f);
	ck_gl_error(GL_INVALID_OPERATION);
	glGetUniformfv(glCreateProgram(), u, f);
	ck_gl_error(GL_INVALID_OPERATION);                 /* not linked */
	fx_shader_free(s);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("glfrag");
	TCase *tc = tcase_create("glfrag");
	int status;

	tcase_set_timeout(tc, 60);
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_glfrag_texture_names_bind_and_delete);
	tcase_add_test(tc, test_glfrag_texture_bad_target_unit_or_count_changes_nothing);
	tcase_add_test(tc, test_glfrag_teximage_errors_change_nothing);
	tcase_add_test(tc, test_glfrag_teximage_level_before_level0_is_invalid_operation);
	tcase_add_test(tc, test_glfrag_texture_rgba8_texels_land_where_the_unit_reads_them);
	tcase_add_test(tc, test_glfrag_texture_formats_store_components_in_hardware_order);
	tcase_add_test(tc, test_glfrag_native_formats_are_copied_as_they_are);
	tcase_add_test(tc, test_glfrag_mip_levels_follow_level0);
	tcase_add_test(tc, test_glfrag_texture_area_bits_place_the_storage);
	tcase_add_test(tc, test_glfrag_compressed_sizes_formats_and_native_copy);
	tcase_add_test(tc, test_glfrag_etc1_oes_blocks_are_placed_flipped_and_reversed);
	tcase_add_test(tc, test_glfrag_texparameter_checks_pname_and_value);
	tcase_add_test(tc, test_glfrag_framebuffer_and_renderbuffer_objects);
	tcase_add_test(tc, test_glfrag_renderbuffer_storage_errors_change_nothing);
	tcase_add_test(tc, test_glfrag_renderbuffer_areas_default_by_kind);
	tcase_add_test(tc, test_glfrag_attach_errors_change_nothing);
	tcase_add_test(tc, test_glfrag_framebuffer_status_rules);
	tcase_add_test(tc, test_glfrag_incomplete_framebuffer_draws_and_clears_nothing);
	tcase_add_test(tc, test_glfrag_default_framebuffer_is_placed_on_first_draw);
	tcase_add_test(tc, test_glfrag_framebuffer_object_becomes_the_render_target);
	tcase_add_test(tc, test_glfrag_render_block_mode_reaches_draws_and_read_pixels);
	tcase_add_test(tc, test_glfrag_per_fragment_errors_change_nothing);
	tcase_add_test(tc, test_glfrag_depth_state_reaches_depth_color_mask);
	tcase_add_test(tc, test_glfrag_blend_state_reaches_blend_func);
	tcase_add_test(tc, test_glfrag_logic_op_replaces_blending);
	tcase_add_test(tc, test_glfrag_color_mask_decides_colour_reads_and_writes);
	tcase_add_test(tc, test_glfrag_stencil_state_reaches_stencil_registers);
	tcase_add_test(tc, test_glfrag_scissor_box_is_clamped_with_inclusive_corners);
	tcase_add_test(tc, test_glfrag_early_depth_state_and_clear);
	tcase_add_test(tc, test_glfrag_draw_ends_with_flush_then_invalidate);
	tcase_add_test(tc, test_glfrag_depth_range_reaches_the_depth_map);
	tcase_add_test(tc, test_glfrag_polygon_offset_moves_the_depth_map);
	tcase_add_test(tc, test_glfrag_dmp_locations_are_distinct_and_bounded);
	tcase_add_test(tc, test_glfrag_dmp_defaults);
	tcase_add_test(tc, test_glfrag_dmp_uniform_errors_change_nothing);
	tcase_add_test(tc, test_glfrag_dmp_values_are_per_program_and_reset_by_link);
	tcase_add_test(tc, test_glfrag_texenv_uniforms_reach_texenv_registers);
	tcase_add_test(tc, test_glfrag_combiner_modes_give_exact_8bit_pixels);
	tcase_add_test(tc, test_glfrag_alpha_test_uniforms_reach_alpha_test);
	tcase_add_test(tc, test_glfrag_light_enables_set_count_permutation_and_luts);
	tcase_add_test(tc, test_glfrag_fog_and_gas_modes_are_sent);
	tcase_add_test(tc, test_glfrag_sampler_type_switches_the_unit_and_its_registers);
	tcase_add_test(tc, test_glfrag_lod_border_cube_and_proctex_reach_the_registers);
	tcase_add_test(tc, test_glfrag_mipmap_filter_reads_the_levels_present);
	tcase_add_test(tc, test_glfrag_etc_textures_set_the_etc_flag);
	tcase_add_test(tc, test_glfrag_texture_cache_is_cleared_after_a_texture_changes);
	tcase_add_test(tc, test_glfrag_cube_sampler_without_a_cube_map_leaves_the_unit_off);
	tcase_add_test(tc, test_glfrag_get_uniform_reads_shader_registers);
	suite_add_tcase(s, tc);
	status = tu_run(s);
	fx_reset();          /* in one process (CK_FORK=no), leave nothing behind */
	nngxShimReset();
	return status;
}
