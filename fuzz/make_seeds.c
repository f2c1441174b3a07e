/* make_seeds.c: writes the seed corpora of the fuzz targets that are
 * binary (shbin, cmdstream, api) and the 4 G-vertex reproducer, so that
 * every committed seed can be rebuilt and read as code:
 *
 *     make fuzz/make_seeds && fuzz/make_seeds $(srcdir)/fuzz
 *
 * The shader binaries and command streams come from the tests' encoders
 * (tests/shader_asm.h, tests/shbin_writer.h, tests/pica_cmd.h). The
 * configuration seeds are text files, kept by hand. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "driver/nngx_state.h"
#include "tests/pica_cmd.h"
#include "tests/shader_asm.h"
#include "tests/shbin_writer.h"

static const char *top;

static void write_file(const char *dir, const char *name, const void *data, size_t size)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s/%s", top, dir, name);
	f = fopen(path, "wb");
	if (!f || fwrite(data, 1, size, f) != size) {
		fprintf(stderr, "make_seeds: cannot write %s\n", path);
		exit(1);
	}
	fclose(f);
}

/* ---- shbin ----------------------------------------------------------------- */

static void assemble_passthrough(struct shader_asm *a, struct hw_shader_state *prog)
{
	asm_init(a);
	asm_mov(a, asm_o(0), asm_v(0));
	asm_mov(a, asm_o(1), asm_c(4));
	asm_end(a);
	if (!asm_finish(a, prog))
		exit(1);
}

static void seed_shbin(void)
{
	static struct shader_asm a;
	struct hw_shader_state prog;
	struct shbin_writer w;
	uint8_t *bytes;
	size_t size, vs, gs;
	unsigned k;

	assemble_passthrough(&a, &prog);
	shbin_writer_init(&w);
	shbin_writer_set_program(&w, prog.code, a.ncode);
	for (k = 0; k < a.nopdesc; k++)
		shbin_writer_add_opdesc(&w, prog.opdesc[k]);
	vs = shbin_writer_add_entry(&w, GL_SHBIN_VERTEX, 0, a.ncode);
	shbin_writer_add_output(&w, vs, 0, 0, 0xF);
	shbin_writer_add_output(&w, vs, 2, 1, 0xF);
	shbin_writer_add_uniform(&w, vs, "aPosition", 0x00, 0x00);
	shbin_writer_add_float(&w, vs, 4, 1.0f, 0.5f, 0.25f, 1.0f);
	if (!shbin_writer_finish(&w, &bytes, &size))
		exit(1);
	write_file("corpus/shbin", "vertex_passthrough.shbin", bytes, size);
	free(bytes);

	/* The same code as a vertex and a geometry entry, with labels, an
	 * int and a bool constant. */
	gs = shbin_writer_add_entry(&w, GL_SHBIN_GEOMETRY, 0, a.ncode);
	shbin_writer_set_geometry(&w, gs, 0, 0, 0, 0, false);
	shbin_writer_add_output(&w, gs, 0, 0, 0xF);
	shbin_writer_add_int(&w, gs, 1, 3, 0, 1, 0);
	shbin_writer_add_bool(&w, vs, 2, true);
	shbin_writer_add_label(&w, vs, "main", 0);
	shbin_writer_add_label(&w, gs, "gmain", 1);
	shbin_writer_set_filename(&w, "seed.vsh");
	if (!shbin_writer_finish(&w, &bytes, &size))
		exit(1);
	write_file("corpus/shbin", "vertex_geometry.shbin", bytes, size);
	free(bytes);
	shbin_writer_free(&w);
}

/* ---- cmdstream -------------------------------------------------------------- */

static struct pica_cmd cmd;

/* The first byte: requests (low two bits), then the words. */
static void write_stream(const char *dir, const char *name, unsigned parts)
{
	uint8_t *bytes = malloc(1 + cmd.n * 4);

	if (!bytes)
		exit(1);
	bytes[0] = (uint8_t)((parts - 1) & 3u);
	memcpy(bytes + 1, cmd.w, cmd.n * 4);
	write_file(dir, name, bytes, 1 + cmd.n * 4);
	free(bytes);
}

