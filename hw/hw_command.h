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

#endif
