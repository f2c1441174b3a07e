/* conf.h: the nngx conformance suite's case table and checks.
 *
 * The suite is plain C99 and uses nothing but the SDK's own headers and
 * names (<nn/gx.h>, <GLES2/gl2.h>, <GLES2/gl2ext.h>) and stdio, stdlib
 * and string, so that it builds against any implementation of the SDK's
 * gx API. Each area (conf_<area>.c) is a table of cases; the runner
 * (conf_runner.c) selects, runs and reports them; the platform file
 * (conf_platform.c) is the only part a target may need to replace.
 *
 * Part of libnngx (MIT licence). */
#ifndef NNGX_CONF_H
#define NNGX_CONF_H

#include <stddef.h>

#include <nn/gx.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

/* Case flags. A case marked CONF_INFERRED rests on an inference or a
 * documented model choice rather than on the SDK documentation
 * (--documented-only leaves it out). */
#define CONF_DOCUMENTED 0u
#define CONF_INFERRED   1u

/* What a case found: the first failed check, with its values. */
struct conf_result {
	int failed;
	const char *file;
	int line;
	char what[200];
	int has_values;
	unsigned long got, want;
};

struct conf_case {
	const char *id;         /* stable: PROF-START-80A2-0001 */
	const char *desc;       /* one line */
	const char *source;     /* the manual section or source it rests on */
	unsigned flags;         /* CONF_INFERRED */
	void (*run)(struct conf_result *r, const void *arg);
	const void *arg;        /* the case's table row */
};

/* An area: count() cases, get(i) the i-th. Tables of rows hand out one
 * case per row, each run by the same function with the row as `arg`. */
struct conf_area {
	const char *name;
	size_t (*count)(void);
	void (*get)(size_t i, struct conf_case *c);
};

extern const struct conf_area conf_area_prof_errors;
extern const struct conf_area conf_area_prof_flag;
extern const struct conf_area conf_area_prof_result;
extern const struct conf_area conf_area_prof_params;
extern const struct conf_area conf_area_prof_counters;
extern const struct conf_area conf_area_prof_busy;
extern const struct conf_area conf_area_gx_errors;

/* Every buffer the suite hands to the implementation has room for this
 * many words, more than any item writes: an implementation that writes
 * too much fails a case instead of overwriting the suite's stack. */
#define CONF_RESULT_WORDS 64

/* Record a failed check (the first one of a case is reported). */
void conf_fail(struct conf_result *r, const char *file, int line, const char *what,
	       int has_values, unsigned long got, unsigned long want);

/* The checks return from the case (a void function) on failure. */
#define CONF_EQ(r, got, want, what)                                                   \
	do {                                                                          \
		unsigned long conf_g_ = (unsigned long)(got);                        \
		unsigned long conf_w_ = (unsigned long)(want);                       \
		if (conf_g_ != conf_w_) {                                            \
			conf_fail((r), __FILE__, __LINE__, (what), 1, conf_g_, conf_w_); \
			return;                                                      \
		}                                                                     \
	} while (0)
#define CONF_TRUE(r, cond, what)                                                      \
	do {                                                                          \
		if (!(cond)) {                                                        \
			conf_fail((r), __FILE__, __LINE__, (what), 0, 0, 0);         \
			return;                                                      \
		}                                                                     \
	} while (0)
/* The GL error flag holds `want` (and is then clear). */
#define CONF_GL_ERROR(r, want, what) CONF_EQ(r, glGetError(), want, what)

/* ---- helpers shared by the areas (conf_runner.c) ----------------------- */

/* Read the GL error flag until it is clear (at most a few times). */
void conf_clear_errors(void);

/* Let at least one whole frame of GPU time pass: two waits for the
 * vertical blank (the first may come at once). */
void conf_wait_frame(void);

/* GPU work: `count` colour clears of the bound framebuffer (memory fills),
 * run and waited for; false if the implementation recorded a GL error. */
int conf_gpu_clears(unsigned count);

/* The busy counter: start it with window `clocks` and `windows` windows
 * (0: until stopped) from a known state; false on a GL error. */
int conf_busy_start(GLuint clocks, GLuint windows);

/* Read the busy counter; the eight 16-bit module counts go to `module`,
 * and their sum is returned. */
unsigned long conf_busy_read(unsigned module[8]);

/* ---- the platform (conf_platform.c, replaceable) ---------------------- */

/* Set up the implementation: nngxInitialize with an allocator, a command
 * list with storage, bound. Returns 0 on success. */
int conf_platform_init(void);
void conf_platform_fini(void);

/* `bytes` of memory the GPU can run commands from, 16-byte aligned, for
 * nngxCmdlistStorageRaw (the SDK: device memory), or NULL; and its
 * release. */
GLvoid *conf_platform_command_buffer(GLsizei bytes);
void conf_platform_command_buffer_free(GLvoid *buffer);

/* The runner's entry point; the platform's main calls it. */
int conf_main(int argc, char **argv);

#endif
