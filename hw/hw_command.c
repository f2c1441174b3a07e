/* hw_command.c: the command processor: register writes, uploads, draws.
 *
 * Timing: commands are fetched 16 bytes at a time by the command/vertex
 * load module (MEMORY_ACCESS word 4). The fetch clocks of the commands
 * before a draw are added to that draw's command-module work; those after
 * the last draw keep the module busy on their own. */
#include <stdio.h>
#include <string.h>

#include "hw_assert.h"
#include "hw_gpu.h"

/* Model choice: jumps between command buffers (CMDBUF_JUMPi) at most this
 * many times per submission, so that a loop of jumps cannot hang (a
 * nested subroutine call makes one: the outer return kick finds the
 * channel pointing at its own return point). A kick runs the buffer its
 * channel's SIZE and ADDR name, whichever channel it is; there is no
 * return stack. */
#define COMMAND_MAX_JUMPS 1024

struct run_ctx {
	struct hw_gpu *gpu;
	hw_clock_t start;               /* when the buffer started */
	hw_clock_t t;                   /* when the next work starts */
	uint64_t work_left;             /* host work still allowed; UINT64_MAX: no bound */
	uint32_t phys;                  /* where the buffer being read lives */
	uint32_t param_phys;            /* where the parameter being written lies */
	uint64_t bytes_read;            /* command bytes since the last draw */
	struct hw_counters loose;       /* counts not yet attached to a draw */
	bool jump;                      /* a CMDBUF_JUMP was written */
	unsigned jump_index;
	enum hw_status status;
};

/* Command fetches since the last draw: counted, and their clocks. */
static uint64_t command_fetch(struct run_ctx *c)
{
	const struct hw_draw_costs *k = &c->gpu->costs;
	uint32_t accesses = (uint32_t)((c->bytes_read + HW_MEMORY_ACCESS_BYTES - 1)
				       / HW_MEMORY_ACCESS_BYTES);

	c->bytes_read = 0;
	hw_memory_count(&c->loose, HW_MEM_COMMAND_VERTEX_READ, c->phys, false, accesses);
	return (uint64_t)accesses * (hw_memory_area_of(c->phys) == HW_AREA_FCRAM
				     ? k->per_access_fcram : k->per_access_vram);
}

/* ---- draw decoding ------------------------------------------------------ */

/* Fill l from the attribute-buffer registers, the fixed attribute values and
 * the vertex shader's input permutation. Clamps counts to the loader's array
 * sizes; reads gpu only. */
static void decode_loader(const struct hw_gpu *gpu, struct hw_loader_config *l)
{
	const uint32_t *r = gpu->regs;
	uint32_t low = r[HW_REG_ATTRIBBUFFERS_FORMAT_LOW], high = r[HW_REG_ATTRIBBUFFERS_FORMAT_HIGH];
	uint32_t perm_low = r[HW_REG_SH(HW_REG_VSH_BASE, HW_REG_SH_PERMUTATION_LOW)];
	uint32_t perm_high = r[HW_REG_SH(HW_REG_VSH_BASE, HW_REG_SH_PERMUTATION_HIGH)];
	unsigned a, n, e, m;

	memset(l, 0, sizeof *l);
	l->base = hw_reg_attribbuffers_base(r[HW_REG_ATTRIBBUFFERS_LOC]);
	l->attrib_count = hw_reg_attrib_total(high);
	for (a = 0; a < l->attrib_count && a < HW_LOADER_ATTRIBS; a++) {
		unsigned code = hw_reg_attrib_format(low, high, a);
		l->attrib[a].type = (enum hw_attrib_type)hw_reg_attrib_type(code);
		l->attrib[a].size = hw_reg_attrib_components(code);
		l->attrib[a].fixed = (hw_reg_fixed_attrib_mask(high) >> a) & 1u;
		memcpy(l->attrib[a].value, gpu->command.fixed_value[a], sizeof l->attrib[a].value);
		l->input_reg[a] = (uint8_t)hw_reg_sh_input_register(perm_low, perm_high, a);
	}
	l->array_count = HW_LOADER_ARRAYS;
	for (n = 0; n < HW_LOADER_ARRAYS; n++) {
		uint32_t cfg1 = r[HW_REG_ATTRIBBUFFER_CONFIG1(n)], cfg2 = r[HW_REG_ATTRIBBUFFER_CONFIG2(n)];
		struct hw_attrib_array *arr = &l->array[n];

		arr->offset = hw_reg_attribbuffer_offset(r[HW_REG_ATTRIBBUFFER_OFFSET(n)]);
		arr->stride = hw_reg_attribbuffer_stride(cfg2);
		m = hw_reg_attribbuffer_ncomponents(cfg2);
		if (m > HW_LOADER_ARRAY_ELEMENTS)
			m = HW_LOADER_ARRAY_ELEMENTS;
		arr->elements = m;
		for (e = 0; e < m; e++)
			arr->element[e] = (uint8_t)hw_reg_attribbuffer_component(cfg1, cfg2, e);
	}
}

/* Output registers enabled in a unit's mask, in order. */
static unsigned mask_registers(uint32_t mask, uint8_t *out, unsigned max)
{
	unsigned o, n = 0;

	for (o = 0; o < HW_SHADER_OUTPUTS && n < max; o++)
		if ((mask >> o) & 1u)
			out[n++] = (uint8_t)o;
	return n;
}

/* Fill clip from the viewport, depth map, culling and user clip-plane
 * registers in r. Unknown cull codes cull nothing. */
static void decode_clip(const uint32_t *r, struct hw_clip_config *clip)
{
	unsigned k;

	memset(clip, 0, sizeof *clip);
	clip->half_width = hw_reg_viewport_half(r[HW_REG_VIEWPORT_WIDTH]);
	clip->half_height = hw_reg_viewport_half(r[HW_REG_VIEWPORT_HEIGHT]);
	clip->origin_x = (float)hw_reg_viewport_x(r[HW_REG_VIEWPORT_XY]);
	clip->origin_y = (float)hw_reg_viewport_y(r[HW_REG_VIEWPORT_XY]);
	clip->depth_scale = hw_reg_f24_field(r[HW_REG_DEPTHMAP_SCALE]);
	clip->depth_offset = hw_reg_f24_field(r[HW_REG_DEPTHMAP_OFFSET]);
	switch (hw_reg_cull_mode(r[HW_REG_FACECULLING_CONFIG])) {
	case 1: clip->cull = HW_CULL_CCW; break;
	case 2: clip->cull = HW_CULL_CW; break;
	default: clip->cull = HW_CULL_NONE; break;
	}
	clip->user_plane_enabled = hw_reg_bit0(r[HW_REG_FRAGOP_CLIP]);
	for (k = 0; k < 4; k++)
		clip->user_plane[k] = hw_reg_f24_field(r[HW_REG_FRAGOP_CLIP_DATA0 + k]);
}

/* Early depth functions have their own 2-bit encoding (3dbrew). */
static enum hw_compare early_depth_compare(unsigned code)
{
	switch (code) {
	case HW_REG_EARLYDEPTH_GEQUAL: return HW_CMP_GEQUAL;
	case HW_REG_EARLYDEPTH_GREATER: return HW_CMP_GREATER;
	case HW_REG_EARLYDEPTH_LEQUAL: return HW_CMP_LEQUAL;
	default: return HW_CMP_LESS;
	}
}

/* Fill t from texture unit u's registers in r: address, size, format, levels,
 * wrap (codes 6 and 7 folded into repeat, see below) and filters; unit 0 also gets its type,
 * cube faces and shadow settings. */
