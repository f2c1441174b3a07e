/* nn/gx/CTR/gx_CTR.h: the nngx API of the 3DS SDK as libnngx provides it.
 *
 * Part of libnngx (MIT licence), written for libnngx. The numeric values are
 * the public ABI facts that code written for the SDK was compiled with, so
 * that such code builds and behaves the same against this header. */
#ifndef NNGX_NN_GX_CTR_GX_CTR_H
#define NNGX_NN_GX_CTR_GX_CTR_H

#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

/* Linkage decorations of the nngx API: empty, as with the SDK's GCC and
 * ARMCC builds (the library's exports are chosen at link time). */
#ifndef NNGX_APICALL
#define NNGX_APICALL
#endif
#ifndef NNGX_APIENTRY
#define NNGX_APIENTRY
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Profiling items (nngxStart/StopProfiling, nngxGetProfilingResult) */
#define NN_GX_PROFILING_BUSY                            0x0900
#define NN_GX_PROFILING_INTERRUPT                       0x0901 /* declared, not modelled */
#define NN_GX_PROFILING_VERTEX_SHADER0                  0x0902
#define NN_GX_PROFILING_VERTEX_SHADER1                  0x0903
#define NN_GX_PROFILING_VERTEX_SHADER2                  0x0904
#define NN_GX_PROFILING_VERTEX_SHADER3                  0x0905
#define NN_GX_PROFILING_VERTEX_CACHE                    0x0906
#define NN_GX_PROFILING_POLYGON                         0x0907
#define NN_GX_PROFILING_FRAGMENT                        0x0908
#define NN_GX_PROFILING_MEMORY_ACCESS                   0x0909

/* ---- Profiling parameters (nngxSet/GetProfilingParameter) */
#define NN_GX_PROFILING_BUSY_SAMPLING_TIME              0x0910 /* GPU clocks, 1..65535 */
#define NN_GX_PROFILING_BUSY_SAMPLING_COUNT             0x0911 /* windows, 0..65535 */
#define NN_GX_PROFILING_INTERRUPT_ENABLE                0x0912 /* declared, not modelled */
#define NN_GX_PROFILING_INTERRUPT_TRIGGER               0x0913 /* declared, not modelled */
#define NN_GX_PROFILING_INTERRUPT_IS_LOGGING            0x0914 /* declared, not modelled */
#define NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND 0x0915 /* 1..244 */
#define NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND  0x0916 /* 1..244537 */

/* ---- Result sizes, in GLuint words */
#define NN_GX_PROFILING_RESULT_BUFSIZE_BUSY             4
#define NN_GX_PROFILING_RESULT_BUFSIZE_INTERRUPT        48
#define NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_SHADER0   5
#define NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_SHADER1   5
#define NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_SHADER2   5
#define NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_SHADER3   5
#define NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_CACHE     1
#define NN_GX_PROFILING_RESULT_BUFSIZE_POLYGON          3
#define NN_GX_PROFILING_RESULT_BUFSIZE_FRAGMENT         1
#define NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS    18

/* ---- Memory areas and usages for the nngxInitialize allocator */
#define NN_GX_MEM_FCRAM                                 0x00010000
#define NN_GX_MEM_VRAMA                                 0x00020000
#define NN_GX_MEM_VRAMB                                 0x00030000
#define NN_GX_MEM_SYSTEM                                0x0100
#define NN_GX_MEM_TEXTURE                               0x0101
#define NN_GX_MEM_VERTEXBUFFER                          0x0102
#define NN_GX_MEM_RENDERBUFFER                          0x0103
#define NN_GX_MEM_DISPLAYBUFFER                         0x0104
#define NN_GX_MEM_COMMANDBUFFER                         0x0105

