/* check_transfer.c: the image transfers through the public API
 * (nngx/nngx_transfer.c over hw/hw_transfer.c): nngxAddL2BTransferCommand,
 * nngxAddB2LTransferCommand, nngxAddBlockImageCopyCommand,
 * nngxTransferLinearImage and nngxFilterBlockImage. Pixels are checked
 * against a block layout computed here from its definition (8x8 blocks
 * in rows from the top, Morton order inside a block: x bits in the even
 * bits of the index, row bits in the odd ones), never with the library's
 * own helpers; counts against MEMORY_ACCESS words 12 and 13 and the VRAM
 * channel words; every error against a table (the code, the diagnostic,
 * and nothing else changed: counters, clock, requests, memory). */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include <nn/gx/CTR/gx_CTRRaw.h>

#include "gl_fixture.h"
#include "hw/hw_counters.h"

#define WORDS NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS
#define ck_gl_ok() ck_assert_uint_eq(glGetError(), GL_NO_ERROR)
#define diag_count(id) nngxShimGetDiagCount(NNGX_SHIM_DIAG_##id)

static void setup(void)
{
	fx_reset();
	fx_list(1 << 14, 16);
}

/* ---- helpers ------------------------------------------------------------ */

static GLint cmdlist_param(GLenum pname)
{
	GLint v = -1;

	nngxGetCmdlistParameteri(pname, &v);
	return v;
}

static void *alloc(GLenum area, GLsizei size)
{
	void *p = nngxShimAllocMemory(area, size);

	ck_assert_ptr_nonnull(p);
	return p;
}

/* Byte offset of pixel x of memory row r in a w-wide block image. */
static size_t block_offset(unsigned x, unsigned r, unsigned w, unsigned bytes)
{
	unsigned i = 0, b;

	for (b = 0; b < 3; b++)
		i |= ((x >> b) & 1u) << (2 * b) | ((r >> b) & 1u) << (2 * b + 1);
	return ((size_t)(r / 8) * (w / 8) + x / 8) * 64 * bytes + (size_t)i * bytes;
}

static void fill_bytes(uint8_t *p, size_t n, unsigned seed)
{
	size_t k;

	for (k = 0; k < n; k++)
		p[k] = (uint8_t)(k * 131u + seed + (k >> 8) * 7u);
}

static void mem_read(GLuint m[WORDS])
{
	nngxGetProfilingResult(NN_GX_PROFILING_MEMORY_ACCESS, m);
}

struct fmt {
	GLenum format;
	unsigned bytes;
};

static const struct fmt formats[] = {
	{ GL_RGBA8_OES, 4 }, { GL_RGB8_OES, 3 }, { GL_RGB5_A1, 2 }, { GL_RGB565, 2 }, { GL_RGBA4, 2 },
};

/* ---- L2B and B2L --------------------------------------------------------- */

/* L2B puts linear line r, pixel x at the block position of (x, r); B2L
 * brings it back; every format keeps its bytes. */
START_TEST(test_l2b_tiles_and_b2l_gives_the_image_back)
{
	enum { W = 64, H = 16 };
	const struct fmt *f = &formats[_i];
	uint8_t *lin = alloc(NN_GX_MEM_FCRAM, W * H * 4);
	uint8_t *blk = alloc(NN_GX_MEM_VRAMA, W * H * 4);
	uint8_t *back = alloc(NN_GX_MEM_FCRAM, W * H * 4);
	unsigned x, r;

	fill_bytes(lin, (size_t)W * H * f->bytes, (unsigned)_i);
	nngxAddL2BTransferCommand(lin, blk, W, H, f->format, 8);
	ck_gl_ok();
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT), 1);
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_NEXT_REQTYPE), NN_GX_CMDLIST_REQTYPE_POSTTRANS);
	nngxAddB2LTransferCommand(blk, W, H, f->format, back, W, H, f->format,
				  NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 8);
	ck_gl_ok();
	fx_run_and_wait();
	for (r = 0; r < H; r++)
		for (x = 0; x < W; x++)
			ck_assert_msg(memcmp(blk + block_offset(x, r, W, f->bytes),
					     lin + ((size_t)r * W + x) * f->bytes, f->bytes) == 0,
				      "format %u: pixel (%u, %u) not at its block place", _i, x, r);
	ck_assert(memcmp(lin, back, (size_t)W * H * f->bytes) == 0);
}
END_TEST

/* Both words 12 and 13 count the image's bytes / 16; the VRAM channel
 * words count the side in VRAM (the source is in FCRAM). */
START_TEST(test_l2b_counts_words_12_13_and_the_vram_channel)
{
	enum { W = 32, H = 24, BYTES = W * H * 4 };
	uint8_t *lin = alloc(NN_GX_MEM_FCRAM, BYTES), *blk = alloc(NN_GX_MEM_VRAMB, BYTES);
	GLuint before[WORDS], after[WORDS];
	GLuint64EXT clock;
	unsigned k;

	mem_read(before);
	clock = nngxShimGetClock();
	nngxAddL2BTransferCommand(lin, blk, W, H, GL_RGBA8_OES, 8);
	fx_run_and_wait();
	mem_read(after);
	ck_assert_uint_gt(nngxShimGetClock(), clock);
	for (k = 0; k < WORDS; k++) {
		GLuint want = k == HW_MEM_POST_TRANSFER_READ || k == HW_MEM_POST_TRANSFER_WRITE
			      || k == HW_MEM_VRAM_B_WRITE ? BYTES / 16 : 0;
		ck_assert_msg(after[k] - before[k] == want, "word %u: %u, expected %u", k,
			      after[k] - before[k], want);
	}
}
END_TEST

/* 2x2: each destination pixel is the rounded mean of its 2x2 source
 * pixels, per component; words 12 and 13 read four times what they write. */
