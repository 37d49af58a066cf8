/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The AEADs fuzz_aead covers.  An input's first byte chooses one by its
 * index in fz_aeads[] (modulo the count), and its kind decides how the
 * rest of the input is read (fuzz_aead.c) and which comparisons run;
 * fuzz/seeds.c writes its seeds' first byte with fz_aead_of(), so that
 * this table can change order without the seeds going stale. */
#ifndef AXIOM_FUZZ_AEAD_TABLE_H
#define AXIOM_FUZZ_AEAD_TABLE_H

#include <stddef.h>

enum fz_aead_kind {
    FZ_CHACHAPOLY,  /* chacha20-poly1305 */
    FZ_AES_GCM,     /* AES-GCM: the input chooses the tag length and the nonce length */
    FZ_XCHACHAPOLY, /* xchacha20-poly1305 */
    FZ_AEGIS,       /* the AEGIS family: 16- or 32-byte tag */
    FZ_XAES,        /* xaes-256-gcm */
    FZ_GCM_SIV,     /* AES-GCM-SIV */
    FZ_SM4_GCM,     /* SM4-GCM: read as AES-GCM */
    FZ_MGM,         /* kuznyechik-mgm: the input chooses the tag length (4 to 16) */
    FZ_ACPKM,       /* kuznyechik-ctr-acpkm-omac: no AD */
};

static const struct fz_aead {
    const char *name;
    size_t keylen;
    enum fz_aead_kind kind;
} fz_aeads[] = {
    { "aes-128-gcm", 16, FZ_AES_GCM },
    { "aes-192-gcm", 24, FZ_AES_GCM },
    { "aes-256-gcm", 32, FZ_AES_GCM },
    { "chacha20-poly1305", 32, FZ_CHACHAPOLY },
    { "xchacha20-poly1305", 32, FZ_XCHACHAPOLY },
    { "aegis-128l", 16, FZ_AEGIS },
    { "aegis-128x2", 16, FZ_AEGIS },
    { "aegis-128x4", 16, FZ_AEGIS },
    { "aegis-256", 32, FZ_AEGIS },
    { "aegis-256x2", 32, FZ_AEGIS },
    { "aegis-256x4", 32, FZ_AEGIS },
    { "xaes-256-gcm", 32, FZ_XAES },
    { "aes-128-gcm-siv", 16, FZ_GCM_SIV },
    { "aes-256-gcm-siv", 32, FZ_GCM_SIV },
    { "sm4-gcm", 16, FZ_SM4_GCM },
    { "kuznyechik-mgm", 32, FZ_MGM },
    { "kuznyechik-ctr-acpkm-omac", 32, FZ_ACPKM },
};
#define FZ_NAEADS ((int)(sizeof fz_aeads / sizeof fz_aeads[0]))

/* Whether an input for this kind carries a tag-length choice and, unless
 * its flags ask for a 12-byte nonce, a nonce length (the GCM kinds). */
static inline int fz_aead_gcm_like(enum fz_aead_kind kind)
{
    return kind == FZ_AES_GCM || kind == FZ_SM4_GCM;
}

/* The index in fz_aeads[] of the AEAD of @kind with @keylen-byte keys
 * (the first such), -1 if there is none. */
static inline int fz_aead_of(enum fz_aead_kind kind, size_t keylen)
{
    for (int i = 0; i < FZ_NAEADS; i++)
        if (fz_aeads[i].kind == kind && fz_aeads[i].keylen == keylen)
            return i;
    return -1;
}

#endif
