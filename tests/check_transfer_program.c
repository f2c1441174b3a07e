/* check_transfer_program.c: nngxAddBlockImageCopyCommand,
 * nngxTransferLinearImage and nngxFilterBlockImage with program memory
 * (the heap, a stack-like static buffer, pages this test maps) as a side,
 * as L2B and B2L already take it: the bytes land as a simulated side would
 * give them, and a side the program cannot read (or write, for a
 * destination) is refused with MEMORY_NOT_SIMULATED and nothing queued;
 * memory unmapped between the call and the run is a GPU_FAULT diagnostic,
 * never a crash.
 *
 * Every expected byte is worked out by hand in the comment beside it. A
 * block image (8x8 tiles, Morton order inside a tile: index bit 0 = x
 * bit 0, bit 1 = row bit 0, bit 2 = x bit 1, ...) is addressed with
 * block_offset below, written from that rule; linear row r goes to memory
 * row r (hw_transfer.h). */
#define _GNU_SOURCE             /* MAP_ANONYMOUS, aligned_alloc */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "gl_fixture.h"

#define ck_gl_ok() ck_assert_uint_eq(glGetError(), GL_NO_ERROR)
#define diag_count(id) nngxShimGetDiagCount(NNGX_SHIM_DIAG_##id)
/* 16-byte aligned and mapped by nothing (below vm.mmap_min_addr) */
#define UNMAPPED ((uint8_t *)(uintptr_t)16)

static void setup(void)
{
	fx_reset();
	fx_list(1 << 14, 16);
}

static GLint used_requests(void)
{
	GLint v = -1;

	nngxGetCmdlistParameteri(NN_GX_CMDLIST_USED_REQCOUNT, &v);
	return v;
}

static void *sim(GLenum area, GLsizei size)
{
	void *p = nngxShimAllocMemory(area, size);

	ck_assert_ptr_nonnull(p);
	return p;
}

