/* gl_texture.c: texture objects (OpenGL ES 2.0, 3.7), their storage in
 * the PICA200 layout, and what the texture units read at a draw.
 *
 * Storage: the target of glTexImage2D / glCompressedTexImage2D may carry
 * NN_GX_MEM_FCRAM, _VRAMA or _VRAMB (and GL_COPY_FCRAM_DMP /
 * GL_NO_COPY_FCRAM_DMP, accepted, no effect), as with glBufferData. The
 * level-0 image places the storage, room for the whole mip chain (down to
 * 8x8, hw_texture_max_levels), so a level k image lands where
 * hw_texture_level_phys says. Every texel is put where
 * hw_texture_texel_address says, in the byte order hw_texture.h gives, so
 * this file and the texture unit agree by construction.
 *
 * Model choices (doc/model.md): no area means FCRAM, as for buffers; sizes are
 * powers of two from 8 to 1024 (the unit's range; GL_INVALID_VALUE
 * otherwise); a level k > 0 image must fit the chain of level 0 (same
 * format and type, level-0 size halved k times; GL_INVALID_OPERATION
 * otherwise), and its area bits are ignored; a cube map (bound to
 * GL_TEXTURE_CUBE_MAP, faces given with the six face targets) holds its
 * six chains one after the other in one storage (so all faces share
 * ADDR1's bits 22-27), faces square and of one size and format
 * (GL_INVALID_VALUE otherwise), the area bits of the first level-0 face
 * placing it; there is no default cube map (GL_INVALID_OPERATION with
 * none bound); glCopyTexImage2D, glCopyTexSubImage2D and the level queries
 * take the faces (a face's levels are its own); texture 0 is a real
 * texture object, as in ES 2.0; the 4-bit GL formats (GL_UNSIGNED_4BITS_DMP)
 * take two texels a byte, the first in the low nibble, as the hardware
 * stores them. Rows are never padded: every row of a power-of-two size of
 * 8 or more is a multiple of 4 bytes, so GL_UNPACK_ALIGNMENT cannot
 * matter. */
#define GL_GLEXT_PROTOTYPES     /* OES_EGL_image's declarations */
#include <math.h>
#include <string.h>

#include <nn/gx/CTR/gx_CTR.h>

#include "driver/gl_cmdgen.h"
#include "driver/nngx_addrspace.h"
#include "gl_entry.h"
#include "hw/hw_fragment.h"

#define TEX_AREA_MASK   0x00030000u         /* NN_GX_MEM_FCRAM .. _VRAMB */
#define TEX_COPY_MASK   (GL_COPY_FCRAM_DMP | GL_NO_COPY_FCRAM_DMP)
#define TEX_TARGET_MASK 0x0000FFFFu
#define TEX_MAX_LEVEL   10                  /* log2(1024) */
#define TEX_ETC_BLOCK   4                   /* texels a side of an ETC1 block */
#define TEX_ETC_BYTES   8                   /* bytes of an ETC1 block */

/* How the GL data of one format/type pair becomes texels. */
enum tex_input {
	TEX_IN_NATIVE,          /* already in the PICA200 layout: copied */
	TEX_IN_RGBA8,           /* R, G, B, A bytes */
	TEX_IN_RGB8,            /* R, G, B bytes */
	TEX_IN_PACKED16,        /* one host-order 16-bit word, R in the top bits */
	TEX_IN_PAIR8,           /* two bytes: L, A (or HI, LO) */
	TEX_IN_BYTE,            /* one byte */
	TEX_IN_NIBBLE,          /* half a byte, two texels a byte */
	TEX_IN_ETC1             /* Khronos ETC1 blocks: reordered */
};

struct tex_format {
	GLenum format, type;
	enum hw_tex_format hw;
	enum tex_input input;
};

/* The pairs glTexImage2D takes (OpenGL ES 2.0 table 3.4, and the DMP
 * native formats and 4-bit types). */
static const struct tex_format tex_formats[] = {
	{ GL_RGBA, GL_UNSIGNED_BYTE, HW_TEX_RGBA8, TEX_IN_RGBA8 },
	{ GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, HW_TEX_RGBA4, TEX_IN_PACKED16 },
	{ GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, HW_TEX_RGB5A1, TEX_IN_PACKED16 },
	{ GL_RGB, GL_UNSIGNED_BYTE, HW_TEX_RGB8, TEX_IN_RGB8 },
	{ GL_RGB, GL_UNSIGNED_SHORT_5_6_5, HW_TEX_RGB565, TEX_IN_PACKED16 },
	{ GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, HW_TEX_IA8, TEX_IN_PAIR8 },
	{ GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE_4_4_DMP, HW_TEX_IA4, TEX_IN_BYTE },
	{ GL_LUMINANCE, GL_UNSIGNED_BYTE, HW_TEX_I8, TEX_IN_BYTE },
	{ GL_LUMINANCE, GL_UNSIGNED_4BITS_DMP, HW_TEX_I4, TEX_IN_NIBBLE },
	{ GL_ALPHA, GL_UNSIGNED_BYTE, HW_TEX_A8, TEX_IN_BYTE },
	{ GL_ALPHA, GL_UNSIGNED_4BITS_DMP, HW_TEX_A4, TEX_IN_NIBBLE },
	{ GL_HILO8_DMP, GL_UNSIGNED_BYTE, HW_TEX_HILO8, TEX_IN_PAIR8 },
	{ GL_RGBA_NATIVE_DMP, GL_UNSIGNED_BYTE, HW_TEX_RGBA8, TEX_IN_NATIVE },
	{ GL_RGBA_NATIVE_DMP, GL_UNSIGNED_SHORT_4_4_4_4, HW_TEX_RGBA4, TEX_IN_NATIVE },
	{ GL_RGBA_NATIVE_DMP, GL_UNSIGNED_SHORT_5_5_5_1, HW_TEX_RGB5A1, TEX_IN_NATIVE },
	{ GL_RGB_NATIVE_DMP, GL_UNSIGNED_BYTE, HW_TEX_RGB8, TEX_IN_NATIVE },
	{ GL_RGB_NATIVE_DMP, GL_UNSIGNED_SHORT_5_6_5, HW_TEX_RGB565, TEX_IN_NATIVE },
	{ GL_LUMINANCE_ALPHA_NATIVE_DMP, GL_UNSIGNED_BYTE, HW_TEX_IA8, TEX_IN_NATIVE },
	{ GL_LUMINANCE_ALPHA_NATIVE_DMP, GL_UNSIGNED_BYTE_4_4_DMP, HW_TEX_IA4, TEX_IN_NATIVE },
	{ GL_LUMINANCE_NATIVE_DMP, GL_UNSIGNED_BYTE, HW_TEX_I8, TEX_IN_NATIVE },
	{ GL_LUMINANCE_NATIVE_DMP, GL_UNSIGNED_4BITS_DMP, HW_TEX_I4, TEX_IN_NATIVE },
	{ GL_ALPHA_NATIVE_DMP, GL_UNSIGNED_BYTE, HW_TEX_A8, TEX_IN_NATIVE },
	{ GL_ALPHA_NATIVE_DMP, GL_UNSIGNED_4BITS_DMP, HW_TEX_A4, TEX_IN_NATIVE },
	{ GL_HILO8_DMP_NATIVE_DMP, GL_UNSIGNED_BYTE, HW_TEX_HILO8, TEX_IN_NATIVE },
	/* Shadow textures (fragment-pipeline.md C): RGBA8 storage, the data
	 * (if any) in the layout the shadow pass writes, copied (model
	 * choice: the SDK's GL_SHADOW_DMP data layout is not public). */
	{ GL_SHADOW_DMP, GL_UNSIGNED_INT, HW_TEX_RGBA8, TEX_IN_NATIVE },
	{ GL_SHADOW_NATIVE_DMP, GL_UNSIGNED_INT, HW_TEX_RGBA8, TEX_IN_NATIVE },
};

/* glCompressedTexImage2D's formats: the Khronos ETC1 layout (converted)
 * and the DMP native ones (copied). */
static const struct tex_format tex_compressed[] = {
	{ GL_ETC1_RGB8_OES, 0, HW_TEX_ETC1, TEX_IN_ETC1 },
	{ GL_ETC1_RGB8_NATIVE_DMP, 0, HW_TEX_ETC1, TEX_IN_NATIVE },
	{ GL_ETC1_ALPHA_RGB8_A4_NATIVE_DMP, 0, HW_TEX_ETC1A4, TEX_IN_NATIVE },
};

#define TEX_COUNT(a) (sizeof (a) / sizeof (a)[0])

/* Whether `format` is a format of some row of the upload table. */
static bool tex_known_format(GLenum format)
{
	size_t k;

	for (k = 0; k < TEX_COUNT(tex_formats); k++)
		if (tex_formats[k].format == format)
			return true;
	return false;
}

/* Whether `type` is a type of some row of the upload table. */
static bool tex_known_type(GLenum type)
{
	size_t k;

	for (k = 0; k < TEX_COUNT(tex_formats); k++)
		if (tex_formats[k].type == type)
			return true;
	return false;
}

/* The row of list[0 .. n) for the pair (format, type), or NULL when the pair
 * is not accepted. */
