/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* CMAC (NIST SP 800-38B; OMAC1, which GOST R 34.13-2015 section 5.6 calls
 * its MAC) over a 128-bit block cipher's kernel, as the MAC algorithms
 * aes-128/192/256-cmac, sm4-cmac and kuznyechik-cmac (lib/core/mac.h).
 *
 * The message is chained through the kernel's cbc_enc over whole blocks;
 * the last block of the message (whole or partial) is held back until
 * final, where it gets the subkey K1 (whole) or 10* padding and K2
 * (partial or empty).  Constant time: the subkey doubling uses a mask made
 * from the top bit, never a branch on it; the branches and the buffer
 * offsets depend on the message length alone, and the block cipher is the
 * picked kernel's, constant time when the kernel is.  The expanded key,
 * subkeys and chaining value live in the state, which the generic layer
 * wipes; the stack copies of chaining values are wiped here. */
#include "config.h"

#include <string.h>

#include "aes/aes.h"
#include "cmac/cmac_buf.h"
#include "core/bc.h"
#include "core/bytes.h"
#include "core/internal.h"
#include "core/mac.h"
#include "kuznyechik/kuznyechik.h"
#include "sm4/sm4.h"

typedef struct cmac_state {
    axiom_bc_ks ks;
    const axiom_bc_kernel *k;
    uint8_t k1[16], k2[16];
    uint8_t x[16];     /* chaining value: E(K, ... ) of the blocks so far */
    uint8_t buf[16];   /* the held-back block: 1..16 bytes once data came */
    size_t buflen;
} cmac_state;

_Static_assert(sizeof(cmac_state) <= AXIOM_MAC_MAX_STATE, "axiom_mac() keeps the state on its stack");

/* Multiplication by x in GF(2^128) modulo x^128 + x^7 + x^2 + x + 1, the
 * block as a big-endian number (SP 800-38B's R_128, GOST R 34.13's B_128). */
static void dbl(uint8_t out[16], const uint8_t in[16])
{
    const uint64_t hi = axiom_load64_be(in), lo = axiom_load64_be(in + 8);
    const uint64_t carry = 0 - (hi >> 63); /* all ones when the top bit is set */
    axiom_store64_be(out, (hi << 1) | (lo >> 63));
    axiom_store64_be(out + 8, (lo << 1) ^ (carry & 0x87));
}

static void cmac_init(void *state, const void *param, const axiom_kernel *kernel,
                      const uint8_t *key, size_t keylen, const uint8_t *nonce, size_t noncelen)
{
    cmac_state *s = state;
    const axiom_bc_kernel *k = axiom_bc_of(kernel);
    (void)param;
    (void)nonce;
    (void)noncelen;
    s->k = k;
    if (k->setkey_enc)
        k->setkey_enc(&s->ks, key, keylen);
    else
        k->setkey(&s->ks, key, keylen);
    uint8_t l[16] = { 0 };
    k->ecb_enc(&s->ks, l, l, 1);
    dbl(s->k1, l);
    dbl(s->k2, s->k1);
    axiom_wipe(l, sizeof l);
    memset(s->x, 0, 16);
    memset(s->buf, 0, 16);
    s->buflen = 0;
}

/* Chain @n whole blocks at @in into s->x; the ciphertext blocks go to a
 * stack scratch area, wiped before returning.  Each kernel call ends the
 * chain through memory (the IV stored and loaded again), so the chunks
 * are long: with 32 blocks CMAC took about 1 % longer. */
#define CHUNK 128
static void chain(void *state, const uint8_t *in, size_t n)
{
    cmac_state *s = state;
    uint8_t scratch[16 * CHUNK];
    size_t used = 0;
    while (n) {
        size_t m = n < CHUNK ? n : CHUNK;
        s->k->cbc_enc(&s->ks, scratch, in, m, s->x);
        if (m > used)
            used = m;
        in += 16 * m;
        n -= m;
    }
    axiom_wipe(scratch, 16 * used);
}

static void cmac_update(void *state, const uint8_t *in, size_t len)
{
    cmac_state *s = state;
    axiom_cmac_absorb(s, chain, s->buf, &s->buflen, in, len);
}

