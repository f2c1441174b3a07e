/* busy_reference.h: a deliberately naive busy counter for property tests:
 * one cell per module and clock, windows counted clock by clock. It shares
 * no code with hw/hw_busy.c. */
#ifndef NNGX_BUSY_REFERENCE_H
#define NNGX_BUSY_REFERENCE_H

#include <stdbool.h>
#include <stdint.h>

#define REF_MODULES 8
#define REF_CLOCKS 6000

enum ref_cell { REF_IDLE = 0, REF_FULL, REF_SPREAD_IDLE, REF_SPREAD_BUSY };

struct ref_busy {
	uint8_t cell[REF_MODULES][REF_CLOCKS];
	uint16_t reg_window, reg_limit;
	bool running;
	uint64_t start, window, limit, done;
	uint16_t counter[REF_MODULES];
};

void ref_init(struct ref_busy *r);
void ref_add_interval(struct ref_busy *r, int m, uint64_t start, uint64_t len);
void ref_add_spread(struct ref_busy *r, int m, uint64_t start, uint32_t duration,
		    uint32_t busy);
void ref_start(struct ref_busy *r, uint64_t now);
void ref_stop(struct ref_busy *r, uint64_t now);
void ref_read(struct ref_busy *r, uint64_t now, uint16_t out[REF_MODULES]);
uint64_t ref_clocks_in(const struct ref_busy *r, int m, uint64_t from, uint64_t to);

#endif
