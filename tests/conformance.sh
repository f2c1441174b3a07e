#!/bin/sh
# conformance.sh: the conformance suite (conformance/, built as
# nngx-conformance) passes against libnngx, and its runner does what
# nngx-conformance(1) says: a TAP plan that matches the results, --list,
# --documented-only (no inferred case, but some cases), ID prefixes,
# --junit (one testcase a case, well nested), exit status 2 on bad usage.
#
# Environment (set by `make check`): top_builddir.
# Exit status: 0 all passed, 1 any failure, 99 bad environment.
#
# Part of libnngx (MIT licence).

top_builddir=${top_builddir:-.}
suite="$top_builddir/nngx-conformance"
tmp=${TMPDIR:-/tmp}/nngx-conformance.$$
status=0

fail() {
	echo "conformance: FAIL: $*" >&2
	status=1
}

[ -x "$suite" ] || { echo "conformance: $suite is missing" >&2; exit 99; }
mkdir "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT

# The whole suite: TAP on standard output, every case ok.
"$suite" --junit "$tmp/report.xml" > "$tmp/all.tap" 2> "$tmp/all.err" \
	|| fail "the suite reported failures"
echo "# the library drew $(wc -l < "$tmp/all.err") diagnostic lines on standard error"
cat "$tmp/all.tap"
plan=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' "$tmp/all.tap")
oks=$(grep -c '^ok [0-9]* - ' "$tmp/all.tap")
notoks=$(grep -c '^not ok ' "$tmp/all.tap")
[ "$(head -n 1 "$tmp/all.tap")" = "TAP version 13" ] || fail "the first line is not 'TAP version 13'"
[ -n "$plan" ] && [ "$plan" -gt 0 ] || fail "no plan line"
[ "$oks" = "$plan" ] || fail "plan $plan, $oks ok, $notoks not ok"

# --list: one line a case, four tab-separated fields, unique IDs.
"$suite" --list > "$tmp/list" || fail "--list exited non-zero"
[ "$(wc -l < "$tmp/list")" -eq "$plan" ] || fail "--list does not list the $plan cases"
awk -F '\t' 'NF != 4 || ($2 != "documented" && $2 != "inferred") { bad = 1 } END { exit bad }' \
	"$tmp/list" || fail "--list lines are not ID, kind, description, source"
[ -z "$(cut -f1 "$tmp/list" | sort | uniq -d)" ] || fail "duplicate IDs"

# --documented-only: the documented cases, all of them and nothing else.
"$suite" --documented-only > "$tmp/doc.tap" || fail "--documented-only reported failures"
documented=$(grep -c '	documented	' "$tmp/list")
inferred=$(grep -c '	inferred	' "$tmp/list")
[ "$inferred" -gt 0 ] && [ "$documented" -gt 0 ] || fail "no inferred or no documented cases"
[ "$(grep -c '^ok ' "$tmp/doc.tap")" -eq "$documented" ] \
	|| fail "--documented-only did not run the $documented documented cases"
for id in $(grep '	inferred	' "$tmp/list" | cut -f1); do
	if grep -q " - $id " "$tmp/doc.tap"; then
		fail "--documented-only ran the inferred case $id"
	fi
done

# ID prefixes, any case.
expected=$(grep -c '^PROF-BUSY-' "$tmp/list")
"$suite" prof-busy GX-SWAP-8031 > "$tmp/prefix.tap" || fail "the prefix run reported failures"
expected=$((expected + $(grep -c '^GX-SWAP-8031-' "$tmp/list")))
[ "$(grep -c '^ok ' "$tmp/prefix.tap")" -eq "$expected" ] || fail "prefix selection"
grep -q '^1\.\.'"$expected"'$' "$tmp/prefix.tap" || fail "the plan of a prefix run"

# JUnit: one testcase a case, no failure, the document closed.
[ "$(grep -c '<testcase ' "$tmp/report.xml")" -eq "$plan" ] || fail "JUnit testcases"
grep -q '<failure' "$tmp/report.xml" && fail "JUnit reports a failure"
[ "$(tail -n 1 "$tmp/report.xml")" = "</testsuites>" ] || fail "JUnit document not closed"

# Usage errors.
"$suite" --no-such-option > /dev/null 2>&1
[ $? -eq 2 ] || fail "an unknown option does not exit 2"

exit $status
