#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `make fuzz-run`: run each libFuzzer target for SECONDS, starting from the
# seed corpus written from the known-answer vectors, and print one summary
# line per target (runs, corpus size, outcome).  Run in the fuzzing build.
# Usage: run.sh SECONDS TARGET...
secs=$1
shift
status=0
vectors=tests/vectors
mkdir -p fuzz/corpus-run fuzz/crashes
for t in "$@"; do
    name=$(basename "$t")
    corpus=fuzz/corpus-run/$name
    mkdir -p "$corpus"
    ./fuzz/seeds "$name" "$corpus" "$vectors" || status=1
    log=fuzz/$name.log
    ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        "./$t" -max_total_time="$secs" -timeout=20 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix=fuzz/crashes/"$name"- "$corpus" >"$log" 2>&1
    rc=$?
    runs=$(grep -a 'stat::number_of_executed_units' "$log" | awk '{print $2}')
    files=$(find "$corpus" -type f | wc -l)
    if [ $rc -eq 0 ]; then
        echo "fuzz-run: $name: clean, ${runs:-?} runs in ${secs}s, corpus $files files"
    else
        grep -a -A20 'ERROR\|fuzz check failed' "$log" | head -40
        echo "fuzz-run: $name: FAILED (exit $rc), see $log and fuzz/crashes/"
        status=1
    fi
done
exit $status
