/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* CTR-DRBG (NIST SP 800-90A, AES-256 with derivation function) as an
 * OpenSSL RAND implementation over libaxiom's axiom_drbg_*: seeded and
 * reseeded from the operating system, reseeded after fork(), usable as
 * the library's generator through openssl.cnf's [random] section. */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <axiom.h>
#include <openssl/evp.h>

#include "prov.h"

#define STRENGTH 256
#define ADIN_MAX 4096 /* caller entropy plus additional input folded into a reseed */

static axp_stat drbg_stat = { "CTR-DRBG", 0, 0 };

/* Bumped in every child process: a generator seeded in the parent reseeds
 * before its first output in the child. */
static unsigned fork_generation;
static void on_fork_child(void)
{
    __atomic_fetch_add(&fork_generation, 1, __ATOMIC_RELAXED);
}
static pthread_once_t atfork_once = PTHREAD_ONCE_INIT;
static void atfork_register(void)
{
    pthread_atfork(NULL, NULL, on_fork_child);
}

typedef struct drbg_ctx {
    const AXP_PROV *prov;
    axiom_drbg *d;
    int state;                       /* EVP_RAND_STATE_* */
    pthread_mutex_t *lock;           /* after enable_locking */
    unsigned reseed_requests;        /* generate calls between reseeds; 0: libaxiom's limit */
    time_t reseed_interval;          /* seconds between reseeds; 0: none */
    unsigned generates;              /* since the last reseed */
    time_t reseed_time;
    unsigned reseed_counter;
    unsigned fork_gen;
} drbg_ctx;

static void *drbg_newctx(void *provctx, void *parent, const OSSL_DISPATCH *parent_calls)
{
    /* The parent (OpenSSL's seed source or another DRBG) is not used: this
     * generator takes its entropy from the operating system itself. */
    (void)parent;
    (void)parent_calls;
    pthread_once(&atfork_once, atfork_register);
    drbg_ctx *c = calloc(1, sizeof *c);
    if (!c) {
        AXP_ERR(provctx, AXP_R_MALLOC);
        return NULL;
    }
    c->prov = provctx;
    c->reseed_requests = 1u << 16;   /* OpenSSL's defaults for its CTR-DRBG */
    c->reseed_interval = 7 * 60;
    return c;
}

static void drbg_freectx(void *vctx)
{
    drbg_ctx *c = vctx;
    if (!c)
        return;
    axiom_drbg_free(c->d);
    if (c->lock) {
        pthread_mutex_destroy(c->lock);
        free(c->lock);
    }
    axiom_wipe(c, sizeof *c);
    free(c);
}

static int drbg_set_ctx_params(void *vctx, const OSSL_PARAM params[]);

static int drbg_instantiate(void *vctx, unsigned int strength, int prediction_resistance,
                            const unsigned char *pstr, size_t pstr_len, const OSSL_PARAM params[])
{
    drbg_ctx *c = vctx;
    (void)prediction_resistance; /* every seed comes straight from the OS */
    if (!drbg_set_ctx_params(c, params))
        return 0;
    if (strength > STRENGTH) {
        AXP_ERRF(c->prov, AXP_R_BAD_PARAMETER, "strength %u over %u bits", strength, STRENGTH);
        return 0;
    }
    axiom_drbg_free(c->d);
    c->d = NULL;
    int rc = axiom_drbg_new(&c->d, pstr, pstr_len);
    if (rc != AXIOM_OK) {
        c->state = EVP_RAND_STATE_ERROR;
        AXP_ERR_AXIOM(c->prov, rc);
        return 0;
    }
    c->state = EVP_RAND_STATE_READY;
    c->generates = 0;
    c->reseed_time = time(NULL);
    c->reseed_counter++;
    c->fork_gen = __atomic_load_n(&fork_generation, __ATOMIC_RELAXED);
    return 1;
}

static int drbg_uninstantiate(void *vctx)
{
    drbg_ctx *c = vctx;
    axiom_drbg_free(c->d);
    c->d = NULL;
    c->state = EVP_RAND_STATE_UNINITIALISED;
    return 1;
}

