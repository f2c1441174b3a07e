/* check_pipeline.c: the batch pipeline that times a draw (hw/hw_pipeline.c):
 * bounded queues, blocking, starvation, a moving bottleneck, and the busy
 * signals that come out of it. */
#include <string.h>

#include "hw/hw_pipeline.h"
#include "test_util.h"

static struct hw_pipe pipe_;

/* Batches with the given times (busy = time) on two stages. */
static void two_stages(enum hw_pipe_stage a, const uint64_t *ta, enum hw_pipe_stage b,
		       const uint64_t *tb, unsigned n)
{
	unsigned i;

	memset(&pipe_, 0, sizeof pipe_);
	pipe_.batches = n;
	for (i = 0; i < n; i++) {
		pipe_.batch[i].time[a] = pipe_.batch[i].busy[a] = ta[i];
		pipe_.batch[i].time[b] = pipe_.batch[i].busy[b] = tb[i];
	}
}

START_TEST(test_pipe_one_stage_lasts_the_sum_of_its_batches)
{
	unsigned i;

	memset(&pipe_, 0, sizeof pipe_);
	pipe_.batches = 5;
	for (i = 0; i < 5; i++)
		pipe_.batch[i].time[HW_PIPE_SETUP] = pipe_.batch[i].busy[HW_PIPE_SETUP] = i + 1;
	hw_pipe_evaluate(&pipe_, 2);
	ck_assert_uint_eq(pipe_.duration, 15);
	ck_assert_uint_eq(pipe_.batch[4].start[HW_PIPE_SETUP], 10);
	ck_assert_uint_eq(hw_pipe_blocked(&pipe_, HW_PIPE_SETUP), 0);
}
END_TEST

/* A fast stage before a slow one: the draw lasts the first batch through
 * the fast stage plus all of the slow stage's work; the fast stage fills
 * the queue, then waits for room. */
START_TEST(test_pipe_slow_stage_sets_the_length_and_blocks_the_one_before)
{
	static const uint64_t fast[10] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
	static const uint64_t slow[10] = { 3, 3, 3, 3, 3, 3, 3, 3, 3, 3 };
	unsigned q, b;

	for (q = 1; q <= 3; q++) {
		two_stages(HW_PIPE_LOADER, fast, HW_PIPE_SETUP, slow, 10);
		hw_pipe_evaluate(&pipe_, q);
		ck_assert_uint_eq(pipe_.duration, 1 + 30);
		for (b = 0; b < 10; b++) {
			const struct hw_pipe_batch *x = &pipe_.batch[b];
			uint64_t end = x->start[HW_PIPE_LOADER] + 1, room;

			/* setup never waits after the first batch */
			ck_assert_uint_eq(x->start[HW_PIPE_SETUP], 1 + 3 * b);
			/* the loader passes batch b on once setup took b - q */
			room = b >= q ? 1 + 3 * (b - q) : 0;
			ck_assert_uint_eq(end + x->blocked[HW_PIPE_LOADER], end > room ? end : room);
		}
		ck_assert_uint_eq(hw_pipe_blocked(&pipe_, HW_PIPE_SETUP), 0);
	}
	/* A longer queue lets the loader run further ahead: less blocking. */
	two_stages(HW_PIPE_LOADER, fast, HW_PIPE_SETUP, slow, 10);
	hw_pipe_evaluate(&pipe_, 1);
	q = (unsigned)hw_pipe_blocked(&pipe_, HW_PIPE_LOADER);
	two_stages(HW_PIPE_LOADER, fast, HW_PIPE_SETUP, slow, 10);
	hw_pipe_evaluate(&pipe_, 4);
	ck_assert_uint_gt(q, hw_pipe_blocked(&pipe_, HW_PIPE_LOADER));
	ck_assert_uint_gt(hw_pipe_blocked(&pipe_, HW_PIPE_LOADER), 0);
	two_stages(HW_PIPE_LOADER, fast, HW_PIPE_SETUP, slow, 10);
	hw_pipe_evaluate(&pipe_, 10);
	ck_assert_uint_eq(hw_pipe_blocked(&pipe_, HW_PIPE_LOADER), 0);
}
END_TEST

/* The bottleneck moves from the first stage to the second halfway: five
 * batches of (3, 1), then five of (1, 3). Each stage works 20 clocks, so
 * a draw timed as "as long as its busiest module" would last 20; batch by
 * batch it lasts 31 (the second stage starves in the first half, the
 * first waits in the second). Hand-computed with a queue of 1:
 * first stage leaves at 3, 6, 9, 12, 15, 16, 17, 19, 22, 25; second
 * stage takes them at 3, 6, 9, 12, 15, 16, 19, 22, 25, 28. */
