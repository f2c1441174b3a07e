/* nngx_shim.h: libnngx's own extension API (not part of the 3DS SDK).
 *
 * Controls the simulated GPU (reset, virtual time, synthetic load), the
 * diagnostics layer and the configuration. Part of libnngx (MIT licence). */
#ifndef NNGX_SHIM_H
#define NNGX_SHIM_H

#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>
#include <nn/gx/CTR/gx_CTR.h>

#include "nngx_shim_version.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Version ---------------------------------------------------------- */

/* The version of these headers: NNGX_SHIM_VERSION_MAJOR, _MINOR, _PATCH and
 * NNGX_SHIM_VERSION_STRING ("0.1.0") come from <nngx_shim_version.h>, which
 * configure writes. NNGX_SHIM_VERSION_NUMBER packs them as 0xMMmmpp (0.1.0
 * is 0x000100), so versions compare as numbers; NNGX_SHIM_VERSION_CHECK is
 * true when the headers are that version or later. doc/abi.md says what
 * each part promises. */
#define NNGX_SHIM_VERSION_NUMBER                                               \
  ((NNGX_SHIM_VERSION_MAJOR << 16) | (NNGX_SHIM_VERSION_MINOR << 8) |           \
   NNGX_SHIM_VERSION_PATCH)
#define NNGX_SHIM_VERSION_CHECK(major, minor, patch)                           \
  (NNGX_SHIM_VERSION_NUMBER >= (((major) << 16) | ((minor) << 8) | (patch)))

/* The version of the library the program runs with (it may be newer than
 * the headers it was built with): NNGX_SHIM_VERSION_NUMBER of its build. */
GLuint nngxShimGetVersion(void);

/* The same as a static string, "MAJOR.MINOR.PATCH". */
const char *nngxShimGetVersionString(void);

/* ---- Simulated GPU ---------------------------------------------------- */

/* Power-on reset of the simulated GPU: clock to 0, every counter to 0, busy
 * counter stopped, profiling parameters back to "never set", GL error flag
 * cleared, queued GPU work dropped. nngxInitialize state and the loaded
 * configuration are kept. */
void nngxShimReset(void);

/* Let `clocks` GPU clocks (268 MHz) of virtual time pass. The clock
 * saturates at 2^64 - 1 instead of wrapping. */
void nngxShimAdvance(GLuint64EXT clocks);

/* Current virtual GPU clock since the last reset. */
GLuint64EXT nngxShimGetClock(void);

/* Module `module` (0..7, busy-counter order) raises its busy signal on each
 * of the next `clocks` clocks from the current one, in addition to anything
 * else it does. module > 7 records GL_INVALID_VALUE and does nothing. */
void nngxShimInjectBusy(GLuint module, GLuint64EXT clocks);

#define NNGX_SHIM_MODULE_COMMAND            0  /* command buffer / vertex array load */
#define NNGX_SHIM_MODULE_SHADER0            1  /* shader processor 0 (and geometry shader) */
#define NNGX_SHIM_MODULE_TRIANGLE_SETUP     2
#define NNGX_SHIM_MODULE_RASTERIZER         3
#define NNGX_SHIM_MODULE_TEXTURE            4
#define NNGX_SHIM_MODULE_FRAGMENT_LIGHTING  5
#define NNGX_SHIM_MODULE_COMBINER           6
#define NNGX_SHIM_MODULE_PER_FRAGMENT       7
#define NNGX_SHIM_MODULE_COUNT              8

/* Name of a busy-counter module ("rasterizer", ...); NULL when out of range. */
const char *nngxShimGetModuleName(GLuint module);

/* ---- Counter catalogue ------------------------------------------------ */

/* Every result word of every profiling item (for BUSY, every module's 16
 * bits): ID, name, item, word of the result, bit shift and width in that
 * word, unit, whether it is always running (1) or must be started (0),
 * section of chapter 9 of the CTR programming manual, description. Tools
 * (capture, nngx-report) and the manual pages are made from this table.
 * Counters are never reused or reordered; new ones go at the end. */
