/* check_frame.c: the hardware side of the frame loop: LCD scanout, memory
 * fill, display transfer, texture copy, DMA and CPU reads in virtual time
 * (hw/hw_lcd.c, hw/hw_transfer.c, hw/hw_gpu.c). */
#include <stdlib.h>
#include <string.h>

#include "hw/hw_gpu.h"
#include "test_util.h"

static struct hw_gpu gpu;

static void setup(void)
{
	hw_gpu_init(&gpu);
	hw_gpu_reset(&gpu, 100, 0);
}

static void teardown(void)
{
	hw_gpu_fini(&gpu);
}

static uint32_t alloc_in(enum hw_area area, uint32_t size)
{
	uint32_t phys = hw_memory_alloc(&gpu.memory, area, size);

	ck_assert_uint_ne(phys, 0);
	return phys;
}

static uint8_t *host(uint32_t phys, uint32_t size)
{
	uint8_t *p = hw_memory_host(&gpu.memory, phys, size);

	ck_assert_ptr_nonnull(p);
	return p;
}

static void finish_queued_work(void)
{
	hw_gpu_advance(&gpu, gpu.cmdlist_busy_until - gpu.clock);
}

static void wait_vsync(void)
{
	hw_gpu_advance(&gpu, hw_gpu_next_vblank(&gpu) - gpu.clock);
}

static struct hw_lcd_source source(uint32_t phys, unsigned w, unsigned h, unsigned bpp)
{
	struct hw_lcd_source s;

	memset(&s, 0, sizeof s);
	s.phys[0] = phys;
	s.width = w;
	s.height = h;
	s.bytes_per_pixel = bpp;
	return s;
}

/* ---- LCD scanout ---------------------------------------------------------- */

/* One frame of each display format: w * h * bpp / 16 accesses a frame. */
START_TEST(test_lcd_scanout_counts_one_buffer_read_per_frame_for_each_format)
{
	static const struct {
		enum hw_lcd_screen_id screen;
		unsigned w, h, bpp;
		uint32_t per_frame;
	} rows[] = {
		{ HW_LCD_UPPER, 240, 400, 4, 24000 },   /* RGBA8 */
		{ HW_LCD_UPPER, 240, 400, 3, 18000 },   /* RGB8 */
		{ HW_LCD_UPPER, 240, 400, 2, 12000 },   /* RGB565, RGB5A1, RGBA4 */
		{ HW_LCD_LOWER, 240, 320, 4, 19200 },
		{ HW_LCD_LOWER, 240, 320, 3, 14400 },
		{ HW_LCD_LOWER, 240, 320, 2, 9600 },
	};
	unsigned i;

	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		uint32_t fb = HW_VRAM_A_BASE + 0x1000;
		struct hw_lcd_source s = source(fb, rows[i].w, rows[i].h, rows[i].bpp);
		enum hw_memory_word word = rows[i].screen == HW_LCD_UPPER ? HW_MEM_LCD_UPPER_READ
									   : HW_MEM_LCD_LOWER_READ;
		enum hw_memory_word other = rows[i].screen == HW_LCD_UPPER ? HW_MEM_LCD_LOWER_READ
									    : HW_MEM_LCD_UPPER_READ;

		hw_gpu_reset(&gpu, 100, 0);
		hw_gpu_set_display(&gpu, rows[i].screen, &s);
		wait_vsync();           /* the buffer is shown from here */
		ck_assert_uint_eq(gpu.counters.memory[word], 0);
		wait_vsync();
		if (gpu.counters.memory[word] != rows[i].per_frame
		    || gpu.counters.memory[HW_MEM_VRAM_A_READ] != rows[i].per_frame
		    || gpu.counters.memory[other] != 0 || gpu.counters.memory[HW_MEM_VRAM_B_READ] != 0)
			ck_abort_msg("row %u: %u accesses on the screen word, %u on channel A",
				     i, gpu.counters.memory[word],
				     gpu.counters.memory[HW_MEM_VRAM_A_READ]);
	}
}
END_TEST

START_TEST(test_lcd_scanout_stereo_doubles_the_upper_screen_on_each_eyes_channel)
{
	struct hw_lcd_source s = source(HW_VRAM_A_BASE, 240, 400, 4);

	s.phys[1] = HW_VRAM_B_BASE;
	s.stereo = true;
	hw_gpu_set_display(&gpu, HW_LCD_UPPER, &s);
	wait_vsync();
	wait_vsync();
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_LCD_UPPER_READ], 48000);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_A_READ], 24000);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_B_READ], 24000);
}
END_TEST

/* A display buffer in FCRAM counts on its screen word only. */
START_TEST(test_lcd_scanout_from_fcram_has_no_channel_word)
{
	struct hw_lcd_source s = source(HW_FCRAM_BASE, 240, 320, 2);

	hw_gpu_set_display(&gpu, HW_LCD_LOWER, &s);
	hw_gpu_advance(&gpu, 3 * (uint64_t)HW_LCD_FRAME_CLOCKS);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_LCD_LOWER_READ], 2 * 9600);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_A_READ], 0);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_B_READ], 0);
}
END_TEST

