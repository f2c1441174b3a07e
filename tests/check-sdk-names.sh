#!/bin/sh
# check-sdk-names.sh: the SDK surface that libnngx provides, name by name.
#
# tests/sdk-names.txt lists every name of the SDK's gx/GL surface (see its
# header for how it was derived): functions with the header that declares
# them, NN_GX_* constants with their values, and the nn::gx C++ names.
# tests/sdk-names-missing.txt lists the names libnngx does not provide yet.
# This check fails when
#   - a function is declared by its header but not exported by the shared
#     library, or exported but not declared;
#   - a constant has another value than the SDK's, or a C++ name does not
#     compile as nn::gx::CTR::NAME from its header and as nn::gx::NAME
#     from <nn/gx.h>;
#   - a name is missing but not in the missing list, or provided but still
#     in it, or the missing list names something not in the surface.
# So the missing list is always exactly right: implementing a name means
# removing it from the list, in the same commit.
#
#   - a program that takes the address of every function the surface has,
#     each through its own header, does not link against the library.
#
# Environment (set by `make check`): CC, CXX, NM, top_srcdir, top_builddir.
# `make installcheck` runs it on the installed tree: NAMES_INCLUDE (the
# directory holding nn/, GLES2/, ...) and NAMES_LIBDIR (holding
# libnngx.so) then replace the build tree's.
# Exit status: 0 all passed, 1 any failure, 99 bad environment.
#
# Part of libnngx (MIT licence).

CC=${CC:-cc}
CXX=${CXX:-c++}
NM=${NM:-nm}
top_srcdir=${top_srcdir:-.}
top_builddir=${top_builddir:-.}

names="$top_srcdir/tests/sdk-names.txt"
missing="$top_srcdir/tests/sdk-names-missing.txt"
libdir=${NAMES_LIBDIR:-$top_builddir/.libs}
lib="$libdir/libnngx.so"
inc="-I${NAMES_INCLUDE:-$top_srcdir/include}"

for f in "$names" "$missing"; do
	if [ ! -f "$f" ]; then
		echo "check-sdk-names: $f is missing" >&2
		exit 99
	fi
done
if [ ! -f "$lib" ]; then
	echo "skip: no shared library at $lib (configured with --disable-shared?)"
	exit 77
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/nngx-sdknames.XXXXXX") || exit 99
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

# The list without comments: KIND NAME HEADER [VALUE].
grep -v '^#' "$names" | grep -v '^[[:space:]]*$' >"$tmp/list"
grep -v '^#' "$missing" | grep -v '^[[:space:]]*$' | LC_ALL=C sort >"$tmp/missing"

if [ -n "$(LC_ALL=C sort "$tmp/missing" | uniq -d)" ]; then
	fail "sdk-names-missing.txt names something twice: $(uniq -d "$tmp/missing" | tr '\n' ' ')"
fi
awk '{ print $2 }' "$tmp/list" | LC_ALL=C sort -u >"$tmp/all"
LC_ALL=C comm -23 "$tmp/missing" "$tmp/all" >"$tmp/stray"
if [ -s "$tmp/stray" ]; then
	fail "sdk-names-missing.txt names what the surface has not: $(tr '\n' ' ' <"$tmp/stray")"
else
	ok "every name in sdk-names-missing.txt is in sdk-names.txt"
fi

