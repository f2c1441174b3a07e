/* check_busy_unit.c: hw/hw_busy.c against the clock-by-clock reference, and
 * the unit's own guarantees (closed form, memory kept bounded). */
#include <stdlib.h>

#include "busy_reference.h"
#include "hw/hw_busy.h"
#include "test_util.h"

static uint64_t rng_state;

/* xorshift64: deterministic, seeded per case. */
static uint64_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static uint64_t rng_below(uint64_t n)
{
	return n ? rng() % n : 0;
}

static void assert_same_read(struct hw_busy_unit *u, struct ref_busy *r, uint64_t now,
			     unsigned seed, int step)
{
	uint16_t got[HW_BUSY_MODULE_COUNT], want[REF_MODULES];
	int m;

	hw_busy_read(u, now, got);
	ref_read(r, now, want);
	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++)
		ck_assert_msg(got[m] == want[m],
			      "seed %u step %d clock %llu: module %d got %u, reference %u",
			      seed, step, (unsigned long long)now, m, got[m], want[m]);
}

static void add_random_draw(struct hw_busy_unit *u, struct ref_busy *r, uint64_t now)
{
	int m = (int)rng_below(HW_BUSY_MODULE_COUNT);
	uint64_t start = now + rng_below(30);
	uint32_t d = 1 + (uint32_t)rng_below(250);
	/* Mostly any share; sometimes nearly full, to exercise ties. */
	uint32_t b = rng_below(3) ? (uint32_t)rng_below(d + 1)
				  : d - (uint32_t)rng_below(d < 3 ? d : 3);

	ck_assert_int_eq(hw_busy_add_spread(u, (enum hw_busy_module)m, start, d, b), HW_OK);
	ref_add_spread(r, m, start, d, b);
}

/* Random busy patterns (full intervals and evenly spread draws, overlapping
 * at will), random windows and counts, starts, stops and reads: every read
 * must equal the naive reference. */
START_TEST(test_busy_unit_matches_clock_by_clock_reference)
{
	static struct ref_busy ref;
	struct hw_busy_unit u;
	unsigned seed = (unsigned)_i + 1;
	uint64_t now = 0;
	int step;

	rng_state = 0x9E3779B97F4A7C15ull * seed;
	hw_busy_init(&u);
	ref_init(&ref);
	for (step = 0; step < 150 && now < REF_CLOCKS - 600; step++) {
		int m = (int)rng_below(HW_BUSY_MODULE_COUNT);
		uint64_t len;

		switch (rng_below(9)) {
		case 0:
		case 1:
			now += rng_below(rng_below(2) ? 40 : 160);
			break;
		case 2:
			len = rng_below(rng_below(2) ? 12 : 200);
			ck_assert_int_eq(hw_busy_add_interval(&u, (enum hw_busy_module)m, now, len),
					 HW_OK);
			ref_add_interval(&ref, m, now, len);
			break;
		case 3:
			add_random_draw(&u, &ref, now);
			break;
		case 4:
			u.reg_window = ref.reg_window = (uint16_t)(1 + rng_below(rng_below(2) ? 8 : 60));
			u.reg_window_limit = ref.reg_limit = (uint16_t)rng_below(25);
			break;
		case 5:
			hw_busy_start(&u, now);
			ref_start(&ref, now);
			break;
		case 6:
			hw_busy_stop(&u, now);
			ref_stop(&ref, now);
			break;
		default:
			assert_same_read(&u, &ref, now, seed, step);
			break;
		}
	}
	assert_same_read(&u, &ref, now + 500, seed, step);
	hw_busy_fini(&u);
}
END_TEST

/* The segment bookkeeping alone: busy clocks in any range equal the
 * reference's, after overlapping inserts of both kinds. */
START_TEST(test_busy_unit_segment_union_matches_reference)
{
	static struct ref_busy ref;
	struct hw_busy_unit u;
	int i, m;

	rng_state = 0xD1B54A32D192ED03ull * (uint64_t)(_i + 1);
	hw_busy_init(&u);
	ref_init(&ref);
	for (i = 0; i < 60; i++) {
		uint64_t at = rng_below(3000);
		if (rng_below(2)) {
			uint64_t len = rng_below(300);
			m = (int)rng_below(HW_BUSY_MODULE_COUNT);
			ck_assert_int_eq(hw_busy_add_interval(&u, (enum hw_busy_module)m, at, len), HW_OK);
			ref_add_interval(&ref, m, at, len);
		} else {
			add_random_draw(&u, &ref, at);
		}
	}
	for (i = 0; i < 400; i++) {
		uint64_t a = rng_below(3500), b = a + rng_below(400);
		for (m = 0; m < HW_BUSY_MODULE_COUNT; m++)
			ck_assert_uint_eq(hw_busy_clocks_in(&u, (enum hw_busy_module)m, a, b),
					  ref_clocks_in(&ref, m, a, b));
	}
	hw_busy_fini(&u);
}
END_TEST

