#!/bin/sh
# check-doc-diags.sh: every diagnostic of NNGX_SHIM_DIAG_MAP in
# <nngx_shim.h> is described in nngx_shim(3), with its number.
top_srcdir=${top_srcdir:-.}
header="$top_srcdir/include/nngx_shim.h"
page="$top_srcdir/doc/man/nngx_shim.3.in"
pass=0
fail=0
for entry in $(sed -n 's/^ *XX(\([0-9]*\), *\([A-Z_]*\),.*/\1:\2/p' "$header"); do
	num=${entry%%:*}
	name=${entry#*:}
	if grep -q "\"$num $name\"" "$page"; then
		pass=$((pass + 1))
	else
		echo "FAIL: diagnostic $num $name is not described in doc/man/nngx_shim.3.in"
		fail=$((fail + 1))
	fi
done
if [ "$pass" -eq 0 ]; then
	echo "FAIL: no diagnostics found in $header"
	fail=$((fail + 1))
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
