/* replay/main.cpp: the legacy scene recorded once into a saved command
 * list and replayed, as engine code does for static geometry.
 *
 * Written against the SDK's headers only, with its C++ layer where the
 * SDK has one (nn::gx::DISPLAY0_WIDTH, nn::gx::StartLcdDisplay). It
 * shares the scene (../scene.cpp) and the profiler (../gpu_profiler.cpp)
 * with frame_profiler:
 *
 *   1. frame 0 draws the upper screen's scene directly into the frame's
 *      command list, as frame_profiler does;
 *   2. the same draws are recorded once into a list of their own, between
 *      nngxStartCmdlistSave and nngxStopCmdlistSave;
 *   3. frames 1.. rebuild the frame's list from nngxUseSavedCmdlist alone,
 *      1, 2 and 4 times, and are profiled like frame 0.
 *
 * Every counter the profiler reads (shader instructions and stalls,
 * polygons, fragments, memory accesses) must then move N times as much in
 * a frame of N replays as in the direct frame: the program prints the
 * ratios and exits 1 if one differs. A last frame shows the scene on the
 * upper screen.
 *
 * Usage: saved_replay [SCENE.shbin]   (default: ../scene.shbin next to
 * the program, where the build puts it)
 *
 * Part of libnngx (MIT licence). */
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <nn/gx.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

#include "../gpu_profiler.h"
#include "../scene.h"

namespace {

const GLuint kReplays[] = { 1, 2, 4 };
const GLuint kReplayFrames = sizeof(kReplays) / sizeof(kReplays[0]);
const GLsizei kCommandBufferSize = 512 * 1024;
const GLsizei kCommandRequestCount = 64;
const GLuint kSamplingMicroSeconds = 1;

// The library's own memory (a NULL allocator) keeps this program short;
// frame_profiler shows a program-supplied allocator.

bool CheckGl(const char* what)
{
    const GLenum error = glGetError();
    if (error != GL_NO_ERROR)
    {
        std::fprintf(stderr, "saved_replay: %s: GL error 0x%04X\n", what, error);
        return false;
    }
    return true;
}

void DefaultShbinPath(const char* argv0, char* path, size_t size)
{
    const char* slash = std::strrchr(argv0, '/');
    if (slash == NULL)
    {
        std::snprintf(path, size, "../scene.shbin");
    }
    else
    {
        std::snprintf(path, size, "%.*s/../scene.shbin", static_cast<int>(slash - argv0), argv0);
    }
}

// A saved region: what nngxStopCmdlistSave reports.
struct SavedRegion
{
    GLuint  list;
    GLuint  bufferOffset;
    GLsizei bufferSize;
    GLuint  requestId;
    GLsizei requestSize;
};

// Runs the bound list, profiled.
bool RunProfiled(demo::GpuProfiler& profiler)
{
    profiler.BeginFrame();
    nngxRunCmdlist();
    nngxWaitCmdlistDone();
    return profiler.EndFrame();
}

// The counters of a frame as one array of words, for the comparison.
const GLuint* Words(const demo::GpuProfiler::Counters& c, size_t* count)
{
    *count = sizeof(c) / sizeof(GLuint);
    return reinterpret_cast<const GLuint*>(&c);
}

} // namespace

