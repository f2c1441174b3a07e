/* check_cache.c: the set-associative cache model (hw/hw_cache.c), by named
 * rules and against a naive reference that keeps each set as a list in
 * replacement order and each line's valid bytes as an array of flags. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hw/hw_cache.h"
#include "hw/hw_simd.h"
#include "test_util.h"

/* ---- helpers ------------------------------------------------------------ */

static struct hw_cache_config geometry(uint32_t line, uint32_t sets, uint32_t ways,
				       enum hw_cache_policy policy, bool write_no_fill)
{
	struct hw_cache_config cfg;

	memset(&cfg, 0, sizeof cfg);
	cfg.line_bytes = line;
	cfg.sets = sets;
	cfg.ways = ways;
	cfg.policy = policy;
	cfg.write_no_fill = write_no_fill;
	return cfg;
}

static void cache_open(struct hw_cache *c, uint32_t line, uint32_t sets, uint32_t ways,
		       enum hw_cache_policy policy, bool write_no_fill)
{
	struct hw_cache_config cfg = geometry(line, sets, ways, policy, write_no_fill);

	ck_assert_int_eq(hw_cache_init(c, &cfg), HW_OK);
}

static bool read_hits(struct hw_cache *c, uint32_t addr)
{
	return hw_cache_access(c, addr, 4, false).hit;
}

#define FLUSH_LOG_MAX 4096

struct flush_log {
	unsigned n;
	uint32_t addr[FLUSH_LOG_MAX];
};

static void log_flush(void *user, uint32_t addr)
{
	struct flush_log *log = user;

	if (log->n < FLUSH_LOG_MAX)
		log->addr[log->n] = addr;
	log->n++;
}

