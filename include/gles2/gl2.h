/*
 * gles2/gl2.h - the lower-case spelling of <GLES2/gl2.h>
 *
 * Part of libnngx.  MIT licence.
 * The SDK's own headers include both <gles2/...> and <GLES2/...>, which
 * resolves only on case-insensitive file systems; this directory serves
 * the same headers under the lower-case name.
 */

#include "../GLES2/gl2.h"
