/* check_shader.c: hw/hw_shader.c, the shader processor: encodings checked
 * by hand, each opcode's result, flow control, the stall model's counts,
 * geometry emits and faults. Programs are built with tests/shader_asm.c.
 *
 * Counting convention (hw_shader.c): every executed instruction counts
 * once, END included. Stall counts below are worked out from the rules at
 * the top of hw_shader.c with the test latencies of `timing_for_tests`,
 * chosen all different so that a count shows which rule produced it. */
#include <math.h>
#include <string.h>

#include "hw/hw_simd.h"
#include "shader_asm.h"
#include "test_util.h"

#define L_RESULT   3   /* test latencies: see timing_for_tests */
#define L_SLOW     5
#define L_MOVA     4
#define L_CMP      3
#define L_PREFETCH 2
#define SENTINEL   -7.0f

#define V(n)  asm_v(n)
#define R(n)  asm_r(n)
#define C(n)  asm_c(n)
#define O(n)  asm_o(n)
#define RD(n) asm_rd(n)

static struct hw_shader_state st;
static struct shader_asm a;
static struct hw_shader_timing timing;
static float in[HW_SHADER_INPUTS][4], out[HW_SHADER_OUTPUTS][4];
static struct hw_shader_stats stats;
static char fault[160];

/* One latency for every ALU class but the slow one, one prefetch miss for
 * every move (the per-class latencies and the short move have tests of
 * their own, with the defaults and with values of their own). */
static void timing_for_tests(struct hw_shader_timing *t)
{
	t->result_latency = L_RESULT;
	t->add_latency = L_RESULT;
	t->mad_latency = L_RESULT;
	t->dot_latency = L_RESULT;
	t->slow_latency = L_SLOW;
	t->litp_latency = L_RESULT;
	t->mova_latency = L_MOVA;
	t->cmp_latency = L_CMP;
	t->prefetch_miss = L_PREFETCH;
	t->prefetch_miss_short = L_PREFETCH;
	t->max_steps = 100000;
}

static void setup(void)
{
	int i, j;

	memset(&st, 0, sizeof st);
	memset(&stats, 0, sizeof stats);
	memset(in, 0, sizeof in);
	memset(fault, 0, sizeof fault);
	for (i = 0; i < HW_SHADER_OUTPUTS; i++)
		for (j = 0; j < 4; j++)
			out[i][j] = SENTINEL;
	asm_init(&a);
	timing_for_tests(&timing);
}

static void set4(float *v, float x, float y, float z, float w)
{
	v[0] = x;
	v[1] = y;
	v[2] = z;
	v[3] = w;
}

static void build(void)
{
	ck_assert_msg(asm_finish(&a, &st), "encoder: %s", a.error);
}

/* The same invocation HW_SHADER_BATCH + 3 times through run_batch of a
 * prepared program (a full batch and a partial one, after the recording),
 * with each copy of the batch's steps (hw_simd.h): each must give what
 * hw_shader_run gave, bit for bit, so every case of this suite also
 * checks the batched replay's operations. */
#define SAME_RUNS (HW_SHADER_BATCH + 3)
static void check_batched_program(const float start[HW_SHADER_OUTPUTS][4],
				  const struct hw_shader_stats *stats_before)
{
	static float o[SAME_RUNS][HW_SHADER_OUTPUTS][4];
	struct hw_shader_program *p = hw_shader_program_create(&st, &timing);
	const float (*inp[SAME_RUNS])[4];
	float (*outp[SAME_RUNS])[4];
	struct hw_shader_stats sts[SAME_RUNS], *statp[SAME_RUNS];
	unsigned k, done = 0;

	ck_assert_ptr_nonnull(p);
	for (k = 0; k < SAME_RUNS; k++) {
		memcpy(o[k], start, sizeof o[k]);
		sts[k] = *stats_before;
		inp[k] = (const float (*)[4])in;
		outp[k] = o[k];
		statp[k] = &sts[k];
	}
	ck_assert_int_eq(hw_shader_program_run_batch(p, SAME_RUNS, inp, outp, statp, &done,
						     NULL, 0), HW_OK);
	ck_assert_uint_eq(done, SAME_RUNS);
	for (k = 0; k < SAME_RUNS; k++) {
		ck_assert_msg(memcmp(o[k], out, sizeof o[k]) == 0, "batched %u: outputs differ", k);
		ck_assert_msg(memcmp(&sts[k], &stats, sizeof sts[k]) == 0,
			      "batched %u: counts differ", k);
	}
	/* again with the baseline copy of the batch's steps */
	for (k = 0; k < SAME_RUNS; k++) {
		memcpy(o[k], start, sizeof o[k]);
		sts[k] = *stats_before;
	}
	hw_simd_set_avx2(false);
	ck_assert_int_eq(hw_shader_program_run_batch(p, SAME_RUNS, inp, outp, statp, &done,
						     NULL, 0), HW_OK);
	hw_simd_set_avx2(true);
	for (k = 0; k < SAME_RUNS; k++) {
		ck_assert_msg(memcmp(o[k], out, sizeof o[k]) == 0, "baseline %u: outputs differ", k);
		ck_assert_msg(memcmp(&sts[k], &stats, sizeof sts[k]) == 0,
			      "baseline %u: counts differ", k);
	}
	hw_shader_program_destroy(p);
}

/* The same invocation through a prepared program, three times (the first
 * records its path, the others replay it when it can be replayed): each
 * must give what hw_shader_run gave, bit for bit. */
static void check_prepared_program(const float start[HW_SHADER_OUTPUTS][4],
				   const struct hw_shader_stats *stats_before,
				   enum hw_status want)
{
	struct hw_shader_program *p = hw_shader_program_create(&st, &timing);
	int k;

	ck_assert_ptr_nonnull(p);
	for (k = 0; k < 3; k++) {
		float o[HW_SHADER_OUTPUTS][4];
		struct hw_shader_stats sts = *stats_before;
		char why[sizeof fault] = "";
		enum hw_status s;

		memcpy(o, start, sizeof o);
		s = hw_shader_program_run(p, (const float (*)[4])in, o, NULL, &sts, why, sizeof why);
		ck_assert_int_eq(s, want);
		ck_assert_msg(memcmp(o, out, sizeof o) == 0, "run %d: outputs differ", k);
		ck_assert_msg(memcmp(&sts, &stats, sizeof sts) == 0, "run %d: counts differ", k);
		if (want != HW_OK)
			ck_assert_str_eq(why, fault);
	}
	hw_shader_program_destroy(p);
	if (want == HW_OK)
		check_batched_program(start, stats_before);
}

static enum hw_status run_with(const struct hw_shader_emit_sink *sink)
{
	float start[HW_SHADER_OUTPUTS][4];
	struct hw_shader_stats before = stats;
	enum hw_status s;

	memcpy(start, out, sizeof start);
	s = hw_shader_run(&st, &timing, (const float (*)[4])in, out, sink, &stats,
			  fault, sizeof fault);
	if (!sink)
		check_prepared_program((const float (*)[4])start, &before, s);
	return s;
}

static void run_ok(void)
{
	enum hw_status s = run_with(NULL);

	ck_assert_msg(s == HW_OK, "unexpected fault: %s", fault);
}

/* Build, run, expect a fault whose text names `what`. */
static void run_fault(const char *what)
{
	enum hw_status s;

	build();
	s = run_with(NULL);
	ck_assert_int_eq(s, HW_ERROR_FAULT);
	ck_assert_msg(strstr(fault, what) != NULL, "fault \"%s\" lacks \"%s\"", fault, what);
}

static void assert_stats(uint64_t ins, uint64_t dep, uint64_t mova, uint64_t cmp,
			 uint64_t prefetch)
{
	ck_assert_uint_eq(stats.instructions, ins);
	ck_assert_uint_eq(stats.stall_dependency, dep);
	ck_assert_uint_eq(stats.stall_mova, mova);
	ck_assert_uint_eq(stats.stall_cmp, cmp);
	ck_assert_uint_eq(stats.stall_prefetch, prefetch);
	ck_assert_uint_eq(stats.clocks, ins + dep + mova + cmp + prefetch);
}

static void assert_vec(const float *v, float x, float y, float z, float w)
{
	ck_assert_msg(v[0] == x && v[1] == y && v[2] == z && v[3] == w,
		      "got (%g, %g, %g, %g), want (%g, %g, %g, %g)",
		      v[0], v[1], v[2], v[3], x, y, z, w);
}

/* c<n> = (n, n + 0.25, n + 0.5, n + 0.75): an index shows in the value. */
static void fill_uniforms_with_index(void)
{
	int n;

	for (n = 0; n < HW_SHADER_FLOAT_UNIFORMS; n++)
		set4(st.f[n], (float)n, n + 0.25f, n + 0.5f, n + 0.75f);
}

/* ---- encodings worked out by hand from the 3dbrew field tables ---------- */

/* mov o0, v0: opcode 0x13 in bits 26-31 = 0x4C000000; dst o0 (0) in 21-25,
 * src1 v0 (0) in 12-18, index 0, descriptor 0: word 0x4C000000. Descriptor:
 * mask xyzw = 0xF in bits 0-3, src1 not negated (bit 4), swizzle xyzw =
 * x0 y1 z2 w3 = 00 01 10 11 = 0x1B in bits 5-12 = 0x360: 0x36F. */
START_TEST(test_encode_mov_o0_v0_matches_hand_encoding)
{
	asm_mov(&a, O(0), V(0));
	build();
	ck_assert_uint_eq(st.code[0], 0x4C000000u);
	ck_assert_uint_eq(st.opdesc[0], 0x36Fu);
}
END_TEST

/* add r3.xy, -c5.yyyy, r1.wzyx: opcode 0; dst r3 = 0x13 << 21 = 0x02600000;
 * src1 c5 = 0x25 << 12 = 0x25000; src2 r1 = 0x11 << 7 = 0x880; word
 * 0x02625880. Descriptor: mask xy = 0b1100 = 0xC; src1 negated: bit 4 =
 * 0x10; swizzle yyyy = 01010101 = 0x55 << 5 = 0xAA0; src2 swizzle wzyx =
 * 11100100 = 0xE4 << 14 = 0x390000: 0x390ABC. */
START_TEST(test_encode_add_with_mask_negation_swizzle_matches_hand_encoding)
{
	asm_add(&a, asm_mask(RD(3), "xy"), asm_swz(asm_neg(C(5)), "yyyy"),
		asm_swz(R(1), "wzyx"));
	build();
	ck_assert_uint_eq(st.code[0], 0x02625880u);
	ck_assert_uint_eq(st.opdesc[0], 0x390ABCu);
}
END_TEST

