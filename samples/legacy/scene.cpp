/* scene.cpp: see scene.h.
 *
 * Part of libnngx (MIT licence). */
#include "scene.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <nn/gx.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

namespace demo {

namespace {

const float kPi = 3.14159265f;

// ---- a little matrix library: 4x4, column-major as OpenGL ES takes it
// (element (row r, column c) at [c * 4 + r]).

void MtxIdentity(float* m)
{
    for (int i = 0; i < 16; ++i)
    {
        m[i] = (i % 5 == 0) ? 1.0f : 0.0f;
    }
}

// out = a * b; out may not alias a or b.
void MtxMult(float* out, const float* a, const float* b)
{
    for (int c = 0; c < 4; ++c)
    {
        for (int r = 0; r < 4; ++r)
        {
            float sum = 0.0f;
            for (int k = 0; k < 4; ++k)
            {
                sum += a[k * 4 + r] * b[c * 4 + k];
            }
            out[c * 4 + r] = sum;
        }
    }
}

void MtxTranslate(float* m, float x, float y, float z)
{
    MtxIdentity(m);
    m[12] = x;
    m[13] = y;
    m[14] = z;
}

void MtxRotateY(float* m, float degrees)
{
    const float s = std::sin(degrees * kPi / 180.0f);
    const float c = std::cos(degrees * kPi / 180.0f);
    MtxIdentity(m);
    m[0] = c;
    m[2] = -s;
    m[8] = s;
    m[10] = c;
}

void MtxRotateX(float* m, float degrees)
{
    const float s = std::sin(degrees * kPi / 180.0f);
    const float c = std::cos(degrees * kPi / 180.0f);
    MtxIdentity(m);
    m[5] = c;
    m[6] = s;
    m[9] = -s;
    m[10] = c;
}

// A right-handed view matrix: the camera at eye, looking at target.
void MtxLookAt(float* m, const float eye[3], const float target[3], const float up[3])
{
    float f[3] = { target[0] - eye[0], target[1] - eye[1], target[2] - eye[2] };
    float len = std::sqrt(f[0] * f[0] + f[1] * f[1] + f[2] * f[2]);
    for (int i = 0; i < 3; ++i)
    {
        f[i] /= len;
    }
    float s[3] = { f[1] * up[2] - f[2] * up[1], f[2] * up[0] - f[0] * up[2],
                   f[0] * up[1] - f[1] * up[0] };
    len = std::sqrt(s[0] * s[0] + s[1] * s[1] + s[2] * s[2]);
    for (int i = 0; i < 3; ++i)
    {
        s[i] /= len;
    }
    const float u[3] = { s[1] * f[2] - s[2] * f[1], s[2] * f[0] - s[0] * f[2],
                         s[0] * f[1] - s[1] * f[0] };
    MtxIdentity(m);
    for (int i = 0; i < 3; ++i)
    {
        m[i * 4 + 0] = s[i];
        m[i * 4 + 1] = u[i];
        m[i * 4 + 2] = -f[i];
    }
    m[12] = -(s[0] * eye[0] + s[1] * eye[1] + s[2] * eye[2]);
    m[13] = -(u[0] * eye[0] + u[1] * eye[1] + u[2] * eye[2]);
    m[14] = f[0] * eye[0] + f[1] * eye[1] + f[2] * eye[2];
}

// A perspective projection for the PICA200, whose clip volume has
// -w <= z <= 0 (near plane at 0, far plane at -w), and whose screens are
// mounted on their side: the picture is turned a quarter turn so that a
// landscape view of aspect `aspect` fills a portrait framebuffer (what the
// SDK's perspective functions do with PIVOT_UPSIDE_TO_TOP).
void MtxPerspectivePivot(float* m, float fovyDegrees, float aspect, float zNear, float zFar)
{
    const float f = 1.0f / std::tan(fovyDegrees * kPi / 360.0f);
    float p[16];

    std::memset(p, 0, sizeof(p));
    p[0] = f / aspect;
    p[5] = f;
    // OpenGL's z row (A, B) maps near..far to -1..1; the PICA200's is
    // -(A z + B + w) / 2, which maps them to 0..-1.
    const float a = (zFar + zNear) / (zNear - zFar);
    const float b = 2.0f * zFar * zNear / (zNear - zFar);
    p[10] = -(a - 1.0f) * 0.5f;
    p[14] = -b * 0.5f;
    p[11] = -1.0f;

    // The quarter turn: portrait x = -landscape y, portrait y = landscape x.
    std::memcpy(m, p, sizeof(p));
    for (int c = 0; c < 4; ++c)
    {
        m[c * 4 + 0] = -p[c * 4 + 1];
        m[c * 4 + 1] = p[c * 4 + 0];
    }
}

// ---- files and GL checks

// The whole file in a new[]'d buffer, or NULL (with a message).
unsigned char* LoadFile(const char* path, GLsizei* size)
{
    std::FILE* file = std::fopen(path, "rb");
    if (file == NULL)
    {
        std::fprintf(stderr, "Scene: cannot open %s\n", path);
        return NULL;
    }
    unsigned char* data = NULL;
    long length = -1;
    if (std::fseek(file, 0, SEEK_END) == 0)
    {
        length = std::ftell(file);
    }
    if (length > 0 && std::fseek(file, 0, SEEK_SET) == 0)
    {
        data = new unsigned char[length];
        if (std::fread(data, 1, static_cast<size_t>(length), file) != static_cast<size_t>(length))
        {
            delete[] data;
            data = NULL;
        }
    }
    std::fclose(file);
    if (data == NULL)
    {
        std::fprintf(stderr, "Scene: cannot read %s\n", path);
        return NULL;
    }
    *size = static_cast<GLsizei>(length);
    return data;
}

bool CheckGl(const char* what)
{
    const GLenum error = glGetError();
    if (error != GL_NO_ERROR)
    {
        std::fprintf(stderr, "Scene: %s: GL error 0x%04X\n", what, error);
        return false;
    }
    return true;
}

// A uniform that must exist; -1 (and a message) if it does not.
GLint UniformLocation(GLuint program, const char* name)
{
    const GLint location = glGetUniformLocation(program, name);
    if (location == -1)
    {
        std::fprintf(stderr, "Scene: program %u has no uniform %s\n", program, name);
    }
    return location;
}

// ---- meshes

struct Vertex
{
    GLfloat position[3];
    GLfloat texCoord[2];
};

struct OverlayVertex
{
    GLfloat position[3];
    GLfloat color[4];
};

const float kGroundHalfSize = 6.0f;         // metres from the centre to an edge
const float kGroundTextureRepeat = 6.0f;    // the texture this many times across
const GLuint kGroundQuads[Scene::LOD_NUM] = { 8, 16, 32, 64 };

const int kCrateTextureSize = 64;
const int kGroundTextureSize = 128;

// The lower screen's bar chart: one bar per busy-counter module and a
// base line.
const GLsizei kOverlayMaxVertices = (GpuProfiler::MODULE_NUM + 1) * 6;

} // namespace

Scene::Scene()
    : m_SceneProgram(0),
      m_OverlayProgram(0),
      m_LocProjection(-1),
      m_LocModelView(-1),
      m_LocColor(-1),
      m_CrateTexture(0),
      m_GroundTexture(0),
      m_LowerFramebuffer(0),
      m_LowerColorbuffer(0),
      m_OverlayBuffer(0),
      m_Lod(0),
      m_CrateDistance(0.0f),
      m_CrateAngle(0.0f)
{
    m_Shaders[0] = m_Shaders[1] = 0;
    std::memset(&m_Crate, 0, sizeof(m_Crate));
    std::memset(m_Ground, 0, sizeof(m_Ground));
    MtxIdentity(m_Projection);
    MtxIdentity(m_View);
}

bool Scene::Initialize(const char* shbinPath)
{
    if (!LoadShaders(shbinPath))
    {
        return false;
    }
    if (!SetupCombiners() || !CreateCrate())
    {
        return false;
    }
    for (GLuint lod = 0; lod < LOD_NUM; ++lod)
    {
        if (!CreateGround(&m_Ground[lod], kGroundQuads[lod]))
        {
            return false;
        }
    }
    if (!CreateTextures() || !CreateLowerFramebuffer() || !CreateOverlay())
    {
        return false;
    }

    // The camera: above and behind the crate, looking down at it.
    const float eye[3] = { 0.0f, 3.0f, 7.0f };
    const float target[3] = { 0.0f, 0.5f, 0.0f };
    const float up[3] = { 0.0f, 1.0f, 0.0f };
    MtxLookAt(m_View, eye, target, up);
    MtxPerspectivePivot(m_Projection, 45.0f, 400.0f / 240.0f, 0.5f, 30.0f);
    return true;
}

bool Scene::LoadShaders(const char* shbinPath)
{
    GLsizei size = 0;
    unsigned char* binary = LoadFile(shbinPath, &size);
    if (binary == NULL)
    {
        return false;
    }

    // One binary, two vertex shaders: shader i takes DVLE i.
    m_Shaders[0] = glCreateShader(GL_VERTEX_SHADER);
    m_Shaders[1] = glCreateShader(GL_VERTEX_SHADER);
    glShaderBinary(2, m_Shaders, GL_PLATFORM_BINARY_DMP, binary, size);
    delete[] binary;
    if (!CheckGl("glShaderBinary"))
    {
        std::fprintf(stderr, "Scene: %s is not a shader binary with two vertex shaders\n",
                     shbinPath);
        return false;
    }

    m_SceneProgram = glCreateProgram();
    m_OverlayProgram = glCreateProgram();
    if (!LinkProgram(m_SceneProgram, m_Shaders[0], "aPosition", "aTexCoord", "scene")
        || !LinkProgram(m_OverlayProgram, m_Shaders[1], "aPosition", "aColor", "overlay"))
    {
        return false;
    }

    glUseProgram(m_SceneProgram);
    m_LocProjection = UniformLocation(m_SceneProgram, "uProjection");
    m_LocModelView = UniformLocation(m_SceneProgram, "uModelView");
    m_LocColor = UniformLocation(m_SceneProgram, "uColor");
    return m_LocProjection != -1 && m_LocModelView != -1 && m_LocColor != -1
           && CheckGl("looking up the uniforms");
}

bool Scene::LinkProgram(GLuint program, GLuint shader, const char* attrib0,
                        const char* attrib1, const char* name)
{
    glAttachShader(program, shader);
    glAttachShader(program, GL_DMP_FRAGMENT_SHADER_DMP);
    glBindAttribLocation(program, 0, attrib0);
    glBindAttribLocation(program, 1, attrib1);
    glLinkProgram(program);

    GLint linked = GL_FALSE;
    glGetProgramiv(program, GL_LINK_STATUS, &linked);
    if (!CheckGl("linking a program") || linked != GL_TRUE)
    {
        std::fprintf(stderr, "Scene: the %s program did not link\n", name);
        return false;
    }
    return true;
}

// The fragment stage is fixed-function: each program sets its combiners
// through the reserved dmp_ uniforms. A misspelt name would be -1, which
// glUniform* ignores without an error, hence the checks.
bool Scene::SetupCombiners()
{
    GLint loc[5];

    // Scene: texture unit 0, modulated by the primary colour (the tint).
    glUseProgram(m_SceneProgram);
    loc[0] = UniformLocation(m_SceneProgram, "dmp_Texture[0].samplerType");
    loc[1] = UniformLocation(m_SceneProgram, "dmp_TexEnv[0].combineRgb");
    loc[2] = UniformLocation(m_SceneProgram, "dmp_TexEnv[0].combineAlpha");
    loc[3] = UniformLocation(m_SceneProgram, "dmp_TexEnv[0].srcRgb");
    loc[4] = UniformLocation(m_SceneProgram, "dmp_TexEnv[0].srcAlpha");
    for (int i = 0; i < 5; ++i)
    {
        if (loc[i] == -1)
        {
            return false;
        }
    }
    glUniform1i(loc[0], GL_TEXTURE_2D);
    glUniform1i(loc[1], GL_MODULATE);
    glUniform1i(loc[2], GL_MODULATE);
    glUniform3i(loc[3], GL_TEXTURE0, GL_PRIMARY_COLOR, GL_PRIMARY_COLOR);
    glUniform3i(loc[4], GL_TEXTURE0, GL_PRIMARY_COLOR, GL_PRIMARY_COLOR);

    // Overlay: the vertex colour as it is, no texture.
    glUseProgram(m_OverlayProgram);
    loc[0] = UniformLocation(m_OverlayProgram, "dmp_TexEnv[0].srcRgb");
    loc[1] = UniformLocation(m_OverlayProgram, "dmp_TexEnv[0].srcAlpha");
    if (loc[0] == -1 || loc[1] == -1)
    {
        return false;
    }
    glUniform3i(loc[0], GL_PRIMARY_COLOR, GL_PRIMARY_COLOR, GL_PRIMARY_COLOR);
    glUniform3i(loc[1], GL_PRIMARY_COLOR, GL_PRIMARY_COLOR, GL_PRIMARY_COLOR);
    return CheckGl("setting the combiners");
}

// A unit cube, 24 vertices (four a face, for the texture coordinates) and
// 36 indices, counter-clockwise seen from outside.
bool Scene::CreateCrate()
{
    static const GLfloat corners[6][4][3] =
    {
        { { -1, -1,  1 }, {  1, -1,  1 }, {  1,  1,  1 }, { -1,  1,  1 } },  // +z
        { {  1, -1, -1 }, { -1, -1, -1 }, { -1,  1, -1 }, {  1,  1, -1 } },  // -z
        { {  1, -1,  1 }, {  1, -1, -1 }, {  1,  1, -1 }, {  1,  1,  1 } },  // +x
        { { -1, -1, -1 }, { -1, -1,  1 }, { -1,  1,  1 }, { -1,  1, -1 } },  // -x
        { { -1,  1,  1 }, {  1,  1,  1 }, {  1,  1, -1 }, { -1,  1, -1 } },  // +y
        { { -1, -1, -1 }, {  1, -1, -1 }, {  1, -1,  1 }, { -1, -1,  1 } },  // -y
    };
    static const GLfloat texCoords[4][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } };
    Vertex vertices[24];
    GLushort indices[36];

