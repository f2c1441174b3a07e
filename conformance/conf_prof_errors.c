/* conf_prof_errors.c: the error code of every call of the five profiling
 * functions, one row a case: every class of invalid item and pname
 * (zero, values just outside the valid ones, the other function's
 * names, the undocumented INTERRUPT names, large values and values that
 * are valid in their low 16 bits), both ends of every parameter range,
 * pname checked before param. Each row also checks that glGetError clears
 * the flag, and that a call that records an error writes nothing: the
 * result buffer (64 words, canary words around it) must be untouched.
 *
 * Part of libnngx (MIT licence). */
#include <string.h>

#include "conf.h"

enum prof_call { START, STOP, RESULT, SETP, GETP };

struct prof_row {
	const char *id;
	const char *desc;
	const char *source;
	unsigned flags;
	enum prof_call call;
	GLenum name;            /* item or pname */
	GLuint param;           /* nngxSetProfilingParameter's value */
	GLenum want;            /* the error recorded, GL_NO_ERROR for none */
};

#define S_START "CTR-SDK reference nngxStartProfiling; manual ch. 9 (libnngx doc/model.md, Behaviour: Errors)"
#define S_STOP "CTR-SDK reference nngxStopProfiling; manual ch. 9 (libnngx doc/model.md, Behaviour: Errors)"
#define S_RESULT "CTR-SDK reference nngxGetProfilingResult (libnngx doc/model.md, Behaviour: Errors)"
#define S_SETP "CTR-SDK reference nngxSetProfilingParameter (libnngx doc/model.md, Behaviour: Errors, Parameters)"
#define S_GETP "inferred: SDK header declares 80A7 next in line (libnngx doc/model.md, Behaviour: Errors, model choice)"
#define S_INTR "libnngx doc/model.md, Behaviour: INTERRUPT names exist in the SDK header, undocumented (model choice)"
#define S_ORDER "libnngx doc/model.md, Behaviour: Errors: pname is checked before param"

#define INF CONF_INFERRED
#define DOC CONF_DOCUMENTED

/* Values that are not valid in 32 bits but are in their low 16 (an
 * implementation that truncates before checking accepts them), and values
 * whose product with 268 wraps 32 bits into the valid range. */
#define WRAPS_US 16025998u      /* x 268 = 2^32 + 168 */
#define WRAPS_NS 16026002u      /* x 268 = 2^32 + 1240 */

