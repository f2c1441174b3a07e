/* conf_prof_busy.c: the busy counter's documented rules, observed through
 * the API alone with real GPU time: virtual or real, time passes only in
 * nngxWaitVSync and nngxWaitCmdlistDone (after colour clears, which are
 * memory fills). Rules: after N windows of T clocks the eight 16-bit
 * counts sum to N; a read resets them; the counter stops by itself after
 * N windows (N = 0: when stopped); a start restarts from zero; an idle
 * window goes to module 0 (the frontmost), packed in result[0] bits 15:0.
 *
 * The sampling parameters are checked here without
 * nngxGetProfilingParameter (undocumented): by the number of windows the
 * counter completes in one frame (between two vertical blanks), which
 * only depends on the window length. And the calls that record an error
 * are checked to change nothing the counter shows.
 *
 * Part of libnngx (MIT licence). */
#include "conf.h"

#define TIME NN_GX_PROFILING_BUSY_SAMPLING_TIME
#define US NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND
#define NS NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND
#define COUNT NN_GX_PROFILING_BUSY_SAMPLING_COUNT

#define S_BUSY "manual ch. 9 busy counter; CTR-SDK reference nngxSetProfilingParameter (libnngx doc/model.md, Behaviour: The busy counter)"
#define S_KEEP "libnngx doc/model.md, Behaviour: Errors: a call that records an error has no other effect (observed through the busy counter)"
#define S_CONV "libnngx doc/model.md, Behaviour: Parameters: 268 MHz, truncation (observed as windows per frame)"

/* A frame of the LCDs (about 59.8 Hz) lasts about 4.48 million clocks of
 * 268 MHz; the suite only relies on at least this many. */
#define MIN_FRAME_CLOCKS 4000000ul

static void busy_sum_equals_count(struct conf_result *r)
{
	unsigned m[8];

	CONF_TRUE(r, conf_busy_start(1000, 100), "starting the busy counter");
	conf_wait_frame();
	CONF_EQ(r, conf_busy_read(m), 100, "sum of the eight counts after 100 windows");
	CONF_GL_ERROR(r, GL_NO_ERROR, "the read");
}

static void busy_sum_with_gpu_work(struct conf_result *r)
{
	unsigned m[8];

	CONF_TRUE(r, conf_busy_start(500, 300), "starting the busy counter");
	CONF_TRUE(r, conf_gpu_clears(4), "four colour clears");
	conf_wait_frame();
	CONF_EQ(r, conf_busy_read(m), 300, "sum of the eight counts after 300 windows");
}

static void busy_count_one(struct conf_result *r)
{
	unsigned m[8];

	CONF_TRUE(r, conf_busy_start(65535, 1), "starting the busy counter");
	conf_wait_frame();
	CONF_EQ(r, conf_busy_read(m), 1, "sum after one window");
}

static void busy_idle_windows_pack_module0(struct conf_result *r)
{
	GLuint word[CONF_RESULT_WORDS];
	int i;

	CONF_TRUE(r, conf_busy_start(1, 65535), "starting the busy counter");
	conf_wait_frame();
	nngxGetProfilingResult(NN_GX_PROFILING_BUSY, word);
	CONF_GL_ERROR(r, GL_NO_ERROR, "the read");
	CONF_EQ(r, word[0], 0x0000FFFFu, "result[0]: module 0 (bits 15:0) won all 65535 idle windows");
	for (i = 1; i < 4; i++)
		CONF_EQ(r, word[i], 0, "result[1..3]: modules 2-7 won nothing");
}

static void busy_read_resets(struct conf_result *r)
{
	unsigned m[8];

	CONF_TRUE(r, conf_busy_start(1000, 20), "starting the busy counter");
	conf_wait_frame();
	CONF_EQ(r, conf_busy_read(m), 20, "the first read");
	CONF_EQ(r, conf_busy_read(m), 0, "a second read right after");
}

static void busy_stops_after_count(struct conf_result *r)
{
	unsigned m[8];

	CONF_TRUE(r, conf_busy_start(1000, 10), "starting the busy counter");
	conf_wait_frame();
	CONF_EQ(r, conf_busy_read(m), 10, "the first read");
	conf_wait_frame();
	CONF_EQ(r, conf_busy_read(m), 0, "a frame later: the counter stopped by itself");
}

static void busy_start_restarts_after_stop(struct conf_result *r)
{
	unsigned m[8];

	CONF_TRUE(r, conf_busy_start(65535, 10), "starting the busy counter");
	conf_wait_frame();
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	CONF_GL_ERROR(r, GL_NO_ERROR, "starting again");
	CONF_EQ(r, conf_busy_read(m), 0, "right after the second start: the counts were reset");
	conf_wait_frame();
	CONF_EQ(r, conf_busy_read(m), 10, "a frame later: 10 windows again");
}

