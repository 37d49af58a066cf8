#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Smoke test of axiom-bench and `axiom-crypto speed` for make check: a tiny
# run whose output formats, options and exit codes are checked; speed is
# not.  The tool's other commands have tests/cli.sh.
# tests/tiers.sh runs it once per CPU tier, so it must stay short.
set -u
bench=${AXIOM_BENCH_BIN:-./bench/axiom-bench}
axiom=${AXIOM_TOOL_BIN:-./tools/axiom-crypto}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/axiom-smoke.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "FAIL: $*" >&2; status=1; }

# Expect exit code $1 from the rest of the line; output kept in $tmp/o.
expect() {
  want=$1; shift
  "$@" >"$tmp/o" 2>&1; got=$?
  if [ "$got" -ne "$want" ]; then
    fail "exit $got, want $want: $*"; sed 's/^/  | /' "$tmp/o" | head -20 >&2
  fi
}

# Tiny and polite: 1 ms per case, no real-time priority.  Size 33 checks
# that block modes skip what they cannot take while stream modes run it.
AXIOM_BENCH_MIN_SEC=0.001 AXIOM_BENCH_SIZES=16,33 AXIOM_BENCH_REPS=3 AXIOM_BENCH_RT=0
export AXIOM_BENCH_MIN_SEC AXIOM_BENCH_SIZES AXIOM_BENCH_REPS AXIOM_BENCH_RT
unset AXIOM_BENCH_FILTER AXIOM_BENCH_PEERS AXIOM_BENCH_COLD AXIOM_BENCH_COUNT
unset AXIOM_BENCH_ROUNDS AXIOM_BENCH_BATCH AXIOM_BENCH_CLOCK

# ---- the runner
expect 0 "$bench" --list
cp "$tmp/o" "$tmp/list"
grep -q '^BenchmarkAES128CTR/encrypt/33$' "$tmp/list" || fail "--list lacks AES128CTR/encrypt/33"
grep -q '^BenchmarkAES128ECB/encrypt/33$' "$tmp/list" && fail "--list offers ECB at 33 bytes"
ncases=$(wc -l <"$tmp/list")

expect 0 "$bench" --save "$tmp/r.csv" --save "$tmp/r.json"
cp "$tmp/o" "$tmp/run"
grep -q '^# cpb = TSC cycles per byte' "$tmp/run" || grep -q '^# no time-stamp counter' "$tmp/run" \
  || fail "header does not say what cpb is"
grep -q '^# scheduling: ' "$tmp/run" || fail "header lacks the scheduling line"
# Every result line: name, iterations, ns/op, MB/s, [cpb], %spread, [ratio].
awk '/^Benchmark/ {
       if ($2 !~ /^[0-9]+$/ || $2 == 0 || $4 != "ns/op" || $6 != "MB/s") { print "bad: " $0; bad = 1 }
       n++
     }
     END { exit bad }' "$tmp/run" || fail "malformed result lines"
naxiom=$(grep -c '^Benchmark[A-Z0-9]*/' "$tmp/run")
[ "$naxiom" -eq "$ncases" ] || fail "$naxiom libaxiom lines for $ncases cases"
# Every kind of case ran, each direction it has.
for c in AES128CTR/encrypt AES128CTR/decrypt AES128GCM/seal AES128GCM/open \
         CHACHA20POLY1305/open XCHACHA20POLY1305/seal SHA224/digest SHA256/digest \
         SHA256MANY/digest HMACSHA256/mac RANDOM/generate RANDOMOS/generate; do
  grep -q "^Benchmark$c/16 " "$tmp/run" || fail "no $c/16 line"
