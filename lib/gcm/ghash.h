/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The GCM kernel contract, stated once: the GHASH kernels, the GCM tiers
 * that pair a block-cipher kernel and a GHASH kernel with a text phase,
 * and the message state the phases carry (lib/gcm/gcm.c sequences them). */
#ifndef AXIOM_GHASH_H
#define AXIOM_GHASH_H

#include <stddef.h>
#include <stdint.h>
#include "axiom/cpu.h"
#include "core/bc.h"
#include "core/kernel.h"

/*
 * Phases.  A GCM message runs through these phases, in this order, and
 * lib/gcm/gcm.c is the only place that sequences them (for the one-shot
 * AEAD operations and the streaming API alike):
 *
 *   precompute  k->aes->setkey, H = E_K(0^128), k->ghash->init: once per
 *               key, into an axiom_gcm_key.
 *   start       J0 from the nonce (nonce || 0^31 || 1 for 96 bits, a GHASH
 *               of the padded nonce and its length otherwise), the first
 *               counter inc32(J0), an empty accumulator: glue only.
 *   AD          k->ghash->update over whole blocks; the glue carries a
 *               partial block between calls and hashes it zero-padded
 *               when the text starts.
 *   text        k->enc or k->dec over whole blocks; the glue carries a
 *               partial block between calls with the keystream block the
 *               kernel made for it (AXIOM_GCM_WANT_PAD) and keeps its
 *               ciphertext for GHASH.
 *   final       the last text call (AXIOM_GCM_WANT_TAG): after its blocks
 *               the kernel hashes the blocks the glue built in m->fin (the
 *               zero-padded partial ciphertext block, if any, then the
 *               length block [len(A)]_64 || [len(C)]_64) and writes the
 *               tag E_K(J0) ^ GHASH to m->tag.
 *
 * So every kernel sees whole 16-byte blocks only; J0, padding, the
 * partial block and the length block are the glue's, written once.  A
 * one-shot message takes one kernel call for its text and final (two when
 * it encrypts a partial last block: its ciphertext, which the final
 * hashes, comes from the pad of the first).  E_K(J0) is made by the first
 * text call (AXIOM_GCM_WANT_EK0), in the same batch as the text's counter
 * blocks where the kernel batches, so that a short message pays the block
 * cipher's latency once.
 *
 * Buffers, for every entry point: any alignment; out == in is allowed,
 * any other overlap of out and in is not; AD, nonce and output are
 * disjoint (lib/api/aead.c copies an AD or nonce that lies in the output
 * aside before the kernels run).  Lengths were checked by the caller:
 * nothing here fails.
 *
 * Counters.  GCM increments the low 32 bits of the counter block only
 * (inc32), modulo 2^32, the other 96 bits untouched.  With a 96-bit nonce
 * the counter starts at 2 and the longest message (2^32 - 2 blocks) never
 * wraps; with any other nonce J0 is a hash and may sit just below the
 * wrap, so every kernel adds counters in a 32-bit lane.
 *
 * Constant time.  A tier is constant time when its block-cipher and GHASH
 * kernels are and its text phase neither branches on nor indexes memory
 * by the key, H, the counter, the text or the accumulator: branches and
 * loop bounds depend on block counts, the round count and the want flags
 * only.  Counters made from a nonce other than 96 bits are secret (they
 * come from a hash under H): the portable text phase then builds counter
 * blocks itself and runs them through the block cipher's ECB, since the
 * block ciphers' CTR loops may branch on counter values (they are public
 * in CTR mode and for 96-bit nonces).  The glue branches on lengths only;
 * the tag comparison is the caller's (lib/api/aead.c, gcm_stream.c).
 */

/* Most powers of H any kernel precomputes (the vector kernels hash up to
 * 32 blocks per reduction). */
#define AXIOM_GHASH_MAXPOW 32

/* Blocks per stitched iteration of the SIMD tiers (lib/gcm/x86_64/): the
 * step each descriptor exports in .step. */
#define AXIOM_GCM_AESNI_BLOCKS 8
#define AXIOM_GCM_VAES2_BLOCKS 16
#define AXIOM_GCM_VAES512_BLOCKS 32

/* Key material derived from H, in whatever layout the GHASH kernel that
 * made it likes (powers of H, Karatsuba halves...).  Only the kernel that
 * ran init, and the text phases paired with it, read it. */
typedef struct axiom_ghash_key {
    _Alignas(64) uint64_t w[4 * AXIOM_GHASH_MAXPOW];
} axiom_ghash_key;

/* One GHASH kernel.  The accumulator @y is the GHASH state in the byte
 * order of SP 800-38D (a block as it appears on the wire), so that kernels
 * can be mixed within one message. */
