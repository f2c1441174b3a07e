/* check_address.c: the console's address space on the host (issue 26):
 * addresses the API hands out are pointers the program writes through,
 * nngxGetPhysicalAddr converts as gxlow does, the program's allocator
 * places objects, DMA reads program memory, the *_DATA_ADDR_DMP queries,
 * and bad addresses. The same binary runs the host address space's
 * cases too: main() forks a child with NNGX_ADDRESS_SPACE=host before
 * the library is touched. Expected values come from the SDK's memory
 * map (address-space.md 1.1, 1.5), not from the code. */
#define _DEFAULT_SOURCE         /* MAP_ANONYMOUS */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

#include <nn/gx/CTR/gx_CommandAccess.h>
#include <nn/gx/CTR/gx_Vram.h>

#include "gl_fixture.h"

#define diag_count(id) nngxShimGetDiagCount(NNGX_SHIM_DIAG_##id)
#define ck_gl_ok() ck_assert_uint_eq(glGetError(), GL_NO_ERROR)

/* The SDK 4.x application map (address-space.md 1.1 and 1.5). */
#define DEVICE_VA   0x14000000u
#define DEVICE_END  0x1C000000u
#define FCRAM_PA    0x20000000u
#define VRAM_VA     0x1F000000u
#define VRAM_END_VA 0x1F600000u
#define VRAM_PA     0x18000000u

/* ---- a program's own allocator: VRAM it manages from
 * nngxGetVramStartAddr, device memory from one nngxShimAllocMemory
 * block (the nn::os device memory stand-in), or malloc ---------------- */

enum { PLACE_MANAGED, PLACE_MALLOC };

static int place_mode;
static uint8_t *device_block;
static size_t device_used, vram_used[2];
static unsigned allocs, deallocs;
static void *last_block, *last_freed;

#define DEVICE_BYTES (1u << 20)

static size_t round_up(size_t n, size_t a)
{
	return (n + a - 1) / a * a;
}

static GLvoid *program_alloc(GLenum area, GLenum usage, GLuint name, GLsizei size)
{
	void *p = NULL;

	(void)usage;
	(void)name;
	allocs++;
	if (place_mode == PLACE_MALLOC) {
		p = malloc((size_t)size);
	} else if (area == NN_GX_MEM_FCRAM) {
		if (device_used + (size_t)size <= DEVICE_BYTES) {
			p = device_block + device_used;
			device_used = round_up(device_used + (size_t)size, 128);
		}
	} else {
		int bank = area == NN_GX_MEM_VRAMB;
		uptr at = nngxGetVramStartAddr((s32)area) + vram_used[bank];

		if (at + (size_t)size - 1 <= nngxGetVramEndAddr((s32)area)) {
			p = (void *)at;
			vram_used[bank] = round_up(vram_used[bank] + (size_t)size, 128);
		}
	}
	last_block = p;
	return p;
}

static void program_free(GLenum area, GLenum usage, GLuint name, GLvoid *p)
{
	(void)area;
	(void)usage;
	(void)name;
	deallocs++;
	last_freed = p;
	if (place_mode == PLACE_MALLOC)
		free(p);
}

static void start(int mode)
{
	tu_reset();
	place_mode = mode;
	device_used = vram_used[0] = vram_used[1] = 0;
	allocs = deallocs = 0;
	last_block = last_freed = NULL;
	ck_assert(nngxInitialize(program_alloc, program_free));
	device_block = mode == PLACE_MANAGED ? nngxShimAllocMemory(NN_GX_MEM_FCRAM, DEVICE_BYTES)
					     : NULL;
}

static GLint cmdlist_param(GLenum pname)
{
	GLint v = -1;

	nngxGetCmdlistParameteri(pname, &v);
	return v;
}

static GLuint new_list(GLsizei bytes, GLsizei requests)
{
	GLuint list;

	nngxGenCmdlists(1, &list);
	nngxBindCmdlist(list);
	nngxCmdlistStorage(bytes, requests);
	return list;
}

static GLuint new_texture(GLenum area, GLsizei side, const void *data)
{
	GLuint tex;

	glGenTextures(1, &tex);
	glBindTexture(GL_TEXTURE_2D, tex);
	glTexImage2D(GL_TEXTURE_2D | area, 0, GL_RGBA, side, side, 0, GL_RGBA, GL_UNSIGNED_BYTE,
		     data);
	ck_gl_ok();
	return tex;
}

