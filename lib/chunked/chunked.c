/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Chunked encryption (c2sp.org/chunked-encryption): key derivation and
 * commitment, the push contexts in both directions (with the raw mode),
 * the pull reader and random access.
 *
 * Every chunk goes straight through the AEAD's own seal and open
 * operations (lib/core/aead.h) with no copy when the caller's buffers hold
 * whole chunks; only a chunk split across calls passes through the
 * context's one-chunk buffer.  Decryption authenticates a chunk before
 * its plaintext is part of any successful return: the AEAD writes the
 * plaintext, the tag is compared in constant time, and on a mismatch
 * every byte the call wrote is zeroed.  A full-size chunk is never the
 * last one, so it can be released as soon as it verifies; a shorter one
 * waits for the end of the input. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "axiom/chunked.h"
#include "axiom/chunked_hazmat.h"
#include "axiom/cipher.h"
#include "axiom/rand.h"
#include "api/catalog.h"
#include "chunked/chunked.h"
#include "core/aead.h"
#include "core/internal.h"
#include "sha2/hash.h"

static const axiom_chunked_suite suites[] = {
    { "aes-128-gcm+sha256", NULL, "AEAD_AES_128_GCM", "aes-128-gcm", "sha256", 12, 0 },
    { "aes-128-gcm+sha512", "cobblestone-128", "AEAD_AES_128_GCM", "aes-128-gcm", "sha512", 12,
      0 },
    { "aes-256-gcm+sha256", NULL, "AEAD_AES_256_GCM", "aes-256-gcm", "sha256", 12, 0 },
    { "aes-256-gcm+sha512", "cobblestone-256", "AEAD_AES_256_GCM", "aes-256-gcm", "sha512", 12,
      0 },
};

const axiom_chunked_suite *axiom_chunked_suite_find(const char *name)
{
    if (!name)
        return NULL;
    for (size_t i = 0; i < sizeof suites / sizeof suites[0]; i++)
        if (axiom_name_eq(name, suites[i].name) ||
            (suites[i].alias && axiom_name_eq(name, suites[i].alias)))
            return &suites[i];
    return NULL;
}

/* The prefix of the HKDF-Expand info (section "Key derivation"). */
static const char info_prefix[] = "c2sp.org/chunked-encryption@v1+";

#define MAX_NONCE 32
#define NO_DIRECTION (-1)

typedef enum { PH_IDLE, PH_HEADER, PH_BODY, PH_DONE, PH_FAILED } phase;

struct axiom_chunked_ctx {
    const axiom_chunked_suite *suite;
    const axiom_aead_alg *alg;
    const axiom_hash_desc *hash;
    size_t state_size;
    int dir;
    phase ph;
    int err;         /* the sticky error once failed */
    int failure;     /* enum axiom_chunked_failure */
    int raw;
    uint64_t counter; /* index of the next chunk */
    size_t hdr_used;  /* decryption: header bytes collected */
    size_t buf_used;  /* bytes of a split chunk in buf */
    uint8_t *context; /* decryption: a copy, until the header arrives */
    size_t contextlen;
    size_t inkeylen;
    uint8_t inkey[AXIOM_CHUNKED_MAX_KEY];
    uint8_t nonce[MAX_NONCE];
    uint8_t hdr[AXIOM_CHUNKED_HEADER];
    _Alignas(64) uint8_t buf[AXIOM_CHUNKED_CT_CHUNK];
    _Alignas(64) uint8_t state[]; /* the AEAD's key schedule */
};

AXIOM_API int axiom_chunked_new(axiom_chunked_ctx **ctx, const char *suite)
{
    if (!ctx)
        return AXIOM_EINVAL;
    *ctx = NULL;
    if (!suite)
        return AXIOM_EINVAL;
    const axiom_chunked_suite *s = axiom_chunked_suite_find(suite);
    if (!s)
        return AXIOM_ENOTFOUND;
    const axiom_aead_alg *a = axiom_catalog_aead(s->aead);
    const axiom_hash_desc *h = axiom_hash_find(s->hash);
    if (!a || !h)
        return AXIOM_ENOTFOUND;
    /* AXIOM_CT_ONLY may refuse every kernel of the AEAD here. */
    int rc = axiom_pick_status(a->kernels);
    if (rc != AXIOM_OK)
        return rc;
    size_t size = sizeof(axiom_chunked_ctx) + a->state_size;
    axiom_chunked_ctx *c = axiom_secmem_alloc(size);
    if (!c)
        return AXIOM_ENOMEM;
    c->suite = s;
    c->alg = a;
    c->hash = h;
    c->state_size = a->state_size;
    c->dir = NO_DIRECTION;
    c->ph = PH_IDLE;
    *ctx = c;
    return AXIOM_OK;
}

