#!/bin/sh
# check-exports.sh: the shared library exports exactly tests/exports.txt.
#
# Lists every defined dynamic symbol of $top_builddir/.libs/libnngx.so and
# compares the sorted list with $top_srcdir/tests/exports.txt. Everything
# exported must be API: a name starting with nngx or gl and a capital letter.
#
# Environment (set by `make check`): NM, top_srcdir, top_builddir.
# Exit status: 0 all passed, 1 any failure, 77 no shared library (skipped),
# 99 bad environment.
#
# Part of libnngx (MIT licence).

NM=${NM:-nm}
top_srcdir=${top_srcdir:-.}
top_builddir=${top_builddir:-.}

lib="$top_builddir/.libs/libnngx.so"
expected="$top_srcdir/tests/exports.txt"
hint="update tests/exports.txt when the API grows; nothing outside nngx*/gl* may be exported"

if [ ! -f "$lib" ]; then
	echo "skip: no shared library at $lib (configured with --disable-shared?)"
	exit 77
fi
if [ ! -f "$expected" ]; then
	echo "check-exports: $expected is missing" >&2
	exit 99
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/nngx-exports.XXXXXX") || exit 99
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

# The symbol name is the last field of each line ("ADDRESS TYPE NAME").
# NM may carry options, so it is split on purpose.
# shellcheck disable=SC2086
if $NM -D --defined-only "$lib" >"$tmp/nm.out" 2>"$tmp/nm.err"; then
	awk 'NF >= 2 { print $NF }' "$tmp/nm.out" | LC_ALL=C sort >"$tmp/actual"
	if [ -s "$tmp/actual" ]; then
		ok "$NM lists $(wc -l <"$tmp/actual" | tr -d ' ') exported symbols"
	else
		fail "$NM lists no exported symbols in $lib"
	fi
else
	fail "$NM -D --defined-only $lib"
	head -n 5 "$tmp/nm.err" | sed 's/^/    /'
	echo "$passed passed, $failed failed"
	exit 1
fi

if LC_ALL=C sort -c "$expected" 2>/dev/null; then
	ok "tests/exports.txt is sorted (LC_ALL=C)"
else
	fail "tests/exports.txt is not sorted (LC_ALL=C sort it)"
fi

if diff -u "$expected" "$tmp/actual" >"$tmp/diff"; then
	ok "exports match tests/exports.txt"
else
	fail "exports differ from tests/exports.txt (- expected, + exported):"
	sed 's/^/    /' "$tmp/diff"
	echo "hint: $hint"
fi

if grep -Ev '^(nngx|gl)[A-Z]' "$tmp/actual" >"$tmp/stray"; then
	fail "symbols exported outside the nngx*/gl* API:"
	sed 's/^/    /' "$tmp/stray"
	echo "hint: $hint"
else
	ok "every export matches ^(nngx|gl)[A-Z]"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
