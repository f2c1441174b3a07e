/* gl_program.c: program objects (OpenGL ES 2.0, 2.10): attaching the
 * shaders, linking them into an executable, attribute locations, and the
 * program in use.
 *
 * A link takes each stage's DVLE: its output table becomes the output map
 * (SH_OUTMAP_Oi), its uniform table the uniforms and inputs, its constant
 * table the initial uniform registers. Model choices (doc/model.md):
 * - the fixed-function fragment shader, GL_DMP_FRAGMENT_SHADER_DMP, may be
 *   attached (and is counted by GL_ATTACHED_SHADERS) but is not required;
 * - an input (DVLE uniform table entry for v registers) takes the
 *   location glBindAttribLocation gave its name, else its v register
 *   number when that is free and below 12, else the lowest free one; two
 *   bindings on one location, or no room left, fail the link;
 * - a geometry shader uses point mode (each vertex the vertex shader
 *   outputs is one geometry primitive) or fixed mode (each DVLE fixed
 *   count vertices go to the geometry unit's c registers from the DVLE's
 *   start, 1..16 vertices of at most 16 output registers that end by c95)
 *   or variable (subdivision) mode (1..16 main vertices, DVLE variable
 *   count). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hw/hw_alloc.h"
#include "gl_entry.h"
#include "hw/hw_assert.h"

#define PROGRAM_MAX_UNIFORMS 256     /* a location holds the index in 8 bits */
#define PROGRAM_NO_REG       0xFFu

static const char *const kind_names[] = { "shader", "program" };

struct gl_object *gl_object_expect(struct nngx_state *st, GLuint name, enum gl_object_kind kind,
				   const char *fn)
{
	struct gl_object *o = gl_object_find(&st->gl, name);

	if (!o) {
		gl_value_error(st, fn, "%u is not a shader or program object", name);
		return NULL;
	}
	if (o->kind != kind) {
		gl_operation_error(st, fn, "%u is a %s object, not a %s", name,
				   kind_names[o->kind], kind_names[kind]);
		return NULL;
	}
	return o;
}

struct gl_executable *gl_current_executable(struct nngx_state *st, const char *fn)
{
	struct gl_object *o = gl_object_find(&st->gl, st->gl.program);

	if (!o || o->kind != GL_OBJECT_PROGRAM || !o->u.program.exe) {
		gl_operation_error(st, fn, "no program is in use (glUseProgram)");
		return NULL;
	}
	return o->u.program.exe;
}

GLuint glCreateProgram(void)
{
	NNGX_API(st);
	struct gl_object *o = gl_object_add(&st->gl, GL_OBJECT_PROGRAM);

	if (!o) {
		gl_memory_error(st, "glCreateProgram", "a program object");
		return 0;
	}
	return o->name;
}

void glDeleteProgram(GLuint program)
{
	NNGX_API(st);
	struct gl_object *o;

	if (program == 0)
		return;
	o = gl_object_expect(st, program, GL_OBJECT_PROGRAM, "glDeleteProgram");
	if (!o)
		return;
	/* The program in use is only flagged; it goes when no longer used. */
	if (st->gl.program == program)
		o->u.program.delete_pending = true;
	else
		gl_object_destroy(&st->gl, o);
}

GLboolean glIsProgram(GLuint program)
{
	NNGX_API(st);
	const struct gl_object *o = gl_object_find(&st->gl, program);

	return o && o->kind == GL_OBJECT_PROGRAM ? GL_TRUE : GL_FALSE;
}

static enum gl_stage_id shader_stage(const struct gl_shader *sh)
{
	return sh->type == GL_VERTEX_SHADER ? GL_STAGE_VERTEX : GL_STAGE_GEOMETRY;
}

void glAttachShader(GLuint program, GLuint shader)
{
	static const char fn[] = "glAttachShader";
	NNGX_API(st);
	struct gl_object *po = gl_object_expect(st, program, GL_OBJECT_PROGRAM, fn), *so;
	struct gl_program *p;
	enum gl_stage_id s;

	if (!po)
		return;
	p = &po->u.program;
	if (shader == (GLuint)GL_DMP_FRAGMENT_SHADER_DMP) {
		if (p->fragment_attached) {
			gl_operation_error(st, fn, "GL_DMP_FRAGMENT_SHADER_DMP is already attached "
					   "to program %u", program);
			return;
		}
		p->fragment_attached = true;
		return;
	}
	so = gl_object_expect(st, shader, GL_OBJECT_SHADER, fn);
	if (!so)
		return;
	s = shader_stage(&so->u.shader);
	if (p->shader[s] == shader) {
		gl_operation_error(st, fn, "shader %u is already attached to program %u",
				   shader, program);
		return;
	}
	if (p->shader[s]) {
		gl_operation_error(st, fn, "program %u already has a shader of this type (%u)",
				   program, p->shader[s]);
		return;
	}
	p->shader[s] = shader;
	so->u.shader.attachments++;
}

