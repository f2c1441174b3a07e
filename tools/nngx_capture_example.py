#!/usr/bin/env python3
"""Example: summarise an nngx capture, with pandas if it is installed.

    NNGX_CAPTURE=cap.jsonl ./my_program
    python3 nngx_capture_example.py cap.jsonl

Prints the frames, their mean frame and GPU time, how often each module
was the bottleneck, and the most expensive draws.
"""
import collections
import sys

import nngx_capture


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: %s CAPTURE.jsonl|CAPTURE.json\n" % argv[0])
        return 2
    cap = nngx_capture.load(argv[1])
    print(cap)
    if not cap.frames:
        return 0
    if nngx_capture.pandas_available():
        frames, draws = cap.frames_df(), cap.draws_df()
        print("mean frame time %.1f us, GPU time %.1f us"
              % (frames["frame_time_us"].mean(), frames["gpu_time_us"].mean()))
        print("bottleneck frames:")
        print(frames["derived.bottleneck"].value_counts().to_string())
        if len(draws):
            draws["clocks"] = draws["end_clock"] - draws["start_clock"]
            print("most expensive draws:")
            print(draws.nlargest(5, "clocks")[["frame", "index", "clocks", "primitives",
                                               "fragments"]].to_string(index=False))
        return 0
    # The standard library alone: lists of dicts.
    n = len(cap.frames)
    print("mean frame time %.1f us, GPU time %.1f us"
          % (sum(f["frame_time_us"] for f in cap.frames) / n,
             sum(f["gpu_time_us"] for f in cap.frames) / n))
    print("bottleneck frames:")
    for module, count in collections.Counter(
            f["derived.bottleneck"] for f in cap.frames).most_common():
        print("%-20s %d" % (module, count))
    if cap.draws:
        print("most expensive draws:")
        print("frame index clocks primitives fragments")
        for d in sorted(cap.draws, key=lambda d: d["start_clock"] - d["end_clock"])[:5]:
            print("%5d %5d %6d %10d %9d" % (d["frame"], d["index"],
                                             d["end_clock"] - d["start_clock"],
                                             d["primitives"], d["fragments"]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
