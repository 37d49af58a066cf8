/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* axiom_alg_info() and axiom_keygen(): the lengths each name accepts, read
 * from the catalog's descriptors and the algorithms' own length
 * predicates, so that they cannot drift apart. */
#include "config.h"

#include <stddef.h>
#include <string.h>

#include "axiom/alg.h"
#include "axiom/chunked.h"
#include "axiom/rand.h"
#include "api/catalog.h"
#include "chunked/chunked.h"
#include "core/aead.h"
#include "core/internal.h"
#include "sha2/hash.h"

/* The fields every caller must have room for: up to tag_default. */
#define INFO_MIN_SIZE (offsetof(struct axiom_alg_info, tag_default) + sizeof(size_t))

typedef int (*len_ok_fn)(size_t len);

/* The accepted lengths of a predicate: its mask under 64, its least and
 * greatest.  Above 63 the accepted lengths are a range that starts at 64
 * (GCM nonces), found by bisection; *min is SIZE_MAX when none is. */
static void probe(len_ok_fn ok, uint64_t *mask, size_t *min, size_t *max)
{
    *mask = 0;
    *min = SIZE_MAX;
    *max = 0;
    for (size_t n = 0; n < 64; n++)
        if (ok(n)) {
            *mask |= UINT64_C(1) << n;
            if (*min == SIZE_MAX)
                *min = n;
            *max = n;
        }
    if (!ok(64))
        return;
    if (*min == SIZE_MAX)
        *min = 64;
    size_t lo = 64, hi = SIZE_MAX; /* ok(lo); the answer is in [lo, hi] */
    if (ok(hi)) {
        *max = hi;
        return;
    }
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (ok(mid))
            lo = mid;
        else
            hi = mid;
    }
    *max = lo;
}

static uint64_t one_length(size_t n)
{
    return n < 64 ? UINT64_C(1) << n : 0;
}

static void fixed_key(struct axiom_alg_info *in, size_t keylen)
{
    in->key_min = in->key_max = in->key_default = keylen;
    in->key_lengths = one_length(keylen);
}

/* The mask of 1..n, and of everything under 64 when n is larger. */
static uint64_t up_to(size_t n)
{
    return n >= 63 ? ~UINT64_C(1) : ((UINT64_C(1) << (n + 1)) - 2);
}

static int cipher_info(const axiom_cipher_desc *d, struct axiom_alg_info *in)
{
    in->kind = AXIOM_ALG_CIPHER;
    fixed_key(in, d->keylen);
    if (d->stream) {
        const uint64_t m = d->stream->ivlens;
        in->iv_lengths = m;
        in->iv_min = m ? (size_t)__builtin_ctzll(m) : SIZE_MAX;
        in->iv_max = m ? (size_t)(63 - __builtin_clzll(m)) : 0;
        in->iv_default = m >> 12 & 1 ? 12 : in->iv_min;
    } else {
        in->iv_min = in->iv_max = in->iv_default = d->ivlen;
        in->iv_lengths = one_length(d->ivlen);
    }
    switch (d->mode) {
    case AXIOM_MODE_ECB:
    case AXIOM_MODE_CBC:
        in->block = 16;
        break;
    case AXIOM_MODE_XTS:
        in->block = 16;
        in->max_message = (uint64_t)16 << 20; /* 2^20 blocks per data unit */
        return AXIOM_OK;
    default:
        in->block = 1;
        break;
    }
    in->max_message = UINT64_MAX;
    return AXIOM_OK;
}

static int aead_info(const axiom_aead_alg *a, struct axiom_alg_info *in)
{
    in->kind = AXIOM_ALG_AEAD;
    fixed_key(in, a->keylen);
    probe(a->nonce_ok, &in->iv_lengths, &in->iv_min, &in->iv_max);
    in->iv_default = a->nonce_ok(12) ? 12 : in->iv_min;
    probe(a->tag_ok, &in->tag_lengths, &in->tag_min, &in->tag_max);
    in->tag_default = in->tag_max;
    in->block = 1;
    in->max_message = a->max_len;
    return AXIOM_OK;
}

