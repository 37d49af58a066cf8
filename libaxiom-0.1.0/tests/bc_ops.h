/* SPDX-License-Identifier: GPL-2.0-or-later */
/* White-box tests: every operation of a block-cipher kernel (lib/core/bc.h) by
 * number, so that one loop can run them all against a reference. */
#ifndef AXIOM_TESTS_BC_OPS_H
#define AXIOM_TESTS_BC_OPS_H

#include <stddef.h>
#include <stdint.h>

#include "core/bc.h"

/* The first BC_NOPS_BLOCK operations exist in every kernel; the XTS ones
 * only in AES kernels. */
enum { OP_ECB_ENC, OP_ECB_DEC, OP_CBC_ENC, OP_CBC_DEC, OP_CFB_ENC, OP_CFB_DEC, OP_OFB, OP_CTR,
       OP_XTS_ENC, OP_XTS_DEC, BC_NOPS };
#define BC_NOPS_BLOCK OP_XTS_ENC

static const char *const opnames[BC_NOPS] = { "ecb_enc", "ecb_dec", "cbc_enc", "cbc_dec",
                                              "cfb_enc", "cfb_dec", "ofb",     "ctr",
                                              "xts_enc", "xts_dec" };

/* Operation @op of kernel @k over @n blocks; @iv is the chaining value,
 * counter or tweak (unused by ECB), updated as the kernel contract says. */
static inline void run_op(const axiom_bc_kernel *k, int op, const axiom_bc_ks *ks, uint8_t *out,
                          const uint8_t *in, size_t n, uint8_t iv[16])
{
    switch (op) {
    case OP_ECB_ENC: k->ecb_enc(ks, out, in, n); break;
    case OP_ECB_DEC: k->ecb_dec(ks, out, in, n); break;
    case OP_CBC_ENC: k->cbc_enc(ks, out, in, n, iv); break;
    case OP_CBC_DEC: k->cbc_dec(ks, out, in, n, iv); break;
    case OP_CFB_ENC: k->cfb_enc(ks, out, in, n, iv); break;
    case OP_CFB_DEC: k->cfb_dec(ks, out, in, n, iv); break;
    case OP_OFB: k->ofb(ks, out, in, n, iv); break;
    case OP_CTR: k->ctr(ks, out, in, n, iv); break;
    case OP_XTS_ENC: k->xts_enc(ks, out, in, n, iv); break;
    case OP_XTS_DEC: k->xts_dec(ks, out, in, n, iv); break;
    }
}

#endif