# tokens LANG HEADER: the identifiers of HEADER after preprocessing (C or
# C++), and its macros, in $tmp/tok.LANG.ID and $tmp/mac.LANG.ID.
# CC and CXX may carry options, so they are split on purpose.
tokens() {
	id=$(echo "$2" | tr '/.' '__')
	if [ ! -f "$tmp/tok.$1.$id" ]; then
		printf '#define GL_GLEXT_PROTOTYPES 1\n#include <%s>\n' "$2" >"$tmp/src.c"
		if [ "$1" = c ]; then
			# shellcheck disable=SC2086
			$CC $inc -E -x c "$tmp/src.c" >"$tmp/pp" 2>/dev/null || : >"$tmp/pp"
			# shellcheck disable=SC2086
			$CC $inc -E -dM -x c "$tmp/src.c" 2>/dev/null |
				awk '{ print $2 }' | sed 's/(.*//' | LC_ALL=C sort -u >"$tmp/mac.$1.$id"
		else
			# shellcheck disable=SC2086
			$CXX $inc -E -x c++ "$tmp/src.c" >"$tmp/pp" 2>/dev/null || : >"$tmp/pp"
			: >"$tmp/mac.$1.$id"
		fi
		grep -v '^#' "$tmp/pp" | tr -c 'A-Za-z0-9_' '\n' | grep -v '^$' |
			LC_ALL=C sort -u >"$tmp/tok.$1.$id"
	fi
	echo "$id"
}

# (A versioned name reads NAME@@NODE; the nodes themselves, type A, are no names.)
# shellcheck disable=SC2086
$NM -D --defined-only "$lib" | awk 'NF >= 2 && $(NF - 1) != "A" { sub(/@.*/, "", $NF); print $NF }' | LC_ALL=C sort -u >"$tmp/exports"

# ---- presence, name by name --------------------------------------------
: >"$tmp/absent"
: >"$tmp/consts"
: >"$tmp/cxx"
half=
while read -r kind name header value; do
	case $kind in
	func)
		id=$(tokens c "$header")
		decl=no
		exp=no
		grep -qx "$name" "$tmp/tok.c.$id" && decl=yes
		grep -qx "$name" "$tmp/exports" && exp=yes
		if [ "$decl" = yes ] && [ "$exp" = yes ]; then
			:
		elif [ "$decl" = no ] && [ "$exp" = no ]; then
			echo "$name" >>"$tmp/absent"
		else
			half="$half $name(declared:$decl,exported:$exp)"
		fi
		;;
	const)
		id=$(tokens c "$header")
		if grep -qx "$name" "$tmp/mac.c.$id" || grep -qx "$name" "$tmp/tok.c.$id"; then
			echo "$name $header $value" >>"$tmp/consts"
		else
			echo "$name" >>"$tmp/absent"
		fi
		;;
	cxxtype|cxxconst|cxxfunc)
		id=$(tokens cxx "$header")
		if grep -qx "$name" "$tmp/tok.cxx.$id"; then
			echo "$kind $name $header $value" >>"$tmp/cxx"
		else
			echo "$name" >>"$tmp/absent"
		fi
		;;
	*)
		fail "sdk-names.txt: unknown kind '$kind' for $name"
		;;
	esac
done <"$tmp/list"

if [ -n "$half" ]; then
	fail "functions declared but not exported, or exported but not declared:$half"
else
	ok "every function of the surface is declared and exported, or neither"
fi

LC_ALL=C sort -u "$tmp/absent" >"$tmp/absent.sorted"
LC_ALL=C comm -23 "$tmp/absent.sorted" "$tmp/missing" >"$tmp/unlisted"
LC_ALL=C comm -13 "$tmp/absent.sorted" "$tmp/missing" >"$tmp/provided"
if [ -s "$tmp/unlisted" ]; then
	fail "missing from the headers/library but not listed in sdk-names-missing.txt: $(tr '\n' ' ' <"$tmp/unlisted")"
else
	ok "every missing name is listed in sdk-names-missing.txt"
fi
if [ -s "$tmp/provided" ]; then
	fail "provided now, remove from sdk-names-missing.txt: $(tr '\n' ' ' <"$tmp/provided")"
else
	ok "nothing in sdk-names-missing.txt is provided"
fi

total=$(wc -l <"$tmp/list" | tr -d ' ')
absent=$(wc -l <"$tmp/absent.sorted" | tr -d ' ')
echo "note: $((total - absent)) of $total names provided, $absent listed missing"

