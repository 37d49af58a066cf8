/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The axiom OpenSSL provider through the EVP API: every algorithm fetched
 * with "provider=axiom" against the same operation on OpenSSL's default
 * provider (gost-engine's provider for Kuznyechik when it is installed,
 * libgcrypt for SM4-GCM, AES-GCM-SIV and XAES-256-GCM), with random keys, IVs, AD, lengths and split
 * points, in place, padding on and off, tag lengths, wrong tags, context
 * copies mid-stream, OpenSSL's parameters, TLS record processing, the
 * Wycheproof vectors, errors, and the provider's operation counters. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gcrypt.h>
#include <json-c/json.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include "testutil.h"

static OSSL_PROVIDER *prov_axiom, *prov_default, *prov_gost;
static OSSL_LIB_CTX *gost_ctx; /* gost-engine's provider, when installed */

#define AX "provider=axiom"
#define DF "provider=default"

#define MAXLEN 5000

/* Load the providers (once, in main: Check's test processes inherit
 * them); 0 when the axiom provider cannot be loaded. */
static int load_providers(void)
{
    const char *dir = getenv("AXIOM_PROVIDER_DIR");
    if (dir)
        OSSL_PROVIDER_set_default_search_path(NULL, dir);
    prov_default = OSSL_PROVIDER_load(NULL, "default");
    prov_axiom = OSSL_PROVIDER_load(NULL, "axiom");
    gost_ctx = OSSL_LIB_CTX_new();
    prov_gost = gost_ctx ? OSSL_PROVIDER_load(gost_ctx, "gostprov") : NULL;
    if (!prov_default || !prov_axiom) {
        fprintf(stderr, "cannot load the providers (AXIOM_PROVIDER_DIR=%s):\n",
                dir ? dir : "unset");
        ERR_print_errors_fp(stderr);
        return 0;
    }
    ERR_clear_error();
    return 1;
}

static void setup(void)
{
    ERR_clear_error();
}

static EVP_CIPHER *cipher(const char *name, const char *props)
{
    EVP_CIPHER *c = EVP_CIPHER_fetch(NULL, name, props);
    ck_assert_msg(c != NULL, "fetch %s (%s)", name, props);
    return c;
}

/* The most recent error on the queue carries @want in its reason. */
static void expect_error(const char *want, const char *what)
{
    unsigned long e = ERR_peek_last_error();
    const char *r = e ? ERR_reason_error_string(e) : NULL;
    char buf[256];
    ERR_error_string_n(e, buf, sizeof buf);
    TU_ASSERT(r && strstr(r, want), "%s: error \"%s\" should say \"%s\"", what, buf, want);
    ERR_clear_error();
}

/* ------------------------------------------------------ block ciphers */

typedef struct {
    const char *name;
    int blockwise;      /* ECB, CBC: padding applies */
    int xts;
    int ref;            /* 0 default provider, 1 gost provider */
    int state_params;   /* compare "num" and "updated-iv" with the reference */
} block_case;

static const block_case block_cases[] = {
    { "AES-128-ECB", 1, 0, 0, 1 },  { "AES-192-ECB", 1, 0, 0, 1 },
    { "AES-256-ECB", 1, 0, 0, 1 },  { "AES-128-CBC", 1, 0, 0, 1 },
    { "AES-192-CBC", 1, 0, 0, 1 },  { "AES-256-CBC", 1, 0, 0, 1 },
    { "AES-128-CTR", 0, 0, 0, 1 },  { "AES-192-CTR", 0, 0, 0, 1 },
    { "AES-256-CTR", 0, 0, 0, 1 },  { "AES-128-CFB", 0, 0, 0, 1 },
    { "AES-192-CFB", 0, 0, 0, 1 },  { "AES-256-CFB", 0, 0, 0, 1 },
    { "AES-128-OFB", 0, 0, 0, 1 },  { "AES-192-OFB", 0, 0, 0, 1 },
    { "AES-256-OFB", 0, 0, 0, 1 },  { "AES-128-XTS", 0, 1, 0, 0 },
    { "AES-256-XTS", 0, 1, 0, 0 },  { "ChaCha20", 0, 0, 0, 0 },
    { "SM4-ECB", 1, 0, 0, 1 },      { "SM4-CBC", 1, 0, 0, 1 },
    { "SM4-CTR", 0, 0, 0, 1 },      { "SM4-CFB", 0, 0, 0, 1 },
    { "SM4-OFB", 0, 0, 0, 1 },      { "kuznyechik-ecb", 1, 0, 1, 0 },
    { "kuznyechik-cbc", 1, 0, 1, 0 }, { "kuznyechik-ctr", 0, 0, 1, 0 },
    { "kuznyechik-cfb", 0, 0, 1, 0 }, { "kuznyechik-ofb", 0, 0, 1, 0 },
};

/* One whole message through @c on the reference: one call, not in place. */
static long ref_crypt(EVP_CIPHER *c, int enc, int pad, const uint8_t *key, const uint8_t *iv,
                      const uint8_t *in, size_t len, uint8_t *out)
{
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int l1 = 0, l2 = 0;
    long r = -1;
    if (EVP_CipherInit_ex2(x, c, key, iv, enc, NULL) && EVP_CIPHER_CTX_set_padding(x, pad) &&
        EVP_CipherUpdate(x, out, &l1, in, (int)len) && EVP_CipherFinal_ex(x, out + l1, &l2))
        r = l1 + l2;
    EVP_CIPHER_CTX_free(x);
    ERR_clear_error();
    return r;
}

/* Updates at the cut points; the output of each call goes right after the
 * previous one's (in place: the input is @out itself, so the output trails
 * the input while a partial block is buffered). */
static long run_cuts(EVP_CIPHER_CTX *x, uint8_t *out, const uint8_t *in, const size_t *cuts,
                     size_t parts, int inplace, size_t from_part, size_t *outpos)
{
    for (size_t i = from_part; i < parts; i++) {
        int l = 0;
        const uint8_t *src = inplace ? out + cuts[i] : in + cuts[i];
        if (!EVP_CipherUpdate(x, out + *outpos, &l, src, (int)(cuts[i + 1] - cuts[i])))
            return -1;
        *outpos += (size_t)l;
    }
    return (long)*outpos;
}

START_TEST(test_block_ciphers)
{
    setup();
    tu_rng_reset("prov-block");
    uint8_t *p = malloc(MAXLEN + 32), *want = malloc(MAXLEN + 32), *got = malloc(MAXLEN + 32);
    uint8_t *dup = malloc(MAXLEN + 32), *refo = malloc(MAXLEN + 32);
    size_t ncases = sizeof block_cases / sizeof block_cases[0];
    for (size_t ci = 0; ci < ncases; ci++) {
        const block_case *bc = &block_cases[ci];
        if (bc->ref == 1 && !prov_gost)
            continue; /* test_kuznyechik_kat covers these without gost-engine */
        EVP_CIPHER *ours = cipher(bc->name, AX);
        EVP_CIPHER *ref = bc->ref == 1 ? EVP_CIPHER_fetch(gost_ctx, bc->name, NULL)
                                       : cipher(bc->name, DF);
        ck_assert_msg(ref != NULL, "reference %s", bc->name);
        const int kl = EVP_CIPHER_get_key_length(ours), ivl = EVP_CIPHER_get_iv_length(ours);
        TU_ASSERT(kl == EVP_CIPHER_get_key_length(ref), "%s key length", bc->name);
        TU_ASSERT(ivl == EVP_CIPHER_get_iv_length(ref), "%s IV length", bc->name);
        TU_ASSERT(EVP_CIPHER_get_block_size(ours) == EVP_CIPHER_get_block_size(ref),
                  "%s block size", bc->name);
        TU_ASSERT(EVP_CIPHER_get_mode(ours) == EVP_CIPHER_get_mode(ref), "%s mode", bc->name);
        for (int it = 0; it < 24; it++) {
            uint8_t key[64], iv[16];
            const int enc = tu_rand_range(0, 1), pad = bc->blockwise ? (int)tu_rand_range(0, 1) : 0;
            size_t len = it < 3 ? (size_t)it * 7 : tu_rand_range(0, 3) ? tu_rand_range(0, 300)
                                                                        : tu_rand_range(0, MAXLEN);
            if (bc->xts && len < 16)
                len = 16 + len;
            if (bc->blockwise && (!pad || !enc))
                len &= ~(size_t)15; /* no padding, or decrypting: whole blocks */
            tu_rand_bytes(key, sizeof key);
            tu_rand_bytes(iv, sizeof iv);
            if (bc->xts)
                key[0] ^= key[kl / 2] ^ 0x5a; /* halves differ */
            if (strcmp(bc->name, "ChaCha20") == 0)
                memset(iv, 0, 4); /* counter 0: room for any length */
            tu_rand_bytes(p, len);
            long wl = ref_crypt(ref, enc, pad, key, iv, p, len, want);
            const int dec_pad_fail = wl < 0 && bc->blockwise && !enc && pad;
            TU_ASSERT(wl >= 0 || dec_pad_fail, "%s reference failed (len %zu)", bc->name, len);

            /* Ours: random cuts (XTS: one call per data unit), maybe in place. */
            size_t cuts[9], parts = bc->xts ? 1 : tu_random_split(cuts, len, 1);
            if (bc->xts) {
                cuts[0] = 0;
                cuts[1] = len;
            }
            const int inplace = tu_rand_range(0, 1);
            const size_t dup_at = tu_rand_range(0, parts);
            EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new(), *y = NULL, *r = EVP_CIPHER_CTX_new();
            TU_ASSERT(EVP_CipherInit_ex2(x, ours, key, iv, enc, NULL), "%s init", bc->name);
            EVP_CIPHER_CTX_set_padding(x, pad);
            /* The reference in the same pieces, for the chaining state. */
            TU_ASSERT(EVP_CipherInit_ex2(r, ref, key, iv, enc, NULL), "ref init");
            EVP_CIPHER_CTX_set_padding(r, pad);
            if (inplace)
                memcpy(got, p, len);
            size_t pos = 0, rpos = 0, dpos = 0;
            long gl = 0;
            for (size_t i = 0; i < parts && gl >= 0; i++) {
                if (i == dup_at) {
                    y = EVP_CIPHER_CTX_new();
                    TU_ASSERT(EVP_CIPHER_CTX_copy(y, x), "%s copy", bc->name);
                    memcpy(dup, got, inplace ? len : pos);
                    dpos = pos;
                }
                gl = run_cuts(x, got, p, cuts, i + 1, inplace, i, &pos);
                if (bc->state_params && gl >= 0) {
                    int l = 0;
                    TU_ASSERT(EVP_CipherUpdate(r, refo + rpos, &l, p + cuts[i],
                                               (int)(cuts[i + 1] - cuts[i])), "ref update");
                    rpos += (size_t)l;
                    uint8_t a[16], b[16];
                    TU_ASSERT(EVP_CIPHER_CTX_get_num(x) == EVP_CIPHER_CTX_get_num(r),
                              "%s num %d vs %d after %zu bytes", bc->name,
                              EVP_CIPHER_CTX_get_num(x), EVP_CIPHER_CTX_get_num(r), cuts[i + 1]);
                    if (ivl) {
                        TU_ASSERT(EVP_CIPHER_CTX_get_updated_iv(x, a, (size_t)ivl) &&
                                      EVP_CIPHER_CTX_get_updated_iv(r, b, (size_t)ivl),
                                  "%s updated-iv", bc->name);
                        TU_ASSERT_MEM_EQ(a, b, (size_t)ivl, "%s updated-iv after %zu bytes (%s)",
                                         bc->name, cuts[i + 1], enc ? "enc" : "dec");
                    }
                }
            }
            int fl = 0;
            if (gl >= 0)
                gl = EVP_CipherFinal_ex(x, got + pos, &fl) ? (long)(pos + (size_t)fl) : -1;
            if (dec_pad_fail) {
                TU_ASSERT(gl < 0, "%s: bad padding accepted", bc->name);
                expect_error(len ? "bad decrypt" : "wrong final block length", "bad padding");
            } else {
                TU_ASSERT(gl == wl, "%s %s len %zu pad %d: %ld bytes, want %ld", bc->name,
                          enc ? "enc" : "dec", len, pad, gl, wl);
                TU_ASSERT_MEM_EQ(got, want, (size_t)wl, "%s %s len %zu pad %d inplace %d",
                                 bc->name, enc ? "enc" : "dec", len, pad, inplace);
            }
            if (y) {
                /* The copy finishes the message on its own. */
                long dl = run_cuts(y, dup, p, cuts, parts, inplace, dup_at, &dpos);
                int l = 0;
                if (dl >= 0)
                    dl = EVP_CipherFinal_ex(y, dup + dpos, &l) ? (long)(dpos + (size_t)l) : -1;
                if (!dec_pad_fail) {
                    TU_ASSERT(dl == wl, "%s copy at part %zu: %ld bytes", bc->name, dup_at, dl);
                    TU_ASSERT_MEM_EQ(dup, want, (size_t)wl, "%s copy at part %zu", bc->name,
                                     dup_at);
                }
            }
            EVP_CIPHER_CTX_free(x);
            EVP_CIPHER_CTX_free(y);
            EVP_CIPHER_CTX_free(r);
            ERR_clear_error();
        }
        EVP_CIPHER_free(ours);
        EVP_CIPHER_free(ref);
    }
    free(p); free(want); free(got); free(dup); free(refo);
}
END_TEST

