/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer target for the AEADs: every AES-GCM, SM4-GCM, AES-GCM-SIV,
 * XAES-256-GCM, Kuznyechik-MGM and Kuznyechik-CTR-ACPKM-OMAC tier and
 * every ChaCha20, Poly1305 and AEGIS kernel against the public result,
 * and that against libgcrypt where it has the AEAD, on fuzzer-chosen
 * keys, nonces, lengths, split points and alignments; then the open of a
 * message with one fuzzer-chosen bit flipped (ciphertext, tag, AD or nonce)
 * must fail and leave its output wiped.  Flag bits 1 and 2 put the AD and
 * the nonce inside the output of a seal and an open (aead.h allows it). */
#include "config.h"

#include <axiom.h>

#include "aegis/aegis.h"
#include "core/aead.h"
#include "chacha/chacha.h"
#include "gcm/gcm.h"
#include "gcm/ghash.h"
#include "gcm/polyval.h"
#include "kuznyechik/kuznyechik.h"
#include "chacha/poly1305.h"
#include "aead_table.h"
#include "fuzz_util.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAXLEN 3000
#define MAXAD 600
#define SLACK 64

static const size_t gcm_tags[] = { 16, 15, 14, 13, 12, 8, 4 };

static uint8_t key[32], nonce[64], ad[MAXAD], msg[MAXLEN];
static uint8_t ct[MAXLEN + SLACK], pt[MAXLEN + SLACK], alt[MAXLEN + SLACK];
/* Room for an output with the AD or nonce across either of its edges. */
static uint8_t place[MAXAD + MAXLEN + MAXAD + SLACK];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
#ifdef HAVE_GCRYPT
    fz_gcry_init();
#endif
    return 0;
}

static int usable(uint64_t features)
{
    return (features & ~axiom_cpu_features()) == 0;
}

#ifdef HAVE_GCRYPT
/* libgcrypt's ciphertext and full tag, or -1 if it has no such AEAD. */
static int gcry_seal(int alg, size_t noncelen, size_t adlen, size_t len, uint8_t *out,
                     uint8_t tag[16])
{
    int ga, mode;
    const size_t kl = fz_aeads[alg].keylen;
    const int aes = kl == 16 ? GCRY_CIPHER_AES128 : kl == 24 ? GCRY_CIPHER_AES192
                                                             : GCRY_CIPHER_AES256;
    if (fz_aeads[alg].kind == FZ_AES_GCM) {
        ga = aes;
        mode = GCRY_CIPHER_MODE_GCM;
    } else if (fz_aeads[alg].kind == FZ_GCM_SIV) {
        ga = aes;
        mode = GCRY_CIPHER_MODE_GCM_SIV;
    } else if (fz_aeads[alg].kind == FZ_SM4_GCM) {
        ga = GCRY_CIPHER_SM4;
        mode = GCRY_CIPHER_MODE_GCM;
    } else if (fz_aeads[alg].kind == FZ_CHACHAPOLY) {
        ga = GCRY_CIPHER_CHACHA20;
        mode = GCRY_CIPHER_MODE_POLY1305;
    } else {
        return -1;
    }
    gcry_cipher_hd_t h;
    if (gcry_cipher_open(&h, ga, mode, 0))
        return -1;
    int rc = -1;
    /* GCM-SIV takes the whole text in one call and no empty one. */
    if (!gcry_cipher_setkey(h, key, kl) && !gcry_cipher_setiv(h, nonce, noncelen) &&
        (!adlen || !gcry_cipher_authenticate(h, ad, adlen)) &&
        ((!len && mode == GCRY_CIPHER_MODE_GCM_SIV) ||
         !gcry_cipher_encrypt(h, out, len ? len : 1, msg, len)) &&
        !gcry_cipher_gettag(h, tag, 16))
        rc = 0;
    gcry_cipher_close(h);
    return rc;
}
#endif

/* Every GCM tier of @list (AES-GCM's or SM4-GCM's) usable here, through
 * the one-shot operations, against the public result. */
