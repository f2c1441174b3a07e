/* test_util.h: shared helpers of the Check suites. */
#ifndef NNGX_TEST_UTIL_H
#define NNGX_TEST_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <check.h>

#include <nn/gx.h>
#include <nngx_shim.h>

#include "driver/nngx_state.h"
#include "snapshot.h"

/* nngxFinalize and power-on reset, diagnostics silenced (counts still move). */
void tu_reset(void);

/* Set both busy parameters without diagnostics noise. */
void tu_set_busy(GLuint time_clocks, GLuint count);

/* Run `n` words through the bound command list as one request, wait for
 * it and empty the list; returns glGetError() for the test to assert on. */
GLenum tu_run_words(const uint32_t *w, size_t n);

/* ck_assert that the library state equals the snapshot. */
void tu_snapshot_assert_same(const struct tu_snapshot *s);

/* Capture what the library writes to stderr (fd 2) between begin and end;
 * end restores fd 2 and copies the text (NUL-terminated) to out. */
struct tu_capture {
	FILE *file;
	int saved_fd;
};

void tu_capture_begin(struct tu_capture *c);
void tu_capture_end(struct tu_capture *c, char *out, size_t n);

/* Write `text` to a new file under /tmp whose name goes to path (room for
 * TU_TEMP_PATH bytes); the caller removes it. False when the file could
 * not be made or written. */
#define TU_TEMP_PATH 32
bool tu_temp_file(char path[TU_TEMP_PATH], const char *text);

/* Load `text` as a configuration file (nngxShimLoadConfig on a temporary
 * file, removed afterwards). Returns what the load returns, GL_TRUE or
 * GL_FALSE, or -1 when the file could not be written, so that a test's
 * assertion of either result fails then. */
int tu_load_config_text(const char *text);

/* Z-order inside an 8x8 tile of the framebuffer and texture layouts, by
 * memory row (from the top) and column: the tests' own copy, so that a
 * test of the layout does not use the model's table. */
extern const unsigned char tu_tile_z[8][8];

/* Run a suite in the usual way; returns the process exit status. */
int tu_run(Suite *s);

#endif
