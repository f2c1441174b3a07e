/* shader_asm.c: the test encoder; field positions from the 3dbrew tables,
 * written out here without reference to the interpreter. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "shader_asm.h"

/* Opcodes of the non-arithmetic instructions. */
enum {
	OPC_MOVA = 0x12, OPC_BREAK = 0x20, OPC_NOP, OPC_END, OPC_BREAKC, OPC_CALL,
	OPC_CALLC, OPC_CALLU, OPC_IFU, OPC_IFC, OPC_LOOP, OPC_EMIT, OPC_SETEMIT,
	OPC_JMPC, OPC_JMPU,
	OPC_CMP = 0x2E,       /* 5-bit opcode 0x17 in bits 27-31 */
	OPC_MADI_3 = 0x6,     /* 3-bit opcodes in bits 29-31 */
	OPC_MAD_3 = 0x7
};

#define XYZW 0x1B             /* identity swizzle: x=0, y=1, z=2, w=3 */
#define FIRST_UNIFORM 0x20    /* sources below this fit a 5-bit field */

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void asm_error(struct shader_asm *a, const char *fmt, ...)
{
	va_list ap;

	if (a->error[0])
		return;   /* keep the first */
	va_start(ap, fmt);
	vsnprintf(a->error, sizeof a->error, fmt, ap);
	va_end(ap);
}

void asm_init(struct shader_asm *a)
{
	memset(a, 0, sizeof *a);
	memset(a->label_at, 0xFF, sizeof a->label_at);
}

unsigned asm_here(const struct shader_asm *a)
{
	return a->ncode;
}

static void put(struct shader_asm *a, uint32_t word)
{
	if (a->ncode == HW_SHADER_CODE_WORDS) {
		asm_error(a, "program too long");
		return;
	}
	a->code[a->ncode++] = word;
}

/* ---- operands ---------------------------------------------------------- */

static struct asm_src src_reg(unsigned reg)
{
	struct asm_src s = { reg, XYZW, false, ASM_NO_INDEX };
	return s;
}

struct asm_src asm_v(unsigned n) { return src_reg(n); }
struct asm_src asm_r(unsigned n) { return src_reg(0x10 + n); }
struct asm_src asm_c(unsigned n) { return src_reg(0x20 + n); }

static int component(char ch)
{
	const char *p = strchr("xyzw", ch);

	return ch && p ? (int)(p - "xyzw") : -1;
}

struct asm_src asm_swz(struct asm_src s, const char *swizzle)
{
	unsigned i, sw = 0;
	int last = 0;

	for (i = 0; i < 4; i++) {
		if (swizzle[0]) {
			last = component(*swizzle++);
			if (last < 0)
				last = 0;   /* a typo shows up as a wrong result */
		}
		sw |= (unsigned)last << (6 - 2 * i);
	}
	s.swizzle = sw;
	return s;
}

struct asm_src asm_neg(struct asm_src s)
{
	s.neg = !s.neg;
	return s;
}

struct asm_src asm_rel(struct asm_src s, enum asm_index index)
{
	s.index = index;
	return s;
}

struct asm_dst asm_o(unsigned n)
{
	struct asm_dst d = { n, 0xF };
	return d;
}

struct asm_dst asm_rd(unsigned n)
{
	struct asm_dst d = { 0x10 + n, 0xF };
	return d;
}

static unsigned mask_bits(const char *mask)
{
	unsigned m = 0;

	for (; *mask; mask++)
		if (component(*mask) >= 0)
			m |= 8u >> component(*mask);
	return m;
}

struct asm_dst asm_mask(struct asm_dst d, const char *mask)
{
	d.mask = mask_bits(mask);
	return d;
}

static struct asm_cond cond(unsigned op, bool refx, bool refy)
{
	struct asm_cond c = { op, refx, refy };
	return c;
}

struct asm_cond asm_cond_x(bool refx) { return cond(2, refx, false); }
struct asm_cond asm_cond_y(bool refy) { return cond(3, false, refy); }
struct asm_cond asm_cond_and(bool refx, bool refy) { return cond(1, refx, refy); }
struct asm_cond asm_cond_or(bool refx, bool refy) { return cond(0, refx, refy); }

/* ---- operand descriptors ----------------------------------------------- */

/* 9 bits per source: negation, then the swizzle. */
static uint32_t src_bits(const struct asm_src *s)
{
	return (uint32_t)s->neg | (uint32_t)s->swizzle << 1;
}

/* Descriptor word: mask bits 0-3, src1 4-12, src2 13-21, src3 22-30;
 * absent sources are NULL and stay 0. */
