/* nngx_memory.c: the VRAM banks and physical addresses (gx_Vram.h,
 * gx_CommandAccess.h).
 *
 * Model choices (doc/model.md): the banks are reported as an
 * application sees them, whole: VRAM A is 3 MiB at virtual 0x1F000000,
 * VRAM B the 3 MiB after it; nngxGetPhysicalAddr maps that window onto
 * the model's physical VRAM (A at 0x18000000, as on the 3DS), and
 * pointers into simulated memory (buffers from the program's allocator,
 * nngxShimAllocMemory, nngxShimGetHostPointer) onto their physical
 * addresses. The model has no CPU data cache: nngxUpdateBuffer has
 * nothing to flush. */
#include <nn/gx/CTR/gx_CommandAccess.h>
#include <nn/gx/CTR/gx_Vram.h>

#include "driver/nngx_addrspace.h"
#include "driver/nngx_state.h"

/* The SDK's application view of VRAM (its VRAM layout facts). */
#define VRAM_VIRTUAL_A   NNGX_VRAM_WINDOW
#define VRAM_BANK_BYTES  NNGX_VRAM_BANK_BYTES     /* 3 MiB a bank */
#define VRAM_VIRTUAL_END NNGX_VRAM_WINDOW_END

/* The first address of bank `area`, or 0. */
static uptr vram_start(s32 area)
{
	switch (area) {
	case NN_GX_MEM_VRAMA: return VRAM_VIRTUAL_A;
	case NN_GX_MEM_VRAMB: return VRAM_VIRTUAL_A + VRAM_BANK_BYTES;
	default: return 0;
	}
}

uptr nngxGetVramStartAddr(s32 area)
{
	return vram_start(area);
}

uptr nngxGetVramEndAddr(s32 area)
{
	uptr start = vram_start(area);

	return start ? start + VRAM_BANK_BYTES - 1 : 0;
}

size_t nngxGetVramSize(s32 area)
{
	return vram_start(area) ? VRAM_BANK_BYTES : 0;
}

/* In the console address space, the console's rule: device memory
 * 0x14000000-0x1BFFFFFF + 0x0C000000, VRAM 0x1F000000-0x1F600000 (its
 * one-past-end included, as gxlow converts end pointers) - 0x07000000,
 * whether or not an object lies there. In the host one, a pointer into a
 * block of simulated memory, or a VRAM window address. */
uptr nngxGetPhysicalAddr(uptr virtualAddr)
{
	NNGX_API(st);
	uint32_t phys;

	if (nngx_addrspace_console())
		phys = nngx_addrspace_console_pa(virtualAddr);
	else {
		phys = virtualAddr ? hw_memory_phys(&st->gpu.memory, (const void *)virtualAddr) : 0;
		if (!phys && virtualAddr >= VRAM_VIRTUAL_A && virtualAddr < VRAM_VIRTUAL_END)
			phys = (uint32_t)(virtualAddr - VRAM_VIRTUAL_A + HW_VRAM_A_BASE);
	}
	if (phys)
		return phys;
	nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_NO_PHYSICAL_ADDRESS, "nngxGetPhysicalAddr",
			 "address %#llx", (unsigned long long)virtualAddr);
	return 0;
}

void nngxUpdateBuffer(const void *pBuffer, size_t size)
{
	(void)pBuffer;
	(void)size;
	NNGX_API(st);
	nngx_state_not_modelled(st, "nngxUpdateBuffer",
				"a CPU data-cache flush");
}
