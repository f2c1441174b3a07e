/* hw_fragment.h: the per-fragment operation module (and the early depth
 * test in front of it). Every fragment that reaches it counts on the
 * FRAGMENT counter; then the alpha, stencil and depth tests run against
 * real depth/stencil and colour buffers in simulated memory, and blending,
 * colour mask and writes decide which reads and writes happen. Buffer
 * traffic goes through framebuffer caches (hw_cache) in 16-byte units:
 * MEMORY_ACCESS words 6-9 and the VRAM channel words.
 *
 * Framebuffer layout (8x8 tiles "compatible with textures" and components
 * "in reverse byte order, most significant bits first": 3dbrew GPU/Internal
 * Registers, FRAMEBUFFER_BLOCK32 and COLORBUFFER_FORMAT; rows from the top:
 * as hw_texture.h, and as an emulator verified on hardware, flipping y
 * before addressing; FRAMEBUFFER_DIM bit 24, "vertical flip?" on 3dbrew, is
 * unverified and ignored):
 * - the buffer is cut into 8x8-pixel tiles, stored one after the other,
 *   tile rows from the TOP of the image (memory row r = height - 1 - y,
 *   y being the window row, y up), left to right inside a tile row;
 * - inside a tile the 64 pixels are in Morton (Z) order of (x, r): bit 0
 *   of the index is x bit 0, bit 1 is r bit 0, bit 2 x bit 1, bit 3 r bit
 *   1, bit 4 x bit 2, bit 5 r bit 2;
 * - a pixel takes the format's bytes, little-endian, components from the
 *   most significant bits down (RGBA8 is the word R<<24|G<<16|B<<8|A, so
 *   its bytes are A, B, G, R); D24S8 is the word S<<24|Z: three depth
 *   bytes, then the stencil byte.
 * The upper screen (400x240, seen rotated) is a 240-wide, 400-high buffer:
 * window x runs along the screen's short side; 30 tiles a tile row, 50
 * tile rows. Width and height must be multiples of 8.
 *
 * The 32x32 block mode (FRAMEBUFFER_BLOCK32 bit 0 set; model choice, no
 * public source gives the order of the tiles inside a block): the buffer
 * is cut into 32x32-pixel blocks stored one after the other, block rows
 * from the top, left to right; inside a block the pixels are in Morton
 * order of (x, r) over 5 bits each, so each 8x8 tile is laid out as above
 * and the block's 16 tiles follow each other in Morton order of their
 * tile column and row (tile bits 6-9 of the index: column bit 0, row bit
 * 0, column bit 1, row bit 1). Width and height must be multiples of 32. */
#ifndef NNGX_HW_FRAGMENT_H
#define NNGX_HW_FRAGMENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hw_busy.h"      /* enum hw_status */
#include "hw_cache.h"
#include "hw_counters.h"
#include "hw_memory.h"
#include "hw_pixel.h"
#include "hw_raster.h"

#define HW_FRAMEBUFFER_TILE 8           /* 8x8 tiles (3dbrew) */
#define HW_FRAMEBUFFER_BLOCK32 32       /* the 32x32 block mode's blocks */
#define HW_FRAMEBUFFER_MAX_SIZE 1024    /* GPUREG_FRAMEBUFFER_DIM: 10-bit fields */


/* Depth buffer formats (GPUREG_DEPTHBUFFER_FORMAT, 3dbrew). */
enum hw_depth_format { HW_DEPTH_D16 = 0, HW_DEPTH_D24 = 2, HW_DEPTH_D24S8 = 3 };

/* Comparison functions in the PICA200's encoding (3dbrew). */
enum hw_compare {
	HW_CMP_NEVER = 0, HW_CMP_ALWAYS, HW_CMP_EQUAL, HW_CMP_NOTEQUAL,
	HW_CMP_LESS, HW_CMP_LEQUAL, HW_CMP_GREATER, HW_CMP_GEQUAL
};

/* Stencil operations in the PICA200's encoding (3dbrew). INCR and DECR
 * saturate at 255 and 0; the _WRAP ones wrap modulo 256. */
enum hw_stencil_op {
	HW_STENCIL_KEEP = 0, HW_STENCIL_ZERO, HW_STENCIL_REPLACE, HW_STENCIL_INCR,
	HW_STENCIL_DECR, HW_STENCIL_INVERT, HW_STENCIL_INCR_WRAP, HW_STENCIL_DECR_WRAP
};

