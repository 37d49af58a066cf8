/* SPDX-License-Identifier: GPL-2.0-or-later */
/* White-box tests of the ChaCha20 and Poly1305 kernels: every kernel this
 * CPU can run against the portable one inside one process (every length
 * around the 1/4/8/16-block paths, misaligned, in place), Poly1305 known
 * answers (RFC 8439 2.5.2) and edge cases against libgcrypt, and the
 * HChaCha20 vector of draft-irtf-cfrg-xchacha 2.2.1. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <axiom.h>
#include <gcrypt.h>

#include "chacha/chacha.h"
#include "chacha/poly1305.h"
#include "testutil.h"

static int usable(uint64_t features)
{
    return (features & ~axiom_cpu_features()) == 0;
}

/* draft-irtf-cfrg-xchacha 2.2.1: the key is the bytes 0..31. */
#define HCHACHA_NONCE "000000090000004a0000000031415927"
#define HCHACHA_SUBKEY "82413b4227b27bfed30e42508a877d73a0f9e4d58a74a853c12ec41326d3ecdc"

START_TEST(test_hchacha20)
{
    uint8_t key[32], nonce[16], sub[32], want[32];
    for (int i = 0; i < 32; i++)
        key[i] = (uint8_t)i;
    tu_hex_decode(nonce, 16, HCHACHA_NONCE);
    tu_hex_decode(want, 32, HCHACHA_SUBKEY);
    axiom_hchacha20(sub, key, nonce);
    TU_ASSERT_MEM_EQ(sub, want, 32, "HChaCha20 (draft-irtf-cfrg-xchacha 2.2.1)");
}
END_TEST

/* Every kernel's own HChaCha20 against the portable one: the draft's
 * vector, then random keys and nonces (the subkey is written whole and
 * nothing around it). */
START_TEST(test_hchacha20_kernels)
{
    tu_rng_reset("hchacha20_kernels");
    uint8_t key[32], nonce[16], want[32], got[34];
    for (int i = 0; i < 32; i++)
        key[i] = (uint8_t)i;
    tu_hex_decode(nonce, 16, HCHACHA_NONCE);
    int ran = 0;
    for (size_t k_i = 0; axiom_chacha_kernels[k_i]; k_i++) {
        const axiom_chacha_kernel *k = (const axiom_chacha_kernel *)axiom_chacha_kernels[k_i];
        if (!usable(k->features) || !k->hchacha)
            continue;
        ran++;
        tu_hex_decode(want, 32, HCHACHA_SUBKEY);
        memset(got, 0xa5, sizeof got);
        k->hchacha(got + 1, key, nonce);
        TU_ASSERT_MEM_EQ(got + 1, want, 32, "%s: HChaCha20 (draft-irtf-cfrg-xchacha 2.2.1)",
                         k->name);
        TU_ASSERT(got[0] == 0xa5 && got[33] == 0xa5, "%s: write around the subkey", k->name);
        for (int t = 0; t < 200; t++) {
            uint8_t rk[32], rn[16];
            tu_rand_bytes(rk, 32);
            tu_rand_bytes(rn, 16);
            axiom_hchacha20(want, rk, rn);
            k->hchacha(got + 1, rk, rn);
            TU_ASSERT_MEM_EQ(got + 1, want, 32, "%s: HChaCha20, random input %d", k->name, t);
        }
    }
    if (ran)
        printf("tier %s: %d kernel HChaCha20(s) compared\n", tu_tier(), ran);
}
END_TEST

/* Kernel @k against the portable ChaCha20 on @len bytes from block counter
 * @ctr (the caller keeps ctr + ceil(len / 64) <= 2^32), input and output
 * misaligned by @ia and @oa, then in place; nothing may be written around
 * the output (masked and buffered tails). */
static void chacha_compare_ctr(const axiom_chacha_kernel *k, size_t len, uint32_t ctr, size_t ia,
                               size_t oa)
{
    uint8_t key[32], nonce[12];
    uint32_t st[16];
    uint8_t *in = malloc(len + 64), *ref = malloc(len + 1), *out = malloc(len + 128);
    memset(out, 0xa5, len + 128);
    tu_rand_bytes(key, 32);
    tu_rand_bytes(nonce, 12);
    axiom_chacha_init_state(st, key, ctr, nonce);
    tu_rand_bytes(in + ia, len);
    axiom_chacha_generic.xor(st, ref, in + ia, len);
    k->xor(st, out + oa, in + ia, len);
    TU_ASSERT_MEM_EQ(out + oa, ref, len, "%s len %zu ctr %u align %zu/%zu", k->name, len, ctr, ia, oa);
    for (size_t j = 0; j < oa; j++)
        TU_ASSERT(out[j] == 0xa5, "%s len %zu: write before out", k->name, len);
    for (size_t j = oa + len; j < len + 128; j++)
        TU_ASSERT(out[j] == 0xa5, "%s len %zu: write after out (byte %zu)", k->name, len,
                  j - oa - len);
    k->xor(st, in + ia, in + ia, len);
    TU_ASSERT_MEM_EQ(in + ia, ref, len, "%s in place len %zu ctr %u", k->name, len, ctr);
    free(in), free(ref), free(out);
}

