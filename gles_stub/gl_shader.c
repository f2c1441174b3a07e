/* gl_shader.c: shader objects (OpenGL ES 2.0, 2.10.1) and the DMP way to
 * fill them: glShaderBinary with GL_PLATFORM_BINARY_DMP and a PICA200
 * shader binary (SHBIN). shaders[i] takes the binary's DVLE i; the DVLE
 * says whether it is a vertex or a geometry shader. There is no source
 * compiler: glShaderSource, glCompileShader, glGetShaderPrecisionFormat
 * and glReleaseShaderCompiler record GL_INVALID_OPERATION, as OpenGL ES
 * 2.0 says for an implementation without one (2.10). */
#include <stdlib.h>
#include <string.h>

#include "hw/hw_alloc.h"
#include "gl_entry.h"

static const char *shader_type_name(GLenum type)
{
	return type == GL_VERTEX_SHADER ? "GL_VERTEX_SHADER" : "GL_GEOMETRY_SHADER_DMP";
}

GLuint glCreateShader(GLenum type)
{
	static const char fn[] = "glCreateShader";
	NNGX_API(st);
	struct gl_object *o;

	if (type != GL_VERTEX_SHADER && type != GL_GEOMETRY_SHADER_DMP) {
		gl_enum_error(st, fn, "type 0x%04X is not GL_VERTEX_SHADER or "
			      "GL_GEOMETRY_SHADER_DMP%s", type, type == GL_FRAGMENT_SHADER
			      ? " (the fragment stage is fixed-function: attach "
				"GL_DMP_FRAGMENT_SHADER_DMP to the program)" : "");
		return 0;
	}
	o = gl_object_add(&st->gl, GL_OBJECT_SHADER);
	if (!o) {
		gl_memory_error(st, fn, "a %s", shader_type_name(type));
		return 0;
	}
	o->u.shader.type = type;
	return o->name;
}

void glDeleteShader(GLuint shader)
{
	static const char fn[] = "glDeleteShader";
	NNGX_API(st);
	struct gl_object *o;

	if (shader == 0)
		return;                /* silently ignored (ES 2.0, 2.10.1) */
	o = gl_object_expect(st, shader, GL_OBJECT_SHADER, fn);
	if (!o)
		return;
	/* An attached shader is only flagged; it goes with its last detach. */
	if (o->u.shader.attachments)
		o->u.shader.delete_pending = true;
	else
		gl_object_destroy(&st->gl, o);
}

/* Every name in shaders[] is a distinct shader object, or an error. */
static bool binary_targets_ok(struct nngx_state *st, GLsizei n, const GLuint *shaders,
			      const char *fn)
{
	GLsizei i, j;

	for (i = 0; i < n; i++) {
		if (!gl_object_expect(st, shaders[i], GL_OBJECT_SHADER, fn))
			return false;
		for (j = 0; j < i; j++)
			if (shaders[j] == shaders[i]) {
				gl_operation_error(st, fn, "shader %u is named twice (shaders[%d] "
						   "and shaders[%d])", shaders[i], j, i);
				return false;
			}
	}
	return true;
}

/* Each shader's type against the stage of the DVLE it would take. */
static bool binary_stages_ok(struct nngx_state *st, GLsizei n, const GLuint *shaders,
			     const struct gl_shbin *shbin, const char *fn)
{
	GLsizei i;

	if ((size_t)n > shbin->entry_count) {
		gl_value_error(st, fn, "%d shaders but the binary has %lu DVLE%s", n,
			       (unsigned long)shbin->entry_count,
			       shbin->entry_count == 1 ? "" : "s");
		return false;
	}
	for (i = 0; i < n; i++) {
		const struct gl_shader *sh = &gl_object_find(&st->gl, shaders[i])->u.shader;
		GLenum want = shbin->entries[i].stage == GL_SHBIN_VERTEX ? GL_VERTEX_SHADER
									 : GL_GEOMETRY_SHADER_DMP;
		if (sh->type != want) {
			gl_operation_error(st, fn, "shader %u is a %s but DVLE %d is a %s",
					   shaders[i], shader_type_name(sh->type), i,
					   shader_type_name(want));
			return false;
		}
	}
	return true;
}

void glShaderBinary(GLsizei n, const GLuint *shaders, GLenum binaryformat,
		    const GLvoid *binary, GLsizei length)
{
	static const char fn[] = "glShaderBinary";
	NNGX_API(st);
	char err[GL_SHBIN_ERROR_MAX];
	struct gl_binary *b;
	GLsizei i;

	if (binaryformat != GL_PLATFORM_BINARY_DMP) {
		gl_enum_error(st, fn, "binaryformat 0x%04X is not GL_PLATFORM_BINARY_DMP",
			      binaryformat);
		return;
	}
	if (n < 0 || length < 0) {
		gl_value_error(st, fn, "n = %d and length = %d must not be negative", n, length);
		return;
	}
	if ((n > 0 && !shaders) || (length > 0 && !binary)) {
		gl_value_error(st, fn, "%s is NULL", !binary ? "binary" : "shaders");
		return;
	}
	if (!binary_targets_ok(st, n, shaders, fn))
		return;
	b = hw_calloc(1, sizeof *b);
	if (!b) {
		gl_memory_error(st, fn, "a shader binary of %d bytes", length);
		return;
	}
	if (!gl_shbin_parse(binary, (size_t)length, &b->shbin, err)) {
		free(b);
		if (strcmp(err, "out of memory") == 0)
			gl_memory_error(st, fn, "parsing a shader binary of %d bytes", length);
		else
			nngx_state_error(st, GL_INVALID_VALUE, NNGX_SHIM_DIAG_SHADER_BINARY_REJECTED,
					 fn, "%s", err);
		return;
	}
	if (!binary_stages_ok(st, n, shaders, &b->shbin, fn)) {
		gl_shbin_free(&b->shbin);
		free(b);
		return;
	}
	/* Kept for glSaveProgramsDMP, which saves a program's code as the
	 * binary it was linked from. */
	b->size = (size_t)length;
	b->bytes = hw_malloc(length > 0 ? (size_t)length : 1);
	if (!b->bytes) {
		gl_shbin_free(&b->shbin);
		free(b);
		gl_memory_error(st, fn, "a copy of a shader binary of %d bytes", length);
		return;
	}
	if (length > 0)
		memcpy(b->bytes, binary, (size_t)length);
	for (i = 0; i < n; i++) {
		struct gl_shader *sh = &gl_object_find(&st->gl, shaders[i])->u.shader;
		gl_binary_release(sh->binary);
		sh->binary = gl_binary_ref(b);
		sh->entry = (size_t)i;
	}
	if (!b->refs) {                /* n == 0: nobody took it */
		gl_shbin_free(&b->shbin);
		free(b->bytes);
		free(b);
	}
}