static void decode_texture(const uint32_t *r, unsigned u, struct hw_texture *t)
{
	uint32_t dim = r[HW_REG_TEXUNIT_DIM(u)], param = r[HW_REG_TEXUNIT_PARAM(u)];
	uint32_t border = r[HW_REG_TEXUNIT_BORDER_COLOR(u)];
	unsigned k;

	memset(t, 0, sizeof *t);
	t->phys = hw_reg_tex_addr(r[HW_REG_TEXUNIT_ADDR(u)]);
	t->width = hw_reg_tex_width(dim);
	t->height = hw_reg_tex_height(dim);
	t->format = (enum hw_tex_format)hw_reg_tex_format(r[HW_REG_TEXUNIT_TYPE(u)]);
	t->levels = hw_reg_tex_max_level(r[HW_REG_TEXUNIT_LOD(u)]) + 1;
	t->min_level = hw_reg_tex_min_level(r[HW_REG_TEXUNIT_LOD(u)]);
	t->lod_bias = hw_reg_tex_lod_bias(r[HW_REG_TEXUNIT_LOD(u)]);
	t->wrap_s = (enum hw_tex_wrap)hw_reg_tex_wrap_s(param);
	t->wrap_t = (enum hw_tex_wrap)hw_reg_tex_wrap_t(param);
	t->mag_filter = (enum hw_tex_filter)hw_reg_tex_mag_filter(param);
	t->min_filter = (enum hw_tex_filter)hw_reg_tex_min_filter(param);
	t->mip_filter = (enum hw_tex_filter)hw_reg_tex_mip_filter(param);
	for (k = 0; k < 4; k++)
		t->border[k] = (float)((border >> (8 * k)) & 0xFFu) / 255.0f;
	/* Wrap codes 4 and 5 are their own modes (hw_texture.h); 6 and 7
	 * repeat (Citra's reading, fragment-pipeline.md B.2 and E.15). */
	if (t->wrap_s >= 6u)
		t->wrap_s = HW_WRAP_REPEAT;
	if (t->wrap_t >= 6u)
		t->wrap_t = HW_WRAP_REPEAT;
	t->face_phys[0] = t->phys;
	if (u != 0)
		return;
	/* unit 0: its type (5-7: off, see decode_fragment), the cube's other
	 * faces (ADDR2-6 with ADDR1's bits 22-27), the shadow register */
	t->type = (enum hw_tex_type)(hw_reg_tex_type(param) <= HW_REG_TEXTYPE_SHADOW_CUBE
				     ? hw_reg_tex_type(param) : HW_REG_TEXTYPE_2D);
	for (k = 1; k < HW_CUBE_FACES; k++)
		t->face_phys[k] = hw_reg_tex_face_addr(r[HW_REG_TEXUNIT0_ADDR(1)],
						       r[HW_REG_TEXUNIT0_ADDR(k + 1)]);
	t->shadow_ortho = hw_reg_tex_shadow_ortho(r[HW_REG_TEXUNIT0_SHADOW]);
	t->shadow_bias = hw_reg_tex_shadow_zbias(r[HW_REG_TEXUNIT0_SHADOW]);
}

/* Where a draw's decoded lighting and fog live while it runs. */
struct decode_shading {
	struct hw_lighting_config lighting;
	struct hw_fog_config fog;
};

/* The fragment side of a draw: target, tests, textures, combiner,
 * lighting, fog (decoded into `sh` when on). */
static void decode_fragment(const struct hw_gpu *gpu, struct hw_draw_fragment *f,
			    struct decode_shading *sh)
{
	const uint32_t *r = gpu->regs;
	struct hw_fragment_config *o = &f->ops;
	uint32_t dim = r[HW_REG_FRAMEBUFFER_DIM], dcm = r[HW_REG_DEPTH_COLOR_MASK];
	uint32_t at = r[HW_REG_FRAGOP_ALPHA_TEST], st = r[HW_REG_STENCIL_TEST];
	uint32_t sop = r[HW_REG_STENCIL_OP], tex = r[HW_REG_TEXUNIT_CONFIG];
	bool color_read = hw_reg_colorbuffer_access(r[HW_REG_COLORBUFFER_READ]);
	bool color_write = hw_reg_colorbuffer_access(r[HW_REG_COLORBUFFER_WRITE]);
	uint32_t depth_rw = r[HW_REG_DEPTHBUFFER_READ] | r[HW_REG_DEPTHBUFFER_WRITE];
	unsigned u, tex_on = 0;

	memset(f, 0, sizeof *f);
	o->width = hw_reg_renderbuf_width(dim);
	o->height = hw_reg_renderbuf_height(dim);
	if (color_read || color_write)
		o->color_phys = hw_reg_fb_addr(r[HW_REG_COLORBUFFER_LOC]);
	if (hw_reg_depthbuffer_depth_access(depth_rw) || hw_reg_depthbuffer_stencil_access(depth_rw))
		o->depth_phys = hw_reg_fb_addr(r[HW_REG_DEPTHBUFFER_LOC]);
	/* Fragments are made and counted whenever there is a target size, even
	 * if no buffer is read or written (a colour mask of 0, no depth test):
	 * the FRAGMENT counter does not depend on what the tests then do. */
	f->enabled = o->width && o->height;
	if (!f->enabled)
		return;
	o->color_format = (enum hw_color_format)hw_reg_colorbuffer_format(r[HW_REG_COLORBUFFER_FORMAT]);
	o->depth_format = (enum hw_depth_format)hw_reg_depth_format(r[HW_REG_DEPTHBUFFER_FORMAT]);
	/* The 32x32 block layout (HW_REG_FB_BLOCK_32X32). Model choice: a
	 * target whose sides are not multiples of 32 keeps the 8x8 layout
	 * (the SDK asks for multiples of 32; blocks padded past the sides
	 * would write beyond the buffer). */
	o->block32 = hw_reg_bit0(r[HW_REG_FRAMEBUFFER_BLOCK32])
		     && o->width % HW_FRAMEBUFFER_BLOCK32 == 0
		     && o->height % HW_FRAMEBUFFER_BLOCK32 == 0;

	f->raster.width = o->width;
	f->raster.height = o->height;
	f->raster.scissor = hw_reg_scissor_on(r[HW_REG_SCISSORTEST_MODE])
			    || hw_reg_scissor_exclude(r[HW_REG_SCISSORTEST_MODE]);
	f->raster.scissor_exclude = hw_reg_scissor_exclude(r[HW_REG_SCISSORTEST_MODE]);
	f->raster.w_buffer = !hw_reg_bit0(r[HW_REG_DEPTHMAP_ENABLE]);
	f->raster.scissor_x0 = hw_reg_scissor_x(r[HW_REG_SCISSORTEST_POS]);
	f->raster.scissor_y0 = hw_reg_scissor_y(r[HW_REG_SCISSORTEST_POS]);
	/* Model choice: the second corner is inclusive. */
	f->raster.scissor_x1 = hw_reg_scissor_x(r[HW_REG_SCISSORTEST_DIM]) + 1;
	f->raster.scissor_y1 = hw_reg_scissor_y(r[HW_REG_SCISSORTEST_DIM]) + 1;