static uint32_t desc_word(unsigned mask, const struct asm_src *s1,
			  const struct asm_src *s2, const struct asm_src *s3)
{
	return mask | (s1 ? src_bits(s1) << 4 : 0) | (s2 ? src_bits(s2) << 13 : 0)
	       | (s3 ? src_bits(s3) << 22 : 0);
}

/* Index of an equal descriptor below `limit`, added if there is none. */
static unsigned desc_index(struct shader_asm *a, uint32_t word, unsigned limit)
{
	unsigned i;

	for (i = 0; i < a->nopdesc && i < limit; i++)
		if (a->opdesc[i] == word)
			return i;
	if (a->nopdesc >= limit) {
		asm_error(a, "more than %u operand descriptors", limit);
		return 0;
	}
	a->opdesc[a->nopdesc] = word;
	return a->nopdesc++;
}

static void need_narrow(struct shader_asm *a, const struct asm_src *s, const char *which)
{
	if (s->reg >= FIRST_UNIFORM || s->index != ASM_NO_INDEX)
		asm_error(a, "%s takes v or r registers only, without index", which);
}

/* ---- arithmetic -------------------------------------------------------- */

/* Format 1 / 1u: desc 0-6, src2 7-11, src1 12-18, idx 19-20, dst 21-25. */
static uint32_t format1(unsigned opcode, unsigned desc, unsigned dst,
			const struct asm_src *s1, unsigned src2)
{
	return (uint32_t)opcode << 26 | (uint32_t)dst << 21 | (uint32_t)s1->index << 19
	       | (uint32_t)s1->reg << 12 | (uint32_t)src2 << 7 | desc;
}

void asm_op1(struct shader_asm *a, enum asm_op op, struct asm_dst d, struct asm_src s)
{
	unsigned desc = desc_index(a, desc_word(d.mask, &s, NULL, NULL),
				   HW_SHADER_OPDESC_COUNT);

	put(a, format1(op, desc, d.reg, &s, 0));
}

static bool is_inverted(enum asm_op op)
{
	return op >= ASM_DPHI && op <= ASM_SLTI;
}

void asm_op2(struct shader_asm *a, enum asm_op op, struct asm_dst d,
	     struct asm_src s1, struct asm_src s2)
{
	unsigned desc = desc_index(a, desc_word(d.mask, &s1, &s2, NULL),
				   HW_SHADER_OPDESC_COUNT);

	if (!is_inverted(op)) {
		need_narrow(a, &s2, "src2 of format 1");
		put(a, format1(op, desc, d.reg, &s1, s2.reg));
		return;
	}
	/* Format 1i: src2 7-13 (wide), src1 14-18, idx (of src2) 19-20. */
	need_narrow(a, &s1, "src1 of format 1i");
	put(a, (uint32_t)op << 26 | (uint32_t)d.reg << 21 | (uint32_t)s2.index << 19
	       | (uint32_t)s1.reg << 14 | (uint32_t)s2.reg << 7 | desc);
}

void asm_mov(struct shader_asm *a, struct asm_dst d, struct asm_src s)
{
	asm_op1(a, ASM_MOV, d, s);
}

void asm_add(struct shader_asm *a, struct asm_dst d, struct asm_src s1, struct asm_src s2)
{
	asm_op2(a, ASM_ADD, d, s1, s2);
}

void asm_mul(struct shader_asm *a, struct asm_dst d, struct asm_src s1, struct asm_src s2)
{
	asm_op2(a, ASM_MUL, d, s1, s2);
}

/* Format 5: desc 0-4, src3 5-9, src2 10-16, src1 17-21, idx 22-23,
 * dst 24-28; 5i: src3 5-11, src2 12-16. */
static void mad_common(struct shader_asm *a, bool inverted, struct asm_dst d,
		       const struct asm_src *s1, const struct asm_src *s2,
		       const struct asm_src *s3)
{
	unsigned desc = desc_index(a, desc_word(d.mask, s1, s2, s3), HW_SHADER_MAD_OPDESCS);
	uint32_t w = (uint32_t)d.reg << 24 | (uint32_t)s1->reg << 17 | desc;

	need_narrow(a, s1, "src1 of mad");
	if (!inverted) {
		need_narrow(a, s3, "src3 of mad");
		w |= (uint32_t)OPC_MAD_3 << 29 | (uint32_t)s2->index << 22
		     | (uint32_t)s2->reg << 10 | (uint32_t)s3->reg << 5;
	} else {
		need_narrow(a, s2, "src2 of madi");
		w |= (uint32_t)OPC_MADI_3 << 29 | (uint32_t)s3->index << 22
		     | (uint32_t)s2->reg << 12 | (uint32_t)s3->reg << 5;
	}
	put(a, w);
}

