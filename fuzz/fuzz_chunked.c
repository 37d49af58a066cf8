/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer target for chunked decryption (c2sp.org/chunked-encryption):
 * a valid ciphertext of a fuzzer-chosen message and context is truncated,
 * extended, bit-flipped, or has chunks swapped, duplicated or dropped as
 * the input says (or the input is taken as the ciphertext itself), then
 * decrypted by push (fuzzer-chosen splits), pull and random access.  No
 * decryption of a changed ciphertext may succeed, every output must be a
 * prefix of the message made of whole verified chunks (push, pull) or the
 * bytes asked for (random access), and the unchanged one must decrypt.
 * The key is the harness's: the fuzzer cannot compute valid tags. */
#include "config.h"

#include <axiom.h>
#include <axiom/chunked_hazmat.h>

#include "fuzz_util.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAXMSG (3 * AXIOM_CHUNKED_CHUNK + 600)
#define MAXCT (AXIOM_CHUNKED_CIPHERTEXT_LEN(MAXMSG) + 2 * AXIOM_CHUNKED_CT_CHUNK)

static const char *const suites[] = { "aes-128-gcm+sha256", "aes-128-gcm+sha512",
                                      "aes-256-gcm+sha256", "aes-256-gcm+sha512" };
static const uint8_t key[32] = "fuzz harness key, not the input";
static uint8_t msg[MAXMSG], ct[MAXCT], bad[MAXCT], out[MAXCT + AXIOM_CHUNKED_CHUNK];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    return 0;
}

typedef struct {
    const uint8_t *p;
    size_t len, pos;
} src;

static int src_read(void *user, uint8_t *buf, size_t len, size_t *got)
{
    src *s = user;
    size_t n = s->len - s->pos < len ? s->len - s->pos : len;
    if (n > 5000)
        n = 5000; /* short reads too */
    memcpy(buf, s->p + s->pos, n);
    s->pos += n;
    *got = n;
    return 0;
}

static int src_pread(void *user, uint8_t *buf, size_t len, uint64_t off)
{
    src *s = user;
    FZ_CHECK(off <= s->len && len <= s->len - off, "pread outside the ciphertext");
    memcpy(buf, s->p + off, len);
    return 0;
}

