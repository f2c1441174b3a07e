#!/bin/sh
# check-saved-replay.sh: samples/legacy/replay/saved_replay records the
# legacy scene once into a saved command list (nngxStartCmdlistSave /
# nngxStopCmdlistSave) and replays it 1, 2 and 4 times a frame with
# nngxUseSavedCmdlist. Every counter the profiler reads must move N times
# as much as in the frame that drew the scene directly, and the direct
# frame must have drawn something. Checked here from what the program
# prints (it also exits 1 on a difference); the output is deterministic:
# two runs print the same.
#
# Environment (set by `make check`): top_builddir. Exit status: 0 all
# passed, 1 any failure.
top_builddir=${top_builddir:-.}
prog="$top_builddir/samples/legacy/replay/saved_replay"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/nngx-replay.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM
unset NNGX_CAPTURE NNGX_TRACE NNGX_DUMP_FRAMES NNGX_GOLDEN

pass=0
fail=0
ok() { pass=$((pass + 1)); echo "ok $*"; }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

if [ ! -x "$prog" ]; then
	echo "FAIL: $prog is not built"
	exit 1
fi
"$prog" >"$tmp/out" 2>"$tmp/err"
status=$?
if [ $status -eq 0 ]; then ok "exit status 0"; else bad "exit status $status"; cat "$tmp/out" "$tmp/err"; fi
if grep -q '^libnngx: \(warning\|error\)' "$tmp/err"; then
	bad "libnngx diagnostics on stderr:"
	cat "$tmp/err"
else
	ok "no libnngx warning or error"
fi

# The direct frame drew something: polygons and fragments.
polys=$(awk '/^Frame 0:/ { f = 1 } f && /^  polygons/ { print $4; exit }' "$tmp/out")
frags=$(awk '/^Frame 0:/ { f = 1 } f && /^  fragments/ { print $2; exit }' "$tmp/out")
if [ "${polys:-0}" -gt 0 ] && [ "${frags:-0}" -gt 0 ]; then
	ok "the direct frame drew $polys polygons, $frags fragments"
else
	bad "the direct frame drew nothing (polygons '${polys}', fragments '${frags}')"
fi

# Each frame of N replays: the program's own word-by-word check, and two
# of the counters recomputed here from the reports.
frame=1
for n in 1 2 4; do
	if grep -q "^  replay check: 42 counter words, 0 differ from $n x the direct frame" "$tmp/out"; then
		ok "$n replays: every counter word is $n x the direct frame's"
	else
		bad "$n replays: $(grep "^  replay check: .* from $n x" "$tmp/out")"
	fi
	p=$(awk -v f="Frame $frame:" 'index($0, f) == 1 { g = 1 } g && /^  polygons/ { print $4; exit }' "$tmp/out")
	g=$(awk -v f="Frame $frame:" 'index($0, f) == 1 { g = 1 } g && /^  fragments/ { print $2; exit }' "$tmp/out")
	if [ "${p:-x}" = "$((n * ${polys:-0}))" ] && [ "${g:-x}" = "$((n * ${frags:-0}))" ]; then
		ok "frame $frame: $p polygons, $g fragments = $n x the direct frame"
	else
		bad "frame $frame: polygons '$p', fragments '$g'; want $n x $polys, $n x $frags"
	fi
	frame=$((frame + 1))
done
if grep -q '^Replays: every frame of N replays counted N times the direct draw$' "$tmp/out"; then
	ok "summary line"
else
	bad "no summary line saying the replays counted N times the direct draw"
fi

# Deterministic: a second run prints the same.
"$prog" >"$tmp/out2" 2>/dev/null
if cmp -s "$tmp/out" "$tmp/out2"; then
	ok "two runs print the same"
else
	bad "two runs differ:"
	diff "$tmp/out" "$tmp/out2" | head -n 10
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
