/* scenes.h: the two reference scenes of the benchmark, shared by
 * bench_profiling (which times them) and the golden record's scene program
 * (tests/golden_scenes.c, which records what they compute). Both call the
 * same setup and frame functions, so the golden record covers exactly the
 * work the benchmark measures.
 *
 * Each setup expects an initialized library with a bound command list;
 * each frame function adds the frame's draws, then glFinish (run and
 * wait). */
#ifndef NNGX_BENCH_SCENES_H
#define NNGX_BENCH_SCENES_H

/* The reference scene: a 100 x 50 quad grid (5151 vertices, 10000
 * triangles, indices in strip order), position and normal interleaved in
 * VRAM A, 16-bit indices in VRAM B, through a 20-instruction vertex shader
 * (transform, normal, two diffuse lights, ambient, planar texture
 * coordinates). Every triangle is inside the clip volume. */
#define SCENE_QUADS_X   100
#define SCENE_QUADS_Y   50
#define SCENE_VERTICES  ((SCENE_QUADS_X + 1) * (SCENE_QUADS_Y + 1))
#define SCENE_TRIANGLES (SCENE_QUADS_X * SCENE_QUADS_Y * 2)
#define SCENE_INDICES   (SCENE_TRIANGLES * 3)

/* Program, buffers and attributes; false if anything failed (GL error).
 * *instructions: the vertex shader's length, END included. */
int scene_geometry_setup(unsigned *instructions);

/* One frame: one glDrawElements of the whole grid, then glFinish. */
void scene_geometry_frame(void);

/* The fill-heavy reference scene: three full-screen quads over the default
 * 240 x 400 framebuffer (3x overdraw, 288000 fragments a frame), each
 * sampling one 256 x 256 RGBA8 texture in VRAM A (bilinear, stretched over
 * the screen), with the depth test on. glClear is not modelled yet, so the
 * frames are not cleared: the quads lie at one depth and the test is
 * GL_GEQUAL, which every fragment passes in every frame, so each frame does
 * the same work (depth read and written, colour written). */
#define FILL_TEX        256
#define FILL_QUADS      3

/* Program, texture, state and the quads' vertices; false if anything
 * failed (GL error). */
int scene_fill_setup(void);

/* The fill scene lit as the middleware lights a material (bench only,
 * not in the golden record): the vertex shader also outputs a constant
 * normal quaternion and view vector; fragment lighting on, two
 * directional lights, D0 (x^16 on N.H) from a glTexImage1D table, layer
 * configuration 0; the combiner's stage 0 is texture x primary +
 * secondary. Its frames are scene_fill_frame's. */
int scene_fill_lit_setup(void);

/* One frame: FILL_QUADS glDrawArrays of the full-screen quad, then
 * glFinish. */
void scene_fill_frame(void);

/* The minified-texture scene: a ground plane in perspective over the
 * default framebuffer, w from 1 at the bottom edge to 8 at the top (the
 * far edge a quarter of the screen wide), texture coordinates 0..4 across
 * and 0..16 deep with GL_REPEAT, sampling one 256 x 256 RGBA8 texture in
 * VRAM A with its whole mip chain (glGenerateMipmap: 256 down to 8) and
 * GL_LINEAR_MIPMAP_LINEAR: the far rows are minified up to some 64x, so
 * each quad picks its level (hw_texture_lod) and the texture traffic is
 * that of the levels chosen. Two triangles a frame, no depth test. */
#define MINIFIED_TEX    256

/* Program, texture, state and the plane's vertices; false if anything
 * failed (GL error). */
int scene_minified_setup(void);

/* One frame: the plane's glDrawArrays, then glFinish. */
void scene_minified_frame(void);

#endif