void glDetachShader(GLuint program, GLuint shader)
{
	static const char fn[] = "glDetachShader";
	NNGX_API(st);
	struct gl_object *po = gl_object_expect(st, program, GL_OBJECT_PROGRAM, fn), *so;
	struct gl_program *p;
	enum gl_stage_id s;

	if (!po)
		return;
	p = &po->u.program;
	if (shader == (GLuint)GL_DMP_FRAGMENT_SHADER_DMP) {
		if (!p->fragment_attached) {
			gl_operation_error(st, fn, "GL_DMP_FRAGMENT_SHADER_DMP is not attached "
					   "to program %u", program);
			return;
		}
		p->fragment_attached = false;
		return;
	}
	so = gl_object_expect(st, shader, GL_OBJECT_SHADER, fn);
	if (!so)
		return;
	s = shader_stage(&so->u.shader);
	if (p->shader[s] != shader) {
		gl_operation_error(st, fn, "shader %u is not attached to program %u", shader,
				   program);
		return;
	}
	p->shader[s] = 0;
	if (--so->u.shader.attachments == 0 && so->u.shader.delete_pending)
		gl_object_destroy(&st->gl, so);
}

void glBindAttribLocation(GLuint program, GLuint index, const GLchar *name)
{
	static const char fn[] = "glBindAttribLocation";
	NNGX_API(st);
	struct gl_object *o;
	struct gl_program *p;
	struct gl_attrib_binding *grown;
	size_t k;

	if (index >= GL_CONTEXT_MAX_ATTRIBS) {
		gl_value_error(st, fn, "index %u is not below GL_MAX_VERTEX_ATTRIBS (%d)", index,
			       GL_CONTEXT_MAX_ATTRIBS);
		return;
	}
	o = gl_object_expect(st, program, GL_OBJECT_PROGRAM, fn);
	if (!o)
		return;
	if (!name) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn, "name is NULL");
		return;
	}
	if (strncmp(name, "gl_", 3) == 0) {
		gl_operation_error(st, fn, "\"%s\": names starting with gl_ are reserved", name);
		return;
	}
	/* No DVLE name is this long, so the binding could never apply. */
	if (strlen(name) >= GL_SHBIN_NAME_MAX)
		return;
	p = &o->u.program;
	for (k = 0; k < p->binding_count; k++)
		if (strcmp(p->bindings[k].name, name) == 0) {
			p->bindings[k].index = index;
			return;
		}
	grown = hw_realloc(p->bindings, (p->binding_count + 1) * sizeof *grown);
	if (!grown) {
		gl_memory_error(st, fn, "binding \"%s\"", name);
		return;
	}
	p->bindings = grown;
	strcpy(p->bindings[p->binding_count].name, name);
	p->bindings[p->binding_count++].index = index;
}

/* ---- linking --------------------------------------------------------- */

/* Why a link failed, for the LINK_FAILED diagnostic. */
struct link_log {
	char text[160];
	bool no_memory;         /* the link failed for want of host memory */
};

