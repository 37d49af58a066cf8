/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The list of kernels the constant-time checks exercise, taken from the
 * library's own catalog so that a new kernel is covered without editing
 * this file, and the leaky positive controls that prove the checks bite. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <axiom.h>

#include "aegis/aegis.h"
#include "core/aead.h"
#include "core/bc.h"
#include "api/catalog.h"
#include "chacha/chacha.h"
#include "ct_targets.h"
#include "gcm/gcm.h"
#include "gcm/ghash.h"
#include "gcm/polyval.h"
#include "sha2/hash.h"
#include "chacha/poly1305.h"
#include "mgm/mgm.h"
#include "sm4/sm4.h"

#define MAX_TARGETS 320
/* Work buffers: long enough for every interleave width (the zmm kernels
 * take 32 AES blocks or 16 ChaCha blocks per step) plus a tail, and for
 * the GCM "-long" targets' message (GCM_LONG, below). */
#define WORK 4224
/* SM4 blocks that take one byte-sliced iteration of the AES-NI/VAES
 * kernels and one word-sliced one (lib/sm4/x86_64/sm4_aes_bs.h). */
#define SM4_BS_N 192

static ct_target targets[MAX_TARGETS];
static size_t ntargets;
static int overflow; /* a target did not fit: ct_targets() refuses to run */

/* Results land here so that no operation is dead code; never read. */
static uint8_t out[WORK], work[WORK], tag[32];
static volatile uint8_t sink;

/* The first @len bytes of the work buffer filled with secret data: the
 * data part of the secret repeated (copies of undefined bytes stay
 * undefined under memcheck). */
static void fill_work_n(const uint8_t *secret, size_t len)
{
    for (size_t i = 0; i < len; i += CT_DATA_BYTES)
        memcpy(work + i, secret + CT_KEY_BYTES, len - i < CT_DATA_BYTES ? len - i : CT_DATA_BYTES);
}

/* The whole work buffer. */
static void fill_work(const uint8_t *secret)
{
    fill_work_n(secret, WORK);
}

static int usable(uint64_t features)
{
    return (features & ~axiom_cpu_features()) == 0;
}

/* A new target at the end of the list, named from @fmt, run by @run over
 * @kernel (whose constant-time flag is @ct) with keys of @keylen bytes;
 * NULL, with the list marked as overflowed, if the list or the name is
 * full. */
__attribute__((format(printf, 5, 6))) static ct_target *
new_target(ct_run_fn run, const void *kernel, int ct, size_t keylen, const char *fmt, ...)
{
    if (ntargets >= MAX_TARGETS) {
        overflow = 1;
        return NULL;
    }
    ct_target *t = &targets[ntargets];
    memset(t, 0, sizeof *t);
    va_list ap;
    va_start(ap, fmt);
    const int len = vsnprintf(t->name, sizeof t->name, fmt, ap);
    va_end(ap);
    if (len < 0 || (size_t)len >= sizeof t->name) {
        overflow = 1;
        return NULL;
    }
    t->run = run;
    t->kernel = kernel;
    t->constant_time = ct;
    t->keylen = keylen;
    ntargets++;
    return t;
}

/* ---- block ciphers ------------------------------------------------------- */

static void run_bc(const ct_target *t, const uint8_t *secret, int full)
{
    static axiom_bc_ks ks;
    const axiom_bc_kernel *k = t->kernel;
    k->setkey(&ks, secret, t->keylen);
    if (!full) {
        k->ecb_enc(&ks, out, secret + CT_KEY_BYTES, 4);
        return;
    }
    /* Block counts that reach every path: single blocks, the 8-, 16- and
     * 32-block batches and the remainders after them. */
    static const size_t counts[] = { 1, 3, 8, 13, 16, 33, 40, 71 };
    fill_work(secret);
    for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
        const size_t n = counts[c];
        /* CBC/CFB/OFB IVs and the CTR counter are public; the XTS tweak is
         * E_K2(unit number), secret. */
        uint8_t iv[16];
        const axiom_bc_chain_fn pub[] = { k->cbc_enc, k->cbc_dec, k->cfb_enc, k->cfb_dec,
                                          k->ofb, k->ctr };
        k->ecb_enc(&ks, out, work, n);
        k->ecb_dec(&ks, out, work, n);
        for (size_t f = 0; f < sizeof pub / sizeof pub[0]; f++) {
            if (!pub[f])
                continue;
            memset(iv, 0xf0 + (int)f, sizeof iv); /* near the CTR carry */
            pub[f](&ks, out, work, n, iv);
        }
        const axiom_bc_chain_fn xts[] = { k->xts_enc, k->xts_dec };
        for (size_t f = 0; f < 2; f++) {
            if (!xts[f])
                continue;
            memcpy(iv, secret + 32, 16);
            xts[f](&ks, out, work, n, iv);
        }
        /* In place, as the cipher API allows. */
        memcpy(out, work, 16 * n);
        k->ecb_enc(&ks, out, out, n);
    }
}

/* The decryption direction, timed on its own (the encryption target's
 * timing operation is ECB encryption only); the taint run of run_bc
 * already covers every decryption path, so @full adds only the short
 * counts that take one-block paths. */
static void run_bc_dec(const ct_target *t, const uint8_t *secret, int full)
{
    static axiom_bc_ks ks;
    const axiom_bc_kernel *k = t->kernel;
    k->setkey(&ks, secret, t->keylen);
    if (!full) {
        k->ecb_dec(&ks, out, secret + CT_KEY_BYTES, 4);
        return;
    }
    uint8_t iv[16];
    fill_work(secret);
    for (size_t n = 1; n <= 5; n++) {
        k->ecb_dec(&ks, out, work, n);
        memset(iv, 0x5a, sizeof iv);
        if (k->cbc_dec)
            k->cbc_dec(&ks, out, work, n, iv);
    }
}

/* The bulk path, timed: 64 blocks (1 KiB) each way, which the SIMD kernels
 * run through their widest loops (the SM4 AES-NI kernels' assembly rounds
 * among them); the 4-block targets above reach only the short paths. */
static void run_bc_bulk(const ct_target *t, const uint8_t *secret, int full)
{
    static axiom_bc_ks ks;
    const axiom_bc_kernel *k = t->kernel;
    (void)full;
    k->setkey(&ks, secret, t->keylen);
    fill_work_n(secret, 1024);
    k->ecb_enc(&ks, out, work, 64);
    k->ecb_dec(&ks, out, work, 64);
}

/* The SM4 SIMD kernels' streaming path (non-temporal stores,
 * lib/sm4/x86_64/sm4_simd.h and, AES-NI/VAES, lib/sm4/x86_64/sm4_aes_bs.h), which
 * they take from axiom_sm4_nt_min bytes (2 MiB) on an aligned output that
 * is not the input: the threshold is lowered for the call, so that 3 KiB
 * reach it (192 blocks: one byte-sliced iteration of 128, then one
 * word-sliced one of 64).  ECB both ways, then (taint run) CTR, CBC and
 * CFB decryption, the other streaming modes. */
static void run_sm4_stream(const ct_target *t, const uint8_t *secret, int full)
{
    static axiom_bc_ks ks;
    static uint8_t aout[16 * SM4_BS_N] __attribute__((aligned(64)));
    const axiom_bc_kernel *k = t->kernel;
    const size_t saved = axiom_sm4_nt_min;
    k->setkey(&ks, secret, t->keylen);
    fill_work_n(secret, sizeof aout);
    axiom_sm4_nt_min = 0;
    k->ecb_enc(&ks, aout, work, SM4_BS_N);
    k->ecb_dec(&ks, aout, work, SM4_BS_N);
    if (full) {
        const axiom_bc_chain_fn pub[] = { k->ctr, k->cbc_dec, k->cfb_dec };
        for (size_t f = 0; f < sizeof pub / sizeof pub[0]; f++) {
            uint8_t iv[16];
            memset(iv, 0xf0, sizeof iv); /* public; near the CTR carry */
            pub[f](&ks, aout, work, SM4_BS_N, iv);
        }
    }
    axiom_sm4_nt_min = saved;
}

/* The SM4 AES-NI/VAES kernels' byte-sliced bulk path (lib/sm4/x86_64/
 * sm4_aes_bs.h, 128 blocks per iteration), timed: ECB of 128 blocks each
 * way.  The taint run adds 192 blocks (one byte-sliced iteration, then the
 * word-sliced bulk loop) of CTR from counters whose low byte carries inside
 * the iteration and whose low 32 bits wrap inside it (the path through
 * memory), and of CBC and CFB decryption, out of place and in place. */
