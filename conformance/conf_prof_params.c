/* conf_prof_params.c: the sampling parameters as nngxGetProfilingParameter
 * reads them back: the stored clocks of each time pname (x268 for
 * microseconds, floor(x268/1000) for nanoseconds), the last time pname
 * wins, the count, and a call that records 80A5 or 80A6 changes nothing.
 * nngxGetProfilingParameter is undocumented, so every case here is
 * inferred; conf_prof_busy.c checks the documented rules again through
 * the busy counter alone.
 *
 * Part of libnngx (MIT licence). */
#include "conf.h"

#define TIME NN_GX_PROFILING_BUSY_SAMPLING_TIME
#define US NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND
#define NS NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND
#define COUNT NN_GX_PROFILING_BUSY_SAMPLING_COUNT

#define S_CONV "libnngx doc/model.md, Behaviour: Parameters (268 MHz, truncation); read back with the undocumented nngxGetProfilingParameter"
#define S_MODEL "libnngx doc/model.md, Behaviour: Parameters (model choice); read back with the undocumented nngxGetProfilingParameter"
#define S_KEEP "libnngx doc/model.md, Behaviour: Errors: a call that records an error has no other effect; read back with nngxGetProfilingParameter"

struct param_row {
	const char *id;
	const char *desc;
	const char *source;
	GLenum pname1;          /* set first, must succeed */
	GLuint param1;
	GLenum pname2;          /* then (0: nothing) */
	GLuint param2;
	GLenum error2;          /* what the second call records */
	GLenum read;            /* read back */
	GLuint want;
};

