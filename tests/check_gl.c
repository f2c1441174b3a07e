/* check_gl.c: the GL ES front end of the geometry pipeline (gles_stub/):
 * buffer objects, vertex attributes, shaders and programs, uniforms,
 * raster state and draws, each rule with its errors (an erroring call
 * changes nothing), and draws checked against the counters they move,
 * including the same mesh drawn through GL and through a command buffer
 * built by hand. */
#include <stdlib.h>
#include <string.h>

#include "gl_fixture.h"
#include "pica_cmd.h"

static const float two_triangles[] = {
	-0.5f, -0.5f, -0.5f,   0.5f, -0.5f, -0.5f,   0.0f, 0.5f, -0.5f,
	-0.5f,  0.5f, -0.5f,   0.5f,  0.5f, -0.5f,   0.0f, 0.9f, -0.5f,
};

/* A GL error was recorded, and only that one. */
#define ck_gl_error(code) ck_assert_uint_eq(glGetError(), (code))

/* ---- buffer objects ------------------------------------------------------ */

START_TEST(test_gl_buffer_bind_creates_the_object)
{
	GLuint b[2];

	fx_reset();
	glGenBuffers(2, b);
	ck_assert_uint_ne(b[0], 0);
	ck_assert_uint_ne(b[0], b[1]);
	ck_assert(!glIsBuffer(b[0]));              /* a name, not yet an object */
	glBindBuffer(GL_ARRAY_BUFFER, b[0]);
	ck_assert(glIsBuffer(b[0]));
	glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 77); /* never generated: created too */
	ck_assert(glIsBuffer(77));
	ck_assert(!glIsBuffer(0));
	ck_gl_error(GL_NO_ERROR);
}
END_TEST

START_TEST(test_gl_buffer_bad_target_or_count_records_error_and_changes_nothing)
{
	GLuint b;

	fx_reset();
	glGenBuffers(1, &b);
	glBindBuffer(0x1234, b);
	ck_gl_error(GL_INVALID_ENUM);
	ck_assert(!glIsBuffer(b));
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_GL_ENUM_REJECTED), 1);
	glGenBuffers(-1, &b);
	ck_gl_error(GL_INVALID_VALUE);
	glDeleteBuffers(-1, &b);
	ck_gl_error(GL_INVALID_VALUE);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_GL_VALUE_REJECTED), 2);
}
END_TEST

START_TEST(test_gl_buffer_data_errors_leave_the_storage)
{
	const uint8_t data[64] = { 1, 2, 3 };
	GLuint b, addr;

	fx_reset();
	b = fx_buffer(GL_ARRAY_BUFFER, NN_GX_MEM_VRAMA, data, sizeof data);
	addr = nngxShimGetBufferAddress(b);
	ck_assert_uint_ne(addr, 0);
	glBufferData(GL_ARRAY_BUFFER, -1, data, GL_STATIC_DRAW);
	ck_gl_error(GL_INVALID_VALUE);
	glBufferData(GL_ARRAY_BUFFER, 16, data, 0x1234);
	ck_gl_error(GL_INVALID_ENUM);
	glBufferData(GL_ARRAY_BUFFER | 0x40000, 16, data, GL_STATIC_DRAW);   /* no such area */
	ck_gl_error(GL_INVALID_ENUM);
	glBufferData(GL_ARRAY_BUFFER | GL_COPY_FCRAM_DMP | GL_NO_COPY_FCRAM_DMP, 16, data,
		     GL_STATIC_DRAW);
	ck_gl_error(GL_INVALID_ENUM);
	glBufferData(GL_ELEMENT_ARRAY_BUFFER, 16, data, GL_STATIC_DRAW);     /* none bound */
	ck_gl_error(GL_INVALID_OPERATION);
	ck_assert_uint_eq(nngxShimGetBufferAddress(b), addr);
	ck_assert_uint_eq(((uint8_t *)hw_memory_host(&nngx_state_get()->gpu.memory, addr, 64))[2], 3);
}
END_TEST

/* The area bits of the target place the storage; the data is copied. */
START_TEST(test_gl_buffer_area_bits_place_the_storage)
{
	const float data[4] = { 1, 2, 3, 4 };
	GLuint a, b, f, d, copy;
	void *host;

	fx_reset();
	a = fx_buffer(GL_ARRAY_BUFFER, NN_GX_MEM_VRAMA, data, sizeof data);
	b = fx_buffer(GL_ARRAY_BUFFER, NN_GX_MEM_VRAMB, data, sizeof data);
	f = fx_buffer(GL_ARRAY_BUFFER, NN_GX_MEM_FCRAM, data, sizeof data);
	d = fx_buffer(GL_ELEMENT_ARRAY_BUFFER, 0, data, sizeof data);
	copy = fx_buffer(GL_ARRAY_BUFFER, NN_GX_MEM_VRAMA | GL_NO_COPY_FCRAM_DMP, data,
			 sizeof data);
	ck_assert_uint_ge(nngxShimGetBufferAddress(a), 0x18000000);
	ck_assert_uint_lt(nngxShimGetBufferAddress(a), 0x18300000);
	ck_assert_uint_ge(nngxShimGetBufferAddress(b), 0x18300000);
	ck_assert_uint_lt(nngxShimGetBufferAddress(b), 0x18600000);
	ck_assert_uint_ge(nngxShimGetBufferAddress(f), 0x20000000);
	ck_assert_uint_ge(nngxShimGetBufferAddress(d), 0x20000000);   /* default: FCRAM */
	ck_assert_uint_lt(nngxShimGetBufferAddress(copy), 0x18300000);
	host = hw_memory_host(&nngx_state_get()->gpu.memory, nngxShimGetBufferAddress(b),
			      sizeof data);
	ck_assert_mem_eq(host, data, sizeof data);
	ck_assert_uint_eq(nngxShimGetBufferAddress(0), 0);
	ck_assert_uint_eq(nngxShimGetBufferAddress(9999), 0);
}
END_TEST

START_TEST(test_gl_buffer_subdata_is_range_checked)
{
	const uint8_t zero[8] = { 0 }, more[4] = { 9, 8, 7, 6 };
	GLuint b;
	uint8_t *host;

	fx_reset();
	b = fx_buffer(GL_ARRAY_BUFFER, NN_GX_MEM_VRAMB, zero, sizeof zero);
	host = hw_memory_host(&nngx_state_get()->gpu.memory, nngxShimGetBufferAddress(b), 8);
	glBufferSubData(GL_ARRAY_BUFFER, 4, 4, more);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_mem_eq(host + 4, more, 4);
	glBufferSubData(GL_ARRAY_BUFFER, 6, 4, zero);       /* past the end */
	ck_gl_error(GL_INVALID_VALUE);
	glBufferSubData(GL_ARRAY_BUFFER, -1, 2, zero);
	ck_gl_error(GL_INVALID_VALUE);
	glBufferSubData(GL_ELEMENT_ARRAY_BUFFER, 0, 2, zero);
	ck_gl_error(GL_INVALID_OPERATION);
	glBufferSubData(GL_ARRAY_BUFFER | NN_GX_MEM_VRAMA, 0, 2, zero);
	ck_gl_error(GL_INVALID_ENUM);
	ck_assert_mem_eq(host + 4, more, 4);
}
END_TEST

static char subdata_detail[512];

static void on_subdata_diag(const nngxShimDiagnostic *d, void *user)
{
	(void)user;
	snprintf(subdata_detail, sizeof subdata_detail, "%s", d->detail);
}

/* An offset near 2^63: refused, and the message's end of the range is
 * offset + size computed without signed overflow (2^63 + 11 here). */
START_TEST(test_gl_buffer_subdata_offset_near_2_63_is_refused_cleanly)
{
	const uint8_t zero[16] = { 0 };

	fx_reset();
	(void)fx_buffer(GL_ARRAY_BUFFER, NN_GX_MEM_VRAMB, zero, sizeof zero);
	nngxShimSetDiagLevel(NNGX_SHIM_SEVERITY_DEBUG);
	nngxShimSetDiagCallback(on_subdata_diag, NULL);
	subdata_detail[0] = '\0';
	glBufferSubData(GL_ARRAY_BUFFER, (GLintptr)0x7FFFFFFFFFFFFFFBll, 16, zero);
	nngxShimSetDiagCallback(NULL, NULL);
	nngxShimSetDiagLevel(NNGX_SHIM_LEVEL_OFF);
	ck_gl_error(GL_INVALID_VALUE);
	ck_assert_msg(strstr(subdata_detail, "9223372036854775803..9223372036854775819"),
		      "detail: %s", subdata_detail);
}
END_TEST

static struct {
	int allocs, frees;
	GLenum area, usage;
	GLuint name;
	GLsizei size;
	bool refuse;
	char block[256];
} book;

static GLvoid *book_alloc(GLenum area, GLenum usage, GLuint name, GLsizei size)
{
	if (book.refuse)
		return NULL;
	book.allocs++;
	book.area = area;
	book.usage = usage;
	book.name = name;
	book.size = size;
	return book.block;
}

static void book_free(GLenum area, GLenum usage, GLuint name, GLvoid *addr)
{
	(void)area; (void)usage; (void)name;
	ck_assert_ptr_eq(addr, book.block);
	book.frees++;
}

/* nngxInitialize's allocator hears of every buffer; NULL from it is
 * GL_OUT_OF_MEMORY and the old storage stays. */
START_TEST(test_gl_buffer_storage_goes_through_the_program_allocator)
{
	const uint8_t data[32] = { 0 };
	GLuint b, addr;

	fx_reset();
	memset(&book, 0, sizeof book);
	ck_assert(nngxInitialize(book_alloc, book_free));
	b = fx_buffer(GL_ARRAY_BUFFER, NN_GX_MEM_VRAMA, data, sizeof data);
	ck_assert_int_eq(book.allocs, 1);
	ck_assert_uint_eq(book.area, NN_GX_MEM_VRAMA);
	ck_assert_uint_eq(book.usage, NN_GX_MEM_VERTEXBUFFER);
	ck_assert_uint_eq(book.name, b);
	ck_assert_int_eq(book.size, 32);
	glBufferData(GL_ARRAY_BUFFER, 16, data, GL_DYNAMIC_DRAW);   /* realloc */
	ck_assert_int_eq(book.allocs, 2);
	ck_assert_int_eq(book.frees, 1);
	ck_assert_uint_eq(book.area, NN_GX_MEM_FCRAM);
	addr = nngxShimGetBufferAddress(b);
	book.refuse = true;
	glBufferData(GL_ARRAY_BUFFER, 64, data, GL_STATIC_DRAW);
	ck_gl_error(GL_OUT_OF_MEMORY);
	ck_assert_uint_eq(nngxShimGetBufferAddress(b), addr);
	ck_assert_int_eq(book.frees, 1);
	glDeleteBuffers(1, &b);
	ck_assert_int_eq(book.frees, 2);
	ck_assert_uint_eq(nngxShimGetBufferAddress(b), 0);
	nngxFinalize();
}
END_TEST

