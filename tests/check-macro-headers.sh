#!/bin/sh
# check-macro-headers.sh: the SDK's register-data and uniform-location
# headers, name by name.
#
# tests/data/sdk-gl-loc.txt lists the GL_LOC_DMP_* names of
# <nn/gx/CTR/gx_UniformLocationForFragmentShader.h> with their values;
# tests/data/sdk-macros.txt the PICA_* macros (with their arity), enum tags
# and enumerators (with their values) of each gx_Macro*.h header it names,
# gx_MacroReg.h's enum PicaReg (register indices) included.
# This check fails when
#   - a header defines a GL_LOC_DMP_* or PICA_* macro the list does not
#     have, or lacks one it has (its own NNGX_* helpers, its include guard
#     and what it gets from gx_MacroCommon.h and gx_MacroReg.h aside);
#   - a macro takes another number of parameters than the SDK's, or is
#     function-like where the SDK's is not (or the other way round);
#   - a location or an enumerator has another value, an enumerator is
#     missing or extra, or an enum tag is missing;
#   - the headers do not compile together, with <nn/gx.h> and
#     <nn/gx/CTR/gx_CommandAccess.h>, as C99 and C++11 with -Wall -Wextra
#     -Werror -pedantic, each macro used (with gcc and clang where found,
#     besides CC and CXX).
#
# Environment (set by `make check`): CC, CXX, top_srcdir.
# Exit status: 0 all passed, 1 any failure, 99 bad environment.
#
# Part of libnngx (MIT licence).

CC=${CC:-cc}
CXX=${CXX:-c++}
top_srcdir=${top_srcdir:-.}

inc="-I$top_srcdir/include"
hdrdir="$top_srcdir/include/nn/gx/CTR"
locs="$top_srcdir/tests/data/sdk-gl-loc.txt"
facts="$top_srcdir/tests/data/sdk-macros.txt"

for f in "$locs" "$facts"; do
	if [ ! -f "$f" ]; then
		echo "check-macro-headers: $f is missing" >&2
		exit 99
	fi
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/nngx-macrohdr.XXXXXX") || exit 99
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

# same LABEL EXPECTED ACTUAL: the two files have the same lines.
same() {
	if cmp -s "$2" "$3"; then
		ok "$1"
	else
		fail "$1"
		diff "$2" "$3" | sed 's/^/    /' | head -40
	fi
}

# defines HEADER: "NAME ARITY" of every macro HEADER defines (ARITY "-"
# for an object-like one), sorted.
defines() {
	# shellcheck disable=SC2086
	printf '#include <nn/gx/CTR/%s>\n' "$1" | $CC -std=c99 -E -dM $inc -x c - |
		sed -n 's/^#define \([A-Za-z_][A-Za-z0-9_]*\)(\([^)]*\)).*/\1 \2/p
			s/^#define \([A-Za-z_][A-Za-z0-9_]*\) .*/\1 -/p
			s/^#define \([A-Za-z_][A-Za-z0-9_]*\)$/\1 -/p' |
		awk '{ if ($2 == "-") print $1, "-";
		       else { n = split(substr($0, length($1) + 2), a, ","); print $1, n } }' |
		LC_ALL=C sort
}

