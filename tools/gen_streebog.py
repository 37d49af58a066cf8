#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# Throw-away generator of lib/streebog/streebog_const.c, the constants of the
# bitsliced GOST R 34.11-2012 (Streebog) compression function derived from
# the standard's matrix A and round constants C_1..C_12 (RFC 6986, 5.3-5.5),
# and of lib/streebog/streebog_sbox.h, pi (the S-box Streebog shares with
# Kuznyechik) as straight-line XORs of its algebraic normal form, read from
# lib/kuznyechik/kuznyechik_const.c.  From the source root:
#
#   python3 tools/gen_streebog.py > lib/streebog/streebog_const.c
#   python3 tools/gen_streebog.py --sbox > lib/streebog/streebog_sbox.h
#
# Not run by make: the output is committed.
#
# Layout (lib/streebog/streebog.c): a 512-bit value is 64 bytes, byte n
# the n-th least significant (byte k of 64-bit word r is n = 8r + k); its
# bitsliced form is eight words x[0..7], bit n of x[b] being bit b of
# byte n.

# A, in the order of RFC 6986 5.4: the first row is the image of the most
# significant bit of a 64-bit word, the last that of the least significant.
A_RFC = [
    0x8e20faa72ba0b470, 0x47107ddd9b505a38, 0xad08b0e0c3282d1c, 0xd8045870ef14980e,
    0x6c022c38f90a4c07, 0x3601161cf205268d, 0x1b8e0b0e798c13c8, 0x83478b07b2468764,
    0xa011d380818e8f40, 0x5086e740ce47c920, 0x2843fd2067adea10, 0x14aff010bdd87508,
    0x0ad97808d06cb404, 0x05e23c0468365a02, 0x8c711e02341b2d01, 0x46b60f011a83988e,
    0x90dab52a387ae76f, 0x486dd4151c3dfdb9, 0x24b86a840e90f0d2, 0x125c354207487869,
    0x092e94218d243cba, 0x8a174a9ec8121e5d, 0x4585254f64090fa0, 0xaccc9ca9328a8950,
    0x9d4df05d5f661451, 0xc0a878a0a1330aa6, 0x60543c50de970553, 0x302a1e286fc58ca7,
    0x18150f14b9ec46dd, 0x0c84890ad27623e0, 0x0642ca05693b9f70, 0x0321658cba93c138,
    0x86275df09ce8aaa8, 0x439da0784e745554, 0xafc0503c273aa42a, 0xd960281e9d1d5215,
    0xe230140fc0802984, 0x71180a8960409a42, 0xb60c05ca30204d21, 0x5b068c651810a89e,
    0x456c34887a3805b9, 0xac361a443d1c8cd2, 0x561b0d22900e4669, 0x2b838811480723ba,
    0x9bcf4486248d9f5d, 0xc3e9224312c8c1a0, 0xeffa11af0964ee50, 0xf97d86d98a327728,
    0xe4fa2054a80b329c, 0x727d102a548b194e, 0x39b008152acb8227, 0x9258048415eb419d,
    0x492c024284fbaec0, 0xaa16012142f35760, 0x550b8e9e21f7a530, 0xa48b474f9ef5dc18,
    0x70a6a56e2440598e, 0x3853dc371220a247, 0x1ca76e95091051ad, 0x0edd37c48a08a6d8,
    0x07e095624504536c, 0x8d70c431ac02a736, 0xc83862965601dd1b, 0x641c314b2b8ee083,]

