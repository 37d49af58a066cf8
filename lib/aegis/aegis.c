/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* AEGIS glue: the six variants as AEAD algorithms (lib/core/aead.h) and
 * MACs (lib/core/mac.h) over the kernels of lib/aegis/aegis.h, with the
 * tails, padding, length block and tag folding written once here. */
#include "config.h"

#include <string.h>

#include "aegis/aegis.h"
#include "core/bytes.h"
#include "core/internal.h"

/* draft-irtf-cfrg-aegis-aead, "Conventions and Definitions" (the
 * Fibonacci sequence mod 256, and its continuation). */
const uint8_t axiom_aegis_c0[16] = { 0x00, 0x01, 0x01, 0x02, 0x03, 0x05, 0x08, 0x0d,
                                     0x15, 0x22, 0x37, 0x59, 0x90, 0xe9, 0x79, 0x62 };
const uint8_t axiom_aegis_c1[16] = { 0xdb, 0x3d, 0x18, 0x55, 0x6d, 0xc2, 0x2f, 0xf1,
                                     0x20, 0x11, 0x31, 0x42, 0x73, 0xb5, 0x28, 0xdd };

/* Init's rounds on constants, folded (lib/aegis/aegis.h); R(x) is the
 * AES round of x with a zero round key.  The 128 family: R(C1) ^ C0,
 * R(C0) ^ C1, R(that first) ^ that second, R(C1), R(R(C0) ^ C1) ^ R(C1),
 * R(third) ^ fifth. */
const uint8_t axiom_aegis128_fold[6][16] = {
    { 0x00, 0x61, 0x50, 0xa9, 0x2e, 0x86, 0xc1, 0x1c, 0x08, 0x69, 0xec, 0xba, 0xc5, 0x3b, 0x8f, 0x82 },
    { 0x90, 0x97, 0xda, 0x4e, 0xf4, 0x32, 0x29, 0xb7, 0x1b, 0x27, 0xec, 0x7e, 0xcc, 0xb6, 0x12, 0xbc },
    { 0x47, 0x26, 0x4f, 0x47, 0x26, 0xac, 0x69, 0xd3, 0x89, 0xa1, 0x27, 0xbc, 0x3d, 0xa9, 0xac, 0x29 },
    { 0x00, 0x60, 0x51, 0xab, 0x2d, 0x83, 0xc9, 0x11, 0x1d, 0x4b, 0xdb, 0xe3, 0x55, 0xd2, 0xf6, 0xe0 },
    { 0x0e, 0x6a, 0x3a, 0x2c, 0xe1, 0xd0, 0x42, 0x90, 0x74, 0x28, 0x74, 0x59, 0x16, 0x95, 0x6a, 0xed },
    { 0x94, 0x19, 0x7c, 0xdb, 0x73, 0x4b, 0x45, 0x6a, 0xad, 0xc3, 0xb9, 0x30, 0xc6, 0x32, 0xfc, 0x40 },
};
/* The 256 family: R(C1) ^ C0, R(C0) ^ C0, R(R(C1) ^ C0) ^ R(C0) ^ C0. */
const uint8_t axiom_aegis256_fold[3][16] = {
    { 0x00, 0x61, 0x50, 0xa9, 0x2e, 0x86, 0xc1, 0x1c, 0x08, 0x69, 0xec, 0xba, 0xc5, 0x3b, 0x8f, 0x82 },
    { 0x4b, 0xab, 0xc3, 0x19, 0x9a, 0xf5, 0x0e, 0x4b, 0x2e, 0x14, 0xea, 0x65, 0x2f, 0xea, 0x43, 0x03 },
    { 0x9c, 0x1a, 0x56, 0x10, 0x48, 0x6b, 0x4e, 0x2f, 0xbc, 0x92, 0x21, 0xa7, 0xde, 0xf5, 0xfd, 0x96 },
};

static const axiom_aegis_variant variants[] = {
    { "aegis-128l", 128, 1, 16, axiom_aegis128l_kernels },
    { "aegis-128x2", 128, 2, 16, axiom_aegis128x2_kernels },
    { "aegis-128x4", 128, 4, 16, axiom_aegis128x4_kernels },
    { "aegis-256", 256, 1, 32, axiom_aegis256_kernels },
    { "aegis-256x2", 256, 2, 32, axiom_aegis256x2_kernels },
    { "aegis-256x4", 256, 4, 32, axiom_aegis256x4_kernels },
};

