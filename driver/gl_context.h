/* gl_context.h: the GL ES context, THE GL state in one struct: the error
 * flag, buffer objects, vertex attributes, shaders and programs, raster
 * state, textures, framebuffers and renderbuffers, the per-fragment state,
 * and what this context's commands last left in the GPU. It belongs to
 * the driver, which generates commands from it. The entry points
 * (gles_stub/: gl_buffer.c, gl_vertex.c, gl_shader.c, gl_program.c,
 * gl_uniform.c, gl_raster.c, gl_draw.c, gl_texture.c, gl_framebuffer.c,
 * gl_fragment.c, gl_dmp.c, gl_state.c, gl_query.c) find it through the
 * library instance; everything below them
 * takes it as an argument. This file and gl_context.c own the objects'
 * lifetimes. */
#ifndef NNGX_GL_CONTEXT_H
#define NNGX_GL_CONTEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

#include "gl_shbin.h"
#include "hw/hw_memory.h"
#include "nngx_names.h"
#include "hw/hw_regs.h"
#include "hw/hw_shader.h"
#include "hw/hw_texture.h"

/* GL_MAX_VERTEX_ATTRIBS. Model choice: the vertex loader's 12 attributes
 * (GPUREG_ATTRIBBUFFERS_FORMAT has 12 slots); no public source gives the
 * SDK's value. */
#define GL_CONTEXT_MAX_ATTRIBS 12

/* Texture units with memory behind them (GPUREG_TEXUNIT0..2; the
 * procedural unit 3 reads no texture object). GL_MAX_COMBINED_TEXTURE_
 * IMAGE_UNITS is this. */
#define GL_CONTEXT_TEXTURE_UNITS HW_REG_TEXUNIT_COUNT

/* Lookup tables (GL_LUT_TEXTURE0_DMP + i): GL_MAX_LUT_TEXTURES_DMP
 * binding points, and GL_MAX_LUT_ENTRIES_DMP entries at most in one
 * table (the SDK's lighting tables: 256 values and 256 differences). */
#define GL_CONTEXT_LUT_TEXTURES 32
#define GL_CONTEXT_LUT_ENTRIES  512

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
	bool mapped;              /* glMapBufferOES; storage freed unmaps */
	/* Non-NULL: the name is a vertex state collection, not a data
	 * buffer; this holds its state while another collection is bound. */
	struct gl_vertex_state *collection;
	struct gl_buffer *next_collection;  /* the context's list of them */
};

/* One generic vertex attribute (location 0-11). */
struct gl_attrib {
	bool enabled;             /* glEnableVertexAttribArray */
	GLint size;               /* components, 1-4 */
	GLenum type;              /* GL_BYTE, GL_UNSIGNED_BYTE, GL_SHORT, GL_FLOAT */
	GLsizei stride;           /* as given; 0: tightly packed */
	GLuint buffer;            /* GL_ARRAY_BUFFER when the pointer was set */
	uint32_t offset;          /* the pointer: an offset into that buffer */
	const void *client;       /* buffer 0: the pointer, a client-side array */
	GLfloat current[4];       /* glVertexAttrib*: used while disabled */
};

/* The state a vertex state collection holds (GL_VERTEX_STATE_COLLECTION_DMP,
 * gles_stub/gl_collection.c): both buffer bindings and every attribute,
 * its array and its current value. */
struct gl_vertex_state {
	GLuint array_buffer, element_buffer;
	struct gl_attrib attrib[GL_CONTEXT_MAX_ATTRIBS];
};

/* The state a texture collection holds (GL_TEXTURE_COLLECTION_DMP): the
 * 2D texture of each unit and the table of each lookup-table binding. */
struct gl_texture_state {
	GLuint texture_2d[GL_CONTEXT_TEXTURE_UNITS];
	GLuint texture_cube[GL_CONTEXT_TEXTURE_UNITS];
	GLuint lut[GL_CONTEXT_LUT_TEXTURES];
};

