/* hw_assert.h: NNGX_ASSERT, the check of an invariant the model relies on.
 *
 * With NNGX_ENABLE_ASSERTS defined (./configure --enable-asserts; on by
 * default when CFLAGS holds -O0 or -fsanitize=, and always in the libFuzzer
 * targets), a false condition prints its file, line, function and text on
 * standard error and aborts: a fuzzer or a sanitizer build then stops at
 * the broken invariant, not at a later crash or at none. Otherwise no code
 * is generated and the condition is not evaluated; it is still compiled
 * (inside sizeof), so it cannot rot and the names it uses count as used.
 *
 * An assertion states what the code already guarantees, never what input
 * must be: bad input gets its GL error or a diagnostic. Conditions have no
 * side effects. A static function called only in assertions draws clang's
 * -Wunneeded-internal-declaration when they are off. Any layer may include
 * this header: it includes no GL or nngx header (hw/ stays free of them). */
#ifndef HW_ASSERT_H
#define HW_ASSERT_H

#ifdef NNGX_ENABLE_ASSERTS
#include <stdio.h>
#include <stdlib.h>

/* Reports the broken invariant and aborts. */
static inline __attribute__((noreturn, cold)) void
hw_assert_fail(const char *file, int line, const char *func, const char *cond)
{
	fprintf(stderr, "libnngx: %s:%d: %s: invariant broken: %s\n", file, line, func, cond);
	abort();
}

#define NNGX_ASSERT(cond) \
	((cond) ? (void)0 : hw_assert_fail(__FILE__, __LINE__, __func__, #cond))
#else
#define NNGX_ASSERT(cond) ((void)sizeof((cond) ? 1 : 0))
#endif

#endif
