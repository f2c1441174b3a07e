/* test_util.c: shared helpers of the Check suites. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test_util.h"

void tu_reset(void)
{
	nngxShimSetDiagCallback(NULL, NULL);
	nngxShimSetDiagLevel(NNGX_SHIM_LEVEL_OFF);
	/* A reset keeps nngxInitialize state and command lists, as on the
	 * hardware; tests start from nothing, also when they share a process
	 * (CK_FORK=no under valgrind). */
	nngxFinalize();
	nngxShimReset();
}

void tu_set_busy(GLuint time_clocks, GLuint count)
{
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME, time_clocks);
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, count);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
}

void tu_snapshot_take(struct tu_snapshot *s)
{
	struct nngx_state *st = nngx_state_get();
	const struct hw_busy_unit *u = &st->gpu.busy;
	int m;

	memset(s, 0, sizeof *s);
	s->clock = st->gpu.clock;
	s->reg_window = u->reg_window;
	s->reg_window_limit = u->reg_window_limit;
	s->running = u->running;
	s->start_clock = u->start_clock;
	s->window = u->window;
	s->window_limit = u->window_limit;
	s->windows_done = u->windows_done;
	memcpy(s->busy_counter, u->counter, sizeof s->busy_counter);
	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++)
		s->segments[m] = u->track[m].count;
	memcpy(&s->counters, &st->gpu.counters, sizeof s->counters);
	s->time_set = st->sampling_time_set;
	s->count_set = st->sampling_count_set;
	s->vcache_started_once = st->vcache_started_once;
}

bool tu_snapshot_same(const struct tu_snapshot *s)
{
	struct tu_snapshot now;

	tu_snapshot_take(&now);
	return memcmp(s, &now, sizeof now) == 0;
}

void tu_snapshot_assert_same(const struct tu_snapshot *s)
{
	ck_assert_msg(tu_snapshot_same(s), "an erroring call changed library state");
}

void tu_capture_begin(struct tu_capture *c)
{
	fflush(stderr);
	c->file = tmpfile();
	ck_assert_ptr_nonnull(c->file);
	c->saved_fd = dup(2);
	ck_assert_int_ge(c->saved_fd, 0);
	ck_assert_int_eq(dup2(fileno(c->file), 2), 2);
}

void tu_capture_end(struct tu_capture *c, char *out, size_t n)
{
	size_t got;

	fflush(stderr);
	ck_assert_int_eq(dup2(c->saved_fd, 2), 2);
	close(c->saved_fd);
	rewind(c->file);
	got = fread(out, 1, n - 1, c->file);
	out[got] = '\0';
	fclose(c->file);
}

int tu_run(Suite *s)
{
	SRunner *sr = srunner_create(s);
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
