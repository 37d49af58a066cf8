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

void axiom_aegis_run(const axiom_aegis_kernel *k, const axiom_aegis_msg *m, int encrypt)
{
    if (encrypt && k->seal)
        k->seal(k, m);
    else if (!encrypt && k->open)
        k->open(k, m);
    else
        compose(k, m, encrypt);
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

void axiom_aegis_crypt(const axiom_aegis_kernel *k, int encrypt, uint8_t *out, uint8_t *tag,
                       size_t taglen, const uint8_t *key, const uint8_t *nonce,
                       const uint8_t *ad, size_t adlen, const uint8_t *in, size_t len)
{
    const size_t rate = axiom_aegis_rate(k);
    const unsigned shift = axiom_aegis_rate_log2(k);
    const size_t adrest = adlen & (rate - 1), rest = len & (rate - 1);
    _Alignas(64) uint8_t adpad[AXIOM_AEGIS_MAXRATE], inpad[AXIOM_AEGIS_MAXRATE],
        outpad[AXIOM_AEGIS_MAXRATE];
    axiom_aegis_msg m;
    m.key = key;
    m.nonce = nonce;
    m.ad = ad;
    m.adsteps = adlen >> shift;
    m.adlast = NULL;
    if (adrest) {
        memset(adpad, 0, rate);
        memcpy(adpad, ad + adlen - adrest, adrest);
        m.adlast = adpad;
    }
    m.in = in;
    m.out = out;
    m.steps = len >> shift;
    m.inlast = NULL;
    m.outlast = outpad;
    m.lastmask = NULL;
    if (rest) {
        /* Read before any output is written: @out may be @in. */
        memset(inpad, 0, rate);
        memcpy(inpad, in + len - rest, rest);
        m.inlast = inpad;
        m.lastmask = mask_tab + AXIOM_AEGIS_MAXRATE - rest;
    }
    m.adbits = (uint64_t)adlen << 3;
    m.msgbits = (uint64_t)len << 3;
    m.tag = tag;
    m.taglen = taglen;
    axiom_aegis_run(k, &m, encrypt);
    if (rest) {
        memcpy(out + len - rest, outpad, rest);
        axiom_wipe(inpad, rate);
        axiom_wipe(outpad, rate);
    }
}

/* ---- the AEAD algorithms ------------------------------------------------ */

typedef struct aegis_key {
    uint8_t key[32];
    const axiom_aegis_kernel *k;
} aegis_key;

#define AEAD_STATE_SIZE ((sizeof(aegis_key) + 63) & ~(size_t)63)

static void aead_setkey(void *state, const axiom_kernel *k, const uint8_t *key, size_t keylen)
{
    aegis_key *s = state;
    memcpy(s->key, key, keylen);
    s->k = (const axiom_aegis_kernel *)k;
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
    axiom_aegis_crypt(s->k, enc, out, tag, taglen, s->key, nonce, ad, adlen, in, len);
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