int main(int argc, char** argv)
{
    char defaultPath[1024];
    const char* shbinPath = argv[1];
    if (argc < 2)
    {
        DefaultShbinPath(argv[0], defaultPath, sizeof(defaultPath));
        shbinPath = defaultPath;
    }

    if (!nngxInitialize(NULL, NULL))
    {
        std::fprintf(stderr, "saved_replay: nngxInitialize failed\n");
        return 1;
    }

    // Two lists: the frame's, rebuilt every frame, and the scene's, which
    // holds the saved region and is never cleared.
    GLuint lists[2];
    nngxGenCmdlists(2, lists);
    const GLuint frameList = lists[0];
    const GLuint sceneList = lists[1];
    for (int i = 0; i < 2; ++i)
    {
        nngxBindCmdlist(lists[i]);
        nngxCmdlistStorage(kCommandBufferSize, kCommandRequestCount);
    }
    GLuint display[1];
    nngxGenDisplaybuffers(1, display);
    nngxActiveDisplay(NN_GX_DISPLAY0);
    nngxBindDisplaybuffer(display[0]);
    nngxDisplaybufferStorage(GL_RGB8_OES, nn::gx::DISPLAY0_WIDTH, nn::gx::DISPLAY0_HEIGHT,
                             NN_GX_MEM_VRAMB);
    nngxDisplayEnv(0, 0);
    if (!CheckGl("creating the command lists and the display buffer"))
    {
        return 1;
    }

    demo::Scene scene;
    if (!scene.Initialize(shbinPath))
    {
        std::fprintf(stderr, "saved_replay: the scene could not be set up "
                     "(usage: %s [SCENE.shbin])\n", argv[0]);
        return 1;
    }
    demo::GpuProfiler profiler;
    if (!profiler.Initialize(kSamplingMicroSeconds))
    {
        return 1;
    }
    scene.Update(1);

    std::printf("saved_replay: the upper screen's scene (%u triangles) drawn directly once,\n"
                "then recorded once into a saved command list and replayed 1, 2 and 4 times\n"
                "a frame; shaders from %s\n", scene.GetTriangles(), shbinPath);

    // ---- frame 0: the draws straight into the frame's list. Every state
    // goes out with them (nngxUpdateState), as in the saved region below,
    // so that both hold the same commands.
    nngxBindCmdlist(frameList);
    nngxClearCmdlist();
    nngxUpdateState(NN_GX_STATE_ALL);
    scene.DrawUpper();
    nngxFlush3DCommand();
    if (!CheckGl("building the direct frame") || !RunProfiled(profiler))
    {
        return 1;
    }
    std::printf("\nFrame 0: direct draw\n");
    profiler.Report(stdout);
    const demo::GpuProfiler::Counters direct = profiler.GetLastFrame().delta;
    const GLuint directWindows = profiler.GetLastFrame().busyTotal;
    if (direct.polygon[1] == 0 || direct.fragment[0] == 0)
    {
        // N times nothing would be nothing: the comparison needs a draw.
        std::fprintf(stderr, "saved_replay: the direct frame drew nothing\n");
        return 1;
    }

    // ---- record the same draws once. The flushes close what came before
    // and the region's own commands into requests of their own.
    SavedRegion saved;
    saved.list = sceneList;
    nngxBindCmdlist(sceneList);
    nngxFlush3DCommand();
    nngxUpdateState(NN_GX_STATE_ALL);
    nngxStartCmdlistSave();
    scene.DrawUpper();
    nngxFlush3DCommand();
    nngxStopCmdlistSave(&saved.bufferOffset, &saved.bufferSize, &saved.requestId,
                        &saved.requestSize);
    if (!CheckGl("recording the saved region"))
    {
        return 1;
    }
    std::printf("\nSaved region: %d bytes of commands at offset %u, %d requests from %u\n",
                saved.bufferSize, saved.bufferOffset, saved.requestSize, saved.requestId);

    // ---- frames 1..: the frame's list is the saved region, N times.
    bool same = true;
    for (GLuint f = 0; f < kReplayFrames; ++f)
    {
        const GLuint n = kReplays[f];
        nngxBindCmdlist(frameList);
        nngxClearCmdlist();
        for (GLuint k = 0; k < n; ++k)
        {
            nngxUseSavedCmdlist(saved.list, saved.bufferOffset, saved.bufferSize,
                                saved.requestId, saved.requestSize, 0, GL_TRUE);
        }
        nngxFlush3DCommand();
        if (!CheckGl("replaying the saved region") || !RunProfiled(profiler))
        {
            return 1;
        }
        std::printf("\nFrame %u: the saved region used %u time%s\n", f + 1, n, n == 1 ? "" : "s");
        profiler.Report(stdout);

        // Every counter word is N times the direct frame's.
        size_t count;
        const GLuint* want = Words(direct, &count);
        const GLuint* got = Words(profiler.GetLastFrame().delta, &count);
        size_t differ = 0;
        for (size_t i = 0; i < count; ++i)
        {
            if (got[i] != n * want[i])
            {
                if (differ == 0)
                {
                    std::printf("  counter word %u: %u, expected %u x %u\n",
                                static_cast<unsigned>(i), got[i], n, want[i]);
                }
                ++differ;
            }
        }
        std::printf("  replay check: %u counter words, %u differ from %u x the direct frame; "
                    "GPU time %u windows (direct %u)\n", static_cast<unsigned>(count),
                    static_cast<unsigned>(differ), n, profiler.GetLastFrame().busyTotal,
                    directWindows);
        same = same && differ == 0;
    }

    // ---- show it: one replay, copied to the display buffer, swapped in
    // at the next vertical blank; then the LCD goes on, as engines do.
    nngxBindCmdlist(frameList);
    nngxClearCmdlist();
    nngxUseSavedCmdlist(saved.list, saved.bufferOffset, saved.bufferSize, saved.requestId,
                        saved.requestSize, 0, GL_TRUE);
    nngxTransferRenderImage(display[0], NN_GX_ANTIALIASE_NOT_USED, GL_FALSE, 0, 0);
    nngxRunCmdlist();
    nngxWaitCmdlistDone();
    nngxSwapBuffers(NN_GX_DISPLAY0);
    nngxWaitVSync(NN_GX_DISPLAY0);
    nn::gx::StartLcdDisplay();
    if (!CheckGl("showing the frame"))
    {
        return 1;
    }

    profiler.Finalize();
    scene.Finalize();
    nngxDeleteDisplaybuffers(1, display);
    nngxDeleteCmdlists(2, lists);
    const bool ok = CheckGl("shutting down");
    nngxFinalize();

    std::printf("\nReplays: %s\n", same ? "every frame of N replays counted N times the direct "
                "draw" : "FAILED: a frame of replays did not count N times the direct draw");
    return ok && same ? 0 : 1;
}
