/* gl_uniform.c: uniform locations and values (OpenGL ES 2.0, 2.10.4).
 *
 * A uniform is a range of registers of one file, named in the DVLE
 * uniform table: c registers take floats (glUniform*f, glUniformMatrix4fv),
 * i registers integers (glUniform*i: x count, y start, z step, w, one byte
 * each), b registers booleans (glUniform1i or glUniform1f). Each register
 * is one array element. The values go to the program's register image;
 * the next draw sends what changed.
 *
 * Location encoding (model choice): bits 16-17 the stages that declare the
 * uniform (1 vertex, 2 geometry, 3 both: one name in both stages is one
 * uniform, set in both), bits 8-15 its index in the program, bits 0-7 the
 * array element. So a location is never -1 and tells the stages apart.
 *
 * Model choices (README): glUniform{2,3}f write the first components of
 * the register and leave the rest; integers are stored modulo 256 (the
 * registers hold bytes); glUniformMatrix4fv puts row r of the matrix in
 * register first + r, so dp4 with the registers computes M * v; the
 * reserved dmp_ names (the fixed-function fragment stage) are gl_dmp.c's,
 * with locations of their own (GL_DMP_LOCATION_BIT); glGetUniform*v of a
 * shader uniform gives a whole register: 4 floats for c, 4 integers for
 * i, 1 for b. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "gl_entry.h"

#define UNIFORM_STAGE_SHIFT 16
#define UNIFORM_INDEX_SHIFT 8
#define UNIFORM_FIELD_MASK  0xFFu

static const char *const file_names[] = { "v", "c", "i", "b" };

int glGetUniformLocation(GLuint program, const GLchar *name)
{
	static const char fn[] = "glGetUniformLocation";
	NNGX_API(st);
	struct gl_object *o = gl_object_expect(st, program, GL_OBJECT_PROGRAM, fn);
	const struct gl_executable *exe;
	const char *bracket;
	char base[GL_SHBIN_NAME_MAX];
	unsigned long element = 0;
	size_t len, k;

	if (!o)
		return -1;
	if (!o->u.program.link_status) {
		gl_operation_error(st, fn, "program %u is not linked", program);
		return -1;
	}
	if (!name) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn, "name is NULL");
		return -1;
	}
	if (strncmp(name, "dmp_", 4) == 0)
		return gl_dmp_location(st, name, fn);
	/* "name" or "name[k]": k selects the array element. */
	bracket = strchr(name, '[');
	len = bracket ? (size_t)(bracket - name) : strlen(name);
	if (len >= sizeof base)
		return -1;
	if (bracket) {
		char *end;
		if (bracket[1] < '0' || bracket[1] > '9')
			return -1;
		element = strtoul(bracket + 1, &end, 10);
		if (end[0] != ']' || end[1] != '\0')
			return -1;
	}
	memcpy(base, name, len);
	base[len] = '\0';
	exe = o->u.program.exe;
	for (k = 0; k < exe->uniform_count; k++) {
		const struct gl_uniform *u = &exe->uniforms[k];
		if (strcmp(u->name, base) != 0)
			continue;
		if (element >= u->count)
			return -1;
		return (int)(u->stages << UNIFORM_STAGE_SHIFT | k << UNIFORM_INDEX_SHIFT
			     | element);
	}
	return -1;
}

static void stage_set_float(struct gl_stage *s, unsigned reg, unsigned n, const GLfloat *v)
{
	memcpy(s->f[reg], v, n * sizeof *v);
	s->f_dirty[reg / 32] |= 1u << (reg % 32);
}

static void stage_set_int(struct gl_stage *s, unsigned reg, unsigned n, const GLint *v)
{
	unsigned k;

	for (k = 0; k < n; k++)
		s->i[reg][k] = (uint8_t)(unsigned)v[k];
	s->i_dirty |= (uint8_t)(1u << reg);
}

static void stage_set_bool(struct gl_stage *s, unsigned reg, bool value)
{
	s->b = (uint16_t)((s->b & ~(1u << reg)) | (unsigned)value << reg);
	s->b_dirty = true;
}

