/* hw_vertex.h: a shaded vertex as it travels from the shader output map to
 * primitive assembly, clipping and setup. */
#ifndef NNGX_HW_VERTEX_H
#define NNGX_HW_VERTEX_H

/* What the output map can route, besides the position (3dbrew,
 * GPU/Internal Registers, GPUREG_SH_OUTMAP_Oi semantics). */
enum hw_varying {
	HW_VARYING_QUATERNION = 0,  /* normal quaternion, for fragment lighting */
	HW_VARYING_COLOR,
	HW_VARYING_TEXCOORD0,       /* u, v, w (texcoord0w), - */
	HW_VARYING_TEXCOORD1,
	HW_VARYING_TEXCOORD2,
	HW_VARYING_VIEW,
	HW_VARYING_COUNT
};

struct hw_vertex {
	/* Clip space from the shader; after setup, window x, y, depth z and
	 * 1/w (for perspective-correct interpolation). */
	float pos[4];
	float varying[HW_VARYING_COUNT][4];
};

#endif
