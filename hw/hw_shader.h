/* hw_shader.h: a PICA200 shader processor (vertex and geometry shaders).
 *
 * Functional and timing at once: it runs the program on real inputs and
 * counts what the profiling counters VERTEX_SHADER0..3 count
 * (program-counter transitions and four kinds of stall clocks) under a
 * configurable stall model. It knows nothing of GL: the command processor
 * loads code, operand descriptors and uniforms into it. hw_shader.c says
 * at its top how each counter is counted. */
#ifndef NNGX_HW_SHADER_H
#define NNGX_HW_SHADER_H

#include <stdbool.h>
#include <stdint.h>

#include "hw_busy.h"      /* enum hw_status */

/* Program memory, in instructions. A vertex unit holds 512 (the assembler
 * picasso refuses vertex code past 512 instructions); the geometry unit
 * holds 4096 (jump targets and the code upload index are 12 bits: 3dbrew,
 * GPU/Shader Instruction Set format 2, GPU/Internal Registers). */
#define HW_SHADER_VSH_CODE_WORDS 512
#define HW_SHADER_GSH_CODE_WORDS 4096
#define HW_SHADER_CODE_WORDS     HW_SHADER_GSH_CODE_WORDS /* storage for either */
#define HW_SHADER_OPDESC_COUNT   128  /* 7-bit descriptor index; picasso's limit */
#define HW_SHADER_MAD_OPDESCS    32   /* mad/madi have a 5-bit descriptor index */
#define HW_SHADER_INPUTS         16   /* v0..v15 */
#define HW_SHADER_OUTPUTS        16   /* o0..o15 */
#define HW_SHADER_TEMPS          16   /* r0..r15 */
#define HW_SHADER_FLOAT_UNIFORMS 96   /* c0..c95 */
#define HW_SHADER_INT_UNIFORMS   4    /* i0..i3 */
#define HW_SHADER_BOOL_UNIFORMS  16   /* b0..b15 */

/* Nesting limits; going deeper is a fault. Model choice: no public source
 * gives the PICA200's stack depths; call and loop follow vs_3_0 (whose ISA
 * 3dbrew says inspired this one: 4 each), if blocks get 8. */
#define HW_SHADER_CALL_DEPTH     4
#define HW_SHADER_LOOP_DEPTH     4
#define HW_SHADER_IF_DEPTH       8

/* What one shader unit holds: code, descriptors, uniforms. */
/* The geometry unit's boolean uniform that each invocation sets. */
#define HW_GSH_B15 (1u << 15)

struct hw_shader_state {
	uint32_t code[HW_SHADER_CODE_WORDS];
	uint32_t opdesc[HW_SHADER_OPDESC_COUNT];
	float f[HW_SHADER_FLOAT_UNIFORMS][4];
	uint8_t i[HW_SHADER_INT_UNIFORMS][4];   /* x: count, y: start, z: step
						   (signed 8-bit) */
	uint16_t b;                             /* bit n: b<n> */
	uint32_t entry;                         /* main entry, in instructions */
	bool geometry_unit;                     /* program memory is
						   HW_SHADER_GSH_CODE_WORDS, not
						   HW_SHADER_VSH_CODE_WORDS */
};

/* Stall model: every latency in clocks, each a configuration key
 * (model.shader.*). The defaults are the SDK shader reference's
 * "instruction latency" table (doc/calibration.md): the clocks from an
 * instruction's issue until a dependent one can issue. */
struct hw_shader_timing {
	uint32_t result_latency;   /* mov, min, max, sge(i), slt(i), flr results: 2 */
	uint32_t add_latency;      /* add, mul, dst(i) results: 3 */
	uint32_t mad_latency;      /* mad, madi results: 4 */
	uint32_t dot_latency;      /* dp3, dp4, dph(i) results: 5 */
	uint32_t slow_latency;     /* rcp, rsq, ex2, lg2 results: 4 */
	uint32_t litp_latency;     /* litp's result: 4 */
	uint32_t mova_latency;     /* before a0 written by mova can index: 4 */
	uint32_t cmp_latency;      /* before flags of cmp/litp can be tested: 4 */
	/* Clocks a non-sequential program-counter move adds after the
	 * instruction that made it: 2 (a taken branch takes 3 clocks in
	 * all), and prefetch_miss_short for a move to pc + 2 (2 in all). */
	uint32_t prefetch_miss;
	uint32_t prefetch_miss_short;
	uint32_t max_steps;        /* runaway guard: instructions per invocation */
};

/* The five counter words of one processor (result order of
 * NN_GX_PROFILING_VERTEX_SHADERn), and the clocks they add up to. */
struct hw_shader_stats {
	uint64_t instructions;
	uint64_t stall_dependency;
	uint64_t stall_mova;
	uint64_t stall_cmp;
	uint64_t stall_prefetch;
	uint64_t clocks;           /* instructions + all four stalls */
};