static void drop_context(axiom_chunked_ctx *c)
{
    if (c->context) {
        axiom_wipe(c->context, c->contextlen);
        free(c->context);
    }
    c->context = NULL;
    c->contextlen = 0;
}

/* Forget the message in progress: keys, buffers, position. */
static void reset(axiom_chunked_ctx *c)
{
    drop_context(c);
    axiom_wipe(c->inkey, sizeof c->inkey);
    axiom_wipe(c->nonce, sizeof c->nonce);
    axiom_wipe(c->hdr, sizeof c->hdr);
    axiom_wipe(c->buf, c->buf_used);
    axiom_wipe(c->state, c->state_size);
    c->dir = NO_DIRECTION;
    c->ph = PH_IDLE;
    c->err = AXIOM_OK;
    c->failure = AXIOM_CHUNKED_OK;
    c->raw = 0;
    c->counter = 0;
    c->hdr_used = 0;
    c->buf_used = 0;
    c->inkeylen = 0;
}

AXIOM_API void axiom_chunked_free(axiom_chunked_ctx *ctx)
{
    if (!ctx)
        return;
    reset(ctx);
    axiom_secmem_free(ctx, sizeof(axiom_chunked_ctx) + ctx->state_size);
}

/* Enter the failed state: the message is abandoned and @err sticks. */
static int fail(axiom_chunked_ctx *c, int failure, int err)
{
    drop_context(c);
    axiom_wipe(c->buf, sizeof c->buf);
    axiom_wipe(c->state, c->state_size);
    c->buf_used = 0;
    c->ph = PH_FAILED;
    c->failure = failure;
    c->err = err;
    return err;
}

AXIOM_API int axiom_chunked_failure(const axiom_chunked_ctx *ctx)
{
    return ctx ? ctx->failure : AXIOM_CHUNKED_OK;
}

/* Expand @key into the AEAD's schedule with the kernel picked now
 * (axiom_cpu_disable() may have taken features away since the context
 * was made). */
static int set_aead_key(axiom_chunked_ctx *c, const uint8_t *key, size_t keylen)
{
    const axiom_kernel *k = axiom_pick(c->alg->kernels);
    if (!k)
        return axiom_pick_status(c->alg->kernels);
    c->alg->setkey(c->state, k, key, keylen);
    return AXIOM_OK;
}

/* key || base nonce || commitment = HKDF-Expand(input key, "c2sp.org/
 * chunked-encryption@v1+" || aead || 0x00 || salt || context); the key
 * goes straight into the AEAD's schedule. */
static int derive(axiom_chunked_ctx *c, const uint8_t *salt, const uint8_t *context,
                  size_t contextlen, uint8_t commitment[AXIOM_CHUNKED_COMMITMENT])
{
    const size_t kl = c->alg->keylen, nl = c->suite->noncelen;
    uint8_t okm[AXIOM_CHUNKED_MAX_KEY + MAX_NONCE + AXIOM_CHUNKED_COMMITMENT];
    static const uint8_t zero = 0;
    const uint8_t *parts[5] = { (const uint8_t *)info_prefix, (const uint8_t *)c->suite->iana,
                                &zero, salt, context };
    const size_t lens[5] = { sizeof info_prefix - 1, strlen(c->suite->iana), 1,
                             AXIOM_CHUNKED_SALT, contextlen };
    int rc = axiom_hkdf_expand_parts(c->hash, okm, kl + nl + AXIOM_CHUNKED_COMMITMENT, c->inkey,
                                     c->inkeylen, parts, lens, contextlen ? 5 : 4);
    if (rc == AXIOM_OK)
        rc = set_aead_key(c, okm, kl);
    if (rc == AXIOM_OK) {
        memcpy(c->nonce, okm + kl, nl);
        memcpy(commitment, okm + kl + nl, AXIOM_CHUNKED_COMMITMENT);
    }
    axiom_wipe(okm, sizeof okm);
    axiom_wipe(c->inkey, sizeof c->inkey);
    return rc;
}

static int start(axiom_chunked_ctx *c, int dir, const uint8_t *key, size_t keylen,
                 const uint8_t *context, size_t contextlen)
{
    if (!c || !key || (!context && contextlen))
        return AXIOM_EINVAL;
    if (keylen != c->alg->keylen)
        return AXIOM_EKEYLEN;
    reset(c);
    memcpy(c->inkey, key, keylen);
    c->inkeylen = keylen;
    c->dir = dir;
    return AXIOM_OK;
}

