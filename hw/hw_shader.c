/* hw_shader.c: the PICA200 shader processor, interpreted.
 *
 * Facts (encodings, opcode numbers, semantics) come from the 3dbrew pages
 * "GPU/Shader Instruction Set" (instruction formats, opcodes, operand
 * descriptors, conditions, LITP, JMPU's inverted test, and the section
 * "Floating-Point Behavior" of hardware results) and "GPU/Pitfalls" (two
 * MOVA in a row freeze the GPU), and from the open-source assemblers
 * picasso and nihstro (where they place each field, how IF and LOOP blocks
 * are encoded). Everything marked "model choice" is ours.
 *
 * Precision. The hardware computes in 24-bit floats (1 sign, 7 exponent,
 * 16 mantissa bits). We compute in IEEE binary32 and do not round to 24
 * bits or flush subnormals, except for these measured PICA rules:
 *  - 0 * anything is +0, inf and NaN included, in every product: MUL, DP3,
 *    DP4, DPH, DST and MAD.
 *  - There is no negative zero: rcp(-0) = rsq(-0) = +inf.
 *  - max(a, b) = a > b ? a : b and min(a, b) = a < b ? a : b, which gives
 *    max(NaN, 0) = 0 but max(0, NaN) = NaN as measured.
 *
 * Counting, which is what the profiling counters VERTEX_SHADERn show:
 *  - instructions: +1 per instruction executed (one program-counter
 *    transition each), NOP and the final END included.
 *  - The unit issues at most one instruction per clock, in order, from
 *    clock 0 of the invocation. An instruction that reads something not yet
 *    ready waits; the waits are taken in this order, each into its counter:
 *      stall_mova:  a c register addressed with a0.x/a0.y waits for that
 *                   component, ready mova_latency clocks after the MOVA
 *                   issued (aL is set by LOOP and is always ready);
 *      stall_dependency: r0-r15 components it reads wait for their value,
 *                   ready the writer's latency after it issued:
 *                   result_latency for MOV, MIN, MAX, SGE(I), SLT(I),
 *                   FLR; add_latency for ADD, MUL, DST(I); mad_latency
 *                   for MAD(I); dot_latency for DP3, DP4, DPH(I);
 *                   slow_latency for RCP, RSQ, EX2, LG2; litp_latency
 *                   for LITP (the SDK shader reference's classes); EMIT and END
 *                   read every output component written so far, as the
 *                   vertex leaves the unit. v and c are always ready. The
 *                   components read are those the operation uses, through
 *                   the swizzle: the written lanes for per-lane operations,
 *                   xyz / xyzw for dot products, x for RCP, RSQ, EX2, LG2;
 *      stall_cmp:   IFC, CALLC, JMPC and BREAKC wait for the condition
 *                   flags, ready cmp_latency clocks after a CMP or LITP.
 *    With a latency of 1 the very next instruction does not wait; with L it
 *    waits L - 1 clocks.
 *  - stall_prefetch: after every instruction whose successor is not at
 *    address + 1 (jump or call taken, return, loop back-edge, if/else skip,
 *    break), prefetch_miss clocks pass before the next one issues, or
 *    prefetch_miss_short when the successor is at address + 2 (the SDK
 *    shader reference: a taken branch takes 3 clocks in all, one to PC+2
 *    takes 2; model choice: every such move costs what a taken branch
 *    does, returns and loop back-edges included).
 *  - clocks = instructions + all four stalls.
 *
 * Flow control:
 *  - IFU/IFC: if true, run pc+1 .. DST-1 then continue at DST+NUM; if false
 *    continue at DST (the else block is DST .. DST+NUM-1).
 *  - CALL/CALLC/CALLU: run DST .. DST+NUM-1, then continue after the call.
 *    Model choice: a call of NUM 0 does nothing.
 *  - LOOP: aL = i.y, run pc+1 .. DST i.x + 1 times, aL += i.z (signed) after
 *    each pass. Model choice: each loop keeps its own aL; when an inner loop
 *    ends, aL is the enclosing loop's again (else it keeps its last value).
 *  - BREAK/BREAKC leave the innermost loop and continue after its last
 *    instruction; if blocks and calls opened inside the loop are dropped.
 *  - A block closes when the instruction at its last address moves on
 *    sequentially (not when it jumps). Model choice: blocks ending at the
 *    same instruction close innermost (last opened) first, and a return
 *    completes the call instruction, closing blocks that end there. JMPC
 *    and JMPU leave open blocks open (undefined on hardware).
 *
 * Out of range:
 *  - Relative addressing applies to c registers only (v and r ignore the
 *    index). c[n + index] with n + index outside -128..127 reads
 *    (0, 0, 0, 0); otherwise its low 7 bits pick the register, and 96..127
 *    read (1, 1, 1, 1) (3dbrew "Relative addressing", measured on
 *    hardware; model choice: the rule applies to the sum, aL included).
 *  - Model choice: MOVA truncates toward zero into an 8-bit signed register
 *    (saturating at -128 and 127, NaN gives 0); aL is 8 bits and wraps.
 *  - Model choice: CMP operations 6 and 7 (undocumented) are always true.
 *  - r0-r15, a0, aL and the flags start at 0 in every invocation.
 *
 * Faults (never a crash, never a read outside the arrays): invalid opcode,
 * program counter outside program memory, nesting deeper than the stacks,
 * a block ending before it starts, BREAK outside a loop, EMIT without a
 * sink, two MOVA in a row, more than max_steps instructions. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hw_alloc.h"
#include "hw_shader.h"
#include "hw_simd.h"      /* HW_SSE2: SSE2 kernels, or the portable code */
#if HW_AVX2
#include <immintrin.h>   /* the AVX2 copy's eight-lane steps */
#endif

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

static unsigned bits(uint32_t w, unsigned at, unsigned n)
{
	return (unsigned)(w >> at) & ((1u << n) - 1);
}

/* The effective opcode: the low bits of CMP, MADI and MAD are operands. */
static unsigned decode_op(uint32_t w)
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

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static enum hw_status fail(struct run *run, const char *fmt, ...)
{
	char msg[160];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (run->fault && run->fault_len > 0)
		snprintf(run->fault, run->fault_len, "pc %u: %s", (unsigned)run->pc, msg);
	return HW_ERROR_FAULT;
}

/* ---- timing -------------------------------------------------------------- */

static uint64_t wait_until(uint64_t t, uint64_t ready, uint64_t *counter)
{
	if (ready <= t)
		return t;
	*counter += ready - t;
	return ready;
}

/* Wait for a0, registers and flags in that order; return the issue clock. */
static uint64_t issue(struct run *run, uint64_t mova_ready, uint64_t dep_ready,
		      uint64_t cmp_ready)
{
	uint64_t t = run->now;

	t = wait_until(t, mova_ready, &run->stats.stall_mova);
	t = wait_until(t, dep_ready, &run->stats.stall_dependency);
	t = wait_until(t, cmp_ready, &run->stats.stall_cmp);
	run->now = t + 1;
	return t;
}

/* ---- block stacks -------------------------------------------------------- */

static void stack_init(struct stack *s, unsigned max, const char *what)
{
	s->n = 0;
	s->max = max;
	s->what = what;
}

static enum hw_status stack_push(struct run *run, struct stack *s, const struct block *b)
{
	if (s->n == s->max)
		return fail(run, "%s nesting deeper than %u", s->what, s->max);
	s->b[s->n] = *b;
	s->b[s->n].seq = run->seq++;
	s->n++;
	return HW_OK;
}

static struct block *stack_top(struct stack *s)
{
	return s->n ? &s->b[s->n - 1] : NULL;
}

/* Drop the blocks opened after `seq` (break leaves them with the loop). */
static void stack_drop_after(struct stack *s, uint32_t seq)
{
	while (s->n && s->b[s->n - 1].seq > seq)
		s->n--;
}

/* The stack whose top block ends at `pc` and was opened last, or NULL. */
static struct stack *innermost_ending_at(struct run *run, uint32_t pc)
{
	struct stack *all[3] = { &run->ifs, &run->calls, &run->loops };
	struct stack *best = NULL;
	int k;

	for (k = 0; k < 3; k++) {
		struct block *b = stack_top(all[k]);
		if (b && b->end == pc && (!best || b->seq > stack_top(best)->seq))
			best = all[k];
	}
	return best;
}

static void loop_pop(struct run *run)
{
	struct block *outer;

	run->loops.n--;
	outer = stack_top(&run->loops);
	if (outer)
		run->al = outer->counter;
}

/* The instruction at `pc` is done and control moves on sequentially: close
 * the blocks that end there, innermost first. */
static void proceed(struct run *run, uint32_t pc)
{
	for (;;) {
		struct stack *s = innermost_ending_at(run, pc);
		struct block *b;

		if (!s) {
			run->next = pc + 1;
			return;
		}
		b = stack_top(s);
		if (s == &run->ifs) {
			s->n--;
			if (b->next != pc + 1) {
				run->next = b->next;
				return;
			}
		} else if (s == &run->loops) {
			b->counter = (uint8_t)(b->counter + b->step);
			run->al = b->counter;
			if (b->left > 0) {
				b->left--;
				run->next = b->next;
				return;
			}
			loop_pop(run);
		} else {
			s->n--;
			pc = b->next;   /* the call instruction completes now */
		}
	}
}

/* Moving to pc + 1 is sequential however it is asked for. */
static void go_to(struct run *run, uint32_t pc, uint32_t target)
{
	if (target == pc + 1)
		proceed(run, pc);
	else
		run->next = target;
}

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

/* Lane i of the destination mask (bit 3 = x ... bit 0 = w) as bit i. */
static unsigned dest_lanes(uint32_t desc)
{
	unsigned m = bits(desc, 0, 4);

	return (m >> 3 & 1) | (m >> 1 & 2) | (m << 1 & 4) | (m << 3 & 8);
}

/* Which lanes of source k (0..2) the operation uses, bit 0 = x. */
static unsigned lanes_used(unsigned op, unsigned dest, unsigned k)
{
	switch (op) {
	case OP_DP3:
		return 0x7;
	case OP_DP4:
		return 0xF;
	case OP_DPH:
	case OP_DPHI:
		return k == 0 ? 0x7 : 0xF;
	case OP_DST:
	case OP_DSTI:
		return k == 0 ? 0x6 : 0xA;
	case OP_EX2: case OP_LG2: case OP_RCP: case OP_RSQ:
		return 0x1;
	case OP_LITP:
		return 0xB;
	case OP_MOVA:
		return dest & 0x3;
	case OP_CMP:
		return 0x3;
	default:
		return dest;
	}
}

static unsigned source_count(unsigned op)
{
	switch (op) {
	case OP_EX2: case OP_LG2: case OP_LITP: case OP_FLR: case OP_RCP:
	case OP_RSQ: case OP_MOVA: case OP_MOV:
		return 1;
	case OP_MAD: case OP_MADI:
		return 3;
	default:
		return 2;
	}
}

static bool is_alu(unsigned op)
{
	return op < OP_BREAK || op == OP_CMP || op == OP_MADI || op == OP_MAD;
}

