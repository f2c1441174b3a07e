/* conform_broken.c: a deliberately wrong implementation of the nngx API,
 * to prove that the conformance suite (conformance/) can fail.
 *
 * tests/conform_broken is the suite linked against libnngx with
 * `-Wl,--wrap=NAME` for the functions below: the suite's calls reach the
 * __wrap_NAME functions here, which call the library (__real_NAME) and
 * break one rule, the "mutant" named by NNGX_CONFORMANCE_MUTANT (none:
 * every call passes through unchanged). tests/conform-broken.sh runs each
 * mutant and compares the IDs of the failing cases with
 * tests/conform_broken.expected.
 *
 * The wrappers keep their own GL error flag, filled from the library's
 * (first error wins, as in GL), so that a mutant can change the code a
 * call records or record one the library would not.
 *
 * Part of libnngx (MIT licence). */
#include <stdlib.h>
#include <string.h>

#include <nn/gx.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

/* The library's functions, as --wrap names them. */
void __real_nngxStartProfiling(GLenum item);
void __real_nngxStopProfiling(GLenum item);
void __real_nngxSetProfilingParameter(GLenum pname, GLuint param);
void __real_nngxGetProfilingParameter(GLenum pname, GLuint *param);
void __real_nngxGetProfilingResult(GLenum item, GLuint *result);
GLenum __real_glGetError(void);
void __real_glClear(GLbitfield mask);
void __real_nngxDisplaybufferStorage(GLenum format, GLsizei width, GLsizei height, GLenum area);
void __real_nngxSwapBuffers(GLenum display);
void __real_nngxAddVramDmaCommand(const GLvoid *src, GLvoid *dst, GLsizei size);
void __real_nngxAddB2LTransferCommand(const GLvoid *srcaddr, GLsizei srcwidth, GLsizei srcheight,
				      GLenum srcformat, GLvoid *dstaddr, GLsizei dstwidth,
				      GLsizei dstheight, GLenum dstformat, GLenum aamode,
				      GLboolean yflip, GLsizei blocksize);
void __real_nngxFilterBlockImage(const GLvoid *srcaddr, GLvoid *dstaddr, GLsizei width,
				 GLsizei height, GLenum format);

void __wrap_nngxStartProfiling(GLenum item);
void __wrap_nngxStopProfiling(GLenum item);
void __wrap_nngxSetProfilingParameter(GLenum pname, GLuint param);
void __wrap_nngxGetProfilingParameter(GLenum pname, GLuint *param);
void __wrap_nngxGetProfilingResult(GLenum item, GLuint *result);
GLenum __wrap_glGetError(void);
void __wrap_glClear(GLbitfield mask);
void __wrap_nngxDisplaybufferStorage(GLenum format, GLsizei width, GLsizei height, GLenum area);
void __wrap_nngxSwapBuffers(GLenum display);
void __wrap_nngxAddVramDmaCommand(const GLvoid *src, GLvoid *dst, GLsizei size);
void __wrap_nngxAddB2LTransferCommand(const GLvoid *srcaddr, GLsizei srcwidth, GLsizei srcheight,
				      GLenum srcformat, GLvoid *dstaddr, GLsizei dstwidth,
				      GLsizei dstheight, GLenum dstformat, GLenum aamode,
				      GLboolean yflip, GLsizei blocksize);
void __wrap_nngxFilterBlockImage(const GLvoid *srcaddr, GLvoid *dstaddr, GLsizei width,
				 GLsizei height, GLenum format);

