/* check_export.c: exported command lists (nngxExportCmdlist,
 * nngxImportCmdlist, nngxGetExportedCmdlistInfo): the round trip gives the
 * GPU the same work as the region it came from, and each refused call
 * records its code of sdk-surface.md section 6 and changes nothing. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "gl_fixture.h"

#define ck_gl_error(code) ck_assert_uint_eq(glGetError(), (code))

static const GLuint cmd_words[4] = { 0, 0x000F0080u, 0, 0x000F0080u };

static GLint list_param(GLenum pname)
{
	GLint v = -1;

	nngxGetCmdlistParameteri(pname, &v);
	return v;
}

/* What a refused call must leave alone: every list's words and requests,
 * the binding, the GPU clock. */
struct lists_state {
	GLint binding;
	size_t used[3], flushed[3], reqs[3], run[3];
	uint64_t hash[3];
	hw_clock_t clock;
};

static uint64_t hash_bytes(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;

	while (n--)
		h = (h ^ *b++) * 1099511628211u;
	return h;
}

static void lists_take(struct lists_state *s, const GLuint *lists)
{
	struct nngx_state *st = nngx_state_get();
	unsigned k;

	memset(s, 0, sizeof *s);
	s->binding = list_param(NN_GX_CMDLIST_BINDING);
	s->clock = st->gpu.clock;
	for (k = 0; k < 3; k++) {
		const struct nngx_cmdlist *l = nngx_cmdlist_find(st, lists[k]);
		size_t q;

		if (!l || !l->phys)
			continue;
		s->used[k] = l->used_words;
		s->flushed[k] = l->flushed_words;
		s->reqs[k] = l->used_req;
		s->run[k] = l->run_req;
		s->hash[k] = hash_bytes(14695981039346656037u, l->words, l->used_words * 4);
		for (q = 0; q < l->used_req; q++)
			s->hash[k] = hash_bytes(s->hash[k], &l->req[q].type, sizeof l->req[q].type);
	}
}

static void lists_same(const struct lists_state *a, const struct lists_state *b)
{
	unsigned k;

	ck_assert_int_eq(a->binding, b->binding);
	ck_assert(a->clock == b->clock);
	for (k = 0; k < 3; k++) {
		ck_assert_uint_eq(a->used[k], b->used[k]);
		ck_assert_uint_eq(a->flushed[k], b->flushed[k]);
		ck_assert_uint_eq(a->reqs[k], b->reqs[k]);
		ck_assert_uint_eq(a->run[k], b->run[k]);
		ck_assert(a->hash[k] == b->hash[k]);
	}
}

/* A saved region of list `l` (bound): a DMA request when `dma_first`,
 * then two closed segments of commands. */
struct region {
	GLuint list, off, rid;
	GLsizei size, reqs;
};

static struct region record(bool dma_first)
{
	struct region r;

	nngxAdd3DCommand(cmd_words, 8, GL_TRUE);
	nngxFlush3DCommand();
	r.list = (GLuint)list_param(NN_GX_CMDLIST_BINDING);
	nngxStartCmdlistSave();
	if (dma_first) {
		GLvoid *src = nngxShimAllocMemory(NN_GX_MEM_FCRAM, 64);
		GLvoid *dst = nngxShimAllocMemory(NN_GX_MEM_VRAMA, 64);

		nngxAddVramDmaCommand(src, dst, 64);
	}
	nngxAdd3DCommand(cmd_words, 16, GL_TRUE);
	nngxFlush3DCommand();
	nngxAdd3DCommand(cmd_words, 8, GL_TRUE);
	nngxFlush3DCommand();
	nngxStopCmdlistSave(&r.off, &r.size, &r.rid, &r.reqs);
	ck_gl_error(GL_NO_ERROR);
	return r;
}

static GLsizei export_size(const struct region *r)
{
	return nngxExportCmdlist(r->list, r->off, r->size, r->rid, r->reqs, 0, NULL);
}

static void *export_block(const struct region *r, GLsizei *size)
{
	void *data;

	*size = export_size(r);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_int_gt(*size, 0);
	data = calloc(1, (size_t)*size);
	ck_assert_ptr_nonnull(data);
	ck_assert_int_eq(nngxExportCmdlist(r->list, r->off, r->size, r->rid, r->reqs, *size, data),
			 *size);
	ck_gl_error(GL_NO_ERROR);
	return data;
}