typedef struct axiom_ghash_kernel {
    AXIOM_KERNEL_HEAD;
    /* Blocks per reduction of update's bulk loop (1: one per block). */
    unsigned step;
    /* Precompute phase: from the hash subkey H = E_K(0^128). */
    void (*init)(axiom_ghash_key *hk, const uint8_t h[16]);
    /* Optional (NULL: use init): the precompute for a message whose
     * update calls each take at most @n blocks (n >= 1), for keys made
     * per message (AES-GCM-SIV): the kernel may make only what those
     * calls read (the powers H^1 .. H^min(n, step)) and leave the rest of
     * @hk as it was. */
    void (*init_n)(axiom_ghash_key *hk, const uint8_t h[16], size_t n);
    /* y = (...((y ^ in_0) H ^ in_1) H ...) H over @nblocks whole blocks
     * (nblocks may be 0). */
    void (*update)(const axiom_ghash_key *hk, uint8_t y[16], const uint8_t *in,
                   size_t nblocks);
} axiom_ghash_kernel;

typedef struct axiom_gcm_kernel axiom_gcm_kernel;

/* Everything that depends on the key (the AEAD algorithm's state). */
typedef struct axiom_gcm_key {
    axiom_bc_ks ks;                /* made by k->aes->setkey */
    axiom_ghash_key hk;            /* made by k->ghash->init */
    const axiom_gcm_kernel *k;     /* bound at setkey */
} axiom_gcm_key;

/* One message in progress: what the phases carry from call to call.  The
 * text phase reads j0 and fin, reads and writes y and ctr, and writes
 * ek0, pad and the tag when asked to; everything else is the glue's.  The
 * 16-byte fields are written whole (one 16-byte store), so that the
 * kernels' 16-byte loads of them forward from the store. */
typedef struct axiom_gcm_msg {
    /* Secret (wiped when the message ends): with the tag, the accumulator
     * or E_K(J0) gives away a polynomial H is a root of; the pad is
     * keystream; counters from nonces other than 96 bits come from H. */
    _Alignas(16) uint8_t y[16]; /* GHASH accumulator (wire byte order) */
    uint8_t ctr[16];   /* counter block of the next whole text block */
    uint8_t j0[16];    /* J0 */
    uint8_t ek0[16];   /* E_K(J0), the tag mask (AXIOM_GCM_F_EK0) */
    uint8_t pad[16];   /* keystream of the partial text block */
    /* Public: AD, ciphertext, lengths. */
    uint8_t part[16];  /* the partial block: AD bytes, then ciphertext bytes */
    uint8_t fin[32];   /* the blocks the final hashes (nfin of them) */
    uint8_t *tag;      /* where the final writes the full 16-byte tag */
    /* An encryption's partial last block for the kernel's .last: its
     * input, output and length (1..15). */
    const uint8_t *last_in;
    uint8_t *last_out;
    unsigned nlast;
    uint64_t adlen;    /* bytes of AD so far */
    uint64_t len;      /* bytes of text so far */
    unsigned npart;    /* bytes in part (0..15) */
    unsigned nfin;     /* blocks in fin (1 or 2) */
    unsigned flags;    /* AXIOM_GCM_F_* */
} axiom_gcm_msg;
_Static_assert(sizeof(axiom_gcm_msg) % 16 == 0, "axiom_gcm_msg: whole 16-byte units");

#define AXIOM_GCM_F_PUBCTR 1u /* 96-bit nonce: the counters are public */
#define AXIOM_GCM_F_TEXT 2u   /* the AD is closed, the text has begun */
#define AXIOM_GCM_F_EK0 4u    /* ek0 holds E_K(J0) */
/* The key holds H's first power only (at its place in the x86 layout,
 * lib/gcm/x86_64/ghash_pclmul.h) and the text phase makes the others,
 * into the key, before it hashes anything; it clears the flag.  Only for
 * a tier whose make_powers is set, with no AD, and a key the message owns
 * (XAES-256-GCM's per-message key, lib/gcm/xaes.c): the text phase then
 * computes the powers alongside its first counter blocks. */
#define AXIOM_GCM_F_POWERS 8u
/* With AXIOM_GCM_F_POWERS, on a message of at least make_powers whole
 * blocks, by a tier whose expand is set: the key's schedule holds
 * only its first two round keys (an AES-256 key, rounds 14) and the text
 * phase makes the other thirteen, into the key, beside the AES rounds of
 * its first counter blocks, with H = E_K(0^128) and its first power
 * alongside (XAES-256-GCM's derived key, lib/gcm/xaes.c); it clears the
 * flag. */
#define AXIOM_GCM_F_EXPAND 16u

/* What a text call does besides the text (its @want argument). */
#define AXIOM_GCM_WANT_EK0 1u /* m->ek0 = E_K(m->j0); only on the message's
                               * first text call */
#define AXIOM_GCM_WANT_PAD 2u /* m->pad = E_K(counter after the blocks), and
                               * the counter advances past it */