# ---- GL_LOC_DMP_* ---------------------------------------------------------
lochdr=gx_UniformLocationForFragmentShader.h
grep -v '^#' "$locs" | LC_ALL=C sort >"$tmp/loc.want"
cut -d' ' -f1 "$tmp/loc.want" >"$tmp/loc.names.want"
defines "$lochdr" | sed -n 's/^\(GL_LOC_DMP_[A-Z0-9_]*\) -$/\1/p' >"$tmp/loc.names.have"
same "$lochdr defines exactly the $(wc -l <"$tmp/loc.names.want") GL_LOC_DMP_* names" \
	"$tmp/loc.names.want" "$tmp/loc.names.have"
{
	printf '#include <stdio.h>\n#include <nn/gx/CTR/%s>\nint main(void)\n{\n' "$lochdr"
	while read -r name value; do
		printf '\tprintf("%%s 0x%%08X\\n", "%s", (unsigned)%s);\n' "$name" "$name"
	done <"$tmp/loc.want"
	printf '\treturn 0;\n}\n'
} >"$tmp/loc.c"
# shellcheck disable=SC2086
if $CC -std=c99 -Wall -Wextra -Werror $inc -o "$tmp/loc" "$tmp/loc.c" >"$tmp/out" 2>&1; then
	"$tmp/loc" | LC_ALL=C sort >"$tmp/loc.have"
	same "$lochdr: every GL_LOC_DMP_* value is the SDK's" "$tmp/loc.want" "$tmp/loc.have"
	# The type too: an unsigned int constant, as 0xFFFCxxxx is in C.
	printf '#include <nn/gx/CTR/%s>\ntypedef char t[sizeof(GL_LOC_DMP_FOG_MODE) == sizeof(unsigned) && (GL_LOC_DMP_FOG_MODE > 0) ? 1 : -1];\n' \
		"$lochdr" >"$tmp/loctype.c"
	# shellcheck disable=SC2086
	if $CC -std=c99 -Wall -Wextra -Werror -Wno-unused-local-typedefs $inc -fsyntax-only "$tmp/loctype.c" >"$tmp/out" 2>&1; then
		ok "$lochdr: the locations are unsigned int constants"
	else
		fail "$lochdr: the locations are unsigned int constants"
		sed 's/^/    /' "$tmp/out"
	fi
else
	fail "$lochdr: the value program does not compile"
	sed 's/^/    /' "$tmp/out" | head -20
fi

# ---- gx_Macro*.h ------------------------------------------------------------
# What every Macro header gets from gx_MacroCommon.h (and gx_MacroReg.h).
defines gx_MacroCommon.h >"$tmp/common"
headers=$(grep -v '^#' "$facts" | cut -d' ' -f1 | LC_ALL=C sort -u)
all_includes=""
for h in $headers; do
	all_includes="$all_includes#include <nn/gx/CTR/$h>
"
	grep "^$h " "$facts" >"$tmp/f"
	n=$(awk '$2 == "macro" || $2 == "object"' "$tmp/f" | wc -l)
	awk '$2 == "macro" || $2 == "object" { print $3, $4 }' "$tmp/f" | LC_ALL=C sort >"$tmp/m.want"
	defines "$h" | grep '^PICA_' | LC_ALL=C sort >"$tmp/m.all"
	LC_ALL=C comm -23 "$tmp/m.all" "$tmp/common" >"$tmp/m.have"
	same "$h defines exactly the SDK's $n PICA_* macros, each with the SDK's arity" \
		"$tmp/m.want" "$tmp/m.have"
	awk '$2 == "enum" { print $3 }' "$tmp/f" | LC_ALL=C sort >"$tmp/e.want"
	# (-u: an enumerator may be spelled once per #if branch; a real
	# duplicate does not compile.)
	sed -n 's/^[ 	]*\(PICA_[A-Za-z0-9_]*\)[ 	]*=.*/\1/p' "$hdrdir/$h" |
		LC_ALL=C sort -u >"$tmp/e.have"
	same "$h declares exactly the SDK's $(wc -l <"$tmp/e.want") enumerators" \
		"$tmp/e.want" "$tmp/e.have"
	{
		printf '#include <stdio.h>\n#include <nn/gx/CTR/%s>\nint main(void)\n{\n' "$h"
		awk '$2 == "tag" { printf "\t{ enum %s v; (void)v; }\n", $3 }
		     $2 == "enum" { printf "\tprintf(\"%%s 0x%%X\\n\", \"%s\", (unsigned)%s);\n", $3, $3 }' "$tmp/f"
		printf '\treturn 0;\n}\n'
	} >"$tmp/e.c"
	# shellcheck disable=SC2086
	if $CC -std=c99 -Wall -Wextra -Werror $inc -o "$tmp/e" "$tmp/e.c" >"$tmp/out" 2>&1; then
		"$tmp/e" | LC_ALL=C sort >"$tmp/ev.have"
		awk '$2 == "enum" { print $3, toupper($4) }' "$tmp/f" | sed 's/ 0X/ 0x/' |
			LC_ALL=C sort >"$tmp/ev.want"
		same "$h: every enumerator has the SDK's value, every enum tag exists" \
			"$tmp/ev.want" "$tmp/ev.have"
	else
		fail "$h: the enumerator program does not compile"
		sed 's/^/    /' "$tmp/out" | head -20
	fi