/* A texture object (glGenTextures / glBindTexture): a 2D texture or a
 * lookup table, by the first target it is bound to. A 2D texture's
 * storage holds the whole mip chain in the PICA200 layout, level 0 first
 * (hw_texture_level_phys), from the first level-0 image on. A lookup
 * table's entries are the driver's, on the CPU side (gles_stub/gl_lut.c),
 * as the SDK keeps them until it sends them as register writes. */
struct gl_texture {
	GLuint name;
	bool created;             /* bound once: an object (glIsTexture) */
	GLenum target;            /* 0 until bound; GL_TEXTURE_2D, or
				     GL_LUT_TEXTURE0_DMP for any lookup-table
				     target, GL_TEXTURE_COLLECTION_DMP */
	/* Non-NULL (target GL_TEXTURE_COLLECTION_DMP): a texture collection;
	 * this holds its bindings while another collection is bound. */
	struct gl_texture_state *collection;
	struct gl_texture *next_collection; /* the context's list of them */
	GLfloat *lut;             /* the table (GL_CONTEXT_LUT_ENTRIES room);
				     NULL until glTexImage1D defines it */
	unsigned lut_width;       /* entries defined (0..GL_CONTEXT_LUT_ENTRIES) */
	uint64_t lut_serial;      /* changes whenever the entries do (never 0) */
	struct hw_texture hw;     /* phys (0: no storage), size, format; levels =
				     the levels the storage has room for */
	uint32_t size;            /* bytes of the storage */
	GLenum area;              /* NN_GX_MEM_FCRAM, _VRAMA or _VRAMB */
	void *user_block;         /* what nngxInitialize's allocator gave */
	GLenum format, type;      /* of level 0 as given (type 0: compressed) */
	uint32_t level_mask;      /* levels given an image; bit 0 = level 0 */
	GLenum min_filter, mag_filter, wrap_s, wrap_t;
	GLfloat border_color[4];  /* GL_TEXTURE_BORDER_COLOR as given (0, 0, 0, 0) */
	GLfloat lod_bias;         /* GL_TEXTURE_LOD_BIAS, [-16, 16) (0) */
	GLfloat min_lod;          /* GL_TEXTURE_MIN_LOD (-1000) */
	bool generate_mipmap;     /* GL_GENERATE_MIPMAP (GL_FALSE) */
	/* A cube map (target GL_TEXTURE_CUBE_MAP): the six faces' chains one
	 * after the other in the storage (face f at hw.phys + f x the chain's
	 * size; size is all six), each face's levels given in face_levels[f];
	 * level_mask is the levels every face has. */
	uint32_t face_levels[6];
};

/* A renderbuffer (glGenRenderbuffers / glRenderbufferStorage), tiled as
 * hw_fragment.h lays out render targets. */
struct gl_renderbuffer {
	GLuint name;
	bool created;
	GLenum format;            /* internal format; 0 before any storage */
	GLsizei width, height;
	uint32_t phys, size;      /* phys 0: no storage (also 0 x 0) */
	GLenum area;
	void *user_block;
};

/* What a framebuffer attachment point holds. */
enum gl_attach_point { GL_ATTACH_COLOR, GL_ATTACH_DEPTH, GL_ATTACH_STENCIL, GL_ATTACH_COUNT };
struct gl_attachment {
	GLenum type;              /* GL_NONE, GL_RENDERBUFFER or GL_TEXTURE */
	GLuint name;
};

struct gl_framebuffer {
	GLuint name;
	bool created;
	struct gl_attachment at[GL_ATTACH_COUNT];
};

/* The per-fragment state of glDepthFunc, glStencilFunc, glBlendFunc, ...
 * (OpenGL ES 2.0, 4.1), the clear values, and the DMP early depth test. */
