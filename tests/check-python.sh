#!/bin/sh
# check-python.sh: tools/nngx_capture.py loads a capture (JSON Lines and
# JSON) with the standard library alone, into the same rows, flattened as
# documented; a capture cut short loads its complete records and says it is
# incomplete; the example script runs and groups draws across frames as
# nngx-report does (the same lines). Skipped (77) without python3.
#
# Environment (set by `make check`): top_srcdir, top_builddir.
top_srcdir=${top_srcdir:-.}
top_builddir=${top_builddir:-.}
prog="$top_builddir/samples/legacy/frame_profiler"
if ! command -v python3 >/dev/null 2>&1; then
	echo "check-python: no python3; the loader is not tested"
	exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/nngx-python.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM
unset NNGX_CAPTURE NNGX_TRACE NNGX_DUMP_FRAMES

NNGX_CAPTURE="$tmp/cap.jsonl" "$prog" >/dev/null 2>&1 || { echo "FAIL capture (jsonl)"; exit 1; }
NNGX_CAPTURE="$tmp/cap.json" "$prog" >/dev/null 2>&1 || { echo "FAIL capture (json)"; exit 1; }

fail=0
NNGX_CAPTURE_NO_PANDAS=1 PYTHONPATH="$top_srcdir/tools" python3 - "$tmp" <<'PY' || fail=1
import json, os, sys
import nngx_capture as nc

tmp = sys.argv[1]
ok = True
def check(cond, what):
    global ok
    print(("ok " if cond else "FAIL ") + what)
    ok = ok and cond

check(not nc.pandas_available(), "NNGX_CAPTURE_NO_PANDAS switches pandas off")
jl = nc.load(os.path.join(tmp, "cap.jsonl"))
js = nc.load(os.path.join(tmp, "cap.json"))
doc = json.load(open(os.path.join(tmp, "cap.json")))
frames = doc["frames"]
check(jl.complete and js.complete, "both captures are complete")
check(len(jl.frames) == len(frames) == 4, "4 frames (the sample's)")
check(len(jl.events) == sum(len(f["events"]) for f in frames) == 40, "40 events")
check(jl.frames == js.frames and jl.events == js.events,
      "JSON Lines and JSON give the same rows")
check(len(jl.draws) == sum(e["kind"] == "draw" for f in frames for e in f["events"]) > 0,
      "draws are the events of kind draw")
mods = [m["key"] for m in doc["modules"]]
f0, d0 = frames[0], frames[0]["events"][0]
row = jl.frames[0]
check(row["frame_time_us"] == f0["frame_time_us"], "frame_time_us as in the document")
check(row["counters.polygon.in"] == f0["counters"]["polygon.in"], "counters.<name> flattened")
check(row["derived.overdraw"] == f0["derived"]["overdraw"], "derived.<metric> flattened")
check(row["derived.busy_share.texture"] == f0["derived"]["busy_share"]["texture"],
      "derived.busy_share.<module>")
check(all(row["busy_clocks." + m] == v for m, v in zip(mods, f0["busy_clocks"])),
      "busy_clocks.<module> per module")
check(row["event_count"] == len(f0["events"]), "event_count")
ev = jl.events[0]
check(ev["frame"] == 0 and ev["index"] == 0 and ev["kind"] == d0["kind"]
      and all(ev["work." + m] == v for m, v in zip(mods, d0["work"])),
      "an event row: frame, index, kind, work.<module>")
check(jl.modules == mods and len(jl.counters) == len(doc["counters"]), "modules, catalogue")
try:
    jl.frames_df()
    check(False, "frames_df without pandas raises ImportError")
except ImportError:
    check(True, "frames_df without pandas raises ImportError")

