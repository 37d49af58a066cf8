/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* kuznyechik-omac-acpkm, the MAC algorithm (lib/core/mac.h) OMAC-ACPKM of
 * R 1323565.1.017-2018 and RFC 8645 (6.3): Kuznyechik OMAC whose key
 * changes every N bytes of the message, the keys drawn from the master
 * key by ACPKM-Master. */

/*
 * For master key K (32 bytes), section size N and ACPKM-Master section
 * size T* (bytes, multiples of 16):
 *   K^1 || K1^1 || K^2 || K1^2 || ... = ACPKM-Master(T*, K): the keystream
 *       of CTR-ACPKM under K with section T* (meshed by ACPKM, RFC 8645
 *       4.1, before each T* bytes but the first) from counter block
 *       1^64 || 0^64, cut into 48-byte pieces, each a section key K^i
 *       (32 bytes) then that section's subkey K1^i (16 bytes);
 *   the message is chained as OMAC (GOST R 34.13 5.6) chains it, with one
 *   chaining value throughout, block j (from 1) under K^i, i = ceil(16 j / N);
 *   the last block (whole: xor K1^l; partial or empty: 10* padding and
 *   xor K2^l = K1^l * x in GF(2^128)) under K^l, l the last block's section.
 * So the subkeys come from ACPKM-Master beside the keys, not from
 * E(K^i, 0) as in plain OMAC, and only the last section's is used; a
 * message of l sections (l >= 1) draws 48 l bytes of the stream.  Each
 * piece is drawn when its section starts (the first when the message's
 * first block is chained or at final), so a message restarts the stream
 * from K and nothing is drawn for a message not begun.
 *
 * Names: "kuznyechik-omac-acpkm" is N = T* = 4096, the GOST provider's
 * defaults for its MAC kuznyechik-ctr-acpkm-omac (gost-engine: the
 * "key-mesh" and "cipher-key-mesh" parameters); "-<N>" after the name sets
 * N, "-<N>-<T*>" both (R 1323565.1.017-2018's examples: "-32-96").
 *
 * Constant time: the branches, the section arithmetic and the buffer
 * offsets depend on the message length and the public sizes alone, the
 * ACPKM-Master counter is public (it counts blocks from a constant), the
 * subkey doubling uses a mask made from the top bit, and every block
 * operation and key schedule is the picked Kuznyechik kernel's, constant
 * time when the kernel is (every kernel but "table").  The master key,
 * both schedules, the subkey and the chaining value live in the state,
 * which the generic layer wipes; stack copies are wiped here.
 */
#include "config.h"

#include <string.h>

#include "acpkm/acpkm.h"
#include "cmac/cmac_buf.h"
#include "core/bc.h"
#include "core/bytes.h"
#include "core/internal.h"
#include "core/mac.h"
#include "kuznyechik/kuznyechik.h"

typedef struct oa_state {
    axiom_bc_ks ks;          /* K^i, the current section's key */
    axiom_bc_ks mks;         /* ACPKM-Master's current (meshed) key */
    const axiom_bc_kernel *k;
    uint8_t key[32];         /* K, from which each message restarts */
    uint8_t k1[16];          /* K1^i */
    uint8_t x[16];           /* chaining value */
    uint8_t buf[16];         /* the held-back block: 1..16 bytes once data came */
    size_t buflen;
    size_t used;             /* blocks chained under K^i; == section: K^(i+1) due */
    size_t section;          /* N / 16 */
    size_t msection;         /* T* / 16 */
    uint64_t mblocks;        /* ACPKM-Master blocks drawn for this message */
    int fresh;               /* 1: the next key restarts ACPKM-Master from K */
} oa_state;

_Static_assert(sizeof(oa_state) <= AXIOM_MAC_MAX_STATE, "axiom_mac() keeps the state on its stack");

/* ---- the name's parameter ---------------------------------------------- */