static const struct prof_row rows[] = {
	/* ---- nngxStartProfiling */
	{ "PROF-START-OK-0001", "BUSY can be started", S_START, DOC, START, NN_GX_PROFILING_BUSY, 0, GL_NO_ERROR },
	{ "PROF-START-OK-0002", "VERTEX_CACHE can be started", S_START, DOC, START, NN_GX_PROFILING_VERTEX_CACHE, 0, GL_NO_ERROR },
	{ "PROF-START-80A2-0001", "item 0 is rejected", S_START, DOC, START, 0, 0, GL_ERROR_80A2_DMP },
	{ "PROF-START-80A2-0002", "item 0x08FF, just below BUSY, is rejected", S_START, DOC, START, 0x08FF, 0, GL_ERROR_80A2_DMP },
	{ "PROF-START-80A2-0003", "INTERRUPT cannot be started", S_INTR, INF, START, NN_GX_PROFILING_INTERRUPT, 0, GL_ERROR_80A2_DMP },
	{ "PROF-START-80A2-0004", "VERTEX_SHADER0 cannot be started", S_START, DOC, START, NN_GX_PROFILING_VERTEX_SHADER0, 0, GL_ERROR_80A2_DMP },
	{ "PROF-START-80A2-0005", "VERTEX_SHADER1 cannot be started", S_START, DOC, START, NN_GX_PROFILING_VERTEX_SHADER1, 0, GL_ERROR_80A2_DMP },
	{ "PROF-START-80A2-0006", "VERTEX_SHADER2 cannot be started", S_START, DOC, START, NN_GX_PROFILING_VERTEX_SHADER2, 0, GL_ERROR_80A2_DMP },
	{ "PROF-START-80A2-0007", "VERTEX_SHADER3 cannot be started", S_START, DOC, START, NN_GX_PROFILING_VERTEX_SHADER3, 0, GL_ERROR_80A2_DMP },
	{ "PROF-START-80A2-0008", "POLYGON cannot be started", S_START, DOC, START, NN_GX_PROFILING_POLYGON, 0, GL_ERROR_80A2_DMP },
	{ "PROF-START-80A2-0009", "FRAGMENT cannot be started", S_START, DOC, START, NN_GX_PROFILING_FRAGMENT, 0, GL_ERROR_80A2_DMP },
	{ "PROF-START-80A2-0010", "MEMORY_ACCESS cannot be started", S_START, DOC, START, NN_GX_PROFILING_MEMORY_ACCESS, 0, GL_ERROR_80A2_DMP },
	{ "PROF-START-80A2-0011", "item 0x090A, just past MEMORY_ACCESS, is rejected", S_START, DOC, START, 0x090A, 0, GL_ERROR_80A2_DMP },
	{ "PROF-START-80A2-0012", "a parameter name (BUSY_SAMPLING_TIME) is not an item", S_START, DOC, START, NN_GX_PROFILING_BUSY_SAMPLING_TIME, 0, GL_ERROR_80A2_DMP },
	{ "PROF-START-80A2-0013", "0x10900 (BUSY in its low 16 bits) is rejected", S_START, DOC, START, 0x10900, 0, GL_ERROR_80A2_DMP },
	{ "PROF-START-80A2-0014", "0x80000906 (VERTEX_CACHE plus bit 31) is rejected", S_START, DOC, START, 0x80000906u, 0, GL_ERROR_80A2_DMP },
	{ "PROF-START-80A2-0015", "item 0xFFFFFFFF is rejected", S_START, DOC, START, 0xFFFFFFFFu, 0, GL_ERROR_80A2_DMP },

	/* ---- nngxStopProfiling */
	{ "PROF-STOP-OK-0001", "BUSY can be stopped", S_STOP, DOC, STOP, NN_GX_PROFILING_BUSY, 0, GL_NO_ERROR },
	{ "PROF-STOP-OK-0002", "VERTEX_CACHE can be stopped", S_STOP, DOC, STOP, NN_GX_PROFILING_VERTEX_CACHE, 0, GL_NO_ERROR },
	{ "PROF-STOP-80A3-0001", "item 0 is rejected", S_STOP, DOC, STOP, 0, 0, GL_ERROR_80A3_DMP },
	{ "PROF-STOP-80A3-0002", "item 0x08FF, just below BUSY, is rejected", S_STOP, DOC, STOP, 0x08FF, 0, GL_ERROR_80A3_DMP },
	{ "PROF-STOP-80A3-0003", "INTERRUPT cannot be stopped", S_INTR, INF, STOP, NN_GX_PROFILING_INTERRUPT, 0, GL_ERROR_80A3_DMP },
	{ "PROF-STOP-80A3-0004", "VERTEX_SHADER0 cannot be stopped", S_STOP, DOC, STOP, NN_GX_PROFILING_VERTEX_SHADER0, 0, GL_ERROR_80A3_DMP },
	{ "PROF-STOP-80A3-0005", "VERTEX_SHADER1 cannot be stopped", S_STOP, DOC, STOP, NN_GX_PROFILING_VERTEX_SHADER1, 0, GL_ERROR_80A3_DMP },
	{ "PROF-STOP-80A3-0006", "VERTEX_SHADER2 cannot be stopped", S_STOP, DOC, STOP, NN_GX_PROFILING_VERTEX_SHADER2, 0, GL_ERROR_80A3_DMP },
	{ "PROF-STOP-80A3-0007", "VERTEX_SHADER3 cannot be stopped", S_STOP, DOC, STOP, NN_GX_PROFILING_VERTEX_SHADER3, 0, GL_ERROR_80A3_DMP },
	{ "PROF-STOP-80A3-0008", "POLYGON cannot be stopped", S_STOP, DOC, STOP, NN_GX_PROFILING_POLYGON, 0, GL_ERROR_80A3_DMP },
	{ "PROF-STOP-80A3-0009", "FRAGMENT cannot be stopped", S_STOP, DOC, STOP, NN_GX_PROFILING_FRAGMENT, 0, GL_ERROR_80A3_DMP },
	{ "PROF-STOP-80A3-0010", "MEMORY_ACCESS cannot be stopped", S_STOP, DOC, STOP, NN_GX_PROFILING_MEMORY_ACCESS, 0, GL_ERROR_80A3_DMP },
	{ "PROF-STOP-80A3-0011", "item 0x090A, just past MEMORY_ACCESS, is rejected", S_STOP, DOC, STOP, 0x090A, 0, GL_ERROR_80A3_DMP },
	{ "PROF-STOP-80A3-0012", "a parameter name (BUSY_SAMPLING_COUNT) is not an item", S_STOP, DOC, STOP, NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 0, GL_ERROR_80A3_DMP },
	{ "PROF-STOP-80A3-0013", "0x10900 (BUSY in its low 16 bits) is rejected", S_STOP, DOC, STOP, 0x10900, 0, GL_ERROR_80A3_DMP },
	{ "PROF-STOP-80A3-0014", "0x80000906 (VERTEX_CACHE plus bit 31) is rejected", S_STOP, DOC, STOP, 0x80000906u, 0, GL_ERROR_80A3_DMP },
	{ "PROF-STOP-80A3-0015", "item 0xFFFFFFFF is rejected", S_STOP, DOC, STOP, 0xFFFFFFFFu, 0, GL_ERROR_80A3_DMP },

	/* ---- nngxGetProfilingResult (the valid items: conf_prof_result.c) */
	{ "PROF-RESULT-80A4-0001", "item 0 is rejected, nothing written", S_RESULT, DOC, RESULT, 0, 0, GL_ERROR_80A4_DMP },
	{ "PROF-RESULT-80A4-0002", "item 0x08FF, just below BUSY, is rejected", S_RESULT, DOC, RESULT, 0x08FF, 0, GL_ERROR_80A4_DMP },
	{ "PROF-RESULT-80A4-0003", "INTERRUPT is rejected, none of its 48 words written", S_INTR, INF, RESULT, NN_GX_PROFILING_INTERRUPT, 0, GL_ERROR_80A4_DMP },
	{ "PROF-RESULT-80A4-0004", "item 0x090A, just past MEMORY_ACCESS, is rejected", S_RESULT, DOC, RESULT, 0x090A, 0, GL_ERROR_80A4_DMP },
	{ "PROF-RESULT-80A4-0005", "a parameter name (BUSY_SAMPLING_TIME) is not an item", S_RESULT, DOC, RESULT, NN_GX_PROFILING_BUSY_SAMPLING_TIME, 0, GL_ERROR_80A4_DMP },
	{ "PROF-RESULT-80A4-0006", "a parameter name (BUSY_SAMPLING_TIME_NANO_SECOND) is not an item", S_RESULT, DOC, RESULT, NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND, 0, GL_ERROR_80A4_DMP },
	{ "PROF-RESULT-80A4-0007", "0x10900 (BUSY in its low 16 bits) is rejected", S_RESULT, DOC, RESULT, 0x10900, 0, GL_ERROR_80A4_DMP },
	{ "PROF-RESULT-80A4-0008", "0x80000909 (MEMORY_ACCESS plus bit 31) is rejected", S_RESULT, DOC, RESULT, 0x80000909u, 0, GL_ERROR_80A4_DMP },
	{ "PROF-RESULT-80A4-0009", "item 0xFFFFFFFF is rejected", S_RESULT, DOC, RESULT, 0xFFFFFFFFu, 0, GL_ERROR_80A4_DMP },
	{ "PROF-RESULT-80A4-0010", "item 0x0800 is rejected", S_RESULT, DOC, RESULT, 0x0800, 0, GL_ERROR_80A4_DMP },

	/* ---- nngxSetProfilingParameter: valid values */
	{ "PROF-SETP-OK-0001", "BUSY_SAMPLING_TIME accepts 1", S_SETP, DOC, SETP, NN_GX_PROFILING_BUSY_SAMPLING_TIME, 1, GL_NO_ERROR },
	{ "PROF-SETP-OK-0002", "BUSY_SAMPLING_TIME accepts 65535", S_SETP, DOC, SETP, NN_GX_PROFILING_BUSY_SAMPLING_TIME, 65535, GL_NO_ERROR },
	{ "PROF-SETP-OK-0003", "BUSY_SAMPLING_TIME_MICRO_SECOND accepts 1", S_SETP, DOC, SETP, NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND, 1, GL_NO_ERROR },
	{ "PROF-SETP-OK-0004", "BUSY_SAMPLING_TIME_MICRO_SECOND accepts 244", S_SETP, DOC, SETP, NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND, 244, GL_NO_ERROR },
	{ "PROF-SETP-OK-0005", "BUSY_SAMPLING_TIME_NANO_SECOND accepts 1", S_SETP, DOC, SETP, NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND, 1, GL_NO_ERROR },
	{ "PROF-SETP-OK-0006", "BUSY_SAMPLING_TIME_NANO_SECOND accepts 244537", S_SETP, DOC, SETP, NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND, 244537, GL_NO_ERROR },
	{ "PROF-SETP-OK-0007", "BUSY_SAMPLING_COUNT accepts 0", S_SETP, DOC, SETP, NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 0, GL_NO_ERROR },
	{ "PROF-SETP-OK-0008", "BUSY_SAMPLING_COUNT accepts 65535", S_SETP, DOC, SETP, NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 65535, GL_NO_ERROR },
	{ "PROF-SETP-OK-0009", "BUSY_SAMPLING_TIME_NANO_SECOND accepts 3 (under one clock)", S_SETP, DOC, SETP, NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND, 3, GL_NO_ERROR },

	/* ---- nngxSetProfilingParameter: invalid pname (80A5) */
	{ "PROF-SETP-80A5-0001", "pname 0 is rejected", S_SETP, DOC, SETP, 0, 100, GL_ERROR_80A5_DMP },
	{ "PROF-SETP-80A5-0002", "pname 0x090F, just below BUSY_SAMPLING_TIME, is rejected", S_SETP, DOC, SETP, 0x090F, 100, GL_ERROR_80A5_DMP },
	{ "PROF-SETP-80A5-0003", "INTERRUPT_ENABLE is rejected", S_INTR, INF, SETP, NN_GX_PROFILING_INTERRUPT_ENABLE, 1, GL_ERROR_80A5_DMP },
	{ "PROF-SETP-80A5-0004", "INTERRUPT_TRIGGER is rejected", S_INTR, INF, SETP, NN_GX_PROFILING_INTERRUPT_TRIGGER, 1, GL_ERROR_80A5_DMP },
	{ "PROF-SETP-80A5-0005", "INTERRUPT_IS_LOGGING is rejected", S_INTR, INF, SETP, NN_GX_PROFILING_INTERRUPT_IS_LOGGING, 1, GL_ERROR_80A5_DMP },
	{ "PROF-SETP-80A5-0006", "pname 0x0917, just past BUSY_SAMPLING_TIME_NANO_SECOND, is rejected", S_SETP, DOC, SETP, 0x0917, 100, GL_ERROR_80A5_DMP },
	{ "PROF-SETP-80A5-0007", "an item name (BUSY) is not a pname", S_SETP, DOC, SETP, NN_GX_PROFILING_BUSY, 100, GL_ERROR_80A5_DMP },
	{ "PROF-SETP-80A5-0008", "0x10910 (BUSY_SAMPLING_TIME in its low 16 bits) is rejected", S_SETP, DOC, SETP, 0x10910, 100, GL_ERROR_80A5_DMP },
	{ "PROF-SETP-80A5-0009", "0x80000911 (BUSY_SAMPLING_COUNT plus bit 31) is rejected", S_SETP, DOC, SETP, 0x80000911u, 100, GL_ERROR_80A5_DMP },
	{ "PROF-SETP-80A5-0010", "pname 0xFFFFFFFF is rejected", S_SETP, DOC, SETP, 0xFFFFFFFFu, 100, GL_ERROR_80A5_DMP },
	{ "PROF-SETP-80A5-0011", "invalid pname with param 0 gives 80A5, not 80A6", S_ORDER, DOC, SETP, 0x090F, 0, GL_ERROR_80A5_DMP },
	{ "PROF-SETP-80A5-0012", "invalid pname with param 0xFFFFFFFF gives 80A5, not 80A6", S_ORDER, DOC, SETP, 0x0917, 0xFFFFFFFFu, GL_ERROR_80A5_DMP },
	{ "PROF-SETP-80A5-0013", "INTERRUPT_TRIGGER with param 70000 gives 80A5", S_INTR, INF, SETP, NN_GX_PROFILING_INTERRUPT_TRIGGER, 70000, GL_ERROR_80A5_DMP },

	/* ---- nngxSetProfilingParameter: param out of range (80A6) */
	{ "PROF-SETP-80A6-0001", "BUSY_SAMPLING_TIME rejects 0", S_SETP, DOC, SETP, NN_GX_PROFILING_BUSY_SAMPLING_TIME, 0, GL_ERROR_80A6_DMP },
	{ "PROF-SETP-80A6-0002", "BUSY_SAMPLING_TIME rejects 65536", S_SETP, DOC, SETP, NN_GX_PROFILING_BUSY_SAMPLING_TIME, 65536, GL_ERROR_80A6_DMP },
	{ "PROF-SETP-80A6-0003", "BUSY_SAMPLING_TIME rejects 0x10001 (1 in its low 16 bits)", S_SETP, DOC, SETP, NN_GX_PROFILING_BUSY_SAMPLING_TIME, 0x10001, GL_ERROR_80A6_DMP },
	{ "PROF-SETP-80A6-0004", "BUSY_SAMPLING_TIME rejects 0x80000000", S_SETP, DOC, SETP, NN_GX_PROFILING_BUSY_SAMPLING_TIME, 0x80000000u, GL_ERROR_80A6_DMP },
	{ "PROF-SETP-80A6-0005", "BUSY_SAMPLING_TIME rejects 0xFFFFFFFF", S_SETP, DOC, SETP, NN_GX_PROFILING_BUSY_SAMPLING_TIME, 0xFFFFFFFFu, GL_ERROR_80A6_DMP },
	{ "PROF-SETP-80A6-0006", "BUSY_SAMPLING_TIME_MICRO_SECOND rejects 0", S_SETP, DOC, SETP, NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND, 0, GL_ERROR_80A6_DMP },
	{ "PROF-SETP-80A6-0007", "BUSY_SAMPLING_TIME_MICRO_SECOND rejects 245 (65660 clocks)", S_SETP, DOC, SETP, NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND, 245, GL_ERROR_80A6_DMP },
	{ "PROF-SETP-80A6-0008", "BUSY_SAMPLING_TIME_MICRO_SECOND rejects 16025998 (x268 wraps to 168)", S_SETP, DOC, SETP, NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND, WRAPS_US, GL_ERROR_80A6_DMP },
	{ "PROF-SETP-80A6-0009", "BUSY_SAMPLING_TIME_MICRO_SECOND rejects 0xFFFFFFFF", S_SETP, DOC, SETP, NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND, 0xFFFFFFFFu, GL_ERROR_80A6_DMP },
	{ "PROF-SETP-80A6-0010", "BUSY_SAMPLING_TIME_NANO_SECOND rejects 0", S_SETP, DOC, SETP, NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND, 0, GL_ERROR_80A6_DMP },
	{ "PROF-SETP-80A6-0011", "BUSY_SAMPLING_TIME_NANO_SECOND rejects 244538", S_SETP, DOC, SETP, NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND, 244538, GL_ERROR_80A6_DMP },
	{ "PROF-SETP-80A6-0012", "BUSY_SAMPLING_TIME_NANO_SECOND rejects 16026002 (x268 wraps to 1240)", S_SETP, DOC, SETP, NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND, WRAPS_NS, GL_ERROR_80A6_DMP },
	{ "PROF-SETP-80A6-0013", "BUSY_SAMPLING_TIME_NANO_SECOND rejects 0xFFFFFFFF", S_SETP, DOC, SETP, NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND, 0xFFFFFFFFu, GL_ERROR_80A6_DMP },
	{ "PROF-SETP-80A6-0014", "BUSY_SAMPLING_COUNT rejects 65536", S_SETP, DOC, SETP, NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 65536, GL_ERROR_80A6_DMP },
	{ "PROF-SETP-80A6-0015", "BUSY_SAMPLING_COUNT rejects 0x10005 (5 in its low 16 bits)", S_SETP, DOC, SETP, NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 0x10005, GL_ERROR_80A6_DMP },
	{ "PROF-SETP-80A6-0016", "BUSY_SAMPLING_COUNT rejects 0x80000000", S_SETP, DOC, SETP, NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 0x80000000u, GL_ERROR_80A6_DMP },
	{ "PROF-SETP-80A6-0017", "BUSY_SAMPLING_COUNT rejects 0xFFFFFFFF", S_SETP, DOC, SETP, NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 0xFFFFFFFFu, GL_ERROR_80A6_DMP },

	/* ---- nngxGetProfilingParameter (inferred throughout) */
	{ "PROF-GETP-OK-0001", "BUSY_SAMPLING_TIME can be read", S_GETP, INF, GETP, NN_GX_PROFILING_BUSY_SAMPLING_TIME, 0, GL_NO_ERROR },
	{ "PROF-GETP-OK-0002", "BUSY_SAMPLING_TIME_MICRO_SECOND can be read", S_GETP, INF, GETP, NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND, 0, GL_NO_ERROR },
	{ "PROF-GETP-OK-0003", "BUSY_SAMPLING_TIME_NANO_SECOND can be read", S_GETP, INF, GETP, NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND, 0, GL_NO_ERROR },
	{ "PROF-GETP-OK-0004", "BUSY_SAMPLING_COUNT can be read", S_GETP, INF, GETP, NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 0, GL_NO_ERROR },
	{ "PROF-GETP-80A7-0001", "pname 0 is rejected, nothing written", S_GETP, INF, GETP, 0, 0, GL_ERROR_80A7_DMP },
	{ "PROF-GETP-80A7-0002", "pname 0x090F, just below BUSY_SAMPLING_TIME, is rejected", S_GETP, INF, GETP, 0x090F, 0, GL_ERROR_80A7_DMP },
	{ "PROF-GETP-80A7-0003", "INTERRUPT_ENABLE is rejected", S_GETP, INF, GETP, NN_GX_PROFILING_INTERRUPT_ENABLE, 0, GL_ERROR_80A7_DMP },
	{ "PROF-GETP-80A7-0004", "INTERRUPT_TRIGGER is rejected", S_GETP, INF, GETP, NN_GX_PROFILING_INTERRUPT_TRIGGER, 0, GL_ERROR_80A7_DMP },
	{ "PROF-GETP-80A7-0005", "INTERRUPT_IS_LOGGING is rejected", S_GETP, INF, GETP, NN_GX_PROFILING_INTERRUPT_IS_LOGGING, 0, GL_ERROR_80A7_DMP },
	{ "PROF-GETP-80A7-0006", "pname 0x0917, just past BUSY_SAMPLING_TIME_NANO_SECOND, is rejected", S_GETP, INF, GETP, 0x0917, 0, GL_ERROR_80A7_DMP },
	{ "PROF-GETP-80A7-0007", "an item name (BUSY) is not a pname", S_GETP, INF, GETP, NN_GX_PROFILING_BUSY, 0, GL_ERROR_80A7_DMP },
	{ "PROF-GETP-80A7-0008", "0x10911 (BUSY_SAMPLING_COUNT in its low 16 bits) is rejected", S_GETP, INF, GETP, 0x10911, 0, GL_ERROR_80A7_DMP },
	{ "PROF-GETP-80A7-0009", "pname 0xFFFFFFFF is rejected", S_GETP, INF, GETP, 0xFFFFFFFFu, 0, GL_ERROR_80A7_DMP },
};
#define ROW_COUNT (sizeof rows / sizeof rows[0])

