#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Test of the tool's enc, dec and keygen for make check: round trips at the
# lengths around every chunk and buffer boundary through files and pipes,
# key files and passphrases; truncated, extended, modified and mislabelled
# files fail with exit status 1, the reason, and nothing left behind; a
# second implementation of the format (tests/file_format_ref.py, Python)
# reads what enc writes and writes what dec reads.
# tests/tiers.sh runs it once per CPU tier.  LARGE=1 (make check-large)
# adds a 5 GiB sparse file through a pipe.
set -u
axiom=${AXIOM_TOOL_BIN:-./tools/axiom-crypto}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/axiom-enc-test.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "FAIL: $*" >&2; status=1; }

# Expect exit code $1 from the rest of the line; output in $tmp/out and
# $tmp/err.
expect() {
  want=$1; shift
  "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; got=$?
  if [ "$got" -ne "$want" ]; then
    fail "exit $got, want $want: $*"; sed 's/^/  | /' "$tmp/err" | head -10 >&2
  fi
}
# The directory holds only the files named (no temporary left behind).
only() {
  dir=$1; shift
  left=$(cd "$dir" && ls -A | sort | tr '\n' ' ')
  want=$(for f in "$@"; do echo "$f"; done | sort | tr '\n' ' ')
  [ "$left" = "$want" ] || fail "files in $dir: '$left', want '$want'"
}
# A file of $2 bytes of varied content.
mkfile() { head -c "$2" /dev/urandom >"$1"; }
# Copy file $1 to $2 with the byte at offset $3 changed (its lowest bit
# flipped, so the copy always differs, whatever the byte was).
flip() {
  cp "$1" "$2"
  b=$(od -An -tu1 -j "$3" -N1 "$1" | tr -d ' ')
  printf "\\$(printf '%03o' $((b ^ 1)))" | dd of="$2" bs=1 seek="$3" conv=notrunc 2>/dev/null
}

# Fast Argon2id for the tests (the defaults take a while on purpose).
pwopts="--argon2-t 1 --argon2-m 64 --argon2-p 1"

d=$tmp/d
mkdir "$d"
expect 0 "$axiom" keygen -o "$d/key"
grep -Eq '^AXIOM-KEY-1 [0-9a-f]{64}$' "$d/key" || fail "key file format"
[ "$(stat -c %a "$d/key")" = 600 ] || fail "key file mode $(stat -c %a "$d/key")"
expect 1 "$axiom" keygen -o "$d/key"   # exists
expect 0 "$axiom" keygen -o "$d/key2" --force
expect 0 "$axiom" keygen -o "$d/key2" --force
cmp -s "$d/key" "$d/key2" && fail "two keys are equal"
expect 2 "$axiom" keygen extra
expect 0 "$axiom" enc --help
expect 0 "$axiom" dec --help
expect 0 "$axiom" keygen --help
expect 2 "$axiom" enc "$d/key"                 # neither -k nor -p
expect 2 "$axiom" enc -k "$d/key" -p "$d/key"  # both
expect 2 "$axiom" enc -k "$d/key" -s aes-128-ctr -o "$d/x" "$d/key"
expect 2 "$axiom" enc -k "$d/key" --argon2-t 0 -o "$d/x" "$d/key"
expect 2 "$axiom" dec -k "$d/key" -s aes-128-gcm+sha256 "$d/key"
expect 2 "$axiom" dec -k "$d/key" a b
only "$d" key key2

# ---- round trips: chunk (16384) and buffer (4 MiB plaintext, 256
# ciphertext chunks) boundaries, every suite, files and pipes.  The buffer
# boundaries exercise the tool, not the kernels: once, in the native tier.
lens="0 1 15 16 17 16383 16384 16385 32767 32768 32769"
case ${AXIOM_TIER:-native} in
  native) lens="$lens 4194303 4194304 4194305 4198300 4198400 4198500 8388608 8405000" ;;
