#!/bin/sh
# check-report.sh: a program captured with NNGX_CAPTURE, NNGX_TRACE and
# NNGX_DUMP_FRAMES prints exactly what it prints without them (its own
# profiling results included); outputs that cannot be written leave it
# alone too; nngx-report turns the capture into a report and into the CSV
# the library writes, and refuses bad input with a clear error.
#
# Environment (set by `make check`): top_builddir. Exit status: 0 all
# passed, 1 any failure.
top_builddir=${top_builddir:-.}
prog="$top_builddir/samples/legacy/frame_profiler"
report="$top_builddir/tools/nngx-report"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/nngx-report.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM
unset NNGX_CAPTURE NNGX_TRACE NNGX_DUMP_FRAMES

pass=0
fail=0
ok() { pass=$((pass + 1)); echo "ok $*"; }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

# expect_error WHAT PATTERN COMMAND...: exit status 1, PATTERN on stderr.
expect_error() {
	what=$1
	pattern=$2
	shift 2
	if "$@" >"$tmp/out" 2>"$tmp/err"; then
		bad "$what: exit status 0"
	elif [ $? -ne 1 ]; then
		bad "$what: exit status not 1"
	elif grep -q "$pattern" "$tmp/err"; then
		ok "$what: $(head -n 1 "$tmp/err")"
	else
		bad "$what: stderr lacks '$pattern':"
		sed 's/^/    /' "$tmp/err"
	fi
}

"$prog" >"$tmp/plain.txt" 2>"$tmp/plain.err" || bad "the program fails without a capture"

mkdir "$tmp/frames"
if NNGX_CAPTURE="$tmp/cap.json" NNGX_TRACE="$tmp/trace.json" NNGX_DUMP_FRAMES="$tmp/frames" \
	"$prog" >"$tmp/captured.txt" 2>"$tmp/captured.err"; then
	ok "the program runs under capture"
else
	bad "the program fails under capture"
fi
if cmp -s "$tmp/plain.txt" "$tmp/captured.txt"; then
	ok "its output (every profiling result) is the same with the capture"
else
	bad "its output changed under capture:"
	diff "$tmp/plain.txt" "$tmp/captured.txt" | sed 's/^/    /'
fi
# --frames N: the same frames, then more of the same scene (the ground's
# four levels of detail in turn, the crate a whole turn in 12 frames), so
# 13 frames are the 4 frames, then frame 12 is frame 0 again, and the
# ground's finest level (frames 3, 7, 11) limits 3 of them on triangle setup.
if NNGX_CAPTURE="$tmp/cap13.jsonl" "$prog" --frames 13 >"$tmp/f13.txt" 2>"$tmp/f13.err"; then
	ok "--frames 13 runs under capture"
else
	bad "--frames 13 fails:"; sed 's/^/    /' "$tmp/f13.err"
fi
sed -n '2,/^Bottlenecks/p' "$tmp/plain.txt" | sed '$d' >"$tmp/plain4.txt"
sed -n "2,$(($(wc -l <"$tmp/plain4.txt") + 1))p" "$tmp/f13.txt" >"$tmp/f13head.txt"
if head -n 1 "$tmp/f13.txt" | grep -q '^frame_profiler: 13 frames, ' \
	&& cmp -s "$tmp/plain4.txt" "$tmp/f13head.txt" \
	&& grep -q '^Frame 12: ground 8 x 8 quads, 140 triangles; crate turned 0 deg, 0.0 m nearer$' \
		"$tmp/f13.txt" \
	&& grep -q '^Bottlenecks over 13 frames: triangle setup 3 texture unit 10$' "$tmp/f13.txt" \
	&& [ "$(grep -c '"record":"frame"' "$tmp/cap13.jsonl")" -eq 13 ]; then
	ok "--frames 13: the 4 frames, then the scene again; 13 frames captured"
else
	bad "--frames 13 does not print the 4 frames, then frame 12 as frame 0:"
	diff "$tmp/plain4.txt" "$tmp/f13head.txt" | sed 's/^/    /'
	grep '^frame_profiler\|^Frame 12\|^Bottlenecks' "$tmp/f13.txt" | sed 's/^/    /'
fi
for arg in 0 1000001 12x -3 ''; do
	expect_error "frame_profiler --frames '$arg'" "frame_profiler: --frames wants a count from 1 to 1000000" \
		"$prog" --frames $arg
done
expect_error "frame_profiler --bogus" "usage: .*frame_profiler \[--frames N\] \[SCENE.shbin\]" \
	"$prog" --bogus
if [ "$(ls "$tmp/frames" | grep -c '_\(upper\|lower\)_left\.png$')" -eq 8 ] \
	&& [ "$(ls "$tmp/frames" | grep -c '_draw00[0-2]\.png$')" -eq 12 ]; then
	ok "8 pictures: both screens of 4 frames; 12 thumbnails: 3 draws of 4 frames"
else
	bad "pictures: $(ls "$tmp/frames" | tr '\n' ' ')"