static void stream_program(void)
{
	static struct shader_asm a;
	struct hw_shader_state prog;

	assemble_passthrough(&a, &prog);
	pica_cmd_init(&cmd);
	pica_cmd_vs_program(&cmd, &prog, a.ncode, a.nopdesc, 0);
}

/* Float3 positions at `base` (the VRAM B block of fuzz_cmdstream.c),
 * `count` vertices, as a list of triangles, into a small colour buffer
 * in the VRAM A block. */
static void stream_draw_state(uint32_t base, uint32_t color_phys, uint32_t count)
{
	pica_cmd_reg(&cmd, 0x200, base >> 3);
	pica_cmd_reg(&cmd, 0x201, 3 + 2 * 4);
	pica_cmd_reg(&cmd, 0x202, 0);
	pica_cmd_reg(&cmd, 0x203, 0);
	pica_cmd_reg(&cmd, 0x204, 0);
	pica_cmd_reg(&cmd, 0x205, 12u << 16 | 1u << 28);
	pica_cmd_reg(&cmd, 0x2BD, 3);                   /* o0, o1 */
	pica_cmd_reg(&cmd, 0x04F, 2);
	pica_cmd_reg(&cmd, 0x050, 0x03020100);
	pica_cmd_reg(&cmd, 0x051, 0x0B0A0908);
	pica_cmd_reg(&cmd, 0x041, pica_f24(16));
	pica_cmd_reg(&cmd, 0x043, pica_f24(16));
	pica_cmd_reg(&cmd, 0x11D, color_phys >> 3);     /* colour buffer */
	pica_cmd_reg(&cmd, 0x117, 0);                   /* RGBA8 */
	pica_cmd_reg(&cmd, 0x11E, 32u | 31u << 12 | 1u << 24);   /* 32 x 32 */
	pica_cmd_reg(&cmd, 0x112, 0xF);                 /* colour read and write */
	pica_cmd_reg(&cmd, 0x113, 0xF);
	pica_cmd_reg(&cmd, 0x107, 0x0F00);              /* colour mask */
	pica_cmd_reg(&cmd, 0x228, count);
}

static void seed_cmdstream(uint32_t block_a, uint32_t block_b)
{
	static const uint32_t indices = 0x00020100u;    /* 0, 1, 2 as bytes */

	stream_program();
	stream_draw_state(block_b, block_a, 6);
	pica_cmd_reg(&cmd, 0x22E, 1);                   /* DRAWARRAYS */
	write_stream("corpus/cmdstream", "draw_arrays.bin", 1);

	stream_program();
	stream_draw_state(block_b, block_a, 3);
	pica_cmd_reg(&cmd, 0x227, 0x200);               /* indices at base + 0x200, 8-bit */
	pica_cmd_reg(&cmd, 0x22F, 1);                   /* DRAWELEMENTS */
	pica_cmd_reg(&cmd, 0x111, 1);                   /* framebuffer flush */
	pica_cmd_reg(&cmd, 0x22E, 1);
	write_stream("corpus/cmdstream", "draw_elements_two_requests.bin", 2);
	(void)indices;

	/* A jump into the VRAM A block (whatever it holds) and back. */
	pica_cmd_init(&cmd);
	pica_cmd_reg(&cmd, 0x238, 64 >> 3);
	pica_cmd_reg(&cmd, 0x23A, block_a >> 3);
	pica_cmd_reg(&cmd, 0x23C, 1);
	write_stream("corpus/cmdstream", "jump.bin", 1);

	/* The stream that hung the host: "mov o0, v0; end", one fixed
	 * attribute, a DRAWARRAYS of 0xFFFFFFFF vertices. */
	stream_program();
	pica_cmd_reg(&cmd, 0x201, 0);
	pica_cmd_reg(&cmd, 0x202, 1u << 16);
	pica_cmd_reg(&cmd, 0x2BD, 1);
	pica_cmd_reg(&cmd, 0x04F, 1);
	pica_cmd_reg(&cmd, 0x050, 0x03020100);
	pica_cmd_reg(&cmd, 0x228, 0xFFFFFFFFu);
	pica_cmd_reg(&cmd, 0x22E, 1);
	write_stream("reproducers/cmdstream", "draw_4g_vertices.bin", 1);
}

