/* conf_prof_result.c: result buffers are written exactly. A read of each
 * valid item writes its NN_GX_PROFILING_RESULT_BUFSIZE_* words and not
 * one more: the buffer sits between canary words and is read twice, filled
 * with two different patterns first; every word of the item's size must
 * have lost its fill both times (a count equal to the fill word is not a
 * practical worry), and every word outside it must keep its fill.
 * Also the NULL-pointer rule (a model choice: no error, nothing done).
 *
 * Part of libnngx (MIT licence). */
#include "conf.h"

#define S_SIZES "SDK header NN_GX_PROFILING_RESULT_BUFSIZE_*; CTR-SDK reference nngxGetProfilingResult (libnngx doc/model.md, Behaviour: Result buffer sizes)"
#define S_GETP "inferred: nngxGetProfilingParameter is in the SDK header, undocumented (libnngx doc/model.md, Behaviour)"
#define S_NULL "libnngx doc/model.md, Behaviour: Errors: NULL result/param with a valid item (model choice)"

#define CANARY_WORDS 4
#define SPAN_WORDS CONF_RESULT_WORDS
#define FILL_A(i) (0xA5A50000u + (GLuint)(i))
#define FILL_B(i) (0x5A5A0000u + (GLuint)(i))

enum target { ITEM, PARAM };

struct buf_row {
	const char *id;
	const char *desc;
	const char *source;
	unsigned flags;
	enum target target;
	GLenum name;
	unsigned words;
	void (*run)(struct conf_result *r, const void *arg);
};

/* Counters in a known state: the busy counter stopped and read, the
 * vertex-cache counter started once (a read of one never started may be
 * wrong) and stopped. */
static void quiesce(void)
{
	GLuint busy[CONF_RESULT_WORDS];

	nngxStopProfiling(NN_GX_PROFILING_BUSY);
	nngxGetProfilingResult(NN_GX_PROFILING_BUSY, busy);
	nngxStartProfiling(NN_GX_PROFILING_VERTEX_CACHE);
	nngxStopProfiling(NN_GX_PROFILING_VERTEX_CACHE);
}

static void read_into(const struct buf_row *row, GLuint *buf, int pattern_b)
{
	unsigned i;

	for (i = 0; i < CANARY_WORDS + SPAN_WORDS + CANARY_WORDS; i++)
		buf[i] = pattern_b ? FILL_B(i) : FILL_A(i);
	if (row->target == ITEM)
		nngxGetProfilingResult(row->name, buf + CANARY_WORDS);
	else
		nngxGetProfilingParameter(row->name, buf + CANARY_WORDS);
}

static void run_exact(struct conf_result *r, const void *arg)
{
	const struct buf_row *row = arg;
	GLuint a[CANARY_WORDS + SPAN_WORDS + CANARY_WORDS];
	GLuint b[CANARY_WORDS + SPAN_WORDS + CANARY_WORDS];
	unsigned i;

	quiesce();
	CONF_GL_ERROR(r, GL_NO_ERROR, "setting up");
	read_into(row, a, 0);
	CONF_GL_ERROR(r, GL_NO_ERROR, "the first read");
	read_into(row, b, 1);
	CONF_GL_ERROR(r, GL_NO_ERROR, "the second read");
	for (i = 0; i < CANARY_WORDS; i++) {
		CONF_EQ(r, a[i], FILL_A(i), "a word before the buffer was written");
		CONF_EQ(r, b[i], FILL_B(i), "a word before the buffer was written");
	}
	for (i = CANARY_WORDS; i < CANARY_WORDS + row->words; i++) {
		CONF_TRUE(r, a[i] != FILL_A(i), "a word of the item's size was not written");
		CONF_TRUE(r, b[i] != FILL_B(i), "a word of the item's size was not written");
	}
	for (i = CANARY_WORDS + row->words; i < CANARY_WORDS + SPAN_WORDS + CANARY_WORDS; i++) {
		CONF_EQ(r, a[i], FILL_A(i), "a word past the item's size was written");
		CONF_EQ(r, b[i], FILL_B(i), "a word past the item's size was written");
	}
}

/* NULL with every valid item: no error, no crash. */
static void run_null(struct conf_result *r, const void *arg)
{
	const struct buf_row *row = arg;

	quiesce();
	CONF_GL_ERROR(r, GL_NO_ERROR, "setting up");
	if (row->target == ITEM)
		nngxGetProfilingResult(row->name, NULL);
	else
		nngxGetProfilingParameter(row->name, NULL);
	CONF_GL_ERROR(r, GL_NO_ERROR, "a NULL pointer records no error");
}

/* A NULL read of the busy counter reads and resets nothing. */
static void run_null_busy_keeps(struct conf_result *r, const void *arg)
{
	unsigned module[8];

	(void)arg;
	CONF_TRUE(r, conf_busy_start(1000, 5), "starting the busy counter");
	conf_wait_frame();
	nngxGetProfilingResult(NN_GX_PROFILING_BUSY, NULL);
	CONF_GL_ERROR(r, GL_NO_ERROR, "a NULL pointer records no error");
	CONF_EQ(r, conf_busy_read(module), 5, "windows counted after the NULL read");
}

/* NULL with an invalid item: the item is checked (80A4). */
static void run_null_bad_item(struct conf_result *r, const void *arg)
{
	(void)arg;
	nngxGetProfilingResult(0x090A, NULL);
	CONF_GL_ERROR(r, GL_ERROR_80A4_DMP, "the invalid item");
}

