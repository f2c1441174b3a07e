/* check_memory.c: the physical memory map and access counting
 * (hw/hw_memory.c). */
#define _DEFAULT_SOURCE         /* MAP_ANONYMOUS, MAP_NORESERVE */
#include <string.h>
#include <sys/mman.h>

#include "hw/hw_memory.h"
#include "test_util.h"

START_TEST(test_memory_alloc_places_buffers_in_their_area)
{
	struct hw_memory mem;
	uint32_t a, b, f;

	hw_memory_init(&mem);
	a = hw_memory_alloc(&mem, HW_AREA_VRAM_A, 100);
	b = hw_memory_alloc(&mem, HW_AREA_VRAM_B, 100);
	f = hw_memory_alloc(&mem, HW_AREA_FCRAM, 100);
	ck_assert_uint_eq(a, HW_VRAM_A_BASE);
	ck_assert_uint_eq(b, HW_VRAM_B_BASE);
	ck_assert_uint_eq(f, HW_FCRAM_BASE);
	ck_assert_int_eq(hw_memory_area_of(a), HW_AREA_VRAM_A);
	ck_assert_int_eq(hw_memory_area_of(b + 99), HW_AREA_VRAM_B);
	ck_assert_int_eq(hw_memory_area_of(f), HW_AREA_FCRAM);
	/* the next one follows, 128-byte aligned */
	ck_assert_uint_eq(hw_memory_alloc(&mem, HW_AREA_VRAM_A, 1), HW_VRAM_A_BASE + 128);
	hw_memory_fini(&mem);
}
END_TEST

START_TEST(test_memory_area_full_returns_zero)
{
	struct hw_memory mem;

	hw_memory_init(&mem);
	ck_assert_uint_ne(hw_memory_alloc(&mem, HW_AREA_VRAM_A, 0x200000), 0);
	ck_assert_uint_eq(hw_memory_alloc(&mem, HW_AREA_VRAM_A, 0x180000), 0);
	ck_assert_uint_ne(hw_memory_alloc(&mem, HW_AREA_VRAM_A, 0x100000), 0);   /* fits exactly */
	ck_assert_uint_eq(hw_memory_alloc(&mem, HW_AREA_VRAM_A, 16), 0);
	ck_assert_uint_eq(hw_memory_alloc(&mem, HW_AREA_VRAM_B, 0), 0);
	ck_assert_uint_eq(hw_memory_alloc(&mem, (enum hw_area)9, 16), 0);
	hw_memory_fini(&mem);
}
END_TEST

START_TEST(test_memory_free_makes_room_again)
{
	struct hw_memory mem;
	uint32_t a, b;

	hw_memory_init(&mem);
	a = hw_memory_alloc(&mem, HW_AREA_FCRAM, 4096);
	b = hw_memory_alloc(&mem, HW_AREA_FCRAM, 4096);
	ck_assert(hw_memory_free(&mem, a));
	ck_assert(!hw_memory_free(&mem, a));
	ck_assert(!hw_memory_free(&mem, b + 16));
	ck_assert_uint_eq(hw_memory_alloc(&mem, HW_AREA_FCRAM, 1000), a);
	hw_memory_fini(&mem);
}
END_TEST

/* A range is readable only when it lies inside one buffer. */
START_TEST(test_memory_host_lookup_stays_inside_a_region)
{
	struct hw_memory mem;
	uint32_t a;
	unsigned char *p;

	hw_memory_init(&mem);
	a = hw_memory_alloc(&mem, HW_AREA_VRAM_B, 64);
	p = hw_memory_host(&mem, a, 64);
	ck_assert_ptr_nonnull(p);
	ck_assert_ptr_eq(hw_memory_host(&mem, a + 60, 4), p + 60);
	ck_assert_ptr_null(hw_memory_host(&mem, a + 60, 5));
	ck_assert_ptr_null(hw_memory_host(&mem, a - 1, 1));
	ck_assert_ptr_null(hw_memory_host(&mem, 0xFFFFFFF0u, 32));
	ck_assert_uint_eq(hw_memory_phys(&mem, p + 10), a + 10);
	ck_assert_uint_eq(hw_memory_phys(&mem, &mem), 0);
	hw_memory_fini(&mem);
}
END_TEST

