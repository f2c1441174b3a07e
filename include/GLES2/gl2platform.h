/*
 * GLES2/gl2platform.h - platform decorations of the GL ES 2.0 headers
 *
 * Part of libnngx.  MIT licence.
 * Written for libnngx: the linkage macros GL code expects (GL_APICALL,
 * GL_APIENTRY) and the 64-bit integer types of the DMP extensions.
 */

#ifndef NNGX_GLES2_GL2PLATFORM_H
#define NNGX_GLES2_GL2PLATFORM_H

/* The library exports its GL entry points with default visibility, so
 * that a program built with -fvisibility=hidden still links them. */
#if defined(__GNUC__)
#define NNGX_GL_APICALL __attribute__((visibility("default")))
#else
#define NNGX_GL_APICALL
#endif

#ifndef GL_APICALL
#define GL_APICALL NNGX_GL_APICALL
#endif

#ifndef GL_APIENTRY
#define GL_APIENTRY
#endif

/* 64-bit integers (nngxSetTimeout, the nngxShim extensions). */
#ifndef NNGX_GLINT64EXT_DEFINED
#define NNGX_GLINT64EXT_DEFINED
typedef long long          GLint64EXT;
typedef unsigned long long GLuint64EXT;
#endif

#endif
