/* check_glfill.c: the fragment counters end to end through GL calls.
 * Each test builds its scene with GL (buffers, a shader binary, textures,
 * framebuffers, per-fragment state), runs it with glFinish and reads the
 * always-running counters FRAGMENT and MEMORY_ACCESS around the draw (they
 * never reset, so every number is a difference), or the busy counter.
 * check_draw.c has the hardware-level versions of the first tests; the
 * numbers here must be the same, because GL only builds the commands.
 *
 * Geometry used throughout: the default framebuffer is 240 x 400, RGBA8
 * colour in VRAM A and D24S8 depth-stencil in VRAM B. A MEMORY_ACCESS
 * unit is 16 bytes, which is also the framebuffer caches' line: 4 pixels
 * of either buffer, a 2 x 2 block of an 8 x 8 Morton tile. The whole
 * screen is 240 * 400 / 4 = 24000 lines. A full-screen quad drawn as two
 * triangles meets each line once, except the 160 lines its diagonal
 * splits: both triangles touch those, and the first triangle's copy has
 * long been evicted (or, for writes, written back) when the second one
 * comes, so they count twice: 24000 + 160 = 24160. */
#include <stdlib.h>
#include <string.h>

#include "gl_fixture.h"

#define W 240                           /* the default framebuffer */
#define H 400
#define SCREEN_LINES (W * H / 4)        /* 24000: 16-byte lines of 4 pixels */
#define SPLIT_LINES 160                 /* lines the quad's diagonal splits */
#define QUAD_LINES (SCREEN_LINES + SPLIT_LINES)

#define ck_gl_ok() ck_assert_uint_eq(glGetError(), GL_NO_ERROR)

static struct fx_shader *shader;
static GLuint program;

static GLint loc(const char *name)
{
	GLint l = glGetUniformLocation(program, name);

	ck_assert_msg(l != -1, "%s", name);
	return l;
}

/* Combiner stage `stage` takes `src` as its RGB and alpha source 0. */
static void stage_source(int stage, GLenum src)
{
	char name[40];

	snprintf(name, sizeof name, "dmp_TexEnv[%d].srcRgb", stage);
	glUniform3i(loc(name), (GLint)src, GL_PRIMARY_COLOR, GL_PRIMARY_COLOR);
	snprintf(name, sizeof name, "dmp_TexEnv[%d].srcAlpha", stage);
	glUniform3i(loc(name), (GLint)src, GL_PRIMARY_COLOR, GL_PRIMARY_COLOR);
	ck_gl_ok();
}

/* Every test: a list with room for many finishes, the program in use,
 * and the combiner passing the vertex colour (no texture read) until a
 * test asks for textures. */
static void setup(void)
{
	fx_reset();
	fx_list(1 << 20, 64);
	shader = fx_shader_textured(3);
	program = fx_program(shader);
	stage_source(0, GL_PRIMARY_COLOR);
}

static void teardown(void)
{
	fx_shader_free(shader);
	shader = NULL;
}

/* ---- scenes ----------------------------------------------------------------- */

/* Window coordinates (pixels, y up) to normalized device coordinates. */
static float ndc_x(float x)
{
	return x / (W / 2.0f) - 1.0f;
}

static float ndc_y(float y)
{
	return y / (H / 2.0f) - 1.0f;
}

/* Clip-space z of a window depth d (the default depth range maps clip z
 * in [-w, 0] to depth -z/w). */
static float clip_z(float depth)
{
	return -depth;
}

/* Two triangles over the window rectangle [x0, x1] x [y0, y1] at window
 * depth `depth`, split along the diagonal (x0, y0)-(x1, y1) as
 * check_draw.c's full-screen quad; texture coordinates 0..1 across. */
static void quad(float x0, float y0, float x1, float y1, float depth, float xyz[18],
		 float st[12])
{
	const float px[6] = { x0, x1, x1, x0, x1, x0 }, py[6] = { y0, y0, y1, y0, y1, y1 };
	unsigned k;

	for (k = 0; k < 6; k++) {
		xyz[3 * k] = ndc_x(px[k]);
		xyz[3 * k + 1] = ndc_y(py[k]);
		xyz[3 * k + 2] = clip_z(depth);
		st[2 * k] = px[k] == x0 ? 0.0f : 1.0f;
		st[2 * k + 1] = py[k] == y0 ? 0.0f : 1.0f;
	}
}

/* One glDrawArrays of GL_TRIANGLES over `n` vertices (texture coordinates
 * from `st`, or the fixed value 0 without), run with glFinish. The list is
 * cleared after it ran, so every test can finish many times. */