static const struct tex_format *tex_find(const struct tex_format *list, size_t n, GLenum format,
					 GLenum type)
{
	size_t k;

	for (k = 0; k < n; k++)
		if (list[k].format == format && list[k].type == type)
			return &list[k];
	return NULL;
}

/* Whether v is a legal texture side: a power of two from HW_TEX_MIN_SIZE to
 * HW_TEX_MAX_SIZE. */
static bool tex_size_ok(GLsizei v)
{
	return v >= HW_TEX_MIN_SIZE && v <= HW_TEX_MAX_SIZE && (v & (v - 1)) == 0;
}

static bool tex_is_face(GLenum target)
{
	return target >= GL_TEXTURE_CUBE_MAP_POSITIVE_X && target <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z;
}

/* The texture bound to the active unit for `target` (texture 0 included
 * for GL_TEXTURE_2D; a cube target or face: the cube map bound, NULL for
 * none). */
static struct gl_texture *tex_bound(struct gl_context *gl, GLenum target)
{
	if (target == GL_TEXTURE_CUBE_MAP || tex_is_face(target)) {
		GLuint name = gl->texture_binding_cube[gl->active_texture];

		return name ? gl_texture_find(gl, name) : NULL;
	}
	return gl_texture_find(gl, gl->texture_binding[gl->active_texture]);
}

/* The bytes of one cube face's chain (a 2D texture: face 0, the whole). */
static uint32_t tex_chain_size(const struct gl_texture *t)
{
	return t->target == GL_TEXTURE_CUBE_MAP ? t->size / 6 : t->size;
}

/* gl_name_next's test: whether `name` already names a texture, so that
 * glGenTextures skips it. */
static bool tex_in_use(struct gl_context *gl, GLuint name)
{
	return gl_texture_find(gl, name) != NULL;
}

/* ---- objects --------------------------------------------------------- */

void glActiveTexture(GLenum texture)
{
	NNGX_API(st);

	if (texture < GL_TEXTURE0 || texture - GL_TEXTURE0 >= GL_CONTEXT_TEXTURE_UNITS) {
		gl_enum_error(st, "glActiveTexture", "texture 0x%04X is not GL_TEXTURE0..GL_TEXTURE%d "
			      "(units 0-2 read textures)", texture, GL_CONTEXT_TEXTURE_UNITS - 1);
		return;
	}
	st->gl.active_texture = texture - GL_TEXTURE0;
}

void glGenTextures(GLsizei n, GLuint *textures)
{
	static const char fn[] = "glGenTextures";
	NNGX_API(st);
	struct gl_context *gl = &st->gl;
	GLsizei i;

	if (!gl_names_ok(st, n, textures, fn))
		return;
	if (n > 0 && nngx_callback_refuses(st, 0, fn))
		return;         /* the callback rule (nngx_state.h) */
	for (i = 0; i < n; i++) {
		GLuint name = gl_name_next(gl, &gl->next_texture_name, tex_in_use);
		if (!gl_texture_add(gl, name)) {
			/* Take back the names given so far: an error changes nothing. */
			while (i-- > 0)
				gl_texture_destroy(gl, gl_texture_find(gl, textures[i]),
						   &st->gpu.memory, st->deallocator);
			gl_memory_error(st, fn, "%d texture names", n);
			return;
		}
		textures[i] = name;
	}
}

/* Attachments of the bound framebuffer to texture `name` go (ES 2.0,
 * 4.4.5: only the bound framebuffer's). */
static void tex_detach(struct gl_context *gl, GLenum type, GLuint name)
{
	struct gl_framebuffer *fb = gl_framebuffer_find(gl, gl->framebuffer_binding);
	unsigned a;

	for (a = 0; fb && a < GL_ATTACH_COUNT; a++)
		if (fb->at[a].type == type && fb->at[a].name == name) {
			fb->at[a].type = GL_NONE;
			fb->at[a].name = 0;
		}
}

void glDeleteTextures(GLsizei n, const GLuint *textures)
{
	static const char fn[] = "glDeleteTextures";
	NNGX_API(st);
	struct gl_context *gl = &st->gl;
	GLsizei i;
	unsigned u;

	if (!gl_names_ok(st, n, textures, fn))
		return;
	if (n > 0 && nngx_callback_refuses(st, 0, fn))
		return;         /* the callback rule (nngx_state.h) */
	for (i = 0; i < n; i++) {
		struct gl_texture *t;
		if (textures[i] == 0 || !(t = gl_texture_find(gl, textures[i])))
			continue;              /* 0 and unknown names are ignored */
		gl_collection_texture_gone(gl, t);
		/* Bindings revert to texture 0 (ES 2.0, 3.7.13); a lookup
		 * table's to none. */
		for (u = 0; u < GL_CONTEXT_TEXTURE_UNITS; u++)
			if (gl->texture_binding[u] == t->name)
				gl->texture_binding[u] = 0;
		for (u = 0; u < GL_CONTEXT_TEXTURE_UNITS; u++)
			if (gl->texture_binding_cube[u] == t->name)
				gl->texture_binding_cube[u] = 0;
		gl_lut_unbind(gl, t->name);
		tex_detach(gl, GL_TEXTURE, t->name);
		gl_texture_destroy(gl, t, &st->gpu.memory, st->deallocator);
		gl->texture_epoch++;
	}
}

/* GL_INVALID_ENUM for every target but GL_TEXTURE_2D and
 * GL_TEXTURE_CUBE_MAP (the faces are image targets only); with a cube
 * target and no cube map bound, GL_INVALID_OPERATION (model choice: there
 * is no default cube map). */
static bool tex_target_ok(struct nngx_state *st, GLenum target, const char *fn)
{
	if (target == GL_TEXTURE_2D)
		return true;
	if (target == GL_TEXTURE_CUBE_MAP) {
		if (tex_bound(&st->gl, target))
			return true;
		gl_operation_error(st, fn, "no cube map is bound to unit %u",
				   st->gl.active_texture);
		return false;
	}
	gl_enum_error(st, fn, "target 0x%04X is not GL_TEXTURE_2D or GL_TEXTURE_CUBE_MAP",
		      target);
	return false;
}

void glBindTexture(GLenum target, GLuint texture)
{
	static const char fn[] = "glBindTexture";
	NNGX_API(st);
	struct gl_context *gl = &st->gl;
	struct gl_texture *t;

	if (gl_lut_target(target)) {
		gl_lut_bind(st, target, texture, fn);
		return;
	}
	if (target == GL_TEXTURE_COLLECTION_DMP) {
		gl_collection_bind_texture(st, texture, fn);
		return;
	}
	if (target == GL_TEXTURE_CUBE_MAP && texture == 0) {
		gl->texture_binding_cube[gl->active_texture] = 0;
		return;
	}
	if (target != GL_TEXTURE_CUBE_MAP && !tex_target_ok(st, target, fn))
		return;
	t = gl_texture_find(gl, texture);
	/* A texture is of the kind of its first binding (ES 2.0, 3.7.13). */
	if (t && t->target && t->target != target) {
		gl_operation_error(st, fn, "texture %u is a %s; it cannot be bound to 0x%04X",
				   texture, t->collection ? "texture collection"
				   : t->target == GL_TEXTURE_2D ? "2D texture"
				   : t->target == GL_TEXTURE_CUBE_MAP ? "cube map" : "lookup table",
				   target);
		return;
	}
	/* Binding a name that is not yet an object creates it (ES 2.0, 3.7.13). */
	if (!t && !(t = gl_texture_add(gl, texture))) {
		gl_memory_error(st, fn, "texture object %u", texture);
		return;
	}
	t->created = true;
	t->target = target;
	if (target == GL_TEXTURE_CUBE_MAP)
		gl->texture_binding_cube[gl->active_texture] = texture;
	else
		gl->texture_binding[gl->active_texture] = texture;
}

GLboolean glIsTexture(GLuint texture)
{
	NNGX_API(st);
	const struct gl_texture *t = texture ? gl_texture_find(&st->gl, texture) : NULL;

	return t && t->created ? GL_TRUE : GL_FALSE;
}

/* ---- texel placement --------------------------------------------------- */

/* Where texel (x, y) of `level` lies in the storage's host bytes. */
static uint8_t *tex_texel(uint8_t *host, const struct hw_texture *hw, unsigned level, unsigned x,
			  unsigned y)
{
	return host + (hw_texture_texel_address(hw, level, x, y) - hw->phys);
}

/* One GL image (rows from y = 0, the row sampled at t = 0) into `level`,
 * each texel where the unit reads it, components in the hardware's order
 * (hw_texture.h: the little-endian word with R, or I, in the top bits). */
static void tex_place(uint8_t *host, const struct hw_texture *hw, unsigned level,
		      enum tex_input input, const uint8_t *in)
{
	unsigned w = hw_texture_level_width(hw, level), h = hw_texture_level_height(hw, level);
	unsigned x, y;

