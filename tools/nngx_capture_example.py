#!/usr/bin/env python3
"""Example: summarise an nngx capture, as nngx-report does.

    NNGX_CAPTURE=cap.jsonl ./my_program
    PYTHONPATH=tools python3 tools/nngx_capture_example.py cap.jsonl

Prints the frames, their mean frame and GPU time, how often each module
was the bottleneck, and the costliest draws grouped across frames by
identity (nngx-capture(5), "Draw identity"): the same place among the
frame's draws, primitive, program, vertex shader and textures is the
same draw, whatever its count. The figures are nngx-report's "Draw N"
lines. Only the standard library is needed; with pandas, the capture is
three lines away from DataFrames:

    import nngx_capture
    cap = nngx_capture.load("cap.jsonl")
    frames, draws = cap.frames_df(), cap.draws_df()
"""
import collections
import sys

import nngx_capture


def identity(draw, place):
    """What stays the same when a frame draws the same thing again."""
    textures = tuple((t["unit"], t["texture"], t["address"]) for t in draw.get("textures", []))
    return (place, draw.get("primitive"), draw.get("indexed"), draw.get("program"),
            draw.get("shader_entry"), draw.get("shader_hash"), textures)


def draw_groups(cap):
    """The draws grouped by identity: {identity: [draw, ...]}, in order."""
    groups = collections.defaultdict(list)
    places = collections.Counter()
    for d in cap.draws:
        groups[identity(d, places[d["frame"]])].append(d)
        places[d["frame"]] += 1
    return groups


GL_MODES = {"triangles": "GL_TRIANGLES", "triangle_strip": "GL_TRIANGLE_STRIP",
            "triangle_fan": "GL_TRIANGLE_FAN", "geometry": "GL_GEOMETRY_PRIMITIVE_DMP"}


def describe(key, draws):
    """The GL call, program and textures that find the draw in code."""
    place, primitive, indexed, program, entry, shader, textures = key
    counts = sorted(d["count"] for d in draws)
    count = str(counts[0]) if counts[0] == counts[-1] else "%d-%d" % (counts[0], counts[-1])
    text = "%s(%s, %s)" % ("glDrawElements" if indexed else "glDrawArrays",
                           GL_MODES.get(primitive, primitive), count)
    text += ", program %d" % program if program is not None else ", no GL program"
    if draws[0].get("programs_matching", 0) > 1:
        text += " (1 of %d with this vertex code)" % draws[0]["programs_matching"]
    text += ", vertex shader %s entry %d" % (shader, entry)
    units = ["unit %d: " % u + ("texture %d" % t if t is not None
                                else "0x%08x (no GL texture)" % a) for u, t, a in textures]
    return text + (", textures: " + "; ".join(units) if units else ", no texture")


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: %s CAPTURE.jsonl|CAPTURE.json\n" % argv[0])
        return 2
    cap = nngx_capture.load(argv[1])
    print(cap)
    if not cap.frames:
        return 0
    n = len(cap.frames)
    print("mean frame time %.1f us, GPU time %.1f us"
          % (sum(f["frame_time_us"] for f in cap.frames) / n,
             sum(f["gpu_time_us"] for f in cap.frames) / n))
    print("bottleneck frames:")
    for module, count in collections.Counter(
            f["derived.bottleneck"] for f in cap.frames).most_common():
        print("  %-24s %d" % (module, count))

    # The costliest groups, in nngx-report's words: mean and max time of
    # one instance, the call that finds it, and the module it kept busiest.
    mhz = cap.header["clock_hz"] / 1e6
    names = {m["key"]: m["name"] for m in cap.header["modules"]}
    groups = sorted(draw_groups(cap).items(), key=lambda g: (
        -sum(d["end_clock"] - d["start_clock"] for d in g[1]), g[1][0]["frame"], g[0][0]))
    print("costliest draws, grouped across frames (%d draws, %d groups):"
          % (len(cap.draws), len(groups)))
    for rank, (key, draws) in enumerate(groups[:5], 1):
        clocks = [d["end_clock"] - d["start_clock"] for d in draws]
        work = {m: sum(d["work." + m] for d in draws) for m in cap.modules}
        busiest = max(cap.modules, key=lambda m: work[m])   # the first on a tie
        print("Draw %d (the frame's draw %d, in %d of %d frame%s): mean %.2f us, "
              "max %.2f us; %s; busiest: %s"
              % (rank, key[0], len(draws), n, "" if n == 1 else "s",
                 sum(clocks) // len(clocks) / mhz, max(clocks) / mhz,
                 describe(key, draws), names[busiest]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