START_TEST(test_export_info_and_import_append_the_region)
{
	struct region r;
	GLsizei size, bytes = -1, reqs = -1;
	GLuint offset = 0, dst;
	uint32_t *block;

	tu_reset();
	fx_list(4096, 8);
	r = record(true);
	ck_assert_int_eq(r.size, 24);
	ck_assert_int_eq(r.reqs, 3);
	block = export_block(&r, &size);
	/* Header, 24 bytes of commands, three request records. */
	ck_assert_uint_eq(block[0], 0x4558474Eu);
	ck_assert_uint_eq(block[2], (uint32_t)size);
	ck_assert_int_gt(size, 32 + 24);
	nngxGetExportedCmdlistInfo(block, &bytes, &reqs, &offset);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_int_eq(bytes, 24);
	ck_assert_int_eq(reqs, 3);
	ck_assert_uint_eq(offset, 32);
	ck_assert(memcmp((const char *)block + offset, cmd_words, 16) == 0);
	nngxGetExportedCmdlistInfo(block, NULL, NULL, NULL);        /* NULL outputs skipped */
	ck_gl_error(GL_NO_ERROR);

	/* Into a list that is not bound: the same words, the same requests. */
	dst = fx_list(4096, 8);
	nngxBindCmdlist(r.list);
	nngxImportCmdlist(dst, block, size);
	ck_gl_error(GL_NO_ERROR);
	{
		struct nngx_state *st = nngx_state_get();
		const struct nngx_cmdlist *a = nngx_cmdlist_find(st, r.list);
		const struct nngx_cmdlist *b = nngx_cmdlist_find(st, dst);
		size_t k;

		ck_assert_uint_eq(b->used_words, 6);
		ck_assert_uint_eq(b->flushed_words, 6);
		ck_assert_uint_eq(b->used_req, 3);
		ck_assert(memcmp(b->words, a->words + r.off / 4, 24) == 0);
		for (k = 0; k < 3; k++)
			ck_assert_uint_eq(b->req[k].type, a->req[r.rid + k].type);
		ck_assert_uint_eq(b->req[0].type, NN_GX_CMDLIST_REQTYPE_DMA);
		ck_assert_uint_eq(b->req[0].u.dma.size, 64);
		ck_assert_uint_eq(b->req[1].begin, 0);
		ck_assert_uint_eq(b->req[1].end, 4);
		ck_assert_uint_eq(b->req[2].begin, 4);
		ck_assert_uint_eq(b->req[2].end, 6);
	}
	free(block);
}
END_TEST

/* The "done when" of saved lists, through an export: a draw exported once
 * and imported N times costs the GPU N times one direct draw. */
START_TEST(test_imported_draw_n_times_counts_n_direct_draws)
{
	enum { N = 4 };
	struct fx_counters c0, c1, direct, imported;
	struct region r;
	GLsizei size;
	GLuint main_list;
	void *block;
	unsigned w;

	fx_two_triangles_direct(&direct);
	fx_reset();
	r.list = fx_list(65536, 8);
	fx_two_triangles_scene();
	nngxFlush3DCommand();
	nngxStartCmdlistSave();
	glDrawArrays(GL_TRIANGLES, 0, 6);
	nngxFlush3DCommand();
	nngxStopCmdlistSave(&r.off, &r.size, &r.rid, &r.reqs);
	block = export_block(&r, &size);
	main_list = fx_list(N * 65536, 8 * N);
	fx_counters_read(&c0);
	for (w = 0; w < N; w++)
		nngxImportCmdlist(main_list, block, size);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_int_eq(list_param(NN_GX_CMDLIST_USED_BUFSIZE), N * r.size);
	glFinish();
	fx_counters_read(&c1);
	fx_counters_diff(&c0, &c1, &imported);
	fx_counters_assert_times(&direct, N, &imported, "imported");
	free(block);
}
END_TEST

/* Each refused export records its code, writes nothing and changes
 * nothing; 8040 still returns the size. */
