/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests of axiom_random_bytes, the CTR_DRBG (NIST CAVP known answers,
 * limits, misuse) and axiom_random_fill (fork, threads, huge requests,
 * statistics); white box: links the internals for the test hooks. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <axiom.h>

#include "aes/aes.h"
#include "rand/drbg.h"
#include "testutil.h"

/* ------------------------------------------------------------ helpers */

static int all_zero(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i])
            return 0;
    return 1;
}

/* The sentinel pattern itself, to check single bytes past an output. */
static uint8_t sentinel_ref[8192];

static uint8_t sentinel_byte(size_t i)
{
    if (!sentinel_ref[0] && !sentinel_ref[1])
        tu_fill_sentinel(sentinel_ref, sizeof sentinel_ref);
    return sentinel_ref[i];
}

static axiom_drbg *seeded(const char *tag)
{
    uint8_t ent[48], nonce[16];
    tu_rng_reset(tag);
    tu_rand_bytes(ent, sizeof ent);
    tu_rand_bytes(nonce, sizeof nonce);
    axiom_drbg *d = NULL;
    TU_ASSERT_RC(axiom_drbg_new_seeded(&d, ent, sizeof ent, nonce, sizeof nonce,
                                       (const uint8_t *)tag, strlen(tag)),
                 AXIOM_OK, "new_seeded(%s)", tag);
    return d;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ------------------------------------------------------------ CAVP known answers */

/* Fields of one vector of the OpenSSL evp_test stanza format (see the
 * header of tests/vectors/ctr_drbg_aes256_df.txt). */
enum { F_ENT, F_NONCE, F_PERS, F_ADDA, F_ADDB, F_RENT, F_RADD, F_PRA, F_PRB, F_OUT, NF };
static const char *const field_names[NF] = {
    "Entropy", "Nonce", "PersonalisationString", "AdditionalInputA", "AdditionalInputB",
    "ReseedEntropy", "ReseedAdditionalInput", "EntropyPredictionResistanceA",
    "EntropyPredictionResistanceB", "Output"
};
#define MAXVEC 32

typedef struct {
    int open, pr, bits;
    char *f[MAXVEC][NF];
} stanza;

typedef struct {
    int total, reseed, pr, pers, add;
} kat_counts;

static uint8_t *field(stanza *st, int v, int f, size_t *len)
{
    *len = 0;
    return st->f[v][f] ? tu_hex_alloc(st->f[v][f], len) : NULL;
}

static void run_stanza(stanza *st, kat_counts *c)
{
    if (!st->open)
        return;
    for (int v = 0; v < MAXVEC; v++) {
        if (!st->f[v][F_ENT])
            continue;
        size_t n[NF];
        uint8_t *b[NF];
        for (int f = 0; f < NF; f++)
            b[f] = field(st, v, f, &n[f]);
        size_t outlen = (size_t)st->bits / 8;
        TU_ASSERT(n[F_OUT] == outlen, "vector %d: output length", v);
        axiom_drbg *d = NULL;
        TU_ASSERT_RC(axiom_drbg_new_seeded(&d, b[F_ENT], n[F_ENT], b[F_NONCE], n[F_NONCE],
                                           b[F_PERS], n[F_PERS]), AXIOM_OK, "vector %d: instantiate", v);
        if (b[F_RENT]) {
            TU_ASSERT_RC(axiom_drbg_reseed(d, b[F_RENT], n[F_RENT], b[F_RADD], n[F_RADD]),
                         AXIOM_OK, "vector %d: reseed", v);
            c->reseed++;
        }
        uint8_t *out = malloc(outlen);
        for (int g = 0; g < 2; g++) {
            const uint8_t *add = b[g ? F_ADDB : F_ADDA];
            size_t addlen = n[g ? F_ADDB : F_ADDA];
            if (st->pr) {
                /* Prediction resistance = reseed with the additional input,
                 * then generate with none (SP 800-90A 9.3.1 step 7). */
                int e = g ? F_PRB : F_PRA;
                TU_ASSERT(b[e] != NULL, "vector %d: PR entropy missing", v);
                TU_ASSERT_RC(axiom_drbg_reseed(d, b[e], n[e], add, addlen), AXIOM_OK,
                             "vector %d: PR reseed", v);
                add = NULL;
                addlen = 0;
            }
            TU_ASSERT_RC(axiom_drbg_generate(d, out, outlen, add, addlen), AXIOM_OK,
                         "vector %d: generate %d", v, g);
        }
        TU_ASSERT_MEM_EQ(out, b[F_OUT], outlen, "CTR_DRBG vector %d (pr=%d, pers=%d, add=%d, reseed=%d)",
                         v, st->pr, b[F_PERS] != NULL, b[F_ADDA] != NULL, b[F_RENT] != NULL);
        c->total++;
        c->pr += st->pr;
        c->pers += b[F_PERS] != NULL;
        c->add += b[F_ADDA] != NULL;
        axiom_drbg_free(d);
        free(out);
        for (int f = 0; f < NF; f++)
            free(b[f]);
    }
    for (int v = 0; v < MAXVEC; v++)
        for (int f = 0; f < NF; f++)
            free(st->f[v][f]);
    memset(st, 0, sizeof *st);
}

START_TEST(test_cavp)
{
    char *path = tu_vector_path("ctr_drbg_aes256_df.txt");
    FILE *fp = fopen(path, "r");
    TU_ASSERT(fp != NULL, "cannot open %s: %s", path, strerror(errno));
    stanza *st = calloc(1, sizeof *st);
    kat_counts c = { 0 };
    char line[4096];
    int skip = 0;
    while (fgets(line, sizeof line, fp)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '#' || line[0] == '\0')
            continue;
        char *eq = strstr(line, " = ");
        TU_ASSERT(eq != NULL, "unparsed line: %.60s", line);
        *eq = '\0';
        const char *key = line, *val = eq + 3;
        if (strcmp(key, "RAND") == 0) {
            run_stanza(st, &c);
            st->open = 1;
            skip = 0;
        } else if (strcmp(key, "Cipher") == 0) {
            skip |= strcmp(val, "AES-256-CTR") != 0;
        } else if (strcmp(key, "DerivationFunction") == 0) {
            skip |= strcmp(val, "1") != 0;
        } else if (strcmp(key, "PredictionResistance") == 0) {
            st->pr = atoi(val);
        } else if (strcmp(key, "GenerateBits") == 0) {
            st->bits = atoi(val);
        } else {
            char *dot = strrchr(key, '.');
            TU_ASSERT(dot != NULL, "unknown key %s", key);
            *dot = '\0';
            int v = atoi(dot + 1), f;
            for (f = 0; f < NF; f++)
                if (strcmp(key, field_names[f]) == 0)
                    break;
            TU_ASSERT(f < NF && v >= 0 && v < MAXVEC, "unknown field %s.%d", key, v);
            st->f[v][f] = strdup(val);
        }
        TU_ASSERT(!skip, "vector file holds a stanza that is not AES-256 with df");
    }
    run_stanza(st, &c);
    fclose(fp);
    free(st);
    free(path);
    printf("CTR_DRBG CAVP: %d vectors (%d with reseed, %d prediction resistance, "
           "%d personalisation, %d additional input), kernel %s\n",
           c.total, c.reseed, c.pr, c.pers, c.add, axiom_impl("aes-256-ctr"));
    TU_ASSERT(c.total == 720 && c.reseed == 240 && c.pr == 240 && c.pers == 360 && c.add == 360,
              "vector counts: %d %d %d %d %d", c.total, c.reseed, c.pr, c.pers, c.add);
}
END_TEST

