/* nn/types.h: the fixed-width types of the 3DS SDK that the gx headers and
 * engine code use (the subset libnngx needs: integers, pointers as
 * integers, floats, bit fields, characters and their volatile forms).
 *
 * Part of libnngx (MIT licence), written for libnngx. The widths are the
 * SDK's; uptr and sptr are pointer-sized on every host (on the 3DS they
 * are 32 bits wide, as pointers are). */
#ifndef NNGX_NN_TYPES_H
#define NNGX_NN_TYPES_H

#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#ifndef __cplusplus
#include <stdbool.h>
#endif

typedef unsigned char       u8;
typedef unsigned short      u16;
typedef unsigned int        u32;
typedef unsigned long long  u64;
typedef signed char         s8;
typedef signed short        s16;
typedef signed int          s32;
typedef signed long long    s64;

typedef intptr_t            sptr;
typedef uintptr_t           uptr;

typedef float               f32;
typedef double              f64;

typedef unsigned char       bit8;
typedef unsigned short      bit16;
typedef unsigned int        bit32;
typedef unsigned long long  bit64;

typedef char                char8;
typedef wchar_t             char16;

typedef volatile u8         vu8;
typedef volatile u16        vu16;
typedef volatile u32        vu32;
typedef volatile u64        vu64;
typedef volatile s8         vs8;
typedef volatile s16        vs16;
typedef volatile s32        vs32;
typedef volatile s64        vs64;
typedef volatile f32        vf32;
typedef volatile f64        vf64;

#endif
