/* nngx_misc.c: the calls of gx_Misc.h and gx_Lcd.h the model has no
 * counterpart for: bus arbitration, the driver's thread priority, the
 * private auto-wait mode, LCD power, the automatic update of the gas
 * (fog density) accumulation. Each checks its argument where it
 * has a range (INVALID_ARGUMENT, no GL error: the SDK documents none),
 * then raises CALL_NOT_MODELLED once per function (doc/model.md, "Model
 * choices"). Stereoscopic display is always allowed. */
#include <nn/gx/CTR/gx_CTR.h>
#include <nn/gx/CTR/gx_Lcd.h>
#include <nn/gx/CTR/gx_Misc.h>

#include "driver/nngx_state.h"

void nngxSetMemAccessPrioMode(nngxMemAccessPrioMode mode)
{
	static const char fn[] = "nngxSetMemAccessPrioMode";
	NNGX_API(st);

	switch (mode) {
	case NN_GX_MEM_ACCESS_PRIO_MODE_0: case NN_GX_MEM_ACCESS_PRIO_MODE_1:
	case NN_GX_MEM_ACCESS_PRIO_MODE_2: case NN_GX_MEM_ACCESS_PRIO_MODE_3:
	case NN_GX_MEM_ACCESS_PRIO_MODE_4:
		nngx_state_not_modelled(st, fn, "FCRAM bus priorities");
		return;
	default:
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "mode 0x%08X is not NN_GX_MEM_ACCESS_PRIO_MODE_0..4",
				 (unsigned)mode);
		return;
	}
}

bool nngxIsStereoVisionAllowed(void)
{
	return true;
}

void nngxSetInternalDriverPrioMode(nngxInternalDriverPrioMode mode)
{
	static const char fn[] = "nngxSetInternalDriverPrioMode";
	NNGX_API(st);

	if (mode != NN_GX_INTERNAL_DRIVER_PRIO_MODE_HIGH
	    && mode != NN_GX_INTERNAL_DRIVER_PRIO_MODE_LOW) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "mode %d is not NN_GX_INTERNAL_DRIVER_PRIO_MODE_HIGH or _LOW",
				 (int)mode);
		return;
	}
	nngx_state_not_modelled(st, fn, "the driver's thread priority");
}

void nngxSetAutoWaitMode(s32 paramIndex)
{
	(void)paramIndex;
	NNGX_API(st);
	nngx_state_not_modelled(st, "nngxSetAutoWaitMode",
				"a private SDK setting");
}

void nngxStartLcdDisplay(void)
{
	/* Model choice: the LCDs show what is swapped from the start. */
	NNGX_API(st);
	nngx_state_not_modelled(st, "nngxStartLcdDisplay",
				"LCD power (the screens are always on)");
}

void nngxSetGasAutoAccumulationUpdate(GLint id)
{
	(void)id;
	NNGX_API(st);
	nngx_state_not_modelled(st, "nngxSetGasAutoAccumulationUpdate",
				"the automatic update of gas accumulation");
}