void asm_mad(struct shader_asm *a, struct asm_dst d, struct asm_src s1,
	     struct asm_src s2, struct asm_src s3)
{
	mad_common(a, false, d, &s1, &s2, &s3);
}

void asm_madi(struct shader_asm *a, struct asm_dst d, struct asm_src s1,
	      struct asm_src s2, struct asm_src s3)
{
	mad_common(a, true, d, &s1, &s2, &s3);
}

void asm_mova(struct shader_asm *a, const char *mask, struct asm_src s)
{
	unsigned desc = desc_index(a, desc_word(mask_bits(mask), &s, NULL, NULL),
				   HW_SHADER_OPDESC_COUNT);

	put(a, format1(OPC_MOVA, desc, 0, &s, 0));
}

/* Format 1c: like format 1, with cmpy in bits 21-23 and cmpx in 24-26. */
void asm_cmp(struct shader_asm *a, struct asm_src s1, enum asm_cmp cmpx,
	     enum asm_cmp cmpy, struct asm_src s2)
{
	unsigned desc = desc_index(a, desc_word(0, &s1, &s2, NULL), HW_SHADER_OPDESC_COUNT);

	need_narrow(a, &s2, "src2 of cmp");
	put(a, (uint32_t)OPC_CMP << 26 | (uint32_t)cmpx << 24 | (uint32_t)cmpy << 21
	       | (uint32_t)s1.index << 19 | (uint32_t)s1.reg << 12 | (uint32_t)s2.reg << 7
	       | desc);
}

/* ---- flow control ------------------------------------------------------ */

static uint32_t op_only(unsigned opcode)
{
	return (uint32_t)opcode << 26;
}

void asm_opcode_only(struct shader_asm *a, unsigned opcode) { put(a, op_only(opcode)); }
void asm_nop(struct shader_asm *a) { put(a, op_only(OPC_NOP)); }
void asm_end(struct shader_asm *a) { put(a, op_only(OPC_END)); }
void asm_emit(struct shader_asm *a) { put(a, op_only(OPC_EMIT)); }
void asm_break(struct shader_asm *a) { put(a, op_only(OPC_BREAK)); }

/* Format 4: winding bit 22, primitive bit 23, vertex id bits 24-25. */
void asm_setemit(struct shader_asm *a, unsigned vertex_id, bool primitive, bool inverted)
{
	put(a, op_only(OPC_SETEMIT) | (uint32_t)vertex_id << 24 | (uint32_t)primitive << 23
	       | (uint32_t)inverted << 22);
}

/* Format 2 condition: REFX bit 25, REFY bit 24, operation bits 22-23. */
static uint32_t cond_bits(struct asm_cond c)
{
	return (uint32_t)c.refx << 25 | (uint32_t)c.refy << 24 | (uint32_t)c.op << 22;
}

/* Format 3 uniform: bits 22-25 (b0-b15) or 22-23 (i0-i3). */
static uint32_t uniform_bits(unsigned n)
{
	return (uint32_t)n << 22;
}

static void add_fixup(struct shader_asm *a, asm_label dst, asm_label until, bool with_num)
{
	if (a->nfix == ASM_MAX_FIXUPS) {
		asm_error(a, "too many label uses");
		return;
	}
	a->fix[a->nfix].at = a->ncode;
	a->fix[a->nfix].dst = dst;
	a->fix[a->nfix].until = until;
	a->fix[a->nfix].with_num = with_num;
	a->nfix++;
}

/* NUM in bits 0-7, DST (patched later) in bits 10-21. */
static void put_flow(struct shader_asm *a, uint32_t word, asm_label dst, unsigned num)
{
	add_fixup(a, dst, 0, false);
	put(a, word | (num & 0xFF));
}

void asm_breakc(struct shader_asm *a, struct asm_cond c)
{
	put(a, op_only(OPC_BREAKC) | cond_bits(c));
}

void asm_call(struct shader_asm *a, asm_label dst, unsigned num)
{
	put_flow(a, op_only(OPC_CALL), dst, num);
}

void asm_callc(struct shader_asm *a, struct asm_cond c, asm_label dst, unsigned num)
{
	put_flow(a, op_only(OPC_CALLC) | cond_bits(c), dst, num);
}

void asm_callu(struct shader_asm *a, unsigned b, asm_label dst, unsigned num)
{
	put_flow(a, op_only(OPC_CALLU) | uniform_bits(b), dst, num);
}