static uint32_t dma_writes(void)
{
	return nngx_state_get()->gpu.counters.memory[HW_MEM_CPU_DMA_WRITE];
}

/* ---- the console address space --------------------------------------------- */

START_TEST(test_console_address_space_is_mapped)
{
	start(PLACE_MALLOC);
	ck_assert_uint_eq(diag_count(ADDRESS_SPACE_HOST), 0);
	/* VRAM and device memory are the process's own memory there. */
	*(volatile uint32_t *)(uintptr_t)VRAM_VA = 0x11223344u;
	ck_assert_uint_eq(*(volatile uint32_t *)(uintptr_t)VRAM_VA, 0x11223344u);
	*(volatile uint32_t *)(uintptr_t)(VRAM_END_VA - 4) = 5;
	*(volatile uint32_t *)(uintptr_t)(DEVICE_END - 4) = 6;
	ck_assert_uint_eq(*(volatile uint32_t *)(uintptr_t)(DEVICE_END - 4), 6);
	*(volatile uint32_t *)(uintptr_t)VRAM_VA = 0;
}
END_TEST

START_TEST(test_physical_addr_follows_the_console_rule)
{
	int local;

	start(PLACE_MALLOC);
	ck_assert_uint_eq(nngxGetPhysicalAddr(DEVICE_VA), FCRAM_PA);
	ck_assert_uint_eq(nngxGetPhysicalAddr(DEVICE_END - 1), FCRAM_PA + 0x07FFFFFFu);
	ck_assert_uint_eq(nngxGetPhysicalAddr(VRAM_VA), VRAM_PA);
	ck_assert_uint_eq(nngxGetPhysicalAddr(0x1F300010u), 0x18300010u);
	ck_assert_uint_eq(nngxGetPhysicalAddr(VRAM_END_VA), 0x18600000u);  /* end inclusive */
	ck_assert_uint_eq(diag_count(NO_PHYSICAL_ADDRESS), 0);
	ck_assert_uint_eq(nngxGetPhysicalAddr(DEVICE_END), 0);
	ck_assert_uint_eq(nngxGetPhysicalAddr(VRAM_END_VA + 1), 0);
	ck_assert_uint_eq(nngxGetPhysicalAddr((uptr)&local), 0);
	ck_assert_uint_eq(diag_count(NO_PHYSICAL_ADDRESS), 3);
}
END_TEST

/* Commands written through CURRENT_BUFADDR, then the pointer moved over
 * them, as nn::gr command builders do; they run. */
START_TEST(test_command_words_written_through_current_bufaddr_run)
{
	/* FRAMEBUFFER_DIM (0x11E), set by a word the program wrote itself */
	static const uint32_t words[2] = { 0x00F000F0u, 0x000F011Eu };
	uint32_t *at;
	GLint top;

	start(PLACE_MALLOC);
	new_list(4096, 16);
	top = cmdlist_param(NN_GX_CMDLIST_TOP_BUFADDR);
	ck_assert_uint_ge((GLuint)top, DEVICE_VA);
	ck_assert_uint_lt((GLuint)top, DEVICE_END);
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_CURRENT_BUFADDR), top);
	at = (uint32_t *)(uintptr_t)(GLuint)cmdlist_param(NN_GX_CMDLIST_CURRENT_BUFADDR);
	memcpy(at, words, sizeof words);
	nngxMoveCommandbufferPointer(sizeof words);
	ck_gl_ok();
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_USED_BUFSIZE), 8);
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_CURRENT_BUFADDR), top + 8);
	/* the list's words are the ones written */
	ck_assert_mem_eq(nngx_cmdlist_current(nngx_state_get())->words, words, sizeof words);
	fx_run_and_wait();
	ck_assert_uint_eq(nngx_state_get()->gpu.regs[0x11E], 0x00F000F0u);
}
END_TEST