/* nngxWaitVSync 60 times from anywhere: exactly 60 frames, each read once. */
START_TEST(test_lcd_sixty_vsync_waits_see_exactly_sixty_frames)
{
	struct hw_lcd_source up = source(HW_VRAM_A_BASE, 240, 400, 3);
	struct hw_lcd_source down = source(HW_VRAM_B_BASE, 240, 320, 2);
	unsigned i;

	hw_gpu_advance(&gpu, 12345);            /* start mid-frame */
	hw_gpu_set_display(&gpu, HW_LCD_UPPER, &up);
	hw_gpu_set_display(&gpu, HW_LCD_LOWER, &down);
	wait_vsync();
	ck_assert_uint_eq(hw_gpu_frames(&gpu), 1);
	ck_assert_uint_eq(gpu.clock, HW_LCD_FRAME_CLOCKS);
	for (i = 0; i < 60; i++)
		wait_vsync();                   /* on a boundary: waits a whole frame */
	ck_assert_uint_eq(hw_gpu_frames(&gpu), 61);
	ck_assert_uint_eq(gpu.clock, 61 * (uint64_t)HW_LCD_FRAME_CLOCKS);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_LCD_UPPER_READ], 60 * 18000);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_LCD_LOWER_READ], 60 * 9600);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_A_READ], 60 * 18000);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_B_READ], 60 * 9600);
}
END_TEST

/* The frame in progress keeps the old buffer; the swap lands at its vblank. */
START_TEST(test_lcd_swap_takes_effect_at_the_next_vblank)
{
	struct hw_lcd_source a = source(HW_VRAM_A_BASE, 240, 400, 4);
	struct hw_lcd_source b = source(HW_VRAM_B_BASE, 240, 400, 4);

	hw_gpu_set_display(&gpu, HW_LCD_UPPER, &a);
	wait_vsync();                                   /* a shown from frame 1 */
	hw_gpu_advance(&gpu, HW_LCD_FRAME_CLOCKS / 2);
	hw_gpu_set_display(&gpu, HW_LCD_UPPER, &b);     /* during frame 1 */
	hw_gpu_advance(&gpu, HW_LCD_FRAME_CLOCKS / 2 - 1);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_A_READ], 0);   /* not complete */
	hw_gpu_advance(&gpu, 1);                        /* frame 1 ends: a */
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_A_READ], 24000);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_B_READ], 0);
	/* One long wait: the closed form counts b for every frame. */
	hw_gpu_advance(&gpu, 1000 * (uint64_t)HW_LCD_FRAME_CLOCKS);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_A_READ], 24000);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_B_READ], 1000 * 24000);
	/* Hiding the screen stops the reads after the next vblank. */
	hw_gpu_set_display(&gpu, HW_LCD_UPPER, NULL);
	hw_gpu_advance(&gpu, 5 * (uint64_t)HW_LCD_FRAME_CLOCKS);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_B_READ], 1001 * 24000);
	ck_assert_uint_eq(hw_gpu_frames(&gpu), 1007);
}
END_TEST

/* A swap asked for while the controllers were behind (a long advance in one
 * go) splits that advance at its first vblank only. */
START_TEST(test_lcd_swap_splits_a_long_wait_at_the_first_vblank)
{
	struct hw_lcd_source a = source(HW_VRAM_A_BASE, 240, 320, 2);
	struct hw_lcd_source b = source(HW_VRAM_B_BASE, 240, 320, 2);

	hw_gpu_set_display(&gpu, HW_LCD_LOWER, &a);
	hw_gpu_advance(&gpu, HW_LCD_FRAME_CLOCKS + 7);
	hw_gpu_set_display(&gpu, HW_LCD_LOWER, &b);
	hw_gpu_set_display(&gpu, HW_LCD_LOWER, &a);     /* the last request wins */
	hw_gpu_set_display(&gpu, HW_LCD_LOWER, &b);
	hw_gpu_advance(&gpu, 10 * (uint64_t)HW_LCD_FRAME_CLOCKS);
	ck_assert_uint_eq(hw_gpu_frames(&gpu), 11);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_A_READ], 9600);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_B_READ], 9 * 9600);
}
END_TEST

START_TEST(test_lcd_reset_shows_nothing_and_restarts_frames)
{
	struct hw_lcd_source a = source(HW_VRAM_A_BASE, 240, 400, 4);

	hw_gpu_set_display(&gpu, HW_LCD_UPPER, &a);
	hw_gpu_advance(&gpu, 3 * (uint64_t)HW_LCD_FRAME_CLOCKS);
	ck_assert_uint_eq(hw_gpu_frames(&gpu), 3);
	hw_gpu_reset(&gpu, 100, 0);
	ck_assert_uint_eq(hw_gpu_frames(&gpu), 0);
	ck_assert_uint_eq(hw_gpu_next_vblank(&gpu), HW_LCD_FRAME_CLOCKS);
	hw_gpu_advance(&gpu, 3 * (uint64_t)HW_LCD_FRAME_CLOCKS);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_LCD_UPPER_READ], 0);
}
END_TEST

/* ---- memory fill ----------------------------------------------------------- */