/* As chacha_compare_ctr, from a random block counter. */
static void chacha_compare(const axiom_chacha_kernel *k, size_t len, size_t ia, size_t oa)
{
    uint32_t ctr = (uint32_t)tu_rand64();
    if (ctr > UINT32_MAX - (uint32_t)(len / 64) - 1)
        ctr = (uint32_t)(tu_rand64() & 0xffff);
    chacha_compare_ctr(k, len, ctr, ia, oa);
}

/* Several 8- and 16-block groups, then every kind of rest: lengths 512 k
 * + d for k = 1..9 and d = -260..260 (every 128/256/512-byte boundary
 * after k groups, in the AVX2 kernel's loop the next group's first
 * column is computed ahead of this group's output), random counters, and
 * counters that end exactly at block 2^32 - 1 or up to 8 blocks before
 * it (the lane counters of the last groups reach 0xffffffff). */
START_TEST(test_chacha_groups)
{
    tu_rng_reset("chacha_groups");
    for (size_t k_i = 0; axiom_chacha_kernels[k_i]; k_i++) {
        const axiom_chacha_kernel *k = (const axiom_chacha_kernel *)axiom_chacha_kernels[k_i];
        if (!usable(k->features) || k == &axiom_chacha_generic)
            continue;
        for (size_t g = 1; g <= 9; g++)
            for (int d = -260; d <= 260; d++) {
                const size_t len = 512 * g + (size_t)(ptrdiff_t)d;
                const uint32_t nb = (uint32_t)((len + 63) / 64);
                chacha_compare_ctr(k, len, (uint32_t)tu_rand64() & 0x7fffffff,
                                   tu_rand_range(0, 63), tu_rand_range(0, 63));
                const uint32_t top = (uint32_t)(0u - nb - (uint32_t)(d & 7));
                chacha_compare_ctr(k, len, top, (size_t)(d & 1), 0);
            }
    }
}
END_TEST

START_TEST(test_chacha_kernels)
{
    tu_rng_reset("chacha_kernels");
    int n = 0;
    for (size_t k_i = 0; axiom_chacha_kernels[k_i]; k_i++) {
        const axiom_chacha_kernel *k = (const axiom_chacha_kernel *)axiom_chacha_kernels[k_i];
        if (!usable(k->features) || k == &axiom_chacha_generic)
            continue;
        n++;
        for (size_t len = 0; len <= 1100; len++)
            chacha_compare(k, len, tu_rand_range(0, 63), tu_rand_range(0, 63));
        for (int i = 0; i < 200; i++)
            chacha_compare(k, tu_rand_range(0, 4096), tu_rand_range(0, 63), tu_rand_range(0, 63));
        chacha_compare(k, 16384 + 64 * 17 + 5, 1, 3);
    }
    printf("tier %s: %d SIMD ChaCha20 kernel(s) compared; picked %s\n", tu_tier(), n,
           axiom_chacha_pick()->name);
}
END_TEST

static void gcry_poly(uint8_t tag[16], const uint8_t key[32], const uint8_t *m, size_t len)
{
    gcry_mac_hd_t h;
    size_t tl = 16;
    ck_assert_int_eq(gcry_mac_open(&h, GCRY_MAC_POLY1305, 0, NULL), 0);
    ck_assert_int_eq(gcry_mac_setkey(h, key, 32), 0);
    ck_assert_int_eq(gcry_mac_write(h, m, len), 0);
    ck_assert_int_eq(gcry_mac_read(h, tag, &tl), 0);
    gcry_mac_close(h);
}

/* Tag of @m under kernel @k, fed in pieces cut at @cut1 and @cut2. */
static void poly(const axiom_poly1305_kernel *k, uint8_t tag[16], const uint8_t key[32],
                 const uint8_t *m, size_t len, size_t cut1, size_t cut2)
{
    axiom_poly1305 p;
    axiom_poly1305_init(&p, key, k);
    axiom_poly1305_update(&p, m, cut1);
    axiom_poly1305_update(&p, m + cut1, cut2 - cut1);
    axiom_poly1305_update(&p, m + cut2, len - cut2);
    axiom_poly1305_final(&p, tag);
}

START_TEST(test_poly1305_rfc)
{
    uint8_t key[32], tag[16], want[16];
    const char *msg = "Cryptographic Forum Research Group";
    tu_hex_decode(key, 32, "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b");
    tu_hex_decode(want, 16, "a8061dc1305136c6c22b8baf0c0127a9");
    for (size_t k_i = 0; axiom_poly1305_kernels[k_i]; k_i++) {
        const axiom_poly1305_kernel *k = (const axiom_poly1305_kernel *)axiom_poly1305_kernels[k_i];
        if (!usable(k->features))
            continue;
        for (size_t c = 0; c <= strlen(msg); c++) {
            poly(k, tag, key, (const uint8_t *)msg, strlen(msg), c, c);
            TU_ASSERT_MEM_EQ(tag, want, 16, "%s RFC 8439 2.5.2, cut at %zu", k->name, c);
        }
    }
}
END_TEST