struct gl_fragment_state {
	GLenum depth_func;
	GLboolean depth_mask;
	GLfloat depth_near, depth_far;
	GLenum stencil_func;
	GLint stencil_ref;
	GLuint stencil_value_mask, stencil_write_mask;
	GLenum stencil_fail, stencil_zfail, stencil_zpass;
	GLenum blend_src_rgb, blend_dst_rgb, blend_src_alpha, blend_dst_alpha;
	GLenum blend_eq_rgb, blend_eq_alpha;
	GLfloat blend_color[4];
	GLenum logic_op;
	GLboolean color_mask[4];
	GLint scissor_x, scissor_y;
	GLsizei scissor_width, scissor_height;
	GLfloat clear_color[4], clear_depth;
	GLint clear_stencil;
	GLenum early_depth_func;
	GLuint early_depth_clear;     /* 24-bit */
	/* glPolygonOffset: the PICA200 has a constant depth offset and no
	 * slope term; `units` moves the depth map (gl_cmdfrag.c), `factor`
	 * is kept for the query only. */
	GLfloat polygon_offset_factor, polygon_offset_units;
};

/* State the OpenGL ES 2.0 queries read back but the PICA200 has no
 * counterpart for (gles_stub/gl_state.c says what each one does). */
struct gl_misc_state {
	GLfloat line_width;                  /* glLineWidth */
	GLenum generate_mipmap_hint;         /* glHint */
	GLint pack_alignment, unpack_alignment;   /* glPixelStorei */
	GLfloat sample_coverage_value;       /* glSampleCoverage */
	GLboolean sample_coverage_invert;
	GLenum render_block_mode;            /* glRenderBlockModeDMP */
};

/* Hardware lookup-table slots a draw may load (gl_lut.c, gl_cmdfrag.c):
 * 0-23 the lighting tables by their LUT_INDEX id (D0 0, D1 1, FR 3, RB 4,
 * RG 5, RR 6, SP of light i 8 + i, DA of light i 16 + i), then the fog
 * table, the procedural texture's seven (enum gl_dmp_pt_table) and gas
 * R, G, B. */
#define GL_FRAG_LUT_LIGHTING 24
#define GL_FRAG_LUT_FOG      24
#define GL_FRAG_LUT_PROCTEX  25
#define GL_FRAG_LUT_GAS      32
#define GL_FRAG_LUT_SLOTS    35

/* The reserved uniforms of the fixed-function fragment stage (dmp_*; all
 * 297 of the SDK driver's table), per program like any uniform.
 * gl_dmp.c lists the names, their SDK locations, checks and defaults;
 * gl_cmdfrag.c turns them into registers. */
#define GL_DMP_TEXENV_STAGES 6
#define GL_DMP_LIGHTS 8
#define GL_DMP_SAMPLERS 4         /* dmp_Texture[0..3]; 3 is procedural */

/* The lighting lookup tables, numbered as the hardware numbers them (the
 * fields of LUTINPUT_ABS/_SELECT/_SCALE and the LUT_INDEX table ids 0-6):
 * lut_abs, lut_input and lut_scale use all seven, lut_sampler all but
 * SP (each light has its own SP table). */
enum gl_dmp_lut {
	GL_DMP_LUT_D0, GL_DMP_LUT_D1, GL_DMP_LUT_SP, GL_DMP_LUT_FR,
	GL_DMP_LUT_RB, GL_DMP_LUT_RG, GL_DMP_LUT_RR, GL_DMP_LUTS
};

/* The procedural texture's tables, by sampler uniform. */
enum gl_dmp_pt_table {
	GL_DMP_PT_RGB_MAP, GL_DMP_PT_ALPHA_MAP, GL_DMP_PT_NOISE_MAP,
	GL_DMP_PT_R, GL_DMP_PT_G, GL_DMP_PT_B, GL_DMP_PT_A, GL_DMP_PT_TABLES
};

struct gl_dmp_texenv {
	GLint combine_rgb, combine_alpha;
	GLint src_rgb[3], src_alpha[3];
	GLint operand_rgb[3], operand_alpha[3];
	GLfloat const_rgba[4];
	GLfloat scale_rgb, scale_alpha;
	GLint buffer_input[2];    /* stages 1-4: RGB, alpha */
};