START_TEST(test_fill_counts_size_over_16_and_writes_the_pattern)
{
	uint32_t a = alloc_in(HW_AREA_VRAM_A, 4800);
	uint32_t b = alloc_in(HW_AREA_VRAM_B, 4800);
	uint8_t *pa = host(a, 4800), *pb = host(b, 4800);
	unsigned i;

	ck_assert_int_eq(hw_gpu_fill(&gpu, 0, a, 4800, 0x11223344u, 32), HW_OK);
	ck_assert_int_eq(hw_gpu_fill(&gpu, 1, b, 4800, 0xAABBCCu, 24), HW_OK);
	for (i = 0; i < 4800; i++) {
		static const uint8_t p32[4] = { 0x44, 0x33, 0x22, 0x11 };
		static const uint8_t p24[3] = { 0xCC, 0xBB, 0xAA };
		if (pa[i] != p32[i % 4] || pb[i] != p24[i % 3])
			ck_abort_msg("byte %u: %02x %02x", i, pa[i], pb[i]);
	}
	finish_queued_work();
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_FILL0_WRITE], 300);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_FILL1_WRITE], 300);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_A_WRITE], 300);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_B_WRITE], 300);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_A_READ], 0);
}
END_TEST

START_TEST(test_fill_16_bit_pattern_uses_the_low_half)
{
	uint32_t a = alloc_in(HW_AREA_VRAM_B, 32);
	uint8_t *p = host(a, 32);

	ck_assert_int_eq(hw_gpu_fill(&gpu, 0, a, 32, 0xDEADBEEFu, 16), HW_OK);
	ck_assert_uint_eq(p[0], 0xEF);
	ck_assert_uint_eq(p[1], 0xBE);
	ck_assert_uint_eq(p[30], 0xEF);
	ck_assert_uint_eq(p[31], 0xBE);
}
END_TEST

/* A pair of fills starts together and lasts the longer one; each channel's
 * counts land at its own end. */
START_TEST(test_fill_pair_runs_in_parallel_and_lasts_the_longer)
{
	uint32_t color = alloc_in(HW_AREA_VRAM_A, 384000);
	uint32_t depth = alloc_in(HW_AREA_VRAM_B, 192000);
	struct hw_fill f0 = { color, 384000, 0xFF0000FFu, 32, false };
	struct hw_fill f1 = { depth, 192000, 0x00FFFFFFu, 24, false };
	uint64_t long_clocks = hw_transfer_clocks(384000, HW_RATE_FILL_MIB);
	uint64_t short_clocks = hw_transfer_clocks(192000, HW_RATE_FILL_MIB);

	ck_assert_int_eq(hw_gpu_fill2(&gpu, &f0, &f1), HW_OK);
	ck_assert_uint_eq(gpu.cmdlist_busy_until, long_clocks);
	hw_gpu_advance(&gpu, short_clocks);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_FILL1_WRITE], 12000);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_FILL0_WRITE], 0);
	finish_queued_work();
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_FILL0_WRITE], 24000);
	/* A single fill, by contrast, queues after the pair. */
	ck_assert_int_eq(hw_gpu_fill(&gpu, 1, depth, 192000, 0, 32), HW_OK);
	ck_assert_uint_eq(gpu.cmdlist_busy_until, long_clocks + short_clocks);
}
END_TEST

START_TEST(test_fill_rejects_bad_requests_and_changes_nothing)
{
	uint32_t v = alloc_in(HW_AREA_VRAM_A, 256);
	uint32_t f = alloc_in(HW_AREA_FCRAM, 256);
	uint8_t *p = host(v, 256);
	struct hw_fill good = { v, 256, 0xFFFFFFFFu, 32, false };
	struct hw_fill bad = { v + 8, 64, 0, 32, false };

	ck_assert_int_eq(hw_gpu_fill(&gpu, 2, v, 256, 0, 32), HW_ERROR_RANGE);
	ck_assert_int_eq(hw_gpu_fill(&gpu, 0, v, 256, 0, 8), HW_ERROR_RANGE);
	ck_assert_int_eq(hw_gpu_fill(&gpu, 0, v + 8, 64, 0, 32), HW_ERROR_RANGE);   /* alignment */
	ck_assert_int_eq(hw_gpu_fill(&gpu, 0, v, 40, 0, 32), HW_ERROR_RANGE);       /* size */
	ck_assert_int_eq(hw_gpu_fill(&gpu, 0, f, 256, 0, 32), HW_ERROR_RANGE);      /* FCRAM */
	ck_assert_int_eq(hw_gpu_fill(&gpu, 0, v, 272, 0, 32), HW_ERROR_FAULT);      /* past the buffer */
	ck_assert_int_eq(hw_gpu_fill(&gpu, 1, 0x18500000u, 16, 0, 32), HW_ERROR_FAULT);
	ck_assert_int_eq(hw_gpu_fill(&gpu, 1, 0xFFFFFFF0u, 16, 0, 32), HW_ERROR_FAULT);
	/* The good channel of a bad pair is not done either. */
	ck_assert_int_eq(hw_gpu_fill2(&gpu, &good, &bad), HW_ERROR_RANGE);
	ck_assert_uint_eq(p[0], 0);
	ck_assert_uint_eq(gpu.cmdlist_busy_until, 0);
	ck_assert_uint_eq(gpu.pending_count, 0);
	/* Nothing to do is no error. */
	ck_assert_int_eq(hw_gpu_fill(&gpu, 0, v, 0, 0, 32), HW_OK);
	ck_assert_int_eq(hw_gpu_fill2(&gpu, NULL, NULL), HW_OK);
	ck_assert_uint_eq(gpu.cmdlist_busy_until, 0);
}
END_TEST