	for (y = 0; y < h; y++) {
		for (x = 0; x < w; x++) {
			uint8_t *p = tex_texel(host, hw, level, x, y);
			size_t k = (size_t)y * w + x;
			uint16_t v;

			switch (input) {
			case TEX_IN_RGBA8:         /* bytes A, B, G, R */
				p[0] = in[4 * k + 3];
				p[1] = in[4 * k + 2];
				p[2] = in[4 * k + 1];
				p[3] = in[4 * k + 0];
				break;
			case TEX_IN_RGB8:          /* bytes B, G, R */
				p[0] = in[3 * k + 2];
				p[1] = in[3 * k + 1];
				p[2] = in[3 * k + 0];
				break;
			case TEX_IN_PACKED16:      /* the same word, little-endian */
				memcpy(&v, in + 2 * k, sizeof v);
				p[0] = (uint8_t)v;
				p[1] = (uint8_t)(v >> 8);
				break;
			case TEX_IN_PAIR8:         /* the word L << 8 | A: bytes A, L */
				p[0] = in[2 * k + 1];
				p[1] = in[2 * k + 0];
				break;
			case TEX_IN_BYTE:
				p[0] = in[k];
				break;
			case TEX_IN_NIBBLE: {      /* even x in the low nibble */
				unsigned nib = (k % 2) ? in[k / 2] >> 4 : in[k / 2] & 0xFu;
				if (x % 2)
					p[0] = (uint8_t)((p[0] & 0x0Fu) | nib << 4);
				else
					p[0] = (uint8_t)((p[0] & 0xF0u) | nib);
				break;
			}
			case TEX_IN_NATIVE: case TEX_IN_ETC1:
				break;
			}
		}
	}
}

/* An ETC1 block turned upside down (Khronos OES_compressed_ETC1_RGB8_
 * texture layout, the 64-bit block read big-endian): GL's first block row
 * is the row sampled at t = 0, but the unit decodes a block's row 0 as its
 * top row in memory, which is the highest t. Pixel (x, y) has index x * 4
 * + y (LSB at bit index, MSB at bit 16 + index). With the flip bit set
 * the two 4x2 halves trade places, so their base colours and tables do.
 * In differential mode the second colour is the first plus a 3-bit delta
 * (-4..3); swapping negates it, and a delta of -4 cannot be negated: +3 is
 * used, one step off (model choice, the only inexact case). */
static uint64_t tex_etc1_flip(uint64_t q)
{
	uint64_t out = q & ~(uint64_t)0xFFFFFFFFu;
	unsigned x, y, c;

	for (x = 0; x < 4; x++)
		for (y = 0; y < 4; y++) {
			unsigned from = x * 4 + y, to = x * 4 + (3 - y);
			out |= ((q >> from) & 1u) << to;
			out |= ((q >> (16 + from)) & 1u) << (16 + to);
		}
	if (!((q >> 32) & 1u))
		return out;                            /* left/right halves: kept */
	/* Tables: bits 39-37 and 36-34. */
	out &= ~((uint64_t)0x3Fu << 34);
	out |= ((q >> 37) & 7u) << 34 | ((q >> 34) & 7u) << 37;
	for (c = 0; c < 3; c++) {
		unsigned shift = 56 - 8 * c;           /* R 63-56, G 55-48, B 47-40 */
		unsigned byte = (unsigned)(q >> shift) & 0xFFu, swapped;

		if ((q >> 33) & 1u) {                  /* differential */
			int base = (int)(byte >> 3), delta = (int)(byte & 7u);
			if (delta >= 4)
				delta -= 8;
			base += delta;                 /* the second colour, now first */
			if (base < 0)                  /* only in malformed blocks */
				base = 0;
			if (base > 31)
				base = 31;
			delta = delta == -4 ? 3 : -delta;
			swapped = (unsigned)base << 3 | ((unsigned)delta & 7u);
		} else {                               /* individual: swap nibbles */
			swapped = (byte >> 4) | (byte & 0xFu) << 4;
		}
		out &= ~((uint64_t)0xFFu << shift);
		out |= (uint64_t)(swapped & 0xFFu) << shift;
	}
	return out;
}

/* Khronos ETC1 blocks (raster order from GL's first row) into `level`:
 * each block where the unit reads it, turned upside down, and stored as
 * the hardware does (the 64-bit block little-endian, hw_texture.h). */
static void tex_place_etc1(uint8_t *host, const struct hw_texture *hw, unsigned level,
			   const uint8_t *in)
{
	unsigned bw = hw_texture_level_width(hw, level) / TEX_ETC_BLOCK;
	unsigned bh = hw_texture_level_height(hw, level) / TEX_ETC_BLOCK;
	unsigned bx, by, k;

	for (by = 0; by < bh; by++)
		for (bx = 0; bx < bw; bx++) {
			const uint8_t *src = in + ((size_t)by * bw + bx) * TEX_ETC_BYTES;
			uint8_t *dst = tex_texel(host, hw, level, bx * TEX_ETC_BLOCK,
						 by * TEX_ETC_BLOCK);
			uint64_t q = 0;

			for (k = 0; k < TEX_ETC_BYTES; k++)
				q = q << 8 | src[k];
			q = tex_etc1_flip(q);
			for (k = 0; k < TEX_ETC_BYTES; k++)
				dst[k] = (uint8_t)(q >> (8 * k));
		}
}

/* ---- images ------------------------------------------------------------- */

/* What one glTexImage2D / glCompressedTexImage2D asks for, checked. */
struct tex_image {
	GLenum target;                  /* GL_TEXTURE_2D or a cube face */
	unsigned face;                  /* a cube face's index (+X 0 .. -Z 5) */
	GLenum area;                    /* 0: none given */
	unsigned level;
	GLsizei width, height;
	GLenum format, type;            /* type 0: compressed */
	const struct tex_format *f;
};

/* Split a target into base, area and copy bits; GL_INVALID_ENUM unless it
 * is GL_TEXTURE_2D with known bits. */
static bool tex_image_target(struct nngx_state *st, GLenum target, struct tex_image *img,
			     const char *fn)
{
	GLenum base = target & TEX_TARGET_MASK;

	if (target & ~(TEX_TARGET_MASK | TEX_AREA_MASK | TEX_COPY_MASK)) {
		gl_enum_error(st, fn, "target 0x%08X has bits that are no NN_GX_MEM_* area or "
			      "GL_*COPY_FCRAM_DMP flag", target);
		return false;
	}
	if (tex_is_face(base)) {
		if (!tex_bound(&st->gl, base)) {
			gl_operation_error(st, fn, "no cube map is bound to unit %u",
					   st->gl.active_texture);
			return false;
		}
		img->face = base - GL_TEXTURE_CUBE_MAP_POSITIVE_X;
	} else if (base != GL_TEXTURE_2D) {
		gl_enum_error(st, fn, "target 0x%04X is not GL_TEXTURE_2D or a "
			      "GL_TEXTURE_CUBE_MAP_* face", base);
		return false;
	}
	img->target = base;
	if ((target & TEX_COPY_MASK) == TEX_COPY_MASK) {
		gl_enum_error(st, fn, "target 0x%08X asks for GL_COPY_FCRAM_DMP and "
			      "GL_NO_COPY_FCRAM_DMP at once", target);
		return false;
	}
	img->area = target & TEX_AREA_MASK;
	return true;
}

/* The numeric checks common to both calls (ES 2.0, 3.7.1), then the
 * chain rule for levels above 0. */
static bool tex_image_sizes(struct nngx_state *st, const struct gl_texture *t, GLint level,
			    GLsizei width, GLsizei height, GLint border, const struct tex_image *img,
			    const char *fn)
{
	if (level < 0 || level > TEX_MAX_LEVEL) {
		gl_value_error(st, fn, "level %d is outside 0..%d", level, TEX_MAX_LEVEL);
		return false;
	}
	if (tex_is_face(img->target) && width != height) {
		gl_value_error(st, fn, "%d x %d: cube map faces are square", width, height);
		return false;
	}
	if (width < 0 || height < 0 || border != 0) {
		gl_value_error(st, fn, "width %d, height %d, border %d: sizes must not be "
			       "negative and the border must be 0", width, height, border);
		return false;
	}
	if (!tex_size_ok(width) || !tex_size_ok(height)) {
		gl_value_error(st, fn, "%d x %d: the texture units take powers of two from %d "
			       "to %d", width, height, HW_TEX_MIN_SIZE, HW_TEX_MAX_SIZE);
		return false;
	}
	if (level == 0)
		return true;
	if (!((tex_is_face(img->target) ? t->face_levels[img->face] : t->level_mask) & 1u)) {
		gl_operation_error(st, fn, "level %d before level 0: the mip chain is placed by "
				   "the level-0 image", level);
		return false;
	}
	if ((unsigned)level >= t->hw.levels || t->hw.width >> level != (unsigned)width
	    || t->hw.height >> level != (unsigned)height || t->format != img->format
	    || t->type != img->type) {
		gl_operation_error(st, fn, "level %d, %d x %d, format 0x%04X type 0x%04X does not "
				   "continue the chain of level 0 (%u x %u, 0x%04X 0x%04X)", level,
				   width, height, img->format, img->type, t->hw.width,
				   t->hw.height, t->format, t->type);
		return false;
	}
	return true;
}

/* Storage for level 0's chain: kept when it already has this shape and
 * area, else new (the old goes, with every level). False after
 * GL_OUT_OF_MEMORY, the texture unchanged. */
