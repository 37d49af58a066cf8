/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer target for the block and stream ciphers: the public API in one
 * call, split at fuzzer-chosen points and in place must agree with each
 * other and with libgcrypt (where it has the algorithm), and every kernel
 * of the family usable here must agree with the portable one on every
 * mode operation, at fuzzer-chosen alignments. */
#include "config.h"

#include <strings.h>

#include <axiom.h>

#include "core/bc.h"
#include "api/catalog.h"
#include "fuzz_util.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAXLEN 4096
#define SLACK 64

static const char *const names[] = {
    "aes-128-ecb", "aes-128-cbc", "aes-128-ctr", "aes-128-cfb", "aes-128-ofb",
    "aes-192-ecb", "aes-192-cbc", "aes-192-ctr", "aes-192-cfb", "aes-192-ofb",
    "aes-256-ecb", "aes-256-cbc", "aes-256-ctr", "aes-256-cfb", "aes-256-ofb",
    "aes-128-xts", "aes-256-xts",
    "kuznyechik-ecb", "kuznyechik-cbc", "kuznyechik-ctr", "kuznyechik-cfb", "kuznyechik-ofb",
    "sm4-ecb", "sm4-cbc", "sm4-ctr", "sm4-cfb", "sm4-ofb",
    "chacha20",
};
#define NNAMES (sizeof names / sizeof names[0])

static uint8_t key[64], iv[16], msg[MAXLEN];
static uint8_t ref[MAXLEN], out[MAXLEN + SLACK], alt[MAXLEN + SLACK];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
#ifdef HAVE_GCRYPT
    fz_gcry_init();
#endif
    return 0;
}

#ifdef HAVE_GCRYPT
/* The same message through libgcrypt; -1 where it lacks the algorithm or
 * the IV convention differs (chacha20 with a 16-byte IV). */
static int gcry_crypt(const axiom_cipher_desc *d, int enc, size_t ivlen, uint8_t *o, size_t len)
{
    int ga = 0, mode = 0;
    const char *n = d->name;
    size_t kl = d->mode == AXIOM_MODE_XTS ? d->keylen / 2 : d->keylen;
    if (strncasecmp(n, "aes-", 4) == 0)
        ga = kl == 16 ? GCRY_CIPHER_AES128 : kl == 24 ? GCRY_CIPHER_AES192 : GCRY_CIPHER_AES256;
    else if (strncasecmp(n, "sm4-", 4) == 0)
        ga = GCRY_CIPHER_SM4;
    else if (strcasecmp(n, "chacha20") == 0 && ivlen == 12)
        ga = GCRY_CIPHER_CHACHA20;
    else
        return -1;
    switch (d->mode) {
    case AXIOM_MODE_ECB: mode = GCRY_CIPHER_MODE_ECB; break;
    case AXIOM_MODE_CBC: mode = GCRY_CIPHER_MODE_CBC; break;
    case AXIOM_MODE_CTR: mode = GCRY_CIPHER_MODE_CTR; break;
    case AXIOM_MODE_CFB: mode = GCRY_CIPHER_MODE_CFB; break;
    case AXIOM_MODE_OFB: mode = GCRY_CIPHER_MODE_OFB; break;
    case AXIOM_MODE_XTS: mode = GCRY_CIPHER_MODE_XTS; break;
    case AXIOM_MODE_STREAM: mode = GCRY_CIPHER_MODE_STREAM; break;
    default: return -1; /* CTR-ACPKM: not in libgcrypt */
    }
    gcry_cipher_hd_t h;
    if (gcry_cipher_open(&h, ga, mode, 0))
        return -1;
    int rc = gcry_cipher_setkey(h, key, d->keylen) ? -1 : 0;
    if (!rc && ivlen)
        rc = (d->mode == AXIOM_MODE_CTR ? gcry_cipher_setctr(h, iv, ivlen)
                                        : gcry_cipher_setiv(h, iv, ivlen)) ? -1 : 0;
    if (!rc)
        rc = (enc ? gcry_cipher_encrypt(h, o, len, msg, len)
                  : gcry_cipher_decrypt(h, o, len, msg, len)) ? -1 : 0;
    gcry_cipher_close(h);
    return rc;
}
#endif

