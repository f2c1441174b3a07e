/* nngx_addrspace.h: the console's address space on the host.
 *
 * On the console a program sees device memory (GPU-visible main memory)
 * at virtual 0x14000000-0x1BFFFFFF and VRAM at 0x1F000000-0x1F5FFFFF
 * (SDK 4.x memory map; address-space.md section 1). The library maps the
 * model's FCRAM and VRAM there, one anonymous mapping each, so that every
 * address the API hands out is both the SDK's value and a pointer the
 * program reads and writes through ("console" address space). Where the
 * host cannot map there (the range is taken, no MAP_FIXED_NOREPLACE, or
 * NNGX_ADDRESS_SPACE=host), the model keeps each buffer in its own host
 * block and hands out simulated physical addresses ("host" address
 * space, nngxShimGetHostPointer converts); nngxInitialize says so once. */
#ifndef NNGX_ADDRSPACE_H
#define NNGX_ADDRSPACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hw/hw_memory.h"

/* Device memory: virtual = physical - 0x0C000000 (NN_OS_CONTINUOUS_TO_PHYSICAL). */
#define NNGX_DEVICE_VA_BASE   0x14000000u
#define NNGX_DEVICE_VA_END    0x1C000000u
#define NNGX_DEVICE_VA_TO_PA  0x0C000000u
/* VRAM: virtual 0x1F000000 = physical 0x18000000. */
#define NNGX_VRAM_VA_BASE     0x1F000000u
#define NNGX_VRAM_VA_END      0x1F600000u
#define NNGX_VRAM_VA_TO_PA    0x07000000u       /* subtracted */

/* Map the windows (once per process; later calls give the first answer)
 * and back `mem` flat with them. True in the console address space;
 * false, with *why saying why, in the host one. */
bool nngx_addrspace_map(struct hw_memory *mem, const char **why);

/* Whether this process has the console address space. */
bool nngx_addrspace_console(void);

/* The address the program is handed for simulated physical `phys`: its
 * console virtual address, or `phys` itself in the host address space. */
uint32_t nngx_addrspace_va(uint32_t phys);

/* nngxGetPhysicalAddr's rule (gxlow GetPhysicalAddr): device-memory and
 * VRAM virtual addresses (VRAM's one-past-end too) convert; 0 otherwise. */
uint32_t nngx_addrspace_console_pa(uintptr_t va);

/* Program memory outside the simulated areas: copy `size` bytes from
 * `src` into `dst` when every byte of the source is readable (the kernel
 * checks: process_vm_readv on this process, so an unmapped or protected
 * source gives false, never a fault). */
bool nngx_addrspace_read(void *dst, const void *src, size_t size);

/* The same into program memory: true when every byte of `dst` was
 * writable and written. */
bool nngx_addrspace_write(void *dst, const void *src, size_t size);

/* Whether [p, p + size) is readable program memory now. */
bool nngx_addrspace_readable(const void *p, size_t size);

/* ---- placement: the program's allocator decides (nngx_addrspace.c) ---- */

struct nngx_state;

enum nngx_place_status {
	NNGX_PLACED,                    /* *phys holds the object's storage */
	NNGX_PLACE_ALLOCATOR_NULL,      /* the program's allocator returned NULL */
	NNGX_PLACE_AREA_FULL            /* the library could not place it itself */
};

/* Storage of `size` bytes (> 0, no more than the area holds) for object
 * `name` of `usage` (NN_GX_MEM_TEXTURE, ...) in `area` (NN_GX_MEM_FCRAM,
 * _VRAMA, _VRAMB), as on the console: the program's allocator (when it
 * gave one to nngxInitialize) is asked, and the block it returns is
 * where the object lives when that block is simulated memory of the
 * console address space, 8-byte aligned (GPU registers hold addresses
 * >> 3) and holding `size` bytes in one area: a region is placed there,
 * its bytes left as the program wrote them. Any other block (a plain
 * malloc) is kept only to be handed back to the deallocator, and the
 * library places the object in `area` itself (first fit, zeroed), saying
 * so with OBJECT_PLACED_BY_LIBRARY once per power-on (a misaligned block
 * every time). *user_block gets the allocator's block (NULL without an
 * allocator). On failure nothing is left allocated: the caller records
 * its own error (GL_OUT_OF_MEMORY, 8006, 8025). */
enum nngx_place_status nngx_storage_place(struct nngx_state *st, unsigned area, unsigned usage,
					  unsigned name, uint32_t size, uint32_t *phys,
					  void **user_block, const char *fn);

#endif
