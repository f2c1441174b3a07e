/* nngx_validate.c: state validation and the command generation mode
 * (nngxUpdateState, nngxGetUpdatedState, nngxInvalidateState,
 * nngxSetCommandGenerationMode, nngxGetCommandGenerationMode).
 *
 * The GL command generator (driver: gl_cmdgen.c) writes every state whole
 * before each draw, except the program and its uniforms, which it sends
 * when they changed. So marking states (nngxUpdateState) or dropping the
 * library's knowledge of them (nngxInvalidateState, the same in the model)
 * matters for the shader states: the next draw sends the program and all
 * its uniforms. The states stay reported by nngxGetUpdatedState until a
 * draw sends them. NN_GX_CMDGEN_MODE_UNCONDITIONAL sends the program and
 * all uniforms with every draw. The SDK documents no error for these
 * calls: a bad argument raises INVALID_ARGUMENT or NULL_PARAM and changes
 * nothing (README, "SDK surface"). */
#include <nn/gx/CTR/gx_CTR.h>

#include "driver/gl_context.h"
#include "driver/nngx_state.h"

void nngxUpdateState(GLbitfield statemask)
{
	gl_context_update_state(&nngx_state_get()->gl, statemask);
}

void nngxInvalidateState(GLbitfield statemask)
{
	gl_context_update_state(&nngx_state_get()->gl, statemask);
}

void nngxGetUpdatedState(GLbitfield *statemask)
{
	struct nngx_state *st = nngx_state_get();

	if (!statemask) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_NULL_PARAM, "nngxGetUpdatedState",
				 "statemask is NULL");
		return;
	}
	*statemask = st->gl.updated_state;
}

void nngxSetCommandGenerationMode(GLenum mode)
{
	struct nngx_state *st = nngx_state_get();

	if (mode != NN_GX_CMDGEN_MODE_CONDITIONAL && mode != NN_GX_CMDGEN_MODE_UNCONDITIONAL) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT,
				 "nngxSetCommandGenerationMode", "mode 0x%04X is not "
				 "NN_GX_CMDGEN_MODE_CONDITIONAL or _UNCONDITIONAL", mode);
		return;
	}
	st->gl.cmdgen_mode = mode;
}

void nngxGetCommandGenerationMode(GLenum *mode)
{
	struct nngx_state *st = nngx_state_get();

	if (!mode) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_NULL_PARAM, "nngxGetCommandGenerationMode",
				 "mode is NULL");
		return;
	}
	*mode = st->gl.cmdgen_mode;
}
