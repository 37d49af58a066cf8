/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The libaxiom driver of the benchmark runner: one operation is one message
 * through the public API, exactly as a caller would do it. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <axiom.h>

#include "bench.h"

#ifdef __GLIBC__
#include <malloc.h> /* malloc_usable_size */
#endif

typedef struct axiom_state {
    const bench_alg *alg;
    int dir;
    axiom_cipher_ctx *ctx;
    axiom_aead_ctx *aead;
    uint8_t iv[32];
    uint8_t key[64];
} axiom_state;

static int axiom_drv_init(void)
{
    return 0;
}

static const char *axiom_drv_version(void)
{
    return axiom_version_string();
}

static void axiom_drv_teardown(void *p)
{
    axiom_state *st = p;
    if (!st)
        return;
    axiom_cipher_free(st->ctx);
    axiom_aead_free(st->aead);
    axiom_wipe(st, sizeof *st);
    free(st);
}

static void *axiom_drv_setup(const bench_alg *a, int encrypt, const uint8_t *key,
                             const uint8_t *iv)
{
    axiom_state *st = calloc(1, sizeof *st);
    int rc = AXIOM_OK;
    if (!st)
        return NULL;
    st->alg = a;
    st->dir = encrypt ? AXIOM_ENCRYPT : AXIOM_DECRYPT;
    if (a->ivlen > sizeof st->iv || a->keylen > sizeof st->key)
        goto fail;
    memcpy(st->iv, iv, a->ivlen);
    memcpy(st->key, key, a->keylen);
    switch (a->kind) {
    case BENCH_CIPHER:
        rc = axiom_cipher_new(&st->ctx, a->name);
        if (rc == AXIOM_OK)
            rc = axiom_cipher_init(st->ctx, st->dir, key, a->keylen, st->iv, a->ivlen);
        break;
    case BENCH_AEAD:
        rc = axiom_aead_new(&st->aead, a->name);
        if (rc == AXIOM_OK)
            rc = axiom_aead_setkey(st->aead, key, a->keylen);
        break;
    case BENCH_HASH:
    case BENCH_HASH_MANY:
    case BENCH_HMAC:
    case BENCH_RAND:
    case BENCH_RAND_OS:
        break; /* one-shot calls: nothing to prepare */
    }
    if (rc == AXIOM_OK)
        return st;
    fprintf(stderr, "libaxiom: %s: %s\n", a->name, axiom_strerror(rc));
fail:
    axiom_drv_teardown(st);
    return NULL;
}

static int run_many(axiom_state *st, const bench_msg *m, uint64_t iters)
{
    const bench_alg *a = st->alg;
    uint8_t *digests[BENCH_MANY];
    const void *msgs[BENCH_MANY];
    size_t lens[BENCH_MANY];
    int rc = AXIOM_OK;
    for (size_t j = 0; j < BENCH_MANY; j++) {
        digests[j] = m->out + j * a->digestlen;
        msgs[j] = m->in + j * m->stride;
        lens[j] = m->len;
    }
    for (uint64_t i = 0; i < iters && rc == AXIOM_OK; i++)
        rc = axiom_hash_many(a->hash, digests, a->digestlen, msgs, lens, BENCH_MANY);
    return rc;
}

static int axiom_drv_run(void *p, const bench_msg *m, uint64_t iters)
{
    axiom_state *st = p;
    const bench_alg *a = st->alg;
    size_t len = m->len;
    int rc = AXIOM_OK;
    switch (a->kind) {
    case BENCH_CIPHER:
        for (uint64_t i = 0; i < iters && rc == AXIOM_OK; i++) {
            /* Every message restarts the IV (XTS requires it: a new tweak
             * per data unit); ECB has no IV to reset. */
            if (a->ivlen)
                rc = axiom_cipher_init(st->ctx, st->dir, NULL, 0, st->iv, a->ivlen);
            if (rc == AXIOM_OK)
                rc = axiom_cipher_update(st->ctx, m->out, m->in, len);
        }
        break;
    case BENCH_AEAD:
        for (uint64_t i = 0; i < iters && rc == AXIOM_OK; i++)
            rc = st->dir == AXIOM_ENCRYPT
                     ? axiom_aead_seal(st->aead, m->out, m->out + len, BENCH_TAGLEN, st->iv,
                                       a->ivlen, NULL, 0, m->in, len)
                     : axiom_aead_open(st->aead, m->out, m->in + len, BENCH_TAGLEN, st->iv,
                                       a->ivlen, NULL, 0, m->in, len);
        break;
    case BENCH_HASH:
        for (uint64_t i = 0; i < iters && rc == AXIOM_OK; i++)
            rc = axiom_hash(a->hash, m->out, a->digestlen, m->in, len);
        break;
    case BENCH_HMAC:
        for (uint64_t i = 0; i < iters && rc == AXIOM_OK; i++)
            rc = axiom_hmac(a->hash, m->out, a->digestlen, st->key, a->keylen, m->in, len);
        break;
    case BENCH_HASH_MANY:
        rc = run_many(st, m, iters);
        break;
    case BENCH_RAND:
        for (uint64_t i = 0; i < iters && rc == AXIOM_OK; i++)
            rc = axiom_random_fill(m->out, len);
        break;
    case BENCH_RAND_OS:
        for (uint64_t i = 0; i < iters && rc == AXIOM_OK; i++)
            rc = axiom_random_bytes(m->out, len);
        break;
    }
    if (rc != AXIOM_OK) {
        fprintf(stderr, "libaxiom: %s: %s\n", a->name, axiom_strerror(rc));
        return -1;
    }
    return 0;
}

/* The contexts are opaque, but lib/api/cipher.c and lib/api/aead.c keep them, key
 * schedules included, in one heap block each: flush the whole block as the
 * allocator sized it.  If the library ever moves the schedule out of that
 * block, this flushes less than it claims (see doc/PERFORMANCE.md).
 * Without glibc's malloc_usable_size only the cache sweep reaches the
 * context.  One-shot hashes and the generators keep no state here. */
static void axiom_drv_flush(void *p)
{
    axiom_state *st = p;
    bench_flush_range(st, sizeof *st);
#ifdef __GLIBC__
    if (st->ctx)
        bench_flush_range(st->ctx, malloc_usable_size(st->ctx));
    if (st->aead)
        bench_flush_range(st->aead, malloc_usable_size(st->aead));
#endif
}

const bench_impl bench_axiom = {
    .name = "axiom",
    .prefix = "",
    .init = axiom_drv_init,
    .version = axiom_drv_version,
    .setup = axiom_drv_setup,
    .run = axiom_drv_run,
    .flush = axiom_drv_flush,
    .teardown = axiom_drv_teardown,
};
