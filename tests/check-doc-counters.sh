#!/bin/sh
# check-doc-counters.sh: every entry of NNGX_SHIM_COUNTER_MAP in
# <nngx_shim.h> is described in nngx_shim(3) with its unit and manual
# section, and nngx-report(1) points at the catalogue.
top_srcdir=${top_srcdir:-.}
header="$top_srcdir/include/nngx_shim.h"
page="$top_srcdir/doc/man/nngx_shim.3.in"
pass=0
fail=0
rows=$(sed -n 's/^ *XX(\([A-Z0-9_]*\), *"\([a-z0-9_.]*\)", *[A-Z0-9_]*, *[0-9]*, *[0-9]*, *[0-9]*, *"\([a-z]*\)", *[01], *"\([0-9.]*\)",.*/\2:\3:\4/p' "$header")
for row in $rows; do
	name=${row%%:*}
	rest=${row#*:}
	unit=${rest%%:*}
	section=${rest#*:}
	if grep "^\.BR \"$name\" \" ($unit, [a-z ]*, $section;" "$page" >/dev/null; then
		pass=$((pass + 1))
	else
		echo "FAIL: counter $name ($unit, section $section) is not described in doc/man/nngx_shim.3.in"
		fail=$((fail + 1))
	fi
done
if [ "$pass" -eq 0 ]; then
	echo "FAIL: no counters found in $header"
	fail=$((fail + 1))
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
