/* hw_transfer.h: the engines outside the 3D pipeline: post transfer
 * (display transfer and texture copy, words 12/13), the two memory-fill
 * channels (words 14/15), DMA from the CPU side into VRAM (word 17) and CPU
 * reads of VRAM (word 16). They do the copy or fill for real in simulated
 * memory, count 16-byte accesses (and the channel words of VRAM), and take
 * the time the measured rates give. They raise none of the eight busy
 * signals (doc/model.md, model choices). */
#ifndef NNGX_HW_TRANSFER_H
#define NNGX_HW_TRANSFER_H

#include <stdbool.h>
#include <stdint.h>

#include "hw_busy.h"
#include "hw_clock.h"
#include "hw_counters.h"
#include "hw_memory.h"

/* Rates in MiB/s by engine, source area and destination area: averages an
 * emulator took from hardware (Azahar's transfer delay generator; the
 * source kinds and values are in doc/calibration.md). VRAM means either
 * channel; FCRAM is main memory. */
#define HW_RATE_POST_FROM_VRAM_MIB        5400u  /* display transfer VRAM -> main; VRAM -> VRAM (model choice) */
#define HW_RATE_POST_TO_VRAM_MIB          3100u  /* texture copy main -> VRAM */
#define HW_RATE_POST_FCRAM_TO_FCRAM_MIB   450u   /* texture copy main -> main */
#define HW_RATE_DMA_FROM_VRAM_MIB         380u   /* DMA VRAM -> anywhere */
#define HW_RATE_DMA_TO_VRAM_MIB           310u   /* DMA main -> VRAM */
#define HW_RATE_DMA_FCRAM_TO_FCRAM_MIB    190u   /* DMA main -> main */
#define HW_RATE_FILL_MIB                  5400u  /* memory fill: not measured, the copy rate (guess) */
#define HW_TRANSFER_MIB                   1048576u

/* The rates the engines run at (config keys model.transfer.*, nngx.cfg(5)).
 * The post-transfer engine (display transfer, texture copy, block copy)
 * and the CPU-side DMA each pick a rate by source AND destination area:
 * from VRAM to anywhere, from main memory to VRAM, from main memory to
 * main memory. A display transfer uses the post-transfer table like a
 * copy (model choice: one engine; only VRAM -> main was measured for it). */
struct hw_transfer_rates {
	unsigned post_from_vram;        /* HW_RATE_POST_FROM_VRAM_MIB */
	unsigned post_fcram_to_vram;    /* HW_RATE_POST_TO_VRAM_MIB */
	unsigned post_fcram_to_fcram;   /* HW_RATE_POST_FCRAM_TO_FCRAM_MIB */
	unsigned dma_from_vram;         /* HW_RATE_DMA_FROM_VRAM_MIB */
	unsigned dma_fcram_to_vram;     /* HW_RATE_DMA_TO_VRAM_MIB */
	unsigned dma_fcram_to_fcram;    /* HW_RATE_DMA_FCRAM_TO_FCRAM_MIB */
	unsigned fill;                  /* HW_RATE_FILL_MIB */
};

void hw_transfer_rates_defaults(struct hw_transfer_rates *rates);

/* Durations: clocks = ceil(bytes * HW_CLOCK_HZ / (rate * 2^20)), the time
 * the bytes take at the rate on the model's 268 MHz clock, rounded up so
 * that any work takes at least one clock (a rate of 0 takes no time). */
uint64_t hw_transfer_clocks(uint64_t bytes, unsigned rate_mib);
/* The rate of a post transfer or a DMA from `src_phys` to `dst_phys`. */
unsigned hw_transfer_post_rate(const struct hw_transfer_rates *rates, uint32_t src_phys,
			       uint32_t dst_phys);
unsigned hw_transfer_dma_rate(const struct hw_transfer_rates *rates, uint32_t src_phys,
			      uint32_t dst_phys);

/* 16-byte accesses `bytes` bytes take, rounded up (mod 2^32). */
uint32_t hw_transfer_accesses(uint64_t bytes);