#define OA_DEFAULT 4096
/* The parameter is no pointer to anything: N / 16 and T* / 16 packed in
 * the two halves of its bits (the generic layer only hands it back), so
 * each size is at most 2^30 bytes, or 2^20 - 16 where pointers have 32
 * bits. */
#define OA_HALF (sizeof(uintptr_t) * 4)
#define OA_MAX (sizeof(uintptr_t) >= 8 ? (size_t)1 << 30 : (size_t)0xffff0)

/* A size of the name at *@p: decimal, no sign and no leading zero, a
 * multiple of 16 from 16 to OA_MAX; *@p moves past it.  0 if none. */
static size_t oa_size(const char **p)
{
    const char *s = *p;
    size_t n = 0;
    if (*s < '1' || *s > '9')
        return 0;
    for (; *s >= '0' && *s <= '9'; s++) {
        if (n > OA_MAX)
            return 0;
        n = 10 * n + (size_t)(*s - '0');
    }
    *p = s;
    return n <= OA_MAX && n % 16 == 0 ? n : 0;
}

/* "" (the defaults), "-<N>" or "-<N>-<T*>". */
static const void *oa_param(const char *rest)
{
    size_t n = OA_DEFAULT, t = OA_DEFAULT;
    if (*rest) {
        if (*rest++ != '-' || !(n = oa_size(&rest)))
            return NULL;
        if (*rest && (*rest++ != '-' || !(t = oa_size(&rest)) || *rest))
            return NULL;
    }
    return (const void *)(((uintptr_t)(n / 16) << OA_HALF) | (uintptr_t)(t / 16));
}

static size_t oa_section(const void *param)
{
    return (size_t)((uintptr_t)param >> OA_HALF);
}

static size_t oa_msection(const void *param)
{
    return (size_t)((uintptr_t)param & (((uintptr_t)1 << OA_HALF) - 1));
}

/* ---- the algorithm ------------------------------------------------------ */

/* The encryption-direction schedule of @key: only ecb_enc, cbc_enc and
 * ctr run under both schedules (the meshing's setkey replaces one whole). */
static void expand(const axiom_bc_kernel *k, axiom_bc_ks *ks, const uint8_t key[32])
{
    if (k->setkey_enc)
        k->setkey_enc(ks, key, 32);
    else
        k->setkey(ks, key, 32);
}

/* Multiplication by x in GF(2^128) modulo x^128 + x^7 + x^2 + x + 1, the
 * block as a big-endian number: K2 from K1. */
static void times_x(uint8_t out[16], const uint8_t in[16])
{
    const uint8_t carry = (uint8_t)(0u - (unsigned)(in[0] >> 7)); /* 0x00 or 0xff */
    for (int i = 0; i < 15; i++)
        out[i] = (uint8_t)((in[i] << 1) | (in[i + 1] >> 7));
    out[15] = (uint8_t)((in[15] << 1) ^ (carry & 0x87));
}

/* The next section: K^i || K1^i, the next 48 bytes of ACPKM-Master. */
static void next_key(oa_state *s)
{
    const axiom_bc_kernel *k = s->k;
    if (s->fresh) {
        expand(k, &s->mks, s->key);
        s->mblocks = 0;
        s->fresh = 0;
    }
    uint8_t km[48] = { 0 };
    size_t done = 0;
    while (done < 3) {
        uint64_t pos = s->mblocks % s->msection;
        if (pos == 0 && s->mblocks)
            axiom_acpkm_mesh(k, &s->mks);
        size_t m = 3 - done;
        if (m > s->msection - pos)
            m = (size_t)(s->msection - pos);
        uint8_t ctr[16];
        memset(ctr, 0xff, 8);
        axiom_store64_be(ctr + 8, s->mblocks);
        k->ctr(&s->mks, km + 16 * done, km + 16 * done, m, ctr);
        s->mblocks += m;
        done += m;
    }
    expand(k, &s->ks, km);
    memcpy(s->k1, km + 32, 16);
    AXIOM_WIPE_FIXED(km);
    s->used = 0;
}

