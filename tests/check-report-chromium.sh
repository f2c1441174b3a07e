#!/bin/sh
# check-report-chromium.sh: the HTML report of nngx-report renders in a real
# browser at 1, 4 and 1,000 frames: headless Chromium takes a screenshot
# that is not empty, the DOM holds every chart with its axes (a zero, frame
# labels that do not overlap, at most 150 bins), the limiter strip with
# each bin's limiters stacked (the minority visible at 1,000 frames), a
# "why" that links to its draw's row, the draws grouped across frames,
# and the page logs nothing to the console (it has no script, so
# any console message is an error: a bad data URI, a parse error, a
# blocked load).
#
# The 4 frames are the demo's capture (with its 8 pictures); 1 and 1,000
# frames are made from it by tests/synth-capture.py (frames taken in turn
# and moved in time), so the test stays cheap.
#
# Skips (exit 77) only when Chromium or python3 is not installed (Debian:
# chromium, python3). Environment (set by `make check`): top_builddir,
# top_srcdir.
top_builddir=${top_builddir:-.}
srcdir=${top_srcdir:-.}
prog="$top_builddir/samples/legacy/frame_profiler"
report="$top_builddir/tools/nngx-report"

. "$(dirname "$0")/chromium.sh"
if ! find_chromium; then
	echo "skip: Chromium is not installed (apt-get install chromium); the report was not rendered"
	exit 77
fi
if ! command -v python3 >/dev/null 2>&1; then
	echo "skip: python3 is not installed; the 1 and 1,000 frame captures cannot be made"
	exit 77
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/nngx-chromium.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM
unset NNGX_CAPTURE NNGX_TRACE NNGX_DUMP_FRAMES

pass=0
fail=0
ok() { pass=$((pass + 1)); echo "ok $*"; }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

# run_browser ARGS...: headless, offline, a throw-away profile.
run_browser() {
	"$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$tmp/profile" --enable-logging=stderr --v=0 \
		--hide-scrollbars --window-size=1000,1400 "$@"
}

mkdir "$tmp/frames"
NNGX_CAPTURE="$tmp/cap4.json" NNGX_DUMP_FRAMES="$tmp/frames" "$prog" >/dev/null 2>&1 \
	|| bad "the program failed under capture"
for n in 1 1000; do
	python3 "$srcdir/tests/synth-capture.py" $n "$tmp/cap4.json" "$tmp/cap$n.json" \
		|| bad "synth-capture.py $n failed"
done

for n in 1 4 1000; do
	"$report" "$tmp/cap$n.json" -o "$tmp/report$n.html" >/dev/null \
		|| bad "$n frames: nngx-report failed"
	run_browser --screenshot="$tmp/shot$n.png" "file://$tmp/report$n.html" \
		>"$tmp/shot$n.out" 2>"$tmp/shot$n.err"
	size=$(wc -c <"$tmp/shot$n.png" 2>/dev/null || echo 0)
	if [ "$size" -gt 20000 ] && head -c 8 "$tmp/shot$n.png" | od -An -c | grep -q 'P   N   G'
	then
		ok "$n frames: a $size-byte screenshot"
	else
		bad "$n frames: no screenshot, or an empty one ($size bytes)"
		sed 's/^/    /' "$tmp/shot$n.err" | tail -n 20
	fi

	run_browser --dump-dom "file://$tmp/report$n.html" >"$tmp/dom$n.html" 2>"$tmp/dom$n.err"
	# 3 thumbnails (the first instance of each draw, frame 0) and, for the
	# demo's own capture, 8 frame pictures.
	pictures=3
	[ $n -eq 4 ] && pictures=11
	if python3 - "$tmp/dom$n.html" $n $pictures >"$tmp/py$n.txt" 2>&1 <<'PY'
import re, sys
from html.parser import HTMLParser

path, frames, pictures = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
dom = open(path).read()
for text in ("libnngx capture report", "What limits the frames", 'class="limiters"',
             "Derived metrics", "Bytes per memory client", "The most expensive draws"):
    assert text in dom, "missing: " + text
assert dom.count("<img") == pictures, ("pictures", dom.count("<img"))

class Charts(HTMLParser):
    """Each SVG with an aria-label: its texts (x, anchor, text), rects, lines."""
    def __init__(self):
        super().__init__()
        self.charts, self.cur, self.text = {}, None, None
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "svg" and "aria-label" in a:
            self.cur = self.charts.setdefault(a["aria-label"],
                                              {"texts": [], "rects": 0, "lines": []})
        elif self.cur is not None and tag == "text":
            self.text = [float(a.get("x", 0)), float(a.get("y", 0)),
                         a.get("text-anchor", "start"), ""]
        elif self.cur is not None and tag == "rect":
            self.cur["rects"] += 1
        elif self.cur is not None and tag == "line":
            self.cur["lines"].append(a.get("class", ""))
    def handle_data(self, data):
        if self.text is not None:
            self.text[3] += data
    def handle_endtag(self, tag):
        if tag == "text" and self.text is not None:
            self.cur["texts"].append(tuple(self.text))
            self.text = None
        elif tag == "svg":
            self.cur = None

