#!/bin/sh
# check-trace-consumer.sh: a real trace consumer reads the trace
# (NNGX_TRACE): the trace engine of Chrome DevTools' performance panel
# (npm package @paulirish/trace_engine, pinned in
# tests/trace-consumer/package-lock.json) parses the demo's trace, whole
# and cut at thirteen points (twelve of them mid-record), and what it
# finds (frames, draws, module spans, flows, counters) is checked against
# the capture of the same run by tests/trace-consumer/checks.mjs, under
# node, then in headless Chromium where it is installed (page.html).
#
# The consumer is installed with `make trace-consumer` (npm ci in
# tests/trace-consumer; needs Debian's nodejs and npm and the npm
# registry). Skips (exit 77) when node or the consumer is missing, unless
# NNGX_REQUIRE_TRACE_CONSUMER is set (CI sets it), when that is a failure.
#
# Environment (set by `make check`): top_srcdir, top_builddir;
# NNGX_TRACE_CONSUMER_DIR, the folder whose node_modules holds the engine
# (default: $top_srcdir/tests/trace-consumer).
top_srcdir=${top_srcdir:-.}
top_builddir=${top_builddir:-.}
prog="$top_builddir/samples/legacy/frame_profiler"
dir=${NNGX_TRACE_CONSUMER_DIR:-$top_srcdir/tests/trace-consumer}
engine="$dir/node_modules/@paulirish/trace_engine/package.json"

missing=
if ! command -v node >/dev/null 2>&1; then
	missing="node is not installed (Debian: apt-get install nodejs npm)"
elif [ ! -f "$engine" ]; then
	missing="the trace consumer is not installed in $dir (make trace-consumer)"
fi
if [ -n "$missing" ]; then
	if [ -n "${NNGX_REQUIRE_TRACE_CONSUMER:-}" ]; then
		echo "FAIL NNGX_REQUIRE_TRACE_CONSUMER is set but $missing"
		exit 1
	fi
	echo "skip: $missing; the trace was not read by a trace consumer"
	exit 77
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/nngx-trace.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM
unset NNGX_CAPTURE NNGX_TRACE NNGX_DUMP_FRAMES

if ! NNGX_CAPTURE="$tmp/cap.json" NNGX_TRACE="$tmp/trace.json" "$prog" >/dev/null \
	2>"$tmp/err"; then
	echo "FAIL the program fails under capture:"
	sed 's/^/    /' "$tmp/err"
	exit 1
fi
echo "consumer: @paulirish/trace_engine $(sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p' \
	"$engine" | head -n 1), node $(node --version)"
node "$top_srcdir/tests/trace-consumer/check-trace.mjs" "$tmp/trace.json" "$tmp/cap.json" \
	"$dir" >"$tmp/node.txt"
status=$?
cat "$tmp/node.txt"
[ $status -eq 0 ] || exit 1

# The same checks in headless Chromium (page.html): the engine runs in the
# browser it was written for. Not run without Chromium (Debian: chromium).
. "$(dirname "$0")/chromium.sh"
if ! find_chromium; then
	echo "note: Chromium is not installed; the checks were not run in a browser"
	exit 0
fi
abs() { (cd "$1" && pwd); }
page="file://$(abs "$top_srcdir/tests/trace-consumer")/page.html"
node "$top_srcdir/tests/trace-consumer/in-chromium.mjs" "$browser" "$tmp/profile" \
	"$page?engine=file://$(abs "$dir")&trace=file://$tmp/trace.json&capture=file://$tmp/cap.json" \
	>"$tmp/browser.txt"
status=$?
if [ $status -eq 0 ] && cmp -s "$tmp/node.txt" "$tmp/browser.txt"; then
	echo "ok in headless Chromium ($("$browser" --version 2>/dev/null | head -n 1)), the same" \
		"$(grep -c '^ok ' "$tmp/browser.txt") checks pass with the same lines"
else
	echo "FAIL in headless Chromium (status $status), the checks differ from node's:"
	diff "$tmp/node.txt" "$tmp/browser.txt" | sed 's/^/    /'
	exit 1
fi
