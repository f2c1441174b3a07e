/* nngx_golden.h: the golden record (NNGX_GOLDEN=FILE).
 *
 * When the environment variable NNGX_GOLDEN names a file, the library
 * appends to it, at chosen points of the program (every
 * nngxWaitCmdlistDone, every nngxSwapBuffers that swaps, nngxFinalize and
 * program exit), everything the model computed so far: the clock, every
 * counter word, the busy counts a read would return now (without reading
 * them), and a hash of every simulated memory region (render targets,
 * textures, display buffers, vertex data, command buffers). One value a
 * line, so that two records diff line by line. tests/check-golden.sh
 * compares the scenes' records with tests/data/golden/scenes.txt: the fast
 * model must keep all of it bit-identical. */
#ifndef NNGX_GOLDEN_H
#define NNGX_GOLDEN_H

#include "nngx_state.h"

/* Append one record labelled `event` when NNGX_GOLDEN is set; else nothing.
 * Observes only: no counter, busy count or memory changes. */
void nngx_golden_record(struct nngx_state *st, const char *event);

/* True once NNGX_GOLDEN is known to be unset, empty or unusable: no
 * record is written for the rest of the process. */
extern bool nngx_golden_off;

void nngx_golden_result_write(const char *name, const uint32_t *result, unsigned words);

/* Append what one nngxGetProfilingResult call returned (`words` words of
 * item `name`), so that the record holds the values the program read, busy
 * counts included (a BUSY read zeroes them, so the state records after it
 * show what was left). Inline, so that a read without a record pays one
 * test. */
static inline void nngx_golden_result(const char *name, const uint32_t *result,
				      unsigned words)
{
	if (!nngx_golden_off)
		nngx_golden_result_write(name, result, words);
}

#endif