/* Every usable kernel of the family against the portable one (the
 * constant-time "generic-ct" kernel, else the last in the list), on every
 * operation it has, whole blocks only. */
static void kernels(const axiom_cipher_desc *d, size_t nblocks, size_t off)
{
    static axiom_bc_ks ks0, ks1;
    const axiom_bc_kernel *base = NULL;
    for (const axiom_kernel *const *k = d->kernels; *k; k++)
        if (!base || strcmp((*k)->name, "generic-ct") == 0)
            base = axiom_bc_of(*k);
    const size_t kl = d->mode == AXIOM_MODE_XTS ? d->keylen / 2 : d->keylen;
    base->setkey(&ks0, key, kl);
    for (const axiom_kernel *const *kp = d->kernels; *kp; kp++) {
        const axiom_bc_kernel *k = axiom_bc_of(*kp);
        if (k == base || (k->features & ~axiom_cpu_features()))
            continue;
        k->setkey(&ks1, key, kl);
        const axiom_bc_blocks_fn b0[] = { base->ecb_enc, base->ecb_dec };
        const axiom_bc_blocks_fn b1[] = { k->ecb_enc, k->ecb_dec };
        for (int f = 0; f < 2; f++) {
            b0[f](&ks0, ref, msg, nblocks);
            b1[f](&ks1, out + off, msg, nblocks);
            FZ_CHECK(memcmp(ref, out + off, 16 * nblocks) == 0, "%s %s op %d, %zu blocks",
                     d->name, k->name, f, nblocks);
        }
        const axiom_bc_chain_fn c0[] = { base->cbc_enc, base->cbc_dec, base->cfb_enc, base->cfb_dec,
                                         base->ofb, base->ctr, base->xts_enc, base->xts_dec };
        const axiom_bc_chain_fn c1[] = { k->cbc_enc, k->cbc_dec, k->cfb_enc, k->cfb_dec,
                                         k->ofb, k->ctr, k->xts_enc, k->xts_dec };
        for (size_t f = 0; f < sizeof c0 / sizeof c0[0]; f++) {
            if (!c0[f] || !c1[f])
                continue;
            uint8_t iv0[16], iv1[16];
            memcpy(iv0, iv, 16);
            memcpy(iv1, iv, 16);
            c0[f](&ks0, ref, msg, nblocks, iv0);
            c1[f](&ks1, out + off, msg, nblocks, iv1);
            FZ_CHECK(memcmp(ref, out + off, 16 * nblocks) == 0, "%s %s chain op %zu, %zu blocks",
                     d->name, k->name, f, nblocks);
            FZ_CHECK(memcmp(iv0, iv1, 16) == 0, "%s %s chain op %zu: chaining value",
                     d->name, k->name, f);
            /* In place. */
            memcpy(iv1, iv, 16);
            memcpy(alt + off, msg, 16 * nblocks);
            c1[f](&ks1, alt + off, alt + off, nblocks, iv1);
            FZ_CHECK(memcmp(ref, alt + off, 16 * nblocks) == 0, "%s %s chain op %zu in place",
                     d->name, k->name, f);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_reader r = { data, size };
    const char *name = names[fz_u8(&r) % NNAMES];
    const axiom_cipher_desc *d = axiom_catalog_cipher(name);
    if (!d)
        return 0; /* not in this build (SM4 before it lands) */
    const uint8_t flags = fz_u8(&r);
    const int enc = flags & 1;
    size_t len = fz_u16(&r) % (MAXLEN + 1);
    const size_t off = fz_u8(&r) % SLACK, off2 = fz_u8(&r) % SLACK;
    size_t s1 = fz_u16(&r), s2 = fz_u16(&r);
    size_t ivlen = d->ivlen;
    if (d->stream)
        ivlen = (flags & 2) ? 16 : 12;
    /* Kuznyechik runs a few hundred times slower under the sanitizers
     * than natively (0.2 s an input); 1100 bytes still reach its 64-block
     * batch and a tail. */
    if (strncasecmp(name, "kuznyechik", 10) == 0 && len > 1100)
        len = 1100;
    if (d->mode == AXIOM_MODE_ECB || d->mode == AXIOM_MODE_CBC)
        len &= ~(size_t)15;
    if (d->mode == AXIOM_MODE_XTS && len < 16)
        len = 16;
    fz_bytes(&r, key, d->keylen);
    fz_bytes(&r, iv, ivlen);
    if (d->stream && ivlen == 16)
        iv[3] = 0; /* keep the 32-bit counter well away from its end */
    fz_bytes(&r, msg, len);

    axiom_cipher_ctx *c;
    const int dir = enc ? AXIOM_ENCRYPT : AXIOM_DECRYPT;
    FZ_CHECK(axiom_cipher_new(&c, name) == AXIOM_OK, "new %s", name);
    /* AES-XTS does not encrypt under a key whose halves are equal
     * (doc/api.md); decryption under one is allowed and runs below. */
    if (d->mode == AXIOM_MODE_XTS && enc &&
        memcmp(key, key + d->keylen / 2, d->keylen / 2) == 0) {
        FZ_CHECK(axiom_cipher_init(c, dir, key, d->keylen, iv, ivlen) == AXIOM_EINVAL,
                 "init %s encrypting under equal key halves", name);
        FZ_CHECK(axiom_cipher_update(c, ref, msg, len) == AXIOM_ESTATE,
                 "update %s after the refused init", name);
        axiom_cipher_free(c);
        return 0;
    }
    FZ_CHECK(axiom_cipher_init(c, dir, key, d->keylen, iv, ivlen) == AXIOM_OK, "init %s", name);
    FZ_CHECK(axiom_cipher_update(c, ref, msg, len) == AXIOM_OK, "update %s, %zu bytes", name, len);

    /* Split calls (whole blocks for ECB/CBC; XTS is one unit per call). */
    if (d->mode != AXIOM_MODE_XTS) {
        s1 %= len + 1;
        s2 = s1 + s2 % (len - s1 + 1);
        if (d->mode == AXIOM_MODE_ECB || d->mode == AXIOM_MODE_CBC) {
            s1 &= ~(size_t)15;
            s2 &= ~(size_t)15;
        }
        FZ_CHECK(axiom_cipher_init(c, dir, NULL, 0, iv, ivlen) == AXIOM_OK, "re-init %s", name);
        FZ_CHECK(axiom_cipher_update(c, out + off, msg, s1) == AXIOM_OK &&
                 axiom_cipher_update(c, out + off + s1, msg + s1, s2 - s1) == AXIOM_OK &&
                 axiom_cipher_update(c, out + off + s2, msg + s2, len - s2) == AXIOM_OK,
                 "split update %s", name);
        FZ_CHECK(memcmp(out + off, ref, len) == 0, "%s: splits %zu/%zu differ from one call",
                 name, s1, s2);
    }
    /* In place, at another alignment. */
    memcpy(alt + off2, msg, len);
    FZ_CHECK(axiom_cipher_init(c, dir, NULL, 0, iv, ivlen) == AXIOM_OK, "re-init %s", name);
    FZ_CHECK(axiom_cipher_update(c, alt + off2, alt + off2, len) == AXIOM_OK, "in place %s", name);
    FZ_CHECK(memcmp(alt + off2, ref, len) == 0, "%s: in place differs", name);
    axiom_cipher_free(c);

#ifdef HAVE_GCRYPT
    if (gcry_crypt(d, enc, ivlen, out, len) == 0)
        FZ_CHECK(memcmp(out, ref, len) == 0, "%s %s, %zu bytes: differs from libgcrypt", name,
                 enc ? "enc" : "dec", len);
#endif
    /* 80 blocks reach every kernel's widest batch (64) and a tail; longer
     * only slows the portable kernels down.  Block ciphers only: a stream
     * cipher's list holds its own kind of kernel (ChaCha20's are compared
     * in fuzz_aead). */
    if (d->kernels && !d->stream)
        kernels(d, len / 16 < 80 ? len / 16 : 80, off);
    return 0;
}
