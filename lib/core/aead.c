/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The nonce and tag length rules that several AEAD algorithms share
 * (lib/core/aead.h), each written once. */
#include "config.h"

#include "core/aead.h"

int axiom_aead_nonce12_ok(size_t noncelen)
{
    return noncelen == 12;
}

int axiom_aead_nonce16_ok(size_t noncelen)
{
    return noncelen == 16;
}

int axiom_aead_nonce24_ok(size_t noncelen)
{
    return noncelen == 24;
}

int axiom_aead_tag16_ok(size_t taglen)
{
    return taglen == 16;
}
