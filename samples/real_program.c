/* real_program.c: code written the way SDK-era programs are written runs
 * unchanged on libnngx, and its counters move.
 *
 * Games and middleware built with the SDK do not ask the library for
 * pointers: the addresses the SDK hands out are pointers. This program
 * does what they do, and nothing libnngx-specific beyond one stand-in
 * for nn::os device memory:
 *
 *   - it manages memory itself: nngxInitialize gets its allocator, which
 *     hands out VRAM with a bump pointer per bank from
 *     nngxGetVramStartAddr (checked against nngxGetVramEndAddr, never
 *     freed, as the SDK's own sample allocator does) and main memory from
 *     its "device memory" (below). Every object (command list, display
 *     buffer, render buffers, texture, vertex buffer) lives in the block
 *     the allocator returned, and the *_DATA_ADDR_DMP queries and
 *     NN_GX_DISPLAYBUFFER_ADDRESS give that block back;
 *   - its texture class fills the texture by DMA from its heap
 *     (malloc): nngxAddVramDmaCommand(heap, the texture's
 *     GL_TEXTURE_DATA_ADDR_DMP, size), texels already in the GPU's native
 *     layout (8x8 tiles; an RGBA8 texel is the little-endian word
 *     R << 24 | G << 16 | B << 8 | A);
 *   - a command builder (as nn::gr's are) writes command words itself at
 *     NN_GX_CMDLIST_CURRENT_BUFADDR and moves the pointer over them with
 *     nngxMoveCommandbufferPointer: here a second draw of the quad the GL
 *     call just set up, so the frame's polygons double;
 *   - after the frame, the CPU draws a status bar straight into the
 *     display buffer through NN_GX_DISPLAYBUFFER_ADDRESS.
 *
 * Device memory: on the console nn::os::SetDeviceMemorySize commits
 * GPU-visible main memory at 0x14000000 or above and
 * GetDeviceMemoryAddress reports it. A port gets the same from
 * nngxShimAllocMemory(NN_GX_MEM_FCRAM, size): a block of the simulated
 * main memory, at its console address when libnngx could map the
 * console's address space (libnngx(7), "Address space"). os_* below is
 * that stand-in; nothing else in the program knows it runs on a PC.
 *
 * It checks what it prints and exits 1 on a difference: the counters
 * moved as the frame's work says (vertices, polygons, fragments, texture
 * reads, the DMA's 16-byte writes), every object is where the allocator
 * put it, and the CPU's pixels are the display buffer's. With
 * NNGX_ADDRESS_SPACE=host (addresses are then not pointers) it says so
 * and exits 0 without drawing.
 *
 * The shader binary is built at run time with the project's own encoder
 * (tests/shader_asm.h), as the other samples do, so no opaque blob ships. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <nn/gx.h>
#include <nn/gx/CTR/gx_CommandAccess.h>
#include <nn/gx/CTR/gx_MacroCommon.h>
#include <nn/gx/CTR/gx_MacroReg.h>
#include <nn/gx/CTR/gx_Vram.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>
#include <nngx_shim.h>

#include "tests/shader_asm.h"
#include "tests/shbin_writer.h"

#define WIDTH   240             /* the upper screen, as the GPU renders it */
#define HEIGHT  400
#define TEX     64              /* texture side */
#define TILE    8               /* the native layout's tile side */
#define DEVICE_MEMORY_BYTES (4u << 20)
#define ALIGN   128             /* enough for every usage (textures ask 128) */
#define BAR_ROWS 8              /* the CPU's status bar: 8 rows of the buffer */

static int failures;

static void check(int ok, const char *what)
{
	if (!ok) {
		fprintf(stderr, "real_program: FAILED: %s\n", what);
		failures++;
	}
}

static void die_on_gl_error(const char *what)
{
	GLenum e = glGetError();

	if (e != GL_NO_ERROR) {
		fprintf(stderr, "real_program: %s: GL error 0x%04X\n", what, e);
		exit(1);
	}
}

/* ---- the nn::os stand-in: device memory ------------------------------------- */

static uptr device_memory_address;
static size_t device_memory_size;