static void gcm_tiers(const axiom_kernel *const *list, int alg, size_t noncelen, size_t adlen,
                      size_t len, size_t off, const uint8_t *want, const uint8_t *want_tag,
                      size_t taglen)
{
    static axiom_gcm_key g;
    uint8_t t[AXIOM_AEAD_MAXTAG];
    for (const axiom_kernel *const *k = list; *k; k++) {
        if (!usable((*k)->features))
            continue;
        axiom_gcm_setkey_with(&g, axiom_gcm_of(*k), key, fz_aeads[alg].keylen);
        /* The operations are the same for every key size and cipher. */
        axiom_aead_aes128_gcm.message(&g, 1, alt + off, t, 16, nonce, noncelen, ad, adlen, msg,
                                      len);
        FZ_CHECK(memcmp(alt + off, want, len) == 0, "%s tier %s ciphertext", fz_aeads[alg].name,
                 (*k)->name);
        FZ_CHECK(memcmp(t, want_tag, taglen) == 0, "%s tier %s tag", fz_aeads[alg].name,
                 (*k)->name);
    }
}

/* The AEAD @x (XAES-256-GCM, AES-GCM-SIV, the Kuznyechik AEADs) on every
 * tier of @list usable here (each derives its message keys its own way),
 * against the public result: the ciphertext and the first @taglen bytes
 * of the tag. */
static void alg_tiers(const axiom_aead_alg *x, const axiom_kernel *const *list, size_t keylen,
                      size_t noncelen, size_t adlen, size_t len, size_t off, const uint8_t *want,
                      const uint8_t *want_tag, size_t taglen)
{
    static _Alignas(64) uint8_t state[8192];
    uint8_t t[AXIOM_AEAD_MAXTAG];
    FZ_CHECK(x->state_size <= sizeof state, "state size");
    for (const axiom_kernel *const *k = list; *k; k++) {
        if (!usable((*k)->features))
            continue;
        x->setkey(state, *k, key, keylen);
        x->message(state, 1, alt + off, t, taglen, nonce, noncelen, ad, adlen, msg, len);
        FZ_CHECK(memcmp(alt + off, want, len) == 0, "%s tier %s ciphertext", x->name, (*k)->name);
        FZ_CHECK(memcmp(t, want_tag, taglen) == 0, "%s tier %s tag", x->name, (*k)->name);
    }
}

/* The streaming GCM interface, split at fuzzer-chosen points. */
static void gcm_stream(int alg, size_t noncelen, size_t adlen, size_t len, size_t s1, size_t s2,
                       size_t sa, const uint8_t *want, const uint8_t *want_tag, size_t taglen)
{
    axiom_gcm_ctx *c;
    uint8_t t[16];
    FZ_CHECK(axiom_gcm_new(&c, fz_aeads[alg].name) == AXIOM_OK, "gcm_new");
    FZ_CHECK(axiom_gcm_setkey(c, key, fz_aeads[alg].keylen) == AXIOM_OK, "gcm_setkey");
    FZ_CHECK(axiom_gcm_init(c, AXIOM_ENCRYPT, nonce, noncelen) == AXIOM_OK, "gcm_init");
    FZ_CHECK(axiom_gcm_aad(c, ad, sa) == AXIOM_OK && axiom_gcm_aad(c, ad + sa, adlen - sa) == 0,
             "gcm_aad");
    FZ_CHECK(axiom_gcm_update(c, alt, msg, s1) == AXIOM_OK &&
             axiom_gcm_update(c, alt + s1, msg + s1, s2 - s1) == AXIOM_OK &&
             axiom_gcm_update(c, alt + s2, msg + s2, len - s2) == AXIOM_OK, "gcm_update");
    FZ_CHECK(axiom_gcm_final(c, t, taglen) == AXIOM_OK, "gcm_final");
    FZ_CHECK(memcmp(alt, want, len) == 0, "streaming GCM ciphertext, splits %zu %zu", s1, s2);
    FZ_CHECK(memcmp(t, want_tag, taglen) == 0, "streaming GCM tag");
    /* Decrypt in place with the same splits and verify. */
    FZ_CHECK(axiom_gcm_init(c, AXIOM_DECRYPT, nonce, noncelen) == AXIOM_OK, "gcm_init dec");
    FZ_CHECK(axiom_gcm_aad(c, ad, adlen) == AXIOM_OK, "gcm_aad dec");
    FZ_CHECK(axiom_gcm_update(c, alt, alt, s1) == AXIOM_OK &&
             axiom_gcm_update(c, alt + s1, alt + s1, len - s1) == AXIOM_OK, "gcm_update dec");
    FZ_CHECK(axiom_gcm_verify(c, t, taglen) == AXIOM_OK, "gcm_verify");
    FZ_CHECK(memcmp(alt, msg, len) == 0, "streaming GCM decryption");
    axiom_gcm_free(c);
}

