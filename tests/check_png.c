/* check_png.c: the frame pictures (NNGX_DUMP_FRAMES) say which frame,
 * screen and eye they show and when (PNG tEXt chunks, nngx-capture(5)),
 * read back with libpng. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <png.h>

#include "gl_fixture.h"
#include "driver/nngx_capture.h"
#include "hw/hw_pixel.h"

static char dir[64];

static void make_dir(void)
{
	strcpy(dir, "/tmp/nngx-png.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void remove_dir(void)
{
	char cmd[128];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}

/* A picture read back: its size, RGBA rows and text chunks. */
struct picture {
	png_uint_32 width, height;
	uint8_t *rgba;                  /* width * height * 4 */
	char keys[16][80];
	char values[16][64];
	int texts;
};

static void read_picture(const char *path, struct picture *p)
{
	png_structp png;
	png_infop info;
	png_textp text;
	png_uint_32 y;
	FILE *f;
	int i, n = 0;

	memset(p, 0, sizeof *p);
	f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	ck_assert_ptr_nonnull(png);
	info = png_create_info_struct(png);
	ck_assert_ptr_nonnull(info);
	if (setjmp(png_jmpbuf(png)))
		ck_abort_msg("libpng cannot read %s", path);
	png_init_io(png, f);
	png_read_info(png, info);
	p->width = png_get_image_width(png, info);
	p->height = png_get_image_height(png, info);
	ck_assert_int_eq(png_get_color_type(png, info), PNG_COLOR_TYPE_RGB_ALPHA);
	ck_assert_int_eq(png_get_bit_depth(png, info), 8);
	p->rgba = malloc((size_t)p->width * p->height * 4);
	ck_assert_ptr_nonnull(p->rgba);
	for (y = 0; y < p->height; y++)
		png_read_row(png, p->rgba + (size_t)y * p->width * 4, NULL);
	png_read_end(png, info);
	/* tEXt chunks before and after the pixels alike. */
	if (png_get_text(png, info, &text, &n) > 0)
		for (i = 0; i < n && i < 16; i++) {
			ck_assert_int_eq(text[i].compression, PNG_TEXT_COMPRESSION_NONE);
			snprintf(p->keys[i], sizeof p->keys[i], "%s", text[i].key);
			snprintf(p->values[i], sizeof p->values[i], "%s", text[i].text);
		}
	p->texts = n;
	png_destroy_read_struct(&png, &info, NULL);
	fclose(f);
}

static const char *text_of(const struct picture *p, const char *key)
{
	int i, found = -1;

	for (i = 0; i < p->texts; i++)
		if (strcmp(p->keys[i], key) == 0) {
			ck_assert_msg(found < 0, "keyword %s twice", key);
			found = i;
		}
	ck_assert_msg(found >= 0, "no tEXt keyword %s", key);
	return p->values[found];
}

/* Written directly: frame 7 of the lower screen's right eye at clock
 * 268,134, which is 1000 us and 134/268 of one, 1000.500 us. The buffer
 * holds 2 lines of 3 pixels; the picture is 2 wide and 3 high, line x
 * its column x and pixel y of a line its row y. */
START_TEST(test_png_text_names_frame_screen_eye_and_time)
{
	const struct nngx_png_meta meta = { 7, "lower", "right", 268134 };
	uint8_t buf[2 * 3 * 4];
	char path[128], err[128];
	struct picture p;
	unsigned x, y;

	make_dir();
	for (x = 0; x < 2; x++)
		for (y = 0; y < 3; y++) {
			const uint8_t c[4] = { (uint8_t)(10 * x + y), 20, 30, 255 };

			hw_pixel_encode(HW_COLOR_RGBA8, c, buf + (x * 3 + y) * 4);
		}
	snprintf(path, sizeof path, "%s/one.png", dir);
	ck_assert(nngx_png_write_screen(path, buf, 3, 2, HW_COLOR_RGBA8, &meta, err, sizeof err));
	read_picture(path, &p);
	ck_assert_uint_eq(p.width, 2);
	ck_assert_uint_eq(p.height, 3);
	for (x = 0; x < 2; x++)
		for (y = 0; y < 3; y++) {
			const uint8_t *px = p.rgba + (y * 2 + x) * 4;

			ck_assert_uint_eq(px[0], 10 * x + y);
			ck_assert_uint_eq(px[1], 20);
			ck_assert_uint_eq(px[2], 30);
			ck_assert_uint_eq(px[3], 255);
		}
	ck_assert_int_eq(p.texts, 6);
	ck_assert_str_eq(text_of(&p, "Software"), "libnngx " NNGX_SHIM_VERSION_STRING);
	ck_assert_str_eq(text_of(&p, "nngx:frame"), "7");
	ck_assert_str_eq(text_of(&p, "nngx:screen"), "lower");
	ck_assert_str_eq(text_of(&p, "nngx:eye"), "right");
	ck_assert_str_eq(text_of(&p, "nngx:clock"), "268134");
	ck_assert_str_eq(text_of(&p, "nngx:time_us"), "1000.500");
	free(p.rgba);

	/* Without metadata, no text (the writer's other callers). */
	ck_assert(nngx_png_write_screen(path, buf, 3, 2, HW_COLOR_RGBA8, NULL, err, sizeof err));
	read_picture(path, &p);
	ck_assert_int_eq(p.texts, 0);
	free(p.rgba);
	remove_dir();
}
END_TEST

/* Time in microseconds is the clock over 268, truncated to the
 * nanosecond: 0 -> 0.000, 1 -> 0.003 (3.7 ns), 267 -> 0.996 (996.3 ns),
 * 2^64 - 1 -> 68831134603393849 us and 83 clocks (309.7 ns). */
