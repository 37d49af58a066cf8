#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Test of the axiom-crypto command line for make check: exit codes, help,
# write errors, list and cpu (tables and JSON), dgst byte for byte against
# sha256sum and its family, rand, speed's errors and --count output, and
# that the manual page and the bash completion cover the commands.
# tests/tiers.sh runs it once per CPU tier, so it stays within seconds.
# shellcheck disable=SC2013  # names and options are single words
set -u
T=${AXIOM_TOOL_BIN:-./tools/axiom-crypto}
MAN=${AXIOM_TOOL_MAN:-./doc/axiom-crypto.1}
srcdir=$(dirname "$0")/..
COMPLETION=$srcdir/tools/bash-completion/axiom-crypto
tmp=$(mktemp -d "${TMPDIR:-/tmp}/axiom-cli.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "FAIL: $*" >&2; status=1; }

# Expect exit code $1 from the rest of the line; output in $tmp/o and $tmp/e.
expect() {
  want=$1; shift
  "$@" >"$tmp/o" 2>"$tmp/e" </dev/null; got=$?
  if [ "$got" -ne "$want" ]; then
    fail "exit $got, want $want: $*"; cat "$tmp/o" "$tmp/e" | sed 's/^/  | /' | head -20 >&2
  fi
}

# What does not depend on the kernels runs in one tier only (each run of
# the tool costs the libtool wrapper's start-up).
case ${AXIOM_TIER:-native} in native) once=1 ;; *) once=0 ;; esac

# ---------------------------------------------------------------- the command line
expect 0 "$T" --help
grep -q '^Usage: axiom-crypto ' "$tmp/o" || fail "--help: no usage line"
cp "$tmp/o" "$tmp/help"
expect 0 "$T" help
cmp -s "$tmp/o" "$tmp/help" || fail "'help' differs from --help"
expect 0 "$T" --version
head -1 "$tmp/o" | grep -q '^axiom-crypto (libaxiom) [0-9]' || fail "--version: first line"
commands="speed list cpu dgst rand enc dec keygen help"
for c in $commands; do
  expect 0 "$T" help "$c"
  cp "$tmp/o" "$tmp/help-$c"
  grep -q "^Usage: axiom-crypto $c\\b" "$tmp/o" || [ "$c" = help ] || fail "help $c: no usage line"
  [ "$c" = help ] && continue
  expect 0 "$T" "$c" --help
  cmp -s "$tmp/o" "$tmp/help-$c" || fail "help $c differs from $c --help"
done
expect 2 "$T"
grep -q "Try 'axiom-crypto --help'" "$tmp/e" || fail "no command: no hint"
expect 2 "$T" frobnicate
expect 2 "$T" --bogus
expect 2 "$T" help frobnicate
expect 2 "$T" help list cpu
expect 2 "$T" list extra
expect 2 "$T" list --bogus
expect 2 "$T" cpu extra

# ---------------------------------------------------------------- write errors
if [ "$once" = 1 ]; then
# Standard output on a full device: every command fails with "write error",
# as the GNU tools do.
printf 'abc' >"$tmp/abc"
"$T" dgst "$tmp/abc" >"$tmp/abc.sum"
if [ -w /dev/full ]; then
  while read -r args; do
    # shellcheck disable=SC2086  # $args is a word list
    "$T" $args >/dev/full 2>"$tmp/e" </dev/null; got=$?
    [ "$got" -eq 1 ] || fail "$args >/dev/full: exit $got, want 1"
    grep -q 'write error' "$tmp/e" || fail "$args >/dev/full: no 'write error' message"
  done <<EOF
--help
--version
help
help dgst
help speed
list
list --json
cpu
cpu --json
speed --help
speed --list
dgst $tmp/abc
dgst -c $tmp/abc.sum
rand 10
rand --hex 10
rand --base64 10
rand 1M
keygen
help enc
EOF
  expect 1 "$T" rand -o /dev/full 10
  grep -q 'write error' "$tmp/e" || fail "rand -o /dev/full: no 'write error' message"
fi
fi