/* mad o1, v2, c10[a0.x], r4 (format 5): opcode 0b111 in bits 29-31 =
 * 0xE0000000; dst o1: 1 << 24 = 0x01000000; index a0.x (1) in bits 22-23 =
 * 0x400000; src1 v2: 2 << 17 = 0x40000; src2 c10 = 0x2A << 10 = 0xA800;
 * src3 r4 = 0x14 << 5 = 0x280: 0xE144AA80. Descriptor: 0xF | 0x1B << 5 |
 * 0x1B << 14 | 0x1B << 23 = 0xF + 0x360 + 0x6C000 + 0xD800000 = 0xD86C36F. */
START_TEST(test_encode_mad_with_relative_src2_matches_hand_encoding)
{
	asm_mad(&a, O(1), V(2), asm_rel(C(10), ASM_A0X), R(4));
	build();
	ck_assert_uint_eq(st.code[0], 0xE144AA80u);
	ck_assert_uint_eq(st.opdesc[0], 0xD86C36Fu);
}
END_TEST

/* cmp c1, lt, ge, v0 (format 1c): 0x2E << 26 = 0xB8000000; cmpx lt (2) in
 * bits 24-26 = 0x02000000; cmpy ge (5) in 21-23 = 0xA00000; src1 c1 =
 * 0x21 << 12 = 0x21000; src2 v0 = 0: 0xBAA21000. Descriptor: no mask,
 * both swizzles xyzw: 0x360 | 0x6C000 = 0x6C360.
 * dphi r0, v1, c2 (format 1i): 0x18 << 26 = 0x60000000; dst r0 = 0x10 <<
 * 21 = 0x02000000; src1 v1 in bits 14-18 = 0x4000; src2 c2 = 0x22 in bits
 * 7-13 = 0x1100; descriptor 1: 0x62005101. */
START_TEST(test_encode_cmp_and_inverted_format_match_hand_encoding)
{
	asm_cmp(&a, C(1), ASM_LT, ASM_GE, V(0));
	asm_op2(&a, ASM_DPHI, RD(0), V(1), C(2));
	build();
	ck_assert_uint_eq(st.code[0], 0xBAA21000u);
	ck_assert_uint_eq(st.opdesc[0], 0x6C360u);
	ck_assert_uint_eq(st.code[1], 0x62005101u);
	ck_assert_uint_eq(st.opdesc[1], 0x6C36Fu);
}
END_TEST

/* ifu b3 with else at 5, 2 else instructions (format 3): 0x27 << 26 =
 * 0x9C000000; b3 in bits 22-25 = 0xC00000; DST 5 << 10 = 0x1400; NUM 2:
 * 0x9CC01402. loop i2 ending at 7: 0x29 << 26 = 0xA4000000, i2 = 0x800000,
 * 7 << 10 = 0x1C00: 0xA4801C00. setemit 2, prim, inv (format 4): 0x2B <<
 * 26 = 0xAC000000, id 2 << 24, prim bit 23, winding bit 22: 0xAEC00000.
 * jmpc !cmp.x && cmp.y to 9 (format 2): 0x2C << 26 = 0xB0000000, refx 0
 * (bit 25), refy 1 (bit 24) = 0x1000000, and (1) in bits 22-23 = 0x400000,
 * 9 << 10 = 0x2400: 0xB1402400. */
START_TEST(test_encode_flow_words_match_hand_encoding)
{
	asm_label five = asm_label_new(&a), seven = asm_label_new(&a);
	asm_label nine = asm_label_new(&a);
	int k;

	asm_ifu_raw(&a, 3, five, 2);
	asm_loop_raw(&a, 2, seven);
	asm_setemit(&a, 2, true, true);
	asm_jmpc(&a, asm_cond_and(false, true), nine);
	for (k = 4; k <= 9; k++) {
		if (k == 5)
			asm_label_place(&a, five);
		if (k == 7)
			asm_label_place(&a, seven);
		if (k == 9)
			asm_label_place(&a, nine);
		asm_nop(&a);
	}
	build();
	ck_assert_uint_eq(st.code[0], 0x9CC01402u);
	ck_assert_uint_eq(st.code[1], 0xA4801C00u);
	ck_assert_uint_eq(st.code[2], 0xAEC00000u);
	ck_assert_uint_eq(st.code[3], 0xB1402400u);
}
END_TEST

/* ---- counting ------------------------------------------------------------ */

/* k instructions (END counted) over v invocations give k * v; with no
 * dependencies and no jumps the clocks equal the instructions. */
START_TEST(test_straight_line_counts_k_times_invocations)
{
	const int k = 5, v = 7;
	int i;

	asm_mov(&a, RD(0), V(0));
	asm_mov(&a, RD(1), V(1));
	asm_mov(&a, RD(2), V(2));
	asm_mov(&a, RD(3), V(3));
	asm_end(&a);
	build();
	for (i = 0; i < v; i++)
		run_ok();
	assert_stats((uint64_t)k * v, 0, 0, 0, 0);
}
END_TEST

START_TEST(test_entry_point_is_where_execution_starts)
{
	asm_mov(&a, O(0), C(0));
	asm_end(&a);
	asm_mov(&a, O(1), C(1));
	asm_end(&a);
	build();
	set4(st.f[1], 1, 2, 3, 4);
	st.entry = 2;
	run_ok();
	assert_vec(out[0], SENTINEL, SENTINEL, SENTINEL, SENTINEL);
	assert_vec(out[1], 1, 2, 3, 4);
	ck_assert_uint_eq(stats.instructions, 2);
}
END_TEST

START_TEST(test_default_timing_is_the_documented_one)
{
	struct hw_shader_timing t;

	/* the SDK shader reference's table (issue 30, doc/calibration.md) */
	hw_shader_timing_defaults(&t);
	ck_assert_uint_eq(t.result_latency, 2);
	ck_assert_uint_eq(t.add_latency, 3);
	ck_assert_uint_eq(t.mad_latency, 4);
	ck_assert_uint_eq(t.dot_latency, 5);
	ck_assert_uint_eq(t.slow_latency, 4);
	ck_assert_uint_eq(t.litp_latency, 4);
	ck_assert_uint_eq(t.mova_latency, 4);
	ck_assert_uint_eq(t.cmp_latency, 4);
	ck_assert_uint_eq(t.prefetch_miss, 2);
	ck_assert_uint_eq(t.prefetch_miss_short, 1);
	ck_assert_uint_eq(t.max_steps, 1u << 20);
}
END_TEST

/* ---- arithmetic ---------------------------------------------------------- */

START_TEST(test_add_applies_swizzle_negation_and_dest_mask)
{
	asm_add(&a, asm_mask(O(0), "xz"), asm_swz(asm_neg(V(0)), "wzyx"),
		asm_swz(V(1), "x"));
	asm_end(&a);
	build();
	set4(in[0], 1, 2, 3, 4);
	set4(in[1], 10, 20, 30, 40);
	run_ok();
	/* x: -w + 10, z: -y + 10; y and w keep what out held */
	assert_vec(out[0], 6, SENTINEL, 8, SENTINEL);
}
END_TEST

START_TEST(test_mul_and_mov_per_lane)
{
	asm_mul(&a, O(0), V(0), V(1));
	asm_mov(&a, O(1), asm_swz(V(0), "yxwz"));
	asm_end(&a);
	build();
	set4(in[0], 1, 2, 3, 4);
	set4(in[1], 5, 6, 7, 8);
	run_ok();
	assert_vec(out[0], 5, 12, 21, 32);
	assert_vec(out[1], 2, 1, 4, 3);
}
END_TEST

START_TEST(test_dot_products_broadcast_and_dph_adds_src2_w)
{
	asm_op2(&a, ASM_DP3, O(0), V(0), V(1));
	asm_op2(&a, ASM_DP4, O(1), V(0), V(1));
	asm_op2(&a, ASM_DPH, O(2), V(0), V(1));
	asm_op2(&a, ASM_DPHI, O(3), V(3), C(0));
	asm_end(&a);
	build();
	set4(in[0], 1, 2, 3, 100);
	set4(in[1], 4, 5, 6, 7);
	set4(in[3], 2, 0, 1, 50);
	set4(st.f[0], 4, 5, 6, 7);
	run_ok();
	assert_vec(out[0], 32, 32, 32, 32);
	assert_vec(out[1], 732, 732, 732, 732);
	assert_vec(out[2], 39, 39, 39, 39);   /* 4 + 10 + 18 + src2.w */
	assert_vec(out[3], 21, 21, 21, 21);   /* 8 + 0 + 6 + 7 */
}
END_TEST

START_TEST(test_dst_builds_distance_vector)
{
	asm_op2(&a, ASM_DST, O(0), V(0), V(1));
	asm_op2(&a, ASM_DSTI, O(1), V(2), C(0));
	asm_end(&a);
	build();
	set4(in[0], 9, 2, 3, 9);
	set4(in[1], 9, 4, 9, 5);
	set4(in[2], 9, 3, 7, 9);
	set4(st.f[0], 9, 4, 9, 5);
	run_ok();
	assert_vec(out[0], 1, 8, 3, 5);
	assert_vec(out[1], 1, 12, 7, 5);
}
END_TEST

START_TEST(test_sge_slt_and_their_inverted_forms)
{
	asm_op2(&a, ASM_SGE, O(0), V(0), V(1));
	asm_op2(&a, ASM_SLT, O(1), V(0), V(1));
	asm_op2(&a, ASM_SGEI, O(2), V(2), C(0));
	asm_op2(&a, ASM_SLTI, O(3), V(2), C(0));
	asm_end(&a);
	build();
	set4(in[0], 1, 2, 3, NAN);
	set4(in[1], 2, 2, 2, 2);
	set4(in[2], 3, 2, 1, 0);
	set4(st.f[0], 2, 2, 2, 2);
	run_ok();
	assert_vec(out[0], 0, 1, 1, 0);
	assert_vec(out[1], 1, 0, 0, 0);
	assert_vec(out[2], 1, 1, 0, 0);
	assert_vec(out[3], 0, 0, 1, 1);
}
END_TEST

/* max(NaN, 0) = 0 but max(0, NaN) = NaN: the order 3dbrew measured. */
START_TEST(test_flr_min_max_follow_pica_nan_order)
{
	asm_op1(&a, ASM_FLR, O(0), V(0));
	asm_op2(&a, ASM_MAX, O(1), V(1), V(2));
	asm_op2(&a, ASM_MIN, O(2), V(1), V(2));
	asm_end(&a);
	build();
	set4(in[0], -1.5f, 1.5f, 2.0f, -0.25f);
	set4(in[1], NAN, 0, 3, -INFINITY);
	set4(in[2], 0, NAN, 4, INFINITY);
	run_ok();
	assert_vec(out[0], -2, 1, 2, -1);
	ck_assert(out[1][0] == 0 && isnan(out[1][1]) && out[1][2] == 4
		  && out[1][3] == INFINITY);
	ck_assert(out[2][0] == 0 && isnan(out[2][1]) && out[2][2] == 3
		  && out[2][3] == -INFINITY);
}
END_TEST