const axiom_aegis_variant *axiom_aegis_find(const char *name)
{
    for (size_t i = 0; name && i < sizeof variants / sizeof variants[0]; i++)
        if (axiom_name_eq(name, variants[i].name))
            return &variants[i];
    return NULL;
}

/* ---- tags ------------------------------------------------------------------ */

static void xor16(uint8_t *d, const uint8_t *s)
{
    for (int i = 0; i < 16; i++)
        d[i] ^= s[i];
}

/* The Finalize tag of lane @lane alone: the 128 family's S0 ^ ... ^ S6 or
 * (S0 ^ S1 ^ S2 ^ S3) || (S4 ^ S5 ^ S6 ^ S7); the 256 family's
 * S0 ^ ... ^ S5 or (S0 ^ S1 ^ S2) || (S3 ^ S4 ^ S5). */
static void lane_tag(const axiom_aegis_kernel *k, const axiom_aegis_state *s, unsigned lane,
                     uint8_t *tag, size_t taglen)
{
    const unsigned nb = axiom_aegis_blocks(k);
    memset(tag, 0, taglen);
    if (taglen == 16) {
        for (unsigned j = 0; j < (k->family == 128 ? 7u : 6u); j++)
            xor16(tag, s->v[j] + 16 * lane);
    } else {
        for (unsigned j = 0; j < nb; j++)
            xor16(tag + (j < nb / 2 ? 0 : 16), s->v[j] + 16 * lane);
    }
}

void axiom_aegis_tag(const axiom_aegis_kernel *k, const axiom_aegis_state *s, uint8_t *tag,
                     size_t taglen)
{
    uint8_t t[32];
    memset(tag, 0, taglen);
    for (unsigned i = 0; i < k->lanes; i++) {
        lane_tag(k, s, i, t, taglen);
        xor16(tag, t);
        if (taglen == 32)
            xor16(tag + 16, t + 16);
    }
    axiom_wipe(t, sizeof t);
}

/* ---- whole messages ----------------------------------------------------- */

/* The operations one after the other, for kernels without a one-call
 * path (the portable one). */
static void compose(const axiom_aegis_kernel *k, const axiom_aegis_msg *m, int encrypt)
{
    axiom_aegis_state s;
    uint8_t z[AXIOM_AEGIS_MAXRATE];
    const size_t rate = axiom_aegis_rate(k);
    k->init(k, &s, m->key, m->nonce);
    if (m->adsteps)
        k->absorb(k, &s, m->ad, m->adsteps);
    if (m->adlast)
        k->absorb(k, &s, m->adlast, 1);
    if (m->steps)
        (encrypt ? k->enc : k->dec)(k, &s, m->out, m->in, m->steps);
    if (m->inlast) {
        if (encrypt) {
            k->enc(k, &s, m->outlast, m->inlast, 1);
        } else {
            k->keystream(k, &s, z);
            for (size_t i = 0; i < rate; i++)
                m->outlast[i] = (uint8_t)((m->inlast[i] ^ z[i]) & m->lastmask[i]);
            k->absorb(k, &s, m->outlast, 1);
        }
    }
    k->finalize(k, &s, m->adbits, m->msgbits);
    axiom_aegis_tag(k, &s, m->tag, m->taglen);
    axiom_wipe(&s, sizeof s);
    axiom_wipe(z, sizeof z);
}

static inline __attribute__((always_inline)) void run_inline(const axiom_aegis_kernel *k,
                                                            const axiom_aegis_msg *m,
                                                            int encrypt)
{
    if (encrypt && k->seal)
        k->seal(k, m);
    else if (!encrypt && k->open)
        k->open(k, m);
    else
        compose(k, m, encrypt);
}

void axiom_aegis_run(const axiom_aegis_kernel *k, const axiom_aegis_msg *m, int encrypt)
{
    run_inline(k, m, encrypt);
}

/* 0xff then zeros: the mask of a partial last step of n bytes starts at
 * byte AXIOM_AEGIS_MAXRATE - n. */
static const uint8_t mask_tab[2 * AXIOM_AEGIS_MAXRATE] = {
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
};

/* A message with a partial last step of AD or text: the tails padded in
 * buffers on the stack (out of line, so that a message of whole steps
 * neither reserves nor aligns them). */