/* ------------------------------------------------------------ DRBG limits and misuse */

START_TEST(test_drbg_misuse)
{
    uint8_t ent[64] = { 1 }, nonce[32] = { 2 }, buf[64];
    axiom_drbg *d = (axiom_drbg *)(uintptr_t)1;
    const size_t big = AXIOM_DRBG_MAX_INPUT + 1;

    /* new_seeded */
    TU_ASSERT_RC(axiom_drbg_new_seeded(NULL, ent, 32, nonce, 16, NULL, 0), AXIOM_EINVAL, "NULL out");
    TU_ASSERT_RC(axiom_drbg_new_seeded(&d, NULL, 32, nonce, 16, NULL, 0), AXIOM_EINVAL, "NULL entropy");
    TU_ASSERT(d == NULL, "*drbg not cleared on error");
    TU_ASSERT_RC(axiom_drbg_new_seeded(&d, ent, 32, NULL, 16, NULL, 0), AXIOM_EINVAL, "NULL nonce");
    TU_ASSERT_RC(axiom_drbg_new_seeded(&d, ent, 32, nonce, 16, NULL, 1), AXIOM_EINVAL, "NULL pers");
    TU_ASSERT_RC(axiom_drbg_new_seeded(&d, ent, 31, nonce, 16, NULL, 0), AXIOM_ELENGTH, "short entropy");
    TU_ASSERT_RC(axiom_drbg_new_seeded(&d, NULL, 0, nonce, 16, NULL, 0), AXIOM_ELENGTH, "no entropy");
    TU_ASSERT_RC(axiom_drbg_new_seeded(&d, ent, 32, nonce, 15, NULL, 0), AXIOM_ELENGTH, "short nonce");
    TU_ASSERT_RC(axiom_drbg_new_seeded(&d, ent, 32, NULL, 0, NULL, 0), AXIOM_ELENGTH, "no nonce");
    /* Over-long inputs are refused before they are read, so a short
     * buffer with a huge length is safe here. */
    TU_ASSERT_RC(axiom_drbg_new_seeded(&d, ent, big, nonce, 16, NULL, 0), AXIOM_ELENGTH, "long entropy");
    TU_ASSERT_RC(axiom_drbg_new_seeded(&d, ent, 32, nonce, big, NULL, 0), AXIOM_ELENGTH, "long nonce");
    TU_ASSERT_RC(axiom_drbg_new_seeded(&d, ent, 32, nonce, 16, ent, big), AXIOM_ELENGTH, "long pers");
    TU_ASSERT(d == NULL, "*drbg not cleared on error");

    /* new */
    TU_ASSERT_RC(axiom_drbg_new(NULL, NULL, 0), AXIOM_EINVAL, "new NULL out");
    TU_ASSERT_RC(axiom_drbg_new(&d, NULL, 3), AXIOM_EINVAL, "new NULL pers");
    TU_ASSERT_RC(axiom_drbg_new(&d, ent, big), AXIOM_ELENGTH, "new long pers");
    TU_ASSERT(d == NULL, "*drbg not cleared on error");

    /* reseed and generate on a live instance */
    TU_ASSERT_RC(axiom_drbg_new_seeded(&d, ent, 32, nonce, 16, NULL, 0), AXIOM_OK, "new_seeded");
    axiom_drbg *ref = NULL;
    TU_ASSERT_RC(axiom_drbg_new_seeded(&ref, ent, 32, nonce, 16, NULL, 0), AXIOM_OK, "new_seeded");
    TU_ASSERT_RC(axiom_drbg_reseed(NULL, ent, 32, NULL, 0), AXIOM_EINVAL, "reseed NULL");
    TU_ASSERT_RC(axiom_drbg_reseed(d, NULL, 32, NULL, 0), AXIOM_EINVAL, "reseed NULL entropy, len");
    TU_ASSERT_RC(axiom_drbg_reseed(d, ent, 32, NULL, 5), AXIOM_EINVAL, "reseed NULL add");
    TU_ASSERT_RC(axiom_drbg_reseed(d, ent, 31, NULL, 0), AXIOM_ELENGTH, "reseed short entropy");
    TU_ASSERT_RC(axiom_drbg_reseed(d, ent, big, NULL, 0), AXIOM_ELENGTH, "reseed long entropy");
    TU_ASSERT_RC(axiom_drbg_reseed(d, ent, 32, ent, big), AXIOM_ELENGTH, "reseed long add");

    tu_fill_sentinel(buf, sizeof buf);
    TU_ASSERT_RC(axiom_drbg_generate(NULL, buf, 16, NULL, 0), AXIOM_EINVAL, "generate NULL");
    TU_ASSERT_RC(axiom_drbg_generate(d, NULL, 16, NULL, 0), AXIOM_EINVAL, "generate NULL out");
    TU_ASSERT_RC(axiom_drbg_generate(d, buf, 16, NULL, 2), AXIOM_EINVAL, "generate NULL add");
    TU_ASSERT_RC(axiom_drbg_generate(d, buf, 16, ent, big), AXIOM_ELENGTH, "generate long add");
    TU_ASSERT_SENTINEL(buf, sizeof buf, "generate error");

    /* Zero-length requests succeed and leave the state alone. */
    TU_ASSERT_RC(axiom_drbg_generate(d, NULL, 0, NULL, 0), AXIOM_OK, "generate 0");
    TU_ASSERT_RC(axiom_drbg_generate(d, buf, 0, ent, 7), AXIOM_OK, "generate 0 with add");
    TU_ASSERT_SENTINEL(buf, sizeof buf, "zero-length generate");

    /* None of the failures above changed the state. */
    uint8_t a[64], b[64];
    TU_ASSERT_RC(axiom_drbg_generate(d, a, sizeof a, NULL, 0), AXIOM_OK, "generate");
    TU_ASSERT_RC(axiom_drbg_generate(ref, b, sizeof b, NULL, 0), AXIOM_OK, "generate");
    TU_ASSERT_MEM_EQ(a, b, sizeof a, "state changed by a failed call");
    axiom_drbg_free(d);
    axiom_drbg_free(ref);
    axiom_drbg_free(NULL);
}
END_TEST

