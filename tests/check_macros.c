/* check_macros.c: the SDK's register-data headers (nn/gx/CTR/gx_Macro*.h)
 * and uniform locations (gx_UniformLocationForFragmentShader.h) by value.
 * Each macro test builds commands with the macros, as engine code writes
 * them into a u32 array, runs them through a command list on the model
 * and reads back what the model decodes from the registers (hw_reg_*,
 * hw/hw_regs.h, written from 3dbrew's register pages, not from the SDK
 * headers). tests/check-macro-headers.sh checks names, arities and every
 * location and enumerator value. */
#include <string.h>

#include <nn/gx/CTR/gx_CommandAccess.h>
#include <nn/gx/CTR/gx_UniformLocationForFragmentShader.h>

#include "hw/hw_regs.h"
#include "test_util.h"

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

static Suite *macros_suite(void)
{
	Suite *s = suite_create("macros");
	TCase *tc = tcase_create("locations");

	tcase_add_test(tc, test_gl_loc_values_are_the_sdk_locations);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(macros_suite());
}