static __attribute__((noinline)) void crypt_tails(const axiom_aegis_kernel *k,
                                                  axiom_aegis_msg *m, int encrypt,
                                                  const uint8_t *ad, size_t adlen,
                                                  const uint8_t *in, size_t len)
{
    const size_t rate = axiom_aegis_rate(k);
    const size_t adrest = adlen & (rate - 1), rest = len & (rate - 1);
    _Alignas(64) uint8_t adpad[AXIOM_AEGIS_MAXRATE], inpad[AXIOM_AEGIS_MAXRATE],
        outpad[AXIOM_AEGIS_MAXRATE];
    if (adrest) {
        memset(adpad, 0, rate);
        memcpy(adpad, ad + adlen - adrest, adrest);
        m->adlast = adpad;
    }
    m->outlast = outpad;
    if (rest) {
        /* Read before any output is written: @out may be @in. */
        memset(inpad, 0, rate);
        memcpy(inpad, in + len - rest, rest);
        m->inlast = inpad;
        m->lastmask = mask_tab + AXIOM_AEGIS_MAXRATE - rest;
    }
    axiom_aegis_run(k, m, encrypt);
    if (rest) {
        memcpy(m->out + (len - rest), outpad, rest);
        axiom_wipe(inpad, rate);
        axiom_wipe(outpad, rate);
    }
}

/* axiom_aegis_crypt, inlined into the AEAD operation: the message split
 * into steps, straight to the kernel when it has no partial step. */
static inline __attribute__((always_inline)) void
crypt_inline(const axiom_aegis_kernel *k, size_t rate, unsigned shift, int encrypt, uint8_t *out,
             uint8_t *tag, size_t taglen, const uint8_t *key, const uint8_t *nonce,
             const uint8_t *ad, size_t adlen, const uint8_t *in, size_t len)
{
    axiom_aegis_msg m;
    m.key = key;
    m.nonce = nonce;
    m.ad = ad;
    m.adsteps = adlen >> shift;
    m.adlast = NULL;
    m.in = in;
    m.out = out;
    m.steps = len >> shift;
    m.inlast = NULL;
    m.outlast = NULL;
    m.lastmask = NULL;
    m.adlastlen = 0;
    m.lastlen = 0;
    m.adbits = (uint64_t)adlen << 3;
    m.msgbits = (uint64_t)len << 3;
    m.tag = tag;
    m.taglen = taglen;
    if (((adlen | len) & (rate - 1)) == 0) {
        run_inline(k, &m, encrypt);
    } else if (k->partial && (encrypt ? k->seal : k->open)) {
        /* The kernel pads in registers: the caller's last bytes as they
         * are. */
        m.adlastlen = adlen & (rate - 1);
        m.lastlen = len & (rate - 1);
        if (m.adlastlen)
            m.adlast = ad + (adlen - m.adlastlen);
        if (m.lastlen) {
            m.inlast = in + (len - m.lastlen);
            m.outlast = out + (len - m.lastlen);
        }
        (encrypt ? k->seal : k->open)(k, &m);
    } else {
        crypt_tails(k, &m, encrypt, ad, adlen, in, len);
    }
}

void axiom_aegis_crypt(const axiom_aegis_kernel *k, int encrypt, uint8_t *out, uint8_t *tag,
                       size_t taglen, const uint8_t *key, const uint8_t *nonce,
                       const uint8_t *ad, size_t adlen, const uint8_t *in, size_t len)
{
    crypt_inline(k, axiom_aegis_rate(k), axiom_aegis_rate_log2(k), encrypt, out, tag, taglen,
                 key, nonce, ad, adlen, in, len);
}

/* ---- the AEAD algorithms ------------------------------------------------ */

/* The key, its kernel and the kernel's step (bytes, log2), read once at
 * setkey rather than from the kernel on every message. */
typedef struct aegis_key {
    uint8_t key[32];
    const axiom_aegis_kernel *k;
    size_t rate;
    unsigned shift;
} aegis_key;

#define AEAD_STATE_SIZE ((sizeof(aegis_key) + 63) & ~(size_t)63)

static void aead_setkey(void *state, const axiom_kernel *k, const uint8_t *key, size_t keylen)
{
    aegis_key *s = state;
    memcpy(s->key, key, keylen);
    s->k = (const axiom_aegis_kernel *)k;
    s->rate = axiom_aegis_rate(s->k);
    s->shift = axiom_aegis_rate_log2(s->k);
}

/* The message operation: axiom_aegis_crypt in the direction @enc, with
 * the @taglen-byte tag (16 and 32 are different functions). */
static void aead_message(const void *state, int enc, uint8_t *out,
                         uint8_t tag[AXIOM_AEAD_MAXTAG], size_t taglen, const uint8_t *nonce,
                         size_t noncelen, const uint8_t *ad, size_t adlen, const uint8_t *in,
                         size_t len)
{
    const aegis_key *s = state;
    (void)noncelen;
    crypt_inline(s->k, s->rate, s->shift, enc, out, tag, taglen, s->key, nonce, ad, adlen, in,
                 len);
}