/* XX(name): each breaks one rule (the comment says which). */
#define MUTANTS(XX)                                                                   \
	XX(start_accepts_counters)   /* start of VERTEX_SHADERn..MEMORY_ACCESS, INTERRUPT: no error */ \
	XX(start_masks_16_bits)      /* start looks at the item's low 16 bits only */ \
	XX(stop_records_80a2)        /* stop records 80A2 instead of 80A3 */          \
	XX(stop_rejects_vcache)      /* stop of VERTEX_CACHE records 80A3 */          \
	XX(result_zeroes_first)      /* a read clears result[0] before checking the item */ \
	XX(result_extra_word)        /* a read writes one word past the item's size */ \
	XX(result_short_memory)      /* MEMORY_ACCESS writes 17 words */              \
	XX(result_null_error)        /* a NULL result records 80A4 */                  \
	XX(setp_param_first)         /* an out-of-range param is found before the bad pname */ \
	XX(setp_truncates_16_bits)   /* time and count are cut to 16 bits before the check */ \
	XX(setp_us_245)              /* 245 us is accepted (65660 clocks, cut to 16 bits) */ \
	XX(setp_multiplies_first)    /* us and ns are multiplied by 268 in 32 bits, then checked */ \
	XX(setp_ns_rounds)           /* ns are rounded to clocks, not truncated */    \
	XX(setp_count_from_1)        /* count 0 records 80A6 */                        \
	XX(setp_stores_on_error)     /* an out-of-range time is stored (clamped) before 80A6 */ \
	XX(getp_no_80a7)             /* an invalid pname records nothing */           \
	XX(getp_us_rounds)           /* the time read in us is rounded */             \
	XX(flag_last_wins)           /* a later error replaces the one in the flag */ \
	XX(flag_keeps_80a6)          /* glGetError returns 80A6 and keeps it for one more read */  \
	XX(busy_read_keeps)          /* a read of BUSY does not reset the counts */   \
	XX(busy_no_autostop)         /* the busy counter ignores the count */          \
	XX(busy_halves_swapped)      /* module 2i in bits 31:16, 2i+1 in 15:0 */       \
	XX(busy_start_keeps)         /* a start keeps the counts it had */             \
	XX(dbstor_any_size)          /* sizes need not be multiples of 8 */            \
	XX(dbstor_format_first)      /* the format is checked before the size */      \
	XX(dbstor_stores_on_error)   /* a bad format stores RGB565 before 8023 */      \
	XX(swap_accepts_ext)         /* NN_GX_DISPLAY0_EXT swaps the upper screen */  \
	XX(swap_masks_16_bits)       /* the display's low 16 bits only */             \
	XX(swap_outside_8032)        /* an origin outside the buffer records 8032 */  \
	XX(swap_stereo_8031)         /* stereo without a right-eye buffer records 8031 */ \
	XX(dma_size_first)           /* a negative size is found before the missing list */ \
	XX(dma_negative_ignored)     /* a negative size records nothing */            \
	XX(dma_adds_on_error)        /* a negative size still adds a request */       \
	XX(glclear_no_9801)          /* glClear with the requests used up records nothing */ \
	XX(start_ignores_invalid)    /* a start of an invalid item records nothing */ \
	XX(start_rejects_busy)       /* a start of BUSY records 80A2 */               \
	XX(start_rejects_vcache)     /* a start of VERTEX_CACHE records 80A2 */       \
	XX(stop_rejects_busy)        /* a stop of BUSY records 80A3 */                \
	XX(stop_twice_errors)        /* a stop of a stopped BUSY records 80A3 */      \
	XX(result_null_bad_item_ok)  /* an invalid item with a NULL result records nothing */ \
	XX(setp_ignores_bad_pname)   /* an invalid pname records nothing */           \
	XX(setp_bad_pname_stores)    /* an invalid pname's param is stored as time and count before 80A5 */ \
	XX(setp_max_exclusive)       /* the largest value of each range records 80A6 */ \
	XX(setp_min_exclusive)       /* the smallest time of each unit records 80A6 */ \
	XX(setp_ns_under_clock)      /* ns under one clock record 80A6 */              \
	XX(getp_rejects_valid)       /* every pname records 80A7 */                    \
	XX(getp_time_plus_1)         /* the time read in clocks is one too many */    \
	XX(getp_count_is_time)       /* the count reads the time */                    \
	XX(getp_ns_rounds)           /* the time read in ns is rounded */             \
	XX(getp_us_is_clocks)        /* the time read in us is the clocks */          \
	XX(flag_success_clears)      /* a successful call clears the flag */          \
	XX(dbstor_no_8021)           /* nothing bound records nothing */               \
	XX(dbstor_no_8022_nonpositive) /* a size of 0 or less records nothing */      \
	XX(dbstor_any_area)          /* any area is taken as VRAM A */                 \
	XX(dbstor_vramb_only)        /* areas other than VRAM B record 8024 */          \
	XX(swap_any_display)         /* any display other than the three swaps DISPLAY0 */ \
	XX(swap_no_8031)             /* a missing buffer or storage records nothing */ \
	XX(swap_no_8053)             /* a misaligned scan-out address records nothing */ \
	XX(swap_no_9001)             /* the right eye outside its buffer records nothing */ \
	XX(swap_rejects_display0)    /* NN_GX_DISPLAY0 records 8030 */                 \
	XX(dma_no_8062)              /* no command list with storage records nothing */ \
	XX(dbstor_no_8025)           /* an allocation that fails records nothing */   \
	XX(memory_ignores_fills)     /* MEMORY_ACCESS words 14 and 15 never move */    \
	XX(errors_bump_fragment)     /* every error recorded adds 1 to FRAGMENT */ \
	XX(b2l_aamode_first)         /* B2L checks aamode before everything else */   \
	XX(b2l_no_8083)              /* a B2L source too small records nothing */      \
	XX(filter_adds_on_error)     /* a filter size error still adds a request */

