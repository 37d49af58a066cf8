/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What the MGM glue (lib/mgm/mgm.c) and its GF(2^128) multiplication
 * kernels share: the kernel type and the list. */
#ifndef AXIOM_MGM_H
#define AXIOM_MGM_H

#include <stddef.h>
#include <stdint.h>

#include "core/kernel.h"

/* The multiplication of MGM (RFC 9058, 3): GF(2^128) modulo
 * x^128 + x^7 + x^2 + x + 1, a 16-byte block read as a big-endian number
 * whose bit i is the coefficient of x^i (no bit reflection, unlike GCM).
 *
 * sum_mul: *@sum ^= H_1 x X_1 ^ ... ^ H_n x X_n for the @n blocks at @h and
 * @x (each 16n bytes, any alignment).  @sum is the running sum as two
 * 64-bit halves (sum[0] the high one).  Constant time: no branch or
 * address depends on the blocks. */
typedef struct axiom_mgm_kernel {
    AXIOM_KERNEL_HEAD;
    void (*sum_mul)(uint64_t sum[2], const uint8_t *h, const uint8_t *x, size_t n);
} axiom_mgm_kernel;

extern const axiom_mgm_kernel axiom_mgm_portable;  /* lib/mgm/mgm.c */
extern const axiom_mgm_kernel axiom_mgm_pclmul;    /* lib/mgm/x86_64/mgm_pclmul.c */

/* The multiplication kernels of this build, best first (lib/mgm/mgm.c). */
extern axiom_kernel_list axiom_mgm_kernels;

#endif
