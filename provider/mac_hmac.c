/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* HMAC as an OpenSSL MAC implementation: over libaxiom's axiom_hmac_* for
 * the digests the library has, and delegated to another provider's HMAC
 * (through the provider's child library context) for the others, so that a
 * configuration preferring this provider still serves HMAC-SHA384 for TLS
 * or HMAC-SHA1 for old protocols. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <axiom.h>
#include <openssl/evp.h>

#include "prov.h"

static axp_stat hmac_stat = { "HMAC", 0, 0 };

typedef struct hmac_ctx {
    const AXP_PROV *prov;
    char *digest;             /* digest name as given */
    char *props;              /* its property query, or NULL */
    const char *axiom;        /* libaxiom hash name when served here */
    axiom_hmac_ctx *h;        /* native */
    EVP_MAC_CTX *del;         /* delegated */
    uint8_t *key;             /* kept to start the next message (init with no key) */
    size_t keylen;
    int keyed;
    size_t size, block;
    uint64_t n_ops, n_bytes;
} hmac_ctx;

static void stats_flush(hmac_ctx *c)
{
    axp_stat_add(&hmac_stat, c->n_ops, c->n_bytes);
    c->n_ops = c->n_bytes = 0;
}

static void *hmac_newctx(void *provctx)
{
    hmac_ctx *c = calloc(1, sizeof *c);
    if (!c) {
        AXP_ERR(provctx, AXP_R_MALLOC);
        return NULL;
    }
    c->prov = provctx;
    return c;
}

static void drop_key(hmac_ctx *c)
{
    if (c->key) {
        axiom_wipe(c->key, c->keylen);
        free(c->key);
    }
    c->key = NULL;
    c->keylen = 0;
    c->keyed = 0;
}

static void drop_backend(hmac_ctx *c)
{
    axiom_hmac_free(c->h);
    EVP_MAC_CTX_free(c->del);
    c->h = NULL;
    c->del = NULL;
}

static void hmac_freectx(void *vctx)
{
    hmac_ctx *c = vctx;
    if (!c)
        return;
    stats_flush(c);
    drop_backend(c);
    drop_key(c);
    free(c->digest);
    free(c->props);
    axiom_wipe(c, sizeof *c);
    free(c);
}

static char *dup_str(const char *s)
{
    return s ? strdup(s) : NULL;
}

static void *hmac_dupctx(void *vctx)
{
    const hmac_ctx *src = vctx;
    hmac_ctx *c = calloc(1, sizeof *c);
    if (!c)
        goto oom;
    *c = *src;
    c->n_ops = c->n_bytes = 0;
    c->digest = dup_str(src->digest);
    c->props = dup_str(src->props);
    c->h = NULL;
    c->del = NULL;
    c->key = NULL;
    if ((src->digest && !c->digest) || (src->props && !c->props))
        goto fail;
    if (src->key) {
        c->key = malloc(src->keylen ? src->keylen : 1);
        if (!c->key)
            goto fail;
        memcpy(c->key, src->key, src->keylen);
    }
    if (src->h && axiom_hmac_dup(&c->h, src->h) != AXIOM_OK)
        goto fail;
    if (src->del && !(c->del = EVP_MAC_CTX_dup(src->del)))
        goto fail;
    return c;
fail:
    hmac_freectx(c);
oom:
    AXP_ERR(src->prov, AXP_R_MALLOC);
    return NULL;
}

/* A delegate HMAC over @c->digest (and @c->props) from another provider,
 * keyed with the key known so far. */
static int make_delegate(hmac_ctx *c)
{
    EVP_MAC *mac = c->prov->libctx ? EVP_MAC_fetch(c->prov->libctx, "HMAC", AXP_NOT_US) : NULL;
    c->del = mac ? EVP_MAC_CTX_new(mac) : NULL;
    EVP_MAC_free(mac);
    OSSL_PARAM ps[3], *p = ps;
    *p++ = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, c->digest, 0);
    if (c->props)
        *p++ = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_PROPERTIES, c->props, 0);
    *p = OSSL_PARAM_construct_end();
    if (!c->del || !EVP_MAC_CTX_set_params(c->del, ps) ||
        (c->keyed && !EVP_MAC_init(c->del, c->key, c->keylen, NULL))) {
        AXP_ERRF(c->prov, AXP_R_DIGEST, "HMAC with digest %s from another provider", c->digest);
        EVP_MAC_CTX_free(c->del);
        c->del = NULL;
        return 0;
    }
    /* The sizes from the digest itself: OpenSSL's HMAC knows them only
     * once it has a key. */
    EVP_MD *md = EVP_MD_fetch(c->prov->libctx, c->digest, c->props ? c->props : AXP_NOT_US);
    int size = md ? EVP_MD_get_size(md) : 0, block = md ? EVP_MD_get_block_size(md) : 0;
    EVP_MD_free(md);
    if (size <= 0 || block <= 0) {
        AXP_ERRF(c->prov, AXP_R_DIGEST, "digest %s", c->digest);
        EVP_MAC_CTX_free(c->del);
        c->del = NULL;
        return 0;
    }
    c->axiom = NULL;
    c->size = (size_t)size;
    c->block = (size_t)block;
    return 1;
}

