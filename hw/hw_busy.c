/* hw_busy.c: busy signals as segments, windows evaluated in closed form. */
#include <stdlib.h>
#include <string.h>

#include "hw_alloc.h"
#include "hw_assert.h"
#include "hw_busy.h"

/* ---- segments ---------------------------------------------------------- */

/* Whether the segment is busy on every clock it covers. */
static bool segment_is_full(const struct hw_busy_segment *s)
{
	return s->busy == s->period;
}

/* Busy clocks of the segment's pattern in [origin, x), for x >= origin. */
static uint64_t segment_prefix(const struct hw_busy_segment *s, hw_clock_t x)
{
	uint64_t len = x - s->origin;

	NNGX_ASSERT(x >= s->origin && s->period > 0 && s->busy <= s->period);
	/* Split so that nothing overflows: (len % period) * busy < 2^64. */
	return len / s->period * s->busy
	       + len % s->period * s->busy / s->period;
}

/* Busy clocks of the segment in [from, to): at most to - from. */
static uint64_t segment_clocks_in(const struct hw_busy_segment *s,
				  hw_clock_t from, hw_clock_t to)
{
	hw_clock_t a = from > s->start ? from : s->start;
	hw_clock_t b = to < s->end ? to : s->end;
	uint64_t busy;

	if (a >= b)
		return 0;
	if (segment_is_full(s))
		return b - a;
	busy = segment_prefix(s, b) - segment_prefix(s, a);
	NNGX_ASSERT(busy <= b - a);
	return busy;
}

/* Two pieces that touch and describe one pattern can be one segment. */
static bool segments_join(const struct hw_busy_segment *a,
			  const struct hw_busy_segment *b)
{
	if (a->end != b->start)
		return false;
	if (segment_is_full(a) && segment_is_full(b))
		return true;
	return a->origin == b->origin && a->period == b->period && a->busy == b->busy;
}

/* ---- tracks ------------------------------------------------------------ */

