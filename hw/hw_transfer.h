/* hw_transfer.h: the engines outside the 3D pipeline: post transfer
 * (display transfer and texture copy, words 12/13), the two memory-fill
 * channels (words 14/15), DMA from the CPU side into VRAM (word 17) and CPU
 * reads of VRAM (word 16). They do the copy or fill for real in simulated
 * memory, count 16-byte accesses (and the channel words of VRAM), and take
 * the time the measured rates give. They raise none of the eight busy
 * signals (README, model choices). */
#ifndef NNGX_HW_TRANSFER_H
#define NNGX_HW_TRANSFER_H

#include <stdbool.h>
#include <stdint.h>

#include "hw_busy.h"
#include "hw_clock.h"
#include "hw_counters.h"
#include "hw_memory.h"

/* Measured rates (from an emulator; README, model choices), MiB/s. */
#define HW_RATE_DMA_TO_VRAM_MIB           310u   /* RAM -> VRAM */
#define HW_RATE_DMA_FROM_VRAM_MIB         380u   /* VRAM -> RAM, VRAM -> VRAM */
#define HW_RATE_POST_TO_VRAM_MIB          3100u  /* display transfer / copy RAM -> VRAM */
#define HW_RATE_POST_FROM_VRAM_MIB        5400u  /* VRAM -> RAM, VRAM -> VRAM */
#define HW_RATE_FILL_MIB                  5400u  /* memory fill: about the copy rate */
#define HW_TRANSFER_MIB                   1048576u

/* Durations: clocks = ceil(bytes * HW_CLOCK_HZ / (rate * 2^20)), the time
 * the bytes take at the measured rate on the model's 268 MHz clock,
 * rounded up so that any work takes at least one clock. The rate is chosen
 * by where the source lives (model choice: the table names RAM -> VRAM,
 * VRAM -> RAM and VRAM -> VRAM; RAM -> RAM takes the RAM-source rate). */
uint64_t hw_transfer_clocks(uint64_t bytes, unsigned rate_mib);
unsigned hw_transfer_post_rate(uint32_t src_phys);      /* 3100 from FCRAM, else 5400 */
unsigned hw_transfer_dma_rate(uint32_t src_phys);       /* 310 from FCRAM, else 380 */

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
 * Morton order inside a tile. A linear image is `height` lines of `width`
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
 * Counts: the whole source is read and the whole destination written:
 * ceil(bytes / 16) on word 12 (and the read channel word of the source)
 * and word 13 (and the write channel word of the destination). A 2x2
 * transfer reads 4 source pixels a destination pixel; flipping changes the
 * order, not the amount. Time (model choice): the larger of the bytes read
 * and written, at the post-transfer rate of the source's area.
 *
 * Checks: aa 0 (none), 1 (2x1) or 2 (2x2); known formats; a destination
 * of at least 1x1 and a source of exactly the destination's size times the
 * scale (no cropping or offsets: not modelled); tiled sides multiples of
 * 8; addresses 8-byte aligned (the registers hold address >> 3), else
 * HW_ERROR_RANGE. HW_ERROR_FAULT when an image does not lie inside one
 * memory region. Overlapping images work as if the source were read
 * whole first. */
struct hw_transfer_image {
	uint32_t phys;
	unsigned width, height;         /* pixels */
	unsigned format;                /* enum hw_color_format */
	bool tiled;                     /* hw_fragment layout, else linear lines */
};

enum hw_transfer_aa { HW_TRANSFER_AA_NONE = 0, HW_TRANSFER_AA_2X1, HW_TRANSFER_AA_2X2 };

/* Bytes an image takes (0 for an unknown format). */
uint64_t hw_transfer_image_bytes(const struct hw_transfer_image *img);

enum hw_status hw_transfer_display_check(const struct hw_memory *mem,
					 const struct hw_transfer_image *src,
					 const struct hw_transfer_image *dst, unsigned aa);

/* Do the transfer in memory; add its counts to `delta` and its duration to
 * *clocks. Checks first (as above) and changes nothing on error. */
enum hw_status hw_transfer_display(struct hw_memory *mem, const struct hw_transfer_image *src,
				   const struct hw_transfer_image *dst, unsigned aa, bool yflip,
				   struct hw_counters *delta, uint64_t *clocks);

/* ---- texture copy (post transfer, words 12 and 13) ----------------------
 * The engine's raw mode (3dbrew: "no format conversions are done"): `size`
 * bytes copied as they are (line widths and gaps are not modelled).
 * ceil(size / 16) reads and writes; time from `size` at the post-transfer
 * rate of the source's area. size 0 does nothing. Addresses 8-byte
 * aligned, else HW_ERROR_RANGE; HW_ERROR_FAULT outside memory. */
enum hw_status hw_transfer_copy_check(const struct hw_memory *mem, uint32_t src, uint32_t dst,
				      uint32_t size);
enum hw_status hw_transfer_copy(struct hw_memory *mem, uint32_t src, uint32_t dst, uint32_t size,
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
 * and the channel write word; time from `size` at HW_RATE_FILL_MIB. A
 * size of 0 (or a phys of 0, as the SDK's "channel not used") does
 * nothing. */
#define HW_FILL_CHANNELS 2

struct hw_fill {
	uint32_t phys, size, value;
	unsigned width_bits;            /* 16, 24 or 32 */
};

enum hw_status hw_transfer_fill_check(const struct hw_memory *mem, unsigned channel,
				      const struct hw_fill *f);
enum hw_status hw_transfer_fill(struct hw_memory *mem, unsigned channel, const struct hw_fill *f,
				struct hw_counters *delta, uint64_t *clocks);

/* ---- DMA from the CPU side (word 17) ------------------------------------
 * `size` bytes copied from anywhere in memory (FCRAM or VRAM) to
 * anywhere. Counts ceil(size / 16) on word 17 and the write channel word of
 * the destination only: the source is read by the CPU-side DMA engine,
 * for which MEMORY_ACCESS has no word (model choice: no channel read word
 * either). Time from `size` at the DMA rate of the source's area. size 0
 * does nothing; HW_ERROR_FAULT outside memory. */
enum hw_status hw_transfer_dma_check(const struct hw_memory *mem, uint32_t src, uint32_t dst,
				     uint32_t size);
enum hw_status hw_transfer_dma(struct hw_memory *mem, uint32_t src, uint32_t dst, uint32_t size,
			       struct hw_counters *delta, uint64_t *clocks);

/* ---- CPU read (word 16) --------------------------------------------------
 * Copy `size` bytes at `phys` to `out`; ceil(size / 16) on word 16 and the
 * read channel word. Immediate: no GPU time. size 0 does nothing;
 * HW_ERROR_RANGE for a NULL `out`, HW_ERROR_FAULT outside memory. */
enum hw_status hw_transfer_cpu_read(const struct hw_memory *mem, uint32_t phys, void *out,
				    uint32_t size, struct hw_counters *delta);

#endif