/* Deleting a bound buffer reverts its bindings to 0, the attribute's too. */
START_TEST(test_gl_delete_buffer_unbinds_it)
{
	GLuint b, p;
	struct fx_shader *s;

	fx_reset();
	fx_list(65536, 8);
	s = fx_shader_passthrough();
	p = fx_program(s);
	b = fx_positions(two_triangles, 6);
	glDeleteBuffers(1, &b);
	ck_assert(!glIsBuffer(b));
	ck_assert_uint_eq(nngx_state_get()->gl.array_buffer, 0);
	ck_assert_uint_eq(nngx_state_get()->gl.attrib[0].buffer, 0);
	/* The attribute is now a client-side array with no pointer: the draw
	 * is refused, nothing is sent. */
	glDrawArrays(GL_TRIANGLES, 0, 3);
	ck_gl_error(GL_INVALID_OPERATION);
	ck_assert_int_eq(fx_used_bytes(), 0);
	(void)p;
	fx_shader_free(s);
}
END_TEST

/* ---- vertex attributes --------------------------------------------------- */

START_TEST(test_gl_vertex_attrib_pointer_errors_change_nothing)
{
	const struct gl_attrib *a = &nngx_state_get()->gl.attrib[1];
	struct gl_attrib before;

	fx_reset();
	fx_buffer(GL_ARRAY_BUFFER, NN_GX_MEM_VRAMA, two_triangles, sizeof two_triangles);
	glVertexAttribPointer(1, 2, GL_SHORT, GL_FALSE, 8, (const GLvoid *)4);
	ck_gl_error(GL_NO_ERROR);
	before = *a;
	glVertexAttribPointer(12, 3, GL_FLOAT, GL_FALSE, 0, 0);
	ck_gl_error(GL_INVALID_VALUE);
	glVertexAttribPointer(1, 5, GL_FLOAT, GL_FALSE, 0, 0);
	ck_gl_error(GL_INVALID_VALUE);
	glVertexAttribPointer(1, 0, GL_FLOAT, GL_FALSE, 0, 0);
	ck_gl_error(GL_INVALID_VALUE);
	glVertexAttribPointer(1, 3, GL_UNSIGNED_SHORT, GL_FALSE, 0, 0);
	ck_gl_error(GL_INVALID_ENUM);
	glVertexAttribPointer(1, 3, GL_FIXED, GL_FALSE, 0, 0);
	ck_gl_error(GL_INVALID_ENUM);
	glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, -4, 0);
	ck_gl_error(GL_INVALID_VALUE);
	glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 256, 0);   /* 8-bit stride field */
	ck_gl_error(GL_INVALID_VALUE);
	glEnableVertexAttribArray(12);
	ck_gl_error(GL_INVALID_VALUE);
	glVertexAttrib4f(12, 1, 2, 3, 4);
	ck_gl_error(GL_INVALID_VALUE);
	ck_assert_mem_eq(a, &before, sizeof before);
}
END_TEST

/* ---- client-side arrays ---------------------------------------------------- */

/* Counters of one draw made by `draw` (after glFinish), the list cleared
 * first, after a first such draw (which also sends the program). */
/* A fresh context, a command list, the passthrough program in use and
 * no array buffer bound: vertices come from client memory. The caller
 * frees the shader. */
static struct fx_shader *client_program(void)
{
	struct fx_shader *s;

	fx_reset();
	fx_list(1 << 16, 8);
	s = fx_shader_passthrough();
	fx_program(s);
	glBindBuffer(GL_ARRAY_BUFFER, 0);
	return s;
}

/* Float3 positions for attribute 0 from a new FCRAM buffer, bound. */
static void fcram_positions(const void *xyz, GLsizeiptr size)
{
	fx_buffer(GL_ARRAY_BUFFER, NN_GX_MEM_FCRAM, xyz, size);
	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, (const GLvoid *)0);
}

static void client_counters(void (*draw)(void), struct fx_counters *d)
{
	struct fx_counters c0, c1;

	draw();
	glFinish();
	nngxClearCmdlist();
	fx_counters_read(&c0);
	draw();
	ck_gl_error(GL_NO_ERROR);
	glFinish();
	fx_counters_read(&c1);
	fx_counters_diff(&c0, &c1, d);
}

static void client_draw_arrays(void)
{
	glDrawArrays(GL_TRIANGLES, 0, 6);
}

static void client_draw_arrays3(void)
{
	glDrawArrays(GL_TRIANGLES, 0, 3);
}

/* A quad as four vertices and six indices, and the same six vertices
 * written out (what the driver sends: one vertex per index). */
static const float quad4[] = {
	-0.5f, -0.5f, -0.5f,   0.5f, -0.5f, -0.5f,   0.5f, 0.5f, -0.5f,   -0.5f, 0.5f, -0.5f,
};
static const GLushort quad_indices[] = { 0, 1, 2, 0, 2, 3 };
static const float quad6[] = {
	-0.5f, -0.5f, -0.5f,   0.5f, -0.5f, -0.5f,   0.5f, 0.5f, -0.5f,
	-0.5f, -0.5f, -0.5f,   0.5f, 0.5f, -0.5f,   -0.5f, 0.5f, -0.5f,
};

static void client_draw_elements(void)
{
	glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, quad_indices);
}

/* The same shading, polygons and memory traffic, but for word 4
 * (commands and vertices), where the client draw's vertices are command
 * words and the buffered one's are loader reads. */
static void client_assert_same(const struct fx_counters *a, const struct fx_counters *b)
{
	unsigned k, w;

	for (k = 0; k < 4; k++)
		for (w = 0; w < NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_SHADER0; w++)
			ck_assert_uint_eq(a->shader[k][w], b->shader[k][w]);
	for (w = 0; w < NN_GX_PROFILING_RESULT_BUFSIZE_POLYGON; w++)
		ck_assert_uint_eq(a->polygon[w], b->polygon[w]);
	for (w = 0; w < NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS; w++)
		if (w != HW_MEM_COMMAND_VERTEX_READ)
			ck_assert_msg(a->memory[w] == b->memory[w], "MEMORY_ACCESS word %u: "
				      "%u, %u", w, a->memory[w], b->memory[w]);
}

/* A draw from a client-side array shades, assembles and draws what the
 * same vertices from a buffer in main memory do; its vertices come
 * through the command list (the immediate-mode port), not the loader. */
START_TEST(test_gl_client_arrays_draw_as_the_same_buffered_vertices)
{
	struct fx_shader *s;
	struct fx_counters client, buffered;

	s = client_program();
	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, two_triangles);
	glEnableVertexAttribArray(0);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_ptr_eq(nngx_state_get()->gl.attrib[0].client, two_triangles);
	{
		GLvoid *back = NULL;
		GLint binding = -1;

		glGetVertexAttribPointerv(0, GL_VERTEX_ATTRIB_ARRAY_POINTER, &back);
		ck_assert_ptr_eq(back, two_triangles);
		glGetVertexAttribiv(0, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING, &binding);
		ck_assert_int_eq(binding, 0);
	}
	client_counters(client_draw_arrays, &client);
	ck_assert_uint_eq(fx_counters_instructions(&client), 6 * 3); /* six vertices, 3 instructions */
	ck_assert_uint_eq(client.polygon[0], 6);          /* vertices */
	ck_assert_uint_eq(client.polygon[1], 2);          /* polygons */
	ck_assert_uint_gt(client.memory[HW_MEM_COMMAND_VERTEX_READ], 0);
	fcram_positions(two_triangles, sizeof two_triangles);
	client_counters(client_draw_arrays, &buffered);
	client_assert_same(&client, &buffered);
	fx_shader_free(s);
}
END_TEST

/* glDrawElements from client indices and vertices: every index is a
 * vertex shaded (six, not four: the driver sends one vertex per index),
 * as the six vertices written out and drawn from a main-memory buffer. */
START_TEST(test_gl_client_indices_send_one_vertex_per_index)
{
	struct fx_shader *s;
	struct fx_counters client, buffered;

	s = client_program();
	glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, quad4);
	glEnableVertexAttribArray(0);
	client_counters(client_draw_elements, &client);
	ck_assert_uint_eq(fx_counters_instructions(&client), 6 * 3);
	ck_assert_uint_eq(client.polygon[0], 6);
	ck_assert_uint_eq(client.polygon[1], 2);
	fcram_positions(quad6, sizeof quad6);
	client_counters(client_draw_arrays, &buffered);
	client_assert_same(&client, &buffered);

	/* Buffered vertices (the four) with client indices: the same again. */
	fcram_positions(quad4, sizeof quad4);
	client_counters(client_draw_elements, &client);
	client_assert_same(&client, &buffered);
	fx_shader_free(s);
}
END_TEST

/* The data is read at the draw call: an array rewritten after the draw
 * and before glFinish does not change what was drawn; short and byte
 * arrays convert to the same floats. */
START_TEST(test_gl_client_arrays_are_read_at_the_draw)
{
	static const GLshort tri_s[] = { -1, -1, 0,   1, -1, 0,   0, 1, 0 };
	static const GLbyte tri_b[] = { -1, -1, 0,   1, -1, 0,   0, 1, 0 };
	static const float tri_f[] = { -1, -1, 0,   1, -1, 0,   0, 1, 0 };
	float moving[9];
	struct fx_shader *s;
	struct fx_counters c0, c1, d, f, sh, by;

	s = client_program();
	memcpy(moving, tri_f, sizeof moving);
	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, moving);
	glEnableVertexAttribArray(0);
	fx_counters_read(&c0);
	glDrawArrays(GL_TRIANGLES, 0, 3);
	memset(moving, 0, sizeof moving);               /* a degenerate triangle now */
	glFinish();
	fx_counters_read(&c1);
	fx_counters_diff(&c0, &c1, &d);
	ck_assert_uint_eq(d.polygon[1], 1);
	ck_assert_uint_gt(d.memory[HW_MEM_COLOR_WRITE], 0);     /* it drew pixels */

	memcpy(moving, tri_f, sizeof moving);
	client_counters(client_draw_arrays3, &f);
	glVertexAttribPointer(0, 3, GL_SHORT, GL_FALSE, 0, tri_s);
	client_counters(client_draw_arrays3, &sh);
	glVertexAttribPointer(0, 3, GL_BYTE, GL_FALSE, 0, tri_b);
	client_counters(client_draw_arrays3, &by);
	ck_assert_uint_eq(f.memory[HW_MEM_COLOR_WRITE], d.memory[HW_MEM_COLOR_WRITE]);
	ck_assert_uint_eq(sh.memory[HW_MEM_COLOR_WRITE], f.memory[HW_MEM_COLOR_WRITE]);
	ck_assert_uint_eq(by.memory[HW_MEM_COLOR_WRITE], f.memory[HW_MEM_COLOR_WRITE]);
	fx_shader_free(s);
}
END_TEST

/* Bad client arrays: the SDK's GL error or a clear one, nothing sent.
 * A good draw places nothing in simulated memory: its vertices are in
 * the command list. */
