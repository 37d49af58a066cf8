/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* kuznyechik-ctr-acpkm-omac, the AEAD algorithm (lib/core/aead.h) of the
 * GOST cipher of that name (OID 1.2.643.7.1.1.5.2.2) as the GOST provider
 * for OpenSSL (gost-engine) computes it: CTR-ACPKM encryption and an OMAC
 * of the plaintext under two keys derived per message from one master key,
 * the OMAC encrypted by the keystream that follows the message. */

/*
 * For master key K (32 bytes) and nonce IV || S (8 + 8 bytes: the 16-byte
 * UKM of the cipher's AlgorithmIdentifier parameters, IV first):
 *   K_enc || K_mac = KDF_TREE_GOSTR3411_2012_256(K, "kdf tree", S), 64 bytes
 *                    with a one-byte counter (lib/streebog/streebog.h);
 *   C   = P xor the keystream of Kuznyechik in CTR mode (GOST R 34.13) under
 *         K_enc from counter block IV || 0^64 (the whole block incremented
 *         as a big-endian number), its key meshed by ACPKM (RFC 8645 4.1)
 *         before each section of 4096 bytes but the first;
 *   tag = OMAC(K_mac, P) (GOST R 34.13 5.6, 16 bytes) xor the 16 keystream
 *         bytes right after the message's, in the same stream.
 * No associated data.  Seal authenticates the input before encrypting it
 * and open decrypts before authenticating, a chunk at a time, so in-place
 * calls work and the data is read while in cache.
 *
 * Constant time: the derivation is the bitsliced Streebog (constant
 * time); meshing, CTR and OMAC run on the picked Kuznyechik kernel,
 * constant time when it is (every kernel but "table"), and the counter is
 * public (built from the nonce).  Branches depend on lengths alone.
 * Derived keys, schedules and keystream are wiped before returning.
 */
#include "config.h"

#include <string.h>

#include "acpkm/acpkm.h"
#include "core/aead.h"
#include "core/bc.h"
#include "core/internal.h"
#include "core/mac.h"
#include "kuznyechik/kuznyechik.h"
#include "streebog/streebog.h"

#define SECTION 4096          /* bytes: the GOST provider's EVP default */
#define CHUNK_BLOCKS 256      /* blocks authenticated and encrypted per step */

typedef struct omac_state {
    axiom_hmac_streebog256_key kdf; /* HMAC under the master key, pads absorbed */
    const axiom_kernel *kernel;     /* the Kuznyechik kernel picked at setkey */
} omac_state;

typedef struct omac_run {
    axiom_bc_ks ks;                 /* the current section's key */
    const axiom_bc_kernel *k;
    uint8_t ctr[16];                /* the next counter block */
    size_t used;                    /* blocks of the current section done */
    _Alignas(64) uint8_t mac[AXIOM_MAC_CMAC_STATE];
    _Alignas(16) uint8_t ks_tail[32];
} omac_run;

static void omac_setkey(void *state, const axiom_kernel *k, const uint8_t *key, size_t keylen)
{
    omac_state *s = state;
    s->kernel = k;
    axiom_hmac_streebog256_setkey(&s->kdf, key, keylen);
}

/* Both keys from the nonce's seed, the counter from its IV. */
static void run_start(omac_run *r, const omac_state *s, const uint8_t nonce[16])
{
    static const uint8_t label[8] = { 'k', 'd', 'f', ' ', 't', 'r', 'e', 'e' };
    uint8_t keys[64];
    axiom_kdf_tree256(&s->kdf, keys, sizeof keys, label, sizeof label, nonce + 8, 8);
    axiom_stack_wipe(); /* what the bitsliced Streebog spilled below this frame */
    r->k = axiom_bc_of(s->kernel);
    /* Only ecb_enc and ctr run under this schedule (and the meshing's
     * setkey replaces it whole). */
    if (r->k->setkey_enc)
        r->k->setkey_enc(&r->ks, keys, 32);
    else
        r->k->setkey(&r->ks, keys, 32);
    axiom_mac_kuznyechik_cmac.init(r->mac, NULL, s->kernel, keys + 32, 32, NULL, 0);
    memcpy(r->ctr, nonce, 8);
    memset(r->ctr + 8, 0, 8);
    r->used = 0;
    AXIOM_WIPE_FIXED(keys);
}