/* The one-time key of edge case @kind (0..6): r with every allowed bit
 * set or zero, s all ones (the final addition wraps) or zero, r = 2 (kinds
 * 4 and 5), and r = 1 with s all ones (kind 6): with r = 1 two blocks of
 * 0xff bytes leave the accumulator at 2^130 - 2, between p and 2^130, so
 * only the final reduction brings it below p. */
static void edge_key(uint8_t key[32], int kind)
{
    memset(key, kind & 1 ? 0xff : 0x00, 16);
    memset(key + 16, kind & 2 || kind == 6 ? 0xff : 0x00, 16);
    if (kind == 4 || kind == 5)
        key[0] = 2; /* r = 2 (or all-ones but the low byte) */
    if (kind == 6) {
        memset(key, 0, 16);
        key[0] = 1;
    }
}

/* Keys and messages at the edges of the arithmetic (edge_key), messages
 * of 0xff bytes (the accumulator near p; kind 6 reaches [p, 2^130)),
 * zeros. */
START_TEST(test_poly1305_edges)
{
    tu_rng_reset("poly1305_edges");
    enum { MAX = 4200 };
    uint8_t *m = malloc(MAX), key[32], tag[16], want[16];
    for (size_t k_i = 0; axiom_poly1305_kernels[k_i]; k_i++) {
        const axiom_poly1305_kernel *k = (const axiom_poly1305_kernel *)axiom_poly1305_kernels[k_i];
        if (!usable(k->features))
            continue;
        for (int kind = 0; kind < 7; kind++) {
            edge_key(key, kind);
            size_t lens[] = { 0, 1, 15, 16, 17, 32, 48, 64, 80, 112, 127, 128, 129, 144, 240,
                              256, 16 * AXIOM_POLY1305_AVX2_COLD_BLOCKS - 16,
                              16 * AXIOM_POLY1305_AVX2_COLD_BLOCKS - 1,
                              16 * AXIOM_POLY1305_AVX2_COLD_BLOCKS,
                              16 * AXIOM_POLY1305_AVX2_COLD_BLOCKS + 16,
                              16 * AXIOM_POLY1305_IFMA_COLD_BLOCKS - 16,
                              16 * AXIOM_POLY1305_IFMA_COLD_BLOCKS - 1,
                              16 * AXIOM_POLY1305_IFMA_COLD_BLOCKS,
                              16 * AXIOM_POLY1305_IFMA_COLD_BLOCKS + 16, 1024, 1040, MAX };
            for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
                memset(m, kind & 4 && kind != 6 ? 0x00 : 0xff, lens[i]);
                if (kind == 5 && lens[i])
                    m[lens[i] - 1] = 0xff;
                gcry_poly(want, key, m, lens[i]);
                poly(k, tag, key, m, lens[i], 0, lens[i]);
                TU_ASSERT_MEM_EQ(tag, want, 16, "%s kind %d len %zu", k->name, kind, lens[i]);
            }
        }
    }
    free(m);
}
END_TEST

START_TEST(test_poly1305_random)
{
    tu_rng_reset("poly1305_random");
    enum { MAX = 5000 };
    uint8_t *m = malloc(MAX + 64), key[32], tag[16], want[16];
    for (size_t k_i = 0; axiom_poly1305_kernels[k_i]; k_i++) {
        const axiom_poly1305_kernel *k = (const axiom_poly1305_kernel *)axiom_poly1305_kernels[k_i];
        if (!usable(k->features))
            continue;
        for (int i = 0; i < 600; i++) {
            size_t len = i < 300 ? (size_t)i * 5 : tu_rand_range(0, MAX);
            size_t a = tu_rand_range(0, 63);
            tu_rand_bytes(key, 32);
            tu_rand_bytes(m + a, len);
            size_t c1 = tu_rand_range(0, len), c2 = tu_rand_range(c1, len);
            gcry_poly(want, key, m + a, len);
            poly(k, tag, key, m + a, len, c1, c2);
            TU_ASSERT_MEM_EQ(tag, want, 16, "%s len %zu cuts %zu,%zu", k->name, len, c1, c2);
        }
    }
    printf("tier %s: Poly1305 picked %s\n", tu_tier(), axiom_poly1305_pick()->name);
    free(m);
}
END_TEST

/* A key and a message of @len bytes in @m (room for @len + 63): for
 * @kind 0 to 6 edge_key's key and test_poly1305_edges' message (0xff or
 * zero bytes, at offset 0), for 7 and 8 random ones at a random offset.
 * Returns the message's offset in @m. */
static size_t edge_or_random(uint8_t key[32], uint8_t *m, size_t len, int kind)
{
    const size_t a = kind < 7 ? 0 : tu_rand_range(0, 63);
    if (kind < 7) {
        edge_key(key, kind);
        memset(m, kind & 4 && kind != 6 ? 0x00 : 0xff, len);
        if (kind == 5 && len)
            m[len - 1] = 0xff;
    } else {
        tu_rand_bytes(key, 32);
        tu_rand_bytes(m + a, len);
    }
    return a;
}

