/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests of aes-128-gcm-siv and aes-256-gcm-siv through the public API:
 * the RFC 8452 appendix C vectors, Project Wycheproof, libgcrypt's
 * GCM-SIV as a differential reference, the nonce-misuse property, and
 * the error paths (a failed open wipes its output). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gcrypt.h>
#include <json-c/json.h>

#include <axiom.h>

#include "testutil.h"

static const char *siv_name(size_t keylen)
{
    return keylen == 16 ? "aes-128-gcm-siv" : "aes-256-gcm-siv";
}

static axiom_aead_ctx *keyed(const uint8_t *key, size_t keylen)
{
    axiom_aead_ctx *ctx = NULL;
    TU_ASSERT_RC(axiom_aead_new(&ctx, siv_name(keylen)), AXIOM_OK, "new %s", siv_name(keylen));
    TU_ASSERT_RC(axiom_aead_setkey(ctx, key, keylen), AXIOM_OK, "setkey");
    return ctx;
}

/* ------------------------------------------------------------ RFC 8452 */

/* Appendix C: key, nonce, AD, plaintext, ciphertext without the tag, tag
 * (the RFC's "Result" is the ciphertext followed by the tag). */
static const struct rfc_case {
    const char *key, *nonce, *ad, *p, *c, *t;
} rfc_cases[] = {
    /* RFC 8452 appendix C.1 (24 vectors) */
    { "01000000000000000000000000000000",
      "030000000000000000000000",
      "",
      "",
      "",
      "dc20e2d83f25705bb49e439eca56de25" },
    { "01000000000000000000000000000000",
      "030000000000000000000000",
      "",
      "0100000000000000",
      "b5d839330ac7b786",
      "578782fff6013b815b287c22493a364c" },
    { "01000000000000000000000000000000",
      "030000000000000000000000",
      "",
      "010000000000000000000000",
      "7323ea61d05932260047d942",
      "a4978db357391a0bc4fdec8b0d106639" },
    { "01000000000000000000000000000000",
      "030000000000000000000000",
      "",
      "01000000000000000000000000000000",
      "743f7c8077ab25f8624e2e948579cf77",
      "303aaf90f6fe21199c6068577437a0c4" },
    { "01000000000000000000000000000000",
      "030000000000000000000000",
      "",
      "0100000000000000000000000000000002000000000000000000000000000000",
      "84e07e62ba83a6585417245d7ec413a9fe427d6315c09b57ce45f2e3936a9445",
      "1a8e45dcd4578c667cd86847bf6155ff" },
    { "01000000000000000000000000000000",
      "030000000000000000000000",
      "",
      "0100000000000000000000000000000002000000000000000000000000000000" "03000000000000000000000000000000",
      "3fd24ce1f5a67b75bf2351f181a475c7b800a5b4d3dcf70106b1eea82fa1d64d" "f42bf7226122fa92e17a40eeaac1201b",
      "5e6e311dbf395d35b0fe39c2714388f8" },
    { "01000000000000000000000000000000",
      "030000000000000000000000",
      "",
      "0100000000000000000000000000000002000000000000000000000000000000" "0300000000000000000000000000000004000000000000000000000000000000",
      "2433668f1058190f6d43e360f4f35cd8e475127cfca7028ea8ab5c20f7ab2af0" "2516a2bdcbc08d521be37ff28c152bba36697f25b4cd169c6590d1dd39566d3f",
      "8a263dd317aa88d56bdf3936dba75bb8" },
    { "01000000000000000000000000000000",
      "030000000000000000000000",
      "01",
      "0200000000000000",
      "1e6daba35669f427",
      "3b0a1a2560969cdf790d99759abd1508" },
    { "01000000000000000000000000000000",
      "030000000000000000000000",
      "01",
      "020000000000000000000000",
      "296c7889fd99f41917f44620",
      "08299c5102745aaa3a0c469fad9e075a" },
    { "01000000000000000000000000000000",
      "030000000000000000000000",
      "01",
      "02000000000000000000000000000000",
      "e2b0c5da79a901c1745f700525cb335b",
      "8f8936ec039e4e4bb97ebd8c4457441f" },
    { "01000000000000000000000000000000",
      "030000000000000000000000",
      "01",
      "0200000000000000000000000000000003000000000000000000000000000000",
      "620048ef3c1e73e57e02bb8562c416a319e73e4caac8e96a1ecb2933145a1d71",
      "e6af6a7f87287da059a71684ed3498e1" },
    { "01000000000000000000000000000000",
      "030000000000000000000000",
      "01",
      "0200000000000000000000000000000003000000000000000000000000000000" "04000000000000000000000000000000",
      "50c8303ea93925d64090d07bd109dfd9515a5a33431019c17d93465999a8b005" "3201d723120a8562b838cdff25bf9d1e",
      "6a8cc3865f76897c2e4b245cf31c51f2" },
    { "01000000000000000000000000000000",
      "030000000000000000000000",
      "01",
      "0200000000000000000000000000000003000000000000000000000000000000" "0400000000000000000000000000000005000000000000000000000000000000",
      "2f5c64059db55ee0fb847ed513003746aca4e61c711b5de2e7a77ffd02da42fe" "ec601910d3467bb8b36ebbaebce5fba30d36c95f48a3e7980f0e7ac299332a80",
      "cdc46ae475563de037001ef84ae21744" },
    { "01000000000000000000000000000000",
      "030000000000000000000000",
      "010000000000000000000000",
      "02000000",
      "a8fe3e87",
      "07eb1f84fb28f8cb73de8e99e2f48a14" },
    { "01000000000000000000000000000000",
      "030000000000000000000000",
      "010000000000000000000000000000000200",
      "0300000000000000000000000000000004000000",
      "6bb0fecf5ded9b77f902c7d5da236a4391dd0297",
      "24afc9805e976f451e6d87f6fe106514" },
    { "01000000000000000000000000000000",
      "030000000000000000000000",
      "0100000000000000000000000000000002000000",
      "030000000000000000000000000000000400",
      "44d0aaf6fb2f1f34add5e8064e83e12a2ada",
      "bff9b2ef00fb47920cc72a0c0f13b9fd" },
    { "e66021d5eb8e4f4066d4adb9c33560e4",
      "f46e44bb3da0015c94f70887",
      "",
      "",
      "",
      "a4194b79071b01a87d65f706e3949578" },
    { "36864200e0eaf5284d884a0e77d31646",
      "bae8e37fc83441b16034566b",
      "46bb91c3c5",
      "7a806c",
      "af60eb",
      "711bd85bc1e4d3e0a462e074eea428a8" },
    { "aedb64a6c590bc84d1a5e269e4b47801",
      "afc0577e34699b9e671fdd4f",
      "fc880c94a95198874296",
      "bdc66f146545",
      "bb93a3e34d3c",
      "d6a9c45545cfc11f03ad743dba20f966" },
    { "d5cc1fd161320b6920ce07787f86743b",
      "275d1ab32f6d1f0434d8848c",
      "046787f3ea22c127aaf195d1894728",
      "1177441f195495860f",
      "4f37281f7ad12949d0",
      "1d02fd0cd174c84fc5dae2f60f52fd2b" },
    { "b3fed1473c528b8426a582995929a149",
      "9e9ad8780c8d63d0ab4149c0",
      "c9882e5386fd9f92ec489c8fde2be2cf97e74e93",
      "9f572c614b4745914474e7c7",
      "f54673c5ddf710c745641c8b",
      "c1dc2f871fb7561da1286e655e24b7b0" },
    { "2d4ed87da44102952ef94b02b805249b",
      "ac80e6f61455bfac8308a2d4",
      "2950a70d5a1db2316fd568378da107b52b0da55210cc1c1b0a",
      "0d8c8451178082355c9e940fea2f58",
      "c9ff545e07b88a015f05b274540aa1",
      "83b3449b9f39552de99dc214a1190b0b" },
    { "bde3b2f204d1e9f8b06bc47f9745b3d1",
      "ae06556fb6aa7890bebc18fe",
      "1860f762ebfbd08284e421702de0de18baa9c9596291b08466f37de21c7f",
      "6b3db4da3d57aa94842b9803a96e07fb6de7",
      "6298b296e24e8cc35dce0bed484b7f30d580",
      "3e377094f04709f64d7b985310a4db84" },
    { "f901cfe8a69615a93fdf7a98cad48179",
      "6245709fb18853f68d833640",
      "7576f7028ec6eb5ea7e298342a94d4b202b370ef9768ec6561c4fe6b7e7296fa" "859c21",
      "e42a3c02c25b64869e146d7b233987bddfc240871d",
      "391cc328d484a4f46406181bcd62efd9b3ee197d05",
      "2d15506c84a9edd65e13e9d24a2a6e70" },
    /* RFC 8452 appendix C.2 (24 vectors) */
    { "0100000000000000000000000000000000000000000000000000000000000000",
      "030000000000000000000000",
      "",
      "",
      "",
      "07f5f4169bbf55a8400cd47ea6fd400f" },
    { "0100000000000000000000000000000000000000000000000000000000000000",
      "030000000000000000000000",
      "",
      "0100000000000000",
      "c2ef328e5c71c83b",
      "843122130f7364b761e0b97427e3df28" },
    { "0100000000000000000000000000000000000000000000000000000000000000",
      "030000000000000000000000",
      "",
      "010000000000000000000000",
      "9aab2aeb3faa0a34aea8e2b1",
      "8ca50da9ae6559e48fd10f6e5c9ca17e" },
    { "0100000000000000000000000000000000000000000000000000000000000000",
      "030000000000000000000000",
      "",
      "01000000000000000000000000000000",
      "85a01b63025ba19b7fd3ddfc033b3e76",
      "c9eac6fa700942702e90862383c6c366" },
    { "0100000000000000000000000000000000000000000000000000000000000000",
      "030000000000000000000000",
      "",
      "0100000000000000000000000000000002000000000000000000000000000000",
      "4a6a9db4c8c6549201b9edb53006cba821ec9cf850948a7c86c68ac7539d027f",
      "e819e63abcd020b006a976397632eb5d" },
    { "0100000000000000000000000000000000000000000000000000000000000000",
      "030000000000000000000000",
      "",
      "0100000000000000000000000000000002000000000000000000000000000000" "03000000000000000000000000000000",
      "c00d121893a9fa603f48ccc1ca3c57ce7499245ea0046db16c53c7c66fe717e3" "9cf6c748837b61f6ee3adcee17534ed5",
      "790bc96880a99ba804bd12c0e6a22cc4" },
    { "0100000000000000000000000000000000000000000000000000000000000000",
      "030000000000000000000000",
      "",
      "0100000000000000000000000000000002000000000000000000000000000000" "0300000000000000000000000000000004000000000000000000000000000000",
      "c2d5160a1f8683834910acdafc41fbb1632d4a353e8b905ec9a5499ac34f96c7" "e1049eb080883891a4db8caaa1f99dd004d80487540735234e3744512c6f90ce",
      "112864c269fc0d9d88c61fa47e39aa08" },
    { "0100000000000000000000000000000000000000000000000000000000000000",
      "030000000000000000000000",
      "01",
      "0200000000000000",
      "1de22967237a8132",
      "91213f267e3b452f02d01ae33e4ec854" },
    { "0100000000000000000000000000000000000000000000000000000000000000",
      "030000000000000000000000",
      "01",
      "020000000000000000000000",
      "163d6f9cc1b346cd453a2e4c",
      "c1a4a19ae800941ccdc57cc8413c277f" },
    { "0100000000000000000000000000000000000000000000000000000000000000",
      "030000000000000000000000",
      "01",
      "02000000000000000000000000000000",
      "c91545823cc24f17dbb0e9e807d5ec17",
      "b292d28ff61189e8e49f3875ef91aff7" },
    { "0100000000000000000000000000000000000000000000000000000000000000",
      "030000000000000000000000",
      "01",
      "0200000000000000000000000000000003000000000000000000000000000000",
      "07dad364bfc2b9da89116d7bef6daaaf6f255510aa654f920ac81b94e8bad365",
      "aea1bad12702e1965604374aab96dbbc" },
    { "0100000000000000000000000000000000000000000000000000000000000000",
      "030000000000000000000000",
      "01",
      "0200000000000000000000000000000003000000000000000000000000000000" "04000000000000000000000000000000",
      "c67a1f0f567a5198aa1fcc8e3f21314336f7f51ca8b1af61feac35a86416fa47" "fbca3b5f749cdf564527f2314f42fe25",
      "03332742b228c647173616cfd44c54eb" },
    { "0100000000000000000000000000000000000000000000000000000000000000",
      "030000000000000000000000",
      "01",
      "0200000000000000000000000000000003000000000000000000000000000000" "0400000000000000000000000000000005000000000000000000000000000000",
      "67fd45e126bfb9a79930c43aad2d36967d3f0e4d217c1e551f59727870beefc9" "8cb933a8fce9de887b1e40799988db1fc3f91880ed405b2dd298318858467c89",
      "5bde0285037c5de81e5b570a049b62a0" },
    { "0100000000000000000000000000000000000000000000000000000000000000",
      "030000000000000000000000",
      "010000000000000000000000",
      "02000000",
      "22b3f4cd",
      "1835e517741dfddccfa07fa4661b74cf" },
    { "0100000000000000000000000000000000000000000000000000000000000000",
      "030000000000000000000000",
      "010000000000000000000000000000000200",
      "0300000000000000000000000000000004000000",
      "43dd0163cdb48f9fe3212bf61b201976067f342b",
      "b879ad976d8242acc188ab59cabfe307" },
    { "0100000000000000000000000000000000000000000000000000000000000000",
      "030000000000000000000000",
      "0100000000000000000000000000000002000000",
      "030000000000000000000000000000000400",
      "462401724b5ce6588d5a54aae5375513a075",
      "cfcdf5042112aa29685c912fc2056543" },
    { "e66021d5eb8e4f4066d4adb9c33560e4f46e44bb3da0015c94f7088736864200",
      "e0eaf5284d884a0e77d31646",
      "",
      "",
      "",
      "169fbb2fbf389a995f6390af22228a62" },
    { "bae8e37fc83441b16034566b7a806c46bb91c3c5aedb64a6c590bc84d1a5e269",
      "e4b47801afc0577e34699b9e",
      "4fbdc66f14",
      "671fdd",
      "0eaccb",
      "93da9bb81333aee0c785b240d319719d" },
    { "6545fc880c94a95198874296d5cc1fd161320b6920ce07787f86743b275d1ab3",
      "2f6d1f0434d8848c1177441f",
      "6787f3ea22c127aaf195",
      "195495860f04",
      "a254dad4f3f9",
      "6b62b84dc40c84636a5ec12020ec8c2c" },
    { "d1894728b3fed1473c528b8426a582995929a1499e9ad8780c8d63d0ab4149c0",
      "9f572c614b4745914474e7c7",
      "489c8fde2be2cf97e74e932d4ed87d",
      "c9882e5386fd9f92ec",
      "0df9e308678244c44b",
      "c0fd3dc6628dfe55ebb0b9fb2295c8c2" },
    { "a44102952ef94b02b805249bac80e6f61455bfac8308a2d40d8c845117808235",
      "5c9e940fea2f582950a70d5a",
      "0da55210cc1c1b0abde3b2f204d1e9f8b06bc47f",
      "1db2316fd568378da107b52b",
      "8dbeb9f7255bf5769dd56692",
      "404099c2587f64979f21826706d497d5" },
    { "9745b3d1ae06556fb6aa7890bebc18fe6b3db4da3d57aa94842b9803a96e07fb",
      "6de71860f762ebfbd08284e4",
      "f37de21c7ff901cfe8a69615a93fdf7a98cad481796245709f",
      "21702de0de18baa9c9596291b08466",
      "793576dfa5c0f88729a7ed3c2f1bff",
      "b3080d28f6ebb5d3648ce97bd5ba67fd" },
    { "b18853f68d833640e42a3c02c25b64869e146d7b233987bddfc240871d7576f7",
      "028ec6eb5ea7e298342a94d4",
      "9c2159058b1f0fe91433a5bdc20e214eab7fecef4454a10ef0657df21ac7",
      "b202b370ef9768ec6561c4fe6b7e7296fa85",
      "857e16a64915a787637687db4a9519635cdd",
      "454fc2a154fea91f8363a39fec7d0a49" },
    { "3c535de192eaed3822a2fbbe2ca9dfc88255e14a661b8aa82cc54236093bbc23",
      "688089e55540db1872504e1c",
      "734320ccc9d9bbbb19cb81b2af4ecbc3e72834321f7aa0f70b7282b4f33df23f" "167541",
      "ced532ce4159b035277d4dfbb7db62968b13cd4eec",
      "626660c26ea6612fb17ad91e8e767639edd6c9faee",
      "9d6c7029675b89eaf4ba1ded1a286594" },
    /* RFC 8452 appendix C.3 (2 vectors) */
    { "0000000000000000000000000000000000000000000000000000000000000000",
      "000000000000000000000000",
      "",
      "000000000000000000000000000000004db923dc793ee6497c76dcc03a98e108",
      "f3f80f2cf0cb2dd9c5984fcda908456cc537703b5ba70324a6793a7bf218d3ea",
      "ffffffff000000000000000000000000" },
    { "0000000000000000000000000000000000000000000000000000000000000000",
      "000000000000000000000000",
      "",
      "eb3640277c7ffd1303c7a542d02d3e4c0000000000000000",
      "18ce4f0b8cb4d0cac65fea8f79257b20888e53e72299e56d",
      "ffffffff000000000000000000000000" },
};