/* ---- api ---------------------------------------------------------------------- */

/* Calls of fuzz_api.c: the opcode, then its argument bytes. */
static void seed_api(void)
{
	static const uint8_t profile_frame[] = {
		3, 0xFF, 0x10, 0x09, 0, 0, 100,         /* set parameter 0x0910 = 100 */
		3, 0xFF, 0x11, 0x09, 0, 0, 0,           /* set parameter 0x0911 = 0 */
		0, 0, 0,                                /* start BUSY */
		0, 6, 0,                                /* start VERTEX_CACHE */
		16, 43, 16, 44,                         /* clear colour, then depth */
		14, 20, 0, 3,                           /* draw 3 triangles' vertices */
		15, 20, 6, 29, 0,                       /* draw 6 indices */
		20, 22, 23,                             /* flush, run, wait */
		2, 0, 0,                                /* read BUSY */
		2, 8, 0,                                /* read FRAGMENT */
		1, 6, 0,                                /* stop VERTEX_CACHE */
		7, 9, 0,                                /* read MEMORY_ACCESS */
	};
	static const uint8_t errors[] = {
		0, 1, 0,   1, 10, 0,   2, 1, 0,   3, 12, 0,   4, 18, 0,
		3, 0xFF, 0x10, 0x09, 0, 0, 0xFF, 0, 0, 1, 0,
		5, 0xF1, 0x78, 0x56, 0x34, 0x12, 0,
	};
	static const uint8_t display[] = {
		31, 2,                                  /* two display buffers */
		32, 31, 1,  33, 35, 30, 50, 42,         /* DISPLAY0: buffer 1, RGBA8 240 x 400, VRAM A */
		36, 1, 0, 0, 0, 0,                      /* transfer to buffer 1 */
		20, 22, 23, 34, 33, 35, 33,             /* run, wait, swap both, wait VSync */
		37, 0, 33, 1, 35, 33,                   /* a VSync callback that waits */
		38, 3, 1, 1, 22, 23,                    /* a command-list callback that waits */
		37, 1, 33, 1, 35, 33,                   /* a VSync callback that swaps */
		10, 0xFF, 0xFF, 11, 0xFF, 0xFF,
	};

	/* Callbacks that call back (fuzz_api.c, callback_body): a diagnostic
	 * callback finalizing, an allocator deleting the buffer it allocates
	 * for and a deallocator finalizing, a failing allocator, a VSync
	 * callback finalizing, a list callback deleting the list. */
	static const uint8_t reenter[] = {
		39, 5, 1,   0, 1, 0,                    /* diag -> nngxFinalize; a bad start */
		39, 6, 1,   14, 20, 0, 3, 20, 22, 23,   /* diag -> delete list 1; draw, run */
		39, 0, 0,
		40, 8, 5, 0,   41, 0, 6,   42,          /* allocator deletes, deallocator finalizes */
		40, 13, 7, 3,   41, 1, 6,   41, 0, 3,   26, 2,   28, 4, 2,
		37, 5, 33, 1,   35, 33,                 /* VSync -> nngxFinalize */
		38, 6, 1, 1,   20, 22, 23,              /* list callback -> delete list 1 */
	};

	write_file("corpus/api", "callbacks_reenter.bin", reenter, sizeof reenter);
	write_file("corpus/api", "profile_frame.bin", profile_frame, sizeof profile_frame);
	write_file("corpus/api", "errors.bin", errors, sizeof errors);
	write_file("corpus/api", "display_callbacks.bin", display, sizeof display);
}

/* ---- import ------------------------------------------------------------------- */