    for (int face = 0; face < 6; ++face)
    {
        for (int k = 0; k < 4; ++k)
        {
            Vertex& v = vertices[face * 4 + k];
            for (int i = 0; i < 3; ++i)
            {
                v.position[i] = 0.5f * corners[face][k][i];
            }
            v.texCoord[0] = texCoords[k][0];
            v.texCoord[1] = texCoords[k][1];
        }
        static const int quad[6] = { 0, 1, 2, 0, 2, 3 };
        for (int k = 0; k < 6; ++k)
        {
            indices[face * 6 + k] = static_cast<GLushort>(face * 4 + quad[k]);
        }
    }

    glGenBuffers(1, &m_Crate.vertexBuffer);
    glBindBuffer(GL_ARRAY_BUFFER, m_Crate.vertexBuffer);
    glBufferData(GL_ARRAY_BUFFER | NN_GX_MEM_VRAMA | GL_NO_COPY_FCRAM_DMP, sizeof(vertices),
                 vertices, GL_STATIC_DRAW);
    glGenBuffers(1, &m_Crate.indexBuffer);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, m_Crate.indexBuffer);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER | NN_GX_MEM_VRAMB | GL_NO_COPY_FCRAM_DMP,
                 sizeof(indices), indices, GL_STATIC_DRAW);
    m_Crate.indexCount = 36;
    return CheckGl("creating the crate");
}

