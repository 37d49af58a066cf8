/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Portable ChaCha20 (RFC 8439), HChaCha20, kernel selection, and the
 * "chacha20" stream cipher of the cipher API. */
#include "config.h"

#include <string.h>

#include "chacha/chacha.h"
#include "core/bc.h"
#include "core/internal.h"

static inline uint32_t rotl32(uint32_t x, int n)
{
    return (x << n) | (x >> (32 - n));
}

#define QR(a, b, c, d)                                                         \
    do {                                                                       \
        a += b; d ^= a; d = rotl32(d, 16);                                     \
        c += d; b ^= c; b = rotl32(b, 12);                                     \
        a += b; d ^= a; d = rotl32(d, 8);                                      \
        c += d; b ^= c; b = rotl32(b, 7);                                      \
    } while (0)

/* The 20 rounds (10 column + diagonal double rounds) of RFC 8439 2.3,
 * without the final addition. */
static void chacha_rounds(uint32_t x[16])
{
    for (int i = 0; i < 10; i++) {
        QR(x[0], x[4], x[8], x[12]);
        QR(x[1], x[5], x[9], x[13]);
        QR(x[2], x[6], x[10], x[14]);
        QR(x[3], x[7], x[11], x[15]);
        QR(x[0], x[5], x[10], x[15]);
        QR(x[1], x[6], x[11], x[12]);
        QR(x[2], x[7], x[8], x[13]);
        QR(x[3], x[4], x[9], x[14]);
    }
}

static void generic_xor(const uint32_t st[16], uint8_t *out, const uint8_t *in, size_t len)
{
    uint32_t in_st[16], x[16];
    uint8_t ks[64];

    memcpy(in_st, st, sizeof in_st);
    while (len) {
        memcpy(x, in_st, sizeof x);
        chacha_rounds(x);
        for (int i = 0; i < 16; i++)
            axiom_store32_le(ks + 4 * i, x[i] + in_st[i]);
        in_st[12]++;
        size_t n = len < 64 ? len : 64;
        axiom_xor_bytes(out, in, ks, n);
        out += n;
        in += n;
        len -= n;
    }
    axiom_wipe(in_st, sizeof in_st);
    axiom_wipe(x, sizeof x);
    axiom_wipe(ks, sizeof ks);
}

const axiom_chacha_kernel axiom_chacha_generic = {
    .name = "generic-ct",
    .features = 0,
    .constant_time = 1,
    .desc = "portable, one block at a time",
    .xor = generic_xor,
};

/* Rows 0-2 (constants and key) are stored whole, row 3 (counter and
 * nonce) word by word, as every later change of the counter is: a load
 * forwards from one earlier store that covers it, not from several.  The
 * SIMD kernels load rows 0-2 whole; the row-form paths build row 3 from
 * its words (ch_load_row_d) and the wide ones broadcast them, while the
 * multi-group paths' copies of the state still load it whole (once per
 * message; about 1 % at 2 KiB by a probe, left so). */
typedef uint32_t ch_row __attribute__((vector_size(16), may_alias));
void axiom_chacha_init_state(uint32_t st[16], const uint8_t key[32], uint32_t counter,
                             const uint8_t nonce[12])
{
    /* "expand 32-byte k" */
    const ch_row a = { 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574 };
    memcpy(st, &a, 16);
    for (int i = 0; i < 2; i++) {
        const uint8_t *k = key + 16 * i;
        const ch_row b = { axiom_load32_le(k), axiom_load32_le(k + 4), axiom_load32_le(k + 8),
                           axiom_load32_le(k + 12) };
        memcpy(st + 4 + 4 * i, &b, 16);
    }
    st[12] = counter;
    for (int i = 0; i < 3; i++)
        st[13 + i] = axiom_load32_le(nonce + 4 * i);
}

void axiom_hchacha20(uint8_t subkey[32], const uint8_t key[32], const uint8_t nonce16[16])
{
    uint32_t x[16];
    axiom_chacha_init_state(x, key, axiom_load32_le(nonce16), nonce16 + 4);
    chacha_rounds(x);
    /* The subkey is rows 0 and 3 of the permuted state, without the final
     * addition (that would reveal the key). */
    for (int i = 0; i < 4; i++) {
        axiom_store32_le(subkey + 4 * i, x[i]);
        axiom_store32_le(subkey + 16 + 4 * i, x[12 + i]);
    }
    axiom_wipe(x, sizeof x);
}

/* ------------------------------------------------------------------ stream */

