#!/bin/sh
# check-manual-coverage.sh: doc/manual-coverage.md names, for every
# statement of the manual's chapter 9, the tests that check it or the
# reason it cannot be checked. This check fails when
#   - a named test (written tests/check_NAME.c:test_NAME) is not defined
#     with START_TEST in that file, or not added to its suite;
#   - a statement row (a table row whose first cell is a statement id such
#     as 9.3.1-4) names no test and gives no "not checkable" reason;
#   - a statement id appears twice, or there are no rows at all.
#
# It also checks the manual pages of the API (doc/man): every nngx* name
# the library exports (tests/exports.txt) must be named in the NAME
# section of exactly one page (a group page such as nngx_cmdlist.3, or a
# page of its own), and have doc/man/NAME.3, either that page or a stub
# `.so man3/PAGE.3` whose PAGE names it; every page in doc/man must be in
# Makefile.am, so that it is installed and distributed.
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

# ---- the manual pages of the API ----
man="$top_srcdir/doc/man"
exports="$top_srcdir/tests/exports.txt"
names="${TMPDIR:-/tmp}/manual-names.$$"
trap 'rm -f "$names"' EXIT
# "PAGE NAME" for every name in the NAME section of every real page (not a
# .so stub; a page generated from PAGE.in is read from PAGE.in).
for page in "$man"/*.3 "$man"/*.3.in; do
	[ -f "$page" ] || continue
	case $page in *.3) [ -f "$page.in" ] && continue ;; esac
	head -n 1 "$page" | grep -q '^\.so ' && continue
	base=$(basename "$page" .in)
	# The names: the NAME section up to its "\-".
	awk '/^\.SH NAME/ { f = 1; next } /^\.SH / { f = 0 }
		f && !done { i = index($0, "\\-"); if (i) { $0 = substr($0, 1, i - 1); done = 1 }
			     print }' "$page" |
		tr ', ' '\n\n' | grep '^nngx[A-Za-z0-9_]*$' | sed "s/^/$base /"
done > "$names"
mpass=0
for name in $(grep '^nngx' "$exports"); do
	pages=$(awk -v n="$name" '$2 == n { print $1 }' "$names" | sort -u | tr '\n' ' ')
	set -- $pages
	if [ $# -ne 1 ]; then
		echo "FAIL: $name is named in the NAME section of $# manual pages (${pages:-none}); it must be exactly one"
		fail=$((fail + 1))
		continue
	fi
	group=$1
	file="$man/$name.3"
	if [ ! -f "$file" ]; then
		echo "FAIL: $name: no doc/man/$name.3 (a stub '.so man3/$group' will do)"
		fail=$((fail + 1))
		continue
	fi
	first=$(head -n 1 "$file")
	case $first in
	".so man3/$group") ;;
	.so*)
		echo "FAIL: doc/man/$name.3 is '$first', but $name is named in $group"
		fail=$((fail + 1))
		continue ;;
	*)
		if [ "$group" != "$name.3" ]; then
			echo "FAIL: doc/man/$name.3 is a page, but $name is named in $group"
			fail=$((fail + 1))
			continue
		fi ;;
	esac
	mpass=$((mpass + 1))
done
for page in "$man"/*.[1-8] "$man"/*.[1-8].in; do
	[ -f "$page" ] || continue
	base=$(basename "$page")
	case $base in *.in) ;; *) [ -f "$page.in" ] && continue ;; esac
	if ! grep -q "doc/man/$base\([^A-Za-z0-9_.]\|\$\)" "$top_srcdir/Makefile.am"; then
		echo "FAIL: doc/man/$base is not in Makefile.am"
		fail=$((fail + 1))
	fi
done
echo "$mpass exported nngx names, each named in one manual page"

echo "$rows statements; $pass test references found, $fail failed"
[ "$fail" -eq 0 ]