static void *heap(size_t size)
{
	void *p = aligned_alloc(16, size);

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

/* Program memory to simulated memory: source units of 32 bytes with 16-byte
 * gaps, destination one run of 64: the destination's bytes 0-31 are the
 * source's 0-31 and its bytes 32-63 the source's 48-79; source byte k is
 * k, so dst[k] = k for k < 32, k + 16 after. Then simulated memory (byte k
 * = 0xA0 + k) into program memory filled with 0xEE, destination units of
 * 16 and gaps of 16, 48 bytes: the units at 0, 32 and 64 get source bytes
 * 0-15, 16-31, 32-47; the gaps (16-31, 48-63) and everything from 80 on keep
 * 0xEE. */
START_TEST(test_block_copy_with_program_memory)
{
	uint8_t *in = heap(128), *out = heap(128);
	uint8_t *s = sim(NN_GX_MEM_FCRAM, 128), *d = sim(NN_GX_MEM_VRAMA, 128);
	unsigned k;

	for (k = 0; k < 128; k++) {
		in[k] = (uint8_t)k;
		s[k] = (uint8_t)(0xA0 + k);
	}
	memset(d, 0x55, 128);
	memset(out, 0xEE, 128);
	nngxAddBlockImageCopyCommand(in, 32, 16, d, 64, 0, 64);
	nngxAddBlockImageCopyCommand(s, 48, 0, out, 16, 16, 48);
	ck_gl_ok();
	ck_assert_int_eq(used_requests(), 2);
	/* Staged when the list runs, not at the call: later writes count. */
	in[0] = 0x7F;
	fx_run_and_wait();
	ck_assert_uint_eq(d[0], 0x7F);
	for (k = 1; k < 64; k++)
		ck_assert_uint_eq(d[k], k < 32 ? k : k + 16);
	for (k = 64; k < 128; k++)
		ck_assert_uint_eq(d[k], 0x55);
	for (k = 0; k < 128; k++) {
		unsigned want = k >= 80 || (k / 16) % 2 ? 0xEE : (uint8_t)(0xA0 + (k / 32) * 16 + k % 16);

		ck_assert_msg(out[k] == want, "out[%u] = 0x%02X, want 0x%02X", k, out[k], want);
	}
	free(in);
	free(out);
}
END_TEST

/* A linear 8 x 8 RGBA8 image on the heap into face +Y (2) of a cube map
 * of 8 x 8 RGBA8 faces, each face's bytes 0x10 + f: the face's chain
 * (8 x 8 x 4 = 256 bytes, one level) starts 2 x 256 bytes in; pixel (x, r)
 * lands at 512 + block_offset(x, r, 8, 4), byte b = 8 r + x + 64 b; the
 * other faces keep their bytes. A face without its level-0 image, a 2D
 * texture named with a face target and a cube map named with
 * GL_TEXTURE_2D are TRANSFER_TARGET_NOT_READY, nothing queued. */
START_TEST(test_linear_image_into_a_cube_face)
{
	static uint8_t texels[8 * 8 * 4];
	uint8_t *lin = heap(8 * 8 * 4);
	const uint8_t *tex;
	GLuint cube, half, t2d, before;
	unsigned x, r, b, f, k;

	for (r = 0; r < 8; r++)
		for (x = 0; x < 8; x++)
			for (b = 0; b < 4; b++)
				lin[(8 * r + x) * 4 + b] = (uint8_t)(8 * r + x + 64 * b);
	glGenTextures(1, &cube);
	glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
	for (f = 0; f < 6; f++) {
		memset(texels, 0x10 + (int)f, sizeof texels);
		glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA, 8, 8, 0, GL_RGBA,
			     GL_UNSIGNED_BYTE, texels);
	}
	ck_gl_ok();
	nngxTransferLinearImage(lin, cube, GL_TEXTURE_CUBE_MAP_POSITIVE_Y);
	ck_gl_ok();
	ck_assert_int_eq(used_requests(), 1);
	fx_run_and_wait();
	tex = nngxShimGetHostPointer(nngxShimGetTextureAddress(cube));
	ck_assert_ptr_nonnull(tex);
	for (r = 0; r < 8; r++)
		for (x = 0; x < 8; x++)
			for (b = 0; b < 4; b++)
				ck_assert_uint_eq(tex[512 + block_offset(x, r, 8, 4) + b],
						  (uint8_t)(8 * r + x + 64 * b));
	for (k = 0; k < 6 * 256; k++)
		if (k / 256 != 2)
			ck_assert_uint_eq(tex[k], 0x10 + k / 256);

	glGenTextures(1, &half);
	glBindTexture(GL_TEXTURE_CUBE_MAP, half);
	glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, GL_RGBA, 8, 8, 0, GL_RGBA,
		     GL_UNSIGNED_BYTE, texels);
	glGenTextures(1, &t2d);
	glBindTexture(GL_TEXTURE_2D, t2d);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
	ck_gl_ok();
	before = diag_count(TRANSFER_TARGET_NOT_READY);
	nngxTransferLinearImage(lin, half, GL_TEXTURE_CUBE_MAP_NEGATIVE_X);
	nngxTransferLinearImage(lin, t2d, GL_TEXTURE_CUBE_MAP_POSITIVE_X);
	nngxTransferLinearImage(lin, cube, GL_TEXTURE_2D);
	ck_gl_ok();
	ck_assert_uint_eq(diag_count(TRANSFER_TARGET_NOT_READY), before + 3);
	ck_assert_int_eq(used_requests(), 0);
	free(lin);
}
END_TEST

/* A linear 8 x 8 RGBA8 image on the heap into an 8 x 8 RGBA8 texture:
 * linear pixel (x, r) (bytes (8 r + x) x 4 .. + 3, byte b of it = 8 r + x
 * + 64 b) lands at block_offset(x, r, 8, 4) of level 0, e.g. pixel (3, 5)
 * at tile index 1 | 2 | 4 | 32 = 39, bytes 156-159 = 43, 107, 171, 235. */
