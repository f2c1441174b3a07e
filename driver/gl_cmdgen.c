/* gl_cmdgen.c: the registers a draw writes, in the order the command
 * processor (hw/hw_command.c) needs them: everything a draw reads is set
 * before the DRAWARRAYS / DRAWELEMENTS trigger. Register ids and fields
 * are hw/hw_regs.h's (3dbrew, GPU/Internal Registers). */
#include <stdlib.h>
#include <string.h>

#include "hw/hw_alloc.h"
#include "gl_cmdgen.h"

/* A command carries at most 256 parameters (8-bit extra count). */
#define CMD_MAX_PARAMS 256
/* ENTRYPOINT bits 16-31 and BOOLUNIFORM bits 16-31 hold 0x7FFF (3dbrew). */
#define CMD_UPPER_7FFF 0x7FFF0000u
/* ATTRIBBUFFERi_CONFIG2: bits 16-23 stride, bits 28-31 element count. */
#define CMD_ARRAY_STRIDE_SHIFT 16
#define CMD_ARRAY_ELEMENTS_SHIFT 28
#define CMD_INDEX_16BIT        0x80000000u
#define CMD_OFFSET_MASK        0x0FFFFFFFu
/* ATTRIBUTES_PERMUTATION that feeds input i to register v<i>. */
#define CMD_PERMUTATION_IDENTITY_LOW  0x76543210u
#define CMD_PERMUTATION_IDENTITY_HIGH 0xFEDCBA98u

void gl_cmdbuf_init(struct gl_cmdbuf *c)
{
	memset(c, 0, sizeof *c);
}

void gl_cmdbuf_free(struct gl_cmdbuf *c)
{
	free(c->w);
	gl_cmdbuf_init(c);
}

/* Append one word to c, doubling its storage as needed. On out of memory
 * c->failed is set and this and every later word are dropped. */
static void cmd_word(struct gl_cmdbuf *c, uint32_t word)
{
	if (c->failed)
		return;
	if (c->n == c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 256;
		uint32_t *grown = hw_realloc(c->w, cap * sizeof *grown);
		if (!grown) {
			c->failed = true;
			return;
		}
		c->w = grown;
		c->cap = cap;
	}
	c->w[c->n++] = word;
}

/* Append a write of n values to register id (or to id, id + 1, ... when
 * consecutive) as commands of at most CMD_MAX_PARAMS parameters, each padded
 * to 8 bytes. n may be 0 (nothing is written). */
static void cmd_write(struct gl_cmdbuf *c, unsigned id, const uint32_t *values, size_t n,
		      bool consecutive)
{
	while (n) {
		size_t chunk = n < CMD_MAX_PARAMS ? n : CMD_MAX_PARAMS, k;

		cmd_word(c, values[0]);
		cmd_word(c, hw_reg_cmd_header(id, HW_REG_CMD_MASK_ALL, (unsigned)chunk - 1,
					      consecutive));
		for (k = 1; k < chunk; k++)
			cmd_word(c, values[k]);
		if (c->n % 2)
			cmd_word(c, 0);        /* the next command starts 8-byte aligned */
		values += chunk;
		n -= chunk;
		if (consecutive)
			id += (unsigned)chunk;
	}
}

void gl_cmd_reg(struct gl_cmdbuf *c, unsigned id, uint32_t value)
{
	cmd_write(c, id, &value, 1, false);
}

void gl_cmd_seq(struct gl_cmdbuf *c, unsigned id, const uint32_t *values, size_t n)
{
	cmd_write(c, id, values, n, true);
}

void gl_cmd_port(struct gl_cmdbuf *c, unsigned id, const uint32_t *values, size_t n)
{
	cmd_write(c, id, values, n, false);
}

/* The register base of shader stage s (vertex or geometry unit). */
static unsigned stage_unit(unsigned s)
{
	return s == GL_STAGE_VERTEX ? HW_REG_VSH_BASE : HW_REG_GSH_BASE;
}