static bool link_fail(struct link_log *log, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/* Write the formatted message to the link log and return false, so that a
 * link step can `return link_fail(...)`. */
static bool link_fail(struct link_log *log, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(log->text, sizeof log->text, fmt, ap);
	va_end(ap);
	return false;
}

/* Out of host memory: not the program's fault, so glLinkProgram records
 * GL_OUT_OF_MEMORY instead of a link failure. */
static bool link_no_memory(struct link_log *log)
{
	log->no_memory = true;
	return link_fail(log, "out of memory");
}

/* The register file a unified register number lies in (input, float, integer
 * or bool). */
static enum gl_reg_file unified_file(unsigned reg)
{
	if (reg < GL_UNIFIED_C)
		return GL_REGS_INPUT;
	if (reg < GL_UNIFIED_I)
		return GL_REGS_FLOAT;
	return reg < GL_UNIFIED_B ? GL_REGS_INT : GL_REGS_BOOL;
}

/* The unified number of register file `file`'s first register. */
static unsigned unified_base(enum gl_reg_file file)
{
	static const unsigned base[] = { GL_UNIFIED_V, GL_UNIFIED_C, GL_UNIFIED_I, GL_UNIFIED_B };

	return base[file];
}

/* Output semantics of each DVLE output type, in component order
 * (3dbrew "SHBIN" output types; GPUREG_SH_OUTMAP_Oi codes). */
static unsigned output_semantics(unsigned type, unsigned char sem[4])
{
	static const unsigned char table[9][4] = {
		{ HW_REG_SEM_POS_X, HW_REG_SEM_POS_Y, HW_REG_SEM_POS_Z, HW_REG_SEM_POS_W },
		{ HW_REG_SEM_QUAT_X, HW_REG_SEM_QUAT_Y, HW_REG_SEM_QUAT_Z, HW_REG_SEM_QUAT_W },
		{ HW_REG_SEM_COLOR_R, HW_REG_SEM_COLOR_G, HW_REG_SEM_COLOR_B, HW_REG_SEM_COLOR_A },
		{ HW_REG_SEM_TEX0_U, HW_REG_SEM_TEX0_V },
		{ HW_REG_SEM_TEX0_W },
		{ HW_REG_SEM_TEX1_U, HW_REG_SEM_TEX1_V },
		{ HW_REG_SEM_TEX2_U, HW_REG_SEM_TEX2_V },
		{ 0 },
		{ HW_REG_SEM_VIEW_X, HW_REG_SEM_VIEW_Y, HW_REG_SEM_VIEW_Z },
	};
	static const unsigned char count[9] = { 4, 4, 4, 2, 1, 2, 2, 0, 3 };

	/* Type 7 and unknown types carry nothing: the register is still
	 * output (it keeps its slot), its components unused. */
	if (type >= 9)
		return 0;
	memcpy(sem, table[type], 4);
	return count[type];
}

/* The output mask and map of a stage from its DVLE output table. */
static bool link_outputs(struct gl_stage *s, struct link_log *log)
{
	unsigned char sem[HW_SHADER_OUTPUTS][4];
	size_t j;
	unsigned r, slot = 0;

	memset(sem, HW_REG_SEM_UNUSED, sizeof sem);
	for (j = 0; j < s->dvle->output_count; j++) {
		const struct gl_shbin_output *o = &s->dvle->outputs[j];
		unsigned char list[4];
		unsigned n = output_semantics(o->type, list), c, k = 0;

		s->outmask |= (uint16_t)(1u << o->reg);
		/* The k-th component in the mask takes the type's k-th code. */
		for (c = 0; c < 4; c++)
			if ((o->mask >> c) & 1u)
				sem[o->reg][c] = k < n ? list[k++] : HW_REG_SEM_UNUSED;
	}
	for (r = 0; r < HW_SHADER_OUTPUTS; r++) {
		if (!((s->outmask >> r) & 1u))
			continue;
		if (slot == HW_REG_SH_OUTMAP_COUNT)
			return link_fail(log, "more than %d output registers",
					 HW_REG_SH_OUTMAP_COUNT);
		s->outmap[slot++] = (uint32_t)sem[r][0] | (uint32_t)sem[r][1] << 8
				    | (uint32_t)sem[r][2] << 16 | (uint32_t)sem[r][3] << 24;
	}
	for (r = slot; r < HW_REG_SH_OUTMAP_COUNT; r++)
		s->outmap[r] = 0x1F1F1F1Fu;
	s->outputs = slot;
	return true;
}

/* Mark float register reg (c0-c95) used by stage s. */
static void stage_mark_float(struct gl_stage *s, unsigned reg)
{
	NNGX_ASSERT(reg / 32 < sizeof s->f_used / sizeof s->f_used[0]);
	s->f_used[reg / 32] |= 1u << (reg % 32);
}

/* Uniform registers start at zero; the DVLE constants are their values
 * until the program sets them (loaded when the program is used). */
static void link_image(struct gl_stage *s)
{
	size_t j;
	unsigned r;

	for (j = 0; j < s->dvle->uniform_count; j++) {
		const struct gl_shbin_uniform *u = &s->dvle->uniforms[j];
		for (r = u->first; r <= u->last; r++) {
			switch (unified_file(r)) {
			case GL_REGS_FLOAT: stage_mark_float(s, r - GL_UNIFIED_C); break;
			case GL_REGS_INT: s->i_used |= (uint8_t)(1u << (r - GL_UNIFIED_I)); break;
			case GL_REGS_BOOL: s->b_used = true; break;
			default: break;
			}
		}
	}
	for (j = 0; j < s->dvle->constant_count; j++) {
		const struct gl_shbin_constant *c = &s->dvle->constants[j];
		switch (c->type) {
		case GL_SHBIN_CONST_FLOAT:
			memcpy(s->f[c->reg], c->f, sizeof s->f[0]);
			stage_mark_float(s, c->reg);
			break;
		case GL_SHBIN_CONST_INT:
			memcpy(s->i[c->reg], c->i, sizeof s->i[0]);
			s->i_used |= (uint8_t)(1u << c->reg);
			break;
		default:
			s->b = (uint16_t)((s->b & ~(1u << c->reg)) | (unsigned)c->b << c->reg);
			s->b_used = true;
			break;
		}
	}
}

/* One stage from shader object `so` (attached at stage `id`). */
static bool link_stage(struct gl_stage *s, enum gl_stage_id id, const struct gl_object *so,
		       struct link_log *log)
{
	static const char *const names[] = { "vertex", "geometry" };
	const struct gl_shader *sh = &so->u.shader;
	const struct gl_shbin *bin;
	unsigned limit = id == GL_STAGE_VERTEX ? HW_SHADER_VSH_CODE_WORDS
					       : HW_SHADER_GSH_CODE_WORDS;

	if (!sh->binary)
		return link_fail(log, "%s shader %u has no binary (glShaderBinary)", names[id],
				 so->name);
	bin = &sh->binary->shbin;
	s->dvle = &bin->entries[sh->entry];
	/* The unit's program memory holds the program's start; this entry's
	 * code must lie inside it. */
	if (s->dvle->end_offset > limit)
		return link_fail(log, "%s shader %u runs to instruction %lu, past the unit's "
				 "%u words of program memory", names[id], so->name,
				 (unsigned long)s->dvle->end_offset, limit);
	if (bin->opdesc_count > HW_SHADER_OPDESC_COUNT)
		return link_fail(log, "%s shader %u has %lu operand descriptors (at most %d)",
				 names[id], so->name, (unsigned long)bin->opdesc_count,
				 HW_SHADER_OPDESC_COUNT);
	if (id == GL_STAGE_GEOMETRY && s->dvle->gs_mode == GL_SHBIN_GS_VARIABLE
	    && (s->dvle->gs_variable_count < 1 || s->dvle->gs_variable_count > 16))
		return link_fail(log, "geometry shader %u has %u main vertices a variable-size "
				 "primitive (1 to 16)", so->name, s->dvle->gs_variable_count);
	if (id == GL_STAGE_GEOMETRY && s->dvle->gs_mode == GL_SHBIN_GS_FIXED
	    && (s->dvle->gs_fixed_count < 1 || s->dvle->gs_fixed_count > 16))
		return link_fail(log, "geometry shader %u takes %u vertices a fixed-size "
				 "primitive (1 to 16)", so->name, s->dvle->gs_fixed_count);
	s->code_words = bin->code_words < limit ? (unsigned)bin->code_words : limit;
	if (!link_outputs(s, log))
		return false;
	link_image(s);
	s->binary = gl_binary_ref(sh->binary);
	return true;
}

/* The uniform named `name` in exe, or NULL. */
static struct gl_uniform *uniform_named(struct gl_executable *exe, const char *name)
{
	size_t k;

	for (k = 0; k < exe->uniform_count; k++)
		if (strcmp(exe->uniforms[k].name, name) == 0)
			return &exe->uniforms[k];
	return NULL;
}

/* The program's uniforms: the union of the stages' uniform tables. A name
 * in both stages is one uniform, set in both. */
static bool link_uniforms(struct gl_executable *exe, struct link_log *log)
{
	unsigned s;
	size_t j, cap = 0;

	for (s = 0; s < GL_STAGE_COUNT; s++)
		if (exe->stage[s].dvle)
			cap += exe->stage[s].dvle->uniform_count;
	if (cap && !(exe->uniforms = hw_calloc(cap, sizeof *exe->uniforms)))
		return link_no_memory(log);
	for (s = 0; s < GL_STAGE_COUNT; s++) {
		const struct gl_shbin_entry *e = exe->stage[s].dvle;
		for (j = 0; e && j < e->uniform_count; j++) {
			const struct gl_shbin_uniform *u = &e->uniforms[j];
			enum gl_reg_file file = unified_file(u->first);
			unsigned count = u->last - u->first + 1;
			struct gl_uniform *g = uniform_named(exe, u->name);

			if (file == GL_REGS_INPUT)
				continue;
			if (g && (g->stages >> s) & 1u)
				continue;              /* a name listed twice: the first wins */
			if (g && (g->file != file || g->count != count))
				return link_fail(log, "uniform \"%s\" has different registers in the "
						 "vertex and geometry shaders", u->name);
			if (!g) {
				if (exe->uniform_count == PROGRAM_MAX_UNIFORMS)
					return link_fail(log, "more than %d uniforms",
							 PROGRAM_MAX_UNIFORMS);
				g = &exe->uniforms[exe->uniform_count++];
				strcpy(g->name, u->name);
				g->file = file;
				g->count = count;
			}
			g->stages |= 1u << s;
			g->first[s] = u->first - unified_base(file);
		}
	}
	return true;
}

/* Whether attribute locations location .. location + count - 1 all exist and
 * are not yet given to an input. */
static bool locations_free(const struct gl_executable *exe, unsigned location, unsigned count)
{
	unsigned k;

	if (location + count > GL_CONTEXT_MAX_ATTRIBS)
		return false;
	for (k = 0; k < count; k++)
		if (exe->location_reg[location + k] != PROGRAM_NO_REG)
			return false;
	return true;
}

/* Give input `in` its locations, one input register per location. Needs
 * locations_free for the same range. */
static void locations_take(struct gl_executable *exe, const struct gl_input *in)
{
	unsigned k;

	for (k = 0; k < in->count; k++)
		exe->location_reg[in->location + k] = (uint8_t)(in->reg + k);
}

/* The program's glBindAttribLocation binding for `name`, or NULL. */
static const struct gl_attrib_binding *binding_named(const struct gl_program *p,
						     const char *name)
{
	size_t k;

	for (k = 0; k < p->binding_count; k++)
		if (strcmp(p->bindings[k].name, name) == 0)
			return &p->bindings[k];
	return NULL;
}

/* The vertex stage's inputs and their locations: bound ones first, then
 * the others at their v register if free, else the lowest free run. */
static bool link_inputs(struct gl_executable *exe, const struct gl_program *p,
			struct link_log *log)
{
	const struct gl_shbin_entry *e = exe->stage[GL_STAGE_VERTEX].dvle;
	size_t j, k;
	unsigned pass, loc;

	memset(exe->location_reg, PROGRAM_NO_REG, sizeof exe->location_reg);
	if (e->uniform_count && !(exe->inputs = hw_calloc(e->uniform_count, sizeof *exe->inputs)))
		return link_no_memory(log);
	for (j = 0; j < e->uniform_count; j++) {
		const struct gl_shbin_uniform *u = &e->uniforms[j];
		bool seen = false;

		if (unified_file(u->first) != GL_REGS_INPUT)
			continue;
		for (k = 0; k < exe->input_count; k++)
			seen |= strcmp(exe->inputs[k].name, u->name) == 0;
		if (seen)
			continue;
		strcpy(exe->inputs[exe->input_count].name, u->name);
		exe->inputs[exe->input_count].reg = u->first;
		exe->inputs[exe->input_count++].count = u->last - u->first + 1;
	}
	for (pass = 0; pass < 2; pass++)
		for (k = 0; k < exe->input_count; k++) {
			struct gl_input *in = &exe->inputs[k];
			const struct gl_attrib_binding *b = binding_named(p, in->name);

			if ((pass == 0) != (b != NULL))
				continue;
			if (b) {
				if (!locations_free(exe, b->index, in->count))
					return link_fail(log, "attribute \"%s\" bound to location %u "
							 "overlaps another or passes location %d",
							 in->name, b->index,
							 GL_CONTEXT_MAX_ATTRIBS - 1);
				in->location = b->index;
			} else if (locations_free(exe, in->reg, in->count)) {
				in->location = in->reg;
			} else {
				for (loc = 0; loc < GL_CONTEXT_MAX_ATTRIBS; loc++)
					if (locations_free(exe, loc, in->count))
						break;
				if (loc == GL_CONTEXT_MAX_ATTRIBS)
					return link_fail(log, "no free location for attribute \"%s\"",
							 in->name);
				in->location = loc;
			}
			locations_take(exe, in);
		}
	return true;
}

/* Build an executable from the shader objects `so` (by stage; NULL: no
 * such stage) and the attribute bindings of `p`, or fail with a reason. */
static struct gl_executable *link_objects(struct gl_context *gl,
					  const struct gl_object *const so[GL_STAGE_COUNT],
					  const struct gl_program *p, struct link_log *log)
{
	struct gl_executable *exe;
	unsigned s;
	bool ok = true;

	if (!so[GL_STAGE_VERTEX]) {
		link_fail(log, "no vertex shader is attached");
		return NULL;
	}
	exe = hw_calloc(1, sizeof *exe);
	if (!exe) {
		link_no_memory(log);
		return NULL;
	}
	for (s = 0; s < GL_STAGE_COUNT && ok; s++)
		if (so[s])
			ok = link_stage(&exe->stage[s], (enum gl_stage_id)s, so[s], log);
	ok = ok && link_uniforms(exe, log) && link_inputs(exe, p, log);
	if (!ok) {
		gl_executable_free(exe);
		return NULL;
	}
	exe->gs_vertices = 1;
	if (so[GL_STAGE_GEOMETRY]) {
		const struct gl_shbin_entry *g = exe->stage[GL_STAGE_GEOMETRY].dvle;
		unsigned per = exe->stage[GL_STAGE_VERTEX].outputs;

		exe->gs_mode = g->gs_mode;
		exe->gs_main = g->gs_variable_count;
		if (g->gs_mode == GL_SHBIN_GS_FIXED) {
			exe->gs_vertices = g->gs_fixed_count;
			exe->gs_fixed_start = g->gs_fixed_start;
			if (per < 1 || per > 16
			    || g->gs_fixed_start + g->gs_fixed_count * per > HW_SHADER_FLOAT_UNIFORMS) {
				link_fail(log, "fixed-mode geometry shader: %u vertices of %u "
					  "registers from c%u do not fit in c0..c95",
					  g->gs_fixed_count, per, g->gs_fixed_start);
				gl_executable_free(exe);
				return NULL;
			}
		}
	}
	exe->serial = gl->next_serial++;
	gl_dmp_defaults(&exe->dmp);             /* a link resets every uniform */
	return exe;
}

/* The executable of program `p` from the shaders attached to it. */
static struct gl_executable *link_program(struct gl_context *gl, const struct gl_program *p,
					  struct link_log *log)
{
	const struct gl_object *so[GL_STAGE_COUNT];
	unsigned s;

	for (s = 0; s < GL_STAGE_COUNT; s++)
		so[s] = p->shader[s] ? gl_object_find(gl, p->shader[s]) : NULL;
	return link_objects(gl, so, p, log);
}

struct gl_executable *gl_program_link_objects(struct gl_context *gl,
					      const struct gl_object *const so[GL_STAGE_COUNT],
					      const struct gl_program *bindings, char *why,
					      size_t why_size, bool *no_memory)
{
	struct link_log log;
	struct gl_executable *exe;

	log.text[0] = '\0';
	log.no_memory = false;
	exe = link_objects(gl, so, bindings, &log);
	if (why_size)
		snprintf(why, why_size, "%s", log.text);
	*no_memory = log.no_memory;
	return exe;
}

void glLinkProgram(GLuint program)
{
	static const char fn[] = "glLinkProgram";
	NNGX_API(st);
	struct gl_object *o = gl_object_expect(st, program, GL_OBJECT_PROGRAM, fn);
	struct gl_executable *exe;
	struct link_log log;

	if (!o)
		return;
	log.no_memory = false;
	exe = link_program(&st->gl, &o->u.program, &log);
	if (!exe && log.no_memory) {
		/* The program may be fine: nothing changes, as after any
		 * GL_OUT_OF_MEMORY of this library. */
		nngx_state_error(st, GL_OUT_OF_MEMORY, NNGX_SHIM_DIAG_OUT_OF_MEMORY, fn,
				 "program %u: no memory for its executable", program);
		return;
	}
	o->u.program.validate_status = false;
	if (!exe) {
		/* ES 2.0: no GL error; the last good executable stays in use. */
		o->u.program.link_status = false;
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_LINK_FAILED, fn, "program %u: %s",
				 program, log.text);
		return;
	}
	gl_executable_free(o->u.program.exe);
	o->u.program.exe = exe;
	o->u.program.link_status = true;
}

