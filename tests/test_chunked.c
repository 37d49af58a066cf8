/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests of chunked encryption (c2sp.org/chunked-encryption): every
 * Wycheproof Cobblestone vector through push, pull, random-access and raw
 * decryption with the partial-plaintext rules, re-encryption with the
 * vector's salt and in raw mode; round trips around every chunk boundary
 * against a reference written here over libgcrypt (HKDF-Expand from its
 * HMAC, chunks from its AES-GCM); the chunk-counter limits; truncation,
 * extension, bit flips and reordering; and every error path. */
#include "config.h"

#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include <axiom.h>
#include <axiom/chunked_hazmat.h>
#include <gcrypt.h>

#include "testutil.h"

#define CHUNK AXIOM_CHUNKED_CHUNK
#define CTCHUNK AXIOM_CHUNKED_CT_CHUNK
#define HDR AXIOM_CHUNKED_HEADER

static const char *const suites[] = { "aes-128-gcm+sha256", "aes-128-gcm+sha512",
                                      "aes-256-gcm+sha256", "aes-256-gcm+sha512" };
#define NSUITES (sizeof suites / sizeof suites[0])

static size_t suite_keylen(const char *s)
{
    return strstr(s, "128") ? 16 : 32;
}

/* ---- the reference (libgcrypt) ------------------------------------------------ */

static void ref_hkdf_expand(int mac_algo, size_t dl, uint8_t *out, size_t outlen,
                            const uint8_t *prk, size_t prklen, const uint8_t *info,
                            size_t infolen)
{
    uint8_t t[64], *msg = malloc(64 + infolen + 1);
    ck_assert(msg != NULL);
    size_t tl = 0, done = 0;
    for (unsigned i = 1; done < outlen; i++) {
        gcry_mac_hd_t h;
        size_t n = dl;
        memcpy(msg, t, tl);
        memcpy(msg + tl, info, infolen);
        msg[tl + infolen] = (uint8_t)i;
        ck_assert_int_eq(gcry_mac_open(&h, mac_algo, 0, NULL), 0);
        ck_assert_int_eq(gcry_mac_setkey(h, prk, prklen), 0);
        ck_assert_int_eq(gcry_mac_write(h, msg, tl + infolen + 1), 0);
        ck_assert_int_eq(gcry_mac_read(h, t, &n), 0);
        gcry_mac_close(h);
        tl = dl;
        size_t take = outlen - done < dl ? outlen - done : dl;
        memcpy(out + done, t, take);
        done += take;
    }
    free(msg);
}

/* The whole ciphertext of @msg under @suite with the given salt, written
 * from the specification with libgcrypt; returns its length. */
static size_t ref_encrypt(const char *suite, const uint8_t *key, const uint8_t *ctx,
                          size_t ctxlen, const uint8_t salt[24], const uint8_t *msg, size_t len,
                          uint8_t *out)
{
    const int big = strstr(suite, "256-gcm") != NULL, s512 = strstr(suite, "sha512") != NULL;
    const size_t kl = big ? 32 : 16;
    const char *iana = big ? "AEAD_AES_256_GCM" : "AEAD_AES_128_GCM";
    static const char prefix[] = "c2sp.org/chunked-encryption@v1+";
    size_t infolen = strlen(prefix) + strlen(iana) + 1 + 24 + ctxlen;
    uint8_t *info = malloc(infolen), okm[32 + 12 + 32];
    ck_assert(info != NULL);
    size_t o = 0;
    memcpy(info + o, prefix, strlen(prefix)), o += strlen(prefix);
    memcpy(info + o, iana, strlen(iana)), o += strlen(iana);
    info[o++] = 0;
    memcpy(info + o, salt, 24), o += 24;
    if (ctxlen)
        memcpy(info + o, ctx, ctxlen);
    ref_hkdf_expand(s512 ? GCRY_MAC_HMAC_SHA512 : GCRY_MAC_HMAC_SHA256, s512 ? 64 : 32, okm,
                    kl + 12 + 32, key, kl, info, infolen);
    free(info);
    memcpy(out, salt, 24);
    memcpy(out + 24, okm + kl + 12, 32);
    size_t w = HDR;
    gcry_cipher_hd_t h;
    ck_assert_int_eq(gcry_cipher_open(&h, big ? GCRY_CIPHER_AES256 : GCRY_CIPHER_AES128,
                                      GCRY_CIPHER_MODE_GCM, 0), 0);
    ck_assert_int_eq(gcry_cipher_setkey(h, okm, kl), 0);
    for (uint64_t i = 0;; i++) {
        size_t n = len - i * CHUNK < CHUNK ? len - i * CHUNK : CHUNK;
        uint8_t nonce[12];
        memcpy(nonce, okm + kl, 12);
        for (int b = 0; b < 8; b++)
            nonce[11 - b] ^= (uint8_t)(i >> (8 * b));
        ck_assert_int_eq(gcry_cipher_setiv(h, nonce, 12), 0);
        ck_assert_int_eq(gcry_cipher_final(h), 0);
        if (n)
            ck_assert_int_eq(gcry_cipher_encrypt(h, out + w, n, msg + i * CHUNK, n), 0);
        ck_assert_int_eq(gcry_cipher_gettag(h, out + w + n, 16), 0);
        w += n + 16;
        if (n < CHUNK)
            break;
    }
    gcry_cipher_close(h);
    return w;
}

/* ---- helpers ---------------------------------------------------------------- */

typedef struct {
    uint8_t *p;
    size_t len, cap;
} vec;

static void vec_put(vec *v, const uint8_t *p, size_t n)
{
    if (v->len + n > v->cap) {
        v->cap = (v->len + n) * 2 + 64;
        v->p = realloc(v->p, v->cap);
        ck_assert(v->p != NULL);
    }
    if (n)
        memcpy(v->p + v->len, p, n);
    v->len += n;
}

/* Push decryption of @ct fed in pieces (@piece 0: random cuts).  Returns
 * the error (AXIOM_OK: complete and authentic), the output in @out; checks
 * the failure sticks. */
static int push_decrypt(const char *suite, const uint8_t *key, size_t kl, const uint8_t *ctx,
                        size_t ctxlen, const uint8_t *ct, size_t ctlen, size_t piece, vec *out,
                        int *failure)
{
    axiom_chunked_ctx *c;
    TU_ASSERT_RC(axiom_chunked_new(&c, suite), AXIOM_OK, "%s", suite);
    int rc = axiom_chunked_decrypt_init(c, key, kl, ctx, ctxlen);
    if (rc != AXIOM_OK) {
        axiom_chunked_free(c);
        return rc;
    }
    size_t cap = AXIOM_CHUNKED_DECRYPT_UPDATE_MAX(ctlen) + CHUNK;
    uint8_t *buf = malloc(cap);
    ck_assert(buf != NULL);
    size_t pos = 0;
    while (pos < ctlen && rc == AXIOM_OK) {
        size_t n = piece ? piece : tu_rand_range(1, ctlen - pos < 40000 ? ctlen - pos : 40000);
        if (n > ctlen - pos)
            n = ctlen - pos;
        size_t got = 7;
        rc = axiom_chunked_decrypt_update(c, buf, cap, &got, ct + pos, n);
        if (rc == AXIOM_OK) {
            TU_ASSERT(got % CHUNK == 0, "update released %zu bytes", got);
            vec_put(out, buf, got);
        } else {
            TU_ASSERT(got == 0, "failed update reported output");
        }
        pos += n;
    }
    size_t got = 7;
    if (rc == AXIOM_OK) {
        rc = axiom_chunked_decrypt_final(c, buf, cap, &got);
        if (rc == AXIOM_OK)
            vec_put(out, buf, got);
        else
            TU_ASSERT(got == 0, "failed final reported output");
    }
    *failure = axiom_chunked_failure(c);
    if (rc != AXIOM_OK) {
        /* It keeps failing, with the same error. */
        TU_ASSERT(*failure != AXIOM_CHUNKED_OK, "failed without a reason");
        TU_ASSERT_RC(axiom_chunked_decrypt_update(c, buf, cap, &got, ct, ctlen ? 1 : 0), rc,
                     "update after failure");
        TU_ASSERT_RC(axiom_chunked_decrypt_final(c, buf, cap, &got), rc, "final after failure");
        TU_ASSERT_RC(axiom_chunked_decrypt_final(c, buf, cap, &got), rc, "final again");
    } else {
        TU_ASSERT(*failure == AXIOM_CHUNKED_OK, "success with a failure reason");
        TU_ASSERT_RC(axiom_chunked_decrypt_final(c, buf, cap, &got), AXIOM_ESTATE,
                     "final after the end");
    }
    free(buf);
    axiom_chunked_free(c);
    return rc;
}


