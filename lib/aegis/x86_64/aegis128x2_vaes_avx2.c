/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* AEGIS-128X2 kernel for x86-64 with VAES and AVX2: the 8 state blocks in one ymm register each. */

/*
 * The operations are those of lib/aegis/x86_64/aegis128_tmpl.h (Init, the
 * steps of 64 bytes, Finalize and the tag, lanes folded); this file chooses the registers.
 * On the one-call path the whole state lives in registers.  The output
 * and absorb functions' three-input XORs and XOR-ANDs take two instructions each.
 * AEG_PIN_DEC: the decryption Update keeps every block in its register
 * (aegis128_tmpl.h; no register moves in the open loop).
 *
 * Constant time: the AES round is an instruction; everything else is XOR
 * and AND, and every branch and address depends only on public lengths.
 */
#include "config.h"

#define AEGIS_LANES 2
#define AEGIS_REG_BITS 256
#define AEG_PIN_DEC 1
#include "aegis/x86_64/aegis_ops_multi.h"
#include "aegis/x86_64/aegis128_tmpl.h"

const axiom_aegis_kernel axiom_aegis128x2_vaes_avx2 = {
    .name = "vaes-avx2",
    .features = AXIOM_CPU_AESNI | AXIOM_CPU_PCLMUL | AXIOM_CPU_SSSE3 | AXIOM_CPU_AVX |
                AXIOM_CPU_AVX2 | AXIOM_CPU_VAES | AXIOM_CPU_VPCLMUL,
    .constant_time = 1,
    .desc = "VAES on one ymm per state block",
    AEGIS128_OPS,
};