void gl_cmd_program(struct gl_cmdbuf *c, const struct gl_executable *exe)
{
	unsigned s;

	for (s = 0; s < GL_STAGE_COUNT; s++) {
		const struct gl_stage *st = &exe->stage[s];
		const struct gl_shbin *bin;
		unsigned unit = stage_unit(s);

		if (!st->binary)
			continue;
		bin = &st->binary->shbin;
		gl_cmd_reg(c, HW_REG_SH(unit, HW_REG_SH_CODETRANSFER_INDEX), 0);
		gl_cmd_port(c, HW_REG_SH(unit, HW_REG_SH_CODETRANSFER_DATA0), bin->code,
			    st->code_words);
		gl_cmd_reg(c, HW_REG_SH(unit, HW_REG_SH_CODETRANSFER_END), 1);
		gl_cmd_reg(c, HW_REG_SH(unit, HW_REG_SH_OPDESCS_INDEX), 0);
		gl_cmd_port(c, HW_REG_SH(unit, HW_REG_SH_OPDESCS_DATA0), bin->opdesc,
			    bin->opdesc_count);
		gl_cmd_reg(c, HW_REG_SH(unit, HW_REG_SH_ENTRYPOINT),
			   CMD_UPPER_7FFF | st->dvle->main_offset);
	}
}

/* Bit n of the bit set `bits` (32 bits a word). */
static bool bit_set(const uint32_t *bits, unsigned n)
{
	return (bits[n / 32] >> (n % 32)) & 1u;
}

/* Float registers in float32 mode: the index (bit 31 set) once per run of
 * consecutive registers, then w, z, y, x of each (hw_reg_unpack_f32x4). */
static void cmd_floats(struct gl_cmdbuf *c, unsigned unit, const struct gl_stage *st,
		       const uint32_t *which)
{
	uint32_t words[HW_SHADER_FLOAT_UNIFORMS * 4];
	unsigned r = 0, end, k, n;

	while (r < HW_SHADER_FLOAT_UNIFORMS) {
		if (!bit_set(which, r)) {
			r++;
			continue;
		}
		for (end = r; end < HW_SHADER_FLOAT_UNIFORMS && bit_set(which, end); end++)
			;
		for (n = 0, k = r; k < end; k++) {
			unsigned comp;
			for (comp = 0; comp < 4; comp++)
				memcpy(&words[n++], &st->f[k][3 - comp], sizeof words[0]);
		}
		gl_cmd_reg(c, HW_REG_SH(unit, HW_REG_SH_FLOATUNIFORM_INDEX),
			   HW_REG_FLOATUNIFORM_F32 | r);
		gl_cmd_port(c, HW_REG_SH(unit, HW_REG_SH_FLOATUNIFORM_DATA0), words, n);
		r = end;
	}
}

void gl_cmd_uniforms(struct gl_cmdbuf *c, const struct gl_executable *exe, bool all)
{
	unsigned s, i;

	for (s = 0; s < GL_STAGE_COUNT; s++) {
		const struct gl_stage *st = &exe->stage[s];
		unsigned unit = stage_unit(s);
		uint8_t ints = all ? st->i_used : st->i_dirty;

		if (!st->binary)
			continue;
		cmd_floats(c, unit, st, all ? st->f_used : st->f_dirty);
		for (i = 0; i < HW_SHADER_INT_UNIFORMS; i++)
			if ((ints >> i) & 1u)
				gl_cmd_reg(c, HW_REG_SH(unit, HW_REG_SH_INTUNIFORM(i)),
					   (uint32_t)st->i[i][0] | (uint32_t)st->i[i][1] << 8
					   | (uint32_t)st->i[i][2] << 16 | (uint32_t)st->i[i][3] << 24);
		if (all ? st->b_used : st->b_dirty)
			gl_cmd_reg(c, HW_REG_SH(unit, HW_REG_SH_BOOLUNIFORM), CMD_UPPER_7FFF | st->b);
	}
}

