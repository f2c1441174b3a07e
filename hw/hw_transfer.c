/* hw_transfer.c: post transfer (display transfer, texture copy), memory
 * fill, CPU-side DMA and CPU reads over simulated memory: the bytes, the
 * 16-byte access counts and the durations. Scheduling in virtual time is
 * hw_gpu's. */
#include <stdlib.h>
#include <string.h>

#include "hw_alloc.h"
#include "hw_fragment.h"
#include "hw_transfer.h"

#define TRANSFER_ADDRESS_ALIGN 8u       /* registers hold address >> 3 (3dbrew) */
#define FILL_ALIGN 16u                  /* nngxAddMemoryFillCommand: 16-byte aligned, size x16 */
#define TRANSFER_MAX_SIDE 0xFFFFu       /* dimension fields are 16 bits (3dbrew) */

/* ---- time and counts ---------------------------------------------------- */

uint64_t hw_transfer_clocks(uint64_t bytes, unsigned rate_mib)
{
	uint64_t per_second = (uint64_t)rate_mib * HW_TRANSFER_MIB;

	if (per_second == 0)
		return 0;
	/* Split so that no product overflows: bytes = q * per_second + rem. */
	return bytes / per_second * HW_CLOCK_HZ
	       + (bytes % per_second * HW_CLOCK_HZ + per_second - 1) / per_second;
}

void hw_transfer_rates_defaults(struct hw_transfer_rates *rates)
{
	rates->post_from_vram = HW_RATE_POST_FROM_VRAM_MIB;
	rates->post_fcram_to_vram = HW_RATE_POST_TO_VRAM_MIB;
	rates->post_fcram_to_fcram = HW_RATE_POST_FCRAM_TO_FCRAM_MIB;
	rates->dma_from_vram = HW_RATE_DMA_FROM_VRAM_MIB;
	rates->dma_fcram_to_vram = HW_RATE_DMA_TO_VRAM_MIB;
	rates->dma_fcram_to_fcram = HW_RATE_DMA_FCRAM_TO_FCRAM_MIB;
	rates->fill = HW_RATE_FILL_MIB;
}

/* Whether physical address phys lies in FCRAM (the rates differ from
 * VRAM). */
static bool in_fcram(uint32_t phys)
{
	return hw_memory_area_of(phys) == HW_AREA_FCRAM;
}

unsigned hw_transfer_post_rate(const struct hw_transfer_rates *rates, uint32_t src_phys,
			       uint32_t dst_phys)
{
	if (!in_fcram(src_phys))
		return rates->post_from_vram;
	return in_fcram(dst_phys) ? rates->post_fcram_to_fcram : rates->post_fcram_to_vram;
}

unsigned hw_transfer_dma_rate(const struct hw_transfer_rates *rates, uint32_t src_phys,
			      uint32_t dst_phys)
{
	if (!in_fcram(src_phys))
		return rates->dma_from_vram;
	return in_fcram(dst_phys) ? rates->dma_fcram_to_fcram : rates->dma_fcram_to_vram;
}

uint32_t hw_transfer_accesses(uint64_t bytes)
{
	return (uint32_t)((bytes + HW_MEMORY_ACCESS_BYTES - 1) / HW_MEMORY_ACCESS_BYTES);
}

/* ---- pixels ------------------------------------------------------------- */

/* Byte offset of pixel x of memory row r (rows in memory order). */
static uint32_t image_pixel_offset(const struct hw_transfer_image *img, unsigned x, unsigned r,
				   unsigned bytes)
{
	if (img->tiled)
		return hw_fragment_pixel_offset_in(x, img->height - 1 - r, img->width, img->height,
						   bytes, img->block32);
	return ((uint32_t)r * img->width + x) * bytes;
}

/* ---- display transfer --------------------------------------------------- */

uint64_t hw_transfer_image_bytes(const struct hw_transfer_image *img)
{
	uint64_t rows = img->height;

	if (img->tiled)
		rows = (rows + HW_FRAMEBUFFER_TILE - 1) / HW_FRAMEBUFFER_TILE * HW_FRAMEBUFFER_TILE;
	return (uint64_t)img->width * rows * hw_pixel_bytes((enum hw_color_format)img->format);
}