/* A context re-initialised with only a new IV (or nothing) goes on like
 * OpenSSL's: CBC/CFB/OFB restart from the IV, CTR continues. */
START_TEST(test_block_reinit)
{
    setup();
    tu_rng_reset("prov-reinit");
    static const char *const names[] = { "AES-128-CBC", "AES-128-CFB", "AES-128-OFB",
                                         "AES-128-CTR", "SM4-CTR", "AES-256-XTS" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        EVP_CIPHER *ours = cipher(names[i], AX), *ref = cipher(names[i], DF);
        uint8_t key[64], iv[16], iv2[16], m[100], a[200], b[200];
        tu_rand_bytes(key, sizeof key);
        key[0] = (uint8_t)~key[32];
        tu_rand_bytes(iv, 16);
        tu_rand_bytes(iv2, 16);
        tu_rand_bytes(m, sizeof m);
        EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new(), *r = EVP_CIPHER_CTX_new();
        EVP_CIPHER_CTX *ctxs[2] = { x, r };
        uint8_t *outs[2] = { a, b };
        for (int k = 0; k < 2; k++) {
            int l, n = 0;
            EVP_CIPHER_CTX *c = ctxs[k];
            TU_ASSERT(EVP_EncryptInit_ex2(c, k ? ref : ours, key, iv, NULL), "init");
            EVP_CIPHER_CTX_set_padding(c, 0);
            TU_ASSERT(EVP_EncryptUpdate(c, outs[k], &l, m, 48), "update 1");
            n += l;
            TU_ASSERT(EVP_EncryptInit_ex2(c, NULL, NULL, NULL, NULL), "re-init without IV");
            TU_ASSERT(EVP_EncryptUpdate(c, outs[k] + n, &l, m, 32), "update 2");
            n += l;
            TU_ASSERT(EVP_EncryptInit_ex2(c, NULL, NULL, iv2, NULL), "new IV");
            TU_ASSERT(EVP_EncryptUpdate(c, outs[k] + n, &l, m, 64), "update 3");
            n += l;
            TU_ASSERT(n == 144, "%s output %d", names[i], n);
        }
        TU_ASSERT_MEM_EQ(a, b, 144, "%s re-initialised", names[i]);
        EVP_CIPHER_CTX_free(x);
        EVP_CIPHER_CTX_free(r);
        EVP_CIPHER_free(ours);
        EVP_CIPHER_free(ref);
    }
}
END_TEST

/* Kuznyechik known answers (RFC 7801 and the vectors in
 * tests/vectors/kuznyechik.vec) through EVP, with or without gost-engine;
 * and, without it, the modes against a reference built here on ECB. */
START_TEST(test_kuznyechik_kat)
{
    setup();
    char *path = tu_vector_path("kuznyechik.vec");
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "open %s", path);
    free(path);
    EVP_CIPHER *ecb = cipher("kuznyechik-ecb", AX);
    char line[512];
    uint8_t key[32], in[16], out[16], got[16];
    int have = 0, n = 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "Key = ", 6) == 0) {
            TU_ASSERT(tu_hex_decode(key, 32, line + 6) == 32, "key");
            have = 1;
        } else if (strncmp(line, "In = ", 5) == 0) {
            TU_ASSERT(tu_hex_decode(in, 16, line + 5) == 16, "in");
        } else if (strncmp(line, "Out = ", 6) == 0 && have) {
            TU_ASSERT(tu_hex_decode(out, 16, line + 6) == 16, "out");
            for (int enc = 0; enc < 2; enc++) {
                EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
                int l = 0;
                TU_ASSERT(EVP_CipherInit_ex2(x, ecb, key, NULL, enc, NULL), "init");
                EVP_CIPHER_CTX_set_padding(x, 0);
                TU_ASSERT(EVP_CipherUpdate(x, got, &l, enc ? in : out, 16) && l == 16, "update");
                TU_ASSERT_MEM_EQ(got, enc ? out : in, 16, "kuznyechik-ecb vector %d", n);
                EVP_CIPHER_CTX_free(x);
            }
            n++;
        }
    }
    fclose(f);
    TU_ASSERT(n >= 60, "only %d vectors", n);

    /* CBC, CTR (IV || 0^64, 128-bit counter), CFB and OFB from single ECB
     * blocks, against the provider's modes in random pieces. */
    tu_rng_reset("kuz-modes");
    static const char *const modes[] = { "kuznyechik-cbc", "kuznyechik-ctr", "kuznyechik-cfb",
                                         "kuznyechik-ofb" };
    uint8_t m[1000], c1[1000], c2[1000], reg[16], ks[16];
    for (int mi = 0; mi < 4; mi++) {
        EVP_CIPHER *mc = cipher(modes[mi], AX);
        for (int it = 0; it < 6; it++) {
            size_t len = tu_rand_range(0, sizeof m);
            if (mi == 0)
                len &= ~(size_t)15;
            uint8_t iv[16];
            tu_rand_bytes(key, 32);
            tu_rand_bytes(iv, 16);
            tu_rand_bytes(m, len);
            if (mi == 1)
                memset(iv + 8, 0, 8);
            memcpy(reg, iv, 16);
            EVP_CIPHER_CTX *e = EVP_CIPHER_CTX_new();
            int l = 0;
            TU_ASSERT(EVP_EncryptInit_ex2(e, ecb, key, NULL, NULL), "ecb init");
            EVP_CIPHER_CTX_set_padding(e, 0);
            for (size_t off = 0; off < len; off += 16) {
                size_t nb = len - off < 16 ? len - off : 16;
                if (mi == 0) { /* CBC */
                    uint8_t t[16];
                    for (int k = 0; k < 16; k++)
                        t[k] = m[off + k] ^ reg[k];
                    EVP_EncryptUpdate(e, reg, &l, t, 16);
                    memcpy(c1 + off, reg, 16);
                    continue;
                }
                EVP_EncryptUpdate(e, ks, &l, reg, 16);
                for (size_t k = 0; k < nb; k++)
                    c1[off + k] = m[off + k] ^ ks[k];
                if (mi == 1)
                    tu_be128_add(reg, 1);
                else if (mi == 2)
                    memcpy(reg, c1 + off, nb);
                else
                    memcpy(reg, ks, 16);
            }
            EVP_CIPHER_CTX_free(e);
            size_t cuts[9], parts = tu_random_split(cuts, len, 1), pos = 0;
            EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
            TU_ASSERT(EVP_EncryptInit_ex2(x, mc, key, iv, NULL), "%s init", modes[mi]);
            EVP_CIPHER_CTX_set_padding(x, 0);
            TU_ASSERT(run_cuts(x, c2, m, cuts, parts, 0, 0, &pos) == (long)len, "update");
            TU_ASSERT(EVP_EncryptFinal_ex(x, c2 + pos, &l), "final");
            TU_ASSERT_MEM_EQ(c2, c1, len, "%s against ECB, len %zu", modes[mi], len);
            EVP_CIPHER_CTX_free(x);
        }
        EVP_CIPHER_free(mc);
    }
    EVP_CIPHER_free(ecb);
}
END_TEST

/* ------------------------------------------------------------------ AEAD */

/* SM4-GCM on libgcrypt (OpenSSL 3.0's default provider has none). */
static int gcry_sm4_gcm(int enc, const uint8_t *key, const uint8_t *iv, size_t ivl,
                        const uint8_t *ad, size_t adl, const uint8_t *in, size_t len, uint8_t *out,
                        uint8_t *tag, size_t tl)
{
    gcry_cipher_hd_t h;
    int ok = gcry_cipher_open(&h, GCRY_CIPHER_SM4, GCRY_CIPHER_MODE_GCM, 0) == 0;
    ok = ok && gcry_cipher_setkey(h, key, 16) == 0 && gcry_cipher_setiv(h, iv, ivl) == 0 &&
         gcry_cipher_authenticate(h, ad, adl) == 0;
    if (ok && len)
        ok = (enc ? gcry_cipher_encrypt(h, out, len, in, len)
                  : gcry_cipher_decrypt(h, out, len, in, len)) == 0;
    if (ok)
        ok = enc ? gcry_cipher_gettag(h, tag, tl) == 0 : gcry_cipher_checktag(h, tag, tl) == 0;
    gcry_cipher_close(h);
    return ok;
}

typedef struct {
    const char *name;
    int gcm;
    int gcrypt_ref;
} aead_case;

