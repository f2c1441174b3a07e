/* nngx_config.c: libconfig 1.5 reader with strict keys: a typo in a key is
 * reported with its line rather than silently ignored. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libconfig.h>

#include "config.h"
#include "nngx_config.h"
#include "nngx_diag.h"

#ifndef NNGX_DEFAULT_CONFIG
#define NNGX_DEFAULT_CONFIG "/usr/local/etc/libnngx/nngx.cfg"
#endif

enum key_kind { KEY_INT, KEY_POW2, KEY_CHOICE, KEY_BOOL };   /* KEY_POW2: an int, a power of two */

struct key {
	const char *path;
	enum key_kind kind;
	long long min, max;              /* KEY_INT */
	const char *const *choices;      /* KEY_CHOICE, NULL-terminated */
	size_t offset;                   /* in struct nngx_config */
	size_t size;                     /* of the field: 2 or sizeof(int); KEY_BOOL: a bool */
};

static const char *const vcache_choices[] = { "counting", "frozen", "poison", NULL };
static const char *const level_choices[] = { "debug", "info", "warning", "error", "off", NULL };
static const char *const vcache_policy_choices[] = { "fifo", "lru", NULL };  /* enum hw_vcache_policy */
static const char *const cache_policy_choices[] = { "lru", "fifo", NULL };   /* enum hw_cache_policy */

#define FIELD(f) offsetof(struct nngx_config, f), sizeof(((struct nngx_config *)0)->f)

