/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libgcrypt as a benchmark peer: the same cases through gcry_cipher_*,
 * gcry_md_hash_buffer, gcry_mac_* and gcry_randomize.  Compiled into
 * axiom-bench only, never into the library or `axiom-crypto`: as the
 * driver "gcrypt" against the system's libgcrypt, and with
 * BENCH_GCRYPT_MASTER as the driver "gcrypt-master" of a shim
 * (bench/shim.h) that holds a static libgcrypt built from its development
 * branch (configure --with-bench-libgcrypt), whose symbols and soname are
 * those of the system's. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gcrypt.h>

#include "bench.h"
#ifdef BENCH_GCRYPT_MASTER
#include "shim.h"
#define GCRY_DRIVER        bench_shim_driver
#define GCRY_DRIVER_NAME   "gcrypt-master"
#define GCRY_DRIVER_PREFIX "GcryptMaster_"
#else
#include "peers.h"
#define GCRY_DRIVER        bench_gcrypt
#define GCRY_DRIVER_NAME   "gcrypt"
#define GCRY_DRIVER_PREFIX "Gcrypt_"
#endif

typedef struct gcry_state {
    const bench_alg *alg;
    gcry_cipher_hd_t h;
    gcry_mac_hd_t mac;
    int md; /* hash kinds: GCRY_MD_* */
    int enc;
    int ctr; /* CTR takes its IV through gcry_cipher_setctr */
    int siv; /* GCM-SIV: the tag before the decryption */
    uint8_t iv[32];
    uint8_t key[64];
} gcry_state;

static int gcry_drv_init(void)
{
    /* The documented start-up sequence for an application; no secure
     * memory, since nothing here is secret and it would warn. */
    /* Must come before gcry_check_version.  libgcrypt 1.10 has no
     * AVX-512 code and no such feature name (the call then fails
     * harmlessly); later versions call their AVX-512 switch this.  The
     * same holds for "intel-gfni" (1.10.1 has no GFNI code); its VAES and
     * VPCLMULQDQ code is switched off by "intel-vaes-vpclmul". */
    if (bench_peer_noavx512())
        (void)gcry_control(GCRYCTL_DISABLE_HWF, "intel-avx512", NULL);
    if (bench_peer_novaes()) {
        (void)gcry_control(GCRYCTL_DISABLE_HWF, "intel-vaes-vpclmul", NULL);
        (void)gcry_control(GCRYCTL_DISABLE_HWF, "intel-gfni", NULL);
    }
    if (!gcry_check_version(NULL))
        return -1;
    gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    return 0;
}

static const char *gcry_drv_version(void)
{
#ifdef BENCH_GCRYPT_MASTER
    /* A development snapshot: the version and the commit it was built
     * from, which its identification text gives as "(COMMITID ...)". */
    static char buf[64];
    const char *id = gcry_check_version("\001\001");
    for (const char *c = id; c && (c = strchr(c, '(')) != NULL; c++)
        if (strspn(c + 1, "0123456789abcdef") >= 12) {
            snprintf(buf, sizeof buf, "%s (%.12s)", gcry_check_version(NULL), c + 1);
            return buf;
        }
#endif
    return gcry_check_version(NULL);
}

/* Our cipher and AEAD names -> libgcrypt's algorithm and mode numbers. */
static int gcry_map(const char *name, int *algo, int *mode)
{
    static const struct {
        const char *prefix;
        int algo;
    } ciphers[] = {
        { "aes-128-", GCRY_CIPHER_AES128 },
        { "aes-192-", GCRY_CIPHER_AES192 },
        { "aes-256-", GCRY_CIPHER_AES256 },
#if GCRYPT_VERSION_NUMBER >= 0x010900 /* SM4 arrived in 1.9 */
        { "sm4-", GCRY_CIPHER_SM4 },
#endif
    };
    static const struct {
        const char *suffix;
        int mode;
    } modes[] = {
        { "ecb", GCRY_CIPHER_MODE_ECB }, { "cbc", GCRY_CIPHER_MODE_CBC },
        { "ctr", GCRY_CIPHER_MODE_CTR }, { "cfb", GCRY_CIPHER_MODE_CFB }, /* CFB128 */
        { "ofb", GCRY_CIPHER_MODE_OFB }, { "xts", GCRY_CIPHER_MODE_XTS },
        { "gcm", GCRY_CIPHER_MODE_GCM },
#if GCRYPT_VERSION_NUMBER >= 0x010a00 /* GCM-SIV arrived in 1.10 */
        { "gcm-siv", GCRY_CIPHER_MODE_GCM_SIV },
#endif
    };
    if (strcmp(name, "chacha20") == 0) {
        /* A 16-byte IV sets counter and nonce words as RFC 8439 lays them. */
        *algo = GCRY_CIPHER_CHACHA20;
        *mode = GCRY_CIPHER_MODE_STREAM;
        return 0;
    }
    if (strcmp(name, "chacha20-poly1305") == 0) {
        *algo = GCRY_CIPHER_CHACHA20;
        *mode = GCRY_CIPHER_MODE_POLY1305;
        return 0;
    }
    for (size_t i = 0; i < sizeof ciphers / sizeof ciphers[0]; i++) {
        size_t n = strlen(ciphers[i].prefix);
        if (strncmp(name, ciphers[i].prefix, n) != 0)
            continue;
        for (size_t j = 0; j < sizeof modes / sizeof modes[0]; j++)
            if (strcmp(name + n, modes[j].suffix) == 0) {
                *algo = ciphers[i].algo;
                *mode = modes[j].mode;
                return 0;
            }
    }
    return -1;
}