static const aead_case aead_cases[] = {
    { "AES-128-GCM", 1, 0 }, { "AES-192-GCM", 1, 0 }, { "AES-256-GCM", 1, 0 },
    { "SM4-GCM", 1, 1 },     { "ChaCha20-Poly1305", 0, 0 },
};

/* One AEAD message on an EVP context: IV length, AD and text in the given
 * pieces; encrypting writes the tag of length @tl, decrypting checks it.
 * Returns 1, or 0 when any call (the final tag check) failed.  @copy_at
 * (a text piece, or -1): copy the context there and finish the copy too,
 * into @dupout (its tag must match). */
static int evp_aead(EVP_CIPHER *c, int enc, const uint8_t *key, const uint8_t *iv, size_t ivl,
                    const uint8_t *ad, size_t adl, const uint8_t *in, size_t len, uint8_t *out,
                    uint8_t *tag, size_t tl, int inplace, int copy_at, uint8_t *dupout)
{
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new(), *y = NULL;
    int ok = EVP_CipherInit_ex2(x, c, NULL, NULL, enc, NULL);
    int l;
    if (ok && ivl != 12)
        ok = EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, (int)ivl, NULL) > 0;
    ok = ok && EVP_CipherInit_ex2(x, NULL, key, iv, enc, NULL);
    if (ok && !enc)
        ok = EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, (int)tl, tag) > 0;
    size_t acuts[9], aparts = tu_random_split(acuts, adl, 1);
    for (size_t i = 0; ok && i < aparts; i++)
        ok = EVP_CipherUpdate(x, NULL, &l, ad + acuts[i], (int)(acuts[i + 1] - acuts[i])) &&
             l == (int)(acuts[i + 1] - acuts[i]);
    size_t cuts[9], parts = tu_random_split(cuts, len, 1);
    if (copy_at >= (int)parts)
        copy_at = (int)parts - 1;
    if (inplace)
        memcpy(out, in, len);
    for (size_t i = 0; ok && i < parts; i++) {
        if ((int)i == copy_at) {
            y = EVP_CIPHER_CTX_new();
            ok = EVP_CIPHER_CTX_copy(y, x);
            memcpy(dupout, out, len);
            for (size_t j = i; ok && j < parts; j++)
                ok = EVP_CipherUpdate(y, dupout + cuts[j], &l,
                                      (inplace ? dupout : in) + cuts[j],
                                      (int)(cuts[j + 1] - cuts[j]));
        }
        ok = ok && EVP_CipherUpdate(x, out + cuts[i], &l, (inplace ? out : in) + cuts[i],
                                    (int)(cuts[i + 1] - cuts[i])) &&
             l == (int)(cuts[i + 1] - cuts[i]);
    }
    ok = ok && EVP_CipherFinal_ex(x, out + len, &l) && l == 0;
    if (ok && y)
        ok = EVP_CipherFinal_ex(y, dupout + len, &l);
    if (ok && enc) {
        uint8_t t2[16];
        ok = EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, (int)tl, tag) > 0;
        if (ok && y)
            ok = EVP_CIPHER_CTX_ctrl(y, EVP_CTRL_AEAD_GET_TAG, (int)tl, t2) > 0 &&
                 memcmp(t2, tag, tl) == 0;
    }
    EVP_CIPHER_CTX_free(x);
    EVP_CIPHER_CTX_free(y);
    return ok;
}

START_TEST(test_aead)
{
    setup();
    tu_rng_reset("prov-aead");
    uint8_t *p = malloc(MAXLEN), *want = malloc(MAXLEN + 16), *got = malloc(MAXLEN + 16);
    uint8_t *dup = malloc(MAXLEN + 16), *ad = malloc(600);
    for (size_t ci = 0; ci < sizeof aead_cases / sizeof aead_cases[0]; ci++) {
        const aead_case *ac = &aead_cases[ci];
        EVP_CIPHER *ours = cipher(ac->name, AX);
        EVP_CIPHER *ref = ac->gcrypt_ref ? NULL : cipher(ac->name, DF);
        const size_t kl = (size_t)EVP_CIPHER_get_key_length(ours);
        TU_ASSERT(EVP_CIPHER_get_iv_length(ours) == 12, "%s IV length", ac->name);
        TU_ASSERT((EVP_CIPHER_get_flags(ours) & EVP_CIPH_FLAG_AEAD_CIPHER) != 0, "AEAD flag");
        if (ref) {
            TU_ASSERT(EVP_CIPHER_get_mode(ours) == EVP_CIPHER_get_mode(ref), "%s mode", ac->name);
            TU_ASSERT(EVP_CIPHER_get_flags(ours) == EVP_CIPHER_get_flags(ref), "%s flags %lx %lx",
                      ac->name, EVP_CIPHER_get_flags(ours), EVP_CIPHER_get_flags(ref));
        }
        for (int it = 0; it < 40; it++) {
            uint8_t key[32], iv[300], tag[16], rtag[16];
            size_t ivl = !ac->gcm || tu_rand_range(0, 2) ? 12 : tu_rand_range(1, 80);
            if (ac->gcm && it == 5)
                ivl = 257; /* past OpenSSL's own 128-byte limit */
            const size_t adl = tu_rand_range(0, 3) ? tu_rand_range(0, 40) : tu_rand_range(0, 600);
            const size_t len = it < 4 ? (size_t)it : tu_rand_range(0, 2) ? tu_rand_range(0, 300)
                                                                         : tu_rand_range(0, MAXLEN);
            size_t tl = 16;
            if (ac->gcm && it % 3 == 1)
                tl = (size_t[]){ 4, 8, 12, 13, 14, 15 }[tu_rand_range(0, 5)];
            tu_rand_bytes(key, kl);
            tu_rand_bytes(iv, ivl);
            tu_rand_bytes(ad, adl);
            tu_rand_bytes(p, len);
            /* Reference encryption: OpenSSL's default provider; libgcrypt
             * for SM4-GCM and for IVs longer than OpenSSL's 128 bytes. */
            if (ac->gcrypt_ref) {
                TU_ASSERT(gcry_sm4_gcm(1, key, iv, ivl, ad, adl, p, len, want, rtag, tl),
                          "libgcrypt SM4-GCM");
            } else if (ivl <= 128) {
                TU_ASSERT(evp_aead(ref, 1, key, iv, ivl, ad, adl, p, len, want, rtag, tl, 0, -1,
                                   NULL), "%s reference", ac->name);
            } else {
                gcry_cipher_hd_t h;
                int algo = kl == 16 ? GCRY_CIPHER_AES128 : kl == 24 ? GCRY_CIPHER_AES192
                                                                    : GCRY_CIPHER_AES256;
                TU_ASSERT(gcry_cipher_open(&h, algo, GCRY_CIPHER_MODE_GCM, 0) == 0, "gcry open");
                gcry_cipher_setkey(h, key, kl);
                gcry_cipher_setiv(h, iv, ivl);
                gcry_cipher_authenticate(h, ad, adl);
                if (len)
                    gcry_cipher_encrypt(h, want, len, p, len);
                gcry_cipher_gettag(h, rtag, tl);
                gcry_cipher_close(h);
            }
            const int inplace = tu_rand_range(0, 1);
            const int copy_at = (int)tu_rand_range(0, 3) - 1;
            TU_ASSERT(evp_aead(ours, 1, key, iv, ivl, ad, adl, p, len, got, tag, tl, inplace,
                               copy_at, dup), "%s seal", ac->name);
            TU_ASSERT_MEM_EQ(got, want, len, "%s ciphertext len %zu adl %zu ivl %zu", ac->name,
                             len, adl, ivl);
            TU_ASSERT_MEM_EQ(tag, rtag, tl, "%s tag (%zu bytes)", ac->name, tl);
            if (copy_at >= 0)
                TU_ASSERT_MEM_EQ(dup, want, len, "%s copy's ciphertext", ac->name);
            /* Open: right tag, then a wrong one (the final fails). */
            TU_ASSERT(evp_aead(ours, 0, key, iv, ivl, ad, adl, want, len, got, tag, tl, inplace,
                               copy_at, dup), "%s open", ac->name);
            TU_ASSERT_MEM_EQ(got, p, len, "%s plaintext", ac->name);
            tag[tu_rand_range(0, tl - 1)] ^= 0x10;
            TU_ASSERT(!evp_aead(ours, 0, key, iv, ivl, ad, adl, want, len, got, tag, tl, 0, -1,
                                NULL), "%s: wrong tag accepted", ac->name);
            expect_error("authentication failed", "wrong tag");
        }
        EVP_CIPHER_free(ours);
        EVP_CIPHER_free(ref);
    }
    free(p); free(want); free(got); free(dup); free(ad);
}
END_TEST

/* ------------------------------------------------ whole-message AEADs */

/* AES-GCM-SIV (libgcrypt's, as OpenSSL 3.0 has none) and XAES-256-GCM
 * (libgcrypt's AES-256 and AES-256-GCM composed from the C2SP steps) as
 * references. */
static void gcry_whole_seal(const char *name, const uint8_t *key, const uint8_t *nonce,
                            const uint8_t *ad, size_t adl, const uint8_t *p, size_t len,
                            uint8_t *c, uint8_t tag[16])
{
    gcry_cipher_hd_t h;
    uint8_t kx[32];
    const uint8_t *gkey = key, *giv = nonce;
    int algo = GCRY_CIPHER_AES256, mode = GCRY_CIPHER_MODE_GCM_SIV;
    if (strcmp(name, "AES-128-GCM-SIV") == 0) {
        algo = GCRY_CIPHER_AES128;
    } else if (strcmp(name, "XAES-256-GCM") == 0) {
        uint8_t l[16] = { 0 }, k1[16], m[32];
        TU_ASSERT(gcry_cipher_open(&h, GCRY_CIPHER_AES256, GCRY_CIPHER_MODE_ECB, 0) == 0, "ecb");
        gcry_cipher_setkey(h, key, 32);
        gcry_cipher_encrypt(h, l, 16, NULL, 0);
        for (int i = 0; i < 16; i++)
            k1[i] = (uint8_t)(l[i] << 1 | (i < 15 ? l[i + 1] >> 7 : 0));
        k1[15] ^= (uint8_t)(l[0] & 0x80 ? 0x87 : 0);
        for (int b = 0; b < 2; b++) {
            const uint8_t head[4] = { 0, (uint8_t)(b + 1), 'X', 0 };
            memcpy(m + 16 * b, head, 4);
            memcpy(m + 16 * b + 4, nonce, 12);
            for (int i = 0; i < 16; i++)
                m[16 * b + i] ^= k1[i];
        }
        gcry_cipher_encrypt(h, kx, 32, m, 32);
        gcry_cipher_close(h);
        gkey = kx;
        giv = nonce + 12;
        mode = GCRY_CIPHER_MODE_GCM;
    }
    TU_ASSERT(gcry_cipher_open(&h, algo, mode, 0) == 0, "gcry open %s", name);
    TU_ASSERT(gcry_cipher_setkey(h, gkey, algo == GCRY_CIPHER_AES128 ? 16 : 32) == 0 &&
              gcry_cipher_setiv(h, giv, 12) == 0 && gcry_cipher_authenticate(h, ad, adl) == 0,
              "gcry setup %s", name);
    if (mode == GCRY_CIPHER_MODE_GCM)
        gcry_cipher_final(h);
    TU_ASSERT(gcry_cipher_encrypt(h, c, len ? len : 1, p, len) == 0 &&
              gcry_cipher_gettag(h, tag, 16) == 0, "gcry %s", name);
    gcry_cipher_close(h);
}