esac
i=0
for len in $lens; do
  i=$((i + 1))
  case $((i % 4)) in
    0) suite=aes-256-gcm+sha512 ;; 1) suite=aes-128-gcm+sha512 ;;
    2) suite=aes-256-gcm+sha256 ;; 3) suite=aes-128-gcm+sha256 ;;
  esac
  mkfile "$d/p" "$len"
  expect 0 "$axiom" enc -k "$d/key" -s "$suite" -o "$d/c" "$d/p"
  # Chunked encryption's size: the file header (11 + suite bytes), 56 bytes
  # of salt and commitment, 16 bytes per chunk.
  want=$((11 + ${#suite} + 56 + len + 16 * (len / 16384 + 1)))
  [ "$(stat -c %s "$d/c")" -eq "$want" ] || fail "$len bytes: ciphertext $(stat -c %s "$d/c"), want $want"
  expect 0 "$axiom" dec -k "$d/key" -o "$d/q" "$d/c"
  cmp -s "$d/p" "$d/q" || fail "$len bytes ($suite): file round trip"
  # Pipes both ways.
  "$axiom" enc -k "$d/key" -s "$suite" <"$d/p" | "$axiom" dec -k "$d/key" >"$d/q" \
    || fail "$len bytes: pipe round trip exit status"
  cmp -s "$d/p" "$d/q" || fail "$len bytes ($suite): pipe round trip"
  rm -f "$d/q"
  only "$d" key key2 p c
done

# ---- passphrases (from a descriptor; the file records the parameters).
# A build without libargon2 refuses them: then this part is skipped.
mkfile "$d/p" 50000
printf 'correct horse\n' >"$d/pw"
printf 'battery staple\n' >"$d/pw2"
if "$axiom" enc -p --passphrase-fd 3 $pwopts -o "$d/c" "$d/p" 3<"$d/pw" 2>"$tmp/err" </dev/null \
   || ! grep -q 'no Argon2id' "$tmp/err"; then
have_pass=1
rm -f "$d/c"
expect 0 "$axiom" enc -p --passphrase-fd 3 $pwopts -o "$d/c" "$d/p" 3<"$d/pw"
expect 0 "$axiom" dec -p --passphrase-fd 3 -o "$d/q" "$d/c" 3<"$d/pw"
cmp -s "$d/p" "$d/q" || fail "passphrase round trip"
rm -f "$d/q"
expect 1 "$axiom" dec -p --passphrase-fd 3 -o "$d/q" "$d/c" 3<"$d/pw2"
grep -q 'wrong key or passphrase' "$tmp/err" || fail "wrong passphrase: $(cat "$tmp/err")"
expect 1 "$axiom" dec -k "$d/key" -o "$d/q" "$d/c"
grep -q 'encrypted with a passphrase' "$tmp/err" || fail "mode mismatch: $(cat "$tmp/err")"
only "$d" key key2 p c pw pw2
else
  echo "SKIP: passphrases (this build has no libargon2)"
fi

# ---- a second implementation of the format (tests/file_format_ref.py,
# written from doc/file-format.md over Python's cryptography and
# argon2-cffi) reads what enc writes and writes what dec reads.
ref=${srcdir:-.}/tests/file_format_ref.py
refpy= refpass=0
for py in python3 /usr/bin/python3; do
  command -v "$py" >/dev/null 2>&1 || continue
  "$py" "$ref" check 2>/dev/null; rc=$?
  if [ $rc = 2 ]; then refpy=$py refpass=1; break; fi
  [ $rc = 0 ] && [ -z "$refpy" ] && refpy=$py
done
if [ -n "$refpy" ]; then
  e=$tmp/ref
  mkdir "$e"
  i=0
  for len in 0 1 16383 16384 16385 40000; do
    i=$((i + 1))
    case $((i % 4)) in
      0) suite=aes-256-gcm+sha512 ;; 1) suite=aes-128-gcm+sha512 ;;
      2) suite=aes-256-gcm+sha256 ;; 3) suite=aes-128-gcm+sha256 ;;
    esac
    mkfile "$e/p" "$len"
    expect 0 "$axiom" enc -k "$d/key" -s "$suite" -o "$e/c" "$e/p"
    expect 0 "$refpy" "$ref" dec "key:$d/key" "$e/c" "$e/q"
    cmp -s "$e/p" "$e/q" || fail "$len bytes ($suite): the second implementation read otherwise"
    expect 0 "$refpy" "$ref" enc "$suite" "key:$d/key" "$e/p" "$e/c"
    expect 0 "$axiom" dec -k "$d/key" -o "$e/q" "$e/c"
    cmp -s "$e/p" "$e/q" || fail "$len bytes ($suite): dec of the second implementation's file"
    expect 1 "$axiom" dec -k "$d/key2" -o "$e/q2" "$e/c"
  done
  if [ $refpass = 1 ] && [ -e "$d/pw" ] && [ -n "${have_pass:-}" ]; then
    expect 0 "$axiom" enc -p --passphrase-fd 3 $pwopts -o "$e/c" "$e/p" 3<"$d/pw"
    expect 0 "$refpy" "$ref" dec "pass:$d/pw" "$e/c" "$e/q"
    cmp -s "$e/p" "$e/q" || fail "passphrase: the second implementation read otherwise"
    expect 0 "$refpy" "$ref" enc aes-256-gcm+sha512 "pass:$d/pw" "$e/p" "$e/c"
    expect 0 "$axiom" dec -p --passphrase-fd 3 -o "$e/q" "$e/c" 3<"$d/pw"
    cmp -s "$e/p" "$e/q" || fail "passphrase: dec of the second implementation's file"
  else
    echo "SKIP: passphrases against the second implementation (no libargon2 or argon2-cffi)"
  fi
  rm -rf "$e"