enum mutant {
	M_none,
#define MUTANT_ENUM(name) M_##name,
	MUTANTS(MUTANT_ENUM)
#undef MUTANT_ENUM
	M_unknown
};

static enum mutant mutant(void)
{
	static const char *const names[] = {
		"none",
#define MUTANT_NAME(name) #name,
		MUTANTS(MUTANT_NAME)
#undef MUTANT_NAME
	};
	static int chosen = -1;
	const char *env;
	int i;

	if (chosen >= 0)
		return (enum mutant)chosen;
	env = getenv("NNGX_CONFORMANCE_MUTANT");
	chosen = env && *env ? M_unknown : M_none;
	for (i = 0; env && i < (int)(sizeof names / sizeof names[0]); i++)
		if (strcmp(env, names[i]) == 0)
			chosen = i;
	if (chosen == M_unknown)
		abort();        /* a typo in the test must not pass as "no failures" */
	return (enum mutant)chosen;
}

#define IS(name) (mutant() == M_##name)

/* ---- the wrappers' error flag ---------------------------------------------- */

static GLenum flag;

/* errors_bump_fragment: errors recorded so far. */
static GLuint errors_seen;

static void record(GLenum code)
{
	if (code != GL_NO_ERROR)
		errors_seen++;
	if (code == GL_NO_ERROR) {
		if (IS(flag_success_clears))
			flag = GL_NO_ERROR;
		return;
	}
	if (flag == GL_NO_ERROR || IS(flag_last_wins))
		flag = code;
}

/* Move the library's flag into ours. */
static void pull(void)
{
	GLenum code = __real_glGetError();

	if (code != GL_NO_ERROR)
		record(code);
}

GLenum __wrap_glGetError(void)
{
	static int kept;
	GLenum code;

	pull();
	code = flag;
	if (IS(flag_keeps_80a6) && code == GL_ERROR_80A6_DMP && !kept)
		kept = 1;
	else
		flag = GL_NO_ERROR, kept = 0;
	return code;
}

/* The library's code for the call just made, taken out of its flag
 * (ours is untouched). */
static GLenum take(void)
{
	return __real_glGetError();
}

/* ---- profiling ---------------------------------------------------------------- */

static int item_valid(GLenum item)
{
	return item >= NN_GX_PROFILING_BUSY && item <= NN_GX_PROFILING_MEMORY_ACCESS
	       && item != NN_GX_PROFILING_INTERRUPT;
}

