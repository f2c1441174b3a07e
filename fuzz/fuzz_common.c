/* fuzz_common.c: the shared set-up and input reader of the fuzz targets. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_common.h"
#include "driver/nngx_state.h"

void fuzz_setup(void)
{
	static bool done;
	struct nngx_state *st;
	struct nngx_config cfg;

	if (done)
		return;
	done = true;
	st = nngx_state_get();
	nngxShimSetDiagCallback(NULL, NULL);
	cfg = st->config;
	cfg.diag_level = NNGX_SHIM_LEVEL_OFF;
	cfg.request_max_work = FUZZ_REQUEST_WORK;
	cfg.request_max_clocks = FUZZ_REQUEST_CLOCKS;
	nngx_state_apply_config(st, &cfg);
	nngxShimSetDiagLevel(NNGX_SHIM_LEVEL_OFF);
}

bool fuzz_more(const struct fuzz_in *in)
{
	return in->n > 0;
}

uint8_t fuzz_u8(struct fuzz_in *in)
{
	uint8_t v;

	if (!in->n)
		return 0;
	v = *in->p++;
	in->n--;
	return v;
}

uint16_t fuzz_u16(struct fuzz_in *in)
{
	uint16_t lo = fuzz_u8(in);

	return (uint16_t)(lo | fuzz_u8(in) << 8);
}

uint32_t fuzz_u32(struct fuzz_in *in)
{
	uint32_t lo = fuzz_u16(in);

	return lo | (uint32_t)fuzz_u16(in) << 16;
}

void fuzz_fail(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "fuzz: broken rule: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}