#define NNGX_SHIM_COUNTER_MAP(XX)                                               \
  XX(BUSY_COMMAND, "busy.command", NN_GX_PROFILING_BUSY, 0, 0, 16, "windows", 0, "9.3.1",\
     "sampling windows in which the command buffer and vertex array load "      \
     "module was busy on the most clocks (ties to the frontmost module; "       \
     "an idle window goes to the command module)")                              \
  XX(BUSY_SHADER0, "busy.shader0", NN_GX_PROFILING_BUSY, 0, 16, 16, "windows", 0, "9.3.1",\
     "sampling windows in which the shader processor 0 (shared with the "       \
     "geometry shader) was busy on the most clocks (ties to the "               \
     "frontmost module; an idle window goes to the command module)")            \
  XX(BUSY_TRIANGLE_SETUP, "busy.triangle_setup", NN_GX_PROFILING_BUSY, 1, 0, 16, "windows", 0, "9.3.1",\
     "sampling windows in which the triangle setup was busy on the most "       \
     "clocks (ties to the frontmost module; an idle window goes to the "        \
     "command module)")                                                         \
  XX(BUSY_RASTERIZER, "busy.rasterizer", NN_GX_PROFILING_BUSY, 1, 16, 16, "windows", 0, "9.3.1",\
     "sampling windows in which the rasterization module was busy on the "      \
     "most clocks (ties to the frontmost module; an idle window goes to "       \
     "the command module)")                                                     \
  XX(BUSY_TEXTURE, "busy.texture", NN_GX_PROFILING_BUSY, 2, 0, 16, "windows", 0, "9.3.1",\
     "sampling windows in which the texture unit was busy on the most "         \
     "clocks (ties to the frontmost module; an idle window goes to the "        \
     "command module)")                                                         \
  XX(BUSY_FRAGMENT_LIGHTING, "busy.fragment_lighting", NN_GX_PROFILING_BUSY, 2, 16, 16, "windows", 0, "9.3.1",\
     "sampling windows in which the fragment lighting was busy on the "         \
     "most clocks (ties to the frontmost module; an idle window goes to "       \
     "the command module)")                                                     \
  XX(BUSY_COMBINER, "busy.combiner", NN_GX_PROFILING_BUSY, 3, 0, 16, "windows", 0, "9.3.1",\
     "sampling windows in which the texture combiner was busy on the "          \
     "most clocks (ties to the frontmost module; an idle window goes to "       \
     "the command module)")                                                     \
  XX(BUSY_PER_FRAGMENT, "busy.per_fragment", NN_GX_PROFILING_BUSY, 3, 16, 16, "windows", 0, "9.3.1",\
     "sampling windows in which the per-fragment operation module was "         \
     "busy on the most clocks (ties to the frontmost module; an idle "          \
     "window goes to the command module)")                                      \
  XX(VERTEX_SHADER0_INSTRUCTIONS, "vertex_shader0.instructions", NN_GX_PROFILING_VERTEX_SHADER0, 0, 0, 32, "instructions", 1, "9.3.2",\
     "shader processor 0: program-counter transitions, i.e. shader "            \
     "instructions executed")                                                   \
  XX(VERTEX_SHADER0_STALL_DEPENDENCY, "vertex_shader0.stall_dependency", NN_GX_PROFILING_VERTEX_SHADER0, 1, 0, 32, "clocks", 1, "9.3.2",\
     "shader processor 0: clocks stalled on instruction dependencies "          \
     "(with a geometry shader, also waits to issue vout/emit while a "          \
     "later module is busy)")                                                   \
  XX(VERTEX_SHADER0_STALL_MOVA, "vertex_shader0.stall_mova", NN_GX_PROFILING_VERTEX_SHADER0, 2, 0, 32, "clocks", 1, "9.3.2",\
     "shader processor 0: clocks stalled after address-register updates "       \
     "(mova)")                                                                  \
  XX(VERTEX_SHADER0_STALL_CMP, "vertex_shader0.stall_cmp", NN_GX_PROFILING_VERTEX_SHADER0, 3, 0, 32, "clocks", 1, "9.3.2",\
     "shader processor 0: clocks stalled after status-register updates "        \
     "(cmp)")                                                                   \
  XX(VERTEX_SHADER0_STALL_PREFETCH, "vertex_shader0.stall_prefetch", NN_GX_PROFILING_VERTEX_SHADER0, 4, 0, 32, "clocks", 1, "9.3.2",\
     "shader processor 0: clocks stalled on program prefetch misses "           \
     "(non-sequential program-counter moves such as branches)")                 \
  XX(VERTEX_SHADER1_INSTRUCTIONS, "vertex_shader1.instructions", NN_GX_PROFILING_VERTEX_SHADER1, 0, 0, 32, "instructions", 1, "9.3.2",\
     "shader processor 1: program-counter transitions, i.e. shader "            \
     "instructions executed")                                                   \
  XX(VERTEX_SHADER1_STALL_DEPENDENCY, "vertex_shader1.stall_dependency", NN_GX_PROFILING_VERTEX_SHADER1, 1, 0, 32, "clocks", 1, "9.3.2",\
     "shader processor 1: clocks stalled on instruction dependencies")          \
  XX(VERTEX_SHADER1_STALL_MOVA, "vertex_shader1.stall_mova", NN_GX_PROFILING_VERTEX_SHADER1, 2, 0, 32, "clocks", 1, "9.3.2",\
     "shader processor 1: clocks stalled after address-register updates "       \
     "(mova)")                                                                  \
  XX(VERTEX_SHADER1_STALL_CMP, "vertex_shader1.stall_cmp", NN_GX_PROFILING_VERTEX_SHADER1, 3, 0, 32, "clocks", 1, "9.3.2",\
     "shader processor 1: clocks stalled after status-register updates "        \
     "(cmp)")                                                                   \
  XX(VERTEX_SHADER1_STALL_PREFETCH, "vertex_shader1.stall_prefetch", NN_GX_PROFILING_VERTEX_SHADER1, 4, 0, 32, "clocks", 1, "9.3.2",\
     "shader processor 1: clocks stalled on program prefetch misses "           \
     "(non-sequential program-counter moves such as branches)")                 \
  XX(VERTEX_SHADER2_INSTRUCTIONS, "vertex_shader2.instructions", NN_GX_PROFILING_VERTEX_SHADER2, 0, 0, 32, "instructions", 1, "9.3.2",\
     "shader processor 2: program-counter transitions, i.e. shader "            \
     "instructions executed")                                                   \
  XX(VERTEX_SHADER2_STALL_DEPENDENCY, "vertex_shader2.stall_dependency", NN_GX_PROFILING_VERTEX_SHADER2, 1, 0, 32, "clocks", 1, "9.3.2",\
     "shader processor 2: clocks stalled on instruction dependencies")          \
  XX(VERTEX_SHADER2_STALL_MOVA, "vertex_shader2.stall_mova", NN_GX_PROFILING_VERTEX_SHADER2, 2, 0, 32, "clocks", 1, "9.3.2",\
     "shader processor 2: clocks stalled after address-register updates "       \
     "(mova)")                                                                  \
  XX(VERTEX_SHADER2_STALL_CMP, "vertex_shader2.stall_cmp", NN_GX_PROFILING_VERTEX_SHADER2, 3, 0, 32, "clocks", 1, "9.3.2",\
     "shader processor 2: clocks stalled after status-register updates "        \
     "(cmp)")                                                                   \
  XX(VERTEX_SHADER2_STALL_PREFETCH, "vertex_shader2.stall_prefetch", NN_GX_PROFILING_VERTEX_SHADER2, 4, 0, 32, "clocks", 1, "9.3.2",\
     "shader processor 2: clocks stalled on program prefetch misses "           \
     "(non-sequential program-counter moves such as branches)")                 \
  XX(VERTEX_SHADER3_INSTRUCTIONS, "vertex_shader3.instructions", NN_GX_PROFILING_VERTEX_SHADER3, 0, 0, 32, "instructions", 1, "9.3.2",\
     "shader processor 3: program-counter transitions, i.e. shader "            \
     "instructions executed")                                                   \
  XX(VERTEX_SHADER3_STALL_DEPENDENCY, "vertex_shader3.stall_dependency", NN_GX_PROFILING_VERTEX_SHADER3, 1, 0, 32, "clocks", 1, "9.3.2",\
     "shader processor 3: clocks stalled on instruction dependencies")          \
  XX(VERTEX_SHADER3_STALL_MOVA, "vertex_shader3.stall_mova", NN_GX_PROFILING_VERTEX_SHADER3, 2, 0, 32, "clocks", 1, "9.3.2",\
     "shader processor 3: clocks stalled after address-register updates "       \
     "(mova)")                                                                  \
  XX(VERTEX_SHADER3_STALL_CMP, "vertex_shader3.stall_cmp", NN_GX_PROFILING_VERTEX_SHADER3, 3, 0, 32, "clocks", 1, "9.3.2",\
     "shader processor 3: clocks stalled after status-register updates "        \
     "(cmp)")                                                                   \
  XX(VERTEX_SHADER3_STALL_PREFETCH, "vertex_shader3.stall_prefetch", NN_GX_PROFILING_VERTEX_SHADER3, 4, 0, 32, "clocks", 1, "9.3.2",\
     "shader processor 3: clocks stalled on program prefetch misses "           \
     "(non-sequential program-counter moves such as branches)")                 \
  XX(VERTEX_CACHE_INPUT, "vertex_cache.input", NN_GX_PROFILING_VERTEX_CACHE, 0, 0, 32, "vertices", 0, "9.3.3",\
     "vertices that entered the post-vertex cache (missed and were "            \
     "shaded) in the last indexed draw; restarts at every indexed draw; "       \
     "start it with nngxStartProfiling")                                        \
  XX(POLYGON_VERTICES_IN, "polygon.vertices_in", NN_GX_PROFILING_POLYGON, 0, 0, 32, "vertices", 1, "9.3.4",\
     "vertices into triangle setup")                                            \
  XX(POLYGON_IN, "polygon.in", NN_GX_PROFILING_POLYGON, 1, 0, 32, "polygons", 1, "9.3.4",\
     "polygons into triangle setup")                                            \
  XX(POLYGON_OUT, "polygon.out", NN_GX_PROFILING_POLYGON, 2, 0, 32, "polygons", 1, "9.3.4",\
     "polygons out of triangle setup: those in minus the ones clipping "        \
     "and culling removed (a polygon split by clipping counts once)")           \
  XX(FRAGMENT_IN, "fragment.in", NN_GX_PROFILING_FRAGMENT, 0, 0, 32, "fragments", 1, "9.3.5",\
     "fragments into the per-fragment operation module, after clipping, "       \
     "the scissor test and the early depth test, before the alpha, "            \
     "stencil and depth tests")                                                 \
  XX(MEMORY_VRAM_A_READ, "memory.vram_a_read", NN_GX_PROFILING_MEMORY_ACCESS, 0, 0, 32, "accesses", 1, "9.3.6",\
     "GPU reads of VRAM channel A (16-byte accesses)")                          \
  XX(MEMORY_VRAM_A_WRITE, "memory.vram_a_write", NN_GX_PROFILING_MEMORY_ACCESS, 1, 0, 32, "accesses", 1, "9.3.6",\
     "GPU writes of VRAM channel A (16-byte accesses)")                         \
  XX(MEMORY_VRAM_B_READ, "memory.vram_b_read", NN_GX_PROFILING_MEMORY_ACCESS, 2, 0, 32, "accesses", 1, "9.3.6",\
     "GPU reads of VRAM channel B (16-byte accesses)")                          \
  XX(MEMORY_VRAM_B_WRITE, "memory.vram_b_write", NN_GX_PROFILING_MEMORY_ACCESS, 3, 0, 32, "accesses", 1, "9.3.6",\
     "GPU writes of VRAM channel B (16-byte accesses)")                         \
  XX(MEMORY_COMMAND_VERTEX_READ, "memory.command_vertex_read", NN_GX_PROFILING_MEMORY_ACCESS, 4, 0, 32, "accesses", 1, "9.3.6",\
     "command buffer, vertex array and index array reads by the "               \
     "command/vertex load module (16-byte accesses)")                           \
  XX(MEMORY_TEXTURE_READ, "memory.texture_read", NN_GX_PROFILING_MEMORY_ACCESS, 5, 0, 32, "accesses", 1, "9.3.6",\
     "texture memory reads by the texture unit (texture-cache misses) "         \
     "(16-byte accesses)")                                                      \
  XX(MEMORY_DEPTH_STENCIL_READ, "memory.depth_stencil_read", NN_GX_PROFILING_MEMORY_ACCESS, 6, 0, 32, "accesses", 1, "9.3.6",\
     "depth and stencil buffer reads by the per-fragment operation "            \
     "module (16-byte accesses)")                                               \
  XX(MEMORY_DEPTH_STENCIL_WRITE, "memory.depth_stencil_write", NN_GX_PROFILING_MEMORY_ACCESS, 7, 0, 32, "accesses", 1, "9.3.6",\
     "depth and stencil buffer writes by the per-fragment operation "           \
     "module (16-byte accesses)")                                               \
  XX(MEMORY_COLOR_READ, "memory.color_read", NN_GX_PROFILING_MEMORY_ACCESS, 8, 0, 32, "accesses", 1, "9.3.6",\
     "colour buffer reads by the per-fragment operation module (16-byte "       \
     "accesses)")                                                               \
  XX(MEMORY_COLOR_WRITE, "memory.color_write", NN_GX_PROFILING_MEMORY_ACCESS, 9, 0, 32, "accesses", 1, "9.3.6",\
     "colour buffer writes by the per-fragment operation module (16-byte "      \
     "accesses)")                                                               \
  XX(MEMORY_LCD_UPPER_READ, "memory.lcd_upper_read", NN_GX_PROFILING_MEMORY_ACCESS, 10, 0, 32, "accesses", 1, "9.3.6",\
     "display buffer reads by the upper-screen LCD controller (16-byte "        \
     "accesses)")                                                               \
  XX(MEMORY_LCD_LOWER_READ, "memory.lcd_lower_read", NN_GX_PROFILING_MEMORY_ACCESS, 11, 0, 32, "accesses", 1, "9.3.6",\
     "display buffer reads by the lower-screen LCD controller (16-byte "        \
     "accesses)")                                                               \
  XX(MEMORY_POST_TRANSFER_READ, "memory.post_transfer_read", NN_GX_PROFILING_MEMORY_ACCESS, 12, 0, 32, "accesses", 1, "9.3.6",\
     "reads by the post-transfer module (nngxTransferRenderImage, "             \
     "glCopyTexImage2D) (16-byte accesses)")                                    \
  XX(MEMORY_POST_TRANSFER_WRITE, "memory.post_transfer_write", NN_GX_PROFILING_MEMORY_ACCESS, 13, 0, 32, "accesses", 1, "9.3.6",\
     "writes by the post-transfer module (nngxTransferRenderImage, "            \
     "glCopyTexImage2D) (16-byte accesses)")                                    \
  XX(MEMORY_FILL0_WRITE, "memory.fill0_write", NN_GX_PROFILING_MEMORY_ACCESS, 14, 0, 32, "accesses", 1, "9.3.6",\
     "buffer writes by memory-fill channel 0 (glClear, "                        \
     "nngxAddMemoryFillCommand) (16-byte accesses)")                            \
  XX(MEMORY_FILL1_WRITE, "memory.fill1_write", NN_GX_PROFILING_MEMORY_ACCESS, 15, 0, 32, "accesses", 1, "9.3.6",\
     "buffer writes by memory-fill channel 1 (glClear, "                        \
     "nngxAddMemoryFillCommand) (16-byte accesses)")                            \
  XX(MEMORY_CPU_READ, "memory.cpu_read", NN_GX_PROFILING_MEMORY_ACCESS, 16, 0, 32, "accesses", 1, "9.3.6",\
     "CPU reads of VRAM (glReadPixels) (16-byte accesses)")                     \
  XX(MEMORY_CPU_DMA_WRITE, "memory.cpu_dma_write", NN_GX_PROFILING_MEMORY_ACCESS, 17, 0, 32, "accesses", 1, "9.3.6",\
     "CPU (DMA) writes of VRAM (nngxAddVramDmaCommand) (16-byte "               \
     "accesses)")

