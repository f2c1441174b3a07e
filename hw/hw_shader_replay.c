/* hw_shader_replay.c: the shader unit's replay of a recorded path, one
 * invocation at a time. While the interpreter runs a program's first
 * invocation it records the arithmetic on its path here; when the path
 * cannot depend on the inputs, later invocations replay the list, first
 * compiled (pointers to fixed registers, constants folded, SSE2 where
 * built) and as a plain list when it could not be compiled. Both give the
 * interpreter's results bit for bit. The batched forms are in
 * hw_shader_batch.c. */
#include <stdlib.h>
#include <string.h>

#include "hw_alloc.h"
#include "hw_shader_int.h"

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
/* Stop recording run, and never record or replay its program again. */
void hw_shader_trace_abandon(struct run *run)
{
	run->recording = false;
	run->prog->trace_state = TRACE_NONE;
}

/* Instruction a appended to the program's list with aL-relative reads
 * resolved (CMP left out), the v, o and r masks updated; recording
 * abandoned when the list cannot grow past TRACE_MAX or the host has no
 * memory. */
void hw_shader_trace_record(struct run *run, const struct inst *a)
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
			hw_shader_trace_abandon(run);
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

/* The recorded list run on `in` into `out`, instruction by instruction
 * with the interpreter's arithmetic. */
void hw_shader_trace_replay(const struct hw_shader_program *p, const float (*in)[4],
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
/* The dense kind of an arithmetic opcode (MOV for MOV and any other). */
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

/* Source s compiled into *c: a frame row to read as it is or through its
 * swizzle, a relative constant, or a value fixed for the program's life
 * swizzled into `pool`. Marks temps read in p->temp_mask. */
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
enum hw_status hw_shader_compile_trace(struct hw_shader_program *p)
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

/* The compiled list run on `in` into `out` through the program's frame:
 * the registers on the path copied in and cleared, the outputs copied back. */
void hw_shader_compiled_replay(struct hw_shader_program *p, const float (*in)[4],
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
