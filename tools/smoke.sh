#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Smoke test of the axiom tool for make check: help, exit codes, `cpu`,
# `list`, `dgst` against sha256sum/sha224sum, and `rand`.  tests/tiers.sh
# runs it once per CPU tier, so it stays well under a second.
set -u
axiom=${AXIOM_TOOL_BIN:-./tools/axiom}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/axiom-tool-smoke.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "FAIL: $*" >&2; status=1; }

# Expect exit code $1 from the rest of the line; output kept in $tmp/o.
expect() {
  want=$1; shift
  "$@" >"$tmp/o" 2>"$tmp/e" </dev/null; got=$?
  if [ "$got" -ne "$want" ]; then
    fail "exit $got, want $want: $*"; cat "$tmp/o" "$tmp/e" | sed 's/^/  | /' | head -20 >&2
  fi
}

# ---- the command line
expect 0 "$axiom" --help
expect 0 "$axiom" --version
expect 2 "$axiom"
expect 2 "$axiom" frobnicate
expect 2 "$axiom" --bogus
expect 2 "$axiom" list extra
expect 2 "$axiom" cpu extra

expect 0 "$axiom" cpu
grep -q '^aesni ' "$tmp/o" || fail "axiom cpu lacks aesni"

# ---- list: every algorithm, the kernel from the library
expect 0 "$axiom" list
for a in aes-128-ctr aes-256-xts chacha20 aes-128-gcm chacha20-poly1305 xchacha20-poly1305 \
         sm4-ecb sm4-gcm sha224 sha256 sha256-many; do
  grep -q "^$a " "$tmp/o" || fail "axiom list lacks $a"
done
# With everything disabled, portable kernels (generic*) serve everything.
if [ "${AXIOM_CPU_DISABLE:-}" = all ]; then
  awk 'NR > 1 && $3 !~ /^generic/ { bad = 1 } END { exit bad }' "$tmp/o" \
    || fail "AXIOM_CPU_DISABLE=all, yet a kernel that is not generic*"
  # ... and every default kernel is constant time, SM4's included.
  awk 'NR > 1 && $4 != "yes" { bad = 1 } END { exit bad }' "$tmp/o" \
    || fail "AXIOM_CPU_DISABLE=all, yet a default kernel that is not constant time"
fi

# ---- dgst: byte for byte what sha256sum prints
d=$tmp/d
mkdir "$d" "$d/sub"
: >"$d/empty"
printf 'abc' >"$d/abc"
printf 'x' >"$d/back\\slash"
"$axiom" rand 100000 >"$d/r100k" || fail "axiom rand 100000"
i=1
while [ $i -le 20 ]; do
  "$axiom" rand $((i * 61)) >"$d/f$i"
  i=$((i + 1))
done
# Over the whole-file limit: streamed, between batched files.
"$axiom" rand 5000000 >"$d/big"
files="$d/abc $d/empty $d/f1 $d/big $d/f2 $d/f3 $d/f4 $d/f5 $d/f6 $d/f7 $d/f8 $d/f9 $d/f10 \
$d/f11 $d/f12 $d/f13 $d/f14 $d/f15 $d/f16 $d/f17 $d/f18 $d/f19 $d/f20 $d/r100k $d/back\\slash"
if command -v sha256sum >/dev/null 2>&1; then
  # shellcheck disable=SC2086
  expect 0 "$axiom" dgst $files
  # shellcheck disable=SC2086
  sha256sum $files >"$tmp/want"
  cmp -s "$tmp/o" "$tmp/want" || fail "axiom dgst differs from sha256sum"
  expect 0 "$axiom" dgst -a sha224 "$d/abc" "$d/big"
  if command -v sha224sum >/dev/null 2>&1; then
    sha224sum "$d/abc" "$d/big" >"$tmp/want"
    cmp -s "$tmp/o" "$tmp/want" || fail "axiom dgst -a sha224 differs from sha224sum"
  fi
  # Standard input, named "-".
  "$axiom" dgst <"$d/abc" >"$tmp/o" || fail "axiom dgst <file"
  sha256sum <"$d/abc" >"$tmp/want"
  cmp -s "$tmp/o" "$tmp/want" || fail "axiom dgst on standard input"
  # -c reads sha256sum's output, sha224 lines too, and skips comments.
  # shellcheck disable=SC2086
  sha256sum $files >"$tmp/list"
  echo '# a comment' >>"$tmp/list"
  "$axiom" dgst -a sha224 "$d/f5" >>"$tmp/list"
  expect 0 "$axiom" dgst -c "$tmp/list"
  [ "$(grep -c ': OK$' "$tmp/o")" -eq 26 ] || fail "axiom dgst -c: want 26 OK lines"
  printf 'y' >>"$d/f7"
  expect 1 "$axiom" dgst -c "$tmp/list"
  grep -qx "$d/f7: FAILED" "$tmp/o" || fail "axiom dgst -c: no FAILED line for f7"
  [ "$(grep -c ': OK$' "$tmp/o")" -eq 25 ] || fail "axiom dgst -c: want 25 OK lines"
  expect 1 "$axiom" dgst -c --status "$tmp/list"
  [ -s "$tmp/o" ] && fail "axiom dgst -c --status printed something"
  expect 1 "$axiom" dgst -c --quiet "$tmp/list"
  [ "$(wc -l <"$tmp/o")" -eq 1 ] || fail "axiom dgst -c --quiet: want 1 line"
  printf 'garbage\n' >"$tmp/bad"
  expect 1 "$axiom" dgst -c "$tmp/bad"
else
  echo "sha256sum not found: comparison skipped"
fi
# Known answer (FIPS 180-4 "abc"), with or without coreutils.
expect 0 "$axiom" dgst "$d/abc"
grep -q '^ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  ' "$tmp/o" \
  || fail "SHA-256(abc)"
expect 1 "$axiom" dgst "$d/nonexistent" "$d/abc"
grep -q "  $d/abc\$" "$tmp/o" || fail "axiom dgst stops at a missing file"
expect 1 "$axiom" dgst "$d/sub"
expect 2 "$axiom" dgst -a md5 "$d/abc"
expect 2 "$axiom" dgst --bogus
expect 2 "$axiom" dgst --quiet "$d/abc"
expect 2 "$axiom" dgst -c "$tmp/list" "$tmp/list"

# ---- rand
[ "$("$axiom" rand 1000 | wc -c)" -eq 1000 ] || fail "axiom rand 1000 is not 1000 bytes"
[ "$("$axiom" rand --os 1000 | wc -c)" -eq 1000 ] || fail "axiom rand --os 1000"
expect 0 "$axiom" rand --hex 16
grep -qx '[0-9a-f]\{32\}' "$tmp/o" || fail "axiom rand --hex 16: want 32 hex digits"
a=$("$axiom" rand --hex 32) b=$("$axiom" rand --hex 32)
[ "$a" != "$b" ] || fail "axiom rand gave the same bytes twice"
expect 2 "$axiom" rand
expect 2 "$axiom" rand -5
expect 2 "$axiom" rand 12x
expect 2 "$axiom" rand 1 2
expect 2 "$axiom" rand --bogus 3

exit $status
