/* hw_fog.c: the fog unit (hw_fog.h), after fragment-pipeline.md B.5. */
#include <math.h>
#include <string.h>

#include "hw_assert.h"
#include "hw_fog.h"

#define FOG_TABLE_SCALE 128.0f          /* depth 0..1 over 128 entries */

void hw_fog_lut_write(struct hw_fog_luts *luts, uint32_t word)
{
	luts->fog[hw_reg_fog_lut_index(luts->fog_index)] = word & 0xFFFFFFu;
	luts->fog_index = (luts->fog_index + 1u) & 0x7Fu;
}

void hw_fog_gas_lut_write(struct hw_fog_luts *luts, uint32_t word)
{
	luts->gas[hw_reg_gas_lut_index(luts->gas_index)] = word & 0xFFFFFFu;
	luts->gas_index = (luts->gas_index + 1u) & 0xFu;
}

void hw_fog_decode(const uint32_t regs[HW_REG_COUNT], const struct hw_fog_luts *luts,
		   struct hw_fog_config *c)
{
	uint32_t color = regs[HW_REG_FOG_COLOR];
	unsigned k;

	memset(c, 0, sizeof *c);
	c->luts = luts;
	c->z_flip = hw_reg_fog_z_flip(regs[HW_REG_TEXENV_UPDATE_BUFFER]);
	for (k = 0; k < 3; k++)
		c->color[k] = (uint8_t)((color >> (8u * k)) & 0xFFu);
}

float hw_fog_factor(const struct hw_fog_config *c, float depth)
{
	float x, frac, f;
	int i;

	if (!(depth > 0.0f))
		depth = 0.0f;           /* NaN too */
	if (depth > 1.0f)
		depth = 1.0f;
	x = (c->z_flip ? 1.0f - depth : depth) * FOG_TABLE_SCALE;
	i = (int)x;
	if (i > HW_REG_FOGLUT_ENTRIES - 1)
		i = HW_REG_FOGLUT_ENTRIES - 1;
	frac = x - (float)i;
	NNGX_ASSERT(i >= 0 && i < HW_REG_FOGLUT_ENTRIES);
	f = hw_reg_foglut_value(c->luts->fog[i]) + hw_reg_foglut_diff(c->luts->fog[i]) * frac;
	return f > 0.0f ? (f < 1.0f ? f : 1.0f) : 0.0f;
}

void hw_fog_apply(const struct hw_fog_config *c, float depth, uint8_t rgba[4])
{
	float f = hw_fog_factor(c, depth);
	unsigned k;

	for (k = 0; k < 3; k++) {
		float v = f * (float)rgba[k] + (1.0f - f) * (float)c->color[k];

		rgba[k] = (uint8_t)(v < 255.0f ? v : 255.0f);
	}
}
