/* busy_reference.c: the busy counter rules of manual 9.3.1, spelled out
 * one clock at a time. */
#include <string.h>

#include "busy_reference.h"

void ref_init(struct ref_busy *r)
{
	memset(r, 0, sizeof *r);
	r->reg_window = 1;
}

void ref_add_interval(struct ref_busy *r, int m, uint64_t start, uint64_t len)
{
	uint64_t c;

	for (c = start; c < start + len && c < REF_CLOCKS; c++)
		r->cell[m][c] = REF_FULL;
}

/* Clock i of the draw is busy when floor((i+1)W/D) > floor(iW/D). */
void ref_add_spread(struct ref_busy *r, int m, uint64_t start, uint32_t duration,
		    uint32_t busy)
{
	uint64_t i;

	if (busy == 0)
		return;
	if (busy == duration) {         /* busy on every clock: a full interval */
		ref_add_interval(r, m, start, duration);
		return;
	}
	for (i = 0; i < duration && start + i < REF_CLOCKS; i++) {
		uint8_t *cell = &r->cell[m][start + i];
		bool on = (i + 1) * busy / duration > i * busy / duration;
		if (*cell == REF_IDLE)
			*cell = on ? REF_SPREAD_BUSY : REF_SPREAD_IDLE;
	}
}

uint64_t ref_clocks_in(const struct ref_busy *r, int m, uint64_t from, uint64_t to)
{
	uint64_t c, n = 0;

	for (c = from; c < to && c < REF_CLOCKS; c++)
		n += r->cell[m][c] == REF_FULL || r->cell[m][c] == REF_SPREAD_BUSY;
	return n;
}

static void ref_catch_up(struct ref_busy *r, uint64_t now)
{
	while (r->running) {
		uint64_t ws = r->start + r->done * r->window, best = 0;
		int m, winner = 0;

		if (r->limit && r->done >= r->limit) {
			r->running = false;
			break;
		}
		if (ws + r->window > now)
			break;
		for (m = 0; m < REF_MODULES; m++) {
			uint64_t n = ref_clocks_in(r, m, ws, ws + r->window);
			if (n > best) {
				best = n;
				winner = m;
			}
		}
		r->counter[winner]++;
		r->done++;
	}
}

void ref_start(struct ref_busy *r, uint64_t now)
{
	r->running = true;
	r->start = now;
	r->window = r->reg_window;
	r->limit = r->reg_limit;
	r->done = 0;
	memset(r->counter, 0, sizeof r->counter);
}

void ref_stop(struct ref_busy *r, uint64_t now)
{
	ref_catch_up(r, now);
	r->running = false;
}

void ref_read(struct ref_busy *r, uint64_t now, uint16_t out[REF_MODULES])
{
	ref_catch_up(r, now);
	memcpy(out, r->counter, sizeof r->counter);
	memset(r->counter, 0, sizeof r->counter);
}
