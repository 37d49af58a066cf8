/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The generic AEAD layer: argument checks, the nonce and AD set aside when
 * they lie inside the output, constant-time tag comparison and output
 * wiping, over one algorithm's operations (lib/core/aead.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core/aead.h"
#include "axiom/aead.h"
#include "api/catalog.h"
#include "core/internal.h"

struct axiom_aead_ctx {
    const axiom_aead_alg *alg;
    /* One nonce length and one tag length that the algorithm's nonce_ok
     * and tag_ok accept, found when the context is made, and the
     * algorithm's length limits: a call with these lengths within the
     * limits passes quick_ok() (a few compares, no call through the
     * descriptor); any other call takes check_args(), so the rules are
     * the algorithm's own. */
    size_t fast_noncelen, fast_taglen;
    uint64_t max_len, max_adlen;
    /* Nonzero while quick_ok() may not pass a call: not keyed yet, or an
     * algorithm that checks the nonce's value (nonce_value_ok). */
    int slow;
    /* Nonzero when the usual tag is 16 bytes and the algorithm writes
     * exactly those (seal_tag16_exact): seal hands over the caller's tag. */
    unsigned direct_tag;
    /* The algorithm's open_tag_unread: open skips copying the tag in. */
    unsigned skip_tag_in;
    int keyed;
    size_t state_size;
    _Alignas(64) uint8_t state[]; /* alg->state_size bytes */
};

/* A length that predicate @ok accepts: @usual if it does, else the
 * shortest from 0 to 64 bytes; SIZE_MAX when none does (the context is
 * then refused: every algorithm takes some nonce and tag that short). */
static size_t first_len(int (*ok)(size_t), size_t usual)
{
    if (ok(usual))
        return usual;
    for (size_t n = 0; n <= 64; n++)
        if (ok(n))
            return n;
    return SIZE_MAX;
}

AXIOM_API int axiom_aead_new(axiom_aead_ctx **ctx, const char *name)
{
    if (!ctx)
        return AXIOM_EINVAL;
    *ctx = NULL;
    if (!name)
        return AXIOM_EINVAL;
    const axiom_aead_alg *a = axiom_catalog_aead(name);
    if (!a)
        return AXIOM_ENOTFOUND;
    /* AXIOM_CT_ONLY may refuse every kernel the algorithm could use here
     * (sm4-gcm without a constant-time SM4 kernel). */
    int rc = axiom_pick_status(a->kernels);
    if (rc != AXIOM_OK)
        return rc;
    const size_t fast_noncelen = first_len(a->nonce_ok, 12);
    const size_t fast_taglen = first_len(a->tag_ok, 16);
    if (fast_noncelen == SIZE_MAX || fast_taglen == SIZE_MAX)
        return AXIOM_ENOTFOUND;
    size_t size = sizeof(axiom_aead_ctx) + a->state_size;
    axiom_aead_ctx *c = axiom_secmem_alloc(size);
    if (!c)
        return AXIOM_ENOMEM;
    c->alg = a;
    c->state_size = a->state_size;
    c->fast_noncelen = fast_noncelen;
    c->fast_taglen = fast_taglen;
    c->max_len = a->max_len;
    c->max_adlen = a->max_adlen;
    c->slow = 1;
    c->direct_tag = a->seal_tag16_exact && fast_taglen == 16;
    c->skip_tag_in = a->open_tag_unread;
    *ctx = c;
    return AXIOM_OK;
}

AXIOM_API void axiom_aead_free(axiom_aead_ctx *ctx)
{
    if (!ctx)
        return;
    axiom_secmem_free(ctx, sizeof(axiom_aead_ctx) + ctx->state_size);
}

