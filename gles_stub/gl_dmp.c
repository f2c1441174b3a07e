/* gl_dmp.c: the reserved uniforms of the fixed-function fragment stage
 * ("dmp_TexEnv[2].srcRgb", "dmp_FragmentLightSource[0].position", ...):
 * all 297 of the SDK GL driver's table, with the SDK's fixed locations,
 * types, checks, defaults and read-back. Every linked program has them
 * (whether the GL_DMP_FRAGMENT_SHADER_DMP attachment is there or not), each
 * program its own values, set back to the defaults at each link. The next
 * draw turns them into registers (driver/gl_cmdfrag.c).
 *
 * The table below has a row per name, in the SDK's order (row = slot of
 * the SDK table); tests/check_gl_dmp_table.c compares it row by row with
 * tests/data/dmp-uniforms.tsv (name, type, location, default).
 *
 * Locations (SDK; the GL_LOC_DMP_* values of
 * nn/gx/CTR/gx_UniformLocationForFragmentShader.h): 0xFFFC0000 | slot << 2
 * | (components - 1), negative as a GLint. glGetUniformLocation answers
 * them, and glUniform* / glGetUniform* take them for whichever program is
 * current or asked, whether or not glGetUniformLocation was called.
 *
 * Checks (SDK driver, fragment-pipeline.md section C; model choices
 * where it is silent, nngx_gl_dmp(3)): the call must pass count 1 and
 * the exact type (the row's GL type: glUniform1i for GL_BOOL, GL_INT and
 * GL_SAMPLER_1D, glUniform{2,3}i for the int vectors, glUniform{1,3,4}f
 * for the floats; a bool also takes glUniform1f), else
 * GL_INVALID_OPERATION; an enum outside the uniform's set is
 * GL_INVALID_ENUM (ptTexWidth / ptTexOffset outside 0..128 too, as the
 * SDK does); a LUT number outside 0..31 GL_INVALID_VALUE; lutScale*
 * outside {0.25, 0.5, 1, 2, 4, 8}, scaleRgb / scaleAlpha outside {1, 2,
 * 4} and alphaRefValue outside 0..1 GL_INVALID_VALUE. Colours and other
 * numbers are kept as given and converted (clamped) when sent. After an
 * error nothing changes.
 *
 * Defaults: the SDK's (dmp-uniforms.tsv), except the combiner sources,
 * which no source settles (fragment-pipeline.md E.1): libnngx keeps
 * (GL_TEXTURE0, GL_PRIMARY_COLOR, GL_PRIMARY_COLOR) for stage 0 and
 * (GL_PREVIOUS, GL_PRIMARY_COLOR, GL_PRIMARY_COLOR) for stages 1-5. A
 * LUT sampler starts at 0 (ES 2.0's sampler default): with no table
 * bound to GL_LUT_TEXTURE0_DMP a draw that needs it fails as the SDK's
 * "unset" does. */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gl_entry.h"

#define DMP_LOC_BASE   0xFFFC0000u
#define DMP_LOC_MASK   0xFFFC0000u
#define DMP_LUT_NUMBERS 32u             /* GL_LUT_TEXTURE0_DMP..31 */
#define DMP_PT_WIDTH_MAX 128

/* What a row's values must be. */
enum dmp_check {
	CK_NONE, CK_SAMPLER_TYPE, CK_TEXCOORD, CK_PT_MAP, CK_PT_CLAMP, CK_PT_SHIFT,
	CK_PT_FILTER, CK_PT_WIDTH, CK_LUT, CK_FRAGOP_MODE, CK_FUNC, CK_UNIT_INTERVAL,
	CK_GAS_LUT_INPUT, CK_GAS_DENSITY, CK_LUT_INPUT, CK_LUT_SCALE, CK_UNIT,
	CK_BUMP_MODE, CK_LIGHT_CONFIG, CK_FRESNEL, CK_COMBINE_RGB, CK_COMBINE_ALPHA,
	CK_SOURCES, CK_OPERAND_RGB, CK_OPERAND_ALPHA, CK_SCALE, CK_BUFFER_INPUT,
	CK_FOG_MODE
};

/* One reserved uniform: a row of the SDK table. */
struct dmp_row {
	const char *name;
	GLenum type;                    /* GL_BOOL, GL_INT, ..., GL_SAMPLER_1D */
	size_t offset;                  /* of its value in struct gl_dmp_state */
	unsigned element;               /* the [i] of the name (0 without one) */
	enum dmp_check check;
};

#define DMP_AT(member) offsetof(struct gl_dmp_state, member)
#define DMP_ENV(i, member) (DMP_AT(texenv) + (i) * sizeof(struct gl_dmp_texenv) \
			    + offsetof(struct gl_dmp_texenv, member))
#define DMP_LIGHT(i, member) (DMP_AT(light) + (i) * sizeof(struct gl_dmp_light) \
			      + offsetof(struct gl_dmp_light, member))
#define DMP_PT(member) (DMP_AT(pt) + offsetof(struct gl_dmp_proctex, member))
#define DMP_GAS(member) (DMP_AT(gas) + offsetof(struct gl_dmp_gas, member))
#define DMP_MAT(member) (DMP_AT(material) + offsetof(struct gl_dmp_material, member))

