/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The AEGIS family (draft-irtf-cfrg-aegis-aead): its six variants, the
 * contract between the glue (lib/aegis/aegis.c) and the kernels, and the
 * kernel lists. */
#ifndef AXIOM_AEGIS_INTERNAL_H
#define AXIOM_AEGIS_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "core/aead.h"
#include "core/kernel.h"
#include "core/mac.h"

/* P_MAX and A_MAX of the draft: 2^61 - 1 bytes of message and of AD. */
#define AXIOM_AEGIS_MAX_LEN ((UINT64_C(1) << 61) - 1)

/* The widest step (AEGIS-128X4: 128 bytes). */
#define AXIOM_AEGIS_MAXRATE 128

/* The text of a kernel that splits its lanes into groups
 * (lib/aegis/x86_64/aegis_ops_multi.h) runs through every group a chunk
 * of this many bytes at a time (a multiple of every step). */
#define AXIOM_AEGIS_SPLIT_CHUNK 2048

/* Every text length, in bytes, at which some kernel changes path (the
 * steps of the six variants, the kernels' unrolled loops and the split
 * kernels' chunk); the contract test derives its message lengths from
 * this list. */
#define AXIOM_AEGIS_TEXT_STEPS { 16, 32, 64, 128, 256, 512, AXIOM_AEGIS_SPLIT_CHUNK }

/*
 * The state of one message: block j of lane i at v[j] + 16 i (the lanes of
 * one block side by side, as they sit in a ymm or zmm register).  The
 * 128 family has 8 blocks, the 256 family 6; AEGIS-128L and AEGIS-256 are
 * the one-lane cases.  A message of the 128 family is absorbed in steps
 * of rate = 32 D bytes, whose first 16 D bytes are the D lanes of the
 * draft's M0 and the next 16 D those of M1; a step of the 256 family is
 * the 16 D bytes of M.
 */
typedef struct axiom_aegis_state {
    _Alignas(64) uint8_t v[8][64];
} axiom_aegis_state;

/* One whole message for a kernel's one-call path.  The glue has split it
 * into whole steps and last steps: zero-padded copies in the glue's
 * buffers, or, for a kernel whose `partial` is set, the caller's last
 * bytes themselves with their counts (adlastlen, lastlen). */
typedef struct axiom_aegis_msg {
    const uint8_t *key, *nonce;
    const uint8_t *ad;       /* adsteps whole steps of AD */
    size_t adsteps;
    const uint8_t *adlast;   /* NULL, or one step: the AD's last bytes, zero-padded */
    const uint8_t *in;       /* steps whole steps of text */
    uint8_t *out;
    size_t steps;
    const uint8_t *inlast;   /* NULL, or one step: the text's last bytes, zero-padded */
    uint8_t *outlast;        /* its output, a whole step (the glue keeps what it needs) */
    const uint8_t *lastmask; /* open with inlast: 0xff over its real bytes, then zeros */
    size_t adlastlen, lastlen; /* k->partial: the bytes at adlast, inlast and outlast
                                * (1 .. rate - 1, unpadded; lastmask unused) */
    uint64_t adbits, msgbits;
    uint8_t *tag;            /* taglen (16 or 32) bytes */
    size_t taglen;
} axiom_aegis_msg;

/*
 * A kernel serves one variant.  Its operations take whole steps only;
 * tails, padding, the length block and the tags' lane folding are the
 * glue's.  @k is the kernel itself (the portable kernel reads its variant
 * there).  @out and @in are equal or disjoint.
 *
 * init: the state after the draft's Init(key, nonce) (key and nonce are
 * keylen bytes).  absorb: Absorb of @n steps.  enc/dec: Enc/Dec of @n
 * steps.  keystream: the z (rate bytes) that Enc would XOR into the next
 * step, the state unchanged.  finalize: the seven updates of Finalize,
 * with the draft's t from the state and LE64(adbits) || LE64(msgbits); the
 * tag is then a fold of the state (the glue's).  seal/open: a whole
 * message (init, AD, text, Finalize and the tag), everything in
 * registers; NULL when the kernel has no such path (the glue then
 * composes the operations above).  A partial last step: Enc of the padded
 * plaintext (seal); for open, the decryption of the padded ciphertext
 * ANDed with @lastmask is the padded plaintext that Dec's update absorbs.
 * A kernel with `partial` reads and writes only the partial step's real
 * bytes, padding in registers.
 */