/* A nearly fully busy draw on a front module ties a fully busy module
 * behind it in the windows where it is busy throughout: the front module
 * must win those (the closed-form shortcut may not skip them). */
START_TEST(test_busy_unit_front_spread_ties_full_module)
{
	static struct ref_busy ref;
	struct hw_busy_unit u;
	uint16_t got[HW_BUSY_MODULE_COUNT], want[REF_MODULES];
	uint16_t window = (uint16_t)(1 + _i % 6);
	uint32_t busy = 1000 - (uint32_t)(_i / 6) * 7 - 1;
	int m;

	hw_busy_init(&u);
	ref_init(&ref);
	u.reg_window = ref.reg_window = window;
	ck_assert_int_eq(hw_busy_add_spread(&u, HW_BUSY_SHADER0, 0, 1000, busy), HW_OK);
	ref_add_spread(&ref, HW_BUSY_SHADER0, 0, 1000, busy);
	ck_assert_int_eq(hw_busy_add_interval(&u, HW_BUSY_RASTERIZER, 0, 1000), HW_OK);
	ref_add_interval(&ref, HW_BUSY_RASTERIZER, 0, 1000);
	hw_busy_start(&u, 0);
	ref_start(&ref, 0);
	hw_busy_read(&u, 1000, got);
	ref_read(&ref, 1000, want);
	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++)
		ck_assert_uint_eq(got[m], want[m]);
	ck_assert_uint_gt(got[HW_BUSY_SHADER0], 0);
	hw_busy_fini(&u);
}
END_TEST

/* N = 0 and no busy signal for 10^10 clocks: every window goes to module 0,
 * counted in one step (16-bit wrap included). */
START_TEST(test_busy_unit_idle_stretch_counts_in_closed_form)
{
	struct hw_busy_unit u;
	uint16_t out[HW_BUSY_MODULE_COUNT];
	const uint64_t clocks = 10000000000ull;

	hw_busy_init(&u);
	hw_busy_reset(&u, 7, 0);
	hw_busy_start(&u, 0);
	hw_busy_read(&u, clocks, out);
	ck_assert_uint_eq(out[0], (uint16_t)(clocks / 7));
	ck_assert_uint_eq(u.windows_done, clocks / 7);
	hw_busy_fini(&u);
}
END_TEST

/* A module busy for 10^10 clocks wins every window of that stretch. */
START_TEST(test_busy_unit_long_busy_stretch_counts_in_closed_form)
{
	struct hw_busy_unit u;
	uint16_t out[HW_BUSY_MODULE_COUNT];
	const uint64_t clocks = 10000000000ull;

	hw_busy_init(&u);
	hw_busy_reset(&u, 1000, 0);
	ck_assert_int_eq(hw_busy_add_interval(&u, HW_BUSY_TEXTURE, 0, clocks), HW_OK);
	hw_busy_start(&u, 0);
	hw_busy_read(&u, clocks + 1000, out);
	ck_assert_uint_eq(out[HW_BUSY_TEXTURE], (uint16_t)(clocks / 1000));
	ck_assert_uint_eq(out[0], 1);
	hw_busy_fini(&u);
}
END_TEST

/* Adjacent injections on one module join into one segment, and segments
 * no later window can see are let go. */
START_TEST(test_busy_unit_memory_stays_bounded)
{
	struct hw_busy_unit u;
	uint64_t c;

	hw_busy_init(&u);
	hw_busy_reset(&u, 10, 0);
	for (c = 0; c < 10000; c += 5)
		ck_assert_int_eq(hw_busy_add_interval(&u, HW_BUSY_SHADER0, c, 5), HW_OK);
	ck_assert_uint_eq(u.track[HW_BUSY_SHADER0].count, 1);

	for (c = 0; c < 10000; c += 10) {
		ck_assert_int_eq(hw_busy_add_interval(&u, HW_BUSY_RASTERIZER, 20000 + c, 5), HW_OK);
		hw_busy_sync(&u, 20000 + c + 6);   /* not running: the past goes */
		ck_assert_uint_le(u.track[HW_BUSY_RASTERIZER].count, 1);
	}
	hw_busy_fini(&u);
}
END_TEST

/* A sync remembers how far it forgot, so that the next read at the same
 * horizon skips the tracks; a segment added in that past must still go at
 * the next sync (and one that reaches past it must stay). */
