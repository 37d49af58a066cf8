/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Writes the seed corpus of one fuzz target from the known-answer vectors
 * in tests/vectors (Wycheproof AES-GCM, ChaCha20-Poly1305, XChaCha20-
 * Poly1305, AES-CBC and AES-XTS), encoded exactly as the target reads its
 * input, so that fuzzing starts from the standard cases.
 *
 *   seeds fuzz_aead|fuzz_cipher|fuzz_api|fuzz_chunked OUTDIR VECTORDIR */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "aead_table.h"

static uint8_t buf[16384];
static size_t blen;
static unsigned nseeds;

static void put8(unsigned v)
{
    if (blen < sizeof buf)
        buf[blen++] = (uint8_t)v;
}

static void put16(unsigned v)
{
    put8(v & 0xff);
    put8(v >> 8);
}

static void put(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        put8(p[i]);
}

static size_t unhex(uint8_t *out, size_t cap, const char *h)
{
    size_t n = strlen(h) / 2;
    if (n > cap)
        return (size_t)-1;
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        if (sscanf(h + 2 * i, "%2x", &v) != 1)
            return (size_t)-1;
        out[i] = (uint8_t)v;
    }
    return n;
}

static int flush(const char *dir)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/kat-%04u", dir, nseeds++);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(buf, 1, blen, f) != blen || fclose(f) != 0) {
        perror(path);
        return -1;
    }
    blen = 0;
    return 0;
}

static const char *str(json_object *o, const char *k)
{
    json_object *v;
    return json_object_object_get_ex(o, k, &v) ? json_object_get_string(v) : "";
}

/* Calls @fn for every valid test of a Wycheproof file. */
typedef int (*test_fn)(json_object *group, json_object *test, const char *dir, int arg);

static int each_test(const char *vdir, const char *file, test_fn fn, const char *dir, int arg,
                     unsigned max)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", vdir, file);
    json_object *root = json_object_from_file(path), *groups;
    if (!root || !json_object_object_get_ex(root, "testGroups", &groups)) {
        fprintf(stderr, "seeds: cannot read %s\n", path);
        return -1;
    }
    unsigned done = 0;
    for (size_t g = 0; g < json_object_array_length(groups) && done < max; g++) {
        json_object *grp = json_object_array_get_idx(groups, g), *tests;
        if (!json_object_object_get_ex(grp, "tests", &tests))
            continue;
        for (size_t t = 0; t < json_object_array_length(tests) && done < max; t++) {
            json_object *tc = json_object_array_get_idx(tests, t);
            if (strcmp(str(tc, "result"), "valid") != 0)
                continue;
            int rc = fn(grp, tc, dir, arg);
            if (rc < 0) {
                json_object_put(root);
                return -1;
            }
            done += (unsigned)rc;
        }
    }
    json_object_put(root);
    return 0;
}

/* fuzz_aead: alg, flags (bit 0: 12-byte nonce; bits 1, 2: AD, nonce inside
 * the output), [tag index, nonce length] (GCM) or [tag length] (MGM),
 * adlen, len, two
 * offsets, split points, the bit to flip, then key, nonce, AD, message.
 * @kind is the file's AEAD kind (fuzz/aead_table.h); the algorithm is the
 * one of that kind with the vector's key length. */