static const struct dmp_row dmp_rows[] = {
	{ "dmp_Texture[0].perspectiveShadow", GL_BOOL, DMP_AT(shadow_perspective), 0, CK_NONE },
	{ "dmp_Texture[0].shadowZBias", GL_FLOAT, DMP_AT(shadow_zbias), 0, CK_NONE },
	{ "dmp_Texture[0].shadowZScale", GL_FLOAT, DMP_AT(shadow_zscale), 0, CK_NONE },
	{ "dmp_Texture[0].samplerType", GL_INT, DMP_AT(sampler_type[0]), 0, CK_SAMPLER_TYPE },
	{ "dmp_Texture[1].samplerType", GL_INT, DMP_AT(sampler_type[1]), 1, CK_SAMPLER_TYPE },
	{ "dmp_Texture[2].samplerType", GL_INT, DMP_AT(sampler_type[2]), 2, CK_SAMPLER_TYPE },
	{ "dmp_Texture[3].samplerType", GL_INT, DMP_AT(sampler_type[3]), 3, CK_SAMPLER_TYPE },
	{ "dmp_Texture[2].texcoord", GL_INT, DMP_AT(texcoord[2]), 2, CK_TEXCOORD },
	{ "dmp_Texture[3].texcoord", GL_INT, DMP_AT(texcoord[3]), 3, CK_TEXCOORD },
	{ "dmp_Texture[3].ptRgbMap", GL_INT, DMP_PT(rgb_map), 3, CK_PT_MAP },
	{ "dmp_Texture[3].ptAlphaMap", GL_INT, DMP_PT(alpha_map), 3, CK_PT_MAP },
	{ "dmp_Texture[3].ptAlphaSeparate", GL_BOOL, DMP_PT(alpha_separate), 3, CK_NONE },
	{ "dmp_Texture[3].ptClampU", GL_INT, DMP_PT(clamp[0]), 3, CK_PT_CLAMP },
	{ "dmp_Texture[3].ptClampV", GL_INT, DMP_PT(clamp[1]), 3, CK_PT_CLAMP },
	{ "dmp_Texture[3].ptShiftU", GL_INT, DMP_PT(shift[0]), 3, CK_PT_SHIFT },
	{ "dmp_Texture[3].ptShiftV", GL_INT, DMP_PT(shift[1]), 3, CK_PT_SHIFT },
	{ "dmp_Texture[3].ptMinFilter", GL_INT, DMP_PT(min_filter), 3, CK_PT_FILTER },
	{ "dmp_Texture[3].ptTexWidth", GL_INT, DMP_PT(tex_width), 3, CK_PT_WIDTH },
	{ "dmp_Texture[3].ptTexOffset", GL_INT, DMP_PT(tex_offset), 3, CK_PT_WIDTH },
	{ "dmp_Texture[3].ptTexBias", GL_FLOAT, DMP_PT(tex_bias), 3, CK_NONE },
	{ "dmp_Texture[3].ptNoiseEnable", GL_BOOL, DMP_PT(noise_enable), 3, CK_NONE },
	{ "dmp_Texture[3].ptNoiseU", GL_FLOAT_VEC3, DMP_PT(noise[0]), 3, CK_NONE },
	{ "dmp_Texture[3].ptNoiseV", GL_FLOAT_VEC3, DMP_PT(noise[1]), 3, CK_NONE },
	{ "dmp_Texture[3].ptSamplerRgbMap", GL_SAMPLER_1D, DMP_PT(sampler[GL_DMP_PT_RGB_MAP]), 3, CK_LUT },
	{ "dmp_Texture[3].ptSamplerAlphaMap", GL_SAMPLER_1D, DMP_PT(sampler[GL_DMP_PT_ALPHA_MAP]), 3, CK_LUT },
	{ "dmp_Texture[3].ptSamplerNoiseMap", GL_SAMPLER_1D, DMP_PT(sampler[GL_DMP_PT_NOISE_MAP]), 3, CK_LUT },
	{ "dmp_Texture[3].ptSamplerR", GL_SAMPLER_1D, DMP_PT(sampler[GL_DMP_PT_R]), 3, CK_LUT },
	{ "dmp_Texture[3].ptSamplerG", GL_SAMPLER_1D, DMP_PT(sampler[GL_DMP_PT_G]), 3, CK_LUT },
	{ "dmp_Texture[3].ptSamplerB", GL_SAMPLER_1D, DMP_PT(sampler[GL_DMP_PT_B]), 3, CK_LUT },
	{ "dmp_Texture[3].ptSamplerA", GL_SAMPLER_1D, DMP_PT(sampler[GL_DMP_PT_A]), 3, CK_LUT },
	{ "dmp_FragOperation.mode", GL_INT, DMP_AT(fragop_mode), 0, CK_FRAGOP_MODE },
	{ "dmp_FragOperation.penumbraScale", GL_FLOAT, DMP_AT(penumbra_scale), 0, CK_NONE },
	{ "dmp_FragOperation.penumbraBias", GL_FLOAT, DMP_AT(penumbra_bias), 0, CK_NONE },
	{ "dmp_FragOperation.wScale", GL_FLOAT, DMP_AT(w_scale), 0, CK_NONE },
	{ "dmp_FragOperation.enableClippingPlane", GL_BOOL, DMP_AT(clip_enable), 0, CK_NONE },
	{ "dmp_FragOperation.clippingPlane", GL_FLOAT_VEC4, DMP_AT(clip_plane), 0, CK_NONE },
	{ "dmp_FragOperation.enableAlphaTest", GL_BOOL, DMP_AT(alpha_test), 0, CK_NONE },
	{ "dmp_FragOperation.alphaTestFunc", GL_INT, DMP_AT(alpha_func), 0, CK_FUNC },
	{ "dmp_FragOperation.alphaRefValue", GL_FLOAT, DMP_AT(alpha_ref), 0, CK_UNIT_INTERVAL },
	{ "dmp_Gas.lightXY", GL_FLOAT_VEC3, DMP_GAS(light_xy), 0, CK_NONE },
	{ "dmp_Gas.lightZ", GL_FLOAT_VEC4, DMP_GAS(light_z), 0, CK_NONE },
	{ "dmp_Gas.deltaZ", GL_FLOAT, DMP_GAS(delta_z), 0, CK_NONE },
	{ "dmp_Gas.accMax", GL_FLOAT, DMP_GAS(acc_max), 0, CK_NONE },
	{ "dmp_Gas.autoAcc", GL_BOOL, DMP_GAS(auto_acc), 0, CK_NONE },
	{ "dmp_Gas.attenuation", GL_FLOAT, DMP_GAS(attenuation), 0, CK_NONE },
	{ "dmp_Gas.colorLutInput", GL_INT, DMP_GAS(color_lut_input), 0, CK_GAS_LUT_INPUT },
	{ "dmp_Gas.shadingDensitySrc", GL_INT, DMP_GAS(density_src), 0, CK_GAS_DENSITY },
	{ "dmp_Gas.samplerTR", GL_SAMPLER_1D, DMP_GAS(sampler[0]), 0, CK_LUT },
	{ "dmp_Gas.samplerTG", GL_SAMPLER_1D, DMP_GAS(sampler[1]), 0, CK_LUT },
	{ "dmp_Gas.samplerTB", GL_SAMPLER_1D, DMP_GAS(sampler[2]), 0, CK_LUT },
	{ "dmp_FragmentLighting.enabled", GL_BOOL, DMP_AT(lighting), 0, CK_NONE },
	{ "dmp_FragmentLighting.ambient", GL_FLOAT_VEC4, DMP_AT(lighting_ambient), 0, CK_NONE },
	{ "dmp_FragmentMaterial.emission", GL_FLOAT_VEC4, DMP_MAT(emission), 0, CK_NONE },
	{ "dmp_FragmentMaterial.ambient", GL_FLOAT_VEC4, DMP_MAT(ambient), 0, CK_NONE },
	{ "dmp_FragmentMaterial.diffuse", GL_FLOAT_VEC4, DMP_MAT(diffuse), 0, CK_NONE },
	{ "dmp_FragmentMaterial.specular0", GL_FLOAT_VEC4, DMP_MAT(specular0), 0, CK_NONE },
	{ "dmp_FragmentMaterial.specular1", GL_FLOAT_VEC4, DMP_MAT(specular1), 0, CK_NONE },
	{ "dmp_FragmentLightSource[0].enabled", GL_BOOL, DMP_LIGHT(0, enabled), 0, CK_NONE },
	{ "dmp_FragmentLightSource[1].enabled", GL_BOOL, DMP_LIGHT(1, enabled), 1, CK_NONE },
	{ "dmp_FragmentLightSource[2].enabled", GL_BOOL, DMP_LIGHT(2, enabled), 2, CK_NONE },
	{ "dmp_FragmentLightSource[3].enabled", GL_BOOL, DMP_LIGHT(3, enabled), 3, CK_NONE },
	{ "dmp_FragmentLightSource[4].enabled", GL_BOOL, DMP_LIGHT(4, enabled), 4, CK_NONE },
	{ "dmp_FragmentLightSource[5].enabled", GL_BOOL, DMP_LIGHT(5, enabled), 5, CK_NONE },
	{ "dmp_FragmentLightSource[6].enabled", GL_BOOL, DMP_LIGHT(6, enabled), 6, CK_NONE },
	{ "dmp_FragmentLightSource[7].enabled", GL_BOOL, DMP_LIGHT(7, enabled), 7, CK_NONE },
	{ "dmp_FragmentLightSource[0].ambient", GL_FLOAT_VEC4, DMP_LIGHT(0, ambient), 0, CK_NONE },
	{ "dmp_FragmentLightSource[1].ambient", GL_FLOAT_VEC4, DMP_LIGHT(1, ambient), 1, CK_NONE },
	{ "dmp_FragmentLightSource[2].ambient", GL_FLOAT_VEC4, DMP_LIGHT(2, ambient), 2, CK_NONE },
	{ "dmp_FragmentLightSource[3].ambient", GL_FLOAT_VEC4, DMP_LIGHT(3, ambient), 3, CK_NONE },
	{ "dmp_FragmentLightSource[4].ambient", GL_FLOAT_VEC4, DMP_LIGHT(4, ambient), 4, CK_NONE },
	{ "dmp_FragmentLightSource[5].ambient", GL_FLOAT_VEC4, DMP_LIGHT(5, ambient), 5, CK_NONE },
	{ "dmp_FragmentLightSource[6].ambient", GL_FLOAT_VEC4, DMP_LIGHT(6, ambient), 6, CK_NONE },
	{ "dmp_FragmentLightSource[7].ambient", GL_FLOAT_VEC4, DMP_LIGHT(7, ambient), 7, CK_NONE },
	{ "dmp_FragmentLightSource[0].diffuse", GL_FLOAT_VEC4, DMP_LIGHT(0, diffuse), 0, CK_NONE },
	{ "dmp_FragmentLightSource[1].diffuse", GL_FLOAT_VEC4, DMP_LIGHT(1, diffuse), 1, CK_NONE },
	{ "dmp_FragmentLightSource[2].diffuse", GL_FLOAT_VEC4, DMP_LIGHT(2, diffuse), 2, CK_NONE },
	{ "dmp_FragmentLightSource[3].diffuse", GL_FLOAT_VEC4, DMP_LIGHT(3, diffuse), 3, CK_NONE },
	{ "dmp_FragmentLightSource[4].diffuse", GL_FLOAT_VEC4, DMP_LIGHT(4, diffuse), 4, CK_NONE },
	{ "dmp_FragmentLightSource[5].diffuse", GL_FLOAT_VEC4, DMP_LIGHT(5, diffuse), 5, CK_NONE },
	{ "dmp_FragmentLightSource[6].diffuse", GL_FLOAT_VEC4, DMP_LIGHT(6, diffuse), 6, CK_NONE },
	{ "dmp_FragmentLightSource[7].diffuse", GL_FLOAT_VEC4, DMP_LIGHT(7, diffuse), 7, CK_NONE },
	{ "dmp_FragmentLightSource[0].specular0", GL_FLOAT_VEC4, DMP_LIGHT(0, specular0), 0, CK_NONE },
	{ "dmp_FragmentLightSource[1].specular0", GL_FLOAT_VEC4, DMP_LIGHT(1, specular0), 1, CK_NONE },
	{ "dmp_FragmentLightSource[2].specular0", GL_FLOAT_VEC4, DMP_LIGHT(2, specular0), 2, CK_NONE },
	{ "dmp_FragmentLightSource[3].specular0", GL_FLOAT_VEC4, DMP_LIGHT(3, specular0), 3, CK_NONE },
	{ "dmp_FragmentLightSource[4].specular0", GL_FLOAT_VEC4, DMP_LIGHT(4, specular0), 4, CK_NONE },
	{ "dmp_FragmentLightSource[5].specular0", GL_FLOAT_VEC4, DMP_LIGHT(5, specular0), 5, CK_NONE },
	{ "dmp_FragmentLightSource[6].specular0", GL_FLOAT_VEC4, DMP_LIGHT(6, specular0), 6, CK_NONE },
	{ "dmp_FragmentLightSource[7].specular0", GL_FLOAT_VEC4, DMP_LIGHT(7, specular0), 7, CK_NONE },
	{ "dmp_FragmentLightSource[0].specular1", GL_FLOAT_VEC4, DMP_LIGHT(0, specular1), 0, CK_NONE },
	{ "dmp_FragmentLightSource[1].specular1", GL_FLOAT_VEC4, DMP_LIGHT(1, specular1), 1, CK_NONE },
	{ "dmp_FragmentLightSource[2].specular1", GL_FLOAT_VEC4, DMP_LIGHT(2, specular1), 2, CK_NONE },
	{ "dmp_FragmentLightSource[3].specular1", GL_FLOAT_VEC4, DMP_LIGHT(3, specular1), 3, CK_NONE },
	{ "dmp_FragmentLightSource[4].specular1", GL_FLOAT_VEC4, DMP_LIGHT(4, specular1), 4, CK_NONE },
	{ "dmp_FragmentLightSource[5].specular1", GL_FLOAT_VEC4, DMP_LIGHT(5, specular1), 5, CK_NONE },
	{ "dmp_FragmentLightSource[6].specular1", GL_FLOAT_VEC4, DMP_LIGHT(6, specular1), 6, CK_NONE },
	{ "dmp_FragmentLightSource[7].specular1", GL_FLOAT_VEC4, DMP_LIGHT(7, specular1), 7, CK_NONE },
	{ "dmp_FragmentLightSource[0].position", GL_FLOAT_VEC4, DMP_LIGHT(0, position), 0, CK_NONE },
	{ "dmp_FragmentLightSource[1].position", GL_FLOAT_VEC4, DMP_LIGHT(1, position), 1, CK_NONE },
	{ "dmp_FragmentLightSource[2].position", GL_FLOAT_VEC4, DMP_LIGHT(2, position), 2, CK_NONE },
	{ "dmp_FragmentLightSource[3].position", GL_FLOAT_VEC4, DMP_LIGHT(3, position), 3, CK_NONE },
	{ "dmp_FragmentLightSource[4].position", GL_FLOAT_VEC4, DMP_LIGHT(4, position), 4, CK_NONE },
	{ "dmp_FragmentLightSource[5].position", GL_FLOAT_VEC4, DMP_LIGHT(5, position), 5, CK_NONE },
	{ "dmp_FragmentLightSource[6].position", GL_FLOAT_VEC4, DMP_LIGHT(6, position), 6, CK_NONE },
	{ "dmp_FragmentLightSource[7].position", GL_FLOAT_VEC4, DMP_LIGHT(7, position), 7, CK_NONE },
	{ "dmp_FragmentLightSource[0].spotDirection", GL_FLOAT_VEC3, DMP_LIGHT(0, spot_direction), 0, CK_NONE },
	{ "dmp_FragmentLightSource[1].spotDirection", GL_FLOAT_VEC3, DMP_LIGHT(1, spot_direction), 1, CK_NONE },
	{ "dmp_FragmentLightSource[2].spotDirection", GL_FLOAT_VEC3, DMP_LIGHT(2, spot_direction), 2, CK_NONE },
	{ "dmp_FragmentLightSource[3].spotDirection", GL_FLOAT_VEC3, DMP_LIGHT(3, spot_direction), 3, CK_NONE },
	{ "dmp_FragmentLightSource[4].spotDirection", GL_FLOAT_VEC3, DMP_LIGHT(4, spot_direction), 4, CK_NONE },
	{ "dmp_FragmentLightSource[5].spotDirection", GL_FLOAT_VEC3, DMP_LIGHT(5, spot_direction), 5, CK_NONE },
	{ "dmp_FragmentLightSource[6].spotDirection", GL_FLOAT_VEC3, DMP_LIGHT(6, spot_direction), 6, CK_NONE },
	{ "dmp_FragmentLightSource[7].spotDirection", GL_FLOAT_VEC3, DMP_LIGHT(7, spot_direction), 7, CK_NONE },
	{ "dmp_FragmentLightSource[0].shadowed", GL_BOOL, DMP_LIGHT(0, shadowed), 0, CK_NONE },
	{ "dmp_FragmentLightSource[1].shadowed", GL_BOOL, DMP_LIGHT(1, shadowed), 1, CK_NONE },
	{ "dmp_FragmentLightSource[2].shadowed", GL_BOOL, DMP_LIGHT(2, shadowed), 2, CK_NONE },
	{ "dmp_FragmentLightSource[3].shadowed", GL_BOOL, DMP_LIGHT(3, shadowed), 3, CK_NONE },
	{ "dmp_FragmentLightSource[4].shadowed", GL_BOOL, DMP_LIGHT(4, shadowed), 4, CK_NONE },
	{ "dmp_FragmentLightSource[5].shadowed", GL_BOOL, DMP_LIGHT(5, shadowed), 5, CK_NONE },
	{ "dmp_FragmentLightSource[6].shadowed", GL_BOOL, DMP_LIGHT(6, shadowed), 6, CK_NONE },
	{ "dmp_FragmentLightSource[7].shadowed", GL_BOOL, DMP_LIGHT(7, shadowed), 7, CK_NONE },
	{ "dmp_FragmentLightSource[0].geomFactor0", GL_BOOL, DMP_LIGHT(0, geom_factor[0]), 0, CK_NONE },
	{ "dmp_FragmentLightSource[1].geomFactor0", GL_BOOL, DMP_LIGHT(1, geom_factor[0]), 1, CK_NONE },
	{ "dmp_FragmentLightSource[2].geomFactor0", GL_BOOL, DMP_LIGHT(2, geom_factor[0]), 2, CK_NONE },
	{ "dmp_FragmentLightSource[3].geomFactor0", GL_BOOL, DMP_LIGHT(3, geom_factor[0]), 3, CK_NONE },
	{ "dmp_FragmentLightSource[4].geomFactor0", GL_BOOL, DMP_LIGHT(4, geom_factor[0]), 4, CK_NONE },
	{ "dmp_FragmentLightSource[5].geomFactor0", GL_BOOL, DMP_LIGHT(5, geom_factor[0]), 5, CK_NONE },
	{ "dmp_FragmentLightSource[6].geomFactor0", GL_BOOL, DMP_LIGHT(6, geom_factor[0]), 6, CK_NONE },
	{ "dmp_FragmentLightSource[7].geomFactor0", GL_BOOL, DMP_LIGHT(7, geom_factor[0]), 7, CK_NONE },
	{ "dmp_FragmentLightSource[0].geomFactor1", GL_BOOL, DMP_LIGHT(0, geom_factor[1]), 0, CK_NONE },
	{ "dmp_FragmentLightSource[1].geomFactor1", GL_BOOL, DMP_LIGHT(1, geom_factor[1]), 1, CK_NONE },
	{ "dmp_FragmentLightSource[2].geomFactor1", GL_BOOL, DMP_LIGHT(2, geom_factor[1]), 2, CK_NONE },
	{ "dmp_FragmentLightSource[3].geomFactor1", GL_BOOL, DMP_LIGHT(3, geom_factor[1]), 3, CK_NONE },
	{ "dmp_FragmentLightSource[4].geomFactor1", GL_BOOL, DMP_LIGHT(4, geom_factor[1]), 4, CK_NONE },
	{ "dmp_FragmentLightSource[5].geomFactor1", GL_BOOL, DMP_LIGHT(5, geom_factor[1]), 5, CK_NONE },
	{ "dmp_FragmentLightSource[6].geomFactor1", GL_BOOL, DMP_LIGHT(6, geom_factor[1]), 6, CK_NONE },
	{ "dmp_FragmentLightSource[7].geomFactor1", GL_BOOL, DMP_LIGHT(7, geom_factor[1]), 7, CK_NONE },
	{ "dmp_FragmentLightSource[0].twoSideDiffuse", GL_BOOL, DMP_LIGHT(0, two_side_diffuse), 0, CK_NONE },
	{ "dmp_FragmentLightSource[1].twoSideDiffuse", GL_BOOL, DMP_LIGHT(1, two_side_diffuse), 1, CK_NONE },
	{ "dmp_FragmentLightSource[2].twoSideDiffuse", GL_BOOL, DMP_LIGHT(2, two_side_diffuse), 2, CK_NONE },
	{ "dmp_FragmentLightSource[3].twoSideDiffuse", GL_BOOL, DMP_LIGHT(3, two_side_diffuse), 3, CK_NONE },
	{ "dmp_FragmentLightSource[4].twoSideDiffuse", GL_BOOL, DMP_LIGHT(4, two_side_diffuse), 4, CK_NONE },
	{ "dmp_FragmentLightSource[5].twoSideDiffuse", GL_BOOL, DMP_LIGHT(5, two_side_diffuse), 5, CK_NONE },
	{ "dmp_FragmentLightSource[6].twoSideDiffuse", GL_BOOL, DMP_LIGHT(6, two_side_diffuse), 6, CK_NONE },
	{ "dmp_FragmentLightSource[7].twoSideDiffuse", GL_BOOL, DMP_LIGHT(7, two_side_diffuse), 7, CK_NONE },
	{ "dmp_FragmentLightSource[0].samplerSP", GL_SAMPLER_1D, DMP_LIGHT(0, sampler_sp), 0, CK_LUT },
	{ "dmp_FragmentLightSource[1].samplerSP", GL_SAMPLER_1D, DMP_LIGHT(1, sampler_sp), 1, CK_LUT },
	{ "dmp_FragmentLightSource[2].samplerSP", GL_SAMPLER_1D, DMP_LIGHT(2, sampler_sp), 2, CK_LUT },
	{ "dmp_FragmentLightSource[3].samplerSP", GL_SAMPLER_1D, DMP_LIGHT(3, sampler_sp), 3, CK_LUT },
	{ "dmp_FragmentLightSource[4].samplerSP", GL_SAMPLER_1D, DMP_LIGHT(4, sampler_sp), 4, CK_LUT },
	{ "dmp_FragmentLightSource[5].samplerSP", GL_SAMPLER_1D, DMP_LIGHT(5, sampler_sp), 5, CK_LUT },
	{ "dmp_FragmentLightSource[6].samplerSP", GL_SAMPLER_1D, DMP_LIGHT(6, sampler_sp), 6, CK_LUT },
	{ "dmp_FragmentLightSource[7].samplerSP", GL_SAMPLER_1D, DMP_LIGHT(7, sampler_sp), 7, CK_LUT },
	{ "dmp_FragmentLightSource[0].spotEnabled", GL_BOOL, DMP_LIGHT(0, spot_enabled), 0, CK_NONE },
	{ "dmp_FragmentLightSource[1].spotEnabled", GL_BOOL, DMP_LIGHT(1, spot_enabled), 1, CK_NONE },
	{ "dmp_FragmentLightSource[2].spotEnabled", GL_BOOL, DMP_LIGHT(2, spot_enabled), 2, CK_NONE },
	{ "dmp_FragmentLightSource[3].spotEnabled", GL_BOOL, DMP_LIGHT(3, spot_enabled), 3, CK_NONE },
	{ "dmp_FragmentLightSource[4].spotEnabled", GL_BOOL, DMP_LIGHT(4, spot_enabled), 4, CK_NONE },
	{ "dmp_FragmentLightSource[5].spotEnabled", GL_BOOL, DMP_LIGHT(5, spot_enabled), 5, CK_NONE },
	{ "dmp_FragmentLightSource[6].spotEnabled", GL_BOOL, DMP_LIGHT(6, spot_enabled), 6, CK_NONE },
	{ "dmp_FragmentLightSource[7].spotEnabled", GL_BOOL, DMP_LIGHT(7, spot_enabled), 7, CK_NONE },
	{ "dmp_FragmentLightSource[0].distanceAttenuationBias", GL_FLOAT, DMP_LIGHT(0, dist_atten_bias), 0, CK_NONE },
	{ "dmp_FragmentLightSource[1].distanceAttenuationBias", GL_FLOAT, DMP_LIGHT(1, dist_atten_bias), 1, CK_NONE },
	{ "dmp_FragmentLightSource[2].distanceAttenuationBias", GL_FLOAT, DMP_LIGHT(2, dist_atten_bias), 2, CK_NONE },
	{ "dmp_FragmentLightSource[3].distanceAttenuationBias", GL_FLOAT, DMP_LIGHT(3, dist_atten_bias), 3, CK_NONE },
	{ "dmp_FragmentLightSource[4].distanceAttenuationBias", GL_FLOAT, DMP_LIGHT(4, dist_atten_bias), 4, CK_NONE },
	{ "dmp_FragmentLightSource[5].distanceAttenuationBias", GL_FLOAT, DMP_LIGHT(5, dist_atten_bias), 5, CK_NONE },
	{ "dmp_FragmentLightSource[6].distanceAttenuationBias", GL_FLOAT, DMP_LIGHT(6, dist_atten_bias), 6, CK_NONE },
	{ "dmp_FragmentLightSource[7].distanceAttenuationBias", GL_FLOAT, DMP_LIGHT(7, dist_atten_bias), 7, CK_NONE },
	{ "dmp_FragmentLightSource[0].distanceAttenuationScale", GL_FLOAT, DMP_LIGHT(0, dist_atten_scale), 0, CK_NONE },
	{ "dmp_FragmentLightSource[1].distanceAttenuationScale", GL_FLOAT, DMP_LIGHT(1, dist_atten_scale), 1, CK_NONE },
	{ "dmp_FragmentLightSource[2].distanceAttenuationScale", GL_FLOAT, DMP_LIGHT(2, dist_atten_scale), 2, CK_NONE },
	{ "dmp_FragmentLightSource[3].distanceAttenuationScale", GL_FLOAT, DMP_LIGHT(3, dist_atten_scale), 3, CK_NONE },
	{ "dmp_FragmentLightSource[4].distanceAttenuationScale", GL_FLOAT, DMP_LIGHT(4, dist_atten_scale), 4, CK_NONE },
	{ "dmp_FragmentLightSource[5].distanceAttenuationScale", GL_FLOAT, DMP_LIGHT(5, dist_atten_scale), 5, CK_NONE },
	{ "dmp_FragmentLightSource[6].distanceAttenuationScale", GL_FLOAT, DMP_LIGHT(6, dist_atten_scale), 6, CK_NONE },
	{ "dmp_FragmentLightSource[7].distanceAttenuationScale", GL_FLOAT, DMP_LIGHT(7, dist_atten_scale), 7, CK_NONE },
	{ "dmp_FragmentLightSource[0].distanceAttenuationEnabled", GL_BOOL, DMP_LIGHT(0, dist_atten_enabled), 0, CK_NONE },
	{ "dmp_FragmentLightSource[1].distanceAttenuationEnabled", GL_BOOL, DMP_LIGHT(1, dist_atten_enabled), 1, CK_NONE },
	{ "dmp_FragmentLightSource[2].distanceAttenuationEnabled", GL_BOOL, DMP_LIGHT(2, dist_atten_enabled), 2, CK_NONE },
	{ "dmp_FragmentLightSource[3].distanceAttenuationEnabled", GL_BOOL, DMP_LIGHT(3, dist_atten_enabled), 3, CK_NONE },
	{ "dmp_FragmentLightSource[4].distanceAttenuationEnabled", GL_BOOL, DMP_LIGHT(4, dist_atten_enabled), 4, CK_NONE },
	{ "dmp_FragmentLightSource[5].distanceAttenuationEnabled", GL_BOOL, DMP_LIGHT(5, dist_atten_enabled), 5, CK_NONE },
	{ "dmp_FragmentLightSource[6].distanceAttenuationEnabled", GL_BOOL, DMP_LIGHT(6, dist_atten_enabled), 6, CK_NONE },
	{ "dmp_FragmentLightSource[7].distanceAttenuationEnabled", GL_BOOL, DMP_LIGHT(7, dist_atten_enabled), 7, CK_NONE },
	{ "dmp_FragmentLightSource[0].samplerDA", GL_SAMPLER_1D, DMP_LIGHT(0, sampler_da), 0, CK_LUT },
	{ "dmp_FragmentLightSource[1].samplerDA", GL_SAMPLER_1D, DMP_LIGHT(1, sampler_da), 1, CK_LUT },
	{ "dmp_FragmentLightSource[2].samplerDA", GL_SAMPLER_1D, DMP_LIGHT(2, sampler_da), 2, CK_LUT },
	{ "dmp_FragmentLightSource[3].samplerDA", GL_SAMPLER_1D, DMP_LIGHT(3, sampler_da), 3, CK_LUT },
	{ "dmp_FragmentLightSource[4].samplerDA", GL_SAMPLER_1D, DMP_LIGHT(4, sampler_da), 4, CK_LUT },
	{ "dmp_FragmentLightSource[5].samplerDA", GL_SAMPLER_1D, DMP_LIGHT(5, sampler_da), 5, CK_LUT },
	{ "dmp_FragmentLightSource[6].samplerDA", GL_SAMPLER_1D, DMP_LIGHT(6, sampler_da), 6, CK_LUT },
	{ "dmp_FragmentLightSource[7].samplerDA", GL_SAMPLER_1D, DMP_LIGHT(7, sampler_da), 7, CK_LUT },
	{ "dmp_LightEnv.absLutInputD0", GL_BOOL, DMP_AT(lut_abs[GL_DMP_LUT_D0]), 0, CK_NONE },
	{ "dmp_LightEnv.absLutInputD1", GL_BOOL, DMP_AT(lut_abs[GL_DMP_LUT_D1]), 0, CK_NONE },
	{ "dmp_LightEnv.absLutInputSP", GL_BOOL, DMP_AT(lut_abs[GL_DMP_LUT_SP]), 0, CK_NONE },
	{ "dmp_LightEnv.absLutInputFR", GL_BOOL, DMP_AT(lut_abs[GL_DMP_LUT_FR]), 0, CK_NONE },
	{ "dmp_LightEnv.absLutInputRB", GL_BOOL, DMP_AT(lut_abs[GL_DMP_LUT_RB]), 0, CK_NONE },
	{ "dmp_LightEnv.absLutInputRG", GL_BOOL, DMP_AT(lut_abs[GL_DMP_LUT_RG]), 0, CK_NONE },
	{ "dmp_LightEnv.absLutInputRR", GL_BOOL, DMP_AT(lut_abs[GL_DMP_LUT_RR]), 0, CK_NONE },
	{ "dmp_LightEnv.lutInputD0", GL_INT, DMP_AT(lut_input[GL_DMP_LUT_D0]), 0, CK_LUT_INPUT },
	{ "dmp_LightEnv.lutInputD1", GL_INT, DMP_AT(lut_input[GL_DMP_LUT_D1]), 0, CK_LUT_INPUT },
	{ "dmp_LightEnv.lutInputSP", GL_INT, DMP_AT(lut_input[GL_DMP_LUT_SP]), 0, CK_LUT_INPUT },
	{ "dmp_LightEnv.lutInputFR", GL_INT, DMP_AT(lut_input[GL_DMP_LUT_FR]), 0, CK_LUT_INPUT },
	{ "dmp_LightEnv.lutInputRB", GL_INT, DMP_AT(lut_input[GL_DMP_LUT_RB]), 0, CK_LUT_INPUT },
	{ "dmp_LightEnv.lutInputRG", GL_INT, DMP_AT(lut_input[GL_DMP_LUT_RG]), 0, CK_LUT_INPUT },
	{ "dmp_LightEnv.lutInputRR", GL_INT, DMP_AT(lut_input[GL_DMP_LUT_RR]), 0, CK_LUT_INPUT },
	{ "dmp_LightEnv.lutScaleD0", GL_FLOAT, DMP_AT(lut_scale[GL_DMP_LUT_D0]), 0, CK_LUT_SCALE },
	{ "dmp_LightEnv.lutScaleD1", GL_FLOAT, DMP_AT(lut_scale[GL_DMP_LUT_D1]), 0, CK_LUT_SCALE },
	{ "dmp_LightEnv.lutScaleSP", GL_FLOAT, DMP_AT(lut_scale[GL_DMP_LUT_SP]), 0, CK_LUT_SCALE },
	{ "dmp_LightEnv.lutScaleFR", GL_FLOAT, DMP_AT(lut_scale[GL_DMP_LUT_FR]), 0, CK_LUT_SCALE },
	{ "dmp_LightEnv.lutScaleRB", GL_FLOAT, DMP_AT(lut_scale[GL_DMP_LUT_RB]), 0, CK_LUT_SCALE },
	{ "dmp_LightEnv.lutScaleRG", GL_FLOAT, DMP_AT(lut_scale[GL_DMP_LUT_RG]), 0, CK_LUT_SCALE },
	{ "dmp_LightEnv.lutScaleRR", GL_FLOAT, DMP_AT(lut_scale[GL_DMP_LUT_RR]), 0, CK_LUT_SCALE },
	{ "dmp_FragmentMaterial.samplerD0", GL_SAMPLER_1D, DMP_AT(lut_sampler[GL_DMP_LUT_D0]), 0, CK_LUT },
	{ "dmp_FragmentMaterial.samplerD1", GL_SAMPLER_1D, DMP_AT(lut_sampler[GL_DMP_LUT_D1]), 0, CK_LUT },
	{ "dmp_FragmentMaterial.samplerFR", GL_SAMPLER_1D, DMP_AT(lut_sampler[GL_DMP_LUT_FR]), 0, CK_LUT },
	{ "dmp_FragmentMaterial.samplerRB", GL_SAMPLER_1D, DMP_AT(lut_sampler[GL_DMP_LUT_RB]), 0, CK_LUT },
	{ "dmp_FragmentMaterial.samplerRG", GL_SAMPLER_1D, DMP_AT(lut_sampler[GL_DMP_LUT_RG]), 0, CK_LUT },
	{ "dmp_FragmentMaterial.samplerRR", GL_SAMPLER_1D, DMP_AT(lut_sampler[GL_DMP_LUT_RR]), 0, CK_LUT },
	{ "dmp_LightEnv.shadowSelector", GL_INT, DMP_AT(shadow_selector), 0, CK_UNIT },
	{ "dmp_LightEnv.bumpSelector", GL_INT, DMP_AT(bump_selector), 0, CK_UNIT },
	{ "dmp_LightEnv.bumpMode", GL_INT, DMP_AT(bump_mode), 0, CK_BUMP_MODE },
	{ "dmp_LightEnv.bumpRenorm", GL_BOOL, DMP_AT(bump_renorm), 0, CK_NONE },
	{ "dmp_LightEnv.config", GL_INT, DMP_AT(light_config), 0, CK_LIGHT_CONFIG },
	{ "dmp_LightEnv.invertShadow", GL_BOOL, DMP_AT(invert_shadow), 0, CK_NONE },
	{ "dmp_LightEnv.shadowPrimary", GL_BOOL, DMP_AT(shadow_primary), 0, CK_NONE },
	{ "dmp_LightEnv.shadowSecondary", GL_BOOL, DMP_AT(shadow_secondary), 0, CK_NONE },
	{ "dmp_LightEnv.shadowAlpha", GL_BOOL, DMP_AT(shadow_alpha), 0, CK_NONE },
	{ "dmp_LightEnv.fresnelSelector", GL_INT, DMP_AT(fresnel), 0, CK_FRESNEL },
	{ "dmp_LightEnv.clampHighlights", GL_BOOL, DMP_AT(clamp_highlights), 0, CK_NONE },
	{ "dmp_LightEnv.lutEnabledD0", GL_BOOL, DMP_AT(lut_d0), 0, CK_NONE },
	{ "dmp_LightEnv.lutEnabledD1", GL_BOOL, DMP_AT(lut_d1), 0, CK_NONE },
	{ "dmp_LightEnv.lutEnabledRefl", GL_BOOL, DMP_AT(lut_refl), 0, CK_NONE },
	{ "dmp_TexEnv[0].combineRgb", GL_INT, DMP_ENV(0, combine_rgb), 0, CK_COMBINE_RGB },
	{ "dmp_TexEnv[1].combineRgb", GL_INT, DMP_ENV(1, combine_rgb), 1, CK_COMBINE_RGB },
	{ "dmp_TexEnv[2].combineRgb", GL_INT, DMP_ENV(2, combine_rgb), 2, CK_COMBINE_RGB },
	{ "dmp_TexEnv[3].combineRgb", GL_INT, DMP_ENV(3, combine_rgb), 3, CK_COMBINE_RGB },
	{ "dmp_TexEnv[4].combineRgb", GL_INT, DMP_ENV(4, combine_rgb), 4, CK_COMBINE_RGB },
	{ "dmp_TexEnv[5].combineRgb", GL_INT, DMP_ENV(5, combine_rgb), 5, CK_COMBINE_RGB },
	{ "dmp_TexEnv[0].combineAlpha", GL_INT, DMP_ENV(0, combine_alpha), 0, CK_COMBINE_ALPHA },
	{ "dmp_TexEnv[1].combineAlpha", GL_INT, DMP_ENV(1, combine_alpha), 1, CK_COMBINE_ALPHA },
	{ "dmp_TexEnv[2].combineAlpha", GL_INT, DMP_ENV(2, combine_alpha), 2, CK_COMBINE_ALPHA },
	{ "dmp_TexEnv[3].combineAlpha", GL_INT, DMP_ENV(3, combine_alpha), 3, CK_COMBINE_ALPHA },
	{ "dmp_TexEnv[4].combineAlpha", GL_INT, DMP_ENV(4, combine_alpha), 4, CK_COMBINE_ALPHA },
	{ "dmp_TexEnv[5].combineAlpha", GL_INT, DMP_ENV(5, combine_alpha), 5, CK_COMBINE_ALPHA },
	{ "dmp_TexEnv[0].srcRgb", GL_INT_VEC3, DMP_ENV(0, src_rgb), 0, CK_SOURCES },
	{ "dmp_TexEnv[1].srcRgb", GL_INT_VEC3, DMP_ENV(1, src_rgb), 1, CK_SOURCES },
	{ "dmp_TexEnv[2].srcRgb", GL_INT_VEC3, DMP_ENV(2, src_rgb), 2, CK_SOURCES },
	{ "dmp_TexEnv[3].srcRgb", GL_INT_VEC3, DMP_ENV(3, src_rgb), 3, CK_SOURCES },
	{ "dmp_TexEnv[4].srcRgb", GL_INT_VEC3, DMP_ENV(4, src_rgb), 4, CK_SOURCES },
	{ "dmp_TexEnv[5].srcRgb", GL_INT_VEC3, DMP_ENV(5, src_rgb), 5, CK_SOURCES },
	{ "dmp_TexEnv[0].srcAlpha", GL_INT_VEC3, DMP_ENV(0, src_alpha), 0, CK_SOURCES },
	{ "dmp_TexEnv[1].srcAlpha", GL_INT_VEC3, DMP_ENV(1, src_alpha), 1, CK_SOURCES },
	{ "dmp_TexEnv[2].srcAlpha", GL_INT_VEC3, DMP_ENV(2, src_alpha), 2, CK_SOURCES },
	{ "dmp_TexEnv[3].srcAlpha", GL_INT_VEC3, DMP_ENV(3, src_alpha), 3, CK_SOURCES },
	{ "dmp_TexEnv[4].srcAlpha", GL_INT_VEC3, DMP_ENV(4, src_alpha), 4, CK_SOURCES },
	{ "dmp_TexEnv[5].srcAlpha", GL_INT_VEC3, DMP_ENV(5, src_alpha), 5, CK_SOURCES },
	{ "dmp_TexEnv[0].operandRgb", GL_INT_VEC3, DMP_ENV(0, operand_rgb), 0, CK_OPERAND_RGB },
	{ "dmp_TexEnv[1].operandRgb", GL_INT_VEC3, DMP_ENV(1, operand_rgb), 1, CK_OPERAND_RGB },
	{ "dmp_TexEnv[2].operandRgb", GL_INT_VEC3, DMP_ENV(2, operand_rgb), 2, CK_OPERAND_RGB },
	{ "dmp_TexEnv[3].operandRgb", GL_INT_VEC3, DMP_ENV(3, operand_rgb), 3, CK_OPERAND_RGB },
	{ "dmp_TexEnv[4].operandRgb", GL_INT_VEC3, DMP_ENV(4, operand_rgb), 4, CK_OPERAND_RGB },
	{ "dmp_TexEnv[5].operandRgb", GL_INT_VEC3, DMP_ENV(5, operand_rgb), 5, CK_OPERAND_RGB },
	{ "dmp_TexEnv[0].operandAlpha", GL_INT_VEC3, DMP_ENV(0, operand_alpha), 0, CK_OPERAND_ALPHA },
	{ "dmp_TexEnv[1].operandAlpha", GL_INT_VEC3, DMP_ENV(1, operand_alpha), 1, CK_OPERAND_ALPHA },
	{ "dmp_TexEnv[2].operandAlpha", GL_INT_VEC3, DMP_ENV(2, operand_alpha), 2, CK_OPERAND_ALPHA },
	{ "dmp_TexEnv[3].operandAlpha", GL_INT_VEC3, DMP_ENV(3, operand_alpha), 3, CK_OPERAND_ALPHA },
	{ "dmp_TexEnv[4].operandAlpha", GL_INT_VEC3, DMP_ENV(4, operand_alpha), 4, CK_OPERAND_ALPHA },
	{ "dmp_TexEnv[5].operandAlpha", GL_INT_VEC3, DMP_ENV(5, operand_alpha), 5, CK_OPERAND_ALPHA },
	{ "dmp_TexEnv[0].scaleRgb", GL_FLOAT, DMP_ENV(0, scale_rgb), 0, CK_SCALE },
	{ "dmp_TexEnv[1].scaleRgb", GL_FLOAT, DMP_ENV(1, scale_rgb), 1, CK_SCALE },
	{ "dmp_TexEnv[2].scaleRgb", GL_FLOAT, DMP_ENV(2, scale_rgb), 2, CK_SCALE },
	{ "dmp_TexEnv[3].scaleRgb", GL_FLOAT, DMP_ENV(3, scale_rgb), 3, CK_SCALE },
	{ "dmp_TexEnv[4].scaleRgb", GL_FLOAT, DMP_ENV(4, scale_rgb), 4, CK_SCALE },
	{ "dmp_TexEnv[5].scaleRgb", GL_FLOAT, DMP_ENV(5, scale_rgb), 5, CK_SCALE },
	{ "dmp_TexEnv[0].scaleAlpha", GL_FLOAT, DMP_ENV(0, scale_alpha), 0, CK_SCALE },
	{ "dmp_TexEnv[1].scaleAlpha", GL_FLOAT, DMP_ENV(1, scale_alpha), 1, CK_SCALE },
	{ "dmp_TexEnv[2].scaleAlpha", GL_FLOAT, DMP_ENV(2, scale_alpha), 2, CK_SCALE },
	{ "dmp_TexEnv[3].scaleAlpha", GL_FLOAT, DMP_ENV(3, scale_alpha), 3, CK_SCALE },
	{ "dmp_TexEnv[4].scaleAlpha", GL_FLOAT, DMP_ENV(4, scale_alpha), 4, CK_SCALE },
	{ "dmp_TexEnv[5].scaleAlpha", GL_FLOAT, DMP_ENV(5, scale_alpha), 5, CK_SCALE },
	{ "dmp_TexEnv[0].constRgba", GL_FLOAT_VEC4, DMP_ENV(0, const_rgba), 0, CK_NONE },
	{ "dmp_TexEnv[1].constRgba", GL_FLOAT_VEC4, DMP_ENV(1, const_rgba), 1, CK_NONE },
	{ "dmp_TexEnv[2].constRgba", GL_FLOAT_VEC4, DMP_ENV(2, const_rgba), 2, CK_NONE },
	{ "dmp_TexEnv[3].constRgba", GL_FLOAT_VEC4, DMP_ENV(3, const_rgba), 3, CK_NONE },
	{ "dmp_TexEnv[4].constRgba", GL_FLOAT_VEC4, DMP_ENV(4, const_rgba), 4, CK_NONE },
	{ "dmp_TexEnv[5].constRgba", GL_FLOAT_VEC4, DMP_ENV(5, const_rgba), 5, CK_NONE },
	{ "dmp_TexEnv[0].bufferColor", GL_FLOAT_VEC4, DMP_AT(buffer_color), 0, CK_NONE },
	{ "dmp_TexEnv[1].bufferInput", GL_INT_VEC2, DMP_ENV(1, buffer_input), 1, CK_BUFFER_INPUT },
	{ "dmp_TexEnv[2].bufferInput", GL_INT_VEC2, DMP_ENV(2, buffer_input), 2, CK_BUFFER_INPUT },
	{ "dmp_TexEnv[3].bufferInput", GL_INT_VEC2, DMP_ENV(3, buffer_input), 3, CK_BUFFER_INPUT },
	{ "dmp_TexEnv[4].bufferInput", GL_INT_VEC2, DMP_ENV(4, buffer_input), 4, CK_BUFFER_INPUT },
	{ "dmp_Fog.mode", GL_INT, DMP_AT(fog_mode), 0, CK_FOG_MODE },
	{ "dmp_Fog.color", GL_FLOAT_VEC3, DMP_AT(fog_color), 0, CK_NONE },
	{ "dmp_Fog.zFlip", GL_BOOL, DMP_AT(fog_zflip), 0, CK_NONE },
	{ "dmp_Fog.sampler", GL_SAMPLER_1D, DMP_AT(fog_sampler), 0, CK_LUT },
};