/* What the colour stage does with the source and the buffer's pixel. */
enum hw_color_op { HW_COLOR_OP_WRITE = 0, HW_COLOR_OP_BLEND, HW_COLOR_OP_LOGIC };

/* Everything the module needs to know about one draw. */
struct hw_fragment_config {
	unsigned width, height;             /* both buffers, pixels */
	uint32_t color_phys;                /* 0: no colour buffer */
	enum hw_color_format color_format;
	uint32_t depth_phys;                /* 0: no depth/stencil buffer */
	enum hw_depth_format depth_format;
	/* FRAMEBUFFER_BLOCK32: both buffers in 32x32 blocks (the layout
	 * above). Such a draw takes the per-fragment path (the compiled and
	 * batched operations address 8x8 tiles only). */
	bool block32;

	bool alpha_test;
	enum hw_compare alpha_func;
	uint8_t alpha_ref;

	/* Passes when (ref & mask) func (stored & mask). Needs D24S8; with
	 * another depth format or no buffer the test passes and nothing is
	 * written (as in GL without a stencil buffer). */
	bool stencil_test;
	enum hw_compare stencil_func;
	uint8_t stencil_ref, stencil_mask, stencil_write_mask;
	enum hw_stencil_op stencil_fail, stencil_zfail, stencil_zpass;

	/* As on the hardware (3dbrew): with the test disabled, depth_write
	 * still writes, as if the function were ALWAYS. A GL front end that
	 * wants GL's behaviour clears depth_write with the test. */
	bool depth_test;
	enum hw_compare depth_func;
	bool depth_write;

	/* The colour operation (B.9 of the fragment-pipeline sheet; see
	 * hw_fragment_process): HW_COLOR_OP_WRITE, the zero value, stores
	 * the source as it comes (blending with add, ONE, ZERO, or the logic
	 * op COPY); HW_COLOR_OP_BLEND blends as blend_func (a BLEND_FUNC
	 * register value, hw_regs.h) says, with blend_color the constant;
	 * HW_COLOR_OP_LOGIC applies logic_op (HW_REG_LOGICOP_*). */
	enum hw_color_op color_op;
	uint32_t blend_func;
	uint8_t blend_color[4];             /* R, G, B, A */
	unsigned logic_op;
	/* COLORBUFFER_READ allows reading the colour buffer: the operation
	 * reads the destination only then (and only when its result depends
	 * on it: hw_fragment_reads_dst). */
	bool color_read;
	unsigned color_mask;                /* bit 0 R .. bit 3 A */

	/* The early depth test runs (EARLYDEPTH_TEST1 and _TEST2). Its
	 * register codes (HW_REG_EARLYDEPTH_*: GEQUAL, GREATER, LEQUAL, LESS)
	 * are not hw_compare's; the draw translates them. A per-pixel buffer
	 * where the hardware's is said to be coarse: model choice. */
	bool early_depth;
	enum hw_compare early_depth_func;

	/* COLOR_OPERATION bits 0-1 (fragment-pipeline.md A.5, B.6, B.8).
	 * SHADOW: after the FRAGMENT count, each fragment runs the shadow
	 * write (hw_fragment_process_target) instead of the tests and the
	 * colour write; shadow_k and shadow_l are FRAGOP_SHADOW's float16
	 * halves. GAS: accumulation draws; the tests run as in GL mode
	 * (depth never written) and the colour pixel is read and written
	 * back unchanged: the density arithmetic is not public (model
	 * choice; the draw reports it as not modelled). Both run on the
	 * per-fragment path (hw_fragment_prepare compiles nothing). */
	enum hw_fragment_mode { HW_FRAGMENT_GL = 0, HW_FRAGMENT_GAS, HW_FRAGMENT_SHADOW } mode;
	float shadow_k, shadow_l;
};

/* What happened to the fragments of a draw. */
struct hw_fragment_counts {
	uint64_t early_rejected;            /* discarded before the module */
	uint64_t in;                        /* the FRAGMENT counter */
	uint64_t alpha_failed, stencil_failed, depth_failed;
	uint64_t depth_written;             /* fragments that wrote depth and/or stencil */
	uint64_t color_written;             /* fragments that wrote colour */
};