static unsigned item_words(GLenum item)
{
	switch (item) {
	case NN_GX_PROFILING_BUSY: return NN_GX_PROFILING_RESULT_BUFSIZE_BUSY;
	case NN_GX_PROFILING_VERTEX_CACHE: return NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_CACHE;
	case NN_GX_PROFILING_POLYGON: return NN_GX_PROFILING_RESULT_BUFSIZE_POLYGON;
	case NN_GX_PROFILING_FRAGMENT: return NN_GX_PROFILING_RESULT_BUFSIZE_FRAGMENT;
	case NN_GX_PROFILING_MEMORY_ACCESS: return NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS;
	default: return NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_SHADER0;
	}
}

static int pname_valid(GLenum pname)
{
	return pname == NN_GX_PROFILING_BUSY_SAMPLING_TIME
	       || pname == NN_GX_PROFILING_BUSY_SAMPLING_COUNT
	       || pname == NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND
	       || pname == NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND;
}

/* busy_read_keeps / busy_start_keeps: counts carried over, per module. */
static unsigned long carry[8];
/* busy_no_autostop: the count the program set. */
static GLuint count_set;
/* stop_twice_errors: BUSY was stopped and not started since. */
static int busy_stopped;

void __wrap_nngxStartProfiling(GLenum item)
{
	GLuint word[NN_GX_PROFILING_RESULT_BUFSIZE_BUSY];
	int i;

	pull();
	if (IS(start_ignores_invalid) && item != NN_GX_PROFILING_BUSY
	    && item != NN_GX_PROFILING_VERTEX_CACHE)
		return;
	if ((IS(start_rejects_busy) && item == NN_GX_PROFILING_BUSY)
	    || (IS(start_rejects_vcache) && item == NN_GX_PROFILING_VERTEX_CACHE)) {
		record(GL_ERROR_80A2_DMP);
		return;
	}
	if (item == NN_GX_PROFILING_BUSY)
		busy_stopped = 0;
	if (IS(start_accepts_counters) && item >= NN_GX_PROFILING_BUSY
	    && item <= NN_GX_PROFILING_MEMORY_ACCESS && item != NN_GX_PROFILING_BUSY
	    && item != NN_GX_PROFILING_VERTEX_CACHE)
		return;
	if (IS(start_masks_16_bits))
		item &= 0xFFFFu;
	if (IS(busy_start_keeps) && item == NN_GX_PROFILING_BUSY) {
		__real_nngxGetProfilingResult(NN_GX_PROFILING_BUSY, word);
		for (i = 0; i < 8; i++)
			carry[i] += word[i / 2] >> (i % 2 ? 16 : 0) & 0xFFFFu;
	}
	__real_nngxStartProfiling(item);
	record(take());
}

void __wrap_nngxStopProfiling(GLenum item)
{
	GLenum code;

	pull();
	if ((IS(stop_rejects_vcache) && item == NN_GX_PROFILING_VERTEX_CACHE)
	    || (IS(stop_rejects_busy) && item == NN_GX_PROFILING_BUSY)
	    || (IS(stop_twice_errors) && item == NN_GX_PROFILING_BUSY && busy_stopped)) {
		record(GL_ERROR_80A3_DMP);
		return;
	}
	if (item == NN_GX_PROFILING_BUSY)
		busy_stopped = 1;
	__real_nngxStopProfiling(item);
	code = take();
	if (IS(stop_records_80a2) && code == GL_ERROR_80A3_DMP)
		code = GL_ERROR_80A2_DMP;
	record(code);
}

static void busy_read(GLuint *result)
{
	GLuint word[NN_GX_PROFILING_RESULT_BUFSIZE_BUSY];
	unsigned long module[8];
	int i;

	__real_nngxGetProfilingResult(NN_GX_PROFILING_BUSY, word);
	for (i = 0; i < 8; i++) {
		module[i] = (word[i / 2] >> (i % 2 ? 16 : 0) & 0xFFFFu) + carry[i];
		if (IS(busy_read_keeps))
			carry[i] = module[i];
		else if (IS(busy_start_keeps))
			carry[i] = 0;
	}
	for (i = 0; i < 4; i++) {
		result[i] = (GLuint)(module[2 * i] & 0xFFFFu)
			    | (GLuint)(module[2 * i + 1] & 0xFFFFu) << 16;
		if (IS(busy_halves_swapped))
			result[i] = result[i] >> 16 | result[i] << 16;
	}
}