#define DMP_ROWS (sizeof dmp_rows / sizeof dmp_rows[0])

/* ---- types --------------------------------------------------------------- */

/* Components of a reserved uniform of GL type `type` (1 for scalars and
 * samplers). */
static unsigned dmp_components(GLenum type)
{
	switch (type) {
	case GL_INT_VEC2: return 2;
	case GL_INT_VEC3: case GL_FLOAT_VEC3: return 3;
	case GL_FLOAT_VEC4: return 4;
	default: return 1;
	}
}

static bool dmp_is_float(GLenum type)
{
	return type == GL_FLOAT || type == GL_FLOAT_VEC3 || type == GL_FLOAT_VEC4;
}

/* The GLSL name of a reserved uniform's type, for diagnostics; anything else
 * is a lookup-table sampler. */
static const char *dmp_type_name(GLenum type)
{
	switch (type) {
	case GL_BOOL: return "bool";
	case GL_INT: return "int";
	case GL_INT_VEC2: return "ivec2";
	case GL_INT_VEC3: return "ivec3";
	case GL_FLOAT: return "float";
	case GL_FLOAT_VEC3: return "vec3";
	case GL_FLOAT_VEC4: return "vec4";
	default: return "sampler1D";
	}
}

uint32_t gl_dmp_location_of_slot(unsigned slot)
{
	return DMP_LOC_BASE | (uint32_t)slot << 2 | (dmp_components(dmp_rows[slot].type) - 1);
}

