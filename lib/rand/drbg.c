/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* CTR_DRBG with AES-256 and the block-cipher derivation function, as NIST
 * SP 800-90A Rev. 1 (section 10.2.1 and 10.3.2) specifies it, over the
 * fastest AES kernel the CPU allows, through the block-cipher contract
 * (lib/core/bc.h): setkey_enc for Key, ctr_secret for the output and the
 * update, ecb_enc for the derivation function. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "aes/aes.h"
#include "core/bytes.h"
#include "rand/drbg.h"
#include "core/internal.h"

#define KEYLEN 32                       /* AES-256 key, bytes */
#define OUTLEN AXIOM_BC_BLOCK           /* block length, bytes */
#define SEEDLEN (KEYLEN + OUTLEN)       /* 384 bits */
#define SEED_BLOCKS (SEEDLEN / OUTLEN)  /* 3 */

/* The AES kernel: the first usable one, under the CPU tiers and
 * AXIOM_CT_ONLY.  AES always has a constant-time kernel, so one is found;
 * every AES kernel has setkey_enc and ctr_secret (lib/core/bc.h). */
static const axiom_bc_kernel *aes_kernel(void)
{
    return axiom_bc_of(axiom_pick(axiom_aes_kernels));
}

/* V = (V + 1) mod 2^128 on the big-endian state.  V is secret: the carry
 * out of the low word is 1 exactly when the new low word l is 0, i.e. when
 * ~l & (l - 1) has its top bit set, and is added, not tested. */
static void ctr_increment(uint8_t c[OUTLEN])
{
    uint64_t hi = axiom_load64_be(c), lo = axiom_load64_be(c + 8) + 1;
    hi += (~lo & (lo - 1)) >> 63;
    axiom_store64_be(c, hi);
    axiom_store64_be(c + 8, lo);
}

/* The first @len bytes of E(Key, V+1) || E(Key, V+2) || ... into @out,
 * and d->ctr advanced past every block begun (SP 800-90A 10.2.1.5.2 steps
 * 4 and 5: the rest of a cut block is discarded). */
static void keystream(axiom_drbg *d, uint8_t *out, size_t len)
{
    const size_t nb = len / OUTLEN, rem = len % OUTLEN;
    d->k->ctr_secret(&d->ks, out, nb, d->ctr);
    if (rem) {
        uint8_t last[OUTLEN];
        d->k->ctr_secret(&d->ks, last, 1, d->ctr);
        memcpy(out + nb * OUTLEN, last, rem);
        axiom_wipe(last, sizeof last);
    }
}

/* Key = @key: the encryption schedule only (the DRBG never decrypts). */
static void drbg_setkey(axiom_drbg *d, const uint8_t key[KEYLEN])
{
    d->k->setkey_enc(&d->ks, key, KEYLEN);
}

/* ---- derivation function (10.3.2) --------------------------------------- */

/* Block_Cipher_df always runs BCC three times (keylen + outlen = 3 blocks)
 * over IV_i || S, i = 0, 1, 2; the three CBC-MAC chains see the same S, so
 * they advance together, three blocks per kernel call, in one pass over
 * the inputs.  S = L || N || input || 0x80 || 0x00 padding, streamed from
 * the caller's pieces without copying them into one string. */
typedef struct {
    const axiom_bc_kernel *k;
    axiom_bc_ks ks;                     /* K = 00 01 02 ... 1f */
    uint8_t chain[SEED_BLOCKS * OUTLEN];
    uint8_t blk[OUTLEN];                /* partial block of S */
    unsigned fill;
} df_bcc;

static void bcc_block(df_bcc *b, const uint8_t *blk)
{
    for (int j = 0; j < SEED_BLOCKS; j++)
        for (int i = 0; i < OUTLEN; i++)
            b->chain[j * OUTLEN + i] ^= blk[i];
    b->k->ecb_enc(&b->ks, b->chain, b->chain, SEED_BLOCKS);
}

