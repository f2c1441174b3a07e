/* hw_shader_int.h: what the shader unit's files share, and nothing else
 * includes: the instruction encoding, the decoded forms of instructions
 * and programs, the interpreter's run state, the PICA arithmetic every
 * path computes with, and the four-lane vector helpers of the compiled
 * replays. The arithmetic and the vector helpers are static inline here
 * so that each path keeps them inlined in its loops. hw_shader.c says at
 * its top which file holds which stage.
 *
 * Private to hw/hw_shader*.c; the public face is hw_shader.h. */
#ifndef NNGX_HW_SHADER_INT_H
#define NNGX_HW_SHADER_INT_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "hw_shader.h"
#include "hw_simd.h"      /* HW_SSE2: SSE2 kernels, or the portable code */

/* ---- encoding ------------------------------------------------------------ */

/* 6-bit opcodes (bits 26-31). CMP uses 5 bits, MADI and MAD 3 bits. */
enum shader_op {
	OP_ADD = 0x00, OP_DP3, OP_DP4, OP_DPH, OP_DST, OP_EX2, OP_LG2, OP_LITP,
	OP_MUL, OP_SGE, OP_SLT, OP_FLR, OP_MAX, OP_MIN, OP_RCP, OP_RSQ,
	OP_MOVA = 0x12, OP_MOV,
	OP_DPHI = 0x18, OP_DSTI, OP_SGEI, OP_SLTI,
	OP_BREAK = 0x20, OP_NOP, OP_END, OP_BREAKC, OP_CALL, OP_CALLC, OP_CALLU,
	OP_IFU, OP_IFC, OP_LOOP, OP_EMIT, OP_SETEMIT, OP_JMPC, OP_JMPU,
	OP_CMP = 0x2E,
	OP_MADI = 0x30,
	OP_MAD = 0x38
};

#define REG_TEMP_FIRST    0x10  /* source and destination numbering */
#define REG_UNIFORM_FIRST 0x20
#define LITP_LIMIT        127.99609375f  /* 0x7FFF / 0x100, 3dbrew */

/* Field n bits wide at bit `at` of w. */
static inline unsigned bits(uint32_t w, unsigned at, unsigned n)
{
	return (unsigned)(w >> at) & ((1u << n) - 1);
}

/* The effective opcode: the low bits of CMP, MADI and MAD are operands. */
static inline unsigned decode_op(uint32_t w)
{
	unsigned op = bits(w, 26, 6);

	if (op >= OP_MAD)
		return OP_MAD;
	if (op >= OP_MADI)
		return OP_MADI;
	if ((op & ~1u) == OP_CMP)
		return OP_CMP;
	return op;
}

/* ---- the running unit ---------------------------------------------------- */

/* An open if block, call or loop. */
struct block {
	uint32_t end;       /* its last instruction */
	uint32_t next;      /* if: where to go after; call: the call itself;
			       loop: first instruction of the body */
	uint32_t seq;       /* opening order: the innermost closes first */
	unsigned left;      /* loop: passes still to run after this one */
	uint8_t counter;    /* loop: its aL */
	int8_t step;
};

/* One array size serves the three stacks: it must fit the deepest. */
#define STACK_MAX HW_SHADER_IF_DEPTH
typedef char stack_max_fits[STACK_MAX >= HW_SHADER_CALL_DEPTH
			    && STACK_MAX >= HW_SHADER_LOOP_DEPTH ? 1 : -1];

struct stack {
	struct block b[STACK_MAX];
	unsigned n, max;
	const char *what;
};

struct hw_shader_program;

struct run {
	struct hw_shader_program *prog;
	bool recording;     /* recording the path for replay */
	const struct hw_shader_state *st;
	const struct hw_shader_timing *tm;
	const float (*in)[4];
	const struct hw_shader_emit_sink *sink;
	float out[HW_SHADER_OUTPUTS][4];
	float r[HW_SHADER_TEMPS][4];
	int a0[2];
	uint8_t al;
	bool flag[2];
	unsigned emit_id;
	bool emit_prim, emit_inv;

	struct stack ifs, calls, loops;
	uint32_t seq;
	uint32_t pc, next, code_words;
	bool ended, last_was_mova;