unsigned gl_dmp_rows(void)
{
	return (unsigned)DMP_ROWS;
}

const char *gl_dmp_row_name(unsigned slot)
{
	return slot < DMP_ROWS ? dmp_rows[slot].name : NULL;
}

GLenum gl_dmp_row_type(unsigned slot)
{
	return slot < DMP_ROWS ? dmp_rows[slot].type : GL_NONE;
}

bool gl_dmp_is_location(GLint location)
{
	return ((uint32_t)location & DMP_LOC_MASK) == DMP_LOC_BASE;
}

/* The row a location names, or NULL: the SDK's value exactly (its low
 * two bits the component count). */
static const struct dmp_row *dmp_row_of(GLint location)
{
	uint32_t v = (uint32_t)location;
	unsigned slot = (unsigned)((v & ~DMP_LOC_MASK) >> 2);

	if (!gl_dmp_is_location(location) || slot >= DMP_ROWS
	    || (v & 3u) != dmp_components(dmp_rows[slot].type) - 1)
		return NULL;
	return &dmp_rows[slot];
}

/* ---- value checks ------------------------------------------------------ */

/* Whether v is one of list[0 .. n). */
static bool dmp_in(GLint v, const GLint *list, size_t n)
{
	size_t k;

	for (k = 0; k < n; k++)
		if (list[k] == v)
			return true;
	return false;
}