// A flat grid of quads x quads at y = 0, row after row, counter-clockwise
// seen from above.
bool Scene::CreateGround(Mesh* mesh, GLuint quads)
{
    const GLuint side = quads + 1;
    const GLuint vertexCount = side * side;
    const GLuint indexCount = quads * quads * 6;
    Vertex* vertices = new Vertex[vertexCount];
    GLushort* indices = new GLushort[indexCount];

    for (GLuint z = 0; z < side; ++z)
    {
        for (GLuint x = 0; x < side; ++x)
        {
            Vertex& v = vertices[z * side + x];
            const float s = static_cast<float>(x) / static_cast<float>(quads);
            const float t = static_cast<float>(z) / static_cast<float>(quads);
            v.position[0] = -kGroundHalfSize + 2.0f * kGroundHalfSize * s;
            v.position[1] = 0.0f;
            v.position[2] = -kGroundHalfSize + 2.0f * kGroundHalfSize * t;
            v.texCoord[0] = kGroundTextureRepeat * s;
            v.texCoord[1] = kGroundTextureRepeat * t;
        }
    }
    GLuint n = 0;
    for (GLuint z = 0; z < quads; ++z)
    {
        for (GLuint x = 0; x < quads; ++x)
        {
            // a b    (-z is away from the camera)
            // c d
            const GLushort a = static_cast<GLushort>(z * side + x);
            const GLushort b = static_cast<GLushort>(a + 1);
            const GLushort c = static_cast<GLushort>(a + side);
            const GLushort d = static_cast<GLushort>(c + 1);
            indices[n++] = a; indices[n++] = c; indices[n++] = b;
            indices[n++] = b; indices[n++] = c; indices[n++] = d;
        }
    }

    glGenBuffers(1, &mesh->vertexBuffer);
    glBindBuffer(GL_ARRAY_BUFFER, mesh->vertexBuffer);
    glBufferData(GL_ARRAY_BUFFER | NN_GX_MEM_VRAMA | GL_NO_COPY_FCRAM_DMP,
                 static_cast<GLsizeiptr>(vertexCount * sizeof(Vertex)), vertices, GL_STATIC_DRAW);
    glGenBuffers(1, &mesh->indexBuffer);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, mesh->indexBuffer);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER | NN_GX_MEM_VRAMB | GL_NO_COPY_FCRAM_DMP,
                 static_cast<GLsizeiptr>(indexCount * sizeof(GLushort)), indices, GL_STATIC_DRAW);
    mesh->indexCount = static_cast<GLsizei>(indexCount);
    delete[] vertices;
    delete[] indices;
    return CheckGl("creating the ground");
}

