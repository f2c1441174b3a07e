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
 * Arithmetic (fragment-pipeline.md B.4, Citra's integer forms; the
 * hardware's exact rounding is not public): every value is an 8-bit
 * integer 0..255. The float inputs (vertex colour, fragment lighting,
 * textures, the constant and buffer colours) enter as bytes: clamped to
 * 0..1 (NaN reads 0), times 255, rounded to nearest (model choice; bytes
 * over 255 come back exactly). Each stage computes in 8 bits, truncating
 * each product over 255, and its output is min(result x scale, 255): the
 * byte the next stage reads. The result is the last stage's bytes. */
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
 * The buffer (B.4): buffer_rgb[k] / buffer_alpha[k] (k = 0..3, the
 * pages' "TexEnv 1".."TexEnv 4" bits 8-11 / 12-15) set means stage k's RGB
 * / alpha result goes into the buffer, and stage k + 2 and later read it,
 * unless another latch replaces it. Stage 1 reads buffer_color, the
 * buffer's initial value (TEXENV_BUFFER_COLOR); stage 0 reads 0, 0, 0, 0.
 * So a latch by stage k is read as "previous buffer" from stage k + 2 on,
 * while stage k + 1 still has it as "previous".
 *
 * "Previous" is the output of the stage before. In stage 0 (B.4, the
 * behaviour Citra matched against games): an RGB source in slot 0 or 1
 * set to PREVIOUS reads slot 2's source instead (0 when slot 2 is PREVIOUS
 * or the buffer too); slot 2 and every alpha slot set to PREVIOUS read
 * 0, 0, 0, 0. (The SDK's GL driver never sends PREVIOUS or the buffer to
 * stage 0: it rejects them with GL_INVALID_ENUM.) */
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

/* Run the six stages on one fragment; out = R, G, B, A: the result bytes
 * over 255 (the reference form, stage by stage).
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
 * Ops (3dbrew's list; the 8-bit forms of fragment-pipeline.md B.4), per
 * channel with operand bytes a, b, c: REPLACE a; MODULATE ⌊ab/255⌋; ADD
 * min(a + b, 255); ADD_SIGNED clamp(a + b - 128, 0, 255); INTERPOLATE
 * ⌊(ac + b(255 - c))/255⌋; SUBTRACT max(a - b, 0); MULT_ADD min(⌊(ab +
 * 255c)/255⌋, 255); ADD_MULT ⌊min(a + b, 255) c / 255⌋; DOT3_RGB the sum over
 * R, G, B of ⌊((2a - 255)(2b - 255) + 128)/256⌋ clamped to 0..255, on R, G
 * and B. DOT3_RGBA as the RGB op also puts that value in alpha (before the
 * alpha scale) and the alpha op is ignored (GL's meaning, model choice);
 * a DOT3 code as the alpha op, and codes 10-15, act as REPLACE (model
 * choice: the pages list no meaning).
 *
 * Then RGB is multiplied by rgb_scale, alpha by alpha_scale, both capped
 * at 255: the stage's output, "previous" for the next stage. The output
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
 * operand selections and stage 0's substitutions resolved, and whether any
 * stage reads the buffer (else the buffer is not kept). hw_combiner_exec
 * gives bit for bit the result of hw_combiner_run on the same
 * configuration and inputs (the same integer arithmetic; only work whose
 * result is never used is left out). */
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
	unsigned rgb_scale, alpha_scale;
	uint8_t constant[4];            /* the stage's constant as bytes */
	bool latch_rgb, latch_alpha;    /* into the buffer (stages 0-3) */
};

/* Shapes of a whole compiled combiner that hw_combiner_exec runs as
 * straight-line code (the same integer results):
 * - NONE: every stage passes through: the output is 0, 0, 0, 0;
 * - REPLACE: one active stage, RGB and alpha REPLACE with one source read
 *   as its colour and its alpha (not inverted), scales x1: the output is
 *   the source's bytes;
 * - MODULATE: one active stage, RGB and alpha MODULATE of two sources
 *   read likewise, scales x1: ⌊A B / 255⌋ of the two sources' bytes;
 * - GENERAL: anything else, stage by stage. */
enum hw_combiner_shape {
	HW_COMBINER_GENERAL = 0, HW_COMBINER_NONE, HW_COMBINER_REPLACE, HW_COMBINER_MODULATE
};

struct hw_combiner_program {
	enum hw_combiner_shape shape;
	uint8_t shape_source[2];        /* REPLACE: [0]; MODULATE: both (HW_REG_TEVSRC_*) */
	struct hw_combiner_step step[HW_COMBINER_STAGES];
	uint8_t buffer_color[4];        /* as bytes */
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
 * bit (the bytes over 255). Inputs whose source code is not in
 * p->sources_read are not read. */
void hw_combiner_exec(const struct hw_combiner_program *p, const struct hw_combiner_inputs *in,
		      float out[4]);

/* hw_combiner_exec's result as the bytes the per-fragment operations
 * take. */
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

/* A float channel's input byte on four lanes: clamped to 0..1 as
 * hw_combiner_clamp4 (the channels it sends to 0 and to 255 are those
 * that end there: 1 * 255 + 0.5 truncates to 255), then (v * 255 + 0.5)
 * truncated, the float product and sum as the scalar path's, packed to
 * bytes in lane order. */
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

/* MODULATE in 8 bits on four lanes: the two sources' bytes A and B (as
 * hw_combiner_bytes4), then ⌊A B / 255⌋ as (p + 1 + (p >> 8)) >> 8 with
 * p = A B (exact for every p up to 255 * 255, checked exhaustively), in
 * 16-bit lanes. */
static inline void hw_combiner_modulate4(const float a[4], const float b[4], uint8_t rgba[4])
{
	const __m128 k255 = _mm_set1_ps(255.0f), half = _mm_set1_ps(0.5f);
	__m128i x = _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(hw_combiner_clamp4(a), k255), half));
	__m128i y = _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(hw_combiner_clamp4(b), k255), half));
	__m128i p;
	int32_t word;

	x = _mm_packs_epi32(x, x);
	y = _mm_packs_epi32(y, y);
	p = _mm_mullo_epi16(x, y);
	p = _mm_srli_epi16(_mm_add_epi16(_mm_add_epi16(p, _mm_set1_epi16(1)),
					 _mm_srli_epi16(p, 8)), 8);
	word = _mm_cvtsi128_si32(_mm_packus_epi16(p, p));
	memcpy(rgba, &word, 4);
}
#endif

/* A compiled combiner bound to inputs that stay where they are for a
 * while (a draw's): the one-stage shapes' sources found once, so that
 * hw_combiner_run_bound, inline, is their straight-line code (a shape
 * with a constant source stays on the general path). */
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
		hw_combiner_modulate4(b->a, b->b, rgba);
		return;
	}
#endif
	hw_combiner_exec_bytes(b->p, b->in, rgba);
}

#endif