/* Index of the first segment that ends after clock x (count if none). */
static size_t track_first_ending_after(const struct hw_busy_track *t, hw_clock_t x)
{
	size_t lo = 0, hi = t->count;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (t->seg[mid].end > x)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/* The segment covering clock x, or NULL. */
static const struct hw_busy_segment *track_at(const struct hw_busy_track *t, hw_clock_t x)
{
	size_t i = track_first_ending_after(t, x);

	return i < t->count && t->seg[i].start <= x ? &t->seg[i] : NULL;
}

/* Room for n segments in the track; false when memory ran out (the
 * track is then unchanged). */
static bool track_reserve(struct hw_busy_track *t, size_t n)
{
	struct hw_busy_segment *seg;
	size_t cap;

	if (n <= t->cap)
		return true;
	cap = t->cap ? t->cap : 8;
	while (cap < n)
		cap *= 2;
	seg = hw_realloc(t->seg, cap * sizeof *seg);
	if (!seg)
		return false;
	t->seg = seg;
	t->cap = cap;
	return true;
}

/* Append [start, end) of `pattern` to out[0 .. *n), joined with the last
 * piece where the pattern continues; an empty range appends nothing.
 * Pieces come in order and never overlap. */
static void push_piece(struct hw_busy_segment *out, size_t *n,
		       const struct hw_busy_segment *pattern,
		       hw_clock_t start, hw_clock_t end)
{
	if (start >= end)
		return;
	NNGX_ASSERT(*n == 0 || out[*n - 1].end <= start);
	out[*n] = *pattern;
	out[*n].start = start;
	out[*n].end = end;
	if (*n > 0 && segments_join(&out[*n - 1], &out[*n]))
		out[*n - 1].end = end;
	else
		(*n)++;
}

/* Union of `add` with the track: a fully busy clock stays fully busy; where
 * two spread patterns meet, the one already there is kept. */
static enum hw_status track_insert(struct hw_busy_track *t,
				   const struct hw_busy_segment *add)
{
	size_t lo, hi, i, n = 0, splice_lo, splice_hi;
	struct hw_busy_segment *pieces;
	hw_clock_t cursor = add->start;

	lo = track_first_ending_after(t, add->start);
	for (hi = lo; hi < t->count && t->seg[hi].start < add->end; hi++)
		;

	/* Each old segment gives at most three pieces, plus the gaps. */
	pieces = hw_malloc((3 * (hi - lo) + 1) * sizeof *pieces);
	if (!pieces)
		return HW_ERROR_NO_MEMORY;

	for (i = lo; i < hi; i++) {
		const struct hw_busy_segment *e = &t->seg[i];
		hw_clock_t ov_a = e->start > add->start ? e->start : add->start;
		hw_clock_t ov_b = e->end < add->end ? e->end : add->end;
		const struct hw_busy_segment *keep =
			segment_is_full(e) || !segment_is_full(add) ? e : add;

		push_piece(pieces, &n, e, e->start, add->start);
		push_piece(pieces, &n, add, cursor, e->start);
		push_piece(pieces, &n, keep, ov_a, ov_b);
		push_piece(pieces, &n, e, add->end, e->end);
		cursor = ov_b;
	}
	push_piece(pieces, &n, add, cursor, add->end);
	if (n == 0) {           /* an empty `add` (callers give none) */
		free(pieces);
		return HW_OK;
	}
	NNGX_ASSERT(n <= 3 * (hi - lo) + 1);

	/* Join with the untouched neighbours where the pattern continues. */
	splice_lo = lo;
	splice_hi = hi;
	if (splice_lo > 0 && segments_join(&t->seg[splice_lo - 1], &pieces[0])) {
		pieces[0].start = t->seg[splice_lo - 1].start;
		pieces[0].origin = t->seg[splice_lo - 1].origin;
		splice_lo--;
	}
	if (splice_hi < t->count && segments_join(&pieces[n - 1], &t->seg[splice_hi])) {
		pieces[n - 1].end = t->seg[splice_hi].end;
		splice_hi++;
	}

	if (!track_reserve(t, t->count - (splice_hi - splice_lo) + n)) {
		free(pieces);
		return HW_ERROR_NO_MEMORY;
	}
	memmove(&t->seg[splice_lo + n], &t->seg[splice_hi],
		(t->count - splice_hi) * sizeof *t->seg);
	memcpy(&t->seg[splice_lo], pieces, n * sizeof *pieces);
	t->count = t->count - (splice_hi - splice_lo) + n;
	/* the track stays sorted, its segments disjoint, at the splice */
	NNGX_ASSERT(splice_lo == 0 || t->seg[splice_lo - 1].end <= t->seg[splice_lo].start);
	NNGX_ASSERT(splice_lo + n == t->count
		    || t->seg[splice_lo + n - 1].end <= t->seg[splice_lo + n].start);
	free(pieces);
	return HW_OK;
}

/* Drop the segments that end at or before `horizon`. */
static void track_forget_before(struct hw_busy_track *t, hw_clock_t horizon)
{
	size_t keep_from;

	if (t->count == 0 || t->seg[0].end > horizon)
		return;         /* nothing to forget: the common case, O(1) */
	keep_from = track_first_ending_after(t, horizon);
	memmove(t->seg, &t->seg[keep_from], (t->count - keep_from) * sizeof *t->seg);
	t->count -= keep_from;
}

/* ---- windows ----------------------------------------------------------- */

/* The first clock after x at which some module's signal pattern changes. */
static hw_clock_t busy_next_boundary(const struct hw_busy_unit *u, hw_clock_t x)
{
	hw_clock_t best = HW_CLOCK_MAX;
	int m;

	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++) {
		const struct hw_busy_track *t = &u->track[m];
		size_t i = track_first_ending_after(t, x);
		hw_clock_t b;

		if (i == t->count)
			continue;
		b = t->seg[i].start > x ? t->seg[i].start : t->seg[i].end;
		if (b < best)
			best = b;
	}
	return best;
}

/* Winner of one window: most busy clocks, ties to the frontmost module. */
static int busy_window_winner(const struct hw_busy_unit *u, hw_clock_t from, hw_clock_t to)
{
	uint64_t most = 0;
	int m, winner = 0;

	NNGX_ASSERT(from < to);
	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++) {
		uint64_t c = hw_busy_clocks_in(u, (enum hw_busy_module)m, from, to);
		if (c > most) {
			most = c;
			winner = m;
		}
	}
	return winner;
}