bool Scene::CreateTextures()
{
    // The crate: planks (RGBA8), 64 x 64, in VRAM A.
    GLubyte* crate = new GLubyte[kCrateTextureSize * kCrateTextureSize * 4];
    for (int y = 0; y < kCrateTextureSize; ++y)
    {
        for (int x = 0; x < kCrateTextureSize; ++x)
        {
            GLubyte* p = &crate[(y * kCrateTextureSize + x) * 4];
            const bool frame = x < 4 || y < 4 || x >= kCrateTextureSize - 4
                               || y >= kCrateTextureSize - 4 || x == y || x + y == kCrateTextureSize - 1;
            const bool seam = (y % 16) == 0;
            const int grain = ((x * 7 + y * 3) % 11) * 3;
            p[0] = static_cast<GLubyte>(frame ? 120 : seam ? 90 : 170 + grain);
            p[1] = static_cast<GLubyte>(frame ? 80 : seam ? 60 : 120 + grain);
            p[2] = static_cast<GLubyte>(frame ? 40 : seam ? 30 : 60);
            p[3] = 255;
        }
    }
    glGenTextures(1, &m_CrateTexture);
    glBindTexture(GL_TEXTURE_2D, m_CrateTexture);
    glTexImage2D(GL_TEXTURE_2D | NN_GX_MEM_VRAMA | GL_NO_COPY_FCRAM_DMP, 0, GL_RGBA,
                 kCrateTextureSize, kCrateTextureSize, 0, GL_RGBA, GL_UNSIGNED_BYTE, crate);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    delete[] crate;

    // The ground: a checkerboard (RGB8), 128 x 128, repeated, in VRAM B.
    GLubyte* ground = new GLubyte[kGroundTextureSize * kGroundTextureSize * 3];
    for (int y = 0; y < kGroundTextureSize; ++y)
    {
        for (int x = 0; x < kGroundTextureSize; ++x)
        {
            GLubyte* p = &ground[(y * kGroundTextureSize + x) * 3];
            const bool light = (((x / 16) ^ (y / 16)) & 1) != 0;
            p[0] = static_cast<GLubyte>(light ? 200 : 60);
            p[1] = static_cast<GLubyte>(light ? 210 : 110);
            p[2] = static_cast<GLubyte>(light ? 190 : 50);
        }
    }
    glGenTextures(1, &m_GroundTexture);
    glBindTexture(GL_TEXTURE_2D, m_GroundTexture);
    glTexImage2D(GL_TEXTURE_2D | NN_GX_MEM_VRAMB | GL_NO_COPY_FCRAM_DMP, 0, GL_RGB,
                 kGroundTextureSize, kGroundTextureSize, 0, GL_RGB, GL_UNSIGNED_BYTE, ground);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
    delete[] ground;
    return CheckGl("creating the textures");
}

