/* nngx_diag.c: formatting and routing of diagnostics. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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

void nngx_diag_vreport(struct nngx_diag *d, nngxShimDiagId id, const char *function,
		       GLenum gl_error, const char *fmt, va_list ap)
{
	const struct diag_row *row = diag_row(id);
	nngxShimDiagnostic msg;
	char detail[512];
	int n;

	if (!row)
		return;
	d->count[id]++;
	if (row->severity < d->level)
		return;

	n = vsnprintf(detail, sizeof detail, fmt, ap);
	if (gl_error && n >= 0 && (size_t)n < sizeof detail)
		snprintf(detail + n, sizeof detail - (size_t)n, "; GL error 0x%04X", gl_error);

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