/* RCP, RSQ, EX2, LG2 read src1.x after the swizzle and broadcast it. */
START_TEST(test_scalar_ops_use_swizzled_x_and_broadcast)
{
	asm_op1(&a, ASM_RCP, O(0), asm_swz(V(0), "y"));
	asm_op1(&a, ASM_RSQ, O(1), asm_swz(V(0), "z"));
	asm_op1(&a, ASM_EX2, O(2), asm_swz(V(0), "w"));
	asm_op1(&a, ASM_LG2, O(3), V(0));
	asm_end(&a);
	build();
	set4(in[0], 8, 4, 16, 3);
	run_ok();
	assert_vec(out[0], 0.25f, 0.25f, 0.25f, 0.25f);
	assert_vec(out[1], 0.25f, 0.25f, 0.25f, 0.25f);
	assert_vec(out[2], 8, 8, 8, 8);
	assert_vec(out[3], 3, 3, 3, 3);
}
END_TEST

/* 3dbrew: no negative zero, so rcp(-0) = rsq(-0) = +inf; rsq(-2) = NaN,
 * rcp(inf) = 0. */
START_TEST(test_rcp_rsq_special_values)
{
	asm_op1(&a, ASM_RCP, O(0), V(0));
	asm_op1(&a, ASM_RSQ, O(1), V(0));
	asm_op1(&a, ASM_RSQ, O(2), asm_swz(V(0), "y"));
	asm_op1(&a, ASM_RCP, O(3), asm_swz(V(0), "z"));
	asm_end(&a);
	build();
	set4(in[0], -0.0f, -2, INFINITY, 0);
	run_ok();
	ck_assert(out[0][0] == INFINITY && out[1][0] == INFINITY);
	ck_assert(isnan(out[2][0]));
	ck_assert(out[3][0] == 0);
}
END_TEST

START_TEST(test_mad_and_madi_multiply_add)
{
	asm_mad(&a, O(0), V(0), C(1), V(2));
	asm_madi(&a, O(1), V(0), V(1), C(2));
	asm_end(&a);
	build();
	set4(in[0], 1, 2, 3, 4);
	set4(in[1], 2, 2, 2, 2);
	set4(in[2], 10, 20, 30, 40);
	set4(st.f[1], 3, 3, 3, 3);
	set4(st.f[2], 100, 200, 300, 400);
	run_ok();
	assert_vec(out[0], 13, 26, 39, 52);
	assert_vec(out[1], 102, 204, 306, 408);
}
END_TEST

/* 3dbrew "Floating-Point Behavior": inf/NaN * 0 = 0, inside MUL, MAD, DP4. */
START_TEST(test_zero_times_anything_is_zero)
{
	asm_mul(&a, O(0), V(0), V(1));
	asm_op2(&a, ASM_DP4, O(1), V(0), V(1));
	asm_mad(&a, O(2), V(0), C(0), V(2));
	asm_op2(&a, ASM_DP3, O(3), V(0), V(1));
	asm_op2(&a, ASM_DPH, O(4), V(0), V(3));
	asm_end(&a);
	build();
	set4(in[0], 0, INFINITY, NAN, 0);
	set4(in[1], INFINITY, 0, 0, NAN);
	set4(in[2], 1, 1, 1, 1);
	set4(in[3], NAN, 0, 0, 5);
	set4(st.f[0], INFINITY, 0, 0, NAN);
	run_ok();
	assert_vec(out[0], 0, 0, 0, 0);
	assert_vec(out[1], 0, 0, 0, 0);
	assert_vec(out[2], 1, 1, 1, 1);
	assert_vec(out[3], 0, 0, 0, 0);
	assert_vec(out[4], 5, 5, 5, 5);
	ck_assert(!signbit(out[0][0]));
}
END_TEST

/* Dot products sum their products from +0, in lane order: products that
 * underflow to -0 sum to +0 (a sum started from the first product would
 * stay -0). The prepared program (run_ok) must agree bit for bit. */
START_TEST(test_dot_products_sum_from_positive_zero)
{
	asm_op2(&a, ASM_DP3, O(0), V(0), V(1));
	asm_op2(&a, ASM_DP4, O(1), V(0), V(1));
	asm_op2(&a, ASM_DPH, O(2), V(0), V(2));
	asm_end(&a);
	build();
	set4(in[0], 1e-30f, 1e-30f, 1e-30f, 1e-30f);
	set4(in[1], -1e-30f, -1e-30f, -1e-30f, -1e-30f);
	set4(in[2], -1e-30f, -1e-30f, -1e-30f, -0.0f);
	run_ok();
	assert_vec(out[0], 0, 0, 0, 0);
	assert_vec(out[1], 0, 0, 0, 0);
	ck_assert(!signbit(out[0][0]) && !signbit(out[0][3]));
	ck_assert(!signbit(out[1][0]));
	/* DPH adds w of the second source after the sum: +0 + -0 = +0 */
	ck_assert(!signbit(out[2][0]));
}
END_TEST

/* LITP: (max(x, 0), clamp(y, +-127.9961), 0, max(w, 0)); flags x >= 0 and
 * w >= 0 (3dbrew), seen here through IFC. */
START_TEST(test_litp_clamps_and_sets_flags)
{
	struct asm_block b;

	asm_op1(&a, ASM_LITP, O(0), V(0));
	b = asm_ifc(&a, asm_cond_x(false));
	asm_mov(&a, asm_mask(O(1), "x"), C(1));
	asm_endif(&a, &b);
	b = asm_ifc(&a, asm_cond_y(true));
	asm_mov(&a, asm_mask(O(1), "y"), C(1));
	asm_endif(&a, &b);
	asm_end(&a);
	build();
	set4(in[0], -1, 200, 5, 2);
	set4(st.f[1], 1, 1, 1, 1);
	run_ok();
	assert_vec(out[0], 0, 127.99609375f, 0, 2);
	assert_vec(out[1], 1, 1, SENTINEL, SENTINEL);
}
END_TEST

START_TEST(test_relative_addressing_adds_a0_and_al)
{
	struct asm_block lp;

	fill_uniforms_with_index();
	asm_mova(&a, "xy", V(0));
	asm_mov(&a, O(0), asm_rel(C(10), ASM_A0X));
	asm_mov(&a, O(1), asm_rel(C(10), ASM_A0Y));
	lp = asm_loop(&a, 0);
	asm_mov(&a, O(2), asm_rel(C(1), ASM_AL));
	asm_endloop(&a, &lp);
	asm_op2(&a, ASM_SGEI, O(3), V(1), asm_rel(C(0), ASM_A0X));
	asm_madi(&a, O(4), V(1), V(1), asm_rel(C(2), ASM_A0X));
	asm_end(&a);
	build();
	set4(in[0], 5.7f, -2.3f, 0, 0);
	set4(in[1], 5, 5, 5, 5);
	st.i[0][0] = 0;     /* one pass */
	st.i[0][1] = 20;    /* aL = 20 */
	run_ok();
	assert_vec(out[0], 15, 15.25f, 15.5f, 15.75f);   /* a0.x = trunc(5.7) */
	assert_vec(out[1], 8, 8.25f, 8.5f, 8.75f);       /* a0.y = trunc(-2.3) */
	assert_vec(out[2], 21, 21.25f, 21.5f, 21.75f);
	assert_vec(out[3], 1, 0, 0, 0);                  /* 5 >= c5 */
	assert_vec(out[4], 32, 32.25f, 32.5f, 32.75f);   /* 25 + c7 */
}
END_TEST

/* c[n + index] (3dbrew "Relative addressing", measured on hardware): a sum
 * outside -128..127 reads (0, 0, 0, 0); otherwise its low 7 bits pick the
 * register, and 96..127 read (1, 1, 1, 1). MOVA saturates to -128..127 and
 * takes NaN as 0. */
START_TEST(test_relative_index_wraps_past_c95)
{
	fill_uniforms_with_index();
	asm_mova(&a, "xy", V(0));
	asm_mov(&a, O(0), asm_rel(C(93), ASM_A0X));    /* 98: past c95 */
	asm_mov(&a, O(1), asm_rel(C(1), ASM_A0Y));     /* -1 & 127 = 127 */
	asm_mov(&a, O(2), asm_rel(C(95), ASM_A0Y));    /* 93: in range */
	asm_nop(&a);
	asm_mova(&a, "xy", V(1));
	asm_mov(&a, O(3), asm_rel(C(0), ASM_A0X));     /* 127: past c95 */
	asm_mov(&a, O(4), asm_rel(C(95), ASM_A0Y));    /* -33 & 127 = 95 */
	asm_mov(&a, O(5), asm_rel(C(1), ASM_A0X));     /* 128: not a byte */
	asm_mov(&a, O(6), asm_rel(C(0), ASM_A0Y));     /* -128 & 127 = 0 */
	asm_nop(&a);
	asm_mova(&a, "xy", V(2));
	asm_mov(&a, O(7), asm_rel(C(7), ASM_A0X));     /* NaN -> 0: c7 */
	asm_mov(&a, O(8), asm_rel(C(10), ASM_A0Y));    /* -100 & 127 = 28 */
	asm_end(&a);
	build();
	set4(in[0], 5, -2, 0, 0);
	set4(in[1], 1000, -1000, 0, 0);
	set4(in[2], NAN, -110, 0, 0);
	run_ok();
	assert_vec(out[0], 1, 1, 1, 1);
	assert_vec(out[1], 1, 1, 1, 1);
	assert_vec(out[2], 93, 93.25f, 93.5f, 93.75f);
	assert_vec(out[3], 1, 1, 1, 1);
	assert_vec(out[4], 95, 95.25f, 95.5f, 95.75f);
	assert_vec(out[5], 0, 0, 0, 0);
	assert_vec(out[6], 0, 0.25f, 0.5f, 0.75f);
	assert_vec(out[7], 7, 7.25f, 7.5f, 7.75f);
	assert_vec(out[8], 28, 28.25f, 28.5f, 28.75f);
}
END_TEST

/* The same rule through aL (a byte, 0..255 in the model): one pass of each
 * of four loops, aL = 30, 100, 56, 200: c40 + 30 = c70; 40 + 100 = 140 is
 * not a byte: zero; 40 + 56 = 96: ones; 0 + 200: zero. */
