#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `make fuzz-run`: run each libFuzzer target for SECONDS, starting from the
# seed corpus written from the known-answer vectors (kept in
# fuzz/corpus-run/ from one run to the next), and print one summary line
# per target (runs, corpus size, outcome).  `make fuzz-smoke` (--runs N):
# each target over a fresh seed corpus, then N inputs in all from libFuzzer's
# seed 1, the same inputs every time.  Run in the fuzzing build.
# Usage: run.sh SECONDS TARGET...
#        run.sh --runs N TARGET...
if [ "$1" = --runs ]; then
    limit="-runs=$2 -seed=1"
    what="$2 inputs"
    dir=fuzz/corpus-smoke
    rm -rf "$dir"
    shift 2
else
    limit="-max_total_time=$1"
    what="$1 s"
    dir=fuzz/corpus-run
    shift
fi
status=0
vectors=tests/vectors
mkdir -p "$dir" fuzz/crashes
for t in "$@"; do
    name=$(basename "$t")
    corpus=$dir/$name
    mkdir -p "$corpus"
    ./fuzz/seeds "$name" "$corpus" "$vectors" || status=1
    log=fuzz/$name.log
    # $limit is two words in --runs mode.
    # shellcheck disable=SC2086
    ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        "./$t" $limit -timeout=20 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix=fuzz/crashes/"$name"- "$corpus" >"$log" 2>&1
    rc=$?
    runs=$(grep -a 'stat::number_of_executed_units' "$log" | awk '{print $2}')
    files=$(find "$corpus" -type f | wc -l)
    if [ $rc -eq 0 ]; then
        echo "fuzz-run: $name: clean, ${runs:-?} runs ($what), corpus $files files"
    else
        grep -a -A20 'ERROR\|fuzz check failed' "$log" | head -40
        echo "fuzz-run: $name: FAILED (exit $rc), see $log and fuzz/crashes/"
        status=1
    fi
done
exit $status