void glValidateProgram(GLuint program)
{
	NNGX_API(st);
	struct gl_object *o = gl_object_expect(st, program, GL_OBJECT_PROGRAM, "glValidateProgram");

	/* Model choice: a linked program is valid in any state. */
	if (o)
		o->u.program.validate_status = o->u.program.link_status;
}

void glUseProgram(GLuint program)
{
	static const char fn[] = "glUseProgram";
	NNGX_API(st);
	struct gl_context *gl = &st->gl;
	struct gl_object *o = NULL, *old;

	if (program) {
		o = gl_object_expect(st, program, GL_OBJECT_PROGRAM, fn);
		if (!o)
			return;
		if (!o->u.program.link_status) {
			gl_operation_error(st, fn, "program %u is not linked", program);
			return;
		}
	}
	old = gl_object_find(gl, gl->program);
	gl->program = program;
	if (old && old != o && old->kind == GL_OBJECT_PROGRAM && old->u.program.delete_pending)
		gl_object_destroy(gl, old);
}

/* GL_ACTIVE_*_MAX_LENGTH: the longest name with its NUL, 0 if none. */
static GLint longest_input(const struct gl_executable *exe)
{
	size_t k, most = 0;

	for (k = 0; exe && k < exe->input_count; k++)
		if (strlen(exe->inputs[k].name) + 1 > most)
			most = strlen(exe->inputs[k].name) + 1;
	return (GLint)most;
}