/* Pull decryption (or encryption); the output in @out. */
static int pull(const char *suite, int dir, const uint8_t *key, size_t kl, const uint8_t *ctx,
                size_t ctxlen, const uint8_t *in, size_t inlen, size_t max, vec *out,
                int *failure)
{
    tu_mem_source s = { in, inlen, 0, max };
    axiom_chunked_reader *r;
    int rc = axiom_chunked_reader_new(&r, suite, dir, key, kl, ctx, ctxlen, tu_mem_read, &s);
    if (rc != AXIOM_OK)
        return rc;
    uint8_t buf[40000];
    for (;;) {
        size_t want = tu_rand_range(0, 3) ? tu_rand_range(1, 100) : tu_rand_range(1, sizeof buf);
        size_t got = 99999;
        rc = axiom_chunked_read(r, buf, want, &got);
        if (rc != AXIOM_OK) {
            TU_ASSERT(got == 0, "failed read reported bytes");
            break;
        }
        TU_ASSERT(got <= want, "read more than asked");
        vec_put(out, buf, got);
        if (got == 0)
            break;
    }
    *failure = axiom_chunked_reader_failure(r);
    if (rc != AXIOM_OK) {
        size_t got;
        TU_ASSERT_RC(axiom_chunked_read(r, buf, 10, &got), rc, "read after failure");
    } else {
        size_t got = 5;
        TU_ASSERT_RC(axiom_chunked_read(r, buf, 10, &got), AXIOM_OK, "read after the end");
        TU_ASSERT(got == 0, "bytes after the end");
    }
    axiom_chunked_reader_free(r);
    return rc;
}

/* ---- Wycheproof ---------------------------------------------------------------- */

static int has_flag(json_object *tc, const char *flag)
{
    json_object *flags;
    if (!json_object_object_get_ex(tc, "flags", &flags))
        return 0;
    for (size_t i = 0; i < json_object_array_length(flags); i++)
        if (strcmp(json_object_get_string(json_object_array_get_idx(flags, i)), flag) == 0)
            return 1;
    return 0;
}

static const char *str(json_object *o, const char *key)
{
    json_object *v;
    return json_object_object_get_ex(o, key, &v) ? json_object_get_string(v) : NULL;
}

static uint8_t *inflate_hex(const char *hex, size_t *len)
{
    size_t zl;
    uint8_t *z = tu_hex_alloc(hex, &zl);
    size_t cap = 1 << 16;
    uint8_t *out = malloc(cap);
    ck_assert(out != NULL);
    z_stream s;
    memset(&s, 0, sizeof s);
    ck_assert_int_eq(inflateInit(&s), Z_OK);
    s.next_in = z;
    s.avail_in = (uInt)zl;
    int zr;
    do {
        if (s.total_out == cap) {
            cap *= 2;
            out = realloc(out, cap);
            ck_assert(out != NULL);
        }
        s.next_out = out + s.total_out;
        s.avail_out = (uInt)(cap - s.total_out);
        zr = inflate(&s, Z_NO_FLUSH);
    } while (zr == Z_OK);
    ck_assert_msg(zr == Z_STREAM_END, "bad zlib stream");
    *len = s.total_out;
    inflateEnd(&s);
    free(z);
    return out;
}

/* The message prefix a valid chunk sequence decrypts to, by the one-shot
 * AEAD with the vector's aeadKey and baseNonce: @n whole chunks. */
static void expected_prefix(const char *aead, const uint8_t *akey, size_t kl,
                            const uint8_t *base, const uint8_t *body, size_t n, vec *out)
{
    axiom_aead_ctx *a;
    TU_ASSERT_RC(axiom_aead_new(&a, aead), AXIOM_OK, "%s", aead);
    TU_ASSERT_RC(axiom_aead_setkey(a, akey, kl), AXIOM_OK, "setkey");
    uint8_t pt[CHUNK];
    for (size_t i = 0; i < n; i++) {
        uint8_t nonce[12];
        memcpy(nonce, base, 12);
        for (int b = 0; b < 8; b++)
            nonce[11 - b] ^= (uint8_t)(i >> (8 * b));
        TU_ASSERT_RC(axiom_aead_open(a, pt, body + i * CTCHUNK + CHUNK, 16, nonce, 12, NULL, 0,
                                     body + i * CTCHUNK, CHUNK),
                     AXIOM_OK, "prefix chunk %zu", i);
        vec_put(out, pt, CHUNK);
    }
    axiom_aead_free(a);
}

static void check_digest(const vec *m, const char *want_hex, const char *what, int id)
{
    uint8_t want[64], got[64];
    TU_ASSERT(tu_hex_decode(want, sizeof want, want_hex) == 64, "msgSha512");
    gcry_md_hash_buffer(GCRY_MD_SHA512, got, m->len ? m->p : (const uint8_t *)"", m->len);
    TU_ASSERT_MEM_EQ(got, want, 64, "tcId %d: %s: SHA-512 of the message", id, what);
}

/* An invalid vector's output: nothing, or (PartialPlaintext) a prefix of
 * the valid part, never more. */
static void check_partial(const vec *out, int partial, const vec *prefix, int id,
                          const char *what)
{
    if (!partial) {
        TU_ASSERT(out->len == 0, "tcId %d: %s released %zu bytes", id, what, out->len);
        return;
    }
    TU_ASSERT(out->len <= prefix->len, "tcId %d: %s released %zu bytes past the valid %zu", id,
              what, out->len, prefix->len);
    TU_ASSERT_MEM_EQ(out->p, prefix->p, out->len, "tcId %d: %s output is not the valid prefix",
                     id, what);
}

static const char *const vector_files[] = { "c2sp_chunked_encryption_aes_128_gcm_test.json",
                                            "c2sp_chunked_encryption_aes_256_gcm_test.json" };

