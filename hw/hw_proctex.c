/* hw_proctex.c: the procedural texture unit computed from its registers
 * and tables (hw_proctex.h). Facts from fragment-pipeline.md A.3 and B.7
 * (GBATEK's register layouts and stage overview; the noise hash as the
 * sheet restates it from the Citra emulator's behaviour). */
#include <math.h>
#include <stdbool.h>

#include "hw_proctex.h"

float hw_proctex_f16(uint32_t bits)
{
	unsigned sign = (bits >> 15) & 1u, exp = (bits >> 10) & 0x1Fu, man = bits & 0x3FFu;
	double v;

	if (exp == 0)
		v = ldexp((double)man, -24);                    /* subnormal */
	else if (exp == 31)
		v = man ? NAN : INFINITY;
	else
		v = ldexp((double)(man | 0x400u), (int)exp - 25);
	return (float)(sign ? -v : v);
}

/* fixed1.3.12: 16-bit two's complement over 4096. */
static double proctex_fixed12(uint32_t bits)
{
	int32_t v = (int32_t)(bits & 0xFFFFu);

	if (v & 0x8000)
		v -= 0x10000;
	return (double)v / 4096.0;
}

/* A 128-entry table at x in [0, 1] (beyond: clamped to the last entry
 * plus its whole difference). */
static double proctex_map(const uint32_t table[HW_PROCTEX_MAP_ENTRIES], double x)
{
	double at = x * 128.0, frac;
	int32_t diff;
	unsigned i;

	if (!(at > 0.0))
		at = 0.0;
	i = at >= 127.0 ? 127u : (unsigned)at;
	frac = at - (double)i;
	if (frac > 1.0)
		frac = 1.0;
	diff = (int32_t)((table[i] >> 12) & 0xFFFu);
	if (diff & 0x800)
		diff -= 0x1000;
	return (double)(table[i] & 0xFFFu) / 4096.0 + frac * (double)diff / 2048.0;
}

/* Coordinate x after clamp mode `mode` (register bits 0-2 or 3-5): 0 clamps
 * to zero past 1, 2 repeats, 3 mirrors, 4 is a pulse at 0.5; 1 and unknown
 * modes clamp to the edge. Returns a value in [0, 1] for x >= 0. */
static double proctex_clamp(double x, unsigned mode)
{
	double f;

	switch (mode) {
	case 0:
		return x > 1.0 ? 0.0 : x;
	case 2:
		return x - floor(x);
	case 3:
		f = floor(x);
		return fmod(f, 2.0) != 0.0 ? 1.0 - (x - f) : x - f;
	case 4:
		return x <= 0.5 ? 0.0 : 1.0;
	default:
		return x < 1.0 ? x : 1.0;
	}
}

/* The G function of (u, v), both in [0, 1], by its code: 0 U, 1 U^2, 2 V, 3
 * V^2, 4 (U+V)/2, 5 (U^2+V^2)/2, 6 sqrt(U^2+V^2) clamped to 1, 7 min, 8 max,
 * 9 the mean of (U+V)/2 and that radius; unknown codes give U. */
static double proctex_function(double u, double v, unsigned f)
{
	double r = sqrt(u * u + v * v);

	switch (f) {
	case 1: return u * u;
	case 2: return v;
	case 3: return v * v;
	case 4: return (u + v) / 2.0;
	case 5: return (u * u + v * v) / 2.0;
	case 6: return r < 1.0 ? r : 1.0;
	case 7: return u < v ? u : v;
	case 8: return u > v ? u : v;
	case 9: return fmin(((u + v) / 2.0 + r) / 2.0, 1.0);
	default: return u;
	}
}

/* The shift offset of one axis from the other axis's coordinate. */
static double proctex_shift(double other, unsigned shift, unsigned clamp)
{
	double o = clamp == 3 ? 1.0 : 0.5;
	long i = (long)floor(other);

	if (shift == 1)
		return o * (double)((i / 2) % 2);
	if (shift == 2)
		return o * (double)(((i + 1) / 2) % 2);
	return 0.0;
}