#define DMP_IN(v, list) dmp_in((v), (list), sizeof (list) / sizeof (list)[0])

static const GLint dmp_sampler0[] = {
	GL_FALSE, GL_TEXTURE_2D, GL_TEXTURE_CUBE_MAP, GL_TEXTURE_SHADOW_2D_DMP,
	GL_TEXTURE_SHADOW_CUBE_DMP, GL_TEXTURE_PROJECTION_DMP
};
static const GLint dmp_sampler12[] = { GL_FALSE, GL_TEXTURE_2D };
static const GLint dmp_sampler3[] = { GL_FALSE, GL_TEXTURE_PROCEDURAL_DMP };
static const GLint dmp_pt_maps[] = {
	GL_PROCTEX_U_DMP, GL_PROCTEX_V_DMP, GL_PROCTEX_U2_DMP, GL_PROCTEX_V2_DMP,
	GL_PROCTEX_ADD_DMP, GL_PROCTEX_ADD2_DMP, GL_PROCTEX_ADDSQRT2_DMP, GL_PROCTEX_MIN_DMP,
	GL_PROCTEX_MAX_DMP, GL_PROCTEX_RMAX_DMP
};
static const GLint dmp_pt_clamps[] = {
	GL_CLAMP_TO_ZERO_DMP, GL_CLAMP_TO_EDGE, GL_SYMMETRICAL_REPEAT_DMP, GL_MIRRORED_REPEAT,
	GL_PULSE_DMP
};
static const GLint dmp_pt_shifts[] = { GL_NONE_DMP, GL_ODD_DMP, GL_EVEN_DMP };
static const GLint dmp_pt_filters[] = {
	GL_NEAREST, GL_LINEAR, GL_NEAREST_MIPMAP_NEAREST, GL_LINEAR_MIPMAP_NEAREST,
	GL_NEAREST_MIPMAP_LINEAR, GL_LINEAR_MIPMAP_LINEAR
};
static const GLint dmp_combines[] = {
	GL_REPLACE, GL_MODULATE, GL_ADD, GL_ADD_SIGNED, GL_INTERPOLATE, GL_SUBTRACT,
	GL_DOT3_RGB, GL_DOT3_RGBA, GL_MULT_ADD_DMP, GL_ADD_MULT_DMP
};
static const GLint dmp_sources[] = {
	GL_PRIMARY_COLOR, GL_FRAGMENT_PRIMARY_COLOR_DMP, GL_FRAGMENT_SECONDARY_COLOR_DMP,
	GL_TEXTURE0, GL_TEXTURE1, GL_TEXTURE2, GL_TEXTURE3, GL_PREVIOUS_BUFFER_DMP, GL_CONSTANT,
	GL_PREVIOUS
};
static const GLint dmp_operands_rgb[] = {
	GL_SRC_COLOR, GL_ONE_MINUS_SRC_COLOR, GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA,
	GL_SRC_R_DMP, GL_ONE_MINUS_SRC_R_DMP, GL_SRC_G_DMP, GL_ONE_MINUS_SRC_G_DMP,
	GL_SRC_B_DMP, GL_ONE_MINUS_SRC_B_DMP
};
static const GLint dmp_operands_alpha[] = {
	GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_SRC_R_DMP, GL_ONE_MINUS_SRC_R_DMP,
	GL_SRC_G_DMP, GL_ONE_MINUS_SRC_G_DMP, GL_SRC_B_DMP, GL_ONE_MINUS_SRC_B_DMP
};
static const GLint dmp_buffer_inputs[] = { GL_PREVIOUS, GL_PREVIOUS_BUFFER_DMP };
static const GLint dmp_fragop_modes[] = {
	GL_FRAGOP_MODE_GL_DMP, GL_FRAGOP_MODE_SHADOW_DMP, GL_FRAGOP_MODE_GAS_ACC_DMP
};
static const GLint dmp_fresnels[] = {
	GL_LIGHT_ENV_NO_FRESNEL_DMP, GL_LIGHT_ENV_PRI_ALPHA_FRESNEL_DMP,
	GL_LIGHT_ENV_SEC_ALPHA_FRESNEL_DMP, GL_LIGHT_ENV_PRI_SEC_ALPHA_FRESNEL_DMP
};
static const GLint dmp_bump_modes[] = {
	GL_LIGHT_ENV_BUMP_NOT_USED_DMP, GL_LIGHT_ENV_BUMP_AS_BUMP_DMP,
	GL_LIGHT_ENV_BUMP_AS_TANG_DMP
};
static const GLint dmp_fog_modes[] = { GL_FALSE, GL_FOG, GL_GAS_DMP };
static const GLint dmp_gas_lut_inputs[] = { GL_GAS_DENSITY_DMP, GL_GAS_LIGHT_FACTOR_DMP };
static const GLint dmp_gas_densities[] = { GL_GAS_PLAIN_DENSITY_DMP, GL_GAS_DEPTH_DENSITY_DMP };

