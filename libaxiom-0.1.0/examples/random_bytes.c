/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Example: random bytes from the operating system and from the library's
 * fast generator, printed in hex.
 *
 *   random_bytes [N]   N bytes (default 32, at most 4096) of each kind
 *
 * axiom_random_bytes() is for keys and seeds (it asks the kernel each
 * time); axiom_random_fill() is the fast generator for everything else.
 * make check runs it without arguments; it fails if two draws are equal.
 * Build: cc random_bytes.c $(pkg-config --cflags --libs axiom) */
#include <axiom/error.h>
#include <axiom/rand.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_hex(const char *label, const unsigned char *b, size_t n)
{
    printf("%s ", label);
    for (size_t i = 0; i < n; i++)
        printf("%02x", b[i]);
    printf("\n");
}

int main(int argc, char **argv)
{
    unsigned char os[4096], fast[4096], again[4096];
    long n = argc > 1 ? strtol(argv[1], NULL, 10) : 32;
    int rc;

    if (argc > 2 || n < 1 || n > (long)sizeof os) {
        fprintf(stderr, "usage: %s [N]   (1 <= N <= %zu)\n", argv[0], sizeof os);
        return 2;
    }
    rc = axiom_random_bytes(os, (size_t)n);
    if (rc == AXIOM_OK)
        rc = axiom_random_fill(fast, (size_t)n);
    if (rc == AXIOM_OK)
        rc = axiom_random_fill(again, (size_t)n);
    if (rc != AXIOM_OK) {
        fprintf(stderr, "random_bytes: %s\n", axiom_strerror(rc));
        return 1;
    }
    print_hex("os  ", os, (size_t)n);
    print_hex("fast", fast, (size_t)n);
    /* Equal 16-byte draws mean a broken generator, not bad luck. */
    if (n >= 16 && (memcmp(fast, again, (size_t)n) == 0 || memcmp(os, fast, (size_t)n) == 0)) {
        fprintf(stderr, "random_bytes: two draws are equal\n");
        return 1;
    }
    return 0;
}