/* The gradient of lattice point (i, j), in [-1, 1] (B.7's hash). */
static double proctex_gradient(long i, long j)
{
	static const unsigned char t1[16] = { 0, 4, 10, 8, 4, 9, 7, 12, 5, 15, 13, 14, 11, 15, 2, 11 };
	static const unsigned char t2[16] = { 10, 2, 15, 8, 0, 7, 4, 5, 5, 13, 2, 6, 13, 9, 3, 14 };
	unsigned long ui = (unsigned long)i, uj = (unsigned long)j;
	unsigned a = ((unsigned)((ui % 9 + 2) * 3) & 15u) ^ t1[(ui / 9) & 15u];
	unsigned b = ((unsigned)((uj % 9 + 2) * 3) & 15u) ^ t1[(uj / 9) & 15u];

	if ((a & 3u) == 1u)
		b += 4;
	b ^= (a & 1u) * 6u;
	b = (b + 10u + a) & 15u;
	b ^= t2[a];
	return -1.0 + 2.0 * (double)b / 15.0;
}

/* Noise at (x, y): gradients at the four lattice corners, blended by the
 * noise table's curve of the fractional parts. Reads p, writes nothing. */
static double proctex_noise(const struct hw_proctex *p, double x, double y)
{
	double xi = floor(x), yi = floor(y), xf = x - xi, yf = y - yi;
	long i = (long)xi, j = (long)yi;
	double t00 = proctex_gradient(i, j) * (xf + yf);
	double t10 = proctex_gradient(i + 1, j) * (xf + yf - 1.0);
	double t01 = proctex_gradient(i, j + 1) * (xf + yf - 1.0);
	double t11 = proctex_gradient(i + 1, j + 1) * (xf + yf - 2.0);
	double wx = proctex_map(p->noise, xf), wy = proctex_map(p->noise, yf);
	double a = t00 + (t10 - t00) * wx, b = t01 + (t11 - t01) * wx;

	return a + (b - a) * wy;
}

/* A colour channel from a table byte (0-255) plus frac times a signed
 * difference in 1/128 steps, clamped to [0, 1]. */
static double proctex_channel(double base_byte, int8_t diff, double frac)
{
	double c = base_byte / 255.0 + frac * (double)diff / 128.0;

	return c < 0.0 ? 0.0 : c > 1.0 ? 1.0 : c;
}

/* Colour table level k's offset (0x0AD bytes 0-3 for levels 0-3, 0x0AE
 * for 4-7). */
static unsigned proctex_level_offset(const struct hw_proctex *p, unsigned k)
{
	return k < 4 ? (p->reg[5] >> (8 * k)) & 0xFFu : (p->reg[6] >> (8 * (k - 4))) & 0xFFu;
}

/* The colour table at F for level k (width >> k entries from its
 * offset), step 8 of hw_proctex_sample, into out. */
static void proctex_table(const struct hw_proctex *p, double f, unsigned k, bool linear,
			  double out[4])
{
	unsigned width = ((p->reg[4] >> 11) & 0xFFu) >> k, e, c;
	double index = (double)proctex_level_offset(p, k) + f * (double)(width ? width - 1 : 0);
	double frac;

	if (!(index > 0.0))
		index = 0.0;
	if (linear) {
		e = index >= 255.0 ? 255u : (unsigned)index;
		frac = index - (double)e;
	} else {
		double r = floor(index + 0.5);

		e = r >= 255.0 ? 255u : (unsigned)r;
		frac = 0.0;
	}
	for (c = 0; c < 4; c++)
		out[c] = proctex_channel((double)((p->color[e] >> (8 * c)) & 0xFFu),
					 (int8_t)((p->color_diff[e] >> (8 * c)) & 0xFFu), frac);
}

bool hw_proctex_uses_lod(const struct hw_proctex *p)
{
	unsigned filter = p->reg[4] & 7u;

	return filter >= 2 && filter <= 5;
}