START_TEST(test_wycheproof)
{
    char *path = tu_vector_path(vector_files[_i]);
    json_object *root = json_object_from_file(path);
    ck_assert_msg(root != NULL, "cannot read %s", path);
    free(path);
    json_object *groups;
    ck_assert(json_object_object_get_ex(root, "testGroups", &groups));
    size_t nvalid = 0, ninvalid = 0, nraw = 0;
    tu_rng_reset(vector_files[_i]);
    for (size_t g = 0; g < json_object_array_length(groups); g++) {
        json_object *grp = json_object_array_get_idx(groups, g);
        const char *aead_iana = str(grp, "aead");
        TU_ASSERT(strcmp(str(grp, "sha"), "SHA-512") == 0, "hash");
        const int big = strcmp(aead_iana, "AEAD_AES_256_GCM") == 0;
        const char *suite = big ? "cobblestone-256" : "cobblestone-128";
        const char *aead = big ? "aes-256-gcm" : "aes-128-gcm";
        json_object *tests;
        ck_assert(json_object_object_get_ex(grp, "tests", &tests));
        for (size_t t = 0; t < json_object_array_length(tests); t++) {
            json_object *tc = json_object_array_get_idx(tests, t);
            json_object *idv;
            json_object_object_get_ex(tc, "tcId", &idv);
            const int id = json_object_get_int(idv);
            const int valid = strcmp(str(tc, "result"), "valid") == 0;
            const int partial = has_flag(tc, "PartialPlaintext");
            const int header_failure = has_flag(tc, "HeaderFailure");
            size_t kl, cl, ctlen;
            uint8_t *key = tu_hex_alloc(str(tc, "key"), &kl);
            uint8_t *cx = tu_hex_alloc(str(tc, "ctx"), &cl);
            uint8_t *ct = inflate_hex(str(tc, "ct"), &ctlen);
            json_object *ml;
            size_t msglen = json_object_object_get_ex(tc, "msgLength", &ml)
                                ? (size_t)json_object_get_int64(ml) : 0;
            uint8_t *akey = NULL, *base = NULL;
            size_t akl = 0, bl = 0;
            if (!header_failure) {
                akey = tu_hex_alloc(str(tc, "aeadKey"), &akl);
                base = tu_hex_alloc(str(tc, "baseNonce"), &bl);
            }
            /* What a valid prefix decrypts to, independently. */
            vec prefix = { 0 };
            if ((valid || partial) && akey)
                expected_prefix(aead, akey, akl, base, ct + HDR,
                                valid ? (ctlen - HDR) / CTCHUNK : msglen / CHUNK, &prefix);
            if (has_flag(tc, "InvalidKeySize")) {
                axiom_chunked_ctx *c;
                TU_ASSERT_RC(axiom_chunked_new(&c, suite), AXIOM_OK, "new");
                TU_ASSERT_RC(axiom_chunked_decrypt_init(c, key, kl, cx, cl), AXIOM_EKEYLEN,
                             "tcId %d: key of %zu bytes", id, kl);
                axiom_chunked_free(c);
            }
            /* Push: whole, in 1000-byte pieces, in random pieces. */
            static const size_t pieces[] = { (size_t)-1, 1000, 0, 7 };
            for (size_t p = 0; p < 4; p++) {
                if (pieces[p] == 7 && ctlen > 100000)
                    continue; /* byte-sized feeding of the 4 MiB vectors: slow, nothing new */
                vec out = { 0 };
                int failure;
                int rc = push_decrypt(suite, key, kl, cx, cl, ct, ctlen,
                                      pieces[p] == (size_t)-1 ? ctlen + 1 : pieces[p], &out,
                                      &failure);
                if (valid) {
                    TU_ASSERT_RC(rc, AXIOM_OK, "tcId %d (%s): push, pieces %zu", id,
                                 str(tc, "comment"), pieces[p]);
                    TU_ASSERT(out.len == msglen, "tcId %d: length %zu", id, out.len);
                    check_digest(&out, str(tc, "msgSha512"), "push", id);
                    if (prefix.len)
                        TU_ASSERT_MEM_EQ(out.p, prefix.p, prefix.len, "tcId %d: chunks", id);
                } else {
                    TU_ASSERT(rc == AXIOM_EAUTH || rc == AXIOM_ELENGTH || rc == AXIOM_EKEYLEN,
                              "tcId %d (%s): push returned %s", id, str(tc, "comment"),
                              tu_errname(rc));
                    if (header_failure && rc != AXIOM_EKEYLEN)
                        TU_ASSERT(failure == AXIOM_CHUNKED_BAD_HEADER ||
                                      failure == AXIOM_CHUNKED_TRUNCATED,
                                  "tcId %d: header failure reported as %d", id, failure);
                    check_partial(&out, partial, &prefix, id, "push");
                    if (partial && pieces[p] == 1000)
                        TU_ASSERT(out.len == msglen, "tcId %d: verified prefix %zu of %zu", id,
                                  out.len, msglen);
                    if (partial && out.len == msglen && msglen)
                        check_digest(&out, str(tc, "msgSha512"), "push prefix", id);
                }
                free(out.p);
            }
            /* Pull. */
            {
                vec out = { 0 };
                int failure;
                int rc = pull(suite, AXIOM_DECRYPT, key, kl, cx, cl, ct, ctlen,
                              tu_rand_range(0, 1) ? 0 : tu_rand_range(1, 20000), &out, &failure);
                if (valid) {
                    TU_ASSERT_RC(rc, AXIOM_OK, "tcId %d: pull", id);
                    TU_ASSERT(out.len == msglen, "tcId %d: pull length", id);
                    check_digest(&out, str(tc, "msgSha512"), "pull", id);
                } else {
                    TU_ASSERT(rc == AXIOM_EAUTH || rc == AXIOM_ELENGTH || rc == AXIOM_EKEYLEN,
                              "tcId %d: pull returned %s", id, tu_errname(rc));
                    check_partial(&out, partial, &prefix, id, "pull");
                }
                free(out.p);
            }
            /* Random access: the whole message, then the length. */
            {
                tu_mem_source s = { ct, ctlen, 0, 0 };
                axiom_chunked_ra *ra;
                int rc = axiom_chunked_ra_open(&ra, suite, key, kl, cx, cl, ctlen, tu_mem_pread, &s);
                int whole_ok = 0, length_ok = 0;
                if (rc == AXIOM_OK) {
                    uint8_t *buf = malloc(msglen + CHUNK + 1);
                    ck_assert(buf != NULL);
                    size_t got = 1, want = valid ? msglen + 1 : ctlen;
                    rc = axiom_chunked_ra_read(ra, buf, want, 0, &got);
                    if (rc == AXIOM_OK) {
                        whole_ok = 1;
                        vec m = { buf, got, got };
                        if (valid) {
                            TU_ASSERT(got == msglen, "tcId %d: ra length %zu", id, got);
                            check_digest(&m, str(tc, "msgSha512"), "random access", id);
                        }
                    } else {
                        TU_ASSERT(got == 0, "tcId %d: failed ra_read reported bytes", id);
                    }
                    uint64_t n = 0;
                    length_ok = axiom_chunked_ra_length(ra, &n) == AXIOM_OK;
                    if (length_ok && valid)
                        TU_ASSERT(n == msglen, "tcId %d: ra_length %llu", id,
                                  (unsigned long long)n);
                    /* A range inside the valid prefix reads as the prefix,
                     * unless it reaches the end that the ciphertext's length
                     * implies (header, whole chunks, a last one of 16 bytes or
                     * more): reaching the end proves it, so it fails where the
                     * last chunk does not authenticate (a valid prefix that
                     * is the whole claimed text, before an empty last chunk
                     * with a bad tag). */
                    for (int r = 0; r < 2 && partial && prefix.len; r++) {
                        /* a random range, then the prefix's last byte */
                        size_t off = r ? prefix.len - 1 : tu_rand_range(0, prefix.len - 1);
                        size_t l = r ? 1 : tu_rand_range(1, prefix.len - off);
                        const uint64_t body = ctlen - AXIOM_CHUNKED_HEADER;
                        const uint64_t claimed =
                            body / AXIOM_CHUNKED_CT_CHUNK * AXIOM_CHUNKED_CHUNK +
                            body % AXIOM_CHUNKED_CT_CHUNK - AXIOM_CHUNKED_TAG;
                        rc = axiom_chunked_ra_read(ra, buf, l, off, &got);
                        if (off + l >= claimed && !length_ok) {
                            TU_ASSERT_RC(rc, AXIOM_EAUTH, "tcId %d: range to the unproven end",
                                         id);
                            TU_ASSERT(got == 0, "tcId %d: failed range reported bytes", id);
                        } else {
                            TU_ASSERT_RC(rc, AXIOM_OK, "tcId %d: range in the valid prefix", id);
                            TU_ASSERT(got == l, "short");
                            TU_ASSERT_MEM_EQ(buf, prefix.p + off, l, "tcId %d: prefix range",
                                             id);
                        }
                    }
                    free(buf);
                    axiom_chunked_ra_free(ra);
                }
                if (valid) {
                    TU_ASSERT(whole_ok && length_ok, "tcId %d: random access failed", id);
                } else {
                    TU_ASSERT(!whole_ok, "tcId %d (%s): random access read all of an invalid "
                                         "message", id, str(tc, "comment"));
                    if (!has_flag(tc, "ValidFinalChunk"))
                        TU_ASSERT(!length_ok, "tcId %d: length authenticated", id);
                }
            }
            /* Raw mode, and deterministic re-encryption. */
            if (!header_failure) {
                nraw++;
                axiom_chunked_ctx *c;
                TU_ASSERT_RC(axiom_chunked_new(&c, suite), AXIOM_OK, "new");
                TU_ASSERT_RC(axiom_chunked_raw_decrypt_init(c, akey, akl, base, bl), AXIOM_OK,
                             "raw init");
                size_t cap = ctlen + CHUNK, got = 0, total = 0;
                uint8_t *buf = malloc(cap);
                ck_assert(buf != NULL);
                int rc = axiom_chunked_decrypt_update(c, buf, cap, &got, ct + HDR, ctlen - HDR);
                total = got;
                if (rc == AXIOM_OK) {
                    rc = axiom_chunked_decrypt_final(c, buf + total, cap - total, &got);
                    total += rc == AXIOM_OK ? got : 0;
                }
                if (valid) {
                    TU_ASSERT_RC(rc, AXIOM_OK, "tcId %d: raw", id);
                    vec m = { buf, total, total };
                    check_digest(&m, str(tc, "msgSha512"), "raw", id);
                    /* Raw encryption reproduces the chunks exactly... */
                    uint8_t *re = malloc(ctlen + CTCHUNK);
                    ck_assert(re != NULL);
                    size_t w = 0, n;
                    TU_ASSERT_RC(axiom_chunked_raw_encrypt_init(c, akey, akl, base, bl),
                                 AXIOM_OK, "raw encrypt");
                    TU_ASSERT_RC(axiom_chunked_encrypt_update(c, re, ctlen + CTCHUNK, &n, buf,
                                                              total), AXIOM_OK, "update");
                    w += n;
                    TU_ASSERT_RC(axiom_chunked_encrypt_final(c, re + w, ctlen + CTCHUNK - w, &n),
                                 AXIOM_OK, "final");
                    w += n;
                    TU_ASSERT(w == ctlen - HDR, "tcId %d: raw re-encryption length", id);
                    TU_ASSERT_MEM_EQ(re, ct + HDR, w, "tcId %d: raw re-encryption", id);
                    /* ...and with the vector's salt, the whole ciphertext. */
                    uint8_t hdr[HDR];
                    TU_ASSERT_RC(axiom_chunked_encrypt_init_salt(c, key, kl, cx, cl, ct, hdr),
                                 AXIOM_OK, "salt");
                    TU_ASSERT_MEM_EQ(hdr, ct, HDR, "tcId %d: header", id);
                    w = 0;
                    for (size_t off = 0; off < total;) {
                        size_t piece = tu_rand_range(1, 50000);
                        if (piece > total - off)
                            piece = total - off;
                        TU_ASSERT_RC(axiom_chunked_encrypt_update(c, re + w, ctlen + CTCHUNK - w,
                                                                  &n, buf + off, piece),
                                     AXIOM_OK, "update");
                        w += n;
                        off += piece;
                    }
                    TU_ASSERT_RC(axiom_chunked_encrypt_final(c, re + w, ctlen + CTCHUNK - w, &n),
                                 AXIOM_OK, "final");
                    w += n;
                    TU_ASSERT(w == ctlen - HDR, "length");
                    TU_ASSERT_MEM_EQ(re, ct + HDR, w, "tcId %d: salted re-encryption", id);
                    free(re);
                } else {
                    TU_ASSERT(rc == AXIOM_EAUTH || rc == AXIOM_ELENGTH, "tcId %d: raw returned %s",
                              id, tu_errname(rc));
                }
                free(buf);
                axiom_chunked_free(c);
            }
            valid ? nvalid++ : ninvalid++;
            free(prefix.p);
            free(key);
            free(cx);
            free(ct);
            free(akey);
            free(base);
        }
    }
    json_object *nt;
    json_object_object_get_ex(root, "numberOfTests", &nt);
    TU_ASSERT(nvalid + ninvalid == (size_t)json_object_get_int(nt), "test count");
    printf("[%s] %s: %zu valid and %zu invalid through push, pull, random access; %zu raw\n",
           tu_tier(), vector_files[_i], nvalid, ninvalid, nraw);
    json_object_put(root);
}
END_TEST