void __wrap_nngxGetProfilingResult(GLenum item, GLuint *result)
{
	GLuint tmp[NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS];

	pull();
	if (IS(result_null_error) && !result && item_valid(item)) {
		record(GL_ERROR_80A4_DMP);
		return;
	}
	if (IS(result_null_bad_item_ok) && !result && !item_valid(item))
		return;
	if (IS(result_zeroes_first) && result)
		result[0] = 0;
	if (item == NN_GX_PROFILING_BUSY && result && (IS(busy_read_keeps)
	    || IS(busy_halves_swapped) || IS(busy_start_keeps))) {
		busy_read(result);
		return;
	}
	if (IS(result_short_memory) && item == NN_GX_PROFILING_MEMORY_ACCESS && result) {
		__real_nngxGetProfilingResult(item, tmp);
		memcpy(result, tmp, 17 * sizeof *result);
		record(take());
		return;
	}
	__real_nngxGetProfilingResult(item, result);
	record(take());
	if (IS(errors_bump_fragment) && result && item == NN_GX_PROFILING_FRAGMENT)
		result[0] += errors_seen;
	if (IS(memory_ignores_fills) && result && item == NN_GX_PROFILING_MEMORY_ACCESS)
		result[14] = result[15] = 0;
	if (IS(result_extra_word) && result && item_valid(item))
		result[item_words(item)] = 0;
}

void __wrap_nngxSetProfilingParameter(GLenum pname, GLuint param)
{
	const GLenum time = NN_GX_PROFILING_BUSY_SAMPLING_TIME;
	const GLenum us = NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND;
	const GLenum ns = NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND;
	const GLenum count = NN_GX_PROFILING_BUSY_SAMPLING_COUNT;
	GLuint clocks;

	pull();
	if (IS(setp_ignores_bad_pname) && !pname_valid(pname))
		return;
	if (IS(setp_bad_pname_stores) && !pname_valid(pname)) {
		__real_nngxSetProfilingParameter(time, param);
		__real_nngxSetProfilingParameter(count, param);
		(void)take();
		record(GL_ERROR_80A5_DMP);
		return;
	}
	if ((IS(setp_max_exclusive) && ((pname == time && param == 65535)
	     || (pname == us && param == 244) || (pname == ns && param == 244537)
	     || (pname == count && param == 65535)))
	    || (IS(setp_min_exclusive) && param == 1 && (pname == time || pname == us || pname == ns))
	    || (IS(setp_ns_under_clock) && pname == ns && param * 268u / 1000u == 0)) {
		record(GL_ERROR_80A6_DMP);
		return;
	}
	if (IS(setp_param_first) && !pname_valid(pname) && (param == 0 || param > 65535)) {
		record(GL_ERROR_80A6_DMP);
		return;
	}
	if (IS(setp_truncates_16_bits) && (pname == time || pname == count))
		param &= 0xFFFFu;
	if (IS(setp_us_245) && pname == us && param == 245) {
		__real_nngxSetProfilingParameter(time, (245u * 268u) & 0xFFFFu);
		record(take());
		return;
	}
	if (IS(setp_multiplies_first) && (pname == us || pname == ns)) {
		clocks = pname == us ? param * 268u : param * 268u / 1000u;
		if (clocks >= 1 && clocks <= 65535) {
			__real_nngxSetProfilingParameter(time, clocks);
			record(take());
			return;
		}
	}
	if (IS(setp_ns_rounds) && pname == ns && param >= 1 && param <= 244537) {
		clocks = (param * 268u + 500u) / 1000u;
		__real_nngxSetProfilingParameter(time, clocks < 1 ? 1 : clocks > 65535 ? 65535 : clocks);
		record(take());
		return;
	}
	if (IS(setp_count_from_1) && pname == count && param == 0) {
		record(GL_ERROR_80A6_DMP);
		return;
	}
	if (IS(setp_stores_on_error) && pname == time && (param == 0 || param > 65535)) {
		__real_nngxSetProfilingParameter(time, param == 0 ? 1 : 65535);
		(void)take();
		record(GL_ERROR_80A6_DMP);
		return;
	}
	if (IS(busy_no_autostop) && pname == count && param <= 65535) {
		count_set = param;
		param = 0;
	}
	__real_nngxSetProfilingParameter(pname, param);
	record(take());
}

