/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SHA-2 digests as OpenSSL digest implementations over libaxiom's
 * axiom_hash_* calls: SHA2-224 and SHA2-256, and SHA2-384/SHA2-512 as soon
 * as the library linked at run time knows "sha384"/"sha512". */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <axiom.h>

#include "prov.h"

typedef struct digest_alg {
    const char *names;
    const char *axiom;
    size_t size, block;
    const char *stat_name;
    int available;          /* served by the library linked at run time */
    axp_stat stat;
} digest_alg;

/* One line per digest; a new libaxiom hash is one more line (and a
 * newctx/get_params pair below). */
static digest_alg SHA2_224 = { "SHA2-224:SHA-224:SHA224:2.16.840.1.101.3.4.2.4", "sha224", 28,
                               64, "SHA2-224", 0, { 0 } };
static digest_alg SHA2_256 = { "SHA2-256:SHA-256:SHA256:2.16.840.1.101.3.4.2.1", "sha256", 32,
                               64, "SHA2-256", 0, { 0 } };
static digest_alg SHA2_384 = { "SHA2-384:SHA-384:SHA384:2.16.840.1.101.3.4.2.2", "sha384", 48,
                               128, "SHA2-384", 0, { 0 } };
static digest_alg SHA2_512 = { "SHA2-512:SHA-512:SHA512:2.16.840.1.101.3.4.2.3", "sha512", 64,
                               128, "SHA2-512", 0, { 0 } };

typedef struct digest_ctx {
    const AXP_PROV *prov;
    digest_alg *alg;
    axiom_hash_ctx *h;
    int dirty;              /* data hashed since the last final */
    uint64_t n_ops, n_bytes;
} digest_ctx;

static void stats_flush(digest_ctx *c)
{
    axp_stat_add(&c->alg->stat, c->n_ops, c->n_bytes);
    c->n_ops = c->n_bytes = 0;
}

static void *digest_newctx(void *provctx, digest_alg *alg)
{
    digest_ctx *c = calloc(1, sizeof *c);
    if (!c) {
        AXP_ERR(provctx, AXP_R_MALLOC);
        return NULL;
    }
    c->prov = provctx;
    c->alg = alg;
    int rc = axiom_hash_new(&c->h, alg->axiom);
    if (rc != AXIOM_OK) {
        AXP_ERR_AXIOM(provctx, rc);
        free(c);
        return NULL;
    }
    return c;
}

static void digest_freectx(void *vctx)
{
    digest_ctx *c = vctx;
    if (!c)
        return;
    stats_flush(c);
    axiom_hash_free(c->h);
    axiom_wipe(c, sizeof *c);
    free(c);
}

static void *digest_dupctx(void *vctx)
{
    const digest_ctx *src = vctx;
    digest_ctx *c = malloc(sizeof *c);
    if (!c) {
        AXP_ERR(src->prov, AXP_R_MALLOC);
        return NULL;
    }
    memcpy(c, src, sizeof *c);
    c->n_ops = c->n_bytes = 0;
    int rc = axiom_hash_dup(&c->h, src->h);
    if (rc != AXIOM_OK) {
        AXP_ERR_AXIOM(src->prov, rc);
        free(c);
        return NULL;
    }
    return c;
}

static int digest_init(void *vctx, const OSSL_PARAM params[])
{
    digest_ctx *c = vctx;
    (void)params;
    if (c->dirty) {
        /* Drop the message in progress: a fresh context. */
        axiom_hash_ctx *h = NULL;
        int rc = axiom_hash_new(&h, c->alg->axiom);
        if (rc != AXIOM_OK) {
            AXP_ERR_AXIOM(c->prov, rc);
            return 0;
        }
        axiom_hash_free(c->h);
        c->h = h;
        c->dirty = 0;
    }
    return 1;
}

static int digest_update(void *vctx, const unsigned char *in, size_t inl)
{
    digest_ctx *c = vctx;
    int rc = axiom_hash_update(c->h, in, inl);
    if (rc != AXIOM_OK) {
        AXP_ERR_AXIOM(c->prov, rc);
        return 0;
    }
    c->dirty = 1;
    c->n_bytes += inl;
    return 1;
}