# C_1..C_12 of RFC 6986 5.5 as 512-bit big-endian hex strings.
C_RFC = [
    "b1085bda1ecadae9ebcb2f81c0657c1f2f6a76432e45d016714eb88d7585c4fc"
    "4b7ce09192676901a2422a08a460d31505767436cc744d23dd806559f2a64507",
    "6fa3b58aa99d2f1a4fe39d460f70b5d7f3feea720a232b9861d55e0f16b50131"
    "9ab5176b12d699585cb561c2db0aa7ca55dda21bd7cbcd56e679047021b19bb7",
    "f574dcac2bce2fc70a39fc286a3d843506f15e5f529c1f8bf2ea7514b1297b7b"
    "d3e20fe490359eb1c1c93a376062db09c2b6f443867adb31991e96f50aba0ab2",
    "ef1fdfb3e81566d2f948e1a05d71e4dd488e857e335c3c7d9d721cad685e353f"
    "a9d72c82ed03d675d8b71333935203be3453eaa193e837f1220cbebc84e3d12e",
    "4bea6bacad4747999a3f410c6ca923637f151c1f1686104a359e35d7800fffbd"
    "bfcd1747253af5a3dfff00b723271a167a56a27ea9ea63f5601758fd7c6cfe57",
    "ae4faeae1d3ad3d96fa4c33b7a3039c02d66c4f95142a46c187f9ab49af08ec6"
    "cffaa6b71c9ab7b40af21f66c2bec6b6bf71c57236904f35fa68407a46647d6e",
    "f4c70e16eeaac5ec51ac86febf240954399ec6c7e6bf87c9d3473e33197a93c9"
    "0992abc52d822c3706476983284a05043517454ca23c4af38886564d3a14d493",
    "9b1f5b424d93c9a703e7aa020c6e41414eb7f8719c36de1e89b4443b4ddbc49a"
    "f4892bcb929b069069d18d2bd1a5c42f36acc2355951a8d9a47f0dd4bf02e71e",
    "378f5a541631229b944c9ad8ec165fde3a7d3a1b258942243cd955b7e00d0984"
    "800a440bdbb2ceb17b2b8a9aa6079c540e38dc92cb1f2a607261445183235adb",
    "abbedea680056f52382ae548b2e4f3f38941e71cff8a78db1fffe18a1b336103"
    "9fe76702af69334b7a1e6c303b7652f43698fad1153bb6c374b4c7fb98459ced",
    "7bcd9ed0efc889fb3002c6cd635afe94d8fa6bbbebab07612001802114846679"
    "8a1d71efea48b9caefbacd1d7d476e98dea2594ac06fd85d6bcaa4cd81f32d1b",
    "378ee767f11631bad21380b00449b17acda43c32bcdf1d77f82012d430219f9b"
    "5d80ef9d1891cc86e71da4aa88e12852faf417d5d9b21b9948bc924af11bd720",]

assert len(A_RFC) == 64 and len(C_RFC) == 12

# A[i]: the image under l of the word whose only set bit is bit i.
A = [A_RFC[63 - i] for i in range(64)]


def bitslice(value):
    """The eight words of the bitsliced form of a 512-bit integer."""
    data = value.to_bytes(64, "little")
    return [sum(((data[n] >> b) & 1) << n for n in range(64)) for b in range(8)]


def check_l():
    # l is linear and A[63] is the RFC's first row: the table is not
    # reversed by accident.
    assert A[63] == 0x8E20FAA72BA0B470 and A[0] == 0x641C314B2B8EE083


# T[k][j][jj]: for input bit i = 8k + j of a row, the bits 8kk + jj
# (kk = 0..7) of A[i] gathered into bit kk of one byte, repeated in all
# eight bytes; see the L step in lib/streebog/streebog.c.
def table_t():
    t = []
    for k in range(8):
        row = []
        for j in range(8):
            a = A[8 * k + j]
            cells = []
            for jj in range(8):
                byte = sum(((a >> (8 * kk + jj)) & 1) << kk for kk in range(8))
                cells.append(byte * 0x0101010101010101)
            row.append(cells)
        t.append(row)
    return t


def words(ws, indent):
    out = []
    for i in range(0, len(ws), 4):
        out.append(indent + " ".join("0x%016xu," % w for w in ws[i:i + 4]))
    return "\n".join(out)


