/* hw_simd.h: whether the model's SIMD kernels are built. HW_SSE2 is 1
 * where the compiler targets SSE2 (every x86-64 build) and HW_NO_SIMD is
 * not defined, else 0. Every kernel does the same float and double
 * operations as the portable code beside it, so the results are the same
 * bits either way; other hosts build the portable code, and
 * `./configure CPPFLAGS=-DHW_NO_SIMD` builds it on any host, to test it. */
#ifndef NNGX_HW_SIMD_H
#define NNGX_HW_SIMD_H

#if defined(__SSE2__) && !defined(HW_NO_SIMD)
#define HW_SSE2 1
#include <emmintrin.h>
#else
#define HW_SSE2 0
#endif

/* The AVX2 copies of the model's hottest loops (a raster batch, its
 * samples, its fragments, ...). Where configure found the toolchain for
 * it (gcc or clang on x86-64: the target attribute and the CPU check),
 * each of those loops is built twice from the same C code: once for any
 * x86-64 (the baseline copy) and once for hosts with AVX2 and BMI2
 * (HW_AVX2_TARGET), which lets the compiler use three-operand forms,
 * wider moves and shifts that need no count register. The same float and
 * double operations either way (FMA is not among the features, and the
 * build contracts nothing), so the same bits: only the instruction count
 * changes. Not with HW_NO_SIMD, nor with ./configure --disable-avx2. */
#if defined(HW_AVX2_COPIES) && HW_SSE2 && defined(__x86_64__) && defined(__GNUC__)
#define HW_AVX2 1
#define HW_AVX2_TARGET __attribute__((target("avx2,bmi,bmi2,popcnt")))
#else
#define HW_AVX2 0
#endif

#include <stdbool.h>

/* Whether the AVX2 copies run: built (HW_AVX2), the host has the
 * features, and not turned off by hw_simd_set_avx2. */
bool hw_simd_avx2(void);

/* false: the baseline copies from now on (tests compare the two; the
 * driver's NNGX_KERNELS=baseline); true: the AVX2 copies again where the
 * host has them. */
void hw_simd_set_avx2(bool on);

#endif