/* A fill named through the VRAM window (any_vram) covers a range of one
 * channel whatever buffers lie in it: the buffers it overlaps get the
 * pattern in the phase counted from the start, the counts are those of
 * any fill of that size, and it may not leave its channel. */
START_TEST(test_fill_of_any_vram_range_writes_every_buffer_in_it)
{
	uint32_t a = alloc_in(HW_AREA_VRAM_A, 256);
	uint32_t gap = alloc_in(HW_AREA_VRAM_A, 256);
	uint32_t b = alloc_in(HW_AREA_VRAM_A, 512);
	uint32_t other = alloc_in(HW_AREA_VRAM_B, 256);
	/* b - (a + 16) is not a multiple of 3: b's phase is not its own. */
	struct hw_fill span = { a + 16, b + 256 - (a + 16), 0x00ABCDEFu, 24, true };
	struct hw_fill cross = { HW_VRAM_B_BASE - 16, 32, 0, 32, true };
	struct hw_fill fcram = { HW_FCRAM_BASE, 16, 0, 32, true };
	uint8_t *pa = host(a, 256), *pb = host(b, 512), *po = host(other, 256);
	uint32_t i;

	ck_assert(hw_memory_free(&gpu.memory, gap));    /* an unallocated hole */
	memset(pa, 0x11, 256);
	memset(pb, 0x22, 512);
	memset(po, 0x33, 256);
	ck_assert_int_eq(hw_gpu_fill2(&gpu, &span, NULL), HW_OK);
	finish_queued_work();
	for (i = 0; i < 16; i++)
		ck_assert_uint_eq(pa[i], 0x11);
	for (i = 16; i < 256; i++)
		ck_assert_uint_eq(pa[i], (0x00ABCDEFu >> 8 * ((a + i - span.phys) % 3)) & 0xFF);
	for (i = 0; i < 256; i++)
		ck_assert_uint_eq(pb[i], (0x00ABCDEFu >> 8 * ((b + i - span.phys) % 3)) & 0xFF);
	for (i = 256; i < 512; i++)
		ck_assert_uint_eq(pb[i], 0x22);
	for (i = 0; i < 256; i++)
		ck_assert_uint_eq(po[i], 0x33);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_FILL0_WRITE], span.size / 16);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_A_WRITE], span.size / 16);
	ck_assert_uint_eq(gpu.cmdlist_busy_until, hw_transfer_clocks(span.size, HW_RATE_FILL_MIB));
	/* Across the channel boundary, or outside VRAM: a fault, nothing done. */
	ck_assert_int_eq(hw_gpu_fill2(&gpu, &cross, NULL), HW_ERROR_FAULT);
	ck_assert_int_eq(hw_gpu_fill2(&gpu, NULL, &fcram), HW_ERROR_FAULT);
	ck_assert_uint_eq(gpu.pending_count, 0);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_FILL0_WRITE], span.size / 16);
	/* Without any_vram the same range is still a fault. */
	span.any_vram = false;
	ck_assert_int_eq(hw_gpu_fill2(&gpu, &span, NULL), HW_ERROR_FAULT);
}
END_TEST

/* ---- queued work in virtual time ------------------------------------------ */

/* Counts land at the end of the work, and the work queues after what was
 * queued before. */
START_TEST(test_transfer_counts_land_at_the_end_of_the_work)
{
	uint32_t a = alloc_in(HW_AREA_VRAM_A, 4096);
	uint32_t b = alloc_in(HW_AREA_VRAM_B, 4096);
	uint64_t d = hw_transfer_clocks(4096, HW_RATE_POST_FROM_VRAM_MIB);

	hw_gpu_advance(&gpu, 1000);
	gpu.cmdlist_busy_until = 5000;          /* a command list still runs */
	ck_assert_int_eq(hw_gpu_texture_copy(&gpu, a, b, 4096), HW_OK);
	ck_assert_uint_eq(gpu.cmdlist_busy_until, 5000 + d);
	ck_assert(hw_gpu_cmdlist_executing(&gpu));
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_POST_TRANSFER_READ], 0);
	hw_gpu_advance(&gpu, 5000 + d - 1 - gpu.clock);
	ck_assert_uint_eq(gpu.clock, 5000 + d - 1);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_POST_TRANSFER_WRITE], 0);
	hw_gpu_advance(&gpu, 1);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_POST_TRANSFER_READ], 256);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_POST_TRANSFER_WRITE], 256);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_A_READ], 256);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_B_WRITE], 256);
	ck_assert(!hw_gpu_cmdlist_executing(&gpu));
}
END_TEST

/* Durations follow the measured rates: VRAM -> VRAM post transfer beats
 * FCRAM -> VRAM, which beats any DMA. */
