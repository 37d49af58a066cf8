/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Portable constant-time Poly1305 (RFC 8439 2.5), kernel selection and the
 * byte-granular front end shared by every kernel. */
#include "config.h"

#include <stddef.h>
#include <string.h>

#include "chacha/chacha.h"
#include "core/internal.h"
#include "chacha/poly1305.h"

#ifdef AXIOM_POLY1305_R44
/* ---------------------------------------------------------- radix 2^44 */
typedef unsigned __int128 u128;
#define M44 ((UINT64_C(1) << 44) - 1)
#define M42 ((UINT64_C(1) << 42) - 1)

/* r in radix 2^44 in r[0..2], which the vector kernels read, and as two
 * 64-bit words in r[3..4] (limbs this radix leaves free), which the block
 * loop below reads. */
static void set_r(uint64_t r[5], uint64_t t0, uint64_t t1)
{
    r[0] = t0 & M44;
    r[1] = ((t0 >> 44) | (t1 << 20)) & M44;
    r[2] = t1 >> 24;
    r[3] = t0;
    r[4] = t1;
}

/* h = (h + m) * r for each block, @hibit (0 or 1) the 2^128 bit of every
 * block.  The state stays in radix 2^44 between calls (the layout the
 * vector kernels share); the blocks run in radix 2^64, where a block is
 * four 64x64-bit products instead of nine: h in two words and a top word
 * of a few bits, r in two words.  The clamp clears the low two bits of
 * r1, so r1 * 2^128 = (r1 / 4) * 2^130 = (r1 / 4) * 5 mod p: s1 is
 * r1 + r1 / 4. */
static void blocks44(uint64_t h[5], const uint64_t r[5], const uint8_t *in, size_t nblocks,
                     uint64_t hibit)
{
    /* Limbs summing below 2^131, carried, into 64-bit words: h2 < 8. */
    uint64_t x0 = h[0], x1 = h[1], x2 = h[2], c;
    c = x0 >> 44; x0 &= M44; x1 += c;
    c = x1 >> 44; x1 &= M44; x2 += c;
    uint64_t h0 = x0 | (x1 << 44), h1 = (x1 >> 20) | (x2 << 24), h2 = x2 >> 40;
    const uint64_t r0 = r[3], r1 = r[4];
    const uint64_t s1 = r1 + (r1 >> 2);

    for (size_t i = 0; i < nblocks; i++, in += 16) {
        /* Word additions with their carries (a 128-bit sum compiles to
         * worse code). */
        uint64_t c0 = __builtin_add_overflow(h0, axiom_load64_le(in), &h0);
        uint64_t c1 = __builtin_add_overflow(h1, axiom_load64_le(in + 8), &h1);
        c1 += __builtin_add_overflow(h1, c0, &h1);
        h2 += c1 + hibit;

        /* r0, r1 < 2^60 and s1 < 1.25 * 2^60 (clamped); h2 < 10 here, so
         * the sums stay below 2^127 and h2 * s1, h2 * r0 below 2^64. */
        u128 d0 = (u128)h0 * r0 + (u128)h1 * s1;
        u128 d1 = (u128)h0 * r1 + (u128)h1 * r0 + h2 * s1;
        uint64_t d2 = h2 * r0;

        h0 = (uint64_t)d0;
        d1 += (uint64_t)(d0 >> 64);
        h1 = (uint64_t)d1;
        d2 += (uint64_t)(d1 >> 64);
        /* d2 * 2^128: its low two bits stay, the rest is a multiple of
         * 2^130 and folds in times 5 ((d2 & ~3) + d2 / 4). */
        h2 = d2 & 3;
        c = (d2 & ~(uint64_t)3) + (d2 >> 2);
        c0 = __builtin_add_overflow(h0, c, &h0);
        c1 = __builtin_add_overflow(h1, c0, &h1);
        h2 += c1;
    }

    /* Back to radix 2^44 with limb 2 under 2^42, as the kernels leave it:
     * h2 < 5, and what passes 2^130 folds in times 5. */
    x0 = h0 & M44;
    x1 = ((h0 >> 44) | (h1 << 20)) & M44;
    x2 = (h1 >> 24) | (h2 << 40);
    c = x2 >> 42; x2 &= M42; x0 += c * 5;
    c = x0 >> 44; x0 &= M44; x1 += c;
    h[0] = x0;
    h[1] = x1;
    h[2] = x2;
}

