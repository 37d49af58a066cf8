/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Example: encrypt or decrypt a whole file with the one-shot AEAD API.
 *
 *   aead_file seal KEYFILE IN OUT   writes nonce || ciphertext || tag
 *   aead_file open KEYFILE IN OUT   checks the tag, then writes the plaintext
 *   aead_file                       self-test on temporary files (make check)
 *
 * KEYFILE holds 32 raw bytes (e.g. head -c 32 /dev/urandom > key).  The
 * algorithm is AES-256-GCM, or ChaCha20-Poly1305 in a build without it;
 * exit status 77 means neither is available.  The algorithm name is the
 * associated data, so a file sealed with one never opens with the other.
 * Build: cc aead_file.c $(pkg-config --cflags --libs axiom) */
#include <axiom/aead.h>
#include <axiom/error.h>
#include <axiom/rand.h>
#include <axiom/util.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { KEY_LEN = 32, NONCE_LEN = 12, TAG_LEN = 16 };

/* Both candidates take a 32-byte key, a 12-byte nonce and a 16-byte tag. */
static const char *pick_aead(axiom_aead_ctx **ctx)
{
    static const char *const names[] = { "aes-256-gcm", "chacha20-poly1305" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (axiom_aead_new(ctx, names[i]) == AXIOM_OK)
            return names[i];
    return NULL;
}

/* Reads a whole file into memory: the one-shot API sees the entire message. */
static unsigned char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    unsigned char *buf = NULL;
    size_t cap = 0, n = 0;
    if (f == NULL) {
        perror(path);
        return NULL;
    }
    for (;;) {
        if (n == cap) {
            unsigned char *p = realloc(buf, cap = cap ? 2 * cap : 4096);
            if (p == NULL)
                break;
            buf = p;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) {
            int bad = ferror(f);
            fclose(f);
            if (bad) {
                perror(path);
                free(buf);
                return NULL;
            }
            *len = n;
            return buf;
        }
    }
    fclose(f);
    free(buf);
    fprintf(stderr, "%s: out of memory\n", path);
    return NULL;
}

static int write_file(const char *path, const unsigned char *a, size_t alen,
                      const unsigned char *b, size_t blen, const unsigned char *c, size_t clen)
{
    FILE *f = fopen(path, "wb");
    if (f == NULL || fwrite(a, 1, alen, f) != alen || fwrite(b, 1, blen, f) != blen ||
        fwrite(c, 1, clen, f) != clen || fclose(f) != 0) {
        perror(path);
        return -1;
    }
    return 0;
}

/* seal (encrypt = 1) or open (encrypt = 0) IN into OUT; returns an exit code. */
static int run(int encrypt, const char *keyfile, const char *in, const char *out)
{
    axiom_aead_ctx *ctx = NULL;
    const char *alg = pick_aead(&ctx);
    size_t keylen = 0, len = 0;
    unsigned char *key = NULL, *data = NULL, *res = NULL;
    unsigned char nonce[NONCE_LEN], tag[TAG_LEN];
    int rc = AXIOM_OK, status = 1;

    if (alg == NULL) {
        fprintf(stderr, "aead_file: no AEAD with a 32-byte key in this build\n");
        return 77;
    }
    if ((key = read_file(keyfile, &keylen)) == NULL || (data = read_file(in, &len)) == NULL)
        goto done;
    if (keylen != KEY_LEN) {
        fprintf(stderr, "%s: the key must be %d bytes, not %zu\n", keyfile, KEY_LEN, keylen);
        goto done;
    }
    if ((rc = axiom_aead_setkey(ctx, key, keylen)) != AXIOM_OK)
        goto done;
    if (encrypt) {
        /* A fresh random nonce per file: 96 random bits make a repeat
         * under one key negligible for any realistic number of files. */
        if ((res = malloc(len ? len : 1)) == NULL || (rc = axiom_random_bytes(nonce, sizeof nonce)) != AXIOM_OK ||
            (rc = axiom_aead_seal(ctx, res, tag, sizeof tag, nonce, sizeof nonce,
                                  (const uint8_t *)alg, strlen(alg), data, len)) != AXIOM_OK)
            goto done;
        status = write_file(out, nonce, sizeof nonce, res, len, tag, sizeof tag) ? 1 : 0;
    } else {
        if (len < NONCE_LEN + TAG_LEN) {
            fprintf(stderr, "%s: too short to be sealed\n", in);
            goto done;
        }
        len -= NONCE_LEN + TAG_LEN;
        if ((res = malloc(len ? len : 1)) == NULL ||
            (rc = axiom_aead_open(ctx, res, data + NONCE_LEN + len, TAG_LEN, data, NONCE_LEN,
                                  (const uint8_t *)alg, strlen(alg), data + NONCE_LEN, len)) != AXIOM_OK)
            goto done;
        status = write_file(out, res, len, NULL, 0, NULL, 0) ? 1 : 0;
    }
done:
    if (rc != AXIOM_OK)
        fprintf(stderr, "aead_file (%s): %s\n", alg, axiom_strerror(rc));
    if (key != NULL)
        axiom_wipe(key, keylen);
    if (res != NULL)
        axiom_wipe(res, len);
    free(key);
    free(data);
    free(res);
    axiom_aead_free(ctx);
    return status;
}

