/* fuzz_import.c: nngxImportCmdlist on damaged export blocks (the block of
 * nngxExportCmdlist, nngx/nngx_export.c). The rule checked: a block is
 * either refused, with one of the SDK's codes (8041-8045) and nothing
 * changed in the list, or appended whole; what was appended then runs on
 * the GPU model without a fault of the host. The block lies in a heap
 * block of exactly its size, so reading past it shows under ASan.
 *
 * Input: one byte of flags, then the block. Flags bit 0: datasize is the
 * next 4 bytes (any value) instead of the block's size; bit 1: the list
 * has 3D commands not yet flushed (the 8045 case); bit 2: the block is
 * also read by nngxGetExportedCmdlistInfo (which has no size: only for
 * blocks of 32 bytes or more). The seeds (fuzz/make_seeds.c) are real
 * exports of lists with render, DMA, fill, transfer and copy requests. */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "driver/nngx_state.h"

#define IMPORT_LIST_BYTES (64u * 1024u)
#define IMPORT_LIST_REQUESTS 64

static uint64_t list_hash(const struct nngx_cmdlist *l)
{
	uint64_t h = 1469598103934665603ull;
	size_t k;

	for (k = 0; k < l->used_words; k++)
		h = (h ^ l->words[k]) * 1099511628211ull;
	for (k = 0; k < l->used_req; k++)
		h = (h ^ l->req[k].type ^ (uint64_t)l->req[k].begin << 20
		     ^ (uint64_t)l->req[k].end << 40) * 1099511628211ull;
	return h ^ l->used_words ^ (uint64_t)l->used_req << 32 ^ l->flushed_words << 16;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const uint32_t pending[2] = { 0, 0x000F0080u };
	struct fuzz_in in = { data, size };
	struct nngx_cmdlist *l;
	uint8_t flags = fuzz_u8(&in), *block;
	GLsizei datasize;
	GLuint list;
	uint64_t before;
	GLenum err;

	fuzz_setup();
	nngxFinalize();
	nngxShimReset();
	nngxGenCmdlists(1, &list);
	nngxBindCmdlist(list);
	nngxCmdlistStorage(IMPORT_LIST_BYTES, IMPORT_LIST_REQUESTS);
	if (flags & 2)
		nngxAdd3DCommand(pending, sizeof pending, GL_TRUE);
	if (glGetError() != GL_NO_ERROR)
		fuzz_fail("the list could not be set up");
	/* A datasize larger than the bytes would be the program's lie, which
	 * no library can catch: any negative one, or one up to the bytes. */
	datasize = (GLsizei)in.n;
	if (flags & 1) {
		int32_t claimed = (int32_t)fuzz_u32(&in);

		datasize = claimed < 0 ? claimed : (GLsizei)((uint32_t)claimed % (in.n + 1));
	}
	/* exactly the bytes left: a read past them is a read past the block */
	block = malloc(in.n ? in.n : 1);
	if (!block)
		return 0;
	memcpy(block, in.p, in.n);
	if ((flags & 4) && in.n >= 32) {
		GLsizei bytes, reqs;
		GLuint offset;

		nngxGetExportedCmdlistInfo(block, &bytes, &reqs, &offset);
		(void)glGetError();
	}
	l = nngx_cmdlist_find(nngx_state_get(), list);
	before = list_hash(l);
	nngxImportCmdlist(list, in.n ? block : NULL, datasize);
	err = glGetError();
	l = nngx_cmdlist_find(nngx_state_get(), list);
	if (err != GL_NO_ERROR) {
		if (err < GL_ERROR_8041_DMP || err > GL_ERROR_8045_DMP)
			fuzz_fail("import refused with 0x%04X, not one of 8041-8045", err);
		if (list_hash(l) != before)
			fuzz_fail("a refused import (0x%04X) changed the list", err);
	} else {
		/* Appended: it runs (its faults are the model's diagnostics). */
		nngxFlush3DCommand();
		nngxRunCmdlist();
		nngxWaitCmdlistDone();
		(void)glGetError();
	}
	free(block);
	return 0;
}
