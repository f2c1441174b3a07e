#!/bin/sh
# golden-record.sh OUT: run every scene of the golden record and write the
# record to OUT.
#
# The scenes: the benchmark's two reference scenes (tests/golden_scenes,
# over bench/scenes.c), every sample and the legacy demo, each run once
# with NNGX_GOLDEN set, so that the library appends a record at every
# nngxWaitCmdlistDone (glFinish), every swap, nngxFinalize and exit
# (nngx/nngx_golden.h). Each line is "SCENE SEQ EVENT KEY VALUE...": one
# value a line, so that a change shows as the lines it moved.
#
# With GOLDEN_STDOUT_DIR set, each scene's standard output is kept there as
# SCENE.out (check-golden.sh compares it with a run without NNGX_GOLDEN).
#
# Run with the in-tree configuration (NNGX_CONFIG), as make check and
# make golden-update do. Needs top_builddir (default: the current
# directory) with the samples, the legacy demo and golden_scenes built.
set -u
top_builddir=${top_builddir:-.}
out=${1:?usage: golden-record.sh OUT}
rec=${TMPDIR:-/tmp}/nngx-golden.$$
trap 'rm -f "$rec" "$out.part"' EXIT
unset NNGX_DIAG_LEVEL

SCENES="bench_geometry bench_fill bench_minified busy_counter vertex_cache shader_stalls bottleneck legacy_frame_profiler"

{
	echo "# libnngx golden record: SCENE SEQ EVENT KEY VALUE, one value a line."
	echo "# Regenerate with 'make golden-update' only for a change of the model,"
	echo "# in its own commit that says why each value moved."
} > "$out.part" || exit 1
for scene in $SCENES; do
	case $scene in
	bench_geometry) set -- "$top_builddir/tests/golden_scenes" geometry ;;
	bench_fill) set -- "$top_builddir/tests/golden_scenes" fill ;;
	bench_minified) set -- "$top_builddir/tests/golden_scenes" minified ;;
	legacy_frame_profiler) set -- "$top_builddir/samples/legacy/frame_profiler" ;;
	*) set -- "$top_builddir/samples/$scene" ;;
	esac
	rm -f "$rec"
	if ! NNGX_GOLDEN=$rec "$@" > "${GOLDEN_STDOUT_DIR:-/dev/null}${GOLDEN_STDOUT_DIR:+/$scene.out}" 2>&1; then
		echo "golden-record: $scene ($*) failed" >&2
		exit 1
	fi
	if [ ! -s "$rec" ]; then
		echo "golden-record: $scene wrote no record" >&2
		exit 1
	fi
	sed "s/^/$scene /" "$rec" >> "$out.part" || exit 1
done
mv "$out.part" "$out"