START_TEST(test_drbg_os)
{
    axiom_drbg *a = NULL, *b = NULL;
    uint8_t x[100], y[100];
    TU_ASSERT_RC(axiom_drbg_new(&a, NULL, 0), AXIOM_OK, "new");
    TU_ASSERT_RC(axiom_drbg_new(&b, (const uint8_t *)"pers", 4), AXIOM_OK, "new with pers");
    TU_ASSERT_RC(axiom_drbg_generate(a, x, sizeof x, NULL, 0), AXIOM_OK, "generate");
    TU_ASSERT_RC(axiom_drbg_generate(b, y, sizeof y, (const uint8_t *)"add", 3), AXIOM_OK, "generate");
    TU_ASSERT(memcmp(x, y, sizeof x) != 0, "two OS-seeded instances agree");
    TU_ASSERT_RC(axiom_drbg_reseed(a, NULL, 0, NULL, 0), AXIOM_OK, "reseed from the OS");
    TU_ASSERT_RC(axiom_drbg_reseed(a, NULL, 0, (const uint8_t *)"add", 3), AXIOM_OK, "reseed from the OS");
    TU_ASSERT_RC(axiom_drbg_generate(a, y, sizeof y, NULL, 0), AXIOM_OK, "generate");
    TU_ASSERT(memcmp(x, y, sizeof x) != 0, "output repeated");
    axiom_drbg_free(a);
    axiom_drbg_free(b);
}
END_TEST

/* A request over 2^19 bits is served as consecutive standard requests,
 * each with the same additional input. */
START_TEST(test_drbg_split)
{
    const size_t R = AXIOM_DRBG_MAX_REQUEST, len = 3 * R + 5;
    const uint8_t add[] = "additional input";
    uint8_t *one = malloc(len), *parts = malloc(len);
    for (int with_add = 0; with_add < 2; with_add++) {
        axiom_drbg *a = seeded("split"), *b = seeded("split");
        const uint8_t *ad = with_add ? add : NULL;
        size_t adl = with_add ? sizeof add : 0;
        TU_ASSERT_RC(axiom_drbg_generate(a, one, len, ad, adl), AXIOM_OK, "one call");
        for (size_t off = 0; off < len; off += R) {
            size_t n = len - off < R ? len - off : R;
            TU_ASSERT_RC(axiom_drbg_generate(b, parts + off, n, ad, adl), AXIOM_OK, "part");
        }
        TU_ASSERT_MEM_EQ(one, parts, len, "split request (add=%d)", with_add);
        TU_ASSERT(a->reseed_counter == 5, "reseed counter %llu after 4 requests",
                  (unsigned long long)a->reseed_counter);
        /* Lengths that are not whole blocks discard the rest of the block. */
        TU_ASSERT_RC(axiom_drbg_generate(a, one, 7, ad, adl), AXIOM_OK, "7 bytes");
        TU_ASSERT_RC(axiom_drbg_generate(b, parts, 7, ad, adl), AXIOM_OK, "7 bytes");
        TU_ASSERT_MEM_EQ(one, parts, 7, "short request");
        axiom_drbg_free(a);
        axiom_drbg_free(b);
    }
    free(one);
    free(parts);
}
END_TEST

/* The reseed counter is enforced: with the interval lowered through the
 * white-box state, a due reseed pulls from the OS (the output departs from
 * an identical instance), and a failing OS leaves nothing written. */
