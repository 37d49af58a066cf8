/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libaegis (the AEGIS authors' C library) as a benchmark peer for the
 * AEGIS rows: its one-shot detached encrypt/decrypt calls.  Compiled into
 * axiom-bench only, when configure was given --with-bench-libaegis. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <aegis.h>

#include "bench.h"
#include "peers.h"

typedef int (*aegis_enc_fn)(uint8_t *c, uint8_t *mac, size_t maclen, const uint8_t *m,
                            size_t mlen, const uint8_t *ad, size_t adlen, const uint8_t *npub,
                            const uint8_t *k);
typedef int (*aegis_dec_fn)(uint8_t *m, const uint8_t *c, size_t clen, const uint8_t *mac,
                            size_t maclen, const uint8_t *ad, size_t adlen, const uint8_t *npub,
                            const uint8_t *k);

static const struct {
    const char *name;
    aegis_enc_fn enc;
    aegis_dec_fn dec;
} variants[] = {
    { "aegis-128l", aegis128l_encrypt_detached, aegis128l_decrypt_detached },
    { "aegis-128x2", aegis128x2_encrypt_detached, aegis128x2_decrypt_detached },
    { "aegis-128x4", aegis128x4_encrypt_detached, aegis128x4_decrypt_detached },
    { "aegis-256", aegis256_encrypt_detached, aegis256_decrypt_detached },
    { "aegis-256x2", aegis256x2_encrypt_detached, aegis256x2_decrypt_detached },
    { "aegis-256x4", aegis256x4_encrypt_detached, aegis256x4_decrypt_detached },
};

typedef struct aegis_state {
    aegis_enc_fn enc;
    aegis_dec_fn dec;
    int encrypt;
    uint8_t key[32], nonce[32];
} aegis_state;

static int la_init(void)
{
    return aegis_init() == 0 ? 0 : -1;
}

static const char *la_version(void)
{
    return "libaegis (built from source)";
}

static void *la_setup(const bench_alg *a, int encrypt, const uint8_t *key, const uint8_t *iv)
{
    if (a->kind != BENCH_AEAD)
        return NULL;
    for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++) {
        if (strcmp(a->name, variants[i].name) != 0)
            continue;
        aegis_state *st = calloc(1, sizeof *st);
        if (!st)
            return NULL;
        st->enc = variants[i].enc;
        st->dec = variants[i].dec;
        st->encrypt = encrypt;
        memcpy(st->key, key, a->keylen);
        memcpy(st->nonce, iv, a->ivlen);
        return st;
    }
    return NULL;
}

static int la_run(void *p, const bench_msg *m, uint64_t iters)
{
    const aegis_state *st = p;
    const size_t len = m->len;
    for (uint64_t i = 0; i < iters; i++) {
        int rc = st->encrypt ? st->enc(m->out, m->out + len, BENCH_TAGLEN, m->in, len, NULL, 0,
                                       st->nonce, st->key)
                             : st->dec(m->out, m->in, len, m->in + len, BENCH_TAGLEN, NULL, 0,
                                       st->nonce, st->key);
        if (rc != 0)
            return -1;
    }
    return 0;
}

static void la_teardown(void *p)
{
    free(p);
}

const bench_impl bench_libaegis = {
    .name = "libaegis",
    .prefix = "Libaegis_",
    .init = la_init,
    .version = la_version,
    .setup = la_setup,
    .run = la_run,
    .state_size = sizeof(aegis_state),
    .teardown = la_teardown,
};