START_TEST(test_transfer_time_follows_the_rates)
{
	const uint32_t size = 0x40000;
	uint32_t v1 = alloc_in(HW_AREA_VRAM_A, size);
	uint32_t v2 = alloc_in(HW_AREA_VRAM_B, size);
	uint32_t f1 = alloc_in(HW_AREA_FCRAM, size);
	uint64_t vv, fv, dma_fv, dma_vv, fill;

	ck_assert_int_eq(hw_gpu_texture_copy(&gpu, v1, v2, size), HW_OK);
	vv = gpu.cmdlist_busy_until;
	ck_assert_int_eq(hw_gpu_texture_copy(&gpu, f1, v2, size), HW_OK);
	fv = gpu.cmdlist_busy_until - vv;
	ck_assert_int_eq(hw_gpu_dma(&gpu, f1, v2, size), HW_OK);
	dma_fv = gpu.cmdlist_busy_until - vv - fv;
	ck_assert_int_eq(hw_gpu_dma(&gpu, v1, v2, size), HW_OK);
	dma_vv = gpu.cmdlist_busy_until - vv - fv - dma_fv;
	ck_assert_int_eq(hw_gpu_fill(&gpu, 0, v1, size, 0, 32), HW_OK);
	fill = gpu.cmdlist_busy_until - vv - fv - dma_fv - dma_vv;
	ck_assert_uint_lt(vv, fv);
	ck_assert_uint_lt(fv, dma_vv);
	ck_assert_uint_lt(dma_vv, dma_fv);
	ck_assert_uint_eq(fill, vv);
	/* ceil(256 KiB * 268e6 / (5400 MiB/s)) = ceil(12407.4) */
	ck_assert_uint_eq(vv, 12408);
	ck_assert_uint_eq(dma_fv, hw_transfer_clocks(size, 310));
	ck_assert_uint_eq(hw_transfer_clocks(1, 5400), 1);      /* rounds up */
	ck_assert_uint_eq(hw_transfer_clocks(0, 5400), 0);
}
END_TEST

/* ---- DMA and CPU reads -------------------------------------------------------- */

START_TEST(test_dma_counts_word_17_only_and_no_channel_word)
{
	uint32_t f = alloc_in(HW_AREA_FCRAM, 1000);
	uint32_t v = alloc_in(HW_AREA_VRAM_B, 1000);
	uint32_t a = alloc_in(HW_AREA_VRAM_A, 1000);
	uint8_t *pf = host(f, 1000);
	unsigned i;

	for (i = 0; i < 1000; i++)
		pf[i] = (uint8_t)(i * 7);
	ck_assert_int_eq(hw_gpu_dma(&gpu, f, v, 1000), HW_OK);
	ck_assert_int_eq(memcmp(host(v, 1000), pf, 1000), 0);   /* functional at once */
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_CPU_DMA_WRITE], 0);
	ck_assert_int_eq(hw_gpu_dma(&gpu, v, a, 1000), HW_OK);   /* VRAM -> VRAM */
	finish_queued_work();
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_CPU_DMA_WRITE], 2 * 63);     /* ceil(1000/16) */
	/* Words 0-3 are the GPU's accesses; the DMA is the CPU's (table 9-10). */
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_B_WRITE], 0);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_A_WRITE], 0);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_B_READ], 0);          /* no read word */
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_CPU_READ], 0);
	ck_assert_int_eq(memcmp(host(a, 1000), pf, 1000), 0);
}
END_TEST

/* Word 16 only: words 0-3 are the GPU's VRAM accesses (table 9-10). */
START_TEST(test_cpu_read_counts_word_16_at_once_and_no_channel_word)
{
	uint32_t v = alloc_in(HW_AREA_VRAM_A, 64);
	uint32_t f = alloc_in(HW_AREA_FCRAM, 64);
	uint8_t out[64];

	memset(host(v, 64), 0x5A, 64);
	ck_assert_int_eq(hw_gpu_cpu_read(&gpu, v, out, 64), HW_OK);
	ck_assert_uint_eq(out[63], 0x5A);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_CPU_READ], 4);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_A_READ], 0);
	ck_assert_int_eq(hw_gpu_cpu_read(&gpu, f, out, 17), HW_OK);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_CPU_READ], 6);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_A_READ], 0);
	ck_assert_uint_eq(gpu.clock, 0);
	ck_assert_uint_eq(gpu.cmdlist_busy_until, 0);
}
END_TEST

START_TEST(test_transfers_outside_memory_fault_without_effect)
{
	uint32_t v = alloc_in(HW_AREA_VRAM_A, 256);
	uint32_t f = alloc_in(HW_AREA_FCRAM, 256);
	struct hw_transfer_image src = { v, 8, 8, HW_COLOR_RGBA8, true, false };
	struct hw_transfer_image dst = { f, 8, 8, HW_COLOR_RGBA8, false, false };
	uint8_t out[32];

	ck_assert_int_eq(hw_gpu_dma(&gpu, f, v + 128, 256), HW_ERROR_FAULT);
	ck_assert_int_eq(hw_gpu_dma(&gpu, 0x30000000u, v, 16), HW_ERROR_FAULT);
	ck_assert_int_eq(hw_gpu_texture_copy(&gpu, v, 0xFFFFFF00u, 256), HW_ERROR_FAULT);
	ck_assert_int_eq(hw_gpu_texture_copy(&gpu, v + 4, f, 16), HW_ERROR_RANGE);
	ck_assert_int_eq(hw_gpu_cpu_read(&gpu, v + 250, out, 32), HW_ERROR_FAULT);
	ck_assert_int_eq(hw_gpu_cpu_read(&gpu, v, NULL, 32), HW_ERROR_RANGE);
	dst.phys = f + 128;                                     /* 256 bytes past 128 */
	ck_assert_int_eq(hw_gpu_display_transfer(&gpu, &src, &dst, 0, false), HW_ERROR_FAULT);
	dst.phys = f;
	dst.width = 16;                                         /* wider than the source */
	ck_assert_int_eq(hw_gpu_display_transfer(&gpu, &src, &dst, 0, false), HW_ERROR_RANGE);
	ck_assert_int_eq(hw_gpu_display_transfer(&gpu, &src, &dst, 3, false), HW_ERROR_RANGE);
	dst.width = 8;
	dst.format = 7;
	ck_assert_int_eq(hw_gpu_display_transfer(&gpu, &src, &dst, 0, false), HW_ERROR_RANGE);
	ck_assert_int_eq(hw_gpu_display_transfer(&gpu, NULL, &dst, 0, false), HW_ERROR_RANGE);
	src.width = 12;                                         /* tiled, not a multiple of 8 */
	dst.format = HW_COLOR_RGBA8;
	dst.width = 12;
	ck_assert_int_eq(hw_gpu_display_transfer(&gpu, &src, &dst, 0, false), HW_ERROR_RANGE);
	ck_assert_uint_eq(gpu.cmdlist_busy_until, 0);
	ck_assert_uint_eq(gpu.pending_count, 0);
	hw_gpu_advance(&gpu, 1000000);
	{
		unsigned w;
		for (w = 0; w < HW_MEM_WORD_COUNT; w++)
			ck_assert_uint_eq(gpu.counters.memory[w], 0);
	}
}
END_TEST

