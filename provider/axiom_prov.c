/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Entry point of the OpenSSL 3 provider module axiom.so: the provider
 * object, its parameters, the operation tables, error reporting through the
 * core and the per-algorithm operation counters. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <axiom.h>
#include <openssl/crypto.h>

#include "prov.h"

/* ------------------------------------------------------------------ errors */

const OSSL_ITEM axp_reasons[] = {
    { AXP_R_LIBAXIOM, "libaxiom error" },
    { AXP_R_BAD_KEY_LENGTH, "invalid key length" },
    { AXP_R_BAD_IV_LENGTH, "invalid IV length" },
    { AXP_R_BAD_TAG_LENGTH, "invalid or unsupported tag length" },
    { AXP_R_NO_KEY, "no key set" },
    { AXP_R_NO_IV, "no IV set" },
    { AXP_R_TAG_NOT_SET, "tag not set (or not yet computed)" },
    { AXP_R_TAG_NOT_NEEDED, "a tag can only be set when decrypting" },
    { AXP_R_AUTH_FAILED, "authentication failed: the tag does not match" },
    { AXP_R_BAD_DECRYPT, "bad decrypt: invalid padding" },
    { AXP_R_WRONG_FINAL_BLOCK_LENGTH, "wrong final block length" },
    { AXP_R_OUTPUT_TOO_SMALL, "output buffer too small" },
    { AXP_R_BAD_LENGTH, "invalid data length for this mode" },
    { AXP_R_XTS_DUPLICATED_KEYS, "XTS: the two key halves must differ" },
    { AXP_R_BAD_PARAMETER, "invalid parameter value" },
    { AXP_R_UNSUPPORTED, "not supported by the axiom provider" },
    { AXP_R_BAD_STATE, "operation out of order" },
    { AXP_R_MALLOC, "out of memory" },
    { AXP_R_RANDOM, "random generator failed" },
    { AXP_R_TLS_RECORD, "invalid TLS record or record parameters" },
    { AXP_R_DIGEST, "digest not available" },
    { AXP_R_DELEGATE, "delegated operation failed" },
    { AXP_R_MISSING_INPUT, "missing input (key, salt or digest)" },
    { AXP_R_BAD_MODE, "invalid mode" },
    { 0, NULL }
};

static OSSL_FUNC_core_new_error_fn *c_new_error;
static OSSL_FUNC_core_set_error_debug_fn *c_set_error_debug;
static OSSL_FUNC_core_vset_error_fn *c_vset_error;

void axp_raise(const AXP_PROV *prov, int reason, const char *file, int line, const char *func,
               const char *fmt, ...)
{
    if (!prov || !c_new_error || !c_set_error_debug || !c_vset_error)
        return;
    va_list ap;
    va_start(ap, fmt);
    c_new_error(prov->handle);
    c_set_error_debug(prov->handle, file, line, func);
    c_vset_error(prov->handle, reason, fmt, ap);
    va_end(ap);
}

void axp_raise_axiom(const AXP_PROV *prov, int rc, const char *file, int line, const char *func)
{
    int reason;
    switch (rc) {
    case AXIOM_EKEYLEN: reason = AXP_R_BAD_KEY_LENGTH; break;
    case AXIOM_EIVLEN: reason = AXP_R_BAD_IV_LENGTH; break;
    case AXIOM_ETAGLEN: reason = AXP_R_BAD_TAG_LENGTH; break;
    case AXIOM_ELENGTH: reason = AXP_R_BAD_LENGTH; break;
    case AXIOM_ESTATE: reason = AXP_R_BAD_STATE; break;
    case AXIOM_EAUTH: reason = AXP_R_AUTH_FAILED; break;
    case AXIOM_ENOMEM: reason = AXP_R_MALLOC; break;
    case AXIOM_ERANDOM: reason = AXP_R_RANDOM; break;
    default: reason = AXP_R_LIBAXIOM; break;
    }
    axp_raise(prov, reason, file, line, func, "libaxiom: %s", axiom_strerror(rc));
}

int axp_random(const AXP_PROV *prov, void *buf, size_t len)
{
    int rc = axiom_random_fill(buf, len);
    if (rc != AXIOM_OK) {
        AXP_ERR_AXIOM(prov, rc);
        return 0;
    }
    return 1;
}

/* ---------------------------------------------------------------- counters */

#define AXP_MAX_STATS 128
static axp_stat *stats[AXP_MAX_STATS];
static size_t nstats;