# ---------------------------------------------------------------- list
expect 0 "$T" list
cp "$tmp/o" "$tmp/list"
for a in aes-128-ctr aes-256-xts chacha20 aes-128-gcm chacha20-poly1305 xchacha20-poly1305 \
         aes-128-gcm-siv aes-256-gcm-siv xaes-256-gcm \
         kuznyechik-ctr sha224 sha256 sha256-many; do
  grep -q "^$a " "$tmp/list" || fail "list lacks $a"
done
# Every row's columns start where the header's do, however long a kernel name.
awk 'NR == 1 { k = index($0, "KERNEL"); c = index($0, "CONSTANT-TIME"); o = index($0, "OTHER"); next }
     substr($0, k - 1, 1) != " " || substr($0, k, 1) == " " ||
     substr($0, c - 1, 1) != " " || substr($0, c, 1) == " " ||
     substr($0, o - 1, 1) != " " || substr($0, o, 1) == " " { print "misaligned: " $0; bad = 1 }
     END { exit bad }' "$tmp/list" || fail "list: columns not aligned"
if [ "${AXIOM_CPU_DISABLE:-}" = all ]; then
  awk 'NR > 1 && $3 !~ /^generic/ && $3 != "refused" { bad = 1 } END { exit bad }' "$tmp/list" \
    || fail "AXIOM_CPU_DISABLE=all, yet a kernel that is not generic*"
  # ... and every default kernel is constant time, SM4's included.
  awk 'NR > 1 && $4 != "yes" { print "not constant time: " $0; bad = 1 } END { exit bad }' "$tmp/list" \
    || fail "AXIOM_CPU_DISABLE=all, yet a default kernel that is not constant time"
fi
expect 0 "$T" list --json
cp "$tmp/o" "$tmp/list.json"
if command -v python3 >/dev/null 2>&1; then
  python3 - "$tmp/list.json" "$tmp/list" <<'EOF' || fail "list --json does not match the table"
import json, sys
doc = json.load(open(sys.argv[1]))
rows = [l.split()[:3] for l in open(sys.argv[2]).read().splitlines()[1:]]
got = [[a["name"], a["kind"], a["kernel"] or "refused"] for a in doc["algorithms"]]
assert got == rows, (got, rows)
for a in doc["algorithms"]:
    assert a["status"] in ("ok", "refused") and a["kernels"], a
    assert (a["status"] == "refused") == (a["kernel"] is None), a
EOF
fi
# The constant-time policy with only portable kernels: every algorithm
# has a constant-time portable kernel, so nothing is refused; the
# non-constant-time ones stay listed among the other kernels.
AXIOM_CT_ONLY=1 AXIOM_CPU_DISABLE=all "$T" list >"$tmp/o" 2>&1 || fail "list under AXIOM_CT_ONLY"
if grep -q ' refused ' "$tmp/o"; then fail "AXIOM_CT_ONLY=1 AXIOM_CPU_DISABLE=all refuses a row"; fi
grep -q '^aes-128-ctr  *cipher  *generic-ct ' "$tmp/o" || fail "AXIOM_CT_ONLY=1: aes-128-ctr"
if grep -q '^sm4-ecb ' "$tmp/list"; then
  grep -q "^sm4-ecb  *cipher  *generic-ct .*generic-masked" "$tmp/o" \
    || fail "AXIOM_CT_ONLY=1: sm4-ecb not on generic-ct with generic-masked listed"
fi

# ---------------------------------------------------------------- cpu
if [ "$once" = 1 ]; then
expect 0 "$T" cpu
grep -q '^aesni ' "$tmp/o" || fail "cpu lacks aesni"
expect 0 env AXIOM_CPU_DISABLE=aesni,bogus "$T" cpu
grep -q "names 'bogus', which the library ignores" "$tmp/o" || fail "cpu: no note on 'bogus'"
grep -q '^aesni  *\(disabled by AXIOM_CPU_DISABLE\|not available\)' "$tmp/o" || fail "cpu: aesni"
expect 0 env AXIOM_CPU_DISABLE=aesni,bogus "$T" cpu --json
if command -v python3 >/dev/null 2>&1; then
  python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["cpu_disable"] == "aesni,bogus" and d["ignored"] == ["bogus"], d