static int aead_seed(json_object *grp, json_object *tc, const char *dir, int kind)
{
    static const size_t tags[] = { 16, 15, 14, 13, 12, 8, 4 };
    uint8_t key[32], iv[64], ad[600], msg[3000];
    size_t kl = unhex(key, sizeof key, str(tc, "key")), nl = unhex(iv, sizeof iv, str(tc, "iv"));
    size_t al = unhex(ad, sizeof ad, str(tc, "aad")), ml = unhex(msg, sizeof msg, str(tc, "msg"));
    size_t tl = strlen(str(tc, "tag")) / 2;
    (void)grp;
    if (kl == (size_t)-1 || nl == (size_t)-1 || al == (size_t)-1 || ml == (size_t)-1 || !nl)
        return 0;
    const int alg = fz_aead_of((enum fz_aead_kind)kind, kl);
    if (alg < 0 || (kind == FZ_GCM_SIV && nl != 12))
        return 0;
    put8((unsigned)alg);
    /* Every third seed with the AD, every third with the nonce inside
     * the output. */
    put8((nl == 12 ? 1 : 0) | ((unsigned)(nseeds % 3) << 1));
    if (fz_aead_gcm_like(fz_aeads[alg].kind)) {
        unsigned ti = 0;
        while (ti < 7 && tags[ti] != tl)
            ti++;
        if (ti == 7)
            return (blen = 0), 0;
        put8(ti);
        if (nl != 12)
            put8((unsigned)nl - 1);
    }
    put16((unsigned)al);
    put16((unsigned)ml);
    put8(0);
    put8(3);
    size_t s1 = ml / 3;
    if (ml) {
        put16((unsigned)s1);
        if (ml - s1)
            put16((unsigned)(ml - s1) / 2);
    }
    if (al)
        put16((unsigned)al / 2);
    put8((unsigned)nseeds % 4);
    put16(nseeds * 7);
    put8(nseeds);
    put(key, kl);
    put(iv, nl);
    put(ad, al);
    put(msg, ml);
    return flush(dir) < 0 ? -1 : 1;
}

/* fuzz_cipher: name index, flags, len, two offsets, two split points,
 * then key, IV, message (the CBC and XTS vectors, run through the modes
 * of their key size). */
static int cipher_seed(json_object *grp, json_object *tc, const char *dir, int xts)
{
    uint8_t key[64], iv[16] = { 0 }, msg[4096];
    size_t kl = unhex(key, sizeof key, str(tc, "key"));
    size_t ivl = unhex(iv, sizeof iv, str(tc, "iv")), ml = unhex(msg, sizeof msg, str(tc, "msg"));
    (void)grp;
    if (kl == (size_t)-1 || ivl == (size_t)-1 || ml == (size_t)-1)
        return 0;
    /* Name indexes as in fuzz_cipher.c: 5 modes per AES size, then XTS. */
    unsigned first, count;
    if (xts) {
        if (kl != 32 && kl != 64)
            return 0;
        first = kl == 32 ? 15 : 16;
        count = 1;
    } else {
        if (kl != 16 && kl != 24 && kl != 32)
            return 0;
        first = (unsigned)(kl / 8 - 2) * 5;
        count = 5;
    }
    for (unsigned i = 0; i < count; i++) {
        put8(first + i);
        put8(nseeds & 1);
        put16((unsigned)ml);
        put8(nseeds % 16);
        put8(nseeds % 7);
        put16((unsigned)ml / 3);
        put16((unsigned)ml / 2);
        put(key, kl);
        put(iv, 16);
        put(msg, ml);
        if (flush(dir) < 0)
            return -1;
    }
    return 1;
}

/* fuzz_api: a few well-formed call sequences to mutate from. */
static int api_seeds(const char *dir)
{
    /* op, slot, arguments... (see fuzz_api.c); pointers are 16-bit arena
     * offsets, where multiples of 17 mean NULL. */
    static const uint8_t seqs[][40] = {
        /* aead_new aes-128-gcm, setkey 16, seal, open */
        { 4, 0, 10, 5, 0, 1, 0, 16, 6, 0, 0, 2, 1, 0, 3, 4, 5, 6, 16, 12, 20, 0, 64, 0, 7, 0, 0,
          3, 1, 0, 3, 4, 5, 6, 16, 12, 20, 0, 64, 0 },
        /* cipher_new aes-256-cbc, init, update in place */
        { 0, 1, 1, 1, 1, 0, 2, 1, 3, 1, 32, 16, 2, 1, 0, 4, 1, 64, 0, 3, 1 },
        /* hash_new sha256, update, final; hmac */
        { 9, 0, 14, 10, 0, 0, 1, 100, 0, 11, 0, 0, 2, 32, 13, 0, 0, 3, 32, 14, 0, 1, 4, 1, 5, 1 },
        /* gcm_new, init, aad, update, final */
        { 19, 0, 11, 32, 20, 0, 1, 5, 1, 12, 21, 0, 7, 1, 20, 0, 22, 0, 0, 9, 1, 30, 0, 23, 0,
          11, 1, 16, 1 },
    };
    for (size_t i = 0; i < sizeof seqs / sizeof seqs[0]; i++) {
        put(seqs[i], sizeof seqs[i]);
        if (flush(dir) < 0)
            return -1;
    }
    return 0;
}