/* ---- display transfer (post transfer, words 12 and 13) ------------------
 *
 * 3dbrew, GPU/External Registers, Transfer Engine: the engine converts a
 * tiled colour buffer to a linear one (or back), converting between the
 * five colour formats, optionally halving the width (2x1) or both sides
 * (2x2) by averaging (anti-aliasing), optionally flipping vertically.
 *
 * Layouts. A tiled image is hw_fragment.h's: 8x8 tiles, tile rows from
 * the TOP of the window (memory row r is window row height - 1 - r),
 * Morton order inside a tile; or, with block32, its 32x32 blocks. A linear image is `height` lines of `width`
 * pixels one after the other, line 0 first. Without flip, memory row r of
 * the source becomes line r of the destination (the conversion keeps the
 * order of rows in memory); with flip, line height - 1 - r. Pixels keep
 * their byte order (little-endian words, components from the most
 * significant bits: RGB8 is stored B, G, R, the LCD's "BGR8").
 *
 * The display side (3dbrew, same page, LCD framebuffers: "drawn from
 * left-to-right, instead of top-to-bottom"): the screens are portrait
 * panels turned on their side, so a display buffer for the 400x240 upper
 * screen is 240 pixels wide and 400 lines high; line 0 is the screen's
 * leftmost column. A 240x400 render buffer therefore transfers to the
 * display buffer with the same width and height.
 *
 * Formats are enum hw_color_format codes (RGBA8 0, RGB8 1, RGB5A1 2,
 * RGB565 3, RGBA4 4; note the LCD register numbers RGB565 2 and RGB5A1 3).
 * Conversion (model choice, as hw_fragment): narrow components are widened
 * by bit replication, wide ones truncated; a format without alpha reads as
 * alpha 255. Anti-aliasing averages the 2 or 4 source pixels of each
 * destination pixel, per component, rounded to nearest ((sum + n/2) / n).
 *
 * Cropping (model choice): a source larger than the destination's size
 * times the scale gives its first columns and its first memory rows (the
 * top of a tiled image); the rest is not read. Same-layout transfers
 * (tiled to tiled: nngxFilterBlockImage) keep the tiling.
 *
 * Counts: the source pixels read and the destination written: ceil(bytes
 * / 16) of the destination's pixels times the scale, in source bytes, on
 * word 12 (and the read channel word of the source) and ceil(bytes / 16)
 * of the destination on word 13 (and the write channel word of the
 * destination); an uncropped source is read whole. A 2x2 transfer reads
 * 4 source pixels a destination pixel; flipping changes the order, not
 * the amount. Time (model choice): the larger of the bytes read and
 * written, at the post-transfer rate of the source and destination areas.
 *
 * Checks: aa 0 (none), 1 (2x1) or 2 (2x2); known formats; a destination
 * of at least 1x1 and a source of at least the destination's size times
 * the scale; tiled widths multiples of 8 (both sides multiples of 32 in
 * 32x32 blocks; a tiled 8x8 height that is not a
 * multiple of 8 ends in a partly used tile row: the image takes whole tile
 * rows of memory, model choice for nngxFilterBlockImage's halved heights);
 * addresses 8-byte aligned (the registers hold address >> 3), else
 * HW_ERROR_RANGE. HW_ERROR_FAULT when an image does not lie inside one
 * memory region. Overlapping images work as if the source were read
 * whole first. */
struct hw_transfer_image {
	uint32_t phys;
	unsigned width, height;         /* pixels */
	unsigned format;                /* enum hw_color_format */
	bool tiled;                     /* hw_fragment layout, else linear lines */
	/* With `tiled`: hw_fragment.h's 32x32 block layout (the transfer
	 * engine's block size 32), both sides multiples of 32; else 8x8. */
	bool block32;
};

enum hw_transfer_aa { HW_TRANSFER_AA_NONE = 0, HW_TRANSFER_AA_2X1, HW_TRANSFER_AA_2X2 };

/* Bytes of memory an image takes (0 for an unknown format): a tiled image
 * whole tile rows. */
uint64_t hw_transfer_image_bytes(const struct hw_transfer_image *img);

enum hw_status hw_transfer_display_check(const struct hw_memory *mem,
					 const struct hw_transfer_image *src,
					 const struct hw_transfer_image *dst, unsigned aa);

/* Do the transfer in memory; add its counts to `delta` and its duration to
 * *clocks. Checks first (as above) and changes nothing on error. */
enum hw_status hw_transfer_display(struct hw_memory *mem, const struct hw_transfer_rates *rates,
				   const struct hw_transfer_image *src,
				   const struct hw_transfer_image *dst, unsigned aa, bool yflip,
				   struct hw_counters *delta, uint64_t *clocks);

/* ---- texture copy (post transfer, words 12 and 13) ----------------------
 * The engine's raw mode (3dbrew: "no format conversions are done"): `size`
 * bytes copied as they are (line widths and gaps are not modelled).
 * ceil(size / 16) reads and writes; time from `size` at the post-transfer
 * rate of the two areas. size 0 does nothing. Addresses 8-byte
 * aligned, else HW_ERROR_RANGE; HW_ERROR_FAULT outside memory. */
enum hw_status hw_transfer_copy_check(const struct hw_memory *mem, uint32_t src, uint32_t dst,
				      uint32_t size);
enum hw_status hw_transfer_copy(struct hw_memory *mem, const struct hw_transfer_rates *rates,
				uint32_t src, uint32_t dst, uint32_t size,
				struct hw_counters *delta, uint64_t *clocks);

/* ---- block copy (post transfer, words 12 and 13) -----------------------
 * The texture-copy mode with gaps (nngxAddBlockImageCopyCommand): `size`
 * bytes go as they are from the source to the destination; the source is
 * read `src_unit` bytes at a time, `src_gap` bytes skipped after each unit,
 * and the destination written `dst_unit` bytes at a time with `dst_gap`
 * skipped (the two sides cut the stream independently; a gap of 0 is a
 * plain copy). Units and gaps are in 16-byte steps (3dbrew: the engine's
 * line width and gap fields count 16 bytes), units at least 16, size a
 * multiple of 16, addresses 8-byte aligned: else HW_ERROR_RANGE;
 * HW_ERROR_FAULT when a side's span (from its address to its last byte)
 * is not inside one memory region. Overlapping spans work as if the
 * source were read whole first. Counts size / 16 on word 12 (and the read
 * channel word) and on word 13 (and the write channel word); time from
 * `size` at the post-transfer rate of the two areas. size 0 does
 * nothing. */
