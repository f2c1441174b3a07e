/* hw_command.h: the command processor. Decodes PICA200 command buffers
 * (a parameter word, then a header: register id, byte-enable mask, extra
 * parameter count, consecutive flag; 8-byte aligned) into register writes,
 * and acts on the writes that move data (shader code, operand descriptors,
 * uniforms, fixed attributes) or trigger work (draws, buffer jumps).
 * Registers the model does not use are stored and otherwise ignored. */
#ifndef NNGX_HW_COMMAND_H
#define NNGX_HW_COMMAND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hw_busy.h"
#include "hw_counters.h"
#include "hw_immediate.h"
#include "hw_regs.h"

struct hw_gpu;

/* Upload state of one shader unit (the index registers auto-increment). */
struct hw_command_upload {
	uint32_t code_index;
	uint32_t opdesc_index;
	uint32_t float_index;
	bool float32;                   /* 4 words a vector, else 3 (float24) */
	uint32_t float_words[4];
	unsigned float_have;
};

/* What the command processor keeps between commands. */
struct hw_command_state {
	struct hw_command_upload unit[2];    /* 0: geometry, 1: vertex */
	uint32_t fixed_index;
	uint32_t fixed_words[3];
	unsigned fixed_have;
	float fixed_value[12][4];            /* fixed attribute values */
	unsigned jump_depth;
	struct hw_immediate immediate;       /* the port in immediate mode */
};

/* Something the program should hear about (an unmodelled register, a
 * draw that faulted); hw/ reports, the API layer turns it into a
 * diagnostic. */
enum hw_note {
	HW_NOTE_REGISTER_IGNORED,       /* accepted, not modelled */
	HW_NOTE_FAULT,                  /* the command or draw could not run */
	HW_NOTE_MALFORMED,              /* the buffer ended inside a command */
	HW_NOTE_LIMIT                   /* the buffer exceeded its work or time bound */
};
typedef void (*hw_note_fn)(void *user, enum hw_note note, unsigned reg, const char *text);

/* Execute `count` words from clock `start`, read from physical `phys` (0
 * when unknown: counted without a channel). Draws are scheduled back to
 * back; *end gets the clock the work ends. A fault stops the buffer, and
 * so does going past gpu->request_max_work or request_max_clocks
 * (HW_ERROR_LIMIT). */
enum hw_status hw_command_run(struct hw_gpu *gpu, const uint32_t *words, size_t count,
			      uint32_t phys, hw_clock_t start, hw_clock_t *end);

/* Whether the initialisation commands (hw_command_init_words) restore
 * register `id`: every register the model keeps as state, that is one it
 * accepts without HW_NOTE_REGISTER_IGNORED, except the action registers,
 * whose write does something rather than hold a value: FINALIZE, the
 * triggers (draws, vertex-cache and early-depth clears, framebuffer flush
 * and invalidate, CODETRANSFER_END), the data ports (shader code,
 * operand descriptors, float uniforms, fixed attributes, the fog LUT)
 * and the command-buffer channels (CMDBUF_SIZEi, ADDRi, JUMPi), which
 * belong to the flow of the commands, not to the drawing state. */
bool hw_command_register_restored(unsigned id);

/* A register's power-on value, as hw_gpu_reset leaves it (model choice;
 * the hardware's are not public): 0, except the colour operation's
 * registers, which power on storing the source as it comes, as the SDK
 * driver sets them with blending and the logic op off: COLOR_OPERATION
 * 0x00E40100 (blend), BLEND_FUNC 0x01010000 (add, ONE, ZERO for colour
 * and alpha), LOGIC_OP 3 (COPY). With zeros there, a command list that
 * never set them would clear every pixel it draws (the logic op CLEAR).
 * DEPTHMAP_ENABLE powers on 1, the z-buffer, as the SDK driver writes it
 * unless a program sets a w scale: with 0 (the w-buffer) a command list
 * that never wrote it would test and store z x scale + w x offset, not the
 * window depth it was written for. */
uint32_t hw_command_power_on(unsigned id);

/* The initialisation commands (model choice, doc/model.md): one
 * write of its power-on value (hw_command_power_on) to each
 * register hw_command_register_restored names, in ascending order, runs
 * of consecutive ids sharing a command (at most 256 writes each); then,
 * if needed, one more write of the first such register, so that the
 * sequence is a multiple of 16 bytes. No interrupt, no kick: it runs
 * inside the request it is added to. Besides the registers, the writes
 * reset what hangs on them: the shader units' entry points, boolean and
 * integer uniforms and upload indices, and the fixed-attribute index.
 * Code, operand descriptors, float uniforms and fixed-attribute values
 * are memories, not registers, and stay. Returns the number of words;
 * stores them in `out` (HW_COMMAND_INIT_MAX_WORDS words) unless NULL. */
#define HW_COMMAND_INIT_MAX_WORDS (2u * HW_REG_COUNT + 2u)
size_t hw_command_init_words(uint32_t *out);

#endif