/* Write `items` values of uniform `u` from element `element` in each of
 * its stages. */
static void uniform_write(struct gl_executable *exe, const struct gl_uniform *u, unsigned element,
			  unsigned items, enum gl_uniform_call call, unsigned n, const GLfloat *fv,
			  const GLint *iv)
{
	unsigned s, m, r, c;

	for (s = 0; s < GL_STAGE_COUNT; s++) {
		struct gl_stage *stage = &exe->stage[s];
		unsigned first = u->first[s] + element;

		if (!((u->stages >> s) & 1u))
			continue;
		for (m = 0; m < items; m++) {
			if (call == GL_UNIFORM_MATRIX) {
				/* GL gives an n x n matrix by columns: element [c][r]
				 * at c * n + r. Row r goes to register r, components
				 * 0..n-1; the rest of the register is left alone. */
				for (r = 0; r < n; r++) {
					GLfloat row[4];
					for (c = 0; c < n; c++)
						row[c] = fv[m * n * n + c * n + r];
					stage_set_float(stage, first + m * n + r, n, row);
				}
			} else if (u->file == GL_REGS_BOOL) {
				stage_set_bool(stage, first + m, fv ? fv[m] != 0.0f : iv[m] != 0);
			} else if (u->file == GL_REGS_FLOAT) {
				stage_set_float(stage, first + m, n, fv + m * n);
			} else {
				stage_set_int(stage, first + m, n, iv + m * n);
			}
		}
	}
}

/* Every glUniform*: check, then write into the program in use. */
static void uniform_set(GLint location, GLsizei count, enum gl_uniform_call call, unsigned n,
			const GLfloat *fv, const GLint *iv, const char *fn)
{
	NNGX_API(st);
	struct gl_executable *exe;
	const struct gl_uniform *u;
	unsigned index, stages, element, per = call == GL_UNIFORM_MATRIX ? n : 1, items;

	if (count < 0) {
		gl_value_error(st, fn, "count %d is negative", count);
		return;
	}
	exe = gl_current_executable(st, fn);
	if (!exe || location == -1)
		return;                /* -1: silently ignored (ES 2.0, 2.10.4) */
	if (location >= 0 && ((unsigned)location & GL_DMP_LOCATION_BIT)) {
		gl_dmp_uniform_set(st, exe, location, count, call, n, fv, iv, fn);
		return;
	}
	index = ((unsigned)location >> UNIFORM_INDEX_SHIFT) & UNIFORM_FIELD_MASK;
	stages = (unsigned)location >> UNIFORM_STAGE_SHIFT;
	element = (unsigned)location & UNIFORM_FIELD_MASK;
	if (location < 0 || index >= exe->uniform_count || exe->uniforms[index].stages != stages
	    || element >= exe->uniforms[index].count) {
		gl_operation_error(st, fn, "location %d is not a uniform of the program in use",
				   location);
		return;
	}
	u = &exe->uniforms[index];
	if ((u->file == GL_REGS_FLOAT && call == GL_UNIFORM_INTS)
	    || (u->file == GL_REGS_INT && call != GL_UNIFORM_INTS)
	    || (u->file == GL_REGS_BOOL && (call == GL_UNIFORM_MATRIX || n != 1))) {
		gl_operation_error(st, fn, "uniform \"%s\" is %s registers, which this call "
				   "cannot set", u->name, file_names[u->file]);
		return;
	}
	if (call == GL_UNIFORM_MATRIX && element + n > u->count) {
		gl_operation_error(st, fn, "uniform \"%s\" has %u registers from element %u, "
				   "not a %ux%u matrix", u->name, u->count - element, element, n, n);
		return;
	}
	if (count > 1 && u->count < 2 * per) {
		gl_operation_error(st, fn, "count %d for uniform \"%s\", which is not an array",
				   count, u->name);
		return;
	}
	if (count == 0)
		return;
	if (!fv && !iv) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "the value pointer is NULL");
		return;
	}
	/* Values past the end of the array are ignored (ES 2.0, 2.10.4). */
	items = (u->count - element) / per;
	if ((unsigned)count < items)
		items = (unsigned)count;
	uniform_write(exe, u, element, items, call, n, fv, iv);
}

