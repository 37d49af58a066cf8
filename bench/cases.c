/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The benchmark case table: one row per algorithm the library offers. */
#include "config.h"

#include <ctype.h>

#include "bench.h"

/* Adding an algorithm of an existing kind is one row here; the drivers map
 * names to their own APIs.  Keep in step with lib/catalog.c: a row the
 * library does not know makes the run fail, which is the point. */
const bench_alg bench_algs[] = {
    /* name            kind          key iv  unit min max */
    { "aes-128-ecb", BENCH_CIPHER, 16, 0, 16, 16, 0 },
    { "aes-128-cbc", BENCH_CIPHER, 16, 16, 16, 16, 0 },
    { "aes-128-ctr", BENCH_CIPHER, 16, 16, 1, 1, 0 },
    { "aes-128-cfb", BENCH_CIPHER, 16, 16, 1, 1, 0 },
    { "aes-128-ofb", BENCH_CIPHER, 16, 16, 1, 1, 0 },
    { "aes-192-ecb", BENCH_CIPHER, 24, 0, 16, 16, 0 },
    { "aes-192-cbc", BENCH_CIPHER, 24, 16, 16, 16, 0 },
    { "aes-192-ctr", BENCH_CIPHER, 24, 16, 1, 1, 0 },
    { "aes-192-cfb", BENCH_CIPHER, 24, 16, 1, 1, 0 },
    { "aes-192-ofb", BENCH_CIPHER, 24, 16, 1, 1, 0 },
    { "aes-256-ecb", BENCH_CIPHER, 32, 0, 16, 16, 0 },
    { "aes-256-cbc", BENCH_CIPHER, 32, 16, 16, 16, 0 },
    { "aes-256-ctr", BENCH_CIPHER, 32, 16, 1, 1, 0 },
    { "aes-256-cfb", BENCH_CIPHER, 32, 16, 1, 1, 0 },
    { "aes-256-ofb", BENCH_CIPHER, 32, 16, 1, 1, 0 },
    /* XTS: one data unit per message, 16 bytes to 2^24 (IEEE 1619). */
    { "aes-128-xts", BENCH_CIPHER, 32, 16, 1, 16, (size_t)1 << 24 },
    { "aes-256-xts", BENCH_CIPHER, 64, 16, 1, 16, (size_t)1 << 24 },
    /* 16-byte IV: 32-bit little-endian block counter, then the nonce (the
     * layout OpenSSL and libgcrypt take too). */
    { "chacha20", BENCH_CIPHER, 32, 16, 1, 1, 0 },
};

const size_t bench_nalgs = sizeof bench_algs / sizeof bench_algs[0];

void bench_alg_label(const bench_alg *a, char *out, size_t outlen)
{
    size_t n = 0;
    if (outlen == 0)
        return;
    /* Dashes would look like Go's -GOMAXPROCS suffix to benchstat. */
    for (const char *s = a->name; *s && n + 1 < outlen; s++)
        if (*s != '-')
            out[n++] = (char)toupper((unsigned char)*s);
    out[n] = '\0';
}

int bench_alg_accepts(const bench_alg *a, size_t len)
{
    if (len < a->minlen || (a->maxlen && len > a->maxlen))
        return 0;
    return len % a->unit == 0;
}
