/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Benchmark of the axiom OpenSSL provider against OpenSSL's default
 * provider in one process, interleaved rounds (median ratio and range):
 * EVP encryption as `openssl speed -evp` does it, the provider's own cost
 * per call (its dispatch functions called directly, against the same
 * libaxiom calls and the whole EVP path), and a TLS 1.3 bulk transfer over
 * loopback with the provider on both ends or on neither.
 * Each round times both sides in alternating short batches and keeps each
 * side's best batch (on a busy host the best is the least disturbed), so a
 * round's ratio compares like with like; rounds give the median and range.
 * Usage: provider-bench [evp|overhead|tls]... (none: all three); AXIOM_PROVIDER_DIR
 * names the directory of axiom.so, AXIOM_BENCH_ROUNDS the rounds,
 * AXIOM_BENCH_TLS_BYTES the transfer size, AXIOM_BENCH_CERT/KEY a PEM
 * certificate and key for the TLS server. */
#include "config.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <axiom.h>
#include <openssl/core_dispatch.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>
#include <openssl/ssl.h>

static int rounds = 11;
static OSSL_PROVIDER *axiom_prov;

/* Seconds of CPU time this thread has used: a loop preempted on a busy
 * host is not charged for the other programs' time (openssl speed counts
 * user time for the same reason). */
