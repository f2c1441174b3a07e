/* pica_cmd.h: builds PICA200 command buffers for the tests, from the public
 * command format (3dbrew, GPU/Internal Registers: a parameter word, then a
 * header with the register id in bits 0-15, the byte-enable mask in bits
 * 16-19, the extra parameter count in bits 20-27 and the consecutive flag in
 * bit 31; each command padded to 8 bytes). It shares no code with
 * hw/hw_command.c. */
#ifndef NNGX_TESTS_PICA_CMD_H
#define NNGX_TESTS_PICA_CMD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hw/hw_shader.h"

#define PICA_CMD_MAX_WORDS 16384

struct pica_cmd {
	uint32_t w[PICA_CMD_MAX_WORDS];
	size_t n;
};

void pica_cmd_init(struct pica_cmd *c);

/* One register write (all four bytes). */
void pica_cmd_reg(struct pica_cmd *c, unsigned reg, uint32_t value);

/* Several writes in one command: to reg, reg+1, ... (consecutive) or all
 * to reg. */
void pica_cmd_regs(struct pica_cmd *c, unsigned reg, const uint32_t *values, unsigned n,
		   bool consecutive);

/* Load a vertex shader program (code, operand descriptors, entry point)
 * into the vertex unit through its transfer registers. */
void pica_cmd_vs_program(struct pica_cmd *c, const struct hw_shader_state *prog, unsigned ncode,
			 unsigned nopdesc, unsigned entry);

/* The same for the geometry unit. */
void pica_cmd_gs_program(struct pica_cmd *c, const struct hw_shader_state *prog, unsigned ncode,
			 unsigned nopdesc, unsigned entry);

/* c<reg> = v, uploaded in float32 mode. */
void pica_cmd_vs_float(struct pica_cmd *c, unsigned reg, const float v[4]);

/* A float as float24 (1 sign, 7 exponent bits biased by 63, 16 mantissa). */
uint32_t pica_f24(float f);

/* The vertex program `prog` and the state of one draw of three float3
 * positions at physical `base` (attribute 0 -> v0, a triangle list, the
 * viewport of a 240x400 target): what the command-list and Raw suites
 * run. */
void pica_cmd_triangle_draw(struct pica_cmd *c, const struct hw_shader_state *prog,
			    unsigned ncode, unsigned nopdesc, uint32_t base);

#endif