static void run_sm4_bs(const ct_target *t, const uint8_t *secret, int full)
{
    static axiom_bc_ks ks;
    const axiom_bc_kernel *k = t->kernel;
    k->setkey(&ks, secret, t->keylen);
    fill_work_n(secret, 16 * SM4_BS_N);
    k->ecb_enc(&ks, out, work, 128);
    k->ecb_dec(&ks, out, work, 128);
    if (!full)
        return;
    uint8_t iv[16];
    memset(iv, 0x11, sizeof iv); /* public counters */
    iv[15] = 0xc0;
    k->ctr(&ks, out, work, SM4_BS_N, iv);
    memset(iv + 12, 0xff, 4);
    iv[15] = 0xc0;
    k->ctr(&ks, out, work, SM4_BS_N, iv);
    for (int inplace = 0; inplace < 2; inplace++) {
        uint8_t *dst = inplace ? work : out;
        memset(iv, 0x5a, sizeof iv);
        k->cbc_dec(&ks, dst, work, SM4_BS_N, iv);
        k->cfb_dec(&ks, dst, work, SM4_BS_N, iv);
    }
}

/* The SM4 SIMD kernels' remainder passes (lib/sm4/x86_64/sm4_simd.h): after
 * the bulk loop (gfni-avx512: 4 sets of 16 blocks per iteration;
 * gfni-avx2: 4 of 8; aesni-avx2 and vaes-avx2: 8 of 8; none for calls
 * shorter than that) the k sets left, a last partial one included
 * (through a buffer), run in one pass whose shape depends on k: the gfni
 * kernels' compiled 2-set pass (k = 2) or full pass (k = 3 zero-padded,
 * 4); the AES-NI/VAES kernels' assembly pass of 2 sets (k <= 2), of 4
 * (k = 3, 4) or of 8 (k = 5..8), zero-padded; k = 1 is one set through
 * the buffer.  k (p: with a partial last set; +: after one bulk
 * iteration) for these block counts:
 *
 *   blocks        13   21   29   45    48   61
 *   gfni-avx512   1p   2p   2p   3p    3    4p
 *   gfni-avx2     2p   3p   4p   +2p   +2   +4p
 *   aesni, vaes   2p   3p   4p   6p    6    8p
 *
 * (48, whole sets, takes ECB's set loop, not its buffer.)  The bulk loops
 * themselves are the "-bulk" targets'.  Lengths and counters are public
 * and fixed; only the key and the data vary. */
static const size_t sm4_rem_counts[] = { 13, 21, 29, 45, 48, 61 };
#define SM4_REM_N (sizeof sm4_rem_counts / sizeof sm4_rem_counts[0])
#define SM4_REM_MAX 61

/* A public counter: low word 0x01020304, or, for the longest count, one
 * whose low 32 bits wrap 16 blocks before the end, inside every kernel's
 * remainder pass (which then stages its counters through memory). */
static void sm4_rem_ctr(uint8_t ctr[16], size_t n)
{
    for (int i = 0; i < 12; i++)
        ctr[i] = (uint8_t)(0xa0 + i);
    const uint32_t lo = n == SM4_REM_MAX ? (uint32_t)(0xffffffffu - (n - 17)) : 0x01020304u;
    ctr[12] = (uint8_t)(lo >> 24);
    ctr[13] = (uint8_t)(lo >> 16);
    ctr[14] = (uint8_t)(lo >> 8);
    ctr[15] = (uint8_t)lo;
}

/* Timed: ECB encryption at every count above.  Taint: ECB both ways, CTR,
 * CBC and CFB decryption at every count. */
static void run_sm4_rem(const ct_target *t, const uint8_t *secret, int full)
{
    static axiom_bc_ks ks;
    const axiom_bc_kernel *k = t->kernel;
    k->setkey(&ks, secret, t->keylen);
    fill_work_n(secret, 16 * SM4_REM_MAX);
    for (size_t i = 0; i < SM4_REM_N; i++)
        k->ecb_enc(&ks, out, work, sm4_rem_counts[i]);
    if (!full)
        return;
    for (size_t i = 0; i < SM4_REM_N; i++) {
        const size_t n = sm4_rem_counts[i];
        uint8_t iv[16];
        k->ecb_dec(&ks, out, work, n);
        sm4_rem_ctr(iv, n);
        k->ctr(&ks, out, work, n, iv);
        memset(iv, 0x3c, sizeof iv);
        k->cbc_dec(&ks, out, work, n, iv);
        memset(iv, 0x3c, sizeof iv);
        k->cfb_dec(&ks, out, work, n, iv);
    }
}

/* Timed: CTR at every count but the whole-set one (CTR has no separate
 * whole-set code), the longest across a 32-bit counter wrap. */
static void run_sm4_rem_ctr(const ct_target *t, const uint8_t *secret, int full)
{
    static axiom_bc_ks ks;
    const axiom_bc_kernel *k = t->kernel;
    (void)full;
    k->setkey(&ks, secret, t->keylen);
    fill_work_n(secret, 16 * SM4_REM_MAX);
    for (size_t i = 0; i < SM4_REM_N; i++) {
        const size_t n = sm4_rem_counts[i];
        uint8_t ctr[16];
        if (n % 8 == 0)
            continue;
        sm4_rem_ctr(ctr, n);
        k->ctr(&ks, out, work, n, ctr);
    }
}

/* Timed: CBC decryption of 13, 21 and 45 blocks, CFB decryption of 29 and
 * 61: every pass shape of k >= 2 of each kernel (the table above) in one
 * of the two modes, for less than both modes at every count. */
static void run_sm4_rem_cbc(const ct_target *t, const uint8_t *secret, int full)
{
    static axiom_bc_ks ks;
    static const size_t cbc[] = { 13, 21, 45 }, cfb[] = { 29, 61 };
    const axiom_bc_kernel *k = t->kernel;
    uint8_t iv[16];
    (void)full;
    k->setkey(&ks, secret, t->keylen);
    fill_work_n(secret, 16 * SM4_REM_MAX);
    for (size_t i = 0; i < sizeof cbc / sizeof cbc[0]; i++) {
        memset(iv, 0x3c, sizeof iv);
        k->cbc_dec(&ks, out, work, cbc[i], iv);
    }
    for (size_t i = 0; i < sizeof cfb / sizeof cfb[0]; i++) {
        memset(iv, 0x3c, sizeof iv);
        k->cfb_dec(&ks, out, work, cfb[i], iv);
    }
}

/* The SM4 SIMD kernels' short paths: on xmm, one block in block form
 * (ECB of 1), 2-3 blocks as one latency-bound set (ECB of 3) and CTR /
 * CBC decryption of 3 through the one-set loop and its buffer; 6 blocks
 * (ECB on ymm or zmm, one partial set through a buffer; CTR and CBC
 * decryption on xmm for the AVX2 kernels, on zmm for gfni-avx512); 8
 * blocks (one whole ymm set for the AVX2 kernels in all three, one
 * partial zmm set for gfni-avx512).  The 4-block targets reach only the
 * 4-block ECB set. */
static void run_sm4_short_counts(const ct_target *t, const uint8_t *secret, const size_t *counts,
                                 size_t ncounts)
{
    static axiom_bc_ks ks;
    const axiom_bc_kernel *k = t->kernel;
    /* The schedule written over a fixed pattern, not over the last
     * call's: the all-zero class would rewrite the very bytes an earlier
     * all-zero call left there, which AMD Zen 4 did measurably faster
     * than storing new ones (doc/ASSURANCE.md), a difference of the
     * memory's contents before the call, not of the kernel. */
    memset(&ks, 0x5a, sizeof ks);
    k->setkey(&ks, secret, t->keylen);
    fill_work_n(secret, 16 * 8);
    for (size_t i = 0; i < ncounts; i++) {
        const size_t n = counts[i];
        uint8_t iv[16];
        k->ecb_enc(&ks, out, work, n);
        if (n == 1)
            continue;
        sm4_rem_ctr(iv, n);
        k->ctr(&ks, out, work, n, iv);
        memset(iv, 0x3c, sizeof iv);
        k->cbc_dec(&ks, out, work, n, iv);
    }
}

/* All four counts in one call (slow: left out of the quick run, see
 * doc/ASSURANCE.md), and each count on its own. */
static void run_sm4_short(const ct_target *t, const uint8_t *secret, int full)
{
    static const size_t counts[] = { 1, 3, 6, 8 };
    (void)full;
    run_sm4_short_counts(t, secret, counts, 4);
}