def anf_lists():
    """pi's ANF: for each output bit, the monomials (input-bit masks)."""
    import re
    src = open("lib/kuznyechik/kuznyechik_const.c").read()
    off = re.search(r"axiom_kuz_anf_pi_off\[9\] = \{([^}]*)\}", src).group(1)
    off = [int(x) for x in off.split(",")]
    body = re.search(r"axiom_kuz_anf_pi\[\d+\] = \{([^}]*)\}", src).group(1)
    mono = [int(x, 16) for x in re.findall(r"0x[0-9a-fA-F]+", body)]
    assert len(mono) == off[8]
    return [mono[off[b]:off[b + 1]] for b in range(8)]


def check_anf(lists):
    # The ANF evaluated on every input is a permutation (pi's table is
    # checked where it is generated; here: nothing was lost in parsing).
    seen = set()
    for v in range(256):
        y = 0
        for b in range(8):
            bit = 0
            for m in lists[b]:
                bit ^= int(v & m == m)
            y |= bit << b
        seen.add(y)
    assert len(seen) == 256


def sbox_header():
    lists = anf_lists()
    check_anf(lists)
    print("/* SPDX-License-Identifier: LGPL-2.1-or-later */")
    print("/* pi as straight-line XORs of its algebraic normal form, generated by")
    print(" * tools/gen_streebog.py from lib/kuznyechik/kuznyechik_const.c: output bit")
    print(" * b of every lane is the XOR of the monomials m[mask] listed for it (m[0]")
    print(" * is the constant 1).  Included by lib/streebog/streebog.c only, after")
    print(" * its vector type sb_vec. */")
    print("#ifndef AXIOM_STREEBOG_SBOX_H")
    print("#define AXIOM_STREEBOG_SBOX_H")
    print()
    print("/* m[mask] = the AND of the input bits in mask (m[0] = all ones). */")
    print("static inline void streebog_monomials(sb_vec m[256], const sb_vec x[8])")
    print("{")
    print("    m[0] = (sb_vec){ ~(uint64_t)0, ~(uint64_t)0 };")
    for i in range(8):
        lo = 1 << i
        print("    m[0x%02x] = x[%d];" % (lo, i))
        for mm in range(lo + 1, 2 * lo):
            print("    m[0x%02x] = m[0x%02x] & x[%d];" % (mm, mm - lo, i))
    print("}")
    print()
    print("static inline void streebog_pi_anf(sb_vec y[8], const sb_vec m[256])")
    print("{")
    for b, lst in enumerate(lists):
        terms = ["m[0x%02x]" % x for x in lst]
        lines = []
        for i in range(0, len(terms), 8):
            lines.append(" ^ ".join(terms[i:i + 8]))
        print("    y[%d] = %s;" % (b, (" ^\n           ").join(lines).replace("\\n", "\n")))
    print("}")
    print()
    print("#endif")


def main():
    import sys
    if len(sys.argv) > 1 and sys.argv[1] == "--sbox":
        sbox_header()
        return
    check_l()
    print("/* SPDX-License-Identifier: LGPL-2.1-or-later */")
    print("/* Constants of the bitsliced Streebog compression function, generated by")
    print(" * tools/gen_streebog.py from RFC 6986's matrix A and constants C_i. */")
    print('#include "streebog/streebog.h"')
    print()
    print("/* C_1..C_12, bitsliced. */")
    print("const uint64_t axiom_streebog_c[12][8] = {")
    for c in C_RFC:
        print("    {")
        print(words(bitslice(int(c, 16)), "        "))
        print("    },")
    print("};")
    print()
    print("/* The L step's masks: [k][j][jj], each twice (both lanes of a vector),")
    print(" * see lib/streebog/streebog.c. */")
    print("_Alignas(16) const uint64_t axiom_streebog_t[8][8][8][2] = {")
    for row in table_t():
        print("    {")
        for cells in row:
            print("        {")
            for i in range(0, 8, 2):
                print("            " + " ".join("{ 0x%016xu, 0x%016xu }," % (c, c)
                                                 for c in cells[i:i + 2]))
            print("        },")
        print("    },")
    print("};")


main()
