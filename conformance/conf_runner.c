/* conf_runner.c: selects, runs and reports the conformance cases.
 *
 * Output is TAP version 13 on standard output (a plan line, then one
 * "ok"/"not ok" line a case with its ID and description, and a YAML block
 * on failure), and JUnit XML on request (--junit FILE). Exit status: 0
 * when every selected case passed, 1 when one failed, 2 on a usage error.
 *
 * Part of libnngx (MIT licence). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conf.h"

/* The release of libnngx this copy of the suite comes from: the build
 * defines it (libnngx's Makefile.am, and SUITE_VERSION in the installed
 * Makefile); a copy built otherwise says it does not know. */
#ifndef CONF_VERSION
#define CONF_VERSION ""
#endif

static const struct conf_area *const areas[] = {
	&conf_area_prof_errors,
	&conf_area_prof_flag,
	&conf_area_prof_result,
	&conf_area_prof_params,
	&conf_area_prof_busy,
	&conf_area_prof_counters,
	&conf_area_gx_errors,
};
#define AREA_COUNT (sizeof areas / sizeof areas[0])

struct entry {
	struct conf_case c;
	struct conf_result r;
};

/* ---- checks and helpers for the areas ------------------------------------ */

void conf_fail(struct conf_result *r, const char *file, int line, const char *what,
	       int has_values, unsigned long got, unsigned long want)
{
	const char *slash = strrchr(file, '/');

	if (r->failed)
		return;
	r->failed = 1;
	r->file = slash ? slash + 1 : file;
	r->line = line;
	snprintf(r->what, sizeof r->what, "%s", what);
	r->has_values = has_values;
	r->got = got;
	r->want = want;
}

void conf_clear_errors(void)
{
	int i;

	for (i = 0; i < 8 && glGetError() != GL_NO_ERROR; i++)
		;
}

void conf_wait_frame(void)
{
	nngxWaitVSync(NN_GX_DISPLAY_BOTH);
	nngxWaitVSync(NN_GX_DISPLAY_BOTH);
}

int conf_gpu_clears(unsigned count)
{
	unsigned i;

	for (i = 0; i < count; i++)
		glClear(GL_COLOR_BUFFER_BIT);
	nngxRunCmdlist();
	nngxWaitCmdlistDone();
	nngxClearCmdlist();
	return glGetError() == GL_NO_ERROR;
}

int conf_busy_start(GLuint clocks, GLuint windows)
{
	nngxStopProfiling(NN_GX_PROFILING_BUSY);
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME, clocks);
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, windows);
	nngxStartProfiling(NN_GX_PROFILING_BUSY);
	return glGetError() == GL_NO_ERROR;
}

unsigned long conf_busy_read(unsigned module[8])
{
	GLuint word[CONF_RESULT_WORDS] = { 0 };
	unsigned long sum = 0;
	int i;

	nngxGetProfilingResult(NN_GX_PROFILING_BUSY, word);
	for (i = 0; i < 8; i++) {
		/* module i: word i/2, bits 15:0 for even i, 31:16 for odd */
		module[i] = (unsigned)(word[i / 2] >> (i % 2 ? 16 : 0)) & 0xFFFFu;
		sum += module[i];
	}
	return sum;
}

/* ---- selection ---------------------------------------------------------------- */

static int upper(int ch)
{
	return ch >= 'a' && ch <= 'z' ? ch - 'a' + 'A' : ch;
}

/* Whether `id` starts with `prefix`, ignoring case. */
static int id_has_prefix(const char *id, const char *prefix)
{
	for (; *prefix; id++, prefix++)
		if (upper((unsigned char)*id) != upper((unsigned char)*prefix))
			return 0;
	return 1;
}

static int selected(const struct conf_case *c, int documented_only, char **prefix,
		    int nprefix)
{
	int k;

	if (documented_only && (c->flags & CONF_INFERRED))
		return 0;
	if (nprefix == 0)
		return 1;
	for (k = 0; k < nprefix; k++)
		if (id_has_prefix(c->id, prefix[k]))
			return 1;
	return 0;
}