#define N_RFC (sizeof rfc_cases / sizeof rfc_cases[0])

START_TEST(test_rfc8452)
{
    const struct rfc_case *tc = &rfc_cases[_i];
    size_t kl, nl, al, pl, cl, tl;
    uint8_t *key = tu_hex_alloc(tc->key, &kl), *n = tu_hex_alloc(tc->nonce, &nl);
    uint8_t *ad = tu_hex_alloc(tc->ad, &al), *p = tu_hex_alloc(tc->p, &pl);
    uint8_t *c = tu_hex_alloc(tc->c, &cl), *t = tu_hex_alloc(tc->t, &tl);
    uint8_t out[128], buf[128], tag[16];
    TU_ASSERT(pl == cl && tl == 16 && nl == 12 && pl <= sizeof out, "vector %d sizes", _i);
    axiom_aead_ctx *ctx = keyed(key, kl);
    const char *impl = axiom_impl(siv_name(kl));
    TU_ASSERT(impl != NULL, "impl");

    TU_ASSERT_RC(axiom_aead_seal(ctx, out, tag, 16, n, nl, ad, al, p, pl), AXIOM_OK,
                 "vector %d seal", _i);
    TU_ASSERT_MEM_EQ(out, c, pl, "vector %d ciphertext (%s)", _i, impl);
    TU_ASSERT_MEM_EQ(tag, t, 16, "vector %d tag (%s)", _i, impl);
    TU_ASSERT_RC(axiom_aead_open(ctx, out, t, 16, n, nl, ad, al, c, pl), AXIOM_OK,
                 "vector %d open", _i);
    TU_ASSERT_MEM_EQ(out, p, pl, "vector %d plaintext", _i);
    /* In place, both directions. */
    if (pl)
        memcpy(buf, p, pl);
    TU_ASSERT_RC(axiom_aead_seal(ctx, buf, tag, 16, n, nl, ad, al, buf, pl), AXIOM_OK,
                 "vector %d seal in place", _i);
    TU_ASSERT_MEM_EQ(buf, c, pl, "vector %d in-place ciphertext", _i);
    TU_ASSERT_MEM_EQ(tag, t, 16, "vector %d in-place tag", _i);
    TU_ASSERT_RC(axiom_aead_open(ctx, buf, t, 16, n, nl, ad, al, buf, pl), AXIOM_OK,
                 "vector %d open in place", _i);
    TU_ASSERT_MEM_EQ(buf, p, pl, "vector %d in-place plaintext", _i);
    /* Any flipped tag bit fails and wipes the output. */
    t[_i % 16] ^= (uint8_t)(1u << (_i % 8));
    memset(out, 0xa5, sizeof out);
    TU_ASSERT_RC(axiom_aead_open(ctx, out, t, 16, n, nl, ad, al, c, pl), AXIOM_EAUTH,
                 "vector %d open with a bad tag", _i);
    for (size_t j = 0; j < pl; j++)
        TU_ASSERT(out[j] == 0, "vector %d: output byte %zu not wiped", _i, j);
    axiom_aead_free(ctx);
    free(key); free(n); free(ad); free(p); free(c); free(t);
}
END_TEST