#define SM4_SHORT_ONE(n)                                                                       \
    static void run_sm4_short_##n(const ct_target *t, const uint8_t *secret, int full)         \
    {                                                                                          \
        static const size_t count = n;                                                         \
        (void)full;                                                                            \
        run_sm4_short_counts(t, secret, &count, 1);                                            \
    }
SM4_SHORT_ONE(1)
SM4_SHORT_ONE(3)
SM4_SHORT_ONE(6)
SM4_SHORT_ONE(8)

/* The chaining modes of the other SIMD block-cipher kernels (AES,
 * Kuznyechik) and of the portable SM4 one, whose timed targets are
 * otherwise ECB only: CTR (public counter), CBC and CFB decryption and XTS
 * both ways (secret tweak), over 37 AES or SM4 blocks (a bulk step of every
 * width, then a tail; SM4: one padded bitsliced pass) or 13 Kuznyechik
 * blocks (the Kuznyechik kernels pad every call to a batch of 32 or 64
 * blocks; 13 is past their one-block CTR path, below 5 or 12 blocks,
 * which a 4-block CTR call reaches), and ECB past a kernel's long batch
 * limit (see below). */
static void run_bc_modes(const ct_target *t, const uint8_t *secret, int full)
{
    static axiom_bc_ks ks;
    const axiom_bc_kernel *k = t->kernel;
    const int kuz = !strncmp(t->name, "kuznyechik/", 11);
    const size_t n = kuz ? 13 : 37;
    uint8_t iv[16];
    (void)full;
    k->setkey(&ks, secret, t->keylen);
    fill_work_n(secret, 16 * n);
    if (kuz) {
        memset(iv, 0x1d, sizeof iv);
        k->ctr(&ks, out, work, 4, iv);
    }
    const axiom_bc_chain_fn pub[] = { k->ctr, k->cbc_dec, k->cfb_dec };
    for (size_t f = 0; f < sizeof pub / sizeof pub[0]; f++) {
        if (!pub[f])
            continue;
        memset(iv, 0x1e + (int)f, sizeof iv);
        pub[f](&ks, out, work, n, iv);
    }
    const axiom_bc_chain_fn xts[] = { k->xts_enc, k->xts_dec };
    for (size_t f = 0; f < 2; f++) {
        if (!xts[f])
            continue;
        memcpy(iv, secret + 32, 16);
        xts[f](&ks, out, work, n, iv);
    }
    /* A kernel whose last step is a long batch (vaes-avx2: its round keys
     * in registers from 512 blocks, in memory below): one call past it,
     * ECB under the secret key over a buffer of its own (the data
     * public). */
    static uint8_t big[16 * 513];
    size_t last = 0;
    for (size_t j = 0; j < AXIOM_BC_STEPS && k->steps[j]; j++)
        last = k->steps[j];
    if (!kuz && last >= 256 && 16 * (last + 1) <= sizeof big)
        k->ecb_enc(&ks, big, big, last + 1);
}

/* The serial modes (CBC and CFB encryption, OFB), timed: one block at a
 * time by construction, which the portable SM4 kernel runs through its
 * one-block word path (lib/sm4/sm4_ct.c). */
static void run_bc_serial(const ct_target *t, const uint8_t *secret, int full)
{
    static axiom_bc_ks ks;
    const axiom_bc_kernel *k = t->kernel;
    uint8_t iv[16];
    (void)full;
    k->setkey(&ks, secret, t->keylen);
    fill_work_n(secret, 32);
    const axiom_bc_chain_fn ser[] = { k->cbc_enc, k->cfb_enc, k->ofb };
    for (size_t f = 0; f < sizeof ser / sizeof ser[0]; f++) {
        memset(iv, 0x2e + (int)f, sizeof iv);
        ser[f](&ks, out, work, 2, iv);
    }
}

/* The kernel's whole CMAC (the one-shot axiom_mac() path): the key and
 * the message secret, whole and partial last blocks. */
static void run_bc_cmac(const ct_target *t, const uint8_t *secret, int full)
{
    const axiom_bc_kernel *k = t->kernel;
    if (!full) {
        k->cmac(secret, t->keylen, secret + CT_KEY_BYTES, 40, out);
        return;
    }
    fill_work(secret);
    static const size_t lens[] = { 0, 5, 16, 33, 64, 1000 };
    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++)
        k->cmac(secret, t->keylen, work, lens[i], out);
}

/* Appends a copy of @t named "<t's name>-@suffix" running @run; NULL, with
 * the list marked as overflowed, if the list or the name is full. */
static ct_target *add_variant(const ct_target *t, const char *suffix, ct_run_fn run,
                              int taint_only)
{
    const ct_target base = *t;
    ct_target *v = new_target(run, base.kernel, base.constant_time, base.keylen, "%s-%s",
                              base.name, suffix);
    if (v) {
        v->control = base.control;
        v->slow = base.slow;
        v->taint_only = taint_only;
    }
    return v;
}

/* The SM4 SIMD kernels' paths (lib/sm4/x86_64/): streaming stores, the
 * byte- and word-sliced iterations, the remainder passes and the short
 * calls of 1, 3, 6 and 8 blocks. */
static const struct {
    const char *suffix;
    ct_run_fn run;
} sm4_simd_variants[] = {
    { "stream", run_sm4_stream },   { "bs", run_sm4_bs },           { "rem", run_sm4_rem },
    { "rem-ctr", run_sm4_rem_ctr }, { "rem-cbc", run_sm4_rem_cbc }, { "short-1", run_sm4_short_1 },
    { "short-3", run_sm4_short_3 }, { "short-6", run_sm4_short_6 }, { "short-8", run_sm4_short_8 },
};

static void add_bc_list(const char *family, const char *catalog_name, const size_t *keylens,
                        size_t nkeylens)
{
    const axiom_cipher_desc *d = axiom_catalog_cipher(catalog_name);
    if (!d || !d->kernels)
        return; /* e.g. SM4 before it lands */
    const int sm4 = !strcmp(family, "sm4");
    for (const axiom_kernel *const *k = d->kernels; *k; k++) {
        if (!usable((*k)->features))
            continue;
        const int simd = (*k)->features != 0;
        for (size_t i = 0; i < nkeylens; i++) {
            const ct_target *t =
                nkeylens > 1 ? new_target(run_bc, *k, (*k)->constant_time, keylens[i], "%s/%s-%zu",
                                          family, (*k)->name, 8 * keylens[i])
                             : new_target(run_bc, *k, (*k)->constant_time, keylens[i], "%s/%s",
                                          family, (*k)->name);
            if (!t)
                return;
            add_variant(t, "dec", run_bc_dec, 0);
            /* The portable kernels have no wider path than the taint run's
             * counts reach; timing them at 64 blocks would only be slow. */
            if (simd)
                add_variant(t, "bulk", run_bc_bulk, 0);
            if (simd && sm4) {
                for (size_t j = 0; j < sizeof sm4_simd_variants / sizeof sm4_simd_variants[0]; j++)
                    add_variant(t, sm4_simd_variants[j].suffix, sm4_simd_variants[j].run, 0);
                /* The four counts in one call: an unexplained timing
                 * difference on AMD Zen 4 in some processes, which each
                 * count alone does not show (doc/ASSURANCE.md); campaigns
                 * only. */
                ct_target *v = add_variant(t, "short", run_sm4_short, 0);
                if (v)
                    v->slow = 1;
            }
            if (simd && !sm4)
                add_variant(t, "modes", run_bc_modes, 0);
            if (axiom_bc_of(*k)->cmac)
                add_variant(t, "cmac", run_bc_cmac, 0);
            /* The portable constant-time SM4 kernel has two paths: the
             * 4-block targets above take its word path, these its
             * bitsliced passes (64 blocks; 37 in the modes) and the
             * one-block serial modes. */
            if (!simd && (*k)->constant_time && sm4) {
                add_variant(t, "bulk", run_bc_bulk, 0);
                add_variant(t, "modes", run_bc_modes, 0);
                add_variant(t, "serial", run_bc_serial, 0);
            }
        }
    }
}

/* ---- GCM ----------------------------------------------------------------- */