/* Pixels written through NN_GX_DISPLAYBUFFER_ADDRESS are the buffer's. */
START_TEST(test_display_buffer_pixels_written_through_its_address)
{
	GLuint db;
	GLint addr = 0;
	uint8_t *px, *seen;

	start(PLACE_MALLOC);
	nngxGenDisplaybuffers(1, &db);
	nngxActiveDisplay(NN_GX_DISPLAY0);
	nngxBindDisplaybuffer(db);
	nngxDisplaybufferStorage(GL_RGBA8_OES, 240, 400, NN_GX_MEM_VRAMA);
	ck_gl_ok();
	nngxGetDisplaybufferParameteri(NN_GX_DISPLAYBUFFER_ADDRESS, &addr);
	ck_assert_uint_ge((GLuint)addr, VRAM_VA);
	ck_assert_uint_lt((GLuint)addr, VRAM_VA + 0x300000u);
	px = (uint8_t *)(uintptr_t)(GLuint)addr;
	memset(px, 0xA5, 240 * 400 * 4);
	seen = nngxShimGetHostPointer(nngxShimGetDisplaybufferAddress(db));
	ck_assert_ptr_eq(seen, px);
	ck_assert_uint_eq(nngxGetPhysicalAddr((uptr)addr), nngxShimGetDisplaybufferAddress(db));
	ck_assert_uint_eq(seen[240 * 400 * 4 - 1], 0xA5);
}
END_TEST

/* Middleware-managed memory: every object lives in the block the
 * program's allocator returned, and the queries give that block back. */
START_TEST(test_the_program_allocator_places_every_object)
{
	static const uint8_t bytes[64] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	GLuint tex, buf, rb, db, list;
	GLint v = 0;
	void *block;

	start(PLACE_MANAGED);
	ck_assert_ptr_nonnull(device_block);
	ck_assert_uint_ge((uintptr_t)device_block, DEVICE_VA);
	ck_assert_uint_lt((uintptr_t)device_block, DEVICE_END);

	list = new_list(4096, 16);
	ck_assert_uint_ne(list, 0);
	ck_assert_ptr_eq((void *)(uintptr_t)(GLuint)cmdlist_param(NN_GX_CMDLIST_TOP_BUFADDR),
			 device_block);

	tex = new_texture(NN_GX_MEM_VRAMA, 8, NULL);
	block = last_block;
	ck_assert_ptr_eq(block, (void *)(uintptr_t)VRAM_VA);
	glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_DATA_ADDR_DMP, &v);
	ck_gl_ok();
	ck_assert_ptr_eq((void *)(uintptr_t)(GLuint)v, block);
	ck_assert_uint_eq(nngxGetPhysicalAddr((uptr)v), nngxShimGetTextureAddress(tex));
	ck_assert_uint_eq(nngxShimGetTextureAddress(tex), VRAM_PA);

	glGenBuffers(1, &buf);
	glBindBuffer(GL_ARRAY_BUFFER, buf);
	glBufferData(GL_ARRAY_BUFFER, sizeof bytes, bytes, GL_STATIC_DRAW);
	ck_gl_ok();
	block = last_block;
	ck_assert_ptr_eq(block, device_block + 4096);    /* after the 4096-byte list */
	glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_DATA_ADDR_DMP, &v);
	ck_assert_ptr_eq((void *)(uintptr_t)(GLuint)v, block);
	ck_assert_mem_eq(block, bytes, sizeof bytes);    /* the data is where it lives */

	glGenRenderbuffers(1, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	glRenderbufferStorage(GL_RENDERBUFFER | NN_GX_MEM_VRAMB, GL_RGBA8_OES, 16, 16);
	ck_gl_ok();
	glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_DATA_ADDR_DMP, &v);
	ck_assert_uint_eq((GLuint)v, VRAM_VA + 0x300000u);
	ck_assert_ptr_eq((void *)(uintptr_t)(GLuint)v, last_block);

	nngxGenDisplaybuffers(1, &db);
	nngxActiveDisplay(NN_GX_DISPLAY0);
	nngxBindDisplaybuffer(db);
	nngxDisplaybufferStorage(GL_RGBA8_OES, 240, 400, NN_GX_MEM_VRAMB);
	nngxGetDisplaybufferParameteri(NN_GX_DISPLAYBUFFER_ADDRESS, &v);
	ck_assert_ptr_eq((void *)(uintptr_t)(GLuint)v, last_block);
	ck_assert_uint_eq((GLuint)v, VRAM_VA + 0x300000u + 16 * 16 * 4);
	ck_assert_uint_eq(diag_count(OBJECT_PLACED_BY_LIBRARY), 0);
	ck_gl_ok();

	/* Deleting hands each block back. */
	glDeleteTextures(1, &tex);
	ck_assert_ptr_eq(last_freed, (void *)(uintptr_t)VRAM_VA);
}
END_TEST

/* A plain malloc allocator keeps working: objects are placed by the
 * library, said once per power-on, and blocks go back on deletion. */