/* ---- Command lists */
#define NN_GX_CMDLIST_RUN_MODE                          0x0200
#define NN_GX_CMDLIST_IS_RUNNING                        0x0201
#define NN_GX_CMDLIST_USED_BUFSIZE                      0x0202
#define NN_GX_CMDLIST_USED_REQCOUNT                     0x0203
#define NN_GX_CMDLIST_MAX_BUFSIZE                       0x0204
#define NN_GX_CMDLIST_MAX_REQCOUNT                      0x0205
#define NN_GX_CMDLIST_TOP_BUFADDR                       0x0206
#define NN_GX_CMDLIST_BINDING                           0x0207
#define NN_GX_CMDLIST_CURRENT_BUFADDR                   0x0208
#define NN_GX_CMDLIST_RUN_BUFSIZE                       0x0209
#define NN_GX_CMDLIST_RUN_REQCOUNT                      0x020a
#define NN_GX_CMDLIST_TOP_REQADDR                       0x020b
#define NN_GX_CMDLIST_NEXT_REQTYPE                      0x020c
#define NN_GX_CMDLIST_NEXT_REQINFO                      0x020d
#define NN_GX_CMDLIST_HW_STATE                          0x020e
#define NN_GX_CMDLIST_GAS_UPDATE                        0x020f
#define NN_GX_CMDLIST_SERIAL_RUN                        0x0300
#define NN_GX_CMDLIST_PARALLEL_RUN                      0x0301
#define NN_GX_CMDLIST_SYNC_RUN                          0x0302
#define NN_GX_CMDLIST_REQTYPE_DMA                       0x0310
#define NN_GX_CMDLIST_REQTYPE_RUN3D                     0x0311
#define NN_GX_CMDLIST_REQTYPE_FILLMEM                   0x0312
#define NN_GX_CMDLIST_REQTYPE_POSTTRANS                 0x0313
#define NN_GX_CMDLIST_REQTYPE_COPYTEX                   0x0314

/* ---- Displays */
#define NN_GX_DISPLAY0                                  0x0400 /* upper screen */
#define NN_GX_DISPLAY1                                  0x0401 /* lower screen */
#define NN_GX_DISPLAY_BOTH                              0x0402
#define NN_GX_DISPLAY0_EXT                              0x0410 /* upper, right eye */
#define NN_GX_DISPLAY0_LEFT                             NN_GX_DISPLAY0
#define NN_GX_DISPLAY0_RIGHT                            NN_GX_DISPLAY0_EXT
#define NN_GX_ANTIALIASE_NOT_USED                       0x0500
#define NN_GX_ANTIALIASE_2x1                            0x0501
#define NN_GX_ANTIALIASE_2x2                            0x0502
#define NN_GX_DISPLAYBUFFER_ADDRESS                     0x0600
#define NN_GX_DISPLAYBUFFER_FORMAT                      0x0601
#define NN_GX_DISPLAYBUFFER_WIDTH                       0x0602
#define NN_GX_DISPLAYBUFFER_HEIGHT                      0x0603
#define NN_GX_DISPLAYMODE_NORMAL                        0x0700
#define NN_GX_DISPLAYMODE_RESERVED                      0x0701
#define NN_GX_DISPLAYMODE_STEREO                        0x0702

/* ---- State flags (statemask of nngxValidateState, nngxUpdateState,
 * nngxInvalidateState, nngxUseSavedCmdlist) */
#define NN_GX_STATE_SHADERBINARY                        0x00000001
#define NN_GX_STATE_SHADERPROGRAM                       0x00000002
#define NN_GX_STATE_SHADERMODE                          0x00000004
#define NN_GX_STATE_SHADERFLOAT                         0x00000008
#define NN_GX_STATE_VSUNIFORM                           0x00000010
#define NN_GX_STATE_FSUNIFORM                           0x00000020
#define NN_GX_STATE_LUT                                 0x00000040
#define NN_GX_STATE_TEXTURE                             0x00000080
#define NN_GX_STATE_FRAMEBUFFER                         0x00000100
#define NN_GX_STATE_VERTEX                              0x00000200
#define NN_GX_STATE_TRIOFFSET                           0x00000400
#define NN_GX_STATE_FBACCESS                            0x00000800
#define NN_GX_STATE_SCISSOR                             0x00001000
#define NN_GX_STATE_OTHERS                              0x00002000
#define NN_GX_STATE_ALL                                 0x00003fff