/* One message through EVP: the AD in @adparts updates, the text in one
 * update (none when @len is 0 and @skip_empty), then final; opening sets
 * @tag first.  Returns final's result (and 0 when the text update fails). */
static int whole_evp(EVP_CIPHER *c, int enc, const uint8_t *key, const uint8_t *nonce,
                     const uint8_t *ad, size_t adl, int adparts, const uint8_t *in, size_t len,
                     uint8_t *out, uint8_t tag[16], int skip_empty)
{
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int l = 0, ok = EVP_CipherInit_ex2(x, c, key, nonce, enc, NULL);
    if (ok && !enc)
        ok = EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 16, tag) > 0;
    for (int i = 0; ok && i < adparts; i++) {
        const size_t a = adl * (size_t)i / (size_t)adparts, b = adl * (size_t)(i + 1) / (size_t)adparts;
        ok = EVP_CipherUpdate(x, NULL, &l, ad + a, (int)(b - a));
    }
    if (ok && !(len == 0 && skip_empty))
        ok = EVP_CipherUpdate(x, out, &l, in, (int)len) && (size_t)l == len;
    if (ok)
        ok = EVP_CipherFinal_ex(x, out + len, &l) && l == 0;
    if (ok && enc)
        ok = EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, tag) > 0;
    EVP_CIPHER_CTX_free(x);
    return ok;
}

START_TEST(test_aead_whole)
{
    setup();
    tu_rng_reset("prov-aead-whole");
    static const char *const names[] = { "AES-128-GCM-SIV", "AES-256-GCM-SIV", "XAES-256-GCM" };
    uint8_t *p = malloc(MAXLEN), *want = malloc(MAXLEN), *got = malloc(MAXLEN), *ad = malloc(600);
    TU_ASSERT(p && want && got && ad, "malloc");
    for (size_t ni = 0; ni < 3; ni++) {
        const char *name = names[ni];
        EVP_CIPHER *ours = cipher(name, AX);
        const size_t kl = ni == 0 ? 16 : 32, nl = ni == 2 ? 24 : 12;
        TU_ASSERT((size_t)EVP_CIPHER_get_key_length(ours) == kl, "%s key length", name);
        TU_ASSERT((size_t)EVP_CIPHER_get_iv_length(ours) == nl, "%s nonce length", name);
        TU_ASSERT((EVP_CIPHER_get_flags(ours) & EVP_CIPH_FLAG_AEAD_CIPHER) != 0, "AEAD flag");
        TU_ASSERT(EVP_CIPHER_get_mode(ours) == (ni < 2 ? 0x10005 : 0), "%s mode", name);
        /* OpenSSL 3.0's default provider lacks these: a fetch by name
         * alone finds ours. */
        EVP_CIPHER *any = EVP_CIPHER_fetch(NULL, name, NULL);
        TU_ASSERT(any != NULL, "fetch %s without properties", name);
        EVP_CIPHER_free(any);
        ERR_clear_error();
        for (int it = 0; it < 60; it++) {
            uint8_t key[32], nonce[24], tag[16], rtag[16];
            const size_t adl = it % 5 == 0 ? 0 : tu_rand_range(0, 3) ? tu_rand_range(0, 40)
                                                                     : tu_rand_range(0, 600);
            const size_t len = it < 3 ? (size_t)it * 7 : tu_rand_range(0, 2) ? tu_rand_range(0, 300)
                                                                             : tu_rand_range(0, MAXLEN);
            const int adparts = (int)tu_rand_range(1, 3);
            tu_rand_bytes(key, kl);
            tu_rand_bytes(nonce, nl);
            tu_rand_bytes(ad, adl);
            tu_rand_bytes(p, len);
            gcry_whole_seal(name, key, nonce, ad, adl, p, len, want, rtag);
            TU_ASSERT(whole_evp(ours, 1, key, nonce, ad, adl, adparts, p, len, got, tag, it == 0),
                      "%s seal len %zu adl %zu", name, len, adl);
            TU_ASSERT_MEM_EQ(got, want, len, "%s ciphertext len %zu adl %zu", name, len, adl);
            TU_ASSERT_MEM_EQ(tag, rtag, 16, "%s tag len %zu adl %zu", name, len, adl);
            TU_ASSERT(whole_evp(ours, 0, key, nonce, ad, adl, adparts, want, len, got, tag, it == 0),
                      "%s open len %zu", name, len);
            TU_ASSERT_MEM_EQ(got, p, len, "%s plaintext len %zu", name, len);
            /* A wrong tag: the text update fails, its output is zeros. */
            tag[tu_rand_range(0, 15)] ^= 0x04;
            memset(got, 0x77, len);
            TU_ASSERT(!whole_evp(ours, 0, key, nonce, ad, adl, adparts, want, len, got, tag, 0),
                      "%s: wrong tag accepted", name);
            expect_error("authentication failed", "wrong tag");
            for (size_t i = 0; i < len; i++)
                TU_ASSERT(got[i] == 0, "%s: byte %zu of a forgery released", name, i);
        }
        /* The whole text in one update: a second one is refused, and so is
         * AD after the text; a tag longer or shorter than 16 bytes too. */
        EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
        uint8_t key[32] = { 1 }, nonce[24] = { 2 }, tag[16];
        int l;
        TU_ASSERT(EVP_EncryptInit_ex2(x, ours, key, nonce, NULL), "init");
        TU_ASSERT(EVP_EncryptUpdate(x, got, &l, p, 10), "first text update");
        TU_ASSERT(!EVP_EncryptUpdate(x, got + 10, &l, p + 10, 10), "second text update accepted");
        expect_error("out of order", "second update");
        TU_ASSERT(!EVP_EncryptUpdate(x, NULL, &l, ad, 3), "AD after the text accepted");
        ERR_clear_error();
        TU_ASSERT(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, tag) > 0, "tag");
        TU_ASSERT(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 12, tag) <= 0, "12-byte tag");
        ERR_clear_error();
        TU_ASSERT(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, (int)nl + 1, NULL) <= 0,
                  "%s: other IV length", name);
        ERR_clear_error();
        TU_ASSERT(EVP_DecryptInit_ex2(x, ours, key, nonce, NULL), "dec init");
        TU_ASSERT(!EVP_DecryptUpdate(x, got, &l, p, 10), "open without a tag");
        expect_error("tag", "open without a tag");
        TU_ASSERT(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 8, tag) <= 0, "8-byte tag set");
        ERR_clear_error();
        EVP_CIPHER_CTX_free(x);
        EVP_CIPHER_free(ours);
    }
    /* Known answers: RFC 8452 C.1 and C.2, c2sp.org/XAES-256-GCM. */
    static const struct {
        const char *name, *key, *nonce, *ad, *p, *c, *t;
    } kat[] = {
        { "AES-128-GCM-SIV", "01000000000000000000000000000000", "030000000000000000000000", "",
          "0100000000000000", "b5d839330ac7b786", "578782fff6013b815b287c22493a364c" },
        { "AES-256-GCM-SIV", "0100000000000000000000000000000000000000000000000000000000000000",
          "030000000000000000000000", "", "", "", "07f5f4169bbf55a8400cd47ea6fd400f" },
        { "XAES-256-GCM", "0303030303030303030303030303030303030303030303030303030303030303",
          "4142434445464748494a4b4c4d4e4f505152535455565758",
          "633273702e6f72672f584145532d3235362d47434d", "584145532d3235362d47434d",
          "986ec1832593df5443a17943", "7fd083bf3fdb41abd740a21f71eb769d" },
    };
    for (size_t i = 0; i < sizeof kat / sizeof kat[0]; i++) {
        size_t kl, nl, al, pl, cl, tl;
        uint8_t *k = tu_hex_alloc(kat[i].key, &kl), *n = tu_hex_alloc(kat[i].nonce, &nl);
        uint8_t *a = tu_hex_alloc(kat[i].ad, &al), *pt = tu_hex_alloc(kat[i].p, &pl);
        uint8_t *ct = tu_hex_alloc(kat[i].c, &cl), *t = tu_hex_alloc(kat[i].t, &tl);
        uint8_t tag[16], out[64];
        EVP_CIPHER *c = cipher(kat[i].name, AX);
        TU_ASSERT(whole_evp(c, 1, k, n, a, al, 1, pt, pl, out, tag, 0), "%s KAT", kat[i].name);
        TU_ASSERT_MEM_EQ(out, ct, cl, "%s KAT ciphertext", kat[i].name);
        TU_ASSERT_MEM_EQ(tag, t, 16, "%s KAT tag", kat[i].name);
        EVP_CIPHER_free(c);
        free(k); free(n); free(a); free(pt); free(ct); free(t);
    }
    free(p); free(want); free(got); free(ad);
}
END_TEST