# ---- values of the constants, each through its own header -----------------
if [ -s "$tmp/consts" ]; then
	{
		awk '{ print "#include <" $2 ">" }' "$tmp/consts" | sort -u
		echo '#define NNGX_SDK_VALUE(name, value) typedef char nngx_value_##name[((name) == (value)) ? 1 : -1];'
		awk '{ print "NNGX_SDK_VALUE(" $1 ", " $3 ")" }' "$tmp/consts"
	} >"$tmp/values.c"
	# shellcheck disable=SC2086
	if $CC $inc -std=c99 -pedantic -Wall -Wextra -Werror -fsyntax-only -x c "$tmp/values.c" >"$tmp/out" 2>&1; then
		ok "$(wc -l <"$tmp/consts" | tr -d ' ') constants have the SDK's values (C99)"
	else
		fail "constants with another value than the SDK's:"
		grep -o 'nngx_value_[A-Za-z0-9_]*' "$tmp/out" | sed 's/nngx_value_/    /' | sort -u
		sed 's/^/    /' "$tmp/out" | head -n 20
	fi
fi

# ---- the C++ layer: nn::gx::CTR::NAME from its header, nn::gx::NAME from
# <nn/gx.h> (gx_CommandAccess.h's names: that header, as in the SDK) ---------
if [ -s "$tmp/cxx" ]; then
	{
		awk '{ print "#include <" $3 ">" }' "$tmp/cxx" | sort -u
		echo '#include <nn/gx.h>'
		echo 'void nngx_sdk_names(void);'
		echo 'void nngx_sdk_names(void) {'
		awk '
		$1 == "cxxtype" { print "\t{ typedef nn::gx::CTR::" $2 " a; typedef nn::gx::" $2 " b; (void)sizeof(a); (void)sizeof(b); }" }
		$1 == "cxxfunc" { print "\t(void)&nn::gx::CTR::" $2 "; (void)&nn::gx::" $2 ";" }
		$1 == "cxxconst" { print "\tstatic_assert(nn::gx::CTR::" $2 " == " $4 ", \"" $2 "\"); static_assert(nn::gx::" $2 " == " $4 ", \"" $2 "\");" }
		' "$tmp/cxx"
		echo '}'
	} >"$tmp/cxx.cc"
	# shellcheck disable=SC2086
	if $CXX $inc -std=c++11 -pedantic -Wall -Wextra -Werror -fsyntax-only -x c++ "$tmp/cxx.cc" >"$tmp/out" 2>&1; then
		ok "$(wc -l <"$tmp/cxx" | tr -d ' ') C++ names compile as nn::gx::CTR::NAME and nn::gx::NAME"
	else
		fail "C++ names that do not compile:"
		sed 's/^/    /' "$tmp/out" | head -n 30
	fi
fi

# ---- every function links: its address, taken through its own header ------
grep '^func ' "$tmp/list" | awk '{ print $2, $3 }' | LC_ALL=C sort >"$tmp/funcs"
LC_ALL=C join -v 1 "$tmp/funcs" "$tmp/absent.sorted" >"$tmp/funcs.present"
if [ -s "$tmp/funcs.present" ]; then
	{
		echo '#define GL_GLEXT_PROTOTYPES 1'
		awk '{ print "#include <" $2 ">" }' "$tmp/funcs.present" | sort -u
		echo 'typedef void (*nngx_any_fn)(void);'
		echo 'static const nngx_any_fn nngx_sdk_functions[] = {'
		awk '{ print "	(nngx_any_fn)" $1 "," }' "$tmp/funcs.present"
		echo '};'
		echo 'int main(void) { return nngx_sdk_functions[0] == 0; }'
	} >"$tmp/link.c"
	# shellcheck disable=SC2086
	if $CC $inc -std=c99 -w -x c "$tmp/link.c" -o "$tmp/link" -L"$libdir" -lnngx \
		-Wl,-rpath,"$libdir" >"$tmp/out" 2>&1; then
		ok "$(wc -l <"$tmp/funcs.present" | tr -d ' ') functions link against $lib"
	else
		fail "functions that do not link against $lib:"
		sed 's/^/    /' "$tmp/out" | head -n 30
	fi
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