typedef struct axiom_aegis_kernel axiom_aegis_kernel;
struct axiom_aegis_kernel {
    AXIOM_KERNEL_HEAD;
    unsigned family; /* 128 or 256 */
    unsigned lanes;  /* D: 1, 2 or 4 */
    void (*init)(const axiom_aegis_kernel *k, axiom_aegis_state *s, const uint8_t *key,
                 const uint8_t *nonce);
    void (*absorb)(const axiom_aegis_kernel *k, axiom_aegis_state *s, const uint8_t *in,
                   size_t n);
    void (*enc)(const axiom_aegis_kernel *k, axiom_aegis_state *s, uint8_t *out,
                const uint8_t *in, size_t n);
    void (*dec)(const axiom_aegis_kernel *k, axiom_aegis_state *s, uint8_t *out,
                const uint8_t *in, size_t n);
    void (*keystream)(const axiom_aegis_kernel *k, const axiom_aegis_state *s, uint8_t *z);
    void (*finalize)(const axiom_aegis_kernel *k, axiom_aegis_state *s, uint64_t adbits,
                     uint64_t msgbits);
    void (*seal)(const axiom_aegis_kernel *k, const axiom_aegis_msg *m);
    void (*open)(const axiom_aegis_kernel *k, const axiom_aegis_msg *m);
    /* Nonzero: seal and open take the last partial steps unpadded, at the
     * caller's buffers (masked loads and stores), and only so; the step
     * operations above still take padded steps. */
    unsigned partial;
};

/* Bytes per step. */
static inline size_t axiom_aegis_rate(const axiom_aegis_kernel *k)
{
    return (k->family == 128 ? 32 : 16) * (size_t)k->lanes;
}

/* log2 of the step: the glue splits lengths with shifts and masks
 * rather than divisions (a 64-bit division costs more than a short
 * message's whole glue). */
static inline unsigned axiom_aegis_rate_log2(const axiom_aegis_kernel *k)
{
    return (k->family == 128 ? 5u : 4u) + (k->lanes >> 1);
}

/* Blocks of state per lane. */
static inline unsigned axiom_aegis_blocks(const axiom_aegis_kernel *k)
{
    return k->family == 128 ? 8 : 6;
}

/* The draft's constants C0 and C1. */
extern const uint8_t axiom_aegis_c0[16], axiom_aegis_c1[16];
/* The one-lane SIMD kernels' Init skips the AES rounds whose inputs are
 * all constants (the first three Updates of AEGIS-128L, the first two of
 * AEGIS-256; x86_64/aegis128_tmpl.h, aegis256_tmpl.h): their values,
 * computed once (lib/aegis/aegis.c). */
extern const uint8_t axiom_aegis128_fold[6][16], axiom_aegis256_fold[3][16];

/* One variant: its name and lengths, its kernels. */
typedef struct axiom_aegis_variant {
    const char *name;     /* "aegis-128l", ... */
    unsigned family, lanes;
    size_t keylen;        /* key and nonce: 16 (128 family) or 32 bytes */
    const axiom_kernel *const *kernels;
} axiom_aegis_variant;

/* The variant called @name (case-insensitive), NULL if none. */
const axiom_aegis_variant *axiom_aegis_find(const char *name);

/* Glue (lib/aegis/aegis.c), shared by the AEAD algorithms, the MAC, the
 * streaming interface and the tests. */
