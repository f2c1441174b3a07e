/* test_util.c: shared helpers of the Check suites. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test_util.h"

void tu_reset(void)
{
	nngxShimSetDiagCallback(NULL, NULL);
	nngxShimSetDiagLevel(NNGX_SHIM_LEVEL_OFF);
	/* A reset keeps nngxInitialize state and command lists, as on the
	 * hardware; tests start from nothing, also when they share a process
	 * (CK_FORK=no under valgrind). */
	nngxFinalize();
	nngxShimReset();
}

void tu_set_busy(GLuint time_clocks, GLuint count)
{
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME, time_clocks);
	nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, count);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
}

bool tu_temp_file(char path[TU_TEMP_PATH], const char *text)
{
	FILE *f;
	int fd;
	bool ok;

	snprintf(path, TU_TEMP_PATH, "/tmp/nngx-test-XXXXXX");
	fd = mkstemp(path);
	if (fd < 0)
		return false;
	f = fdopen(fd, "w");
	if (!f) {
		close(fd);
		unlink(path);
		return false;
	}
	ok = fputs(text, f) >= 0;
	ok = fclose(f) == 0 && ok;
	if (!ok)
		unlink(path);
	return ok;
}

int tu_load_config_text(const char *text)
{
	char path[TU_TEMP_PATH];
	GLboolean loaded;

	if (!tu_temp_file(path, text))
		return -1;
	loaded = nngxShimLoadConfig(path);
	unlink(path);
	return loaded;
}

GLenum tu_run_words(const uint32_t *w, size_t n)
{
	nngxAdd3DCommand(w, (GLsizei)(n * 4), GL_TRUE);
	nngxFlush3DCommand();
	nngxRunCmdlist();
	nngxWaitCmdlistDone();
	nngxClearCmdlist();
	return glGetError();
}

void tu_snapshot_assert_same(const struct tu_snapshot *s)
{
	ck_assert_msg(tu_snapshot_same(s), "an erroring call changed library state");
}

void tu_capture_begin(struct tu_capture *c)
{
	fflush(stderr);
	c->file = tmpfile();
	ck_assert_ptr_nonnull(c->file);
	c->saved_fd = dup(2);
	ck_assert_int_ge(c->saved_fd, 0);
	ck_assert_int_eq(dup2(fileno(c->file), 2), 2);
}

void tu_capture_end(struct tu_capture *c, char *out, size_t n)
{
	size_t got;

	fflush(stderr);
	ck_assert_int_eq(dup2(c->saved_fd, 2), 2);
	close(c->saved_fd);
	rewind(c->file);
	got = fread(out, 1, n - 1, c->file);
	out[got] = '\0';
	fclose(c->file);
}

int tu_run(Suite *s)
{
	SRunner *sr = srunner_create(s);
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

const unsigned char tu_tile_z[8][8] = {
	{ 0, 1, 4, 5, 16, 17, 20, 21 },
	{ 2, 3, 6, 7, 18, 19, 22, 23 },
	{ 8, 9, 12, 13, 24, 25, 28, 29 },
	{ 10, 11, 14, 15, 26, 27, 30, 31 },
	{ 32, 33, 36, 37, 48, 49, 52, 53 },
	{ 34, 35, 38, 39, 50, 51, 54, 55 },
	{ 40, 41, 44, 45, 56, 57, 60, 61 },
	{ 42, 43, 46, 47, 58, 59, 62, 63 },
};
