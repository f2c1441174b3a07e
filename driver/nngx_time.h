/* nngx_time.h: virtual time as the program sees it pass. Every wait of the
 * library (nngxWaitCmdlistDone, nngxWaitVSync, glFinish, glReadPixels,
 * nngxShimAdvance) goes through nngx_time_advance, so that each vertical
 * blank on the way calls the VSync callbacks the program set. */
#ifndef NNGX_TIME_H
#define NNGX_TIME_H

#include <stdint.h>

#include <GLES2/gl2.h>

#include "hw/hw_lcd.h"

struct nngx_state;

/* A single wait calls the VSync callbacks for at most this many vertical
 * blanks (model choice: about 4.9 hours of virtual time; a longer wait
 * lets the rest pass at once, with VSYNC_CALLBACKS_SKIPPED). */
#define NNGX_TIME_MAX_CALLBACK_VBLANKS (1u << 20)

/* Vertical blanks that pass while a callback runs (in the waits it makes)
 * are merged into one call of the VSync callbacks, as the console's
 * interrupt keeps one pending flag, not a count (model choice). Without the
 * merge, a callback whose own wait spans many blanks would queue as many
 * calls, each of which may wait again: work without bound. */
#define NNGX_TIME_MAX_QUEUED_VBLANKS 1u

/* The VSync callbacks (nngxSetVSyncCallback), one per screen. CPU-side
 * state: a power-on reset keeps them, nngxFinalize drops them. */
struct nngx_vsync {
	void (*callback[HW_LCD_SCREENS])(GLenum);
};

/* Let `clocks` clocks of virtual time pass (saturating). With a VSync
 * callback set, time stops at each vertical blank on the way, the blank
 * is queued, and the queued callbacks run there (nngx_callbacks_run): the
 * upper screen's with NN_GX_DISPLAY0, then the lower screen's with
 * NN_GX_DISPLAY1. */
void nngx_time_advance(struct nngx_state *st, uint64_t clocks);

/* Run the callbacks queued so far (VSync ones, then the command-list
 * ones: the bound list's, then a Raw list's), unless a callback is
 * running already: callbacks run one level deep, never inside each
 * other. What a callback queues (its own waits) stays queued for the
 * next call made outside any callback, so that a callback may call any
 * API function, waits included, and one that re-arms itself runs once a
 * wait, not forever. A power-on reset in a callback drops the rest. */
void nngx_callbacks_run(struct nngx_state *st);

/* The program waits for the GPU: time runs to the end of the queued work. */
void nngx_time_wait_gpu(struct nngx_state *st);

#endif