/* ------------------------------------------------------------ Wycheproof */

START_TEST(test_wycheproof)
{
    int declared;
    json_object *root = tu_wycheproof_open("aes_gcm_siv_test.json", "AES-GCM-SIV", &declared);
    json_object *groups = tu_json_field(root, "testGroups");
    int seen = 0, valid = 0, rejected = 0, skipped = 0;

    for (size_t g = 0; g < json_object_array_length(groups); g++) {
        json_object *grp = json_object_array_get_idx(groups, g);
        const int keybits = json_object_get_int(tu_json_field(grp, "keySize"));
        json_object *tests = tu_json_field(grp, "tests");
        const size_t nt = json_object_array_length(tests);
        seen += (int)nt;
        if (keybits != 128 && keybits != 256) {
            skipped += (int)nt;
            continue;
        }
        for (size_t i = 0; i < nt; i++) {
            if (tu_wycheproof_aead_case(json_object_array_get_idx(tests, i), keyed))
                valid++;
            else
                rejected++;
        }
    }
    printf("wycheproof aes_gcm_siv: %d tests, %d valid passed, %d invalid rejected, %d skipped\n",
           seen, valid, rejected, skipped);
    TU_ASSERT(seen == declared, "saw %d tests, file declares %d", seen, declared);
    TU_ASSERT(skipped == 0, "no test may be skipped");
    json_object_put(root);
}
END_TEST