/* Whether every one of v[0 .. n) is in list[0 .. len). */
static bool dmp_all_in(const GLint *v, unsigned n, const GLint *list, size_t len)
{
	unsigned k;

	for (k = 0; k < n; k++)
		if (!dmp_in(v[k], list, len))
			return false;
	return true;
}

#define DMP_ALL_IN(v, n, list) dmp_all_in((v), (n), (list), sizeof (list) / sizeof (list)[0])

/* The combiner's source rules [S3]: stage 0 reads neither the previous
 * stage nor the previous buffer; stages 1-5 read at least one of
 * previous, constant or previous buffer. */
static bool dmp_sources_ok(unsigned stage, const GLint *s)
{
	unsigned k;
	bool carried = false;

	if (!DMP_ALL_IN(s, 3, dmp_sources))
		return false;
	for (k = 0; k < 3; k++) {
		if (stage == 0 && (s[k] == GL_PREVIOUS || s[k] == GL_PREVIOUS_BUFFER_DMP))
			return false;
		carried = carried || s[k] == GL_PREVIOUS || s[k] == GL_CONSTANT
			  || s[k] == GL_PREVIOUS_BUFFER_DMP;
	}
	return stage == 0 || carried;
}

/* Whether s is one of the six lookup-table scales the SDK accepts (0.25 to 8,
 * powers of two). */
