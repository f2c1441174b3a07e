#!/bin/sh
# check-calibration-profile.sh: the shipped calibration profile
# (data/profiles/defaults.cfg, every timing key at its default) leaves
# every count of the golden record as it is: the golden scenes run with
# NNGX_CONFIG pointing at the profile must give tests/data/golden/scenes.txt
# line for line. check_config checks the same profile key by key; this
# checks what the counters read.
set -u
top_srcdir=${top_srcdir:-.}
top_builddir=${top_builddir:-.}
profile=$top_srcdir/data/profiles/defaults.cfg
expected=$top_srcdir/tests/data/golden/scenes.txt
work=${TMPDIR:-/tmp}/nngx-profile-check.$$
trap 'rm -rf "$work"' EXIT
mkdir "$work" || exit 1

if ! NNGX_CONFIG=$profile top_builddir=$top_builddir \
	$SHELL "$top_srcdir/tests/golden-record.sh" "$work/scenes.txt"; then
	echo "FAIL: the golden scenes could not be run with $profile"
	exit 1
fi
if diff "$expected" "$work/scenes.txt" > "$work/diff"; then
	echo "PASS: the calibration profile gives the golden record:" \
		"$(grep -vc '^#' "$work/scenes.txt") values identical"
	exit 0
fi
echo "FAIL: with data/profiles/defaults.cfg the golden record differs (< record, > profile):"
head -n 40 "$work/diff"
exit 1