static void busy_start_restarts_while_running(struct conf_result *r)
{
	unsigned m[8];

	CONF_TRUE(r, conf_busy_start(65535, 0), "starting the busy counter");
	conf_wait_frame();
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	CONF_GL_ERROR(r, GL_NO_ERROR, "starting again");
	CONF_EQ(r, conf_busy_read(m), 0, "right after the second start: the counts were reset");
	conf_wait_frame();
	CONF_TRUE(r, conf_busy_read(m) >= MIN_FRAME_CLOCKS / 65535, "still running after the restart");
	nngxStopProfiling(NN_GX_PROFILING_BUSY);
}

static void busy_count_zero_runs(struct conf_result *r)
{
	unsigned m[8];

	CONF_TRUE(r, conf_busy_start(1000, 0), "starting the busy counter");
	conf_wait_frame();
	CONF_TRUE(r, conf_busy_read(m) >= MIN_FRAME_CLOCKS / 1000, "windows in the first frame");
	conf_wait_frame();
	CONF_TRUE(r, conf_busy_read(m) >= MIN_FRAME_CLOCKS / 1000, "count 0: still running a frame later");
	nngxStopProfiling(NN_GX_PROFILING_BUSY);
}

static void busy_stop_stops(struct conf_result *r)
{
	unsigned m[8];

	CONF_TRUE(r, conf_busy_start(1000, 0), "starting the busy counter");
	conf_wait_frame();
	nngxStopProfiling(NN_GX_PROFILING_BUSY);
	CONF_GL_ERROR(r, GL_NO_ERROR, "the stop");
	CONF_TRUE(r, conf_busy_read(m) >= MIN_FRAME_CLOCKS / 1000, "windows before the stop are kept");
	conf_wait_frame();
	CONF_EQ(r, conf_busy_read(m), 0, "a frame after the stop");
}

static void busy_stop_not_running(struct conf_result *r)
{
	nngxStopProfiling(NN_GX_PROFILING_BUSY);
	nngxStopProfiling(NN_GX_PROFILING_BUSY);
	CONF_GL_ERROR(r, GL_NO_ERROR, "stopping a stopped counter");
}

/* ---- a call that records an error changes nothing the counter shows */

static void keep_start_rejected_running(struct conf_result *r)
{
	unsigned m[8];

	CONF_TRUE(r, conf_busy_start(1000, 0), "starting the busy counter");
	conf_wait_frame();
	nngxStartProfiling(0x10900);
	CONF_GL_ERROR(r, GL_ERROR_80A2_DMP, "the rejected start");
	CONF_TRUE(r, conf_busy_read(m) >= MIN_FRAME_CLOCKS / 1000, "the counts were not reset");
	nngxStopProfiling(NN_GX_PROFILING_BUSY);
}

static void keep_start_rejected_stopped(struct conf_result *r)
{
	unsigned m[8];

	CONF_TRUE(r, conf_busy_start(1000, 0), "starting the busy counter");
	nngxStopProfiling(NN_GX_PROFILING_BUSY);
	(void)conf_busy_read(m);
	nngxStartProfiling(NN_GX_PROFILING_VERTEX_SHADER0);
	CONF_GL_ERROR(r, GL_ERROR_80A2_DMP, "the rejected start");
	conf_wait_frame();
	CONF_EQ(r, conf_busy_read(m), 0, "the counter did not start");
}

static void keep_stop_rejected(struct conf_result *r)
{
	unsigned m[8];

	CONF_TRUE(r, conf_busy_start(1000, 0), "starting the busy counter");
	nngxStopProfiling(0x10900);
	CONF_GL_ERROR(r, GL_ERROR_80A3_DMP, "the rejected stop");
	conf_wait_frame();
	CONF_TRUE(r, conf_busy_read(m) >= MIN_FRAME_CLOCKS / 1000, "the counter kept running");
	nngxStopProfiling(NN_GX_PROFILING_BUSY);
}

static void keep_result_rejected(struct conf_result *r)
{
	GLuint word[CONF_RESULT_WORDS];
	unsigned m[8];

	CONF_TRUE(r, conf_busy_start(1000, 10), "starting the busy counter");
	conf_wait_frame();
	nngxGetProfilingResult(0x10900, word);
	CONF_GL_ERROR(r, GL_ERROR_80A4_DMP, "the rejected read");
	CONF_EQ(r, conf_busy_read(m), 10, "the counts were not read or reset");
}

