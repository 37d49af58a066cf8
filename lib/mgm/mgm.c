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
 * the multiplication kernel writes batches of counter blocks with 64-bit
 * adds, which wrap without a branch, and the cipher kernel's ECB encrypts
 * them, the Y and Z blocks of a batch in one call (2 * AXIOM_MGM_BATCH
 * blocks, the widest Kuznyechik kernel's batch).  Then one pass of the
 * multiplication kernel (crypt) XORs the keystream into the text and
 * multiplies the ciphertext into the sum, for seal and open alike.  With
 * the gfni-avx512 cipher kernel, text batches go through its MGM batch
 * instead (kuznyechik.h: counters built in registers, a cheaper first
 * round), whole ones in its register order for the multiplication
 * kernel's crypt_lanes when it has one.  The lengths block's H joins the
 * last batch when that has room.  The
 * multiplication kernels are constant time (lib/mgm/mgm.h); branches
 * depend on lengths only.  Keystream, H values and the running sum are
 * wiped before returning.
 */
#include "config.h"

#include <stddef.h>
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

static void mgm_portable_crypt(uint64_t sum[2], uint8_t *out, const uint8_t *in,
                               const uint8_t *ks, const uint8_t *h, size_t n, int enc)
{
    for (size_t i = 0; i < n; i++, in += 16, out += 16, ks += 16, h += 16) {
        /* the input read before the output (in place) is written */
        const uint64_t ph = axiom_load64_be(in), pl = axiom_load64_be(in + 8);
        const uint64_t ch = ph ^ axiom_load64_be(ks), cl = pl ^ axiom_load64_be(ks + 8);
        axiom_store64_be(out, ch);
        axiom_store64_be(out + 8, cl);
        uint64_t p[2];
        gf_mul(p, axiom_load64_be(h), axiom_load64_be(h + 8), enc ? ch : ph, enc ? cl : pl);
        sum[0] ^= p[0];
        sum[1] ^= p[1];
    }
}

static void mgm_portable_counters(uint8_t *out, uint64_t c[2], size_t n, int low)
{
    uint64_t hi = c[0], lo = c[1];
    const uint64_t ih = low ? 0 : 1, il = low ? 1 : 0;
    for (size_t i = 0; i < n; i++, out += 16) {
        axiom_store64_be(out, hi);
        axiom_store64_be(out + 8, lo);
        hi += ih; /* mod 2^64: one half only */
        lo += il;
    }
    c[0] = hi;
    c[1] = lo;
}

const axiom_mgm_kernel axiom_mgm_portable = {
    .name = "portable",
    .features = 0,
    .constant_time = 1,
    .desc = "shift-and-add, masks for the bits and the reduction",
    .step = 1,
    .sum_mul = mgm_portable_sum_mul,
    .crypt = mgm_portable_crypt,
    .counters = mgm_portable_counters,
};

const axiom_kernel *const axiom_mgm_kernels[] = {
#ifdef HAVE_ISA_VAES_AVX512
    &axiom_mgm_vpclmul_avx512.base,
#endif
#ifdef HAVE_ISA_VAES_AVX2
    &axiom_mgm_vpclmul_avx2.base,
#endif
#ifdef HAVE_ISA_AESNI
    &axiom_mgm_pclmul.base,
#endif
    &axiom_mgm_portable.base,
    NULL
};

/* ---- kuznyechik-mgm ---------------------------------------------------- */

#define BATCH AXIOM_MGM_BATCH
_Static_assert(AXIOM_MGM_BATCH == AXIOM_KUZ_MGM_BATCH, "the fused batch is the glue's");

typedef struct mgm_state {
    axiom_bc_ks ks;
    const axiom_bc_kernel *k;
} mgm_state;

typedef struct mgm_run {
    const mgm_state *s;
    const axiom_mgm_kernel *mul;
    uint64_t y[2], z[2];          /* the next Y and Z counters, high half first */
    uint64_t sum[2];
    size_t used;                  /* bytes of buf written, for the wipe */
    int have_hl;                  /* hl holds the lengths block's H */
    int fused;                    /* text batches by axiom_kuz_z_mgm_blocks,
                                   * but for a tail short enough for the
                                   * kernel's one-block path (steps[0]) */
    uint8_t hl[16];
    axiom_kuz_mgm_pre pre;        /* with fused, once there is text */
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
    r->y[0] = axiom_load64_be(r->buf);
    r->y[1] = axiom_load64_be(r->buf + 8);
    r->z[0] = axiom_load64_be(r->buf + 16);
    r->z[1] = axiom_load64_be(r->buf + 24);
    r->sum[0] = r->sum[1] = 0;
    r->used = 32;
    r->have_hl = 0;
    r->fused = 0;
#ifdef HAVE_ISA_AVX512_VBMI_GFNI
    r->fused = s->k == &axiom_kuz_gfni_avx512;
#endif
}

/* @ny Y blocks and @nz Z blocks (ny + nz at most 2 * BATCH) encrypted in
 * one call into r->buf: the keystream at buf, the H values at the
 * address returned, buf + 16 * ny.  With @hl, one Z block more, whose E()
 * (the lengths block's H) goes to r->hl.  Text batches (@ny not 0) with
 * r->fused: the kernel's MGM batch, always BATCH Y blocks then BATCH Z
 * blocks (those past @ny and @nz + @hl are never used), the H values at
 * buf + 16 * BATCH; with @lanes (a batch of whole blocks, and the
 * multiplication kernel has crypt_lanes), in the cipher kernel's register
 * order for crypt_lanes instead. */
static const uint8_t *next_blocks(mgm_run *r, size_t ny, size_t nz, int hl, int lanes)
{
    const size_t n = ny + nz + (size_t)hl;
    (void)lanes; /* only the fused kernel batch reads it */
#ifdef HAVE_ISA_AVX512_VBMI_GFNI
    if (ny && r->fused && n >= r->s->k->steps[0]) {
        axiom_kuz_z_mgm_blocks(&r->pre, &r->s->ks, r->buf, r->y[1], r->z[0],
                               lanes);
        r->y[1] += ny; /* mod 2^64, as the kernel's adds */
        r->z[0] += nz + (size_t)hl;
        r->used = sizeof r->buf;
        if (hl) {
            memcpy(r->hl, r->buf + 16 * (BATCH + nz), 16);
            r->have_hl = 1;
        }
        return r->buf + 16 * BATCH;
    }
#endif
    if (ny)
        r->mul->counters(r->buf, r->y, ny, 1);
    r->mul->counters(r->buf + 16 * ny, r->z, nz + (size_t)hl, 0);
    r->s->k->ecb_enc(&r->s->ks, r->buf, r->buf, n);
    if (16 * n > r->used)
        r->used = 16 * n;
    if (hl) {
        memcpy(r->hl, r->buf + 16 * (n - 1), 16);
        r->have_hl = 1;
    }
    return r->buf + 16 * ny;
}

/* Authenticate @len bytes at @x (the AD), zero-padding the last block,
 * 2 * BATCH blocks per batch; @last: no text follows, so the lengths
 * block's H joins the last batch when there is room. */
static void absorb(mgm_run *r, const uint8_t *x, size_t len, int last)
{
    while (len) {
        size_t nb = (len + 15) / 16;
        if (nb > 2 * BATCH)
            nb = 2 * BATCH;
        const int tail = len <= 16 * nb;
        next_blocks(r, 0, nb, tail && last && nb < 2 * BATCH, 0);
        size_t whole = tail ? len / 16 : nb;
        r->mul->sum_mul(r->sum, r->buf, x, whole);
        if (whole < nb) { /* the partial last block */
            uint8_t t[16] = { 0 };
            memcpy(t, x + 16 * whole, len - 16 * whole);
            r->mul->sum_mul(r->sum, r->buf + 16 * whole, t, 1);
            axiom_wipe(t, sizeof t);
            return;
        }
        x += 16 * nb;
        len -= 16 * nb;
    }
}

/* Encrypt (@enc) or decrypt @len bytes, authenticating the ciphertext:
 * BATCH blocks per batch, in one pass each (the kernel's crypt). */
static void mgm_crypt(mgm_run *r, int enc, uint8_t *out, const uint8_t *in, size_t len)
{
#ifdef HAVE_ISA_AVX512_VBMI_GFNI
    /* From one whole batch on (the set-up costs about what a batch saves);
     * Y's high half and Z's low half are fixed now. */
    r->fused = r->fused && len >= 16 * BATCH;
    if (r->fused)
        axiom_kuz_z_mgm_pre(&r->pre, &r->s->ks, r->y[0], r->z[1]);
#endif
    while (len) {
        size_t nb = (len + 15) / 16;
        if (nb > BATCH)
            nb = BATCH;
        const int tail = len <= 16 * nb;
        const size_t n = tail ? len : 16 * nb;
        const int lanes = r->fused && n == 16 * BATCH && r->mul->crypt_lanes;
        const uint8_t *h = next_blocks(r, nb, nb, tail && nb < BATCH, lanes);
        if (lanes) {
            /* the kernel's register order (next_blocks) */
            r->mul->crypt_lanes(r->sum, out, in, r->buf, enc);
            in += 16 * BATCH;
            out += 16 * BATCH;
            len -= 16 * BATCH;
            continue;
        }
        const size_t whole = n / 16, rest = n % 16;
        r->mul->crypt(r->sum, out, in, r->buf, h, whole, enc);
        if (rest) { /* the partial last block, zero-padded for the sum */
            uint8_t p[16] = { 0 }, c[16] = { 0 };
            memcpy(p, in + 16 * whole, rest);
            for (size_t i = 0; i < rest; i++)
                c[i] = (uint8_t)(p[i] ^ r->buf[16 * whole + i]);
            memcpy(out + 16 * whole, c, rest);
            r->mul->sum_mul(r->sum, h + 16 * whole, enc ? c : p, 1);
            axiom_wipe(p, sizeof p);
            axiom_wipe(c, sizeof c);
        }
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
    if (!r->have_hl) { /* no batch had room for it */
        next_blocks(r, 0, 1, 0, 0);
        memcpy(r->hl, r->buf, 16);
    }
    r->mul->sum_mul(r->sum, r->hl, l, 1);
    axiom_store64_be(tag, r->sum[0]);
    axiom_store64_be(tag + 8, r->sum[1]);
    r->s->k->ecb_enc(&r->s->ks, tag, tag, 1);
    /* the written part of buf, then the rest of the run */
    axiom_wipe(r->buf, r->used);
    axiom_wipe(r, offsetof(mgm_run, buf));
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
    absorb(&r, ad, adlen, len == 0);
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