START_TEST(test_gl_client_array_errors_and_no_copy)
{
	static const GLushort far_index[] = { 0, 1, 7 };
	const struct gl_context *gl = &nngx_state_get()->gl;
	struct hw_memory *mem = &nngx_state_get()->gpu.memory;
	uint32_t probe;
	struct fx_shader *s;
	char unaligned[64];

	s = client_program();
	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, unaligned + 1);
	ck_gl_error(GL_INVALID_VALUE);                  /* GL_FLOAT data 4-byte aligned */
	ck_assert_ptr_null(gl->attrib[0].client);
	glVertexAttribPointer(0, 3, GL_SHORT, GL_FALSE, 0, unaligned + 1);
	ck_gl_error(GL_INVALID_VALUE);
	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, NULL);
	ck_gl_error(GL_NO_ERROR);
	glEnableVertexAttribArray(0);
	glDrawArrays(GL_TRIANGLES, 0, 3);
	ck_gl_error(GL_INVALID_OPERATION);              /* no pointer to read */
	ck_assert_int_eq(fx_used_bytes(), 0);
	glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
	fcram_positions(quad4, sizeof quad4);
	glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, far_index);
	ck_gl_error(GL_INVALID_OPERATION);              /* vertex 7 of a 4-vertex buffer */
	glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, NULL);
	ck_gl_error(GL_INVALID_OPERATION);
	ck_assert_int_eq(fx_used_bytes(), 0);

	/* where a new main-memory block goes, before and after the draw */
	probe = hw_memory_alloc(mem, HW_AREA_FCRAM, 16);
	hw_memory_free(mem, probe);
	glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, quad_indices);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_int_gt(fx_used_bytes(), 0);
	glFinish();
	ck_gl_error(GL_NO_ERROR);
	ck_assert_uint_eq(hw_memory_alloc(mem, HW_AREA_FCRAM, 16), probe);
	fx_shader_free(s);
}
END_TEST

/* The loader does not normalise: GL_TRUE is accepted, warned, ignored. */
START_TEST(test_gl_vertex_attrib_normalized_is_ignored_with_a_warning)
{
	fx_reset();
	fx_buffer(GL_ARRAY_BUFFER, NN_GX_MEM_VRAMA, two_triangles, sizeof two_triangles);
	glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0, 0);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_NORMALIZED_IGNORED), 1);
	ck_assert_uint_eq(nngx_state_get()->gl.attrib[2].type, GL_UNSIGNED_BYTE);
}
END_TEST

/* aPosition (v0) plus aOffset (v1): o0 = v0 + v1. */
static struct fx_shader *shader_with_offset(void)
{
	struct fx_shader *s = fx_shader_new();
	size_t vs;

	asm_add(&s->a, asm_o(0), asm_v(0), asm_v(1));
	asm_end(&s->a);
	fx_shader_code(s);
	vs = shbin_writer_add_entry(&s->w, 0, 0, s->a.ncode);
	shbin_writer_add_output(&s->w, vs, 0, 0, 0xF);
	shbin_writer_add_uniform(&s->w, vs, "aPosition", 0x00, 0x00);
	shbin_writer_add_uniform(&s->w, vs, "aOffset", 0x01, 0x01);
	fx_shader_binary(s);
	return s;
}

static void draw_and_finish(GLenum mode, GLint first, GLsizei count)
{
	glDrawArrays(mode, first, count);
	ck_gl_error(GL_NO_ERROR);
	glFinish();
}

/* A disabled attribute feeds its glVertexAttrib value (a fixed attribute):
 * an offset of 5 in x puts every triangle outside the frustum. */
START_TEST(test_gl_vertex_attrib_constant_feeds_disabled_attribute)
{
	struct fx_counters c0, c1, d;
	struct fx_shader *s;
	GLuint p;

	fx_reset();
	fx_list(65536, 8);
	s = shader_with_offset();
	p = fx_program(s);
	ck_assert_int_eq(glGetAttribLocation(p, "aOffset"), 1);
	fx_positions(two_triangles, 6);
	fx_counters_read(&c0);
	draw_and_finish(GL_TRIANGLES, 0, 6);          /* offset (0, 0, 0, 1) */
	fx_counters_read(&c1);
	fx_counters_diff(&c0, &c1, &d);
	ck_assert_uint_eq(d.polygon[1], 2);
	ck_assert_uint_eq(d.polygon[2], 2);
	glVertexAttrib4f(1, 5.0f, 0.0f, 0.0f, 0.0f);
	c0 = c1;
	draw_and_finish(GL_TRIANGLES, 0, 6);
	fx_counters_read(&c1);
	fx_counters_diff(&c0, &c1, &d);
	ck_assert_uint_eq(d.polygon[1], 2);
	ck_assert_uint_eq(d.polygon[2], 0);
	ck_assert(nngx_state_get()->gpu.command.fixed_value[1][0] == 5.0f);
	fx_shader_free(s);
}
END_TEST

/* ---- shaders ------------------------------------------------------------- */

START_TEST(test_gl_create_shader_takes_vertex_and_geometry_only)
{
	GLuint v, g;
	GLint type = 0;

	fx_reset();
	v = glCreateShader(GL_VERTEX_SHADER);
	g = glCreateShader(GL_GEOMETRY_SHADER_DMP);
	ck_assert_uint_ne(v, 0);
	ck_assert_uint_ne(g, v);
	ck_assert(glIsShader(v) && glIsShader(g) && !glIsProgram(v));
	glGetShaderiv(g, GL_SHADER_TYPE, &type);
	ck_assert_int_eq(type, GL_GEOMETRY_SHADER_DMP);
	ck_assert_uint_eq(glCreateShader(GL_FRAGMENT_SHADER), 0);
	ck_gl_error(GL_INVALID_ENUM);
	glGetShaderiv(v, 0x1234, &type);
	ck_gl_error(GL_INVALID_ENUM);
	glGetShaderiv(4242, GL_SHADER_TYPE, &type);
	ck_gl_error(GL_INVALID_VALUE);
}
END_TEST

START_TEST(test_gl_shader_binary_checks_format_names_and_stages)
{
	struct fx_shader *s;
	GLuint v, g, p, two[2];
	GLint compiled = -1;

	fx_reset();
	s = fx_shader_passthrough();
	v = glCreateShader(GL_VERTEX_SHADER);
	g = glCreateShader(GL_GEOMETRY_SHADER_DMP);
	p = glCreateProgram();
	glShaderBinary(1, &v, 0x1234, s->bin, (GLsizei)s->size);
	ck_gl_error(GL_INVALID_ENUM);
	glShaderBinary(1, &g, GL_PLATFORM_BINARY_DMP, s->bin, (GLsizei)s->size);
	ck_gl_error(GL_INVALID_OPERATION);                 /* DVLE 0 is a vertex shader */
	glShaderBinary(1, &p, GL_PLATFORM_BINARY_DMP, s->bin, (GLsizei)s->size);
	ck_gl_error(GL_INVALID_OPERATION);                 /* a program */
	glShaderBinary(1, &(GLuint){ 999 }, GL_PLATFORM_BINARY_DMP, s->bin, (GLsizei)s->size);
	ck_gl_error(GL_INVALID_VALUE);
	two[0] = v;
	two[1] = glCreateShader(GL_VERTEX_SHADER);
	glShaderBinary(2, two, GL_PLATFORM_BINARY_DMP, s->bin, (GLsizei)s->size);
	ck_gl_error(GL_INVALID_VALUE);                     /* one DVLE only */
	two[1] = v;
	glShaderBinary(2, two, GL_PLATFORM_BINARY_DMP, s->bin, (GLsizei)s->size);
	ck_gl_error(GL_INVALID_OPERATION);                 /* the same shader twice */
	glGetShaderiv(v, GL_COMPILE_STATUS, &compiled);
	ck_assert_int_eq(compiled, GL_FALSE);
	glShaderBinary(1, &v, GL_PLATFORM_BINARY_DMP, s->bin, (GLsizei)s->size);
	ck_gl_error(GL_NO_ERROR);
	glGetShaderiv(v, GL_COMPILE_STATUS, &compiled);
	ck_assert_int_eq(compiled, GL_TRUE);
	fx_shader_free(s);
}
END_TEST

struct diag_catch {
	int calls;
	nngxShimDiagId id;
	char detail[512];
};

static void catch_diag(const nngxShimDiagnostic *d, void *user)
{
	struct diag_catch *c = user;

	c->calls++;
	c->id = d->id;
	snprintf(c->detail, sizeof c->detail, "%s", d->detail);
}

/* A truncated binary: GL_INVALID_VALUE and a diagnostic carrying the
 * parser's reason; every cut length is rejected, none crashes. */
START_TEST(test_gl_shader_binary_truncated_is_invalid_value_with_reason)
{
	struct fx_shader *s;
	struct diag_catch caught;
	GLuint v;
	GLint compiled = -1;
	size_t cut, accepted = 0;

	fx_reset();
	s = fx_shader_passthrough();
	v = glCreateShader(GL_VERTEX_SHADER);
	memset(&caught, 0, sizeof caught);
	nngxShimSetDiagCallback(catch_diag, &caught);
	nngxShimSetDiagLevel(NNGX_SHIM_SEVERITY_ERROR);
	glShaderBinary(1, &v, GL_PLATFORM_BINARY_DMP, s->bin, (GLsizei)(s->size / 2));
	ck_gl_error(GL_INVALID_VALUE);
	ck_assert_int_eq(caught.calls, 1);
	ck_assert_int_eq(caught.id, NNGX_SHIM_DIAG_SHADER_BINARY_REJECTED);
	ck_assert_msg(strstr(caught.detail, "past the end") || strstr(caught.detail, "DVL"),
		      "detail: %s", caught.detail);
	nngxShimSetDiagLevel(NNGX_SHIM_LEVEL_OFF);
	for (cut = 0; cut < s->size; cut++) {
		glShaderBinary(1, &v, GL_PLATFORM_BINARY_DMP, s->bin, (GLsizei)cut);
		if (glGetError() != GL_INVALID_VALUE)
			accepted++;
	}
	ck_assert_uint_eq(accepted, 0);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_SHADER_BINARY_REJECTED),
			  s->size + 1);
	glGetShaderiv(v, GL_COMPILE_STATUS, &compiled);
	ck_assert_int_eq(compiled, GL_FALSE);
	nngxShimSetDiagCallback(NULL, NULL);
	fx_shader_free(s);
}
END_TEST

START_TEST(test_gl_attach_one_shader_per_stage_and_the_dmp_fragment_shader)
{
	GLuint p, v1, v2;
	GLint n = -1;

	fx_reset();
	p = glCreateProgram();
	v1 = glCreateShader(GL_VERTEX_SHADER);
	v2 = glCreateShader(GL_VERTEX_SHADER);
	glAttachShader(p, v1);
	glAttachShader(p, GL_DMP_FRAGMENT_SHADER_DMP);
	ck_gl_error(GL_NO_ERROR);
	glAttachShader(p, v1);
	ck_gl_error(GL_INVALID_OPERATION);
	glAttachShader(p, v2);
	ck_gl_error(GL_INVALID_OPERATION);
	glAttachShader(p, GL_DMP_FRAGMENT_SHADER_DMP);
	ck_gl_error(GL_INVALID_OPERATION);
	glAttachShader(v1, v2);
	ck_gl_error(GL_INVALID_OPERATION);
	glAttachShader(p, 5555);
	ck_gl_error(GL_INVALID_VALUE);
	glGetProgramiv(p, GL_ATTACHED_SHADERS, &n);
	ck_assert_int_eq(n, 2);
	glDetachShader(p, v2);
	ck_gl_error(GL_INVALID_OPERATION);
	/* A deleted attached shader lives until detached. */
	glDeleteShader(v1);
	ck_assert(glIsShader(v1));
	glDetachShader(p, v1);
	ck_assert(!glIsShader(v1));
	glDetachShader(p, GL_DMP_FRAGMENT_SHADER_DMP);
	glGetProgramiv(p, GL_ATTACHED_SHADERS, &n);
	ck_assert_int_eq(n, 0);
	ck_gl_error(GL_NO_ERROR);
}
END_TEST

