/* nn/gx/CTR/gx_Lcd.h: the LCD sizes and nngxStartLcdDisplay.
 *
 * Part of libnngx (MIT licence), written for libnngx. The sizes are the
 * screens' as the GPU sees them (rotated: 240 pixels a line). */
#ifndef NNGX_NN_GX_CTR_GX_LCD_H
#define NNGX_NN_GX_CTR_GX_LCD_H

#include <nn/types.h>

#ifndef NN_GX_DISPLAY0_WIDTH
#define NN_GX_DISPLAY0_WIDTH  240       /* upper screen */
#endif
#ifndef NN_GX_DISPLAY0_HEIGHT
#define NN_GX_DISPLAY0_HEIGHT 400
#endif
#ifndef NN_GX_DISPLAY1_WIDTH
#define NN_GX_DISPLAY1_WIDTH  240       /* lower screen */
#endif
#ifndef NN_GX_DISPLAY1_HEIGHT
#define NN_GX_DISPLAY1_HEIGHT 320
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Switch the LCDs' output on (once, after the first frame is latched). */
void nngxStartLcdDisplay(void);

#ifdef __cplusplus
}

namespace nn {
namespace gx {
namespace CTR {

enum DisplaySize {
	DISPLAY0_WIDTH = NN_GX_DISPLAY0_WIDTH,
	DISPLAY0_HEIGHT = NN_GX_DISPLAY0_HEIGHT,
	DISPLAY1_WIDTH = NN_GX_DISPLAY1_WIDTH,
	DISPLAY1_HEIGHT = NN_GX_DISPLAY1_HEIGHT
};

inline void StartLcdDisplay(void)
{
	nngxStartLcdDisplay();
}

} /* namespace CTR */
} /* namespace gx */
} /* namespace nn */
#endif

#endif