done
# A peer's lines each carry the ratio to libaxiom; OpenSSL and libgcrypt
# have AES-GCM and SHA-256, so a peer that is built in has those lines.
for peer in openssl gcrypt; do
  if grep -q "^# peers: .*$peer [0-9]" "$tmp/run" || grep -q "^# peers: $peer [^(]" "$tmp/run"; then
    case $peer in openssl) pre=OpenSSL_ ;; *) pre=Gcrypt_ ;; esac
    n=$(grep -c "axiom/$peer\$" "$tmp/run")
    np=$(grep -c "^Benchmark$pre" "$tmp/run")
    [ "$n" -eq "$np" ] || fail "$n lines with a ratio to $peer for $np $peer lines"
    for c in AES256GCM/open SHA256/digest SHA256MANY/digest HMACSHA256/mac RANDOM/generate; do
      grep -q "^Benchmark$pre$c/16 " "$tmp/run" || fail "no $pre$c/16 line"
    done
  fi
done
nlines=$(grep -c '^Benchmark' "$tmp/run")
ncsv=$(($(wc -l <"$tmp/r.csv") - 1))
[ "$ncsv" -eq "$nlines" ] || fail "CSV has $ncsv rows for $nlines result lines"
head -1 "$tmp/r.csv" | grep -q '^name,algorithm,direction,size,library,' || fail "CSV header"
njson=$(grep -c '"name": ' "$tmp/r.json")
[ "$njson" -eq "$nlines" ] || fail "JSON has $njson results for $nlines result lines"
if command -v python3 >/dev/null 2>&1; then
  python3 -m json.tool "$tmp/r.json" >/dev/null 2>&1 || fail "JSON does not parse"
fi

# Filters: substring on either spelling, regex, and no match at all.
expect 0 env AXIOM_BENCH_FILTER=aes-256-xts "$bench" --list
[ "$(grep -cv '^BenchmarkAES256XTS/' "$tmp/o")" -eq 0 ] || fail "filter aes-256-xts"
expect 0 "$bench" --list 'aes-...-cbc/(en|de)crypt/16$'
[ "$(wc -l <"$tmp/o")" -eq 6 ] || fail "regex filter: want 6 cases"
expect 0 "$bench" --list 'gcm/open/33'
[ "$(grep -c '^BenchmarkAES...GCM/open/33$' "$tmp/o")" -eq 3 ] || fail "filter gcm/open: want 3 AES cases"
expect 0 "$bench" -o csv --peers=none --cold -t 0.0001 -f 'aes-128-ofb/decrypt/16$'
[ "$(grep -c '^"AES128OFB/decrypt/16"' "$tmp/o")" -eq 1 ] || fail "--cold -o csv"
expect 0 "$bench" --cold -t 0.0001 -f 'aes-128-gcm/open/16$|sha256-many/digest/33$'
[ "$(grep -c '^Benchmark.*\(GCM/open/16\|MANY/digest/33\) ' "$tmp/o")" -ge 2 ] || fail "--cold AEAD, many"

# --count: one Go benchmark line per repetition and library, the name in
# key=value parts (what benchstat's -col /lib needs), on standard output;
# the summary on standard error.  AXIOM_BENCH_COUNT does the same; .bench
# files get the repetitions too.
expect 0 "$bench" --count 4 -f 'aes-128-gcm/seal/16$|sha256/digest/33$' -w "$tmp/r.bench"
"$bench" --count 4 -f 'aes-128-gcm/seal/16$|sha256/digest/33$' >"$tmp/rep" 2>"$tmp/sum"
grep '^Benchmark' "$tmp/rep" >"$tmp/replines"
awk -F '\t' '{
       if ($1 !~ /^Benchmark[A-Za-z]+(\/[a-z]+=[^\/ ]+)+ *$/ || $2 !~ /^ *[1-9][0-9]*$/ ||
           $3 !~ / ns\/op$/ || $4 !~ / MB\/s$/) { print "bad: " $0; bad = 1 } }
     END { exit bad }' "$tmp/replines" || fail "--count: malformed repetition lines"
