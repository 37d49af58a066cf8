/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The SHA-384/512 AVX-512 kernels' descriptors: rounds in vector registers
 * (lib/sha2/x86_64/sha512_avx512_asm.S) and rounds in general registers
 * with the schedule on AVX-512VL (sha512_avx512gpr_asm.S); see
 * sha512_x86_64.h for the design they share. */
#include "axiom/cpu.h"
#include "sha2/hash.h"
#include "sha2/x86_64/hash_pad.h"

/* On Zen 4 the rounds in general registers are faster: 418 against 455
 * TSC cycles a block over 128 blocks (the avx2 kernel), 461 against 478
 * for one (both in one process, fastest of 301 alternating batches, AMD
 * EPYC family 25 model 17); block_cost in TSC cycles, 16 KiB messages,
 * Intel family 6 model 167. */
AXIOM_SHA512_ASM_KERNEL(axiom_sha512_avx512, axiom_sha512_avx512_blocks, "avx512",
                        AXIOM_CPU_AVX512 | AXIOM_CPU_BMI2, AXIOM_TRAIT_ZMM_HALVES, 530,
                        "rounds in XMM registers, two working variables a register (VPRORVQ, "
                        "VPTERNLOGQ), schedule of the next 2 blocks in YMM spread over the rounds");

/* The avx2 kernel's rounds with the schedule's sigma functions as VPRORQ
 * and VPTERNLOGQ (four instructions each instead of seven and nine): on
 * Zen 4, where the kernel above is slower, 3-4.6 % faster than avx2 at 1
 * to 128 blocks (434 against 458 TSC cycles for one block, 383 against
 * 394 a block over 128; one process, alternating batches, AMD EPYC
 * family 25 model 17; block_cost from there).  Listed after the
 * vector-round kernel: not measured on Intel, where that one is the
 * faster. */
AXIOM_SHA512_ASM_KERNEL(axiom_sha512_avx512_gpr, axiom_sha512_avx512gpr_blocks, "avx512-gpr",
                        AXIOM_CPU_AVX512 | AXIOM_CPU_BMI2, 0, 383,
                        "rounds in general registers (RORX), schedule of the next 2 blocks in YMM "
                        "spread over the rounds (VPRORQ, VPTERNLOGQ)");
