#!/bin/sh
# check-doc-examples.sh: every command that README.md and doc/tutorial.md
# show running from the build tree prints what the docs say it prints.
#
# A checked example is written in the markdown as
#
#     <!-- doc-check: NAME -->
#     ```sh
#     COMMANDS
#     ```
#
#     ```text
#     EXPECTED OUTPUT
#     ```
#
# The COMMANDS run as one sh script in a scratch directory where
# `samples`, `tools` and `nngx-conformance` are links into the build tree,
# so `./samples/legacy/frame_profiler` works as the docs write it. The
# blocks of one file run in order in one directory (a later block may read
# what an earlier one wrote). The script must exit 0, and its standard
# output must match EXPECTED: line for line, where a line that is exactly
# `...` stands for any number of lines (zero or more). Standard error is
# not compared (the docs say where a command also prints diagnostics).
#
# What may vary is normalised explicitly, in normalise() below. Today the
# commands shown print no host-dependent value (every time they print is
# virtual GPU time), so the only rules are that trailing blanks and blank
# lines at the end are ignored.
#
# A C example marked `<!-- doc-check: compile NAME -->` above its ```c
# block must compile alone against the public headers ($CC -std=c99
# -Wall -Wextra -Werror -fsyntax-only).
#
# doc/report.png is a picture of the report of what the README's
# see-the-frame commands print: doc/report.txt, written with it by `make
# doc-report-png`, must be what nngx-report prints there now.
#
# The README's set-up command installs exactly the packages CI installs
# (the `packages=(...)` list of .ci/run).
#
# A shell block that runs a program of the build tree (a line starting
# with ./samples, ./tools, ./nngx-conformance or ./bench) must carry a
# marker; `<!-- doc-check: skip REASON -->` exempts one (the set-up
# command, which installs packages). A marker without its blocks fails.
#
# Environment (set by `make check`): top_srcdir, top_builddir.
# Exit status: 0 all passed, 1 any failure, 99 bad environment.
#
# Part of libnngx (MIT licence).
top_srcdir=${top_srcdir:-.}
top_builddir=${top_builddir:-.}
docs="README.md doc/tutorial.md"

