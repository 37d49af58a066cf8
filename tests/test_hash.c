/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests of the public hash, HMAC and HKDF calls for SHA-224, SHA-256,
 * SHA-384, SHA-512 and SHA-512/256: known answers typed from FIPS 180-4's
 * examples (NIST CSRC example values), RFC 4231 and RFC 5869;
 * streaming at every split point; reuse after final; differential tests
 * against libgcrypt over random lengths; the multi-message calls against the
 * one-shot ones; and every error path with nothing written.  The known
 * answer tables are themselves cross-checked against libgcrypt, so that a
 * typo shows up as such. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#include <axiom.h>
#include <gcrypt.h>

#include "testutil.h"

/* The sentinel of tu_fill_sentinel() depends on the offset: check bytes
 * [from, total) of a buffer filled whole. */
#define TAIL_SENTINEL(buf, from, total, fmt, ...)                                 \
    do {                                                                        \
        for (size_t tail_i_ = (from); tail_i_ < (total); tail_i_++)             \
            TU_ASSERT((buf)[tail_i_] == (uint8_t)(0xa5 ^ (tail_i_ * 7)),         \
                      fmt ": byte %zu written", ##__VA_ARGS__, tail_i_);         \
    } while (0)

/* ---- known answers ------------------------------------------------------- */

#define MSG448 "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
#define MSG896                                                                 \
    "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"       \
    "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"

static const struct {
    const char *hash, *msg, *digest;
} hash_kats[] = {
    { "sha256", "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
    { "sha256", "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
    { "sha256", MSG448, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1" },
    { "sha256", MSG896, "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1" },
    { "sha224", "", "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f" },
    { "sha224", "abc", "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7" },
    { "sha224", MSG448, "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525" },
    { "sha224", MSG896, "c97ca9a559850ce97a04a96def6d99a9e0e0e2ab14e6b8df265fc0b3" },
    { "sha384", "",
      "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da"
      "274edebfe76f65fbd51ad2f14898b95b" },
    { "sha384", "abc",
      "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
      "8086072ba1e7cc2358baeca134c825a7" },
    { "sha384", MSG448,
      "3391fdddfc8dc7393707a65b1b4709397cf8b1d162af05abfe8f450de5f36bc6"
      "b0455a8520bc4e6f5fe95b1fe3c8452b" },
    { "sha384", MSG896,
      "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712"
      "fcc7c71a557e2db966c3e9fa91746039" },
    { "sha512", "",
      "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
      "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e" },
    { "sha512", "abc",
      "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
      "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f" },
    { "sha512", MSG448,
      "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c335"
      "96fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445" },
    { "sha512", MSG896,
      "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
      "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909" },
    { "sha512-256", "", "c672b8d1ef56ed28ab87c3622c5114069bdd3ad7b8f9737498d0c01ecef0967a" },
    { "sha512-256", "abc", "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23" },
    { "sha512-256", MSG448, "bde8e1f9f19bb9fd3406c90ec6bc47bd36d8ada9f11880dbc8a22a7078b6a461" },
    { "sha512-256", MSG896, "3928e184fb8690f840da3988121d31be65cb9d3ef83ee6146feac861e19b563a" },
};
#define NHASH_KATS (sizeof hash_kats / sizeof hash_kats[0])

static const struct {
    const char *hash, *digest;
} million_a[] = {
    { "sha256", "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0" },
    { "sha224", "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67" },
    { "sha384", "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b"
                "07b8b3dc38ecc4ebae97ddd87f3d8985" },
    { "sha512", "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
                "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b" },
    { "sha512-256", "9a59a052930187a97038cae692f30708aa6491923ef5194394dc68d56c74fb21" },
};
#define NMILLION_A (sizeof million_a / sizeof million_a[0])

/* RFC 4231 section 4: keys and data in hex; case 5 is truncated to 128
 * bits. */
#define K131 \
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" \
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" \
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" \
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" \
    "aaaaaa"
#define DD50 \
    "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd" \
    "dddddddddddddddddddddddddddddddddddd"
#define CD50 \
    "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd" \
    "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd"

static const struct {
    int tc;
    const char *key, *data, *mac[4]; /* SHA-224, -256, -384, -512 */
} rfc4231[] = {
    { 1, "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "4869205468657265",
      { "896fb1128abbdf196832107cd49df33f47b4b1169912ba4f53684b22",
        "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
        "afd03944d84895626b0825f4ab46907f15f9dadbe4101ec682aa034c7cebc59c"
        "faea9ea9076ede7f4af152e8b2fa9cb6",
        "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cde"
        "daa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854" } },
    { 2, "4a656665", "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
      { "a30e01098bc6dbbf45690f3a7e9e6d0f8bbea2a39e6148008fd05e44",
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
        "af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47e42ec3736322445e"
        "8e2240ca5e69e2c78b3239ecfab21649",
        "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
        "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737" } },
    { 3, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", DD50,
      { "7fb3cb3588c6c1f6ffa9694d7d6ad2649365b0c1f65d69d1ec8333ea",
        "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe",
        "88062608d3e6ad8a0aa2ace014c8a86f0aa635d947ac9febe83ef4e55966144b"
        "2a5ab39dc13814b94e3ab6e101a34f27",
        "fa73b0089d56a284efb0f0756c890be9b1b5dbdd8ee81a3655f83e33b2279d39"
        "bf3e848279a722c806b485a47e67c807b946a337bee8942674278859e13292fb" } },
    { 4, "0102030405060708090a0b0c0d0e0f10111213141516171819", CD50,
      { "6c11506874013cac6a2abc1bb382627cec6a90d86efc012de7afec5a",
        "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b",
        "3e8a69b7783c25851933ab6290af6ca77a9981480850009cc5577c6e1f573b4e"
        "6801dd23c4a7d679ccf8a386c674cffb",
        "b0ba465637458c6990e5a8c5f61d4af7e576d97ff94b872de76f8050361ee3db"
        "a91ca5c11aa25eb4d679275cc5788063a5f19741120c4f2de2adebeb10a298dd" } },
    { 5, "0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c", "546573742057697468205472756e636174696f6e",
      { "0e2aea68a90c8d37c988bcdb9fca6fa8", "a3b6167473100ee06e0c796c2955552b",
        "3abf34c3503b2a23a46efc619baef897", "415fad6271580a531d4179bc891d87a6" } },
    { 6, K131,
      "54657374205573696e67204c6172676572205468616e20426c6f636b2d53697a"
      "65204b6579202d2048617368204b6579204669727374",
      { "95e9a0db962095adaebe9b2d6f0dbce2d499f112f2d2b7273fa6870e",
        "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54",
        "4ece084485813e9088d2c63a041bc5b44f9ef1012a2b588f3cd11f05033ac4c6"
        "0c2ef6ab4030fe8296248df163f44952",
        "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f352"
        "6b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598" } },
    { 7, K131,
      "5468697320697320612074657374207573696e672061206c6172676572207468"
      "616e20626c6f636b2d73697a65206b657920616e642061206c61726765722074"
      "68616e20626c6f636b2d73697a6520646174612e20546865206b6579206e6565"
      "647320746f20626520686173686564206265666f7265206265696e6720757365"
      "642062792074686520484d414320616c676f726974686d2e",
      { "3a854166ac5d9f023f54d517d0b39dbd946770db9c2b95c9f6f565d1",
        "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2",
        "6617178e941f020d351e2f254e8fd32c602420feb0b8fb9adccebb82461e99c5"
        "a678cc31e799176d3860e6110c46523e",
        "e37b6a775dc87dbaa4dfa9f96e5e3ffddebd71f8867289865df5a32d20cdc944"
        "b6022cac3c4982b10d5eeb55c3e4de15134676fb6de0446065c97440fa8c6a58" } },
};
static const char *const rfc4231_hashes[4] = { "sha224", "sha256", "sha384", "sha512" };
#define NRFC4231 (sizeof rfc4231 / sizeof rfc4231[0])

/* RFC 5869 appendix A, cases 1-3 (SHA-256). */
static const struct {
    int tc;
    const char *ikm, *salt, *info, *prk, *okm;
} rfc5869[] = {
    { 1, "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "000102030405060708090a0b0c",
      "f0f1f2f3f4f5f6f7f8f9",
      "077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5",
      "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865" },
    { 2,
      "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
      "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
      "404142434445464748494a4b4c4d4e4f",
      "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
      "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
      "a0a1a2a3a4a5a6a7a8a9aaabacadaeaf",
      "b0b1b2b3b4b5b6b7b8b9babbbcbdbebfc0c1c2c3c4c5c6c7c8c9cacbcccdcecf"
      "d0d1d2d3d4d5d6d7d8d9dadbdcdddedfe0e1e2e3e4e5e6e7e8e9eaebecedeeef"
      "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
      "06a6b88c5853361a06104c9ceb35b45cef760014904671014a193f40c15fc244",
      "b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c"
      "59045a99cac7827271cb41c65e590e09da3275600c2f09b8367793a9aca3db71"
      "cc30c58179ec3e87c14c01d5c1f3434f1d87" },
    { 3, "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "", "",
      "19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04",
      "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d"
      "9d201395faa4b61a96c8" },
};
#define NRFC5869 (sizeof rfc5869 / sizeof rfc5869[0])

/* Every hash, its digest size and libgcrypt's numbers for it. */
static const struct {
    const char *name;
    size_t size;
    int md, mac;
} hash_info[] = {
    { "sha224", AXIOM_SHA224_SIZE, GCRY_MD_SHA224, GCRY_MAC_HMAC_SHA224 },
    { "sha256", AXIOM_SHA256_SIZE, GCRY_MD_SHA256, GCRY_MAC_HMAC_SHA256 },
    { "sha384", AXIOM_SHA384_SIZE, GCRY_MD_SHA384, GCRY_MAC_HMAC_SHA384 },
    { "sha512", AXIOM_SHA512_SIZE, GCRY_MD_SHA512, GCRY_MAC_HMAC_SHA512 },
    { "sha512-256", AXIOM_SHA512_256_SIZE, GCRY_MD_SHA512_256, GCRY_MAC_HMAC_SHA512_256 },
};
#define NHASHES (sizeof hash_info / sizeof hash_info[0])
static const char *const hashes[NHASHES] = { "sha224", "sha256", "sha384", "sha512",
                                              "sha512-256" };

static size_t hash_index(const char *hash)
{
    for (size_t i = 0; i < NHASHES; i++)
        if (strcmp(hash, hash_info[i].name) == 0)
            return i;
    ck_abort_msg("no such hash in the table: %s", hash);
    return 0;
}

static size_t dlen(const char *hash)
{
    return hash_info[hash_index(hash)].size;
}

/* Block size: HMAC keys up to it are used as they are. */
static size_t blen(const char *hash)
{
    return dlen(hash) == 28 || strcmp(hash, "sha256") == 0 ? 64 : 128;
}

/* ---- libgcrypt references ------------------------------------------------ */

static int gcry_hash_algo(const char *hash)
{
    return hash_info[hash_index(hash)].md;
}

static void ref_hash(const char *hash, uint8_t *out, const void *in, size_t len)
{
    gcry_md_hash_buffer(gcry_hash_algo(hash), out, in, len);
}

static void ref_hmac(const char *hash, uint8_t *out, const uint8_t *key, size_t keylen,
                     const void *in, size_t len)
{
    gcry_mac_hd_t h;
    int algo = hash_info[hash_index(hash)].mac;
    size_t n = dlen(hash);
    ck_assert_int_eq(gcry_mac_open(&h, algo, 0, NULL), 0);
    /* libgcrypt refuses a NULL key; an empty one works through a dummy
     * pointer. */
    static const uint8_t none[1];
    ck_assert_int_eq(gcry_mac_setkey(h, keylen ? key : none, keylen), 0);
    ck_assert_int_eq(gcry_mac_write(h, len ? in : none, len), 0);
    ck_assert_int_eq(gcry_mac_read(h, out, &n), 0);
    gcry_mac_close(h);
}

/* RFC 5869 written out over libgcrypt's HMAC. */
static void ref_hkdf(const char *hash, uint8_t *out, size_t outlen, const uint8_t *ikm,
                     size_t ikmlen, const uint8_t *salt, size_t saltlen, const uint8_t *info,
                     size_t infolen)
{
    size_t dl = dlen(hash);
    uint8_t zeros[64] = { 0 }, prk[64], t[64 + 256 + 1];
    ref_hmac(hash, prk, saltlen ? salt : zeros, saltlen ? saltlen : dl, ikm, ikmlen);
    size_t tlen = 0, done = 0;
    ck_assert(infolen <= 256);
    for (unsigned i = 1; done < outlen; i++) {
        if (infolen)
            memcpy(t + tlen, info, infolen);
        t[tlen + infolen] = (uint8_t)i;
        uint8_t blk[64];
        ref_hmac(hash, blk, prk, dl, t, tlen + infolen + 1);
        memcpy(t, blk, dl);
        tlen = dl;
        size_t take = outlen - done < dl ? outlen - done : dl;
        memcpy(out + done, blk, take);
        done += take;
    }
}

/* ---- known-answer tests -------------------------------------------------- */

START_TEST(test_hash_kat)
{
    const char *h = hash_kats[_i].hash, *m = hash_kats[_i].msg;
    uint8_t want[64], got[64], ref[64];
    size_t n = tu_hex_decode(want, sizeof want, hash_kats[_i].digest);
    TU_ASSERT(n == dlen(h), "table entry %d", _i);
    ref_hash(h, ref, m, strlen(m));
    TU_ASSERT_MEM_EQ(ref, want, n, "table entry %d disagrees with libgcrypt", _i);
    TU_ASSERT_RC(axiom_hash(h, got, n, m, strlen(m)), AXIOM_OK, "%s", h);
    TU_ASSERT_MEM_EQ(got, want, n, "%s(\"%.20s\")", h, m);
    /* The name is case-insensitive. */
    char upper[16];
    for (size_t i = 0; i <= strlen(h); i++)
        upper[i] = (char)(h[i] >= 'a' && h[i] <= 'z' ? h[i] - 32 : h[i]);
    TU_ASSERT_RC(axiom_hash(upper, got, n, m, strlen(m)), AXIOM_OK, "%s", upper);
    TU_ASSERT_MEM_EQ(got, want, n, "%s", upper);
}
END_TEST

START_TEST(test_million_a)
{
    const char *h = million_a[_i].hash;
    const size_t total = 1000000;
    uint8_t want[64], got[64];
    size_t n = tu_hex_decode(want, sizeof want, million_a[_i].digest);
    uint8_t *buf = malloc(total);
    ck_assert(buf != NULL);
    memset(buf, 'a', total);
    TU_ASSERT_RC(axiom_hash(h, got, n, buf, total), AXIOM_OK, "%s one-shot", h);
    TU_ASSERT_MEM_EQ(got, want, n, "%s of one million 'a', one shot", h);
    /* Streamed in uneven pieces that cross block boundaries. */
    axiom_hash_ctx *c;
    TU_ASSERT_RC(axiom_hash_new(&c, h), AXIOM_OK, "new");
    size_t done = 0, step = 1;
    while (done < total) {
        size_t take = total - done < step ? total - done : step;
        TU_ASSERT_RC(axiom_hash_update(c, buf + done, take), AXIOM_OK, "update");
        done += take;
        step = step * 3 % 1021 + 1;
    }
    TU_ASSERT_RC(axiom_hash_final(c, got, n), AXIOM_OK, "final");
    TU_ASSERT_MEM_EQ(got, want, n, "%s of one million 'a', streamed", h);
    axiom_hash_free(c);
    free(buf);
}
END_TEST

START_TEST(test_rfc4231)
{
    size_t klen, dlen_;
    uint8_t *key = tu_hex_alloc(rfc4231[_i].key, &klen);
    uint8_t *data = tu_hex_alloc(rfc4231[_i].data, &dlen_);
    for (int w = 0; w < 4; w++) {
        const char *h = rfc4231_hashes[w];
        uint8_t want[64], got[65], ref[64];
        size_t n = tu_hex_decode(want, sizeof want, rfc4231[_i].mac[w]);
        ref_hmac(h, ref, key, klen, data, dlen_);
        TU_ASSERT_MEM_EQ(ref, want, n, "RFC 4231 case %d table vs libgcrypt (%s)", rfc4231[_i].tc, h);
        tu_fill_sentinel(got, sizeof got);
        TU_ASSERT_RC(axiom_hmac(h, got, n, key, klen, data, dlen_), AXIOM_OK, "hmac");
        TU_ASSERT_MEM_EQ(got, want, n, "RFC 4231 case %d HMAC-%s", rfc4231[_i].tc, h);
        /* Truncated tags write exactly maclen bytes. */
        TAIL_SENTINEL(got, n, sizeof got, "after a %zu-byte tag", n);
        /* Through a keyed context, twice (final restarts under the key). */
        axiom_hmac_ctx *c;
        TU_ASSERT_RC(axiom_hmac_new(&c, h), AXIOM_OK, "hmac_new");
        TU_ASSERT_RC(axiom_hmac_setkey(c, key, klen), AXIOM_OK, "setkey");
        for (int rep = 0; rep < 2; rep++) {
            memset(got, 0, sizeof got);
            TU_ASSERT_RC(axiom_hmac_update(c, data, dlen_ / 2), AXIOM_OK, "update");
            TU_ASSERT_RC(axiom_hmac_update(c, data + dlen_ / 2, dlen_ - dlen_ / 2), AXIOM_OK,
                         "update");
            TU_ASSERT_RC(axiom_hmac_final(c, got, n), AXIOM_OK, "final");
            TU_ASSERT_MEM_EQ(got, want, n, "RFC 4231 case %d HMAC-%s ctx, round %d",
                             rfc4231[_i].tc, h, rep);
        }
        axiom_hmac_free(c);
    }
    free(key);
    free(data);
}
END_TEST

START_TEST(test_rfc5869)
{
    size_t ikmlen, saltlen, infolen, okmlen;
    uint8_t *ikm = tu_hex_alloc(rfc5869[_i].ikm, &ikmlen);
    uint8_t *salt = tu_hex_alloc(rfc5869[_i].salt, &saltlen);
    uint8_t *info = tu_hex_alloc(rfc5869[_i].info, &infolen);
    uint8_t *okm = tu_hex_alloc(rfc5869[_i].okm, &okmlen);
    uint8_t prk[32], got[128], ref[128];
    tu_hex_decode(prk, sizeof prk, rfc5869[_i].prk);
    ref_hkdf("sha256", ref, okmlen, ikm, ikmlen, salt, saltlen, info, infolen);
    TU_ASSERT_MEM_EQ(ref, okm, okmlen, "RFC 5869 case %d table vs libgcrypt", rfc5869[_i].tc);
    /* The PRK is HMAC(salt, IKM) (a zero salt when none is given). */
    uint8_t zeros[32] = { 0 };
    TU_ASSERT_RC(axiom_hmac("sha256", got, 32, saltlen ? salt : zeros, saltlen ? saltlen : 32,
                            ikm, ikmlen), AXIOM_OK, "prk");
    TU_ASSERT_MEM_EQ(got, prk, 32, "RFC 5869 case %d PRK", rfc5869[_i].tc);
    tu_fill_sentinel(got, sizeof got);
    TU_ASSERT_RC(axiom_hkdf("sha256", got, okmlen, ikm, ikmlen, saltlen ? salt : NULL, saltlen,
                            infolen ? info : NULL, infolen), AXIOM_OK, "hkdf");
    TU_ASSERT_MEM_EQ(got, okm, okmlen, "RFC 5869 case %d OKM", rfc5869[_i].tc);
    TAIL_SENTINEL(got, okmlen, sizeof got, "past the output");
    /* Every shorter output is a prefix of the longer one. */
    for (size_t l = 0; l < okmlen; l += 7) {
        memset(got, 0, sizeof got);
        TU_ASSERT_RC(axiom_hkdf("sha256", got, l, ikm, ikmlen, salt, saltlen, info, infolen),
                     AXIOM_OK, "hkdf len %zu", l);
        TU_ASSERT_MEM_EQ(got, okm, l, "RFC 5869 case %d, first %zu bytes", rfc5869[_i].tc, l);
    }
    free(ikm);
    free(salt);
    free(info);
    free(okm);
}
END_TEST

/* ---- streaming ------------------------------------------------------------ */

/* Every split point of messages around the block and padding boundaries
 * of both families, and three-way splits of shorter ones, for every hash
 * and HMAC (keys longer than either block size). */
START_TEST(test_split_points)
{
    static const size_t lens[] = { 0, 1, 55, 56, 63, 64, 65, 111, 112, 119, 120, 127,
                                   128, 129, 200, 239, 240, 256, 333 };
    tu_rng_reset("split");
    uint8_t msg[333], key[140], one[64], got[64];
    tu_rand_bytes(msg, sizeof msg);
    tu_rand_bytes(key, sizeof key);
    for (size_t hi = 0; hi < NHASHES; hi++) {
        const char *h = hashes[hi];
        size_t n = dlen(h);
        axiom_hash_ctx *c;
        axiom_hmac_ctx *m;
        TU_ASSERT_RC(axiom_hash_new(&c, h), AXIOM_OK, "new");
        TU_ASSERT_RC(axiom_hmac_new(&m, h), AXIOM_OK, "hmac_new");
        TU_ASSERT_RC(axiom_hmac_setkey(m, key, sizeof key), AXIOM_OK, "setkey");
        for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
            size_t len = lens[li];
            uint8_t mone[64];
            axiom_hash(h, one, n, msg, len);
            axiom_hmac(h, mone, n, key, sizeof key, msg, len);
            for (size_t s = 0; s <= len; s++) {
                axiom_hash_update(c, msg, s);
                axiom_hash_update(c, msg + s, len - s);
                TU_ASSERT_RC(axiom_hash_final(c, got, n), AXIOM_OK, "final");
                TU_ASSERT_MEM_EQ(got, one, n, "%s len %zu split at %zu", h, len, s);
                axiom_hmac_update(m, msg, s);
                axiom_hmac_update(m, msg + s, len - s);
                TU_ASSERT_RC(axiom_hmac_final(m, got, n), AXIOM_OK, "hmac final");
                TU_ASSERT_MEM_EQ(got, mone, n, "HMAC-%s len %zu split at %zu", h, len, s);
            }
            if (len > 130)
                continue;
            for (size_t s = 0; s <= len; s++)
                for (size_t t = s; t <= len; t++) {
                    axiom_hash_update(c, msg, s);
                    axiom_hash_update(c, msg + s, t - s);
                    axiom_hash_update(c, msg + t, len - t);
                    axiom_hash_final(c, got, n);
                    TU_ASSERT_MEM_EQ(got, one, n, "%s len %zu split at %zu, %zu", h, len, s, t);
                }
        }
        axiom_hash_free(c);
        axiom_hmac_free(m);
    }
}
END_TEST

/* Final starts a new message: a context reused for many messages gives the
 * digests of fresh contexts; and a failed final keeps the message. */
START_TEST(test_final_resets)
{
    tu_rng_reset("reuse");
    uint8_t msg[300], got[64], want[64];
    tu_rand_bytes(msg, sizeof msg);
    for (size_t hi = 0; hi < NHASHES; hi++) {
        const char *h = hashes[hi];
        size_t n = dlen(h);
        axiom_hash_ctx *c;
        TU_ASSERT_RC(axiom_hash_new(&c, h), AXIOM_OK, "new");
        for (size_t len = 0; len <= sizeof msg; len += 37) {
            TU_ASSERT_RC(axiom_hash_update(c, msg, len), AXIOM_OK, "update");
            TU_ASSERT_RC(axiom_hash_final(c, got, n - 1), AXIOM_ELENGTH, "short final");
            TU_ASSERT_RC(axiom_hash_final(c, got, n), AXIOM_OK, "final");
            ref_hash(h, want, msg, len);
            TU_ASSERT_MEM_EQ(got, want, n, "%s reused, len %zu", h, len);
        }
        /* Final with no update: the empty message. */
        TU_ASSERT_RC(axiom_hash_final(c, got, n), AXIOM_OK, "final");
        ref_hash(h, want, "", 0);
        TU_ASSERT_MEM_EQ(got, want, n, "%s empty after reuse", h);
        axiom_hash_free(c);
    }
}
END_TEST

/* ---- differential against libgcrypt --------------------------------------- */

START_TEST(test_gcrypt_diff)
{
    tu_rng_reset("gcrypt-diff");
    uint8_t *msg = malloc(10001 + 16);
    uint8_t key[300], got[64], want[64];
    ck_assert(msg != NULL);
    for (int iter = 0; iter < 500; iter++) {
        const char *h = hashes[iter % NHASHES];
        size_t n = dlen(h);
        size_t len = iter < 20 ? (size_t)iter * 513 % 10001 : tu_rand_range(0, 10000);
        size_t off = tu_rand_range(0, 15); /* any alignment */
        tu_rand_bytes(msg + off, len);
        TU_ASSERT_RC(axiom_hash(h, got, n, msg + off, len), AXIOM_OK, "hash");
        ref_hash(h, want, msg + off, len);
        TU_ASSERT_MEM_EQ(got, want, n, "%s len %zu vs libgcrypt", h, len);

        size_t klen = tu_rand_range(0, sizeof key);
        size_t maclen = tu_rand_range(1, n);
        tu_rand_bytes(key, klen);
        memset(got, 0, sizeof got);
        TU_ASSERT_RC(axiom_hmac(h, got, maclen, key, klen, msg + off, len), AXIOM_OK, "hmac");
        ref_hmac(h, want, key, klen, msg + off, len);
        TU_ASSERT_MEM_EQ(got, want, maclen, "HMAC-%s key %zu len %zu maclen %zu vs libgcrypt",
                         h, klen, len, maclen);

        if (iter % 7 == 0) {
            uint8_t okm[600], rokm[600];
            size_t outlen = tu_rand_range(0, sizeof okm), infolen = tu_rand_range(0, 100);
            size_t saltlen = tu_rand_range(0, 100);
            /* Salt and info come from key[]: make all of it defined. */
            tu_rand_bytes(key, 200);
            TU_ASSERT_RC(axiom_hkdf(h, okm, outlen, msg + off, len > 300 ? 300 : len, key,
                                    saltlen, key + 100, infolen), AXIOM_OK, "hkdf");
            ref_hkdf(h, rokm, outlen, msg + off, len > 300 ? 300 : len, key, saltlen, key + 100,
                     infolen);
            TU_ASSERT_MEM_EQ(okm, rokm, outlen, "HKDF-%s outlen %zu", h, outlen);
        }
    }
    /* Every length to 600 (the one-shot paths split where the length
     * field stops fitting and at one and two blocks), for every hash, and
     * HMAC with a truncated tag and keys around the block size. */
    for (size_t len = 0; len <= 600; len++) {
        for (size_t hi = 0; hi < NHASHES; hi++) {
            const char *h = hashes[hi];
            size_t n = dlen(h), maclen = 1 + len % n;
            size_t klen = blen(h) - 2 + len % 5;
            tu_rand_bytes(msg, len);
            tu_rand_bytes(key, klen);
            TU_ASSERT_RC(axiom_hash(h, got, n, len ? msg : NULL, len), AXIOM_OK, "hash");
            ref_hash(h, want, msg, len);
            TU_ASSERT_MEM_EQ(got, want, n, "%s len %zu vs libgcrypt", h, len);
            TU_ASSERT_RC(axiom_hmac(h, got, maclen, key, klen, msg, len), AXIOM_OK, "hmac");
            ref_hmac(h, want, key, klen, msg, len);
            TU_ASSERT_MEM_EQ(got, want, maclen,
                             "HMAC-%s key %zu len %zu maclen %zu vs libgcrypt", h, klen, len,
                             maclen);
        }
    }
    free(msg);
}
END_TEST

/* ---- many messages at once ------------------------------------------------- */

#define MANY_MAX 80
/* Room for the longest message (20000 bytes) at the largest start offset (6). */
#define MANY_BUF (20000 + 8)

static size_t mix_len(int mix, size_t i)
{
    switch (mix) {
    case 0: return tu_rand_range(0, 10000);            /* anything */
    case 1: return 1024;                               /* equal */
    case 2: return tu_rand_range(0, 200);              /* short, padding-heavy */
    case 3: return i % 5 == 0 ? tu_rand_range(5000, 20000) : tu_rand_range(0, 64);
    case 4: return 64 * tu_rand_range(0, 40) + (i & 1) * 55; /* block and pad edges */
    default: return tu_rand_range(1000, 1100);         /* similar */
    }
}

START_TEST(test_many)
{
    tu_rng_reset("many");
    static uint8_t *bufs[MANY_MAX];
    uint8_t dig[MANY_MAX][65], want[64], key[150];
    uint8_t *dptr[MANY_MAX];
    const void *mptr[MANY_MAX];
    size_t lens[MANY_MAX];
    for (int i = 0; i < MANY_MAX; i++) {
        bufs[i] = malloc(MANY_BUF);
        ck_assert(bufs[i] != NULL);
        tu_rand_bytes(bufs[i], MANY_BUF);
        dptr[i] = dig[i];
    }
    const char *impl = axiom_impl("sha256-many");
    TU_ASSERT(impl != NULL, "axiom_impl(sha256-many)");
    for (int iter = 0; iter < 75; iter++) {
        const char *h = hashes[iter % NHASHES];
        size_t dl = dlen(h);
        int mix = iter % 6;
        size_t n = iter < 6 ? (size_t)iter * 3 : tu_rand_range(0, MANY_MAX);
        for (size_t i = 0; i < n; i++) {
            lens[i] = mix_len(mix, i);
            /* Unaligned starts, and an empty message may be NULL. */
            mptr[i] = lens[i] || (i & 1) ? (const void *)(bufs[i] + (i % 7)) : NULL;
        }
        memset(dig, 0, sizeof dig);
        TU_ASSERT_RC(axiom_hash_many(h, dptr, dl, mptr, lens, n), AXIOM_OK, "hash_many");
        for (size_t i = 0; i < n; i++) {
            axiom_hash(h, want, dl, mptr[i], lens[i]);
            TU_ASSERT_MEM_EQ(dig[i], want, dl, "%s many (%s) n %zu mix %d msg %zu len %zu", h,
                             impl, n, mix, i, lens[i]);
        }
        /* HMAC of many messages under one key. */
        size_t klen = tu_rand_range(0, sizeof key), maclen = tu_rand_range(1, dl);
        tu_rand_bytes(key, klen);
        axiom_hmac_ctx *c;
        TU_ASSERT_RC(axiom_hmac_new(&c, h), AXIOM_OK, "hmac_new");
        TU_ASSERT_RC(axiom_hmac_setkey(c, key, klen), AXIOM_OK, "setkey");
        memset(dig, 0, sizeof dig);
        TU_ASSERT_RC(axiom_hmac_many(c, dptr, maclen, mptr, lens, n), AXIOM_OK, "hmac_many");
        for (size_t i = 0; i < n; i++) {
            axiom_hmac(h, want, maclen, key, klen, mptr[i], lens[i]);
            TU_ASSERT_MEM_EQ(dig[i], want, maclen, "HMAC-%s many n %zu mix %d msg %zu len %zu",
                             h, n, mix, i, lens[i]);
            TU_ASSERT(dig[i][maclen] == 0, "wrote past maclen");
        }
        axiom_hmac_free(c);
    }
    for (int i = 0; i < MANY_MAX; i++)
        free(bufs[i]);
}
END_TEST

/* ---- misuse ----------------------------------------------------------------- */

START_TEST(test_misuse)
{
    uint8_t out[64], key[16] = { 0 };
    const uint8_t msg[4] = "abc";
    axiom_hash_ctx *c = (axiom_hash_ctx *)(uintptr_t)1;

#define NOTHING_WRITTEN(call, want)                                            \
    do {                                                                       \
        tu_fill_sentinel(out, sizeof out);                                     \
        TU_ASSERT_RC((call), (want), "%s", #call);                            \
        TU_ASSERT_SENTINEL(out, sizeof out, "%s", #call);                     \
    } while (0)

    NOTHING_WRITTEN(axiom_hash("md5", out, 16, msg, 3), AXIOM_ENOTFOUND);
    NOTHING_WRITTEN(axiom_hash("sha256x", out, 32, msg, 3), AXIOM_ENOTFOUND);
    /* The look-up lowercases only ASCII capitals and compares whole names:
     * neighbours of the letters ('@', '['), bytes that differ from a name's
     * byte by the case bit alone (0x15 | 0x20 is '5'), bytes >= 0x80,
     * prefixes, extensions and names of 15, 16 and more bytes all miss. */
    {
        static const char *const misses[] = {
            "", "s", "sha25", "sha2566", "sha256 ", " sha256", "sh@256", "sh[256", "sha2\x15" "6",
            "sha256\x80", "\xd3ha256", "sha\x12\x15\x16", "sha224sha256", "sha256sha256sha",
            "sha256sha256sha2", "sha256sha256sha25", "sha256sha256sha256sha256", "sha-256",
            /* the look-up matches "sha" in any case, then the rest of a
             * name byte for byte: prefixes of each rest, the rests
             * swapped, and a case-bit neighbour in the letters */
            "sha", "SHA", "sha2", "sha22", "sha3", "sha38", "sha5", "sha51", "sha512-",
            "sha512-2", "sha512-25", "sha384-256", "sha256-256", "sha224-256", "sha256-",
            "sha512-256-", "sha512-256x", "sha\x00" "256", "sHA\x12\x15\x16", "\x53\x48\x41",
            "sh\x01" "256", "s\x08" "a256", "\x13ha256",
        };
        for (size_t i = 0; i < sizeof misses / sizeof misses[0]; i++) {
            NOTHING_WRITTEN(axiom_hash(misses[i], out, 32, msg, 3), AXIOM_ENOTFOUND);
            NOTHING_WRITTEN(axiom_hash(misses[i], out, 28, msg, 3), AXIOM_ENOTFOUND);
        }
        static const char *const hits[] = { "SHA256", "Sha256", "sHA256", "SHA224", "sha224",
                                            "shA256", "ShA224" };
        for (size_t i = 0; i < sizeof hits / sizeof hits[0]; i++)
            TU_ASSERT_RC(axiom_hash(hits[i], out, hits[i][4] == '5' ? 32 : 28, msg, 3), AXIOM_OK,
                         "%s", hits[i]);
    }
    NOTHING_WRITTEN(axiom_hash(NULL, out, 32, msg, 3), AXIOM_EINVAL);
    NOTHING_WRITTEN(axiom_hash("sha256", out, 31, msg, 3), AXIOM_ELENGTH);
    NOTHING_WRITTEN(axiom_hash("sha256", out, 33, msg, 3), AXIOM_ELENGTH);
    NOTHING_WRITTEN(axiom_hash("sha224", out, 32, msg, 3), AXIOM_ELENGTH);
    NOTHING_WRITTEN(axiom_hash("sha256", out, 0, msg, 3), AXIOM_ELENGTH);
    NOTHING_WRITTEN(axiom_hash("sha256", out, 32, NULL, 3), AXIOM_EINVAL);
    TU_ASSERT_RC(axiom_hash("sha256", NULL, 32, msg, 3), AXIOM_EINVAL, "NULL digest");
    tu_fill_sentinel(out, sizeof out);
    TU_ASSERT_RC(axiom_hash("sha256", out, 32, NULL, 0), AXIOM_OK, "NULL, 0 is the empty message");
    TAIL_SENTINEL(out, 32, sizeof out, "past the digest");

    NOTHING_WRITTEN(axiom_hash("sha512", out, 63, msg, 3), AXIOM_ELENGTH);
    NOTHING_WRITTEN(axiom_hash("sha512", out, 32, msg, 3), AXIOM_ELENGTH);
    NOTHING_WRITTEN(axiom_hash("sha384", out, 64, msg, 3), AXIOM_ELENGTH);
    NOTHING_WRITTEN(axiom_hash("sha512-256", out, 64, msg, 3), AXIOM_ELENGTH);
    NOTHING_WRITTEN(axiom_hash("sha512/256", out, 32, msg, 3), AXIOM_ENOTFOUND);
    NOTHING_WRITTEN(axiom_hash("sha512-2566", out, 32, msg, 3), AXIOM_ENOTFOUND);
    TU_ASSERT_RC(axiom_hash("SHA512-256", out, 32, msg, 3), AXIOM_OK, "SHA512-256");
    TU_ASSERT_RC(axiom_hash("sHa512-256", out, 32, msg, 3), AXIOM_OK, "sHa512-256");
    TU_ASSERT_RC(axiom_hash("Sha384", out, 48, msg, 3), AXIOM_OK, "Sha384");
    TU_ASSERT_RC(axiom_hash("SHA512", out, 64, msg, 3), AXIOM_OK, "SHA512");
    NOTHING_WRITTEN(axiom_hash("sha384", out, 32, msg, 3), AXIOM_ELENGTH);
    NOTHING_WRITTEN(axiom_hash("sha512-256x", out, 32, msg, 3), AXIOM_ENOTFOUND);
    NOTHING_WRITTEN(axiom_hash("sha512-25", out, 32, msg, 3), AXIOM_ENOTFOUND);
    NOTHING_WRITTEN(axiom_hmac("sha384", out, 49, key, 16, msg, 3), AXIOM_ELENGTH);
    NOTHING_WRITTEN(axiom_hmac("sha512", out, 65, key, 16, msg, 3), AXIOM_ELENGTH);

    TU_ASSERT_RC(axiom_hash_new(&c, "sha3-512"), AXIOM_ENOTFOUND, "new unknown");
    TU_ASSERT(c == NULL, "ctx set to NULL on error");
    TU_ASSERT_RC(axiom_hash_new(&c, NULL), AXIOM_EINVAL, "new NULL name");
    TU_ASSERT_RC(axiom_hash_new(NULL, "sha256"), AXIOM_EINVAL, "new NULL ctx");
    TU_ASSERT_RC(axiom_hash_new(&c, "SHA256"), AXIOM_OK, "new");
    TU_ASSERT_RC(axiom_hash_update(c, NULL, 1), AXIOM_EINVAL, "update NULL");
    TU_ASSERT_RC(axiom_hash_update(c, NULL, 0), AXIOM_OK, "update NULL, 0");
    TU_ASSERT_RC(axiom_hash_update(NULL, msg, 1), AXIOM_EINVAL, "update NULL ctx");
    TU_ASSERT_RC(axiom_hash_update(c, msg, 3), AXIOM_OK, "update");
    NOTHING_WRITTEN(axiom_hash_final(c, out, 28), AXIOM_ELENGTH);
    NOTHING_WRITTEN(axiom_hash_final(NULL, out, 32), AXIOM_EINVAL);
    TU_ASSERT_RC(axiom_hash_final(c, NULL, 32), AXIOM_EINVAL, "final NULL");
    /* The message survived the failed finals. */
    uint8_t want[64];
    axiom_hash("sha256", want, 32, msg, 3);
    TU_ASSERT_RC(axiom_hash_final(c, out, 32), AXIOM_OK, "final");
    TU_ASSERT_MEM_EQ(out, want, 32, "message kept across failed finals");
    axiom_hash_free(c);
    axiom_hash_free(NULL);

    NOTHING_WRITTEN(axiom_hmac("sha1", out, 20, key, 16, msg, 3), AXIOM_ENOTFOUND);
    NOTHING_WRITTEN(axiom_hmac(NULL, out, 20, key, 16, msg, 3), AXIOM_EINVAL);
    NOTHING_WRITTEN(axiom_hmac("sha256", out, 0, key, 16, msg, 3), AXIOM_ELENGTH);
    NOTHING_WRITTEN(axiom_hmac("sha256", out, 33, key, 16, msg, 3), AXIOM_ELENGTH);
    NOTHING_WRITTEN(axiom_hmac("sha224", out, 29, key, 16, msg, 3), AXIOM_ELENGTH);
    NOTHING_WRITTEN(axiom_hmac("sha256", out, 32, NULL, 16, msg, 3), AXIOM_EINVAL);
    NOTHING_WRITTEN(axiom_hmac("sha256", out, 32, key, 16, NULL, 3), AXIOM_EINVAL);
    TU_ASSERT_RC(axiom_hmac("sha256", NULL, 32, key, 16, msg, 3), AXIOM_EINVAL, "NULL mac");
    TU_ASSERT_RC(axiom_hmac("sha256", out, 1, NULL, 0, NULL, 0), AXIOM_OK, "empty key and msg");
    TAIL_SENTINEL(out, 1, sizeof out, "1-byte tag");

    axiom_hmac_ctx *m = (axiom_hmac_ctx *)(uintptr_t)1;
    TU_ASSERT_RC(axiom_hmac_new(&m, "nope"), AXIOM_ENOTFOUND, "hmac_new unknown");
    TU_ASSERT(m == NULL, "hmac ctx set to NULL on error");
    TU_ASSERT_RC(axiom_hmac_new(NULL, "sha256"), AXIOM_EINVAL, "hmac_new NULL");
    TU_ASSERT_RC(axiom_hmac_new(&m, "sha256"), AXIOM_OK, "hmac_new");
    TU_ASSERT_RC(axiom_hmac_update(m, msg, 3), AXIOM_ESTATE, "update before setkey");
    NOTHING_WRITTEN(axiom_hmac_final(m, out, 32), AXIOM_ESTATE);
    {
        uint8_t *o[1] = { out };
        const void *i[1] = { msg };
        size_t l[1] = { 3 };
        NOTHING_WRITTEN(axiom_hmac_many(m, o, 32, i, l, 1), AXIOM_ESTATE);
    }
    TU_ASSERT_RC(axiom_hmac_setkey(m, NULL, 5), AXIOM_EINVAL, "setkey NULL");
    TU_ASSERT_RC(axiom_hmac_setkey(m, key, 16), AXIOM_OK, "setkey");
    TU_ASSERT_RC(axiom_hmac_update(m, NULL, 3), AXIOM_EINVAL, "update NULL");
    TU_ASSERT_RC(axiom_hmac_update(m, msg, 3), AXIOM_OK, "update");
    NOTHING_WRITTEN(axiom_hmac_final(m, out, 0), AXIOM_ELENGTH);
    NOTHING_WRITTEN(axiom_hmac_final(m, out, 33), AXIOM_ELENGTH);
    axiom_hmac("sha256", want, 32, key, 16, msg, 3);
    TU_ASSERT_RC(axiom_hmac_final(m, out, 32), AXIOM_OK, "final");
    TU_ASSERT_MEM_EQ(out, want, 32, "message kept across failed hmac finals");
    axiom_hmac_free(m);
    axiom_hmac_free(NULL);

    /* HKDF: 255 * 32 = 8160 is the most SHA-256 can give. */
    uint8_t *big = malloc(8200);
    ck_assert(big != NULL);
    tu_fill_sentinel(big, 8200);
    TU_ASSERT_RC(axiom_hkdf("sha256", big, 8161, key, 16, NULL, 0, NULL, 0), AXIOM_ELENGTH,
                 "hkdf 8161");
    TU_ASSERT_SENTINEL(big, 8200, "hkdf too long");
    TU_ASSERT_RC(axiom_hkdf("sha224", big, 255 * 28 + 1, key, 16, NULL, 0, NULL, 0),
                 AXIOM_ELENGTH, "hkdf-sha224 too long");
    TU_ASSERT_SENTINEL(big, 8200, "hkdf-sha224 too long");
    {
        /* 255 * 64 = 16320 for SHA-512, 255 * 48 = 12240 for SHA-384. */
        uint8_t *huge = malloc(16400);
        ck_assert(huge != NULL);
        tu_fill_sentinel(huge, 16400);
        TU_ASSERT_RC(axiom_hkdf("sha512", huge, 16321, key, 16, NULL, 0, NULL, 0),
                     AXIOM_ELENGTH, "hkdf-sha512 too long");
        TU_ASSERT_RC(axiom_hkdf("sha384", huge, 12241, key, 16, NULL, 0, NULL, 0),
                     AXIOM_ELENGTH, "hkdf-sha384 too long");
        TU_ASSERT_SENTINEL(huge, 16400, "hkdf-sha384/512 too long");
        TU_ASSERT_RC(axiom_hkdf("sha512", huge, 16320, key, 16, NULL, 0, NULL, 0), AXIOM_OK,
                     "hkdf-sha512 16320");
        TAIL_SENTINEL(huge, 16320, 16400, "past 16320");
        free(huge);
    }
    TU_ASSERT_RC(axiom_hkdf("sha256", big, 8160, key, 16, NULL, 0, NULL, 0), AXIOM_OK,
                 "hkdf 8160");
    TAIL_SENTINEL(big, 8160, 8200, "past 8160");
    free(big);
    NOTHING_WRITTEN(axiom_hkdf("md4", out, 32, key, 16, NULL, 0, NULL, 0), AXIOM_ENOTFOUND);
    NOTHING_WRITTEN(axiom_hkdf(NULL, out, 32, key, 16, NULL, 0, NULL, 0), AXIOM_EINVAL);
    NOTHING_WRITTEN(axiom_hkdf("sha256", out, 32, NULL, 16, NULL, 0, NULL, 0), AXIOM_EINVAL);
    NOTHING_WRITTEN(axiom_hkdf("sha256", out, 32, key, 16, NULL, 4, NULL, 0), AXIOM_EINVAL);
    NOTHING_WRITTEN(axiom_hkdf("sha256", out, 32, key, 16, NULL, 0, NULL, 4), AXIOM_EINVAL);
    NOTHING_WRITTEN(axiom_hkdf("sha256", out, 32, key, 16, NULL, 0, out + 8, 4), AXIOM_EINVAL);
    TU_ASSERT_RC(axiom_hkdf("sha256", NULL, 32, key, 16, NULL, 0, NULL, 0), AXIOM_EINVAL,
                 "hkdf NULL out");
    NOTHING_WRITTEN(axiom_hkdf("sha256", NULL, 0, key, 16, NULL, 0, NULL, 0), AXIOM_OK);
    /* out may overlap ikm and salt. */
    {
        uint8_t buf[64], ref[32];
        for (int i = 0; i < 64; i++)
            buf[i] = (uint8_t)i;
        axiom_hkdf("sha256", ref, 32, buf, 32, buf + 32, 32, NULL, 0);
        TU_ASSERT_RC(axiom_hkdf("sha256", buf, 32, buf, 32, buf + 32, 32, NULL, 0), AXIOM_OK,
                     "hkdf in place");
        TU_ASSERT_MEM_EQ(buf, ref, 32, "hkdf with out == ikm");
    }

    /* Many: every argument is checked before any digest is written. */
    {
        uint8_t d2[32];
        uint8_t *o[2] = { out, d2 };
        const void *i[2] = { msg, NULL };
        size_t l[2] = { 3, 1 };
        tu_fill_sentinel(d2, sizeof d2);
        NOTHING_WRITTEN(axiom_hash_many("sha256", o, 32, i, l, 2), AXIOM_EINVAL);
        TU_ASSERT_SENTINEL(d2, sizeof d2, "second digest");
        l[1] = 0;
        NOTHING_WRITTEN(axiom_hash_many("sha256", o, 31, i, l, 2), AXIOM_ELENGTH);
        NOTHING_WRITTEN(axiom_hash_many("sha3", o, 32, i, l, 2), AXIOM_ENOTFOUND);
        NOTHING_WRITTEN(axiom_hash_many(NULL, o, 32, i, l, 2), AXIOM_EINVAL);
        NOTHING_WRITTEN(axiom_hash_many("sha256", o, 32, NULL, l, 2), AXIOM_EINVAL);
        NOTHING_WRITTEN(axiom_hash_many("sha256", o, 32, i, NULL, 2), AXIOM_EINVAL);
        o[1] = NULL;
        NOTHING_WRITTEN(axiom_hash_many("sha256", o, 32, i, l, 2), AXIOM_EINVAL);
        TU_ASSERT_RC(axiom_hash_many("sha256", NULL, 32, NULL, NULL, 0), AXIOM_OK, "n = 0");
    }
#undef NOTHING_WRITTEN
}
END_TEST

/* An AMD family 19h CPU (Zen 4 when it has AVX-512), read here from
 * CPUID independently of the library, with the per-model preferences on:
 * there the library passes over the avx512 SHA-512 kernel. */
static int zen4_tuned(void)
{
    const char *t = getenv("AXIOM_CPU_TUNING");
    if (t && strcmp(t, "0") == 0)
        return 0;
#if defined(__x86_64__) || defined(__i386__)
    unsigned a, b, c, d;
    if (!__get_cpuid(0, &a, &b, &c, &d) || a < 1)
        return 0;
    char vendor[13];
    memcpy(vendor, &b, 4);
    memcpy(vendor + 4, &d, 4);
    memcpy(vendor + 8, &c, 4);
    vendor[12] = '\0';
    __cpuid(1, a, b, c, d);
    unsigned family = (a >> 8) & 0xf;
    if (family == 0xf)
        family += (a >> 20) & 0xff;
    return strcmp(vendor, "AuthenticAMD") == 0 && family == 0x19;
#else
    return 0;
#endif
}

/* The kernel axiom_impl() reports follows the tier. */
START_TEST(test_impl)
{
    const char *tier = tu_tier();
    const char *one = axiom_impl("sha256"), *many = axiom_impl("SHA256-many");
    uint64_t f = axiom_cpu_features();
    TU_ASSERT(one && many, "axiom_impl returned NULL");
    TU_ASSERT(strcmp(one, axiom_impl("sha224")) == 0, "sha224 and sha256 share kernels");
    TU_ASSERT(axiom_impl("sha3-512") == NULL && axiom_impl("-many") == NULL &&
                  axiom_impl("sha3-512-many") == NULL, "unknown hash names");
    /* SHA-384/512 share their kernels; their many-message calls run one
     * message at a time on the single-stream kernel. */
    const char *one512 = axiom_impl("sha512");
    TU_ASSERT(one512 != NULL, "axiom_impl(sha512)");
    TU_ASSERT(strcmp(one512, axiom_impl("sha384")) == 0 &&
                  strcmp(one512, axiom_impl("SHA512-256")) == 0 &&
                  strcmp(one512, axiom_impl("sha512-many")) == 0,
              "SHA-384/512 kernels");
    if (strcmp(tier, "all-off") == 0)
        TU_ASSERT(strcmp(one512, "generic") == 0, "portable tier uses %s", one512);
    if ((f & AXIOM_CPU_AVX512) && (f & AXIOM_CPU_BMI2) && zen4_tuned())
        TU_ASSERT(strcmp(one512, "avx512-gpr") == 0, "AMD Zen 4 tuned but %s chosen", one512);
    else if ((f & AXIOM_CPU_AVX512) && (f & AXIOM_CPU_BMI2))
        TU_ASSERT(strcmp(one512, "avx512") == 0, "AVX-512 usable but %s chosen", one512);
    else if ((f & AXIOM_CPU_AVX2) && (f & AXIOM_CPU_BMI2))
        TU_ASSERT(strcmp(one512, "avx2") == 0, "AVX2 usable but %s chosen", one512);
    if (strcmp(tier, "all-off") == 0) {
        TU_ASSERT(strcmp(one, "generic") == 0 && strcmp(many, "generic") == 0,
                  "portable tier uses %s / %s", one, many);
    }
    if (f & AXIOM_CPU_SHANI)
        TU_ASSERT(strcmp(one, "shani") == 0, "SHA-NI usable but %s chosen", one);
    printf("[%s] sha256: %s, sha256-many: %s, sha512: %s\n", tier, one, many, one512);
}
END_TEST

static Suite *hash_suite(void)
{
    Suite *s = suite_create("hash");
    TCase *tc = tcase_create("kat");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_hash_kat, 0, (int)NHASH_KATS);
    tcase_add_loop_test(tc, test_million_a, 0, (int)NMILLION_A);
    tcase_add_loop_test(tc, test_rfc4231, 0, (int)NRFC4231);
    tcase_add_loop_test(tc, test_rfc5869, 0, (int)NRFC5869);
    suite_add_tcase(s, tc);
    tc = tcase_create("stream");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_split_points);
    tcase_add_test(tc, test_final_resets);
    suite_add_tcase(s, tc);
    tc = tcase_create("diff");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_gcrypt_diff);
    tcase_add_test(tc, test_many);
    suite_add_tcase(s, tc);
    tc = tcase_create("misuse");
    tcase_add_test(tc, test_misuse);
    tcase_add_test(tc, test_impl);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    tu_init("test_hash");
    tu_gcry_init();
    return tu_run_suite(hash_suite());
}
