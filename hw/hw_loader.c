/* hw_loader.c: attribute fetch and conversion. */
#include <stdio.h>
#include <string.h>

#include "hw_assert.h"
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

/* One component of `type` at p, as a float (no normalisation). */
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

typedef char loader_line_mask_needs_a_power_of_two
	[(HW_MEMORY_ACCESS_BYTES & (HW_MEMORY_ACCESS_BYTES - 1)) == 0 ? 1 : -1];

/* Count the 16-byte lines of [phys, phys + bytes) not in the fetch buffer;
 * an empty range touches none. Addresses are 32 bits and wrap: a range
 * that runs past 0xFFFFFFFF goes on at line 0 (the loader's base + offset
 * + index x stride wraps too). */
static void loader_touch(struct hw_loader_lines *lines, unsigned array, uint32_t phys,
			 unsigned bytes, struct hw_counters *c)
{
	const uint32_t line_mask = UINT32_MAX / HW_MEMORY_ACCESS_BYTES;
	uint32_t line = phys / HW_MEMORY_ACCESS_BYTES;
	uint64_t n = ((uint64_t)(phys % HW_MEMORY_ACCESS_BYTES) + bytes + HW_MEMORY_ACCESS_BYTES - 1)
		     / HW_MEMORY_ACCESS_BYTES;

	NNGX_ASSERT(array < HW_LOADER_ARRAYS);
	if (bytes == 0)         /* an element of no bytes (a fixed attribute) */
		return;
	for (; n > 0; n--, line = (line + 1) & line_mask) {
		if (lines->valid[array] && lines->line[array] == line)
			continue;
		lines->valid[array] = true;
		lines->line[array] = line;
		hw_memory_count(c, HW_MEM_COMMAND_VERTEX_READ, line * HW_MEMORY_ACCESS_BYTES, false, 1);
	}
}

void hw_loader_prepare(struct hw_loader_program *lp, const struct hw_loader_config *cfg,
		       float in[HW_SHADER_INPUTS][4])
{
	unsigned r, n, e, nread = 0, used = 0, first;

	/* Unfed components read as (0, 0, 0, 1), as GL defines for attributes. */
	for (r = 0; r < HW_SHADER_INPUTS; r++) {
		in[r][0] = in[r][1] = in[r][2] = 0;
		in[r][3] = 1;
	}
	for (n = 0; n < cfg->attrib_count && n < HW_LOADER_ATTRIBS; n++)
		if (cfg->attrib[n].fixed && cfg->input_reg[n] < HW_SHADER_INPUTS)
			memcpy(in[cfg->input_reg[n]], cfg->attrib[n].value, sizeof in[0]);

	lp->base = cfg->base;
	for (n = 0; n < cfg->array_count && n < HW_LOADER_ARRAYS; n++) {
		const struct hw_attrib_array *arr = &cfg->array[n];
		unsigned at = 0;

		lp->array[used].number = n;
		lp->array[used].offset = arr->offset;
		lp->array[used].stride = arr->stride;
		first = nread;
		lp->array[used].region = NULL;
		for (e = 0; e < arr->elements && e < HW_LOADER_ARRAY_ELEMENTS; e++) {
			unsigned code = arr->element[e], unit;
			const struct hw_attrib *a;
			struct hw_loader_read *rd;

			if (code >= HW_LOADER_ATTRIBS) {
				at += (code - 11) * 4;          /* padding: 4, 8, 12 or 16 bytes */
				continue;
			}
			a = &cfg->attrib[code];
			unit = type_bytes[a->type & 3];
			at = (at + unit - 1) / unit * unit;   /* aligned to its component */
			NNGX_ASSERT(nread < HW_LOADER_ARRAYS * HW_LOADER_ARRAY_ELEMENTS);
			rd = &lp->read[nread++];
			rd->at = at;
			rd->type = a->type <= HW_ATTRIB_FLOAT ? (uint8_t)a->type : 0xFF;
			rd->unit = (uint8_t)unit;
			rd->size = (uint8_t)a->size;
			rd->bytes = (uint8_t)hw_attrib_bytes(a);
			rd->reg = !a->fixed && cfg->input_reg[code] < HW_SHADER_INPUTS
				  ? cfg->input_reg[code] : HW_SHADER_INPUTS;
			rd->attrib = (uint8_t)code;
			rd->array = (uint8_t)used;
			at += rd->bytes;
		}
		if (nread > first)
			used++;             /* an array without reads does nothing */
	}
	lp->arrays = used;
	lp->reads = nread;
}