/* Module `module` wins `windows` more windows (its 16-bit count wraps). */
static void busy_award(struct hw_busy_unit *u, int module, uint64_t windows)
{
	NNGX_ASSERT(module >= 0 && module < HW_BUSY_MODULE_COUNT);
	/* 16-bit counters wrap to 0 (profiling.md, busy counter rule 6). */
	u->counter[module] = (uint16_t)(u->counter[module] + (uint16_t)windows);
}

/* One module through a steady stretch: its busy clocks in each window.
 * With L clocks from the pattern's origin to a window's start, a spread
 * module has floor((L + T) b / P) - floor(L b / P) busy clocks in it:
 * q + 1 when the remainder r = L b mod P plus T b mod P reaches P, else q
 * (q = floor(T b / P)); so the count is lo = q or hi = q + 1, and r steps
 * by T b mod P from window to window. Idle and fully busy modules have a
 * constant count (0 or T). */
struct steady {
	uint64_t lo, hi;
	uint64_t r, r_step, period;    /* spread only (period 0 otherwise) */
};

/* Module state for windows of T clocks from `from` under segment s (NULL:
 * idle), as struct steady describes. */
static void steady_init(struct steady *m, const struct hw_busy_segment *s, hw_clock_t from,
			uint64_t T)
{
	uint64_t step;

	NNGX_ASSERT(T >= 1 && T <= UINT16_MAX);

	m->period = 0;
	if (!s) {
		m->lo = m->hi = 0;
		return;
	}
	if (segment_is_full(s)) {
		m->lo = m->hi = T;
		return;
	}
	/* T < 2^16 and busy < period < 2^32: no product overflows. */
	step = T * s->busy;
	m->lo = step / s->period;
	m->r_step = step % s->period;
	m->hi = m->lo + (m->r_step != 0);
	m->period = s->period;
	m->r = (from - s->origin) % s->period * s->busy % s->period;
}

/* a's count beats b's: more busy clocks, or as many and a is in front. */
static bool steady_beats(uint64_t ca, int a, uint64_t cb, int b)
{
	return ca > cb || (ca == cb && a < b);
}

/* Count `n` windows from `from`, all inside a stretch where no module's
 * pattern changes. Each module's count is lo or hi in every window (see
 * struct steady). Let w be the winner when every module is at lo (its
 * count at hi only strengthens it). When at most one module v can beat w
 * by reaching hi, and at hi still beats w at hi, the stretch has a closed
 * form: v wins exactly the windows where it is at hi, whose number is its
 * busy clocks in the stretch minus n lo (the windows tile the stretch, so
 * their counts add up to that); w wins the others. Otherwise two or more
 * modules' patterns interact and the windows are counted one by one, each
 * in a few integer steps per module. */
static void busy_count_steady(struct hw_busy_unit *u, hw_clock_t from, uint64_t n)
{
	const struct hw_busy_segment *active[HW_BUSY_MODULE_COUNT];
	struct steady st[HW_BUSY_MODULE_COUNT];
	uint64_t T = u->window, i;
	uint64_t wins[HW_BUSY_MODULE_COUNT] = { 0 };
	int m, w = 0, v = -1, contenders = 0, relevant[HW_BUSY_MODULE_COUNT], nrel = 0;

	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++) {
		active[m] = track_at(&u->track[m], from);
		steady_init(&st[m], active[m], from, T);
		if (steady_beats(st[m].lo, m, st[w].lo, w))
			w = m;
	}
	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++) {
		if (m == w || !steady_beats(st[m].hi, m, st[w].lo, w))
			continue;
		contenders++;
		v = m;
	}
	if (contenders == 0) {
		busy_award(u, w, n);
		return;
	}
	if (contenders == 1 && steady_beats(st[v].hi, v, st[w].hi, w)) {
		uint64_t busy = segment_clocks_in(active[v], from, from + n * T);
		uint64_t at_hi;

		/* the closed form: v is at lo or hi in each of the n windows */
		NNGX_ASSERT(busy >= n * st[v].lo && busy - n * st[v].lo <= n);
		at_hi = busy - n * st[v].lo;

		busy_award(u, v, at_hi);
		busy_award(u, w, n - at_hi);
		return;
	}
	/* Only w and the contenders can win a window (a module that cannot
	 * beat w at lo never beats w); they are stepped in module order. */
	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++)
		if (m == w || steady_beats(st[m].hi, m, st[w].lo, w))
			relevant[nrel++] = m;
	for (i = 0; i < n; i++) {
		uint64_t most = 0;
		int winner = relevant[0], k;

		for (k = 0; k < nrel; k++) {
			struct steady *s = &st[relevant[k]];
			uint64_t c = s->lo;

			if (s->period) {
				s->r += s->r_step;
				if (s->r >= s->period) {
					s->r -= s->period;
					c++;
				}
			}
			if (c > most) {
				most = c;
				winner = relevant[k];
			}
		}
		wins[winner]++;
	}
	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++)
		busy_award(u, m, wins[m]);
}