/* Lives in the cipher context's axiom_bc_ks storage. */
typedef struct chacha_stream {
    uint32_t st[16];         /* st[12]: counter of the next block to generate */
    uint8_t ks[64];          /* keystream of the current partial block */
    const axiom_chacha_kernel *k;
    uint64_t avail;          /* keystream bytes left before the counter wraps */
    unsigned pos;            /* bytes of ks used; 0: no partial block pending */
    unsigned ks_ready;       /* ks holds the partial block's keystream (made
                              * when the next call needs it) */
} chacha_stream;

_Static_assert(sizeof(chacha_stream) <= sizeof(axiom_bc_ks), "chacha state fits the context");

const _Alignas(64) uint8_t axiom_chacha_zeros[AXIOM_CHACHA_AVX512_BYTES];

static void stream_setkey(void *state, const uint8_t *key, size_t keylen)
{
    chacha_stream *s = state;
    (void)keylen;
    static const uint8_t zero[12];
    axiom_chacha_init_state(s->st, key, 0, zero);
    s->k = axiom_chacha_pick();
    s->avail = 0; /* until setiv */
    s->pos = 0;
    s->ks_ready = 0;
}

static int stream_setiv(void *state, const uint8_t *iv, size_t ivlen)
{
    chacha_stream *s = state;
    uint32_t ctr = 0;
    if (ivlen == 16) {
        ctr = axiom_load32_le(iv);
        iv += 4;
    }
    s->st[12] = ctr;
    for (int i = 0; i < 3; i++)
        s->st[13 + i] = axiom_load32_le(iv + 4 * i);
    s->avail = ((uint64_t)1 << 32) - ctr;
    s->avail *= 64;
    s->pos = 0;
    s->ks_ready = 0;
    /* The previous message's keystream: inline stores, kept by the
     * barrier (a call here would cost more than the rest of setiv). */
    memset(s->ks, 0, sizeof s->ks);
    __asm__ __volatile__("" : : "r"(s->ks) : "memory");
    return AXIOM_OK;
}

/* Continue the stream over @len bytes (stream_crypt), from a partial
 * block the previous call ended in (s->pos nonzero). */
static __attribute__((noinline)) void stream_crypt_partial(chacha_stream *s, uint8_t *out,
                                                           const uint8_t *in, size_t len)
{
    size_t n = 64 - s->pos;
    if (n > len)
        n = len;
    if (!s->ks_ready) {
        /* The partial block the previous call ended in (block st[12] - 1,
         * modulo 2^32): its keystream, now that it is needed. */
        const uint32_t next = s->st[12];
        s->st[12] = next - 1;
        memset(s->ks, 0, sizeof s->ks);
        s->k->xor(s->st, s->ks, s->ks, 64);
        s->st[12] = next;
        s->ks_ready = 1;
    }
    axiom_xor_bytes(out, in, s->ks + s->pos, n);
    s->pos = (unsigned)((s->pos + n) & 63);
    out += n;
    in += n;
    len -= n;
    if (len) {
        s->k->xor(s->st, out, in, len);
        s->st[12] += (uint32_t)((len + 63) / 64);
        s->pos = (unsigned)(len & 63);
        s->ks_ready = 0;
    }
}

static int stream_crypt(void *state, uint8_t *out, const uint8_t *in, size_t len)
{
    chacha_stream *s = state;
    if ((uint64_t)len > s->avail)
        return AXIOM_ESTATE;
    s->avail -= len;
    if (s->pos) {
        stream_crypt_partial(s, out, in, len);
        return AXIOM_OK;
    }
    /* The common case, a message per init: the whole blocks and a last
     * partial one in one kernel call (a second call for the partial
     * block's keystream alone would run after the first, at the rounds'
     * latency: 100 bytes cost twice 128); that keystream is made again
     * only if a next call uses it (stream_crypt_partial).  The fields
     * but the counter before the call, which reads the counter. */
    s->pos = (unsigned)(len & 63);
    s->ks_ready = 0;
    s->k->xor(s->st, out, in, len);
    s->st[12] += (uint32_t)((len + 63) / 64);
    return AXIOM_OK;
}


const axiom_stream_alg axiom_chacha20_stream = {
    /* A 12-byte nonce (counter 0), or the 4-byte counter and the nonce. */
    .ivlens = UINT64_C(1) << 12 | UINT64_C(1) << 16,
    .setkey = stream_setkey,
    .setiv = stream_setiv,
    .crypt = stream_crypt,
};