AXIOM_API int axiom_chunked_encrypt_init_salt(axiom_chunked_ctx *ctx, const uint8_t *key,
                                              size_t keylen, const uint8_t *context,
                                              size_t contextlen,
                                              const uint8_t salt[AXIOM_CHUNKED_SALT],
                                              uint8_t header[AXIOM_CHUNKED_HEADER])
{
    if (!salt || !header)
        return AXIOM_EINVAL;
    int rc = start(ctx, AXIOM_ENCRYPT, key, keylen, context, contextlen);
    if (rc != AXIOM_OK)
        return rc;
    uint8_t hdr[AXIOM_CHUNKED_HEADER];
    memcpy(hdr, salt, AXIOM_CHUNKED_SALT);
    rc = derive(ctx, salt, context, contextlen, hdr + AXIOM_CHUNKED_SALT);
    if (rc != AXIOM_OK) {
        reset(ctx);
        return rc;
    }
    memcpy(header, hdr, sizeof hdr);
    ctx->ph = PH_BODY;
    return AXIOM_OK;
}

AXIOM_API int axiom_chunked_encrypt_init(axiom_chunked_ctx *ctx, const uint8_t *key,
                                         size_t keylen, const uint8_t *context,
                                         size_t contextlen, uint8_t header[AXIOM_CHUNKED_HEADER])
{
    if (!ctx || !key || !header || (!context && contextlen))
        return AXIOM_EINVAL;
    if (keylen != ctx->alg->keylen)
        return AXIOM_EKEYLEN;
    uint8_t salt[AXIOM_CHUNKED_SALT];
    int rc = axiom_random_bytes(salt, sizeof salt);
    if (rc != AXIOM_OK)
        return rc;
    return axiom_chunked_encrypt_init_salt(ctx, key, keylen, context, contextlen, salt, header);
}

AXIOM_API int axiom_chunked_decrypt_init(axiom_chunked_ctx *ctx, const uint8_t *key,
                                         size_t keylen, const uint8_t *context,
                                         size_t contextlen)
{
    int rc = start(ctx, AXIOM_DECRYPT, key, keylen, context, contextlen);
    if (rc != AXIOM_OK)
        return rc;
    if (contextlen) {
        ctx->context = malloc(contextlen);
        if (!ctx->context) {
            reset(ctx);
            return AXIOM_ENOMEM;
        }
        memcpy(ctx->context, context, contextlen);
        ctx->contextlen = contextlen;
    }
    ctx->ph = PH_HEADER;
    return AXIOM_OK;
}

static int raw_start(axiom_chunked_ctx *c, int dir, const uint8_t *key, size_t keylen,
                     const uint8_t *base_nonce, size_t noncelen)
{
    if (!c || !key || !base_nonce)
        return AXIOM_EINVAL;
    if (keylen != c->alg->keylen)
        return AXIOM_EKEYLEN;
    if (noncelen != c->suite->noncelen)
        return AXIOM_EIVLEN;
    reset(c);
    int rc = set_aead_key(c, key, keylen);
    if (rc != AXIOM_OK)
        return rc;
    memcpy(c->nonce, base_nonce, noncelen);
    c->dir = dir;
    c->raw = 1;
    c->ph = PH_BODY;
    return AXIOM_OK;
}

AXIOM_API int axiom_chunked_raw_encrypt_init(axiom_chunked_ctx *ctx, const uint8_t *key,
                                             size_t keylen, const uint8_t *base_nonce,
                                             size_t noncelen)
{
    return raw_start(ctx, AXIOM_ENCRYPT, key, keylen, base_nonce, noncelen);
}

AXIOM_API int axiom_chunked_raw_decrypt_init(axiom_chunked_ctx *ctx, const uint8_t *key,
                                             size_t keylen, const uint8_t *base_nonce,
                                             size_t noncelen)
{
    return raw_start(ctx, AXIOM_DECRYPT, key, keylen, base_nonce, noncelen);
}

AXIOM_API int axiom_chunked_raw_set_counter(axiom_chunked_ctx *ctx, uint64_t chunk)
{
    if (!ctx)
        return AXIOM_EINVAL;
    if (!ctx->raw || ctx->ph != PH_BODY || ctx->buf_used)
        return AXIOM_ESTATE;
    if (chunk >= AXIOM_CHUNKED_MAX_CHUNKS)
        return AXIOM_ELENGTH;
    ctx->counter = chunk;
    return AXIOM_OK;
}

/* ---- one chunk ------------------------------------------------------------- */

/* The base nonce XORed with the chunk index as a big-endian integer as
 * wide as the nonce (the index is below 2^38: the last five bytes). */
static void chunk_nonce(const axiom_chunked_ctx *c, uint64_t index, uint8_t nonce[MAX_NONCE])
{
    const size_t nl = c->suite->noncelen;
    memcpy(nonce, c->nonce, nl);
    for (size_t i = 0; i < 8; i++)
        nonce[nl - 1 - i] ^= (uint8_t)(index >> (8 * i));
}