/* ---- display transfer -------------------------------------------------------- */

/* Store an RGBA8 colour at window pixel (x, y) of a tiled buffer. */
static void put_tiled_rgba8(uint32_t phys, unsigned w, unsigned h, unsigned x, unsigned y,
			    uint32_t rgba)
{
	uint8_t *p = host(phys, w * h * 4) + hw_fragment_pixel_offset(x, y, w, h, 4);

	p[0] = (uint8_t)rgba;
	p[1] = (uint8_t)(rgba >> 8);
	p[2] = (uint8_t)(rgba >> 16);
	p[3] = (uint8_t)(rgba >> 24);
}

/* A 240x400 RGBA8 render buffer to a 240x400 RGB8 display buffer: window
 * pixel (x, y) lands on line 399 - y (memory rows run from the top), pixel
 * x, as the bytes B, G, R. The whole buffers are read and written. */
START_TEST(test_display_transfer_untiles_and_converts_rgba8_to_rgb8)
{
	uint32_t color = alloc_in(HW_AREA_VRAM_A, 240 * 400 * 4);
	uint32_t fb = alloc_in(HW_AREA_VRAM_B, 240 * 400 * 3);
	struct hw_transfer_image src = { color, 240, 400, HW_COLOR_RGBA8, true, false };
	struct hw_transfer_image dst = { fb, 240, 400, HW_COLOR_RGB8, false, false };
	const uint8_t *out = host(fb, 240 * 400 * 3);
	uint32_t at = ((400 - 1 - 37) * 240 + 13) * 3;

	put_tiled_rgba8(color, 240, 400, 13, 37, 0x11223344u);
	ck_assert_int_eq(hw_gpu_display_transfer(&gpu, &src, &dst, HW_TRANSFER_AA_NONE, false),
			 HW_OK);
	ck_assert_uint_eq(out[at], 0x33);
	ck_assert_uint_eq(out[at + 1], 0x22);
	ck_assert_uint_eq(out[at + 2], 0x11);
	ck_assert_uint_eq(out[at + 3], 0);
	ck_assert_uint_eq(out[at - 1], 0);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_POST_TRANSFER_READ], 0);
	finish_queued_work();
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_POST_TRANSFER_READ], 24000);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_POST_TRANSFER_WRITE], 18000);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_A_READ], 24000);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_B_WRITE], 18000);
	ck_assert_uint_eq(gpu.clock, hw_transfer_clocks(384000, HW_RATE_POST_FROM_VRAM_MIB));
}
END_TEST

START_TEST(test_display_transfer_converts_to_rgb565)
{
	uint32_t color = alloc_in(HW_AREA_VRAM_A, 64 * 64 * 4);
	uint32_t fb = alloc_in(HW_AREA_FCRAM, 64 * 64 * 2);
	struct hw_transfer_image src = { color, 64, 64, HW_COLOR_RGBA8, true, false };
	struct hw_transfer_image dst = { fb, 64, 64, HW_COLOR_RGB565, false, false };
	const uint8_t *out = host(fb, 64 * 64 * 2);
	uint32_t at = ((64 - 1 - 9) * 64 + 50) * 2;
	uint16_t v;

	put_tiled_rgba8(color, 64, 64, 50, 9, 0xFF8040FFu);    /* R 255, G 128, B 64 */
	ck_assert_int_eq(hw_gpu_display_transfer(&gpu, &src, &dst, 0, false), HW_OK);
	v = (uint16_t)(out[at] | out[at + 1] << 8);
	ck_assert_uint_eq(v, 31u << 11 | 32u << 5 | 8u);
	finish_queued_work();
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_POST_TRANSFER_WRITE], 512);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_A_WRITE], 0);   /* FCRAM destination */
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_B_WRITE], 0);
}
END_TEST

/* 2x2: a 480x800 source for a 240x400 destination reads 4 source pixels a
 * destination pixel and averages them. */