START_TEST(test_linear_image_from_program_memory)
{
	uint8_t *lin = heap(8 * 8 * 4);
	const uint8_t *tex;
	GLuint t;
	unsigned x, r, b;

	for (r = 0; r < 8; r++)
		for (x = 0; x < 8; x++)
			for (b = 0; b < 4; b++)
				lin[(8 * r + x) * 4 + b] = (uint8_t)(8 * r + x + 64 * b);
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	ck_gl_ok();
	nngxTransferLinearImage(lin, t, GL_TEXTURE_2D);
	ck_gl_ok();
	ck_assert_int_eq(used_requests(), 1);
	fx_run_and_wait();
	tex = nngxShimGetHostPointer(nngxShimGetTextureAddress(t));
	ck_assert_ptr_nonnull(tex);
	ck_assert_uint_eq(tex[156], 43);
	ck_assert_uint_eq(tex[159], 235);
	for (r = 0; r < 8; r++)
		for (x = 0; x < 8; x++)
			for (b = 0; b < 4; b++)
				ck_assert_uint_eq(tex[block_offset(x, r, 8, 4) + b],
						  (uint8_t)(8 * r + x + 64 * b));
	free(lin);
}
END_TEST

/* A 64 x 64 RGBA8 block image on the heap filtered into one on the heap:
 * source pixel bytes (x odd ? 40 : 0, row odd ? 80 : 0, 0x30, 0xFF) for
 * the left half (x < 32) and (200, 100, 0x30, 0xFF) for the right half.
 * Every 2x2 box of the left half holds each parity once: (0 + 40 + 0 +
 * 40) / 4 = 20, (0 + 0 + 80 + 80) / 4 = 40, 0x30, 0xFF; the right half
 * stays (200, 100, 0x30, 0xFF). The 32 x 32 destination (4096 bytes) is
 * exactly that, column x < 16 left, and the guard bytes after it keep
 * 0xEE. */
START_TEST(test_filter_between_program_buffers)
{
	uint8_t *src = heap(64 * 64 * 4), *dst = heap(32 * 32 * 4 + 64);
	unsigned x, r, k;

	for (r = 0; r < 64; r++)
		for (x = 0; x < 64; x++) {
			uint8_t *p = src + block_offset(x, r, 64, 4);

			p[0] = x >= 32 ? 200 : x % 2 ? 40 : 0;
			p[1] = x >= 32 ? 100 : r % 2 ? 80 : 0;
			p[2] = 0x30;
			p[3] = 0xFF;
		}
	memset(dst, 0xEE, 32 * 32 * 4 + 64);
	nngxFilterBlockImage(src, dst, 64, 64, GL_RGBA8_OES);
	ck_gl_ok();
	ck_assert_int_eq(used_requests(), 1);
	fx_run_and_wait();
	for (r = 0; r < 32; r++)
		for (x = 0; x < 32; x++) {
			const uint8_t *p = dst + block_offset(x, r, 32, 4);

			ck_assert_msg(p[0] == (x < 16 ? 20 : 200) && p[1] == (x < 16 ? 40 : 100)
				      && p[2] == 0x30 && p[3] == 0xFF, "(%u, %u): %u %u %u %u", x,
				      r, p[0], p[1], p[2], p[3]);
		}
	for (k = 32 * 32 * 4; k < 32 * 32 * 4 + 64; k++)
		ck_assert_uint_eq(dst[k], 0xEE);
	free(src);
	free(dst);
}
END_TEST

/* Sides the program cannot use: an unmapped source, a read-only
 * destination (a page mapped PROT_READ: the write probe would fault).
 * Each is MEMORY_NOT_SIMULATED, no GL error, nothing queued, the page
 * unchanged. */
