/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Streebog (GOST R 34.11-2012, RFC 6986) in constant time, bitsliced, with
 * HMAC_GOSTR3411_2012_256 and KDF_TREE_GOSTR3411_2012_256 on top. */

/*
 * A 512-bit value is 64 bytes, byte n the n-th least significant; byte k
 * of 64-bit row r is byte n = 8r + k.  The compression function keeps its
 * values bitsliced: eight words x[0..7], bit n of x[b] being bit b of byte
 * n.  Then, for LPS:
 * - S (pi on every byte) is pi's algebraic normal form over the eight
 *   words, from the table that the bitsliced Kuznyechik kernel uses
 *   (lib/kuznyechik/kuznyechik_const.c), as straight-line code
 *   (lib/streebog/streebog_sbox.h): 255 ANDs for the monomials, about
 *   1,040 XORs for the output bits;
 * - P moves byte (r, k) to (k, r): an 8x8 bit transpose of each word;
 * - L maps each row w to the XOR of A[i] over its set bits i.  Input bit
 *   i = 8k + j of every row is bit 8r + k of x[j]; spread to a byte mask
 *   per row, it selects from T[k][j][jj] the bits that A[i] sets in output
 *   plane jj, already in the lanes 8r + kk where they go
 *   (tools/gen_streebog.py).  64 masks, 512 AND/XORs.
 * The two LPS of each round of E are independent (the state's and the
 * key's), so each word is a pair, one per lane: 13 paired LPS per block.
 * No branch and no memory index depends on the data; the one secret sum,
 * Sigma, is added with computed carries.
 */
#include "config.h"

#include <string.h>

#include "core/bytes.h"
#include "core/internal.h"
#include "kuznyechik/kuznyechik.h"
#include "streebog/streebog.h"

/* Two 64-bit words side by side: the compression function evaluates the
 * two LPS of each round of E (the state's and the key's) at once.  GCC's
 * vector extension: SSE2 on x86_64, pairs of scalar words elsewhere. */
typedef uint64_t sb_vec __attribute__((vector_size(16)));

#include "streebog/streebog_sbox.h"

/* Bit (8a + b) to bit (8b + a) of x, a word or each word of an sb_vec
 * (t: a temporary of x's type). */
#define TRANSPOSE8(x, t)                                                                   \
    do {                                                                                   \
        t = (x ^ (x >> 7)) & 0x00aa00aa00aa00aau;                                          \
        x ^= t ^ (t << 7);                                                                 \
        t = (x ^ (x >> 14)) & 0x0000cccc0000ccccu;                                         \
        x ^= t ^ (t << 14);                                                                \
        t = (x ^ (x >> 28)) & 0x00000000f0f0f0f0u;                                         \
        x ^= t ^ (t << 28);                                                                \
    } while (0)

static inline uint64_t transpose8(uint64_t x)
{
    uint64_t t;
    TRANSPOSE8(x, t);
    return x;
}

/* The same on both lanes. */
static inline sb_vec transpose8v(sb_vec x)
{
    sb_vec t;
    TRANSPOSE8(x, t);
    return x;
}

static void to_bs(uint64_t x[8], const uint8_t v[64])
{
    uint64_t t[8];
    for (unsigned r = 0; r < 8; r++)
        t[r] = transpose8(axiom_load64_le(v + 8 * r)); /* byte b: bit b of each byte k */
    for (unsigned b = 0; b < 8; b++) {
        uint64_t w = 0;
        for (unsigned r = 0; r < 8; r++)
            w |= ((t[r] >> (8 * b)) & 0xff) << (8 * r);
        x[b] = w;
    }
    AXIOM_WIPE_FIXED(t);
}

static void from_bs(uint8_t v[64], const uint64_t x[8])
{
    for (unsigned r = 0; r < 8; r++) {
        uint64_t w = 0;
        for (unsigned b = 0; b < 8; b++)
            w |= ((x[b] >> (8 * r)) & 0xff) << (8 * b);
        axiom_store64_le(v + 8 * r, transpose8(w));
    }
}