static const struct key keys[] = {
	{ "profiling.busy.unset_sampling_time", KEY_INT, 1, 65535, NULL,
	  FIELD(busy_unset_sampling_time) },
	{ "profiling.busy.unset_sampling_count", KEY_INT, 0, 65535, NULL,
	  FIELD(busy_unset_sampling_count) },
	{ "profiling.vertex_cache.unstarted_read", KEY_CHOICE, 0, 0, vcache_choices,
	  FIELD(vcache_unstarted) },
	{ "profiling.misbehave_during_cmdlist", KEY_BOOL, 0, 1, NULL,
	  FIELD(misbehave_during_cmdlist) },
	{ "diagnostics.level", KEY_CHOICE, 0, 0, level_choices, FIELD(diag_level) },
	{ "diagnostics.repeat_limit", KEY_INT, 0, 65535, NULL, FIELD(diag_repeat_limit) },
	{ "model.vertex_cache.entries", KEY_INT, 1, HW_VCACHE_MAX_ENTRIES, NULL,
	  FIELD(vcache_entries) },
	{ "model.vertex_cache.policy", KEY_CHOICE, 0, 0, vcache_policy_choices,
	  FIELD(vcache_policy) },
	{ "model.shader.result_latency", KEY_INT, 1, 64, NULL, FIELD(shader_timing.result_latency) },
	{ "model.shader.slow_latency", KEY_INT, 1, 64, NULL, FIELD(shader_timing.slow_latency) },
	{ "model.shader.mova_latency", KEY_INT, 1, 64, NULL, FIELD(shader_timing.mova_latency) },
	{ "model.shader.cmp_latency", KEY_INT, 1, 64, NULL, FIELD(shader_timing.cmp_latency) },
	{ "model.shader.prefetch_miss", KEY_INT, 0, 64, NULL, FIELD(shader_timing.prefetch_miss) },
	{ "model.shader.max_steps", KEY_INT, 1, 1 << 26, NULL, FIELD(shader_timing.max_steps) },
	{ "model.draw.overhead", KEY_INT, 0, 1 << 20, NULL, FIELD(draw_costs.draw_overhead) },
	{ "model.draw.per_attribute", KEY_INT, 0, 1 << 10, NULL, FIELD(draw_costs.per_attribute) },
	{ "model.draw.per_access_vram", KEY_INT, 0, 1 << 10, NULL,
	  FIELD(draw_costs.per_access_vram) },
	{ "model.draw.per_access_fcram", KEY_INT, 0, 1 << 10, NULL,
	  FIELD(draw_costs.per_access_fcram) },
	{ "model.draw.per_index", KEY_INT, 0, 1 << 10, NULL, FIELD(draw_costs.per_index) },
	{ "model.draw.setup_per_polygon", KEY_INT, 0, 1 << 10, NULL,
	  FIELD(draw_costs.setup_per_polygon) },
	{ "model.fragment.raster_per_polygon", KEY_INT, 0, 1 << 10, NULL,
	  FIELD(draw_costs.raster_per_polygon) },
	{ "model.fragment.raster_pixels_per_clock", KEY_INT, 1, 64, NULL,
	  FIELD(draw_costs.raster_pixels_per_clock) },
	{ "model.fragment.texture_per_sample", KEY_INT, 0, 64, NULL,
	  FIELD(draw_costs.texture_per_sample) },
	{ "model.fragment.texture_per_miss_vram", KEY_INT, 0, 1 << 10, NULL,
	  FIELD(draw_costs.texture_per_miss_vram) },
	{ "model.fragment.texture_per_miss_fcram", KEY_INT, 0, 1 << 10, NULL,
	  FIELD(draw_costs.texture_per_miss_fcram) },
	{ "model.fragment.lighting_per_light", KEY_INT, 0, 64, NULL,
	  FIELD(draw_costs.lighting_per_light) },
	{ "model.fragment.combiner_stages_per_clock", KEY_INT, 1, 6, NULL,
	  FIELD(draw_costs.combiner_stages_per_clock) },
	{ "model.fragment.fragment_pixels_per_clock", KEY_INT, 1, 64, NULL,
	  FIELD(draw_costs.fragment_pixels_per_clock) },
	{ "model.pipeline.batch_primitives", KEY_INT, 1, 4096, NULL,
	  FIELD(draw_costs.batch_primitives) },
	{ "model.pipeline.batch_pixels", KEY_INT, 1, 1 << 20, NULL,
	  FIELD(draw_costs.batch_pixels) },
	{ "model.pipeline.queue_batches", KEY_INT, 1, 64, NULL, FIELD(draw_costs.queue_batches) },
	{ "model.texture_cache.line_bytes", KEY_POW2, 16, 64, NULL, FIELD(texture_cache.line_bytes) },
	{ "model.texture_cache.sets", KEY_POW2, 1, 65536, NULL, FIELD(texture_cache.sets) },
	{ "model.texture_cache.ways", KEY_INT, 1, 256, NULL, FIELD(texture_cache.ways) },
	{ "model.texture_cache.policy", KEY_CHOICE, 0, 0, cache_policy_choices,
	  FIELD(texture_cache.policy) },
	{ "model.framebuffer_cache.line_bytes", KEY_POW2, 16, 64, NULL,
	  FIELD(framebuffer_cache.line_bytes) },
	{ "model.framebuffer_cache.sets", KEY_POW2, 1, 65536, NULL, FIELD(framebuffer_cache.sets) },
	{ "model.framebuffer_cache.ways", KEY_INT, 1, 256, NULL, FIELD(framebuffer_cache.ways) },
	{ "model.framebuffer_cache.policy", KEY_CHOICE, 0, 0, cache_policy_choices,
	  FIELD(framebuffer_cache.policy) },
};