void __wrap_nngxGetProfilingParameter(GLenum pname, GLuint *param)
{
	GLuint clocks = 0;

	pull();
	if (IS(getp_no_80a7) && !pname_valid(pname))
		return;
	if (IS(getp_rejects_valid)) {
		record(GL_ERROR_80A7_DMP);
		return;
	}
	if (param && pname_valid(pname) && (IS(getp_time_plus_1) || IS(getp_count_is_time)
					    || IS(getp_ns_rounds) || IS(getp_us_is_clocks))) {
		__real_nngxGetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME, &clocks);
		record(take());
		if (IS(getp_time_plus_1) && pname == NN_GX_PROFILING_BUSY_SAMPLING_TIME)
			*param = clocks + 1;
		else if (IS(getp_count_is_time) && pname == NN_GX_PROFILING_BUSY_SAMPLING_COUNT)
			*param = clocks;
		else if (IS(getp_ns_rounds) && pname == NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND)
			*param = (clocks * 1000u + 134u) / 268u;
		else if (IS(getp_us_is_clocks)
			 && pname == NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND)
			*param = clocks;
		else
			__real_nngxGetProfilingParameter(pname, param);
		record(take());
		return;
	}
	if (IS(getp_us_rounds) && pname == NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND
	    && param) {
		__real_nngxGetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME, &clocks);
		*param = (clocks + 134u) / 268u;
		record(take());
		return;
	}
	__real_nngxGetProfilingParameter(pname, param);
	record(take());
	if (IS(busy_no_autostop) && pname == NN_GX_PROFILING_BUSY_SAMPLING_COUNT && param)
		*param = count_set;
}

/* ---- other nngx functions -------------------------------------------------------- */

static int format_valid(GLenum format)
{
	return format == GL_RGBA8_OES || format == GL_RGB8_OES || format == GL_RGB5_A1
	       || format == GL_RGB565 || format == GL_RGBA4;
}

void __wrap_nngxDisplaybufferStorage(GLenum format, GLsizei width, GLsizei height, GLenum area)
{
	GLenum code;

	pull();
	if (IS(dbstor_any_area))
		area = NN_GX_MEM_VRAMA;
	if (IS(dbstor_vramb_only) && area != NN_GX_MEM_VRAMB) {
		record(GL_ERROR_8024_DMP);
		return;
	}
	if (IS(dbstor_no_8022_nonpositive) && (width <= 0 || height <= 0)) {
		__real_nngxDisplaybufferStorage(format, width, height, area);
		if (take() != GL_ERROR_8021_DMP)
			return;
		record(GL_ERROR_8021_DMP);
		return;
	}
	if (IS(dbstor_any_size)) {
		if (width > 0)
			width = (width + 7) / 8 * 8;
		if (height > 0)
			height = (height + 7) / 8 * 8;
	}
	if (IS(dbstor_format_first) && !format_valid(format)) {
		__real_nngxDisplaybufferStorage(format, 240, 400, NN_GX_MEM_VRAMA);
		record(take());
		return;
	}
	if (IS(dbstor_stores_on_error) && !format_valid(format) && width > 0 && height > 0
	    && width % 8 == 0 && height % 8 == 0) {
		__real_nngxDisplaybufferStorage(GL_RGB565, width, height, NN_GX_MEM_VRAMA);
		if (take() == GL_NO_ERROR) {
			record(GL_ERROR_8023_DMP);
			return;
		}
	}
	__real_nngxDisplaybufferStorage(format, width, height, area);
	code = take();
	if ((IS(dbstor_no_8021) && code == GL_ERROR_8021_DMP)
	    || (IS(dbstor_no_8025) && code == GL_ERROR_8025_DMP))
		code = GL_NO_ERROR;
	record(code);
}

