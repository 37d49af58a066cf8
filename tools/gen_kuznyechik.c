/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Throw-away generator of lib/kuznyechik/kuznyechik_const.c, the constants every
 * Kuznyechik kernel derives from GOST R 34.12-2015 (RFC 7801): it checks
 * pi, then prints pi, its inverse, the key-schedule constants C_i, the
 * algebraic normal form of both S-boxes for the bitsliced kernel and the
 * GF2P8AFFINEQB matrices and PSHUFB nibble tables of the constant
 * multiplications in L, the PSHUFB tables of the decomposed S-box
 * (lib/kuznyechik/kuznyechik_sd.h), checked against pi, and the images of
 * L that the AVX2 kernel's one-block path sums, checked against L.
 *
 *   cc -O2 -Ilib -o gen tools/gen_kuznyechik.c && ./gen > lib/kuznyechik/kuznyechik_const.c
 *
 * Not built by make: the output is committed. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kuznyechik/kuznyechik_sd.h"

/* pi' of RFC 7801 section 4.1 (GOST R 34.12-2015 section 4.1.1). */
static const uint8_t pi[256] = {
    252, 238, 221, 17,  207, 110, 49,  22,  251, 196, 250, 218, 35,  197, 4,   77,
    233, 119, 240, 219, 147, 46,  153, 186, 23,  54,  241, 187, 20,  205, 95,  193,
    249, 24,  101, 90,  226, 92,  239, 33,  129, 28,  60,  66,  139, 1,   142, 79,
    5,   132, 2,   174, 227, 106, 143, 160, 6,   11,  237, 152, 127, 212, 211, 31,
    235, 52,  44,  81,  234, 200, 72,  171, 242, 42,  104, 162, 253, 58,  206, 204,
    181, 112, 14,  86,  8,   12,  118, 18,  191, 114, 19,  71,  156, 183, 93,  135,
    21,  161, 150, 41,  16,  123, 154, 199, 243, 145, 120, 111, 157, 158, 178, 177,
    50,  117, 25,  61,  255, 53,  138, 126, 109, 84,  198, 128, 195, 189, 13,  87,
    223, 245, 36,  169, 62,  168, 67,  201, 215, 121, 214, 246, 124, 34,  185, 3,
    224, 15,  236, 222, 122, 148, 176, 188, 220, 232, 40,  80,  78,  51,  10,  74,
    167, 151, 96,  115, 30,  0,   98,  68,  26,  184, 56,  130, 100, 159, 38,  65,
    173, 69,  70,  146, 39,  94,  85,  47,  140, 163, 165, 125, 105, 213, 149, 59,
    7,   88,  179, 64,  134, 172, 29,  247, 48,  55,  107, 228, 136, 217, 231, 137,
    225, 27,  131, 73,  76,  63,  248, 254, 141, 83,  170, 144, 202, 216, 133, 97,
    32,  113, 103, 164, 45,  43,  9,   91,  203, 155, 37,  208, 190, 229, 108, 82,
    89,  166, 116, 210, 230, 244, 180, 192, 209, 102, 175, 194, 57,  75,  99,  182,
};

/* The coefficients of l (RFC 7801 section 4.1.2) by byte position in
 * memory order: position 0 is a_15, the most significant byte. */
static const uint8_t lcoef[16] = { 148, 32, 133, 16, 194, 192, 1, 251,
                                   1, 192, 194, 16, 133, 32, 148, 1 };

/* GF(2^8) modulo p(x) = x^8 + x^7 + x^6 + x + 1. */
static uint8_t gmul(uint8_t a, uint8_t b)
{
    uint8_t r = 0;
    while (b) {
        if (b & 1)
            r ^= a;
        a = (uint8_t)((a << 1) ^ ((a & 0x80) ? 0xC3 : 0));
        b >>= 1;
    }
    return r;
}

/* R: the new first byte is l(a), the others move one place on. */
static void lin(uint8_t a[16])
{
    for (int r = 0; r < 16; r++) {
        uint8_t x = 0;
        for (int j = 0; j < 16; j++)
            x ^= gmul(lcoef[j], a[j]);
        memmove(a + 1, a, 15);
        a[0] = x;
    }
}