static size_t hash_block(const axiom_hash_desc *d)
{
    return ((const axiom_hash_kernel *)d->kernels[0])->block;
}

static int hash_info(const axiom_hash_desc *d, struct axiom_alg_info *in)
{
    in->kind = AXIOM_ALG_HASH;
    in->tag_min = in->tag_max = in->tag_default = d->digestlen;
    in->tag_lengths = one_length(d->digestlen);
    in->block = hash_block(d);
    in->max_message = UINT64_MAX;
    return AXIOM_OK;
}

/* "hmac-<hash>": any key (RFC 2104), the hash's digest length as the
 * recommended one; tags truncated to 1 byte or more. */
static int hmac_info(const axiom_hash_desc *d, struct axiom_alg_info *in)
{
    in->kind = AXIOM_ALG_MAC;
    in->key_min = 0;
    in->key_max = SIZE_MAX;
    in->key_default = d->digestlen;
    in->key_lengths = ~UINT64_C(0);
    in->tag_min = 1;
    in->tag_max = in->tag_default = d->digestlen;
    in->tag_lengths = up_to(d->digestlen);
    in->block = hash_block(d);
    in->max_message = UINT64_MAX;
    return AXIOM_OK;
}

static const axiom_hash_desc *hmac_hash(const char *name)
{
    static const char prefix[] = "hmac-";
    for (size_t i = 0; i < sizeof prefix - 1; i++)
        if (axiom_ascii_lower((unsigned char)name[i]) != (unsigned char)prefix[i])
            return NULL;
    return axiom_hash_find(name + sizeof prefix - 1);
}

/* The accepted lengths under 64 of a MAC's predicate @ok for @param: its
 * mask, least and greatest (*min SIZE_MAX when none is). */
static void probe_mac(int (*ok)(const void *, size_t), const void *param, uint64_t *mask,
                      size_t *min, size_t *max)
{
    *mask = 0;
    *min = SIZE_MAX;
    *max = 0;
    for (size_t n = 0; n < 64; n++)
        if (ok(param, n)) {
            *mask |= UINT64_C(1) << n;
            *min = *min < n ? *min : n;
            *max = n;
        }
}

/* Any other algorithm of the generic MAC API (CMAC): its lengths probed
 * through its own checks, up to 63 bytes (keys, nonces and tags of these
 * MACs are shorter); block-cipher MACs work on 16-byte blocks. */
static int mac_info(const axiom_mac_alg *m, const void *param, struct axiom_alg_info *in)
{
    in->kind = AXIOM_ALG_MAC;
    probe_mac(m->key_ok, param, &in->key_lengths, &in->key_min, &in->key_max);
    probe_mac(m->nonce_ok, param, &in->iv_lengths, &in->iv_min, &in->iv_max);
    probe_mac(m->tag_ok, param, &in->tag_lengths, &in->tag_min, &in->tag_max);
    if (in->key_min == SIZE_MAX || in->tag_min == SIZE_MAX)
        return AXIOM_ENOTFOUND;
    /* A nonce length of 0 means "no nonce", not a nonce of 0 bytes. */
    in->iv_lengths &= ~UINT64_C(1);
    if (!in->iv_lengths)
        in->iv_min = in->iv_max = 0;
    else if (in->iv_min == 0)
        in->iv_min = (size_t)__builtin_ctzll(in->iv_lengths);
    in->key_default = in->key_max;
    in->iv_default = in->iv_max;
    in->tag_default = in->tag_max;
    in->block = 16;
    in->max_message = m->max_len;
    return AXIOM_OK;
}

/* A chunked-encryption suite: the AEAD's key; a salt is drawn, not
 * passed, so no IV; 16-byte tags on 16 KiB chunks. */
