/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Algorithm names, sizes and kernel lists; axiom_impl(). */
#include "config.h"

#include <string.h>

#include "api/catalog.h"
#include "chacha/chacha.h"
#include "gcm/ghash.h"
#include "core/internal.h"

/* Best first; the portable constant-time kernel last, always present. */
static const axiom_bc_kernel *const aes_kernels[] = {
#ifdef HAVE_ISA_VAES512
    &axiom_aes_vaes_avx512,
#endif
#ifdef HAVE_ISA_VAES
    &axiom_aes_vaes_avx2,
#endif
#ifdef HAVE_ISA_AESNI
    &axiom_aes_aesni,
#endif
    &axiom_aes_generic_ct,
    NULL
};

#define AES_MODES(bits)                                                          \
    { "aes-" #bits "-ecb", AXIOM_MODE_ECB, (bits) / 8, 0, aes_kernels, NULL },         \
    { "aes-" #bits "-cbc", AXIOM_MODE_CBC, (bits) / 8, 16, aes_kernels, NULL },        \
    { "aes-" #bits "-ctr", AXIOM_MODE_CTR, (bits) / 8, 16, aes_kernels, NULL },        \
    { "aes-" #bits "-cfb", AXIOM_MODE_CFB, (bits) / 8, 16, aes_kernels, NULL },        \
    { "aes-" #bits "-ofb", AXIOM_MODE_OFB, (bits) / 8, 16, aes_kernels, NULL }

/* Kuznyechik: constant-time kernels first.  "table" (lookup tables, NOT
 * constant time) comes after generic-ct, which needs no CPU feature, so it
 * is never picked; it stays listed for white-box tests and benchmarks. */
static const axiom_bc_kernel *const kuz_kernels[] = {
#ifdef HAVE_ISA_GFNI
    &axiom_kuz_gfni_avx512,
#endif
#if defined(HAVE_ISA_AVX2) && defined(HAVE_ISA_GFNI)
    &axiom_kuz_avx2_gfni,
#endif
#ifdef HAVE_ISA_AVX2
    &axiom_kuz_avx2,
#endif
    &axiom_kuz_generic_ct,
    &axiom_kuz_table,
    NULL
};

/* SM4: constant-time kernels first.  "generic-masked" (masked table, NOT
 * constant time, see lib/sm4/sm4.c) comes after generic-ct, which needs no
 * CPU feature, so it is never picked; it stays listed for white-box tests
 * and benchmarks. */
static const axiom_bc_kernel *const sm4_kernels[] = {
#ifdef HAVE_ISA_GFNI
    &axiom_sm4_gfni_avx512,
#endif
#if defined(HAVE_ISA_GFNI) && defined(HAVE_ISA_AVX2)
    &axiom_sm4_gfni_avx2,
#endif
#if defined(HAVE_ISA_AESNI) && defined(HAVE_ISA_VAES) && defined(HAVE_ISA_AVX2)
    &axiom_sm4_vaes_avx2,
#endif
#if defined(HAVE_ISA_AESNI) && defined(HAVE_ISA_AVX2)
    &axiom_sm4_aesni_avx2,
#endif
    &axiom_sm4_generic_ct,
    &axiom_sm4_masked,
    NULL
};

static const axiom_cipher_desc ciphers[] = {
    AES_MODES(128),
    AES_MODES(192),
    AES_MODES(256),
    { "aes-128-xts", AXIOM_MODE_XTS, 32, 16, aes_kernels, NULL },
    { "aes-256-xts", AXIOM_MODE_XTS, 64, 16, aes_kernels, NULL },
    /* CTR: a GOST R 34.13-2015 64-bit IV is passed as IV || 0^64. */
    { "kuznyechik-ecb", AXIOM_MODE_ECB, 32, 0, kuz_kernels, NULL },
    { "kuznyechik-cbc", AXIOM_MODE_CBC, 32, 16, kuz_kernels, NULL },
    { "kuznyechik-ctr", AXIOM_MODE_CTR, 32, 16, kuz_kernels, NULL },
    { "kuznyechik-cfb", AXIOM_MODE_CFB, 32, 16, kuz_kernels, NULL },
    { "kuznyechik-ofb", AXIOM_MODE_OFB, 32, 16, kuz_kernels, NULL },
    { "sm4-ecb", AXIOM_MODE_ECB, 16, 0, sm4_kernels, NULL },
    { "sm4-cbc", AXIOM_MODE_CBC, 16, 16, sm4_kernels, NULL },
    { "sm4-ctr", AXIOM_MODE_CTR, 16, 16, sm4_kernels, NULL },
    { "sm4-cfb", AXIOM_MODE_CFB, 16, 16, sm4_kernels, NULL },
    { "sm4-ofb", AXIOM_MODE_OFB, 16, 16, sm4_kernels, NULL },
    { "chacha20", AXIOM_MODE_STREAM, 32, 0, NULL, &axiom_chacha20_stream },
};

const axiom_cipher_desc *axiom_catalog_cipher(const char *name)
{
    if (!name)
        return NULL;
    for (size_t i = 0; i < sizeof ciphers / sizeof ciphers[0]; i++)
        if (axiom_name_eq(name, ciphers[i].name))
            return &ciphers[i];
    return NULL;
}

const axiom_bc_kernel *axiom_catalog_pick_bc(const axiom_bc_kernel *const *list)
{
    uint64_t have = axiom_cpu_features();
    if (!list)
        return NULL;
    for (; *list; list++)
        if (axiom_kernel_usable(have, (*list)->features, (*list)->constant_time))
            return *list;
    return NULL; /* unreachable: every list ends with a portable kernel */
}

/* SHA-224 and SHA-256 share their kernels (only the initial value and the
 * digest length differ).  Single stream, best first; the portable kernel
 * last, always present. */
static const axiom_hash_kernel *const sha256_kernels[] = {
#ifdef HAVE_ISA_SHANI
    &axiom_sha256_shani,
#endif
#ifdef HAVE_ISA_AVX2
    &axiom_sha256_avx2,
#endif
    &axiom_sha256_generic,
    NULL
};

/* Multi-lane kernels for axiom_hash_many(), widest first; may be empty. */
static const axiom_hash_kernel *const sha256_lane_kernels[] = {
#ifdef HAVE_ISA_AVX512
    &axiom_sha256_avx512_16x,
#endif
#ifdef HAVE_ISA_AVX2
    &axiom_sha256_avx2_8x,
#endif
    NULL
};

static const axiom_hash_desc hashes[] = {
    { "sha224", 28, axiom_sha224_iv, sha256_kernels, sha256_lane_kernels },
    { "sha256", 32, axiom_sha256_iv, sha256_kernels, sha256_lane_kernels },
};

/* The hash names again, lowercase and zero-padded to 16 bytes, in the order
 * of hashes[]: axiom_hash() looks its name up on every call, so the look-up
 * compares 8 bytes at a time instead of calling strcasecmp per entry. */
static const char hash_keys[][16] = { "sha224", "sha256" };
_Static_assert(sizeof hash_keys / sizeof hash_keys[0] == sizeof hashes / sizeof hashes[0],
               "one key per hash");

/* ASCII capitals among eight bytes to lowercase; every other byte (digits,
 * '-', bytes >= 0x80) unchanged.  No carry crosses a byte: each lane of
 * the sums stays below 0x100. */
static inline uint64_t lower8(uint64_t x)
{
    const uint64_t ones = UINT64_C(0x0101010101010101), high = ones * 0x80;
    uint64_t low7 = x & ~high;
    uint64_t ge_a = low7 + ones * (0x80 - 'A'); /* top bit: byte >= 'A' */
    uint64_t gt_z = low7 + ones * (0x7f - 'Z'); /* top bit: byte > 'Z' */
    return x | ((ge_a & ~gt_z & ~x & high) >> 2);
}

const axiom_hash_desc *axiom_catalog_hash(const char *name)
{
    if (!name)
        return NULL;
    uint64_t w[2] = { 0, 0 };
    size_t n = 0;
    for (; n < sizeof hash_keys[0]; n++) {
        unsigned char c = (unsigned char)name[n];
        if (!c)
            break;
        w[n / 8] |= (uint64_t)c << (8 * (n % 8));
    }
    if (n == sizeof hash_keys[0])
        return NULL; /* longer than every name (the last key byte is a NUL) */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    /* w holds byte n at bits 8n; the keys are loaded in memory order. */
    w[0] = __builtin_bswap64(w[0]);
    w[1] = __builtin_bswap64(w[1]);
#endif
    w[0] = lower8(w[0]);
    w[1] = lower8(w[1]);
    for (size_t i = 0; i < sizeof hashes / sizeof hashes[0]; i++) {
        uint64_t k[2];
        memcpy(k, hash_keys[i], sizeof k);
        if (((w[0] ^ k[0]) | (w[1] ^ k[1])) == 0)
            return &hashes[i];
    }
    return NULL;
}

const axiom_hash_kernel *axiom_catalog_pick_hash(const axiom_hash_kernel *const *list)
{
    uint64_t have = axiom_cpu_features();
    for (; *list; list++)
        if (axiom_kernel_usable(have, (*list)->features, (*list)->constant_time))
            return *list;
    return NULL;
}

/* "<hash>-many" (the suffix in any case): the descriptor of <hash>; NULL
 * when @name has no such suffix or names no hash before it. */
const axiom_hash_desc *axiom_catalog_hash_many(const char *name)
{
    static const char many[] = "-many";
    char base[16];
    size_t n = strlen(name), m = sizeof many - 1;
    if (n <= m || n - m >= sizeof base || !axiom_name_eq(name + n - m, many))
        return NULL;
    memcpy(base, name, n - m);
    base[n - m] = '\0';
    return axiom_catalog_hash(base);
}

/* axiom_impl("sha256-many"): the kernel axiom_hash_many() would use. */
static const char *hash_impl(const char *name)
{
    const axiom_hash_desc *h = axiom_catalog_hash_many(name);
    const int is_many = h != NULL;
    if (!h)
        h = axiom_catalog_hash(name);
    if (!h)
        return NULL;
    const axiom_hash_kernel *k = axiom_catalog_pick_hash(h->kernels);
    const axiom_hash_kernel *wide = is_many && k ? axiom_hash_pick_wide(h, k) : NULL;
    if (wide)
        k = wide;
    return k ? k->name : NULL;
}

/* GCM tiers (lib/gcm/ghash.h), best first; the portable one last.  The VAES
 * tiers use the AES-NI key schedule, hence the double condition. */
const axiom_gcm_kernel *const axiom_gcm_kernels[] = {
#if defined(HAVE_ISA_VAES512) && defined(HAVE_ISA_AESNI)
    &axiom_gcm_vaes_avx512,
#endif
#if defined(HAVE_ISA_VAES) && defined(HAVE_ISA_AESNI)
    &axiom_gcm_vaes_avx2,
#endif
#ifdef HAVE_ISA_AESNI
    &axiom_gcm_aesni,
    &axiom_gcm_aesni_ghash_ct,
    &axiom_gcm_aes_ct_pclmul,
#endif
    &axiom_gcm_generic_ct,
    NULL
};

/* AEAD algorithms, each defined beside its code. */
static const axiom_aead_alg *const aeads[] = {
    &axiom_aead_aes128_gcm,
    &axiom_aead_aes192_gcm,
    &axiom_aead_aes256_gcm,
    &axiom_aead_chacha20_poly1305,
    &axiom_aead_xchacha20_poly1305,
    &axiom_aead_sm4_gcm,
    NULL
};

const axiom_aead_alg *axiom_catalog_aead(const char *name)
{
    if (!name)
        return NULL;
    /* An algorithm with no usable kernel (impl() NULL: AXIOM_CT_ONLY and
     * only a non-constant-time one, e.g. sm4-gcm without SIMD) is absent. */
    for (size_t i = 0; aeads[i]; i++)
        if (axiom_name_eq(name, aeads[i]->name))
            return aeads[i]->impl() ? aeads[i] : NULL;
    return NULL;
}

AXIOM_API const char *axiom_impl(const char *name)
{
    const axiom_cipher_desc *d = axiom_catalog_cipher(name);
    if (d && d->stream)
        return d->stream->impl();
    if (d) {
        const axiom_bc_kernel *k = axiom_catalog_pick_bc(d->kernels);
        return k ? k->name : NULL;
    }
    const axiom_aead_alg *a = axiom_catalog_aead(name);
    if (a)
        return a->impl();
    if (name)
        return hash_impl(name);
    return NULL;
}