void asm_jmpc(struct shader_asm *a, struct asm_cond c, asm_label dst)
{
	put_flow(a, op_only(OPC_JMPC) | cond_bits(c), dst, 0);
}

void asm_jmpu(struct shader_asm *a, unsigned b, bool if_false, asm_label dst)
{
	put_flow(a, op_only(OPC_JMPU) | uniform_bits(b), dst, if_false ? 1 : 0);
}

void asm_ifu_raw(struct shader_asm *a, unsigned b, asm_label dst, unsigned num)
{
	put_flow(a, op_only(OPC_IFU) | uniform_bits(b), dst, num);
}

void asm_loop_raw(struct shader_asm *a, unsigned int_reg, asm_label last)
{
	put_flow(a, op_only(OPC_LOOP) | uniform_bits(int_reg), last, 0);
}

static void call_proc(struct shader_asm *a, uint32_t word, asm_label start, asm_label end)
{
	add_fixup(a, start, end, true);
	put(a, word);
}

void asm_call_proc(struct shader_asm *a, asm_label start, asm_label end)
{
	call_proc(a, op_only(OPC_CALL), start, end);
}

void asm_callc_proc(struct shader_asm *a, struct asm_cond c, asm_label start, asm_label end)
{
	call_proc(a, op_only(OPC_CALLC) | cond_bits(c), start, end);
}

void asm_callu_proc(struct shader_asm *a, unsigned b, asm_label start, asm_label end)
{
	call_proc(a, op_only(OPC_CALLU) | uniform_bits(b), start, end);
}

/* ---- structured blocks: DST and NUM patched in place ------------------- */

static void set_dst_num(struct shader_asm *a, unsigned at, unsigned dst, unsigned num)
{
	a->code[at] = (a->code[at] & ~0x3FFFFFu) | (uint32_t)dst << 10 | (num & 0xFF);
}

static struct asm_block block_open(struct shader_asm *a, uint32_t word)
{
	struct asm_block blk = { a->ncode, 0 };

	put(a, word);
	return blk;
}

struct asm_block asm_ifu(struct shader_asm *a, unsigned b)
{
	return block_open(a, op_only(OPC_IFU) | uniform_bits(b));
}

struct asm_block asm_ifc(struct shader_asm *a, struct asm_cond c)
{
	return block_open(a, op_only(OPC_IFC) | cond_bits(c));
}

void asm_else(struct shader_asm *a, struct asm_block *blk)
{
	blk->else_at = a->ncode;
}

void asm_endif(struct shader_asm *a, struct asm_block *blk)
{
	if (blk->else_at)
		set_dst_num(a, blk->at, blk->else_at, a->ncode - blk->else_at);
	else
		set_dst_num(a, blk->at, a->ncode, 0);
}

struct asm_block asm_loop(struct shader_asm *a, unsigned int_reg)
{
	return block_open(a, op_only(OPC_LOOP) | uniform_bits(int_reg));
}

void asm_endloop(struct shader_asm *a, struct asm_block *blk)
{
	set_dst_num(a, blk->at, a->ncode - 1, 0);
}

/* ---- labels ------------------------------------------------------------ */

asm_label asm_label_new(struct shader_asm *a)
{
	if (a->nlabels == ASM_MAX_LABELS) {
		asm_error(a, "too many labels");
		return 0;
	}
	return a->nlabels++;
}

void asm_label_place(struct shader_asm *a, asm_label l)
{
	if (l < ASM_MAX_LABELS)
		a->label_at[l] = (int)a->ncode;
}

static int label_address(struct shader_asm *a, asm_label l)
{
	if (l >= a->nlabels || a->label_at[l] < 0) {
		asm_error(a, "label %u used but never placed", l);
		return 0;
	}
	return a->label_at[l];
}

bool asm_finish(struct shader_asm *a, struct hw_shader_state *st)
{
	unsigned i;

	for (i = 0; i < a->nfix; i++) {
		unsigned at = a->fix[i].at;
		int dst = label_address(a, a->fix[i].dst);
		unsigned num = a->code[at] & 0xFF;

		if (a->fix[i].with_num)
			num = (unsigned)(label_address(a, a->fix[i].until) - dst);
		set_dst_num(a, at, (unsigned)dst, num);
	}
	if (a->error[0])
		return false;
	memcpy(st->code, a->code, sizeof st->code);
	memcpy(st->opdesc, a->opdesc, sizeof st->opdesc);
	return true;
}

bool asm_passthrough(struct shader_asm *a, struct hw_shader_state *st)
{
	asm_init(a);
	asm_mov(a, asm_o(0), asm_v(0));
	asm_end(a);
	return asm_finish(a, st);
}