static bool dmp_lut_scale_ok(GLfloat s)
{
	return s == 0.25f || s == 0.5f || s == 1.0f || s == 2.0f || s == 4.0f || s == 8.0f;
}

/* GL_NO_ERROR, or the error row `r` records for these values. */
static GLenum dmp_check_values(const struct dmp_row *r, const GLint *iv, const GLfloat *fv)
{
	unsigned e = r->element;
	bool ok;

	switch (r->check) {
	case CK_SAMPLER_TYPE:
		ok = e == 0 ? DMP_IN(iv[0], dmp_sampler0)
		     : e == 3 ? DMP_IN(iv[0], dmp_sampler3) : DMP_IN(iv[0], dmp_sampler12);
		break;
	case CK_TEXCOORD:
		ok = e == 2 ? iv[0] == GL_TEXTURE1 || iv[0] == GL_TEXTURE2
		     : iv[0] >= GL_TEXTURE0 && iv[0] <= GL_TEXTURE2;
		break;
	case CK_PT_MAP: ok = DMP_IN(iv[0], dmp_pt_maps); break;
	case CK_PT_CLAMP: ok = DMP_IN(iv[0], dmp_pt_clamps); break;
	case CK_PT_SHIFT: ok = DMP_IN(iv[0], dmp_pt_shifts); break;
	case CK_PT_FILTER: ok = DMP_IN(iv[0], dmp_pt_filters); break;
	case CK_PT_WIDTH: ok = iv[0] >= 0 && iv[0] <= DMP_PT_WIDTH_MAX; break;
	case CK_LUT:
		return iv[0] >= 0 && (unsigned)iv[0] < DMP_LUT_NUMBERS ? GL_NO_ERROR
								   : GL_INVALID_VALUE;
	case CK_FRAGOP_MODE: ok = DMP_IN(iv[0], dmp_fragop_modes); break;
	case CK_FUNC: ok = iv[0] >= GL_NEVER && iv[0] <= GL_ALWAYS; break;
	case CK_UNIT_INTERVAL:
		return fv[0] >= 0.0f && fv[0] <= 1.0f ? GL_NO_ERROR : GL_INVALID_VALUE;
	case CK_GAS_LUT_INPUT: ok = DMP_IN(iv[0], dmp_gas_lut_inputs); break;
	case CK_GAS_DENSITY: ok = DMP_IN(iv[0], dmp_gas_densities); break;
	case CK_LUT_INPUT:
		ok = iv[0] >= GL_LIGHT_ENV_NH_DMP && iv[0] <= GL_LIGHT_ENV_CP_DMP;
		break;
	case CK_LUT_SCALE: return dmp_lut_scale_ok(fv[0]) ? GL_NO_ERROR : GL_INVALID_VALUE;
	case CK_UNIT: ok = iv[0] >= GL_TEXTURE0 && iv[0] <= GL_TEXTURE3; break;
	case CK_BUMP_MODE: ok = DMP_IN(iv[0], dmp_bump_modes); break;
	case CK_LIGHT_CONFIG:
		ok = iv[0] >= GL_LIGHT_ENV_LAYER_CONFIG0_DMP
		     && iv[0] <= GL_LIGHT_ENV_LAYER_CONFIG7_DMP;
		break;
	case CK_FRESNEL: ok = DMP_IN(iv[0], dmp_fresnels); break;
	case CK_COMBINE_RGB: ok = DMP_IN(iv[0], dmp_combines); break;
	case CK_COMBINE_ALPHA: ok = iv[0] != GL_DOT3_RGB && DMP_IN(iv[0], dmp_combines); break;
	case CK_SOURCES: ok = dmp_sources_ok(e, iv); break;
	case CK_OPERAND_RGB: ok = DMP_ALL_IN(iv, 3, dmp_operands_rgb); break;
	case CK_OPERAND_ALPHA: ok = DMP_ALL_IN(iv, 3, dmp_operands_alpha); break;
	case CK_SCALE:
		return fv[0] == 1.0f || fv[0] == 2.0f || fv[0] == 4.0f ? GL_NO_ERROR
								     : GL_INVALID_VALUE;
	case CK_BUFFER_INPUT: ok = DMP_ALL_IN(iv, 2, dmp_buffer_inputs); break;
	case CK_FOG_MODE: ok = DMP_IN(iv[0], dmp_fog_modes); break;
	default: return GL_NO_ERROR;
	}
	return ok ? GL_NO_ERROR : GL_INVALID_ENUM;
}

/* ---- defaults -------------------------------------------------------------- */

static void dmp_set4(GLfloat *v, GLfloat a, GLfloat b, GLfloat c, GLfloat d)
{
	v[0] = a;
	v[1] = b;
	v[2] = c;
	v[3] = d;
}

void gl_dmp_defaults(struct gl_dmp_state *d)
{
	unsigned i, k;

	memset(d, 0, sizeof *d);
	for (i = 0; i < GL_DMP_SAMPLERS; i++)
		d->sampler_type[i] = GL_FALSE;
	d->texcoord[0] = GL_TEXTURE0;
	d->texcoord[1] = GL_TEXTURE1;
	d->texcoord[2] = GL_TEXTURE2;
	d->texcoord[3] = GL_TEXTURE0;
	for (i = 0; i < GL_DMP_TEXENV_STAGES; i++) {
		struct gl_dmp_texenv *e = &d->texenv[i];
		e->combine_rgb = e->combine_alpha = GL_REPLACE;
		for (k = 0; k < 3; k++) {
			e->src_rgb[k] = e->src_alpha[k] = GL_PRIMARY_COLOR;
			e->operand_rgb[k] = GL_SRC_COLOR;
			e->operand_alpha[k] = GL_SRC_ALPHA;
		}
		e->src_rgb[0] = e->src_alpha[0] = i == 0 ? GL_TEXTURE0 : GL_PREVIOUS;
		e->scale_rgb = e->scale_alpha = 1.0f;
		e->buffer_input[0] = e->buffer_input[1] = GL_PREVIOUS_BUFFER_DMP;
	}
	d->alpha_test = GL_FALSE;
	d->alpha_func = GL_ALWAYS;
	d->fragop_mode = GL_FRAGOP_MODE_GL_DMP;
	d->penumbra_bias = 1.0f;
	d->light_config = GL_LIGHT_ENV_LAYER_CONFIG0_DMP;
	d->fresnel = GL_LIGHT_ENV_NO_FRESNEL_DMP;
	d->fog_mode = GL_FALSE;
	d->shadow_perspective = GL_TRUE;
	d->pt.rgb_map = d->pt.alpha_map = GL_PROCTEX_U_DMP;
	d->pt.clamp[0] = d->pt.clamp[1] = GL_CLAMP_TO_EDGE;
	d->pt.shift[0] = d->pt.shift[1] = GL_NONE_DMP;
	d->pt.min_filter = GL_LINEAR;
	d->pt.tex_bias = 0.5f;
	d->gas.delta_z = 10.0f;
	d->gas.acc_max = 1.0f;
	d->gas.auto_acc = GL_TRUE;
	d->gas.attenuation = 1.0f;
	d->gas.color_lut_input = GL_GAS_LIGHT_FACTOR_DMP;
	d->gas.density_src = GL_GAS_PLAIN_DENSITY_DMP;
	dmp_set4(d->lighting_ambient, 0.2f, 0.2f, 0.2f, 1.0f);
	dmp_set4(d->material.emission, 0.0f, 0.0f, 0.0f, 1.0f);
	dmp_set4(d->material.ambient, 0.2f, 0.2f, 0.2f, 1.0f);
	dmp_set4(d->material.diffuse, 0.8f, 0.8f, 0.8f, 1.0f);
	dmp_set4(d->material.specular0, 0.0f, 0.0f, 0.0f, 1.0f);
	dmp_set4(d->material.specular1, 0.0f, 0.0f, 0.0f, 1.0f);
	for (i = 0; i < GL_DMP_LIGHTS; i++) {
		struct gl_dmp_light *l = &d->light[i];
		GLfloat one = i == 0 ? 1.0f : 0.0f;    /* light 0 is white (GL's rule) */

		dmp_set4(l->ambient, 0.0f, 0.0f, 0.0f, 1.0f);
		dmp_set4(l->diffuse, one, one, one, 1.0f);
		dmp_set4(l->specular0, one, one, one, 1.0f);
		dmp_set4(l->specular1, 0.0f, 0.0f, 0.0f, 1.0f);
		dmp_set4(l->position, 0.0f, 0.0f, 1.0f, 0.0f);
		l->spot_direction[2] = -1.0f;
		l->dist_atten_scale = 1.0f;
	}
	for (k = 0; k < GL_DMP_LUTS; k++) {
		d->lut_input[k] = GL_LIGHT_ENV_NH_DMP;
		d->lut_scale[k] = 1.0f;
	}
	d->shadow_selector = d->bump_selector = GL_TEXTURE0;
	d->bump_mode = GL_LIGHT_ENV_BUMP_NOT_USED_DMP;
	d->clamp_highlights = GL_TRUE;
}