typedef enum nngxShimCounterId {
#define NNGX_SHIM_COUNTER_ENUM_(id, name, item, word, shift, bits, unit, always, section, desc) \
	NNGX_SHIM_COUNTER_##id,
	NNGX_SHIM_COUNTER_MAP(NNGX_SHIM_COUNTER_ENUM_)
#undef NNGX_SHIM_COUNTER_ENUM_
	NNGX_SHIM_COUNTER_COUNT
} nngxShimCounterId;

typedef struct nngxShimCounterInfo {
	const char *name;          /* "polygon.in", ... */
	GLenum item;               /* NN_GX_PROFILING_* */
	GLuint word;               /* index in nngxGetProfilingResult's result */
	GLuint shift, bits;        /* the counter is (result[word] >> shift) & (2^bits - 1) */
	const char *unit;          /* "windows", "clocks", "accesses", ... */
	GLboolean always_running;  /* GL_FALSE: counts only when started */
	const char *section;       /* "9.3.1": CTR programming manual, chapter 9 */
	const char *description;
} nngxShimCounterInfo;

/* Number of catalogue entries (NNGX_SHIM_COUNTER_COUNT). */
GLuint nngxShimGetCounterCount(void);

/* Entry `id` (0..count-1) into *info: GL_TRUE; GL_FALSE and nothing
 * written for an unknown id or NULL info. */
