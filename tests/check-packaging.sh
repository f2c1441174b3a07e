#!/bin/sh
# check-packaging.sh: what a packager and a user of the installed tree see.
#
#   - every installed program answers --version with its name, "(libnngx)"
#     and the release (PACKAGE_VERSION), exit status 0;
#   - nngx.pc: the release as Version, libconfig, jansson and libpng in
#     Requires.private and none of their -l flags in Libs or Libs.private;
#   - nngx-capture(5), made from doc/capture-schema.md: every field the
#     document's tables name is in the page, groff finds nothing to warn
#     about, and nngx-report(1) and nngx.cfg(5) point at the page, not at
#     the source tree.
#
# With NNGX_INSTALLED=yes the programs, nngx.pc and the page are the
# installed ones (bindir, libdir/pkgconfig, mandir; make installcheck).
#
# Environment (set by `make check`): top_srcdir, top_builddir,
# PACKAGE_VERSION, NNGX_BIN_PROGRAMS (bin_PROGRAMS), NNGX_INSTALLED,
# NNGX_BINDIR, NNGX_PCDIR, NNGX_MANDIR, NNGX_LIBDIR (installed mode).
# Exit status: 0 all passed, 1 any failure, 99 bad environment.
#
# Part of libnngx (MIT licence).

top_srcdir=${top_srcdir:-.}
top_builddir=${top_builddir:-.}
version=${PACKAGE_VERSION:-}
if [ -z "$version" ] || [ -z "${NNGX_BIN_PROGRAMS:-}" ]; then
	echo "check-packaging: PACKAGE_VERSION or NNGX_BIN_PROGRAMS is empty; run me through make" >&2
	exit 99
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/nngx-packaging.XXXXXX") || exit 99
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

if [ "${NNGX_INSTALLED:-no}" = yes ]; then
	pcdir=$NNGX_PCDIR
	page="$NNGX_MANDIR/man5/nngx-capture.5"
	# The installed programs find the installed library (a DESTDIR too).
	LD_LIBRARY_PATH="$NNGX_LIBDIR${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
	export LD_LIBRARY_PATH
else
	pcdir=$top_builddir
	page="$top_builddir/doc/man/nngx-capture.5"
fi

# ---- --version ---------------------------------------------------------------
for prog in $NNGX_BIN_PROGRAMS; do
	name=$(basename "$prog")
	if [ "${NNGX_INSTALLED:-no}" = yes ]; then
		path="$NNGX_BINDIR/$name"
	else
		path="$top_builddir/$prog"
	fi
	if "$path" --version >"$tmp/out" 2>"$tmp/err"; then
		want="$name (libnngx) $version"
		if [ "$(cat "$tmp/out")" = "$want" ]; then
			ok "$name --version: $want"
		else
			fail "$name --version says '$(cat "$tmp/out")', not '$want'"
		fi
	else
		fail "$name --version fails:"
		sed 's/^/    /' "$tmp/err" | head -n 5
	fi
done

# ---- nngx.pc -----------------------------------------------------------------
pc="$pcdir/nngx.pc"
if [ ! -f "$pc" ]; then
	fail "no $pc"
else
	field() {
		sed -n "s/^$1:[ 	]*//p" "$pc"
	}
	if [ "$(field Version)" = "$version" ]; then
		ok "nngx.pc Version: $version"
	else
		fail "nngx.pc Version is '$(field Version)', not $version"
	fi
	for dep in libconfig jansson libpng; do
		if field Requires.private | tr ',' '\n' | grep -Eq "^ *$dep( |$)"; then
			ok "nngx.pc Requires.private names $dep"
		else
			fail "nngx.pc Requires.private does not name $dep: '$(field Requires.private)'"
		fi
	done
	if { field Libs; field Libs.private; } | grep -Eq -- '-l(config|jansson|png)'; then
		fail "nngx.pc Libs or Libs.private names a library Requires.private has"
	else
		ok "nngx.pc Libs and Libs.private name no -lconfig, -ljansson, -lpng"
	fi
	if field Requires | grep -q .; then
		fail "nngx.pc Requires is not empty: a program needs only -lnngx"
	else
		ok "nngx.pc has no public Requires"
	fi
fi

# ---- nngx-capture(5) -----------------------------------------------------------
schema="$top_srcdir/doc/capture-schema.md"
if [ ! -f "$page" ]; then
	fail "no $page"
else
	ok "$page exists"
	# Each table row's first cell names one or more fields: `a`, `b`.
	grep '^| *`' "$schema" | cut -d'|' -f2 | grep -o '`[^`]*`' | tr -d '`' |
		sed 's/-/\\-/g' | LC_ALL=C sort -u >"$tmp/fields"
	missing=
	while IFS= read -r f; do
		grep -qF -- "$f" "$page" || missing="$missing $f"
	done <"$tmp/fields"
	if [ ! -s "$tmp/fields" ]; then
		fail "no field found in the tables of $schema"
	elif [ -n "$missing" ]; then
		fail "fields of $schema missing from $page:$missing"
	else
		ok "all $(wc -l <"$tmp/fields" | tr -d ' ') fields of the schema's tables are in the page"
	fi
	if grep -q '^\.TH nngx-capture 5 .*"libnngx '"$version"'"' "$page"; then
		ok "the page is nngx-capture(5) of libnngx $version"
	else
		fail "the page's .TH line is not nngx-capture 5 ... \"libnngx $version\""
	fi
	if command -v groff >/dev/null 2>&1; then
		if groff -man -Tutf8 -ww -z "$page" >"$tmp/groff" 2>&1 && [ ! -s "$tmp/groff" ]; then
			ok "groff -ww finds nothing to warn about in the page"
		else
			fail "groff -ww warns about $page:"
			sed 's/^/    /' "$tmp/groff" | head -n 10
		fi
	else
		echo "note: no groff; the page's roff is not checked"
	fi
fi

if [ "${NNGX_INSTALLED:-no}" != yes ]; then
	for man in doc/man/nngx-report.1 doc/man/nngx.cfg.5.in; do
		if grep -q 'capture-schema' "$top_srcdir/$man"; then
			fail "$man points into the source tree (doc/capture-schema.md)"
		elif grep -q 'nngx\\-capture (5)' "$top_srcdir/$man"; then
			ok "$man points at nngx-capture(5)"
		else
			fail "$man does not name nngx-capture(5)"
		fi
	done
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