static const struct buf_row rows[] = {
	{ "PROF-BUF-0001", "BUSY writes exactly 4 words", S_SIZES, CONF_DOCUMENTED, ITEM, NN_GX_PROFILING_BUSY, NN_GX_PROFILING_RESULT_BUFSIZE_BUSY, run_exact },
	{ "PROF-BUF-0002", "VERTEX_SHADER0 writes exactly 5 words", S_SIZES, CONF_DOCUMENTED, ITEM, NN_GX_PROFILING_VERTEX_SHADER0, NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_SHADER0, run_exact },
	{ "PROF-BUF-0003", "VERTEX_SHADER1 writes exactly 5 words", S_SIZES, CONF_DOCUMENTED, ITEM, NN_GX_PROFILING_VERTEX_SHADER1, NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_SHADER1, run_exact },
	{ "PROF-BUF-0004", "VERTEX_SHADER2 writes exactly 5 words", S_SIZES, CONF_DOCUMENTED, ITEM, NN_GX_PROFILING_VERTEX_SHADER2, NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_SHADER2, run_exact },
	{ "PROF-BUF-0005", "VERTEX_SHADER3 writes exactly 5 words", S_SIZES, CONF_DOCUMENTED, ITEM, NN_GX_PROFILING_VERTEX_SHADER3, NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_SHADER3, run_exact },
	{ "PROF-BUF-0006", "VERTEX_CACHE writes exactly 1 word", S_SIZES, CONF_DOCUMENTED, ITEM, NN_GX_PROFILING_VERTEX_CACHE, NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_CACHE, run_exact },
	{ "PROF-BUF-0007", "POLYGON writes exactly 3 words", S_SIZES, CONF_DOCUMENTED, ITEM, NN_GX_PROFILING_POLYGON, NN_GX_PROFILING_RESULT_BUFSIZE_POLYGON, run_exact },
	{ "PROF-BUF-0008", "FRAGMENT writes exactly 1 word", S_SIZES, CONF_DOCUMENTED, ITEM, NN_GX_PROFILING_FRAGMENT, NN_GX_PROFILING_RESULT_BUFSIZE_FRAGMENT, run_exact },
	{ "PROF-BUF-0009", "MEMORY_ACCESS writes exactly 18 words", S_SIZES, CONF_DOCUMENTED, ITEM, NN_GX_PROFILING_MEMORY_ACCESS, NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS, run_exact },
	{ "PROF-BUF-0010", "nngxGetProfilingParameter(BUSY_SAMPLING_TIME) writes exactly 1 word", S_GETP, CONF_INFERRED, PARAM, NN_GX_PROFILING_BUSY_SAMPLING_TIME, 1, run_exact },
	{ "PROF-BUF-0011", "nngxGetProfilingParameter(BUSY_SAMPLING_TIME_MICRO_SECOND) writes exactly 1 word", S_GETP, CONF_INFERRED, PARAM, NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND, 1, run_exact },
	{ "PROF-BUF-0012", "nngxGetProfilingParameter(BUSY_SAMPLING_TIME_NANO_SECOND) writes exactly 1 word", S_GETP, CONF_INFERRED, PARAM, NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND, 1, run_exact },
	{ "PROF-BUF-0013", "nngxGetProfilingParameter(BUSY_SAMPLING_COUNT) writes exactly 1 word", S_GETP, CONF_INFERRED, PARAM, NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 1, run_exact },
	{ "PROF-NULL-0001", "BUSY into NULL: no error", S_NULL, CONF_INFERRED, ITEM, NN_GX_PROFILING_BUSY, 0, run_null },
	{ "PROF-NULL-0002", "VERTEX_SHADER0 into NULL: no error", S_NULL, CONF_INFERRED, ITEM, NN_GX_PROFILING_VERTEX_SHADER0, 0, run_null },
	{ "PROF-NULL-0003", "VERTEX_CACHE into NULL: no error", S_NULL, CONF_INFERRED, ITEM, NN_GX_PROFILING_VERTEX_CACHE, 0, run_null },
	{ "PROF-NULL-0004", "POLYGON into NULL: no error", S_NULL, CONF_INFERRED, ITEM, NN_GX_PROFILING_POLYGON, 0, run_null },
	{ "PROF-NULL-0005", "FRAGMENT into NULL: no error", S_NULL, CONF_INFERRED, ITEM, NN_GX_PROFILING_FRAGMENT, 0, run_null },
	{ "PROF-NULL-0006", "MEMORY_ACCESS into NULL: no error", S_NULL, CONF_INFERRED, ITEM, NN_GX_PROFILING_MEMORY_ACCESS, 0, run_null },
	{ "PROF-NULL-0007", "nngxGetProfilingParameter(BUSY_SAMPLING_TIME) into NULL: no error", S_NULL, CONF_INFERRED, PARAM, NN_GX_PROFILING_BUSY_SAMPLING_TIME, 0, run_null },
	{ "PROF-NULL-0008", "nngxGetProfilingParameter(BUSY_SAMPLING_COUNT) into NULL: no error", S_NULL, CONF_INFERRED, PARAM, NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 0, run_null },
	{ "PROF-NULL-0009", "BUSY into NULL reads and resets nothing", S_NULL, CONF_INFERRED, ITEM, NN_GX_PROFILING_BUSY, 0, run_null_busy_keeps },
	{ "PROF-NULL-0010", "an invalid item into NULL still gives 80A4", S_NULL, CONF_INFERRED, ITEM, 0x090A, 0, run_null_bad_item },
};
#define ROW_COUNT (sizeof rows / sizeof rows[0])

static size_t count(void)
{
	return ROW_COUNT;
}

static void get(size_t i, struct conf_case *c)
{
	c->id = rows[i].id;
	c->desc = rows[i].desc;
	c->source = rows[i].source;
	c->flags = rows[i].flags;
	c->run = rows[i].run;
	c->arg = &rows[i];
}

const struct conf_area conf_area_prof_result = { "result buffers", count, get };
