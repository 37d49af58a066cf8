/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Declarations shared by the files of the OpenSSL 3 provider module
 * (axiom.so): the provider context, error reporting, operation counters and
 * each operation's algorithm table. */
#ifndef AXIOM_PROVIDER_PROV_H
#define AXIOM_PROVIDER_PROV_H

#include <stddef.h>
#include <stdint.h>

#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/params.h>

/* The property every algorithm of this provider carries. */
#define AXP_PROPS "provider=axiom"
/* What a delegated fetch asks for: anything but this provider. */
#define AXP_NOT_US "provider!=axiom"

/* One provider instance (one per library context it is loaded into). */
typedef struct axp_prov {
    const OSSL_CORE_HANDLE *handle;
    /* Child of the loading library context: HMAC and HKDF over digests that
     * libaxiom does not have are delegated to other providers through it. */
    OSSL_LIB_CTX *libctx;
} AXP_PROV;

/* ------------------------------------------------------------------ errors */

/* Reason codes; their sentences are in axiom_prov.c (axp_reasons). */
enum {
    AXP_R_LIBAXIOM = 1,       /* libaxiom returned an error: its sentence follows */
    AXP_R_BAD_KEY_LENGTH,
    AXP_R_BAD_IV_LENGTH,
    AXP_R_BAD_TAG_LENGTH,
    AXP_R_NO_KEY,
    AXP_R_NO_IV,
    AXP_R_TAG_NOT_SET,
    AXP_R_TAG_NOT_NEEDED,
    AXP_R_AUTH_FAILED,
    AXP_R_BAD_DECRYPT,
    AXP_R_WRONG_FINAL_BLOCK_LENGTH,
    AXP_R_OUTPUT_TOO_SMALL,
    AXP_R_BAD_LENGTH,
    AXP_R_XTS_DUPLICATED_KEYS,
    AXP_R_BAD_PARAMETER,
    AXP_R_UNSUPPORTED,
    AXP_R_BAD_STATE,
    AXP_R_MALLOC,
    AXP_R_RANDOM,
    AXP_R_TLS_RECORD,
    AXP_R_DIGEST,
    AXP_R_DELEGATE,
    AXP_R_MISSING_INPUT,
    AXP_R_BAD_MODE,
    AXP_R_MAX
};

extern const OSSL_ITEM axp_reasons[];

/* Put an error on the calling thread's queue through the core: @reason
 * with an optional printf-style detail (NULL: the reason alone). */
void axp_raise(const AXP_PROV *prov, int reason, const char *file, int line, const char *func,
               const char *fmt, ...) __attribute__((format(printf, 6, 7)));
#define AXP_ERR(prov, reason) axp_raise((prov), (reason), __FILE__, __LINE__, __func__, NULL)
#define AXP_ERRF(prov, reason, ...) \
    axp_raise((prov), (reason), __FILE__, __LINE__, __func__, __VA_ARGS__)
/* An error code of libaxiom, as the closest reason with its sentence. */
void axp_raise_axiom(const AXP_PROV *prov, int rc, const char *file, int line, const char *func);
#define AXP_ERR_AXIOM(prov, rc) axp_raise_axiom((prov), (rc), __FILE__, __LINE__, __func__)

/* ---------------------------------------------------------------- counters */

/* Work done per algorithm, readable through the provider parameter
 * "axiom-stats" and written at unload to the file named by
 * AXIOM_PROVIDER_STATS.  Contexts count locally and add their totals here
 * when a message ends and when they are freed (two atomic adds). */
typedef struct axp_stat {
    const char *name;   /* the algorithm's first OpenSSL name */
    uint64_t ops;       /* messages (AEAD), updates (ciphers), digests, MACs, ... */
    uint64_t bytes;     /* bytes of input */
} axp_stat;

void axp_stat_register(axp_stat *s);
static inline void axp_stat_add(axp_stat *s, uint64_t ops, uint64_t bytes)
{
    if (ops)
        __atomic_fetch_add(&s->ops, ops, __ATOMIC_RELAXED);
    if (bytes)
        __atomic_fetch_add(&s->bytes, bytes, __ATOMIC_RELAXED);
}