/* Geometry shaders hand vertices to the primitive stage as they emit. */
struct hw_shader_emit_sink {
	/* out: o0..o15 at the emit; vertex_id: setemit's id (0..3 as encoded;
	 * assemblers emit 0..2); primitive: setemit's "prim" flag; inverted:
	 * setemit's winding flag */
	void (*emit)(void *user, const float out[HW_SHADER_OUTPUTS][4],
		     unsigned vertex_id, bool primitive, bool inverted);
	void *user;
};

void hw_shader_timing_defaults(struct hw_shader_timing *t);

/* Instructions of program memory in this unit (512 or 4096). */
uint32_t hw_shader_code_words(const struct hw_shader_state *state);

/* Run one invocation from state->entry until end: inputs v0..v15, outputs
 * o0..o15 (untouched registers keep what `out` held). `emit` may be NULL
 * for a vertex shader; an emit without a sink is a fault. Adds to *stats.
 * Returns HW_OK, or HW_ERROR_FAULT for an invalid instruction, a jump out
 * of program memory, call/loop/if nesting too deep, two mova in a row (the
 * PICA freezes), or more than max_steps instructions; `fault` (may be NULL)
 * then gets a one-line reason, and `out` and *stats are left as they were
 * (vertices already emitted stay emitted). HW_ERROR_NO_MEMORY when the
 * host is out of memory. */
enum hw_status hw_shader_run(const struct hw_shader_state *state,
			     const struct hw_shader_timing *timing,
			     const float in[HW_SHADER_INPUTS][4],
			     float out[HW_SHADER_OUTPUTS][4],
			     const struct hw_shader_emit_sink *emit,
			     struct hw_shader_stats *stats,
			     char *fault, unsigned fault_len);

/* A program prepared for many invocations: instructions are decoded once,
 * on first use, and when the path through the program cannot depend on
 * the inputs (no IFC, CALLC, JMPC, BREAKC or EMIT on it) the first
 * invocation's path and counts are recorded and later invocations replay
 * them (hw_shader_replay.c, "replay"). Results, counts and faults are those of
 * hw_shader_run, bit for bit. `state` and `timing` are read, not copied:
 * they must not change while the program lives (one draw), unless it is
 * marked live (hw_shader_program_live). Returns NULL
 * when the host is out of memory. */
struct hw_shader_program;

struct hw_shader_program *hw_shader_program_create(const struct hw_shader_state *state,
						   const struct hw_shader_timing *timing);
void hw_shader_program_destroy(struct hw_shader_program *program);

/* Mark a program whose state changes between its invocations (the
 * geometry unit: b15 and the vertices that fixed and variable modes write
 * into its float uniforms; hw_draw_vertex.c): it reads the state live and never
 * records or replays a path. */
void hw_shader_program_live(struct hw_shader_program *program);

/* hw_shader_run on a prepared program (same arguments and results; an
 * invocation that completes the recorded path compiles it, and returns
 * HW_ERROR_NO_MEMORY, with `out` and *stats untouched, when the host has
 * no memory for that). */
enum hw_status hw_shader_program_run(struct hw_shader_program *program,
				     const float in[HW_SHADER_INPUTS][4],
				     float out[HW_SHADER_OUTPUTS][4],
				     const struct hw_shader_emit_sink *emit,
				     struct hw_shader_stats *stats,
				     char *fault, unsigned fault_len);

/* True once the program's path is recorded: its invocations cannot fault
 * and all have the counts of the first. */
bool hw_shader_program_replays(const struct hw_shader_program *program);

/* A replaying program's path: the input registers it reads (bit n: v_n)
 * to *inputs, and the counts each invocation adds to *counts. An
 * invocation's outputs are a function of those registers alone (the
 * program and its uniforms being fixed): two invocations whose read
 * registers hold the same bits write the same outputs. False, and nothing
 * set, when the program does not replay. */
bool hw_shader_program_path(const struct hw_shader_program *program, uint32_t *inputs,
			    struct hw_shader_stats *counts);

/* Invocations a batched replay runs together. */
#define HW_SHADER_BATCH 8

/* hw_shader_program_run for n vertex-shader invocations (no emit sink), in
 * order: invocation k reads in[k], writes out[k] and adds to *stats[k].
 * Replayable programs run HW_SHADER_BATCH invocations at a time through
 * each instruction (SIMD across invocations); the results are those of n
 * single runs, bit for bit. *done gets the number of invocations that
 * completed; on a fault (in invocation *done) the later ones did not run.
 * The first batch of a program prepares its batch form: HW_ERROR_NO_MEMORY
 * (no invocation of that batch run) when the host has no memory for it. */
enum hw_status hw_shader_program_run_batch(struct hw_shader_program *program, unsigned n,
					   const float (*const in[])[4],
					   float (*const out[])[4],
					   struct hw_shader_stats *const stats[],
					   unsigned *done, char *fault, unsigned fault_len);

#endif