f = {x["name"]: x["status"] for x in d["features"]}
assert f["aesni"] in ("disabled", "unavailable"), f
' "$tmp/o" || fail "cpu --json"
fi
fi

# ---------------------------------------------------------------- dgst
# Run axiom-crypto dgst and a coreutils program with the same arguments
# (and $OURS before dgst's; standard input from $IN): standard output byte
# for byte, exit status, and standard error with the program names (and
# coreutils' hash name in one message) made alike.
#   same "what" "coreutils program" args...
same() {
  what=$1 theirs=$2; shift 2
  # shellcheck disable=SC2086  # $OURS is a word list
  "$T" dgst ${OURS:-} "$@" >"$tmp/o1" 2>"$tmp/e1" <"${IN:-/dev/null}"; r1=$?
  "$theirs" "$@" >"$tmp/o2" 2>"$tmp/e2" <"${IN:-/dev/null}"; r2=$?
  [ "$r1" -eq "$r2" ] || fail "dgst $what: exit $r1, $theirs exits $r2"
  cmp -s "$tmp/o1" "$tmp/o2" || { fail "dgst $what: output differs from $theirs"; diff "$tmp/o1" "$tmp/o2" | head -10 >&2; }
  sed 's/^axiom-crypto dgst: /PROG: /' "$tmp/e1" >"$tmp/e1n"
  sed -e 's/^sha[0-9]*sum: /PROG: /' -e 's/improperly formatted [A-Z0-9]* checksum/improperly formatted checksum/' \
    "$tmp/e2" >"$tmp/e2n"
  cmp -s "$tmp/e1n" "$tmp/e2n" || { fail "dgst $what: messages differ from $theirs"; diff "$tmp/e1n" "$tmp/e2n" | head -10 >&2; }
}

d=$tmp/d
mkdir "$d" "$d/sub"
: >"$d/empty"
printf 'abc' >"$d/abc"
printf 'x' >"$d/back\\slash"
nl='
'
cr=$(printf '\r')
printf 'y' >"$d/new${nl}line"
printf 'z' >"$d/carriage${cr}return"
"$T" rand 100000 >"$d/r100k" || fail "rand 100000"
i=1
while [ $i -le 20 ]; do
  "$T" rand $((i * 61)) >"$d/f$i"
  i=$((i + 1))
done
# Over the whole-file limit: streamed, between batched files.
"$T" rand 5M >"$d/big"
set -- "$d/abc" "$d/empty" "$d/f1" "$d/big" "$d/f2" "$d/f3" "$d/f4" "$d/f5" "$d/f6" "$d/f7" \
  "$d/f8" "$d/f9" "$d/f10" "$d/f11" "$d/f12" "$d/f13" "$d/f14" "$d/f15" "$d/f16" "$d/f17" \
  "$d/f18" "$d/f19" "$d/f20" "$d/r100k" "$d/back\\slash" "$d/new${nl}line" "$d/carriage${cr}return"
nfiles=$#

# Known answer (FIPS 180-4 "abc"), with or without coreutils.
expect 0 "$T" dgst "$d/abc"
grep -q '^ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  ' "$tmp/o" \
  || fail "SHA-256(abc)"
expect 0 "$T" dgst -a SHA224 "$d/abc"
grep -q '^23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7  ' "$tmp/o" || fail "SHA-224(abc)"

if command -v sha256sum >/dev/null 2>&1; then
  same "FILE..." sha256sum "$@"
  same "--tag" sha256sum --tag "$@"
  same "-z" sha256sum -z "$@"
  same "--tag -z" sha256sum --tag -z "$@"
  same "-b" sha256sum -b "$@"
