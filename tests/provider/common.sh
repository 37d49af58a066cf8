# SPDX-License-Identifier: GPL-2.0-or-later
# Helpers for the provider's shell tests (sourced): configuration files
# that load axiom.so from the build tree, scratch space, free loopback
# ports, and the operation counters the provider writes at exit.

: "${OPENSSL_BIN:=$(command -v openssl)}"
if [ -z "$OPENSSL_BIN" ] || [ ! -x "$OPENSSL_BIN" ]; then
  echo "SKIP: no openssl program"
  exit 77
fi
# make check-cross runs target programs under an emulator (tests/cross.sh):
# the host's openssl, curl and python cannot load a module built for the
# target.
if [ -n "${AXIOM_TEST_RUNNER:-}" ]; then
  echo "SKIP: the module is built for an emulated target ($AXIOM_TEST_RUNNER)"
  exit 77
fi
if [ -z "$AXIOM_PROVIDER_DIR" ] || [ ! -f "$AXIOM_PROVIDER_DIR/axiom.so" ]; then
  echo "FAIL: AXIOM_PROVIDER_DIR does not hold axiom.so (run through make check)" >&2
  exit 99
fi
# The module finds libaxiom.so.0 of the build tree, not an installed one.
LD_LIBRARY_PATH="${AXIOM_LIB_DIR}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export LD_LIBRARY_PATH
unset OPENSSL_CONF AXIOM_PROVIDER_STATS

WORK=$(mktemp -d "${TMPDIR:-/tmp}/axiom-provider.XXXXXX") || exit 99
PIDS=
cleanup() {
  for p in $PIDS; do kill "$p" 2>/dev/null; done
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 99' INT TERM

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# axiom.cnf loads the provider next to the default one and prefers it, as
# doc/provider.md tells users to; axiom-random.cnf adds the [random] section.
write_configs() {
  cat > "$WORK/axiom.cnf" <<EOF
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
  sed 's/^alg_section = algorithm_sect$/alg_section = algorithm_sect\
random = random_sect/' "$WORK/axiom.cnf" > "$WORK/axiom-random.cnf"
  cat >> "$WORK/axiom-random.cnf" <<EOF
[random_sect]
random = CTR-DRBG
cipher = AES-256-CTR
properties = provider=axiom
EOF
}
write_configs

# Run a command with the provider configured; its counters go to $1.
with_axiom() {
  stats=$1
  shift
  OPENSSL_CONF="$WORK/axiom.cnf" AXIOM_PROVIDER_STATS="$stats" "$@"
}

# Operations and bytes an algorithm counted in a stats file (0 0 if none).
stat_ops() {
  awk -v a="$2" '$1 == a { o += $2; b += $3 } END { printf "%d %d\n", o, b }' "$1" 2>/dev/null ||
    echo "0 0"
}

# Fail unless $2 counted at least $3 operations and $4 bytes in file $1.
expect_ops() {
  set -- "$1" "$2" "$3" "$4" $(stat_ops "$1" "$2")
  [ "$5" -ge "$3" ] && [ "$6" -ge "$4" ] ||
    fail "$2 ran $5 times over $6 bytes in the provider, expected at least $3 and $4 ($1: $(tr '\n' ' ' < "$1" 2>/dev/null))"
}

# A TCP port on 127.0.0.1 nobody uses now, different per process and tier.
pick_port() {
  n=0
  while [ $n -lt 50 ]; do
    p=$(( 20000 + ( $$ * 7 + n * 7919 + $(od -An -N2 -tu2 /dev/urandom) ) % 40000 ))
    hex=$(printf '%04X' "$p")
    if ! cat /proc/net/tcp /proc/net/tcp6 2>/dev/null | awk '{print $2}' | grep -q ":$hex\$"; then
      echo "$p"
      return 0
    fi
    n=$((n + 1))
  done
  return 1
}

# Wait until something listens on port $1 while process $2 lives.
wait_listen() {
  hex=$(printf '%04X' "$1")
  i=0
  while [ $i -lt 200 ]; do
    if cat /proc/net/tcp /proc/net/tcp6 2>/dev/null |
       awk '$4 == "0A" {print $2}' | grep -q ":$hex\$"; then
      return 0
    fi
    kill -0 "$2" 2>/dev/null || return 1
    sleep 0.05
    i=$((i + 1))
  done
  return 1
}

# Wait until file $1 holds $2 bytes (at most ~30 s).
wait_size() {
  i=0
  while [ "$(wc -c < "$1" 2>/dev/null || echo 0)" -lt "$2" ] && [ $i -lt 600 ]; do
    sleep 0.05
    i=$((i + 1))
  done
}

sha() {
  "$OPENSSL_BIN" dgst -sha256 -r < "$1" | cut -d' ' -f1
}

# A P-256 key and a certificate for 127.0.0.1 / localhost.
make_cert() {
  "$OPENSSL_BIN" req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
    -keyout "$WORK/key.pem" -out "$WORK/cert.pem" -days 2 -subj /CN=localhost \
    -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" 2>"$WORK/req.err" ||
    { cat "$WORK/req.err" >&2; fail "cannot make a test certificate"; }
}