/* The module's storage across draws: one framebuffer cache for the depth/
 * stencil buffer and one for the colour buffer (tags only, hw_cache), and
 * the early depth buffer.
 *
 * Early depth (model choice): the module holds its own per-pixel buffer of
 * 24-bit depths, in no simulated memory (so it causes no MEMORY_ACCESS
 * traffic), set by hw_fragment_clear_early_depth. A fragment that fails
 * early_depth_func against it is discarded before the FRAGMENT counter; a
 * fragment that writes the depth buffer also writes its depth there.
 * Until it is cleared (or when the draw's size differs) the early test
 * passes every fragment and nothing is recorded. */
struct hw_fragment_state {
	struct hw_cache depth_cache;
	struct hw_cache color_cache;
	uint32_t *early_depth;              /* width * height, window rows bottom up */
	unsigned early_width, early_height;
};

/* Default framebuffer cache geometry (model choice; the real one is not
 * public): 16-byte lines (the MEMORY_ACCESS unit, so a fill or a write-back
 * is one counted access), 32 sets, 4 ways, LRU: 2 KiB a cache, eight tiles
 * of the widest formats (RGBA8, D24S8: 256 bytes a tile). The rasterizer
 * hands a tile's fragments over together, so one triangle fills and writes
 * back each line of a tile once. A line split by an edge shared with a
 * later triangle stays only if that triangle comes within the last eight
 * tiles or so; else it is filled and written again. */
void hw_fragment_cache_defaults(struct hw_cache_config *cfg);

/* Set up empty caches of geometry `cache` (NULL: the defaults) for both
 * buffers; the framebuffer caches always allocate writes without reading
 * the line (write_no_fill), whatever `cache` says. HW_ERROR_RANGE for a
 * bad geometry, HW_ERROR_NO_MEMORY when allocation fails. */
enum hw_status hw_fragment_state_init(struct hw_fragment_state *st,
				      const struct hw_cache_config *cache);
void hw_fragment_state_fini(struct hw_fragment_state *st);

/* Clear the early depth buffer of a width x height target to `depth`
 * (window depth, clamped to [0, 1]). HW_ERROR_RANGE for a bad size. */
enum hw_status hw_fragment_clear_early_depth(struct hw_fragment_state *st, unsigned width,
					     unsigned height, float depth);

/* Bytes a pixel of each format takes: 4, 3, 2, 2, 2 and 2, 3, 4; 0 for a
 * value outside the enum. */
unsigned hw_fragment_color_bytes(enum hw_color_format f);
unsigned hw_fragment_depth_bytes(enum hw_depth_format f);

/* Byte offset of window pixel (x, y) in a width x height buffer of
 * `bytes`-byte pixels (the tiled layout above). */
uint32_t hw_fragment_pixel_offset(unsigned x, unsigned y, unsigned width, unsigned height,
				  unsigned bytes);

/* The same in the 32x32 block layout when `block32` (width and height
 * multiples of 32), else hw_fragment_pixel_offset. */
uint32_t hw_fragment_pixel_offset_in(unsigned x, unsigned y, unsigned width, unsigned height,
				     unsigned bytes, bool block32);

/* Check a draw's configuration before its first fragment: HW_ERROR_RANGE
 * for a size that is 0, above HW_FRAMEBUFFER_MAX_SIZE or not a multiple of
 * 8 (of 32 in the 32x32 block mode), or an unknown format or function; HW_ERROR_FAULT when a buffer does not
 * lie inside one memory region. */
enum hw_status hw_fragment_check(const struct hw_fragment_config *cfg,
				 const struct hw_memory *mem);

