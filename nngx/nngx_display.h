/* nngx_display.h: the frame loop of the SDK: display buffers bound to the
 * display targets (upper screen, lower screen, upper screen's right eye),
 * the swap that hands them to the LCD controllers, vertical blanks and
 * their callbacks, and the requests that feed the engines outside the 3D
 * pipeline (nngxTransferRenderImage, nngxAddVramDmaCommand,
 * nngxAddMemoryFillCommand). Virtual time passes through
 * nngx_display_advance, so that every wait calls the VSync callbacks. */
#ifndef NNGX_DISPLAY_H
#define NNGX_DISPLAY_H

#include <stdint.h>

#include "hw/hw_gpu.h"
#include "nngx_cmdlist.h"

struct nngx_state;

/* A single wait calls the VSync callbacks for at most this many vertical
 * blanks (model choice: about 4.9 hours of virtual time; a longer wait
 * lets the rest pass at once, with VSYNC_CALLBACKS_SKIPPED). */
#define NNGX_DISPLAY_MAX_CALLBACK_VBLANKS (1u << 20)

/* Let `clocks` clocks of virtual time pass (saturating). With a VSync
 * callback set, time stops at each vertical blank on the way and the
 * callbacks run there: the upper screen's with NN_GX_DISPLAY0, then the
 * lower screen's with NN_GX_DISPLAY1. */
void nngx_display_advance(struct nngx_state *st, uint64_t clocks);

/* The program waits for the GPU: time runs to the end of the queued work. */
void nngx_display_wait_gpu(struct nngx_state *st);

/* nngxFinalize: every display buffer and every nngxShimAllocMemory block
 * released (allocator blocks back to the deallocator), the screens show
 * nothing from the next vertical blank, and the display state returns to
 * its defaults. */
void nngx_display_fini(struct nngx_state *st);

#endif