struct hw_block_copy {
	uint32_t src, src_unit, src_gap;
	uint32_t dst, dst_unit, dst_gap;
	uint32_t size;
};

/* Bytes from the first to the last byte a side touches (0 for size 0). */
uint64_t hw_block_copy_span(uint32_t unit, uint32_t gap, uint32_t size);

enum hw_status hw_transfer_block_copy_check(const struct hw_memory *mem,
					    const struct hw_block_copy *c);
enum hw_status hw_transfer_block_copy(struct hw_memory *mem, const struct hw_transfer_rates *rates,
				      const struct hw_block_copy *c,
				      struct hw_counters *delta, uint64_t *clocks);

/* ---- memory fill (words 14 and 15) --------------------------------------
 * nngxAddMemoryFillCommand (CTR-SDK reference) and 3dbrew Memory Fill:
 * the pattern is bits [15:0], [23:0] or all of `value` for a width of 16,
 * 24 or 32 bits, repeated from `phys` until `size` bytes are written,
 * little-endian (so a 32-bit fill of R<<24|G<<16|B<<8|A clears an RGBA8
 * buffer, and S<<24|Z a D24S8 one). The start must be 16-byte aligned
 * and the size a multiple of 16; only VRAM can be filled ("It cannot fill
 * to main memory"): HW_ERROR_RANGE otherwise, HW_ERROR_FAULT outside any
 * buffer. Counts size / 16 writes on word 14 (channel 0) or 15 (channel 1)
 * and the channel write word; time from `size` at the fill rate. A
 * size of 0 (or a phys of 0, as the SDK's "channel not used") does
 * nothing.
 * `any_vram` (model choice, doc/model.md "VRAM window fills"): the range was
 * named through the VRAM banks' window (nngxGetVramStartAddr), not by a
 * buffer, so it need not lie inside one buffer, only inside one VRAM
 * channel (HW_ERROR_FAULT otherwise); the buffers it overlaps get the
 * pattern, VRAM no buffer holds is not simulated. Counts and time are
 * those of any fill of `size` bytes. */
#define HW_FILL_CHANNELS 2

struct hw_fill {
	uint32_t phys, size, value;
	unsigned width_bits;            /* 16, 24 or 32 */
	bool any_vram;                  /* see above */
};

enum hw_status hw_transfer_fill_check(const struct hw_memory *mem, unsigned channel,
				      const struct hw_fill *f);
enum hw_status hw_transfer_fill(struct hw_memory *mem, const struct hw_transfer_rates *rates,
				unsigned channel, const struct hw_fill *f,
				struct hw_counters *delta, uint64_t *clocks);

/* ---- DMA from the CPU side (word 17) ------------------------------------
 * `size` bytes copied from anywhere in memory (FCRAM or VRAM) to
 * anywhere. Counts ceil(size / 16) on word 17 and the write channel word of
 * the destination only: the source is read by the CPU-side DMA engine,
 * for which MEMORY_ACCESS has no word (model choice: no channel read word
 * either). Time from `size` at the DMA rate of the two areas. size 0
 * does nothing; HW_ERROR_FAULT outside memory (outside every buffer when
 * memory is region by region; outside one area when it is flat). */
enum hw_status hw_transfer_dma_check(const struct hw_memory *mem, uint32_t src, uint32_t dst,
				     uint32_t size);
enum hw_status hw_transfer_dma(struct hw_memory *mem, const struct hw_transfer_rates *rates,
			       uint32_t src, uint32_t dst, uint32_t size,
			       struct hw_counters *delta, uint64_t *clocks);

/* A DMA whose source is main memory the model does not simulate (the
 * program's own heap): `read` copies its `size` bytes into `to`, the
 * destination's bytes, and says whether it could. Counted and timed as a
 * DMA from FCRAM to `dst`. HW_ERROR_FAULT, with nothing counted, when the
 * destination is outside memory or `read` fails (then the destination
 * may be partly written, as a DMA cut short leaves it). */
enum hw_status hw_transfer_dma_in(struct hw_memory *mem, const struct hw_transfer_rates *rates,
				  uint32_t dst, uint32_t size,
				  bool (*read)(void *user, void *to, uint32_t size), void *user,
				  struct hw_counters *delta, uint64_t *clocks);

/* ---- CPU read (word 16) --------------------------------------------------
 * Copy `size` bytes at `phys` to `out`; ceil(size / 16) on word 16 and the
 * read channel word. Immediate: no GPU time. size 0 does nothing;
 * HW_ERROR_RANGE for a NULL `out`, HW_ERROR_FAULT outside memory. */
enum hw_status hw_transfer_cpu_read(const struct hw_memory *mem, uint32_t phys, void *out,
				    uint32_t size, struct hw_counters *delta);

#endif