/* Source word always; channel word only for VRAM. */
START_TEST(test_memory_count_adds_channel_words_for_vram)
{
	struct hw_counters c;

	memset(&c, 0, sizeof c);
	hw_memory_count(&c, HW_MEM_COMMAND_VERTEX_READ, HW_VRAM_A_BASE + 16, false, 3);
	hw_memory_count(&c, HW_MEM_COMMAND_VERTEX_READ, HW_VRAM_B_BASE, false, 5);
	hw_memory_count(&c, HW_MEM_COMMAND_VERTEX_READ, HW_FCRAM_BASE, false, 7);
	hw_memory_count(&c, HW_MEM_COLOR_WRITE, HW_VRAM_B_BASE + 32, true, 2);
	ck_assert_uint_eq(c.memory[HW_MEM_COMMAND_VERTEX_READ], 15);
	ck_assert_uint_eq(c.memory[HW_MEM_VRAM_A_READ], 3);
	ck_assert_uint_eq(c.memory[HW_MEM_VRAM_B_READ], 5);
	ck_assert_uint_eq(c.memory[HW_MEM_VRAM_B_WRITE], 2);
	ck_assert_uint_eq(c.memory[HW_MEM_VRAM_A_WRITE], 0);
}
END_TEST

/* Words 0-3 are VRAM accesses by the GPU (manual table 9-10): the LCD
 * controller's are in, the CPU's reads and DMA writes (16, 17) are not. */
START_TEST(test_memory_count_channel_words_are_the_gpus_not_the_cpus)
{
	struct hw_counters c;

	memset(&c, 0, sizeof c);
	hw_memory_count(&c, HW_MEM_CPU_READ, HW_VRAM_A_BASE, false, 4);
	hw_memory_count(&c, HW_MEM_CPU_DMA_WRITE, HW_VRAM_B_BASE, true, 6);
	ck_assert_uint_eq(c.memory[HW_MEM_CPU_READ], 4);
	ck_assert_uint_eq(c.memory[HW_MEM_CPU_DMA_WRITE], 6);
	ck_assert_uint_eq(c.memory[HW_MEM_VRAM_A_READ], 0);
	ck_assert_uint_eq(c.memory[HW_MEM_VRAM_B_WRITE], 0);
	hw_memory_count(&c, HW_MEM_LCD_UPPER_READ, HW_VRAM_A_BASE, false, 9);
	hw_memory_count(&c, HW_MEM_POST_TRANSFER_WRITE, HW_VRAM_B_BASE, true, 2);
	hw_memory_count(&c, HW_MEM_FILL1_WRITE, HW_VRAM_B_BASE, true, 1);
	ck_assert_uint_eq(c.memory[HW_MEM_VRAM_A_READ], 9);
	ck_assert_uint_eq(c.memory[HW_MEM_VRAM_B_WRITE], 3);
}
END_TEST

/* ---- flat memory (the console address space's backing) ---------------- */

#define FLAT_FCRAM (HW_FCRAM_END - HW_FCRAM_BASE)
#define FLAT_VRAM  (HW_VRAM_END - HW_VRAM_A_BASE)

static unsigned char *flat_fcram, *flat_vram;

/* Memory backed flat by two anonymous mappings (pages cost nothing
 * until touched). */
