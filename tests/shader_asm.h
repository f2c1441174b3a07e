/* shader_asm.h: a tiny PICA200 shader encoder for the tests. C calls, no
 * text parser: each call appends one instruction, operand descriptors are
 * shared when equal, and labels are resolved by asm_finish.
 *
 * It encodes from the field tables of 3dbrew "GPU/Shader Instruction Set"
 * (formats 0, 1, 1i, 1u, 1c, 2, 3, 4, 5, 5i) and shares no code with
 * hw/hw_shader.c, which decodes on its own. A mistake the two made alike
 * would hide, so check_shader.c also checks a few words worked out by hand.
 *
 * Misuse (a uniform in a narrow source field, too many descriptors, an
 * unplaced label) is recorded in `error` and makes asm_finish fail. */
#ifndef NNGX_TESTS_SHADER_ASM_H
#define NNGX_TESTS_SHADER_ASM_H

#include <stdbool.h>
#include <stdint.h>

#include "hw/hw_shader.h"

#define ASM_MAX_LABELS 64
#define ASM_MAX_FIXUPS 128

/* Opcodes of the arithmetic instructions (bits 26-31). */
enum asm_op {
	ASM_ADD = 0x00, ASM_DP3, ASM_DP4, ASM_DPH, ASM_DST, ASM_EX2, ASM_LG2,
	ASM_LITP, ASM_MUL, ASM_SGE, ASM_SLT, ASM_FLR, ASM_MAX, ASM_MIN, ASM_RCP,
	ASM_RSQ, ASM_MOV = 0x13,
	ASM_DPHI = 0x18, ASM_DSTI, ASM_SGEI, ASM_SLTI   /* format 1i */
};

/* Relative addressing of a c register. */
enum asm_index { ASM_NO_INDEX = 0, ASM_A0X, ASM_A0Y, ASM_AL };

/* CMP operations. */
enum asm_cmp { ASM_EQ = 0, ASM_NE, ASM_LT, ASM_LE, ASM_GT, ASM_GE };

struct asm_src {
	unsigned reg;        /* 0x00 v0 .. 0x1F r15 .. 0x7F c95 */
	unsigned swizzle;    /* 8 bits, component 0 (x) in the top two */
	bool neg;
	enum asm_index index;
};

struct asm_dst {
	unsigned reg;        /* 0x00 o0 .. 0x0F o15, 0x10 r0 .. 0x1F r15 */
	unsigned mask;       /* bit 3 x, bit 2 y, bit 1 z, bit 0 w */
};

/* A condition on the two flags (format 2). */
struct asm_cond {
	unsigned op;         /* 0 or, 1 and, 2 x only, 3 y only */
	bool refx, refy;
};

typedef unsigned asm_label;

/* An if or loop block being built. */
struct asm_block {
	unsigned at;         /* address of the IF or LOOP instruction */
	unsigned else_at;    /* 0: no else yet */
};

struct shader_asm {
	uint32_t code[HW_SHADER_CODE_WORDS];
	uint32_t opdesc[HW_SHADER_OPDESC_COUNT];
	unsigned ncode, nopdesc;
	int label_at[ASM_MAX_LABELS];          /* -1 until placed */
	unsigned nlabels;
	struct {
		unsigned at;          /* instruction to patch */
		asm_label dst;        /* its DST field */
		asm_label until;      /* NUM = until - dst, if with_num */
		bool with_num;
	} fix[ASM_MAX_FIXUPS];
	unsigned nfix;
	char error[160];
};

void asm_init(struct shader_asm *a);
unsigned asm_here(const struct shader_asm *a);

/* Operands. Swizzles and masks are strings ("xy", "wzyx"); a swizzle of
 * fewer than four letters repeats its last one. */
struct asm_src asm_v(unsigned n);
struct asm_src asm_r(unsigned n);
struct asm_src asm_c(unsigned n);
struct asm_src asm_swz(struct asm_src s, const char *swizzle);
struct asm_src asm_neg(struct asm_src s);
struct asm_src asm_rel(struct asm_src s, enum asm_index index);
struct asm_dst asm_o(unsigned n);
struct asm_dst asm_rd(unsigned n);
struct asm_dst asm_mask(struct asm_dst d, const char *mask);