bool Scene::CreateLowerFramebuffer()
{
    glGenFramebuffers(1, &m_LowerFramebuffer);
    glBindFramebuffer(GL_FRAMEBUFFER, m_LowerFramebuffer);
    glGenRenderbuffers(1, &m_LowerColorbuffer);
    glBindRenderbuffer(GL_RENDERBUFFER, m_LowerColorbuffer);
    glRenderbufferStorage(GL_RENDERBUFFER | NN_GX_MEM_VRAMA, GL_RGB565, LOWER_WIDTH, LOWER_HEIGHT);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER,
                              m_LowerColorbuffer);
    const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    if (!CheckGl("creating the lower screen's framebuffer"))
    {
        return false;
    }
    if (status != GL_FRAMEBUFFER_COMPLETE)
    {
        std::fprintf(stderr, "Scene: the lower screen's framebuffer is incomplete (0x%04X)\n",
                     status);
        return false;
    }
    return true;
}

bool Scene::CreateOverlay()
{
    // Rewritten every frame: main memory, like most dynamic data.
    glGenBuffers(1, &m_OverlayBuffer);
    glBindBuffer(GL_ARRAY_BUFFER, m_OverlayBuffer);
    glBufferData(GL_ARRAY_BUFFER | NN_GX_MEM_FCRAM,
                 static_cast<GLsizeiptr>(kOverlayMaxVertices * sizeof(OverlayVertex)), NULL,
                 GL_DYNAMIC_DRAW);
    return CheckGl("creating the overlay's buffer");
}

