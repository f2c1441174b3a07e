/* gl_lut.c: lookup-table textures (GL_DMP_lut_texture): texture objects
 * bound to GL_LUT_TEXTURE0_DMP + i (i < 32) hold a table of floats, which
 * glTexImage1D defines and glTexSubImage1D updates. The SDK's engines load
 * fragment-lighting, fog and procedural-texture tables this way, and
 * select them with reserved uniforms (dmp_FragmentMaterial.samplerD0 =
 * i, ...).
 *
 * Rules (model choices where the SDK documentation is not public; doc/model.md,
 * "lookup tables", and nngx_gl_dmp(3)):
 *   - a texture object is a lookup table or a 2D texture by the first
 *     target it is bound to; binding it to the other kind is
 *     GL_INVALID_OPERATION (ES 2.0, 3.7.13). Name 0 on a lookup-table
 *     target means no table: there is no default table. The 32 binding
 *     points are global, not per texture unit;
 *   - the one format: internalformat and format GL_LUMINANCEF_DMP, type
 *     GL_FLOAT, one float an entry. Another format or type is
 *     GL_INVALID_ENUM, an internalformat other than format
 *     GL_INVALID_OPERATION (as glTexImage2D here);
 *   - level 0 only and border 0 (GL_INVALID_VALUE otherwise); width 0 to
 *     GL_MAX_LUT_ENTRIES_DMP (512: the lighting tables' 256 values and 256
 *     differences), else GL_INVALID_VALUE; width 0 defines an empty table;
 *   - glTexImage1D with NULL pixels defines `width` entries of 0.0;
 *     glTexSubImage1D needs a defined table (GL_INVALID_OPERATION) and a
 *     range inside it (xoffset >= 0, xoffset + width <= its width,
 *     GL_INVALID_VALUE), and NULL pixels with width > 0 is
 *     INVALID_ARGUMENT, no GL error, nothing changes;
 *   - no table bound to the target: GL_INVALID_OPERATION;
 *   - draws load the tables their reserved uniforms select into the
 *     GPU's lookup tables (driver/gl_cmdfrag.c): a lighting table when
 *     lighting is on and the table is enabled and in the layer
 *     configuration, the fog table in fog mode, the procedural texture's
 *     with unit 3 on (the alpha map only with ptAlphaSeparate, the noise
 *     table only with ptNoiseEnable), the gas tables in gas mode. The
 *     sampler uniform gives the binding point; with no table defined
 *     there the draw records GL_INVALID_OPERATION and draws nothing
 *     [S3]. A table goes to the GPU again only when its entries, or the
 *     table a sampler selects, changed since the GPU got it (the SDK
 *     driver's rule), after power-on, after
 *     nngxUpdateState(NN_GX_STATE_LUT) and in
 *     NN_GX_CMDGEN_MODE_UNCONDITIONAL. Entries past the width defined
 *     read 0.0. */
#include <stdio.h>
#include <string.h>

#include "driver/gl_cmdgen.h"
#include "gl_entry.h"
#include "hw/hw_alloc.h"

bool gl_lut_target(GLenum target)
{
	return target >= GL_LUT_TEXTURE0_DMP
	       && target - GL_LUT_TEXTURE0_DMP < GL_CONTEXT_LUT_TEXTURES;
}

void gl_lut_bind(struct nngx_state *st, GLenum target, GLuint texture, const char *fn)
{
	struct gl_context *gl = &st->gl;
	unsigned point = target - GL_LUT_TEXTURE0_DMP;
	struct gl_texture *t;

	if (texture == 0) {
		gl->lut_binding[point] = 0;
		return;
	}
	t = gl_texture_find(gl, texture);
	if (t && t->target && t->target != GL_LUT_TEXTURE0_DMP) {
		gl_operation_error(st, fn, "texture %u is a %s; it cannot be bound to "
				   "GL_LUT_TEXTURE%u_DMP", texture,
				   t->collection ? "texture collection" : "2D texture", point);
		return;
	}
	/* Binding a name that is not yet an object creates it (ES 2.0, 3.7.13). */
	if (!t && !(t = gl_texture_add(gl, texture))) {
		gl_memory_error(st, fn, "texture object %u", texture);
		return;
	}
	t->created = true;
	t->target = GL_LUT_TEXTURE0_DMP;
	gl->lut_binding[point] = texture;
}