	o->alpha_test = hw_reg_bit0(at);
	o->alpha_func = (enum hw_compare)hw_reg_test_func(at);
	o->alpha_ref = (uint8_t)hw_reg_alpha_test_ref(at);
	o->stencil_test = hw_reg_bit0(st);
	o->stencil_func = (enum hw_compare)hw_reg_test_func(st);
	o->stencil_ref = (uint8_t)hw_reg_stencil_ref(st);
	o->stencil_mask = (uint8_t)hw_reg_stencil_mask(st);
	o->stencil_write_mask = (uint8_t)hw_reg_stencil_write_mask(st);
	o->stencil_fail = (enum hw_stencil_op)hw_reg_stencil_fail_op(sop);
	o->stencil_zfail = (enum hw_stencil_op)hw_reg_stencil_zfail_op(sop);
	o->stencil_zpass = (enum hw_stencil_op)hw_reg_stencil_zpass_op(sop);
	o->depth_test = hw_reg_depth_test_enabled(dcm);
	o->depth_func = (enum hw_compare)hw_reg_depth_func(dcm);
	o->depth_write = hw_reg_depth_write_enabled(dcm)
			 && hw_reg_depthbuffer_depth_access(r[HW_REG_DEPTHBUFFER_WRITE]);
	o->color_mask = color_write ? hw_reg_color_write_mask(dcm) : 0;
	o->color_op = hw_fragment_color_op(hw_reg_color_op_blend(r[HW_REG_COLOR_OPERATION]),
					   r[HW_REG_BLEND_FUNC], hw_reg_logic_op(r[HW_REG_LOGIC_OP]));
	o->blend_func = r[HW_REG_BLEND_FUNC];
	o->logic_op = hw_reg_logic_op(r[HW_REG_LOGIC_OP]);
	for (u = 0; u < 4; u++)
		o->blend_color[u] = (uint8_t)(r[HW_REG_BLEND_COLOR] >> (8 * u));
	o->color_read = color_read;
	o->early_depth = hw_reg_earlydepth_on(r[HW_REG_EARLYDEPTH_TEST1], r[HW_REG_EARLYDEPTH_TEST2]);
	o->early_depth_func = early_depth_compare(hw_reg_earlydepth_func(r[HW_REG_EARLYDEPTH_FUNC]));
	switch (hw_reg_color_op_mode(r[HW_REG_COLOR_OPERATION])) {
	case HW_REG_FRAGMODE_SHADOW:
		o->mode = HW_FRAGMENT_SHADOW;
		o->shadow_k = hw_reg_shadow_k(r[HW_REG_FRAGOP_SHADOW]);
		o->shadow_l = hw_reg_shadow_l(r[HW_REG_FRAGOP_SHADOW]);
		break;
	case HW_REG_FRAGMODE_GAS:
		o->mode = HW_FRAGMENT_GAS;
		o->depth_write = false;
		break;
	default:
		break;
	}

	hw_combiner_decode(r, &f->combiner);
	for (u = 0; u < HW_TEXTURE_UNITS; u++) {
		if (!hw_reg_texunit_enabled(tex, u))
			continue;
		/* unit 0 of type 5 (disabled), 6 or 7 reads nothing */
		if (u == 0 && hw_reg_tex_type(r[HW_REG_TEXUNIT_PARAM(0)]) > HW_REG_TEXTYPE_SHADOW_CUBE)
			continue;
		tex_on |= 1u << u;
		decode_texture(r, u, &f->texture[u]);
	}
	if (hw_reg_lighting_on(r[HW_REG_LIGHTING_ENABLE0], r[HW_REG_LIGHTING_ENABLE1])) {
		hw_lighting_decode(r, &gpu->lighting_luts, &sh->lighting);
		f->lighting = &sh->lighting;
		f->lighting_passes = hw_lighting_passes(&sh->lighting,
							gpu->costs.lighting_ratio_config4_6,
							gpu->costs.lighting_ratio_config7);
	}
	switch (hw_reg_fog_mode(r[HW_REG_TEXENV_UPDATE_BUFFER])) {
	case HW_REG_FOGMODE_FOG:
		hw_fog_decode(r, &gpu->fog_luts, &sh->fog);
		f->fog = &sh->fog;
		break;
	case HW_REG_FOGMODE_GAS:
		f->gas_shading = true;
		break;
	default:
		break;
	}
	/* A unit that is on but read by no combiner stage, nor by the
	 * lighting (bump, shadow), fetches nothing (model choice). */
	f->texture_mask = tex_on & (hw_combiner_textures_read(&f->combiner)
				    | (f->lighting ? hw_lighting_texture_units(f->lighting) : 0u));
	f->texcoord[0] = HW_VARYING_TEXCOORD0;
	f->texcoord[1] = HW_VARYING_TEXCOORD1;
	f->texcoord[2] = hw_reg_texunit2_texcoord(tex) == 1 ? HW_VARYING_TEXCOORD1
							    : HW_VARYING_TEXCOORD2;
}

/* Decode the registers of the draw about to run into d, and its lighting and
 * fog into sh (which d points into, so sh must outlive d's use). `indexed` is
 * true for DRAWELEMENTS. Reads gpu only. */
static void decode_draw(const struct hw_gpu *gpu, bool indexed, struct hw_draw_config *d,
			struct decode_shading *sh)
{
	const uint32_t *r = gpu->regs;
	uint32_t gs_mask = r[HW_REG_SH(HW_REG_GSH_BASE, HW_REG_SH_OUTMAP_MASK)];
	uint32_t vs_mask = r[HW_REG_SH(HW_REG_VSH_BASE, HW_REG_SH_OUTMAP_MASK)];
	unsigned i, k;

	memset(d, 0, sizeof *d);
	decode_loader(gpu, &d->loader);
	d->indexed = indexed;
	d->index_phys = d->loader.base + hw_reg_indexbuffer_offset(r[HW_REG_INDEXBUFFER_CONFIG]);
	d->index16 = hw_reg_indexbuffer_16bit(r[HW_REG_INDEXBUFFER_CONFIG]);
	d->count = r[HW_REG_NUMVERTICES];
	d->first = r[HW_REG_VERTEX_OFFSET];
	d->topology = (enum hw_topology)hw_reg_primitive_mode(r[HW_REG_PRIMITIVE_CONFIG]);
	decode_clip(r, &d->clip);
	decode_fragment(gpu, &d->fragment, sh);
	/* the procedural texture, on and read by a stage */
	if (d->fragment.enabled && hw_reg_texunit_enabled(r[HW_REG_TEXUNIT_CONFIG], 3)
	    && ((hw_combiner_textures_read(&d->fragment.combiner) >> 3) & 1u)) {
		unsigned tc = hw_reg_texunit3_texcoord(r[HW_REG_TEXUNIT_CONFIG]);

		d->fragment.proctex = &gpu->proctex;
		d->fragment.proctex_texcoord = HW_VARYING_TEXCOORD0 + (tc > 2 ? 2 : tc);
	}