/* Seal @len bytes (@len + 16 out). */
static void chunk_seal(const axiom_chunked_ctx *c, uint64_t index, uint8_t *out,
                       const uint8_t *in, size_t len)
{
    uint8_t nonce[MAX_NONCE];
    chunk_nonce(c, index, nonce);
    c->alg->message(c->state, 1, out, out + len, AXIOM_CHUNKED_TAG, nonce, c->suite->noncelen,
                    NULL, 0, in, len);
}

/* Open a chunk of @ctlen (>= 16) bytes; its plaintext is written to @out
 * and zeroed again when the tag does not match.  Returns 1 if authentic. */
static int chunk_open(const axiom_chunked_ctx *c, uint64_t index, uint8_t *out,
                      const uint8_t *in, size_t ctlen)
{
    uint8_t nonce[MAX_NONCE], tag[AXIOM_AEAD_MAXTAG] = { 0 };
    const size_t len = ctlen - AXIOM_CHUNKED_TAG;
    chunk_nonce(c, index, nonce);
    /* The open contract hands the received tag in (a SIV mode takes its
     * counter from it); it is replaced by the computed one. */
    memcpy(tag, in + len, AXIOM_CHUNKED_TAG);
    c->alg->message(c->state, 0, out, tag, AXIOM_CHUNKED_TAG, nonce, c->suite->noncelen, NULL, 0,
                    in, len);
    const int ok = axiom_ct_equal(tag, in + len, AXIOM_CHUNKED_TAG);
    axiom_wipe(tag, sizeof tag);
    if (!ok)
        axiom_wipe(out, len);
    return ok;
}

/* Common checks of the update and final calls.  Returns AXIOM_OK to go on,
 * or the error (the sticky one when failed). */
static int check_call(axiom_chunked_ctx *c, int dir, size_t *outlen, uint8_t *out, size_t outcap,
                      const uint8_t *in, size_t len)
{
    if (!c || !outlen || (!out && outcap) || (!in && len))
        return AXIOM_EINVAL;
    *outlen = 0;
    if (c->ph == PH_FAILED)
        return c->err;
    if (c->dir != dir || (c->ph != PH_BODY && c->ph != PH_HEADER))
        return AXIOM_ESTATE;
    if (axiom_ranges_meet(out, outcap, in, len))
        return AXIOM_EINVAL;
    return AXIOM_OK;
}

/* Input into the split-chunk buffer until it holds @whole bytes (a chunk
 * in the call's direction) or the input ends; 1 when it is whole. */
static int buf_fill(axiom_chunked_ctx *c, const uint8_t **in, size_t *len, size_t whole)
{
    if (!*len)
        return 0; /* *in may be NULL */
    size_t take = whole - c->buf_used;
    if (take > *len)
        take = *len;
    memcpy(c->buf + c->buf_used, *in, take);
    c->buf_used += take;
    *in += take;
    *len -= take;
    return c->buf_used == whole;
}

/* The last chunk has gone out: the message is over, its keys wiped. */
static void finish(axiom_chunked_ctx *c)
{
    axiom_wipe(c->buf, c->buf_used);
    c->buf_used = 0;
    axiom_wipe(c->state, c->state_size);
    axiom_wipe(c->nonce, sizeof c->nonce);
    c->ph = PH_DONE;
}

/* ---- push encryption ----------------------------------------------------- */

AXIOM_API int axiom_chunked_encrypt_update(axiom_chunked_ctx *ctx, uint8_t *out, size_t outcap,
                                           size_t *outlen, const uint8_t *in, size_t len)
{
    int rc = check_call(ctx, AXIOM_ENCRYPT, outlen, out, outcap, in, len);
    if (rc != AXIOM_OK)
        return rc;
    const uint64_t nfull = ((uint64_t)ctx->buf_used + len) / AXIOM_CHUNKED_CHUNK;
    if (nfull > outcap / AXIOM_CHUNKED_CT_CHUNK)
        return AXIOM_ELENGTH;
    /* The last chunk comes after these: its index must stay below 2^38. */
    if (nfull >= AXIOM_CHUNKED_MAX_CHUNKS - ctx->counter)
        return fail(ctx, AXIOM_CHUNKED_TOO_LONG, AXIOM_ELENGTH);
    size_t done = 0;
    if (ctx->buf_used && buf_fill(ctx, &in, &len, AXIOM_CHUNKED_CHUNK)) {
        chunk_seal(ctx, ctx->counter++, out, ctx->buf, AXIOM_CHUNKED_CHUNK);
        axiom_wipe(ctx->buf, AXIOM_CHUNKED_CHUNK);
        ctx->buf_used = 0;
        done += AXIOM_CHUNKED_CT_CHUNK;
    }
    for (; len >= AXIOM_CHUNKED_CHUNK; len -= AXIOM_CHUNKED_CHUNK, in += AXIOM_CHUNKED_CHUNK) {
        chunk_seal(ctx, ctx->counter++, out + done, in, AXIOM_CHUNKED_CHUNK);
        done += AXIOM_CHUNKED_CT_CHUNK;
    }
    buf_fill(ctx, &in, &len, AXIOM_CHUNKED_CHUNK); /* the rest: less than a chunk */
    *outlen = done;
    return AXIOM_OK;
}