	uint64_t now;       /* the clock the next instruction can issue at */
	uint64_t r_ready[HW_SHADER_TEMPS][4];
	uint64_t out_ready; /* latest ready clock of any output written */
	uint64_t a0_ready[2], flags_ready;
	struct hw_shader_stats stats;

	char *fault;
	unsigned fault_len;
};

/* ---- operands ------------------------------------------------------------ */

/* Register files a source can read. */
enum src_file { SRC_IN, SRC_TEMP, SRC_CONST, SRC_ZERO, SRC_ONE };

/* One source operand, decoded once per program: register file and number,
 * the component each lane reads, negation, the temp components whose
 * readiness it waits for, and its address index. */
struct src {
	uint8_t file;       /* enum src_file */
	uint8_t reg;        /* within its file (c: 0..95, before the index) */
	uint8_t sel[4];     /* component read by lane i */
	uint8_t neg;
	uint8_t dep;        /* SRC_TEMP: components waited for, bit 0 = x */
	uint8_t idx;        /* SRC_CONST: 0 none, 1 a0.x, 2 a0.y, 3 aL */
};

/* One instruction, decoded once per program (struct hw_shader_program). */
struct inst {
	uint8_t op;         /* effective opcode (decode_op) */
	uint8_t valid, alu;
	uint8_t nsrc;       /* sources read (ALU) */
	uint8_t dst;        /* 0x00-0x0F o, 0x10-0x1F r */
	uint8_t lanes;      /* destination lanes, bit 0 = x */
	uint8_t cmp[2];     /* CMP: operations of x and y */
	uint32_t latency;   /* clocks before its result can be read */
	uint32_t w;         /* the instruction word (flow fields) */
	struct src src[3];
};

/* The replay list's limit, in instructions (see "replay" below). */
#define TRACE_MAX 4096

enum trace_state { TRACE_UNTRIED = 0, TRACE_READY, TRACE_NONE };

struct hw_shader_program {
	const struct hw_shader_state *st;
	const struct hw_shader_timing *tm;
	uint32_t code_words;
	struct inst *code;          /* decoded on first use */
	uint8_t *decoded;           /* code[pc] is valid */
	enum trace_state trace_state;
	struct inst *trace;
	unsigned trace_len, trace_cap;
	struct hw_shader_stats trace_stats;
	uint32_t in_mask, out_mask;     /* v read, o written on the path */
	uint32_t temp_mask;             /* r read or written on the path */
	/* The recorded list compiled (see "compiled replay"), NULL when it
	 * is empty or could not be allocated; the registers each invocation
	 * copies in, clears and copies out. */
	struct compiled_op *compiled;
	unsigned compiled_len;
	uint8_t in_list[HW_SHADER_INPUTS], temp_list[HW_SHADER_TEMPS];
	uint8_t out_list[HW_SHADER_OUTPUTS];
	unsigned in_count, temp_count, out_count;
	/* v0-v15, r0-r15, o0-o15 of the running invocation */
	float frame[HW_SHADER_INPUTS + HW_SHADER_TEMPS + HW_SHADER_OUTPUTS][4];
	/* The compiled list prepared for batches, and their registers and
	 * constants (compiled_replay_batch); NULL until the first batch. */
	struct batch_op *bops;
	struct batch_step *steps;
	unsigned step_len;
	/* the temps a batch clears (some lane read before it is written) and
	 * the outputs it gathers (some lane never written), batch_prepare */
	uint8_t batch_clear_list[HW_SHADER_TEMPS], batch_gather_list[HW_SHADER_OUTPUTS];
	unsigned batch_clear_count, batch_gather_count;
	float *arena;
};

/* ---- relative addressing ------------------------------------------------- */

static const float zero4[4] = { 0, 0, 0, 0 };
static const float one4[4] = { 1, 1, 1, 1 };

/* The register a relative read of c[n] reaches, n = register + index
 * (3dbrew "GPU/Shader Instruction Set", "Relative addressing", measured on
 * hardware): outside the signed byte range it reads (0, 0, 0, 0); else the
 * low 7 bits select the register, and 96..127 read (1, 1, 1, 1). Returns
 * the register, or RELATIVE_ZERO or RELATIVE_ONE. */