GLboolean nngxShimGetCounterInfo(GLuint id, nngxShimCounterInfo *info);

/* The id of the counter called `name` ("memory.texture_read"), or -1. */
GLint nngxShimFindCounter(const char *name);

/* ---- Diagnostics ------------------------------------------------------ */

/* Severities, lowest first. A level shows messages at or above it;
 * NNGX_SHIM_LEVEL_OFF shows none. */
#define NNGX_SHIM_SEVERITY_DEBUG    0
#define NNGX_SHIM_SEVERITY_INFO     1
#define NNGX_SHIM_SEVERITY_WARNING  2
#define NNGX_SHIM_SEVERITY_ERROR    3
#define NNGX_SHIM_LEVEL_OFF         4

/* Every diagnostic: stable number, ID, severity, the rule it is about.
 * Numbers are never reused; new ones go at the end. */
#define NNGX_SHIM_DIAG_MAP(XX)                                                   \
  XX(1, INVALID_START_ITEM, ERROR,                                              \
     "only NN_GX_PROFILING_BUSY and NN_GX_PROFILING_VERTEX_CACHE can be started; " \
     "GL_ERROR_80A2_DMP is recorded and nothing else happens")                  \
  XX(2, INVALID_STOP_ITEM, ERROR,                                               \
     "only NN_GX_PROFILING_BUSY and NN_GX_PROFILING_VERTEX_CACHE can be stopped; " \
     "GL_ERROR_80A3_DMP is recorded and nothing else happens")                  \
  XX(3, INVALID_RESULT_ITEM, ERROR,                                             \
     "the item is not a profiling item with a result; "                         \
     "GL_ERROR_80A4_DMP is recorded and nothing is written")                    \
  XX(4, INVALID_SET_PARAMETER, ERROR,                                           \
     "pname must be a BUSY_SAMPLING_TIME* or BUSY_SAMPLING_COUNT parameter; "   \
     "GL_ERROR_80A5_DMP is recorded and nothing changes")                       \
  XX(5, PARAMETER_OUT_OF_RANGE, ERROR,                                          \
     "param is outside the range of this pname; "                               \
     "GL_ERROR_80A6_DMP is recorded and nothing changes")                       \
  XX(6, INVALID_GET_PARAMETER, ERROR,                                           \
     "pname must be a BUSY_SAMPLING_TIME* or BUSY_SAMPLING_COUNT parameter; "   \
     "GL_ERROR_80A7_DMP is recorded (inferred: the SDK documents no error here)") \
  XX(7, NULL_RESULT, ERROR,                                                     \
     "result is NULL; the SDK defines no error for this, so none is recorded, " \
     "nothing is written and no counter is read or reset")                      \
  XX(8, NULL_PARAM, ERROR,                                                      \
     "param is NULL; the SDK defines no error for this, so none is recorded "   \
     "and nothing is written")                                                  \
  XX(9, INTERRUPT_NOT_MODELLED, ERROR,                                          \
     "the INTERRUPT profiling feature is declared but undocumented and not "    \
     "modelled; the call is treated as invalid")                                \
  XX(10, BUSY_PARAMETERS_UNSET, WARNING,                                        \
     "the busy counter's sampling time and count are undefined until set; "     \
     "set both before starting it (the model uses its configured defaults)")    \
  XX(11, NANOSECONDS_FLOORED, WARNING,                                          \
     "1 to 3 ns truncate to 0 clocks, which the sampling-time register cannot " \
     "hold; 1 clock is stored")                                                 \
  XX(12, VERTEX_CACHE_NOT_STARTED, WARNING,                                     \
     "the vertex-cache counter is read without having been started; its "       \
     "value may be wrong (start it with nngxStartProfiling)")                   \
  XX(13, VERTEX_CACHE_LEFT_RUNNING, WARNING,                                    \
     "the vertex-cache counter was left running; it raises power draw, so "     \
     "stop it with nngxStopProfiling when done")                                \
  XX(14, CALL_DURING_COMMAND_LIST, WARNING,                                     \
     "profiling functions must not be called while a command list executes; "   \
     "no error is raised but the GPU may misbehave")                            \
  XX(15, ERROR_DROPPED, INFO,                                                   \
     "the GL error flag already holds an unread error, so this one is dropped " \
     "(OpenGL ES keeps the first error until glGetError)")                      \
  XX(16, CONFIG_REJECTED, ERROR,                                                \
     "the configuration file was rejected; the previous settings stay")         \
  XX(17, PARAMETER_WHILE_RUNNING, WARNING,                                      \
     "the busy counter latches its parameters when started; the new value "     \
     "applies from the next nngxStartProfiling(NN_GX_PROFILING_BUSY), so "      \
     "nngxGetProfilingParameter now reads a value the running counter does "    \
     "not use")                                                                 \
  XX(18, INVALID_SHIM_MODULE, ERROR,                                            \
     "module must be 0..7 (busy-counter order); GL_INVALID_VALUE is recorded "  \
     "and nothing happens")                                                     \
  XX(19, STOP_NOT_RUNNING, DEBUG,                                               \
     "stopping a counter that is not running does nothing and is no error")     \
  XX(20, OUT_OF_MEMORY, ERROR,                                                  \
     "the model could not allocate memory; GL_OUT_OF_MEMORY is recorded and "   \
     "nothing changes")                                                         \
  XX(21, CONFIG_LOADED, DEBUG,                                                  \
     "a configuration file was loaded")                                         \
  XX(22, INVALID_DIAG_LEVEL, ERROR,                                             \
     "the diagnostics level must be 0..4 (NNGX_SHIM_SEVERITY_* or "             \
     "NNGX_SHIM_LEVEL_OFF); GL_INVALID_VALUE is recorded and the level stays") \
  XX(23, CMDLIST_NONE, ERROR,                                                   \
     "the call needs a command list: generate one with nngxGenCmdlists and "    \
     "bind it with nngxBindCmdlist; the call does nothing")                     \
  XX(24, CMDLIST_NO_STORAGE, ERROR,                                             \
     "the bound command list has no storage yet: call nngxCmdlistStorage "      \
     "first; the call does nothing")                                            \
  XX(25, CMDLIST_FULL, ERROR,                                                   \
     "the command list's buffer or request queue is full; the commands are "    \
     "not added (GL_ERROR_COMMANDBUFFER_FULL_DMP / _COMMANDREQUEST_FULL_DMP, "  \
     "or the nngx call's own code where the SDK gives one)")                    \
  XX(26, CMDLIST_UNFLUSHED, WARNING,                                            \
     "commands added since the last nngxFlush3DCommand or "                     \
     "nngxSplitDrawCmdlist are not part of a request and do not run yet")       \
  XX(27, GPU_FAULT, ERROR,                                                      \
     "the simulated GPU could not execute a command (it would hang or read "    \
     "outside memory); the rest of that command buffer is skipped")             \
  XX(28, REGISTER_NOT_MODELLED, DEBUG,                                          \
     "a command wrote a register the model accepts but does not use")           \
  XX(29, NOT_MODELLED, INFO,                                                    \
     "the argument is valid but the feature is not modelled; the call has "     \
     "no effect beyond what it says")                                           \
  XX(30, INVALID_ARGUMENT, ERROR,                                               \
     "an argument is out of its range; the call's SDK code is recorded where "  \
     "the SDK has one (none otherwise) and the call does nothing")              \
  XX(31, ALREADY_INITIALIZED, WARNING,                                          \
     "nngxInitialize was already called; call nngxFinalize first. It returns "  \
     "GL_FALSE and changes nothing")                                            \
  XX(32, SHADER_BINARY_REJECTED, ERROR,                                         \
     "glShaderBinary takes a PICA200 shader binary (SHBIN: DVLB, DVLP, DVLEs) " \
     "and this one is malformed; GL_INVALID_VALUE is recorded and no shader "   \
     "changes")                                                                 \
  XX(33, GL_ENUM_REJECTED, ERROR,                                               \
     "a GLenum argument is not one this call accepts (OpenGL ES 2.0 and the "   \
     "DMP extensions); GL_INVALID_ENUM is recorded and nothing else happens")   \
  XX(34, GL_VALUE_REJECTED, ERROR,                                              \
     "a numeric argument or object name is out of range (negative size or "     \
     "count, attribute index 12 or more, unknown name); GL_INVALID_VALUE is "   \
     "recorded and nothing else happens")                                       \
  XX(35, GL_OPERATION_REJECTED, ERROR,                                          \
     "the call is not allowed in the current state (nothing bound, program "    \
     "not linked, wrong kind of object, uniform type mismatch); "               \
     "GL_INVALID_OPERATION is recorded and nothing else happens")               \
  XX(36, CLIENT_ARRAYS_NOT_MODELLED, ERROR,                                     \
     "no longer raised: client-side vertex and index arrays draw (sent "        \
     "through the immediate-mode port, nngx_gl_dmp(3)); the number stays "      \
     "reserved")                                                                \
  XX(37, NORMALIZED_IGNORED, WARNING,                                           \
     "the PICA200 vertex loader does not normalise: normalized = GL_TRUE is "   \
     "ignored and integer attributes reach the shader unscaled (scale them in " \
     "the shader)")                                                             \
  XX(38, PRIMITIVE_NOT_SUPPORTED, ERROR,                                        \
     "the PICA200 draws triangles only (GL_TRIANGLES, GL_TRIANGLE_STRIP, "      \
     "GL_TRIANGLE_FAN, GL_GEOMETRY_PRIMITIVE_DMP); points and lines record "    \
     "GL_INVALID_ENUM and draw nothing")                                        \
  XX(39, LINK_FAILED, WARNING,                                                  \
     "glLinkProgram failed: GL_LINK_STATUS is GL_FALSE, no GL error is "        \
     "recorded, and the executable of the last successful link stays in use")  \
  XX(40, CULL_FRONT_AND_BACK, WARNING,                                          \
     "the PICA200 cannot cull both faces at once; while GL_FRONT_AND_BACK "     \
     "culling is enabled, draws are skipped (nothing is shaded or counted)")    \
  XX(41, TEXTURE_INCOMPLETE, WARNING,                                           \
     "a texture unit is on (dmp_Texture[i].samplerType) but the texture bound " \
     "to it has no level 0 (the unit is switched off for the draw) or lacks "   \
     "mip levels its minification filter needs (the levels present are read)") \
  XX(42, FRAMEBUFFER_INCOMPLETE, ERROR,                                         \
     "the bound framebuffer is not complete (see glCheckFramebufferStatus); "   \
     "draws and clears record GL_INVALID_FRAMEBUFFER_OPERATION and do nothing") \
  XX(43, DEFAULT_FRAMEBUFFER_PLACED, DEBUG,                                     \
     "framebuffer 0 got its storage on first use: a 240x400 RGBA8 colour "      \
     "buffer in VRAM A and a D24S8 depth-stencil buffer in VRAM B")             \
  XX(44, DISPLAY_ARGUMENT_REJECTED, ERROR,                                      \
     "an argument is outside what the SDK reference allows (display id, "       \
     "display buffer size, format or area, DMA size); the documented "          \
     "GL_ERROR_xxxx_DMP code is recorded and nothing else happens")             \
  XX(45, DISPLAYBUFFER_NOT_READY, ERROR,                                        \
     "the call needs a display buffer with storage: generate one, bind it to "  \
     "the display target and give it nngxDisplaybufferStorage; where the SDK "  \
     "reference documents a code it is recorded, and the call does nothing")   \
  XX(46, DISPLAYBUFFER_NO_MEMORY, ERROR,                                        \
     "the display buffer's storage could not be placed (the area is full or "   \
     "the program's allocator returned NULL); GL_ERROR_8025_DMP is recorded "   \
     "and the buffers keep their old storage")                                  \
  XX(47, DISPLAY_REGION_OUTSIDE, ERROR,                                         \
     "the screen's region (240 pixels by 400 or 320 lines from the "            \
     "nngxDisplayEnv offset) must lie inside the display buffer and start "     \
     "16-byte aligned; GL_ERROR_8031_DMP, 9001 or 8053 is recorded (no error "  \
     "for nngxSwapBuffersByAddress's unaligned address) and nothing is "        \
     "swapped")                                                                 \
  XX(48, TRANSFER_REJECTED, ERROR,                                              \
     "nngxTransferRenderImage was refused: no colour buffer (802A), an "        \
     "origin not on 8-pixel blocks (802D), more than the colour buffer holds "  \
     "(802C), an RGB8 display buffer not a multiple of 16 wide (805A); or, "    \
     "with no GL error, what the model copies only whole rows of: a colorx "    \
     "other than 0 or a colour buffer not the display buffer's width times "    \
     "the anti-aliasing scale. Nothing is added")                               \
  XX(49, CLEAR_WHOLE_BUFFER, WARNING,                                           \
     "glClear is a memory fill: it clears whole buffers, ignoring the scissor " \
     "test and the colour, depth and stencil write masks, and fills depth and " \
     "stencil of a D24S8 buffer together")                                      \
  XX(50, MEMORY_NOT_SIMULATED, ERROR,                                           \
     "an address is neither memory the engines reach nor, where the call "      \
     "allows it (a DMA source, an L2B or B2L side), program memory this "      \
     "process can read or write: in the "                                       \
     "console address space device memory 0x14000000-0x1BFFFFFF and VRAM "     \
     "0x1F000000-0x1F5FFFFF (a range inside one area); in the host one, "       \
     "pointers from nngxShimAllocMemory or nngxShimGetHostPointer covering "   \
     "the whole size, or VRAM window addresses inside one bank; nothing is "   \
     "added")                                                                   \
  XX(51, PROFILING_MISBEHAVED, WARNING,                                         \
     "profiling.misbehave_during_cmdlist is true, so this call during "         \
     "command-list execution misbehaved on purpose: a result read returns the " \
     "previous read's values and resets nothing; a start, stop or parameter "   \
     "change is lost")                                                          \
  XX(52, VSYNC_CALLBACKS_SKIPPED, WARNING,                                      \
     "one wait passed more vertical blanks than the callback limit (2^20), "    \
     "or several blanks passed inside a callback's wait; the VSync callbacks "  \
     "of the rest were not called (inside a callback: they run once for all)")  \
  XX(53, BUSY_NOT_STARTED, WARNING,                                             \
     "the busy counter was read without a nngxStartProfiling("                  \
     "NN_GX_PROFILING_BUSY) since power-on, so it reads zeros: set the "        \
     "sampling parameters and start it first")                                  \
  XX(54, REPEATS_SUPPRESSED, WARNING,                                           \
     "a diagnostic was shown on standard error diagnostics.repeat_limit "       \
     "times; its later repeats were counted but not shown, and this is their "  \
     "count")                                                                   \
  XX(60, REQUEST_LIMIT, ERROR,                                                  \
     "a command buffer went past its bound on host work (limits.request_work) " \
     "or virtual time (limits.request_clocks), as a corrupt or hostile stream " \
     "would; like a GPU fault, the draw stops where it is, what ran stays "     \
     "done and counted, and the rest of that command buffer is skipped")       \
  XX(61, THREADS_OVERLAP, ERROR,                                                \
     "calls into libnngx must not overlap: a thread called while another "      \
     "thread was inside the library (both are named); this call waited for "    \
     "the other to return, then ran")                                          \
  XX(70, RESULT_BUFFER_SHORT, ERROR,                                            \
     "nngxShimGetProfilingResultSized got a buffer shorter than the item's "    \
     "result; no GL error, nothing written, nothing read or cleared")          \
  XX(71, HOST_OUT_OF_MEMORY, ERROR,                                             \
     "the host ran out of memory where the call has no GL error for it "        \
     "(start-up, configuration load): what needed the memory was refused or "   \
     "put off, and the detail says which")                                     \
  XX(72, GPU_OUT_OF_MEMORY, ERROR,                                              \
     "the simulated GPU ran out of host memory running a command-list "         \
     "request: GL_OUT_OF_MEMORY is recorded and the request stopped there "     \
     "(the rest of its commands did not run); the next requests still run")    \
  XX(80, CAPTURE_OPEN_FAILED, ERROR,                                            \
     "a capture, trace or frame-dump output (NNGX_CAPTURE, NNGX_TRACE, "        \
     "NNGX_DUMP_FRAMES or the capture.* keys) could not be opened; that "       \
     "output is off and the program runs on unchanged")                        \
  XX(81, CAPTURE_WRITE_FAILED, ERROR,                                           \
     "writing a capture, trace or frame picture failed (disk full, ...); that " \
     "output stops and the program runs on unchanged")                         \
  XX(82, CAPTURE_STARTED, INFO,                                                 \
     "the capture is on: it records every frame, draw and transfer without "    \
     "touching the program's own profiling results")                           \
  XX(90, CALL_NOT_MODELLED, INFO,                                               \
     "the SDK call has no counterpart in the model (bus or driver priority, "   \
     "CPU data cache, LCD power): it is accepted and changes nothing; said "    \
     "once per function after each power-on")                                  \
  XX(91, CMDLIST_SAVE_REJECTED, ERROR,                                          \
     "a saved command-list call was refused (a save already open or none "      \
     "open, a bind during a save, a region the list does not hold, or no "      \
     "room for it); the SDK's GL error is recorded where it has one, and "      \
     "nothing changes")                                                         \
  XX(92, CMDLIST_COPY_REJECTED, ERROR,                                          \
     "nngxAddCmdlist or nngxCopyCmdlist was refused (a list unknown or "        \
     "without storage, the bound or a running list where neither may be, or "   \
     "no room); the SDK's GL error is recorded and nothing changes")            \
  XX(93, NO_PHYSICAL_ADDRESS, WARNING,                                          \
     "nngxGetPhysicalAddr: the address is neither in memory the library "       \
     "simulates nor in the VRAM banks' window (nngxGetVramStartAddr); 0 is "    \
     "returned")                                                                \
  XX(94, CMDLIST_POINTER_OUTSIDE, ERROR,                                        \
     "nngxMoveCommandbufferPointer would move the write position outside the "  \
     "buffer or back into commands already closed into requests; "              \
     "GL_ERROR_8061_DMP is recorded and nothing moves")                         \
  XX(95, CMDLIST_EXPORT_REJECTED, ERROR,                                        \
     "nngxExportCmdlist, nngxImportCmdlist or nngxGetExportedCmdlistInfo was "  \
     "refused (list 0 or unknown, a region the list does not hold or whose "    \
     "bytes are not its render requests', a buffer too small, data that is "    \
     "no export of this library, no room); the SDK's GL error is recorded "     \
     "where it has one, and nothing changes")                                   \
  XX(100, RAW_CMDLIST_INVALID, ERROR,                                           \
     "a Raw call got a NULL nngxCommandList, or one nngxCmdlistStorageRaw "     \
     "did not set up (or set up before the last nngxFinalize): nothing "        \
     "changes and a getter returns 0")                                          \
  XX(101, RAW_CMDLIST_REJECTED, ERROR,                                          \
     "a Raw call was refused (the list running, no room, an id outside the "    \
     "queue, a fill channel out of rule): the GL error the SDK gives its "      \
     "bound counterpart is recorded and nothing changes")                      \
  XX(105, TRANSFER_ARGUMENT_REJECTED, ERROR,                                    \
     "an image transfer (nngxAddL2BTransferCommand, nngxAddB2LTransferCommand, " \
     "nngxAddBlockImageCopyCommand, nngxTransferLinearImage, "                 \
     "nngxFilterBlockImage) got an address, block size, anti-aliasing mode, "  \
     "format or size outside what the SDK allows; the SDK's code is recorded " \
     "where it has one, and nothing is added")                                 \
  XX(106, TRANSFER_TARGET_NOT_READY, ERROR,                                     \
     "nngxTransferLinearImage needs a renderbuffer or texture with storage "   \
     "in one of the five transfer formats (or, for id 0, a colour buffer in "  \
     "the bound framebuffer); cube maps are not modelled; nothing is added")   \
  XX(107, BLOCK32_AS_8X8, WARNING,                                              \
     "no longer raised: blocksize 32 transfers use the 32x32 block layout "    \
     "(the number is kept for programs that name it)")                         \
  XX(115, CMDLIST_RUNNING, ERROR,                                               \
     "a command-list call was refused because the list is running (the GPU "    \
     "has not finished the run that nngxRunCmdlist started): the SDK's code "   \
     "is recorded (8003, 8007, 800F, 8010, 8015) and nothing changes")          \
  XX(120, LUT_NOT_MODELLED, INFO,                                               \
     "a lookup table was loaded (glTexImage1D, glTexSubImage1D): it is kept, "  \
     "but draws do not read it (no fragment lighting, fog or procedural "       \
     "texture is computed); said once after each power-on")                     \
  XX(125, INIT_COMMAND_SHORT, ERROR,                                            \
     "nngxGetInitializationCommand got a buffer (data not NULL) with a "        \
     "datasize below the size of the initialisation commands, or negative: "    \
     "nothing is copied, the size is still returned, no GL error")              \
  XX(126, SUBROUTINE_REJECTED, ERROR,                                           \
     "nngxAddSubroutineCommand refused its buffer: a NULL or not 16-byte "      \
     "aligned bufferaddr, or a buffersize that is not a positive multiple of "  \
     "16 (or does not fit CMDBUF_SIZE0); nothing is added, no GL error")     \
  XX(140, PROGRAM_BLOCK_REJECTED, ERROR,                                        \
     "glRestoreProgramsDMP was given data that is not a block "                 \
     "glSaveProgramsDMP wrote, or one changed since (a check word, a "          \
     "field, a shader binary or a reserved uniform out of rule): "              \
     "GL_INVALID_VALUE is recorded and no program changes")                     \
  XX(141, COLLECTION_BLOCK_REJECTED, ERROR,                                     \
     "glRestoreVertexStateCollectionsDMP or glRestoreTextureCollectionsDMP "    \
     "was given data that is not a block its save call wrote, or one changed "  \
     "since, or one naming a buffer or texture that is no longer one: "         \
     "GL_INVALID_VALUE is recorded and no collection changes")                 \
  XX(150, CALLBACK_CALL_REFUSED, ERROR,                                         \
     "an allocator, deallocator or diagnostic callback, which runs inside a "   \
     "library call that is not done, made a call that would end, reset, free, " \
     "reallocate or run what that call still uses (libnngx(7), Callbacks): "    \
     "refused, the SDK's code recorded where it has one, nothing changes")      \
  XX(151, CLOCK_SATURATED, WARNING,                                             \
     "virtual time reached the last clock the 64-bit counter holds "            \
     "(2^64 - 1): it stops there, and work or injected busy time that would "   \
     "end later is cut at that clock")                                         \
  XX(152, ADDRESS_SPACE_HOST, WARNING,                                          \
     "the console's address space (device memory at 0x14000000, VRAM at "      \
     "0x1F000000) could not be mapped in this process, or NNGX_ADDRESS_SPACE=" \
     "host asked not to: addresses the API hands out are simulated physical "   \
     "addresses, not pointers (nngxShimGetHostPointer converts), and the "      \
     "library places every object itself; said once per power-on, at "         \
     "nngxInitialize")                                                          \
  XX(153, OBJECT_PLACED_BY_LIBRARY, INFO,                                       \
     "the block the program's allocator returned for an object is not "        \
     "GPU-visible memory (a plain malloc) or not 8-byte aligned: the object "   \
     "lives where the library placed it instead, and the block goes back to "   \
     "the deallocator when the object does; said once per power-on (a "        \
     "misaligned block every time)")