static bool tex_storage(struct nngx_state *st, struct gl_texture *t, const struct tex_image *img,
			const char *fn)
{
	GLenum area = img->area ? img->area : NN_GX_MEM_FCRAM;
	struct hw_texture shape;
	uint32_t phys, size;
	void *user;

	bool cube = t->target == GL_TEXTURE_CUBE_MAP;
	unsigned f;

	memset(&shape, 0, sizeof shape);
	shape.width = (unsigned)img->width;
	shape.height = (unsigned)img->height;
	shape.format = img->f->hw;
	shape.levels = hw_texture_max_levels(shape.width, shape.height);
	if (t->hw.phys && t->hw.width == shape.width && t->hw.height == shape.height
	    && t->hw.format == shape.format && (t->area == area || cube))
		return true;
	/* Model choice: a cube face of another size or format than the
	 * faces already given is GL_INVALID_VALUE (the SDK needs all six of
	 * one size and format); with no other face given, the storage is
	 * placed anew. */
	for (f = 0; cube && t->hw.phys && f < 6; f++)
		if (f != img->face && t->face_levels[f]) {
			gl_value_error(st, fn, "face %u: %d x %d format 0x%04X, but the cube map's "
				       "faces are %u x %u: all six must have one size and format",
				       img->face, img->width, img->height, img->format,
				       t->hw.width, t->hw.height);
			return false;
		}
	size = hw_texture_size(&shape) * (cube ? 6u : 1u);
	if (!gl_storage_alloc(st, area, NN_GX_MEM_TEXTURE, t->name, size, &phys, &user, fn))
		return false;
	gl_texture_free_storage(t, &st->gpu.memory, st->deallocator);
	t->hw.phys = phys;
	t->hw.width = shape.width;
	t->hw.height = shape.height;
	t->hw.format = shape.format;
	t->hw.levels = shape.levels;
	t->size = size;
	t->area = area;
	t->user_block = user;
	memset(t->face_levels, 0, sizeof t->face_levels);
	return true;
}

/* Store a checked image: storage for level 0, then the texels (NULL data
 * leaves the level's bytes as they are: zero in new storage). False after
 * GL_OUT_OF_MEMORY, nothing changed. */
static bool tex_store(struct nngx_state *st, struct gl_texture *t, const struct tex_image *img,
		      const void *data, const char *fn)
{
	uint8_t *host;
	uint32_t at, bytes;

	struct hw_texture face;
	uint32_t offset;
	unsigned f;

	if (img->level == 0 && !tex_storage(st, t, img, fn))
		return false;
	t->format = img->format;
	t->type = img->type;
	if (tex_is_face(img->target)) {
		t->face_levels[img->face] |= 1u << img->level;
		t->level_mask = t->face_levels[0];
		for (f = 1; f < 6; f++)
			t->level_mask &= t->face_levels[f];
	} else {
		t->level_mask |= 1u << img->level;
	}
	st->gl.texture_epoch++;
	if (!data)
		return true;
	/* the face's chain (a 2D texture: the whole storage) */
	offset = tex_is_face(img->target) ? img->face * tex_chain_size(t) : 0;
	face = t->hw;
	face.phys += offset;
	host = (uint8_t *)hw_memory_host(&st->gpu.memory, t->hw.phys, t->size) + offset;
	at = hw_texture_level_phys(&face, img->level);
	bytes = hw_texture_level_size(&face, img->level);
	if (img->f->input == TEX_IN_NATIVE)
		memcpy(host + (at - face.phys), data, bytes);
	else if (img->f->input == TEX_IN_ETC1)
		tex_place_etc1(host, &face, img->level, data);
	else
		tex_place(host, &face, img->level, img->f->input, data);
	return true;
}

static bool tex_generate(struct nngx_state *st, struct gl_texture *t, const char *fn);

void glTexImage2D(GLenum target, GLint level, GLint internalformat, GLsizei width,
		  GLsizei height, GLint border, GLenum format, GLenum type, const GLvoid *pixels)
{
	static const char fn[] = "glTexImage2D";
	NNGX_API(st);
	struct gl_texture *t;
	struct tex_image img;

	memset(&img, 0, sizeof img);
	if (!tex_image_target(st, target, &img, fn))
		return;
	/* GL_UNSIGNED_INT is a type of the shadow formats only */
	if (!tex_known_format(format) || !tex_known_type(type)
	    || ((type == GL_UNSIGNED_INT)
		!= (format == GL_SHADOW_DMP || format == GL_SHADOW_NATIVE_DMP))) {
		gl_enum_error(st, fn, "format 0x%04X, type 0x%04X: not a texture format and type",
			      format, type);
		return;
	}
	img.f = tex_find(tex_formats, TEX_COUNT(tex_formats), format, type);
	if (!img.f || (GLenum)internalformat != format) {
		gl_operation_error(st, fn, "internalformat 0x%04X, format 0x%04X, type 0x%04X do "
				   "not go together (internalformat must equal format)",
				   (GLenum)internalformat, format, type);
		return;
	}
	img.format = format;
	img.type = type;
	img.width = width;
	img.height = height;
	t = tex_bound(&st->gl, img.target);
	if (!tex_image_sizes(st, t, level, width, height, border, &img, fn))
		return;
	img.level = (unsigned)level;
	if (tex_store(st, t, &img, pixels, fn) && level == 0 && t->generate_mipmap
	    && t->target != GL_TEXTURE_CUBE_MAP)
		tex_generate(st, t, fn);        /* GL_GENERATE_MIPMAP: levels 1.. follow */
}

void glCompressedTexImage2D(GLenum target, GLint level, GLenum internalformat, GLsizei width,
			    GLsizei height, GLint border, GLsizei imageSize, const GLvoid *data)
{
	static const char fn[] = "glCompressedTexImage2D";
	NNGX_API(st);
	struct gl_texture *t;
	struct tex_image img;
	struct hw_texture shape;

	memset(&img, 0, sizeof img);
	if (!tex_image_target(st, target, &img, fn))
		return;
	img.f = tex_find(tex_compressed, TEX_COUNT(tex_compressed), internalformat, 0);
	if (!img.f) {
		gl_enum_error(st, fn, "internalformat 0x%04X is not GL_ETC1_RGB8_OES, "
			      "GL_ETC1_RGB8_NATIVE_DMP or GL_ETC1_ALPHA_RGB8_A4_NATIVE_DMP",
			      internalformat);
		return;
	}
	img.format = internalformat;
	img.width = width;
	img.height = height;
	t = tex_bound(&st->gl, img.target);
	if (!tex_image_sizes(st, t, level, width, height, border, &img, fn))
		return;
	memset(&shape, 0, sizeof shape);
	shape.width = (unsigned)width;
	shape.height = (unsigned)height;
	shape.format = img.f->hw;
	shape.levels = 1;
	if (imageSize < 0 || (uint32_t)imageSize != hw_texture_size(&shape)) {
		gl_value_error(st, fn, "imageSize %d: a %d x %d image of this format takes %u "
			       "bytes", imageSize, width, height, hw_texture_size(&shape));
		return;
	}
	img.level = (unsigned)level;
	tex_store(st, t, &img, data, fn);
}

/* ---- glCopyTexImage2D ---------------------------------------------------------- */

/* The texture format a raw copy of colour format `color` makes, for the
 * GL base format `internalformat`; NULL when the copy would have to
 * convert (model choice: the texture copy engine moves bytes as they are,
 * so RGBA8 gives GL_RGBA only, RGB565 GL_RGB only, ...). */
static const struct tex_format *tex_copy_format(unsigned color, GLenum internalformat)
{
	static const struct { unsigned color; GLenum format, type; } pairs[] = {
		{ HW_REG_COLORFMT_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE },
		{ HW_REG_COLORFMT_RGB8, GL_RGB, GL_UNSIGNED_BYTE },
		{ HW_REG_COLORFMT_RGB5A1, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1 },
		{ HW_REG_COLORFMT_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5 },
		{ HW_REG_COLORFMT_RGBA4, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4 },
	};
	size_t k;

	for (k = 0; k < TEX_COUNT(pairs); k++)
		if (pairs[k].color == color && pairs[k].format == internalformat)
			return tex_find(tex_formats, TEX_COUNT(tex_formats), pairs[k].format,
					pairs[k].type);
	return NULL;
}

/* OpenGL ES 2.0, 3.7.2, as a COPYTEX request of the bound command list:
 * the texture copy engine (MEMORY_ACCESS words 12 and 13) moves the
 * rectangle's tiles into the level as they are. Model choices (doc/model.md):
 * the rectangle lies inside the colour buffer on the 8x8 tile grid
 * (GL_INVALID_VALUE otherwise); the texture takes the colour buffer's
 * format (GL_INVALID_OPERATION when internalformat asks for another);
 * the copy keeps the colour buffer's row order, so the texture reads as
 * if it had been drawn into as a colour attachment (its first row, t = 0,
 * is the rectangle's top). The storage is placed when the call is made,
 * the texels land when the list runs. */