START_TEST(test_relative_al_index_wraps_past_c95)
{
	static const int start[4] = { 30, 100, 56, 200 };
	static const unsigned base[4] = { 40, 40, 40, 0 };
	struct asm_block lp;
	int k;

	fill_uniforms_with_index();
	for (k = 0; k < 4; k++) {
		asm_mov(&a, asm_rd((unsigned)k), C(k == 3 ? 5 : 0));
		lp = asm_loop(&a, (unsigned)k);
		asm_add(&a, asm_rd((unsigned)k), asm_rel(C(base[k]), ASM_AL), R((unsigned)k));
		asm_endloop(&a, &lp);
		asm_mov(&a, O((unsigned)k), R((unsigned)k));
		st.i[k][0] = 0;                 /* one pass */
		st.i[k][1] = (uint8_t)start[k];
	}
	asm_end(&a);
	build();
	run_ok();
	assert_vec(out[0], 70, 70.5f, 71, 71.5f);   /* c0 + c70 */
	assert_vec(out[1], 0, 0.25f, 0.5f, 0.75f);  /* c0 + 0 */
	assert_vec(out[2], 1, 1.25f, 1.5f, 1.75f);  /* c0 + 1 */
	assert_vec(out[3], 5, 5.25f, 5.5f, 5.75f);  /* c5 + 0 */
}
END_TEST

static bool cmp_expect(enum asm_cmp op, float x, float y)
{
	switch (op) {
	case ASM_EQ: return x == y;
	case ASM_NE: return x != y;
	case ASM_LT: return x < y;
	case ASM_LE: return x <= y;
	case ASM_GT: return x > y;
	default: return x >= y;
	}
}

/* Each of the six operations, on x and on y, for less / equal / greater;
 * the flags are read back through IFC. */
START_TEST(test_cmp_six_ops_set_both_flags)
{
	static const float lhs[3] = { 1, 2, 3 };
	int op, rel, bad = -1;

	for (op = ASM_EQ; op <= ASM_GE && bad < 0; op++) {
		for (rel = 0; rel < 3 && bad < 0; rel++) {
			struct asm_block b;
			float x = lhs[rel], y = lhs[(rel + 1) % 3];

			setup();
			asm_cmp(&a, V(0), (enum asm_cmp)op, (enum asm_cmp)op, V(1));
			b = asm_ifc(&a, asm_cond_x(true));
			asm_mov(&a, asm_mask(O(0), "x"), C(1));
			asm_endif(&a, &b);
			b = asm_ifc(&a, asm_cond_y(true));
			asm_mov(&a, asm_mask(O(0), "y"), C(1));
			asm_endif(&a, &b);
			asm_end(&a);
			build();
			set4(in[0], x, y, 0, 0);
			set4(in[1], 2, 2, 0, 0);
			set4(st.f[1], 1, 1, 1, 1);
			set4(out[0], 0, 0, 0, 0);
			if (run_with(NULL) != HW_OK
			    || (out[0][0] == 1) != cmp_expect((enum asm_cmp)op, x, 2)
			    || (out[0][1] == 1) != cmp_expect((enum asm_cmp)op, y, 2))
				bad = op * 3 + rel;
		}
	}
	ck_assert_msg(bad < 0, "cmp op %d, case %d: wrong flags", bad / 3, bad % 3);
}
END_TEST

/* With flags x = 1, y = 0: or / and / x / y against every REFX, REFY. */
START_TEST(test_condition_combines_flags_with_references)
{
	int op, refx, refy;

	for (op = 0; op < 4; op++) {
		for (refx = 0; refx < 2; refx++) {
			for (refy = 0; refy < 2; refy++) {
				struct asm_cond c = { (unsigned)op, refx, refy };
				bool x = refx == 1, y = refy == 0, want;
				struct asm_block b;

				want = op == 0 ? x || y : op == 1 ? x && y : op == 2 ? x : y;
				setup();
				asm_cmp(&a, V(0), ASM_EQ, ASM_EQ, V(1));
				b = asm_ifc(&a, c);
				asm_mov(&a, O(0), C(1));
				asm_endif(&a, &b);
				asm_end(&a);
				build();
				set4(in[0], 1, 1, 0, 0);
				set4(in[1], 1, 2, 0, 0);
				set4(st.f[1], 1, 1, 1, 1);
				if (run_with(NULL) != HW_OK || (out[0][0] == 1) != want)
					ck_abort_msg("op %d refx %d refy %d: want %d", op, refx,
						     refy, want);
			}
		}
	}
}
END_TEST

/* ---- flow control -------------------------------------------------------- */

/* i0 = (3, 10, 5): four passes with aL = 10, 15, 20, 25; three back-edges.
 * Each add reads r0 from the pass before, but a back-edge (1 + L_PREFETCH
 * clocks) covers L_RESULT; the mov after the loop waits L_RESULT - 1, and
 * END waits as long again for o0. */
START_TEST(test_loop_runs_count_plus_one_with_al_stepping)
{
	struct asm_block lp;

	fill_uniforms_with_index();
	lp = asm_loop(&a, 0);
	asm_add(&a, RD(0), asm_rel(C(0), ASM_AL), R(0));
	asm_endloop(&a, &lp);
	asm_mov(&a, O(0), R(0));
	asm_end(&a);
	build();
	st.i[0][0] = 3;
	st.i[0][1] = 10;
	st.i[0][2] = 5;
	run_ok();
	ck_assert_float_eq(out[0][0], 10 + 15 + 20 + 25);
	assert_stats(1 + 4 + 2, 2 * (L_RESULT - 1), 0, 0, 3 * L_PREFETCH);
}
END_TEST

START_TEST(test_loop_value_and_negative_step)
{
	struct asm_block lp;

	fill_uniforms_with_index();
	lp = asm_loop(&a, 1);
	asm_add(&a, RD(0), asm_rel(C(0), ASM_AL), R(0));
	asm_endloop(&a, &lp);
	asm_mov(&a, O(0), R(0));
	asm_end(&a);
	build();
	st.i[1][0] = 2;
	st.i[1][1] = 10;
	st.i[1][2] = (uint8_t)-2;   /* aL = 10, 8, 6 */
	run_ok();
	ck_assert_float_eq(out[0][0], 24);
}
END_TEST

/* Model choice: each loop keeps its aL; after the inner loop the outer
 * one's counter is aL again. */
START_TEST(test_nested_loops_restore_outer_al)
{
	struct asm_block outer, inner;

	fill_uniforms_with_index();
	outer = asm_loop(&a, 0);
	inner = asm_loop(&a, 1);
	asm_add(&a, RD(1), asm_rel(C(0), ASM_AL), R(1));
	asm_endloop(&a, &inner);
	asm_add(&a, RD(0), asm_rel(C(0), ASM_AL), R(0));
	asm_endloop(&a, &outer);
	asm_mov(&a, O(0), R(0));
	asm_mov(&a, O(1), R(1));
	asm_end(&a);
	build();
	st.i[0][0] = 1;    /* outer: aL = 0, 1 */
	st.i[0][2] = 1;
	st.i[1][1] = 50;   /* inner: one pass, aL = 50 */
	run_ok();
	ck_assert_float_eq(out[0][0], 1);     /* c0 + c1 */
	ck_assert_float_eq(out[1][0], 100);   /* c50 twice */
}
END_TEST

/* if b0 { o0 = c0 } else { o1 = c1 }; end. True: 0 -> 1 -> 3 (one skip).
 * False: 0 -> 2 (one skip) -> 3, and END waits for o1 written just before. */
START_TEST(test_ifu_runs_then_or_else_block)
{
	struct asm_block b;

	b = asm_ifu(&a, 0);
	asm_mov(&a, O(0), C(0));
	asm_else(&a, &b);
	asm_mov(&a, O(1), C(1));
	asm_endif(&a, &b);
	asm_end(&a);
	build();
	set4(st.f[0], 1, 1, 1, 1);
	set4(st.f[1], 2, 2, 2, 2);

	st.b = 1;
	run_ok();
	assert_vec(out[0], 1, 1, 1, 1);
	assert_vec(out[1], SENTINEL, SENTINEL, SENTINEL, SENTINEL);
	/* ifu t0, mov t1 (o0 ready 4), skip: END at 2 + 2 = 4, no wait */
	assert_stats(3, 0, 0, 0, L_PREFETCH);

	setup();
	b = asm_ifu(&a, 0);
	asm_mov(&a, O(0), C(0));
	asm_else(&a, &b);
	asm_mov(&a, O(1), C(1));
	asm_endif(&a, &b);
	asm_end(&a);
	build();
	set4(st.f[1], 2, 2, 2, 2);
	st.b = 0;
	run_ok();
	assert_vec(out[0], SENTINEL, SENTINEL, SENTINEL, SENTINEL);
	assert_vec(out[1], 2, 2, 2, 2);
	/* ifu t0, skip to t3: mov (o1 ready 6), END at 4 waits 2 */
	assert_stats(3, L_RESULT - 1, 0, 0, L_PREFETCH);
}
END_TEST

START_TEST(test_ifu_without_else_skips_block)
{
	struct asm_block b;

	b = asm_ifu(&a, 5);
	asm_mov(&a, O(0), C(0));
	asm_mov(&a, O(1), C(0));
	asm_endif(&a, &b);
	asm_nop(&a);
	asm_end(&a);
	build();
	st.b = 1u << 4;    /* b5 false */
	run_ok();
	assert_vec(out[0], SENTINEL, SENTINEL, SENTINEL, SENTINEL);
	assert_stats(3, 0, 0, 0, L_PREFETCH);
}
END_TEST

/* cmp then ifc on x: both ways, and the else block. */
START_TEST(test_ifc_runs_then_or_else_block)
{
	int k;

	for (k = 0; k < 2; k++) {
		struct asm_block b;

		setup();
		asm_cmp(&a, V(0), ASM_LT, ASM_LT, V(1));
		b = asm_ifc(&a, asm_cond_x(true));
		asm_mov(&a, O(0), C(0));
		asm_else(&a, &b);
		asm_mov(&a, O(0), C(1));
		asm_endif(&a, &b);
		asm_end(&a);
		build();
		set4(in[0], k ? 5.0f : 1.0f, 0, 0, 0);
		set4(in[1], 3, 0, 0, 0);
		set4(st.f[0], 10, 10, 10, 10);
		set4(st.f[1], 20, 20, 20, 20);
		run_ok();
		ck_assert_float_eq(out[0][0], k ? 20 : 10);
		ck_assert_uint_eq(stats.instructions, 4);
	}
}
END_TEST

/* call P (2 instructions) returns to the instruction after the call. */
START_TEST(test_call_returns_after_num_instructions)
{
	asm_label p = asm_label_new(&a), p_end = asm_label_new(&a);

	asm_call_proc(&a, p, p_end);
	asm_mov(&a, O(1), R(0));
	asm_end(&a);
	asm_nop(&a);                       /* never runs */
	asm_label_place(&a, p);
	asm_add(&a, RD(0), V(0), V(0));
	asm_add(&a, RD(0), R(0), V(0));
	asm_label_place(&a, p_end);
	asm_mov(&a, O(2), V(0));           /* never runs */
	asm_end(&a);
	build();
	set4(in[0], 1, 2, 3, 4);
	run_ok();
	assert_vec(out[1], 3, 6, 9, 12);
	assert_vec(out[2], SENTINEL, SENTINEL, SENTINEL, SENTINEL);
	/* call t0, jump: add t3 (r0 ready 6), add waits 2 -> t6 (ready 9),
	 * return: mov t9 (o1 ready 12), END at 10 waits 2 */
	assert_stats(5, 2 * (L_RESULT - 1), 0, 0, 2 * L_PREFETCH);
}
END_TEST