static bool is_valid(unsigned op)
{
	if (op == 0x10 || op == 0x11)
		return false;
	return !(op >= 0x14 && op <= 0x17) && !(op >= 0x1C && op <= 0x1F);
}

static uint32_t latency_of(const struct hw_shader_timing *tm, unsigned op)
{
	switch (op) {
	case OP_EX2: case OP_LG2: case OP_RCP: case OP_RSQ:
		return tm->slow_latency;
	case OP_ADD: case OP_MUL: case OP_DST: case OP_DSTI:
		return tm->add_latency;
	case OP_MAD: case OP_MADI:
		return tm->mad_latency;
	case OP_DP3: case OP_DP4: case OP_DPH: case OP_DPHI:
		return tm->dot_latency;
	case OP_LITP:
		return tm->litp_latency;
	default:        /* MOV, MIN, MAX, SGE(I), SLT(I), FLR */
		return tm->result_latency;
	}
}

/* Register number `reg` (0x00-0x0F v, 0x10-0x1F r, 0x20-0x7F c) with the
 * operand descriptor's negation and swizzle for source k. */
static void decode_src(struct inst *in, unsigned k, unsigned reg, uint32_t desc,
		       unsigned idx_if_rel)
{
	struct src *s = &in->src[k];
	unsigned base = 4 + 9 * k, swz = bits(desc, base + 1, 8);
	unsigned used = lanes_used(in->op, in->lanes, k), i;

	s->neg = (uint8_t)bits(desc, base, 1);
	s->dep = 0;
	s->idx = 0;
	for (i = 0; i < 4; i++)
		s->sel[i] = (uint8_t)bits(swz, 6 - 2 * i, 2);
	if (reg < REG_TEMP_FIRST) {
		s->file = SRC_IN;
		s->reg = (uint8_t)reg;
	} else if (reg < REG_UNIFORM_FIRST) {
		s->file = SRC_TEMP;
		s->reg = (uint8_t)(reg - REG_TEMP_FIRST);
		for (i = 0; i < 4; i++)
			if (used >> i & 1)
				s->dep |= (uint8_t)(1u << s->sel[i]);
	} else {
		s->file = SRC_CONST;
		s->reg = (uint8_t)(reg - REG_UNIFORM_FIRST);
		s->idx = (uint8_t)idx_if_rel;
	}
}

/* Formats 1, 1u, 1c (wide src1), 1i (wide src2), 5 and 5i for arithmetic
 * instructions; flow control keeps its word. */
static void decode(const struct hw_shader_state *st, const struct hw_shader_timing *tm,
		   uint32_t w, struct inst *in)
{
	unsigned op = decode_op(w), reg[3] = { 0, 0, 0 }, rel, idx, k;
	uint32_t desc;

	memset(in, 0, sizeof *in);
	in->op = (uint8_t)op;
	in->w = w;
	in->valid = is_valid(op);
	in->alu = is_alu(op);
	if (!in->valid || !in->alu)
		return;
	if (op == OP_MAD || op == OP_MADI) {
		desc = st->opdesc[bits(w, 0, 5)];
		reg[0] = bits(w, 17, 5);
		reg[1] = op == OP_MAD ? bits(w, 10, 7) : bits(w, 12, 5);
		reg[2] = op == OP_MAD ? bits(w, 5, 5) : bits(w, 5, 7);
		rel = op == OP_MAD ? 1 : 2;
		idx = bits(w, 22, 2);
		in->dst = (uint8_t)bits(w, 24, 5);
	} else {
		desc = st->opdesc[bits(w, 0, 7)];
		in->dst = (uint8_t)bits(w, 21, 5);
		idx = bits(w, 19, 2);
		if (op >= OP_DPHI && op <= OP_SLTI) {
			reg[0] = bits(w, 14, 5);
			reg[1] = bits(w, 7, 7);
			rel = 1;
		} else {
			reg[0] = bits(w, 12, 7);
			reg[1] = bits(w, 7, 5);
			rel = 0;
		}
	}
	in->lanes = (uint8_t)dest_lanes(desc);
	in->nsrc = (uint8_t)source_count(op);
	in->cmp[0] = (uint8_t)bits(w, 24, 3);
	in->cmp[1] = (uint8_t)bits(w, 21, 3);
	in->latency = latency_of(tm, op);
	for (k = 0; k < in->nsrc; k++)
		decode_src(in, k, reg[k], desc, k == rel ? idx : 0);
}

/* The integer the address index selects. */
static int index_value(const struct run *run, unsigned idx)
{
	if (idx == 1 || idx == 2)
		return run->a0[idx - 1];
	return idx == 3 ? run->al : 0;
}

static const float zero4[4] = { 0, 0, 0, 0 };
static const float one4[4] = { 1, 1, 1, 1 };

/* The register a relative read of c[n] reaches, n = register + index
 * (3dbrew "GPU/Shader Instruction Set", "Relative addressing", measured on
 * hardware): outside the signed byte range it reads (0, 0, 0, 0); else the
 * low 7 bits select the register, and 96..127 read (1, 1, 1, 1). Returns
 * the register, or RELATIVE_ZERO or RELATIVE_ONE. */
#define RELATIVE_ZERO (-1)
#define RELATIVE_ONE  (-2)
static int relative_register(int n)
{
	if (n < -128 || n > 127)
		return RELATIVE_ZERO;
	n &= 0x7F;
	return n < HW_SHADER_FLOAT_UNIFORMS ? n : RELATIVE_ONE;
}

/* c[n] as a relative read sees it (relative_register). */
static const float *uniform_at(const struct hw_shader_state *st, int n)
{
	int r = relative_register(n);

	return r >= 0 ? st->f[r] : r == RELATIVE_ONE ? one4 : zero4;
}

static void swizzle(const struct src *s, const float *src, float v[4])
{
	unsigned i;

	for (i = 0; i < 4; i++)
		v[i] = s->neg ? -src[s->sel[i]] : src[s->sel[i]];
}

/* Read source k: value after swizzle and negation, and the clocks its
 * registers and its address index are ready at. */
static void read_source(const struct run *run, const struct inst *a, unsigned k,
			float v[4], uint64_t *dep_ready, uint64_t *mova_ready)
{
	const struct src *s = &a->src[k];
	const float *src;
	unsigned c;

	if (s->file == SRC_IN) {
		src = run->in[s->reg];
	} else if (s->file == SRC_TEMP) {
		src = run->r[s->reg];
		for (c = 0; c < 4; c++)
			if ((s->dep >> c & 1) && run->r_ready[s->reg][c] > *dep_ready)
				*dep_ready = run->r_ready[s->reg][c];
	} else {
		int n = s->reg;
		if (s->idx) {
			n += index_value(run, s->idx);
			if (s->idx < 3 && run->a0_ready[s->idx - 1] > *mova_ready)
				*mova_ready = run->a0_ready[s->idx - 1];
		}
		src = uniform_at(run->st, n);
	}
	swizzle(s, src, v);
}

static void write_dest(struct run *run, const struct inst *a, const float v[4],
		       uint64_t ready)
{
	unsigned lanes = a->lanes, i;
	float *d = a->dst < REG_TEMP_FIRST ? run->out[a->dst]
					   : run->r[a->dst - REG_TEMP_FIRST];

	for (i = 0; i < 4; i++) {
		if (!(lanes >> i & 1))
			continue;
		d[i] = v[i];
		if (a->dst >= REG_TEMP_FIRST)
			run->r_ready[a->dst - REG_TEMP_FIRST][i] = ready;
		else if (ready > run->out_ready)
			run->out_ready = ready;
	}
}

/* ---- arithmetic ---------------------------------------------------------- */

/* PICA product: 0 times anything, inf and NaN included, is +0. */
static float pica_mul(float a, float b)
{
	return a == 0.0f || b == 0.0f ? 0.0f : a * b;
}

static float dot(const float *a, const float *b, unsigned n)
{
	float sum = 0.0f;
	unsigned i;

	for (i = 0; i < n; i++)
		sum += pica_mul(a[i], b[i]);
	return sum;
}

/* No negative zero on the PICA: 1/-0 is +inf there. */
static float unsigned_zero(float x)
{
	return x == 0.0f ? 0.0f : x;
}

static float clampf(float x, float lo, float hi)
{
	return x < lo ? lo : x > hi ? hi : x;
}

static bool compare(unsigned op, float a, float b)
{
	switch (op) {
	case 0: return a == b;
	case 1: return a != b;
	case 2: return a < b;
	case 3: return a <= b;
	case 4: return a > b;
	case 5: return a >= b;
	default: return true;   /* model choice: 6 and 7 are undocumented */
	}
}

/* The float-to-address conversion of MOVA (see the top of the file). */
static int to_address(float f)
{
	if (isnan(f))
		return 0;
	if (f <= -128.0f)
		return -128;
	if (f >= 127.0f)
		return 127;
	return (int)f;
}

static void broadcast(float res[4], float x)
{
	res[0] = res[1] = res[2] = res[3] = x;
}

/* Per-lane and vector results of the ops that write a register. */
static void compute(unsigned op, float s[3][4], float res[4])
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

/* Flags of CMP (cmpx bits 24-26, cmpy bits 21-23) and LITP. */
static void set_flags(struct run *run, const struct inst *a, float s[3][4], uint64_t t)
{
	if (a->op == OP_CMP) {
		run->flag[0] = compare(a->cmp[0], s[0][0], s[1][0]);
		run->flag[1] = compare(a->cmp[1], s[0][1], s[1][1]);
	} else {
		/* 3dbrew: LITP sets cmp.x and cmp.y on src.x and src.w >= 0. */
		run->flag[0] = s[0][0] >= 0.0f;
		run->flag[1] = s[0][3] >= 0.0f;
	}
	run->flags_ready = t + run->tm->cmp_latency;
}

static void mova_to(int a0[2], unsigned lanes, const float s[4])
{
	unsigned i;

	for (i = 0; i < 2; i++)
		if (lanes >> i & 1)
			a0[i] = to_address(s[i]);
}

static void do_mova(struct run *run, const struct inst *a, const float s[4], uint64_t t)
{
	unsigned i;

	mova_to(run->a0, a->lanes, s);
	for (i = 0; i < 2; i++)
		if (a->lanes >> i & 1)
			run->a0_ready[i] = t + run->tm->mova_latency;
}

static void trace_record(struct run *run, const struct inst *a);
static void trace_abandon(struct run *run);

static enum hw_status exec_alu(struct run *run, const struct inst *a)
{
	float s[3][4] = { { 0 } }, res[4];
	uint64_t dep = 0, mova = 0, t;
	unsigned k, op = a->op;

	if (op == OP_MOVA && run->last_was_mova)
		return fail(run, "two mova in a row (the PICA freezes)");
	if (run->recording)
		trace_record(run, a);
	for (k = 0; k < a->nsrc; k++)
		read_source(run, a, k, s[k], &dep, &mova);
	t = issue(run, mova, dep, 0);

	if (op == OP_MOVA) {
		do_mova(run, a, s[0], t);
	} else {
		if (op == OP_CMP || op == OP_LITP)
			set_flags(run, a, s, t);
		if (op != OP_CMP) {
			compute(op, s, res);
			write_dest(run, a, res, t + a->latency);
		}
	}
	proceed(run, run->pc);
	return HW_OK;
}

