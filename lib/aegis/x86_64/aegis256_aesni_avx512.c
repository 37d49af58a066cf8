/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* AEGIS-256 kernel for x86-64 with AES-NI and AVX-512VL: the 6 state blocks in one xmm register each. */

/*
 * The operations are those of lib/aegis/x86_64/aegis256_tmpl.h (Init, the
 * steps of 16 bytes, Finalize and the tag); this file chooses the registers.
 * On the one-call path the whole state lives in registers.  The output
 * and absorb functions' three-input XORs and XOR-ANDs take one VPTERNLOGD each.
 *
 * Constant time: the AES round is an instruction; everything else is XOR
 * and AND, and every branch and address depends only on public lengths.
 */
#include "config.h"
#include "aegis/x86_64/aegis_order.h"

#define AEGIS_LANES 1
/* Code generation measured on AMD Zen 4 (family 25 model 17), the kernel
 * alone over 16 KiB: blocks pinned to their registers, decryption 5.32 ->
 * 4.99 core cycles a step, encryption unchanged at 4.99 (the ring alone in
 * registers: 4.49). */
#define AEG_PIN_BLOCKS 1
/* Two steps per loop iteration: on Intel Emerald Rapids (family 6 model
 * 207), the kernel alone over 16 KiB, encryption 3.75-3.76 -> 3.52 TSC
 * cycles a step, decryption 3.97 -> 3.95 (the same change slowed the
 * 128L, 128X2 and AVX2 kernels there); not measured on Zen 4. */
#define AEG_TEXT_UNROLL 2
#include "aegis/x86_64/aegis_ops_avx512.h"
#include "aegis/x86_64/aegis256_tmpl.h"

const axiom_aegis_kernel axiom_aegis256_aesni_avx512 = {
    .name = "aesni-avx512",
    .features = AXIOM_CPU_AESNI | AXIOM_CPU_PCLMUL | AXIOM_CPU_SSSE3 | AXIOM_CPU_AVX |
                AXIOM_CPU_AVX2 | AXIOM_CPU_VAES | AXIOM_CPU_VPCLMUL | AXIOM_CPU_AVX512,
    .constant_time = 1,
    .desc = "AES-NI (VEX/EVEX) on one xmm per state block, VPTERNLOGD",
    AEGIS256_OPS,
};