# Cut anywhere: the complete records load, the capture says it is incomplete.
for name in ("cap.jsonl", "cap.json"):
    text = open(os.path.join(tmp, name), "rb").read()
    first = text.index(b"\n") + 1
    good = True
    for cut in list(range(first, len(text) - 4, max(1, len(text) // 37))) + [len(text) - 4]:
        path = os.path.join(tmp, "cut-" + name)
        open(path, "wb").write(text[:cut])
        c = nc.load(path)
        whole = text[:cut].rsplit(b"\n", 1)[0]
        want = (whole.count(b'\n{"record":"frame"') if name.endswith("l")
                else whole.count(b"\n{") + whole.count(b"\n,{"))
        if c.complete or len(c.frames) != want or c.frames != jl.frames[:want]:
            good = False
            print("   cut at %d: %d frames, want %d, complete %s"
                  % (cut, len(c.frames), want, c.complete))
    check(good, name + " cut at 38 points loads its complete frames")
try:
    open(os.path.join(tmp, "bad.json"), "w").write('{"schema":"other","version":1}')
    nc.load(os.path.join(tmp, "bad.json"))
    check(False, "another schema is refused")
except nc.CaptureError as e:
    check("not an nngx capture" in str(e), "another schema is refused: %s" % e)
sys.exit(0 if ok else 1)
PY

out=$(PYTHONPATH="$top_srcdir/tools" python3 "$top_srcdir/tools/nngx_capture_example.py" \
	"$tmp/cap.jsonl" 2>&1)
if echo "$out" | grep -q "4 frames, 40 events" \
	&& echo "$out" | grep -q "(12 draws, 3 groups)"; then
	echo "ok the example script summarises the capture: 12 draws in 3 groups"
else
	echo "FAIL the example script:"; echo "$out" | sed 's/^/    /'
	fail=1
fi
# The example groups draws as nngx-report does: its lines are the report's.
want=$("$top_builddir/tools/nngx-report" "$tmp/cap.jsonl" -o "$tmp/report.html" | grep '^Draw ')
got=$(echo "$out" | grep '^Draw ')
if [ -n "$want" ] && [ "$got" = "$want" ]; then
	echo "ok the example's draw groups are nngx-report's, line for line"
else
	echo "FAIL the example's draw groups differ from nngx-report's:"
	echo "$got" | sed 's/^/    got:  /'; echo "$want" | sed 's/^/    want: /'
	fail=1
fi
# The DataFrame path, with the first Python that has pandas: python3 on
# PATH, else Debian's (python3-pandas installs for /usr/bin/python3, which
# a pyenv or venv python3 earlier on PATH does not see). CI sets
# NNGX_REQUIRE_PANDAS=1, so there a missing pandas fails instead of
# leaving the path untested.
pandas_py=
for py in python3 /usr/bin/python3; do
	if command -v "$py" >/dev/null 2>&1 && PYTHONPATH="$top_srcdir/tools" "$py" -c \
		'import nngx_capture as n; exit(not n.pandas_available())' 2>/dev/null; then
		pandas_py=$py
		break
	fi
done
if [ -n "$pandas_py" ]; then
	# The docstring's three lines, as written, in the capture's directory.
	tools=$(cd "$top_srcdir/tools" && pwd)
	(cd "$tmp" && PYTHONPATH="$tools" "$pandas_py" - <<'PY') || fail=1
import nngx_capture
cap = nngx_capture.load("cap.jsonl")
frames, draws = cap.frames_df(), cap.draws_df()
assert frames.shape[0] == 4 and draws.shape[0] == 12, (frames.shape, draws.shape)
assert list(draws["count"][:3]) == [36, 384, 6], list(draws["count"][:3])
print("ok pandas in three lines: 4 frames, 12 draws")
PY
elif [ "${NNGX_REQUIRE_PANDAS:-0}" = 1 ]; then
	echo "FAIL pandas is required (NNGX_REQUIRE_PANDAS=1) but no python3 has it (Debian: python3-pandas)"
	fail=1
else
	echo "note: pandas is not installed (Debian: python3-pandas); the DataFrame path is not tested"
fi
exit $fail