/* A whole message through @k: its one-call path, or the operations. */
void axiom_aegis_run(const axiom_aegis_kernel *k, const axiom_aegis_msg *m, int encrypt);
/* The @taglen-byte tag of a finalized state (the lanes' tags XORed). */
void axiom_aegis_tag(const axiom_aegis_kernel *k, const axiom_aegis_state *s, uint8_t *tag,
                     size_t taglen);
/* One-shot seal or open with @k: split into steps, pad the tails, run. */
void axiom_aegis_crypt(const axiom_aegis_kernel *k, int encrypt, uint8_t *out, uint8_t *tag,
                       size_t taglen, const uint8_t *key, const uint8_t *nonce,
                       const uint8_t *ad, size_t adlen, const uint8_t *in, size_t len);
/* AEGIS-MAC (draft: "AEGIS as a Message Authentication Code"): the
 * state of one key, nonce and message. */
typedef struct axiom_aegis_mac {
    axiom_aegis_state s;     /* the message so far */
    axiom_aegis_state s0;    /* after Init: each message starts from it */
    uint8_t buf[AXIOM_AEGIS_MAXRATE];
    size_t used;             /* bytes in buf */
    uint64_t total;          /* bytes of the message */
    const axiom_aegis_kernel *k;
} axiom_aegis_mac;
void axiom_aegis_mac_init(axiom_aegis_mac *m, const axiom_aegis_kernel *k, const uint8_t *key,
                          const uint8_t *nonce);
void axiom_aegis_mac_update(axiom_aegis_mac *m, const uint8_t *in, size_t len);
/* Write the tag and restart from s0. */
void axiom_aegis_mac_final(axiom_aegis_mac *m, uint8_t *tag, size_t taglen);

/* Kernels, defined in lib/aegis/ and lib/aegis/x86_64/ (declared whether
 * or not built). */
extern const axiom_aegis_kernel axiom_aegis128l_generic_ct, axiom_aegis128x2_generic_ct,
    axiom_aegis128x4_generic_ct, axiom_aegis256_generic_ct, axiom_aegis256x2_generic_ct,
    axiom_aegis256x4_generic_ct;
extern const axiom_aegis_kernel axiom_aegis128l_aesni, axiom_aegis128x2_aesni,
    axiom_aegis128x4_aesni, axiom_aegis256_aesni, axiom_aegis256x2_aesni, axiom_aegis256x4_aesni;
extern const axiom_aegis_kernel axiom_aegis128l_aesni_avx2, axiom_aegis256_aesni_avx2;
extern const axiom_aegis_kernel axiom_aegis128x2_vaes_avx2, axiom_aegis128x4_vaes_avx2,
    axiom_aegis256x2_vaes_avx2, axiom_aegis256x4_vaes_avx2;
extern const axiom_aegis_kernel axiom_aegis128l_aesni_avx512, axiom_aegis256_aesni_avx512,
    axiom_aegis128x2_vaes_avx512, axiom_aegis128x4_vaes_avx512, axiom_aegis256x2_vaes_avx512,
    axiom_aegis256x4_vaes_avx512;

/* The kernels of each variant in this build, best first, the portable one
 * last (lib/aegis/aegis_kernels.c). */
extern axiom_kernel_list axiom_aegis128l_kernels, axiom_aegis128x2_kernels,
    axiom_aegis128x4_kernels, axiom_aegis256_kernels, axiom_aegis256x2_kernels,
    axiom_aegis256x4_kernels;

/* The AEAD algorithms and the MACs (lib/aegis/aegis.c). */
extern const axiom_aead_alg axiom_aead_aegis128l, axiom_aead_aegis128x2, axiom_aead_aegis128x4,
    axiom_aead_aegis256, axiom_aead_aegis256x2, axiom_aead_aegis256x4;
extern const axiom_mac_alg axiom_mac_aegis; /* "aegis-<variant>-mac" */

#endif