void glCopyTexImage2D(GLenum target, GLint level, GLenum internalformat, GLint x, GLint y,
		      GLsizei width, GLsizei height, GLint border)
{
	static const char fn[] = "glCopyTexImage2D";
	NNGX_API(st);
	struct gl_frag_target fb;
	struct nngx_request r;
	struct gl_texture *t;
	struct tex_image img;
	unsigned bytes;
	uint32_t top;

	memset(&img, 0, sizeof img);
	if (!tex_image_target(st, target, &img, fn))
		return;
	if (internalformat != GL_RGBA && internalformat != GL_RGB && internalformat != GL_ALPHA
	    && internalformat != GL_LUMINANCE && internalformat != GL_LUMINANCE_ALPHA) {
		gl_enum_error(st, fn, "internalformat 0x%04X is not GL_RGBA, GL_RGB, GL_ALPHA, "
			      "GL_LUMINANCE or GL_LUMINANCE_ALPHA", internalformat);
		return;
	}
	if (!gl_framebuffer_target(st, &fb, fn))
		return;
	if (!fb.color_phys) {
		gl_operation_error(st, fn, "the bound framebuffer has no colour buffer");
		return;
	}
	img.f = tex_copy_format(fb.color_format, internalformat);
	if (!img.f) {
		gl_operation_error(st, fn, "internalformat 0x%04X from a colour buffer of format "
				   "%u: the copy engine does not convert (RGBA8, RGB5A1, RGBA4 "
				   "give GL_RGBA; RGB8, RGB565 give GL_RGB)", internalformat,
				   fb.color_format);
		return;
	}
	img.format = img.f->format;
	img.type = img.f->type;
	img.width = width;
	img.height = height;
	t = tex_bound(&st->gl, img.target);
	if (!tex_image_sizes(st, t, level, width, height, border, &img, fn))
		return;
	if (x < 0 || y < 0 || x % HW_TEX_TILE || y % HW_TEX_TILE
	    || (long long)x + width > (long long)fb.width
	    || (long long)y + height > (long long)fb.height) {
		gl_value_error(st, fn, "(%d, %d) %d x %d: the rectangle must lie in the %u x %u "
			       "colour buffer with its corner on the 8x8 tile grid", x, y, width,
			       height, fb.width, fb.height);
		return;
	}
	if (!nngx_cmdlist_reserve(st, 1, false, fn))
		return;
	img.level = (unsigned)level;
	if (!tex_store(st, t, &img, NULL, fn))
		return;
	/* Tile rows of the rectangle, its top row first (hw_fragment.h),
	 * each one run of (width / 8) tiles in the colour buffer; the level
	 * is exactly width wide, so they land one after the other. */
	bytes = hw_fragment_color_bytes((enum hw_color_format)fb.color_format);
	top = fb.height - (uint32_t)y - (uint32_t)height;
	memset(&r, 0, sizeof r);
	r.type = NN_GX_CMDLIST_REQTYPE_COPYTEX;
	r.u.copy.src = fb.color_phys + (top * fb.width + (uint32_t)x * HW_TEX_TILE) * bytes;
	r.u.copy.dst = hw_texture_level_phys(&t->hw, img.level)
		       + (tex_is_face(img.target) ? img.face * tex_chain_size(t) : 0);
	r.u.copy.row_bytes = (uint32_t)width * HW_TEX_TILE * bytes;
	r.u.copy.src_stride = fb.width * HW_TEX_TILE * bytes;
	r.u.copy.rows = (uint32_t)height / HW_TEX_TILE;
	if ((unsigned)width == fb.width) {
		/* Whole rows: one run. */
		r.u.copy.row_bytes *= r.u.copy.rows;
		r.u.copy.rows = 1;
	}
	nngx_cmdlist_add_request(st, &r, fn);
}

/* OpenGL ES 2.0, 3.7.2, into a level that has an image, with the copy
 * engine as glCopyTexImage2D. Model choices (doc/model.md): the rectangle and
 * the offsets lie on the 8x8 tile grid, the rectangle inside the colour
 * buffer and the level (GL_INVALID_VALUE otherwise; 0 x 0 copies
 * nothing); the level's format must be the one a copy of the colour
 * buffer makes (GL_INVALID_OPERATION otherwise). The window's pixel
 * (x + i, y + j) lands where the level, drawn into as a colour attachment,
 * has its pixel (xoffset + i, yoffset + j). One COPYTEX request when the
 * rectangle spans the level's width (its tile rows are consecutive), else
 * one per tile row. The target is GL_TEXTURE_2D or a cube map face
 * (GL_INVALID_ENUM otherwise, GL_INVALID_OPERATION with no cube map
 * bound); a face's level must have an image of its own, and the copy lands
 * in that face's chain only. */
void glCopyTexSubImage2D(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLint x,
			 GLint y, GLsizei width, GLsizei height)
{
	static const char fn[] = "glCopyTexSubImage2D";
	NNGX_API(st);
	struct gl_frag_target fb;
	const struct tex_format *f;
	struct nngx_request r;
	struct gl_texture *t;
	unsigned bytes, lw, lh, rows, k, requests;
	uint32_t src_top, dst_top, levels, face_offset;

	if (target != GL_TEXTURE_2D && !tex_is_face(target)) {
		gl_enum_error(st, fn, "target 0x%04X is not GL_TEXTURE_2D or a "
			      "GL_TEXTURE_CUBE_MAP_* face", target);
		return;
	}
	if (level < 0 || level > TEX_MAX_LEVEL || width < 0 || height < 0) {
		gl_value_error(st, fn, "level %d, %d x %d: the level is 0..%d and sizes are not "
			       "negative", level, width, height, TEX_MAX_LEVEL);
		return;
	}
	t = tex_bound(&st->gl, target);
	if (!t) {
		gl_operation_error(st, fn, "no cube map is bound to unit %u",
				   st->gl.active_texture);
		return;
	}
	/* a face: its own levels, its chain at face x the chain's size */
	levels = tex_is_face(target) ? t->face_levels[target - GL_TEXTURE_CUBE_MAP_POSITIVE_X]
		 : t->level_mask;
	face_offset = tex_is_face(target)
		      ? (target - GL_TEXTURE_CUBE_MAP_POSITIVE_X) * tex_chain_size(t) : 0;
	if (!((levels >> level) & 1u) || !t->hw.phys) {
		gl_operation_error(st, fn, "level %d of the bound texture has no image", level);
		return;
	}
	lw = t->hw.width >> level;
	lh = t->hw.height >> level;
	if (xoffset < 0 || yoffset < 0 || (long long)xoffset + width > (long long)lw
	    || (long long)yoffset + height > (long long)lh) {
		gl_value_error(st, fn, "offset (%d, %d) %d x %d is outside level %d (%u x %u)",
			       xoffset, yoffset, width, height, level, lw, lh);
		return;
	}
	if (!gl_framebuffer_target(st, &fb, fn))
		return;
	if (!fb.color_phys) {
		gl_operation_error(st, fn, "the bound framebuffer has no colour buffer");
		return;
	}
	f = tex_copy_format(fb.color_format, t->format);
	if (!f || f->hw != t->hw.format) {
		gl_operation_error(st, fn, "the texture's format (0x%04X 0x%04X) is not what the "
				   "copy engine makes of a colour buffer of format %u", t->format,
				   t->type, fb.color_format);
		return;
	}
	if (x < 0 || y < 0 || (long long)x + width > (long long)fb.width
	    || (long long)y + height > (long long)fb.height
	    || (x | y | xoffset | yoffset | width | height) % HW_TEX_TILE) {
		gl_value_error(st, fn, "(%d, %d) %d x %d to (%d, %d): the rectangle must lie in "
			       "the %u x %u colour buffer, corners and sizes on the 8x8 tile "
			       "grid", x, y, width, height, xoffset, yoffset, fb.width, fb.height);
		return;
	}
	if (width == 0 || height == 0)
		return;
	rows = (unsigned)height / HW_TEX_TILE;
	requests = (unsigned)width == lw ? 1 : rows;
	if (!nngx_cmdlist_reserve(st, requests, false, fn))
		return;
	st->gl.texture_epoch++;
	/* Tile rows from the rectangle's top, in the colour buffer and in
	 * the level (both laid out as render targets: memory row 0 is the
	 * top). */
	bytes = hw_fragment_color_bytes((enum hw_color_format)fb.color_format);
	src_top = fb.height - (uint32_t)y - (uint32_t)height;
	dst_top = lh - (uint32_t)yoffset - (uint32_t)height;
	for (k = 0; k < requests; k++) {
		unsigned first = k * (rows / requests);
		memset(&r, 0, sizeof r);
		r.type = NN_GX_CMDLIST_REQTYPE_COPYTEX;
		r.u.copy.src = fb.color_phys + ((src_top + first * HW_TEX_TILE) * fb.width
						+ (uint32_t)x * HW_TEX_TILE) * bytes;
		r.u.copy.dst = hw_texture_level_phys(&t->hw, (unsigned)level) + face_offset
			       + ((dst_top + first * HW_TEX_TILE) * lw
				  + (uint32_t)xoffset * HW_TEX_TILE) * bytes;
		r.u.copy.row_bytes = (uint32_t)width * HW_TEX_TILE * bytes;
		r.u.copy.src_stride = fb.width * HW_TEX_TILE * bytes;
		r.u.copy.rows = rows / requests;
		nngx_cmdlist_add_request(st, &r, fn);
	}
}

/* ---- parameters ----------------------------------------------------------- */

/* Whether v is a legal value of filter parameter pname: NEAREST or LINEAR,
 * and for MIN_FILTER also the four mipmap filters. */
