/* nngx_shim.c: the extension API of nngx_shim.h. */
#include <stdlib.h>
#include <string.h>

#include "driver/nngx_capture.h"
#include "driver/nngx_counters.h"
#include "driver/nngx_state.h"
#include "driver/nngx_time.h"
#include "nngx_display.h"

GLuint nngxShimGetVersion(void)
{
	return NNGX_SHIM_VERSION_NUMBER;
}

const char *nngxShimGetVersionString(void)
{
	return NNGX_SHIM_VERSION_STRING;
}

void nngxShimReset(void)
{
	NNGX_API(st);

	if (nngx_callback_refuses(st, 0, "nngxShimReset"))
		return;
	nngx_state_power_on(st);
}

void nngxShimAdvance(GLuint64EXT clocks)
{
	NNGX_API(st);

	/* A wait like any other: VSync callbacks run at the vertical blanks. */
	nngx_time_advance(st, clocks);
}

GLuint64EXT nngxShimGetClock(void)
{
	NNGX_API(st);

	return st->gpu.clock;
}

void nngxShimInjectBusy(GLuint module, GLuint64EXT clocks)
{
	static const char fn[] = "nngxShimInjectBusy";
	NNGX_API(st);

	if (module >= NNGX_SHIM_MODULE_COUNT) {
		nngx_state_error(st, GL_INVALID_VALUE, NNGX_SHIM_DIAG_INVALID_SHIM_MODULE, fn,
				 "module %u", module);
		return;
	}
	/* The tracks may be in use by the work that raised a diagnostic. */
	if (nngx_callback_refuses(st, 0, fn))
		return;
	/* Past the clock's last value nothing can be added; the part before
	 * it can (hw_busy_add_interval cuts it). */
	if (clocks && clocks >= HW_CLOCK_MAX - st->gpu.clock)
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_CLOCK_SATURATED, fn,
				 "%llu busy clocks from clock %llu would end past 2^64 - 1; "
				 "%llu of them are added", (unsigned long long)clocks,
				 (unsigned long long)st->gpu.clock,
				 (unsigned long long)(HW_CLOCK_MAX - st->gpu.clock));
	if (hw_busy_add_interval(&st->gpu.busy, (enum hw_busy_module)module,
				 st->gpu.clock, clocks) != HW_OK)
		nngx_state_error(st, GL_OUT_OF_MEMORY, NNGX_SHIM_DIAG_OUT_OF_MEMORY, fn,
				 "%llu busy clocks on module %u",
				 (unsigned long long)clocks, module);
	else if (st->capture)
		nngx_capture_inject(st, module, st->gpu.clock, clocks);
}

const char *nngxShimGetModuleName(GLuint module)
{
	return module < NNGX_SHIM_MODULE_COUNT ? nngx_module_names[module] : NULL;
}

void nngxShimSetDiagCallback(nngxShimDiagCallback callback, void *user)
{
	NNGX_API(st);

	nngx_state_set_diag_callback(st, callback, user);
}

void nngxShimSetDiagLevel(GLint level)
{
	NNGX_API(st);

	if (level < NNGX_SHIM_SEVERITY_DEBUG || level > NNGX_SHIM_LEVEL_OFF) {
		nngx_state_error(st, GL_INVALID_VALUE, NNGX_SHIM_DIAG_INVALID_DIAG_LEVEL,
				 "nngxShimSetDiagLevel", "level %d", level);
		return;
	}
	st->diag.level = level;
}

GLint nngxShimGetDiagLevel(void)
{
	NNGX_API(st);

	return st->diag.level;
}

GLuint nngxShimGetDiagCount(GLint id)
{
	NNGX_API(st);

	if (!nngxShimGetDiagName(id))
		return 0;
	return st->diag.count[id];
}

GLboolean nngxShimLoadConfig(const char *path)
{
	static const char fn[] = "nngxShimLoadConfig";
	NNGX_API(st);
	const char *env = getenv("NNGX_CONFIG");
	struct nngx_config defaults;

	/* A configuration may rebuild the GPU's caches, in use by the work
	 * that raised a diagnostic. */
	if (nngx_callback_refuses(st, 0, fn))
		return GL_FALSE;
	if (!path)
		path = env && *env ? env : nngx_config_default_path();
	/* A file means the same whatever was loaded before it: keys it leaves
	 * out take the built-in defaults. */
	nngx_config_defaults(&defaults);
	return nngx_state_load_config(st, path, &defaults, fn) ? GL_TRUE : GL_FALSE;
}

const char *nngxShimGetConfigError(void)
{
	NNGX_API(st);

	return st->config_error;
}

GLuint nngxShimGetBufferAddress(GLuint buffer)
{
	NNGX_API(st);

	return gl_context_buffer_address(&st->gl, buffer);
}

GLuint nngxShimGetTextureAddress(GLuint texture)
{
	NNGX_API(st);

	return gl_context_texture_address(&st->gl, texture);
}

GLuint nngxShimGetRenderbufferAddress(GLuint renderbuffer)
{
	NNGX_API(st);

	return gl_context_renderbuffer_address(&st->gl, renderbuffer);
}

/* ---- the counter catalogue ------------------------------------------------ */

GLuint nngxShimGetCounterCount(void)
{
	return NNGX_SHIM_COUNTER_COUNT;
}

GLboolean nngxShimGetCounterInfo(GLuint id, nngxShimCounterInfo *info)
{
	if (id >= NNGX_SHIM_COUNTER_COUNT || !info)
		return GL_FALSE;
	*info = nngx_counter_table[id];
	return GL_TRUE;
}

GLint nngxShimFindCounter(const char *name)
{
	GLint id;

	for (id = 0; name && id < NNGX_SHIM_COUNTER_COUNT; id++)
		if (strcmp(nngx_counter_table[id].name, name) == 0)
			return id;
	return -1;
}