/* Bind the backend for the digest (and key it, if a key is known). */
static int set_digest(hmac_ctx *c, const char *name, const char *props)
{
    char *d = strdup(name), *pq = props ? strdup(props) : NULL;
    if (!d || (props && !pq)) {
        free(d);
        free(pq);
        AXP_ERR(c->prov, AXP_R_MALLOC);
        return 0;
    }
    drop_backend(c);
    free(c->digest);
    free(c->props);
    c->digest = d;
    c->props = pq;
    const char *ax = NULL;
    if (!axp_props_allow_us(props) || !axp_digest_lookup(name, &ax, &c->size, &c->block))
        return make_delegate(c);
    c->axiom = ax;
    int rc = axiom_hmac_new(&c->h, ax);
    if (rc == AXIOM_OK && c->keyed)
        rc = axiom_hmac_setkey(c->h, c->key, c->keylen);
    if (rc != AXIOM_OK) {
        AXP_ERR_AXIOM(c->prov, rc);
        return 0;
    }
    return 1;
}

static int set_key(hmac_ctx *c, const uint8_t *key, size_t keylen)
{
    uint8_t *k = malloc(keylen ? keylen : 1);
    if (!k) {
        AXP_ERR(c->prov, AXP_R_MALLOC);
        return 0;
    }
    if (keylen)
        memcpy(k, key, keylen);
    drop_key(c);
    c->key = k;
    c->keylen = keylen;
    c->keyed = 1;
    if (c->h) {
        int rc = axiom_hmac_setkey(c->h, key, keylen);
        if (rc != AXIOM_OK) {
            AXP_ERR_AXIOM(c->prov, rc);
            return 0;
        }
    } else if (c->del && !EVP_MAC_init(c->del, key, keylen, NULL)) {
        AXP_ERR(c->prov, AXP_R_DELEGATE);
        return 0;
    }
    return 1;
}

static int hmac_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    hmac_ctx *c = vctx;
    const OSSL_PARAM *p, *pp;
    if (!params)
        return 1;
    const char *props = NULL;
    if ((pp = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_PROPERTIES)) &&
        !OSSL_PARAM_get_utf8_string_ptr(pp, &props)) {
        AXP_ERR(c->prov, AXP_R_BAD_PARAMETER);
        return 0;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_DIGEST))) {
        const char *name;
        if (!OSSL_PARAM_get_utf8_string_ptr(p, &name)) {
            AXP_ERR(c->prov, AXP_R_BAD_PARAMETER);
            return 0;
        }
        if (!set_digest(c, name, props))
            return 0;
    } else if (pp && c->digest) {
        char *name = strdup(c->digest);
        int ok = name && set_digest(c, name, props);
        free(name);
        if (!ok)
            return 0;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_TLS_DATA_SIZE))) {
        /* libssl's constant-time MAC of CBC records: OpenSSL's HMAC
         * implements it, this one does not, so hand the job over. */
        if (c->h) {
            axiom_hmac_free(c->h);
            c->h = NULL;
            if (!make_delegate(c))
                return 0;
        }
        if (!c->del) {
            AXP_ERR(c->prov, AXP_R_MISSING_INPUT);
            return 0;
        }
        OSSL_PARAM ps[2] = { *p, OSSL_PARAM_END };
        if (!EVP_MAC_CTX_set_params(c->del, ps)) {
            AXP_ERR(c->prov, AXP_R_DELEGATE);
            return 0;
        }
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_KEY))) {
        const void *k;
        size_t kl;
        if (!OSSL_PARAM_get_octet_string_ptr(p, &k, &kl)) {
            AXP_ERR(c->prov, AXP_R_BAD_PARAMETER);
            return 0;
        }
        if (!set_key(c, k, kl))
            return 0;
    }
    return 1;
}

static const OSSL_PARAM hmac_settable[] = {
    OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_DIGEST, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_PROPERTIES, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, NULL, 0),
    OSSL_PARAM_size_t(OSSL_MAC_PARAM_TLS_DATA_SIZE, NULL),
    OSSL_PARAM_END
};

static const OSSL_PARAM *hmac_settable_ctx_params(void *vctx, void *provctx)
{
    (void)vctx;
    (void)provctx;
    return hmac_settable;
}