fi
if command -v sha256sum >/dev/null 2>&1 && [ "$once" = 1 ]; then
  same "missing file, directory" sha256sum "$d/nonexistent" "$d/abc" "$d/sub" "$d/f1"
  same "names quoted in messages" sha256sum "$d/no such" "$d/it's" "$d/no${nl}such" "~x" ""
  # Standard input, named "-".
  "$T" dgst <"$d/abc" >"$tmp/o1"; sha256sum <"$d/abc" >"$tmp/o2"
  cmp -s "$tmp/o1" "$tmp/o2" || fail "dgst on standard input"
  "$T" dgst - <"$d/abc" >"$tmp/o1"; sha256sum - <"$d/abc" >"$tmp/o2"
  cmp -s "$tmp/o1" "$tmp/o2" || fail "dgst - on standard input"
fi
if command -v sha256sum >/dev/null 2>&1; then
  # Checking: lists in both formats, several at once, the options.
  sha256sum "$@" >"$tmp/list1"
  sha256sum --tag "$d/f1" "$d/back\\slash" "$d/new${nl}line" >"$tmp/list2"
  same "-c" sha256sum -c "$tmp/list1"
  same "-c (BSD lines)" sha256sum -c "$tmp/list2"
fi
if command -v sha256sum >/dev/null 2>&1 && [ "$once" = 1 ]; then
  same "-c LIST LIST" sha256sum -c "$tmp/list1" "$tmp/list2"
  same "-c --quiet" sha256sum -c --quiet "$tmp/list1" "$tmp/list2"
  same "-c --status" sha256sum -c --status "$tmp/list1"
  IN=$tmp/list2
  same "-c from standard input" sha256sum -c -
  IN=/dev/null
  # Comments, blank lines, white space before a line, Windows line ends.
  { echo '# a comment'; echo; sed -n '1s/^/  /p' "$tmp/list1"; sed -n "2s/\$/$cr/p" "$tmp/list1"; } \
    >"$tmp/list3"
  same "-c (comments, blanks, CRLF)" sha256sum -c "$tmp/list3"
  # A mismatch, a missing file, an improperly formatted line.
  { cat "$tmp/list1"; echo "$(sed -n 1p "$tmp/list1" | cut -c1-64)  $d/missing"; echo 'garbage'; } \
    >"$tmp/list4"
  printf 'changed' >>"$d/f7"
  same "-c (FAILED, missing, garbage)" sha256sum -c "$tmp/list4"
  same "-c --quiet (failures)" sha256sum -c --quiet "$tmp/list4"
  same "-c --status (failures)" sha256sum -c --status "$tmp/list4"
  same "-c --warn" sha256sum -c --warn "$tmp/list4"
  same "-c --ignore-missing" sha256sum -c --ignore-missing "$tmp/list4"
  # Only the missing file, then only a good file and garbage (--strict).
  grep "$d/missing" "$tmp/list4" >"$tmp/list5"
  same "-c --ignore-missing, nothing verified" sha256sum -c --ignore-missing \
    "$tmp/list5"
  { sed -n 1p "$tmp/list1"; echo 'garbage'; } >"$tmp/list6"
  same "-c (garbage)" sha256sum -c "$tmp/list6"
  same "-c --strict" sha256sum -c --strict "$tmp/list6"
  echo 'garbage' >"$tmp/list7"
  same "-c (no proper line)" sha256sum -c "$tmp/list7"
  same "-c (no such list)" sha256sum -c "$tmp/nolist"
  # Every other hash the library has, against its coreutils program.
  for h in $(awk '$2 == "hash" { print $1 }' "$tmp/list"); do
    command -v "${h}sum" >/dev/null 2>&1 || continue
    OURS="-a $h"
    same "-a $h" "${h}sum" "$@"
    same "-a $h --tag" "${h}sum" --tag "$@"
    OURS=
    "${h}sum" "$d/f1" "$d/abc" >"$tmp/listh"
    same "-c ($h)" "${h}sum" -c "$tmp/listh"
  done
