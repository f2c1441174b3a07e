/* hw_loader.h: the vertex loader of the command/vertex-load module.
 *
 * Fetches a vertex's attributes from up to 12 attribute arrays in memory
 * (or takes fixed values), converts them to floats and places them in the
 * shader input registers. Memory traffic is counted in 16-byte accesses:
 * each array has a one-line fetch buffer (model choice), so sequential
 * vertices share lines and scattered ones do not. */
#ifndef NNGX_HW_LOADER_H
#define NNGX_HW_LOADER_H

#include <stdbool.h>
#include <stdint.h>

#include "hw_counters.h"
#include "hw_memory.h"
#include "hw_shader.h"

#define HW_LOADER_ATTRIBS 12
#define HW_LOADER_ARRAYS 12
#define HW_LOADER_ARRAY_ELEMENTS 12

/* Component types of GPUREG_ATTRIBBUFFERS_FORMAT (3dbrew). */
enum hw_attrib_type { HW_ATTRIB_BYTE = 0, HW_ATTRIB_UBYTE, HW_ATTRIB_SHORT, HW_ATTRIB_FLOAT };

struct hw_attrib {
	enum hw_attrib_type type;
	unsigned size;              /* components, 1..4 */
	bool fixed;                 /* not fetched: `value` is used */
	float value[4];
};

/* Array element codes: 0..11 an attribute, 12..15 padding of 4..16 bytes. */
struct hw_attrib_array {
	uint32_t offset;            /* from the loader base */
	unsigned stride;            /* bytes per vertex */
	unsigned elements;
	uint8_t element[HW_LOADER_ARRAY_ELEMENTS];
};

struct hw_loader_config {
	uint32_t base;              /* physical */
	unsigned attrib_count;      /* attributes in use, 1..12 */
	struct hw_attrib attrib[HW_LOADER_ATTRIBS];
	unsigned array_count;
	struct hw_attrib_array array[HW_LOADER_ARRAYS];
	uint8_t input_reg[HW_LOADER_ATTRIBS];  /* attribute -> v register */
};

/* Last line fetched by each array (per draw). */
struct hw_loader_lines {
	uint32_t line[HW_LOADER_ARRAYS];
	bool valid[HW_LOADER_ARRAYS];
};

void hw_loader_lines_reset(struct hw_loader_lines *lines);

/* Bytes an attribute occupies, and its alignment in an array. */
unsigned hw_attrib_bytes(const struct hw_attrib *a);

/* Load vertex `index` into `in` (registers not fed keep (0, 0, 0, 1)).
 * Counts fetches into `c` (word 4 and the channel words). Returns
 * HW_ERROR_FAULT with a reason when an array reads outside any buffer. */
enum hw_status hw_loader_fetch(const struct hw_loader_config *cfg, const struct hw_memory *mem,
			       struct hw_loader_lines *lines, uint32_t index,
			       float in[HW_SHADER_INPUTS][4], struct hw_counters *c,
			       char *fault, unsigned fault_len);

#endif