START_TEST(test_display_transfer_2x2_reads_four_times_the_destination)
{
	uint32_t color = alloc_in(HW_AREA_VRAM_A, 480 * 800 * 4);
	uint32_t fb = alloc_in(HW_AREA_VRAM_B, 240 * 400 * 4);
	struct hw_transfer_image src = { color, 480, 800, HW_COLOR_RGBA8, true, false };
	struct hw_transfer_image dst = { fb, 240, 400, HW_COLOR_RGBA8, false, false };
	const uint8_t *out = host(fb, 240 * 400 * 4);
	/* window pixels (20..21, 30..31): memory rows 768..769 -> line 384 */
	uint32_t at = (384 * 240 + 10) * 4;

	put_tiled_rgba8(color, 480, 800, 20, 30, 0xFF0000FFu);
	put_tiled_rgba8(color, 480, 800, 21, 30, 0xFF0000FFu);
	put_tiled_rgba8(color, 480, 800, 20, 31, 0x000000FFu);
	put_tiled_rgba8(color, 480, 800, 21, 31, 0x000000FFu);
	ck_assert_int_eq(hw_gpu_display_transfer(&gpu, &src, &dst, HW_TRANSFER_AA_2X2, false),
			 HW_OK);
	ck_assert_uint_eq(out[at + 3], 128);    /* R: (255 + 255 + 0 + 0 + 2) / 4 */
	ck_assert_uint_eq(out[at + 0], 255);    /* A */
	ck_assert_uint_eq(out[at + 4 + 3], 0);
	finish_queued_work();
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_POST_TRANSFER_READ], 4 * 24000);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_POST_TRANSFER_WRITE], 24000);
	ck_assert_uint_eq(gpu.clock, hw_transfer_clocks(4 * 384000, HW_RATE_POST_FROM_VRAM_MIB));
}
END_TEST

START_TEST(test_display_transfer_2x1_halves_the_width_only)
{
	uint32_t color = alloc_in(HW_AREA_FCRAM, 128 * 64 * 2);
	uint32_t fb = alloc_in(HW_AREA_VRAM_A, 64 * 64 * 2);
	struct hw_transfer_image src = { color, 128, 64, HW_COLOR_RGB565, true, false };
	struct hw_transfer_image dst = { fb, 64, 64, HW_COLOR_RGB565, false, false };

	ck_assert_int_eq(hw_gpu_display_transfer(&gpu, &src, &dst, HW_TRANSFER_AA_2X1, false),
			 HW_OK);
	finish_queued_work();
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_POST_TRANSFER_READ], 1024);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_POST_TRANSFER_WRITE], 512);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_A_READ], 0);    /* FCRAM source */
	ck_assert_uint_eq(gpu.clock, hw_transfer_clocks(16384, HW_RATE_POST_TO_VRAM_MIB));
	src.width = 64;
	src.height = 128;
	ck_assert_int_eq(hw_gpu_display_transfer(&gpu, &src, &dst, HW_TRANSFER_AA_2X1, false),
			 HW_ERROR_RANGE);
}
END_TEST

/* Flip mirrors the lines: the same pixel lands on line y instead of
 * 399 - y, and the amounts do not change. */
START_TEST(test_display_transfer_yflip_mirrors_rows)
{
	uint32_t color = alloc_in(HW_AREA_VRAM_A, 240 * 400 * 4);
	uint32_t fb = alloc_in(HW_AREA_VRAM_B, 240 * 400 * 3);
	struct hw_transfer_image src = { color, 240, 400, HW_COLOR_RGBA8, true, false };
	struct hw_transfer_image dst = { fb, 240, 400, HW_COLOR_RGB8, false, false };
	const uint8_t *out = host(fb, 240 * 400 * 3);

	put_tiled_rgba8(color, 240, 400, 5, 7, 0xAABBCCFFu);
	ck_assert_int_eq(hw_gpu_display_transfer(&gpu, &src, &dst, 0, true), HW_OK);
	ck_assert_uint_eq(out[(7 * 240 + 5) * 3 + 2], 0xAA);
	ck_assert_uint_eq(out[(392 * 240 + 5) * 3 + 2], 0);
	finish_queued_work();
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_POST_TRANSFER_READ], 24000);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_POST_TRANSFER_WRITE], 18000);
}
END_TEST

/* Linear to tiled is the same engine the other way: a round trip gives the
 * original bytes back. */
START_TEST(test_display_transfer_linear_to_tiled_round_trips)
{
	uint32_t a = alloc_in(HW_AREA_VRAM_A, 64 * 32 * 4);
	uint32_t b = alloc_in(HW_AREA_VRAM_B, 64 * 32 * 4);
	uint32_t c = alloc_in(HW_AREA_FCRAM, 64 * 32 * 4);
	struct hw_transfer_image lin = { a, 64, 32, HW_COLOR_RGBA8, false, false };
	struct hw_transfer_image til = { b, 64, 32, HW_COLOR_RGBA8, true, false };
	struct hw_transfer_image back = { c, 64, 32, HW_COLOR_RGBA8, false, false };
	uint8_t *pa = host(a, 64 * 32 * 4);
	unsigned i;

	for (i = 0; i < 64 * 32 * 4; i++)
		pa[i] = (uint8_t)(i * 13 + 1);
	ck_assert_int_eq(hw_gpu_display_transfer(&gpu, &lin, &til, 0, false), HW_OK);
	ck_assert_int_ne(memcmp(host(b, 64 * 32 * 4), pa, 64 * 32 * 4), 0);
	ck_assert_int_eq(hw_gpu_display_transfer(&gpu, &til, &back, 0, false), HW_OK);
	ck_assert_int_eq(memcmp(host(c, 64 * 32 * 4), pa, 64 * 32 * 4), 0);
}
END_TEST

