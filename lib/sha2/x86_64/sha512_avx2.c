/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The SHA-384/512 AVX2 kernel's descriptor; the compression itself is
 * lib/sha2/x86_64/sha512_avx2_asm.S (see sha512_x86_64.h for its design). */
#include "axiom/cpu.h"
#include "sha2/hash.h"
#include "sha2/x86_64/hash_pad.h"

AXIOM_SHA512_ASM_KERNEL(axiom_sha512_avx2, axiom_sha512_avx2_blocks, "avx2",
                        AXIOM_CPU_AVX2 | AXIOM_CPU_BMI2, 0, 600,
                        "rounds in general registers (RORX), schedule of the next 2 blocks in YMM "
                        "spread over the rounds");