/* ---- output ---------------------------------------------------------------------- */

static void yaml_string(FILE *f, const char *key, const char *s)
{
	fprintf(f, "  %s: '", key);
	for (; *s; s++) {
		if (*s == '\'')
			fputc('\'', f);
		fputc(*s, f);
	}
	fputs("'\n", f);
}

static void tap_case(size_t n, const struct entry *e)
{
	const struct conf_result *r = &e->r;
	char at[96];

	printf("%s %lu - %s %s\n", r->failed ? "not ok" : "ok", (unsigned long)n, e->c.id,
	       e->c.desc);
	if (!r->failed)
		return;
	printf("  ---\n");
	yaml_string(stdout, "message", r->what);
	if (r->has_values) {
		printf("  got: 0x%08lX\n", r->got);
		printf("  expected: 0x%08lX\n", r->want);
	}
	yaml_string(stdout, "source", e->c.source);
	printf("  inferred: %s\n", e->c.flags & CONF_INFERRED ? "true" : "false");
	snprintf(at, sizeof at, "%s:%d", r->file, r->line);
	yaml_string(stdout, "at", at);
	printf("  ...\n");
}

static void xml_text(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&apos;", f); break;
		default: fputc(*s, f); break;
		}
	}
}

/* The class of a case: its ID up to the second '-' (PROF-START). */
static void xml_class(FILE *f, const char *id)
{
	const char *dash = strchr(id, '-');
	size_t len = strlen(id);

	if (dash && strchr(dash + 1, '-'))
		len = (size_t)(strchr(dash + 1, '-') - id);
	fprintf(f, "%.*s", (int)len, id);
}

static int write_junit(const char *path, const struct entry *e, size_t n, size_t failures)
{
	FILE *f = fopen(path, "w");
	size_t i;

	if (!f)
		return -1;
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	fprintf(f, "<testsuites name=\"nngx-conformance\" tests=\"%lu\" failures=\"%lu\">\n",
		(unsigned long)n, (unsigned long)failures);
	fprintf(f, "  <testsuite name=\"nngx-conformance\" tests=\"%lu\" failures=\"%lu\" "
		"errors=\"0\" skipped=\"0\">\n", (unsigned long)n, (unsigned long)failures);
	for (i = 0; i < n; i++) {
		const struct conf_result *r = &e[i].r;
		fputs("    <testcase classname=\"", f);
		xml_class(f, e[i].c.id);
		fputs("\" name=\"", f);
		xml_text(f, e[i].c.id);
		fputs(": ", f);
		xml_text(f, e[i].c.desc);
		fputs("\">", f);
		if (r->failed) {
			fputs("\n      <failure type=\"conformance\" message=\"", f);
			xml_text(f, r->what);
			fputs("\">", f);
			fprintf(f, "at %s:%d", r->file, r->line);
			if (r->has_values)
				fprintf(f, "; got 0x%08lX, expected 0x%08lX", r->got, r->want);
			fputs("; source: ", f);
			xml_text(f, e[i].c.source);
			fputs(e[i].c.flags & CONF_INFERRED ? " (inferred)" : "", f);
			fputs("</failure>\n    ", f);
		}
		fputs("</testcase>\n", f);
	}
	fputs("  </testsuite>\n</testsuites>\n", f);
	return fclose(f) == 0 ? 0 : -1;
}

static void usage(FILE *f)
{
	fputs("usage: nngx-conformance [--list] [--documented-only] [--junit FILE] "
	      "[ID-PREFIX...]\n"
	      "Runs the conformance cases of the nngx API (those whose ID starts with one\n"
	      "of the prefixes, or all) and writes TAP version 13 to standard output.\n"
	      "  --list             list the selected cases (ID, kind, description, source)\n"
	      "  --documented-only  leave out the cases that rest on inference\n"
	      "  --junit FILE       also write a JUnit XML report to FILE\n"
	      "  --version          print the suite's version and exit\n", f);
}

