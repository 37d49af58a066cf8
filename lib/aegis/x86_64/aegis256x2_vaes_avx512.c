/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* AEGIS-256X2 kernel for x86-64 with VAES and AVX-512: the 6 state blocks in one ymm register each. */

/*
 * The operations are those of lib/aegis/x86_64/aegis256_tmpl.h (Init, the
 * steps of 32 bytes, Finalize and the tag, lanes folded); this file chooses the registers.
 * On the one-call path the whole state lives in registers.  The output
 * and absorb functions' three-input XORs and XOR-ANDs take one VPTERNLOGD each.
 *
 * Constant time: the AES round is an instruction; everything else is XOR
 * and AND, and every branch and address depends only on public lengths.
 */
#include "config.h"
#include "aegis/x86_64/aegis_order.h"

#define AEGIS_LANES 2
/* Code generation measured on AMD Zen 4 (family 25 model 17), the kernel
 * alone over 16 KiB: blocks pinned to their registers and two steps per
 * loop iteration, 5.99 -> 4.99 core cycles a step (the state's ring,
 * timed alone in registers, takes 4.49). */
#define AEG_PIN_BLOCKS 1
#define AEG_TEXT_UNROLL 2
#include "aegis/x86_64/aegis_ops_avx512.h"
#include "aegis/x86_64/aegis256_tmpl.h"

const axiom_aegis_kernel axiom_aegis256x2_vaes_avx512 = {
    .name = "vaes-avx512",
    .features = AXIOM_CPU_AESNI | AXIOM_CPU_PCLMUL | AXIOM_CPU_SSSE3 | AXIOM_CPU_AVX |
                AXIOM_CPU_AVX2 | AXIOM_CPU_VAES | AXIOM_CPU_VPCLMUL | AXIOM_CPU_AVX512,
    .constant_time = 1,
    .desc = "VAES on one ymm per state block, VPTERNLOGD",
    AEGIS256_OPS,
};
