/* nngx_display.h: the frame loop of the SDK: display buffers bound to the
 * display targets (upper screen, lower screen, upper screen's right eye),
 * the swap that hands them to the LCD controllers, vertical blanks and
 * their callbacks, and the requests that feed the engines outside the 3D
 * pipeline (nngxTransferRenderImage, nngxAddVramDmaCommand,
 * nngxAddMemoryFillCommand). Virtual time passes through
 * nngx_time_advance (driver/nngx_time.h), so that every wait calls the
 * VSync callbacks. */
#ifndef NNGX_DISPLAY_H
#define NNGX_DISPLAY_H

#include <stdint.h>

#include "hw/hw_gpu.h"
#include "driver/nngx_cmdlist.h"

struct nngx_state;

/* nngxFinalize: every display buffer and every nngxShimAllocMemory block
 * released (allocator blocks back to the deallocator), the screens show
 * nothing from the next vertical blank, and the display state returns to
 * its defaults. */
void nngx_display_fini(struct nngx_state *st);

#endif
