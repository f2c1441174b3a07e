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
 * Model choices (doc/model.md): glUniform{2,3}f write the first components of
 * the register and leave the rest; integers are stored modulo 256 (the
 * registers hold bytes); glUniformMatrix4fv puts row r of the matrix in
 * register first + r, so dp4 with the registers computes M * v; the
 * reserved dmp_ names (the fixed-function fragment stage) are gl_dmp.c's,
 * with the SDK's fixed locations (0xFFFC0000 | ...); glGetUniform*v of a
 * shader uniform gives a whole register: 4 floats for c, 4 integers for
 * i, 1 for b. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "gl_entry.h"
#include "hw/hw_assert.h"

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

/* Set n (1-4) components of float register reg of stage s and mark it dirty
 * for the next draw's command list. */
static void stage_set_float(struct gl_stage *s, unsigned reg, unsigned n, const GLfloat *v)
{
	NNGX_ASSERT(reg < HW_SHADER_FLOAT_UNIFORMS && n <= 4);
	memcpy(s->f[reg], v, n * sizeof *v);
	s->f_dirty[reg / 32] |= 1u << (reg % 32);
}

/* Set n (1-4) components of integer register reg (i0-i3) of stage s, each
 * kept as its low byte, and mark it dirty. */
static void stage_set_int(struct gl_stage *s, unsigned reg, unsigned n, const GLint *v)
{
	unsigned k;

	NNGX_ASSERT(reg < HW_SHADER_INT_UNIFORMS && n <= 4);
	for (k = 0; k < n; k++)
		s->i[reg][k] = (uint8_t)(unsigned)v[k];
	s->i_dirty |= (uint8_t)(1u << reg);
}

/* Set bool register reg (b0-b15) of stage s and mark the bools dirty. */
static void stage_set_bool(struct gl_stage *s, unsigned reg, bool value)
{
	NNGX_ASSERT(reg < HW_SHADER_BOOL_UNIFORMS);
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
			if (call == GL_UNIFORM_MATRIX_ROWS) {
				/* By rows (transpose GL_TRUE): row r is at r * n. */
				for (r = 0; r < n; r++)
					stage_set_float(stage, first + m * n + r, n,
							fv + m * n * n + r * n);
			} else if (call == GL_UNIFORM_MATRIX) {
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
			} else if (iv) {
				/* (an integer uniform takes only glUniform*i: iv is
				 * set; the test tells the compiler so) */
				stage_set_int(stage, first + m, n, iv + m * n);
			}
		}
	}
}

/* The uniform of `exe` that `location` names (a shader uniform's, not a
 * reserved one's), with the array element in *element; NULL if none. */
static const struct gl_uniform *uniform_at(const struct gl_executable *exe, GLint location,
					   unsigned *element)
{
	unsigned index = ((unsigned)location >> UNIFORM_INDEX_SHIFT) & UNIFORM_FIELD_MASK;
	unsigned stages = (unsigned)location >> UNIFORM_STAGE_SHIFT;

	*element = (unsigned)location & UNIFORM_FIELD_MASK;
	if (location < 0 || index >= exe->uniform_count || exe->uniforms[index].stages != stages
	    || *element >= exe->uniforms[index].count)
		return NULL;
	return &exe->uniforms[index];
}

/* One glUniform* on the program in use, `location` not -1: every check,
 * then, with `apply`, the write. False when an error was recorded (or a
 * NULL value diagnosed); nothing is written then, nor ever with `apply`
 * false (glUniformsDMP checks all its uniforms before it sets any). */
