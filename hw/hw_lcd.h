/* hw_lcd.h: the two LCD controllers. While virtual time passes, the upper
 * controller reads the displayed upper buffer (both eyes in stereo mode)
 * and the lower one the lower buffer, once per frame: MEMORY_ACCESS words
 * 10 and 11, plus the channel words of where the buffers live. Frames are
 * counted in closed form, so a long wait costs no more than a short one. */
#ifndef NNGX_HW_LCD_H
#define NNGX_HW_LCD_H

#include <stdbool.h>
#include <stdint.h>

#include "hw_clock.h"
#include "hw_counters.h"

/* One frame by default: 268,111,856 / 59.83 Hz rounded, the figure an
 * emulator uses, measured there on hardware (doc/calibration.md, T4); at
 * the model's 268 MHz this is 59.81 frames a second. The configuration's
 * model.lcd.frame_clocks changes it (hw_lcd_set_frame_clocks). */
#define HW_LCD_FRAME_CLOCKS 4481136u
/* The lengths model.lcd.frame_clocks accepts: 1 ms to 1 s. */
#define HW_LCD_FRAME_CLOCKS_MIN 268000u
#define HW_LCD_FRAME_CLOCKS_MAX 268000000u

enum hw_lcd_screen_id { HW_LCD_UPPER = 0, HW_LCD_LOWER, HW_LCD_SCREENS };

/* What a controller scans out. A screen without a buffer reads nothing. */
struct hw_lcd_source {
	uint32_t phys[2];               /* left (or only) eye, right eye; 0: none */
	unsigned width, height;         /* pixels of the buffer (240 x 400 upper) */
	unsigned bytes_per_pixel;       /* 4 RGBA8, 3 RGB8, 2 RGB565/RGB5A1/RGBA4 */
	bool stereo;                    /* upper screen: both eyes are read */
};

struct hw_lcd {
	struct hw_lcd_source shown[HW_LCD_SCREENS];   /* scanned out now */
	struct hw_lcd_source next[HW_LCD_SCREENS];    /* takes effect at the next vblank */
	bool swap_pending[HW_LCD_SCREENS];
	hw_clock_t counted_until;       /* frames before this clock are counted */
	uint64_t frames;                /* complete frames since power-on */
	/* Frames of frame_clocks clocks run from clock `origin`, a vblank (or
	 * power-on), before which origin_frames frames completed. */
	uint32_t frame_clocks;
	hw_clock_t origin;
	uint64_t origin_frames;
};

/* Frame k covers clocks [k * F, (k + 1) * F), F = frame_clocks (from
 * power-on, or from the vblank where F last changed); its vblank is its
 * end. Each complete frame reads every shown buffer once,
 * whole: width * height * bytes_per_pixel bytes an eye, rounded up to
 * 16-byte accesses, on word 10 (upper) or 11 (lower) and the channel read
 * word of the eye's address (hw_memory_count). The upper screen in stereo
 * reads both eyes; `stereo` means nothing on the lower screen, which has one
 * eye. An eye at address 0 reads nothing. The controllers never touch the
 * bytes (scanout has no functional effect), so a shown buffer that was
 * freed costs nothing but its counts. */

/* Power-on: nothing shown, nothing pending, frame 0 begins at clock 0.
 * The frame length is kept (HW_LCD_FRAME_CLOCKS on a zeroed struct). */
void hw_lcd_reset(struct hw_lcd *lcd);

/* Frames of `frame_clocks` clocks (clamped to HW_LCD_FRAME_CLOCKS_MIN..
 * MAX) from the last vblank the controllers counted: the frame in
 * progress takes the new length from its start. Advance the controllers
 * to the current clock first (hw_lcd_advance). */
void hw_lcd_set_frame_clocks(struct hw_lcd *lcd, uint32_t frame_clocks);

/* Accesses one frame of `src` makes on one eye (0 for no buffer). */
uint32_t hw_lcd_eye_accesses(const struct hw_lcd_source *src);

/* Show `src` on `screen` from the vblank that follows `now` (NULL: show
 * nothing). Frames before that vblank keep the buffer shown now. The
 * controllers must have been advanced to `now` first (hw_lcd_advance); a
 * second call before that vblank replaces the first. An unknown screen is
 * ignored. */
void hw_lcd_set_source(struct hw_lcd *lcd, enum hw_lcd_screen_id screen,
		       const struct hw_lcd_source *src);

/* Let time pass up to clock `now`: every frame that completes by then adds
 * its reads to `c` (closed form: frames x accesses a frame, a pending swap
 * splitting the interval at the first vblank). `now` before the clock the
 * controllers reached changes nothing. */
void hw_lcd_advance(struct hw_lcd *lcd, hw_clock_t now, struct hw_counters *c);

/* The first vblank strictly after `now` (model choice: waiting for vblank
 * exactly on one waits a whole frame, so N waits see N frames). Saturates
 * at HW_CLOCK_MAX. */
hw_clock_t hw_lcd_next_vblank(const struct hw_lcd *lcd, hw_clock_t now);

#endif