/* One fragment from the rasterizer with its combiner colour `rgba` (8 bits
 * a channel): the early depth test, then (counted on `delta->fragment` and
 * counts->in) the alpha, stencil and depth tests, stencil and depth
 * writes, blending and the colour write, into the real buffer bytes. Cache
 * fills and write-backs add to delta's MEMORY_ACCESS words (6/7 depth and
 * stencil, 8/9 colour, and 0-3 by where the buffer lives).
 *
 * Reads (model choice, what the hardware must know): the depth/stencil
 * pixel is read when the depth test or the stencil test runs; the colour
 * pixel when the colour operation reads it (hw_fragment_reads_dst), or
 * when the colour mask keeps some of the format's channels but not all
 * (the kept ones must be merged); nothing when the mask is 0. Writes:
 * depth when the tests pass and depth_write is set, the stencil byte when
 * the chosen operation is not KEEP and the write mask is not 0, colour
 * when a mask bit of the format is set.
 *
 * The colour is hw_fragment_color_combine's, with the pixel as the
 * destination when it is read and (0, 0, 0, 0) when it is not (model
 * choice: only a hand-written command list can blend with the
 * destination while COLORBUFFER_READ is off; the SDK driver opens reads
 * whenever the operation needs them). HW_ERROR_FAULT when the fragment is
 * outside the target or its pixel outside memory (nothing changes then). */
enum hw_status hw_fragment_process(const struct hw_fragment_config *cfg,
				   struct hw_fragment_state *st, struct hw_memory *mem,
				   const struct hw_fragment *f, const uint8_t rgba[4],
				   struct hw_counters *delta, struct hw_fragment_counts *counts);

/* The shadow write of one fragment (mode SHADOW, fragment-pipeline.md
 * B.8) on an RGBA8 pixel word (bytes A, B, G, R: stored depth D = A <<
 * 16 | B << 8 | G, intensity I = R), at window depth `depth` with the
 * combiner's green byte `s`. z = floor(depth x 0xFFFFFF) (depth clamped
 * to [0, 1]); z >= D: nothing; s == 0: the depth bytes take z; else s' =
 * s / (k + l z / D), clamped to 0..255 and truncated (in float, where
 * Citra rounds to float16: model choice), replaces I when below it.
 * Returns true when the pixel changed. Reads and writes nothing else. */
bool hw_fragment_shadow_write(uint8_t pixel[4], float depth, uint8_t s, float k, float l);

/* The colour operation that COLOR_OPERATION bit 8 (`blend`: set to
 * blend, clear for the logic op), BLEND_FUNC and LOGIC_OP describe:
 * HW_COLOR_OP_WRITE for those that store the source as it is (blending
 * with add, ONE, ZERO for both colour and alpha; the logic op COPY). */
enum hw_color_op hw_fragment_color_op(bool blend, uint32_t blend_func, unsigned logic_op);

/* Whether the configuration's colour operation reads the colour buffer:
 * its result depends on the destination (hw_reg_blend_needs_dst,
 * hw_reg_logic_op_needs_dst) and cfg->color_read allows the read. A
 * partial colour mask reads the pixel as well (hw_fragment_process). */
bool hw_fragment_reads_dst(const struct hw_fragment_config *cfg);

/* The colour operation on one pixel, in the hardware's 8-bit arithmetic
 * (fragment-pipeline sheet, B.9): `src` the combiner's colour, `dst` the
 * buffer's pixel as 8 bits a channel, `out` the result before the colour
 * mask, all R, G, B, A. Reads only its arguments.
 *
 * Blending: each factor is a value 0..255 (ONE 255; "one minus x" is 255
 * - x; the constants from blend_color; SRC_ALPHA_SATURATE is min(source
 * alpha, 255 - destination alpha) for R, G, B and 255 for alpha; the
 * unlisted code 15 acts as ONE, model choice). With P = src x its
 * factor and Q = dst x its factor, a channel is (P + Q) / 255 for add,
 * (P - Q) / 255 for subtract, (Q - P) / 255 for reverse subtract,
 * min(P, Q) / 255 and max(P, Q) / 255 for min and max (the factors apply
 * to min and max too, unlike desktop GL: model choice, the sheet's
 * open question 13), rounded down and clamped to 0..255; equation codes
 * 5-7 act as add. R, G and B use the RGB equation and factors, alpha
 * its own.
 *
 * Logic op: the operation on each channel's 8 bits, alpha included
 * (model choice for the 16-bit formats: the operation on the pixel
 * expanded to 8 bits, then cut to the format's bits again). */
void hw_fragment_color_combine(const struct hw_fragment_config *cfg, const uint8_t src[4],
			       const uint8_t dst[4], uint8_t out[4]);

/* Where the line traffic of one buffer is counted (hw_fragment_prepare):
 * its source words, and the channel words of every line of it when the
 * buffer lies in one VRAM channel (-1: found line by line). */
