/* hw_lcd.c: the two LCD controllers' scanout, counted a frame at a time in
 * closed form. */
#include <string.h>

#include "hw_lcd.h"
#include "hw_memory.h"

void hw_lcd_reset(struct hw_lcd *lcd)
{
	uint32_t frame_clocks = lcd->frame_clocks ? lcd->frame_clocks : HW_LCD_FRAME_CLOCKS;

	memset(lcd, 0, sizeof *lcd);
	lcd->frame_clocks = frame_clocks;
}

void hw_lcd_set_frame_clocks(struct hw_lcd *lcd, uint32_t frame_clocks)
{
	if (frame_clocks < HW_LCD_FRAME_CLOCKS_MIN)
		frame_clocks = HW_LCD_FRAME_CLOCKS_MIN;
	if (frame_clocks > HW_LCD_FRAME_CLOCKS_MAX)
		frame_clocks = HW_LCD_FRAME_CLOCKS_MAX;
	if (frame_clocks == lcd->frame_clocks)
		return;
	lcd->origin = lcd->counted_until;
	lcd->origin_frames = lcd->frames;
	lcd->frame_clocks = frame_clocks;
}

uint32_t hw_lcd_eye_accesses(const struct hw_lcd_source *src)
{
	uint64_t bytes = (uint64_t)src->width * src->height * src->bytes_per_pixel;
	uint64_t accesses = (bytes + HW_MEMORY_ACCESS_BYTES - 1) / HW_MEMORY_ACCESS_BYTES;

	/* A frame bigger than 2^32 accesses cannot be placed in memory; the
	 * counter wraps modulo 2^32 anyway. */
	return (uint32_t)accesses;
}

void hw_lcd_set_source(struct hw_lcd *lcd, enum hw_lcd_screen_id screen,
		       const struct hw_lcd_source *src)
{
	if ((unsigned)screen >= HW_LCD_SCREENS)
		return;
	if (src)
		lcd->next[screen] = *src;
	else
		memset(&lcd->next[screen], 0, sizeof lcd->next[screen]);
	lcd->swap_pending[screen] = true;
}

/* `frames` frames of what `screen` shows: the eyes it reads, each on the
 * screen's word and the channel word of its address. Counters wrap modulo
 * 2^32, so frames x accesses is taken modulo 2^32 as well (the 64-bit
 * product may wrap first; unsigned, so the low 32 bits stay right). */
static void lcd_count(const struct hw_lcd_source *src, enum hw_lcd_screen_id screen,
		      uint64_t frames, struct hw_counters *c)
{
	enum hw_memory_word word = screen == HW_LCD_UPPER ? HW_MEM_LCD_UPPER_READ
							   : HW_MEM_LCD_LOWER_READ;
	unsigned eyes = screen == HW_LCD_UPPER && src->stereo ? 2 : 1;
	uint32_t per_frame = hw_lcd_eye_accesses(src);
	unsigned eye;

	if (frames == 0 || per_frame == 0)
		return;
	for (eye = 0; eye < eyes; eye++) {
		if (src->phys[eye] == 0)
			continue;
		hw_memory_count(c, word, src->phys[eye], false,
				(uint32_t)(frames * per_frame));
	}
}

void hw_lcd_advance(struct hw_lcd *lcd, hw_clock_t now, struct hw_counters *c)
{
	uint64_t done, fresh;           /* frames complete by `now`, new ones */
	unsigned s;

	if (now < lcd->origin)
		return;
	done = lcd->origin_frames + (now - lcd->origin) / lcd->frame_clocks;
	if (done <= lcd->frames)
		return;
	fresh = done - lcd->frames;
	for (s = 0; s < HW_LCD_SCREENS; s++) {
		uint64_t rest = fresh;

		/* A swap asked for during the frame in progress lands at its
		 * vblank: that frame still shows the old buffer, the rest the
		 * new one. */
		if (lcd->swap_pending[s]) {
			lcd_count(&lcd->shown[s], (enum hw_lcd_screen_id)s, 1, c);
			lcd->shown[s] = lcd->next[s];
			lcd->swap_pending[s] = false;
			rest = fresh - 1;
		}
		lcd_count(&lcd->shown[s], (enum hw_lcd_screen_id)s, rest, c);
	}
	lcd->frames = done;
	lcd->counted_until = lcd->origin + (done - lcd->origin_frames) * lcd->frame_clocks;
}

hw_clock_t hw_lcd_next_vblank(const struct hw_lcd *lcd, hw_clock_t now)
{
	uint64_t frame;

	/* Boundaries are fixed from the origin on; the origin is a vblank the
	 * controllers passed, so nothing asks about earlier clocks but a
	 * trace drawing past frames, which gets the origin. */
	if (now < lcd->origin)
		return lcd->origin;
	frame = (now - lcd->origin) / lcd->frame_clocks;
	if (frame >= (HW_CLOCK_MAX - lcd->origin) / lcd->frame_clocks)
		return HW_CLOCK_MAX;
	return lcd->origin + (frame + 1) * lcd->frame_clocks;
}