static int digest_final(void *vctx, unsigned char *out, size_t *outl, size_t outsz)
{
    digest_ctx *c = vctx;
    if (outsz < c->alg->size) {
        AXP_ERR(c->prov, AXP_R_OUTPUT_TOO_SMALL);
        return 0;
    }
    int rc = axiom_hash_final(c->h, out, c->alg->size);
    if (rc != AXIOM_OK) {
        AXP_ERR_AXIOM(c->prov, rc);
        return 0;
    }
    c->dirty = 0;
    *outl = c->alg->size;
    c->n_ops++;
    stats_flush(c);
    return 1;
}

static int digest_oneshot(digest_alg *a, void *provctx, const unsigned char *in, size_t inl,
                          unsigned char *out, size_t *outl, size_t outsz)
{
    if (outsz < a->size) {
        AXP_ERR(provctx, AXP_R_OUTPUT_TOO_SMALL);
        return 0;
    }
    int rc = axiom_hash(a->axiom, out, a->size, in, inl);
    if (rc != AXIOM_OK) {
        AXP_ERR_AXIOM(provctx, rc);
        return 0;
    }
    *outl = a->size;
    axp_stat_add(&a->stat, 1, inl);
    return 1;
}

static int digest_get_params_for(const digest_alg *a, OSSL_PARAM params[])
{
    OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_BLOCK_SIZE)) &&
        !OSSL_PARAM_set_size_t(p, a->block))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_SIZE)) &&
        !OSSL_PARAM_set_size_t(p, a->size))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_XOF)) && !OSSL_PARAM_set_int(p, 0))
        return 0;
    /* SHA-2 AlgorithmIdentifiers carry no parameters (RFC 5754). */
    if ((p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_ALGID_ABSENT)) &&
        !OSSL_PARAM_set_int(p, 1))
        return 0;
    return 1;
}

static const OSSL_PARAM digest_gettable[] = {
    OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_BLOCK_SIZE, NULL),
    OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_SIZE, NULL),
    OSSL_PARAM_int(OSSL_DIGEST_PARAM_XOF, NULL),
    OSSL_PARAM_int(OSSL_DIGEST_PARAM_ALGID_ABSENT, NULL),
    OSSL_PARAM_END
};

static const OSSL_PARAM *digest_gettable_params(void *provctx)
{
    (void)provctx;
    return digest_gettable;
}

#define DIGEST_DISPATCH(newctx_fn, get_params_fn, oneshot_fn)                   \
    {                                                                           \
        { OSSL_FUNC_DIGEST_NEWCTX, AXP_FN(newctx_fn) },                         \
        { OSSL_FUNC_DIGEST_GET_PARAMS, AXP_FN(get_params_fn) },                 \
        { OSSL_FUNC_DIGEST_DIGEST, AXP_FN(oneshot_fn) },                        \
        { OSSL_FUNC_DIGEST_FREECTX, AXP_FN(digest_freectx) },                   \
        { OSSL_FUNC_DIGEST_DUPCTX, AXP_FN(digest_dupctx) },                     \
        { OSSL_FUNC_DIGEST_INIT, AXP_FN(digest_init) },                         \
        { OSSL_FUNC_DIGEST_UPDATE, AXP_FN(digest_update) },                     \
        { OSSL_FUNC_DIGEST_FINAL, AXP_FN(digest_final) },                       \
        { OSSL_FUNC_DIGEST_GETTABLE_PARAMS, AXP_FN(digest_gettable_params) },   \
        { 0, NULL }                                                             \
    }

static void *sha224_newctx(void *p) { return digest_newctx(p, &SHA2_224); }
static void *sha256_newctx(void *p) { return digest_newctx(p, &SHA2_256); }
static void *sha384_newctx(void *p) { return digest_newctx(p, &SHA2_384); }
static void *sha512_newctx(void *p) { return digest_newctx(p, &SHA2_512); }
static int sha224_params(OSSL_PARAM p[]) { return digest_get_params_for(&SHA2_224, p); }
static int sha256_params(OSSL_PARAM p[]) { return digest_get_params_for(&SHA2_256, p); }
static int sha384_params(OSSL_PARAM p[]) { return digest_get_params_for(&SHA2_384, p); }
static int sha512_params(OSSL_PARAM p[]) { return digest_get_params_for(&SHA2_512, p); }
static int sha224_oneshot(void *provctx, const unsigned char *in, size_t inl, unsigned char *out,
                          size_t *outl, size_t outsz)
{
    return digest_oneshot(&SHA2_224, provctx, in, inl, out, outl, outsz);
}
static int sha256_oneshot(void *provctx, const unsigned char *in, size_t inl, unsigned char *out,
                          size_t *outl, size_t outsz)
{
    return digest_oneshot(&SHA2_256, provctx, in, inl, out, outl, outsz);
}
static int sha384_oneshot(void *provctx, const unsigned char *in, size_t inl, unsigned char *out,
                          size_t *outl, size_t outsz)
{
    return digest_oneshot(&SHA2_384, provctx, in, inl, out, outl, outsz);
}
static int sha512_oneshot(void *provctx, const unsigned char *in, size_t inl, unsigned char *out,
                          size_t *outl, size_t outsz)
{
    return digest_oneshot(&SHA2_512, provctx, in, inl, out, outl, outsz);
}

