/* hw_loader.c: attribute fetch and conversion. */
#include <stdio.h>
#include <string.h>

#include "hw_loader.h"

static const unsigned type_bytes[4] = { 1, 1, 2, 4 };

void hw_loader_lines_reset(struct hw_loader_lines *lines)
{
	memset(lines, 0, sizeof *lines);
}

unsigned hw_attrib_bytes(const struct hw_attrib *a)
{
	return type_bytes[a->type & 3] * a->size;
}

static float attrib_component(enum hw_attrib_type type, const unsigned char *p)
{
	switch (type) {
	case HW_ATTRIB_BYTE: return (float)(signed char)p[0];
	case HW_ATTRIB_UBYTE: return (float)p[0];
	case HW_ATTRIB_SHORT: {
		int16_t v;
		memcpy(&v, p, sizeof v);       /* little endian host assumed */
		return (float)v;
	}
	default: {
		float v;
		memcpy(&v, p, sizeof v);
		return v;
	}
	}
}

/* Count the 16-byte lines of [phys, phys + bytes) not in the fetch buffer. */
static void loader_touch(struct hw_loader_lines *lines, unsigned array, uint32_t phys,
			 unsigned bytes, struct hw_counters *c)
{
	uint32_t first = phys / HW_MEMORY_ACCESS_BYTES;
	uint32_t last = (phys + bytes - 1) / HW_MEMORY_ACCESS_BYTES;
	uint32_t line;

	for (line = first; line <= last; line++) {
		if (lines->valid[array] && lines->line[array] == line)
			continue;
		lines->valid[array] = true;
		lines->line[array] = line;
		hw_memory_count(c, HW_MEM_COMMAND_VERTEX_READ, line * HW_MEMORY_ACCESS_BYTES, false, 1);
	}
}

static enum hw_status loader_array(const struct hw_loader_config *cfg, const struct hw_memory *mem,
				   struct hw_loader_lines *lines, unsigned n, uint32_t index,
				   float in[HW_SHADER_INPUTS][4], struct hw_counters *c,
				   char *fault, unsigned fault_len)
{
	const struct hw_attrib_array *arr = &cfg->array[n];
	uint32_t vertex = cfg->base + arr->offset + index * arr->stride;
	unsigned e, at = 0;

	for (e = 0; e < arr->elements && e < HW_LOADER_ARRAY_ELEMENTS; e++) {
		unsigned code = arr->element[e], k, bytes, unit;
		const struct hw_attrib *a;
		const unsigned char *p;

		if (code >= HW_LOADER_ATTRIBS) {
			at += (code - 11) * 4;          /* padding: 4, 8, 12 or 16 bytes */
			continue;
		}
		a = &cfg->attrib[code];
		unit = type_bytes[a->type & 3];
		at = (at + unit - 1) / unit * unit;   /* aligned to its component */
		bytes = hw_attrib_bytes(a);
		p = hw_memory_host(mem, vertex + at, bytes);
		if (!p) {
			if (fault)
				snprintf(fault, fault_len, "attribute array %u reads 0x%08X..+%u, "
					 "outside every buffer", n, vertex + at, bytes);
			return HW_ERROR_FAULT;
		}
		loader_touch(lines, n, vertex + at, bytes, c);
		if (!a->fixed && cfg->input_reg[code] < HW_SHADER_INPUTS)
			for (k = 0; k < a->size; k++)
				in[cfg->input_reg[code]][k] = attrib_component(a->type, p + k * unit);
		at += bytes;
	}
	return HW_OK;
}

enum hw_status hw_loader_fetch(const struct hw_loader_config *cfg, const struct hw_memory *mem,
			       struct hw_loader_lines *lines, uint32_t index,
			       float in[HW_SHADER_INPUTS][4], struct hw_counters *c,
			       char *fault, unsigned fault_len)
{
	unsigned r, n;

	/* Unfed components read as (0, 0, 0, 1), as GL defines for attributes. */
	for (r = 0; r < HW_SHADER_INPUTS; r++) {
		in[r][0] = in[r][1] = in[r][2] = 0;
		in[r][3] = 1;
	}
	for (n = 0; n < cfg->attrib_count && n < HW_LOADER_ATTRIBS; n++)
		if (cfg->attrib[n].fixed && cfg->input_reg[n] < HW_SHADER_INPUTS)
			memcpy(in[cfg->input_reg[n]], cfg->attrib[n].value, sizeof in[0]);
	for (n = 0; n < cfg->array_count && n < HW_LOADER_ARRAYS; n++) {
		enum hw_status st = loader_array(cfg, mem, lines, n, index, in, c, fault, fault_len);
		if (st != HW_OK)
			return st;
	}
	return HW_OK;
}