/* A link failure is no GL error: LINK_STATUS and a diagnostic say it. */
START_TEST(test_gl_link_needs_a_vertex_shader_with_a_binary)
{
	GLuint p, v;
	GLint linked = -1;

	fx_reset();
	p = glCreateProgram();
	glLinkProgram(p);
	ck_gl_error(GL_NO_ERROR);
	glGetProgramiv(p, GL_LINK_STATUS, &linked);
	ck_assert_int_eq(linked, GL_FALSE);
	v = glCreateShader(GL_VERTEX_SHADER);
	glAttachShader(p, v);
	glLinkProgram(p);                                  /* no binary yet */
	glGetProgramiv(p, GL_LINK_STATUS, &linked);
	ck_assert_int_eq(linked, GL_FALSE);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_LINK_FAILED), 2);
	glUseProgram(p);
	ck_gl_error(GL_INVALID_OPERATION);
	ck_assert_uint_eq(nngx_state_get()->gl.program, 0);
	glGetProgramiv(p, 0x1234, &linked);
	ck_gl_error(GL_INVALID_ENUM);
	glLinkProgram(v);
	ck_gl_error(GL_INVALID_OPERATION);
}
END_TEST

/* A geometry program of a vertex shader "mov o0, v0" and a geometry
 * shader in `mode` (fixed: 3 vertices from c`start`) that emits c`start`,
 * +1, +2 as one triangle. */
static GLuint geometry_program(struct fx_shader *s, unsigned mode, unsigned start,
			       unsigned count)
{
	GLuint p, sh[2];
	GLint linked = -1;
	unsigned gs_at, gs_end, v;
	size_t vs, gs;

	asm_mov(&s->a, asm_o(0), asm_v(0));
	asm_end(&s->a);
	gs_at = asm_here(&s->a);
	for (v = 0; v < 3; v++) {
		asm_setemit(&s->a, v, v == 2, false);
		asm_mov(&s->a, asm_o(0), asm_c(start + v));
		asm_emit(&s->a);
	}
	asm_end(&s->a);
	gs_end = asm_here(&s->a);
	fx_shader_code(s);
	vs = shbin_writer_add_entry(&s->w, 0, 0, gs_at);
	gs = shbin_writer_add_entry(&s->w, 1, gs_at, gs_end);
	shbin_writer_set_geometry(&s->w, gs, mode, mode == 2 ? start : 0,
				  mode == 1 ? count : 0, mode == 2 ? count : 0, false);
	shbin_writer_add_output(&s->w, vs, 0, 0, 0xF);
	shbin_writer_add_uniform(&s->w, vs, "aPosition", 0x00, 0x00);
	shbin_writer_add_output(&s->w, gs, 0, 0, 0xF);
	fx_shader_binary(s);
	sh[0] = glCreateShader(GL_VERTEX_SHADER);
	sh[1] = glCreateShader(GL_GEOMETRY_SHADER_DMP);
	glShaderBinary(2, sh, GL_PLATFORM_BINARY_DMP, s->bin, (GLsizei)s->size);
	p = glCreateProgram();
	glAttachShader(p, sh[0]);
	glAttachShader(p, sh[1]);
	glLinkProgram(p);
	glGetProgramiv(p, GL_LINK_STATUS, &linked);
	ck_gl_error(GL_NO_ERROR);
	return linked == GL_TRUE ? p : 0;
}

/* The link fails (no GL error) for a variable mode of 0 main vertices, a
 * fixed mode of 0 vertices, or one past c95. */
START_TEST(test_gl_link_rejects_unmodelled_geometry_modes)
{
	struct fx_shader *s;

	fx_reset();
	s = fx_shader_new();
	ck_assert_uint_eq(geometry_program(s, 1, 1, 0), 0);
	fx_shader_free(s);
	s = fx_shader_new();
	ck_assert_uint_eq(geometry_program(s, 2, 8, 0), 0);
	fx_shader_free(s);
	s = fx_shader_new();
	ck_assert_uint_eq(geometry_program(s, 2, 94, 3), 0);   /* c94..c96 */
	fx_shader_free(s);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_LINK_FAILED), 3);
}
END_TEST

/* Six vertices: two triangles for the geometry-shader draws below. */
static const float gs_tris[] = {
	-0.5f, -0.5f, -0.5f,   0.5f, -0.5f, -0.5f,   0.0f, 0.5f, -0.5f,
	-0.5f,  0.5f, -0.5f,   0.5f,  0.5f, -0.5f,   0.0f, 0.9f, -0.5f,
};

/* A fresh context and list; geometry_program(s, mode, start, count) and,
 * when it linked, that program in use with gs_tris as aPosition.
 * Returns the program (0: the link failed) for the test to assert on. */
static GLuint geometry_scene(struct fx_shader *s, unsigned mode, unsigned start,
			     unsigned count)
{
	GLuint p;

	fx_reset();
	fx_list(1 << 16, 8);
	p = geometry_program(s, mode, start, count);
	if (p != 0) {
		glUseProgram(p);
		fx_positions(gs_tris, 6);
	}
	return p;
}

/* What two triangles through the fixed-mode geometry shader below move,
 * in the difference d: no fault, two invocations of 10 instructions, 2
 * polygons of 3 vertices into setup. A macro, so that a failure names
 * the test's line. */
#define ck_assert_two_gs_triangles(d) do { \
		ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_GPU_FAULT), 0); \
		ck_assert_uint_eq((d).shader[0][0], 2 * 10); \
		ck_assert_uint_eq((d).polygon[0], 2 * 3); \
		ck_assert_uint_eq((d).polygon[1], 2); \
	} while (0)

/* Fixed (particle) mode through GL: the program links; glDrawArrays is
 * GL_INVALID_OPERATION (the SDK driver's rule) and sends nothing;
 * glDrawElements of 6 indices over two triangles' vertices runs the
 * geometry shader twice (each 3 x (setemit, mov, emit) + end = 10
 * instructions) and draws the two triangles its uniforms c8..c10 held:
 * 2 polygons of 3 vertices into setup; c8..c10 keep the last triangle
 * (as float24: client-side indices send the vertices through the
 * immediate-mode port). */
START_TEST(test_gl_geometry_shader_fixed_mode_draws_from_uniforms)
{
	static const GLubyte idx[6] = { 0, 1, 2, 3, 4, 5 };
	const struct hw_gpu *gpu = &nngx_state_get()->gpu;
	struct fx_shader *s;
	struct fx_counters c0, c1, d;
	GLuint p;

	s = fx_shader_new();
	p = geometry_scene(s, 2, 8, 3);
	ck_assert_uint_ne(p, 0);
	fx_counters_read(&c0);
	glDrawArrays(GL_GEOMETRY_PRIMITIVE_DMP, 0, 6);
	ck_gl_error(GL_INVALID_OPERATION);
	glDrawElements(GL_GEOMETRY_PRIMITIVE_DMP, 6, GL_UNSIGNED_BYTE, idx);
	ck_gl_error(GL_NO_ERROR);
	glFinish();
	fx_counters_read(&c1);
	fx_counters_diff(&c0, &c1, &d);
	ck_assert_two_gs_triangles(d);
	ck_assert(gpu->gs.f[8][0] == -0.5f && gpu->gs.f[8][1] == 0.5f);
	/* client indices: the vertices went through the immediate-mode port,
	 * as float24: 0.9 = 1.8 x 2^-1 keeps 16 mantissa bits, truncated:
	 * (1 + 52428 / 65536) / 2 */
	ck_assert(gpu->gs.f[10][0] == 0.0f
		  && gpu->gs.f[10][1] == (1.0f + 52428.0f / 65536.0f) / 2.0f);
	ck_assert(gpu->gs.f[10][3] == 1.0f);
	ck_assert_uint_eq(gpu->regs[0x252], 2u | 2u << 8 | 0u << 12 | 8u << 16 | 1u << 24);
	fx_shader_free(s);
}
END_TEST

/* Variable (subdivision) mode through GL: 2 main vertices (0x254 = 1);
 * glDrawArrays is GL_INVALID_OPERATION; glDrawElements from an element
 * buffer of the counted stream 3,0,1,2, 4,3,4,5,5 runs the shader (emit
 * c1, c2, c3: 10 instructions) twice and draws two triangles; c0 is the
 * last count (4, 4, 4, 4). Client-side indices: GL_INVALID_OPERATION
 * (model limitation), nothing sent. */
START_TEST(test_gl_geometry_shader_variable_mode_draws_counted_primitives)
{
	static const GLubyte stream[9] = { 3, 0, 1, 2, 4, 3, 4, 5, 5 };
	const struct hw_gpu *gpu = &nngx_state_get()->gpu;
	struct fx_shader *s;
	struct fx_counters c0, c1, d;
	GLuint p, ebo;

	s = fx_shader_new();
	p = geometry_scene(s, 1, 1, 2);
	ck_assert_uint_ne(p, 0);
	fx_counters_read(&c0);
	glDrawArrays(GL_GEOMETRY_PRIMITIVE_DMP, 0, 9);
	ck_gl_error(GL_INVALID_OPERATION);
	glDrawElements(GL_GEOMETRY_PRIMITIVE_DMP, 9, GL_UNSIGNED_BYTE, stream);
	ck_gl_error(GL_INVALID_OPERATION);
	glGenBuffers(1, &ebo);
	glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
	glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof stream, stream, GL_STATIC_DRAW);
	glDrawElements(GL_GEOMETRY_PRIMITIVE_DMP, 9, GL_UNSIGNED_BYTE, 0);
	ck_gl_error(GL_NO_ERROR);
	glFinish();
	fx_counters_read(&c1);
	fx_counters_diff(&c0, &c1, &d);
	ck_assert_two_gs_triangles(d);
	ck_assert(gpu->gs.f[0][0] == 4.0f && gpu->gs.f[0][3] == 4.0f);
	ck_assert(gpu->gs.f[3][1] == 0.9f && gpu->gs.f[4][1] == 0.9f);
	ck_assert_uint_eq(gpu->regs[0x252], 1);
	ck_assert_uint_eq(gpu->regs[0x254], 1);
	ck_assert(gpu->regs[0x229] >> 31);
	fx_shader_free(s);
}
END_TEST

/* Inputs: the v register by default, glBindAttribLocation before the
 * link, the lowest free location for v12-v15. */
