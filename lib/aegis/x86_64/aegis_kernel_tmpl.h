/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The AEGIS kernel operations (lib/aegis/aegis.h) written once over one
 * family's step functions: included at the end of aegis128_tmpl.h and of
 * aegis256_tmpl.h.
 *
 * The family template defines the register state aeg_st (blocks s0 to
 * s<AEG_BLOCKS - 1>), AEG_RATE (the bytes of one step over the lanes) and
 * these, always inline:
 *   aeg_init(S, key, nonce, g)           Init of lane group g;
 *   aeg_absorb(S, p)                     one step of associated data;
 *   aeg_enc(S, out, in), aeg_dec(...)    one step of the message;
 *   aeg_dec_last(S, out, in, mask)       DecPartial;
 *   aeg_keystream(S, z)                  the next step's keystream, S kept;
 *   aeg_finalize(S, adbits, msgbits)     Finalize's updates;
 *   aeg_tag(S, tag, taglen)              the tag.
 * The operations below keep their names in every kernel file (each is its
 * own translation unit); AEGIS_KERNEL_OPS names them for the descriptor.
 * The step operations load the state from memory and store it back; the
 * one-call paths (seal, open) keep it in registers from Init to the tag
 * (a lane group at a time where the kernel splits its lanes: see
 * AEG_GROUPS below and aegis_ops_multi.h). */

#include "core/x86_prefetch.h"
#include "core/internal.h"

/* Lane groups (aegis_ops_multi.h's AEGIS_SPLIT): group g works on the
 * AEG_GBYTES bytes at AEG_GOFF(g) of every block of state, text and AD;
 * without a split, one group at offset 0. */
#ifndef AEG_GROUPS
#define AEG_GROUPS 1
#define AEG_GBYTES 0
#endif
#define AEG_GOFF(g) ((size_t)(g) * AEG_GBYTES)

/* The state from and to memory: six blocks, eight for AEGIS-128L/X. */
static inline __attribute__((always_inline)) void aeg_load(aeg_st *S,
                                                           const axiom_aegis_state *m, int g)
{
    const size_t o = AEG_GOFF(g);
    S->s0 = v_load(m->v[0] + o);
    S->s1 = v_load(m->v[1] + o);
    S->s2 = v_load(m->v[2] + o);
    S->s3 = v_load(m->v[3] + o);
    S->s4 = v_load(m->v[4] + o);
    S->s5 = v_load(m->v[5] + o);
#if AEG_BLOCKS == 8
    S->s6 = v_load(m->v[6] + o);
    S->s7 = v_load(m->v[7] + o);
#endif
}

static inline __attribute__((always_inline)) void aeg_save(axiom_aegis_state *m,
                                                           const aeg_st *S, int g)
{
    const size_t o = AEG_GOFF(g);
    v_store(m->v[0] + o, S->s0);
    v_store(m->v[1] + o, S->s1);
    v_store(m->v[2] + o, S->s2);
    v_store(m->v[3] + o, S->s3);
    v_store(m->v[4] + o, S->s4);
    v_store(m->v[5] + o, S->s5);
#if AEG_BLOCKS == 8
    v_store(m->v[6] + o, S->s6);
    v_store(m->v[7] + o, S->s7);
#endif
}

static void aegis_init_op(const axiom_aegis_kernel *k, axiom_aegis_state *s, const uint8_t *key,
                          const uint8_t *nonce)
{
    (void)k;
    for (int g = 0; g < AEG_GROUPS; g++) {
        aeg_st S;
        aeg_init(&S, key, nonce, g);
        aeg_save(s, &S, g);
    }
}

static void aegis_absorb_op(const axiom_aegis_kernel *k, axiom_aegis_state *s, const uint8_t *in,
                            size_t n)
{
    (void)k;
    for (int g = 0; g < AEG_GROUPS; g++) {
        aeg_st S;
        aeg_load(&S, s, g);
        for (size_t i = 0; i < n; i++)
            aeg_absorb(&S, in + AEG_RATE * i + AEG_GOFF(g));
        aeg_save(s, &S, g);
    }
}

static void aegis_enc_op(const axiom_aegis_kernel *k, axiom_aegis_state *s, uint8_t *out,
                         const uint8_t *in, size_t n)
{
    (void)k;
    for (int g = 0; g < AEG_GROUPS; g++) {
        aeg_st S;
        aeg_load(&S, s, g);
        for (size_t i = 0; i < n; i++)
            aeg_enc(&S, out + AEG_RATE * i + AEG_GOFF(g), in + AEG_RATE * i + AEG_GOFF(g));
        aeg_save(s, &S, g);
    }
}

static void aegis_dec_op(const axiom_aegis_kernel *k, axiom_aegis_state *s, uint8_t *out,
                         const uint8_t *in, size_t n)
{
    (void)k;
    for (int g = 0; g < AEG_GROUPS; g++) {
        aeg_st S;
        aeg_load(&S, s, g);
        for (size_t i = 0; i < n; i++)
            aeg_dec(&S, out + AEG_RATE * i + AEG_GOFF(g), in + AEG_RATE * i + AEG_GOFF(g));
        aeg_save(s, &S, g);
    }
}