START_TEST(test_b2l_2x2_averages_four_pixels)
{
	enum { SW = 16, SH = 16, DW = 8, DH = 8 };
	uint8_t *blk = alloc(NN_GX_MEM_VRAMA, SW * SH * 4), *out = alloc(NN_GX_MEM_FCRAM, DW * DH * 4);
	GLuint before[WORDS], after[WORDS];
	unsigned x, r, c, i, j;

	fill_bytes(blk, SW * SH * 4, 5);
	mem_read(before);
	nngxAddB2LTransferCommand(blk, SW, SH, GL_RGBA8_OES, out, DW, DH, GL_RGBA8_OES,
				  NN_GX_ANTIALIASE_2x2, GL_FALSE, 8);
	ck_gl_ok();
	fx_run_and_wait();
	mem_read(after);
	for (r = 0; r < DH; r++)
		for (x = 0; x < DW; x++)
			for (c = 0; c < 4; c++) {
				unsigned sum = 0;
				for (j = 0; j < 2; j++)
					for (i = 0; i < 2; i++)
						sum += blk[block_offset(2 * x + i, 2 * r + j, SW, 4) + c];
				ck_assert_uint_eq(out[(r * DW + x) * 4 + c], (sum + 2) / 4);
			}
	ck_assert_uint_eq(after[HW_MEM_POST_TRANSFER_READ] - before[HW_MEM_POST_TRANSFER_READ],
			  SW * SH * 4 / 16);
	ck_assert_uint_eq(after[HW_MEM_POST_TRANSFER_WRITE] - before[HW_MEM_POST_TRANSFER_WRITE],
			  DW * DH * 4 / 16);
	ck_assert_uint_eq(after[HW_MEM_VRAM_A_READ] - before[HW_MEM_VRAM_A_READ], SW * SH * 4 / 16);
}
END_TEST

START_TEST(test_b2l_2x1_averages_two_pixels_and_converts_the_format)
{
	enum { SW = 16, SH = 8, DW = 8, DH = 8 };
	uint8_t *blk = alloc(NN_GX_MEM_VRAMA, SW * SH * 4), *out = alloc(NN_GX_MEM_FCRAM, DW * DH * 2);
	unsigned x, r;

	/* RGBA8 words R<<24|G<<16|B<<8|A: bytes A, B, G, R. */
	for (r = 0; r < SH; r++)
		for (x = 0; x < SW; x++) {
			uint8_t *p = blk + block_offset(x, r, SW, 4);
			p[0] = 0xFF;
			p[1] = (uint8_t)(x & 1 ? 0xF8 : 0x00);         /* B: mean 0x7C */
			p[2] = (uint8_t)(r * 8);                        /* G */
			p[3] = (uint8_t)(x * 16);                       /* R */
		}
	nngxAddB2LTransferCommand(blk, SW, SH, GL_RGBA8_OES, out, DW, DH, GL_RGB565,
				  NN_GX_ANTIALIASE_2x1, GL_FALSE, 8);
	ck_gl_ok();
	fx_run_and_wait();
	for (r = 0; r < DH; r++)
		for (x = 0; x < DW; x++) {
			unsigned red = (2 * x * 16 + (2 * x + 1) * 16 + 1) / 2;
			unsigned v = out[(r * DW + x) * 2] | out[(r * DW + x) * 2 + 1] << 8;
			ck_assert_uint_eq(v >> 11, red >> 3);
			ck_assert_uint_eq((v >> 5) & 0x3F, (r * 8) >> 2);
			ck_assert_uint_eq(v & 0x1F, 0x7C >> 3);
		}
}
END_TEST

/* yflip: memory row r of the source becomes line H - 1 - r. */
START_TEST(test_b2l_yflip_reverses_the_lines)
{
	enum { W = 8, H = 24 };
	uint8_t *blk = alloc(NN_GX_MEM_VRAMA, W * H * 4), *out = alloc(NN_GX_MEM_FCRAM, W * H * 4);
	unsigned x, r;

	fill_bytes(blk, W * H * 4, 9);
	nngxAddB2LTransferCommand(blk, W, H, GL_RGBA8_OES, out, W, H, GL_RGBA8_OES,
				  NN_GX_ANTIALIASE_NOT_USED, GL_TRUE, 8);
	fx_run_and_wait();
	for (r = 0; r < H; r++)
		for (x = 0; x < W; x++)
			ck_assert(memcmp(out + ((H - 1 - r) * W + x) * 4,
					 blk + block_offset(x, r, W, 4), 4) == 0);
}
END_TEST

/* A larger source gives its first columns and top rows; counts are what
 * was read. */
START_TEST(test_b2l_crops_a_larger_source)
{
	enum { SW = 32, SH = 16, DW = 8, DH = 8 };
	uint8_t *blk = alloc(NN_GX_MEM_VRAMA, SW * SH * 4), *out = alloc(NN_GX_MEM_FCRAM, DW * DH * 4);
	GLuint before[WORDS], after[WORDS];
	unsigned x, r;

	fill_bytes(blk, SW * SH * 4, 3);
	mem_read(before);
	nngxAddB2LTransferCommand(blk, SW, SH, GL_RGBA8_OES, out, DW, DH, GL_RGBA8_OES,
				  NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 8);
	fx_run_and_wait();
	mem_read(after);
	for (r = 0; r < DH; r++)
		for (x = 0; x < DW; x++)
			ck_assert(memcmp(out + (r * DW + x) * 4, blk + block_offset(x, r, SW, 4),
					 4) == 0);
	ck_assert_uint_eq(after[HW_MEM_POST_TRANSFER_READ] - before[HW_MEM_POST_TRANSFER_READ],
			  DW * DH * 4 / 16);
}
END_TEST

/* No split: 3D commands added before stay pending, and the transfer is
 * the next request. */
START_TEST(test_transfers_add_no_split)
{
	static const uint32_t cmd[4] = { 0, 0x000F0000u, 0, 0x000F0000u };
	uint8_t *a = alloc(NN_GX_MEM_FCRAM, 64 * 64 * 4), *b = alloc(NN_GX_MEM_VRAMA, 64 * 64 * 4);

	nngxAdd3DCommand(cmd, sizeof cmd, GL_TRUE);
	ck_gl_ok();
	nngxAddL2BTransferCommand(a, b, 8, 8, GL_RGBA8_OES, 8);
	nngxAddB2LTransferCommand(b, 8, 8, GL_RGBA8_OES, a, 8, 8, GL_RGBA8_OES,
				  NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 8);
	nngxAddBlockImageCopyCommand(a, 16, 0, b, 16, 0, 256);
	nngxFilterBlockImage(a, b, 64, 64, GL_RGBA8_OES);
	ck_gl_ok();
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT), 4);
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_RUN_BUFSIZE), 0);
	nngxFlush3DCommand();
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT), 5);
}
END_TEST

/* The byte offset of pixel x of memory row r in the 32x32 block layout
 * (hw_fragment.h): w/32 blocks a block row, 1024 pixels a block, and
 * inside it the Morton order of (x, r) over 5 bits (x in the even bits). */
static size_t block32_offset(unsigned x, unsigned r, unsigned w, unsigned bytes)
{
	unsigned i = 0, b;

	for (b = 0; b < 5; b++)
		i |= ((x >> b) & 1u) << (2 * b) | ((r >> b) & 1u) << (2 * b + 1);
	return ((size_t)(r / 32) * (w / 32) + x / 32) * 1024 * bytes + (size_t)i * bytes;
}

