/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SHA-224 and SHA-256 (FIPS 180-4): constants and the portable
 * compression kernel (sha2/sha2_generic_tmpl.h on 32-bit words, constant
 * time). */
#include "config.h"

#include "sha2/hash.h"
#include "core/internal.h"

const uint32_t axiom_sha256_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

const axiom_hash_cv axiom_sha224_iv = { .w32 = {
    0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
    0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4,
} };

const axiom_hash_cv axiom_sha256_iv = { .w32 = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
} };

/* ---- portable kernel ---------------------------------------------------- */

#define ROR32(x, n) (((x) >> (n)) | ((x) << (32 - (n))))
#define BSIG0(x) (ROR32(x, 2) ^ ROR32(x, 13) ^ ROR32(x, 22))
#define BSIG1(x) (ROR32(x, 6) ^ ROR32(x, 11) ^ ROR32(x, 25))
#define SSIG0(x) (ROR32(x, 7) ^ ROR32(x, 18) ^ ((x) >> 3))
#define SSIG1(x) (ROR32(x, 17) ^ ROR32(x, 19) ^ ((x) >> 10))

typedef uint32_t sha2_word;
#define SHA2_LOAD(p) axiom_load32_be(p)
#define SHA2_BLOCK AXIOM_SHA256_BLOCK
#define SHA2_ROUNDS 64
#define SHA2_K axiom_sha256_k
#include "sha2/sha2_generic_tmpl.h"

const axiom_hash_kernel axiom_sha256_generic = {
    .name = "generic",
    .features = 0,
    .constant_time = 1,
    .desc = "portable SHA-256 compression",
    .lanes = 1,
    .block_cost = 480, /* ~7.5 cycles/byte (TSC, with SHA-NI/AVX off) */
    .compress = sha2_generic_compress,
    .compress_lanes = NULL,
    .block = AXIOM_SHA256_BLOCK,
};