void gl_cmd_uniforms_sent(struct gl_executable *exe)
{
	unsigned s;

	for (s = 0; s < GL_STAGE_COUNT; s++) {
		memset(exe->stage[s].f_dirty, 0, sizeof exe->stage[s].f_dirty);
		exe->stage[s].i_dirty = 0;
		exe->stage[s].b_dirty = false;
	}
}

/* Which input register each loader attribute feeds; how many inputs. */
static void cmd_inputs(struct gl_cmdbuf *c, const struct gl_draw_plan *p)
{
	uint32_t perm[2] = { 0, 0 };
	unsigned a, n = p->attrib_count;

	for (a = 0; a < n; a++)
		perm[a / 8] |= (uint32_t)p->attrib[a].reg << (4 * (a % 8));
	gl_cmd_reg(c, HW_REG_VSH_NUM_ATTR, n - 1);
	gl_cmd_reg(c, HW_REG_SH(HW_REG_VSH_BASE, HW_REG_SH_INPUTBUFFER_CONFIG),
		   (uint32_t)HW_REG_INPUTBUFFER_NO_GS << 24 | (n - 1));
	gl_cmd_seq(c, HW_REG_SH(HW_REG_VSH_BASE, HW_REG_SH_PERMUTATION_LOW), perm, 2);
}

/* Registers 0x200-0x227 in one consecutive write: base, formats, the
 * twelve arrays (one per attribute read from memory; the rest empty, so
 * no earlier draw's array is read) and the index buffer. */
static void cmd_loader(struct gl_cmdbuf *c, const struct gl_draw_plan *p)
{
	enum { LOADER_REGS = HW_REG_INDEXBUFFER_CONFIG - HW_REG_ATTRIBBUFFERS_LOC + 1 };
	uint32_t r[LOADER_REGS];
	unsigned a, array = 0, fixed = 0;
	uint32_t low = 0, high = 0;

	memset(r, 0, sizeof r);
	for (a = 0; a < p->attrib_count; a++) {
		const struct gl_draw_attrib *at = &p->attrib[a];
		unsigned at_reg;

		if (a < 8)
			low |= (uint32_t)at->format << (4 * a);
		else
			high |= (uint32_t)at->format << (4 * (a - 8));
		if (p->immediate)
			continue;              /* the port feeds every attribute */
		if (at->fixed) {
			fixed |= 1u << a;
			continue;
		}
		at_reg = HW_REG_ATTRIBBUFFER_OFFSET(array) - HW_REG_ATTRIBBUFFERS_LOC;
		r[at_reg] = (at->phys - p->base) & CMD_OFFSET_MASK;
		r[at_reg + 1] = a;                     /* element 0: attribute a */
		r[at_reg + 2] = (uint32_t)at->stride << CMD_ARRAY_STRIDE_SHIFT
				| 1u << CMD_ARRAY_ELEMENTS_SHIFT;
		array++;
	}
	high |= (uint32_t)fixed << 16 | (uint32_t)(p->attrib_count - 1) << 28;
	r[0] = p->base >> 3;
	r[HW_REG_ATTRIBBUFFERS_FORMAT_LOW - HW_REG_ATTRIBBUFFERS_LOC] = low;
	r[HW_REG_ATTRIBBUFFERS_FORMAT_HIGH - HW_REG_ATTRIBBUFFERS_LOC] = high;
	r[HW_REG_INDEXBUFFER_CONFIG - HW_REG_ATTRIBBUFFERS_LOC] = p->indexed
		? ((p->index_phys - p->base) & CMD_OFFSET_MASK) | (p->index16 ? CMD_INDEX_16BIT : 0)
		: CMD_INDEX_16BIT;
	gl_cmd_seq(c, HW_REG_ATTRIBBUFFERS_LOC, r, LOADER_REGS);
	for (a = 0; a < p->attrib_count; a++) {
		uint32_t v[4];
		if (!p->attrib[a].fixed || p->immediate)
			continue;
		v[0] = a;
		hw_reg_pack_f24x4(p->attrib[a].value, v + 1);
		gl_cmd_seq(c, HW_REG_FIXEDATTRIB_INDEX, v, 4);
	}
}

