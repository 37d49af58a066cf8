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

/* The AES kernels of this build, best first (lib/aes/aes_kernels.c). */
extern axiom_kernel_list axiom_aes_kernels;

#endif