static void run_gcm(const ct_target *t, const uint8_t *secret, int full)
{
    static axiom_gcm_key g;
    static const uint8_t nonce[13] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13 };
    axiom_gcm_setkey_with(&g, t->kernel, secret, t->keylen);
    const axiom_aead_alg *a = &axiom_aead_aes128_gcm; /* the operations do not depend on the key size */
    if (!full) {
        /* Three whole blocks and a partial one (the kernel's last, where
         * it has one). */
        a->message(&g, 1, out, tag, 16, nonce, 12, NULL, 0, secret + CT_KEY_BYTES, 63);
        return;
    }
    static const size_t lens[] = { 0, 5, 16, 100, 255, 519, 1031, 2100 };
    fill_work(secret);
    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        /* A 13-byte nonce makes J0, and so every counter, secret. */
        for (size_t nl = 12; nl <= 13; nl++) {
            a->message(&g, 1, out, tag, 16, nonce, nl, secret + 40, 20, work, lens[i]);
            a->message(&g, 0, out, tag, 16, nonce, nl, secret + 40, 20, work, lens[i]);
        }
    }
    /* Long AD with short text: the AD phase over more blocks than one
     * reduction takes, then a text call that makes the tag. */
    a->message(&g, 1, out, tag, 16, nonce, 12, work, 600, secret + CT_KEY_BYTES, 50);
    a->message(&g, 0, out, tag, 16, nonce, 12, work, 600, secret + CT_KEY_BYTES, 50);
}

/* A message a bit over 4 KiB: on the tiers without a stitched loop
 * (portable AES tiers, every SM4-GCM tier) the portable text phase
 * (lib/gcm/gcm_generic.c) runs the public counters of 96-bit nonces in
 * chunks of AXIOM_GCM_CHUNK_BLOCKS through the block cipher's CTR, so this
 * reaches a second chunk (3 blocks) and the partial last block; on the
 * others, the stitched loops, which the 64-byte target does not reach.
 * Timed: the seal.  Taint: seal and open with AD. */
#define GCM_LONG (4096 + 48 + 5)
static void run_gcm_long(const ct_target *t, const uint8_t *secret, int full)
{
    static axiom_gcm_key g;
    static const uint8_t nonce[12] = { 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1 };
    axiom_gcm_setkey_with(&g, t->kernel, secret, t->keylen);
    const axiom_aead_alg *a = &axiom_aead_aes128_gcm;
    fill_work_n(secret, GCM_LONG);
    a->message(&g, 1, out, tag, 16, nonce, 12, NULL, 0, work, GCM_LONG);
    if (!full)
        return;
    a->message(&g, 1, out, tag, 16, nonce, 12, secret + 40, 20, work, GCM_LONG);
    a->message(&g, 0, out, tag, 16, nonce, 12, secret + 40, 20, work, GCM_LONG);
}

/* The tiers of @list (AES-GCM's, with @nkeys key sizes, or SM4-GCM's,
 * one); the runner is the same (lib/gcm/gcm.c's glue, whatever the
 * cipher).  The
 * first key size of each tier also gets a "-long" target. */
static void add_gcm_list(const char *family, const axiom_kernel *const *list, size_t nkeys)
{
    static const size_t keylens[] = { 16, 24, 32 };
    for (const axiom_kernel *const *k = list; *k; k++) {
        if (!usable((*k)->features))
            continue;
        for (size_t i = 0; i < nkeys; i++) {
            const ct_target *t = new_target(run_gcm, *k, (*k)->constant_time, keylens[i],
                                            "%s/%s-%zu", family, (*k)->name, 8 * keylens[i]);
            if (!t)
                return;
            if (i == 0) {
                /* 3000 (VAES) to 125000 (portable parts) cycles a call:
                 * left to check-ct and check-ct-long, out of make check's
                 * quick run. */
                ct_target *v = add_variant(t, "long", run_gcm_long, 0);
                if (!v)
                    return;
                v->slow = 1;
            }
        }
    }
}

static void add_gcm(void)
{
    add_gcm_list("gcm", axiom_gcm_kernels, 3);
    add_gcm_list("sm4-gcm", axiom_sm4_gcm_kernels, 1);
}

/* ---- AES-GCM-SIV --------------------------------------------------------- */

/* Seal and open (under the tag sealing made, and under another: the
 * counter comes from the received tag, public) over lengths around the
 * counter-mode loops' and the POLYVAL kernels' steps; timed: a 64-byte
 * seal. */
/* The target's GCM-SIV algorithm keyed with the secret on its tier, in
 * @state (of 8192 bytes); NULL if the state does not fit. */
static const axiom_aead_alg *gcmsiv_keyed(const ct_target *t, const uint8_t *secret, void *state)
{
    const axiom_aead_alg *a = t->keylen == 16 ? &axiom_aead_aes128_gcm_siv
                                               : &axiom_aead_aes256_gcm_siv;
    if (a->state_size > 8192)
        return NULL;
    a->setkey(state, t->kernel, secret, t->keylen);
    return a;
}

static void run_gcmsiv(const ct_target *t, const uint8_t *secret, int full)
{
    static _Alignas(64) uint8_t state[8192];
    static const uint8_t nonce[12] = { 3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8 };
    const axiom_aead_alg *a = gcmsiv_keyed(t, secret, state);
    if (!a)
        return;
    if (!full) {
        a->message(state, 1, out, tag, 16, nonce, 12, NULL, 0, secret + CT_KEY_BYTES, 64);
        return;
    }
    static const size_t lens[] = { 0, 5, 16, 100, 255, 519, 1031, 2100 };
    fill_work(secret);
    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        a->message(state, 1, out, tag, 16, nonce, 12, secret + 40, 20, work, lens[i]);
        a->message(state, 0, out, tag, 16, nonce, 12, secret + 40, 20, out, lens[i]);
        tag[3] ^= 0x5a;
        a->message(state, 0, out, tag, 16, nonce, 12, secret + 40, 20, work, lens[i]);
    }
}

/* "-mid": a 255-byte seal and open with 20 bytes of AD, secret text: the
 * composed path past the one-call short path, whose per-message POLYVAL
 * key has 15 powers (the vector kernels' init_n, lane-masked stores). */
static void run_gcmsiv_mid(const ct_target *t, const uint8_t *secret, int full)
{
    static _Alignas(64) uint8_t state[8192];
    static const uint8_t nonce[12] = { 2, 7, 1, 8, 2, 8, 1, 8, 2, 8, 4, 5 };
    const axiom_aead_alg *a = gcmsiv_keyed(t, secret, state);
    (void)full;
    if (!a)
        return;
    fill_work_n(secret, 255);
    a->message(state, 1, out, tag, 16, nonce, 12, secret + 40, 20, work, 255);
    a->message(state, 0, out, tag, 16, nonce, 12, secret + 40, 20, out, 255);
}

static void add_gcmsiv(void)
{
    static const size_t keylens[] = { 16, 32 };
    for (const axiom_kernel *const *k = axiom_gcmsiv_kernels; *k; k++) {
        if (!usable((*k)->features))
            continue;
        for (int mid = 0; mid < 2; mid++)
            for (size_t i = 0; i < 2; i++)
                if (!new_target(mid ? run_gcmsiv_mid : run_gcmsiv, *k, (*k)->constant_time,
                                keylens[i], "gcm-siv/%s-%zu%s", (*k)->name, 8 * keylens[i],
                                mid ? "-mid" : ""))
                    return;
    }
}

/* ---- XAES-256-GCM -------------------------------------------------------- */

static _Alignas(64) uint8_t xaes_state[8192];
static const uint8_t xaes_nonce[24] = { 3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8,
                                        9, 7, 9, 3, 2, 3, 8, 4, 6, 2, 6, 4 };

/* The state keyed with the secret on @t's GCM tier; 0 if it does not fit. */
static int xaes_setkey(const ct_target *t, const uint8_t *secret)
{
    const axiom_aead_alg *a = &axiom_aead_xaes256_gcm;
    if (a->state_size > sizeof xaes_state)
        return 0;
    a->setkey(xaes_state, t->kernel, secret, 32);
    return 1;
}

/* One XAES-256-GCM message with @adlen bytes of AD from the secret, then
 * its open in place. */
static void xaes_seal_open(size_t adlen, const uint8_t *secret, const uint8_t *in, size_t len)
{
    const axiom_aead_alg *a = &axiom_aead_xaes256_gcm;
    const uint8_t *ad = adlen ? secret + 40 : NULL;
    a->message(xaes_state, 1, out, tag, 16, xaes_nonce, 24, ad, adlen, in, len);
    a->message(xaes_state, 0, out, tag, 16, xaes_nonce, 24, ad, adlen, out, len);
}

/* Seal and open over lengths that need from 3 to all 32 powers of H (the
 * derivation computes as many as the message can use), on one GCM tier;
 * timed: a 64-byte seal (the key derivation dominates it). */
