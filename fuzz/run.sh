#!/bin/sh
# run.sh TARGET SECONDS FUZZ_SRCDIR FUZZ_BUILDDIR [SEED]: run one libFuzzer
# target for SECONDS on a copy of its committed corpus and reproducers, with
# its dictionary, and print one line of figures. A SEED other than 0 fixes
# libFuzzer's random choices: a slower machine then tries a prefix of the
# inputs a faster one tries, so a run that passed here passes there; 0 (the
# default) draws a new seed each run. Exits non-zero on any finding
# (crash, leak, sanitizer report, timeout), whose input libFuzzer saves as
# FUZZ_BUILDDIR/work/TARGET/crash-* (copy it into fuzz/reproducers/TARGET
# once fixed).
target=$1
seconds=$2
src=$3
build=$4
seed=${5:-0}
work=$build/work/$target
rm -rf "$work"
mkdir -p "$work/corpus"
cp "$src/corpus/$target"/* "$work/corpus/" 2>/dev/null
cp "$src/reproducers/$target"/* "$work/corpus/" 2>/dev/null
log=$work/log
dict=
seedopt=
[ "$seed" != 0 ] && seedopt=-seed=$seed
[ -f "$src/dict/$target.dict" ] && dict=-dict=$src/dict/$target.dict
# A 32 MiB quarantine (ASan: 256) keeps freed blocks poisoned long enough
# for a run (each lasts about a millisecond) and spares the page faults of
# fresh memory: the API target reaches about 1,000 runs a second. Options
# already in the environment come after these, so they win.
ASAN_OPTIONS="detect_leaks=1:quarantine_size_mb=32${ASAN_OPTIONS:+:$ASAN_OPTIONS}" \
LSAN_OPTIONS="suppressions=$src/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}" \
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
"$build/fuzz_$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
	-print_final_stats=1 -artifact_prefix="$work/" $seedopt $dict "$work/corpus" >"$log" 2>&1
status=$?
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | sed 's/cov: //')
ft=$(grep -o 'ft: [0-9]*' "$log" | tail -n 1 | sed 's/ft: //')
corp=$(grep -o 'corp: [0-9]*' "$log" | tail -n 1 | sed 's/corp: //')
printf 'fuzz %-10s %4ss  seed %s  runs %10s  %7s runs/s  coverage %5s edges  %6s features  corpus %5s\n' \
	"$target" "$seconds" "${seed}" "${runs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "${corp:-?}"
if [ "$status" -ne 0 ]; then
	echo "fuzz $target: FINDING (exit $status); the last lines of $log:" >&2
	tail -n 60 "$log" >&2
	exit 1
fi
exit 0