AXIOM_API int axiom_aead_setkey(axiom_aead_ctx *ctx, const uint8_t *key, size_t keylen)
{
    if (!ctx || !key)
        return AXIOM_EINVAL;
    if (keylen != ctx->alg->keylen)
        return AXIOM_EKEYLEN;
    /* Picked per key: axiom_cpu_disable() may have taken features away
     * since the context was made. */
    const axiom_kernel *k = axiom_pick(ctx->alg->kernels);
    if (!k)
        return axiom_pick_status(ctx->alg->kernels);
    ctx->alg->setkey(ctx->state, k, key, keylen);
    ctx->keyed = 1;
    ctx->slow = ctx->alg->nonce_value_ok != NULL;
    return AXIOM_OK;
}

/* Checks shared by seal and open, in the order the error codes are
 * documented; nothing has been written when this fails. */
static inline __attribute__((always_inline)) int check_args(const axiom_aead_ctx *ctx, const uint8_t *out, const uint8_t *tag,
                      size_t taglen, const uint8_t *nonce, size_t noncelen,
                      const uint8_t *ad, size_t adlen, const uint8_t *in, size_t len)
{
    if (!ctx || !tag || !nonce || (adlen && !ad) || (len && (!in || !out)))
        return AXIOM_EINVAL;
    if (axiom_overlaps_partly(out, in, len))
        return AXIOM_EINVAL;
    const axiom_aead_alg *a = ctx->alg;
    if (!ctx->keyed)
        return AXIOM_ESTATE;
    /* The lengths the context found accepted pass with a compare. */
    if ((noncelen != ctx->fast_noncelen && !a->nonce_ok(noncelen)) ||
        (a->nonce_value_ok && !a->nonce_value_ok(nonce, noncelen)))
        return AXIOM_EIVLEN;
    if (taglen != ctx->fast_taglen && !a->tag_ok(taglen))
        return AXIOM_ETAGLEN;
    if ((uint64_t)len > a->max_len || (uint64_t)adlen > a->max_adlen)
        return AXIOM_ELENGTH;
    /* The tag may not share a byte with the output, not even exactly: open
     * would compare it after overwriting it, seal would clobber its text.
     * Checked last: only a length within the limits is a real buffer. */
    if (axiom_ranges_meet(tag, taglen, out, len))
        return AXIOM_EINVAL;
    return AXIOM_OK;
}

/* 1 when a call passes every check of check_args() and no nonce or AD
 * byte lies in the output (run() would call the algorithm directly),
 * found with a compare per condition against the context's own copies:
 * the usual call costs no descriptor load and no call.  0 sends the call
 * to check_args() and run(), which give the verdict and the error code
 * in the documented order.  (Written branch-free, the ORed conditions
 * took more instructions and spills and were slower.)  @ctx is not
 * NULL. */
static inline __attribute__((always_inline)) int
quick_ok(const axiom_aead_ctx *ctx, const uint8_t *out, const uint8_t *tag, size_t taglen,
         const uint8_t *nonce, size_t noncelen, const uint8_t *ad, size_t adlen,
         const uint8_t *in, size_t len)
{
    if (ctx->slow | (noncelen != ctx->fast_noncelen) | (taglen != ctx->fast_taglen))
        return 0;
    if (!tag || !nonce || (uint64_t)len > ctx->max_len || (uint64_t)adlen > ctx->max_adlen ||
        (adlen && !ad))
        return 0;
    if (!len)
        return 1;
    return in && out && !axiom_overlaps_partly(out, in, len) &&
           !axiom_ranges_meet(tag, taglen, out, len) &&
           !axiom_ranges_meet(nonce, noncelen, out, len) &&
           !axiom_ranges_meet(ad, adlen, out, len);
}

/* Bytes of AD (and of nonce) that a call copies aside on the stack when
 * they share bytes with the output; longer ones are copied to the heap. */
#define AEAD_STACK_AD 256
#define AEAD_STACK_NONCE 32

/* The nonce and AD as the kernels see them: the caller's buffers, or
 * copies of them when they share a byte with the @len bytes at out, so
 * that every kernel may write the output before it has read them
 * (lib/core/aead.h).  The tag is never a concern: the kernels write a
 * local full tag that is copied out, or compared, after they return. */