static bool tex_filter_ok(GLenum pname, GLint v)
{
	if (v == GL_NEAREST || v == GL_LINEAR)
		return true;
	return pname == GL_TEXTURE_MIN_FILTER
	       && (v == GL_NEAREST_MIPMAP_NEAREST || v == GL_LINEAR_MIPMAP_NEAREST
		   || v == GL_NEAREST_MIPMAP_LINEAR || v == GL_LINEAR_MIPMAP_LINEAR);
}

/* One glTexParameter* call: the enum value `i` for the enum parameters,
 * the floats f[0..count) for the others (count 4 only from the vector
 * forms). GL_INVALID_ENUM for an unknown pname or value, and for
 * GL_TEXTURE_BORDER_COLOR through a scalar form (it has four values);
 * GL_INVALID_VALUE for a LOD bias outside [-16, 16) (the SDK's range) or
 * a MIN_LOD that is not a number (model choice). Nothing changes on an
 * error. */
static void tex_parameter(GLenum target, GLenum pname, GLint i, const GLfloat *f,
			  unsigned count, const char *fn)
{
	NNGX_API(st);
	struct gl_texture *t;
	GLenum *slot;
	unsigned k;

	if (!tex_target_ok(st, target, fn))
		return;
	t = tex_bound(&st->gl, target);
	switch (pname) {
	case GL_TEXTURE_MIN_FILTER: slot = &t->min_filter; break;
	case GL_TEXTURE_MAG_FILTER: slot = &t->mag_filter; break;
	case GL_TEXTURE_WRAP_S: slot = &t->wrap_s; break;
	case GL_TEXTURE_WRAP_T: slot = &t->wrap_t; break;
	case GL_TEXTURE_BORDER_COLOR:
		if (count < 4) {
			gl_enum_error(st, fn, "GL_TEXTURE_BORDER_COLOR takes four values: "
				      "glTexParameterfv or glTexParameteriv");
			return;
		}
		for (k = 0; k < 4; k++)
			t->border_color[k] = f[k];
		return;
	case GL_TEXTURE_LOD_BIAS:
		if (!(f[0] >= -16.0f && f[0] < 16.0f)) {
			gl_value_error(st, fn, "GL_TEXTURE_LOD_BIAS %g is outside [-16, 16)",
				       (double)f[0]);
			return;
		}
		t->lod_bias = f[0];
		return;
	case GL_TEXTURE_MIN_LOD:
		if (f[0] != f[0]) {
			gl_value_error(st, fn, "GL_TEXTURE_MIN_LOD is not a number");
			return;
		}
		t->min_lod = f[0];
		return;
	case GL_GENERATE_MIPMAP:
		if (f[0] != 0.0f && f[0] != 1.0f) {
			gl_enum_error(st, fn, "GL_GENERATE_MIPMAP takes GL_TRUE or GL_FALSE, not %g",
				      (double)f[0]);
			return;
		}
		t->generate_mipmap = f[0] != 0.0f;
		return;
	default:
		gl_enum_error(st, fn, "pname 0x%04X is not a texture parameter", pname);
		return;
	}
	if ((pname == GL_TEXTURE_MIN_FILTER || pname == GL_TEXTURE_MAG_FILTER)
	    ? !tex_filter_ok(pname, i)
	    : (i != GL_CLAMP_TO_EDGE && i != GL_REPEAT && i != GL_MIRRORED_REPEAT
	       && i != GL_CLAMP_TO_BORDER)) {
		gl_enum_error(st, fn, "0x%04X is not a value of pname 0x%04X", (unsigned)i, pname);
		return;
	}
	*slot = (GLenum)i;
}

/* A float parameter as the enum it names; -1 (no enum) when it is not a
 * whole number in range. */
static GLint tex_float_enum(GLfloat f)
{
	return f >= 0.0f && f <= 65535.0f && f == (GLfloat)(GLint)f ? (GLint)f : -1;
}

void glTexParameteri(GLenum target, GLenum pname, GLint param)
{
	GLfloat f = (GLfloat)param;

	tex_parameter(target, pname, param, &f, 1, "glTexParameteri");
}

void glTexParameterf(GLenum target, GLenum pname, GLfloat param)
{
	tex_parameter(target, pname, tex_float_enum(param), &param, 1, "glTexParameterf");
}

/* glTexParameteriv: GL_TEXTURE_BORDER_COLOR's integers are normalised
 * (c / (2^31 - 1), desktop GL's rule for signed integers; below -1 reads
 * -1), every other value is converted as glTexParameteri does. */
void glTexParameteriv(GLenum target, GLenum pname, const GLint *params)
{
	NNGX_API(st);
	GLfloat f[4];
	unsigned k;

	if (!params) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT,
				 "glTexParameteriv", "params is NULL");
		return;
	}
	if (pname == GL_TEXTURE_BORDER_COLOR) {
		for (k = 0; k < 4; k++) {
			double v = (double)params[k] / 2147483647.0;

			f[k] = (GLfloat)(v < -1.0 ? -1.0 : v);
		}
		tex_parameter(target, pname, params[0], f, 4, "glTexParameteriv");
		return;
	}
	f[0] = (GLfloat)params[0];
	tex_parameter(target, pname, params[0], f, 1, "glTexParameteriv");
}

void glTexParameterfv(GLenum target, GLenum pname, const GLfloat *params)
{
	NNGX_API(st);

	if (!params) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT,
				 "glTexParameterfv", "params is NULL");
		return;
	}
	tex_parameter(target, pname, tex_float_enum(params[0]), params,
		      pname == GL_TEXTURE_BORDER_COLOR ? 4 : 1, "glTexParameterfv");
}

/* ---- glGenerateMipmap ---------------------------------------------------------- */

/* The components of a stored texel, as bit widths from bit 0 of its
 * little-endian word (hw_texture.h: R, or I, in the top bits); 0 ends.
 * NULL for the compressed formats. */
static const unsigned char *tex_fields(enum hw_tex_format f)
{
	static const unsigned char w8888[] = { 8, 8, 8, 8, 0 }, w888[] = { 8, 8, 8, 0 },
		w1555[] = { 1, 5, 5, 5, 0 }, w565[] = { 5, 6, 5, 0 },
		w4444[] = { 4, 4, 4, 4, 0 }, w88[] = { 8, 8, 0 }, w8[] = { 8, 0 },
		w44[] = { 4, 4, 0 }, w4[] = { 4, 0 };

	switch (f) {
	case HW_TEX_RGBA8: return w8888;
	case HW_TEX_RGB8: return w888;
	case HW_TEX_RGB5A1: return w1555;
	case HW_TEX_RGB565: return w565;
	case HW_TEX_RGBA4: return w4444;
	case HW_TEX_IA8: case HW_TEX_HILO8: return w88;
	case HW_TEX_I8: case HW_TEX_A8: return w8;
	case HW_TEX_IA4: return w44;
	case HW_TEX_I4: case HW_TEX_A4: return w4;
	case HW_TEX_ETC1: case HW_TEX_ETC1A4: break;
	}
	return NULL;
}

/* The stored word of texel (x, y) of `level`, and its inverse. A 4-bit
 * texel is the low nibble of its byte for even x, as tex_place stores. */
static uint32_t tex_word_get(uint8_t *host, const struct hw_texture *hw, unsigned level,
			     unsigned x, unsigned y)
{
	const uint8_t *p = tex_texel(host, hw, level, x, y);
	unsigned bits = hw_texture_bits_per_texel(hw->format), k;
	uint32_t v = 0;

	if (bits == 4)
		return x % 2 ? p[0] >> 4 : p[0] & 0xFu;
	for (k = 0; k < bits / 8; k++)
		v |= (uint32_t)p[k] << (8 * k);
	return v;
}

/* Store texel value v at (x, y) of `level` in the host copy, in the format's
 * bits per texel: 4-bit texels share a byte (odd x high), wider ones are
 * little-endian. x and y are inside the level. */
static void tex_word_put(uint8_t *host, const struct hw_texture *hw, unsigned level, unsigned x,
			 unsigned y, uint32_t v)
{
	uint8_t *p = tex_texel(host, hw, level, x, y);
	unsigned bits = hw_texture_bits_per_texel(hw->format), k;

	if (bits == 4) {
		p[0] = x % 2 ? (uint8_t)((p[0] & 0x0Fu) | v << 4) : (uint8_t)((p[0] & 0xF0u) | v);
		return;
	}
	for (k = 0; k < bits / 8; k++)
		p[k] = (uint8_t)(v >> (8 * k));
}

static void tex_generate_chain(uint8_t *host, const struct hw_texture *hw,
			       const unsigned char *fields);

/* glGenerateMipmap (ES 2.0, 3.7.11) on the texture bound to the active
 * unit. GL_INVALID_ENUM unless GL_TEXTURE_2D; GL_INVALID_OPERATION when
 * level 0 has no image or a compressed one (ES 2.0 rules out compressed
 * level-0 images). Model choices (doc/model.md): the chain is the one the
 * storage has, down to 8x8 (the unit's smallest size), not to 1x1; each
 * level k + 1 texel is the 2x2 box of level k, every component averaged
 * in its stored precision with rounding half up ((a + b + c + d + 2) / 4,
 * so 1-bit alpha is 1 when two or more of the four are); the levels are
 * written in the storage, with the level-0 format, and count as given. */
