/* gl_context.h: the GL ES context the library keeps for the program. For now
 * it owns the error flag; the GL state machine grows here. */
#ifndef NNGX_GL_CONTEXT_H
#define NNGX_GL_CONTEXT_H

#include <stdbool.h>

#include <GLES2/gl2.h>

struct gl_context {
	GLenum error;           /* GL_NO_ERROR or the first unread error */
};

void gl_context_init(struct gl_context *gl);

/* Record `code` if the flag is clear (OpenGL ES 2.0 rule: the first error
 * stays until read). Returns false when the flag was set and `code` was
 * dropped. */
bool gl_context_record_error(struct gl_context *gl, GLenum code);

/* glGetError: return the flag and clear it. */
GLenum gl_context_take_error(struct gl_context *gl);

#endif