static void run_xaes(const ct_target *t, const uint8_t *secret, int full)
{
    const axiom_aead_alg *a = &axiom_aead_xaes256_gcm;
    if (!xaes_setkey(t, secret))
        return;
    if (!full) {
        a->message(xaes_state, 1, out, tag, 16, xaes_nonce, 24, NULL, 0, secret + CT_KEY_BYTES,
                   64);
        return;
    }
    static const size_t lens[] = { 0, 5, 16, 100, 255, 519, 1031, 2100 };
    fill_work(secret);
    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++)
        xaes_seal_open(20, secret, work, lens[i]);
}

/* Without AD and from make_powers whole blocks (32 on vaes-avx512), a
 * tier with make_powers leaves the powers of H, and one with expand also
 * the derived key's schedule, to its text phase (lib/gcm/xaes.c): seal
 * and open such messages, lengths on both sides of the 32 and 96 blocks
 * where the decryption's start and the stitched loop take over; timed:
 * a 1 KiB seal and its open. */
static void run_xaes_text(const ct_target *t, const uint8_t *secret, int full)
{
    if (!xaes_setkey(t, secret))
        return;
    static const size_t lens[] = { 1024, 512, 527, 1041, 1536, 1553, 2100 };
    const size_t nl = full ? sizeof lens / sizeof lens[0] : 1;
    fill_work_n(secret, 2100);
    for (size_t i = 0; i < nl; i++)
        xaes_seal_open(0, secret, work, lens[i]);
}

static void add_xaes(void)
{
    for (const axiom_kernel *const *k = axiom_gcm_kernels; *k; k++) {
        if (!usable((*k)->features))
            continue;
        const ct_target *t =
            new_target(run_xaes, *k, (*k)->constant_time, 32, "xaes-256-gcm/%s", (*k)->name);
        if (!t)
            return;
        if (axiom_gcm_of(*k)->make_powers)
            add_variant(t, "text", run_xaes_text, 0);
    }
}

/* ---- ChaCha20, Poly1305 -------------------------------------------------- */

static void run_chacha(const ct_target *t, const uint8_t *secret, int full)
{
    static const uint8_t nonce[12] = { 0, 0, 0, 9, 0, 0, 0, 0x4a };
    const axiom_chacha_kernel *k = t->kernel;
    uint32_t st[16];
    axiom_chacha_init_state(st, secret, 1, nonce);
    if (!full) {
        k->xor(st, out, secret + CT_KEY_BYTES, 64);
        return;
    }
    static const size_t lens[] = { 1, 63, 64, 65, 200, 511, 1024, 1100, 2100 };
    fill_work(secret);
    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++)
        k->xor(st, out, work, lens[i]);
    /* HChaCha20 (XChaCha20-Poly1305's subkey) as the kernel runs it. */
    uint8_t sub[32];
    axiom_chacha_hchacha(k, sub, secret, secret + 32);
    axiom_wipe(sub, sizeof sub);
}

/* The SIMD ChaCha20 kernels' other paths (the 64-byte target runs the
 * one-block row form): a partial block, 2, 4 and 6 blocks (row form), 8
 * blocks, 8 blocks and one or two row-form pairs (AVX-512, 600 and 700
 * bytes), a partial and a whole 16-block group (AVX-512, 900 and 1100),
 * and the 8-block loop with a tail. */
static void run_chacha_multi(const ct_target *t, const uint8_t *secret, int full)
{
    static const uint8_t nonce[12] = { 0, 0, 0, 9, 0, 0, 0, 0x4a };
    static const size_t lens[] = { 37, 100, 200, 300, 400, 600, 700, 900, 1100 };
    const axiom_chacha_kernel *k = t->kernel;
    uint32_t st[16];
    (void)full;
    axiom_chacha_init_state(st, secret, 1, nonce);
    fill_work_n(secret, 1100);
    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++)
        k->xor(st, out, work, lens[i]);
}

static void run_poly(const ct_target *t, const uint8_t *secret, int full)
{
    axiom_poly1305 p;
    const axiom_poly1305_kernel *pk = t->kernel;
    axiom_poly1305_init(&p, secret, pk);
    if (!full) {
        axiom_poly1305_update(&p, secret + CT_KEY_BYTES, 64);
        axiom_poly1305_final(&p, tag);
        if (pk->oneshot) /* the short messages' MAC, key to tag */
            pk->oneshot(tag, secret, secret + CT_KEY_BYTES, 4);
        if (pk->last) { /* a long message's last block and tag */
            axiom_poly1305_init(&p, secret, pk);
            axiom_poly1305_update(&p, secret + CT_KEY_BYTES, 48);
            pk->last(&p, secret + CT_KEY_BYTES + 48, tag);
        }
        return;
    }
    static const size_t lens[] = { 0, 15, 16, 100, 130, 1000, 2100 };
    fill_work(secret);
    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        axiom_poly1305_init(&p, secret, t->kernel);
        axiom_poly1305_update(&p, work, lens[i] / 2);
        axiom_poly1305_update(&p, work + lens[i] / 2, lens[i] - lens[i] / 2);
        axiom_poly1305_final(&p, tag);
        axiom_poly1305_init(&p, secret, t->kernel);
        axiom_poly1305_update_pad16(&p, work, lens[i]);
        axiom_poly1305_final(&p, tag);
        if (pk->last) {
            axiom_poly1305_init(&p, secret, t->kernel);
            axiom_poly1305_update_pad16(&p, work, lens[i]);
            pk->last(&p, work + 16, tag);
        }
    }
    if (pk->oneshot) {
        const size_t nbs[] = { 0, 1, 7, pk->oneshot_max };
        for (size_t i = 0; i < sizeof nbs / sizeof nbs[0]; i++)
            pk->oneshot(tag, secret, work, nbs[i]);
    }
    if (pk->chachapoly) {
        /* The fused ChaCha20-Poly1305 pass: the secret is the ChaCha20
         * key, the Poly1305 key and the data. */
        static const uint8_t nonce[12] = { 0, 0, 0, 9 };
        uint32_t st[16];
        for (int enc = 0; enc < 2; enc++) {
            axiom_chacha_init_state(st, secret, 1, nonce);
            axiom_poly1305_init(&p, secret, pk);
            pk->chachapoly(st, &p, out, work, 2, enc, NULL);
            axiom_poly1305_final(&p, tag);
            if (pk->chachapoly512) {
                /* An odd number of 512-byte groups. */
                axiom_chacha_init_state(st, secret, 1, nonce);
                axiom_poly1305_init(&p, secret, pk);
                pk->chachapoly512(st, &p, out, work, 3, enc);
                axiom_poly1305_final(&p, tag);
            }
            if (enc && pk->chachapoly512_seal) {
                /* The key block inside the pass, three groups and a
                 * partial one. */
                axiom_chacha_init_state(st, secret, 0, nonce);
                pk->chachapoly512_seal(st, &p, out, work, 3 * 512 + 100, secret + 16, 40);
                axiom_poly1305_final(&p, tag);
            }
        }
        if (pk->chachapoly_key) {
            uint8_t key[32];
            axiom_chacha_init_state(st, secret, 0, nonce);
            pk->chachapoly_key(st, key, out, work);
            st[12] = 17;
            axiom_poly1305_init(&p, key, pk);
            pk->chachapoly(st, &p, out + 1024, work + 1024, 1, 1, out);
            axiom_poly1305_final(&p, tag);
            /* Open's start: the first KiB's plaintext aside, its
             * ciphertext absorbed in the pass (lib/chacha/chachapoly.c). */
            static uint8_t pt0[1024];
            axiom_chacha_init_state(st, secret, 0, nonce);
            pk->chachapoly_key(st, key, pt0, work);
            st[12] = 17;
            axiom_poly1305_init(&p, key, pk);
            pk->chachapoly(st, &p, out + 1024, work + 1024, 1, 0, work);
            axiom_poly1305_final(&p, tag);
            axiom_wipe(key, sizeof key);
        }
        axiom_wipe(st, sizeof st);
    }
}

/* The SIMD Poly1305 kernels' vector paths, which they take from 8 (AVX2)
 * or 16 (IFMA) blocks: the 64-byte target runs their scalar loop (AVX2:
 * the MULX or MUL loop of lib/chacha/x86_64/chacha_avx2.c; IFMA: the
 * portable one).
 * 1000 bytes: the vector loop, its leftover blocks and a partial block. */
static void run_poly_bulk(const ct_target *t, const uint8_t *secret, int full)
{
    axiom_poly1305 p;
    (void)full;
    fill_work_n(secret, 1000);
    axiom_poly1305_init(&p, secret, t->kernel);
    axiom_poly1305_update(&p, work, 1000);
    axiom_poly1305_final(&p, tag);
}

