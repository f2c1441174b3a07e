/* replay.c: the corpus replay of one fuzz target, for `make check` with the
 * normal compiler. Feeds every file of the target's seed corpus
 * (fuzz/corpus/TARGET) and of its reproducers (fuzz/reproducers/TARGET),
 * or of the files and directories given as arguments, through
 * LLVMFuzzerTestOneInput, in name order. A broken rule aborts (fuzz_fail),
 * a memory error shows under ASan or valgrind; so every committed
 * reproducer stays fixed. FUZZ_TARGET names the target (Makefile.am). */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz_common.h"

#ifndef FUZZ_TARGET
#error "FUZZ_TARGET must name the target"
#endif

static unsigned files_run;

static int replay_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *data = NULL;
	size_t size = 0, cap = 0, got;

	if (!f) {
		fprintf(stderr, "replay: cannot open %s\n", path);
		return 1;
	}
	do {
		if (size == cap) {
			uint8_t *grown;
			cap = cap ? cap * 2 : 4096;
			grown = realloc(data, cap);
			if (!grown) {
				free(data);
				fclose(f);
				return 1;
			}
			data = grown;
		}
		got = fread(data + size, 1, cap - size, f);
		size += got;
	} while (got > 0);
	fclose(f);
	LLVMFuzzerTestOneInput(data, size);
	free(data);
	files_run++;
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every regular file of `dir`, sorted; a missing directory is empty. */
static int replay_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, cap = 0, i;
	int bad = 0;

	if (!d)
		return 0;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		if (n == cap) {
			char **grown;
			cap = cap ? cap * 2 : 64;
			grown = realloc(names, cap * sizeof *names);
			if (!grown)
				break;
			names = grown;
		}
		names[n++] = strdup(e->d_name);
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof *names, by_name);
	for (i = 0; i < n; i++) {
		char path[4096];
		struct stat sb;

		snprintf(path, sizeof path, "%s/%s", dir, names[i] ? names[i] : "");
		if (names[i] && stat(path, &sb) == 0 && S_ISREG(sb.st_mode))
			bad |= replay_file(path);
		free(names[i]);
	}
	free(names);
	return bad;
}

static int replay_path(const char *path)
{
	struct stat sb;

	if (stat(path, &sb) != 0) {
		fprintf(stderr, "replay: %s: no such file or directory\n", path);
		return 1;
	}
	return S_ISDIR(sb.st_mode) ? replay_dir(path) : replay_file(path);
}

int main(int argc, char **argv)
{
	const char *top = getenv("top_srcdir");
	char dir[4096];
	int i, bad = 0;

	if (argc > 1) {
		for (i = 1; i < argc; i++)
			bad |= replay_path(argv[i]);
	} else {
		snprintf(dir, sizeof dir, "%s/fuzz/corpus/%s", top ? top : ".", FUZZ_TARGET);
		bad |= replay_path(dir);
		snprintf(dir, sizeof dir, "%s/fuzz/reproducers/%s", top ? top : ".", FUZZ_TARGET);
		bad |= replay_dir(dir);
	}
	printf("replay %s: %u files\n", FUZZ_TARGET, files_run);
	if (files_run == 0) {
		fprintf(stderr, "replay %s: no file was run\n", FUZZ_TARGET);
		return 1;
	}
	return bad ? 1 : 0;
}
