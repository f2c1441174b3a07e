/* nn/gx/CTR/gx_Misc.h: bus and driver priorities, stereo permission.
 *
 * Part of libnngx (MIT licence), written for libnngx. The enumerator
 * values are the SDK's ABI facts. The model has no bus arbitration and no
 * driver thread: the calls check their argument and say once that they
 * change nothing (libnngx(7), NOT_MODELLED). */
#ifndef NNGX_NN_GX_CTR_GX_MISC_H
#define NNGX_NN_GX_CTR_GX_MISC_H

#include <nn/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/* FCRAM arbitration between the CPU, the GPU and the other devices. */
typedef enum {
	NN_GX_MEM_ACCESS_PRIO_MODE_0 = 0x00000000,      /* all equal */
	NN_GX_MEM_ACCESS_PRIO_MODE_1 = 0x00000205,      /* CPU favoured */
	NN_GX_MEM_ACCESS_PRIO_MODE_2 = 0x00000203,      /* CPU strongly favoured */
	NN_GX_MEM_ACCESS_PRIO_MODE_3 = 0x00000305,      /* CPU and GPU favoured */
	NN_GX_MEM_ACCESS_PRIO_MODE_4 = 0x00000105,      /* GPU favoured */
	NN_GX_MEM_ACCESS_PRIO_MODE_MAX = 0x7FFFFFFF     /* sentinel */
} nngxMemAccessPrioMode;

/* Priority of the driver's internal work. */
typedef enum {
	NN_GX_INTERNAL_DRIVER_PRIO_MODE_HIGH = 0,
	NN_GX_INTERNAL_DRIVER_PRIO_MODE_LOW = 1
} nngxInternalDriverPrioMode;

void nngxSetMemAccessPrioMode(nngxMemAccessPrioMode mode);
bool nngxIsStereoVisionAllowed(void);
void nngxSetInternalDriverPrioMode(nngxInternalDriverPrioMode mode);
/* Private in the SDK; its meaning is not public. */
void nngxSetAutoWaitMode(s32 paramIndex);

#ifdef __cplusplus
}

namespace nn {
namespace gx {
namespace CTR {

enum MemAccessPrioMode {
	MEM_ACCESS_PRIO_MODE_0 = NN_GX_MEM_ACCESS_PRIO_MODE_0,
	MEM_ACCESS_PRIO_MODE_1 = NN_GX_MEM_ACCESS_PRIO_MODE_1,
	MEM_ACCESS_PRIO_MODE_2 = NN_GX_MEM_ACCESS_PRIO_MODE_2,
	MEM_ACCESS_PRIO_MODE_3 = NN_GX_MEM_ACCESS_PRIO_MODE_3,
	MEM_ACCESS_PRIO_MODE_4 = NN_GX_MEM_ACCESS_PRIO_MODE_4,
	MEM_ACCESS_PRIO_MODE_MAX = NN_GX_MEM_ACCESS_PRIO_MODE_MAX
};

enum InternalDriverPrioMode {
	INTERNAL_DRIVER_PRIO_MODE_HIGH = NN_GX_INTERNAL_DRIVER_PRIO_MODE_HIGH,
	INTERNAL_DRIVER_PRIO_MODE_LOW = NN_GX_INTERNAL_DRIVER_PRIO_MODE_LOW
};

inline void SetMemAccessPrioMode(MemAccessPrioMode mode)
{
	nngxSetMemAccessPrioMode(static_cast<nngxMemAccessPrioMode>(mode));
}

inline bool IsStereoVisionAllowed(void)
{
	return nngxIsStereoVisionAllowed();
}

inline void SetInternalDriverPrioMode(InternalDriverPrioMode mode)
{
	nngxSetInternalDriverPrioMode(static_cast<nngxInternalDriverPrioMode>(mode));
}

inline void SetAutoWaitMode(s32 paramIndex)
{
	nngxSetAutoWaitMode(paramIndex);
}

} /* namespace CTR */
} /* namespace gx */
} /* namespace nn */
#endif

#endif