static bool uniform_store(struct nngx_state *st, struct gl_executable *exe, GLint location,
			  GLsizei count, enum gl_uniform_call call, unsigned n, const GLfloat *fv,
			  const GLint *iv, bool apply, const char *fn)
{
	const struct gl_uniform *u;
	bool matrix = call == GL_UNIFORM_MATRIX || call == GL_UNIFORM_MATRIX_ROWS;
	unsigned element, per = matrix ? n : 1, items;

	if (gl_dmp_is_location(location))
		return gl_dmp_uniform_set(st, exe, location, count, call, n, fv, iv, apply, fn);
	u = uniform_at(exe, location, &element);
	if (!u) {
		gl_operation_error(st, fn, "location %d is not a uniform of the program in use",
				   location);
		return false;
	}
	if ((u->file == GL_REGS_FLOAT && call == GL_UNIFORM_INTS)
	    || (u->file == GL_REGS_INT && call != GL_UNIFORM_INTS)
	    || (u->file == GL_REGS_BOOL && (matrix || n != 1))) {
		gl_operation_error(st, fn, "uniform \"%s\" is %s registers, which this call "
				   "cannot set", u->name, file_names[u->file]);
		return false;
	}
	if (matrix && element + n > u->count) {
		gl_operation_error(st, fn, "uniform \"%s\" has %u registers from element %u, "
				   "not a %ux%u matrix", u->name, u->count - element, element, n, n);
		return false;
	}
	if (count > 1 && u->count < 2 * per) {
		gl_operation_error(st, fn, "count %d for uniform \"%s\", which is not an array",
				   count, u->name);
		return false;
	}
	if (count == 0)
		return true;
	if (!fv && !iv) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "the value pointer is NULL");
		return false;
	}
	if (!apply)
		return true;
	/* Values past the end of the array are ignored (ES 2.0, 2.10.4). */
	items = (u->count - element) / per;
	if ((unsigned)count < items)
		items = (unsigned)count;
	uniform_write(exe, u, element, items, call, n, fv, iv);
	return true;
}

