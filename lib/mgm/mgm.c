/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* MGM, the Multilinear Galois Mode (RFC 9058), with Kuznyechik: the
 * kuznyechik-mgm AEAD algorithm (lib/core/aead.h), its portable GF(2^128)
 * multiplication and the list of multiplication kernels. */

/*
 * With n = 128: Y_1 = E(0 || ICN) and Z_1 = E(1 || ICN) for the 127-bit
 * nonce ICN; the i-th data block is P_i ^ E(Y_i), Y_(i+1) the low half of
 * Y_i plus 1 mod 2^64; H_i = E(Z_i), Z_(i+1) the high half of Z_i plus 1
 * mod 2^64; the tag is the leading bytes of
 *     E(H_1 x A_1 ^ ... ^ H_h x A_h ^ H_(h+1) x C_1 ^ ... ^ H_(h+q+1) x L)
 * with the last AD and ciphertext blocks zero-padded and L the bit
 * lengths of AD and ciphertext as two 64-bit big-endian numbers.
 *
 * Y_1 and Z_1 are secret (encrypted nonces), so the counters are never
 * given to a CTR kernel, whose counter is public by contract (core/bc.h):
 * the glue writes batches of counter blocks with plain 64-bit adds, which
 * wrap without a branch, and encrypts them with the kernel's ECB, the Y
 * and Z blocks of a batch in one call.  The multiplication kernels are
 * constant time (lib/mgm/mgm.h); branches depend on lengths only.
 * Keystream, H values and the running sum are wiped before returning.
 */
#include "config.h"

#include <string.h>

#include "core/aead.h"
#include "core/bc.h"
#include "core/bytes.h"
#include "core/internal.h"
#include "kuznyechik/kuznyechik.h"
#include "mgm/mgm.h"

/* ---- the portable multiplication --------------------------------------- */

/* a x b into r, by shift-and-add over the 128 bits of b: the addition and
 * the reduction use masks made from bits, never branches on them. */
static void gf_mul(uint64_t r[2], uint64_t ah, uint64_t al, uint64_t bh, uint64_t bl)
{
    uint64_t zh = 0, zl = 0;
    for (int i = 0; i < 128; i++) {
        uint64_t bit = i < 64 ? (bl >> i) & 1 : (bh >> (i - 64)) & 1;
        uint64_t m = 0 - bit;
        zh ^= ah & m;
        zl ^= al & m;
        uint64_t carry = 0 - (ah >> 63);
        ah = (ah << 1) | (al >> 63);
        al = (al << 1) ^ (carry & 0x87);
    }
    r[0] = zh;
    r[1] = zl;
}

static void mgm_portable_sum_mul(uint64_t sum[2], const uint8_t *h, const uint8_t *x, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint64_t p[2];
        gf_mul(p, axiom_load64_be(h + 16 * i), axiom_load64_be(h + 16 * i + 8),
               axiom_load64_be(x + 16 * i), axiom_load64_be(x + 16 * i + 8));
        sum[0] ^= p[0];
        sum[1] ^= p[1];
    }
}

const axiom_mgm_kernel axiom_mgm_portable = {
    .name = "portable",
    .features = 0,
    .constant_time = 1,
    .desc = "shift-and-add, masks for the bits and the reduction",
    .sum_mul = mgm_portable_sum_mul,
};

const axiom_kernel *const axiom_mgm_kernels[] = {
#ifdef HAVE_ISA_AESNI
    &axiom_mgm_pclmul.base,
#endif
    &axiom_mgm_portable.base,
    NULL
};

/* ---- kuznyechik-mgm ---------------------------------------------------- */

/* Blocks per batch: BATCH Y and BATCH Z blocks go to the kernel's ECB in
 * one call, enough for the widest Kuznyechik kernel's interleave. */
#define BATCH 32

typedef struct mgm_state {
    axiom_bc_ks ks;
    const axiom_bc_kernel *k;
} mgm_state;

typedef struct mgm_run {
    const mgm_state *s;
    const axiom_mgm_kernel *mul;
    uint64_t yh, yl, zh, zl;      /* the next Y and Z counters */
    uint64_t sum[2];
    _Alignas(64) uint8_t buf[2 * BATCH * 16]; /* Y blocks, then Z blocks; then E() of them */
} mgm_run;

static void mgm_setkey(void *state, const axiom_kernel *k, const uint8_t *key, size_t keylen)
{
    mgm_state *s = state;
    s->k = axiom_bc_of(k);
    s->k->setkey(&s->ks, key, keylen);
}

/* The multiplication kernel: picked per call (cheap: a short list), so
 * that axiom_cpu_disable() between calls is honoured as for the cipher.
 * The portable kernel needs no feature and is constant time: never NULL. */
static const axiom_mgm_kernel *pick_mul(void)
{
    return (const axiom_mgm_kernel *)axiom_pick(axiom_mgm_kernels);
}

static void run_start(mgm_run *r, const mgm_state *s, const uint8_t *nonce)
{
    r->s = s;
    r->mul = pick_mul();
    memcpy(r->buf, nonce, 16);
    memcpy(r->buf + 16, nonce, 16);
    r->buf[0] &= 0x7f; /* 0 || ICN (the generic layer refused a set top bit) */
    r->buf[16] |= 0x80; /* 1 || ICN */
    s->k->ecb_enc(&s->ks, r->buf, r->buf, 2);
    r->yh = axiom_load64_be(r->buf);
    r->yl = axiom_load64_be(r->buf + 8);
    r->zh = axiom_load64_be(r->buf + 16);
    r->zl = axiom_load64_be(r->buf + 24);
    r->sum[0] = r->sum[1] = 0;
}

