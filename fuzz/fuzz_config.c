/* fuzz_config.c: the configuration loader (nngx/nngx_config.c over
 * libconfig): any bytes as a configuration file. A file is either rejected
 * with "file:line: message" and the output untouched, or accepted with
 * every key in its documented range (the ranges are restated here, from
 * nngx.cfg(5)), and then applied to the library and taken back.
 *
 * Inputs with @include are skipped: an include reads another file of the
 * machine, which a fuzzer must not do (a FIFO or a device would block). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_common.h"
#include "driver/nngx_state.h"

static char path[64];

static void make_file(void)
{
	int fd;

	if (path[0])
		return;
	snprintf(path, sizeof path, "/tmp/nngx-fuzz-config-XXXXXX");
	fd = mkstemp(path);
	if (fd < 0)
		fuzz_fail("cannot create a temporary file");
	close(fd);
}

static void unlink_file(void)
{
	if (path[0])
		unlink(path);
}

static bool has_include(const uint8_t *data, size_t size)
{
	static const char word[] = "@include";
	size_t i;

	for (i = 0; i + sizeof word - 1 <= size; i++)
		if (memcmp(data + i, word, sizeof word - 1) == 0)
			return true;
	return false;
}

static bool pow2_in(uint32_t v, uint32_t lo, uint32_t hi)
{
	return v >= lo && v <= hi && (v & (v - 1)) == 0;
}

static void check_ranges(const struct nngx_config *c)
{
	if (c->busy_unset_sampling_time < 1 || c->vcache_entries < 1 || c->vcache_entries > 256
	    || (unsigned)c->vcache_unstarted > NNGX_VCACHE_UNSTARTED_POISON
	    || c->diag_level < 0 || c->diag_level > NNGX_SHIM_LEVEL_OFF
	    || c->vcache_policy < 0 || c->vcache_policy > 1)
		fuzz_fail("profiling, diagnostics or vertex-cache value out of range");
	if (c->shader_timing.max_steps < 1 || c->shader_timing.max_steps > (1u << 26)
	    || c->draw_costs.raster_pixels_per_clock < 1
	    || c->draw_costs.combiner_stages_per_clock < 1
	    || c->draw_costs.combiner_stages_per_clock > 6
	    || c->draw_costs.fragment_pixels_per_clock < 1)
		fuzz_fail("shader or cost value out of range");
	if (!pow2_in(c->texture_cache.line_bytes, 16, 64) || !pow2_in(c->texture_cache.sets, 1, 65536)
	    || c->texture_cache.ways < 1 || c->texture_cache.ways > 256
	    || !pow2_in(c->framebuffer_cache.line_bytes, 16, 64)
	    || !pow2_in(c->framebuffer_cache.sets, 1, 65536)
	    || c->framebuffer_cache.ways < 1 || c->framebuffer_cache.ways > 256)
		fuzz_fail("cache geometry out of range");
	if (c->request_max_work > 0x7FFFFFFFu || c->request_max_clocks > 0x7FFFFFFFu)
		fuzz_fail("request bound out of range");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct nngx_config base, out, sentinel, before;
	struct nngx_state *st;
	char err[NNGX_CONFIG_ERROR_MAX];
	FILE *f;

	fuzz_setup();
	if (!path[0]) {
		make_file();
		atexit(unlink_file);
	}
	if (has_include(data, size))
		return 0;
	f = fopen(path, "wb");
	if (!f)
		fuzz_fail("cannot write %s", path);
	if (size && fwrite(data, 1, size, f) != size)
		fuzz_fail("cannot write %s", path);
	fclose(f);

	nngx_config_defaults(&base);
	memset(&sentinel, 0xA5, sizeof sentinel);
	out = sentinel;
	err[0] = 'x';
	err[1] = '\0';
	if (!nngx_config_load(path, &base, &out, err, NULL)) {
		if (memcmp(&out, &sentinel, sizeof out) != 0)
			fuzz_fail("a rejected file wrote the output");
		if (strncmp(err, path, strlen(path)) != 0 || !strchr(err + strlen(path), ':'))
			fuzz_fail("rejection message '%s' is not file:line: message", err);
		return 0;
	}
	if (err[0])
		fuzz_fail("an accepted file left the message '%s'", err);
	check_ranges(&out);
	/* Applied and taken back, as nngxShimLoadConfig would apply it; the
	 * diagnostics and request bounds of the fuzz run stay. Caches of the
	 * largest documented geometries cost a lot of memory: those files
	 * are checked, not applied. */
	if ((uint64_t)out.texture_cache.sets * out.texture_cache.ways > 65536
	    || (uint64_t)out.framebuffer_cache.sets * out.framebuffer_cache.ways > 65536)
		return 0;
	st = nngx_state_get();
	before = st->config;
	out.diag_level = before.diag_level;
	out.request_max_work = before.request_max_work;
	out.request_max_clocks = before.request_max_clocks;
	nngx_state_apply_config(st, &out);
	nngx_state_apply_config(st, &before);
	return 0;
}