AXIOM_API int axiom_chunked_encrypt_final(axiom_chunked_ctx *ctx, uint8_t *out, size_t outcap,
                                          size_t *outlen)
{
    int rc = check_call(ctx, AXIOM_ENCRYPT, outlen, out, outcap, NULL, 0);
    if (rc != AXIOM_OK)
        return rc;
    const size_t need = ctx->buf_used + AXIOM_CHUNKED_TAG;
    if (!out || outcap < need)
        return out || outcap ? AXIOM_ELENGTH : AXIOM_EINVAL;
    chunk_seal(ctx, ctx->counter++, out, ctx->buf, ctx->buf_used);
    finish(ctx);
    *outlen = need;
    return AXIOM_OK;
}

/* ---- push decryption ----------------------------------------------------- */

/* The header is complete: derive, and compare the commitment in constant
 * time before anything else happens. */
static int check_header(axiom_chunked_ctx *c)
{
    uint8_t commitment[AXIOM_CHUNKED_COMMITMENT];
    int rc = derive(c, c->hdr, c->context, c->contextlen, commitment);
    drop_context(c);
    if (rc != AXIOM_OK)
        return fail(c, AXIOM_CHUNKED_BAD_HEADER, rc);
    const int ok =
        axiom_ct_equal(commitment, c->hdr + AXIOM_CHUNKED_SALT, AXIOM_CHUNKED_COMMITMENT);
    axiom_wipe(commitment, sizeof commitment);
    if (!ok)
        return fail(c, AXIOM_CHUNKED_BAD_HEADER, AXIOM_EAUTH);
    c->ph = PH_BODY;
    return AXIOM_OK;
}

/* A full chunk at @in: the next one, never the last. */
static int open_full(axiom_chunked_ctx *c, uint8_t *out, const uint8_t *in)
{
    if (c->counter >= AXIOM_CHUNKED_MAX_CHUNKS - 1)
        return fail(c, AXIOM_CHUNKED_TOO_LONG, AXIOM_ELENGTH);
    if (!chunk_open(c, c->counter, out, in, AXIOM_CHUNKED_CT_CHUNK))
        return fail(c, AXIOM_CHUNKED_BAD_CHUNK, AXIOM_EAUTH);
    c->counter++;
    return AXIOM_OK;
}

AXIOM_API int axiom_chunked_decrypt_update(axiom_chunked_ctx *ctx, uint8_t *out, size_t outcap,
                                           size_t *outlen, const uint8_t *in, size_t len)
{
    int rc = check_call(ctx, AXIOM_DECRYPT, outlen, out, outcap, in, len);
    if (rc != AXIOM_OK)
        return rc;
    /* Room first, so that a short buffer consumes nothing. */
    size_t hdr_take = 0;
    if (ctx->ph == PH_HEADER) {
        hdr_take = AXIOM_CHUNKED_HEADER - ctx->hdr_used;
        if (hdr_take > len)
            hdr_take = len;
    }
    const size_t body = len - hdr_take;
    const size_t nfull = (ctx->buf_used + body) / AXIOM_CHUNKED_CT_CHUNK;
    if (nfull > outcap / AXIOM_CHUNKED_CHUNK)
        return AXIOM_ELENGTH;

    if (hdr_take) {
        memcpy(ctx->hdr + ctx->hdr_used, in, hdr_take);
        ctx->hdr_used += hdr_take;
        in += hdr_take;
        len -= hdr_take;
        if (ctx->hdr_used < AXIOM_CHUNKED_HEADER)
            return AXIOM_OK;
        rc = check_header(ctx);
        if (rc != AXIOM_OK)
            return rc;
    }
    size_t done = 0;
    if (ctx->buf_used && buf_fill(ctx, &in, &len, AXIOM_CHUNKED_CT_CHUNK)) {
        rc = open_full(ctx, out, ctx->buf);
        if (rc != AXIOM_OK)
            return rc;
        ctx->buf_used = 0;
        done += AXIOM_CHUNKED_CHUNK;
    }
    for (; len >= AXIOM_CHUNKED_CT_CHUNK;
         len -= AXIOM_CHUNKED_CT_CHUNK, in += AXIOM_CHUNKED_CT_CHUNK) {
        rc = open_full(ctx, out + done, in);
        if (rc != AXIOM_OK) {
            axiom_wipe(out, done); /* nothing of a failed call remains */
            return rc;
        }
        done += AXIOM_CHUNKED_CHUNK;
    }
    buf_fill(ctx, &in, &len, AXIOM_CHUNKED_CT_CHUNK); /* the rest: less than a chunk */
    *outlen = done;
    return AXIOM_OK;
}

