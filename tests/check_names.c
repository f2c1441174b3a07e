/* check_names.c: the object-name map (nngx/nngx_names.c) against a plain
 * array, and the name rules of the tables built on it: names are handed
 * out as before (glGen*, nngxGen*), found after other objects were
 * deleted around them, and 0 and unknown names find nothing. */
#include <stdlib.h>
#include <string.h>

#include "hw/hw_alloc.h"
#include "driver/nngx_names.h"
#include "test_util.h"

#define REF_NAMES 4096

/* The naive reference: index + 1 of each name below REF_NAMES, 0 for none. */
static size_t ref[REF_NAMES];

static uint32_t next_random(uint32_t *s)
{
	*s = *s * 1664525u + 1013904223u;
	return *s >> 8;
}

/* Random puts and removes, with names clustered (collisions, probe runs
 * that wrap around the end of the table) and spread; every name is
 * checked against the reference after each step that could move it. */
START_TEST(test_names_map_matches_a_plain_array)
{
	struct nngx_names m;
	uint32_t seed = 12345;
	unsigned step, bad = 0;

	memset(ref, 0, sizeof ref);
	nngx_names_init(&m);
	for (step = 0; step < 200000; step++) {
		uint32_t r = next_random(&seed);
		uint32_t name = 1 + (step < 100000 ? r % 300 : r % (REF_NAMES - 1));
		size_t got;

		if (r & 0x10000) {
			ck_assert(nngx_names_reserve(&m, 1));
			nngx_names_put(&m, name, step);
			ref[name] = (size_t)step + 1;
		} else {
			nngx_names_remove(&m, name);
			ref[name] = 0;
		}
		if (step % 97 == 0 || step > 199000) {
			uint32_t n;
			size_t count = 0;

			for (n = 0; n < REF_NAMES; n++) {
				bool in = nngx_names_get(&m, n, &got);
				if (in != (ref[n] != 0) || (in && got + 1 != ref[n]))
					bad++;
				count += ref[n] != 0;
			}
			if (count != m.count)
				bad++;
		}
	}
	ck_assert_uint_eq(bad, 0);
	ck_assert(!nngx_names_get(&m, 0, &(size_t){ 0 }));
	nngx_names_fini(&m);
}
END_TEST

/* The first name at or after `from` whose home slot in a 16-slot map is
 * `home` (the map's hash, written out: Fibonacci hashing, top 4 bits). */
static uint32_t name_with_home(uint32_t from, unsigned home)
{
	while ((uint32_t)(from * 2654435769u) >> 28 != home)
		from++;
	return from;
}

/* A probe run that wraps past the last slot, with a hole made before the
 * wrap: the entries after it must stay reachable from their homes. */
START_TEST(test_names_remove_keeps_a_wrapped_probe_run_reachable)
{
	struct nngx_names m;
	uint32_t a = name_with_home(1, 14), b = name_with_home(1, 15);
	uint32_t c = name_with_home(1, 0), d = name_with_home(b + 1, 15);
	size_t got;

	nngx_names_init(&m);
	ck_assert(nngx_names_reserve(&m, 4));
	ck_assert_uint_eq(m.cap, 16);
	nngx_names_put(&m, a, 1);       /* slot 14 */
	nngx_names_put(&m, b, 2);       /* slot 15 */
	nngx_names_put(&m, c, 3);       /* slot 0, its home */
	nngx_names_put(&m, d, 4);       /* home 15, wraps to slot 1 */
	nngx_names_remove(&m, a);
	ck_assert(!nngx_names_get(&m, a, &got));
	ck_assert(nngx_names_get(&m, b, &got) && got == 2);
	ck_assert(nngx_names_get(&m, c, &got) && got == 3);
	ck_assert(nngx_names_get(&m, d, &got) && got == 4);
	nngx_names_remove(&m, b);
	ck_assert(nngx_names_get(&m, c, &got) && got == 3);
	ck_assert(nngx_names_get(&m, d, &got) && got == 4);
	ck_assert_uint_eq(m.count, 2);
	nngx_names_fini(&m);
}
END_TEST

