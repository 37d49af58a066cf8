/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The benchmark case table: one row per algorithm the library offers. */
#include "config.h"

#include <ctype.h>

#include <axiom.h>

#include "bench.h"

/* Adding an algorithm of an existing kind is one row here; the drivers map
 * names to their own APIs.  Keep in step with lib/api/catalog.c: a row the
 * library does not know makes the run fail, which is the point, unless it
 * is marked optional (an algorithm still on its way). */
#define CIPHER(name, key, iv, unit, min, max) \
    { name, BENCH_CIPHER, key, iv, unit, min, max, NULL, 0, NULL, 0 }
#define CIPHER_OPT(name, key, iv, unit, min) \
    { name, BENCH_CIPHER, key, iv, unit, min, 0, NULL, 0, NULL, 1 }
#define AEAD(name, key, nonce, opt) { name, BENCH_AEAD, key, nonce, 1, 1, 0, NULL, 0, NULL, opt }

const bench_alg bench_algs[] = {
    /*     name            key iv  unit min max */
    CIPHER("aes-128-ecb", 16, 0, 16, 16, 0),
    CIPHER("aes-128-cbc", 16, 16, 16, 16, 0),
    CIPHER("aes-128-ctr", 16, 16, 1, 1, 0),
    CIPHER("aes-128-cfb", 16, 16, 1, 1, 0),
    CIPHER("aes-128-ofb", 16, 16, 1, 1, 0),
    CIPHER("aes-192-ecb", 24, 0, 16, 16, 0),
    CIPHER("aes-192-cbc", 24, 16, 16, 16, 0),
    CIPHER("aes-192-ctr", 24, 16, 1, 1, 0),
    CIPHER("aes-192-cfb", 24, 16, 1, 1, 0),
    CIPHER("aes-192-ofb", 24, 16, 1, 1, 0),
    CIPHER("aes-256-ecb", 32, 0, 16, 16, 0),
    CIPHER("aes-256-cbc", 32, 16, 16, 16, 0),
    CIPHER("aes-256-ctr", 32, 16, 1, 1, 0),
    CIPHER("aes-256-cfb", 32, 16, 1, 1, 0),
    CIPHER("aes-256-ofb", 32, 16, 1, 1, 0),
    /* XTS: one data unit per message, 16 bytes to 2^24 (IEEE 1619). */
    CIPHER("aes-128-xts", 32, 16, 1, 16, (size_t)1 << 24),
    CIPHER("aes-256-xts", 64, 16, 1, 16, (size_t)1 << 24),
    /* Neither OpenSSL nor libgcrypt has Kuznyechik: libaxiom lines only. */
    CIPHER("kuznyechik-ecb", 32, 0, 16, 16, 0),
    CIPHER("kuznyechik-cbc", 32, 16, 16, 16, 0),
    CIPHER("kuznyechik-ctr", 32, 16, 1, 1, 0),
    CIPHER("kuznyechik-cfb", 32, 16, 1, 1, 0),
    CIPHER("kuznyechik-ofb", 32, 16, 1, 1, 0),
    /* The OpenSSL driver loads the GOST provider when it is installed,
     * which gives the Kuznyechik rows a peer. */
    CIPHER("kuznyechik-ctr-acpkm", 32, 16, 1, 1, 0),
    CIPHER_OPT("sm4-ecb", 16, 0, 16, 16),
    CIPHER_OPT("sm4-cbc", 16, 16, 16, 16),
    CIPHER_OPT("sm4-ctr", 16, 16, 1, 1),
    CIPHER_OPT("sm4-cfb", 16, 16, 1, 1),
    CIPHER_OPT("sm4-ofb", 16, 16, 1, 1),
    /* 16-byte IV: 32-bit little-endian block counter, then the nonce (the
     * layout OpenSSL and libgcrypt take too). */
    CIPHER("chacha20", 32, 16, 1, 1, 0),
    /* AEAD: 16-byte tags, no associated data, the nonce reused for every
     * message (a benchmark may; nothing else should). */
    AEAD("aes-128-gcm", 16, 12, 0),
    AEAD("aes-192-gcm", 24, 12, 0),
    AEAD("aes-256-gcm", 32, 12, 0),
    AEAD("sm4-gcm", 16, 12, 1),
    AEAD("aes-128-gcm-siv", 16, 12, 0), /* libgcrypt; OpenSSL from 3.2 */
    AEAD("aes-256-gcm-siv", 32, 12, 0),
    AEAD("chacha20-poly1305", 32, 12, 0),
    AEAD("xchacha20-poly1305", 32, 24, 0), /* libaxiom only */
    AEAD("xaes-256-gcm", 32, 24, 0),       /* libaxiom only */
    AEAD("kuznyechik-mgm", 32, 16, 0),     /* the runner clears the nonce's top bit */
    /* Keys derived per message (KDF_TREE over Streebog) from the nonce's
     * seed; the GOST provider 3.0.1 cannot key it, the GOST engine is the
     * OpenSSL peer. */
    AEAD("kuznyechik-ctr-acpkm-omac", 32, 16, 0),
    /* AEGIS: libaegis when configure found it (--with-bench-libaegis). */
    AEAD("aegis-128l", 16, 16, 0),
    AEAD("aegis-128x2", 16, 16, 0),
    AEAD("aegis-128x4", 16, 16, 0),
    AEAD("aegis-256", 32, 32, 0),
    AEAD("aegis-256x2", 32, 32, 0),
    AEAD("aegis-256x4", 32, 32, 0),
    { "sha224", BENCH_HASH, 0, 0, 1, 1, 0, "sha224", 28, NULL, 0 },
    { "sha256", BENCH_HASH, 0, 0, 1, 1, 0, "sha256", 32, NULL, 0 },
    /* BENCH_MANY messages of the case size per operation: libaxiom's
     * axiom_hash_many() against as many one-shot calls of the peers. */
    { "sha256-many", BENCH_HASH_MANY, 0, 0, 1, 1, 0, "sha256", 32, "sha256-many", 0 },
    { "hmac-sha256", BENCH_HMAC, 32, 0, 1, 1, 0, "sha256", 32, "sha256", 0 },
    /* CMAC: a full 16-byte tag; peers: OpenSSL's CMAC (the GOST provider's
     * kuznyechik-mac), libgcrypt's CMAC. */
    { "aes-128-cmac", BENCH_MAC, 16, 0, 1, 1, 0, NULL, 16, NULL, 0 },
    { "aes-256-cmac", BENCH_MAC, 32, 0, 1, 1, 0, NULL, 16, NULL, 0 },
    { "sm4-cmac", BENCH_MAC, 16, 0, 1, 1, 0, NULL, 16, NULL, 0 },
    { "kuznyechik-cmac", BENCH_MAC, 32, 0, 1, 1, 0, NULL, 16, NULL, 0 },
    /* OMAC-ACPKM with N = T* = 4096 (the name's defaults); peer: the GOST
     * provider's OMAC-ACPKM, named kuznyechik-ctr-acpkm-omac, whose
     * defaults those are. */
    { "kuznyechik-omac-acpkm", BENCH_MAC, 32, 0, 1, 1, 0, NULL, 16, NULL, 0 },
    { "sha384", BENCH_HASH, 0, 0, 1, 1, 0, "sha384", 48, NULL, 0 },
    { "sha512", BENCH_HASH, 0, 0, 1, 1, 0, "sha512", 64, NULL, 0 },
    { "sha512-256", BENCH_HASH, 0, 0, 1, 1, 0, "sha512-256", 32, NULL, 0 },
    { "hmac-sha384", BENCH_HMAC, 48, 0, 1, 1, 0, "sha384", 48, "sha384", 0 },
    { "hmac-sha512", BENCH_HMAC, 64, 0, 1, 1, 0, "sha512", 64, "sha512", 0 },
    /* The fast generator is a CTR_DRBG on the AES-256 kernel. */
    { "random", BENCH_RAND, 0, 0, 1, 1, 0, NULL, 0, "aes-256-ctr", 0 },
    { "random-os", BENCH_RAND_OS, 0, 0, 1, 1, 0, NULL, 0, "", 0 },
    /* axiom_drbg_generate without additional input: the same CTR_DRBG
     * without the fast generator's buffer. */
    { "drbg", BENCH_DRBG, 0, 0, 1, 1, 0, NULL, 0, "aes-256-ctr", 0 },
};