/* Output registers of the vertex stage, and the map of the last stage. */
static void cmd_outputs(struct gl_cmdbuf *c, const struct gl_executable *exe)
{
	const struct gl_stage *vs = &exe->stage[GL_STAGE_VERTEX];
	const struct gl_stage *gs = &exe->stage[GL_STAGE_GEOMETRY];
	const struct gl_stage *last = gs->binary ? gs : vs;
	uint32_t map[1 + HW_REG_SH_OUTMAP_COUNT];
	uint32_t vs_total = vs->outputs ? vs->outputs - 1 : 0;

	gl_cmd_reg(c, HW_REG_SH(HW_REG_VSH_BASE, HW_REG_SH_OUTMAP_MASK), vs->outmask);
	gl_cmd_reg(c, HW_REG_VSH_OUTMAP_TOTAL1, vs_total);
	gl_cmd_reg(c, HW_REG_VSH_OUTMAP_TOTAL2, vs_total);
	map[0] = last->outputs;
	memcpy(map + 1, last->outmap, sizeof last->outmap);
	gl_cmd_seq(c, HW_REG_SH_OUTMAP_TOTAL, map, 1 + HW_REG_SH_OUTMAP_COUNT);
}

/* The geometry stage: off, or the geometry unit fed with the vertex
 * shader's outputs, gs_vertices vertices per invocation. */
static void cmd_geometry(struct gl_cmdbuf *c, const struct gl_draw_plan *p)
{
	const struct gl_executable *exe = p->exe;
	const struct gl_stage *gs = &exe->stage[GL_STAGE_GEOMETRY];
	bool tri_elements = p->indexed && p->primitive == HW_REG_PRIM_TRIANGLES;
	uint32_t perm[2] = { CMD_PERMUTATION_IDENTITY_LOW, CMD_PERMUTATION_IDENTITY_HIGH };
	unsigned inputs;

	gl_cmd_reg(c, HW_REG_GEOSTAGE_CONFIG, (gs->binary ? HW_REG_GEOSTAGE_GS_ON
					       : HW_REG_GEOSTAGE_GS_OFF)
		   | (tri_elements ? HW_REG_GEOSTAGE_TRI_ELEMENTS : 0)
		   | (gs->binary && exe->gs_mode == GL_SHBIN_GS_VARIABLE
		      ? HW_REG_GEOSTAGE_SUBDIVISION : 0));
	gl_cmd_reg(c, HW_REG_VSH_COM_MODE, gs->binary ? 1 : 0);
	if (!gs->binary)
		return;
	if (exe->gs_mode == GL_SHBIN_GS_FIXED) {
		/* Fixed mode (fact sheet A.8, B.11): the vertices go to
		 * float uniforms; bit 24 as the SDK writes it. */
		unsigned per = exe->stage[GL_STAGE_VERTEX].outputs;

		gl_cmd_reg(c, HW_REG_GSH_MISC0, HW_REG_GSH_MODE_FIXED
			   | (uint32_t)(exe->gs_vertices - 1) << 8 | (uint32_t)(per - 1) << 12
			   | (uint32_t)exe->gs_fixed_start << 16 | 1u << 24);
		gl_cmd_reg(c, HW_REG_SH(HW_REG_GSH_BASE, HW_REG_SH_INPUTBUFFER_CONFIG),
			   (uint32_t)HW_REG_INPUTBUFFER_GS << 24 | 1u << 8 | (per - 1));
	} else if (exe->gs_mode == GL_SHBIN_GS_VARIABLE) {
		/* Variable mode: counted primitives into float uniforms. */
		unsigned per = exe->stage[GL_STAGE_VERTEX].outputs;

		gl_cmd_reg(c, HW_REG_GSH_MISC0, HW_REG_GSH_MODE_VARIABLE);
		gl_cmd_reg(c, HW_REG_GSH_MISC1, exe->gs_main - 1);
		gl_cmd_reg(c, HW_REG_SH(HW_REG_GSH_BASE, HW_REG_SH_INPUTBUFFER_CONFIG),
			   (uint32_t)HW_REG_INPUTBUFFER_GS << 24 | 1u << 8 | (per ? per - 1 : 0));
	} else {
		inputs = exe->stage[GL_STAGE_VERTEX].outputs * exe->gs_vertices;
		gl_cmd_reg(c, HW_REG_GSH_MISC0, HW_REG_GSH_MODE_POINT);
		gl_cmd_reg(c, HW_REG_SH(HW_REG_GSH_BASE, HW_REG_SH_INPUTBUFFER_CONFIG),
			   (uint32_t)HW_REG_INPUTBUFFER_GS << 24 | (inputs ? inputs - 1 : 0));
	}
	gl_cmd_seq(c, HW_REG_SH(HW_REG_GSH_BASE, HW_REG_SH_PERMUTATION_LOW), perm, 2);
	gl_cmd_reg(c, HW_REG_SH(HW_REG_GSH_BASE, HW_REG_SH_OUTMAP_MASK), gs->outmask);
	/* The SDK driver clears b15 before each draw: every invocation sets
	 * it, so a program tells its first invocation in a draw. */
	gl_cmd_reg(c, HW_REG_SH(HW_REG_GSH_BASE, HW_REG_SH_BOOLUNIFORM),
		   CMD_UPPER_7FFF | (gs->b & 0x7FFFu));
}