START_TEST(test_gl_attrib_locations_default_bound_and_high_registers)
{
	struct fx_shader *s = fx_shader_new();
	GLuint p, v;
	GLint n = -1;
	size_t vs;

	fx_reset();
	asm_mov(&s->a, asm_o(0), asm_v(0));
	asm_end(&s->a);
	fx_shader_code(s);
	vs = shbin_writer_add_entry(&s->w, 0, 0, 2);
	shbin_writer_add_output(&s->w, vs, 0, 0, 0xF);
	shbin_writer_add_uniform(&s->w, vs, "aPosition", 0x00, 0x00);
	shbin_writer_add_uniform(&s->w, vs, "aNormal", 0x03, 0x03);
	shbin_writer_add_uniform(&s->w, vs, "aHigh", 0x0D, 0x0D);
	fx_shader_binary(s);
	p = fx_program(s);
	ck_assert_int_eq(glGetAttribLocation(p, "aPosition"), 0);
	ck_assert_int_eq(glGetAttribLocation(p, "aNormal"), 3);
	ck_assert_int_eq(glGetAttribLocation(p, "aHigh"), 1);
	ck_assert_int_eq(glGetAttribLocation(p, "nothing"), -1);
	glGetProgramiv(p, GL_ACTIVE_ATTRIBUTES, &n);
	ck_assert_int_eq(n, 3);
	glBindAttribLocation(p, 7, "aPosition");
	ck_assert_int_eq(glGetAttribLocation(p, "aPosition"), 0);   /* until relinked */
	glLinkProgram(p);
	ck_assert_int_eq(glGetAttribLocation(p, "aPosition"), 7);
	ck_assert_uint_eq(nngx_state_get()->gl.program, p);
	glBindAttribLocation(p, 12, "aNormal");
	ck_gl_error(GL_INVALID_VALUE);
	glBindAttribLocation(p, 2, "gl_Vertex");
	ck_gl_error(GL_INVALID_OPERATION);
	v = glCreateShader(GL_VERTEX_SHADER);
	glGetAttribLocation(v, "aPosition");
	ck_gl_error(GL_INVALID_OPERATION);
	fx_shader_free(s);
}
END_TEST

/* ---- uniforms ------------------------------------------------------------- */

/* Locations: bits 16-17 the stages, 8-15 the uniform, 0-7 the element. */
START_TEST(test_gl_uniform_locations_encode_stage_uniform_and_element)
{
	struct fx_shader *s;
	GLuint p, q;
	GLint mvp, mvp2, shared, gscale;

	fx_reset();
	s = fx_shader_with_uniforms();
	p = fx_program(s);
	mvp = glGetUniformLocation(p, "mvp");
	mvp2 = glGetUniformLocation(p, "mvp[2]");
	shared = glGetUniformLocation(p, "shared");
	gscale = glGetUniformLocation(p, "gScale");
	ck_assert_int_ge(mvp, 0);
	ck_assert_int_eq(mvp >> 16, 1);                   /* vertex stage */
	ck_assert_int_eq(mvp2, mvp + 2);
	ck_assert_int_eq(shared >> 16, 3);                /* both stages */
	ck_assert_int_eq(gscale >> 16, 2);                /* geometry stage */
	ck_assert_int_eq(glGetUniformLocation(p, "mvp[0]"), mvp);
	ck_assert_int_eq(glGetUniformLocation(p, "mvp[4]"), -1);
	ck_assert_int_eq(glGetUniformLocation(p, "mvp[x]"), -1);
	ck_assert_int_eq(glGetUniformLocation(p, "aPosition"), -1);   /* an input */
	ck_assert_int_eq(glGetUniformLocation(p, "nothing"), -1);
	ck_gl_error(GL_NO_ERROR);
	/* Reserved names have the SDK's fixed locations (check_gl_dmp.c);
	 * other dmp_ names answer -1. */
	ck_assert_uint_eq((GLuint)glGetUniformLocation(p, "dmp_TexEnv[0].combineRgb"),
			  0xFFFC03A8u);
	ck_assert_uint_eq((GLuint)glGetUniformLocation(p, "dmp_FragmentMaterial.diffuse"),
			  0xFFFC00DBu);
	ck_assert_int_eq(glGetUniformLocation(p, "dmp_FragmentMaterial.shine"), -1);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_INVALID_ARGUMENT), 1);
	ck_gl_error(GL_NO_ERROR);
	q = glCreateProgram();
	ck_assert_int_eq(glGetUniformLocation(q, "mvp"), -1);
	ck_gl_error(GL_INVALID_OPERATION);               /* not linked */
	fx_shader_free(s);
}
END_TEST

/* Type and size mismatches are GL_INVALID_OPERATION and change nothing;
 * location -1 is silently ignored. */
START_TEST(test_gl_uniform_type_mismatch_is_invalid_operation)
{
	static const GLfloat m[16] = { 1 };
	struct fx_shader *s;
	struct gl_executable *exe;
	struct gl_stage before;
	GLuint p;
	GLint color, loop, flag, arr, mvp;

	fx_reset();
	s = fx_shader_with_uniforms();
	p = fx_program(s);
	color = glGetUniformLocation(p, "uColor");
	loop = glGetUniformLocation(p, "uLoop");
	flag = glGetUniformLocation(p, "uFlag");
	arr = glGetUniformLocation(p, "uArr");
	mvp = glGetUniformLocation(p, "mvp");
	exe = gl_object_find(&nngx_state_get()->gl, p)->u.program.exe;
	ck_assert_ptr_nonnull(exe);
	before = exe->stage[GL_STAGE_VERTEX];
	glUniform1i(color, 3);
	ck_gl_error(GL_INVALID_OPERATION);
	glUniform4f(loop, 1, 2, 3, 4);
	ck_gl_error(GL_INVALID_OPERATION);
	glUniform2i(flag, 1, 1);
	ck_gl_error(GL_INVALID_OPERATION);
	glUniformMatrix4fv(color, 1, GL_FALSE, m);
	ck_gl_error(GL_INVALID_OPERATION);
	glUniformMatrix4fv(mvp, -1, GL_TRUE, m);
	ck_gl_error(GL_INVALID_VALUE);
	glUniform4fv(color, 2, m);                        /* not an array */
	ck_gl_error(GL_INVALID_OPERATION);
	glUniform4fv(arr, -1, m);
	ck_gl_error(GL_INVALID_VALUE);
	glUniform4f(0x7F0000, 1, 2, 3, 4);                /* no such location */
	ck_gl_error(GL_INVALID_OPERATION);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_GL_OPERATION_REJECTED), 6);
	ck_assert_mem_eq(&exe->stage[GL_STAGE_VERTEX], &before, sizeof before);
	glUniform4f(-1, 1, 2, 3, 4);
	ck_gl_error(GL_NO_ERROR);
	glUniform1f(flag, 1.0f);                          /* floats set bools too */
	ck_gl_error(GL_NO_ERROR);
	glUseProgram(0);
	glUniform4f(color, 1, 2, 3, 4);
	ck_gl_error(GL_INVALID_OPERATION);                /* no program in use */
	fx_shader_free(s);
}
END_TEST

/* The values reach the shader units at the next draw: floats, matrix rows,
 * array elements, ints, bools, both stages, and the DVLE constants. */
START_TEST(test_gl_uniform_values_and_constants_reach_the_shader_units)
{
	/* Column-major, as GL gives it: column c holds 10c + row. */
	static const GLfloat m[16] = { 0, 1, 2, 3, 10, 11, 12, 13, 20, 21, 22, 23, 30, 31, 32, 33 };
	static const GLfloat two[8] = { 1, 1, 1, 1, 2, 2, 2, 2 };
	const struct hw_gpu *gpu = &nngx_state_get()->gpu;
	static const float points[] = { 0.0f, 0.0f, -0.5f };
	struct fx_shader *s;
	const GLint flags[3] = { 1, 0, 1 };
	GLuint p;
	unsigned r;

	fx_reset();
	fx_list(1 << 16, 8);
	s = fx_shader_with_uniforms();
	p = fx_program(s);
	fx_positions(points, 1);
	glUniformMatrix4fv(glGetUniformLocation(p, "mvp"), 1, GL_FALSE, m);
	glUniform3f(glGetUniformLocation(p, "uColor"), 0.5f, 0.25f, 0.125f);
	glUniform4fv(glGetUniformLocation(p, "uArr[2]"), 4, two);    /* 2 fit, the rest ignored */
	glUniform4i(glGetUniformLocation(p, "uLoop"), 3, 1, 255, 7);
	glUniform1i(glGetUniformLocation(p, "uFlag"), 1);
	glUniform1iv(glGetUniformLocation(p, "uFlags[1]"), 3, flags);
	glUniform1f(glGetUniformLocation(p, "shared"), 9.0f);
	glUniform2f(glGetUniformLocation(p, "gScale"), 7.0f, 6.0f);
	ck_gl_error(GL_NO_ERROR);
	ck_assert(gpu->vs.f[10][0] == 0.0f);               /* nothing sent yet */
	draw_and_finish(GL_GEOMETRY_PRIMITIVE_DMP, 0, 1);
	for (r = 0; r < 4; r++) {
		ck_assert(gpu->vs.f[r][0] == (float)r && gpu->vs.f[r][1] == 10.0f + (float)r);
		ck_assert(gpu->vs.f[r][2] == 20.0f + (float)r && gpu->vs.f[r][3] == 30.0f + (float)r);
	}
	ck_assert(gpu->vs.f[5][0] == 0.5f && gpu->vs.f[5][1] == 0.25f);
	ck_assert(gpu->vs.f[5][2] == 0.125f && gpu->vs.f[5][3] == 0.0f);
	ck_assert(gpu->vs.f[7][0] == 0.0f && gpu->vs.f[8][0] == 1.0f && gpu->vs.f[9][3] == 2.0f);
	ck_assert(gpu->vs.f[10][0] == 1.0f && gpu->vs.f[10][3] == 4.0f);   /* constant */
	ck_assert(gpu->vs.f[12][0] == 9.0f && gpu->gs.f[20][0] == 9.0f);
	ck_assert(gpu->gs.f[30][0] == 7.0f && gpu->gs.f[30][1] == 6.0f);
	ck_assert_uint_eq(gpu->vs.i[0][0], 3);
	ck_assert_uint_eq(gpu->vs.i[0][2], 255);
	ck_assert_uint_eq(gpu->vs.i[0][3], 7);
	ck_assert_uint_eq(gpu->vs.i[1][0], 4);               /* constant */
	ck_assert_uint_eq(gpu->vs.b, 1u << 0 | 1u << 3 | 1u << 5 | 1u << 7);
	fx_shader_free(s);
}
END_TEST

/* The program's code goes to the GPU once; after that a draw sends only
 * what changed. Another program, or a relink, sends it again. */
START_TEST(test_gl_program_code_is_sent_only_when_it_changes)
{
	struct fx_shader *s, *t;
	GLuint p, q;
	GLint d1, d2, d3, d4, d5, at;

	fx_reset();
	fx_list(1 << 18, 8);
	s = fx_shader_passthrough();
	t = shader_with_offset();
	q = fx_program(t);
	p = fx_program(s);
	fx_positions(two_triangles, 6);
	at = fx_used_bytes();
	glDrawArrays(GL_TRIANGLES, 0, 3);
	d1 = fx_used_bytes() - at;
	at += d1;
	glDrawArrays(GL_TRIANGLES, 0, 3);
	d2 = fx_used_bytes() - at;
	at += d2;
	glDrawArrays(GL_TRIANGLES, 0, 3);
	d3 = fx_used_bytes() - at;
	at += d3;
	ck_assert_int_gt(d1, d2);
	ck_assert_int_eq(d2, d3);
	glUseProgram(q);
	glUseProgram(p);
	glDrawArrays(GL_TRIANGLES, 0, 3);
	d4 = fx_used_bytes() - at;
	at += d4;
	ck_assert_int_eq(d4, d2);                 /* p's code is still in the GPU */
	glUseProgram(q);
	glDrawArrays(GL_TRIANGLES, 0, 3);
	at = fx_used_bytes();
	glUseProgram(p);
	glDrawArrays(GL_TRIANGLES, 0, 3);
	d5 = fx_used_bytes() - at;
	ck_assert_int_eq(d5, d1);                 /* q's replaced it */
	ck_gl_error(GL_NO_ERROR);
	(void)d3;
	fx_shader_free(s);
	fx_shader_free(t);
}
END_TEST