fi
command -v sha256sum >/dev/null 2>&1 || echo "sha256sum not found: comparison with coreutils skipped"
# Lists mixing hashes and formats, written by dgst itself, NUL-terminated too.
"$T" dgst "$@" >"$tmp/mine"
"$T" dgst -a sha224 --tag "$d/f2" "$d/new${nl}line" >>"$tmp/mine"
expect 0 "$T" dgst -c "$tmp/mine"
[ "$(grep -c ': OK$' "$tmp/o")" -eq $((nfiles + 2)) ] || fail "dgst -c: want $((nfiles + 2)) OK lines"
"$T" dgst -z "$@" >"$tmp/mine0"
expect 0 "$T" dgst -c -z "$tmp/mine0"
[ "$(tr -cd '\000' <"$tmp/o" | wc -c)" -eq "$nfiles" ] || fail "dgst -c -z: want $nfiles records"
# -a: the SHA-256 lines are improperly formatted for SHA-224 (not a failure
# without --strict).
expect 0 "$T" dgst -a sha224 -c "$tmp/mine"
grep -q "WARNING: $nfiles lines are improperly formatted" "$tmp/e" || fail "dgst -a sha224 -c"
expect 1 "$T" dgst -a sha224 -c --strict "$tmp/mine"
expect 1 "$T" dgst "$d/nonexistent" "$d/abc"
grep -q "  $d/abc\$" "$tmp/o" || fail "dgst stops at a missing file"
if [ "$once" = 1 ]; then
expect 2 "$T" dgst -a md5 "$d/abc"
expect 2 "$T" dgst --bogus
expect 2 "$T" dgst --quiet "$d/abc"
expect 2 "$T" dgst --strict "$d/abc"
expect 2 "$T" dgst -c --tag "$tmp/mine"
expect 2 "$T" dgst -b -t "$d/abc"
fi

# ---------------------------------------------------------------- rand
[ "$("$T" rand 1000 | wc -c)" -eq 1000 ] || fail "rand 1000 is not 1000 bytes"
[ "$("$T" rand --os 1000 | wc -c)" -eq 1000 ] || fail "rand --os 1000"
[ "$("$T" rand 1k | wc -c)" -eq 1024 ] || fail "rand 1k is not 1024 bytes"
[ "$("$T" rand 2M | wc -c)" -eq 2097152 ] || fail "rand 2M is not 2 MiB"
expect 0 "$T" rand --hex 16
grep -qx '[0-9a-f]\{32\}' "$tmp/o" || fail "rand --hex 16: want 32 hex digits"
a=$("$T" rand --hex 32) b=$("$T" rand --hex 32)
[ "$a" != "$b" ] || fail "rand gave the same bytes twice"
if [ "$once" = 1 ]; then
for n in 0 1 2 3 57 58 100 1000 58368 58369 200000; do
  "$T" rand --base64 $n >"$tmp/b64" || fail "rand --base64 $n"
  awk 'length($0) > 76 { exit 1 }' "$tmp/b64" || fail "rand --base64 $n: a line over 76 columns"
  if command -v base64 >/dev/null 2>&1; then
    [ "$(base64 -d <"$tmp/b64" | wc -c)" -eq $n ] || fail "rand --base64 $n does not decode to $n bytes"
  fi
done
[ ! -s "$tmp/b64" ] || [ "$(tail -c 1 "$tmp/b64" | od -An -c | tr -d ' ')" = '\n' ] \
  || fail "rand --base64: no final newline"
expect 0 "$T" rand -o "$tmp/r" 4k
[ ! -s "$tmp/o" ] || fail "rand -o wrote to standard output"
[ "$(wc -c <"$tmp/r")" -eq 4096 ] || fail "rand -o FILE 4k: want 4096 bytes in FILE"
[ "$(stat -c %a "$tmp/r")" = 600 ] || fail "rand -o: a new file is not mode 0600"
expect 1 "$T" rand -o "$tmp/no/such/dir/r" 4
expect 2 "$T" rand
expect 2 "$T" rand -5
expect 2 "$T" rand 12x
expect 2 "$T" rand 1k5
expect 2 "$T" rand 99999999999999999999
expect 2 "$T" rand 99999999999G
expect 2 "$T" rand 1 2
expect 2 "$T" rand --bogus 3
expect 2 "$T" rand --hex --base64 3
fi