/* Each kernel's one-shot MAC (init, blocks and final in one call) at
 * every block count it takes, 0 to oneshot_max: on the edge keys and
 * messages of test_poly1305_edges and on random ones, against libgcrypt's
 * Poly1305 of the same bytes. */
static int oneshot_compare(const axiom_poly1305_kernel *k, const char *what)
{
    if (!k->oneshot)
        return 0;
    const size_t maxb = k->oneshot_max;
    uint8_t *m = malloc(16 * maxb + 64), key[32], tag[16], want[16];
    for (int kind = 0; kind < 9; kind++) {
        for (size_t nb = 0; nb <= maxb; nb++) {
            const size_t len = 16 * nb, a = edge_or_random(key, m, len, kind);
            gcry_poly(want, key, m + a, len);
            k->oneshot(tag, key, m + a, nb);
            TU_ASSERT_MEM_EQ(tag, want, 16, "%s one-shot%s, kind %d, %zu blocks", k->name, what,
                             kind, nb);
        }
    }
    free(m);
    return 1;
}

START_TEST(test_poly1305_oneshot)
{
    tu_rng_reset("poly1305_oneshot");
    int n = 0;
    for (size_t k_i = 0; axiom_poly1305_kernels[k_i]; k_i++) {
        const axiom_poly1305_kernel *k = (const axiom_poly1305_kernel *)axiom_poly1305_kernels[k_i];
        if (usable(k->features))
            n += oneshot_compare(k, "");
    }
    printf("tier %s: %d one-shot Poly1305 kernel(s) compared\n", tu_tier(), n);
}
END_TEST

/* Each kernel's last hook (the final block and the tag in the kernel's
 * own arithmetic), after messages of whole blocks absorbed through the
 * kernel's state (0 to 40 blocks, past the AVX2 kernel's scalar and vector
 * limits), the last of them through the hook: on the edge keys and
 * messages of test_poly1305_edges (the accumulator near p) and on random
 * ones (edge_or_random), against libgcrypt's Poly1305 of the same bytes;
 * the state wiped after it. */
START_TEST(test_poly1305_last)
{
    tu_rng_reset("poly1305_last");
    enum { MAXB = 41 };
    uint8_t m[16 * MAXB + 64], key[32], tag[16], want[16];
    int n = 0;
    for (size_t k_i = 0; axiom_poly1305_kernels[k_i]; k_i++) {
        const axiom_poly1305_kernel *k = (const axiom_poly1305_kernel *)axiom_poly1305_kernels[k_i];
        if (!usable(k->features) || !k->last)
            continue;
        n++;
        for (int kind = 0; kind < 9; kind++) {
            for (size_t nb = 1; nb <= MAXB; nb++) {
                const size_t len = 16 * nb, a = edge_or_random(key, m, len, kind);
                gcry_poly(want, key, m + a, len);
                axiom_poly1305 p;
                axiom_poly1305_init(&p, key, k);
                axiom_poly1305_update(&p, m + a, len - 16);
                k->last(&p, m + a + len - 16, tag);
                TU_ASSERT_MEM_EQ(tag, want, 16, "%s last, kind %d, %zu blocks", k->name, kind, nb);
                static const uint8_t zero[offsetof(axiom_poly1305, rpow)];
                TU_ASSERT(memcmp(&p, zero, sizeof zero) == 0, "%s last: state not wiped", k->name);
            }
        }
    }
    printf("tier %s: %d Poly1305 last hook(s) compared\n", tu_tier(), n);
}
END_TEST

/* A random block counter from which @nblk more blocks stay below 2^32
 * (clamped to end at the last block). */
static uint32_t ctr_below_wrap(uint32_t nblk)
{
    uint32_t ctr = (uint32_t)tu_rand64();
    return ctr > UINT32_MAX - nblk ? UINT32_MAX - nblk : ctr;
}

/* @len bytes of @in and @adlen bytes of @ad: all 0xff when @ones (the
 * Poly1305 accumulator near its limits), else random. */
static void fill_data(uint8_t *in, size_t len, uint8_t *ad, size_t adlen, int ones)
{
    if (ones) {
        memset(in, 0xff, len);
        memset(ad, 0xff, adlen);
    } else {
        tu_rand_bytes(in, len);
        tu_rand_bytes(ad, adlen);
    }
}

/* The portable Poly1305 tag under @pk of @pre bytes of @ad (zero-padded
 * to whole blocks when @pad16), @len bytes of @m, then the @tail bytes
 * that follow in @ad. */
static void ref_tag(uint8_t tag[16], const uint8_t pk[32], const uint8_t *ad, size_t pre,
                    int pad16, const uint8_t *m, size_t len, size_t tail)
{
    axiom_poly1305 p;
    axiom_poly1305_init(&p, pk, &axiom_poly1305_generic);
    if (pad16)
        axiom_poly1305_update_pad16(&p, ad, pre);
    else
        axiom_poly1305_update(&p, ad, pre);
    axiom_poly1305_update(&p, m, len);
    axiom_poly1305_update(&p, ad + pre, tail);
    axiom_poly1305_final(&p, tag);
}