START_TEST(test_a_malloc_allocator_still_works_and_is_told_once)
{
	GLuint tex[2];
	GLint v = 0;
	void *block;

	start(PLACE_MALLOC);
	tex[0] = new_texture(NN_GX_MEM_VRAMA, 8, NULL);
	block = last_block;
	tex[1] = new_texture(NN_GX_MEM_FCRAM, 8, NULL);
	ck_assert_uint_eq(allocs, 2);
	ck_assert_uint_eq(diag_count(OBJECT_PLACED_BY_LIBRARY), 1);
	glBindTexture(GL_TEXTURE_2D, tex[0]);
	glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_DATA_ADDR_DMP, &v);
	ck_assert_ptr_ne((void *)(uintptr_t)(GLuint)v, block);
	ck_assert_uint_ge((GLuint)v, VRAM_VA);                  /* VRAM A, where asked */
	ck_assert_uint_lt((GLuint)v, VRAM_VA + 0x300000u);
	glDeleteTextures(1, &tex[0]);
	ck_assert_ptr_eq(last_freed, block);
	ck_assert_uint_eq(deallocs, 1);
	nngxShimReset();
	start(PLACE_MALLOC);
	new_texture(NN_GX_MEM_FCRAM, 8, NULL);
	ck_assert_uint_eq(diag_count(OBJECT_PLACED_BY_LIBRARY), 1);     /* again after power-on */
	ck_gl_ok();
}
END_TEST

/* An engine's texture class: pixels DMA'd from its heap into the VRAM
 * its texture lives in; counted as a DMA from main memory. */
START_TEST(test_dma_from_the_heap_reaches_the_texture)
{
	enum { SIDE = 16, BYTES = SIDE * SIDE * 4 };
	uint8_t *heap = malloc(BYTES), *fcram;
	GLint v = 0;
	uint32_t before;
	GLuint64EXT t0, heap_clocks, fcram_clocks;
	unsigned k;

	ck_assert_ptr_nonnull(heap);
	start(PLACE_MANAGED);
	new_list(4096, 16);
	new_texture(NN_GX_MEM_VRAMA, SIDE, NULL);
	glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_DATA_ADDR_DMP, &v);
	for (k = 0; k < BYTES; k++)
		heap[k] = (uint8_t)(k * 13 + 1);
	before = dma_writes();
	nngxAddVramDmaCommand(heap, (GLvoid *)(uintptr_t)(GLuint)v, BYTES);
	ck_gl_ok();
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT), 1);
	t0 = nngxShimGetClock();
	fx_run_and_wait();
	heap_clocks = nngxShimGetClock() - t0;
	ck_assert_mem_eq((void *)(uintptr_t)(GLuint)v, heap, BYTES);
	ck_assert_uint_eq(dma_writes() - before, BYTES / 16);
	/* The same DMA from device memory costs the same. */
	fcram = nngxShimAllocMemory(NN_GX_MEM_FCRAM, BYTES);
	memcpy(fcram, heap, BYTES);
	nngxAddVramDmaCommand(fcram, (GLvoid *)(uintptr_t)(GLuint)v, BYTES);
	t0 = nngxShimGetClock();
	fx_run_and_wait();
	fcram_clocks = nngxShimGetClock() - t0;
	ck_assert_uint_eq(heap_clocks, fcram_clocks);
	ck_assert_uint_eq(dma_writes() - before, 2 * (BYTES / 16));
	free(heap);
}
END_TEST

/* Bad addresses: the diagnostic, no GL error, nothing added, no crash. */
START_TEST(test_dma_bad_addresses_add_nothing)
{
	long page = sysconf(_SC_PAGESIZE);
	uint8_t *map = mmap(NULL, (size_t)page * 2, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uint8_t local[64];
	uint8_t *vram = (uint8_t *)(uintptr_t)(VRAM_VA + 0x1000);

	ck_assert_ptr_ne(map, MAP_FAILED);
	ck_assert_int_eq(munmap(map + page, (size_t)page), 0);   /* a hole after one page */
	start(PLACE_MALLOC);
	new_list(4096, 16);
	nngxAddVramDmaCommand(NULL, vram, 64);
	nngxAddVramDmaCommand(map + page, vram, 64);                /* unmapped */
	nngxAddVramDmaCommand(map + page - 16, vram, 64);           /* runs past the end */
	nngxAddVramDmaCommand(local, local, 64);                    /* destination not VRAM */
	nngxAddVramDmaCommand(local, (GLvoid *)(uintptr_t)(VRAM_END_VA - 32), 64);
	ck_assert_uint_eq(diag_count(MEMORY_NOT_SIMULATED), 5);
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT), 0);
	ck_gl_ok();
	/* Unaligned program memory is fine ("any alignment since 2011"). */
	memset(map, 0x3C, (size_t)page);
	nngxAddVramDmaCommand(map + 3, vram, 61);
	fx_run_and_wait();
	ck_assert_uint_eq(vram[60], 0x3C);
	munmap(map, (size_t)page);
}
END_TEST