void Scene::Finalize()
{
    glDeleteBuffers(1, &m_Crate.vertexBuffer);
    glDeleteBuffers(1, &m_Crate.indexBuffer);
    for (GLuint lod = 0; lod < LOD_NUM; ++lod)
    {
        glDeleteBuffers(1, &m_Ground[lod].vertexBuffer);
        glDeleteBuffers(1, &m_Ground[lod].indexBuffer);
    }
    glDeleteBuffers(1, &m_OverlayBuffer);
    glDeleteTextures(1, &m_CrateTexture);
    glDeleteTextures(1, &m_GroundTexture);
    glDeleteFramebuffers(1, &m_LowerFramebuffer);
    glDeleteRenderbuffers(1, &m_LowerColorbuffer);
    glDeleteProgram(m_SceneProgram);
    glDeleteProgram(m_OverlayProgram);
    glDeleteShader(m_Shaders[0]);
    glDeleteShader(m_Shaders[1]);
    std::memset(&m_Crate, 0, sizeof(m_Crate));
    std::memset(m_Ground, 0, sizeof(m_Ground));
    m_OverlayBuffer = m_CrateTexture = m_GroundTexture = 0;
    m_LowerFramebuffer = m_LowerColorbuffer = 0;
    m_SceneProgram = m_OverlayProgram = 0;
    m_Shaders[0] = m_Shaders[1] = 0;
}

void Scene::Update(GLuint frame)
{
    // The ground gets finer each frame; the crate turns and comes nearer.
    m_Lod = frame % LOD_NUM;
    m_CrateAngle = 30.0f * static_cast<float>(frame % 12);     // a whole turn in 12 frames
    m_CrateDistance = 1.0f * static_cast<float>(frame % LOD_NUM);
}

GLuint Scene::GetGroundQuads() const
{
    return kGroundQuads[m_Lod];
}

GLuint Scene::GetTriangles() const
{
    return static_cast<GLuint>(m_Crate.indexCount + m_Ground[m_Lod].indexCount) / 3;
}

void Scene::DrawMesh(const Mesh& mesh, GLuint texture, const float modelView[16])
{
    glBindBuffer(GL_ARRAY_BUFFER, mesh.vertexBuffer);
    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(Vertex), reinterpret_cast<GLvoid*>(0));
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, sizeof(Vertex),
                          reinterpret_cast<GLvoid*>(3 * sizeof(GLfloat)));
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, mesh.indexBuffer);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, texture);
    glUniformMatrix4fv(m_LocModelView, 1, GL_FALSE, modelView);
    glDrawElements(GL_TRIANGLES, mesh.indexCount, GL_UNSIGNED_SHORT, reinterpret_cast<GLvoid*>(0));
}

