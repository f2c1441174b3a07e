/* nngx_golden.c: the golden record (see nngx_golden.h). */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hw/hw_alloc.h"
#include "nngx_golden.h"

#define GOLDEN_ENV "NNGX_GOLDEN"

/* 64-bit FNV-1a (public domain constants: offset basis and prime). */
#define FNV64_OFFSET 0xcbf29ce484222325ull
#define FNV64_PRIME  0x100000001b3ull

/* The 64-bit FNV-1a hash of the n bytes at p. */
static uint64_t golden_hash(const unsigned char *p, size_t n)
{
	uint64_t h = FNV64_OFFSET;
	size_t i;

	for (i = 0; i < n; i++) {
		h ^= p[i];
		h *= FNV64_PRIME;
	}
	return h;
}

/* The busy counts a BUSY read would return now, from a deep copy of the
 * unit: the program's own next read sees exactly what it would have seen
 * without the record. False when the host ran out of memory. */
static bool golden_peek_busy(const struct hw_busy_unit *u, hw_clock_t now,
			     uint16_t out[HW_BUSY_MODULE_COUNT])
{
	struct hw_busy_unit copy = *u;
	bool ok = true;
	int m;

	for (m = 0; m < HW_BUSY_MODULE_COUNT; m++) {
		const struct hw_busy_track *t = &u->track[m];

		copy.track[m].seg = NULL;
		copy.track[m].count = copy.track[m].cap = 0;
		if (!ok || t->count == 0)
			continue;
		copy.track[m].seg = hw_malloc(t->count * sizeof *t->seg);
		if (!copy.track[m].seg) {
			ok = false;
			continue;
		}
		memcpy(copy.track[m].seg, t->seg, t->count * sizeof *t->seg);
		copy.track[m].count = copy.track[m].cap = t->count;
	}
	if (ok)
		hw_busy_read(&copy, now, out);
	hw_busy_fini(&copy);
	return ok;
}

/* The golden record's name of the memory area holding phys. */
static const char *golden_area_name(uint32_t phys)
{
	switch (hw_memory_area_of(phys)) {
	case HW_AREA_VRAM_A:
		return "vramA";
	case HW_AREA_VRAM_B:
		return "vramB";
	default:
		return "fcram";
	}
}

/* Write n record lines "seq event item.i value", one per word of w. */
static void golden_words(FILE *f, unsigned seq, const char *event, const char *item,
			 const uint32_t *w, unsigned n)
{
	unsigned i;

	for (i = 0; i < n; i++)
		fprintf(f, "%u %s %s.%u %" PRIu32 "\n", seq, event, item, i, w[i]);
}

/* The record file, opened for appending; NULL when NNGX_GOLDEN is unset or
 * empty, or cannot be opened (one warning line on standard error, once). */
bool nngx_golden_off;

/* The golden record's file, opened for appending, or NULL when $NNGX_GOLDEN
 * is unset or empty or cannot be opened (warned once); the record is then off
 * for the rest of the process. */
static FILE *golden_open(void)
{
	const char *path;
	FILE *f;

	if (nngx_golden_off)
		return NULL;
	path = getenv(GOLDEN_ENV);
	if (!path || !*path) {
		nngx_golden_off = true;
		return NULL;
	}
	f = fopen(path, "a");
	if (!f) {
		fprintf(stderr, "libnngx: warning: %s=%s: %s; no golden record is written\n",
			GOLDEN_ENV, path, strerror(errno));
		nngx_golden_off = true;
	}
	return f;
}

/* Records are numbered from 1 in program order, reads and states alike. */
static unsigned golden_seq;

void nngx_golden_result_write(const char *name, const uint32_t *result, unsigned words)
{
	static const char prefix[] = "NN_GX_PROFILING_";
	FILE *f = golden_open();

	if (!f)
		return;
	if (strncmp(name, prefix, sizeof prefix - 1) == 0)
		name += sizeof prefix - 1;      /* the keys of the state records */
	golden_words(f, ++golden_seq, "read", name, result, words);
	fclose(f);
}

void nngx_golden_record(struct nngx_state *st, const char *event)
{
	static const char *const shader_item[HW_SHADER_PROCESSOR_COUNT] = {
		"VERTEX_SHADER0", "VERTEX_SHADER1", "VERTEX_SHADER2", "VERTEX_SHADER3"
	};
	unsigned seq;
	const struct hw_counters *c = &st->gpu.counters;
	const struct hw_memory *mem = &st->gpu.memory;
	uint16_t busy[HW_BUSY_MODULE_COUNT];
	uint32_t packed[HW_BUSY_MODULE_COUNT / 2];
	FILE *f = golden_open();
	size_t r;
	int p;

	if (!f)
		return;
	seq = ++golden_seq;
	fprintf(f, "%u %s clock %" PRIu64 "\n", seq, event, (uint64_t)st->gpu.clock);
	for (p = 0; p < HW_SHADER_PROCESSOR_COUNT; p++)
		golden_words(f, seq, event, shader_item[p], c->shader[p], HW_SHADER_WORD_COUNT);
	golden_words(f, seq, event, "POLYGON", c->polygon, HW_POLYGON_WORD_COUNT);
	golden_words(f, seq, event, "FRAGMENT", &c->fragment, 1);
	golden_words(f, seq, event, "MEMORY_ACCESS", c->memory, HW_MEM_WORD_COUNT);
	golden_words(f, seq, event, "VERTEX_CACHE", &c->vertex_cache, 1);
	/* Packed as nngxGetProfilingResult(BUSY) packs them. */
	if (golden_peek_busy(&st->gpu.busy, st->gpu.clock, busy)) {
		for (p = 0; p < HW_BUSY_MODULE_COUNT / 2; p++)
			packed[p] = (uint32_t)busy[2 * p] | (uint32_t)busy[2 * p + 1] << 16;
		golden_words(f, seq, event, "BUSY", packed, HW_BUSY_MODULE_COUNT / 2);
	} else {
		fprintf(f, "%u %s BUSY out-of-memory\n", seq, event);
	}
	for (r = 0; r < mem->count; r++) {
		const struct hw_region *g = &mem->region[r];

		fprintf(f, "%u %s memory %s 0x%08" PRIx32 " 0x%" PRIx32 " %016" PRIx64 "\n", seq,
			event, golden_area_name(g->base), g->base, g->size,
			golden_hash(g->host, g->size));
	}
	fclose(f);
}