static int gcry_map_md(const char *hash)
{
    if (strcmp(hash, "sha224") == 0)
        return GCRY_MD_SHA224;
    if (strcmp(hash, "sha256") == 0)
        return GCRY_MD_SHA256;
    if (strcmp(hash, "sha384") == 0)
        return GCRY_MD_SHA384;
    if (strcmp(hash, "sha512") == 0)
        return GCRY_MD_SHA512;
    if (strcmp(hash, "sha512-256") == 0)
        return GCRY_MD_SHA512_256;
    return -1;
}

static int gcry_map_hmac(const char *hash)
{
    if (strcmp(hash, "sha256") == 0)
        return GCRY_MAC_HMAC_SHA256;
    if (strcmp(hash, "sha384") == 0)
        return GCRY_MAC_HMAC_SHA384;
    if (strcmp(hash, "sha512") == 0)
        return GCRY_MAC_HMAC_SHA512;
    return -1;
}

static void gcry_drv_teardown(void *p)
{
    gcry_state *st = p;
    if (!st)
        return;
    if (st->h)
        gcry_cipher_close(st->h);
    if (st->mac)
        gcry_mac_close(st->mac);
    free(st);
}

static int setup_cipher(gcry_state *st, const bench_alg *a, const uint8_t *key)
{
    int algo, mode;
    if (gcry_map(a->name, &algo, &mode) != 0)
        return -1;
    st->ctr = mode == GCRY_CIPHER_MODE_CTR;
#if GCRYPT_VERSION_NUMBER >= 0x010a00
    st->siv = mode == GCRY_CIPHER_MODE_GCM_SIV;
#endif
    /* XTS keys are both halves, as in libaxiom. */
    if (gcry_cipher_open(&st->h, algo, mode, 0) != 0 ||
        gcry_cipher_setkey(st->h, key, a->keylen) != 0)
        return -1;
    return 0;
}

static void *gcry_drv_setup(const bench_alg *a, int encrypt, const uint8_t *key,
                            const uint8_t *iv)
{
    gcry_state *st = calloc(1, sizeof *st);
    if (!st)
        return NULL;
    if (a->ivlen > sizeof st->iv || a->keylen > sizeof st->key) {
        free(st);
        return NULL;
    }
    st->alg = a;
    st->enc = encrypt;
    memcpy(st->iv, iv, a->ivlen);
    memcpy(st->key, key, a->keylen);
    int rc = -1;
    switch (a->kind) {
    case BENCH_CIPHER:
    case BENCH_AEAD:
        rc = setup_cipher(st, a, key);
        break;
    case BENCH_HASH:
    case BENCH_HASH_MANY:
        st->md = gcry_map_md(a->hash);
        rc = st->md < 0 ? -1 : 0;
        break;
    case BENCH_HMAC:
        if (gcry_map_hmac(a->hash) >= 0 &&
            gcry_mac_open(&st->mac, gcry_map_hmac(a->hash), 0, NULL) == 0)
            rc = 0;
        break;
    case BENCH_MAC: {
        /* CMAC over AES or SM4; libgcrypt has no Kuznyechik. */
        int algo = strncmp(a->name, "aes-", 4) == 0   ? GCRY_MAC_CMAC_AES
                   : strcmp(a->name, "sm4-cmac") == 0 ? GCRY_MAC_CMAC_SM4
                                                      : -1;
        if (algo > 0 && gcry_mac_open(&st->mac, algo, 0, NULL) == 0)
            rc = 0;
        break;
    }
    case BENCH_RAND:
        rc = 0;
        break;
    case BENCH_RAND_OS:
    case BENCH_DRBG:
        break; /* libaxiom's OS path and its DRBG object have no counterpart here */
    }
    if (rc == 0)
        return st;
    gcry_drv_teardown(st);
    return NULL;
}

