/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* HKDF (RFC 5869) as an OpenSSL KDF implementation: extract-and-expand
 * through axiom_hkdf(), extract-only and expand-only through the HMAC
 * calls, for the digests libaxiom has; other digests are delegated to
 * another provider's HKDF through the provider's child library context. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <axiom.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>

#include "prov.h"

#define INFO_MAX 1024 /* as OpenSSL's HKDF */

static axp_stat hkdf_stat = { "HKDF", 0, 0 };

typedef struct hkdf_ctx {
    const AXP_PROV *prov;
    int mode;                  /* EVP_KDF_HKDF_MODE_* */
    char *digest, *props;
    const char *axiom;         /* native hash, or NULL */
    size_t dsize, dblock;
    uint8_t *key, *salt;
    size_t keylen, saltlen;
    int salt_set;
    uint8_t info[INFO_MAX];
    size_t infolen;
} hkdf_ctx;

static void *hkdf_newctx(void *provctx)
{
    hkdf_ctx *c = calloc(1, sizeof *c);
    if (!c) {
        AXP_ERR(provctx, AXP_R_MALLOC);
        return NULL;
    }
    c->prov = provctx;
    return c;
}

static void free_buf(uint8_t **b, size_t *len)
{
    if (*b) {
        axiom_wipe(*b, *len);
        free(*b);
    }
    *b = NULL;
    *len = 0;
}

static void hkdf_reset(void *vctx)
{
    hkdf_ctx *c = vctx;
    const AXP_PROV *prov = c->prov;
    free_buf(&c->key, &c->keylen);
    free_buf(&c->salt, &c->saltlen);
    free(c->digest);
    free(c->props);
    axiom_wipe(c, sizeof *c);
    c->prov = prov;
}

static void hkdf_freectx(void *vctx)
{
    hkdf_ctx *c = vctx;
    if (!c)
        return;
    hkdf_reset(c);
    free(c);
}

static int copy_buf(uint8_t **dst, const uint8_t *src, size_t len)
{
    *dst = NULL;
    if (!src)
        return 1;
    *dst = malloc(len ? len : 1);
    if (!*dst)
        return 0;
    memcpy(*dst, src, len);
    return 1;
}

static void *hkdf_dupctx(void *vctx)
{
    const hkdf_ctx *src = vctx;
    hkdf_ctx *c = malloc(sizeof *c);
    if (!c) {
        AXP_ERR(src->prov, AXP_R_MALLOC);
        return NULL;
    }
    *c = *src;
    c->digest = src->digest ? strdup(src->digest) : NULL;
    c->props = src->props ? strdup(src->props) : NULL;
    int ok = (!src->digest || c->digest) && (!src->props || c->props);
    ok &= copy_buf(&c->key, src->key, src->keylen);
    ok &= copy_buf(&c->salt, src->salt, src->saltlen);
    if (!ok) {
        hkdf_freectx(c);
        AXP_ERR(src->prov, AXP_R_MALLOC);
        return NULL;
    }
    return c;
}

static int set_octets(hkdf_ctx *c, const OSSL_PARAM *p, uint8_t **dst, size_t *len)
{
    const void *v;
    size_t n;
    if (!OSSL_PARAM_get_octet_string_ptr(p, &v, &n)) {
        AXP_ERR(c->prov, AXP_R_BAD_PARAMETER);
        return 0;
    }
    uint8_t *b = malloc(n ? n : 1);
    if (!b) {
        AXP_ERR(c->prov, AXP_R_MALLOC);
        return 0;
    }
    if (n)
        memcpy(b, v, n);
    free_buf(dst, len);
    *dst = b;
    *len = n;
    return 1;
}