static void oa_init(void *state, const void *param, const axiom_kernel *kernel,
                    const uint8_t *key, size_t keylen, const uint8_t *nonce, size_t noncelen)
{
    oa_state *s = state;
    (void)keylen;
    (void)nonce;
    (void)noncelen;
    s->k = axiom_bc_of(kernel);
    memcpy(s->key, key, 32);
    s->section = oa_section(param);
    s->msection = oa_msection(param);
    memset(s->x, 0, 16);
    memset(s->buf, 0, 16);
    s->buflen = 0;
    s->used = s->section;
    s->fresh = 1;
}

/* Chain @n whole blocks at @in into s->x, each under its section's key;
 * the ciphertext blocks go to a stack scratch area, wiped before
 * returning. */
#define CHUNK 32
static void chain(void *state, const uint8_t *in, size_t n)
{
    oa_state *s = state;
    uint8_t scratch[16 * CHUNK];
    size_t most = 0;
    while (n) {
        if (s->used == s->section)
            next_key(s);
        size_t m = s->section - s->used;
        if (m > n)
            m = n;
        if (m > CHUNK)
            m = CHUNK;
        s->k->cbc_enc(&s->ks, scratch, in, m, s->x);
        s->used += m;
        if (m > most)
            most = m;
        in += 16 * m;
        n -= m;
    }
    axiom_wipe(scratch, 16 * most);
}

static void oa_update(void *state, const uint8_t *in, size_t len)
{
    oa_state *s = state;
    axiom_cmac_absorb(s, chain, s->buf, &s->buflen, in, len);
}

static void oa_final(void *state, uint8_t *tag, size_t taglen)
{
    oa_state *s = state;
    if (s->used == s->section)
        next_key(s);
    uint8_t m[16], sub[16];
    if (axiom_cmac_last_block(m, s->buf, s->buflen))
        memcpy(sub, s->k1, 16);
    else
        times_x(sub, s->k1);
    for (int i = 0; i < 16; i++)
        m[i] ^= (uint8_t)(s->x[i] ^ sub[i]);
    s->k->ecb_enc(&s->ks, m, m, 1);
    memcpy(tag, m, taglen);
    AXIOM_WIPE_FIXED(m);
    AXIOM_WIPE_FIXED(sub);
    /* A new message under the same key: ACPKM-Master starts over. */
    memset(s->x, 0, 16);
    memset(s->buf, 0, 16);
    s->buflen = 0;
    s->used = s->section;
    s->fresh = 1;
}

static const axiom_kernel *const *oa_kernels(const void *param)
{
    (void)param;
    return axiom_kuz_kernels;
}

static int oa_key_ok(const void *param, size_t keylen)
{
    (void)param;
    return keylen == AXIOM_KUZ_KEYLEN;
}

static int oa_nonce_ok(const void *param, size_t noncelen)
{
    (void)param;
    return noncelen == 0;
}

/* Any truncation, as OMAC (GOST R 34.13 5.6: the leftmost bits). */
static int oa_tag_ok(const void *param, size_t taglen)
{
    (void)param;
    return taglen >= 1 && taglen <= 16;
}

const axiom_mac_alg axiom_mac_kuznyechik_omac_acpkm = {
    .name = "kuznyechik-omac-acpkm",
    .state_size = (sizeof(oa_state) + 63) & ~(size_t)63,
    .param = oa_param,
    .kernels = oa_kernels,
    .key_ok = oa_key_ok,
    .nonce_ok = oa_nonce_ok,
    .tag_ok = oa_tag_ok,
    /* OMAC's (lib/cmac/cmac.c).  ACPKM-Master's counter, 1^64 || c with
     * c counting from 0, takes at most 3 blocks per 16-byte section, so c
     * stays below 2^60 and never carries into the fixed half. */
    .max_len = (UINT64_C(1) << 61) - 1,
    .init = oa_init,
    .update = oa_update,
    .final = oa_final,
};