/* ---- round trips and the reference ---------------------------------------------- */

static const size_t boundary_lens[] = { 0, 1, 15, 16, 17, 16383, 16384, 16385, 32767, 32768,
                                        32769, 49151, 49152, 49153, 65536, 100000 };

START_TEST(test_round_trip)
{
    const char *suite = suites[_i];
    const size_t kl = suite_keylen(suite);
    tu_rng_reset(suite);
    uint8_t key[32], salt[24], cx[100];
    const size_t maxlen = 100000;
    uint8_t *msg = malloc(maxlen), *ct = malloc(maxlen + 200), *ref = malloc(maxlen + 200);
    ck_assert(msg && ct && ref);
    axiom_chunked_ctx *c;
    TU_ASSERT_RC(axiom_chunked_new(&c, suite), AXIOM_OK, "%s", suite);
    for (size_t li = 0; li < sizeof boundary_lens / sizeof boundary_lens[0] + 6; li++) {
        size_t len = li < sizeof boundary_lens / sizeof boundary_lens[0]
                         ? boundary_lens[li]
                         : tu_rand_range(0, maxlen);
        size_t cl = tu_rand_range(0, sizeof cx);
        tu_rand_bytes(key, kl);
        tu_rand_bytes(salt, sizeof salt);
        tu_rand_bytes(cx, cl);
        tu_rand_bytes(msg, len);
        /* Against the reference, fed in random pieces. */
        uint8_t hdr[HDR];
        TU_ASSERT_RC(axiom_chunked_encrypt_init_salt(c, key, kl, cl ? cx : NULL, cl, salt, hdr),
                     AXIOM_OK, "init");
        memcpy(ct, hdr, HDR);
        size_t w = HDR, n;
        for (size_t off = 0; off < len;) {
            size_t piece = tu_rand_range(1, 3) == 1 ? tu_rand_range(1, 40) : tu_rand_range(1, 40000);
            if (piece > len - off)
                piece = len - off;
            size_t cap = AXIOM_CHUNKED_ENCRYPT_UPDATE_MAX(piece);
            TU_ASSERT_RC(axiom_chunked_encrypt_update(c, ct + w, cap, &n, msg + off, piece),
                         AXIOM_OK, "update");
            TU_ASSERT(n % CTCHUNK == 0, "partial chunk out");
            w += n;
            off += piece;
        }
        TU_ASSERT_RC(axiom_chunked_encrypt_final(c, ct + w, AXIOM_CHUNKED_ENCRYPT_FINAL_MAX, &n),
                     AXIOM_OK, "final");
        w += n;
        TU_ASSERT(w == AXIOM_CHUNKED_CIPHERTEXT_LEN(len), "%s len %zu: ciphertext %zu", suite,
                  len, w);
        size_t rl = ref_encrypt(suite, key, cx, cl, salt, msg, len, ref);
        TU_ASSERT(rl == w, "reference length");
        TU_ASSERT_MEM_EQ(ct, ref, w, "%s len %zu ctx %zu: differs from the reference", suite, len,
                         cl);
        /* Back, by push (random pieces), pull and random access. */
        vec out = { 0 };
        int failure;
        TU_ASSERT_RC(push_decrypt(suite, key, kl, cx, cl, ct, w, 0, &out, &failure), AXIOM_OK,
                     "%s len %zu: push", suite, len);
        TU_ASSERT(out.len == len && (len == 0 || memcmp(out.p, msg, len) == 0), "push content");
        out.len = 0;
        TU_ASSERT_RC(pull(suite, AXIOM_DECRYPT, key, kl, cx, cl, ct, w, tu_rand_range(0, 5000),
                          &out, &failure),
                     AXIOM_OK, "%s len %zu: pull", suite, len);
        TU_ASSERT(out.len == len && (len == 0 || memcmp(out.p, msg, len) == 0), "pull content");
        free(out.p);
        tu_mem_source s = { ct, w, 0, 0 };
        axiom_chunked_ra *ra;
        TU_ASSERT_RC(axiom_chunked_ra_open(&ra, suite, key, kl, cx, cl, w, tu_mem_pread, &s),
                     AXIOM_OK, "ra_open");
        uint64_t pl = 0;
        TU_ASSERT_RC(axiom_chunked_ra_length(ra, &pl), AXIOM_OK, "ra_length");
        TU_ASSERT(pl == len, "ra_length %llu", (unsigned long long)pl);
        uint8_t *rb = malloc(len + 50);
        ck_assert(rb != NULL);
        for (int k = 0; k < 30; k++) {
            size_t off = tu_rand_range(0, len + 10), l = tu_rand_range(0, len + 20), got;
            TU_ASSERT_RC(axiom_chunked_ra_read(ra, rb, l, off, &got), AXIOM_OK, "ra_read");
            size_t want = off >= len ? 0 : (len - off < l ? len - off : l);
            TU_ASSERT(got == want, "ra_read %zu at %zu: %zu", l, off, got);
            TU_ASSERT(!got || memcmp(rb, msg + off, got) == 0, "ra content");
        }
        free(rb);
        axiom_chunked_ra_free(ra);
        /* Pull encryption gives a ciphertext that decrypts (its salt is
         * fresh, so not the same bytes). */
        vec pe = { 0 };
        TU_ASSERT_RC(pull(suite, AXIOM_ENCRYPT, key, kl, cx, cl, msg, len, tu_rand_range(0, 5000),
                          &pe, &failure),
                     AXIOM_OK, "pull encryption");
        TU_ASSERT(pe.len == w, "pull encryption length");
        vec back = { 0 };
        TU_ASSERT_RC(push_decrypt(suite, key, kl, cx, cl, pe.p, pe.len, 0, &back, &failure),
                     AXIOM_OK, "pull-encrypted message");
        TU_ASSERT(back.len == len && (len == 0 || memcmp(back.p, msg, len) == 0), "content");
        free(back.p);
        free(pe.p);
        /* A wrong context or key fails at the header. */
        uint8_t bad[100];
        memcpy(bad, cx, cl);
        bad[0] ^= 1;
        out = (vec){ 0 };
        TU_ASSERT_RC(push_decrypt(suite, key, kl, bad, cl ? cl : 1, ct, w, 0, &out, &failure),
                     AXIOM_EAUTH, "wrong context");
        TU_ASSERT(failure == AXIOM_CHUNKED_BAD_HEADER && out.len == 0, "wrong context reason");
        key[kl - 1] ^= 0x80;
        TU_ASSERT_RC(push_decrypt(suite, key, kl, cx, cl, ct, w, 0, &out, &failure), AXIOM_EAUTH,
                     "wrong key");
        TU_ASSERT(failure == AXIOM_CHUNKED_BAD_HEADER && out.len == 0, "wrong key reason");
        free(out.p);
    }
    axiom_chunked_free(c);
    free(msg);
    free(ct);
    free(ref);
}
END_TEST