static void cmac_final(void *state, uint8_t *tag, size_t taglen)
{
    cmac_state *s = state;
    uint8_t m[16];
    const uint8_t *sub = axiom_cmac_last_block(m, s->buf, s->buflen) ? s->k1 : s->k2;
    for (int i = 0; i < 16; i++)
        m[i] ^= (uint8_t)(s->x[i] ^ sub[i]);
    s->k->ecb_enc(&s->ks, m, m, 1);
    memcpy(tag, m, taglen);
    axiom_wipe(m, sizeof m);
    /* A new message under the same key. */
    memset(s->x, 0, 16);
    memset(s->buf, 0, 16);
    s->buflen = 0;
}

/* The AES kernels' whole-CMAC operation, where the picked one has it. */
static int cmac_oneshot(const void *param, const axiom_kernel *kernel, const uint8_t *key,
                        size_t keylen, const uint8_t *in, size_t len, uint8_t *tag)
{
    const axiom_bc_kernel *k = axiom_bc_of(kernel);
    (void)param;
    if (!k->cmac)
        return 0;
    k->cmac(key, keylen, in, len, tag);
    return 1;
}

static int key16(const void *param, size_t keylen)
{
    (void)param;
    return keylen == 16;
}

static int key24(const void *param, size_t keylen)
{
    (void)param;
    return keylen == 24;
}

static int key32(const void *param, size_t keylen)
{
    (void)param;
    return keylen == 32;
}

static int no_nonce(const void *param, size_t noncelen)
{
    (void)param;
    return noncelen == 0;
}

/* Any truncation (SP 800-38B, 5.3 and GOST R 34.13, 5.6: the leftmost
 * bits of the last block); the caller chooses how short is safe. */
static int tag_1_16(const void *param, size_t taglen)
{
    (void)param;
    return taglen >= 1 && taglen <= 16;
}

static const axiom_kernel *const *aes_list(const void *param)
{
    (void)param;
    return axiom_aes_kernels;
}

static const axiom_kernel *const *sm4_list(const void *param)
{
    (void)param;
    return axiom_sm4_kernels;
}

static const axiom_kernel *const *kuz_list(const void *param)
{
    (void)param;
    return axiom_kuz_kernels;
}

/* SP 800-38B sets no length limit beyond the key's usage limit (2^48
 * messages); GOST R 34.13 none at all.  2^61 - 1 bytes keeps the generic
 * layer's count and any bit count in 64 bits. */
#define CMAC_MAX_LEN ((UINT64_C(1) << 61) - 1)
#define CMAC_STATE ((sizeof(cmac_state) + 63) & ~(size_t)63)
_Static_assert(CMAC_STATE <= AXIOM_MAC_CMAC_STATE, "callers embed a CMAC state of that size");

const axiom_mac_alg axiom_mac_aes128_cmac = {
    .name = "aes-128-cmac", .state_size = CMAC_STATE, .kernels = aes_list,
    .key_ok = key16, .nonce_ok = no_nonce, .tag_ok = tag_1_16, .max_len = CMAC_MAX_LEN,
    .init = cmac_init, .update = cmac_update, .final = cmac_final,
    .oneshot = cmac_oneshot,
};

const axiom_mac_alg axiom_mac_aes192_cmac = {
    .name = "aes-192-cmac", .state_size = CMAC_STATE, .kernels = aes_list,
    .key_ok = key24, .nonce_ok = no_nonce, .tag_ok = tag_1_16, .max_len = CMAC_MAX_LEN,
    .init = cmac_init, .update = cmac_update, .final = cmac_final,
    .oneshot = cmac_oneshot,
};

const axiom_mac_alg axiom_mac_aes256_cmac = {
    .name = "aes-256-cmac", .state_size = CMAC_STATE, .kernels = aes_list,
    .key_ok = key32, .nonce_ok = no_nonce, .tag_ok = tag_1_16, .max_len = CMAC_MAX_LEN,
    .init = cmac_init, .update = cmac_update, .final = cmac_final,
    .oneshot = cmac_oneshot,
};

const axiom_mac_alg axiom_mac_sm4_cmac = {
    .name = "sm4-cmac", .state_size = CMAC_STATE, .kernels = sm4_list,
    .key_ok = key16, .nonce_ok = no_nonce, .tag_ok = tag_1_16, .max_len = CMAC_MAX_LEN,
    .init = cmac_init, .update = cmac_update, .final = cmac_final,
};

const axiom_mac_alg axiom_mac_kuznyechik_cmac = {
    .name = "kuznyechik-cmac", .state_size = CMAC_STATE, .kernels = kuz_list,
    .key_ok = key32, .nonce_ok = no_nonce, .tag_ok = tag_1_16, .max_len = CMAC_MAX_LEN,
    .init = cmac_init, .update = cmac_update, .final = cmac_final,
};
