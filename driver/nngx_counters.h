/* nngx_counters.h: the counter catalogue of <nngx_shim.h> as a table, and
 * the value of each entry in the simulated GPU's registers. */
#ifndef NNGX_COUNTERS_H
#define NNGX_COUNTERS_H

#include <stdint.h>

#include <nngx_shim.h>

#include "hw/hw_busy.h"
#include "hw/hw_counters.h"

/* Names of the busy-counter modules, in packing order
 * (nngxShimGetModuleName). */
extern const char *const nngx_module_names[NNGX_SHIM_MODULE_COUNT];

/* The catalogue, indexed by nngxShimCounterId. */
extern const nngxShimCounterInfo nngx_counter_table[NNGX_SHIM_COUNTER_COUNT];

/* Entry `id`'s value: the always-running and vertex-cache counters from
 * `c`, the busy counter's modules from `busy`. */
uint32_t nngx_counter_value(nngxShimCounterId id, const struct hw_counters *c,
			    const uint64_t busy[HW_BUSY_MODULE_COUNT]);

#endif