/* Every ChaCha20 and Poly1305 kernel usable here against the portable one. */
static void chacha_kernels(size_t len, size_t split, size_t off)
{
    uint32_t st[16];
    uint8_t t0[16], t1[16];
    axiom_chacha_init_state(st, key, 1, nonce);
    axiom_chacha_generic.xor(st, pt, msg, len);
    for (size_t k_i = 0; axiom_chacha_kernels[k_i]; k_i++) {
        const axiom_chacha_kernel *k = (const axiom_chacha_kernel *)axiom_chacha_kernels[k_i];
        if (!usable(k->features))
            continue;
        k->xor(st, alt + off, msg, len);
        FZ_CHECK(memcmp(alt + off, pt, len) == 0, "ChaCha20 kernel %s, %zu bytes", k->name, len);
    }
    axiom_poly1305 p;
    axiom_poly1305_init(&p, key, &axiom_poly1305_generic);
    axiom_poly1305_update(&p, msg, len);
    axiom_poly1305_final(&p, t0);
    for (size_t k_i = 0; axiom_poly1305_kernels[k_i]; k_i++) {
        const axiom_poly1305_kernel *k = (const axiom_poly1305_kernel *)axiom_poly1305_kernels[k_i];
        if (!usable(k->features))
            continue;
        axiom_poly1305_init(&p, key, k);
        axiom_poly1305_update(&p, msg, split);
        axiom_poly1305_update(&p, msg + split, len - split);
        axiom_poly1305_final(&p, t1);
        FZ_CHECK(memcmp(t0, t1, 16) == 0, "Poly1305 kernel %s, %zu bytes", k->name, len);
        if (k->oneshot) {
            /* The one-shot MAC on the whole blocks the kernel takes. */
            const size_t nb = len / 16 < k->oneshot_max ? len / 16 : k->oneshot_max;
            uint8_t t2[16];
            axiom_poly1305_init(&p, key, &axiom_poly1305_generic);
            axiom_poly1305_update(&p, msg, 16 * nb);
            axiom_poly1305_final(&p, t2);
            k->oneshot(t1, key, msg, nb);
            FZ_CHECK(memcmp(t2, t1, 16) == 0, "Poly1305 one-shot %s, %zu blocks", k->name, nb);
        }
    }
}

/* Every AEGIS kernel usable here, on its one-call path and on its step
 * operations, and streaming AEGIS split at fuzzer-chosen points, against
 * the public result. */