/*
 * The decomposition of pi published by A. Biryukov, L. Perrin and
 * A. Udovenko ("Reverse-engineering the S-box of Streebog, Kuznyechik and
 * STRIBOBr1", EUROCRYPT 2016): with the 8x8 binary matrices alpha and
 * omega, GF(2^4) modulo x^4 + x^3 + 1 and the 4-bit maps below,
 *     (l, r) = alpha(x);  l = r ? nu1(l * r^-1) : nu0(l);
 *     r = sigma(r * phi(l));  pi(x) = omega(l, r).
 * main() checks it against pi before printing anything from it.
 */
static const uint8_t dnu0[16] = { 2, 5, 3, 11, 6, 9, 14, 10, 0, 4, 15, 1, 8, 13, 12, 7 };
static const uint8_t dnu1[16] = { 7, 6, 12, 9, 0, 15, 8, 1, 4, 5, 11, 14, 13, 2, 3, 10 };
static const uint8_t dsigma[16] = { 12, 13, 0, 4, 8, 11, 10, 14, 3, 9, 5, 2, 15, 1, 6, 7 };
static const uint8_t dphi[16] = { 11, 2, 11, 8, 12, 4, 1, 12, 6, 3, 5, 8, 14, 3, 6, 11 };
/* Row i is output bit 7 - i; its bit 7 - j is the coefficient of input
 * bit 7 - j (the paper's matrices, most significant bit first). */
static const uint8_t dalpha[8] = { 0x08, 0x41, 0x43, 0xef, 0x8a, 0x44, 0x1a, 0x20 };
static const uint8_t domega[8] = { 0x0a, 0x04, 0x20, 0x9a, 0x08, 0x44, 0x82, 0x01 };

static uint8_t bmat(const uint8_t m[8], uint8_t a)
{
    uint8_t r = 0;
    for (int i = 0; i < 8; i++)
        r |= (uint8_t)(__builtin_parity(m[i] & a) << (7 - i));
    return r;
}

static uint8_t gmul4(uint8_t a, uint8_t b)
{
    uint8_t r = 0;
    for (; b; b >>= 1) {
        if (b & 1)
            r ^= a;
        a = (uint8_t)((a & 8) ? ((a << 1) ^ 0x19) & 15 : a << 1);
    }
    return r;
}


/* GF(2^8) modulo x^8 + x^4 + x^3 + x + 1, the field of GF2P8MULB. */
static uint8_t amul(uint8_t a, uint8_t b)
{
    uint8_t r = 0;
    for (; b; b >>= 1) {
        if (b & 1)
            r ^= a;
        a = (uint8_t)((a << 1) ^ ((a & 0x80) ? 0x1b : 0));
    }
    return r;
}

/* The GF2P8AFFINEQB matrix of a GF(2)-linear map of bytes given by its
 * images of 1, 2, 4, ..., 128. */
static uint64_t gfni_matrix(const uint8_t img[8])
{
    uint64_t m = 0;
    for (int i = 0; i < 8; i++) {
        uint8_t row = 0;
        for (int j = 0; j < 8; j++)
            row |= (uint8_t)(((img[j] >> i) & 1) << j);
        m |= (uint64_t)row << (8 * (7 - i));
    }
    return m;
}

/* R^16 and its inverse with @d added to every new byte: the recurrence of
 * the AVX2 kernel's L when its Horner offset is left in (kuznyechik_sd.h). */
static void lin_off(uint8_t a[16], uint8_t d)
{
    for (int r = 0; r < 16; r++) {
        uint8_t x = d;
        for (int j = 0; j < 16; j++)
            x ^= gmul(lcoef[j], a[j]);
        memmove(a + 1, a, 15);
        a[0] = x;
    }
}

static void lin_inv_off(uint8_t a[16], uint8_t d)
{
    for (int r = 0; r < 16; r++) {
        uint8_t x = (uint8_t)(d ^ gmul(lcoef[15], a[0]));
        for (int j = 0; j < 15; j++)
            x ^= gmul(lcoef[j], a[j + 1]);
        memmove(a, a + 1, 15);
        a[15] = x;
    }
}

/* Algebraic normal form (Moebius transform) of output bit @b of @sbox:
 * anf[m] = 1 if the monomial prod_{i in m} x_i appears. */
static void anf_of(const uint8_t *sbox, int b, uint8_t anf[256])
{
    for (int x = 0; x < 256; x++)
        anf[x] = (sbox[x] >> b) & 1;
    for (int i = 0; i < 8; i++)
        for (int x = 0; x < 256; x++)
            if (x & (1 << i))
                anf[x] ^= anf[x ^ (1 << i)];
}

