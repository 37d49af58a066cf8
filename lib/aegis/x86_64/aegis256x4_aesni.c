/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* AEGIS-256X4 kernel for x86-64 with AES-NI: the lanes one at a time
 * (AEGIS_SPLIT), the 6 state blocks in one xmm register each. */

/*
 * The operations are those of lib/aegis/x86_64/aegis256_tmpl.h (Init, the
 * steps of 64 bytes, Finalize and the tag, lanes folded); this file chooses
 * the registers.  The lanes are independent until the tag: split into
 * groups that each keep their state in registers (the whole state, 4 xmm
 * registers per block, with a step's temporaries would not fit the 16
 * registers and was spilled every step). On the one-call path a group's
 * state lives in registers through each chunk of text.  The output and
 * absorb functions' three-input XORs and XOR-ANDs take two instructions
 * each.
 *
 * Constant time: the AES round is an instruction; everything else is XOR
 * and AND, and every branch and address depends only on public lengths.
 */
#include "config.h"

#define AEGIS_LANES 4
#define AEGIS_REG_BITS 128
#define AEGIS_SPLIT 1
#include "aegis/x86_64/aegis_ops_multi.h"
#include "aegis/x86_64/aegis256_tmpl.h"

const axiom_aegis_kernel axiom_aegis256x4_aesni = {
    .name = "aesni",
    .features = AXIOM_CPU_AESNI | AXIOM_CPU_PCLMUL | AXIOM_CPU_SSSE3,
    .constant_time = 1,
    .desc = "AES-NI, the lanes in turn, one xmm per state block",
    AEGIS256_OPS,
};
