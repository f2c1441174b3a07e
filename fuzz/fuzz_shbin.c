/* fuzz_shbin.c: the SHBIN parser (gles_stub/gl_shbin.c), and what it
 * accepts through glShaderBinary and glLinkProgram. A parse either fails
 * with a message, or gives a result that keeps every promise of
 * gl_shbin.h (offsets inside the code, registers in range). */
#include <string.h>

#include "fuzz_common.h"
#include "driver/gl_shbin.h"

static void check_entry(const struct gl_shbin *s, const struct gl_shbin_entry *e)
{
	size_t k;

	if (e->stage != GL_SHBIN_VERTEX && e->stage != GL_SHBIN_GEOMETRY)
		fuzz_fail("entry stage %d", (int)e->stage);
	if (e->main_offset >= s->code_words || e->end_offset > s->code_words
	    || e->main_offset > e->end_offset)
		fuzz_fail("entry offsets main %u end %u, %zu code words", e->main_offset,
			  e->end_offset, s->code_words);
	for (k = 0; k < e->constant_count; k++) {
		const struct gl_shbin_constant *c = &e->constants[k];
		unsigned max = c->type == GL_SHBIN_CONST_BOOL ? 15 : c->type == GL_SHBIN_CONST_INT ? 3 : 95;
		if (c->reg > max)
			fuzz_fail("constant register %u of type %d", c->reg, (int)c->type);
	}
	for (k = 0; k < e->output_count; k++)
		if (e->outputs[k].reg > 15 || e->outputs[k].mask > 0xF)
			fuzz_fail("output o%u mask 0x%X", e->outputs[k].reg, e->outputs[k].mask);
	for (k = 0; k < e->uniform_count; k++)
		if (!memchr(e->uniforms[k].name, 0, sizeof e->uniforms[k].name)
		    || e->uniforms[k].first > e->uniforms[k].last)
			fuzz_fail("uniform %zu: unterminated name or registers %u..%u", k,
				  e->uniforms[k].first, e->uniforms[k].last);
	for (k = 0; k < e->label_count; k++)
		if (e->labels[k].offset > s->code_words
		    || !memchr(e->labels[k].name, 0, sizeof e->labels[k].name))
			fuzz_fail("label %zu at %u of %zu words", k, e->labels[k].offset,
				  s->code_words);
}

/* What glShaderBinary and glLinkProgram make of an accepted binary: GL
 * errors are fine, crashes and leaks are not. */
static void through_gl(const uint8_t *data, size_t size, size_t entries)
{
	GLuint shaders[2] = { 0, 0 }, program;
	GLsizei n = entries > 2 ? 2 : (GLsizei)entries;
	GLsizei k;

	shaders[0] = glCreateShader(GL_VERTEX_SHADER);
	if (n > 1)
		shaders[1] = glCreateShader(GL_GEOMETRY_SHADER_DMP);
	glShaderBinary(n, shaders, GL_PLATFORM_BINARY_DMP, data, (GLsizei)size);
	program = glCreateProgram();
	for (k = 0; k < n; k++)
		glAttachShader(program, shaders[k]);
	glLinkProgram(program);
	glUseProgram(program);
	glUseProgram(0);
	glDeleteProgram(program);
	for (k = 0; k < n; k++)
		glDeleteShader(shaders[k]);
	(void)glGetError();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct gl_shbin s;
	char err[GL_SHBIN_ERROR_MAX];
	size_t k;

	fuzz_setup();
	memset(err, 0, sizeof err);
	if (!gl_shbin_parse(data, size, &s, err)) {
		if (!err[0] || !memchr(err, 0, sizeof err))
			fuzz_fail("a rejected binary without a message");
		return 0;
	}
	if (!s.code || s.entry_count < 1)
		fuzz_fail("accepted with %zu entries", s.entry_count);
	for (k = 0; k < s.entry_count; k++)
		check_entry(&s, &s.entries[k]);
	k = s.entry_count;
	gl_shbin_free(&s);
	through_gl(data, size, k);
	return 0;
}