static void add_chacha_poly(void)
{
    for (size_t k_i = 0; axiom_chacha_kernels[k_i]; k_i++) {
        const axiom_chacha_kernel *k = (const axiom_chacha_kernel *)axiom_chacha_kernels[k_i];
        if (!usable(k->features))
            continue;
        const ct_target *t =
            new_target(run_chacha, k, k->constant_time, 0, "chacha20/%s", k->name);
        if (!t)
            return;
        if (k->features)
            add_variant(t, "multi", run_chacha_multi, 0);
    }
    for (size_t k_i = 0; axiom_poly1305_kernels[k_i]; k_i++) {
        const axiom_poly1305_kernel *k = (const axiom_poly1305_kernel *)axiom_poly1305_kernels[k_i];
        if (!usable(k->features))
            continue;
        const ct_target *t = new_target(run_poly, k, k->constant_time, 0, "poly1305/%s", k->name);
        if (!t)
            return;
        if (k->features)
            add_variant(t, "bulk", run_poly_bulk, 0);
    }
}

/* ---- AEGIS ---------------------------------------------------------------- */

/* Timed: a 64-byte seal on the kernel's one-call path.  Taint: seal and
 * open at lengths around the steps of every variant, both tag lengths,
 * secret AD; the step operations alone (the path of streaming AEGIS and
 * of kernels without a one-call path); AEGIS-MAC. */
static void run_aegis(const ct_target *t, const uint8_t *secret, int full)
{
    static const uint8_t nonce[32] = { 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 1, 2, 3, 4, 5, 6,
                                       7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22 };
    const axiom_aegis_kernel *k = t->kernel;
    if (!full) {
        /* 64 bytes, and 37 bytes with 20 of AD: partial last steps of
         * both for every variant (the AVX-512 kernels' masked path). */
        axiom_aegis_crypt(k, 1, out, tag, 16, secret, nonce, NULL, 0, secret + CT_KEY_BYTES, 64);
        axiom_aegis_crypt(k, 1, out, tag, 16, secret, nonce, secret + 40, 20,
                          secret + CT_KEY_BYTES, 37);
        axiom_aegis_crypt(k, 0, out, tag, 16, secret, nonce, secret + 40, 20,
                          secret + CT_KEY_BYTES, 37);
        return;
    }
    static const size_t lens[] = { 0, 5, 16, 33, 100, 255, 519 };
    fill_work(secret);
    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        for (size_t tl = 16; tl <= 32; tl += 16) {
            axiom_aegis_crypt(k, 1, out, tag, tl, secret, nonce, secret + 40, 20, work, lens[i]);
            axiom_aegis_crypt(k, 0, out, tag, tl, secret, nonce, secret + 40, 20, work, lens[i]);
        }
    }
    axiom_aegis_kernel steps = *k;
    steps.seal = NULL;
    steps.open = NULL;
    axiom_aegis_crypt(&steps, 1, out, tag, 16, secret, nonce, secret + 40, 20, work, 519);
    axiom_aegis_crypt(&steps, 0, out, tag, 32, secret, nonce, secret + 40, 20, work, 519);
    static axiom_aegis_mac m;
    axiom_aegis_mac_init(&m, k, secret, nonce);
    axiom_aegis_mac_update(&m, work, 300);
    axiom_aegis_mac_final(&m, tag, 16);
    axiom_aegis_mac_update(&m, work, 77);
    axiom_aegis_mac_final(&m, tag, 32);
}

/* Every kernel of every variant usable here; the portable ones (tens of
 * thousands of cycles a call) left out of make check's quick timing run. */
static void add_aegis(void)
{
    static const char *const variants[] = { "aegis-128l", "aegis-128x2", "aegis-128x4",
                                            "aegis-256",  "aegis-256x2", "aegis-256x4" };
    for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
        const axiom_aegis_variant *var = axiom_aegis_find(variants[v]);
        for (const axiom_kernel *const *k = var->kernels; *k; k++) {
            if (!usable((*k)->features))
                continue;
            ct_target *t = new_target(run_aegis, *k, (*k)->constant_time, var->keylen, "%s/%s",
                                      var->name, (*k)->name);
            if (!t)
                return;
            t->slow = (*k)->features == 0;
        }
    }
}

/* ---- MGM's GF(2^128) multiplication ---------------------------------------- */

/* H values and text blocks both secret: the key is the H blocks.  The
 * full run adds the fused pass (crypt, both ways: text, keystream and H
 * secret; 17 blocks, vector steps and a tail) and the counters (a secret
 * start, both halves, 9 blocks). */
static void run_mgm_mul(const ct_target *t, const uint8_t *secret, int full)
{
    const axiom_mgm_kernel *k = t->kernel;
    uint64_t sum[2] = { 0, 0 };
    fill_work(secret);
    k->sum_mul(sum, secret, secret + CT_KEY_BYTES, full ? 4 : 2);
    if (full) {
        k->sum_mul(sum, work, work + 256, 16);
        k->crypt(sum, out, work, work + 1024, work + 2048, 17, 1);
        k->crypt(sum, out, work, work + 1024, work + 2048, 17, 0);
        uint64_t c[2];
        memcpy(c, secret + 16, sizeof c);
        k->counters(out, c, 9, 1);
        k->counters(out + 256, c, 9, 0);
        sink ^= (uint8_t)(out[0] ^ out[300] ^ c[0] ^ c[1]);
    }
    sink ^= (uint8_t)(sum[0] ^ sum[1]);
}

static void add_mgm(void)
{
    for (size_t k_i = 0; axiom_mgm_kernels[k_i]; k_i++) {
        const axiom_mgm_kernel *k = (const axiom_mgm_kernel *)axiom_mgm_kernels[k_i];
        if (usable(k->features) &&
            !new_target(run_mgm_mul, k, k->constant_time, 0, "mgm-mul/%s", k->name))
            return;
    }
}

/* ---- SHA-256 (HMAC keys and HKDF secrets pass through it) ---------------- */

static void run_sha(const ct_target *t, const uint8_t *secret, int full)
{
    const axiom_hash_kernel *k = t->kernel;
    /* The chaining value is secret too: HMAC starts from the key state. */
    uint32_t st[AXIOM_SHA256_WORDS * AXIOM_HASH_MAX_LANES];
    const uint8_t *data[AXIOM_HASH_MAX_LANES];
    for (size_t i = 0; i < AXIOM_SHA256_WORDS * AXIOM_HASH_MAX_LANES; i++)
        st[i] = axiom_load32_be(secret + 4 * (i % 8));
    if (!full) {
        if (k->lanes == 1) {
            k->compress(st, secret + CT_KEY_BYTES, 1);
            /* The whole-message call: a padded tail made in registers. */
            if (k->oneshot256)
                k->oneshot256(st, 64, secret + CT_KEY_BYTES, 55, out, 32);
        } else {
            for (unsigned l = 0; l < k->lanes; l++)
                data[l] = secret + CT_KEY_BYTES;
            k->compress_lanes(st, data, 1);
        }
        return;
    }
    fill_work(secret);
    for (size_t n = 1; n <= 4; n++) {
        if (k->lanes == 1) {
            k->compress(st, work, 8 * n);
            /* The whole-message call: one or two padding blocks, after
             * no whole block, one, or five. */
            static const size_t lens[4] = { 55, 56, 119, 320 };
            if (k->oneshot256)
                k->oneshot256(st, 64, work, lens[n - 1], out + 64, 32);
        } else {
            for (unsigned l = 0; l < k->lanes; l++)
                data[l] = work + 64 * (l % 8);
            k->compress_lanes(st, data, n);
        }
    }
    memcpy(out, st, 32);
}

static void add_sha(void)
{
    const axiom_hash_desc *d = axiom_hash_find("sha256");
    const axiom_kernel *const *lists[2] = { d->kernels, d->lane_kernels };
    for (int l = 0; l < 2; l++) {
        for (const axiom_kernel *const *k = lists[l]; *k; k++) {
            if (usable((*k)->features) &&
                !new_target(run_sha, *k, (*k)->constant_time, 0, "sha256/%s", (*k)->name))
                return;
        }
    }
}

/* ---- SHA-512 (HMAC-SHA-384/512 keys and HKDF-SHA-512 secrets) ------------ */

static void run_sha512(const ct_target *t, const uint8_t *secret, int full)
{
    const axiom_hash_kernel *k = t->kernel;
    uint64_t st[8];
    for (size_t i = 0; i < 8; i++)
        memcpy(&st[i], secret + 8 * i, 8);
    if (!full) {
        k->compress64(st, secret + CT_KEY_BYTES - 32, 1);
        return;
    }
    fill_work(secret);
    /* One to seven blocks: the assembly kernels' lone blocks (calls of
     * fewer than LONE_MAX blocks: 6 in the AVX2 kernel, 2 in avx512-gpr),
     * their first pair, later pairs and an odd last block. */
    for (size_t n = 1; n <= 7; n++)
        k->compress64(st, work, n);
    memcpy(out, st, sizeof st);
}