struct gl_dmp_light {
	GLboolean enabled, spot_enabled, dist_atten_enabled, shadowed;
	GLboolean geom_factor[2], two_side_diffuse;
	GLfloat ambient[4], diffuse[4], specular0[4], specular1[4];
	GLfloat position[4], spot_direction[3];
	GLfloat dist_atten_bias, dist_atten_scale;
	GLint sampler_sp, sampler_da;       /* LUT numbers 0-31 */
};

struct gl_dmp_material {
	GLfloat emission[4], ambient[4], diffuse[4], specular0[4], specular1[4];
};

struct gl_dmp_proctex {
	GLint rgb_map, alpha_map;
	GLboolean alpha_separate, noise_enable;
	GLint clamp[2], shift[2];           /* U, V */
	GLint min_filter, tex_width, tex_offset;
	GLfloat tex_bias;
	GLfloat noise[2][3];                /* U, V: frequency, phase, amplitude */
	GLint sampler[GL_DMP_PT_TABLES];
};

struct gl_dmp_gas {
	GLfloat light_xy[3], light_z[4];
	GLfloat delta_z, acc_max, attenuation;
	GLboolean auto_acc;
	GLint color_lut_input, density_src;
	GLint sampler[3];                   /* R, G, B */
};

struct gl_dmp_state {
	GLint sampler_type[GL_DMP_SAMPLERS];
	GLint texcoord[GL_DMP_SAMPLERS];   /* [2] and [3] are uniforms */
	struct gl_dmp_texenv texenv[GL_DMP_TEXENV_STAGES];
	GLfloat buffer_color[4];           /* dmp_TexEnv[0].bufferColor */
	GLboolean alpha_test;
	GLint alpha_func;
	GLfloat alpha_ref;
	GLint fragop_mode;
	GLboolean lighting;
	GLfloat lighting_ambient[4];
	struct gl_dmp_light light[GL_DMP_LIGHTS];
	GLint light_config, fresnel;
	GLboolean lut_d0, lut_d1, lut_refl;
	GLint fog_mode;
	GLboolean fog_zflip;
	GLfloat fog_color[3];
	/* dmp_Texture[0] shadow lookups */
	GLboolean shadow_perspective;
	GLfloat shadow_zbias, shadow_zscale;
	struct gl_dmp_proctex pt;          /* dmp_Texture[3].pt* */
	GLfloat penumbra_scale, penumbra_bias, w_scale;
	GLboolean clip_enable;
	GLfloat clip_plane[4];
	struct gl_dmp_gas gas;
	struct gl_dmp_material material;
	GLboolean lut_abs[GL_DMP_LUTS];
	GLint lut_input[GL_DMP_LUTS];
	GLfloat lut_scale[GL_DMP_LUTS];
	GLint lut_sampler[GL_DMP_LUTS];    /* dmp_FragmentMaterial.sampler* */
	GLint shadow_selector, bump_selector, bump_mode;
	GLboolean bump_renorm, invert_shadow, shadow_primary, shadow_secondary, shadow_alpha;
	GLboolean clamp_highlights;
	GLint fog_sampler;
};

/* A parsed shader binary, shared by the shaders it was given to and by
 * the programs linked from them. */
struct gl_binary {
	unsigned refs;
	struct gl_shbin shbin;
	void *bytes;              /* the binary as given, for glSaveProgramsDMP */
	size_t size;
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
	unsigned gs_mode;                    /* enum gl_shbin_gs_mode */
	unsigned gs_fixed_start;             /* fixed mode: first c register */
	unsigned gs_main;                    /* variable mode: main vertices */
	struct gl_dmp_state dmp;             /* the reserved uniforms */
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
 * early depth test and logic op), one bit each. Dithering, polygon
 * offset and the sample ones are kept but act on nothing. */
