/* gl_context.c: the single sticky error flag of OpenGL ES 2.0 (section 2.5). */
#include "gl_context.h"

void gl_context_init(struct gl_context *gl)
{
	gl->error = GL_NO_ERROR;
}

bool gl_context_record_error(struct gl_context *gl, GLenum code)
{
	if (gl->error != GL_NO_ERROR)
		return false;
	gl->error = code;
	return true;
}

GLenum gl_context_take_error(struct gl_context *gl)
{
	GLenum code = gl->error;

	gl->error = GL_NO_ERROR;
	return code;
}
