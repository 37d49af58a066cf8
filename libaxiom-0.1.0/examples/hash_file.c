/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Example: SHA-256 of files with the streaming hash API, printed like
 * sha256sum(1).
 *
 *   hash_file FILE...   one line per file ("-" is standard input)
 *   hash_file           self-test (make check): known answers, and the
 *                       streaming API against the one-shot call
 *
 * Build: cc hash_file.c $(pkg-config --cflags --libs axiom) */
#include <axiom/error.h>
#include <axiom/hash.h>
#include <stdio.h>
#include <string.h>

static int hash_stream(FILE *f, uint8_t digest[AXIOM_SHA256_SIZE])
{
    axiom_hash_ctx *ctx = NULL;
    unsigned char buf[65536];
    size_t n;
    int rc = axiom_hash_new(&ctx, "sha256");
    while (rc == AXIOM_OK && (n = fread(buf, 1, sizeof buf, f)) > 0)
        rc = axiom_hash_update(ctx, buf, n);
    if (rc == AXIOM_OK)
        rc = ferror(f) ? AXIOM_EINVAL : axiom_hash_final(ctx, digest, AXIOM_SHA256_SIZE);
    axiom_hash_free(ctx);
    return rc;
}

static void print_hex(const uint8_t *d, size_t n)
{
    for (size_t i = 0; i < n; i++)
        printf("%02x", d[i]);
}

static int self_test(void)
{
    /* FIPS 180-4 examples ("abc" and the two-block message). */
    static const char *const msgs[] = {
        "abc", "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
    };
    static const char *const want[] = {
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    };
    for (int i = 0; i < 2; i++) {
        uint8_t one[AXIOM_SHA256_SIZE], streamed[AXIOM_SHA256_SIZE];
        char hex[2 * AXIOM_SHA256_SIZE + 1];
        FILE *f = tmpfile();
        int rc = axiom_hash("sha256", one, sizeof one, msgs[i], strlen(msgs[i]));
        if (f == NULL) {
            perror("tmpfile");
            return 99;
        }
        fputs(msgs[i], f);
        rewind(f);
        if (rc == AXIOM_OK)
            rc = hash_stream(f, streamed);
        fclose(f);
        if (rc != AXIOM_OK) {
            fprintf(stderr, "hash_file: %s\n", axiom_strerror(rc));
            return 1;
        }
        for (size_t j = 0; j < sizeof one; j++)
            snprintf(hex + 2 * j, 3, "%02x", one[j]);
        if (strcmp(hex, want[i]) != 0 || memcmp(one, streamed, sizeof one) != 0) {
            fprintf(stderr, "hash_file: wrong SHA-256 of \"%s\"\n", msgs[i]);
            return 1;
        }
        print_hex(streamed, sizeof streamed);
        printf("  \"%s\"\n", msgs[i]);
    }
    return 0;
}

int main(int argc, char **argv)
{
    int status = 0;
    if (argc == 1)
        return self_test();
    for (int i = 1; i < argc; i++) {
        uint8_t digest[AXIOM_SHA256_SIZE];
        int is_stdin = strcmp(argv[i], "-") == 0;
        FILE *f = is_stdin ? stdin : fopen(argv[i], "rb");
        int rc;
        if (f == NULL) {
            perror(argv[i]);
            status = 1;
            continue;
        }
        rc = hash_stream(f, digest);
        if (!is_stdin)
            fclose(f);
        if (rc != AXIOM_OK) {
            fprintf(stderr, "%s: %s\n", argv[i], axiom_strerror(rc));
            status = 1;
            continue;
        }
        print_hex(digest, sizeof digest);
        printf("  %s\n", argv[i]);
    }
    return status;
}