void __wrap_nngxSwapBuffers(GLenum display)
{
	GLenum code;
	GLint width = 0;

	pull();
	if (IS(swap_accepts_ext) && display == NN_GX_DISPLAY0_EXT)
		display = NN_GX_DISPLAY0;
	if (IS(swap_masks_16_bits))
		display &= 0xFFFFu;
	if (IS(swap_any_display) && display != NN_GX_DISPLAY0 && display != NN_GX_DISPLAY1
	    && display != NN_GX_DISPLAY_BOTH)
		display = NN_GX_DISPLAY0;
	if (IS(swap_rejects_display0) && display == NN_GX_DISPLAY0) {
		record(GL_ERROR_8030_DMP);
		return;
	}
	__real_nngxSwapBuffers(display);
	code = take();
	if (IS(swap_outside_8032) && code == GL_ERROR_8031_DMP) {
		/* the buffer is there with storage: the origin was outside */
		nngxGetDisplaybufferParameteri(NN_GX_DISPLAYBUFFER_WIDTH, &width);
		if (width > 0)
			code = GL_ERROR_8032_DMP;
	}
	if (IS(swap_stereo_8031) && code == GL_ERROR_9000_DMP)
		code = GL_ERROR_8031_DMP;
	if ((IS(swap_no_8031) && code == GL_ERROR_8031_DMP)
	    || (IS(swap_no_8053) && code == GL_ERROR_8053_DMP)
	    || (IS(swap_no_9001) && code == GL_ERROR_9001_DMP))
		code = GL_NO_ERROR;
	record(code);
}

void __wrap_nngxAddVramDmaCommand(const GLvoid *src, GLvoid *dst, GLsizei size)
{
	GLenum code;

	pull();
	if (IS(dma_size_first) && size < 0) {
		record(GL_ERROR_8064_DMP);
		return;
	}
	if (IS(dma_negative_ignored) && size < 0)
		return;
	if (IS(dma_adds_on_error) && size < 0) {
		__real_glClear(GL_COLOR_BUFFER_BIT);
		(void)take();
	}
	__real_nngxAddVramDmaCommand(src, dst, size);
	code = take();
	if (IS(dma_no_8062) && code == GL_ERROR_8062_DMP)
		code = GL_NO_ERROR;
	record(code);
}

void __wrap_nngxAddB2LTransferCommand(const GLvoid *srcaddr, GLsizei srcwidth, GLsizei srcheight,
				      GLenum srcformat, GLvoid *dstaddr, GLsizei dstwidth,
				      GLsizei dstheight, GLenum dstformat, GLenum aamode,
				      GLboolean yflip, GLsizei blocksize)
{
	GLenum code;

	pull();
	if (IS(b2l_aamode_first)
	    && (aamode < NN_GX_ANTIALIASE_NOT_USED || aamode > NN_GX_ANTIALIASE_2x2)) {
		record(GL_ERROR_807F_DMP);
		return;
	}
	__real_nngxAddB2LTransferCommand(srcaddr, srcwidth, srcheight, srcformat, dstaddr,
					 dstwidth, dstheight, dstformat, aamode, yflip, blocksize);
	code = take();
	if (IS(b2l_no_8083) && code == GL_ERROR_8083_DMP)
		code = GL_NO_ERROR;
	record(code);
}

void __wrap_nngxFilterBlockImage(const GLvoid *srcaddr, GLvoid *dstaddr, GLsizei width,
				 GLsizei height, GLenum format)
{
	GLenum code;

	pull();
	__real_nngxFilterBlockImage(srcaddr, dstaddr, width, height, format);
	code = take();
	if (IS(filter_adds_on_error) && code == GL_ERROR_806A_DMP) {
		__real_glClear(GL_COLOR_BUFFER_BIT);
		(void)take();
	}
	record(code);
}

void __wrap_glClear(GLbitfield mask)
{
	GLenum code;

	pull();
	__real_glClear(mask);
	code = take();
	if (IS(glclear_no_9801) && code == GL_ERROR_COMMANDREQUEST_FULL_DMP)
		code = GL_NO_ERROR;
	record(code);
}