/* Bytes of the pixels a transfer reads (the destination's pixels times the
 * scale, in source pixels) or writes. */
static uint64_t image_pixel_bytes(unsigned width, unsigned height, unsigned format)
{
	return (uint64_t)width * height * hw_pixel_bytes((enum hw_color_format)format);
}

/* Whether an image can be transferred: a known pixel format, sides of 1 to
 * TRANSFER_MAX_SIDE, an aligned address, a width in whole tiles when tiled,
 * and a size that fits 32 bits. Reads img only. */
static bool image_shape_ok(const struct hw_transfer_image *img)
{
	if (!hw_pixel_bytes((enum hw_color_format)img->format) || img->width == 0 || img->height == 0
	    || img->width > TRANSFER_MAX_SIDE || img->height > TRANSFER_MAX_SIDE
	    || img->phys % TRANSFER_ADDRESS_ALIGN != 0)
		return false;
	if (img->tiled && img->width % HW_FRAMEBUFFER_TILE)
		return false;
	if (img->tiled && img->block32
	    && (img->width % HW_FRAMEBUFFER_BLOCK32 || img->height % HW_FRAMEBUFFER_BLOCK32))
		return false;
	return hw_transfer_image_bytes(img) <= UINT32_MAX;
}

enum hw_status hw_transfer_display_check(const struct hw_memory *mem,
					 const struct hw_transfer_image *src,
					 const struct hw_transfer_image *dst, unsigned aa)
{
	unsigned sx = aa == HW_TRANSFER_AA_NONE ? 1 : 2;
	unsigned sy = aa == HW_TRANSFER_AA_2X2 ? 2 : 1;

	if (!src || !dst || aa > HW_TRANSFER_AA_2X2 || !image_shape_ok(src) || !image_shape_ok(dst))
		return HW_ERROR_RANGE;
	if (src->width < (uint64_t)dst->width * sx || src->height < (uint64_t)dst->height * sy)
		return HW_ERROR_RANGE;
	if (!hw_memory_host(mem, src->phys, (uint32_t)hw_transfer_image_bytes(src))
	    || !hw_memory_host(mem, dst->phys, (uint32_t)hw_transfer_image_bytes(dst)))
		return HW_ERROR_FAULT;
	return HW_OK;
}

/* Whether [a, a + a_size) and [b, b + b_size) share a byte; sizes are 64-bit
 * so that the ends do not wrap. */
static bool ranges_overlap(uint32_t a, uint64_t a_size, uint32_t b, uint64_t b_size)
{
	return a < b + b_size && b < a + a_size;
}

enum hw_status hw_transfer_display(struct hw_memory *mem, const struct hw_transfer_rates *rates,
				   const struct hw_transfer_image *src,
				   const struct hw_transfer_image *dst, unsigned aa, bool yflip,
				   struct hw_counters *delta, uint64_t *clocks)
{
	enum hw_status st = hw_transfer_display_check(mem, src, dst, aa);
	enum hw_color_format in, out;
	unsigned in_bytes, out_bytes;
	unsigned sx, sy, n, x, r, i, j, k;
	uint64_t src_bytes, dst_bytes;
	const uint8_t *from;
	uint8_t *copy = NULL, *to;

	if (st != HW_OK)
		return st;
	in = (enum hw_color_format)src->format;
	out = (enum hw_color_format)dst->format;
	in_bytes = hw_pixel_bytes(in);
	out_bytes = hw_pixel_bytes(out);
	sx = aa == HW_TRANSFER_AA_NONE ? 1 : 2;
	sy = aa == HW_TRANSFER_AA_2X2 ? 2 : 1;
	n = sx * sy;
	src_bytes = hw_transfer_image_bytes(src);
	dst_bytes = hw_transfer_image_bytes(dst);
	from = hw_memory_host(mem, src->phys, (uint32_t)src_bytes);
	to = hw_memory_host(mem, dst->phys, (uint32_t)dst_bytes);
	if (ranges_overlap(src->phys, src_bytes, dst->phys, dst_bytes)) {
		copy = hw_malloc((size_t)src_bytes);
		if (!copy)
			return HW_ERROR_NO_MEMORY;
		memcpy(copy, from, (size_t)src_bytes);
		from = copy;
	}