START_TEST(test_png_time_is_the_clock_over_268_truncated)
{
	static const struct {
		uint64_t clock;
		const char *us;
	} cases[] = {
		{ 0, "0.000" },
		{ 1, "0.003" },
		{ 267, "0.996" },
		{ 268, "1.000" },
		{ 0xFFFFFFFFFFFFFFFFull, "68831134603393849.309" },
	};
	uint8_t buf[4] = { 0, 0, 0, 255 };
	char path[128], err[128], clock[32];
	struct picture p;
	size_t i;

	make_dir();
	snprintf(path, sizeof path, "%s/t.png", dir);
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const struct nngx_png_meta meta = { 0, "upper", "left", cases[i].clock };

		ck_assert(nngx_png_write_screen(path, buf, 1, 1, HW_COLOR_RGBA8, &meta, err,
						sizeof err));
		read_picture(path, &p);
		snprintf(clock, sizeof clock, "%llu", (unsigned long long)cases[i].clock);
		ck_assert_str_eq(text_of(&p, "nngx:clock"), clock);
		ck_assert_str_eq(text_of(&p, "nngx:time_us"), cases[i].us);
		free(p.rgba);
	}
	remove_dir();
}
END_TEST

/* Through NNGX_DUMP_FRAMES: stereo upper screen and the lower one, swapped
 * after 1 ms (268,000 clocks) and again 134 clocks later. Frame 0's three
 * pictures say frame 0 and 1000.000 us, frame 1's say 1000.500 us; each
 * names its screen and eye as its file name does. */
START_TEST(test_frame_dumps_carry_their_frame_screen_eye_and_time)
{
	static const struct {
		const char *file, *frame, *screen, *eye, *clock, *us;
	} want[] = {
		{ "frame000000_upper_left.png", "0", "upper", "left", "268000", "1000.000" },
		{ "frame000000_upper_right.png", "0", "upper", "right", "268000", "1000.000" },
		{ "frame000000_lower_left.png", "0", "lower", "left", "268000", "1000.000" },
		{ "frame000001_upper_left.png", "1", "upper", "left", "268134", "1000.500" },
		{ "frame000001_upper_right.png", "1", "upper", "right", "268134", "1000.500" },
		{ "frame000001_lower_left.png", "1", "lower", "left", "268134", "1000.500" },
	};
	struct nngx_capture_options opt;
	GLuint left, right, lower;
	char path[NNGX_CAPTURE_PATH_MAX + 64];
	struct picture p;
	size_t i;

	make_dir();
	fx_reset();
	memset(&opt, 0, sizeof opt);
	snprintf(opt.frames_dir, sizeof opt.frames_dir, "%s", dir);
	opt.sampling_time = 268;
	ck_assert(nngx_capture_open(nngx_state_get(), &opt));
	nngxGenDisplaybuffers(1, &left);
	nngxGenDisplaybuffers(1, &right);
	nngxGenDisplaybuffers(1, &lower);
	nngxActiveDisplay(NN_GX_DISPLAY0);
	nngxBindDisplaybuffer(left);
	nngxDisplaybufferStorage(GL_RGB565, 240, 400, NN_GX_MEM_VRAMA);
	nngxActiveDisplay(NN_GX_DISPLAY0_EXT);
	nngxBindDisplaybuffer(right);
	nngxDisplaybufferStorage(GL_RGB565, 240, 400, NN_GX_MEM_VRAMA);
	nngxActiveDisplay(NN_GX_DISPLAY1);
	nngxBindDisplaybuffer(lower);
	nngxDisplaybufferStorage(GL_RGBA4, 240, 320, NN_GX_MEM_VRAMB);
	nngxSetDisplayMode(NN_GX_DISPLAYMODE_STEREO);
	ck_assert_uint_eq(nngxShimGetClock(), 0);
	nngxShimAdvance(268000);
	nngxSwapBuffers(NN_GX_DISPLAY_BOTH);
	nngxShimAdvance(134);
	nngxSwapBuffers(NN_GX_DISPLAY_BOTH);
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	nngx_capture_close(nngx_state_get());
	for (i = 0; i < sizeof want / sizeof want[0]; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, want[i].file);
		read_picture(path, &p);
		ck_assert_str_eq(text_of(&p, "nngx:frame"), want[i].frame);
		ck_assert_str_eq(text_of(&p, "nngx:screen"), want[i].screen);
		ck_assert_str_eq(text_of(&p, "nngx:eye"), want[i].eye);
		ck_assert_str_eq(text_of(&p, "nngx:clock"), want[i].clock);
		ck_assert_str_eq(text_of(&p, "nngx:time_us"), want[i].us);
		ck_assert_str_eq(text_of(&p, "Software"), "libnngx " NNGX_SHIM_VERSION_STRING);
		/* The upper screen is 400 x 240 on the picture, the lower 320 x 240. */
		ck_assert_uint_eq(p.width, strcmp(want[i].screen, "upper") == 0 ? 400 : 320);
		ck_assert_uint_eq(p.height, 240);
		free(p.rgba);
	}
	remove_dir();
}
END_TEST

int main(void)
{
	Suite *s = suite_create("png");
	TCase *tc = tcase_create("png");

	tcase_add_test(tc, test_png_text_names_frame_screen_eye_and_time);
	tcase_add_test(tc, test_png_time_is_the_clock_over_268_truncated);
	tcase_add_test(tc, test_frame_dumps_carry_their_frame_screen_eye_and_time);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