/* h mod p, plus s, mod 2^128. */
static void finish(uint64_t h[5], const uint64_t pad[2], uint8_t tag[16])
{
    uint64_t h0 = h[0], h1 = h[1], h2 = h[2], c;
    /* Two passes bring every limb into range and h below 2^130 + 5. */
    for (int i = 0; i < 2; i++) {
        c = h0 >> 44; h0 &= M44; h1 += c;
        c = h1 >> 44; h1 &= M44; h2 += c;
        c = h2 >> 42; h2 &= M42; h0 += c * 5;
    }
    c = h0 >> 44; h0 &= M44; h1 += c;
    c = h1 >> 44; h1 &= M44; h2 += c;

    /* g = h + 5 - 2^130; keep g when it did not borrow (h >= p), in
     * constant time. */
    uint64_t g0 = h0 + 5;
    c = g0 >> 44; g0 &= M44;
    uint64_t g1 = h1 + c;
    c = g1 >> 44; g1 &= M44;
    uint64_t g2 = h2 + c;
    uint64_t take_g = 0 - (g2 >> 42); /* all ones when h + 5 >= 2^130 */
    g2 &= M42;
    h0 = (h0 & ~take_g) | (g0 & take_g);
    h1 = (h1 & ~take_g) | (g1 & take_g);
    h2 = (h2 & ~take_g) | (g2 & take_g);

    uint64_t w0 = h0 | (h1 << 44);
    uint64_t w1 = (h1 >> 20) | (h2 << 24);
    u128 t = (u128)w0 + pad[0];
    w0 = (uint64_t)t;
    w1 = w1 + pad[1] + (uint64_t)(t >> 64);
    axiom_store64_le(tag, w0);
    axiom_store64_le(tag + 8, w1);
}

#define BLOCKS(h, r, in, n, hibit) blocks44((h), (r), (in), (n), (hibit) ? 1 : 0)

#else
/* ---------------------------------------------------------- radix 2^26 */
#define M26 0x3ffffffu

static void set_r(uint64_t r[5], uint64_t t0, uint64_t t1)
{
    r[0] = t0 & M26;
    r[1] = (t0 >> 26) & M26;
    r[2] = ((t0 >> 52) | (t1 << 12)) & M26;
    r[3] = (t1 >> 14) & M26;
    r[4] = t1 >> 40;
}

static void blocks26(uint64_t h[5], const uint64_t r[5], const uint8_t *in, size_t nblocks,
                     uint64_t hibit)
{
    const uint64_t r0 = r[0], r1 = r[1], r2 = r[2], r3 = r[3], r4 = r[4];
    /* Products past 2^130 wrap around times 5. */
    const uint64_t s1 = r1 * 5, s2 = r2 * 5, s3 = r3 * 5, s4 = r4 * 5;
    uint64_t h0 = h[0], h1 = h[1], h2 = h[2], h3 = h[3], h4 = h[4];

    for (size_t i = 0; i < nblocks; i++, in += 16) {
        uint64_t t0 = axiom_load64_le(in), t1 = axiom_load64_le(in + 8);
        h0 += t0 & M26;
        h1 += (t0 >> 26) & M26;
        h2 += ((t0 >> 52) | (t1 << 12)) & M26;
        h3 += (t1 >> 14) & M26;
        h4 += (t1 >> 40) | hibit;

        uint64_t d0 = h0 * r0 + h1 * s4 + h2 * s3 + h3 * s2 + h4 * s1;
        uint64_t d1 = h0 * r1 + h1 * r0 + h2 * s4 + h3 * s3 + h4 * s2;
        uint64_t d2 = h0 * r2 + h1 * r1 + h2 * r0 + h3 * s4 + h4 * s3;
        uint64_t d3 = h0 * r3 + h1 * r2 + h2 * r1 + h3 * r0 + h4 * s4;
        uint64_t d4 = h0 * r4 + h1 * r3 + h2 * r2 + h3 * r1 + h4 * r0;

        uint64_t c = d0 >> 26; h0 = d0 & M26; d1 += c;
        c = d1 >> 26; h1 = d1 & M26; d2 += c;
        c = d2 >> 26; h2 = d2 & M26; d3 += c;
        c = d3 >> 26; h3 = d3 & M26; d4 += c;
        c = d4 >> 26; h4 = d4 & M26; h0 += c * 5;
        c = h0 >> 26; h0 &= M26; h1 += c;
    }
    h[0] = h0; h[1] = h1; h[2] = h2; h[3] = h3; h[4] = h4;
}

static void finish(uint64_t h[5], const uint64_t pad[2], uint8_t tag[16])
{
    uint64_t c, g[5];
    for (int k = 0; k < 2; k++) {
        for (int i = 0; i < 4; i++) {
            c = h[i] >> 26; h[i] &= M26; h[i + 1] += c;
        }
        c = h[4] >> 26; h[4] &= M26; h[0] += c * 5;
    }
    for (int i = 0; i < 4; i++) {
        c = h[i] >> 26; h[i] &= M26; h[i + 1] += c;
    }
    c = 5;
    for (int i = 0; i < 5; i++) {
        g[i] = h[i] + c;
        c = g[i] >> 26;
        g[i] &= M26;
    }
    uint64_t take_g = 0 - c; /* carry out of 2^130: h >= p */
    for (int i = 0; i < 5; i++)
        h[i] = (h[i] & ~take_g) | (g[i] & take_g);
    uint64_t w0 = h[0] | (h[1] << 26) | (h[2] << 52);
    uint64_t w1 = (h[2] >> 12) | (h[3] << 14) | (h[4] << 40);
    uint64_t lo = w0 + pad[0];
    uint64_t carry = lo < w0;
    w1 = w1 + pad[1] + carry;
    axiom_store64_le(tag, lo);
    axiom_store64_le(tag + 8, w1);
}