	d->geometry_shader = hw_reg_geostage_gs_mode(r[HW_REG_GEOSTAGE_CONFIG]) != 0;
	d->vs_output_count = mask_registers(vs_mask, d->vs_outreg, HW_SHADER_OUTPUTS);
	if (d->geometry_shader) {
		unsigned inputs = hw_reg_count4(r[HW_REG_SH(HW_REG_GSH_BASE,
							   HW_REG_SH_INPUTBUFFER_CONFIG)]);
		uint32_t misc0 = r[HW_REG_GSH_MISC0];

		d->gs_vertices = d->vs_output_count ? (inputs + d->vs_output_count - 1)
						      / d->vs_output_count : 1;
		if (hw_reg_gsh_mode(misc0) == HW_REG_GSH_MODE_VARIABLE && indexed) {
			d->gs_variable = true;
			d->gs_main = hw_reg_count4(r[HW_REG_GSH_MISC1]);
		} else if (hw_reg_gsh_mode(misc0) == HW_REG_GSH_MODE_FIXED) {
			d->gs_fixed = true;
			d->gs_vertices = hw_reg_gsh_fixed_vertices(misc0);
			d->gs_stride = hw_reg_gsh_fixed_stride(misc0);
			d->gs_start = hw_reg_gsh_fixed_start(misc0);
		}
	}
	d->outmap_slots = hw_reg_outmap_total(r[HW_REG_SH_OUTMAP_TOTAL]);
	if (d->outmap_slots > HW_OUTMAP_SLOTS)
		d->outmap_slots = HW_OUTMAP_SLOTS;
	mask_registers(d->geometry_shader ? gs_mask : vs_mask, d->outreg, HW_OUTMAP_SLOTS);
	for (i = 0; i < d->outmap_slots; i++)
		for (k = 0; k < 4; k++)
			d->semantic[i][k] = (uint8_t)hw_reg_outmap_semantic(r[HW_REG_SH_OUTMAP_O0 + i], k);
}

/* Past request_max_clocks of virtual time the rest of the buffer is
 * abandoned: what ran so far stays done and counted. */
static void command_check_clocks(struct run_ctx *c, unsigned reg)
{
	uint64_t max = c->gpu->request_max_clocks;

	if (!max || c->t - c->start <= max || c->status != HW_OK)
		return;
	hw_gpu_notef(c->gpu, HW_NOTE_LIMIT, reg, "the command buffer ran %llu clocks, more "
		     "than the request's bound of %llu; the rest is skipped",
		     (unsigned long long)(c->t - c->start), (unsigned long long)max);
	c->status = HW_ERROR_LIMIT;
}

/* Tell the GPU's observer, if any, of work from `start` to c->t. */
static void command_observe(struct run_ctx *c, enum hw_event_kind kind, hw_clock_t start,
			    const struct hw_counters *delta, const struct hw_draw_result *draw)
{
	struct hw_event e;

	e.kind = kind;
	e.start = start;
	e.end = c->t;
	e.delta = delta;
	e.draw = draw;
	e.channel = 0;
	e.command_phys = draw ? c->param_phys : 0;
	c->gpu->observe(c->gpu->observe_user, &e);
}

/* Run the draw the registers describe at clock c->t: from the arrays
 * (indexed or not) or, with `imm`, `vertices` immediate-mode vertices of
 * `attribs` attributes each. Decode it, run it, schedule its busy time,
 * pend its counters to land at its end, advance c->t past it and charge
 * its work against c->work_left. Faults and limits set c->status with a
 * note. */
static void command_draw(struct run_ctx *c, bool indexed, const struct hw_immediate *imm,
			 unsigned attribs, uint32_t vertices)
{
	struct hw_gpu *gpu = c->gpu;
	struct hw_draw_config cfg;
	struct decode_shading shading;
	struct hw_draw_result res;
	struct hw_draw_units units;
	char fault[256] = "";
	enum hw_status st;
	hw_clock_t start;
	unsigned reg = imm ? HW_REG_FIXEDATTRIB_INDEX
		       : indexed ? HW_REG_DRAWELEMENTS : HW_REG_DRAWARRAYS;

	decode_draw(gpu, indexed, &cfg, &shading);
	if (imm) {
		uint32_t lo = gpu->regs[HW_REG_SH(HW_REG_VSH_BASE, HW_REG_SH_PERMUTATION_LOW)];
		uint32_t hi = gpu->regs[HW_REG_SH(HW_REG_VSH_BASE, HW_REG_SH_PERMUTATION_HIGH)];
		unsigned a;

		/* The loader's registers are ignored (hw_immediate.h): no
		 * array, no fixed value, no per-attribute work; the
		 * permutation still routes attribute a to its register. */
		cfg.loader.attrib_count = 0;
		cfg.loader.array_count = 0;
		for (a = 0; a < HW_LOADER_ATTRIBS; a++)
			cfg.loader.input_reg[a] = (uint8_t)hw_reg_sh_input_register(lo, hi, a);
		cfg.count = vertices;
		cfg.first = 0;
		cfg.immediate = (const float (*)[4])imm->attr;
		cfg.immediate_attribs = attribs;
	}
	if (cfg.fragment.ops.mode == HW_FRAGMENT_GAS)
		hw_gpu_notef(gpu, HW_NOTE_REGISTER_IGNORED, HW_REG_COLOR_OPERATION,
			     "gas accumulation: the fragments' buffer traffic is modelled, the "
			     "density they add is not (no public formula)");
	if (cfg.fragment.gas_shading)
		hw_gpu_notef(gpu, HW_NOTE_REGISTER_IGNORED, HW_REG_TEXENV_UPDATE_BUFFER,
			     "gas shading (fog mode 7): costed as fog, its colour is not "
			     "computed (no public formula); the combiner's colour passes");
	units.mem = &gpu->memory;
	units.vs = &gpu->vs;
	units.gs = &gpu->gs;
	units.timing = &gpu->shader_timing;
	units.costs = &gpu->costs;
	units.vcache = &gpu->vcache;
	units.fragment_state = &gpu->fragment;
	units.texture_cache = &gpu->texture_cache;
	units.triangle_out = gpu->triangle_out;
	units.triangle_user = gpu->triangle_user;
	units.work_limit = c->work_left;
	st = hw_draw_run(&units, &cfg, &res, fault, sizeof fault);
	if (st == HW_ERROR_NO_MEMORY) {
		c->status = st;         /* no fault of the commands: the caller reports it */
	} else if (st != HW_OK) {
		hw_gpu_notef(gpu, st == HW_ERROR_LIMIT ? HW_NOTE_LIMIT : HW_NOTE_FAULT, reg,
			     "draw stopped: %s", fault);
		c->status = st;
	}
	if (c->work_left != UINT64_MAX)
		c->work_left = res.work_done < c->work_left ? c->work_left - res.work_done : 0;
	/* The commands that set the draw up were fetched by the same module. */
	hw_draw_time(&res, command_fetch(c), &gpu->costs);
	if (hw_draw_schedule(&gpu->busy, &res, c->t) != HW_OK)
		c->status = HW_ERROR_NO_MEMORY;
	start = c->t;
	c->t = hw_clock_add(c->t, res.duration);
	hw_counters_add(&res.delta, &c->loose);
	memset(&c->loose, 0, sizeof c->loose);
	if (hw_gpu_pend(gpu, c->t, &res.delta, res.vcache_used, res.vcache_misses) != HW_OK)
		c->status = HW_ERROR_NO_MEMORY;
	if (gpu->observe)
		command_observe(c, HW_EVENT_DRAW, start, &res.delta, &res);
	command_check_clocks(c, reg);
}

/* ---- immediate mode (hw_immediate.h) ---------------------------------- */

/* Attributes a vertex: VSH_NUM_ATTR bits 0-3, plus one (model choice
 * between two readings of 3dbrew: hw_immediate.h). */
static unsigned immediate_attribs(const struct hw_gpu *gpu)
{
	return hw_reg_count4(gpu->regs[HW_REG_VSH_NUM_ATTR]);
}

static bool immediate_pending(const struct hw_gpu *gpu)
{
	return gpu->command.immediate.count || gpu->command.immediate.have;
}

/* Draw the whole vertices received; what makes no whole vertex is
 * dropped, with a note. The port is then empty. */