AXIOM_API int axiom_chunked_decrypt_final(axiom_chunked_ctx *ctx, uint8_t *out, size_t outcap,
                                          size_t *outlen)
{
    int rc = check_call(ctx, AXIOM_DECRYPT, outlen, out, outcap, NULL, 0);
    if (rc != AXIOM_OK)
        return rc;
    /* Ended in the header, right after a full chunk, or before a tag. */
    if (ctx->ph == PH_HEADER || ctx->buf_used < AXIOM_CHUNKED_TAG)
        return fail(ctx, AXIOM_CHUNKED_TRUNCATED, AXIOM_ELENGTH);
    const size_t need = ctx->buf_used - AXIOM_CHUNKED_TAG;
    if (outcap < need || (!out && need))
        return out || outcap ? AXIOM_ELENGTH : AXIOM_EINVAL;
    uint8_t none[1];
    if (!chunk_open(ctx, ctx->counter, need ? out : none, ctx->buf, ctx->buf_used))
        return fail(ctx, AXIOM_CHUNKED_BAD_CHUNK, AXIOM_EAUTH);
    ctx->counter++;
    finish(ctx);
    *outlen = need;
    return AXIOM_OK;
}

/* ---- pull reader ------------------------------------------------------------ */

struct axiom_chunked_reader {
    axiom_chunked_ctx *ctx;
    axiom_chunked_read_fn read;
    void *user;
    int dir;
    int err;           /* sticky: a failure or a read-function error */
    int source_done;   /* the read function reported the end */
    int finished;      /* the final call succeeded: the end of the output */
    size_t pos, avail; /* output bytes produced, not yet handed out */
    uint8_t in[AXIOM_CHUNKED_CT_CHUNK];
    uint8_t out[AXIOM_CHUNKED_CT_CHUNK + AXIOM_CHUNKED_HEADER];
};

AXIOM_API int axiom_chunked_reader_new(axiom_chunked_reader **reader, const char *suite,
                                       int direction, const uint8_t *key, size_t keylen,
                                       const uint8_t *context, size_t contextlen,
                                       axiom_chunked_read_fn read, void *user)
{
    if (!reader)
        return AXIOM_EINVAL;
    *reader = NULL;
    if (!suite || !read || (direction != AXIOM_ENCRYPT && direction != AXIOM_DECRYPT))
        return AXIOM_EINVAL;
    axiom_chunked_reader *r = calloc(1, sizeof *r);
    if (!r)
        return AXIOM_ENOMEM;
    int rc = axiom_chunked_new(&r->ctx, suite);
    if (rc == AXIOM_OK) {
        if (direction == AXIOM_ENCRYPT) {
            rc = axiom_chunked_encrypt_init(r->ctx, key, keylen, context, contextlen, r->out);
            r->avail = AXIOM_CHUNKED_HEADER; /* the header comes out first */
        } else {
            rc = axiom_chunked_decrypt_init(r->ctx, key, keylen, context, contextlen);
        }
    }
    if (rc != AXIOM_OK) {
        axiom_chunked_reader_free(r);
        return rc;
    }
    r->read = read;
    r->user = user;
    r->dir = direction;
    *reader = r;
    return AXIOM_OK;
}

/* Produce more output into r->out (empty on entry): read what the next
 * step needs, feed it, or finish at the end of the source. */