/* GL_ACTIVE_UNIFORM_MAX_LENGTH: the longest uniform name plus its NUL, 0 with
 * no executable or no uniforms. */
static GLint longest_uniform(const struct gl_executable *exe)
{
	size_t k, most = 0;

	for (k = 0; exe && k < exe->uniform_count; k++)
		if (strlen(exe->uniforms[k].name) + 1 > most)
			most = strlen(exe->uniforms[k].name) + 1;
	return (GLint)most;
}

void glGetProgramiv(GLuint program, GLenum pname, GLint *params)
{
	static const char fn[] = "glGetProgramiv";
	NNGX_API(st);
	struct gl_object *o;
	const struct gl_program *p;
	const struct gl_executable *exe;
	GLint value;

	switch (pname) {
	case GL_DELETE_STATUS: case GL_LINK_STATUS: case GL_VALIDATE_STATUS:
	case GL_INFO_LOG_LENGTH: case GL_ATTACHED_SHADERS:
	case GL_ACTIVE_ATTRIBUTES: case GL_ACTIVE_ATTRIBUTE_MAX_LENGTH:
	case GL_ACTIVE_UNIFORMS: case GL_ACTIVE_UNIFORM_MAX_LENGTH:
		break;
	default:
		gl_enum_error(st, fn, "pname 0x%04X is not a program parameter", pname);
		return;
	}
	o = gl_object_expect(st, program, GL_OBJECT_PROGRAM, fn);
	if (!o)
		return;
	if (!params) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn, "params is NULL");
		return;
	}
	p = &o->u.program;
	exe = p->link_status ? p->exe : NULL;
	switch (pname) {
	case GL_DELETE_STATUS: value = p->delete_pending; break;
	case GL_LINK_STATUS: value = p->link_status; break;
	case GL_VALIDATE_STATUS: value = p->validate_status; break;
	case GL_ATTACHED_SHADERS:
		value = (p->shader[0] != 0) + (p->shader[1] != 0) + p->fragment_attached;
		break;
	case GL_ACTIVE_ATTRIBUTES: value = exe ? (GLint)exe->input_count : 0; break;
	case GL_ACTIVE_ATTRIBUTE_MAX_LENGTH: value = longest_input(exe); break;
	case GL_ACTIVE_UNIFORMS: value = exe ? (GLint)exe->uniform_count : 0; break;
	case GL_ACTIVE_UNIFORM_MAX_LENGTH: value = longest_uniform(exe); break;
	default: value = 0; break;     /* no info log: diagnostics explain */
	}
	*params = value;
}