/* The output so far must be whole chunks of the message. */
static void check_prefix(size_t got, int changed, const char *how)
{
    FZ_CHECK(got <= MAXMSG, "%s: %zu bytes", how, got);
    FZ_CHECK(!changed || got % AXIOM_CHUNKED_CHUNK == 0, "%s: partial chunk %zu", how, got);
    FZ_CHECK(memcmp(out, msg, got) == 0, "%s: output is not the message", how);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_reader r = { data, size };
    const char *suite = suites[fz_u8(&r) % 4];
    const size_t kl = strstr(suite, "256-gcm") ? 32 : 16;
    const int mode = fz_u8(&r) % 8;
    uint8_t cx[64];
    const size_t cl = fz_u8(&r) % sizeof cx;
    fz_bytes(&r, cx, cl);
    size_t ctlen;
    size_t mlen = 0;
    int changed = 1;

    if (mode == 0) {
        /* The rest of the input is the ciphertext. */
        ctlen = r.n < MAXCT ? r.n : MAXCT;
        fz_bytes(&r, bad, ctlen);
    } else {
        mlen = ((size_t)fz_u16(&r) * 3) % (MAXMSG + 1);
        for (size_t i = 0; i < mlen; i++)
            msg[i] = (uint8_t)(i * 131 + mlen);
        axiom_chunked_ctx *c;
        FZ_CHECK(axiom_chunked_new(&c, suite) == AXIOM_OK, "new");
        uint8_t salt[AXIOM_CHUNKED_SALT];
        fz_bytes(&r, salt, sizeof salt);
        FZ_CHECK(axiom_chunked_encrypt_init_salt(c, key, kl, cx, cl, salt, ct) == AXIOM_OK, "init");
        size_t n, w = AXIOM_CHUNKED_HEADER;
        FZ_CHECK(axiom_chunked_encrypt_update(c, ct + w, MAXCT - w, &n, msg, mlen) == AXIOM_OK,
                 "update");
        w += n;
        FZ_CHECK(axiom_chunked_encrypt_final(c, ct + w, MAXCT - w, &n) == AXIOM_OK, "final");
        w += n;
        axiom_chunked_free(c);
        ctlen = w;
        memcpy(bad, ct, ctlen);
        const size_t nchunks = (ctlen - AXIOM_CHUNKED_HEADER + AXIOM_CHUNKED_CT_CHUNK - 1) /
                               AXIOM_CHUNKED_CT_CHUNK;
        uint32_t v = (uint32_t)fz_u16(&r) | (uint32_t)fz_u16(&r) << 16;
        switch (mode) {
        case 1: /* truncate */
            ctlen = v % (ctlen + 1);
            changed = ctlen != w;
            break;
        case 2: { /* extend */
            size_t extra = v % (2 * AXIOM_CHUNKED_CT_CHUNK + 1);
            fz_bytes(&r, bad + ctlen, extra);
            ctlen += extra;
            changed = extra != 0;
            break;
        }
        case 3: /* flip a bit */
            bad[(v >> 3) % ctlen] ^= (uint8_t)(1u << (v & 7));
            break;
        case 4:   /* swap two full chunks */
        case 5: { /* one full chunk over another */
            size_t full = nchunks - 1, a = full ? (v & 0xff) % full : 0,
                   b = full ? (v >> 8 & 0xff) % full : 0;
            uint8_t *pa = bad + AXIOM_CHUNKED_HEADER + a * AXIOM_CHUNKED_CT_CHUNK;
            uint8_t *pb = bad + AXIOM_CHUNKED_HEADER + b * AXIOM_CHUNKED_CT_CHUNK;
            if (full && mode == 4) {
                memcpy(out, pa, AXIOM_CHUNKED_CT_CHUNK);
                memmove(pa, pb, AXIOM_CHUNKED_CT_CHUNK);
                memcpy(pb, out, AXIOM_CHUNKED_CT_CHUNK);
            } else if (full) {
                memmove(pb, pa, AXIOM_CHUNKED_CT_CHUNK);
            }
            changed = a != b;
            break;
        }
        case 6: { /* drop a chunk (the last one included) */
            size_t j = v % nchunks;
            size_t at = AXIOM_CHUNKED_HEADER + j * AXIOM_CHUNKED_CT_CHUNK;
            size_t l = j + 1 == nchunks ? ctlen - at : AXIOM_CHUNKED_CT_CHUNK;
            memmove(bad + at, bad + at + l, ctlen - at - l);
            ctlen -= l;
            break;
        }
        default: /* unchanged */
            changed = 0;
            break;
        }
    }

    /* Push, in fuzzer-chosen pieces. */
    axiom_chunked_ctx *c;
    FZ_CHECK(axiom_chunked_new(&c, suite) == AXIOM_OK, "new");
    FZ_CHECK(axiom_chunked_decrypt_init(c, key, kl, cx, cl) == AXIOM_OK, "decrypt init");
    size_t pos = 0, got = 0, n;
    int rc = AXIOM_OK;
    while (pos < ctlen && rc == AXIOM_OK) {
        size_t piece = 1 + (size_t)fz_u16(&r) % 20000;
        if (piece > ctlen - pos)
            piece = ctlen - pos;
        rc = axiom_chunked_decrypt_update(c, out + got, sizeof out - got, &n, bad + pos, piece);
        if (rc == AXIOM_OK)
            got += n;
        pos += piece;
    }
    if (rc == AXIOM_OK) {
        rc = axiom_chunked_decrypt_final(c, out + got, sizeof out - got, &n);
        if (rc == AXIOM_OK)
            got += n;
    }
    FZ_CHECK(changed ? rc != AXIOM_OK : rc == AXIOM_OK, "push: mode %d returned %d", mode, rc);
    FZ_CHECK(rc == AXIOM_OK || rc == AXIOM_EAUTH || rc == AXIOM_ELENGTH, "push: %d", rc);
    if (mode)
        check_prefix(got, changed, "push");
    if (rc != AXIOM_OK) {
        FZ_CHECK(axiom_chunked_decrypt_final(c, out, sizeof out, &n) == rc, "not sticky");
        FZ_CHECK(axiom_chunked_failure(c) != AXIOM_CHUNKED_OK, "no reason");
    } else {
        FZ_CHECK(got == mlen, "push length");
    }
    axiom_chunked_free(c);

    /* Pull. */
    src s = { bad, ctlen, 0 };
    axiom_chunked_reader *rd;
    FZ_CHECK(axiom_chunked_reader_new(&rd, suite, AXIOM_DECRYPT, key, kl, cx, cl, src_read, &s) ==
                 AXIOM_OK, "reader");
    got = 0;
    for (;;) {
        size_t want = 1 + (size_t)fz_u16(&r) % 30000;
        if (want > sizeof out - got)
            want = sizeof out - got;
        rc = axiom_chunked_read(rd, out + got, want, &n);
        if (rc != AXIOM_OK || n == 0)
            break;
        got += n;
    }
    FZ_CHECK(changed ? rc != AXIOM_OK : rc == AXIOM_OK, "pull: mode %d returned %d", mode, rc);
    if (mode)
        check_prefix(got, changed, "pull");
    axiom_chunked_reader_free(rd);

    /* Random access: open, a range, the length. */
    axiom_chunked_ra *ra;
    s.pos = 0;
    rc = axiom_chunked_ra_open(&ra, suite, key, kl, cx, cl, ctlen, src_pread, &s);
    if (rc == AXIOM_OK) {
        uint64_t off = fz_u16(&r) * 2u, total;
        size_t len = fz_u16(&r) * 2u;
        rc = axiom_chunked_ra_read(ra, out, len, off, &n);
        if (rc == AXIOM_OK && mode && n)
            FZ_CHECK(off < mlen && memcmp(out, msg + off, n) == 0, "ra: wrong bytes");
        int lrc = axiom_chunked_ra_length(ra, &total);
        FZ_CHECK(changed || (lrc == AXIOM_OK && total == mlen), "ra length");
        if (!changed)
            FZ_CHECK(rc == AXIOM_OK, "ra read of the unchanged message");
        /* The whole message reads only when nothing changed. */
        rc = axiom_chunked_ra_read(ra, out, sizeof out, 0, &n);
        FZ_CHECK(changed ? rc != AXIOM_OK : (rc == AXIOM_OK && n == mlen), "ra whole: %d", rc);
        axiom_chunked_ra_free(ra);
    } else {
        FZ_CHECK(changed, "ra_open of the unchanged message: %d", rc);
    }
    return 0;
}
