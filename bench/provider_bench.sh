#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# make bench-provider: `openssl speed -evp` with the axiom provider
# preferred against the default provider, in interleaved rounds (median
# ratio and range), at 16 KiB and 16 bytes; then bench/provider-bench (the
# same comparison in one process, the provider's own cost per call, and a
# TLS 1.3 loopback transfer of AXIOM_BENCH_TLS_BYTES, 1 GiB by default).
# AXIOM_BENCH_ROUNDS (default 7) and AXIOM_BENCH_SECONDS (default 1) set
# the openssl speed rounds.  Not part of make check: no timing is asserted.
set -eu
: "${OPENSSL_BIN:=$(command -v openssl)}"
: "${AXIOM_PROVIDER_DIR:?}"
rounds=${AXIOM_BENCH_ROUNDS:-7}
secs=${AXIOM_BENCH_SECONDS:-1}
work=$(mktemp -d "${TMPDIR:-/tmp}/axiom-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
LD_LIBRARY_PATH="${AXIOM_LIB_DIR:-}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export LD_LIBRARY_PATH

cat > "$work/axiom.cnf" <<EOF
openssl_conf = openssl_init
[openssl_init]
providers = provider_sect
alg_section = algorithm_sect
[provider_sect]
default = default_sect
axiom = axiom_sect
[default_sect]
activate = 1
[axiom_sect]
module = $AXIOM_PROVIDER_DIR/axiom.so
activate = 1
[algorithm_sect]
default_properties = ?provider=axiom
EOF

model=$(awk -F': ' '/^model name/ {print $2; exit}' /proc/cpuinfo)
family=$(awk -F': ' '/^cpu family/ {print $2; exit}' /proc/cpuinfo)
cpumodel=$(awk -F': ' '/^model\t/ {print $2; exit}' /proc/cpuinfo)
echo "# CPU: $model (family $family, model $cpumodel); $("$OPENSSL_BIN" version)"
echo "# openssl speed -evp ALG -bytes N -seconds $secs, with OPENSSL_CONF=axiom.cnf"
echo "# (provider preferred) and without, alternating; $rounds rounds"
printf '%-18s %6s %12s %12s %8s %17s\n' algorithm bytes "axiom kB/s" "default kB/s" ratio range

# The kB/s figure openssl speed prints for one size ("ALG  NNNN.NNk").
speed() {
  "$OPENSSL_BIN" speed -evp "$1" -bytes "$2" -seconds "$secs" 2>/dev/null |
    awk 'END { v = $NF; sub(/k$/, "", v); print v }'
}

for alg in aes-128-gcm chacha20-poly1305 sm4-ctr aes-128-ctr; do
  for bytes in 16384 16; do
    : > "$work/r"
    i=0
    while [ $i -lt "$rounds" ]; do
      if [ $((i % 2)) -eq 0 ]; then
        a=$(OPENSSL_CONF="$work/axiom.cnf" speed $alg $bytes); d=$(OPENSSL_CONF=/dev/null speed $alg $bytes)
      else
        d=$(OPENSSL_CONF=/dev/null speed $alg $bytes); a=$(OPENSSL_CONF="$work/axiom.cnf" speed $alg $bytes)
      fi
      echo "$a $d" >> "$work/r"
      i=$((i + 1))
    done
    awk -v alg="$alg" -v bytes="$bytes" '
      { a[NR] = $1; d[NR] = $2; r[NR] = $1 / $2 }
      function med(v, n,   i, j, t) {
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
        return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
      }
      END {
        lo = r[1]; hi = r[1]
        for (i = 2; i <= NR; i++) { if (r[i] < lo) lo = r[i]; if (r[i] > hi) hi = r[i] }
        printf "%-18s %6d %12.0f %12.0f %7.2fx  [%5.2f, %5.2f]\n", alg, bytes, med(a, NR), med(d, NR), med(r, NR), lo, hi
      }' "$work/r"
  done
done

"$OPENSSL_BIN" req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
  -keyout "$work/key.pem" -out "$work/cert.pem" -days 2 -subj /CN=localhost 2>/dev/null
AXIOM_BENCH_CERT=$work/cert.pem AXIOM_BENCH_KEY=$work/key.pem AXIOM_BENCH_ROUNDS=${AXIOM_BENCH_ROUNDS:-11} \
  "${PROVIDER_BENCH:-bench/provider-bench}"