/* Award every window of the running counter that is complete at `now`,
 * and stop the counter at its window limit. */
static void busy_catch_up_windows(struct hw_busy_unit *u, hw_clock_t now)
{
	uint64_t T = u->window;

	while (u->running) {
		hw_clock_t ws, boundary;
		uint64_t avail;

		if (u->window_limit && u->windows_done >= u->window_limit) {
			u->running = false;
			break;
		}
		ws = u->start_clock + u->windows_done * T;
		if (now < ws || now - ws < T)
			break;
		avail = (now - ws) / T;
		if (u->window_limit && avail > u->window_limit - u->windows_done)
			avail = u->window_limit - u->windows_done;

		boundary = busy_next_boundary(u, ws);
		if (boundary - ws >= T) {
			uint64_t n = (boundary - ws) / T;
			if (n > avail)
				n = avail;
			busy_count_steady(u, ws, n);
			u->windows_done += n;
		} else {
			busy_award(u, busy_window_winner(u, ws, ws + T), 1);
			u->windows_done++;
		}
	}
}

/* The common case first: stopped, or no window complete since the last
 * catch-up (the loop above then only reaches its first break). A running
 * unit is always short of its limit: start begins at 0 windows of a limit
 * of at least 1, and the loop stops the unit as the limit is reached. */
static inline void busy_catch_up(struct hw_busy_unit *u, hw_clock_t now)
{
	hw_clock_t ws;

	if (!u->running)
		return;
	NNGX_ASSERT(u->window >= 1 && (!u->window_limit || u->windows_done < u->window_limit));
	ws = u->start_clock + u->windows_done * (uint64_t)u->window;
	if (now < ws || now - ws < u->window)
		return;
	busy_catch_up_windows(u, now);
}

/* Drop every segment that ends by `horizon`, and remember how far. */
static void busy_forget_tracks(struct hw_busy_unit *u, hw_clock_t horizon)
{
	int m;

	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++)
		track_forget_before(&u->track[m], horizon);
	u->forgot_valid = true;
	u->forgot_to = horizon;
}

/* Forget what no window can read any more: before the current window
 * while running, before `now` when stopped. */
static inline void busy_forget_past(struct hw_busy_unit *u, hw_clock_t now)
{
	hw_clock_t horizon = now;

	if (u->running)
		horizon = u->start_clock + u->windows_done * (uint64_t)u->window;
	if (u->forgot_valid && horizon <= u->forgot_to)
		return;         /* forgotten up to there already, nothing added */
	busy_forget_tracks(u, horizon);
}

/* A segment inserted from clock `start` on leaves pieces that end at or
 * after `start` (track_insert): forgot_to holds only below it. */
static void busy_note_insert(struct hw_busy_unit *u, hw_clock_t start)
{
	if (u->forgot_valid && start <= u->forgot_to)
		u->forgot_valid = false;
}

/* ---- interface --------------------------------------------------------- */

void hw_busy_init(struct hw_busy_unit *u)
{
	memset(u, 0, sizeof *u);
	u->reg_window = 1;
}