static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double wall(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double cpu_all(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void cpu_line(void)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[256], model[128] = "?";
    int family = -1, mod = -1;
    while (f && fgets(line, sizeof line, f)) {
        if (!strncmp(line, "model name", 10) && model[0] == '?')
            sscanf(strchr(line, ':') + 2, "%127[^\n]", model);
        else if (!strncmp(line, "cpu family", 10) && family < 0)
            sscanf(strchr(line, ':') + 1, "%d", &family);
        else if (!strncmp(line, "model\t", 6) && mod < 0)
            sscanf(strchr(line, ':') + 1, "%d", &mod);
    }
    if (f)
        fclose(f);
    printf("# CPU: %s (family %d, model %d); OpenSSL %s; libaxiom %s; %d rounds\n", model, family,
           mod, OpenSSL_version(OPENSSL_VERSION_STRING), axiom_version_string(), rounds);
}

/* ------------------------------------------------------- EVP throughput */

/* One sample: @iters EVP_EncryptUpdate calls of @len bytes in place on one
 * message, as openssl speed's EVP loop does; seconds. */
static double evp_sample(EVP_CIPHER_CTX *x, unsigned char *buf, int len, long iters)
{
    int outl;
    static const unsigned char iv[16] = { 1 };
    EVP_EncryptInit_ex2(x, NULL, NULL, iv, NULL); /* a fresh message each sample */
    double t = now();
    for (long i = 0; i < iters; i++)
        EVP_EncryptUpdate(x, buf, &outl, buf, len);
    return now() - t;
}

#define BATCHES 8

/* One round: BATCHES batches of each side, alternating, the best of each
 * (seconds for @iters calls). */
static void evp_round(EVP_CIPHER_CTX *a, EVP_CIPHER_CTX *b, unsigned char *buf, int len,
                      long iters, int b_first, double *ta, double *tb)
{
    *ta = *tb = 1e30;
    for (int k = 0; k < BATCHES; k++) {
        double x, y;
        if ((k + b_first) % 2) {
            y = evp_sample(b, buf, len, iters);
            x = evp_sample(a, buf, len, iters);
        } else {
            x = evp_sample(a, buf, len, iters);
            y = evp_sample(b, buf, len, iters);
        }
        *ta = x < *ta ? x : *ta;
        *tb = y < *tb ? y : *tb;
    }
}

static EVP_CIPHER_CTX *evp_ctx(const char *alg, const char *props)
{
    EVP_CIPHER *c = EVP_CIPHER_fetch(NULL, alg, props);
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    unsigned char key[32] = { 7 }, iv[16] = { 1 };
    if (!c || !EVP_EncryptInit_ex2(x, c, key, iv, NULL)) {
        fprintf(stderr, "cannot set up %s (%s)\n", alg, props);
        ERR_print_errors_fp(stderr);
        exit(1);
    }
    EVP_CIPHER_free(c);
    return x;
}

static void bench_evp(void)
{
    static const char *const algs[] = { "AES-128-GCM", "ChaCha20-Poly1305", "SM4-CTR",
                                        "AES-128-CTR" };
    static const int sizes[] = { 16384, 16 };
    unsigned char *buf = aligned_alloc(64, 16384);
    memset(buf, 0x5a, 16384);
    printf("\n# EVP_EncryptUpdate on one message (the loop of openssl speed -evp),\n"
           "# provider=axiom against provider=default, interleaved rounds\n");
    printf("%-18s %6s %12s %12s %8s %17s\n", "algorithm", "bytes", "axiom MB/s", "default MB/s",
           "ratio", "range");
    for (size_t a = 0; a < sizeof algs / sizeof algs[0]; a++) {
        for (size_t s = 0; s < 2; s++) {
            const int len = sizes[s];
            EVP_CIPHER_CTX *ax = evp_ctx(algs[a], "provider=axiom");
            EVP_CIPHER_CTX *df = evp_ctx(algs[a], "provider=default");
            /* ~2 ms per batch on the axiom side. */
            long iters = 50;
            while (evp_sample(ax, buf, len, iters) < 0.002 && iters < (1L << 30))
                iters *= 2;
            double *r = calloc((size_t)rounds, sizeof *r), *ta = calloc((size_t)rounds, sizeof *ta),
                   *td = calloc((size_t)rounds, sizeof *td);
            for (int i = 0; i < rounds; i++) {
                double x, y;
                evp_round(ax, df, buf, len, iters, i % 2, &x, &y);
                r[i] = y / x;
                ta[i] = (double)len * (double)iters / x / 1e6;
                td[i] = (double)len * (double)iters / y / 1e6;
            }
            double lo = r[0], hi = r[0];
            for (int i = 1; i < rounds; i++) {
                lo = r[i] < lo ? r[i] : lo;
                hi = r[i] > hi ? r[i] : hi;
            }
            printf("%-18s %6d %12.0f %12.0f %7.2fx  [%5.2f, %5.2f]\n", algs[a], len,
                   median(ta, rounds), median(td, rounds), median(r, rounds), lo, hi);
            fflush(stdout);
            free(r);
            free(ta);
            free(td);
            EVP_CIPHER_CTX_free(ax);
            EVP_CIPHER_CTX_free(df);
        }
    }
    free(buf);
}

/* ------------------------------------------------------ cost per call */

/* The provider's cipher functions for @alg, straight from its table. */
typedef struct {
    OSSL_FUNC_cipher_newctx_fn *newctx;
    OSSL_FUNC_cipher_encrypt_init_fn *einit;
    OSSL_FUNC_cipher_update_fn *update;
    OSSL_FUNC_cipher_freectx_fn *freectx;
} cipher_fns;

static int provider_fns(const char *alg, cipher_fns *f)
{
    int no_store = 0;
    const OSSL_ALGORITHM *t = OSSL_PROVIDER_query_operation(axiom_prov, OSSL_OP_CIPHER, &no_store);
    size_t n = strlen(alg);
    for (; t && t->algorithm_names; t++) {
        if (strncmp(t->algorithm_names, alg, n) || (t->algorithm_names[n] && t->algorithm_names[n] != ':'))
            continue;
        memset(f, 0, sizeof *f);
        for (const OSSL_DISPATCH *d = t->implementation; d->function_id; d++) {
            switch (d->function_id) {
            case OSSL_FUNC_CIPHER_NEWCTX: f->newctx = OSSL_FUNC_cipher_newctx(d); break;
            case OSSL_FUNC_CIPHER_ENCRYPT_INIT: f->einit = OSSL_FUNC_cipher_encrypt_init(d); break;
            case OSSL_FUNC_CIPHER_UPDATE: f->update = OSSL_FUNC_cipher_update(d); break;
            case OSSL_FUNC_CIPHER_FREECTX: f->freectx = OSSL_FUNC_cipher_freectx(d); break;
            default: break;
            }
        }
        return f->newctx && f->einit && f->update && f->freectx;
    }
    return 0;
}

#define CALLS 2000
#define CALL_BATCHES 50

static void bench_overhead(void)
{
    static const struct {
        const char *ossl, *axiom;
        int aead;
    } cases[] = { { "AES-128-GCM", "aes-128-gcm", 1 }, { "AES-128-CTR", "aes-128-ctr", 0 },
                  { "ChaCha20-Poly1305", "chacha20-poly1305", 1 } };
    unsigned char buf[64] = { 0 }, key[32] = { 3 }, iv[16] = { 4 };
    const int len = 16;
    printf("\n# Cost of one %d-byte update, ns per call (median over %d rounds of the best of %d\n"
           "# batches of %d calls each):\n"
           "# libaxiom called directly; the provider's update function called directly;\n"
           "# EVP_EncryptUpdate through the provider; EVP_EncryptUpdate on the default provider\n",
           len, rounds, CALL_BATCHES, CALLS);
    printf("%-18s %9s %9s %9s %9s %14s %10s\n", "algorithm", "libaxiom", "provider", "EVP+axiom",
           "EVP+deflt", "provider own", "EVP layer");
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        cipher_fns f;
        if (!provider_fns(cases[c].ossl, &f)) {
            fprintf(stderr, "no %s in the provider's table\n", cases[c].ossl);
            exit(1);
        }
        void *pctx = f.newctx(OSSL_PROVIDER_get0_provider_ctx(axiom_prov));
        f.einit(pctx, key, cases[c].aead && c == 2 ? 32 : 16, iv, cases[c].aead ? 12 : 16, NULL);
        axiom_gcm_ctx *g = NULL;
        axiom_cipher_ctx *ci = NULL;
        if (cases[c].aead) {
            axiom_gcm_new(&g, cases[c].axiom);
            axiom_gcm_setkey(g, key, c == 2 ? 32 : 16);
            axiom_gcm_init(g, AXIOM_ENCRYPT, iv, 12);
        } else {
            axiom_cipher_new(&ci, cases[c].axiom);
            axiom_cipher_init(ci, AXIOM_ENCRYPT, key, 16, iv, 16);
        }
        EVP_CIPHER_CTX *ea = evp_ctx(cases[c].ossl, "provider=axiom");
        EVP_CIPHER_CTX *ed = evp_ctx(cases[c].ossl, "provider=default");
        double *v[4];
        for (int k = 0; k < 4; k++)
            v[k] = calloc((size_t)rounds, sizeof(double));
        for (int i = 0; i < rounds; i++) {
            for (int k = 0; k < 4; k++)
                v[k][i] = 1e30;
            for (int bt = 0; bt < CALL_BATCHES * 4; bt++) {
                const int which = (bt + i) % 4; /* rotate the order */
                size_t outl;
                int ol;
                double t = now();
                for (int n = 0; n < CALLS; n++) {
                    switch (which) {
                    case 0:
                        if (g)
                            axiom_gcm_update(g, buf, buf, (size_t)len);
                        else
                            axiom_cipher_update(ci, buf, buf, (size_t)len);
                        break;
                    case 1: f.update(pctx, buf, &outl, sizeof buf, buf, (size_t)len); break;
                    case 2: EVP_EncryptUpdate(ea, buf, &ol, buf, len); break;
                    default: EVP_EncryptUpdate(ed, buf, &ol, buf, len); break;
                    }
                }
                t = (now() - t) / CALLS * 1e9;
                v[which][i] = t < v[which][i] ? t : v[which][i];
            }
        }
        double m[4];
        for (int k = 0; k < 4; k++)
            m[k] = median(v[k], rounds);
        printf("%-18s %9.1f %9.1f %9.1f %9.1f %14.1f %10.1f\n", cases[c].ossl, m[0], m[1], m[2],
               m[3], m[1] - m[0], m[2] - m[1]);
        fflush(stdout);
        for (int k = 0; k < 4; k++)
            free(v[k]);
        f.freectx(pctx);
        axiom_gcm_free(g);
        axiom_cipher_free(ci);
        EVP_CIPHER_CTX_free(ea);
        EVP_CIPHER_CTX_free(ed);
    }
}

