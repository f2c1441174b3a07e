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

#endif