START_TEST(test_export_errors_change_nothing)
{
	struct region r;
	struct lists_state before, after;
	GLuint lists[3] = { 0, 0, 0 };
	GLsizei need;
	unsigned char buf[512];
	unsigned k;

	for (k = 0; k < 7; k++) {
		GLenum code = 0;
		GLsizei ret, want_ret = 0;
		GLuint diags;

		tu_reset();
		lists[0] = fx_list(4096, 8);
		r = record(false);
		need = export_size(&r);
		ck_assert_int_gt(need, 0);
		ck_assert_uint_le((size_t)need, sizeof buf);
		memset(buf, 0xA5, sizeof buf);
		lists_take(&before, lists);
		diags = nngxShimGetDiagCount(NNGX_SHIM_DIAG_CMDLIST_EXPORT_REJECTED);
		switch (k) {
		case 0:
			ret = nngxExportCmdlist(0, r.off, r.size, r.rid, r.reqs, need, buf);
			code = GL_ERROR_803B_DMP;
			break;
		case 1:
			ret = nngxExportCmdlist(r.list, r.off + 4, r.size - 8, r.rid, r.reqs, need, buf);
			code = GL_ERROR_803E_DMP;
			break;
		case 2:
			ret = nngxExportCmdlist(r.list, r.off, r.size + 8, r.rid, r.reqs, need, buf);
			code = GL_ERROR_803D_DMP;
			break;
		case 3:
			ret = nngxExportCmdlist(r.list, r.off, r.size, r.rid, r.reqs + 1, need, buf);
			code = GL_ERROR_803D_DMP;
			break;
		case 4:         /* the region's bytes start before its requests' */
			ret = nngxExportCmdlist(r.list, 0, r.size + 8, 0, r.reqs, need, buf);
			code = GL_ERROR_8040_DMP;
			want_ret = need + 8;
			break;
		case 5:
			ret = nngxExportCmdlist(r.list, r.off, r.size, r.rid, r.reqs, need - 1, buf);
			code = GL_ERROR_803C_DMP;
			want_ret = need;
			break;
		default:        /* an unknown list: the diagnostic alone */
			ret = nngxExportCmdlist(77, r.off, r.size, r.rid, r.reqs, need, buf);
			code = GL_NO_ERROR;
			break;
		}
		ck_assert_msg(glGetError() == code, "case %u", k);
		ck_assert_int_eq(ret, want_ret);
		ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CMDLIST_EXPORT_REJECTED),
				  diags + 1);
		ck_assert_uint_eq(buf[0], 0xA5);
		ck_assert_uint_eq(buf[need - 1], 0xA5);
		lists_take(&after, lists);
		lists_same(&before, &after);
	}
}
END_TEST

