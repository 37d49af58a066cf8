#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# make performance: run the benchmark suite under `perf stat` (cycles,
# instructions, cache misses) when perf and the hardware counters work,
# and say so and run it plainly when they do not (as in most VMs).
# usage: perf.sh RESULTS-DIR COMMAND [ARGS...]
set -u
results=$1; shift
mkdir -p "$results"
events=cycles,instructions,cache-references,cache-misses

why=
if ! command -v perf >/dev/null 2>&1; then
  why="perf is not installed (Debian: apt-get install linux-perf)"
else
  # perf exits 0 even when a counter is "<not supported>": read its output.
  probe=$(perf stat -x, -e instructions true 2>&1)
  case $probe in
    *"<not supported>"*|*"<not counted>"*) why="the CPU's counters are not available here (perf stat -e instructions: not supported; typical of a VM without a virtual PMU)" ;;
    *instructions*) ;;
    *) why="perf stat cannot count ($(printf '%s' "$probe" | head -1); see /proc/sys/kernel/perf_event_paranoid)" ;;
  esac
fi

if [ -n "$why" ]; then
  echo "make performance: $why."
  echo "make performance: running the suite without perf."
  exec "$@" --save "$results/performance.txt"
fi

# Only libaxiom runs by default, so that the counters are its own.
AXIOM_BENCH_PEERS=${AXIOM_BENCH_PEERS:-none}
export AXIOM_BENCH_PEERS
echo "make performance: perf stat -e $events (AXIOM_BENCH_PEERS=$AXIOM_BENCH_PEERS, so the counts are libaxiom's)"
perf stat -e "$events" -o "$results/perf-stat.txt" -- "$@" --save "$results/performance.txt"
rc=$?
cat "$results/perf-stat.txt"
exit $rc