static void bcc_absorb(df_bcc *b, const uint8_t *p, size_t n)
{
    if (!n)
        return; /* p may be NULL: memcpy(dst, NULL, 0) is undefined (UBSan) */
    if (b->fill) {
        size_t t = OUTLEN - b->fill;
        if (t > n)
            t = n;
        memcpy(b->blk + b->fill, p, t);
        b->fill += (unsigned)t;
        p += t;
        n -= t;
        if (b->fill < OUTLEN)
            return;
        bcc_block(b, b->blk);
        b->fill = 0;
    }
    for (; n >= OUTLEN; p += OUTLEN, n -= OUTLEN)
        bcc_block(b, p);
    if (n) {
        memcpy(b->blk, p, n);
        b->fill = (unsigned)n;
    }
}

/* Block_Cipher_df(in1 || in2 || in3, 384) into @out.  The caller has
 * bounded each piece by AXIOM_DRBG_MAX_INPUT, so L fits in 32 bits. */
static void block_cipher_df(const axiom_bc_kernel *k, uint8_t out[SEEDLEN],
                            const uint8_t *in1, size_t n1,
                            const uint8_t *in2, size_t n2,
                            const uint8_t *in3, size_t n3)
{
    static const uint8_t fixed_key[KEYLEN] = {
        0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b,
        0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17,
        0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f
    };
    df_bcc b;
    b.k = k;
    b.fill = 0;
    k->setkey_enc(&b.ks, fixed_key, KEYLEN);

    /* First block of each chain: BCC starts from zero, so it is E(K, IV_i),
     * IV_i = i as a 32-bit big-endian integer padded with zeros. */
    memset(b.chain, 0, sizeof b.chain);
    for (int i = 0; i < SEED_BLOCKS; i++)
        axiom_store32_be(b.chain + i * OUTLEN, (uint32_t)i);
    k->ecb_enc(&b.ks, b.chain, b.chain, SEED_BLOCKS);

    uint8_t hdr[8];
    axiom_store32_be(hdr, (uint32_t)(n1 + n2 + n3)); /* L */
    axiom_store32_be(hdr + 4, SEEDLEN);              /* N */
    bcc_absorb(&b, hdr, sizeof hdr);
    bcc_absorb(&b, in1, n1);
    bcc_absorb(&b, in2, n2);
    bcc_absorb(&b, in3, n3);
    static const uint8_t pad[OUTLEN] = { 0x80 };
    bcc_absorb(&b, pad, OUTLEN - b.fill); /* 0x80 then zeros to a block */

    /* temp = the three chaining values; K = leftmost 256 bits, X the rest;
     * then X = E(K, X) three times gives the 384 bits returned. */
    k->setkey_enc(&b.ks, b.chain, KEYLEN);
    const uint8_t *x = b.chain + KEYLEN;
    for (int i = 0; i < SEED_BLOCKS; i++) {
        k->ecb_enc(&b.ks, out + i * OUTLEN, x, 1);
        x = out + i * OUTLEN;
    }
    axiom_wipe(&b, sizeof b);
}

/* ---- CTR_DRBG_Update (10.2.1.2) ----------------------------------------- */

/* @pd is the 384-bit provided_data, or NULL for 0^seedlen: temp =
 * E(Key, V+1) || E(Key, V+2) || E(Key, V+3) XOR provided_data. */
static void drbg_update(axiom_drbg *d, const uint8_t *pd)
{
    uint8_t temp[SEEDLEN];
    keystream(d, temp, SEEDLEN);
    if (pd)
        for (int i = 0; i < SEEDLEN; i++)
            temp[i] ^= pd[i];
    drbg_setkey(d, temp);
    memcpy(d->ctr, temp + KEYLEN, OUTLEN);
    ctr_increment(d->ctr);
    axiom_wipe(temp, sizeof temp);
}

static int input_ok(const uint8_t *p, size_t n)
{
    if (!p && n)
        return AXIOM_EINVAL;
    return n > AXIOM_DRBG_MAX_INPUT ? AXIOM_ELENGTH : AXIOM_OK;
}

/* ---- instantiate (10.2.1.3.2) ------------------------------------------- */

