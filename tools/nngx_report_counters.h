/* nngx_report_counters.h: nngx-report --counters (nngx_report_counters.c).
 * Part of libnngx (MIT licence). */
#ifndef NNGX_REPORT_COUNTERS_H
#define NNGX_REPORT_COUNTERS_H

#include <stdio.h>

/* The counter catalogue on `o` as "text" (NULL: the same) or "tsv".
 * Returns 0, or -1 for an unknown format or a failed write. */
int report_list_counters(FILE *o, const char *format);

#endif
