#!/bin/sh
# check-real-program.sh: samples/real_program, SDK-style code (its own
# allocator over VRAM and device memory, command words and pixels written
# through the addresses the API hands out, a texture DMA'd from the heap)
# runs with no libnngx warning or error and its own checks pass (the
# counters moved as its frame's work says). Then the same program in the
# host address space (NNGX_ADDRESS_SPACE=host) says so once and stops.
#
# Environment (set by `make check`): top_builddir. Exit status: 0 all
# passed, 1 any failure.
top_builddir=${top_builddir:-.}
prog="$top_builddir/samples/real_program"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/nngx-real.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM
unset NNGX_CAPTURE NNGX_TRACE NNGX_DUMP_FRAMES NNGX_GOLDEN NNGX_ADDRESS_SPACE

pass=0
fail=0
ok() { pass=$((pass + 1)); echo "ok $*"; }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

if [ ! -x "$prog" ]; then
	echo "FAIL: $prog is not built"
	exit 1
fi
"$prog" >"$tmp/out" 2>"$tmp/err"
status=$?
if [ $status -eq 0 ]; then ok "exit status 0"; else bad "exit status $status"; cat "$tmp/out" "$tmp/err"; fi
if grep -q '^libnngx: \(warning\|error\)' "$tmp/err"; then
	bad "libnngx diagnostics on stderr:"
	cat "$tmp/err"
else
	ok "no libnngx warning or error"
fi
if grep -q '^polygons in: 4 ' "$tmp/out" && grep -q '^DMA writes: 1024 ' "$tmp/out"; then
	ok "the hand-written draw and the heap DMA counted"
else
	bad "counts:"
	cat "$tmp/out"
fi

NNGX_ADDRESS_SPACE=host "$prog" >"$tmp/out" 2>"$tmp/err"
status=$?
if [ $status -eq 0 ] && [ "$(grep -c 'ADDRESS_SPACE_HOST' "$tmp/err")" -eq 1 ]; then
	ok "host address space: said once, exit 0"
else
	bad "host address space: exit $status"
	cat "$tmp/out" "$tmp/err"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
