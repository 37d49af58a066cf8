/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The block-cipher kernel sweep shared by the AES, SM4 and Kuznyechik suites:
 * every usable kernel of a family's list, every operation, at the lengths its
 * own path thresholds (axiom_bc_kernel.steps, lib/core/bc.h) make interesting,
 * against the family's portable reference kernel and an independent peer. */
#ifndef AXIOM_TESTS_BC_SWEEP_H
#define AXIOM_TESTS_BC_SWEEP_H

#include <stddef.h>
#include <stdint.h>

#include "core/bc.h"
#include "core/kernel.h"

/* An independent implementation's answer for operation @op (bc_ops.h) on the
 * case the sweep gives kernel @k: @n blocks of @in into @out under the
 * @keylen-byte @key, @iv the chaining value (CTR: the counter block); for
 * XTS, @key2 is the tweak key and @tweak the tweak, @iv being E(@key2,
 * @tweak).  Returns 1 when it answered, 0 when it cannot do this case (for
 * instance AES-192-XTS in libgcrypt, or @k is the peer itself); the sweep
 * works out the chaining value to expect from @out itself. */
typedef int (*bc_sweep_peer_fn)(const axiom_bc_kernel *k, int op, size_t keylen,
                                const uint8_t *key, const uint8_t *key2,
                                const uint8_t tweak[16], const uint8_t iv[16], uint8_t *out,
                                const uint8_t *in, size_t n);

typedef struct bc_sweep_family {
    const char *name;                   /* "AES", in messages */
    const axiom_kernel *const *kernels; /* the catalog's list, NULL-terminated */
    const axiom_bc_kernel *ref;         /* the portable reference kernel */
    const size_t *keylens;              /* key lengths in bytes, 0-terminated */
    int nops;                           /* BC_NOPS_BLOCK, or BC_NOPS with XTS */
    bc_sweep_peer_fn peer;              /* NULL when there is none */
    const char *peer_name;              /* "libgcrypt", in messages */
} bc_sweep_family;

/* Room for bc_sweep_counts()'s answer for @nsteps steps. */
#define BC_SWEEP_MAXCOUNTS(nsteps) (4 + 6 * (nsteps) + 1)

/* Room for bc_sweep_lengths()'s answer. */
#define BC_SWEEP_MAXLENS BC_SWEEP_MAXCOUNTS(AXIOM_BC_STEPS)

/* The block counts to sweep a kernel over whose paths change at the
 * @nsteps counts @steps (in any order; zeros and repeats are ignored), into
 * @lens, ascending and distinct; returns how many.  0, 1, 2, 3; for every
 * step s: s - 1, s, s + 1, 2s - 1, 2s, 2s + 1 (one below, at and one above
 * one bulk iteration and two); and one longer odd count past the largest
 * step that leaves a tail (3 smax - 1 or 3 smax - 2), at least 9.  Shared
 * by the block-cipher sweep and the suites of kernels that are not block
 * ciphers but declare their steps the same way (the GCM tiers). */
size_t bc_sweep_counts(const size_t *steps, size_t nsteps, size_t *lens);

/* The @n counts at @lens as "0,1,2,..." into @s (@cap bytes), for the
 * lines that say what was swept. */
void bc_sweep_counts_string(char *s, size_t cap, const size_t *lens, size_t n);

/* The block counts kernel @k is swept over: bc_sweep_counts() of its
 * steps.  Fails the test if the steps are not ascending. */
size_t bc_sweep_lengths(const axiom_bc_kernel *k, size_t lens[BC_SWEEP_MAXLENS]);
/* The same, cut after the last count of at most @max blocks (the counts
 * ascend; at least one is kept), for a test whose buffers end there. */
size_t bc_sweep_lengths_upto(const axiom_bc_kernel *k, size_t lens[BC_SWEEP_MAXLENS],
                             size_t max);

/* The chaining value a kernel hands back after running operation @op on the
 * @n blocks @in with chaining value @iv, @out being the correct output. */
void bc_sweep_ivout(int op, const uint8_t iv[16], const uint8_t *in, const uint8_t *out, size_t n,
                    uint8_t ivout[16]);

/* Sweeps every kernel of @f that this CPU and tier can run (the others are
 * skipped with a line on stdout), for every key length and operation, over
 * bc_sweep_lengths(): random key, data and chaining value, input and output
 * misaligned (0..63 bytes), the output against the reference kernel's and
 * the peer's, the chaining value handed back against both, no byte written
 * around the output, in place equal to out of place, and two calls split at
 * a random block equal to one.  CTR runs a random counter and counters whose
 * low 32, 64 or all 128 bits carry out at a random block, at the kernel's
 * widest step not above the length (a bulk iteration's boundary), and just
 * after the last block (in the counter handed back only).  Prints per kernel
 * how many cases it compared and fails the running test on the first
 * mismatch or if a kernel compared nothing; returns the number of kernels
 * swept. */
int bc_sweep(const bc_sweep_family *f);

#endif