for c in 'AEAD/alg=aes-128-gcm/op=seal/size=16' 'Hash/alg=sha256/op=digest/size=33'; do
  [ "$(grep -c "^Benchmark$c/lib=axiom	" "$tmp/replines")" -eq 4 ] || fail "--count 4: $c lines"
done
for peer in openssl gcrypt; do
  if grep -q "^# peers: .*$peer [0-9]" "$tmp/rep" || grep -q "^# peers: $peer [^(]" "$tmp/rep"; then
    [ "$(grep -c "/lib=$peer	" "$tmp/replines")" -eq 8 ] || fail "--count 4: want 8 $peer lines"
  fi
done
grep -q '^BenchmarkAES128GCM/seal/16 ' "$tmp/sum" || fail "--count: no summary on standard error"
grep -q '^goos: linux$' "$tmp/rep" || fail "--count: no goos line"
grep -q '^pkg: libaxiom$' "$tmp/rep" || fail "--count: no pkg line"
[ "$(grep -c '^Benchmark' "$tmp/r.bench")" -eq "$(wc -l <"$tmp/replines")" ] || fail "--save FILE.bench"
AXIOM_BENCH_COUNT=2 "$bench" --peers=none -f 'sha224/digest/16$' >"$tmp/rep" 2>/dev/null
[ "$(grep -c '^BenchmarkHash/alg=sha224/op=digest/size=16/lib=axiom	' "$tmp/rep")" -eq 2 ] \
  || fail "AXIOM_BENCH_COUNT=2"
# The key=value spelling is a filter too; a filter that selects nothing is
# a usage error.
expect 0 "$bench" --list 'alg=aes-256-xts/op=decrypt'
[ -s "$tmp/o" ] || fail "key=value filter: no case"
[ "$(grep -cv '^BenchmarkAES256XTS/decrypt/' "$tmp/o")" -eq 0 ] || fail "key=value filter"
expect 2 "$bench" --list 'no-such-case'
expect 2 "$bench" 'no-such-case'
# Without --rt the runner leaves the scheduler alone.
grep -q '^# scheduling: SCHED_OTHER, not pinned' "$tmp/run" || fail "scheduling without --rt"
expect 2 "$bench" --count=0 --list
expect 2 env AXIOM_BENCH_COUNT=x "$bench" --list

# Usage errors exit 2, with a message.
expect 2 "$bench" --bogus
expect 2 "$bench" --sizes=0 --list
expect 2 "$bench" --format=xml
expect 2 "$bench" --peers=nosuchlib --list
expect 2 env AXIOM_BENCH_MIN_SEC=soon "$bench" --list
expect 2 "$bench" --list one two

# --pair: one tiny case, 3 rounds of half-millisecond batches; that it runs
# and prints a ratio line, nothing about the ratio itself.
pair="-s 16 --rounds 3 --batch 0.0005"
ratio_re='ratio +[0-9]+\.[0-9]+ \[[0-9]+\.[0-9]+, [0-9]+\.[0-9]+\] +quartiles [0-9.]+ [0-9.]+$'
# shellcheck disable=SC2086
expect 0 "$bench" --pair axiom:aes-256-gcm $pair -f 'xaes-256-gcm/seal/16$' -w "$tmp/p.csv" -w "$tmp/p.json"
grep -Eq "^XAES256GCM/seal/16 +axiom +[0-9.]+ ns/op +axiom:aes-256-gcm +[0-9.]+ ns/op +$ratio_re" "$tmp/o" \
  || fail "--pair axiom:aes-256-gcm: no ratio line"