/* @ny Y blocks and @nz Z blocks (each at most BATCH) encrypted into
 * r->buf: the keystream at buf, the H values at buf + 16 * ny. */
static void next_blocks(mgm_run *r, size_t ny, size_t nz)
{
    uint8_t *p = r->buf;
    for (size_t i = 0; i < ny; i++, p += 16) {
        axiom_store64_be(p, r->yh);
        axiom_store64_be(p + 8, r->yl);
        r->yl += 1; /* mod 2^64: the low half only */
    }
    for (size_t i = 0; i < nz; i++, p += 16) {
        axiom_store64_be(p, r->zh);
        axiom_store64_be(p + 8, r->zl);
        r->zh += 1; /* mod 2^64: the high half only */
    }
    r->s->k->ecb_enc(&r->s->ks, r->buf, r->buf, ny + nz);
}

/* Authenticate @len bytes at @x (the AD), zero-padding the last block. */
static void absorb(mgm_run *r, const uint8_t *x, size_t len)
{
    while (len) {
        size_t nb = (len + 15) / 16;
        if (nb > BATCH)
            nb = BATCH;
        next_blocks(r, 0, nb);
        size_t whole = len < 16 * nb ? len / 16 : nb;
        r->mul->sum_mul(r->sum, r->buf, x, whole);
        if (whole < nb) { /* the partial last block */
            uint8_t t[16] = { 0 };
            memcpy(t, x + 16 * whole, len - 16 * whole);
            r->mul->sum_mul(r->sum, r->buf + 16 * whole, t, 1);
            return;
        }
        x += 16 * nb;
        len -= 16 * nb;
    }
}

/* Encrypt (@enc) or decrypt @len bytes, authenticating the ciphertext. */
static void mgm_crypt(mgm_run *r, int enc, uint8_t *out, const uint8_t *in, size_t len)
{
    while (len) {
        size_t nb = (len + 15) / 16;
        if (nb > BATCH)
            nb = BATCH;
        size_t n = len < 16 * nb ? len : 16 * nb;
        next_blocks(r, nb, nb);
        const uint8_t *h = r->buf + 16 * nb;
        const size_t whole = n / 16, rest = n % 16;
        uint8_t t[16] = { 0 };
        if (!enc) { /* the ciphertext is the input: authenticate it before out overwrites it */
            r->mul->sum_mul(r->sum, h, in, whole);
            if (rest) {
                memcpy(t, in + 16 * whole, rest);
                r->mul->sum_mul(r->sum, h + 16 * whole, t, 1);
            }
        }
        for (size_t i = 0; i < n; i++)
            out[i] = (uint8_t)(in[i] ^ r->buf[i]);
        if (enc) {
            r->mul->sum_mul(r->sum, h, out, whole);
            if (rest) {
                memcpy(t, out + 16 * whole, rest);
                r->mul->sum_mul(r->sum, h + 16 * whole, t, 1);
            }
        }
        axiom_wipe(t, sizeof t);
        in += n;
        out += n;
        len -= n;
    }
}

static void finish(mgm_run *r, uint8_t tag[AXIOM_AEAD_MAXTAG], size_t adlen, size_t len)
{
    uint8_t l[16];
    axiom_store64_be(l, (uint64_t)adlen * 8);
    axiom_store64_be(l + 8, (uint64_t)len * 8);
    next_blocks(r, 0, 1);
    r->mul->sum_mul(r->sum, r->buf, l, 1);
    axiom_store64_be(tag, r->sum[0]);
    axiom_store64_be(tag + 8, r->sum[1]);
    r->s->k->ecb_enc(&r->s->ks, tag, tag, 1);
    axiom_wipe(r, sizeof *r);
}

/* One message: seal (@enc) or open.  The full 16-byte tag whatever
 * @taglen: shorter tags are its prefixes. */
static void mgm_message(const void *state, int enc, uint8_t *out, uint8_t tag[AXIOM_AEAD_MAXTAG],
                        size_t taglen, const uint8_t *nonce, size_t noncelen, const uint8_t *ad,
                        size_t adlen, const uint8_t *in, size_t len)
{
    mgm_run r;
    (void)taglen;
    (void)noncelen;
    run_start(&r, state, nonce);
    absorb(&r, ad, adlen);
    mgm_crypt(&r, enc, out, in, len);
    finish(&r, tag, adlen, len);
}

/* RFC 9058: the nonce is 127 bits, written as 16 bytes whose top bit is 0. */
static int mgm_nonce_value_ok(const uint8_t *nonce, size_t noncelen)
{
    (void)noncelen;
    return (nonce[0] & 0x80) == 0;
}

/* RFC 9058, 4: a tag of 32 to 128 bits; whole bytes here. */
static int mgm_tag_ok(size_t taglen)
{
    return taglen >= 4 && taglen <= 16;
}

const axiom_aead_alg axiom_aead_kuznyechik_mgm = {
    .name = "kuznyechik-mgm",
    .keylen = AXIOM_KUZ_KEYLEN,
    .state_size = (sizeof(mgm_state) + 63) & ~(size_t)63,
    .nonce_ok = axiom_aead_nonce16_ok,
    .nonce_value_ok = mgm_nonce_value_ok,
    .tag_ok = mgm_tag_ok,
    /* RFC 9058, 4: at most 2^64 - 1 blocks of AD and text together, and
     * bit lengths in 64 bits: 2^61 - 1 bytes each keeps both. */
    .max_len = (UINT64_C(1) << 61) - 1,
    .max_adlen = (UINT64_C(1) << 61) - 1,
    .kernels = axiom_kuz_kernels,
    .setkey = mgm_setkey,
    .message = mgm_message,
};
