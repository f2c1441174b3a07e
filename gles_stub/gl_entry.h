/* gl_entry.h: what every GL entry point needs: the library instance and
 * the render target (driver/), the GL error helpers (each GL error raises
 * its diagnostic, the detail says what this call did), and the helpers one
 * GL area offers another. */
#ifndef NNGX_GL_ENTRY_H
#define NNGX_GL_ENTRY_H

#include "driver/gl_context.h"
#include "driver/gl_target.h"
#include "driver/nngx_state.h"

#define gl_enum_error(st, fn, ...) \
	nngx_state_error((st), GL_INVALID_ENUM, NNGX_SHIM_DIAG_GL_ENUM_REJECTED, (fn), __VA_ARGS__)
#define gl_value_error(st, fn, ...) \
	nngx_state_error((st), GL_INVALID_VALUE, NNGX_SHIM_DIAG_GL_VALUE_REJECTED, (fn), __VA_ARGS__)
#define gl_operation_error(st, fn, ...) \
	nngx_state_error((st), GL_INVALID_OPERATION, NNGX_SHIM_DIAG_GL_OPERATION_REJECTED, (fn), \
			 __VA_ARGS__)
#define gl_memory_error(st, fn, ...) \
	nngx_state_error((st), GL_OUT_OF_MEMORY, NNGX_SHIM_DIAG_OUT_OF_MEMORY, (fn), __VA_ARGS__)

/* The argument checks of every glGen* / glDelete* call: n < 0 records
 * GL_INVALID_VALUE; a NULL array with n > 0 is diagnosed (no GL error is
 * defined). False when the call must do nothing. */
bool gl_names_ok(struct nngx_state *st, GLsizei n, const GLuint *names, const char *fn);

/* A shader or program by name, as the shader and program calls look
 * them up (OpenGL ES 2.0, 2.10): 0 or an unknown name records
 * GL_INVALID_VALUE, a name of the other kind GL_INVALID_OPERATION; NULL
 * then. */
struct gl_object *gl_object_expect(struct nngx_state *st, GLuint name, enum gl_object_kind kind,
				   const char *fn);

/* Link an executable from shader objects that need not be in the name
 * table (`so`, by stage; NULL: no such stage) with the attribute bindings
 * of `bindings`, as glLinkProgram does; NULL on failure, with the reason
 * in `why` and *no_memory set when host memory ran out. */
struct gl_executable *gl_program_link_objects(struct gl_context *gl,
					      const struct gl_object *const so[GL_STAGE_COUNT],
					      const struct gl_program *bindings, char *why,
					      size_t why_size, bool *no_memory);

/* Whether every reserved uniform of `d` holds a value glUniform* could
 * have set (the checks of the dmp_* uniforms); `why` names the first
 * that does not. */
bool gl_dmp_state_valid(const struct gl_dmp_state *d, char *why, size_t why_size);

/* The reserved uniforms of `d` as 32-bit words, field by field in the
 * model's table order (ints as ints, floats as their bit patterns, bools
 * as 0 or 1): writes gl_dmp_words() words to `out` when not NULL. Read
 * back with gl_dmp_from_words, which takes the same count. */
size_t gl_dmp_words(void);
void gl_dmp_to_words(const struct gl_dmp_state *d, uint32_t *out);
void gl_dmp_from_words(struct gl_dmp_state *d, const uint32_t *in);

/* A string out of a GL query (glGet*InfoLog, glGetActive*, ...): at most
 * bufsize - 1 characters and a NUL (nothing when bufsize is 0, or `out`
 * is NULL); *length, when not NULL, the characters written. bufsize < 0
 * is the caller's GL_INVALID_VALUE. */
void gl_string_out(const char *src, GLsizei bufsize, GLsizei *length, GLchar *out);

/* The current program's executable, or NULL after GL_INVALID_OPERATION
 * (no program in use). */
struct gl_executable *gl_current_executable(struct nngx_state *st, const char *fn);

/* The bytes of one component of a vertex attribute type; 0 if not one the
 * vertex loader takes. */
unsigned gl_attrib_type_bytes(GLenum type);
/* The largest stride glVertexAttribPointer takes: the loader's stride field
 * (GPUREG_ATTRIBBUFFERi_CONFIG2 bits 16-23). */
#define GL_ATTRIB_MAX_STRIDE 255

/* The hardware area of an NN_GX_MEM_* area (gl_buffer.c). */
enum hw_area gl_memory_hw_area(GLenum area);

/* Storage for a GL object: the program's allocator hears of it (area,
 * usage, name, size) when nngxInitialize gave one, then `size` bytes are
 * placed in `area`. On failure GL_OUT_OF_MEMORY is recorded for `fn` and
 * false returned, nothing held. gl_storage_release undoes it. */