START_TEST(test_drbg_reseed_due)
{
    axiom_drbg *a = seeded("due"), *b = seeded("due");
    uint8_t x[64], y[64];
    a->reseed_interval = 2;
    for (int i = 0; i < 2; i++) {
        TU_ASSERT_RC(axiom_drbg_generate(a, x, sizeof x, NULL, 0), AXIOM_OK, "generate");
        TU_ASSERT_RC(axiom_drbg_generate(b, y, sizeof y, NULL, 0), AXIOM_OK, "generate");
        TU_ASSERT_MEM_EQ(x, y, sizeof x, "request %d before the reseed is due", i);
    }
    TU_ASSERT(a->reseed_counter == 3, "counter %llu", (unsigned long long)a->reseed_counter);

    /* Due now, and the OS fails: ERANDOM, nothing written, state kept. */
    axiom_rand_os_test_hook(1, "/nonexistent/urandom");
    tu_fill_sentinel(x, sizeof x);
    TU_ASSERT_RC(axiom_drbg_generate(a, x, sizeof x, NULL, 0), AXIOM_ERANDOM, "due reseed, OS down");
    TU_ASSERT_SENTINEL(x, sizeof x, "failed reseed");
    TU_ASSERT(a->reseed_counter == 3, "counter changed by a failed call");
    axiom_rand_os_test_hook(0, NULL);

    TU_ASSERT_RC(axiom_drbg_generate(a, x, sizeof x, NULL, 0), AXIOM_OK, "generate");
    TU_ASSERT_RC(axiom_drbg_generate(b, y, sizeof y, NULL, 0), AXIOM_OK, "generate");
    TU_ASSERT(memcmp(x, y, sizeof x) != 0, "no reseed when due");
    TU_ASSERT(a->reseed_counter == 2, "counter %llu after reseed + 1 request",
              (unsigned long long)a->reseed_counter);

    /* A call of several requests that crosses the interval. */
    size_t len = 3 * AXIOM_DRBG_MAX_REQUEST;
    uint8_t *big = malloc(len);
    TU_ASSERT_RC(axiom_drbg_generate(a, big, len, NULL, 0), AXIOM_OK, "3 requests");
    TU_ASSERT(a->reseed_counter <= 2, "counter %llu over the interval",
              (unsigned long long)a->reseed_counter);
    free(big);
    axiom_drbg_free(a);
    axiom_drbg_free(b);
}
END_TEST

/* ------------------------------------------------------------ over every AES kernel */

/* The AES kernels usable in this tier. */
static size_t usable_aes(const axiom_bc_kernel **out, size_t cap)
{
    size_t n = 0;
    for (const axiom_kernel *const *k = axiom_aes_kernels; *k && n < cap; k++)
        if (((*k)->features & ~axiom_cpu_features()) == 0)
            out[n++] = axiom_bc_of(*k);
    return n;
}

/* AES-256 keystream from the big-endian counter @c, by libgcrypt (CTR of
 * zeros); @c advanced by the blocks begun. */
static void gcry_keystream(const uint8_t key[32], uint8_t c[16], uint8_t *out, size_t len)
{
    memset(out, 0, len);
    TU_ASSERT(tu_gcry_crypt("aes-256-ctr", 1, key, 32, c, 16, out, out, len) == 0, "libgcrypt");
    tu_be128_add(c, (len + 15) / 16);
}

/* One generate request without additional input from the state (@key, V),
 * by the definition (SP 800-90A 10.2.1.5.2 and 10.2.1.2) over libgcrypt:
 * the output, then Key and V replaced by the next three blocks.  @c holds
 * V + 1, as the DRBG keeps it. */
static void ref_generate(uint8_t key[32], uint8_t c[16], uint8_t *out, size_t len)
{
    uint8_t temp[48];
    gcry_keystream(key, c, out, len);
    gcry_keystream(key, c, temp, sizeof temp);
    memcpy(key, temp, 32);
    memcpy(c, temp + 32, 16);
    tu_be128_add(c, 1);
}

/* The DRBG bound to each AES kernel the tier allows (white box: the state
 * is set to a known Key and V) against the definition over libgcrypt:
 * output, V and Key after each request, with V about to carry out of 32,
 * 64 and 128 bits at every block position of the first 40, and random;
 * requests of every length up to 600 bytes, past the widest steps and of
 * a whole 64 KiB request; any output alignment, nothing written around
 * the output. */