/* callc and callu call when their condition holds, else fall through. */
START_TEST(test_callc_and_callu_call_only_when_true)
{
	int k;

	for (k = 0; k < 4; k++) {
		asm_label p, p_end;

		setup();
		p = asm_label_new(&a);
		p_end = asm_label_new(&a);
		asm_cmp(&a, V(0), ASM_EQ, ASM_EQ, V(0));   /* flags 1, 1 */
		if (k < 2)
			asm_callc_proc(&a, asm_cond_x(k == 0), p, p_end);
		else
			asm_callu_proc(&a, 3, p, p_end);
		asm_end(&a);
		asm_label_place(&a, p);
		asm_mov(&a, O(0), C(0));
		asm_label_place(&a, p_end);
		asm_end(&a);
		build();
		set4(st.f[0], 1, 1, 1, 1);
		st.b = k == 2 ? 1u << 3 : 0;
		run_ok();
		ck_assert_float_eq(out[0][0], (k == 0 || k == 2) ? 1 : SENTINEL);
		ck_assert_uint_eq(stats.instructions, (k == 0 || k == 2) ? 4 : 3);
	}
}
END_TEST

/* Calls nest up to HW_SHADER_CALL_DEPTH; one more is a fault. */
static void build_call_chain(int depth)
{
	asm_label start[8], end[8];
	int k;

	for (k = 0; k < depth; k++) {
		start[k] = asm_label_new(&a);
		end[k] = asm_label_new(&a);
	}
	asm_call_proc(&a, start[0], end[0]);
	asm_end(&a);
	for (k = 0; k < depth; k++) {
		asm_label_place(&a, start[k]);
		if (k + 1 < depth)
			asm_call_proc(&a, start[k + 1], end[k + 1]);
		else
			asm_mov(&a, O(0), C(0));
		asm_nop(&a);
		asm_label_place(&a, end[k]);
	}
	build();
}

START_TEST(test_calls_nest_to_the_documented_depth)
{
	build_call_chain(HW_SHADER_CALL_DEPTH);
	set4(st.f[0], 3, 3, 3, 3);
	run_ok();
	ck_assert_float_eq(out[0][0], 3);
	/* 1 + depth calls/movs + depth nops + end */
	ck_assert_uint_eq(stats.instructions, 2 * HW_SHADER_CALL_DEPTH + 2);
}
END_TEST

START_TEST(test_fault_call_nesting_too_deep)
{
	build_call_chain(HW_SHADER_CALL_DEPTH + 1);
	run_fault("call nesting");
}
END_TEST

/* up to 10 passes, but breakc leaves when r0 reaches 3. */
START_TEST(test_breakc_leaves_innermost_loop)
{
	struct asm_block lp;

	lp = asm_loop(&a, 0);
	asm_add(&a, RD(0), C(0), R(0));
	asm_cmp(&a, C(1), ASM_EQ, ASM_EQ, R(0));
	asm_breakc(&a, asm_cond_x(true));
	asm_endloop(&a, &lp);
	asm_mov(&a, O(0), R(0));
	asm_end(&a);
	build();
	st.i[0][0] = 9;
	set4(st.f[0], 1, 1, 1, 1);
	set4(st.f[1], 3, 3, 3, 3);
	run_ok();
	ck_assert_float_eq(out[0][0], 3);
	ck_assert_uint_eq(stats.instructions, 1 + 3 * 3 + 2);
	/* two back-edges and the break's jump past the loop's end: the break
	 * is the last instruction, so its target is sequential */
	ck_assert_uint_eq(stats.stall_prefetch, 2 * L_PREFETCH);
}
END_TEST

/* break inside an if inside a loop: the if block goes with the loop. Ten
 * breaks would overflow the if stack (depth 8) if it stayed open. */
START_TEST(test_break_drops_blocks_opened_in_loop)
{
	struct asm_block outer, inner, b;

	outer = asm_loop(&a, 1);
	asm_mov(&a, RD(0), C(2));
	inner = asm_loop(&a, 0);
	asm_add(&a, RD(0), C(0), R(0));
	asm_cmp(&a, C(1), ASM_EQ, ASM_EQ, R(0));
	b = asm_ifc(&a, asm_cond_x(true));
	asm_break(&a);
	asm_endif(&a, &b);
	asm_nop(&a);
	asm_endloop(&a, &inner);
	asm_add(&a, RD(3), C(0), R(3));
	asm_endloop(&a, &outer);
	b = asm_ifu(&a, 0);
	asm_mov(&a, O(1), R(0));
	asm_endif(&a, &b);
	asm_mov(&a, O(0), R(3));
	asm_end(&a);
	build();
	st.i[0][0] = 9;
	st.i[1][0] = 9;
	st.b = 1;
	set4(st.f[0], 1, 1, 1, 1);
	set4(st.f[1], 2, 2, 2, 2);
	run_ok();
	ck_assert_float_eq(out[0][0], 10);   /* outer passes */
	ck_assert_float_eq(out[1][0], 2);    /* inner left at r0 = 2 */
}
END_TEST

START_TEST(test_jmpc_and_jmpu_jump_when_true)
{
	int k;

	for (k = 0; k < 4; k++) {
		asm_label skip;

		setup();
		skip = asm_label_new(&a);
		asm_cmp(&a, V(0), ASM_EQ, ASM_NE, V(0));   /* flags 1, 0 */
		if (k == 0)
			asm_jmpc(&a, asm_cond_x(true), skip);   /* taken */
		else if (k == 1)
			asm_jmpc(&a, asm_cond_y(true), skip);   /* not taken */
		else
			asm_jmpu(&a, 2, k == 3, skip);   /* b2 set: taken, !b2 not */
		asm_mov(&a, O(0), C(0));
		asm_label_place(&a, skip);
		asm_end(&a);
		build();
		st.b = 1u << 2;
		set4(st.f[0], 1, 1, 1, 1);
		run_ok();
		if (k == 0 || k == 2) {
			ck_assert_float_eq(out[0][0], SENTINEL);
			ck_assert_uint_eq(stats.instructions, 3);
			ck_assert_uint_eq(stats.stall_prefetch, L_PREFETCH);
		} else {
			ck_assert_float_eq(out[0][0], 1);
			ck_assert_uint_eq(stats.instructions, 4);
			ck_assert_uint_eq(stats.stall_prefetch, 0);
		}
	}
}
END_TEST

/* ---- stall model ----------------------------------------------------------- */

START_TEST(test_dependency_stall_is_latency_minus_one)
{
	asm_mul(&a, RD(0), V(0), V(0));
	asm_add(&a, RD(1), R(0), R(0));
	asm_end(&a);
	build();
	run_ok();
	assert_stats(3, L_RESULT - 1, 0, 0, 0);
}
END_TEST

START_TEST(test_dependency_stall_shrinks_with_distance)
{
	asm_mul(&a, RD(0), V(0), V(0));
	asm_mov(&a, RD(2), V(1));
	asm_add(&a, RD(1), R(0), R(0));
	asm_end(&a);
	build();
	run_ok();
	assert_stats(4, L_RESULT - 2, 0, 0, 0);
}
END_TEST

/* Only the components the operation reads, through the swizzle, wait. */
START_TEST(test_dependency_only_on_components_read)
{
	asm_mul(&a, asm_mask(RD(0), "x"), V(0), V(0));
	asm_add(&a, asm_mask(RD(1), "y"), R(0), R(0));   /* reads r0.y */
	asm_end(&a);
	build();
	run_ok();
	assert_stats(3, 0, 0, 0, 0);

	setup();
	asm_mul(&a, asm_mask(RD(0), "x"), V(0), V(0));
	asm_add(&a, asm_mask(RD(1), "y"), asm_swz(R(0), "x"), R(0));   /* r0.x */
	asm_end(&a);
	build();
	run_ok();
	assert_stats(3, L_RESULT - 1, 0, 0, 0);
}
END_TEST

START_TEST(test_slow_ops_use_slow_latency)
{
	asm_op1(&a, ASM_RCP, RD(0), V(0));
	asm_add(&a, RD(1), R(0), R(0));
	asm_end(&a);
	build();
	set4(in[0], 2, 2, 2, 2);
	run_ok();
	assert_stats(3, L_SLOW - 1, 0, 0, 0);
}
END_TEST

/* The vertex leaves at END: it waits for the outputs. */
START_TEST(test_end_waits_for_outputs)
{
	asm_mov(&a, O(0), V(0));
	asm_end(&a);
	build();
	run_ok();
	assert_stats(2, L_RESULT - 1, 0, 0, 0);
}
END_TEST

START_TEST(test_mova_stall_before_relative_use)
{
	asm_mova(&a, "x", V(0));
	asm_mov(&a, RD(0), asm_rel(C(0), ASM_A0X));
	asm_end(&a);
	build();
	run_ok();
	assert_stats(3, 0, L_MOVA - 1, 0, 0);

	setup();   /* a0.y was not written, and c0 alone needs no a0 */
	asm_mova(&a, "x", V(0));
	asm_mov(&a, RD(0), asm_rel(C(0), ASM_A0Y));
	asm_mov(&a, RD(1), C(0));
	asm_end(&a);
	build();
	run_ok();
	assert_stats(4, 0, 0, 0, 0);
}
END_TEST

START_TEST(test_cmp_stall_before_flag_test)
{
	asm_label next = asm_label_new(&a);

	asm_cmp(&a, V(0), ASM_EQ, ASM_EQ, V(0));
	asm_jmpc(&a, asm_cond_x(true), next);   /* to the next instruction */
	asm_label_place(&a, next);
	asm_end(&a);
	build();
	run_ok();
	assert_stats(3, 0, 0, L_CMP - 1, 0);

	setup();   /* a boolean test does not wait for the flags */
	next = asm_label_new(&a);
	asm_cmp(&a, V(0), ASM_EQ, ASM_EQ, V(0));
	asm_jmpu(&a, 0, false, next);
	asm_label_place(&a, next);
	asm_end(&a);
	build();
	st.b = 1;
	run_ok();
	assert_stats(3, 0, 0, 0, 0);
}
END_TEST

/* loop of one nop, four passes: three back-edges, nothing else. */
START_TEST(test_prefetch_miss_per_back_edge)
{
	struct asm_block lp;

	lp = asm_loop(&a, 0);
	asm_nop(&a);
	asm_endloop(&a, &lp);
	asm_end(&a);
	build();
	st.i[0][0] = 3;
	run_ok();
	assert_stats(6, 0, 0, 0, 3 * L_PREFETCH);
}
END_TEST