static int hkdf_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    hkdf_ctx *c = vctx;
    const OSSL_PARAM *p;
    if (!params)
        return 1;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_KDF_PARAM_MODE))) {
        int mode = -1;
        if (p->data_type == OSSL_PARAM_UTF8_STRING) {
            const char *m = p->data;
            if (strcasecmp(m, "EXTRACT_AND_EXPAND") == 0)
                mode = EVP_KDF_HKDF_MODE_EXTRACT_AND_EXPAND;
            else if (strcasecmp(m, "EXTRACT_ONLY") == 0)
                mode = EVP_KDF_HKDF_MODE_EXTRACT_ONLY;
            else if (strcasecmp(m, "EXPAND_ONLY") == 0)
                mode = EVP_KDF_HKDF_MODE_EXPAND_ONLY;
        } else if (!OSSL_PARAM_get_int(p, &mode)) {
            mode = -1;
        }
        if (mode < EVP_KDF_HKDF_MODE_EXTRACT_AND_EXPAND || mode > EVP_KDF_HKDF_MODE_EXPAND_ONLY) {
            AXP_ERR(c->prov, AXP_R_BAD_MODE);
            return 0;
        }
        c->mode = mode;
    }
    const OSSL_PARAM *pd = OSSL_PARAM_locate_const(params, OSSL_KDF_PARAM_DIGEST);
    const OSSL_PARAM *pp = OSSL_PARAM_locate_const(params, OSSL_KDF_PARAM_PROPERTIES);
    if (pp) {
        const char *props;
        if (!OSSL_PARAM_get_utf8_string_ptr(pp, &props)) {
            AXP_ERR(c->prov, AXP_R_BAD_PARAMETER);
            return 0;
        }
        char *d = strdup(props);
        if (!d) {
            AXP_ERR(c->prov, AXP_R_MALLOC);
            return 0;
        }
        free(c->props);
        c->props = d;
    }
    if (pd) {
        const char *name;
        if (!OSSL_PARAM_get_utf8_string_ptr(pd, &name)) {
            AXP_ERR(c->prov, AXP_R_BAD_PARAMETER);
            return 0;
        }
        char *d = strdup(name);
        if (!d) {
            AXP_ERR(c->prov, AXP_R_MALLOC);
            return 0;
        }
        free(c->digest);
        c->digest = d;
    }
    if (pd || pp) {
        c->axiom = NULL;
        if (c->digest && axp_props_allow_us(c->props) &&
            !axp_digest_lookup(c->digest, &c->axiom, &c->dsize, &c->dblock))
            c->axiom = NULL;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_KDF_PARAM_KEY)) &&
        !set_octets(c, p, &c->key, &c->keylen))
        return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_KDF_PARAM_SALT))) {
        if (!set_octets(c, p, &c->salt, &c->saltlen))
            return 0;
        c->salt_set = 1;
    }
    /* Every "info" in the list, concatenated (as OpenSSL's HKDF does). */
    int first = 1;
    for (p = params; (p = OSSL_PARAM_locate_const(p, OSSL_KDF_PARAM_INFO)); p++) {
        const void *v;
        size_t n;
        if (first) {
            c->infolen = 0;
            first = 0;
        }
        if (!OSSL_PARAM_get_octet_string_ptr(p, &v, &n) || n > INFO_MAX - c->infolen) {
            AXP_ERRF(c->prov, AXP_R_BAD_PARAMETER, "info over %d bytes", INFO_MAX);
            return 0;
        }
        if (n)
            memcpy(c->info + c->infolen, v, n);
        c->infolen += n;
    }
    return 1;
}

