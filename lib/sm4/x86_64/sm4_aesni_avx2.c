/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SM4 block-cipher kernel for x86-64 CPUs with AES-NI and AVX2: the S-box
 * through its affine equivalence with the AES S-box (lib/sm4/sm4.h),
 * S(x) = M3 SubBytes(M1 x + c1) + c3, SubBytes being AESENCLAST (with a
 * zero round key, or the bulk rounds' mask key) after an inverse ShiftRows
 * shuffle.  The state is kept in the
 * y domain of lib/sm4/sm4.h (no input affine map per round); the output map
 * and L become three PSHUFB nibble-table maps of the SubBytes output, three
 * byte rotations and XORs (lib/sm4/x86_64/sm4_aes_avx2.h).
 *
 * The bulk of ECB, CTR, CBC and CFB decryption, 128 blocks per
 * iteration, byte-sliced (lib/sm4/x86_64/sm4_aes_bs.h: four groups of 32
 * blocks, one byte of every block per ymm register, so that the byte
 * rotations of L are register choices).  What is left after it: 8 blocks
 * per set of four ymm words (two AESENCLAST on the xmm halves per S-box
 * layer; lib/sm4/x86_64/sm4_vaes_avx2.c is the same kernel with one
 * VAESENCLAST), eight sets (64 blocks) per iteration, their 32 rounds
 * in inline assembly with the state in memory and the round keys folded
 * into masks and the SubBytes round key (lib/sm4/x86_64/sm4_aes_avx2.h); 2
 * to 7 remaining sets through one more assembly iteration of 2, 4 or 8
 * sets, a single one in C; fewer than 8 blocks, the key
 * schedule and the serial modes on xmm (lib/sm4/x86_64/sm4_avx2_common.h).
 * Compiled in the AVX2 bundle with AES enabled for this file only:
 * VEX-encoded AES-NI on xmm, no VAES.
 *
 * Constant time: AES-NI and PSHUFB have no data-dependent timing, and no
 * branch or memory index depends on keys or data. */
#include "config.h"

#include <string.h>
#include <immintrin.h>

#include "axiom/cpu.h"
#include "core/bc.h"
#include "core/bc_modes.h"
#include "sm4/sm4.h"

#define SM4A(name) sm4ay_##name

/* SubBytes on both xmm halves (the inverse ShiftRows is applied before). */
static inline __m256i sm4ay_subbytes_y(__m256i u)
{
    __m128i lo = _mm_aesenclast_si128(_mm256_castsi256_si128(u), _mm_setzero_si128());
    __m128i hi = _mm_aesenclast_si128(_mm256_extracti128_si256(u, 1), _mm_setzero_si128());
    return _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
}

#define SM4A_SUBBYTES_Y sm4ay_subbytes_y
/* The same in the assembly round loop (lib/sm4/x86_64/sm4_aes_avx2.h): the
 * high half extracted first, since a VEX xmm write clears it. */
#define SM4A_ASM_SUBBYTES                        \
    "vextracti128 $1, %[u], %x[h]\n\t"          \
    "vaesenclast %x[a], %x[u], %x[u]\n\t"       \
    "vaesenclast %x[a], %x[h], %x[h]\n\t"       \
    "vinserti128 $1, %x[h], %[u], %[u]\n\t"
/* The same in the byte-sliced bulk rounds (lib/sm4/x86_64/sm4_aes_bs.h), on
 * slice k in register R: the high half through the slice's scratch
 * memory instead of VEXTRACTI128, a store and a load instead of a port-5
 * shuffle (round loop 7.56 -> 7.34 core cycles per round and 8 blocks,
 * measured in a throw-away harness; VINSERTI128 from memory as well made
 * it slower, 7.62, and again in session 8: 7.9-8.4 against 7.5-7.6, in a
 * noisy stretch). */
#define SM4B_ASM_SUBBYTES(R, k)                                   \
    "vmovdqu " SM4B_R(R) ", " SM4B_SCR(k * 32) "\n\t"             \
    "vmovdqu " SM4B_SCR(k * 32 + 16) ", %x[h]\n\t"                \
    "vaesenclast %x[a], " SM4B_X(R) ", " SM4B_X(R) "\n\t"         \
    "vaesenclast %x[a], %x[h], %x[h]\n\t"                         \
    "vinserti128 $1, %x[h], " SM4B_R(R) ", " SM4B_R(R) "\n\t"
#define SM4A_KERNEL axiom_sm4_aesni_avx2
#define SM4A_NAME "aesni-avx2"
#define SM4A_FEATURES (AXIOM_CPU_AESNI | AXIOM_CPU_AVX2)
#include "sm4/x86_64/sm4_aes_avx2.h"