/* Called while the tables are built, once per process (tables_once). */
void axp_stat_register(axp_stat *s)
{
    if (nstats < AXP_MAX_STATS)
        stats[nstats++] = s;
}

/* "NAME OPS BYTES\n" for every algorithm used so far; malloc'd. */
static char *stats_text(void)
{
    size_t cap = 64 + nstats * 96, n = 0;
    char *t = malloc(cap);
    if (!t)
        return NULL;
    t[0] = '\0';
    for (size_t i = 0; i < nstats; i++) {
        uint64_t ops = __atomic_load_n(&stats[i]->ops, __ATOMIC_RELAXED);
        uint64_t bytes = __atomic_load_n(&stats[i]->bytes, __ATOMIC_RELAXED);
        if (!ops && !bytes)
            continue;
        int w = snprintf(t + n, cap - n, "%s %llu %llu\n", stats[i]->name,
                         (unsigned long long)ops, (unsigned long long)bytes);
        if (w < 0 || (size_t)w >= cap - n)
            break;
        n += (size_t)w;
    }
    return t;
}

/* AXIOM_PROVIDER_STATS=FILE: append the counters to FILE when the last
 * provider instance of the process is unloaded (a test's evidence that a
 * program's cryptography ran here).  Ignored in set-user-ID programs. */
static void stats_dump(void)
{
    const char *path = secure_getenv("AXIOM_PROVIDER_STATS");
    if (!path || !*path)
        return;
    char *t = stats_text();
    if (!t)
        return;
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
    if (fd >= 0) {
        char head[64];
        int w = snprintf(head, sizeof head, "pid %ld\n", (long)getpid());
        if (w > 0 && write(fd, head, (size_t)w) < 0)
            w = -1;
        size_t len = strlen(t), off = 0;
        while (w > 0 && off < len) {
            ssize_t k = write(fd, t + off, len - off);
            if (k < 0 && errno == EINTR)
                continue;
            if (k <= 0)
                break;
            off += (size_t)k;
        }
        close(fd);
    }
    free(t);
}

/* ------------------------------------------------------------------ tables */

static OSSL_ALGORITHM cipher_table[96];
static OSSL_ALGORITHM digest_table[8];
static OSSL_ALGORITHM mac_table[2];
static OSSL_ALGORITHM kdf_table[2];
static OSSL_ALGORITHM rand_table[2];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void tables_build(void)
{
    const size_t cmax = sizeof cipher_table / sizeof cipher_table[0] - 1;
    size_t n = axp_block_ciphers_build(cipher_table, cmax);
    n += axp_aead_ciphers_build(cipher_table + n, cmax - n);
    axp_aead_whole_build(cipher_table + n, cmax - n);
    axp_digests_build(digest_table, sizeof digest_table / sizeof digest_table[0] - 1);
    axp_macs_build(mac_table, sizeof mac_table / sizeof mac_table[0] - 1);
    axp_kdfs_build(kdf_table, sizeof kdf_table / sizeof kdf_table[0] - 1);
    axp_rands_build(rand_table, sizeof rand_table / sizeof rand_table[0] - 1);
}

static const OSSL_ALGORITHM *query_operation(void *provctx, int operation_id, int *no_cache)
{
    (void)provctx;
    *no_cache = 0;
    switch (operation_id) {
    case OSSL_OP_CIPHER: return cipher_table;
    case OSSL_OP_DIGEST: return digest_table;
    case OSSL_OP_MAC: return mac_table;
    case OSSL_OP_KDF: return kdf_table;
    case OSSL_OP_RAND: return rand_table;
    default: return NULL;
    }
}

/* -------------------------------------------------------------- parameters */

#define AXP_STATS_PARAM "axiom-stats"
#define AXP_IMPL_PARAM "axiom-impl"

/* "NAME=KERNEL ..." for the main algorithms: which libaxiom kernels serve
 * this process (AXIOM_CPU_DISABLE reaches the library in the module). */
static void impl_text(char *buf, size_t size)
{
    static const char *const names[] = { "aes-128-gcm", "aes-128-ctr", "chacha20-poly1305",
                                          "sm4-ctr", "kuznyechik-ctr", "sha256" };
    size_t n = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const char *k = axiom_impl(names[i]);
        int w = snprintf(buf + n, size - n, "%s%s=%s", n ? " " : "", names[i], k ? k : "none");
        if (w < 0 || (size_t)w >= size - n)
            break;
        n += (size_t)w;
    }
}