/* ---- flow control -------------------------------------------------------- */

/* Format 2 condition: flags against REFX (bit 25) / REFY (bit 24),
 * combined by bits 22-23 (0 or, 1 and, 2 x only, 3 y only). */
static bool condition(const struct run *run, uint32_t w)
{
	bool x = run->flag[0] == (bool)bits(w, 25, 1);
	bool y = run->flag[1] == (bool)bits(w, 24, 1);

	switch (bits(w, 22, 2)) {
	case 0: return x || y;
	case 1: return x && y;
	case 2: return x;
	default: return y;
	}
}

static bool bool_uniform(const struct run *run, uint32_t w)
{
	return run->st->b >> bits(w, 22, 4) & 1;
}

static uint32_t flow_dst(uint32_t w)
{
	return bits(w, 10, 12);
}

static uint32_t flow_num(uint32_t w)
{
	return bits(w, 0, 8);
}

static enum hw_status do_call(struct run *run, uint32_t w)
{
	struct block b = { 0 };
	enum hw_status s;

	if (flow_num(w) == 0) {
		proceed(run, run->pc);
		return HW_OK;
	}
	b.end = flow_dst(w) + flow_num(w) - 1;
	b.next = run->pc;
	s = stack_push(run, &run->calls, &b);
	if (s == HW_OK)
		run->next = flow_dst(w);
	return s;
}

static enum hw_status do_if(struct run *run, uint32_t w, bool taken)
{
	struct block b = { 0 };
	enum hw_status s;

	if (flow_dst(w) <= run->pc)
		return fail(run, "if block ends before it starts (dst %u)", flow_dst(w));
	if (!taken) {
		go_to(run, run->pc, flow_dst(w));
		return HW_OK;
	}
	b.end = flow_dst(w) - 1;
	b.next = flow_dst(w) + flow_num(w);
	s = stack_push(run, &run->ifs, &b);
	if (s == HW_OK)
		proceed(run, run->pc);
	return s;
}

static enum hw_status do_loop(struct run *run, uint32_t w)
{
	const uint8_t *i = run->st->i[bits(w, 22, 2)];
	struct block b = { 0 };
	enum hw_status s;

	if (flow_dst(w) <= run->pc)
		return fail(run, "loop body ends before it starts (dst %u)", flow_dst(w));
	b.end = flow_dst(w);
	b.next = run->pc + 1;
	b.left = i[0];
	b.counter = i[1];
	b.step = (int8_t)i[2];
	s = stack_push(run, &run->loops, &b);
	if (s == HW_OK) {
		run->al = i[1];
		run->next = run->pc + 1;
	}
	return s;
}

static enum hw_status do_break(struct run *run)
{
	struct block *loop = stack_top(&run->loops);
	uint32_t end;

	if (!loop)
		return fail(run, "break outside a loop");
	stack_drop_after(&run->ifs, loop->seq);
	stack_drop_after(&run->calls, loop->seq);
	end = loop->end;
	loop_pop(run);
	proceed(run, end);
	return HW_OK;
}

static enum hw_status do_emit(struct run *run)
{
	if (!run->sink || !run->sink->emit)
		return fail(run, "emit without a geometry sink");
	issue(run, 0, run->out_ready, 0);
	run->sink->emit(run->sink->user, (const float (*)[4])run->out, run->emit_id,
			run->emit_prim, run->emit_inv);
	proceed(run, run->pc);
	return HW_OK;
}

static void do_setemit(struct run *run, uint32_t w)
{
	run->emit_inv = bits(w, 22, 1);
	run->emit_prim = bits(w, 23, 1);
	run->emit_id = bits(w, 24, 2);
	proceed(run, run->pc);
}

/* Instructions that test flags wait for them; the others issue at once. */
static bool tests_flags(unsigned op)
{
	return op == OP_BREAKC || op == OP_CALLC || op == OP_IFC || op == OP_JMPC;
}

static enum hw_status exec_flow(struct run *run, const struct inst *a)
{
	uint32_t pc = run->pc, w = a->w;
	unsigned op = a->op;

	/* A path that depends on the data, or an emit, cannot be replayed. */
	if (run->recording && (tests_flags(op) || op == OP_EMIT))
		trace_abandon(run);

	if (op != OP_EMIT && op != OP_END)
		issue(run, 0, 0, tests_flags(op) ? run->flags_ready : 0);
	switch (op) {
	case OP_END:
		issue(run, 0, run->out_ready, 0);
		run->ended = true;
		return HW_OK;
	case OP_NOP: proceed(run, pc); return HW_OK;
	case OP_BREAK: return do_break(run);
	case OP_BREAKC:
		if (condition(run, w))
			return do_break(run);
		proceed(run, pc);
		return HW_OK;
	case OP_CALL: return do_call(run, w);
	case OP_CALLC:
		if (condition(run, w))
			return do_call(run, w);
		proceed(run, pc);
		return HW_OK;
	case OP_CALLU:
		if (bool_uniform(run, w))
			return do_call(run, w);
		proceed(run, pc);
		return HW_OK;
	case OP_IFU: return do_if(run, w, bool_uniform(run, w));
	case OP_IFC: return do_if(run, w, condition(run, w));
	case OP_LOOP: return do_loop(run, w);
	case OP_EMIT: return do_emit(run);
	case OP_SETEMIT: do_setemit(run, w); return HW_OK;
	case OP_JMPC:
		if (condition(run, w))
			go_to(run, pc, flow_dst(w));
		else
			proceed(run, pc);
		return HW_OK;
	default: /* OP_JMPU: bit 0 of NUM inverts the test */
		if (bool_uniform(run, w) != (bool)(flow_num(w) & 1))
			go_to(run, pc, flow_dst(w));
		else
			proceed(run, pc);
		return HW_OK;
	}
}

/* ---- the fetch loop ------------------------------------------------------ */

static const struct inst *fetch(struct run *run, uint32_t pc)
{
	struct hw_shader_program *p = run->prog;

	if (!p->decoded[pc]) {
		decode(p->st, p->tm, p->st->code[pc], &p->code[pc]);
		p->decoded[pc] = 1;
	}
	return &p->code[pc];
}

static enum hw_status step(struct run *run)
{
	const struct inst *a;
	enum hw_status s;

	if (run->pc >= run->code_words)
		return fail(run, "outside program memory (%u instructions)",
			    (unsigned)run->code_words);
	if (run->stats.instructions >= run->tm->max_steps)
		return fail(run, "more than %u instructions (runaway guard)",
			    (unsigned)run->tm->max_steps);
	a = fetch(run, run->pc);
	if (!a->valid)
		return fail(run, "invalid opcode 0x%02x", (unsigned)a->op);
	run->stats.instructions++;
	s = a->alu ? exec_alu(run, a) : exec_flow(run, a);
	run->last_was_mova = a->op == OP_MOVA;
	if (s != HW_OK || run->ended)
		return s;
	if (run->next != run->pc + 1) {
		uint32_t miss = run->next == run->pc + 2 ? run->tm->prefetch_miss_short
			       : run->tm->prefetch_miss;

		run->stats.stall_prefetch += miss;
		run->now += miss;
	}
	run->pc = run->next;
	return HW_OK;
}

static void run_init(struct run *run, struct hw_shader_program *p,
		     const float in[HW_SHADER_INPUTS][4],
		     float out[HW_SHADER_OUTPUTS][4])
{
	memset(run, 0, sizeof *run);
	run->prog = p;
	run->st = p->st;
	run->tm = p->tm;
	run->in = in;
	memcpy(run->out, out, sizeof run->out);
	stack_init(&run->ifs, HW_SHADER_IF_DEPTH, "if");
	stack_init(&run->calls, HW_SHADER_CALL_DEPTH, "call");
	stack_init(&run->loops, HW_SHADER_LOOP_DEPTH, "loop");
	run->code_words = p->code_words;
	run->pc = p->st->entry;
}

/* ---- replay -------------------------------------------------------------- *
 *
 * When an invocation's path through the program cannot depend on its
 * inputs, every invocation of the program takes the same path and has the
 * same timing: what decides the path is flow control on the b and i
 * uniforms (fixed while the program lives) and on the condition flags (the
 * only data-dependent part), and the stall counts depend on nothing but
 * the path and the latencies. So the first invocation records the
 * arithmetic instructions it executes, with aL-relative reads resolved
 * (aL too depends only on the path), together with its counts, and the
 * following ones replay that list and add the same counts. Recording is
 * abandoned, for the program's lifetime, as soon as an instruction tests
 * the flags (IFC, CALLC, JMPC, BREAKC) or emits, or the list would pass
 * TRACE_MAX instructions, or the invocation faults. Replay computes every
 * value with the same operations in the same order as the interpreter, so
 * the results are bit-identical; the flags are not replayed (nothing on a
 * replayable path reads them) and a0 is (it selects c registers). */
static void trace_abandon(struct run *run)
{
	run->recording = false;
	run->prog->trace_state = TRACE_NONE;
}

static void trace_record(struct run *run, const struct inst *a)
{
	struct hw_shader_program *p = run->prog;
	struct inst *t;
	unsigned k;

	if (a->op == OP_CMP)
		return;     /* flags only: nothing on the path reads them */
	if (p->trace_len == p->trace_cap) {
		unsigned cap = p->trace_cap ? 2 * p->trace_cap : 64;
		/* Not hw_realloc: the trace is a speed-up, and when it cannot
		 * grow the interpreter runs with the same results (nothing to
		 * report; tests/check-alloc-sites.sh lists this site). */
		struct inst *grown = cap <= TRACE_MAX ? realloc(p->trace, cap * sizeof *grown) : NULL;
		if (!grown) {
			trace_abandon(run);
			return;
		}
		p->trace = grown;
		p->trace_cap = cap;
	}
	t = &p->trace[p->trace_len++];
	*t = *a;
	if (t->op != OP_MOVA && t->dst < REG_TEMP_FIRST)
		p->out_mask |= 1u << t->dst;
	for (k = 0; k < t->nsrc; k++) {
		struct src *s = &t->src[k];
		if (s->file == SRC_IN)
			p->in_mask |= 1u << s->reg;
		if (s->file == SRC_CONST && s->idx == 3) {
			int n = relative_register(s->reg + run->al);
			s->idx = 0;
			if (n >= 0)
				s->reg = (uint8_t)n;
			else
				s->file = n == RELATIVE_ONE ? SRC_ONE : SRC_ZERO;
		}
	}
}

