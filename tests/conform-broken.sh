#!/bin/sh
# conform-broken.sh: proof that the conformance suite's cases can fail.
#
# tests/conform_broken is the suite linked onto a deliberately wrong
# implementation (tests/conform_broken.c): with NNGX_CONFORMANCE_MUTANT
# set, one rule is broken. For every mutant, the IDs of the cases the
# suite reports "not ok" must be exactly those listed for it in
# tests/conform_broken.expected ("mutant ID" a line): no more, no fewer;
# and the TAP stream must be complete (a crash of the suite fails).
# Every mutant of conform_broken.c must appear in the expected list.
# Finally it prints how many of the suite's cases no mutant breaks.
#
# With --print, it prints what every mutant breaks now in the expected
# list's format instead (check each line before putting it in the list).
#
# Environment (set by `make check`): top_srcdir, top_builddir.
# Exit status: 0 all passed, 1 any failure, 99 bad environment.
#
# Part of libnngx (MIT licence).

top_srcdir=${top_srcdir:-.}
top_builddir=${top_builddir:-.}
broken="$top_builddir/tests/conform_broken"
expected="$top_srcdir/tests/conform_broken.expected"
source="$top_srcdir/tests/conform_broken.c"
tmp=${TMPDIR:-/tmp}/conform-broken.$$
status=0

[ -x "$broken" ] && [ -f "$expected" ] && [ -f "$source" ] || {
	echo "conform-broken: $broken, $expected or $source is missing" >&2
	exit 99
}
mkdir "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT
# The library's diagnostics about the failing calls are not the subject.
NNGX_DIAG_LEVEL=off
export NNGX_DIAG_LEVEL

sed -n 's/^[ 	]*XX(\([a-z0-9_]*\)).*/\1/p' "$source" | sort > "$tmp/mutants"
grep -v '^#' "$expected" | awk 'NF { print $1 }' | sort -u > "$tmp/listed"
if ! cmp -s "$tmp/mutants" "$tmp/listed"; then
	echo "conform-broken: FAIL: the mutants of conform_broken.c and the expected list differ:" >&2
	diff "$tmp/mutants" "$tmp/listed" >&2
	status=1
fi
"$broken" --list | cut -f1 | sort > "$tmp/cases"
: > "$tmp/broken-any"

if [ "$1" = "--print" ]; then
	for m in $(cat "$tmp/mutants"); do
		ids=$(NNGX_CONFORMANCE_MUTANT=$m "$broken" | sed -n 's/^not ok [0-9]* - \([^ ]*\) .*/\1/p')
		if [ -z "$ids" ]; then
			echo "$m"
		else
			for id in $ids; do
				echo "$m $id"
			done
		fi
	done
	exit 0
fi

for m in none $(cat "$tmp/mutants"); do
	NNGX_CONFORMANCE_MUTANT=$m "$broken" > "$tmp/$m.tap" 2> "$tmp/$m.err"
	code=$?
	plan=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' "$tmp/$m.tap")
	results=$(grep -c '^\(not \)\{0,1\}ok [0-9]* - ' "$tmp/$m.tap")
	if [ "$plan" != "$results" ]; then
		echo "conform-broken: FAIL: $m: plan ${plan:-missing}, $results results (exit $code)" >&2
		status=1
		continue
	fi
	sed -n 's/^not ok [0-9]* - \([^ ]*\) .*/\1/p' "$tmp/$m.tap" | sort > "$tmp/$m.got"
	grep -v '^#' "$expected" | awk -v m="$m" '$1 == m && NF > 1 { print $2 }' | sort \
		> "$tmp/$m.want"
	if ! cmp -s "$tmp/$m.got" "$tmp/$m.want"; then
		echo "conform-broken: FAIL: $m: failing cases differ (< reported, > expected):" >&2
		diff "$tmp/$m.got" "$tmp/$m.want" >&2
		status=1
	elif [ -s "$tmp/$m.want" ] && [ $code -ne 1 ]; then
		echo "conform-broken: FAIL: $m: exit status $code, not 1" >&2
		status=1
	elif [ ! -s "$tmp/$m.want" ] && [ $code -ne 0 ]; then
		echo "conform-broken: FAIL: $m: exit status $code, not 0" >&2
		status=1
	else
		echo "ok: $m: $(wc -l < "$tmp/$m.got") failing cases, as expected"
	fi
	cat "$tmp/$m.got" >> "$tmp/broken-any"
done

sort -u "$tmp/broken-any" > "$tmp/broken-any.sorted"
comm -23 "$tmp/cases" "$tmp/broken-any.sorted" > "$tmp/never"
echo "$(wc -l < "$tmp/cases") cases; $(wc -l < "$tmp/never") never broken by a mutant:"
sed 's/^/  /' "$tmp/never"
exit $status
