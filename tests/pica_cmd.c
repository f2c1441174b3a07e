/* pica_cmd.c: command buffers for the tests. */
#include <string.h>

#include "pica_cmd.h"

/* Shader unit registers (3dbrew, GPU/Internal Registers): the vertex unit
 * at 0x2B0, the geometry unit at 0x280, same layout. */
#define VSH_BASE                0x2B0
#define GSH_BASE                0x280
#define SH_ENTRYPOINT           0x0A
#define SH_CODETRANSFER_INDEX   0x1B
#define SH_CODETRANSFER_DATA    0x1C
#define SH_OPDESCS_INDEX        0x25
#define SH_OPDESCS_DATA         0x26
#define VSH_FLOATUNIFORM_INDEX  0x2C0
#define VSH_FLOATUNIFORM_DATA   0x2C1

void pica_cmd_init(struct pica_cmd *c)
{
	c->n = 0;
}

static void push(struct pica_cmd *c, uint32_t word)
{
	if (c->n < PICA_CMD_MAX_WORDS)
		c->w[c->n++] = word;
}

void pica_cmd_regs(struct pica_cmd *c, unsigned reg, const uint32_t *values, unsigned n,
		   bool consecutive)
{
	unsigned i;

	if (n == 0)
		return;
	push(c, values[0]);
	push(c, (uint32_t)reg | 0xFu << 16 | (uint32_t)(n - 1) << 20 | (consecutive ? 1u << 31 : 0));
	for (i = 1; i < n; i++)
		push(c, values[i]);
	if (c->n % 2)
		push(c, 0);          /* padding to 8 bytes */
}

void pica_cmd_reg(struct pica_cmd *c, unsigned reg, uint32_t value)
{
	pica_cmd_regs(c, reg, &value, 1, false);
}

/* Data ports take up to 255 extra words per command. */
static void upload(struct pica_cmd *c, unsigned port, const uint32_t *w, unsigned n)
{
	while (n) {
		unsigned chunk = n > 128 ? 128 : n;
		pica_cmd_regs(c, port, w, chunk, false);
		w += chunk;
		n -= chunk;
	}
}

static void unit_program(struct pica_cmd *c, unsigned base, const struct hw_shader_state *prog,
			 unsigned ncode, unsigned nopdesc, unsigned entry)
{
	pica_cmd_reg(c, base + SH_CODETRANSFER_INDEX, 0);
	upload(c, base + SH_CODETRANSFER_DATA, prog->code, ncode);
	pica_cmd_reg(c, base + SH_OPDESCS_INDEX, 0);
	upload(c, base + SH_OPDESCS_DATA, prog->opdesc, nopdesc);
	pica_cmd_reg(c, base + SH_ENTRYPOINT, entry);
}

void pica_cmd_vs_program(struct pica_cmd *c, const struct hw_shader_state *prog, unsigned ncode,
			 unsigned nopdesc, unsigned entry)
{
	unit_program(c, VSH_BASE, prog, ncode, nopdesc, entry);
}

void pica_cmd_gs_program(struct pica_cmd *c, const struct hw_shader_state *prog, unsigned ncode,
			 unsigned nopdesc, unsigned entry)
{
	unit_program(c, GSH_BASE, prog, ncode, nopdesc, entry);
}

void pica_cmd_vs_float(struct pica_cmd *c, unsigned reg, const float v[4])
{
	uint32_t words[4];
	int k;

	pica_cmd_reg(c, VSH_FLOATUNIFORM_INDEX, reg | 0x80000000u);
	for (k = 0; k < 4; k++)                 /* w first, x last */
		memcpy(&words[k], &v[3 - k], sizeof words[k]);
	pica_cmd_regs(c, VSH_FLOATUNIFORM_DATA, words, 4, false);
}

uint32_t pica_f24(float f)
{
	uint32_t bits, sign, mant;
	int exp;

	memcpy(&bits, &f, sizeof bits);
	sign = bits >> 31;
	if ((bits & 0x7FFFFFFFu) == 0)
		return sign << 23;
	exp = (int)((bits >> 23) & 0xFF) - 127 + 63;
	mant = (bits >> 7) & 0xFFFFu;
	if (exp <= 0)
		return sign << 23;
	if (exp >= 127)
		exp = 127;
	return sign << 23 | (uint32_t)exp << 16 | mant;
}

void pica_cmd_triangle_draw(struct pica_cmd *c, const struct hw_shader_state *prog,
			    unsigned ncode, unsigned nopdesc, uint32_t base)
{
	pica_cmd_vs_program(c, prog, ncode, nopdesc, 0);
	pica_cmd_reg(c, 0x200, base >> 3);
	pica_cmd_reg(c, 0x201, 3 + 2 * 4);
	pica_cmd_reg(c, 0x202, 0);
	pica_cmd_reg(c, 0x205, 12u << 16 | 1u << 28);
	pica_cmd_reg(c, 0x2BD, 1);
	pica_cmd_reg(c, 0x04F, 1);
	pica_cmd_reg(c, 0x050, 0x03020100);
	pica_cmd_reg(c, 0x041, pica_f24(120));
	pica_cmd_reg(c, 0x043, pica_f24(200));
	pica_cmd_reg(c, 0x228, 6);
	pica_cmd_reg(c, 0x22E, 1);
}