fi

# The golden record (clock, every counter word, busy counts, hashes of all
# simulated memory, every result read) is the same with every recorder on.
NNGX_GOLDEN="$tmp/golden.plain" "$prog" >/dev/null 2>&1
mkdir "$tmp/frames2"
NNGX_GOLDEN="$tmp/golden.captured" NNGX_CAPTURE="$tmp/cap2.json" NNGX_TRACE="$tmp/trace2.json" \
	NNGX_DUMP_FRAMES="$tmp/frames2" "$prog" >/dev/null 2>&1
if [ -s "$tmp/golden.plain" ] && cmp -s "$tmp/golden.plain" "$tmp/golden.captured"; then
	ok "the golden record is bit-identical under capture ($(wc -l <"$tmp/golden.plain") values)"
else
	bad "the golden record differs under capture"
fi

# Progress goes to a terminal only.
if grep -q "libnngx capture:" "$tmp/captured.err"; then
	bad "progress was written to a file"
else
	ok "no progress when standard error is not a terminal"
fi
if command -v script >/dev/null 2>&1; then
	NNGX_CAPTURE="$tmp/tty.json" script -qec "$prog" /dev/null >"$tmp/tty.txt" 2>&1
	if grep -q "libnngx capture: 4 frames, .* real time" "$tmp/tty.txt"; then
		ok "progress on a terminal: $(tr '\r' '\n' <"$tmp/tty.txt" | grep 'libnngx capture:' | tail -n 1)"
	else
		bad "no progress on a terminal"
	fi
else
	echo "note: no script(1); progress on a terminal not checked"
fi

# Outputs that cannot be written: a diagnostic, the same program.
for target in /dev/full /nonexistent-dir/cap.json; do
	if NNGX_CAPTURE=$target NNGX_TRACE=$target NNGX_DUMP_FRAMES=/nonexistent-dir \
		"$prog" >"$tmp/bad.txt" 2>"$tmp/bad.err" && cmp -s "$tmp/plain.txt" "$tmp/bad.txt" \
		&& grep -q CAPTURE_OPEN_FAILED "$tmp/bad.err"; then
		ok "NNGX_CAPTURE=$target: a diagnostic, the same output"
	else
		bad "NNGX_CAPTURE=$target:"
		sed 's/^/    /' "$tmp/bad.err"
	fi
done

# The report and its summary.
if "$report" "$tmp/cap.json" -o "$tmp/report.html" >"$tmp/summary.txt" 2>"$tmp/err"; then
	ok "nngx-report writes the report"
else
	bad "nngx-report failed:"
	sed 's/^/    /' "$tmp/err"
fi
if grep -q "4 frames" "$tmp/summary.txt" && grep -q "Bottleneck by frame: triangle setup 1 texture unit 3" \
	"$tmp/summary.txt"; then
	ok "the summary names the frames and their bottlenecks"
else
	bad "summary:"
	sed 's/^/    /' "$tmp/summary.txt"
fi
# The ranking: the demo's frames are limited by the texture unit (3) and
# triangle setup (1), each frame's bottleneck in the capture.
if grep -qx "Limiters ranked: texture unit 3 frames (75.0 %), triangle setup 1 frame (25.0 %)" \
	"$tmp/summary.txt" \
	&& [ "$(sed -n '/^Limiters ranked:/{n;p;}' "$tmp/summary.txt" | cut -d: -f1)" = "Why" ] \
	&& [ "$(sed -n '/^Limiters ranked:/{n;n;n;p;}' "$tmp/summary.txt" | cut -d: -f1)" = "Advice, texture unit" ] \
	&& grep -q "^Advice, texture unit: .*(manual 9.3.6 memory access counter; see samples/bottleneck)$" \
		"$tmp/summary.txt" \
	&& grep -q "^Advice, triangle setup: .*(manual 9.3.1.1 .*; see samples/bottleneck)$" \
		"$tmp/summary.txt" \
	&& [ "$(grep -c '^Advice, ' "$tmp/summary.txt")" -eq 2 ] \
	&& grep -q "^Utilisation (busy clocks / GPU clocks; peak 100 %), run (max frame): command" \
		"$tmp/summary.txt" \
	&& [ "$(sed -n '/^Draw 3 /{n;p;}' "$tmp/summary.txt" | cut -d: -f1)" = "Limiters ranked" ]; then
	ok "the summary ranks the limiters after its first lines, with advice for each"
else
	bad "the summary's ranking:"
	sed 's/^/    /' "$tmp/summary.txt"
fi
if grep -q '<h2>What limits the frames</h2>' "$tmp/report.html" \
	&& grep -q '<p class="verdict">texture unit limits 3 of 4 frames (75.0 %)' "$tmp/report.html" \
	&& [ "$(grep -c '<title>frame [0-9]*: ' "$tmp/report.html")" -ge 4 ] \
	&& grep -q '<title>frame 3: triangle setup</title>' "$tmp/report.html" \
	&& [ "$(sed -n '/<table class="limiters">/,/<\/table>/p' "$tmp/report.html" | grep -c '<tr><td>')" -eq 2 ] \
	&& [ "$(sed -n '/<h2>What limits/,/<h2>Busy shares/p' "$tmp/report.html" | grep -c 'samples/')" -eq 2 ]; then
	ok "the report opens with each frame's limiter, the ranking and its advice"