typedef enum nngxShimDiagId {
#define NNGX_SHIM_DIAG_ENUM_(num, name, sev, rule) NNGX_SHIM_DIAG_##name = num,
	NNGX_SHIM_DIAG_MAP(NNGX_SHIM_DIAG_ENUM_)
#undef NNGX_SHIM_DIAG_ENUM_
	NNGX_SHIM_DIAG_MAX_
} nngxShimDiagId;

typedef struct nngxShimDiagnostic {
	nngxShimDiagId id;
	const char *name;       /* "INVALID_START_ITEM", ... */
	GLint severity;         /* NNGX_SHIM_SEVERITY_* */
	const char *function;   /* the API function that was called */
	const char *rule;       /* the one-line rule from the table above */
	const char *detail;     /* what this call did, with its arguments */
} nngxShimDiagnostic;

typedef void (*nngxShimDiagCallback)(const nngxShimDiagnostic *diagnostic, void *user);

/* Send diagnostics at or above the level to `callback` instead of stderr;
 * NULL restores the default (one line on stderr each). */
void nngxShimSetDiagCallback(nngxShimDiagCallback callback, void *user);

/* Lowest severity shown (NNGX_SHIM_SEVERITY_* or NNGX_SHIM_LEVEL_OFF).
 * Out of range records GL_INVALID_VALUE. Default: the configuration's
 * diagnostics.level, overridden by the NNGX_DIAG_LEVEL environment variable. */