static void draw(const float *xyz, const float *st, unsigned n)
{
	GLuint b[2] = { 0, 0 };

	b[0] = fx_positions(xyz, n);
	if (st) {
		b[1] = fx_buffer(GL_ARRAY_BUFFER, NN_GX_MEM_VRAMA, st,
				 (GLsizeiptr)n * 2 * (GLsizeiptr)sizeof *st);
		glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 0, (const GLvoid *)0);
		glEnableVertexAttribArray(1);
	} else {
		glDisableVertexAttribArray(1);
		glVertexAttrib4f(1, 0.0f, 0.0f, 0.0f, 1.0f);
	}
	glDrawArrays(GL_TRIANGLES, 0, (GLsizei)n);
	ck_gl_ok();
	glFinish();
	nngxClearCmdlist();
	glDeleteBuffers(st ? 2 : 1, b);
	ck_gl_ok();
}

static void draw_fullscreen(float depth)
{
	float xyz[18], st[12];

	quad(0, 0, W, H, depth, xyz, st);
	draw(xyz, st, 6);
}

/* The fragment counter and the memory words. */
struct fill {
	GLuint fragment;
	GLuint mem[NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS];
};

static void fill_read(struct fill *f)
{
	nngxGetProfilingResult(NN_GX_PROFILING_FRAGMENT, &f->fragment);
	nngxGetProfilingResult(NN_GX_PROFILING_MEMORY_ACCESS, f->mem);
	ck_gl_ok();
}

/* after - before (the counters wrap; differences do not). */
static void fill_since(const struct fill *before, struct fill *out)
{
	struct fill now;
	unsigned k;

	fill_read(&now);
	out->fragment = now.fragment - before->fragment;
	for (k = 0; k < NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS; k++)
		out->mem[k] = now.mem[k] - before->mem[k];
}

/* MEMORY_ACCESS words (manual table 9-10; nngxGetProfilingResult(3)), in 16-byte units. */
enum {
	VRAM_A_READ = 0, VRAM_A_WRITE = 1, VRAM_B_READ = 2, VRAM_B_WRITE = 3,
	TEXTURE_READ = 5, DEPTH_READ = 6, DEPTH_WRITE = 7, COLOR_READ = 8, COLOR_WRITE = 9
};

/* One full-screen quad at depth 0.5, measured. */
static void measure_fullscreen(struct fill *d)
{
	struct fill before;

	fill_read(&before);
	draw_fullscreen(0.5f);
	fill_since(&before, d);
}

/* ---- fragments, scissor, colour traffic ----------------------------------------- */

/* 240 x 400 pixel centres, each covered by exactly one of the two
 * triangles (top-left rule): 96000 fragments. Colour only (no depth test,
 * no blending, full mask): every colour line written, never read. */
START_TEST(test_glfill_fullscreen_quad_is_96000_fragments_colour_write_only)
{
	struct fill d;

	measure_fullscreen(&d);
	ck_assert_uint_eq(d.fragment, 96000);
	ck_assert_uint_eq(d.mem[COLOR_WRITE], QUAD_LINES);           /* 24160 */
	ck_assert_uint_eq(d.mem[COLOR_READ], 0);
	/* the colour buffer is in VRAM A: its writes are channel A's */
	ck_assert_uint_eq(d.mem[VRAM_A_WRITE], QUAD_LINES);
	ck_assert_uint_eq(d.mem[VRAM_B_WRITE], 0);
	/* the depth test is off: the depth-stencil buffer is never touched */
	ck_assert_uint_eq(d.mem[DEPTH_READ], 0);
	ck_assert_uint_eq(d.mem[DEPTH_WRITE], 0);
	ck_assert_uint_eq(d.mem[VRAM_B_READ], 0);
	ck_assert_uint_eq(d.mem[TEXTURE_READ], 0);
}
END_TEST

/* The lower-left quarter, 120 x 200 pixels: 24000 fragments, 6000 colour
 * lines; the diagonal from (0, 0) to (240, 400) crosses the quarter
 * corner to corner, so it splits half of its 160 lines there. */
START_TEST(test_glfill_scissor_to_a_quarter_is_24000_fragments)
{
	struct fill d;

	glEnable(GL_SCISSOR_TEST);
	glScissor(0, 0, W / 2, H / 2);
	ck_gl_ok();
	measure_fullscreen(&d);
	ck_assert_uint_eq(d.fragment, 24000);
	ck_assert_uint_eq(d.mem[COLOR_WRITE], SCREEN_LINES / 4 + SPLIT_LINES / 2);
	ck_assert_uint_eq(d.mem[COLOR_READ], 0);
	/* the scissor off again: the whole screen */
	glDisable(GL_SCISSOR_TEST);
	measure_fullscreen(&d);
	ck_assert_uint_eq(d.fragment, 96000);
}
END_TEST

/* Manual 9.3.5: FRAGMENT counts before the alpha, stencil and depth
 * tests, so a stencil test that rejects every fragment leaves the count
 * as it is: the fragments reach the module and are discarded there (no
 * colour written). */