static void flat_init(struct hw_memory *mem)
{
	flat_fcram = mmap(NULL, FLAT_FCRAM, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	flat_vram = mmap(NULL, FLAT_VRAM, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	ck_assert_ptr_ne(flat_fcram, MAP_FAILED);
	ck_assert_ptr_ne(flat_vram, MAP_FAILED);
	hw_memory_init(mem);
	ck_assert(hw_memory_set_flat(mem, flat_fcram, flat_vram));
}

static void flat_fini(struct hw_memory *mem)
{
	hw_memory_fini(mem);
	munmap(flat_fcram, FLAT_FCRAM);
	munmap(flat_vram, FLAT_VRAM);
}

/* Host address = the area's range + (physical - the area's base); every
 * byte of an area converts, region or not; regions are still buffers. */
START_TEST(test_flat_memory_maps_each_area_onto_its_range)
{
	struct hw_memory mem;
	uint32_t a;

	flat_init(&mem);
	ck_assert(hw_memory_is_flat(&mem));
	ck_assert_ptr_eq(hw_memory_flat_host(&mem, HW_VRAM_B_BASE + 5, 1),
			 flat_vram + (HW_VRAM_B_BASE - HW_VRAM_A_BASE) + 5);
	ck_assert_ptr_eq(hw_memory_flat_host(&mem, HW_FCRAM_END - 16, 16),
			 flat_fcram + FLAT_FCRAM - 16);
	ck_assert_ptr_null(hw_memory_flat_host(&mem, HW_FCRAM_END - 16, 17));   /* leaves FCRAM */
	ck_assert_ptr_null(hw_memory_flat_host(&mem, HW_VRAM_B_BASE - 8, 16));  /* A into B */
	ck_assert_uint_eq(hw_memory_phys(&mem, flat_vram + 0x300010), HW_VRAM_B_BASE + 0x10);
	ck_assert_uint_eq(hw_memory_phys(&mem, flat_fcram + 7), HW_FCRAM_BASE + 7);
	ck_assert_ptr_null(hw_memory_host(&mem, HW_VRAM_A_BASE, 1));            /* no buffer */
	/* Allocations zero their bytes in place; the first one cannot once
	 * the memory has regions. */
	flat_vram[200] = 0x5A;
	a = hw_memory_alloc(&mem, HW_AREA_VRAM_A, 256);
	ck_assert_uint_eq(a, HW_VRAM_A_BASE);
	ck_assert_ptr_eq(hw_memory_host(&mem, a, 256), flat_vram);
	ck_assert_uint_eq(flat_vram[200], 0);
	ck_assert(!hw_memory_set_flat(&mem, flat_fcram, flat_vram));
	flat_fini(&mem);
}
END_TEST

/* Placed regions keep their bytes, may nest and overlap, and first fit
 * goes past the furthest end. */
START_TEST(test_flat_memory_places_overlapping_regions)
{
	struct hw_memory mem;
	uint32_t big = HW_FCRAM_BASE, a;

	flat_init(&mem);
	ck_assert(!hw_memory_place(&mem, HW_FCRAM_END - 16, 32));     /* leaves its area */
	ck_assert(!hw_memory_place(&mem, big, 0));
	flat_fcram[40] = 0x77;
	ck_assert(hw_memory_place(&mem, big, 4096));                  /* a program's heap */
	ck_assert_uint_eq(flat_fcram[40], 0x77);                        /* not cleared */
	ck_assert(!mem.overlap);
	ck_assert(hw_memory_place(&mem, big + 64, 100));              /* a texture in it */
	ck_assert(hw_memory_place(&mem, big + 32, 16));               /* and another */
	ck_assert(mem.overlap);
	ck_assert_ptr_eq(hw_memory_host(&mem, big + 64, 112), flat_fcram + 64);
	ck_assert_ptr_eq(hw_memory_host(&mem, big + 4000, 96), flat_fcram + 4000);
	ck_assert_ptr_null(hw_memory_host(&mem, big + 4000, 97));
	/* First fit: after the heap, not inside it. */
	a = hw_memory_alloc(&mem, HW_AREA_FCRAM, 16);
	ck_assert_uint_eq(a, big + 4096);
	/* Freeing the texture leaves the heap a buffer. */
	ck_assert(hw_memory_free(&mem, big + 64));
	ck_assert_ptr_nonnull(hw_memory_host(&mem, big + 64, 112));
	ck_assert(hw_memory_free(&mem, big));
	ck_assert_ptr_null(hw_memory_host(&mem, big + 100, 16));
	ck_assert_ptr_nonnull(hw_memory_host(&mem, big + 32, 16));
	flat_fini(&mem);
}
END_TEST

/* A fill writes every byte of its range in flat memory, buffer or not. */
START_TEST(test_flat_memory_pattern_writes_the_whole_range)
{
	static const uint8_t pattern[3] = { 1, 2, 3 };
	struct hw_memory mem;

	flat_init(&mem);
	hw_memory_pattern(&mem, HW_VRAM_B_BASE + 16, 7, pattern, 3);
	ck_assert_uint_eq(flat_vram[0x300010], 1);
	ck_assert_uint_eq(flat_vram[0x300012], 3);
	ck_assert_uint_eq(flat_vram[0x300016], 1);
	ck_assert_uint_eq(flat_vram[0x300017], 0);
	flat_fini(&mem);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("memory");
	TCase *tc = tcase_create("memory");

	tcase_add_test(tc, test_memory_alloc_places_buffers_in_their_area);
	tcase_add_test(tc, test_memory_area_full_returns_zero);
	tcase_add_test(tc, test_memory_free_makes_room_again);
	tcase_add_test(tc, test_memory_host_lookup_stays_inside_a_region);
	tcase_add_test(tc, test_memory_count_adds_channel_words_for_vram);
	tcase_add_test(tc, test_flat_memory_maps_each_area_onto_its_range);
	tcase_add_test(tc, test_flat_memory_places_overlapping_regions);
	tcase_add_test(tc, test_flat_memory_pattern_writes_the_whole_range);
	tcase_add_test(tc, test_memory_count_channel_words_are_the_gpus_not_the_cpus);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