/* ---- Command generation modes (nngxSetCommandGenerationMode) */
#define NN_GX_CMDGEN_MODE_CONDITIONAL                   0x0800
#define NN_GX_CMDGEN_MODE_UNCONDITIONAL                 0x0801

/* ---- Profiling functions.
 * Errors are recorded in the GL error flag (glGetError); a call that records
 * an error changes nothing else. */
void nngxStartProfiling(GLenum item);
void nngxStopProfiling(GLenum item);
void nngxSetProfilingParameter(GLenum pname, GLuint param);
void nngxGetProfilingParameter(GLenum pname, GLuint *param);
void nngxGetProfilingResult(GLenum item, GLuint *result);

/* ---- Initialization */
GLboolean nngxInitialize(GLvoid *(*allocator)(GLenum area, GLenum usage, GLuint name,
					      GLsizei size),
			 void (*deallocator)(GLenum area, GLenum usage, GLuint name,
					     GLvoid *addr));
void nngxFinalize(void);
GLboolean nngxGetIsInitialized(void);
/* The functions given to nngxInitialize (NULL outputs are skipped). */
void nngxGetAllocator(GLvoid *(**allocator)(GLenum area, GLenum usage, GLuint name,
					    GLsizei size),
		      void (**deallocator)(GLenum area, GLenum usage, GLuint name, GLvoid *addr));
/* Bytes of the GPU-initialisation commands; copied into `data` when it is
 * not NULL and `datasize` holds them all (nngx_init(3)). */
GLsizei nngxGetInitializationCommand(GLsizei datasize, GLvoid *data);

/* ---- Command lists */
void nngxGenCmdlists(GLsizei n, GLuint *cmdlists);
void nngxDeleteCmdlists(GLsizei n, const GLuint *cmdlists);
void nngxBindCmdlist(GLuint cmdlist);
void nngxCmdlistStorage(GLsizei bufsize, GLsizei requestcount);
void nngxRunCmdlist(void);
void nngxRunCmdlistByID(GLuint cmdlist);
void nngxStopCmdlist(void);
void nngxReserveStopCmdlist(GLint id);
void nngxSplitDrawCmdlist(void);
void nngxClearCmdlist(void);
/* Clear the bound list and fill its whole buffer with the word `data`. */
void nngxClearFillCmdlist(GLuint data);
/* Move the bound list's write position by `offset` bytes, over commands
 * the program wrote there itself (at NN_GX_CMDLIST_CURRENT_BUFADDR). */
void nngxMoveCommandbufferPointer(GLint offset);
void nngxWaitCmdlistDone(void);
void nngxSetTimeout(GLint64EXT time, void (*callback)(void));
GLboolean nngxGetIsRunning(void);
void nngxSetCmdlistParameteri(GLenum pname, GLint param);
void nngxGetCmdlistParameteri(GLenum pname, GLint *param);
void nngxSetCmdlistCallback(void (*func)(GLint));
void nngxEnableCmdlistCallback(GLint id);
void nngxDisableCmdlistCallback(GLint id);
/* Gas accumulation is not modelled: accepted, changes nothing. */
void nngxSetGasAutoAccumulationUpdate(GLint id);
void nngxFlush3DCommand(void);
void nngxFlush3DCommandNoCacheFlush(void);
void nngxFlush3DCommandPartially(GLsizei buffersize);
void nngxAdd3DCommand(const GLvoid *bufferaddr, GLsizei buffersize, GLboolean copycommand);
void nngxAdd3DCommandNoCacheFlush(const GLvoid *bufferaddr, GLsizei buffersize);
void nngxAddJumpCommand(const GLvoid *bufferaddr, GLsizei buffersize);
void nngxAddSubroutineCommand(const GLvoid *bufferaddr, GLsizei buffersize);
void nngxAddVramDmaCommand(const GLvoid *srcaddr, GLvoid *dstaddr, GLsizei size);
void nngxAddVramDmaCommandNoCacheFlush(const GLvoid *srcaddr, GLvoid *dstaddr, GLsizei size);
void nngxAddCmdlist(GLuint cmdlist);
void nngxCopyCmdlist(GLuint scmdlist, GLuint dcmdlist);

