/* nn/gx/CTR/gx_CommandAccess.h: what code that writes PICA200 commands
 * itself needs: physical addresses, making CPU writes visible to the GPU,
 * and the command-word macros.
 *
 * Part of libnngx (MIT licence), written for libnngx. */
#ifndef NNGX_NN_GX_CTR_GX_COMMANDACCESS_H
#define NNGX_NN_GX_CTR_GX_COMMANDACCESS_H

#include <nn/types.h>
#include <nn/gx/CTR/gx_MacroCommon.h>
#include <nn/gx/CTR/gx_MacroReg.h>
#include <nn/gx/CTR/gx_MacroFragment.h>
#include <nn/gx/CTR/gx_MacroMisc.h>
#include <nn/gx/CTR/gx_MacroOld.h>
#include <nn/gx/CTR/gx_MacroShader.h>
#include <nn/gx/CTR/gx_MacroTexture.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The GPU's (physical) address of `virtualAddr`: a pointer into memory
 * the library simulates (from the nngxInitialize allocator's areas,
 * nngxShimAllocMemory, ...) or an address of the VRAM banks as
 * nngxGetVramStartAddr gives them; 0 for anything else. */
uptr nngxGetPhysicalAddr(uptr virtualAddr);

/* Make the CPU's writes to [pBuffer, pBuffer + size) visible to the GPU
 * (on the 3DS: a data-cache flush). */
void nngxUpdateBuffer(const void *pBuffer, size_t size);

#ifdef __cplusplus
}

namespace nn {
namespace gx {
namespace CTR {

inline uptr GetPhysicalAddr(uptr virtualAddr)
{
	return nngxGetPhysicalAddr(virtualAddr);
}

inline void UpdateBuffer(const void *pBuffer, size_t size)
{
	nngxUpdateBuffer(pBuffer, size);
}

} /* namespace CTR */
} /* namespace gx */
} /* namespace nn */
#endif

#endif
