/* conf_prof_counters.c: the always-running counters (VERTEX_SHADER0..3,
 * POLYGON, FRAGMENT, MEMORY_ACCESS) as the API shows them: GPU work
 * moves them, and a call that records an error moves none of them.
 * Reads never reset them (each PROF-BUF case reads twice).
 *
 * Part of libnngx (MIT licence). */
#include <string.h>

#include "conf.h"

#define S_MEMORY "manual ch. 9, MEMORY_ACCESS word 14/15: writes by the memory-fill channels (glClear) (libnngx doc/model.md, Behaviour)"
#define S_KEEP "libnngx doc/model.md, Behaviour: Errors: a call that records an error has no other effect (the always-running counters)"

/* Every always-running counter, in one row of words. */
static const GLenum counters[] = {
	NN_GX_PROFILING_VERTEX_SHADER0, NN_GX_PROFILING_VERTEX_SHADER1,
	NN_GX_PROFILING_VERTEX_SHADER2, NN_GX_PROFILING_VERTEX_SHADER3,
	NN_GX_PROFILING_POLYGON, NN_GX_PROFILING_FRAGMENT, NN_GX_PROFILING_MEMORY_ACCESS,
};
#define COUNTER_COUNT (sizeof counters / sizeof counters[0])
#define SNAPSHOT_WORDS (COUNTER_COUNT * CONF_RESULT_WORDS)

static void snapshot(GLuint *words)
{
	size_t k;

	memset(words, 0, SNAPSHOT_WORDS * sizeof *words);
	for (k = 0; k < COUNTER_COUNT; k++)
		nngxGetProfilingResult(counters[k], words + k * CONF_RESULT_WORDS);
}

/* The LCDs read the display buffers all the time, through VRAM: on real
 * hardware MEMORY_ACCESS words 0-3 (VRAM channels) and 10-11 (LCD reads)
 * move between two reads with no call in between. */
static int moves_by_itself(size_t i)
{
	size_t memory = (COUNTER_COUNT - 1) * CONF_RESULT_WORDS;

	return i >= memory && (i - memory <= 3 || i - memory == 10 || i - memory == 11);
}

static void count_clear_adds_fill_writes(struct conf_result *r)
{
	GLuint before[CONF_RESULT_WORDS], after[CONF_RESULT_WORDS];

	nngxGetProfilingResult(NN_GX_PROFILING_MEMORY_ACCESS, before);
	CONF_GL_ERROR(r, GL_NO_ERROR, "reading MEMORY_ACCESS");
	CONF_TRUE(r, conf_gpu_clears(1), "a colour clear");
	nngxGetProfilingResult(NN_GX_PROFILING_MEMORY_ACCESS, after);
	CONF_GL_ERROR(r, GL_NO_ERROR, "reading MEMORY_ACCESS");
	CONF_TRUE(r, after[14] + after[15] != before[14] + before[15],
		  "the fill channels' writes (words 14 and 15) did not move");
}

static void count_rejected_calls_move_nothing(struct conf_result *r)
{
	static GLuint before[SNAPSHOT_WORDS], after[SNAPSHOT_WORDS];
	GLuint out[CONF_RESULT_WORDS];
	size_t i;

	snapshot(before);
	CONF_GL_ERROR(r, GL_NO_ERROR, "reading the counters");
	nngxStartProfiling(NN_GX_PROFILING_FRAGMENT);
	CONF_GL_ERROR(r, GL_ERROR_80A2_DMP, "start of FRAGMENT");
	nngxStopProfiling(NN_GX_PROFILING_POLYGON);
	CONF_GL_ERROR(r, GL_ERROR_80A3_DMP, "stop of POLYGON");
	nngxGetProfilingResult(0x090A, out);
	CONF_GL_ERROR(r, GL_ERROR_80A4_DMP, "read of 0x090A");
	nngxSetProfilingParameter(0x090F, 1);
	CONF_GL_ERROR(r, GL_ERROR_80A5_DMP, "set of pname 0x090F");
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME, 0);
	CONF_GL_ERROR(r, GL_ERROR_80A6_DMP, "time 0");
	snapshot(after);
	CONF_GL_ERROR(r, GL_NO_ERROR, "reading the counters again");
	for (i = 0; i < SNAPSHOT_WORDS; i++)
		if (!moves_by_itself(i))
			CONF_EQ(r, after[i], before[i], "an always-running counter moved");
}

struct count_row {
	const char *id;
	const char *desc;
	const char *source;
	void (*check)(struct conf_result *r);
};

static const struct count_row rows[] = {
	{ "PROF-COUNT-0001", "a colour clear adds to the memory-fill writes of MEMORY_ACCESS", S_MEMORY, count_clear_adds_fill_writes },
	{ "PROF-COUNT-0002", "calls that record 80A2-80A6 move no always-running counter", S_KEEP, count_rejected_calls_move_nothing },
};
#define ROW_COUNT (sizeof rows / sizeof rows[0])

static void run_row(struct conf_result *r, const void *arg)
{
	((const struct count_row *)arg)->check(r);
}

static size_t count(void)
{
	return ROW_COUNT;
}

static void get(size_t i, struct conf_case *c)
{
	c->id = rows[i].id;
	c->desc = rows[i].desc;
	c->source = rows[i].source;
	c->flags = CONF_DOCUMENTED;
	c->run = run_row;
	c->arg = &rows[i];
}

const struct conf_area conf_area_prof_counters = { "always-running counters", count, get };