void nngx_config_defaults(struct nngx_config *cfg)
{
	/* Model choice: hardware leaves these undefined. The longest window
	 * and "run until stopped" keep an unconfigured counter sampling. */
	cfg->busy_unset_sampling_time = 65535;
	cfg->busy_unset_sampling_count = 0;
	cfg->vcache_unstarted = NNGX_VCACHE_UNSTARTED_COUNTING;
	/* The hardware "may misbehave"; by default the model only warns. */
	cfg->misbehave_during_cmdlist = false;
	cfg->diag_level = NNGX_SHIM_SEVERITY_WARNING;
	/* A few repeats tell the story; the count follows at exit. */
	cfg->diag_repeat_limit = 3;
	/* The model's own defaults, each with its source beside it in hw/. */
	cfg->vcache_entries = HW_VCACHE_DEFAULT_ENTRIES;
	cfg->vcache_policy = HW_VCACHE_FIFO;
	hw_shader_timing_defaults(&cfg->shader_timing);
	hw_draw_costs_defaults(&cfg->draw_costs);
	cfg->texture_cache.line_bytes = HW_CACHE_TEXTURE_LINE_BYTES;
	cfg->texture_cache.sets = HW_CACHE_TEXTURE_SETS;
	cfg->texture_cache.ways = HW_CACHE_TEXTURE_WAYS;
	cfg->texture_cache.policy = HW_CACHE_TEXTURE_POLICY;
	cfg->texture_cache.write_no_fill = false;
	hw_fragment_cache_defaults(&cfg->framebuffer_cache);
}

const char *nngx_config_default_path(void)
{
	return NNGX_DEFAULT_CONFIG;
}

static void store(struct nngx_config *cfg, const struct key *k, long long v)
{
	char *field = (char *)cfg + k->offset;

	if (k->kind == KEY_BOOL) {
		bool b = v != 0;
		memcpy(field, &b, sizeof b);
	} else if (k->size == sizeof(uint16_t)) {
		uint16_t u = (uint16_t)v;
		memcpy(field, &u, sizeof u);
	} else {
		int i = (int)v;
		memcpy(field, &i, sizeof i);
	}
}

static const struct key *find_key(const char *path)
{
	size_t i;

	for (i = 0; i < sizeof keys / sizeof keys[0]; i++)
		if (strcmp(keys[i].path, path) == 0)
			return &keys[i];
	return NULL;
}

/* True when some key lives under the group `path`. */
static bool known_group(const char *path)
{
	size_t i, n = strlen(path);

	for (i = 0; i < sizeof keys / sizeof keys[0]; i++)
		if (strncmp(keys[i].path, path, n) == 0 && keys[i].path[n] == '.')
			return true;
	return false;
}

static bool fail(char *err, const char *file, const config_setting_t *s,
		 const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 4, 5)))
#endif
	;

/* Write "file:line: message" and report failure. The file is the one the
 * setting came from, which may be an @include'd one. */
static bool fail(char *err, const char *file, const config_setting_t *s,
		 const char *fmt, ...)
{
	int n;

	if (s && config_setting_source_file(s))
		file = config_setting_source_file(s);
	n = snprintf(err, NNGX_CONFIG_ERROR_MAX, "%s:%u: ", file,
			 s ? (unsigned)config_setting_source_line(s) : 0u);
	if (n > 0 && n < NNGX_CONFIG_ERROR_MAX) {
		va_list ap;

		va_start(ap, fmt);
		vsnprintf(err + n, (size_t)(NNGX_CONFIG_ERROR_MAX - n), fmt, ap);
		va_end(ap);
	}
	return false;
}

/* libconfig 1.5 keeps only the low 32 bits of an integer literal written
 * without the L suffix (4294968530 reads as 1234). Re-read the literal on
 * the setting's line and say whether it is the value libconfig reports.
 * When the text cannot be found, trust libconfig. */
static bool literal_is_exact(const config_setting_t *s, long long value)
{
	const char *file = config_setting_source_file(s);
	const char *name = config_setting_name(s);
	unsigned line = config_setting_source_line(s), n = 0;
	char text[1024];
	bool exact = true;
	FILE *f;

	if (!file || !name || !(f = fopen(file, "r")))
		return true;
	while (fgets(text, sizeof text, f))
		if (++n == line)
			break;
	fclose(f);
	if (n == line) {
		size_t len = strlen(name);
		const char *at = text;
		while ((at = strstr(at, name)) != NULL) {
			const char *p = at + len;
			bool starts_word = at == text || !(isalnum((unsigned char)at[-1])
							  || at[-1] == '_');
			at = p;
			while (*p == ' ' || *p == '\t')
				p++;
			if (!starts_word || (*p != '=' && *p != ':'))
				continue;
			errno = 0;
			exact = strtoll(p + 1, NULL, 0) == value && errno == 0;
			break;
		}
	}
	return exact;
}

