/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The SHA-384/512 AVX2 kernel's descriptor; the compression itself is
 * lib/sha2/x86_64/sha512_avx2_asm.S (see sha512_x86_64.h for its design). */
#include "axiom/cpu.h"
#include "sha2/hash.h"

void axiom_sha512_avx2_blocks(uint64_t state[8], const uint8_t *p, size_t nblocks);

static void sha512_avx2_compress(uint64_t state[8], const uint8_t *p, size_t nblocks)
{
    if (nblocks)
        axiom_sha512_avx2_blocks(state, p, nblocks);
}

const axiom_hash_kernel axiom_sha512_avx2 = {
    .name = "avx2",
    .features = AXIOM_CPU_AVX2 | AXIOM_CPU_BMI2,
    .constant_time = 1,
    .desc = "rounds in general registers (RORX), schedule of the next 2 blocks in YMM spread over the rounds",
    .lanes = 1,
    .block_cost = 600,
    .compress = NULL,
    .compress_lanes = NULL,
    .block = AXIOM_SHA512_BLOCK,
    .compress64 = sha512_avx2_compress,
};