/* ---- glGetUniformLocation, glUniform*, glGetUniform* ----------------------------- */

int gl_dmp_location(struct nngx_state *st, const char *name, const char *fn)
{
	unsigned slot;

	for (slot = 0; slot < DMP_ROWS; slot++)
		if (strcmp(dmp_rows[slot].name, name) == 0)
			return (int)gl_dmp_location_of_slot(slot);
	nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
			 "\"%s\" is not one of the SDK's reserved uniforms; -1 is returned",
			 name);
	return -1;
}

/* Whether a glUniform* call of `call` with `n` components can set row `r`. */
static bool dmp_call_fits(const struct dmp_row *r, enum gl_uniform_call call, unsigned n)
{
	if (call == GL_UNIFORM_MATRIX || call == GL_UNIFORM_MATRIX_ROWS)
		return false;
	if (r->type == GL_BOOL)
		return n == 1;
	return n == dmp_components(r->type) && (call == GL_UNIFORM_FLOATS) == dmp_is_float(r->type);
}

bool gl_dmp_uniform_set(struct nngx_state *st, struct gl_executable *exe, GLint location,
			GLsizei count, enum gl_uniform_call call, unsigned n, const GLfloat *fv,
			const GLint *iv, bool apply, const char *fn)
{
	const struct dmp_row *r = dmp_row_of(location);
	unsigned k, comps;
	GLint ints[4] = { 0, 0, 0, 0 };
	GLfloat floats[4] = { 0, 0, 0, 0 };
	GLenum error;
	void *slot;

	if (!r) {
		gl_operation_error(st, fn, "location 0x%08X is not a uniform of the program in "
				   "use", (unsigned)location);
		return false;
	}
	if (!dmp_call_fits(r, call, n)) {
		gl_operation_error(st, fn, "reserved uniform %s is a %s, which this call cannot "
				   "set", r->name, dmp_type_name(r->type));
		return false;
	}
	if (count != 1) {
		gl_operation_error(st, fn, "count %d for reserved uniform %s: it takes exactly 1",
				   count, r->name);
		return false;
	}
	if (!fv && !iv) {
		nngx_diag_report(&st->diag, NNGX_SHIM_DIAG_INVALID_ARGUMENT, fn,
				 "the value pointer is NULL");
		return false;
	}
	/* Floats reach float uniforms (and bools), ints the others. */
	comps = dmp_components(r->type);
	for (k = 0; k < comps; k++) {
		if (fv)
			floats[k] = fv[k];
		else
			ints[k] = iv[k];
	}
	if (r->type == GL_BOOL)
		ints[0] = fv ? fv[0] != 0.0f : iv[0] != 0;
	error = dmp_check_values(r, ints, floats);
	if (error != GL_NO_ERROR) {
		if (dmp_is_float(r->type))
			nngx_state_error(st, error, NNGX_SHIM_DIAG_GL_VALUE_REJECTED, fn,
					 "reserved uniform %s: %g is out of its range", r->name,
					 (double)floats[0]);
		else if (error == GL_INVALID_VALUE)
			nngx_state_error(st, error, NNGX_SHIM_DIAG_GL_VALUE_REJECTED, fn,
					 "reserved uniform %s: LUT number %d is not 0..%u", r->name,
					 ints[0], DMP_LUT_NUMBERS - 1);
		else
			nngx_state_error(st, error, NNGX_SHIM_DIAG_GL_ENUM_REJECTED, fn,
					 "reserved uniform %s: 0x%X, 0x%X, 0x%X are not all values "
					 "it takes", r->name, (unsigned)ints[0], (unsigned)ints[1],
					 (unsigned)ints[2]);
		return false;
	}
	if (!apply)
		return true;
	slot = (unsigned char *)&exe->dmp + r->offset;
	if (r->type == GL_BOOL)
		*(GLboolean *)slot = ints[0] ? GL_TRUE : GL_FALSE;
	else if (dmp_is_float(r->type))
		memcpy(slot, floats, comps * sizeof floats[0]);
	else
		memcpy(slot, ints, comps * sizeof ints[0]);
	return true;
}

bool gl_dmp_uniform_shape(GLint location, enum gl_uniform_call *call, unsigned *n)
{
	const struct dmp_row *r = dmp_row_of(location);

	if (!r)
		return false;
	*call = dmp_is_float(r->type) ? GL_UNIFORM_FLOATS : GL_UNIFORM_INTS;
	*n = dmp_components(r->type);
	return true;
}

/* A float as glGetUniformiv gives it: rounded, saturated to GLint. */
static GLint dmp_round(GLfloat f)
{
	if (!(f > -2147483648.0f))
		return f != f ? 0 : INT_MIN;
	if (f >= 2147483647.0f)
		return INT_MAX;
	return (GLint)(f >= 0.0f ? f + 0.5f : f - 0.5f);
}

void gl_dmp_uniform_get(struct nngx_state *st, const struct gl_executable *exe,
			GLint location, GLfloat *fv, GLint *iv, const char *fn)
{
	const struct dmp_row *r = dmp_row_of(location);
	unsigned k, comps;
	const void *slot;

	if (!r) {
		gl_operation_error(st, fn, "location 0x%08X is not a uniform of this program",
				   (unsigned)location);
		return;
	}
	slot = (const unsigned char *)&exe->dmp + r->offset;
	comps = dmp_components(r->type);
	for (k = 0; k < comps; k++) {
		GLfloat fval;
		GLint ival;

		if (r->type == GL_BOOL) {
			ival = *(const GLboolean *)slot ? GL_TRUE : GL_FALSE;
			fval = (GLfloat)ival;
		} else if (dmp_is_float(r->type)) {
			memcpy(&fval, (const GLfloat *)slot + k, sizeof fval);
			ival = dmp_round(fval);
		} else {
			memcpy(&ival, (const GLint *)slot + k, sizeof ival);
			fval = (GLfloat)ival;
		}
		if (fv)
			fv[k] = fval;
		else
			iv[k] = ival;
	}
}

/* ---- the reserved uniforms as words (glSaveProgramsDMP) -------------- */

size_t gl_dmp_words(void)
{
	size_t k, n = 0;

	for (k = 0; k < DMP_ROWS; k++)
		n += dmp_components(dmp_rows[k].type);
	return n;
}

void gl_dmp_to_words(const struct gl_dmp_state *d, uint32_t *out)
{
	size_t k;
	unsigned c;

	for (k = 0; k < DMP_ROWS; k++) {
		const struct dmp_row *r = &dmp_rows[k];
		const unsigned char *slot = (const unsigned char *)d + r->offset;

		if (r->type == GL_BOOL) {
			*out++ = *(const GLboolean *)slot ? 1u : 0u;
			continue;
		}
		for (c = 0; c < dmp_components(r->type); c++, out++)
			memcpy(out, slot + c * 4, 4);   /* GLint or GLfloat */
	}
}

void gl_dmp_from_words(struct gl_dmp_state *d, const uint32_t *in)
{
	size_t k;
	unsigned c;

	for (k = 0; k < DMP_ROWS; k++) {
		const struct dmp_row *r = &dmp_rows[k];
		unsigned char *slot = (unsigned char *)d + r->offset;

		if (r->type == GL_BOOL) {
			/* Anything but 0 or 1 becomes 2, which gl_dmp_state_valid
			 * refuses. */
			*(GLboolean *)slot = *in > 1u ? (GLboolean)2 : (GLboolean)*in;
			in++;
			continue;
		}
		for (c = 0; c < dmp_components(r->type); c++, in++)
			memcpy(slot + c * 4, in, 4);
	}
}

bool gl_dmp_state_valid(const struct gl_dmp_state *d, char *why, size_t why_size)
{
	size_t k;
	unsigned c;

	for (k = 0; k < DMP_ROWS; k++) {
		const struct dmp_row *r = &dmp_rows[k];
		const unsigned char *slot = (const unsigned char *)d + r->offset;
		GLint ints[4] = { 0, 0, 0, 0 };
		GLfloat floats[4] = { 0, 0, 0, 0 };

		if (r->type == GL_BOOL) {
			GLboolean b = *(const GLboolean *)slot;

			if (b != GL_TRUE && b != GL_FALSE) {
				snprintf(why, why_size, "%s is not a bool", r->name);
				return false;
			}
			ints[0] = b;
		} else {
			for (c = 0; c < dmp_components(r->type); c++)
				memcpy(dmp_is_float(r->type) ? (void *)&floats[c] : (void *)&ints[c],
				       slot + c * 4, 4);
		}
		if (dmp_check_values(r, ints, floats) != GL_NO_ERROR) {
			snprintf(why, why_size, "%s holds a value it cannot take", r->name);
			return false;
		}
	}
	return true;
}