void hw_busy_fini(struct hw_busy_unit *u)
{
	int m;

	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++)
		free(u->track[m].seg);
	memset(u, 0, sizeof *u);
}

void hw_busy_reset(struct hw_busy_unit *u, uint16_t window, uint16_t window_limit)
{
	int m;

	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++)
		u->track[m].count = 0;
	u->forgot_valid = false;
	u->running = false;
	u->start_clock = 0;
	u->window = 0;
	u->window_limit = 0;
	u->windows_done = 0;
	memset(u->counter, 0, sizeof u->counter);
	u->reg_window = window;
	u->reg_window_limit = window_limit;
}

enum hw_status hw_busy_add_interval(struct hw_busy_unit *u, enum hw_busy_module m,
				    hw_clock_t start, uint64_t clocks)
{
	struct hw_busy_segment s;

	if ((unsigned)m >= HW_BUSY_MODULE_COUNT)
		return HW_ERROR_RANGE;
	/* An interval from the clock's last value on has no clock in it (the
	 * end saturates there too): nothing to add. */
	if (clocks == 0 || start == HW_CLOCK_MAX)
		return HW_OK;
	s.start = start;
	s.end = hw_clock_add(start, clocks);
	s.origin = 0;
	s.period = s.busy = 1;
	busy_note_insert(u, start);
	return track_insert(&u->track[m], &s);
}

enum hw_status hw_busy_add_spread(struct hw_busy_unit *u, enum hw_busy_module m,
				  hw_clock_t start, uint32_t duration, uint32_t busy)
{
	struct hw_busy_segment s;

	if ((unsigned)m >= HW_BUSY_MODULE_COUNT || busy > duration
	    || start > HW_CLOCK_MAX - duration)
		return HW_ERROR_RANGE;
	if (busy == duration)
		return hw_busy_add_interval(u, m, start, duration);
	if (busy == 0)
		return HW_OK;      /* raises no signal */
	s.start = s.origin = start;
	s.end = start + duration;
	s.period = duration;
	s.busy = busy;
	busy_note_insert(u, start);
	return track_insert(&u->track[m], &s);
}

void hw_busy_start(struct hw_busy_unit *u, hw_clock_t now)
{
	u->running = true;
	u->start_clock = now;
	/* The register holds 1..65535; 0 would never end a window. */
	u->window = u->reg_window ? u->reg_window : 1;
	u->window_limit = u->reg_window_limit;
	u->windows_done = 0;
	memset(u->counter, 0, sizeof u->counter);
	busy_forget_past(u, now);
}

void hw_busy_stop(struct hw_busy_unit *u, hw_clock_t now)
{
	busy_catch_up(u, now);
	u->running = false;
	busy_forget_past(u, now);
}

/* Catch up the windows complete at `now`, then forget the past. */
static inline void busy_sync(struct hw_busy_unit *u, hw_clock_t now)
{
	busy_catch_up(u, now);
	busy_forget_past(u, now);
}

void hw_busy_sync(struct hw_busy_unit *u, hw_clock_t now)
{
	busy_sync(u, now);
}

bool hw_busy_running(struct hw_busy_unit *u, hw_clock_t now)
{
	busy_catch_up(u, now);
	return u->running;
}

void hw_busy_read(struct hw_busy_unit *u, hw_clock_t now,
		  uint16_t out[HW_BUSY_MODULE_COUNT])
{
	busy_sync(u, now);
	memcpy(out, u->counter, sizeof u->counter);
	memset(u->counter, 0, sizeof u->counter);
}

uint64_t hw_busy_clocks_in(const struct hw_busy_unit *u, enum hw_busy_module m,
			   hw_clock_t from, hw_clock_t to)
{
	const struct hw_busy_track *t = &u->track[m];
	uint64_t sum = 0;
	size_t i;

	NNGX_ASSERT((unsigned)m < HW_BUSY_MODULE_COUNT);

	for (i = track_first_ending_after(t, from); i < t->count && t->seg[i].start < to; i++)
		sum += segment_clocks_in(&t->seg[i], from, to);
	return sum;
}
