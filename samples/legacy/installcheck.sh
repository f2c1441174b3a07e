#!/bin/sh
# installcheck.sh: build the legacy program (samples/legacy/*.cpp) against
# the INSTALLED libnngx only, run it, and check what it says.
#
#   installcheck.sh SOURCE_DIR SCENE.shbin
#
# The compiler sees the sources and what `pkg-config --cflags --libs nngx`
# gives for the installed nngx.pc, nothing of the source or build tree. The
# program is linked with an rpath to the installed libdir (and run with it
# on LD_LIBRARY_PATH), and must:
#   - have compiled against the installed headers (checked in its
#     dependency list) and load the installed shared library (ldd);
#   - exit 0;
#   - print a report naming a bottleneck for each of its frames;
#   - draw no libnngx warning or error on stderr.
# Anything missing (pkg-config, the installed nngx.pc, a compiler) is a
# failure, never a skip.
#
# Environment (set by `make installcheck`): CXX, CXXFLAGS, LDFLAGS,
# PKG_CONFIG, DESTDIR, prefix, libdir, includedir.
#
# Part of libnngx (MIT licence).

fail() {
	echo "installcheck: FAIL: $*" >&2
	exit 1
}

[ $# -eq 2 ] || fail "usage: installcheck.sh SOURCE_DIR SCENE.shbin"
srcdir=$1
shbin=$2
DESTDIR=${DESTDIR:-}
[ -n "${CXX:-}" ] || fail "CXX is not set; run me through 'make installcheck'"
[ -n "${libdir:-}" ] && [ -n "${includedir:-}" ] && [ -n "${prefix:-}" ] ||
	fail "prefix, libdir and includedir must be set; run me through 'make installcheck'"
[ -n "${PKG_CONFIG:-}" ] ||
	fail "pkg-config was not found by configure; the install check needs it (Debian: apt-get install pkg-config)"
command -v "$PKG_CONFIG" >/dev/null 2>&1 || [ -x "$PKG_CONFIG" ] ||
	fail "pkg-config ($PKG_CONFIG) cannot be run"
[ -f "$shbin" ] || fail "$shbin is missing (make builds it)"

inst_libdir=$DESTDIR$libdir
inst_incdir=$DESTDIR$includedir/nngx
pcdir=$inst_libdir/pkgconfig
[ -f "$pcdir/nngx.pc" ] || fail "$pcdir/nngx.pc is not installed; run 'make install' first"

# Only the installed nngx.pc; in a DESTDIR staging tree, its paths moved
# with the prefix.
PKG_CONFIG_PATH=$pcdir
export PKG_CONFIG_PATH
set -- --print-errors
if [ -n "$DESTDIR" ]; then
	set -- "$@" "--define-variable=prefix=$DESTDIR$prefix"
fi
cflags=$("$PKG_CONFIG" "$@" --cflags nngx) || fail "pkg-config --cflags nngx failed"
if [ -e "$inst_libdir/libnngx.so" ]; then
	libs=$("$PKG_CONFIG" "$@" --libs nngx) || fail "pkg-config --libs nngx failed"
else
	# A static-only installation needs the private dependencies too.
	libs=$("$PKG_CONFIG" "$@" --static --libs nngx) || fail "pkg-config --static --libs nngx failed"
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/nngx-installcheck.XXXXXX") || fail "mktemp failed"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

sources=
for f in "$srcdir"/*.cpp; do
	[ -f "$f" ] || fail "no C++ sources in $srcdir"
	sources="$sources $f"
done

echo "installcheck: building the legacy program against $DESTDIR$prefix"
echo "  $CXX $CXXFLAGS $cflags -o frame_profiler$sources $LDFLAGS $libs"
# shellcheck disable=SC2086 # CXX, the flags and the list split on purpose
$CXX $CXXFLAGS $cflags -o "$tmp/frame_profiler" $sources $LDFLAGS $libs \
	"-Wl,-rpath,$inst_libdir" >"$tmp/build.log" 2>&1 || {
	cat "$tmp/build.log" >&2
	fail "the legacy program does not build against the installed library"
}
cat "$tmp/build.log"

# Its headers were the installed ones.
# shellcheck disable=SC2086
$CXX $CXXFLAGS $cflags -M "$srcdir/main.cpp" >"$tmp/deps" 2>&1 ||
	fail "cannot list the headers of main.cpp"
for h in nn/gx.h nn/gx/CTR/gx_CTR.h GLES2/gl2.h GLES2/gl2ext.h; do
	grep -q "$inst_incdir/$h" "$tmp/deps" ||
		fail "main.cpp did not include $inst_incdir/$h: $(tr -d '\\\n' <"$tmp/deps")"
done
if grep -q "nngx_shim.h" "$tmp/deps"; then
	fail "the legacy program includes nngx_shim.h, which legacy code does not know"
fi

# It loads the installed shared library.
if [ -e "$inst_libdir/libnngx.so" ] && command -v ldd >/dev/null 2>&1; then
	lib=$(LD_LIBRARY_PATH=$inst_libdir ldd "$tmp/frame_profiler" | grep 'libnngx\.so')
	case $lib in
	*"$inst_libdir/libnngx.so"*) echo "installcheck: runs with $inst_libdir/libnngx.so" ;;
	*) fail "the program would load another libnngx: $lib" ;;
	esac
fi

# Run it as a user would: the installed configuration, the default
# diagnostics level.
unset NNGX_CONFIG NNGX_DIAG_LEVEL
LD_LIBRARY_PATH=$inst_libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export LD_LIBRARY_PATH
"$tmp/frame_profiler" "$shbin" >"$tmp/out" 2>"$tmp/err"
status=$?
if [ $status -ne 0 ]; then
	cat "$tmp/out" "$tmp/err" >&2
	fail "the legacy program exited with status $status"
fi
if grep -q '^libnngx: \(warning\|error\)' "$tmp/err"; then
	cat "$tmp/err" >&2
	fail "libnngx reported misuse (diagnostics above)"
fi
frames=$(grep -c '^Frame [0-9]' "$tmp/out")
named=$(grep -c '^  bottleneck: *[a-z]' "$tmp/out")
[ "$frames" -gt 0 ] || fail "the program reported no frame"
[ "$named" -eq "$frames" ] ||
	fail "$named of $frames frame reports name a bottleneck"

# Show the last frame's report and the summary.
awk '/^Frame /{ last = ""; keep = 1 } /^$/{ keep = 0 } keep { last = last $0 "\n" }
	END { printf "%s", last }' "$tmp/out"
grep '^Bottlenecks\|^Allocator' "$tmp/out"
if [ -s "$tmp/err" ]; then
	echo "installcheck: stderr of the program:"
	cat "$tmp/err"
fi
echo "installcheck: ok: the legacy program built against the installed libnngx and profiled $frames frames"