/* Each class of ALU result with a latency of its own: the next
 * instruction reading it waits latency - 1. */
START_TEST(test_latency_by_instruction_class)
{
	static const struct {
		enum asm_op op;
		unsigned latency;       /* its class's value below */
	} rows[] = {
		{ ASM_MOV, 2 }, { ASM_MIN, 2 }, { ASM_MAX, 2 }, { ASM_SGE, 2 }, { ASM_SLT, 2 },
		{ ASM_FLR, 2 }, { ASM_ADD, 6 }, { ASM_MUL, 6 }, { ASM_DST, 6 }, { ASM_DP3, 9 },
		{ ASM_DP4, 9 }, { ASM_DPH, 9 }, { ASM_RCP, 11 }, { ASM_RSQ, 11 }, { ASM_EX2, 11 },
		{ ASM_LG2, 11 }, { ASM_LITP, 13 },
	};
	unsigned k;

	for (k = 0; k < sizeof rows / sizeof rows[0]; k++) {
		setup();
		timing.result_latency = 2;
		timing.add_latency = 6;
		timing.dot_latency = 9;
		timing.slow_latency = 11;
		timing.litp_latency = 13;
		timing.mad_latency = 7;
		if (rows[k].op == ASM_MOV || rows[k].op == ASM_FLR || rows[k].op == ASM_RCP
		    || rows[k].op == ASM_RSQ || rows[k].op == ASM_EX2 || rows[k].op == ASM_LG2
		    || rows[k].op == ASM_LITP)
			asm_op1(&a, rows[k].op, RD(0), V(0));
		else
			asm_op2(&a, rows[k].op, RD(0), V(0), V(1));
		asm_add(&a, RD(1), R(0), R(0));
		asm_end(&a);
		build();
		set4(in[0], 2, 2, 2, 2);
		run_ok();
		assert_stats(3, rows[k].latency - 1, 0, 0, 0);
	}
	setup();
	timing.mad_latency = 7;
	asm_mad(&a, RD(0), V(0), V(1), V(2));
	asm_add(&a, RD(1), R(0), R(0));
	asm_end(&a);
	build();
	run_ok();
	assert_stats(3, 7 - 1, 0, 0, 0);
}
END_TEST

/* With the shipped latencies (add 3, dp4 5), a chain of eight dependent
 * instructions: each after the first waits latency - 1, so 7 x 2 = 14
 * stall clocks for adds and 7 x 4 = 28 for dp4s, twice as many; 9
 * instructions with END (which reads no output here), 23 and 37 clocks. */
START_TEST(test_dp4_chain_stalls_twice_as_long_as_add_chain)
{
	unsigned k, dot;

	for (dot = 0; dot < 2; dot++) {
		setup();
		hw_shader_timing_defaults(&timing);
		for (k = 0; k < 8; k++)
			asm_op2(&a, dot ? ASM_DP4 : ASM_ADD, RD(0), k ? R(0) : V(0), V(1));
		asm_end(&a);
		build();
		run_ok();
		assert_stats(9, dot ? 28 : 14, 0, 0, 0);
		ck_assert_uint_eq(stats.clocks, dot ? 37 : 23);
	}
}
END_TEST

/* The shipped mova and cmp latencies are 4: an index or a flag test next
 * to its writer waits 3. */
START_TEST(test_default_mova_and_cmp_wait_three)
{
	asm_label next;

	hw_shader_timing_defaults(&timing);
	asm_mova(&a, "x", V(0));
	asm_mov(&a, RD(0), asm_rel(C(0), ASM_A0X));
	asm_end(&a);
	build();
	run_ok();
	assert_stats(3, 0, 3, 0, 0);

	setup();
	hw_shader_timing_defaults(&timing);
	next = asm_label_new(&a);
	asm_cmp(&a, V(0), ASM_EQ, ASM_EQ, V(0));
	asm_jmpc(&a, asm_cond_x(true), next);   /* to the next instruction */
	asm_label_place(&a, next);
	asm_end(&a);
	build();
	run_ok();
	assert_stats(3, 0, 0, 3, 0);
}
END_TEST

/* A taken jump costs 3 clocks in all with the shipped values (2 of
 * prefetch), one to pc + 2 costs 2 (1 of prefetch): jmpu over one nop,
 * then over two. */
START_TEST(test_taken_branch_penalty_and_short_jump)
{
	unsigned skip;

	for (skip = 1; skip <= 2; skip++) {
		asm_label over;
		unsigned k;

		setup();
		hw_shader_timing_defaults(&timing);
		over = asm_label_new(&a);
		asm_jmpu(&a, 0, false, over);
		for (k = 0; k < skip; k++)
			asm_nop(&a);
		asm_label_place(&a, over);
		asm_end(&a);
		build();
		st.b = 1;
		run_ok();
		assert_stats(2, 0, 0, 0, skip == 1 ? 1 : 2);
	}
	/* the two values are keys of their own */
	setup();
	timing.prefetch_miss = 5;
	timing.prefetch_miss_short = 3;
	{
		asm_label over = asm_label_new(&a);

		asm_jmpu(&a, 0, false, over);
		asm_nop(&a);
		asm_label_place(&a, over);
		asm_end(&a);
	}
	build();
	st.b = 1;
	run_ok();
	assert_stats(2, 0, 0, 0, 3);
}
END_TEST

/* ---- geometry shaders -------------------------------------------------------- */

struct emitted {
	float o0[4];
	unsigned id;
	bool prim, inv;
};

static struct emitted emits[8];
static unsigned emit_count;

static void collect(void *user, const float o[HW_SHADER_OUTPUTS][4], unsigned id,
		    bool prim, bool inv)
{
	(void)user;
	if (emit_count < 8) {
		memcpy(emits[emit_count].o0, o[0], sizeof emits[0].o0);
		emits[emit_count].id = id;
		emits[emit_count].prim = prim;
		emits[emit_count].inv = inv;
	}
	emit_count++;
}

START_TEST(test_emit_delivers_vertices_with_setemit_flags)
{
	struct hw_shader_emit_sink sink = { collect, NULL };
	int k;

	emit_count = 0;
	asm_emit(&a);                       /* before any setemit: 0, no flags */
	for (k = 0; k < 3; k++) {
		asm_mov(&a, O(0), C(k));
		asm_setemit(&a, (unsigned)k, k == 2, k == 2);
		asm_emit(&a);
	}
	asm_end(&a);
	build();
	for (k = 0; k < 3; k++)
		set4(st.f[k], (float)k, 0, 0, 1);
	st.geometry_unit = true;
	ck_assert_int_eq(run_with(&sink), HW_OK);
	ck_assert_uint_eq(emit_count, 4);
	ck_assert(emits[0].id == 0 && !emits[0].prim && !emits[0].inv);
	for (k = 0; k < 3; k++) {
		ck_assert_float_eq(emits[k + 1].o0[0], (float)k);
		ck_assert_uint_eq(emits[k + 1].id, (unsigned)k);
		ck_assert(emits[k + 1].prim == (k == 2) && emits[k + 1].inv == (k == 2));
	}
	/* each emit waits for the o0 written two instructions before */
	ck_assert_uint_eq(stats.stall_dependency, 3 * (L_RESULT - 2));
}
END_TEST

START_TEST(test_fault_emit_without_sink)
{
	asm_emit(&a);
	asm_end(&a);
	run_fault("emit");
}
END_TEST

/* A vertex unit has 512 instructions, the geometry unit 4096. */
START_TEST(test_geometry_unit_has_larger_program_memory)
{
	asm_label far = asm_label_new(&a);
	int k;

	asm_jmpu(&a, 0, false, far);
	for (k = 0; k < 600; k++)
		asm_nop(&a);
	asm_label_place(&a, far);
	asm_mov(&a, O(0), C(0));
	asm_end(&a);
	st.b = 1;
	run_fault("outside program memory");

	st.geometry_unit = true;
	ck_assert_uint_eq(hw_shader_code_words(&st), HW_SHADER_GSH_CODE_WORDS);
	run_ok();
}
END_TEST

/* ---- faults ---------------------------------------------------------------- */

START_TEST(test_fault_invalid_opcode)
{
	asm_nop(&a);
	asm_opcode_only(&a, 0x10);   /* unassigned in the opcode table */
	asm_end(&a);
	run_fault("invalid opcode 0x10");
	ck_assert_msg(strstr(fault, "pc 1") != NULL, "%s", fault);
}
END_TEST

START_TEST(test_fault_running_off_program_memory)
{
	/* no END: zero words are valid ADDs, up to the last instruction */
	asm_nop(&a);
	run_fault("outside program memory");
}
END_TEST

START_TEST(test_fault_entry_outside_program_memory)
{
	asm_end(&a);
	st.entry = HW_SHADER_VSH_CODE_WORDS;
	run_fault("outside program memory");
}
END_TEST

/* A jump to itself runs until max_steps; the fault leaves out and the
 * stats as they were. */
START_TEST(test_fault_infinite_loop_hits_max_steps)
{
	asm_label self = asm_label_new(&a);

	asm_mov(&a, O(0), C(0));
	asm_label_place(&a, self);
	asm_jmpu(&a, 0, false, self);
	asm_end(&a);
	st.b = 1;
	set4(st.f[0], 1, 1, 1, 1);
	timing.max_steps = 1000;
	run_fault("more than 1000 instructions");
	assert_stats(0, 0, 0, 0, 0);
	assert_vec(out[0], SENTINEL, SENTINEL, SENTINEL, SENTINEL);
}
END_TEST

START_TEST(test_fault_loop_nesting_too_deep)
{
	struct asm_block lp[HW_SHADER_LOOP_DEPTH + 1];
	int k;

	for (k = 0; k <= HW_SHADER_LOOP_DEPTH; k++)
		lp[k] = asm_loop(&a, 0);
	asm_nop(&a);
	for (k = HW_SHADER_LOOP_DEPTH; k >= 0; k--)
		asm_endloop(&a, &lp[k]);
	asm_end(&a);
	run_fault("loop nesting");
}
END_TEST

START_TEST(test_fault_two_mova_in_a_row)
{
	asm_mova(&a, "x", V(0));
	asm_mova(&a, "y", V(0));
	asm_end(&a);
	run_fault("two mova");
}
END_TEST

START_TEST(test_fault_break_outside_loop)
{
	asm_break(&a);
	asm_end(&a);
	run_fault("break outside");
}
END_TEST

/* ---- prepared programs: replay against the interpreter ------------------- */

static uint32_t rng_state;

static unsigned rnd(unsigned n)
{
	rng_state = rng_state * 1664525u + 1013904223u;
	return (rng_state >> 8) % n;
}

