/* conf_platform.c: what the suite needs from the platform, for an
 * implementation that runs as an ordinary hosted program (libnngx).
 *
 * Another target replaces this file only: it must provide
 * conf_platform_init (nngxInitialize with the target's allocator, one
 * command list with storage, bound, and a bound framebuffer with a colour
 * buffer for glClear), conf_platform_fini, conf_platform_command_buffer
 * and its free (memory the GPU runs commands from), and a main that calls
 * conf_main (or whatever entry point the target has).
 *
 * Part of libnngx (MIT licence). */
#include <stdio.h>
#include <stdlib.h>

#include <nngx_shim.h>

#include "conf.h"

#define CONF_CMDLIST_BYTES (256 * 1024)
#define CONF_CMDLIST_REQUESTS 64
#define CONF_COLOR_WIDTH 240            /* the upper screen, rotated */
#define CONF_COLOR_HEIGHT 400

static GLuint cmdlist;
static GLuint framebuffer, colorbuffer;

/* The graphics allocator: ordinary heap memory (libnngx simulates the
 * GPU's memory areas itself). */
static GLvoid *conf_allocate(GLenum area, GLenum usage, GLuint name, GLsizei size)
{
	(void)area;
	(void)usage;
	(void)name;
	return size > 0 ? malloc((size_t)size) : NULL;
}

static void conf_deallocate(GLenum area, GLenum usage, GLuint name, GLvoid *addr)
{
	(void)area;
	(void)usage;
	(void)name;
	free(addr);
}

/* libnngx runs commands from its simulated memory only. */
GLvoid *conf_platform_command_buffer(GLsizei bytes)
{
	return nngxShimAllocMemory(NN_GX_MEM_FCRAM, bytes);
}

void conf_platform_command_buffer_free(GLvoid *buffer)
{
	nngxShimFreeMemory(buffer);
}

int conf_platform_init(void)
{
	if (!nngxInitialize(conf_allocate, conf_deallocate)) {
		fprintf(stderr, "nngx-conformance: nngxInitialize failed\n");
		return -1;
	}
	nngxGenCmdlists(1, &cmdlist);
	nngxBindCmdlist(cmdlist);
	nngxCmdlistStorage(CONF_CMDLIST_BYTES, CONF_CMDLIST_REQUESTS);

	glGenFramebuffers(1, &framebuffer);
	glGenRenderbuffers(1, &colorbuffer);
	glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
	glBindRenderbuffer(GL_RENDERBUFFER, colorbuffer);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8_OES, CONF_COLOR_WIDTH, CONF_COLOR_HEIGHT);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER,
				  colorbuffer);
	if (glGetError() != GL_NO_ERROR) {
		fprintf(stderr, "nngx-conformance: setting up the command list and the "
			"framebuffer recorded a GL error\n");
		return -1;
	}
	return 0;
}

void conf_platform_fini(void)
{
	nngxStopProfiling(NN_GX_PROFILING_BUSY);
	nngxStopProfiling(NN_GX_PROFILING_VERTEX_CACHE);
	glDeleteFramebuffers(1, &framebuffer);
	glDeleteRenderbuffers(1, &colorbuffer);
	nngxBindCmdlist(0);
	nngxDeleteCmdlists(1, &cmdlist);
	nngxFinalize();
}

int main(int argc, char **argv)
{
	int status;

	if (conf_platform_init() != 0)
		return 2;
	status = conf_main(argc, argv);
	conf_platform_fini();
	return status;
}