/* Stop, set time 1000 and count 5, make the rejected call, start. */
static int start_after_rejected_set(GLenum pname, GLuint param)
{
	nngxStopProfiling(NN_GX_PROFILING_BUSY);
	nngxSetProfilingParameter(TIME, 1000);
	nngxSetProfilingParameter(COUNT, 5);
	if (glGetError() != GL_NO_ERROR)
		return 0;
	nngxSetProfilingParameter(pname, param);
	return 1;
}

static void keep_count_80a6(struct conf_result *r)
{
	unsigned m[8];

	CONF_TRUE(r, start_after_rejected_set(COUNT, 0x10007), "setting the parameters");
	CONF_GL_ERROR(r, GL_ERROR_80A6_DMP, "count 0x10007");
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	conf_wait_frame();
	CONF_EQ(r, conf_busy_read(m), 5, "the count is still 5");
}

static void keep_count_80a5(struct conf_result *r)
{
	unsigned m[8];

	CONF_TRUE(r, start_after_rejected_set(0x10911, 7), "setting the parameters");
	CONF_GL_ERROR(r, GL_ERROR_80A5_DMP, "pname 0x10911");
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	conf_wait_frame();
	CONF_EQ(r, conf_busy_read(m), 5, "the count is still 5");
}

/* ---- the window length, as windows completed in one frame */

/* Windows of the parameters set now, counted from one vertical blank to
 * the next (count 0: running until stopped). */
static unsigned long windows_in_frame(void)
{
	unsigned m[8];
	unsigned long sum;

	nngxSetProfilingParameter(COUNT, 0);
	nngxWaitVSync(NN_GX_DISPLAY_BOTH);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	nngxWaitVSync(NN_GX_DISPLAY_BOTH);
	sum = conf_busy_read(m);
	nngxStopProfiling(NN_GX_PROFILING_BUSY);
	return sum;
}

/* Two window lengths give the same count a frame (one window's slack for
 * an implementation whose calls take GPU time). */
#define CONF_SAME_WINDOWS(r, a, b, what)                                              \
	do {                                                                          \
		unsigned long conf_a_ = (a), conf_b_ = (b);                          \
		if (conf_a_ + 1 < conf_b_ || conf_b_ + 1 < conf_a_) {               \
			conf_fail((r), __FILE__, __LINE__, (what), 1, conf_a_, conf_b_); \
			return;                                                      \
		}                                                                     \
	} while (0)

struct window_row {
	const char *id;
	const char *desc;
	const char *source;
	GLuint ref_clocks;      /* the reference: BUSY_SAMPLING_TIME */
	GLenum pname1;          /* then these, the second may be rejected */
	GLuint param1;
	GLenum pname2;
	GLuint param2;
	GLenum error2;
};

static void run_window_row(struct conf_result *r, const void *arg)
{
	const struct window_row *row = arg;
	unsigned long ref, got;

	nngxStopProfiling(NN_GX_PROFILING_BUSY);
	nngxSetProfilingParameter(TIME, row->ref_clocks);
	ref = windows_in_frame();
	CONF_GL_ERROR(r, GL_NO_ERROR, "the reference frame");
	CONF_TRUE(r, ref >= MIN_FRAME_CLOCKS / 65535, "the reference counted windows");
	nngxSetProfilingParameter(row->pname1, row->param1);
	CONF_GL_ERROR(r, GL_NO_ERROR, "the first setting");
	if (row->pname2) {
		nngxSetProfilingParameter(row->pname2, row->param2);
		CONF_GL_ERROR(r, row->error2, "the second setting");
	}
	got = windows_in_frame();
	CONF_SAME_WINDOWS(r, got, ref, "windows a frame, against the reference");
}