static void immediate_draw(struct run_ctx *c)
{
	struct hw_gpu *gpu = c->gpu;
	struct hw_immediate *im = &gpu->command.immediate;
	unsigned n = immediate_attribs(gpu), left;
	uint32_t vertices = hw_immediate_vertices(im, n, &left);

	if (im->have)
		hw_gpu_notef(gpu, HW_NOTE_MALFORMED, HW_REG_FIXEDATTRIB_DATA0,
			     "immediate mode: %u data word%s of an unfinished attribute "
			     "(three words an attribute) dropped", im->have,
			     im->have == 1 ? "" : "s");
	if (left)
		hw_gpu_notef(gpu, HW_NOTE_MALFORMED, HW_REG_FIXEDATTRIB_DATA0,
			     "immediate mode: the last %u attribute%s make no whole vertex of "
			     "%u attributes (VSH_NUM_ATTR) and %s dropped", left,
			     left == 1 ? "" : "s", n, left == 1 ? "is" : "are");
	if (vertices)
		command_draw(c, false, im, n, vertices);
	hw_immediate_clear(im);
}

/* A data word in immediate mode. With HW_IMMEDIATE_MAX_VERTICES whole
 * vertices pending they draw; a triangle list keeps the vertices of its
 * unfinished triangle for the next. */
static void immediate_word(struct run_ctx *c, uint32_t v)
{
	struct hw_gpu *gpu = c->gpu;
	struct hw_immediate *im = &gpu->command.immediate;
	unsigned n, left;
	uint32_t vertices;

	if (hw_immediate_word(im, v) != HW_OK) {
		c->status = HW_ERROR_NO_MEMORY;
		return;
	}
	if (im->have)
		return;
	n = immediate_attribs(gpu);
	vertices = hw_immediate_vertices(im, n, &left);
	if (vertices < HW_IMMEDIATE_MAX_VERTICES || left)
		return;
	if (hw_reg_primitive_mode(gpu->regs[HW_REG_PRIMITIVE_CONFIG]) == HW_REG_PRIM_TRIANGLES)
		vertices -= vertices % 3;
	command_draw(c, false, im, n, vertices);
	hw_immediate_drop(im, (size_t)vertices * n);
}

/* Whether writing `v` to `id` leaves the vertices received pending: a
 * data word, or 0xF to the index again. */
static bool immediate_continues(unsigned id, uint32_t v)
{
	if (id >= HW_REG_FIXEDATTRIB_DATA0 && id < HW_REG_FIXEDATTRIB_DATA0 + 3)
		return true;
	return id == HW_REG_FIXEDATTRIB_INDEX
	       && hw_reg_fixedattrib_index(v) == HW_REG_FIXEDATTRIB_IMMEDIATE;
}

/* ---- register side effects ------------------------------------------ */

/* A write at offset `off` of a shader unit's register block, to that
 * unit's state `sh` and its upload ports `up`. */
static void shader_unit_apply(struct hw_shader_state *sh, struct hw_command_upload *up,
			      unsigned off, uint32_t v)
{
	unsigned k;

	switch (off) {
	case HW_REG_SH_BOOLUNIFORM:
		sh->b = (uint16_t)hw_reg_low16(v);
		return;
	case HW_REG_SH_ENTRYPOINT:
		sh->entry = hw_reg_sh_entry(v);
		return;
	case HW_REG_SH_CODETRANSFER_INDEX:
		up->code_index = hw_reg_transfer_index(v);
		return;
	case HW_REG_SH_CODETRANSFER_DATA0:
		/* Past the unit's program memory the write is dropped. */
		if (up->code_index < hw_shader_code_words(sh))
			sh->code[up->code_index] = v;
		up->code_index++;
		return;
	case HW_REG_SH_OPDESCS_INDEX:
		up->opdesc_index = hw_reg_transfer_index(v);
		return;
	case HW_REG_SH_OPDESCS_DATA0:
		if (up->opdesc_index < HW_SHADER_OPDESC_COUNT)
			sh->opdesc[up->opdesc_index] = v;
		up->opdesc_index++;
		return;
	case HW_REG_SH_FLOATUNIFORM_INDEX:
		up->float_index = hw_reg_floatuniform_index(v);
		up->float32 = hw_reg_floatuniform_f32(v);
		up->float_have = 0;
		return;
	case HW_REG_SH_FLOATUNIFORM_DATA0:
		up->float_words[up->float_have++] = v;
		if (up->float_have < (up->float32 ? 4u : 3u))
			return;
		up->float_have = 0;
		if (up->float_index < HW_SHADER_FLOAT_UNIFORMS) {
			if (up->float32)
				hw_reg_unpack_f32x4(up->float_words, sh->f[up->float_index]);
			else
				hw_reg_unpack_f24x4(up->float_words, sh->f[up->float_index]);
		}
		up->float_index++;
		return;
	default:
		if (off >= HW_REG_SH_INTUNIFORM_I0 && off < HW_REG_SH_INTUNIFORM_I0 + 4)
			for (k = 0; k < 4; k++)
				sh->i[off - HW_REG_SH_INTUNIFORM_I0][k] = (uint8_t)hw_reg_byte(v, k);
		return;
	}
}

/* Whether a vertex-unit register at offset `off` also reaches shader unit
 * 3 while 0x244 bit 0 is 0: the uniform, code and operand-descriptor
 * ports (fact sheet B.11; model choice: the entry point, input and output
 * configuration stay the geometry unit's own). */
static bool shader_offset_mirrored(unsigned off)
{
	return off == HW_REG_SH_BOOLUNIFORM
	       || (off >= HW_REG_SH_INTUNIFORM_I0 && off < HW_REG_SH_INTUNIFORM_I0 + 4)
	       || off == HW_REG_SH_CODETRANSFER_INDEX || off == HW_REG_SH_CODETRANSFER_DATA0
	       || off == HW_REG_SH_OPDESCS_INDEX || off == HW_REG_SH_OPDESCS_DATA0
	       || off == HW_REG_SH_FLOATUNIFORM_INDEX || off == HW_REG_SH_FLOATUNIFORM_DATA0;
}

/* A write to shader-unit register `id`, value v already merged: applies it to
 * the vertex or geometry unit, and mirrors vertex-unit uniform and code ports
 * to the geometry unit while 0x244 bit 0 is clear. */
static void shader_unit_write(struct run_ctx *c, unsigned id, uint32_t v)
{
	struct hw_gpu *gpu = c->gpu;
	bool vertex = hw_reg_sh_base(id) == HW_REG_VSH_BASE;
	unsigned off = hw_reg_sh_offset(hw_reg_fold_alias(id));

	shader_unit_apply(vertex ? &gpu->vs : &gpu->gs, &gpu->command.unit[vertex], off, v);
	if (vertex && !(gpu->regs[HW_REG_VSH_COM_MODE] & 1) && shader_offset_mirrored(off))
		shader_unit_apply(&gpu->gs, &gpu->command.unit[0], off, v);
}

/* A write to the fixed-attribute index or data registers: three data words
 * make one f24x4 value for the indexed attribute. Indexes past
 * HW_LOADER_ATTRIBS (immediate-mode vertices) are noted and dropped. */