/* Block size 32: L2B lays the image out in 32x32 blocks, every pixel
 * where the layout puts it; pixel 45 of row 42 by hand: block 3, tile
 * (1, 1) = 3, in-tile Morton(5, 2) = 25, index 3072 + 192 + 25 = 3289.
 * B2L with block size 32 reads it back; with block size 8 the same bytes
 * read as another image. No warning any more. */
START_TEST(test_blocksize_32_uses_the_32x32_layout)
{
	enum { W = 64, H = 64 };
	uint8_t *lin = alloc(NN_GX_MEM_FCRAM, W * H * 4), *blk = alloc(NN_GX_MEM_VRAMA, W * H * 4);
	uint8_t *back = alloc(NN_GX_MEM_FCRAM, W * H * 4), *as8 = alloc(NN_GX_MEM_FCRAM, W * H * 4);
	unsigned long warned = diag_count(BLOCK32_AS_8X8);
	unsigned x, r;

	fill_bytes(lin, W * H * 4, 1);
	nngxAddL2BTransferCommand(lin, blk, W, H, GL_RGBA8_OES, 32);
	nngxAddB2LTransferCommand(blk, W, H, GL_RGBA8_OES, back, W, H, GL_RGBA8_OES,
				  NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 32);
	nngxAddB2LTransferCommand(blk, W, H, GL_RGBA8_OES, as8, W, H, GL_RGBA8_OES,
				  NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 8);
	ck_gl_ok();
	ck_assert_uint_eq(diag_count(BLOCK32_AS_8X8), warned);
	fx_run_and_wait();
	ck_assert_uint_eq(block32_offset(45, 42, W, 4), 3289 * 4);
	for (r = 0; r < H; r++)
		for (x = 0; x < W; x++)
			ck_assert_msg(memcmp(blk + block32_offset(x, r, W, 4),
					     lin + (r * W + x) * 4, 4) == 0, "(%u, %u)", x, r);
	ck_assert(memcmp(back, lin, W * H * 4) == 0);
	/* row 8 starts tile 8 in the 8x8 layout (byte 2048), tile (0, 1) of
	 * block 0 in the 32x32 one (byte 512) */
	ck_assert(memcmp(as8 + 8 * W * 4, lin + 8 * W * 4, 4) != 0);
	ck_assert(memcmp(as8 + 8 * W * 4, blk + 2048, 4) == 0);
	ck_assert(memcmp(blk + 512, lin + 8 * W * 4, 4) == 0);
}
END_TEST

/* ---- block copy -------------------------------------------------------------- */

/* Source units of 32 with 16 skipped, destination units of 16 with 48
 * skipped: the stream of kept bytes lands in the destination's units. */
START_TEST(test_block_copy_moves_units_and_skips_intervals)
{
	enum { TOTAL = 128 };
	uint8_t *src = alloc(NN_GX_MEM_FCRAM, 1024), *dst = alloc(NN_GX_MEM_VRAMA, 1024);
	uint8_t want[1024], stream[TOTAL];
	GLuint before[WORDS], after[WORDS];
	unsigned k, n = 0;

	fill_bytes(src, 1024, 2);
	memset(dst, 0xEE, 1024);
	for (k = 0; n < TOTAL; k++)
		if (k % 48 < 32)
			stream[n++] = src[k];
	memset(want, 0xEE, sizeof want);
	for (k = 0; k < TOTAL; k++)
		want[(k / 16) * 64 + k % 16] = stream[k];
	mem_read(before);
	nngxAddBlockImageCopyCommand(src, 32, 16, dst, 16, 48, TOTAL);
	ck_gl_ok();
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_NEXT_REQTYPE), NN_GX_CMDLIST_REQTYPE_COPYTEX);
	fx_run_and_wait();
	mem_read(after);
	ck_assert(memcmp(dst, want, sizeof want) == 0);
	ck_assert_uint_eq(after[HW_MEM_POST_TRANSFER_READ] - before[HW_MEM_POST_TRANSFER_READ],
			  TOTAL / 16);
	ck_assert_uint_eq(after[HW_MEM_POST_TRANSFER_WRITE] - before[HW_MEM_POST_TRANSFER_WRITE],
			  TOTAL / 16);
	ck_assert_uint_eq(after[HW_MEM_VRAM_A_WRITE] - before[HW_MEM_VRAM_A_WRITE], TOTAL / 16);
	ck_assert_uint_eq(after[HW_MEM_CPU_DMA_WRITE] - before[HW_MEM_CPU_DMA_WRITE], 0);
}
END_TEST

/* ---- filter ---------------------------------------------------------------------- */

/* 2x2 box filter, block image to block image of half the size; a half
 * height that is not a multiple of 8 ends in a half-used block row. */
START_TEST(test_filter_block_image_halves_with_a_box_filter)
{
	static const unsigned heights[] = { 64, 72 };
	enum { W = 64 };
	unsigned h = heights[_i], x, r, c, i, j;
	uint8_t *src = alloc(NN_GX_MEM_VRAMA, W * 72 * 4), *dst = alloc(NN_GX_MEM_VRAMB, W * 80);
	GLuint before[WORDS], after[WORDS];

	fill_bytes(src, (size_t)W * h * 4, 11);
	mem_read(before);
	nngxFilterBlockImage(src, dst, W, (GLsizei)h, GL_RGBA8_OES);
	ck_gl_ok();
	fx_run_and_wait();
	mem_read(after);
	for (r = 0; r < h / 2; r++)
		for (x = 0; x < W / 2; x++)
			for (c = 0; c < 4; c++) {
				unsigned sum = 0;
				for (j = 0; j < 2; j++)
					for (i = 0; i < 2; i++)
						sum += src[block_offset(2 * x + i, 2 * r + j, W, 4) + c];
				ck_assert_uint_eq(dst[block_offset(x, r, W / 2, 4) + c], (sum + 2) / 4);
			}
	ck_assert_uint_eq(after[HW_MEM_POST_TRANSFER_READ] - before[HW_MEM_POST_TRANSFER_READ],
			  W * h * 4 / 16);
	ck_assert_uint_eq(after[HW_MEM_POST_TRANSFER_WRITE] - before[HW_MEM_POST_TRANSFER_WRITE],
			  W * h / 16);
	ck_assert_uint_eq(after[HW_MEM_VRAM_B_WRITE] - before[HW_MEM_VRAM_B_WRITE], W * h / 16);
}
END_TEST

