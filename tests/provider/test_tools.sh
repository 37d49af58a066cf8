#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The openssl command with the axiom provider configured as documented:
# it is listed and active; enc, dgst, mac and kdf give the same bytes as
# without it while the provider's counters show the work was done there;
# speed runs; rand draws from its CTR-DRBG through the [random] section.
. "${AXIOM_SRCDIR:-$(dirname "$0")/../..}/tests/provider/common.sh"

O=$OPENSSL_BIN

# Listed and active.
OPENSSL_CONF="$WORK/axiom.cnf" "$O" list -providers > "$WORK/list" || fail "openssl list -providers"
grep -q "libaxiom provider" "$WORK/list" || fail "axiom not listed: $(cat "$WORK/list")"
grep -A3 "^  axiom" "$WORK/list" | grep -q "status: active" || fail "axiom not active"
OPENSSL_CONF="$WORK/axiom.cnf" "$O" list -cipher-algorithms > "$WORK/ciphers"
for a in AES-128-GCM ChaCha20-Poly1305 SM4-CTR kuznyechik-ctr; do
  grep -qi "$a.* @ axiom" "$WORK/ciphers" || fail "$a not offered by axiom"
done

head -c 300001 /dev/urandom > "$WORK/data"
K32=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
IV16=f0e1d2c3b4a5968778695a4b3c2d1e0f