START_TEST(test_busy_unit_forgets_segments_added_in_the_past)
{
	struct hw_busy_unit u;
	uint16_t out[HW_BUSY_MODULE_COUNT];

	hw_busy_init(&u);
	hw_busy_reset(&u, 10, 0);
	hw_busy_sync(&u, 1000);
	ck_assert_int_eq(hw_busy_add_interval(&u, HW_BUSY_TEXTURE, 100, 50), HW_OK);
	ck_assert_int_eq(hw_busy_add_spread(&u, HW_BUSY_COMBINER, 200, 100, 30), HW_OK);
	ck_assert_uint_eq(u.track[HW_BUSY_TEXTURE].count, 1);
	hw_busy_sync(&u, 1000);
	ck_assert_uint_eq(u.track[HW_BUSY_TEXTURE].count, 0);
	ck_assert_uint_eq(u.track[HW_BUSY_COMBINER].count, 0);

	ck_assert_int_eq(hw_busy_add_interval(&u, HW_BUSY_TEXTURE, 900, 200), HW_OK);
	hw_busy_sync(&u, 1000);
	ck_assert_uint_eq(u.track[HW_BUSY_TEXTURE].count, 1);
	hw_busy_start(&u, 1000);
	hw_busy_read(&u, 1010, out);
	ck_assert_uint_eq(out[HW_BUSY_TEXTURE], 1);
	/* Running: a read with no window completed keeps what it counted. */
	hw_busy_read(&u, 1015, out);
	ck_assert_uint_eq(out[HW_BUSY_TEXTURE], 0);
	hw_busy_read(&u, 1020, out);
	ck_assert_uint_eq(out[HW_BUSY_TEXTURE], 1);
	hw_busy_fini(&u);
}
END_TEST

/* The unit stops on the clock its last window ends, also when that clock
 * is the only one since the previous look (no further window complete). */
START_TEST(test_busy_unit_stops_at_the_limit_exactly)
{
	struct hw_busy_unit u;
	uint16_t out[HW_BUSY_MODULE_COUNT];

	hw_busy_init(&u);
	hw_busy_reset(&u, 10, 2);
	hw_busy_start(&u, 0);
	ck_assert(hw_busy_running(&u, 19));
	ck_assert(!hw_busy_running(&u, 20));
	hw_busy_reset(&u, 10, 2);
	hw_busy_start(&u, 0);
	hw_busy_read(&u, 20, out);
	ck_assert_uint_eq(out[0], 2);
	ck_assert(!hw_busy_running(&u, 20));
	hw_busy_fini(&u);
}
END_TEST

/* Overlong or inconsistent requests are refused, never half-applied. */
START_TEST(test_busy_unit_rejects_bad_segments)
{
	struct hw_busy_unit u;

	hw_busy_init(&u);
	ck_assert_int_eq(hw_busy_add_spread(&u, HW_BUSY_COMMAND, 0, 10, 11), HW_ERROR_RANGE);
	ck_assert_int_eq(hw_busy_add_spread(&u, HW_BUSY_MODULE_COUNT, 0, 10, 1), HW_ERROR_RANGE);
	ck_assert_int_eq(hw_busy_add_interval(&u, HW_BUSY_MODULE_COUNT, 0, 10), HW_ERROR_RANGE);
	ck_assert_int_eq(hw_busy_add_spread(&u, HW_BUSY_COMMAND, HW_CLOCK_MAX - 5, 10, 1),
			 HW_ERROR_RANGE);
	ck_assert_uint_eq(u.track[HW_BUSY_COMMAND].count, 0);
	/* An interval running past the end of time is cut at HW_CLOCK_MAX. */
	ck_assert_int_eq(hw_busy_add_interval(&u, HW_BUSY_COMMAND, HW_CLOCK_MAX - 5, 10), HW_OK);
	ck_assert_uint_eq(hw_busy_clocks_in(&u, HW_BUSY_COMMAND, 0, HW_CLOCK_MAX), 5);
	hw_busy_fini(&u);
}
END_TEST

static Suite *busy_unit_suite(void)
{
	Suite *s = suite_create("hw_busy");
	TCase *tc = tcase_create("reference");

	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_busy_unit_matches_clock_by_clock_reference, 0, 400);
	tcase_add_loop_test(tc, test_busy_unit_segment_union_matches_reference, 0, 100);
	suite_add_tcase(s, tc);

	tc = tcase_create("closed_form");
	tcase_add_loop_test(tc, test_busy_unit_front_spread_ties_full_module, 0, 60);
	tcase_add_test(tc, test_busy_unit_idle_stretch_counts_in_closed_form);
	tcase_add_test(tc, test_busy_unit_long_busy_stretch_counts_in_closed_form);
	tcase_add_test(tc, test_busy_unit_memory_stays_bounded);
	tcase_add_test(tc, test_busy_unit_forgets_segments_added_in_the_past);
	tcase_add_test(tc, test_busy_unit_stops_at_the_limit_exactly);
	tcase_add_test(tc, test_busy_unit_rejects_bad_segments);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(busy_unit_suite());
}