static int reader_refill(axiom_chunked_reader *r)
{
    const size_t want = r->dir == AXIOM_ENCRYPT ? AXIOM_CHUNKED_CHUNK : AXIOM_CHUNKED_CT_CHUNK;
    size_t have = 0;
    while (have < want && !r->source_done) {
        size_t got = 0;
        int rc = r->read(r->user, r->in + have, want - have, &got);
        if (rc < 0)
            return rc;
        if (got > want - have)
            return AXIOM_EINVAL; /* the read function broke its contract */
        if (got == 0)
            r->source_done = 1;
        have += got;
    }
    size_t n = 0;
    int rc = AXIOM_OK;
    if (have)
        rc = r->dir == AXIOM_ENCRYPT
                 ? axiom_chunked_encrypt_update(r->ctx, r->out, sizeof r->out, &n, r->in, have)
                 : axiom_chunked_decrypt_update(r->ctx, r->out, sizeof r->out, &n, r->in, have);
    axiom_wipe(r->in, have);
    if (rc != AXIOM_OK)
        return rc;
    r->pos = 0;
    r->avail = n;
    if (r->source_done && !r->avail) {
        rc = r->dir == AXIOM_ENCRYPT
                 ? axiom_chunked_encrypt_final(r->ctx, r->out, sizeof r->out, &n)
                 : axiom_chunked_decrypt_final(r->ctx, r->out, sizeof r->out, &n);
        if (rc != AXIOM_OK)
            return rc;
        r->avail = n;
        r->finished = 1;
    }
    return AXIOM_OK;
}

AXIOM_API int axiom_chunked_read(axiom_chunked_reader *reader, uint8_t *buf, size_t len,
                                 size_t *got)
{
    if (!reader || !got || (!buf && len))
        return AXIOM_EINVAL;
    *got = 0;
    if (reader->err)
        return reader->err;
    size_t done = 0;
    while (done < len) {
        if (reader->pos == reader->avail) {
            if (reader->finished)
                break;
            int rc = reader_refill(reader);
            if (rc != AXIOM_OK) {
                reader->err = rc;
                axiom_wipe(reader->out, sizeof reader->out);
                reader->pos = reader->avail = 0;
                /* Bytes of verified chunks already copied stay the
                 * caller's: the call reports how many, then the error. */
                *got = done;
                return done ? AXIOM_OK : rc;
            }
            continue;
        }
        size_t take = reader->avail - reader->pos;
        if (take > len - done)
            take = len - done;
        memcpy(buf + done, reader->out + reader->pos, take);
        axiom_wipe(reader->out + reader->pos, take);
        reader->pos += take;
        done += take;
    }
    *got = done;
    return AXIOM_OK;
}

AXIOM_API int axiom_chunked_reader_failure(const axiom_chunked_reader *reader)
{
    return reader ? axiom_chunked_failure(reader->ctx) : AXIOM_CHUNKED_OK;
}

AXIOM_API void axiom_chunked_reader_free(axiom_chunked_reader *reader)
{
    if (!reader)
        return;
    axiom_chunked_free(reader->ctx);
    axiom_wipe(reader, sizeof *reader);
    free(reader);
}

/* ---- random access ---------------------------------------------------------- */

struct axiom_chunked_ra {
    axiom_chunked_ctx *ctx;
    axiom_chunked_pread_fn pread;
    void *user;
    uint64_t ctlen;
    uint64_t last;        /* index of the last chunk */
    size_t lastlen;       /* its ciphertext bytes (16 to 16399) */
    uint64_t ptlen;       /* plaintext length the ciphertext length implies */
    int length_ok;        /* the last chunk authenticated at its index */
    uint64_t cached;      /* index of the chunk in pt, or UINT64_MAX */
    uint8_t ct[AXIOM_CHUNKED_CT_CHUNK];
    uint8_t pt[AXIOM_CHUNKED_CHUNK];
};

AXIOM_API int axiom_chunked_ra_open(axiom_chunked_ra **ra, const char *suite, const uint8_t *key,
                                    size_t keylen, const uint8_t *context, size_t contextlen,
                                    uint64_t ctlen, axiom_chunked_pread_fn pread, void *user)
{
    if (!ra)
        return AXIOM_EINVAL;
    *ra = NULL;
    if (!suite || !pread)
        return AXIOM_EINVAL;
    axiom_chunked_ra *r = calloc(1, sizeof *r);
    if (!r)
        return AXIOM_ENOMEM;
    int rc = axiom_chunked_new(&r->ctx, suite);
    if (rc == AXIOM_OK)
        rc = axiom_chunked_decrypt_init(r->ctx, key, keylen, context, contextlen);
    /* The length rule: a header, then k full chunks and a last one of 16
     * to 16399 bytes. */
    if (rc == AXIOM_OK) {
        uint64_t body = ctlen >= AXIOM_CHUNKED_HEADER ? ctlen - AXIOM_CHUNKED_HEADER : 0;
        uint64_t k = body / AXIOM_CHUNKED_CT_CHUNK, rest = body % AXIOM_CHUNKED_CT_CHUNK;
        if (ctlen < AXIOM_CHUNKED_HEADER || rest < AXIOM_CHUNKED_TAG) {
            rc = fail(r->ctx, AXIOM_CHUNKED_TRUNCATED, AXIOM_ELENGTH);
        } else if (k >= AXIOM_CHUNKED_MAX_CHUNKS) {
            rc = fail(r->ctx, AXIOM_CHUNKED_TOO_LONG, AXIOM_ELENGTH);
        } else {
            r->ctlen = ctlen;
            r->last = k;
            r->lastlen = (size_t)rest;
            r->ptlen = k * AXIOM_CHUNKED_CHUNK + rest - AXIOM_CHUNKED_TAG;
        }
    }
    if (rc == AXIOM_OK) {
        uint8_t hdr[AXIOM_CHUNKED_HEADER];
        size_t n;
        rc = pread(user, hdr, sizeof hdr, 0);
        if (rc == AXIOM_OK)
            rc = axiom_chunked_decrypt_update(r->ctx, NULL, 0, &n, hdr, sizeof hdr);
    }
    if (rc != AXIOM_OK) {
        axiom_chunked_ra_free(r);
        return rc;
    }
    r->pread = pread;
    r->user = user;
    r->cached = UINT64_MAX;
    *ra = r;
    return AXIOM_OK;
}

