#!/bin/sh
# check-doc-config.sh: every key of the configuration table
# (driver/nngx_config.c) is described in nngx.cfg(5) and in the shipped
# data/nngx.cfg. A key counts as described when its last component appears
# on the page in a line that names its group.
top_srcdir=${top_srcdir:-.}
table="$top_srcdir/driver/nngx_config.c"
page="$top_srcdir/doc/man/nngx.cfg.5.in"
shipped="$top_srcdir/data/nngx.cfg"
pass=0
fail=0
for key in $(sed -n 's/^[[:space:]]*{ "\([a-z_]*\.[a-z_.]*\)",.*/\1/p' "$table"); do
	group=${key%.*}
	leaf=${key##*.}
	if grep "$group" "$page" | grep -q "$leaf"; then
		pass=$((pass + 1))
	else
		echo "FAIL: $key is not described in doc/man/nngx.cfg.5.in"
		fail=$((fail + 1))
	fi
	if grep -q "^[[:space:]]*$leaf[[:space:]]*=" "$shipped"; then
		pass=$((pass + 1))
	else
		echo "FAIL: $key is not in data/nngx.cfg"
		fail=$((fail + 1))
	fi
done
if [ "$pass" -eq 0 ]; then
	echo "FAIL: no keys found in $table"
	fail=$((fail + 1))
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