struct asm_cond asm_cond_x(bool refx);
struct asm_cond asm_cond_y(bool refy);
struct asm_cond asm_cond_and(bool refx, bool refy);
struct asm_cond asm_cond_or(bool refx, bool refy);

/* Arithmetic. asm_op1: format 1u; asm_op2: format 1, or 1i for the *I
 * opcodes (narrow src1, wide src2). */
void asm_op1(struct shader_asm *a, enum asm_op op, struct asm_dst d, struct asm_src s);
void asm_op2(struct shader_asm *a, enum asm_op op, struct asm_dst d,
	     struct asm_src s1, struct asm_src s2);
void asm_mov(struct shader_asm *a, struct asm_dst d, struct asm_src s);
void asm_add(struct shader_asm *a, struct asm_dst d, struct asm_src s1, struct asm_src s2);
void asm_mul(struct shader_asm *a, struct asm_dst d, struct asm_src s1, struct asm_src s2);
/* mad: wide src2; madi: wide src3. */
void asm_mad(struct shader_asm *a, struct asm_dst d, struct asm_src s1,
	     struct asm_src s2, struct asm_src s3);
void asm_madi(struct shader_asm *a, struct asm_dst d, struct asm_src s1,
	      struct asm_src s2, struct asm_src s3);
/* mask "x", "y" or "xy": which of a0.x, a0.y to write. */
void asm_mova(struct shader_asm *a, const char *mask, struct asm_src s);
void asm_cmp(struct shader_asm *a, struct asm_src s1, enum asm_cmp cmpx,
	     enum asm_cmp cmpy, struct asm_src s2);

/* Flow control, raw: DST from a label, NUM given. */
void asm_nop(struct shader_asm *a);
void asm_end(struct shader_asm *a);
void asm_emit(struct shader_asm *a);
void asm_setemit(struct shader_asm *a, unsigned vertex_id, bool primitive, bool inverted);
void asm_break(struct shader_asm *a);
void asm_breakc(struct shader_asm *a, struct asm_cond c);
void asm_call(struct shader_asm *a, asm_label dst, unsigned num);
void asm_callc(struct shader_asm *a, struct asm_cond c, asm_label dst, unsigned num);
void asm_callu(struct shader_asm *a, unsigned b, asm_label dst, unsigned num);
void asm_jmpc(struct shader_asm *a, struct asm_cond c, asm_label dst);
void asm_jmpu(struct shader_asm *a, unsigned b, bool if_false, asm_label dst);
void asm_ifu_raw(struct shader_asm *a, unsigned b, asm_label dst, unsigned num);
void asm_loop_raw(struct shader_asm *a, unsigned int_reg, asm_label last);

/* Calls of a procedure that runs from label `start` up to (not including)
 * label `end`: NUM is end - start. */
void asm_call_proc(struct shader_asm *a, asm_label start, asm_label end);
void asm_callc_proc(struct shader_asm *a, struct asm_cond c, asm_label start, asm_label end);
void asm_callu_proc(struct shader_asm *a, unsigned b, asm_label start, asm_label end);

/* Structured blocks, encoded as picasso encodes them: an if without else
 * has DST = after endif and NUM 0; with else, DST = else, NUM = its size. A
 * loop's DST is its last instruction. */
struct asm_block asm_ifu(struct shader_asm *a, unsigned b);
struct asm_block asm_ifc(struct shader_asm *a, struct asm_cond c);
void asm_else(struct shader_asm *a, struct asm_block *blk);
void asm_endif(struct shader_asm *a, struct asm_block *blk);
struct asm_block asm_loop(struct shader_asm *a, unsigned int_reg);
void asm_endloop(struct shader_asm *a, struct asm_block *blk);

/* An instruction with only an opcode field (for invalid-opcode tests). */
void asm_opcode_only(struct shader_asm *a, unsigned opcode);

asm_label asm_label_new(struct shader_asm *a);
void asm_label_place(struct shader_asm *a, asm_label l);

/* Resolve labels; on success copy code and descriptors into *st (the
 * rest of *st untouched) and return true. */
bool asm_finish(struct shader_asm *a, struct hw_shader_state *st);

/* The pass-through program "mov o0, v0; end", assembled afresh into a
 * and finished into *st: what asm_finish returns. */
bool asm_passthrough(struct shader_asm *a, struct hw_shader_state *st);

#endif