/* The AEAD rules OpenSSL's own implementations follow. */
START_TEST(test_aead_rules)
{
    setup();
    uint8_t key[32] = { 1 }, iv[12] = { 2 }, buf[64] = { 0 }, tag[16];
    int l;
    EVP_CIPHER *gcm = cipher("AES-256-GCM", AX), *cp = cipher("ChaCha20-Poly1305", AX);

    /* GCM encryption without an IV gets a random 12-byte one. */
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    uint8_t g1[12], g2[12];
    TU_ASSERT(EVP_EncryptInit_ex2(x, gcm, key, NULL, NULL), "init without IV");
    TU_ASSERT(EVP_CIPHER_CTX_get_updated_iv(x, g1, 12), "IV made on demand");
    TU_ASSERT(EVP_EncryptUpdate(x, buf, &l, buf, 16) && EVP_EncryptFinal_ex(x, buf, &l), "enc");
    TU_ASSERT(EVP_CIPHER_CTX_get_original_iv(x, g2, 12) && !memcmp(g1, g2, 12), "same IV kept");
    /* The IV of a finished message is not reused. */
    TU_ASSERT(!EVP_EncryptUpdate(x, buf, &l, buf, 16), "update after final without a new IV");
    expect_error("out of order", "IV reuse");
    /* Tag queries. */
    TU_ASSERT(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 7, tag) > 0, "7-byte tag prefix");
    TU_ASSERT(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 17, tag) <= 0, "17-byte tag");
    ERR_clear_error();
    EVP_CIPHER_CTX_free(x);

    /* A key set again mid-message, the same one (whose schedule the
     * provider keeps) and then another, with a new IV each time: each
     * message as on the default provider. */
    {
        EVP_CIPHER *names[2] = { gcm, cp };
        const char *dnames[2] = { "AES-256-GCM", "ChaCha20-Poly1305" };
        for (int a = 0; a < 2; a++) {
            EVP_CIPHER *ref = cipher(dnames[a], DF);
            uint8_t k2[32], iv2[12], m[40], want[40], got[40], wt[16], gt[16];
            memcpy(k2, key, 32);
            k2[31] ^= 0x80;
            for (size_t i = 0; i < sizeof m; i++)
                m[i] = (uint8_t)(i * 7 + a);
            x = EVP_CIPHER_CTX_new();
            EVP_CIPHER_CTX *r = EVP_CIPHER_CTX_new();
            TU_ASSERT(EVP_EncryptInit_ex2(x, names[a], key, iv, NULL), "init");
            TU_ASSERT(EVP_EncryptUpdate(x, got, &l, m, 17), "half a message");
            for (int round = 0; round < 3; round++) {
                const uint8_t *k = round == 2 ? k2 : key;
                memcpy(iv2, iv, 12);
                iv2[11] ^= (uint8_t)(round + 1);
                TU_ASSERT(EVP_EncryptInit_ex2(x, NULL, k, iv2, NULL), "key again, round %d", round);
                TU_ASSERT(EVP_EncryptUpdate(x, NULL, &l, m, 9), "AD");
                TU_ASSERT(EVP_EncryptUpdate(x, got, &l, m, sizeof m) && l == (int)sizeof m, "text");
                TU_ASSERT(EVP_EncryptFinal_ex(x, got, &l), "final");
                TU_ASSERT(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, gt) > 0, "tag");
                TU_ASSERT(EVP_EncryptInit_ex2(r, ref, k, iv2, NULL) &&
                              EVP_EncryptUpdate(r, NULL, &l, m, 9) &&
                              EVP_EncryptUpdate(r, want, &l, m, sizeof m) &&
                              EVP_EncryptFinal_ex(r, want, &l) &&
                              EVP_CIPHER_CTX_ctrl(r, EVP_CTRL_AEAD_GET_TAG, 16, wt) > 0,
                          "reference");
                TU_ASSERT(!memcmp(got, want, sizeof m) && !memcmp(gt, wt, 16),
                          "%s: message %d after setting the key again differs", dnames[a], round);
            }
            EVP_CIPHER_CTX_free(r);
            EVP_CIPHER_CTX_free(x);
            EVP_CIPHER_free(ref);
        }
    }

    /* Decryption needs a tag, of a length SP 800-38D allows. */
    x = EVP_CIPHER_CTX_new();
    TU_ASSERT(EVP_DecryptInit_ex2(x, gcm, key, iv, NULL), "dec init");
    TU_ASSERT(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 5, tag) <= 0, "5-byte tag refused");
    expect_error("tag length", "5-byte tag");
    TU_ASSERT(EVP_DecryptUpdate(x, buf, &l, buf, 16), "dec update");
    TU_ASSERT(!EVP_DecryptFinal_ex(x, buf, &l), "final without a tag");
    expect_error("tag not set", "no tag");
    EVP_CIPHER_CTX_free(x);

    /* AAD after text; a tag set while encrypting. */
    x = EVP_CIPHER_CTX_new();
    TU_ASSERT(EVP_EncryptInit_ex2(x, cp, key, iv, NULL), "chacha init");
    TU_ASSERT(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 16, tag) <= 0, "tag when encrypting");
    expect_error("only be set when decrypting", "tag on encryption");
    TU_ASSERT(EVP_EncryptUpdate(x, buf, &l, buf, 5), "text");
    TU_ASSERT(!EVP_EncryptUpdate(x, NULL, &l, buf, 5), "AAD after text");
    expect_error("out of order", "AAD after text");
    TU_ASSERT(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, 16, NULL) <= 0, "chacha IV 16");
    ERR_clear_error();
    EVP_CIPHER_CTX_free(x);
    /* Key length checks. */
    x = EVP_CIPHER_CTX_new();
    TU_ASSERT(EVP_EncryptInit_ex2(x, gcm, NULL, NULL, NULL), "init");
    TU_ASSERT(EVP_CIPHER_CTX_set_key_length(x, 16) <= 0, "AES-256-GCM with 16-byte key");
    expect_error("invalid key length", "key length");
    EVP_CIPHER_CTX_free(x);
    EVP_CIPHER_free(gcm);
    EVP_CIPHER_free(cp);
}
END_TEST

/* TLS 1.2 records (tlsaad, fixed IV, explicit IV) between the providers:
 * what ours seals, the default provider opens, and the reverse. */
static int tls12_record(EVP_CIPHER *c, int enc, const uint8_t *key, const uint8_t *fixed,
                        size_t fixedlen, uint64_t seq, uint8_t *rec, size_t reclen, size_t *outl,
                        int iv_by_init)
{
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    uint8_t aad[13];
    for (int i = 0; i < 8; i++)
        aad[i] = (uint8_t)(seq >> (56 - 8 * i));
    aad[8] = 23;
    aad[9] = 3;
    aad[10] = 3;
    aad[11] = (uint8_t)(reclen >> 8);
    aad[12] = (uint8_t)reclen;
    int l = 0;
    /* ChaCha20-Poly1305's fixed IV comes either through init (as libssl
     * gives it) or as "tlsivfixed". */
    int ok = iv_by_init ? EVP_CipherInit_ex2(x, c, key, fixed, enc, NULL)
                        : EVP_CipherInit_ex2(x, c, key, NULL, enc, NULL) &&
                              EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IV_FIXED, (int)fixedlen,
                                                  (void *)fixed) > 0;
    /* Sealing: the AAD's length is that of the plaintext plus explicit IV. */
    if (ok && enc && fixedlen == 4)
        aad[12] = (uint8_t)(reclen - 16), aad[11] = (uint8_t)((reclen - 16) >> 8);
    if (ok && enc && fixedlen == 12)
        aad[12] = (uint8_t)(reclen - 16), aad[11] = (uint8_t)((reclen - 16) >> 8);
    ok = ok && EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_TLS1_AAD, 13, aad) == 16;
    ok = ok && EVP_CipherUpdate(x, rec, &l, rec, (int)reclen);
    *outl = (size_t)l;
    EVP_CIPHER_CTX_free(x);
    return ok;
}

START_TEST(test_tls12_records)
{
    setup();
    tu_rng_reset("prov-tls12");
    static const char *const names[] = { "AES-128-GCM", "AES-256-GCM", "ChaCha20-Poly1305" };
    uint8_t rec[2100], p[2048];
    for (int ni = 0; ni < 3; ni++) {
        const int gcm = ni < 2;
        EVP_CIPHER *ours = cipher(names[ni], AX), *ref = cipher(names[ni], DF);
        const size_t kl = (size_t)EVP_CIPHER_get_key_length(ours), fl = gcm ? 4 : 12;
        const size_t xl = gcm ? 8 : 0; /* explicit IV */
        for (int it = 0; it < 20; it++) {
            uint8_t key[32], fixed[12];
            size_t len = tu_rand_range(0, sizeof p), outl = 0;
            uint64_t seq = tu_rand64();
            tu_rand_bytes(key, kl);
            tu_rand_bytes(fixed, fl);
            tu_rand_bytes(p, len);
            EVP_CIPHER *sealer = it % 2 ? ours : ref, *opener = it % 2 ? ref : ours;
            const int byinit = !gcm && it % 4 >= 2;
            memset(rec, 0, xl);
            memcpy(rec + xl, p, len);
            const size_t reclen = xl + len + 16;
            TU_ASSERT(tls12_record(sealer, 1, key, fixed, fl, seq, rec, reclen, &outl, byinit),
                      "%s seal", names[ni]);
            TU_ASSERT(outl == reclen, "%s sealed record %zu bytes", names[ni], outl);
            if (!gcm) {
                /* Deterministic: both providers give the same record. */
                uint8_t again[2100];
                memset(again, 0, sizeof again);
                memcpy(again, p, len);
                TU_ASSERT(tls12_record(opener, 1, key, fixed, fl, seq, again, reclen, &outl, !byinit),
                          "seal");
                TU_ASSERT_MEM_EQ(again, rec, reclen, "ChaCha20-Poly1305 TLS record");
            }
            uint8_t copy[2100];
            memcpy(copy, rec, reclen);
            TU_ASSERT(tls12_record(opener, 0, key, fixed, fl, seq, rec, reclen, &outl, byinit),
                      "%s open (%s sealed)", names[ni], it % 2 ? "axiom" : "default");
            TU_ASSERT(outl == len, "%s opened %zu bytes", names[ni], outl);
            TU_ASSERT_MEM_EQ(rec + xl, p, len, "%s record plaintext", names[ni]);
            copy[tu_rand_range(0, reclen - 1)] ^= 4;
            TU_ASSERT(!tls12_record(ours, 0, key, fixed, fl, seq, copy, reclen, &outl, byinit),
                      "%s: tampered record accepted", names[ni]);
            ERR_clear_error();
        }
        EVP_CIPHER_free(ours);
        EVP_CIPHER_free(ref);
    }
}
END_TEST

/* TLS CBC records ("tls-version", "tls-mac-size", "tls-mac"): sealing pads,
 * opening strips explicit IV, padding and MAC; both providers give the same
 * records and MACs, and a broken padding yields a wrong MAC (or, with no
 * MAC, an error) rather than an early failure. */
static int tls_cbc(EVP_CIPHER *c, int enc, unsigned version, size_t macsize, const uint8_t *key,
                   const uint8_t *iv, uint8_t *rec, size_t len, size_t *outl, uint8_t *mac)
{
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    OSSL_PARAM ps[] = { OSSL_PARAM_uint(OSSL_CIPHER_PARAM_TLS_VERSION, &version),
                        OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_TLS_MAC_SIZE, &macsize),
                        OSSL_PARAM_END };
    int l = 0;
    int ok = EVP_CipherInit_ex2(x, c, key, iv, enc, NULL) && EVP_CIPHER_CTX_set_params(x, ps) &&
             EVP_CipherUpdate(x, rec, &l, rec, (int)len);
    *outl = (size_t)l;
    if (ok && !enc && macsize) {
        uint8_t *m = NULL;
        OSSL_PARAM gp[] = { OSSL_PARAM_octet_ptr(OSSL_CIPHER_PARAM_TLS_MAC, (void **)&m, macsize),
                            OSSL_PARAM_END };
        ok = EVP_CIPHER_CTX_get_params(x, gp) && m;
        if (ok)
            memcpy(mac, m, macsize);
    }
    EVP_CIPHER_CTX_free(x);
    return ok;
}