/* A source the program unmaps between the call and the run: a fault
 * said at the run, the destination untouched, the next request runs. */
START_TEST(test_dma_source_unmapped_before_the_run_is_a_fault)
{
	long page = sysconf(_SC_PAGESIZE);
	uint8_t *map = mmap(NULL, (size_t)page, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uint8_t *vram = (uint8_t *)(uintptr_t)(VRAM_VA + 0x2000);
	uint8_t ok[32];
	uint32_t before;

	ck_assert_ptr_ne(map, MAP_FAILED);
	memset(map, 0x77, (size_t)page);
	memset(ok, 0x55, sizeof ok);
	start(PLACE_MALLOC);
	memset(vram, 0, 64);
	new_list(4096, 16);
	nngxAddVramDmaCommand(map, vram, 32);
	nngxAddVramDmaCommand(ok, vram + 32, 32);
	ck_assert_int_eq(munmap(map, (size_t)page), 0);
	before = dma_writes();
	fx_run_and_wait();
	ck_assert_uint_eq(diag_count(GPU_FAULT), 1);
	ck_assert_uint_eq(vram[0], 0);
	ck_assert_uint_eq(vram[32], 0x55);
	ck_assert_uint_eq(dma_writes() - before, 2);        /* the second request only */
}
END_TEST

/* GL_NO_COPY_FCRAM_DMP: the program's device-memory data is the storage
 * (the allocator is not asked); heap data is copied, said once. */
START_TEST(test_no_copy_buffer_uses_the_programs_device_memory)
{
	static const uint16_t heap_data[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	GLuint buf[2];
	GLint v = 0;
	uint16_t *mine;

	start(PLACE_MANAGED);
	mine = (uint16_t *)(device_block + 512);
	memcpy(mine, heap_data, sizeof heap_data);
	glGenBuffers(2, buf);
	glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, buf[0]);
	glBufferData(GL_ELEMENT_ARRAY_BUFFER | GL_NO_COPY_FCRAM_DMP, sizeof heap_data, mine,
		     GL_STATIC_DRAW);
	ck_gl_ok();
	ck_assert_uint_eq(allocs, 0);
	glGetBufferParameteriv(GL_ELEMENT_ARRAY_BUFFER, GL_BUFFER_DATA_ADDR_DMP, &v);
	ck_assert_ptr_eq((void *)(uintptr_t)(GLuint)v, mine);
	ck_assert_uint_eq(nngxShimGetBufferAddress(buf[0]), nngxGetPhysicalAddr((uptr)mine));
	/* The same data again: still the storage, one region. */
	glBufferData(GL_ELEMENT_ARRAY_BUFFER | GL_NO_COPY_FCRAM_DMP, sizeof heap_data, mine,
		     GL_STATIC_DRAW);
	glGetBufferParameteriv(GL_ELEMENT_ARRAY_BUFFER, GL_BUFFER_DATA_ADDR_DMP, &v);
	ck_assert_ptr_eq((void *)(uintptr_t)(GLuint)v, mine);
	ck_assert_uint_eq(diag_count(OBJECT_PLACED_BY_LIBRARY), 0);
	glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, buf[1]);
	glBufferData(GL_ELEMENT_ARRAY_BUFFER | GL_NO_COPY_FCRAM_DMP, sizeof heap_data, heap_data,
		     GL_STATIC_DRAW);
	ck_gl_ok();
	ck_assert_uint_eq(diag_count(OBJECT_PLACED_BY_LIBRARY), 1);
	glGetBufferParameteriv(GL_ELEMENT_ARRAY_BUFFER, GL_BUFFER_DATA_ADDR_DMP, &v);
	ck_assert_ptr_ne((void *)(uintptr_t)(GLuint)v, heap_data);
	ck_assert_mem_eq((void *)(uintptr_t)(GLuint)v, heap_data, sizeof heap_data);
}
END_TEST