/* A source: v0-v3, r0-r7 (narrow) or, where `wide`, also c0-c95, with a
 * random swizzle, negation and (on c) address index. */
static struct asm_src random_src(bool wide, bool relative_ok)
{
	static const char *const swz[] = { "xyzw", "wzyx", "xxxx", "yzwx", "zzyy", "wxwy" };
	unsigned kind = rnd(wide ? 3 : 2);
	struct asm_src s = kind == 0 ? asm_v(rnd(4)) : kind == 1 ? asm_r(rnd(8)) : asm_c(rnd(96));

	s = asm_swz(s, swz[rnd(6)]);
	if (rnd(3) == 0)
		s = asm_neg(s);
	if (kind == 2 && relative_ok && rnd(3) == 0)
		s = asm_rel(s, (enum asm_index)(1 + rnd(3)));
	return s;
}

static struct asm_dst random_dst(void)
{
	static const char *const mask[] = { "xyzw", "x", "yz", "xw", "zw", "xyz" };
	struct asm_dst d = rnd(3) == 0 ? asm_o(rnd(4)) : asm_rd(rnd(8));

	return asm_mask(d, mask[rnd(6)]);
}

/* One random arithmetic instruction (never a mova: those are placed apart). */
static void random_alu(void)
{
	static const enum asm_op two[] = { ASM_ADD, ASM_DP3, ASM_DP4, ASM_DPH, ASM_DST,
					    ASM_MUL, ASM_SGE, ASM_SLT, ASM_MAX, ASM_MIN };
	static const enum asm_op one[] = { ASM_EX2, ASM_LG2, ASM_LITP, ASM_FLR, ASM_RCP,
					    ASM_RSQ, ASM_MOV };
	static const enum asm_op inv[] = { ASM_DPHI, ASM_DSTI, ASM_SGEI, ASM_SLTI };
	struct asm_dst d = random_dst();

	switch (rnd(6)) {
	case 0: case 1:
		asm_op2(&a, two[rnd(10)], d, random_src(true, true), random_src(false, false));
		return;
	case 2:
		asm_op1(&a, one[rnd(7)], d, random_src(true, true));
		return;
	case 3:
		asm_op2(&a, inv[rnd(4)], d, random_src(false, false), random_src(true, true));
		return;
	case 4:
		asm_cmp(&a, random_src(true, true), (enum asm_cmp)rnd(6), (enum asm_cmp)rnd(6),
			random_src(false, false));
		return;
	default:
		if (rnd(2))
			asm_mad(&a, d, random_src(false, false), random_src(true, true),
				random_src(false, false));
		else
			asm_madi(&a, d, random_src(false, false), random_src(false, false),
				 random_src(true, true));
		return;
	}
}

/* A random program on a path the inputs cannot change: arithmetic, movas
 * (never two in a row), a loop over aL, an if on a bool uniform. */
static void random_program(void)
{
	unsigned n = 4 + rnd(16), k;

	for (k = 0; k < n; k++) {
		unsigned what = rnd(10);
		if (what == 0) {
			asm_mova(&a, rnd(2) ? "xy" : "x", random_src(true, false));
			random_alu();
		} else if (what == 1) {
			struct asm_block loop = asm_loop(&a, rnd(4));
			random_alu();
			random_alu();
			asm_endloop(&a, &loop);
		} else if (what == 2) {
			struct asm_block blk = asm_ifu(&a, rnd(16));
			random_alu();
			asm_else(&a, &blk);
			random_alu();
			asm_endif(&a, &blk);
		} else {
			random_alu();
		}
	}
	for (k = 0; k < 8; k++)         /* every temp shows in an output */
		asm_mov(&a, O(4 + k), R(k));
	asm_end(&a);
}

static void random_inputs(float v[HW_SHADER_INPUTS][4])
{
	static const float special[] = { 0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 1e-30f, -3e38f,
					 INFINITY, -INFINITY };
	int i, j;

	for (i = 0; i < HW_SHADER_INPUTS; i++)
		for (j = 0; j < 4; j++)
			v[i][j] = rnd(4) == 0 ? special[rnd(9)]
					      : ((float)rnd(20001) - 10000.0f) / 997.0f;
}

/* Random programs whose path the inputs cannot change: invocation after
 * invocation with new inputs, a prepared program (recording, then
 * replaying) gives what the interpreter gives, bit for bit. */
START_TEST(test_prepared_program_replays_like_the_interpreter)
{
	unsigned prog, built = 0, inv, i;

	rng_state = 12345;
	for (prog = 0; prog < 300; prog++) {
		struct hw_shader_program *p;
		struct hw_shader_stats ref = { 0 }, got = { 0 };

		memset(&st, 0, sizeof st);
		asm_init(&a);
		random_program();
		if (!asm_finish(&a, &st))
			continue;         /* out of operand descriptors: try another */
		built++;
		for (i = 0; i < HW_SHADER_FLOAT_UNIFORMS; i++)
			set4(st.f[i], (float)i - 40.0f, 0.5f * (float)i, -2.0f, 1.0f / (float)(i + 1));
		for (i = 0; i < HW_SHADER_INT_UNIFORMS; i++) {
			st.i[i][0] = (uint8_t)rnd(3);           /* count */
			st.i[i][1] = (uint8_t)rnd(100);         /* start */
			st.i[i][2] = (uint8_t)(rnd(5) - 2);     /* step */
		}
		st.b = (uint16_t)rnd(65536);
		p = hw_shader_program_create(&st, &timing);
		ck_assert_ptr_nonnull(p);
		for (inv = 0; inv < 6; inv++) {
			float o_ref[HW_SHADER_OUTPUTS][4], o_got[HW_SHADER_OUTPUTS][4];
			char f_ref[160] = "", f_got[160] = "";
			enum hw_status s_ref, s_got;

			random_inputs(in);
			random_inputs(o_ref);
			memcpy(o_got, o_ref, sizeof o_got);
			s_ref = hw_shader_run(&st, &timing, (const float (*)[4])in, o_ref, NULL, &ref,
					      f_ref, sizeof f_ref);
			s_got = hw_shader_program_run(p, (const float (*)[4])in, o_got, NULL, &got,
						      f_got, sizeof f_got);
			ck_assert_int_eq(s_got, s_ref);
			ck_assert_str_eq(f_got, f_ref);
			ck_assert_msg(memcmp(o_got, o_ref, sizeof o_got) == 0,
				      "program %u, invocation %u: outputs differ", prog, inv);
			ck_assert_msg(memcmp(&got, &ref, sizeof got) == 0,
				      "program %u, invocation %u: counts differ", prog, inv);
		}
		hw_shader_program_destroy(p);
	}
	ck_assert_uint_ge(built, 200);
}
END_TEST

/* The same in batches: 11 invocations (one recorded, then a full batch and
 * a partial one) give what 11 interpreter runs give, bit for bit, each with
 * its own counts; with the AVX2 copy of the batch's steps, then the
 * baseline's. */
#define BATCH_RUNS 11
START_TEST(test_prepared_program_batches_like_the_interpreter)
{
	static float ins[BATCH_RUNS][HW_SHADER_INPUTS][4];
	static float ref[BATCH_RUNS][HW_SHADER_OUTPUTS][4], got[BATCH_RUNS][HW_SHADER_OUTPUTS][4];
	const float (*inp[BATCH_RUNS])[4];
	float (*outp[BATCH_RUNS])[4];
	struct hw_shader_stats sref[BATCH_RUNS], sgot[BATCH_RUNS], *statp[BATCH_RUNS];
	unsigned prog, built = 0, k, done;

	hw_simd_set_avx2(_i == 0);      /* the AVX2 copy (where it runs), then the baseline */
	rng_state = 777;
	for (prog = 0; prog < 300; prog++) {
		struct hw_shader_program *p;

		memset(&st, 0, sizeof st);
		asm_init(&a);
		random_program();
		if (!asm_finish(&a, &st))
			continue;
		built++;
		for (k = 0; k < HW_SHADER_FLOAT_UNIFORMS; k++)
			set4(st.f[k], (float)k - 40.0f, 0.25f * (float)k, 3.0f, -1.0f / (float)(k + 1));
		for (k = 0; k < HW_SHADER_INT_UNIFORMS; k++) {
			st.i[k][0] = (uint8_t)rnd(3);
			st.i[k][1] = (uint8_t)rnd(100);
			st.i[k][2] = (uint8_t)(rnd(5) - 2);
		}
		st.b = (uint16_t)rnd(65536);
		memset(sref, 0, sizeof sref);
		memset(sgot, 0, sizeof sgot);
		for (k = 0; k < BATCH_RUNS; k++) {
			random_inputs(ins[k]);
			random_inputs(ref[k]);
			memcpy(got[k], ref[k], sizeof got[k]);
			ck_assert_int_eq(hw_shader_run(&st, &timing, (const float (*)[4])ins[k], ref[k],
						       NULL, &sref[k], fault, sizeof fault), HW_OK);
			inp[k] = (const float (*)[4])ins[k];
			outp[k] = got[k];
			statp[k] = &sgot[k];
		}
		p = hw_shader_program_create(&st, &timing);
		ck_assert_ptr_nonnull(p);
		ck_assert_int_eq(hw_shader_program_run_batch(p, BATCH_RUNS, inp, outp, statp, &done,
							     fault, sizeof fault), HW_OK);
		ck_assert_uint_eq(done, BATCH_RUNS);
		ck_assert_msg(memcmp(got, ref, sizeof got) == 0, "program %u: outputs differ", prog);
		ck_assert_msg(memcmp(sgot, sref, sizeof sgot) == 0, "program %u: counts differ", prog);
		hw_shader_program_destroy(p);
	}
	ck_assert_uint_ge(built, 200);
	hw_simd_set_avx2(true);
}
END_TEST

/* The batched replay against the one-invocation replay: random programs
 * (relative addressing, loops, ifs, special values), the same inputs and
 * starting outputs through a prepared program one invocation at a time
 * and through run_batch in sizes from 1 to 2 * HW_SHADER_BATCH + 3 (full
 * and partial batches), compared register by register and count by
 * count. */