START_TEST(test_glfill_stencil_test_does_not_change_the_fragment_count)
{
	struct fill pass, fail;

	glEnable(GL_STENCIL_TEST);
	glStencilFunc(GL_ALWAYS, 0, 0xFF);
	ck_gl_ok();
	measure_fullscreen(&pass);
	glStencilFunc(GL_NEVER, 0, 0xFF);
	ck_gl_ok();
	measure_fullscreen(&fail);
	glDisable(GL_STENCIL_TEST);
	ck_assert_uint_eq(pass.fragment, 96000);
	ck_assert_uint_eq(fail.fragment, 96000);
	ck_assert_uint_gt(pass.mem[COLOR_WRITE], 0);
	ck_assert_uint_eq(fail.mem[COLOR_WRITE], 0);          /* the test did reject */
	ck_assert_uint_gt(fail.mem[DEPTH_READ], 0);           /* stencil was read */
}
END_TEST

/* Source-alpha blending reads the destination: each line is filled
 * (read) once before its first pixel is blended, and the split lines
 * once per triangle, exactly as they are written: 24160 reads. */
START_TEST(test_glfill_blending_reads_each_colour_line_once)
{
	struct fill d;

	glEnable(GL_BLEND);
	glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
	ck_gl_ok();
	measure_fullscreen(&d);
	ck_assert_uint_eq(d.fragment, 96000);
	ck_assert_uint_eq(d.mem[COLOR_READ], QUAD_LINES);
	ck_assert_uint_eq(d.mem[COLOR_WRITE], QUAD_LINES);
	ck_assert_uint_eq(d.mem[VRAM_A_WRITE], QUAD_LINES);
	/* ONE, ZERO does not need the destination: no reads, even with
	 * GL_BLEND on */
	glBlendFunc(GL_ONE, GL_ZERO);
	measure_fullscreen(&d);
	ck_assert_uint_eq(d.mem[COLOR_READ], 0);
	ck_assert_uint_eq(d.mem[COLOR_WRITE], QUAD_LINES);
}
END_TEST

/* A colour mask that keeps nothing: no colour traffic at all. The
 * fragments still reach the per-fragment operations (FRAGMENT counts
 * before any test or write), so the counter still says 96000. */
START_TEST(test_glfill_colour_mask_off_writes_no_colour)
{
	struct fill d;

	glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
	ck_gl_ok();
	measure_fullscreen(&d);
	ck_assert_uint_eq(d.mem[COLOR_WRITE], 0);
	ck_assert_uint_eq(d.mem[COLOR_READ], 0);
	ck_assert_uint_eq(d.mem[VRAM_A_WRITE], 0);
	ck_assert_uint_eq(d.fragment, 96000);
}
END_TEST

/* Keeping only some of RGBA8's channels is a read-modify-write: the
 * lines are read as they are written. */
START_TEST(test_glfill_partial_colour_mask_reads_and_writes)
{
	struct fill d;

	glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_FALSE);
	ck_gl_ok();
	measure_fullscreen(&d);
	ck_assert_uint_eq(d.fragment, 96000);
	ck_assert_uint_eq(d.mem[COLOR_READ], QUAD_LINES);
	ck_assert_uint_eq(d.mem[COLOR_WRITE], QUAD_LINES);
}
END_TEST

/* A framebuffer object whose RGBA8 colour renderbuffer is in VRAM B:
 * the same 24160 colour writes now land on channel B. */