#define CANARY_WORDS 4
#define BUFFER_WORDS CONF_RESULT_WORDS
#define FILL(i) (0xC0DE0000u + (GLuint)(i))

static void run_row(struct conf_result *r, const void *arg)
{
	const struct prof_row *row = arg;
	GLuint buf[CANARY_WORDS + BUFFER_WORDS + CANARY_WORDS];
	GLuint *result = buf + CANARY_WORDS;
	size_t i;

	for (i = 0; i < sizeof buf / sizeof buf[0]; i++)
		buf[i] = FILL(i);
	switch (row->call) {
	case START: nngxStartProfiling(row->name); break;
	case STOP: nngxStopProfiling(row->name); break;
	case RESULT: nngxGetProfilingResult(row->name, result); break;
	case SETP: nngxSetProfilingParameter(row->name, row->param); break;
	case GETP: nngxGetProfilingParameter(row->name, result); break;
	}
	CONF_GL_ERROR(r, row->want, "the error recorded");
	CONF_GL_ERROR(r, GL_NO_ERROR, "glGetError cleared the flag");
	if (row->call == START) {
		nngxStopProfiling(row->name == NN_GX_PROFILING_VERTEX_CACHE
				  ? NN_GX_PROFILING_VERTEX_CACHE : NN_GX_PROFILING_BUSY);
		conf_clear_errors();
	}
	if (row->want == GL_NO_ERROR)
		return;
	for (i = 0; i < sizeof buf / sizeof buf[0]; i++)
		CONF_EQ(r, buf[i], FILL(i), "the failing call wrote the buffer");
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
	c->flags = rows[i].flags;
	c->run = run_row;
	c->arg = &rows[i];
}

const struct conf_area conf_area_prof_errors = { "profiling errors", count, get };
