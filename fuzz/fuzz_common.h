/* fuzz_common.h: what the libFuzzer targets in fuzz/ share: one set-up of
 * the library per process (diagnostics off, tight request bounds), a
 * reader over the fuzzer's bytes, and the check that stops the run on a
 * broken rule.
 *
 * Each target defines LLVMFuzzerTestOneInput. With clang, `make fuzz`
 * links it with libFuzzer (-fsanitize=fuzzer); `make check` links it with
 * replay.c instead, which feeds it every committed corpus and reproducer
 * file with the normal compiler. */
#ifndef NNGX_FUZZ_COMMON_H
#define NNGX_FUZZ_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <nn/gx.h>
#include <nngx_shim.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Request bounds of the fuzz runs (limits.request_work / _clocks): small,
 * so that one run stays well under a millisecond of work per request. */
#define FUZZ_REQUEST_WORK   (1u << 16)
#define FUZZ_REQUEST_CLOCKS (1u << 24)

/* Once per process: the library instance, diagnostics silenced (their
 * counts still move), the fuzz request bounds. */
void fuzz_setup(void);

/* The fuzzer's bytes, read front to back; past the end every read is 0. */
struct fuzz_in {
	const uint8_t *p;
	size_t n;
};

uint8_t fuzz_u8(struct fuzz_in *in);
uint16_t fuzz_u16(struct fuzz_in *in);
uint32_t fuzz_u32(struct fuzz_in *in);
bool fuzz_more(const struct fuzz_in *in);

/* A broken rule: print it and abort, which libFuzzer reports as a crash
 * and the replay as a failure. */
void fuzz_fail(const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 1, 2), noreturn))
#endif
	;

#endif
