#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `make bench-files`: time `axiom-crypto enc` and `axiom-crypto dec` of a large file on a
# tmpfs against cp of the same file and against age (key-file mode), all in
# the same run: ROUNDS rounds, each running every command once in turn, so
# that a change in the machine's load hits all of them alike.  Prints every
# measurement, then per command the median and range over the rounds of
# its time divided by cp's time in the same round, for wall-clock time and
# for CPU time (user + system, which a busy machine disturbs less).
#
# Environment: BENCH_FILES_DIR (a tmpfs; default /dev/shm), BENCH_FILES_MB
# (default 1024), ROUNDS (default 5), AXIOM_TOOL_BIN (default ./tools/axiom-crypto).
set -u
axiom=${AXIOM_TOOL_BIN:-./tools/axiom-crypto}
dir=${BENCH_FILES_DIR:-/dev/shm}
mb=${BENCH_FILES_MB:-1024}
rounds=${ROUNDS:-5}
[ -x "$axiom" ] || { echo "bench-files: $axiom not built" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench-files: needs /usr/bin/time (Debian: time)" >&2; exit 2; }
fstype=$(stat -f -c %T "$dir" 2>/dev/null)
[ "$fstype" = tmpfs ] || echo "bench-files: warning: $dir is $fstype, not tmpfs" >&2
work=$(mktemp -d "$dir/axiom-bench-files.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT

echo "# bench-files: $mb MiB, $rounds interleaved rounds, in $dir ($fstype)"
grep -m1 'model name' /proc/cpuinfo | sed 's/^/# /'
printf '# cpu family %s, model %s; %s CPUs online; load average %s\n' \
  "$(grep -m1 '^cpu family' /proc/cpuinfo | sed 's/.*: //')" \
  "$(grep -m1 '^model[[:space:]]*:' /proc/cpuinfo | sed 's/.*: //')" \
  "$(getconf _NPROCESSORS_ONLN)" "$(cut -d' ' -f1-3 /proc/loadavg)"
echo "# $("$axiom" --version | head -1); $(age --version 2>/dev/null | sed 's/^/age /' || echo 'age: not installed')"

head -c $((mb * 1048576)) /dev/urandom >"$work/in" || exit 2
"$axiom" keygen -o "$work/key" >/dev/null || exit 2
have_age=0
if command -v age >/dev/null && command -v age-keygen >/dev/null; then
  age-keygen -o "$work/age.key" 2>/dev/null && have_age=1
  recipient=$(grep -o 'age1[0-9a-z]*' "$work/age.key" | head -1)
fi
# Warm the page cache and the binaries.
cp "$work/in" "$work/warm" && rm -f "$work/warm"
"$axiom" enc -k "$work/key" -o "$work/warm" "$work/in" && rm -f "$work/warm"

# run NAME CMD...: one timed run; appends "round name wall cpu" to results.
run() {
  name=$1; shift
  /usr/bin/time -f '%e %U %S' -o "$work/t" "$@" >/dev/null 2>"$work/err" \
    || { echo "bench-files: $name failed:" >&2; cat "$work/err" >&2; exit 1; }
  awk -v r="$round" -v n="$name" '{ printf "%s %s %.3f %.3f\n", r, n, $1, $2 + $3 }' "$work/t" \
    >>"$work/results"
}
: >"$work/results"
round=1
while [ "$round" -le "$rounds" ]; do
  run cp cp "$work/in" "$work/out"
  rm -f "$work/out"
  run axiom-enc "$axiom" enc --no-progress -k "$work/key" -o "$work/ct" "$work/in"
  run axiom-dec "$axiom" dec --no-progress -k "$work/key" -o "$work/out" "$work/ct"
  cmp -s "$work/in" "$work/out" || { echo "bench-files: round trip differs" >&2; exit 1; }
  rm -f "$work/out" "$work/ct"
  if [ $have_age = 1 ]; then
    run age-enc age -r "$recipient" -o "$work/ct" "$work/in"
    run age-dec age -d -i "$work/age.key" -o "$work/out" "$work/ct"
    rm -f "$work/out" "$work/ct"
  fi
  round=$((round + 1))
done

echo "# round command wall-s cpu-s"
cat "$work/results"
echo "# command          wall/cp median (range)        cpu/cp median (range)      wall s median"
awk '
  { wall[$1, $2] = $3; cpu[$1, $2] = $4; names[$2] = 1; if ($1 > nr) nr = $1 }
  function median(a, n,    i, j, t) {
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }
  END {
    split("cp axiom-enc axiom-dec age-enc age-dec", order, " ")
    for (k = 1; k <= 5; k++) {
      n = order[k]
      if (!(n in names)) continue
      for (r = 1; r <= nr; r++) {
        w[r] = wall[r, n] / wall[r, "cp"]; c[r] = cpu[r, "cp"] > 0 ? cpu[r, n] / cpu[r, "cp"] : 0
        s[r] = wall[r, n]
      }
      wmin = wmax = w[1]; cmin = cmax = c[1]
      for (r = 1; r <= nr; r++) {
        if (w[r] < wmin) wmin = w[r]; if (w[r] > wmax) wmax = w[r]
        if (c[r] < cmin) cmin = c[r]; if (c[r] > cmax) cmax = c[r]
      }
      printf "%-12s %8.2f (%.2f..%.2f)  %12.2f (%.2f..%.2f)  %12.3f\n", n, median(w, nr), wmin, wmax,
             median(c, nr), cmin, cmax, median(s, nr)
    }
  }' "$work/results"
