/* hw_immediate.h: immediate-mode vertex submission through the
 * fixed-attribute port.
 *
 * Facts (3dbrew, "GPU/Internal Registers", GPUREG_FIXEDATTRIB_INDEX and
 * GPUREG_FIXEDATTRIB_DATA): writing 0xF to FIXEDATTRIB_INDEX (0x232)
 * starts immediate mode, and the data registers (0x233-0x235) then take
 * vertex data instead of a fixed attribute's value: each three words are
 * one attribute, a float24 4-tuple packed as for fixed attributes (w
 * first); every N attributes make one vertex that goes to the vertex
 * shader and on to primitive assembly as the current topology says.
 * Where N comes from, the sources disagree: the 2015 text of 3dbrew's
 * "GPU/Programming Guide" (immediate-mode section) and of
 * GPUREG_FIXEDATTRIB_DATA says the attribute count of
 * ATTRIBBUFFERS_FORMAT_HIGH (0x202 bits 28-31), the later text of the
 * Programming Guide says VSH_NUM_ATTR (0x242 bits 0-3) and that the
 * vertex loader's registers are ignored. Model choice: the later text,
 * N = VSH_NUM_ATTR + 1 (the SDK's driver and the GL path write both
 * alike). The end of the run is the return to configuration mode,
 * START_DRAW_FUNC0 (0x245) bit 0 set back to 1 (3dbrew,
 * GPUREG_START_DRAW_FUNC0: 0 drawing, 1 configuration), as after any
 * draw; the immediate-mode text we could read names no other end.
 *
 * This unit keeps what the port received; the command processor
 * (hw_command.c) decides when the vertices draw and draws them with
 * hw_draw_run, whose loader stage then reads these rows instead of
 * memory (hw_draw_config.immediate). Model choices, in doc/model.md
 * ("immediate-mode vertices"): the three data registers are one port
 * that takes words in order, whichever of the three a command names; the
 * vertices received are drawn as one draw when immediate mode ends (the
 * index set to another value, START_DRAW_FUNC0 bit 0 set), when any
 * other register is written (first, so the vertices see the state they
 * came in with; a strip or fan then restarts), when
 * HW_IMMEDIATE_MAX_VERTICES are pending (a triangle list keeps the
 * vertices of its unfinished triangle pending; a strip or fan restarts),
 * and at the end of the submission. Immediate vertices are not indexed: each is shaded once,
 * and the post-vertex cache is neither read nor filled. */
#ifndef NNGX_HW_IMMEDIATE_H
#define NNGX_HW_IMMEDIATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hw_busy.h"      /* enum hw_status */
#include "hw_shader.h"    /* HW_SHADER_INPUTS */

/* Pending vertices past which they draw without waiting for the end. */
#define HW_IMMEDIATE_MAX_VERTICES 65536u

struct hw_immediate {
	bool on;                        /* FIXEDATTRIB_INDEX holds 0xF */
	uint32_t words[3];              /* the attribute being received */
	unsigned have;                  /* its words so far */
	float (*attr)[4];               /* attributes received, in order */
	size_t count, cap;
};

/* Free the rows; the port is left off and empty. */
void hw_immediate_fini(struct hw_immediate *im);

/* One data word. Every third completes an attribute, unpacked into a new
 * row. HW_ERROR_NO_MEMORY: no room for the row, which is dropped
 * (nothing else changes). */
enum hw_status hw_immediate_word(struct hw_immediate *im, uint32_t word);

/* Whole vertices of `attribs` attributes among the rows; *left gets the
 * rows past the last whole vertex. */
uint32_t hw_immediate_vertices(const struct hw_immediate *im, unsigned attribs, unsigned *left);

/* Forget the rows and the words of an unfinished attribute (after their
 * draw); immediate mode stays as it is. */
void hw_immediate_clear(struct hw_immediate *im);

/* Forget the first `rows` rows (drawn); the rest move to the front. */
void hw_immediate_drop(struct hw_immediate *im, size_t rows);

/* The input registers of vertex `k` of rows `attr`, `attribs` rows a
 * vertex: attribute a (of the first HW_IMMEDIATE_FED) goes to register
 * input_reg[a] (a register past the sixteen is skipped), all four
 * components; the others keep what `in` holds. The count field allows
 * 16 attributes, the input permutation names 12 (model choice: rows
 * 13-16 of a vertex are received and not fed). */
#define HW_IMMEDIATE_FED 12u
void hw_immediate_fetch(const float (*attr)[4], unsigned attribs, const uint8_t *input_reg,
			uint32_t k, float in[HW_SHADER_INPUTS][4]);

#endif