void Scene::DrawUpper()
{
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, UPPER_WIDTH, UPPER_HEIGHT);
    glClearColor(0.35f, 0.55f, 0.85f, 1.0f);
    glClearDepthf(1.0f);
    glClearStencil(0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);

    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glDepthMask(GL_TRUE);
    glEnable(GL_CULL_FACE);
    glCullFace(GL_BACK);
    glFrontFace(GL_CCW);

    glUseProgram(m_SceneProgram);
    glUniformMatrix4fv(m_LocProjection, 1, GL_FALSE, m_Projection);

    // The crate, standing on the ground and turning, nearer every frame.
    float model[16], translate[16], rotateY[16], rotateX[16], tmp[16], modelView[16];
    MtxTranslate(translate, 0.0f, 0.75f, m_CrateDistance);
    MtxRotateY(rotateY, m_CrateAngle);
    MtxRotateX(rotateX, 15.0f);
    MtxMult(tmp, rotateY, rotateX);
    MtxMult(model, translate, tmp);
    MtxMult(modelView, m_View, model);
    glUniform4f(m_LocColor, 1.0f, 1.0f, 1.0f, 1.0f);
    DrawMesh(m_Crate, m_CrateTexture, modelView);

    // The ground, at this frame's level of detail.
    glUniform4f(m_LocColor, 0.9f, 1.0f, 0.9f, 1.0f);
    DrawMesh(m_Ground[m_Lod], m_GroundTexture, m_View);
}

void Scene::DrawLower(const GpuProfiler& profiler)
{
    OverlayVertex vertices[kOverlayMaxVertices];
    GLsizei count = 0;

    // Bars in the lower screen's landscape view (x across 320 pixels, y up
    // 240), turned a quarter turn into the portrait framebuffer as the
    // projection does for the upper screen.
    struct Rect { float x0, y0, x1, y1; };
    Rect rects[GpuProfiler::MODULE_NUM + 1];
    float colors[GpuProfiler::MODULE_NUM + 1][4];
    int rectCount = 0;

    Rect base = { -0.9f, -0.84f, 0.9f, -0.8f };
    rects[rectCount] = base;
    colors[rectCount][0] = colors[rectCount][1] = colors[rectCount][2] = 0.9f;
    colors[rectCount][3] = 1.0f;
    ++rectCount;
    if (profiler.HasFrame() && profiler.GetLastFrame().busyTotal != 0)
    {
        const GpuProfiler::FrameStats& stats = profiler.GetLastFrame();
        for (int i = 0; i < GpuProfiler::MODULE_NUM; ++i)
        {
            const float share = static_cast<float>(stats.busyWindows[i]) / stats.busyTotal;
            if (stats.busyWindows[i] == 0)
            {
                continue;
            }
            Rect bar = { -0.9f + 0.225f * i + 0.02f, -0.8f, -0.9f + 0.225f * (i + 1) - 0.02f,
                         -0.8f + 1.6f * share };
            const bool bottleneck = i == stats.bottleneck;
            rects[rectCount] = bar;
            colors[rectCount][0] = bottleneck ? 1.0f : 0.3f;
            colors[rectCount][1] = bottleneck ? 0.25f : 0.6f;
            colors[rectCount][2] = bottleneck ? 0.2f : 0.9f;
            colors[rectCount][3] = 1.0f;
            ++rectCount;
        }
    }
    for (int r = 0; r < rectCount; ++r)
    {
        const float xs[6] = { rects[r].x0, rects[r].x1, rects[r].x1,
                              rects[r].x0, rects[r].x1, rects[r].x0 };
        const float ys[6] = { rects[r].y0, rects[r].y0, rects[r].y1,
                              rects[r].y0, rects[r].y1, rects[r].y1 };
        for (int k = 0; k < 6; ++k)
        {
            OverlayVertex& v = vertices[count++];
            v.position[0] = -ys[k];     // portrait x = -landscape y
            v.position[1] = xs[k];      // portrait y = landscape x
            v.position[2] = -0.5f;
            std::memcpy(v.color, colors[r], sizeof(v.color));
        }
    }

    glBindFramebuffer(GL_FRAMEBUFFER, m_LowerFramebuffer);
    glViewport(0, 0, LOWER_WIDTH, LOWER_HEIGHT);
    glClearColor(0.1f, 0.1f, 0.15f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_CULL_FACE);

    glUseProgram(m_OverlayProgram);
    glBindBuffer(GL_ARRAY_BUFFER, m_OverlayBuffer);
    glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(count * sizeof(OverlayVertex)),
                    vertices);
    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(OverlayVertex),
                          reinterpret_cast<GLvoid*>(0));
    glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, sizeof(OverlayVertex),
                          reinterpret_cast<GLvoid*>(3 * sizeof(GLfloat)));
    glDrawArrays(GL_TRIANGLES, 0, count);
}

} // namespace demo