#define RELATIVE_ZERO (-1)
#define RELATIVE_ONE  (-2)
static inline int relative_register(int n)
{
	if (n < -128 || n > 127)
		return RELATIVE_ZERO;
	n &= 0x7F;
	return n < HW_SHADER_FLOAT_UNIFORMS ? n : RELATIVE_ONE;
}

/* c[n] as a relative read sees it (relative_register). */
static inline const float *uniform_at(const struct hw_shader_state *st, int n)
{
	int r = relative_register(n);

	return r >= 0 ? st->f[r] : r == RELATIVE_ONE ? one4 : zero4;
}

/* Source s applied to the register `src`: the swizzle and the negation. */
static inline void swizzle(const struct src *s, const float *src, float v[4])
{
	unsigned i;

	for (i = 0; i < 4; i++)
		v[i] = s->neg ? -src[s->sel[i]] : src[s->sel[i]];
}

/* ---- arithmetic ---------------------------------------------------------- */

/* PICA product: 0 times anything, inf and NaN included, is +0. */
static inline float pica_mul(float a, float b)
{
	return a == 0.0f || b == 0.0f ? 0.0f : a * b;
}

/* Sum of the PICA products of the first n lanes of a and b, from +0, in
 * lane order. */
static inline float dot(const float *a, const float *b, unsigned n)
{
	float sum = 0.0f;
	unsigned i;

	for (i = 0; i < n; i++)
		sum += pica_mul(a[i], b[i]);
	return sum;
}

/* No negative zero on the PICA: 1/-0 is +inf there. */
static inline float unsigned_zero(float x)
{
	return x == 0.0f ? 0.0f : x;
}

/* x limited to lo..hi (NaN stays NaN). */
static inline float clampf(float x, float lo, float hi)
{
	return x < lo ? lo : x > hi ? hi : x;
}

/* The float-to-address conversion of MOVA (see the top of the file). */
static inline int to_address(float f)
{
	if (isnan(f))
		return 0;
	if (f <= -128.0f)
		return -128;
	if (f >= 127.0f)
		return 127;
	return (int)f;
}

/* Every lane of res set to x. */
static inline void broadcast(float res[4], float x)
{
	res[0] = res[1] = res[2] = res[3] = x;
}

/* Per-lane and vector results of the ops that write a register. */
static inline void compute(unsigned op, float s[3][4], float res[4])
{
	unsigned i;

	switch (op) {
	case OP_DP3: broadcast(res, dot(s[0], s[1], 3)); return;
	case OP_DP4: broadcast(res, dot(s[0], s[1], 4)); return;
	case OP_DPH: case OP_DPHI:
		broadcast(res, dot(s[0], s[1], 3) + s[1][3]);
		return;
	case OP_DST: case OP_DSTI:
		res[0] = 1.0f;
		res[1] = pica_mul(s[0][1], s[1][1]);
		res[2] = s[0][2];
		res[3] = s[1][3];
		return;
	case OP_EX2: broadcast(res, exp2f(s[0][0])); return;
	case OP_LG2: broadcast(res, log2f(s[0][0])); return;
	case OP_RCP: broadcast(res, 1.0f / unsigned_zero(s[0][0])); return;
	case OP_RSQ: broadcast(res, 1.0f / sqrtf(unsigned_zero(s[0][0]))); return;
	case OP_LITP:
		res[0] = s[0][0] > 0.0f ? s[0][0] : 0.0f;
		res[1] = clampf(s[0][1], -LITP_LIMIT, LITP_LIMIT);
		res[2] = 0.0f;
		res[3] = s[0][3] > 0.0f ? s[0][3] : 0.0f;
		return;
	default:
		break;
	}
	for (i = 0; i < 4; i++) {
		float a = s[0][i], b = s[1][i];
		switch (op) {
		case OP_ADD: res[i] = a + b; break;
		case OP_MUL: res[i] = pica_mul(a, b); break;
		case OP_SGE: case OP_SGEI: res[i] = a >= b ? 1.0f : 0.0f; break;
		case OP_SLT: case OP_SLTI: res[i] = a < b ? 1.0f : 0.0f; break;
		case OP_FLR: res[i] = floorf(a); break;
		case OP_MAX: res[i] = a > b ? a : b; break;
		case OP_MIN: res[i] = a < b ? a : b; break;
		case OP_MAD: case OP_MADI: res[i] = pica_mul(a, b) + s[2][i]; break;
		default: res[i] = a; break;   /* MOV */
		}
	}
}

