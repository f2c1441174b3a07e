/* hw_shader_timing.c: the shader unit's timing parameters: the default
 * latencies and prefetch penalties (the SDK shader reference's
 * instruction-latency table, doc/calibration.md) and the latency class
 * each opcode belongs to. The interpreter applies them as it issues
 * instructions (hw_shader.c, "timing"); the rules are written out at the
 * top of hw_shader.c. */
#include "hw_shader_int.h"

/* The latency class of op (see the top of hw_shader.c). */
uint32_t hw_shader_latency(const struct hw_shader_timing *tm, unsigned op)
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
