/* conf_prof_flag.c: the GL error flag as the profiling functions use it
 * (OpenGL ES 2.0 section 2.5): one flag; the first error recorded stays
 * until glGetError returns it and clears it; errors raised while it is
 * set are dropped, not queued; successful calls leave it alone.
 *
 * Part of libnngx (MIT licence). */
#include "conf.h"

#define S_FLAG "OpenGL ES 2.0 section 2.5, GetError; libnngx doc/model.md, Behaviour: Errors (the GL error flag)"

static void flag_clear_reads_no_error(struct conf_result *r)
{
	CONF_GL_ERROR(r, GL_NO_ERROR, "glGetError with nothing recorded");
	CONF_GL_ERROR(r, GL_NO_ERROR, "glGetError again");
}

static void flag_first_start_then_stop(struct conf_result *r)
{
	nngxStartProfiling(0);
	nngxStopProfiling(0);
	CONF_GL_ERROR(r, GL_ERROR_80A2_DMP, "the first error (80A2) stays");
	CONF_GL_ERROR(r, GL_NO_ERROR, "the second error (80A3) was dropped");
}

static void flag_first_80a5_then_80a6(struct conf_result *r)
{
	nngxSetProfilingParameter(0x090F, 1);
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME, 0);
	CONF_GL_ERROR(r, GL_ERROR_80A5_DMP, "the first error (80A5) stays");
	CONF_GL_ERROR(r, GL_NO_ERROR, "the flag is clear");
}

static void flag_first_80a6_then_80a4(struct conf_result *r)
{
	GLuint result[CONF_RESULT_WORDS];

	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 65536);
	nngxGetProfilingResult(0x090A, result);
	CONF_GL_ERROR(r, GL_ERROR_80A6_DMP, "the first error (80A6) stays");
	CONF_GL_ERROR(r, GL_NO_ERROR, "the flag is clear");
}

static void flag_first_80a4_then_80a2(struct conf_result *r)
{
	GLuint result[CONF_RESULT_WORDS];

	nngxGetProfilingResult(0, result);
	nngxStartProfiling(NN_GX_PROFILING_POLYGON);
	CONF_GL_ERROR(r, GL_ERROR_80A4_DMP, "the first error (80A4) stays");
	CONF_GL_ERROR(r, GL_NO_ERROR, "the flag is clear");
}

static void flag_first_80a3_then_80a5(struct conf_result *r)
{
	nngxStopProfiling(NN_GX_PROFILING_FRAGMENT);
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY, 1);
	CONF_GL_ERROR(r, GL_ERROR_80A3_DMP, "the first error (80A3) stays");
	CONF_GL_ERROR(r, GL_NO_ERROR, "the flag is clear");
}

static void flag_success_keeps_flag(struct conf_result *r)
{
	GLuint result[CONF_RESULT_WORDS];

	nngxStartProfiling(0);
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME, 100);
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 1);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	nngxStopProfiling(NN_GX_PROFILING_BUSY);
	nngxGetProfilingResult(NN_GX_PROFILING_MEMORY_ACCESS, result);
	CONF_GL_ERROR(r, GL_ERROR_80A2_DMP, "successful calls left the error in the flag");
	CONF_GL_ERROR(r, GL_NO_ERROR, "the flag is clear");
}

static void flag_three_errors_two_reads(struct conf_result *r)
{
	nngxStopProfiling(0xFFFFFFFFu);
	nngxStartProfiling(0xFFFFFFFFu);
	nngxSetProfilingParameter(0xFFFFFFFFu, 0xFFFFFFFFu);
	CONF_GL_ERROR(r, GL_ERROR_80A3_DMP, "the first of three errors");
	CONF_GL_ERROR(r, GL_NO_ERROR, "the dropped errors are not queued");
}

static void flag_new_error_after_read(struct conf_result *r)
{
	nngxStartProfiling(0);
	CONF_GL_ERROR(r, GL_ERROR_80A2_DMP, "the first error");
	nngxStopProfiling(0);
	CONF_GL_ERROR(r, GL_ERROR_80A3_DMP, "an error after the read is recorded");
	CONF_GL_ERROR(r, GL_NO_ERROR, "the flag is clear");
}

static void flag_first_80a7_then_80a5(struct conf_result *r)
{
	GLuint param[CONF_RESULT_WORDS];

	nngxGetProfilingParameter(0, param);
	nngxSetProfilingParameter(0, 1);
	CONF_GL_ERROR(r, GL_ERROR_80A7_DMP, "the first error (80A7) stays");
	CONF_GL_ERROR(r, GL_NO_ERROR, "the flag is clear");
}

static void flag_first_80a5_then_80a7(struct conf_result *r)
{
	GLuint param[CONF_RESULT_WORDS];

	nngxSetProfilingParameter(0, 1);
	nngxGetProfilingParameter(0, param);
	CONF_GL_ERROR(r, GL_ERROR_80A5_DMP, "the first error (80A5) stays");
	CONF_GL_ERROR(r, GL_NO_ERROR, "the flag is clear");
}

struct flag_row {
	const char *id;
	const char *desc;
	unsigned flags;
	void (*check)(struct conf_result *r);
};

static const struct flag_row rows[] = {
	{ "PROF-FLAG-0001", "glGetError returns GL_NO_ERROR when nothing was recorded", CONF_DOCUMENTED, flag_clear_reads_no_error },
	{ "PROF-FLAG-0002", "80A2 then 80A3: the first stays, the second is dropped", CONF_DOCUMENTED, flag_first_start_then_stop },
	{ "PROF-FLAG-0003", "80A5 then 80A6: the first stays", CONF_DOCUMENTED, flag_first_80a5_then_80a6 },
	{ "PROF-FLAG-0004", "80A6 then 80A4: the first stays", CONF_DOCUMENTED, flag_first_80a6_then_80a4 },
	{ "PROF-FLAG-0005", "80A4 then 80A2: the first stays", CONF_DOCUMENTED, flag_first_80a4_then_80a2 },
	{ "PROF-FLAG-0006", "80A3 then 80A5: the first stays", CONF_DOCUMENTED, flag_first_80a3_then_80a5 },
	{ "PROF-FLAG-0007", "successful calls leave a recorded error in the flag", CONF_DOCUMENTED, flag_success_keeps_flag },
	{ "PROF-FLAG-0008", "three errors, one read: the later two are not queued", CONF_DOCUMENTED, flag_three_errors_two_reads },
	{ "PROF-FLAG-0009", "an error after glGetError cleared the flag is recorded", CONF_DOCUMENTED, flag_new_error_after_read },
	{ "PROF-FLAG-0010", "80A7 then 80A5: the first stays", CONF_INFERRED, flag_first_80a7_then_80a5 },
	{ "PROF-FLAG-0011", "80A5 then 80A7: the first stays", CONF_INFERRED, flag_first_80a5_then_80a7 },
};
#define ROW_COUNT (sizeof rows / sizeof rows[0])

static void run_row(struct conf_result *r, const void *arg)
{
	((const struct flag_row *)arg)->check(r);
}

static size_t count(void)
{
	return ROW_COUNT;
}

static void get(size_t i, struct conf_case *c)
{
	c->id = rows[i].id;
	c->desc = rows[i].desc;
	c->source = rows[i].flags & CONF_INFERRED
		    ? S_FLAG "; 80A7 inferred (libnngx doc/model.md, Behaviour, model choice)" : S_FLAG;
	c->flags = rows[i].flags;
	c->run = run_row;
	c->arg = &rows[i];
}

const struct conf_area conf_area_prof_flag = { "GL error flag", count, get };