/* Every glUniform*: check, then write into the program in use. */
static void uniform_set(GLint location, GLsizei count, enum gl_uniform_call call, unsigned n,
			const GLfloat *fv, const GLint *iv, const char *fn)
{
	NNGX_API(st);
	struct gl_executable *exe;

	if (count < 0) {
		gl_value_error(st, fn, "count %d is negative", count);
		return;
	}
	exe = gl_current_executable(st, fn);
	if (!exe || location == -1)
		return;                /* -1: silently ignored (ES 2.0, 2.10.4) */
	uniform_store(st, exe, location, count, call, n, fv, iv, true, fn);
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
 * (model choice: as the 4x4 one; a row's unused components are kept).
 * transpose GL_FALSE: the floats are column by column (GL's order) and
 * are turned into rows; GL_TRUE (any value but GL_FALSE): they are row by
 * row already (the SDK's nn::math matrices) and go to the registers as
 * they are. The SDK driver records no error for either (OpenGL ES 2.0's
 * GL_INVALID_VALUE for GL_TRUE is not the SDK's). */
static void uniform_matrix(GLint location, GLsizei count, GLboolean transpose,
			   const GLfloat *value, unsigned n, const char *fn)
{
	uniform_set(location, count, transpose == GL_FALSE ? GL_UNIFORM_MATRIX
							    : GL_UNIFORM_MATRIX_ROWS,
		    n, value, NULL, fn);
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

/* Element `element` of shader uniform `u` of `exe`, a whole register: 4
 * floats into fv or 4 integers into iv for c, the same for i, 1 for b. */
static void uniform_read(const struct gl_executable *exe, const struct gl_uniform *u,
			 unsigned element, GLfloat *fv, GLint *iv)
{
	/* The first stage that declares it holds what the other holds. */
	unsigned s = (u->stages & 1u) ? GL_STAGE_VERTEX : GL_STAGE_GEOMETRY;
	const struct gl_stage *stage = &exe->stage[s];
	unsigned reg = u->first[s] + element, k;

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

/* The linked program `program`'s executable for a query, or NULL after
 * the GL error (ES 2.0, 6.1.8: not a program, or not linked). */
static const struct gl_executable *uniform_program(struct nngx_state *st, GLuint program,
						   const char *fn)
{
	struct gl_object *o = gl_object_expect(st, program, GL_OBJECT_PROGRAM, fn);

	if (!o)
		return NULL;
	if (!o->u.program.link_status) {
		gl_operation_error(st, fn, "program %u is not linked", program);
		return NULL;
	}
	return o->u.program.exe;
}

/* glGetUniform*v: the values of program `program`'s uniform at
 * `location` (ES 2.0, 6.1.8), floats into fv or integers into iv. */
static void uniform_get(GLuint program, GLint location, GLfloat *fv, GLint *iv, const char *fn)
{
	NNGX_API(st);
	const struct gl_executable *exe = uniform_program(st, program, fn);
	const struct gl_uniform *u;
	unsigned element;

	if (!exe)
		return;
	if (!fv && !iv) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn, "params is NULL");
		return;
	}
	if (gl_dmp_is_location(location)) {
		gl_dmp_uniform_get(st, exe, location, fv, iv, fn);
		return;
	}
	u = uniform_at(exe, location, &element);
	if (!u) {
		gl_operation_error(st, fn, "location %d is not a uniform of program %u", location,
				   program);
		return;
	}
	uniform_read(exe, u, element, fv, iv);
}

void glGetUniformfv(GLuint program, GLint location, GLfloat *params)
{
	uniform_get(program, location, params, NULL, "glGetUniformfv");
}

void glGetUniformiv(GLuint program, GLint location, GLint *params)
{
	uniform_get(program, location, NULL, params, "glGetUniformiv");
}

/* ---- glUniformsDMP / glGetUniformsDMP -------------------------------------- */

/* The most array elements one uniform has: a range of c registers. */
#define UNIFORM_RAW_MAX_ELEMENTS HW_SHADER_FLOAT_UNIFORMS

/* How the raw words of the uniform at `location` of `exe` read (model
 * choice, doc/model.md): as the glUniform*v of its type takes them, `n` words
 * an element, float bit patterns (`call` GL_UNIFORM_FLOATS) or integers.
 * A c register is 4 floats, an i register 4 integers, a b register 1
 * integer (0 false, anything else true); a reserved uniform as many as
 * its type has, a bool as an integer. False if `location` names none. */
static bool uniform_raw_shape(const struct gl_executable *exe, GLint location,
			      enum gl_uniform_call *call, unsigned *n)
{
	const struct gl_uniform *u;
	unsigned element;

	if (gl_dmp_is_location(location))
		return gl_dmp_uniform_shape(location, call, n);
	u = uniform_at(exe, location, &element);
	if (!u)
		return false;
	*call = u->file == GL_REGS_FLOAT ? GL_UNIFORM_FLOATS : GL_UNIFORM_INTS;
	*n = u->file == GL_REGS_BOOL ? 1 : 4;
	return true;
}

/* Entry `k` of glUniformsDMP: `count` elements of the uniform at
 * `location`, from word *at of `value` on; *at moves past them. Exactly
 * the glUniform*v of the uniform's type (uniform_raw_shape): its checks,
 * and its write when `apply`. Location -1 is ignored and takes no words
 * (its type is unknown). False after an error. */
static bool uniform_raw_set(struct nngx_state *st, struct gl_executable *exe, GLint location,
			    GLsizei count, const GLuint *value, uint64_t *at, bool apply,
			    const char *fn)
{
	union {
		GLfloat f[UNIFORM_RAW_MAX_ELEMENTS * 4];
		GLint i[UNIFORM_RAW_MAX_ELEMENTS * 4];
	} words;
	enum gl_uniform_call call = GL_UNIFORM_FLOATS;
	unsigned n = 4, used;

	if (count < 0) {
		gl_value_error(st, fn, "count %d (location %d) is negative", count, location);
		return false;
	}
	if (location == -1)
		return true;
	/* A location that names nothing: uniform_store says so. */
	(void)uniform_raw_shape(exe, location, &call, &n);
	/* Elements past the end of an array are ignored, and their words with
	 * them; no uniform has more elements than this. */
	used = (unsigned)count < UNIFORM_RAW_MAX_ELEMENTS ? (unsigned)count
							  : UNIFORM_RAW_MAX_ELEMENTS;
	if (value && used)
		memcpy(&words, value + *at, (size_t)used * n * sizeof *value);
	if (!uniform_store(st, exe, location, count, call, n,
			   value && call == GL_UNIFORM_FLOATS ? words.f : NULL,
			   value && call == GL_UNIFORM_INTS ? words.i : NULL, apply, fn))
		return false;
	*at += (uint64_t)count * n;
	return true;
}

/* glUniformsDMP (gl2ext.h): n uniforms of the program in use at once, from
 * raw 32-bit words: entry k sets counts[k] elements of the uniform at
 * locations[k] from the next words of `value` (uniform_raw_shape). Each
 * entry is checked as its glUniform*v would be; every entry is checked
 * before any is set, so an error in one changes no uniform (model choice,
 * doc/model.md). Later entries win where two set the same element. */
void glUniformsDMP(GLuint n, GLint *locations, GLsizei *counts, const GLuint *value)
{
	static const char fn[] = "glUniformsDMP";
	NNGX_API(st);
	struct gl_executable *exe = gl_current_executable(st, fn);
	unsigned pass;
	GLuint k;

	if (!exe)
		return;
	if (n > 0 && (!locations || !counts)) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "%u uniforms but %s is NULL", n, !locations ? "locations" : "counts");
		return;
	}
	for (pass = 0; pass < 2; pass++) {
		uint64_t at = 0;
		for (k = 0; k < n; k++)
			if (!uniform_raw_set(st, exe, locations[k], counts[k], value, &at, pass == 1,
					     fn))
				return;
	}
}

/* Entry `k` of glGetUniformsDMP: the checks, then, with `out`, `count`
 * elements of the uniform at `location` written from word *at of `out`
 * on (the layout of glUniformsDMP); the words of elements past the end
 * of an array are left as they are. *at moves past the entry. False
 * after an error. */
static bool uniform_raw_get(struct nngx_state *st, const struct gl_executable *exe,
			    GLuint program, GLint location, GLsizei count, GLuint *out,
			    uint64_t *at, const char *fn)
{
	enum gl_uniform_call call;
	const struct gl_uniform *u = NULL;
	unsigned n, element = 0, items = 1, m;
	GLfloat fv[4];
	GLint iv[4];

	if (count < 0) {
		gl_value_error(st, fn, "count %d (location %d) is negative", count, location);
		return false;
	}
	if (location == -1)
		return true;
	if (!uniform_raw_shape(exe, location, &call, &n)) {
		gl_operation_error(st, fn, "location %d is not a uniform of program %u", location,
				   program);
		return false;
	}
	if (!gl_dmp_is_location(location)) {
		u = uniform_at(exe, location, &element);
		items = u->count - element;
	}
	if (count > 1 && (!u || u->count < 2)) {
		gl_operation_error(st, fn, "count %d for uniform at location %d, which is not an "
				   "array", count, location);
		return false;
	}
	if ((unsigned)count < items)
		items = (unsigned)count;
	for (m = 0; out && m < items; m++) {
		GLuint *w = out + *at + (uint64_t)m * n;
		if (!u)
			gl_dmp_uniform_get(st, exe, location, call == GL_UNIFORM_FLOATS ? fv : NULL,
					   call == GL_UNIFORM_INTS ? iv : NULL, fn);
		else
			uniform_read(exe, u, element + m, call == GL_UNIFORM_FLOATS ? fv : NULL,
				     call == GL_UNIFORM_INTS ? iv : NULL);
		memcpy(w, call == GL_UNIFORM_FLOATS ? (const void *)fv : (const void *)iv,
		       n * sizeof *w);
	}
	*at += (uint64_t)count * n;
	return true;
}

/* glGetUniformsDMP (gl2ext.h): n uniforms of program `program` as raw
 * words, in glUniformsDMP's layout, so that the words read set the same
 * values back. The program checks of glGetUniform*v, then every entry's
 * (a negative count GL_INVALID_VALUE, a location that names nothing or a
 * count above 1 for a uniform that is not an array GL_INVALID_OPERATION)
 * before any word is written: after an error `params` is untouched. */
void glGetUniformsDMP(GLuint program, GLuint n, GLint *locations, GLsizei *counts,
		      GLuint *params)
{
	static const char fn[] = "glGetUniformsDMP";
	NNGX_API(st);
	const struct gl_executable *exe = uniform_program(st, program, fn);
	uint64_t at = 0;
	GLuint k;

	if (!exe)
		return;
	if (n > 0 && (!locations || !counts)) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "%u uniforms but %s is NULL", n, !locations ? "locations" : "counts");
		return;
	}
	for (k = 0; k < n; k++)
		if (!uniform_raw_get(st, exe, program, locations[k], counts[k], NULL, &at, fn))
			return;
	if (at > 0 && !params) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn, "params is NULL");
		return;
	}
	at = 0;
	for (k = 0; k < n; k++)
		(void)uniform_raw_get(st, exe, program, locations[k], counts[k], params, &at, fn);
}