void gl_lut_unbind(struct gl_context *gl, GLuint texture)
{
	unsigned point;

	for (point = 0; point < GL_CONTEXT_LUT_TEXTURES; point++)
		if (gl->lut_binding[point] == texture)
			gl->lut_binding[point] = 0;
}

/* The table bound to lookup-table target `target`, or NULL after
 * GL_INVALID_OPERATION (none bound). */
static struct gl_texture *lut_bound(struct nngx_state *st, GLenum target, const char *fn)
{
	unsigned point = target - GL_LUT_TEXTURE0_DMP;
	GLuint name = st->gl.lut_binding[point];

	if (name == 0) {
		gl_operation_error(st, fn, "no texture is bound to GL_LUT_TEXTURE%u_DMP", point);
		return NULL;
	}
	return gl_texture_find(&st->gl, name);
}

/* The checks the two calls share, in the order glTexImage2D makes them:
 * the target, then format and type (GL_INVALID_ENUM), then the level
 * (GL_INVALID_VALUE). */
static bool lut_args_ok(struct nngx_state *st, GLenum target, GLint level, GLenum format,
			GLenum type, const char *fn)
{
	if (!gl_lut_target(target)) {
		gl_enum_error(st, fn, "target 0x%04X is not GL_LUT_TEXTURE0_DMP..GL_LUT_"
			      "TEXTURE%u_DMP (lookup tables are the only 1D textures)", target,
			      GL_CONTEXT_LUT_TEXTURES - 1);
		return false;
	}
	if (format != GL_LUMINANCEF_DMP || type != GL_FLOAT) {
		gl_enum_error(st, fn, "format 0x%04X, type 0x%04X: a lookup table takes "
			      "GL_LUMINANCEF_DMP and GL_FLOAT", format, type);
		return false;
	}
	if (level != 0) {
		gl_value_error(st, fn, "level %d: a lookup table has level 0 only", level);
		return false;
	}
	return true;
}

/* The entries changed: a new serial, so the next draw that uses the
 * table loads it again. */
static void lut_changed(struct gl_context *gl, struct gl_texture *t)
{
	t->lut_serial = ++gl->lut_serial_next;
}

void glTexImage1D(GLenum target, GLint level, GLint internalformat, GLsizei width, GLint border,
		  GLenum format, GLenum type, const GLvoid *pixels)
{
	static const char fn[] = "glTexImage1D";
	NNGX_API(st);
	struct gl_texture *t;
	GLfloat *table;

	if (!lut_args_ok(st, target, level, format, type, fn))
		return;
	if ((GLenum)internalformat != format) {
		gl_operation_error(st, fn, "internalformat 0x%04X is not format 0x%04X",
				   (GLenum)internalformat, format);
		return;
	}
	if (width < 0 || width > GL_CONTEXT_LUT_ENTRIES || border != 0) {
		gl_value_error(st, fn, "width %d, border %d: a lookup table has 0 to %d entries "
			       "and border 0", width, border, GL_CONTEXT_LUT_ENTRIES);
		return;
	}
	t = lut_bound(st, target, fn);
	if (!t)
		return;
	table = t->lut;
	if (!table && !(table = hw_malloc(GL_CONTEXT_LUT_ENTRIES * sizeof *table))) {
		gl_memory_error(st, fn, "a lookup table of %d entries", GL_CONTEXT_LUT_ENTRIES);
		return;
	}
	memset(table, 0, GL_CONTEXT_LUT_ENTRIES * sizeof *table);
	if (pixels && width > 0)
		memcpy(table, pixels, (size_t)width * sizeof *table);
	t->lut = table;
	t->lut_width = (unsigned)width;
	lut_changed(&st->gl, t);
}

