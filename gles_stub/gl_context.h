/* gl_context.h: the GL ES context, THE GL state in one struct: the error
 * flag, buffer objects, vertex attributes, shaders and programs, raster
 * state, and what this context's commands last left in the GPU. The entry
 * points (gl_buffer.c, gl_vertex.c, gl_shader.c, gl_program.c,
 * gl_uniform.c, gl_raster.c, gl_draw.c) find it through the library
 * instance; everything below them takes it as an argument. This file and
 * gl_context.c own the objects' lifetimes. */
#ifndef NNGX_GL_CONTEXT_H
#define NNGX_GL_CONTEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

#include "gl_shbin.h"
#include "hw/hw_memory.h"
#include "hw/hw_regs.h"
#include "hw/hw_shader.h"

/* GL_MAX_VERTEX_ATTRIBS. Model choice: the vertex loader's 12 attributes
 * (GPUREG_ATTRIBBUFFERS_FORMAT has 12 slots); no public source gives the
 * SDK's value. */
#define GL_CONTEXT_MAX_ATTRIBS 12

/* A buffer object (glGenBuffers / glBindBuffer). */
struct gl_buffer {
	GLuint name;
	bool created;             /* bound once: an object (glIsBuffer), not
				     just a name from glGenBuffers */
	uint32_t phys;            /* storage in simulated memory; 0: none */
	uint32_t size;            /* bytes */
	GLenum usage;             /* GL_STATIC_DRAW, ... */
	GLenum area;              /* NN_GX_MEM_FCRAM, _VRAMA or _VRAMB */
	void *user_block;         /* what nngxInitialize's allocator gave */
};

/* One generic vertex attribute (location 0-11). */
struct gl_attrib {
	bool enabled;             /* glEnableVertexAttribArray */
	GLint size;               /* components, 1-4 */
	GLenum type;              /* GL_BYTE, GL_UNSIGNED_BYTE, GL_SHORT, GL_FLOAT */
	GLsizei stride;           /* as given; 0: tightly packed */
	GLuint buffer;            /* GL_ARRAY_BUFFER when the pointer was set */
	uint32_t offset;          /* the pointer: an offset into that buffer */
	GLfloat current[4];       /* glVertexAttrib*: used while disabled */
};

/* A parsed shader binary, shared by the shaders it was given to and by
 * the programs linked from them. */
struct gl_binary {
	unsigned refs;
	struct gl_shbin shbin;
};

enum gl_stage_id { GL_STAGE_VERTEX = 0, GL_STAGE_GEOMETRY = 1, GL_STAGE_COUNT = 2 };

struct gl_shader {
	GLenum type;              /* GL_VERTEX_SHADER or GL_GEOMETRY_SHADER_DMP */
	struct gl_binary *binary; /* NULL until glShaderBinary */
	size_t entry;             /* its DVLE in the binary */
	unsigned attachments;     /* programs it is attached to */
	bool delete_pending;      /* glDeleteShader while attached */
};

/* Register files of the DVLE uniform table, by unified number. */
enum gl_reg_file { GL_REGS_INPUT, GL_REGS_FLOAT, GL_REGS_INT, GL_REGS_BOOL };
#define GL_UNIFIED_V 0x00       /* v0-v15 */
#define GL_UNIFIED_C 0x10       /* c0-c95 */
#define GL_UNIFIED_I 0x70       /* i0-i3 */
#define GL_UNIFIED_B 0x78       /* b0-b15 */

/* A named uniform of a linked program: `count` registers of one file,
 * from first[s] in each stage s that declares it (bit s of `stages`). */
struct gl_uniform {
	char name[GL_SHBIN_NAME_MAX];
	enum gl_reg_file file;
	unsigned count;
	unsigned stages;
	unsigned first[GL_STAGE_COUNT];
};

/* An input (attribute) of the vertex stage: v registers reg..reg+count-1
 * take locations location..location+count-1. */
struct gl_input {
	char name[GL_SHBIN_NAME_MAX];
	unsigned reg, count, location;
};

/* One stage of a linked program, and its uniform registers as the GPU
 * should hold them: the image starts as zeros plus the DVLE constants. */
struct gl_stage {
	struct gl_binary *binary;            /* referenced; NULL: no such stage */
	const struct gl_shbin_entry *dvle;
	unsigned code_words;                 /* program words uploaded */
	uint16_t outmask;                    /* output registers o0-o15 written */
	unsigned outputs;                    /* bits set in outmask */
	uint32_t outmap[HW_REG_SH_OUTMAP_COUNT];   /* SH_OUTMAP_Oi values */
	float f[HW_SHADER_FLOAT_UNIFORMS][4];
	uint8_t i[HW_SHADER_INT_UNIFORMS][4];
	uint16_t b;
	/* Registers the program declares or sets constants in (uploaded with
	 * the program), and those changed since the last upload. */
	uint32_t f_used[3], f_dirty[3];      /* bit n of word n / 32: c<n> */
	uint8_t i_used, i_dirty;
	bool b_used, b_dirty;
};

