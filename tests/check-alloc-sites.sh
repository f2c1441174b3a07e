#!/bin/sh
# check-alloc-sites.sh: every allocation of the library goes through
# hw/hw_alloc.c (hw_malloc, hw_calloc, hw_realloc), where the allocation-
# failure sweep (check_alloc_fail) can make it fail. A direct call of
# malloc, calloc, realloc, strdup or strndup in hw/, driver/, nngx/ or
# gles_stub/ is a failure, except in hw_alloc.c itself and at the sites
# listed below, each with its reason (also in doc/model.md, the "host memory runs out"
# row of the model choices).
#
# Environment (set by `make check`): top_srcdir. Exit status: 0 passed,
# 1 a direct allocation, 99 bad environment.
#
# Part of libnngx (MIT licence).

top_srcdir=${top_srcdir:-.}

if [ ! -f "$top_srcdir/hw/hw_alloc.c" ]; then
	echo "check-alloc-sites.sh: no hw/hw_alloc.c under '$top_srcdir'"
	exit 99
fi

# file: the reason it may allocate directly.
#   hw/hw_shader_replay.c: the shader's recorded trace is a speed-up; when
#     it cannot grow the interpreter runs instead with the same results, so
#     a failure there has nothing to report and nothing to test.
allowed="hw/hw_alloc.c hw/hw_shader_replay.c"

found=$(cd "$top_srcdir" && grep -nE '(^|[^_[:alnum:]])(malloc|calloc|realloc|strdup|strndup)[[:space:]]*\(' \
	hw/*.c driver/*.c nngx/*.c gles_stub/*.c | grep -vE '^[^:]+:[0-9]+:[[:space:]]*(/?\*|//)')
fail=0
pass=0
for f in $(cd "$top_srcdir" && ls hw/*.c driver/*.c nngx/*.c gles_stub/*.c); do
	case " $allowed " in
	*" $f "*) continue ;;
	esac
	hits=$(printf '%s\n' "$found" | grep "^$f:")
	if [ -n "$hits" ]; then
		echo "FAIL: $f allocates outside hw_alloc.c:"
		printf '%s\n' "$hits" | sed 's/^/    /'
		fail=$((fail + 1))
	else
		pass=$((pass + 1))
	fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
