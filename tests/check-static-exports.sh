#!/bin/sh
# check-static-exports.sh: the static libnngx.a defines no name but the API.
#
# Every global symbol the archive defines must start with nngx or gl and a
# capital letter, and they must be exactly tests/exports.txt (the shared
# library's list). Then a program that defines, as global data, every
# internal name the library's objects define (the hw_*, nngx_* and gl_*
# globals of the uninstalled libnngx-core.a, which the tests link) is
# linked with the archive alone and run: with the internals hidden there is
# no clash and the library still works (reset, clock, version); with them
# visible the link fails on a multiple definition, or the library calls the
# program's data.
#
# Environment (set by `make check` and `make installcheck`): CC, NM,
# top_srcdir, top_builddir, NNGX_ONE_OBJECT (yes or no: configure),
# NNGX_STATIC_LIB (default: the build's .libs/libnngx.a),
# NNGX_STATIC_LIBS (the library's dependencies: -lconfig ... -lm),
# NNGX_TEST_CFLAGS and NNGX_TEST_LDFLAGS (the build's CFLAGS, LDFLAGS),
# NNGX_CONFIG.
# Exit status: 0 all passed, 1 any failure, 77 no static library or no
# hiding (configure found no objcopy), 99 bad environment.
#
# Part of libnngx (MIT licence).

CC=${CC:-cc}
NM=${NM:-nm}
top_srcdir=${top_srcdir:-.}
top_builddir=${top_builddir:-.}
lib=${NNGX_STATIC_LIB:-$top_builddir/.libs/libnngx.a}
core="$top_builddir/.libs/libnngx-core.a"
expected="$top_srcdir/tests/exports.txt"

if [ ! -f "$lib" ]; then
	echo "skip: no static library at $lib (configured with --disable-static?)"
	exit 77
fi
if [ "${NNGX_ONE_OBJECT:-no}" != yes ]; then
	echo "skip: configure found no objcopy that keeps a list of global symbols;"
	echo "      the static library's internal names are not hidden"
	exit 77
fi
if [ ! -f "$expected" ] || [ ! -f "$core" ]; then
	echo "check-static-exports: $expected or $core is missing" >&2
	exit 99
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/nngx-static.XXXXXX") || exit 99
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

# Defined global names ("ADDRESS TYPE NAME"; member headers have one field).
# shellcheck disable=SC2086 # NM may carry options
if ! $NM -g --defined-only "$lib" >"$tmp/nm.out" 2>"$tmp/nm.err"; then
	fail "$NM -g --defined-only $lib"
	sed 's/^/    /' "$tmp/nm.err"
	exit 1
fi
awk 'NF >= 3 { print $NF }' "$tmp/nm.out" | LC_ALL=C sort >"$tmp/globals"
ok "$lib defines $(wc -l <"$tmp/globals" | tr -d ' ') global names"

if grep -Ev '^(nngx|gl)[A-Z]' "$tmp/globals" >"$tmp/stray"; then
	fail "global names outside the API ($(wc -l <"$tmp/stray" | tr -d ' ')):"
	sed 's/^/    /' "$tmp/stray" | head -n 20
else
	ok "every global name matches ^(nngx|gl)[A-Z]"
fi
if diff -u "$expected" "$tmp/globals" >"$tmp/diff"; then
	ok "the global names are tests/exports.txt"
else
	fail "global names differ from tests/exports.txt (- expected, + defined):"
	sed 's/^/    /' "$tmp/diff" | head -n 40
fi

# The internal names: what libnngx-core.a defines beyond the API.
# shellcheck disable=SC2086
$NM -g --defined-only "$core" | awk 'NF >= 3 { print $NF }' |
	grep -Ev '^(nngx|gl)[A-Z]' | LC_ALL=C sort -u >"$tmp/internal"
n=$(wc -l <"$tmp/internal" | tr -d ' ')
if [ "$n" -lt 10 ]; then
	fail "only $n internal names in $core"
fi
for prefix in hw_ nngx_ gl_; do
	if grep -q "^$prefix" "$tmp/internal"; then
		ok "the library has internal $prefix* names to hide"
	else
		fail "no internal $prefix* name in $core"
	fi
done

{
	echo '/* Every internal name of libnngx, defined by the program. */'
	awk '{ print "int " $1 " = 1;" }' "$tmp/internal"
	cat <<'EOF'
#include <stdio.h>
/* The API this program uses, declared by hand: only the archive counts. */
unsigned int nngxShimGetVersion(void);
void nngxShimReset(void);
void nngxShimAdvance(unsigned long long clocks);
unsigned long long nngxShimGetClock(void);
int main(void)
{
	nngxShimReset();
	nngxShimAdvance(1234);
	printf("version 0x%06x clock %llu\n", nngxShimGetVersion(), nngxShimGetClock());
	return nngxShimGetClock() == 1234 && nngxShimGetVersion() != 0 ? 0 : 1;
}
EOF
} >"$tmp/clash.c"

# shellcheck disable=SC2086 # the flags split on purpose
if $CC $NNGX_TEST_CFLAGS -o "$tmp/clash" "$tmp/clash.c" $NNGX_TEST_LDFLAGS "$lib" \
	$NNGX_STATIC_LIBS >"$tmp/cc.out" 2>&1; then
	ok "a program defining all $n internal names links with $lib alone"
	if NNGX_DIAG_LEVEL=off "$tmp/clash" >"$tmp/run.out" 2>&1; then
		ok "and runs: $(cat "$tmp/run.out")"
	else
		fail "the program linked with $lib fails:"
		sed 's/^/    /' "$tmp/run.out" | head -n 20
	fi
else
	fail "a program defining the internal names does not link with $lib:"
	sed 's/^/    /' "$tmp/cc.out" | head -n 20
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