/* A context's local counts added to @s, and zeroed. */
static inline void axp_stat_flush(axp_stat *s, uint64_t *ops, uint64_t *bytes)
{
    axp_stat_add(s, *ops, *bytes);
    *ops = *bytes = 0;
}

/* ------------------------------------------------------ algorithm tables */

/* Each builds its operation's OSSL_ALGORITHM list into @out (room for
 * @max entries plus the terminator), keeping only the algorithms libaxiom
 * serves in this process (a build or AXIOM_CT_ONLY may lack some, and
 * sha384/sha512 appear when the library has them); returns the count. */
size_t axp_block_ciphers_build(OSSL_ALGORITHM *out, size_t max);
size_t axp_aead_ciphers_build(OSSL_ALGORITHM *out, size_t max);
size_t axp_aead_whole_build(OSSL_ALGORITHM *out, size_t max);
size_t axp_digests_build(OSSL_ALGORITHM *out, size_t max);
size_t axp_macs_build(OSSL_ALGORITHM *out, size_t max);
size_t axp_kdfs_build(OSSL_ALGORITHM *out, size_t max);
size_t axp_rands_build(OSSL_ALGORITHM *out, size_t max);

/* For an OpenSSL digest name or alias this provider serves natively: 1,
 * with the libaxiom hash name ("sha256", ...), digest and block sizes;
 * 0 otherwise. */
int axp_digest_lookup(const char *ossl_name, const char **axiom, size_t *size, size_t *block);
/* Whether a property query (a "properties" parameter) may be served by
 * this provider: not when it asks for another provider or for FIPS. */
int axp_props_allow_us(const char *props);

/* Random bytes for IVs and keys (libaxiom's process-wide generator). */
int axp_random(const AXP_PROV *prov, void *buf, size_t len);

/* Cast for OSSL_DISPATCH entries. */
#define AXP_FN(f) ((void (*)(void))(f))

/* ------------------------------------------------------------ ciphers */

/* What OSSL_FUNC_CIPHER_GET_PARAMS reports for one cipher algorithm. */
typedef struct axp_cipher_info {
    unsigned mode;     /* EVP_CIPH_*_MODE (0: none of OpenSSL's) */
    size_t keylen, ivlen, blocksize;
    int aead, custom_iv;
} axp_cipher_info;

/* The algorithm parameters of @info into @params (get_params); its
 * gettable list is axp_cipher_gettable_params. */
int axp_cipher_get_params(OSSL_PARAM params[], const axp_cipher_info *info);
const OSSL_PARAM *axp_cipher_gettable_params(void *provctx);
/* "keylen" and "ivlen" into @params: get_params' and every family's
 * get_ctx_params. */
int axp_cipher_get_lens(OSSL_PARAM params[], size_t keylen, size_t ivlen);
/* A "keylen" in @params must be @keylen: 1 when absent or equal; 0 with
 * an error raised otherwise. */
int axp_cipher_check_keylen(const AXP_PROV *prov, const OSSL_PARAM params[], size_t keylen);
/* Registers @stat and fills one entry of an algorithm table. */
void axp_cipher_entry(OSSL_ALGORITHM *out, const char *names, const OSSL_DISPATCH *fns,
                      axp_stat *stat);
/* A message needs a key, then an IV: 1 when both are set; 0 with
 * AXP_R_NO_KEY or AXP_R_NO_IV raised otherwise.  Inline: block ciphers
 * check it on every update. */
static inline int axp_cipher_ready(const AXP_PROV *prov, int key_set, int iv_set)
{
    if (!key_set) {
        AXP_ERR(prov, AXP_R_NO_KEY);
        return 0;
    }
    if (!iv_set) {
        AXP_ERR(prov, AXP_R_NO_IV);
        return 0;
    }
    return 1;
}

/* Cipher contexts hold keys, IVs and tags in their one allocation: made
 * zeroed (new), copied whole (dup), and wiped before they are freed
 * (free; not NULL).  new and dup raise AXP_R_MALLOC when they return
 * NULL. */
