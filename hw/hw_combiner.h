/* hw_combiner.h: the texture combiner, six stages that turn the fragment's
 * colours (vertex colour, fragment lighting, textures) into the colour the
 * per-fragment operations test and blend. Functional only; its clocks are
 * counted by the draw (hw_combiner_active_stages).
 *
 * Registers (3dbrew, GPU/Internal Registers, GPUREG_TEXENVi_* and
 * GPUREG_TEXENV_UPDATE_BUFFER / _BUFFER_COLOR; field layouts in
 * hw_regs.h). Each stage has three RGB and three alpha sources, an
 * operand for each, one RGB and one alpha combine op, a constant colour
 * and two output scales. A combiner buffer runs beside the stages: the
 * stages can latch their output into it and later stages read it back as
 * "previous buffer".
 *
 * Arithmetic (model choice): colours are floats in 0..1, not the
 * hardware's 8-bit channels. Sources are clamped to 0..1 when read (NaN
 * reads 0); a stage's result is multiplied by its scale and clamped to
 * 0..1; nothing is rounded between stages. The hardware computes on 8-bit
 * values (x * y / 255 and the like), so a result here can differ from it
 * by about one step of 1/255 per stage; the caller rounds the final colour
 * to 8 bits (round to nearest) before the alpha test and blending. */
#ifndef NNGX_HW_COMBINER_H
#define NNGX_HW_COMBINER_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "hw_regs.h"
#include "hw_simd.h"

#define HW_COMBINER_STAGES 6            /* GPUREG_TEXENV0..5 (3dbrew) */
#define HW_COMBINER_TEXTURES 4          /* texture units 0-2 and procedural 3 */
/* Stages whose output can go into the buffer: 0-3, the bits the pages
 * call "TexEnv 1".."TexEnv 4" of TEXENV_UPDATE_BUFFER. */
#define HW_COMBINER_BUFFER_STAGES 4

struct hw_combiner_stage {
	uint8_t rgb_source[3], alpha_source[3];         /* HW_REG_TEVSRC_* */
	uint8_t rgb_operand[3];                         /* HW_REG_TEVOP_RGB_* */
	uint8_t alpha_operand[3];                       /* HW_REG_TEVOP_A_* */
	uint8_t rgb_op, alpha_op;                       /* HW_REG_TEVCOMB_* */
	float constant[4];                              /* TEXENVi_COLOR / 255 */
	unsigned rgb_scale, alpha_scale;                /* 1, 2 or 4 */
};

/* The combiner of a draw.
 *
 * The buffer (model of the pages' "TexEnv 1-4" bits; the stage they
 * latch is unverified): buffer_rgb[k] / buffer_alpha[k] (k = 0..3) set
 * means stage k's RGB / alpha result goes into the buffer, and stage
 * k + 2 and later read it, unless another latch replaces it. Stage s reads
 * the buffer as it was after the latches of stages 0..s-2; stages 0 and 1
 * read buffer_color, the buffer's initial value (for stage 0 a model
 * choice: no stage comes before it; 3dbrew revisions differ). So a latch
 * by stage k is read as "previous buffer" from stage k + 2 on, while
 * stage k + 1 still has it as "previous".
 *
 * "Previous" is the output of the stage before; in stage 0 it reads
 * 0, 0, 0, 0 (model choice, uncertain: nothing has been computed yet). */
struct hw_combiner_config {
	struct hw_combiner_stage stage[HW_COMBINER_STAGES];
	bool buffer_rgb[HW_COMBINER_BUFFER_STAGES];
	bool buffer_alpha[HW_COMBINER_BUFFER_STAGES];
	float buffer_color[4];                          /* TEXENV_BUFFER_COLOR / 255 */
};

/* One fragment's colours, R, G, B, A (values outside 0..1 are clamped
 * when read). */
struct hw_combiner_inputs {
	float primary[4];               /* the interpolated vertex colour */
	/* Fragment lighting's outputs (hw_lighting_fragment: diffuse sum
	 * and specular sum, alpha 1 or the Fresnel term). With lighting
	 * off the draw passes the vertex colour as primary and 0, 0, 0, 0
	 * as secondary (model choice: an unlit fragment keeps its colour). */
	float fragment_primary[4];
	float fragment_secondary[4];
	float texture[HW_COMBINER_TEXTURES][4];   /* units 0-2, procedural 3 */
};

/* The combiner from the raw register file: TEXENVi_SOURCE/_OPERAND/
 * _COMBINER/_COLOR/_SCALE of the six stages, TEXENV_UPDATE_BUFFER bits
 * 8-15 and TEXENV_BUFFER_COLOR. Every field value is kept as written
 * (codes the pages do not list included; hw_combiner_run says what they
 * do), except scale code 3, which becomes x1 (hw_reg_texenv_scale_factor).
 * All-zero registers give six stages that replace with the vertex colour. */
void hw_combiner_decode(const uint32_t regs[HW_REG_COUNT], struct hw_combiner_config *c);

