/* lit_scene.c: a lit scene whose bottleneck moves with the fragment
 * lighting's layer configuration.
 *
 * The scene is a material the way the middleware draws one: a mesh whose
 * vertex shader outputs the normal quaternion and the view vector, two
 * directional lights, a specular table D0 on N.H loaded with
 * glTexImage1D, the primary and secondary fragment colours added in the
 * combiner. The mesh is dense (a 40 x 40 quad grid, 3200 triangles) on a
 * patch of about 96 x 96 pixels.
 *
 * NintendoWare's CreativeStudio documents the fragment lighting's load
 * by layer configuration: configurations 0-3 cost 1x, 4-6 3x and 7 4x.
 * Its advice: choose the smallest configuration that gives the look,
 * because a large one can make the fragment lighting the stage that
 * limits the frame. libnngx charges each light ratio clocks a fragment
 * (model.fragment.lighting_per_light, 1 by default), so:
 *
 *   configuration 0: 2 lights x 1 = 2 clocks a fragment, about 18400 for
 *     the patch; triangle setup needs 13 clocks a triangle, about 41600:
 *     the frame is bound by the geometry (triangle setup);
 *   configuration 7: 2 lights x 4 = 8 clocks a fragment, about 73700:
 *     now the fragment lighting limits the frame.
 *
 * For each configuration the sample runs the 3DS programming manual's
 * experiment (9.3.1.1; samples/bottleneck.c explains it at length): time
 * the frame, again with 32 nops in the vertex shader, again with the
 * scissor cutting every fragment away, and read the busy counter. It
 * prints the verdict and checks it against the prediction above; it
 * exits 1 if either does not match. Every figure is the model's virtual
 * time, so the output is the same on every run.
 *
 * Shader binaries are built at run time with the project's own encoder
 * (tests/shader_asm.h, tests/shbin_writer.h), so no opaque blob ships. */
#include <stdio.h>
#include <stdlib.h>

#include <nn/gx.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>
#include <nngx_shim.h>

#include "tests/shader_asm.h"
#include "tests/shbin_writer.h"

#define NOPS           32
#define MOVED_PERCENT  5.0      /* a frame-time change this large counts as moved */
#define WINDOW_US      1        /* busy-counter window: 268 clocks */
#define QUADS          40       /* the grid: QUADS x QUADS quads */
#define HALF_X         0.4f     /* 0.4 x 120 pixels either side of the centre */
#define HALF_Y         0.24f    /* 0.24 x 200 */
#define SIDE           (QUADS + 1)
#define INDICES        (QUADS * QUADS * 6)

/* Registers of the shader: v0 aPosition; c4 colour, c5 the normal
 * quaternion, c6 the view vector. */
enum { C_COLOR = 4, C_QUAT = 5, C_VIEW = 6 };

static void die_on_gl_error(const char *what)
{
	GLenum e = glGetError();

	if (e != GL_NO_ERROR) {
		fprintf(stderr, "lit_scene: %s failed with GL error 0x%04X\n", what, e);
		exit(1);
	}
}

/* o0 = position, o1 = quaternion, o2 = colour, o3 = view; `nops` nops
 * after the last output, before the end. */
static GLuint load_program(unsigned nops)
{
	static struct shader_asm a;
	static struct hw_shader_state assembled;
	struct shbin_writer w;
	GLuint shader, program;
	GLint linked = GL_FALSE;
	uint8_t *bin = NULL;
	size_t vs, size = 0;
	unsigned k;

	asm_init(&a);
	asm_mov(&a, asm_o(0), asm_v(0));
	asm_mov(&a, asm_o(1), asm_c(C_QUAT));
	asm_mov(&a, asm_o(2), asm_c(C_COLOR));
	asm_mov(&a, asm_o(3), asm_c(C_VIEW));
	for (k = 0; k < nops; k++)
		asm_nop(&a);
	asm_end(&a);
	if (!asm_finish(&a, &assembled)) {
		fprintf(stderr, "lit_scene: shader: %s\n", a.error);
		exit(1);
	}
	shbin_writer_init(&w);
	shbin_writer_set_program(&w, assembled.code, a.ncode);
	for (k = 0; k < a.nopdesc; k++)
		shbin_writer_add_opdesc(&w, assembled.opdesc[k]);
	vs = shbin_writer_add_entry(&w, 0 /* vertex */, 0, a.ncode);
	shbin_writer_add_output(&w, vs, 0 /* position */, 0, 0xF);
	shbin_writer_add_output(&w, vs, 1 /* normal quaternion */, 1, 0xF);
	shbin_writer_add_output(&w, vs, 2 /* colour */, 2, 0xF);
	shbin_writer_add_output(&w, vs, 8 /* view vector */, 3, 0x7);
	shbin_writer_add_uniform(&w, vs, "aPosition", 0x00, 0x00);
	shbin_writer_add_float(&w, vs, C_COLOR, 1.0f, 1.0f, 1.0f, 1.0f);
	/* the surface faces the viewer a little tilted (about x) */
	shbin_writer_add_float(&w, vs, C_QUAT, 0.2f, 0.0f, 0.0f, 0.98f);
	shbin_writer_add_float(&w, vs, C_VIEW, 0.0f, 0.0f, 1.0f, 0.0f);
	if (!shbin_writer_finish(&w, &bin, &size)) {
		fprintf(stderr, "lit_scene: could not write the shader binary\n");
		exit(1);
	}
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
		fprintf(stderr, "lit_scene: the program did not link\n");
		exit(1);
	}
	glDeleteShader(shader);
	die_on_gl_error("loading the program");
	return program;
}