/* ---- tampering --------------------------------------------------------------------- */

START_TEST(test_tamper)
{
    const char *suite = suites[_i];
    const size_t kl = suite_keylen(suite);
    tu_rng_reset(suite);
    uint8_t key[32], cx[9] = "tampering";
    tu_rand_bytes(key, kl);
    const size_t len = 2 * CHUNK + 100;
    uint8_t *msg = malloc(len), *ct = malloc(len + 200), *bad = malloc(len + 200 + 2 * CTCHUNK);
    ck_assert(msg && ct && bad);
    tu_rand_bytes(msg, len);
    axiom_chunked_ctx *c;
    TU_ASSERT_RC(axiom_chunked_new(&c, suite), AXIOM_OK, "new");
    TU_ASSERT_RC(axiom_chunked_encrypt_init(c, key, kl, cx, sizeof cx, ct), AXIOM_OK, "init");
    size_t w = HDR, n;
    TU_ASSERT_RC(axiom_chunked_encrypt_update(c, ct + w, len + 200, &n, msg, len), AXIOM_OK, "u");
    w += n;
    TU_ASSERT_RC(axiom_chunked_encrypt_final(c, ct + w, 200, &n), AXIOM_OK, "final");
    w += n;
    axiom_chunked_free(c);
    int failure;
    /* Truncated anywhere: fails, and releases only whole verified chunks. */
    for (size_t cut = 0; cut < w; cut += cut < 200 || w - cut < 200 ||
                                         (cut + 100) % CTCHUNK < 200 ? 1 : tu_rand_range(1, 997)) {
        vec out = { 0 };
        int rc = push_decrypt(suite, key, kl, cx, sizeof cx, ct, cut, 0, &out, &failure);
        TU_ASSERT(rc == AXIOM_ELENGTH || rc == AXIOM_EAUTH, "cut at %zu: %s", cut,
                  tu_errname(rc));
        TU_ASSERT(out.len <= cut && out.len % CHUNK == 0, "cut at %zu: %zu bytes", cut, out.len);
        TU_ASSERT(!out.len || memcmp(out.p, msg, out.len) == 0, "cut: released bytes");
        if (cut < HDR || (cut - HDR) % CTCHUNK < 16)
            TU_ASSERT(rc == AXIOM_ELENGTH && failure == AXIOM_CHUNKED_TRUNCATED,
                      "cut at %zu: %s, reason %d", cut, tu_errname(rc), failure);
        free(out.p);
    }
    /* Extended: any trailing bytes, or a copy of a chunk, fail. */
    for (size_t extra = 1; extra <= 2 * CTCHUNK; extra += extra < 40 ? 1 : tu_rand_range(1, 3000)) {
        memcpy(bad, ct, w);
        tu_rand_bytes(bad + w, extra);
        vec out = { 0 };
        int rc = push_decrypt(suite, key, kl, cx, sizeof cx, bad, w + extra, 0, &out, &failure);
        TU_ASSERT(rc != AXIOM_OK, "extended by %zu accepted", extra);
        free(out.p);
    }
    /* Every bit of the header and of chunk boundaries, random bits
     * elsewhere: fails. */
    for (size_t k = 0; k < 700; k++) {
        size_t bit = k < 8 * (HDR + 20) ? k : tu_rand_range(0, 8 * w - 1);
        memcpy(bad, ct, w);
        bad[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        vec out = { 0 };
        int rc = push_decrypt(suite, key, kl, cx, sizeof cx, bad, w, 0, &out, &failure);
        TU_ASSERT_RC(rc, AXIOM_EAUTH, "bit %zu flipped", bit);
        TU_ASSERT(bit / 8 >= HDR || failure == AXIOM_CHUNKED_BAD_HEADER, "header bit %zu", bit);
        /* Only chunks before the flipped one may come out. */
        size_t flipped_chunk = bit / 8 < HDR ? 0 : (bit / 8 - HDR) / CTCHUNK;
        TU_ASSERT(out.len <= flipped_chunk * CHUNK, "bit %zu: %zu bytes out", bit, out.len);
        free(out.p);
    }
    /* Chunks swapped, duplicated, dropped. */
    static const int orders[][3] = { { 1, 0, 2 }, { 0, 0, 2 }, { 1, 1, 2 }, { 0, 2, -1 },
                                     { 1, 2, -1 }, { 0, 1, -1 } };
    for (size_t o = 0; o < sizeof orders / sizeof orders[0]; o++) {
        size_t bl = HDR;
        memcpy(bad, ct, HDR);
        for (int i = 0; i < 3 && orders[o][i] >= 0; i++) {
            int ch = orders[o][i];
            size_t clen = ch < 2 ? CTCHUNK : w - HDR - 2 * CTCHUNK;
            memcpy(bad + bl, ct + HDR + ch * CTCHUNK, clen);
            bl += clen;
        }
        vec out = { 0 };
        int rc = push_decrypt(suite, key, kl, cx, sizeof cx, bad, bl, 0, &out, &failure);
        TU_ASSERT(rc != AXIOM_OK, "order %zu accepted", o);
        free(out.p);
    }
    free(msg);
    free(ct);
    free(bad);
}
END_TEST

/* ---- the chunk counter --------------------------------------------------------------- */

START_TEST(test_counter)
{
    const char *suite = "aes-128-gcm+sha256";
    uint8_t key[16], base[12], pt[CHUNK + 10], ct[3 * CTCHUNK], back[3 * CHUNK], ref[3 * CTCHUNK];
    tu_rng_reset("counter");
    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(base, sizeof base);
    tu_rand_bytes(pt, sizeof pt);
    axiom_chunked_ctx *c;
    TU_ASSERT_RC(axiom_chunked_new(&c, suite), AXIOM_OK, "new");
    /* Nonces around byte and word boundaries of the index, and the last
     * indices there are, against AES-GCM with base ^ index by hand. */
    static const uint64_t starts[] = { 0, 254, 255, 65535, (uint64_t)1 << 32,
                                       ((uint64_t)1 << 38) - 3, ((uint64_t)1 << 38) - 2 };
    axiom_aead_ctx *a;
    TU_ASSERT_RC(axiom_aead_new(&a, "aes-128-gcm"), AXIOM_OK, "aead");
    TU_ASSERT_RC(axiom_aead_setkey(a, key, 16), AXIOM_OK, "setkey");
    for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
        TU_ASSERT_RC(axiom_chunked_raw_encrypt_init(c, key, 16, base, 12), AXIOM_OK, "raw");
        TU_ASSERT_RC(axiom_chunked_raw_set_counter(c, starts[i]), AXIOM_OK, "set %llu",
                     (unsigned long long)starts[i]);
        size_t n, w;
        TU_ASSERT_RC(axiom_chunked_encrypt_update(c, ct, sizeof ct, &n, pt, CHUNK + 10), AXIOM_OK,
                     "update at %llu", (unsigned long long)starts[i]);
        w = n;
        TU_ASSERT_RC(axiom_chunked_encrypt_final(c, ct + w, sizeof ct - w, &n), AXIOM_OK, "final");
        w += n;
        TU_ASSERT(w == CTCHUNK + 26, "length");
        for (int ch = 0; ch < 2; ch++) {
            uint64_t idx = starts[i] + (uint64_t)ch;
            uint8_t nonce[12];
            memcpy(nonce, base, 12);
            for (int b = 0; b < 8; b++)
                nonce[11 - b] ^= (uint8_t)(idx >> (8 * b));
            size_t l = ch ? 10 : CHUNK;
            TU_ASSERT_RC(axiom_aead_seal(a, ref, ref + l, 16, nonce, 12, NULL, 0, pt + ch * CHUNK,
                                         l), AXIOM_OK, "ref");
            TU_ASSERT_MEM_EQ(ct + ch * CTCHUNK, ref, l + 16, "chunk %llu",
                             (unsigned long long)idx);
        }
        /* And back, from the same index. */
        TU_ASSERT_RC(axiom_chunked_raw_decrypt_init(c, key, 16, base, 12), AXIOM_OK, "raw");
        TU_ASSERT_RC(axiom_chunked_raw_set_counter(c, starts[i]), AXIOM_OK, "set");
        TU_ASSERT_RC(axiom_chunked_decrypt_update(c, back, sizeof back, &n, ct, w), AXIOM_OK, "dec");
        size_t m;
        TU_ASSERT_RC(axiom_chunked_decrypt_final(c, back + n, sizeof back - n, &m), AXIOM_OK,
                     "dec final");
        TU_ASSERT(n + m == CHUNK + 10 && memcmp(back, pt, CHUNK + 10) == 0, "decrypted");
        /* From another index: not authentic. */
        TU_ASSERT_RC(axiom_chunked_raw_decrypt_init(c, key, 16, base, 12), AXIOM_OK, "raw");
        TU_ASSERT_RC(axiom_chunked_raw_set_counter(c, starts[i] ? starts[i] - 1 : 1), AXIOM_OK, "set");
        TU_ASSERT_RC(axiom_chunked_decrypt_update(c, back, sizeof back, &n, ct, w), AXIOM_EAUTH,
                     "wrong index");
    }
    /* The limit: a full chunk at index 2^38 - 1 would need a last chunk at
     * 2^38; the last chunk itself may sit at 2^38 - 1. */
    const uint64_t top = ((uint64_t)1 << 38) - 1;
    TU_ASSERT_RC(axiom_chunked_raw_encrypt_init(c, key, 16, base, 12), AXIOM_OK, "raw");
    TU_ASSERT_RC(axiom_chunked_raw_set_counter(c, top), AXIOM_OK, "set top");
    size_t n;
    TU_ASSERT_RC(axiom_chunked_encrypt_update(c, ct, sizeof ct, &n, pt, CHUNK), AXIOM_ELENGTH,
                 "full chunk at 2^38 - 1");
    TU_ASSERT(axiom_chunked_failure(c) == AXIOM_CHUNKED_TOO_LONG, "reason");
    TU_ASSERT_RC(axiom_chunked_encrypt_final(c, ct, sizeof ct, &n), AXIOM_ELENGTH, "sticky");
    TU_ASSERT_RC(axiom_chunked_raw_encrypt_init(c, key, 16, base, 12), AXIOM_OK, "raw");
    TU_ASSERT_RC(axiom_chunked_raw_set_counter(c, top), AXIOM_OK, "set top");
    TU_ASSERT_RC(axiom_chunked_encrypt_update(c, ct, sizeof ct, &n, pt, 100), AXIOM_OK, "short");
    TU_ASSERT_RC(axiom_chunked_encrypt_final(c, ct, sizeof ct, &n), AXIOM_OK, "last at 2^38 - 1");
    TU_ASSERT_RC(axiom_chunked_raw_decrypt_init(c, key, 16, base, 12), AXIOM_OK, "raw");
    TU_ASSERT_RC(axiom_chunked_raw_set_counter(c, top), AXIOM_OK, "set top");
    size_t m;
    TU_ASSERT_RC(axiom_chunked_decrypt_update(c, back, sizeof back, &m, ct, n), AXIOM_OK, "dec");
    TU_ASSERT_RC(axiom_chunked_decrypt_final(c, back, sizeof back, &m), AXIOM_OK, "dec final");
    TU_ASSERT(m == 100 && memcmp(back, pt, 100) == 0, "last chunk at the top");
    TU_ASSERT_RC(axiom_chunked_raw_decrypt_init(c, key, 16, base, 12), AXIOM_OK, "raw");
    TU_ASSERT_RC(axiom_chunked_raw_set_counter(c, top), AXIOM_OK, "set top");
    memset(ct, 0, CTCHUNK);
    TU_ASSERT_RC(axiom_chunked_decrypt_update(c, back, sizeof back, &m, ct, CTCHUNK),
                 AXIOM_ELENGTH, "full chunk at the top");
    TU_ASSERT(axiom_chunked_failure(c) == AXIOM_CHUNKED_TOO_LONG, "reason");
    TU_ASSERT_RC(axiom_chunked_raw_set_counter(c, 5), AXIOM_ESTATE, "failed");
    TU_ASSERT_RC(axiom_chunked_raw_decrypt_init(c, key, 16, base, 12), AXIOM_OK, "raw");
    TU_ASSERT_RC(axiom_chunked_raw_set_counter(c, top + 1), AXIOM_ELENGTH, "2^38");
    axiom_aead_free(a);
    axiom_chunked_free(c);
}
END_TEST