/* Each refused import records its code and changes nothing. */
START_TEST(test_import_errors_change_nothing)
{
	struct region r;
	struct lists_state before, after;
	GLuint lists[3];
	GLsizei size, dma_size;
	unsigned char *block, *dma_block, *bad, *fill_block, *tiny;
	GLsizei fill_size;
	unsigned k;

	for (k = 0; k < 19; k++) {
		GLenum code = 0;
		GLuint diags;

		tu_reset();
		nngxGenCmdlists(3, lists);
		nngxBindCmdlist(lists[2]);
		nngxCmdlistStorage(16, 1);                      /* too small for the block */
		nngxBindCmdlist(lists[0]);
		nngxCmdlistStorage(4096, 16);
		r = record(true);
		dma_block = export_block(&r, &dma_size);
		r = record(false);
		block = export_block(&r, &size);
		bad = malloc((size_t)size);
		ck_assert_ptr_nonnull(bad);
		memcpy(bad, block, (size_t)size);
		{       /* a block of one fill request */
			GLvoid *vram = nngxShimAllocMemory(NN_GX_MEM_VRAMA, 64);

			nngxStartCmdlistSave();
			nngxAddMemoryFillCommand(vram, 64, 0x11223344u, 32, NULL, 0, 0, 0);
			nngxStopCmdlistSave(&r.off, &r.size, &r.rid, &r.reqs);
			fill_block = export_block(&r, &fill_size);
		}
		/* exactly 16 bytes: a block shorter than the header */
		tiny = malloc(16);
		ck_assert_ptr_nonnull(tiny);
		memcpy(tiny, block, 16);
		nngxAdd3DCommand(cmd_words, 8, GL_TRUE);        /* left unflushed */
		lists_take(&before, lists);
		diags = nngxShimGetDiagCount(NNGX_SHIM_DIAG_CMDLIST_EXPORT_REJECTED);
		switch (k) {
		case 0: nngxImportCmdlist(0, block, size); code = GL_ERROR_8041_DMP; break;
		case 1: nngxImportCmdlist(99, block, size); code = GL_ERROR_8041_DMP; break;
		case 2: nngxImportCmdlist(lists[1], block, size); code = GL_ERROR_8041_DMP; break;
		case 3: nngxImportCmdlist(lists[0], NULL, size); code = GL_ERROR_8042_DMP; break;
		case 4:
			bad[0] ^= 1;                            /* the magic */
			nngxImportCmdlist(lists[0], bad, size);
			code = GL_ERROR_8042_DMP;
			break;
		case 5:
			nngxImportCmdlist(lists[0], block, size - 8);
			code = GL_ERROR_8043_DMP;
			break;
		case 6:
			nngxImportCmdlist(lists[0], block, -1);
			code = GL_ERROR_8043_DMP;
			break;
		case 7: {       /* a request of an unknown type */
			uint32_t head[8];

			memcpy(head, bad, sizeof head);
			bad[head[6]] ^= 0x40;
			nngxImportCmdlist(lists[0], bad, size);
			code = GL_ERROR_8042_DMP;
			break;
		}
		case 8: {       /* a render request past the block's words */
			uint32_t head[8], end = 1000;

			memcpy(head, bad, sizeof head);
			memcpy(bad + head[6] + 8, &end, 4);
			nngxImportCmdlist(lists[0], bad, size);
			code = GL_ERROR_8042_DMP;
			break;
		}
		case 9: {       /* the render requests leave the last words out */
			uint32_t head[8], end;

			memcpy(head, bad, sizeof head);
			memcpy(&end, bad + head[6] + head[7] + 8, 4);
			end -= 2;
			memcpy(bad + head[6] + head[7] + 8, &end, 4);
			nngxImportCmdlist(lists[0], bad, size);
			code = GL_ERROR_8042_DMP;
			break;
		}
		case 10: nngxImportCmdlist(lists[2], block, size); code = GL_ERROR_8044_DMP; break;
		case 11:        /* the first request is a DMA, lists[0] is unflushed */
			nngxImportCmdlist(lists[0], dma_block, dma_size);
			code = GL_ERROR_8045_DMP;
			break;
		case 12:
			nngxGetExportedCmdlistInfo(bad + 4, NULL, NULL, NULL);
			code = GL_ERROR_8046_DMP;
			break;
		case 13:        /* datasize is looked at before the header is read */
			nngxImportCmdlist(lists[0], tiny, 16);
			code = GL_ERROR_8043_DMP;
			break;
		case 15:        /* a negative one too (found by fuzz_import) */
			nngxImportCmdlist(lists[0], tiny, -1);
			code = GL_ERROR_8043_DMP;
			break;
		case 14: {      /* a fill channel's bool that is no bool */
			uint32_t head[8];

			memcpy(head, fill_block, sizeof head);
			ck_assert_uint_eq(head[4], 1);
			/* the record: 4 words, then the request's parameters,
			 * channel 0's fill first (nngx_export.c) */
			fill_block[head[6] + 16 + offsetof(struct hw_fill, any_vram)] = 2;
			nngxImportCmdlist(lists[0], fill_block, fill_size);
			code = GL_ERROR_8042_DMP;
			break;
		}
		case 16: {      /* a texture copy of more rows than any texture has */
			uint32_t head[8], type = NN_GX_CMDLIST_REQTYPE_COPYTEX, rows = 129;
			uint32_t bytes = 64;

			/* the fill block's one request turned into a copy of
			 * 129 rows of 64 bytes: one row past a 1024-texel-high
			 * texture's 128 tile rows (found by fuzz_import with
			 * billions of empty rows, which ran for minutes) */
			memcpy(head, fill_block, sizeof head);
			memcpy(fill_block + head[6], &type, 4);
			memset(fill_block + head[6] + 16, 0, head[7] - 16);
			memcpy(fill_block + head[6] + 16 + offsetof(struct nngx_request, u.copy.row_bytes)
			       - offsetof(struct nngx_request, u), &bytes, 4);
			memcpy(fill_block + head[6] + 16 + offsetof(struct nngx_request, u.copy.rows)
			       - offsetof(struct nngx_request, u), &rows, 4);
			nngxImportCmdlist(lists[0], fill_block, fill_size);
			code = GL_ERROR_8042_DMP;
			break;
		}
		case 17:        /* a record flag this build does not know */
		case 18: {      /* the block-copy flag on a fill request */
			uint32_t head[8], flags = k == 17 ? 2u : 1u;

			memcpy(head, fill_block, sizeof head);
			memcpy(fill_block + head[6] + 12, &flags, 4);
			nngxImportCmdlist(lists[0], fill_block, fill_size);
			code = GL_ERROR_8042_DMP;
			break;
		}
		default:
			ck_abort_msg("case %u", k);
		}
		ck_assert_msg(glGetError() == code, "case %u", k);
		ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CMDLIST_EXPORT_REJECTED),
				  diags + 1);
		lists_take(&after, lists);
		lists_same(&before, &after);
		free(block);
		free(dma_block);
		free(bad);
		free(fill_block);
		free(tiny);
	}
	nngxGetExportedCmdlistInfo(NULL, NULL, NULL, NULL);
	ck_gl_error(GL_ERROR_8046_DMP);
}
END_TEST

