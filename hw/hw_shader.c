/* hw_shader.c: the PICA200 shader processor, interpreted: the interpreter
 * (one instruction at a time, with the unit's clock and stall counts) and
 * the program's entry points (hw_shader.h). The unit's other stages have
 * files of their own:
 *   hw_shader_decode.c  instruction words and descriptors into struct inst;
 *   hw_shader_timing.c  the latency of each opcode, the default latencies;
 *   hw_shader_replay.c  recording an invocation's path and replaying it;
 *   hw_shader_batch.c   replaying it for many invocations at once (SIMD);
 *   hw_shader_int.h     what they share: types, the PICA arithmetic.
 * The rules below hold on every path.
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
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hw_alloc.h"
#include "hw_shader_int.h"

/* ---- faults -------------------------------------------------------------- */

/* A fault at run->pc: the reason formatted into run->fault (when given);
 * returns HW_ERROR_FAULT for the caller to pass on. */
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

/* Clock t, or `ready` when later, with the clocks waited added to
 * *counter. */
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

/* An empty stack of at most `max` blocks, named `what` in faults. */
static void stack_init(struct stack *s, unsigned max, const char *what)
{
	s->n = 0;
	s->max = max;
	s->what = what;
}

/* Block b pushed on s with the next opening number, or a fault when s is
 * full (s unchanged). */
static enum hw_status stack_push(struct run *run, struct stack *s, const struct block *b)
{
	if (s->n == s->max)
		return fail(run, "%s nesting deeper than %u", s->what, s->max);
	s->b[s->n] = *b;
	s->b[s->n].seq = run->seq++;
	s->n++;
	return HW_OK;
}

/* The innermost block of s, or NULL when s is empty. */
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

/* The innermost loop closed; aL is the enclosing loop's again, when there
 * is one. */
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

/* The integer the address index selects. */
static int index_value(const struct run *run, unsigned idx)
{
	if (idx == 1 || idx == 2)
		return run->a0[idx - 1];
	return idx == 3 ? run->al : 0;
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

/* The lanes of instruction a written from v: into o or r, with the clock
 * each r lane is ready at, and the outputs' latest ready clock. */
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

/* CMP's comparison `op` (0..7) of a and b. */
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

/* MOVA: a0 lanes set from s, ready mova_latency after issue clock t. */
static void do_mova(struct run *run, const struct inst *a, const float s[4], uint64_t t)
{
	unsigned i;

	mova_to(run->a0, a->lanes, s);
	for (i = 0; i < 2; i++)
		if (a->lanes >> i & 1)
			run->a0_ready[i] = t + run->tm->mova_latency;
}

/* Arithmetic instruction a at run->pc: sources read, issue clock waited
 * for, result or flags written, control moved on; a fault (nothing
 * changed) for a second MOVA in a row. Records a when recording. */
static enum hw_status exec_alu(struct run *run, const struct inst *a)
{
	float s[3][4] = { { 0 } }, res[4];
	uint64_t dep = 0, mova = 0, t;
	unsigned k, op = a->op;

	if (op == OP_MOVA && run->last_was_mova)
		return fail(run, "two mova in a row (the PICA freezes)");
	if (run->recording)
		hw_shader_trace_record(run, a);
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

/* The b uniform that format-3 bits 22-25 name. */
static bool bool_uniform(const struct run *run, uint32_t w)
{
	return run->st->b >> bits(w, 22, 4) & 1;
}

/* A flow instruction's DST and NUM fields. */
static uint32_t flow_dst(uint32_t w)
{
	return bits(w, 10, 12);
}

static uint32_t flow_num(uint32_t w)
{
	return bits(w, 0, 8);
}

/* CALL taken: a call block opened and control moved to DST (NUM 0 does
 * nothing), or a fault when calls nest too deep. */
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

/* IF: when `taken`, an if block over pc+1..DST-1 opened; else control
 * moves to DST. A fault when DST is not after pc or ifs nest too deep. */
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

/* LOOP: a loop block over pc+1..DST opened with aL and the pass count
 * from the named i uniform; a fault when DST is not after pc or loops nest
 * too deep. */
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

/* BREAK: the innermost loop and the blocks opened in it closed, control
 * after its last instruction; a fault outside a loop. */
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

/* EMIT: the outputs handed to the sink once written; a fault without a
 * sink. */
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

/* SETEMIT: the vertex id, primitive and winding flags of the next emit. */
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

/* Flow-control instruction a at run->pc: issued (flags waited for where
 * it tests them), then control moved; stops recording when the path
 * would depend on data or emits. */
static enum hw_status exec_flow(struct run *run, const struct inst *a)
{
	uint32_t pc = run->pc, w = a->w;
	unsigned op = a->op;

	/* A path that depends on the data, or an emit, cannot be replayed. */
	if (run->recording && (tests_flags(op) || op == OP_EMIT))
		hw_shader_trace_abandon(run);

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

/* The decoded instruction at pc (pc < code_words), decoded on first use. */
static const struct inst *fetch(struct run *run, uint32_t pc)
{
	struct hw_shader_program *p = run->prog;

	if (!p->decoded[pc]) {
		hw_shader_decode(p->st, p->tm, p->st->code[pc], &p->code[pc]);
		p->decoded[pc] = 1;
	}
	return &p->code[pc];
}

/* One instruction: fetched, counted, executed, and the prefetch penalty
 * of a non-sequential move added; a fault for a pc outside program
 * memory, the runaway guard or an invalid opcode. */
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

/* run set for one invocation of p from its entry: in read in place, out
 * copied, registers, flags and clocks at 0. */
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

/* ---- the program's entry points ------------------------------------------ */

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
			hw_shader_compiled_replay(p, in, out);
		else
			hw_shader_trace_replay(p, in, out);
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
		if (hw_shader_compile_trace(p) != HW_OK) {
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
		if (p->compiled && !p->bops && hw_shader_batch_prepare(p) != HW_OK) {
			*done = k;      /* no memory for the batch form */
			return HW_ERROR_NO_MEMORY;
		}
		if (p->compiled)
			hw_shader_compiled_replay_batch(p, m, &in[k], &out[k]);
		else
			hw_shader_replay_batch(p, m, &in[k], &out[k]);
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
