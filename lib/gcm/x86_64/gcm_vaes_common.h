/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What the two VAES GCM text phases (gcm_vaes_avx2.c on ymm,
 * gcm_vaes_avx512.c on zmm) share, written once for any vector width:
 *
 *   GCM_VAES_CTR_ROUNDS  counter blocks and AES rounds of the CTR-only
 *                        tails
 *   bulk_enc, bulk_dec   the bulk loops around the kernel's stitched step
 *   text_enc, text_dec   the bulk loops with the round keys broadcast and
 *                        the counter in vector form, for GCM_X86_TEXT
 *                        (lib/gcm/x86_64/gcm_x86.h)
 *
 * The stitched steps, counter schemes and GHASH helpers stay in the kernel
 * files: they differ between the widths in more than the vector type.
 * Each kernel file is its own translation unit and compiles its own copy
 * with its own -m flags, so the names here are plain.  Before including
 * this header a kernel file defines:
 *
 *   vec                    the vector type
 *   VEC_L, VEC_V, VEC_W    blocks per register, registers per iteration,
 *                          blocks per iteration
 *   CTRS_COST              1 if ctrs_init and ctrs_end cost enough to be
 *                          skipped when the stitched loop does not run, 0
 *                          if not (a test GCC keeps makes it rotate the
 *                          ymm loops differently, with more spills)
 *   vec_aesenc(x, k)       one AES round on every lane
 *   vec_bcast128(x)        an xmm value in every lane
 *   vec_cast128(v)         lane 0
 *   vec_add32(a, b)        32-bit lane adds
 *   vec_lanes()            the offsets 0 .. VEC_L - 1 in dword 0 of each lane
 *   vec_ctr(c, add, bswap, k0)   the VEC_L counters after c + add, in wire
 *                          order and whitened with k0
 *
 *   struct ctrs            what the stitched loop keeps of the counter
 *   VEC_POWERS             (optional) defined if the kernel honours
 *                          AXIOM_GCM_F_POWERS with make_powers and
 *                          prologue_powers (declared below; the kernel
 *                          file includes gcm_vaes_powers.h for them)
 *   VEC_KMID               (optional) the number of vectors of key-derived
 *                          values the stitched step reads after the round
 *                          keys in its k[] (k[15] on), made once per call
 *                          by kmid_init (declared below) and wiped with
 *                          the round keys
 *   VEC_XREG               (optional) the largest round count for which
 *                          the kernel's encryption loop carries each
 *                          iteration's ciphertext to the next one's GHASH
 *                          in registers (step_xr and xr_load, declared
 *                          below) instead of reloading it from the output
 *
 * and, after the include, the functions declared below: ctrs_init and
 * ctrs_end (the counter into and back out of a struct ctrs), step (one
 * iteration: CTR from in to out, GHASH of the VEC_W blocks at hin), tail
 * (CTR over 1 .. VEC_W blocks, and GHASH of their ciphertext then of the
 * final phase's blocks as its last argument says), absorb (GHASH only,
 * 1 .. 32 blocks) and absorb_fin (GHASH of blocks and then of the final
 * phase's, one reduction).
 *
 * Constant time: the only branches here are on the round count, the
 * direction and the block count. */
#ifndef AXIOM_GCM_VAES_COMMON_H
#define AXIOM_GCM_VAES_COMMON_H

#include <immintrin.h>

#include "axiom/util.h"
#include "gcm/ghash.h"
#include "gcm/x86_64/ghash_pclmul.h"
#include "gcm/x86_64/gcm_x86.h"
#include "core/x86_prefetch.h"

#define GCM_VAES_INLINE static inline __attribute__((always_inline))

/* Round key @r of the AES-NI schedule @rk in every lane.  The tails
 * broadcast their round keys as they use them, so that a message shorter
 * than one iteration never stores a broadcast copy (which would then have
 * to be wiped); the stitched loops use the copy text_dir makes once. */
#define GCM_VAES_KEY(rk, r) vec_bcast128(_mm_load_si128((rk) + (r)))

/* The counter blocks c, c + 1, ... of @nv registers (1 .. the size of
 * b[]) into the caller's array b[], whitened and through rounds 1 .. nr-1
 * (the last round, which carries the keystream XOR, is the caller's),
 * with the round keys of the AES-NI schedule @rk.  A statement, not a
 * function: with b[] through a pointer GCC schedules the tails' rounds
 * differently, and the stitched loops with them. */
#define GCM_VAES_CTR_ROUNDS(b, rk, nr, c, nv, bswap)                                               \
    do {                                                                                           \
        _Pragma("GCC unroll 8")                                                                    \
        for (unsigned v = 0; v < (nv); v++)                                                        \
            (b)[v] = vec_ctr((c), (int)(VEC_L * v), (bswap), GCM_VAES_KEY(rk, 0));                 \
        _Pragma("GCC unroll 14")                                                                   \
        for (unsigned r = 1; r < (nr); r++)                                                        \
            _Pragma("GCC unroll 8")                                                                \
            for (unsigned v = 0; v < (nv); v++)                                                    \
                (b)[v] = vec_aesenc((b)[v], GCM_VAES_KEY(rk, r));                                  \
    } while (0)

typedef struct ctrs ctrs;
GCM_VAES_INLINE void ctrs_init(ctrs *cs, vec *c);
GCM_VAES_INLINE void ctrs_end(const ctrs *cs, vec *c);
/* @enc: 1 in the encryption loop (@hin the previous iteration's output),
 * 0 in the decryption loop (@hin = @in), for a kernel whose step orders
 * its work by direction. */
GCM_VAES_INLINE void step(const vec *k, const unsigned nr, const __m128i *pw, uint8_t *out,
                          const uint8_t *in, const uint8_t *hin, ctrs *cs, __m128i *y, vec bswap,
                          const int enc);
#ifdef VEC_XREG
/* step() for encryption with the blocks to hash in @xr (byte-reflected,
 * as step() would load them from hin), which it leaves holding this
 * iteration's ciphertext the same way; xr_load fills @xr from memory. */
GCM_VAES_INLINE void step_xr(const vec *k, const unsigned nr, const __m128i *pw, uint8_t *out,
                             const uint8_t *in, ctrs *cs, __m128i *y, vec bswap, vec *xr);
GCM_VAES_INLINE void xr_load(vec *xr, const uint8_t *p, vec bswap);
#endif
/* What tail() hashes: nothing, the output (encryption), the input
 * (decryption). */
enum { TAIL_CTR, TAIL_ENC, TAIL_DEC };
GCM_VAES_INLINE void tail(const __m128i *rk, const unsigned nr, const __m128i *pw, uint8_t *out,
                          const uint8_t *in, unsigned n, vec *c, __m128i *y, vec bswap,
                          const uint8_t *fin, unsigned nfin, const int hash);
GCM_VAES_INLINE __m128i absorb(__m128i y, const __m128i *pw, const uint8_t *in, unsigned n,
                               vec bswap);
GCM_VAES_INLINE __m128i absorb_fin(__m128i y, const __m128i *pw, const uint8_t *in, unsigned n,
                                   const uint8_t *fin, unsigned nfin, vec bswap);
#ifdef VEC_KMID
/* The VEC_KMID vectors at @km from the powers at @pw (after the powers
 * exist: under AXIOM_GCM_F_POWERS, bulk_enc calls it after its prologue
 * made them), for step_kmid: step() reading them, for messages of
 * VEC_KMID_MIN blocks or more (below, making and wiping them cost more
 * than they save). */
GCM_VAES_INLINE void kmid_init(vec *km, const __m128i *pw);
GCM_VAES_INLINE void step_kmid(const vec *k, const unsigned nr, const __m128i *pw, uint8_t *out,
                               const uint8_t *in, const uint8_t *hin, ctrs *cs, __m128i *y,
                               vec bswap, const int enc);
#define GCM_VAES_STEP(kmid, ...) ((kmid) ? step_kmid(__VA_ARGS__) : step(__VA_ARGS__))
#else
#define VEC_KMID 0
#define VEC_KMID_MIN SIZE_MAX
#define GCM_VAES_STEP(kmid, ...) ((void)(kmid), step(__VA_ARGS__))
#endif
#ifdef VEC_POWERS
/* A kernel that defines VEC_POWERS honours AXIOM_GCM_F_POWERS
 * (lib/gcm/ghash.h) with these: make_powers makes the powers past K_1 at
 * @pw; prologue_powers is tail(.., VEC_W, .., TAIL_CTR) with them made
 * between its AES rounds, where the multiplier would otherwise idle. */
GCM_VAES_INLINE void make_powers(__m128i *pw);
GCM_VAES_INLINE void prologue_powers(const __m128i *rk, const unsigned nr, __m128i *pw,
                                     uint8_t *out, const uint8_t *in, vec *c, vec bswap);
#endif
#ifdef VEC_EXPAND
/* A kernel that defines VEC_EXPAND (and VEC_POWERS) honours
 * AXIOM_GCM_F_EXPAND (lib/gcm/ghash.h) with this: prologue_powers with
 * the AES-256 schedule at @rk made from its first two round keys beside
 * the rounds, H and K_1 with it, each round key also broadcast into k[]
 * (the stitched loop's); with @ct, the input blocks as loaded there too
 * (decrypting: the ciphertext to hash, which out == in overwrites). */
GCM_VAES_INLINE void prologue_expand(__m128i *rk, __m128i *pw, uint8_t *out, const uint8_t *in,
                                     vec *c, vec bswap, vec *k, vec *ct);
/* absorb_fin of the @n blocks in x[] (@in NULL) or at @in. */
GCM_VAES_INLINE __m128i absorb_from(__m128i y, const __m128i *pw, const uint8_t *in, const vec *x,
                                    unsigned n, const uint8_t *fin, unsigned nfin, vec bswap);
#endif

/* n whole blocks, counters from and back to *c, GHASH state *y, round
 * keys broadcast in k[] (the stitched loop's) and at rk (the tails'); the
 * *nfin blocks at fin go into the last reduction where they fit within
 * the key's powers (then *nfin becomes 0).
 * Encryption hashes the previous iteration's ciphertext (reloaded from the
 * output), so the first iteration's blocks go through tail (CTR only) and
 * the last ones through absorb; decryption hashes the input it is about to
 * decrypt, in the same iteration. */
GCM_VAES_INLINE void bulk_enc(const vec *k, const __m128i *rk, const unsigned nr,
                              const __m128i *pw, uint8_t *out,
                              const uint8_t *in, size_t n, vec *c, __m128i *y, vec bswap,
                              const uint8_t *fin, unsigned *nfin, const int powers,
                              const int kmid)
{
    if (n >= VEC_W) {
        /* Prologue: nothing before the first iteration's blocks to hash
         * (with @powers, the key's powers are made meanwhile). */
#ifdef VEC_POWERS
        if (powers == 2) {
            ; /* text_dir's expanding prologue did it */
        } else if (powers) {
            prologue_powers(rk, nr, (__m128i *)(uintptr_t)pw, out, in, c, bswap);
#if VEC_KMID
            if (kmid) /* text_dir left it for after the powers */
                kmid_init((vec *)(uintptr_t)(k + 15), pw);
#endif
        } else
#endif
            tail(rk, nr, pw, out, in, VEC_W, c, y, bswap, NULL, 0, TAIL_CTR);
        (void)powers;
        const uint8_t *prev = out;
        in += 16 * VEC_W;
        out += 16 * VEC_W;
        n -= VEC_W;
        if (!CTRS_COST || n >= VEC_W) {
            ctrs cs;
            ctrs_init(&cs, c);
#ifdef VEC_XREG
            /* Up to VEC_XREG rounds the previous iteration's ciphertext
             * stays in registers instead of being reloaded from the
             * output just written (nr is a constant here: one loop or the
             * other is compiled). */
            const int xreg = nr <= VEC_XREG;
            vec xr[VEC_V];
            if (xreg && n >= VEC_W)
                xr_load(xr, prev, bswap);
#define GCM_VAES_ENC_STEP()                                                                        \
    do {                                                                                           \
        if (xreg)                                                                                  \
            step_xr(k, nr, pw, out, in, &cs, y, bswap, xr);                                        \
        else                                                                                       \
            GCM_VAES_STEP(kmid, k, nr, pw, out, in, prev, &cs, y, bswap, 1);                       \
    } while (0)
#else
#define GCM_VAES_ENC_STEP() GCM_VAES_STEP(kmid, k, nr, pw, out, in, prev, &cs, y, bswap, 1)
#endif
            /* Long messages prefetch (core/x86_prefetch.h). */
            for (const size_t pf = axiom_pf_until(16 * n, 16 * VEC_W); 16 * n >= pf;
                 n -= VEC_W) {
                axiom_pf_stream(in, out, 16 * VEC_W);
                GCM_VAES_ENC_STEP();
                prev = out;
                in += 16 * VEC_W;
                out += 16 * VEC_W;
            }
            for (; n >= VEC_W; n -= VEC_W) {
                GCM_VAES_ENC_STEP();
                prev = out;
                in += 16 * VEC_W;
                out += 16 * VEC_W;
            }
#undef GCM_VAES_ENC_STEP
            ctrs_end(&cs, c);
        }
        if (!n && VEC_W + *nfin <= AXIOM_GHASH_MAXPOW) {
            *y = absorb_fin(*y, pw, prev, VEC_W, fin, *nfin, bswap);
            *nfin = 0;
            return;
        }
        *y = absorb(*y, pw, prev, VEC_W, bswap);
    }
    if (n > 0) {
        const unsigned nf = n + *nfin <= AXIOM_GHASH_MAXPOW ? *nfin : 0;
        tail(rk, nr, pw, out, in, (unsigned)n, c, y, bswap, fin, nf, TAIL_ENC);
        *nfin -= nf;
    }
}

GCM_VAES_INLINE void bulk_dec(const vec *k, const __m128i *rk, const unsigned nr,
                              const __m128i *pw, uint8_t *out,
                              const uint8_t *in, size_t n, vec *c, __m128i *y, vec bswap,
                              const uint8_t *fin, unsigned *nfin, const int kmid)
{
    if (!CTRS_COST || n >= VEC_W) {
        ctrs cs;
        ctrs_init(&cs, c);
        for (const size_t pf = axiom_pf_until(16 * n, 16 * VEC_W); 16 * n >= pf; n -= VEC_W) {
            axiom_pf_stream(in, out, 16 * VEC_W);
            GCM_VAES_STEP(kmid, k, nr, pw, out, in, in, &cs, y, bswap, 0);
            in += 16 * VEC_W;
            out += 16 * VEC_W;
        }
        for (; n >= VEC_W; n -= VEC_W) {
            GCM_VAES_STEP(kmid, k, nr, pw, out, in, in, &cs, y, bswap, 0);
            in += 16 * VEC_W;
            out += 16 * VEC_W;
        }
        ctrs_end(&cs, c);
    }
    if (n > 0) {
        const unsigned nf = n + *nfin <= AXIOM_GHASH_MAXPOW ? *nfin : 0;
        tail(rk, nr, pw, out, in, (unsigned)n, c, y, bswap, fin, nf, TAIL_DEC);
        *nfin -= nf;
    }
}

/* Wipe the round keys k[0 .. nr] (and the VEC_KMID vectors after them
 * with @kmid): whole-register stores, then an asm statement that takes
 * the address and clobbers memory. */
GCM_VAES_INLINE void keys_wipe(vec *k, const unsigned nr, const int kmid)
{
    volatile vec *kw = k;
#pragma GCC unroll 15
    for (unsigned r = 0; r <= nr; r++)
        kw[r] = (vec){ 0 };
    if (kmid) {
#pragma GCC unroll 16
        for (unsigned r = 15; r < 15 + VEC_KMID; r++)
            kw[r] = (vec){ 0 };
    }
    __asm__ __volatile__("" : : "r"(k) : "memory");
}

/* The text function of GCM_X86_TEXT (lib/gcm/x86_64/gcm_x86.h): the extra
 * blocks, then the bulk loop in the direction @encrypt with the counter
 * (reflected, on xmm) in vector form, lanes c .. c + VEC_L - 1; when the
 * stitched loop runs, with the nr + 1 round keys at @rk broadcast to every
 * lane once per call into k[] (and the kernel's VEC_KMID vectors after
 * them; all wiped after).
 *
 * Encrypting under AXIOM_GCM_F_EXPAND (VEC_EXPAND: at least VEC_W blocks,
 * an AES-256 schedule of which only round keys 0 and 1 exist), the
 * prologue makes the rest with the first VEC_W blocks' keystream, then
 * come the extra blocks, which need the whole schedule, and the same call
 * of the bulk loop as without it.  With a call of its own (an inlined
 * copy of the loop), GCC kept that copy's counter and part of its GHASH
 * state in stack slots, stored and reloaded every iteration, and
 * XAES-256-GCM sealed 6-10 % slower than AES-256-GCM per byte on Intel
 * Emerald Rapids (family 6 model 207). */
GCM_VAES_INLINE __m128i text_dir(const int encrypt, const __m128i *rk, const unsigned nr,
                                 const __m128i *pw, axiom_gcm_msg *m, unsigned want, uint8_t *out,
                                 const uint8_t *in, size_t n, __m128i *c, __m128i *y,
                                 unsigned *nfin)
{
    const vec bswap = vec_bcast128(gh_bswap_mask());
    vec cv = vec_add32(vec_bcast128(*c), vec_lanes());
    vec k[15 + VEC_KMID];
    int powers = 0; /* 1: make the powers in bulk_enc's prologue; 2: made */
    __m128i ek0;
#ifdef VEC_EXPAND
    if (encrypt && nr == 14 && (m->flags & AXIOM_GCM_F_EXPAND)) {
        m->flags &= ~(AXIOM_GCM_F_EXPAND | AXIOM_GCM_F_POWERS);
        prologue_expand((__m128i *)(uintptr_t)rk, (__m128i *)(uintptr_t)pw, out, in, &cv, bswap, k,
                        NULL);
        ek0 = gcm_x86_extras(rk, 14, m, gh_ctr_add(*c, (int)n), want, gh_bswap_mask());
        powers = 2; /* bulk_enc skips its prologue */
    } else
#endif
    {
        ek0 = gcm_x86_extras(rk, nr, m, gh_ctr_add(*c, (int)n), want, gh_bswap_mask());
#ifdef VEC_POWERS
        if (m->flags & AXIOM_GCM_F_POWERS) {
            m->flags &= ~AXIOM_GCM_F_POWERS;
            if (encrypt && n >= VEC_W)
                powers = 1;
            else
                make_powers((__m128i *)(uintptr_t)pw);
        }
#endif
        if (n < VEC_W) { /* no stitched iteration */
            if (n && encrypt)
                bulk_enc(NULL, rk, nr, pw, out, in, n, &cv, y, bswap, m->fin, nfin, 0, 0);
            else if (n)
                bulk_dec(NULL, rk, nr, pw, out, in, n, &cv, y, bswap, m->fin, nfin, 0);
            *c = vec_cast128(cv);
            return ek0;
        }
#pragma GCC unroll 15
        for (unsigned r = 0; r <= nr; r++)
            k[r] = GCM_VAES_KEY(rk, r);
    }
    /* Each bulk loop compiled twice where the kernel has a step_kmid, one
     * copy for each step (a branch on the public length); not after the
     * expanding prologue, which leaves no room for them. */
    const int kmid = VEC_KMID && powers != 2 && n >= VEC_KMID_MIN;
    if (kmid) {
#if VEC_KMID
        if (!powers) /* else after bulk_enc's prologue has made them */
            kmid_init(k + 15, pw);
#endif
        if (encrypt)
            bulk_enc(k, rk, nr, pw, out, in, n, &cv, y, bswap, m->fin, nfin, powers, 1);
        else
            bulk_dec(k, rk, nr, pw, out, in, n, &cv, y, bswap, m->fin, nfin, 1);
    } else if (encrypt)
        bulk_enc(k, rk, nr, pw, out, in, n, &cv, y, bswap, m->fin, nfin, powers, 0);
    else
        bulk_dec(k, rk, nr, pw, out, in, n, &cv, y, bswap, m->fin, nfin, 0);
    *c = vec_cast128(cv);
    keys_wipe(k, nr, kmid);
    return ek0;
}

#ifdef VEC_EXPAND
/* Decryption under AXIOM_GCM_F_EXPAND starts here, out of line: the
 * flags cleared, the prologue (prologue_expand: the first VEC_W blocks
 * CTR only, the schedule and the powers made beside them), those blocks'
 * ciphertext hashed from the registers the prologue loaded it into, the
 * counter and the GHASH state back into @m.  The caller then runs the
 * rest of the message as any AES-256 message (GCM_X86_TEXT with
 * text_dec: the extra blocks, the stitched loop, the final phase), so
 * that one compiled copy of the stitched loop serves both: with copies of
 * their own in the entry function, XAES-256-GCM opened 3-8 % slower per
 * byte than AES-256-GCM on Intel Emerald Rapids (family 6 model 207), and
 * small changes around them moved that copy and AES-256-GCM's in opposite
 * directions. */
static __attribute__((noinline)) void expand_dec_start(const axiom_gcm_key *g, axiom_gcm_msg *m,
                                                       uint8_t *out, const uint8_t *in)
{
    const __m128i bs = gh_bswap_mask();
    const vec bswap = vec_bcast128(bs);
    __m128i *rk = (__m128i *)(uintptr_t)g->ks.w;
    __m128i *pw = (__m128i *)(uintptr_t)gh_powers(&g->hk);
    vec cv = vec_add32(vec_bcast128(gh_load(m->ctr, bs)), vec_lanes());
    vec k[15], ct[VEC_V];
    m->flags &= ~(AXIOM_GCM_F_EXPAND | AXIOM_GCM_F_POWERS);
    prologue_expand(rk, pw, out, in, &cv, bswap, k, ct);
    gh_store(m->y, absorb_from(gh_load(m->y, bs), pw, NULL, ct, VEC_W, NULL, 0, bswap), bs);
    gh_store(m->ctr, vec_cast128(cv), bs);
    keys_wipe(k, 14, 0);
}
#endif

GCM_VAES_INLINE __m128i text_enc(const __m128i *rk, const unsigned nr, const __m128i *pw,
                                 axiom_gcm_msg *m, unsigned want, uint8_t *out, const uint8_t *in,
                                 size_t n, __m128i *c, __m128i *y, unsigned *nfin)
{
    return text_dir(1, rk, nr, pw, m, want, out, in, n, c, y, nfin);
}

GCM_VAES_INLINE __m128i text_dec(const __m128i *rk, const unsigned nr, const __m128i *pw,
                                 axiom_gcm_msg *m, unsigned want, uint8_t *out, const uint8_t *in,
                                 size_t n, __m128i *c, __m128i *y, unsigned *nfin)
{
    return text_dir(0, rk, nr, pw, m, want, out, in, n, c, y, nfin);
}

#endif /* AXIOM_GCM_VAES_COMMON_H */