START_TEST(test_tls_cbc_records)
{
    setup();
    tu_rng_reset("prov-tls-cbc");
    static const unsigned versions[] = { 0x0301, 0x0302, 0x0303, 0xFEFD };
    EVP_CIPHER *ours = cipher("AES-256-CBC", AX), *ref = cipher("AES-256-CBC", DF);
    uint8_t a[2200], b[2200], p[2200];
    for (int it = 0; it < 64; it++) {
        const unsigned v = versions[it % 4];
        /* The first four: every version with an empty payload and no MAC
         * (TLS 1.0: an empty record, sealed as one block of padding). */
        const size_t macsize = it < 4 ? 0 : (size_t[]){ 0, 20, 32, 48 }[tu_rand_range(0, 3)];
        const size_t xiv = v == 0x0301 ? 0 : 16;
        size_t plen = it < 4 ? 0 : tu_rand_range(0, 2000), n = xiv + plen + macsize, la = 0, lb = 0;
        uint8_t key[32], iv[16], mb[64];
        tu_rand_bytes(key, sizeof key);
        tu_rand_bytes(iv, sizeof iv);
        tu_rand_bytes(p, n);
        memcpy(a, p, n);
        memcpy(b, p, n);
        TU_ASSERT(tls_cbc(ours, 1, v, macsize, key, iv, a, n, &la, NULL) &&
                      tls_cbc(ref, 1, v, macsize, key, iv, b, n, &lb, NULL),
                  "seal version %x", v);
        TU_ASSERT(la == lb && la % 16 == 0 && la > n, "sealed %zu vs %zu bytes", la, lb);
        TU_ASSERT_MEM_EQ(a, b, la, "TLS %x CBC record", v);
        const size_t rl = la;
        for (int who = 0; who < 2; who++) {
            memcpy(b, a, rl);
            TU_ASSERT(tls_cbc(who ? ref : ours, 0, v, macsize, key, iv, b, rl, &lb, mb),
                      "open version %x", v);
            TU_ASSERT(lb == plen, "opened %zu bytes, want %zu", lb, plen);
            TU_ASSERT_MEM_EQ(b + xiv, p + xiv, plen, "payload");
            if (macsize)
                TU_ASSERT_MEM_EQ(mb, p + xiv + plen, macsize, "MAC (%s)", who ? "default" : "axiom");
        }
        /* A broken padding byte. */
        memcpy(b, a, rl);
        uint8_t last[16];
        EVP_CIPHER_CTX *e = EVP_CIPHER_CTX_new();
        int l;
        /* Re-encrypt the last block with a padding byte changed. */
        uint8_t prev[16], blk[16];
        memcpy(prev, rl >= 32 ? b + rl - 32 : iv, 16);
        EVP_CIPHER_CTX *d = EVP_CIPHER_CTX_new();
        TU_ASSERT(EVP_DecryptInit_ex2(d, ref, key, prev, NULL), "dec");
        EVP_CIPHER_CTX_set_padding(d, 0);
        TU_ASSERT(EVP_DecryptUpdate(d, blk, &l, b + rl - 16, 16) && l == 16, "last block");
        EVP_CIPHER_CTX_free(d);
        if (blk[15] == 0) {
            EVP_CIPHER_CTX_free(e);
            continue; /* one byte of padding: nothing else to break */
        }
        blk[14] ^= 0x40;
        TU_ASSERT(EVP_EncryptInit_ex2(e, ref, key, prev, NULL), "enc");
        EVP_CIPHER_CTX_set_padding(e, 0);
        TU_ASSERT(EVP_EncryptUpdate(e, last, &l, blk, 16) && l == 16, "re-encrypt");
        EVP_CIPHER_CTX_free(e);
        memcpy(b + rl - 16, last, 16);
        int ok = tls_cbc(ours, 0, v, macsize, key, iv, b, rl, &lb, mb);
        if (macsize)
            TU_ASSERT(ok && memcmp(mb, p + xiv + plen, macsize) != 0,
                      "bad padding: the MAC must not match");
        else
            TU_ASSERT(!ok, "bad padding without a MAC accepted");
        ERR_clear_error();
    }
    EVP_CIPHER_free(ours);
    EVP_CIPHER_free(ref);
}
END_TEST

/* ------------------------------------------------------------ Wycheproof */

static json_object *load(const char *file)
{
    char *path = tu_vector_path(file);
    json_object *root = json_object_from_file(path);
    ck_assert_msg(root != NULL, "cannot read %s", path);
    free(path);
    return root;
}

static json_object *field(json_object *o, const char *key)
{
    json_object *v = NULL;
    ck_assert_msg(json_object_object_get_ex(o, key, &v) && v, "JSON field %s", key);
    return v;
}

static uint8_t *hexf(json_object *o, const char *key, size_t *len)
{
    return tu_hex_alloc(json_object_get_string(field(o, key)), len);
}

static int valid(json_object *tc)
{
    return strcmp(json_object_get_string(field(tc, "result")), "invalid") != 0;
}

static void wycheproof_aead(const char *file, const char *prefix)
{
    json_object *root = load(file), *groups = field(root, "testGroups");
    int run = 0;
    for (size_t g = 0; g < json_object_array_length(groups); g++) {
        json_object *grp = json_object_array_get_idx(groups, g);
        json_object *tests = field(grp, "tests");
        const int keybits = json_object_get_int(field(grp, "keySize"));
        char name[40];
        if (strcmp(prefix, "AES") == 0)
            snprintf(name, sizeof name, "AES-%d-GCM", keybits);
        else
            snprintf(name, sizeof name, "%s", prefix);
        EVP_CIPHER *c = cipher(name, AX);
        for (size_t t = 0; t < json_object_array_length(tests); t++) {
            json_object *tc = json_object_array_get_idx(tests, t);
            size_t kl, ivl, al, ml, cl, tl;
            uint8_t *key = hexf(tc, "key", &kl), *iv = hexf(tc, "iv", &ivl),
                    *aad = hexf(tc, "aad", &al), *msg = hexf(tc, "msg", &ml),
                    *ct = hexf(tc, "ct", &cl), *tag = hexf(tc, "tag", &tl);
            uint8_t *out = malloc(ml + cl + 16), ttag[16] = { 0 };
            const int id = json_object_get_int(field(tc, "tcId"));
            int ok = (int)kl == EVP_CIPHER_get_key_length(c) && ivl > 0 && tl <= 16;
            /* Open with the vector's tag. */
            if (ok) {
                memcpy(ttag, tag, tl);
                ok = evp_aead(c, 0, key, iv, ivl, aad, al, ct, cl, out, ttag, tl, 0, -1, NULL) &&
                     memcmp(out, msg, ml) == 0;
            }
            TU_ASSERT(ok == valid(tc), "%s tcId %d: %s", file, id, ok ? "accepted" : "rejected");
            if (ok) { /* and seal gives the vector */
                TU_ASSERT(evp_aead(c, 1, key, iv, ivl, aad, al, msg, ml, out, ttag, tl, 0, -1,
                                   NULL), "%s tcId %d seal", file, id);
                TU_ASSERT_MEM_EQ(out, ct, cl, "%s tcId %d ciphertext", file, id);
                TU_ASSERT_MEM_EQ(ttag, tag, tl, "%s tcId %d tag", file, id);
            }
            ERR_clear_error();
            run++;
            free(key); free(iv); free(aad); free(msg); free(ct); free(tag); free(out);
        }
        EVP_CIPHER_free(c);
    }
    TU_ASSERT(run == json_object_get_int(field(root, "numberOfTests")), "%s: %d run", file, run);
    json_object_put(root);
}

START_TEST(test_wycheproof_aead)
{
    setup();
    wycheproof_aead("aes_gcm_test.json", "AES");
    wycheproof_aead("chacha20_poly1305_test.json", "ChaCha20-Poly1305");
    wycheproof_aead("sm4_gcm_test.json", "SM4-GCM");
}
END_TEST

START_TEST(test_wycheproof_cbc_xts)
{
    setup();
    static const char *const files[] = { "aes_cbc_pkcs5_test.json", "aes_xts_test.json" };
    for (int f = 0; f < 2; f++) {
        json_object *root = load(files[f]), *groups = field(root, "testGroups");
        for (size_t g = 0; g < json_object_array_length(groups); g++) {
            json_object *grp = json_object_array_get_idx(groups, g);
            json_object *tests = field(grp, "tests");
            const int keybits = json_object_get_int(field(grp, "keySize"));
            char name[40];
            if (f == 0)
                snprintf(name, sizeof name, "AES-%d-CBC", keybits);
            else if (keybits == 384)
                continue; /* AES-192-XTS: not an OpenSSL cipher */
            else
                snprintf(name, sizeof name, "AES-%d-XTS", keybits / 2);
            EVP_CIPHER *c = cipher(name, AX);
            for (size_t t = 0; t < json_object_array_length(tests); t++) {
                json_object *tc = json_object_array_get_idx(tests, t);
                size_t kl, ivl, ml, cl;
                uint8_t *key = hexf(tc, "key", &kl), *iv = hexf(tc, "iv", &ivl),
                        *msg = hexf(tc, "msg", &ml), *ct = hexf(tc, "ct", &cl);
                uint8_t *out = malloc(ml + cl + 32), ivf[16] = { 0 };
                memcpy(ivf, iv, ivl < 16 ? ivl : 16);
                const int id = json_object_get_int(field(tc, "tcId"));
                int l1 = 0, l2 = 0, ok;
                EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
                ok = EVP_DecryptInit_ex2(x, c, key, ivf, NULL) &&
                     EVP_DecryptUpdate(x, out, &l1, ct, (int)cl) &&
                     EVP_DecryptFinal_ex(x, out + l1, &l2) && (size_t)(l1 + l2) == ml &&
                     memcmp(out, msg, ml) == 0;
                TU_ASSERT(ok == valid(tc), "%s tcId %d: %s", files[f], id,
                          ok ? "accepted" : "rejected");
                if (ok) {
                    EVP_CIPHER_CTX_reset(x);
                    TU_ASSERT(EVP_EncryptInit_ex2(x, c, key, ivf, NULL) &&
                                  EVP_EncryptUpdate(x, out, &l1, msg, (int)ml) &&
                                  EVP_EncryptFinal_ex(x, out + l1, &l2),
                              "%s tcId %d encrypt", files[f], id);
                    TU_ASSERT((size_t)(l1 + l2) == cl, "length");
                    TU_ASSERT_MEM_EQ(out, ct, cl, "%s tcId %d ciphertext", files[f], id);
                }
                EVP_CIPHER_CTX_free(x);
                ERR_clear_error();
                free(key); free(iv); free(msg); free(ct); free(out);
            }
            EVP_CIPHER_free(c);
        }
        json_object_put(root);
    }
}
END_TEST