/* ---- linear image into GL objects ---------------------------------------------- */

START_TEST(test_transfer_linear_image_fills_a_renderbuffer_and_a_texture)
{
	enum { W = 16, H = 8 };
	uint8_t *lin = alloc(NN_GX_MEM_FCRAM, 64 * 64 * 4);
	struct nngx_state *st = nngx_state_get();
	GLuint rb, tex;
	uint64_t epoch;
	const uint8_t *p;
	unsigned x, r;

	glGenRenderbuffers(1, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGB565, W, H);
	ck_gl_ok();
	fill_bytes(lin, W * H * 2, 4);
	nngxTransferLinearImage(lin, rb, GL_RENDERBUFFER);
	ck_gl_ok();
	fx_run_and_wait();
	p = nngxShimGetHostPointer(nngxShimGetRenderbufferAddress(rb));
	ck_assert_ptr_nonnull(p);
	for (r = 0; r < H; r++)
		for (x = 0; x < W; x++)
			ck_assert(memcmp(p + block_offset(x, r, W, 2), lin + (r * W + x) * 2, 2) == 0);

	glGenTextures(1, &tex);
	glBindTexture(GL_TEXTURE_2D, tex);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 32, 32, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	ck_gl_ok();
	fill_bytes(lin, 32 * 32 * 4, 8);
	epoch = st->gl.texture_epoch;
	nngxTransferLinearImage(lin, tex, GL_TEXTURE_2D);
	ck_gl_ok();
	ck_assert_uint_gt(st->gl.texture_epoch, epoch);
	fx_run_and_wait();
	p = nngxShimGetHostPointer(nngxShimGetTextureAddress(tex));
	ck_assert_ptr_nonnull(p);
	for (r = 0; r < 32; r++)
		for (x = 0; x < 32; x++)
			ck_assert(memcmp(p + block_offset(x, r, 32, 4), lin + (r * 32 + x) * 4, 4) == 0);
	glDeleteTextures(1, &tex);
	glDeleteRenderbuffers(1, &rb);
}
END_TEST

/* id 0: the bound framebuffer's colour buffer (the default one). */
START_TEST(test_transfer_linear_image_id_0_is_the_colour_buffer)
{
	enum { W = 240, H = 400 };
	uint8_t *lin = alloc(NN_GX_MEM_FCRAM, W * H * 4);
	const uint8_t *p;

	glClear(GL_COLOR_BUFFER_BIT);                   /* places it */
	fx_run_and_wait();
	fill_bytes(lin, W * H * 4, 6);
	nngxTransferLinearImage(lin, 0, GL_RENDERBUFFER);
	ck_gl_ok();
	fx_run_and_wait();
	p = nngxShimGetHostPointer(nngx_state_get()->gl.default_color_phys);
	ck_assert_ptr_nonnull(p);
	ck_assert(memcmp(p + block_offset(237, 391, W, 4), lin + (391 * W + 237) * 4, 4) == 0);
	ck_assert(memcmp(p + block_offset(0, 0, W, 4), lin, 4) == 0);
}
END_TEST

/* ---- errors ---------------------------------------------------------------------- */

/* Buffers of the error table: a 16-aligned FCRAM and VRAM block. */
static uint8_t *lin_buf, *blk_buf;
/* 16-byte aligned and mapped by nothing (below vm.mmap_min_addr): L2B
 * and B2L take program memory, but not this. */
#define UNMAPPED ((uint8_t *)(uintptr_t)16)
static GLuint rb_no_storage, rb_ok, tex_la;

enum fixture { F_LIST, F_NO_LIST, F_NO_STORAGE, F_FULL };

struct error_row {
	const char *what;
	enum fixture fixture;
	void (*call)(void);
	GLenum code;                    /* GL_NO_ERROR: none documented */
	nngxShimDiagId diag;
};

#define L2B(name, ...) static void name(void) { nngxAddL2BTransferCommand(__VA_ARGS__); }
#define B2L(name, ...) static void name(void) { nngxAddB2LTransferCommand(__VA_ARGS__); }
#define BIC(name, ...) static void name(void) { nngxAddBlockImageCopyCommand(__VA_ARGS__); }
#define TLI(name, ...) static void name(void) { nngxTransferLinearImage(__VA_ARGS__); }
#define FBI(name, ...) static void name(void) { nngxFilterBlockImage(__VA_ARGS__); }

L2B(l2b_ok, lin_buf, blk_buf, 64, 64, GL_RGBA8_OES, 8)
L2B(l2b_src_align, lin_buf + 8, blk_buf, 8, 8, GL_RGBA8_OES, 8)
L2B(l2b_dst_align, lin_buf, blk_buf + 4, 8, 8, GL_RGBA8_OES, 8)
L2B(l2b_block, lin_buf, blk_buf, 16, 16, GL_RGBA8_OES, 16)
L2B(l2b_format, lin_buf, blk_buf, 8, 8, GL_RGBA, 8)
L2B(l2b_negative, lin_buf, blk_buf, -8, 8, GL_RGBA8_OES, 8)
L2B(l2b_not_block, lin_buf, blk_buf, 12, 8, GL_RGBA8_OES, 8)
L2B(l2b_not_block32, lin_buf, blk_buf, 32, 16, GL_RGBA8_OES, 32)
L2B(l2b_rgb8_width, lin_buf, blk_buf, 16, 8, GL_RGB8_OES, 8)
L2B(l2b_outside, UNMAPPED, blk_buf, 8, 8, GL_RGBA8_OES, 8)
L2B(l2b_too_big, lin_buf, blk_buf, 512, 512, GL_RGBA8_OES, 8)
L2B(l2b_zero, lin_buf, blk_buf, 0, 8, GL_RGBA8_OES, 8)
L2B(l2b_wide, lin_buf, blk_buf, 65536, 8, GL_RGBA8_OES, 8)

#define B2L_ARGS(sw, sh, sf, dw, dh, df, aa, bs) \
	blk_buf, sw, sh, sf, lin_buf, dw, dh, df, aa, GL_FALSE, bs
B2L(b2l_src_align, blk_buf + 8, 8, 8, GL_RGBA8_OES, lin_buf, 8, 8, GL_RGBA8_OES,
    NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 8)
B2L(b2l_dst_align, blk_buf, 8, 8, GL_RGBA8_OES, lin_buf + 4, 8, 8, GL_RGBA8_OES,
    NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 8)
