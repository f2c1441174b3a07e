/* gpu_profiler.cpp: see gpu_profiler.h.
 *
 * Part of libnngx (MIT licence). */
#include "gpu_profiler.h"

#include <cstring>

#include <nn/gx.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

namespace demo {

namespace {

// The frame budget the report compares against: 60 frames a second.
const GLuint kFrameBudgetMicroSeconds = 16667;

// Words of NN_GX_PROFILING_MEMORY_ACCESS, in 16-byte accesses.
enum MemoryWord
{
    MEM_VRAMA_READ = 0, MEM_VRAMA_WRITE, MEM_VRAMB_READ, MEM_VRAMB_WRITE,
    MEM_COMMAND_VERTEX, MEM_TEXTURE, MEM_DEPTH_READ, MEM_DEPTH_WRITE,
    MEM_COLOR_READ, MEM_COLOR_WRITE, MEM_LCD_UPPER, MEM_LCD_LOWER,
    MEM_TRANSFER_READ, MEM_TRANSFER_WRITE, MEM_FILL0, MEM_FILL1,
    MEM_CPU_READ, MEM_DMA_WRITE
};

// Words of NN_GX_PROFILING_VERTEX_SHADERn.
enum ShaderWord
{
    SHADER_INSTRUCTIONS = 0, SHADER_STALL_DEPENDENCY, SHADER_STALL_MOVA,
    SHADER_STALL_CMP, SHADER_STALL_PREFETCH
};

const char* const s_ModuleNames[GpuProfiler::MODULE_NUM] =
{
    "command/vertex load",
    "vertex shader",
    "triangle setup",
    "rasterizer",
    "texture unit",
    "fragment lighting",
    "texture combiner",
    "per-fragment ops",
};

// Short names for the one-line window table.
const char* const s_ModuleShortNames[GpuProfiler::MODULE_NUM] =
{
    "cmd", "vsh", "ts", "ras", "tex", "lgt", "comb", "frag",
};

} // namespace

GpuProfiler::GpuProfiler()
    : m_SamplingMicroSeconds(0),
      m_FrameCount(0),
      m_Initialized(false),
      m_Running(false)
{
    std::memset(&m_Previous, 0, sizeof(m_Previous));
    std::memset(&m_Last, 0, sizeof(m_Last));
}

bool GpuProfiler::Initialize(GLuint samplingMicroSeconds)
{
    // Both parameters must be set: their values are undefined until then.
    // Count 0: sample until nngxStopProfiling.
    nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_TIME_MICRO_SECOND, samplingMicroSeconds);
    nngxSetProfilingParameter(NN_GX_PROFILING_BUSY_SAMPLING_COUNT, 0);
    GLenum error = glGetError();
    if (error != GL_NO_ERROR)
    {
        std::fprintf(stderr, "GpuProfiler: nngxSetProfilingParameter failed: 0x%04X\n", error);
        return false;
    }

    // The always-running counters started at power-on; the first frame is
    // measured from here.
    ReadCounters(&m_Previous);
    error = glGetError();
    if (error != GL_NO_ERROR)
    {
        std::fprintf(stderr, "GpuProfiler: nngxGetProfilingResult failed: 0x%04X\n", error);
        return false;
    }
    m_SamplingMicroSeconds = samplingMicroSeconds;
    m_FrameCount = 0;
    m_Initialized = true;
    return true;
}

void GpuProfiler::Finalize()
{
    if (m_Running)
    {
        // Never leave the vertex-cache counter on: it costs power.
        nngxStopProfiling(NN_GX_PROFILING_BUSY);
        nngxStopProfiling(NN_GX_PROFILING_VERTEX_CACHE);
        m_Running = false;
    }
    m_Initialized = false;
}

void GpuProfiler::BeginFrame()
{
    if (!m_Initialized)
    {
        return;
    }
    // Starting resets the eight busy counts and opens the first window.
    nngxStartProfiling(NN_GX_PROFILING_BUSY);
    nngxStartProfiling(NN_GX_PROFILING_VERTEX_CACHE);
    m_Running = true;
}