static void aegis_kernels(int alg, size_t adlen, size_t len, size_t off, size_t s1, size_t s2,
                          size_t sa, const uint8_t *want, const uint8_t *want_tag, size_t taglen)
{
    const axiom_aegis_variant *v = axiom_aegis_find(fz_aeads[alg].name);
    const size_t kl = fz_aeads[alg].keylen;
    uint8_t t[32];
    for (const axiom_kernel *const *kp = v->kernels; *kp; kp++) {
        const axiom_aegis_kernel *k = (const axiom_aegis_kernel *)*kp;
        if (!usable(k->features))
            continue;
        axiom_aegis_kernel steps = *k;
        steps.seal = NULL;
        steps.open = NULL;
        for (int i = 0; i < 2; i++) {
            axiom_aegis_crypt(i ? &steps : k, 1, alt + off, t, taglen, key, nonce, ad, adlen, msg,
                              len);
            FZ_CHECK(memcmp(alt + off, want, len) == 0, "AEGIS kernel %s%s ciphertext", k->name,
                     i ? " (steps)" : "");
            FZ_CHECK(memcmp(t, want_tag, taglen) == 0, "AEGIS kernel %s%s tag", k->name,
                     i ? " (steps)" : "");
        }
    }
    axiom_aegis_ctx *c;
    FZ_CHECK(axiom_aegis_new(&c, fz_aeads[alg].name) == AXIOM_OK, "aegis_new");
    FZ_CHECK(axiom_aegis_setkey(c, key, kl) == AXIOM_OK, "aegis_setkey");
    FZ_CHECK(axiom_aegis_init(c, AXIOM_ENCRYPT, nonce, kl) == AXIOM_OK, "aegis_init");
    FZ_CHECK(axiom_aegis_aad(c, ad, sa) == AXIOM_OK &&
             axiom_aegis_aad(c, ad + sa, adlen - sa) == AXIOM_OK, "aegis_aad");
    FZ_CHECK(axiom_aegis_update(c, alt, msg, s1) == AXIOM_OK &&
             axiom_aegis_update(c, alt + s1, msg + s1, s2 - s1) == AXIOM_OK &&
             axiom_aegis_update(c, alt + s2, msg + s2, len - s2) == AXIOM_OK, "aegis_update");
    FZ_CHECK(axiom_aegis_final(c, t, taglen) == AXIOM_OK, "aegis_final");
    FZ_CHECK(memcmp(alt, want, len) == 0, "streaming AEGIS ciphertext, splits %zu %zu", s1, s2);
    FZ_CHECK(memcmp(t, want_tag, taglen) == 0, "streaming AEGIS tag");
    FZ_CHECK(axiom_aegis_init(c, AXIOM_DECRYPT, nonce, kl) == AXIOM_OK, "aegis_init dec");
    FZ_CHECK(axiom_aegis_aad(c, ad, adlen) == AXIOM_OK, "aegis_aad dec");
    FZ_CHECK(axiom_aegis_update(c, alt, alt, s2) == AXIOM_OK &&
             axiom_aegis_update(c, alt + s2, alt + s2, len - s2) == AXIOM_OK, "aegis_update dec");
    FZ_CHECK(axiom_aegis_verify(c, t, taglen) == AXIOM_OK, "aegis_verify");
    FZ_CHECK(memcmp(alt, msg, len) == 0, "streaming AEGIS decryption");
    axiom_aegis_free(c);
}

/* Seal and open with the AD (@what bit 1) and/or the nonce (bit 2)
 * copied into the output buffer at offsets from @pos, from across the
 * output's start to across its end: the same ciphertext and tag as with
 * separate buffers, and the open succeeds. */