static void trace_replay(const struct hw_shader_program *p, const float (*in)[4],
			 float out[HW_SHADER_OUTPUTS][4])
{
	const struct hw_shader_state *st = p->st;
	/* p->trace is NULL when nothing was recorded */
	const struct inst *a = p->trace, *end = a ? a + p->trace_len : a;
	float r[HW_SHADER_TEMPS][4];
	int a0[2] = { 0, 0 };

	memset(r, 0, sizeof r);
	for (; a < end; a++) {
		float s[3][4] = { { 0 } }, res[4], *d;
		unsigned k, i;

		for (k = 0; k < a->nsrc; k++) {
			const struct src *sr = &a->src[k];
			const float *src;

			switch (sr->file) {
			case SRC_IN: src = in[sr->reg]; break;
			case SRC_TEMP: src = r[sr->reg]; break;
			case SRC_CONST:
				src = sr->idx ? uniform_at(st, sr->reg + a0[sr->idx - 1])
					      : st->f[sr->reg];
				break;
			case SRC_ONE: src = one4; break;
			default: src = zero4; break;
			}
			swizzle(sr, src, s[k]);
		}
		if (a->op == OP_MOVA) {
			mova_to(a0, a->lanes, s[0]);
			continue;
		}
		compute(a->op, s, res);
		d = a->dst < REG_TEMP_FIRST ? out[a->dst] : r[a->dst - REG_TEMP_FIRST];
		for (i = 0; i < 4; i++)
			if (a->lanes >> i & 1)
				d[i] = res[i];
	}
}

/* ---- compiled replay ------------------------------------------------------
 *
 * The recorded list, compiled once when it is complete: each instruction
 * gets a dense kind, a pointer to its destination with the lanes it
 * writes, and per source either a pointer to the value it reads as it is
 * (an identity swizzle without negation) or the register and the swizzle
 * to apply. The registers of an invocation live in the program's frame
 * (the program serves one draw, one invocation at a time), so these
 * pointers are fixed. Sources on c registers without an a0 index, and the
 * fixed values of aL reads outside c0..c95, cannot change while the
 * program lives: they are swizzled and negated once, into the
 * instruction's constant pool.
 *
 * Every value is computed with the operations of compute(), lane by lane
 * in the same order, so the results are bit-identical. With SSE2 the four
 * lanes go through one vector operation each: IEEE single-precision
 * add and multiply per lane are the scalar ones; pica_mul's zero rule is a
 * mask of the compares with zero (false for NaN, as in C); MAXPS and MINPS
 * return their first operand exactly when a > b (a < b), else the second,
 * which is max() and min() above, NaN and signed zeros included; the sums
 * of dot products stay scalar, in dot()'s order. -std=c99 keeps the
 * compiler from contracting a * b + c into one fused operation. */
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

static uint8_t compiled_kind_of(unsigned op)
{
	switch (op) {
	case OP_ADD: return K_ADD;
	case OP_MUL: return K_MUL;
	case OP_SGE: case OP_SGEI: return K_SGE;
	case OP_SLT: case OP_SLTI: return K_SLT;
	case OP_FLR: return K_FLR;
	case OP_MAX: return K_MAX;
	case OP_MIN: return K_MIN;
	case OP_MAD: case OP_MADI: return K_MAD;
	case OP_DP3: return K_DP3;
	case OP_DP4: return K_DP4;
	case OP_DPH: case OP_DPHI: return K_DPH;
	case OP_DST: case OP_DSTI: return K_DST;
	case OP_EX2: return K_EX2;
	case OP_LG2: return K_LG2;
	case OP_RCP: return K_RCP;
	case OP_RSQ: return K_RSQ;
	case OP_LITP: return K_LITP;
	case OP_MOVA: return K_MOVA;
	default: return K_MOV;
	}
}

static void compile_src(struct hw_shader_program *p, const struct src *s, float *pool,
			struct compiled_src *c)
{
	bool identity = !s->neg && s->sel[0] == 0 && s->sel[1] == 1 && s->sel[2] == 2
			&& s->sel[3] == 3;
	unsigned i;

	memset(c, 0, sizeof *c);
	c->neg = s->neg;
	c->row = -1;
	memcpy(c->sel, s->sel, sizeof c->sel);
	switch (s->file) {
	case SRC_IN:
	case SRC_TEMP:
		c->row = (int16_t)((s->file == SRC_IN ? 0 : FRAME_TEMP) + s->reg);
		c->p = p->frame[c->row];
		c->mode = identity ? CS_DIRECT : CS_SWIZZLE;
		if (s->file == SRC_TEMP)
			p->temp_mask |= 1u << s->reg;
		return;
	case SRC_CONST:
		if (s->idx) {
			c->mode = CS_RELATIVE;
			c->idx = s->idx;
			c->reg = s->reg;
			return;
		}
		swizzle(s, p->st->f[s->reg], pool);
		break;
	default:
		swizzle(s, s->file == SRC_ONE ? one4 : zero4, pool);
		break;
	}
	c->mode = CS_DIRECT;
	c->p = pool;
	for (i = 0; i < 4; i++)
		c->sel[i] = (uint8_t)i;
}

/* The registers numbered by the set bits of mask, in order; their count. */
static unsigned mask_list(uint32_t mask, uint8_t list[16])
{
	unsigned r, n = 0;

	for (r = 0; r < 16; r++)
		if (mask >> r & 1)
			list[n++] = (uint8_t)r;
	return n;
}

/* Compile the recorded list (an empty one stays NULL). */
static enum hw_status compile_trace(struct hw_shader_program *p)
{
	unsigned n = p->trace_len, j, k, i;

	if (n == 0)
		return HW_OK;
	p->compiled = hw_malloc(n * sizeof *p->compiled);
	if (!p->compiled)
		return HW_ERROR_NO_MEMORY;
	p->temp_mask = 0;
	for (j = 0; j < n; j++) {
		const struct inst *a = &p->trace[j];
		struct compiled_op *c = &p->compiled[j];

		memset(c, 0, sizeof *c);
		c->kind = compiled_kind_of(a->op);
		c->lanes = a->lanes;
		c->nsrc = a->nsrc;
		for (i = 0; i < 4; i++)
			c->write[i] = a->lanes >> i & 1 ? UINT32_MAX : 0;
		if (a->op != OP_MOVA) {
			if (a->dst < REG_TEMP_FIRST) {
				c->drow = (int16_t)(FRAME_OUT + a->dst);
			} else {
				c->drow = (int16_t)(FRAME_TEMP + a->dst - REG_TEMP_FIRST);
				p->temp_mask |= 1u << (a->dst - REG_TEMP_FIRST);
			}
			c->d = p->frame[c->drow];
		}
		for (k = 0; k < a->nsrc; k++) {
			compile_src(p, &a->src[k], c->pool[k], &c->s[k]);
			if (c->s[k].row >= 0 && c->s[k].row == c->drow)
				c->reads_dest = 1;
		}
	}
	p->in_count = mask_list(p->in_mask, p->in_list);
	p->temp_count = mask_list(p->temp_mask, p->temp_list);
	p->out_count = mask_list(p->out_mask, p->out_list);
	p->compiled_len = n;
	return HW_OK;
}

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

static inline void v4_write(float *d, vec4 v, const uint32_t write[4])
{
	unsigned i;

	for (i = 0; i < 4; i++)
		if (write[i])
			d[i] = v.f[i];
}
#endif

/* The value of a compiled source. */
static inline vec4 compiled_value(const struct hw_shader_state *st,
				  const struct compiled_src *s, const int a0[2])
{
	const float *from;
	float t[4];

	if (s->mode == CS_DIRECT)
		return v4_load(s->p);
	from = s->mode == CS_SWIZZLE ? s->p : uniform_at(st, s->reg + a0[s->idx - 1]);
	if (s->neg) {
		t[0] = -from[s->sel[0]];
		t[1] = -from[s->sel[1]];
		t[2] = -from[s->sel[2]];
		t[3] = -from[s->sel[3]];
	} else {
		t[0] = from[s->sel[0]];
		t[1] = from[s->sel[1]];
		t[2] = from[s->sel[2]];
		t[3] = from[s->sel[3]];
	}
	return v4_load(t);
}

/* dot() of the first n lanes from the products: the same sum, in order. */
static inline float sum_products(vec4 prod, unsigned n)
{
	float p[4], sum = 0.0f;

	v4_store(p, prod);
	sum += p[0];
	sum += p[1];
	sum += p[2];
	if (n == 4)
		sum += p[3];
	return sum;
}

static void compiled_replay(struct hw_shader_program *p, const float (*in)[4],
			    float out[HW_SHADER_OUTPUTS][4])
{
	const struct hw_shader_state *st = p->st;
	const struct compiled_op *c = p->compiled, *end = c + p->compiled_len;
	float (*fr)[4] = p->frame;
	int a0[2] = { 0, 0 };
	unsigned j;

	for (j = 0; j < p->in_count; j++)
		memcpy(fr[p->in_list[j]], in[p->in_list[j]], sizeof fr[0]);
	for (j = 0; j < p->temp_count; j++)
		memset(fr[FRAME_TEMP + p->temp_list[j]], 0, sizeof fr[0]);
	for (j = 0; j < p->out_count; j++)
		memcpy(fr[FRAME_OUT + p->out_list[j]], out[p->out_list[j]], sizeof fr[0]);

	for (; c < end; c++) {
		vec4 x = compiled_value(st, &c->s[0], a0), y = x, r;
		float v[4], w[4];

		if (c->nsrc > 1)
			y = compiled_value(st, &c->s[1], a0);
		switch (c->kind) {
		case K_ADD: r = v4_add(x, y); break;
		case K_MUL: r = v4_mul(x, y); break;
		case K_SGE: r = v4_sge(x, y); break;
		case K_SLT: r = v4_slt(x, y); break;
		case K_MAX: r = v4_max(x, y); break;
		case K_MIN: r = v4_min(x, y); break;
		case K_MAD: r = v4_add(v4_mul(x, y), compiled_value(st, &c->s[2], a0)); break;
		case K_DP3: r = v4_splat(sum_products(v4_mul(x, y), 3)); break;
		case K_DP4: r = v4_splat(sum_products(v4_mul(x, y), 4)); break;
		case K_DPH:
			v4_store(w, y);
			r = v4_splat(sum_products(v4_mul(x, y), 3) + w[3]);
			break;
		case K_MOVA:
			v4_store(v, x);
			mova_to(a0, c->lanes, v);
			continue;
		case K_MOV: r = x; break;
		default:
			/* FLR, DST, EX2, LG2, RCP, RSQ, LITP: as compute() does them */
			{
				float s[3][4] = { { 0 } };

				v4_store(s[0], x);
				v4_store(s[1], y);
				compute(c->kind == K_FLR ? OP_FLR : c->kind == K_DST ? OP_DST
					: c->kind == K_EX2 ? OP_EX2 : c->kind == K_LG2 ? OP_LG2
					: c->kind == K_RCP ? OP_RCP : c->kind == K_RSQ ? OP_RSQ
					: OP_LITP, s, v);
				r = v4_load(v);
			}
			break;
		}
		v4_write(c->d, r, c->write);
	}

	for (j = 0; j < p->out_count; j++)
		memcpy(out[p->out_list[j]], fr[FRAME_OUT + p->out_list[j]], sizeof fr[0]);
}

/* ---- batched compiled replay ----------------------------------------------
 *
 * compiled_replay for up to HW_SHADER_BATCH invocations at once, the
 * registers laid out component by component with one float per invocation
 * (p->sframe[row][component][invocation], rows as in p->frame), so that
 * one vector operation does four invocations' same component (eight in
 * the AVX2 copy). Every element gets the very operation compiled_replay
 * gives it (the same v4_* functions, elementwise, or v8_* ones that do
 * per lane what they do; dot products summed from +0 in dot()'s
 * order; negation as C's unary minus), so each invocation's results are
 * compiled_replay's bits. Swizzles cost nothing here: a source is four row
 * pointers. The operations compiled_replay does through compute(), and
 * MOVA and relative constants, are done invocation by invocation. Unused
 * invocation slots compute on zeros and are dropped. */
