/* SPDX-License-Identifier: GPL-2.0-or-later */
/* One Wycheproof AEAD test case through libaxiom's one-shot AEAD API, for
 * the AEAD test programs that read Wycheproof files. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <axiom.h>

#include "testutil.h"

int tu_wycheproof_aead_case(json_object *tc,
                            axiom_aead_ctx *(*keyed)(const uint8_t *key, size_t keylen))
{
    const int id = json_object_get_int(tu_json_field(tc, "tcId"));
    const int ok = strcmp(tu_json_str(tc, "result"), "invalid") != 0;
    size_t kl, nl, al, ml, cl, tl;
    uint8_t *key = tu_hex_alloc(tu_json_str(tc, "key"), &kl);
    uint8_t *iv = tu_hex_alloc(tu_json_str(tc, "iv"), &nl);
    uint8_t *ad = tu_hex_alloc(tu_json_str(tc, "aad"), &al);
    uint8_t *msg = tu_hex_alloc(tu_json_str(tc, "msg"), &ml);
    uint8_t *ct = tu_hex_alloc(tu_json_str(tc, "ct"), &cl);
    uint8_t *tag = tu_hex_alloc(tu_json_str(tc, "tag"), &tl);
    uint8_t *out = malloc((ml > cl ? ml : cl) + 1), got[16];
    axiom_aead_ctx *ctx = keyed(key, kl);

    memset(out, 0xa5, (ml > cl ? ml : cl) + 1);
    int rc = axiom_aead_open(ctx, out, tag, tl, iv, nl, ad, al, ct, cl);
    if (ok) {
        TU_ASSERT_RC(rc, AXIOM_OK, "tcId %d open", id);
        TU_ASSERT_MEM_EQ(out, msg, ml, "tcId %d plaintext", id);
        TU_ASSERT_RC(axiom_aead_seal(ctx, out, got, tl, iv, nl, ad, al, msg, ml), AXIOM_OK,
                     "tcId %d seal", id);
        TU_ASSERT_MEM_EQ(out, ct, cl, "tcId %d ciphertext", id);
        TU_ASSERT_MEM_EQ(got, tag, tl, "tcId %d tag", id);
    } else {
        TU_ASSERT(rc == AXIOM_EAUTH || rc == AXIOM_EIVLEN || rc == AXIOM_ETAGLEN,
                  "tcId %d (invalid) accepted: %s", id, tu_errname(rc));
        if (rc == AXIOM_EAUTH)
            for (size_t j = 0; j < cl; j++)
                TU_ASSERT(out[j] == 0, "tcId %d: output not wiped", id);
    }
    axiom_aead_free(ctx);
    free(key); free(iv); free(ad); free(msg); free(ct); free(tag); free(out);
    return ok;
}
