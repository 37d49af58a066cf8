/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer target for the public API as a caller can misuse it: random
 * sequences of new/init/setkey/update/seal/open/final/free calls with
 * random arguments (NULL pointers, bad lengths and names, overlapping and
 * in-place buffers) on a handful of live contexts.  Every call must return
 * AXIOM_OK or a documented error code, must write nothing when it fails
 * (an AEAD open that fails authentication wipes its output instead), and
 * must refuse partial overlaps; ASan/LSan catch crashes and leaks. */
#include "config.h"

#include <axiom.h>

#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define ARENA 8192
#define SPAN 4096   /* lengths and offsets stay below this: in bounds */
#define SLOTS 3

static uint8_t arena[ARENA], before[ARENA];

static const char *const names[] = {
    "aes-128-ecb", "AES-256-CBC", "aes-192-ctr", "aes-128-cfb", "aes-256-ofb", "aes-128-xts",
    "aes-256-xts", "kuznyechik-ctr", "sm4-cbc", "chacha20", "aes-128-gcm", "aes-256-gcm",
    "Chacha20-Poly1305", "xchacha20-poly1305", "sha256", "sha224", "", "aes-512-ecb",
    "aes-128-gcm ", NULL,
};
#define NNAMES (sizeof names / sizeof names[0])

static int documented(int rc)
{
    return rc == AXIOM_OK || (rc <= AXIOM_EINVAL && rc >= AXIOM_ERANDOM);
}

static const char *name_arg(fz_reader *r)
{
    return names[fz_u8(r) % NNAMES];
}

/* A pointer into the arena, or NULL. */
static uint8_t *ptr_arg(fz_reader *r)
{
    uint16_t v = fz_u16(r);
    return v % 17 == 0 ? NULL : arena + v % SPAN;
}

/* Mostly small lengths, sometimes anything up to SPAN. */
static size_t len_arg(fz_reader *r)
{
    uint16_t v = fz_u16(r);
    return (v & 0x8000) ? v % SPAN : v % 80;
}

/* Output checks: on error nothing changed in [p, p + n). */
static void snap(const uint8_t *p, size_t n)
{
    if (p && n)
        memcpy(before + (p - arena), p, n);
}

static void unchanged(int rc, const uint8_t *p, size_t n, const char *call)
{
    FZ_CHECK(documented(rc), "%s returned %d", call, rc);
    FZ_CHECK(axiom_strerror(rc) != NULL, "strerror(%d)", rc);
    if (rc != AXIOM_OK && p && n)
        FZ_CHECK(memcmp(before + (p - arena), p, n) == 0, "%s wrote output on error %d", call, rc);
}

