/* nn/gx.h: umbrella header of the nngx graphics API (libnngx, MIT licence).
 *
 * The headers the SDK's umbrella includes: GL ES 2.0 with the DMP
 * extensions, the nngx API (gx_CTR.h), the Raw command lists, VRAM, LCD
 * and the miscellaneous calls. gx_CommandAccess.h (physical addresses,
 * command macros) is included by code that needs it, as with the SDK.
 * Unlike the SDK's, it does not insist on NN_PLATFORM_CTR being defined:
 * libnngx is the platform. In C++, the nn::gx::CTR layer is also visible
 * as nn::gx (nn::gx::StartLcdDisplay, nn::gx::DISPLAY0_WIDTH, ...). */
#ifndef NNGX_NN_GX_H
#define NNGX_NN_GX_H

#include <gles2/gl2.h>
#include <gles2/gl2ext.h>
#include <nn/gx/CTR/gx_CTR.h>
#include <nn/gx/CTR/gx_CTRRaw.h>
#include <nn/gx/CTR/gx_Vram.h>
#include <nn/gx/CTR/gx_Lcd.h>
#include <nn/gx/CTR/gx_Misc.h>

#ifdef __cplusplus
namespace nn {
namespace gx {
namespace CTR {
}
using namespace nn::gx::CTR;
} /* namespace gx */
} /* namespace nn */
#endif

#endif