/* ---- misuse ----------------------------------------------------------------------------- */

START_TEST(test_misuse)
{
    uint8_t key[32] = { 1 }, hdr[HDR], out[2 * CTCHUNK], in[2 * CTCHUNK] = { 0 };
    size_t n = 77;
    axiom_chunked_ctx *c = (axiom_chunked_ctx *)(uintptr_t)1;
    TU_ASSERT_RC(axiom_chunked_new(&c, "aes-192-gcm+sha256"), AXIOM_ENOTFOUND, "unknown");
    TU_ASSERT(c == NULL, "ctx not cleared");
    TU_ASSERT_RC(axiom_chunked_new(&c, "aes-128-gcm"), AXIOM_ENOTFOUND, "an AEAD name");
    TU_ASSERT_RC(axiom_chunked_new(NULL, suites[0]), AXIOM_EINVAL, "NULL");
    TU_ASSERT_RC(axiom_chunked_new(&c, NULL), AXIOM_EINVAL, "NULL name");
    TU_ASSERT_RC(axiom_chunked_new(&c, "COBBLESTONE-256"), AXIOM_OK, "alias, any case");
    axiom_chunked_free(c);
    TU_ASSERT_RC(axiom_chunked_new(&c, "Aes-128-Gcm+SHA256"), AXIOM_OK, "name");
    /* Not initialised. */
    TU_ASSERT_RC(axiom_chunked_encrypt_update(c, out, sizeof out, &n, in, 5), AXIOM_ESTATE, "u");
    TU_ASSERT(n == 0, "outlen not cleared");
    TU_ASSERT_RC(axiom_chunked_decrypt_final(c, out, sizeof out, &n), AXIOM_ESTATE, "f");
    TU_ASSERT_RC(axiom_chunked_raw_set_counter(c, 1), AXIOM_ESTATE, "counter outside raw");
    /* init errors. */
    tu_fill_sentinel(hdr, sizeof hdr);
    TU_ASSERT_RC(axiom_chunked_encrypt_init(c, key, 32, NULL, 0, hdr), AXIOM_EKEYLEN, "keylen");
    TU_ASSERT_RC(axiom_chunked_encrypt_init(c, NULL, 16, NULL, 0, hdr), AXIOM_EINVAL, "NULL key");
    TU_ASSERT_RC(axiom_chunked_encrypt_init(c, key, 16, NULL, 3, hdr), AXIOM_EINVAL, "NULL ctx");
    TU_ASSERT_RC(axiom_chunked_encrypt_init(c, key, 16, NULL, 0, NULL), AXIOM_EINVAL, "NULL hdr");
    TU_ASSERT_SENTINEL(hdr, sizeof hdr, "failed init wrote the header");
    TU_ASSERT_RC(axiom_chunked_decrypt_init(c, key, 15, NULL, 0), AXIOM_EKEYLEN, "keylen");
    TU_ASSERT_RC(axiom_chunked_raw_encrypt_init(c, key, 16, key, 11), AXIOM_EIVLEN, "nonce");
    TU_ASSERT_RC(axiom_chunked_raw_encrypt_init(c, key, 16, NULL, 12), AXIOM_EINVAL, "nonce");
    /* Encrypting: short output, overlap, wrong direction. */
    TU_ASSERT_RC(axiom_chunked_encrypt_init(c, key, 16, NULL, 0, hdr), AXIOM_OK, "init");
    TU_ASSERT_RC(axiom_chunked_encrypt_update(c, out, CTCHUNK - 1, &n, in, CHUNK), AXIOM_ELENGTH,
                 "room");
    TU_ASSERT_RC(axiom_chunked_encrypt_update(c, out, CTCHUNK, &n, in, CHUNK), AXIOM_OK,
                 "nothing was consumed: exactly one chunk");
    TU_ASSERT(n == CTCHUNK, "one chunk");
    TU_ASSERT_RC(axiom_chunked_encrypt_update(c, in + 8, CTCHUNK, &n, in, CHUNK), AXIOM_EINVAL,
                 "overlap");
    TU_ASSERT_RC(axiom_chunked_encrypt_update(c, out, sizeof out, NULL, in, 3), AXIOM_EINVAL,
                 "NULL outlen");
    TU_ASSERT_RC(axiom_chunked_encrypt_update(c, out, sizeof out, &n, NULL, 3), AXIOM_EINVAL,
                 "NULL in");
    TU_ASSERT_RC(axiom_chunked_encrypt_update(c, NULL, 0, &n, in, 3), AXIOM_OK,
                 "no room needed below a chunk");
    TU_ASSERT_RC(axiom_chunked_decrypt_update(c, out, sizeof out, &n, in, 3), AXIOM_ESTATE,
                 "decrypt on an encryption");
    TU_ASSERT_RC(axiom_chunked_encrypt_final(c, out, 18, &n), AXIOM_ELENGTH, "final room");
    TU_ASSERT_RC(axiom_chunked_encrypt_final(c, out, 19, &n), AXIOM_OK, "final");
    TU_ASSERT(n == 19, "3 + 16");
    TU_ASSERT_RC(axiom_chunked_encrypt_final(c, out, sizeof out, &n), AXIOM_ESTATE, "twice");
    TU_ASSERT_RC(axiom_chunked_encrypt_update(c, out, sizeof out, &n, in, 1), AXIOM_ESTATE,
                 "after final");
    /* Decrypting: room is checked before anything is consumed. */
    TU_ASSERT_RC(axiom_chunked_decrypt_init(c, key, 16, NULL, 0), AXIOM_OK, "init");
    TU_ASSERT_RC(axiom_chunked_decrypt_update(c, out, CHUNK - 1, &n, in, HDR + CTCHUNK),
                 AXIOM_ELENGTH, "room");
    TU_ASSERT(axiom_chunked_failure(c) == AXIOM_CHUNKED_OK, "room is no failure");
    TU_ASSERT_RC(axiom_chunked_decrypt_update(c, NULL, 0, &n, in, HDR - 1), AXIOM_OK, "header");
    TU_ASSERT_RC(axiom_chunked_decrypt_final(c, out, sizeof out, &n), AXIOM_ELENGTH, "in header");
    TU_ASSERT(axiom_chunked_failure(c) == AXIOM_CHUNKED_TRUNCATED, "reason");
    axiom_chunked_free(c);
    axiom_chunked_free(NULL);
    /* Reader and random access arguments. */
    axiom_chunked_reader *r = (axiom_chunked_reader *)(uintptr_t)1;
    TU_ASSERT_RC(axiom_chunked_reader_new(&r, suites[0], 7, key, 16, NULL, 0, tu_mem_read, NULL),
                 AXIOM_EINVAL, "direction");
    TU_ASSERT(r == NULL, "reader not cleared");
    TU_ASSERT_RC(axiom_chunked_reader_new(&r, suites[0], AXIOM_DECRYPT, key, 16, NULL, 0, NULL,
                                          NULL), AXIOM_EINVAL, "no read function");
    TU_ASSERT_RC(axiom_chunked_reader_new(&r, suites[0], AXIOM_DECRYPT, key, 17, NULL, 0,
                                          tu_mem_read, NULL), AXIOM_EKEYLEN, "keylen");
    TU_ASSERT_RC(axiom_chunked_reader_new(&r, "x", AXIOM_DECRYPT, key, 16, NULL, 0, tu_mem_read,
                                          NULL), AXIOM_ENOTFOUND, "suite");
    axiom_chunked_reader_free(NULL);
    axiom_chunked_ra *ra = (axiom_chunked_ra *)(uintptr_t)1;
    tu_mem_source s = { in, sizeof in, 0, 0 };
    static const uint64_t bad_lengths[] = { 0, HDR - 1, HDR, HDR + 15, HDR + CTCHUNK,
                                            HDR + CTCHUNK + 15, HDR + 2 * CTCHUNK };
    for (size_t i = 0; i < sizeof bad_lengths / sizeof bad_lengths[0]; i++) {
        TU_ASSERT_RC(axiom_chunked_ra_open(&ra, suites[0], key, 16, NULL, 0, bad_lengths[i],
                                           tu_mem_pread, &s),
                     AXIOM_ELENGTH, "ciphertext length %llu",
                     (unsigned long long)bad_lengths[i]);
        TU_ASSERT(ra == NULL, "ra not cleared");
    }
    TU_ASSERT_RC(axiom_chunked_ra_open(&ra, suites[0], key, 16, NULL, 0, HDR + 16, tu_mem_pread, &s),
                 AXIOM_EAUTH, "zero header");
    TU_ASSERT_RC(axiom_chunked_ra_open(&ra, suites[0], key, 16, NULL, 0, HDR + 16, NULL, &s),
                 AXIOM_EINVAL, "no pread");
    axiom_chunked_ra_free(NULL);
    TU_ASSERT(axiom_chunked_failure(NULL) == AXIOM_CHUNKED_OK, "NULL");
    /* The lengths axiom_alg_info reports. */
    struct axiom_alg_info info = AXIOM_ALG_INFO_INIT;
    for (size_t i = 0; i < NSUITES; i++) {
        TU_ASSERT_RC(axiom_alg_info(suites[i], &info), AXIOM_OK, "%s", suites[i]);
        TU_ASSERT(info.kind == AXIOM_ALG_CHUNKED && info.key_default == suite_keylen(suites[i]) &&
                      info.key_min == info.key_max && info.tag_default == 16 &&
                      info.block == CHUNK && info.iv_max == 0,
                  "%s: info", suites[i]);
        uint8_t k[32];
        TU_ASSERT_RC(axiom_keygen(suites[i], k, suite_keylen(suites[i])), AXIOM_OK, "keygen");
    }
}
END_TEST

