/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SHA-384/512 compression with the rounds in general registers (BMI2
 * RORX) and the message schedule on AVX-512VL: lib/sha2/x86_64/
 * sha512_avx2_asm.S compiled again with SHA512_VL (see there).  It
 * defines axiom_sha512_avx512gpr_blocks. */
#define SHA512_VL 1
#include "sha2/x86_64/sha512_avx2_asm.S"
