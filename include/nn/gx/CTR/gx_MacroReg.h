/* nn/gx/CTR/gx_MacroReg.h: PICA200 register indices (enum PicaReg) for
 * command headers written by hand.
 *
 * Part of libnngx (MIT licence), written for libnngx. libnngx provides
 * the registers its fact sheet names so far (interrupt, command-buffer
 * channels, colour buffer address, the shaders' float uniform ports); the
 * SDK's enum has more (see the README, "SDK surface"). Values: the
 * register index, as in a command header's low 16 bits. */
#ifndef NNGX_NN_GX_CTR_GX_MACROREG_H
#define NNGX_NN_GX_CTR_GX_MACROREG_H

enum PicaReg {
	PICA_REG_INTERRUPT = 0x010,
	PICA_REG_RENDER_BUFFER_COLOR_ADDR = 0x11D,
	PICA_REG_COMMAND_BUF_SIZE_CH0 = 0x238,
	PICA_REG_COMMAND_BUF_SIZE_CH1 = 0x239,
	PICA_REG_COMMAND_BUF_ADDR_CH0 = 0x23A,
	PICA_REG_COMMAND_BUF_ADDR_CH1 = 0x23B,
	PICA_REG_COMMAND_BUF_KICK_CH0 = 0x23C,
	PICA_REG_COMMAND_BUF_KICK_CH1 = 0x23D,
	PICA_REG_GS_FLOAT0 = 0x291,
	PICA_REG_VS_FLOAT0 = 0x2C1
};

#endif