/* L2B from the heap and B2L back to the heap: the round trip gives the
 * image back (linear -> 8x8 tiles -> linear, same format, no scaling or
 * flip), each side staged through main memory and costed as the post-
 * transfer engine's reads and writes of it; the tiled copy in VRAM is
 * the same as one made from simulated memory. */
START_TEST(test_transfers_from_and_to_the_heap)
{
	enum { W = 16, H = 16, BYTES = W * H * 4 };
	uint8_t *heap_in = malloc(BYTES), *heap_out = malloc(BYTES), *fcram, *tiled, *tiled2;
	struct hw_counters before;
	unsigned k;

	ck_assert_ptr_nonnull(heap_in);
	ck_assert_ptr_nonnull(heap_out);
	start(PLACE_MALLOC);
	new_list(4096, 16);
	tiled = nngxShimAllocMemory(NN_GX_MEM_VRAMA, BYTES);
	tiled2 = nngxShimAllocMemory(NN_GX_MEM_VRAMA, BYTES);
	fcram = nngxShimAllocMemory(NN_GX_MEM_FCRAM, BYTES);
	for (k = 0; k < BYTES; k++)
		heap_in[k] = (uint8_t)(k * 29 + 7);
	memcpy(fcram, heap_in, BYTES);
	memset(heap_out, 0, BYTES);
	before = nngx_state_get()->gpu.counters;
	nngxAddL2BTransferCommand(heap_in, tiled, W, H, GL_RGBA8_OES, 8);
	nngxAddL2BTransferCommand(fcram, tiled2, W, H, GL_RGBA8_OES, 8);
	nngxAddB2LTransferCommand(tiled, W, H, GL_RGBA8_OES, heap_out, W, H, GL_RGBA8_OES,
				  NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 8);
	ck_gl_ok();
	ck_assert_uint_eq(diag_count(MEMORY_NOT_SIMULATED), 0);
	fx_run_and_wait();
	ck_assert_uint_eq(diag_count(GPU_FAULT), 0);
	ck_assert_mem_eq(tiled, tiled2, BYTES);
	ck_assert_mem_eq(heap_out, heap_in, BYTES);
	/* 3 transfers, 1024 bytes = 64 units read and written each */
	ck_assert_uint_eq(nngx_state_get()->gpu.counters.memory[HW_MEM_POST_TRANSFER_READ]
			  - before.memory[HW_MEM_POST_TRANSFER_READ], 3 * BYTES / 16);
	ck_assert_uint_eq(nngx_state_get()->gpu.counters.memory[HW_MEM_POST_TRANSFER_WRITE]
			  - before.memory[HW_MEM_POST_TRANSFER_WRITE], 3 * BYTES / 16);
	free(heap_in);
	free(heap_out);
}
END_TEST

/* A B2L destination the program unmaps before the run: a fault, not a
 * crash; a read-only one is refused when added. */
START_TEST(test_transfer_to_unmapped_program_memory_faults)
{
	enum { W = 8, H = 8, BYTES = W * H * 4 };
	long page = sysconf(_SC_PAGESIZE);
	uint8_t *map = mmap(NULL, (size_t)page, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uint8_t *ro = mmap(NULL, (size_t)page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uint8_t *tiled;

	ck_assert_ptr_ne(map, MAP_FAILED);
	ck_assert_ptr_ne(ro, MAP_FAILED);
	start(PLACE_MALLOC);
	new_list(4096, 16);
	tiled = nngxShimAllocMemory(NN_GX_MEM_VRAMB, BYTES);
	nngxAddB2LTransferCommand(tiled, W, H, GL_RGBA8_OES, ro, W, H, GL_RGBA8_OES,
				  NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 8);
	ck_assert_uint_eq(diag_count(MEMORY_NOT_SIMULATED), 1);
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT), 0);
	nngxAddB2LTransferCommand(tiled, W, H, GL_RGBA8_OES, map, W, H, GL_RGBA8_OES,
				  NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 8);
	ck_assert_int_eq(cmdlist_param(NN_GX_CMDLIST_USED_REQCOUNT), 1);
	ck_assert_int_eq(munmap(map, (size_t)page), 0);
	fx_run_and_wait();
	ck_assert_uint_eq(diag_count(GPU_FAULT), 1);
	munmap(ro, (size_t)page);
}
END_TEST

