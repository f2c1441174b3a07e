/* hw_pipeline.c: the batch pipeline of a draw (see hw_pipeline.h). */
#include "hw_assert.h"
#include "hw_pipeline.h"

enum hw_busy_module hw_pipe_module(enum hw_pipe_stage s)
{
	static const enum hw_busy_module module[HW_PIPE_STAGE_COUNT] = {
		[HW_PIPE_LOADER] = HW_BUSY_COMMAND,
		[HW_PIPE_VERTEX] = HW_BUSY_SHADER0,
		[HW_PIPE_GEOMETRY] = HW_BUSY_SHADER0,
		[HW_PIPE_SETUP] = HW_BUSY_TRIANGLE_SETUP,
		[HW_PIPE_RASTER] = HW_BUSY_RASTERIZER,
		[HW_PIPE_TEXTURE] = HW_BUSY_TEXTURE,
		[HW_PIPE_LIGHTING] = HW_BUSY_FRAGMENT_LIGHTING,
		[HW_PIPE_COMBINER] = HW_BUSY_COMBINER,
		[HW_PIPE_FRAGMENT] = HW_BUSY_PER_FRAGMENT,
	};

	return module[s];
}

/* The larger of a and b. */
static uint64_t max64(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

void hw_pipe_evaluate(struct hw_pipe *p, unsigned queue)
{
	/* leave[k][b] of the active stages, k in chain order */
	uint64_t leave[HW_PIPE_STAGE_COUNT][HW_PIPE_MAX_BATCHES];
	unsigned chain[HW_PIPE_STAGE_COUNT], n = 0, s, k, b;

	NNGX_ASSERT(p->batches <= HW_PIPE_MAX_BATCHES);
	if (queue == 0)
		queue = 1;
	for (s = 0; s < HW_PIPE_STAGE_COUNT; s++) {
		for (b = 0; b < p->batches; b++) {
			p->batch[b].start[s] = 0;
			p->batch[b].blocked[s] = 0;
		}
		for (b = 0; b < p->batches; b++)
			if (p->batch[b].time[s]) {
				chain[n++] = s;
				break;
			}
	}
	p->duration = 0;
	if (n == 0)
		return;
	for (b = 0; b < p->batches; b++) {
		struct hw_pipe_batch *x = &p->batch[b];

		for (k = 0; k < n; k++) {
			uint64_t start = k ? leave[k - 1][b] : 0, end, out;

			s = chain[k];
			if (b)
				start = max64(start, leave[k][b - 1]);
			end = start + x->time[s];
			out = end;
			/* Room after us once the next stage took batch b - queue. */
			if (k + 1 < n && b >= queue)
				out = max64(out, p->batch[b - queue].start[chain[k + 1]]);
			/* a stage takes a batch after the stage before
			 * released it and after it released the batch before */
			NNGX_ASSERT(out >= end && end >= start);
			x->start[s] = start;
			x->blocked[s] = out - end;
			leave[k][b] = out;
		}
	}
	/* Every stage's last batch leaves by the time the last stage's does:
	 * the last batch is blocked only until the stage after takes it. */
	NNGX_ASSERT(p->batches >= 1);
	p->duration = leave[n - 1][p->batches - 1];
}

uint64_t hw_pipe_blocked(const struct hw_pipe *p, enum hw_pipe_stage s)
{
	uint64_t sum = 0;
	unsigned b;

	for (b = 0; b < p->batches; b++)
		sum += p->batch[b].blocked[s];
	return sum;
}

/* Module m busy on `busy` of the `len` clocks from `from`, spread evenly
 * (in slices, as a spread segment lasts less than 2^32 clocks). */
static enum hw_status pipe_spread(struct hw_busy_unit *u, enum hw_busy_module m, hw_clock_t from,
				  uint64_t len, uint64_t busy)
{
	const uint64_t slice = 0x80000000u;
	uint64_t done = 0;

	NNGX_ASSERT(busy <= len);       /* a module is busy within the time it holds */

	while (done < len) {
		uint64_t n = len - done < slice ? len - done : slice;
		uint64_t b = busy * (done + n) / len - busy * done / len;
		enum hw_status st = hw_busy_add_spread(u, m, from + done, (uint32_t)n, (uint32_t)b);

		if (st != HW_OK)
			return st;
		done += n;
	}
	return HW_OK;
}

enum hw_status hw_pipe_schedule(const struct hw_pipe *p, struct hw_busy_unit *busy,
				hw_clock_t origin)
{
	unsigned s, b;

	for (s = 0; s < HW_PIPE_STAGE_COUNT; s++) {
		enum hw_busy_module m = hw_pipe_module((enum hw_pipe_stage)s);
		uint64_t from = 0, len = 0;        /* a run of fully busy batches */
		enum hw_status st;

		for (b = 0; b < p->batches; b++) {
			const struct hw_pipe_batch *x = &p->batch[b];
			uint64_t held = x->time[s] + x->blocked[s];

			NNGX_ASSERT(x->busy[s] <= held);

			if (x->busy[s] == 0)
				continue;
			if (x->busy[s] == held && len && from + len == x->start[s]) {
				len += held;
				continue;
			}
			if (len && (st = hw_busy_add_interval(busy, m, origin + from, len)) != HW_OK)
				return st;
			len = 0;
			if (x->busy[s] == held) {
				from = x->start[s];
				len = held;
			} else if ((st = pipe_spread(busy, m, origin + x->start[s], held,
						     x->busy[s])) != HW_OK) {
				return st;
			}
		}
		if (len && (st = hw_busy_add_interval(busy, m, origin + from, len)) != HW_OK)
			return st;
	}
	return HW_OK;
}