/* MOVA: the lanes of `lanes` (bit 0 = x, bit 1 = y) of s into a0, as
 * addresses (to_address). */
static inline void mova_to(int a0[2], unsigned lanes, const float s[4])
{
	unsigned i;

	for (i = 0; i < 2; i++)
		if (lanes >> i & 1)
			a0[i] = to_address(s[i]);
}

/* ---- compiled replay's forms ----------------------------------------------
 *
 * The recorded list compiled (hw_shader_replay.c, "compiled replay"), and
 * read again by the batched replays (hw_shader_batch.c). */
enum compiled_kind {
	K_ADD, K_MUL, K_SGE, K_SLT, K_FLR, K_MAX, K_MIN, K_MAD, K_MOV,
	K_DP3, K_DP4, K_DPH, K_DST, K_EX2, K_LG2, K_RCP, K_RSQ, K_LITP, K_MOVA
};

enum compiled_mode { CS_DIRECT, CS_SWIZZLE, CS_RELATIVE };

struct compiled_src {
	const float *p;     /* CS_DIRECT: the value; CS_SWIZZLE: the register */
	uint8_t mode;       /* enum compiled_mode */
	uint8_t neg;
	uint8_t idx;        /* CS_RELATIVE: 1 a0.x, 2 a0.y */
	uint8_t reg;        /* CS_RELATIVE: c register before the index */
	uint8_t sel[4];
	int16_t row;        /* frame row that p points at, -1 for a constant */
};

struct compiled_op {
	uint32_t write[4];  /* all ones in the lanes written */
	uint8_t kind;       /* enum compiled_kind */
	uint8_t lanes;
	uint8_t nsrc;
	float *d;           /* destination register (not MOVA) */
	int16_t drow;       /* its frame row */
	uint8_t reads_dest; /* a source is the destination register */
	struct compiled_src s[3];
	float pool[3][4];   /* the constant sources' values */
};

/* Rows of the frame where r0 and o0 are. */
#define FRAME_TEMP HW_SHADER_INPUTS
#define FRAME_OUT  (HW_SHADER_INPUTS + HW_SHADER_TEMPS)

/* Four lanes: one SSE2 register, or four floats. */
#if HW_SSE2
typedef __m128 vec4;

static inline vec4 v4_load(const float *p) { return _mm_loadu_ps(p); }
static inline void v4_store(float *p, vec4 v) { _mm_storeu_ps(p, v); }
static inline vec4 v4_splat(float x) { return _mm_set1_ps(x); }
static inline vec4 v4_add(vec4 a, vec4 b) { return _mm_add_ps(a, b); }
static inline vec4 v4_max(vec4 a, vec4 b) { return _mm_max_ps(a, b); }
static inline vec4 v4_min(vec4 a, vec4 b) { return _mm_min_ps(a, b); }

static inline vec4 v4_mul(vec4 a, vec4 b)
{
	__m128 z = _mm_setzero_ps();
	__m128 zero = _mm_or_ps(_mm_cmpeq_ps(a, z), _mm_cmpeq_ps(b, z));

	return _mm_andnot_ps(zero, _mm_mul_ps(a, b));
}

static inline vec4 v4_sge(vec4 a, vec4 b)
{
	return _mm_and_ps(_mm_cmpge_ps(a, b), _mm_set1_ps(1.0f));
}

static inline vec4 v4_slt(vec4 a, vec4 b)
{
	return _mm_and_ps(_mm_cmplt_ps(a, b), _mm_set1_ps(1.0f));
}

/* The written lanes of v into d, the others kept. */
static inline void v4_write(float *d, vec4 v, const uint32_t write[4])
{
	__m128 m = _mm_castsi128_ps(_mm_loadu_si128((const __m128i *)(const void *)write));

	_mm_storeu_ps(d, _mm_or_ps(_mm_and_ps(m, v), _mm_andnot_ps(m, _mm_loadu_ps(d))));
}
#else
typedef struct { float f[4]; } vec4;

static inline vec4 v4_load(const float *p)
{
	vec4 v;

	memcpy(v.f, p, sizeof v.f);
	return v;
}

static inline void v4_store(float *p, vec4 v) { memcpy(p, v.f, sizeof v.f); }

