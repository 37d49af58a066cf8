#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# TLS between openssl s_server and s_client over loopback, the axiom
# provider configured on one side and a stock OpenSSL on the other (both
# ways round): TLS 1.3 with TLS_AES_128_GCM_SHA256, TLS_AES_256_GCM_SHA384
# and TLS_CHACHA20_POLY1305_SHA256, TLS 1.2 with AES-GCM and
# ChaCha20-Poly1305; a few MiB each way, SHA-256 of what arrived checked,
# and the provider's counters showing that the record layer's AEAD ran in it.
. "${AXIOM_SRCDIR:-$(dirname "$0")/../..}/tests/provider/common.sh"

O=$OPENSSL_BIN
N=${AXIOM_TLS_BYTES:-2097152}
make_cert
head -c "$N" /dev/urandom > "$WORK/s2c"
head -c "$N" /dev/urandom > "$WORK/c2s"
want_s2c=$(sha "$WORK/s2c")
want_c2s=$(sha "$WORK/c2s")

# tls SIDE AEAD VERSION-OPTIONS...: SIDE (server or client) runs with the
# provider; AEAD is the provider algorithm the records must go through.
tls() {
  side=$1 aead=$2
  shift 2
  run=$((run + 1))
  d=$WORK/run$run
  mkdir "$d"
  scnf=/dev/null ccnf=/dev/null
  if [ "$side" = server ]; then scnf=$WORK/axiom.cnf; else ccnf=$WORK/axiom.cnf; fi
  tries=0
  while :; do
    port=$(pick_port) || fail "no free port"
    # Each side keeps its input open until it has everything the other
    # sent, then its end of the connection closes and both exit normally
    # (the provider writes its counters at exit).
    ( cat "$WORK/s2c"; wait_size "$d/at_server" "$N" ) |
      OPENSSL_CONF=$scnf AXIOM_PROVIDER_STATS=$d/stats \
      "$O" s_server -accept "127.0.0.1:$port" -naccept 1 -cert "$WORK/cert.pem" \
        -key "$WORK/key.pem" -quiet "$@" > "$d/at_server" 2> "$d/server.err" &
    spid=$!
    PIDS="$PIDS $spid"
    wait_listen "$port" "$spid" && break
    tries=$((tries + 1))
    [ $tries -lt 5 ] || fail "s_server does not start: $(cat "$d/server.err")"
  done
  ( cat "$WORK/c2s"; wait_size "$d/at_client" "$N" ) |
    OPENSSL_CONF=$ccnf AXIOM_PROVIDER_STATS=$d/stats \
    "$O" s_client -connect "127.0.0.1:$port" -quiet -nocommands -no_ign_eof "$@" \
      > "$d/at_client" 2> "$d/client.err" ||
    fail "s_client $* ($side with axiom): $(cat "$d/client.err")"
  wait "$spid" || fail "s_server $* ($side with axiom): $(cat "$d/server.err")"
  [ "$(sha "$d/at_client")" = "$want_s2c" ] ||
    fail "$* ($side with axiom): the client received $(wc -c < "$d/at_client") bytes, not the server's $N"
  [ "$(sha "$d/at_server")" = "$want_c2s" ] ||
    fail "$* ($side with axiom): the server received $(wc -c < "$d/at_server") bytes, not the client's $N"
  # Every record of both directions, 16 KiB at most each.
  expect_ops "$d/stats" "$aead" $((2 * N / 16384)) $((2 * N))
  echo "ok: $* with the provider in the $side ($(stat_ops "$d/stats" "$aead") $aead ops/bytes)"
}

run=0
for side in server client; do
  tls $side AES-128-GCM -tls1_3 -ciphersuites TLS_AES_128_GCM_SHA256
  tls $side AES-256-GCM -tls1_3 -ciphersuites TLS_AES_256_GCM_SHA384
  tls $side ChaCha20-Poly1305 -tls1_3 -ciphersuites TLS_CHACHA20_POLY1305_SHA256
  tls $side AES-128-GCM -tls1_2 -cipher ECDHE-ECDSA-AES128-GCM-SHA256
done
tls server ChaCha20-Poly1305 -tls1_2 -cipher ECDHE-ECDSA-CHACHA20-POLY1305
# CBC records: the provider pads, and strips padding and MAC in constant
# time (encrypt-then-MAC as negotiated by default, and MAC-then-encrypt;
# with MAC-then-encrypt and SHA-1 or SHA-256 libssl takes OpenSSL's stitched
# AES-CBC-HMAC ciphers, which this provider does not offer).
tls server AES-256-CBC -tls1_2 -cipher ECDHE-ECDSA-AES256-SHA384
tls client AES-256-CBC -tls1_2 -cipher ECDHE-ECDSA-AES256-SHA384 -no_etm
tls server AES-128-CBC -tls1_2 -cipher ECDHE-ECDSA-AES128-SHA256
echo "PASS: $run TLS connections, $N bytes each way"
exit 0