static int run_cipher(gcry_state *st, const bench_msg *m, uint64_t iters)
{
    const bench_alg *a = st->alg;
    size_t len = m->len;
    for (uint64_t i = 0; i < iters; i++) {
        gcry_error_t e = 0;
        /* GCM-SIV takes a decryption tag only on a fresh handle. */
        if (st->siv)
            e = gcry_cipher_reset(st->h);
        if (!e && a->ivlen)
            e = st->ctr ? gcry_cipher_setctr(st->h, st->iv, a->ivlen)
                        : gcry_cipher_setiv(st->h, st->iv, a->ivlen);
        /* AEAD modes want to be told that the next call is the last;
         * GCM-SIV decrypts from the tag, so it is given first. */
        if (!e && a->kind == BENCH_AEAD)
            e = gcry_cipher_final(st->h);
#if GCRYPT_VERSION_NUMBER >= 0x010a00
        if (!e && st->siv && !st->enc)
            e = gcry_cipher_set_decryption_tag(st->h, m->in + len, BENCH_TAGLEN);
#endif
        if (!e)
            e = st->enc ? gcry_cipher_encrypt(st->h, m->out, len, m->in, len)
                        : gcry_cipher_decrypt(st->h, m->out, len, m->in, len);
        if (!e && a->kind == BENCH_AEAD)
            e = st->enc ? gcry_cipher_gettag(st->h, m->out + len, BENCH_TAGLEN)
                        : gcry_cipher_checktag(st->h, m->in + len, BENCH_TAGLEN);
        if (e)
            return -1;
    }
    return 0;
}

/* The key goes in for every message, as in the one-shot HMAC(),
 * axiom_hmac() and axiom_mac() this is compared with (for HMAC, setkey
 * also resets the state). */
static int run_hmac(gcry_state *st, const bench_msg *m, uint64_t iters)
{
    const bench_alg *a = st->alg;
    for (uint64_t i = 0; i < iters; i++) {
        size_t outlen = a->digestlen;
        /* CMAC's setkey does not restart a finished message: reset first. */
        if ((a->kind == BENCH_MAC && gcry_mac_reset(st->mac) != 0) ||
            gcry_mac_setkey(st->mac, st->key, a->keylen) != 0 ||
            gcry_mac_write(st->mac, m->in, m->len) != 0 ||
            gcry_mac_read(st->mac, m->out, &outlen) != 0 || outlen != a->digestlen)
            return -1;
    }
    return 0;
}

static int gcry_drv_run(void *p, const bench_msg *m, uint64_t iters)
{
    gcry_state *st = p;
    const bench_alg *a = st->alg;
    switch (a->kind) {
    case BENCH_CIPHER:
    case BENCH_AEAD:
        return run_cipher(st, m, iters);
    case BENCH_HASH:
        for (uint64_t i = 0; i < iters; i++)
            gcry_md_hash_buffer(st->md, m->out, m->in, m->len);
        return 0;
    case BENCH_HASH_MANY:
        /* The peer's best for many messages: one call each. */
        for (uint64_t i = 0; i < iters; i++)
            for (size_t j = 0; j < BENCH_MANY; j++)
                gcry_md_hash_buffer(st->md, m->out + j * a->digestlen, m->in + j * m->stride,
                                    m->len);
        return 0;
    case BENCH_HMAC:
    case BENCH_MAC:
        return run_hmac(st, m, iters);
    case BENCH_RAND:
        /* GCRY_STRONG_RANDOM is the level libgcrypt recommends for session
         * keys; GCRY_VERY_STRONG_RANDOM would be slower still. */
        for (uint64_t i = 0; i < iters; i++)
            gcry_randomize(m->out, m->len, GCRY_STRONG_RANDOM);
        return 0;
    case BENCH_RAND_OS:
    case BENCH_DRBG:
        break;
    }
    return -1;
}

const bench_impl GCRY_DRIVER = {
    .name = GCRY_DRIVER_NAME,
    .prefix = GCRY_DRIVER_PREFIX,
    .init = gcry_drv_init,
    .version = gcry_drv_version,
    .setup = gcry_drv_setup,
    .run = gcry_drv_run,
    .state_size = sizeof(gcry_state), /* the handle may point inside its allocation: only the cache sweep evicts it */
    .teardown = gcry_drv_teardown,
};
