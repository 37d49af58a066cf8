/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libgcrypt as a benchmark peer: the same cases through gcry_cipher_*.
 * Compiled into axiom-bench only, never into the library or `axiom`. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <gcrypt.h>

#include "bench.h"
#include "peers.h"

typedef struct gcry_state {
    const bench_alg *alg;
    gcry_cipher_hd_t h;
    int enc;
    int ctr; /* CTR takes its IV through gcry_cipher_setctr */
    uint8_t iv[16];
} gcry_state;

static int gcry_drv_init(void)
{
    /* The documented start-up sequence for an application; no secure
     * memory, since nothing here is secret and it would warn. */
    if (!gcry_check_version(NULL))
        return -1;
    gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    return 0;
}

static const char *gcry_drv_version(void)
{
    return gcry_check_version(NULL);
}

/* Our names -> libgcrypt's algorithm and mode numbers. */
static int gcry_map(const char *name, int *algo, int *mode)
{
    static const struct {
        const char *suffix;
        int mode;
    } modes[] = {
        { "ecb", GCRY_CIPHER_MODE_ECB }, { "cbc", GCRY_CIPHER_MODE_CBC },
        { "ctr", GCRY_CIPHER_MODE_CTR }, { "cfb", GCRY_CIPHER_MODE_CFB }, /* CFB128 */
        { "ofb", GCRY_CIPHER_MODE_OFB }, { "xts", GCRY_CIPHER_MODE_XTS },
    };
    if (strcmp(name, "chacha20") == 0) {
        /* A 16-byte IV sets counter and nonce words as RFC 8439 lays them. */
        *algo = GCRY_CIPHER_CHACHA20;
        *mode = GCRY_CIPHER_MODE_STREAM;
        return 0;
    }
    if (strncmp(name, "aes-", 4) != 0)
        return -1;
    if (strncmp(name + 4, "128-", 4) == 0)
        *algo = GCRY_CIPHER_AES128;
    else if (strncmp(name + 4, "192-", 4) == 0)
        *algo = GCRY_CIPHER_AES192;
    else if (strncmp(name + 4, "256-", 4) == 0)
        *algo = GCRY_CIPHER_AES256;
    else
        return -1;
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++)
        if (strcmp(name + 8, modes[i].suffix) == 0) {
            *mode = modes[i].mode;
            return 0;
        }
    return -1;
}

static void gcry_drv_teardown(void *p)
{
    gcry_state *st = p;
    if (!st)
        return;
    if (st->h)
        gcry_cipher_close(st->h);
    free(st);
}

static void *gcry_drv_setup(const bench_alg *a, int encrypt, const uint8_t *key,
                            const uint8_t *iv)
{
    int algo, mode;
    if (a->kind != BENCH_CIPHER || a->ivlen > 16 || gcry_map(a->name, &algo, &mode) != 0)
        return NULL;
    gcry_state *st = calloc(1, sizeof *st);
    if (!st)
        return NULL;
    st->alg = a;
    st->enc = encrypt;
    st->ctr = mode == GCRY_CIPHER_MODE_CTR;
    memcpy(st->iv, iv, a->ivlen);
    /* XTS keys are both halves, as in libaxiom. */
    if (gcry_cipher_open(&st->h, algo, mode, 0) != 0 ||
        gcry_cipher_setkey(st->h, key, a->keylen) != 0) {
        gcry_drv_teardown(st);
        return NULL;
    }
    return st;
}

static int gcry_drv_run(void *p, uint8_t *out, const uint8_t *in, size_t len, uint64_t iters)
{
    gcry_state *st = p;
    for (uint64_t i = 0; i < iters; i++) {
        gcry_error_t e = 0;
        if (st->alg->ivlen)
            e = st->ctr ? gcry_cipher_setctr(st->h, st->iv, st->alg->ivlen)
                        : gcry_cipher_setiv(st->h, st->iv, st->alg->ivlen);
        if (!e)
            e = st->enc ? gcry_cipher_encrypt(st->h, out, len, in, len)
                        : gcry_cipher_decrypt(st->h, out, len, in, len);
        if (e)
            return -1;
    }
    return 0;
}

/* The handle may point inside its allocation (libgcrypt aligns it), so it
 * cannot be sized or flushed safely: only the cache sweep evicts it. */
static void gcry_drv_flush(void *p)
{
    bench_flush_range(p, sizeof(gcry_state));
}

const bench_impl bench_gcrypt = {
    .name = "gcrypt",
    .prefix = "Gcrypt_",
    .init = gcry_drv_init,
    .version = gcry_drv_version,
    .setup = gcry_drv_setup,
    .run = gcry_drv_run,
    .flush = gcry_drv_flush,
    .teardown = gcry_drv_teardown,
};
