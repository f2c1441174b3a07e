/* nn/gx/CTR/gx_Vram.h: where the two VRAM banks are.
 *
 * Part of libnngx (MIT licence), written for libnngx. The addresses are
 * the SDK's application view: each bank whole, 3 MiB, A at virtual
 * 0x1F000000 and B right after it; nngxGetPhysicalAddr turns them into
 * the GPU's physical addresses (A at 0x18000000). */
#ifndef NNGX_NN_GX_CTR_GX_VRAM_H
#define NNGX_NN_GX_CTR_GX_VRAM_H

#include <nn/types.h>

#ifndef NN_GX_MEM_VRAMA
#define NN_GX_MEM_VRAMA 0x00020000
#endif
#ifndef NN_GX_MEM_VRAMB
#define NN_GX_MEM_VRAMB 0x00030000
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* First and last (inclusive) usable address and usable size of bank
 * NN_GX_MEM_VRAMA or NN_GX_MEM_VRAMB; 0 for any other area. */
uptr nngxGetVramStartAddr(s32 area);
uptr nngxGetVramEndAddr(s32 area);
size_t nngxGetVramSize(s32 area);

#ifdef __cplusplus
}

namespace nn {
namespace gx {
namespace CTR {

enum VramArea {
	MEM_VRAMA = NN_GX_MEM_VRAMA,
	MEM_VRAMB = NN_GX_MEM_VRAMB
};

inline uptr GetVramStartAddr(VramArea area)
{
	return nngxGetVramStartAddr(static_cast<s32>(area));
}

inline uptr GetVramEndAddr(VramArea area)
{
	return nngxGetVramEndAddr(static_cast<s32>(area));
}

inline size_t GetVramSize(VramArea area)
{
	return nngxGetVramSize(static_cast<s32>(area));
}

} /* namespace CTR */
} /* namespace gx */
} /* namespace nn */
#endif

#endif
