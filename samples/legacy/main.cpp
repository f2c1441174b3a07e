/* main.cpp: a legacy-style 3DS program, relinked against libnngx.
 *
 * Written as code for the 3DS SDK is written, with the SDK's headers only
 * (<nn/gx.h>, <GLES2/gl2.h>, <GLES2/gl2ext.h>): it knows nothing of
 * libnngx's own extensions. It sets up the graphics library with its own
 * allocator, a command list and double-buffered display buffers for both
 * screens, loads its shaders from a .shbin file, and renders a few frames
 * of a small scene (scene.cpp), profiling each one with GpuProfiler
 * (gpu_profiler.cpp), which prints what the GPU did and names the
 * frame's bottleneck.
 *
 * Usage: frame_profiler [--frames N] [SCENE.shbin]
 * --frames N renders N frames (1 to 1000000) instead of 4: the ground
 * cycles through its four levels of detail and the crate turns 30 degrees
 * a frame, so the scene repeats every 12 frames. Without SCENE.shbin the binary is looked for next to the
 * program, where the build puts it (samples/legacy/scene.shbin).
 *
 * Exit status 0 on success, 1 on any error.
 *
 * Part of libnngx (MIT licence). */
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <nn/gx.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

#include "gpu_profiler.h"
#include "scene.h"

namespace {

const GLuint kDefaultFrameCount = 4;
const unsigned long kMaxFrameCount = 1000000;
const GLuint kSamplingMicroSeconds = 1;         // busy-counter window: 268 GPU clocks
const GLsizei kCommandBufferSize = 256 * 1024;
const GLsizei kCommandRequestCount = 32;

// ---- the graphics allocator
//
// nngxInitialize takes the program's allocator: the library asks it for
// the memory of command buffers, vertex buffers, textures, render buffers
// and display buffers, by area (main memory, VRAM A or B) and use. This
// one keeps a table of the blocks so that it can account for every byte
// per area, and check at the end that everything came back.

struct Block
{
    void*   address;
    GLenum  area;
    GLsizei size;
};

const int kMaxBlocks = 128;
Block   s_Blocks[kMaxBlocks];
int     s_BlockCount;
long    s_InUse[3];         // FCRAM, VRAM A, VRAM B
long    s_Peak[3];
int     s_Allocations;
int     s_Frees;

int AreaIndex(GLenum area)
{
    switch (area)
    {
    case NN_GX_MEM_VRAMA: return 1;
    case NN_GX_MEM_VRAMB: return 2;
    default:              return 0;
    }
}

GLvoid* GxAllocate(GLenum area, GLenum aim, GLuint id, GLsizei size)
{
    (void)aim;
    (void)id;
    if (s_BlockCount == kMaxBlocks || size <= 0)
    {
        return NULL;
    }
    void* address = std::malloc(static_cast<size_t>(size));
    if (address == NULL)
    {
        return NULL;
    }
    Block& block = s_Blocks[s_BlockCount++];
    block.address = address;
    block.area = area;
    block.size = size;
    const int a = AreaIndex(area);
    s_InUse[a] += size;
    if (s_InUse[a] > s_Peak[a])
    {
        s_Peak[a] = s_InUse[a];
    }
    ++s_Allocations;
    return address;
}

void GxDeallocate(GLenum area, GLenum aim, GLuint id, GLvoid* address)
{
    (void)area;
    (void)aim;
    (void)id;
    for (int i = 0; i < s_BlockCount; ++i)
    {
        if (s_Blocks[i].address == address)
        {
            s_InUse[AreaIndex(s_Blocks[i].area)] -= s_Blocks[i].size;
            std::free(address);
            s_Blocks[i] = s_Blocks[--s_BlockCount];
            ++s_Frees;
            return;
        }
    }
    std::fprintf(stderr, "GxDeallocate: %p was not allocated here\n", address);
}

bool CheckGl(const char* what)
{
    const GLenum error = glGetError();
    if (error != GL_NO_ERROR)
    {
        std::fprintf(stderr, "frame_profiler: %s: GL error 0x%04X\n", what, error);
        return false;
    }
    return true;
}

// The default shader binary: scene.shbin in the program's directory.
void DefaultShbinPath(const char* argv0, char* path, size_t size)
{
    const char* slash = std::strrchr(argv0, '/');
    if (slash == NULL)
    {
        std::snprintf(path, size, "scene.shbin");
    }
    else
    {
        std::snprintf(path, size, "%.*s/scene.shbin", static_cast<int>(slash - argv0), argv0);
    }
}

// Reads the command line into *frameCount and *shbinPath (NULL: none
// given); false, after a message on stderr, when it is not
// [--frames N] [SCENE.shbin].
bool ParseArguments(int argc, char** argv, GLuint* frameCount, const char** shbinPath)
{
    *frameCount = kDefaultFrameCount;
    *shbinPath = NULL;
    for (int i = 1; i < argc; ++i)
    {
        if (std::strcmp(argv[i], "--frames") == 0)
        {
            const char* text = i + 1 < argc ? argv[++i] : "";
            char* end = NULL;
            const unsigned long n = std::strtoul(text, &end, 10);
            if (*text < '0' || *text > '9' || *end != '\0' || n < 1 || n > kMaxFrameCount)
            {
                std::fprintf(stderr, "frame_profiler: --frames wants a count from 1 to %lu, "
                             "not '%s'\n", kMaxFrameCount, text);
                return false;
            }
            *frameCount = static_cast<GLuint>(n);
        }
        else if (argv[i][0] == '-' || *shbinPath != NULL)
        {
            std::fprintf(stderr, "frame_profiler: unexpected argument '%s'\n"
                         "usage: %s [--frames N] [SCENE.shbin]\n", argv[i], argv[0]);
            return false;
        }
        else
        {
            *shbinPath = argv[i];
        }
    }
    return true;
}

// Two display buffers (front and back) for one screen.
bool CreateDisplayBuffers(GLenum display, GLuint buffers[2], GLenum format, GLsizei width,
                          GLsizei height, GLenum area)
{
    nngxGenDisplaybuffers(2, buffers);
    nngxActiveDisplay(display);
    for (int i = 0; i < 2; ++i)
    {
        nngxBindDisplaybuffer(buffers[i]);
        nngxDisplaybufferStorage(format, width, height, area);
    }
    nngxDisplayEnv(0, 0);
    return CheckGl("creating the display buffers");
}

} // namespace

