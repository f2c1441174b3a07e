/* check_macros.c: the SDK's register-data headers (nn/gx/CTR/gx_Macro*.h)
 * and uniform locations (gx_UniformLocationForFragmentShader.h) by value.
 * Each macro test builds commands with the macros, as engine code writes
 * them into a u32 array, runs them through a command list on the model
 * and reads back what the model decodes from the registers (hw_reg_*,
 * hw/hw_regs.h, written from 3dbrew's register pages, not from the SDK
 * headers). gx_MacroReg.h's register indices are compared one by one with
 * the model's register constants. tests/check-macro-headers.sh checks
 * names, arities and every location and enumerator value. */
#include <string.h>

#include <nn/gx/CTR/gx_CommandAccess.h>
#include <nn/gx/CTR/gx_MacroFragment.h>
#include <nn/gx/CTR/gx_MacroMisc.h>
#include <nn/gx/CTR/gx_MacroOld.h>
#include <nn/gx/CTR/gx_MacroShader.h>
#include <nn/gx/CTR/gx_MacroTexture.h>
#include <nn/gx/CTR/gx_UniformLocationForFragmentShader.h>

#include "hw/hw_combiner.h"
#include "hw/hw_regs.h"
#include "hw/hw_memory.h"
#include "pica_cmd.h"
#include "shader_asm.h"
#include "test_util.h"

/* ---- running hand-built commands ---------------------------------------------- */

#define RUN_WORDS 4096

/* Run `n` words of commands (n even: header-parameter pairs padded as the
 * hardware wants) through a fresh bound command list; the model's register
 * file afterwards. */
static const uint32_t *run_words(const u32 *w, size_t n)
{
	static u32 buf[RUN_WORDS];
	GLuint list;

	ck_assert_uint_eq(n % 2, 0);
	ck_assert_uint_le(n, RUN_WORDS);
	memcpy(buf, w, n * sizeof *w);
	nngxGenCmdlists(1, &list);
	nngxBindCmdlist(list);
	nngxCmdlistStorage(0x10000, 8);
	nngxAdd3DCommand(buf, (GLsizei)(n * 4), GL_TRUE);
	nngxFlush3DCommand();
	nngxRunCmdlist();
	nngxWaitCmdlistDone();
	ck_assert_uint_eq(glGetError(), GL_NO_ERROR);
	nngxBindCmdlist(0);
	nngxDeleteCmdlists(1, &list);
	return nngx_state_get()->gpu.regs;
}

#define RUN(...) run_cmds((const u32[]){ __VA_ARGS__ }, \
			  sizeof((const u32[]){ __VA_ARGS__ }) / sizeof(u32))

static const uint32_t *run_cmds(const u32 *w, size_t n)
{
	return run_words(w, n);
}

/* ---- uniform locations -------------------------------------------------------- */

START_TEST(test_gl_loc_values_are_the_sdk_locations)
{
	/* A sample across the groups; the shell check compares all 294. */
	ck_assert_uint_eq(GL_LOC_DMP_TEXTURE0_PERSPECTIVESHADOW, 0xFFFC0000u);
	ck_assert_uint_eq(GL_LOC_DMP_TEXTURE3_SAMPLERTYPE, 0xFFFC0018u);
	ck_assert_uint_eq(GL_LOC_DMP_TEXTURE3_PTNOISEU, 0xFFFC0056u);
	ck_assert_uint_eq(GL_LOC_DMP_FRAGOPERATION_CLIPPINGPLANE, 0xFFFC008Fu);
	ck_assert_uint_eq(GL_LOC_DMP_GAS_LIGHTXY, 0xFFFC009Eu);
	ck_assert_uint_eq(GL_LOC_DMP_FRAGMENTMATERIAL_AMBIENT, 0xFFFC00D7u);
	ck_assert_uint_eq(GL_LOC_DMP_FRAGMENTLIGHTSOURCE0_ENABLED, 0xFFFC00E4u);
	ck_assert_uint_eq(GL_LOC_DMP_FRAGMENTLIGHTSOURCE3_SPOTDIRECTION, 0xFFFC01B2u);
	ck_assert_uint_eq(GL_LOC_DMP_FRAGMENTLIGHTSOURCE7_SAMPLERDA, 0xFFFC0300u);
	ck_assert_uint_eq(GL_LOC_DMP_LIGHTENV_LUTINPUTFR, 0xFFFC032Cu);
	ck_assert_uint_eq(GL_LOC_DMP_LIGHTENV_LUTENABLEDREFL, 0xFFFC03A4u);
	ck_assert_uint_eq(GL_LOC_DMP_TEXENV0_COMBINERGB, 0xFFFC03A8u);
	ck_assert_uint_eq(GL_LOC_DMP_TEXENV2_SRCRGB, 0xFFFC03E2u);
	ck_assert_uint_eq(GL_LOC_DMP_TEXENV5_CONSTRGBA, 0xFFFC047Fu);
	ck_assert_uint_eq(GL_LOC_DMP_TEXENV0_BUFFERCOLOR, 0xFFFC0483u);
	ck_assert_uint_eq(GL_LOC_DMP_TEXENV4_BUFFERINPUT, 0xFFFC0491u);
	ck_assert_uint_eq(GL_LOC_DMP_FOG_SAMPLER, 0xFFFC04A0u);
	/* As a GLint location: negative, as the SDK's are. */
	ck_assert_int_lt((GLint)GL_LOC_DMP_FOG_MODE, 0);
}
END_TEST

/* ---- gx_MacroReg.h ------------------------------------------------------------- */

/* Each PicaReg name beside the model's constant for the same register
 * (hw/hw_regs.h, written from 3dbrew's register descriptions): two
 * independent sources, so a wrong index on either side fails a row. */
struct reg_pair {
	unsigned sdk, model;
	const char *name;
};

#define REG_ROW(sdk, model) { (unsigned)(sdk), (unsigned)(model), #sdk }