#define AXIOM_GCM_WANT_TAG 4u /* the final phase, after the blocks: GHASH of
                               * m->fin, then the 16 bytes at m->tag =
                               * E_K(J0) ^ accumulator (with E_K(J0) from
                               * this call or from m->ek0) */

/* The text phase: CTR over @nblocks whole blocks (0 allowed) from @in to
 * @out with the counter blocks m->ctr, inc32(m->ctr), ..., and GHASH of
 * their ciphertext (the output when encrypting, the input when
 * decrypting) into m->y, in order; m->ctr advances past them.  Then what
 * @want asks for. */
typedef void (*axiom_gcm_crypt_fn)(const axiom_gcm_key *g, axiom_gcm_msg *m, uint8_t *out,
                                   const uint8_t *in, size_t nblocks, unsigned want);

/* One GCM tier. */
struct axiom_gcm_kernel {
    AXIOM_KERNEL_HEAD;     /* name as axiom_impl() says, e.g. "aesni+pclmul";
                            * features of all its parts; constant time only
                            * if every part is */
    const axiom_bc_kernel *aes;      /* key schedule and H (AES or SM4) */
    const axiom_ghash_kernel *ghash; /* precompute, AD, J0 of other nonces, final */
    /* Blocks per iteration of the text phase's bulk loop (a stitched
     * loop's width, or the portable phase's CTR chunk). */
    unsigned step;
    /* Nonzero if the text phase changes its loop from a message of this
     * many blocks on (vaes-avx2: the Karatsuba products, VEC_KMID_MIN);
     * data for the tests' length sweep. */
    unsigned long_step;
    axiom_gcm_crypt_fn enc, dec;     /* the text phase */
    /* Nonzero if the text phase honours AXIOM_GCM_F_POWERS; then a
     * message of at least this many blocks gets its powers made alongside
     * the first counter blocks (shorter ones, before the text). */
    unsigned make_powers;
    /* Nonzero if the text phase honours AXIOM_GCM_F_EXPAND. */
    unsigned expand;
    /* The end of an encryption whose last text block is partial, or
     * NULL: after the text phase's call for the whole blocks (which made
     * the pad and left the accumulator in m->y, without the final phase),
     * the m->nlast bytes at m->last_in through the pad to m->last_out,
     * then the final phase over their ciphertext, zero-padded, and the
     * m->fin blocks, the tag to m->tag.  One short call with the block
     * in registers, where the glue's way (a byte loop, a copy read back
     * whole, a second text call for the tag) cost 30-70 cycles more
     * (AMD Zen 4). */
    void (*last)(const axiom_gcm_key *g, axiom_gcm_msg *m);
};

/* The portable text phase (lib/gcm/gcm_generic.c), for tiers without a
 * stitched loop: the block cipher's CTR over chunks of step blocks (public
 * counters) or its ECB over staged counter blocks (secret ones), then the
 * GHASH kernel over each chunk while it is in L1.  A call whose counter
 * blocks (text, J0, pad) number at most AXIOM_GCM_STAGE_BLOCKS runs them
 * through one call of the block cipher. */
#define AXIOM_GCM_CHUNK_BLOCKS 256
#define AXIOM_GCM_BATCH_BLOCKS 32
#define AXIOM_GCM_STAGE_BLOCKS 16
void axiom_gcm_generic_enc(const axiom_gcm_key *g, axiom_gcm_msg *m, uint8_t *out,
                           const uint8_t *in, size_t nblocks, unsigned want);
void axiom_gcm_generic_dec(const axiom_gcm_key *g, axiom_gcm_msg *m, uint8_t *out,
                           const uint8_t *in, size_t nblocks, unsigned want);

extern const axiom_ghash_kernel axiom_ghash_generic_ct;
extern const axiom_ghash_kernel axiom_ghash_pclmul;
extern const axiom_ghash_kernel axiom_ghash_vpclmul_avx512;
extern const axiom_ghash_kernel axiom_ghash_vpclmul_avx2;

extern const axiom_gcm_kernel axiom_gcm_generic_ct;
extern const axiom_gcm_kernel axiom_gcm_aesni_ghash_ct;
extern const axiom_gcm_kernel axiom_gcm_aes_ct_pclmul;
extern const axiom_gcm_kernel axiom_gcm_aesni;
extern const axiom_gcm_kernel axiom_gcm_vaes_avx2;
extern const axiom_gcm_kernel axiom_gcm_vaes_avx512;

/* The GCM tiers of this build, best first: AES-GCM's and SM4-GCM's
 * (lib/gcm/gcm_kernels.c). */
extern axiom_kernel_list axiom_gcm_kernels;
extern axiom_kernel_list axiom_sm4_gcm_kernels;

/* The GCM tier whose header is @k (NULL stays NULL). */
static inline const axiom_gcm_kernel *axiom_gcm_of(const axiom_kernel *k)
{
    return (const axiom_gcm_kernel *)k;
}

#endif