/* -------------------------------------------------------- TLS transfer */

typedef struct {
    SSL_CTX *ctx;
    int fd;
    size_t bytes;
    int ok;
} tls_side;

static void *tls_server(void *arg)
{
    tls_side *s = arg;
    int c = accept(s->fd, NULL, NULL);
    SSL *ssl = SSL_new(s->ctx);
    static unsigned char buf[65536];
    SSL_set_fd(ssl, c);
    if (SSL_accept(ssl) == 1) {
        size_t sent = 0;
        s->ok = 1;
        while (sent < s->bytes) {
            int n = (int)(s->bytes - sent < sizeof buf ? s->bytes - sent : sizeof buf);
            int w = SSL_write(ssl, buf, n);
            if (w <= 0) {
                s->ok = 0;
                break;
            }
            sent += (size_t)w;
        }
        SSL_shutdown(ssl);
    }
    SSL_free(ssl);
    close(c);
    return NULL;
}

/* Seconds (wall clock, and CPU time of both ends) to move @bytes from a
 * server to a client over loopback, both ends with contexts from @libctx. */
static double tls_transfer(OSSL_LIB_CTX *libctx, size_t bytes, const char *cert, const char *key,
                           double *cpu)
{
    SSL_CTX *sctx = SSL_CTX_new_ex(libctx, NULL, TLS_server_method());
    SSL_CTX *cctx = SSL_CTX_new_ex(libctx, NULL, TLS_client_method());
    if (!sctx || !cctx || !SSL_CTX_use_certificate_chain_file(sctx, cert) ||
        !SSL_CTX_use_PrivateKey_file(sctx, key, SSL_FILETYPE_PEM)) {
        ERR_print_errors_fp(stderr);
        exit(1);
    }
    SSL_CTX_set_min_proto_version(sctx, TLS1_3_VERSION);
    SSL_CTX_set_min_proto_version(cctx, TLS1_3_VERSION);
    SSL_CTX_set_ciphersuites(sctx, "TLS_AES_128_GCM_SHA256");
    SSL_CTX_set_ciphersuites(cctx, "TLS_AES_128_GCM_SHA256");
    int lfd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = 0 };
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t al = sizeof a;
    if (bind(lfd, (struct sockaddr *)&a, sizeof a) || listen(lfd, 1) ||
        getsockname(lfd, (struct sockaddr *)&a, &al)) {
        perror("listen");
        exit(1);
    }
    tls_side srv = { sctx, lfd, bytes, 0 };
    pthread_t th;
    double c0 = cpu_all();
    pthread_create(&th, NULL, tls_server, &srv);
    double t = wall();
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (connect(fd, (struct sockaddr *)&a, sizeof a)) {
        perror("connect");
        exit(1);
    }
    SSL *ssl = SSL_new(cctx);
    SSL_set_fd(ssl, fd);
    size_t got = 0;
    static unsigned char buf[65536];
    if (SSL_connect(ssl) == 1) {
        int r;
        while (got < bytes && (r = SSL_read(ssl, buf, sizeof buf)) > 0)
            got += (size_t)r;
    }
    t = wall() - t;
    SSL_free(ssl);
    close(fd);
    pthread_join(th, NULL);
    *cpu = cpu_all() - c0;
    close(lfd);
    SSL_CTX_free(sctx);
    SSL_CTX_free(cctx);
    if (got != bytes || !srv.ok) {
        fprintf(stderr, "TLS transfer failed: %zu of %zu bytes\n", got, bytes);
        ERR_print_errors_fp(stderr);
        exit(1);
    }
    return t;
}