B2L(b2l_ok, B2L_ARGS(16, 16, GL_RGBA8_OES, 8, 8, GL_RGBA8_OES, NN_GX_ANTIALIASE_2x2, 8))
B2L(b2l_block, B2L_ARGS(8, 8, GL_RGBA8_OES, 8, 8, GL_RGBA8_OES, NN_GX_ANTIALIASE_NOT_USED, 4))
B2L(b2l_aa, B2L_ARGS(8, 8, GL_RGBA8_OES, 8, 8, GL_RGBA8_OES, 0x0503, 8))
B2L(b2l_src_format, B2L_ARGS(8, 8, GL_RGBA, 8, 8, GL_RGBA8_OES, NN_GX_ANTIALIASE_NOT_USED, 8))
B2L(b2l_dst_format, B2L_ARGS(8, 8, GL_RGBA8_OES, 8, 8, 0, NN_GX_ANTIALIASE_NOT_USED, 8))
B2L(b2l_wider, B2L_ARGS(8, 8, GL_RGB565, 8, 8, GL_RGB8_OES, NN_GX_ANTIALIASE_NOT_USED, 8))
B2L(b2l_negative, B2L_ARGS(8, -8, GL_RGBA8_OES, 8, 8, GL_RGBA8_OES, NN_GX_ANTIALIASE_NOT_USED, 8))
B2L(b2l_not_block, B2L_ARGS(8, 12, GL_RGBA8_OES, 8, 8, GL_RGBA8_OES, NN_GX_ANTIALIASE_NOT_USED, 8))
B2L(b2l_dst_not_8, B2L_ARGS(16, 16, GL_RGBA8_OES, 8, 4, GL_RGBA8_OES, NN_GX_ANTIALIASE_NOT_USED, 8))
B2L(b2l_rgb8_width, B2L_ARGS(8, 8, GL_RGBA8_OES, 8, 8, GL_RGB8_OES, NN_GX_ANTIALIASE_NOT_USED, 8))
B2L(b2l_small, B2L_ARGS(8, 8, GL_RGBA8_OES, 8, 8, GL_RGBA8_OES, NN_GX_ANTIALIASE_2x1, 8))
B2L(b2l_small_h, B2L_ARGS(16, 8, GL_RGBA8_OES, 8, 8, GL_RGBA8_OES, NN_GX_ANTIALIASE_2x2, 8))
B2L(b2l_tall, B2L_ARGS(8, 65536, GL_RGBA8_OES, 8, 8, GL_RGBA8_OES, NN_GX_ANTIALIASE_NOT_USED, 8))
B2L(b2l_zero, B2L_ARGS(0, 8, GL_RGBA8_OES, 8, 8, GL_RGBA8_OES, NN_GX_ANTIALIASE_NOT_USED, 8))
B2L(b2l_outside, UNMAPPED, 8, 8, GL_RGBA8_OES, lin_buf, 8, 8, GL_RGBA8_OES,
    NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 8)

BIC(bic_ok, lin_buf, 32, 16, blk_buf, 16, 0, 256)
BIC(bic_align, lin_buf + 8, 16, 0, blk_buf, 16, 0, 256)
BIC(bic_total, lin_buf, 16, 0, blk_buf, 16, 0, 24)
BIC(bic_negative, lin_buf, 16, 0, blk_buf, 16, 0, -16)
BIC(bic_unit, lin_buf, 0, 0, blk_buf, 16, 0, 256)
BIC(bic_unit_step, lin_buf, 16, 0, blk_buf, 24, 0, 256)
BIC(bic_interval, lin_buf, 16, -16, blk_buf, 16, 0, 256)
BIC(bic_outside, lin_buf, 16, 1 << 20, blk_buf, 16, 0, 256)
BIC(bic_zero, lin_buf, 16, 0, blk_buf, 16, 0, 0)

TLI(tli_target, lin_buf, 0, GL_TEXTURE_2D + 1)
TLI(tli_cube, lin_buf, 0, GL_TEXTURE_CUBE_MAP_POSITIVE_X)
TLI(tli_align, lin_buf + 8, 0, GL_RENDERBUFFER)
TLI(tli_unknown_rb, lin_buf, 777, GL_RENDERBUFFER)
TLI(tli_rb_no_storage, lin_buf, rb_no_storage, GL_RENDERBUFFER)
TLI(tli_unknown_tex, lin_buf, 777, GL_TEXTURE_2D)
TLI(tli_tex_format, lin_buf, tex_la, GL_TEXTURE_2D)
TLI(tli_outside, UNMAPPED, rb_ok, GL_RENDERBUFFER)

FBI(fbi_ok, blk_buf, lin_buf, 64, 64, GL_RGBA8_OES)
FBI(fbi_ok8, blk_buf + 8, lin_buf + 8, 64, 64, GL_RGBA8_OES)
FBI(fbi_align, blk_buf + 4, lin_buf, 64, 64, GL_RGBA8_OES)
FBI(fbi_format, blk_buf, lin_buf, 64, 64, GL_RGBA)
FBI(fbi_width, blk_buf, lin_buf, 96, 64, GL_RGBA8_OES)
FBI(fbi_small, blk_buf, lin_buf, 64, 56, GL_RGBA8_OES)
FBI(fbi_height, blk_buf, lin_buf, 64, 68, GL_RGBA8_OES)
FBI(fbi_16bit, blk_buf, lin_buf, 64, 128, GL_RGB565)
FBI(fbi_outside, UNMAPPED, lin_buf, 64, 64, GL_RGBA8_OES)
FBI(fbi_tall, blk_buf, lin_buf, 64, 65536 + 8, GL_RGBA8_OES)