static void fixed_attribute_write(struct run_ctx *c, unsigned id, uint32_t v)
{
	struct hw_command_state *s = &c->gpu->command;

	if (id == HW_REG_FIXEDATTRIB_INDEX) {
		s->fixed_index = hw_reg_fixedattrib_index(v);
		s->fixed_have = 0;
		s->immediate.on = s->fixed_index == HW_REG_FIXEDATTRIB_IMMEDIATE;
		return;
	}
	if (s->immediate.on) {
		immediate_word(c, v);
		return;
	}
	NNGX_ASSERT(s->fixed_have < 3);
	s->fixed_words[s->fixed_have++] = v;
	if (s->fixed_have < 3)
		return;
	s->fixed_have = 0;
	if (s->fixed_index < HW_LOADER_ATTRIBS) {
		hw_reg_unpack_f24x4(s->fixed_words, s->fixed_value[s->fixed_index]);
		return;
	}
	hw_gpu_notef(c->gpu, HW_NOTE_REGISTER_IGNORED, id,
		     "fixed attribute index 0x%X names no attribute (0-11, or 0xF for "
		     "immediate mode, which has ended): the value is dropped", s->fixed_index);
}

/* Fragment lighting, fog and gas registers the model reads (light blocks
 * offsets 0-7 and 9-0xB, 0x1C0, 0x1C2-0x1C6, the LUT port 0x1C8-0x1CF,
 * 0x1D0-0x1D2, 0x1D9; gas 0x120-0x126; shadow 0x130). The fog ones
 * (0x0E0-0x0EF) lie in the combiner's range. Left reported: 0x1C1,
 * 0x1C7, 0x1D3-0x1D8 and light offsets 8, 0xC-0xF (no known meaning). */
static bool register_shading(unsigned id)
{
	unsigned off;

	if (hw_reg_light_of(id, &off) >= 0)
		return off <= HW_REG_LIGHT_OFF_SPOTDIR_Z
		       || (off >= HW_REG_LIGHT_OFF_CONFIG
			   && off <= HW_REG_LIGHT_OFF_ATTENUATION_SCALE);
	return id == HW_REG_LIGHTING_AMBIENT
	       || (id >= HW_REG_LIGHTING_NUM_LIGHTS && id <= HW_REG_LIGHTING_ENABLE1)
	       || (id >= HW_REG_LIGHTING_LUT_DATA0 && id < HW_REG_LIGHTING_LUT_DATA0 + 8)
	       || (id >= HW_REG_LIGHTING_LUTINPUT_ABS && id <= HW_REG_LIGHTING_LUTINPUT_SCALE)
	       || id == HW_REG_LIGHTING_LIGHT_PERMUTATION
	       || (id >= HW_REG_GAS_LIGHT_XY && id <= HW_REG_GAS_DELTAZ_DEPTH)
	       || id == HW_REG_FRAGOP_SHADOW;
}

/* Registers the model reads when a draw starts, and so does not report. */
static bool register_modelled(unsigned id)
{
	switch (id) {
	case HW_REG_FINALIZE:
	case HW_REG_FACECULLING_CONFIG:
	case HW_REG_VIEWPORT_WIDTH: case HW_REG_VIEWPORT_INVW:
	case HW_REG_VIEWPORT_HEIGHT: case HW_REG_VIEWPORT_INVH:
	case HW_REG_FRAGOP_CLIP:
	case HW_REG_DEPTHMAP_SCALE: case HW_REG_DEPTHMAP_OFFSET: case HW_REG_DEPTHMAP_ENABLE:
	case HW_REG_SH_OUTMAP_TOTAL: case HW_REG_VIEWPORT_XY:
	case HW_REG_INDEXBUFFER_CONFIG: case HW_REG_NUMVERTICES: case HW_REG_GEOSTAGE_CONFIG:
	case HW_REG_VERTEX_OFFSET: case HW_REG_POST_VERTEX_CACHE_NUM:
	case HW_REG_VSH_NUM_ATTR: case HW_REG_PRIMITIVE_CONFIG: case HW_REG_RESTART_PRIMITIVE:
	case HW_REG_CMDBUF_SIZE0: case HW_REG_CMDBUF_SIZE1:
	case HW_REG_CMDBUF_ADDR0: case HW_REG_CMDBUF_ADDR1:
	case HW_REG_START_DRAW_FUNC0: case HW_REG_VSH_COM_MODE:
	/* Written by every driver draw; they configure what the model derives
	 * from the output masks and the geometry stage config. */
	case HW_REG_VSH_OUTMAP_TOTAL1: case HW_REG_VSH_OUTMAP_TOTAL2:
	case HW_REG_GSH_MISC0: case HW_REG_GEOSTAGE_CONFIG2: case HW_REG_GSH_MISC1:
		return true;
	default:
		return (id >= HW_REG_FRAGOP_CLIP_DATA0 && id < HW_REG_FRAGOP_CLIP_DATA0 + 4)
		       || (id >= HW_REG_SH_OUTMAP_O0 && id < HW_REG_SH_OUTMAP_O0 + HW_OUTMAP_SLOTS)
		       || (id >= HW_REG_ATTRIBBUFFERS_LOC
			   && id <= HW_REG_ATTRIBBUFFER_CONFIG2(HW_LOADER_ARRAYS - 1))
		       || hw_reg_is_sh(id)
		       || (id >= HW_REG_TEXUNIT_CONFIG && id <= HW_REG_TEXUNIT_TYPE(2))
		       || (id >= HW_REG_TEXUNIT3_PROCTEX0 && id <= HW_REG_PROCTEX_LUT)
		       || (id >= HW_REG_TEXENV_SOURCE(0) && id <= HW_REG_TEXENV_BUFFER_COLOR)
		       || (id >= HW_REG_COLOR_OPERATION && id <= HW_REG_FRAMEBUFFER_DIM)
		       || register_shading(id)
		       || (id >= HW_REG_EARLYDEPTH_FUNC && id <= HW_REG_SCISSORTEST_DIM)
		       || id == HW_REG_EARLYDEPTH_DATA || id == HW_REG_RENDERBUF_DIM;
	}
}

/* Registers whose write acts instead of holding state (see
 * hw_command_register_restored): they keep no value the model reads. */
static bool register_action(unsigned id)
{
	unsigned off;

	switch (id) {
	case HW_REG_FINALIZE: case HW_REG_EARLYDEPTH_CLEAR:
	case HW_REG_FRAMEBUFFER_INVALIDATE: case HW_REG_FRAMEBUFFER_FLUSH:
	case HW_REG_DRAWARRAYS: case HW_REG_DRAWELEMENTS: case HW_REG_VTX_FUNC:
		return true;
	default:
		break;
	}
	if (hw_reg_fold_lut_alias(id) != id || id == HW_REG_FOG_LUT_DATA0
	    || id == HW_REG_PROCTEX_LUT_DATA0 || id == HW_REG_LIGHTING_LUT_DATA0
	    || id == HW_REG_GAS_LUT_DATA)
		return true;
	if (id >= HW_REG_FIXEDATTRIB_DATA0 && id < HW_REG_FIXEDATTRIB_DATA0 + 3)
		return true;
	if (id >= HW_REG_CMDBUF_SIZE0 && id <= HW_REG_CMDBUF_JUMP1)
		return true;
	if (!hw_reg_is_sh(id))
		return false;
	off = hw_reg_sh_offset(hw_reg_fold_alias(id));
	return off == HW_REG_SH_CODETRANSFER_END || off == HW_REG_SH_FLOATUNIFORM_DATA0
	       || off == HW_REG_SH_CODETRANSFER_DATA0 || off == HW_REG_SH_OPDESCS_DATA0;
}

bool hw_command_register_restored(unsigned id)
{
	return id < HW_REG_COUNT && !register_action(id)
	       && (register_modelled(id) || id == HW_REG_FIXEDATTRIB_INDEX);
}