static const struct param_row rows[] = {
	{ "PROF-PARAM-0001", "BUSY_SAMPLING_TIME 1 reads back 1", S_CONV, TIME, 1, 0, 0, 0, TIME, 1 },
	{ "PROF-PARAM-0002", "BUSY_SAMPLING_TIME 65535 reads back 65535", S_CONV, TIME, 65535, 0, 0, 0, TIME, 65535 },
	{ "PROF-PARAM-0003", "BUSY_SAMPLING_TIME 1000 reads back 1000", S_CONV, TIME, 1000, 0, 0, 0, TIME, 1000 },
	{ "PROF-PARAM-0004", "1 us is 268 clocks", S_CONV, US, 1, 0, 0, 0, TIME, 268 },
	{ "PROF-PARAM-0005", "244 us is 65392 clocks", S_CONV, US, 244, 0, 0, 0, TIME, 65392 },
	{ "PROF-PARAM-0006", "244537 ns is 65535 clocks (65535.9 truncated)", S_CONV, NS, 244537, 0, 0, 0, TIME, 65535 },
	{ "PROF-PARAM-0007", "1000 ns is 268 clocks", S_CONV, NS, 1000, 0, 0, 0, TIME, 268 },
	{ "PROF-PARAM-0008", "3731 ns is 999 clocks (999.9 truncated)", S_CONV, NS, 3731, 0, 0, 0, TIME, 999 },
	{ "PROF-PARAM-0009", "4 ns is 1 clock (1.07 truncated)", S_CONV, NS, 4, 0, 0, 0, TIME, 1 },
	{ "PROF-PARAM-0010", "3 ns (0.8 clocks) stores 1 clock", S_MODEL, NS, 3, 0, 0, 0, TIME, 1 },
	{ "PROF-PARAM-0011", "1 ns (0.27 clocks) stores 1 clock", S_MODEL, NS, 1, 0, 0, 0, TIME, 1 },
	{ "PROF-PARAM-0012", "1000 clocks read in us are floor(1000/268) = 3", S_MODEL, TIME, 1000, 0, 0, 0, US, 3 },
	{ "PROF-PARAM-0013", "1000 clocks read in ns are floor(1000000/268) = 3731", S_MODEL, TIME, 1000, 0, 0, 0, NS, 3731 },
	{ "PROF-PARAM-0014", "244 us read in us are 244", S_MODEL, US, 244, 0, 0, 0, US, 244 },
	{ "PROF-PARAM-0015", "244537 ns read in ns are floor(65535000/268) = 244533", S_MODEL, NS, 244537, 0, 0, 0, NS, 244533 },
	{ "PROF-PARAM-0016", "BUSY_SAMPLING_COUNT 0 reads back 0", S_CONV, COUNT, 0, 0, 0, 0, COUNT, 0 },
	{ "PROF-PARAM-0017", "BUSY_SAMPLING_COUNT 65535 reads back 65535", S_CONV, COUNT, 65535, 0, 0, 0, COUNT, 65535 },
	{ "PROF-PARAM-0018", "setting the time leaves the count", S_CONV, COUNT, 7, TIME, 100, 0, COUNT, 7 },
	{ "PROF-PARAM-0019", "setting the count leaves the time", S_CONV, TIME, 4321, COUNT, 3, 0, TIME, 4321 },
	{ "PROF-PARAM-0020", "the last time pname wins: us then clocks", S_CONV, US, 2, TIME, 5, 0, TIME, 5 },
	{ "PROF-PARAM-0021", "the last time pname wins: clocks then ns", S_CONV, TIME, 5, NS, 1000, 0, TIME, 268 },
	{ "PROF-PARAM-0022", "the last time pname wins: ns then us", S_CONV, NS, 1000, US, 3, 0, TIME, 804 },

	{ "PROF-SETP-80A6-0101", "80A6 (time 0) leaves the time", S_KEEP, TIME, 1234, TIME, 0, GL_ERROR_80A6_DMP, TIME, 1234 },
	{ "PROF-SETP-80A6-0102", "80A6 (time 65536) leaves the time", S_KEEP, TIME, 1234, TIME, 65536, GL_ERROR_80A6_DMP, TIME, 1234 },
	{ "PROF-SETP-80A6-0103", "80A6 (time 0x10001) leaves the time", S_KEEP, TIME, 1234, TIME, 0x10001, GL_ERROR_80A6_DMP, TIME, 1234 },
	{ "PROF-SETP-80A6-0104", "80A6 (245 us) leaves the time", S_KEEP, TIME, 1234, US, 245, GL_ERROR_80A6_DMP, TIME, 1234 },
	{ "PROF-SETP-80A6-0105", "80A6 (0 us) leaves the time", S_KEEP, TIME, 1234, US, 0, GL_ERROR_80A6_DMP, TIME, 1234 },
	{ "PROF-SETP-80A6-0106", "80A6 (16025998 us, x268 wraps) leaves the time", S_KEEP, TIME, 1234, US, 16025998u, GL_ERROR_80A6_DMP, TIME, 1234 },
	{ "PROF-SETP-80A6-0107", "80A6 (244538 ns) leaves the time", S_KEEP, TIME, 1234, NS, 244538, GL_ERROR_80A6_DMP, TIME, 1234 },
	{ "PROF-SETP-80A6-0108", "80A6 (0 ns) leaves the time", S_KEEP, TIME, 1234, NS, 0, GL_ERROR_80A6_DMP, TIME, 1234 },
	{ "PROF-SETP-80A6-0109", "80A6 (count 65536) leaves the count", S_KEEP, COUNT, 9, COUNT, 65536, GL_ERROR_80A6_DMP, COUNT, 9 },
	{ "PROF-SETP-80A6-0110", "80A6 (count 0x10005) leaves the count", S_KEEP, COUNT, 9, COUNT, 0x10005, GL_ERROR_80A6_DMP, COUNT, 9 },
	{ "PROF-SETP-80A6-0111", "80A6 (count 0xFFFFFFFF) leaves the count", S_KEEP, COUNT, 9, COUNT, 0xFFFFFFFFu, GL_ERROR_80A6_DMP, COUNT, 9 },
	{ "PROF-SETP-80A5-0101", "80A5 (pname 0x090F) leaves the time", S_KEEP, TIME, 1234, 0x090F, 5, GL_ERROR_80A5_DMP, TIME, 1234 },
	{ "PROF-SETP-80A5-0102", "80A5 (pname 0x10910) leaves the time", S_KEEP, TIME, 1234, 0x10910, 5, GL_ERROR_80A5_DMP, TIME, 1234 },
	{ "PROF-SETP-80A5-0103", "80A5 (pname 0x10911) leaves the count", S_KEEP, COUNT, 9, 0x10911, 5, GL_ERROR_80A5_DMP, COUNT, 9 },
	{ "PROF-SETP-80A5-0104", "80A5 (INTERRUPT_ENABLE) leaves the count", S_KEEP, COUNT, 9, NN_GX_PROFILING_INTERRUPT_ENABLE, 5, GL_ERROR_80A5_DMP, COUNT, 9 },
};
#define ROW_COUNT (sizeof rows / sizeof rows[0])

static void run_row(struct conf_result *r, const void *arg)
{
	const struct param_row *row = arg;
	GLuint value[CONF_RESULT_WORDS];

	nngxStopProfiling(NN_GX_PROFILING_BUSY);
	nngxSetProfilingParameter(row->pname1, row->param1);
	CONF_GL_ERROR(r, GL_NO_ERROR, "the first, valid setting");
	if (row->pname2) {
		nngxSetProfilingParameter(row->pname2, row->param2);
		CONF_GL_ERROR(r, row->error2, "the second setting");
	}
	value[0] = 0xDEADBEEFu;
	nngxGetProfilingParameter(row->read, value);
	CONF_GL_ERROR(r, GL_NO_ERROR, "reading the parameter back");
	CONF_EQ(r, value[0], row->want, "the value read back");
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
	c->flags = CONF_INFERRED;
	c->run = run_row;
	c->arg = &rows[i];
}

const struct conf_area conf_area_prof_params = { "profiling parameters", count, get };
