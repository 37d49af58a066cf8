/* SPDX-License-Identifier: GPL-2.0-or-later */
/* bench/acpkm-ratio: kuznyechik-ctr-acpkm[-N] against kuznyechik-ctr in one
 * process, interleaved: alternating short batches of messages (the order
 * swapped every round), the per-round speed ratio, its median, quartiles
 * and range.  The key is kept across messages (init without a key, as
 * axiom-bench does: `axiom-bench --pair axiom:kuznyechik-ctr` compares
 * that too), or set for every message with --rekey, which the runner's
 * drivers do not do.
 *
 *   bench/acpkm-ratio [--rekey] [SIZE [ROUNDS [MESSAGES [NAME]]]]
 *   (defaults 16384 bytes, 101 rounds, 10 messages per batch,
 *   kuznyechik-ctr-acpkm) */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <axiom.h>

#include "bench.h"

#define MAX_ROUNDS 1001

static int rekey;
static const uint8_t key[32] = { 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff };

static uint64_t batch(axiom_cipher_ctx *c, uint8_t *buf, size_t len, int n, const uint8_t *iv)
{
    uint64_t t0 = bench_tsc_begin();
    for (int i = 0; i < n; i++) {
        if (axiom_cipher_init(c, AXIOM_ENCRYPT, rekey ? key : NULL, rekey ? 32 : 0, iv, 16) !=
                AXIOM_OK ||
            axiom_cipher_update(c, buf, buf, len) != AXIOM_OK) {
            fprintf(stderr, "acpkm-ratio: libaxiom failed\n");
            exit(1);
        }
    }
    return bench_tsc_end() - t0;
}

static int cmp(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    int a = 1;
    if (a < argc && strcmp(argv[a], "--rekey") == 0) {
        rekey = 1;
        a++;
    }
    const size_t len = a < argc ? strtoul(argv[a++], NULL, 0) : 16384;
    const int rounds = a < argc ? atoi(argv[a++]) : 101;
    const int n = a < argc ? atoi(argv[a++]) : 10;
    const char *name = a < argc ? argv[a++] : "kuznyechik-ctr-acpkm";
    if (!len || rounds < 1 || rounds > MAX_ROUNDS || n < 1) {
        fprintf(stderr, "usage: %s [--rekey] [SIZE [ROUNDS (1..%d) [MESSAGES [NAME]]]]\n",
                argv[0], MAX_ROUNDS);
        return 2;
    }
    uint8_t iv[16] = { 0x12, 0x34, 0x56, 0x78, 0x90, 0xab, 0xce, 0xf0 };
    uint8_t *buf = calloc(1, len);
    axiom_cipher_ctx *ctr = NULL, *acpkm = NULL;
    if (!buf || axiom_cipher_new(&ctr, "kuznyechik-ctr") != AXIOM_OK ||
        axiom_cipher_new(&acpkm, name) != AXIOM_OK ||
        axiom_cipher_init(ctr, AXIOM_ENCRYPT, key, 32, iv, 16) != AXIOM_OK ||
        axiom_cipher_init(acpkm, AXIOM_ENCRYPT, key, 32, iv, 16) != AXIOM_OK) {
        fprintf(stderr, "acpkm-ratio: cannot set up %s\n", name);
        return 1;
    }
    batch(ctr, buf, len, n, iv); /* warm-up */
    batch(acpkm, buf, len, n, iv);
    static double ratio[MAX_ROUNDS], cpb_ctr[MAX_ROUNDS], cpb_acpkm[MAX_ROUNDS];
    for (int r = 0; r < rounds; r++) {
        uint64_t x, y;
        if (r & 1) {
            y = batch(acpkm, buf, len, n, iv);
            x = batch(ctr, buf, len, n, iv);
        } else {
            x = batch(ctr, buf, len, n, iv);
            y = batch(acpkm, buf, len, n, iv);
        }
        ratio[r] = (double)x / (double)y; /* speed of CTR-ACPKM relative to CTR */
        cpb_ctr[r] = (double)x / n / len;
        cpb_acpkm[r] = (double)y / n / len;
    }
    qsort(ratio, (size_t)rounds, sizeof ratio[0], cmp);
    qsort(cpb_ctr, (size_t)rounds, sizeof ratio[0], cmp);
    qsort(cpb_acpkm, (size_t)rounds, sizeof ratio[0], cmp);
    printf("%s / kuznyechik-ctr speed at %zu bytes, key %s, kernel %s: median %.3f, "
           "quartiles %.3f..%.3f, range %.3f..%.3f (%d rounds of %d messages each); median "
           "%s per byte: ctr %.3f, %s %.3f\n",
           name, len, rekey ? "set per message" : "kept", axiom_impl("kuznyechik-ctr"),
           ratio[rounds / 2], ratio[rounds / 4], ratio[3 * rounds / 4], ratio[0],
           ratio[rounds - 1], rounds, n, bench_have_tsc() ? "TSC cycles" : "ns", cpb_ctr[rounds / 2],
           name, cpb_acpkm[rounds / 2]);
    axiom_cipher_free(ctr);
    axiom_cipher_free(acpkm);
    free(buf);
    return 0;
}