void glTexSubImage1D(GLenum target, GLint level, GLint xoffset, GLsizei width, GLenum format,
		     GLenum type, const GLvoid *pixels)
{
	static const char fn[] = "glTexSubImage1D";
	NNGX_API(st);
	struct gl_texture *t;

	if (!lut_args_ok(st, target, level, format, type, fn))
		return;
	if (xoffset < 0 || width < 0) {
		gl_value_error(st, fn, "xoffset %d, width %d: neither may be negative", xoffset,
			       width);
		return;
	}
	t = lut_bound(st, target, fn);
	if (!t)
		return;
	if (!t->lut) {
		gl_operation_error(st, fn, "texture %u has no table yet (glTexImage1D defines it)",
				   t->name);
		return;
	}
	if ((long long)xoffset + width > (long long)t->lut_width) {
		gl_value_error(st, fn, "entries %d..%lld are past the end of texture %u's %u "
			       "entries", xoffset, (long long)xoffset + width - 1, t->name,
			       t->lut_width);
		return;
	}
	if (width == 0)
		return;
	if (!pixels) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "pixels is NULL with %d entries to load", width);
		return;
	}
	memcpy(t->lut + xoffset, pixels, (size_t)width * sizeof *t->lut);
	lut_changed(&st->gl, t);
}

/* ---- the tables a draw loads ------------------------------------------------ */

/* What a draw needs of one hardware slot: the sampler uniform's value and
 * its name for the diagnostic. */
struct lut_need {
	unsigned slot;
	GLint number;
	const char *what;
};

static const char *const lut_light_names[GL_DMP_LUTS] = {
	"dmp_FragmentMaterial.samplerD0", "dmp_FragmentMaterial.samplerD1", "",
	"dmp_FragmentMaterial.samplerFR", "dmp_FragmentMaterial.samplerRB",
	"dmp_FragmentMaterial.samplerRG", "dmp_FragmentMaterial.samplerRR"
};
static const char *const lut_pt_names[GL_DMP_PT_TABLES] = {
	"dmp_Texture[3].ptSamplerRgbMap", "dmp_Texture[3].ptSamplerAlphaMap",
	"dmp_Texture[3].ptSamplerNoiseMap", "dmp_Texture[3].ptSamplerR",
	"dmp_Texture[3].ptSamplerG", "dmp_Texture[3].ptSamplerB", "dmp_Texture[3].ptSamplerA"
};
static const char *const lut_gas_names[3] = {
	"dmp_Gas.samplerTR", "dmp_Gas.samplerTG", "dmp_Gas.samplerTB"
};

/* The slots draw state `d` reads, into `need`; their count. */
static unsigned lut_needs(const struct gl_dmp_state *d, struct lut_need *need)
{
	unsigned n = 0, k, i, avail;
	bool used[GL_DMP_LUTS];

	if (d->lighting) {
		avail = hw_reg_lighting_luts_available(gl_cmd_light_config_code(d->light_config));
		used[GL_DMP_LUT_D0] = d->lut_d0;
		used[GL_DMP_LUT_D1] = d->lut_d1;
		used[GL_DMP_LUT_SP] = false;                    /* per light, below */
		used[GL_DMP_LUT_FR] = d->fresnel != GL_LIGHT_ENV_NO_FRESNEL_DMP;
		used[GL_DMP_LUT_RB] = used[GL_DMP_LUT_RG] = used[GL_DMP_LUT_RR] = d->lut_refl;
		for (k = 0; k < GL_DMP_LUTS; k++)
			if (used[k] && (avail >> k & 1u)) {
				need[n].slot = k;
				need[n].number = d->lut_sampler[k];
				need[n++].what = lut_light_names[k];
			}
		for (i = 0; i < GL_DMP_LIGHTS; i++) {
			const struct gl_dmp_light *l = &d->light[i];

			if (!l->enabled)
				continue;
			if (l->spot_enabled && (avail >> HW_REG_LUT_SP & 1u)) {
				need[n].slot = 8 + i;
				need[n].number = l->sampler_sp;
				need[n++].what = "samplerSP";
			}
			if (l->dist_atten_enabled) {
				need[n].slot = 16 + i;
				need[n].number = l->sampler_da;
				need[n++].what = "samplerDA";
			}
		}
	}
	if (d->fog_mode == GL_FOG) {
		need[n].slot = GL_FRAG_LUT_FOG;
		need[n].number = d->fog_sampler;
		need[n++].what = "dmp_Fog.sampler";
	}
	if (d->sampler_type[3] == GL_TEXTURE_PROCEDURAL_DMP)
		for (k = 0; k < GL_DMP_PT_TABLES; k++) {
			if ((k == GL_DMP_PT_ALPHA_MAP && !d->pt.alpha_separate)
			    || (k == GL_DMP_PT_NOISE_MAP && !d->pt.noise_enable))
				continue;
			need[n].slot = GL_FRAG_LUT_PROCTEX + k;
			need[n].number = d->pt.sampler[k];
			need[n++].what = lut_pt_names[k];
		}
	if (d->fog_mode == GL_GAS_DMP)
		for (k = 0; k < 3; k++) {
			need[n].slot = GL_FRAG_LUT_GAS + k;
			need[n].number = d->gas.sampler[k];
			need[n++].what = lut_gas_names[k];
		}
	return n;
}