/* A power-on reset keeps the GL objects (CPU side) but the GPU forgot the
 * program: the next draw sends it again. */
START_TEST(test_gl_reset_keeps_objects_and_the_next_draw_resends_the_program)
{
	struct fx_shader *s;
	GLuint p, b;
	GLint first, again, after_reset, at;

	fx_reset();
	fx_list(1 << 16, 8);
	s = fx_shader_passthrough();
	p = fx_program(s);
	b = fx_positions(two_triangles, 6);
	glDrawArrays(GL_TRIANGLES, 0, 3);
	first = fx_used_bytes();
	glDrawArrays(GL_TRIANGLES, 0, 3);
	again = fx_used_bytes() - first;
	nngxShimReset();
	ck_assert(glIsProgram(p) && glIsBuffer(b));
	ck_assert_uint_eq(nngx_state_get()->gl.program, p);
	at = fx_used_bytes();
	glDrawArrays(GL_TRIANGLES, 0, 3);
	after_reset = fx_used_bytes() - at;
	ck_gl_error(GL_NO_ERROR);
	ck_assert_int_eq(after_reset, first);
	ck_assert_int_lt(again, first);
	fx_shader_free(s);
}
END_TEST

/* The program in use is only flagged by glDeleteProgram; it goes when
 * another is used, and its flagged shaders with it. */
START_TEST(test_gl_delete_program_in_use_is_deferred)
{
	struct fx_shader *s;
	GLuint p, q;
	GLint flagged = -1;

	fx_reset();
	s = fx_shader_passthrough();
	q = fx_program(s);
	p = fx_program(s);
	glDeleteProgram(p);
	ck_gl_error(GL_NO_ERROR);
	ck_assert(glIsProgram(p));
	glGetProgramiv(p, GL_DELETE_STATUS, &flagged);
	ck_assert_int_eq(flagged, GL_TRUE);
	glUseProgram(q);
	ck_assert(!glIsProgram(p));
	glDeleteProgram(q);
	glUseProgram(0);
	ck_assert(!glIsProgram(q));
	glDeleteProgram(q);
	ck_gl_error(GL_INVALID_VALUE);
	fx_shader_free(s);
}
END_TEST

/* ---- raster state --------------------------------------------------------- */

START_TEST(test_gl_viewport_negative_size_is_invalid_value)
{
	const struct gl_context *gl = &nngx_state_get()->gl;

	fx_reset();
	ck_assert_int_eq(gl->viewport_width, 240);          /* model choice */
	glViewport(10, 20, 100, 200);
	glViewport(1, 2, -3, 4);
	ck_gl_error(GL_INVALID_VALUE);
	glViewport(1, 2, 3, -4);
	ck_gl_error(GL_INVALID_VALUE);
	ck_assert_int_eq(gl->viewport_x, 10);
	ck_assert_int_eq(gl->viewport_height, 200);
}
END_TEST

START_TEST(test_gl_enable_takes_the_es2_caps_only)
{
	fx_reset();
	ck_assert(glIsEnabled(GL_DITHER));                  /* on initially */
	ck_assert(!glIsEnabled(GL_CULL_FACE));
	glEnable(GL_BLEND);
	glEnable(GL_CULL_FACE);
	glDisable(GL_DITHER);
	ck_assert(glIsEnabled(GL_BLEND) && glIsEnabled(GL_CULL_FACE) && !glIsEnabled(GL_DITHER));
	ck_gl_error(GL_NO_ERROR);
	glEnable(GL_TEXTURE_2D);                            /* not an ES 2.0 cap */
	ck_gl_error(GL_INVALID_ENUM);
	ck_assert(!glIsEnabled(0x1234));
	ck_gl_error(GL_INVALID_ENUM);
	glCullFace(GL_CW);
	ck_gl_error(GL_INVALID_ENUM);
	glFrontFace(GL_BACK);
	ck_gl_error(GL_INVALID_ENUM);
	ck_assert_uint_eq(nngx_state_get()->gl.cull_face, GL_BACK);
	ck_assert_uint_eq(nngx_state_get()->gl.front_face, GL_CCW);
}
END_TEST

/* Half the triangles face away: with GL culling, half come out; the
 * register takes 1 (cull counter-clockwise) or 2 (clockwise). */
START_TEST(test_gl_cull_face_culls_the_facing_away_half)
{
	static const float mixed[] = {
		-0.5f, -0.5f, -0.5f,   0.5f, -0.5f, -0.5f,   0.0f, 0.5f, -0.5f,   /* ccw */
		-0.5f, -0.5f, -0.5f,   0.0f,  0.5f, -0.5f,   0.5f, -0.5f, -0.5f,  /* cw */
		-0.2f, -0.2f, -0.5f,   0.2f, -0.2f, -0.5f,   0.0f, 0.2f, -0.5f,   /* ccw */
		-0.2f, -0.2f, -0.5f,   0.0f,  0.2f, -0.5f,   0.2f, -0.2f, -0.5f,  /* cw */
	};
	static const struct { GLenum face, front; uint32_t reg; } cases[] = {
		{ GL_BACK, GL_CCW, 2 }, { GL_BACK, GL_CW, 1 },
		{ GL_FRONT, GL_CCW, 1 }, { GL_FRONT, GL_CW, 2 },
	};
	struct fx_counters c0, c1, d;
	struct fx_shader *s;
	size_t k;

	fx_reset();
	fx_list(1 << 16, 16);
	s = fx_shader_passthrough();
	fx_program(s);
	fx_positions(mixed, 12);
	fx_counters_read(&c0);
	draw_and_finish(GL_TRIANGLES, 0, 12);
	fx_counters_read(&c1);
	fx_counters_diff(&c0, &c1, &d);
	ck_assert_uint_eq(d.polygon[2], 4);                 /* no culling */
	ck_assert_uint_eq(nngx_state_get()->gpu.regs[HW_REG_FACECULLING_CONFIG], 0);
	glEnable(GL_CULL_FACE);
	for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		glCullFace(cases[k].face);
		glFrontFace(cases[k].front);
		c0 = c1;
		draw_and_finish(GL_TRIANGLES, 0, 12);
		fx_counters_read(&c1);
		fx_counters_diff(&c0, &c1, &d);
		ck_assert_uint_eq(d.polygon[1], 4);
		ck_assert_uint_eq(d.polygon[2], 2);
		ck_assert_uint_eq(nngx_state_get()->gpu.regs[HW_REG_FACECULLING_CONFIG],
				  cases[k].reg);
	}
	fx_shader_free(s);
}
END_TEST

/* Model choice: the PICA200 cannot cull both faces; the draw is skipped. */
START_TEST(test_gl_cull_front_and_back_skips_the_draw)
{
	struct fx_shader *s;

	fx_reset();
	fx_list(1 << 16, 16);
	s = fx_shader_passthrough();
	fx_program(s);
	fx_positions(two_triangles, 6);
	glEnable(GL_CULL_FACE);
	glCullFace(GL_FRONT_AND_BACK);
	glDrawArrays(GL_TRIANGLES, 0, 6);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_int_eq(fx_used_bytes(), 0);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CULL_FRONT_AND_BACK), 1);
	fx_shader_free(s);
}
END_TEST

/* Outside the frustum: removed; crossing it: one polygon out. */
START_TEST(test_gl_clipping_removes_outside_and_counts_crossing_once)
{
	static const float tris[] = {
		2.0f, 2.0f, -0.5f,   3.0f, 2.0f, -0.5f,   2.5f, 3.0f, -0.5f,     /* outside */
		-3.0f, -3.0f, -0.5f, 3.0f, -3.0f, -0.5f,  0.0f, 3.0f, -0.5f,     /* crossing */
		-0.2f, -0.2f, -0.5f, 0.2f, -0.2f, -0.5f,  0.0f, 0.2f, -0.5f,     /* inside */
	};
	struct fx_counters c0, c1, d;
	struct fx_shader *s;

	fx_reset();
	fx_list(1 << 16, 16);
	s = fx_shader_passthrough();
	fx_program(s);
	fx_positions(tris, 9);
	fx_counters_read(&c0);
	draw_and_finish(GL_TRIANGLES, 0, 9);
	fx_counters_read(&c1);
	fx_counters_diff(&c0, &c1, &d);
	ck_assert_uint_eq(d.polygon[0], 9);
	ck_assert_uint_eq(d.polygon[1], 3);
	ck_assert_uint_eq(d.polygon[2], 2);
	fx_shader_free(s);
}
END_TEST

/* ---- draws --------------------------------------------------------------- */

/* Every draw error: recorded, no command added. */
START_TEST(test_gl_draw_errors_add_no_command)
{
	struct fx_shader *s;
	GLuint p;

	fx_reset();
	fx_list(1 << 16, 16);
	s = fx_shader_passthrough();
	fx_positions(two_triangles, 6);
	glDrawArrays(GL_TRIANGLES, 0, 3);
	ck_gl_error(GL_INVALID_OPERATION);                /* no program */
	p = fx_program(s);
	glDrawArrays(0x1234, 0, 3);
	ck_gl_error(GL_INVALID_ENUM);
	glDrawArrays(GL_POINTS, 0, 3);
	ck_gl_error(GL_INVALID_ENUM);
	glDrawArrays(GL_LINE_STRIP, 0, 3);
	ck_gl_error(GL_INVALID_ENUM);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_PRIMITIVE_NOT_SUPPORTED), 2);
	glDrawArrays(GL_TRIANGLES, -1, 3);
	ck_gl_error(GL_INVALID_VALUE);
	glDrawArrays(GL_TRIANGLES, 0, -3);
	ck_gl_error(GL_INVALID_VALUE);
	glDrawArrays(GL_GEOMETRY_PRIMITIVE_DMP, 0, 3);
	ck_gl_error(GL_INVALID_OPERATION);                /* no geometry shader */
	glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_INT, 0);
	ck_gl_error(GL_INVALID_ENUM);
	glDrawElements(GL_TRIANGLES, -3, GL_UNSIGNED_SHORT, 0);
	ck_gl_error(GL_INVALID_VALUE);
	glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, 0);
	ck_gl_error(GL_INVALID_OPERATION);                /* no index buffer */
	glDrawArrays(GL_TRIANGLES, 0, 0);                 /* nothing to draw */
	ck_gl_error(GL_NO_ERROR);
	ck_assert_int_eq(fx_used_bytes(), 0);
	(void)p;
	fx_shader_free(s);
}
END_TEST

/* No command list: no GL error, the command-list diagnostic, nothing sent;
 * the next draw with a list still sends the program. */
START_TEST(test_gl_draw_without_command_list_is_diagnosed)
{
	struct fx_shader *s;
	GLuint list;
	GLint with_program;

	fx_reset();
	s = fx_shader_passthrough();
	fx_program(s);
	fx_positions(two_triangles, 6);
	glDrawArrays(GL_TRIANGLES, 0, 3);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CMDLIST_NONE), 1);
	nngxGenCmdlists(1, &list);
	nngxBindCmdlist(list);
	glDrawArrays(GL_TRIANGLES, 0, 3);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CMDLIST_NO_STORAGE), 1);
	nngxCmdlistStorage(1 << 16, 4);
	glDrawArrays(GL_TRIANGLES, 0, 3);
	with_program = fx_used_bytes();
	glDrawArrays(GL_TRIANGLES, 0, 3);
	ck_assert_int_gt(with_program, fx_used_bytes() - with_program);
	fx_shader_free(s);
}
END_TEST