START_TEST(test_wycheproof_hmac_hkdf)
{
    setup();
    json_object *root = load("hmac_sha256_test.json"), *groups = field(root, "testGroups");
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "HMAC", AX);
    ck_assert(mac != NULL);
    OSSL_PARAM ps[] = { OSSL_PARAM_utf8_string("digest", "SHA256", 0), OSSL_PARAM_END };
    for (size_t g = 0; g < json_object_array_length(groups); g++) {
        json_object *tests = field(json_object_array_get_idx(groups, g), "tests");
        for (size_t t = 0; t < json_object_array_length(tests); t++) {
            json_object *tc = json_object_array_get_idx(tests, t);
            size_t kl, ml, tl, ol = 0;
            uint8_t *key = hexf(tc, "key", &kl), *msg = hexf(tc, "msg", &ml),
                    *tag = hexf(tc, "tag", &tl), out[32];
            EVP_MAC_CTX *m = EVP_MAC_CTX_new(mac);
            TU_ASSERT(EVP_MAC_init(m, key, kl, ps) && EVP_MAC_update(m, msg, ml) &&
                          EVP_MAC_final(m, out, &ol, sizeof out) && ol == 32,
                      "HMAC-SHA256");
            TU_ASSERT((memcmp(out, tag, tl) == 0) == valid(tc), "hmac tcId %d",
                      json_object_get_int(field(tc, "tcId")));
            EVP_MAC_CTX_free(m);
            free(key); free(msg); free(tag);
        }
    }
    EVP_MAC_free(mac);
    json_object_put(root);

    root = load("hkdf_sha256_test.json");
    groups = field(root, "testGroups");
    EVP_KDF *kdf = EVP_KDF_fetch(NULL, "HKDF", AX);
    ck_assert(kdf != NULL);
    for (size_t g = 0; g < json_object_array_length(groups); g++) {
        json_object *tests = field(json_object_array_get_idx(groups, g), "tests");
        for (size_t t = 0; t < json_object_array_length(tests); t++) {
            json_object *tc = json_object_array_get_idx(tests, t);
            size_t il, sl, nl, ol;
            uint8_t *ikm = hexf(tc, "ikm", &il), *salt = hexf(tc, "salt", &sl),
                    *info = hexf(tc, "info", &nl), *okm = hexf(tc, "okm", &ol);
            size_t size = (size_t)json_object_get_int(field(tc, "size"));
            uint8_t *out = malloc(size + 1);
            OSSL_PARAM kp[] = {
                OSSL_PARAM_utf8_string("digest", "SHA256", 0),
                OSSL_PARAM_octet_string("key", ikm, il),
                OSSL_PARAM_octet_string("salt", salt, sl),
                OSSL_PARAM_octet_string("info", info, nl),
                OSSL_PARAM_END
            };
            EVP_KDF_CTX *k = EVP_KDF_CTX_new(kdf);
            int ok = EVP_KDF_derive(k, out, size, kp) && size == ol && !memcmp(out, okm, ol);
            TU_ASSERT(ok == valid(tc), "hkdf tcId %d", json_object_get_int(field(tc, "tcId")));
            EVP_KDF_CTX_free(k);
            ERR_clear_error();
            free(ikm); free(salt); free(info); free(okm); free(out);
        }
    }
    EVP_KDF_free(kdf);
    json_object_put(root);
}
END_TEST

/* ------------------------------------------------- digests, MAC, KDF */

START_TEST(test_digests)
{
    setup();
    tu_rng_reset("prov-digest");
    /* SHA2-384 and SHA2-512 are served once libaxiom has them. */
    static const char *const names[] = { "SHA2-224", "SHA2-256", "SHA256", "sha224", "SHA2-384",
                                         "SHA2-512" };
    uint8_t *m = malloc(MAXLEN);
    for (int ni = 0; ni < 6; ni++) {
        EVP_MD *ours = EVP_MD_fetch(NULL, names[ni], AX), *ref = EVP_MD_fetch(NULL, names[ni], DF);
        if (ni >= 4 && !ours) {
            ERR_clear_error();
            EVP_MD_free(ref);
            continue;
        }
        ck_assert_msg(ours && ref, "fetch %s", names[ni]);
        TU_ASSERT(EVP_MD_get_size(ours) == EVP_MD_get_size(ref), "size");
        TU_ASSERT(EVP_MD_get_block_size(ours) == EVP_MD_get_block_size(ref), "block size");
        TU_ASSERT(EVP_MD_get_flags(ours) == EVP_MD_get_flags(ref), "flags");
        for (int it = 0; it < 30; it++) {
            size_t len = tu_rand_range(0, 2) ? tu_rand_range(0, 200) : tu_rand_range(0, MAXLEN);
            uint8_t want[64], a[64], b[64], c[64];
            unsigned int wl, al, bl, cl;
            tu_rand_bytes(m, len);
            TU_ASSERT(EVP_Digest(m, len, want, &wl, ref, NULL), "reference");
            TU_ASSERT(EVP_Digest(m, len, c, &cl, ours, NULL) && cl == wl, "one-shot");
            TU_ASSERT_MEM_EQ(c, want, wl, "%s one-shot len %zu", names[ni], len);
            size_t cuts[9], parts = tu_random_split(cuts, len, 1), at = tu_rand_range(0, parts);
            EVP_MD_CTX *x = EVP_MD_CTX_new(), *y = EVP_MD_CTX_new();
            TU_ASSERT(EVP_DigestInit_ex2(x, ours, NULL), "init");
            for (size_t i = 0; i < parts; i++) {
                if (i == at)
                    TU_ASSERT(EVP_MD_CTX_copy_ex(y, x), "copy");
                TU_ASSERT(EVP_DigestUpdate(x, m + cuts[i], cuts[i + 1] - cuts[i]), "update");
            }
            if (at == parts)
                TU_ASSERT(EVP_MD_CTX_copy_ex(y, x), "copy at the end");
            for (size_t i = at; i < parts; i++)
                TU_ASSERT(EVP_DigestUpdate(y, m + cuts[i], cuts[i + 1] - cuts[i]), "update");
            TU_ASSERT(EVP_DigestFinal_ex(x, a, &al) && EVP_DigestFinal_ex(y, b, &bl), "final");
            TU_ASSERT_MEM_EQ(a, want, wl, "%s pieces len %zu", names[ni], len);
            TU_ASSERT_MEM_EQ(b, want, wl, "%s copy at piece %zu", names[ni], at);
            /* Re-init mid-message starts over. */
            TU_ASSERT(EVP_DigestInit_ex2(x, NULL, NULL) && EVP_DigestUpdate(x, m, len / 2) &&
                          EVP_DigestInit_ex2(x, NULL, NULL) && EVP_DigestUpdate(x, m, len) &&
                          EVP_DigestFinal_ex(x, a, &al), "restart");
            TU_ASSERT_MEM_EQ(a, want, wl, "%s after a restart", names[ni]);
            EVP_MD_CTX_free(x);
            EVP_MD_CTX_free(y);
        }
        EVP_MD_free(ours);
        EVP_MD_free(ref);
    }
    free(m);
}
END_TEST

static size_t mac_run(EVP_MAC *mac, const char *digest, const uint8_t *key, size_t kl,
                      const uint8_t *m, size_t len, uint8_t *out, int copy)
{
    OSSL_PARAM ps[] = { OSSL_PARAM_utf8_string("digest", (char *)digest, 0), OSSL_PARAM_END };
    EVP_MAC_CTX *x = EVP_MAC_CTX_new(mac), *y = NULL;
    size_t ol = 0, yl = 0;
    uint8_t t[64];
    int ok = EVP_MAC_init(x, key, kl, ps) && EVP_MAC_update(x, m, len / 3);
    if (ok && copy)
        ok = (y = EVP_MAC_CTX_dup(x)) != NULL && EVP_MAC_update(y, m + len / 3, len - len / 3) &&
             EVP_MAC_final(y, t, &yl, sizeof t);
    ok = ok && EVP_MAC_update(x, m + len / 3, len - len / 3) && EVP_MAC_final(x, out, &ol, 64);
    if (ok && copy)
        ok = yl == ol && memcmp(t, out, ol) == 0;
    /* A second message under the same key (init without a key). */
    uint8_t again[64];
    size_t al = 0;
    ok = ok && EVP_MAC_init(x, NULL, 0, NULL) && EVP_MAC_update(x, m, len) &&
         EVP_MAC_final(x, again, &al, sizeof again) && al == ol && !memcmp(again, out, ol);
    EVP_MAC_CTX_free(x);
    EVP_MAC_CTX_free(y);
    return ok ? ol : 0;
}

START_TEST(test_hmac)
{
    setup();
    tu_rng_reset("prov-hmac");
    EVP_MAC *ours = EVP_MAC_fetch(NULL, "HMAC", AX), *ref = EVP_MAC_fetch(NULL, "HMAC", DF);
    ck_assert(ours && ref);
    /* Native (SHA-224/256) and delegated (SHA-1, SHA-384, SHA-512 while
     * libaxiom lacks them) digests give OpenSSL's MACs. */
    static const char *const digests[] = { "SHA256", "SHA2-224", "SHA1", "SHA384", "SHA2-512" };
    uint8_t m[700], key[200], a[64], b[64];
    for (int d = 0; d < 5; d++) {
        for (int it = 0; it < 12; it++) {
            size_t len = tu_rand_range(0, sizeof m), kl = tu_rand_range(0, sizeof key);
            tu_rand_bytes(m, len);
            tu_rand_bytes(key, kl);
            size_t wl = mac_run(ref, digests[d], key, kl, m, len, b, 0);
            size_t gl = mac_run(ours, digests[d], key, kl, m, len, a, 1);
            TU_ASSERT(wl && gl == wl, "HMAC-%s sizes %zu %zu", digests[d], gl, wl);
            TU_ASSERT_MEM_EQ(a, b, wl, "HMAC-%s len %zu key %zu", digests[d], len, kl);
        }
    }
    EVP_MAC_free(ours);
    EVP_MAC_free(ref);
}
END_TEST

