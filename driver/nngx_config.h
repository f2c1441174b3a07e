/* nngx_config.h: model and diagnostics settings, read from a libconfig file.
 * The installed default file (data/nngx.cfg) documents every key; the
 * built-in defaults below are the same values, checked by a test. */
#ifndef NNGX_CONFIG_H
#define NNGX_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hw/hw_cache.h"
#include "hw/hw_draw.h"
#include "hw/hw_fragment.h"
#include "hw/hw_lcd.h"
#include "hw/hw_shader.h"
#include "hw/hw_transfer.h"
#include "hw/hw_vcache.h"

/* What nngxGetProfilingResult(VERTEX_CACHE) returns while the counter was
 * never started (hardware: "a value as if running, possibly wrong"). */
enum nngx_vcache_unstarted {
	NNGX_VCACHE_UNSTARTED_COUNTING = 0,  /* the counter counts anyway */
	NNGX_VCACHE_UNSTARTED_FROZEN,        /* counts only while started */
	NNGX_VCACHE_UNSTARTED_POISON         /* as frozen, and a never-started
						counter reads NNGX_VCACHE_POISON */
};

/* An implausible vertex count ("bad cache") that makes a read of a counter
 * that was never started stand out in the caller's tests. */
#define NNGX_VCACHE_POISON 0xBADCAC4Eu

/* Longest path a configuration string may hold (with its terminator). */
#define NNGX_CONFIG_PATH_MAX 1024

struct nngx_config {
	uint16_t busy_unset_sampling_time;   /* clocks, 1..65535 */
	uint16_t busy_unset_sampling_count;  /* windows, 0..65535 */
	enum nngx_vcache_unstarted vcache_unstarted;
	/* A profiling call while a command list executes also misbehaves on
	 * purpose (nngx_profiling.c), so that the mistake shows in tests. */
	bool misbehave_during_cmdlist;
	int diag_level;                      /* NNGX_SHIM_SEVERITY_* or LEVEL_OFF */
	int diag_repeat_limit;               /* 0..65535, 0: no limit */

	/* The model's parameters (each a key of nngx.cfg(5)). */
	uint32_t vcache_entries;             /* 1..256 */
	int vcache_policy;                   /* enum hw_vcache_policy */
	struct hw_shader_timing shader_timing;
	struct hw_draw_costs draw_costs;
	struct hw_transfer_rates transfer_rates;
	struct hw_cache_config texture_cache;
	struct hw_cache_config framebuffer_cache;
	uint32_t lcd_frame_clocks;           /* clocks a frame, hw_lcd.h */

	/* Bounds on one command buffer (hw_gpu.h), 0: none. */
	uint32_t request_max_work;           /* units of work */
	uint32_t request_max_clocks;         /* virtual GPU clocks */
	/* The capture (nngx_capture.h), read at start-up; the environment
	 * variables NNGX_CAPTURE, NNGX_TRACE, NNGX_DUMP_FRAMES beat them. */
	char capture_file[NNGX_CONFIG_PATH_MAX];
	char capture_trace[NNGX_CONFIG_PATH_MAX];
	char capture_frames_dir[NNGX_CONFIG_PATH_MAX];
	uint32_t capture_sampling_time;      /* clocks, 1..65535 */
};

#define NNGX_CONFIG_ERROR_MAX 512

void nngx_config_defaults(struct nngx_config *cfg);

/* Read `path` over a copy of `base` (keys the file leaves out keep base's
 * values) into *out. On failure return false, leave *out untouched and
 * write "file:line: message" to err; *no_memory (if not NULL) tells
 * whether the host ran out of memory. */
bool nngx_config_load(const char *path, const struct nngx_config *base,
		      struct nngx_config *out, char err[NNGX_CONFIG_ERROR_MAX],
		      bool *no_memory);

/* The file used when neither a path nor NNGX_CONFIG is given. */
const char *nngx_config_default_path(void);

#endif