void glUniform1f(GLint location, GLfloat x)
{
	GLfloat v[1] = { x };

	uniform_set(location, 1, GL_UNIFORM_FLOATS, 1, v, NULL, "glUniform1f");
}

void glUniform2f(GLint location, GLfloat x, GLfloat y)
{
	GLfloat v[2] = { x, y };

	uniform_set(location, 1, GL_UNIFORM_FLOATS, 2, v, NULL, "glUniform2f");
}

void glUniform3f(GLint location, GLfloat x, GLfloat y, GLfloat z)
{
	GLfloat v[3] = { x, y, z };

	uniform_set(location, 1, GL_UNIFORM_FLOATS, 3, v, NULL, "glUniform3f");
}

void glUniform4f(GLint location, GLfloat x, GLfloat y, GLfloat z, GLfloat w)
{
	GLfloat v[4] = { x, y, z, w };

	uniform_set(location, 1, GL_UNIFORM_FLOATS, 4, v, NULL, "glUniform4f");
}

void glUniform1fv(GLint location, GLsizei count, const GLfloat *v)
{
	uniform_set(location, count, GL_UNIFORM_FLOATS, 1, v, NULL, "glUniform1fv");
}

void glUniform2fv(GLint location, GLsizei count, const GLfloat *v)
{
	uniform_set(location, count, GL_UNIFORM_FLOATS, 2, v, NULL, "glUniform2fv");
}

void glUniform3fv(GLint location, GLsizei count, const GLfloat *v)
{
	uniform_set(location, count, GL_UNIFORM_FLOATS, 3, v, NULL, "glUniform3fv");
}

void glUniform4fv(GLint location, GLsizei count, const GLfloat *v)
{
	uniform_set(location, count, GL_UNIFORM_FLOATS, 4, v, NULL, "glUniform4fv");
}

void glUniform1i(GLint location, GLint x)
{
	GLint v[1] = { x };

	uniform_set(location, 1, GL_UNIFORM_INTS, 1, NULL, v, "glUniform1i");
}

void glUniform2i(GLint location, GLint x, GLint y)
{
	GLint v[2] = { x, y };

	uniform_set(location, 1, GL_UNIFORM_INTS, 2, NULL, v, "glUniform2i");
}

void glUniform3i(GLint location, GLint x, GLint y, GLint z)
{
	GLint v[3] = { x, y, z };

	uniform_set(location, 1, GL_UNIFORM_INTS, 3, NULL, v, "glUniform3i");
}

void glUniform4i(GLint location, GLint x, GLint y, GLint z, GLint w)
{
	GLint v[4] = { x, y, z, w };

	uniform_set(location, 1, GL_UNIFORM_INTS, 4, NULL, v, "glUniform4i");
}

void glUniform1iv(GLint location, GLsizei count, const GLint *v)
{
	uniform_set(location, count, GL_UNIFORM_INTS, 1, NULL, v, "glUniform1iv");
}

void glUniform2iv(GLint location, GLsizei count, const GLint *v)
{
	uniform_set(location, count, GL_UNIFORM_INTS, 2, NULL, v, "glUniform2iv");
}

void glUniform3iv(GLint location, GLsizei count, const GLint *v)
{
	uniform_set(location, count, GL_UNIFORM_INTS, 3, NULL, v, "glUniform3iv");
}

void glUniform4iv(GLint location, GLsizei count, const GLint *v)
{
	uniform_set(location, count, GL_UNIFORM_INTS, 4, NULL, v, "glUniform4iv");
}

/* glUniformMatrix{2,3,4}fv: an n x n matrix takes n registers, one a row
 * (model choice: as the 4x4 one; a row's unused components are kept). */
static void uniform_matrix(GLint location, GLsizei count, GLboolean transpose,
			   const GLfloat *value, unsigned n, const char *fn)
{
	NNGX_API(st);

	if (transpose != GL_FALSE) {
		gl_value_error(st, fn, "transpose must be GL_FALSE in OpenGL ES 2.0");
		return;
	}
	uniform_set(location, count, GL_UNIFORM_MATRIX, n, value, NULL, fn);
}