/* The fused ChaCha20-Poly1305 kernels against the portable ChaCha20 and
 * Poly1305: @nchunks KiB sealed or opened (in place or not, misaligned),
 * after @pre bytes already absorbed (the AD) and before a tail absorbed
 * after it, so the accumulator is handed over both ways.  @kind 1: the key
 * with every bit of r the clamp allows and s all ones; 2: that key and a
 * message of 0xff bytes (the accumulator near its limits); 3: 0xff message
 * under a random key; else random. */
static void fused_compare_unit(const axiom_poly1305_kernel *k, size_t unit, size_t nchunks,
                               int enc, int inplace, size_t ia, size_t oa, int kind, size_t pre,
                               size_t tail)
{
    const size_t len = unit * nchunks;
    const uint32_t nblk = (uint32_t)(unit / 64 * nchunks);
    uint8_t key[32], nonce[12], pk[32], t1[16], t2[16];
    uint8_t *in = malloc(len + 64), *ref = malloc(len + 1), *out = malloc(len + 64);
    uint8_t *ad = malloc(pre + tail + 1);
    uint32_t st[16], st2[16];
    tu_rand_bytes(key, 32);
    tu_rand_bytes(nonce, 12);
    if (kind == 1 || kind == 2)
        memset(pk, 0xff, 32);
    else
        tu_rand_bytes(pk, 32);
    axiom_chacha_init_state(st, key, ctr_below_wrap(nblk), nonce);
    fill_data(in + ia, len, ad, pre + tail, kind >= 2);
    axiom_chacha_generic.xor(st, ref, in + ia, len);

    ref_tag(t1, pk, ad, pre, 0, enc ? ref : in + ia, len, tail);
    axiom_poly1305 p;

    uint8_t *o = inplace ? in + ia : out + oa;
    memcpy(st2, st, sizeof st);
    axiom_poly1305_init(&p, pk, k);
    axiom_poly1305_update(&p, ad, pre);
    if (unit == 512)
        k->chachapoly512(st2, &p, o, in + ia, nchunks, enc);
    else
        k->chachapoly(st2, &p, o, in + ia, nchunks, enc, NULL);
    axiom_poly1305_update(&p, ad + pre, tail);
    axiom_poly1305_final(&p, t2);
    TU_ASSERT_MEM_EQ(o, ref, len, "%s %s %zu x %zu kind %d in place %d align %zu/%zu", k->name,
                     enc ? "seal" : "open", nchunks, unit, kind, inplace, ia, oa);
    TU_ASSERT_MEM_EQ(t2, t1, 16, "%s %s tag %zu x %zu kind %d pre %zu tail %zu", k->name,
                     enc ? "seal" : "open", nchunks, unit, kind, pre, tail);
    ck_assert_uint_eq(st2[12], st[12] + nblk);
    ck_assert_mem_eq(st2, st, 12 * sizeof(uint32_t));
    free(in), free(ref), free(out), free(ad);
}

static void fused_compare(const axiom_poly1305_kernel *k, size_t nchunks, int enc, int inplace,
                          size_t ia, size_t oa, int kind, size_t pre, size_t tail)
{
    fused_compare_unit(k, 1024, nchunks, enc, inplace, ia, oa, kind, pre, tail);
}

/* The rest of a message after its first KiB (@o0 holds that KiB's output:
 * @o itself, or @first for open in place): kernel @k's pass over @nchunks
 * - 1 KiB from state @st, absorbing the first KiB's ciphertext first
 * (mac0), between @pre bytes of @ad and the @tail bytes after them, under
 * the Poly1305 key @pk; then the first KiB put in place, and the tag to
 * @t. */
static void fused_rest(const axiom_poly1305_kernel *k, uint32_t st[16], const uint8_t pk[32],
                       const uint8_t *ad, size_t pre, size_t tail, uint8_t *o, const uint8_t *in,
                       size_t nchunks, int enc, const uint8_t *o0, const uint8_t *first,
                       uint8_t t[16])
{
    axiom_poly1305 p;
    axiom_poly1305_init(&p, pk, k);
    axiom_poly1305_update(&p, ad, pre);
    k->chachapoly(st, &p, o + 1024, in + 1024, nchunks - 1, enc, enc ? o : in);
    if (o0 == first)
        memcpy(o, first, 1024);
    axiom_poly1305_update(&p, ad + pre, tail);
    axiom_poly1305_final(&p, t);
}

/* The fused start (lib/chacha/chachapoly.c): the Poly1305 key block with the
 * first KiB (chachapoly_key), then @nchunks - 1 more KiB whose first pass
 * absorbs the first KiB's ciphertext (chachapoly with mac0), against the
 * portable code.  Seal writes the first KiB to @out; open in place writes
 * its plaintext aside and copies it after the pass (which reads the first
 * KiB of @in, the same bytes as @out then), as lib/chacha/chachapoly.c does.  @kind as in
 * fused_compare (1 and 2 cannot force the derived key: they only change
 * the data). */