/* Host bytes of [phys, phys + bytes) for the nth array read, through its
 * last region:
 * a range inside one region is inside no other, so this is what
 * hw_memory_host gives. */
static const unsigned char *loader_host(struct hw_loader_program *lp, unsigned n,
					const struct hw_memory *mem, uint32_t phys,
					unsigned bytes)
{
	const struct hw_region *r = lp->array[n].region;

	if (!hw_region_holds(r, phys, bytes)) {
		r = hw_memory_region(mem, phys, bytes);
		if (!r)
			return NULL;
		lp->array[n].region = r;
	}
	NNGX_ASSERT(phys >= r->base);   /* r holds [phys, phys + bytes) */
	return r->host + (phys - r->base);
}

enum hw_status hw_loader_program_fetch(struct hw_loader_program *lp, const struct hw_memory *mem,
				       struct hw_loader_lines *lines, uint32_t index,
				       float in[HW_SHADER_INPUTS][4], struct hw_counters *c,
				       char *fault, unsigned fault_len)
{
	const struct hw_loader_read *rd = lp->read, *end = rd + lp->reads;
	unsigned k;

	/* the reads in order, array after array (one loop: most arrays have
	 * one read) */
	for (; rd < end; rd++) {
		const unsigned n = rd->array, number = lp->array[n].number;
		const uint32_t phys = lp->base + lp->array[n].offset + index * lp->array[n].stride
				      + rd->at;
		const unsigned char *p = loader_host(lp, n, mem, phys, rd->bytes);
		float *v;

		if (!p) {
			if (fault)
				snprintf(fault, fault_len, "attribute array %u reads 0x%08X..+%u, "
					 "outside every buffer", number, phys, (unsigned)rd->bytes);
			return HW_ERROR_FAULT;
		}
		loader_touch(lines, number, phys, rd->bytes, c);
		if (rd->reg >= HW_SHADER_INPUTS)
			continue;
		v = in[rd->reg];
		switch (rd->type) {
		case HW_ATTRIB_FLOAT:
			/* copies of a size known here, a few moves each (a copy
			 * of a size known at run time is a call or a string
			 * instruction, slow to start) */
			switch (rd->size) {
			case 4:
				memcpy(v, p, 16);
				break;
			case 3:
				memcpy(v, p, 12);
				break;
			case 2:
				memcpy(v, p, 8);
				break;
			case 1:
				memcpy(v, p, 4);
				break;
			default:
				memcpy(v, p, 4u * rd->size);
				break;
			}
			break;
		case HW_ATTRIB_SHORT:
			for (k = 0; k < rd->size; k++)
				v[k] = attrib_component(HW_ATTRIB_SHORT, p + 2 * k);
			break;
		default:
			for (k = 0; k < rd->size; k++)
				v[k] = attrib_component((enum hw_attrib_type)rd->type, p + k * rd->unit);
			break;
		}
	}
	return HW_OK;
}

enum hw_status hw_loader_fetch(const struct hw_loader_config *cfg, const struct hw_memory *mem,
			       struct hw_loader_lines *lines, uint32_t index,
			       float in[HW_SHADER_INPUTS][4], struct hw_counters *c,
			       char *fault, unsigned fault_len)
{
	struct hw_loader_program lp;

	hw_loader_prepare(&lp, cfg, in);
	return hw_loader_program_fetch(&lp, mem, lines, index, in, c, fault, fault_len);
}

bool hw_loader_arrays_mixed(const struct hw_loader_config *cfg)
{
	bool fcram = false, vram = false;
	unsigned n, e;

	for (n = 0; n < cfg->array_count && n < HW_LOADER_ARRAYS; n++) {
		const struct hw_attrib_array *arr = &cfg->array[n];
		bool fetches = false;

		for (e = 0; e < arr->elements && e < HW_LOADER_ARRAY_ELEMENTS; e++) {
			unsigned code = arr->element[e];

			if (code < HW_LOADER_ATTRIBS && code < cfg->attrib_count
			    && !cfg->attrib[code].fixed)
				fetches = true;
		}
		if (!fetches)
			continue;
		if (hw_memory_area_of(cfg->base + arr->offset) == HW_AREA_FCRAM)
			fcram = true;
		else
			vram = true;
	}
	return fcram && vram;
}