/* ------------------------------------------------------------ libgcrypt */

/* libgcrypt's GCM-SIV: seal (@tag out) or open (@tag in; returns 0 when
 * it verifies).  @out may equal @in. */
static int gcry_siv(int encrypt, const uint8_t *key, size_t kl, const uint8_t nonce[12],
                    const uint8_t *ad, size_t al, uint8_t *out, const uint8_t *in, size_t len,
                    uint8_t tag[16])
{
    gcry_cipher_hd_t h;
    ck_assert(gcry_cipher_open(&h, kl == 16 ? GCRY_CIPHER_AES128 : GCRY_CIPHER_AES256,
                               GCRY_CIPHER_MODE_GCM_SIV, 0) == 0);
    ck_assert(gcry_cipher_setkey(h, key, kl) == 0);
    ck_assert(gcry_cipher_setiv(h, nonce, 12) == 0);
    if (al)
        ck_assert(gcry_cipher_authenticate(h, ad, al) == 0);
    gcry_error_t e = 0;
    if (encrypt) {
        if (len)
            e = out == in ? gcry_cipher_encrypt(h, out, len, NULL, 0)
                          : gcry_cipher_encrypt(h, out, len, in, len);
        ck_assert(e == 0);
        ck_assert(gcry_cipher_gettag(h, tag, 16) == 0);
    } else {
        ck_assert(gcry_cipher_set_decryption_tag(h, tag, 16) == 0);
        e = out == in ? gcry_cipher_decrypt(h, out, len, NULL, 0)
                      : gcry_cipher_decrypt(h, out, len, in, len);
        if (e == 0)
            e = gcry_cipher_checktag(h, tag, 16);
    }
    gcry_cipher_close(h);
    return e == 0 ? 0 : -1;
}