p = Charts()
p.feed(dom)
over_frames = ["busy shares", "GPU time", "frame time", "utilisation per module", "overdraw",
               "texture-miss rate", "vertices per triangle", "shader-stall share"]
for name in over_frames + ["limiter by frame"]:
    assert name in p.charts, "no chart: " + name
    texts = p.charts[name]["texts"]
    # Frame labels: centred under the plot, 0 first, never closer than
    # 40 units (a four-digit label is about 25 wide at 11 px).
    labels = sorted((x, t) for x, y, anchor, t in texts if anchor == "middle")
    assert labels and labels[0][1] == "0", (name, labels[:3])
    assert all(b[0] - a[0] >= 40 for a, b in zip(labels, labels[1:])), (name, labels)
    assert all(int(t) < frames for _, t in labels), (name, labels)
    assert any(t.startswith("frame") for _, _, _, t in texts), (name, "no x title")
for name in over_frames:
    ticks = [t for x, y, anchor, t in p.charts[name]["texts"] if anchor == "end"
             and re.fullmatch(r"[0-9.]+", t)]
    assert ticks and float(ticks[0]) == 0, (name, "no zero", ticks)
    assert 3 <= len(ticks) <= 6, (name, ticks)
per = -(-frames // 150)              # frames a bin: at most 150 bins
bins = -(-frames // per)
# The limiter strip stacks each bin's limiters: the demo's frames are
# limited 3 in 4 by the texture unit (#76b7b2), 1 in 4 by triangle setup
# (#f28e2b), so at 1,000 frames (bins of 7) the minority shows in every
# bin, as one of each bin's two rects.
strip = re.search(r'aria-label="limiter by frame">(.*?)</svg>', dom, re.S).group(1)
fills = re.findall(r'<rect[^>]*fill="(#[0-9a-f]{6})"', strip)
assert len(fills) == p.charts["limiter by frame"]["rects"], (len(fills), "unfilled rects")
if per == 1:
    assert len(fills) == bins, (len(fills), bins)
else:
    assert fills.count("#f28e2b") == bins and fills.count("#76b7b2") == bins, \
        (fills.count("#f28e2b"), fills.count("#76b7b2"), bins)
# Above 32 frames the per-frame table groups frames, and a group names
# every limiter with its count: 32 frames of the 4-frame cycle are 24
# texture-bound and 8 setup-bound.
if frames > 32:
    assert re.search(r"<td>0(&ndash;|\u2013)31</td><td>[0-9.]+</td>"
                     r"<td>texture unit 24, triangle setup 8</td>", dom), \
        "a group hides its limiters"
# The first screen says why and leads to the draw: the link's target exists.
why = re.search(r'<p class="why">(.*?)</p>', dom, re.S)
assert why and "texture unit is busy on" in why.group(1), "no why"
target = re.search(r'href="#(draw-[0-9]+)"', why.group(1)).group(1)
assert 'id="%s"' % target in dom, ("dead link", target)
assert p.charts["busy shares"]["rects"] <= 8 * bins
# The demo's GPU time (about 1 ms) keeps its own scale: no budget line,
# a note instead; its frame time reaches the 16.7 ms budget.
assert "budget" not in p.charts["GPU time"]["lines"]
assert any("off this scale" in t for *_, t in p.charts["GPU time"]["texts"])
if frames > 1:
    assert "budget" in p.charts["frame time"]["lines"]
# The demo draws 3 draws a frame: 3 rows, each in every frame.
rows = re.split(r"<tr id=\"draw-[0-9]+\">", re.findall(r'<table class="draws">(.*?)</table>', dom, re.S)[0])[1:]
assert len(rows) == 3, len(rows)
assert all(re.search(r"<td>%d</td>" % frames, r) for r in rows), rows
assert all("program " in r and "glDraw" in r for r in rows)
print("%d charts, %d frame labels under the busy chart" %
      (len(p.charts), sum(1 for t in p.charts["busy shares"]["texts"] if t[2] == "middle")))
PY
	then
		ok "$n frames: the DOM holds the charts with axes and the grouped draws ($(cat "$tmp/py$n.txt"))"
	else
		bad "$n frames: the DOM lacks the report:"
		sed 's/^/    /' "$tmp/py$n.txt"
	fi

	if grep -h 'CONSOLE\|Uncaught\|Failed to load\|Not allowed to load' "$tmp/shot$n.err" \
		"$tmp/dom$n.err" >"$tmp/console"; then
		bad "$n frames: console messages:"
		sed 's/^/    /' "$tmp/console"
	else
		ok "$n frames: no console message"
	fi
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