static int reseed_now(drbg_ctx *c, const uint8_t *add, size_t addlen)
{
    int rc = axiom_drbg_reseed(c->d, NULL, 0, add, addlen);
    if (rc != AXIOM_OK) {
        c->state = EVP_RAND_STATE_ERROR;
        AXP_ERR_AXIOM(c->prov, rc);
        return 0;
    }
    c->generates = 0;
    c->reseed_time = time(NULL);
    c->reseed_counter++;
    c->fork_gen = __atomic_load_n(&fork_generation, __ATOMIC_RELAXED);
    return 1;
}

static int drbg_generate(void *vctx, unsigned char *out, size_t outlen, unsigned int strength,
                         int prediction_resistance, const unsigned char *adin, size_t adin_len)
{
    drbg_ctx *c = vctx;
    if (c->state != EVP_RAND_STATE_READY) {
        AXP_ERR(c->prov, AXP_R_BAD_STATE);
        return 0;
    }
    if (strength > STRENGTH) {
        AXP_ERRF(c->prov, AXP_R_BAD_PARAMETER, "strength %u over %u bits", strength, STRENGTH);
        return 0;
    }
    int need = prediction_resistance ||
               c->fork_gen != __atomic_load_n(&fork_generation, __ATOMIC_RELAXED) ||
               (c->reseed_requests && c->generates >= c->reseed_requests) ||
               (c->reseed_interval && time(NULL) - c->reseed_time >= c->reseed_interval);
    if (need && !reseed_now(c, NULL, 0))
        return 0;
    c->generates++;
    axp_stat_add(&drbg_stat, 1, outlen);
    while (outlen) {
        size_t n = outlen < AXIOM_DRBG_MAX_REQUEST ? outlen : AXIOM_DRBG_MAX_REQUEST;
        int rc = axiom_drbg_generate(c->d, out, n, adin, adin_len);
        if (rc != AXIOM_OK) {
            AXP_ERR_AXIOM(c->prov, rc);
            return 0;
        }
        out += n;
        outlen -= n;
    }
    return 1;
}

static int drbg_reseed(void *vctx, int prediction_resistance, const unsigned char *ent,
                       size_t ent_len, const unsigned char *adin, size_t adin_len)
{
    drbg_ctx *c = vctx;
    (void)prediction_resistance;
    if (c->state != EVP_RAND_STATE_READY) {
        AXP_ERR(c->prov, AXP_R_BAD_STATE);
        return 0;
    }
    /* Entropy the caller offers (RAND_add) joins the additional input: it
     * can only add to the fresh seed from the OS, never replace it. */
    uint8_t buf[ADIN_MAX];
    size_t n = 0;
    if (ent && ent_len) {
        n = ent_len < ADIN_MAX ? ent_len : ADIN_MAX;
        memcpy(buf, ent, n);
    }
    if (adin && adin_len) {
        size_t m = adin_len < ADIN_MAX - n ? adin_len : ADIN_MAX - n;
        memcpy(buf + n, adin, m);
        n += m;
    }
    int ok = reseed_now(c, n ? buf : NULL, n);
    axiom_wipe(buf, n);
    return ok;
}

static int drbg_enable_locking(void *vctx)
{
    drbg_ctx *c = vctx;
    if (c->lock)
        return 1;
    c->lock = malloc(sizeof *c->lock);
    if (!c->lock || pthread_mutex_init(c->lock, NULL) != 0) {
        free(c->lock);
        c->lock = NULL;
        AXP_ERR(c->prov, AXP_R_MALLOC);
        return 0;
    }
    return 1;
}

static int drbg_lock(void *vctx)
{
    drbg_ctx *c = vctx;
    return !c->lock || pthread_mutex_lock(c->lock) == 0;
}

static void drbg_unlock(void *vctx)
{
    drbg_ctx *c = vctx;
    if (c->lock)
        pthread_mutex_unlock(c->lock);
}

static int drbg_verify_zeroization(void *vctx)
{
    (void)vctx;
    return 1; /* axiom_drbg_free wipes the state; nothing is kept here */
}