static const OSSL_PARAM hkdf_settable[] = {
    OSSL_PARAM_utf8_string(OSSL_KDF_PARAM_MODE, NULL, 0),
    OSSL_PARAM_int(OSSL_KDF_PARAM_MODE, NULL),
    OSSL_PARAM_utf8_string(OSSL_KDF_PARAM_PROPERTIES, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_KDF_PARAM_DIGEST, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_KDF_PARAM_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_KDF_PARAM_SALT, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_KDF_PARAM_INFO, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM *hkdf_settable_ctx_params(void *vctx, void *provctx)
{
    (void)vctx;
    (void)provctx;
    return hkdf_settable;
}

/* Output size: the digest's for extract-only, unbounded otherwise (as
 * OpenSSL reports it). */
static size_t out_size(hkdf_ctx *c)
{
    if (c->mode != EVP_KDF_HKDF_MODE_EXTRACT_ONLY)
        return SIZE_MAX;
    if (c->axiom)
        return c->dsize;
    const EVP_MD *md = NULL;
    EVP_MD *fetched = c->digest && c->prov->libctx
                          ? EVP_MD_fetch(c->prov->libctx, c->digest, c->props)
                          : NULL;
    md = fetched;
    size_t n = md ? (size_t)EVP_MD_get_size(md) : 0;
    EVP_MD_free(fetched);
    return n;
}

static int hkdf_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    hkdf_ctx *c = vctx;
    OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate(params, OSSL_KDF_PARAM_SIZE))) {
        size_t n = out_size(c);
        if (!n) {
            AXP_ERR(c->prov, AXP_R_MISSING_INPUT);
            return 0;
        }
        return OSSL_PARAM_set_size_t(p, n);
    }
    return 1;
}

static const OSSL_PARAM hkdf_gettable[] = {
    OSSL_PARAM_size_t(OSSL_KDF_PARAM_SIZE, NULL),
    OSSL_PARAM_END
};

static const OSSL_PARAM *hkdf_gettable_ctx_params(void *vctx, void *provctx)
{
    (void)vctx;
    (void)provctx;
    return hkdf_gettable;
}

/* RFC 5869 2.3 with PRK = key, on the HMAC calls. */
static int expand(hkdf_ctx *c, uint8_t *out, size_t outlen)
{
    axiom_hmac_ctx *h = NULL;
    uint8_t t[64];
    int rc = axiom_hmac_new(&h, c->axiom);
    if (rc == AXIOM_OK)
        rc = axiom_hmac_setkey(h, c->key, c->keylen);
    size_t done = 0;
    for (unsigned i = 1; rc == AXIOM_OK && done < outlen; i++) {
        uint8_t ctr = (uint8_t)i;
        if (i > 1)
            rc = axiom_hmac_update(h, t, c->dsize);
        if (rc == AXIOM_OK)
            rc = axiom_hmac_update(h, c->info, c->infolen);
        if (rc == AXIOM_OK)
            rc = axiom_hmac_update(h, &ctr, 1);
        if (rc == AXIOM_OK)
            rc = axiom_hmac_final(h, t, c->dsize);
        if (rc == AXIOM_OK) {
            size_t take = outlen - done < c->dsize ? outlen - done : c->dsize;
            memcpy(out + done, t, take);
            done += take;
        }
    }
    axiom_hmac_free(h);
    axiom_wipe(t, sizeof t);
    if (rc != AXIOM_OK) {
        axiom_wipe(out, outlen);
        AXP_ERR_AXIOM(c->prov, rc);
        return 0;
    }
    return 1;
}

static int delegate(hkdf_ctx *c, uint8_t *out, size_t outlen)
{
    EVP_KDF *kdf = c->prov->libctx ? EVP_KDF_fetch(c->prov->libctx, "HKDF", AXP_NOT_US) : NULL;
    EVP_KDF_CTX *k = kdf ? EVP_KDF_CTX_new(kdf) : NULL;
    EVP_KDF_free(kdf);
    OSSL_PARAM ps[8], *p = ps;
    int mode = c->mode;
    *p++ = OSSL_PARAM_construct_int(OSSL_KDF_PARAM_MODE, &mode);
    *p++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, c->digest, 0);
    if (c->props)
        *p++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_PROPERTIES, c->props, 0);
    *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, c->key, c->keylen);
    if (c->salt_set)
        *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, c->salt, c->saltlen);
    if (c->infolen)
        *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, c->info, c->infolen);
    *p = OSSL_PARAM_construct_end();
    int ok = k && EVP_KDF_derive(k, out, outlen, ps);
    EVP_KDF_CTX_free(k);
    if (!ok)
        AXP_ERRF(c->prov, AXP_R_DELEGATE, "HKDF with digest %s from another provider",
                 c->digest);
    return ok;
}

