#!/bin/sh
# installcheck.sh: build the legacy programs (samples/legacy/*.cpp, and
# replay/main.cpp with the same scene and profiler) against
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
# Then the same for the saved-list replay (replay/main.cpp with the
# legacy scene and profiler), which must also report that each frame of N
# replays of its saved region counted N times the direct draw.
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

# The second program: the same scene recorded once into a saved command
# list and replayed (replay/main.cpp with the scene and the profiler),
# built and run the same way; it checks that a frame of N replays counts
# N times the direct draw and says so.
replay_sources="$srcdir/replay/main.cpp $srcdir/gpu_profiler.cpp $srcdir/scene.cpp"
echo "installcheck: building the saved-list replay against $DESTDIR$prefix"
# shellcheck disable=SC2086
$CXX $CXXFLAGS $cflags -o "$tmp/saved_replay" $replay_sources $LDFLAGS $libs \
	"-Wl,-rpath,$inst_libdir" >"$tmp/build-replay.log" 2>&1 || {
	cat "$tmp/build-replay.log" >&2
	fail "the saved-list replay does not build against the installed library"
}
cat "$tmp/build-replay.log"
# shellcheck disable=SC2086
$CXX $CXXFLAGS $cflags -M "$srcdir/replay/main.cpp" >"$tmp/deps-replay" 2>&1 ||
	fail "cannot list the headers of replay/main.cpp"
for h in nn/gx.h nn/gx/CTR/gx_CTR.h nn/gx/CTR/gx_Lcd.h GLES2/gl2.h; do
	grep -q "$inst_incdir/$h" "$tmp/deps-replay" ||
		fail "replay/main.cpp did not include $inst_incdir/$h"
done
if grep -q "nngx_shim.h" "$tmp/deps-replay"; then
	fail "the saved-list replay includes nngx_shim.h, which legacy code does not know"
fi
"$tmp/saved_replay" "$shbin" >"$tmp/out-replay" 2>"$tmp/err-replay"
status=$?
if [ $status -ne 0 ]; then
	cat "$tmp/out-replay" "$tmp/err-replay" >&2
	fail "the saved-list replay exited with status $status"
fi
if grep -q '^libnngx: \(warning\|error\)' "$tmp/err-replay"; then
	cat "$tmp/err-replay" >&2
	fail "libnngx reported misuse in the saved-list replay (diagnostics above)"
fi
for n in 1 2 4; do
	grep -q "^  replay check: [0-9]* counter words, 0 differ from $n x the direct frame" \
		"$tmp/out-replay" || {
		cat "$tmp/out-replay" >&2
		fail "the frame of $n replays did not count $n times the direct draw"
	}
done
grep '^  replay check\|^Replays' "$tmp/out-replay"

# Show the last frame's report and the summary.
awk '/^Frame /{ last = ""; keep = 1 } /^$/{ keep = 0 } keep { last = last $0 "\n" }
	END { printf "%s", last }' "$tmp/out"
grep '^Bottlenecks\|^Allocator' "$tmp/out"
if [ -s "$tmp/err" ]; then
	echo "installcheck: stderr of the program:"
	cat "$tmp/err"
fi
echo "installcheck: ok: the legacy program built against the installed libnngx and profiled $frames frames;"
echo "  the saved-list replay counted N times the direct draw for N = 1, 2, 4"