static void aegis_keystream_op(const axiom_aegis_kernel *k, const axiom_aegis_state *s,
                               uint8_t *z)
{
    (void)k;
    for (int g = 0; g < AEG_GROUPS; g++) {
        aeg_st S;
        aeg_load(&S, s, g);
        aeg_keystream(&S, z + AEG_GOFF(g));
    }
}

static void aegis_finalize_op(const axiom_aegis_kernel *k, axiom_aegis_state *s, uint64_t adbits,
                              uint64_t msgbits)
{
    (void)k;
    for (int g = 0; g < AEG_GROUPS; g++) {
        aeg_st S;
        aeg_load(&S, s, g);
        aeg_finalize(&S, adbits, msgbits);
        aeg_save(s, &S, g);
    }
}

/* Whether seal and open take unpadded last steps (axiom_aegis_kernel's
 * partial): with the masked loads and stores of aegis_ops_avx512.h. */
#ifdef AEG_HAS_PARTIAL
#define AEG_PARTIAL_OPS 1
#else
#define AEG_PARTIAL_OPS 0
#endif

/* Long messages (from AXIOM_PF_LARGE bytes, core/prefetch.h) run the text
 * AEG_PF_STEPS steps at a time, asking for AEG_PF_BYTES of input and of
 * the output's lines AXIOM_PF_DIST bytes ahead, until that distance from
 * the end; the rest, and every shorter message, run the plain loops. */
#define AEG_PF_BYTES (AEG_RATE >= 64 ? AEG_RATE : 64)
#define AEG_PF_STEPS (AEG_PF_BYTES / AEG_RATE)

/* Steps per iteration of the plain text loop (1 or 2), a kernel file's
 * choice (see the kernel files that set it). */
#ifndef AEG_TEXT_UNROLL
#define AEG_TEXT_UNROLL 1
#endif

/* One step of text in the direction @encrypt (a constant where inlined). */
static inline __attribute__((always_inline)) void aeg_text(aeg_st *S, uint8_t *out,
                                                           const uint8_t *in, int encrypt)
{
    if (encrypt)
        aeg_enc(S, out, in);
    else
        aeg_dec(S, out, in);
}

#if AEG_GROUPS == 1
/* A whole message in registers. */
static inline __attribute__((always_inline)) void aeg_message(const axiom_aegis_msg *m,
                                                              int encrypt)
{
    aeg_st S;
    /* The text's pointers and count in locals: the stores through @out
     * could alias *m, and the loop would reload them every step. */
    const uint8_t *in = m->in;
    uint8_t *out = m->out;
    const size_t steps = m->steps;
    aeg_init(&S, m->key, m->nonce, 0);
    for (size_t i = 0; i < m->adsteps; i++)
        aeg_absorb(&S, m->ad + AEG_RATE * i);
#ifdef AEG_HAS_PARTIAL
    if (m->adlast)
        aeg_absorb_part(&S, m->adlast, m->adlastlen);
#else
    if (m->adlast)
        aeg_absorb(&S, m->adlast);
#endif
    /* Counted down: no end pointer, which would be NULL + 0 (undefined)
     * for an empty text. */
    size_t i = steps;
    const size_t pf = axiom_pf_until(steps * AEG_RATE, AEG_PF_BYTES);
    for (; i * AEG_RATE >= pf; i -= AEG_PF_STEPS) {
        axiom_pf_stream(in, out, AEG_PF_BYTES);
        for (unsigned j = 0; j < AEG_PF_STEPS; j++, in += AEG_RATE, out += AEG_RATE)
            aeg_text(&S, out, in, encrypt);
    }
#if AEG_TEXT_UNROLL == 2
    for (; i >= 2; i -= 2, in += 2 * AEG_RATE, out += 2 * AEG_RATE) {
        aeg_text(&S, out, in, encrypt);
        aeg_text(&S, out + AEG_RATE, in + AEG_RATE, encrypt);
    }
    if (i)
        aeg_text(&S, out, in, encrypt);
#else
    for (; i; i--, in += AEG_RATE, out += AEG_RATE)
        aeg_text(&S, out, in, encrypt);
#endif
#ifdef AEG_HAS_PARTIAL
    if (m->inlast) {
        if (encrypt)
            aeg_enc_part(&S, m->outlast, m->inlast, m->lastlen);
        else
            aeg_dec_part(&S, m->outlast, m->inlast, m->lastlen);
    }
#else
    if (m->inlast) {
        if (encrypt)
            aeg_enc(&S, m->outlast, m->inlast);
        else
            aeg_dec_last(&S, m->outlast, m->inlast, m->lastmask);
    }
#endif
    aeg_finalize(&S, m->adbits, m->msgbits);
    aeg_tag(&S, m->tag, m->taglen);
}
#else
#ifdef AEG_HAS_PARTIAL
#error "lane groups with unpadded last steps: not written"
#endif
/* A whole message, lane group by lane group, each group's state in
 * registers while it runs; the groups' tags XORed at the end.  The text
 * runs through the groups AXIOM_AEGIS_SPLIT_CHUNK bytes at a time, the
 * states in memory between chunks, so that a long text is read from the
 * cache once per chunk rather than from memory once per group.  No
 * software prefetch (these kernels serve CPUs without AVX-512, where it
 * was not measured). */