/* Chunk @j authenticated into @out (its whole plaintext); 1 if authentic,
 * 0 if not (out zeroed), or a read-function error. */
static int ra_chunk(axiom_chunked_ra *r, uint64_t j, uint8_t *out)
{
    const size_t ctl = j == r->last ? r->lastlen : AXIOM_CHUNKED_CT_CHUNK;
    int rc = r->pread(r->user, r->ct, ctl,
                      AXIOM_CHUNKED_HEADER + j * (uint64_t)AXIOM_CHUNKED_CT_CHUNK);
    if (rc < 0)
        return rc;
    int ok = chunk_open(r->ctx, j, out, r->ct, ctl);
    if (ok && j == r->last)
        r->length_ok = 1;
    return ok;
}

AXIOM_API int axiom_chunked_ra_length(axiom_chunked_ra *ra, uint64_t *ptlen)
{
    if (!ra || !ptlen)
        return AXIOM_EINVAL;
    if (!ra->length_ok) {
        int rc = ra_chunk(ra, ra->last, ra->pt);
        ra->cached = rc == 1 ? ra->last : UINT64_MAX;
        if (rc < 0)
            return rc;
        if (rc == 0)
            return AXIOM_EAUTH;
    }
    *ptlen = ra->ptlen;
    return AXIOM_OK;
}

AXIOM_API int axiom_chunked_ra_read(axiom_chunked_ra *ra, uint8_t *out, size_t len,
                                    uint64_t offset, size_t *got)
{
    if (!ra || !got || (!out && len))
        return AXIOM_EINVAL;
    *got = 0;
    uint64_t end = offset > ra->ptlen ? offset : offset + len;
    if (end < offset || end > ra->ptlen)
        end = ra->ptlen; /* up to the end of the message */
    const int to_end = offset + (uint64_t)len >= ra->ptlen || offset + len < offset;
    size_t done = 0;
    for (uint64_t pos = offset; pos < end;) {
        const uint64_t j = pos / AXIOM_CHUNKED_CHUNK;
        const size_t in_chunk = (size_t)(pos % AXIOM_CHUNKED_CHUNK);
        const size_t clen = j == ra->last ? ra->lastlen - AXIOM_CHUNKED_TAG : AXIOM_CHUNKED_CHUNK;
        size_t take = clen - in_chunk;
        if (take > end - pos)
            take = (size_t)(end - pos);
        int rc = 1;
        if (in_chunk == 0 && take == clen && ra->cached != j) {
            rc = ra_chunk(ra, j, out + done); /* straight into place */
        } else {
            if (ra->cached != j) {
                ra->cached = UINT64_MAX;
                rc = ra_chunk(ra, j, ra->pt);
                if (rc == 1)
                    ra->cached = j;
            }
            if (rc == 1)
                memcpy(out + done, ra->pt + in_chunk, take);
        }
        if (rc != 1) {
            /* A chunk opened in place was zeroed by chunk_open(). */
            axiom_wipe(out, done);
            return rc < 0 ? rc : AXIOM_EAUTH;
        }
        done += take;
        pos += take;
    }
    /* A read that reaches the end proves the end: the last chunk must
     * authenticate at its index even when the range holds none of it (a
     * message of whole chunks ends with an empty one). */
    if (to_end && !ra->length_ok) {
        uint64_t n;
        int rc = axiom_chunked_ra_length(ra, &n);
        if (rc != AXIOM_OK) {
            axiom_wipe(out, done);
            return rc;
        }
    }
    *got = done;
    return AXIOM_OK;
}

AXIOM_API void axiom_chunked_ra_free(axiom_chunked_ra *ra)
{
    if (!ra)
        return;
    axiom_chunked_free(ra->ctx);
    axiom_wipe(ra, sizeof *ra);
    free(ra);
}