bool GpuProfiler::EndFrame()
{
    if (!m_Initialized || !m_Running)
    {
        return false;
    }

    // Stop first, so that nothing after the frame's command list counts.
    nngxStopProfiling(NN_GX_PROFILING_BUSY);
    nngxStopProfiling(NN_GX_PROFILING_VERTEX_CACHE);
    m_Running = false;

    GLuint busy[NN_GX_PROFILING_RESULT_BUFSIZE_BUSY];
    GLuint vertexCache[NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_CACHE];
    Counters now;

    nngxGetProfilingResult(NN_GX_PROFILING_BUSY, busy);     // also zeroes the busy counts
    nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_CACHE, vertexCache);
    ReadCounters(&now);

    GLenum error = glGetError();
    if (error != GL_NO_ERROR)
    {
        std::fprintf(stderr, "GpuProfiler: reading the counters failed: 0x%04X\n", error);
        return false;
    }

    m_Last.frame = m_FrameCount++;
    DecodeBusy(busy);
    m_Last.vertexCache = vertexCache[0];
    Subtract(now, m_Previous, &m_Last.delta);
    m_Previous = now;
    return true;
}

void GpuProfiler::ReadCounters(Counters* counters)
{
    for (GLuint i = 0; i < VERTEX_SHADER_NUM; ++i)
    {
        nngxGetProfilingResult(NN_GX_PROFILING_VERTEX_SHADER0 + i, counters->vertexShader[i]);
    }
    nngxGetProfilingResult(NN_GX_PROFILING_POLYGON, counters->polygon);
    nngxGetProfilingResult(NN_GX_PROFILING_FRAGMENT, counters->fragment);
    nngxGetProfilingResult(NN_GX_PROFILING_MEMORY_ACCESS, counters->memoryAccess);
}

void GpuProfiler::Subtract(const Counters& after, const Counters& before, Counters* out)
{
    for (GLuint i = 0; i < VERTEX_SHADER_NUM; ++i)
    {
        for (GLuint k = 0; k < NN_GX_PROFILING_RESULT_BUFSIZE_VERTEX_SHADER0; ++k)
        {
            out->vertexShader[i][k] = after.vertexShader[i][k] - before.vertexShader[i][k];
        }
    }
    for (GLuint k = 0; k < NN_GX_PROFILING_RESULT_BUFSIZE_POLYGON; ++k)
    {
        out->polygon[k] = after.polygon[k] - before.polygon[k];
    }
    for (GLuint k = 0; k < NN_GX_PROFILING_RESULT_BUFSIZE_FRAGMENT; ++k)
    {
        out->fragment[k] = after.fragment[k] - before.fragment[k];
    }
    for (GLuint k = 0; k < NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS; ++k)
    {
        out->memoryAccess[k] = after.memoryAccess[k] - before.memoryAccess[k];
    }
}

void GpuProfiler::DecodeBusy(const GLuint packed[NN_GX_PROFILING_RESULT_BUFSIZE_BUSY])
{
    // Module i is in word i / 2: bits 15:0 for even i, 31:16 for odd i.
    m_Last.busyTotal = 0;
    m_Last.bottleneck = MODULE_COMMAND;
    for (int i = 0; i < MODULE_NUM; ++i)
    {
        GLuint windows = (packed[i / 2] >> ((i % 2) ? 16 : 0)) & 0xFFFFu;
        m_Last.busyWindows[i] = windows;
        m_Last.busyTotal += windows;
        // A tie goes to the frontmost module, as in the hardware's own rule.
        if (windows > m_Last.busyWindows[m_Last.bottleneck])
        {
            m_Last.bottleneck = static_cast<Module>(i);
        }
    }
}

const char* GpuProfiler::GetModuleName(Module module)
{
    if (module < 0 || module >= MODULE_NUM)
    {
        return "?";
    }
    return s_ModuleNames[module];
}