/* ---- the rest of the error contract ----------------------------------------------- */

/* decrypt_final's room check (chunked.h: room is checked before anything
 * is consumed, AXIOM_ELENGTH and not a failure; NULL output for a
 * non-empty last chunk is AXIOM_EINVAL), then the same call with room
 * decrypts the last chunk: the ciphertext comes from the libgcrypt
 * reference. */
START_TEST(test_final_room)
{
    const char *suite = suites[_i];
    const size_t kl = suite_keylen(suite);
    tu_rng_reset(suite);
    static const size_t lens[] = { 0, 1, 100, CHUNK - 1, CHUNK + 77 };
    uint8_t key[32], salt[24];
    uint8_t *msg = malloc(2 * CHUNK), *ct = malloc(HDR + 2 * CTCHUNK), *out = malloc(2 * CHUNK);
    TU_ASSERT(msg && ct && out, "malloc");
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        const size_t len = lens[li], last = len % CHUNK, whole = len - last;
        tu_rand_bytes(key, sizeof key);
        tu_rand_bytes(salt, sizeof salt);
        tu_rand_bytes(msg, len);
        const size_t ctlen = ref_encrypt(suite, key, NULL, 0, salt, msg, len, ct);
        axiom_chunked_ctx *c;
        size_t n = 0;
        TU_ASSERT_RC(axiom_chunked_new(&c, suite), AXIOM_OK, "%s: new", suite);
        TU_ASSERT_RC(axiom_chunked_decrypt_init(c, key, kl, NULL, 0), AXIOM_OK, "%s: init", suite);
        TU_ASSERT_RC(axiom_chunked_decrypt_update(c, out, 2 * CHUNK, &n, ct, ctlen), AXIOM_OK,
                     "%s len %zu: update", suite, len);
        TU_ASSERT(n == whole, "%s len %zu: update gave %zu bytes, want the %zu of full chunks",
                  suite, len, n, whole);
        TU_ASSERT_MEM_EQ(out, msg, whole, "%s len %zu: full chunks", suite, len);
        if (last) {
            /* One byte short, and no room at all: refused, no failure. */
            tu_fill_sentinel(out, last + 16);
            n = 77;
            TU_ASSERT_RC(axiom_chunked_decrypt_final(c, out, last - 1, &n), AXIOM_ELENGTH,
                         "%s len %zu: final with %zu bytes of room", suite, len, last - 1);
            TU_ASSERT(n == 0, "%s len %zu: *outlen %zu on a refused final", suite, len, n);
            TU_ASSERT_SENTINEL(out, last + 16, "%s len %zu: refused final", suite, len);
            TU_ASSERT(axiom_chunked_failure(c) == AXIOM_CHUNKED_OK,
                      "%s len %zu: room reported as a failure", suite, len);
            TU_ASSERT_RC(axiom_chunked_decrypt_final(c, NULL, 0, &n), AXIOM_EINVAL,
                         "%s len %zu: final without an output buffer", suite, len);
            TU_ASSERT(axiom_chunked_failure(c) == AXIOM_CHUNKED_OK,
                      "%s len %zu: NULL output reported as a failure", suite, len);
        }
        /* Exactly the room needed (none for an empty last chunk). */
        tu_fill_sentinel(out, last + 16);
        TU_ASSERT_RC(axiom_chunked_decrypt_final(c, last ? out : NULL, last, &n), AXIOM_OK,
                     "%s len %zu: final", suite, len);
        TU_ASSERT(n == last, "%s len %zu: final gave %zu bytes, want %zu", suite, len, n, last);
        TU_ASSERT_MEM_EQ(out, msg + whole, last, "%s len %zu: last chunk", suite, len);
        TU_ASSERT(tu_check_sentinel_range(out, last, last + 16) == (size_t)-1,
                  "%s len %zu: final wrote past the last chunk", suite, len);
        TU_ASSERT_RC(axiom_chunked_decrypt_final(c, out, 2 * CHUNK, &n), AXIOM_ESTATE,
                     "%s len %zu: final twice", suite, len);
        axiom_chunked_free(c);
    }
    free(msg);
    free(ct);
    free(out);
}
END_TEST