static int hkdf_derive(void *vctx, unsigned char *out, size_t outlen, const OSSL_PARAM params[])
{
    hkdf_ctx *c = vctx;
    if (!hkdf_set_ctx_params(c, params))
        return 0;
    if (!c->digest) {
        AXP_ERRF(c->prov, AXP_R_MISSING_INPUT, "no digest set");
        return 0;
    }
    if (!c->key) {
        AXP_ERRF(c->prov, AXP_R_MISSING_INPUT, "no key set");
        return 0;
    }
    if (!outlen) {
        AXP_ERR(c->prov, AXP_R_BAD_LENGTH);
        return 0;
    }
    axp_stat_add(&hkdf_stat, 1, c->keylen);
    if (!c->axiom)
        return delegate(c, out, outlen);
    int rc;
    switch (c->mode) {
    case EVP_KDF_HKDF_MODE_EXTRACT_ONLY:
        if (outlen != c->dsize) {
            AXP_ERRF(c->prov, AXP_R_BAD_LENGTH, "extract gives %zu bytes, %zu asked", c->dsize,
                     outlen);
            return 0;
        }
        /* PRK = HMAC(salt, IKM); no salt is an empty key (RFC 5869 2.2). */
        rc = axiom_hmac(c->axiom, out, c->dsize, c->salt, c->saltlen, c->key, c->keylen);
        break;
    case EVP_KDF_HKDF_MODE_EXPAND_ONLY:
        if (outlen > 255 * c->dsize) {
            AXP_ERR(c->prov, AXP_R_BAD_LENGTH);
            return 0;
        }
        return expand(c, out, outlen);
    default:
        rc = axiom_hkdf(c->axiom, out, outlen, c->key, c->keylen, c->salt, c->saltlen, c->info,
                        c->infolen);
        break;
    }
    if (rc != AXIOM_OK) {
        AXP_ERR_AXIOM(c->prov, rc);
        return 0;
    }
    return 1;
}

static const OSSL_DISPATCH hkdf_fns[] = {
    { OSSL_FUNC_KDF_NEWCTX, AXP_FN(hkdf_newctx) },
    { OSSL_FUNC_KDF_DUPCTX, AXP_FN(hkdf_dupctx) },
    { OSSL_FUNC_KDF_FREECTX, AXP_FN(hkdf_freectx) },
    { OSSL_FUNC_KDF_RESET, AXP_FN(hkdf_reset) },
    { OSSL_FUNC_KDF_DERIVE, AXP_FN(hkdf_derive) },
    { OSSL_FUNC_KDF_SETTABLE_CTX_PARAMS, AXP_FN(hkdf_settable_ctx_params) },
    { OSSL_FUNC_KDF_SET_CTX_PARAMS, AXP_FN(hkdf_set_ctx_params) },
    { OSSL_FUNC_KDF_GETTABLE_CTX_PARAMS, AXP_FN(hkdf_gettable_ctx_params) },
    { OSSL_FUNC_KDF_GET_CTX_PARAMS, AXP_FN(hkdf_get_ctx_params) },
    { 0, NULL }
};

size_t axp_kdfs_build(OSSL_ALGORITHM *out, size_t max)
{
    if (!max)
        return 0;
    axp_stat_register(&hkdf_stat);
    out[0].algorithm_names = "HKDF";
    out[0].property_definition = AXP_PROPS;
    out[0].implementation = hkdf_fns;
    out[0].algorithm_description = NULL;
    return 1;
}
