/* gl_entry.h: what every GL entry point needs: the library instance, the
 * GL error helpers (each GL error raises its diagnostic, the detail says
 * what this call did), and the helpers one GL area offers another. */
#ifndef NNGX_GL_ENTRY_H
#define NNGX_GL_ENTRY_H

#include "gl_context.h"
#include "nngx/nngx_state.h"

#define gl_enum_error(st, fn, ...) \
	nngx_state_error((st), GL_INVALID_ENUM, NNGX_SHIM_DIAG_GL_ENUM_REJECTED, (fn), __VA_ARGS__)
#define gl_value_error(st, fn, ...) \
	nngx_state_error((st), GL_INVALID_VALUE, NNGX_SHIM_DIAG_GL_VALUE_REJECTED, (fn), __VA_ARGS__)
#define gl_operation_error(st, fn, ...) \
	nngx_state_error((st), GL_INVALID_OPERATION, NNGX_SHIM_DIAG_GL_OPERATION_REJECTED, (fn), \
			 __VA_ARGS__)
#define gl_memory_error(st, fn, ...) \
	nngx_state_error((st), GL_OUT_OF_MEMORY, NNGX_SHIM_DIAG_OUT_OF_MEMORY, (fn), __VA_ARGS__)

/* A shader or program by name, as the shader and program calls look
 * them up (OpenGL ES 2.0, 2.10): 0 or an unknown name records
 * GL_INVALID_VALUE, a name of the other kind GL_INVALID_OPERATION; NULL
 * then. */
struct gl_object *gl_object_expect(struct nngx_state *st, GLuint name, enum gl_object_kind kind,
				   const char *fn);

/* The current program's executable, or NULL after GL_INVALID_OPERATION
 * (no program in use). */
struct gl_executable *gl_current_executable(struct nngx_state *st, const char *fn);

/* The bytes of one component of a vertex attribute type; 0 if not one the
 * vertex loader takes. */
unsigned gl_attrib_type_bytes(GLenum type);

/* GPUREG_FACECULLING_CONFIG for the culling state (gl_raster.c), and
 * whether it asks for GL_FRONT_AND_BACK, which the PICA200 cannot do. */
unsigned gl_raster_cull_mode(const struct gl_context *gl);
bool gl_raster_culls_everything(const struct gl_context *gl);

#endif
