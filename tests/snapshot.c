/* snapshot.c: see snapshot.h. */
#include <string.h>

#include "snapshot.h"

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