/* A block-image copy survives export and import as a block copy: 64
 * bytes from a source of 16-byte units with no gap to a destination of
 * 16-byte units with 16-byte gaps land at destination bytes 0-15, 32-47,
 * 64-79 and 96-111, the gaps keep their 0xEE (worked out from the
 * parameters; read as a plain copy the 64 bytes would land at 0-63). A
 * region holding a copy staged through program memory is not exported: a
 * diagnostic, size 0, no GL error. */
START_TEST(test_block_copies_export_as_block_copies)
{
	struct region r;
	GLuint lists[2];
	GLsizei size;
	unsigned char *src, *dst, *block, host[64];
	unsigned k;
	GLuint diags;

	tu_reset();
	nngxGenCmdlists(2, lists);
	nngxBindCmdlist(lists[0]);
	nngxCmdlistStorage(4096, 16);
	src = nngxShimAllocMemory(NN_GX_MEM_FCRAM, 64);
	dst = nngxShimAllocMemory(NN_GX_MEM_FCRAM, 128);
	ck_assert_ptr_nonnull(src);
	ck_assert_ptr_nonnull(dst);
	for (k = 0; k < 64; k++)
		src[k] = (unsigned char)(k + 1);
	memset(dst, 0xEE, 128);
	r.list = lists[0];
	nngxStartCmdlistSave();
	nngxAddBlockImageCopyCommand(src, 16, 0, dst, 16, 16, 64);
	nngxStopCmdlistSave(&r.off, &r.size, &r.rid, &r.reqs);
	ck_gl_error(GL_NO_ERROR);
	block = export_block(&r, &size);
	nngxBindCmdlist(lists[1]);
	nngxCmdlistStorage(4096, 16);
	nngxImportCmdlist(lists[1], block, size);
	ck_gl_error(GL_NO_ERROR);
	nngxRunCmdlist();
	nngxWaitCmdlistDone();
	ck_gl_error(GL_NO_ERROR);
	for (k = 0; k < 128; k++) {
		unsigned want = (k / 16) % 2 == 0 && k < 112 ? (k / 32) * 16 + k % 16 + 1 : 0xEE;

		ck_assert_msg(dst[k] == want, "byte %u: %u, want %u", k, dst[k], want);
	}
	free(block);
	/* a copy from program memory: not exported */
	nngxBindCmdlist(lists[0]);
	nngxClearCmdlist();
	memset(host, 7, sizeof host);
	nngxStartCmdlistSave();
	nngxAddBlockImageCopyCommand(host, 16, 0, dst, 16, 0, 64);
	nngxStopCmdlistSave(&r.off, &r.size, &r.rid, &r.reqs);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_int_eq(r.reqs, 1);
	diags = nngxShimGetDiagCount(NNGX_SHIM_DIAG_CMDLIST_EXPORT_REJECTED);
	ck_assert_int_eq(export_size(&r), 0);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_uint_eq(nngxShimGetDiagCount(NNGX_SHIM_DIAG_CMDLIST_EXPORT_REJECTED), diags + 1);
}
END_TEST

/* An import into a list with commands not closed into a request: a block
 * that begins with a render request closes them with its first. */
START_TEST(test_import_after_unflushed_commands_merges_them)
{
	struct region r;
	GLsizei size;
	void *block;

	tu_reset();
	fx_list(4096, 16);
	r = record(false);
	block = export_block(&r, &size);
	nngxAdd3DCommand(cmd_words, 8, GL_TRUE);
	ck_assert_int_eq(list_param(NN_GX_CMDLIST_USED_REQCOUNT), 3);
	nngxImportCmdlist(r.list, block, size);
	ck_gl_error(GL_NO_ERROR);
	ck_assert_int_eq(list_param(NN_GX_CMDLIST_USED_REQCOUNT), 5);
	ck_assert_int_eq(list_param(NN_GX_CMDLIST_USED_BUFSIZE), 8 + 24 + 8 + 24);
	ck_assert_uint_eq(nngx_cmdlist_find(nngx_state_get(), r.list)->flushed_words * 4,
			  8 + 24 + 8 + 24);
	free(block);
}
END_TEST

static Suite *export_suite(void)
{
	Suite *s = suite_create("export");
	TCase *tc = tcase_create("export");

	tcase_add_test(tc, test_export_info_and_import_append_the_region);
	tcase_add_test(tc, test_imported_draw_n_times_counts_n_direct_draws);
	tcase_add_test(tc, test_export_errors_change_nothing);
	tcase_add_test(tc, test_import_errors_change_nothing);
	tcase_add_test(tc, test_import_after_unflushed_commands_merges_them);
	tcase_add_test(tc, test_block_copies_export_as_block_copies);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(export_suite());
}