void nngxShimSetDiagLevel(GLint level);
GLint nngxShimGetDiagLevel(void);

/* ID text ("INVALID_START_ITEM") and rule of a diagnostic; NULL if unknown. */
const char *nngxShimGetDiagName(GLint id);
const char *nngxShimGetDiagRule(GLint id);

/* How many times a diagnostic was raised since the last reset, whether or
 * not the level let it through. */
GLuint nngxShimGetDiagCount(GLint id);

/* ---- Profiling -------------------------------------------------------- */

/* nngxGetProfilingResult with the size of `result` in words: a buffer
 * shorter than the item's result (NN_GX_PROFILING_RESULT_BUFSIZE_*) is
 * refused with RESULT_BUFFER_SHORT, nothing written and nothing read or
 * cleared. Otherwise exactly nngxGetProfilingResult (same GL errors, same
 * diagnostics); it writes only the item's words. */
void nngxShimGetProfilingResultSized(GLenum item, GLuint *result, GLsizei words);

/* ---- GL objects ------------------------------------------------------- */

/* The simulated physical address of buffer object `buffer`'s storage (in
 * the area glBufferData placed it), or 0 when the name is no buffer or the
 * buffer has no storage yet. Raw command buffers (nngxAdd3DCommand) can
 * name the same data with it, as GPU commands name memory. */