#define BATCH_MAX (2 * HW_SHADER_BATCH + 3)
START_TEST(test_batched_replay_matches_one_invocation_replay)
{
	static float ins[BATCH_MAX][HW_SHADER_INPUTS][4];
	static float one[BATCH_MAX][HW_SHADER_OUTPUTS][4], many[BATCH_MAX][HW_SHADER_OUTPUTS][4];
	const float (*inp[BATCH_MAX])[4];
	float (*outp[BATCH_MAX])[4];
	struct hw_shader_stats s_one[BATCH_MAX], s_many[BATCH_MAX], *statp[BATCH_MAX];
	static const unsigned sizes[] = { 1, 2, 3, 5, HW_SHADER_BATCH - 1, HW_SHADER_BATCH,
					  HW_SHADER_BATCH + 1, 2 * HW_SHADER_BATCH, BATCH_MAX };
	unsigned prog, built = 0, batched = 0, n, z, k, r, done;

	rng_state = 4242;
	for (prog = 0; prog < 100; prog++) {
		struct hw_shader_program *single, *batch;

		memset(&st, 0, sizeof st);
		asm_init(&a);
		random_program();
		if (!asm_finish(&a, &st))
			continue;
		built++;
		for (k = 0; k < HW_SHADER_FLOAT_UNIFORMS; k++)
			set4(st.f[k], (float)k - 50.0f, -0.125f * (float)k, 7.0f,
			     k % 7 == 0 ? 0.0f : 2.0f / (float)(k + 1));
		for (k = 0; k < HW_SHADER_INT_UNIFORMS; k++) {
			st.i[k][0] = (uint8_t)rnd(3);
			st.i[k][1] = (uint8_t)rnd(100);
			st.i[k][2] = (uint8_t)(rnd(5) - 2);
		}
		st.b = (uint16_t)rnd(65536);
		single = hw_shader_program_create(&st, &timing);
		batch = hw_shader_program_create(&st, &timing);
		ck_assert_ptr_nonnull(single);
		ck_assert_ptr_nonnull(batch);
		for (z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
			n = sizes[z];
			for (k = 0; k < n; k++) {
				random_inputs(ins[k]);
				random_inputs(one[k]);          /* outputs start anywhere */
				memcpy(many[k], one[k], sizeof many[k]);
				inp[k] = (const float (*)[4])ins[k];
				outp[k] = many[k];
				statp[k] = &s_many[k];
			}
			memset(s_one, 0, sizeof s_one);
			memset(s_many, 0, sizeof s_many);
			for (k = 0; k < n; k++)
				ck_assert_int_eq(hw_shader_program_run(single, inp[k], one[k], NULL,
								       &s_one[k], fault, sizeof fault),
						 HW_OK);
			ck_assert_int_eq(hw_shader_program_run_batch(batch, n, inp, outp, statp, &done,
								     fault, sizeof fault), HW_OK);
			ck_assert_uint_eq(done, n);
			for (k = 0; k < n; k++) {
				for (r = 0; r < HW_SHADER_OUTPUTS; r++)
					ck_assert_msg(memcmp(many[k][r], one[k][r], sizeof one[k][r]) == 0,
						      "program %u, batch of %u, invocation %u: o%u "
						      "differs (%a %a %a %a, want %a %a %a %a)", prog, n,
						      k, r, (double)many[k][r][0], (double)many[k][r][1],
						      (double)many[k][r][2], (double)many[k][r][3],
						      (double)one[k][r][0], (double)one[k][r][1],
						      (double)one[k][r][2], (double)one[k][r][3]);
				ck_assert_msg(memcmp(&s_many[k], &s_one[k], sizeof s_one[k]) == 0,
					      "program %u, batch of %u, invocation %u: counts differ",
					      prog, n, k);
			}
		}
		if (hw_shader_program_replays(batch))
			batched++;
		hw_shader_program_destroy(single);
		hw_shader_program_destroy(batch);
	}
	ck_assert_uint_ge(built, 60);
	ck_assert_uint_ge(batched, 30);     /* most paths replay: the batch form ran */
}
END_TEST

/* A path that depends on the data is never replayed: the second invocation
 * takes the other branch, and its count of instructions differs. */
START_TEST(test_prepared_program_with_data_dependent_branch_interprets)
{
	struct hw_shader_program *p;
	struct asm_block blk;
	float o[HW_SHADER_OUTPUTS][4];

	set4(st.f[0], 0, 0, 0, 0);
	set4(st.f[1], 1, 1, 1, 1);
	set4(st.f[2], 2, 2, 2, 2);
	asm_cmp(&a, C(0), ASM_LT, ASM_LT, V(0));     /* x: 0 < v0.x */
	blk = asm_ifc(&a, asm_cond_x(true));
	asm_mov(&a, O(0), C(1));
	asm_mov(&a, O(1), C(1));
	asm_else(&a, &blk);
	asm_mov(&a, O(0), C(2));
	asm_endif(&a, &blk);
	asm_end(&a);
	build();
	p = hw_shader_program_create(&st, &timing);
	ck_assert_ptr_nonnull(p);
	set4(in[0], 1, 1, 1, 1);
	ck_assert_int_eq(hw_shader_program_run(p, (const float (*)[4])in, out, NULL, &stats,
					       fault, sizeof fault), HW_OK);
	assert_vec(out[0], 1, 1, 1, 1);
	ck_assert_uint_eq(stats.instructions, 5);
	set4(in[0], -1, -1, -1, -1);
	memset(&stats, 0, sizeof stats);
	memset(o, 0, sizeof o);
	ck_assert_int_eq(hw_shader_program_run(p, (const float (*)[4])in, o, NULL, &stats,
					       fault, sizeof fault), HW_OK);
	assert_vec(o[0], 2, 2, 2, 2);
	assert_vec(o[1], 0, 0, 0, 0);
	ck_assert_uint_eq(stats.instructions, 4);
	hw_shader_program_destroy(p);
}
END_TEST

static Suite *shader_suite(void)
{
	Suite *s = suite_create("shader");
	TCase *enc = tcase_create("encoding"), *alu = tcase_create("arithmetic");
	TCase *flow = tcase_create("flow"), *stall = tcase_create("stalls");
	TCase *geo = tcase_create("geometry"), *bad = tcase_create("faults");
	TCase *prep = tcase_create("prepared");
	TCase *all[] = { enc, alu, flow, stall, geo, bad, prep };
	unsigned k;

	for (k = 0; k < sizeof all / sizeof all[0]; k++) {
		tcase_add_checked_fixture(all[k], setup, NULL);
		suite_add_tcase(s, all[k]);
	}
	tcase_add_test(prep, test_prepared_program_replays_like_the_interpreter);
	tcase_add_loop_test(prep, test_prepared_program_batches_like_the_interpreter, 0, 2);
	tcase_add_test(prep, test_batched_replay_matches_one_invocation_replay);
	tcase_add_test(prep, test_prepared_program_with_data_dependent_branch_interprets);
	tcase_add_test(enc, test_encode_mov_o0_v0_matches_hand_encoding);
	tcase_add_test(enc, test_encode_add_with_mask_negation_swizzle_matches_hand_encoding);
	tcase_add_test(enc, test_encode_mad_with_relative_src2_matches_hand_encoding);
	tcase_add_test(enc, test_encode_cmp_and_inverted_format_match_hand_encoding);
	tcase_add_test(enc, test_encode_flow_words_match_hand_encoding);

	tcase_add_test(alu, test_straight_line_counts_k_times_invocations);
	tcase_add_test(alu, test_entry_point_is_where_execution_starts);
	tcase_add_test(alu, test_default_timing_is_the_documented_one);
	tcase_add_test(alu, test_add_applies_swizzle_negation_and_dest_mask);
	tcase_add_test(alu, test_mul_and_mov_per_lane);
	tcase_add_test(alu, test_dot_products_broadcast_and_dph_adds_src2_w);
	tcase_add_test(alu, test_dst_builds_distance_vector);
	tcase_add_test(alu, test_sge_slt_and_their_inverted_forms);
	tcase_add_test(alu, test_flr_min_max_follow_pica_nan_order);
	tcase_add_test(alu, test_scalar_ops_use_swizzled_x_and_broadcast);
	tcase_add_test(alu, test_rcp_rsq_special_values);
	tcase_add_test(alu, test_mad_and_madi_multiply_add);
	tcase_add_test(alu, test_zero_times_anything_is_zero);
	tcase_add_test(alu, test_dot_products_sum_from_positive_zero);
	tcase_add_test(alu, test_litp_clamps_and_sets_flags);
	tcase_add_test(alu, test_relative_addressing_adds_a0_and_al);
	tcase_add_test(alu, test_relative_index_wraps_past_c95);
	tcase_add_test(alu, test_relative_al_index_wraps_past_c95);
	tcase_add_test(alu, test_cmp_six_ops_set_both_flags);
	tcase_add_test(alu, test_condition_combines_flags_with_references);

	tcase_add_test(flow, test_loop_runs_count_plus_one_with_al_stepping);
	tcase_add_test(flow, test_loop_value_and_negative_step);
	tcase_add_test(flow, test_nested_loops_restore_outer_al);
	tcase_add_test(flow, test_ifu_runs_then_or_else_block);
	tcase_add_test(flow, test_ifu_without_else_skips_block);
	tcase_add_test(flow, test_ifc_runs_then_or_else_block);
	tcase_add_test(flow, test_call_returns_after_num_instructions);
	tcase_add_test(flow, test_callc_and_callu_call_only_when_true);
	tcase_add_test(flow, test_calls_nest_to_the_documented_depth);
	tcase_add_test(flow, test_breakc_leaves_innermost_loop);
	tcase_add_test(flow, test_break_drops_blocks_opened_in_loop);
	tcase_add_test(flow, test_jmpc_and_jmpu_jump_when_true);

	tcase_add_test(stall, test_dependency_stall_is_latency_minus_one);
	tcase_add_test(stall, test_dependency_stall_shrinks_with_distance);
	tcase_add_test(stall, test_dependency_only_on_components_read);
	tcase_add_test(stall, test_slow_ops_use_slow_latency);
	tcase_add_test(stall, test_end_waits_for_outputs);
	tcase_add_test(stall, test_mova_stall_before_relative_use);
	tcase_add_test(stall, test_cmp_stall_before_flag_test);
	tcase_add_test(stall, test_prefetch_miss_per_back_edge);
	tcase_add_test(stall, test_latency_by_instruction_class);
	tcase_add_test(stall, test_dp4_chain_stalls_twice_as_long_as_add_chain);
	tcase_add_test(stall, test_default_mova_and_cmp_wait_three);
	tcase_add_test(stall, test_taken_branch_penalty_and_short_jump);

	tcase_add_test(geo, test_emit_delivers_vertices_with_setemit_flags);
	tcase_add_test(geo, test_fault_emit_without_sink);
	tcase_add_test(geo, test_geometry_unit_has_larger_program_memory);

	tcase_add_test(bad, test_fault_invalid_opcode);
	tcase_add_test(bad, test_fault_running_off_program_memory);
	tcase_add_test(bad, test_fault_entry_outside_program_memory);
	tcase_add_test(bad, test_fault_infinite_loop_hits_max_steps);
	tcase_add_test(bad, test_fault_call_nesting_too_deep);
	tcase_add_test(bad, test_fault_loop_nesting_too_deep);
	tcase_add_test(bad, test_fault_two_mova_in_a_row);
	tcase_add_test(bad, test_fault_break_outside_loop);
	return s;
}

int main(void)
{
	return tu_run(shader_suite());
}
