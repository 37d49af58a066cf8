/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Algorithm names and sizes, the kernel list serving each, and
 * axiom_impl().  The lists themselves are the families' registry entries
 * (lib/<family>/<family>_kernels.c). */
#include "config.h"

#include <string.h>

#include "aegis/aegis.h"
#include "aes/aes.h"
#include "api/catalog.h"
#include "chacha/chacha.h"
#include "core/internal.h"
#include "kuznyechik/kuznyechik.h"
#include "sha2/hash.h"
#include "sm4/sm4.h"

#define MODES(prefix, keylen, list)                                                        \
    { prefix "-ecb", AXIOM_MODE_ECB, (keylen), 0, list, NULL },                            \
    { prefix "-cbc", AXIOM_MODE_CBC, (keylen), 16, list, NULL },                           \
    { prefix "-ctr", AXIOM_MODE_CTR, (keylen), 16, list, NULL },                           \
    { prefix "-cfb", AXIOM_MODE_CFB, (keylen), 16, list, NULL },                           \
    { prefix "-ofb", AXIOM_MODE_OFB, (keylen), 16, list, NULL }

static const axiom_cipher_desc ciphers[] = {
    MODES("aes-128", 16, axiom_aes_kernels),
    MODES("aes-192", 24, axiom_aes_kernels),
    MODES("aes-256", 32, axiom_aes_kernels),
    { "aes-128-xts", AXIOM_MODE_XTS, 32, 16, axiom_aes_kernels, NULL },
    { "aes-256-xts", AXIOM_MODE_XTS, 64, 16, axiom_aes_kernels, NULL },
    /* CTR: a GOST R 34.13-2015 64-bit IV is passed as IV || 0^64. */
    MODES("kuznyechik", 32, axiom_kuz_kernels),
    /* CTR-ACPKM (RFC 8645): the same IV convention; "-<N>" after the
     * name sets the section size (axiom_catalog_acpkm_section). */
    { "kuznyechik-ctr-acpkm", AXIOM_MODE_CTR_ACPKM, 32, 16, axiom_kuz_kernels, NULL },
    MODES("sm4", 16, axiom_sm4_kernels),
    { "chacha20", AXIOM_MODE_STREAM, 32, 0, axiom_chacha_kernels, &axiom_chacha20_stream },
};

/* Whether @name starts with @prefix (lowercase), ASCII case-insensitively. */
static int has_prefix(const char *name, const char *prefix)
{
    for (; *prefix; name++, prefix++)
        if (!axiom_name_byte_eq((unsigned char)*name, (unsigned char)*prefix))
            return 0;
    return 1;
}

#define ACPKM_NAME "kuznyechik-ctr-acpkm"
#define ACPKM_DEFAULT 4096
/* Section sizes a name may ask for: whole blocks, up to 2^30 bytes. */
#define ACPKM_MAX ((size_t)1 << 30)

/* The section size of "kuznyechik-ctr-acpkm-<N>": N in decimal, no sign
 * and no leading zero, a multiple of 16 from 16 to 2^30; 0 otherwise. */
static size_t acpkm_suffix(const char *name)
{
    if (!has_prefix(name, ACPKM_NAME "-"))
        return 0;
    const char *p = name + sizeof ACPKM_NAME;
    size_t n = 0;
    if (*p < '1' || *p > '9')
        return 0;
    for (; *p; p++) {
        if (*p < '0' || *p > '9' || n > ACPKM_MAX)
            return 0;
        n = 10 * n + (size_t)(*p - '0');
    }
    return n <= ACPKM_MAX && n % 16 == 0 ? n : 0;
}

const axiom_cipher_desc *axiom_catalog_cipher(const char *name)
{
    if (!name)
        return NULL;
    for (size_t i = 0; i < sizeof ciphers / sizeof ciphers[0]; i++)
        if (axiom_name_eq(name, ciphers[i].name))
            return &ciphers[i];
    if (acpkm_suffix(name))
        return axiom_catalog_cipher(ACPKM_NAME);
    return NULL;
}

