/* hw_alloc.c: the library's allocator with its failure injection. */
#include <stdint.h>
#include <stdlib.h>

#include "hw_alloc.h"

/* Test state only: 0 means no failure is armed. Not thread-safe, like the
 * rest of the library. */
static unsigned long fail_nth;
static unsigned long calls;
static int failed;

/* Counts one allocation; true when this is the one to fail. */
static int alloc_should_fail(void)
{
	calls++;
	if (fail_nth == 0 || calls != fail_nth)
		return 0;
	failed = 1;
	return 1;
}

void *hw_malloc(size_t size)
{
	return alloc_should_fail() ? NULL : malloc(size ? size : 1);
}

void *hw_calloc(size_t count, size_t size)
{
	if (size && count > SIZE_MAX / size)
		return NULL;
	return alloc_should_fail() ? NULL : calloc(count ? count : 1, size ? size : 1);
}

void *hw_realloc(void *ptr, size_t size)
{
	return alloc_should_fail() ? NULL : realloc(ptr, size ? size : 1);
}

void hw_free(void *ptr)
{
	free(ptr);
}

void hw_alloc_fail_nth(unsigned long nth)
{
	fail_nth = nth;
	calls = 0;
	failed = 0;
}

unsigned long hw_alloc_calls(void)
{
	return calls;
}

int hw_alloc_failed(void)
{
	return failed;
}