/* Every case of every area, in order; NULL if out of memory. */
static struct entry *collect(size_t *count)
{
	struct entry *e;
	size_t a, i, n = 0;

	for (a = 0; a < AREA_COUNT; a++)
		n += areas[a]->count();
	e = calloc(n ? n : 1, sizeof *e);
	if (!e)
		return NULL;
	n = 0;
	for (a = 0; a < AREA_COUNT; a++)
		for (i = 0; i < areas[a]->count(); i++)
			areas[a]->get(i, &e[n++].c);
	*count = n;
	return e;
}

/* IDs must be unique: a duplicate is a bug in a table. */
static int check_ids(const struct entry *e, size_t n)
{
	size_t i, j;

	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			if (strcmp(e[i].c.id, e[j].c.id) == 0) {
				fprintf(stderr, "nngx-conformance: case ID %s appears twice\n",
					e[i].c.id);
				return -1;
			}
	return 0;
}

int conf_main(int argc, char **argv)
{
	const char *junit = NULL;
	int list = 0, documented_only = 0, nprefix = 0, k;
	char **prefix = calloc((size_t)argc + 1, sizeof *prefix);
	struct entry *all, *run;
	size_t n, i, nrun = 0, failures = 0;

	if (!prefix)
		return 2;
	for (k = 1; k < argc; k++) {
		if (strcmp(argv[k], "--list") == 0) {
			list = 1;
		} else if (strcmp(argv[k], "--documented-only") == 0) {
			documented_only = 1;
		} else if (strcmp(argv[k], "--junit") == 0 && k + 1 < argc) {
			junit = argv[++k];
		} else if (strcmp(argv[k], "--help") == 0) {
			usage(stdout);
			free(prefix);
			return 0;
		} else if (strcmp(argv[k], "--version") == 0) {
			printf("nngx-conformance (libnngx) %s\n",
			       CONF_VERSION[0] ? CONF_VERSION : "(version unknown)");
			free(prefix);
			return 0;
		} else if (argv[k][0] == '-') {
			usage(stderr);
			free(prefix);
			return 2;
		} else {
			prefix[nprefix++] = argv[k];
		}
	}
	all = collect(&n);
	if (!all || check_ids(all, n) != 0) {
		free(all);
		free(prefix);
		return 2;
	}
	/* Compact the selection to the front. */
	run = all;
	for (i = 0; i < n; i++)
		if (selected(&all[i].c, documented_only, prefix, nprefix))
			run[nrun++] = all[i];
	free(prefix);

	if (list) {
		for (i = 0; i < nrun; i++)
			printf("%s\t%s\t%s\t%s\n", run[i].c.id,
			       run[i].c.flags & CONF_INFERRED ? "inferred" : "documented",
			       run[i].c.desc, run[i].c.source);
		free(all);
		return 0;
	}

	printf("TAP version 13\n1..%lu\n", (unsigned long)nrun);
	fflush(stdout);
	for (i = 0; i < nrun; i++) {
		conf_clear_errors();
		memset(&run[i].r, 0, sizeof run[i].r);
		run[i].c.run(&run[i].r, run[i].c.arg);
		if (run[i].r.failed)
			failures++;
		tap_case(i + 1, &run[i]);
		fflush(stdout);
	}
	conf_clear_errors();
	if (failures)
		printf("# %lu of %lu cases failed\n", (unsigned long)failures,
		       (unsigned long)nrun);
	if (junit && write_junit(junit, run, nrun, failures) != 0) {
		fprintf(stderr, "nngx-conformance: cannot write %s\n", junit);
		free(all);
		return 2;
	}
	free(all);
	return failures ? 1 : 0;
}