int glGetAttribLocation(GLuint program, const GLchar *name)
{
	static const char fn[] = "glGetAttribLocation";
	NNGX_API(st);
	struct gl_object *o = gl_object_expect(st, program, GL_OBJECT_PROGRAM, fn);
	const struct gl_executable *exe;
	size_t k;

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
	exe = o->u.program.exe;
	for (k = 0; k < exe->input_count; k++)
		if (strcmp(exe->inputs[k].name, name) == 0)
			return (int)exe->inputs[k].location;
	return -1;
}

/* ---- active attributes and uniforms, attached shaders, info log ----------------- */

/* The shader binary has no GLSL types. Model choice (doc/model.md): an input of
 * n v registers is a vec4 (n = 1) or a mat2/mat3/mat4 (n = 2-4; attributes
 * cannot be arrays), size 1. A uniform of n registers is an array of n:
 * GL_FLOAT_VEC4 (c), GL_INT_VEC4 (i) or GL_BOOL (b). */
static GLenum active_input_type(unsigned count)
{
	switch (count) {
	case 2: return GL_FLOAT_MAT2;
	case 3: return GL_FLOAT_MAT3;
	case 4: return GL_FLOAT_MAT4;
	default: return GL_FLOAT_VEC4;
	}
}

/* The GL type glGetActiveUniform reports for a register file: ivec4 for
 * integer registers, bool for bool ones, vec4 for the rest. */