START_TEST(test_glfill_colour_buffer_in_vram_b_moves_writes_to_channel_b)
{
	struct fill d;
	GLuint fb, rb;

	measure_fullscreen(&d);                 /* the default framebuffer: A */
	ck_assert_uint_eq(d.mem[VRAM_A_WRITE], QUAD_LINES);
	ck_assert_uint_eq(d.mem[VRAM_B_WRITE], 0);

	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glGenRenderbuffers(1, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	glRenderbufferStorage(GL_RENDERBUFFER | NN_GX_MEM_VRAMB, GL_RGBA8_OES, W, H);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
	ck_gl_ok();
	ck_assert_uint_eq(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	measure_fullscreen(&d);
	ck_assert_uint_eq(d.fragment, 96000);
	ck_assert_uint_eq(d.mem[COLOR_WRITE], QUAD_LINES);
	ck_assert_uint_eq(d.mem[VRAM_B_WRITE], QUAD_LINES);
	ck_assert_uint_eq(d.mem[VRAM_A_WRITE], 0);
}
END_TEST

/* GL_SHADOW_DMP and GL_GAS_DMP are renderbuffer formats (32-bit pixels,
 * the RGBA8 layout: code 0). A shadow pass (dmp_FragOperation.mode =
 * GL_FRAGOP_MODE_SHADOW_DMP) into a shadow buffer cleared to white, the
 * combiner's green 0 (hard shadow): every pixel read, and written with
 * z = floor(0.5 x 0xFFFFFF) in its depth bytes (A high, B, G) while R,
 * the intensity, stays 255; no depth-buffer traffic. */
START_TEST(test_glfill_shadow_pass_into_a_shadow_renderbuffer)
{
	struct fill before, d;
	GLuint fb, rb, gas;
	GLint bits = 0;
	GLubyte px[4];

	glGenRenderbuffers(1, &gas);
	glBindRenderbuffer(GL_RENDERBUFFER, gas);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_GAS_DMP, W, H);
	ck_gl_ok();
	glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_ALPHA_SIZE, &bits);
	ck_assert_int_eq(bits, 8);
	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glGenRenderbuffers(1, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_SHADOW_DMP, W, H);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
	ck_gl_ok();
	ck_assert_uint_eq(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	glClearColor(1, 1, 1, 1);
	glClear(GL_COLOR_BUFFER_BIT);
	glFinish();
	nngxClearCmdlist();
	glUniform1i(loc("dmp_FragOperation.mode"), GL_FRAGOP_MODE_SHADOW_DMP);
	stage_source(0, GL_CONSTANT);
	glUniform4f(loc("dmp_TexEnv[0].constRgba"), 0, 0, 0, 0);
	ck_gl_ok();
	fill_read(&before);
	draw_fullscreen(0.5f);
	fill_since(&before, &d);
	ck_assert_uint_eq(d.fragment, 96000);
	ck_assert_uint_eq(d.mem[COLOR_READ], QUAD_LINES);
	ck_assert_uint_eq(d.mem[COLOR_WRITE], QUAD_LINES);
	ck_assert_uint_eq(d.mem[DEPTH_READ] + d.mem[DEPTH_WRITE], 0);
	glReadPixels(10, 10, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_gl_ok();
	ck_assert_uint_eq(px[0], 255);                          /* intensity kept */
	ck_assert_uint_eq(px[3], 0x7F);                         /* z = 0x7FFFxx */
	ck_assert_uint_eq(px[2], 0xFF);
	glDeleteFramebuffers(1, &fb);
	glDeleteRenderbuffers(1, &rb);
	glDeleteRenderbuffers(1, &gas);
}
END_TEST

/* dmp_FragOperation.wScale through GL (doc/model.md, "w-buffer"): a quad
 * over the window whose left corners have w = 1 and right corners w = 2,
 * z = -0.5 at all four: clip (-1, +-1, -0.5, 1) and (2, +-2, -0.5, 2).
 * With wScale 1 the driver selects the w-buffer, scale -1, offset 0:
 * depth = z x scale + w x offset = 0.5 at every pixel, 0x800000 in D24
 * (0.5 x 0xFFFFFF rounded). With wScale 0, the z-buffer of the default
 * depth range: depth = -z/w = 0.5 (1 - u/480), u the pixel centre's x
 * (1/w is linear in x: 1 at u = 0, 1/2 at u = 240), rounded to float,
 * then to 24 bits. Depth test ALWAYS with writes; the default D24S8
 * buffer, read in the tiled layout by hand. */
static uint32_t depth_at(unsigned x, unsigned y)
{
	struct nngx_state *st = nngx_state_get();
	const uint8_t *z = hw_memory_host(&st->gpu.memory, st->gl.default_depth_phys, W * H * 4);
	unsigned r = H - 1 - y, at = ((r / 8) * (W / 8) + x / 8) * 64 + tu_tile_z[r % 8][x % 8];

	ck_assert_ptr_nonnull(z);
	return (uint32_t)z[4 * at] | (uint32_t)z[4 * at + 1] << 8 | (uint32_t)z[4 * at + 2] << 16;
}

static void perspective_quad(void)
{
	static const float pos[6][4] = {
		{ -1, -1, -0.5f, 1 }, { 2, -2, -0.5f, 2 }, { 2, 2, -0.5f, 2 },
		{ -1, -1, -0.5f, 1 }, { 2, 2, -0.5f, 2 }, { -1, 1, -0.5f, 1 },
	};
	GLuint b = fx_buffer(GL_ARRAY_BUFFER, NN_GX_MEM_VRAMA, pos, sizeof pos);

	glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, (const GLvoid *)0);
	glEnableVertexAttribArray(0);
	glDisableVertexAttribArray(1);
	glVertexAttrib4f(1, 0.0f, 0.0f, 0.0f, 1.0f);
	glDrawArrays(GL_TRIANGLES, 0, 6);
	ck_gl_ok();
	glFinish();
	nngxClearCmdlist();
	glDeleteBuffers(1, &b);
}

START_TEST(test_glfill_w_scale_stores_the_w_buffer_depth)
{
	static const unsigned xs[] = { 0, 1, 100, 239 }, ys[] = { 0, 200, 399 };
	unsigned i, j;

	glEnable(GL_DEPTH_TEST);
	glDepthFunc(GL_ALWAYS);
	glUniform1f(loc("dmp_FragOperation.wScale"), 1.0f);
	ck_gl_ok();
	perspective_quad();
	for (i = 0; i < 4; i++)
		for (j = 0; j < 3; j++)
			ck_assert_uint_eq(depth_at(xs[i], ys[j]), 0x800000u);
	glUniform1f(loc("dmp_FragOperation.wScale"), 0.0f);
	perspective_quad();
	for (i = 0; i < 4; i++) {
		double u = xs[i] + 0.5;
		float d = (float)(0.5 * (1.0 - u / 480.0));
		uint32_t want = (uint32_t)((double)d * 0xFFFFFF + 0.5);

		for (j = 0; j < 3; j++)
			ck_assert_uint_eq(depth_at(xs[i], ys[j]), want);
	}
}
END_TEST

/* ---- depth and early depth ------------------------------------------------------- */

/* glClear of the depth buffer is not modelled yet, so the default depth
 * buffer starts at 0 (fresh VRAM). With GL_GREATER, the first quad at
 * depth 0.5 passes everywhere (0.5 > 0) and writes 0.5; the second, at
 * depth 0.2, is hidden (0.2 > 0.5 fails). */
static void two_quads(struct fill *first, struct fill *second)
{
	struct fill before;

	glEnable(GL_DEPTH_TEST);
	glDepthFunc(GL_GREATER);
	ck_gl_ok();
	fill_read(&before);
	draw_fullscreen(0.5f);
	fill_since(&before, first);
	fill_read(&before);
	draw_fullscreen(0.2f);
	fill_since(&before, second);
}

/* Without early depth both quads reach the FRAGMENT counter: 192000. The
 * depth test reads every depth line in both draws (24160 each) and the
 * first quad writes them (24160); the hidden quad writes neither depth
 * nor colour. The depth buffer is in VRAM B: its reads and writes are
 * channel B's, the colour writes channel A's. */
START_TEST(test_glfill_hidden_quad_reaches_the_counter_without_early_depth)
{
	struct fill a, b;

	two_quads(&a, &b);
	ck_assert_uint_eq(a.fragment + b.fragment, 192000);
	ck_assert_uint_eq(a.fragment, 96000);
	ck_assert_uint_eq(b.fragment, 96000);
	ck_assert_uint_eq(a.mem[DEPTH_READ], QUAD_LINES);
	ck_assert_uint_eq(a.mem[DEPTH_WRITE], QUAD_LINES);
	ck_assert_uint_eq(a.mem[COLOR_WRITE], QUAD_LINES);
	ck_assert_uint_eq(a.mem[VRAM_B_READ], QUAD_LINES);
	ck_assert_uint_eq(a.mem[VRAM_B_WRITE], QUAD_LINES);
	ck_assert_uint_eq(b.mem[DEPTH_READ], QUAD_LINES);
	ck_assert_uint_eq(b.mem[DEPTH_WRITE], 0);
	ck_assert_uint_eq(b.mem[COLOR_WRITE], 0);
	ck_assert_uint_eq(b.mem[COLOR_READ], 0);
	ck_assert_uint_eq(b.mem[VRAM_B_WRITE], 0);
}
END_TEST

/* Early depth GREATER against a buffer cleared to 0: the first quad
 * passes and, writing depth 0.5, updates the early buffer; the hidden
 * quad's fragments fail the early test and never reach the counter
 * (96000 in all), nor the depth buffer (no reads in the second draw). */
START_TEST(test_glfill_early_depth_discards_the_hidden_quad)
{
	struct fill a, b;

	glEnable(GL_EARLY_DEPTH_TEST_DMP);
	glEarlyDepthFuncDMP(GL_GREATER);
	glClearEarlyDepthDMP(0);
	glClear(GL_EARLY_DEPTH_BUFFER_BIT_DMP);
	ck_gl_ok();
	two_quads(&a, &b);
	ck_assert_uint_eq(a.fragment + b.fragment, 96000);
	ck_assert_uint_eq(a.fragment, 96000);
	ck_assert_uint_eq(b.fragment, 0);
	ck_assert_uint_eq(a.mem[DEPTH_READ], QUAD_LINES);
	ck_assert_uint_eq(a.mem[DEPTH_WRITE], QUAD_LINES);
	ck_assert_uint_eq(b.mem[DEPTH_READ], 0);
	ck_assert_uint_eq(b.mem[DEPTH_WRITE], 0);
	ck_assert_uint_eq(b.mem[COLOR_WRITE], 0);
}
END_TEST

/* ---- texture cache ------------------------------------------------------------- */

#define TEX 128                         /* texels a side */
#define CELL 4                          /* pixels a side of a cell of the mesh */
#define CELLS (TEX / CELL)
#define MESH_VERTICES (CELLS * CELLS * 6)

/* A TEX x TEX RGBA8 texture in VRAM A on unit `unit`, bilinear, sampled
 * by combiner stage `unit` (stage 0 replaces, later stages modulate). */
static GLuint texture_on(unsigned unit)
{
	static uint8_t texels[TEX * TEX * 4];
	char name[40];
	GLuint t;
	unsigned k;

	for (k = 0; k < sizeof texels; k++)
		texels[k] = (uint8_t)(k * 37u + unit);
	glActiveTexture(GL_TEXTURE0 + unit);
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	glTexImage2D(GL_TEXTURE_2D | NN_GX_MEM_VRAMA, 0, GL_RGBA, TEX, TEX, 0, GL_RGBA,
		     GL_UNSIGNED_BYTE, texels);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
	snprintf(name, sizeof name, "dmp_Texture[%u].samplerType", unit);
	glUniform1i(loc(name), GL_TEXTURE_2D);
	if (unit == 0) {
		stage_source(0, GL_TEXTURE0);
	} else {
		snprintf(name, sizeof name, "dmp_TexEnv[%u].combineRgb", unit);
		glUniform1i(loc(name), GL_MODULATE);
		snprintf(name, sizeof name, "dmp_TexEnv[%u].srcRgb", unit);
		glUniform3i(loc(name), GL_PREVIOUS, (GLint)(GL_TEXTURE0 + unit), GL_PRIMARY_COLOR);
	}
	glActiveTexture(GL_TEXTURE0);
	ck_gl_ok();
	return t;
}

/* The texture's area on screen: TEX x TEX pixels from (56, 136). */
#define TX0 56.0f
#define TY0 136.0f

/* Linear: one screen-aligned quad whose texel centres fall on pixel
 * centres (texel i at pixel TX0 + i). */
static void measure_linear(struct fill *d)
{
	float xyz[18], st[12];
	struct fill before;

	quad(TX0, TY0, TX0 + TEX, TY0 + TEX, 0.5f, xyz, st);
	fill_read(&before);
	draw(xyz, st, 6);
	fill_since(&before, d);
}

/* Random: the same TEX x TEX pixels cut into CELL x CELL cells of two
 * triangles each (the same pixels, each covered once: 16384 fragments
 * again), every vertex of every triangle with its own pseudo-random
 * texture coordinates. Interpolation between unrelated corners sweeps
 * across the texture: the corners of a 4-pixel triangle lie about a
 * third of the texture apart, so neighbouring pixels sample some ten
 * texels apart, and the whole mesh wanders over all 4096 lines, while the
 * cache holds 512 (16-byte lines x 128 sets x 4 ways = 8 KiB of 64). */
static void measure_random(struct fill *d)
{
	static float xyz[MESH_VERTICES * 3], st[MESH_VERTICES * 2];
	uint32_t seed = 2463534242u;
	struct fill before;
	unsigned cx, cy, k, n = 0;

	for (cy = 0; cy < CELLS; cy++)
		for (cx = 0; cx < CELLS; cx++) {
			float cell_xyz[18], cell_st[12];

			quad(TX0 + (float)(cx * CELL), TY0 + (float)(cy * CELL),
			     TX0 + (float)((cx + 1) * CELL), TY0 + (float)((cy + 1) * CELL), 0.5f,
			     cell_xyz, cell_st);
			for (k = 0; k < 6; k++, n++) {
				memcpy(&xyz[3 * n], &cell_xyz[3 * k], 3 * sizeof *xyz);
				seed ^= seed << 13; seed ^= seed >> 17; seed ^= seed << 5;
				st[2 * n] = (float)(seed & 0xFFFF) / 65536.0f;
				st[2 * n + 1] = (float)(seed >> 16) / 65536.0f;
			}
		}
	fill_read(&before);
	draw(xyz, st, n);
	fill_since(&before, d);
}

/* Texture misses (word 5): the linear quad reads each of the texture's
 * 128 * 128 * 4 / 16 = 4096 lines at least once (its bilinear footprints
 * cover every texel); the random mesh, on the same 16384 fragments,
 * misses on most of its samples (2x2 footprints straddle 1 to 4 lines). */
START_TEST(test_glfill_random_texcoords_miss_far_more_than_linear)
{
	struct fill lin, rnd;

	texture_on(0);
	measure_linear(&lin);
	measure_random(&rnd);
	ck_assert_uint_eq(lin.fragment, TEX * TEX);
	ck_assert_uint_eq(rnd.fragment, TEX * TEX);
	ck_assert_uint_ge(lin.mem[TEXTURE_READ], TEX * TEX * 4 / 16);
	ck_assert_uint_le(lin.mem[TEXTURE_READ], TEX * TEX * 4 / 16 * 5 / 4);
	ck_assert_msg(rnd.mem[TEXTURE_READ] > 4 * lin.mem[TEXTURE_READ],
		      "random %u misses, linear %u", rnd.mem[TEXTURE_READ], lin.mem[TEXTURE_READ]);
	ck_assert_uint_ge(rnd.mem[TEXTURE_READ], rnd.fragment);
	/* The texture and both vertex arrays are in VRAM A, so channel A's
	 * reads are the misses plus the vertex fetches: 6144 float3
	 * positions (4608 lines) and 6144 float2 coordinates (3072 lines),
	 * each array read sequentially through its one-line fetch buffer. */
	ck_assert_uint_eq(rnd.mem[VRAM_A_READ], rnd.mem[TEXTURE_READ]
			  + MESH_VERTICES * 12 / 16 + MESH_VERTICES * 8 / 16);
	/* the quad: 6 positions (72 bytes, 5 lines) and 6 coordinates (48
	 * bytes, 3 lines) */
	ck_assert_uint_eq(lin.mem[VRAM_A_READ], lin.mem[TEXTURE_READ] + 5 + 3);
}
END_TEST

/* ---- the busy counter names the bottleneck ------------------------------------- */

/* Busy windows of BUSY_WINDOW clocks during one scene (started after an
 * earlier glFinish, read after the scene's: only its windows; the window
 * in progress at the read does not count). Returns the winner (the module
 * with most windows; a tie to the front one) and the number of windows. */
#define BUSY_WINDOW 64

static unsigned busy_winner(void (*scene)(void), uint16_t counts[NNGX_SHIM_MODULE_COUNT],
			    unsigned *windows)
{
	GLuint r[NN_GX_PROFILING_RESULT_BUFSIZE_BUSY];
	unsigned m, best = 0, total = 0;

	tu_set_busy(BUSY_WINDOW, 0);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	scene();
	nngxGetProfilingResult(NN_GX_PROFILING_BUSY, r);
	nngxStopProfiling(NN_GX_PROFILING_BUSY);
	ck_gl_ok();
	for (m = 0; m < NNGX_SHIM_MODULE_COUNT; m++) {
		counts[m] = (uint16_t)(r[m / 2] >> (16 * (m % 2)));
		total += counts[m];
		if (counts[m] > counts[best])
			best = m;
	}
	ck_assert_msg(total >= 100, "only %u windows", total);
	*windows = total;
	return best;
}

/* The bottleneck's work of `work` clocks sets the scene's length: the
 * scene lasts at least that long, and the pipeline's fill and drain (the
 * first batch reaching the bottleneck, the last leaving the stages after
 * it) add at most 2 %. The bottleneck wins at least 90 % of the windows:
 * at the start, the stages before it fill their queues at full speed, and
 * a window in which one of them is as busy as the bottleneck goes to the
 * frontmost by the tie rule (hw/hw_pipeline.h). */
static void assert_bound_by(unsigned work, unsigned won, unsigned windows)
{
	ck_assert_uint_ge(windows, work / BUSY_WINDOW);
	ck_assert_msg(windows * 100 <= work / BUSY_WINDOW * 102, "%u windows for %u clocks",
		      windows, work);
	ck_assert_msg(won * 100 >= windows * 90, "won %u of %u windows", won, windows);
}

static void scene_fill(void)
{
	draw_fullscreen(0.5f);
}

/* Few large triangles, depth test on (GL_ALWAYS, so every fragment
 * writes depth and colour): per-fragment operations are busy on 96000 / 4
 * clocks plus one per VRAM line of depth read, depth write and colour
 * write (3 x 24160): 96480 clocks, which set the draw's length, so they
 * win all but a few of its windows (about floor(96480 / 64) = 1507). The rasterizer is busy on
 * 96000 / 4 = 24000 of those clocks, the geometry modules on a handful. */
START_TEST(test_glfill_busy_fill_bound_draw_is_won_by_the_fragment_side)
{
	uint16_t c[NNGX_SHIM_MODULE_COUNT];
	unsigned w, windows;

	glEnable(GL_DEPTH_TEST);
	glDepthFunc(GL_ALWAYS);
	ck_gl_ok();
	draw_fullscreen(0.5f);                  /* sends the program: not measured */
	w = busy_winner(scene_fill, c, &windows);
	ck_assert_msg(w == NNGX_SHIM_MODULE_PER_FRAGMENT || w == NNGX_SHIM_MODULE_RASTERIZER,
		      "winner %u (%s)", w, nngxShimGetModuleName(w));
	ck_assert_uint_eq(w, NNGX_SHIM_MODULE_PER_FRAGMENT);
	assert_bound_by((24000 + 3 * QUAD_LINES), c[w], windows);
}
END_TEST

/* 2000 triangles of about a pixel each (position only: the texture
 * coordinates are a fixed attribute): 13 clocks of triangle setup each,
 * 26000 in all, the draw's length; shader processor 0 shades a quarter
 * of the 6000 vertices (6 instructions each), the command module loads
 * 6000 vertices and 4500 lines, and about one pixel a triangle reaches
 * the fragment side. Setup's 26000 clocks set the draw's length and it
 * wins nearly every window (about floor(26000 / 64) = 406). */
#define TINY 2000

static void scene_tiny(void)
{
	static float xyz[TINY * 9];
	unsigned t, k;

	for (t = 0; t < TINY; t++) {
		float x = (float)(t % 200) + 20.0f, y = (float)(t / 200) * 30.0f + 40.0f;
		const float px[3] = { x, x + 1.5f, x }, py[3] = { y, y, y + 1.5f };

		for (k = 0; k < 3; k++) {
			xyz[9 * t + 3 * k] = ndc_x(px[k]);
			xyz[9 * t + 3 * k + 1] = ndc_y(py[k]);
			xyz[9 * t + 3 * k + 2] = clip_z(0.5f);
		}
	}
	draw(xyz, NULL, TINY * 3);
}

START_TEST(test_glfill_busy_geometry_bound_draw_is_won_by_setup_or_shader)
{
	uint16_t c[NNGX_SHIM_MODULE_COUNT];
	unsigned w, windows;

	glEnable(GL_DEPTH_TEST);
	ck_gl_ok();
	draw_fullscreen(0.5f);
	w = busy_winner(scene_tiny, c, &windows);
	ck_assert_msg(w == NNGX_SHIM_MODULE_TRIANGLE_SETUP || w == NNGX_SHIM_MODULE_SHADER0,
		      "winner %u (%s)", w, nngxShimGetModuleName(w));
	ck_assert_uint_eq(w, NNGX_SHIM_MODULE_TRIANGLE_SETUP);
	assert_bound_by(TINY * 13, c[w], windows);
}
END_TEST

/* Three bilinear textures and eight fragment lights on every fragment of
 * a full-screen quad. Lighting: 8 clocks a fragment, 768000 in all, the
 * draw's length nearly, so it wins nearly every window (about 12000). The
 * texture unit: 3 samples a fragment plus 4 clocks a miss (a 128 x 128
 * texture stretched over the screen misses little), about 340000; the
 * per-fragment operations about 96000, the rasterizer 24000. */
START_TEST(test_glfill_busy_textures_and_lights_are_won_by_texture_or_lighting)
{
	char name[48];
	uint16_t c[NNGX_SHIM_MODULE_COUNT];
	unsigned i, w, windows;

	for (i = 0; i < 3; i++)
		texture_on(i);
	glUniform1i(loc("dmp_FragmentLighting.enabled"), GL_TRUE);
	for (i = 0; i < 8; i++) {
		snprintf(name, sizeof name, "dmp_FragmentLightSource[%u].enabled", i);
		glUniform1i(loc(name), GL_TRUE);
	}
	glEnable(GL_DEPTH_TEST);
	ck_gl_ok();
	draw_fullscreen(0.5f);
	w = busy_winner(scene_fill, c, &windows);
	ck_assert_msg(w == NNGX_SHIM_MODULE_TEXTURE || w == NNGX_SHIM_MODULE_FRAGMENT_LIGHTING,
		      "winner %u (%s)", w, nngxShimGetModuleName(w));
	ck_assert_uint_eq(w, NNGX_SHIM_MODULE_FRAGMENT_LIGHTING);
	assert_bound_by(8 * 96000, c[w], windows);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("glfill");
	TCase *tc = tcase_create("glfill");
	int status;

	tcase_set_timeout(tc, 60);
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_glfill_fullscreen_quad_is_96000_fragments_colour_write_only);
	tcase_add_test(tc, test_glfill_scissor_to_a_quarter_is_24000_fragments);
	tcase_add_test(tc, test_glfill_stencil_test_does_not_change_the_fragment_count);
	tcase_add_test(tc, test_glfill_blending_reads_each_colour_line_once);
	tcase_add_test(tc, test_glfill_colour_mask_off_writes_no_colour);
	tcase_add_test(tc, test_glfill_partial_colour_mask_reads_and_writes);
	tcase_add_test(tc, test_glfill_colour_buffer_in_vram_b_moves_writes_to_channel_b);
	tcase_add_test(tc, test_glfill_hidden_quad_reaches_the_counter_without_early_depth);
	tcase_add_test(tc, test_glfill_early_depth_discards_the_hidden_quad);
	tcase_add_test(tc, test_glfill_w_scale_stores_the_w_buffer_depth);
	tcase_add_test(tc, test_glfill_random_texcoords_miss_far_more_than_linear);
	tcase_add_test(tc, test_glfill_busy_fill_bound_draw_is_won_by_the_fragment_side);
	tcase_add_test(tc, test_glfill_busy_geometry_bound_draw_is_won_by_setup_or_shader);
	tcase_add_test(tc, test_glfill_busy_textures_and_lights_are_won_by_texture_or_lighting);
	tcase_add_test(tc, test_glfill_shadow_pass_into_a_shadow_renderbuffer);
	suite_add_tcase(s, tc);
	status = tu_run(s);
	fx_reset();          /* in one process (CK_FORK=no), leave nothing behind */
	nngxShimReset();
	return status;
}