/* CTR-ACPKM over @n whole blocks, meshing before each new section. */
static void crypt_blocks(omac_run *r, uint8_t *out, const uint8_t *in, size_t n)
{
    const size_t section = SECTION / 16;
    while (n) {
        if (r->used == section) {
            axiom_acpkm_mesh(r->k, &r->ks);
            r->used = 0;
        }
        size_t m = section - r->used;
        if (m > n)
            m = n;
        r->k->ctr(&r->ks, out, in, m, r->ctr);
        r->used += m;
        in += 16 * m;
        out += 16 * m;
        n -= m;
    }
}

/* The partial last block of the message (@rem bytes, 0..15) and the tag's
 * keystream: the next one or two blocks of the stream into r->ks_tail. */
static void tail_keystream(omac_run *r, size_t rem)
{
    memset(r->ks_tail, 0, sizeof r->ks_tail);
    crypt_blocks(r, r->ks_tail, r->ks_tail, rem ? 2 : 1);
}

static void finish(omac_run *r, uint8_t tag[AXIOM_AEAD_MAXTAG], size_t rem)
{
    uint8_t mac[16];
    axiom_mac_kuznyechik_cmac.final(r->mac, mac, sizeof mac);
    for (unsigned i = 0; i < 16; i++)
        tag[i] = (uint8_t)(mac[i] ^ r->ks_tail[rem + i]);
    AXIOM_WIPE_FIXED(mac);
    axiom_wipe(r, sizeof *r);
}

/* One message: seal (@enc) MACs each chunk of plaintext before it is
 * encrypted (out may be in), open after it is decrypted; the AD is empty
 * (max_adlen 0), the tag always 16 bytes. */
static void omac_message(const void *state, int enc, uint8_t *out,
                         uint8_t tag[AXIOM_AEAD_MAXTAG], size_t taglen, const uint8_t *nonce,
                         size_t noncelen, const uint8_t *ad, size_t adlen, const uint8_t *in,
                         size_t len)
{
    (void)taglen;
    (void)noncelen;
    (void)ad;
    (void)adlen;
    const axiom_mac_alg *mac = &axiom_mac_kuznyechik_cmac;
    omac_run r;
    run_start(&r, state, nonce);
    size_t nb = len / 16, rem = len % 16;
    while (nb) {
        size_t m = nb < CHUNK_BLOCKS ? nb : CHUNK_BLOCKS;
        if (enc)
            mac->update(r.mac, in, 16 * m);
        crypt_blocks(&r, out, in, m);
        if (!enc)
            mac->update(r.mac, out, 16 * m);
        in += 16 * m;
        out += 16 * m;
        nb -= m;
    }
    tail_keystream(&r, rem);
    if (rem) {
        if (enc)
            mac->update(r.mac, in, rem);
        for (size_t i = 0; i < rem; i++)
            out[i] = (uint8_t)(in[i] ^ r.ks_tail[i]);
        if (!enc)
            mac->update(r.mac, out, rem);
    }
    finish(&r, tag, rem);
}

const axiom_aead_alg axiom_aead_kuznyechik_ctr_acpkm_omac = {
    .name = "kuznyechik-ctr-acpkm-omac",
    .keylen = AXIOM_KUZ_KEYLEN,
    .state_size = (sizeof(omac_state) + 63) & ~(size_t)63,
    .nonce_ok = axiom_aead_nonce16_ok,
    .tag_ok = axiom_aead_tag16_ok, /* the provider's tag: the whole encrypted OMAC */
    /* OMAC's limit (lib/cmac/cmac.c); the 64-bit counter half starts at
     * zero and cannot wrap within it. */
    .max_len = (UINT64_C(1) << 61) - 1,
    .max_adlen = 0,
    .kernels = axiom_kuz_kernels,
    .setkey = omac_setkey,
    .message = omac_message,
};