/* Lengths biased towards block, chunk (32 blocks) and register edges. */
static size_t pick_len(size_t max)
{
    static const size_t widths[] = { 16, 128, 512, 1024 };
    return tu_pick_len(max, 80, widths);
}

START_TEST(test_gcrypt_diff)
{
    tu_rng_reset("gcmsiv-gcrypt");
    const size_t maxlen = 5000;
    uint8_t *p = malloc(maxlen + 64), *c = malloc(maxlen + 64), *r = malloc(maxlen + 64);
    uint8_t *ad = malloc(maxlen + 64), *io = malloc(maxlen + 64);
    for (int it = 0; it < 600; it++) {
        const size_t kl = it % 2 ? 32 : 16;
        const size_t al = pick_len(maxlen), len = it < 100 ? (size_t)it : pick_len(maxlen);
        const size_t op = tu_rand_range(0, 15), oc = tu_rand_range(0, 15), oa = tu_rand_range(0, 15);
        uint8_t key[32], n[12], tag[16], want[16];
        tu_rand_bytes(key, kl);
        tu_rand_bytes(n, sizeof n);
        tu_rand_bytes(ad + oa, al);
        tu_rand_bytes(p + op, len);
        axiom_aead_ctx *ctx = keyed(key, kl);

        gcry_siv(1, key, kl, n, ad + oa, al, r, p + op, len, want);
        TU_ASSERT_RC(axiom_aead_seal(ctx, c + oc, tag, 16, n, 12, ad + oa, al, p + op, len),
                     AXIOM_OK, "seal kl %zu al %zu len %zu", kl, al, len);
        TU_ASSERT_MEM_EQ(c + oc, r, len, "ciphertext vs libgcrypt, kl %zu al %zu len %zu", kl,
                         al, len);
        TU_ASSERT_MEM_EQ(tag, want, 16, "tag vs libgcrypt, kl %zu al %zu len %zu", kl, al, len);
        /* Open out of place and in place; libgcrypt opens ours. */
        TU_ASSERT_RC(axiom_aead_open(ctx, r, tag, 16, n, 12, ad + oa, al, c + oc, len), AXIOM_OK,
                     "open, len %zu", len);
        TU_ASSERT_MEM_EQ(r, p + op, len, "open plaintext, len %zu", len);
        if (len)
            memcpy(io + op, c + oc, len);
        TU_ASSERT_RC(axiom_aead_open(ctx, io + op, tag, 16, n, 12, ad + oa, al, io + op, len),
                     AXIOM_OK, "open in place, len %zu", len);
        TU_ASSERT_MEM_EQ(io + op, p + op, len, "in-place plaintext, len %zu", len);
        TU_ASSERT_RC(axiom_aead_seal(ctx, io + op, tag, 16, n, 12, ad + oa, al, io + op, len),
                     AXIOM_OK, "seal in place");
        TU_ASSERT_MEM_EQ(io + op, c + oc, len, "in-place ciphertext, len %zu", len);
        TU_ASSERT_MEM_EQ(tag, want, 16, "in-place tag");
        TU_ASSERT(gcry_siv(0, key, kl, n, ad + oa, al, r, c + oc, len, tag) == 0,
                  "libgcrypt rejects ours, kl %zu al %zu len %zu", kl, al, len);
        TU_ASSERT_MEM_EQ(r, p + op, len, "libgcrypt decrypts ours, len %zu", len);
        /* A flipped bit of the text, the AD, the nonce or the tag fails and
         * wipes the output. */
        const int what = (int)tu_rand_range(0, 3);
        if (what == 0 && len)
            c[oc + tu_rand_range(0, len - 1)] ^= (uint8_t)(1u << tu_rand_range(0, 7));
        else if (what == 1 && al)
            ad[oa + tu_rand_range(0, al - 1)] ^= (uint8_t)(1u << tu_rand_range(0, 7));
        else if (what == 2)
            n[tu_rand_range(0, 11)] ^= (uint8_t)(1u << tu_rand_range(0, 7));
        else
            tag[tu_rand_range(0, 15)] ^= (uint8_t)(1u << tu_rand_range(0, 7));
        memset(r, 0xa5, len);
        TU_ASSERT_RC(axiom_aead_open(ctx, r, tag, 16, n, 12, ad + oa, al, c + oc, len),
                     AXIOM_EAUTH, "open of a modified message (%d), len %zu", what, len);
        for (size_t j = 0; j < len; j++)
            TU_ASSERT(r[j] == 0, "failed open left byte %zu of %zu", j, len);
        axiom_aead_free(ctx);
    }
    free(p); free(c); free(r); free(ad); free(io);
}
END_TEST

