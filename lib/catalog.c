/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Algorithm names, sizes and kernel lists; axiom_impl(). */
#include "config.h"

#include <strings.h>

#include "catalog.h"
#include "internal.h"

/* Best first; the portable constant-time kernel last, always present. */
static const axiom_bc_kernel *const aes_kernels[] = {
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

static const axiom_cipher_desc ciphers[] = {
    AES_MODES(128),
    AES_MODES(192),
    AES_MODES(256),
    { "aes-128-xts", AXIOM_MODE_XTS, 32, 16, aes_kernels, NULL },
    { "aes-256-xts", AXIOM_MODE_XTS, 64, 16, aes_kernels, NULL },
};

const axiom_cipher_desc *axiom_catalog_cipher(const char *name)
{
    if (!name)
        return NULL;
    for (size_t i = 0; i < sizeof ciphers / sizeof ciphers[0]; i++)
        if (strcasecmp(name, ciphers[i].name) == 0)
            return &ciphers[i];
    return NULL;
}

const axiom_bc_kernel *axiom_catalog_pick_bc(const axiom_bc_kernel *const *list)
{
    uint64_t have = axiom_cpu_features();
    if (!list)
        return NULL;
    for (; *list; list++)
        if (((*list)->features & ~have) == 0)
            return *list;
    return NULL; /* unreachable: every list ends with a portable kernel */
}

/* AEAD algorithms, each defined beside its code. */
static const axiom_aead_alg *const aeads[] = {
    NULL
};

const axiom_aead_alg *axiom_catalog_aead(const char *name)
{
    if (!name)
        return NULL;
    for (size_t i = 0; aeads[i]; i++)
        if (strcasecmp(name, aeads[i]->name) == 0)
            return aeads[i];
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
    return NULL;
}
