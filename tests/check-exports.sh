#!/bin/sh
# check-exports.sh: the shared library exports exactly tests/exports.txt.
#
# Lists every defined dynamic symbol of $top_builddir/.libs/libnngx.so and
# compares the sorted list with $top_srcdir/tests/exports.txt. Everything
# exported must be API: a name starting with nngx or gl and a capital letter.
# Where the library was linked with its version script (NNGX_VERSION_SCRIPT
# =yes), every export has a default version (NAME@@NODE) of a node of
# nngx/libnngx.map, and the library defines exactly the map's nodes
# (doc/abi.md).
#
# Environment (set by `make check`): NM, top_srcdir, top_builddir,
# NNGX_VERSION_SCRIPT (yes or no).
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
	# Version definitions (type A, the node's name) are not exports; a
	# versioned name reads NAME@@NODE (default) or NAME@NODE.
	awk 'NF >= 2 && $(NF - 1) != "A" { print $NF }' "$tmp/nm.out" |
		LC_ALL=C sort >"$tmp/versioned"
	sed 's/@.*//' "$tmp/versioned" | LC_ALL=C sort >"$tmp/actual"
	awk 'NF >= 2 && $(NF - 1) == "A" { print $NF }' "$tmp/nm.out" |
		LC_ALL=C sort >"$tmp/nodes"
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

# Symbol versions: the nodes the map defines, each export in one of them.
map="$top_srcdir/nngx/libnngx.map"
case ${NNGX_VERSION_SCRIPT:-no} in
yes)
	sed -n 's/^\(NNGX_[0-9][0-9.]*\) *{.*/\1/p' "$map" | LC_ALL=C sort >"$tmp/map-nodes"
	if [ ! -s "$tmp/map-nodes" ]; then
		fail "nngx/libnngx.map defines no NNGX_x.y node"
	elif diff -u "$tmp/map-nodes" "$tmp/nodes" >"$tmp/diff"; then
		ok "the library defines the version nodes of nngx/libnngx.map: $(tr '\n' ' ' <"$tmp/nodes")"
	else
		fail "version nodes differ from nngx/libnngx.map (- map, + library):"
		sed 's/^/    /' "$tmp/diff"
	fi
	grep -Ev '@@NNGX_[0-9][0-9.]*$' "$tmp/versioned" >"$tmp/unversioned"
	if [ -s "$tmp/unversioned" ]; then
		fail "exports without a default NNGX_x.y version:"
		sed 's/^/    /' "$tmp/unversioned" | head -n 20
	else
		ok "every export has a default version (NAME@@NNGX_x.y)"
	fi
	sed 's/.*@@//' "$tmp/versioned" | LC_ALL=C sort -u >"$tmp/used"
	if LC_ALL=C comm -23 "$tmp/used" "$tmp/map-nodes" | grep . >"$tmp/stray"; then
		fail "exports in a node the map does not define: $(tr '\n' ' ' <"$tmp/stray")"
	else
		ok "every export's node is in nngx/libnngx.map"
	fi
	# The first release's names are all in its node (none moved to a later one).
	if grep -q '@@NNGX_0\.1$' "$tmp/versioned" &&
		[ "$(grep -c 'nngxStartProfiling@@NNGX_0\.1$' "$tmp/versioned")" -eq 1 ]; then
		ok "nngxStartProfiling@@NNGX_0.1"
	else
		fail "nngxStartProfiling is not in node NNGX_0.1"
	fi
	;;
*)
	if [ -s "$tmp/nodes" ] || grep -q @ "$tmp/versioned"; then
		fail "symbol versions in a library linked without the version script"
	else
		ok "no symbol versions (the linker takes no version script: configure)"
	fi
	;;
esac

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