grep -q '^# pair: .*OUTPUTS NOT COMPARED' "$tmp/o" || fail "--pair axiom:ALG: header does not say outputs are not compared"
grep -q '^cpu: ' "$tmp/o" || fail "--pair: no cpu line"
# The --save files of a mode: MODE ROWS CSV-HEADER-PATTERN JSON-KEY; the
# files are $tmp/<first letter of the mode>.csv and .json.
check_saves() {
  f="$tmp/$(printf '%s' "$1" | cut -c3)"
  [ "$(wc -l <"$f.csv")" -eq $(($2 + 1)) ] || fail "$1: want a CSV header and $2 rows"
  head -1 "$f.csv" | grep -q "$3" || fail "$1: CSV header"
  grep -q "\"$4\": " "$f.json" || fail "$1: JSON lacks $4"
  if command -v python3 >/dev/null 2>&1; then
    python3 -m json.tool "$f.json" >/dev/null 2>&1 || fail "$1: JSON does not parse"
  fi
}
check_saves --pair 1 ',baseline,.*,ratio_median,' ratio_median
for peer in openssl gcrypt; do
  if grep -q "^# peers: .*$peer [0-9]" "$tmp/run" || grep -q "^# peers: $peer [^(]" "$tmp/run"; then
    # shellcheck disable=SC2086
    expect 0 "$bench" --pair $peer $pair -f 'sha256/digest/16$'
    grep -Eq "^SHA256/digest/16 +axiom +[0-9.]+ ns/op +$peer +[0-9.]+ ns/op +$ratio_re" "$tmp/o" \
      || fail "--pair $peer: no ratio line"
  fi
done
expect 2 "$bench" --pair nosuchlib --list
expect 2 "$bench" --pair axiom:no-such-alg --list
expect 2 "$bench" --pair axiom --count 2 --list
expect 2 "$bench" --pair axiom --clock=sundial --list

# --threads: tiny cases on two threads; that each prints a speedup line
# and its threads agreed on the output (else the case fails, exit 1).
speed_re='speedup +[0-9]+\.[0-9]+ \[[0-9]+\.[0-9]+, [0-9]+\.[0-9]+\] +quartiles [0-9.]+ [0-9.]+ +cpu-time +[0-9]+\.[0-9]+ \[[0-9.]+, [0-9.]+\]$'
# shellcheck disable=SC2086
expect 0 "$bench" --threads 2 $pair -f 'aes-128-gcm/open/16$|^random/generate/16$' -w "$tmp/t.csv" -w "$tmp/t.json"
grep -Eq "^AES128GCM/open/16 +1 thread +[0-9.]+ ns/op +2 threads +[0-9.]+ ns/op +$speed_re" "$tmp/o" \
  || fail "--threads 2: no speedup line for aes-128-gcm/open"
grep -Eq "^RANDOM/generate/16 +1 thread .*$speed_re" "$tmp/o" || fail "--threads 2: no speedup line for random"
grep -q '^# timing: --threads 2' "$tmp/o" || fail "--threads: header lacks the method"
check_saves --threads 2 ',threads,pinned,.*,cpu_speedup_median,' cpu_speedup_median
expect 2 "$bench" --threads 1 --list
expect 2 "$bench" --threads 65 --list
expect 2 "$bench" --threads 2 --pair axiom --list
expect 2 "$bench" --threads 2 --rt --list

# ---- the same runner in the installed tool
expect 0 "$axiom" speed --list 'aes-...-ctr'
[ "$(wc -l <"$tmp/o")" -eq 12 ] || fail "axiom-crypto speed --list aes-...-ctr: want 12 cases"
expect 0 "$axiom" speed 'aes-192-cfb/encrypt/16$'
grep -q '^BenchmarkAES192CFB/encrypt/16 ' "$tmp/o" || fail "axiom-crypto speed ran nothing"
expect 2 "$axiom" speed --bogus
# shellcheck disable=SC2086
expect 0 "$axiom" speed --pair axiom --clock=wall $pair -f 'sha256/digest/16$'
grep -Eq "^SHA256/digest/16 +axiom +[0-9.]+ ns/op +axiom:sha256 +[0-9.]+ ns/op +$ratio_re" "$tmp/o" \
  || fail "axiom-crypto speed --pair axiom: no ratio line"

exit $status