/* LPS on both lanes of @x in place; @mono is scratch (the S-box
 * monomials). */
static void lps2(sb_vec x[8], sb_vec mono[256])
{
    streebog_monomials(mono, x);
    sb_vec s[8];
    streebog_pi_anf(s, mono); /* S */
    for (unsigned b = 0; b < 8; b++)
        s[b] = transpose8v(s[b]); /* P */
    sb_vec y0 = { 0, 0 }, y1 = y0, y2 = y0, y3 = y0, y4 = y0, y5 = y0, y6 = y0, y7 = y0;
    for (unsigned j = 0; j < 8; j++) {
        for (unsigned k = 0; k < 8; k++) {
            sb_vec m = (s[j] >> k) & 0x0101010101010101u;
            m = (m << 8) - m; /* 0xff in each row's byte whose bit is set */
            const sb_vec *t = (const sb_vec *)axiom_streebog_t[k][j]; /* 16-aligned */
            y0 ^= m & t[0];
            y1 ^= m & t[1];
            y2 ^= m & t[2];
            y3 ^= m & t[3];
            y4 ^= m & t[4];
            y5 ^= m & t[5];
            y6 ^= m & t[6];
            y7 ^= m & t[7];
        }
    }
    x[0] = y0; /* L */
    x[1] = y1;
    x[2] = y2;
    x[3] = y3;
    x[4] = y4;
    x[5] = y5;
    x[6] = y6;
    x[7] = y7;
    AXIOM_WIPE_FIXED(s);
}

/* h = g_N(h, m) = E(LPS(h ^ N), m) ^ h ^ m, h bitsliced.  E's rounds run
 * the state (lane 0) and the key schedule (lane 1) side by side:
 * (t, K) = (LPS(t ^ K), LPS(K ^ C_i)). */
static void compress(uint64_t h[8], const uint8_t n[64], const uint8_t m[64])
{
    struct {
        sb_vec v[8], mono[256];
        uint64_t k[8], m[8];
    } w;
    to_bs(w.k, n);
    to_bs(w.m, m);
    for (unsigned b = 0; b < 8; b++)
        w.v[b] = (sb_vec){ 0, w.k[b] ^ h[b] };
    lps2(w.v, w.mono); /* K_1 in lane 1 */
    for (unsigned b = 0; b < 8; b++)
        w.v[b][0] = w.m[b];
    for (unsigned i = 0; i < 12; i++) {
        for (unsigned b = 0; b < 8; b++) {
            const uint64_t t = w.v[b][0], k = w.v[b][1];
            w.v[b] = (sb_vec){ t ^ k, k ^ axiom_streebog_c[i][b] };
        }
        lps2(w.v, w.mono);
    }
    for (unsigned b = 0; b < 8; b++)
        h[b] ^= w.v[b][0] ^ w.v[b][1] ^ w.m[b]; /* X[K_13], then ^ h ^ m */
    axiom_wipe(&w, sizeof w);
}

/* a += b modulo 2^512, carries computed. */
static void add512(uint8_t a[64], const uint8_t b[64])
{
    unsigned c = 0;
    for (unsigned i = 0; i < 64; i++) {
        c += (unsigned)a[i] + b[i];
        a[i] = (uint8_t)c;
        c >>= 8;
    }
}

/* N += @bits (below 2^16). */
static void add_bits(uint8_t n[64], unsigned bits)
{
    uint8_t b[64] = { 0 };
    b[0] = (uint8_t)bits;
    b[1] = (uint8_t)(bits >> 8);
    add512(n, b);
}

void axiom_streebog_init(axiom_streebog *s, size_t outlen)
{
    memset(s, 0, sizeof *s);
    s->outlen = outlen;
    if (outlen == 32)
        s->h[0] = ~(uint64_t)0; /* IV = 0x01 in every byte: bit 0 everywhere */
}

