/* nngx_items.h: the profiling items and parameters as tables, so that the
 * checks of every entry point, the result sizes and the names in
 * diagnostics come from one place. */
#ifndef NNGX_ITEMS_H
#define NNGX_ITEMS_H

#include <stdbool.h>
#include <stddef.h>

#include <nn/gx/CTR/gx_CTR.h>

/* XX(name, value, result words, can be started and stopped) */
#define NNGX_PROFILING_ITEMS(XX)                                                      \
	XX(BUSY,           NN_GX_PROFILING_BUSY,           NN_GX_PROFILING_RESULT_BUFSIZE_BUSY, true) \
	XX(VERTEX_SHADER0, NN_GX_PROFILING_VERTEX_SHADER0, NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_SHADER0, false) \
	XX(VERTEX_SHADER1, NN_GX_PROFILING_VERTEX_SHADER1, NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_SHADER1, false) \
	XX(VERTEX_SHADER2, NN_GX_PROFILING_VERTEX_SHADER2, NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_SHADER2, false) \
	XX(VERTEX_SHADER3, NN_GX_PROFILING_VERTEX_SHADER3, NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_SHADER3, false) \
	XX(VERTEX_CACHE,   NN_GX_PROFILING_VERTEX_CACHE,   NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_CACHE, true) \
	XX(POLYGON,        NN_GX_PROFILING_POLYGON,        NN_GX_PROFILING_RESULT_BUFSIZE_POLYGON, false) \
	XX(FRAGMENT,       NN_GX_PROFILING_FRAGMENT,       NN_GX_PROFILING_RESULT_BUFSIZE_FRAGMENT, false) \
	XX(MEMORY_ACCESS,  NN_GX_PROFILING_MEMORY_ACCESS,  NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS, false)

/* XX(name, value, smallest param, largest param) */
#define NNGX_PROFILING_PARAMETERS(XX)                                                  \
	XX(BUSY_SAMPLING_TIME,             NN_GX_PROFILING_BUSY_SAMPLING_TIME,             1, 65535) \
	XX(BUSY_SAMPLING_TIME_MICRO_SECOND, NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND, 1, 244) \
	XX(BUSY_SAMPLING_TIME_NANO_SECOND, NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND, 1, 244537) \
	XX(BUSY_SAMPLING_COUNT,            NN_GX_PROFILING_BUSY_SAMPLING_COUNT,            0, 65535)

struct nngx_item {
	const char *name;       /* "NN_GX_PROFILING_BUSY" */
	unsigned value;
	unsigned result_words;
	bool startable;
};

struct nngx_parameter {
	const char *name;
	unsigned value;
	unsigned min, max;
};

#define NNGX_ITEM_ROW_COUNT(name, value, words, startable) +1
#define NNGX_ITEM_COUNT (0 NNGX_PROFILING_ITEMS(NNGX_ITEM_ROW_COUNT))

/* The item rows, in the order of NNGX_PROFILING_ITEMS. */
extern const struct nngx_item nngx_items[NNGX_ITEM_COUNT];

/* The row for `value` by a search of the table, or NULL. */
const struct nngx_item *nngx_item_scan(unsigned value);

/* The row for `value`, or NULL when it is not a (modelled) item. Inline,
 * for the reads: the items are 0x0900 and 0x0902..0x0909 in table order
 * (the hole is INTERRUPT), so one look, checked, comes before the scan. */
static inline const struct nngx_item *nngx_item_find(unsigned value)
{
	unsigned d = value - NN_GX_PROFILING_BUSY;
	unsigned i = d ? d - 1 : 0;

	if (d < 10 && d != 1 && i < NNGX_ITEM_COUNT && nngx_items[i].value == value)
		return &nngx_items[i];
	return nngx_item_scan(value);
}

/* The row for `value`, or NULL when it is not a (modelled) parameter. */
const struct nngx_parameter *nngx_parameter_find(unsigned value);

/* Declared in the SDK header, undocumented, not modelled. */
bool nngx_item_is_interrupt(unsigned value);
bool nngx_parameter_is_interrupt(unsigned value);

#endif
