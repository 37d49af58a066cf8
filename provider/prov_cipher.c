/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Code that the provider's cipher families (block, streaming AEAD,
 * whole-message AEAD) share: algorithm and context parameters,
 * key-length checks, context allocation and the algorithm-table
 * entries. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <axiom.h>

#include "prov.h"

int axp_cipher_get_lens(OSSL_PARAM params[], size_t keylen, size_t ivlen)
{
    OSSL_PARAM *k = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_KEYLEN);
    OSSL_PARAM *iv = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IVLEN);
    return (!k || OSSL_PARAM_set_size_t(k, keylen)) && (!iv || OSSL_PARAM_set_size_t(iv, ivlen));
}

int axp_cipher_get_params(OSSL_PARAM params[], const axp_cipher_info *info)
{
    OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_MODE)) &&
        !OSSL_PARAM_set_uint(p, info->mode))
        return 0;
    if (!axp_cipher_get_lens(params, info->keylen, info->ivlen))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_BLOCK_SIZE)) &&
        !OSSL_PARAM_set_size_t(p, info->blocksize))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_AEAD)) &&
        !OSSL_PARAM_set_int(p, info->aead))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_CUSTOM_IV)) &&
        !OSSL_PARAM_set_int(p, info->custom_iv))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_CTS)) && !OSSL_PARAM_set_int(p, 0))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK)) &&
        !OSSL_PARAM_set_int(p, 0))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_HAS_RAND_KEY)) &&
        !OSSL_PARAM_set_int(p, 0))
        return 0;
    return 1;
}

static const OSSL_PARAM cipher_gettable[] = {
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_MODE, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_BLOCK_SIZE, NULL),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_AEAD, NULL),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_CUSTOM_IV, NULL),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_CTS, NULL),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK, NULL),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_HAS_RAND_KEY, NULL),
    OSSL_PARAM_END
};

const OSSL_PARAM *axp_cipher_gettable_params(void *provctx)
{
    (void)provctx;
    return cipher_gettable;
}

int axp_cipher_check_keylen(const AXP_PROV *prov, const OSSL_PARAM params[], size_t keylen)
{
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_KEYLEN);
    size_t kl;
    if (p && (!OSSL_PARAM_get_size_t(p, &kl) || kl != keylen)) {
        AXP_ERR(prov, AXP_R_BAD_KEY_LENGTH);
        return 0;
    }
    return 1;
}

void axp_cipher_entry(OSSL_ALGORITHM *out, const char *names, const OSSL_DISPATCH *fns,
                      axp_stat *stat)
{
    axp_stat_register(stat);
    out->algorithm_names = names;
    out->property_definition = AXP_PROPS;
    out->implementation = fns;
    out->algorithm_description = NULL;
}

void *axp_cipher_ctx_new(const AXP_PROV *prov, size_t size)
{
    void *c = calloc(1, size);
    if (!c)
        AXP_ERR(prov, AXP_R_MALLOC);
    return c;
}

void *axp_cipher_ctx_dup(const AXP_PROV *prov, const void *src, size_t size)
{
    void *c = malloc(size);
    if (!c) {
        AXP_ERR(prov, AXP_R_MALLOC);
        return NULL;
    }
    memcpy(c, src, size);
    return c;
}

void axp_cipher_ctx_free(void *ctx, size_t size)
{
    axiom_wipe(ctx, size);
    free(ctx);
}