/* Seal a file, open it again, compare, then check that one flipped bit in
 * the sealed file makes opening fail. */
static int self_test(void)
{
    char dir[] = "/tmp/aead_file.XXXXXX", key[64], plain[64], sealed[64], back[64];
    unsigned char k[KEY_LEN], msg[1000], *got = NULL, *ct = NULL;
    size_t gotlen = 0, ctlen = 0;
    int status = 1;

    if (mkdtemp(dir) == NULL) {
        perror("mkdtemp");
        return 99;
    }
    snprintf(key, sizeof key, "%s/key", dir);
    snprintf(plain, sizeof plain, "%s/plain", dir);
    snprintf(sealed, sizeof sealed, "%s/sealed", dir);
    snprintf(back, sizeof back, "%s/back", dir);
    for (size_t i = 0; i < sizeof msg; i++)
        msg[i] = (unsigned char)(i * 7);
    if (axiom_random_bytes(k, sizeof k) != AXIOM_OK ||
        write_file(key, k, sizeof k, NULL, 0, NULL, 0) || write_file(plain, msg, sizeof msg, NULL, 0, NULL, 0))
        goto done;
    if ((status = run(1, key, plain, sealed)) != 0 || (status = run(0, key, sealed, back)) != 0)
        goto done;
    status = 1;
    if ((got = read_file(back, &gotlen)) == NULL || gotlen != sizeof msg || memcmp(got, msg, gotlen) != 0) {
        fprintf(stderr, "aead_file: the round trip changed the file\n");
        goto done;
    }
    if ((ct = read_file(sealed, &ctlen)) == NULL)
        goto done;
    ct[NONCE_LEN + 5] ^= 1;
    printf("aead_file: opening a tampered copy (must fail):\n");
    fflush(stdout);
    if (write_file(sealed, ct, ctlen, NULL, 0, NULL, 0) || run(0, key, sealed, back) == 0) {
        fprintf(stderr, "aead_file: a tampered file was accepted\n");
        goto done;
    }
    printf("aead_file: round trip and tamper check passed\n");
    status = 0;
done:
    free(got);
    free(ct);
    unlink(key);
    unlink(plain);
    unlink(sealed);
    unlink(back);
    rmdir(dir);
    return status;
}

int main(int argc, char **argv)
{
    if (argc == 1)
        return self_test();
    if (argc == 5 && (strcmp(argv[1], "seal") == 0 || strcmp(argv[1], "open") == 0))
        return run(argv[1][0] == 's', argv[2], argv[3], argv[4]);
    fprintf(stderr, "usage: %s seal|open KEYFILE IN OUT\n", argv[0]);
    return 2;
}