void GpuProfiler::Report(std::FILE* out) const
{
    if (!HasFrame())
    {
        std::fprintf(out, "  (no frame profiled yet)\n");
        return;
    }
    const FrameStats& f = m_Last;
    const Counters& d = f.delta;
    const GLuint gpuMicroSeconds = f.busyTotal * m_SamplingMicroSeconds;

    std::fprintf(out, "  GPU time      %u us (%u windows of %u us), %.1f %% of a 60 Hz frame\n",
                 gpuMicroSeconds, f.busyTotal, m_SamplingMicroSeconds,
                 100.0 * gpuMicroSeconds / kFrameBudgetMicroSeconds);
    std::fprintf(out, "  bottleneck:   %s (%u of %u windows, %.0f %%)\n",
                 GetModuleName(f.bottleneck), f.busyWindows[f.bottleneck], f.busyTotal,
                 f.busyTotal ? 100.0 * f.busyWindows[f.bottleneck] / f.busyTotal : 0.0);

    std::fprintf(out, "  busy windows ");
    for (int i = 0; i < MODULE_NUM; ++i)
    {
        std::fprintf(out, " %s %u", s_ModuleShortNames[i], f.busyWindows[i]);
    }
    std::fprintf(out, "\n");

    GLuint instructions = 0;
    GLuint stalls[SHADER_STALL_PREFETCH + 1] = { 0, 0, 0, 0, 0 };
    for (GLuint i = 0; i < VERTEX_SHADER_NUM; ++i)
    {
        instructions += d.vertexShader[i][SHADER_INSTRUCTIONS];
        for (GLuint k = SHADER_STALL_DEPENDENCY; k <= SHADER_STALL_PREFETCH; ++k)
        {
            stalls[k] += d.vertexShader[i][k];
        }
    }
    std::fprintf(out, "  vertex shader %u instructions (processors 0-3: %u %u %u %u)\n",
                 instructions, d.vertexShader[0][SHADER_INSTRUCTIONS],
                 d.vertexShader[1][SHADER_INSTRUCTIONS], d.vertexShader[2][SHADER_INSTRUCTIONS],
                 d.vertexShader[3][SHADER_INSTRUCTIONS]);
    std::fprintf(out, "                stalls: dependency %u, mova %u, cmp %u, prefetch %u clocks\n",
                 stalls[SHADER_STALL_DEPENDENCY], stalls[SHADER_STALL_MOVA],
                 stalls[SHADER_STALL_CMP], stalls[SHADER_STALL_PREFETCH]);
    std::fprintf(out, "  vertex cache  %u vertices shaded by the last indexed draw\n", f.vertexCache);
    std::fprintf(out, "  polygons      %u vertices, %u polygons in, %u out (%u clipped or culled)\n",
                 d.polygon[0], d.polygon[1], d.polygon[2], d.polygon[1] - d.polygon[2]);
    std::fprintf(out, "  fragments     %u into per-fragment operations\n", d.fragment[0]);

    const GLuint* m = d.memoryAccess;
    std::fprintf(out, "  memory        VRAM A %u r / %u w, VRAM B %u r / %u w (16-byte accesses)\n",
                 m[MEM_VRAMA_READ], m[MEM_VRAMA_WRITE], m[MEM_VRAMB_READ], m[MEM_VRAMB_WRITE]);
    std::fprintf(out, "                commands+vertices %u, textures %u, depth %u r / %u w, "
                 "colour %u r / %u w\n",
                 m[MEM_COMMAND_VERTEX], m[MEM_TEXTURE], m[MEM_DEPTH_READ], m[MEM_DEPTH_WRITE],
                 m[MEM_COLOR_READ], m[MEM_COLOR_WRITE]);
    std::fprintf(out, "                LCD %u upper / %u lower, transfer %u r / %u w, "
                 "fill %u + %u, CPU %u, DMA %u\n",
                 m[MEM_LCD_UPPER], m[MEM_LCD_LOWER], m[MEM_TRANSFER_READ], m[MEM_TRANSFER_WRITE],
                 m[MEM_FILL0], m[MEM_FILL1], m[MEM_CPU_READ], m[MEM_DMA_WRITE]);
}

} // namespace demo
