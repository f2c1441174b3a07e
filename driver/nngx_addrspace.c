/* nngx_addrspace.c: the console's address space on the host (see
 * nngx_addrspace.h), and the safe access to the program's own memory. */
#define _GNU_SOURCE             /* process_vm_readv, MAP_FIXED_NOREPLACE */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/mman.h>
#include <sys/uio.h>
#endif

#include "nngx_addrspace.h"
#include "nngx_state.h"

#define ADDRSPACE_ENV "NNGX_ADDRESS_SPACE"
#define FCRAM_BYTES (HW_FCRAM_END - HW_FCRAM_BASE)
#define VRAM_BYTES  (HW_VRAM_END - HW_VRAM_A_BASE)

static bool addrspace_tried, addrspace_mapped;
static const char *addrspace_why = "";
static unsigned char *addrspace_fcram, *addrspace_vram;

#if defined(__linux__) && defined(MAP_FIXED_NOREPLACE)
/* `bytes` at exactly `va`, or NULL with nothing left mapped: kernels
 * before 4.17 and Valgrind take MAP_FIXED_NOREPLACE as a hint and map
 * elsewhere, so the address is compared. NORESERVE: pages cost host
 * memory only once touched. */
static unsigned char *addrspace_map_at(uintptr_t va, size_t bytes)
{
	void *p = mmap((void *)va, bytes, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE, -1, 0);

	if (p == MAP_FAILED)
		return NULL;
	if ((uintptr_t)p != va) {
		munmap(p, bytes);
		return NULL;
	}
	return p;
}

/* Map FCRAM and VRAM at their console addresses; false, with the reason in
 * addrspace_why and nothing left mapped, when either range is taken. */
static bool addrspace_try(void)
{
	addrspace_fcram = addrspace_map_at(NNGX_DEVICE_VA_BASE, FCRAM_BYTES);
	if (!addrspace_fcram) {
		addrspace_why = "0x14000000-0x1BFFFFFF (device memory) is taken in this process";
		return false;
	}
	addrspace_vram = addrspace_map_at(NNGX_VRAM_VA_BASE, VRAM_BYTES);
	if (!addrspace_vram) {
		munmap(addrspace_fcram, FCRAM_BYTES);
		addrspace_fcram = NULL;
		addrspace_why = "0x1F000000-0x1F5FFFFF (VRAM) is taken in this process";
		return false;
	}
	return true;
}
#else
/* No fixed mapping on this host: false, with the reason in addrspace_why. */
static bool addrspace_try(void)
{
	addrspace_why = "this host has no mmap with MAP_FIXED_NOREPLACE";
	return false;
}
#endif

bool nngx_addrspace_map(struct hw_memory *mem, const char **why)
{
	if (!addrspace_tried) {
		const char *env = getenv(ADDRSPACE_ENV);

		addrspace_tried = true;
		if (env && strcmp(env, "host") == 0)
			addrspace_why = ADDRSPACE_ENV "=host";
		else {
			if (env && *env && strcmp(env, "console") != 0)
				fprintf(stderr, "libnngx: warning: " ADDRSPACE_ENV "='%s' is not one "
					"of console, host; ignored.\n", env);
			addrspace_mapped = addrspace_try();
		}
	}
	if (addrspace_mapped && !hw_memory_is_flat(mem))
		(void)hw_memory_set_flat(mem, addrspace_fcram, addrspace_vram);
	if (why)
		*why = addrspace_why;
	return addrspace_mapped && hw_memory_is_flat(mem);
}

bool nngx_addrspace_console(void)
{
	return addrspace_mapped;
}

uint32_t nngx_addrspace_va(uint32_t phys)
{
	if (!addrspace_mapped || !phys)
		return phys;
	if (phys >= HW_FCRAM_BASE && phys < HW_FCRAM_END)
		return phys - NNGX_DEVICE_VA_TO_PA;
	if (phys >= HW_VRAM_A_BASE && phys < HW_VRAM_END)
		return phys + NNGX_VRAM_VA_TO_PA;
	return phys;
}

uint32_t nngx_addrspace_console_pa(uintptr_t va)
{
	if (va >= NNGX_DEVICE_VA_BASE && va < NNGX_DEVICE_VA_END)
		return (uint32_t)va + NNGX_DEVICE_VA_TO_PA;
	if (va >= NNGX_VRAM_VA_BASE && va <= NNGX_VRAM_VA_END)     /* end inclusive */
		return (uint32_t)va - NNGX_VRAM_VA_TO_PA;
	return 0;
}

/* ---- the program's own memory ---------------------------------------------- */

/* Model choice (libnngx(7), "Program memory"): a pointer the library
 * cannot prove mapped is read or written through the kernel, which
 * fails with EFAULT where a plain access would fault. process_vm_readv
 * and process_vm_writev on this process need no privilege; where they
 * are refused (seccomp, another OS), a write() of the bytes into a pipe
 * proves them readable first, and writes are refused. */
#if defined(__linux__)
static bool addrspace_pipe_readable(const void *p, size_t size)
{
	int fd[2];
	bool ok = true;

	if (pipe(fd) != 0)
		return false;
	while (ok && size > 0) {
		size_t n = size < 4096 ? size : 4096;
		char sink[4096];
		ssize_t w = write(fd[1], p, n);

		ok = w == (ssize_t)n && read(fd[0], sink, n) == (ssize_t)n;
		p = (const char *)p + n;
		size -= n;
	}
	close(fd[0]);
	close(fd[1]);
	return ok;
}