/* The material: two lights, D0 (a Phong-like lobe, x^16 on N.H) at LUT
 * number 0, primary + secondary, and the layer configuration. */
static void material(GLuint program, GLenum config)
{
	static const GLfloat dir[2][4] = { { 0.0f, 0.0f, 1.0f, 0.0f }, { 0.6f, 0.0f, 0.8f, 0.0f } };
	char name[64];
	unsigned i;

	glUseProgram(program);
	glUniform1i(glGetUniformLocation(program, "dmp_FragmentLighting.enabled"), GL_TRUE);
	for (i = 0; i < 2; i++) {
		snprintf(name, sizeof name, "dmp_FragmentLightSource[%u].enabled", i);
		glUniform1i(glGetUniformLocation(program, name), GL_TRUE);
		snprintf(name, sizeof name, "dmp_FragmentLightSource[%u].position", i);
		glUniform4fv(glGetUniformLocation(program, name), 1, dir[i]);
		snprintf(name, sizeof name, "dmp_FragmentLightSource[%u].diffuse", i);
		glUniform4f(glGetUniformLocation(program, name), 0.5f, 0.5f, 0.5f, 1.0f);
		snprintf(name, sizeof name, "dmp_FragmentLightSource[%u].specular0", i);
		glUniform4f(glGetUniformLocation(program, name), 0.5f, 0.5f, 0.5f, 1.0f);
	}
	glUniform4f(glGetUniformLocation(program, "dmp_FragmentMaterial.specular0"), 1.0f, 1.0f,
		    1.0f, 1.0f);
	glUniform1i(glGetUniformLocation(program, "dmp_FragmentMaterial.samplerD0"), 0);
	glUniform1i(glGetUniformLocation(program, "dmp_LightEnv.lutEnabledD0"), GL_TRUE);
	glUniform1i(glGetUniformLocation(program, "dmp_LightEnv.absLutInputD0"), GL_TRUE);
	glUniform1i(glGetUniformLocation(program, "dmp_LightEnv.config"), (GLint)config);
	glUniform3i(glGetUniformLocation(program, "dmp_TexEnv[0].srcRgb"),
		    GL_FRAGMENT_PRIMARY_COLOR_DMP, GL_FRAGMENT_SECONDARY_COLOR_DMP, GL_PRIMARY_COLOR);
	glUniform1i(glGetUniformLocation(program, "dmp_TexEnv[0].combineRgb"), GL_ADD);
	glUniform3i(glGetUniformLocation(program, "dmp_TexEnv[0].srcAlpha"), GL_PRIMARY_COLOR,
		    GL_PRIMARY_COLOR, GL_PRIMARY_COLOR);
	die_on_gl_error("setting the material");
}

/* D0: 256 values of x^16 for x = i / 256 (abs input), then the
 * differences to the next entry. */
static void load_specular_table(void)
{
	static GLfloat t[512];
	GLuint lut;
	unsigned i;

	for (i = 0; i < 256; i++) {
		double x = i / 256.0, x1 = (i + 1) / 256.0, p = 1.0, p1 = 1.0;
		unsigned k;

		for (k = 0; k < 16; k++) {
			p *= x;
			p1 *= x1;
		}
		t[i] = (GLfloat)p;
		t[256 + i] = (GLfloat)(p1 - p);
	}
	glGenTextures(1, &lut);
	glBindTexture(GL_LUT_TEXTURE0_DMP, lut);
	glTexImage1D(GL_LUT_TEXTURE0_DMP, 0, GL_LUMINANCEF_DMP, 512, 0, GL_LUMINANCEF_DMP, GL_FLOAT,
		     t);
	die_on_gl_error("loading the specular table");
}

