/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Internals of the random-number code shared by lib/rand/rand_os.c, lib/rand/drbg.c,
 * lib/rand/rand_fill.c and the white-box tests (never installed). */
#ifndef AXIOM_DRBG_H
#define AXIOM_DRBG_H

#include <stddef.h>
#include <stdint.h>

#include "axiom/rand.h"
#include "core/bc.h"

/* Keystream kernel of the CTR_DRBG: AES encryption of a SECRET counter.
 *
 * gen() writes the first @len bytes of E(K, V) || E(K, V + 1) || ... to
 * @out (any alignment; nothing past out + len is touched; len may be 0)
 * and leaves @v, big endian, at V + ceil(len / 16) modulo 2^128.  Unlike
 * the block-cipher kernels' ctr operation, whose contract treats the
 * counter as public, nothing in gen() may branch on or index memory with
 * the key or the counter: the 128-bit increment is computed branch-free.
 * It reads the encryption round keys that @aes's setkey writes (any key
 * length), so it is used only together with that AES kernel.
 *
 * setkey256() writes the AES-256 encryption round keys of @key in @aes's
 * layout and sets ks->rounds, and nothing else (the decryption schedule is
 * left as it was): what gen() needs, cheaper than @aes's full setkey,
 * since the DRBG changes its key on every request. */
typedef struct axiom_drbg_ctr_kernel {
    AXIOM_KERNEL_HEAD;
    const axiom_bc_kernel *aes;   /* the AES kernel whose schedule it reads */
    void (*setkey256)(axiom_bc_ks *ks, const uint8_t key[32]);
    void (*gen)(const axiom_bc_ks *ks, uint8_t *out, size_t len, uint8_t v[AXIOM_BC_BLOCK]);
} axiom_drbg_ctr_kernel;

/* lib/rand/x86_64/drbg_ctr_*.c (declared whether or not built). */
extern const axiom_drbg_ctr_kernel axiom_drbg_ctr_vaes_avx512;
extern const axiom_drbg_ctr_kernel axiom_drbg_ctr_vaes_avx2;
extern const axiom_drbg_ctr_kernel axiom_drbg_ctr_aesni;
/* The built ones, best first (lib/rand/rand_kernels.c); may be empty. */
extern axiom_kernel_list axiom_drbg_ctr_kernels;

/* CTR_DRBG working state (SP 800-90A 10.2.1.1).  Key is kept only as the
 * kernel's expanded schedule; V is kept as V + 1, the next counter block
 * to encrypt.  V is secret: the DRBG encrypts it with a keystream kernel
 * above (constant time in V) when one matches the AES kernel, and
 * otherwise builds the counter blocks with branch-free arithmetic and
 * encrypts them with ecb_enc; never with the AES kernels' ctr operation
 * (whose carry handling branches on the counter). */
struct axiom_drbg {
    axiom_bc_ks ks;               /* schedule of Key (64-byte aligned) */
    const axiom_bc_kernel *k;     /* AES kernel chosen at instantiation */
    const axiom_drbg_ctr_kernel *gen; /* keystream kernel for k, or NULL */
    uint8_t ctr[AXIOM_BC_BLOCK];  /* V + 1 (mod 2^128), big endian */
    uint64_t reseed_counter;      /* requests since the last (re)seed, + 1 */
    uint64_t reseed_interval;     /* AXIOM_DRBG_RESEED_INTERVAL; tests lower it */
    int ctr_avx2;                 /* build counter blocks with AVX2 (lib/rand/drbg.c) */
};

/* The keystream kernel the DRBG uses with AES kernel @aes under the
 * current CPU features (AXIOM_CPU_DISABLE, AXIOM_CT_ONLY), or NULL. */
const axiom_drbg_ctr_kernel *axiom_drbg_ctr_pick(const axiom_bc_kernel *aes);

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