static int hmac_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    hmac_ctx *c = vctx;
    OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate(params, OSSL_MAC_PARAM_SIZE)) && !OSSL_PARAM_set_size_t(p, c->size))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_MAC_PARAM_BLOCK_SIZE)) &&
        !OSSL_PARAM_set_size_t(p, c->block))
        return 0;
    return 1;
}

static const OSSL_PARAM hmac_gettable[] = {
    OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, NULL),
    OSSL_PARAM_size_t(OSSL_MAC_PARAM_BLOCK_SIZE, NULL),
    OSSL_PARAM_END
};

static const OSSL_PARAM *hmac_gettable_ctx_params(void *vctx, void *provctx)
{
    (void)vctx;
    (void)provctx;
    return hmac_gettable;
}

static int hmac_init(void *vctx, const unsigned char *key, size_t keylen, const OSSL_PARAM params[])
{
    hmac_ctx *c = vctx;
    if (!hmac_set_ctx_params(c, params))
        return 0;
    if (!c->h && !c->del) {
        AXP_ERRF(c->prov, AXP_R_MISSING_INPUT, "no digest set");
        return 0;
    }
    if (key)
        return set_key(c, key, keylen);
    if (!c->keyed) {
        AXP_ERR(c->prov, AXP_R_NO_KEY);
        return 0;
    }
    /* Restart under the same key. */
    if (c->h) {
        int rc = axiom_hmac_setkey(c->h, c->key, c->keylen);
        if (rc != AXIOM_OK) {
            AXP_ERR_AXIOM(c->prov, rc);
            return 0;
        }
        return 1;
    }
    if (!EVP_MAC_init(c->del, NULL, 0, NULL)) {
        AXP_ERR(c->prov, AXP_R_DELEGATE);
        return 0;
    }
    return 1;
}

static int hmac_update(void *vctx, const unsigned char *in, size_t inl)
{
    hmac_ctx *c = vctx;
    c->n_bytes += inl;
    if (c->h) {
        int rc = axiom_hmac_update(c->h, in, inl);
        if (rc != AXIOM_OK) {
            AXP_ERR_AXIOM(c->prov, rc);
            return 0;
        }
        return 1;
    }
    if (!c->del || !EVP_MAC_update(c->del, in, inl)) {
        AXP_ERR(c->prov, c->del ? AXP_R_DELEGATE : AXP_R_MISSING_INPUT);
        return 0;
    }
    return 1;
}

static int hmac_final(void *vctx, unsigned char *out, size_t *outl, size_t outsize)
{
    hmac_ctx *c = vctx;
    if (c->h) {
        if (outsize < c->size) {
            AXP_ERR(c->prov, AXP_R_OUTPUT_TOO_SMALL);
            return 0;
        }
        int rc = axiom_hmac_final(c->h, out, c->size);
        if (rc != AXIOM_OK) {
            AXP_ERR_AXIOM(c->prov, rc);
            return 0;
        }
        *outl = c->size;
        c->n_ops++;
        stats_flush(c);
        return 1;
    }
    if (!c->del || !EVP_MAC_final(c->del, out, outl, outsize)) {
        AXP_ERR(c->prov, c->del ? AXP_R_DELEGATE : AXP_R_MISSING_INPUT);
        return 0;
    }
    return 1;
}

static const OSSL_DISPATCH hmac_fns[] = {
    { OSSL_FUNC_MAC_NEWCTX, AXP_FN(hmac_newctx) },
    { OSSL_FUNC_MAC_DUPCTX, AXP_FN(hmac_dupctx) },
    { OSSL_FUNC_MAC_FREECTX, AXP_FN(hmac_freectx) },
    { OSSL_FUNC_MAC_INIT, AXP_FN(hmac_init) },
    { OSSL_FUNC_MAC_UPDATE, AXP_FN(hmac_update) },
    { OSSL_FUNC_MAC_FINAL, AXP_FN(hmac_final) },
    { OSSL_FUNC_MAC_GETTABLE_CTX_PARAMS, AXP_FN(hmac_gettable_ctx_params) },
    { OSSL_FUNC_MAC_GET_CTX_PARAMS, AXP_FN(hmac_get_ctx_params) },
    { OSSL_FUNC_MAC_SETTABLE_CTX_PARAMS, AXP_FN(hmac_settable_ctx_params) },
    { OSSL_FUNC_MAC_SET_CTX_PARAMS, AXP_FN(hmac_set_ctx_params) },
    { 0, NULL }
};

size_t axp_macs_build(OSSL_ALGORITHM *out, size_t max)
{
    if (!max)
        return 0;
    axp_stat_register(&hmac_stat);
    out[0].algorithm_names = "HMAC";
    out[0].property_definition = AXP_PROPS;
    out[0].implementation = hmac_fns;
    out[0].algorithm_description = NULL;
    return 1;
}