static GLsizei upload_grid(void)
{
	static GLfloat pos[SIDE * SIDE][3];
	static GLushort idx[INDICES];
	GLuint b[2];
	unsigned x, y, n = 0;

	for (y = 0; y < SIDE; y++)
		for (x = 0; x < SIDE; x++) {
			pos[y * SIDE + x][0] = -HALF_X + 2.0f * HALF_X * (GLfloat)x / QUADS;
			pos[y * SIDE + x][1] = -HALF_Y + 2.0f * HALF_Y * (GLfloat)y / QUADS;
			pos[y * SIDE + x][2] = -0.5f;
		}
	/* bands 8 quads wide, so that the post-vertex cache keeps most
	 * vertices (samples/vertex_cache.c) */
	for (x = 0; x < QUADS; x += 8)
		for (y = 0; y < QUADS; y++) {
			unsigned q;

			for (q = x; q < x + 8 && q < QUADS; q++) {
				GLushort a = (GLushort)(y * SIDE + q), c = (GLushort)(a + SIDE);

				idx[n++] = a; idx[n++] = (GLushort)(a + 1); idx[n++] = c;
				idx[n++] = (GLushort)(a + 1); idx[n++] = (GLushort)(c + 1); idx[n++] = c;
			}
		}
	glGenBuffers(2, b);
	glBindBuffer(GL_ARRAY_BUFFER, b[0]);
	glBufferData(GL_ARRAY_BUFFER | NN_GX_MEM_VRAMA, (GLsizeiptr)sizeof pos, pos, GL_STATIC_DRAW);
	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, (const GLvoid *)0);
	glEnableVertexAttribArray(0);
	glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, b[1]);
	glBufferData(GL_ELEMENT_ARRAY_BUFFER | NN_GX_MEM_VRAMB, (GLsizeiptr)(n * sizeof idx[0]), idx,
		     GL_STATIC_DRAW);
	die_on_gl_error("uploading the grid");
	return (GLsizei)n;
}

enum variant { BASELINE, WITH_NOPS, WITH_SCISSOR, VARIANTS };
static const char *const variant_name[VARIANTS] = { "baseline", "+32 nops", "empty scissor" };

struct frame {
	GLuint64EXT clocks;
	GLuint windows[NNGX_SHIM_MODULE_COUNT], winner, total;
	GLuint fragments;
};

static void render(GLuint program, GLsizei indices, enum variant v, struct frame *f)
{
	GLuint busy[NN_GX_PROFILING_RESULT_BUFSIZE_BUSY], frag0, frag1, m;
	GLuint64EXT start;

	nngxClearCmdlist();
	glUseProgram(program);
	if (v == WITH_SCISSOR) {
		glEnable(GL_SCISSOR_TEST);
		glScissor(0, 0, 0, 0);
	} else {
		glDisable(GL_SCISSOR_TEST);
	}
	nngxGetProfilingResult(NN_GX_PROFILING_FRAGMENT, &frag0);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	start = nngxShimGetClock();
	glDrawElements(GL_TRIANGLES, indices, GL_UNSIGNED_SHORT, (const GLvoid *)0);
	glFinish();
	f->clocks = nngxShimGetClock() - start;
	nngxStopProfiling(NN_GX_PROFILING_BUSY);
	nngxGetProfilingResult(NN_GX_PROFILING_BUSY, busy);
	nngxGetProfilingResult(NN_GX_PROFILING_FRAGMENT, &frag1);
	die_on_gl_error("a frame");
	f->fragments = frag1 - frag0;
	f->winner = 0;
	f->total = 0;
	for (m = 0; m < NNGX_SHIM_MODULE_COUNT; m++) {
		f->windows[m] = (busy[m / 2] >> (m % 2 ? 16 : 0)) & 0xFFFFu;
		f->total += f->windows[m];
		if (f->windows[m] > f->windows[f->winner])
			f->winner = m;
	}
}

static double change(const struct frame *f, const struct frame *base)
{
	return 100.0 * ((double)f->clocks - (double)base->clocks) / (double)base->clocks;
}

static int moved(const struct frame *f, const struct frame *base)
{
	double d = change(f, base);

	return d >= MOVED_PERCENT || d <= -MOVED_PERCENT;
}