START_TEST(test_pipe_moving_bottleneck_is_timed_batch_by_batch)
{
	static const uint64_t a[10] = { 3, 3, 3, 3, 3, 1, 1, 1, 1, 1 };
	static const uint64_t b[10] = { 1, 1, 1, 1, 1, 3, 3, 3, 3, 3 };
	static const uint64_t take[10] = { 3, 6, 9, 12, 15, 16, 19, 22, 25, 28 };
	unsigned i;

	two_stages(HW_PIPE_VERTEX, a, HW_PIPE_RASTER, b, 10);
	hw_pipe_evaluate(&pipe_, 1);
	ck_assert_uint_eq(pipe_.duration, 31);
	for (i = 0; i < 10; i++)
		ck_assert_uint_eq(pipe_.batch[i].start[HW_PIPE_RASTER], take[i]);
	/* blocked: batch 7 waits 1 (leaves 19, done 18), 8 and 9 wait 2 */
	ck_assert_uint_eq(hw_pipe_blocked(&pipe_, HW_PIPE_VERTEX), 1 + 2 + 2);
	ck_assert_uint_eq(hw_pipe_blocked(&pipe_, HW_PIPE_RASTER), 0);
}
END_TEST

/* Stages without work are not in the chain: they add neither time nor
 * queue room. */
START_TEST(test_pipe_stages_without_work_are_left_out)
{
	static const uint64_t fast[4] = { 1, 1, 1, 1 };
	static const uint64_t slow[4] = { 5, 5, 5, 5 };
	uint64_t with_gap;

	two_stages(HW_PIPE_LOADER, fast, HW_PIPE_SETUP, slow, 4);
	hw_pipe_evaluate(&pipe_, 1);
	with_gap = hw_pipe_blocked(&pipe_, HW_PIPE_LOADER);
	two_stages(HW_PIPE_LOADER, fast, HW_PIPE_VERTEX, slow, 4);
	hw_pipe_evaluate(&pipe_, 1);
	ck_assert_uint_eq(hw_pipe_blocked(&pipe_, HW_PIPE_LOADER), with_gap);
	ck_assert_uint_eq(pipe_.duration, 1 + 20);
}
END_TEST

/* Busy signals: the bottleneck is busy on every clock of its run; the
 * stage before it, blocked, is busy on exactly its own clocks, spread
 * over the time it holds its batches; a starved stage after it is busy
 * on its own clocks only. */
START_TEST(test_pipe_busy_signals_follow_what_each_module_does)
{
	static const uint64_t fast[10] = { 2, 2, 2, 2, 2, 2, 2, 2, 2, 2 };
	static const uint64_t slow[10] = { 8, 8, 8, 8, 8, 8, 8, 8, 8, 8 };
	struct hw_busy_unit u;
	unsigned i;

	two_stages(HW_PIPE_LOADER, fast, HW_PIPE_SETUP, slow, 10);
	for (i = 0; i < 10; i++)
		pipe_.batch[i].time[HW_PIPE_FRAGMENT] = pipe_.batch[i].busy[HW_PIPE_FRAGMENT] = 1;
	hw_pipe_evaluate(&pipe_, 1);
	ck_assert_uint_eq(pipe_.duration, 2 + 80 + 1);
	hw_busy_init(&u);
	hw_busy_reset(&u, 100, 0);
	hw_busy_start(&u, 1000);
	ck_assert_int_eq(hw_pipe_schedule(&pipe_, &u, 1000), HW_OK);
	ck_assert_uint_eq(hw_busy_clocks_in(&u, HW_BUSY_COMMAND, 1000, 1083), 20);
	ck_assert_uint_eq(hw_busy_clocks_in(&u, HW_BUSY_TRIANGLE_SETUP, 1000, 1083), 80);
	ck_assert_uint_eq(hw_busy_clocks_in(&u, HW_BUSY_TRIANGLE_SETUP, 1002, 1082), 80);
	ck_assert_uint_eq(hw_busy_clocks_in(&u, HW_BUSY_PER_FRAGMENT, 1000, 1083), 10);
	/* In the steady state the loader works 2 of every 8 clocks, setup 8. */
	ck_assert_uint_le(hw_busy_clocks_in(&u, HW_BUSY_COMMAND, 1034, 1066), 10);
	ck_assert_uint_ge(hw_busy_clocks_in(&u, HW_BUSY_COMMAND, 1034, 1066), 6);
	hw_busy_fini(&u);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("pipeline");
	TCase *tc = tcase_create("pipeline");

	tcase_add_test(tc, test_pipe_one_stage_lasts_the_sum_of_its_batches);
	tcase_add_test(tc, test_pipe_slow_stage_sets_the_length_and_blocks_the_one_before);
	tcase_add_test(tc, test_pipe_moving_bottleneck_is_timed_batch_by_batch);
	tcase_add_test(tc, test_pipe_stages_without_work_are_left_out);
	tcase_add_test(tc, test_pipe_busy_signals_follow_what_each_module_does);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