/* A source that serves its ciphertext or plaintext until @fail_at bytes
 * were read, then returns @err on every call. */
typedef struct {
    tu_mem_source s;
    size_t fail_at;
    int err;
    unsigned calls_after;
} failing_source;

static int failing_read(void *user, uint8_t *buf, size_t len, size_t *got)
{
    failing_source *f = user;
    if (f->s.pos >= f->fail_at) {
        f->calls_after++;
        *got = 0;
        return f->err;
    }
    if (len > f->fail_at - f->s.pos)
        len = f->fail_at - f->s.pos;
    return tu_mem_read(&f->s, buf, len, got);
}

/* chunked.h: a read-function error is returned by axiom_chunked_read as
 * it is, after the bytes of chunks that authenticated before it, and
 * again by every later call; it is not a failure of the message
 * (axiom_chunked_reader_failure stays AXIOM_CHUNKED_OK). */
START_TEST(test_reader_source_error)
{
    const char *suite = suites[0];
    const size_t kl = suite_keylen(suite);
    tu_rng_reset("reader-source-error");
    enum { LEN = 2 * CHUNK + 10 };
    uint8_t key[16], salt[24];
    uint8_t *msg = malloc(LEN), *ct = malloc(HDR + 3 * CTCHUNK), *buf = malloc(3 * CTCHUNK);
    TU_ASSERT(msg && ct && buf, "malloc");
    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(salt, sizeof salt);
    tu_rand_bytes(msg, LEN);
    const size_t ctlen = ref_encrypt(suite, key, NULL, 0, salt, msg, LEN, ct);
    /* Decrypting: the source fails after the reader's second refill (one
     * chunk's ciphertext each, the header first), which completed the
     * first chunk: it authenticates and is handed out, then the error.
     * Or the source fails during that refill, or at once: the error
     * alone (the reader feeds no partial refill). */
    static const size_t fail_points[] = { 2 * CTCHUNK + 10, HDR + CTCHUNK + 100, 0, HDR };
    for (size_t i = 0; i < sizeof fail_points / sizeof fail_points[0]; i++) {
        const size_t fail_at = fail_points[i];
        const size_t want_got = fail_at >= 2 * CTCHUNK ? CHUNK : 0;
        TU_ASSERT(fail_at < ctlen, "fail point %zu past the ciphertext", fail_at);
        failing_source f = { { ct, ctlen, 0, 0 }, fail_at, -4242 - (int)i, 0 };
        axiom_chunked_reader *r;
        TU_ASSERT_RC(axiom_chunked_reader_new(&r, suite, AXIOM_DECRYPT, key, kl, NULL, 0,
                                              failing_read, &f),
                     AXIOM_OK, "reader_new");
        size_t got = 99;
        int rc = axiom_chunked_read(r, buf, 3 * CTCHUNK, &got);
        if (want_got) {
            /* The authentic first chunk is handed out, the error follows. */
            TU_ASSERT_RC(rc, AXIOM_OK, "fail at %zu: first read", fail_at);
            TU_ASSERT(got == want_got, "fail at %zu: got %zu, want %zu", fail_at, got, want_got);
            TU_ASSERT_MEM_EQ(buf, msg, got, "fail at %zu: plaintext before the error", fail_at);
            rc = axiom_chunked_read(r, buf, 3 * CTCHUNK, &got);
        }
        TU_ASSERT_RC(rc, f.err, "fail at %zu: the read function's error", fail_at);
        TU_ASSERT(got == 0, "fail at %zu: got %zu with the error", fail_at, got);
        for (int again = 0; again < 2; again++) {
            got = 99;
            TU_ASSERT_RC(axiom_chunked_read(r, buf, 1, &got), f.err,
                         "fail at %zu: the error again", fail_at);
            TU_ASSERT(got == 0, "fail at %zu: got %zu after the error", fail_at, got);
        }
        TU_ASSERT(axiom_chunked_reader_failure(r) == AXIOM_CHUNKED_OK,
                  "fail at %zu: a source error reported as a message failure %d", fail_at,
                  axiom_chunked_reader_failure(r));
        axiom_chunked_reader_free(r);
    }
    /* Encrypting: the header comes out, then the source's error. */
    failing_source f = { { msg, LEN, 0, 0 }, 1000, -31, 0 };
    axiom_chunked_reader *r;
    TU_ASSERT_RC(axiom_chunked_reader_new(&r, suite, AXIOM_ENCRYPT, key, kl, NULL, 0,
                                          failing_read, &f),
                 AXIOM_OK, "reader_new");
    size_t got = 99;
    TU_ASSERT_RC(axiom_chunked_read(r, buf, HDR, &got), AXIOM_OK, "header");
    TU_ASSERT(got == HDR, "header: got %zu", got);
    TU_ASSERT_RC(axiom_chunked_read(r, buf, 3 * CTCHUNK, &got), -31, "encrypting: source error");
    TU_ASSERT(got == 0, "encrypting: got %zu with the error", got);
    TU_ASSERT_RC(axiom_chunked_read(r, buf, 3 * CTCHUNK, &got), -31, "encrypting: again");
    TU_ASSERT(axiom_chunked_reader_failure(r) == AXIOM_CHUNKED_OK, "encrypting: failure");
    axiom_chunked_reader_free(r);
    free(msg);
    free(ct);
    free(buf);
}
END_TEST

static unsigned g_preads;

static int counting_pread(void *user, uint8_t *buf, size_t len, uint64_t off)
{
    g_preads++;
    return tu_mem_pread(user, buf, len, off);
}

/* axiom_chunked_ra_open: a ciphertext length that would hold more than
 * 2^38 chunks is AXIOM_ELENGTH before anything is read; one of exactly
 * 2^38 chunks passes the length rule (then the all-zero header fails its
 * commitment). */
START_TEST(test_ra_too_long)
{
    uint8_t key[16] = { 3 }, zeros[HDR + 16] = { 0 };
    tu_mem_source s = { zeros, sizeof zeros, 0, 0 };
    const uint64_t max = AXIOM_CHUNKED_MAX_CHUNKS;
    static const uint64_t rests[] = { 16, 17, CTCHUNK - 1 };
    for (size_t i = 0; i < sizeof rests / sizeof rests[0]; i++) {
        /* 2^38 full chunks and a last one: 2^38 + 1 chunks. */
        const uint64_t over = HDR + max * CTCHUNK + rests[i];
        axiom_chunked_ra *ra = (axiom_chunked_ra *)(uintptr_t)1;
        g_preads = 0;
        TU_ASSERT_RC(axiom_chunked_ra_open(&ra, suites[0], key, 16, NULL, 0, over,
                                           counting_pread, &s),
                     AXIOM_ELENGTH, "2^38 + 1 chunks (rest %llu)", (unsigned long long)rests[i]);
        TU_ASSERT(ra == NULL, "ra not cleared");
        TU_ASSERT(g_preads == 0, "%u reads for an impossible length", g_preads);
        /* 2^38 - 1 full chunks and a last one. */
        const uint64_t fits = HDR + (max - 1) * CTCHUNK + rests[i];
        TU_ASSERT_RC(axiom_chunked_ra_open(&ra, suites[0], key, 16, NULL, 0, fits,
                                           counting_pread, &s),
                     AXIOM_EAUTH, "2^38 chunks (rest %llu)", (unsigned long long)rests[i]);
        TU_ASSERT(ra == NULL, "ra not cleared");
        TU_ASSERT(g_preads > 0, "the header of a possible length was not read");
    }
}
END_TEST

static Suite *chunked_suite(void)
{
    Suite *s = suite_create("chunked");
    TCase *tc = tcase_create("wycheproof");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, test_wycheproof, 0, 2);
    suite_add_tcase(s, tc);
    tc = tcase_create("round-trip");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, test_round_trip, 0, (int)NSUITES);
    tcase_add_loop_test(tc, test_tamper, 0, (int)NSUITES);
    tcase_add_test(tc, test_counter);
    tcase_add_test(tc, test_misuse);
    tcase_add_loop_test(tc, test_final_room, 0, (int)NSUITES);
    tcase_add_test(tc, test_reader_source_error);
    tcase_add_test(tc, test_ra_too_long);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    tu_init("test_chunked");
    tu_gcry_init();
    return tu_run_suite(chunked_suite());
}