/* Levels 1.. of texture t (every face of a cube map) from level 0: false
 * after the GL error (no level 0, a compressed format), nothing changed. */
static bool tex_generate(struct nngx_state *st, struct gl_texture *t, const char *fn)
{
	const unsigned char *fields;
	uint8_t *host;
	unsigned face;

	if (!t->hw.phys || !(t->level_mask & 1u)) {
		gl_operation_error(st, fn, "texture %u has no level-0 image", t->name);
		return false;
	}
	fields = tex_fields(t->hw.format);
	if (!fields) {
		gl_operation_error(st, fn, "texture %u is compressed (format 0x%04X)", t->name,
				   t->format);
		return false;
	}
	for (face = 0; face < (t->target == GL_TEXTURE_CUBE_MAP ? 6u : 1u); face++) {
		uint32_t offset = face * tex_chain_size(t);
		struct hw_texture hw = t->hw;

		hw.phys += offset;
		host = (uint8_t *)hw_memory_host(&st->gpu.memory, t->hw.phys, t->size) + offset;
		tex_generate_chain(host, &hw, fields);
		if (t->target == GL_TEXTURE_CUBE_MAP)
			t->face_levels[face] |= (1u << t->hw.levels) - 1u;
	}
	t->level_mask |= (1u << t->hw.levels) - 1u;
	st->gl.texture_epoch++;
	return true;
}

void glGenerateMipmap(GLenum target)
{
	static const char fn[] = "glGenerateMipmap";
	NNGX_API(st);

	if (!tex_target_ok(st, target, fn))
		return;
	tex_generate(st, tex_bound(&st->gl, target), fn);
}

/* Levels 1.. of one chain from level 0 (glGenerateMipmap's rule). */
static void tex_generate_chain(uint8_t *host, const struct hw_texture *hw,
			       const unsigned char *fields)
{
	unsigned level, x, y;

	for (level = 1; level < hw->levels; level++) {
		unsigned w = hw_texture_level_width(hw, level);
		unsigned h = hw_texture_level_height(hw, level);

		for (y = 0; y < h; y++)
			for (x = 0; x < w; x++) {
				uint32_t q[4], out = 0;
				unsigned k, shift = 0;

				q[0] = tex_word_get(host, hw, level - 1, 2 * x, 2 * y);
				q[1] = tex_word_get(host, hw, level - 1, 2 * x + 1, 2 * y);
				q[2] = tex_word_get(host, hw, level - 1, 2 * x, 2 * y + 1);
				q[3] = tex_word_get(host, hw, level - 1, 2 * x + 1, 2 * y + 1);
				for (k = 0; fields[k]; k++) {
					uint32_t m = (1u << fields[k]) - 1, sum = 2;
					unsigned j;

					for (j = 0; j < 4; j++)
						sum += (q[j] >> shift) & m;
					out |= (sum / 4) << shift;
					shift += fields[k];
				}
				tex_word_put(host, hw, level, x, y, out);
			}
	}
}

/* glGetTexParameter{i,f}v (ES 2.0, 6.1.3): the texture bound to the
 * active unit; the value in f[0..n) (enums as their numbers); 0 (nothing
 * written) after the GL error.
 * GL_TEXTURE_DATA_ADDR_DMP (glGetTexParameteriv only, `addr` not NULL: a
 * float cannot hold every address): where level 0 of the bound texture
 * (texture 0: the default texture) lives, in addr[0]; for
 * GL_TEXTURE_CUBE_MAP, level 0 of each face in addr[0..5] (+X .. -Z,
 * each face's chain after the one before): the address the program's
 * allocator gave in the console address space (nngx_addrspace.h), the
 * simulated physical one in the host one; 0 without storage, no error. */
static unsigned tex_get_parameter(GLenum target, GLenum pname, GLfloat f[4], GLint addr[6],
				  const void *params, const char *fn)
{
	NNGX_API(st);
	const struct gl_texture *t;
	unsigned n = 1, k;

	if (!tex_target_ok(st, target, fn))
		return 0;
	t = tex_bound(&st->gl, target);
	switch (pname) {
	case GL_TEXTURE_MIN_FILTER: f[0] = (GLfloat)t->min_filter; break;
	case GL_TEXTURE_MAG_FILTER: f[0] = (GLfloat)t->mag_filter; break;
	case GL_TEXTURE_WRAP_S: f[0] = (GLfloat)t->wrap_s; break;
	case GL_TEXTURE_WRAP_T: f[0] = (GLfloat)t->wrap_t; break;
	case GL_TEXTURE_LOD_BIAS: f[0] = t->lod_bias; break;
	case GL_TEXTURE_MIN_LOD: f[0] = t->min_lod; break;
	case GL_GENERATE_MIPMAP: f[0] = t->generate_mipmap ? 1.0f : 0.0f; break;
	case GL_TEXTURE_BORDER_COLOR:
		for (k = 0; k < 4; k++)
			f[k] = t->border_color[k];
		n = 4;
		break;
	case GL_TEXTURE_DATA_ADDR_DMP:
		if (!addr) {
			gl_enum_error(st, fn, "GL_TEXTURE_DATA_ADDR_DMP is read with "
				      "glGetTexParameteriv (a float cannot hold every address)");
			return 0;
		}
		n = target == GL_TEXTURE_CUBE_MAP ? 6 : 1;
		for (k = 0; k < n; k++) {
			uint32_t at = t->size ? t->hw.phys + k * tex_chain_size(t) : 0;

			addr[k] = (GLint)nngx_addrspace_va(at);
		}
		break;
	default:
		gl_enum_error(st, fn, "pname 0x%04X is not a texture parameter", pname);
		return 0;
	}
	if (!params) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn, "params is NULL");
		return 0;
	}
	return n;
}

/* Integers: the border colour's components as c * (2^31 - 1) rounded
 * (desktop GL's rule for normalised signed integers, clamped to -1..1),
 * the LOD values rounded to the nearest integer, enums as they are. */
void glGetTexParameteriv(GLenum target, GLenum pname, GLint *params)
{
	GLfloat f[4];
	GLint addr[6] = { 0 };
	unsigned n = tex_get_parameter(target, pname, f, addr, params, "glGetTexParameteriv"), k;

	for (k = 0; k < n; k++) {
		double v;

		if (pname == GL_TEXTURE_DATA_ADDR_DMP) {
			params[k] = addr[k];
			continue;
		}
		v = f[k];
		if (pname == GL_TEXTURE_BORDER_COLOR) {
			v = v < -1.0 ? -1.0 : v > 1.0 ? 1.0 : v;
			params[k] = (GLint)lround(v * 2147483647.0);
		} else {
			params[k] = (GLint)lround(v);
		}
	}
}

void glGetTexParameterfv(GLenum target, GLenum pname, GLfloat *params)
{
	GLfloat f[4];
	unsigned n = tex_get_parameter(target, pname, f, NULL, params, "glGetTexParameterfv"), k;

	for (k = 0; k < n; k++)
		params[k] = f[k];
}

/* glGetTexLevelParameter{i,f}v (gl2ext.h; the desktop GL query, which
 * ES 2.0 lacks): GL_TEXTURE_WIDTH, GL_TEXTURE_HEIGHT and
 * GL_TEXTURE_INTERNAL_FORMAT of one level of the texture bound to the
 * active unit, of one face of the cube map bound (the face's own levels;
 * GL_INVALID_OPERATION with none bound, as for the face images), or of
 * the lookup table bound to GL_LUT_TEXTUREi_DMP. GL_INVALID_ENUM for
 * another target or pname,
 * GL_INVALID_VALUE for a level outside 0..log2(1024), as desktop GL says.
 * Model choice (doc/model.md): a level with no image reads 0 for all three
 * (desktop GL's defaults are 0, 0 and an unsized format; the model keeps
 * no format for a missing image). The internal format is the one the
 * level was given (glTexImage2D's internalformat, equal to its format,
 * or glCompressedTexImage2D's / glCopyTexImage2D's). */