START_TEST(test_data_addr_queries_without_storage_or_binding)
{
	GLuint tex, buf, rb;
	GLint v = -1;
	GLfloat f = -1;

	start(PLACE_MALLOC);
	glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_DATA_ADDR_DMP, &v);
	ck_assert_uint_eq(glGetError(), GL_INVALID_OPERATION);   /* none bound */
	ck_assert_int_eq(v, -1);
	glGenRenderbuffers(1, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_DATA_ADDR_DMP, &v);
	ck_gl_ok();
	ck_assert_int_eq(v, 0);                                  /* no storage */
	glGetRenderbufferParameteriv(GL_TEXTURE_2D, GL_RENDERBUFFER_DATA_ADDR_DMP, &v);
	ck_assert_uint_eq(glGetError(), GL_INVALID_ENUM);

	glGenTextures(1, &tex);
	glBindTexture(GL_TEXTURE_2D, tex);
	v = -1;
	glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_DATA_ADDR_DMP, &v);
	ck_gl_ok();
	ck_assert_int_eq(v, 0);
	glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_DATA_ADDR_DMP, &f);
	ck_assert_uint_eq(glGetError(), GL_INVALID_ENUM);
	ck_assert(f == -1);

	v = -1;
	glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_DATA_ADDR_DMP, &v);
	ck_assert_uint_eq(glGetError(), GL_INVALID_OPERATION);   /* none bound */
	ck_assert_int_eq(v, -1);
	glGenBuffers(1, &buf);
	glBindBuffer(GL_ARRAY_BUFFER, buf);
	glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_DATA_ADDR_DMP, &v);
	ck_gl_ok();
	ck_assert_int_eq(v, 0);
}
END_TEST

/* GL_TEXTURE_DATA_ADDR_DMP of a cube map (address-space.md 4.4): six
 * addresses, level 0 of +X .. -Z in params[0..5], each a pointer to its
 * face. Faces of 8 x 8 RGBA with no other level: a face's chain is 8 x 8
 * x 4 = 256 bytes, so face f at the storage's address + 256 f. Face f is
 * filled with bytes 16 (f + 1) (every channel, so tiling and byte order
 * do not matter), read back through its pointer. With no storage: six
 * zeros; with no cube map bound: GL_INVALID_OPERATION, nothing written. */
START_TEST(test_cube_map_data_addr_gives_each_face)
{
	static uint8_t texels[8 * 8 * 4];
	GLint v[7];
	GLuint cube;
	unsigned f;

	start(PLACE_MALLOC);
	for (f = 0; f < 7; f++)
		v[f] = -1;
	glGetTexParameteriv(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_DATA_ADDR_DMP, v);
	ck_assert_uint_eq(glGetError(), GL_INVALID_OPERATION);
	for (f = 0; f < 7; f++)
		ck_assert_int_eq(v[f], -1);
	glGenTextures(1, &cube);
	glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
	glGetTexParameteriv(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_DATA_ADDR_DMP, v);
	ck_gl_ok();
	for (f = 0; f < 6; f++)
		ck_assert_int_eq(v[f], 0);
	ck_assert_int_eq(v[6], -1);

	for (f = 0; f < 6; f++) {
		memset(texels, (int)(16 * (f + 1)), sizeof texels);
		glTexImage2D((GLenum)(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f) | NN_GX_MEM_VRAMA, 0,
			     GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
	}
	ck_gl_ok();
	glGetTexParameteriv(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_DATA_ADDR_DMP, v);
	ck_gl_ok();
	ck_assert_int_eq(v[6], -1);
	for (f = 0; f < 6; f++) {
		const uint8_t *face = (const uint8_t *)(uintptr_t)(GLuint)v[f];

		ck_assert_uint_eq(nngxGetPhysicalAddr((uptr)(GLuint)v[f]),
				  nngxShimGetTextureAddress(cube) + 256u * f);
		ck_assert_uint_eq(face[0], 16u * (f + 1));
		ck_assert_uint_eq(face[255], 16u * (f + 1));
	}
}
END_TEST

/* ---- the host address space (NNGX_ADDRESS_SPACE=host) ------------------------ */

START_TEST(test_host_address_space_is_said_once_and_addresses_are_physical)
{
	GLuint tex, db;
	GLint v = 0;

	start(PLACE_MANAGED);
	ck_assert_uint_eq(diag_count(ADDRESS_SPACE_HOST), 1);
	/* Blocks from nngxShimAllocMemory are host blocks: the library
	 * places objects itself and says so. */
	tex = new_texture(NN_GX_MEM_VRAMA, 8, NULL);
	glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_DATA_ADDR_DMP, &v);
	ck_assert_uint_eq((GLuint)v, nngxShimGetTextureAddress(tex));
	ck_assert_uint_ge((GLuint)v, VRAM_PA);
	ck_assert_uint_lt((GLuint)v, VRAM_PA + 0x300000u);
	ck_assert_uint_eq(diag_count(OBJECT_PLACED_BY_LIBRARY), 1);
	nngxGenDisplaybuffers(1, &db);
	nngxActiveDisplay(NN_GX_DISPLAY0);
	nngxBindDisplaybuffer(db);
	nngxDisplaybufferStorage(GL_RGBA8_OES, 240, 400, NN_GX_MEM_VRAMB);
	nngxGetDisplaybufferParameteri(NN_GX_DISPLAYBUFFER_ADDRESS, &v);
	ck_assert_uint_eq((GLuint)v, nngxShimGetDisplaybufferAddress(db));
	ck_assert_ptr_nonnull(nngxShimGetHostPointer((GLuint)v));
	/* A second nngxInitialize in the same power-on says nothing more. */
	nngxFinalize();
	ck_assert(nngxInitialize(program_alloc, program_free));
	ck_assert_uint_eq(diag_count(ADDRESS_SPACE_HOST), 1);
	ck_gl_ok();
}
END_TEST