void glUniformMatrix2fv(GLint location, GLsizei count, GLboolean transpose,
			const GLfloat *value)
{
	uniform_matrix(location, count, transpose, value, 2, "glUniformMatrix2fv");
}

void glUniformMatrix3fv(GLint location, GLsizei count, GLboolean transpose,
			const GLfloat *value)
{
	uniform_matrix(location, count, transpose, value, 3, "glUniformMatrix3fv");
}

void glUniformMatrix4fv(GLint location, GLsizei count, GLboolean transpose,
			const GLfloat *value)
{
	uniform_matrix(location, count, transpose, value, 4, "glUniformMatrix4fv");
}

/* A float register component as glGetUniformiv gives it: rounded,
 * saturated, NaN as 0. */
static GLint uniform_float_int(float f)
{
	if (f != f)
		return 0;
	if (f <= -2147483648.0f)
		return INT_MIN;
	if (f >= 2147483647.0f)
		return INT_MAX;
	return (GLint)(f >= 0.0f ? f + 0.5f : f - 0.5f);
}

/* glGetUniform*v: the values of program `program`'s uniform at
 * `location` (ES 2.0, 6.1.8), floats into fv or integers into iv. */
static void uniform_get(GLuint program, GLint location, GLfloat *fv, GLint *iv, const char *fn)
{
	NNGX_API(st);
	struct gl_object *o = gl_object_expect(st, program, GL_OBJECT_PROGRAM, fn);
	const struct gl_executable *exe;
	const struct gl_uniform *u;
	const struct gl_stage *stage;
	unsigned index, stages, element, reg, k, s;

	if (!o)
		return;
	if (!o->u.program.link_status) {
		gl_operation_error(st, fn, "program %u is not linked", program);
		return;
	}
	if (!fv && !iv) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn, "params is NULL");
		return;
	}
	exe = o->u.program.exe;
	if (location >= 0 && ((unsigned)location & GL_DMP_LOCATION_BIT)) {
		gl_dmp_uniform_get(st, exe, location, fv, iv, fn);
		return;
	}
	index = ((unsigned)location >> UNIFORM_INDEX_SHIFT) & UNIFORM_FIELD_MASK;
	stages = (unsigned)location >> UNIFORM_STAGE_SHIFT;
	element = (unsigned)location & UNIFORM_FIELD_MASK;
	if (location < 0 || index >= exe->uniform_count || exe->uniforms[index].stages != stages
	    || element >= exe->uniforms[index].count) {
		gl_operation_error(st, fn, "location %d is not a uniform of program %u", location,
				   program);
		return;
	}
	u = &exe->uniforms[index];
	/* The first stage that declares it holds what the other holds. */
	s = (u->stages & 1u) ? GL_STAGE_VERTEX : GL_STAGE_GEOMETRY;
	stage = &exe->stage[s];
	reg = u->first[s] + element;
	switch (u->file) {
	case GL_REGS_FLOAT:
		for (k = 0; k < 4; k++) {
			if (fv)
				fv[k] = stage->f[reg][k];
			else
				iv[k] = uniform_float_int(stage->f[reg][k]);
		}
		break;
	case GL_REGS_INT:
		for (k = 0; k < 4; k++) {
			if (fv)
				fv[k] = (GLfloat)stage->i[reg][k];
			else
				iv[k] = stage->i[reg][k];
		}
		break;
	default:
		if (fv)
			fv[0] = (GLfloat)((stage->b >> reg) & 1u);
		else
			iv[0] = (GLint)((stage->b >> reg) & 1u);
		break;
	}
}

void glGetUniformfv(GLuint program, GLint location, GLfloat *params)
{
	uniform_get(program, location, params, NULL, "glGetUniformfv");
}

void glGetUniformiv(GLuint program, GLint location, GLint *params)
{
	uniform_get(program, location, NULL, params, "glGetUniformiv");
}