/* Viewport (float24 half sizes, float31 inverses) and culling. */
static void cmd_raster(struct gl_cmdbuf *c, const struct gl_draw_plan *p)
{
	float w = (float)p->viewport_width, h = (float)p->viewport_height;
	uint32_t vp[4];

	vp[0] = hw_reg_float_to_f24(w / 2.0f);
	vp[1] = hw_reg_float_to_f31(2.0f / w) << 1;
	vp[2] = hw_reg_float_to_f24(h / 2.0f);
	vp[3] = hw_reg_float_to_f31(2.0f / h) << 1;
	gl_cmd_seq(c, HW_REG_VIEWPORT_WIDTH, vp, 4);
	gl_cmd_reg(c, HW_REG_VIEWPORT_XY, ((uint32_t)p->viewport_x & 0x3FFu)
		   | ((uint32_t)p->viewport_y & 0x3FFu) << 16);
	gl_cmd_reg(c, HW_REG_FACECULLING_CONFIG, p->cull);
}

void gl_cmd_draw(struct gl_cmdbuf *c, const struct gl_draw_plan *p)
{
	const struct gl_executable *exe = p->exe;
	const struct gl_stage *last = exe->stage[GL_STAGE_GEOMETRY].binary
				      ? &exe->stage[GL_STAGE_GEOMETRY] : &exe->stage[GL_STAGE_VERTEX];
	bool tri_elements = p->indexed && p->primitive == HW_REG_PRIM_TRIANGLES;

	cmd_inputs(c, p);
	cmd_loader(c, p);
	cmd_outputs(c, exe);
	cmd_geometry(c, p);
	cmd_raster(c, p);
	gl_cmd_reg(c, HW_REG_PRIMITIVE_CONFIG, p->primitive << 8
		   | (last->outputs ? last->outputs - 1 : 0));
	gl_cmd_reg(c, HW_REG_RESTART_PRIMITIVE, 1);
	if (p->immediate) {
		/* Drawing mode, vertex input on (GEOSTAGE_CONFIG2 bit 0, as
		 * for arrays), immediate mode, the vertices; configuration
		 * mode ends the run and draws them. */
		gl_cmd_reg(c, HW_REG_START_DRAW_FUNC0, 0);
		gl_cmd_reg(c, HW_REG_GEOSTAGE_CONFIG2, HW_REG_GEOSTAGE2_FUNCTION);
		gl_cmd_reg(c, HW_REG_FIXEDATTRIB_INDEX, HW_REG_FIXEDATTRIB_IMMEDIATE);
		gl_cmd_port(c, HW_REG_FIXEDATTRIB_DATA0, p->immediate, p->immediate_words);
		c->trigger = c->n;     /* the write that ends the run draws it */
		gl_cmd_reg(c, HW_REG_START_DRAW_FUNC0, 1);
		gl_cmd_reg(c, HW_REG_GEOSTAGE_CONFIG2, 0);
		return;
	}
	gl_cmd_reg(c, HW_REG_NUMVERTICES, p->count);
	gl_cmd_reg(c, HW_REG_VERTEX_OFFSET, p->indexed ? 0 : p->first);
	/* Drawing mode around the trigger; GEOSTAGE_CONFIG2 says how
	 * vertices come in (3dbrew: bit 0 for arrays, bit 8 for triangle
	 * elements). */
	gl_cmd_reg(c, HW_REG_START_DRAW_FUNC0, 0);
	gl_cmd_reg(c, HW_REG_GEOSTAGE_CONFIG2, (p->indexed ? 0 : HW_REG_GEOSTAGE2_FUNCTION)
		   | (tri_elements ? HW_REG_GEOSTAGE_TRI_ELEMENTS : 0));
	c->trigger = c->n;
	gl_cmd_reg(c, p->indexed ? HW_REG_DRAWELEMENTS : HW_REG_DRAWARRAYS, 1);
	gl_cmd_reg(c, HW_REG_GEOSTAGE_CONFIG2, 0);
	gl_cmd_reg(c, HW_REG_START_DRAW_FUNC0, 1);
	if (p->indexed)
		gl_cmd_reg(c, HW_REG_VTX_FUNC, 1);     /* the post-vertex cache is done */
}