/* glFlush closes the commands into a request; glFinish runs and waits. */
START_TEST(test_gl_flush_requests_and_finish_waits_for_the_gpu)
{
	struct fx_shader *s;
	GLint reqs = -1;
	GLuint poly[3];
	GLuint64EXT clock;

	fx_reset();
	fx_list(1 << 16, 8);
	s = fx_shader_passthrough();
	fx_program(s);
	fx_positions(two_triangles, 6);
	glDrawArrays(GL_TRIANGLES, 0, 6);
	glFlush();
	nngxGetCmdlistParameteri(NN_GX_CMDLIST_USED_REQCOUNT, &reqs);
	ck_assert_int_eq(reqs, 1);
	nngxGetProfilingResult(NN_GX_PROFILING_POLYGON, poly);
	ck_assert_uint_eq(poly[1], 0);                    /* not run yet */
	clock = nngxShimGetClock();
	glFinish();
	ck_assert(!nngxGetIsRunning());
	ck_assert_uint_gt(nngxShimGetClock(), clock);
	nngxGetProfilingResult(NN_GX_PROFILING_POLYGON, poly);
	ck_assert_uint_eq(poly[1], 2);
	ck_gl_error(GL_NO_ERROR);
	nngxBindCmdlist(0);
	glFinish();
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CMDLIST_NONE), 1);
	fx_shader_free(s);
}
END_TEST

/* Strips and fans of n vertices make n - 2 triangles; `first` offsets. */
START_TEST(test_gl_draw_strip_fan_and_first)
{
	static const float strip[] = {
		-0.5f, -0.5f, -0.5f,  -0.5f, 0.5f, -0.5f,  0.0f, -0.5f, -0.5f,
		0.0f, 0.5f, -0.5f,    0.5f, -0.5f, -0.5f,  0.5f, 0.5f, -0.5f,
	};
	struct fx_counters c0, c1, d;
	struct fx_shader *s;

	fx_reset();
	fx_list(1 << 16, 16);
	s = fx_shader_passthrough();
	fx_program(s);
	fx_positions(strip, 6);
	fx_counters_read(&c0);
	draw_and_finish(GL_TRIANGLE_STRIP, 0, 6);
	draw_and_finish(GL_TRIANGLE_FAN, 0, 6);
	draw_and_finish(GL_TRIANGLES, 3, 3);
	fx_counters_read(&c1);
	fx_counters_diff(&c0, &c1, &d);
	ck_assert_uint_eq(d.polygon[0], 15);
	ck_assert_uint_eq(d.polygon[1], 9);
	ck_assert_uint_eq(nngx_state_get()->gpu.regs[HW_REG_VERTEX_OFFSET], 3);
	fx_shader_free(s);
}
END_TEST

/* ---- the same mesh through GL and through a hand-built command buffer --- */

#define GRID_N 10
#define GRID_VERTICES ((GRID_N + 1) * (GRID_N + 1))
#define GRID_INDICES (GRID_N * GRID_N * 6)

/* A 10x10 grid of float3 positions, indices in strip order. */
static void grid(float *pos, uint16_t *idx)
{
	unsigned x, y, i = 0;

	for (y = 0; y <= GRID_N; y++)
		for (x = 0; x <= GRID_N; x++) {
			float *p = &pos[3 * (y * (GRID_N + 1) + x)];
			p[0] = -0.95f + 1.9f * (float)x / GRID_N;
			p[1] = -0.95f + 1.9f * (float)y / GRID_N;
			p[2] = -0.5f;
		}
	for (y = 0; y < GRID_N; y++)
		for (x = 0; x < GRID_N; x++) {
			uint16_t a = (uint16_t)(y * (GRID_N + 1) + x), b = (uint16_t)(a + 1);
			uint16_t c = (uint16_t)(a + GRID_N + 1), d = (uint16_t)(c + 1);
			idx[i++] = a; idx[i++] = b; idx[i++] = c;
			idx[i++] = b; idx[i++] = d; idx[i++] = c;
		}
}

/* mvp (c0-c3) times aPosition; colour from the constant c4. */
static struct fx_shader *shader_mvp(void)
{
	struct fx_shader *s = fx_shader_new();
	size_t vs;

	asm_op2(&s->a, ASM_DP4, asm_mask(asm_o(0), "x"), asm_c(0), asm_v(0));
	asm_op2(&s->a, ASM_DP4, asm_mask(asm_o(0), "y"), asm_c(1), asm_v(0));
	asm_op2(&s->a, ASM_DP4, asm_mask(asm_o(0), "z"), asm_c(2), asm_v(0));
	asm_op2(&s->a, ASM_DP4, asm_mask(asm_o(0), "w"), asm_c(3), asm_v(0));
	asm_mov(&s->a, asm_o(1), asm_c(4));
	asm_end(&s->a);
	fx_shader_code(s);
	vs = shbin_writer_add_entry(&s->w, 0, 0, s->a.ncode);
	shbin_writer_add_output(&s->w, vs, 0, 0, 0xF);
	shbin_writer_add_output(&s->w, vs, 2, 1, 0xF);
	shbin_writer_add_uniform(&s->w, vs, "aPosition", 0x00, 0x00);
	shbin_writer_add_uniform(&s->w, vs, "mvp", 0x10, 0x13);
	shbin_writer_add_float(&s->w, vs, 4, 1.0f, 0.5f, 0.25f, 1.0f);
	fx_shader_binary(s);
	return s;
}

/* Scale by 0.9 and move right by 0.6 (GL column-major: the translation is
 * in elements 12-14); part of the grid leaves the frustum, so a matrix
 * sent the wrong way round would change what is clipped. */
static const GLfloat grid_mvp[16] = {
	0.9f, 0, 0, 0,   0, 0.9f, 0, 0,   0, 0, 1, 0,   0.6f, 0.05f, 0, 1,
};

/* The raw buffer: the same program, uniforms as rows, and the registers
 * written by hand from the public register map (not from gles_stub). */
static void raw_grid_commands(struct pica_cmd *cmd, const struct fx_shader *s, uint32_t vbo,
			      uint32_t ibo)
{
	static const float rows[4][4] = {
		{ 0.9f, 0, 0, 0.6f }, { 0, 0.9f, 0, 0.05f }, { 0, 0, 1, 0 }, { 0, 0, 0, 1 },
	};
	static const float colour[4] = { 1.0f, 0.5f, 0.25f, 1.0f };
	uint32_t base = (vbo < ibo ? vbo : ibo) & ~15u, loader[40];
	unsigned r;

	pica_cmd_init(cmd);
	pica_cmd_vs_program(cmd, &s->prog, s->a.ncode, s->a.nopdesc, 0);
	for (r = 0; r < 4; r++)
		pica_cmd_vs_float(cmd, r, rows[r]);
	pica_cmd_vs_float(cmd, 4, colour);
	memset(loader, 0, sizeof loader);
	loader[0] = base >> 3;                          /* 0x200 */
	loader[1] = 3 + (3 - 1) * 4;                    /* 0x201: float x3 */
	loader[2] = 0;                                  /* 0x202: one attribute */
	loader[3] = vbo - base;                         /* 0x203: array 0 offset */
	loader[4] = 0;                                  /* 0x204: element 0 = attribute 0 */
	loader[5] = 12u << 16 | 1u << 28;               /* 0x205: stride 12, 1 element */
	loader[39] = (ibo - base) | 1u << 31;           /* 0x227: 16-bit indices */
	pica_cmd_regs(cmd, 0x200, loader, 40, true);
	pica_cmd_reg(cmd, 0x2BB, 0);                    /* attribute 0 -> v0 */
	pica_cmd_reg(cmd, 0x2BD, 0x3);                  /* o0, o1 */
	pica_cmd_reg(cmd, 0x04F, 2);
	pica_cmd_reg(cmd, 0x050, 0x03020100);           /* position */
	pica_cmd_reg(cmd, 0x051, 0x0B0A0908);           /* colour */
	pica_cmd_reg(cmd, 0x041, pica_f24(120));        /* 240 x 400 viewport */
	pica_cmd_reg(cmd, 0x043, pica_f24(200));
	pica_cmd_reg(cmd, 0x068, 0);
	pica_cmd_reg(cmd, 0x040, 0);                    /* no culling */
	pica_cmd_reg(cmd, 0x229, 0);                    /* no geometry shader */
	pica_cmd_reg(cmd, 0x25E, 0 << 8 | 1);           /* triangles, 2 outputs */
	pica_cmd_reg(cmd, 0x228, GRID_INDICES);
	pica_cmd_reg(cmd, 0x22F, 1);                    /* draw elements */
}

/* THE KEY TEST: the same indexed mesh in VRAM, drawn through GL calls and
 * through a raw command buffer over the same buffers, moves the shader,
 * polygon, vertex-cache and VRAM channel counters identically. Command
 * buffers live in FCRAM, so their (different) fetches stay out of words
 * 0-3. */
START_TEST(test_gl_indexed_grid_matches_the_raw_command_buffer)
{
	static struct pica_cmd cmd;
	float pos[GRID_VERTICES * 3];
	uint16_t idx[GRID_INDICES];
	struct fx_counters c0, c1, c2, gl_run, raw_run;
	struct fx_shader *s;
	GLuint p, vbo, ibo, list_gl, list_raw;
	unsigned k, w;

	fx_reset();
	nngxStartProfiling(NN_GX_PROFILING_VERTEX_CACHE);
	grid(pos, idx);
	list_raw = fx_list(1 << 16, 8);
	list_gl = fx_list(1 << 16, 8);
	s = shader_mvp();
	p = fx_program(s);
	glUniformMatrix4fv(glGetUniformLocation(p, "mvp"), 1, GL_FALSE, grid_mvp);
	vbo = fx_positions(pos, GRID_VERTICES);
	ibo = fx_buffer(GL_ELEMENT_ARRAY_BUFFER, NN_GX_MEM_VRAMB, idx, sizeof idx);
	ck_assert_int_eq(glGetAttribLocation(p, "aPosition"), 0);

	fx_counters_read(&c0);
	glDrawElements(GL_TRIANGLES, GRID_INDICES, GL_UNSIGNED_SHORT, (const GLvoid *)0);
	ck_gl_error(GL_NO_ERROR);
	glFinish();
	fx_counters_read(&c1);

	nngxBindCmdlist(list_raw);
	raw_grid_commands(&cmd, s, nngxShimGetBufferAddress(vbo), nngxShimGetBufferAddress(ibo));
	ck_assert_uint_lt(cmd.n, PICA_CMD_MAX_WORDS);
	nngxAdd3DCommand(cmd.w, (GLsizei)(cmd.n * 4), GL_TRUE);
	nngxFlush3DCommand();
	nngxRunCmdlist();
	nngxWaitCmdlistDone();
	fx_counters_read(&c2);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_GPU_FAULT), 0);

	fx_counters_diff(&c0, &c1, &gl_run);
	fx_counters_diff(&c1, &c2, &raw_run);
	/* The draw did real work: every index, vertices cached, some of the
	 * grid clipped away, vertex and index data read from both channels. */
	ck_assert_uint_eq(gl_run.polygon[1], GRID_INDICES / 3);
	ck_assert_uint_lt(gl_run.polygon[2], GRID_INDICES / 3);
	ck_assert_uint_gt(gl_run.polygon[2], GRID_INDICES / 6);
	ck_assert_uint_eq(gl_run.vcache, GRID_VERTICES);
	ck_assert_uint_gt(gl_run.memory[0], 0);
	ck_assert_uint_gt(gl_run.memory[2], 0);
	for (k = 0; k < 4; k++)
		for (w = 0; w < NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_SHADER0; w++)
			ck_assert_msg(gl_run.shader[k][w] == raw_run.shader[k][w],
				      "VERTEX_SHADER%u word %u: GL %u, raw %u", k, w,
				      gl_run.shader[k][w], raw_run.shader[k][w]);
	for (w = 0; w < NN_GX_PROFILING_RESULT_BUFSIZE_POLYGON; w++)
		ck_assert_msg(gl_run.polygon[w] == raw_run.polygon[w],
			      "POLYGON word %u: GL %u, raw %u", w, gl_run.polygon[w],
			      raw_run.polygon[w]);
	ck_assert_uint_eq(gl_run.vcache, raw_run.vcache);
	for (w = 0; w < 4; w++)
		ck_assert_msg(gl_run.memory[w] == raw_run.memory[w],
			      "MEMORY_ACCESS word %u: GL %u, raw %u", w, gl_run.memory[w],
			      raw_run.memory[w]);
	nngxStopProfiling(NN_GX_PROFILING_VERTEX_CACHE);
	(void)list_gl;
	fx_shader_free(s);
}
END_TEST

