#!/bin/sh
# check-contracts.sh: every long static function of the library carries a
# contract comment (HACKING.md, "Conventions"; issue 25, item 4).
#
# The rule checked: in hw/, driver/, gles_stub/ and nngx/, a static
# function whose definition spans more than MAX_LINES lines (from the line
# that begins with `static` to its closing `}` in column 0) is directly
# preceded by a comment: the nearest line above it that is not a
# preprocessor line (`#...`) nor an `__attribute__` line ends with `*/`
# or begins with `//`. A blank line between the comment and the function
# does not count: a section heading is not a contract.
#
# What it cannot see: whether the comment is a good contract (a reviewer
# does), short functions whose names do not say everything (they need one
# too, by judgement), and definitions that do not begin with `static` in
# column 0.
#
# Usage: check-contracts.sh [FILE.c ...]   (default: the four layers)
# Environment (set by `make check`): top_srcdir.
# Exit status: 0 all passed, 1 a function lacks its comment, 99 bad
# environment.
#
# Part of libnngx (MIT licence).
top_srcdir=${top_srcdir:-.}
MAX_LINES=8

if [ $# -eq 0 ]; then
	if [ ! -d "$top_srcdir/hw" ]; then
		echo "check-contracts.sh: no hw/ under top_srcdir=$top_srcdir" >&2
		exit 99
	fi
	for f in "$top_srcdir"/hw/*.c "$top_srcdir"/driver/*.c \
		 "$top_srcdir"/gles_stub/*.c "$top_srcdir"/nngx/*.c; do
		set -- "$@" "$f"
	done
fi

awk -v max="$MAX_LINES" '
FNR == 1 { state = 0; prev = "" }
# Inside a definition: wait for its closing brace in column 0.
state == 2 {
	if ($0 ~ /^[}]/) {
		checked++
		if (FNR - start + 1 > max)
			long_ones++
		if (FNR - start + 1 > max && !commented) {
			printf "%s:%d: %s: %d lines and no contract comment above it\n",
			       FILENAME, start, name, FNR - start + 1
			missing++
		}
		state = 0
		prev = $0
	}
	next
}
# In a signature: a `{` line begins the body, a `;` ends a declaration.
state == 1 {
	if ($0 ~ /^[{]/ || $0 ~ /\)[ \t]*[{][ \t]*$/) { state = 2; next }
	if ($0 ~ /;[ \t]*$/) { state = 0; prev = $0 }
	next
}
/^static[ \t]/ && index($0, "(") > 0 && substr($0, 1, index($0, "(")) !~ /=/ {
	line = $0
	sub(/[ \t]*\(.*/, "", line)
	n = split(line, word, /[ \t*]+/)
	name = word[n]
	start = FNR
	p = prev
	sub(/^[ \t]+/, "", p)
	sub(/[ \t]+$/, "", p)
	commented = p ~ /\*\/$/ || p ~ /^\/\//
	if ($0 ~ /[}][ \t]*$/) {        # all on one line
		checked++
		state = 0
	} else if ($0 ~ /;[ \t]*$/) {  # a declaration
		state = 0
	} else if ($0 ~ /[{][ \t]*$/) { # the body opens on this line
		state = 2
	} else {
		state = 1
	}
	prev = $0
	next
}
# Lines that may stand between a contract and its function.
/^#/ || /^__attribute__/ { next }
{ prev = $0 }
END {
	if (missing) {
		printf "%d of %d static functions over %d lines lack a contract comment\n",
		       missing, long_ones, max
		exit 1
	}
	printf "ok: all %d static functions over %d lines (of %d) carry a contract comment\n",
	       long_ones, max, checked
}
' "$@"