const size_t bench_nalgs = sizeof bench_algs / sizeof bench_algs[0];

void bench_alg_label(const bench_alg *a, char *out, size_t outlen)
{
    size_t n = 0;
    if (outlen == 0)
        return;
    /* Dashes would look like Go's -GOMAXPROCS suffix to benchstat. */
    for (const char *s = a->name; *s && n + 1 < outlen; s++)
        if (*s != '-')
            out[n++] = (char)toupper((unsigned char)*s);
    out[n] = '\0';
}

int bench_alg_accepts(const bench_alg *a, size_t len)
{
    if (len < a->minlen || (a->maxlen && len > a->maxlen))
        return 0;
    return len % a->unit == 0;
}

int bench_alg_ndirs(const bench_alg *a)
{
    return a->kind == BENCH_CIPHER || a->kind == BENCH_AEAD ? 2 : 1;
}

const char *bench_dir_name(const bench_alg *a, int encrypt)
{
    switch (a->kind) {
    case BENCH_CIPHER:
        return encrypt ? "encrypt" : "decrypt";
    case BENCH_AEAD:
        return encrypt ? "seal" : "open";
    case BENCH_HASH:
    case BENCH_HASH_MANY:
        return "digest";
    case BENCH_HMAC:
    case BENCH_MAC:
        return "mac";
    case BENCH_RAND:
    case BENCH_RAND_OS:
    case BENCH_DRBG:
        break;
    }
    return "generate";
}

size_t bench_alg_outlen(const bench_alg *a, int encrypt, size_t len)
{
    switch (a->kind) {
    case BENCH_AEAD:
        return encrypt ? len + BENCH_TAGLEN : len;
    case BENCH_HASH:
    case BENCH_HMAC:
    case BENCH_MAC:
        return a->digestlen;
    case BENCH_HASH_MANY:
        return BENCH_MANY * a->digestlen;
    case BENCH_CIPHER:
    case BENCH_RAND:
    case BENCH_RAND_OS:
    case BENCH_DRBG:
        break;
    }
    return len;
}

size_t bench_alg_bytes(const bench_alg *a, size_t len)
{
    return a->kind == BENCH_HASH_MANY ? BENCH_MANY * len : len;
}

const char *bench_alg_kernel(const bench_alg *a)
{
    if (a->impl && !a->impl[0])
        return "os";
    return axiom_impl(a->impl ? a->impl : a->name);
}
