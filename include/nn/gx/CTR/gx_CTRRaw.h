/* nn/gx/CTR/gx_CTRRaw.h: command lists owned by the program (the Raw API).
 *
 * Part of libnngx (MIT licence), written for libnngx. The object is the
 * SDK's size (68 bytes, 4-byte aligned) so that structs embedding it keep
 * their layout; its contents are the library's. */
#ifndef NNGX_NN_GX_CTR_GX_CTRRAW_H
#define NNGX_NN_GX_CTR_GX_CTRRAW_H

#include <GLES2/gl2.h>
#include <nn/gx/CTR/gx_CTR.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tag_nngxCommandList {
	unsigned int Reserved[17];
} nngxCommandList;

/* The same operations as gx_CTR.h's on the list `cmdlist` instead of the
 * bound one (nngx_raw(3)). The program provides the command buffer
 * (simulated memory) and the request memory, of
 * nngxGetCommandRequestSizeRaw(requestcount) bytes. */
void nngxCmdlistStorageRaw(nngxCommandList *cmdlist, GLsizei bufsize, GLvoid *commandbuffer,
			   GLsizei requestcount, GLvoid *commandrequest);
GLsizei nngxGetCommandRequestSizeRaw(GLsizei requestcount);
void nngxSplitDrawCmdlistRaw(nngxCommandList *cmdlist);
void nngxFlush3DCommandNoCacheFlushRaw(nngxCommandList *cmdlist);
void nngxFlush3DCommandPartiallyRaw(nngxCommandList *cmdlist, GLsizei buffersize);
void nngxAdd3DCommandNoCacheFlushRaw(nngxCommandList *cmdlist, const GLvoid *bufferaddr,
				     GLsizei buffersize);
void nngxMoveCommandbufferPointerRaw(nngxCommandList *cmdlist, GLint offset);
void nngxAddMemoryFillCommandRaw(nngxCommandList *cmdlist, GLvoid *startaddr0, GLsizei size0,
				 GLuint data0, GLsizei width0, GLvoid *startaddr1,
				 GLsizei size1, GLuint data1, GLsizei width1);
void nngxAddVramDmaCommandNoCacheFlushRaw(nngxCommandList *cmdlist, const GLvoid *srcaddr,
					  GLvoid *dstaddr, GLsizei size);
void nngxEnableCmdlistCallbackRaw(nngxCommandList *cmdlist, GLint id);
void nngxDisableCmdlistCallbackRaw(nngxCommandList *cmdlist, GLint id);
void nngxSetCmdlistCallbackRaw(nngxCommandList *cmdlist, void (*func)(GLint));
void nngxRunCmdlistRaw(nngxCommandList *cmdlist);
void nngxClearCmdlistRaw(nngxCommandList *cmdlist);
void nngxClearFillCmdlistRaw(nngxCommandList *cmdlist, GLuint data);
void nngxReserveStopCmdlistRaw(nngxCommandList *cmdlist, GLint id);
void nngxAddL2BTransferCommandRaw(nngxCommandList *cmdlist, const GLvoid *srcaddr,
				  GLvoid *dstaddr, GLsizei width, GLsizei height, GLenum format,
				  GLsizei blocksize);
void nngxAddB2LTransferCommandRaw(nngxCommandList *cmdlist, const GLvoid *srcaddr,
				  GLsizei srcwidth, GLsizei srcheight, GLenum srcformat,
				  GLvoid *dstaddr, GLsizei dstwidth, GLsizei dstheight,
				  GLenum dstformat, GLenum aamode, GLboolean yflip,
				  GLsizei blocksize);
void nngxAddBlockImageCopyCommandRaw(nngxCommandList *cmdlist, const GLvoid *srcaddr,
				     GLsizei srcunit, GLsizei srcinterval, GLvoid *dstaddr,
				     GLsizei dstunit, GLsizei dstinterval, GLsizei totalsize);
void nngxFilterBlockImageRaw(nngxCommandList *cmdlist, const GLvoid *srcaddr, GLvoid *dstaddr,
			     GLsizei width, GLsizei height, GLenum format);
void nngxSetGasAutoAccumulationUpdateRaw(nngxCommandList *cmdlist, GLint id);
void nngxSetGasUpdateRaw(nngxCommandList *cmdlist, GLboolean enable);
GLboolean nngxGetIsRunningRaw(nngxCommandList *cmdlist);
GLsizei nngxGetUsedBufferSizeRaw(nngxCommandList *cmdlist);
GLsizei nngxGetUsedRequestCountRaw(nngxCommandList *cmdlist);
GLsizei nngxGetMaxBufferSizeRaw(nngxCommandList *cmdlist);
GLsizei nngxGetMaxRequestCountRaw(nngxCommandList *cmdlist);
GLvoid *nngxGetTopBufferAddrRaw(nngxCommandList *cmdlist);
GLsizei nngxGetRunBufferSizeRaw(nngxCommandList *cmdlist);
GLsizei nngxGetRunRequestCountRaw(nngxCommandList *cmdlist);
GLvoid *nngxGetTopRequestAddrRaw(nngxCommandList *cmdlist);
GLenum nngxGetNextRequestTypeRaw(nngxCommandList *cmdlist);
GLvoid *nngxGetNextBufferAddrRaw(nngxCommandList *cmdlist);
GLsizei nngxGetNextBufferSizeRaw(nngxCommandList *cmdlist);
GLbitfield nngxGetHWStateRaw(void);
GLvoid *nngxGetCurrentBufferAddrRaw(nngxCommandList *cmdlist);

#ifdef __cplusplus
}
#endif

#endif