/* A few long messages: many chunks, every kernel's widest loop. */
START_TEST(test_gcrypt_long)
{
    tu_rng_reset("gcmsiv-long");
    static const size_t lens[] = { 65536, 65536 + 16 * 17 + 5, (1 << 20) + 3 };
    const size_t max = (1 << 20) + 64;
    uint8_t *p = malloc(max), *c = malloc(max), *r = malloc(max), tag[16], want[16];
    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        const size_t kl = i % 2 ? 32 : 16, len = lens[i];
        uint8_t key[32], n[12], ad[40];
        tu_rand_bytes(key, kl);
        tu_rand_bytes(n, sizeof n);
        tu_rand_bytes(ad, sizeof ad);
        tu_rand_bytes(p, len);
        axiom_aead_ctx *ctx = keyed(key, kl);
        gcry_siv(1, key, kl, n, ad, sizeof ad, r, p, len, want);
        TU_ASSERT_RC(axiom_aead_seal(ctx, c + 1, tag, 16, n, 12, ad, sizeof ad, p, len),
                     AXIOM_OK, "seal");
        TU_ASSERT_MEM_EQ(c + 1, r, len, "ciphertext, len %zu", len);
        TU_ASSERT_MEM_EQ(tag, want, 16, "tag, len %zu", len);
        TU_ASSERT_RC(axiom_aead_open(ctx, c + 1, tag, 16, n, 12, ad, sizeof ad, c + 1, len),
                     AXIOM_OK, "open in place");
        TU_ASSERT_MEM_EQ(c + 1, p, len, "plaintext, len %zu", len);
        axiom_aead_free(ctx);
    }
    free(p); free(c); free(r);
}
END_TEST