#define D(id) NNGX_SHIM_DIAG_##id
#define NONE GL_NO_ERROR
static const struct error_row error_rows[] = {
	{ "L2B no list", F_NO_LIST, l2b_ok, NONE, D(CMDLIST_NONE) },
	{ "L2B no storage", F_NO_STORAGE, l2b_ok, NONE, D(CMDLIST_NO_STORAGE) },
	{ "L2B queue full", F_FULL, l2b_ok, NONE, D(CMDLIST_FULL) },
	{ "L2B source not 16-aligned", F_LIST, l2b_src_align, NONE, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "L2B destination not 16-aligned", F_LIST, l2b_dst_align, NONE, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "L2B blocksize 16", F_LIST, l2b_block, NONE, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "L2B format GL_RGBA", F_LIST, l2b_format, NONE, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "L2B negative width", F_LIST, l2b_negative, NONE, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "L2B width not a block multiple", F_LIST, l2b_not_block, NONE, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "L2B height not a multiple of 32", F_LIST, l2b_not_block32, NONE, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "L2B RGB8 width not x32", F_LIST, l2b_rgb8_width, NONE, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "L2B from unmapped memory", F_LIST, l2b_outside, NONE, D(MEMORY_NOT_SIMULATED) },
	{ "L2B past the block", F_LIST, l2b_too_big, NONE, D(MEMORY_NOT_SIMULATED) },
	{ "L2B width past the engine's 65535", F_LIST, l2b_wide, NONE, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "L2B zero width", F_LIST, l2b_zero, NONE, (nngxShimDiagId)0 },
	{ "B2L no list", F_NO_LIST, b2l_ok, GL_ERROR_807C_DMP, D(CMDLIST_NONE) },
	{ "B2L no storage", F_NO_STORAGE, b2l_ok, GL_ERROR_807C_DMP, D(CMDLIST_NO_STORAGE) },
	{ "B2L queue full", F_FULL, b2l_ok, GL_ERROR_807C_DMP, D(CMDLIST_FULL) },
	{ "B2L source not 16-aligned", F_LIST, b2l_src_align, GL_ERROR_807D_DMP, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "B2L destination not 16-aligned", F_LIST, b2l_dst_align, GL_ERROR_807D_DMP, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "B2L blocksize 4", F_LIST, b2l_block, GL_ERROR_807E_DMP, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "B2L aamode", F_LIST, b2l_aa, GL_ERROR_807F_DMP, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "B2L source format", F_LIST, b2l_src_format, GL_ERROR_8080_DMP, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "B2L destination format", F_LIST, b2l_dst_format, GL_ERROR_8080_DMP, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "B2L RGB565 to RGB8", F_LIST, b2l_wider, GL_ERROR_8081_DMP, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "B2L negative height", F_LIST, b2l_negative, GL_ERROR_8082_DMP, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "B2L source not a block multiple", F_LIST, b2l_not_block, GL_ERROR_8082_DMP, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "B2L destination not x8", F_LIST, b2l_dst_not_8, GL_ERROR_8082_DMP, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "B2L RGB8 width not x16", F_LIST, b2l_rgb8_width, GL_ERROR_8082_DMP, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "B2L source narrower than 2x1", F_LIST, b2l_small, GL_ERROR_8083_DMP, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "B2L source shorter than 2x2", F_LIST, b2l_small_h, GL_ERROR_8083_DMP, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "B2L source height past 65535", F_LIST, b2l_tall, GL_ERROR_8082_DMP, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "B2L zero width", F_LIST, b2l_zero, NONE, (nngxShimDiagId)0 },
	{ "B2L from unmapped memory", F_LIST, b2l_outside, NONE, D(MEMORY_NOT_SIMULATED) },
	{ "block copy no list", F_NO_LIST, bic_ok, NONE, D(CMDLIST_NONE) },
	{ "block copy queue full", F_FULL, bic_ok, NONE, D(CMDLIST_FULL) },
	{ "block copy not 16-aligned", F_LIST, bic_align, NONE, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "block copy size not x16", F_LIST, bic_total, NONE, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "block copy negative size", F_LIST, bic_negative, NONE, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "block copy unit 0", F_LIST, bic_unit, NONE, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "block copy unit not x16", F_LIST, bic_unit_step, NONE, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "block copy negative interval", F_LIST, bic_interval, NONE, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "block copy span past the block", F_LIST, bic_outside, NONE, D(MEMORY_NOT_SIMULATED) },
	{ "block copy size 0", F_LIST, bic_zero, NONE, (nngxShimDiagId)0 },
	{ "linear image bad target", F_LIST, tli_target, NONE, D(INVALID_ARGUMENT) },
	{ "linear image no list", F_NO_LIST, tli_unknown_rb, NONE, D(CMDLIST_NONE) },
	{ "linear image cube face", F_LIST, tli_cube, NONE, D(TRANSFER_TARGET_NOT_READY) },
	{ "linear image not 16-aligned", F_LIST, tli_align, NONE, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "linear image unknown renderbuffer", F_LIST, tli_unknown_rb, NONE, D(TRANSFER_TARGET_NOT_READY) },
	{ "linear image renderbuffer without storage", F_LIST, tli_rb_no_storage, NONE, D(TRANSFER_TARGET_NOT_READY) },
	{ "linear image unknown texture", F_LIST, tli_unknown_tex, NONE, D(TRANSFER_TARGET_NOT_READY) },
	{ "linear image luminance-alpha texture", F_LIST, tli_tex_format, NONE, D(TRANSFER_TARGET_NOT_READY) },
	{ "linear image outside simulated memory", F_LIST, tli_outside, NONE, D(MEMORY_NOT_SIMULATED) },
	{ "filter no list", F_NO_LIST, fbi_ok, GL_ERROR_8068_DMP, D(CMDLIST_NONE) },
	{ "filter no storage", F_NO_STORAGE, fbi_ok, GL_ERROR_8068_DMP, D(CMDLIST_NO_STORAGE) },
	{ "filter queue full", F_FULL, fbi_ok, GL_ERROR_8068_DMP, D(CMDLIST_FULL) },
	{ "filter not 8-aligned", F_LIST, fbi_align, GL_ERROR_8069_DMP, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "filter format", F_LIST, fbi_format, NONE, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "filter width not x64", F_LIST, fbi_width, GL_ERROR_806A_DMP, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "filter height under 64", F_LIST, fbi_small, GL_ERROR_806A_DMP, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "filter height not x8", F_LIST, fbi_height, GL_ERROR_806A_DMP, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "filter 16-bit width under 128", F_LIST, fbi_16bit, GL_ERROR_806A_DMP, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "filter height past 65535", F_LIST, fbi_tall, GL_ERROR_806A_DMP, D(TRANSFER_ARGUMENT_REJECTED) },
	{ "filter outside simulated memory", F_LIST, fbi_outside, NONE, D(MEMORY_NOT_SIMULATED) },
};

#define LIN_BYTES (64 * 64 * 4)