START_TEST(test_texture_copy_copies_bytes_as_they_are)
{
	uint32_t f = alloc_in(HW_AREA_FCRAM, 512);
	uint32_t v = alloc_in(HW_AREA_VRAM_A, 512);
	uint8_t *pf = host(f, 512);
	unsigned i;

	for (i = 0; i < 512; i++)
		pf[i] = (uint8_t)(255 - i);
	ck_assert_int_eq(hw_gpu_texture_copy(&gpu, f, v, 512), HW_OK);
	ck_assert_int_eq(memcmp(host(v, 512), pf, 512), 0);
	finish_queued_work();
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_POST_TRANSFER_READ], 32);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_POST_TRANSFER_WRITE], 32);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_A_WRITE], 32);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_A_READ], 0);
	ck_assert_uint_eq(gpu.clock, hw_transfer_clocks(512, HW_RATE_POST_TO_VRAM_MIB));
}
END_TEST

/* The frame loop as a program runs it: clear, transfer, swap, wait. The
 * transfers raise no busy signal and the LCD counts only shown buffers. */
START_TEST(test_frame_loop_clear_transfer_swap_wait)
{
	uint32_t color = alloc_in(HW_AREA_VRAM_A, 240 * 400 * 4);
	uint32_t fb[2];
	struct hw_transfer_image src = { color, 240, 400, HW_COLOR_RGBA8, true, false };
	unsigned frame;

	fb[0] = alloc_in(HW_AREA_VRAM_B, 240 * 400 * 3);
	fb[1] = alloc_in(HW_AREA_VRAM_B, 240 * 400 * 3);
	for (frame = 0; frame < 10; frame++) {
		struct hw_transfer_image dst = { fb[frame & 1], 240, 400, HW_COLOR_RGB8, false, false };
		struct hw_lcd_source show = source(fb[frame & 1], 240, 400, 3);

		ck_assert_int_eq(hw_gpu_fill(&gpu, 0, color, 240 * 400 * 4, frame, 32), HW_OK);
		ck_assert_int_eq(hw_gpu_display_transfer(&gpu, &src, &dst, 0, false), HW_OK);
		finish_queued_work();
		hw_gpu_set_display(&gpu, HW_LCD_UPPER, &show);
		wait_vsync();
	}
	ck_assert_uint_eq(hw_gpu_frames(&gpu), 10);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_FILL0_WRITE], 10 * 24000);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_POST_TRANSFER_WRITE], 10 * 18000);
	/* frame 0 showed nothing; frames 1..9 one buffer each */
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_LCD_UPPER_READ], 9 * 18000);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_B_READ], 9 * 18000);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_A_READ], 10 * 24000);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_B_WRITE], 10 * 18000);
	ck_assert_uint_eq(gpu.counters.memory[HW_MEM_VRAM_A_WRITE], 10 * 24000);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("frame");
	TCase *tc = tcase_create("frame");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_lcd_scanout_counts_one_buffer_read_per_frame_for_each_format);
	tcase_add_test(tc, test_lcd_scanout_stereo_doubles_the_upper_screen_on_each_eyes_channel);
	tcase_add_test(tc, test_lcd_scanout_from_fcram_has_no_channel_word);
	tcase_add_test(tc, test_lcd_sixty_vsync_waits_see_exactly_sixty_frames);
	tcase_add_test(tc, test_lcd_swap_takes_effect_at_the_next_vblank);
	tcase_add_test(tc, test_lcd_swap_splits_a_long_wait_at_the_first_vblank);
	tcase_add_test(tc, test_lcd_reset_shows_nothing_and_restarts_frames);
	tcase_add_test(tc, test_fill_counts_size_over_16_and_writes_the_pattern);
	tcase_add_test(tc, test_fill_16_bit_pattern_uses_the_low_half);
	tcase_add_test(tc, test_fill_pair_runs_in_parallel_and_lasts_the_longer);
	tcase_add_test(tc, test_fill_rejects_bad_requests_and_changes_nothing);
	tcase_add_test(tc, test_fill_of_any_vram_range_writes_every_buffer_in_it);
	tcase_add_test(tc, test_transfer_counts_land_at_the_end_of_the_work);
	tcase_add_test(tc, test_transfer_time_follows_the_rates);
	tcase_add_test(tc, test_dma_counts_word_17_only_and_no_channel_word);
	tcase_add_test(tc, test_cpu_read_counts_word_16_at_once_and_no_channel_word);
	tcase_add_test(tc, test_transfers_outside_memory_fault_without_effect);
	tcase_add_test(tc, test_display_transfer_untiles_and_converts_rgba8_to_rgb8);
	tcase_add_test(tc, test_display_transfer_converts_to_rgb565);
	tcase_add_test(tc, test_display_transfer_2x2_reads_four_times_the_destination);
	tcase_add_test(tc, test_display_transfer_2x1_halves_the_width_only);
	tcase_add_test(tc, test_display_transfer_yflip_mirrors_rows);
	tcase_add_test(tc, test_display_transfer_linear_to_tiled_round_trips);
	tcase_add_test(tc, test_texture_copy_copies_bytes_as_they_are);
	tcase_add_test(tc, test_frame_loop_clear_transfer_swap_wait);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