static int chunked_info(const axiom_chunked_suite *s, struct axiom_alg_info *in)
{
    const axiom_aead_alg *a = axiom_catalog_aead(s->aead);
    if (!a)
        return AXIOM_ENOTFOUND;
    in->kind = AXIOM_ALG_CHUNKED;
    fixed_key(in, a->keylen);
    in->tag_min = in->tag_max = in->tag_default = AXIOM_CHUNKED_TAG;
    in->tag_lengths = one_length(AXIOM_CHUNKED_TAG);
    in->block = AXIOM_CHUNKED_CHUNK;
    in->max_message = AXIOM_CHUNKED_MAX_CHUNKS * AXIOM_CHUNKED_CHUNK - 1;
    return AXIOM_OK;
}

/* Fill a zeroed full-size struct; NULL-free @name. */
static int describe(const char *name, struct axiom_alg_info *in)
{
    const axiom_cipher_desc *c = axiom_catalog_cipher(name);
    if (c)
        return cipher_info(c, in);
    const axiom_aead_alg *a = axiom_catalog_aead(name);
    if (a)
        return aead_info(a, in);
    const axiom_hash_desc *h = axiom_hash_find(name);
    if (h)
        return hash_info(h, in);
    h = hmac_hash(name);
    if (h)
        return hmac_info(h, in);
    const axiom_chunked_suite *s = axiom_chunked_suite_find(name);
    if (s)
        return chunked_info(s, in);
    const void *param = NULL;
    const axiom_mac_alg *m = axiom_catalog_mac(name, &param);
    if (m)
        return mac_info(m, param, in);
    return AXIOM_ENOTFOUND;
}

AXIOM_API int axiom_alg_info(const char *name, struct axiom_alg_info *info)
{
    if (!name || !info || info->size < INFO_MIN_SIZE)
        return AXIOM_EINVAL;
    struct axiom_alg_info full;
    memset(&full, 0, sizeof full);
    int rc = describe(name, &full);
    if (rc != AXIOM_OK)
        return rc;
    size_t size = info->size;
    full.size = size;
    if (size <= sizeof full) {
        memcpy(info, &full, size);
    } else {
        memcpy(info, &full, sizeof full);
        memset((uint8_t *)info + sizeof full, 0, size - sizeof full);
    }
    return AXIOM_OK;
}

/* Whether the two halves of an XTS key are equal (not secret-dependent
 * timing that matters: the answer only decides whether to draw again). */
static int halves_equal(const uint8_t *key, size_t half)
{
    uint8_t d = 0;
    for (size_t i = 0; i < half; i++)
        d |= (uint8_t)(key[i] ^ key[half + i]);
    return d == 0;
}

static int key_ok(const struct axiom_alg_info *in, size_t keylen)
{
    if (in->kind == AXIOM_ALG_HASH)
        return 0;
    /* HMAC takes a key of any length (key_max SIZE_MAX); a generated one
     * has at least a byte.  The other MACs take the lengths they list. */
    if (in->kind == AXIOM_ALG_MAC && in->key_max == SIZE_MAX)
        return keylen >= 1;
    return keylen >= in->key_min && keylen <= in->key_max &&
           (keylen >= 64 || (in->key_lengths >> keylen) & 1);
}

AXIOM_API int axiom_keygen(const char *name, uint8_t *key, size_t keylen)
{
    if (!name || (!key && keylen))
        return AXIOM_EINVAL;
    struct axiom_alg_info in;
    memset(&in, 0, sizeof in);
    int rc = describe(name, &in);
    if (rc != AXIOM_OK)
        return rc;
    if (!key_ok(&in, keylen))
        return AXIOM_EKEYLEN;
    const axiom_cipher_desc *c = axiom_catalog_cipher(name);
    const int xts = c && c->mode == AXIOM_MODE_XTS;
    for (;;) {
        rc = axiom_random_bytes(key, keylen);
        if (rc != AXIOM_OK) {
            axiom_wipe(key, keylen);
            return rc;
        }
        /* XTS: equal halves would make the tweak encryption the data
         * encryption (IEEE 1619-2018, 5.1); a draw of them is a 2^-128
         * event, refused all the same. */
        if (!xts || !halves_equal(key, keylen / 2))
            return AXIOM_OK;
    }
}