uint32_t hw_command_power_on(unsigned id)
{
	switch (id) {
	case HW_REG_COLOR_OPERATION:
		return HW_REG_COLOR_OPERATION_FIXED | 1u << 8;          /* bit 8: blend */
	case HW_REG_BLEND_FUNC:
		return (uint32_t)HW_REG_BLENDF_ONE << 16 | (uint32_t)HW_REG_BLENDF_ONE << 24;
	case HW_REG_LOGIC_OP:
		return HW_REG_LOGICOP_COPY;
	case HW_REG_DEPTHMAP_ENABLE:
		return 1;                       /* the z-buffer */
	default:
		return 0;
	}
}

size_t hw_command_init_words(uint32_t *out)
{
	size_t n = 0;
	unsigned id = 0, first = HW_REG_COUNT, run, k;

	while (id < HW_REG_COUNT) {
		if (!hw_command_register_restored(id)) {
			id++;
			continue;
		}
		if (first == HW_REG_COUNT)
			first = id;
		for (run = 1; run < 256 && id + run < HW_REG_COUNT
			      && hw_command_register_restored(id + run); run++)
			;
		/* The value (power-on), the header, the other values, and a
		 * padding word when the command would end off 8 bytes. */
		for (k = 0; k < 2 + (run - 1) + ((run - 1) & 1u); k++) {
			if (!out)
				continue;
			if (k == 1)
				out[n + k] = hw_reg_cmd_header(id, 0xF, run - 1, run > 1);
			else if (k == 0 || k - 1 < run)
				out[n + k] = hw_command_power_on(k == 0 ? id : id + k - 1);
			else
				out[n + k] = 0;
		}
		n += 2 + (run - 1) + ((run - 1) & 1u);
		id += run;
	}
	if (n % 4 && first < HW_REG_COUNT) {
		if (out) {
			out[n] = hw_command_power_on(first);
			out[n + 1] = hw_reg_cmd_header(first, 0xF, 0, false);
		}
		n += 2;
	}
	return n;
}

/* A word through the procedural texture's data port: into the table and
 * entry PROCTEX_LUT names (bits 8-11, 0-7), whose index then moves on
 * (bits 0-7, wrapping). Tables 1, 6, 7 and entries past a table's end
 * are dropped with a note. */
static void proctex_lut_write(struct hw_gpu *gpu, uint32_t v)
{
	uint32_t sel = gpu->regs[HW_REG_PROCTEX_LUT];
	unsigned index = sel & 0xFFu, table = (sel >> 8) & 0xFu;
	uint32_t *dst = NULL;
	unsigned size = HW_PROCTEX_MAP_ENTRIES;

	switch (table) {
	case HW_PROCTEX_TABLE_NOISE: dst = gpu->proctex.noise; break;
	case HW_PROCTEX_TABLE_RGB_MAP: dst = gpu->proctex.rgb_map; break;
	case HW_PROCTEX_TABLE_ALPHA_MAP: dst = gpu->proctex.alpha_map; break;
	case HW_PROCTEX_TABLE_COLOR:
		dst = gpu->proctex.color;
		size = HW_PROCTEX_COLOR_ENTRIES;
		break;
	case HW_PROCTEX_TABLE_COLOR_DIFF:
		dst = gpu->proctex.color_diff;
		size = HW_PROCTEX_COLOR_ENTRIES;
		break;
	default:
		break;
	}
	if (dst && index < size)
		dst[index] = v;
	else
		hw_gpu_notef(gpu, HW_NOTE_REGISTER_IGNORED, HW_REG_PROCTEX_LUT_DATA0,
			     "procedural texture table %u has no entry %u", table, index);
	gpu->regs[HW_REG_PROCTEX_LUT] = (sel & ~0xFFu) | ((index + 1u) & 0xFFu);
}

/* One register write from the command stream: merges value into register id
 * under the byte mask, then runs the write's side effect (draws, uploads,
 * clears, jumps). A bad id gets a note and changes nothing. */
static void register_write(struct run_ctx *c, unsigned id, uint32_t value, unsigned mask)
{
	struct hw_gpu *gpu = c->gpu;
	uint32_t v;

	if (id >= HW_REG_COUNT) {
		hw_gpu_notef(gpu, HW_NOTE_REGISTER_IGNORED, id, "register 0x%X does not exist", id);
		return;
	}
	v = hw_reg_cmd_merge(gpu->regs[id], value, mask);
	/* Any other write first draws the immediate vertices received, with
	 * the state they came in with. */
	if (immediate_pending(gpu) && !immediate_continues(id, v))
		immediate_draw(c);
	gpu->regs[id] = v;
	if (hw_reg_is_sh(id)) {
		shader_unit_write(c, id, v);
		return;
	}
	switch (id) {
	case HW_REG_FIXEDATTRIB_INDEX:
	case HW_REG_FIXEDATTRIB_DATA0: case HW_REG_FIXEDATTRIB_DATA0 + 1: case HW_REG_FIXEDATTRIB_DATA0 + 2:
		fixed_attribute_write(c, id, v);
		return;
	case HW_REG_DRAWARRAYS:
	case HW_REG_DRAWELEMENTS:
		if (v)
			command_draw(c, id == HW_REG_DRAWELEMENTS, NULL, 0, 0);
		return;
	case HW_REG_START_DRAW_FUNC0:
		/* Back to configuration mode: immediate mode ends. */
		if (v & 1u)
			gpu->command.immediate.on = false;
		return;
	case HW_REG_VTX_FUNC:
		if (v)
			hw_vcache_clear(&gpu->vcache);
		return;
	case HW_REG_EARLYDEPTH_CLEAR:
		if (v && hw_fragment_clear_early_depth(&gpu->fragment,
				hw_reg_renderbuf_width(gpu->regs[HW_REG_FRAMEBUFFER_DIM]),
				hw_reg_renderbuf_height(gpu->regs[HW_REG_FRAMEBUFFER_DIM]),
				(float)hw_reg_earlydepth_data(gpu->regs[HW_REG_EARLYDEPTH_DATA])
				/ (float)0xFFFFFF) == HW_ERROR_NO_MEMORY)
			c->status = HW_ERROR_NO_MEMORY;
		return;
	case HW_REG_TEXUNIT3_PROCTEX0: case HW_REG_TEXUNIT3_PROCTEX0 + 1:
	case HW_REG_TEXUNIT3_PROCTEX0 + 2: case HW_REG_TEXUNIT3_PROCTEX0 + 3:
	case HW_REG_TEXUNIT3_PROCTEX0 + 4: case HW_REG_TEXUNIT3_PROCTEX0 + 5:
	case HW_REG_TEXUNIT3_PROCTEX0 + 6:
		gpu->proctex.reg[id - HW_REG_TEXUNIT3_PROCTEX0] = v;
		return;
	case HW_REG_PROCTEX_LUT_DATA0: case HW_REG_PROCTEX_LUT_DATA0 + 1:
	case HW_REG_PROCTEX_LUT_DATA0 + 2: case HW_REG_PROCTEX_LUT_DATA0 + 3:
	case HW_REG_PROCTEX_LUT_DATA0 + 4: case HW_REG_PROCTEX_LUT_DATA0 + 5:
	case HW_REG_PROCTEX_LUT_DATA0 + 6: case HW_REG_PROCTEX_LUT_DATA0 + 7:
		proctex_lut_write(gpu, v);
		return;
	case HW_REG_TEXUNIT_CONFIG:
		if (hw_reg_texunit_clear_cache(v))
			hw_cache_invalidate(&gpu->texture_cache);
		return;
	case HW_REG_FRAMEBUFFER_FLUSH:
		/* Draws already end flushed (hw_draw.c), so this finds nothing
		 * dirty; kept for programs that rely on it. */
		if (v)
			hw_fragment_flush(&gpu->fragment, &c->loose);
		return;
	case HW_REG_FRAMEBUFFER_INVALIDATE:
		if (v)
			hw_fragment_invalidate(&gpu->fragment);
		return;
	case HW_REG_LIGHTING_LUT_DATA0: case HW_REG_LIGHTING_LUT_DATA0 + 1:
	case HW_REG_LIGHTING_LUT_DATA0 + 2: case HW_REG_LIGHTING_LUT_DATA0 + 3:
	case HW_REG_LIGHTING_LUT_DATA0 + 4: case HW_REG_LIGHTING_LUT_DATA0 + 5:
	case HW_REG_LIGHTING_LUT_DATA0 + 6: case HW_REG_LIGHTING_LUT_DATA0 + 7:
		hw_lighting_lut_write(&gpu->lighting_luts, v);
		return;
	case HW_REG_LIGHTING_LUT_INDEX:
		gpu->lighting_luts.index = v & 0x1FFFu;
		return;
	case HW_REG_FOG_LUT_INDEX:
		gpu->fog_luts.fog_index = hw_reg_fog_lut_index(v);
		return;
	case HW_REG_GAS_LUT_INDEX:
		gpu->fog_luts.gas_index = hw_reg_gas_lut_index(v);
		return;
	case HW_REG_FOG_LUT_DATA0: case HW_REG_FOG_LUT_DATA0 + 1:
	case HW_REG_FOG_LUT_DATA0 + 2: case HW_REG_FOG_LUT_DATA0 + 3:
	case HW_REG_FOG_LUT_DATA0 + 4: case HW_REG_FOG_LUT_DATA0 + 5:
	case HW_REG_FOG_LUT_DATA0 + 6: case HW_REG_FOG_LUT_DATA0 + 7:
		hw_fog_lut_write(&gpu->fog_luts, v);
		return;
	case HW_REG_GAS_LUT_DATA:
		hw_fog_gas_lut_write(&gpu->fog_luts, v);
		return;
	case HW_REG_CMDBUF_JUMP0:
	case HW_REG_CMDBUF_JUMP1:
		if (v) {
			c->jump = true;
			c->jump_index = id - HW_REG_CMDBUF_JUMP0;
		}
		return;
	default:
		if (!register_modelled(id))
			hw_gpu_notef(gpu, HW_NOTE_REGISTER_IGNORED, id,
				     "register 0x%03X is accepted and not modelled", id);
		return;
	}
}