int main(int argc, char** argv)
{
    char defaultPath[1024];
    GLuint frameCount = 0;
    const char* shbinPath = NULL;
    if (!ParseArguments(argc, argv, &frameCount, &shbinPath))
    {
        return 1;
    }
    if (shbinPath == NULL)
    {
        DefaultShbinPath(argv[0], defaultPath, sizeof(defaultPath));
        shbinPath = defaultPath;
    }

    // ---- the graphics library, a command list, the display buffers
    if (!nngxInitialize(GxAllocate, GxDeallocate))
    {
        std::fprintf(stderr, "frame_profiler: nngxInitialize failed\n");
        return 1;
    }
    GLuint commandList = 0;
    nngxGenCmdlists(1, &commandList);
    nngxBindCmdlist(commandList);
    nngxCmdlistStorage(kCommandBufferSize, kCommandRequestCount);
    nngxSetCmdlistParameteri(NN_GX_CMDLIST_RUN_MODE, NN_GX_CMDLIST_SERIAL_RUN);
    if (!CheckGl("creating the command list"))
    {
        return 1;
    }

    // The lower screen renders into a 16-bit (RGB565) colour buffer, so its
    // display buffers are 16-bit too: nngxTransferRenderImage refuses a
    // 16-bit colour buffer into an RGB8 or RGBA8 display buffer (0x802E).
    GLuint upper[2], lower[2];
    if (!CreateDisplayBuffers(NN_GX_DISPLAY0, upper, GL_RGB8_OES, demo::Scene::UPPER_WIDTH,
                              demo::Scene::UPPER_HEIGHT, NN_GX_MEM_VRAMB)
        || !CreateDisplayBuffers(NN_GX_DISPLAY1, lower, GL_RGB565, demo::Scene::LOWER_WIDTH,
                                 demo::Scene::LOWER_HEIGHT, NN_GX_MEM_VRAMB))
    {
        return 1;
    }

    // ---- the scene and the profiler
    demo::Scene scene;
    if (!scene.Initialize(shbinPath))
    {
        std::fprintf(stderr, "frame_profiler: the scene could not be set up "
                     "(usage: %s [--frames N] [SCENE.shbin])\n", argv[0]);
        return 1;
    }
    demo::GpuProfiler profiler;
    if (!profiler.Initialize(kSamplingMicroSeconds))
    {
        return 1;
    }

    std::printf("frame_profiler: %u frames, shaders from %s\n", frameCount, shbinPath);
    std::printf("Busy counter in %u us windows from nngxRunCmdlist to nngxWaitCmdlistDone;\n"
                "the module that won most windows is the bottleneck. Windows in which no\n"
                "module worked (memory fills, transfers) count for the command module.\n"
                "Other counters: what moved since the previous frame.\n",
                kSamplingMicroSeconds);

    // ---- the frame loop
    GLuint bottlenecks[demo::GpuProfiler::MODULE_NUM];
    std::memset(bottlenecks, 0, sizeof(bottlenecks));
    int back = 0;
    for (GLuint frame = 0; frame < frameCount; ++frame)
    {
        scene.Update(frame);

        // Build the frame: upper screen, lower screen, each copied into
        // its back display buffer by the post-transfer engine.
        nngxClearCmdlist();
        scene.DrawUpper();
        nngxTransferRenderImage(upper[back], NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 0, 0);
        scene.DrawLower(profiler);
        nngxTransferRenderImage(lower[back], NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 0, 0);
        nngxSplitDrawCmdlist();
        if (!CheckGl("building the frame"))
        {
            return 1;
        }

        // Run it, profiled.
        profiler.BeginFrame();
        nngxRunCmdlist();
        nngxWaitCmdlistDone();
        if (!profiler.EndFrame())
        {
            return 1;
        }

        // Show it from the next vertical blank.
        nngxActiveDisplay(NN_GX_DISPLAY0);
        nngxBindDisplaybuffer(upper[back]);
        nngxActiveDisplay(NN_GX_DISPLAY1);
        nngxBindDisplaybuffer(lower[back]);
        nngxSwapBuffers(NN_GX_DISPLAY_BOTH);
        if (!CheckGl("swapping the buffers"))
        {
            return 1;
        }
        nngxWaitVSync(NN_GX_DISPLAY_BOTH);
        if (frame == 0)
        {
            // As engines do: the LCDs go on once the first frame is latched.
            nn::gx::StartLcdDisplay();
        }
        back ^= 1;

        std::printf("\nFrame %u: ground %u x %u quads, %u triangles; crate turned %.0f deg, "
                    "%.1f m nearer\n", frame, scene.GetGroundQuads(), scene.GetGroundQuads(),
                    scene.GetTriangles(), scene.GetCrateAngle(), scene.GetCrateDistance());
        profiler.Report(stdout);
        ++bottlenecks[profiler.GetLastFrame().bottleneck];
    }

    // ---- shut down
    profiler.Finalize();
    scene.Finalize();
    nngxDeleteDisplaybuffers(2, upper);
    nngxDeleteDisplaybuffers(2, lower);
    nngxDeleteCmdlists(1, &commandList);
    const bool ok = CheckGl("shutting down");
    nngxFinalize();

    std::printf("\nBottlenecks over %u frames:", frameCount);
    for (int i = 0; i < demo::GpuProfiler::MODULE_NUM; ++i)
    {
        if (bottlenecks[i] != 0)
        {
            std::printf(" %s %u", demo::GpuProfiler::GetModuleName(
                            static_cast<demo::GpuProfiler::Module>(i)), bottlenecks[i]);
        }
    }
    std::printf("\nAllocator: %d blocks, peak %ld KiB main memory, %ld KiB VRAM A, "
                "%ld KiB VRAM B; %d still held\n", s_Allocations, s_Peak[0] / 1024,
                s_Peak[1] / 1024, s_Peak[2] / 1024, s_BlockCount);
    if (s_BlockCount != 0 || s_Frees != s_Allocations)
    {
        std::fprintf(stderr, "frame_profiler: %d graphics blocks were never given back\n",
                     s_BlockCount);
        return 1;
    }
    return ok ? 0 : 1;
}