GLuint nngxShimGetBufferAddress(GLuint buffer);

/* The simulated physical address of texture `texture`'s storage (level 0;
 * the other mip levels follow it), or 0 when the name is no texture or
 * the texture has no storage yet. */
GLuint nngxShimGetTextureAddress(GLuint texture);

/* The simulated physical address of renderbuffer `renderbuffer`'s
 * storage, or 0 when the name is no renderbuffer or it has no storage. */
GLuint nngxShimGetRenderbufferAddress(GLuint renderbuffer);

/* The simulated physical address of display buffer `buffer`'s storage,
 * or 0 when the name is no display buffer or it has no storage. */
GLuint nngxShimGetDisplaybufferAddress(GLuint buffer);

/* ---- Simulated memory ------------------------------------------------- */

/* `size` bytes of simulated memory in `area` (NN_GX_MEM_FCRAM, _VRAMA or
 * _VRAMB), zeroed, 128-byte aligned: the host pointer the program reads
 * and writes it through, or NULL (bad area or size, area full). The
 * engines' destinations (nngxAddVramDmaCommand, nngxAddMemoryFillCommand)
 * are such memory. It stays the program's until nngxShimFreeMemory or
 * nngxFinalize. In the console address space (libnngx(7)) an FCRAM block
 * is device memory at its console address: the stand-in for nn::os
 * device memory, which the program's allocator may hand out parts of. */
GLvoid *nngxShimAllocMemory(GLenum area, GLsizei size);

/* Release a block from nngxShimAllocMemory (NULL does nothing). */
void nngxShimFreeMemory(GLvoid *ptr);

/* The host pointer of simulated physical address `phys` (a buffer,
 * texture, renderbuffer or display buffer address), or NULL outside
 * every block. In the console address space also of an address the API
 * hands out (device memory or VRAM), which is its own pointer. */
GLvoid *nngxShimGetHostPointer(GLuint phys);

/* ---- Configuration ---------------------------------------------------- */

/* Load a libconfig file (NULL: the NNGX_CONFIG environment variable, else
 * the installed default). GL_TRUE on success; on failure GL_FALSE, the
 * previous settings stay and nngxShimGetConfigError() says
 * "file:line: message". */
GLboolean nngxShimLoadConfig(const char *path);

/* The last configuration error, or "" when the last load succeeded. */
const char *nngxShimGetConfigError(void);

#ifdef __cplusplus
}
#endif

#endif