static int nonce16_ok(size_t n)
{
    return n == 16;
}

static int nonce32_ok(size_t n)
{
    return n == 32;
}

/* 128- and 256-bit tags: two different functions of the final state. */
static int tag_ok(size_t n)
{
    return n == 16 || n == 32;
}

#define AEGIS_AEAD(var, nm, klen, list)                                                     \
    const axiom_aead_alg var = {                                                           \
        .name = nm,                                                                        \
        .keylen = klen,                                                                    \
        .state_size = AEAD_STATE_SIZE,                                                     \
        .nonce_ok = (klen) == 16 ? nonce16_ok : nonce32_ok,                                \
        .tag_ok = tag_ok,                                                                  \
        .max_len = AXIOM_AEGIS_MAX_LEN,                                                    \
        .max_adlen = AXIOM_AEGIS_MAX_LEN,                                                  \
        .kernels = list,                                                                   \
        .setkey = aead_setkey,                                                             \
        .message = aead_message,                                                           \
        .seal_tag16_exact = 1,                                                             \
        .open_tag_unread = 1,                                                              \
    }

AEGIS_AEAD(axiom_aead_aegis128l, "aegis-128l", 16, axiom_aegis128l_kernels);
AEGIS_AEAD(axiom_aead_aegis128x2, "aegis-128x2", 16, axiom_aegis128x2_kernels);
AEGIS_AEAD(axiom_aead_aegis128x4, "aegis-128x4", 16, axiom_aegis128x4_kernels);
AEGIS_AEAD(axiom_aead_aegis256, "aegis-256", 32, axiom_aegis256_kernels);
AEGIS_AEAD(axiom_aead_aegis256x2, "aegis-256x2", 32, axiom_aegis256x2_kernels);
AEGIS_AEAD(axiom_aead_aegis256x4, "aegis-256x4", 32, axiom_aegis256x4_kernels);

/* ---- AEGIS-MAC ------------------------------------------------------------- */

void axiom_aegis_mac_init(axiom_aegis_mac *m, const axiom_aegis_kernel *k, const uint8_t *key,
                          const uint8_t *nonce)
{
    m->k = k;
    k->init(k, &m->s0, key, nonce);
    memcpy(&m->s, &m->s0, sizeof m->s);
    m->used = 0;
    m->total = 0;
}

void axiom_aegis_mac_update(axiom_aegis_mac *m, const uint8_t *in, size_t len)
{
    const axiom_aegis_kernel *k = m->k;
    const size_t rate = axiom_aegis_rate(k);
    m->total += len;
    if (m->used) {
        size_t take = rate - m->used < len ? rate - m->used : len;
        memcpy(m->buf + m->used, in, take);
        m->used += take;
        in += take;
        len -= take;
        if (m->used < rate)
            return;
        k->absorb(k, &m->s, m->buf, 1);
        m->used = 0;
    }
    if (len >= rate)
        k->absorb(k, &m->s, in, len >> axiom_aegis_rate_log2(k));
    in += len & ~(rate - 1);
    len &= rate - 1;
    if (len) {
        memcpy(m->buf, in, len);
        m->used = len;
    }
}

/* Absorb into lane 0 only: @x0 into M0's first lane and, for the 128
 * family, @x1 into M1's (the draft's ZeroPad(x, R / 2) halves). */
static void absorb_lane0(const axiom_aegis_kernel *k, axiom_aegis_state *s, const uint8_t *x0,
                         const uint8_t *x1, unsigned times)
{
    uint8_t b[AXIOM_AEGIS_MAXRATE];
    const size_t rate = axiom_aegis_rate(k);
    memset(b, 0, rate);
    memcpy(b, x0, 16);
    if (k->family == 128)
        memcpy(b + 16 * k->lanes, x1, 16);
    while (times--)
        k->absorb(k, s, b, 1);
    axiom_wipe(b, sizeof b);
}

/* The draft's FinalizeMac of AEGISMAC-128X and -256X (D > 1): every lane
 * finalized, the other lanes' tags (and for 128X with 128-bit tags lane
 * 0's too) absorbed into lane 0, seven more updates, lane 0's tag. */
