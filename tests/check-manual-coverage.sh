#!/bin/sh
# check-manual-coverage.sh: doc/manual-coverage.md names, for every
# statement of the manual's chapter 9, the tests that check it or the
# reason it cannot be checked. This check fails when
#   - a named test (written tests/check_NAME.c:test_NAME) is not defined
#     with START_TEST in that file, or not added to its suite;
#   - a statement row (a table row whose first cell is a statement id such
#     as 9.3.1-4) names no test and gives no "not checkable" reason;
#   - a statement id appears twice, or there are no rows at all.
top_srcdir=${top_srcdir:-.}
doc="$top_srcdir/doc/manual-coverage.md"
pass=0
fail=0

if [ ! -f "$doc" ]; then
	echo "FAIL: $doc is missing"
	exit 1
fi

# Every named test exists and is registered.
for ref in $(grep -o 'tests/check_[a-z0-9_]*\.c:test_[A-Za-z0-9_]*' "$doc" | sort -u); do
	file=${ref%%:*}
	name=${ref#*:}
	if [ ! -f "$top_srcdir/$file" ]; then
		echo "FAIL: $ref: no file $file"
		fail=$((fail + 1))
	elif ! grep -q "^START_TEST($name)" "$top_srcdir/$file"; then
		echo "FAIL: $ref: no START_TEST($name) in $file"
		fail=$((fail + 1))
	elif ! grep -Eq "tcase_add_(loop_)?test\([^,]*, *$name[,)]" "$top_srcdir/$file"; then
		echo "FAIL: $ref: $name is not added to a test case in $file"
		fail=$((fail + 1))
	else
		pass=$((pass + 1))
	fi
done

# Every statement row has a test or a reason; ids are unique.
rows=$(grep -c '^| 9[-.0-9]* |' "$doc")
if [ "$rows" -eq 0 ]; then
	echo "FAIL: no statement rows in $doc"
	fail=$((fail + 1))
fi
grep '^| 9[-.0-9]* |' "$doc" | while IFS= read -r row; do
	id=$(printf '%s\n' "$row" | cut -d'|' -f2 | tr -d ' ')
	if ! printf '%s\n' "$row" | grep -Eq 'tests/check_[a-z0-9_]*\.c:test_|[Nn]ot checkable'; then
		echo "FAIL: statement $id names no test and no reason"
		echo x
	fi
done > "${TMPDIR:-/tmp}/manual-coverage.$$"
bad=$(grep -c '^x$' "${TMPDIR:-/tmp}/manual-coverage.$$")
grep -v '^x$' "${TMPDIR:-/tmp}/manual-coverage.$$"
rm -f "${TMPDIR:-/tmp}/manual-coverage.$$"
fail=$((fail + bad))
dups=$(grep '^| 9[-.0-9]* |' "$doc" | cut -d'|' -f2 | tr -d ' ' | sort | uniq -d)
if [ -n "$dups" ]; then
	echo "FAIL: statement ids used twice: $dups"
	fail=$((fail + 1))
fi

echo "$rows statements; $pass test references found, $fail failed"
[ "$fail" -eq 0 ]
