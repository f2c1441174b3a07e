/* hw_simd.c: which copy of the model's hot loops runs (hw_simd.h). */
#include "hw_simd.h"

/* -1: not looked at yet; 0: the baseline copies; 1: the AVX2 copies */
static int simd_avx2 = -1;

/* 1 when the host CPU runs the AVX2 copies (AVX2, BMI1, BMI2 and POPCNT all
 * present), 0 otherwise or when built without them. */
static int simd_host_avx2(void)
{
#if HW_AVX2
	__builtin_cpu_init();
	return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi")
	       && __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
#else
	return 0;
#endif
}

bool hw_simd_avx2(void)
{
	if (simd_avx2 < 0)
		simd_avx2 = simd_host_avx2();
	return simd_avx2 != 0;
}

void hw_simd_set_avx2(bool on)
{
	simd_avx2 = on ? simd_host_avx2() : 0;
}