static bool apply_scalar(const config_setting_t *s, const char *path, const char *file,
			 struct nngx_config *cfg, char *err)
{
	const struct key *k = find_key(path);
	size_t i;

	if (!k)
		return fail(err, file, s, "unknown key '%s'", path);
	if (k->kind == KEY_BOOL) {
		if (config_setting_type(s) != CONFIG_TYPE_BOOL)
			return fail(err, file, s, "'%s' must be true or false", path);
		store(cfg, k, config_setting_get_bool(s));
		return true;
	}
	if (k->kind == KEY_INT || k->kind == KEY_POW2) {
		long long v;
		int type = config_setting_type(s);
		if (type != CONFIG_TYPE_INT && type != CONFIG_TYPE_INT64)
			return fail(err, file, s, "'%s' must be an integer", path);
		v = config_setting_get_int64(s);
		if (v < k->min || v > k->max || !literal_is_exact(s, v)) {
			return fail(err, file, s, "'%s' is out of range (%lld..%lld)", path,
				    k->min, k->max);
		}
		if (k->kind == KEY_POW2 && (v & (v - 1)) != 0)
			return fail(err, file, s, "'%s' must be a power of two", path);
		store(cfg, k, v);
		return true;
	}
	if (config_setting_type(s) != CONFIG_TYPE_STRING)
		return fail(err, file, s, "'%s' must be a string", path);
	for (i = 0; k->choices[i]; i++) {
		if (strcmp(config_setting_get_string(s), k->choices[i]) == 0) {
			store(cfg, k, (long long)i);
			return true;
		}
	}
	return fail(err, file, s, "'%s' has an unknown value '%s'", path,
		    config_setting_get_string(s));
}

static bool apply_group(const config_setting_t *g, const char *prefix, const char *file,
			struct nngx_config *cfg, char *err)
{
	int i, n = config_setting_length(g);

	for (i = 0; i < n; i++) {
		const config_setting_t *s = config_setting_get_elem(g, (unsigned)i);
		char path[256];

		snprintf(path, sizeof path, "%s%s%s", prefix, *prefix ? "." : "",
			 config_setting_name(s) ? config_setting_name(s) : "?");
		if (config_setting_is_group(s)) {
			if (!known_group(path))
				return fail(err, file, s, "unknown group '%s'", path);
			if (!apply_group(s, path, file, cfg, err))
				return false;
		} else if (config_setting_is_aggregate(s)) {
			return fail(err, file, s, "'%s' must not be a list or array", path);
		} else if (!apply_scalar(s, path, file, cfg, err)) {
			return false;
		}
	}
	return true;
}

bool nngx_config_load(const char *path, const struct nngx_config *base,
		      struct nngx_config *out, char err[NNGX_CONFIG_ERROR_MAX])
{
	struct nngx_config cfg = *base;
	config_t lc;
	bool ok;

	config_init(&lc);
	/* No include directory is set: libconfig 1.5 would prefix it to
	 * absolute @include paths too. Relative ones resolve from the working
	 * directory (documented in nngx.cfg(5)). */
	if (!config_read_file(&lc, path)) {
		if (config_error_type(&lc) == CONFIG_ERR_FILE_IO)
			snprintf(err, NNGX_CONFIG_ERROR_MAX, "%s:0: cannot read the file", path);
		else
			snprintf(err, NNGX_CONFIG_ERROR_MAX, "%s:%d: %s",
				 config_error_file(&lc) ? config_error_file(&lc) : path,
				 config_error_line(&lc), config_error_text(&lc));
		config_destroy(&lc);
		return false;
	}
	ok = apply_group(config_root_setting(&lc), "", path, &cfg, err);
	config_destroy(&lc);
	if (ok) {
		*out = cfg;
		err[0] = '\0';
	}
	return ok;
}