static int partial_overlap(const uint8_t *a, const uint8_t *b, size_t n)
{
    return a && b && n && a != b && a < b + n && b < a + n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_reader r = { data, size };
    axiom_cipher_ctx *ciph[SLOTS] = { 0 };
    axiom_aead_ctx *aead[SLOTS] = { 0 };
    axiom_hash_ctx *hash[SLOTS] = { 0 };
    axiom_hmac_ctx *hmac[SLOTS] = { 0 };
    axiom_gcm_ctx *gcm[SLOTS] = { 0 };
    int rc;

    /* Arena contents from the input's tail: keys, IVs and data. */
    for (size_t i = 0; i < ARENA; i++)
        arena[i] = size ? data[(i * 7) % size] : (uint8_t)i;

    for (int step = 0; step < 64 && r.n; step++) {
        const uint8_t op = fz_u8(&r) % 24;
        const unsigned s = fz_u8(&r) % SLOTS;
        switch (op) {
        case 0:
            axiom_cipher_free(ciph[s]);
            ciph[s] = NULL;
            rc = axiom_cipher_new(&ciph[s], name_arg(&r));
            FZ_CHECK(documented(rc) && (rc == AXIOM_OK) == (ciph[s] != NULL), "cipher_new %d", rc);
            break;
        case 1: {
            int dir = fz_u8(&r) % 3 - (fz_u8(&r) & 1);
            uint8_t *k = ptr_arg(&r), *iv = ptr_arg(&r);
            size_t kl = fz_u8(&r) % 70, ivl = fz_u8(&r) % 20;
            if (ciph[s] || fz_u8(&r) == 0)
                unchanged(axiom_cipher_init(ciph[s], dir, k, kl, iv, ivl), NULL, 0, "cipher_init");
            break;
        }
        case 2: {
            uint8_t *o = ptr_arg(&r), *in = (fz_u8(&r) & 1) ? o : ptr_arg(&r);
            size_t n = len_arg(&r);
            snap(o, n);
            rc = axiom_cipher_update(ciph[s], o, in, n);
            unchanged(rc, o, n, "cipher_update");
            if (partial_overlap(o, in, n))
                FZ_CHECK(rc != AXIOM_OK, "cipher_update accepted overlapping buffers");
            break;
        }
        case 3:
            axiom_cipher_free(ciph[s]);
            ciph[s] = NULL;
            break;
        case 4:
            axiom_aead_free(aead[s]);
            aead[s] = NULL;
            rc = axiom_aead_new(&aead[s], name_arg(&r));
            FZ_CHECK(documented(rc) && (rc == AXIOM_OK) == (aead[s] != NULL), "aead_new %d", rc);
            break;
        case 5:
            if (aead[s] || fz_u8(&r) == 0)
                unchanged(axiom_aead_setkey(aead[s], ptr_arg(&r), fz_u8(&r) % 40), NULL, 0,
                          "aead_setkey");
            break;
        case 6:
        case 7: {
            uint8_t *o = ptr_arg(&r), *in = (fz_u8(&r) & 1) ? o : ptr_arg(&r);
            uint8_t *tag = ptr_arg(&r), *nonce = ptr_arg(&r), *ad = ptr_arg(&r);
            size_t taglen = fz_u8(&r) % 20, nl = fz_u8(&r) % 30, adl = len_arg(&r);
            size_t n = len_arg(&r);
            if (!aead[s] && fz_u8(&r) != 0)
                break;
            snap(o, n);
            if (op == 6) {
                snap(tag, taglen);
                rc = axiom_aead_seal(aead[s], o, tag, taglen, nonce, nl, ad, adl, in, n);
                unchanged(rc, tag, taglen, "aead_seal tag");
            } else {
                rc = axiom_aead_open(aead[s], o, tag, taglen, nonce, nl, ad, adl, in, n);
                if (rc == AXIOM_EAUTH && o && (!tag || tag >= o + n || tag + taglen <= o))
                    FZ_CHECK(fz_all_zero(o, n), "aead_open did not wipe on AXIOM_EAUTH");
            }
            if (rc != AXIOM_EAUTH)
                unchanged(rc, o, n, op == 6 ? "aead_seal" : "aead_open");
            if (partial_overlap(o, in, n))
                FZ_CHECK(rc != AXIOM_OK, "aead accepted overlapping buffers");
            break;
        }
        case 8:
            axiom_aead_free(aead[s]);
            aead[s] = NULL;
            break;
        case 9:
            axiom_hash_free(hash[s]);
            hash[s] = NULL;
            rc = axiom_hash_new(&hash[s], name_arg(&r));
            FZ_CHECK(documented(rc) && (rc == AXIOM_OK) == (hash[s] != NULL), "hash_new %d", rc);
            break;
        case 10:
            if (hash[s] || fz_u8(&r) == 0)
                unchanged(axiom_hash_update(hash[s], ptr_arg(&r), len_arg(&r)), NULL, 0,
                          "hash_update");
            break;
        case 11: {
            uint8_t *o = ptr_arg(&r);
            size_t n = fz_u8(&r) % 40;
            if (!hash[s] && fz_u8(&r) != 0)
                break;
            snap(o, n);
            unchanged(axiom_hash_final(hash[s], o, n), o, n, "hash_final");
            break;
        }
        case 12: {
            uint8_t *o = ptr_arg(&r);
            size_t n = fz_u8(&r) % 40;
            const char *nm = name_arg(&r);
            snap(o, n);
            unchanged(axiom_hash(nm, o, n, ptr_arg(&r), len_arg(&r)), o, n, "hash");
            break;
        }
        case 13: {
            uint8_t *o = ptr_arg(&r);
            size_t n = fz_u8(&r) % 40;
            const char *nm = name_arg(&r);
            uint8_t *k = ptr_arg(&r), *in = ptr_arg(&r);
            size_t kl = len_arg(&r), inl = len_arg(&r);
            snap(o, n);
            unchanged(axiom_hmac(nm, o, n, k, kl, in, inl), o, n, "hmac");
            break;
        }
        case 14:
            axiom_hmac_free(hmac[s]);
            hmac[s] = NULL;
            rc = axiom_hmac_new(&hmac[s], name_arg(&r));
            FZ_CHECK(documented(rc) && (rc == AXIOM_OK) == (hmac[s] != NULL), "hmac_new %d", rc);
            break;
        case 15:
            if (hmac[s] || fz_u8(&r) == 0)
                unchanged(axiom_hmac_setkey(hmac[s], ptr_arg(&r), len_arg(&r)), NULL, 0,
                          "hmac_setkey");
            break;
        case 16:
            if (hmac[s] || fz_u8(&r) == 0)
                unchanged(axiom_hmac_update(hmac[s], ptr_arg(&r), len_arg(&r)), NULL, 0,
                          "hmac_update");
            break;
        case 17: {
            uint8_t *o = ptr_arg(&r);
            size_t n = fz_u8(&r) % 40;
            if (!hmac[s] && fz_u8(&r) != 0)
                break;
            snap(o, n);
            unchanged(axiom_hmac_final(hmac[s], o, n), o, n, "hmac_final");
            break;
        }
        case 18: {
            uint8_t *o = ptr_arg(&r);
            size_t n = len_arg(&r) % 9000;
            const char *nm = name_arg(&r);
            uint8_t *ikm = ptr_arg(&r), *salt = ptr_arg(&r), *info = ptr_arg(&r);
            size_t il = len_arg(&r), sl = len_arg(&r), fl = len_arg(&r);
            snap(o, n);
            unchanged(axiom_hkdf(nm, o, n, ikm, il, salt, sl, info, fl), o, n, "hkdf");
            break;
        }
        case 19:
            axiom_gcm_free(gcm[s]);
            gcm[s] = NULL;
            rc = axiom_gcm_new(&gcm[s], name_arg(&r));
            FZ_CHECK(documented(rc) && (rc == AXIOM_OK) == (gcm[s] != NULL), "gcm_new %d", rc);
            if (gcm[s])
                (void)axiom_gcm_setkey(gcm[s], arena, fz_u8(&r) % 40);
            break;
        case 20: {
            int dir = fz_u8(&r) % 3;
            uint8_t *nonce = ptr_arg(&r);
            size_t nl = fz_u8(&r) % 30;
            if (gcm[s] || fz_u8(&r) == 0)
                unchanged(axiom_gcm_init(gcm[s], dir, nonce, nl), NULL, 0, "gcm_init");
            break;
        }
        case 21:
            if (gcm[s] || fz_u8(&r) == 0)
                unchanged(axiom_gcm_aad(gcm[s], ptr_arg(&r), len_arg(&r)), NULL, 0, "gcm_aad");
            break;
        case 22: {
            uint8_t *o = ptr_arg(&r), *in = (fz_u8(&r) & 1) ? o : ptr_arg(&r);
            size_t n = len_arg(&r);
            if (!gcm[s] && fz_u8(&r) != 0)
                break;
            snap(o, n);
            rc = axiom_gcm_update(gcm[s], o, in, n);
            unchanged(rc, o, n, "gcm_update");
            if (partial_overlap(o, in, n))
                FZ_CHECK(rc != AXIOM_OK, "gcm_update accepted overlapping buffers");
            break;
        }
        case 23: {
            uint8_t *tag = ptr_arg(&r);
            size_t tl = fz_u8(&r) % 20;
            if (!gcm[s] && fz_u8(&r) != 0)
                break;
            if (fz_u8(&r) & 1) {
                snap(tag, tl);
                unchanged(axiom_gcm_final(gcm[s], tag, tl), tag, tl, "gcm_final");
            } else {
                rc = axiom_gcm_verify(gcm[s], tag, tl);
                FZ_CHECK(documented(rc), "gcm_verify %d", rc);
            }
            break;
        }
        }
    }
    for (unsigned s = 0; s < SLOTS; s++) {
        axiom_cipher_free(ciph[s]);
        axiom_aead_free(aead[s]);
        axiom_hash_free(hash[s]);
        axiom_hmac_free(hmac[s]);
        axiom_gcm_free(gcm[s]);
    }
    return 0;
}