START_TEST(test_drbg_kernels)
{
    const axiom_bc_kernel *ks_[8];
    const size_t nk = usable_aes(ks_, 8);
    static uint8_t buf[AXIOM_DRBG_MAX_REQUEST + 128], want[AXIOM_DRBG_MAX_REQUEST];
    TU_ASSERT(nk > 0, "no AES kernel usable");
    tu_rng_reset("drbg-kernels");
    for (size_t ki = 0; ki < nk; ki++) {
        const axiom_bc_kernel *k = ks_[ki];
        TU_ASSERT(k->setkey_enc && k->ctr_secret, "AES kernel %s lacks setkey_enc or ctr_secret",
                  k->name);
        axiom_drbg *d = seeded("drbg-kernels");
        d->k = k;
        size_t calls = 0;
        for (int kind = 0; kind < 4; kind++) {
            for (size_t j = 1; j <= 41; j++) {
                static const size_t fixed[] = { 16, 48, 64, 1024, 16384, AXIOM_DRBG_MAX_REQUEST };
                size_t len = j < 20 ? tu_rand_range(1, 600)
                                    : j < 26 ? fixed[j - 20] : tu_rand_range(600, 5000);
                uint8_t key[32], c[16];
                tu_rand_bytes(key, sizeof key);
                tu_rand_bytes(c, sizeof c);
                if (kind < 3) {
                    /* the low 32, 64 or 128 bits are 2^w - j: the carry
                     * out of them comes at block j - 1 (41: later) */
                    const size_t w = (size_t)32 << kind;
                    memset(c + 16 - w / 8, 0xff, w / 8);
                    c[15] = (uint8_t)(0x100 - j);
                    if (w < 128)
                        c[15 - w / 8] &= 0xfe;
                }
                k->setkey_enc(&d->ks, key, 32);
                memcpy(d->ctr, c, 16);
                const size_t align = tu_rand_range(0, 63);
                tu_fill_sentinel(buf, sizeof buf);
                TU_ASSERT_RC(axiom_drbg_generate(d, buf + align, len, NULL, 0), AXIOM_OK,
                             "generate");
                char vh[40];
                tu_hex_string(vh, sizeof vh, c, 16);
                ref_generate(key, c, want, len);
                TU_ASSERT_MEM_EQ(buf + align, want, len, "kernel %s, V + 1 = %s, len %zu", k->name,
                                 vh, len);
                TU_ASSERT(tu_check_sentinel(buf, align) == (size_t)-1 &&
                          tu_check_sentinel_range(buf, align + len, align + len + 64) ==
                              (size_t)-1,
                          "kernel %s: written around the output (len %zu)", k->name, len);
                TU_ASSERT_MEM_EQ(d->ctr, c, 16, "kernel %s: V after len %zu", k->name, len);
                static axiom_bc_ks want_ks;
                k->setkey_enc(&want_ks, key, 32);
                TU_ASSERT_MEM_EQ(d->ks.w, want_ks.w, 15 * 16, "kernel %s: Key after len %zu",
                                 k->name, len);
                calls++;
            }
        }
        axiom_drbg_free(d);
        printf("DRBG over AES kernel %s (tier %s): %zu requests match the definition\n", k->name,
               tu_tier(), calls);
    }
    /* The DRBG binds the first usable kernel. */
    axiom_drbg *d = seeded("drbg-kernels");
    TU_ASSERT(d->k == ks_[0], "DRBG uses %s, first usable AES kernel is %s", d->k->name,
              ks_[0]->name);
    axiom_drbg_free(d);
}
END_TEST

/* ------------------------------------------------------------ OS source */

START_TEST(test_os_bytes)
{
    uint8_t a[1000], b[1000];
    TU_ASSERT_RC(axiom_random_bytes(NULL, 0), AXIOM_OK, "zero length, NULL");
    TU_ASSERT_RC(axiom_random_bytes(a, 0), AXIOM_OK, "zero length");
    tu_fill_sentinel(a, sizeof a);
    TU_ASSERT_RC(axiom_random_bytes(NULL, 1), AXIOM_EINVAL, "NULL");
    TU_ASSERT_RC(axiom_random_bytes(a, sizeof a), AXIOM_OK, "1000 bytes");
    TU_ASSERT_RC(axiom_random_bytes(b, sizeof b), AXIOM_OK, "1000 bytes");
    TU_ASSERT(memcmp(a, b, sizeof a) != 0, "repeated output");
    for (size_t n = 1; n <= 64; n++) {
        tu_fill_sentinel(a, n + 1);
        TU_ASSERT_RC(axiom_random_bytes(a, n), AXIOM_OK, "%zu bytes", n);
        TU_ASSERT(a[n] == sentinel_byte(n), "wrote past %zu bytes", n);
    }
}
END_TEST

/* getrandom(2) present: a broken fallback path does not matter (no silent
 * fallback).  getrandom(2) "missing" through the hook: /dev/urandom is
 * used, and anything that is not a readable character device fails. */
START_TEST(test_os_fallback)
{
    uint8_t a[300], b[300];
    axiom_rand_os_test_hook(0, "/nonexistent/urandom");
    TU_ASSERT_RC(axiom_random_bytes(a, sizeof a), AXIOM_OK, "getrandom path");

    axiom_rand_os_test_hook(1, NULL);
    TU_ASSERT_RC(axiom_random_bytes(a, sizeof a), AXIOM_OK, "/dev/urandom path");
    TU_ASSERT_RC(axiom_random_bytes(b, sizeof b), AXIOM_OK, "/dev/urandom path");
    TU_ASSERT(memcmp(a, b, sizeof a) != 0, "repeated output");

    char path[] = "/tmp/axiom_rand_XXXXXX";
    int fd = mkstemp(path);
    TU_ASSERT(fd >= 0, "mkstemp");
    TU_ASSERT(write(fd, a, sizeof a) == (ssize_t)sizeof a, "write");
    close(fd);
    static const char *const bad[] = { "/nonexistent/urandom", NULL /* regular file */, "/dev/null" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const char *p = bad[i] ? bad[i] : path;
        axiom_rand_os_test_hook(1, p);
        tu_fill_sentinel(b, sizeof b);
        TU_ASSERT_RC(axiom_random_bytes(b, sizeof b), AXIOM_ERANDOM, "fallback device %s", p);
        TU_ASSERT(all_zero(b, sizeof b), "%s: buffer not cleared on ERANDOM", p);
        /* The DRBG and the fast generator report it too. */
        axiom_drbg *d = (axiom_drbg *)(uintptr_t)1;
        TU_ASSERT_RC(axiom_drbg_new(&d, NULL, 0), AXIOM_ERANDOM, "drbg_new, %s", p);
        TU_ASSERT(d == NULL, "*drbg set on error");
        axiom_rand_fill_test_reset(0);
        tu_fill_sentinel(b, sizeof b);
        TU_ASSERT_RC(axiom_random_fill(b, sizeof b), AXIOM_ERANDOM, "fill, %s", p);
        TU_ASSERT_SENTINEL(b, sizeof b, "fill with the OS down");
    }
    unlink(path);
    axiom_rand_os_test_hook(0, NULL);
    TU_ASSERT_RC(axiom_random_fill(b, sizeof b), AXIOM_OK, "fill after the OS is back");
}
END_TEST