enum verdict { VERDICT_TS_RAS, VERDICT_VERTEX_SHADER, VERDICT_FRAGMENT, VERDICT_MIXED };
static const char *const verdict_text[] = {
	"triangle setup or the rasterizer (geometry) limits the frame",
	"the vertex shader limits the frame",
	"the fragment side limits the frame",
	"both changes moved the frame: no single bottleneck",
};

/* One configuration: the experiment, its table and verdict. Returns
 * whether the verdict and the busy counter are what the header predicts. */
static int experiment(GLenum config, unsigned number, GLuint program[2], GLsizei indices,
		      enum verdict expected, GLuint expected_module)
{
	struct frame warm, f[VARIANTS];
	enum verdict verdict;
	int nops_moved, scissor_moved;
	unsigned v;

	material(program[0], config);
	material(program[1], config);
	render(program[0], indices, BASELINE, &warm);      /* tables sent, caches warm */
	for (v = 0; v < VARIANTS; v++)
		render(program[v == WITH_NOPS], indices, (enum variant)v, &f[v]);

	printf("== layer configuration %u (lighting load %ux) ==\n", number,
	       number <= 3 ? 1u : number <= 6 ? 3u : 4u);
	printf("  %-13s %7s %7s  %-34s %7s\n", "variant", "clocks", "change",
	       "busy counter: most windows", "frags");
	for (v = 0; v < VARIANTS; v++) {
		char ch[16] = "", winner[48];

		if (v != BASELINE)
			snprintf(ch, sizeof ch, "%+.1f%%", change(&f[v], &f[0]));
		snprintf(winner, sizeof winner, "%s %u/%u", nngxShimGetModuleName(f[v].winner),
			 f[v].windows[f[v].winner], f[v].total);
		printf("  %-13s %7llu %7s  %-34s %7u\n", variant_name[v],
		       (unsigned long long)f[v].clocks, ch, winner, f[v].fragments);
	}
	nops_moved = moved(&f[WITH_NOPS], &f[BASELINE]);
	scissor_moved = moved(&f[WITH_SCISSOR], &f[BASELINE]);
	verdict = nops_moved && scissor_moved ? VERDICT_MIXED
		  : nops_moved ? VERDICT_VERTEX_SHADER
		  : scissor_moved ? VERDICT_FRAGMENT : VERDICT_TS_RAS;
	printf("  -> %s; busiest: %s.\n", verdict_text[verdict],
	       nngxShimGetModuleName(f[BASELINE].winner));
	printf("     predicted: %s; busiest %s: %s.\n\n", verdict_text[expected],
	       nngxShimGetModuleName(expected_module),
	       verdict == expected && f[BASELINE].winner == expected_module ? "matches"
									     : "MISMATCH");
	return verdict == expected && f[BASELINE].winner == expected_module;
}

int main(void)
{
	GLuint list, program[2];
	GLsizei indices;
	int ok = 1;

	nngxShimReset();
	nngxInitialize(NULL, NULL);
	nngxGenCmdlists(1, &list);
	nngxBindCmdlist(list);
	nngxCmdlistStorage(256 * 1024, 16);
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND, WINDOW_US);
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 0);
	die_on_gl_error("setting the busy counter's parameters");

	program[0] = load_program(0);
	program[1] = load_program(NOPS);
	load_specular_table();
	indices = upload_grid();

	printf("A lit material: %u triangles on a 96 x 96 pixel patch, 2 directional lights,\n"
	       "D0 on N.H, primary + secondary. The manual's experiment (9.3.1.1) for two\n"
	       "layer configurations; frame clocks at 268 MHz, busy windows of %u us.\n\n",
	       (unsigned)(indices / 3), WINDOW_US);
	ok &= experiment(GL_LIGHT_ENV_LAYER_CONFIG0_DMP, 0, program, indices, VERDICT_TS_RAS,
			 NNGX_SHIM_MODULE_TRIANGLE_SETUP);
	ok &= experiment(GL_LIGHT_ENV_LAYER_CONFIG7_DMP, 7, program, indices, VERDICT_FRAGMENT,
			 NNGX_SHIM_MODULE_FRAGMENT_LIGHTING);
	puts("As CreativeStudio's advice predicts: the same material in configuration 7\n"
	     "costs the lighting four times as much a fragment, and the frame that was\n"
	     "bound by its geometry becomes bound by the fragment lighting. Use the\n"
	     "smallest layer configuration that gives the look.");

	nngxFinalize();
	if (!ok) {
		fprintf(stderr, "lit_scene: a verdict is not the one predicted\n");
		return 1;
	}
	return 0;
}