static void finalize_mac_lanes(const axiom_aegis_kernel *k, axiom_aegis_state *s, size_t taglen)
{
    uint8_t tags[4 * 32], u[16];
    size_t n = 0;
    const unsigned first = (k->family == 128 && taglen == 16) ? 0 : 1;
    for (unsigned i = first; i < k->lanes; i++, n += taglen)
        lane_tag(k, s, i, tags + n, taglen);
    if (k->family == 128) {
        for (size_t off = 0; off + 32 <= n; off += 32)
            absorb_lane0(k, s, tags + off, tags + off + 16, 1);
    } else {
        for (size_t off = 0; off + 16 <= n; off += 16)
            absorb_lane0(k, s, tags + off, NULL, 1);
    }
    axiom_store64_le(u, k->lanes);
    axiom_store64_le(u + 8, (uint64_t)taglen << 3);
    xor16(u, s->v[k->family == 128 ? 2 : 3]);
    absorb_lane0(k, s, u, u, 7);
    axiom_wipe(tags, sizeof tags);
    axiom_wipe(u, sizeof u);
}

void axiom_aegis_mac_final(axiom_aegis_mac *m, uint8_t *tag, size_t taglen)
{
    const axiom_aegis_kernel *k = m->k;
    if (m->used) {
        memset(m->buf + m->used, 0, axiom_aegis_rate(k) - m->used);
        k->absorb(k, &m->s, m->buf, 1);
    }
    /* Finalize(|data|, tag_len_bits): the tag length takes the place of
     * the message length. */
    k->finalize(k, &m->s, m->total << 3, (uint64_t)taglen << 3);
    if (k->lanes == 1) {
        axiom_aegis_tag(k, &m->s, tag, taglen);
    } else {
        finalize_mac_lanes(k, &m->s, taglen);
        lane_tag(k, &m->s, 0, tag, taglen);
    }
    memcpy(&m->s, &m->s0, sizeof m->s);
    axiom_wipe(m->buf, sizeof m->buf);
    m->used = 0;
    m->total = 0;
}

/* AEGIS-MAC in the generic MAC API (lib/core/mac.h): one family,
 * "aegis-<variant>-mac", whose parameter is the variant. */
static const void *mac_param(const char *rest)
{
    static const char suffix[] = "-mac";
    char name[24] = "aegis-";
    const size_t pre = strlen(name), n = strlen(rest), m = sizeof suffix - 1;
    if (n <= m || pre + n - m >= sizeof name || !axiom_name_eq(rest + n - m, suffix))
        return NULL;
    memcpy(name + pre, rest, n - m);
    name[pre + n - m] = '\0';
    return axiom_aegis_find(name);
}

static const axiom_kernel *const *mac_kernels(const void *param)
{
    return ((const axiom_aegis_variant *)param)->kernels;
}

static int mac_key_ok(const void *param, size_t keylen)
{
    return keylen == ((const axiom_aegis_variant *)param)->keylen;
}

/* No nonce given: the all-zero nonce (a MAC key may be used with one
 * nonce for any number of messages). */
static int mac_nonce_ok(const void *param, size_t noncelen)
{
    return noncelen == 0 || noncelen == ((const axiom_aegis_variant *)param)->keylen;
}

static int mac_tag_ok(const void *param, size_t n)
{
    (void)param;
    return n == 16 || n == 32;
}

static void mac_init(void *state, const void *param, const axiom_kernel *k, const uint8_t *key,
                     size_t keylen, const uint8_t *nonce, size_t noncelen)
{
    static const uint8_t zero[32];
    (void)param;
    (void)keylen;
    axiom_aegis_mac_init(state, (const axiom_aegis_kernel *)k, key, noncelen ? nonce : zero);
}

static void mac_update(void *state, const uint8_t *in, size_t len)
{
    axiom_aegis_mac_update(state, in, len);
}

static void mac_final(void *state, uint8_t *tag, size_t taglen)
{
    axiom_aegis_mac_final(state, tag, taglen);
}

_Static_assert(sizeof(axiom_aegis_mac) <= AXIOM_MAC_MAX_STATE,
               "axiom_mac() keeps the state on its stack");
_Static_assert(AXIOM_MAC_MAXTAG >= 32, "AEGIS-MAC tags");

const axiom_mac_alg axiom_mac_aegis = {
    .name = "aegis-",
    .state_size = (sizeof(axiom_aegis_mac) + 63) & ~(size_t)63,
    .param = mac_param,
    .kernels = mac_kernels,
    .key_ok = mac_key_ok,
    .nonce_ok = mac_nonce_ok,
    .tag_ok = mac_tag_ok,
    .max_len = AXIOM_AEGIS_MAX_LEN,
    .init = mac_init,
    .update = mac_update,
    .final = mac_final,
};