static void inside_output(axiom_aead_ctx *a, unsigned what, size_t pos, size_t noncelen,
                          size_t adlen, size_t len, size_t taglen, const uint8_t *want,
                          const uint8_t *want_tag)
{
    uint8_t *out = place + MAXAD;
    const long aoff = (long)(pos % (len + adlen + 1)) - (long)adlen;
    const long noff = (long)((pos / 3) % (len + noncelen + 1)) - (long)noncelen;
    const uint8_t *pa = ad, *pn = nonce;
    uint8_t t[32];
    for (int dir = 0; dir < 2; dir++) {
        memset(place, 0x5c, sizeof place);
        /* Nonce last: it wins where the two overlap, so the AD copy is
         * taken from the buffer as it stands then. */
        if (what & 2)
            memcpy(out + aoff, ad, adlen);
        if (what & 4) {
            memcpy(out + noff, nonce, noncelen);
            pn = out + noff;
        }
        uint8_t adc[MAXAD];
        if (what & 2) {
            memcpy(adc, out + aoff, adlen);
            pa = out + aoff;
        }
        int rc;
        if (dir == 0) {
            rc = axiom_aead_seal(a, out, t, taglen, pn, noncelen, pa, adlen, msg, len);
            FZ_CHECK(rc == AXIOM_OK, "seal, AD/nonce inside the output (%u)", what);
            if ((what & 2) && memcmp(adc, ad, adlen) != 0)
                return; /* the nonce overwrote part of the AD: nothing to compare with */
            FZ_CHECK(memcmp(out, want, len) == 0, "seal, AD at %+ld, nonce at %+ld (%u): text",
                     aoff, noff, what);
            FZ_CHECK(memcmp(t, want_tag, taglen) == 0, "seal, AD at %+ld, nonce at %+ld (%u): tag",
                     aoff, noff, what);
        } else {
            rc = axiom_aead_open(a, out, want_tag, taglen, pn, noncelen, pa, adlen, want, len);
            FZ_CHECK(rc == AXIOM_OK, "open, AD at %+ld, nonce at %+ld (%u)", aoff, noff, what);
            FZ_CHECK(memcmp(out, msg, len) == 0, "open, AD at %+ld, nonce at %+ld (%u): text",
                     aoff, noff, what);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_reader r = { data, size };
    const int alg = fz_u8(&r) % FZ_NAEADS;
    const uint8_t flags = fz_u8(&r);
    size_t taglen = 16, noncelen = fz_aeads[alg].kind == FZ_XCHACHAPOLY || fz_aeads[alg].kind == FZ_XAES ? 24 : 12;
    if (fz_aead_gcm_like(fz_aeads[alg].kind)) {
        taglen = gcm_tags[fz_u8(&r) % 7];
        noncelen = (flags & 1) ? 12 : 1 + fz_u8(&r) % sizeof nonce;
    } else if (fz_aeads[alg].kind == FZ_AEGIS) {
        taglen = (flags & 8) ? 32 : 16;
        noncelen = fz_aeads[alg].keylen;
    } else if (fz_aeads[alg].kind == FZ_MGM) {
        taglen = 4 + fz_u8(&r) % 13;
        noncelen = 16;
    } else if (fz_aeads[alg].kind == FZ_ACPKM) {
        noncelen = 16;
    }
    /* CTR-ACPKM-OMAC takes no AD. */
    const size_t adlen = fz_aeads[alg].kind == FZ_ACPKM ? (fz_u16(&r), 0) : fz_u16(&r) % (MAXAD + 1);
    const size_t len = fz_u16(&r) % (MAXLEN + 1);
    const size_t off_out = fz_u8(&r) % SLACK, off_alt = fz_u8(&r) % SLACK;
    const size_t s1 = len ? fz_u16(&r) % (len + 1) : 0;
    const size_t s2 = s1 + (len - s1 ? fz_u16(&r) % (len - s1 + 1) : 0);
    const size_t sa = adlen ? fz_u16(&r) % (adlen + 1) : 0;
    const uint8_t where = fz_u8(&r) % 4;
    const uint16_t pos = fz_u16(&r);
    const uint8_t bit = (uint8_t)(1u << (fz_u8(&r) % 8));
    fz_bytes(&r, key, fz_aeads[alg].keylen);
    fz_bytes(&r, nonce, noncelen);
    if (fz_aeads[alg].kind == FZ_MGM)
        nonce[0] &= 0x7f; /* RFC 9058: a 127-bit nonce */
    fz_bytes(&r, ad, adlen);
    fz_bytes(&r, msg, len);

    /* The public one-shot API is the reference for everything below. */
    axiom_aead_ctx *a;
    uint8_t tag[32], t2[32];
    FZ_CHECK(axiom_aead_new(&a, fz_aeads[alg].name) == AXIOM_OK, "new %s", fz_aeads[alg].name);
    FZ_CHECK(axiom_aead_setkey(a, key, fz_aeads[alg].keylen) == AXIOM_OK, "setkey");
    uint8_t *c = ct + off_out;
    FZ_CHECK(axiom_aead_seal(a, c, tag, taglen, nonce, noncelen, ad, adlen, msg, len) == AXIOM_OK,
             "seal");
    /* In place gives the same. */
    memcpy(alt + off_alt, msg, len);
    FZ_CHECK(axiom_aead_seal(a, alt + off_alt, t2, taglen, nonce, noncelen, ad, adlen,
                             alt + off_alt, len) == AXIOM_OK, "seal in place");
    FZ_CHECK(memcmp(alt + off_alt, c, len) == 0 && memcmp(t2, tag, taglen) == 0, "in-place seal");

#ifdef HAVE_GCRYPT
    uint8_t gt[16];
    if (gcry_seal(alg, noncelen, adlen, len, alt, gt) == 0) {
        FZ_CHECK(memcmp(alt, c, len) == 0, "%s ciphertext differs from libgcrypt", fz_aeads[alg].name);
        FZ_CHECK(memcmp(gt, tag, taglen) == 0, "%s tag differs from libgcrypt", fz_aeads[alg].name);
    }
#endif
    if (fz_aead_gcm_like(fz_aeads[alg].kind)) {
        gcm_tiers(fz_aeads[alg].kind == FZ_AES_GCM ? axiom_gcm_kernels : axiom_sm4_gcm_kernels, alg, noncelen,
                  adlen, len, off_alt, c, tag, taglen);
        gcm_stream(alg, noncelen, adlen, len, s1, s2, sa, c, tag, taglen);
    } else if (fz_aeads[alg].kind == FZ_AEGIS) {
        aegis_kernels(alg, adlen, len, off_alt, s1, s2, sa, c, tag, taglen);
    } else if (fz_aeads[alg].kind == FZ_XAES) {
        alg_tiers(&axiom_aead_xaes256_gcm, axiom_gcm_kernels, 32, 24, adlen, len, off_alt, c, tag,
                  16);
    } else if (fz_aeads[alg].kind == FZ_GCM_SIV) {
        alg_tiers(fz_aeads[alg].keylen == 16 ? &axiom_aead_aes128_gcm_siv : &axiom_aead_aes256_gcm_siv,
                  axiom_gcmsiv_kernels, fz_aeads[alg].keylen, 12, adlen, len, off_alt, c, tag, 16);
    } else if (fz_aeads[alg].kind == FZ_MGM) {
        alg_tiers(&axiom_aead_kuznyechik_mgm, axiom_kuz_kernels, 32, 16, adlen, len, off_alt, c,
                  tag, taglen);
    } else if (fz_aeads[alg].kind == FZ_ACPKM) {
        alg_tiers(&axiom_aead_kuznyechik_ctr_acpkm_omac, axiom_kuz_kernels, 32, 16, 0, len,
                  off_alt, c, tag, 16);
    } else {
        chacha_kernels(len, s1, off_alt);
    }

    if (flags & 6)
        inside_output(a, flags & 6, pos, noncelen, adlen, len, taglen, c, tag);

    /* Open the genuine message, out of place and in place. */
    uint8_t *p = pt + off_alt;
    FZ_CHECK(axiom_aead_open(a, p, tag, taglen, nonce, noncelen, ad, adlen, c, len) == AXIOM_OK,
             "open of a genuine message");
    FZ_CHECK(memcmp(p, msg, len) == 0, "open decrypts");

    /* One flipped bit: never accepted (a 4-byte GCM tag may be forged by
     * chance, 2^-32 a try, so only the wipe is required there), and the
     * output is wiped. */
    uint8_t *mc = c, *mt = tag, *ma = ad, *mn = nonce;
    size_t target_len[4] = { len, taglen, adlen, noncelen };
    uint8_t *target[4] = { mc, mt, ma, mn };
    /* (MGM's nonce keeps its top bit clear: set, the open refuses the
     * nonce itself.) */
    const uint8_t flip = fz_aeads[alg].kind == FZ_MGM && where == 3 && pos % noncelen == 0 &&
                                 bit == 0x80
                             ? 0x40
                             : bit;
    if (target_len[where]) {
        target[where][pos % target_len[where]] ^= flip;
        memset(p, 0xa5, len);
        int rc = axiom_aead_open(a, p, tag, taglen, nonce, noncelen, ad, adlen, c, len);
        if (taglen >= 8)
            FZ_CHECK(rc == AXIOM_EAUTH, "forgery accepted: field %d, byte %zu", where,
                     (size_t)(pos % target_len[where]));
        if (rc == AXIOM_EAUTH)
            FZ_CHECK(fz_all_zero(p, len), "output not wiped after AXIOM_EAUTH");
        target[where][pos % target_len[where]] ^= flip;
    }
    axiom_aead_free(a);
    return 0;
}
