/* hw_shader_batch.c: the shader unit's batched replay: up to
 * HW_SHADER_BATCH invocations of a recorded path at once, registers laid
 * out component by component with one float per invocation, so that one
 * vector operation does the same component of four invocations (eight in
 * the AVX2 copy). Two forms: the compiled list as flat steps over an
 * arena (SSE2 and AVX2), and the plain list in structure-of-arrays form
 * when nothing was compiled. Each invocation gets the single-invocation
 * replay's bits (hw_shader_replay.c). */
#include <stdlib.h>
#include <string.h>

#include "hw_alloc.h"
#include "hw_shader_int.h"
#if HW_AVX2
#include <immintrin.h>   /* the AVX2 copy's eight-lane steps */
#endif

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

/* A new step of `kind` for batch op `op`, every other field 0; the caller
 * reserved room (STEPS_PER_OP a batch op). */
static struct batch_step *step_add(struct hw_shader_program *p, unsigned kind, unsigned op)
{
	struct batch_step *s = &p->steps[p->step_len++];

	memset(s, 0, sizeof *s);
	s->kind = (uint8_t)kind;
	s->op = (uint16_t)op;
	return s;
}

/* A step that copies row `from` to row `to`. */
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

enum hw_status hw_shader_batch_prepare(struct hw_shader_program *p)
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

/* Lanes 0..n-1 of an arena row back into register `reg` of each
 * invocation (batch_gather's inverse; the other slots are dropped). */
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

/* Every step of p over the arena ar, four lanes a vector operation; a0
 * holds each invocation's address register. */
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

void hw_shader_compiled_replay_batch(struct hw_shader_program *p, unsigned n,
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

void hw_shader_replay_batch(const struct hw_shader_program *p, unsigned n,
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
