/* hw_alloc.h: the one heap allocator of the library (every layer calls
 * these instead of malloc and friends), so that a test can make any
 * allocation fail and check that the failure is reported, never a crash
 * or a silent loss. Part of libnngx (MIT licence). */
#ifndef NNGX_HW_ALLOC_H
#define NNGX_HW_ALLOC_H

#include <stddef.h>

void *hw_malloc(size_t size);
void *hw_calloc(size_t count, size_t size);   /* NULL if count * size wraps */
void *hw_realloc(void *ptr, size_t size);
void hw_free(void *ptr);

/* Failure injection, for tests: with `nth` > 0, the nth allocation from
 * now fails (and only that one); 0 turns it off. hw_alloc_calls() counts
 * the allocations since the last hw_alloc_fail_nth(), so that a test can
 * walk every allocation site of a scenario: k = 1, 2, ... until the
 * scenario makes fewer than k calls. */
void hw_alloc_fail_nth(unsigned long nth);
unsigned long hw_alloc_calls(void);
/* Whether the injected failure happened. */
int hw_alloc_failed(void);

#endif