static void add_sha512(void)
{
    const axiom_hash_desc *d = axiom_hash_find("sha512");
    for (const axiom_kernel *const *k = d->kernels; *k; k++) {
        if (usable((*k)->features) &&
            !new_target(run_sha512, *k, (*k)->constant_time, 0, "sha512/%s", (*k)->name))
            return;
    }
}

/* ---- the public API over whatever kernels it picks ----------------------- */

/* Taint only: the glue code (streaming, XTS stealing, GCM and ChaCha20-
 * Poly1305 framing, HMAC, HKDF) around the picked kernels.  The
 * AEAD open's final tag branch is on the (public) verdict and is left out:
 * memcheck cannot tell a verdict from a secret. */
static void run_api(const ct_target *t, const uint8_t *secret, int full)
{
    static const char *const ciphers[] = {
        "aes-128-ecb", "aes-192-cbc", "aes-256-ctr", "aes-128-cfb", "aes-256-ofb",
        "aes-128-xts", "aes-256-xts", "kuznyechik-ecb", "kuznyechik-cbc", "kuznyechik-ctr",
        "kuznyechik-cfb", "kuznyechik-ofb", "sm4-ecb", "sm4-cbc", "sm4-ctr", "sm4-cfb",
        "sm4-ofb", "chacha20", "kuznyechik-ctr-acpkm-16", "kuznyechik-ctr-acpkm-48",
    };
    static const char *const aeads[] = {
        "aes-128-gcm", "aes-192-gcm", "aes-256-gcm", "chacha20-poly1305",
        "xchacha20-poly1305", "sm4-gcm", "aes-128-gcm-siv", "aes-256-gcm-siv",
        "xaes-256-gcm",
    };
    static const size_t keylens[] = { 16, 24, 32, 64 };
    static const uint8_t iv[24] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xf0 };
    (void)t;
    if (!full)
        return;
    fill_work(secret);
    uint8_t key64[64];
    memcpy(key64, secret, 64);
    for (size_t i = 0; i < sizeof ciphers / sizeof ciphers[0]; i++) {
        axiom_cipher_ctx *c;
        if (axiom_cipher_new(&c, ciphers[i]) != AXIOM_OK)
            continue;
        for (size_t kl = 0; kl < 4; kl++) {
            for (size_t ivl = 0; ivl <= 16; ivl += 4) {
                if (axiom_cipher_init(c, AXIOM_ENCRYPT, key64, keylens[kl], iv, ivl) != AXIOM_OK)
                    continue;
                /* Split calls: partial blocks on both sides of a boundary. */
                sink ^= (uint8_t)axiom_cipher_update(c, out, work, 37);
                sink ^= (uint8_t)axiom_cipher_update(c, out, work + 48, 299);
                axiom_cipher_init(c, AXIOM_DECRYPT, NULL, 0, iv, ivl);
                sink ^= (uint8_t)axiom_cipher_update(c, out, work, 512);
            }
        }
        axiom_cipher_free(c);
    }
    for (size_t i = 0; i < sizeof aeads / sizeof aeads[0]; i++) {
        axiom_aead_ctx *a;
        if (axiom_aead_new(&a, aeads[i]) != AXIOM_OK)
            continue;
        for (size_t kl = 0; kl < 4; kl++) {
            if (axiom_aead_setkey(a, key64, keylens[kl]) != AXIOM_OK)
                continue;
            for (size_t nl = 12; nl <= 24; nl++)
                sink ^= (uint8_t)axiom_aead_seal(a, out, tag, 16, iv, nl, work + 1000, 33,
                                                 work, 700);
        }
        axiom_aead_free(a);
    }
    axiom_gcm_ctx *gs;
    if (axiom_gcm_new(&gs, "aes-256-gcm") == AXIOM_OK) {
        axiom_gcm_setkey(gs, key64, 32);
        axiom_gcm_init(gs, AXIOM_ENCRYPT, iv, 12);
        axiom_gcm_aad(gs, work, 7);
        axiom_gcm_aad(gs, work + 7, 30);
        axiom_gcm_update(gs, out, work, 3);
        axiom_gcm_update(gs, out + 3, work + 3, 500);
        axiom_gcm_final(gs, tag, 16);
        axiom_gcm_free(gs);
    }
    /* MGM: the nonce's top bit clear (the one above is refused). */
    axiom_aead_ctx *mgm;
    if (axiom_aead_new(&mgm, "kuznyechik-mgm") == AXIOM_OK) {
        uint8_t nonce[16];
        memcpy(nonce, iv, 16);
        nonce[0] = 0x7f;
        if (axiom_aead_setkey(mgm, key64, 32) == AXIOM_OK) {
            sink ^= (uint8_t)axiom_aead_seal(mgm, out, tag, 16, nonce, 16, work + 1000, 33,
                                             work, 700);
            sink ^= (uint8_t)axiom_aead_seal(mgm, out, tag, 11, nonce, 16, NULL, 0, work, 31);
        }
        axiom_aead_free(mgm);
    }
    /* CTR-ACPKM-OMAC: the secret master key through Streebog's KDF_TREE,
     * both key schedules, CTR with a meshing, OMAC and the tag's
     * keystream (the nonce, with its KDF seed, is public). */
    axiom_aead_ctx *omac;
    if (axiom_aead_new(&omac, "kuznyechik-ctr-acpkm-omac") == AXIOM_OK) {
        if (axiom_aead_setkey(omac, key64, 32) == AXIOM_OK) {
            sink ^= (uint8_t)axiom_aead_seal(omac, out, tag, 16, iv, 16, NULL, 0, work, 4100);
            sink ^= (uint8_t)axiom_aead_seal(omac, out, tag, 16, iv, 16, NULL, 0, work, 31);
        }
        axiom_aead_free(omac);
    }
    uint8_t mac[64];
    /* CMAC: whole and partial last blocks, a truncated tag. */
    static const char *const cmacs[] = { "aes-128-cmac", "aes-192-cmac", "aes-256-cmac",
                                         "sm4-cmac", "kuznyechik-cmac" };
    static const size_t cmac_keys[] = { 16, 24, 32, 16, 32 };
    for (size_t i = 0; i < 5; i++) {
        sink ^= (uint8_t)axiom_mac(cmacs[i], mac, 16, key64, cmac_keys[i], work, 64);
        sink ^= (uint8_t)axiom_mac(cmacs[i], mac, 9, key64, cmac_keys[i], work, 333);
        sink ^= (uint8_t)axiom_mac(cmacs[i], mac, 16, key64, cmac_keys[i], work, 0);
    }
    /* OMAC-ACPKM: ACPKM-Master with a meshing of the master key, section
     * keys drawn mid-message, the last section's subkey (whole and partial
     * last blocks). */
    sink ^= (uint8_t)axiom_mac("kuznyechik-omac-acpkm-32-96", mac, 16, key64, 32, work, 160);
    sink ^= (uint8_t)axiom_mac("kuznyechik-omac-acpkm-48-48", mac, 9, key64, 32, work, 101);
    sink ^= (uint8_t)axiom_mac("kuznyechik-omac-acpkm", mac, 16, key64, 32, work, 0);
    sink ^= (uint8_t)axiom_hmac("sha256", mac, 32, key64, 32, work, 300);
    sink ^= (uint8_t)axiom_hmac("sha224", mac, 28, work, 200, work, 100);
    /* A truncated tag (not a whole word) over a message whose padding
     * takes a second block. */
    sink ^= (uint8_t)axiom_hmac("sha256", mac, 13, key64, 32, work, 60);
    sink ^= (uint8_t)axiom_hkdf("sha256", out, 100, key64, 32, work, 16, iv, 10);
    sink ^= (uint8_t)axiom_hash("sha256", mac, 32, work, 1000);
    sink ^= (uint8_t)axiom_hmac("sha512", mac, 64, key64, 32, work, 300);
    sink ^= (uint8_t)axiom_hmac("sha384", mac, 48, work, 200, work, 100);
    sink ^= (uint8_t)axiom_hkdf("sha512", out, 100, key64, 32, work, 16, iv, 10);
    sink ^= (uint8_t)axiom_hash("sha512", mac, 64, work, 1000);
    axiom_wipe(key64, sizeof key64);
}