/* What glLinkProgram made: the stages, their uniforms and inputs. */
struct gl_executable {
	uint64_t serial;                     /* unique in this context, never 0 */
	struct gl_stage stage[GL_STAGE_COUNT];
	struct gl_uniform *uniforms;
	size_t uniform_count;
	struct gl_input *inputs;
	size_t input_count;
	uint8_t location_reg[GL_CONTEXT_MAX_ATTRIBS];   /* v register; 0xFF: none */
	unsigned gs_vertices;                /* vertices per geometry primitive */
};

/* glBindAttribLocation, applied at the next link. */
struct gl_attrib_binding {
	char name[GL_SHBIN_NAME_MAX];
	GLuint index;
};

struct gl_program {
	GLuint shader[GL_STAGE_COUNT];       /* attached, by stage; 0: none */
	bool fragment_attached;              /* GL_DMP_FRAGMENT_SHADER_DMP */
	struct gl_attrib_binding *bindings;
	size_t binding_count;
	bool link_status, validate_status, delete_pending;
	struct gl_executable *exe;           /* from the last successful link */
};

/* Shaders and programs share one name space (OpenGL ES 2.0, 2.10.1). */
enum gl_object_kind { GL_OBJECT_SHADER, GL_OBJECT_PROGRAM };
struct gl_object {
	GLuint name;
	enum gl_object_kind kind;
	union {
		struct gl_shader shader;
		struct gl_program program;
	} u;
};

/* The capabilities of glEnable (OpenGL ES 2.0 table 6.x, plus the DMP
 * early depth test), one bit each. Only GL_CULL_FACE acts so far. */
enum gl_cap {
	GL_CAP_CULL_FACE, GL_CAP_BLEND, GL_CAP_DITHER, GL_CAP_STENCIL_TEST,
	GL_CAP_DEPTH_TEST, GL_CAP_SCISSOR_TEST, GL_CAP_POLYGON_OFFSET_FILL,
	GL_CAP_SAMPLE_ALPHA_TO_COVERAGE, GL_CAP_SAMPLE_COVERAGE,
	GL_CAP_EARLY_DEPTH_TEST_DMP, GL_CAP_COUNT
};

struct gl_context {
	bool ready;                          /* defaults set */
	GLenum error;                        /* GL_NO_ERROR or the first unread error */

	struct gl_buffer **buffers;
	size_t buffer_count, buffer_cap;
	GLuint next_buffer_name;
	struct gl_object **objects;
	size_t object_count, object_cap;
	GLuint next_object_name;

	GLuint array_buffer, element_buffer; /* bindings; 0: none */
	struct gl_attrib attrib[GL_CONTEXT_MAX_ATTRIBS];
	GLuint program;                      /* glUseProgram; 0: none */

	GLint viewport_x, viewport_y;
	GLsizei viewport_width, viewport_height;
	GLenum cull_face, front_face;
	unsigned caps;                       /* bit per enum gl_cap */

	uint64_t next_serial;
	/* The executable whose code and uniforms the GPU holds from this
	 * context's commands; 0 after power-on (the GPU forgot). */
	uint64_t uploaded_serial;
};

typedef void (*gl_deallocator_fn)(GLenum area, GLenum usage, GLuint name, GLvoid *addr);

/* Power-on of the context (library start and nngxShimReset): the first
 * time, every GL default; always, the error flag cleared and the GPU's
 * program memory taken as forgotten. Objects and state survive a reset,
 * like command lists: they live on the CPU side. */
void gl_context_init(struct gl_context *gl);

/* Delete every object (storage back to `mem`, allocator blocks to
 * `deallocator` when not NULL) and return to the defaults. */
void gl_context_fini(struct gl_context *gl, struct hw_memory *mem,
		     gl_deallocator_fn deallocator);

/* Record `code` if the flag is clear (OpenGL ES 2.0 rule: the first error
 * stays until read). Returns false when the flag was set and `code` was
 * dropped. */
bool gl_context_record_error(struct gl_context *gl, GLenum code);

/* glGetError: return the flag and clear it. */
GLenum gl_context_take_error(struct gl_context *gl);

/* nngxShimGetBufferAddress: a buffer's physical address, 0 if none. */
GLuint gl_context_buffer_address(const struct gl_context *gl, GLuint name);

/* ---- object tables (gl_context.c) ---------------------------------- */

struct gl_buffer *gl_buffer_find(const struct gl_context *gl, GLuint name);
/* A new table entry named `name` (not created yet); NULL: out of memory. */
struct gl_buffer *gl_buffer_add(struct gl_context *gl, GLuint name);
/* Release storage and allocator block, drop the entry. */
void gl_buffer_destroy(struct gl_context *gl, struct gl_buffer *b, struct hw_memory *mem,
		       gl_deallocator_fn deallocator);
void gl_buffer_free_storage(struct gl_buffer *b, struct hw_memory *mem,
			    gl_deallocator_fn deallocator);

struct gl_object *gl_object_find(const struct gl_context *gl, GLuint name);
/* A new shader or program under a fresh name; NULL: out of memory. */
struct gl_object *gl_object_add(struct gl_context *gl, enum gl_object_kind kind);
/* Free the object and drop it; a program releases what it holds. */
void gl_object_destroy(struct gl_context *gl, struct gl_object *o);

struct gl_binary *gl_binary_ref(struct gl_binary *b);
void gl_binary_release(struct gl_binary *b);
void gl_executable_free(struct gl_executable *exe);

#endif
