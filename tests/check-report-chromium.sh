#!/bin/sh
# check-report-chromium.sh: the HTML report of nngx-report renders in a real
# browser: headless Chromium takes a screenshot that is not empty, the DOM
# holds the charts, and the page logs nothing to the console (it has no
# script, so any console message is an error: a bad data URI, a parse
# error, a blocked load).
#
# Skips (exit 77) only when Chromium is not installed (Debian: chromium).
# Environment (set by `make check`): top_builddir.
top_builddir=${top_builddir:-.}
prog="$top_builddir/samples/legacy/frame_profiler"
report="$top_builddir/tools/nngx-report"

browser=
for b in chromium chromium-browser google-chrome; do
	if command -v "$b" >/dev/null 2>&1; then
		browser=$b
		break
	fi
done
if [ -z "$browser" ]; then
	echo "skip: Chromium is not installed (apt-get install chromium); the report was not rendered"
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
NNGX_CAPTURE="$tmp/cap.json" NNGX_DUMP_FRAMES="$tmp/frames" "$prog" >/dev/null 2>&1 \
	|| bad "the program failed under capture"
"$report" "$tmp/cap.json" -o "$tmp/report.html" >/dev/null || bad "nngx-report failed"

run_browser --screenshot="$tmp/shot.png" "file://$tmp/report.html" >"$tmp/shot.out" 2>"$tmp/shot.err"
size=$(wc -c <"$tmp/shot.png" 2>/dev/null || echo 0)
if [ "$size" -gt 20000 ] && head -c 8 "$tmp/shot.png" | od -An -c | grep -q 'P   N   G'; then
	ok "a $size-byte screenshot"
else
	bad "no screenshot, or an empty one ($size bytes)"
	sed 's/^/    /' "$tmp/shot.err" | tail -n 20
fi

run_browser --dump-dom "file://$tmp/report.html" >"$tmp/dom.html" 2>"$tmp/dom.err"
if grep -q "libnngx capture report" "$tmp/dom.html" \
	&& grep -q "What limits the frames" "$tmp/dom.html" \
	&& grep -q 'class="limiters"' "$tmp/dom.html" && [ "$(grep -c '<svg' "$tmp/dom.html")" -gt 10 ] \
	&& [ "$(grep -o '<img' "$tmp/dom.html" | wc -l)" -eq 8 ]; then
	ok "the DOM holds the title, the limiters, the charts and 8 pictures"
else
	bad "the DOM lacks the report"
fi

if grep -h 'CONSOLE\|Uncaught\|Failed to load\|Not allowed to load' "$tmp/shot.err" "$tmp/dom.err" \
	>"$tmp/console"; then
	bad "console messages:"
	sed 's/^/    /' "$tmp/console"
else
	ok "no console message"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