int axiom_drbg_init_seeded(axiom_drbg *d, const uint8_t *entropy, size_t entropylen,
                           const uint8_t *nonce, size_t noncelen,
                           const uint8_t *pers, size_t perslen)
{
    int rc;
    if ((rc = input_ok(entropy, entropylen)) || (rc = input_ok(nonce, noncelen)) ||
        (rc = input_ok(pers, perslen)))
        return rc;
    if (entropylen < AXIOM_DRBG_MIN_ENTROPY || noncelen < AXIOM_DRBG_MIN_NONCE)
        return AXIOM_ELENGTH;

    uint8_t seed[SEEDLEN];
    d->k = aes_kernel();
    block_cipher_df(d->k, seed, entropy, entropylen, nonce, noncelen, pers, perslen);
    /* Key = 0^keylen, V = 0^outlen, so the next counter block is 1. */
    static const uint8_t zero_key[KEYLEN];
    drbg_setkey(d, zero_key);
    memset(d->ctr, 0, OUTLEN);
    d->ctr[OUTLEN - 1] = 1;
    drbg_update(d, seed);
    d->reseed_counter = 1;
    d->reseed_interval = AXIOM_DRBG_RESEED_INTERVAL;
    axiom_wipe(seed, sizeof seed);
    return AXIOM_OK;
}

int axiom_drbg_init_os(axiom_drbg *d, const uint8_t *pers, size_t perslen)
{
    int rc = input_ok(pers, perslen);
    if (rc)
        return rc;
    /* Entropy input (security strength) and nonce (half of it) in one read;
     * SP 800-90A 8.6.7 allows the nonce to come from the entropy source. */
    uint8_t ein[AXIOM_DRBG_MIN_ENTROPY + AXIOM_DRBG_MIN_NONCE];
    rc = axiom_random_bytes(ein, sizeof ein);
    if (rc == AXIOM_OK)
        rc = axiom_drbg_init_seeded(d, ein, AXIOM_DRBG_MIN_ENTROPY,
                                    ein + AXIOM_DRBG_MIN_ENTROPY, AXIOM_DRBG_MIN_NONCE,
                                    pers, perslen);
    axiom_wipe(ein, sizeof ein);
    return rc;
}

static int drbg_alloc(axiom_drbg **out)
{
    axiom_drbg *p = axiom_secmem_alloc(sizeof(axiom_drbg));
    if (!p)
        return AXIOM_ENOMEM;
    *out = p;
    return AXIOM_OK;
}

AXIOM_API int axiom_drbg_new_seeded(axiom_drbg **drbg,
                                    const uint8_t *entropy, size_t entropylen,
                                    const uint8_t *nonce, size_t noncelen,
                                    const uint8_t *pers, size_t perslen)
{
    if (!drbg)
        return AXIOM_EINVAL;
    *drbg = NULL;
    axiom_drbg *d;
    int rc = drbg_alloc(&d);
    if (rc)
        return rc;
    rc = axiom_drbg_init_seeded(d, entropy, entropylen, nonce, noncelen, pers, perslen);
    if (rc) {
        axiom_drbg_free(d);
        return rc;
    }
    *drbg = d;
    return AXIOM_OK;
}

AXIOM_API int axiom_drbg_new(axiom_drbg **drbg, const uint8_t *pers, size_t perslen)
{
    if (!drbg)
        return AXIOM_EINVAL;
    *drbg = NULL;
    int rc = input_ok(pers, perslen); /* before allocating: cheap errors first */
    if (rc)
        return rc;
    axiom_drbg *d;
    if ((rc = drbg_alloc(&d)))
        return rc;
    rc = axiom_drbg_init_os(d, pers, perslen);
    if (rc) {
        axiom_drbg_free(d);
        return rc;
    }
    *drbg = d;
    return AXIOM_OK;
}

AXIOM_API void axiom_drbg_free(axiom_drbg *drbg)
{
    if (!drbg)
        return;
    axiom_secmem_free(drbg, sizeof *drbg);
}

/* ---- reseed (10.2.1.4.2) ------------------------------------------------ */