case $top_builddir in /*) ;; *) top_builddir=$(cd "$top_builddir" && pwd) ;; esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/nngx-doc-examples.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM
unset NNGX_CAPTURE NNGX_TRACE NNGX_DUMP_FRAMES NNGX_DIAG_LEVEL NNGX_GOLDEN

pass=0
fail=0
ok() { pass=$((pass + 1)); echo "ok $*"; }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

# normalise FILE: what may vary between runs or hosts, rewritten to a
# fixed form. Applied to the expected and the actual output alike.
normalise() {
	# trailing blanks of each line, and blank lines at the end
	sed 's/[[:space:]]*$//' "$1" |
		awk '/^$/ { blank++; next } { while (blank > 0) { print ""; blank-- } print }'
}

# match EXPECTED ACTUAL: 0 when ACTUAL matches EXPECTED, whose lines `...`
# stand for any number of lines.
match() {
	awk '
	NR == FNR { e[++n] = $0; next }
	{ a[++m] = $0 }
	END {
		pos = 1; i = 1; gap = 0
		while (i <= n) {
			if (e[i] == "...") { gap = 1; i++; continue }
			# the segment e[i..j-1]
			j = i
			while (j <= n && e[j] != "...") j++
			len = j - i
			last = (j > n)
			found = 0
			if (last) {
				p = gap ? m - len + 1 : pos
				if (p >= pos && p + len - 1 == m && seg(i, len, p)) found = 1
			} else if (gap) {
				for (p = pos; p + len - 1 <= m; p++)
					if (seg(i, len, p)) { found = 1; break }
			} else {
				p = pos
				if (p + len - 1 <= m && seg(i, len, p)) found = 1
			}
			if (!found) {
				printf "    no match for the expected lines from \"%s\"\n", e[i]
				exit 1
			}
			pos = p + len; gap = 0; i = j
		}
		if (!gap && pos != m + 1) {
			printf "    unexpected output from line %d: \"%s\"\n", pos, a[pos]
			exit 1
		}
		exit 0
	}
	function seg(i, len, p,   k) {
		for (k = 0; k < len; k++)
			if (e[i + k] != a[p + k]) return 0
		return 1
	}' "$1" "$2"
}

for doc in $docs; do
	src="$top_srcdir/$doc"
	[ -f "$src" ] || { bad "$doc is missing"; continue; }
	dir="$tmp/$(echo "$doc" | tr / _)"
	mkdir "$dir" "$dir/run" || exit 99
	for link in samples tools nngx-conformance bench; do
		[ -e "$top_builddir/$link" ] && ln -s "$top_builddir/$link" "$dir/run/$link"
	done
	# Split the markdown: NAME.cmd and NAME.exp for each marker, the list
	# of names in order, and the unmarked shell blocks that run programs.
	awk -v out="$dir" '
	/^<!-- doc-check: / {
		name = $3
		if (name == "skip") { skip = 1; next }
		if (name == "compile") { want = "c"; name = $4; corder = corder name "\n"; next }
		want = "cmd"; order = order name "\n"; next
	}
	/^```/ {
		if (!inblock) {
			inblock = 1; lang = substr($0, 4)
			if (want == "cmd" && lang == "sh") { file = out "/" name ".cmd"; printf "" > file; kind = "cmd"; next }
			if (want == "c" && lang == "c") { file = out "/" name ".c"; printf "" > file; kind = "c"; want = ""; next }
			if (want == "exp" && lang == "text") { file = out "/" name ".exp"; printf "" > file; kind = "exp"; next }
			kind = (lang == "sh") ? "sh" : "other"; file = ""
			shstart = NR; unmarked = ""
			next
		}
		inblock = 0
		if (kind == "cmd") want = "exp"
		else if (kind == "exp") want = ""
		else if (kind == "sh" && unmarked != "" && !skip)
			print FILENAME ":" shstart ": " unmarked > (out "/unmarked")
		if (kind == "sh") skip = 0
		if (file != "") close(file)
		next
	}
	inblock && file != "" { print > file; next }
	inblock && kind == "sh" && $0 ~ /(^|[ ;&|(])\.\/(samples|tools|nngx-conformance|bench)/ { if (unmarked == "") unmarked = $0 }
	END { printf "%s", order > (out "/order"); printf "%s", corder > (out "/corder") }
	' "$src"
	if [ -s "$dir/unmarked" ]; then
		while IFS= read -r line; do
			bad "$doc: a command block without a doc-check marker: ${line#"$src":}"
		done < "$dir/unmarked"
	fi
	while IFS= read -r name; do
		if [ ! -f "$dir/$name.c" ]; then
			bad "$doc: $name: the compile marker is not followed by a c block"
		elif ${CC:-cc} -std=c99 -Wall -Wextra -Werror -fsyntax-only \
			-I"$top_srcdir/include" "$dir/$name.c" >"$dir/$name.cc.err" 2>&1; then
			ok "$doc: $name compiles against the public headers"
		else
			bad "$doc: $name does not compile:"
			sed 's/^/    /' "$dir/$name.cc.err" | head -n 20
		fi
	done < "$dir/corder"
	[ -s "$dir/order" ] || { bad "$doc: no doc-check examples"; continue; }
	while IFS= read -r name; do
		what="$doc: $name"
		if [ ! -f "$dir/$name.cmd" ] || [ ! -f "$dir/$name.exp" ]; then
			bad "$what: the marker is not followed by a sh block and a text block"
			continue
		fi
		if ! (cd "$dir/run" && sh "$dir/$name.cmd") >"$dir/$name.raw" 2>"$dir/$name.err"; then
			bad "$what: the commands exit with status $?:"
			sed 's/^/    /' "$dir/$name.cmd" "$dir/$name.err" | head -n 20
			continue
		fi
		normalise "$dir/$name.exp" > "$dir/$name.e"
		normalise "$dir/$name.raw" > "$dir/$name.a"
		if match "$dir/$name.e" "$dir/$name.a" > "$dir/$name.why"; then
			ok "$what prints what the docs show"
		else
			bad "$what prints something else than the docs show:"
			cat "$dir/$name.why"
			diff -u "$dir/$name.e" "$dir/$name.a" | sed 's/^/    /' | head -n 40
		fi
	done < "$dir/order"
done
# The picture of the report shows today's report.
shot_text="$tmp/README.md/see-the-frame.raw"
if [ ! -f "$shot_text" ]; then
	bad "README.md has no see-the-frame example to compare doc/report.txt with"
elif cmp -s "$top_srcdir/doc/report.txt" "$shot_text"; then
	ok "doc/report.png shows the report nngx-report prints today (doc/report.txt)"
else
	bad "doc/report.png is stale: doc/report.txt differs from what nngx-report prints; run make doc-report-png"
	diff -u "$top_srcdir/doc/report.txt" "$shot_text" | sed 's/^/    /'
fi

# The set-up command installs what CI installs (a release tarball has no
# .ci/run: nothing to compare with there).
if [ ! -f "$top_srcdir/.ci/run" ]; then
	echo "skip: no .ci/run (a release tarball); the package lists were not compared"
else
ci_packages=$(sed -n '/^packages=(/,/)/p' "$top_srcdir/.ci/run" |
	sed 's/^packages=(//; s/).*//' | tr -s ' \t' '\n\n' | sed '/^$/d' | sort | tr '\n' ' ')
readme_packages=$(grep -o 'apt-get install -y [^&]*' "$top_srcdir/README.md" | head -n 1 |
	sed 's/^apt-get install -y //' | tr -s ' \t' '\n\n' | sed '/^-/d; /^$/d' | sort | tr '\n' ' ')
if [ -z "$ci_packages" ]; then
	bad "no packages=(...) list in .ci/run"
elif [ "$ci_packages" = "$readme_packages" ]; then
	ok "README.md's set-up command installs what .ci/run installs"
else
	bad "README.md's set-up command installs '$readme_packages', .ci/run '$ci_packages'"
fi
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
