/* nngx_shim.c: the extension API of nngx_shim.h. */
#include <stdlib.h>

#include "driver/nngx_state.h"
#include "driver/nngx_time.h"
#include "nngx_display.h"

static const char *const module_names[NNGX_SHIM_MODULE_COUNT] = {
	"command/vertex load", "shader processor 0", "triangle setup", "rasterizer",
	"texture unit", "fragment lighting", "texture combiner", "per-fragment operation",
};

void nngxShimReset(void)
{
	nngx_state_power_on(nngx_state_get());
}

void nngxShimAdvance(GLuint64EXT clocks)
{
	/* A wait like any other: VSync callbacks run at the vertical blanks. */
	nngx_time_advance(nngx_state_get(), clocks);
}

GLuint64EXT nngxShimGetClock(void)
{
	return nngx_state_get()->gpu.clock;
}

void nngxShimInjectBusy(GLuint module, GLuint64EXT clocks)
{
	static const char fn[] = "nngxShimInjectBusy";
	struct nngx_state *st = nngx_state_get();

	if (module >= NNGX_SHIM_MODULE_COUNT) {
		nngx_state_error(st, GL_INVALID_VALUE, NNGX_SHIM_DIAG_INVALID_SHIM_MODULE, fn,
				 "module %u", module);
		return;
	}
	if (hw_busy_add_interval(&st->gpu.busy, (enum hw_busy_module)module,
				 st->gpu.clock, clocks) != HW_OK)
		nngx_state_error(st, GL_OUT_OF_MEMORY, NNGX_SHIM_DIAG_OUT_OF_MEMORY, fn,
				 "%llu busy clocks on module %u",
				 (unsigned long long)clocks, module);
}

const char *nngxShimGetModuleName(GLuint module)
{
	return module < NNGX_SHIM_MODULE_COUNT ? module_names[module] : NULL;
}

void nngxShimSetDiagCallback(nngxShimDiagCallback callback, void *user)
{
	struct nngx_state *st = nngx_state_get();

	st->diag.callback = callback;
	st->diag.user = callback ? user : NULL;
}

void nngxShimSetDiagLevel(GLint level)
{
	struct nngx_state *st = nngx_state_get();

	if (level < NNGX_SHIM_SEVERITY_DEBUG || level > NNGX_SHIM_LEVEL_OFF) {
		nngx_state_error(st, GL_INVALID_VALUE, NNGX_SHIM_DIAG_INVALID_DIAG_LEVEL,
				 "nngxShimSetDiagLevel", "level %d", level);
		return;
	}
	st->diag.level = level;
}

GLint nngxShimGetDiagLevel(void)
{
	return nngx_state_get()->diag.level;
}

GLuint nngxShimGetDiagCount(GLint id)
{
	struct nngx_state *st = nngx_state_get();

	if (!nngxShimGetDiagName(id))
		return 0;
	return st->diag.count[id];
}

GLboolean nngxShimLoadConfig(const char *path)
{
	static const char fn[] = "nngxShimLoadConfig";
	struct nngx_state *st = nngx_state_get();
	const char *env = getenv("NNGX_CONFIG");
	struct nngx_config defaults;

	if (!path)
		path = env && *env ? env : nngx_config_default_path();
	/* A file means the same whatever was loaded before it: keys it leaves
	 * out take the built-in defaults. */
	nngx_config_defaults(&defaults);
	return nngx_state_load_config(st, path, &defaults, fn) ? GL_TRUE : GL_FALSE;
}

const char *nngxShimGetConfigError(void)
{
	return nngx_state_get()->config_error;
}

GLuint nngxShimGetBufferAddress(GLuint buffer)
{
	return gl_context_buffer_address(&nngx_state_get()->gl, buffer);
}

GLuint nngxShimGetTextureAddress(GLuint texture)
{
	return gl_context_texture_address(&nngx_state_get()->gl, texture);
}

GLuint nngxShimGetRenderbufferAddress(GLuint renderbuffer)
{
	return gl_context_renderbuffer_address(&nngx_state_get()->gl, renderbuffer);
}
