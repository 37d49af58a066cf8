#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The hardened build of the shared library (configure's default): the CET
# property note with IBT and SHSTK on the library and on every object in
# it (x86-64 libraries only: the property is x86's), BIND_NOW, a GNU_RELRO
# segment and a non-executable stack.  Skipped (77) with
# --disable-hardening, without a shared library or without readelf.
so=lib/.libs/libaxiom.so.0
if [ "${AXIOM_HARDENING:-yes}" = no ]; then
  echo "hardening.sh: configured with --disable-hardening: skipped"; exit 77
fi
if [ ! -f "$so" ]; then
  echo "hardening.sh: no $so (static-only build): skipped"; exit 77
fi
READELF=${READELF:-readelf}
if ! command -v "$READELF" >/dev/null 2>&1; then
  echo "hardening.sh: no readelf: skipped"; exit 77
fi
# The library's machine, not the build machine's (a cross build).
cet=no
"$READELF" -h "$so" | grep -q 'Machine:.*X86-64' && cet=yes
status=0
notes=$("$READELF" -n "$so")
dyn=$("$READELF" -d "$so")
segs=$("$READELF" -lW "$so")
if [ $cet = yes ]; then
  echo "$notes" | grep -q 'x86 feature:.*IBT' || { echo "FAIL: no IBT in the x86 feature property note"; status=1; }
  echo "$notes" | grep -q 'x86 feature:.*SHSTK' || { echo "FAIL: no SHSTK in the x86 feature property note"; status=1; }
fi
echo "$dyn" | grep -Eq '\(FLAGS\).*BIND_NOW|\(FLAGS_1\).*NOW' || { echo "FAIL: not linked with -z now (no BIND_NOW)"; status=1; }
echo "$segs" | grep -q 'GNU_RELRO' || { echo "FAIL: no GNU_RELRO segment (-z relro)"; status=1; }
stack=$(echo "$segs" | grep 'GNU_STACK')
if [ -z "$stack" ]; then
  echo "FAIL: no GNU_STACK segment (executable stack by default)"; status=1
elif echo "$stack" | grep -q 'RWE'; then
  echo "FAIL: executable stack: $stack"; status=1
fi
# Every object of the library, one by one: the link marks the library
# (configure.ac), so only this shows that each object was compiled with
# the property (an assembler file without <cet.h>, say, would lack it).
nobj=0
for o in $(find lib -path '*/.libs/*.o' 2>/dev/null); do
  nobj=$((nobj + 1))
  [ $cet = no ] || "$READELF" -n "$o" | grep -q 'x86 feature:.*IBT.*SHSTK' ||
    { echo "FAIL: $o has no IBT/SHSTK property note"; status=1; }
done
if [ $nobj -eq 0 ]; then
  echo "FAIL: no library objects found under lib/*/.libs"; status=1
fi
if [ $status -eq 0 ] && [ $cet = yes ]; then
  echo "hardening.sh: $so has IBT, SHSTK, BIND_NOW, GNU_RELRO and a non-executable stack;"
  echo "hardening.sh: all $nobj objects carry the IBT and SHSTK property"
elif [ $status -eq 0 ]; then
  echo "hardening.sh: $so has BIND_NOW, GNU_RELRO and a non-executable stack (not x86-64: no CET property to check)"
fi
exit $status