START_TEST(test_every_error_changes_nothing_else)
{
	const struct error_row *row = &error_rows[_i];
	uint8_t *lin_copy = malloc(LIN_BYTES), *blk_copy = malloc(LIN_BYTES);
	struct tu_snapshot snap;
	GLuint list = (GLuint)cmdlist_param(NN_GX_CMDLIST_BINDING), other;
	GLint used_req, used_buf;
	unsigned long diags[NNGX_SHIM_DIAG_MAX_];
	unsigned k;

	ck_assert_ptr_nonnull(lin_copy);
	ck_assert_ptr_nonnull(blk_copy);
	lin_buf = alloc(NN_GX_MEM_FCRAM, LIN_BYTES);
	blk_buf = alloc(NN_GX_MEM_VRAMA, LIN_BYTES);
	glGenRenderbuffers(1, &rb_ok);
	glBindRenderbuffer(GL_RENDERBUFFER, rb_ok);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA4, 8, 8);
	glGenRenderbuffers(1, &rb_no_storage);
	glBindRenderbuffer(GL_RENDERBUFFER, rb_no_storage);
	glGenTextures(1, &tex_la);
	glBindTexture(GL_TEXTURE_2D, tex_la);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE_ALPHA, 8, 8, 0, GL_LUMINANCE_ALPHA,
		     GL_UNSIGNED_BYTE, NULL);
	ck_gl_ok();
	fill_bytes(lin_buf, LIN_BYTES, 1);
	fill_bytes(blk_buf, LIN_BYTES, 2);
	switch (row->fixture) {
	case F_NO_LIST: nngxBindCmdlist(0); break;
	case F_NO_STORAGE: nngxGenCmdlists(1, &other); nngxBindCmdlist(other); break;
	case F_FULL:
		nngxGenCmdlists(1, &other);
		nngxBindCmdlist(other);
		nngxCmdlistStorage(4096, 1);
		nngxAddVramDmaCommand(lin_buf, blk_buf, 16);
		break;
	default: break;
	}
	ck_gl_ok();
	(void)list;
	memcpy(lin_copy, lin_buf, LIN_BYTES);
	memcpy(blk_copy, blk_buf, LIN_BYTES);
	used_req = cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT);
	used_buf = cmdlist_param(NN_GX_CMDLIST_USED_BUFSIZE);
	for (k = 0; k < NNGX_SHIM_DIAG_MAX_; k++)
		diags[k] = nngxShimGetDiagCount((nngxShimDiagId)k);
	tu_snapshot_take(&snap);
	/* With no list bound the parameter reads above record 8018. */
	(void)glGetError();

	row->call();

	ck_assert_msg(glGetError() == row->code, "%s: GL error, expected 0x%04X", row->what,
		      row->code);
	for (k = 0; k < NNGX_SHIM_DIAG_MAX_; k++) {
		unsigned long want = diags[k] + (row->diag && k == (unsigned)row->diag);
		ck_assert_msg(nngxShimGetDiagCount((nngxShimDiagId)k) == want,
			      "%s: diagnostic %u said %lu times, expected %lu", row->what, k,
			      nngxShimGetDiagCount((nngxShimDiagId)k) - diags[k], want - diags[k]);
	}
	tu_snapshot_assert_same(&snap);
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT), used_req);
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_USED_BUFSIZE), used_buf);
	/* Running what the list holds moves only what was there before. */
	if (row->fixture == F_LIST) {
		fx_run_and_wait();
		ck_assert(memcmp(lin_copy, lin_buf, LIN_BYTES) == 0);
		ck_assert(memcmp(blk_copy, blk_buf, LIN_BYTES) == 0);
	}
	glDeleteTextures(1, &tex_la);
	glDeleteRenderbuffers(1, &rb_no_storage);
	glDeleteRenderbuffers(1, &rb_ok);
	free(lin_copy);
	free(blk_copy);
}
END_TEST

/* The table's valid calls do add one request each (so the rows above
 * fail for the reason they name); the filter takes 8-byte alignment. */
START_TEST(test_the_tables_valid_calls_add_a_request)
{
	static void (*const ok[])(void) = { l2b_ok, b2l_ok, bic_ok, fbi_ok, fbi_ok8 };
	unsigned k;

	lin_buf = alloc(NN_GX_MEM_FCRAM, LIN_BYTES + 16);
	blk_buf = alloc(NN_GX_MEM_VRAMA, LIN_BYTES + 16);
	for (k = 0; k < sizeof ok / sizeof ok[0]; k++) {
		ok[k]();
		ck_gl_ok();
		ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT), (GLint)k + 1);
	}
	fx_run_and_wait();
}
END_TEST

/* ---- the Raw forms ----------------------------------------------------------- */

/* A Raw list over program memory (the request memory from the heap). */
struct raw_list {
	nngxCommandList list;
	void *requests;
};

static void raw_make(struct raw_list *r, GLsizei requests)
{
	GLvoid *buffer = alloc(NN_GX_MEM_FCRAM, 4096);

	r->requests = calloc(1, (size_t)nngxGetCommandRequestSizeRaw(requests));
	ck_assert_ptr_nonnull(r->requests);
	memset(&r->list, 0, sizeof r->list);
	nngxCmdlistStorageRaw(&r->list, 4096, buffer, requests, r->requests);
	ck_gl_ok();
}

/* The Raw forms queue on the program's list what the bound forms queue on
 * the bound one: the same pixels and counts, the bound list untouched; a
 * reserved stop ends the Raw run after the fourth request. */
