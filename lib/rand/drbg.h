/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Internals of the random-number code shared by lib/rand/rand_os.c, lib/rand/drbg.c,
 * lib/rand/rand_fill.c and the white-box tests (never installed). */
#ifndef AXIOM_DRBG_H
#define AXIOM_DRBG_H

#include <stddef.h>
#include <stdint.h>

#include "axiom/rand.h"
#include "core/bc.h"

/* CTR_DRBG working state (SP 800-90A 10.2.1.1).  Key is kept only as the
 * AES kernel's encryption schedule (setkey_enc); V is kept as V + 1, the
 * next counter block to encrypt.  V is secret, so the output and the
 * update's keystream come from the kernel's ctr_secret (lib/core/bc.h:
 * constant time in the counter), never from its ctr (whose counter is
 * public by contract). */
struct axiom_drbg {
    axiom_bc_ks ks;              /* schedule of Key (64-byte aligned) */
    const axiom_bc_kernel *k;    /* AES kernel chosen at instantiation */
    uint8_t ctr[AXIOM_BC_BLOCK]; /* V + 1 (mod 2^128), big endian */
    uint64_t reseed_counter;     /* requests since the last (re)seed, + 1 */
    uint64_t reseed_interval;    /* AXIOM_DRBG_RESEED_INTERVAL; tests lower it */
};

/* Instantiate @d in caller storage (rand_fill.c keeps it on its own pages).
 * Same checks and results as axiom_drbg_new_seeded / axiom_drbg_new. */
int axiom_drbg_init_seeded(axiom_drbg *d, const uint8_t *entropy, size_t entropylen,
                           const uint8_t *nonce, size_t noncelen,
                           const uint8_t *pers, size_t perslen);
int axiom_drbg_init_os(axiom_drbg *d, const uint8_t *pers, size_t perslen);

/* ---- test hooks (white-box tests link lib/libaxiom_core.la) ------------ */

/* lib/rand/rand_os.c: pretend getrandom(2) is missing (ENOSYS), and read the
 * fallback device from @urandom_path (NULL: "/dev/urandom"). */
void axiom_rand_os_test_hook(int no_getrandom, const char *urandom_path);

/* lib/rand/rand_fill.c: wipe and unmap the calling thread's generator state, so
 * that the next axiom_random_fill() builds a new one; with @no_wipeonfork
 * set, states built from now on skip MADV_WIPEONFORK and rely on the pid
 * check alone. */
void axiom_rand_fill_test_reset(int no_wipeonfork);
/* Per-thread states currently mapped (created minus destroyed). */
long axiom_rand_fill_test_live(void);
/* 1 if the calling thread's state uses MADV_WIPEONFORK, 0 if it relies on
 * the pid check, -1 if the thread has no state yet. */
int axiom_rand_fill_test_wipeonfork(void);

#endif
