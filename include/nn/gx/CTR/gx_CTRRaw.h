/* nn/gx/CTR/gx_CTRRaw.h: command lists owned by the program (the Raw API).
 *
 * Part of libnngx (MIT licence), written for libnngx. The object is the
 * SDK's size (68 bytes, 4-byte aligned) so that structs embedding it keep
 * their layout; its contents are the library's. */
#ifndef NNGX_NN_GX_CTR_GX_CTRRAW_H
#define NNGX_NN_GX_CTR_GX_CTRRAW_H

#include <GLES2/gl2.h>
#include <nn/gx/CTR/gx_CTR.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tag_nngxCommandList {
	unsigned int Reserved[17];
} nngxCommandList;

#ifdef __cplusplus
}
#endif

#endif
