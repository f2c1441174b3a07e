#!/bin/sh
# check-golden.sh: the golden record (issue: fast model). Recomputes the
# record of every scene (tests/golden-record.sh) and compares it with
# tests/data/golden/scenes.txt: every counter word, busy count, GPU clock
# and memory hash must be bit-identical. On a difference, prints which
# scene and which values moved. A change of the model regenerates the
# record with 'make golden-update', in its own commit.
#
# Also checks that recording observes only: every sample and the legacy
# demo print the same with and without NNGX_GOLDEN; and that the baseline
# copies of the model's hot loops (NNGX_KERNELS=baseline) record the same
# as the copies this host runs.
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
# The model's hot loops have AVX2 copies where the build and the host allow
# (hw/hw_simd.h): the baseline copies must give the same record.
mkdir "$work/baseline" || exit 1
if ! NNGX_KERNELS=baseline GOLDEN_STDOUT_DIR=$work/baseline top_builddir=$top_builddir \
	$SHELL "$top_srcdir/tests/golden-record.sh" "$work/baseline/scenes.txt"; then
	echo "FAIL: the golden scenes could not be run with NNGX_KERNELS=baseline"
	exit 1
fi
if ! cmp -s "$got" "$work/baseline/scenes.txt"; then
	echo "FAIL: the baseline copies of the hot loops (NNGX_KERNELS=baseline) give"
	echo "another record than the copies for this host (< host, > baseline):"
	diff "$got" "$work/baseline/scenes.txt" | head -n 40
	status=1
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
