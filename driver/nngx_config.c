/* nngx_config.c: libconfig 1.5 reader with strict keys: a typo in a key is
 * reported with its line rather than silently ignored. */
#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libconfig.h>

#include "config.h"
#include "nngx_config.h"
#include "nngx_diag.h"
#include "hw/hw_alloc.h"

#ifndef NNGX_DEFAULT_CONFIG
#define NNGX_DEFAULT_CONFIG "/usr/local/etc/libnngx/nngx.cfg"
#endif

enum key_kind { KEY_INT, KEY_POW2, KEY_CHOICE, KEY_BOOL, KEY_STRING };   /* KEY_POW2: an int, a power of two */

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
	{ "model.shader.add_latency", KEY_INT, 1, 64, NULL, FIELD(shader_timing.add_latency) },
	{ "model.shader.mad_latency", KEY_INT, 1, 64, NULL, FIELD(shader_timing.mad_latency) },
	{ "model.shader.dot_latency", KEY_INT, 1, 64, NULL, FIELD(shader_timing.dot_latency) },
	{ "model.shader.slow_latency", KEY_INT, 1, 64, NULL, FIELD(shader_timing.slow_latency) },
	{ "model.shader.litp_latency", KEY_INT, 1, 64, NULL, FIELD(shader_timing.litp_latency) },
	{ "model.shader.mova_latency", KEY_INT, 1, 64, NULL, FIELD(shader_timing.mova_latency) },
	{ "model.shader.cmp_latency", KEY_INT, 1, 64, NULL, FIELD(shader_timing.cmp_latency) },
	{ "model.shader.prefetch_miss", KEY_INT, 0, 64, NULL, FIELD(shader_timing.prefetch_miss) },
	{ "model.shader.prefetch_miss_short", KEY_INT, 0, 64, NULL,
	  FIELD(shader_timing.prefetch_miss_short) },
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
	{ "model.fragment.lighting_ratio_config4_6", KEY_INT, 0, 64, NULL,
	  FIELD(draw_costs.lighting_ratio_config4_6) },
	{ "model.fragment.lighting_ratio_config7", KEY_INT, 0, 64, NULL,
	  FIELD(draw_costs.lighting_ratio_config7) },
	{ "model.fragment.combiner_stages_per_clock", KEY_INT, 1, 6, NULL,
	  FIELD(draw_costs.combiner_stages_per_clock) },
	{ "model.fragment.fragment_pixels_per_clock", KEY_INT, 1, 64, NULL,
	  FIELD(draw_costs.fragment_pixels_per_clock) },
	{ "model.fragment.fog_stages", KEY_INT, 0, 64, NULL, FIELD(draw_costs.fog_stages) },
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
	{ "model.lcd.frame_clocks", KEY_INT, HW_LCD_FRAME_CLOCKS_MIN, HW_LCD_FRAME_CLOCKS_MAX, NULL,
	  FIELD(lcd_frame_clocks) },
	/* Transfer and DMA rates by source and destination (issue 30). */
	{ "model.transfer.post_from_vram", KEY_INT, 1, 1 << 20, NULL,
	  FIELD(transfer_rates.post_from_vram) },
	{ "model.transfer.post_fcram_to_vram", KEY_INT, 1, 1 << 20, NULL,
	  FIELD(transfer_rates.post_fcram_to_vram) },
	{ "model.transfer.post_fcram_to_fcram", KEY_INT, 1, 1 << 20, NULL,
	  FIELD(transfer_rates.post_fcram_to_fcram) },
	{ "model.transfer.dma_from_vram", KEY_INT, 1, 1 << 20, NULL,
	  FIELD(transfer_rates.dma_from_vram) },
	{ "model.transfer.dma_fcram_to_vram", KEY_INT, 1, 1 << 20, NULL,
	  FIELD(transfer_rates.dma_fcram_to_vram) },
	{ "model.transfer.dma_fcram_to_fcram", KEY_INT, 1, 1 << 20, NULL,
	  FIELD(transfer_rates.dma_fcram_to_fcram) },
	{ "model.transfer.fill", KEY_INT, 1, 1 << 20, NULL, FIELD(transfer_rates.fill) },
	{ "limits.request_work", KEY_INT, 0, 0x7FFFFFFF, NULL, FIELD(request_max_work) },
	{ "limits.request_clocks", KEY_INT, 0, 0x7FFFFFFF, NULL, FIELD(request_max_clocks) },
	{ "capture.file", KEY_STRING, 0, 0, NULL, FIELD(capture_file) },
	{ "capture.trace", KEY_STRING, 0, 0, NULL, FIELD(capture_trace) },
	{ "capture.frames_dir", KEY_STRING, 0, 0, NULL, FIELD(capture_frames_dir) },
	{ "capture.sampling_time", KEY_INT, 1, 65535, NULL, FIELD(capture_sampling_time) },
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
	hw_transfer_rates_defaults(&cfg->transfer_rates);
	cfg->texture_cache.line_bytes = HW_CACHE_TEXTURE_LINE_BYTES;
	cfg->texture_cache.sets = HW_CACHE_TEXTURE_SETS;
	cfg->texture_cache.ways = HW_CACHE_TEXTURE_WAYS;
	cfg->texture_cache.policy = HW_CACHE_TEXTURE_POLICY;
	cfg->texture_cache.write_no_fill = false;
	hw_fragment_cache_defaults(&cfg->framebuffer_cache);
	cfg->lcd_frame_clocks = HW_LCD_FRAME_CLOCKS;
	/* Model choices: far beyond a frame's worth of work (a busy frame
	 * shades some 10^5 vertices at tens of instructions each and fills
	 * some 10^6 pixels) and one second of GPU time; a request past either
	 * is a hung or hostile stream, stopped within seconds of host time. */
	cfg->request_max_work = 1u << 27;
	cfg->request_max_clocks = HW_CLOCK_HZ;
	/* No capture unless asked for; 1 us busy windows (nngx_capture.h). */
	cfg->capture_file[0] = cfg->capture_trace[0] = cfg->capture_frames_dir[0] = '\0';
	cfg->capture_sampling_time = 268;
}