/* fuzz_chunked: suite, mode, context, then per mode a message length,
 * salt, mutation word and feeding sizes (see fuzz_chunked.c). */
static int chunked_seeds(const char *dir)
{
    static const struct {
        unsigned suite, mode, ctxlen, msglen16, v;
    } seeds[] = {
        { 0, 7, 0, 0, 0 },         /* empty message, unchanged */
        { 1, 7, 5, 5462, 0 },      /* 16386 bytes, unchanged */
        { 2, 1, 0, 10923, 16440 }, /* truncated after a full chunk */
        { 3, 2, 3, 100, 20 },      /* trailing bytes */
        { 0, 3, 0, 12000, 99999 }, /* a flipped bit */
        { 1, 4, 0, 13000, 0x0100 },/* two chunks swapped */
        { 2, 5, 0, 13000, 0x0100 },/* a chunk duplicated */
        { 3, 6, 0, 13000, 1 },     /* a chunk dropped */
        { 0, 0, 0, 0, 0 },         /* raw bytes as the ciphertext */
    };
    for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
        put8(seeds[i].suite);
        put8(seeds[i].mode);
        put8(seeds[i].ctxlen);
        for (unsigned k = 0; k < seeds[i].ctxlen; k++)
            put8(0x41 + k);
        if (seeds[i].mode) {
            put16(seeds[i].msglen16);
            for (int k = 0; k < 24; k++)
                put8((unsigned)(k * 7 + i));
            put16(seeds[i].v & 0xffff);
            put16(seeds[i].v >> 16);
            for (int k = 0; k < 40; k++)
                put8(k * 13 + 1);
        } else {
            for (int k = 0; k < 200; k++)
                put8(k);
        }
        if (flush(dir) < 0)
            return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: seeds fuzz_aead|fuzz_cipher|fuzz_api|fuzz_chunked OUTDIR VECTORDIR\n");
        return 2;
    }
    const char *target = argv[1], *dir = argv[2], *vdir = argv[3];
    int rc = 0;
    if (strcmp(target, "fuzz_aead") == 0) {
        rc |= each_test(vdir, "aes_gcm_test.json", aead_seed, dir, FZ_AES_GCM, 200);
        rc |= each_test(vdir, "chacha20_poly1305_test.json", aead_seed, dir, FZ_CHACHAPOLY, 100);
        rc |= each_test(vdir, "xchacha20_poly1305_test.json", aead_seed, dir, FZ_XCHACHAPOLY, 100);
        rc |= each_test(vdir, "aes_gcm_siv_test.json", aead_seed, dir, FZ_GCM_SIV, 100);
    } else if (strcmp(target, "fuzz_cipher") == 0) {
        rc |= each_test(vdir, "aes_cbc_pkcs5_test.json", cipher_seed, dir, 0, 60);
        rc |= each_test(vdir, "aes_xts_test.json", cipher_seed, dir, 1, 60);
    } else if (strcmp(target, "fuzz_api") == 0) {
        rc |= api_seeds(dir);
    } else if (strcmp(target, "fuzz_chunked") == 0) {
        rc |= chunked_seeds(dir);
    } else {
        fprintf(stderr, "seeds: unknown target %s\n", target);
        return 2;
    }
    printf("seeds: %u seeds for %s in %s\n", nseeds, target, dir);
    return rc ? 1 : 0;
}