struct hw_fragment_words {
	enum hw_memory_word rd, wr;
	int channel_rd, channel_wr;
	uint32_t lo, bytes;             /* the buffer; bytes 0: none */
};

/* The buffers of a draw, looked up once (hw_fragment_prepare): the host
 * bytes of a whole buffer when it lies inside one memory region, else
 * NULL, and then each pixel is looked up as hw_fragment_process does.
 *
 * With them, what the configuration decides for every fragment of the
 * draw (the compiled operations): when every buffer the draw has is
 * prepared and its format and functions are valid, hw_fragment_process_
 * target runs a path that only does what this draw needs, with the same
 * tests, the same cache accesses in the same order and the same bytes. */
struct hw_fragment_target {
	uint8_t *color_host;
	uint8_t *depth_host;
	bool compiled;                  /* the path above applies */
	unsigned tiles_per_row;         /* width / 8 */
	unsigned depth_bytes, depth_len;        /* the pixel; its depth bytes (2 or 3) */
	unsigned color_bytes;
	/* An access to the pixel stays inside one cache line: pixels of 2
	 * and 4 bytes (lines are 16..64 bytes); a 3-byte one may cross. */
	bool depth_one_line, color_one_line;
	bool stencil_on;                /* stencil test with a D24S8 buffer */
	bool depth_read;                /* the depth test or the stencil test runs */
	bool color_read;                /* the operation reads, or a partial colour mask */
	/* The colour is stored as it comes: no read, HW_COLOR_OP_WRITE. */
	bool color_plain;
	unsigned color_mask;            /* cfg->color_mask & the format's channels */
	/* hw_fragment_process_batch may be used: compiled, and the depth and
	 * colour buffers share no byte. */
	bool batch;
	struct hw_fragment_words depth_words, color_words;
};

void hw_fragment_prepare(const struct hw_fragment_config *cfg, struct hw_memory *mem,
			 struct hw_fragment_target *tg);

/* hw_fragment_process with the buffers prepared: the same results. */
enum hw_status hw_fragment_process_target(const struct hw_fragment_config *cfg,
					  const struct hw_fragment_target *tg,
					  struct hw_fragment_state *st, struct hw_memory *mem,
					  const struct hw_fragment *f, const uint8_t rgba[4],
					  struct hw_counters *delta,
					  struct hw_fragment_counts *counts);

/* Fragments f[which[k]], k < n, with combiner colours rgba[k], as
 * hw_fragment_process_target on each in turn: the same counts, traffic
 * and bytes. For a target prepared with tg->batch, and fragments inside
 * the target (so none faults). Each fragment's tests and writes are done
 * before the next one's, so two fragments at one pixel (of two triangles
 * in one batch) see each other as they would one by one. Only their
 * position and depth are read. */
void hw_fragment_process_batch(const struct hw_fragment_config *cfg,
			       const struct hw_fragment_target *tg, struct hw_fragment_state *st,
			       const struct hw_fragment *f, const uint8_t *which,
			       const uint8_t (*rgba)[4], unsigned n, struct hw_counters *delta,
			       struct hw_fragment_counts *counts);

/* True when the byte ranges [a, a + a_len) and [b, b + b_len) share a
 * byte (NULL or empty ranges share none). */
bool hw_fragment_bytes_overlap(const uint8_t *a, size_t a_len, const uint8_t *b, size_t b_len);

/* True when the early depth test lets `f` through (or does not run). The
 * draw asks before texturing: a fragment it rejects costs the texture,
 * lighting and combiner stages nothing. No side effects. */
bool hw_fragment_early_pass(const struct hw_fragment_config *cfg,
			    const struct hw_fragment_state *st, const struct hw_fragment *f);

/* FRAMEBUFFER_FLUSH (0x111): write every dirty line of both caches back
 * (words 7 and 9 and the channel words); the lines stay, clean. */
void hw_fragment_flush(struct hw_fragment_state *st, struct hw_counters *delta);

/* FRAMEBUFFER_INVALIDATE (0x110): forget every line without writing it.
 * The bytes are in memory already (the functional side writes memory
 * directly), so a dirty line dropped here loses only its write-back.
 * Model choice for the draw: end each draw with a flush and an
 * invalidate, so that a draw's traffic depends on that draw only. */
void hw_fragment_invalidate(struct hw_fragment_state *st);

#endif
