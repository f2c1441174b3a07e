#!/usr/bin/env python3
"""synth-capture.py FRAMES IN.json OUT.json: a capture of FRAMES frames made
from the frames of IN (a capture nngx-report reads), taken in turn and
moved in time so that frame k starts where frame k-1 ended; each frame's
events move with it. Frame pictures are dropped (the files would be
shared). A cheap stand-in for a long run: tests/check-report-chromium.sh
renders the report of 1,000 frames from the demo's 4.

Part of libnngx (MIT licence)."""
import copy
import json
import sys

CLOCK_HZ = 268000000


def us(clock):
    return clock / (CLOCK_HZ / 1e6)


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: synth-capture.py FRAMES IN.json OUT.json")
    count = int(sys.argv[1])
    with open(sys.argv[2]) as f:
        cap = json.load(f)
    source = cap["frames"]
    if not source:
        sys.exit("synth-capture.py: the capture has no frame")
    frames = []
    clock = 0
    for k in range(count):
        fr = copy.deepcopy(source[k % len(source)])
        shift = clock - fr["start_clock"]
        fr["frame"] = k
        for obj in [fr] + fr["events"]:
            for key in ("start_clock", "end_clock"):
                if key in obj:
                    obj[key] += shift
            if "start_us" in obj:
                obj["start_us"] = us(obj["start_clock"])
            if "end_us" in obj:
                obj["end_us"] = us(obj["end_clock"])
        fr.pop("pictures", None)
        fr.pop("pictures_dir", None)
        clock = fr["end_clock"]
        frames.append(fr)
    cap["frames"] = frames
    with open(sys.argv[3], "w") as f:
        json.dump(cap, f, separators=(",", ":"))


if __name__ == "__main__":
    main()
