/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The message buffering of CMAC (NIST SP 800-38B) and OMAC (GOST R 34.13
 * 5.6), shared by lib/cmac/cmac.c and OMAC-ACPKM (lib/acpkm/omac_acpkm.c):
 * the last block of a message is processed by the final with a subkey, so
 * the update holds back one block (1 to 16 bytes once data came) and
 * chains every block before it. */
#ifndef AXIOM_CMAC_BUF_H
#define AXIOM_CMAC_BUF_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Chains @n whole blocks at @in into the MAC's state. */
typedef void axiom_cmac_chain_fn(void *state, const uint8_t *in, size_t n);

/* Absorbs @len bytes at @in: the held-back block @buf (@buflen bytes) is
 * filled, and chained only when more data follows it. */
static inline void axiom_cmac_absorb(void *state, axiom_cmac_chain_fn *chain, uint8_t buf[16],
                                     size_t *buflen, const uint8_t *in, size_t len)
{
    if (*buflen < 16) {
        size_t n = 16 - *buflen;
        if (n > len)
            n = len;
        memcpy(buf + *buflen, in, n);
        *buflen += n;
        in += n;
        len -= n;
    }
    if (!len)
        return;
    chain(state, buf, 1);
    /* Every whole block but the one that may be the last. */
    const size_t nb = (len - 1) / 16;
    chain(state, in, nb);
    in += 16 * nb;
    len -= 16 * nb; /* 1..16 bytes left */
    memcpy(buf, in, len);
    memset(buf + len, 0, 16 - len);
    *buflen = len;
}

/* The last block of the message into @m: whole (returns 1: the first
 * subkey applies), or padded with 0x80 then zeros (returns 0: the
 * second). */
static inline int axiom_cmac_last_block(uint8_t m[16], const uint8_t buf[16], size_t buflen)
{
    memcpy(m, buf, 16);
    if (buflen == 16)
        return 1;
    memset(m + buflen, 0, 16 - buflen);
    m[buflen] = 0x80;
    return 0;
}

#endif
