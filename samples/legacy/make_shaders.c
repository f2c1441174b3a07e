/* make_shaders.c: writes scene.shbin, the shader binary of the legacy
 * program (samples/legacy), at build time.
 *
 * A 3DS program loads its shaders from a .shbin file that the SDK's shader
 * assembler made from assembly source. libnngx ships no opaque blob, so
 * this build-time tool makes the file with the project's own encoder
 * (tests/shader_asm.h, tests/shbin_writer.h). The program itself only
 * reads the file and hands it to glShaderBinary, as legacy code does.
 *
 * The binary holds one program (DVLP) with two vertex-shader entry points
 * (DVLE 0 and 1), the way one .shbin often carries every shader of a
 * scene. In the SDK's assembly language the two would read:
 *
 *   ; DVLE 0 "scene": a transformed, textured, tinted mesh
 *   ; v0 aPosition, v1 aTexCoord
 *   ; c0-c3 uProjection, c4-c7 uModelView, c8 uColor
 *   main:   dp4 r0.x, c4, v0        ; eye-space position = uModelView * v0
 *           dp4 r0.y, c5, v0
 *           dp4 r0.z, c6, v0
 *           dp4 r0.w, c7, v0
 *           dp4 o0.x, c0, r0        ; clip-space position = uProjection * r0
 *           dp4 o0.y, c1, r0
 *           dp4 o0.z, c2, r0
 *           dp4 o0.w, c3, r0
 *           mov o1, c8              ; colour: the tint
 *           mov o2.xy, v1           ; texture coordinate 0
 *           end
 *
 *   ; DVLE 1 "overlay": 2D geometry already in clip space, coloured
 *   ; v0 aPosition, v1 aColor
 *   overlay: mov o0, v0
 *           mov o1, v1
 *           end
 *
 * Usage: make_shaders OUTPUT.shbin
 *
 * Part of libnngx (MIT licence). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/shader_asm.h"
#include "tests/shbin_writer.h"

/* Register numbers in the DVLE uniform tables' unified numbering:
 * v0-v15 are 0x00-0x0F, c0-c95 are 0x10-0x6F. */
#define UNI_V(n) (0x00u + (n))
#define UNI_C(n) (0x10u + (n))

/* Output types of the DVLE output table. */
#define OUT_POSITION  0u
#define OUT_COLOR     2u
#define OUT_TEXCOORD0 3u

enum { C_PROJECTION = 0, C_MODELVIEW = 4, C_COLOR = 8 };

static const char *const lane[4] = { "x", "y", "z", "w" };

/* DVLE 0: see the header comment. */
static void scene_shader(struct shader_asm *a)
{
	unsigned k;

	for (k = 0; k < 4; k++)
		asm_op2(a, ASM_DP4, asm_mask(asm_rd(0), lane[k]), asm_c(C_MODELVIEW + k), asm_v(0));
	for (k = 0; k < 4; k++)
		asm_op2(a, ASM_DP4, asm_mask(asm_o(0), lane[k]), asm_c(C_PROJECTION + k), asm_r(0));
	asm_mov(a, asm_o(1), asm_c(C_COLOR));
	asm_mov(a, asm_mask(asm_o(2), "xy"), asm_v(1));
	asm_end(a);
}

/* DVLE 1: see the header comment. */
static void overlay_shader(struct shader_asm *a)
{
	asm_mov(a, asm_o(0), asm_v(0));
	asm_mov(a, asm_o(1), asm_v(1));
	asm_end(a);
}

static int write_file(const char *path, const uint8_t *bytes, size_t size)
{
	FILE *f = fopen(path, "wb");

	if (!f) {
		fprintf(stderr, "make_shaders: cannot create %s: %s\n", path, strerror(errno));
		return 0;
	}
	if (fwrite(bytes, 1, size, f) != size || fclose(f) != 0) {
		fprintf(stderr, "make_shaders: cannot write %s\n", path);
		remove(path);
		return 0;
	}
	return 1;
}

int main(int argc, char **argv)
{
	static struct shader_asm a;                   /* large: keep off the stack */
	static struct hw_shader_state assembled;
	struct shbin_writer w;
	unsigned scene_end, overlay_end, k;
	uint8_t *bytes = NULL;
	size_t size = 0, scene, overlay;
	int ok;

	if (argc != 2) {
		fprintf(stderr, "usage: make_shaders OUTPUT.shbin\n");
		return 2;
	}

	asm_init(&a);
	scene_shader(&a);
	scene_end = asm_here(&a);
	overlay_shader(&a);
	overlay_end = asm_here(&a);
	if (!asm_finish(&a, &assembled)) {
		fprintf(stderr, "make_shaders: %s\n", a.error);
		return 1;
	}

	shbin_writer_init(&w);
	shbin_writer_set_program(&w, assembled.code, a.ncode);
	for (k = 0; k < a.nopdesc; k++)
		shbin_writer_add_opdesc(&w, assembled.opdesc[k]);
	shbin_writer_set_filename(&w, "scene.vsh");

	scene = shbin_writer_add_entry(&w, 0 /* vertex */, 0, scene_end);
	shbin_writer_add_output(&w, scene, OUT_POSITION, 0, 0xF);
	shbin_writer_add_output(&w, scene, OUT_COLOR, 1, 0xF);
	shbin_writer_add_output(&w, scene, OUT_TEXCOORD0, 2, 0x3);
	shbin_writer_add_uniform(&w, scene, "aPosition", UNI_V(0), UNI_V(0));
	shbin_writer_add_uniform(&w, scene, "aTexCoord", UNI_V(1), UNI_V(1));
	shbin_writer_add_uniform(&w, scene, "uProjection", UNI_C(C_PROJECTION), UNI_C(C_PROJECTION + 3));
	shbin_writer_add_uniform(&w, scene, "uModelView", UNI_C(C_MODELVIEW), UNI_C(C_MODELVIEW + 3));
	shbin_writer_add_uniform(&w, scene, "uColor", UNI_C(C_COLOR), UNI_C(C_COLOR));
	shbin_writer_add_label(&w, scene, "main", 0);

	overlay = shbin_writer_add_entry(&w, 0 /* vertex */, scene_end, overlay_end);
	shbin_writer_add_output(&w, overlay, OUT_POSITION, 0, 0xF);
	shbin_writer_add_output(&w, overlay, OUT_COLOR, 1, 0xF);
	shbin_writer_add_uniform(&w, overlay, "aPosition", UNI_V(0), UNI_V(0));
	shbin_writer_add_uniform(&w, overlay, "aColor", UNI_V(1), UNI_V(1));
	shbin_writer_add_label(&w, overlay, "overlay", scene_end);

	ok = shbin_writer_finish(&w, &bytes, &size);
	shbin_writer_free(&w);
	if (!ok) {
		fprintf(stderr, "make_shaders: out of memory\n");
		return 1;
	}
	ok = write_file(argv[1], bytes, size);
	free(bytes);
	return ok ? 0 : 1;
}