/* alg.h: axiom_keygen draws from axiom_random_bytes; when the OS fails it
 * returns AXIOM_ERANDOM with the key buffer all zero (not the caller's old
 * bytes, nor a partial key), for a plain key and for an XTS key (drawn in
 * a loop). */
START_TEST(test_keygen_os_down)
{
    static const struct {
        const char *name;
        size_t keylen;
    } algs[] = { { "aes-256-gcm", 32 }, { "aes-128-xts", 32 }, { "aes-256-xts", 64 },
                 { "hmac-sha256", 100 }, { "aes-128-gcm+sha256", 16 } };
    uint8_t key[128];
    for (size_t i = 0; i < sizeof algs / sizeof algs[0]; i++) {
        axiom_rand_os_test_hook(1, "/nonexistent/urandom");
        memset(key, 0xa7, sizeof key);
        TU_ASSERT_RC(axiom_keygen(algs[i].name, key, algs[i].keylen), AXIOM_ERANDOM,
                     "%s: keygen with the OS down", algs[i].name);
        TU_ASSERT(all_zero(key, algs[i].keylen), "%s: key not zeroed on ERANDOM", algs[i].name);
        for (size_t b = algs[i].keylen; b < sizeof key; b++)
            TU_ASSERT(key[b] == 0xa7, "%s: keygen wrote past the key (byte %zu)", algs[i].name,
                      b);
        axiom_rand_os_test_hook(0, NULL);
        TU_ASSERT_RC(axiom_keygen(algs[i].name, key, algs[i].keylen), AXIOM_OK,
                     "%s: keygen with the OS back", algs[i].name);
        TU_ASSERT(!all_zero(key, algs[i].keylen), "%s: all-zero key", algs[i].name);
    }
}
END_TEST

/* ------------------------------------------------------------ fast generator */

START_TEST(test_fill_basic)
{
    uint8_t a[5000], b[5000];
    TU_ASSERT_RC(axiom_random_fill(NULL, 0), AXIOM_OK, "zero length, NULL");
    TU_ASSERT_RC(axiom_random_fill(a, 0), AXIOM_OK, "zero length");
    tu_fill_sentinel(a, 16);
    TU_ASSERT_RC(axiom_random_fill(NULL, 16), AXIOM_EINVAL, "NULL");
    /* Every length across the buffer paths; no byte past the end. */
    tu_rng_reset("fill_basic");
    for (int i = 0; i < 3000; i++) {
        size_t n = i < 600 ? (size_t)i : tu_rand_range(1, sizeof a - 1);
        tu_fill_sentinel(a, n + 1);
        TU_ASSERT_RC(axiom_random_fill(a, n), AXIOM_OK, "fill %zu", n);
        TU_ASSERT(a[n] == sentinel_byte(n), "wrote past %zu bytes", n);
        if (n >= 16)
            TU_ASSERT(memcmp(a + n - 16, sentinel_ref + n - 16, 16) != 0, "tail of %zu not written", n);
    }
    TU_ASSERT_RC(axiom_random_fill(a, sizeof a), AXIOM_OK, "fill");
    TU_ASSERT_RC(axiom_random_fill(b, sizeof b), AXIOM_OK, "fill");
    TU_ASSERT(memcmp(a, b, sizeof a) != 0, "repeated output");
    int wof = axiom_rand_fill_test_wipeonfork();
    printf("fill: kernel %s, MADV_WIPEONFORK %s\n", axiom_impl("aes-256-ctr"),
           wof == 1 ? "in force" : "unavailable (pid check)");
}
END_TEST

/* After fork(), parent and child must never produce the same bytes, even
 * though the child inherits the parent's state and buffer. */
static void fork_round(size_t len, uint8_t *mine, uint8_t *child_out)
{
    int fds[2];
    TU_ASSERT(len <= 20000 && pipe(fds) == 0, "pipe");
    pid_t pid = fork();
    TU_ASSERT(pid >= 0, "fork");
    if (pid == 0) {
        close(fds[0]);
        uint8_t out[20000];
        int ok = axiom_random_fill(out, len) == AXIOM_OK;
        if (!ok)
            memset(out, 0, len);
        ssize_t w = write(fds[1], out, len);
        _exit(ok && w == (ssize_t)len ? 0 : 1);
    }
    close(fds[1]);
    TU_ASSERT_RC(axiom_random_fill(mine, len), AXIOM_OK, "parent fill");
    size_t got = 0;
    while (got < len) {
        ssize_t r = read(fds[0], child_out + got, len - got);
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    TU_ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0 && got == len, "child failed");
    /* Shorter outputs are compared over all rounds by the caller. */
    if (len >= 16)
        TU_ASSERT(memcmp(mine, child_out, 16) != 0, "parent and child produced the same %zu bytes", len);
}

static void fork_test(int no_wipeonfork)
{
    enum { ROUNDS = 12 };
    static const size_t sizes[] = { 1, 16, 64, 100, 4095, 4096, 16384 };
    static uint8_t outs[ROUNDS][16384], mine[ROUNDS][16384];
    axiom_rand_fill_test_reset(no_wipeonfork);
    uint8_t warm[100];
    TU_ASSERT_RC(axiom_random_fill(warm, sizeof warm), AXIOM_OK, "warm up");
    int wof = axiom_rand_fill_test_wipeonfork();
    if (no_wipeonfork)
        TU_ASSERT(wof == 0, "hook did not disable MADV_WIPEONFORK");
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        uint8_t pcat[ROUNDS], ccat[ROUNDS];
        for (int r = 0; r < ROUNDS; r++) {
            fork_round(sizes[s], mine[r], outs[r]);
            pcat[r] = mine[r][0];
            ccat[r] = outs[r][0];
        }
        /* First bytes of all rounds: equal by chance with probability 2^-96. */
        TU_ASSERT(memcmp(pcat, ccat, ROUNDS) != 0, "parent and children agree (%zu bytes)", sizes[s]);
        /* Children differ from each other as well. */
        if (sizes[s] >= 16)
            for (int i = 0; i < ROUNDS; i++)
                for (int j = i + 1; j < ROUNDS; j++)
                    TU_ASSERT(memcmp(outs[i], outs[j], 16) != 0,
                              "children %d and %d agree (%zu bytes)", i, j, sizes[s]);
    }
    axiom_rand_fill_test_reset(0);
}

