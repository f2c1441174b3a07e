#!/bin/sh
# check-assert.sh: NNGX_ASSERT (hw/hw_assert.h) does what the header says.
# Enabled (NNGX_ENABLE_ASSERTS), a false condition prints its file, line,
# function and text on standard error and aborts, and a true one does
# nothing; disabled, the condition is not evaluated (a side effect in it
# does not happen) and a name used only in it draws no warning under
# -Wall -Wextra -Werror. The header includes no GL or nngx header.
#
# Environment (set by `make check`): top_srcdir, CC.
# Exit status: 0 all passed, 1 any failure, 99 bad environment.
#
# Part of libnngx (MIT licence).
top_srcdir=${top_srcdir:-.}
cc=${CC:-cc}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/nngx-assert.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

pass=0
fail=0
ok() { pass=$((pass + 1)); echo "ok $*"; }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

cat > "$tmp/t.c" <<'_EOF'
#include <stdio.h>
#include <stdlib.h>
#include "hw/hw_assert.h"

static int calls;

static int count(int v)
{
	calls++;
	return v;
}

int main(int argc, char **argv)
{
	int only_in_assert = argc;

	(void)argv;
	if (argc > 5)           /* (clang: a function used only in sizeof is unneeded) */
		return count(0);
	NNGX_ASSERT(count(1) == 1);
	NNGX_ASSERT(only_in_assert >= 1);
	printf("calls %d\n", calls);
	fflush(stdout);
	if (argc > 1)
		NNGX_ASSERT(count(2) == 3);
	printf("after\n");
	return 0;
}
_EOF

flags="-std=c99 -Wall -Wextra -Werror -I$top_srcdir"
if $cc $flags -o "$tmp/off" "$tmp/t.c" 2>"$tmp/off.err"; then
	ok "disabled: compiles without warnings"
	out=$("$tmp/off" x 2>&1)
	if [ "$out" = "calls 0
after" ]; then
		ok "disabled: no condition is evaluated, nothing aborts"
	else
		bad "disabled: printed '$out'"
	fi
else
	bad "disabled: does not compile:"; sed 's/^/    /' "$tmp/off.err"
fi

if $cc $flags -DNNGX_ENABLE_ASSERTS=1 -o "$tmp/on" "$tmp/t.c" 2>"$tmp/on.err"; then
	ok "enabled: compiles without warnings"
	out=$("$tmp/on" 2>&1)
	if [ "$out" = "calls 1
after" ]; then
		ok "enabled: a true condition is evaluated once and passes"
	else
		bad "enabled, true conditions: printed '$out'"
	fi
	"$tmp/on" x >"$tmp/on.out" 2>"$tmp/on.err2"
	status=$?
	if [ "$status" -gt 128 ] && ! grep -q after "$tmp/on.out" &&
		grep -q '^libnngx: .*t\.c:[0-9]*: main: invariant broken: count(2) == 3$' "$tmp/on.err2"; then
		ok "enabled: a false condition says where and what, and aborts"
	else
		bad "enabled, false condition: status $status, stderr:"
		sed 's/^/    /' "$tmp/on.err2"
	fi
else
	bad "enabled: does not compile:"; sed 's/^/    /' "$tmp/on.err"
fi

if grep -Eq '#[[:space:]]*include[[:space:]]*[<"](GLES2|nn/|nngx)' "$top_srcdir/hw/hw_assert.h"; then
	bad "hw/hw_assert.h includes a GL or nngx header"
else
	ok "hw/hw_assert.h includes no GL or nngx header"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
