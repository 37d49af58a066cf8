/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* AEGIS-256 kernel for x86-64 with AES-NI and AVX2 (VEX encoding): the 6 state
 * blocks in one xmm register each. */

/*
 * The source of the aesni kernel (lib/aegis/x86_64/aegis256_tmpl.h over
 * aegis_ops_multi.h on xmm), built with the VAES-AVX2 bundle's flags: the
 * instructions take the VEX encoding, three operands, so no register
 * copies before the destructive SSE forms (on AMD Zen 4, 64-byte seal
 * 0.75x libaegis's AVX code with the SSE kernel).  The steps of 16 bytes,
 * Init, Finalize and the tag as there.  It serves CPUs with VAES and AVX2
 * but not AVX-512 (the bundle's requirement), where aesni-avx512 cannot
 * run.
 *
 * Constant time: the AES round is an instruction; everything else is XOR
 * and AND, and every branch and address depends only on public lengths.
 */
#include "config.h"
#include "aegis/x86_64/aegis_order.h"

#define AEGIS_LANES 1
#define AEGIS_REG_BITS 128
#include "aegis/x86_64/aegis_ops_multi.h"
#include "aegis/x86_64/aegis256_tmpl.h"

const axiom_aegis_kernel axiom_aegis256_aesni_avx2 = {
    .name = "aesni-avx2",
    .features = AXIOM_CPU_AESNI | AXIOM_CPU_PCLMUL | AXIOM_CPU_SSSE3 | AXIOM_CPU_AVX |
                AXIOM_CPU_AVX2 | AXIOM_CPU_VAES | AXIOM_CPU_VPCLMUL,
    .constant_time = 1,
    .desc = "AES-NI (VEX) on one xmm per state block",
    AEGIS256_OPS,
};