static int os_SetDeviceMemorySize(size_t size)
{
	void *p = nngxShimAllocMemory(NN_GX_MEM_FCRAM, (GLsizei)size);

	device_memory_address = (uptr)p;
	device_memory_size = p ? size : 0;
	return p != NULL;
}

static uptr os_GetDeviceMemoryAddress(void)
{
	return device_memory_address;
}

/* ---- the program's graphics allocator ------------------------------------------ */

static uptr next_free[3];       /* FCRAM, VRAM A, VRAM B */
static uptr heap_end[3];

static int area_index(GLenum area)
{
	return area == NN_GX_MEM_VRAMA ? 1 : area == NN_GX_MEM_VRAMB ? 2 : 0;
}

static void allocator_init(void)
{
	next_free[0] = os_GetDeviceMemoryAddress();
	heap_end[0] = next_free[0] + device_memory_size;
	next_free[1] = nngxGetVramStartAddr(NN_GX_MEM_VRAMA);
	heap_end[1] = nngxGetVramEndAddr(NN_GX_MEM_VRAMA) + 1;
	next_free[2] = nngxGetVramStartAddr(NN_GX_MEM_VRAMB);
	heap_end[2] = nngxGetVramEndAddr(NN_GX_MEM_VRAMB) + 1;
}

static GLvoid *gx_allocate(GLenum area, GLenum usage, GLuint name, GLsizei size)
{
	int a = area_index(area);
	uptr at = (next_free[a] + ALIGN - 1) / ALIGN * ALIGN;

	(void)usage;
	(void)name;
	if (size <= 0 || at + (uptr)size > heap_end[a])
		return NULL;
	next_free[a] = at + (uptr)size;
	return (GLvoid *)at;
}

static void gx_deallocate(GLenum area, GLenum usage, GLuint name, GLvoid *p)
{
	/* A bump allocator frees nothing (the SDK sample's does the same). */
	(void)area;
	(void)usage;
	(void)name;
	(void)p;
}

/* ---- the shader: position through, texture coordinate from it ------------------ */

enum { C_SCALE = 4, C_BIAS = 5 };

static GLuint load_program(void)
{
	static struct shader_asm a;
	static struct hw_shader_state assembled;
	static const char *const lane[4] = { "x", "y", "z", "w" };
	struct shbin_writer w;
	uint8_t *bin = NULL;
	size_t size = 0, vs;
	GLuint shader, program;
	GLint linked = GL_FALSE;
	unsigned k;

	asm_init(&a);
	for (k = 0; k < 4; k++)         /* o0 = identity * v0 (c0-c3 hold rows) */
		asm_op2(&a, ASM_DP4, asm_mask(asm_o(0), lane[k]), asm_c(k), asm_v(0));
	asm_mul(&a, asm_rd(0), asm_c(C_SCALE), asm_v(0));
	asm_add(&a, asm_o(1), asm_c(C_BIAS), asm_r(0));  /* texcoord = pos * 0.5 + 0.5 */
	asm_end(&a);
	if (!asm_finish(&a, &assembled)) {
		fprintf(stderr, "real_program: shader: %s\n", a.error);
		exit(1);
	}
	shbin_writer_init(&w);
	shbin_writer_set_program(&w, assembled.code, a.ncode);
	for (k = 0; k < a.nopdesc; k++)
		shbin_writer_add_opdesc(&w, assembled.opdesc[k]);
	vs = shbin_writer_add_entry(&w, 0, 0, a.ncode);
	shbin_writer_add_output(&w, vs, 0 /* position */, 0, 0xF);
	shbin_writer_add_output(&w, vs, 3 /* texcoord 0 */, 1, 0x3);
	shbin_writer_add_uniform(&w, vs, "aPosition", 0x00, 0x00);
	shbin_writer_add_float(&w, vs, 0, 1, 0, 0, 0);
	shbin_writer_add_float(&w, vs, 1, 0, 1, 0, 0);
	shbin_writer_add_float(&w, vs, 2, 0, 0, 1, 0);
	shbin_writer_add_float(&w, vs, 3, 0, 0, 0, 1);
	shbin_writer_add_float(&w, vs, C_SCALE, 0.5f, 0.5f, 0, 0);
	shbin_writer_add_float(&w, vs, C_BIAS, 0.5f, 0.5f, 0, 0);
	if (!shbin_writer_finish(&w, &bin, &size))
		exit(1);
	shbin_writer_free(&w);
	shader = glCreateShader(GL_VERTEX_SHADER);
	glShaderBinary(1, &shader, GL_PLATFORM_BINARY_DMP, bin, (GLsizei)size);
	free(bin);
	program = glCreateProgram();
	glAttachShader(program, shader);
	glAttachShader(program, GL_DMP_FRAGMENT_SHADER_DMP);
	glBindAttribLocation(program, 0, "aPosition");
	glLinkProgram(program);
	glGetProgramiv(program, GL_LINK_STATUS, &linked);
	if (!linked) {
		fprintf(stderr, "real_program: the program did not link\n");
		exit(1);
	}
	glUseProgram(program);
	/* Combiner stage 0: the texture's colour. */
	glUniform1i(glGetUniformLocation(program, "dmp_Texture[0].samplerType"), GL_TEXTURE_2D);
	glUniform3i(glGetUniformLocation(program, "dmp_TexEnv[0].srcRgb"), GL_TEXTURE0,
		    GL_TEXTURE0, GL_TEXTURE0);
	glUniform3i(glGetUniformLocation(program, "dmp_TexEnv[0].srcAlpha"), GL_TEXTURE0,
		    GL_TEXTURE0, GL_TEXTURE0);
	glUniform1i(glGetUniformLocation(program, "dmp_TexEnv[0].combineRgb"), GL_REPLACE);
	glUniform1i(glGetUniformLocation(program, "dmp_TexEnv[0].combineAlpha"), GL_REPLACE);
	die_on_gl_error("loading the program");
	return program;
}