/* The CTR_DRBG: its key and its counter V are both secret state. */
static void run_api_drbg(const ct_target *t, const uint8_t *secret, int full)
{
    (void)t;
    if (!full)
        return;
    fill_work(secret);
    axiom_drbg *r;
    if (axiom_drbg_new_seeded(&r, secret, 48, work, 16, NULL, 0) == AXIOM_OK) {
        sink ^= (uint8_t)axiom_drbg_generate(r, out, 1000, work, 32);
        sink ^= (uint8_t)axiom_drbg_reseed(r, secret + 8, 48, NULL, 0);
        sink ^= (uint8_t)axiom_drbg_generate(r, out, 64, NULL, 0);
        axiom_drbg_free(r);
    }
}

/* The cipher API's CTR tail (lib/api/cipher.c, ctr_tail): kernels with slow
 * single blocks (SM4, Kuznyechik) get an update of fewer than 256 bytes
 * that ends in a partial block as one kernel call on a stack copy.  One
 * 93-byte update (5 blocks and 13 bytes) after a keyed init, over the
 * kernel the API picks (its flag is the target's).  The context is made
 * once, outside the timed calls. */
typedef struct {
    const char *name;
    size_t keylen;
    axiom_cipher_ctx *ctx;
} api_ctr_tail;

static api_ctr_tail api_ctr_tails[] = { { "sm4-ctr", 16, NULL }, { "kuznyechik-ctr", 32, NULL } };

static void run_api_ctr_tail(const ct_target *t, const uint8_t *secret, int full)
{
    static const uint8_t iv[16] = { 0x5a, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a,
                                    0x5a, 0x5a, 0x5a, 0x5a, 0x00, 0x00, 0x10, 0x00 };
    api_ctr_tail *a = (api_ctr_tail *)(uintptr_t)t->kernel;
    (void)full;
    if (!a->ctx && axiom_cipher_new(&a->ctx, a->name) != AXIOM_OK)
        return;
    if (axiom_cipher_init(a->ctx, AXIOM_ENCRYPT, secret, a->keylen, iv, 16) == AXIOM_OK)
        sink ^= (uint8_t)axiom_cipher_update(a->ctx, out, secret + CT_KEY_BYTES, 93);
}

static void add_api_ctr_tail(void)
{
    for (size_t i = 0; i < sizeof api_ctr_tails / sizeof api_ctr_tails[0]; i++) {
        const axiom_cipher_desc *d = axiom_catalog_cipher(api_ctr_tails[i].name);
        const axiom_bc_kernel *k = d ? axiom_bc_of(axiom_pick(d->kernels)) : NULL;
        if (!k)
            continue; /* e.g. SM4 with AXIOM_CT_ONLY and no SIMD kernel */
        if (!new_target(run_api_ctr_tail, &api_ctr_tails[i], k->constant_time,
                        api_ctr_tails[i].keylen, "api/%s-tail", api_ctr_tails[i].name))
            return;
    }
}

/* ---- keystream of a secret counter (bc.h, ctr_secret) -------------------- */

/* The CTR_DRBG's path through an AES kernel: the encryption-only key setup
 * (setkey_enc) of a secret key and the keystream of a secret counter.  The
 * counter is the complement of secret bytes, so that the timing run's
 * all-zero class has C = 2^128 - 1 (both halves carry, on the second
 * block) and its random class almost surely no carry at all: what a kernel
 * branching on the carry would show.  The timing run takes one call of 16
 * blocks (the portable kernel 4); the taint run every block count class
 * (whole steps, every tail width), counters about to carry out of 32, 64
 * and 128 bits, and the other key sizes. */
static void run_ctr_secret(const ct_target *t, const uint8_t *secret, int full)
{
    static axiom_bc_ks ks;
    const axiom_bc_kernel *k = t->kernel;
    uint8_t c[16];
    k->setkey_enc(&ks, secret, t->keylen);
    for (size_t i = 0; i < 16; i++)
        c[i] = (uint8_t)~secret[CT_KEY_BYTES + i];
    if (!full) {
        k->ctr_secret(&ks, out, k->features ? 16 : 4, c);
        return;
    }
    static const size_t counts[] = { 0, 1, 2, 3, 4, 5, 8, 9, 16, 17, 31, 32, 33, 64, 131 };
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++)
        k->ctr_secret(&ks, out, counts[i], c);
    /* Secret counters whose low 32, 64 or all 128 bits are a few blocks
     * from wrapping: the bytes above stay secret, the run of ones is
     * known. */
    for (int width = 32; width <= 128; width *= 2) {
        for (size_t i = 0; i < 16; i++)
            c[i] = secret[CT_KEY_BYTES + 16 + i];
        memset(c + 16 - width / 8, 0xff, width / 8 - 1);
        k->ctr_secret(&ks, out, 37, c);
    }
    for (size_t kl = 16; kl <= 24; kl += 8) {
        k->setkey_enc(&ks, secret + 32, kl);
        k->ctr_secret(&ks, out, 37, c);
    }
    sink ^= c[0];
}

static void add_ctr_secret(void)
{
    const axiom_cipher_desc *d = axiom_catalog_cipher("aes-256-ctr");
    if (!d || !d->kernels)
        return;
    for (const axiom_kernel *const *kp = d->kernels; *kp; kp++) {
        const axiom_bc_kernel *k = axiom_bc_of(*kp);
        if (!usable(k->features) || !k->ctr_secret || !k->setkey_enc)
            continue;
        if (!new_target(run_ctr_secret, k, k->constant_time, 32, "aes/%s-ctr-secret", k->name))
            return;
    }
}

/* ---- positive controls --------------------------------------------------- */

/* A 256-entry table with one entry per 4 KiB page, initialised so that
 * every page is backed by its own memory (untouched pages would all share
 * the kernel's zero page, and the same cache lines).  An index from the
 * key picks the page: a cache and TLB footprint that depends on the key. */
#define CONTROL_STRIDE 4096
static uint8_t control_table[256 * CONTROL_STRIDE];

static void run_control_table(const ct_target *t, const uint8_t *secret, int full)
{
    (void)t;
    (void)full;
    uint8_t acc = 0;
    for (size_t i = 0; i < 16; i++)
        acc ^= control_table[(size_t)secret[i] * CONTROL_STRIDE];
    sink = acc;
}

/* Taint only: a branch on a key bit. */
static void run_control_branch(const ct_target *t, const uint8_t *secret, int full)
{
    (void)t;
    (void)full;
    if (secret[0] & 1)
        sink = (uint8_t)(sink + 1);
}

static void add_target(const char *name, ct_run_fn run, int ct, int control, int taint_only)
{
    ct_target *t = new_target(run, NULL, ct, 0, "%s", name);
    if (t) {
        t->control = control;
        t->taint_only = taint_only;
    }
}

size_t ct_targets(const ct_target **list)
{
    if (!ntargets) {
        static const size_t aes_keys[] = { 16, 24, 32 };
        static const size_t kuz_keys[] = { 32 };
        static const size_t sm4_keys[] = { 16 };
        add_bc_list("aes", "aes-128-ecb", aes_keys, 3);
        add_bc_list("kuznyechik", "kuznyechik-ecb", kuz_keys, 1);
        add_bc_list("sm4", "sm4-ecb", sm4_keys, 1);
        add_gcm();
        add_gcmsiv();
        add_xaes();
        add_chacha_poly();
        add_aegis();
        add_sha();
        add_mgm();
        add_sha512();
        add_ctr_secret();
        add_target("api/all", run_api, 1, 0, 1);
        /* The CTR_DRBG, a former known finding (doc/ASSURANCE.md): its
         * secret counter V must stay out of every branch and index. */
        add_target("api/drbg", run_api_drbg, 1, 0, 1);
        add_api_ctr_tail();
        for (size_t i = 0; i < 256; i++)
            memset(control_table + i * CONTROL_STRIDE, (int)i, CONTROL_STRIDE);
        add_target("control/table", run_control_table, 0, 1, 0);
        add_target("control/branch", run_control_branch, 0, 1, 1);
        /* Every add_* stops at MAX_TARGETS; a full list may have lost
         * targets (the controls, added last, first), which would make
         * both checks pass without them. */
        if (overflow || ntargets >= MAX_TARGETS) {
            fprintf(stderr, "ct_targets: more than %d targets; raise MAX_TARGETS\n",
                    MAX_TARGETS - 1);
            abort();
        }
    }
    *list = targets;
    return ntargets;
}

const ct_target *ct_target_find(const char *name)
{
    const ct_target *list;
    size_t n = ct_targets(&list);
    for (size_t i = 0; i < n; i++)
        if (strcmp(list[i].name, name) == 0)
            return &list[i];
    return NULL;
}