#define REG_TEXENV_ROWS(i)                                                   \
	REG_ROW(PICA_REG_TEX_ENV##i, HW_REG_TEXENV_SOURCE(i)),                   \
	REG_ROW(PICA_REG_TEX_ENV##i##_OPERAND, HW_REG_TEXENV_OPERAND(i)),        \
	REG_ROW(PICA_REG_TEX_ENV##i##_COMBINE, HW_REG_TEXENV_COMBINER(i)),       \
	REG_ROW(PICA_REG_TEX_ENV##i##_COLOR, HW_REG_TEXENV_COLOR(i)),            \
	REG_ROW(PICA_REG_TEX_ENV##i##_SCALE, HW_REG_TEXENV_SCALE(i))

#define REG_LIGHT_ROWS(i)                                                                              \
	REG_ROW(PICA_REG_FRAG_LIGHT##i##_SPECULAR0, HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_SPECULAR0)),         \
	REG_ROW(PICA_REG_FRAG_LIGHT##i##_SPECULAR1, HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_SPECULAR1)),         \
	REG_ROW(PICA_REG_FRAG_LIGHT##i##_DIFFUSE, HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_DIFFUSE)),             \
	REG_ROW(PICA_REG_FRAG_LIGHT##i##_AMBIENT, HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_AMBIENT)),             \
	REG_ROW(PICA_REG_FRAG_LIGHT##i##_POSITION_XY, HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_XY)),              \
	REG_ROW(PICA_REG_FRAG_LIGHT##i##_POSITION_Z, HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_Z)),                \
	REG_ROW(PICA_REG_FRAG_LIGHT##i##_SPOT_XY, HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_SPOTDIR_XY)),          \
	REG_ROW(PICA_REG_FRAG_LIGHT##i##_SPOT_Z, HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_SPOTDIR_Z)),            \
	REG_ROW(PICA_REG_FRAG_LIGHT##i##_TYPE, HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_CONFIG)),                 \
	REG_ROW(PICA_REG_FRAG_LIGHT##i##_DIST_ATTN_BIAS, HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_ATTENUATION_BIAS)), \
	REG_ROW(PICA_REG_FRAG_LIGHT##i##_DIST_ATTN_SCALE, HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_ATTENUATION_SCALE))

#define REG_PORT8_ROWS(prefix, model0)                                       \
	REG_ROW(prefix##0, (model0) + 0), REG_ROW(prefix##1, (model0) + 1),      \
	REG_ROW(prefix##2, (model0) + 2), REG_ROW(prefix##3, (model0) + 3),      \
	REG_ROW(prefix##4, (model0) + 4), REG_ROW(prefix##5, (model0) + 5),      \
	REG_ROW(prefix##6, (model0) + 6), REG_ROW(prefix##7, (model0) + 7)

/* A shader unit's registers but its input-count one (GS_ATTR_NUM,
 * VS_ATTR_NUM0: the names differ). */
#define REG_SH_ROWS(U, base)                                                                    \
	REG_ROW(PICA_REG_##U##_BOOL, HW_REG_SH(base, HW_REG_SH_BOOLUNIFORM)),                       \
	REG_ROW(PICA_REG_##U##_INT0, HW_REG_SH(base, HW_REG_SH_INTUNIFORM(0))),                     \
	REG_ROW(PICA_REG_##U##_INT1, HW_REG_SH(base, HW_REG_SH_INTUNIFORM(1))),                     \
	REG_ROW(PICA_REG_##U##_INT2, HW_REG_SH(base, HW_REG_SH_INTUNIFORM(2))),                     \
	REG_ROW(PICA_REG_##U##_INT3, HW_REG_SH(base, HW_REG_SH_INTUNIFORM(3))),                     \
	REG_ROW(PICA_REG_##U##_START_ADDR, HW_REG_SH(base, HW_REG_SH_ENTRYPOINT)),                  \
	REG_ROW(PICA_REG_##U##_ATTR_IN_REG_MAP0, HW_REG_SH(base, HW_REG_SH_PERMUTATION_LOW)),       \
	REG_ROW(PICA_REG_##U##_ATTR_IN_REG_MAP1, HW_REG_SH(base, HW_REG_SH_PERMUTATION_HIGH)),      \
	REG_ROW(PICA_REG_##U##_OUT_REG_MASK, HW_REG_SH(base, HW_REG_SH_OUTMAP_MASK)),               \
	REG_ROW(PICA_REG_##U##_PROG_UPDATE_END, HW_REG_SH(base, HW_REG_SH_CODETRANSFER_END)),       \
	REG_ROW(PICA_REG_##U##_FLOAT_ADDR, HW_REG_SH(base, HW_REG_SH_FLOATUNIFORM_INDEX)),          \
	REG_PORT8_ROWS(PICA_REG_##U##_FLOAT, HW_REG_SH(base, HW_REG_SH_FLOATUNIFORM_DATA0)),        \
	REG_ROW(PICA_REG_##U##_PROG_ADDR, HW_REG_SH(base, HW_REG_SH_CODETRANSFER_INDEX)),           \
	REG_PORT8_ROWS(PICA_REG_##U##_PROG_DATA, HW_REG_SH(base, HW_REG_SH_CODETRANSFER_DATA0)),    \
	REG_ROW(PICA_REG_##U##_PROG_SWIZZLE_ADDR, HW_REG_SH(base, HW_REG_SH_OPDESCS_INDEX)),        \
	REG_PORT8_ROWS(PICA_REG_##U##_PROG_SWIZZLE_DATA, HW_REG_SH(base, HW_REG_SH_OPDESCS_DATA0))

static const struct reg_pair pica_regs[] = {
	REG_ROW(PICA_REG_INTERRUPT, HW_REG_FINALIZE),
	/* rasterizer */
	REG_ROW(PICA_REG_CULL_FACE, HW_REG_FACECULLING_CONFIG),
	REG_ROW(PICA_REG_VIEWPORT_WIDTH1, HW_REG_VIEWPORT_WIDTH),
	REG_ROW(PICA_REG_VIEWPORT_WIDTH2, HW_REG_VIEWPORT_INVW),
	REG_ROW(PICA_REG_VIEWPORT_HEIGHT1, HW_REG_VIEWPORT_HEIGHT),
	REG_ROW(PICA_REG_VIEWPORT_HEIGHT2, HW_REG_VIEWPORT_INVH),
	REG_ROW(PICA_REG_FRAGOP_CLIP, HW_REG_FRAGOP_CLIP),
	REG_ROW(PICA_REG_FRAGOP_CLIP_DATA1, HW_REG_FRAGOP_CLIP_DATA(0)),
	REG_ROW(PICA_REG_FRAGOP_CLIP_DATA2, HW_REG_FRAGOP_CLIP_DATA(1)),
	REG_ROW(PICA_REG_FRAGOP_CLIP_DATA3, HW_REG_FRAGOP_CLIP_DATA(2)),
	REG_ROW(PICA_REG_FRAGOP_CLIP_DATA4, HW_REG_FRAGOP_CLIP_DATA(3)),
	REG_ROW(PICA_REG_FRAGOP_WSCALE_DATA1, HW_REG_DEPTHMAP_SCALE),
	REG_ROW(PICA_REG_FRAGOP_WSCALE_DATA2, HW_REG_DEPTHMAP_OFFSET),
	REG_ROW(PICA_REG_VS_OUT_REG_NUM0, HW_REG_SH_OUTMAP_TOTAL),
	REG_ROW(PICA_REG_GS_OUT_REG_NUM0, HW_REG_SH_OUTMAP_TOTAL),
	REG_ROW(PICA_REG_VS_OUT_ATTR0, HW_REG_SH_OUTMAP_O(0)),
	REG_ROW(PICA_REG_GS_OUT_ATTR0, HW_REG_SH_OUTMAP_O(0)),
	REG_ROW(PICA_REG_VS_OUT_ATTR1, HW_REG_SH_OUTMAP_O(1)),
	REG_ROW(PICA_REG_GS_OUT_ATTR1, HW_REG_SH_OUTMAP_O(1)),
	REG_ROW(PICA_REG_VS_OUT_ATTR2, HW_REG_SH_OUTMAP_O(2)),
	REG_ROW(PICA_REG_GS_OUT_ATTR2, HW_REG_SH_OUTMAP_O(2)),
	REG_ROW(PICA_REG_VS_OUT_ATTR3, HW_REG_SH_OUTMAP_O(3)),
	REG_ROW(PICA_REG_GS_OUT_ATTR3, HW_REG_SH_OUTMAP_O(3)),
	REG_ROW(PICA_REG_VS_OUT_ATTR4, HW_REG_SH_OUTMAP_O(4)),
	REG_ROW(PICA_REG_GS_OUT_ATTR4, HW_REG_SH_OUTMAP_O(4)),
	REG_ROW(PICA_REG_VS_OUT_ATTR5, HW_REG_SH_OUTMAP_O(5)),
	REG_ROW(PICA_REG_GS_OUT_ATTR5, HW_REG_SH_OUTMAP_O(5)),
	REG_ROW(PICA_REG_VS_OUT_ATTR6, HW_REG_SH_OUTMAP_O(6)),
	REG_ROW(PICA_REG_GS_OUT_ATTR6, HW_REG_SH_OUTMAP_O(6)),
	REG_ROW(PICA_REG_EARLY_DEPTH_FUNC, HW_REG_EARLYDEPTH_FUNC),
	REG_ROW(PICA_REG_EARLY_DEPTH_TEST1, HW_REG_EARLYDEPTH_TEST1),
	REG_ROW(PICA_REG_EARLY_DEPTH_CLEAR, HW_REG_EARLYDEPTH_CLEAR),
	REG_ROW(PICA_REG_VS_OUT_ATTR_MODE, HW_REG_SH_OUTATTR_MODE),
	REG_ROW(PICA_REG_GS_OUT_ATTR_MODE, HW_REG_SH_OUTATTR_MODE),
	REG_ROW(PICA_REG_SCISSOR, HW_REG_SCISSORTEST_MODE),
	REG_ROW(PICA_REG_SCISSOR_XY, HW_REG_SCISSORTEST_POS),
	REG_ROW(PICA_REG_SCISSOR_SIZE, HW_REG_SCISSORTEST_DIM),
	REG_ROW(PICA_REG_VIEWPORT_XY, HW_REG_VIEWPORT_XY),
	REG_ROW(PICA_REG_EARLY_DEPTH_DATA, HW_REG_EARLYDEPTH_DATA),
	REG_ROW(PICA_REG_FRAGOP_WSCALE, HW_REG_DEPTHMAP_ENABLE),
	REG_ROW(PICA_REG_RENDER_BUFFER_RESOLUTION1, HW_REG_RENDERBUF_DIM),
	REG_ROW(PICA_REG_VS_OUT_ATTR_CLK, HW_REG_SH_OUTATTR_CLOCK),
	REG_ROW(PICA_REG_GS_OUT_ATTR_CLK, HW_REG_SH_OUTATTR_CLOCK),
	/* texture units */
	REG_ROW(PICA_REG_TEXTURE_FUNC, HW_REG_TEXUNIT_CONFIG),
	REG_ROW(PICA_REG_TEXTURE0_BORDER_COLOR, HW_REG_TEXUNIT0_BORDER_COLOR),
	REG_ROW(PICA_REG_TEXTURE0_SIZE, HW_REG_TEXUNIT0_DIM),
	REG_ROW(PICA_REG_TEXTURE0_WRAP_FILTER, HW_REG_TEXUNIT0_PARAM),
	REG_ROW(PICA_REG_TEXTURE0_LOD, HW_REG_TEXUNIT0_LOD),
	REG_ROW(PICA_REG_TEXTURE0_ADDR1, HW_REG_TEXUNIT0_ADDR1),
	REG_ROW(PICA_REG_TEXTURE0_ADDR2, HW_REG_TEXUNIT0_ADDR2),
	REG_ROW(PICA_REG_TEXTURE0_ADDR3, HW_REG_TEXUNIT0_ADDR3),
	REG_ROW(PICA_REG_TEXTURE0_ADDR4, HW_REG_TEXUNIT0_ADDR4),
	REG_ROW(PICA_REG_TEXTURE0_ADDR5, HW_REG_TEXUNIT0_ADDR5),
	REG_ROW(PICA_REG_TEXTURE0_ADDR6, HW_REG_TEXUNIT0_ADDR6),
	REG_ROW(PICA_REG_TEXTURE0_SHADOW, HW_REG_TEXUNIT0_SHADOW),
	REG_ROW(PICA_REG_TEXTURE0_FORMAT, HW_REG_TEXUNIT0_TYPE),
	REG_ROW(PICA_REG_FRAG_LIGHT_EN0, HW_REG_LIGHTING_ENABLE0),
	REG_ROW(PICA_REG_TEXTURE1_BORDER_COLOR, HW_REG_TEXUNIT1_BORDER_COLOR),
	REG_ROW(PICA_REG_TEXTURE1_SIZE, HW_REG_TEXUNIT1_DIM),
	REG_ROW(PICA_REG_TEXTURE1_WRAP_FILTER, HW_REG_TEXUNIT1_PARAM),
	REG_ROW(PICA_REG_TEXTURE1_LOD, HW_REG_TEXUNIT1_LOD),
	REG_ROW(PICA_REG_TEXTURE1_ADDR, HW_REG_TEXUNIT1_ADDR),
	REG_ROW(PICA_REG_TEXTURE1_FORMAT, HW_REG_TEXUNIT1_TYPE),
	REG_ROW(PICA_REG_TEXTURE2_BORDER_COLOR, HW_REG_TEXUNIT2_BORDER_COLOR),
	REG_ROW(PICA_REG_TEXTURE2_SIZE, HW_REG_TEXUNIT2_DIM),
	REG_ROW(PICA_REG_TEXTURE2_WRAP_FILTER, HW_REG_TEXUNIT2_PARAM),
	REG_ROW(PICA_REG_TEXTURE2_LOD, HW_REG_TEXUNIT2_LOD),
	REG_ROW(PICA_REG_TEXTURE2_ADDR, HW_REG_TEXUNIT2_ADDR),
	REG_ROW(PICA_REG_TEXTURE2_FORMAT, HW_REG_TEXUNIT2_TYPE),
	REG_ROW(PICA_REG_TEXTURE3_PROCTEX0, HW_REG_TEXUNIT3_PROCTEX0),
	REG_ROW(PICA_REG_TEXTURE3_PROCTEX1, HW_REG_TEXUNIT3_PROCTEX1),
	REG_ROW(PICA_REG_TEXTURE3_PROCTEX2, HW_REG_TEXUNIT3_PROCTEX2),
	REG_ROW(PICA_REG_TEXTURE3_PROCTEX3, HW_REG_TEXUNIT3_PROCTEX3),
	REG_ROW(PICA_REG_TEXTURE3_PROCTEX4, HW_REG_TEXUNIT3_PROCTEX4),
	REG_ROW(PICA_REG_TEXTURE3_PROCTEX5, HW_REG_TEXUNIT3_PROCTEX5),
	REG_ROW(PICA_REG_PROCTEX_LUT, HW_REG_PROCTEX_LUT),
	REG_PORT8_ROWS(PICA_REG_PROCTEX_LUT_DATA, HW_REG_PROCTEX_LUT_DATA0),
	/* combiner, fog and gas */
	REG_TEXENV_ROWS(0),
	REG_TEXENV_ROWS(1),
	REG_TEXENV_ROWS(2),
	REG_TEXENV_ROWS(3),
	REG_ROW(PICA_REG_GAS_FOG_MODE, HW_REG_TEXENV_UPDATE_BUFFER),
	REG_ROW(PICA_REG_TEX_ENV_BUFFER_INPUT, HW_REG_TEXENV_UPDATE_BUFFER),
	REG_ROW(PICA_REG_FOG_COLOR, HW_REG_FOG_COLOR),
	REG_ROW(PICA_REG_GAS_ATTENUATION, HW_REG_GAS_ATTENUATION),
	REG_ROW(PICA_REG_GAS_ACCMAX, HW_REG_GAS_ACCMAX),
	REG_ROW(PICA_REG_FOG_LUT_INDEX, HW_REG_FOG_LUT_INDEX),
	REG_PORT8_ROWS(PICA_REG_FOG_LUT_DATA, HW_REG_FOG_LUT_DATA0),
	REG_TEXENV_ROWS(4),
	REG_TEXENV_ROWS(5),
	REG_ROW(PICA_REG_TEX_ENV_BUFFER_COLOR, HW_REG_TEXENV_BUFFER_COLOR),
	/* per-fragment operations and render buffers */
	REG_ROW(PICA_REG_COLOR_OPERATION, HW_REG_COLOR_OPERATION),
	REG_ROW(PICA_REG_BLEND_FUNC, HW_REG_BLEND_FUNC),
	REG_ROW(PICA_REG_LOGIC_OP, HW_REG_LOGIC_OP),
	REG_ROW(PICA_REG_BLEND_COLOR, HW_REG_BLEND_COLOR),
	REG_ROW(PICA_REG_FRAGOP_ALPHA_TEST, HW_REG_FRAGOP_ALPHA_TEST),
	REG_ROW(PICA_REG_STENCIL_TEST, HW_REG_STENCIL_TEST),
	REG_ROW(PICA_REG_STENCIL_OP, HW_REG_STENCIL_OP),
	REG_ROW(PICA_REG_DEPTH_COLOR_MASK, HW_REG_DEPTH_COLOR_MASK),
	REG_ROW(PICA_REG_COLOR_DEPTH_BUFFER_CLEAR0, HW_REG_FRAMEBUFFER_INVALIDATE),
	REG_ROW(PICA_REG_COLOR_DEPTH_BUFFER_CLEAR1, HW_REG_FRAMEBUFFER_FLUSH),
	REG_ROW(PICA_REG_COLOR_BUFFER_READ, HW_REG_COLORBUFFER_READ),
	REG_ROW(PICA_REG_COLOR_BUFFER_WRITE, HW_REG_COLORBUFFER_WRITE),
	REG_ROW(PICA_REG_DEPTH_STENCIL_BUFFER_READ, HW_REG_DEPTHBUFFER_READ),
	REG_ROW(PICA_REG_DEPTH_STENCIL_BUFFER_WRITE, HW_REG_DEPTHBUFFER_WRITE),
	REG_ROW(PICA_REG_RENDER_BUFFER_DEPTH_MODE, HW_REG_DEPTHBUFFER_FORMAT),
	REG_ROW(PICA_REG_RENDER_BUFFER_COLOR_MODE, HW_REG_COLORBUFFER_FORMAT),
	REG_ROW(PICA_REG_EARLY_DEPTH_TEST2, HW_REG_EARLYDEPTH_TEST2),
	REG_ROW(PICA_REG_RENDER_BLOCK_FORMAT, HW_REG_FRAMEBUFFER_BLOCK32),
	REG_ROW(PICA_REG_RENDER_BUFFER_DEPTH_ADDR, HW_REG_DEPTHBUFFER_LOC),
	REG_ROW(PICA_REG_RENDER_BUFFER_COLOR_ADDR, HW_REG_COLORBUFFER_LOC),
	REG_ROW(PICA_REG_RENDER_BUFFER_RESOLUTION0, HW_REG_FRAMEBUFFER_DIM),
	REG_ROW(PICA_REG_GAS_LIGHT_XY, HW_REG_GAS_LIGHT_XY),
	REG_ROW(PICA_REG_GAS_LIGHT_Z, HW_REG_GAS_LIGHT_Z),
	REG_ROW(PICA_REG_GAS_LIGHT_Z_COLOR, HW_REG_GAS_LIGHT_Z_COLOR),
	REG_ROW(PICA_REG_GAS_LUT_INDEX, HW_REG_GAS_LUT_INDEX),
	REG_ROW(PICA_REG_GAS_LUT_DATA, HW_REG_GAS_LUT_DATA),
	REG_ROW(PICA_REG_GAS_DELTAZ_DEPTH, HW_REG_GAS_DELTAZ_DEPTH),
	REG_ROW(PICA_REG_FRAGOP_SHADOW, HW_REG_FRAGOP_SHADOW),
	/* fragment lighting */
	REG_ROW(PICA_FRAG_LIGHT_STRIDE, HW_REG_LIGHT_STRIDE),
	REG_ROW(PICA_REG_FRAG_LIGHT_START, HW_REG_LIGHT0),
	REG_LIGHT_ROWS(0),
	REG_LIGHT_ROWS(1),
	REG_LIGHT_ROWS(2),
	REG_LIGHT_ROWS(3),
	REG_LIGHT_ROWS(4),
	REG_LIGHT_ROWS(5),
	REG_LIGHT_ROWS(6),
	REG_LIGHT_ROWS(7),
	REG_ROW(PICA_REG_FRAG_LIGHT_AMBIENT, HW_REG_LIGHTING_AMBIENT),
	REG_ROW(PICA_REG_FRAG_LIGHT_SRC_NUM, HW_REG_LIGHTING_NUM_LIGHTS),
	REG_ROW(PICA_REG_FRAG_LIGHT_FUNC_MODE0, HW_REG_LIGHTING_CONFIG0),
	REG_ROW(PICA_REG_FRAG_LIGHT_FUNC_MODE1, HW_REG_LIGHTING_CONFIG1),
	REG_ROW(PICA_REG_FRAG_LIGHT_LUT, HW_REG_LIGHTING_LUT_INDEX),
	REG_ROW(PICA_REG_FRAG_LIGHT_EN1, HW_REG_LIGHTING_ENABLE1),
	REG_PORT8_ROWS(PICA_REG_FRAG_LIGHT_LUT_DATA, HW_REG_LIGHTING_LUT_DATA0),
	REG_ROW(PICA_REG_FRAG_LIGHT_ABSLUTINPUT, HW_REG_LIGHTING_LUTINPUT_ABS),
	REG_ROW(PICA_REG_FRAG_LIGHT_LUTINPUT, HW_REG_LIGHTING_LUTINPUT_SELECT),
	REG_ROW(PICA_REG_FRAG_LIGHT_LUTSCALE, HW_REG_LIGHTING_LUTINPUT_SCALE),
	REG_ROW(PICA_REG_FRAG_LIGHT_SRC_EN_ID, HW_REG_LIGHTING_LIGHT_PERMUTATION),
	/* geometry pipeline */
	REG_ROW(PICA_REG_VERTEX_ATTR_ARRAYS_BASE_ADDR, HW_REG_ATTRIBBUFFERS_LOC),
	REG_ROW(PICA_REG_VERTEX_ATTR_ARRAYS0, HW_REG_ATTRIBBUFFERS_FORMAT_LOW),
	REG_ROW(PICA_REG_VERTEX_ATTR_ARRAYS1, HW_REG_ATTRIBBUFFERS_FORMAT_HIGH),
	REG_ROW(PICA_LOAD_ARRAY_STRIDE, HW_REG_ATTRIBBUFFER_OFFSET(1) - HW_REG_ATTRIBBUFFER_OFFSET(0)),
	REG_ROW(PICA_REG_LOAD_ARRAY0_ATTR_OFFSET, HW_REG_ATTRIBBUFFER_OFFSET(0)),
	REG_ROW(PICA_REG_LOAD_ARRAY0_ELEMENT0, HW_REG_ATTRIBBUFFER_CONFIG1(0)),
	REG_ROW(PICA_REG_LOAD_ARRAY0_ELEMENT1, HW_REG_ATTRIBBUFFER_CONFIG2(0)),
	REG_ROW(PICA_REG_INDEX_ARRAY_ADDR_OFFSET, HW_REG_INDEXBUFFER_CONFIG),
	REG_ROW(PICA_REG_DRAW_VERTEX_NUM, HW_REG_NUMVERTICES),
	REG_ROW(PICA_REG_DRAW_MODE0, HW_REG_GEOSTAGE_CONFIG),
	REG_ROW(PICA_REG_DRAW_VERTEX_OFFSET, HW_REG_VERTEX_OFFSET),
	REG_ROW(PICA_REG_POST_VERTEX_CACHE_NUM, HW_REG_POST_VERTEX_CACHE_NUM),
	REG_ROW(PICA_REG_START_DRAW_ARRAY, HW_REG_DRAWARRAYS),
	REG_ROW(PICA_REG_START_DRAW_ELEMENT, HW_REG_DRAWELEMENTS),
	REG_ROW(PICA_REG_VERTEX_FUNC, HW_REG_VTX_FUNC),
	REG_ROW(PICA_REG_VS_FIXED_ATTR, HW_REG_FIXEDATTRIB_INDEX),
	REG_ROW(PICA_REG_VS_FIXED_ATTR_DATA0, HW_REG_FIXEDATTRIB_DATA(0)),
	REG_ROW(PICA_REG_VS_FIXED_ATTR_DATA1, HW_REG_FIXEDATTRIB_DATA(1)),
	REG_ROW(PICA_REG_VS_FIXED_ATTR_DATA2, HW_REG_FIXEDATTRIB_DATA(2)),
	REG_ROW(PICA_REG_COMMAND_BUF_SIZE_CH0, HW_REG_CMDBUF_SIZE0),
	REG_ROW(PICA_REG_COMMAND_BUF_SIZE_CH1, HW_REG_CMDBUF_SIZE1),
	REG_ROW(PICA_REG_COMMAND_BUF_ADDR_CH0, HW_REG_CMDBUF_ADDR0),
	REG_ROW(PICA_REG_COMMAND_BUF_ADDR_CH1, HW_REG_CMDBUF_ADDR1),
	REG_ROW(PICA_REG_COMMAND_BUF_KICK_CH0, HW_REG_CMDBUF_JUMP0),
	REG_ROW(PICA_REG_COMMAND_BUF_KICK_CH1, HW_REG_CMDBUF_JUMP1),
	REG_ROW(PICA_REG_VS_ATTR_NUM1, HW_REG_VSH_NUM_ATTR),
	REG_ROW(PICA_REG_VS_COM_MODE, HW_REG_VSH_COM_MODE),
	REG_ROW(PICA_REG_START_DRAW_FUNC0, HW_REG_START_DRAW_FUNC0),
	REG_ROW(PICA_REG_VS_OUT_REG_NUM1, HW_REG_VSH_OUTMAP_TOTAL1),
	REG_ROW(PICA_REG_VS_OUT_REG_NUM2, HW_REG_VSH_OUTMAP_TOTAL2),
	REG_ROW(PICA_REG_GS_MISC_REG0, HW_REG_GSH_MISC0),
	REG_ROW(PICA_REG_DRAW_MODE1, HW_REG_GEOSTAGE_CONFIG2),
	REG_ROW(PICA_REG_GS_MISC_REG1, HW_REG_GSH_MISC1),
	REG_ROW(PICA_REG_VS_OUT_REG_NUM3, HW_REG_PRIMITIVE_CONFIG),
	REG_ROW(PICA_REG_DRAW_MODE2, HW_REG_PRIMITIVE_CONFIG),
	REG_ROW(PICA_REG_GS_OUT_REG_NUM3, HW_REG_PRIMITIVE_CONFIG),
	REG_ROW(PICA_REG_START_DRAW_FUNC1, HW_REG_RESTART_PRIMITIVE),
	/* shader units */
	REG_SH_ROWS(GS, HW_REG_GSH_BASE),
	REG_ROW(PICA_REG_GS_ATTR_NUM, HW_REG_SH(HW_REG_GSH_BASE, HW_REG_SH_INPUTBUFFER_CONFIG)),
	REG_SH_ROWS(VS, HW_REG_VSH_BASE),
	REG_ROW(PICA_REG_VS_ATTR_NUM0, HW_REG_SH(HW_REG_VSH_BASE, HW_REG_SH_INPUTBUFFER_CONFIG)),
};

START_TEST(test_pica_reg_names_are_the_model_registers)
{
	unsigned k, n = (unsigned)(sizeof pica_regs / sizeof pica_regs[0]);

	/* Every enumerator of enum PicaReg has a row: 376 register names
	 * and the two strides. */
	ck_assert_uint_eq(n, 378);
	for (k = 0; k < n; k++)
		ck_assert_msg(pica_regs[k].sdk == pica_regs[k].model, "%s: 0x%03X, model 0x%03X",
			      pica_regs[k].name, pica_regs[k].sdk, pica_regs[k].model);
	/* Light n and load array n are a stride on from light and array 0. */
	ck_assert_uint_eq(PICA_REG_FRAG_LIGHT0_TYPE + 7 * PICA_FRAG_LIGHT_STRIDE, PICA_REG_FRAG_LIGHT7_TYPE);
	ck_assert_uint_eq(PICA_REG_LOAD_ARRAY0_ELEMENT1 + 11 * PICA_LOAD_ARRAY_STRIDE,
			  HW_REG_ATTRIBBUFFER_CONFIG2(11));
}
END_TEST

/* ---- gx_MacroTexture.h ------------------------------------------------------------ */

START_TEST(test_texture_func_switches_units_and_coordinates)
{
	const uint32_t *r;

	tu_reset();
	r = RUN(PICA_CMD_SET_TEXTURE_FUNC(PICA_DATA_TEXTURE0_SAMPLER_TYPE_TEXTURE_2D,
					  PICA_DATA_TEXTURE1_SAMPLER_TYPE_TEXTURE_2D,
					  PICA_DATA_TEXTURE2_SAMPLER_TYPE_FALSE,
					  PICA_DATA_TEXTURE3_SAMPLER_TYPE_TEXTURE_PROCEDURAL_DMP,
					  PICA_DATA_TEXTURE2_TEXCOORD_TEXTURE1,
					  PICA_DATA_TEXTURE3_TEXCOORD_TEXTURE2));
	ck_assert_uint_eq(hw_reg_texunit_mask(r[HW_REG_TEXUNIT_CONFIG]), 0x1u | 0x2u | 0x8u);
	ck_assert_uint_eq(hw_reg_texunit3_texcoord(r[HW_REG_TEXUNIT_CONFIG]), 2);
	ck_assert_uint_eq(hw_reg_texunit2_texcoord(r[HW_REG_TEXUNIT_CONFIG]), 1);
	ck_assert(r[HW_REG_TEXUNIT_CONFIG] & HW_REG_TEXCFG_FIXED_ONE);
	ck_assert(!hw_reg_texunit_clear_cache(r[HW_REG_TEXUNIT_CONFIG]));

	/* Unit 0's FALSE type switches it off; any other type leaves it on. */
	r = RUN(PICA_CMD_SET_TEXTURE_FUNC(PICA_DATA_TEXTURE0_SAMPLER_TYPE_FALSE,
					  PICA_DATA_TEXTURE1_SAMPLER_TYPE_FALSE,
					  PICA_DATA_TEXTURE2_SAMPLER_TYPE_TEXTURE_2D,
					  PICA_DATA_TEXTURE3_SAMPLER_TYPE_FALSE,
					  PICA_DATA_TEXTURE2_TEXCOORD_TEXTURE2,
					  PICA_DATA_TEXTURE3_TEXCOORD_TEXTURE0));
	ck_assert_uint_eq(hw_reg_texunit_mask(r[HW_REG_TEXUNIT_CONFIG]), 0x4u);
	ck_assert_uint_eq(hw_reg_texunit2_texcoord(r[HW_REG_TEXUNIT_CONFIG]), 2);
	ck_assert_uint_eq(hw_reg_texunit3_texcoord(r[HW_REG_TEXUNIT_CONFIG]), 0);
	r = RUN(PICA_CMD_SET_TEXTURE_FUNC(PICA_DATA_TEXTURE0_SAMPLER_TYPE_TEXTURE_SHADOW_CUBE_DMP,
					  0, 0, 0, 0, 0));
	ck_assert_uint_eq(hw_reg_texunit_mask(r[HW_REG_TEXUNIT_CONFIG]), 0x1u);

	/* The DATA form takes unit 3's coordinate before its type. */
	ck_assert_uint_eq(PICA_CMD_DATA_TEXTURE_FUNC(5, 0, 0, 3, 0, 0, 0), 0x1300u);
	ck_assert_uint_eq(PICA_CMD_DATA_TEXTURE_FUNC(5, 0, 0, 0, 1, 0, 1), 0x11400u);
}
END_TEST

START_TEST(test_texture_func_clear_sets_the_clear_bit_on_its_own)
{
	static const u32 clear[] = {
		PICA_CMD_SET_TEXTURE_FUNC_CLEAR(PICA_DATA_TEXTURE0_SAMPLER_TYPE_TEXTURE_2D, 0, 0, 0, 0, 0)
	};
	const uint32_t *r;

	/* Two commands: the configuration without byte 2, then byte 2. */
	ck_assert_uint_eq(sizeof clear / sizeof clear[0], 4);
	ck_assert_uint_eq(clear[1], 0x000B0080u);
	ck_assert_uint_eq(clear[2], 0x10000u);
	ck_assert_uint_eq(clear[3], 0x00040080u);
	tu_reset();
	r = run_words(clear, 4);
	ck_assert(hw_reg_texunit_clear_cache(r[HW_REG_TEXUNIT_CONFIG]));
	ck_assert_uint_eq(hw_reg_texunit_mask(r[HW_REG_TEXUNIT_CONFIG]), 0x1u);
	/* SET_TEXTURE_FUNC writes bytes 0, 1 and 3 only: the clear bit stays. */
	r = RUN(PICA_CMD_SET_TEXTURE_FUNC(PICA_DATA_TEXTURE0_SAMPLER_TYPE_FALSE, 1, 0, 0, 0, 0));
	ck_assert(hw_reg_texunit_clear_cache(r[HW_REG_TEXUNIT_CONFIG]));
	ck_assert_uint_eq(hw_reg_texunit_mask(r[HW_REG_TEXUNIT_CONFIG]), 0x2u);
}
END_TEST

START_TEST(test_texture_unit_words_decode_as_given)
{
	struct color8 border = { 0x11, 0x22, 0x33, 0x44 };
	const uint32_t *r;
	unsigned u;

	tu_reset();
	for (u = 0; u < 3; u++) {
		r = RUN(PICA_CMD_DATA_TEXTURE_SIZE(128 >> u, 64),
			PICA_CMD_HEADER_SINGLE(HW_REG_TEXUNIT_DIM(u)),
			PICA_CMD_DATA_TEXTURE_ADDR(0x18012340u),
			PICA_CMD_HEADER_SINGLE(HW_REG_TEXUNIT_ADDR(u)),
			PICA_CMD_DATA_TEXTURE_FORMAT_TYPE(PICA_DATA_TEXTURE_FORMAT_ETC1_RGB8_NATIVE_DMP - u),
			PICA_CMD_HEADER_SINGLE(HW_REG_TEXUNIT_TYPE(u)),
			PICA_CMD_DATA_TEXTURE_LOD_LEVEL(0x180, 7 - u, -1),
			PICA_CMD_HEADER_SINGLE(HW_REG_TEXUNIT_LOD(u)),
			PICA_CMD_DATA_BORDER_COLOR(border),
			PICA_CMD_HEADER_SINGLE(HW_REG_TEXUNIT_BORDER_COLOR(u)));
		ck_assert_uint_eq(hw_reg_tex_width(r[HW_REG_TEXUNIT_DIM(u)]), 128u >> u);
		ck_assert_uint_eq(hw_reg_tex_height(r[HW_REG_TEXUNIT_DIM(u)]), 64);
		ck_assert_uint_eq(hw_reg_tex_addr(r[HW_REG_TEXUNIT_ADDR(u)]), 0x18012340u);
		ck_assert_uint_eq(hw_reg_tex_format(r[HW_REG_TEXUNIT_TYPE(u)]), HW_REG_TEXFMT_ETC1 - u);
		ck_assert(hw_reg_tex_lod_bias(r[HW_REG_TEXUNIT_LOD(u)]) == 1.5f);
		ck_assert_uint_eq(hw_reg_tex_max_level(r[HW_REG_TEXUNIT_LOD(u)]), 7 - u);
		ck_assert_uint_eq(hw_reg_tex_min_level(r[HW_REG_TEXUNIT_LOD(u)]), 0);
		ck_assert_uint_eq(r[HW_REG_TEXUNIT_BORDER_COLOR(u)], 0x44332211u);
	}
	ck_assert_uint_eq(hw_reg_tex_min_level(PICA_CMD_DATA_TEXTURE_LOD_LEVEL(0, 5, 3)), 3);
	/* Cube faces keep the low 22 bits; the unit adds ADDR1's high bits. */
	r = RUN(PICA_CMD_DATA_TEXTURE_ADDR(0x18400000u), PICA_CMD_HEADER_SINGLE(HW_REG_TEXUNIT0_ADDR(1)),
		PICA_CMD_DATA_TEXTURE_CUBE_MAP_ADDR(PICA_CMD_DATA_TEXTURE_ADDR(0x18423400u)),
		PICA_CMD_HEADER_SINGLE(HW_REG_TEXUNIT0_ADDR(1 + PICA_DATA_TEXTURE_CUBE_MAP_NEGATIVE_Z)));
	ck_assert_uint_eq(hw_reg_tex_face_addr(r[HW_REG_TEXUNIT0_ADDR(1)], r[HW_REG_TEXUNIT0_ADDR(6)]),
			  0x18423400u);
	ck_assert_uint_eq(PICA_CMD_DATA_TEXTURE_CUBE_MAP_ADDR(0xFFFFFFFFu), 0x3FFFFFu);
}
END_TEST

START_TEST(test_texture_wrap_filter_words_decode_as_given)
{
	static const struct {
		unsigned min, lin, mip;
	} mins[] = {
		{ PICA_DATA_TEXTURE_MIN_FILTER_NEAREST, 0, 0 },
		{ PICA_DATA_TEXTURE_MIN_FILTER_NEAREST_MIPMAP_NEAREST, 0, 0 },
		{ PICA_DATA_TEXTURE_MIN_FILTER_NEAREST_MIPMAP_LINEAR, 0, 1 },
		{ PICA_DATA_TEXTURE_MIN_FILTER_LINEAR, 1, 0 },
		{ PICA_DATA_TEXTURE_MIN_FILTER_LINEAR_MIPMAP_NEAREST, 1, 0 },
		{ PICA_DATA_TEXTURE_MIN_FILTER_LINEAR_MIPMAP_LINEAR, 1, 1 },
	};
	const uint32_t *r;
	uint32_t p;
	unsigned k;

	tu_reset();
	r = RUN(PICA_CMD_DATA_TEXTURE0_WRAP_FILTER(PICA_DATA_TEXTURE_MAG_FILTER_LINEAR,
						   PICA_DATA_TEXTURE_MIN_FILTER_LINEAR_MIPMAP_LINEAR,
						   PICA_DATA_TEXTURE_FORMAT_ETC1_RGB8_NATIVE_DMP,
						   PICA_DATA_TEXTURE_WRAP_MIRRORED_REPEAT,
						   PICA_DATA_TEXTURE_WRAP_CLAMP_TO_BORDER, 1,
						   PICA_DATA_TEXTURE0_SAMPLER_TYPE_TEXTURE_CUBE_MAP),
		PICA_CMD_HEADER_SINGLE(HW_REG_TEXUNIT_PARAM(0)),
		PICA_CMD_DATA_TEXTURE1_WRAP_FILTER(PICA_DATA_TEXTURE_MAG_FILTER_NEAREST,
						   PICA_DATA_TEXTURE_MIN_FILTER_NEAREST,
						   PICA_DATA_TEXTURE_FORMAT_ETC1_ALPHA_RGB8_A4_NATIVE_DMP,
						   PICA_DATA_TEXTURE_WRAP_REPEAT,
						   PICA_DATA_TEXTURE_WRAP_CLAMP_TO_EDGE),
		PICA_CMD_HEADER_SINGLE(HW_REG_TEXUNIT_PARAM(1)),
		PICA_CMD_DATA_TEXTURE2_WRAP_FILTER(PICA_DATA_TEXTURE_MAG_FILTER_LINEAR,
						   PICA_DATA_TEXTURE_MIN_FILTER_NEAREST_MIPMAP_LINEAR,
						   PICA_DATA_TEXTURE_FORMAT_RGBA_UNSIGNED_BYTE,
						   PICA_DATA_TEXTURE_WRAP_CLAMP_TO_EDGE,
						   PICA_DATA_TEXTURE_WRAP_MIRRORED_REPEAT),
		PICA_CMD_HEADER_SINGLE(HW_REG_TEXUNIT_PARAM(2)));
	p = r[HW_REG_TEXUNIT_PARAM(0)];
	ck_assert_uint_eq(hw_reg_tex_mag_filter(p), HW_REG_TEXFILTER_LINEAR);
	ck_assert_uint_eq(hw_reg_tex_min_filter(p), HW_REG_TEXFILTER_LINEAR);
	ck_assert_uint_eq(hw_reg_tex_mip_filter(p), HW_REG_TEXFILTER_LINEAR);
	ck_assert_uint_eq(hw_reg_tex_etc1_flag(p), HW_REG_TEXPARAM_ETC1);
	ck_assert_uint_eq(hw_reg_tex_wrap_t(p), HW_REG_TEXWRAP_MIRROR);
	ck_assert_uint_eq(hw_reg_tex_wrap_s(p), HW_REG_TEXWRAP_CLAMP_BORDER);
	ck_assert(hw_reg_tex_shadow(p));
	ck_assert_uint_eq(hw_reg_tex_type(p), HW_REG_TEXTYPE_CUBE);
	p = r[HW_REG_TEXUNIT_PARAM(1)];
	ck_assert_uint_eq(hw_reg_tex_mag_filter(p), HW_REG_TEXFILTER_NEAREST);
	ck_assert_uint_eq(hw_reg_tex_min_filter(p), HW_REG_TEXFILTER_NEAREST);
	ck_assert_uint_eq(hw_reg_tex_etc1_flag(p), 0);          /* ETC1A4: 0, as the SDK */
	ck_assert_uint_eq(hw_reg_tex_wrap_t(p), HW_REG_TEXWRAP_REPEAT);
	ck_assert_uint_eq(hw_reg_tex_wrap_s(p), HW_REG_TEXWRAP_CLAMP_EDGE);
	ck_assert(!hw_reg_tex_shadow(p));
	ck_assert_uint_eq(hw_reg_tex_type(p), HW_REG_TEXTYPE_2D);
	p = r[HW_REG_TEXUNIT_PARAM(2)];
	ck_assert_uint_eq(hw_reg_tex_min_filter(p), HW_REG_TEXFILTER_NEAREST);
	ck_assert_uint_eq(hw_reg_tex_mip_filter(p), HW_REG_TEXFILTER_LINEAR);
	ck_assert_uint_eq(hw_reg_tex_wrap_s(p), HW_REG_TEXWRAP_MIRROR);
	/* Each GL minification filter as the two bits. */
	for (k = 0; k < sizeof mins / sizeof mins[0]; k++) {
		p = PICA_CMD_DATA_TEXTURE_WRAP_FILTER(0, mins[k].min, 0, 0, 0, 0, 0);
		ck_assert_uint_eq(hw_reg_tex_min_filter(p), mins[k].lin);
		ck_assert_uint_eq(hw_reg_tex_mip_filter(p), mins[k].mip);
		ck_assert_uint_eq(PICA_CMD_DATA_TEXTURE_MIN_FILTER0(mins[k].min), mins[k].lin);
		ck_assert_uint_eq(PICA_CMD_DATA_TEXTURE_MIN_FILTER1(mins[k].min), mins[k].mip);
	}
}
END_TEST

START_TEST(test_texture_shadow_word_decodes_as_given)
{
	const uint32_t *r;

	tu_reset();
	r = RUN(PICA_CMD_DATA_TEXTURE_SHADOW(GL_TRUE, 0x123456 >> 1, 0x7F),
		PICA_CMD_HEADER_SINGLE(HW_REG_TEXUNIT0_SHADOW));
	ck_assert(!hw_reg_tex_shadow_ortho(r[HW_REG_TEXUNIT0_SHADOW]));
	ck_assert_uint_eq(hw_reg_tex_shadow_zbias(r[HW_REG_TEXUNIT0_SHADOW]), 0x123456u);
	ck_assert_uint_eq(r[HW_REG_TEXUNIT0_SHADOW] >> 24, 0x7F);
	ck_assert(hw_reg_tex_shadow_ortho(PICA_CMD_DATA_TEXTURE_SHADOW(GL_FALSE, 0, 0)));
}
END_TEST

/* Stage `i`'s five registers from the macros, as one command each. */
#define STAGE_CMDS(i, src, ope, comb, cnst, scale)                             \
	src, PICA_CMD_HEADER_SINGLE(HW_REG_TEXENV_SOURCE(i)),                  \
	ope, PICA_CMD_HEADER_SINGLE(HW_REG_TEXENV_OPERAND(i)),                 \
	comb, PICA_CMD_HEADER_SINGLE(HW_REG_TEXENV_COMBINER(i)),               \
	cnst, PICA_CMD_HEADER_SINGLE(HW_REG_TEXENV_COLOR(i)),                  \
	scale, PICA_CMD_HEADER_SINGLE(HW_REG_TEXENV_SCALE(i))

START_TEST(test_combiner_words_decode_as_given)
{
	struct hw_combiner_config c;
	const uint32_t *r;

	tu_reset();
	r = RUN(STAGE_CMDS(2,
		PICA_CMD_DATA_TEX_ENV_SRC(PICA_DATA_TEX_ENV_SRC_RGBA_TEXTURE1,
					  PICA_DATA_TEX_ENV_SRC_RGBA_CONSTANT,
					  PICA_DATA_TEX_ENV_SRC_RGBA_FRAGMENT_SECONDARY_COLOR_DMP,
					  PICA_DATA_TEX_ENV_SRC_RGBA_PREVIOUS_BUFFER_DMP,
					  PICA_DATA_TEX_ENV_SRC_RGBA_TEXTURE3,
					  PICA_DATA_TEX_ENV_SRC_RGBA_PREVIOUS),
		PICA_CMD_DATA_TEX_ENV_OPERAND(PICA_DATA_OPE_RGB_ONE_MINUS_SRC_B_DMP,
					      PICA_DATA_OPE_RGB_SRC_G_DMP,
					      PICA_DATA_OPE_RGB_ONE_MINUS_SRC_ALPHA,
					      PICA_DATA_OPE_ALPHA_ONE_MINUS_SRC_B_DMP,
					      PICA_DATA_OPE_ALPHA_SRC_R_DMP,
					      PICA_DATA_OPE_ALPHA_ONE_MINUS_SRC_ALPHA),
		PICA_CMD_DATA_TEX_ENV_COMBINE(PICA_DATA_TEX_ENV_COMBINE_ADD_MULT_DMP,
					      PICA_DATA_TEX_ENV_COMBINE_DOT3_RGBA),
		PICA_CMD_DATA_TEX_ENV_CONST(0xFF, 0x00, 0x33, 0x66),
		PICA_CMD_DATA_TEX_ENV_SCALE(PICA_DATA_TEX_ENV_SCALE_4, PICA_DATA_TEX_ENV_SCALE_2)),
		STAGE_CMDS(5,
		PICA_CMD_DATA_TEX_ENV_SRC(PICA_DATA_TEX_ENV_SRC_RGBA_PRIMARY_COLOR,
					  PICA_DATA_TEX_ENV_SRC_RGBA_FRAGMENT_PRIMARY_COLOR_DMP,
					  PICA_DATA_TEX_ENV_SRC_RGBA_TEXTURE0,
					  PICA_DATA_TEX_ENV_SRC_RGBA_TEXTURE2, 0, 0),
		PICA_CMD_DATA_TEX_ENV_OPERAND(0, 0, 0, 0, 0, 0),
		PICA_CMD_DATA_TEX_ENV_COMBINE(PICA_DATA_TEX_ENV_COMBINE_INTERPOLATE,
					      PICA_DATA_TEX_ENV_COMBINE_SUBTRACT),
		PICA_CMD_DATA_TEX_ENV_CONST(0, 0, 0, 0),
		PICA_CMD_DATA_TEX_ENV_SCALE(PICA_DATA_TEX_ENV_SCALE_1, PICA_DATA_TEX_ENV_SCALE_1)));
	hw_combiner_decode(r, &c);
	ck_assert_uint_eq(c.stage[2].rgb_source[0], HW_REG_TEVSRC_TEXTURE1);
	ck_assert_uint_eq(c.stage[2].rgb_source[1], HW_REG_TEVSRC_CONSTANT);
	ck_assert_uint_eq(c.stage[2].rgb_source[2], HW_REG_TEVSRC_FRAG_SECONDARY);
	ck_assert_uint_eq(c.stage[2].alpha_source[0], HW_REG_TEVSRC_PREVIOUS_BUFFER);
	ck_assert_uint_eq(c.stage[2].alpha_source[1], HW_REG_TEVSRC_TEXTURE3);
	ck_assert_uint_eq(c.stage[2].alpha_source[2], HW_REG_TEVSRC_PREVIOUS);
	ck_assert_uint_eq(c.stage[2].rgb_operand[0], HW_REG_TEVOP_RGB_INV_BLUE);
	ck_assert_uint_eq(c.stage[2].rgb_operand[1], HW_REG_TEVOP_RGB_GREEN);
	ck_assert_uint_eq(c.stage[2].rgb_operand[2], HW_REG_TEVOP_RGB_INV_ALPHA);
	ck_assert_uint_eq(c.stage[2].alpha_operand[0], HW_REG_TEVOP_A_INV_BLUE);
	ck_assert_uint_eq(c.stage[2].alpha_operand[1], HW_REG_TEVOP_A_RED);
	ck_assert_uint_eq(c.stage[2].alpha_operand[2], HW_REG_TEVOP_A_INV_ALPHA);
	ck_assert_uint_eq(c.stage[2].rgb_op, HW_REG_TEVCOMB_ADD_MULT);
	ck_assert_uint_eq(c.stage[2].alpha_op, HW_REG_TEVCOMB_DOT3_RGBA);
	ck_assert(c.stage[2].constant[0] == 1.0f && c.stage[2].constant[1] == 0.0f);
	ck_assert(c.stage[2].constant[2] == 0.2f && c.stage[2].constant[3] == 0.4f);
	ck_assert_uint_eq(c.stage[2].rgb_scale, 4);
	ck_assert_uint_eq(c.stage[2].alpha_scale, 2);
	ck_assert_uint_eq(c.stage[5].rgb_source[0], HW_REG_TEVSRC_PRIMARY_COLOR);
	ck_assert_uint_eq(c.stage[5].rgb_source[1], HW_REG_TEVSRC_FRAG_PRIMARY);
	ck_assert_uint_eq(c.stage[5].rgb_source[2], HW_REG_TEVSRC_TEXTURE0);
	ck_assert_uint_eq(c.stage[5].alpha_source[0], HW_REG_TEVSRC_TEXTURE2);
	ck_assert_uint_eq(c.stage[5].rgb_op, HW_REG_TEVCOMB_INTERPOLATE);
	ck_assert_uint_eq(c.stage[5].alpha_op, HW_REG_TEVCOMB_SUBTRACT);
	ck_assert_uint_eq(c.stage[5].rgb_scale, 1);
	/* The shift names are the fields' positions. */
	ck_assert_uint_eq(hw_reg_texenv_alpha_source(0xEu << PICA_TEX_ENV_SRC_ALPHA2_SHIFT, 2), 0xE);
	ck_assert_uint_eq(hw_reg_texenv_alpha_operand(7u << PICA_TEX_ENV_OPE_ALPHA1_SHIFT, 1), 7);
}
END_TEST

START_TEST(test_combiner_buffer_words_decode_as_given)
{
	struct hw_combiner_config c;
	struct color8 grey = { 0x33, 0x66, 0x99, 0xFF };
	const uint32_t *r;

	tu_reset();
	/* Fog on first: the buffer-input command must leave it alone. */
	r = RUN(HW_REG_FOGMODE_FOG, PICA_CMD_HEADER_SINGLE(HW_REG_TEXENV_UPDATE_BUFFER),
		PICA_CMD_SET_TEX_ENV_BUFFER_INPUT(PICA_DATA_TEX_ENV_BUFFER_INPUT_PREVIOUS,
						  PICA_DATA_TEX_ENV_BUFFER_INPUT_PREVIOUS_BUFFER_DMP,
						  PICA_DATA_TEX_ENV_BUFFER_INPUT_PREVIOUS_BUFFER_DMP,
						  PICA_DATA_TEX_ENV_BUFFER_INPUT_PREVIOUS,
						  PICA_DATA_TEX_ENV_BUFFER_INPUT_PREVIOUS,
						  PICA_DATA_TEX_ENV_BUFFER_INPUT_PREVIOUS,
						  PICA_DATA_TEX_ENV_BUFFER_INPUT_PREVIOUS_BUFFER_DMP,
						  PICA_DATA_TEX_ENV_BUFFER_INPUT_PREVIOUS_BUFFER_DMP),
		PICA_CMD_DATA_COLOR(grey), PICA_CMD_HEADER_SINGLE(HW_REG_TEXENV_BUFFER_COLOR));
	ck_assert_uint_eq(hw_reg_fog_mode(r[HW_REG_TEXENV_UPDATE_BUFFER]), HW_REG_FOGMODE_FOG);
	ck_assert(hw_reg_texenv_buffer_rgb(r[HW_REG_TEXENV_UPDATE_BUFFER], 1));
	ck_assert(!hw_reg_texenv_buffer_alpha(r[HW_REG_TEXENV_UPDATE_BUFFER], 1));
	ck_assert(!hw_reg_texenv_buffer_rgb(r[HW_REG_TEXENV_UPDATE_BUFFER], 2));
	ck_assert(hw_reg_texenv_buffer_alpha(r[HW_REG_TEXENV_UPDATE_BUFFER], 2));
	ck_assert(hw_reg_texenv_buffer_rgb(r[HW_REG_TEXENV_UPDATE_BUFFER], 3));
	ck_assert(hw_reg_texenv_buffer_alpha(r[HW_REG_TEXENV_UPDATE_BUFFER], 3));
	ck_assert(!hw_reg_texenv_buffer_rgb(r[HW_REG_TEXENV_UPDATE_BUFFER], 4));
	ck_assert(!hw_reg_texenv_buffer_alpha(r[HW_REG_TEXENV_UPDATE_BUFFER], 4));
	hw_combiner_decode(r, &c);
	ck_assert(c.buffer_rgb[0] && !c.buffer_alpha[0] && !c.buffer_rgb[1] && c.buffer_alpha[1]);
	ck_assert(c.buffer_color[0] == 0.2f && c.buffer_color[1] == 0.4f);
	ck_assert(c.buffer_color[2] == 0.6f && c.buffer_color[3] == 1.0f);
	ck_assert_uint_eq(PICA_CMD_DATA_TEX_ENV_BUFFER_INPUT(4, 1, 1), (1u << 11) | (1u << 15));
	r = RUN(PICA_CMD_DATA_TEX_ENV_BUFFER_COLOR_WHITE,
		PICA_CMD_HEADER_SINGLE(HW_REG_TEXENV_BUFFER_COLOR));
	ck_assert_uint_eq(r[HW_REG_TEXENV_BUFFER_COLOR], 0xFFFFFFFFu);
	r = RUN(PICA_CMD_DATA_TEX_ENV_BUFFER_COLOR_BLACK,
		PICA_CMD_HEADER_SINGLE(HW_REG_TEXENV_BUFFER_COLOR));
	ck_assert_uint_eq(r[HW_REG_TEXENV_BUFFER_COLOR], 0);
}
END_TEST

/* The procedural unit's registers are ids only in the model: the words
 * are checked against the field layout (3dbrew, GPUREG_TEXUNIT3_PROCTEX*,
 * GPUREG_PROCTEX_LUT), field by field. */
START_TEST(test_proctex_words_follow_the_register_layout)
{
	uint32_t w = PICA_CMD_DATA_PROCTEX0(PICA_DATA_PROCTEX_PULSE_DMP,
					    PICA_DATA_PROCTEX_MIRRORED_REPEAT,
					    PICA_DATA_PROCTEX_RMAX_DMP, PICA_DATA_PROCTEX_ADD2_DMP,
					    GL_TRUE, 2, PICA_DATA_PROCTEX_EVEN_DMP,
					    PICA_DATA_PROCTEX_ODD_DMP, 0xAB);

	ck_assert_uint_eq(w & 7u, 4);
	ck_assert_uint_eq((w >> 3) & 7u, 3);
	ck_assert_uint_eq((w >> 6) & 0xFu, 9);
	ck_assert_uint_eq((w >> 10) & 0xFu, 5);
	ck_assert_uint_eq((w >> 14) & 3u, 3);           /* both flags, 2 counted as on */
	ck_assert_uint_eq((w >> 16) & 3u, 2);
	ck_assert_uint_eq((w >> 18) & 3u, 1);
	ck_assert_uint_eq(w >> 20, 0xAB);
	ck_assert_uint_eq(PICA_CMD_DATA_PROCTEX1(0x1234, 0x5678), 0x12345678u);
	ck_assert_uint_eq(PICA_CMD_DATA_PROCTEX2(0x9ABC, 0xDEF0), 0x9ABCDEF0u);
	ck_assert_uint_eq(PICA_CMD_DATA_PROCTEX3(0x1111, 0x2222), 0x22221111u);
	w = PICA_CMD_DATA_PROCTEX4(PICA_DATA_PROCTEX_LINEAR_MIPMAP_LINEAR, 0x80, 0xCD);
	ck_assert_uint_eq(w & 7u, 5);
	ck_assert_uint_eq((w >> 3) & 0xFFu, 0x60);
	ck_assert_uint_eq((w >> 11) & 0xFFu, 0x80);
	ck_assert_uint_eq(w >> 19, 0xCD);
	ck_assert_uint_eq(PICA_CMD_DATA_PROCTEX5(0x42), 0xE0C08042u);
	ck_assert_uint_eq(PICA_CMD_DATA_PROCTEX_LUT(0x80, PICA_DATA_PROCTEX_COLOR_DIFF_REF_TABLE),
			  0x580u);
	ck_assert_uint_eq(PICA_CMD_DATA_PROCTEX_LUT_DATA(0xDEADBEEFu), 0xDEADBEEFu);
}
END_TEST

/* ---- gx_MacroShader.h ------------------------------------------------------------- */

static uint32_t f32_bits(float f)
{
	uint32_t u;

	memcpy(&u, &f, sizeof u);
	return u;
}

START_TEST(test_shader_uniform_words_reach_the_units)
{
	const struct hw_gpu *gpu;
	uint32_t f24[3];
	static const float v7[4] = { 0.5f, -2.0f, 8.0f, 1.0f };

	tu_reset();
	hw_reg_pack_f24x4(v7, f24);
	RUN(/* c5 as float32 (w first), c7 as float24 through the data ports */
	    PICA_CMD_SET_VS_FLOAT_ADDR(PICA_DATA_VS_F32, 5),
	    PICA_CMD_DATA_VS_FLOAT(f32_bits(4.0f)), PICA_CMD_HEADER_VS_F32(1),
	    PICA_CMD_DATA_VS_FLOAT(f32_bits(3.0f)), PICA_CMD_DATA_VS_FLOAT(f32_bits(2.0f)),
	    PICA_CMD_DATA_VS_FLOAT(f32_bits(1.0f)), 0,
	    PICA_CMD_DATA_VS_FLOAT_ADDR(PICA_DATA_VS_F24, 7),
	    PICA_CMD_HEADER_SINGLE(0x2C0),
	    f24[0], PICA_CMD_HEADER_BURST(0x2C1, 3), f24[1], f24[2],
	    PICA_CMD_SET_GS_FLOAT_ADDR(PICA_DATA_GS_F32, 3),
	    PICA_CMD_DATA_GS_FLOAT_DATA(f32_bits(-1.0f)), PICA_CMD_HEADER_GS_F32(1),
	    PICA_CMD_DATA_GS_FLOAT_DATA(0), PICA_CMD_DATA_GS_FLOAT_DATA(0),
	    PICA_CMD_DATA_GS_FLOAT_DATA(f32_bits(0.25f)), 0,
	    PICA_CMD_DATA_VS_BOOL(0x8001), PICA_CMD_HEADER_SINGLE(0x2B0),
	    PICA_CMD_DATA_GS_BOOL(0x0002), PICA_CMD_HEADER_SINGLE(0x280),
	    PICA_CMD_DATA_VS_INT(4, 2, 0xFE), PICA_CMD_HEADER_SINGLE(0x2B2),
	    PICA_CMD_DATA_GS_INT(9, 8, 7), PICA_CMD_HEADER_SINGLE(0x284),
	    PICA_CMD_DATA_VS_START_ADDR(0x12), PICA_CMD_HEADER_SINGLE(0x2BA),
	    PICA_CMD_DATA_GS_START_ADDR(0x34), PICA_CMD_HEADER_SINGLE(0x28A));
	gpu = &nngx_state_get()->gpu;
	ck_assert(gpu->vs.f[5][0] == 1.0f && gpu->vs.f[5][1] == 2.0f);
	ck_assert(gpu->vs.f[5][2] == 3.0f && gpu->vs.f[5][3] == 4.0f);
	ck_assert(gpu->vs.f[7][0] == 0.5f && gpu->vs.f[7][1] == -2.0f);
	ck_assert(gpu->vs.f[7][2] == 8.0f && gpu->vs.f[7][3] == 1.0f);
	ck_assert(gpu->gs.f[3][0] == 0.25f && gpu->gs.f[3][3] == -1.0f);
	ck_assert_uint_eq(gpu->vs.b, 0x8001);
	ck_assert_uint_eq(gpu->gs.b, 0x0002);
	ck_assert_uint_eq(gpu->vs.i[1][0], 4);
	ck_assert_uint_eq(gpu->vs.i[1][1], 2);
	ck_assert_uint_eq(gpu->vs.i[1][2], 0xFE);
	ck_assert_uint_eq(gpu->gs.i[3][0], 9);
	ck_assert_uint_eq(gpu->gs.i[3][2], 7);
	ck_assert_uint_eq(gpu->vs.entry, 0x12);
	ck_assert_uint_eq(gpu->gs.entry, 0x34);
	/* The index words: the vertex form takes any non-zero mode as float32,
	 * the geometry form only bit 0 of it (as the SDK's macros). */
	ck_assert(hw_reg_floatuniform_f32(PICA_CMD_DATA_VS_FLOAT_ADDR(2, 0x1FF)));
	ck_assert_uint_eq(hw_reg_floatuniform_index(PICA_CMD_DATA_VS_FLOAT_ADDR(2, 0x1FF)), 0xFF);
	ck_assert(!hw_reg_floatuniform_f32(PICA_CMD_DATA_GS_FLOAT_ADDR(2, 1)));
	ck_assert(hw_reg_floatuniform_f32(PICA_CMD_DATA_GS_FLOAT_ADDR(PICA_DATA_GS_F32, 1)));
}
END_TEST

START_TEST(test_shader_program_words_reach_the_units)
{
	const struct hw_gpu *gpu;

	tu_reset();
	RUN(PICA_CMD_DATA_VS_PROG_ADDR(2), PICA_CMD_HEADER_SINGLE(0x2CB),
	    PICA_CMD_DATA_VS_PROG_DATA(0x11111111u), PICA_CMD_HEADER_BURST(0x2CC, 2),
	    PICA_CMD_DATA_VS_PROG_DATA(0x22222222u), 0,
	    PICA_CMD_DATA_VS_PROG_END(1), PICA_CMD_HEADER_SINGLE(0x2BF),
	    PICA_CMD_DATA_VS_PROG_SWIZZLE_ADDR(1), PICA_CMD_HEADER_SINGLE(0x2D5),
	    PICA_CMD_DATA_VS_PROG_SWIZZLE_DATA(0x0000036Fu), PICA_CMD_HEADER_SINGLE(0x2D6),
	    PICA_CMD_DATA_GS_PROG_ADDR(0), PICA_CMD_HEADER_SINGLE(0x29B),
	    PICA_CMD_DATA_GS_PROG_DATA(0x33333333u), PICA_CMD_HEADER_SINGLE(0x29C),
	    PICA_CMD_DATA_GS_PROG_SWIZZLE_ADDR(3), PICA_CMD_HEADER_SINGLE(0x2A5),
	    PICA_CMD_DATA_GS_PROG_SWIZZLE_DATA(0x0000001Fu), PICA_CMD_HEADER_SINGLE(0x2A6));
	gpu = &nngx_state_get()->gpu;
	ck_assert_uint_eq(gpu->vs.code[2], 0x11111111u);
	ck_assert_uint_eq(gpu->vs.code[3], 0x22222222u);
	ck_assert_uint_eq(gpu->vs.opdesc[1], 0x0000036Fu);
	ck_assert_uint_eq(gpu->gs.code[0], 0x33333333u);
	ck_assert_uint_eq(gpu->gs.opdesc[3], 0x0000001Fu);
}
END_TEST

START_TEST(test_shader_input_and_output_words_decode_as_given)
{
	const uint32_t *r;

	tu_reset();
	r = RUN(PICA_CMD_SET_VS_ATTR_NUM(3),
		PICA_CMD_DATA_VS_ATTR_IN_REG_MAP0(1, 0, 3, 2, 5, 4, 7, 6), PICA_CMD_HEADER_SINGLE(0x2BB),
		PICA_CMD_DATA_VS_ATTR_IN_REG_MAP1(15, 14, 13, 12), PICA_CMD_HEADER_SINGLE(0x2BC),
		PICA_CMD_SET_VS_GS_OUT_REG_NUM(5),
		PICA_CMD_SET_DRAW_MODE2(PICA_DATA_DRAW_TRIANGLE_FAN),
		PICA_CMD_DATA_VS_OUT_MASK(0x1001F), PICA_CMD_HEADER_SINGLE(0x2BD),
		PICA_CMD_DATA_GS_OUT_MASK(0x7F), PICA_CMD_HEADER_SINGLE(0x28D),
		PICA_CMD_DATA_VS_GS_OUT_ATTR(PICA_DATA_VS_OUT_ATTR_TEX2_U, PICA_DATA_VS_OUT_ATTR_VIEW_Z,
					     PICA_DATA_VS_OUT_ATTR_QUART_W, PICA_DATA_VS_OUT_ATTR_INVALID),
		PICA_CMD_HEADER_SINGLE(0x053),
		PICA_CMD_DATA_VS_GS_OUT_ATTR_MODE(1), PICA_CMD_HEADER_SINGLE(0x064),
		PICA_CMD_DATA_VS_GS_OUT_ATTR_CLK(1, 0, 1, 0, 1, 0, 1), PICA_CMD_HEADER_SINGLE(0x06F));
	ck_assert_uint_eq(hw_reg_count4(r[0x2B9]), 3);
	ck_assert_uint_eq(hw_reg_inputbuffer_mode(r[0x2B9]), HW_REG_INPUTBUFFER_NO_GS);
	ck_assert_uint_eq(hw_reg_count4(r[HW_REG_VSH_NUM_ATTR]), 3);
	ck_assert_uint_eq(hw_reg_sh_input_register(r[0x2BB], r[0x2BC], 0), 1);
	ck_assert_uint_eq(hw_reg_sh_input_register(r[0x2BB], r[0x2BC], 7), 6);
	ck_assert_uint_eq(hw_reg_sh_input_register(r[0x2BB], r[0x2BC], 8), 15);
	ck_assert_uint_eq(hw_reg_sh_input_register(r[0x2BB], r[0x2BC], 11), 12);
	ck_assert_uint_eq(hw_reg_outmap_total(r[HW_REG_SH_OUTMAP_TOTAL]), 5);
	ck_assert_uint_eq(hw_reg_count4(r[HW_REG_VSH_OUTMAP_TOTAL1]), 5);
	ck_assert_uint_eq(hw_reg_count4(r[HW_REG_VSH_OUTMAP_TOTAL2]), 5);
	/* SET_DRAW_MODE2 wrote the mode byte only: the count stays. */
	ck_assert_uint_eq(hw_reg_count4(r[HW_REG_PRIMITIVE_CONFIG]), 5);
	ck_assert_uint_eq(hw_reg_primitive_mode(r[HW_REG_PRIMITIVE_CONFIG]), HW_REG_PRIM_FAN);
	ck_assert_uint_eq(hw_reg_low16(r[0x2BD]), 0x001F);
	ck_assert_uint_eq(r[0x28D], 0x7F);
	ck_assert_uint_eq(hw_reg_outmap_semantic(r[HW_REG_SH_OUTMAP_O(3)], 0), HW_REG_SEM_TEX2_U);
	ck_assert_uint_eq(hw_reg_outmap_semantic(r[HW_REG_SH_OUTMAP_O(3)], 1), HW_REG_SEM_VIEW_Z);
	ck_assert_uint_eq(hw_reg_outmap_semantic(r[HW_REG_SH_OUTMAP_O(3)], 2), HW_REG_SEM_QUAT_W);
	ck_assert_uint_eq(hw_reg_outmap_semantic(r[HW_REG_SH_OUTMAP_O(3)], 3), HW_REG_SEM_UNUSED);
	ck_assert(hw_reg_bit0(r[HW_REG_SH_OUTATTR_MODE]));
	ck_assert_uint_eq(r[HW_REG_SH_OUTATTR_CLOCK],
			  HW_REG_OUTATTR_CLOCK_POS_Z | HW_REG_OUTATTR_CLOCK_TEXCOORD0 |
			  HW_REG_OUTATTR_CLOCK_TEXCOORD2 | HW_REG_OUTATTR_CLOCK_QUAT_VIEW);
	ck_assert_uint_eq(PICA_CMD_DATA_VS_GS_OUT_ATTR_CLK(0, 2, 0, 3, 0, 4, 0),
			  HW_REG_OUTATTR_CLOCK_COLOR | HW_REG_OUTATTR_CLOCK_TEXCOORD1 |
			  HW_REG_OUTATTR_CLOCK_TEXCOORD0W);
	ck_assert_uint_eq(PICA_CMD_DATA_VS_GS_OUT_REG_NUM(7), 7);
	ck_assert_uint_eq(PICA_CMD_DATA_VS_GS_OUT_REG_NUM3(7, PICA_DATA_DRAW_TRIANGLES), 0x306);
}
END_TEST

START_TEST(test_geometry_unit_words_decode_as_given)
{
	const uint32_t *r;
	unsigned k;

	tu_reset();
	/* Bytes of 0x200 and 0x251 the dummies must not touch. */
	r = RUN(0x12345678u, PICA_CMD_HEADER_SINGLE(0x200), 0x5u, PICA_CMD_HEADER_SINGLE(0x251),
		0xFFu << 16, PICA_CMD_HEADER_SINGLE(0x289),
		PICA_CMD_SET_GS_ATTR_NUM(4, 1, 1),
		PICA_CMD_SET_GS_ATTR_IN_MAP_RESERVED(),
		PICA_CMD_SET_VS_COM_MODE(1),
		PICA_CMD_SET_VS_GS_MODE(1, 1),
		PICA_CMD_SET_DRAW_MODE1(1, 1),
		PICA_CMD_DATA_GS_MISC_REG1(PICA_DATA_GS_SUBDIVISION_CATMULL_MODE),
		PICA_CMD_HEADER_SINGLE(HW_REG_GSH_MISC1),
		PICA_CMD_SET_GS_MISC_REG0_PARTICLE());
	ck_assert_uint_eq(hw_reg_count4(r[0x289]), 4);
	ck_assert_uint_eq(hw_reg_inputbuffer_mode(r[0x289]), HW_REG_INPUTBUFFER_GS);
	ck_assert_uint_eq((r[0x289] >> 8) & 0xFFu, 1);
	ck_assert_uint_eq((r[0x289] >> 16) & 0xFFu, 0xFF);      /* byte 2 left alone */
	for (k = 0; k < 16; k++)                                 /* the identity */
		ck_assert_uint_eq(hw_reg_sh_input_register(r[0x28B], r[0x28C], k), k);
	ck_assert(hw_reg_bit0(r[HW_REG_VSH_COM_MODE]));
	ck_assert_uint_eq(hw_reg_geostage_gs_mode(r[HW_REG_GEOSTAGE_CONFIG]), HW_REG_GEOSTAGE_GS_ON);
	ck_assert(r[HW_REG_GEOSTAGE_CONFIG] & HW_REG_GEOSTAGE_SUBDIVISION);
	ck_assert_uint_eq(r[0x200], 0x12345678u);                /* the dummies wrote nothing */
	ck_assert_uint_eq(r[0x251], 0x5u);
	ck_assert_uint_eq(r[HW_REG_GEOSTAGE_CONFIG2], HW_REG_GEOSTAGE2_FUNCTION | HW_REG_GEOSTAGE_TRI_ELEMENTS);
	ck_assert_uint_eq(r[HW_REG_GSH_MISC1], HW_REG_GSH_SUBDIV_CATMULL);
	ck_assert_uint_eq(r[HW_REG_GSH_MISC0], HW_REG_GSH_MISC0_PARTICLE);
	r = RUN(PICA_CMD_SET_GS_MISC_REG0_SUBDIVISION_LOOP(), PICA_CMD_SET_DRAW_MODE0(1),
		PICA_CMD_SET_GS_ATTR_NUM(1, 0, 0));
	ck_assert_uint_eq(r[HW_REG_GSH_MISC0], HW_REG_GSH_MISC0_SUBDIVISION);
	/* SET_DRAW_MODE0 wrote byte 1 only: the switch stays on. */
	ck_assert_uint_eq(hw_reg_geostage_gs_mode(r[HW_REG_GEOSTAGE_CONFIG]), HW_REG_GEOSTAGE_GS_ON);
	ck_assert(r[HW_REG_GEOSTAGE_CONFIG] & HW_REG_GEOSTAGE_TRI_ELEMENTS);
	ck_assert_uint_eq(hw_reg_inputbuffer_mode(r[0x289]), HW_REG_INPUTBUFFER_NO_GS);
	r = RUN(PICA_CMD_SET_GS_MISC_REG0_SUBDIVISION(), PICA_CMD_SET_GS_MISC_REG0_SUBDIVISION_CATMULL());
	ck_assert_uint_eq(r[HW_REG_GSH_MISC0], HW_REG_GSH_MISC0_SUBDIVISION);
	r = RUN(PICA_CMD_SET_GS_MISC_REG0_OTHER(), PICA_CMD_SET_VS_GS_MODE(0, 0));
	ck_assert_uint_eq(r[HW_REG_GSH_MISC0], 0);
	ck_assert_uint_eq(hw_reg_geostage_gs_mode(r[HW_REG_GEOSTAGE_CONFIG]), HW_REG_GEOSTAGE_GS_OFF);
	ck_assert(!(r[HW_REG_GEOSTAGE_CONFIG] & HW_REG_GEOSTAGE_SUBDIVISION));
	/* SET_VS_GS_MODE writes bytes 0 and 3: bit 8 (SET_DRAW_MODE0) stays. */
	ck_assert(r[HW_REG_GEOSTAGE_CONFIG] & HW_REG_GEOSTAGE_TRI_ELEMENTS);
	ck_assert_uint_eq(PICA_CMD_DATA_GS_MISC_REG1(PICA_DATA_GS_SUBDIVISION_LOOP_MODE), HW_REG_GSH_SUBDIV_LOOP);
	ck_assert_uint_eq(PICA_CMD_DATA_GS_MISC_REG1(PICA_DATA_GS_PARTICLE_MODE), 0);
	ck_assert(!hw_reg_bit0(PICA_CMD_DATA_VS_COM_MODE(0)));
	{
		static const u32 dummies[] = { PICA_CMD_SET_VS_GS_MODE(1, 0) };

		ck_assert_uint_eq(sizeof dummies / sizeof dummies[0], 12 + 32 + 2 + 32);
	}
}
END_TEST

START_TEST(test_vertex_array_words_decode_as_given)
{
	const uint32_t *r;

	tu_reset();
	r = RUN(PICA_CMD_DATA_VERTEX_ATTR_ARRAYS_BASE_ADDR(0x18001230u), PICA_CMD_HEADER_SINGLE(0x200),
		PICA_CMD_DATA_VERTEX_ATTR_ARRAYS0(PICA_DATA_SIZE_3_FLOAT, PICA_DATA_SIZE_4_UNSIGNED_BYTE,
						  PICA_DATA_SIZE_2_SHORT, PICA_DATA_SIZE_1_BYTE,
						  0, 0, 0, PICA_DATA_SIZE_2_FLOAT),
		PICA_CMD_HEADER_SINGLE(0x201),
		PICA_CMD_DATA_VERTEX_ATTR_ARRAYS1(PICA_DATA_SIZE_4_SHORT, 0, 0, PICA_DATA_SIZE_1_FLOAT,
						  0x810, 12),
		PICA_CMD_HEADER_SINGLE(0x202),
		PICA_CMD_DATA_LOAD_ARRAY0_ATTR_OFFSET(0x40), PICA_CMD_HEADER_SINGLE(0x203 + 3),
		PICA_CMD_DATA_LOAD_ARRAY_ELEMENT0(PICA_DATA_VERTEX_1_ATTR, PICA_DATA_PADDING_8_BYTE,
						  PICA_DATA_VERTEX_b_ATTR, 0, 0, 0, 0, 0),
		PICA_CMD_HEADER_SINGLE(0x204 + 3),
		PICA_CMD_DATA_LOAD_ARRAY_ELEMENT1(0, 0, 0, PICA_DATA_VERTEX_a_ATTR, 28, 3),
		PICA_CMD_HEADER_SINGLE(0x205 + 3),
		PICA_CMD_DATA_INDEX_ARRAY_ADDR_OFFSET(0x120, PICA_DATA_INDEX_ARRAY_UNSIGNED_SHORT),
		PICA_CMD_HEADER_SINGLE(0x227),
		PICA_CMD_SET_VS_FIXED_ATTR(PICA_DATA_VERTEX_3_ATTR, 0x111111u, 0x222222u, 0x333333u),
		PICA_CMD_DATA_DRAW_VERTEX_NUM(36), PICA_CMD_HEADER_SINGLE(0x228),
		PICA_CMD_DATA_DRAW_VERTEX_OFFSET(9), PICA_CMD_HEADER_SINGLE(0x22A),
		PICA_CMD_DATA_START_DRAW_FUNC1(7), PICA_CMD_HEADER_SINGLE(0x25F));
	ck_assert_uint_eq(hw_reg_attribbuffers_base(r[0x200]), 0x18001230u);
	/* The base is rounded down to 16 bytes: bit 0 of the word stays 0. */
	ck_assert_uint_eq(PICA_CMD_DATA_VERTEX_ATTR_ARRAYS_BASE_ADDR(0x18001238u), 0x18001230u >> 3);
	ck_assert_uint_eq(hw_reg_attrib_format(r[0x201], r[0x202], 0), PICA_DATA_SIZE_3_FLOAT);
	ck_assert_uint_eq(hw_reg_attrib_type(hw_reg_attrib_format(r[0x201], r[0x202], 1)), HW_REG_ATTRIB_UBYTE);
	ck_assert_uint_eq(hw_reg_attrib_components(hw_reg_attrib_format(r[0x201], r[0x202], 1)), 4);
	ck_assert_uint_eq(hw_reg_attrib_type(hw_reg_attrib_format(r[0x201], r[0x202], 2)), HW_REG_ATTRIB_SHORT);
	ck_assert_uint_eq(hw_reg_attrib_components(hw_reg_attrib_format(r[0x201], r[0x202], 7)), 2);
	ck_assert_uint_eq(hw_reg_attrib_components(hw_reg_attrib_format(r[0x201], r[0x202], 8)), 4);
	ck_assert_uint_eq(hw_reg_attrib_type(hw_reg_attrib_format(r[0x201], r[0x202], 11)), HW_REG_ATTRIB_FLOAT);
	ck_assert_uint_eq(hw_reg_fixed_attrib_mask(r[0x202]), 0x810);
	ck_assert_uint_eq(hw_reg_attrib_total(r[0x202]), 12);
	ck_assert_uint_eq(hw_reg_attribbuffer_offset(r[HW_REG_ATTRIBBUFFER_OFFSET(1)]), 0x40);
	ck_assert_uint_eq(hw_reg_attribbuffer_component(r[HW_REG_ATTRIBBUFFER_CONFIG1(1)],
							r[HW_REG_ATTRIBBUFFER_CONFIG2(1)], 0), 1);
	ck_assert_uint_eq(hw_reg_component_padding_bytes(hw_reg_attribbuffer_component(
				  r[HW_REG_ATTRIBBUFFER_CONFIG1(1)], r[HW_REG_ATTRIBBUFFER_CONFIG2(1)], 1)), 8);
	ck_assert_uint_eq(hw_reg_attribbuffer_component(r[HW_REG_ATTRIBBUFFER_CONFIG1(1)],
							r[HW_REG_ATTRIBBUFFER_CONFIG2(1)], 2), 11);
	ck_assert_uint_eq(hw_reg_attribbuffer_component(r[HW_REG_ATTRIBBUFFER_CONFIG1(1)],
							r[HW_REG_ATTRIBBUFFER_CONFIG2(1)], 11), 10);
	ck_assert_uint_eq(hw_reg_attribbuffer_stride(r[HW_REG_ATTRIBBUFFER_CONFIG2(1)]), 28);
	ck_assert_uint_eq(hw_reg_attribbuffer_ncomponents(r[HW_REG_ATTRIBBUFFER_CONFIG2(1)]), 3);
	ck_assert_uint_eq(hw_reg_indexbuffer_offset(r[0x227]), 0x120);
	ck_assert(hw_reg_indexbuffer_16bit(r[0x227]));
	ck_assert_uint_eq(hw_reg_fixedattrib_index(r[HW_REG_FIXEDATTRIB_INDEX]), 3);
	ck_assert_uint_eq(r[HW_REG_FIXEDATTRIB_DATA(0)], 0x111111u);
	ck_assert_uint_eq(r[HW_REG_FIXEDATTRIB_DATA(1)], 0x222222u);
	ck_assert_uint_eq(r[HW_REG_FIXEDATTRIB_DATA(2)], 0x333333u);
	ck_assert_uint_eq(r[HW_REG_NUMVERTICES], 36);
	ck_assert_uint_eq(r[HW_REG_VERTEX_OFFSET], 9);
	ck_assert(hw_reg_bit0(r[HW_REG_RESTART_PRIMITIVE]));
	ck_assert(!hw_reg_indexbuffer_16bit(PICA_CMD_DATA_INDEX_ARRAY_ADDR_OFFSET(0, 0)));
	ck_assert_uint_eq(PICA_CMD_DATA_VS_FIXED_ATTR(0x1F), 0xF);
	ck_assert_uint_eq(PICA_CMD_DATA_START_DRAW_FUNC(5), 1);
}
END_TEST

/* Vertices where the simulated GPU reads them (as check_cmdlist.c). */
static uint32_t put_triangles(void)
{
	static const float two[] = {
		-0.5f, -0.5f, -0.5f,   0.5f, -0.5f, -0.5f,   0.0f, 0.5f, -0.5f,
		-0.5f,  0.5f, -0.5f,   0.5f,  0.5f, -0.5f,   0.0f, 0.9f, -0.5f,
	};
	struct hw_memory *mem = &nngx_state_get()->gpu.memory;
	uint32_t base = hw_memory_alloc(mem, HW_AREA_VRAM_B, sizeof two);

	memcpy(hw_memory_host(mem, base, sizeof two), two, sizeof two);
	return base;
}

static void append(struct pica_cmd *c, const u32 *w, size_t n)
{
	ck_assert_uint_le(c->n + n, PICA_CMD_MAX_WORDS);
	memcpy(c->w + c->n, w, n * sizeof *w);
	c->n += n;
}

#define APPEND(c, ...) append(c, (const u32[]){ __VA_ARGS__ }, \
			      sizeof((const u32[]){ __VA_ARGS__ }) / sizeof(u32))

/* The draw the command-list suites make (pica_cmd_triangle_draw: six
 * float3 vertices, a triangle list), with everything but the shader
 * upload and the viewport written through the macros: it draws the same
 * two triangles. */
START_TEST(test_a_draw_built_with_the_macros_draws)
{
	static struct pica_cmd c;
	struct shader_asm a;
	struct hw_shader_state prog;
	GLuint poly[NN_GX_PROFILING_RESULT_BUFSIZE_POLYGON];
	uint32_t base;

	tu_reset();
	base = put_triangles();
	ck_assert(asm_passthrough(&a, &prog));
	pica_cmd_init(&c);
	pica_cmd_vs_program(&c, &prog, a.ncode, a.nopdesc, 0);
	pica_cmd_reg(&c, 0x041, pica_f24(120));
	pica_cmd_reg(&c, 0x043, pica_f24(200));
	APPEND(&c,
	       PICA_CMD_DATA_VERTEX_ATTR_ARRAYS_BASE_ADDR(base), PICA_CMD_HEADER_SINGLE(0x200),
	       PICA_CMD_DATA_VERTEX_ATTR_ARRAYS0(PICA_DATA_SIZE_3_FLOAT, 0, 0, 0, 0, 0, 0, 0),
	       PICA_CMD_HEADER_SINGLE(0x201),
	       PICA_CMD_DATA_VERTEX_ATTR_ARRAYS1(0, 0, 0, 0, 0, 1), PICA_CMD_HEADER_SINGLE(0x202),
	       PICA_CMD_DATA_LOAD_ARRAY0_ATTR_OFFSET(0), PICA_CMD_HEADER_SINGLE(0x203),
	       PICA_CMD_DATA_LOAD_ARRAY_ELEMENT0(PICA_DATA_VERTEX_0_ATTR, 0, 0, 0, 0, 0, 0, 0),
	       PICA_CMD_HEADER_SINGLE(0x204),
	       PICA_CMD_DATA_LOAD_ARRAY_ELEMENT1(0, 0, 0, 0, 12, 1), PICA_CMD_HEADER_SINGLE(0x205),
	       PICA_CMD_SET_VS_ATTR_NUM(1),
	       PICA_CMD_DATA_VS_ATTR_IN_REG_MAP0(0, 1, 2, 3, 4, 5, 6, 7), PICA_CMD_HEADER_SINGLE(0x2BB),
	       PICA_CMD_DATA_VS_OUT_MASK(1), PICA_CMD_HEADER_SINGLE(0x2BD),
	       PICA_CMD_SET_VS_GS_OUT_REG_NUM(1),
	       PICA_CMD_DATA_VS_GS_OUT_ATTR(PICA_DATA_VS_OUT_ATTR_X, PICA_DATA_VS_OUT_ATTR_Y,
					    PICA_DATA_VS_OUT_ATTR_Z, PICA_DATA_VS_OUT_ATTR_W),
	       PICA_CMD_HEADER_SINGLE(0x050),
	       PICA_CMD_SET_DRAW_MODE2(0),
	       PICA_CMD_DATA_DRAW_VERTEX_NUM(6), PICA_CMD_HEADER_SINGLE(0x228),
	       PICA_CMD_DATA_DRAW_VERTEX_OFFSET(0), PICA_CMD_HEADER_SINGLE(0x22A),
	       PICA_CMD_SET_START_DRAW_ARRAY(1));
	run_words(c.w, c.n);
	nngxGetProfilingResult(NN_GX_PROFILING_POLYGON, poly);
	ck_assert_uint_eq(poly[0], 6);
	ck_assert_uint_eq(poly[1], 2);
	ck_assert_uint_eq(poly[2], 2);
	/* The kick leaves configuration mode on and the mode byte cleared. */
	ck_assert(hw_reg_bit0(nngx_state_get()->gpu.regs[HW_REG_START_DRAW_FUNC0]));
	ck_assert_uint_eq(nngx_state_get()->gpu.regs[HW_REG_PRIMITIVE_CONFIG] >> 24, 0);
	{
		static const u32 kick[] = { PICA_CMD_SET_START_DRAW_ELEMENT(1) };

		ck_assert_uint_eq(sizeof kick / sizeof kick[0], 12);
		ck_assert_uint_eq(kick[3], 0x000F022Fu);
	}
}
END_TEST

/* ---- gx_MacroFragment.h ----------------------------------------------------------- */

START_TEST(test_frag_light_switch_count_and_order_decode_as_given)
{
	const uint32_t *r;

	tu_reset();
	r = RUN(PICA_CMD_SET_FRAG_LIGHT_ENABLE(GL_TRUE),
		PICA_CMD_SET_FRAG_LIGHT_NUM(3),
		PICA_CMD_DATA_FRAG_LIGHT_EN_ID(5, 2, 7, 0, 1, 3, 4, 6),
		PICA_CMD_HEADER_SINGLE(HW_REG_LIGHTING_LIGHT_PERMUTATION));
	ck_assert(hw_reg_lighting_on(r[HW_REG_LIGHTING_ENABLE0], r[HW_REG_LIGHTING_ENABLE1]));
	ck_assert_uint_eq(hw_reg_lighting_num_lights(r[HW_REG_LIGHTING_NUM_LIGHTS]), 3);
	ck_assert_uint_eq(hw_reg_lighting_light_id(r[HW_REG_LIGHTING_LIGHT_PERMUTATION], 0), 5);
	ck_assert_uint_eq(hw_reg_lighting_light_id(r[HW_REG_LIGHTING_LIGHT_PERMUTATION], 1), 2);
	ck_assert_uint_eq(hw_reg_lighting_light_id(r[HW_REG_LIGHTING_LIGHT_PERMUTATION], 7), 6);
	ck_assert_uint_eq(hw_reg_lighting_light_mask(r[HW_REG_LIGHTING_NUM_LIGHTS],
						     r[HW_REG_LIGHTING_LIGHT_PERMUTATION]),
			  1u << 5 | 1u << 2 | 1u << 7);

	/* Off writes both registers; a count of 0 is stored as one light. */
	r = RUN(PICA_CMD_SET_FRAG_LIGHT_ENABLE(GL_FALSE), PICA_CMD_SET_FRAG_LIGHT_NUM(0));
	ck_assert(!hw_reg_lighting_on(r[HW_REG_LIGHTING_ENABLE0], r[HW_REG_LIGHTING_ENABLE1]));
	ck_assert_uint_eq(r[HW_REG_LIGHTING_ENABLE0], 0);
	ck_assert_uint_eq(r[HW_REG_LIGHTING_ENABLE1], 1);
	ck_assert_uint_eq(hw_reg_lighting_num_lights(r[HW_REG_LIGHTING_NUM_LIGHTS]), 1);
	r = RUN(PICA_CMD_SET_FRAG_LIGHT_NUM(8));
	ck_assert_uint_eq(hw_reg_lighting_num_lights(r[HW_REG_LIGHTING_NUM_LIGHTS]), 8);
	ck_assert_uint_eq(PICA_CMD_DATA_FRAG_LIGHT_NUM(-2), 0);
	ck_assert_uint_eq(PICA_CMD_DATA_FRAG_LIGHT_EN(2), 1);
	ck_assert_uint_eq(PICA_CMD_DATA_FRAG_LIGHT_EN_INV(2), 0);
}
END_TEST

START_TEST(test_frag_light_source_words_decode_as_given)
{
	static const unsigned lights[] = { 0, 3, 7 };
	struct color8 spec0 = { 0x10, 0x20, 0x30, 0 }, spec1 = { 0xFF, 0x00, 0x80, 0 };
	struct color8 diff = { 0x01, 0x02, 0x03, 0 }, amb = { 0xC0, 0xB0, 0xA0, 0 };
	struct color8 global = { 0x7F, 0x3E, 0x1D, 0xFF };
	const uint32_t *r;
	unsigned k;

	tu_reset();
	for (k = 0; k < sizeof lights / sizeof lights[0]; k++) {
		unsigned i = lights[k];

		r = RUN(PICA_CMD_DATA_FRAG_LIGHT_SRC(spec0),
			PICA_CMD_HEADER_SINGLE(HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_SPECULAR0)),
			PICA_CMD_DATA_FRAG_LIGHT_SRC(spec1),
			PICA_CMD_HEADER_SINGLE(HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_SPECULAR1)),
			PICA_CMD_DATA_FRAG_LIGHT_SRC(diff),
			PICA_CMD_HEADER_SINGLE(HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_DIFFUSE)),
			PICA_CMD_DATA_FRAG_LIGHT_SRC(amb),
			PICA_CMD_HEADER_SINGLE(HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_AMBIENT)),
			PICA_CMD_DATA_FRAG_LIGHT_POSITION_XY(0x3C00 + i, 0xBC00),
			PICA_CMD_HEADER_SINGLE(HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_XY)),
			PICA_CMD_DATA_FRAG_LIGHT_POSITION_Z(0x4000 + i),
			PICA_CMD_HEADER_SINGLE(HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_Z)),
			PICA_CMD_DATA_FRAG_LIGHT_SPOT_XY(0x1800, 0x0801 + i),
			PICA_CMD_HEADER_SINGLE(HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_SPOTDIR_XY)),
			PICA_CMD_DATA_FRAG_LIGHT_SPOT_Z(0x1FFF - i),
			PICA_CMD_HEADER_SINGLE(HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_SPOTDIR_Z)),
			PICA_CMD_DATA_FRAG_LIGHT_DIST_ATTN_BIAS(0xABCDE),
			PICA_CMD_HEADER_SINGLE(HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_ATTENUATION_BIAS)),
			PICA_CMD_DATA_FRAG_LIGHT_DIST_ATTN_SCALE(0x12345 + i),
			PICA_CMD_HEADER_SINGLE(HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_ATTENUATION_SCALE)),
			PICA_CMD_DATA_FRAG_LIGHT_TYPE(1, GL_TRUE, GL_FALSE, 5),
			PICA_CMD_HEADER_SINGLE(HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_CONFIG)));
		/* R, G, B of each colour (10-bit fields, blue lowest). */
		ck_assert_uint_eq(hw_reg_light_color(r[HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_SPECULAR0)], 0), 0x10);
		ck_assert_uint_eq(hw_reg_light_color(r[HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_SPECULAR0)], 1), 0x20);
		ck_assert_uint_eq(hw_reg_light_color(r[HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_SPECULAR0)], 2), 0x30);
		ck_assert_uint_eq(r[HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_SPECULAR1)], 0xFFu << 20 | 0x80u);
		ck_assert_uint_eq(hw_reg_light_color(r[HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_DIFFUSE)], 1), 0x02);
		ck_assert_uint_eq(hw_reg_light_color(r[HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_AMBIENT)], 0), 0xC0);
		ck_assert_uint_eq(hw_reg_light_color(r[HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_AMBIENT)], 2), 0xA0);
		/* Two 16-bit halves, x low; z, spot z and the 20-bit floats alone. */
		ck_assert_uint_eq(r[HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_XY)], 0xBC00u << 16 | (0x3C00u + i));
		ck_assert_uint_eq(r[HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_Z)], 0x4000u + i);
		ck_assert_uint_eq(r[HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_SPOTDIR_XY)], (0x0801u + i) << 16 | 0x1800u);
		ck_assert_uint_eq(r[HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_SPOTDIR_Z)], 0x1FFFu - i);
		ck_assert_uint_eq(r[HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_ATTENUATION_BIAS)], 0xABCDE);
		ck_assert_uint_eq(r[HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_ATTENUATION_SCALE)], 0x12345u + i);
		/* A positional light: both sides and the second geometric factor. */
		ck_assert_uint_eq(r[HW_REG_LIGHT(i, HW_REG_LIGHT_OFF_CONFIG)],
				  HW_REG_LIGHTI_TWO_SIDED | HW_REG_LIGHTI_GEOM_FACTOR1);
	}
	r = RUN(PICA_CMD_DATA_FRAG_LIGHT_AMBIENT(global), PICA_CMD_HEADER_SINGLE(HW_REG_LIGHTING_AMBIENT),
		PICA_CMD_DATA_FRAG_LIGHT_TYPE(0, GL_FALSE, GL_FALSE, GL_FALSE),
		PICA_CMD_HEADER_SINGLE(HW_REG_LIGHT(2, HW_REG_LIGHT_OFF_CONFIG)));
	ck_assert_uint_eq(hw_reg_light_color(r[HW_REG_LIGHTING_AMBIENT], 0), 0x7F);
	ck_assert_uint_eq(hw_reg_light_color(r[HW_REG_LIGHTING_AMBIENT], 1), 0x3E);
	ck_assert_uint_eq(hw_reg_light_color(r[HW_REG_LIGHTING_AMBIENT], 2), 0x1D);
	ck_assert_uint_eq(r[HW_REG_LIGHTING_AMBIENT] >> 30, 0);          /* alpha is not used */
	ck_assert_uint_eq(r[HW_REG_LIGHT(2, HW_REG_LIGHT_OFF_CONFIG)], HW_REG_LIGHTI_DIRECTIONAL);
	/* A directional light gets bit 0 alone, whatever the other flags (the
	 * SDK macro's word); a positional one never gets bit 0. */
	ck_assert_uint_eq(PICA_CMD_DATA_FRAG_LIGHT_TYPE(0, 1, 1, 1), HW_REG_LIGHTI_DIRECTIONAL);
	ck_assert_uint_eq(PICA_CMD_DATA_FRAG_LIGHT_TYPE(2, 0, 1, 0), HW_REG_LIGHTI_GEOM_FACTOR0);
	ck_assert_uint_eq(PICA_CMD_DATA_FRAG_LIGHT_TYPE(-1, 1, 1, 1),
			  HW_REG_LIGHTI_TWO_SIDED | HW_REG_LIGHTI_GEOM_FACTOR0 | HW_REG_LIGHTI_GEOM_FACTOR1);
}
END_TEST

START_TEST(test_frag_light_switches_decode_as_given)
{
	const uint32_t *r;
	uint32_t c1;
	unsigned i;

	tu_reset();
	/* Light 3: shadow and attenuation on, spotlight off; D0 and FR on,
	 * D1 and the reflection tables off. */
	r = RUN(PICA_CMD_DATA_FRAG_LIGHT_FUNC_MODE1(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE, GL_TRUE,
						    GL_FALSE, GL_TRUE, 3),
		PICA_CMD_HEADER_SINGLE(HW_REG_LIGHTING_CONFIG1));
	c1 = r[HW_REG_LIGHTING_CONFIG1];
	ck_assert(hw_reg_light_shadow_on(c1, 3));
	ck_assert(!hw_reg_light_spot_on(c1, 3));
	ck_assert(hw_reg_light_dist_atten_on(c1, 3));
	ck_assert_uint_eq(c1 & 0xFF00FFFFu, 0x100u << 3);  /* no bit of another light */
	ck_assert(!(c1 & HW_REG_LIGHTCFG1_D0_OFF));
	ck_assert(c1 & HW_REG_LIGHTCFG1_D1_OFF);
	ck_assert(!(c1 & HW_REG_LIGHTCFG1_FR_OFF));
	ck_assert(c1 & HW_REG_LIGHTCFG1_RB_OFF);
	ck_assert(c1 & HW_REG_LIGHTCFG1_RG_OFF);
	ck_assert(c1 & HW_REG_LIGHTCFG1_RR_OFF);
	ck_assert(c1 & HW_REG_LIGHTCFG1_FIXED_ONE);
	/* With configuration 7 (all tables) and lights 3 and 5 active. */
	ck_assert_uint_eq(hw_reg_lighting_luts_used(0x80, c1, 1u << 3 | 1u << 5),
			  1u << HW_REG_LUT_D0 | 1u << HW_REG_LUT_FR | 1u << HW_REG_LUT_SP |
			  1u << HW_REG_LUT_DA);

	/* The two halves, one light source per call, ORed as engines do. */
	for (i = 0; i < 8; i++) {
		r = RUN(PICA_CMD_DATA_FRAG_LIGHT_FUNC_MODE1_LUT(GL_FALSE, GL_TRUE, GL_FALSE, GL_TRUE) |
				PICA_CMD_DATA_FRAG_LIGHT_FUNC_MODE1_LIGHT_SOURCE(i, GL_FALSE, GL_TRUE, GL_FALSE),
			PICA_CMD_HEADER_SINGLE(HW_REG_LIGHTING_CONFIG1));
		c1 = r[HW_REG_LIGHTING_CONFIG1];
		ck_assert(!hw_reg_light_shadow_on(c1, i));
		ck_assert(hw_reg_light_spot_on(c1, i));
		ck_assert(!hw_reg_light_dist_atten_on(c1, i));
		ck_assert_uint_eq(c1 & ~(0x01000101u << i),
				  HW_REG_LIGHTCFG1_D0_OFF | HW_REG_LIGHTCFG1_FIXED_ONE | HW_REG_LIGHTCFG1_FR_OFF);
		ck_assert_uint_eq(PICA_CMD_DATA_FRAG_LIGHT_FUNC_MODE1(0, 1, 0, 1, 0, 1, 0, i), c1);
	}
}
END_TEST

START_TEST(test_frag_light_tables_decode_as_given)
{
	/* Per table D0, D1, SP, FR, RB, RG, RR (HW_REG_LUT_D0..RR). */
	static const unsigned abs_on[7] = { 1, 0, 1, 1, 0, 0, 1 };
	static const unsigned input[7] = { HW_REG_LUTIN_NH, HW_REG_LUTIN_VH, HW_REG_LUTIN_SP,
					   HW_REG_LUTIN_LN, HW_REG_LUTIN_CP, HW_REG_LUTIN_NV,
					   HW_REG_LUTIN_VH };
	static const unsigned scale[7] = { HW_REG_LUTSCALE_1X, HW_REG_LUTSCALE_2X, HW_REG_LUTSCALE_4X,
					   HW_REG_LUTSCALE_8X, HW_REG_LUTSCALE_QUARTER,
					   HW_REG_LUTSCALE_HALF, HW_REG_LUTSCALE_2X };
	const uint32_t *r;
	unsigned k;

	tu_reset();
	r = RUN(PICA_CMD_DATA_FRAG_LIGHT_LUT(0x40, PICA_DATA_FRAG_LIGHT5_SAMPLER_DA),
		PICA_CMD_HEADER_SINGLE(HW_REG_LIGHTING_LUT_INDEX),
		PICA_CMD_DATA_FRAG_LIGHT_LUT_DATA(0xABC, 0x123),
		PICA_CMD_HEADER_SINGLE(HW_REG_LIGHTING_LUT_DATA0),
		PICA_CMD_DATA_FRAG_LIGHT_ABSLUTINPUT(1, 0, 1, 1, 0, 0, 1),
		PICA_CMD_HEADER_SINGLE(HW_REG_LIGHTING_LUTINPUT_ABS),
		PICA_CMD_DATA_FRAG_LIGHT_ENV_LUTINPUT(PICA_DATA_FRAG_LIGHT_ENV_NH_DMP,
						      PICA_DATA_FRAG_LIGHT_ENV_VH_DMP,
						      PICA_DATA_FRAG_LIGHT_ENV_SP_DMP,
						      PICA_DATA_FRAG_LIGHT_ENV_LN_DMP,
						      PICA_DATA_FRAG_LIGHT_ENV_CP_DMP,
						      PICA_DATA_FRAG_LIGHT_ENV_NV_DMP,
						      PICA_DATA_FRAG_LIGHT_ENV_VH_DMP),
		PICA_CMD_HEADER_SINGLE(HW_REG_LIGHTING_LUTINPUT_SELECT),
		PICA_CMD_DATA_FRAG_LIGHT_ENV_LUTSCALE(PICA_DATA_FRAG_LIGHT_ENV_LUTSCALE_1_0,
						      PICA_DATA_FRAG_LIGHT_ENV_LUTSCALE_2_0,
						      PICA_DATA_FRAG_LIGHT_ENV_LUTSCALE_4_0,
						      PICA_DATA_FRAG_LIGHT_ENV_LUTSCALE_8_0,
						      PICA_DATA_FRAG_LIGHT_ENV_LUTSCALE_0_25,
						      PICA_DATA_FRAG_LIGHT_ENV_LUTSCALE_0_5,
						      PICA_DATA_FRAG_LIGHT_ENV_LUTSCALE_2_0),
		PICA_CMD_HEADER_SINGLE(HW_REG_LIGHTING_LUTINPUT_SCALE));
	ck_assert_uint_eq(hw_reg_lighting_lut_index(r[HW_REG_LIGHTING_LUT_INDEX]), 0x40);
	ck_assert_uint_eq(hw_reg_lighting_lut_table(r[HW_REG_LIGHTING_LUT_INDEX]), HW_REG_LIGHTLUT_DA0 + 5);
	ck_assert_uint_eq(r[HW_REG_LIGHTING_LUT_DATA0], 0x123ABCu);
	for (k = 0; k < 7; k++) {
		ck_assert_uint_eq(hw_reg_lutinput_abs(r[HW_REG_LIGHTING_LUTINPUT_ABS], HW_REG_LUT_D0 + k),
				  abs_on[k]);
		ck_assert_uint_eq(hw_reg_lutinput_select(r[HW_REG_LIGHTING_LUTINPUT_SELECT], HW_REG_LUT_D0 + k),
				  input[k]);
		ck_assert_uint_eq(hw_reg_lutinput_scale(r[HW_REG_LIGHTING_LUTINPUT_SCALE], HW_REG_LUT_D0 + k),
				  scale[k]);
	}
	/* Nothing outside the seven fields' bits. */
	ck_assert_uint_eq(r[HW_REG_LIGHTING_LUTINPUT_ABS] & ~0x02222222u, 0);
	ck_assert_uint_eq(PICA_CMD_DATA_FRAG_LIGHT_ABSLUTINPUT(1, 1, 1, 1, 1, 1, 1), 0);
	ck_assert_uint_eq(PICA_CMD_DATA_FRAG_LIGHT_ABSLUTINPUT(0, 0, 0, 0, 0, 0, 0), 0x02222222u);

	/* Every table code lands where the model numbers the tables. */
	ck_assert_uint_eq(hw_reg_lighting_lut_table(PICA_CMD_DATA_FRAG_LIGHT_LUT(0, PICA_DATA_SAMPLER_FR)),
			  HW_REG_LIGHTLUT_FR);
	ck_assert_uint_eq(hw_reg_lighting_lut_table(PICA_CMD_DATA_FRAG_LIGHT_LUT(0, PICA_DATA_SAMPLER_RR)),
			  HW_REG_LIGHTLUT_RR);
	ck_assert_uint_eq(hw_reg_lighting_lut_table(
				  PICA_CMD_DATA_FRAG_LIGHT_LUT(0xFF, PICA_DATA_FRAG_LIGHT7_SAMPLER_SP)),
			  HW_REG_LIGHTLUT_SP0 + 7);
	ck_assert_uint_eq(hw_reg_lighting_lut_index(
				  PICA_CMD_DATA_FRAG_LIGHT_LUT(0xFF, PICA_DATA_FRAG_LIGHT7_SAMPLER_SP)),
			  0xFF);
}
END_TEST

START_TEST(test_frag_light_config_word_decodes_as_given)
{
	const uint32_t *r;
	uint32_t c0;

	tu_reset();
	r = RUN(PICA_CMD_DATA_FRAG_LIGHT_FUNC_MODE0(PICA_DATA_FRAG_LIGHT_ENV_PRI_SEC_ALPHA_FRESNEL,
						    PICA_DATA_FRAG_LIGHT_ENV_LAYER_CONFIG7,
						    GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE,
						    PICA_DATA_FRAG_LIGHT_ENV_TEXTURE2,
						    PICA_DATA_FRAG_LIGHT_ENV_TEXTURE1, GL_TRUE,
						    PICA_DATA_FRAG_LIGHT_ENV_BUMP_AS_TANG_DMP, GL_FALSE),
		PICA_CMD_HEADER_SINGLE(HW_REG_LIGHTING_CONFIG0));
	c0 = r[HW_REG_LIGHTING_CONFIG0];
	ck_assert_uint_eq(hw_reg_lighting_fresnel(c0), HW_REG_FRESNEL_BOTH);
	ck_assert_uint_eq(hw_reg_lighting_lut_config(c0), 8);
	ck_assert_uint_eq(hw_reg_lighting_luts_available(hw_reg_lighting_lut_config(c0)), HW_REG_LUT_ALL);
	ck_assert_uint_eq(hw_reg_lighting_bump_unit(c0), 2);
	ck_assert_uint_eq(hw_reg_lighting_shadow_unit(c0), 1);
	ck_assert_uint_eq(hw_reg_lighting_bump_mode(c0), HW_REG_BUMP_TANGENT);
	ck_assert_uint_eq(c0 & (HW_REG_LIGHTCFG0_SHADOW_FACTOR | HW_REG_LIGHTCFG0_SHADOW_PRIMARY |
				HW_REG_LIGHTCFG0_SHADOW_SECONDARY | HW_REG_LIGHTCFG0_SHADOW_INVERT |
				HW_REG_LIGHTCFG0_SHADOW_ALPHA | HW_REG_LIGHTCFG0_CLAMP_HIGHLIGHTS |
				HW_REG_LIGHTCFG0_NO_BUMP_RECALC),
			  HW_REG_LIGHTCFG0_SHADOW_FACTOR | HW_REG_LIGHTCFG0_SHADOW_PRIMARY |
			  HW_REG_LIGHTCFG0_SHADOW_INVERT | HW_REG_LIGHTCFG0_CLAMP_HIGHLIGHTS |
			  HW_REG_LIGHTCFG0_NO_BUMP_RECALC);
	ck_assert_uint_eq(c0 & HW_REG_LIGHTCFG0_FIXED, HW_REG_LIGHTCFG0_FIXED);

	/* Everything off: the fixed bits alone. Alpha shadow alone still
	 * switches the shadow factor on; renormalised bumps clear bit 30. */
	r = RUN(PICA_CMD_DATA_FRAG_LIGHT_FUNC_MODE0(0, 0, 0, 0, 0, 0, 0, 0, 0,
						    PICA_DATA_FRAG_LIGHT_ENV_BUMP_NOT_USED_DMP, 0),
		PICA_CMD_HEADER_SINGLE(HW_REG_LIGHTING_CONFIG0));
	ck_assert_uint_eq(r[HW_REG_LIGHTING_CONFIG0], HW_REG_LIGHTCFG0_FIXED);
	c0 = PICA_CMD_DATA_FRAG_LIGHT_FUNC_MODE0(PICA_DATA_FRAG_LIGHT_ENV_SEC_ALPHA_FRESNEL,
						 PICA_DATA_FRAG_LIGHT_ENV_LAYER_CONFIG5, 0, 0, 0, 1,
						 PICA_DATA_FRAG_LIGHT_ENV_TEXTURE3,
						 PICA_DATA_FRAG_LIGHT_ENV_TEXTURE3, 0,
						 PICA_DATA_FRAG_LIGHT_ENV_BUMP_AS_BUMP_DMP, 1);
	ck_assert_uint_eq(c0, HW_REG_LIGHTCFG0_FIXED | HW_REG_LIGHTCFG0_SHADOW_FACTOR |
			  HW_REG_LIGHTCFG0_SHADOW_ALPHA | 2u << 2 | 5u << 4 | 3u << 22 | 3u << 24 |
			  (unsigned)HW_REG_BUMP_NORMAL << 28);
	ck_assert_uint_eq(PICA_CMD_DATA_FRAG_LIGHT_ENV_SHADOW_ATTN(0, 2, 0), 1);
	ck_assert_uint_eq(PICA_CMD_DATA_FRAG_LIGHT_ENV_BUMP(PICA_DATA_FRAG_LIGHT_ENV_BUMP_AS_BUMP_DMP, 0), 1);
	ck_assert_uint_eq(PICA_CMD_DATA_FRAG_LIGHT_ENV_BUMP(PICA_DATA_FRAG_LIGHT_ENV_BUMP_NOT_USED_DMP, 0), 0);
}
END_TEST

/* ---- gx_MacroMisc.h --------------------------------------------------------------- */

START_TEST(test_render_buffer_words_decode_as_given)
{
	const uint32_t *r;

	tu_reset();
	r = RUN(PICA_CMD_DATA_RENDER_BUFFER_COLOR_ADDR(0x18300000u), PICA_CMD_HEADER_SINGLE(HW_REG_COLORBUFFER_LOC),
		PICA_CMD_DATA_RENDER_BUFFER_DEPTH_ADDR(0x18412340u), PICA_CMD_HEADER_SINGLE(HW_REG_DEPTHBUFFER_LOC),
		PICA_CMD_DATA_RENDER_BUFFER_COLOR_MODE(PICA_DATA_COLOR_PIXEL_SIZE16, PICA_DATA_COLOR_RGB565),
		PICA_CMD_HEADER_SINGLE(HW_REG_COLORBUFFER_FORMAT),
		PICA_CMD_DATA_RENDER_BUFFER_DEPTH_MODE(PICA_DATA_DEPTH24_STENCIL8_EXT),
		PICA_CMD_HEADER_SINGLE(HW_REG_DEPTHBUFFER_FORMAT),
		PICA_CMD_DATA_RENDER_BUFFER_RESOLUTION(240, 400), PICA_CMD_HEADER_SINGLE(HW_REG_FRAMEBUFFER_DIM),
		PICA_CMD_DATA_RENDER_BUFFER_RESOLUTION(320, 240), PICA_CMD_HEADER_SINGLE(HW_REG_RENDERBUF_DIM),
		PICA_CMD_DATA_RENDER_BLOCK_FORMAT(PICA_DATA_RENDER_BLOCK32_MODE_DMP),
		PICA_CMD_HEADER_SINGLE(HW_REG_FRAMEBUFFER_BLOCK32),
		PICA_CMD_DATA_FRAME_BUFFER_MODE(0xF), PICA_CMD_HEADER_SINGLE(HW_REG_COLORBUFFER_READ),
		PICA_CMD_DATA_FRAME_BUFFER_MODE(0x2), PICA_CMD_HEADER_SINGLE(HW_REG_DEPTHBUFFER_WRITE));
	ck_assert_uint_eq(hw_reg_fb_addr(r[HW_REG_COLORBUFFER_LOC]), 0x18300000u);
	ck_assert_uint_eq(hw_reg_fb_addr(r[HW_REG_DEPTHBUFFER_LOC]), 0x18412340u);
	ck_assert_uint_eq(hw_reg_colorbuffer_pixel_size(r[HW_REG_COLORBUFFER_FORMAT]), 0);
	ck_assert_uint_eq(hw_reg_colorbuffer_format(r[HW_REG_COLORBUFFER_FORMAT]), HW_REG_COLORFMT_RGB565);
	ck_assert_uint_eq(hw_reg_depth_format(r[HW_REG_DEPTHBUFFER_FORMAT]), HW_REG_DEPTHFMT_D24S8);
	ck_assert_uint_eq(hw_reg_renderbuf_width(r[HW_REG_FRAMEBUFFER_DIM]), 240);
	ck_assert_uint_eq(hw_reg_renderbuf_height(r[HW_REG_FRAMEBUFFER_DIM]), 400);
	ck_assert(hw_reg_dim_bit24(r[HW_REG_FRAMEBUFFER_DIM]));
	ck_assert_uint_eq(hw_reg_renderbuf_width(r[HW_REG_RENDERBUF_DIM]), 320);
	ck_assert_uint_eq(hw_reg_renderbuf_height(r[HW_REG_RENDERBUF_DIM]), 240);
	ck_assert_uint_eq(r[HW_REG_RENDERBUF_DIM] >> 22, 0x4);          /* bit 24 alone above */
	ck_assert(hw_reg_bit0(r[HW_REG_FRAMEBUFFER_BLOCK32]));
	ck_assert(hw_reg_colorbuffer_access(r[HW_REG_COLORBUFFER_READ]));
	ck_assert(hw_reg_depthbuffer_depth_access(r[HW_REG_DEPTHBUFFER_WRITE]));
	ck_assert(!hw_reg_depthbuffer_stencil_access(r[HW_REG_DEPTHBUFFER_WRITE]));
	ck_assert_uint_eq(PICA_CMD_DATA_RENDER_BUFFER_COLOR_MODE(PICA_DATA_COLOR_PIXEL_SIZE32,
								 PICA_DATA_COLOR_RGBA4),
			  0x40002u);
	ck_assert_uint_eq(PICA_CMD_DATA_RENDER_BLOCK_FORMAT(7), 1);

	/* The clear pair: data1 to 0x111, data2 to 0x110. */
	{
		static const u32 clear[] = { PICA_CMD_SET_COLOR_DEPTH_BUFFER_CLEAR(GL_TRUE, GL_FALSE) };

		ck_assert_uint_eq(sizeof clear / sizeof clear[0], 4);
		ck_assert_uint_eq(clear[0], 1);
		ck_assert_uint_eq(clear[1], PICA_CMD_HEADER_SINGLE(HW_REG_FRAMEBUFFER_FLUSH));
		ck_assert_uint_eq(clear[2], 0);
		ck_assert_uint_eq(clear[3], PICA_CMD_HEADER_SINGLE(HW_REG_FRAMEBUFFER_INVALIDATE));
		r = run_words(clear, 4);
		ck_assert(hw_reg_bit0(r[HW_REG_FRAMEBUFFER_FLUSH]));
		ck_assert(!hw_reg_bit0(r[HW_REG_FRAMEBUFFER_INVALIDATE]));
	}
}
END_TEST

START_TEST(test_fog_and_gas_words_decode_as_given)
{
	struct color8 fog = { 0x11, 0x22, 0x33, 0x44 }, gas = { 0xA0, 0xB0, 0xC0, 0xD0 };
	const uint32_t *r;

	tu_reset();
	/* The combiner-buffer bits of 0x0E0 (byte 1) survive the fog mode. */
	r = RUN(0x0000FF00u, PICA_CMD_HEADER_SINGLE(HW_REG_TEXENV_UPDATE_BUFFER),
		PICA_CMD_SET_GAS_FOG_MODE(PICA_DATA_GAS, PICA_DATA_GAS_DEPTH_DENSITY_DMP, GL_TRUE),
		PICA_CMD_DATA_FOG_COLOR(fog), PICA_CMD_HEADER_SINGLE(HW_REG_FOG_COLOR),
		PICA_CMD_DATA_GAS_ATTENUATION(0x1234), PICA_CMD_HEADER_SINGLE(HW_REG_GAS_ATTENUATION),
		PICA_CMD_DATA_GAS_ACCMAX(0x5678), PICA_CMD_HEADER_SINGLE(HW_REG_GAS_ACCMAX),
		PICA_CMD_DATA_FOG_LUT_INDEX(0x40), PICA_CMD_HEADER_SINGLE(HW_REG_FOG_LUT_INDEX),
		PICA_CMD_DATA_FOG_LUT_DATA(0xABCDEFu), PICA_CMD_HEADER_SINGLE(HW_REG_FOG_LUT_DATA0),
		PICA_CMD_DATA_GAS_LIGHT_XY(0x01, 0x02, 0x03), PICA_CMD_HEADER_SINGLE(HW_REG_GAS_LIGHT_XY),
		PICA_CMD_DATA_GAS_LIGHT_Z(0x0A, 0x0B, 0x0C), PICA_CMD_HEADER_SINGLE(HW_REG_GAS_LIGHT_Z),
		PICA_CMD_DATA_GAS_LIGHT_Z_COLOR(0x44, PICA_DATA_GAS_LIGHT_FACTOR_DMP),
		PICA_CMD_HEADER_SINGLE(HW_REG_GAS_LIGHT_Z_COLOR),
		PICA_CMD_DATA_GAS_LUT_INDEX(0x08), PICA_CMD_HEADER_SINGLE(HW_REG_GAS_LUT_INDEX),
		PICA_CMD_DATA_GAS_LUT_DATA(gas), PICA_CMD_HEADER_SINGLE(HW_REG_GAS_LUT_DATA),
		PICA_CMD_DATA_GAS_DELTAZ_DEPTH(0x123456, PICA_DATA_DEPTH_TEST2_GEQUAL),
		PICA_CMD_HEADER_SINGLE(HW_REG_GAS_DELTAZ_DEPTH));
	ck_assert_uint_eq(hw_reg_fog_mode(r[HW_REG_TEXENV_UPDATE_BUFFER]), HW_REG_FOGMODE_GAS);
	ck_assert(hw_reg_gas_depth_density(r[HW_REG_TEXENV_UPDATE_BUFFER]));
	ck_assert(hw_reg_fog_z_flip(r[HW_REG_TEXENV_UPDATE_BUFFER]));
	ck_assert(hw_reg_texenv_buffer_rgb(r[HW_REG_TEXENV_UPDATE_BUFFER], 1));
	ck_assert(hw_reg_texenv_buffer_alpha(r[HW_REG_TEXENV_UPDATE_BUFFER], 4));
	ck_assert_uint_eq(r[HW_REG_FOG_COLOR], 0x332211u);
	ck_assert_uint_eq(r[HW_REG_GAS_ATTENUATION], 0x1234);
	ck_assert_uint_eq(r[HW_REG_GAS_ACCMAX], 0x5678);
	ck_assert_uint_eq(r[HW_REG_FOG_LUT_INDEX], 0x40);
	ck_assert_uint_eq(r[HW_REG_FOG_LUT_DATA0], 0xABCDEFu);
	ck_assert_uint_eq(r[HW_REG_GAS_LIGHT_XY], 0x030201u);
	ck_assert_uint_eq(r[HW_REG_GAS_LIGHT_Z], 0x0C0B0Au);
	ck_assert_uint_eq(r[HW_REG_GAS_LIGHT_Z_COLOR], 0x144u);
	ck_assert_uint_eq(r[HW_REG_GAS_LUT_INDEX], 0x08);
	ck_assert_uint_eq(r[HW_REG_GAS_LUT_DATA], 0xC0B0A0u);
	ck_assert_uint_eq(r[HW_REG_GAS_DELTAZ_DEPTH], 0x02123456u);

	/* Fog on, plain density, no flip: the other fog bits clear again. */
	r = RUN(PICA_CMD_SET_GAS_FOG_MODE(PICA_DATA_FOG, PICA_DATA_GAS_PLAIN_DENSITY_DMP, GL_FALSE));
	ck_assert_uint_eq(hw_reg_fog_mode(r[HW_REG_TEXENV_UPDATE_BUFFER]), HW_REG_FOGMODE_FOG);
	ck_assert(!hw_reg_gas_depth_density(r[HW_REG_TEXENV_UPDATE_BUFFER]));
	ck_assert(!hw_reg_fog_z_flip(r[HW_REG_TEXENV_UPDATE_BUFFER]));
	ck_assert_uint_eq((r[HW_REG_TEXENV_UPDATE_BUFFER] >> 8) & 0xFFu, 0xFF);
	ck_assert_uint_eq(PICA_CMD_DATA_GAS_FOG_MODE(PICA_DATA_FOG_FALSE, 9, 0), 0x8u);
}
END_TEST

START_TEST(test_rasterizer_words_decode_as_given)
{
	const unsigned width = 240, height = 400;      /* unsigned: must compile warning-free */
	const uint32_t *r;

	tu_reset();
	r = RUN(0xFFFFFF00u, PICA_CMD_HEADER_SINGLE(HW_REG_FRAGOP_CLIP),
		PICA_CMD_SET_CULL_FACE(HW_REG_CULL_CW),
		PICA_CMD_DATA_VIEWPORT_WIDTH(hw_reg_float_to_f24(120.0f)),
		PICA_CMD_HEADER_SINGLE(HW_REG_VIEWPORT_WIDTH),
		PICA_CMD_DATA_VIEWPORT_HEIGHT(hw_reg_float_to_f24(200.0f)),
		PICA_CMD_HEADER_SINGLE(HW_REG_VIEWPORT_HEIGHT),
		PICA_CMD_DATA_VIEWPORT_XY(8, 16), PICA_CMD_HEADER_SINGLE(HW_REG_VIEWPORT_XY),
		PICA_CMD_SET_FRAGOP_CLIP(GL_TRUE),
		PICA_CMD_DATA_FRAGOP_CLIP_DATA(hw_reg_float_to_f24(-0.5f)),
		PICA_CMD_HEADER_SINGLE(HW_REG_FRAGOP_CLIP_DATA(3)),
		PICA_CMD_DATA_FRAGOP_WSCALE(0), PICA_CMD_HEADER_SINGLE(HW_REG_DEPTHMAP_ENABLE),
		PICA_CMD_DATA_FRAGOP_WSCALE_DATA(hw_reg_float_to_f24(-1.0f)),
		PICA_CMD_HEADER_SINGLE(HW_REG_DEPTHMAP_SCALE),
		PICA_CMD_DATA_SCISSOR(GL_TRUE), PICA_CMD_HEADER_SINGLE(HW_REG_SCISSORTEST_MODE),
		PICA_CMD_DATA_SCISSOR_XY(-5, 300, width, height), PICA_CMD_HEADER_SINGLE(HW_REG_SCISSORTEST_POS),
		PICA_CMD_DATA_SCISSOR_SIZE(100, -3), PICA_CMD_HEADER_SINGLE(HW_REG_SCISSORTEST_DIM));
	ck_assert_uint_eq(hw_reg_cull_mode(r[HW_REG_FACECULLING_CONFIG]), HW_REG_CULL_CW);
	ck_assert(hw_reg_viewport_half(r[HW_REG_VIEWPORT_WIDTH]) == 120.0f);
	ck_assert(hw_reg_viewport_half(r[HW_REG_VIEWPORT_HEIGHT]) == 200.0f);
	ck_assert_int_eq(hw_reg_viewport_x(r[HW_REG_VIEWPORT_XY]), 8);
	ck_assert_int_eq(hw_reg_viewport_y(r[HW_REG_VIEWPORT_XY]), 16);
	/* Byte 0 only: the other bytes of 0x047 stay. */
	ck_assert_uint_eq(r[HW_REG_FRAGOP_CLIP], 0xFFFFFF01u);
	ck_assert(hw_reg_f24_field(r[HW_REG_FRAGOP_CLIP_DATA(3)]) == -0.5f);
	ck_assert(hw_reg_bit0(r[HW_REG_DEPTHMAP_ENABLE]));
	ck_assert(hw_reg_f24_field(r[HW_REG_DEPTHMAP_SCALE]) == -1.0f);
	ck_assert(hw_reg_scissor_on(r[HW_REG_SCISSORTEST_MODE]));
	ck_assert_uint_eq(hw_reg_scissor_x(r[HW_REG_SCISSORTEST_POS]), 0);
	ck_assert_uint_eq(hw_reg_scissor_y(r[HW_REG_SCISSORTEST_POS]), 300);
	ck_assert_uint_eq(hw_reg_scissor_x(r[HW_REG_SCISSORTEST_DIM]), 100);
	ck_assert_uint_eq(hw_reg_scissor_y(r[HW_REG_SCISSORTEST_DIM]), 0);

	r = RUN(PICA_CMD_SET_FRAGOP_CLIP(GL_FALSE),
		PICA_CMD_DATA_FRAGOP_WSCALE(GL_TRUE), PICA_CMD_HEADER_SINGLE(HW_REG_DEPTHMAP_ENABLE),
		PICA_CMD_DATA_SCISSOR(GL_FALSE), PICA_CMD_HEADER_SINGLE(HW_REG_SCISSORTEST_MODE),
		PICA_CMD_DATA_SCISSOR_XY(250u, 500u, width, height), PICA_CMD_HEADER_SINGLE(HW_REG_SCISSORTEST_POS));
	ck_assert_uint_eq(r[HW_REG_FRAGOP_CLIP], 0xFFFFFF00u);
	ck_assert(!hw_reg_bit0(r[HW_REG_DEPTHMAP_ENABLE]));
	ck_assert_uint_eq(hw_reg_scissor_mode(r[HW_REG_SCISSORTEST_MODE]), HW_REG_SCISSOR_OFF);
	ck_assert_uint_eq(hw_reg_scissor_x(r[HW_REG_SCISSORTEST_POS]), 239);
	ck_assert_uint_eq(hw_reg_scissor_y(r[HW_REG_SCISSORTEST_POS]), 399);
	ck_assert_uint_eq(PICA_CMD_DATA_SCISSOR_XY(12, 34, 240, 400), 34u << 16 | 12u);
	/* A negative x clears the whole SIZE word (the SDK macro's word). */
	ck_assert_uint_eq(PICA_CMD_DATA_SCISSOR_SIZE(-1, 50), 0);
	ck_assert_uint_eq(PICA_CMD_DATA_SCISSOR_SIZE(0u, 50u), 50u << 16);
}
END_TEST

START_TEST(test_early_depth_words_decode_as_given)
{
	const uint32_t *r;

	tu_reset();
	r = RUN(0xFF000000u, PICA_CMD_HEADER_SINGLE(HW_REG_EARLYDEPTH_DATA),
		PICA_CMD_SET_EARLY_DEPTH_FUNC(PICA_DATA_EARLY_DEPTH_LESS),
		PICA_CMD_SET_EARLY_DEPTH_DATA(0xABCDEF),
		PICA_CMD_DATA_EARLY_DEPTH_TEST(GL_TRUE), PICA_CMD_HEADER_SINGLE(HW_REG_EARLYDEPTH_TEST1),
		PICA_CMD_DATA_EARLY_DEPTH_TEST(2), PICA_CMD_HEADER_SINGLE(HW_REG_EARLYDEPTH_TEST2));
	ck_assert_uint_eq(hw_reg_earlydepth_func(r[HW_REG_EARLYDEPTH_FUNC]), HW_REG_EARLYDEPTH_LESS);
	ck_assert_uint_eq(hw_reg_earlydepth_data(r[HW_REG_EARLYDEPTH_DATA]), 0xABCDEF);
	ck_assert_uint_eq(r[HW_REG_EARLYDEPTH_DATA] >> 24, 0xFF);      /* bytes 0-2 only */
	ck_assert(hw_reg_earlydepth_on(r[HW_REG_EARLYDEPTH_TEST1], r[HW_REG_EARLYDEPTH_TEST2]));
	r = RUN(PICA_CMD_SET_DISABLE_EARLY_DEPTH_TEST(),
		PICA_CMD_SET_EARLY_DEPTH_FUNC(PICA_DATA_EARLY_DEPTH_GREATER));
	ck_assert(!hw_reg_bit0(r[HW_REG_EARLYDEPTH_TEST1]));
	ck_assert(!hw_reg_bit0(r[HW_REG_EARLYDEPTH_TEST2]));
	ck_assert_uint_eq(hw_reg_earlydepth_func(r[HW_REG_EARLYDEPTH_FUNC]), HW_REG_EARLYDEPTH_GREATER);
	{
		static const u32 off[] = { PICA_CMD_SET_DISABLE_EARLY_DEPTH_TEST() };

		ck_assert_uint_eq(off[1], PICA_CMD_HEADER_SINGLE_BE(HW_REG_EARLYDEPTH_TEST1, 0x1));
		ck_assert_uint_eq(off[3], PICA_CMD_HEADER_SINGLE(HW_REG_EARLYDEPTH_TEST2));
	}
}
END_TEST

START_TEST(test_blend_and_logic_op_words_decode_as_given)
{
	struct color8 k = { 0x10, 0x20, 0x30, 0x40 };
	const uint32_t *r;
	uint32_t b;

	tu_reset();
	r = RUN(PICA_CMD_SET_BLEND_FUNC_SEPARATE(PICA_DATA_BLEND_EQUATION_SUBTRACT,
						 PICA_DATA_BLEND_EQUATION_MAX,
						 PICA_DATA_BLEND_FUNC_SRC_ALPHA,
						 PICA_DATA_BLEND_FUNC_ONE_MINUS_DST_COLOR,
						 PICA_DATA_BLEND_FUNC_CONSTANT_ALPHA,
						 PICA_DATA_BLEND_FUNC_SRC_ALPHA_SATURATE),
		PICA_CMD_DATA_BLEND_COLOR(k), PICA_CMD_HEADER_SINGLE(HW_REG_BLEND_COLOR));
	ck_assert(hw_reg_color_op_blend(r[HW_REG_COLOR_OPERATION]));
	ck_assert_uint_eq(hw_reg_fragop_mode(r[HW_REG_COLOR_OPERATION]), HW_REG_FRAGMODE_DEFAULT);
	ck_assert_uint_eq(r[HW_REG_COLOR_OPERATION] & 0xFFFF0000u, HW_REG_COLOR_OPERATION_FIXED);
	b = r[HW_REG_BLEND_FUNC];
	ck_assert_uint_eq(hw_reg_blend_rgb_eq(b), HW_REG_BLENDEQ_SUBTRACT);
	ck_assert_uint_eq(hw_reg_blend_alpha_eq(b), HW_REG_BLENDEQ_MAX);
	ck_assert_uint_eq(hw_reg_blend_rgb_src(b), HW_REG_BLENDF_SRC_ALPHA);
	ck_assert_uint_eq(hw_reg_blend_rgb_dst(b), HW_REG_BLENDF_INV_DST_COLOR);
	ck_assert_uint_eq(hw_reg_blend_alpha_src(b), HW_REG_BLENDF_CONST_ALPHA);
	ck_assert_uint_eq(hw_reg_blend_alpha_dst(b), HW_REG_BLENDF_SRC_ALPHA_SATURATE);
	ck_assert_uint_eq(r[HW_REG_BLEND_COLOR], 0x40302010u);

	r = RUN(PICA_CMD_SET_BLEND_DEFAULT());
	b = r[HW_REG_BLEND_FUNC];
	ck_assert_uint_eq(hw_reg_blend_rgb_eq(b), HW_REG_BLENDEQ_ADD);
	ck_assert_uint_eq(hw_reg_blend_alpha_eq(b), HW_REG_BLENDEQ_ADD);
	ck_assert_uint_eq(hw_reg_blend_rgb_src(b), HW_REG_BLENDF_SRC_ALPHA);
	ck_assert_uint_eq(hw_reg_blend_alpha_src(b), HW_REG_BLENDF_SRC_ALPHA);
	ck_assert_uint_eq(hw_reg_blend_rgb_dst(b), HW_REG_BLENDF_INV_SRC_ALPHA);
	ck_assert_uint_eq(hw_reg_blend_alpha_dst(b), HW_REG_BLENDF_INV_SRC_ALPHA);
	r = RUN(PICA_CMD_SET_BLEND_NOTHING());
	ck_assert(!hw_reg_blend_needs_dst(r[HW_REG_BLEND_FUNC]));
	ck_assert_uint_eq(r[HW_REG_BLEND_FUNC], PICA_CMD_DATA_LOGIC_OP_ENABLE());

	/* The logic op leaves the blend function as it was. */
	r = RUN(PICA_CMD_SET_BLEND_FUNC(PICA_DATA_BLEND_EQUATION_MIN, PICA_DATA_BLEND_FUNC_DST_COLOR,
					PICA_DATA_BLEND_FUNC_ONE),
		PICA_CMD_SET_LOGIC_OP(PICA_DATA_LOGIC_XOR));
	ck_assert(!hw_reg_color_op_blend(r[HW_REG_COLOR_OPERATION]));
	ck_assert_uint_eq(hw_reg_logic_op(r[HW_REG_LOGIC_OP]), HW_REG_LOGICOP_XOR);
	ck_assert_uint_eq(hw_reg_blend_rgb_eq(r[HW_REG_BLEND_FUNC]), HW_REG_BLENDEQ_MIN);
	ck_assert_uint_eq(hw_reg_blend_alpha_dst(r[HW_REG_BLEND_FUNC]), HW_REG_BLENDF_ONE);
	b = PICA_CMD_DATA_LOGIC_OP_ENABLE();
	ck_assert_uint_eq(hw_reg_blend_rgb_eq(b), HW_REG_BLENDEQ_ADD);
	ck_assert_uint_eq(hw_reg_blend_rgb_src(b), HW_REG_BLENDF_ONE);
	ck_assert_uint_eq(hw_reg_blend_alpha_src(b), HW_REG_BLENDF_ONE);
	ck_assert_uint_eq(hw_reg_blend_rgb_dst(b), HW_REG_BLENDF_ZERO);
	ck_assert_uint_eq(hw_reg_blend_alpha_dst(b), HW_REG_BLENDF_ZERO);

	/* Other fragment modes; the shadow penumbra word. */
	r = RUN(PICA_CMD_DATA_COLOR_OPERATION(PICA_DATA_FRAGOP_MODE_SHADOW_DMP, PICA_DATA_ENABLE_BLEND),
		PICA_CMD_HEADER_SINGLE(HW_REG_COLOR_OPERATION),
		PICA_CMD_DATA_FRAGOP_SHADOW(0x1234, 0x5678), PICA_CMD_HEADER_SINGLE(HW_REG_FRAGOP_SHADOW));
	ck_assert_uint_eq(hw_reg_fragop_mode(r[HW_REG_COLOR_OPERATION]), HW_REG_FRAGMODE_SHADOW);
	ck_assert(hw_reg_color_op_blend(r[HW_REG_COLOR_OPERATION]));
	ck_assert_uint_eq(r[HW_REG_FRAGOP_SHADOW], 0x12345678u);
	ck_assert_uint_eq(hw_reg_fragop_mode(PICA_CMD_DATA_COLOR_OPERATION(PICA_DATA_FRAGOP_MODE_GAS_ACC_DMP, 0)),
			  HW_REG_FRAGMODE_GAS);
}
END_TEST

START_TEST(test_fragment_test_words_decode_as_given)
{
	const uint32_t *r;
	uint32_t m;

	tu_reset();
	r = RUN(PICA_CMD_SET_ENABLE_ALPHA_TEST(PICA_DATA_ALPHA_TEST_GREATER, 0x80),
		PICA_CMD_DATA_DEPTH_COLOR_MASK(GL_TRUE, PICA_DATA_DEPTH_TEST_LEQUAL, GL_TRUE, GL_FALSE,
					       GL_TRUE, GL_FALSE, GL_TRUE),
		PICA_CMD_HEADER_SINGLE(HW_REG_DEPTH_COLOR_MASK),
		PICA_CMD_DATA_STENCIL_TEST(GL_TRUE, PICA_DATA_STENCIL_TEST_NOTEQUAL, 0xF0, 0x42, 0x0F),
		PICA_CMD_HEADER_SINGLE(HW_REG_STENCIL_TEST),
		PICA_CMD_DATA_STENCIL_OP(PICA_DATA_STENCIL_OP_INCR_WRAP, PICA_DATA_STENCIL_OP_INVERT,
					 PICA_DATA_STENCIL_OP_REPLACE),
		PICA_CMD_HEADER_SINGLE(HW_REG_STENCIL_OP));
	ck_assert(hw_reg_bit0(r[HW_REG_FRAGOP_ALPHA_TEST]));
	ck_assert_uint_eq(hw_reg_test_func(r[HW_REG_FRAGOP_ALPHA_TEST]), HW_REG_CMP_GREATER);
	ck_assert_uint_eq(hw_reg_alpha_test_ref(r[HW_REG_FRAGOP_ALPHA_TEST]), 0x80);
	m = r[HW_REG_DEPTH_COLOR_MASK];
	ck_assert(hw_reg_depth_test_enabled(m));
	ck_assert_uint_eq(hw_reg_depth_func(m), HW_REG_CMP_LEQUAL);
	ck_assert_uint_eq(hw_reg_color_write_mask(m), 0x5);            /* R and B */
	ck_assert(hw_reg_depth_write_enabled(m));
	ck_assert(hw_reg_bit0(r[HW_REG_STENCIL_TEST]));
	ck_assert_uint_eq(hw_reg_test_func(r[HW_REG_STENCIL_TEST]), HW_REG_CMP_NOTEQUAL);
	ck_assert_uint_eq(hw_reg_stencil_write_mask(r[HW_REG_STENCIL_TEST]), 0xF0);
	ck_assert_uint_eq(hw_reg_stencil_ref(r[HW_REG_STENCIL_TEST]), 0x42);
	ck_assert_uint_eq(hw_reg_stencil_mask(r[HW_REG_STENCIL_TEST]), 0x0F);
	ck_assert_uint_eq(hw_reg_stencil_fail_op(r[HW_REG_STENCIL_OP]), HW_REG_STENCILOP_INCR_WRAP);
	ck_assert_uint_eq(hw_reg_stencil_zfail_op(r[HW_REG_STENCIL_OP]), HW_REG_STENCILOP_INVERT);
	ck_assert_uint_eq(hw_reg_stencil_zpass_op(r[HW_REG_STENCIL_OP]), HW_REG_STENCILOP_REPLACE);

	/* Disabling the alpha test writes byte 0: the reference stays. */
	r = RUN(PICA_CMD_SET_DISABLE_ALPHA_TEST(), PICA_CMD_SET_DISABLE_STENCIL_TEST(),
		PICA_CMD_DATA_DEPTH_COLOR_MASK(GL_FALSE, PICA_DATA_DEPTH_TEST_NEVER, GL_FALSE, GL_TRUE,
					       GL_FALSE, GL_TRUE, GL_FALSE),
		PICA_CMD_HEADER_SINGLE(HW_REG_DEPTH_COLOR_MASK));
	ck_assert(!hw_reg_bit0(r[HW_REG_FRAGOP_ALPHA_TEST]));
	ck_assert_uint_eq(hw_reg_test_func(r[HW_REG_FRAGOP_ALPHA_TEST]), HW_REG_CMP_NEVER);
	ck_assert_uint_eq(hw_reg_alpha_test_ref(r[HW_REG_FRAGOP_ALPHA_TEST]), 0x80);
	ck_assert_uint_eq(r[HW_REG_STENCIL_TEST], 0);
	m = r[HW_REG_DEPTH_COLOR_MASK];
	ck_assert_uint_eq(hw_reg_depth_func_effective(m), HW_REG_CMP_ALWAYS);
	ck_assert_uint_eq(hw_reg_color_write_mask(m), 0xA);            /* G and A */
	ck_assert(!hw_reg_depth_write_enabled(m));
	ck_assert_uint_eq(PICA_CMD_DATA_FRAGOP_ALPHA_TEST(3, PICA_DATA_ALPHA_TEST_EQUAL, 0xFF), 0xFF21u);
	ck_assert_uint_eq(PICA_CMD_DATA_DEPTH_TEST_DISABLE(), 0);
	ck_assert_uint_eq(PICA_CMD_DATA_FRAGOP_ALPHA_TEST_DISABLE(), 0);
	ck_assert_uint_eq(PICA_CMD_DATA_STENCIL_TEST_DISABLE(), 0);
}
END_TEST

/* ---- gx_MacroOld.h ---------------------------------------------------------------- */

START_TEST(test_old_names_are_the_model_registers_and_codes)
{
	static const struct {
		unsigned sdk, model;
	} same[] = {
		{ PICA_REG_FRAG_OP_CLIP, HW_REG_FRAGOP_CLIP },
		{ PICA_REG_FRAG_OP_CLIP_DATA1, HW_REG_FRAGOP_CLIP_DATA(0) },
		{ PICA_REG_FRAG_OP_CLIP_DATA4, HW_REG_FRAGOP_CLIP_DATA(3) },
		{ PICA_REG_FRAG_OP_WSCALE_DATA1, HW_REG_DEPTHMAP_SCALE },
		{ PICA_REG_FRAG_OP_WSCALE_DATA2, HW_REG_DEPTHMAP_OFFSET },
		{ PICA_REG_FRAG_OP_WSCALE, HW_REG_DEPTHMAP_ENABLE },
		{ PICA_REG_RENDER_BUF_RESOLUTION1, HW_REG_RENDERBUF_DIM },
		{ PICA_REG_TEXTURE3_PROTEX0, HW_REG_TEXUNIT3_PROCTEX(0) },
		{ PICA_REG_TEXTURE3_PROTEX5, HW_REG_TEXUNIT3_PROCTEX(5) },
		{ PICA_REG_PROTEX_LUT, HW_REG_PROCTEX_LUT },
		{ PICA_REG_PROTEX_LUT_DATA0, HW_REG_PROCTEX_LUT_DATA0 },
		{ PICA_REG_PROTEX_LUT_DATA7, HW_REG_PROCTEX_LUT_DATA0 + 7 },
		{ PICA_REG_TEX_ENV_0, HW_REG_TEXENV_SOURCE(0) },
		{ PICA_REG_TEX_ENV_1_OPERAND, HW_REG_TEXENV_OPERAND(1) },
		{ PICA_REG_TEX_ENV_2_COMBINE, HW_REG_TEXENV_COMBINER(2) },
		{ PICA_REG_TEX_ENV_3_COLOR, HW_REG_TEXENV_COLOR(3) },
		{ PICA_REG_TEX_ENV_4_SCALE, HW_REG_TEXENV_SCALE(4) },
		{ PICA_REG_TEX_ENV_5, HW_REG_TEXENV_SOURCE(5) },
		{ PICA_REG_TEX_ENV_5_SCALE, HW_REG_TEXENV_SCALE(5) },
		{ PICA_REG_TEX_ENV_BUF_COLOR, HW_REG_TEXENV_BUFFER_COLOR },
		{ PICA_REG_TEX_ENV_BUF_INPUT, HW_REG_TEXENV_UPDATE_BUFFER },
		{ PICA_REG_FRAG_OP_ALPHA_TEST, HW_REG_FRAGOP_ALPHA_TEST },
		{ PICA_REG_COLOR_BUFFER_CLEAR0, HW_REG_FRAMEBUFFER_INVALIDATE },
		{ PICA_REG_COLOR_BUFFER_CLEAR1, HW_REG_FRAMEBUFFER_FLUSH },
		{ PICA_REG_DEPTH_STENCIL_READ, HW_REG_DEPTHBUFFER_READ },
		{ PICA_REG_DEPTH_STENCIL_WRITE, HW_REG_DEPTHBUFFER_WRITE },
		{ PICA_REG_RENDER_BUF_DEPTH_MODE, HW_REG_DEPTHBUFFER_FORMAT },
		{ PICA_REG_RENDER_BUF_COLOR_MODE, HW_REG_COLORBUFFER_FORMAT },
		{ PICA_REG_RENDER_BUF_DEPTH_ADDR, HW_REG_DEPTHBUFFER_LOC },
		{ PICA_REG_RENDER_BUF_COLOR_ADDR, HW_REG_COLORBUFFER_LOC },
		{ PICA_REG_RENDER_BUF_RESOLUTION0, HW_REG_FRAMEBUFFER_DIM },
		{ PICA_REG_FRAG_OP_SHADOW, HW_REG_FRAGOP_SHADOW },
		{ PICA_REG_VTX_ATTR_ARRAYS_BASE_ADDR, HW_REG_ATTRIBBUFFERS_LOC },
		{ PICA_REG_VTX_ATTR_ARRAYS0, HW_REG_ATTRIBBUFFERS_FORMAT_LOW },
		{ PICA_REG_VTX_ATTR_ARRAYS1, HW_REG_ATTRIBBUFFERS_FORMAT_HIGH },
		{ PICA_REG_VTX_FUNC, HW_REG_VTX_FUNC },
		{ PICA_REG_GS_PROG_RENEWAL_END, HW_REG_SH(HW_REG_GSH_BASE, HW_REG_SH_CODETRANSFER_END) },
		{ PICA_REG_GS_FLOAT_DATA1, HW_REG_SH(HW_REG_GSH_BASE, HW_REG_SH_FLOATUNIFORM_DATA0) },
		{ PICA_REG_GS_FLOAT_DATA8, HW_REG_SH(HW_REG_GSH_BASE, HW_REG_SH_FLOATUNIFORM_DATA0 + 7) },
		{ PICA_REG_VS_PROG_RENEWAL_END, HW_REG_SH(HW_REG_VSH_BASE, HW_REG_SH_CODETRANSFER_END) },
		{ PICA_REG_VS_FLOAT_DATA1, HW_REG_SH(HW_REG_VSH_BASE, HW_REG_SH_FLOATUNIFORM_DATA0) },
		{ PICA_REG_VS_FLOAT_DATA8, HW_REG_SH(HW_REG_VSH_BASE, HW_REG_SH_FLOATUNIFORM_DATA0 + 7) },
		/* codes */
		{ PICA_DATA_VS_OUTATTR_QAURTW, HW_REG_SEM_QUAT_W },
		{ PICA_DATA_VS_OUTATTR_VIEW_Y, HW_REG_SEM_VIEW_Y },
		{ PICA_DATA_VS_OUTATTR_TEX2_V, HW_REG_SEM_TEX2_V },
		{ PICA_DATA_VS_OUTATTR_INVALID, HW_REG_SEM_UNUSED },
		{ PICA_DATA_VS_OUT_ATTR_QAURTX, HW_REG_SEM_QUAT_X },
		{ PICA_DATA_FRAGMENT_SECONDARY_COLOR, HW_REG_TEVSRC_FRAG_SECONDARY },
		{ PICA_DATA_TEXTURE3, HW_REG_TEVSRC_TEXTURE3 },
		{ PICA_DATA_PREVIOUS_BUFFER, HW_REG_TEVSRC_PREVIOUS_BUFFER },
		{ PICA_DATA_CONSTANT, HW_REG_TEVSRC_CONSTANT },
		{ PICA_DATA_ADD_SIGNED, HW_REG_TEVCOMB_ADD_SIGNED },
		{ PICA_DATA_DOT3_RGBA, HW_REG_TEVCOMB_DOT3_RGBA },
		{ PICA_DATA_DOT_3_RGB, HW_REG_TEVCOMB_DOT3_RGB },
		{ PICA_DATA_ADD_MULT, HW_REG_TEVCOMB_ADD_MULT },
		{ PICA_DATA_TEX_FORMAT_LA8, HW_REG_TEXFMT_IA8 },
		{ PICA_DATA_TEX_FORMAT_L4, HW_REG_TEXFMT_I4 },
		{ PICA_DATA_TEX_FORMAT_ETC1A4, HW_REG_TEXFMT_ETC1A4 },
		{ PICA_DATA_TEXTURE_FORMAT_HILO8_DMP_UNSIGNED_BYTE_DMP, HW_REG_TEXFMT_HILO8 },
		{ PICA_DATA_TEX_MIRRORED_REPEAT, HW_REG_TEXWRAP_MIRROR },
		{ PICA_DATA_TEX_CLAMP_TO_BORDER, HW_REG_TEXWRAP_CLAMP_BORDER },
		{ PICA_DATA_TEX_LINEAR, HW_REG_TEXFILTER_LINEAR },
		{ PICA_DATA_TEX0_1_GL_TEXTURE_PROJECTION_DMP, HW_REG_TEXTYPE_PROJECTION },
		{ PICA_DATA_TEX0_1_GL_TEXTURE_SHADOW_CUBE_DMP, HW_REG_TEXTYPE_SHADOW_CUBE },
		{ PICA_DATA_FRAGOP_MODE_SHADOW, HW_REG_FRAGMODE_SHADOW },
		{ PICA_DATA_FRAGOP_MODE_GAS_ACC, HW_REG_FRAGMODE_GAS },
		{ PICA_DATA_SAMPLERFG, HW_REG_LIGHTLUT_RG },
		{ PICA_DATA_SAMPLER_FB, HW_REG_LIGHTLUT_RB },
		{ PICA_DATA_SAMPLERSP, HW_REG_LIGHTLUT_SP0 },
		{ PICA_DATA_SAMPLERDA, HW_REG_LIGHTLUT_DA0 },
		{ PICA_DATA_CP_DMP, HW_REG_LUTIN_CP },
		{ PICA_DATA_0_25, HW_REG_LUTSCALE_QUARTER },
		{ PICA_DATA_8_0, HW_REG_LUTSCALE_8X },
	};
	unsigned k;

	for (k = 0; k < sizeof same / sizeof same[0]; k++)
		ck_assert_msg(same[k].sdk == same[k].model, "row %u: 0x%X, model 0x%X", k, same[k].sdk,
			      same[k].model);
	/* Bit 31 of a float-uniform index word. */
	ck_assert(hw_reg_floatuniform_f32(0x05u | (u32)PICA_DATA_BIT_MODE_F32));
	ck_assert(!hw_reg_floatuniform_f32(0x05u | (u32)PICA_DATA_BIT_MODE_F24));
	ck_assert_uint_eq(PICA_CMD_DATA_COLOR_WHITE, 0xFFFFFFFFu);
	ck_assert_uint_eq(PICA_CMD_DATA_COLOR_BLACK, 0);
}
END_TEST

START_TEST(test_old_fragment_and_buffer_words_decode_as_given)
{
	struct color8 amb = { 0x70, 0x60, 0x50, 0 };
	const uint32_t *r;
	unsigned k;

	tu_reset();
	r = RUN(PICA_CMD_SET_FOG_OP_CLIP(GL_TRUE),
		PICA_CMD_DATA_FOG_OP_CLIP_DATA(hw_reg_float_to_f24(2.0f)),
		PICA_CMD_HEADER_SINGLE(PICA_REG_FRAG_OP_CLIP_DATA2),
		PICA_CMD_DATA_FOG_OP_WSCALE(0), PICA_CMD_HEADER_SINGLE(PICA_REG_FRAG_OP_WSCALE),
		PICA_CMD_DATA_FOG_OP_WSCALE_DATA(hw_reg_float_to_f24(0.5f)),
		PICA_CMD_HEADER_SINGLE(PICA_REG_FRAG_OP_WSCALE_DATA2),
		PICA_CMD_DATA_FRAG_OP_ALPHA_TEST(1, PICA_DATA_ALPHA_TEST_GEQUAL, 0x33),
		PICA_CMD_HEADER_SINGLE(PICA_REG_FRAG_OP_ALPHA_TEST),
		PICA_CMD_DATA_RENDER_BUF_COLOR_ADDR(0x18200000u), PICA_CMD_HEADER_SINGLE(PICA_REG_RENDER_BUF_COLOR_ADDR),
		PICA_CMD_DATA_RENDER_BUF_DEPTH_ADDR(0x18280000u), PICA_CMD_HEADER_SINGLE(PICA_REG_RENDER_BUF_DEPTH_ADDR),
		PICA_CMD_DATA_RENDER_BUF_COLOR_MODE(PICA_DATA_COLOR_PIXEL_SIZE32, PICA_DATA_COLOR_RGBA8_OES),
		PICA_CMD_HEADER_SINGLE(PICA_REG_RENDER_BUF_COLOR_MODE),
		PICA_CMD_DATA_RENDER_BUF_DEPTH_MODE(PICA_DATA_DEPTH_COMPONENT16),
		PICA_CMD_HEADER_SINGLE(PICA_REG_RENDER_BUF_DEPTH_MODE),
		PICA_CMD_DATA_RENDER_BUF_RESOLUTION(400, 240 - 1), PICA_CMD_HEADER_SINGLE(PICA_REG_RENDER_BUF_RESOLUTION0),
		1u, PICA_CMD_HEADER_SINGLE(HW_REG_FRAMEBUFFER_FLUSH),
		PICA_CMD_SET_COLOR_BUFFER_CLEAR(GL_FALSE, GL_TRUE),
		PICA_CMD_DATA_FOG_OP_SHADOW(0xAAAA, 0x5555), PICA_CMD_HEADER_SINGLE(PICA_REG_FRAG_OP_SHADOW),
		PICA_CMD_DATA_FRAG_AMBIENT(amb), PICA_CMD_HEADER_SINGLE(HW_REG_LIGHTING_AMBIENT),
		PICA_CMD_DATA_FRAG_LIGHT_LUTINPUT(PICA_DATA_CP_DMP, PICA_DATA_SP_DMP, PICA_DATA_LN_DMP,
						  PICA_DATA_NV_DMP, PICA_DATA_VH_DMP, PICA_DATA_NH_DMP,
						  PICA_DATA_CP_DMP),
		PICA_CMD_HEADER_SINGLE(HW_REG_LIGHTING_LUTINPUT_SELECT),
		PICA_CMD_DATA_FRAG_LIGHT_LUTSCALE(PICA_DATA_0_5, PICA_DATA_0_25, PICA_DATA_8_0, PICA_DATA_4_0,
						  PICA_DATA_2_0, PICA_DATA_1_0, PICA_DATA_0_5),
		PICA_CMD_HEADER_SINGLE(HW_REG_LIGHTING_LUTINPUT_SCALE));
	ck_assert_uint_eq(r[HW_REG_FRAGOP_CLIP], 1);
	ck_assert(hw_reg_f24_field(r[HW_REG_FRAGOP_CLIP_DATA(1)]) == 2.0f);
	ck_assert(hw_reg_bit0(r[HW_REG_DEPTHMAP_ENABLE]));
	ck_assert(hw_reg_f24_field(r[HW_REG_DEPTHMAP_OFFSET]) == 0.5f);
	ck_assert(hw_reg_bit0(r[HW_REG_FRAGOP_ALPHA_TEST]));
	ck_assert_uint_eq(hw_reg_test_func(r[HW_REG_FRAGOP_ALPHA_TEST]), HW_REG_CMP_GEQUAL);
	ck_assert_uint_eq(hw_reg_alpha_test_ref(r[HW_REG_FRAGOP_ALPHA_TEST]), 0x33);
	ck_assert_uint_eq(hw_reg_fb_addr(r[HW_REG_COLORBUFFER_LOC]), 0x18200000u);
	ck_assert_uint_eq(hw_reg_fb_addr(r[HW_REG_DEPTHBUFFER_LOC]), 0x18280000u);
	ck_assert_uint_eq(hw_reg_colorsize_bytes(hw_reg_colorbuffer_pixel_size(r[HW_REG_COLORBUFFER_FORMAT])), 4);
	ck_assert_uint_eq(hw_reg_colorbuffer_format(r[HW_REG_COLORBUFFER_FORMAT]), HW_REG_COLORFMT_RGBA8);
	ck_assert_uint_eq(hw_reg_depth_format(r[HW_REG_DEPTHBUFFER_FORMAT]), HW_REG_DEPTHFMT_D16);
	ck_assert_uint_eq(hw_reg_renderbuf_width(r[HW_REG_FRAMEBUFFER_DIM]), 400);
	ck_assert_uint_eq(hw_reg_renderbuf_height(r[HW_REG_FRAMEBUFFER_DIM]), 240);
	ck_assert(hw_reg_dim_bit24(r[HW_REG_FRAMEBUFFER_DIM]));
	ck_assert(!hw_reg_bit0(r[HW_REG_FRAMEBUFFER_FLUSH]));
	ck_assert(hw_reg_bit0(r[HW_REG_FRAMEBUFFER_INVALIDATE]));
	ck_assert_uint_eq(r[HW_REG_FRAGOP_SHADOW], 0xAAAA5555u);
	ck_assert_uint_eq(hw_reg_light_color(r[HW_REG_LIGHTING_AMBIENT], 0), 0x70);
	ck_assert_uint_eq(hw_reg_light_color(r[HW_REG_LIGHTING_AMBIENT], 2), 0x50);
	for (k = 0; k < 7; k++) {
		static const unsigned in[7] = { HW_REG_LUTIN_CP, HW_REG_LUTIN_SP, HW_REG_LUTIN_LN,
						HW_REG_LUTIN_NV, HW_REG_LUTIN_VH, HW_REG_LUTIN_NH,
						HW_REG_LUTIN_CP };
		static const unsigned sc[7] = { HW_REG_LUTSCALE_HALF, HW_REG_LUTSCALE_QUARTER,
						HW_REG_LUTSCALE_8X, HW_REG_LUTSCALE_4X, HW_REG_LUTSCALE_2X,
						HW_REG_LUTSCALE_1X, HW_REG_LUTSCALE_HALF };

		ck_assert_uint_eq(hw_reg_lutinput_select(r[HW_REG_LIGHTING_LUTINPUT_SELECT], k), in[k]);
		ck_assert_uint_eq(hw_reg_lutinput_scale(r[HW_REG_LIGHTING_LUTINPUT_SCALE], k), sc[k]);
	}
	/* The old forms' own words: enable as given, the height field as
	 * given, w scale inverted. */
	ck_assert_uint_eq(PICA_CMD_DATA_FRAG_OP_ALPHA_TEST(3, 0, 0), 3);
	ck_assert_uint_eq(PICA_CMD_DATA_RENDER_BUF_RESOLUTION(1, 1), 0x01001001u);
	ck_assert_uint_eq(PICA_CMD_DATA_FOG_OP_WSCALE(4), 0);
	ck_assert_uint_eq(PICA_CMD_DATA_FRAG_OP_ALPHA_TEST_DISABLE(), 0);
	ck_assert_uint_eq(PICA_CMD_DATA_COLOR_BUFFER_CLEAR(9), 1);
	ck_assert_uint_eq(PICA_CMD_DATA_FOG_OP_CLIP(0), 0);
}
END_TEST

START_TEST(test_old_shader_and_array_words_decode_as_given)
{
	const struct hw_gpu *gpu;
	const uint32_t *r;
	unsigned n;

	tu_reset();
	r = RUN(0x12345678u, PICA_CMD_HEADER_SINGLE(HW_REG_GSH_MISC0),
		PICA_CMD_DATA_VS_ATTR_IN_MAP1(11, 10, 9, 8), PICA_CMD_HEADER_SINGLE(0x2BC),
		PICA_CMD_DATA_VTX_ATTR_ARRAYS_BASE_ADDR(0x18001230u),
		PICA_CMD_HEADER_SINGLE(PICA_REG_VTX_ATTR_ARRAYS_BASE_ADDR),
		PICA_CMD_DATA_VTX_ATTR_ARRAYS(PICA_DATA_SIZE_4_FLOAT, PICA_DATA_SIZE_2_SHORT,
					      PICA_DATA_SIZE_1_BYTE, PICA_DATA_SIZE_3_UNSIGNED_BYTE, 0, 0, 0,
					      PICA_DATA_SIZE_4_UNSIGNED_BYTE),
		PICA_CMD_HEADER_SINGLE(PICA_REG_VTX_ATTR_ARRAYS0),
		PICA_CMD_DATA_LOAD_ARRAY0_ELEMENT(2, 0, 1, 3, 4, 5, 6, 7),
		PICA_CMD_HEADER_SINGLE(HW_REG_ATTRIBBUFFER_CONFIG1(0)),
		PICA_CMD_SET_GS_MISC_REG0_DISABLE(),
		PICA_CMD_SET_VS_FLOAT_ADDR(PICA_DATA_VS_F32, 9),
		PICA_CMD_DATA_VS_FLOAT_DATA(f32_bits(-4.0f)), PICA_CMD_HEADER_V_SHADER_F32(1),
		PICA_CMD_DATA_VS_FLOAT_DATA(f32_bits(-3.0f)), PICA_CMD_DATA_VS_FLOAT_DATA(f32_bits(-2.0f)),
		PICA_CMD_DATA_VS_FLOAT_DATA(f32_bits(-1.0f)), 0);
	ck_assert_uint_eq(hw_reg_sh_input_register(r[0x2BB], r[0x2BC], 8), 11);
	ck_assert_uint_eq(hw_reg_sh_input_register(r[0x2BB], r[0x2BC], 11), 8);
	ck_assert_uint_eq(hw_reg_attribbuffers_base(r[HW_REG_ATTRIBBUFFERS_LOC]), 0x18001230u);
	for (n = 0; n < 8; n++) {
		static const unsigned fmt[8] = { 0xF, 0x6, 0x0, 0x9, 0, 0, 0, 0xD };

		ck_assert_uint_eq(hw_reg_attrib_format(r[HW_REG_ATTRIBBUFFERS_FORMAT_LOW], 0, n), fmt[n]);
	}
	ck_assert_uint_eq(hw_reg_attribbuffer_component(r[HW_REG_ATTRIBBUFFER_CONFIG1(0)], 0, 0), 2);
	ck_assert_uint_eq(hw_reg_attribbuffer_component(r[HW_REG_ATTRIBBUFFER_CONFIG1(0)], 0, 3), 3);
	ck_assert_uint_eq(r[HW_REG_GSH_MISC0], 0);
	gpu = &nngx_state_get()->gpu;
	ck_assert(gpu->vs.f[9][0] == -1.0f && gpu->vs.f[9][3] == -4.0f);
	/* The base keeps 16-byte units; the header is the current one's. */
	ck_assert_uint_eq(PICA_CMD_DATA_VTX_ATTR_ARRAYS_BASE_ADDR(0x1800123Fu), 0x18001230u >> 3);
	for (n = 1; n <= 8; n++)
		ck_assert_uint_eq(PICA_CMD_HEADER_V_SHADER_F32(n), PICA_CMD_HEADER_VS_F32(n));
	ck_assert_uint_eq(PICA_CMD_DATA_VERTEX_ATTR_ARRAYS(1, 2, 3, 4, 5, 6, 7, 8), 0x87654321u);
	ck_assert_uint_eq(PICA_CMD_DATA_VTX_ATTR_ARRAYS(1, 2, 3, 4, 5, 6, 7, 8), 0x87654321u);
	ck_assert_uint_eq(PICA_CMD_DATA_VS_FLOAT_DATA(0xDEADBEEFu), 0xDEADBEEFu);
}
END_TEST

START_TEST(test_old_texture_words_decode_as_given)
{
	const uint32_t *r;
	uint32_t p;

	tu_reset();
	r = RUN(PICA_CMD_DATA_TEX_FUNC(0, GL_TRUE, GL_TRUE, PICA_DATA_TEXCOORD3_TEXTURE2, GL_TRUE, GL_TRUE, 0),
		PICA_CMD_HEADER_SINGLE(HW_REG_TEXUNIT_CONFIG),
		PICA_CMD_DATA_TEX_SIZE(128, 32), PICA_CMD_HEADER_SINGLE(HW_REG_TEXUNIT_DIM(1)),
		PICA_CMD_DATA_TEX_FORMAT_TYPE(PICA_DATA_TEX_FORMAT_LA4), PICA_CMD_HEADER_SINGLE(HW_REG_TEXUNIT_TYPE(1)),
		PICA_CMD_DATA_TEX0_WRAP_FILTER(PICA_DATA_TEX_LINEAR, PICA_DATA_TEX_NEAREST, GL_TRUE,
					       PICA_DATA_TEX_MIRRORED_REPEAT, PICA_DATA_TEX_CLAMP_TO_BORDER, 1,
					       PICA_DATA_TEX_LINEAR, PICA_DATA_TEX0_1_GL_TEXTURE_SHADOW_2D_DMP),
		PICA_CMD_HEADER_SINGLE(HW_REG_TEXUNIT_PARAM(0)),
		PICA_CMD_DATA_TEX1_WRAP_FILTER(PICA_DATA_TEX_NEAREST, PICA_DATA_TEX_LINEAR, GL_FALSE,
					       PICA_DATA_TEX_REPEAT, PICA_DATA_TEX_CLAMP_TO_EDGE, PICA_DATA_TEX_NEAREST),
		PICA_CMD_HEADER_SINGLE(HW_REG_TEXUNIT_PARAM(1)),
		PICA_CMD_DATA_TEX2_WRAP_FILTER(PICA_DATA_TEX_LINEAR, PICA_DATA_TEX_LINEAR, GL_FALSE,
					       PICA_DATA_TEX_CLAMP_TO_EDGE, PICA_DATA_TEX_REPEAT, PICA_DATA_TEX_LINEAR),
		PICA_CMD_HEADER_SINGLE(HW_REG_TEXUNIT_PARAM(2)),
		PICA_CMD_DATA_TEX_LOD_REV(0x100, 5, -2), PICA_CMD_HEADER_SINGLE(HW_REG_TEXUNIT_LOD(2)),
		PICA_CMD_DATA_TEX_SHADOW(GL_FALSE, 0x2000, 0x11), PICA_CMD_HEADER_SINGLE(HW_REG_TEXUNIT0_SHADOW),
		PICA_CMD_DATA_BUFFER_INPUT(2, PICA_DATA_TEX_ENV_PREVIOUS, PICA_DATA_TEX_ENV_PREVIOUS_BUFFER) |
			PICA_CMD_DATA_BUF_INPUT(PICA_DATA_TEX_ENV_PREVIOUS_BUFFER, PICA_DATA_TEX_ENV_PREVIOUS, 3),
		PICA_CMD_HEADER_SINGLE_BE(HW_REG_TEXENV_UPDATE_BUFFER, 0x2));
	ck_assert_uint_eq(hw_reg_texunit_mask(r[HW_REG_TEXUNIT_CONFIG]), 0x2u | 0x4u | 0x8u);
	ck_assert_uint_eq(hw_reg_texunit3_texcoord(r[HW_REG_TEXUNIT_CONFIG]), 2);
	ck_assert_uint_eq(hw_reg_texunit2_texcoord(r[HW_REG_TEXUNIT_CONFIG]), 1);
	ck_assert(r[HW_REG_TEXUNIT_CONFIG] & HW_REG_TEXCFG_FIXED_ONE);
	ck_assert_uint_eq(hw_reg_tex_width(r[HW_REG_TEXUNIT_DIM(1)]), 128);
	ck_assert_uint_eq(hw_reg_tex_height(r[HW_REG_TEXUNIT_DIM(1)]), 32);
	ck_assert_uint_eq(hw_reg_tex_format(r[HW_REG_TEXUNIT_TYPE(1)]), HW_REG_TEXFMT_IA4);
	p = r[HW_REG_TEXUNIT_PARAM(0)];
	ck_assert_uint_eq(hw_reg_tex_mag_filter(p), HW_REG_TEXFILTER_LINEAR);
	ck_assert_uint_eq(hw_reg_tex_min_filter(p), HW_REG_TEXFILTER_NEAREST);
	ck_assert_uint_eq(hw_reg_tex_mip_filter(p), HW_REG_TEXFILTER_LINEAR);
	ck_assert_uint_eq(hw_reg_tex_etc1_flag(p), HW_REG_TEXPARAM_ETC1);
	ck_assert_uint_eq(hw_reg_tex_wrap_t(p), HW_REG_TEXWRAP_MIRROR);
	ck_assert_uint_eq(hw_reg_tex_wrap_s(p), HW_REG_TEXWRAP_CLAMP_BORDER);
	ck_assert(hw_reg_tex_shadow(p));
	ck_assert_uint_eq(hw_reg_tex_type(p), HW_REG_TEXTYPE_SHADOW_2D);
	p = r[HW_REG_TEXUNIT_PARAM(1)];
	ck_assert_uint_eq(hw_reg_tex_mag_filter(p), HW_REG_TEXFILTER_NEAREST);
	ck_assert_uint_eq(hw_reg_tex_min_filter(p), HW_REG_TEXFILTER_LINEAR);
	ck_assert_uint_eq(hw_reg_tex_mip_filter(p), HW_REG_TEXFILTER_NEAREST);
	ck_assert_uint_eq(hw_reg_tex_etc1_flag(p), 0);
	ck_assert_uint_eq(hw_reg_tex_wrap_t(p), HW_REG_TEXWRAP_REPEAT);
	ck_assert_uint_eq(hw_reg_tex_wrap_s(p), HW_REG_TEXWRAP_CLAMP_EDGE);
	p = r[HW_REG_TEXUNIT_PARAM(2)];
	ck_assert_uint_eq(hw_reg_tex_min_filter(p), HW_REG_TEXFILTER_LINEAR);
	ck_assert_uint_eq(hw_reg_tex_mip_filter(p), HW_REG_TEXFILTER_LINEAR);
	ck_assert_uint_eq(hw_reg_tex_wrap_s(p), HW_REG_TEXWRAP_REPEAT);
	ck_assert(hw_reg_tex_lod_bias(r[HW_REG_TEXUNIT_LOD(2)]) == 1.0f);
	ck_assert_uint_eq(hw_reg_tex_max_level(r[HW_REG_TEXUNIT_LOD(2)]), 5);
	ck_assert_uint_eq(hw_reg_tex_min_level(r[HW_REG_TEXUNIT_LOD(2)]), 0);
	ck_assert(hw_reg_tex_shadow_ortho(r[HW_REG_TEXUNIT0_SHADOW]));
	ck_assert_uint_eq(hw_reg_tex_shadow_zbias(r[HW_REG_TEXUNIT0_SHADOW]), 0x4000);
	ck_assert_uint_eq(r[HW_REG_TEXUNIT0_SHADOW] >> 24, 0x11);
	ck_assert(hw_reg_texenv_buffer_rgb(r[HW_REG_TEXENV_UPDATE_BUFFER], 2));
	ck_assert(!hw_reg_texenv_buffer_alpha(r[HW_REG_TEXENV_UPDATE_BUFFER], 2));
	ck_assert(!hw_reg_texenv_buffer_rgb(r[HW_REG_TEXENV_UPDATE_BUFFER], 3));
	ck_assert(hw_reg_texenv_buffer_alpha(r[HW_REG_TEXENV_UPDATE_BUFFER], 3));

	/* A true type0_0 gives bit 0 alone of the unit bits (the SDK macro's
	 * word); the coordinate of unit 2 and the clear bit still follow. */
	r = RUN(PICA_CMD_DATA_TEX_FUNC(GL_TRUE, GL_TRUE, GL_TRUE, PICA_DATA_TEXCOORD3_TEXTURE1, GL_TRUE,
				       GL_TRUE, 1),
		PICA_CMD_HEADER_SINGLE(HW_REG_TEXUNIT_CONFIG));
	ck_assert_uint_eq(hw_reg_texunit_mask(r[HW_REG_TEXUNIT_CONFIG]), 0x1u);
	ck_assert_uint_eq(hw_reg_texunit3_texcoord(r[HW_REG_TEXUNIT_CONFIG]), 0);
	ck_assert_uint_eq(hw_reg_texunit2_texcoord(r[HW_REG_TEXUNIT_CONFIG]), 1);
	ck_assert(hw_reg_texunit_clear_cache(r[HW_REG_TEXUNIT_CONFIG]));
	ck_assert_uint_eq(PICA_CMD_DATA_TEXTURE_CUBE(0xFFFFFFFFu), 0x3FFFFFu);
	ck_assert_uint_eq(PICA_CMD_DATA_TEX_LOD_REV(0, 0, 3u), 3u << 24);
}
END_TEST

START_TEST(test_old_proctex_words_follow_the_sdk)
{
	/* With 0/1 flags the first four words are the current macros'. */
	ck_assert_uint_eq(PICA_CMD_DATA_PROTEX0(PICA_DATA_PULSE_DMP, PICA_DATA_MIRRORED_REPEAT, 9, 5, 1, 1,
						PICA_DATA_EVEN_DMP, PICA_DATA_ODD_DMP, 0xAB),
			  PICA_CMD_DATA_PROCTEX0(PICA_DATA_PROCTEX_PULSE_DMP, PICA_DATA_PROCTEX_MIRRORED_REPEAT,
						 9, 5, GL_TRUE, GL_TRUE, PICA_DATA_PROCTEX_EVEN_DMP,
						 PICA_DATA_PROCTEX_ODD_DMP, 0xAB));
	ck_assert_uint_eq(PICA_CMD_DATA_PROTEX0(0, 0, 0, 0, 0, 1, 0, 0, 0), 1u << 15);
	ck_assert_uint_eq(PICA_CMD_DATA_PROTEX1(0xCAFEF00Du), 0xCAFEF00Du);
	ck_assert_uint_eq(PICA_CMD_DATA_PROTEX2(0x01020304u), 0x01020304u);
	ck_assert_uint_eq(PICA_CMD_DATA_PROTEX3(0x1111, 0x2222), 0x22221111u);
	ck_assert_uint_eq(PICA_CMD_DATA_PROTEX4(PICA_DATA_LINEAR_MIPMAP_LINEAR, 0x80, 0xCD),
			  PICA_CMD_DATA_PROCTEX4(PICA_DATA_PROCTEX_LINEAR_MIPMAP_LINEAR, 0x80, 0xCD));
	ck_assert_uint_eq(PICA_CMD_DATA_PROTEX_LUT_DATA(0x12345678u), 0x12345678u);
	/* The two words where the old forms differ from the register layout. */
	ck_assert_uint_eq(PICA_CMD_DATA_PROTEX5(0x42), 0x0E0C00C2u);
	ck_assert_uint_eq(PICA_CMD_DATA_PROTEX_LUT(0x80, PICA_DATA_COLOR_DIFF_REF_TABLE), 0x2880u);
}
END_TEST

static Suite *macros_suite(void)
{
	Suite *s = suite_create("macros");
	TCase *tc = tcase_create("locations");

	tcase_add_test(tc, test_gl_loc_values_are_the_sdk_locations);
	suite_add_tcase(s, tc);
	tc = tcase_create("registers");
	tcase_add_test(tc, test_pica_reg_names_are_the_model_registers);
	suite_add_tcase(s, tc);
	tc = tcase_create("texture");
	tcase_add_test(tc, test_texture_func_switches_units_and_coordinates);
	tcase_add_test(tc, test_texture_func_clear_sets_the_clear_bit_on_its_own);
	tcase_add_test(tc, test_texture_unit_words_decode_as_given);
	tcase_add_test(tc, test_texture_wrap_filter_words_decode_as_given);
	tcase_add_test(tc, test_texture_shadow_word_decodes_as_given);
	tcase_add_test(tc, test_combiner_words_decode_as_given);
	tcase_add_test(tc, test_combiner_buffer_words_decode_as_given);
	tcase_add_test(tc, test_proctex_words_follow_the_register_layout);
	suite_add_tcase(s, tc);
	tc = tcase_create("shader");
	tcase_add_test(tc, test_shader_uniform_words_reach_the_units);
	tcase_add_test(tc, test_shader_program_words_reach_the_units);
	tcase_add_test(tc, test_shader_input_and_output_words_decode_as_given);
	tcase_add_test(tc, test_geometry_unit_words_decode_as_given);
	tcase_add_test(tc, test_vertex_array_words_decode_as_given);
	tcase_add_test(tc, test_a_draw_built_with_the_macros_draws);
	suite_add_tcase(s, tc);
	tc = tcase_create("fragment");
	tcase_add_test(tc, test_frag_light_switch_count_and_order_decode_as_given);
	tcase_add_test(tc, test_frag_light_source_words_decode_as_given);
	tcase_add_test(tc, test_frag_light_switches_decode_as_given);
	tcase_add_test(tc, test_frag_light_tables_decode_as_given);
	tcase_add_test(tc, test_frag_light_config_word_decodes_as_given);
	suite_add_tcase(s, tc);
	tc = tcase_create("misc");
	tcase_add_test(tc, test_render_buffer_words_decode_as_given);
	tcase_add_test(tc, test_fog_and_gas_words_decode_as_given);
	tcase_add_test(tc, test_rasterizer_words_decode_as_given);
	tcase_add_test(tc, test_early_depth_words_decode_as_given);
	tcase_add_test(tc, test_blend_and_logic_op_words_decode_as_given);
	tcase_add_test(tc, test_fragment_test_words_decode_as_given);
	suite_add_tcase(s, tc);
	tc = tcase_create("old");
	tcase_add_test(tc, test_old_names_are_the_model_registers_and_codes);
	tcase_add_test(tc, test_old_fragment_and_buffer_words_decode_as_given);
	tcase_add_test(tc, test_old_shader_and_array_words_decode_as_given);
	tcase_add_test(tc, test_old_texture_words_decode_as_given);
	tcase_add_test(tc, test_old_proctex_words_follow_the_sdk);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(macros_suite());
}