bool gl_storage_alloc(struct nngx_state *st, GLenum area, GLenum usage, GLuint name,
		      uint32_t size, uint32_t *phys, void **user_block, const char *fn);

/* What texture units 0-2 read in a draw with reserved uniforms `dmp`
 * (gl_texture.c); TEXTURE_INCOMPLETE diagnostics, no GL error. */
struct gl_frag_texture;
void gl_texture_units(struct nngx_state *st, const struct gl_dmp_state *dmp,
		      struct gl_frag_texture *unit, const char *fn);

/* Lookup-table textures (gl_lut.c). Whether `target` is one of
 * GL_LUT_TEXTURE0_DMP..31; glBindTexture on such a target; the bindings
 * of a deleted texture back to none. */
bool gl_lut_target(GLenum target);
void gl_lut_bind(struct nngx_state *st, GLenum target, GLuint texture, const char *fn);
void gl_lut_unbind(struct gl_context *gl, GLuint texture);
/* The lookup tables a draw with reserved uniforms `d` loads, into p->lut
 * (those the GPU does not hold yet); false after GL_INVALID_OPERATION
 * when one it needs is not defined. gl_lut_sent records, once the draw's
 * commands are in the list, that the GPU holds them. */
struct gl_frag_plan;
bool gl_lut_plan(struct nngx_state *st, const struct gl_dmp_state *d, struct gl_frag_plan *p,
		 const char *fn);
void gl_lut_sent(struct gl_context *gl, const struct gl_frag_plan *p);

/* Vertex state and texture collections (gl_collection.c): glBindBuffer
 * (GL_VERTEX_STATE_COLLECTION_DMP) and glBindTexture
 * (GL_TEXTURE_COLLECTION_DMP); a buffer or texture about to be deleted
 * (a bound collection gives way to the default one; a data buffer's or
 * texture's name leaves every collection). */
void gl_collection_bind_vertex(struct nngx_state *st, GLuint name, const char *fn);
void gl_collection_bind_texture(struct nngx_state *st, GLuint name, const char *fn);
void gl_collection_buffer_gone(struct gl_context *gl, const struct gl_buffer *b);
void gl_collection_texture_gone(struct gl_context *gl, const struct gl_texture *t);

/* How a glUniform* call gives its values (gl_uniform.c, gl_dmp.c). */
/* GL_UNIFORM_MATRIX: an n x n matrix by columns (transpose GL_FALSE);
 * GL_UNIFORM_MATRIX_ROWS: by rows (GL_TRUE). */
enum gl_uniform_call {
	GL_UNIFORM_FLOATS, GL_UNIFORM_INTS, GL_UNIFORM_MATRIX, GL_UNIFORM_MATRIX_ROWS
};

/* Reserved dmp_ uniforms (gl_dmp.c). Their locations are the SDK's,
 * 0xFFFC0000 | slot << 2 | (components - 1): negative as GLint, so no
 * shader uniform's (bits 16-17 its stages, never 0, bits 18-31 clear). */
bool gl_dmp_is_location(GLint location);
int gl_dmp_location(struct nngx_state *st, const char *name, const char *fn);
/* The SDK table, for the tests: its rows (297), and each row's name, GL
 * type and location. */
unsigned gl_dmp_rows(void);
const char *gl_dmp_row_name(unsigned slot);
GLenum gl_dmp_row_type(unsigned slot);
uint32_t gl_dmp_location_of_slot(unsigned slot);
/* A glUniform* of a reserved uniform: the checks, then, with `apply`,
 * the write. False when an error was recorded (or a NULL value
 * diagnosed); nothing is written then, nor ever with `apply` false. */
bool gl_dmp_uniform_set(struct nngx_state *st, struct gl_executable *exe, GLint location,
			GLsizei count, enum gl_uniform_call call, unsigned n, const GLfloat *fv,
			const GLint *iv, bool apply, const char *fn);
/* How glUniform*v sets the reserved uniform at `location`: floats or
 * integers (a bool takes an integer), `n` of them. False if the location
 * names none. */
bool gl_dmp_uniform_shape(GLint location, enum gl_uniform_call *call, unsigned *n);
void gl_dmp_uniform_get(struct nngx_state *st, const struct gl_executable *exe,
			GLint location, GLfloat *fv, GLint *iv, const char *fn);

/* GPUREG_FACECULLING_CONFIG for the culling state (gl_raster.c), and
 * whether it asks for GL_FRONT_AND_BACK, which the PICA200 cannot do. */
unsigned gl_raster_cull_mode(const struct gl_context *gl);
bool gl_raster_culls_everything(const struct gl_context *gl);

#endif