const char *nngx_config_default_path(void)
{
	return NNGX_DEFAULT_CONFIG;
}

/* Store v in the field key k names in cfg, at the field's own type (bool,
 * uint16_t or int); v is already checked against k's range. */
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

/* The key whose dotted path is `path`, or NULL when there is none. */
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

/* ---- integer literals ----------------------------------------------------
 *
 * libconfig 1.5 keeps only the low 32 bits of an integer literal written
 * without the L suffix (4294968530 reads as 1234), and its tree no longer
 * shows it: the setting is a plain CONFIG_TYPE_INT holding 1234 (fixed
 * upstream in later versions; 1.5 is what the project supports). So the
 * loader reads each file's integer literals itself, with libconfig's own
 * token rules (comments, strings, names, floats), and pairs them one to
 * one, in document order, with the integer settings libconfig parsed from
 * that file: the tree, walked depth first, lists them in the same order.
 * A setting whose literal is not the value libconfig holds is marked
 * (its hook points at `truncated_mark`) and apply_scalar rejects it. */

struct literal {
	long long value;
	bool fits;              /* the literal is a long long (else it is wrong anyway) */
};

struct file_literals {
	const char *file;       /* as libconfig names it (owned by libconfig) */
	struct literal *lit;
	size_t count, cap;
	size_t used;            /* settings paired so far; a file @included
				   twice pairs its list twice */
	bool scanned;           /* the file could be read */
};

struct literal_scan {
	struct file_literals *files;
	size_t count, cap;
	bool no_memory;
};

static char truncated_mark;

/* Append literal l to fl, growing it as needed. False, with *no_memory set
 * and fl unchanged, when memory ran out. */
static bool literal_push(struct file_literals *fl, struct literal l, bool *no_memory)
{
	if (fl->count == fl->cap) {
		size_t cap = fl->cap ? 2 * fl->cap : 16;
		struct literal *grown;

		if (cap > SIZE_MAX / sizeof *grown
		    || !(grown = hw_realloc(fl->lit, cap * sizeof *grown))) {
			*no_memory = true;
			return false;
		}
		fl->lit = grown;
		fl->cap = cap;
	}
	fl->lit[fl->count++] = l;
	return true;
}

/* Whether c may appear in a libconfig setting name. */
static bool is_name_char(int c)
{
	return isalnum(c) || c == '-' || c == '_' || c == '*';
}