/* Run the six stages on one fragment; out = R, G, B, A in 0..1.
 *
 * Sources: PRIMARY_COLOR, FRAG_PRIMARY, FRAG_SECONDARY, TEXTURE0-3 from
 * `in`; CONSTANT the stage's colour; PREVIOUS and PREVIOUS_BUFFER as in
 * struct hw_combiner_config; codes 7-12 (not listed) read 0, 0, 0, 0
 * (model choice).
 *
 * Operands (TEXENVi_OPERAND): RGB: colour, alpha, red, green or blue
 * (the one channel on all three), or one minus it. Alpha: alpha, red,
 * green or blue, or one minus it. Unlisted RGB codes (model choice): bit 0
 * inverts; bits 2-3, when not 0, pick red, green, blue; else bit 1 picks
 * alpha, else the colour (so 6 acts as 4, 7 as 5, ...).
 *
 * Ops (3dbrew's list; formulas as GL's texture_env_combine, dot3 and
 * the pages' two three-argument ops), per channel with args a0, a1, a2:
 * REPLACE a0; MODULATE a0 a1; ADD a0 + a1; ADD_SIGNED a0 + a1 - 0.5;
 * INTERPOLATE a0 a2 + a1 (1 - a2); SUBTRACT a0 - a1; MULT_ADD a0 a1 + a2;
 * ADD_MULT min(a0 + a1, 1) a2; DOT3_RGB 4 ((r0 - .5)(r1 - .5) + (g0 -
 * .5)(g1 - .5) + (b0 - .5)(b1 - .5)) on R, G and B (the min in
 * ADD_MULT: as this model reads the pages, unverified). DOT3_RGBA as the RGB
 * op also puts that value in alpha and the alpha op is ignored (GL's
 * meaning, model choice); a DOT3 code as the alpha op, and codes 10-15,
 * act as REPLACE (model choice: the pages list no meaning).
 *
 * Then RGB is multiplied by rgb_scale, alpha by alpha_scale, both clamped
 * to 0..1: the stage's output, "previous" for the next stage. The output
 * of stage 5 is the result. */
void hw_combiner_run(const struct hw_combiner_config *c, const struct hw_combiner_inputs *in,
		     float out[4]);

/* The texture units (bit u = unit u, 0-3) that any stage reads: a
 * TEXTUREu source in a slot its RGB or alpha op uses
 * (hw_reg_texenv_combine_args: REPLACE one, INTERPOLATE/MULT_ADD/ADD_MULT
 * and codes 10-15 three, the rest two). The same rule as
 * hw_reg_texenv_texture_mask, so alpha slots count under DOT3_RGBA too.
 * Whether the stage's result reaches the output is not looked at. */
unsigned hw_combiner_textures_read(const struct hw_combiner_config *c);

/* How many of the six stages do work, for the combiner's clocks. A stage
 * does none when it passes "previous" through unchanged: RGB and alpha
 * both REPLACE, slot 0 PREVIOUS with operand colour (RGB) and alpha
 * (alpha), scales x1 (the state the SDK leaves unused stages in). Any
 * other stage counts, whether or not its result reaches the output
 * (model choice: the hardware runs all six stages in a pipeline; this
 * count is what the cost model charges). */
unsigned hw_combiner_active_stages(const struct hw_combiner_config *c);

/* ---- the combiner compiled for a draw ------------------------------------
 *
 * hw_combiner_run decodes every stage and computes every operand for each
 * fragment. A draw compiles its combiner once instead: for each stage,
 * whether it passes "previous" through (then it computes nothing), which
 * argument slots its ops really read (REPLACE one, DOT3 two, ...), the
 * operand selections resolved, and whether any stage reads the buffer
 * (else the buffer is not kept). hw_combiner_exec gives bit for bit the
 * result of hw_combiner_run on the same configuration and inputs (the same
 * float operations in the same order; only work whose result is never used
 * is left out). */
struct hw_combiner_slot {
	uint8_t source;                 /* HW_REG_TEVSRC_* code */
	uint8_t channel;                /* 0-3 R, G, B, A; 4: the colour (RGB slots) */
	bool invert;                    /* one minus it */
};

struct hw_combiner_step {
	bool pass;                      /* passes "previous" through unchanged */
	uint8_t rgb_op, alpha_op;
	uint8_t rgb_args, alpha_args;   /* slots the ops read: 0..3 */
	bool dot3_rgba;                 /* DOT3_RGBA: alpha is the dot product */
	struct hw_combiner_slot rgb[3], alpha[3];
	float rgb_scale, alpha_scale;
	float constant[4];
	bool latch_rgb, latch_alpha;    /* into the buffer (stages 0-3) */
};