START_TEST(test_unusable_program_memory_is_refused)
{
	long page = sysconf(_SC_PAGESIZE);
	uint8_t *ro = mmap(NULL, (size_t)page, PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uint8_t *s = sim(NN_GX_MEM_FCRAM, 64 * 64 * 4), *d = sim(NN_GX_MEM_VRAMA, 64 * 64 * 4);
	GLuint before = diag_count(MEMORY_NOT_SIMULATED), rb;
	unsigned k;

	ck_assert_ptr_ne(ro, MAP_FAILED);
	memset(ro, 0x33, (size_t)page);
	ck_assert_int_eq(mprotect(ro, (size_t)page, PROT_READ), 0);
	glGenRenderbuffers(1, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA4, 8, 8);
	ck_gl_ok();

	nngxAddBlockImageCopyCommand(UNMAPPED, 16, 0, d, 16, 0, 64);
	nngxAddBlockImageCopyCommand(s, 16, 0, ro, 16, 0, 64);
	nngxTransferLinearImage(UNMAPPED, rb, GL_RENDERBUFFER);
	nngxFilterBlockImage(UNMAPPED, d, 64, 64, GL_RGBA8_OES);
	nngxFilterBlockImage(s, ro, 64, 64, GL_RGBA8_OES);
	ck_gl_ok();
	ck_assert_uint_eq(diag_count(MEMORY_NOT_SIMULATED), before + 5);
	ck_assert_int_eq(used_requests(), 0);
	for (k = 0; k < (unsigned)page; k++)
		ck_assert_uint_eq(ro[k], 0x33);
	/* A read-only page is a good source. */
	nngxAddBlockImageCopyCommand(ro, 16, 0, d, 16, 0, 64);
	ck_gl_ok();
	ck_assert_int_eq(used_requests(), 1);
	fx_run_and_wait();
	for (k = 0; k < 64; k++)
		ck_assert_uint_eq(d[k], 0x33);
	munmap(ro, (size_t)page);
}
END_TEST

/* Memory unmapped between the call and the run: the request does nothing
 * and says so (GPU_FAULT), the other sides keep their bytes. */
START_TEST(test_program_memory_gone_before_the_run_is_a_fault)
{
	long page = sysconf(_SC_PAGESIZE);
	uint8_t *m = mmap(NULL, (size_t)page, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uint8_t *d = sim(NN_GX_MEM_VRAMA, 256), *s = sim(NN_GX_MEM_FCRAM, 256);
	GLuint faults = diag_count(GPU_FAULT);
	unsigned k;

	ck_assert_ptr_ne(m, MAP_FAILED);
	memset(d, 0x44, 256);
	memset(s, 0x66, 256);
	nngxAddBlockImageCopyCommand(m, 16, 0, d, 16, 0, 64);
	nngxAddBlockImageCopyCommand(s, 16, 0, m + 256, 16, 0, 64);
	ck_gl_ok();
	ck_assert_int_eq(used_requests(), 2);
	munmap(m, (size_t)page);
	fx_run_and_wait();
	ck_assert_uint_eq(diag_count(GPU_FAULT), faults + 2);
	for (k = 0; k < 256; k++) {
		ck_assert_uint_eq(d[k], 0x44);
		ck_assert_uint_eq(s[k], 0x66);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("transfer_program");
	TCase *tc = tcase_create("program memory");
	int status;

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_block_copy_with_program_memory);
	tcase_add_test(tc, test_linear_image_from_program_memory);
	tcase_add_test(tc, test_linear_image_into_a_cube_face);
	tcase_add_test(tc, test_filter_between_program_buffers);
	tcase_add_test(tc, test_unusable_program_memory_is_refused);
	tcase_add_test(tc, test_program_memory_gone_before_the_run_is_a_fault);
	suite_add_tcase(s, tc);
	status = tu_run(s);
	fx_reset();          /* in one process (CK_FORK=no), leave nothing behind */
	nngxShimReset();
	return status;
}