#define AEG_CHUNK_STEPS (AXIOM_AEGIS_SPLIT_CHUNK / AEG_RATE)

/* Init and the AD of group @g. */
static inline __attribute__((always_inline)) void aeg_group_start(aeg_st *S,
                                                                  const axiom_aegis_msg *m,
                                                                  int g)
{
    aeg_init(S, m->key, m->nonce, g);
    for (size_t i = 0; i < m->adsteps; i++)
        aeg_absorb(S, m->ad + AEG_RATE * i + AEG_GOFF(g));
    if (m->adlast)
        aeg_absorb(S, m->adlast + AEG_GOFF(g));
}

/* @n whole steps of text from step @first on, group @g. */
static inline __attribute__((always_inline)) void aeg_group_text(aeg_st *S,
                                                                 const axiom_aegis_msg *m,
                                                                 size_t first, size_t n, int g,
                                                                 int encrypt)
{
    const uint8_t *p = m->in + AEG_RATE * first + AEG_GOFF(g);
    uint8_t *q = m->out + AEG_RATE * first + AEG_GOFF(g);
    for (size_t i = 0; i < n; i++, p += AEG_RATE, q += AEG_RATE)
        aeg_text(S, q, p, encrypt);
}

/* The last step, Finalize and the group's tag into @tag. */
static inline __attribute__((always_inline)) void aeg_group_end(aeg_st *S,
                                                                const axiom_aegis_msg *m,
                                                                int g, uint8_t *tag,
                                                                int encrypt)
{
    if (m->inlast) {
        if (encrypt)
            aeg_enc(S, m->outlast + AEG_GOFF(g), m->inlast + AEG_GOFF(g));
        else
            aeg_dec_last(S, m->outlast + AEG_GOFF(g), m->inlast + AEG_GOFF(g),
                         m->lastmask + AEG_GOFF(g));
    }
    aeg_finalize(S, m->adbits, m->msgbits);
    aeg_tag(S, tag, m->taglen);
}

static inline __attribute__((always_inline)) void aeg_message(const axiom_aegis_msg *m,
                                                              int encrypt)
{
    _Alignas(16) uint8_t tags[AEG_GROUPS][32];
    aeg_st st[AEG_GROUPS];
    const size_t steps = m->steps;
    /* Every group's work on a local copy (st[g] itself would be worked on
     * in memory), the groups' Inits one after the other and so are their
     * Finalizes (their chains overlap: measured faster than each group
     * from Init to tag in turn). */
    for (int g = 0; g < AEG_GROUPS; g++) {
        aeg_st S;
        aeg_group_start(&S, m, g);
        st[g] = S;
    }
    for (size_t done = 0; done < steps;) {
        const size_t n = steps - done < AEG_CHUNK_STEPS ? steps - done : AEG_CHUNK_STEPS;
        for (int g = 0; g < AEG_GROUPS; g++) {
            aeg_st S = st[g];
            aeg_group_text(&S, m, done, n, g, encrypt);
            st[g] = S;
        }
        done += n;
    }
    for (int g = 0; g < AEG_GROUPS; g++) {
        aeg_st S = st[g];
        aeg_group_end(&S, m, g, tags[g], encrypt);
    }
    axiom_wipe(st, sizeof st);
    for (size_t o = 0; o < m->taglen; o += 16) {
        __m128i t = _mm_load_si128((const __m128i *)(tags[0] + o));
        for (int g = 1; g < AEG_GROUPS; g++)
            t = _mm_xor_si128(t, _mm_load_si128((const __m128i *)(tags[g] + o)));
        _mm_storeu_si128((__m128i *)(m->tag + o), t);
    }
    AXIOM_WIPE_FIXED(tags);
}
#endif

static void aegis_seal_op(const axiom_aegis_kernel *k, const axiom_aegis_msg *m)
{
    (void)k;
    aeg_message(m, 1);
}

static void aegis_open_op(const axiom_aegis_kernel *k, const axiom_aegis_msg *m)
{
    (void)k;
    aeg_message(m, 0);
}

/* The operations for a kernel descriptor (with the family's .family). */
#define AEGIS_KERNEL_OPS                                                                    \
    .lanes = AEGIS_LANES, .init = aegis_init_op, .absorb = aegis_absorb_op,                 \
    .enc = aegis_enc_op, .dec = aegis_dec_op, .keystream = aegis_keystream_op,              \
    .finalize = aegis_finalize_op, .seal = aegis_seal_op, .open = aegis_open_op,            \
    .partial = AEG_PARTIAL_OPS
