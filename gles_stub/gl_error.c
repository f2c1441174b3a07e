/* gl_error.c: glGetError, the public face of the context's error flag. */
#include "driver/gl_context.h"
#include "driver/nngx_state.h"

GLenum glGetError(void)
{
	NNGX_API(st);

	return gl_context_take_error(&st->gl);
}