#define B HW_SHADER_BATCH

#if HW_SSE2
/* x with its sign flipped where `sign` (all lanes 0 or 0x80000000) has it:
 * unary minus, a sign flip. */
static inline vec4 v4_sign(vec4 x, vec4 sign) { return _mm_xor_ps(x, sign); }
static inline vec4 v4_sign_mask(uint32_t sign)
{
	return _mm_castsi128_ps(_mm_set1_epi32((int)sign));
}

/* 1 / x and 1 / sqrt(x) with -0 taken as +0 (compute()'s RCP and RSQ):
 * DIVPS and SQRTPS round each lane as DIVSS and SQRTSS (what the scalar
 * code compiles to) do. */
static inline vec4 v4_unsigned_zero(vec4 x)
{
	return _mm_andnot_ps(_mm_cmpeq_ps(x, _mm_setzero_ps()), x);
}

static inline vec4 v4_rcp(vec4 x) { return _mm_div_ps(_mm_set1_ps(1.0f), v4_unsigned_zero(x)); }

static inline vec4 v4_rsq(vec4 x)
{
	return _mm_div_ps(_mm_set1_ps(1.0f), _mm_sqrt_ps(v4_unsigned_zero(x)));
}

#if HW_AVX2
/* Eight lanes, for the AVX2 copy of the steps' loop (replay_steps_avx2):
 * each v8_* function does per lane what its v4_* namesake does (the
 * comparisons are the same predicates: EQ, LT and GE false on NaN; MAXPS
 * and MINPS lane by lane), so the same bits. */
typedef __m256 vec8;

#define V8 static inline HW_AVX2_TARGET
V8 vec8 v8_load(const float *p) { return _mm256_loadu_ps(p); }
V8 void v8_store(float *p, vec8 v) { _mm256_storeu_ps(p, v); }
V8 vec8 v8_splat(float x) { return _mm256_set1_ps(x); }
V8 vec8 v8_add(vec8 a, vec8 b) { return _mm256_add_ps(a, b); }
V8 vec8 v8_max(vec8 a, vec8 b) { return _mm256_max_ps(a, b); }
V8 vec8 v8_min(vec8 a, vec8 b) { return _mm256_min_ps(a, b); }
V8 vec8 v8_sign(vec8 x, vec8 sign) { return _mm256_xor_ps(x, sign); }
V8 vec8 v8_sign_mask(uint32_t sign) { return _mm256_castsi256_ps(_mm256_set1_epi32((int)sign)); }

V8 vec8 v8_mul(vec8 a, vec8 b)
{
	__m256 z = _mm256_setzero_ps();
	__m256 zero = _mm256_or_ps(_mm256_cmp_ps(a, z, _CMP_EQ_OQ), _mm256_cmp_ps(b, z, _CMP_EQ_OQ));

	return _mm256_andnot_ps(zero, _mm256_mul_ps(a, b));
}

V8 vec8 v8_sge(vec8 a, vec8 b)
{
	return _mm256_and_ps(_mm256_cmp_ps(a, b, _CMP_GE_OS), _mm256_set1_ps(1.0f));
}

V8 vec8 v8_slt(vec8 a, vec8 b)
{
	return _mm256_and_ps(_mm256_cmp_ps(a, b, _CMP_LT_OS), _mm256_set1_ps(1.0f));
}

V8 vec8 v8_unsigned_zero(vec8 x)
{
	return _mm256_andnot_ps(_mm256_cmp_ps(x, _mm256_setzero_ps(), _CMP_EQ_OQ), x);
}

V8 vec8 v8_rcp(vec8 x) { return _mm256_div_ps(_mm256_set1_ps(1.0f), v8_unsigned_zero(x)); }

V8 vec8 v8_rsq(vec8 x)
{
	return _mm256_div_ps(_mm256_set1_ps(1.0f), _mm256_sqrt_ps(v8_unsigned_zero(x)));
}
#undef V8

typedef char shader_batch_is_eight_lanes[B % 8 == 0 ? 1 : -1];
#endif
#else
static inline vec4 v4_neg(vec4 a)
{
	unsigned i;

	for (i = 0; i < 4; i++)
		a.f[i] = -a.f[i];
	return a;
}

static inline vec4 v4_sign(vec4 x, vec4 sign) { return sign.f[0] != 0.0f ? v4_neg(x) : x; }

static inline vec4 v4_sign_mask(uint32_t sign) { return v4_splat(sign ? 1.0f : 0.0f); }

static inline vec4 v4_rcp(vec4 x)
{
	unsigned i;

	for (i = 0; i < 4; i++)
		x.f[i] = 1.0f / unsigned_zero(x.f[i]);
	return x;
}

static inline vec4 v4_rsq(vec4 x)
{
	unsigned i;

	for (i = 0; i < 4; i++)
		x.f[i] = 1.0f / sqrtf(unsigned_zero(x.f[i]));
	return x;
}
#endif

/* A compiled instruction prepared for batches (batch_prepare): every
 * source lane is a row of the batch arena, a float offset (registers,
 * constants broadcast into rows of their own, relative constants gathered
 * into a scratch row per source); `direct` when no source reads the
 * destination, so results can go straight there. */
struct batch_op {
	uint8_t kind, nsrc, direct, nlanes;
	uint8_t lane[4];            /* the lanes written */
	uint8_t neg[3];             /* negate (register sources) */
	uint8_t rel[3];             /* relative constant: a0 index 1 or 2, else 0 */
	uint32_t dst;               /* offset of the destination row */
	uint32_t src[3][4];         /* offset of each source lane */
};

/* The batch ops as a flat list of steps, each one row of B floats (one
 * lane of one register for every invocation), so the replay does no
 * per-lane or per-source bookkeeping: an elementwise instruction is one
 * step per lane written, a dot product, RCP or RSQ one step then copies
 * of its row into the other lanes written (every lane gets the same
 * value), a relative source a gather step before its instruction. A lane
 * step writes its destination row at once unless a later lane step of
 * the same instruction reads that row: then it writes a result row,
 * copied once every lane is computed. So each element gets the value and
 * the operations compiled_replay_batch gave it. */
enum batch_step_kind {
	S_ADD, S_MUL, S_SGE, S_SLT, S_MAX, S_MIN, S_MOV, S_MAD,
	S_DP3, S_DP4, S_DPH, S_RCP, S_RSQ,
	S_REL,          /* relative constant of source k of instruction `op` */
	S_SCALAR,       /* instruction `op`, invocation by invocation */
	S_MOVA
};

struct batch_step {
	uint8_t kind;       /* enum batch_step_kind */
	uint8_t k;          /* S_REL: the source */
	uint16_t op;        /* the instruction (S_REL, S_SCALAR, S_MOVA) */
	uint32_t d;         /* destination row */
	/* source rows: elementwise steps, S_RCP and S_RSQ read s[0..2];
	 * dot products s[0..3] (source 1's lanes) and t[0..3] (source 2's) */
	uint32_t s[4], t[4];
	uint32_t neg[3];    /* sign masks: 0x80000000 negates that source */
	uint8_t signs;      /* some neg[] is not 0 */
};

/* Rows of the arena: the frame's, then one scratch row per source and a
 * result row, then the constant rows. A row is 4 components of B
 * invocations. */
#define ROW (4 * B)
#define ARENA_SCRATCH (HW_SHADER_INPUTS + HW_SHADER_TEMPS + HW_SHADER_OUTPUTS)
#define ARENA_RES (ARENA_SCRATCH + 3)
#define ARENA_CONST (ARENA_RES + 1)
/* Steps of one instruction at most: 3 gathers, 4 lanes, 4 copies. */
#define STEPS_PER_OP 11

static struct batch_step *step_add(struct hw_shader_program *p, unsigned kind, unsigned op)
{
	struct batch_step *s = &p->steps[p->step_len++];

	memset(s, 0, sizeof *s);
	s->kind = (uint8_t)kind;
	s->op = (uint16_t)op;
	return s;
}

static void step_copy(struct hw_shader_program *p, uint32_t to, uint32_t from)
{
	struct batch_step *s = step_add(p, S_MOV, 0);

	s->d = to;
	s->s[0] = s->s[1] = s->s[2] = from;
}

/* The steps of batch op j. */
static void steps_of(struct hw_shader_program *p, unsigned j)
{
	static const uint8_t elementwise[] = {
		[K_ADD] = S_ADD, [K_MUL] = S_MUL, [K_SGE] = S_SGE, [K_SLT] = S_SLT,
		[K_MAX] = S_MAX, [K_MIN] = S_MIN, [K_MOV] = S_MOV, [K_MAD] = S_MAD
	};
	const struct batch_op *o = &p->bops[j];
	struct batch_step *s;
	uint32_t first = o->dst + o->lane[0] * B;
	unsigned k, l, l2, kind = S_SCALAR, copies = 0;
	uint8_t copy[4];

	for (k = 0; k < o->nsrc; k++)
		if (o->rel[k])
			step_add(p, S_REL, j)->k = (uint8_t)k;
	switch (o->kind) {
	case K_MOVA:
		step_add(p, S_MOVA, j);
		return;
	case K_ADD: case K_MUL: case K_SGE: case K_SLT: case K_MAX: case K_MIN:
	case K_MOV: case K_MAD:
		for (l = 0; l < o->nlanes; l++) {
			uint32_t d = o->dst + o->lane[l] * B;
			bool later_reads = false;

			for (l2 = l + 1; !o->direct && l2 < o->nlanes; l2++)
				for (k = 0; k < o->nsrc; k++)
					if (o->src[k][o->lane[l2]] == d)
						later_reads = true;
			s = step_add(p, elementwise[o->kind], j);
			s->d = d;
			if (later_reads) {
				s->d = ARENA_RES * ROW + o->lane[l] * B;
				copy[copies++] = o->lane[l];
			}
			for (k = 0; k < 3; k++) {
				unsigned from = k < o->nsrc ? k : 0;

				s->s[k] = o->src[from][o->lane[l]];
				s->neg[k] = o->neg[from] ? 0x80000000u : 0;
			}
		}
		for (l = 0; l < copies; l++)
			step_copy(p, o->dst + copy[l] * B, ARENA_RES * ROW + copy[l] * B);
		return;
	case K_DP3: kind = S_DP3; break;
	case K_DP4: kind = S_DP4; break;
	case K_DPH: kind = S_DPH; break;
	case K_RCP: kind = S_RCP; break;
	case K_RSQ: kind = S_RSQ; break;
	default:
		if (o->nlanes)
			step_add(p, S_SCALAR, j);
		return;
	}
	/* one value for every lane written: computed into the first, copied */
	if (!o->nlanes)
		return;
	s = step_add(p, kind, j);
	s->d = first;
	for (k = 0; k < 4; k++) {
		s->s[k] = kind == S_RCP || kind == S_RSQ ? o->src[0][0] : o->src[0][k];
		s->t[k] = o->src[1][k];
	}
	s->neg[0] = s->neg[2] = o->neg[0] ? 0x80000000u : 0;
	s->neg[1] = o->neg[1] ? 0x80000000u : 0;
	for (l = 1; l < o->nlanes; l++)
		step_copy(p, o->dst + o->lane[l] * B, first);
}

