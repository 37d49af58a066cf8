/* SPDX-License-Identifier: GPL-2.0-or-later */
/* aead-ratio: the speed of one libaxiom AEAD relative to another, measured
 * in one process by interleaved rounds (median and range of the per-round
 * ratios), for the few comparisons a design goal is stated in.
 *
 * usage: bench/aead-ratio NAME BASELINE [SIZE...]
 *        (AXIOM_BENCH_ROUNDS rounds, default 21; sizes default 64 16384)
 * Each round times short batches of seals of NAME and of BASELINE,
 * alternating (which goes first alternates from round to round), both
 * with a 16-byte tag, no AD and the same message, and keeps each side's
 * fastest batch, so that a batch the scheduler interrupted (a shared
 * machine) does not count; the round's ratio is BASELINE's time over
 * NAME's, so above 1 means NAME is faster. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <axiom.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The first of 12, 24, 16, 32 the algorithm accepts. */
static size_t nonce_len(const char *name)
{
    struct axiom_alg_info in = AXIOM_ALG_INFO_INIT;
    if (axiom_alg_info(name, &in) != AXIOM_OK)
        return 0;
    return in.iv_default;
}

typedef struct side {
    const char *name;
    axiom_aead_ctx *ctx;
    size_t noncelen;
} side;

/* Seconds for @n seals of @len bytes. */
static double batch(const side *s, uint8_t *out, const uint8_t *in, size_t len, long n)
{
    static uint8_t nonce[32], tag[16];
    const double t0 = now();
    for (long i = 0; i < n; i++) {
        nonce[0] = (uint8_t)i; /* a fresh nonce per message, as a caller would */
        if (axiom_aead_seal(s->ctx, out, tag, 16, nonce, s->noncelen, NULL, 0, in, len) !=
            AXIOM_OK) {
            fprintf(stderr, "aead-ratio: %s: seal failed\n", s->name);
            exit(1);
        }
    }
    return now() - t0;
}

static void cpu_line(void)
{
    char line[512], model[256] = "unknown";
    int family = -1, mod = -1;
    FILE *f = fopen("/proc/cpuinfo", "r");
    while (f && fgets(line, sizeof line, f)) {
        char *v = strchr(line, ':');
        if (!v)
            continue;
        v += 2;
        if (!strncmp(line, "model name", 10) && !strcmp(model, "unknown")) {
            snprintf(model, sizeof model, "%s", v);
            model[strcspn(model, "\n")] = 0;
        } else if (!strncmp(line, "cpu family", 10) && family < 0) {
            family = atoi(v);
        } else if (!strncmp(line, "model\t", 6) && mod < 0) {
            mod = atoi(v);
        }
    }
    if (f)
        fclose(f);
    printf("# CPU: %s (family %d, model %d); libaxiom %s\n", model, family, mod,
           axiom_version_string());
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s NAME BASELINE [SIZE...]\n", argv[0]);
        return 2;
    }
    const char *r = getenv("AXIOM_BENCH_ROUNDS");
    const int rounds = r && atoi(r) > 0 ? atoi(r) : 21;
    side s[2] = { { argv[1], NULL, 0 }, { argv[2], NULL, 0 } };
    uint8_t key[32];
    memset(key, 0x42, sizeof key);
    for (int i = 0; i < 2; i++) {
        struct axiom_alg_info in = AXIOM_ALG_INFO_INIT;
        s[i].noncelen = nonce_len(s[i].name);
        if (axiom_aead_new(&s[i].ctx, s[i].name) != AXIOM_OK ||
            axiom_alg_info(s[i].name, &in) != AXIOM_OK ||
            axiom_aead_setkey(s[i].ctx, key, in.key_default) != AXIOM_OK) {
            fprintf(stderr, "aead-ratio: %s: not an AEAD this build has\n", s[i].name);
            return 2;
        }
    }
    static const size_t def_sizes[] = { 64, 16384 };
    size_t nsizes = argc > 3 ? (size_t)(argc - 3) : 2;
    cpu_line();
    printf("# %s (%s) against %s (%s), %d interleaved rounds; ratio = time of %s / time "
           "of %s\n", s[0].name, axiom_impl(s[0].name), s[1].name, axiom_impl(s[1].name), rounds,
           s[1].name, s[0].name);
    printf("%-8s %14s %14s %8s %17s\n", "bytes", "ns/op A", "ns/op B", "ratio", "range");
    for (size_t si = 0; si < nsizes; si++) {
        const size_t len = argc > 3 ? (size_t)strtoul(argv[3 + si], NULL, 0) : def_sizes[si];
        uint8_t *in = calloc(1, len + 1), *out = calloc(1, len + 1);
        double *ratio = calloc((size_t)rounds, sizeof *ratio),
               *ta = calloc((size_t)rounds, sizeof *ta), *tb = calloc((size_t)rounds, sizeof *tb);
        if (!in || !out || !ratio || !ta || !tb)
            return 1;
        /* Batches of about 0.2 ms of the baseline (shorter than a
         * scheduler time slice), 8 of each side per round. */
        long n = 4;
        while (batch(&s[1], out, in, len, n) < 2e-4 && n < (1L << 30))
            n *= 2;
        batch(&s[0], out, in, len, n); /* warm both */
        for (int i = 0; i < rounds; i++) {
            double a = 1e30, b = 1e30;
            for (int k = 0; k < 8; k++) {
                double x, y;
                if (i % 2) {
                    y = batch(&s[1], out, in, len, n);
                    x = batch(&s[0], out, in, len, n);
                } else {
                    x = batch(&s[0], out, in, len, n);
                    y = batch(&s[1], out, in, len, n);
                }
                a = x < a ? x : a;
                b = y < b ? y : b;
            }
            ta[i] = 1e9 * a / (double)n;
            tb[i] = 1e9 * b / (double)n;
            ratio[i] = b / a;
        }
        qsort(ta, (size_t)rounds, sizeof *ta, cmp_double);
        qsort(tb, (size_t)rounds, sizeof *tb, cmp_double);
        qsort(ratio, (size_t)rounds, sizeof *ratio, cmp_double);
        printf("%-8zu %14.1f %14.1f %8.3f   [%.3f, %.3f]\n", len, ta[rounds / 2], tb[rounds / 2],
               ratio[rounds / 2], ratio[0], ratio[rounds - 1]);
        free(in);
        free(out);
        free(ratio);
        free(ta);
        free(tb);
    }
    axiom_aead_free(s[0].ctx);
    axiom_aead_free(s[1].ctx);
    return 0;
}