enum gl_cap {
	GL_CAP_CULL_FACE, GL_CAP_BLEND, GL_CAP_DITHER, GL_CAP_STENCIL_TEST,
	GL_CAP_DEPTH_TEST, GL_CAP_SCISSOR_TEST, GL_CAP_POLYGON_OFFSET_FILL,
	GL_CAP_SAMPLE_ALPHA_TO_COVERAGE, GL_CAP_SAMPLE_COVERAGE,
	GL_CAP_EARLY_DEPTH_TEST_DMP, GL_CAP_COLOR_LOGIC_OP, GL_CAP_COUNT
};

/* A growable table of object pointers (textures, renderbuffers,
 * framebuffers). */
struct gl_table {
	void **item;
	size_t count, cap;
	struct nngx_names where;             /* name -> index in item */
};

struct gl_context {
	bool ready;                          /* defaults set */
	GLenum error;                        /* GL_NO_ERROR or the first unread error */

	struct gl_buffer **buffers;
	size_t buffer_count, buffer_cap;
	struct nngx_names buffer_where;      /* name -> index in buffers */
	GLuint next_buffer_name;
	struct gl_object **objects;
	size_t object_count, object_cap;
	struct nngx_names object_where;      /* name -> index in objects */
	GLuint next_object_name;

	GLuint array_buffer, element_buffer; /* bindings; 0: none */
	struct gl_attrib attrib[GL_CONTEXT_MAX_ATTRIBS];
	GLuint program;                      /* glUseProgram; 0: none */

	GLint viewport_x, viewport_y;
	GLsizei viewport_width, viewport_height;
	GLenum cull_face, front_face;
	unsigned caps;                       /* bit per enum gl_cap */

	struct gl_table textures;            /* struct gl_texture * */
	GLuint next_texture_name;
	struct gl_texture default_texture;   /* texture 0 (ES 2.0, 3.7.13) */
	GLuint active_texture;               /* unit 0..GL_CONTEXT_TEXTURE_UNITS-1 */
	GLuint texture_binding[GL_CONTEXT_TEXTURE_UNITS];
	/* GL_TEXTURE_CUBE_MAP's binding of each unit; 0: none (the model has
	 * no default cube map). */
	GLuint texture_binding_cube[GL_CONTEXT_TEXTURE_UNITS];
	/* Bumped when any texture's storage or bytes change; a draw that
	 * finds it moved since its last one clears the texture cache. */
	uint64_t texture_epoch, texture_epoch_sent;
	/* glBindTexture(GL_LUT_TEXTUREi_DMP): the table of binding point i;
	 * 0: none (name 0 is no lookup table). */
	GLuint lut_binding[GL_CONTEXT_LUT_TEXTURES];
	/* The bound collections (0: the default one) and the default
	 * collections' state while another is bound (gl_collection.c). */
	GLuint vs_collection, tex_collection;
	struct gl_vertex_state vs_default;
	struct gl_texture_state tex_default;
	/* Every buffer and texture that is a collection, linked through
	 * next_collection, so that a deletion visits the collections only. */
	struct gl_buffer *vs_collections;
	struct gl_texture *tex_collections;
	/* The lookup tables the GPU holds from this context's draws (the
	 * lut_serial of what each hardware table slot, GL_FRAG_LUT_*, was
	 * last loaded from; 0: not loaded since power-on or
	 * nngxUpdateState(NN_GX_STATE_LUT)), and the next serial to give. */
	uint64_t lut_sent[GL_FRAG_LUT_SLOTS];
	uint64_t lut_serial_next;
	/* A draw switched the user clip plane on; the next draw without it
	 * switches it off again. */
	bool clip_plane_sent;

	struct gl_table renderbuffers;       /* struct gl_renderbuffer * */
	GLuint next_renderbuffer_name;
	GLuint renderbuffer_binding;
	struct gl_table framebuffers;        /* struct gl_framebuffer * */
	GLuint next_framebuffer_name;
	GLuint framebuffer_binding;          /* 0: the default framebuffer */
	/* The default framebuffer's storage, placed on first use; 0: not yet. */
	uint32_t default_color_phys, default_depth_phys;