static void block(axiom_streebog *s, const uint8_t m[64])
{
    compress(s->h, s->n, m);
    add_bits(s->n, 512);
    add512(s->sigma, m);
}

void axiom_streebog_update(axiom_streebog *s, const uint8_t *in, size_t len)
{
    if (s->buflen) {
        size_t n = 64 - s->buflen < len ? 64 - s->buflen : len;
        memcpy(s->buf + s->buflen, in, n);
        s->buflen += n;
        in += n;
        len -= n;
        if (s->buflen < 64)
            return;
        block(s, s->buf);
        s->buflen = 0;
    }
    for (; len >= 64; in += 64, len -= 64)
        block(s, in);
    memcpy(s->buf, in, len);
    s->buflen = len;
}

void axiom_streebog_final(axiom_streebog *s, uint8_t *out)
{
    static const uint8_t zero[64];
    uint8_t h[64];
    memset(s->buf + s->buflen, 0, 64 - s->buflen);
    s->buf[s->buflen] = 0x01;
    compress(s->h, s->n, s->buf);
    add_bits(s->n, 8 * (unsigned)s->buflen);
    add512(s->sigma, s->buf);
    compress(s->h, zero, s->n);
    compress(s->h, zero, s->sigma);
    from_bs(h, s->h);
    memcpy(out, h + 64 - s->outlen, s->outlen);
    AXIOM_WIPE_FIXED(h);
    axiom_wipe(s, sizeof *s);
}

void axiom_hmac_streebog256_setkey(axiom_hmac_streebog256_key *m, const uint8_t *key, size_t keylen)
{
    uint8_t pad[64] = { 0 };
    memcpy(pad, key, keylen);
    for (unsigned i = 0; i < 64; i++)
        pad[i] ^= 0x36;
    axiom_streebog_init(&m->inner, 32);
    axiom_streebog_update(&m->inner, pad, 64);
    for (unsigned i = 0; i < 64; i++)
        pad[i] ^= 0x36 ^ 0x5c;
    axiom_streebog_init(&m->outer, 32);
    axiom_streebog_update(&m->outer, pad, 64);
    AXIOM_WIPE_FIXED(pad);
}

void axiom_hmac_streebog256(const axiom_hmac_streebog256_key *m, uint8_t mac[32], size_t nparts,
                            const uint8_t *const part[], const size_t partlen[])
{
    axiom_streebog s;
    uint8_t inner[32];
    memcpy(&s, &m->inner, sizeof s);
    for (size_t i = 0; i < nparts; i++)
        axiom_streebog_update(&s, part[i], partlen[i]);
    axiom_streebog_final(&s, inner);
    memcpy(&s, &m->outer, sizeof s);
    axiom_streebog_update(&s, inner, sizeof inner);
    axiom_streebog_final(&s, mac);
    AXIOM_WIPE_FIXED(inner);
}

void axiom_kdf_tree256(const axiom_hmac_streebog256_key *m, uint8_t *out, size_t outlen,
                       const uint8_t *label, size_t labellen, const uint8_t *seed,
                       size_t seedlen)
{
    static const uint8_t zero = 0;
    uint8_t len[4], counter;
    size_t bits = 8 * outlen, lenlen = 0;
    for (int i = 3; i >= 0; i--) { /* [L]_b: big-endian, no leading zeros */
        uint8_t b = (uint8_t)(bits >> (8 * i));
        if (b || lenlen)
            len[lenlen++] = b;
    }
    const uint8_t *part[5] = { &counter, label, &zero, seed, len };
    const size_t partlen[5] = { 1, labellen, 1, seedlen, lenlen };
    for (size_t i = 0; i < outlen / 32; i++) {
        counter = (uint8_t)(i + 1);
        axiom_hmac_streebog256(m, out + 32 * i, 5, part, partlen);
    }
}