static void drbg_reseed_with(axiom_drbg *d, const uint8_t *entropy, size_t entropylen,
                             const uint8_t *add, size_t addlen)
{
    uint8_t seed[SEEDLEN];
    block_cipher_df(d->k, seed, entropy, entropylen, add, addlen, NULL, 0);
    drbg_update(d, seed);
    d->reseed_counter = 1;
    axiom_wipe(seed, sizeof seed);
}

static int drbg_reseed_os(axiom_drbg *d, const uint8_t *add, size_t addlen)
{
    uint8_t ein[AXIOM_DRBG_MIN_ENTROPY];
    int rc = axiom_random_bytes(ein, sizeof ein);
    if (rc == AXIOM_OK)
        drbg_reseed_with(d, ein, sizeof ein, add, addlen);
    axiom_wipe(ein, sizeof ein);
    return rc;
}

AXIOM_API int axiom_drbg_reseed(axiom_drbg *drbg, const uint8_t *entropy, size_t entropylen,
                                const uint8_t *add, size_t addlen)
{
    int rc;
    if (!drbg)
        return AXIOM_EINVAL;
    if ((rc = input_ok(entropy, entropylen)) || (rc = input_ok(add, addlen)))
        return rc;
    if (!entropy)
        return drbg_reseed_os(drbg, add, addlen);
    if (entropylen < AXIOM_DRBG_MIN_ENTROPY)
        return AXIOM_ELENGTH;
    drbg_reseed_with(drbg, entropy, entropylen, add, addlen);
    return AXIOM_OK;
}

/* ---- generate (10.2.1.5.2) ---------------------------------------------- */

/* One generate request of at most AXIOM_DRBG_MAX_REQUEST bytes, steps 3
 * to 7, after the caller has applied step 2; @pd is the derived additional
 * input or NULL (0^seedlen). */
static void drbg_request(axiom_drbg *d, uint8_t *out, size_t len, const uint8_t *pd)
{
    keystream(d, out, len);
    drbg_update(d, pd);
    d->reseed_counter++;
}

AXIOM_API int axiom_drbg_generate(axiom_drbg *drbg, uint8_t *out, size_t len,
                                  const uint8_t *add, size_t addlen)
{
    int rc;
    if (!drbg || (!out && len))
        return AXIOM_EINVAL;
    if ((rc = input_ok(add, addlen)))
        return rc;
    if (!len)
        return AXIOM_OK;

    axiom_drbg *d = drbg;
    /* When a reseed is due, the standard's generate function (9.3.1, step
     * 7) reseeds with the additional input and then serves the request
     * with a Null one.  A reseed that this call's requests would make due
     * is done up front, so that a failing OS leaves nothing written. */
    uint64_t nreq = (uint64_t)((len - 1) / AXIOM_DRBG_MAX_REQUEST) + 1;
    int add_used = 0;
    if (d->reseed_counter + nreq - 1 > d->reseed_interval) {
        if ((rc = drbg_reseed_os(d, add, addlen)))
            return rc;
        add_used = 1;
    }

    /* Step 2: the derived additional input is the same for every request
     * of this call, so it is computed once. */
    uint8_t pd[SEEDLEN];
    if (addlen)
        block_cipher_df(d->k, pd, add, addlen, NULL, 0, NULL, 0);
    uint8_t *p = out;
    size_t left = len;
    while (left) {
        /* Only a call of more than reseed_interval requests gets here with
         * a reseed due (2^48 bytes at the default interval). */
        if (d->reseed_counter > d->reseed_interval) {
            if ((rc = drbg_reseed_os(d, add, addlen))) {
                axiom_wipe(out, len);
                axiom_wipe(pd, sizeof pd);
                return rc;
            }
            add_used = 1;
        }
        const uint8_t *ppd = addlen && !add_used ? pd : NULL;
        add_used = 0;
        size_t n = left < AXIOM_DRBG_MAX_REQUEST ? left : AXIOM_DRBG_MAX_REQUEST;
        if (ppd)
            drbg_update(d, ppd);
        drbg_request(d, p, n, ppd);
        p += n;
        left -= n;
    }
    axiom_wipe(pd, sizeof pd);
    return AXIOM_OK;
}
