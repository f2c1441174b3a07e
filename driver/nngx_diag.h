/* nngx_diag.h: the diagnostics layer. Messages come from the one table in
 * nngx_shim.h (NNGX_SHIM_DIAG_MAP): ID, severity and rule never drift. */
#ifndef NNGX_DIAG_H
#define NNGX_DIAG_H

#include <stdarg.h>

#include <nngx_shim.h>

struct nngx_diag {
	GLint level;                    /* lowest severity shown */
	nngxShimDiagCallback callback;  /* NULL: stderr */
	void *user;
	GLuint count[NNGX_SHIM_DIAG_MAX_];
	/* Standard error only: each diagnostic is printed at most
	 * `repeat_limit` times (0: no limit) between summaries; later repeats
	 * are counted in `suppressed` and summarized by nngx_diag_summarize.
	 * A callback receives every message. */
	GLuint repeat_limit;
	GLuint printed[NNGX_SHIM_DIAG_MAX_];
	GLuint suppressed[NNGX_SHIM_DIAG_MAX_];
};

void nngx_diag_init(struct nngx_diag *d, GLint level);

/* Raise diagnostic `id` from API function `function`; `fmt` says what this
 * call did. Always counted; shown when its severity reaches the level. */
void nngx_diag_report(struct nngx_diag *d, nngxShimDiagId id, const char *function,
		      const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 4, 5)))
#endif
	;

/* As nngx_diag_report; `gl_error`, when not 0, is the GL error the call
 * records, appended to the detail. Nothing is formatted unless shown. */
void nngx_diag_vreport(struct nngx_diag *d, nngxShimDiagId id, const char *function,
		       GLenum gl_error, const char *fmt, va_list ap)
#if defined(__GNUC__)
	__attribute__((format(printf, 5, 0)))
#endif
	;

GLint nngx_diag_severity(GLint id);

/* For each diagnostic whose repeats were suppressed on standard error,
 * print one REPEATS_SUPPRESSED line with their count (`when`: "program
 * exit", "nngxShimReset"), then start counting repeats afresh. */
void nngx_diag_summarize(struct nngx_diag *d, const char *when);

/* "debug", "info", "warning", "error", "off" <-> level; -1 when unknown. */
GLint nngx_diag_level_from_name(const char *name);
const char *nngx_diag_level_name(GLint level);

#endif
