#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Run one test program under every CPU tier: native; native without the
# per-model kernel preferences (AXIOM_CPU_TUNING=0: the kernel a CPU
# model passes over runs too); no AVX-512 (so the
# ymm VAES kernels run on a CPU that has zmm ones); no VAES/AVX-512 (AES-NI,
# AVX2); no AES-NI/PCLMUL/VAES/AVX-512/GFNI/SHA-NI (plain SIMD); and the
# portable C code alone.  Fails if any tier fails; skips (77) if every
# tier skipped, so that a test without its dependencies is counted as one.
# AXIOM_TIERS (space-separated tier names) restricts the set.
# AXIOM_TEST_RUNNER, when set, is the command that runs the program (the
# emulator of make check-cross, tests/cross.sh).
prog="$1"; shift
tiers="${AXIOM_TIERS:-native untuned ymm no-avx512 no-aesni all-off}"
status=0
skipped=0
ran=0
for tier in $tiers; do
  tuning=
  case "$tier" in
    native)   dis="" ;;
    untuned)  dis=""; tuning=0 ;;
    ymm)      dis="avx512" ;;
    no-avx512) dis="avx512,vaes,vpclmul" ;;
    no-aesni) dis="aesni,pclmul,vaes,vpclmul,avx512,gfni,shani" ;;
    all-off)  dis="all" ;;
    *) echo "unknown tier $tier" >&2; exit 99 ;;
  esac
  echo "=== tier $tier (AXIOM_CPU_DISABLE=$dis${tuning:+ AXIOM_CPU_TUNING=$tuning})"
  # An empty AXIOM_CPU_TUNING reads as unset (the preferences on).
  AXIOM_CPU_TUNING="${tuning:-${AXIOM_CPU_TUNING:-}}" AXIOM_CPU_DISABLE="$dis" AXIOM_TIER="$tier" \
    ${AXIOM_TEST_RUNNER:-} "$prog" "$@"
  rc=$?
  ran=$((ran + 1))
  # 77 (skip) in one tier does not hide a failure in another.
  if [ $rc -eq 77 ]; then
    skipped=$((skipped + 1))
  elif [ $rc -ne 0 ]; then
    echo "=== tier $tier FAILED (exit $rc)"
    status=1
  fi
done
if [ $status -eq 0 ] && [ $ran -gt 0 ] && [ $skipped -eq $ran ]; then
  exit 77
fi
exit $status
