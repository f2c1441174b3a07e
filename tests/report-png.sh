#!/bin/sh
# report-png.sh DOCDIR: retake the README's picture of the report
# (DOCDIR/report.png) from the demo as the build runs it today, with
# headless Chromium, and write what nngx-report printed beside it
# (DOCDIR/report.txt). tests/check-doc-examples.sh compares that text with
# what nngx-report prints now, so a picture of an older model fails the
# check. Run by `make doc-report-png`.
#
# Environment: top_builddir. Part of libnngx (MIT licence).
top_builddir=${top_builddir:-.}
docdir=${1:?usage: report-png.sh DOCDIR}
. "$(dirname "$0")/chromium.sh"
find_chromium || { echo "report-png.sh: no Chromium (apt-get install chromium)" >&2; exit 1; }
case $top_builddir in /*) ;; *) top_builddir=$(cd "$top_builddir" && pwd) ;; esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/nngx-report-png.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/frames" || exit 1
ln -s "$top_builddir/samples" "$tmp/samples" && ln -s "$top_builddir/tools" "$tmp/tools" || exit 1
# the README's commands, in the same order and directory layout
(cd "$tmp" &&
	NNGX_CAPTURE=cap.json NNGX_TRACE=trace.json NNGX_DUMP_FRAMES=frames \
		./samples/legacy/frame_profiler >/dev/null &&
	./tools/nngx-report cap.json -o report.html >report.txt) || exit 1
"$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
	--disable-background-networking --disable-component-update --disable-sync \
	--user-data-dir="$tmp/profile" --hide-scrollbars --window-size=960,1560 \
	--screenshot="$tmp/shot.png" "file://$tmp/report.html" >"$tmp/browser.log" 2>&1
if [ ! -s "$tmp/shot.png" ]; then
	cat "$tmp/browser.log" >&2
	echo "report-png.sh: Chromium wrote no picture" >&2
	exit 1
fi
cp "$tmp/shot.png" "$docdir/report.png" && cp "$tmp/report.txt" "$docdir/report.txt" || exit 1
echo "wrote $docdir/report.png and $docdir/report.txt"