void *axp_cipher_ctx_new(const AXP_PROV *prov, size_t size);
void *axp_cipher_ctx_dup(const AXP_PROV *prov, const void *src, size_t size);
void axp_cipher_ctx_free(void *ctx, size_t size);

/* Functions every cipher family writes the same way around its own
 * (FAMILY_init, FAMILY_update, ...): macros, so that the calls stay direct
 * (EVP_Cipher() is libssl's call for every TLS record).
 * AXP_CIPHER_INIT_FNS: FAMILY_einit and FAMILY_dinit, FAMILY_init with
 * the direction last (1: encrypt). */
#define AXP_CIPHER_INIT_FNS(family)                                                             \
    static int family##_einit(void *vctx, const unsigned char *key, size_t keylen,              \
                              const unsigned char *iv, size_t ivlen, const OSSL_PARAM params[]) \
    {                                                                                           \
        return family##_init(vctx, key, keylen, iv, ivlen, params, 1);                          \
    }                                                                                           \
    static int family##_dinit(void *vctx, const unsigned char *key, size_t keylen,              \
                              const unsigned char *iv, size_t ivlen, const OSSL_PARAM params[]) \
    {                                                                                           \
        return family##_init(vctx, key, keylen, iv, ivlen, params, 0);                          \
    }
/* FAMILY_cipher, EVP_Cipher() of a family with no one-shot path of its
 * own: FAMILY_update, or FAMILY_final when @in is NULL. */
#define AXP_CIPHER_CIPHER_FN(family)                                                         \
    static int family##_cipher(void *vctx, unsigned char *out, size_t *outl, size_t outsize, \
                               const unsigned char *in, size_t inl)                          \
    {                                                                                        \
        if (!in)                                                                             \
            return family##_final(vctx, out, outl, outsize);                                 \
        return family##_update(vctx, out, outl, outsize, in, inl);                           \
    }
/* @name, a gettable or settable list function: @table, whatever the
 * context. */
#define AXP_PARAMS_LIST_FN(name, table)                      \
    static const OSSL_PARAM *name(void *vctx, void *provctx) \
    {                                                        \
        (void)vctx;                                          \
        (void)provctx;                                       \
        return table;                                        \
    }

/* A cipher's dispatch table: every cipher family has one per algorithm
 * in which only newctx and get_params differ; the rest are the family's
 * functions by name (FAMILY_freectx, FAMILY_dupctx, ...). */
#define AXP_CIPHER_DISPATCH(family, newctx, get_params)                                 \
    {                                                                                   \
        { OSSL_FUNC_CIPHER_NEWCTX, AXP_FN(newctx) },                                    \
        { OSSL_FUNC_CIPHER_GET_PARAMS, AXP_FN(get_params) },                            \
        { OSSL_FUNC_CIPHER_FREECTX, AXP_FN(family##_freectx) },                         \
        { OSSL_FUNC_CIPHER_DUPCTX, AXP_FN(family##_dupctx) },                           \
        { OSSL_FUNC_CIPHER_ENCRYPT_INIT, AXP_FN(family##_einit) },                      \
        { OSSL_FUNC_CIPHER_DECRYPT_INIT, AXP_FN(family##_dinit) },                      \
        { OSSL_FUNC_CIPHER_UPDATE, AXP_FN(family##_update) },                           \
        { OSSL_FUNC_CIPHER_FINAL, AXP_FN(family##_final) },                             \
        { OSSL_FUNC_CIPHER_CIPHER, AXP_FN(family##_cipher) },                           \
        { OSSL_FUNC_CIPHER_GETTABLE_PARAMS, AXP_FN(axp_cipher_gettable_params) },       \
        { OSSL_FUNC_CIPHER_GET_CTX_PARAMS, AXP_FN(family##_get_ctx_params) },           \
        { OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS, AXP_FN(family##_gettable_ctx_params) }, \
        { OSSL_FUNC_CIPHER_SET_CTX_PARAMS, AXP_FN(family##_set_ctx_params) },           \
        { OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS, AXP_FN(family##_settable_ctx_params) }, \
        { 0, NULL }                                                                     \
    }


#endif
