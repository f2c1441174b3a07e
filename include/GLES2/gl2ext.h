/*
 * GLES2/gl2ext.h - OpenGL ES 2.0 extension and DMP (PICA200) constants
 *
 * Part of libnngx.  MIT licence.
 * Written for libnngx; values are the public OpenGL ES 2.0 / DMP ABI facts.
 */

#ifndef NNGX_GLES2_GL2EXT_H
#define NNGX_GLES2_GL2EXT_H

#include <GLES2/gl2.h>
#include <GLES2/gl2platform.h>      /* GLint64EXT, GLuint64EXT */

#ifdef __cplusplus
extern "C" {
#endif

#ifndef GL_APIENTRYP
#define GL_APIENTRYP GL_APIENTRY *
#endif

/* The DMPGL version these headers follow. */
#define DMPGL_2_0_FINAL                                      1

/* OES_EGL_image's image handle. */
typedef void *GLeglImageOES;

/* DMP error code bases */
#define GL_ERROR_SYSBASE_DMP                                 0x8000
#define GL_ERROR_SYS2BASE_DMP                                0x9000

/* DMP detailed error codes, range 0x8000-0x80B4 */
#define GL_ERROR_8000_DMP                                    0x8000
#define GL_ERROR_8001_DMP                                    0x8001
#define GL_ERROR_8002_DMP                                    0x8002
#define GL_ERROR_8003_DMP                                    0x8003
#define GL_ERROR_8004_DMP                                    0x8004
#define GL_ERROR_8005_DMP                                    0x8005
#define GL_ERROR_8006_DMP                                    0x8006
#define GL_ERROR_8007_DMP                                    0x8007
#define GL_ERROR_8008_DMP                                    0x8008
#define GL_ERROR_8009_DMP                                    0x8009
#define GL_ERROR_800A_DMP                                    0x800A
#define GL_ERROR_800B_DMP                                    0x800B
#define GL_ERROR_800C_DMP                                    0x800C
#define GL_ERROR_800D_DMP                                    0x800D
#define GL_ERROR_800E_DMP                                    0x800E
#define GL_ERROR_800F_DMP                                    0x800F
#define GL_ERROR_8010_DMP                                    0x8010
#define GL_ERROR_8011_DMP                                    0x8011
#define GL_ERROR_8012_DMP                                    0x8012
#define GL_ERROR_8013_DMP                                    0x8013
#define GL_ERROR_8014_DMP                                    0x8014
#define GL_ERROR_8015_DMP                                    0x8015
#define GL_ERROR_8016_DMP                                    0x8016
#define GL_ERROR_8017_DMP                                    0x8017
#define GL_ERROR_8018_DMP                                    0x8018
#define GL_ERROR_8019_DMP                                    0x8019
#define GL_ERROR_801A_DMP                                    0x801A
#define GL_ERROR_801B_DMP                                    0x801B
#define GL_ERROR_801C_DMP                                    0x801C
#define GL_ERROR_801D_DMP                                    0x801D
#define GL_ERROR_801E_DMP                                    0x801E
#define GL_ERROR_801F_DMP                                    0x801F
#define GL_ERROR_8020_DMP                                    0x8020
#define GL_ERROR_8021_DMP                                    0x8021
#define GL_ERROR_8022_DMP                                    0x8022
#define GL_ERROR_8023_DMP                                    0x8023
#define GL_ERROR_8024_DMP                                    0x8024
#define GL_ERROR_8025_DMP                                    0x8025
#define GL_ERROR_8026_DMP                                    0x8026
#define GL_ERROR_8027_DMP                                    0x8027
#define GL_ERROR_8028_DMP                                    0x8028
#define GL_ERROR_8029_DMP                                    0x8029
#define GL_ERROR_802A_DMP                                    0x802A
#define GL_ERROR_802B_DMP                                    0x802B
#define GL_ERROR_802C_DMP                                    0x802C
#define GL_ERROR_802D_DMP                                    0x802D
#define GL_ERROR_802E_DMP                                    0x802E
#define GL_ERROR_802F_DMP                                    0x802F
#define GL_ERROR_8030_DMP                                    0x8030
#define GL_ERROR_8031_DMP                                    0x8031
#define GL_ERROR_8032_DMP                                    0x8032
#define GL_ERROR_8033_DMP                                    0x8033
#define GL_ERROR_8034_DMP                                    0x8034
#define GL_ERROR_8035_DMP                                    0x8035
#define GL_ERROR_8036_DMP                                    0x8036
#define GL_ERROR_8037_DMP                                    0x8037
#define GL_ERROR_8038_DMP                                    0x8038
#define GL_ERROR_8039_DMP                                    0x8039
#define GL_ERROR_803A_DMP                                    0x803A
#define GL_ERROR_803B_DMP                                    0x803B
#define GL_ERROR_803C_DMP                                    0x803C
#define GL_ERROR_803D_DMP                                    0x803D
#define GL_ERROR_803E_DMP                                    0x803E
#define GL_ERROR_803F_DMP                                    0x803F
#define GL_ERROR_8040_DMP                                    0x8040
#define GL_ERROR_8041_DMP                                    0x8041
#define GL_ERROR_8042_DMP                                    0x8042
#define GL_ERROR_8043_DMP                                    0x8043
#define GL_ERROR_8044_DMP                                    0x8044
#define GL_ERROR_8045_DMP                                    0x8045
#define GL_ERROR_8046_DMP                                    0x8046
#define GL_ERROR_8047_DMP                                    0x8047
#define GL_ERROR_8048_DMP                                    0x8048
#define GL_ERROR_8049_DMP                                    0x8049
#define GL_ERROR_804A_DMP                                    0x804A
#define GL_ERROR_804B_DMP                                    0x804B
#define GL_ERROR_804C_DMP                                    0x804C
#define GL_ERROR_804D_DMP                                    0x804D
#define GL_ERROR_804E_DMP                                    0x804E
#define GL_ERROR_804F_DMP                                    0x804F
#define GL_ERROR_8050_DMP                                    0x8050
#define GL_ERROR_8051_DMP                                    0x8051
#define GL_ERROR_8052_DMP                                    0x8052
#define GL_ERROR_8053_DMP                                    0x8053
#define GL_ERROR_8054_DMP                                    0x8054
#define GL_ERROR_8055_DMP                                    0x8055
#define GL_ERROR_8056_DMP                                    0x8056
#define GL_ERROR_8057_DMP                                    0x8057
#define GL_ERROR_8058_DMP                                    0x8058
#define GL_ERROR_8059_DMP                                    0x8059
#define GL_ERROR_805A_DMP                                    0x805A
#define GL_ERROR_805B_DMP                                    0x805B
#define GL_ERROR_805C_DMP                                    0x805C
#define GL_ERROR_805D_DMP                                    0x805D
#define GL_ERROR_805E_DMP                                    0x805E
#define GL_ERROR_805F_DMP                                    0x805F
#define GL_ERROR_8060_DMP                                    0x8060
#define GL_ERROR_8061_DMP                                    0x8061
#define GL_ERROR_8062_DMP                                    0x8062
#define GL_ERROR_8063_DMP                                    0x8063
#define GL_ERROR_8064_DMP                                    0x8064
#define GL_ERROR_8065_DMP                                    0x8065
#define GL_ERROR_8066_DMP                                    0x8066
#define GL_ERROR_8067_DMP                                    0x8067
#define GL_ERROR_8068_DMP                                    0x8068
#define GL_ERROR_8069_DMP                                    0x8069
#define GL_ERROR_806A_DMP                                    0x806A
#define GL_ERROR_806B_DMP                                    0x806B
#define GL_ERROR_806C_DMP                                    0x806C
#define GL_ERROR_806D_DMP                                    0x806D
#define GL_ERROR_806E_DMP                                    0x806E
#define GL_ERROR_806F_DMP                                    0x806F
#define GL_ERROR_8070_DMP                                    0x8070
#define GL_ERROR_8071_DMP                                    0x8071
#define GL_ERROR_8072_DMP                                    0x8072
#define GL_ERROR_8073_DMP                                    0x8073
#define GL_ERROR_8074_DMP                                    0x8074
#define GL_ERROR_8075_DMP                                    0x8075
#define GL_ERROR_8076_DMP                                    0x8076
#define GL_ERROR_8077_DMP                                    0x8077
#define GL_ERROR_8078_DMP                                    0x8078
#define GL_ERROR_8079_DMP                                    0x8079
#define GL_ERROR_807A_DMP                                    0x807A
#define GL_ERROR_807B_DMP                                    0x807B
#define GL_ERROR_807C_DMP                                    0x807C
#define GL_ERROR_807D_DMP                                    0x807D
#define GL_ERROR_807E_DMP                                    0x807E
#define GL_ERROR_807F_DMP                                    0x807F
#define GL_ERROR_8080_DMP                                    0x8080
#define GL_ERROR_8081_DMP                                    0x8081
#define GL_ERROR_8082_DMP                                    0x8082
#define GL_ERROR_8083_DMP                                    0x8083
#define GL_ERROR_8084_DMP                                    0x8084
#define GL_ERROR_8085_DMP                                    0x8085
#define GL_ERROR_8086_DMP                                    0x8086
#define GL_ERROR_8087_DMP                                    0x8087
#define GL_ERROR_8088_DMP                                    0x8088
#define GL_ERROR_8089_DMP                                    0x8089
#define GL_ERROR_808A_DMP                                    0x808A
#define GL_ERROR_808B_DMP                                    0x808B
#define GL_ERROR_808C_DMP                                    0x808C
#define GL_ERROR_808D_DMP                                    0x808D
#define GL_ERROR_808E_DMP                                    0x808E
#define GL_ERROR_808F_DMP                                    0x808F
#define GL_ERROR_8090_DMP                                    0x8090
#define GL_ERROR_8091_DMP                                    0x8091
#define GL_ERROR_8092_DMP                                    0x8092
#define GL_ERROR_8093_DMP                                    0x8093
#define GL_ERROR_8094_DMP                                    0x8094
#define GL_ERROR_8095_DMP                                    0x8095
#define GL_ERROR_8096_DMP                                    0x8096
#define GL_ERROR_8097_DMP                                    0x8097
#define GL_ERROR_8098_DMP                                    0x8098
#define GL_ERROR_8099_DMP                                    0x8099
#define GL_ERROR_809A_DMP                                    0x809A
#define GL_ERROR_809B_DMP                                    0x809B
#define GL_ERROR_809C_DMP                                    0x809C
#define GL_ERROR_809D_DMP                                    0x809D
#define GL_ERROR_809E_DMP                                    0x809E
#define GL_ERROR_809F_DMP                                    0x809F
#define GL_ERROR_80A0_DMP                                    0x80A0
#define GL_ERROR_80A1_DMP                                    0x80A1
#define GL_ERROR_80A2_DMP                                    0x80A2
#define GL_ERROR_80A3_DMP                                    0x80A3
#define GL_ERROR_80A4_DMP                                    0x80A4
#define GL_ERROR_80A5_DMP                                    0x80A5
#define GL_ERROR_80A6_DMP                                    0x80A6
#define GL_ERROR_80A7_DMP                                    0x80A7
#define GL_ERROR_80A8_DMP                                    0x80A8
#define GL_ERROR_80A9_DMP                                    0x80A9
#define GL_ERROR_80AA_DMP                                    0x80AA
#define GL_ERROR_80AB_DMP                                    0x80AB
#define GL_ERROR_80AC_DMP                                    0x80AC
#define GL_ERROR_80AD_DMP                                    0x80AD
#define GL_ERROR_80AE_DMP                                    0x80AE
#define GL_ERROR_80AF_DMP                                    0x80AF
#define GL_ERROR_80B0_DMP                                    0x80B0
#define GL_ERROR_80B1_DMP                                    0x80B1
#define GL_ERROR_80B2_DMP                                    0x80B2
#define GL_ERROR_80B3_DMP                                    0x80B3
#define GL_ERROR_80B4_DMP                                    0x80B4

/* DMP detailed error codes, range 0x9000-0x9003 and command buffer errors */
#define GL_ERROR_9000_DMP                                    0x9000
#define GL_ERROR_9001_DMP                                    0x9001
#define GL_ERROR_9002_DMP                                    0x9002
#define GL_ERROR_9003_DMP                                    0x9003
#define GL_ERROR_COMMANDBUFFER_FULL_DMP                      0x9800
#define GL_ERROR_COMMANDREQUEST_FULL_DMP                     0x9801

/* DMP shader objects and binaries */
#define GL_PLATFORM_BINARY_DMP                               0x6000
#define GL_GEOMETRY_SHADER_DMP                               0x6001
#define GL_DMP_FRAGMENT_SHADER_DMP                           0xFFFFFFFFu

/* DMP geometry primitive: the glDrawArrays / glDrawElements mode of a
 * program with a geometry shader (GL_DMP_geometry_primitive; the value is
 * the one public 3DS homebrew headers give) */
#define GL_GEOMETRY_PRIMITIVE_DMP                            0x6010

/* DMP early depth test */
#define GL_EARLY_DEPTH_TEST_DMP                              0x6780
#define GL_EARLY_DEPTH_CLEAR_VALUE_DMP                       0x6781
#define GL_EARLY_DEPTH_FUNC_DMP                              0x6782
#define GL_EARLY_DEPTH_BUFFER_BIT_DMP                        0x80000000u

/* DMP render block mode */
#define GL_RENDER_BLOCK_MODE_DMP                             0x6788
#define GL_RENDER_BLOCK8_MODE_DMP                            0x6789
#define GL_RENDER_BLOCK32_MODE_DMP                           0x678A

/* DMP formats and texture copy flags */
#define GL_DEPTH24_STENCIL8_EXT                              0x88F0
#define GL_SHADOW_DMP                                        0x6040
#define GL_GAS_DMP                                           0x6050
#define GL_COPY_FCRAM_DMP                                    0x01000000
#define GL_NO_COPY_FCRAM_DMP                                 0x02000000

/* DMP texture combiner (GL_DMP_ext_tex_env): values of the reserved
 * uniforms dmp_TexEnv[i].* (3DS programming manual, "Texture Combiners").
 * The first group are the OpenGL ES 1.1 texture-environment values. */
#define GL_MODULATE                                          0x2100
#define GL_ADD                                               0x0104
#define GL_SUBTRACT                                          0x84E7
#define GL_ADD_SIGNED                                        0x8574
#define GL_INTERPOLATE                                       0x8575
#define GL_CONSTANT                                          0x8576
#define GL_PRIMARY_COLOR                                     0x8577
#define GL_PREVIOUS                                          0x8578
#define GL_DOT3_RGB                                          0x86AE
#define GL_DOT3_RGBA                                         0x86AF
#define GL_PREVIOUS_BUFFER_DMP                               0x8579
#define GL_MULT_ADD_DMP                                      0x6401
#define GL_ADD_MULT_DMP                                      0x6402
/* Single-component operands (dmp_TexEnv[i].operandRgb / operandAlpha).
 * Values as one public DMP header gives them; a public game-file survey
 * names the same six interleaved (R, 1-R, G, ...): unconfirmed. */
#define GL_SRC_R_DMP                                         0x8580
#define GL_SRC_G_DMP                                         0x8581
#define GL_SRC_B_DMP                                         0x8582
#define GL_ONE_MINUS_SRC_R_DMP                               0x8583
#define GL_ONE_MINUS_SRC_G_DMP                               0x8584
#define GL_ONE_MINUS_SRC_B_DMP                               0x8585

/* DMP fragment lighting (GL_DMP_lighting): combiner sources and the
 * dmp_LightEnv.* values */
#define GL_FRAGMENT_PRIMARY_COLOR_DMP                        0x6210
#define GL_FRAGMENT_SECONDARY_COLOR_DMP                      0x6211
#define GL_LIGHT_ENV_LAYER_CONFIG0_DMP                       0x62B0
#define GL_LIGHT_ENV_LAYER_CONFIG1_DMP                       0x62B1
#define GL_LIGHT_ENV_LAYER_CONFIG2_DMP                       0x62B2
#define GL_LIGHT_ENV_LAYER_CONFIG3_DMP                       0x62B3
#define GL_LIGHT_ENV_LAYER_CONFIG4_DMP                       0x62B4
#define GL_LIGHT_ENV_LAYER_CONFIG5_DMP                       0x62B5
#define GL_LIGHT_ENV_LAYER_CONFIG6_DMP                       0x62B6
#define GL_LIGHT_ENV_LAYER_CONFIG7_DMP                       0x62B7
#define GL_LIGHT_ENV_NO_FRESNEL_DMP                          0x62C0
#define GL_LIGHT_ENV_PRI_ALPHA_FRESNEL_DMP                   0x62C1
#define GL_LIGHT_ENV_SEC_ALPHA_FRESNEL_DMP                   0x62C2
#define GL_LIGHT_ENV_PRI_SEC_ALPHA_FRESNEL_DMP               0x62C3

/* DMP sampler types (dmp_Texture[i].samplerType; GL_TEXTURE_2D,
 * GL_TEXTURE_CUBE_MAP and GL_FALSE are the others) */
#define GL_TEXTURE_PROJECTION_DMP                            0x6E00
#define GL_TEXTURE_SHADOW_2D_DMP                             0x6E01
#define GL_TEXTURE_SHADOW_CUBE_DMP                           0x6E02
#define GL_TEXTURE_PROCEDURAL_DMP                            0x6E03

/* DMP fragment operation modes (dmp_FragOperation.mode) and fog
 * (dmp_Fog.mode: GL_FALSE, GL_FOG or GL_GAS_DMP) */
#define GL_FRAGOP_MODE_GL_DMP                                0x6030
#define GL_FRAGOP_MODE_SHADOW_DMP                            0x6048
#define GL_FRAGOP_MODE_GAS_ACC_DMP                           0x6051
#define GL_FOG                                               0x0B60

/* Blend equations MIN and MAX (EXT_blend_minmax values, which the DMP
 * headers use) */
#define GL_MIN                                               0x8007
#define GL_MAX                                               0x8008

/* Logic operations (glLogicOp, the OpenGL values; GL_INVERT is in gl2.h) */
#define GL_LOGIC_OP_MODE                                     0x0BF0
#define GL_COLOR_LOGIC_OP                                    0x0BF2
#define GL_CLEAR                                             0x1500
#define GL_AND                                               0x1501
#define GL_AND_REVERSE                                       0x1502
#define GL_COPY                                              0x1503
#define GL_AND_INVERTED                                      0x1504
#define GL_NOOP                                              0x1505
#define GL_XOR                                               0x1506
#define GL_OR                                                0x1507
#define GL_NOR                                               0x1508
#define GL_EQUIV                                             0x1509
#define GL_OR_REVERSE                                        0x150B
#define GL_COPY_INVERTED                                     0x150C
#define GL_OR_INVERTED                                       0x150D
#define GL_NAND                                              0x150E
#define GL_SET                                               0x150F

/* DMP native texture formats: the data is already in the PICA200 layout
 * (8x8 tiles, Morton order, reversed component order) and is copied as
 * it is; and the DMP pixel types of 4-bit formats */
#define GL_HILO8_DMP                                         0x6700
#define GL_RGBA_NATIVE_DMP                                   0x6752
#define GL_RGB_NATIVE_DMP                                    0x6754
#define GL_ALPHA_NATIVE_DMP                                  0x6756
#define GL_LUMINANCE_NATIVE_DMP                              0x6757
#define GL_LUMINANCE_ALPHA_NATIVE_DMP                        0x6758
#define GL_HILO8_DMP_NATIVE_DMP                              0x6759
#define GL_ETC1_RGB8_NATIVE_DMP                              0x675A
#define GL_ETC1_ALPHA_RGB8_A4_NATIVE_DMP                     0x675B
#define GL_UNSIGNED_BYTE_4_4_DMP                             0x6760
#define GL_UNSIGNED_4BITS_DMP                                0x6761

/* Depth and stencil at one attachment point (the DMP headers take it
 * from ARB_framebuffer_object) */
#define GL_DEPTH_STENCIL_ATTACHMENT                          0x821A

/* DMP entry points of the fragment pipeline */
GL_APICALL void GL_APIENTRY glClearEarlyDepthDMP(GLuint depth);
GL_APICALL void GL_APIENTRY glEarlyDepthFuncDMP(GLenum func);
GL_APICALL void GL_APIENTRY glLogicOp(GLenum opcode);
GL_APICALL void GL_APIENTRY glRenderBlockModeDMP(GLenum mode);

/* Common OES extension constants */
#define GL_RGB8_OES                                          0x8051
#define GL_RGBA8_OES                                         0x8058
#define GL_DEPTH_COMPONENT24_OES                             0x81A6
#define GL_ETC1_RGB8_OES                                     0x8D64
#define GL_HALF_FLOAT_OES                                    0x8D61
#define GL_UNSIGNED_INT_24_8_OES                             0x84FA
#define GL_DEPTH_STENCIL_OES                                 0x84F9
#define GL_DEPTH24_STENCIL8_OES                              0x88F0

/* Texture level queries (glGetTexLevelParameter*) */
#define GL_TEXTURE_WIDTH                                     0x1000
#define GL_TEXTURE_HEIGHT                                    0x1001
#define GL_TEXTURE_INTERNAL_FORMAT                           0x1003
GL_APICALL void GL_APIENTRY glGetTexLevelParameterfv(GLenum target, GLint level, GLenum pname,
						     GLfloat *params);
GL_APICALL void GL_APIENTRY glGetTexLevelParameteriv(GLenum target, GLint level, GLenum pname,
						     GLint *params);

/* OES_compressed_paletted_texture: palette formats of glCompressedTexImage2D
 * (defined for source compatibility; the model decodes no paletted data) */
#define GL_PALETTE4_RGB8_OES                                 0x8B90
#define GL_PALETTE4_RGBA8_OES                                0x8B91
#define GL_PALETTE4_R5_G6_B5_OES                             0x8B92
#define GL_PALETTE4_RGBA4_OES                                0x8B93
#define GL_PALETTE4_RGB5_A1_OES                              0x8B94
#define GL_PALETTE8_RGB8_OES                                 0x8B95
#define GL_PALETTE8_RGBA8_OES                                0x8B96
#define GL_PALETTE8_R5_G6_B5_OES                             0x8B97
#define GL_PALETTE8_RGBA4_OES                                0x8B98
#define GL_PALETTE8_RGB5_A1_OES                              0x8B99

/* Extension flags: the OES extensions these headers describe */
#define GL_OES_compressed_ETC1_RGB8_texture                  1
#define GL_OES_compressed_paletted_texture                   1
#define GL_OES_EGL_image                                     1
#define GL_OES_depth24                                       1
#define GL_OES_fbo_render_mipmap                             1
#define GL_OES_mapbuffer                                     1
#define GL_OES_rgb8_rgba8                                    1

/* Texture and vertex state collections (bind targets and their binding queries) */
#define GL_TEXTURE_COLLECTION_DMP                            0x6600
#define GL_TEXTURE_COLLECTION_BINDING_DMP                    0x6601
#define GL_VERTEX_STATE_COLLECTION_DMP                       0x6800
#define GL_VERTEX_STATE_COLLECTION_BINDING_DMP               0x6801

/* DMP lookup tables (GL_DMP_lut_texture): a texture object bound to
 * GL_LUT_TEXTUREi_DMP holds a table of floats that glTexImage1D and
 * glTexSubImage1D load (doc/model.md, "lookup tables"); the bindings and limits
 * answer glGetIntegerv. GL_SAMPLER_1D is the uniform type of a table. */
#define GL_LUT_TEXTURE0_DMP                                  0x6610
#define GL_LUT_TEXTURE1_DMP                                  0x6611
#define GL_LUT_TEXTURE2_DMP                                  0x6612
#define GL_LUT_TEXTURE3_DMP                                  0x6613
#define GL_LUT_TEXTURE4_DMP                                  0x6614
#define GL_LUT_TEXTURE5_DMP                                  0x6615
#define GL_LUT_TEXTURE6_DMP                                  0x6616
#define GL_LUT_TEXTURE7_DMP                                  0x6617
#define GL_LUT_TEXTURE8_DMP                                  0x6618
#define GL_LUT_TEXTURE9_DMP                                  0x6619
#define GL_LUT_TEXTURE10_DMP                                 0x661A
#define GL_LUT_TEXTURE11_DMP                                 0x661B
#define GL_LUT_TEXTURE12_DMP                                 0x661C
#define GL_LUT_TEXTURE13_DMP                                 0x661D
#define GL_LUT_TEXTURE14_DMP                                 0x661E
#define GL_LUT_TEXTURE15_DMP                                 0x661F
#define GL_LUT_TEXTURE16_DMP                                 0x6620
#define GL_LUT_TEXTURE17_DMP                                 0x6621
#define GL_LUT_TEXTURE18_DMP                                 0x6622
#define GL_LUT_TEXTURE19_DMP                                 0x6623
#define GL_LUT_TEXTURE20_DMP                                 0x6624
#define GL_LUT_TEXTURE21_DMP                                 0x6625
#define GL_LUT_TEXTURE22_DMP                                 0x6626
#define GL_LUT_TEXTURE23_DMP                                 0x6627
#define GL_LUT_TEXTURE24_DMP                                 0x6628
#define GL_LUT_TEXTURE25_DMP                                 0x6629
#define GL_LUT_TEXTURE26_DMP                                 0x662A
#define GL_LUT_TEXTURE27_DMP                                 0x662B
#define GL_LUT_TEXTURE28_DMP                                 0x662C
#define GL_LUT_TEXTURE29_DMP                                 0x662D
#define GL_LUT_TEXTURE30_DMP                                 0x662E
#define GL_LUT_TEXTURE31_DMP                                 0x662F
#define GL_TEXTURE_BINDING_LUT0_DMP                          0x6680
#define GL_TEXTURE_BINDING_LUT1_DMP                          0x6681
#define GL_TEXTURE_BINDING_LUT2_DMP                          0x6682
#define GL_TEXTURE_BINDING_LUT3_DMP                          0x6683
#define GL_TEXTURE_BINDING_LUT4_DMP                          0x6684
#define GL_TEXTURE_BINDING_LUT5_DMP                          0x6685
#define GL_TEXTURE_BINDING_LUT6_DMP                          0x6686
#define GL_TEXTURE_BINDING_LUT7_DMP                          0x6687
#define GL_TEXTURE_BINDING_LUT8_DMP                          0x6688
#define GL_TEXTURE_BINDING_LUT9_DMP                          0x6689
#define GL_TEXTURE_BINDING_LUT10_DMP                         0x668A
#define GL_TEXTURE_BINDING_LUT11_DMP                         0x668B
#define GL_TEXTURE_BINDING_LUT12_DMP                         0x668C
#define GL_TEXTURE_BINDING_LUT13_DMP                         0x668D
#define GL_TEXTURE_BINDING_LUT14_DMP                         0x668E
#define GL_TEXTURE_BINDING_LUT15_DMP                         0x668F
#define GL_TEXTURE_BINDING_LUT16_DMP                         0x6690
#define GL_TEXTURE_BINDING_LUT17_DMP                         0x6691
#define GL_TEXTURE_BINDING_LUT18_DMP                         0x6692
#define GL_TEXTURE_BINDING_LUT19_DMP                         0x6693
#define GL_TEXTURE_BINDING_LUT20_DMP                         0x6694
#define GL_TEXTURE_BINDING_LUT21_DMP                         0x6695
#define GL_TEXTURE_BINDING_LUT22_DMP                         0x6696
#define GL_TEXTURE_BINDING_LUT23_DMP                         0x6697
#define GL_TEXTURE_BINDING_LUT24_DMP                         0x6698
#define GL_TEXTURE_BINDING_LUT25_DMP                         0x6699
#define GL_TEXTURE_BINDING_LUT26_DMP                         0x669A
#define GL_TEXTURE_BINDING_LUT27_DMP                         0x669B
#define GL_TEXTURE_BINDING_LUT28_DMP                         0x669C
#define GL_TEXTURE_BINDING_LUT29_DMP                         0x669D
#define GL_TEXTURE_BINDING_LUT30_DMP                         0x669E
#define GL_TEXTURE_BINDING_LUT31_DMP                         0x669F
#define GL_MAX_LUT_TEXTURES_DMP                              0x660E
#define GL_MAX_LUT_ENTRIES_DMP                               0x660F
#define GL_SAMPLER_1D                                        0x8B5D

/* More DMP and EXT texture formats and types */
#define GL_LUMINANCEF_DMP                                    0x6605
#define GL_SHADOW_NATIVE_DMP                                 0x675C
#define GL_GAS_NATIVE_DMP                                    0x675D
#define GL_UNSIGNED_INT24_DMP                                0x6762
#define GL_BGRA                                              0x80E1
#define GL_ALPHA4_EXT                                        0x803B
#define GL_LUMINANCE4_EXT                                    0x803F
#define GL_LUMINANCE4_ALPHA4_EXT                             0x8043

/* Sampler parameters beyond OpenGL ES 2.0 (border colour, LOD, mirror modes) */
#define GL_TEXTURE_BORDER_COLOR                              0x1004
#define GL_CLAMP_TO_BORDER                                   0x812D
#define GL_GENERATE_MIPMAP                                   0x8191
#define GL_TEXTURE_MIN_LOD                                   0x813A
#define GL_MIRROR_CLAMP_TO_EDGE                              0x8743
#define GL_MIRROR_CLAMP_TO_BORDER                            0x8912
#define GL_TEXTURE_LOD_BIAS                                  0x8501

/* Gas rendering: density and light-factor selectors */
#define GL_GAS_PLAIN_DENSITY_DMP                             0x605E
#define GL_GAS_DEPTH_DENSITY_DMP                             0x605F
#define GL_GAS_DENSITY_DMP                                   0x6060
#define GL_GAS_LIGHT_FACTOR_DMP                              0x6061

/* Procedural texture: functions, clamp modes and channel shifts */
#define GL_PROCTEX_U_DMP                                     0x609A
#define GL_PROCTEX_V_DMP                                     0x609B
#define GL_PROCTEX_U2_DMP                                    0x609C
#define GL_PROCTEX_V2_DMP                                    0x609D
#define GL_PROCTEX_ADD_DMP                                   0x609E
#define GL_PROCTEX_ADD2_DMP                                  0x609F
#define GL_PROCTEX_ADDSQRT2_DMP                              0x60A1
#define GL_PROCTEX_MIN_DMP                                   0x60A2
#define GL_PROCTEX_MAX_DMP                                   0x60A3
#define GL_PROCTEX_RMAX_DMP                                  0x60A4
#define GL_PROCTEX_ALPHA_SEPARATE_DMP                        0x60A5
#define GL_CLAMP_TO_ZERO_DMP                                 0x60C0
#define GL_SYMMETRICAL_REPEAT_DMP                            0x60C1
#define GL_PULSE_DMP                                         0x60C2
#define GL_NONE_DMP                                          0x60D0
#define GL_ODD_DMP                                           0x60D1
#define GL_EVEN_DMP                                          0x60D2

/* Fragment lighting: lookup-table inputs and the bump-map mode */
#define GL_LIGHT_ENV_NH_DMP                                  0x62A0
#define GL_LIGHT_ENV_VH_DMP                                  0x62A1
#define GL_LIGHT_ENV_NV_DMP                                  0x62A2
#define GL_LIGHT_ENV_LN_DMP                                  0x62A3
#define GL_LIGHT_ENV_SP_DMP                                  0x62A4
#define GL_LIGHT_ENV_CP_DMP                                  0x62A5
#define GL_LIGHT_ENV_BUMP_NOT_USED_DMP                       0x62C8
#define GL_LIGHT_ENV_BUMP_AS_BUMP_DMP                        0x62C9
#define GL_LIGHT_ENV_BUMP_AS_TANG_DMP                        0x62CA

/* More texture level queries (glGetTexLevelParameter*) */
#define GL_TEXTURE_BORDER                                    0x1005
#define GL_TEXTURE_DEPTH                                     0x8071
#define GL_TEXTURE_RED_SIZE                                  0x805C
#define GL_TEXTURE_GREEN_SIZE                                0x805D
#define GL_TEXTURE_BLUE_SIZE                                 0x805E
#define GL_TEXTURE_ALPHA_SIZE                                0x805F
#define GL_TEXTURE_LUMINANCE_SIZE                            0x8060
#define GL_TEXTURE_INTENSITY_SIZE                            0x8061
#define GL_TEXTURE_DEPTH_SIZE                                0x884A
#define GL_TEXTURE_DENSITY1_SIZE_DMP                         0x6770
#define GL_TEXTURE_DENSITY2_SIZE_DMP                         0x6771
#define GL_TEXTURE_COMPRESSED_IMAGE_SIZE                     0x86A0
#define GL_TEXTURE_COMPRESSED                                0x86A1

/* glSaveProgramsDMP / glRestoreProgramsDMP flags; the RESTORE_UPDATE bits
 * name the program states a restore marks as changed */
#define GL_SAVE_PROGRAMS_DMP                                 0
#define GL_SAVE_PROGRAMS_CTR_FORMAT_DMP                      1
#define GL_RESTORE_PROGRAMS_DMP                              0
#define GL_RESTORE_UPDATE_LIGHT0_PROGRAM_STATE_DMP           0x80000000u
#define GL_RESTORE_UPDATE_LIGHT1_PROGRAM_STATE_DMP           0x40000000u
#define GL_RESTORE_UPDATE_LIGHT2_PROGRAM_STATE_DMP           0x20000000u
#define GL_RESTORE_UPDATE_LIGHT3_PROGRAM_STATE_DMP           0x10000000u
#define GL_RESTORE_UPDATE_LIGHT4_PROGRAM_STATE_DMP           0x8000000
#define GL_RESTORE_UPDATE_LIGHT5_PROGRAM_STATE_DMP           0x4000000
#define GL_RESTORE_UPDATE_LIGHT6_PROGRAM_STATE_DMP           0x2000000
#define GL_RESTORE_UPDATE_LIGHT7_PROGRAM_STATE_DMP           0x1000000
#define GL_RESTORE_UPDATE_LIGHTING_PROGRAM_STATE_DMP         0x800000
#define GL_RESTORE_UPDATE_MATERIAL_PROGRAM_STATE_DMP         0x400000
#define GL_RESTORE_UPDATE_TEXTURE_BLENDER_PROGRAM_STATE_DMP  0x200000
#define GL_RESTORE_UPDATE_TEXTURE_SAMPLER_PROGRAM_STATE_DMP  0x100000
#define GL_RESTORE_UPDATE_PROCEDURAL_TEXTURE_PROGRAM_STATE_DMP 0x80000
#define GL_RESTORE_UPDATE_SHADOW_SAMPLING_PROGRAM_STATE_DMP  0x40000
#define GL_RESTORE_UPDATE_PER_FRAGMENT_OPERATION_PROGRAM_STATE_DMP 0x20000
#define GL_RESTORE_UPDATE_GAS_ACCUMULATION_PROGRAM_STATE_DMP 0x10000
#define GL_RESTORE_UPDATE_FOG_PROGRAM_STATE_DMP              0x8000
#define GL_RESTORE_UPDATE_VERTEX_SHADER_STATE_DMP            0x4000
#define GL_RESTORE_UPDATE_GEOMETRY_SHADER_STATE_DMP          0x2000

/* Collection save and restore flags */
#define GL_SAVE_VERTEX_STATE_COLLECTIONS_DMP                 0
#define GL_SAVE_VERTEX_STATE_COLLECTIONS_CTR_FORMAT_DMP      1
#define GL_RESTORE_VERTEX_STATE_COLLECTIONS_DMP              0
#define GL_SAVE_TEXTURE_COLLECTIONS_DMP                      0
#define GL_SAVE_TEXTURE_COLLECTIONS_CTR_FORMAT_DMP           1
#define GL_RESTORE_TEXTURE_COLLECTIONS_DMP                   0
#define GL_SAVE_TEXTURE_COLLECTION_1D_TEXTURES_DMP           0x80000000u
#define GL_SAVE_TEXTURE_COLLECTION_2D_TEXTURES_DMP           0x40000000u
#define GL_SAVE_TEXTURE_COLLECTION_CUBE_TEXTURES_DMP         0x20000000u
#define GL_RESTORE_TEXTURE_COLLECTION_1D_TEXTURES_DMP        0x80000000u
#define GL_RESTORE_TEXTURE_COLLECTION_2D_TEXTURES_DMP        0x40000000u
#define GL_RESTORE_TEXTURE_COLLECTION_CUBE_TEXTURES_DMP      0x20000000u

/* Address queries (the physical address of an object's data) and the
 * depth-stencil copy flag */
#define GL_TEXTURE_DATA_ADDR_DMP                             0x6790
#define GL_BUFFER_DATA_ADDR_DMP                              0x6791
#define GL_RENDERBUFFER_DATA_ADDR_DMP                        0x6792
#define GL_DEPTH_STENCIL_COPY_DMP                            0x67A0

GL_APICALL void GL_APIENTRY glTexImage1D(GLenum target, GLint level, GLint internalformat,
					 GLsizei width, GLint border, GLenum format, GLenum type,
					 const GLvoid *pixels);
GL_APICALL void GL_APIENTRY glTexSubImage1D(GLenum target, GLint level, GLint xoffset,
					    GLsizei width, GLenum format, GLenum type,
					    const GLvoid *pixels);

/* Several uniforms of the program in use at once, as raw 32-bit words
 * (doc/model.md, "uniforms as raw words": each element takes the words of its
 * type, floats as their IEEE-754 bit patterns) */
GL_APICALL void GL_APIENTRY glUniformsDMP(GLuint n, GLint *locations, GLsizei *counts,
					  const GLuint *value);
GL_APICALL void GL_APIENTRY glGetUniformsDMP(GLuint program, GLuint n, GLint *locations,
					     GLsizei *counts, GLuint *params);

/* Declared by the SDK headers; the model acts on neither (doc/model.md) */
GL_APICALL void GL_APIENTRY glPolygonMode(GLenum face, GLenum mode);
GL_APICALL void GL_APIENTRY glGetQueryObjectfv(GLuint id, GLenum pname, GLfloat *params);

/* Saving and restoring GL objects (programs for real, collections not
 * modelled: doc/model.md) */
GL_APICALL GLsizei GL_APIENTRY glSaveProgramsDMP(GLuint n, GLuint *progs, GLuint flags,
						 GLsizei bufsize, GLvoid *data);
GL_APICALL void GL_APIENTRY glRestoreProgramsDMP(GLuint n, GLuint offset, GLuint *progs,
						 GLuint flags, GLvoid *data);
GL_APICALL GLsizei GL_APIENTRY glSaveVertexStateCollectionsDMP(GLuint n, GLuint *vscolls,
							       GLuint flags, GLsizei bufsize,
							       GLvoid *data);
GL_APICALL void GL_APIENTRY glRestoreVertexStateCollectionsDMP(GLuint n, GLuint offset,
							       GLuint *vscolls, GLuint flags,
							       GLvoid *data);
GL_APICALL GLsizei GL_APIENTRY glSaveTextureCollectionsDMP(GLuint n, GLuint *txcolls,
							   GLuint flags, GLsizei bufsize,
							   GLvoid *data);
GL_APICALL void GL_APIENTRY glRestoreTextureCollectionsDMP(GLuint n, GLuint offset,
							   GLuint *txcolls, GLuint flags,
							   GLvoid *data);

/* OES_EGL_image (no EGL in the model: every image is invalid) */
#ifdef GL_GLEXT_PROTOTYPES
GL_APICALL void GL_APIENTRY glEGLImageTargetTexture2DOES(GLenum target, GLeglImageOES image);
GL_APICALL void GL_APIENTRY glEGLImageTargetRenderbufferStorageOES(GLenum target,
								   GLeglImageOES image);
#endif

/* OES_mapbuffer */
#define GL_WRITE_ONLY_OES                                    0x88B9
#define GL_BUFFER_ACCESS_OES                                 0x88BB
#define GL_BUFFER_MAPPED_OES                                 0x88BC
#define GL_BUFFER_MAP_POINTER_OES                            0x88BD
#ifdef GL_GLEXT_PROTOTYPES
GL_APICALL void *GL_APIENTRY glMapBufferOES(GLenum target, GLenum access);
GL_APICALL GLboolean GL_APIENTRY glUnmapBufferOES(GLenum target);
GL_APICALL void GL_APIENTRY glGetBufferPointervOES(GLenum target, GLenum pname, GLvoid **params);
#endif

#ifdef __cplusplus
}
#endif

#endif /* NNGX_GLES2_GL2EXT_H */