GLboolean glIsShader(GLuint shader)
{
	NNGX_API(st);
	const struct gl_object *o = gl_object_find(&st->gl, shader);

	return o && o->kind == GL_OBJECT_SHADER ? GL_TRUE : GL_FALSE;
}

void glGetShaderiv(GLuint shader, GLenum pname, GLint *params)
{
	static const char fn[] = "glGetShaderiv";
	NNGX_API(st);
	struct gl_object *o;
	GLint value;

	switch (pname) {
	case GL_SHADER_TYPE: case GL_DELETE_STATUS: case GL_COMPILE_STATUS:
	case GL_INFO_LOG_LENGTH: case GL_SHADER_SOURCE_LENGTH:
		break;
	default:
		gl_enum_error(st, fn, "pname 0x%04X is not a shader parameter", pname);
		return;
	}
	o = gl_object_expect(st, shader, GL_OBJECT_SHADER, fn);
	if (!o)
		return;
	if (!params) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "params is NULL");
		return;
	}
	switch (pname) {
	case GL_SHADER_TYPE: value = (GLint)o->u.shader.type; break;
	case GL_DELETE_STATUS: value = o->u.shader.delete_pending; break;
	/* A binary shader counts as compiled once glShaderBinary filled it. */
	case GL_COMPILE_STATUS: value = o->u.shader.binary != NULL; break;
	default: value = 0; break;     /* no info log, no source */
	}
	*params = value;
}

void gl_string_out(const char *src, GLsizei bufsize, GLsizei *length, GLchar *out)
{
	size_t n = strlen(src);

	if (bufsize <= 0 || !out) {
		if (length)
			*length = 0;
		return;
	}
	if (n > (size_t)bufsize - 1)
		n = (size_t)bufsize - 1;
	memcpy(out, src, n);
	out[n] = '\0';
	if (length)
		*length = (GLsizei)n;
}

/* ---- no shader compiler (ES 2.0, 2.10: GL_SHADER_COMPILER is GL_FALSE, so
 * glShaderSource, glCompileShader, glGetShaderPrecisionFormat and
 * glReleaseShaderCompiler record GL_INVALID_OPERATION; shaders come from
 * glShaderBinary). Nothing is read or written. -------------------------------- */

/* Record INVALID_OPERATION for a source-code call: there is no compiler. */
static void shader_no_compiler(const char *fn)
{
	NNGX_API(st);

	gl_operation_error(st, fn, "there is no shader compiler (GL_SHADER_COMPILER is "
			   "GL_FALSE): load shaders with glShaderBinary and "
			   "GL_PLATFORM_BINARY_DMP");
}

void glShaderSource(GLuint shader, GLsizei count, const GLchar **string, const GLint *length)
{
	(void)shader;
	(void)count;
	(void)string;
	(void)length;
	shader_no_compiler("glShaderSource");
}

void glCompileShader(GLuint shader)
{
	(void)shader;
	shader_no_compiler("glCompileShader");
}

void glGetShaderPrecisionFormat(GLenum shadertype, GLenum precisiontype, GLint *range,
				GLint *precision)
{
	(void)shadertype;
	(void)precisiontype;
	(void)range;
	(void)precision;
	shader_no_compiler("glGetShaderPrecisionFormat");
}

void glReleaseShaderCompiler(void)
{
	shader_no_compiler("glReleaseShaderCompiler");
}

/* The source is always empty (GL_SHADER_SOURCE_LENGTH 0): none can be
 * given. The shader is looked up as glGetShaderiv does. */
void glGetShaderSource(GLuint shader, GLsizei bufsize, GLsizei *length, GLchar *source)
{
	static const char fn[] = "glGetShaderSource";
	NNGX_API(st);

	if (bufsize < 0) {
		gl_value_error(st, fn, "bufsize %d is negative", bufsize);
		return;
	}
	if (!gl_object_expect(st, shader, GL_OBJECT_SHADER, fn))
		return;
	gl_string_out("", bufsize, length, source);
}

/* The info log is always empty (GL_INFO_LOG_LENGTH 0): what glShaderBinary
 * rejects is said by diagnostics. */
void glGetShaderInfoLog(GLuint shader, GLsizei bufsize, GLsizei *length, GLchar *infolog)
{
	static const char fn[] = "glGetShaderInfoLog";
	NNGX_API(st);

	if (bufsize < 0) {
		gl_value_error(st, fn, "bufsize %d is negative", bufsize);
		return;
	}
	if (!gl_object_expect(st, shader, GL_OBJECT_SHADER, fn))
		return;
	gl_string_out("", bufsize, length, infolog);
}