size_t axiom_catalog_acpkm_section(const char *name)
{
    size_t n = acpkm_suffix(name);
    return n ? n : ACPKM_DEFAULT;
}

/* AEAD algorithms, each defined beside its code. */
static const axiom_aead_alg *const aeads[] = {
    &axiom_aead_aes128_gcm,
    &axiom_aead_aes192_gcm,
    &axiom_aead_aes256_gcm,
    &axiom_aead_chacha20_poly1305,
    &axiom_aead_xchacha20_poly1305,
    &axiom_aead_sm4_gcm,
    &axiom_aead_aegis128l,
    &axiom_aead_aegis128x2,
    &axiom_aead_aegis128x4,
    &axiom_aead_aegis256,
    &axiom_aead_aegis256x2,
    &axiom_aead_aegis256x4,
    &axiom_aead_aes128_gcm_siv,
    &axiom_aead_aes256_gcm_siv,
    &axiom_aead_xaes256_gcm,
    &axiom_aead_kuznyechik_mgm,
    &axiom_aead_kuznyechik_ctr_acpkm_omac,
    NULL
};

const axiom_aead_alg *axiom_catalog_aead(const char *name)
{
    if (!name)
        return NULL;
    for (size_t i = 0; aeads[i]; i++)
        if (axiom_name_eq(name, aeads[i]->name))
            return aeads[i];
    return NULL;
}

/* MAC algorithms and families, each defined beside its code. */
static const axiom_mac_alg *const macs[] = {
    &axiom_mac_hmac,
    &axiom_mac_aegis,
    &axiom_mac_aes128_cmac,
    &axiom_mac_aes192_cmac,
    &axiom_mac_aes256_cmac,
    &axiom_mac_sm4_cmac,
    &axiom_mac_kuznyechik_cmac,
    &axiom_mac_kuznyechik_omac_acpkm,
    NULL
};

const axiom_mac_alg *axiom_catalog_mac(const char *name, const void **param)
{
    *param = NULL;
    if (!name)
        return NULL;
    for (size_t i = 0; macs[i]; i++) {
        const axiom_mac_alg *m = macs[i];
        if (!m->param) {
            if (axiom_name_eq(name, m->name))
                return m;
        } else if (has_prefix(name, m->name)) {
            const void *p = m->param(name + strlen(m->name));
            if (p) {
                *param = p;
                return m;
            }
        }
    }
    return NULL;
}

const axiom_kernel *const *axiom_catalog_kernels(const char *name,
                                                 const axiom_kernel *const **second)
{
    *second = NULL;
    if (!name)
        return NULL;
    const axiom_cipher_desc *c = axiom_catalog_cipher(name);
    if (c)
        return c->kernels;
    const axiom_aead_alg *a = axiom_catalog_aead(name);
    if (a)
        return a->kernels;
    const void *param;
    const axiom_mac_alg *m = axiom_catalog_mac(name, &param);
    if (m)
        return m->kernels(param);
    const axiom_hash_desc *h = axiom_hash_find(name);
    if (h)
        return h->kernels;
    h = axiom_hash_find_many(name);
    if (h) {
        *second = h->kernels;
        return h->lane_kernels;
    }
    return NULL;
}

AXIOM_API const char *axiom_impl(const char *name)
{
    const axiom_kernel *const *single;
    const axiom_kernel *const *list = axiom_catalog_kernels(name, &single);
    if (!list)
        return NULL;
    if (single) {
        /* "<hash>-many": the lane kernel axiom_hash_many() would use, or
         * the single-stream one when no lane kernel pays. */
        const axiom_hash_kernel *k = axiom_hash_pick(single);
        const axiom_hash_kernel *wide = k ? axiom_hash_pick_wide(axiom_hash_find_many(name), k) : NULL;
        return wide ? wide->name : k ? k->name : NULL;
    }
    const axiom_kernel *k = axiom_pick(list);
    return k ? k->name : NULL;
}