/* ---- the texture class: texels from the heap, by DMA ----------------------------- */

/* A checkerboard of 8x8 squares in the native layout: one square is one
 * tile, so each tile is one colour (a texel is the word R<<24|G<<16|B<<8|A,
 * stored little-endian: bytes A, B, G, R). */
static uint8_t *heap_texels(void)
{
	uint8_t *t = malloc(TEX * TEX * 4);
	unsigned tile, k;

	if (!t)
		exit(1);
	for (tile = 0; tile < (TEX / TILE) * (TEX / TILE); tile++) {
		unsigned tx = tile % (TEX / TILE), ty = tile / (TEX / TILE);
		uint8_t grey = ((tx ^ ty) & 1) ? 0xF0 : 0x30;

		for (k = 0; k < TILE * TILE; k++) {
			uint8_t *p = t + (tile * TILE * TILE + k) * 4;
			p[0] = 0xFF;                            /* A */
			p[1] = p[2] = p[3] = grey;              /* B, G, R */
		}
	}
	return t;
}

/* ---- what the counters say ------------------------------------------------------- */

struct counts {
	GLuint polygon[NN_GX_PROFILING_RESULT_BUFSIZE_POLYGON];
	GLuint fragment[NN_GX_PROFILING_RESULT_BUFSIZE_FRAGMENT];
	GLuint memory[NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS];
};

static void read_counts(struct counts *c)
{
	nngxGetProfilingResult(NN_GX_PROFILING_POLYGON, c->polygon);
	nngxGetProfilingResult(NN_GX_PROFILING_FRAGMENT, c->fragment);
	nngxGetProfilingResult(NN_GX_PROFILING_MEMORY_ACCESS, c->memory);
}

