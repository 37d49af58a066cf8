/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The libaxiom driver of the benchmark runner: one operation is one message
 * through the public API, exactly as a caller would do it. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <axiom.h>

#include "bench.h"

typedef struct axiom_state {
    const bench_alg *alg;
    int dir;
    axiom_cipher_ctx *ctx;
    axiom_aead_ctx *aead;
    size_t ctx_flush;        /* bytes to flush from the context on (--cold) */
    axiom_drbg *drbg;
    uint8_t iv[32];
    uint8_t key[64];
} axiom_state;

/* The contexts are opaque and come from the library's own allocator (a
 * pool of pages kept out of core dumps, lib/core/secmem.c), so their size
 * is not known here: --cold flushes CTX_FLUSH_MAX bytes from the context
 * on (more than any context holds), cut at the end of the mapping that
 * holds it (/proc/self/maps, read once per case), since flushing an
 * unmapped address faults.  Where /proc is missing only the cache sweep
 * reaches the context. */
#define CTX_FLUSH_MAX 8192

static size_t flush_extent(const void *p)
{
    FILE *f = fopen("/proc/self/maps", "r");
    size_t n = 0;
    if (!f)
        return 0;
    unsigned long lo, hi;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "%lx-%lx", &lo, &hi) == 2 && (uintptr_t)p >= lo && (uintptr_t)p < hi) {
            n = hi - (uintptr_t)p;
            break;
        }
    }
    fclose(f);
    return n < CTX_FLUSH_MAX ? n : CTX_FLUSH_MAX;
}

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
    axiom_drbg_free(st->drbg);
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
    case BENCH_DRBG:
        rc = axiom_drbg_new(&st->drbg, NULL, 0);
        break;
    case BENCH_RAND:
    case BENCH_RAND_OS:
    case BENCH_MAC:
        break; /* one-shot calls: nothing to prepare */
    }
    if (st->ctx || st->aead)
        st->ctx_flush = flush_extent(st->ctx ? (void *)st->ctx : (void *)st->aead);
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
    case BENCH_MAC:
        for (uint64_t i = 0; i < iters && rc == AXIOM_OK; i++)
            rc = axiom_mac(a->name, m->out, a->digestlen, st->key, a->keylen, m->in, len);
        break;
    case BENCH_RAND:
        for (uint64_t i = 0; i < iters && rc == AXIOM_OK; i++)
            rc = axiom_random_fill(m->out, len);
        break;
    case BENCH_RAND_OS:
        for (uint64_t i = 0; i < iters && rc == AXIOM_OK; i++)
            rc = axiom_random_bytes(m->out, len);
        break;
    case BENCH_DRBG:
        for (uint64_t i = 0; i < iters && rc == AXIOM_OK; i++)
            rc = axiom_drbg_generate(st->drbg, m->out, len, NULL, 0);
        break;
    }
    if (rc != AXIOM_OK) {
        fprintf(stderr, "libaxiom: %s: %s\n", a->name, axiom_strerror(rc));
        return -1;
    }
    return 0;
}

/* lib/api/cipher.c and lib/api/aead.c keep a context, key schedules
 * included, in one block: flush it (see CTX_FLUSH_MAX).  If the library
 * ever moves the schedule out of that block, this flushes less than it
 * claims (see doc/PERFORMANCE.md).  One-shot hashes and the generators
 * keep no state here. */
static void axiom_drv_flush(void *p)
{
    axiom_state *st = p;
    bench_flush_range(st, sizeof *st);
    if (st->ctx_flush)
        bench_flush_range(st->ctx ? (void *)st->ctx : (void *)st->aead, st->ctx_flush);
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