/* Reserving room is all or nothing: a failed growth changes nothing. */
START_TEST(test_names_reserve_out_of_memory_changes_nothing)
{
	struct nngx_names m;
	size_t got = 0;
	uint32_t n;

	nngx_names_init(&m);
	for (n = 1; n <= 12; n++) {
		ck_assert(nngx_names_reserve(&m, 1));
		nngx_names_put(&m, n, n * 10);
	}
	hw_alloc_fail_nth(1);
	ck_assert(!nngx_names_reserve(&m, 100));
	hw_alloc_fail_nth(0);
	ck_assert_uint_eq(m.count, 12);
	for (n = 1; n <= 12; n++) {
		ck_assert(nngx_names_get(&m, n, &got));
		ck_assert_uint_eq(got, n * 10);
	}
	ck_assert(!nngx_names_reserve(&m, (size_t)1 << 31));
	nngx_names_fini(&m);
}
END_TEST

/* Tables on the map: many objects, deletes in the middle (each moves the
 * last object into the hole), and every survivor still found with its
 * own name; names continue from where they were. */
START_TEST(test_tables_find_every_object_after_deletes_in_the_middle)
{
	enum { N = 3000 };
	static GLuint buf[N], tex[N], list[N], disp[N];
	GLuint more;
	unsigned i;

	tu_reset();
	glGenBuffers(N, buf);
	glGenTextures(N, tex);
	nngxGenCmdlists(N, list);
	nngxGenDisplaybuffers(N, disp);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	for (i = 0; i < N; i++) {
		ck_assert_uint_eq(buf[i], i + 1);
		ck_assert_uint_eq(tex[i], i + 1);
		ck_assert_uint_eq(list[i], i + 1);
		ck_assert_uint_eq(disp[i], i + 1);
	}
	for (i = 0; i < N; i += 3) {
		glDeleteBuffers(1, &buf[i]);
		glDeleteTextures(1, &tex[i]);
		nngxDeleteCmdlists(1, &list[i]);
		nngxDeleteDisplaybuffers(1, &disp[i]);
	}
	for (i = 0; i < N; i++) {
		bool alive = i % 3 != 0;
		if ((gl_buffer_find(&nngx_state_get()->gl, buf[i]) != NULL) != alive
		    || (gl_texture_find(&nngx_state_get()->gl, tex[i]) != NULL) != alive)
			ck_abort_msg("object %u: alive %d", i + 1, alive);
		if (alive && gl_buffer_find(&nngx_state_get()->gl, buf[i])->name != buf[i])
			ck_abort_msg("buffer %u found as another", buf[i]);
	}
	/* Binding finds command lists and display buffers by name. */
	for (i = 0; i < N; i++) {
		nngxBindCmdlist(list[i]);
		nngxActiveDisplay(NN_GX_DISPLAY0);
		nngxBindDisplaybuffer(disp[i]);
	}
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CMDLIST_NONE), (N + 2) / 3);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_DISPLAYBUFFER_NOT_READY),
			  (N + 2) / 3);
	nngxBindCmdlist(0);
	nngxBindDisplaybuffer(0);
	/* New names continue after the last one given; none is reused. */
	glGenBuffers(1, &more);
	ck_assert_uint_eq(more, N + 1);
	nngxGenCmdlists(1, &more);
	ck_assert_uint_eq(more, N + 1);
	tu_reset();
	ck_assert_ptr_null(gl_buffer_find(&nngx_state_get()->gl, buf[1]));
	ck_assert_ptr_null(gl_buffer_find(&nngx_state_get()->gl, 0));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("names");
	TCase *tc = tcase_create("names");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_names_map_matches_a_plain_array);
	tcase_add_test(tc, test_names_remove_keeps_a_wrapped_probe_run_reachable);
	tcase_add_test(tc, test_names_reserve_out_of_memory_changes_nothing);
	tcase_add_test(tc, test_tables_find_every_object_after_deletes_in_the_middle);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
