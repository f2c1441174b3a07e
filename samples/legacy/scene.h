/* scene.h: the demo's scene, drawn through the GL calls of the 3DS SDK.
 *
 * Upper screen: a textured, rotating crate over a textured ground mesh,
 * depth-tested, in the default framebuffer (240 x 400, the screen turned
 * on its side). The ground has four levels of detail, from 8 x 8 to
 * 64 x 64 quads; the demo picks one per frame, so that the load moves from
 * the fragment side to the geometry side and the profiler's verdict with
 * it. Lower screen: a bar chart of the previous frame's busy counter,
 * drawn into a framebuffer object of its own.
 *
 * The shaders come from a .shbin file (see make_shaders.c), loaded with
 * glShaderBinary(GL_PLATFORM_BINARY_DMP).
 *
 * Part of libnngx (MIT licence). */
#ifndef DEMO_SCENE_H_
#define DEMO_SCENE_H_

#include <nn/gx.h>

#include "gpu_profiler.h"

namespace demo {

class Scene
{
public:
    enum { LOD_NUM = 4 };

    // The framebuffers: the upper screen's default one, the lower screen's
    // own. Portrait, as the LCDs are mounted (the SDK's sizes, nn::gx).
    enum
    {
        UPPER_WIDTH = nn::gx::DISPLAY0_WIDTH, UPPER_HEIGHT = nn::gx::DISPLAY0_HEIGHT,
        LOWER_WIDTH = nn::gx::DISPLAY1_WIDTH, LOWER_HEIGHT = nn::gx::DISPLAY1_HEIGHT
    };

    Scene();

    // Loads the shader binary from shbinPath and creates every GL object.
    // False (with a message on stderr) on any failure.
    bool Initialize(const char* shbinPath);
    void Finalize();

    // Animation state of frame `frame`: level of detail, crate position.
    void Update(GLuint frame);

    // Commands of the upper screen's frame: clear, crate, ground.
    void DrawUpper();
    // Commands of the lower screen's frame: clear, busy-counter bars.
    void DrawLower(const GpuProfiler& profiler);

    // What this frame draws, for the report.
    GLuint GetGroundQuads() const;
    GLuint GetTriangles() const;
    float GetCrateDistance() const { return m_CrateDistance; }
    float GetCrateAngle() const { return m_CrateAngle; }

private:
    struct Mesh
    {
        GLuint  vertexBuffer;
        GLuint  indexBuffer;
        GLsizei indexCount;
    };

    bool LoadShaders(const char* shbinPath);
    bool LinkProgram(GLuint program, GLuint shader, const char* attrib0, const char* attrib1,
                     const char* name);
    bool SetupCombiners();
    bool CreateCrate();
    bool CreateGround(Mesh* mesh, GLuint quads);
    bool CreateTextures();
    bool CreateLowerFramebuffer();
    bool CreateOverlay();
    void DrawMesh(const Mesh& mesh, GLuint texture, const float modelView[16]);

    GLuint  m_Shaders[2];               // DVLE 0 and 1 of the .shbin
    GLuint  m_SceneProgram;
    GLuint  m_OverlayProgram;
    GLint   m_LocProjection;
    GLint   m_LocModelView;
    GLint   m_LocColor;

    Mesh    m_Crate;
    Mesh    m_Ground[LOD_NUM];
    GLuint  m_CrateTexture;
    GLuint  m_GroundTexture;

    GLuint  m_LowerFramebuffer;
    GLuint  m_LowerColorbuffer;
    GLuint  m_OverlayBuffer;

    GLuint  m_Lod;
    float   m_CrateDistance;
    float   m_CrateAngle;
    float   m_Projection[16];
    float   m_View[16];

    Scene(const Scene&);
    Scene& operator=(const Scene&);
};

} // namespace demo

#endif // DEMO_SCENE_H_