static void fused_key_compare(const axiom_poly1305_kernel *k, size_t nchunks, int enc, int inplace,
                              size_t ia, size_t oa, int kind, size_t pre, size_t tail)
{
    const size_t len = 1024 * nchunks;
    uint8_t key[32], nonce[12], pk[64], pk2[32], t1[16], t2[16];
    uint8_t *in = malloc(len + 64), *ref = malloc(len + 1), *out = malloc(len + 64);
    uint8_t *ad = malloc(pre + tail + 1);
    uint32_t st[16], st2[16];
    tu_rand_bytes(key, 32);
    tu_rand_bytes(nonce, 12);
    axiom_chacha_init_state(st, key, ctr_below_wrap(16 * (uint32_t)nchunks), nonce);
    fill_data(in + ia, len, ad, pre + tail, kind >= 2);
    memset(pk, 0, 64);
    axiom_chacha_generic.xor(st, pk, pk, 64);
    memcpy(st2, st, sizeof st);
    st2[12]++;
    axiom_chacha_generic.xor(st2, ref, in + ia, len);

    ref_tag(t1, pk, ad, pre, 0, enc ? ref : in + ia, len, tail);

    uint8_t *o = inplace ? in + ia : out + oa, first[1024];
    memcpy(st2, st, sizeof st);
    uint8_t *o0 = enc || !inplace ? o : first;
    k->chachapoly_key(st2, pk2, o0, in + ia);
    TU_ASSERT_MEM_EQ(pk2, pk, 32, "%s Poly1305 key", k->name);
    ck_assert_mem_eq(st2, st, sizeof st);
    st2[12] += 17;
    fused_rest(k, st2, pk2, ad, pre, tail, o, in + ia, nchunks, enc, o0, first, t2);
    TU_ASSERT_MEM_EQ(o, ref, len, "%s keyed %s %zu KiB kind %d in place %d align %zu/%zu",
                     k->name, enc ? "seal" : "open", nchunks, kind, inplace, ia, oa);
    TU_ASSERT_MEM_EQ(t2, t1, 16, "%s keyed %s tag %zu KiB kind %d pre %zu tail %zu", k->name,
                     enc ? "seal" : "open", nchunks, kind, pre, tail);
    ck_assert_uint_eq(st2[12], st[12] + 1 + 16 * (uint32_t)nchunks);
    free(in), free(ref), free(out), free(ad);
}

/* chachapoly with @mac0 but without chachapoly_key (the AVX2 pass): the
 * first KiB comes from the portable ChaCha20, then @nchunks - 1 KiB (0
 * too) on the pass, which absorbs the first KiB's ciphertext first. */
static void fused_mac0_compare(const axiom_poly1305_kernel *k, size_t nchunks, int enc,
                               int inplace, size_t ia, size_t oa, size_t pre, size_t tail)
{
    const size_t len = 1024 * nchunks;
    uint8_t key[32], nonce[12], pk[32], t1[16], t2[16], first[1024];
    uint8_t *in = malloc(len + 64), *ref = malloc(len + 1), *out = malloc(len + 64);
    uint8_t *ad = malloc(pre + tail + 1);
    uint32_t st[16], st2[16];
    tu_rand_bytes(key, 32);
    tu_rand_bytes(nonce, 12);
    tu_rand_bytes(pk, 32);
    axiom_chacha_init_state(st, key, ctr_below_wrap(16 * (uint32_t)nchunks), nonce);
    fill_data(in + ia, len, ad, pre + tail, 0);
    axiom_chacha_generic.xor(st, ref, in + ia, len);

    ref_tag(t1, pk, ad, pre, 0, enc ? ref : in + ia, len, tail);

    uint8_t *o = inplace ? in + ia : out + oa;
    uint8_t *o0 = enc || !inplace ? o : first;
    memcpy(st2, st, sizeof st);
    axiom_chacha_generic.xor(st2, o0, in + ia, 1024);
    st2[12] += 16;
    fused_rest(k, st2, pk, ad, pre, tail, o, in + ia, nchunks, enc, o0, first, t2);
    TU_ASSERT_MEM_EQ(o, ref, len, "%s mac0 %s %zu KiB in place %d align %zu/%zu", k->name,
                     enc ? "seal" : "open", nchunks, inplace, ia, oa);
    TU_ASSERT_MEM_EQ(t2, t1, 16, "%s mac0 %s tag %zu KiB pre %zu tail %zu", k->name,
                     enc ? "seal" : "open", nchunks, pre, tail);
    ck_assert_uint_eq(st2[12], st[12] + 16 * (uint32_t)nchunks);
    free(in), free(ref), free(out), free(ad);
}

/* chachapoly512_seal (the key block inside the pass) against the portable
 * ChaCha20 and Poly1305: @len bytes (whole 512-byte groups and a partial
 * one) sealed from block 1 (block 0 the Poly1305 key), @adlen bytes of AD
 * before, the ciphertext zero-padded to 16 bytes, @tail bytes absorbed
 * after; in place or not, misaligned. */