/* Deterministic xorshift, so a failure always repeats. */
static uint32_t rng_next(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

/* ---- the reference model ------------------------------------------------ */

#define REF_MAX_WAYS 16
#define REF_MAX_SETS 64
#define REF_MAX_LINE 64

struct ref_line {
	uint32_t number;                        /* addr / line bytes */
	unsigned char valid[REF_MAX_LINE];      /* one flag a byte */
	bool dirty;
};

/* A set is a list: entry 0 is the next to go, new lines join the end, LRU
 * moves a used line to the end. */
struct ref_set {
	unsigned n;
	struct ref_line line[REF_MAX_WAYS];
};

struct ref_cache {
	uint32_t line_bytes, sets, ways;
	bool lru, write_no_fill;
	struct ref_set set[REF_MAX_SETS];
	uint64_t read_hits, read_misses, write_hits, write_misses, write_backs;
};

static void ref_init(struct ref_cache *r, const struct hw_cache_config *cfg)
{
	memset(r, 0, sizeof *r);
	r->line_bytes = cfg->line_bytes;
	r->sets = cfg->sets;
	r->ways = cfg->ways;
	r->lru = cfg->policy == HW_CACHE_LRU;
	r->write_no_fill = cfg->write_no_fill;
}

static void ref_move_to_end(struct ref_set *s, unsigned i)
{
	struct ref_line keep = s->line[i];

	memmove(&s->line[i], &s->line[i + 1], (s->n - i - 1) * sizeof keep);
	s->line[s->n - 1] = keep;
}

static struct hw_cache_traffic ref_access(struct ref_cache *r, uint32_t addr, uint32_t size,
					  bool write)
{
	struct hw_cache_traffic t = { false, false, false, 0 };
	uint32_t number = addr / r->line_bytes, offset = addr % r->line_bytes, b;
	struct ref_set *s = &r->set[number % r->sets];
	struct ref_line *l = NULL;
	unsigned i;
	bool all_valid = true;

	for (i = 0; i < s->n; i++)
		if (s->line[i].number == number)
			break;
	if (i < s->n) {
		l = &s->line[i];
		for (b = offset; b < offset + size; b++)
			if (!l->valid[b])
				all_valid = false;
		if (write || all_valid) {
			t.hit = true;
		} else {
			t.fill = true;
			memset(l->valid, 1, r->line_bytes);
		}
		if (r->lru) {
			ref_move_to_end(s, i);
			l = &s->line[s->n - 1];
		}
	} else {
		if (s->n == r->ways) {
			if (s->line[0].dirty) {
				t.write_back = true;
				t.write_back_addr = s->line[0].number * r->line_bytes;
				r->write_backs++;
			}
			ref_move_to_end(s, 0);
			s->n--;
		}
		l = &s->line[s->n++];
		memset(l, 0, sizeof *l);
		l->number = number;
		if (!write || !r->write_no_fill) {
			t.fill = true;
			memset(l->valid, 1, r->line_bytes);
		}
	}
	if (write) {
		for (b = offset; b < offset + size; b++)
			l->valid[b] = 1;
		l->dirty = true;
	}
	if (write)
		*(t.hit ? &r->write_hits : &r->write_misses) += 1;
	else
		*(t.hit ? &r->read_hits : &r->read_misses) += 1;
	return t;
}

/* Dirty lines in ascending address order; marks them clean. */
static unsigned ref_flush(struct ref_cache *r, uint32_t *out)
{
	unsigned n = 0, i, j, k;

	for (i = 0; i < r->sets; i++) {
		for (j = 0; j < r->set[i].n; j++) {
			struct ref_line *l = &r->set[i].line[j];
			if (!l->dirty)
				continue;
			l->dirty = false;
			out[n++] = l->number * r->line_bytes;
			r->write_backs++;
		}
	}
	for (i = 1; i < n; i++)                 /* insertion sort */
		for (k = i; k > 0 && out[k - 1] > out[k]; k--) {
			uint32_t x = out[k];
			out[k] = out[k - 1];
			out[k - 1] = x;
		}
	return n;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* Run one random stream through both; returns the first failing step or 0.
 * `what` names what differed. */
static unsigned compare_with_reference(const struct hw_cache_config *cfg, uint32_t seed,
				       unsigned steps, const char **what)
{
	static struct ref_cache ref;
	static struct flush_log log;
	static uint32_t ref_out[REF_MAX_SETS * REF_MAX_WAYS];
	struct hw_cache c;
	uint32_t lines = cfg->sets * cfg->ways * 3, step, fail = 0;

	*what = "";
	if (hw_cache_init(&c, cfg) != HW_OK) {
		*what = "init";
		return 1;
	}
	ref_init(&ref, cfg);
	for (step = 1; step <= steps && !fail; step++) {
		uint32_t r = rng_next(&seed);
		if (r % 997 == 0) {
			unsigned n;
			log.n = 0;
			if (hw_cache_flush(&c, log_flush, &log) != log.n)
				*what = "flush count", fail = step;
			n = ref_flush(&ref, ref_out);
			qsort(log.addr, log.n, sizeof log.addr[0], cmp_u32);
			if (!fail && (n != log.n || memcmp(ref_out, log.addr, n * sizeof *ref_out)))
				*what = "flush lines", fail = step;
		} else if (r % 1999 == 1) {
			unsigned i;
			hw_cache_invalidate(&c);
			for (i = 0; i < ref.sets; i++)
				ref.set[i].n = 0;
		} else {
			/* Spread the lines over many tags: line numbers times a
			 * large odd stride keep the set index but vary the tag. */
			uint32_t line = rng_next(&seed) % lines;
			uint32_t offset = rng_next(&seed) % cfg->line_bytes;
			uint32_t size = 1 + rng_next(&seed) % (cfg->line_bytes - offset);
			uint32_t addr = 0x18000000u + (line % cfg->sets) * cfg->line_bytes
					+ (line / cfg->sets) * cfg->sets * cfg->line_bytes * 7
					+ offset;
			bool write = rng_next(&seed) % 3 == 0;
			struct hw_cache_traffic a = hw_cache_access(&c, addr, size, write);
			struct hw_cache_traffic b = ref_access(&ref, addr, size, write);
			if (a.hit != b.hit)
				*what = "hit", fail = step;
			else if (a.fill != b.fill)
				*what = "fill", fail = step;
			else if (a.write_back != b.write_back)
				*what = "write-back", fail = step;
			else if (a.write_back && a.write_back_addr != b.write_back_addr)
				*what = "write-back address", fail = step;
		}
	}
	if (!fail && (c.stats.read_hits != ref.read_hits || c.stats.read_misses != ref.read_misses
		      || c.stats.write_hits != ref.write_hits
		      || c.stats.write_misses != ref.write_misses
		      || c.stats.write_backs != ref.write_backs))
		*what = "stats", fail = steps + 1;
	hw_cache_fini(&c);
	return fail;
}

/* ---- property: the model equals the reference ---------------------------- */

START_TEST(test_cache_random_streams_match_reference)
{
	static const uint32_t geo[][3] = {
		{ 16, 1, 1 }, { 16, 4, 2 }, { 32, 8, 4 }, { 64, 2, 8 }, { 16, 16, 3 },
		{ 32, 1, 16 }, { 64, 64, 1 }, { 16, 64, 4 },
	};
	unsigned g, p, f, seed;

	for (g = 0; g < sizeof geo / sizeof geo[0]; g++)
		for (p = 0; p < 2; p++)
			for (f = 0; f < 2; f++)
				for (seed = 1; seed <= 3; seed++) {
					struct hw_cache_config cfg = geometry(
						geo[g][0], geo[g][1], geo[g][2],
						p ? HW_CACHE_FIFO : HW_CACHE_LRU, f != 0);
					const char *what;
					unsigned fail = compare_with_reference(
						&cfg, seed * 2654435761u, 20000, &what);
					if (fail)
						ck_abort_msg("line %u sets %u ways %u %s %s seed %u: "
							     "%s differs at step %u",
							     geo[g][0], geo[g][1], geo[g][2],
							     p ? "FIFO" : "LRU",
							     f ? "no-fill" : "fill", seed, what, fail);
				}
}
END_TEST

/* ---- named rules --------------------------------------------------------- */

START_TEST(test_cache_sequential_reads_miss_once_per_line)
{
	struct hw_cache c;
	uint32_t a;

	cache_open(&c, 16, 2, 2, HW_CACHE_LRU, false);  /* 64 bytes for 1 KiB */
	for (a = 0; a < 1024; a += 4)
		hw_cache_access(&c, 0x18000000u + a, 4, false);
	ck_assert_uint_eq(c.stats.read_misses, 1024 / 16);
	ck_assert_uint_eq(c.stats.read_hits, 1024 / 4 - 1024 / 16);
	ck_assert_uint_eq(c.stats.write_backs, 0);
	hw_cache_fini(&c);
}
END_TEST

START_TEST(test_cache_working_set_that_fits_hits)
{
	struct hw_cache c;
	unsigned pass, i;

	cache_open(&c, 32, 4, 2, HW_CACHE_FIFO, false); /* 8 lines */
	for (pass = 0; pass < 5; pass++)
		for (i = 0; i < 8; i++)
			hw_cache_access(&c, 0x20000000u + i * 32 + pass, 8, false);
	ck_assert_uint_eq(c.stats.read_misses, 8);
	ck_assert_uint_eq(c.stats.read_hits, 4 * 8);
	hw_cache_fini(&c);
}
END_TEST

/* One set of two ways, lines A B A C A: LRU keeps the A it just used and
 * evicts B; FIFO evicts A, the older allocation, so the last A misses. */
START_TEST(test_cache_thrash_evicts_by_policy)
{
	static const uint32_t line[] = { 0, 1, 0, 2, 0 };
	static const bool lru_hit[] = { false, false, true, false, true };
	static const bool fifo_hit[] = { false, false, true, false, false };
	struct hw_cache lru, fifo;
	unsigned i;

	cache_open(&lru, 16, 1, 2, HW_CACHE_LRU, false);
	cache_open(&fifo, 16, 1, 2, HW_CACHE_FIFO, false);
	for (i = 0; i < 5; i++) {
		ck_assert_msg(read_hits(&lru, line[i] * 16) == lru_hit[i], "LRU step %u", i);
		ck_assert_msg(read_hits(&fifo, line[i] * 16) == fifo_hit[i], "FIFO step %u", i);
	}
	/* A cycle one longer than the ways misses every time under both. */
	for (i = 0; i < 30; i++) {
		ck_assert(!read_hits(&lru, 0x100 + (i % 3) * 16));
		ck_assert(!read_hits(&fifo, 0x100 + (i % 3) * 16));
	}
	hw_cache_fini(&lru);
	hw_cache_fini(&fifo);
}
END_TEST

START_TEST(test_cache_write_without_fill_then_read)
{
	struct hw_cache c;
	struct hw_cache_traffic t;

	cache_open(&c, 16, 4, 2, HW_CACHE_LRU, true);
	t = hw_cache_access(&c, 0x18000100u, 4, true);
	ck_assert(!t.hit && !t.fill && !t.write_back);          /* allocated, not read */
	t = hw_cache_access(&c, 0x18000100u, 4, false);
	ck_assert(t.hit && !t.fill);                            /* the written bytes */
	t = hw_cache_access(&c, 0x18000102u, 2, false);
	ck_assert(t.hit && !t.fill);
	t = hw_cache_access(&c, 0x18000103u, 2, false);         /* one byte never written */
	ck_assert(!t.hit && t.fill);
	t = hw_cache_access(&c, 0x1800010Cu, 4, false);         /* filled now */
	ck_assert(t.hit);
	ck_assert_uint_eq(c.stats.write_misses, 1);
	ck_assert_uint_eq(c.stats.read_misses, 1);
	ck_assert_uint_eq(c.stats.read_hits, 3);
	ck_assert_uint_eq(hw_cache_flush(&c, NULL, NULL), 1);   /* still dirty after the fill */
	hw_cache_fini(&c);
}
END_TEST

START_TEST(test_cache_write_with_fill_reads_the_line_first)
{
	struct hw_cache c;
	struct hw_cache_traffic t;

	cache_open(&c, 16, 4, 2, HW_CACHE_LRU, false);
	t = hw_cache_access(&c, 0x18000100u, 4, true);
	ck_assert(!t.hit && t.fill);
	ck_assert(hw_cache_access(&c, 0x18000108u, 4, false).hit);
	hw_cache_fini(&c);
}
END_TEST

START_TEST(test_cache_dirty_eviction_reports_its_address)
{
	struct hw_cache c;
	struct hw_cache_traffic t;

	/* 4 sets of one way, 16-byte lines: set = bits 4-5 of the address. */
	cache_open(&c, 16, 4, 1, HW_CACHE_LRU, true);
	hw_cache_access(&c, 0x18001234u, 4, true);              /* set 3, line 0x18001230 */
	hw_cache_access(&c, 0x18005600u, 4, false);             /* set 0: no conflict */
	t = hw_cache_access(&c, 0x18005638u, 4, false);         /* set 3: evicts */
	ck_assert(!t.hit && t.fill && t.write_back);
	ck_assert_uint_eq(t.write_back_addr, 0x18001230u);
	t = hw_cache_access(&c, 0x18001230u, 4, false);         /* clean victim: no write */
	ck_assert(t.fill && !t.write_back);
	ck_assert_uint_eq(c.stats.write_backs, 1);
	hw_cache_fini(&c);
}
END_TEST

START_TEST(test_cache_flush_writes_each_dirty_line_once)
{
	static struct flush_log log;
	struct hw_cache c;

	cache_open(&c, 32, 8, 2, HW_CACHE_FIFO, true);
	hw_cache_access(&c, 0x18000040u, 4, true);
	hw_cache_access(&c, 0x18000044u, 4, true);              /* same line again */
	hw_cache_access(&c, 0x1800005Cu, 4, true);
	hw_cache_access(&c, 0x18000400u, 8, true);
	hw_cache_access(&c, 0x180007E0u, 16, true);
	hw_cache_access(&c, 0x18000800u, 4, false);             /* clean: not written */
	log.n = 0;
	ck_assert_uint_eq(hw_cache_flush(&c, log_flush, &log), 3);
	ck_assert_uint_eq(log.n, 3);
	qsort(log.addr, log.n, sizeof log.addr[0], cmp_u32);
	ck_assert_uint_eq(log.addr[0], 0x18000040u);
	ck_assert_uint_eq(log.addr[1], 0x18000400u);
	ck_assert_uint_eq(log.addr[2], 0x180007E0u);
	ck_assert_uint_eq(c.stats.write_backs, 3);
	log.n = 0;
	ck_assert_uint_eq(hw_cache_flush(&c, log_flush, &log), 0);   /* now clean */
	ck_assert_uint_eq(log.n, 0);
	ck_assert(hw_cache_access(&c, 0x18000044u, 4, false).hit);    /* and still there */
	hw_cache_fini(&c);
}
END_TEST

START_TEST(test_cache_invalidate_forgets_without_writing)
{
	struct hw_cache c;

	cache_open(&c, 16, 4, 2, HW_CACHE_LRU, true);
	hw_cache_access(&c, 0x18000000u, 4, true);
	hw_cache_access(&c, 0x18000010u, 4, false);
	hw_cache_invalidate(&c);
	ck_assert_uint_eq(hw_cache_flush(&c, NULL, NULL), 0);
	ck_assert(!read_hits(&c, 0x18000010u));
	ck_assert_uint_eq(c.stats.write_backs, 0);
	hw_cache_fini(&c);
}
END_TEST

/* A miss takes the set's first empty way (the flush reports lines in set
 * then way order, so the order of the ways shows), after an invalidate as
 * well; with no way empty, the least recently used one. */
static void cache_log_addr(void *user, uint32_t addr)
{
	uint32_t *log = user;

	log[1 + log[0]++] = addr;
}

START_TEST(test_cache_allocation_takes_the_first_empty_way)
{
	static const uint32_t ways[] = { 4, 3 };
	unsigned g, k, round;

	for (g = 0; g < 2; g++) {
		struct hw_cache c;

		cache_open(&c, 16, 1, ways[g], HW_CACHE_LRU, true);
		for (round = 0; round < 2; round++) {
			uint32_t log[1 + 4] = { 0 };

			for (k = 0; k < ways[g]; k++)
				hw_cache_access(&c, 0x18000000u + 0x100u * (ways[g] - k), 4, true);
			ck_assert_uint_eq(hw_cache_flush(&c, cache_log_addr, log), ways[g]);
			for (k = 0; k < ways[g]; k++)
				ck_assert_uint_eq(log[1 + k], 0x18000000u + 0x100u * (ways[g] - k));
			/* every way used: the next miss replaces the oldest, way 0 */
			hw_cache_access(&c, 0x18004000u, 4, true);
			log[0] = 0;
			ck_assert_uint_eq(hw_cache_flush(&c, cache_log_addr, log), 1);
			ck_assert_uint_eq(log[1], 0x18004000u);
			hw_cache_invalidate(&c);
		}
		hw_cache_fini(&c);
	}
}
END_TEST

START_TEST(test_cache_invalid_geometry_rejected)
{
	static const uint32_t bad[][3] = {
		{ 8, 4, 2 }, { 128, 4, 2 }, { 24, 4, 2 }, { 0, 4, 2 },       /* line */
		{ 16, 0, 2 }, { 16, 3, 2 }, { 16, 1u << 17, 2 },              /* sets */
		{ 16, 4, 0 }, { 16, 4, 257 },                                 /* ways */
	};
	struct hw_cache c, before;
	struct hw_cache_config cfg;
	unsigned i;

	memset(&c, 0xA5, sizeof c);
	before = c;
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		cfg = geometry(bad[i][0], bad[i][1], bad[i][2], HW_CACHE_LRU, false);
		ck_assert_msg(hw_cache_init(&c, &cfg) == HW_ERROR_RANGE, "case %u", i);
		ck_assert_msg(memcmp(&c, &before, sizeof c) == 0, "case %u changed *c", i);
	}
	cfg = geometry(16, 4, 2, (enum hw_cache_policy)7, false);
	ck_assert_int_eq(hw_cache_init(&c, &cfg), HW_ERROR_RANGE);
	ck_assert_int_eq(hw_cache_init(&c, NULL), HW_ERROR_RANGE);
	ck_assert(memcmp(&c, &before, sizeof c) == 0);
	/* The limits themselves are accepted. */
	cfg = geometry(64, 1, 256, HW_CACHE_FIFO, true);
	ck_assert_int_eq(hw_cache_init(&c, &cfg), HW_OK);
	hw_cache_fini(&c);
	cfg = geometry(HW_CACHE_TEXTURE_LINE_BYTES, HW_CACHE_TEXTURE_SETS, HW_CACHE_TEXTURE_WAYS,
		       HW_CACHE_TEXTURE_POLICY, false);
	ck_assert_int_eq(hw_cache_init(&c, &cfg), HW_OK);
	hw_cache_fini(&c);
	cfg = geometry(HW_CACHE_FRAMEBUFFER_LINE_BYTES, HW_CACHE_FRAMEBUFFER_SETS,
		       HW_CACHE_FRAMEBUFFER_WAYS, HW_CACHE_FRAMEBUFFER_POLICY, true);
	ck_assert_int_eq(hw_cache_init(&c, &cfg), HW_OK);
	hw_cache_fini(&c);
}
END_TEST

/* Bytes past the line's end belong to the next access, not this one. */
START_TEST(test_cache_access_stops_at_the_line_end)
{
	struct hw_cache c;

	cache_open(&c, 16, 4, 2, HW_CACHE_LRU, true);
	hw_cache_access(&c, 0x1800000Eu, 8, true);      /* bytes 14, 15 of line 0 */
	ck_assert(hw_cache_access(&c, 0x1800000Eu, 2, false).hit);
	ck_assert(!hw_cache_access(&c, 0x18000010u, 1, false).hit);   /* line 1 untouched */
	hw_cache_fini(&c);
}
END_TEST

/* Same-line merging and the line-finding hints change no result: a cache
 * whose hints are forgotten before every access (so that every access
 * takes the general path and searches its set) gives the same traffic,
 * statistics and write-backs over random runs of reads and writes. */
static uint32_t cache_xorshift(uint32_t *seed)
{
	*seed ^= *seed << 13;
	*seed ^= *seed >> 17;
	*seed ^= *seed << 5;
	return *seed;
}

static void cache_collect(void *user, uint32_t addr)
{
	uint32_t *sum = user;

	*sum = *sum * 31u + addr;
}

START_TEST(test_cache_merged_accesses_match_the_general_path)
{
	static const struct hw_cache_config geo[] = {
		{ 16, 4, 2, HW_CACHE_LRU, true }, { 32, 8, 4, HW_CACHE_FIFO, false },
		{ 64, 1, 3, HW_CACHE_LRU, false }, { 16, 32, 4, HW_CACHE_FIFO, true },
	};
	uint32_t seed = 0x5EED1234u;
	unsigned g, k;

	for (g = 0; g < sizeof geo / sizeof geo[0]; g++) {
		struct hw_cache fast, slow;
		uint32_t addr = 0x18000000u, sum_fast = 0, sum_slow = 0;

		ck_assert_int_eq(hw_cache_init(&fast, &geo[g]), HW_OK);
		ck_assert_int_eq(hw_cache_init(&slow, &geo[g]), HW_OK);
		for (k = 0; k < 200000; k++) {
			uint32_t r = cache_xorshift(&seed);
			uint32_t size = 1 + (r >> 4) % 8;
			bool write = (r >> 8) % 3 == 0;
			struct hw_cache_traffic a, b;

			/* mostly near the last address, so lines repeat */
			if (r % 7 == 0)
				addr = 0x18000000u + (r >> 12) % 4096;
			else
				addr += (r >> 12) % 9 - 4;
			hw_cache_forget_hints(&slow);
			a = hw_cache_access(&fast, addr, size, write);
			b = hw_cache_access(&slow, addr, size, write);
			if (a.hit != b.hit || a.fill != b.fill || a.write_back != b.write_back
			    || a.write_back_addr != b.write_back_addr)
				ck_abort_msg("geometry %u, access %u at 0x%08X: traffic differs", g, k,
					     addr);
			if (r % 50000 == 0) {
				hw_cache_invalidate(&fast);
				hw_cache_invalidate(&slow);
			}
		}
		ck_assert(memcmp(&fast.stats, &slow.stats, sizeof fast.stats) == 0);
		ck_assert_uint_eq(hw_cache_flush(&fast, cache_collect, &sum_fast),
				  hw_cache_flush(&slow, cache_collect, &sum_slow));
		ck_assert_uint_eq(sum_fast, sum_slow);
		hw_cache_fini(&fast);
		hw_cache_fini(&slow);
	}
}
END_TEST

/* n addresses from *addr on: mostly a few bytes from the one before (the
 * same line or a neighbour), now and then anywhere in 8 KiB. */
static void cache_random_run(uint32_t *seed, uint32_t *addr, uint32_t *list, unsigned n)
{
	unsigned k;

	for (k = 0; k < n; k++) {
		uint32_t q = cache_xorshift(seed);

		if (q % 11 == 0)
			*addr = 0x18000000u + (q >> 8) % 8192;
		else if (q % 3 != 0)
			*addr += (q >> 8) % 9 - 4;      /* same line mostly */
		list[k] = *addr;
	}
}

/* hw_cache_read_n against hw_cache_access one read at a time: the same
 * fills, statistics, clock, tags, valid bytes and stamps, over random
 * runs of reads (of lines read just before, neighbours, far ones) with
 * writes between runs (partly valid lines of a write-no-fill cache), for
 * LRU and FIFO. */
static void cache_assert_same(const struct hw_cache *a, const struct hw_cache *b, unsigned g,
			      unsigned round)
{
	size_t lines = (size_t)a->cfg.sets * a->cfg.ways;

	if (memcmp(&a->stats, &b->stats, sizeof a->stats) != 0 || a->clock != b->clock
	    || memcmp(a->tag, b->tag, lines * sizeof *a->tag) != 0
	    || memcmp(a->valid, b->valid, lines * sizeof *a->valid) != 0
	    || memcmp(a->dirty, b->dirty, lines * sizeof *a->dirty) != 0
	    || memcmp(a->stamp, b->stamp, lines * sizeof *a->stamp) != 0)
		ck_abort_msg("geometry %u, round %u: the caches differ", g, round);
}

START_TEST(test_cache_read_n_matches_one_by_one)
{
	static const struct hw_cache_config geo[] = {
		{ 16, 128, 4, HW_CACHE_LRU, false }, { 16, 32, 4, HW_CACHE_LRU, true },
		{ 32, 8, 2, HW_CACHE_FIFO, true }, { 64, 1, 3, HW_CACHE_LRU, false },
		{ 16, 4, 1, HW_CACHE_FIFO, false },
	};
	uint32_t seed = 0xCAC4E5EDu;
	unsigned g, round, k;

	hw_simd_set_avx2(_i == 0);      /* the AVX2 copies (where they run), then the baseline */
	for (g = 0; g < sizeof geo / sizeof geo[0]; g++) {
		struct hw_cache fast, slow;
		uint32_t addr = 0x18000000u;

		ck_assert_int_eq(hw_cache_init(&fast, &geo[g]), HW_OK);
		ck_assert_int_eq(hw_cache_init(&slow, &geo[g]), HW_OK);
		for (round = 0; round < 3000; round++) {
			uint32_t list[64];
			uint16_t fills[64], expect[64];
			uint32_t r = cache_xorshift(&seed);
			unsigned n = r % 65, size = 1 + (r >> 8) % 8, m, nexpect = 0;

			cache_random_run(&seed, &addr, list, n);
			m = hw_cache_read_n(&fast, list, n, size, fills);
			for (k = 0; k < n; k++)
				if (hw_cache_access(&slow, list[k], size, false).fill)
					expect[nexpect++] = (uint16_t)k;
			ck_assert_uint_eq(m, nexpect);
			ck_assert(memcmp(fills, expect, m * sizeof *fills) == 0);
			cache_assert_same(&fast, &slow, g, round);
			/* a few writes between runs: lines partly valid */
			for (k = 0; k < r % 4; k++) {
				uint32_t w = 0x18000000u + cache_xorshift(&seed) % 8192;

				hw_cache_access(&fast, w, 1 + k, true);
				hw_cache_access(&slow, w, 1 + k, true);
			}
			if (r % 997 == 0) {
				hw_cache_invalidate(&fast);
				hw_cache_invalidate(&slow);
			}
		}
		hw_cache_fini(&fast);
		hw_cache_fini(&slow);
	}
}
END_TEST

/* hw_cache_write_n against hw_cache_access one write at a time: the same
 * traffic for each write that was not a hit (at its position), the same
 * statistics, clock, tags, valid bytes, dirty flags and stamps, over
 * random runs of writes (to the line written just before, neighbours, far
 * ones, sizes that cross a line's end, size 0) with reads between runs,
 * for caches that fill on write and that do not, LRU and FIFO, and the
 * hints (the accesses after each run take the inline path or not as the
 * hints say: they must name the same lines). */
START_TEST(test_cache_write_n_matches_one_by_one)
{
	static const struct hw_cache_config geo[] = {
		{ 16, 32, 4, HW_CACHE_LRU, true }, { 16, 128, 4, HW_CACHE_LRU, false },
		{ 32, 8, 2, HW_CACHE_FIFO, true }, { 64, 1, 3, HW_CACHE_LRU, false },
		{ 16, 4, 1, HW_CACHE_FIFO, true }, { 64, 2, 5, HW_CACHE_FIFO, false },
	};
	uint32_t seed = 0x3A17E5EDu;
	unsigned g, round, k;

	for (g = 0; g < sizeof geo / sizeof geo[0]; g++) {
		struct hw_cache fast, slow;
		uint32_t addr = 0x18000000u;
		uint64_t misses = 0, write_backs = 0;

		ck_assert_int_eq(hw_cache_init(&fast, &geo[g]), HW_OK);
		ck_assert_int_eq(hw_cache_init(&slow, &geo[g]), HW_OK);
		for (round = 0; round < 3000; round++) {
			uint32_t list[64];
			uint16_t at[64];
			struct hw_cache_traffic traffic[64], expect[64];
			uint16_t expect_at[64];
			uint32_t r = cache_xorshift(&seed);
			unsigned n = r % 65, size = (r >> 8) % 9, m, nexpect = 0;

			cache_random_run(&seed, &addr, list, n);
			m = hw_cache_write_n(&fast, list, n, size, at, traffic);
			for (k = 0; k < n; k++) {
				struct hw_cache_traffic t = hw_cache_access(&slow, list[k], size, true);

				if (!t.hit) {
					expect_at[nexpect] = (uint16_t)k;
					expect[nexpect++] = t;
				}
			}
			ck_assert_uint_eq(m, nexpect);
			for (k = 0; k < m; k++) {
				ck_assert_uint_eq(at[k], expect_at[k]);
				ck_assert(!traffic[k].hit);
				ck_assert_int_eq(traffic[k].fill, expect[k].fill);
				ck_assert_int_eq(traffic[k].write_back, expect[k].write_back);
				if (expect[k].write_back) {
					ck_assert_uint_eq(traffic[k].write_back_addr,
							  expect[k].write_back_addr);
					write_backs++;
				}
			}
			misses += m;
			cache_assert_same(&fast, &slow, g, round);
			/* a few reads between runs, by the inline path where a
			 * hint names the line: the hints must agree */
			for (k = 0; k < r % 4; k++) {
				uint32_t a = 0x18000000u + cache_xorshift(&seed) % 8192;
				struct hw_cache_traffic tf = hw_cache_access(&fast, a, 1 + k, false);
				struct hw_cache_traffic ts = hw_cache_access(&slow, a, 1 + k, false);

				ck_assert(tf.hit == ts.hit && tf.fill == ts.fill
					  && tf.write_back == ts.write_back
					  && tf.write_back_addr == ts.write_back_addr);
			}
			if (r % 997 == 0) {
				hw_cache_invalidate(&fast);
				hw_cache_invalidate(&slow);
			}
		}
		/* the runs reached every path: misses, and dirty lines evicted */
		ck_assert_uint_gt(misses, 100);
		ck_assert_uint_gt(write_backs, 10);
		hw_cache_fini(&fast);
		hw_cache_fini(&slow);
	}
}
END_TEST

/* hw_cache_write_again after a read of the same bytes (or more) is the
 * same as hw_cache_access's write: random reads and rewrites, the caches
 * compared whole. */
START_TEST(test_cache_write_again_is_the_write_after_a_read)
{
	static const struct hw_cache_config geo[] = {
		{ 16, 32, 4, HW_CACHE_LRU, true }, { 32, 8, 2, HW_CACHE_FIFO, true },
		{ 16, 4, 1, HW_CACHE_LRU, false },
	};
	uint32_t seed = 0xD0E5A9A1u;
	unsigned g, k;

	for (g = 0; g < sizeof geo / sizeof geo[0]; g++) {
		struct hw_cache fast, slow;

		ck_assert_int_eq(hw_cache_init(&fast, &geo[g]), HW_OK);
		ck_assert_int_eq(hw_cache_init(&slow, &geo[g]), HW_OK);
		for (k = 0; k < 20000; k++) {
			uint32_t r = cache_xorshift(&seed);
			uint32_t addr = 0x18000000u + (r >> 8) % 4096 / 4 * 4;
			uint32_t size = r & 1 ? 4 : 2, again = size == 4 ? 3 : 2;

			if (r % 5 == 0) {               /* a write first: lines partly valid */
				hw_cache_access(&fast, addr ^ 8u, 4, true);
				hw_cache_access(&slow, addr ^ 8u, 4, true);
			}
			hw_cache_access(&fast, addr, size, false);
			hw_cache_access(&slow, addr, size, false);
			hw_cache_write_again(&fast, addr);
			hw_cache_access(&slow, addr, again, true);
			if (k % 1000 == 0)
				cache_assert_same(&fast, &slow, g, k);
		}
		cache_assert_same(&fast, &slow, g, k);
		hw_cache_fini(&fast);
		hw_cache_fini(&slow);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("cache");
	TCase *tc = tcase_create("rules");

	tcase_add_test(tc, test_cache_merged_accesses_match_the_general_path);
	tcase_add_loop_test(tc, test_cache_read_n_matches_one_by_one, 0, 2);
	tcase_add_test(tc, test_cache_write_n_matches_one_by_one);
	tcase_add_test(tc, test_cache_write_again_is_the_write_after_a_read);
	tcase_add_test(tc, test_cache_sequential_reads_miss_once_per_line);
	tcase_add_test(tc, test_cache_working_set_that_fits_hits);
	tcase_add_test(tc, test_cache_thrash_evicts_by_policy);
	tcase_add_test(tc, test_cache_write_without_fill_then_read);
	tcase_add_test(tc, test_cache_write_with_fill_reads_the_line_first);
	tcase_add_test(tc, test_cache_dirty_eviction_reports_its_address);
	tcase_add_test(tc, test_cache_flush_writes_each_dirty_line_once);
	tcase_add_test(tc, test_cache_invalidate_forgets_without_writing);
	tcase_add_test(tc, test_cache_allocation_takes_the_first_empty_way);
	tcase_add_test(tc, test_cache_invalid_geometry_rejected);
	tcase_add_test(tc, test_cache_access_stops_at_the_line_end);
	suite_add_tcase(s, tc);

	tc = tcase_create("reference");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_cache_random_streams_match_reference);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