/* Seed material for a child DRBG that names this one as its parent. */
static size_t drbg_get_seed(void *vctx, unsigned char **pout, int entropy, size_t min_len,
                            size_t max_len, int prediction_resistance, const unsigned char *adin,
                            size_t adin_len)
{
    drbg_ctx *c = vctx;
    size_t n = (size_t)(entropy + 7) / 8;
    if (n < min_len)
        n = min_len;
    if (n > max_len)
        return 0;
    uint8_t *b = malloc(n ? n : 1);
    if (!b) {
        AXP_ERR(c->prov, AXP_R_MALLOC);
        return 0;
    }
    if (!drbg_generate(c, b, n, STRENGTH, prediction_resistance, adin, adin_len)) {
        free(b);
        return 0;
    }
    *pout = b;
    return n;
}

static void drbg_clear_seed(void *vctx, unsigned char *buf, size_t len)
{
    (void)vctx;
    if (buf) {
        axiom_wipe(buf, len);
        free(buf);
    }
}

static int drbg_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    drbg_ctx *c = vctx;
    OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate(params, OSSL_RAND_PARAM_STATE)) && !OSSL_PARAM_set_int(p, c->state))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_RAND_PARAM_STRENGTH)) &&
        !OSSL_PARAM_set_uint(p, STRENGTH))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_RAND_PARAM_MAX_REQUEST)) &&
        !OSSL_PARAM_set_size_t(p, AXIOM_DRBG_MAX_REQUEST))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_DRBG_PARAM_RESEED_REQUESTS)) &&
        !OSSL_PARAM_set_uint(p, c->reseed_requests))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_DRBG_PARAM_RESEED_TIME_INTERVAL)) &&
        !OSSL_PARAM_set_time_t(p, c->reseed_interval))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_DRBG_PARAM_RESEED_COUNTER)) &&
        !OSSL_PARAM_set_uint(p, c->reseed_counter))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_DRBG_PARAM_RESEED_TIME)) &&
        !OSSL_PARAM_set_time_t(p, c->reseed_time))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_DRBG_PARAM_CIPHER)) &&
        !OSSL_PARAM_set_utf8_string(p, "AES-256-CTR"))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_DRBG_PARAM_USE_DF)) && !OSSL_PARAM_set_int(p, 1))
        return 0;
    return 1;
}

static const OSSL_PARAM drbg_gettable[] = {
    OSSL_PARAM_int(OSSL_RAND_PARAM_STATE, NULL),
    OSSL_PARAM_uint(OSSL_RAND_PARAM_STRENGTH, NULL),
    OSSL_PARAM_size_t(OSSL_RAND_PARAM_MAX_REQUEST, NULL),
    OSSL_PARAM_uint(OSSL_DRBG_PARAM_RESEED_REQUESTS, NULL),
    OSSL_PARAM_time_t(OSSL_DRBG_PARAM_RESEED_TIME_INTERVAL, NULL),
    OSSL_PARAM_uint(OSSL_DRBG_PARAM_RESEED_COUNTER, NULL),
    OSSL_PARAM_time_t(OSSL_DRBG_PARAM_RESEED_TIME, NULL),
    OSSL_PARAM_utf8_string(OSSL_DRBG_PARAM_CIPHER, NULL, 0),
    OSSL_PARAM_int(OSSL_DRBG_PARAM_USE_DF, NULL),
    OSSL_PARAM_END
};

static const OSSL_PARAM *drbg_gettable_ctx_params(void *vctx, void *provctx)
{
    (void)vctx;
    (void)provctx;
    return drbg_gettable;
}