else
  echo "SKIP: second implementation (needs Python 3 with cryptography; Debian: python3-cryptography)"
fi

# ---- failures: nothing left behind, an existing output kept, the reason said
mkfile "$d/p" 40000
expect 0 "$axiom" enc -k "$d/key" -o "$d/c" "$d/p"
printf 'keep me\n' >"$d/old"
size=$(stat -c %s "$d/c")
check_fails() { # file, expected reason
  expect 1 "$axiom" dec -k "$d/key" -o "$d/old" "$1"
  grep -q "$2" "$tmp/err" || fail "$1: '$(cat "$tmp/err")' lacks '$2'"
  [ "$(cat "$d/old")" = "keep me" ] || fail "$1: the existing output was touched"
}
for cut in 0 5 10 11 40 80 85 100 16000 16497 16498 16499 $((size - 17)) $((size - 16)) $((size - 1)); do
  head -c "$cut" "$d/c" >"$d/bad"
  expect 1 "$axiom" dec -k "$d/key" -o "$d/old" "$d/bad"
  [ "$(cat "$d/old")" = "keep me" ] || fail "cut at $cut: the existing output was touched"
done
head -c 85 "$d/c" >"$d/bad"; check_fails "$d/bad" "truncated"
head -c 16497 "$d/c" >"$d/bad"; check_fails "$d/bad" "truncated"
head -c 10 "$d/c" >"$d/bad"; check_fails "$d/bad" "not an axiom-crypto file"
{ cat "$d/c"; printf x; } >"$d/bad"; check_fails "$d/bad" "modified"
{ cat "$d/c"; head -c 16400 "$d/c"; } >"$d/bad"; check_fails "$d/bad" "modified"
for off in 3 9 10 12 20 40 50 60 100 16500 30000 $((size - 1)); do
  flip "$d/c" "$d/bad" "$off"
  expect 1 "$axiom" dec -k "$d/key" -o "$d/old" "$d/bad"
  [ "$(cat "$d/old")" = "keep me" ] || fail "byte $off: the existing output was touched"
done
flip "$d/c" "$d/bad" 30
check_fails "$d/bad" "wrong key or passphrase"   # the salt: the commitment fails
check_fails "$d/p" "not an axiom-crypto file"
expect 1 "$axiom" dec -k "$d/key2" -o "$d/old" "$d/c"
grep -q 'wrong key or passphrase' "$tmp/err" || fail "wrong key: $(cat "$tmp/err")"
expect 1 "$axiom" dec -k "$d/p" -o "$d/old" "$d/c"
grep -q 'not an axiom-crypto key file' "$tmp/err" || fail "bad key file: $(cat "$tmp/err")"
expect 1 "$axiom" dec -k "$d/key" -o "$d/old" "$d/nonexistent"
only "$d" key key2 p c pw pw2 old bad

# To standard output: verified chunks may come out, then exit status 1.
head -c $((size - 5)) "$d/c" >"$d/bad"
"$axiom" dec -k "$d/key" "$d/bad" >"$d/out" 2>"$tmp/err" && fail "truncated to stdout: exit 0"
grep -q 'may have been written' "$tmp/err" || fail "stdout note: $(cat "$tmp/err")"
[ "$(stat -c %s "$d/out")" -le 32768 ] || fail "more than the verified chunks on stdout"
head -c "$(stat -c %s "$d/out")" "$d/p" | cmp -s - "$d/out" \
  || fail "stdout output is not a prefix of the plaintext"
rm -f "$d/out" "$d/bad"

# Progress when asked (standard error is no terminal here).
mkfile "$d/p" 100000
expect 0 "$axiom" enc --progress -k "$d/key" -o "$d/c" "$d/p"
grep -q 'KiB' "$tmp/err" || fail "--progress printed nothing"
expect 0 "$axiom" dec --no-progress -k "$d/key" -o "$d/q" "$d/c"
[ -s "$tmp/err" ] && fail "--no-progress printed: $(cat "$tmp/err")"
cmp -s "$d/p" "$d/q" || fail "progress round trip"
rm -f "$d/q"

# A 5 GiB sparse file through a pipe (make check-large).
if [ "${LARGE:-0}" = 1 ]; then
  truncate -s 5G "$d/sparse"
  printf 'end' >>"$d/sparse"
  "$axiom" enc -k "$d/key" "$d/sparse" | "$axiom" dec -k "$d/key" | cmp - "$d/sparse" \
    || fail "5 GiB sparse file"
  "$axiom" enc -k "$d/key" "$d/sparse" | head -c 3000000000 | "$axiom" dec -k "$d/key" -o "$d/q" 2>"$tmp/err" \
    && fail "5 GiB file cut at 3 GB decrypted"
  [ -e "$d/q" ] && fail "cut 5 GiB file left an output"
  rm -f "$d/sparse"
fi

exit $status