START_TEST(test_host_dma_from_the_heap_still_works)
{
	uint8_t heap[64], *dst;
	unsigned k;

	start(PLACE_MALLOC);
	new_list(4096, 16);
	dst = nngxShimAllocMemory(NN_GX_MEM_VRAMA, 64);
	for (k = 0; k < sizeof heap; k++)
		heap[k] = (uint8_t)(200 - k);
	nngxAddVramDmaCommand(heap, dst, sizeof heap);
	ck_gl_ok();
	fx_run_and_wait();
	ck_assert_mem_eq(dst, heap, sizeof heap);
	/* The VRAM window is no pointer here: beyond blocks, refused. */
	nngxAddVramDmaCommand(heap, (GLvoid *)(uintptr_t)(VRAM_VA + 0x200000u), 64);
	ck_assert_uint_eq(diag_count(MEMORY_NOT_SIMULATED), 1);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
}
END_TEST

static Suite *address_suite(bool host)
{
	Suite *s = suite_create(host ? "address (host)" : "address");
	TCase *tc = tcase_create("core");

	if (host) {
		tcase_add_test(tc, test_host_address_space_is_said_once_and_addresses_are_physical);
		tcase_add_test(tc, test_host_dma_from_the_heap_still_works);
	} else {
		tcase_add_test(tc, test_console_address_space_is_mapped);
		tcase_add_test(tc, test_physical_addr_follows_the_console_rule);
		tcase_add_test(tc, test_command_words_written_through_current_bufaddr_run);
		tcase_add_test(tc, test_display_buffer_pixels_written_through_its_address);
		tcase_add_test(tc, test_the_program_allocator_places_every_object);
		tcase_add_test(tc, test_a_malloc_allocator_still_works_and_is_told_once);
		tcase_add_test(tc, test_dma_from_the_heap_reaches_the_texture);
		tcase_add_test(tc, test_dma_bad_addresses_add_nothing);
		tcase_add_test(tc, test_dma_source_unmapped_before_the_run_is_a_fault);
		tcase_add_test(tc, test_no_copy_buffer_uses_the_programs_device_memory);
		tcase_add_test(tc, test_transfers_from_and_to_the_heap);
		tcase_add_test(tc, test_transfer_to_unmapped_program_memory_faults);
		tcase_add_test(tc, test_data_addr_queries_without_storage_or_binding);
		tcase_add_test(tc, test_cube_map_data_addr_gives_each_face);
	}
	suite_add_tcase(s, tc);
	return s;
}

/* The host address space is chosen once per process, at the first
 * library call: a child that has not called it yet runs those cases. */
int main(void)
{
	pid_t child = fork();
	int status = 1, host_status;

	if (child == 0) {
		setenv("NNGX_ADDRESS_SPACE", "host", 1);
		_exit(tu_run(address_suite(true)));
	}
	if (child < 0)
		return 1;
	status = tu_run(address_suite(false));
	if (waitpid(child, &host_status, 0) != child || !WIFEXITED(host_status)
	    || WEXITSTATUS(host_status) != 0)
		return 1;
	return status;
}