static GLenum active_uniform_type(enum gl_reg_file file)
{
	switch (file) {
	case GL_REGS_INT: return GL_INT_VEC4;
	case GL_REGS_BOOL: return GL_BOOL;
	default: return GL_FLOAT_VEC4;
	}
}

/* The program's executable for glGetActive*, and the GL_INVALID_VALUE
 * checks every one of them shares; NULL after the error. An unlinked
 * program has no active variables: every index is out of range. */
static bool active_ok(struct nngx_state *st, GLuint program, GLuint index, GLsizei bufsize,
		      bool uniforms, const struct gl_executable **exe, const char *fn)
{
	struct gl_object *o = gl_object_expect(st, program, GL_OBJECT_PROGRAM, fn);
	size_t n;

	if (!o)
		return false;
	*exe = o->u.program.link_status ? o->u.program.exe : NULL;
	n = !*exe ? 0 : uniforms ? (*exe)->uniform_count : (*exe)->input_count;
	if (index >= n) {
		gl_value_error(st, fn, "index %u is not below the program's %lu active %s", index,
			       (unsigned long)n, uniforms ? "uniforms" : "attributes");
		return false;
	}
	if (bufsize < 0) {
		gl_value_error(st, fn, "bufsize %d is negative", bufsize);
		return false;
	}
	return true;
}