float hw_proctex_lod(const struct hw_proctex *p, const double c[3][3])
{
	uint32_t r4 = p->reg[4];
	double min_lod = (double)((r4 >> 3) & 0xFu), max_lod = (double)((r4 >> 7) & 0xFu);
	double bias = hw_proctex_f16(((p->reg[0] >> 20) & 0xFFu) | ((r4 >> 19) & 0xFFu) << 8);
	double width = (double)((r4 >> 11) & 0xFFu), du, dv, l;

	if (max_lod > 7.0)
		max_lod = 7.0;
	if (min_lod > max_lod)
		min_lod = max_lod;
	du = fmax(fabs(c[1][0] - c[0][0]), fabs(c[2][0] - c[0][0]));
	dv = fmax(fabs(c[1][1] - c[0][1]), fabs(c[2][1] - c[0][1]));
	l = bias == 0.0 ? 0.0 : log2(fabs(width * bias) * (du + dv));
	if (isnan(l) || l < min_lod)
		l = min_lod;
	if (l > max_lod)
		l = max_lod;
	return (float)l;
}

void hw_proctex_sample(const struct hw_proctex *p, float u_in, float v_in, float rgba[4])
{
	hw_proctex_sample_lod(p, u_in, v_in, 0.0f, rgba);
}

void hw_proctex_sample_lod(const struct hw_proctex *p, float u_in, float v_in, float lod,
			   float rgba[4])
{
	uint32_t r0 = p->reg[0], r4 = p->reg[4];
	unsigned clamp_u = r0 & 7u, clamp_v = (r0 >> 3) & 7u;
	double u = fabs((double)u_in), v = fabs((double)v_in), off_u, off_v, g, f, l, w;
	double first[4], second[4];
	unsigned filter = r4 & 7u, level = 0, c;
	bool linear = filter == 1 || filter == 3 || filter == 5;

	if (!isfinite(u))
		u = 0.0;
	if (!isfinite(v))
		v = 0.0;
	off_u = proctex_shift(v, (r0 >> 16) & 3u, clamp_u);
	off_v = proctex_shift(u, (r0 >> 18) & 3u, clamp_v);
	if ((r0 >> 15) & 1u) {
		double fu = hw_proctex_f16(p->reg[3] & 0xFFFFu), fv = hw_proctex_f16(p->reg[3] >> 16);
		double pu = hw_proctex_f16(p->reg[1] >> 16), pv = hw_proctex_f16(p->reg[2] >> 16);
		double n = proctex_noise(p, 9.0 * fu * fabs(u + pu), 9.0 * fv * fabs(v + pv));

		if (isfinite(n)) {
			double nu = fabs(u + n * proctex_fixed12(p->reg[1]));
			double nv = fabs(v + n * proctex_fixed12(p->reg[2]));

			u = nu;
			v = nv;
		}
	}
	u = proctex_clamp(u + off_u, clamp_u);
	v = proctex_clamp(v + off_v, clamp_v);
	g = proctex_function(u, v, (r0 >> 6) & 0xFu);
	f = proctex_map(p->rgb_map, g);
	/* Step 10: the level(s) of lod, in [0, 7]; the plain filters read
	 * level 0 whatever the lod. */
	l = isfinite(lod) && lod > 0.0f ? (lod > 7.0f ? 7.0 : (double)lod) : 0.0;
	w = 0.0;
	if (filter == 2 || filter == 3) {
		level = (unsigned)floor(l + 0.5);
	} else if (filter == 4 || filter == 5) {
		level = (unsigned)floor(l);
		w = l - (double)level;
	}
	proctex_table(p, f, level, linear, first);
	if (w > 0.0 && level < 7) {
		proctex_table(p, f, level + 1, linear, second);
		for (c = 0; c < 4; c++)
			first[c] = (1.0 - w) * first[c] + w * second[c];
	}
	for (c = 0; c < 4; c++)
		rgba[c] = (float)first[c];
	if ((r0 >> 14) & 1u) {
		double a = proctex_map(p->alpha_map, proctex_function(u, v, (r0 >> 10) & 0xFu));

		rgba[3] = (float)(a < 0.0 ? 0.0 : a > 1.0 ? 1.0 : a);
	}
}