static const OSSL_DISPATCH sha224_fns[] = DIGEST_DISPATCH(sha224_newctx, sha224_params, sha224_oneshot);
static const OSSL_DISPATCH sha256_fns[] = DIGEST_DISPATCH(sha256_newctx, sha256_params, sha256_oneshot);
static const OSSL_DISPATCH sha384_fns[] = DIGEST_DISPATCH(sha384_newctx, sha384_params, sha384_oneshot);
static const OSSL_DISPATCH sha512_fns[] = DIGEST_DISPATCH(sha512_newctx, sha512_params, sha512_oneshot);

static const struct {
    digest_alg *alg;
    const OSSL_DISPATCH *fns;
} digest_algs[] = {
    { &SHA2_224, sha224_fns },
    { &SHA2_256, sha256_fns },
    { &SHA2_384, sha384_fns }, /* registered when libaxiom has "sha384" */
    { &SHA2_512, sha512_fns }, /* registered when libaxiom has "sha512" */
};

size_t axp_digests_build(OSSL_ALGORITHM *out, size_t max)
{
    size_t n = 0;
    for (size_t i = 0; i < sizeof digest_algs / sizeof digest_algs[0] && n < max; i++) {
        digest_alg *a = digest_algs[i].alg;
        axiom_hash_ctx *probe = NULL;
        if (axiom_hash_new(&probe, a->axiom) != AXIOM_OK)
            continue;
        axiom_hash_free(probe);
        a->available = 1;
        a->stat.name = a->stat_name;
        axp_stat_register(&a->stat);
        out[n].algorithm_names = a->names;
        out[n].property_definition = AXP_PROPS;
        out[n].implementation = digest_algs[i].fns;
        out[n].algorithm_description = NULL;
        n++;
    }
    return n;
}

int axp_digest_lookup(const char *ossl_name, const char **axiom, size_t *size, size_t *block)
{
    if (!ossl_name)
        return 0;
    const size_t len = strlen(ossl_name);
    for (size_t i = 0; i < sizeof digest_algs / sizeof digest_algs[0]; i++) {
        const digest_alg *a = digest_algs[i].alg;
        if (!a->available)
            continue;
        for (const char *s = a->names; *s;) {
            size_t n = strcspn(s, ":");
            if (n == len && strncasecmp(s, ossl_name, n) == 0) {
                *axiom = a->axiom;
                *size = a->size;
                *block = a->block;
                return 1;
            }
            s += n;
            if (*s == ':')
                s++;
        }
    }
    return 0;
}

int axp_props_allow_us(const char *props)
{
    if (!props)
        return 1;
    /* Clauses are comma-separated; optional ones ("?...") only state a
     * preference and never exclude us. */
    for (const char *s = props; *s;) {
        size_t n = strcspn(s, ",");
        const char *e = s + n;
        while (s < e && (*s == ' ' || *s == '\t'))
            s++;
        while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
            e--;
        size_t m = (size_t)(e - s);
        if (m && *s != '?') {
            if (m > 9 && strncmp(s, "provider=", 9) == 0 &&
                !(m == 14 && strncmp(s + 9, "axiom", 5) == 0))
                return 0;
            if (m >= 10 && strncmp(s, "provider!=", 10) == 0 && m == 15 &&
                strncmp(s + 10, "axiom", 5) == 0)
                return 0;
            if ((m == 8 && strncmp(s, "fips=yes", 8) == 0) || (m == 4 && strncmp(s, "fips", 4) == 0))
                return 0;
        }
        s += n;
        if (*s == ',')
            s++;
    }
    return 1;
}