static bool tex_get_level_parameter(GLenum target, GLint level, GLenum pname, GLint *v,
				    const void *params, const char *fn)
{
	NNGX_API(st);
	const struct gl_texture *t;
	bool present, lut = gl_lut_target(target);
	uint32_t mask;

	if (!lut && target != GL_TEXTURE_2D && !tex_is_face(target)) {
		gl_enum_error(st, fn, "target 0x%04X is not GL_TEXTURE_2D, a "
			      "GL_TEXTURE_CUBE_MAP_* face or a lookup table", target);
		return false;
	}
	if (pname != GL_TEXTURE_WIDTH && pname != GL_TEXTURE_HEIGHT
	    && pname != GL_TEXTURE_INTERNAL_FORMAT) {
		gl_enum_error(st, fn, "pname 0x%04X is not GL_TEXTURE_WIDTH, GL_TEXTURE_HEIGHT or "
			      "GL_TEXTURE_INTERNAL_FORMAT", pname);
		return false;
	}
	if (level < 0 || level > TEX_MAX_LEVEL) {
		gl_value_error(st, fn, "level %d is outside 0..%d", level, TEX_MAX_LEVEL);
		return false;
	}
	if (!params) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn, "params is NULL");
		return false;
	}
	if (lut) {
		/* A lookup table: level 0, `width` x 1 of GL_LUMINANCEF_DMP once
		 * glTexImage1D defined it; nothing bound reads 0 (gl_lut.c). */
		GLuint name = st->gl.lut_binding[target - GL_LUT_TEXTURE0_DMP];
		t = name ? gl_texture_find(&st->gl, name) : NULL;
		present = t && t->lut && level == 0;
		*v = !present ? 0 : pname == GL_TEXTURE_WIDTH ? (GLint)t->lut_width
		     : pname == GL_TEXTURE_HEIGHT ? 1 : GL_LUMINANCEF_DMP;
		return true;
	}
	t = tex_bound(&st->gl, target);
	if (!t) {
		gl_operation_error(st, fn, "no cube map is bound to unit %u",
				   st->gl.active_texture);
		return false;
	}
	mask = tex_is_face(target) ? t->face_levels[target - GL_TEXTURE_CUBE_MAP_POSITIVE_X]
	       : t->level_mask;
	present = t->hw.phys && (unsigned)level < t->hw.levels && ((mask >> level) & 1u);
	if (!present)
		*v = 0;
	else if (pname == GL_TEXTURE_WIDTH)
		*v = (GLint)hw_texture_level_width(&t->hw, (unsigned)level);
	else if (pname == GL_TEXTURE_HEIGHT)
		*v = (GLint)hw_texture_level_height(&t->hw, (unsigned)level);
	else
		*v = (GLint)t->format;
	return true;
}

void glGetTexLevelParameteriv(GLenum target, GLint level, GLenum pname, GLint *params)
{
	GLint v;

	if (tex_get_level_parameter(target, level, pname, &v, params, "glGetTexLevelParameteriv"))
		*params = v;
}

void glGetTexLevelParameterfv(GLenum target, GLint level, GLenum pname, GLfloat *params)
{
	GLint v;

	if (tex_get_level_parameter(target, level, pname, &v, params, "glGetTexLevelParameterfv"))
		*params = (GLfloat)v;
}

/* ---- what a draw reads ----------------------------------------------------- */

/* A GL wrap mode as the model's; anything else (REPEAT) gives repeat. */
static enum hw_tex_wrap tex_hw_wrap(GLenum wrap)
{
	switch (wrap) {
	case GL_CLAMP_TO_EDGE: return HW_WRAP_CLAMP_EDGE;
	case GL_CLAMP_TO_BORDER: return HW_WRAP_CLAMP_BORDER;
	case GL_MIRRORED_REPEAT: return HW_WRAP_MIRROR;
	default: return HW_WRAP_REPEAT;
	}
}

/* The level of detail and border colour the unit is given, as the SDK's
 * driver writes them (fragment-pipeline.md B.2): the bias as it is (the
 * command generator encodes it in 1/256 steps), the smallest level
 * max(0, GL_TEXTURE_MIN_LOD) truncated and at most the last level (0
 * without a mipmap filter), the border colour clamped to 0..1 (the
 * register holds bytes, round(c * 255)). */
static void tex_hw_lod(const struct gl_texture *t, bool mip, struct hw_texture *hw)
{
	unsigned k;

	hw->lod_bias = t->lod_bias;
	hw->min_level = 0;
	if (mip && t->min_lod > 0.0f)
		hw->min_level = t->min_lod >= (GLfloat)(hw->levels - 1) ? hw->levels - 1
									: (unsigned)t->min_lod;
	for (k = 0; k < 4; k++) {
		GLfloat c = t->border_color[k];

		hw->border[k] = c > 0.0f ? (c < 1.0f ? c : 1.0f) : 0.0f;
	}
}

/* Levels given images without a gap from level 0. */
static unsigned tex_levels_present(const struct gl_texture *t)
{
	unsigned n = 0;

	while (n < t->hw.levels && ((t->level_mask >> n) & 1u))
		n++;
	return n;
}

void gl_texture_units(struct nngx_state *st, const struct gl_dmp_state *dmp,
		      struct gl_frag_texture *unit, const char *fn)
{
	struct gl_context *gl = &st->gl;
	unsigned u;

	for (u = 0; u < GL_CONTEXT_TEXTURE_UNITS; u++) {
		const struct gl_texture *t;
		struct hw_texture *hw = &unit[u].hw;
		GLenum min;
		unsigned present;
		bool mip;

		enum hw_tex_type type;
		bool cube;
		GLuint name;
		unsigned f;

		memset(&unit[u], 0, sizeof unit[u]);
		/* The sampler type picks the binding and the unit's type
		 * (gl_dmp.c lets only unit 0 take the others); off: GL_FALSE
		 * and the procedural texture (not modelled). */
		switch (dmp->sampler_type[u]) {
		case GL_TEXTURE_2D: type = HW_TEXTYPE_2D; break;
		case GL_TEXTURE_CUBE_MAP: type = HW_TEXTYPE_CUBE; break;
		case GL_TEXTURE_SHADOW_2D_DMP: type = HW_TEXTYPE_SHADOW_2D; break;
		case GL_TEXTURE_SHADOW_CUBE_DMP: type = HW_TEXTYPE_SHADOW_CUBE; break;
		case GL_TEXTURE_PROJECTION_DMP: type = HW_TEXTYPE_PROJECTION; break;
		default: continue;
		}
		if (u != 0 && type != HW_TEXTYPE_2D)
			continue;
		cube = type == HW_TEXTYPE_CUBE || type == HW_TEXTYPE_SHADOW_CUBE;
		name = cube ? gl->texture_binding_cube[u] : gl->texture_binding[u];
		t = cube && name == 0 ? NULL : gl_texture_find(gl, name);
		present = t ? tex_levels_present(t) : 0;
		if (!t || !t->hw.phys || present == 0) {
			nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_TEXTURE_INCOMPLETE, fn,
					 "unit %u: %s %u has no level-0 image%s; the unit is "
					 "off for this draw", u, cube ? "cube map" : "texture", name,
					 cube ? " on every face" : "");
			continue;
		}
		min = t->min_filter;
		mip = min != GL_NEAREST && min != GL_LINEAR;
		if (mip && present < t->hw.levels)
			nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_TEXTURE_INCOMPLETE, fn,
					 "unit %u: texture %u has levels 0..%u of %u and a "
					 "mipmap filter; the unit reads the levels present (ES "
					 "2.0 would sample black)", u, t->name, present - 1,
					 t->hw.levels);
		unit[u].on = true;
		*hw = t->hw;
		hw->levels = mip ? present : 1;
		hw->wrap_s = tex_hw_wrap(t->wrap_s);
		hw->wrap_t = tex_hw_wrap(t->wrap_t);
		hw->mag_filter = t->mag_filter == GL_NEAREST ? HW_FILTER_NEAREST : HW_FILTER_LINEAR;
		hw->min_filter = (min == GL_NEAREST || min == GL_NEAREST_MIPMAP_NEAREST
				  || min == GL_NEAREST_MIPMAP_LINEAR)
				 ? HW_FILTER_NEAREST : HW_FILTER_LINEAR;
		hw->mip_filter = (min == GL_NEAREST_MIPMAP_LINEAR || min == GL_LINEAR_MIPMAP_LINEAR)
				 ? HW_FILTER_LINEAR : HW_FILTER_NEAREST;
		tex_hw_lod(t, mip, hw);
		hw->type = type;
		if (type == HW_TEXTYPE_SHADOW_2D || type == HW_TEXTYPE_SHADOW_CUBE) {
			/* what the SDK's driver forces for shadow textures: linear
			 * filters, one level (LOD 0), clamp to border (a shadow
			 * cube: to edge) */
			hw->mag_filter = hw->min_filter = HW_FILTER_LINEAR;
			hw->mip_filter = HW_FILTER_NEAREST;
			hw->levels = 1;
			hw->min_level = 0;
			hw->lod_bias = 0.0f;
			hw->wrap_s = hw->wrap_t = type == HW_TEXTYPE_SHADOW_2D ? HW_WRAP_CLAMP_BORDER
									: HW_WRAP_CLAMP_EDGE;
		}
		for (f = 0; f < HW_CUBE_FACES; f++)
			hw->face_phys[f] = t->hw.phys + (cube ? f * tex_chain_size(t) : 0);
		if (cube)
			hw->lod_bias = 0.0f;    /* the SDK forces it to 0 for cube maps */
	}
}

/* OES_EGL_image (gl2ext.h, GL_GLEXT_PROTOTYPES). Model choice (doc/model.md):
 * there is no EGL in the model, so no value is a valid EGLImage: after
 * the target check (GL_INVALID_ENUM unless GL_TEXTURE_2D) the call
 * records GL_INVALID_OPERATION, as the extension says for an image that
 * is not valid, and changes nothing. glGetString does not list the
 * extension. */
void glEGLImageTargetTexture2DOES(GLenum target, GLeglImageOES image)
{
	static const char fn[] = "glEGLImageTargetTexture2DOES";
	NNGX_API(st);

	if (target != GL_TEXTURE_2D) {
		gl_enum_error(st, fn, "target 0x%04X is not GL_TEXTURE_2D", target);
		return;
	}
	gl_operation_error(st, fn, "image %p is not an EGLImage: the model has no EGL", image);
}
