#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# HTTPS with programs nobody here wrote: curl and Python's ssl module fetch
# a file from `openssl s_server -WWW`, the axiom provider configured on the
# server, then on the client; content checked, and the provider's counters
# show the TLS record AEAD ran in it.
. "${AXIOM_SRCDIR:-$(dirname "$0")/../..}/tests/provider/common.sh"

O=$OPENSSL_BIN
: "${CURL_BIN:=$(command -v curl)}"
: "${PYTHON3_BIN:=$(command -v python3)}"
[ -n "$CURL_BIN" ] && [ -x "$CURL_BIN" ] || CURL_BIN=
[ -n "$PYTHON3_BIN" ] && [ -x "$PYTHON3_BIN" ] || PYTHON3_BIN=
if [ -z "$CURL_BIN" ] && [ -z "$PYTHON3_BIN" ]; then
  echo "SKIP: neither curl nor python3"
  exit 77
fi
make_cert
mkdir "$WORK/www"
head -c 1048577 /dev/urandom > "$WORK/www/file.bin"
want=$(sha "$WORK/www/file.bin")

# fetch CLIENT SIDE: one HTTPS GET of /file.bin by CLIENT (curl or python),
# the provider configured on SIDE (server or client).
fetch() {
  client=$1 side=$2
  run=$((run + 1))
  d=$WORK/run$run
  mkdir "$d"
  scnf=/dev/null ccnf=/dev/null
  if [ "$side" = server ]; then scnf=$WORK/axiom.cnf; else ccnf=$WORK/axiom.cnf; fi
  tries=0
  while :; do
    port=$(pick_port) || fail "no free port"
    (cd "$WORK/www" && OPENSSL_CONF=$scnf AXIOM_PROVIDER_STATS=$d/stats exec "$O" s_server \
      -accept "127.0.0.1:$port" -naccept 1 -WWW -cert "$WORK/cert.pem" -key "$WORK/key.pem" \
      -quiet < /dev/null > "$d/server.out" 2>&1) &
    spid=$!
    PIDS="$PIDS $spid"
    wait_listen "$port" "$spid" && break
    tries=$((tries + 1))
    [ $tries -lt 5 ] || fail "s_server -WWW does not start: $(cat "$d/server.out")"
  done
  url=https://127.0.0.1:$port/file.bin
  case $client in
    curl)
      OPENSSL_CONF=$ccnf AXIOM_PROVIDER_STATS=$d/stats "$CURL_BIN" -sS --max-time 30 \
        --cacert "$WORK/cert.pem" -o "$d/got" "$url" 2> "$d/client.err" ||
        fail "curl ($side with axiom): $(cat "$d/client.err")" ;;
    python)
      OPENSSL_CONF=$ccnf AXIOM_PROVIDER_STATS=$d/stats "$PYTHON3_BIN" - "$url" "$WORK/cert.pem" \
        "$d/got" 2> "$d/client.err" <<'EOF' || fail "python ($side with axiom): $(cat "$d/client.err")"
import ssl, sys, urllib.request
url, ca, out = sys.argv[1:4]
ctx = ssl.create_default_context(cafile=ca)
with urllib.request.urlopen(url, context=ctx, timeout=30) as r:
    data = r.read()
with open(out, "wb") as f:
    f.write(data)
EOF
      ;;
  esac
  wait "$spid" || fail "s_server -WWW ($client, $side with axiom): $(cat "$d/server.out")"
  [ "$(sha "$d/got")" = "$want" ] ||
    fail "$client ($side with axiom) received $(wc -c < "$d/got") bytes, not the file"
  # The response's records (1 MiB in 16 KiB records at most) went through
  # the AEAD the client negotiated: TLS 1.3 with AES-256-GCM or
  # AES-128-GCM (or ChaCha20-Poly1305 on a machine without AES).
  set -- $(stat_ops "$d/stats" AES-256-GCM) $(stat_ops "$d/stats" AES-128-GCM) \
    $(stat_ops "$d/stats" ChaCha20-Poly1305)
  [ $(($2 + $4 + $6)) -ge 1048577 ] && [ $(($1 + $3 + $5)) -ge 64 ] ||
    fail "$client ($side with axiom): the records did not go through the provider ($(tr '\n' ' ' < "$d/stats" 2>/dev/null))"
  echo "ok: $client fetched 1 MiB, the provider in the $side ($(($1 + $3 + $5)) AEAD records)"
}

run=0
for side in server client; do
  if [ -n "$CURL_BIN" ]; then fetch curl $side; else echo "SKIP: curl (not installed)"; fi
  if [ -n "$PYTHON3_BIN" ]; then fetch python $side; else echo "SKIP: python3 (not installed)"; fi
done
echo "PASS: $run HTTPS fetches"
exit 0