typedef struct aead_inputs {
    const uint8_t *nonce, *ad;
    uint8_t *heap_nonce, *heap_ad;
    uint8_t nonce_copy[AEAD_STACK_NONCE];
    uint8_t ad_copy[AEAD_STACK_AD];
} aead_inputs;

/* *@p (@n bytes) moved aside when it touches the output: into @stack
 * (@cap bytes) or a heap copy (*@heap). */
static int set_aside(const uint8_t **p, size_t n, const uint8_t *out, size_t len,
                     uint8_t *stack, size_t cap, uint8_t **heap)
{
    if (!axiom_ranges_meet(*p, n, out, len))
        return AXIOM_OK;
    uint8_t *d = stack;
    if (n > cap) {
        d = malloc(n);
        if (!d)
            return AXIOM_ENOMEM;
        *heap = d;
    }
    memcpy(d, *p, n);
    *p = d;
    return AXIOM_OK;
}

static void inputs_done(aead_inputs *v, size_t noncelen, size_t adlen)
{
    if (v->heap_nonce) {
        axiom_wipe(v->heap_nonce, noncelen);
        free(v->heap_nonce);
    } else if (v->nonce == v->nonce_copy) {
        axiom_wipe(v->nonce_copy, noncelen);
    }
    if (v->heap_ad) {
        axiom_wipe(v->heap_ad, adlen);
        free(v->heap_ad);
    } else if (v->ad == v->ad_copy) {
        axiom_wipe(v->ad_copy, adlen);
    }
}

static int inputs_get(aead_inputs *v, const uint8_t *out, size_t len, const uint8_t *nonce,
                      size_t noncelen, const uint8_t *ad, size_t adlen)
{
    v->nonce = nonce;
    v->ad = ad;
    v->heap_nonce = v->heap_ad = NULL;
    if (set_aside(&v->nonce, noncelen, out, len, v->nonce_copy, sizeof v->nonce_copy,
                  &v->heap_nonce) != AXIOM_OK ||
        set_aside(&v->ad, adlen, out, len, v->ad_copy, sizeof v->ad_copy, &v->heap_ad) !=
            AXIOM_OK) {
        inputs_done(v, noncelen, adlen);
        return AXIOM_ENOMEM;
    }
    return AXIOM_OK;
}

/* The algorithm's message operation, sealing (@enc) or opening. */
static inline __attribute__((always_inline)) void
call_alg(const axiom_aead_ctx *ctx, int enc, uint8_t *out, uint8_t full[AXIOM_AEAD_MAXTAG],
         size_t taglen, const uint8_t *nonce, size_t noncelen, const uint8_t *ad, size_t adlen,
         const uint8_t *in, size_t len)
{
    ctx->alg->message(ctx->state, enc, out, full, taglen, nonce, noncelen, ad, adlen, in, len);
}

/* The kernel call of seal (@enc) or open, with the nonce and AD as the
 * kernels may see them: set aside first when they touch the output (out
 * of line: the usual call pays only the two range checks). */
static __attribute__((noinline)) int run_aside(const axiom_aead_ctx *ctx, int enc, uint8_t *out,
                                               uint8_t full[AXIOM_AEAD_MAXTAG], size_t taglen,
                                               const uint8_t *nonce, size_t noncelen,
                                               const uint8_t *ad, size_t adlen,
                                               const uint8_t *in, size_t len)
{
    aead_inputs v;
    int rc = inputs_get(&v, out, len, nonce, noncelen, ad, adlen);
    if (rc != AXIOM_OK)
        return rc;
    call_alg(ctx, enc, out, full, taglen, v.nonce, noncelen, v.ad, adlen, in, len);
    inputs_done(&v, noncelen, adlen);
    return AXIOM_OK;
}

/* The kernel call of seal (@enc) or open into the local full tag: straight
 * to the algorithm, or through run_aside() when the nonce or the AD shares
 * a byte with the output. */