START_TEST(test_fork_wipeonfork) { fork_test(0); }
END_TEST

START_TEST(test_fork_pid) { fork_test(1); }
END_TEST

enum { NTHREADS = 16, PER_THREAD = 2048 };
typedef struct {
    uint8_t out[PER_THREAD][16];
    int rc;
} thread_arg;

static void *thread_main(void *p)
{
    thread_arg *t = p;
    uint8_t big[5000];
    t->rc = AXIOM_OK;
    for (int i = 0; i < PER_THREAD && t->rc == AXIOM_OK; i++) {
        t->rc = axiom_random_fill(t->out[i], 16);
        /* Mix in other sizes so that buffer refills and direct requests
         * interleave with the other threads. */
        if (t->rc == AXIOM_OK && i % 64 == 0)
            t->rc = axiom_random_fill(big, (size_t)(i % 3 ? 4999 : 300));
    }
    return NULL;
}

static int cmp16(const void *a, const void *b)
{
    return memcmp(a, b, 16);
}

START_TEST(test_threads)
{
    long before = axiom_rand_fill_test_live();
    thread_arg *args = calloc(NTHREADS, sizeof *args);
    pthread_t th[NTHREADS];
    for (int i = 0; i < NTHREADS; i++)
        TU_ASSERT(pthread_create(&th[i], NULL, thread_main, &args[i]) == 0, "pthread_create");
    for (int i = 0; i < NTHREADS; i++)
        pthread_join(th[i], NULL);
    for (int i = 0; i < NTHREADS; i++)
        TU_ASSERT_RC(args[i].rc, AXIOM_OK, "thread %d", i);
    /* No 16-byte value handed out twice, across all threads. */
    qsort(args, (size_t)NTHREADS * PER_THREAD, 16, cmp16);
    const uint8_t (*all)[16] = (const void *)args;
    for (size_t i = 1; i < (size_t)NTHREADS * PER_THREAD; i++)
        TU_ASSERT(memcmp(all[i - 1], all[i], 16) != 0, "the same 16 bytes twice");
    /* Thread exit destroyed the per-thread states. */
    TU_ASSERT(axiom_rand_fill_test_live() == before, "%ld states live after join, %ld before",
              axiom_rand_fill_test_live(), before);
    free(args);
}
END_TEST

/* ------------------------------------------------------------ statistics */

/* Monobit and runs (NIST SP 800-22 2.1 and 2.3) as z-scores, plus a chi-square
 * over byte values; the bounds fail a good generator with probability
 * around 1e-9 each. */
static void stat_check(const char *what, const uint8_t *p, size_t len)
{
    uint64_t ones = 0, runs = 1, hist[256] = { 0 };
    int prev = p[0] >> 7;
    for (size_t i = 0; i < len; i++) {
        ones += (uint64_t)__builtin_popcount(p[i]);
        hist[p[i]]++;
        for (int b = 7; b >= 0; b--) {
            int bit = (p[i] >> b) & 1;
            runs += bit != prev;
            prev = bit;
        }
    }
    double n = (double)len * 8, pi = (double)ones / n;
    double z_mono = ((double)ones - n / 2) / sqrt(n / 4);
    double z_runs = ((double)runs - 2 * n * pi * (1 - pi)) / (2 * sqrt(n) * pi * (1 - pi));
    double chi = 0, e = (double)len / 256;
    for (int i = 0; i < 256; i++)
        chi += ((double)hist[i] - e) * ((double)hist[i] - e) / e;
    printf("%s: %zu bytes, monobit z=%.2f, runs z=%.2f, chi2(255)=%.1f\n", what, len, z_mono, z_runs, chi);
    TU_ASSERT(fabs(z_mono) < 6.5, "%s: monobit z = %f", what, z_mono);
    TU_ASSERT(fabs(z_runs) < 6.5, "%s: runs z = %f", what, z_runs);
    TU_ASSERT(chi > 140 && chi < 410, "%s: byte chi-square %f", what, chi);
}

START_TEST(test_stats)
{
    const size_t len = (size_t)4 << 20;
    uint8_t *p = malloc(len);
    /* Mixed request sizes, so that buffer and direct paths both feed it. */
    tu_rng_reset("stats");
    for (size_t off = 0; off < len;) {
        size_t n = tu_rand64() & 1 ? tu_rand_range(1, 200) : tu_rand_range(1, 70000);
        if (n > len - off)
            n = len - off;
        TU_ASSERT_RC(axiom_random_fill(p + off, n), AXIOM_OK, "fill");
        off += n;
    }
    stat_check("axiom_random_fill", p, len);
    TU_ASSERT_RC(axiom_random_bytes(p, len / 4), AXIOM_OK, "random_bytes");
    stat_check("axiom_random_bytes", p, len / 4);
    axiom_drbg *d = seeded("stats");
    TU_ASSERT_RC(axiom_drbg_generate(d, p, len / 4, NULL, 0), AXIOM_OK, "drbg");
    stat_check("axiom_drbg_generate", p, len / 4);
    axiom_drbg_free(d);
    free(p);
}
END_TEST