# enc: the same ciphertext with and without the provider, and back.
n=0
for spec in aes-128-cbc:16:16 aes-192-ecb:24:0 aes-256-ctr:32:16 aes-128-cfb:16:16 \
            aes-256-ofb:32:16 chacha20:32:16 sm4-cbc:16:16 sm4-ctr:16:16 sm4-cfb:16:16 \
            sm4-ofb:16:16 sm4-ecb:16:0 kuznyechik-cbc:32:16; do
  c=${spec%%:*}; kl=${spec#*:}; kl=${kl%%:*}; ivl=${spec##*:}
  key=$(echo "$K32" | cut -c1-$((kl * 2)))
  ivopt=
  [ "$ivl" -gt 0 ] && ivopt="-iv $(echo "$IV16" | cut -c1-$((ivl * 2)))"
  for pad in "" -nopad; do
    in=$WORK/data
    if [ -n "$pad" ]; then head -c 300000 "$WORK/data" > "$WORK/data16"; in=$WORK/data16; fi
    n=$((n + 1))
    st=$WORK/enc$n.stats
    # Kuznyechik exists only in the provider (or in gost-engine's).
    if [ "$c" != kuznyechik-cbc ]; then
      "$O" enc -"$c" $pad -K "$key" $ivopt -in "$in" -out "$WORK/stock" ||
        fail "openssl enc -$c $pad (stock)"
    fi
    with_axiom "$st" "$O" enc -"$c" $pad -K "$key" $ivopt -in "$in" -out "$WORK/ax" ||
      fail "openssl enc -$c $pad (axiom)"
    if [ "$c" != kuznyechik-cbc ]; then
      cmp -s "$WORK/stock" "$WORK/ax" || fail "enc -$c $pad: different ciphertext"
    fi
    with_axiom "$st.d" "$O" enc -d -"$c" $pad -K "$key" $ivopt -in "$WORK/ax" -out "$WORK/back" ||
      fail "openssl enc -d -$c $pad (axiom)"
    cmp -s "$in" "$WORK/back" || fail "enc -d -$c $pad: not the plaintext"
    name=$(echo "$c" | tr a-z A-Z)
    [ "$c" = chacha20 ] && name=ChaCha20
    [ "$c" = kuznyechik-cbc ] && name=kuznyechik-cbc
    expect_ops "$st" "$name" 1 300000
    expect_ops "$st.d" "$name" 1 300000
  done
done

# A password: OpenSSL's PBKDF2 over the provider's SHA-256.
"$O" enc -aes-256-cbc -pbkdf2 -iter 2000 -S 0102030405060708 -pass pass:secret \
  -in "$WORK/data" -out "$WORK/stock" || fail "enc -pbkdf2 (stock)"
with_axiom "$WORK/pb.stats" "$O" enc -aes-256-cbc -pbkdf2 -iter 2000 -S 0102030405060708 \
  -pass pass:secret -in "$WORK/data" -out "$WORK/ax" || fail "enc -pbkdf2 (axiom)"
cmp -s "$WORK/stock" "$WORK/ax" || fail "enc -pbkdf2: different ciphertext"
expect_ops "$WORK/pb.stats" SHA2-256 4000 1

# dgst, mac and kdf.
for d in sha256 sha224; do
  "$O" dgst -"$d" -r "$WORK/data" > "$WORK/stock" || fail "dgst -$d (stock)"
  with_axiom "$WORK/$d.stats" "$O" dgst -"$d" -r "$WORK/data" > "$WORK/ax" || fail "dgst -$d"
  cmp -s "$WORK/stock" "$WORK/ax" || fail "dgst -$d: $(cat "$WORK/stock") vs $(cat "$WORK/ax")"
  name=SHA2-$(echo "$d" | cut -c4-)
  expect_ops "$WORK/$d.stats" "$name" 1 300001
  "$O" dgst -"$d" -hmac hmac-key -r "$WORK/data" > "$WORK/stock"
  with_axiom "$WORK/h$d.stats" "$O" dgst -"$d" -hmac hmac-key -r "$WORK/data" > "$WORK/ax" ||
    fail "dgst -$d -hmac"
  cmp -s "$WORK/stock" "$WORK/ax" || fail "dgst -$d -hmac: different MAC"
done
for d in SHA256 SHA384; do
  "$O" mac -digest "$d" -macopt hexkey:"$K32" -in "$WORK/data" HMAC > "$WORK/stock" ||
    fail "openssl mac $d (stock)"
  with_axiom "$WORK/mac.stats" "$O" mac -digest "$d" -macopt hexkey:"$K32" -in "$WORK/data" \
    HMAC > "$WORK/ax" || fail "openssl mac $d"
  cmp -s "$WORK/stock" "$WORK/ax" || fail "mac HMAC-$d: different MAC"
  kdfargs="-keylen 77 -kdfopt digest:$d -kdfopt hexkey:$K32 -kdfopt salt:pepper -kdfopt info:ctx HKDF"
  "$O" kdf $kdfargs > "$WORK/stock" || fail "openssl kdf $d (stock)"
  with_axiom "$WORK/kdf.stats" "$O" kdf $kdfargs > "$WORK/ax" || fail "openssl kdf $d"
  cmp -s "$WORK/stock" "$WORK/ax" || fail "kdf HKDF-$d: different key"
  expect_ops "$WORK/kdf.stats" HKDF 1 1
  rm -f "$WORK/kdf.stats"
done

# speed runs through the provider (a short run: no timing is checked).
with_axiom "$WORK/speed.stats" "$O" speed -evp aes-128-gcm -bytes 16384 -seconds 1 \
  > "$WORK/speed" 2>&1 || fail "openssl speed: $(cat "$WORK/speed")"
grep -qi "aes-128-gcm" "$WORK/speed" || fail "openssl speed printed no result"
expect_ops "$WORK/speed.stats" AES-128-GCM 1 16384

# rand through the [random] section.
OPENSSL_CONF="$WORK/axiom-random.cnf" AXIOM_PROVIDER_STATS="$WORK/rand.stats" \
  "$O" rand -hex 4096 > "$WORK/rand" || fail "openssl rand"
[ "$(tr -d '\n' < "$WORK/rand" | wc -c)" -eq 8192 ] || fail "openssl rand: short output"
expect_ops "$WORK/rand.stats" CTR-DRBG 1 4096
echo "PASS: openssl list, enc ($n runs), dgst, mac, kdf, speed and rand through the provider"
exit 0