int main(void)
{
	static const GLfloat quad[4][3] = {
		{ -1, -1, 0 }, { 1, -1, 0 }, { -1, 1, 0 }, { 1, 1, 0 },
	};
	GLuint list, display, fb, rb[2], tex, vbo, program;
	GLint addr, used_before, used_after;
	struct counts before, after;
	uint8_t *texels;
	uint32_t *words, *pixels;
	void *block;
	unsigned k, polygons, fragments, texture_reads, dma_writes;

	/* Start-up as nninitStartUp and the graphics set-up do it. */
	nngxInitialize(gx_allocate, gx_deallocate);
	if (!os_SetDeviceMemorySize(DEVICE_MEMORY_BYTES)) {
		fprintf(stderr, "real_program: no device memory\n");
		return 1;
	}
	if (nngxShimGetDiagCount(NNGX_SHIM_DIAG_ADDRESS_SPACE_HOST)) {
		printf("real_program: this process has the host address space (addresses are not "
		       "pointers here); nothing to show\n");
		return 0;
	}
	allocator_init();
	printf("device memory at 0x%08lX, VRAM A 0x%08lX-0x%08lX, B 0x%08lX-0x%08lX\n",
	       (unsigned long)os_GetDeviceMemoryAddress(),
	       (unsigned long)nngxGetVramStartAddr(NN_GX_MEM_VRAMA),
	       (unsigned long)nngxGetVramEndAddr(NN_GX_MEM_VRAMA),
	       (unsigned long)nngxGetVramStartAddr(NN_GX_MEM_VRAMB),
	       (unsigned long)nngxGetVramEndAddr(NN_GX_MEM_VRAMB));

	nngxGenCmdlists(1, &list);
	nngxBindCmdlist(list);
	block = (void *)next_free[0];
	nngxCmdlistStorage(256 * 1024, 64);
	nngxGetCmdlistParameteri(NN_GX_CMDLIST_TOP_BUFADDR, &addr);
	check((uptr)(GLuint)addr == ((uptr)block + ALIGN - 1) / ALIGN * ALIGN,
	      "the command buffer is the allocator's block");

	nngxGenDisplaybuffers(1, &display);
	nngxActiveDisplay(NN_GX_DISPLAY0);
	nngxBindDisplaybuffer(display);
	nngxDisplaybufferStorage(GL_RGBA8_OES, WIDTH, HEIGHT, NN_GX_MEM_VRAMA);
	nngxGetDisplaybufferParameteri(NN_GX_DISPLAYBUFFER_ADDRESS, &addr);
	pixels = (uint32_t *)(uptr)(GLuint)addr;
	check((uptr)pixels == nngxGetVramStartAddr(NN_GX_MEM_VRAMA),
	      "the display buffer opens VRAM A, where the allocator put it");

	/* The render target: colour in VRAM A, depth in VRAM B. */
	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glGenRenderbuffers(2, rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
	glRenderbufferStorage(GL_RENDERBUFFER | NN_GX_MEM_VRAMA, GL_RGBA8_OES, WIDTH, HEIGHT);
	glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_DATA_ADDR_DMP, &addr);
	check((uptr)(GLuint)addr == nngxGetVramStartAddr(NN_GX_MEM_VRAMA) + WIDTH * HEIGHT * 4,
	      "the colour buffer follows the display buffer in VRAM A");
	printf("colour buffer at 0x%08X (physical 0x%08lX)\n", (GLuint)addr,
	       (unsigned long)nngxGetPhysicalAddr((uptr)(GLuint)addr));
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
	glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
	glRenderbufferStorage(GL_RENDERBUFFER | NN_GX_MEM_VRAMB, GL_DEPTH24_STENCIL8_EXT, WIDTH,
			      HEIGHT);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
	die_on_gl_error("the render target");

	/* The texture: storage from the allocator, texels by DMA from the heap. */
	glGenTextures(1, &tex);
	glBindTexture(GL_TEXTURE_2D, tex);
	glTexImage2D(GL_TEXTURE_2D | NN_GX_MEM_VRAMB, 0, GL_RGBA, TEX, TEX, 0, GL_RGBA,
		     GL_UNSIGNED_BYTE, NULL);
	glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_DATA_ADDR_DMP, &addr);
	printf("texture at 0x%08X (physical 0x%08lX)\n", (GLuint)addr,
	       (unsigned long)nngxGetPhysicalAddr((uptr)(GLuint)addr));
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
	texels = heap_texels();
	nngxAddVramDmaCommand(texels, (GLvoid *)(uptr)(GLuint)addr, TEX * TEX * 4);
	die_on_gl_error("the texture's DMA");

	glGenBuffers(1, &vbo);
	glBindBuffer(GL_ARRAY_BUFFER, vbo);
	glBufferData(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STATIC_DRAW);
	glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_DATA_ADDR_DMP, &addr);
	check(memcmp((void *)(uptr)(GLuint)addr, quad, sizeof quad) == 0,
	      "the vertex data is in the buffer's block in device memory");
	program = load_program();
	glViewport(0, 0, WIDTH, HEIGHT);
	glDisable(GL_DEPTH_TEST);
	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, (const GLvoid *)0);
	glEnableVertexAttribArray(0);

	/* The frame: the quad once through GL, once more by hand. */
	read_counts(&before);
	glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
	die_on_gl_error("the draw");
	nngxGetCmdlistParameteri(NN_GX_CMDLIST_USED_BUFSIZE, &used_before);
	nngxGetCmdlistParameteri(NN_GX_CMDLIST_CURRENT_BUFADDR, &addr);
	words = (uint32_t *)(uptr)(GLuint)addr;
	k = 0;
	words[k++] = 1; words[k++] = PICA_CMD_HEADER_SINGLE(PICA_REG_START_DRAW_FUNC1);
	words[k++] = 0; words[k++] = PICA_CMD_HEADER_SINGLE(PICA_REG_START_DRAW_FUNC0);
	words[k++] = 1; words[k++] = PICA_CMD_HEADER_SINGLE(PICA_REG_DRAW_MODE1);
	words[k++] = 1; words[k++] = PICA_CMD_HEADER_SINGLE(PICA_REG_START_DRAW_ARRAY);
	words[k++] = 0; words[k++] = PICA_CMD_HEADER_SINGLE(PICA_REG_DRAW_MODE1);
	words[k++] = 1; words[k++] = PICA_CMD_HEADER_SINGLE(PICA_REG_START_DRAW_FUNC0);
	nngxMoveCommandbufferPointer((GLint)(k * 4));
	nngxGetCmdlistParameteri(NN_GX_CMDLIST_USED_BUFSIZE, &used_after);
	check(used_after - used_before == (GLint)(k * 4), "the pointer moved over our words");
	nngxTransferRenderImage(display, NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 0, 0);
	glFinish();                     /* runs the list and waits */
	die_on_gl_error("the frame");
	read_counts(&after);

	polygons = after.polygon[1] - before.polygon[1];
	fragments = after.fragment[0] - before.fragment[0];
	texture_reads = after.memory[5] - before.memory[5];
	dma_writes = after.memory[17] - before.memory[17];
	printf("polygons in: %u (2 by GL, 2 by our words)\n", polygons);
	printf("fragments: %u, texture reads: %u (16-byte units)\n", fragments, texture_reads);
	printf("DMA writes: %u (16-byte units, %u bytes from the heap)\n", dma_writes,
	       TEX * TEX * 4);
	check(polygons == 4, "four polygons: the hand-written draw ran");
	check(fragments == 2u * WIDTH * HEIGHT, "both draws covered the screen");
	check(texture_reads > 0, "the texture was read");
	check(dma_writes == TEX * TEX * 4 / 16, "the DMA wrote the texture");

	/* The CPU's status bar, straight into the display buffer. */
	for (k = 0; k < WIDTH * BAR_ROWS; k++)
		pixels[k] = 0xFF0000FFu;                /* red, opaque */
	check(((uint32_t *)nngxShimGetHostPointer(nngxShimGetDisplaybufferAddress(display)))[0]
	      == 0xFF0000FFu, "the CPU's pixels are the display buffer's");
	/* Below the bar, the DMA'd texture as the GPU drew it: one of its two
	 * greys (a display pixel is the word R<<24|G<<16|B<<8|A too). */
	k = pixels[WIDTH * HEIGHT / 2 + WIDTH / 2];
	printf("display pixel at the centre: 0x%08X\n", k);
	check(k == 0x303030FFu || k == 0xF0F0F0FFu, "the texture reached the screen");
	nngxSwapBuffers(NN_GX_DISPLAY0);
	die_on_gl_error("the swap");

	glDeleteProgram(program);
	free(texels);
	nngxFinalize();
	if (failures) {
		fprintf(stderr, "real_program: %d check(s) failed\n", failures);
		return 1;
	}
	printf("real_program: every address was a pointer; every counter moved\n");
	return 0;
}