/* A point-mode geometry shader emitting two triangles per input point
 * doubles what reaches triangle setup: 2 triangles, 6 vertices a point. */
START_TEST(test_gl_geometry_shader_two_triangles_per_point)
{
	static const float points[] = {
		-0.5f, -0.5f, -0.5f,   0.5f, -0.5f, -0.5f,   0.0f, 0.5f, -0.5f,
		-0.5f,  0.5f, -0.5f,   0.5f,  0.5f, -0.5f,
	};
	static const float corner[6][2] = {
		{ -0.1f, -0.1f }, { 0.1f, -0.1f }, { 0.1f, 0.1f },
		{ -0.1f, -0.1f }, { 0.1f, 0.1f }, { -0.1f, 0.1f },
	};
	struct fx_shader *s = fx_shader_new();
	struct fx_counters c0, c1, d;
	unsigned gs_at, gs_end, k;
	size_t vs, gs;

	fx_reset();
	fx_list(1 << 16, 8);
	asm_mov(&s->a, asm_o(0), asm_v(0));
	asm_end(&s->a);
	gs_at = asm_here(&s->a);
	for (k = 0; k < 6; k++) {
		asm_add(&s->a, asm_o(0), asm_c(k), asm_v(0));
		asm_setemit(&s->a, k % 3, k % 3 == 2, false);
		asm_emit(&s->a);
	}
	asm_end(&s->a);
	gs_end = asm_here(&s->a);
	fx_shader_code(s);
	vs = shbin_writer_add_entry(&s->w, 0, 0, gs_at);
	shbin_writer_add_output(&s->w, vs, 0, 0, 0xF);
	shbin_writer_add_uniform(&s->w, vs, "aPosition", 0x00, 0x00);
	gs = shbin_writer_add_entry(&s->w, 1, gs_at, gs_end);
	shbin_writer_set_geometry(&s->w, gs, 0, 0, 0, 0, false);
	shbin_writer_add_output(&s->w, gs, 0, 0, 0xF);
	for (k = 0; k < 6; k++)
		shbin_writer_add_float(&s->w, gs, k, corner[k][0], corner[k][1], 0.0f, 0.0f);
	fx_shader_binary(s);
	fx_program(s);
	fx_positions(points, 5);
	glDrawArrays(GL_TRIANGLES, 0, 5);
	ck_gl_error(GL_INVALID_OPERATION);               /* a geometry program */
	fx_counters_read(&c0);
	draw_and_finish(GL_GEOMETRY_PRIMITIVE_DMP, 0, 5);
	fx_counters_read(&c1);
	fx_counters_diff(&c0, &c1, &d);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_GPU_FAULT), 0);
	ck_assert_uint_eq(d.polygon[1], 2 * 5);
	ck_assert_uint_eq(d.polygon[0], 6 * 5);
	ck_assert_uint_eq(d.polygon[2], 2 * 5);
	/* Processor 0 runs the geometry shader (19 instructions a point); the
	 * vertices go to processors 1-3 (2 instructions each). */
	ck_assert_uint_eq(d.shader[0][0], 5 * (3 * 6 + 1));
	ck_assert_uint_eq(d.shader[1][0] + d.shader[2][0] + d.shader[3][0], 5 * 2);
	fx_shader_free(s);
}
END_TEST

/* Through the public counters, with the shipped latencies (add 3, dp4
 * 5, mov 2): a chain of eight dependent adds or dp4s into r0, then mov
 * o0, v0 and end. The chain waits 7 x (latency - 1): 14 clocks for adds,
 * 28 for dp4s; END then waits 1 for o0 (mov's latency 2). So word 1 of
 * VERTEX_SHADERn grows by 15 a vertex with adds and 29 with dp4s, and
 * word 0 by 10; six vertices of two triangles, one shading each. */
START_TEST(test_gl_dp4_chain_stalls_twice_as_long_as_adds)
{
	unsigned dot, k;
	GLuint dep[2];

	for (dot = 0; dot < 2; dot++) {
		struct fx_shader *s = fx_shader_new();
		struct fx_counters c0, c1, d;
		size_t vs;
		GLuint ins = 0;

		fx_reset();
		fx_list(1 << 16, 8);
		for (k = 0; k < 8; k++)
			asm_op2(&s->a, dot ? ASM_DP4 : ASM_ADD, asm_rd(0), k ? asm_r(0) : asm_v(0),
				asm_v(0));
		asm_mov(&s->a, asm_o(0), asm_v(0));
		asm_end(&s->a);
		fx_shader_code(s);
		vs = shbin_writer_add_entry(&s->w, 0, 0, s->a.ncode);
		shbin_writer_add_output(&s->w, vs, 0, 0, 0xF);
		shbin_writer_add_uniform(&s->w, vs, "aPosition", 0x00, 0x00);
		fx_shader_binary(s);
		fx_program(s);
		fx_positions(two_triangles, 6);
		fx_counters_read(&c0);
		draw_and_finish(GL_TRIANGLES, 0, 6);
		fx_counters_read(&c1);
		fx_counters_diff(&c0, &c1, &d);
		dep[dot] = 0;
		for (k = 0; k < 4; k++) {
			ins += d.shader[k][0];
			dep[dot] += d.shader[k][1];
		}
		ck_assert_uint_eq(ins, 6 * 10);
		ck_assert_uint_eq(dep[dot], 6 * (dot ? 29 : 15));
		fx_shader_free(s);
	}
	ck_assert_uint_eq(dep[1] - 6, 2 * (dep[0] - 6));    /* the chains alone: twice */
}
END_TEST

int main(void)
{
	Suite *s = suite_create("gl");
	TCase *tc = tcase_create("gl");
	int status;

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_gl_buffer_bind_creates_the_object);
	tcase_add_test(tc, test_gl_buffer_bad_target_or_count_records_error_and_changes_nothing);
	tcase_add_test(tc, test_gl_buffer_data_errors_leave_the_storage);
	tcase_add_test(tc, test_gl_buffer_area_bits_place_the_storage);
	tcase_add_test(tc, test_gl_buffer_subdata_is_range_checked);
	tcase_add_test(tc, test_gl_buffer_subdata_offset_near_2_63_is_refused_cleanly);
	tcase_add_test(tc, test_gl_buffer_storage_goes_through_the_program_allocator);
	tcase_add_test(tc, test_gl_delete_buffer_unbinds_it);
	tcase_add_test(tc, test_gl_vertex_attrib_pointer_errors_change_nothing);
	tcase_add_test(tc, test_gl_client_arrays_draw_as_the_same_buffered_vertices);
	tcase_add_test(tc, test_gl_client_indices_send_one_vertex_per_index);
	tcase_add_test(tc, test_gl_client_arrays_are_read_at_the_draw);
	tcase_add_test(tc, test_gl_client_array_errors_and_no_copy);
	tcase_add_test(tc, test_gl_vertex_attrib_normalized_is_ignored_with_a_warning);
	tcase_add_test(tc, test_gl_vertex_attrib_constant_feeds_disabled_attribute);
	tcase_add_test(tc, test_gl_dp4_chain_stalls_twice_as_long_as_adds);
	tcase_add_test(tc, test_gl_create_shader_takes_vertex_and_geometry_only);
	tcase_add_test(tc, test_gl_shader_binary_checks_format_names_and_stages);
	tcase_add_test(tc, test_gl_shader_binary_truncated_is_invalid_value_with_reason);
	tcase_add_test(tc, test_gl_attach_one_shader_per_stage_and_the_dmp_fragment_shader);
	tcase_add_test(tc, test_gl_link_needs_a_vertex_shader_with_a_binary);
	tcase_add_test(tc, test_gl_link_rejects_unmodelled_geometry_modes);
	tcase_add_test(tc, test_gl_geometry_shader_fixed_mode_draws_from_uniforms);
	tcase_add_test(tc, test_gl_geometry_shader_variable_mode_draws_counted_primitives);
	tcase_add_test(tc, test_gl_attrib_locations_default_bound_and_high_registers);
	tcase_add_test(tc, test_gl_uniform_locations_encode_stage_uniform_and_element);
	tcase_add_test(tc, test_gl_uniform_type_mismatch_is_invalid_operation);
	tcase_add_test(tc, test_gl_uniform_values_and_constants_reach_the_shader_units);
	tcase_add_test(tc, test_gl_program_code_is_sent_only_when_it_changes);
	tcase_add_test(tc, test_gl_reset_keeps_objects_and_the_next_draw_resends_the_program);
	tcase_add_test(tc, test_gl_delete_program_in_use_is_deferred);
	tcase_add_test(tc, test_gl_viewport_negative_size_is_invalid_value);
	tcase_add_test(tc, test_gl_enable_takes_the_es2_caps_only);
	tcase_add_test(tc, test_gl_cull_face_culls_the_facing_away_half);
	tcase_add_test(tc, test_gl_cull_front_and_back_skips_the_draw);
	tcase_add_test(tc, test_gl_clipping_removes_outside_and_counts_crossing_once);
	tcase_add_test(tc, test_gl_draw_errors_add_no_command);
	tcase_add_test(tc, test_gl_draw_without_command_list_is_diagnosed);
	tcase_add_test(tc, test_gl_flush_requests_and_finish_waits_for_the_gpu);
	tcase_add_test(tc, test_gl_draw_strip_fan_and_first);
	tcase_add_test(tc, test_gl_indexed_grid_matches_the_raw_command_buffer);
	tcase_add_test(tc, test_gl_geometry_shader_two_triangles_per_point);
	suite_add_tcase(s, tc);
	status = tu_run(s);
	fx_reset();          /* in one process (CK_FORK=no), leave nothing behind */
	nngxShimReset();
	return status;
}
