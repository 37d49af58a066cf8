/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* AEGIS-256 kernel for x86-64 with AES-NI: the 6 state blocks in one xmm register each. */

/*
 * The operations are those of lib/aegis/x86_64/aegis256_tmpl.h (Init, the
 * steps of 16 bytes, Finalize and the tag); this file chooses the registers.
 * On the one-call path the whole state lives in registers.  The output
 * and absorb functions' three-input XORs and XOR-ANDs take two instructions each.
 *
 * Constant time: the AES round is an instruction; everything else is XOR
 * and AND, and every branch and address depends only on public lengths.
 */
#include "config.h"

#define AEGIS_LANES 1
#define AEGIS_REG_BITS 128
#include "aegis/x86_64/aegis_ops_multi.h"
#include "aegis/x86_64/aegis256_tmpl.h"

const axiom_aegis_kernel axiom_aegis256_aesni = {
    .name = "aesni",
    .features = AXIOM_CPU_AESNI | AXIOM_CPU_PCLMUL | AXIOM_CPU_SSSE3,
    .constant_time = 1,
    .desc = "AES-NI, one xmm per state block",
    AEGIS256_OPS,
};
