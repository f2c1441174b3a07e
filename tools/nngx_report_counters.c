/* nngx_report_counters.c: `nngx-report --counters`, the counter catalogue
 * (papi_avail, perf list): every counter's name, unit, whether it must be
 * started, the manual's section, where it sits in its profiling result,
 * and what it counts. The table is the X-macro of <nngx_shim.h>, expanded
 * here: the tool still links nothing of the library. Part of libnngx
 * (MIT licence). */
#include <stdio.h>
#include <string.h>

#include <nngx_shim.h>

#include "nngx_report_counters.h"

struct catalogue_row {
	const char *name, *item, *unit, *section, *description;
	unsigned word, shift, bits;
	int always_running;
};

/* #item is the SDK's name, NN_GX_PROFILING_BUSY; the listing drops the
 * common prefix (ITEM_PREFIX). */
#define ITEM_PREFIX "NN_GX_PROFILING_"
static const struct catalogue_row rows[] = {
#define CATALOGUE_ROW(id, name, item, word, shift, bits, unit, always, section, desc) \
	{ name, #item, unit, section, desc, word, shift, bits, always },
	NNGX_SHIM_COUNTER_MAP(CATALOGUE_ROW)
#undef CATALOGUE_ROW
};
#define ROWS (sizeof rows / sizeof rows[0])

static const char *item_name(const char *item)
{
	size_t n = strlen(ITEM_PREFIX);

	return strncmp(item, ITEM_PREFIX, n) == 0 ? item + n : item;
}

/* Where the counter sits: "BUSY word 0, bits 15:0", or "... word 3" for a
 * whole word. */
static void position(char *out, size_t len, const struct catalogue_row *r)
{
	if (r->bits == 32)
		snprintf(out, len, "%s word %u", item_name(r->item), r->word);
	else
		snprintf(out, len, "%s word %u, bits %u:%u", item_name(r->item), r->word,
			 r->shift + r->bits - 1, r->shift);
}

/* `text` wrapped at 76 columns, each line indented by four spaces. */
static void wrapped(FILE *o, const char *text)
{
	const char *p = text;

	while (*p) {
		size_t n = strlen(p), cut = n;

		if (n > 72) {
			cut = 72;
			while (cut > 0 && p[cut] != ' ')
				cut--;
			if (cut == 0)
				cut = 72;
		}
		fprintf(o, "    %.*s\n", (int)cut, p);
		p += cut;
		while (*p == ' ')
			p++;
	}
}

static void list_text(FILE *o)
{
	size_t i, wname = 4, wunit = 4;
	char where[64];

	for (i = 0; i < ROWS; i++) {
		if (strlen(rows[i].name) > wname)
			wname = strlen(rows[i].name);
		if (strlen(rows[i].unit) > wunit)
			wunit = strlen(rows[i].unit);
	}
	fprintf(o, "%zu counters (nngx_shim(3); manual: CTR programming manual, chapter 9)\n\n",
		ROWS);
	fprintf(o, "%-*s  %-*s  %-14s  %-7s  %s\n", (int)wname, "name", (int)wunit, "unit",
		"kind", "manual", "result");
	for (i = 0; i < ROWS; i++) {
		position(where, sizeof where, &rows[i]);
		fprintf(o, "%-*s  %-*s  %-14s  %-7s  %s\n", (int)wname, rows[i].name, (int)wunit,
			rows[i].unit, rows[i].always_running ? "always running" : "started",
			rows[i].section, where);
		wrapped(o, rows[i].description);
	}
}

/* Tab-separated, one header line: for scripts (no field holds a tab). */
static void list_tsv(FILE *o)
{
	size_t i;

	fputs("name\tunit\talways_running\tsection\titem\tword\tshift\tbits\tdescription\n", o);
	for (i = 0; i < ROWS; i++)
		fprintf(o, "%s\t%s\t%d\t%s\t%s\t%u\t%u\t%u\t%s\n", rows[i].name, rows[i].unit,
			rows[i].always_running ? 1 : 0, rows[i].section, item_name(rows[i].item),
			rows[i].word, rows[i].shift, rows[i].bits, rows[i].description);
}

int report_list_counters(FILE *o, const char *format)
{
	if (!format || strcmp(format, "text") == 0)
		list_text(o);
	else if (strcmp(format, "tsv") == 0)
		list_tsv(o);
	else
		return -1;
	return ferror(o) ? -1 : 0;
}