/* Shapes of a whole compiled combiner that hw_combiner_exec runs as
 * straight-line code (the same float operations, so the same bits):
 * - NONE: every stage passes through: the output is 0, 0, 0, 0;
 * - REPLACE: one active stage, RGB and alpha REPLACE with one source read
 *   as its colour and its alpha (not inverted), scales x1: the output is
 *   the source clamped (x1 and a second clamp change no bit of a value in
 *   0..1);
 * - MODULATE: one active stage, RGB and alpha MODULATE of two sources
 *   read likewise, scales x1: the output is the product of the two
 *   clamped sources (in 0..1 already);
 * - GENERAL: anything else, stage by stage. */
enum hw_combiner_shape {
	HW_COMBINER_GENERAL = 0, HW_COMBINER_NONE, HW_COMBINER_REPLACE, HW_COMBINER_MODULATE
};

struct hw_combiner_program {
	enum hw_combiner_shape shape;
	uint8_t shape_source[2];        /* REPLACE: [0]; MODULATE: both (HW_REG_TEVSRC_*) */
	struct hw_combiner_step step[HW_COMBINER_STAGES];
	float buffer_color[4];
	bool uses_buffer;               /* some used slot reads PREVIOUS_BUFFER */
	/* The stages that do not pass through, in order: without the buffer,
	 * the only ones exec visits. */
	uint8_t active[HW_COMBINER_STAGES];
	uint8_t active_count;
	/* Source codes (bit per HW_REG_TEVSRC_* code) that some used slot
	 * reads: the draw fills only the inputs that are read. */
	uint32_t sources_read;
};

/* Compile `c` for hw_combiner_exec. */
void hw_combiner_compile(const struct hw_combiner_config *c, struct hw_combiner_program *p);

/* hw_combiner_run through a compiled combiner: the same result, bit for
 * bit. Inputs whose source code is not in p->sources_read are not read. */
void hw_combiner_exec(const struct hw_combiner_program *p, const struct hw_combiner_inputs *in,
		      float out[4]);

/* hw_combiner_exec, its result rounded to the 8-bit channels the
 * per-fragment operations take: each channel 0 when not above 0 (NaN
 * too), 255 from 1 up, else (uint8_t)(v * 255 + 0.5), the product and
 * the sum rounded to float (round to nearest). */
void hw_combiner_exec_bytes(const struct hw_combiner_program *p,
			    const struct hw_combiner_inputs *in, uint8_t rgba[4]);

#if HW_SSE2
/* Clamp four channels to 0..1 as the combiner does (NaN becomes 0):
 * MAXPS gives its second operand when either is NaN or both are zero, so
 * NaN and -0 become +0 as v > 0 decides; MINPS gives 1 unless v < 1. */
static inline __m128 hw_combiner_clamp4(const float v[4])
{
	return _mm_min_ps(_mm_max_ps(_mm_loadu_ps(v), _mm_setzero_ps()), _mm_set1_ps(1.0f));
}

/* The rounding of hw_combiner_exec_bytes on four lanes: clamped to 0..1
 * as hw_combiner_clamp4 (the channels it sends to 0 and to 255 are those
 * that end there: 1 * 255 + 0.5 truncates to 255), then the same float
 * product and sum, truncated, packed to bytes in lane order. */
static inline void hw_combiner_bytes4(__m128 v, uint8_t rgba[4])
{
	__m128 x = _mm_min_ps(_mm_max_ps(v, _mm_setzero_ps()), _mm_set1_ps(1.0f));
	__m128i i = _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(x, _mm_set1_ps(255.0f)),
						_mm_set1_ps(0.5f)));
	int32_t word;

	i = _mm_packs_epi32(i, i);
	word = _mm_cvtsi128_si32(_mm_packus_epi16(i, i));
	memcpy(rgba, &word, 4);
}
#endif

/* A compiled combiner bound to inputs that stay where they are for a
 * while (a draw's): the one-stage shapes' sources found once, so that
 * hw_combiner_run_bound, inline, is their straight-line code. */
struct hw_combiner_bound {
	const struct hw_combiner_program *p;
	const struct hw_combiner_inputs *in;
	enum hw_combiner_shape shape;   /* REPLACE, MODULATE, else GENERAL */
	const float *a, *b;             /* the shape's sources */
};

void hw_combiner_bind(const struct hw_combiner_program *p, const struct hw_combiner_inputs *in,
		      struct hw_combiner_bound *b);

/* hw_combiner_exec_bytes(b->p, b->in, rgba): the same bytes. */
static inline void hw_combiner_run_bound(const struct hw_combiner_bound *b, uint8_t rgba[4])
{
#if HW_SSE2
	if (b->shape == HW_COMBINER_REPLACE) {
		hw_combiner_bytes4(hw_combiner_clamp4(b->a), rgba);
		return;
	}
	if (b->shape == HW_COMBINER_MODULATE) {
		hw_combiner_bytes4(_mm_mul_ps(hw_combiner_clamp4(b->a), hw_combiner_clamp4(b->b)),
				   rgba);
		return;
	}
#endif
	hw_combiner_exec_bytes(b->p, b->in, rgba);
}

#endif