static inline __attribute__((always_inline)) int
run(const axiom_aead_ctx *ctx, int enc, uint8_t *out, uint8_t full[AXIOM_AEAD_MAXTAG],
    size_t taglen, const uint8_t *nonce, size_t noncelen, const uint8_t *ad, size_t adlen,
    const uint8_t *in, size_t len)
{
    if (axiom_ranges_meet(nonce, noncelen, out, len) | axiom_ranges_meet(ad, adlen, out, len))
        return run_aside(ctx, enc, out, full, taglen, nonce, noncelen, ad, adlen, in, len);
    call_alg(ctx, enc, out, full, taglen, nonce, noncelen, ad, adlen, in, len);
    return AXIOM_OK;
}

/* Seal's tag from the local full one @full (an array): the common
 * length as a fixed copy (inlined), the local tag wiped inline. */
#define TAG_OUT(tag, full, taglen)            \
    do {                                      \
        if ((taglen) == 16)                   \
            memcpy((tag), (full), 16);        \
        else                                  \
            memcpy((tag), (full), (taglen));  \
        AXIOM_WIPE_FIXED(full);               \
    } while (0)

/* Seal through a local full tag, copied to @tag, for a call that
 * quick_ok() passed. */
static __attribute__((noinline)) int seal_full(axiom_aead_ctx *ctx, uint8_t *out, uint8_t *tag,
                                               size_t taglen, const uint8_t *nonce,
                                               size_t noncelen, const uint8_t *ad, size_t adlen,
                                               const uint8_t *in, size_t len)
{
    uint8_t full[AXIOM_AEAD_MAXTAG];
    call_alg(ctx, 1, out, full, taglen, nonce, noncelen, ad, adlen, in, len);
    TAG_OUT(tag, full, taglen);
    return AXIOM_OK;
}

/* Seal for a call that quick_ok() did not pass: every check in order. */
static __attribute__((noinline)) int seal_checked(axiom_aead_ctx *ctx, uint8_t *out,
                                                  uint8_t *tag, size_t taglen,
                                                  const uint8_t *nonce, size_t noncelen,
                                                  const uint8_t *ad, size_t adlen,
                                                  const uint8_t *in, size_t len)
{
    int rc = check_args(ctx, out, tag, taglen, nonce, noncelen, ad, adlen, in, len);
    if (rc != AXIOM_OK)
        return rc;
    uint8_t full[AXIOM_AEAD_MAXTAG];
    rc = run(ctx, 1, out, full, taglen, nonce, noncelen, ad, adlen, in, len);
    if (rc != AXIOM_OK)
        return rc;
    TAG_OUT(tag, full, taglen);
    return AXIOM_OK;
}

AXIOM_API int axiom_aead_seal(axiom_aead_ctx *ctx, uint8_t *out, uint8_t *tag, size_t taglen,
                              const uint8_t *nonce, size_t noncelen,
                              const uint8_t *ad, size_t adlen,
                              const uint8_t *in, size_t len)
{
    if (!ctx || !quick_ok(ctx, out, tag, taglen, nonce, noncelen, ad, adlen, in, len))
        return seal_checked(ctx, out, tag, taglen, nonce, noncelen, ad, adlen, in, len);
    if (!ctx->direct_tag)
        return seal_full(ctx, out, tag, taglen, nonce, noncelen, ad, adlen, in, len);
    /* The usual call of an algorithm that writes the tag itself: no
     * local tag (and no stack frame for one). */
    call_alg(ctx, 1, out, tag, taglen, nonce, noncelen, ad, adlen, in, len);
    return AXIOM_OK;
}

/* The caller's tag into the local full one @full (an array) for open:
 * SIV modes read it (lib/core/aead.h); the computed tag comes out there.
 * The common length as a fixed copy (inlined). */
#define TAG_IN(full, tag, taglen)             \
    do {                                      \
        memset((full), 0, sizeof(full));      \
        if ((taglen) == 16)                   \
            memcpy((full), (tag), 16);        \
        else                                  \
            memcpy((full), (tag), (taglen));  \
    } while (0)

/* Open's verdict on the computed tag in @full (an array), in constant
 * time but for one branch on the verdict; a failed open wipes the
 * output. */