static void fused_seal_key_compare(const axiom_poly1305_kernel *k, size_t len, int inplace,
                                   size_t ia, size_t oa, int ones, size_t adlen, size_t tail)
{
    const size_t ngroups = (len + 511) / 512, padded = (len + 15) & ~(size_t)15;
    uint8_t key[32], nonce[12], pk[64] = { 0 }, t1[16], t2[16];
    uint8_t *in = malloc(len + 64), *ref = calloc(padded + 1, 1), *out = malloc(len + 64);
    uint8_t *ad = malloc(adlen + tail + 1);
    uint32_t st[16], st2[16];
    tu_rand_bytes(key, 32);
    tu_rand_bytes(nonce, 12);
    if (ones) {
        memset(key, 0xff, 32);
        memset(in + ia, 0xff, len);
    } else {
        tu_rand_bytes(in + ia, len);
    }
    tu_rand_bytes(ad, adlen + tail);
    axiom_chacha_init_state(st, key, 0, nonce);
    axiom_chacha_generic.xor(st, pk, pk, 64);
    st[12] = 1;
    axiom_chacha_generic.xor(st, ref, in + ia, len);
    ref_tag(t1, pk, ad, adlen, 1, ref, padded, tail);
    axiom_poly1305 p;

    uint8_t *o = inplace ? in + ia : out + oa;
    memset(out, 0x5a, len + 64);
    axiom_chacha_init_state(st2, key, 0, nonce);
    k->chachapoly512_seal(st2, &p, o, in + ia, len, ad, adlen);
    ck_assert_ptr_eq(p.k, k);
    axiom_poly1305_update(&p, ad + adlen, tail);
    axiom_poly1305_final(&p, t2);
    TU_ASSERT_MEM_EQ(o, ref, len, "%s keyed seal %zu bytes in place %d align %zu/%zu", k->name,
                     len, inplace, ia, oa);
    TU_ASSERT_MEM_EQ(t2, t1, 16, "%s keyed seal tag %zu bytes ad %zu tail %zu", k->name, len,
                     adlen, tail);
    if (!inplace)
        for (size_t j = 0; j < len + 64; j++)
            TU_ASSERT(j >= oa && j < oa + len ? 1 : out[j] == 0x5a,
                      "%s keyed seal %zu bytes: byte %zu outside the output written", k->name,
                      len, j);
    ck_assert_uint_eq(st2[12], 1 + 8 * (uint32_t)ngroups);
    ck_assert_mem_eq(st2, st, 12 * sizeof(uint32_t));
    free(in), free(ref), free(out), free(ad);
}

START_TEST(test_chachapoly_fused)
{
    tu_rng_reset("chachapoly_fused");
    int n = 0;
    for (size_t k_i = 0; axiom_poly1305_kernels[k_i]; k_i++) {
        const axiom_poly1305_kernel *k = (const axiom_poly1305_kernel *)axiom_poly1305_kernels[k_i];
        if (!usable(k->features) || !k->chachapoly)
            continue;
        n++;
        for (int enc = 0; enc < 2; enc++)
            for (size_t c = 1; c <= 20; c++)
                for (int kind = 0; kind < 4; kind++)
                    fused_compare(k, c, enc, (int)(c + kind) & 1, tu_rand_range(0, 63),
                                  tu_rand_range(0, 63), kind, 16 * tu_rand_range(0, kind ? 70 : 3),
                                  tu_rand_range(0, 300));
        fused_compare(k, 64, 1, 0, 0, 0, 2, 0, 0);
        fused_compare(k, 64, 0, 1, 0, 0, 2, 0, 0);
        /* The 512-byte granularity (odd group counts, one group). */
        if (k->chachapoly512) {
            for (int enc = 0; enc < 2; enc++)
                for (size_t c = 1; c <= 11; c++)
                    for (int kind = 0; kind < 4; kind++)
                        fused_compare_unit(k, 512, c, enc, (int)(c + kind) & 1,
                                           tu_rand_range(0, 63), tu_rand_range(0, 63), kind,
                                           16 * tu_rand_range(0, kind ? 70 : 3),
                                           tu_rand_range(0, 300));
            fused_compare_unit(k, 512, 0, 1, 0, 1, 2, 0, 16, 5);
            fused_compare_unit(k, 512, 0, 0, 1, 3, 0, 0, 0, 0);
        }
        if (k->chachapoly512_seal) {
            /* Whole groups, and a partial last group of every kind: 1 to
             * 511 bytes, a multiple of 16, 64 or 128 or not, after 0 to 3
             * whole groups; then longer messages. */
            static const size_t adl[] = { 0, 1, 15, 16, 17, 100, 1024, 1041 };
            static const size_t rest[] = { 0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129,
                                           255, 256, 257, 320, 448, 449, 496, 510, 511 };
            size_t i = 0;
            for (size_t c = 0; c <= 3; c++)
                for (size_t r = 0; r < sizeof rest / sizeof rest[0]; r++, i++)
                    if (c || rest[r])
                        fused_seal_key_compare(k, 512 * c + rest[r], (int)i & 1,
                                               tu_rand_range(0, 63), tu_rand_range(0, 63),
                                               (int)(i % 3 == 0), adl[i % 8],
                                               tu_rand_range(0, 100));
            for (size_t c = 4; c <= 11; c++)
                for (int ones = 0; ones < 2; ones++)
                    fused_seal_key_compare(k, 512 * c + (size_t)tu_rand_range(0, 511),
                                           (int)(c + (size_t)ones) & 1, tu_rand_range(0, 63),
                                           tu_rand_range(0, 63), ones,
                                           adl[(c + (size_t)ones) % 8], tu_rand_range(0, 100));
        }
        for (int enc = 0; enc < 2; enc++)
            for (size_t c = 1; c <= 6; c++)
                fused_mac0_compare(k, c, enc, (int)c & 1, tu_rand_range(0, 63),
                                   tu_rand_range(0, 63), 16 * tu_rand_range(0, 5),
                                   tu_rand_range(0, 100));
        if (!k->chachapoly_key)
            continue;
        for (int enc = 0; enc < 2; enc++)
            for (size_t c = 1; c <= 20; c++)
                for (int kind = 0; kind < 4; kind++)
                    fused_key_compare(k, c, enc, (int)(c + kind) & 1, tu_rand_range(0, 63),
                                      tu_rand_range(0, 63), kind,
                                      16 * tu_rand_range(0, kind ? 70 : 3), tu_rand_range(0, 300));
        fused_key_compare(k, 64, 0, 1, 0, 0, 2, 0, 0);
    }
    printf("tier %s: %d fused ChaCha20-Poly1305 kernel(s) compared\n", tu_tier(), n);
}
END_TEST