/* The rows a step reads (at most 8; repeats allowed), as row lanes
 * (offset / B); the row lanes it writes go to `w`. Conservative: a
 * per-invocation step is taken to read all four lanes of both sources. */
static unsigned step_rows(const struct hw_shader_program *p, const struct batch_step *s,
			  unsigned r[8], unsigned w[4], unsigned *nw)
{
	const struct batch_op *o = &p->bops[s->op];
	unsigned k, n = 0;

	*nw = 0;
	switch (s->kind) {
	case S_REL:
		w[(*nw)++] = (ARENA_SCRATCH + s->k) * 4;     /* the scratch row's lanes */
		w[(*nw)++] = (ARENA_SCRATCH + s->k) * 4 + 1;
		w[(*nw)++] = (ARENA_SCRATCH + s->k) * 4 + 2;
		w[(*nw)++] = (ARENA_SCRATCH + s->k) * 4 + 3;
		return 0;
	case S_SCALAR: case S_MOVA:
		for (k = 0; k < 4; k++) {
			r[n++] = o->src[0][k] / B;
			r[n++] = o->src[1][k] / B;
		}
		if (s->kind == S_SCALAR)
			for (k = 0; k < o->nlanes; k++)
				w[(*nw)++] = (o->dst + o->lane[k] * B) / B;
		return n;
	default:
		for (k = 0; k < 4; k++) {
			r[n++] = s->s[k] / B;
			if (s->kind == S_DP3 || s->kind == S_DP4 || s->kind == S_DPH)
				r[n++] = s->t[k] / B;
		}
		w[(*nw)++] = s->d / B;
		return n;
	}
}

/* What a batch must set up before its steps run: a temp needs clearing
 * only when some step reads a lane of it before any step writes that lane
 * (else every read sees a value of this batch), and an output needs its
 * starting value gathered only when some lane of it is never written
 * (every step writes its whole row). */
static void batch_lists(struct hw_shader_program *p)
{
	uint8_t written[ARENA_CONST * 4], read_first[ARENA_CONST * 4];
	unsigned j, k, i, r[8], w[4], nr, nw;

	memset(written, 0, sizeof written);
	memset(read_first, 0, sizeof read_first);
	for (j = 0; j < p->step_len; j++) {
		nr = step_rows(p, &p->steps[j], r, w, &nw);
		for (k = 0; k < nr; k++)
			if (r[k] < ARENA_CONST * 4 && !written[r[k]])
				read_first[r[k]] = 1;
		for (k = 0; k < nw; k++)
			written[w[k]] = 1;
	}
	p->batch_clear_count = p->batch_gather_count = 0;
	for (j = 0; j < p->temp_count; j++) {
		unsigned t = (FRAME_TEMP + p->temp_list[j]) * 4;

		for (i = 0; i < 4; i++)
			if (read_first[t + i]) {
				p->batch_clear_list[p->batch_clear_count++] = p->temp_list[j];
				break;
			}
	}
	for (j = 0; j < p->out_count; j++) {
		unsigned t = (FRAME_OUT + p->out_list[j]) * 4;

		if (!(written[t] && written[t + 1] && written[t + 2] && written[t + 3]))
			p->batch_gather_list[p->batch_gather_count++] = p->out_list[j];
	}
}

static enum hw_status batch_prepare(struct hw_shader_program *p)
{
	unsigned n = p->compiled_len, consts = 0, j, k, i, v;
	float *arena;

	for (j = 0; j < n; j++)
		for (k = 0; k < p->compiled[j].nsrc; k++)
			if (p->compiled[j].s[k].row < 0 && p->compiled[j].s[k].mode == CS_DIRECT)
				consts++;
	p->bops = hw_malloc(n * sizeof *p->bops);
	p->steps = hw_malloc(n * STEPS_PER_OP * sizeof *p->steps);
	p->arena = hw_malloc((ARENA_CONST + consts) * ROW * sizeof *p->arena);
	if (!p->bops || !p->steps || !p->arena) {
		free(p->bops);
		free(p->steps);
		free(p->arena);
		p->bops = NULL;
		p->steps = NULL;
		p->arena = NULL;
		return HW_ERROR_NO_MEMORY;
	}
	arena = p->arena;
	consts = 0;
	for (j = 0; j < n; j++) {
		const struct compiled_op *c = &p->compiled[j];
		struct batch_op *o = &p->bops[j];

		memset(o, 0, sizeof *o);
		o->kind = c->kind;
		o->nsrc = (uint8_t)(c->kind == K_MAD ? 3 : c->nsrc > 1 ? 2 : 1);
		o->direct = c->kind != K_MOVA && !c->reads_dest;
		o->dst = (uint32_t)c->drow * ROW;
		for (i = 0; i < 4; i++)
			if (c->lanes >> i & 1)
				o->lane[o->nlanes++] = (uint8_t)i;
		for (k = 0; k < o->nsrc; k++) {
			const struct compiled_src *cs = &c->s[k];

			for (i = 0; i < 4; i++) {
				if (cs->row >= 0) {
					o->src[k][i] = (uint32_t)cs->row * ROW + cs->sel[i] * B;
				} else if (cs->mode == CS_DIRECT) {
					float *row = arena + (ARENA_CONST + consts) * ROW;

					for (v = 0; v < B; v++)
						row[i * B + v] = cs->p[i];
					o->src[k][i] = (uint32_t)(ARENA_CONST + consts) * ROW + i * B;
				} else {
					o->src[k][i] = (uint32_t)(ARENA_SCRATCH + k) * ROW + i * B;
				}
			}
			if (cs->row < 0 && cs->mode == CS_DIRECT)
				consts++;
			if (cs->row >= 0)
				o->neg[k] = cs->neg;
			if (cs->mode == CS_RELATIVE)
				o->rel[k] = cs->idx;
		}
		if (o->nsrc == 1)
			memcpy(o->src[1], o->src[0], sizeof o->src[1]);  /* y = x */
		o->neg[1] = o->nsrc == 1 ? o->neg[0] : o->neg[1];
	}
	p->step_len = 0;
	for (j = 0; j < n; j++)
		steps_of(p, j);
	for (j = 0; j < p->step_len; j++) {
		struct batch_step *s = &p->steps[j];

		s->signs = (s->neg[0] | s->neg[1] | s->neg[2]) != 0;
	}
	batch_lists(p);
	return HW_OK;
}

/* Register `reg` of invocations 0..n-1 into an arena row (component
 * after component; slots from n on get zeros), and back. */
static void batch_gather(float *row, const float (*const from[])[4], unsigned reg, unsigned n)
{
	unsigned v, i;
#if HW_SSE2
	for (v = 0; v < B; v += 4) {
		__m128 r0 = _mm_setzero_ps(), r1 = r0, r2 = r0, r3 = r0;

		if (v < n)
			r0 = _mm_loadu_ps(from[v][reg]);
		if (v + 1 < n)
			r1 = _mm_loadu_ps(from[v + 1][reg]);
		if (v + 2 < n)
			r2 = _mm_loadu_ps(from[v + 2][reg]);
		if (v + 3 < n)
			r3 = _mm_loadu_ps(from[v + 3][reg]);
		_MM_TRANSPOSE4_PS(r0, r1, r2, r3);
		_mm_storeu_ps(row + v, r0);
		_mm_storeu_ps(row + B + v, r1);
		_mm_storeu_ps(row + 2 * B + v, r2);
		_mm_storeu_ps(row + 3 * B + v, r3);
	}
	(void)i;
#else
	memset(row, 0, 4 * B * sizeof *row);
	for (v = 0; v < n; v++)
		for (i = 0; i < 4; i++)
			row[i * B + v] = from[v][reg][i];
#endif
}

static void batch_scatter(const float *row, float (*const to[])[4], unsigned reg, unsigned n)
{
	unsigned v, i;
#if HW_SSE2
	for (v = 0; v < n; v += 4) {
		__m128 r0 = _mm_loadu_ps(row + v), r1 = _mm_loadu_ps(row + B + v);
		__m128 r2 = _mm_loadu_ps(row + 2 * B + v), r3 = _mm_loadu_ps(row + 3 * B + v);

		_MM_TRANSPOSE4_PS(r0, r1, r2, r3);
		_mm_storeu_ps(to[v][reg], r0);
		if (v + 1 < n)
			_mm_storeu_ps(to[v + 1][reg], r1);
		if (v + 2 < n)
			_mm_storeu_ps(to[v + 2][reg], r2);
		if (v + 3 < n)
			_mm_storeu_ps(to[v + 3][reg], r3);
	}
	(void)i;
#else
	for (v = 0; v < n; v++)
		for (i = 0; i < 4; i++)
			to[v][reg][i] = row[i * B + v];
#endif
}

/* For each group of W lanes at h of the row (T the vector type, V the
 * prefix of its functions): x, y, z the sources (signed), expr stored at
 * the destination. A step without negated sources loads them as they are
 * (a sign flip by 0 is no operation). */
#define STEP_ROW(T, V, W, expr)						\
	if (!s->signs) {						\
		for (h = 0; h < B; h += W) {				\
			T x = V##_load(ar + s->s[0] + h);		\
			T y = V##_load(ar + s->s[1] + h);		\
			T z = V##_load(ar + s->s[2] + h);		\
			(void)y;					\
			(void)z;					\
			V##_store(ar + s->d + h, expr);			\
		}							\
		break;							\
	}								\
	m0 = V##_sign_mask(s->neg[0]);					\
	m1 = V##_sign_mask(s->neg[1]);					\
	m2 = V##_sign_mask(s->neg[2]);					\
	for (h = 0; h < B; h += W) {					\
		T x = V##_sign(V##_load(ar + s->s[0] + h), m0);		\
		T y = V##_sign(V##_load(ar + s->s[1] + h), m1);		\
		T z = V##_sign(V##_load(ar + s->s[2] + h), m2);		\
		(void)y;						\
		(void)z;						\
		V##_store(ar + s->d + h, expr);				\
	}

/* A dot product step: the products of the first `terms` lanes summed from
 * +0 in dot()'s order (then DPH's w of source 2 added), for each group. */
#define STEP_DOT(T, V, W, terms, plus_w)				\
	if (!s->signs) {						\
		for (h = 0; h < B; h += W) {				\
			T sum = V##_add(V##_splat(0.0f), DOT_PLAIN(V, 0)); \
			sum = V##_add(sum, DOT_PLAIN(V, 1));		\
			sum = V##_add(sum, DOT_PLAIN(V, 2));		\
			if (terms == 4)					\
				sum = V##_add(sum, DOT_PLAIN(V, 3));	\
			if (plus_w)					\
				sum = V##_add(sum, V##_load(ar + s->t[3] + h)); \
			V##_store(ar + s->d + h, sum);			\
		}							\
		break;							\
	}								\
	m0 = V##_sign_mask(s->neg[0]);					\
	m1 = V##_sign_mask(s->neg[1]);					\
	for (h = 0; h < B; h += W) {					\
		T sum = V##_add(V##_splat(0.0f), DOT_TERM(V, 0));	\
		sum = V##_add(sum, DOT_TERM(V, 1));			\
		sum = V##_add(sum, DOT_TERM(V, 2));			\
		if (terms == 4)						\
			sum = V##_add(sum, DOT_TERM(V, 3));		\
		if (plus_w)						\
			sum = V##_add(sum, V##_sign(V##_load(ar + s->t[3] + h), m1)); \
		V##_store(ar + s->d + h, sum);				\
	}