/* The value of hexadecimal digit c, or -1 when c is not one. */
static int hex_digit(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Append magnitude digit `d` in `base`, noting overflow past 2^64 - 1. */
static void literal_digit(unsigned long long *mag, bool *overflow, unsigned base, unsigned d)
{
	if (*mag > (ULLONG_MAX - d) / base)
		*overflow = true;
	else
		*mag = *mag * base + d;
}

/* One number token, its first character `c` (a digit, a sign or a '.')
 * already read. Integers (decimal or 0x hex, with an optional L or LL) are
 * pushed; floats are skipped. */
static bool scan_number(FILE *f, int c, struct file_literals *fl, bool *no_memory)
{
	unsigned long long mag = 0;
	bool negative = false, overflow = false, is_float = false, digits = false;
	struct literal l;

	if (c == '+' || c == '-') {
		negative = c == '-';
		c = getc(f);
	}
	if (c == '0') {
		int x = getc(f);

		if (x == 'x' || x == 'X') {
			while ((c = getc(f)) != EOF && hex_digit(c) >= 0) {
				literal_digit(&mag, &overflow, 16, (unsigned)hex_digit(c));
				digits = true;
			}
			goto suffix;
		}
		ungetc(x, f);
	}
	while (c >= '0' && c <= '9') {
		literal_digit(&mag, &overflow, 10, (unsigned)(c - '0'));
		digits = true;
		c = getc(f);
	}
	/* A '.' or an exponent makes it a float: consume the rest of it. */
	if (c == '.' || c == 'e' || c == 'E') {
		is_float = true;
		while (c != EOF && (isdigit(c) || c == '.' || c == 'e' || c == 'E'
				    || c == '+' || c == '-'))
			c = getc(f);
	}
suffix:
	if (!is_float && c == 'L') {
		c = getc(f);
		if (c == 'L')
			c = getc(f);
	}
	if (c != EOF)
		ungetc(c, f);
	if (is_float || !digits)
		return true;    /* a float, or a lone sign libconfig refused */
	l.fits = !overflow && mag <= (negative ? (unsigned long long)LLONG_MAX + 1u
					       : (unsigned long long)LLONG_MAX);
	if (!l.fits)
		l.value = 0;
	else if (negative)
		l.value = mag == (unsigned long long)LLONG_MAX + 1u ? LLONG_MIN
								   : -(long long)mag;
	else
		l.value = (long long)mag;
	return literal_push(fl, l, no_memory);
}

/* Every integer literal of the file, in order; false when the file cannot
 * be read or memory runs out. */
static bool scan_file(struct file_literals *fl, bool *no_memory)
{
	FILE *f = fopen(fl->file, "r");
	int c;

	if (!f)
		return false;
	while ((c = getc(f)) != EOF) {
		if (c == '#') {                                 /* # comment */
			while ((c = getc(f)) != EOF && c != '\n')
				;
		} else if (c == '/') {
			int next = getc(f);

			if (next == '/') {                      /* // comment */
				while ((c = getc(f)) != EOF && c != '\n')
					;
			} else if (next == '*') {               /* block comment */
				int prev = 0;
				while ((c = getc(f)) != EOF && !(prev == '*' && c == '/'))
					prev = c;
			} else if (next != EOF) {
				ungetc(next, f);
			}
		} else if (c == '"') {                          /* string */
			while ((c = getc(f)) != EOF && c != '"')
				if (c == '\\' && getc(f) == EOF)
					break;
		} else if (isalpha(c) || c == '*' || c == '_' || c == '@') {
			/* A name, true/false or @include: digits in it are no number. */
			while ((c = getc(f)) != EOF && is_name_char(c))
				;
			if (c != EOF)
				ungetc(c, f);
		} else if (isdigit(c) || c == '+' || c == '-' || c == '.') {
			if (!scan_number(f, c, fl, no_memory))
				break;
		}
	}
	fclose(f);
	return !*no_memory;
}

/* The literals of `file`, scanned on first request and kept in scan. NULL,
 * with scan->no_memory set, when memory ran out. */
static struct file_literals *scan_find(struct literal_scan *scan, const char *file)
{
	struct file_literals *fl;
	size_t i;

	for (i = 0; i < scan->count; i++)
		if (strcmp(scan->files[i].file, file) == 0)
			return &scan->files[i];
	if (scan->count == scan->cap) {
		size_t cap = scan->cap ? 2 * scan->cap : 4;
		struct file_literals *grown = cap <= SIZE_MAX / sizeof *grown
			? hw_realloc(scan->files, cap * sizeof *grown) : NULL;

		if (!grown) {
			scan->no_memory = true;
			return NULL;
		}
		scan->files = grown;
		scan->cap = cap;
	}
	fl = &scan->files[scan->count++];
	memset(fl, 0, sizeof *fl);
	fl->file = file;
	fl->scanned = scan_file(fl, &scan->no_memory);
	return fl;
}

/* Pair the integer settings under `g` with their literals and mark those
 * libconfig truncated. Returns the setting that could not be paired (its
 * file unreadable, or more settings than literals), else NULL. */
static config_setting_t *mark_truncated(config_setting_t *g, const char *path,
					struct literal_scan *scan)
{
	int i, n = config_setting_length(g);

	for (i = 0; i < n; i++) {
		config_setting_t *s = config_setting_get_elem(g, (unsigned)i), *bad;
		int type = config_setting_type(s);

		if (config_setting_is_aggregate(s)) {
			if ((bad = mark_truncated(s, path, scan)) != NULL)
				return bad;
		} else if (type == CONFIG_TYPE_INT || type == CONFIG_TYPE_INT64) {
			const char *file = config_setting_source_file(s);
			struct file_literals *fl = scan_find(scan, file ? file : path);
			const struct literal *l;

			if (!fl || !fl->scanned || fl->count == 0)
				return s;
			l = &fl->lit[fl->used++ % fl->count];
			if (!l->fits || l->value != config_setting_get_int64(s))
				config_setting_set_hook(s, &truncated_mark);
		}
	}
	return NULL;
}

/* Every file's settings paired with all its literals, a whole number of
 * times (once per @include of it); otherwise the pairing went wrong. */
static const char *scan_unpaired_file(const struct literal_scan *scan)
{
	size_t i;

	for (i = 0; i < scan->count; i++) {
		const struct file_literals *fl = &scan->files[i];
		if (fl->count && fl->used % fl->count != 0)
			return fl->file;
	}
	return NULL;
}

/* Free every file's literals and the file table; scan is then unusable. */
static void scan_free(struct literal_scan *scan)
{
	size_t i;

	for (i = 0; i < scan->count; i++)
		hw_free(scan->files[i].lit);
	hw_free(scan->files);
}

/* Mark the truncated integer settings of the parsed file `path`; false
 * with `err` written when the literals cannot all be checked. */
static bool check_literals(config_t *lc, const char *path, char *err, bool *no_memory)
{
	struct literal_scan scan = { NULL, 0, 0, false };
	config_setting_t *bad = mark_truncated(config_root_setting(lc), path, &scan);
	const char *unpaired = bad ? NULL : scan_unpaired_file(&scan);
	bool ok = !bad && !unpaired && !scan.no_memory;

	if (scan.no_memory && no_memory)
		*no_memory = true;
	if (scan.no_memory)
		snprintf(err, NNGX_CONFIG_ERROR_MAX, "%s:0: out of memory while checking "
			 "the integer literals", path);
	else if (bad)
		fail(err, path, bad, "cannot re-read the file to check this integer's literal");
	else if (unpaired)
		snprintf(err, NNGX_CONFIG_ERROR_MAX, "%s:0: its integer literals do not pair "
			 "with the settings libconfig read", unpaired);
	scan_free(&scan);
	return ok;
}

/* Check setting s against the key at `path` (type, range, power of two,
 * length, choices) and store it in cfg. False with a message naming file and
 * line in err; cfg is then unchanged. */
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
		if (v < k->min || v > k->max || config_setting_get_hook(s) == &truncated_mark) {
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
	if (k->kind == KEY_STRING) {
		const char *v = config_setting_get_string(s);

		if (strlen(v) >= k->size)
			return fail(err, file, s, "'%s' is longer than %zu characters", path,
				    k->size - 1);
		memcpy((char *)cfg + k->offset, v, strlen(v) + 1);
		return true;
	}
	for (i = 0; k->choices[i]; i++) {
		if (strcmp(config_setting_get_string(s), k->choices[i]) == 0) {
			store(cfg, k, (long long)i);
			return true;
		}
	}
	return fail(err, file, s, "'%s' has an unknown value '%s'", path,
		    config_setting_get_string(s));
}

/* Apply every setting of group g, whose path is `prefix` ("" at the top),
 * recursing into known subgroups. False at the first bad setting, with a
 * message in err; settings before it are already stored in cfg. */
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
		      struct nngx_config *out, char err[NNGX_CONFIG_ERROR_MAX],
		      bool *no_memory)
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
	if (no_memory)
		*no_memory = false;
	ok = check_literals(&lc, path, err, no_memory)
	     && apply_group(config_root_setting(&lc), "", path, &cfg, err);
	config_destroy(&lc);
	if (ok) {
		*out = cfg;
		err[0] = '\0';
	}
	return ok;
}