/* One buffer; stops early at a jump or a fault. */
static void command_buffer(struct run_ctx *c, const uint32_t *w, size_t count)
{
	size_t at = 0;

	while (at + 2 <= count && c->status == HW_OK && !c->jump) {
		uint32_t header = w[at + 1];
		unsigned id = hw_reg_cmd_id(header), extra = hw_reg_cmd_extra(header);
		unsigned mask = hw_reg_cmd_mask(header), n;
		bool consecutive = hw_reg_cmd_consecutive(header);
		size_t words = hw_reg_cmd_words(header);

		if (at + words > count) {
			hw_gpu_notef(c->gpu, HW_NOTE_MALFORMED, id, "the buffer ends inside a "
				     "command to register 0x%03X (%u parameters)", id, extra + 1);
			c->status = HW_ERROR_FAULT;
			break;
		}
		c->bytes_read += words * 4;
		/* Each command word is a unit of work too: jumps can make a
		 * short buffer run long. */
		if (c->work_left != UINT64_MAX) {
			if (c->work_left < words) {
				hw_gpu_notef(c->gpu, HW_NOTE_LIMIT, id, "more command words than the "
					     "request's bound of %llu units of work; the rest is "
					     "skipped", (unsigned long long)c->gpu->request_max_work);
				c->status = HW_ERROR_LIMIT;
				break;
			}
			c->work_left -= words;
		}
		c->param_phys = c->phys + 4u * (uint32_t)at;
		register_write(c, id, w[at], mask);
		for (n = 0; n < extra && c->status == HW_OK && !c->jump; n++) {
			c->param_phys = c->phys + 4u * (uint32_t)(at + 2 + n);
			register_write(c, consecutive ? id + n + 1 : id, w[at + 2 + n], mask);
		}
		at += words;
	}
}

enum hw_status hw_command_run(struct hw_gpu *gpu, const uint32_t *words, size_t count,
			      uint32_t phys, hw_clock_t start, hw_clock_t *end)
{
	struct run_ctx c;
	unsigned jumps = 0;
	uint64_t tail;

	memset(&c, 0, sizeof c);
	c.gpu = gpu;
	c.start = c.t = start;
	c.work_left = gpu->request_max_work ? gpu->request_max_work : UINT64_MAX;
	c.phys = phys;
	command_buffer(&c, words, count);
	while (c.jump && c.status == HW_OK) {
		uint32_t size = hw_reg_cmdbuf_size(gpu->regs[HW_REG_CMDBUF_SIZE0 + c.jump_index]);
		uint32_t addr = hw_reg_cmdbuf_addr(gpu->regs[HW_REG_CMDBUF_ADDR0 + c.jump_index]);
		const uint32_t *next = hw_memory_host(&gpu->memory, addr, size);

		c.jump = false;
		/* Model choice: a channel of size 0 has nothing to run, and the
		 * run ends there (the return of a subroutine call that was the
		 * last command of its request). */
		if (size == 0)
			break;
		if (!next || ++jumps > COMMAND_MAX_JUMPS) {
			hw_gpu_notef(gpu, HW_NOTE_FAULT, HW_REG_CMDBUF_JUMP0 + c.jump_index,
				     next ? "more than %d command buffer jumps" :
				     "command buffer jump to memory outside every buffer",
				     COMMAND_MAX_JUMPS);
			c.status = HW_ERROR_FAULT;
			break;
		}
		tail = command_fetch(&c);       /* what was read before the jump */
		if (tail && hw_busy_add_interval(&gpu->busy, HW_BUSY_COMMAND, c.t, tail) != HW_OK) {
			c.status = HW_ERROR_NO_MEMORY;
			break;
		}
		c.t = hw_clock_add(c.t, tail);
		if (tail && gpu->observe)     /* its counts land with later work */
			command_observe(&c, HW_EVENT_COMMANDS, c.t - tail, NULL, NULL);
		c.phys = addr;
		command_buffer(&c, next, size / 4);
	}
	/* Immediate vertices still pending draw at the end of the submission
	 * (after a fault they are dropped). */
	if (immediate_pending(gpu)) {
		if (c.status == HW_OK)
			immediate_draw(&c);
		else
			hw_immediate_clear(&gpu->command.immediate);
	}
	/* Commands after the last draw keep the command module busy alone. */
	tail = command_fetch(&c);
	if (tail && hw_busy_add_interval(&gpu->busy, HW_BUSY_COMMAND, c.t, tail) != HW_OK)
		c.status = HW_ERROR_NO_MEMORY;
	c.t = hw_clock_add(c.t, tail);
	if (hw_gpu_pend(gpu, c.t, &c.loose, false, 0) != HW_OK)
		c.status = HW_ERROR_NO_MEMORY;
	if (tail && gpu->observe)
		command_observe(&c, HW_EVENT_COMMANDS, c.t - tail, &c.loose, NULL);
	*end = c.t;
	return c.status;
}
