#!/bin/sh
# check-golden.sh: the golden record (issue: fast model). Recomputes the
# record of every scene (tests/golden-record.sh) and compares it with
# tests/data/golden/scenes.txt: every counter word, busy count, GPU clock
# and memory hash must be bit-identical. On a difference, prints which
# scene and which values moved. A change of the model regenerates the
# record with 'make golden-update', in its own commit.
#
# Also checks that recording observes only: every sample and the legacy
# demo print the same with and without NNGX_GOLDEN.
set -u
top_srcdir=${top_srcdir:-.}
top_builddir=${top_builddir:-.}
expected=$top_srcdir/tests/data/golden/scenes.txt
work=${TMPDIR:-/tmp}/nngx-golden-check.$$
got=$work/scenes.txt
trap 'rm -rf "$work"' EXIT
mkdir "$work" || exit 1
status=0

if ! GOLDEN_STDOUT_DIR=$work top_builddir=$top_builddir \
	$SHELL "$top_srcdir/tests/golden-record.sh" "$got"; then
	echo "FAIL: the golden scenes could not be run"
	exit 1
fi
for scene in busy_counter vertex_cache shader_stalls bottleneck legacy/frame_profiler; do
	name=$(echo "$scene" | tr / _)
	( unset NNGX_GOLDEN; "$top_builddir/samples/$scene" > "$work/$name.plain" 2>&1 )
	if ! cmp -s "$work/$name.plain" "$work/$name.out"; then
		echo "FAIL: $scene prints differently with NNGX_GOLDEN set:"
		diff "$work/$name.plain" "$work/$name.out" | head -n 20
		status=1
	fi
done
if diff "$expected" "$got" > "$work/diff"; then
	echo "PASS: golden record: $(grep -vc '^#' "$got") values identical"
	exit $status
fi
echo "FAIL: the golden record differs (< expected, > now):"
for scene in $(grep '^[<>] ' "$work/diff" | awk '{ print $2 }' | sort -u); do
	n=$(grep -c "^[<>] $scene " "$work/diff")
	echo "  scene $scene: $n lines differ"
done
grep '^[<>] ' "$work/diff" | head -n 60
exit 1