static const struct window_row window_rows[] = {
	{ "PROF-SETP-OK-0101", "1 us gives the windows of 268 clocks", S_CONV, 268, US, 1, 0, 0, 0 },
	{ "PROF-SETP-OK-0102", "1000 ns gives the windows of 268 clocks", S_CONV, 268, NS, 1000, 0, 0, 0 },
	{ "PROF-SETP-OK-0103", "3731 ns gives the windows of 999 clocks (truncated)", S_CONV, 999, NS, 3731, 0, 0, 0 },
	{ "PROF-SETP-OK-0104", "4 us gives the windows of 1072 clocks", S_CONV, 1072, US, 4, 0, 0, 0 },
	{ "PROF-SETP-OK-0105", "the last time pname wins: 4 us, then 1000 clocks", S_CONV, 1000, US, 4, TIME, 1000, 0 },
	{ "PROF-SETP-OK-0106", "the last time pname wins: 1000 clocks, then 2 us", S_CONV, 536, TIME, 1000, US, 2, 0 },
	{ "PROF-SETP-80A6-0201", "80A6 (time 0x10001) leaves the window length", S_KEEP, 1000, TIME, 1000, TIME, 0x10001, GL_ERROR_80A6_DMP },
	{ "PROF-SETP-80A6-0202", "80A6 (245 us) leaves the window length", S_KEEP, 1000, TIME, 1000, US, 245, GL_ERROR_80A6_DMP },
	{ "PROF-SETP-80A6-0203", "80A6 (16026002 ns, x268 wraps) leaves the window length", S_KEEP, 1000, TIME, 1000, NS, 16026002u, GL_ERROR_80A6_DMP },
	{ "PROF-SETP-80A6-0204", "80A6 (0 ns) leaves the window length", S_KEEP, 1000, TIME, 1000, NS, 0, GL_ERROR_80A6_DMP },
	{ "PROF-SETP-80A5-0201", "80A5 (pname 0x10910) leaves the window length", S_KEEP, 1000, TIME, 1000, 0x10910, 300, GL_ERROR_80A5_DMP },
};
#define WINDOW_ROWS (sizeof window_rows / sizeof window_rows[0])

struct busy_row {
	const char *id;
	const char *desc;
	const char *source;
	void (*check)(struct conf_result *r);
};

static const struct busy_row rows[] = {
	{ "PROF-BUSY-0001", "after 100 windows the eight counts sum to 100", S_BUSY, busy_sum_equals_count },
	{ "PROF-BUSY-0002", "with colour clears running, 300 windows sum to 300", S_BUSY, busy_sum_with_gpu_work },
	{ "PROF-BUSY-0003", "count 1: one window", S_BUSY, busy_count_one },
	{ "PROF-BUSY-0004", "65535 idle windows all go to module 0, result[0] bits 15:0", S_BUSY, busy_idle_windows_pack_module0 },
	{ "PROF-BUSY-0005", "a read resets the counts", S_BUSY, busy_read_resets },
	{ "PROF-BUSY-0006", "the counter stops by itself after N windows", S_BUSY, busy_stops_after_count },
	{ "PROF-BUSY-0007", "a start after the counter stopped restarts from zero", S_BUSY, busy_start_restarts_after_stop },
	{ "PROF-BUSY-0008", "a start while running restarts from zero", S_BUSY, busy_start_restarts_while_running },
	{ "PROF-BUSY-0009", "count 0 runs until stopped", S_BUSY, busy_count_zero_runs },
	{ "PROF-BUSY-0010", "nngxStopProfiling stops the counter, the counts stay for the read", S_BUSY, busy_stop_stops },
	{ "PROF-BUSY-0011", "stopping a counter that is not running is no error", S_BUSY, busy_stop_not_running },
	{ "PROF-START-80A2-0101", "a rejected start does not restart the running counter", S_KEEP, keep_start_rejected_running },
	{ "PROF-START-80A2-0102", "a rejected start does not start the stopped counter", S_KEEP, keep_start_rejected_stopped },
	{ "PROF-STOP-80A3-0101", "a rejected stop does not stop the counter", S_KEEP, keep_stop_rejected },
	{ "PROF-RESULT-80A4-0101", "a rejected read (0x10900) does not read or reset BUSY", S_KEEP, keep_result_rejected },
	{ "PROF-SETP-80A6-0301", "80A6 (count 0x10007) leaves the count", S_KEEP, keep_count_80a6 },
	{ "PROF-SETP-80A5-0301", "80A5 (pname 0x10911) leaves the count", S_KEEP, keep_count_80a5 },
};
#define ROW_COUNT (sizeof rows / sizeof rows[0])

static void run_row(struct conf_result *r, const void *arg)
{
	((const struct busy_row *)arg)->check(r);
	nngxStopProfiling(NN_GX_PROFILING_BUSY);
}

static size_t count(void)
{
	return ROW_COUNT + WINDOW_ROWS;
}

static void get(size_t i, struct conf_case *c)
{
	c->flags = CONF_DOCUMENTED;
	if (i < ROW_COUNT) {
		c->id = rows[i].id;
		c->desc = rows[i].desc;
		c->source = rows[i].source;
		c->run = run_row;
		c->arg = &rows[i];
		return;
	}
	i -= ROW_COUNT;
	c->id = window_rows[i].id;
	c->desc = window_rows[i].desc;
	c->source = window_rows[i].source;
	c->run = run_window_row;
	c->arg = &window_rows[i];
}

const struct conf_area conf_area_prof_busy = { "busy counter", count, get };