/* Copy size bytes from src to dst through the kernel, so that an address the
 * program got wrong gives false instead of a crash. `write`: dst is the
 * program's address, else src is. Where process_vm_* is refused a read falls
 * back to a pipe probe. */
static bool addrspace_vm(void *dst, const void *src, size_t size, bool write)
{
	size_t done = 0;

	while (done < size) {
		struct iovec local, remote;
		ssize_t n;

		if (write) {
			local.iov_base = (char *)src + done;
			remote.iov_base = (char *)dst + done;
		} else {
			local.iov_base = (char *)dst + done;
			remote.iov_base = (char *)src + done;
		}
		local.iov_len = remote.iov_len = size - done;
		n = write ? process_vm_writev(getpid(), &local, 1, &remote, 1, 0)
			  : process_vm_readv(getpid(), &local, 1, &remote, 1, 0);
		if (n < 0 && (errno == ENOSYS || errno == EPERM)) {
			if (write || !addrspace_pipe_readable((const char *)src + done, size - done))
				return false;
			memcpy((char *)dst + done, (const char *)src + done, size - done);
			return true;
		}
		if (n <= 0)
			return false;
		done += (size_t)n;
	}
	return true;
}
#else
/* No checked copy on this host: always false. */
static bool addrspace_vm(void *dst, const void *src, size_t size, bool write)
{
	(void)dst;
	(void)src;
	(void)size;
	(void)write;
	return false;
}
#endif

bool nngx_addrspace_read(void *dst, const void *src, size_t size)
{
	if (size == 0)
		return true;
	return src && dst && addrspace_vm(dst, src, size, false);
}

bool nngx_addrspace_write(void *dst, const void *src, size_t size)
{
	if (size == 0)
		return true;
	return src && dst && addrspace_vm(dst, src, size, true);
}

bool nngx_addrspace_readable(const void *p, size_t size)
{
	unsigned char buf[4096];

	if (!p)
		return false;
	while (size > 0) {
		size_t n = size < sizeof buf ? size : sizeof buf;

		if (!nngx_addrspace_read(buf, p, n))
			return false;
		p = (const unsigned char *)p + n;
		size -= n;
	}
	return true;
}

/* ---- placement --------------------------------------------------------------- */

#define PLACE_ALIGN 8                   /* PICA address registers hold PA >> 3 */

/* The model's memory area for an nngx area; anything not VRAM-A or -B is
 * FCRAM (the SDK's FCRAM and "no area" both). */
static enum hw_area place_hw_area(unsigned area)
{
	switch (area) {
	case NN_GX_MEM_VRAMA: return HW_AREA_VRAM_A;
	case NN_GX_MEM_VRAMB: return HW_AREA_VRAM_B;
	default: return HW_AREA_FCRAM;
	}
}

/* A short name of an nngx usage for diagnostics; "object" for the rest. */
static const char *place_usage_name(unsigned usage)
{
	switch (usage) {
	case NN_GX_MEM_TEXTURE: return "texture";
	case NN_GX_MEM_VERTEXBUFFER: return "buffer";
	case NN_GX_MEM_RENDERBUFFER: return "renderbuffer";
	case NN_GX_MEM_DISPLAYBUFFER: return "display buffer";
	case NN_GX_MEM_COMMANDBUFFER: return "command list";
	default: return "object";
	}
}

enum nngx_place_status nngx_storage_place(struct nngx_state *st, unsigned area, unsigned usage,
					  unsigned name, uint32_t size, uint32_t *phys,
					  void **user_block, const char *fn)
{
	struct hw_memory *mem = &st->gpu.memory;
	void *user = NULL;
	uint32_t at = 0;

	*phys = 0;
	*user_block = NULL;
	if (st->allocator) {
		user = st->allocator(area, usage, name, (GLsizei)size);
		if (!user)
			return NNGX_PLACE_ALLOCATOR_NULL;
		at = hw_memory_is_flat(mem) ? hw_memory_phys(mem, user) : 0;
		if (at && !hw_memory_flat_host(mem, at, size))
			at = 0;                 /* runs past the end of its area */
		if (at && (uintptr_t)user % PLACE_ALIGN) {
			nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_OBJECT_PLACED_BY_LIBRARY, fn,
					 "%s %u: the allocator's block %p is not %d-byte aligned "
					 "(GPU registers hold addresses >> 3); the library placed "
					 "the object itself", place_usage_name(usage), name, user,
					 PLACE_ALIGN);
			at = 0;
		} else if (!at && !st->diag.count[NNGX_SHIM_DIAG_OBJECT_PLACED_BY_LIBRARY]) {
			nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_OBJECT_PLACED_BY_LIBRARY, fn,
					 "%s %u: the allocator's block %p (area 0x%05X, %u bytes) is "
					 "not GPU-visible memory%s; the library placed the object "
					 "itself (said once per power-on)", place_usage_name(usage),
					 name, user, area, size, nngx_addrspace_console()
					 ? " (device memory 0x14000000-0x1BFFFFFF or VRAM "
					   "0x1F000000-0x1F5FFFFF; see nngxShimAllocMemory)"
					 : " (the host address space: nothing the program "
					   "allocates is)");
		}
		if (at && !hw_memory_place(mem, at, size))
			at = 0;                 /* the region table could not grow */
	}
	if (!at)
		at = hw_memory_alloc(mem, place_hw_area(area), size);
	if (!at) {
		if (user && st->deallocator)
			st->deallocator(area, usage, name, user);
		return NNGX_PLACE_AREA_FULL;
	}
	*phys = at;
	*user_block = user;
	return NNGX_PLACED;
}
