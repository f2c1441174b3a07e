#!/bin/sh
# headertest.sh: every public header must stand on its own.
#
# For each header in NNGX_PUBLIC_HDRS (paths relative to top_srcdir), compile
# a translation unit that includes only that header, by the name users write
# (<nn/gx.h>, <GLES2/gl2.h>, ...), as strict C99 and as strict C++11, and one
# that includes it twice (include guards). Then check a few ABI values that
# code built against the 3DS SDK relies on.
#
# Environment (set by `make check`): CC, CXX, top_srcdir, top_builddir,
# NNGX_PUBLIC_HDRS.
# Exit status: 0 all passed, 1 any failure, 99 bad environment.
#
# Part of libnngx (MIT licence).

CC=${CC:-cc}
CXX=${CXX:-}
top_srcdir=${top_srcdir:-.}
NNGX_PUBLIC_HDRS=${NNGX_PUBLIC_HDRS:-}

if [ -z "$NNGX_PUBLIC_HDRS" ]; then
	echo "headertest: NNGX_PUBLIC_HDRS is empty; run me through 'make check'" >&2
	exit 99
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/nngx-headertest.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

# (the build tree's include/ holds the headers configure writes)
incdirs="-I$top_srcdir/include -I${top_builddir:-.}/include"
c_flags="-std=c99 -pedantic -Wall -Wextra -Werror -fsyntax-only"
cxx_flags="-std=c++11 -pedantic -Wall -Wextra -Werror -fsyntax-only"

passed=0
failed=0
skipped=0

ok() {
	passed=$((passed + 1))
	echo "ok $*"
}

fail() {
	failed=$((failed + 1))
	echo "FAIL $*"
}

skip() {
	skipped=$((skipped + 1))
	echo "skip $*"
}

# compile LANG FILE: syntax-check FILE as C (c) or C++ (cxx), output in
# $tmp/out. CC and CXX may carry options, so they are split on purpose.
compile() {
	if [ "$1" = c ]; then
		# shellcheck disable=SC2086
		$CC $c_flags $incdirs -x c "$2" >"$tmp/out" 2>&1
	else
		# shellcheck disable=SC2086
		$CXX $cxx_flags $incdirs -x c++ "$2" >"$tmp/out" 2>&1
	fi
}

# check LABEL LANG FILE: one test line, with the compiler output on failure.
check() {
	if compile "$2" "$3"; then
		ok "$1"
	else
		fail "$1"
		sed 's/^/    /' "$tmp/out"
	fi
}

# Is the C++ compiler usable? Without one the C++ checks are skipped.
have_cxx=no
if [ -n "$CXX" ]; then
	printf 'int main() { return 0; }\n' >"$tmp/probe.cc"
	if compile cxx "$tmp/probe.cc"; then
		have_cxx=yes
	else
		echo "note: C++ compiler '$CXX' does not work; C++ checks skipped"
	fi
else
	echo "note: CXX is empty; C++ checks skipped"
fi

all_includes=
for hdr in $NNGX_PUBLIC_HDRS; do
	case $hdr in
	include/*) name=${hdr#include/} ;;
	*)
		fail "$hdr install-name (not under include/)"
		continue
		;;
	esac
	if [ ! -f "$top_srcdir/$hdr" ]; then
		fail "$name exists ($top_srcdir/$hdr missing)"
		continue
	fi
	all_includes="$all_includes#include <$name>
"
	# (One declaration after it: a header of macros alone leaves an
	# otherwise empty translation unit, which -pedantic refuses.)
	printf '#include <%s>\ntypedef int headertest_nonempty;\n' "$name" >"$tmp/alone.c"
	check "$name c99" c "$tmp/alone.c"
	if [ "$have_cxx" = yes ]; then
		check "$name c++11" cxx "$tmp/alone.c"
	else
		skip "$name c++11"
	fi
	printf '#include <%s>\n#include <%s>\ntypedef int headertest_nonempty;\n' \
		"$name" "$name" >"$tmp/twice.c"
	check "$name twice" c "$tmp/twice.c"
done

# The header configure writes (in the build tree): alone, and its values
# agree with the combined number <nngx_shim.h> derives from them.
printf '#include <nngx_shim_version.h>\ntypedef int headertest_nonempty;\n' >"$tmp/alone.c"
check "nngx_shim_version.h c99" c "$tmp/alone.c"
all_includes="$all_includes#include <nngx_shim_version.h>
"

# ABI values, checked without _Static_assert (C99): a negative array size
# is a compile error.
{
	printf '%s' "$all_includes"
	cat <<'EOF'
#define NNGX_ABI(name, cond) typedef char nngx_abi_##name[(cond) ? 1 : -1]
NNGX_ABI(busy, NN_GX_PROFILING_BUSY == 0x0900);
NNGX_ABI(memory_access, NN_GX_PROFILING_MEMORY_ACCESS == 0x0909);
NNGX_ABI(sampling_ns, NN_GX_PROFILING_BUSY_SAMPLING_TIME_NANO_SECOND == 0x0916);
NNGX_ABI(bufsize_memory, NN_GX_PROFILING_RESULT_BUFSIZE_MEMORY_ACCESS == 18);
NNGX_ABI(error_80a2, GL_ERROR_80A2_DMP == 0x80A2);
NNGX_ABI(error_80a7, GL_ERROR_80A7_DMP == 0x80A7);
NNGX_ABI(glenum_size, sizeof(GLenum) == sizeof(unsigned int));
NNGX_ABI(gluint64ext_size, sizeof(GLuint64EXT) == 8);
NNGX_ABI(cmdlist_raw_size, sizeof(nngxCommandList) == 68);
NNGX_ABI(u32_size, sizeof(u32) == 4 && sizeof(s64) == 8 && sizeof(u16) == 2);
NNGX_ABI(uptr_size, sizeof(uptr) == sizeof(void *));
NNGX_ABI(state_all, NN_GX_STATE_ALL == 0x3fff);
NNGX_ABI(prio_mode_4, NN_GX_MEM_ACCESS_PRIO_MODE_4 == 0x105);
NNGX_ABI(version_number, NNGX_SHIM_VERSION_NUMBER == NNGX_SHIM_VERSION_MAJOR * 65536 +
	 NNGX_SHIM_VERSION_MINOR * 256 + NNGX_SHIM_VERSION_PATCH);
NNGX_ABI(version_parts, NNGX_SHIM_VERSION_MINOR < 256 && NNGX_SHIM_VERSION_PATCH < 256);
NNGX_ABI(version_check, NNGX_SHIM_VERSION_CHECK(0, 0, 0) &&
	 NNGX_SHIM_VERSION_CHECK(NNGX_SHIM_VERSION_MAJOR, NNGX_SHIM_VERSION_MINOR,
				 NNGX_SHIM_VERSION_PATCH) &&
	 !NNGX_SHIM_VERSION_CHECK(NNGX_SHIM_VERSION_MAJOR, NNGX_SHIM_VERSION_MINOR,
				  NNGX_SHIM_VERSION_PATCH + 1));
NNGX_ABI(pica_header, PICA_CMD_HEADER_BURSTSEQ(0x23A, 2) == 0x801F023Au);
EOF
} >"$tmp/abi.c"
check "abi-values c99" c "$tmp/abi.c"
if [ "$have_cxx" = yes ]; then
	check "abi-values c++11" cxx "$tmp/abi.c"
else
	skip "abi-values c++11"
fi

summary="$passed passed, $failed failed"
if [ "$skipped" -gt 0 ]; then
	summary="$summary, $skipped skipped"
fi
echo "$summary"
[ "$failed" -eq 0 ]
