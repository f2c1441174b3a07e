/* hw_pipeline.h: the timing of one draw as a pipeline of stages joined by
 * bounded queues, evaluated per batch of primitives in closed form.
 *
 * A draw's work is cut into batches in stream order (hw_draw_vertex.c closes a
 * batch every few primitives into triangle setup). Each stage s takes
 * `time` clocks for batch b, of which its busy-counter module is busy on
 * `busy` (busy <= time: the vertex stage's time is its slowest processor,
 * while only processor 0 raises a busy signal). Between consecutive
 * stages is a queue of `queue` batches. Then, with the draw starting at 0:
 *
 *   start[s][b]  = max(leave[s-1][b], leave[s][b-1])     (leave[-1][b] = 0)
 *   end[s][b]    = start[s][b] + time[s][b]
 *   leave[s][b]  = max(end[s][b], start[s+1][b-queue])   (last stage: end)
 *
 * A stage takes a batch when the batch has left the stage before it and
 * the stage has passed on its previous batch (one batch in the stage at a
 * time); it keeps a finished batch until the queue after it has room,
 * that is until the stage after it has taken the batch `queue` places
 * earlier. start[s + 1][b - queue] is from an earlier batch, so one pass
 * over the batches, front stage first, evaluates everything: O(batches x
 * stages), no per-clock loop. The draw lasts until its last batch leaves
 * the last stage.
 *
 * What a module does on the clocks of a draw (model choice):
 *   - it holds batch b from start[s][b] until it passes it on (leave). It
 *     works on it `busy` clocks, spread evenly over that time: a module
 *     whose output queue is full (blocked) goes on at the pace the stage
 *     after it takes its output, alternating work and waits, as a real
 *     one does item by item. A module that is never blocked is busy from
 *     the start of the batch without a break;
 *   - waiting for its next batch (starved) it is not busy;
 *   - so the module whose work limits the draw is busy without a break
 *     and wins the busy counter's windows, a module limited by another
 *     shows its own work only, and a tie (one fully busy window each)
 *     goes to the frontmost, by the manual's rule;
 *   - with a geometry shader, the clocks the geometry stage holds a batch
 *     beyond its work (blocked) are the clocks processor 0 waited to issue
 *     vout while a later module was busy: VERTEX_SHADER0 word 1 counts
 *     them (manual 9.3.2).
 * Stages with no work in the whole draw are left out of the chain. */
#ifndef NNGX_HW_PIPELINE_H
#define NNGX_HW_PIPELINE_H

#include <stdbool.h>
#include <stdint.h>

#include "hw_busy.h"

enum hw_pipe_stage {
	HW_PIPE_LOADER = 0,     /* command buffer and vertex array load */
	HW_PIPE_VERTEX,         /* vertex shader on the shader processors */
	HW_PIPE_GEOMETRY,       /* geometry shader on processor 0 */
	HW_PIPE_SETUP,          /* clipping, culling, triangle setup */
	HW_PIPE_RASTER,
	HW_PIPE_TEXTURE,
	HW_PIPE_LIGHTING,
	HW_PIPE_COMBINER,
	HW_PIPE_FRAGMENT,       /* per-fragment operations */
	HW_PIPE_STAGE_COUNT
};

/* At most this many batches a draw: a longer draw makes larger batches. */
#define HW_PIPE_MAX_BATCHES 128

struct hw_pipe_batch {
	uint64_t time[HW_PIPE_STAGE_COUNT];
	uint64_t busy[HW_PIPE_STAGE_COUNT];
	/* Filled by hw_pipe_evaluate, in clocks from the draw's start. */
	uint64_t start[HW_PIPE_STAGE_COUNT];
	uint64_t blocked[HW_PIPE_STAGE_COUNT];   /* leave - end */
};

struct hw_pipe {
	unsigned batches;
	unsigned doublings;                         /* times the batch size doubled */
	struct hw_pipe_batch batch[HW_PIPE_MAX_BATCHES];
	uint64_t duration;                          /* filled by hw_pipe_evaluate */
};

/* The busy-counter module of a stage (the vertex and geometry stages are
 * both shader processor 0's). */
enum hw_busy_module hw_pipe_module(enum hw_pipe_stage s);

/* Evaluate the recurrence above with queues of `queue` (>= 1) batches:
 * fills start, blocked and duration. */
void hw_pipe_evaluate(struct hw_pipe *p, unsigned queue);

/* Sum of blocked clocks of stage s over the draw. */
uint64_t hw_pipe_blocked(const struct hw_pipe *p, enum hw_pipe_stage s);

/* Raise the busy signals of the evaluated draw from clock `origin`: for
 * every batch, the module of stage s busy on `busy` clocks spread over
 * the time it holds the batch (fully busy runs joined). */
enum hw_status hw_pipe_schedule(const struct hw_pipe *p, struct hw_busy_unit *busy,
				hw_clock_t origin);

#endif
