/* gpu_profiler.h: a per-frame GPU profiler written as 3DS engine code
 * writes one, against the SDK's nngx profiling API only.
 *
 * Usage, once a frame:
 *
 *     profiler.BeginFrame();          // just before nngxRunCmdlist
 *     nngxRunCmdlist();
 *     nngxWaitCmdlistDone();
 *     profiler.EndFrame();            // reads every counter
 *     profiler.Report(stdout);
 *
 * The busy counter (NN_GX_PROFILING_BUSY) runs from BeginFrame to EndFrame
 * in windows of a few microseconds: at the end of each window the module
 * that was busy longest scores one, so the module with most windows is
 * the frame's bottleneck. The vertex-cache counter is started and stopped
 * with it. VERTEX_SHADER0..3, POLYGON, FRAGMENT and MEMORY_ACCESS run all
 * the time and are never reset, so the profiler keeps the previous frame's
 * values and reports differences (unsigned arithmetic: they wrap at 2^32,
 * the differences do not).
 *
 * Part of libnngx (MIT licence). */
#ifndef DEMO_GPU_PROFILER_H_
#define DEMO_GPU_PROFILER_H_

#include <cstdio>

#include <nn/gx.h>

namespace demo {

class GpuProfiler
{
public:
    // The busy counter's modules, in pipeline order (its packing order).
    enum Module
    {
        MODULE_COMMAND = 0,         // command buffer and vertex array load
        MODULE_VERTEX_SHADER,       // shader processor 0 (and the geometry shader)
        MODULE_TRIANGLE_SETUP,
        MODULE_RASTERIZER,
        MODULE_TEXTURE_UNIT,
        MODULE_FRAGMENT_LIGHTING,
        MODULE_TEXTURE_COMBINER,
        MODULE_PER_FRAGMENT,
        MODULE_NUM
    };

    enum { VERTEX_SHADER_NUM = 4 };

    // What the always-running counters said (or how much they moved).
    struct Counters
    {
        GLuint vertexShader[VERTEX_SHADER_NUM][NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_SHADER0];
        GLuint polygon[NN_GX_PROFILING_RESULT_BUFSIZE_POLYGON];
        GLuint fragment[NN_GX_PROFILING_RESULT_BUFSIZE_FRAGMENT];
        GLuint memoryAccess[NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS];
    };

    struct FrameStats
    {
        GLuint  frame;                      // 0 for the first EndFrame
        GLuint  busyWindows[MODULE_NUM];    // windows each module won
        GLuint  busyTotal;                  // windows completed in the frame
        Module  bottleneck;                 // the module that won most windows
        GLuint  vertexCache;                // vertices the last indexed draw shaded
        Counters delta;                     // always-running counters since the last frame
    };

    GpuProfiler();

    // Sets the busy counter's sampling parameters: windows of
    // samplingMicroSeconds (1..244), run until stopped. Takes the first
    // readings of the always-running counters. False on a GL error.
    bool Initialize(GLuint samplingMicroSeconds);
    void Finalize();

    void BeginFrame();
    // Call after nngxWaitCmdlistDone. False on a GL error.
    bool EndFrame();

    // The last frame, as a few lines of text.
    void Report(std::FILE* out) const;

    const FrameStats& GetLastFrame() const { return m_Last; }
    bool HasFrame() const { return m_FrameCount != 0; }
    GLuint GetSamplingMicroSeconds() const { return m_SamplingMicroSeconds; }

    static const char* GetModuleName(Module module);

private:
    static void ReadCounters(Counters* counters);
    static void Subtract(const Counters& after, const Counters& before, Counters* out);
    void DecodeBusy(const GLuint packed[NN_GX_PROFILING_RESULT_BUFSIZE_BUSY]);

    GLuint      m_SamplingMicroSeconds;
    GLuint      m_FrameCount;
    bool        m_Initialized;
    bool        m_Running;
    Counters    m_Previous;
    FrameStats  m_Last;

    // Not copyable: there is one set of hardware counters.
    GpuProfiler(const GpuProfiler&);
    GpuProfiler& operator=(const GpuProfiler&);
};

} // namespace demo

#endif // DEMO_GPU_PROFILER_H_