/* ---- texture units ---------------------------------------------------------- */

uint32_t gl_cmd_tex_border(const struct hw_texture *t)
{
	uint32_t v = 0;
	unsigned k;

	for (k = 0; k < 4; k++) {
		float c = t->border[k];
		uint32_t b = c >= 1.0f ? 255u : c > 0.0f ? (uint32_t)(c * 255.0f + 0.5f) : 0u;

		v |= b << (8 * k);
	}
	return v;
}

uint32_t gl_cmd_tex_lod(const struct hw_texture *t)
{
	float b = t->lod_bias;
	int32_t fixed = b >= -16.0f && b < 16.0f ? (int32_t)(b * 256.0f) : 0;
	unsigned last = t->levels ? t->levels - 1 : 0;
	unsigned lo = t->min_level < last ? t->min_level : last;

	return ((uint32_t)fixed & 0x1FFFu) | (uint32_t)(last & 0xFu) << 16
	       | (uint32_t)(lo & 0xFu) << 24;
}

uint32_t gl_cmd_tex_type_bits(const struct hw_texture *t)
{
	bool shadow = t->type == HW_TEXTYPE_SHADOW_2D || t->type == HW_TEXTYPE_SHADOW_CUBE;

	return (uint32_t)(t->type & 7u) << 28 | (shadow ? 1u << 20 : 0u);
}

bool gl_cmd_tex_faces(const struct hw_texture *t, uint32_t v[5])
{
	unsigned f;

	if (t->type != HW_TEXTYPE_CUBE && t->type != HW_TEXTYPE_SHADOW_CUBE)
		return false;
	for (f = 1; f < HW_CUBE_FACES; f++)
		v[f - 1] = (t->face_phys[f] >> 3) & 0x003FFFFFu;
	return true;
}