done

# ---- all together, as C and C++, with each macro used -----------------------------
# Every function-like macro called with small arguments (the colour ones:
# names ending in COLOR, _AMBIENT, _LIGHT_SRC or GAS_LUT_DATA,
# with a struct color8), every object-like one read, into an array of
# u32 as command lists are written.
{
	printf '#include <nn/gx.h>\n#include <nn/gx/CTR/gx_CommandAccess.h>\n'
	printf '#include <nn/gx/CTR/%s>\n' "$lochdr"
	printf '%s' "$all_includes"
	printf 'int main(void)\n{\n\tstruct color8 c = { 1, 2, 3, 4 };\n\tunsigned sum = 0;\n\t(void)c;\n'
	grep -v '^#' "$facts" | awk '
		$2 == "object" { printf "\tsum += (unsigned)(%s);\n", $3 }
		$2 == "macro" {
			args = ""
			for (i = 0; i < $4; i++)
				args = args (i ? ", " : "") (($3 ~ /(COLOR|_AMBIENT|_LIGHT_SRC|GAS_LUT_DATA)$/ && $4 == 1) ? "c" : "1")
			printf "\t{ const u32 w[] = { %s(%s) }; sum += w[0]; }\n", $3, args
		}'
	# A register index in a command header, as engine code writes one.
	printf '\t{ enum PicaReg r = PICA_REG_VS_FLOAT_ADDR;\n'
	printf '\t  const u32 w[] = { 0u, PICA_CMD_HEADER_BURSTSEQ(PICA_REG_VS_FLOAT_ADDR, 5), PICA_CMD_HEADER_SINGLE(r) };\n'
	printf '\t  sum += w[1] + w[2]; }\n'
	printf '\tsum += GL_LOC_DMP_TEXENV5_CONSTRGBA;\n\treturn (int)(sum & 1u);\n}\n'
	# gx_MacroOld.h's bit-31 enumerator: the SDK's value in C++, the int
	# with its bits in C (where an enumerator is an int).
	printf '#ifdef __cplusplus\nstatic_assert(PICA_DATA_BIT_MODE_F32 == 0x80000000u, "F32");\n'
	printf '#else\ntypedef char f32_bits[(unsigned)PICA_DATA_BIT_MODE_F32 == 0x80000000u ? 1 : -1];\n#endif\n'
} >"$tmp/all.c"

try_compiler() {   # LABEL COMPILER LANG-FLAGS
	# shellcheck disable=SC2086
	if $2 $3 -pedantic -Wall -Wextra -Werror $inc -fsyntax-only "$tmp/all.c" >"$tmp/out" 2>&1; then
		ok "all the headers together, every macro used: $1"
	else
		fail "all the headers together, every macro used: $1"
		sed 's/^/    /' "$tmp/out" | head -30
	fi
}
try_compiler "CC, C99" "$CC" "-std=c99 -x c"
try_compiler "CXX, C++11" "$CXX" "-std=c++11 -x c++"
for alt in gcc clang; do
	if command -v "$alt" >/dev/null 2>&1; then
		try_compiler "$alt, C99" "$alt" "-std=c99 -x c"
	fi
done
for alt in g++ clang++; do
	if command -v "$alt" >/dev/null 2>&1; then
		try_compiler "$alt, C++11" "$alt" "-std=c++11 -x c++"
	fi
done

echo "check-macro-headers: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