bool gl_lut_plan(struct nngx_state *st, const struct gl_dmp_state *d, struct gl_frag_plan *p,
		 const char *fn)
{
	struct gl_context *gl = &st->gl;
	struct lut_need need[GL_FRAG_LUT_SLOTS];
	const struct gl_texture *table[GL_FRAG_LUT_SLOTS];
	bool always = gl->cmdgen_mode == NN_GX_CMDGEN_MODE_UNCONDITIONAL;
	unsigned n = lut_needs(d, need), k, first, last, s;

	memset(p->lut, 0, sizeof p->lut);
	memset(p->lut_serial, 0, sizeof p->lut_serial);
	for (k = 0; k < n; k++) {
		GLuint name = gl->lut_binding[need[k].number];
		const struct gl_texture *t = name ? gl_texture_find(gl, name) : NULL;

		if (!t || !t->lut) {
			char what[64];

			/* SP and DA tables belong to a light: name it. */
			if (need[k].slot >= 8 && need[k].slot < GL_FRAG_LUT_LIGHTING)
				snprintf(what, sizeof what, "dmp_FragmentLightSource[%u].%s",
					 need[k].slot % 8u, need[k].slot < 16 ? "samplerSP"
					 : "samplerDA");
			else
				snprintf(what, sizeof what, "%s", need[k].what);
			gl_operation_error(st, fn, "%s selects lookup table %d, and %s", what,
					   need[k].number, name ? "that texture has no table "
					   "(glTexImage1D)" : "no texture is bound to it");
			return false;
		}
		table[need[k].slot] = t;
	}
	for (k = 0; k < n; k++) {
		/* The procedural colour tables and the gas tables are each one
		 * hardware table made of several GL ones: all go when one
		 * changed. */
		s = need[k].slot;
		first = last = s;
		if (s >= GL_FRAG_LUT_PROCTEX + GL_DMP_PT_R && s < GL_FRAG_LUT_GAS) {
			first = GL_FRAG_LUT_PROCTEX + GL_DMP_PT_R;
			last = GL_FRAG_LUT_PROCTEX + GL_DMP_PT_A;
		} else if (s >= GL_FRAG_LUT_GAS) {
			first = GL_FRAG_LUT_GAS;
			last = GL_FRAG_LUT_GAS + 2;
		}
		for (; first <= last; first++)
			if (always || table[first]->lut_serial != gl->lut_sent[first])
				break;
		if (first > last)
			continue;
		p->lut[s] = table[s]->lut;
		p->lut_serial[s] = table[s]->lut_serial;
	}
	return true;
}

void gl_lut_sent(struct gl_context *gl, const struct gl_frag_plan *p)
{
	unsigned s;

	for (s = 0; s < GL_FRAG_LUT_SLOTS; s++)
		if (p->lut[s])
			gl->lut_sent[s] = p->lut_serial[s];
	gl->clip_plane_sent = p->dmp->clip_enable != GL_FALSE;
}