#define DOT_TERM(V, i) V##_mul(V##_sign(V##_load(ar + s->s[i] + h), m0),	\
			       V##_sign(V##_load(ar + s->t[i] + h), m1))
#define DOT_PLAIN(V, i) V##_mul(V##_load(ar + s->s[i] + h), V##_load(ar + s->t[i] + h))

/* The steps of a batch, W lanes a vector operation: the elementwise ones
 * here, the others through step_other (relative constants, compute()'s
 * operations, MOVA). */
#define STEP_LOOP(T, V, W)						\
	for (; s < end; s++) {						\
		T m0, m1, m2;						\
									\
		switch (s->kind) {					\
		case S_ADD: STEP_ROW(T, V, W, V##_add(x, y)); break;	\
		case S_MUL: STEP_ROW(T, V, W, V##_mul(x, y)); break;	\
		case S_SGE: STEP_ROW(T, V, W, V##_sge(x, y)); break;	\
		case S_SLT: STEP_ROW(T, V, W, V##_slt(x, y)); break;	\
		case S_MAX: STEP_ROW(T, V, W, V##_max(x, y)); break;	\
		case S_MIN: STEP_ROW(T, V, W, V##_min(x, y)); break;	\
		case S_MOV: STEP_ROW(T, V, W, x); break;		\
		case S_MAD: STEP_ROW(T, V, W, V##_add(V##_mul(x, y), z)); break; \
		case S_RCP: STEP_ROW(T, V, W, V##_rcp(x)); break;	\
		case S_RSQ: STEP_ROW(T, V, W, V##_rsq(x)); break;	\
		case S_DP3: STEP_DOT(T, V, W, 3, 0); break;		\
		case S_DP4: STEP_DOT(T, V, W, 4, 0); break;		\
		case S_DPH: STEP_DOT(T, V, W, 3, 1); break;		\
		default:						\
			step_other(p, ar, s, a0, n);			\
			break;						\
		}							\
	}

/* compute() (or MOVA) invocation by invocation, for the n used slots;
 * the lanes written go to the destination (0 in the unused slots). */
static void step_scalar(struct hw_shader_program *p, float *ar, const struct batch_op *o,
			int (*a0)[2], unsigned n)
{
	float *res = ar + ARENA_RES * ROW;
	unsigned v, k, i, l;

	if (o->kind != K_MOVA)
		memset(res, 0, ROW * sizeof *res);
	for (v = 0; v < n; v++) {
		float s3[3][4] = { { 0 } }, t[4];

		for (k = 0; k < 2; k++)
			for (i = 0; i < 4; i++) {
				float x = ar[o->src[k][i] + v];

				s3[k][i] = o->neg[k] ? -x : x;
			}
		if (o->kind == K_MOVA) {
			mova_to(a0[v], p->compiled[o - p->bops].lanes, s3[0]);
			continue;
		}
		compute(o->kind == K_FLR ? OP_FLR : o->kind == K_DST ? OP_DST
			: o->kind == K_EX2 ? OP_EX2 : o->kind == K_LG2 ? OP_LG2
			: o->kind == K_RCP ? OP_RCP : o->kind == K_RSQ ? OP_RSQ
			: OP_LITP, s3, t);
		for (i = 0; i < 4; i++)
			res[i * B + v] = t[i];
	}
	if (o->kind == K_MOVA)
		return;
	/* written after every source was read: a source may be the
	 * destination */
	for (l = 0; l < o->nlanes; l++)
		memcpy(ar + o->dst + o->lane[l] * B, res + o->lane[l] * B, B * sizeof *res);
}

/* A step the loop does not do with vectors: a relative constant's gather
 * (c[reg + a0], invocation by invocation), or step_scalar's. */
static void step_other(struct hw_shader_program *p, float *ar, const struct batch_step *s,
		       int (*a0)[2], unsigned n)
{
	if (s->kind == S_REL) {
		const struct compiled_src *cs = &p->compiled[s->op].s[s->k];
		float *row = ar + (ARENA_SCRATCH + s->k) * ROW;
		unsigned v, i;

		for (v = 0; v < B; v++) {
			const float *from = uniform_at(p->st, cs->reg + a0[v][cs->idx - 1]);

			for (i = 0; i < 4; i++)
				row[i * B + v] = cs->neg ? -from[cs->sel[i]] : from[cs->sel[i]];
		}
		return;
	}
	step_scalar(p, ar, &p->bops[s->op], a0, n);     /* S_SCALAR, S_MOVA */
}

static void replay_steps(struct hw_shader_program *p, float *ar, int (*a0)[2], unsigned n)
{
	const struct batch_step *s = p->steps, *end = s + p->step_len;
	unsigned h;

	STEP_LOOP(vec4, v4, 4)
}

/* replay_steps eight lanes a vector (hw_simd.h's AVX2 copies): every lane
 * gets the same operation, so the same bits. */
#if HW_AVX2
static HW_AVX2_TARGET void replay_steps_avx2(struct hw_shader_program *p, float *ar,
					     int (*a0)[2], unsigned n)
{
	const struct batch_step *s = p->steps, *end = s + p->step_len;
	unsigned h;

	STEP_LOOP(vec8, v8, 8)
}
#endif

static void compiled_replay_batch(struct hw_shader_program *p, unsigned n,
				  const float (*const in[])[4], float (*const out[])[4])
{
	float *ar = p->arena;
	int a0[B][2];
	unsigned j;

	memset(a0, 0, sizeof a0);
	for (j = 0; j < p->in_count; j++)
		batch_gather(ar + p->in_list[j] * ROW, in, p->in_list[j], n);
	for (j = 0; j < p->batch_clear_count; j++)
		memset(ar + (FRAME_TEMP + p->batch_clear_list[j]) * ROW, 0, ROW * sizeof *ar);
	for (j = 0; j < p->batch_gather_count; j++)
		batch_gather(ar + (FRAME_OUT + p->batch_gather_list[j]) * ROW,
			     (const float (*const *)[4])out, p->batch_gather_list[j], n);
#if HW_AVX2
	if (hw_simd_avx2())
		replay_steps_avx2(p, ar, a0, n);
	else
#endif
		replay_steps(p, ar, a0, n);
	for (j = 0; j < p->out_count; j++)
		batch_scatter(ar + (FRAME_OUT + p->out_list[j]) * ROW, out, p->out_list[j], n);
}

#undef STEP_ROW
#undef STEP_DOT
#undef STEP_LOOP
#undef DOT_TERM
#undef DOT_PLAIN
#undef STEPS_PER_OP
#undef ARENA_RES
#undef ARENA_CONST
#undef ARENA_SCRATCH
#undef ROW
#undef B

static void stats_add(struct hw_shader_stats *to, const struct hw_shader_stats *s)
{
	to->instructions += s->instructions;
	to->stall_dependency += s->stall_dependency;
	to->stall_mova += s->stall_mova;
	to->stall_cmp += s->stall_cmp;
	to->stall_prefetch += s->stall_prefetch;
	to->clocks += s->clocks;
}

void hw_shader_timing_defaults(struct hw_shader_timing *t)
{
	/* The SDK shader reference's instruction latencies (documented,
	 * called approximate there; doc/calibration.md). */
	t->result_latency = 2;  /* mov, min, max, sge, slt, flr */
	t->add_latency = 3;     /* add, mul, dst */
	t->mad_latency = 4;
	t->dot_latency = 5;     /* dp3, dp4, dph */
	t->slow_latency = 4;    /* rcp, rsq, ex2, lg2 */
	t->litp_latency = 4;
	t->mova_latency = 4;    /* a mova result used as an index */
	t->cmp_latency = 4;     /* a cmp result used by a branch */
	t->prefetch_miss = 2;   /* a taken branch: 3 clocks in all */
	t->prefetch_miss_short = 1;     /* a jump to PC+2: 2 clocks in all */
	t->max_steps = 1u << 20; /* model choice: far above any real shader */
}

uint32_t hw_shader_code_words(const struct hw_shader_state *state)
{
	return state->geometry_unit ? HW_SHADER_GSH_CODE_WORDS : HW_SHADER_VSH_CODE_WORDS;
}

/* ---- batched replay -------------------------------------------------------
 *
 * Up to HW_SHADER_BATCH invocations through each recorded instruction at
 * once, registers laid out component by component with one float per
 * invocation, so that the compiler can use SIMD lanes. Each invocation sees
 * exactly the scalar operations of trace_replay (and so of the
 * interpreter), in the same order. Unused invocation slots compute on
 * zeros and are dropped. */
#define B HW_SHADER_BATCH

typedef float soa_reg[4][B];

/* pica_mul without a branch (so that loops over invocations vectorize):
 * the product is computed in every case and replaced by +0 when a factor
 * is zero; the same bits as pica_mul. */
static float soa_mul(float a, float b)
{
	float p = a * b;

	return ((a == 0.0f) | (b == 0.0f)) ? 0.0f : p;
}

/* dot() of the first n lanes, for every invocation, in dot()'s order. */
static void soa_dot(const soa_reg s0, const soa_reg s1, unsigned n, float *sum)
{
	unsigned i, v;

	for (v = 0; v < B; v++)
		sum[v] = 0.0f;
	for (i = 0; i < n; i++)
		for (v = 0; v < B; v++)
			sum[v] += soa_mul(s0[i][v], s1[i][v]);
}

/* The per-lane operations of compute(), lane i of every invocation. */
static void soa_lane(unsigned op, const soa_reg *s, unsigned i, float *res)
{
	const float *x = s[0][i], *y = s[1][i], *z = s[2][i];
	unsigned v;

	switch (op) {
	case OP_ADD: for (v = 0; v < B; v++) res[v] = x[v] + y[v]; return;
	case OP_MUL: for (v = 0; v < B; v++) res[v] = soa_mul(x[v], y[v]); return;
	case OP_SGE: case OP_SGEI:
		for (v = 0; v < B; v++) res[v] = x[v] >= y[v] ? 1.0f : 0.0f;
		return;
	case OP_SLT: case OP_SLTI:
		for (v = 0; v < B; v++) res[v] = x[v] < y[v] ? 1.0f : 0.0f;
		return;
	case OP_FLR: for (v = 0; v < B; v++) res[v] = floorf(x[v]); return;
	case OP_MAX: for (v = 0; v < B; v++) res[v] = x[v] > y[v] ? x[v] : y[v]; return;
	case OP_MIN: for (v = 0; v < B; v++) res[v] = x[v] < y[v] ? x[v] : y[v]; return;
	case OP_MAD: case OP_MADI:
		for (v = 0; v < B; v++) res[v] = soa_mul(x[v], y[v]) + z[v];
		return;
	default: for (v = 0; v < B; v++) res[v] = x[v]; return;   /* MOV */
	}
}

/* compute() for every invocation: res[i] for the lanes in `lanes`. */
static void soa_compute(unsigned op, const soa_reg *s, unsigned lanes, soa_reg res)
{
	unsigned i, v;
	float one[B];

	switch (op) {
	case OP_DP3: case OP_DP4: case OP_DPH: case OP_DPHI:
	case OP_EX2: case OP_LG2: case OP_RCP: case OP_RSQ:
		switch (op) {
		case OP_DP3: soa_dot(s[0], s[1], 3, one); break;
		case OP_DP4: soa_dot(s[0], s[1], 4, one); break;
		case OP_DPH: case OP_DPHI:
			soa_dot(s[0], s[1], 3, one);
			for (v = 0; v < B; v++)
				one[v] += s[1][3][v];
			break;
		default:
			for (v = 0; v < B; v++) {
				float x = s[0][0][v];
				switch (op) {
				case OP_EX2: one[v] = exp2f(x); break;
				case OP_LG2: one[v] = log2f(x); break;
				case OP_RCP: one[v] = 1.0f / unsigned_zero(x); break;
				default: one[v] = 1.0f / sqrtf(unsigned_zero(x)); break;
				}
			}
			break;
		}
		for (i = 0; i < 4; i++)
			if (lanes >> i & 1)
				memcpy(res[i], one, sizeof one);
		return;
	case OP_DST: case OP_DSTI:
		for (v = 0; v < B; v++) {
			res[0][v] = 1.0f;
			res[1][v] = soa_mul(s[0][1][v], s[1][1][v]);
			res[2][v] = s[0][2][v];
			res[3][v] = s[1][3][v];
		}
		return;
	case OP_LITP:
		for (v = 0; v < B; v++) {
			res[0][v] = s[0][0][v] > 0.0f ? s[0][0][v] : 0.0f;
			res[1][v] = clampf(s[0][1][v], -LITP_LIMIT, LITP_LIMIT);
			res[2][v] = 0.0f;
			res[3][v] = s[0][3][v] > 0.0f ? s[0][3][v] : 0.0f;
		}
		return;
	default:
		for (i = 0; i < 4; i++)
			if (lanes >> i & 1)
				soa_lane(op, s, i, res[i]);
		return;
	}
}

/* Source operand `sr` of every invocation, swizzled and negated. */
static void soa_source(const struct hw_shader_state *st, const struct src *sr,
		       const soa_reg *vin, const soa_reg *r, const int (*a0)[B], soa_reg out)
{
	unsigned i, v;

	if (sr->file == SRC_IN || sr->file == SRC_TEMP) {
		const soa_reg *reg = sr->file == SRC_IN ? &vin[sr->reg] : &r[sr->reg];
		for (i = 0; i < 4; i++) {
			const float *from = (*reg)[sr->sel[i]];
			if (sr->neg)
				for (v = 0; v < B; v++) out[i][v] = -from[v];
			else
				memcpy(out[i], from, sizeof out[i]);
		}
		return;
	}
	if (sr->file != SRC_CONST || !sr->idx) {
		/* The same for every invocation: swizzle once, then broadcast. */
		const float *c = sr->file == SRC_ZERO ? zero4
			       : sr->file == SRC_ONE ? one4 : st->f[sr->reg];
		for (i = 0; i < 4; i++) {
			float x = sr->neg ? -c[sr->sel[i]] : c[sr->sel[i]];
			for (v = 0; v < B; v++)
				out[i][v] = x;
		}
		return;
	}
	for (v = 0; v < B; v++) {
		const float *c = uniform_at(st, sr->reg + a0[sr->idx - 1][v]);
		for (i = 0; i < 4; i++)
			out[i][v] = sr->neg ? -c[sr->sel[i]] : c[sr->sel[i]];
	}
}

static void replay_batch(const struct hw_shader_program *p, unsigned n,
			 const float (*const in[])[4], float (*const out[])[4])
{
	soa_reg vin[HW_SHADER_INPUTS], r[HW_SHADER_TEMPS], o[HW_SHADER_OUTPUTS];
	soa_reg s[3], res;
	int a0[2][B];
	/* p->trace is NULL when nothing was recorded */
	const struct inst *a = p->trace, *end = a ? a + p->trace_len : a;
	unsigned reg, i, v, k;

	memset(r, 0, sizeof r);
	memset(a0, 0, sizeof a0);
	for (reg = 0; reg < HW_SHADER_INPUTS; reg++) {
		if (!(p->in_mask >> reg & 1))
			continue;
		memset(vin[reg], 0, sizeof vin[reg]);
		for (v = 0; v < n; v++)
			for (i = 0; i < 4; i++)
				vin[reg][i][v] = in[v][reg][i];
	}
	for (reg = 0; reg < HW_SHADER_OUTPUTS; reg++) {
		if (!(p->out_mask >> reg & 1))
			continue;
		memset(o[reg], 0, sizeof o[reg]);
		for (v = 0; v < n; v++)
			for (i = 0; i < 4; i++)
				o[reg][i][v] = out[v][reg][i];
	}
	for (; a < end; a++) {
		soa_reg *d;

		for (k = 0; k < a->nsrc; k++)
			soa_source(p->st, &a->src[k], (const soa_reg *)vin, (const soa_reg *)r,
				   (const int (*)[B])a0, s[k]);
		if (a->op == OP_MOVA) {
			for (i = 0; i < 2; i++)
				if (a->lanes >> i & 1)
					for (v = 0; v < B; v++)
						a0[i][v] = to_address(s[0][i][v]);
			continue;
		}
		soa_compute(a->op, (const soa_reg *)s, a->lanes, res);
		d = a->dst < REG_TEMP_FIRST ? &o[a->dst] : &r[a->dst - REG_TEMP_FIRST];
		for (i = 0; i < 4; i++)
			if (a->lanes >> i & 1)
				memcpy((*d)[i], res[i], sizeof res[i]);
	}
	for (reg = 0; reg < HW_SHADER_OUTPUTS; reg++)
		if (p->out_mask >> reg & 1)
			for (v = 0; v < n; v++)
				for (i = 0; i < 4; i++)
					out[v][reg][i] = o[reg][i][v];
}

#undef B

struct hw_shader_program *hw_shader_program_create(const struct hw_shader_state *state,
						   const struct hw_shader_timing *timing)
{
	struct hw_shader_program *p = hw_calloc(1, sizeof *p);

	if (!p)
		return NULL;
	p->st = state;
	p->tm = timing;
	p->code_words = hw_shader_code_words(state);
	p->code = hw_malloc(p->code_words * sizeof *p->code);
	p->decoded = hw_calloc(p->code_words, 1);
	if (!p->code || !p->decoded) {
		hw_shader_program_destroy(p);
		return NULL;
	}
	return p;
}

void hw_shader_program_destroy(struct hw_shader_program *p)
{
	if (!p)
		return;
	free(p->code);
	free(p->decoded);
	free(p->trace);
	free(p->compiled);
	free(p->bops);
	free(p->steps);
	free(p->arena);
	free(p);
}

void hw_shader_program_live(struct hw_shader_program *p)
{
	p->trace_state = TRACE_NONE;
}

enum hw_status hw_shader_program_run(struct hw_shader_program *p,
				     const float in[HW_SHADER_INPUTS][4],
				     float out[HW_SHADER_OUTPUTS][4],
				     const struct hw_shader_emit_sink *emit,
				     struct hw_shader_stats *stats,
				     char *fault, unsigned fault_len)
{
	struct run run;
	enum hw_status s = HW_OK;

	if (p->trace_state == TRACE_READY) {
		if (p->compiled)
			compiled_replay(p, in, out);
		else
			trace_replay(p, in, out);
		stats_add(stats, &p->trace_stats);
		return HW_OK;
	}
	run_init(&run, p, in, out);
	run.sink = emit;
	run.fault = fault;
	run.fault_len = fault_len;
	run.recording = p->trace_state == TRACE_UNTRIED;
	p->trace_len = 0;
	p->in_mask = p->out_mask = 0;
	while (s == HW_OK && !run.ended)
		s = step(&run);
	if (s != HW_OK) {
		p->trace_state = TRACE_NONE;
		return s;
	}
	run.stats.clocks = run.now;
	if (run.recording) {
		if (compile_trace(p) != HW_OK) {
			/* nothing of this invocation is handed out */
			p->trace_state = TRACE_NONE;
			return HW_ERROR_NO_MEMORY;
		}
		p->trace_state = TRACE_READY;
		p->trace_stats = run.stats;
	}
	memcpy(out, run.out, sizeof run.out);
	stats_add(stats, &run.stats);
	return HW_OK;
}

bool hw_shader_program_replays(const struct hw_shader_program *p)
{
	return p->trace_state == TRACE_READY;
}

bool hw_shader_program_path(const struct hw_shader_program *p, uint32_t *inputs,
			    struct hw_shader_stats *counts)
{
	if (p->trace_state != TRACE_READY)
		return false;
	*inputs = p->in_mask;
	*counts = p->trace_stats;
	return true;
}

enum hw_status hw_shader_program_run_batch(struct hw_shader_program *p, unsigned n,
					   const float (*const in[])[4],
					   float (*const out[])[4],
					   struct hw_shader_stats *const stats[],
					   unsigned *done, char *fault, unsigned fault_len)
{
	unsigned k = 0;

	while (k < n) {
		unsigned m = n - k < HW_SHADER_BATCH ? n - k : HW_SHADER_BATCH, j;

		if (p->trace_state != TRACE_READY) {
			enum hw_status s = hw_shader_program_run(p, in[k], out[k], NULL, stats[k],
								 fault, fault_len);
			if (s != HW_OK) {
				*done = k;
				return s;
			}
			k++;
			continue;
		}
		if (p->compiled && !p->bops && batch_prepare(p) != HW_OK) {
			*done = k;      /* no memory for the batch form */
			return HW_ERROR_NO_MEMORY;
		}
		if (p->compiled)
			compiled_replay_batch(p, m, &in[k], &out[k]);
		else
			replay_batch(p, m, &in[k], &out[k]);
		for (j = 0; j < m; j++)
			stats_add(stats[k + j], &p->trace_stats);
		k += m;
	}
	*done = n;
	return HW_OK;
}

enum hw_status hw_shader_run(const struct hw_shader_state *state,
			     const struct hw_shader_timing *timing,
			     const float in[HW_SHADER_INPUTS][4],
			     float out[HW_SHADER_OUTPUTS][4],
			     const struct hw_shader_emit_sink *emit,
			     struct hw_shader_stats *stats,
			     char *fault, unsigned fault_len)
{
	struct hw_shader_program *p = hw_shader_program_create(state, timing);
	enum hw_status s;

	if (!p)
		return HW_ERROR_NO_MEMORY;
	p->trace_state = TRACE_NONE;    /* one invocation: interpret */
	s = hw_shader_program_run(p, in, out, emit, stats, fault, fault_len);
	hw_shader_program_destroy(p);
	return s;
}