/* ------------------------------------------------------------ nonce misuse */

/* Under one key and one nonce, equal (AD, message) pairs give equal
 * outputs and anything else gives a different tag and, unlike GCM, a
 * keystream unrelated to the other message's: the XOR of two ciphertexts
 * is not the XOR of their plaintexts. */
START_TEST(test_nonce_reuse)
{
    tu_rng_reset("gcmsiv-reuse");
    uint8_t m1[300], m2[300], c1[300], c2[300], t1[16], t2[16], ad[20];
    for (int it = 0; it < 200; it++) {
        const size_t kl = it % 2 ? 32 : 16, len = tu_rand_range(16, sizeof m1);
        uint8_t key[32], n[12];
        tu_rand_bytes(key, kl);
        tu_rand_bytes(n, sizeof n);
        tu_rand_bytes(ad, sizeof ad);
        tu_rand_bytes(m1, len);
        axiom_aead_ctx *ctx = keyed(key, kl);
        TU_ASSERT_RC(axiom_aead_seal(ctx, c1, t1, 16, n, 12, ad, sizeof ad, m1, len), AXIOM_OK,
                     "seal");
        /* The same message again: the same output (deterministic). */
        memcpy(m2, m1, len);
        TU_ASSERT_RC(axiom_aead_seal(ctx, c2, t2, 16, n, 12, ad, sizeof ad, m2, len), AXIOM_OK,
                     "seal");
        TU_ASSERT_MEM_EQ(c2, c1, len, "equal messages, ciphertexts");
        TU_ASSERT_MEM_EQ(t2, t1, 16, "equal messages, tags");
        /* One bit of the message, or of the AD, differs. */
        const int in_ad = it % 4 == 3;
        uint8_t ad2[20];
        memcpy(ad2, ad, sizeof ad);
        if (in_ad)
            ad2[tu_rand_range(0, sizeof ad2 - 1)] ^= 1;
        else
            m2[tu_rand_range(0, len - 1)] ^= (uint8_t)(1u << tu_rand_range(0, 7));
        TU_ASSERT_RC(axiom_aead_seal(ctx, c2, t2, 16, n, 12, ad2, sizeof ad2, m2, len), AXIOM_OK,
                     "seal");
        TU_ASSERT(memcmp(t1, t2, 16) != 0, "different %s, equal tags", in_ad ? "AD" : "messages");
        size_t same_ks = 0;
        for (size_t j = 0; j < len; j++)
            same_ks += (c1[j] ^ c2[j]) == (m1[j] ^ m2[j]);
        /* Independent keystreams agree on a byte with probability 1/256. */
        TU_ASSERT(same_ks < len / 4 + 4, "keystream reused: %zu of %zu bytes", same_ks, len);
        axiom_aead_free(ctx);
    }
}
END_TEST

/* ------------------------------------------------------------ misuse */