	for (r = 0; r < dst->height; r++) {
		unsigned block = yflip ? dst->height - 1 - r : r;   /* source rows block*sy.. */
		for (x = 0; x < dst->width; x++) {
			unsigned sum[4] = { 0, 0, 0, 0 };
			uint8_t c[4];

			for (j = 0; j < sy; j++)
				for (i = 0; i < sx; i++) {
					uint32_t at = image_pixel_offset(src, x * sx + i,
									 block * sy + j, in_bytes);
					hw_pixel_decode(in, from + at, c);
					for (k = 0; k < 4; k++)
						sum[k] += c[k];
				}
			for (k = 0; k < 4; k++)
				c[k] = (uint8_t)((sum[k] + n / 2) / n);
			hw_pixel_encode(out, c, to + image_pixel_offset(dst, x, r, out_bytes));
		}
	}
	free(copy);

	/* What was read and written: the whole images unless cropped. */
	src_bytes = image_pixel_bytes(dst->width * sx, dst->height * sy, src->format);
	dst_bytes = image_pixel_bytes(dst->width, dst->height, dst->format);
	hw_memory_count(delta, HW_MEM_POST_TRANSFER_READ, src->phys, false,
			hw_transfer_accesses(src_bytes));
	hw_memory_count(delta, HW_MEM_POST_TRANSFER_WRITE, dst->phys, true,
			hw_transfer_accesses(dst_bytes));
	*clocks += hw_transfer_clocks(src_bytes > dst_bytes ? src_bytes : dst_bytes,
				      hw_transfer_post_rate(rates, src->phys, dst->phys));
	return HW_OK;
}

/* ---- texture copy ------------------------------------------------------- */

enum hw_status hw_transfer_copy_check(const struct hw_memory *mem, uint32_t src, uint32_t dst,
				      uint32_t size)
{
	if (size == 0)
		return HW_OK;
	if (src % TRANSFER_ADDRESS_ALIGN || dst % TRANSFER_ADDRESS_ALIGN)
		return HW_ERROR_RANGE;
	if (!hw_memory_host(mem, src, size) || !hw_memory_host(mem, dst, size))
		return HW_ERROR_FAULT;
	return HW_OK;
}

enum hw_status hw_transfer_copy(struct hw_memory *mem, const struct hw_transfer_rates *rates,
				uint32_t src, uint32_t dst, uint32_t size, struct hw_counters *delta, uint64_t *clocks)
{
	enum hw_status st = hw_transfer_copy_check(mem, src, dst, size);

	if (st != HW_OK || size == 0)
		return st;
	memmove(hw_memory_host(mem, dst, size), hw_memory_host(mem, src, size), size);
	hw_memory_count(delta, HW_MEM_POST_TRANSFER_READ, src, false, hw_transfer_accesses(size));
	hw_memory_count(delta, HW_MEM_POST_TRANSFER_WRITE, dst, true, hw_transfer_accesses(size));
	*clocks += hw_transfer_clocks(size, hw_transfer_post_rate(rates, src, dst));
	return HW_OK;
}

/* ---- block copy --------------------------------------------------------- */

uint64_t hw_block_copy_span(uint32_t unit, uint32_t gap, uint32_t size)
{
	uint64_t units;

	if (size == 0 || unit == 0)
		return 0;
	units = ((uint64_t)size + unit - 1) / unit;     /* the last may be partial */
	if (units > 1 && (uint64_t)unit + gap > UINT64_MAX / 2 / (units - 1))
		return UINT64_MAX;                      /* far past any region */
	return (units - 1) * ((uint64_t)unit + gap) + (size - (units - 1) * unit);
}

/* Whether one side of a block copy is legal: an aligned address and a unit
 * and gap in whole memory accesses (HW_MEMORY_ACCESS_BYTES), unit not 0. */
static bool block_side_ok(uint32_t phys, uint32_t unit, uint32_t gap)
{
	return phys % TRANSFER_ADDRESS_ALIGN == 0 && unit >= HW_MEMORY_ACCESS_BYTES
	       && unit % HW_MEMORY_ACCESS_BYTES == 0 && gap % HW_MEMORY_ACCESS_BYTES == 0;
}

