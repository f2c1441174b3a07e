/* nngx_diag.c: formatting and routing of diagnostics. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "hw/hw_assert.h"
#include "nngx_diag.h"

struct diag_row {
	const char *name;
	GLint severity;
	const char *rule;
};

static const struct diag_row diag_rows[NNGX_SHIM_DIAG_MAX_] = {
#define DIAG_ROW(num, name, sev, rule) [num] = { #name, NNGX_SHIM_SEVERITY_##sev, rule },
	NNGX_SHIM_DIAG_MAP(DIAG_ROW)
#undef DIAG_ROW
};

static const char *const level_names[] = { "debug", "info", "warning", "error", "off" };

/* The table row of diagnostic id, or NULL for an id that has none. */
static const struct diag_row *diag_row(GLint id)
{
	if (id <= 0 || id >= NNGX_SHIM_DIAG_MAX_ || !diag_rows[id].name)
		return NULL;
	return &diag_rows[id];
}

void nngx_diag_init(struct nngx_diag *d, GLint level)
{
	memset(d, 0, sizeof *d);
	d->level = level;
}

GLint nngx_diag_severity(GLint id)
{
	const struct diag_row *row = diag_row(id);

	return row ? row->severity : NNGX_SHIM_SEVERITY_ERROR;
}

/* Format and deliver one message; `note` (may be NULL) is appended. */
static void diag_emit(struct nngx_diag *d, nngxShimDiagId id, const struct diag_row *row,
		      const char *function, GLenum gl_error, const char *note,
		      const char *fmt, va_list ap)
#if defined(__GNUC__)
	__attribute__((format(printf, 7, 0)))
#endif
	;

/* Deliver one diagnostic: its text from fmt and ap, then the GL error and
 * `note` when given, truncated to 512 bytes; to the program's callback when
 * set, else as one line on standard error. Needs row != NULL. */
static void diag_emit(struct nngx_diag *d, nngxShimDiagId id, const struct diag_row *row,
		      const char *function, GLenum gl_error, const char *note,
		      const char *fmt, va_list ap)
{
	nngxShimDiagnostic msg;
	char detail[512];
	int n;

	NNGX_ASSERT(row != NULL);
	n = vsnprintf(detail, sizeof detail, fmt, ap);
	if (gl_error && n >= 0 && (size_t)n < sizeof detail)
		n += snprintf(detail + n, sizeof detail - (size_t)n, "; GL error 0x%04X", gl_error);
	if (note && n >= 0 && (size_t)n < sizeof detail)
		snprintf(detail + n, sizeof detail - (size_t)n, "%s", note);

	msg.id = id;
	msg.name = row->name;
	msg.severity = row->severity;
	msg.function = function;
	msg.rule = row->rule;
	msg.detail = detail;
	if (d->callback) {
		d->callback(&msg, d->user);
		return;
	}
	fprintf(stderr, "libnngx: %s [%s]: %s: %s. Rule: %s.\n",
		level_names[row->severity], row->name, function, detail, row->rule);
}

void nngx_diag_vreport(struct nngx_diag *d, nngxShimDiagId id, const char *function,
		       GLenum gl_error, const char *fmt, va_list ap)
{
	const struct diag_row *row = diag_row(id);
	const char *note = NULL;

	if (!row)
		return;
	d->count[id]++;
	if (row->severity < d->level)
		return;
	/* Rate limit on standard error: a warning repeated every frame
	 * would bury everything else. */
	if (!d->callback && d->repeat_limit) {
		if (d->printed[id] >= d->repeat_limit) {
			d->suppressed[id]++;
			return;
		}
		if (++d->printed[id] == d->repeat_limit)
			note = " (shown the limit of diagnostics.repeat_limit times; "
			       "further repeats are counted and summarized at exit)";
	}
	diag_emit(d, id, row, function, gl_error, note, fmt, ap);
}

static void diag_emit_args(struct nngx_diag *d, nngxShimDiagId id, const char *function,
			   const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 4, 5)))
#endif
	;

/* diag_emit with no GL error and no note, for a variable argument list. */
static void diag_emit_args(struct nngx_diag *d, nngxShimDiagId id, const char *function,
			   const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_emit(d, id, diag_row(id), function, 0, NULL, fmt, ap);
	va_end(ap);
}

void nngx_diag_summarize(struct nngx_diag *d, const char *when)
{
	GLint id;

	for (id = 1; id < NNGX_SHIM_DIAG_MAX_; id++) {
		GLuint n = d->suppressed[id];

		d->printed[id] = 0;
		d->suppressed[id] = 0;
		if (n == 0 || !diag_row(id))
			continue;
		/* Shown whatever the level: the repeats were shown too. */
		diag_emit_args(d, NNGX_SHIM_DIAG_REPEATS_SUPPRESSED, when,
			       "%s repeated %u more time%s after the first %u", diag_rows[id].name,
			       n, n == 1 ? "" : "s", d->repeat_limit);
		d->count[NNGX_SHIM_DIAG_REPEATS_SUPPRESSED]++;
	}
}

void nngx_diag_report(struct nngx_diag *d, nngxShimDiagId id, const char *function,
		      const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	nngx_diag_vreport(d, id, function, 0, fmt, ap);
	va_end(ap);
}

GLint nngx_diag_level_from_name(const char *name)
{
	GLint i;

	for (i = 0; i < (GLint)(sizeof level_names / sizeof level_names[0]); i++)
		if (strcmp(name, level_names[i]) == 0)
			return i;
	return -1;
}

const char *nngx_diag_level_name(GLint level)
{
	if (level < 0 || level > NNGX_SHIM_LEVEL_OFF)
		return NULL;
	return level_names[level];
}

const char *nngxShimGetDiagName(GLint id)
{
	const struct diag_row *row = diag_row(id);

	return row ? row->name : NULL;
}

const char *nngxShimGetDiagRule(GLint id)
{
	const struct diag_row *row = diag_row(id);

	return row ? row->rule : NULL;
}