# ---------------------------------------------------------------- speed
if [ "$once" = 1 ]; then
expect 2 "$T" speed --list 'no-such-algorithm'
grep -q "no case matches the filter 'no-such-algorithm'" "$tmp/e" || fail "speed: no-match message"
expect 2 "$T" speed -t 0.001 'no-such-algorithm'
expect 2 "$T" speed --bogus
expect 2 "$T" speed --count 0 --list
# --count: one benchstat line per repetition on standard output, the
# summary on standard error; no real-time scheduling unless --rt.
unset AXIOM_BENCH_RT AXIOM_BENCH_COUNT AXIOM_BENCH_FILTER AXIOM_BENCH_SIZES AXIOM_BENCH_REPS
expect 0 "$T" speed --count 3 -t 0.003 -s 16 'aes-128-ctr/encrypt'
[ "$(grep -c '^BenchmarkCipher/alg=aes-128-ctr/op=encrypt/size=16/lib=axiom	' "$tmp/o")" -eq 3 ] \
  || fail "speed --count 3: want 3 repetition lines"
grep -q '^BenchmarkAES128CTR/encrypt/16 ' "$tmp/e" || fail "speed --count: no summary on stderr"
grep -q '^# scheduling: SCHED_OTHER, not pinned' "$tmp/o" || fail "speed: scheduling without --rt"
fi

# ---------------------------------------------------------------- manual page
if [ "$once" = 0 ]; then
  :
elif [ -f "$MAN" ]; then
  for c in "" $commands; do
    if [ -z "$c" ]; then f=$tmp/help; else f=$tmp/help-$c; fi
    for opt in $(sed -n 's/^ *\(-[a-zA-Z], \)\{0,1\}--\([a-z][a-z0-9-]*\).*/\2/p' "$f"); do
      esc=$(printf '%s' "$opt" | sed 's/-/\\\\-/g')
      grep -q -- "\\\\-\\\\-$esc" "$MAN" || fail "the manual page lacks --$opt (from 'help $c')"
    done
  done
  for c in $commands; do
    grep -q "^\\.SS \"$c" "$MAN" || fail "the manual page has no section for '$c'"
  done
  if command -v groff >/dev/null 2>&1; then
    LC_ALL=C.UTF-8 groff -man -ww -z "$MAN" >"$tmp/groff" 2>&1
    [ ! -s "$tmp/groff" ] || { fail "groff warns about the manual page"; cat "$tmp/groff" >&2; }
  fi
else
  fail "no manual page at $MAN"
fi

# ---------------------------------------------------------------- bash completion
if [ "$once" = 1 ] && command -v bash >/dev/null 2>&1; then
  complete_words() {
    # shellcheck disable=SC2016  # expanded by bash
    bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _axiom_crypto
             printf "%s\n" "${COMPREPLY[@]}"' sh "$COMPLETION" "$T" "$@" | sort | tr '\n' ' '
  }
  [ "$(complete_words '')" = "--help --version cpu dec dgst enc help keygen list rand speed " ] \
    || fail "completion of commands: $(complete_words '')"
  hashes=$(awk '$2 == "hash" { print $1 }' "$tmp/list" | sort | tr '\n' ' ')
  [ "$(complete_words dgst -a '')" = "$hashes" ] || fail "completion of dgst -a: $(complete_words dgst -a '')"
  # shellcheck disable=SC2086  # a word list
  [ "$(complete_words dgst --algorithm = sha2)" = "$(printf '%s\n' $hashes | grep '^sha2' | tr '\n' ' ')" ] \
    || fail "completion of dgst --algorithm=sha2"
  [ "$(complete_words speed aes-128-c)" = "aes-128-cbc aes-128-cfb aes-128-cmac aes-128-ctr " ] \
    || fail "completion of speed aes-128-c: $(complete_words speed aes-128-c)"
  [ "$(complete_words help l)" = "list " ] || fail "completion of help l"
  for c in list dgst rand speed enc dec keygen; do
    for opt in $(sed -n 's/^ *\(-[a-zA-Z], \)\{0,1\}--\([a-z][a-z0-9-]*\).*/\2/p' "$tmp/help-$c"); do
      complete_words "$c" "--$opt" | grep -q -- "--$opt " || fail "completion of $c --$opt"
    done
  done
fi

exit $status
