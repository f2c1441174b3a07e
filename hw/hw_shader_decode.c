/* hw_shader_decode.c: the shader unit's decoder. One instruction word,
 * with the operand descriptor it names, becomes a struct inst: effective
 * opcode, whether it is valid and arithmetic, destination and its lanes,
 * each source's register file, swizzle, negation, address index and the
 * temp components whose readiness it waits for, and its result latency.
 * The interpreter decodes each address on first use (hw_shader.c, fetch).
 * Encodings: 3dbrew "GPU/Shader Instruction Set" (formats 1, 1u, 1c, 1i,
 * 5 and 5i); field placement checked against the assemblers picasso and
 * nihstro. */
#include <string.h>

#include "hw_shader_int.h"

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

/* Sources an arithmetic opcode reads: 1, 2 or 3. */
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

/* Whether op is arithmetic (format 1 or 5), not flow control. */
static bool is_alu(unsigned op)
{
	return op < OP_BREAK || op == OP_CMP || op == OP_MADI || op == OP_MAD;
}

/* Whether op is an opcode at all (0x10, 0x11, 0x14-0x17 and 0x1C-0x1F are
 * not). */
static bool is_valid(unsigned op)
{
	if (op == 0x10 || op == 0x11)
		return false;
	return !(op >= 0x14 && op <= 0x17) && !(op >= 0x1C && op <= 0x1F);
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
void hw_shader_decode(const struct hw_shader_state *st, const struct hw_shader_timing *tm,
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
	in->latency = hw_shader_latency(tm, op);
	for (k = 0; k < in->nsrc; k++)
		decode_src(in, k, reg[k], desc, k == rel ? idx : 0);
}

/* The program memory of the unit st describes, in instructions. */
uint32_t hw_shader_code_words(const struct hw_shader_state *state)
{
	return state->geometry_unit ? HW_SHADER_GSH_CODE_WORDS : HW_SHADER_VSH_CODE_WORDS;
}