else
	bad "the report's first screen lacks the limiters"
fi
# Why: the limiter's utilisation (the summary's 73.1 % and 81.8 %) against
# the next module's (per-fragment, 28.4 %), and the draw that gives it the
# most work (the ground: 236,000 of frame 0's texture clocks against the
# crate's 10,928), linked to its row in the draws table, which comes
# right after the first screen; each limiter names its draw to look at.
why='<p class="why">Why: the texture unit is busy on 73.1 % of the clocks the GPU works (81.8 % in its busiest frame); the next busiest, the per-fragment operation, on 28.4 %. The draw that gives it the most work is <a href="#draw-1">Draw 1 (the frame'\''s draw 1, in 4 of 4 frames)</a>: glDrawElements(GL_TRIANGLES, 384&ndash;24576), program 3,'
if grep -qF "$why" "$tmp/report.html" \
	&& grep -q '<tr id="draw-1"><td>1</td><td>1 (3)</td><td>4</td>' "$tmp/report.html" \
	&& [ "$(sed -n '/<table class="limiters">/,/<\/table>/p' "$tmp/report.html" | grep -c 'href="#draw-1"')" -eq 2 ] \
	&& [ "$(grep -n '<h2 id="draws">' "$tmp/report.html" | cut -d: -f1)" -lt \
		"$(grep -n '<h2>Derived metrics' "$tmp/report.html" | cut -d: -f1)" ]; then
	ok "the first screen says why (utilisation, the heaviest draw) and links the draw"
else
	bad "the first screen lacks the why, or the link to the draw:"
	grep -o '<p class="why">.*' "$tmp/report.html" | sed 's/^/    /'
fi

# --json: the same summary for scripts, checked against the capture with
# the documented formulas (utilisation = busy_clocks / gpu_clocks over the
# run; a limiter's frames = frames whose derived.bottleneck names it).
if "$report" --json "$tmp/cap.json" >"$tmp/summary.json" 2>"$tmp/err"; then
	ok "--json writes the summary"
else
	bad "--json failed:"
	sed 's/^/    /' "$tmp/err"
fi
if command -v python3 >/dev/null 2>&1; then
	if python3 - "$tmp/cap.json" "$tmp/summary.json" >"$tmp/py.txt" 2>&1 <<'PY'
import json, sys
cap = json.load(open(sys.argv[1]))
s = json.load(open(sys.argv[2]))
keys = [m["key"] for m in cap["modules"]]
frames = cap["frames"]
assert s["frames"] == len(frames) == 4, s["frames"]
count = {}
for f in frames:
    b = f["derived"]["bottleneck"]
    count[b] = count.get(b, 0) + 1
ranked = sorted((k for k in count if k), key=lambda k: (-count[k], keys.index(k)))
got = [(r["module"], r["frames"], r["share"]) for r in s["limiters"]]
want = [(k, count[k], count[k] / len(frames)) for k in ranked]
assert [(m, n) for m, n, _ in got] == [(m, n) for m, n, _ in want]     == [("texture", 3), ("triangle_setup", 1)], got
assert all(abs(a[2] - b[2]) < 1e-6 for a, b in zip(got, want)), got
assert all(r["section"] and r["sample"].startswith("samples/") for r in s["limiters"])
# Each limiter's draw to look at first: the demo's 3 draws are the same 3
# in every frame, so a draw is its place among the frame's draws; the one
# whose summed work on the module is largest (the ground, place 1, for
# both the texture unit and triangle setup).
places = [[e for e in f["events"] if e["kind"] == "draw"] for f in frames]
for r in s["limiters"]:
    k = keys.index(r["module"])
    work = [sum(p[i]["work"][k] for p in places) for i in range(3)]
    assert s["draws"][r["draw"]]["draw"] == work.index(max(work)) == 1, (r, work)
gpu = sum(f["gpu_clocks"] for f in frames)
for i, k in enumerate(keys):
    run = sum(f["busy_clocks"][i] for f in frames) / gpu
    top = max(f["busy_clocks"][i] / f["gpu_clocks"] for f in frames)
    u = s["utilisation"][k]
    assert abs(u["run"] - run) < 1e-6 and abs(u["max_frame"] - top) < 1e-6, (k, u, run, top)
assert any(s["utilisation"][k]["run"] > 0.1 for k in keys)
# "why": the top limiter's utilisation, the next busiest module by run
# utilisation (per-fragment), and the ground's share of the texture
# unit's busy clocks (its work summed over the frames).
w, k = s["why"], keys.index("texture")
busy = [sum(f["busy_clocks"][i] for f in frames) for i in range(len(keys))]
nxt = max((i for i in range(len(keys)) if i != k), key=lambda i: (busy[i], -i))
assert (w["module"], w["next"], w["draw"]) == ("texture", keys[nxt], 0) \
    and keys[nxt] == "per_fragment", w
assert abs(w["run"] - busy[k] / gpu) < 1e-6 and abs(w["next_run"] - busy[nxt] / gpu) < 1e-6, w
assert abs(w["max_frame"] - s["utilisation"]["texture"]["max_frame"]) < 1e-9, w
share = sum(p[1]["work"][k] for p in places) / busy[k]
assert abs(w["draw_share"] - share) < 1e-6 and 0 < share < 1, (w, share)
# The derived metrics over the run: each term summed over the frames.
ev = [e for f in frames for e in f["events"]]
cn = lambda name: sum(f["counters"][name] for f in frames)
d = s["derived"]
assert abs(d["overdraw"] - cn("fragment.in") / (len(frames) * 240 * 400)) < 1e-9, d
assert abs(d["texture_miss_rate"] - sum(e["texture_misses"] for e in ev)
           / sum(e["texture_samples"] for e in ev)) < 1e-9, d
assert abs(d["vertices_per_triangle"] - sum(e["vertices_shaded"] for e in ev)
           / cn("polygon.in")) < 1e-9, d
instr = sum(cn("vertex_shader%d.instructions" % p) for p in range(4))
stall = sum(cn("vertex_shader%d.stall_%s" % (p, k)) for p in range(4)
            for k in ("dependency", "mova", "cmp", "prefetch"))
assert abs(d["shader_stall_share"] - stall / (instr + stall)) < 1e-9, d
for c in cap["counters"]:
    if c["name"].startswith("memory."):
        assert d["memory_bytes"][c["name"][7:]] == 16 * cn(c["name"]), c["name"]
# The draws grouped by identity: one group per draw of the frame (the
# demo draws the same 3 things every frame), in every frame.
groups = {}
for f in frames:
    draws = [e for e in f["events"] if e["kind"] == "draw"]
    for n, e in enumerate(draws):
        key = (n, e["primitive"], e["indexed"], e["program"], e["shader_entry"],
               e["shader_hash"], json.dumps(e["textures"]))
        g = groups.setdefault(key, [])
        g.append(e["end_clock"] - e["start_clock"])
want = sorted(((sum(c), len(c), max(c), k[0], k[3]) for k, c in groups.items()), reverse=True)
got = [(g["clocks_total"], g["frames"], g["clocks_max"], g["draw"], g["program"])
       for g in s["draws"]]
assert got == want and len(got) == 3 and all(g[1] == 4 for g in got), (got, want)
print("utilisation of the texture unit %.4f" % s["utilisation"]["texture"]["run"])
PY
	then
		ok "--json's ranking and utilisation match the capture ($(cat "$tmp/py.txt"))"
	else
		bad "--json differs from the capture:"
		sed 's/^/    /' "$tmp/py.txt"
	fi
else
	echo "note: no python3; --json was not compared with the capture"
fi
if "$report" --json "$tmp/cap.json" -o "$tmp/s2.json" >"$tmp/out" && [ ! -s "$tmp/out" ] \
	&& cmp -s "$tmp/summary.json" "$tmp/s2.json"; then
	ok "--json -o writes the same summary to a file"
else
	bad "--json -o differs from --json"
fi
expect_error "--json to a full disk" "write failed" "$report" --json "$tmp/cap.json" -o /dev/full

if [ "$(grep -o '<svg' "$tmp/report.html" | wc -l)" -gt 50 ] \
	&& [ "$(grep -o 'data:image/png;base64,' "$tmp/report.html" | wc -l)" -eq 11 ] \
	&& [ "$(grep -o '<img class="draw"' "$tmp/report.html" | wc -l)" -eq 3 ] \
	&& ! grep -q '<script\|src="http\|href="http' "$tmp/report.html"; then
	ok "the report is self-contained: SVG charts, 8 frame pictures and 3 draw thumbnails embedded, nothing fetched"
else
	bad "the report lacks charts or pictures, or fetches something"
fi
if "$report" "$tmp/cap.json" >/dev/null 2>&1 && [ -s "$tmp/cap.html" ]; then
	ok "the default output is CAPTURE.html"
else
	bad "no $tmp/cap.html"
fi

# --csv gives the library's own CSV, byte for byte.
NNGX_CAPTURE="$tmp/cap.csv" "$prog" >/dev/null 2>&1
if "$report" --csv "$tmp/cap.json" -o "$tmp/conv.csv" && cmp -s "$tmp/cap.csv" "$tmp/conv.csv"; then
	ok "--csv converts to exactly the CSV NNGX_CAPTURE=x.csv writes"
else
	bad "--csv differs from the library's CSV"
fi

# A JSON Lines capture (NNGX_CAPTURE=x.jsonl) makes the same report,
# summary, --json and CSV as the JSON document of a run alike (neither
# with pictures); its default report is CAPTURE.html.
mkdir "$tmp/l" "$tmp/j"
NNGX_CAPTURE="$tmp/l/cap.jsonl" "$prog" >/dev/null 2>&1
NNGX_CAPTURE="$tmp/j/cap.json" "$prog" >/dev/null 2>&1
for form in l/cap.jsonl j/cap.json; do
	# The capture's own name aside.
	"$report" --json "$tmp/$form" 2>>"$tmp/l/err" \
		| sed -E 's#"[^"]*/cap\.jsonl?"#"CAPTURE"#' >"$tmp/$form.summary.json"
	"$report" --csv "$tmp/$form" >"$tmp/$form.csv" 2>>"$tmp/l/err"
	"$report" "$tmp/$form" 2>>"$tmp/l/err" \
		| sed -E 's#[^ ]*/cap\.(jsonl?|html)#CAPTURE#' >"$tmp/$form.txt"
done
if [ ! -s "$tmp/l/err" ] && [ -s "$tmp/l/cap.html" ] \
	&& grep -q '"frames": 4,' "$tmp/l/cap.jsonl.summary.json" \
	&& cmp -s "$tmp/l/cap.jsonl.summary.json" "$tmp/j/cap.json.summary.json" \
	&& cmp -s "$tmp/l/cap.jsonl.csv" "$tmp/j/cap.json.csv" && cmp -s "$tmp/l/cap.jsonl.csv" "$tmp/cap.csv" \
	&& grep -q "4 frames" "$tmp/l/cap.jsonl.txt" && cmp -s "$tmp/l/cap.jsonl.txt" "$tmp/j/cap.json.txt" \
	&& sed 's/cap\.jsonl/cap.json/g; s|/l/|/j/|g' "$tmp/l/cap.html" | cmp -s - "$tmp/j/cap.html"; then
	ok "a .jsonl capture gives the JSON's summary, --json, --csv and report (CAPTURE.html)"
else
	bad "a .jsonl capture differs from the JSON one:"
	sed 's/^/    /' "$tmp/l/err"
fi
# Cut short while a line was written (the program killed): the complete
# records load, the unfinished frame's events are left out, a warning says
# so, the exit status is 0. Frames expected: the frame records on complete
# lines of the cut file.
size=$(wc -c <"$tmp/l/cap.jsonl")
cuts_ok=true
for cut in $((size / 3)) $((size / 2)) $((size * 4 / 5)) $((size - 3)); do
	head -c "$cut" "$tmp/l/cap.jsonl" >"$tmp/cut.jsonl"
	want=$(sed '$d' "$tmp/cut.jsonl" | grep -c '^{"record":"frame"')
	lines=$(($(wc -l <"$tmp/cut.jsonl") + 1))
	if "$report" --json "$tmp/cut.jsonl" -o "$tmp/cut.json" 2>"$tmp/err" \
		&& grep -q "^  \"frames\": $want,\$" "$tmp/cut.json" \
		&& grep -q "cut.jsonl:$lines: the last line was cut short.*: $want complete frames\{0,1\} loaded" \
			"$tmp/err" \
		&& [ "$(wc -l <"$tmp/err")" -eq 1 ]; then
		echo "   cut at byte $cut: $want frames; $(cat "$tmp/err")"
	else
		cuts_ok=false
		echo "   cut at byte $cut: wrong (want $want frames, line $lines):"
		sed 's/^/    /' "$tmp/err"
		grep '"frames"' "$tmp/cut.json" | sed 's/^/    /'
	fi
done
if $cuts_ok; then
	ok "a .jsonl capture cut mid-line at 4 points loads its complete frames, with a warning"
else
	bad "a .jsonl capture cut mid-line"
fi
sed '$d' "$tmp/l/cap.jsonl" >"$tmp/noend.jsonl"        # every line whole, no end record
if "$report" --json "$tmp/noend.jsonl" -o "$tmp/noend.json" 2>"$tmp/err" \
	&& grep -q '^  "frames": 4,$' "$tmp/noend.json" \
	&& grep -q "noend.jsonl: no end record (the program did not exit normally): 4 complete frames loaded$" \
		"$tmp/err"; then
	ok "a .jsonl capture without its end record: 4 frames and a warning"
else
	bad "a .jsonl capture without its end record:"
	sed 's/^/    /' "$tmp/err"
fi
head -c 40 "$tmp/l/cap.jsonl" >"$tmp/header-cut.jsonl"
expect_error "a .jsonl capture cut in its header line" "truncated before its header line" \
	"$report" "$tmp/header-cut.jsonl" -o "$tmp/x.html"
grep -v '^{"record":"event"' "$tmp/l/cap.jsonl" | head -n 2 >"$tmp/count.jsonl"
expect_error "a .jsonl frame record without its events" "count.jsonl:2: frame record with event_count" \
	"$report" "$tmp/count.jsonl" -o "$tmp/x.html"
{ head -n 1 "$tmp/l/cap.jsonl"; echo '{"record":"event",}'; } >"$tmp/line.jsonl"
expect_error "a .jsonl line that is not JSON" "line.jsonl:2:.*not a JSON line" \
	"$report" "$tmp/line.jsonl" -o "$tmp/x.html"
sed -n 2p "$tmp/l/cap.jsonl" >"$tmp/nohead.jsonl"
expect_error "a .jsonl capture without its header" "first line is no header record" \
	"$report" "$tmp/nohead.jsonl" -o "$tmp/x.html"
sed '1s/"schema":"nngx-capture"/"schema":"other"/' "$tmp/l/cap.jsonl" >"$tmp/other.jsonl"
expect_error "a .jsonl capture of another schema" "not an nngx capture" \
	"$report" "$tmp/other.jsonl" -o "$tmp/x.html"
# A small capture whose every figure is computed by hand
# (tests/data/report/small.json: 2 frames, 2 draws each):
# - overdraw: fragment.in 192,000 + 96,000 over 2 x 240 x 400 pixels = 1.5
#   (frames 2.0 and 1.0); texture misses 25 + 75 over samples 100 + 300 =
#   0.25; vertices shaded 30 + 60 over polygons 20 + 40 = 1.5; stalls 100
#   over 400 instructions + 100 stalls = 20 % (frames 25 % and 0 %);
#   texture_read 10 + 20 accesses x 16 bytes = 480, 240 a frame.
# - utilisation: busy clocks over 1,500 + 5,500 GPU clocks: command 700
#   = 10.0 % (frame 0: 600 / 1,500 = 40.0 %), texture 4,000 = 57.1 %
#   (1,000 / 1,500 = 66.7 %), per-fragment 3,700 = 52.9 % (3,400 / 5,500
#   = 61.8 %), shader 0 400 = 5.7 % (200 / 1,500 = 13.3 %).
# - draws: draw 0 is the same draw in both frames (program 5, texture 7;
#   30 then 60 indices): 1,000 + 3,000 clocks, mean 2,000 = 7.46 us, max
#   3,000 = 11.19 us, most work in the texture unit. Draw 1 changes
#   program (none, then 6, one of 2 programs of that code): two draws,
#   2,500 clocks (9.33 us) and 500 (1.87 us).
# - busy.command: windows 3 and 1 less idle windows 1 and 0 = 2 and 1;
#   shader 0 won no window but was busy 200 + 200 clocks.
small="${top_srcdir:-.}/tests/data/report/small.json"
if "$report" "$small" -o "$tmp/small.html" >"$tmp/small.txt" 2>"$tmp/err"; then
	ok "nngx-report reads the hand-made capture"
else
	bad "nngx-report failed on $small:"
	sed 's/^/    /' "$tmp/err"
fi
cat >"$tmp/small.want" <<'TXT'
Draw 1 (the frame's draw 0, in 2 of 2 frames): mean 7.46 us, max 11.19 us; glDrawElements(GL_TRIANGLES, 30-60), program 5, vertex shader 0000abcd entry 0, textures: unit 0: texture 7; busiest: texture unit
Draw 2 (the frame's draw 1, in 1 of 2 frames): mean 9.33 us, max 9.33 us; glDrawArrays(GL_TRIANGLE_STRIP, 4), program 6 (1 of 2 with this vertex code), vertex shader 0000abcd entry 12, no texture; busiest: per-fragment operation
Draw 3 (the frame's draw 1, in 1 of 2 frames): mean 1.87 us, max 1.87 us; glDrawArrays(GL_TRIANGLE_STRIP, 4), no GL program, vertex shader 0000abcd entry 12, no texture; busiest: command/vertex load
Why: the texture unit is busy on 57.1 % of the clocks the GPU works (66.7 % in its busiest frame); the next busiest, the per-fragment operation, on 52.9 %. The draw that gives it the most work is Draw 1 (the frame's draw 0, in 2 of 2 frames): glDrawElements(GL_TRIANGLES, 30-60), program 5, vertex shader 0000abcd entry 0, textures: unit 0: texture 7 (100.0 % of its work over the run).
Utilisation (busy clocks / GPU clocks; peak 100 %), run (max frame): command/vertex load 10.0 % (40.0 %), shader processor 0 5.7 % (13.3 %), triangle setup 0.0 % (0.0 %), rasterizer 0.0 % (0.0 %), texture unit 57.1 % (66.7 %), fragment lighting 0.0 % (0.0 %), texture combiner 0.0 % (0.0 %), per-fragment operation 52.9 % (61.8 %)
Derived, run: overdraw 1.500 fragments/pixel, texture-miss rate 0.250 misses/sample, 1.500 vertices/triangle, shader-stall share 20.0 %
Memory, bytes a frame (mean), top clients: texture_read 240
TXT
grep '^Draw \|^Why\|^Utilisation\|^Derived\|^Memory' "$tmp/small.txt" >"$tmp/small.got"
if cmp -s "$tmp/small.want" "$tmp/small.got"; then
	ok "the summary's draws, utilisation and derived metrics are the hand-computed ones"
else
	bad "the summary differs from the hand-computed figures:"
	diff "$tmp/small.want" "$tmp/small.got" | sed 's/^/    /'
fi
# The HTML: run, unit, min, mean and max frame of each metric; the busy
# table's command row without idle windows, the idle windows' own row,
# the word on shader 0; one row per draw identity (rank, draw, frames).
missing=
for want in \
	'<tr><td>overdraw</td><td>1.500</td><td>fragments/pixel</td><td>1.000</td><td>1.500</td><td>2.000</td>' \
	'<tr><td>texture-miss rate</td><td>0.250</td><td>misses/sample</td><td>0.250</td><td>0.250</td><td>0.250</td>' \
	'<tr><td>vertices per triangle</td><td>1.500</td><td>vertices/triangle</td><td>1.500</td><td>1.500</td><td>1.500</td>' \
	'<tr><td>shader-stall share</td><td>20.000</td><td>%</td><td>0.000</td><td>12.500</td><td>25.000</td>' \
	'<tr><td>texture_read</td><td>480</td><td>240.0</td><td>320</td><td>100.0 %</td></tr>' \
	'busy.command<br><small>without idle windows (next row)</small></td><td>windows</td><td>1</td><td>1.5</td><td>2</td>' \
	'busy idle windows<br><small>in busy.command on the console; not in the charts</small></td><td>windows</td><td>0</td><td>0.5</td><td>1</td>' \
	'0 windows, yet busy 400 clocks: never the busiest module in a window' \
	'<tr id="draw-1"><td>1</td><td>0 (0)</td><td>2</td>' '<tr id="draw-2"><td>2</td><td>1 (1)</td><td>1</td>' \
	'<tr id="draw-3"><td>3</td><td>1 (1)</td><td>1</td>'; do
	grep -qF "$want" "$tmp/small.html" || missing="$missing
    $want"
done
if [ -z "$missing" ] && [ "$(grep -c '<td class="text">glDraw' "$tmp/small.html")" -eq 3 ]; then
	ok "the HTML holds the hand-computed metrics, busy rows and draw groups"
else
	bad "the HTML lacks:$missing"
fi
# --json: the same figures for scripts.
if "$report" --json "$small" >"$tmp/small.json" && command -v python3 >/dev/null 2>&1; then
	if python3 - "$tmp/small.json" >"$tmp/py.txt" 2>&1 <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
d = s["derived"]
assert abs(d["overdraw"] - 1.5) < 1e-9 and abs(d["texture_miss_rate"] - 0.25) < 1e-9, d
assert abs(d["vertices_per_triangle"] - 1.5) < 1e-9, d
assert abs(d["shader_stall_share"] - 0.2) < 1e-9, d
assert d["memory_bytes"] == {"texture_read": 480}, d
got = [(g["draw"], g["frames"], g.get("program"), g["count_min"], g["count_max"],
        g["clocks_total"], g["clocks_max"], g["limiter"]) for g in s["draws"]]
assert got == [(0, 2, 5, 30, 60, 4000, 3000, "texture"),
               (1, 1, 6, 4, 4, 2500, 2500, "per_fragment"),
               (1, 1, None, 4, 4, 500, 500, "command")], got
# "why": texture 4,000 of 7,000 GPU clocks (1,000 of frame 0's 1,500),
# per-fragment 3,700 next, draw 0 all 4,000 of the texture clocks.
w = s["why"]
assert (w["module"], w["next"], w["draw"]) == ("texture", "per_fragment", 0), w
assert abs(w["run"] - 4000 / 7000) < 1e-9 and abs(w["max_frame"] - 1000 / 1500) < 1e-9, w
assert abs(w["next_run"] - 3700 / 7000) < 1e-9 and w["draw_share"] == 1.0, w
PY
	then
		ok "--json gives the hand-computed derived metrics, draw groups and why"
	else
		bad "--json differs from the hand-computed figures:"
		sed 's/^/    /' "$tmp/py.txt"
	fi
	# No module limited a frame (both bottlenecks null): no Why line, and
	# "why" is null.
	sed 's/"bottleneck": "texture"/"bottleneck": null/' "$small" >"$tmp/nolim.json"
	if "$report" "$tmp/nolim.json" -o "$tmp/nolim.html" >"$tmp/nolim.txt" 2>"$tmp/err" \
		&& grep -qx "Limiters ranked: no limiter 2 frames" "$tmp/nolim.txt" \
		&& ! grep -q "^Why" "$tmp/nolim.txt" && ! grep -q 'class="why"' "$tmp/nolim.html" \
		&& "$report" --json "$tmp/nolim.json" | python3 -c '
import json, sys
s = json.load(sys.stdin)
assert s["why"] is None and s["limiters"] == [] and s["frames_without_limiter"] == 2, s
' 2>"$tmp/err"; then
		ok "without a limiter: no Why line, and --json's why is null"
	else
		bad "a capture without a limiter:"
		sed 's/^/    /' "$tmp/nolim.txt" "$tmp/err"
	fi
	# A capture of schema 1.0 (no identity) groups draws by their place in
	# the frame: draw 1 is then one draw of 2 frames, 500 + 2,500 clocks
	# (mean 1,500 = 5.60 us). Strings from the capture are escaped.
	if python3 - "$small" "$tmp/old.json" "$tmp/odd.json" >"$tmp/py.txt" 2>&1 <<'PY'
import json, sys
cap = json.load(open(sys.argv[1]))
old = json.loads(json.dumps(cap))
for f in old["frames"]:
    for e in f["events"]:
        for k in ("primitive", "indexed", "count", "program", "shader_entry", "shader_hash",
                  "textures"):
            del e[k]
json.dump(old, open(sys.argv[2], "w"))
for f in cap["frames"]:
    for e in f["events"]:
        e["shader_hash"] = "<b>x</b>"
json.dump(cap, open(sys.argv[3], "w"))
PY
	then
		"$report" "$tmp/old.json" -o "$tmp/old.html" >"$tmp/old.txt" 2>&1
		"$report" "$tmp/odd.json" -o "$tmp/odd.html" >/dev/null 2>&1
		if grep -qx "Draw 2 (the frame's draw 1, in 2 of 2 frames): mean 5.60 us, max 9.33 us; no identity (a capture of schema 1.0); busiest: per-fragment operation" "$tmp/old.txt" \
			&& grep -q 'vertex shader &lt;b&gt;x&lt;/b&gt; entry' "$tmp/odd.html" \
			&& ! grep -q '<b>x' "$tmp/odd.html"; then
			ok "schema 1.0 draws group by their place; capture strings are escaped"
		else
			bad "schema 1.0 grouping or escaping:"
			sed 's/^/    /' "$tmp/old.txt"
		fi
	else
		bad "could not make the schema 1.0 and odd captures:"
		sed 's/^/    /' "$tmp/py.txt"
	fi
fi

# Bad input.
head -c 5000 "$tmp/cap.json" >"$tmp/truncated.json"
expect_error "a capture cut in its header" "truncated" "$report" "$tmp/truncated.json" \
	-o "$tmp/x.html"
sed '$d' "$tmp/cap.json" >"$tmp/unfinished.json"     # the program never exited
expect_error "a capture without its end" "truncated" "$report" "$tmp/unfinished.json" \
	-o "$tmp/x.html"
printf '{"schema": "nngx-capture", "version": 1, "frames": [}' >"$tmp/malformed.json"
expect_error "malformed JSON" ":1:" "$report" "$tmp/malformed.json" -o "$tmp/x.html"
printf '{"schema": "other"}\n' >"$tmp/other.json"
expect_error "another schema" "not an nngx capture" "$report" "$tmp/other.json"
sed 's/"version":1/"version":99/' "$tmp/cap.json" >"$tmp/v99.json"
expect_error "a newer version" "version 99" "$report" "$tmp/v99.json"
sed 's/"busy_windows":/"busy_windowz":/' "$tmp/cap.json" >"$tmp/field.json"
expect_error "a missing field" "frame 0: field 'busy_windows'" "$report" "$tmp/field.json"
expect_error "a missing file" "cannot read" "$report" "$tmp/none.json"
expect_error "an unwritable report" "cannot write" "$report" "$tmp/cap.json" \
	-o /nonexistent-dir/r.html
expect_error "a full disk" "write failed" "$report" "$tmp/cap.json" -o /dev/full
# No error exit leaks: a JSON file that is no capture (an array), and
# an output that cannot be written after the capture was read, under
# valgrind where it is installed (every block still held at exit counts).
printf '[]\n' >"$tmp/array.json"
expect_error "a JSON array" "not an nngx capture" "$report" "$tmp/array.json"
if command -v valgrind >/dev/null 2>&1; then
	for args in "$tmp/array.json" "$tmp/cap.json -o /dev/full" \
		"--json $tmp/cap.json -o /dev/full" "$tmp/count.jsonl" "$tmp/line.jsonl" \
		"--json $tmp/l/cap.jsonl -o /dev/full"; do
		# shellcheck disable=SC2086
		valgrind -q --leak-check=full --show-leak-kinds=all \
			--errors-for-leak-kinds=all --error-exitcode=3 \
			"$report" $args >"$tmp/out" 2>"$tmp/vg.err"
		if [ $? -eq 1 ]; then
			ok "no leak on the error exit of nngx-report $args"
		else
			bad "nngx-report $args leaks on its error exit:"
			sed 's/^/    /' "$tmp/vg.err" | head -n 20
		fi
	done
fi
if "$report" >/dev/null 2>&1; [ $? -eq 2 ]; then
	ok "no capture: usage, exit status 2"
else
	bad "no capture: exit status not 2"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
