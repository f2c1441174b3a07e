#!/bin/sh
# check-layers.sh: the library's layers depend only downward.
#
#     nngx/ (SDK entry points)    gles_stub/ (GL entry points)
#                  \                 /
#                   driver/ (instance, command lists, command generation)
#                          |
#                        hw/ (the GPU model)
#
# Two checks, both by layer:
#   1. includes: every #include "..." in a layer's sources names its own
#      layer (a bare name of a file beside it, or "layer/...") or a layer
#      below it. The public headers (include/, by <...>) declare the API
#      types that every layer above hw/ speaks; hw/ includes none of them.
#   2. symbols: no object of a layer calls a function defined by a layer
#      above it or beside it (public entry points are declared in the
#      public headers, so the includes alone would not see a GL call
#      reaching an nngx* entry point). Skipped when the objects are not
#      built.
#
# Environment (set by `make check`): NM, top_srcdir, top_builddir.
# Exit status: 0 all passed, 1 any failure, 99 bad environment.
#
# Part of libnngx (MIT licence).

NM=${NM:-nm}
top_srcdir=${top_srcdir:-.}
top_builddir=${top_builddir:-.}

if [ ! -d "$top_srcdir/driver" ]; then
	echo "check-layers: no $top_srcdir/driver; run me through 'make check'" >&2
	exit 99
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/nngx-layers.XXXXXX") || exit 99
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

# allowed LAYER: the layers LAYER may depend on, itself included.
allowed() {
	case $1 in
	hw) echo "hw" ;;
	driver) echo "driver hw" ;;
	nngx) echo "nngx driver hw" ;;
	gles_stub) echo "gles_stub driver hw" ;;
	esac
}

layers="hw driver nngx gles_stub"

# ---- 1. includes -----------------------------------------------------------
for layer in $layers; do
	ok_dirs=$(allowed "$layer")
	bad=
	for src in "$top_srcdir/$layer"/*.c "$top_srcdir/$layer"/*.h; do
		[ -f "$src" ] || continue
		# Quoted includes: "dir/file.h" or a bare "file.h".
		for inc in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$src"); do
			case $inc in
			*/*) dir=${inc%%/*} ;;
			config.h) continue ;;   # configure's, in the build tree
			*)
				if [ -f "$top_srcdir/$layer/$inc" ]; then
					continue
				fi
				dir="?"
				;;
			esac
			case " $ok_dirs " in
			*" $dir "*) ;;
			*) bad="$bad ${src#"$top_srcdir"/}:\"$inc\"" ;;
			esac
		done
		# The public API headers: not in the GPU model.
		if [ "$layer" = hw ] && grep -Eq '^[[:space:]]*#[[:space:]]*include[[:space:]]*<(GLES2/|gles2/|nn/|nn\.h|nngx_shim\.h)' "$src"; then
			bad="$bad ${src#"$top_srcdir"/}:<public header>"
		fi
	done
	if [ -z "$bad" ]; then
		ok "$layer/ includes only $(echo "$ok_dirs" | sed 's/ /, /g')"
	else
		fail "$layer/ includes upward or sideways:$bad"
	fi
done

# ---- 2. symbols --------------------------------------------------------------
# objects LAYER: the library objects built from LAYER's sources (libtool
# keeps the PIC objects in .libs/; a static-only build puts them beside).
# Objects whose source is gone (left by a build from before a file moved)
# are skipped.
objects() {
	find "$top_builddir/$1" -name 'libnngx_core_la-*.o' 2>/dev/null | sort |
	while read -r obj; do
		src=${obj##*/libnngx_core_la-}
		[ -f "$top_srcdir/$1/${src%.o}.c" ] && echo "$obj"
	done
}

have_objects=yes
for layer in $layers; do
	if [ -z "$(objects "$layer")" ]; then
		have_objects=no
	fi
done
if [ "$have_objects" = no ]; then
	echo "skip symbols: the library objects are not built"
else
	for layer in $layers; do
		# shellcheck disable=SC2046
		$NM -g --defined-only $(objects "$layer") 2>/dev/null |
			awk 'NF == 3 { print $3 }' | sort -u >"$tmp/def.$layer"
		# shellcheck disable=SC2046
		$NM -u $(objects "$layer") 2>/dev/null | awk '{ print $NF }' |
			sort -u >"$tmp/undef.$layer"
	done
	for layer in $layers; do
		ok_dirs=$(allowed "$layer")
		: >"$tmp/bad"
		for other in $layers; do
			case " $ok_dirs " in
			*" $other "*) continue ;;
			esac
			comm -12 "$tmp/undef.$layer" "$tmp/def.$other" |
				sed "s|^|$other/|" >>"$tmp/bad"
		done
		if [ -s "$tmp/bad" ]; then
			fail "$layer/ calls upward or sideways: $(tr '\n' ' ' <"$tmp/bad")"
		else
			ok "$layer/ calls only $(echo "$ok_dirs" | sed 's/ /, /g')"
		fi
	done
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
