/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The SHA-384/512 AVX-512 kernels' descriptors: rounds in vector registers
 * (lib/sha2/x86_64/sha512_avx512_asm.S) and rounds in general registers
 * with the schedule on AVX-512VL (sha512_avx512gpr_asm.S); see
 * sha512_x86_64.h for the design they share. */
#include "axiom/cpu.h"
#include "sha2/hash.h"

void axiom_sha512_avx512_blocks(uint64_t state[8], const uint8_t *p, size_t nblocks);
void axiom_sha512_avx512gpr_blocks(uint64_t state[8], const uint8_t *p, size_t nblocks);

static void sha512_avx512_compress(uint64_t state[8], const uint8_t *p, size_t nblocks)
{
    if (nblocks)
        axiom_sha512_avx512_blocks(state, p, nblocks);
}

const axiom_hash_kernel axiom_sha512_avx512 = {
    .name = "avx512",
    .features = AXIOM_CPU_AVX512 | AXIOM_CPU_BMI2,
    .constant_time = 1,
    .desc = "rounds in XMM registers, two working variables a register (VPRORVQ, VPTERNLOGQ), schedule of the next 2 blocks in YMM spread over the rounds",
    /* On Zen 4 the avx2 kernel (rounds in general registers) is faster:
     * 418 against 455 TSC cycles a block over 128 blocks, 461 against 478
     * for one (both in one process, fastest of 301 alternating batches,
     * AMD EPYC family 25 model 17). */
    .slow_on = AXIOM_TRAIT_ZMM_HALVES,
    .lanes = 1,
    .block_cost = 530, /* TSC cycles, 16 KiB messages, Intel family 6 model 167 */
    .compress = NULL,
    .compress_lanes = NULL,
    .block = AXIOM_SHA512_BLOCK,
    .compress64 = sha512_avx512_compress,
};

static void sha512_avx512gpr_compress(uint64_t state[8], const uint8_t *p, size_t nblocks)
{
    if (nblocks)
        axiom_sha512_avx512gpr_blocks(state, p, nblocks);
}

/* The avx2 kernel's rounds with the schedule's sigma functions as VPRORQ
 * and VPTERNLOGQ (four instructions each instead of seven and nine): on
 * Zen 4, where the kernel above is slower, 3-4.6 % faster than avx2 at 1
 * to 128 blocks (434 against 458 TSC cycles for one block, 383 against
 * 394 a block over 128; one process, alternating batches, AMD EPYC
 * family 25 model 17).  Listed after the vector-round kernel: not
 * measured on Intel, where that one is the faster. */
const axiom_hash_kernel axiom_sha512_avx512_gpr = {
    .name = "avx512-gpr",
    .features = AXIOM_CPU_AVX512 | AXIOM_CPU_BMI2,
    .constant_time = 1,
    .desc = "rounds in general registers (RORX), schedule of the next 2 blocks in YMM spread over the rounds (VPRORQ, VPTERNLOGQ)",
    .lanes = 1,
    .block_cost = 383, /* TSC cycles, 128-block calls, AMD EPYC family 25 model 17 */
    .compress = NULL,
    .compress_lanes = NULL,
    .block = AXIOM_SHA512_BLOCK,
    .compress64 = sha512_avx512gpr_compress,
};
