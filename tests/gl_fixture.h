/* gl_fixture.h: helpers of the GL suite (check_gl.c): a fresh context,
 * command lists, shader binaries built from assembled code (never opaque
 * blobs), programs, and the always-running counters read as one struct. */
#ifndef NNGX_TESTS_GL_FIXTURE_H
#define NNGX_TESTS_GL_FIXTURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "shader_asm.h"
#include "shbin_writer.h"
#include "test_util.h"

/* tu_reset, and every GL object of earlier tests deleted first (the
 * suite also runs in one process under valgrind). */
void fx_reset(void);

/* A command list with storage, bound. */
GLuint fx_list(GLsizei bytes, GLsizei requests);

/* Assemble into `a`, then fx_shader_code; add DVLEs to `w`; then
 * fx_shader_binary. `prog` keeps the code for raw command buffers. */
struct fx_shader {
	struct shader_asm a;
	struct hw_shader_state prog;
	struct shbin_writer w;
	uint8_t *bin;
	size_t size;
};

struct fx_shader *fx_shader_new(void);
void fx_shader_code(struct fx_shader *s);
void fx_shader_binary(struct fx_shader *s);
void fx_shader_free(struct fx_shader *s);

/* Shaders for each DVLE of the binary (by its stage), loaded, attached
 * with the DMP fragment shader, linked and in use. Returns the program. */
GLuint fx_program(const struct fx_shader *s);

/* The common vertex shader: input aPosition (v0); o0 = position,
 * o1 = colour. "mov o0, v0; mov o1, c4; end", c4 a constant. */
struct fx_shader *fx_shader_passthrough(void);

/* A vertex shader for textured draws: inputs aPosition (v0) and
 * aTexCoord (v1); o0 = position, o1 = c4 = (1, 0.5, 0.25, 0.5), and
 * texture coordinates 0 to `units` - 1 (1 to 3) all from v1, so every
 * unit samples at the same place. */
struct fx_shader *fx_shader_textured(unsigned units);

/* A buffer in `area` (NN_GX_MEM_*, or 0) holding `size` bytes, bound. */
GLuint fx_buffer(GLenum target, GLenum area, const void *data, GLsizeiptr size);

/* A vertex shader declaring uniforms of every file, with constants, and
 * a geometry shader sharing one name: mvp c0-c3, uColor c5, uArr c6-c9,
 * uLoop i0, uFlag b3, uFlags b4-b7, shared c12 (vertex) / c20
 * (geometry), gScale c30 (geometry); constants c10, i1, b0. */
struct fx_shader *fx_shader_with_uniforms(void);

/* The blocks of the glSave*DMP calls (doc/model.md, model choices): header
 * words magic, version, bytes, count, a kind word, the check word, then
 * the records. fx_block_check is FNV-1a over n words, low byte first,
 * written here again so that the tests do not trust the library's;
 * fx_block_reseal recomputes a block's check word after a test changed
 * a field. */
uint32_t fx_block_check(const uint32_t *w, size_t n);
void fx_block_reseal(uint32_t *w);

/* A framebuffer of `side` x `side`, bound, with an RGBA8 colour buffer in
 * VRAM A and a D24S8 depth buffer in VRAM B, and the viewport on it.
 * Returns the colour renderbuffer. */
GLuint fx_framebuffer(GLsizei side);

/* Combiner stage 0 of `program` (in use) gives the primary colour, the
 * vertex colour: all three sources GL_PRIMARY_COLOR and GL_REPLACE, for
 * RGB and alpha. The caller checks glGetError(). */
void fx_combiner_primary(GLuint program);

/* aPosition from float3 positions in a new VRAM A buffer. */
GLuint fx_positions(const float *xyz, unsigned vertices);

/* The always-running counters and the vertex-cache counter. */
struct fx_counters {
	GLuint shader[4][NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_SHADER0];
	GLuint polygon[NN_GX_PROFILING_RESULT_BUFSIZE_POLYGON];
	GLuint vcache;
	GLuint memory[NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS];
};

void fx_counters_read(struct fx_counters *c);
/* Vertex shader instructions in c: word 0 of the four processors. */
GLuint fx_counters_instructions(const struct fx_counters *c);
/* after - before, word by word (the counters wrap; differences do not). */
void fx_counters_diff(const struct fx_counters *before, const struct fx_counters *after,
		      struct fx_counters *out);

/* The "N times one draw" scenes of the saved-list tests: two triangles
 * through the passthrough shader, set up on the bound list; and the
 * counters of one such draw made directly from a fresh library. */
void fx_two_triangles_scene(void);
void fx_two_triangles_direct(struct fx_counters *one);
/* Every word of `got` is `n` times that of `one` (else the test fails,
 * naming the word and `what`). */
void fx_counters_assert_times(const struct fx_counters *one, unsigned n,
			      const struct fx_counters *got, const char *what);

/* Bytes in the bound command list. */
GLint fx_used_bytes(void);

/* Run the bound list's flushed requests to the end and empty it; a GL
 * error on the way fails the calling test at its own line. */
#define fx_run_and_wait()                                               \
	do {                                                            \
		nngxFlush3DCommand();                                   \
		nngxRunCmdlist();                                       \
		nngxWaitCmdlistDone();                                  \
		nngxClearCmdlist();                                     \
		ck_assert_uint_eq(glGetError(), GL_NO_ERROR);           \
	} while (0)

/* The host pointer of simulated address `phys`, which must exist. */
static inline uint8_t *fx_host_of(GLuint phys)
{
	uint8_t *p = nngxShimGetHostPointer(phys);

	ck_assert_ptr_nonnull(p);
	return p;
}

/* The little-endian 32-bit word at `p`. */
static inline uint32_t fx_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

#endif