START_TEST(test_misuse)
{
    tu_rng_reset("gcmsiv-misuse");
    uint8_t key[32], n[16], ad[37], p[100], c[100], o[100], tag[16];
    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(n, sizeof n);
    tu_rand_bytes(ad, sizeof ad);
    tu_rand_bytes(p, sizeof p);
    for (int b = 0; b < 2; b++) {
        const size_t kl = b ? 32 : 16;
        axiom_aead_ctx *ctx = NULL;
        TU_ASSERT_RC(axiom_aead_new(&ctx, siv_name(kl)), AXIOM_OK, "new");
        TU_ASSERT_RC(axiom_aead_setkey(ctx, key, b ? 16 : 32), AXIOM_EKEYLEN, "wrong key length");
        TU_ASSERT_RC(axiom_aead_setkey(ctx, key, 24), AXIOM_EKEYLEN, "192-bit key");
        TU_ASSERT_RC(axiom_aead_setkey(ctx, key, kl), AXIOM_OK, "setkey");
        TU_ASSERT_RC(axiom_aead_seal(ctx, c, tag, 16, n, 12, ad, sizeof ad, p, sizeof p), AXIOM_OK,
                     "seal");
        static const size_t bad_nonces[] = { 0, 1, 8, 11, 13, 16 };
        for (size_t i = 0; i < sizeof bad_nonces / sizeof bad_nonces[0]; i++) {
            tu_fill_sentinel(o, sizeof o);
            TU_ASSERT_RC(axiom_aead_seal(ctx, o, tag, 16, n, bad_nonces[i], ad, sizeof ad, p,
                                         sizeof p),
                         AXIOM_EIVLEN, "seal, nonce of %zu bytes", bad_nonces[i]);
            TU_ASSERT_SENTINEL(o, sizeof o, "seal, nonce of %zu bytes", bad_nonces[i]);
            TU_ASSERT_RC(axiom_aead_open(ctx, o, tag, 16, n, bad_nonces[i], ad, sizeof ad, c,
                                         sizeof c),
                         AXIOM_EIVLEN, "open, nonce of %zu bytes", bad_nonces[i]);
            TU_ASSERT_SENTINEL(o, sizeof o, "open, nonce of %zu bytes", bad_nonces[i]);
        }
        static const size_t bad_tags[] = { 0, 4, 8, 12, 15, 17 };
        for (size_t i = 0; i < sizeof bad_tags / sizeof bad_tags[0]; i++) {
            tu_fill_sentinel(o, sizeof o);
            TU_ASSERT_RC(axiom_aead_seal(ctx, o, tag, bad_tags[i], n, 12, ad, sizeof ad, p,
                                         sizeof p),
                         AXIOM_ETAGLEN, "seal, tag of %zu bytes", bad_tags[i]);
            TU_ASSERT_SENTINEL(o, sizeof o, "seal, tag of %zu bytes", bad_tags[i]);
            TU_ASSERT_RC(axiom_aead_open(ctx, o, tag, bad_tags[i], n, 12, ad, sizeof ad, c,
                                         sizeof c),
                         AXIOM_ETAGLEN, "open, tag of %zu bytes", bad_tags[i]);
            TU_ASSERT_SENTINEL(o, sizeof o, "open, tag of %zu bytes", bad_tags[i]);
        }
        /* RFC 8452 limits: 2^36 bytes of text and of AD (never read: the
         * length check comes first; in place, so that in and out cannot
         * overlap otherwise). */
        const size_t big = (size_t)1 << 36;
        TU_ASSERT_RC(axiom_aead_seal(ctx, o, tag, 16, n, 12, ad, sizeof ad, o, big + 1),
                     AXIOM_ELENGTH, "text over 2^36 bytes");
        TU_ASSERT_RC(axiom_aead_open(ctx, o, tag, 16, n, 12, ad, sizeof ad, o, big + 1),
                     AXIOM_ELENGTH, "open, text over 2^36 bytes");
        TU_ASSERT_RC(axiom_aead_seal(ctx, o, tag, 16, n, 12, ad, big + 1, p, sizeof p),
                     AXIOM_ELENGTH, "AD over 2^36 bytes");
        TU_ASSERT_RC(axiom_aead_open(ctx, o, tag, 16, n, 12, ad, big + 1, c, sizeof c),
                     AXIOM_ELENGTH, "open, AD over 2^36 bytes");
        /* Overlap of text and output other than exact is refused. */
        memcpy(o, p, sizeof p);
        TU_ASSERT_RC(axiom_aead_seal(ctx, o + 1, tag, 16, n, 12, ad, sizeof ad, o, 64),
                     AXIOM_EINVAL, "overlapping in and out");
        /* AD and nonce inside the output buffer are read before it is
         * written (the generic layer sets them aside). */
        uint8_t want[100], wtag[16], buf[100];
        memcpy(buf, p, sizeof p);
        TU_ASSERT_RC(axiom_aead_seal(ctx, want, wtag, 16, buf + 40, 12, buf + 60, 30, p, 100),
                     AXIOM_OK, "seal");
        TU_ASSERT_RC(axiom_aead_seal(ctx, buf, tag, 16, buf + 40, 12, buf + 60, 30, buf, 100),
                     AXIOM_OK, "seal with nonce and AD inside the in-place buffer");
        TU_ASSERT_MEM_EQ(buf, want, 100, "ciphertext, nonce and AD in the output");
        TU_ASSERT_MEM_EQ(tag, wtag, 16, "tag, nonce and AD in the output");
        axiom_aead_free(ctx);
    }
}
END_TEST

static Suite *siv_suite(void)
{
    Suite *s = suite_create("aead_gcmsiv");
    TCase *tc = tcase_create("gcmsiv");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, test_rfc8452, 0, (int)N_RFC);
    tcase_add_test(tc, test_wycheproof);
    tcase_add_test(tc, test_gcrypt_diff);
    tcase_add_test(tc, test_gcrypt_long);
    tcase_add_test(tc, test_nonce_reuse);
    tcase_add_test(tc, test_misuse);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    tu_init("test_aead_gcmsiv");
    tu_gcry_init();
    return tu_run_suite(siv_suite());
}
