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
 * all uniforms with every draw. nngxValidateState sends now, into the
 * bound list, what the next draw would send of the program and its
 * uniforms; the other states go out with the draw, as always, and stay
 * reported until then. The SDK documents no error for these calls: a bad
 * argument raises INVALID_ARGUMENT or NULL_PARAM, a missing list
 * CMDLIST_NONE or CMDLIST_NO_STORAGE, and nothing changes (doc/model.md, "Model
 * choices"). */
#include <nn/gx/CTR/gx_CTR.h>

#include "driver/gl_cmdgen.h"
#include "driver/gl_context.h"
#include "driver/nngx_state.h"

#define SHADER_STATES (NN_GX_STATE_SHADERBINARY | NN_GX_STATE_SHADERPROGRAM \
		       | NN_GX_STATE_SHADERMODE | NN_GX_STATE_SHADERFLOAT | NN_GX_STATE_VSUNIFORM)

void nngxValidateState(GLbitfield statemask, GLboolean drawelements)
{
	static const char fn[] = "nngxValidateState";
	NNGX_API(st);
	struct gl_context *gl = &st->gl;
	const struct gl_object *o;
	struct gl_executable *exe;
	struct gl_cmdbuf c;
	bool upload;

	/* The vertex state goes out with the draw: which draw call it will
	 * be does not matter here. */
	(void)drawelements;
	if (!nngx_cmdlist_bound(st, fn) || !(statemask & SHADER_STATES))
		return;
	o = gl_object_find(gl, gl->program);
	if (!o || o->kind != GL_OBJECT_PROGRAM || !o->u.program.exe)
		return;                 /* no program in use: nothing to send */
	exe = o->u.program.exe;
	upload = exe->serial != gl->uploaded_serial;
	gl_cmdbuf_init(&c);
	if (upload)
		gl_cmd_program(&c, exe);
	gl_cmd_uniforms(&c, exe, upload);
	if (c.failed)
		nngx_state_error(st, GL_OUT_OF_MEMORY, NNGX_SHIM_DIAG_OUT_OF_MEMORY, fn,
				 "the commands of the program's state");
	else if (c.n == 0 || nngx_cmdlist_append(st, c.w, c.n, fn)) {
		gl->uploaded_serial = exe->serial;
		gl_cmd_uniforms_sent(exe);
		gl->updated_state &= ~(GLbitfield)SHADER_STATES;
	}
	gl_cmdbuf_free(&c);
}

void nngxUpdateState(GLbitfield statemask)
{
	NNGX_API(st);
	gl_context_update_state(&st->gl, statemask);
}

void nngxInvalidateState(GLbitfield statemask)
{
	NNGX_API(st);
	gl_context_update_state(&st->gl, statemask);
}

void nngxGetUpdatedState(GLbitfield *statemask)
{
	NNGX_API(st);

	if (!statemask) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_NULL_PARAM, "nngxGetUpdatedState",
				 "statemask is NULL");
		return;
	}
	*statemask = st->gl.updated_state;
}

void nngxSetCommandGenerationMode(GLenum mode)
{
	NNGX_API(st);

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
	NNGX_API(st);

	if (!mode) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_NULL_PARAM, "nngxGetCommandGenerationMode",
				 "mode is NULL");
		return;
	}
	*mode = st->gl.cmdgen_mode;
}