START_TEST(test_hkdf)
{
    setup();
    tu_rng_reset("prov-hkdf");
    EVP_KDF *ours = EVP_KDF_fetch(NULL, "HKDF", AX), *ref = EVP_KDF_fetch(NULL, "HKDF", DF);
    ck_assert(ours && ref);
    static const char *const digests[] = { "SHA256", "SHA224", "SHA384" };
    for (int d = 0; d < 3; d++) {
        for (int mode = 0; mode < 3; mode++) {
            for (int it = 0; it < 6; it++) {
                uint8_t ikm[100], salt[80], info[100], a[300], b[300];
                size_t il = tu_rand_range(1, sizeof ikm), sl = tu_rand_range(0, sizeof salt);
                size_t nl = tu_rand_range(0, sizeof info), ol = tu_rand_range(1, sizeof a);
                tu_rand_bytes(ikm, il);
                tu_rand_bytes(salt, sl);
                tu_rand_bytes(info, nl);
                int md = mode;
                OSSL_PARAM ps[] = {
                    OSSL_PARAM_int("mode", &md),
                    OSSL_PARAM_utf8_string("digest", (char *)digests[d], 0),
                    OSSL_PARAM_octet_string("key", ikm, il),
                    OSSL_PARAM_octet_string("salt", salt, sl),
                    OSSL_PARAM_octet_string("info", info, nl / 2),
                    OSSL_PARAM_octet_string("info", info + nl / 2, nl - nl / 2),
                    OSSL_PARAM_END
                };
                EVP_KDF_CTX *x = EVP_KDF_CTX_new(ours), *r = EVP_KDF_CTX_new(ref);
                TU_ASSERT(EVP_KDF_CTX_set_params(x, ps) && EVP_KDF_CTX_set_params(r, ps),
                          "params");
                if (mode == EVP_KDF_HKDF_MODE_EXTRACT_ONLY)
                    ol = EVP_KDF_CTX_get_kdf_size(r);
                TU_ASSERT(EVP_KDF_CTX_get_kdf_size(x) == EVP_KDF_CTX_get_kdf_size(r), "size");
                EVP_KDF_CTX *y = EVP_KDF_CTX_dup(x);
                TU_ASSERT(y && EVP_KDF_derive(x, a, ol, NULL) && EVP_KDF_derive(r, b, ol, NULL),
                          "HKDF-%s mode %d derive %zu", digests[d], mode, ol);
                TU_ASSERT_MEM_EQ(a, b, ol, "HKDF-%s mode %d", digests[d], mode);
                TU_ASSERT(EVP_KDF_derive(y, a, ol, NULL), "copy derive");
                TU_ASSERT_MEM_EQ(a, b, ol, "HKDF-%s mode %d, copy", digests[d], mode);
                EVP_KDF_CTX_free(x);
                EVP_KDF_CTX_free(y);
                EVP_KDF_CTX_free(r);
            }
        }
    }
    EVP_KDF_free(ours);
    EVP_KDF_free(ref);
}
END_TEST

START_TEST(test_rand)
{
    setup();
    EVP_RAND *r = EVP_RAND_fetch(NULL, "CTR-DRBG", AX);
    ck_assert(r != NULL);
    EVP_RAND_CTX *x = EVP_RAND_CTX_new(r, NULL);
    OSSL_PARAM ps[] = { OSSL_PARAM_utf8_string("cipher", "AES-256-CTR", 0), OSSL_PARAM_END };
    TU_ASSERT(EVP_RAND_instantiate(x, 256, 0, (const unsigned char *)"test", 4, ps), "instantiate");
    TU_ASSERT(EVP_RAND_get_state(x) == EVP_RAND_STATE_READY, "ready");
    TU_ASSERT(EVP_RAND_get_strength(x) == 256, "strength");
    static uint8_t a[100000], b[100000];
    TU_ASSERT(EVP_RAND_generate(x, a, sizeof a, 256, 0, NULL, 0), "generate 100000");
    TU_ASSERT(EVP_RAND_generate(x, b, sizeof b, 0, 1, (const unsigned char *)"ad", 2),
              "generate with prediction resistance and additional input");
    TU_ASSERT(memcmp(a, b, sizeof a) != 0, "outputs differ");
    size_t ones = 0;
    for (size_t i = 0; i < sizeof a; i++)
        ones += (size_t)__builtin_popcount(a[i]);
    TU_ASSERT(ones > 390000 && ones < 410000, "bit balance %zu of 800000", ones);
    TU_ASSERT(EVP_RAND_reseed(x, 0, (const unsigned char *)"entropy", 7, NULL, 0), "reseed");
    TU_ASSERT(!EVP_RAND_generate(x, a, 16, 384, 0, NULL, 0), "strength 384 refused");
    ERR_clear_error();
    /* OpenSSL's own DRBG seeded from this one (the get_seed path). */
    EVP_RAND *dr = EVP_RAND_fetch(NULL, "HASH-DRBG", DF);
    EVP_RAND_CTX *child = EVP_RAND_CTX_new(dr, x);
    OSSL_PARAM cps[] = { OSSL_PARAM_utf8_string("digest", "SHA256", 0), OSSL_PARAM_END };
    TU_ASSERT(child && EVP_RAND_instantiate(child, 128, 0, NULL, 0, cps) &&
                  EVP_RAND_generate(child, a, 64, 128, 0, NULL, 0),
              "child DRBG seeded from ours");
    EVP_RAND_CTX_free(child);
    EVP_RAND_free(dr);
    TU_ASSERT(EVP_RAND_uninstantiate(x) && EVP_RAND_get_state(x) == EVP_RAND_STATE_UNINITIALISED,
              "uninstantiate");
    OSSL_PARAM bad[] = { OSSL_PARAM_utf8_string("cipher", "AES-128-CTR", 0), OSSL_PARAM_END };
    TU_ASSERT(!EVP_RAND_instantiate(x, 128, 0, NULL, 0, bad), "AES-128-CTR refused");
    expect_error("not supported", "DRBG cipher");
    EVP_RAND_CTX_free(x);
    EVP_RAND_free(r);
}
END_TEST

/* Operation counters readable through the provider's parameters, and
 * misuse that must fail cleanly. */
START_TEST(test_stats_and_misuse)
{
    setup();
    EVP_CIPHER *c = cipher("AES-128-GCM", AX);
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    uint8_t key[16] = { 0 }, iv[12] = { 0 }, buf[100], tag[16];
    int l;
    /* Update before any key: an error, no crash. */
    TU_ASSERT(EVP_EncryptInit_ex2(x, c, NULL, NULL, NULL), "init without key");
    TU_ASSERT(!EVP_EncryptUpdate(x, buf, &l, buf, 10), "update without key");
    expect_error("no key set", "no key");
    for (int i = 0; i < 3; i++)
        TU_ASSERT(EVP_EncryptInit_ex2(x, NULL, key, iv, NULL) &&
                      EVP_EncryptUpdate(x, buf, &l, buf, sizeof buf) &&
                      EVP_EncryptFinal_ex(x, buf, &l) &&
                      EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, tag) > 0,
                  "message %d", i);
    EVP_CIPHER_CTX_free(x);
    EVP_CIPHER_free(c);
    char text[4096] = "";
    OSSL_PARAM ps[] = { OSSL_PARAM_utf8_string("axiom-stats", text, sizeof text), OSSL_PARAM_END };
    TU_ASSERT(OSSL_PROVIDER_get_params(prov_axiom, ps), "axiom-stats");
    unsigned long long ops = 0, bytes = 0;
    const char *line = strstr(text, "AES-128-GCM ");
    TU_ASSERT(line && sscanf(line, "AES-128-GCM %llu %llu", &ops, &bytes) == 2, "stats: %s", text);
    TU_ASSERT(ops >= 3 && bytes >= 300, "AES-128-GCM %llu messages, %llu bytes", ops, bytes);

    /* Block modes: bad lengths and final block errors. */
    EVP_CIPHER *cbc = cipher("AES-128-CBC", AX), *xts = cipher("AES-128-XTS", AX);
    x = EVP_CIPHER_CTX_new();
    TU_ASSERT(EVP_EncryptInit_ex2(x, cbc, key, key, NULL), "cbc");
    EVP_CIPHER_CTX_set_padding(x, 0);
    TU_ASSERT(EVP_EncryptUpdate(x, buf, &l, buf, 10) && l == 0, "buffered");
    TU_ASSERT(!EVP_EncryptFinal_ex(x, buf, &l), "unpadded partial block");
    expect_error("wrong final block length", "final");
    TU_ASSERT(EVP_DecryptInit_ex2(x, cbc, key, key, NULL), "cbc dec");
    EVP_CIPHER_CTX_set_padding(x, 1);
    TU_ASSERT(EVP_DecryptUpdate(x, buf, &l, buf, 32) && l == 16, "holds the last block");
    EVP_CIPHER_CTX_free(x);
    uint8_t k2[32];
    memset(k2, 7, sizeof k2);
    x = EVP_CIPHER_CTX_new();
    TU_ASSERT(!EVP_EncryptInit_ex2(x, xts, k2, iv, NULL), "XTS with equal halves");
    expect_error("XTS", "XTS keys");
    k2[0] = 8;
    TU_ASSERT(EVP_EncryptInit_ex2(x, xts, k2, buf, NULL), "XTS");
    TU_ASSERT(!EVP_EncryptUpdate(x, buf, &l, buf, 15), "XTS unit under 16 bytes");
    expect_error("invalid data length", "XTS length");
    EVP_CIPHER_CTX_free(x);
    EVP_CIPHER_free(cbc);
    EVP_CIPHER_free(xts);
}
END_TEST

static Suite *provider_suite(void)
{
    Suite *s = suite_create("provider_evp");
    TCase *tc = tcase_create("evp");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_block_ciphers);
    tcase_add_test(tc, test_block_reinit);
    tcase_add_test(tc, test_kuznyechik_kat);
    tcase_add_test(tc, test_aead);
    tcase_add_test(tc, test_aead_rules);
    tcase_add_test(tc, test_aead_whole);
    tcase_add_test(tc, test_tls12_records);
    tcase_add_test(tc, test_tls_cbc_records);
    tcase_add_test(tc, test_wycheproof_aead);
    tcase_add_test(tc, test_wycheproof_cbc_xts);
    tcase_add_test(tc, test_wycheproof_hmac_hkdf);
    tcase_add_test(tc, test_digests);
    tcase_add_test(tc, test_hmac);
    tcase_add_test(tc, test_hkdf);
    tcase_add_test(tc, test_rand);
    tcase_add_test(tc, test_stats_and_misuse);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    tu_init("test_provider_evp");
    tu_gcry_init();
    if (!load_providers())
        return 1;
    printf("axiom provider loaded; Kuznyechik reference: %s\n",
           prov_gost ? "gost-engine's provider" : "known answers and ECB (gostprov not installed)");
    /* The CPU tier reaches the library inside the module. */
    char impl[512] = "";
    OSSL_PARAM ip[] = { OSSL_PARAM_utf8_string("axiom-impl", impl, sizeof impl), OSSL_PARAM_END };
    if (!OSSL_PROVIDER_get_params(prov_axiom, ip)) {
        fprintf(stderr, "no axiom-impl parameter\n");
        return 1;
    }
    printf("kernels in the module: %s\n", impl);
    const char *dis = getenv("AXIOM_CPU_DISABLE");
    if (dis && strcmp(dis, "all") == 0 && !strstr(impl, "aes-128-gcm=generic-ct")) {
        fprintf(stderr, "AXIOM_CPU_DISABLE=all did not reach the module\n");
        return 1;
    }
    if (dis && strstr(dis, "avx512") && strstr(impl, "avx512")) {
        fprintf(stderr, "AXIOM_CPU_DISABLE=%s did not reach the module\n", dis);
        return 1;
    }
    return tu_run_suite(provider_suite());
}
