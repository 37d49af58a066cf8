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
    uint8_t iv[16];
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
    free(st);
}

static void *axiom_drv_setup(const bench_alg *a, int encrypt, const uint8_t *key,
                             const uint8_t *iv)
{
    axiom_state *st = calloc(1, sizeof *st);
    if (!st)
        return NULL;
    st->alg = a;
    st->dir = encrypt ? AXIOM_ENCRYPT : AXIOM_DECRYPT;
    if (a->ivlen > sizeof st->iv)
        goto fail;
    memcpy(st->iv, iv, a->ivlen);
    switch (a->kind) {
    case BENCH_CIPHER: {
        int rc = axiom_cipher_new(&st->ctx, a->name);
        if (rc == AXIOM_OK)
            rc = axiom_cipher_init(st->ctx, st->dir, key, a->keylen, st->iv, a->ivlen);
        if (rc != AXIOM_OK) {
            fprintf(stderr, "libaxiom: %s: %s\n", a->name, axiom_strerror(rc));
            goto fail;
        }
        return st;
    }
    }
fail:
    axiom_drv_teardown(st);
    return NULL;
}

static int axiom_drv_run(void *p, uint8_t *out, const uint8_t *in, size_t len, uint64_t iters)
{
    axiom_state *st = p;
    const bench_alg *a = st->alg;
    int rc = AXIOM_OK;
    switch (a->kind) {
    case BENCH_CIPHER:
        for (uint64_t i = 0; i < iters && rc == AXIOM_OK; i++) {
            /* Every message restarts the IV (XTS requires it: a new tweak
             * per data unit); ECB has no IV to reset. */
            if (a->ivlen)
                rc = axiom_cipher_init(st->ctx, st->dir, NULL, 0, st->iv, a->ivlen);
            if (rc == AXIOM_OK)
                rc = axiom_cipher_update(st->ctx, out, in, len);
        }
        break;
    }
    if (rc != AXIOM_OK) {
        fprintf(stderr, "libaxiom: %s: %s\n", a->name, axiom_strerror(rc));
        return -1;
    }
    return 0;
}

/* The context is opaque, but lib/cipher.c keeps it, key schedules
 * included, in one heap block: flush the whole block as the allocator
 * sized it.  If the library ever moves the schedule out of that block,
 * this flushes less than it claims (see doc/PERFORMANCE.md).  Without
 * glibc's malloc_usable_size only the cache sweep reaches the context. */
static void axiom_drv_flush(void *p)
{
    axiom_state *st = p;
    bench_flush_range(st, sizeof *st);
#ifdef __GLIBC__
    if (st->ctx)
        bench_flush_range(st->ctx, malloc_usable_size(st->ctx));
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