enum hw_status hw_transfer_block_copy_check(const struct hw_memory *mem,
					    const struct hw_block_copy *c)
{
	uint64_t src_span, dst_span;

	if (!c)
		return HW_ERROR_RANGE;
	if (c->size == 0)
		return HW_OK;
	if (c->size % HW_MEMORY_ACCESS_BYTES || !block_side_ok(c->src, c->src_unit, c->src_gap)
	    || !block_side_ok(c->dst, c->dst_unit, c->dst_gap))
		return HW_ERROR_RANGE;
	src_span = hw_block_copy_span(c->src_unit, c->src_gap, c->size);
	dst_span = hw_block_copy_span(c->dst_unit, c->dst_gap, c->size);
	if (src_span > UINT32_MAX || dst_span > UINT32_MAX
	    || !hw_memory_host(mem, c->src, (uint32_t)src_span)
	    || !hw_memory_host(mem, c->dst, (uint32_t)dst_span))
		return HW_ERROR_FAULT;
	return HW_OK;
}

enum hw_status hw_transfer_block_copy(struct hw_memory *mem, const struct hw_transfer_rates *rates,
				      const struct hw_block_copy *c, struct hw_counters *delta, uint64_t *clocks)
{
	enum hw_status st = hw_transfer_block_copy_check(mem, c);
	uint32_t src_span, dst_span, done = 0, in = 0, out = 0, in_left, out_left;
	const uint8_t *from;
	uint8_t *to, *copy = NULL;

	if (st != HW_OK || c->size == 0)
		return st;
	src_span = (uint32_t)hw_block_copy_span(c->src_unit, c->src_gap, c->size);
	dst_span = (uint32_t)hw_block_copy_span(c->dst_unit, c->dst_gap, c->size);
	from = hw_memory_host(mem, c->src, src_span);
	to = hw_memory_host(mem, c->dst, dst_span);
	if (ranges_overlap(c->src, src_span, c->dst, dst_span)) {
		copy = hw_malloc(src_span);
		if (!copy)
			return HW_ERROR_NO_MEMORY;
		memcpy(copy, from, src_span);
		from = copy;
	}
	/* The stream, in pieces that end at a unit boundary of either side. */
	in_left = c->src_unit;
	out_left = c->dst_unit;
	while (done < c->size) {
		uint32_t n = c->size - done;

		if (n > in_left)
			n = in_left;
		if (n > out_left)
			n = out_left;
		memcpy(to + out, from + in, n);
		done += n;
		in += n;
		out += n;
		in_left -= n;
		out_left -= n;
		if (in_left == 0) {
			in += c->src_gap;
			in_left = c->src_unit;
		}
		if (out_left == 0) {
			out += c->dst_gap;
			out_left = c->dst_unit;
		}
	}
	free(copy);
	hw_memory_count(delta, HW_MEM_POST_TRANSFER_READ, c->src, false,
			hw_transfer_accesses(c->size));
	hw_memory_count(delta, HW_MEM_POST_TRANSFER_WRITE, c->dst, true,
			hw_transfer_accesses(c->size));
	*clocks += hw_transfer_clocks(c->size, hw_transfer_post_rate(rates, c->src, c->dst));
	return HW_OK;
}

/* ---- memory fill -------------------------------------------------------- */

enum hw_status hw_transfer_fill_check(const struct hw_memory *mem, unsigned channel,
				      const struct hw_fill *f)
{
	if (channel >= HW_FILL_CHANNELS || !f)
		return HW_ERROR_RANGE;
	if (f->size == 0 || f->phys == 0)
		return HW_OK;           /* channel not used */
	if ((f->width_bits != 16 && f->width_bits != 24 && f->width_bits != 32)
	    || f->phys % FILL_ALIGN || f->size % FILL_ALIGN)
		return HW_ERROR_RANGE;
	if (f->any_vram)
		return hw_memory_in_one_channel(f->phys, f->size) ? HW_OK : HW_ERROR_FAULT;
	if (!hw_memory_host(mem, f->phys, f->size))
		return HW_ERROR_FAULT;
	if (hw_memory_area_of(f->phys) == HW_AREA_FCRAM)
		return HW_ERROR_RANGE;  /* the fill engines reach VRAM only (SDK reference) */
	return HW_OK;
}

