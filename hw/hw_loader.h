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

/* True when the arrays the draw fetches from (an array with an element
 * naming a non-fixed attribute) lie both in main memory (FCRAM) and in
 * VRAM. The platform's programming manual (GPU chapter) says that vertex
 * arrays split that way make the VRAM ones load at main-memory speed;
 * the draw then costs every vertex fetch at the FCRAM rate
 * (model.draw.per_access_fcram). Index buffers do not count (the manual
 * names vertex arrays; model choice). */
bool hw_loader_arrays_mixed(const struct hw_loader_config *cfg);

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

/* One element of an array, decoded once per draw. */
struct hw_loader_read {
	uint32_t at;                /* byte offset in the array's vertex */
	uint8_t type;               /* enum hw_attrib_type; 0xFF for one out of
				       range, read as float (as hw_loader_fetch) */
	uint8_t size, bytes;        /* components; bytes in memory */
	uint8_t unit;               /* bytes of one component */
	uint8_t reg;                /* v register written, HW_SHADER_INPUTS for none
				       (a fixed attribute, an unmapped one) */
	uint8_t attrib;             /* the attribute, for faults */
	uint8_t array;              /* its array's slot in hw_loader_program.array */
};

/* A draw's loader, prepared once (hw_loader_prepare): the elements of each
 * array decoded (alignment, padding, the register each one feeds), and per
 * array the memory region its last read came from, so that the next read
 * in the same buffer needs no search. */
struct hw_loader_program {
	uint32_t base;
	unsigned arrays;            /* the arrays with reads, in order */
	struct {
		unsigned number;        /* the array's number, for faults and lines */
		uint32_t offset;
		unsigned stride;
		const struct hw_region *region;
	} array[HW_LOADER_ARRAYS];
	/* every array's reads, array after array: read[0 .. reads) */
	struct hw_loader_read read[HW_LOADER_ARRAYS * HW_LOADER_ARRAY_ELEMENTS];
	unsigned reads;
};

/* Prepare `cfg`'s loader and set `in` to what no fetch writes: (0, 0, 0, 1)
 * in registers no array feeds and the fixed attributes' values. Then
 * hw_loader_program_fetch writes, vertex after vertex, the same components
 * of `in` in the same order, so `in` holds after each fetch what
 * hw_loader_fetch would give into a fresh array. The program reads `mem`'s
 * regions: no memory may be allocated or freed while it is used. */
void hw_loader_prepare(struct hw_loader_program *lp, const struct hw_loader_config *cfg,
		       float in[HW_SHADER_INPUTS][4]);

/* hw_loader_fetch on a prepared loader, into the `in` it prepared. */
enum hw_status hw_loader_program_fetch(struct hw_loader_program *lp, const struct hw_memory *mem,
				       struct hw_loader_lines *lines, uint32_t index,
				       float in[HW_SHADER_INPUTS][4], struct hw_counters *c,
				       char *fault, unsigned fault_len);

#endif
