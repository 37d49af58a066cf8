/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What the MGM glue (lib/mgm/mgm.c) and its GF(2^128) multiplication
 * kernels share: the kernel type, the glue's batch and the list. */
#ifndef AXIOM_MGM_H
#define AXIOM_MGM_H

#include <stddef.h>
#include <stdint.h>

#include "core/kernel.h"

/* Text blocks per batch of the glue: AXIOM_MGM_BATCH Y and as many Z
 * counter blocks go to the cipher's ECB in one call (2 * AXIOM_MGM_BATCH
 * Z blocks for the AD), and the kernel's crypt() takes AXIOM_MGM_BATCH
 * blocks at most. */
#define AXIOM_MGM_BATCH 32

/* The multiplication of MGM (RFC 9058, 3): GF(2^128) modulo
 * x^128 + x^7 + x^2 + x + 1, a 16-byte block read as a big-endian number
 * whose bit i is the coefficient of x^i (no bit reflection, unlike GCM).
 * The running sum is two 64-bit halves (sum[0] the high one).  All
 * pointers: any alignment.  Constant time: no branch or address depends
 * on the blocks, the counters or the sum.
 *
 * sum_mul: *@sum ^= H_1 x X_1 ^ ... ^ H_n x X_n for the @n blocks at @h
 * and @x (each 16n bytes).
 *
 * crypt: the @n whole blocks at @in XORed with the keystream at @ks into
 * @out (@out == @in allowed, no other overlap), and the ciphertext
 * multiplied by the @n blocks at @h into the sum, as sum_mul: the
 * ciphertext is @out when @enc, @in otherwise.  One pass.
 *
 * counters: the @n counter blocks c, c + 1, ... written to @out (16n
 * bytes), big-endian c[0] || c[1], the increment mod 2^64 on c[1] when
 * @low, on c[0] otherwise; c becomes c + n (in that half).
 *
 * crypt_lanes (NULL when the kernel has none): crypt of exactly 32 whole
 * blocks with the keystream and the H values interleaved as a 64-block
 * batch of Kuznyechik's gfni-avx512 kernel leaves them
 * (axiom_kuz_z_mgm_blocks with lanes): the 64 bytes at @kh + 64 r
 * (r = 0..15) are the keystream of blocks r and 16 + r, then the H values
 * of blocks r and 16 + r.
 *
 * step: the blocks of one vector step of the three; fewer go a block at a
 * time (the tests go around it). */
typedef struct axiom_mgm_kernel {
    AXIOM_KERNEL_HEAD;
    unsigned step;
    void (*sum_mul)(uint64_t sum[2], const uint8_t *h, const uint8_t *x, size_t n);
    void (*crypt)(uint64_t sum[2], uint8_t *out, const uint8_t *in, const uint8_t *ks,
                  const uint8_t *h, size_t n, int enc);
    void (*counters)(uint8_t *out, uint64_t c[2], size_t n, int low);
    void (*crypt_lanes)(uint64_t sum[2], uint8_t *out, const uint8_t *in, const uint8_t *kh,
                        int enc);
} axiom_mgm_kernel;

extern const axiom_mgm_kernel axiom_mgm_portable;        /* lib/mgm/mgm.c */
extern const axiom_mgm_kernel axiom_mgm_pclmul;          /* lib/mgm/x86_64/mgm_pclmul.c */
extern const axiom_mgm_kernel axiom_mgm_vpclmul_avx2;    /* lib/mgm/x86_64/mgm_vpclmul256.c */
extern const axiom_mgm_kernel axiom_mgm_vpclmul_avx512;  /* lib/mgm/x86_64/mgm_vpclmul512.c */

/* The multiplication kernels of this build, best first (lib/mgm/mgm.c). */
extern axiom_kernel_list axiom_mgm_kernels;

#endif