void glGetActiveAttrib(GLuint program, GLuint index, GLsizei bufsize, GLsizei *length,
		       GLint *size, GLenum *type, GLchar *name)
{
	static const char fn[] = "glGetActiveAttrib";
	NNGX_API(st);
	const struct gl_executable *exe;
	const struct gl_input *in;

	if (!active_ok(st, program, index, bufsize, false, &exe, fn))
		return;
	in = &exe->inputs[index];
	if (size)
		*size = 1;
	if (type)
		*type = active_input_type(in->count);
	gl_string_out(in->name, bufsize, length, name);
}

void glGetActiveUniform(GLuint program, GLuint index, GLsizei bufsize, GLsizei *length,
			GLint *size, GLenum *type, GLchar *name)
{
	static const char fn[] = "glGetActiveUniform";
	NNGX_API(st);
	const struct gl_executable *exe;
	const struct gl_uniform *u;

	if (!active_ok(st, program, index, bufsize, true, &exe, fn))
		return;
	u = &exe->uniforms[index];
	if (size)
		*size = (GLint)u->count;
	if (type)
		*type = active_uniform_type(u->file);
	gl_string_out(u->name, bufsize, length, name);
}

/* The vertex shader, the geometry shader and GL_DMP_FRAGMENT_SHADER_DMP,
 * those attached, in that order (GL_ATTACHED_SHADERS counts the same). */
void glGetAttachedShaders(GLuint program, GLsizei maxcount, GLsizei *count, GLuint *shaders)
{
	static const char fn[] = "glGetAttachedShaders";
	NNGX_API(st);
	const struct gl_program *p;
	GLuint names[GL_STAGE_COUNT + 1];
	GLsizei n = 0, k;
	unsigned s;

	if (maxcount < 0) {
		gl_value_error(st, fn, "maxcount %d is negative", maxcount);
		return;
	}
	{
		struct gl_object *o = gl_object_expect(st, program, GL_OBJECT_PROGRAM, fn);
		if (!o)
			return;
		p = &o->u.program;
	}
	for (s = 0; s < GL_STAGE_COUNT; s++)
		if (p->shader[s])
			names[n++] = p->shader[s];
	if (p->fragment_attached)
		names[n++] = (GLuint)GL_DMP_FRAGMENT_SHADER_DMP;
	if (n > maxcount)
		n = maxcount;
	if (n && !shaders) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "shaders is NULL");
		n = 0;
	}
	for (k = 0; k < n; k++)
		shaders[k] = names[k];
	if (count)
		*count = n;
}

/* The info log is always empty (GL_INFO_LOG_LENGTH 0): why a link failed
 * is said by the LINK_FAILED diagnostic. */
void glGetProgramInfoLog(GLuint program, GLsizei bufsize, GLsizei *length, GLchar *infolog)
{
	static const char fn[] = "glGetProgramInfoLog";
	NNGX_API(st);

	if (bufsize < 0) {
		gl_value_error(st, fn, "bufsize %d is negative", bufsize);
		return;
	}
	if (!gl_object_expect(st, program, GL_OBJECT_PROGRAM, fn))
		return;
	gl_string_out("", bufsize, length, infolog);
}
