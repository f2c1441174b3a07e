/* nngx_items.c: lookups in the item and parameter tables. */
#include "nngx_items.h"

const struct nngx_item nngx_items[NNGX_ITEM_COUNT] = {
#define ITEM_ROW(name, value, words, startable) \
	{ "NN_GX_PROFILING_" #name, value, words, startable },
	NNGX_PROFILING_ITEMS(ITEM_ROW)
#undef ITEM_ROW
};

static const struct nngx_parameter parameters[] = {
#define PARAMETER_ROW(name, value, min, max) \
	{ "NN_GX_PROFILING_" #name, value, min, max },
	NNGX_PROFILING_PARAMETERS(PARAMETER_ROW)
#undef PARAMETER_ROW
};

const struct nngx_item *nngx_item_scan(unsigned value)
{
	size_t i;

	for (i = 0; i < NNGX_ITEM_COUNT; i++)
		if (nngx_items[i].value == value)
			return &nngx_items[i];
	return NULL;
}

const struct nngx_parameter *nngx_parameter_find(unsigned value)
{
	size_t i;

	for (i = 0; i < sizeof parameters / sizeof parameters[0]; i++)
		if (parameters[i].value == value)
			return &parameters[i];
	return NULL;
}

bool nngx_item_is_interrupt(unsigned value)
{
	return value == NN_GX_PROFILING_INTERRUPT;
}

bool nngx_parameter_is_interrupt(unsigned value)
{
	return value == NN_GX_PROFILING_INTERRUPT_ENABLE
	       || value == NN_GX_PROFILING_INTERRUPT_TRIGGER
	       || value == NN_GX_PROFILING_INTERRUPT_IS_LOGGING;
}