/* rand.h: the thread's generator is reseeded from the OS every 2^14
 * generate requests (one per 4 KiB refill of the buffer, one per 64 KiB
 * of a direct request).  With the OS down through the test hook, request
 * 2^14 is still served from the state, the next one needs the reseed and
 * fails with AXIOM_ERANDOM, nothing written, and it keeps failing until
 * the OS is back; after the reseed the count starts again. */
START_TEST(test_fill_reseed_interval)
{
    enum { N = 1 << 14, LEN = 4096 };
    uint8_t *buf = malloc(LEN);
    TU_ASSERT(buf != NULL, "malloc");
    axiom_rand_fill_test_reset(0);
    /* Requests 1 .. 2^14 - 1, the first one seeding the state. */
    for (unsigned i = 1; i < N; i++)
        TU_ASSERT_RC(axiom_random_fill(buf, LEN), AXIOM_OK, "request %u", i);
    axiom_rand_os_test_hook(1, "/nonexistent/urandom");
    tu_fill_sentinel(buf, LEN);
    TU_ASSERT_RC(axiom_random_fill(buf, LEN), AXIOM_OK, "request 2^14 needs no reseed");
    TU_ASSERT(tu_check_sentinel(buf, 64) != (size_t)-1, "request 2^14 not written");
    for (int k = 0; k < 3; k++) {
        tu_fill_sentinel(buf, LEN);
        TU_ASSERT_RC(axiom_random_fill(buf, LEN), AXIOM_ERANDOM,
                     "request 2^14 + 1 with the OS down (try %d)", k);
        TU_ASSERT_SENTINEL(buf, LEN, "failed reseed (try %d)", k);
    }
    axiom_rand_os_test_hook(0, NULL);
    TU_ASSERT_RC(axiom_random_fill(buf, LEN), AXIOM_OK, "the OS back: reseeded");
    /* The count restarted: the OS is not needed again for a while. */
    axiom_rand_os_test_hook(1, "/nonexistent/urandom");
    for (unsigned i = 0; i < 100; i++)
        TU_ASSERT_RC(axiom_random_fill(buf, LEN), AXIOM_OK, "request %u after the reseed", i);
    axiom_rand_os_test_hook(0, NULL);
    axiom_rand_fill_test_reset(0);
    free(buf);
}
END_TEST

/* ------------------------------------------------------------ huge requests */

/* 1 GiB through axiom_random_fill as 16 requests of 64 MiB (each split
 * internally into 1024 standard requests, with periodic reseeds).  Only in
 * the native tier unless AXIOM_TEST_HUGE=1: the portable AES kernel would
 * take tens of seconds. */
START_TEST(test_huge)
{
    const char *env = getenv("AXIOM_TEST_HUGE");
    int force = env && strcmp(env, "1") == 0;
    if (!force && strcmp(tu_tier(), "native") != 0) {
        printf("huge: skipped in tier %s (AXIOM_TEST_HUGE=1 runs it)\n", tu_tier());
        return;
    }
    const size_t chunk = (size_t)64 << 20;
    uint8_t *p = malloc(chunk);
    TU_ASSERT(p != NULL, "malloc 64 MiB");
    double t0 = now_s();
    for (int i = 0; i < 16; i++) {
        tu_fill_sentinel(p, 64);
        tu_fill_sentinel(p + chunk - 64, 64);
        TU_ASSERT_RC(axiom_random_fill(p, chunk), AXIOM_OK, "64 MiB chunk %d", i);
        TU_ASSERT(tu_check_sentinel(p, 64) != (size_t)-1 &&
                  tu_check_sentinel(p + chunk - 64, 64) != (size_t)-1, "chunk %d not written", i);
    }
    double t = now_s() - t0;
    printf("huge: 1 GiB in 64 MiB requests in %.2f s (%.0f MB/s)\n", t, 1073.741824 / t);
    stat_check("1 GiB, last 8 MiB", p + chunk - ((size_t)8 << 20), (size_t)8 << 20);
    /* And one direct DRBG call of 64 MiB plus an odd tail. */
    axiom_drbg *d = seeded("huge");
    TU_ASSERT_RC(axiom_drbg_generate(d, p, chunk - 13, NULL, 0), AXIOM_OK, "64 MiB - 13");
    TU_ASSERT(d->reseed_counter == 1 + 1024, "requests counted: %llu",
              (unsigned long long)d->reseed_counter);
    axiom_drbg_free(d);
    free(p);
}
END_TEST

static Suite *rand_suite(void)
{
    Suite *s = suite_create("rand");
    TCase *tc = tcase_create("drbg");
    tcase_add_test(tc, test_cavp);
    tcase_add_test(tc, test_drbg_misuse);
    tcase_add_test(tc, test_drbg_os);
    tcase_add_test(tc, test_drbg_split);
    tcase_add_test(tc, test_drbg_reseed_due);
    tcase_set_timeout(tc, 30);
    suite_add_tcase(s, tc);

    tc = tcase_create("kernels");
    tcase_add_test(tc, test_drbg_kernels);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);

    tc = tcase_create("os");
    tcase_add_test(tc, test_os_bytes);
    tcase_add_test(tc, test_os_fallback);
    tcase_add_test(tc, test_keygen_os_down);
    suite_add_tcase(s, tc);

    tc = tcase_create("fill");
    tcase_add_test(tc, test_fill_basic);
    tcase_add_test(tc, test_fork_wipeonfork);
    tcase_add_test(tc, test_fork_pid);
    tcase_add_test(tc, test_fill_reseed_interval);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);

    tc = tcase_create("threads");
    tcase_add_test(tc, test_threads);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);

    tc = tcase_create("stats");
    tcase_add_test(tc, test_stats);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);

    tc = tcase_create("huge");
    tcase_add_test(tc, test_huge);
    tcase_set_timeout(tc, 120);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    tu_init("test_rand");
    tu_gcry_init();
    return tu_run_suite(rand_suite());
}