static inline vec4 v4_splat(float x)
{
	vec4 v;

	broadcast(v.f, x);
	return v;
}

#define V4_LANES(name, expr)					\
	static inline vec4 name(vec4 a, vec4 b)			\
	{							\
		vec4 r;						\
		unsigned i;					\
		for (i = 0; i < 4; i++)				\
			r.f[i] = expr;				\
		return r;					\
	}
V4_LANES(v4_add, a.f[i] + b.f[i])
V4_LANES(v4_mul, pica_mul(a.f[i], b.f[i]))
V4_LANES(v4_max, a.f[i] > b.f[i] ? a.f[i] : b.f[i])
V4_LANES(v4_min, a.f[i] < b.f[i] ? a.f[i] : b.f[i])
V4_LANES(v4_sge, a.f[i] >= b.f[i] ? 1.0f : 0.0f)
V4_LANES(v4_slt, a.f[i] < b.f[i] ? 1.0f : 0.0f)
#undef V4_LANES

/* The written lanes of v into d, the others kept. */
static inline void v4_write(float *d, vec4 v, const uint32_t write[4])
{
	unsigned i;

	for (i = 0; i < 4; i++)
		if (write[i])
			d[i] = v.f[i];
}
#endif

/* Counts of s added to *to, word by word. */
static inline void stats_add(struct hw_shader_stats *to, const struct hw_shader_stats *s)
{
	to->instructions += s->instructions;
	to->stall_dependency += s->stall_dependency;
	to->stall_mova += s->stall_mova;
	to->stall_cmp += s->stall_cmp;
	to->stall_prefetch += s->stall_prefetch;
	to->clocks += s->clocks;
}

/* ---- between the files --------------------------------------------------- */

/* hw_shader_decode.c: instruction word w of the program in `st` decoded
 * into *in (every field of *in set; an invalid or flow-control opcode
 * keeps only its word and opcode). Reads st's operand descriptors, so it
 * must run again when they change. */
void hw_shader_decode(const struct hw_shader_state *st, const struct hw_shader_timing *tm,
		      uint32_t w, struct inst *in);

/* hw_shader_timing.c: clocks after an instruction of effective opcode op
 * issues before its result can be read, under tm. */
uint32_t hw_shader_latency(const struct hw_shader_timing *tm, unsigned op);

/* hw_shader_replay.c: recording the path of the running invocation
 * (run->recording), and replaying it. trace_record adds instruction a
 * (as the interpreter is about to execute it) to the program's list, or
 * abandons recording when the list cannot grow; trace_abandon stops
 * recording for the program's lifetime. */
void hw_shader_trace_record(struct run *run, const struct inst *a);
void hw_shader_trace_abandon(struct run *run);

/* The recorded list (p->trace, TRACE_READY) compiled into p->compiled and
 * the in, temp and out lists; HW_OK (an empty list stays NULL) or
 * HW_ERROR_NO_MEMORY with p->compiled NULL. */
enum hw_status hw_shader_compile_trace(struct hw_shader_program *p);

/* One invocation of the recorded path on `in`, into `out` (registers the
 * path does not write keep their values): the interpreter's results bit
 * for bit. The compiled form when p->compiled is set, else the list. */
void hw_shader_trace_replay(const struct hw_shader_program *p, const float (*in)[4],
			    float out[HW_SHADER_OUTPUTS][4]);
void hw_shader_compiled_replay(struct hw_shader_program *p, const float (*in)[4],
			       float out[HW_SHADER_OUTPUTS][4]);

/* hw_shader_batch.c: n (1..HW_SHADER_BATCH) invocations of the recorded
 * path at once, each with the single-invocation replay's bits.
 * hw_shader_batch_prepare builds the batch form of p->compiled (HW_OK, or
 * HW_ERROR_NO_MEMORY with nothing built); hw_shader_compiled_replay_batch
 * needs it; hw_shader_replay_batch replays the list when nothing was
 * compiled. */
enum hw_status hw_shader_batch_prepare(struct hw_shader_program *p);
void hw_shader_compiled_replay_batch(struct hw_shader_program *p, unsigned n,
				     const float (*const in[])[4], float (*const out[])[4]);
void hw_shader_replay_batch(const struct hw_shader_program *p, unsigned n,
			    const float (*const in[])[4], float (*const out[])[4]);

#endif