static void print_bytes(const char *name, const uint8_t *p, int n)
{
    printf("const uint8_t %s[%d] = {", name, n);
    for (int i = 0; i < n; i++)
        printf("%s0x%02x,", i % 12 ? " " : "\n    ", p[i]);
    printf("\n};\n\n");
}

static void print_rows(const char *name, const uint8_t (*rows)[16], int n)
{
    printf("const uint8_t %s[%d][16] = {\n", name, n);
    for (int i = 0; i < n; i++) {
        printf("    {");
        for (int j = 0; j < 16; j++)
            printf("%s0x%02x", j ? ", " : " ", rows[i][j]);
        printf(" },\n");
    }
    printf("};\n");
}

static void print_anf(const char *name, const uint8_t *sbox)
{
    uint8_t list[8 * 256];
    unsigned off[9], n = 0;
    for (int b = 0; b < 8; b++) {
        uint8_t anf[256];
        anf_of(sbox, b, anf);
        off[b] = n;
        for (int m = 0; m < 256; m++)
            if (anf[m])
                list[n++] = (uint8_t)m;
    }
    off[8] = n;
    printf("const uint16_t %s_off[9] = {", name);
    for (int b = 0; b < 9; b++)
        printf("%s%u", b ? ", " : " ", off[b]);
    printf(" };\n");
    print_bytes(name, list, (int)n);
}