static void bench_tls(void)
{
    const char *cert = getenv("AXIOM_BENCH_CERT"), *key = getenv("AXIOM_BENCH_KEY");
    const char *sz = getenv("AXIOM_BENCH_TLS_BYTES");
    size_t bytes = sz ? strtoull(sz, NULL, 0) : (size_t)1 << 30;
    if (!cert || !key) {
        printf("\n# TLS: AXIOM_BENCH_CERT and AXIOM_BENCH_KEY not set, skipped\n");
        return;
    }
    OSSL_LIB_CTX *with = OSSL_LIB_CTX_new(), *without = OSSL_LIB_CTX_new();
    const char *dir = getenv("AXIOM_PROVIDER_DIR");
    if (dir)
        OSSL_PROVIDER_set_default_search_path(with, dir);
    OSSL_PROVIDER *wd = OSSL_PROVIDER_load(with, "default"), *wa = OSSL_PROVIDER_load(with, "axiom");
    OSSL_PROVIDER *nd = OSSL_PROVIDER_load(without, "default");
    if (!wd || !wa || !nd || !EVP_set_default_properties(with, "?provider=axiom")) {
        ERR_print_errors_fp(stderr);
        exit(1);
    }
    const int n = rounds < 3 ? rounds : 3 + (rounds > 9);
    double *r = calloc((size_t)n, sizeof *r), *tw = calloc((size_t)n, sizeof *tw),
           *tn = calloc((size_t)n, sizeof *tn), *rc = calloc((size_t)n, sizeof *rc);
    printf("\n# TLS 1.3 TLS_AES_128_GCM_SHA256, %zu bytes server to client over loopback,\n"
           "# both ends with the provider preferred against both ends on the default provider\n",
           bytes);
    for (int i = 0; i < n; i++) {
        double cw, cn;
        if (i % 2) {
            tw[i] = tls_transfer(with, bytes, cert, key, &cw);
            tn[i] = tls_transfer(without, bytes, cert, key, &cn);
        } else {
            tn[i] = tls_transfer(without, bytes, cert, key, &cn);
            tw[i] = tls_transfer(with, bytes, cert, key, &cw);
        }
        r[i] = tn[i] / tw[i];
        rc[i] = cn / cw;
        printf("round %d: with %.3f s (%.0f MB/s, %.3f s CPU), without %.3f s (%.0f MB/s, "
               "%.3f s CPU): wall-clock ratio %.2f, CPU-time ratio %.2f\n",
               i, tw[i], (double)bytes / tw[i] / 1e6, cw, tn[i], (double)bytes / tn[i] / 1e6, cn,
               r[i], rc[i]);
        fflush(stdout);
    }
    double lo = r[0], hi = r[0], clo = rc[0], chi = rc[0];
    for (int i = 1; i < n; i++) {
        lo = r[i] < lo ? r[i] : lo;
        hi = r[i] > hi ? r[i] : hi;
        clo = rc[i] < clo ? rc[i] : clo;
        chi = rc[i] > chi ? rc[i] : chi;
    }
    const double mw = (double)bytes / median(tw, n) / 1e6, mn = (double)bytes / median(tn, n) / 1e6;
    printf("TLS 1.3 AES-128-GCM transfer: wall-clock ratio %.2fx [%.2f, %.2f] (with %.0f MB/s, "
           "without %.0f MB/s); CPU-time ratio %.2fx [%.2f, %.2f]\n",
           median(r, n), lo, hi, mw, mn, median(rc, n), clo, chi);
    char stats[4096] = "";
    OSSL_PARAM ps[] = { OSSL_PARAM_utf8_string("axiom-stats", stats, sizeof stats), OSSL_PARAM_END };
    if (OSSL_PROVIDER_get_params(wa, ps)) {
        const char *l = strstr(stats, "AES-128-GCM ");
        unsigned long long ops = 0, b = 0;
        if (l)
            sscanf(l, "AES-128-GCM %llu %llu", &ops, &b);
        printf("(the provider's AES-128-GCM counted %llu records, %llu bytes)\n", ops, b);
    }
    free(r);
    free(rc);
    free(tw);
    free(tn);
    OSSL_PROVIDER_unload(wa);
    OSSL_PROVIDER_unload(wd);
    OSSL_PROVIDER_unload(nd);
    OSSL_LIB_CTX_free(with);
    OSSL_LIB_CTX_free(without);
}

int main(int argc, char **argv)
{
    const char *dir = getenv("AXIOM_PROVIDER_DIR"), *r = getenv("AXIOM_BENCH_ROUNDS");
    if (r && atoi(r) > 0)
        rounds = atoi(r);
    if (dir)
        OSSL_PROVIDER_set_default_search_path(NULL, dir);
    if (!OSSL_PROVIDER_load(NULL, "default") || !(axiom_prov = OSSL_PROVIDER_load(NULL, "axiom"))) {
        fprintf(stderr, "cannot load the providers (AXIOM_PROVIDER_DIR=%s)\n", dir ? dir : "unset");
        ERR_print_errors_fp(stderr);
        return 1;
    }
    cpu_line();
    int all = argc < 2;
    for (int i = all ? 0 : 1; i < (all ? 1 : argc); i++) {
        if (all || !strcmp(argv[i], "evp"))
            bench_evp();
        if (all || !strcmp(argv[i], "overhead"))
            bench_overhead();
        if (all || !strcmp(argv[i], "tls"))
            bench_tls();
    }
    return 0;
}