#define OPEN_VERDICT(full, tag, taglen, out, len)                \
    do {                                                         \
        const int ok_ = axiom_ct_equal((full), (tag), (taglen)); \
        AXIOM_WIPE_FIXED(full);                                  \
        if (!ok_) {                                              \
            axiom_wipe((out), (len));                            \
            return AXIOM_EAUTH;                                  \
        }                                                        \
        return AXIOM_OK;                                         \
    } while (0)

/* Open for a call that quick_ok() did not pass: every check in order. */
static __attribute__((noinline)) int open_checked(axiom_aead_ctx *ctx, uint8_t *out,
                                                  const uint8_t *tag, size_t taglen,
                                                  const uint8_t *nonce, size_t noncelen,
                                                  const uint8_t *ad, size_t adlen,
                                                  const uint8_t *in, size_t len)
{
    int rc = check_args(ctx, out, tag, taglen, nonce, noncelen, ad, adlen, in, len);
    if (rc != AXIOM_OK)
        return rc;
    uint8_t full[AXIOM_AEAD_MAXTAG];
    TAG_IN(full, tag, taglen);
    rc = run(ctx, 0, out, full, taglen, nonce, noncelen, ad, adlen, in, len);
    if (rc != AXIOM_OK)
        return rc;
    OPEN_VERDICT(full, tag, taglen, out, len);
}

AXIOM_API int axiom_aead_open(axiom_aead_ctx *ctx, uint8_t *out, const uint8_t *tag,
                              size_t taglen, const uint8_t *nonce, size_t noncelen,
                              const uint8_t *ad, size_t adlen,
                              const uint8_t *in, size_t len)
{
    if (!ctx || !quick_ok(ctx, out, tag, taglen, nonce, noncelen, ad, adlen, in, len))
        return open_checked(ctx, out, tag, taglen, nonce, noncelen, ad, adlen, in, len);
    uint8_t full[AXIOM_AEAD_MAXTAG];
    if (!ctx->skip_tag_in)
        TAG_IN(full, tag, taglen);
    call_alg(ctx, 0, out, full, taglen, nonce, noncelen, ad, adlen, in, len);
    OPEN_VERDICT(full, tag, taglen, out, len);
}

/* ---- combined mode: ciphertext || tag in one buffer ---------------------- */

AXIOM_API int axiom_aead_seal_combined(axiom_aead_ctx *ctx, uint8_t *out, size_t taglen,
                                       const uint8_t *nonce, size_t noncelen,
                                       const uint8_t *ad, size_t adlen,
                                       const uint8_t *in, size_t len)
{
    if (!out)
        return AXIOM_EINVAL;
    if (len > SIZE_MAX - taglen) {
        /* No real buffer is this long: report the other errors first. */
        int rc = check_args(ctx, out, out, taglen, nonce, noncelen, ad, adlen, NULL, 0);
        return rc != AXIOM_OK ? rc : AXIOM_ELENGTH;
    }
    /* The tag goes right behind the ciphertext, written after all of the
     * input has been read (so it may even overlay the input's end). */
    return axiom_aead_seal(ctx, out, out + len, taglen, nonce, noncelen, ad, adlen, in, len);
}

AXIOM_API int axiom_aead_open_combined(axiom_aead_ctx *ctx, uint8_t *out, size_t taglen,
                                       const uint8_t *nonce, size_t noncelen,
                                       const uint8_t *ad, size_t adlen,
                                       const uint8_t *in, size_t inlen)
{
    if (!in && inlen)
        return AXIOM_EINVAL;
    if (inlen < taglen) {
        /* Shorter than a tag: the other errors first, then the length. */
        static const uint8_t none[1];
        int rc = check_args(ctx, out, in ? in : none, taglen, nonce, noncelen, ad, adlen,
                            NULL, 0);
        return rc != AXIOM_OK ? rc : AXIOM_ELENGTH;
    }
    size_t len = inlen - taglen;
    return axiom_aead_open(ctx, out, in + len, taglen, nonce, noncelen, ad, adlen, in, len);
}