int main(void)
{
    uint8_t inv[256], seen[256] = { 0 };
    for (int x = 0; x < 256; x++) {
        if (seen[pi[x]]++) {
            fprintf(stderr, "pi is not a permutation (%d)\n", pi[x]);
            return 1;
        }
        inv[pi[x]] = (uint8_t)x;
    }
    /* C_i = L(Vec_128(i)); RFC 7801 5.2 gives C_1. */
    uint8_t c[32][16];
    for (int i = 0; i < 32; i++) {
        memset(c[i], 0, 16);
        c[i][15] = (uint8_t)(i + 1);
        lin(c[i]);
    }
    static const uint8_t c1[16] = { 0x6e, 0xa2, 0x76, 0x72, 0x6c, 0x48, 0x7a, 0xb8,
                                    0x5d, 0x27, 0xbd, 0x10, 0xdd, 0x84, 0x94, 0x01 };
    if (memcmp(c[0], c1, 16) != 0) {
        fprintf(stderr, "C_1 does not match RFC 7801\n");
        return 1;
    }
    printf("/* SPDX-License-Identifier: LGPL-2.1-or-later */\n"
           "/* Kuznyechik constants (GOST R 34.12-2015, RFC 7801), generated by\n"
           " * tools/gen_kuznyechik.c from pi and the coefficients of l: do not edit. */\n"
           "#include \"kuznyechik/kuznyechik.h\"\n\n");
    printf("/* pi (RFC 7801 4.1) and its inverse. */\n");
    print_bytes("axiom_kuz_pi", pi, 256);
    print_bytes("axiom_kuz_pi_inv", inv, 256);
    printf("/* Key-schedule constants C_1..C_32 = L(Vec_128(i)), in memory order. */\n");
    print_rows("axiom_kuz_c", (const uint8_t(*)[16])c, 32);
    printf("\n");
    printf("/* Algebraic normal form of pi and pi^-1: the monomials (as bit masks of\n"
           " * the input bits; 0 is the constant 1) of output bit b are entries\n"
           " * off[b] .. off[b + 1] - 1. */\n");
    print_anf("axiom_kuz_anf_pi", pi);
    print_anf("axiom_kuz_anf_pi_inv", inv);

    /* GF2P8AFFINEQB matrix of y = k * x: output bit i is the parity of
     * matrix byte 7 - i AND x, so that byte holds bit i of k * 2^j at
     * bit j. */
    static const uint8_t kmul[7] = { 148, 32, 133, 16, 194, 192, 251 };
    printf("/* GF2P8AFFINEQB matrices of the multiplications by 148, 32, 133, 16, 194,\n"
           " * 192 and 251 modulo x^8 + x^7 + x^6 + x + 1. */\n");
    printf("const uint64_t axiom_kuz_gfni_mul[7] = {\n");
    for (int k = 0; k < 7; k++) {
        uint64_t m = 0;
        for (int i = 0; i < 8; i++) {
            uint8_t row = 0;
            for (int j = 0; j < 8; j++)
                row |= (uint8_t)(((gmul(kmul[k], (uint8_t)(1 << j)) >> i) & 1) << j);
            m |= (uint64_t)row << (8 * (7 - i));
        }
        printf("    UINT64_C(0x%016llx),\n", (unsigned long long)m);
    }
    printf("};\n\n");

    /* PSHUFB tables of the same multiplications: k * n and k * (n << 4)
     * for the low and high nibble n. */
    printf("/* k * n and k * 16n for nibbles n, k = 148, 32, 133, 16, 194, 192, 251. */\n");
    printf("const uint8_t axiom_kuz_nibmul[7][2][16] = {\n");
    for (int k = 0; k < 7; k++) {
        printf("    {");
        for (int h = 0; h < 2; h++) {
            printf("%s{", h ? ",\n     " : " ");
            for (int n = 0; n < 16; n++)
                printf("%s0x%02x", n ? ", " : " ", gmul(kmul[k], (uint8_t)(h ? n << 4 : n)));
            printf(" }");
        }
        printf(" },\n");
    }
    printf("};\n");
    /* PSHUFB tables of the decomposed pi and pi^-1 (kuznyechik.h).  Logs
     * to base 2 (a generator of GF(2^4)*); the log of 0 is 0xf0, so that
     * a saturating sum with it keeps bit 7 and PSHUFB gives 0. */
    uint8_t ex[16] = { 0 }, lg[16], ialpha[256], iomega[256], inu0[16], inu1[16], isig[16];
    lg[0] = 0xf0;
    for (int k = 0, v = 1; k < 15; k++) {
        ex[k] = (uint8_t)v;
        lg[v] = (uint8_t)k;
        v = gmul4((uint8_t)v, 2);
    }
    for (int x = 0; x < 256; x++) {
        uint8_t y = bmat(dalpha, (uint8_t)x);
        unsigned l = y >> 4, r = y & 15;
        l = r ? dnu1[gmul4((uint8_t)l, ex[(15 - lg[r]) % 15])] : dnu0[l];
        r = dsigma[gmul4((uint8_t)r, dphi[l])];
        if (bmat(domega, (uint8_t)(l << 4 | r)) != pi[x]) {
            fprintf(stderr, "the decomposition of pi does not match at %d\n", x);
            return 1;
        }
        ialpha[bmat(dalpha, (uint8_t)x)] = (uint8_t)x;
        iomega[bmat(domega, (uint8_t)x)] = (uint8_t)x;
    }
    for (int v = 0; v < 16; v++) {
        inu0[dnu0[v]] = (uint8_t)v;
        inu1[dnu1[v]] = (uint8_t)v;
        isig[dsigma[v]] = (uint8_t)v;
    }
    const uint8_t o1 = dnu1[0], o2 = dsigma[0];
    uint8_t t[2][AXIOM_KUZ_SD_N][16];
    memset(t, 0, sizeof t);
    for (int n = 0; n < 16; n++) {
        uint8_t *e = &t[0][0][0] + n, *d = &t[1][0][0] + n;
#define E(i) e[16 * (i)]
#define D(i) d[16 * (i)]
        E(AXIOM_KUZ_SD_IN_LO_L) = (uint8_t)(bmat(dalpha, (uint8_t)n) >> 4);
        E(AXIOM_KUZ_SD_IN_HI_L) = (uint8_t)(bmat(dalpha, (uint8_t)(n << 4)) >> 4);
        E(AXIOM_KUZ_SD_IN_LO_R) = bmat(dalpha, (uint8_t)n) & 15;
        E(AXIOM_KUZ_SD_IN_HI_R) = bmat(dalpha, (uint8_t)(n << 4)) & 15;
        E(AXIOM_KUZ_SD_LOG) = lg[n];
        E(AXIOM_KUZ_SD_E_LOGINV) = n ? (uint8_t)((15 - lg[n]) % 15) : 0xf0;
        E(AXIOM_KUZ_SD_E_NU1EXP) = n < 15 ? dnu1[ex[n]] ^ o1 : 0;
        E(AXIOM_KUZ_SD_NZ) = n ? 0x80 : 0;
        E(AXIOM_KUZ_SD_E_NU0) = dnu0[n] ^ o1;
        E(AXIOM_KUZ_SD_E_LOGPHI) = lg[dphi[n ^ o1]];
        E(AXIOM_KUZ_SD_E_SIGEXP) = n < 15 ? dsigma[ex[n]] ^ o2 : 0;
        E(AXIOM_KUZ_SD_OUT_L) = bmat(domega, (uint8_t)(n << 4)) ^ bmat(domega, (uint8_t)(o1 << 4 | o2));
        E(AXIOM_KUZ_SD_OUT_R) = bmat(domega, (uint8_t)n);
        D(AXIOM_KUZ_SD_IN_LO_L) = (uint8_t)(iomega[n] >> 4);
        D(AXIOM_KUZ_SD_IN_HI_L) = (uint8_t)(iomega[n << 4] >> 4);
        D(AXIOM_KUZ_SD_IN_LO_R) = iomega[n] & 15;
        D(AXIOM_KUZ_SD_IN_HI_R) = iomega[n << 4] & 15;
        D(AXIOM_KUZ_SD_LOG) = lg[n];
        D(AXIOM_KUZ_SD_D_LOGSIGINV) = lg[isig[n]];
        D(AXIOM_KUZ_SD_D_LOGPHIINV) = (uint8_t)((15 - lg[dphi[n]]) % 15);
        D(AXIOM_KUZ_SD_D_EXP) = ex[n];
        D(AXIOM_KUZ_SD_D_LOGNU1INV) = lg[inu1[n]];
        D(AXIOM_KUZ_SD_NZ) = n ? 0x80 : 0;
        D(AXIOM_KUZ_SD_D_NU0INV) = inu0[n];
        D(AXIOM_KUZ_SD_OUT_L) = ialpha[n << 4];
        D(AXIOM_KUZ_SD_OUT_R) = ialpha[n];
#undef E
#undef D
    }
    /* The same in the polynomial basis of g (kuznyechik_sd.h): bytes
     * in and out are g-basis representations. */
    uint8_t torep[256], fromrep[256], gp[9];
    gp[0] = 1;
    for (int i = 1; i < 9; i++)
        gp[i] = gmul(gp[i - 1], AXIOM_KUZ_GB_G);
    for (int c = 0; c < 256; c++) {
        uint8_t v = 0;
        for (int i = 0; i < 8; i++)
            if (c >> i & 1)
                v ^= gp[i];
        fromrep[c] = v;
    }
    memset(torep, 0, sizeof torep);
    for (int c = 0; c < 256; c++)
        torep[fromrep[c]] = (uint8_t)c;
    for (int c = 1; c < 256; c++)
        if (fromrep[c] == 0) {
            fprintf(stderr, "the powers of g are not a basis\n");
            return 1;
        }
    uint8_t gdelta = 0;
    for (int b = 0; b < 7; b++)
        gdelta ^= gmul(gp[8], gp[b]);
    if (torep[gp[8]] != AXIOM_KUZ_GB_R || torep[gdelta] != AXIOM_KUZ_GB_DELTA) {
        fprintf(stderr, "AXIOM_KUZ_GB_R/DELTA should be 0x%02x/0x%02x\n", torep[gp[8]],
                torep[gdelta]);
        return 1;
    }
    /* the grouping of avx2_l (lib/kuznyechik/x86_64/kuznyechik_avx2.c) */
    static const uint8_t grep[7] = { 0x03, 0x1c, 0x18, 0x1a, 0x68, 0x2d, 0xd5 };
    for (int k = 0; k < 7; k++)
        if (torep[kmul[k]] != grep[k] || torep[1] != 1) {
            fprintf(stderr, "coefficient %d is 0x%02x in the g basis\n", kmul[k], torep[kmul[k]]);
            return 1;
        }
    /* L as a matrix over GF2P8MULB's field: phi maps GF(2)[x] / p(x) onto
     * GF(2)[x] / (x^8 + x^4 + x^3 + x + 1) by x -> beta, a root of p there
     * (the first in numeric order); column j of L is L(e_j). */
    uint8_t beta = 0, bp[8], phi[256], iphi[256];
    for (int b = 2; b < 256 && !beta; b++) {
        uint8_t b2 = amul((uint8_t)b, (uint8_t)b), b4 = amul(b2, b2), b8 = amul(b4, b4);
        uint8_t b6 = amul(b4, b2), b7 = amul(b6, (uint8_t)b);
        if ((b8 ^ b7 ^ b6 ^ b ^ 1) == 0)
            beta = (uint8_t)b;
    }
    bp[0] = 1;
    for (int i = 1; i < 8; i++)
        bp[i] = amul(bp[i - 1], beta);
    for (int v = 0; v < 256; v++) {
        uint8_t y = 0;
        for (int i = 0; i < 8; i++)
            if (v >> i & 1)
                y ^= bp[i];
        phi[v] = y;
        iphi[y] = (uint8_t)v;
    }
    /* [0], [1]: pi, pi^-1 in the g basis; [2], [3]: pi, pi^-1 in phi's (the
     * AES field) */
    /* Without the Horner offset's correction L comes out as L(x) + D and
     * L^-1 as L^-1(x) + D'; the kernel adds D, and E = L(D'), to the
     * round keys instead. */
    uint8_t goff[2][16];
    for (int trial = 0; trial < 100; trial++) {
        uint8_t x[16], y[16], z[16];
        for (int i = 0; i < 16; i++)
            x[i] = (uint8_t)(rand() >> 7);
        memcpy(y, x, 16);
        memcpy(z, x, 16);
        lin(y);
        lin_off(z, 0);
        lin_inv_off(z, 0);
        if (memcmp(z, x, 16) != 0 || (lin_off(x, 0), memcmp(x, y, 16) != 0)) {
            fprintf(stderr, "lin_off/lin_inv_off do not match L\n");
            return 1;
        }
    }
    memset(goff, 0, sizeof goff);
    lin_off(goff[0], gdelta);
    lin_inv_off(goff[1], gdelta);
    lin(goff[1]);
    for (int i = 0; i < 16; i++) {
        goff[0][i] = torep[goff[0][i]];
        goff[1][i] = torep[goff[1][i]];
    }
    uint8_t tg[4][AXIOM_KUZ_SD_N][16];
    for (int ww = 0; ww < 4; ww++)
        for (int i = 0; i < AXIOM_KUZ_SD_N; i++)
            for (int n = 0; n < 16; n++) {
                const int w = ww & 1;
                const uint8_t *to = ww < 2 ? torep : phi, *from = ww < 2 ? fromrep : iphi;
                uint8_t v = t[w][i][n];
                if (i == AXIOM_KUZ_SD_IN_LO_L || i == AXIOM_KUZ_SD_IN_LO_R ||
                    i == AXIOM_KUZ_SD_IN_HI_L || i == AXIOM_KUZ_SD_IN_HI_R) {
                    /* nibble tables of a linear map: take the input from the g basis */
                    const int hi = i == AXIOM_KUZ_SD_IN_HI_L || i == AXIOM_KUZ_SD_IN_HI_R;
                    const int left = i == AXIOM_KUZ_SD_IN_LO_L || i == AXIOM_KUZ_SD_IN_HI_L;
                    uint8_t x = from[hi ? n << 4 : n];
                    uint8_t y = w ? iomega[x] : bmat(dalpha, x);
                    v = left ? (uint8_t)(y >> 4) : y & 15;
                } else if (i == AXIOM_KUZ_SD_OUT_L || i == AXIOM_KUZ_SD_OUT_R) {
                    v = to[v];
                }
                tg[ww][i][n] = v;
            }
    printf("\n/* PSHUFB tables of the decomposition of pi (AXIOM_KUZ_SD_*): pi and\n"
           " * pi^-1 on bytes, then on their representations in the basis of g,\n"
           " * then pi and pi^-1 on bytes mapped by phi (below). */\n");
    printf("const uint8_t axiom_kuz_sdec[6][AXIOM_KUZ_SD_N][16] = {\n");
    for (int w = 0; w < 6; w++) {
        printf("    {\n");
        for (int i = 0; i < AXIOM_KUZ_SD_N; i++) {
            printf("        {");
            for (int n = 0; n < 16; n++)
                printf("%s0x%02x", n ? ", " : " ", w < 2 ? t[w][i][n] : tg[w - 2][i][n]);
            printf(" },\n");
        }
        printf("    },\n");
    }
    printf("};\n");
    printf("\n/* Bytes to their g-basis representations and back, by nibbles. */\n");
    printf("const uint8_t axiom_kuz_gbasis[4][16] = {\n");
    for (int w = 0; w < 4; w++) {
        printf("    {");
        for (int n = 0; n < 16; n++) {
            uint8_t x = (uint8_t)(w & 1 ? n << 4 : n);
            printf("%s0x%02x", n ? ", " : " ", w < 2 ? torep[x] : fromrep[x]);
        }
        printf(" },\n");
    }
    printf("};\n");
    /* CTR's first round (kuznyechik_avx2.c): only bytes 14 and 15 of the
     * counter blocks of a batch differ, so L's columns 14 and 15 suffice,
     * as products in the g basis by nibble tables: [i][0], [i][1] the low
     * and high nibble times L(e_14)_i, [i][2], [i][3] times L(e_15)_i. */
    uint8_t lc[2][16];
    for (int j = 0; j < 2; j++) {
        memset(lc[j], 0, 16);
        lc[j][14 + j] = 1;
        lin(lc[j]);
    }
    printf("\n/* Bytes 14 and 15 of a block through L, in the g basis, by nibbles:\n"
           " * [i][2j + h] is n * L(e_(14+j))_i for the low (h = 0) or high nibble n. */\n");
    printf("const uint8_t axiom_kuz_gctr[16][4][16] = {\n");
    for (int i = 0; i < 16; i++) {
        printf("    {");
        for (int w = 0; w < 4; w++) {
            printf("%s{", w ? ",\n     " : " ");
            for (int n = 0; n < 16; n++)
                printf("%s0x%02x", n ? ", " : " ",
                       torep[gmul(lc[w >> 1][i], fromrep[w & 1 ? n << 4 : n])]);
            printf(" }");
        }
        printf(" },\n");
    }
    printf("};\n");
    printf("\n/* In the g basis: D, added to every round key after the first for\n"
           " * encryption, and E = L(D'), for decryption (kuznyechik_avx2.c). */\n");
    printf("const uint8_t axiom_kuz_gboff[2][16] = {\n");
    for (int w = 0; w < 2; w++) {
        printf("    {");
        for (int n = 0; n < 16; n++)
            printf("%s0x%02x", n ? ", " : " ", goff[w][n]);
        printf(" },\n");
    }
    printf("};\n");

    /* The one-block L of the AVX2 kernel as a masked sum: the image under
     * L of g^b at byte j, in the g basis, bits b and b + 4 side by side. */
    uint8_t lbit[4][16][32];
    for (int b = 0; b < 8; b++)
        for (int j = 0; j < 16; j++) {
            uint8_t e[16] = { 0 };
            e[j] = gp[b];
            lin(e);
            for (int i = 0; i < 16; i++)
                lbit[b & 3][j][16 * (b >> 2) + i] = torep[e[i]];
        }
    for (int trial = 0; trial < 1000; trial++) {
        uint8_t x[16], y[16] = { 0 };
        for (int i = 0; i < 16; i++)
            x[i] = (uint8_t)(rand() >> 7);
        for (int j = 0; j < 16; j++)
            for (int b = 0; b < 8; b++)
                if (torep[x[j]] >> b & 1)
                    for (int i = 0; i < 16; i++)
                        y[i] ^= lbit[b & 3][j][16 * (b >> 2) + i];
        lin(x);
        for (int i = 0; i < 16; i++)
            if (fromrep[y[i]] != x[i]) {
                fprintf(stderr, "the masked sum does not match L\n");
                return 1;
            }
    }
    printf("\n/* L of g^b at byte j, in the g basis: [b][j] holds the image of bit b of\n"
           " * byte j in bytes 0..15 and that of bit b + 4 in bytes 16..31\n"
           " * (kuznyechik_avx2.c, one block as a masked sum). */\n");
    printf("const uint8_t axiom_kuz_glbit[4][16][32] = {\n");
    for (int b = 0; b < 4; b++) {
        printf("    {\n");
        for (int j = 0; j < 16; j++) {
            printf("        {");
            for (int n = 0; n < 32; n++)
                printf("%s0x%02x", n ? (n == 16 ? ",\n         " : ", ") : " ", lbit[b][j][n]);
            printf(" },\n");
        }
        printf("    },\n");
    }
    printf("};\n");

    /* Column j of L is L(e_j). */
    uint8_t col[16][16];
    for (int j = 0; j < 16; j++) {
        uint8_t e[16] = { 0 };
        e[j] = 1;
        lin(e);
        for (int i = 0; i < 16; i++)
            col[j][i] = phi[e[i]];
    }
    for (int trial = 0; trial < 1000; trial++) {
        uint8_t x[16], y[16] = { 0 };
        for (int i = 0; i < 16; i++)
            x[i] = (uint8_t)(rand() >> 7);
        for (int j = 0; j < 16; j++)
            for (int i = 0; i < 16; i++)
                y[i] ^= amul(phi[x[j]], col[j][i]);
        lin(x);
        for (int i = 0; i < 16; i++)
            if (iphi[y[i]] != x[i] || gmul(x[i], 7) != iphi[amul(phi[x[i]], phi[7])]) {
                fprintf(stderr, "L over GF2P8MULB's field does not match\n");
                return 1;
            }
    }
    uint8_t img[2][8];
    for (int j = 0; j < 8; j++) {
        img[0][j] = phi[1 << j];
        img[1][j] = iphi[1 << j];
    }
    printf("\n/* GF2P8AFFINEQB matrices of phi, bytes to GF2P8MULB's field (x -> 0x%02x),\n"
           " * and of phi^-1. */\n", beta);
    printf("const uint64_t axiom_kuz_gfni_phi[2] = {\n");
    for (int w = 0; w < 2; w++)
        printf("    UINT64_C(0x%016llx),\n", (unsigned long long)gfni_matrix(img[w]));
    printf("};\n");
    printf("\n/* Column j of L, L(e_j), mapped by phi: L(x) = phi^-1(sum_j phi(x_j) col_j)\n"
           " * with GF2P8MULB products. */\n");
    print_rows("axiom_kuz_gfni_lcol", (const uint8_t(*)[16])col, 16);

    /* The same for L^-1: column j is L^-1(e_j). */
    for (int j = 0; j < 16; j++) {
        uint8_t e[16] = { 0 };
        e[j] = 1;
        lin_inv_off(e, 0);
        for (int i = 0; i < 16; i++)
            col[j][i] = phi[e[i]];
    }
    for (int trial = 0; trial < 1000; trial++) {
        uint8_t x[16], y[16] = { 0 }, z[16];
        for (int i = 0; i < 16; i++)
            x[i] = (uint8_t)(rand() >> 7);
        for (int j = 0; j < 16; j++)
            for (int i = 0; i < 16; i++)
                y[i] ^= amul(phi[x[j]], col[j][i]);
        for (int i = 0; i < 16; i++)
            z[i] = iphi[y[i]];
        lin(z);
        if (memcmp(z, x, 16) != 0) {
            fprintf(stderr, "L^-1 over GF2P8MULB's field does not match\n");
            return 1;
        }
    }
    printf("\n/* Column j of L^-1, L^-1(e_j), mapped by phi likewise. */\n");
    print_rows("axiom_kuz_gfni_lcol_inv", (const uint8_t(*)[16])col, 16);

    /* L as a 16 x 16 matrix over the field, lm[o][i] = L(e_i)[o], for
     * MGM's first round (kuznyechik_avx512.c): row o, column 8 + k for the
     * Y blocks in qwords 0..3 and column k for the Z blocks in qwords 4..7,
     * each as the GF2P8AFFINEQB matrix of the product (as above). */
    uint8_t lm[16][16];
    for (int i = 0; i < 16; i++) {
        uint8_t e[16] = { 0 };
        e[i] = 1;
        lin(e);
        for (int o = 0; o < 16; o++)
            lm[o][i] = e[o];
    }
    for (int trial = 0; trial < 1000; trial++) {
        uint8_t x[16], y[16] = { 0 };
        for (int i = 0; i < 16; i++)
            x[i] = (uint8_t)(rand() >> 7);
        for (int o = 0; o < 16; o++)
            for (int i = 0; i < 16; i++)
                y[o] ^= gmul(lm[o][i], x[i]);
        lin(x);
        if (memcmp(x, y, 16) != 0) {
            fprintf(stderr, "L as a matrix does not match\n");
            return 1;
        }
    }
    printf("\n/* GF2P8AFFINEQB matrices of L's coefficients for MGM's first round:\n"
           " * [o][k] is L[o][8 + k] four times (Y blocks), then L[o][k] four times\n"
           " * (Z blocks), L[o][i] the coefficient of input byte i in output byte o. */\n");
    printf("const uint64_t axiom_kuz_gfni_lmgm[16][8][8] = {\n");
    for (int o = 0; o < 16; o++) {
        printf("    {\n");
        for (int k = 0; k < 8; k++) {
            uint64_t m[2];
            for (int h = 0; h < 2; h++) {
                uint8_t img[8];
                for (int j = 0; j < 8; j++)
                    img[j] = gmul(lm[o][h ? k : 8 + k], (uint8_t)(1 << j));
                m[h] = gfni_matrix(img);
            }
            printf("        {");
            for (int q = 0; q < 8; q++)
                printf("%sUINT64_C(0x%016llx),", q % 3 ? " " : "\n            ",
                       (unsigned long long)m[q / 4]);
            printf("\n        },\n");
        }
        printf("    },\n");
    }
    printf("};\n");
    return 0;
}
