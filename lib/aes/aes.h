/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The AES block-cipher kernels (lib/core/bc.h contract) and their list. */
#ifndef AXIOM_AES_H
#define AXIOM_AES_H

#include "core/bc.h"

/* Defined in lib/aes/ and lib/aes/x86_64/ (declared whether or not built). */
extern const axiom_bc_kernel axiom_aes_generic_ct;  /* bitsliced, constant time */
extern const axiom_bc_kernel axiom_aes_aesni;
extern const axiom_bc_kernel axiom_aes_vaes_avx2;
extern const axiom_bc_kernel axiom_aes_vaes_avx512;

/* One AES encryption round (FIPS 197: SubBytes, ShiftRows, MixColumns,
 * AddRoundKey) on each of @n independent blocks: out[i] = round(in[i])
 * with round key rk[i] (16 bytes each).  Bitsliced like
 * axiom_aes_generic_ct, constant time; @out may be @in or @rk.  For
 * constructions built from the round function (AEGIS's portable kernel). */
void axiom_aes_ct_round(uint8_t *out, const uint8_t *in, const uint8_t *rk, size_t n);

/* The AES kernels of this build, best first (lib/aes/aes_kernels.c). */
extern axiom_kernel_list axiom_aes_kernels;

#endif