enum hw_status hw_transfer_fill(struct hw_memory *mem, const struct hw_transfer_rates *rates,
				unsigned channel, const struct hw_fill *f, struct hw_counters *delta, uint64_t *clocks)
{
	enum hw_status st = hw_transfer_fill_check(mem, channel, f);
	unsigned pattern_bytes;
	uint8_t pattern[4];
	uint32_t i;

	if (st != HW_OK || f->size == 0 || f->phys == 0)
		return st;
	pattern_bytes = f->width_bits / 8;
	for (i = 0; i < 4; i++)
		pattern[i] = (uint8_t)(f->value >> (8 * i));
	hw_memory_pattern(mem, f->phys, f->size, pattern, pattern_bytes);
	hw_memory_count(delta, channel == 0 ? HW_MEM_FILL0_WRITE : HW_MEM_FILL1_WRITE, f->phys,
			true, f->size / HW_MEMORY_ACCESS_BYTES);
	*clocks += hw_transfer_clocks(f->size, rates->fill);
	return HW_OK;
}

/* ---- DMA and CPU reads -------------------------------------------------- */

/* Where the DMA engine reads or writes [phys, phys + size): a buffer, or
 * in flat memory any range inside one area (the CPU side's engine reaches
 * all of memory, buffer or not). */
static void *dma_span(const struct hw_memory *mem, uint32_t phys, uint32_t size)
{
	void *host = hw_memory_host(mem, phys, size);

	return host ? host : hw_memory_flat_host(mem, phys, size);
}

enum hw_status hw_transfer_dma_check(const struct hw_memory *mem, uint32_t src, uint32_t dst,
				     uint32_t size)
{
	if (size == 0)
		return HW_OK;
	if (!dma_span(mem, src, size) || !dma_span(mem, dst, size))
		return HW_ERROR_FAULT;
	return HW_OK;
}

/* The counts and time of a DMA of `size` bytes from `src` to `dst`. */
static void dma_account(const struct hw_transfer_rates *rates, uint32_t src, uint32_t dst,
			uint32_t size, struct hw_counters *delta, uint64_t *clocks)
{
	hw_memory_count(delta, HW_MEM_CPU_DMA_WRITE, dst, true, hw_transfer_accesses(size));
	*clocks += hw_transfer_clocks(size, hw_transfer_dma_rate(rates, src, dst));
}

enum hw_status hw_transfer_dma(struct hw_memory *mem, const struct hw_transfer_rates *rates,
			       uint32_t src, uint32_t dst, uint32_t size, struct hw_counters *delta,
			       uint64_t *clocks)
{
	enum hw_status st = hw_transfer_dma_check(mem, src, dst, size);

	if (st != HW_OK || size == 0)
		return st;
	memmove(dma_span(mem, dst, size), dma_span(mem, src, size), size);
	dma_account(rates, src, dst, size, delta, clocks);
	return HW_OK;
}

enum hw_status hw_transfer_dma_in(struct hw_memory *mem, const struct hw_transfer_rates *rates,
				  uint32_t dst, uint32_t size,
				  bool (*read)(void *user, void *to, uint32_t size), void *user,
				  struct hw_counters *delta, uint64_t *clocks)
{
	void *to;

	if (size == 0)
		return HW_OK;
	to = dma_span(mem, dst, size);
	if (!to || !read(user, to, size))
		return HW_ERROR_FAULT;
	dma_account(rates, HW_FCRAM_BASE, dst, size, delta, clocks);
	return HW_OK;
}

enum hw_status hw_transfer_cpu_read(const struct hw_memory *mem, uint32_t phys, void *out,
				    uint32_t size, struct hw_counters *delta)
{
	const void *from;

	if (size == 0)
		return HW_OK;
	if (!out)
		return HW_ERROR_RANGE;
	from = hw_memory_host(mem, phys, size);
	if (!from)
		return HW_ERROR_FAULT;
	memcpy(out, from, size);
	hw_memory_count(delta, HW_MEM_CPU_READ, phys, false, hw_transfer_accesses(size));
	return HW_OK;
}