	struct gl_fragment_state frag;
	struct gl_misc_state misc;

	uint64_t next_serial;
	/* The executable whose code and uniforms the GPU holds from this
	 * context's commands; 0 after power-on (the GPU forgot). */
	uint64_t uploaded_serial;
	/* nngxSetCommandGenerationMode: NN_GX_CMDGEN_MODE_UNCONDITIONAL sends
	 * the program and all its uniforms with every draw. */
	GLenum cmdgen_mode;
	/* NN_GX_STATE_* marked for complete generation and not yet sent by a
	 * draw (nngxUpdateState, nngxGetUpdatedState). */
	GLbitfield updated_state;
};

typedef void (*gl_deallocator_fn)(GLenum area, GLenum usage, GLuint name, GLvoid *addr);

/* Power-on of the context (library start and nngxShimReset): the first
 * time, every GL default; always, the error flag cleared and the GPU's
 * program memory taken as forgotten. Objects and state survive a reset,
 * like command lists: they live on the CPU side. */
void gl_context_init(struct gl_context *gl);

/* The states of `mask` (NN_GX_STATE_*: nngxUpdateState, the statemask of
 * nngxUseSavedCmdlist) are generated complete by the next draw; until it,
 * updated_state holds them. */
void gl_context_update_state(struct gl_context *gl, GLbitfield mask);

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

/* Textures, renderbuffers, framebuffers by name; texture 0 is the
 * default texture. NULL when there is none. */
struct gl_texture *gl_texture_find(struct gl_context *gl, GLuint name);
struct gl_renderbuffer *gl_renderbuffer_find(const struct gl_context *gl, GLuint name);
struct gl_framebuffer *gl_framebuffer_find(const struct gl_context *gl, GLuint name);
/* A new table entry named `name` (not created yet); NULL: out of memory. */
struct gl_texture *gl_texture_add(struct gl_context *gl, GLuint name);
struct gl_renderbuffer *gl_renderbuffer_add(struct gl_context *gl, GLuint name);
struct gl_framebuffer *gl_framebuffer_add(struct gl_context *gl, GLuint name);
/* Storage (and allocator block) back; the object stays. */
void gl_texture_free_storage(struct gl_texture *t, struct hw_memory *mem,
			     gl_deallocator_fn deallocator);
void gl_renderbuffer_free_storage(struct gl_renderbuffer *rb, struct hw_memory *mem,
				  gl_deallocator_fn deallocator);
/* Release the storage and drop the entry (bindings are the caller's). */
void gl_texture_destroy(struct gl_context *gl, struct gl_texture *t, struct hw_memory *mem,
			gl_deallocator_fn deallocator);
void gl_renderbuffer_destroy(struct gl_context *gl, struct gl_renderbuffer *rb,
			     struct hw_memory *mem, gl_deallocator_fn deallocator);
void gl_framebuffer_destroy(struct gl_context *gl, struct gl_framebuffer *fb);
/* A name for glGen*: the lowest from *next not in use by `in_use`. */
GLuint gl_name_next(struct gl_context *gl, GLuint *next,
		    bool (*in_use)(struct gl_context *gl, GLuint name));

/* nngxShimGetTextureAddress / nngxShimGetRenderbufferAddress: the
 * storage's physical address, 0 if none. */
GLuint gl_context_texture_address(struct gl_context *gl, GLuint name);
GLuint gl_context_renderbuffer_address(const struct gl_context *gl, GLuint name);

/* Defaults of the reserved uniforms (gl_dmp.c), set at every link. */
void gl_dmp_defaults(struct gl_dmp_state *d);

struct gl_binary *gl_binary_ref(struct gl_binary *b);
void gl_binary_release(struct gl_binary *b);
void gl_executable_free(struct gl_executable *exe);

#endif
