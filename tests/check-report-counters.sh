#!/bin/sh
# check-report-counters.sh: `nngx-report --counters` lists the counter
# catalogue, every counter once, as nngx_shim(3) documents it.
#
# The tab-separated form (--counters=tsv) is turned into the lines with
# which doc/man/nngx_shim.3.in lists the entries (.BR "NAME" " (UNIT,
# started|always running, SECTION; ITEM word W[, bits HI:LO])") and the two
# lists must be the same; the text form names every counter at the start
# of a line and says how many there are; an unknown format is a usage
# error (exit 2).
#
# Environment (set by `make check`): top_srcdir, top_builddir.
# Exit status: 0 all passed, 1 any failure, 99 bad environment.
#
# Part of libnngx (MIT licence).

top_srcdir=${top_srcdir:-.}
top_builddir=${top_builddir:-.}
report="$top_builddir/tools/nngx-report"
page="$top_srcdir/doc/man/nngx_shim.3.in"

if [ ! -x "$report" ] || [ ! -f "$page" ]; then
	echo "check-report-counters: $report or $page is missing" >&2
	exit 99
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/nngx-counters.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

passed=0
failed=0
ok() {
	passed=$((passed + 1))
	echo "ok $*"
}
fail() {
	failed=$((failed + 1))
	echo "FAIL $*"
}

if "$report" --counters=tsv >"$tmp/tsv" 2>"$tmp/err"; then
	ok "nngx-report --counters=tsv"
else
	fail "nngx-report --counters=tsv fails:"
	sed 's/^/    /' "$tmp/err"
fi
if [ "$(head -n 1 "$tmp/tsv")" = "$(printf 'name\tunit\talways_running\tsection\titem\tword\tshift\tbits\tdescription')" ]; then
	ok "the header line names the nine columns"
else
	fail "header line: $(head -n 1 "$tmp/tsv")"
fi
if awk -F'\t' 'NR > 1 && NF != 9 { bad = 1 } END { exit bad }' "$tmp/tsv"; then
	ok "every row has nine tab-separated fields"
else
	fail "a row has not nine fields"
fi

# The page's list, and the same lines made from the TSV.
grep '^\.BR "[a-z0-9_.]*" " (' "$page" | sed 's/\\-/-/g' | LC_ALL=C sort >"$tmp/page"
awk -F'\t' 'NR > 1 {
	where = $5 " word " $6
	if ($8 != 32)
		where = where ", bits " ($7 + $8 - 1) ":" $7
	printf ".BR \"%s\" \" (%s, %s, %s; %s)\"\n", $1, $2,
		$3 == 1 ? "always running" : "started", $4, where
}' "$tmp/tsv" | LC_ALL=C sort >"$tmp/listed"
n=$(wc -l <"$tmp/page" | tr -d ' ')
if [ "$n" -lt 40 ]; then
	fail "only $n entries found in $page"
elif diff -u "$tmp/page" "$tmp/listed" >"$tmp/diff"; then
	ok "the $n counters, units, kinds, sections and places are nngx_shim(3)'s"
else
	fail "the listing differs from nngx_shim(3) (- page, + nngx-report):"
	sed 's/^/    /' "$tmp/diff" | head -n 30
fi
if [ "$(cut -f1 "$tmp/tsv" | sort | uniq -d | wc -l)" -eq 0 ]; then
	ok "no name twice"
else
	fail "a name is listed twice"
fi

if "$report" --counters >"$tmp/text" 2>"$tmp/err"; then
	if head -n 1 "$tmp/text" | grep -q "^$n counters"; then
		ok "the text listing says $n counters"
	else
		fail "the text listing begins '$(head -n 1 "$tmp/text")'"
	fi
	missing=
	for name in $(awk -F'\t' 'NR > 1 { print $1 }' "$tmp/tsv"); do
		grep -q "^$name " "$tmp/text" || missing="$missing $name"
	done
	if [ -z "$missing" ]; then
		ok "the text listing has a line for every counter"
	else
		fail "the text listing lacks:$missing"
	fi
	if awk 'length($0) > 100 && !/^[a-z]/ { bad = 1 } END { exit bad }' "$tmp/text"; then
		ok "descriptions are wrapped"
	else
		fail "a description line is longer than 100 columns"
	fi
else
	fail "nngx-report --counters fails"
fi

"$report" --counters=yaml >/dev/null 2>&1
rc=$?
if [ "$rc" -eq 2 ]; then
	ok "an unknown format is a usage error (exit 2)"
else
	fail "nngx-report --counters=yaml exits $rc, not 2"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