/* The AVX2 Poly1305 kernel's scalar loop and the fused pass without
 * BMI2 (MUL instead of MULX), which no tier of tests/tiers.sh reaches on
 * a CPU with both: every length from 0 to 64 blocks in one call (the
 * scalar loop alone up to AXIOM_POLY1305_AVX2_COLD_BLOCKS, then the vector
 * loop and its tails of 1 to 3 blocks) and, for odd lengths, in two calls
 * cut after that many blocks (the second call on the powers the first
 * computed: the vector loop from AXIOM_POLY1305_AVX2_MIN_BLOCKS); then
 * the fused pass.  Runs last: the features stay disabled. */
START_TEST(test_poly1305_no_bmi2)
{
    tu_rng_reset("poly1305_no_bmi2");
    if ((axiom_cpu_features() & AXIOM_CPU_BMI2) == 0) {
        printf("tier %s: no BMI2 to take away\n", tu_tier());
        return;
    }
    axiom_cpu_disable(AXIOM_CPU_BMI2 | AXIOM_CPU_ADX);
    enum { MAX = 16 * 64 + 15, CUT = 16 * AXIOM_POLY1305_AVX2_COLD_BLOCKS };
    uint8_t *m = malloc(MAX), key[32], tag[16], want[16];
    int n = 0;
    for (size_t k_i = 0; axiom_poly1305_kernels[k_i]; k_i++) {
        const axiom_poly1305_kernel *k = (const axiom_poly1305_kernel *)axiom_poly1305_kernels[k_i];
        if (!usable(k->features))
            continue;
        n++;
        for (size_t len = 0; len <= MAX; len++) {
            int ones = len % 3 == 0;
            if (ones) {
                memset(key, 0xff, 32);
                memset(m, 0xff, len);
            } else {
                tu_rand_bytes(key, 32);
                tu_rand_bytes(m, len);
            }
            gcry_poly(want, key, m, len);
            size_t cut = len % 2 && len > CUT ? CUT : 0;
            poly(k, tag, key, m, len, cut, cut);
            TU_ASSERT_MEM_EQ(tag, want, 16, "%s without BMI2, len %zu cut %zu", k->name, len,
                             cut);
        }
        oneshot_compare(k, " without BMI2");
        if (!k->chachapoly512)
            continue;
        for (int enc = 0; enc < 2; enc++)
            for (size_t c = 1; c <= 4; c++)
                fused_compare_unit(k, 512, c, enc, (int)c & 1, tu_rand_range(0, 63),
                                   tu_rand_range(0, 63), (int)c & 3, 16 * tu_rand_range(0, 5),
                                   tu_rand_range(0, 100));
    }
    printf("tier %s: %d Poly1305 kernel(s) compared without BMI2\n", tu_tier(), n);
    free(m);
}
END_TEST

static Suite *diff_suite(void)
{
    Suite *s = suite_create("chacha_diff");
    TCase *tc = tcase_create("kernels");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_hchacha20);
    tcase_add_test(tc, test_hchacha20_kernels);
    tcase_add_test(tc, test_chacha_kernels);
    tcase_add_test(tc, test_chacha_groups);
    tcase_add_test(tc, test_poly1305_rfc);
    tcase_add_test(tc, test_poly1305_edges);
    tcase_add_test(tc, test_poly1305_random);
    tcase_add_test(tc, test_poly1305_oneshot);
    tcase_add_test(tc, test_poly1305_last);
    tcase_add_test(tc, test_chachapoly_fused);
    tcase_add_test(tc, test_poly1305_no_bmi2);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    tu_init("test_chacha_diff");
    if (!gcry_check_version(GCRYPT_VERSION))
        return 99;
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    return tu_run_suite(diff_suite());
}