/* One export of list `list`'s whole content, after a flags byte (fuzz_import.c). */
static void write_export(const char *name, uint8_t flags, GLuint list)
{
	GLuint off, rid;
	GLsizei bytes, reqs, size;
	uint8_t *out;

	(void)list;
	nngxStopCmdlistSave(&off, &bytes, &rid, &reqs);
	size = nngxExportCmdlist(list, off, bytes, rid, reqs, 0, NULL);
	out = malloc((size_t)size + 1);
	if (!out || size <= 0
	    || nngxExportCmdlist(list, off, bytes, rid, reqs, size, out + 1) != size) {
		fprintf(stderr, "make_seeds: export %s failed (0x%04X)\n", name, glGetError());
		exit(1);
	}
	out[0] = flags;
	write_file("corpus/import", name, out, (size_t)size + 1);
	free(out);
}

/* Real exports: render requests, a DMA, a fill of both channels, a
 * display transfer's L2B/B2L and a block copy, between 3D commands. */
static void seed_import(void)
{
	static const uint32_t words[8] = { 0, 0x000F0080u, 1, 0x000F0081u, 2, 0x000F0082u,
					   0, 0x000F0080u };
	GLuint list;
	uint8_t *fcram = nngxShimAllocMemory(NN_GX_MEM_FCRAM, 4096);
	uint8_t *vram = nngxShimAllocMemory(NN_GX_MEM_VRAMA, 64 * 64 * 4);
	uint8_t *vram2 = nngxShimAllocMemory(NN_GX_MEM_VRAMB, 64 * 64 * 4);

	nngxGenCmdlists(1, &list);
	nngxBindCmdlist(list);
	nngxCmdlistStorage(16 * 1024, 32);
	nngxStartCmdlistSave();
	nngxAdd3DCommand(words, sizeof words, GL_TRUE);
	nngxFlush3DCommand();
	write_export("render.bin", 0, list);

	nngxStartCmdlistSave();
	nngxAdd3DCommand(words, 16, GL_TRUE);
	nngxFlush3DCommand();
	nngxAddVramDmaCommand(fcram, vram, 256);
	nngxAddMemoryFillCommand(vram, 1024, 0x11223344u, 32, vram2, 512, 0x5566u, 16);
	nngxAdd3DCommand(words, 16, GL_TRUE);
	nngxFlush3DCommand();
	write_export("dma_fill.bin", 4, list);

	nngxStartCmdlistSave();
	nngxAddVramDmaCommand(fcram, vram2, 64);
	nngxAddL2BTransferCommand(vram, vram2, 64, 64, GL_RGBA8_OES, 8);
	nngxAddB2LTransferCommand(vram2, 64, 64, GL_RGBA8_OES, vram, 64, 64, GL_RGBA8_OES,
				  NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 8);
	nngxAddBlockImageCopyCommand(vram, 256, 0, vram2, 256, 0, 1024);
	nngxAdd3DCommand(words, 8, GL_TRUE);
	nngxFlush3DCommand();
	write_export("transfers.bin", 2, list);         /* first a DMA: 8045 when unflushed */
	if (glGetError() != GL_NO_ERROR)
		fprintf(stderr, "make_seeds: import seeds: a GL error was left\n");
}

int main(int argc, char **argv)
{
	struct nngx_state *st;
	GLuint list;
	void *a, *b;

	if (argc != 2) {
		fprintf(stderr, "usage: make_seeds FUZZ_DIR (the source tree's fuzz/)\n");
		return 2;
	}
	top = argv[1];
	/* The same allocations, in the same order, as fuzz_cmdstream.c. */
	fuzz_setup();
	nngxGenCmdlists(1, &list);
	nngxBindCmdlist(list);
	nngxCmdlistStorage(64 * 1024 + 1024, 8);
	a = nngxShimAllocMemory(NN_GX_MEM_VRAMA, 64 * 1024);
	b = nngxShimAllocMemory(NN_GX_MEM_VRAMB, 64 * 1024);
	st = nngx_state_get();
	seed_shbin();
	seed_cmdstream(hw_memory_phys(&st->gpu.memory, a), hw_memory_phys(&st->gpu.memory, b));
	seed_api();
	seed_import();
	return 0;
}

/* make_seeds links no target: this stands in for one. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	(void)data;
	(void)size;
	return 0;
}
