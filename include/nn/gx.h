/* nn/gx.h: umbrella header of the nngx graphics API (libnngx, MIT licence). */
#ifndef NNGX_NN_GX_H
#define NNGX_NN_GX_H

#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>
#include <nn/gx/CTR/gx_CTR.h>

#endif