/* ---- State validation and command generation */
void nngxValidateState(GLbitfield statemask, GLboolean drawelements);
void nngxUpdateState(GLbitfield statemask);
void nngxGetUpdatedState(GLbitfield *statemask);
void nngxInvalidateState(GLbitfield statemask);
void nngxSetCommandGenerationMode(GLenum mode);
void nngxGetCommandGenerationMode(GLenum *mode);

/* ---- Saved command lists */
void nngxStartCmdlistSave(void);
void nngxStopCmdlistSave(GLuint *bufferoffset, GLsizei *buffersize, GLuint *requestid,
			 GLsizei *requestsize);
void nngxUseSavedCmdlist(GLuint cmdlist, GLuint bufferoffset, GLsizei buffersize,
			 GLuint requestid, GLsizei requestsize, GLbitfield statemask,
			 GLboolean copycmd);
void nngxUseSavedCmdlistNoCacheFlush(GLuint cmdlist, GLuint bufferoffset, GLsizei buffersize,
				     GLuint requestid, GLsizei requestsize, GLbitfield statemask);
GLsizei nngxExportCmdlist(GLuint cmdlist, GLuint bufferoffset, GLsizei buffersize,
			  GLuint requestid, GLsizei requestsize, GLsizei datasize, GLvoid *data);
void nngxImportCmdlist(GLuint cmdlist, GLvoid *data, GLsizei datasize);
void nngxGetExportedCmdlistInfo(GLvoid *data, GLsizei *buffersize, GLsizei *requestsize,
				GLuint *bufferoffset);
void nngxAddMemoryFillCommand(GLvoid *startaddr0, GLsizei size0, GLuint data0, GLsizei width0,
			      GLvoid *startaddr1, GLsizei size1, GLuint data1, GLsizei width1);
void nngxAddL2BTransferCommand(const GLvoid *srcaddr, GLvoid *dstaddr, GLsizei width,
			       GLsizei height, GLenum format, GLsizei blocksize);
void nngxAddB2LTransferCommand(const GLvoid *srcaddr, GLsizei srcwidth, GLsizei srcheight,
			       GLenum srcformat, GLvoid *dstaddr, GLsizei dstwidth,
			       GLsizei dstheight, GLenum dstformat, GLenum aamode,
			       GLboolean yflip, GLsizei blocksize);
void nngxAddBlockImageCopyCommand(const GLvoid *srcaddr, GLsizei srcunit, GLsizei srcinterval,
				  GLvoid *dstaddr, GLsizei dstunit, GLsizei dstinterval,
				  GLsizei totalsize);
void nngxTransferLinearImage(const GLvoid *srcaddr, GLuint dstid, GLenum target);
void nngxFilterBlockImage(const GLvoid *srcaddr, GLvoid *dstaddr, GLsizei width, GLsizei height,
			  GLenum format);

/* ---- Displays */
void nngxGenDisplaybuffers(GLsizei n, GLuint *buffers);
void nngxDeleteDisplaybuffers(GLsizei n, GLuint *buffers);
void nngxActiveDisplay(GLenum display);
void nngxBindDisplaybuffer(GLuint buffer);
void nngxDisplaybufferStorage(GLenum format, GLsizei width, GLsizei height, GLenum area);
void nngxDisplayEnv(GLint displayx, GLint displayy);
void nngxGetDisplaybufferParameteri(GLenum pname, GLint *param);
void nngxSetDisplayMode(GLenum mode);
void nngxTransferRenderImage(GLuint buffer, GLenum mode, GLboolean yflip, GLint colorx,
			     GLint colory);
void nngxSwapBuffers(GLenum display);
void nngxSwapBuffersByAddress(GLenum display, const GLvoid *addr, const GLvoid *addrB,
			      GLsizei width, GLenum format);
void nngxWaitVSync(GLenum display);
GLint nngxCheckVSync(GLenum display);
void nngxSetVSyncCallback(GLenum display, void (*func)(GLenum));

#ifdef __cplusplus
}
#endif

#endif