START_TEST(test_raw_forms_do_on_their_list_what_the_bound_forms_do)
{
	enum { W = 64, H = 64 };
	uint8_t *lin = alloc(NN_GX_MEM_FCRAM, W * H * 4);
	uint8_t *blk[2], *back[2], *copy[2], *half[2];
	GLuint m0[WORDS], m1[WORDS], moved[2][WORDS];
	struct raw_list r;
	unsigned k, w;

	fill_bytes(lin, (size_t)W * H * 4, 9);
	for (k = 0; k < 2; k++) {
		blk[k] = alloc(NN_GX_MEM_VRAMA, W * H * 4);
		back[k] = alloc(NN_GX_MEM_FCRAM, W * H * 4);
		copy[k] = alloc(NN_GX_MEM_VRAMB, W * H * 4);
		half[k] = alloc(NN_GX_MEM_VRAMB, W * H);
	}
	mem_read(m0);
	nngxAddL2BTransferCommand(lin, blk[0], W, H, GL_RGBA8_OES, 8);
	nngxAddB2LTransferCommand(blk[0], W, H, GL_RGBA8_OES, back[0], W, H, GL_RGBA8_OES,
				  NN_GX_ANTIALIASE_NOT_USED, GL_TRUE, 8);
	nngxAddBlockImageCopyCommand(blk[0], 64, 64, copy[0], 64, 0, W * H * 2);
	nngxFilterBlockImage(blk[0], half[0], W, H, GL_RGBA8_OES);
	ck_gl_ok();
	fx_run_and_wait();
	mem_read(m1);
	for (w = 0; w < WORDS; w++)
		moved[0][w] = m1[w] - m0[w];

	raw_make(&r, 8);
	mem_read(m0);
	nngxAddL2BTransferCommandRaw(&r.list, lin, blk[1], W, H, GL_RGBA8_OES, 8);
	nngxAddB2LTransferCommandRaw(&r.list, blk[1], W, H, GL_RGBA8_OES, back[1], W, H,
				     GL_RGBA8_OES, NN_GX_ANTIALIASE_NOT_USED, GL_TRUE, 8);
	nngxAddBlockImageCopyCommandRaw(&r.list, blk[1], 64, 64, copy[1], 64, 0, W * H * 2);
	nngxFilterBlockImageRaw(&r.list, blk[1], half[1], W, H, GL_RGBA8_OES);
	ck_gl_ok();
	ck_assert_int_eq(nngxGetUsedRequestCountRaw(&r.list), 4);
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT), 0);
	/* A fifth request, past the reserved stop: it would overwrite blk[1]
	 * (and move the counters) if it ran. */
	nngxAddL2BTransferCommandRaw(&r.list, copy[1], blk[1], W, H, GL_RGBA8_OES, 8);
	nngxReserveStopCmdlistRaw(&r.list, 4);
	ck_gl_ok();
	nngxRunCmdlistRaw(&r.list);
	nngxWaitCmdlistDone();
	ck_gl_ok();
	mem_read(m1);
	for (w = 0; w < WORDS; w++)
		moved[1][w] = m1[w] - m0[w];
	ck_assert(memcmp(blk[0], blk[1], W * H * 4) == 0);
	ck_assert(memcmp(back[0], back[1], W * H * 4) == 0);
	ck_assert(memcmp(copy[0], copy[1], W * H * 2) == 0);
	ck_assert(memcmp(half[0], half[1], W * H) == 0);
	for (w = 0; w < WORDS; w++)
		ck_assert_msg(moved[0][w] == moved[1][w], "word %u: %u bound, %u Raw", w,
			      moved[0][w], moved[1][w]);
	ck_assert_uint_gt(moved[1][12], 0);
	free(r.requests);
}
END_TEST

/* The Raw forms refuse what the bound forms refuse, with the same codes on
 * a full list, and a list that is none with RAW_CMDLIST_INVALID alone. */
START_TEST(test_raw_forms_refuse_like_the_bound_forms)
{
	uint8_t *lin = alloc(NN_GX_MEM_FCRAM, 64 * 64 * 4);
	uint8_t *blk = alloc(NN_GX_MEM_VRAMA, 64 * 64 * 4);
	nngxCommandList junk;
	struct raw_list r;
	GLuint invalid = diag_count(RAW_CMDLIST_INVALID);
	GLuint full;

	memset(&junk, 0x5A, sizeof junk);
	nngxAddL2BTransferCommandRaw(&junk, lin, blk, 64, 64, GL_RGBA8_OES, 8);
	nngxAddB2LTransferCommandRaw(NULL, blk, 64, 64, GL_RGBA8_OES, lin, 64, 64, GL_RGBA8_OES,
				     NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 8);
	nngxAddBlockImageCopyCommandRaw(&junk, blk, 16, 0, lin, 16, 0, 64);
	nngxFilterBlockImageRaw(&junk, blk, lin, 64, 64, GL_RGBA8_OES);
	nngxReserveStopCmdlistRaw(&junk, 1);
	ck_gl_ok();
	ck_assert_uint_eq(diag_count(RAW_CMDLIST_INVALID), invalid + 5);

	raw_make(&r, 1);
	nngxAddL2BTransferCommandRaw(&r.list, lin, blk, 64, 64, GL_RGBA8_OES, 8);
	ck_gl_ok();
	full = diag_count(CMDLIST_FULL);
	nngxAddB2LTransferCommandRaw(&r.list, blk, 64, 64, GL_RGBA8_OES, lin, 64, 64, GL_RGBA8_OES,
				     NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 8);
	ck_assert_uint_eq(glGetError(), GL_ERROR_807C_DMP);
	nngxFilterBlockImageRaw(&r.list, blk, lin, 64, 64, GL_RGBA8_OES);
	ck_assert_uint_eq(glGetError(), GL_ERROR_8068_DMP);
	nngxAddBlockImageCopyCommandRaw(&r.list, blk, 16, 0, lin, 16, 0, 64);
	ck_gl_ok();
	ck_assert_uint_eq(diag_count(CMDLIST_FULL), full + 3);
	ck_assert_int_eq(nngxGetUsedRequestCountRaw(&r.list), 1);
	free(r.requests);
	raw_make(&r, 4);
	nngxAddB2LTransferCommandRaw(&r.list, blk + 8, 64, 64, GL_RGBA8_OES, lin, 64, 64,
				     GL_RGBA8_OES, NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 8);
	ck_assert_uint_eq(glGetError(), GL_ERROR_807D_DMP);
	ck_assert_int_eq(nngxGetUsedRequestCountRaw(&r.list), 0);
	free(r.requests);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("transfer");
	TCase *tc = tcase_create("transfer");

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_l2b_tiles_and_b2l_gives_the_image_back, 0,
			    (int)(sizeof formats / sizeof formats[0]));
	tcase_add_test(tc, test_l2b_counts_words_12_13_and_the_vram_channel);
	tcase_add_test(tc, test_b2l_2x2_averages_four_pixels);
	tcase_add_test(tc, test_b2l_2x1_averages_two_pixels_and_converts_the_format);
	tcase_add_test(tc, test_b2l_yflip_reverses_the_lines);
	tcase_add_test(tc, test_b2l_crops_a_larger_source);
	tcase_add_test(tc, test_transfers_add_no_split);
	tcase_add_test(tc, test_blocksize_32_uses_the_32x32_layout);
	tcase_add_test(tc, test_block_copy_moves_units_and_skips_intervals);
	tcase_add_loop_test(tc, test_filter_block_image_halves_with_a_box_filter, 0, 2);
	tcase_add_test(tc, test_transfer_linear_image_fills_a_renderbuffer_and_a_texture);
	tcase_add_test(tc, test_transfer_linear_image_id_0_is_the_colour_buffer);
	tcase_add_loop_test(tc, test_every_error_changes_nothing_else, 0,
			    (int)(sizeof error_rows / sizeof error_rows[0]));
	tcase_add_test(tc, test_the_tables_valid_calls_add_a_request);
	tcase_add_test(tc, test_raw_forms_do_on_their_list_what_the_bound_forms_do);
	tcase_add_test(tc, test_raw_forms_refuse_like_the_bound_forms);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