static const OSSL_PARAM provider_gettable[] = {
    OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_NAME, NULL, 0),
    OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_VERSION, NULL, 0),
    OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_BUILDINFO, NULL, 0),
    OSSL_PARAM_int(OSSL_PROV_PARAM_STATUS, NULL),
    OSSL_PARAM_utf8_string(AXP_STATS_PARAM, NULL, 0),
    OSSL_PARAM_utf8_string(AXP_IMPL_PARAM, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM *provider_gettable_params(void *provctx)
{
    (void)provctx;
    return provider_gettable;
}

static int provider_get_params(void *provctx, OSSL_PARAM params[])
{
    OSSL_PARAM *p;
    (void)provctx;
    p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_NAME);
    if (p && !OSSL_PARAM_set_utf8_ptr(p, "libaxiom provider"))
        return 0;
    p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_VERSION);
    if (p && !OSSL_PARAM_set_utf8_ptr(p, axiom_version_string()))
        return 0;
    p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_BUILDINFO);
    if (p && !OSSL_PARAM_set_utf8_ptr(p, "libaxiom " AXIOM_VERSION_STRING))
        return 0;
    p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_STATUS);
    if (p && !OSSL_PARAM_set_int(p, 1))
        return 0;
    p = OSSL_PARAM_locate(params, AXP_IMPL_PARAM);
    if (p) {
        char t[512];
        impl_text(t, sizeof t);
        if (!OSSL_PARAM_set_utf8_string(p, t))
            return 0;
    }
    p = OSSL_PARAM_locate(params, AXP_STATS_PARAM);
    if (p) {
        char *t = stats_text();
        int ok = t && OSSL_PARAM_set_utf8_string(p, t);
        free(t);
        if (!ok)
            return 0;
    }
    return 1;
}

static const OSSL_ITEM *provider_reason_strings(void *provctx)
{
    (void)provctx;
    return axp_reasons;
}

/* ------------------------------------------------------------ life cycle */

static pthread_mutex_t live_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned live; /* provider instances in this process */

static void provider_teardown(void *provctx)
{
    AXP_PROV *prov = provctx;
    if (!prov)
        return;
    OSSL_LIB_CTX_free(prov->libctx);
    free(prov);
    pthread_mutex_lock(&live_lock);
    int last = --live == 0;
    pthread_mutex_unlock(&live_lock);
    if (last)
        stats_dump();
}

static const OSSL_DISPATCH provider_functions[] = {
    { OSSL_FUNC_PROVIDER_TEARDOWN, AXP_FN(provider_teardown) },
    { OSSL_FUNC_PROVIDER_GETTABLE_PARAMS, AXP_FN(provider_gettable_params) },
    { OSSL_FUNC_PROVIDER_GET_PARAMS, AXP_FN(provider_get_params) },
    { OSSL_FUNC_PROVIDER_QUERY_OPERATION, AXP_FN(query_operation) },
    { OSSL_FUNC_PROVIDER_GET_REASON_STRINGS, AXP_FN(provider_reason_strings) },
    { 0, NULL }
};

/* The one exported symbol (the module is built with hidden visibility). */
__attribute__((visibility("default"))) int
OSSL_provider_init(const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in,
                   const OSSL_DISPATCH **out, void **provctx);

int OSSL_provider_init(const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in,
                       const OSSL_DISPATCH **out, void **provctx)
{
    for (const OSSL_DISPATCH *d = in; d && d->function_id; d++) {
        switch (d->function_id) {
        case OSSL_FUNC_CORE_NEW_ERROR: c_new_error = OSSL_FUNC_core_new_error(d); break;
        case OSSL_FUNC_CORE_SET_ERROR_DEBUG:
            c_set_error_debug = OSSL_FUNC_core_set_error_debug(d);
            break;
        case OSSL_FUNC_CORE_VSET_ERROR: c_vset_error = OSSL_FUNC_core_vset_error(d); break;
        default: break;
        }
    }
    /* The library needs nothing from OpenSSL; pick the kernels now so
     * that the first operation does not pay for CPU detection. */
    (void)axiom_cpu_features();
    if (pthread_once(&tables_once, tables_build) != 0)
        return 0;

    AXP_PROV *prov = calloc(1, sizeof *prov);
    if (!prov)
        return 0;
    prov->handle = handle;
    /* Without it, HMAC and HKDF over digests libaxiom lacks report an
     * error instead of delegating; everything else works. */
    prov->libctx = OSSL_LIB_CTX_new_child(handle, in);
    pthread_mutex_lock(&live_lock);
    live++;
    pthread_mutex_unlock(&live_lock);
    *out = provider_functions;
    *provctx = prov;
    return 1;
}