#define BLOCKS(h, r, in, n, hibit) blocks26((h), (r), (in), (n), (hibit) ? UINT64_C(1) << 24 : 0)
#endif

void axiom_poly1305_blocks_generic(axiom_poly1305 *p, const uint8_t *in, size_t nblocks)
{
    BLOCKS(p->h, p->r, in, nblocks, 1);
}

const axiom_poly1305_kernel axiom_poly1305_generic = {
    .name = "generic-ct",
    .features = 0,
    .constant_time = 1,
    .desc = "portable, 64-bit limbs",
    .blocks = axiom_poly1305_blocks_generic,
};

void axiom_poly1305_init(axiom_poly1305 *p, const uint8_t key[32], const axiom_poly1305_kernel *k)
{
    /* Everything read before it is written (the powers of r and buf are
     * filled on first use); the final wipe covers the whole state. */
    memset(p->h, 0, sizeof p->h);
    memset(p->r, 0, sizeof p->r);
    p->have_pow = 0;
    p->have_pow26 = 0;
    p->nbuf = 0;
    /* RFC 8439 2.5.1: clear the top four bits of bytes 3, 7, 11, 15 and
     * the bottom two bits of bytes 4, 8, 12. */
    uint64_t t0 = axiom_load64_le(key) & UINT64_C(0x0ffffffc0fffffff);
    uint64_t t1 = axiom_load64_le(key + 8) & UINT64_C(0x0ffffffc0ffffffc);
    set_r(p->r, t0, t1);
    p->pad[0] = axiom_load64_le(key + 16);
    p->pad[1] = axiom_load64_le(key + 24);
    p->k = k;
}

void axiom_poly1305_update(axiom_poly1305 *p, const uint8_t *in, size_t len)
{
    if (p->nbuf) {
        size_t n = 16 - p->nbuf;
        if (n > len)
            n = len;
        memcpy(p->buf + p->nbuf, in, n);
        p->nbuf += (unsigned)n;
        in += n;
        len -= n;
        if (p->nbuf < 16)
            return;
        p->k->blocks(p, p->buf, 1);
        p->nbuf = 0;
    }
    if (len >= 16) {
        p->k->blocks(p, in, len / 16);
        in += len & ~(size_t)15;
        len &= 15;
    }
    if (len) {
        memcpy(p->buf, in, len);
        p->nbuf = (unsigned)len;
    }
}

void axiom_poly1305_pad16_nonempty(axiom_poly1305 *p, const uint8_t *in, size_t len)
{
    if (len >= 16)
        p->k->blocks(p, in, len / 16);
    if (len & 15) {
        uint8_t b[16] = { 0 };
        memcpy(b, in + (len & ~(size_t)15), len & 15);
        p->k->blocks(p, b, 1);
        axiom_wipe(b, sizeof b);
    }
}

_Static_assert(offsetof(axiom_poly1305, pad) + sizeof(((axiom_poly1305 *)0)->pad) <=
                   offsetof(axiom_poly1305, rpow) &&
               offsetof(axiom_poly1305, rpow) % 16 == 0,
               "h, r and s lie before the powers, in whole 16-byte units");

void axiom_poly1305_final(axiom_poly1305 *p, uint8_t tag[16])
{
    if (p->nbuf) {
        /* The last partial block carries its 2^(8n) bit as a byte 1. */
        memset(p->buf + p->nbuf, 0, 16 - p->nbuf);
        p->buf[p->nbuf] = 1;
        BLOCKS(p->h, p->r, p->buf, 1, 0);
    }
    finish(p->h, p->pad, tag);
    axiom_poly1305_wipe(p);
}

void axiom_poly1305_last(axiom_poly1305 *p, const uint8_t b[16], uint8_t tag[16])
{
    if (p->k->last && !p->nbuf) {
        p->k->last(p, b, tag);
        return;
    }
    axiom_poly1305_update(p, b, 16);
    axiom_poly1305_final(p, tag);
}

void axiom_poly1305_wipe(axiom_poly1305 *p)
{
    /* What holds key or message material: h, r and s (everything before
     * the powers), the pending block, and the powers of r only when a
     * vector kernel computed them (which depends on the lengths alone).
     * A whole-struct memset cost as much as the MAC of a short
     * message. */
    axiom_zero16(p, offsetof(axiom_poly1305, rpow));
    axiom_zero16(p->buf, sizeof p->buf);
    if (p->have_pow)
        axiom_wipe(p->rpow, sizeof p->rpow);
    if (p->have_pow26)
        axiom_wipe(p->rpow26, sizeof p->rpow26);
    __asm__ __volatile__("" : : "r"(p) : "memory");
}