static int drbg_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    drbg_ctx *c = vctx;
    const OSSL_PARAM *p;
    if (!params)
        return 1;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_DRBG_PARAM_RESEED_REQUESTS)) &&
        !OSSL_PARAM_get_uint(p, &c->reseed_requests)) {
        AXP_ERR(c->prov, AXP_R_BAD_PARAMETER);
        return 0;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_DRBG_PARAM_RESEED_TIME_INTERVAL)) &&
        !OSSL_PARAM_get_time_t(p, &c->reseed_interval)) {
        AXP_ERR(c->prov, AXP_R_BAD_PARAMETER);
        return 0;
    }
    /* OpenSSL passes its [random] settings to whatever DRBG it loads: the
     * cipher must be the one this generator is built on; a digest, MAC or
     * properties do not apply to a CTR-DRBG and are ignored. */
    if ((p = OSSL_PARAM_locate_const(params, OSSL_DRBG_PARAM_CIPHER))) {
        const char *name;
        if (!OSSL_PARAM_get_utf8_string_ptr(p, &name) ||
            (strcasecmp(name, "AES-256-CTR") != 0 && strcasecmp(name, "aes256-ctr") != 0)) {
            AXP_ERRF(c->prov, AXP_R_UNSUPPORTED, "CTR-DRBG with a cipher other than AES-256-CTR");
            return 0;
        }
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_DRBG_PARAM_USE_DF))) {
        int df;
        if (!OSSL_PARAM_get_int(p, &df) || !df) {
            AXP_ERRF(c->prov, AXP_R_UNSUPPORTED, "CTR-DRBG without derivation function");
            return 0;
        }
    }
    return 1;
}

static const OSSL_PARAM drbg_settable[] = {
    OSSL_PARAM_uint(OSSL_DRBG_PARAM_RESEED_REQUESTS, NULL),
    OSSL_PARAM_time_t(OSSL_DRBG_PARAM_RESEED_TIME_INTERVAL, NULL),
    OSSL_PARAM_utf8_string(OSSL_DRBG_PARAM_CIPHER, NULL, 0),
    OSSL_PARAM_int(OSSL_DRBG_PARAM_USE_DF, NULL),
    OSSL_PARAM_utf8_string(OSSL_DRBG_PARAM_PROPERTIES, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM *drbg_settable_ctx_params(void *vctx, void *provctx)
{
    (void)vctx;
    (void)provctx;
    return drbg_settable;
}

static const OSSL_DISPATCH drbg_fns[] = {
    { OSSL_FUNC_RAND_NEWCTX, AXP_FN(drbg_newctx) },
    { OSSL_FUNC_RAND_FREECTX, AXP_FN(drbg_freectx) },
    { OSSL_FUNC_RAND_INSTANTIATE, AXP_FN(drbg_instantiate) },
    { OSSL_FUNC_RAND_UNINSTANTIATE, AXP_FN(drbg_uninstantiate) },
    { OSSL_FUNC_RAND_GENERATE, AXP_FN(drbg_generate) },
    { OSSL_FUNC_RAND_RESEED, AXP_FN(drbg_reseed) },
    { OSSL_FUNC_RAND_ENABLE_LOCKING, AXP_FN(drbg_enable_locking) },
    { OSSL_FUNC_RAND_LOCK, AXP_FN(drbg_lock) },
    { OSSL_FUNC_RAND_UNLOCK, AXP_FN(drbg_unlock) },
    { OSSL_FUNC_RAND_GETTABLE_CTX_PARAMS, AXP_FN(drbg_gettable_ctx_params) },
    { OSSL_FUNC_RAND_GET_CTX_PARAMS, AXP_FN(drbg_get_ctx_params) },
    { OSSL_FUNC_RAND_SETTABLE_CTX_PARAMS, AXP_FN(drbg_settable_ctx_params) },
    { OSSL_FUNC_RAND_SET_CTX_PARAMS, AXP_FN(drbg_set_ctx_params) },
    { OSSL_FUNC_RAND_VERIFY_ZEROIZATION, AXP_FN(drbg_verify_zeroization) },
    { OSSL_FUNC_RAND_GET_SEED, AXP_FN(drbg_get_seed) },
    { OSSL_FUNC_RAND_CLEAR_SEED, AXP_FN(drbg_clear_seed) },
    { 0, NULL }
};

size_t axp_rands_build(OSSL_ALGORITHM *out, size_t max)
{
    if (!max)
        return 0;
    axp_stat_register(&drbg_stat);
    out[0].algorithm_names = "CTR-DRBG";
    out[0].property_definition = AXP_PROPS;
    out[0].implementation = drbg_fns;
    out[0].algorithm_description = NULL;
    return 1;
}
