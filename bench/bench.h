/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Interfaces of the benchmark runner shared by axiom-bench and
 * `axiom-crypto speed`: the case table, the library drivers, and the entry point. */
#ifndef AXIOM_BENCH_H
#define AXIOM_BENCH_H

#include <stddef.h>
#include <stdint.h>

/* What an algorithm's operation looks like, so that each driver knows which
 * calls to time and the runner knows how to name, size and check them. */
typedef enum bench_kind {
    BENCH_CIPHER,    /* block or stream cipher: set IV, then one update */
    BENCH_AEAD,      /* one-shot seal / open; the sealed form is ciphertext || tag */
    BENCH_HASH,      /* one-shot digest */
    BENCH_HMAC,      /* one-shot HMAC: the key is processed for every message */
    BENCH_HASH_MANY, /* BENCH_MANY messages of the case size, digested at once */
    BENCH_RAND,      /* fill the output with the fast generator (and peers') */
    BENCH_RAND_OS,   /* fill the output from the operating system */
    BENCH_DRBG,      /* one generate request of an axiom_drbg seeded once (libaxiom only) */
    BENCH_MAC        /* one-shot MAC by name (axiom_mac): the key is processed for every message */
} bench_kind;

/* Messages per operation of BENCH_HASH_MANY. */
#define BENCH_MANY 16
/* AEAD tag length in every case: the one all three libraries share. */
#define BENCH_TAGLEN 16
/* Room past the end of every buffer for an AEAD tag or the digests of a
 * BENCH_HASH_MANY operation. */
#define BENCH_SLACK 1024

/* One algorithm: one row of bench_algs[].  Every case is an algorithm, a
 * direction and a message size; the size is skipped when the mode cannot
 * take it (not a multiple of @unit, outside [@minlen, @maxlen]). */
typedef struct bench_alg {
    const char *name; /* libaxiom's name (OpenSSL's too, for ciphers and AEADs) */
    bench_kind kind;
    size_t keylen;    /* bytes (HMAC: the key length used) */
    size_t ivlen;     /* bytes, IV or nonce; 0: none */
    size_t unit;      /* message length must be a multiple of this */
    size_t minlen;
    size_t maxlen;    /* 0: no limit */
    const char *hash; /* hash kinds: the hash function's name */
    size_t digestlen; /* hash kinds: its digest size */
    /* What to ask axiom_impl() for the kernel; NULL: @name.  "" means no
     * kernel of the library is involved (the OS generator). */
    const char *impl;
    /* 1: a row for an algorithm that may not be in this build (SM4 until it
     * lands): skipped, not failed, when libaxiom does not know it. */
    int optional;
} bench_alg;

extern const bench_alg bench_algs[];
extern const size_t bench_nalgs;

/* Name used in benchmark lines: "aes-128-ctr" -> "AES128CTR". */
void bench_alg_label(const bench_alg *a, char *out, size_t outlen);
/* Whether @a can process a message of @len bytes. */
int bench_alg_accepts(const bench_alg *a, size_t len);
/* 2 for kinds with two directions (cipher, AEAD), else 1 (encrypt == 1). */
int bench_alg_ndirs(const bench_alg *a);
/* Direction name in case names: "encrypt"/"decrypt", "seal"/"open",
 * "digest", "mac", "generate". */
const char *bench_dir_name(const bench_alg *a, int encrypt);
/* Bytes one operation on @len-byte messages writes to its output. */
size_t bench_alg_outlen(const bench_alg *a, int encrypt, size_t len);
/* Bytes one operation processes: what MB/s and cpb count. */
size_t bench_alg_bytes(const bench_alg *a, size_t len);
/* Kernel libaxiom uses for @a now; NULL when libaxiom does not know it. */
const char *bench_alg_kernel(const bench_alg *a);

/* The data of one operation.  @in holds the message (AEAD open: the
 * sealed form, ciphertext then tag); @out receives bench_alg_outlen()
 * bytes.  BENCH_HASH_MANY: message i starts at in + i * stride, and digest
 * i goes to out + i * digestlen. */
typedef struct bench_msg {
    uint8_t *out;
    const uint8_t *in;
    size_t len;
    size_t stride;
} bench_msg;

/* One library under test.  libaxiom is bench_axiom; OpenSSL and libgcrypt
 * are peers compiled into axiom-bench only.  A driver keeps whatever state
 * it needs for one (algorithm, direction) in an opaque pointer. */
typedef struct bench_impl {
    const char *name;   /* short, lower case: "axiom", "openssl", "gcrypt" */
    const char *prefix; /* benchmark-name prefix for peer lines, "" for libaxiom */
    /* Process-wide set-up; returns 0, or -1 when the library is unusable. */
    int (*init)(void);
    /* Version string for the header (static). */
    const char *(*version)(void);
    /* Keyed state for @a in one direction, or NULL when the library does
     * not offer @a (peers) or fails (libaxiom: reported as an error). */
    void *(*setup)(const bench_alg *a, int encrypt, const uint8_t *key,
                   const uint8_t *iv);
    /* @iters operations, each one whole message (IV or nonce reset
     * first).  Returns 0, or -1 on a library error (AEAD open: a tag that
     * does not verify is one). */
    int (*run)(void *state, const bench_msg *m, uint64_t iters);
    /* Cold-cache mode: clflush whatever of the state this driver can
     * address (the key schedule when it is reachable); when NULL, the
     * runner flushes the first @state_size bytes of the state (a peer
     * whose library keeps its context where we cannot size or reach it:
     * only the cache sweep evicts that). */
    void (*flush)(void *state);
    size_t state_size;
    void (*teardown)(void *state);
} bench_impl;

extern const bench_impl bench_axiom;

/* Entry point of both programs: parses options and the AXIOM_BENCH_*
 * environment, runs the selected cases and prints them.  @peers is a
 * NULL-terminated list (may be just NULL).  @argv[0] is used in messages;
 * option parsing starts at @argv[1].  Returns the process exit code:
 * 0 success, 1 failure, 2 usage error (a filter that selects nothing is
 * one).  Standard output is left for the caller to flush and check. */
int bench_cli(const char *prog, int argc, char **argv, const bench_impl *const *peers);

/* AXIOM_BENCH_PEER_NOAVX512 set and not "0": the peers are asked to avoid
 * AVX-512 (OpenSSL through OPENSSL_ia32cap, set by axiom-bench's main
 * before it restarts itself; libgcrypt through GCRYCTL_DISABLE_HWF). */
int bench_peer_noavx512(void);
#define BENCH_OPENSSL_NOAVX512 ":~0x00005842d0230000"
/* AXIOM_BENCH_PEER_NOVAES set and not "0": as above, and VAES,
 * VPCLMULQDQ and GFNI avoided too (the peers' AES-NI/PCLMULQDQ/AVX2
 * code, for AXIOM_CPU_DISABLE=avx512,vaes,vpclmul,gfni); implies
 * bench_peer_noavx512().  The OpenSSL mask adds leaf-7 ECX bits 8, 9, 10
 * (GFNI, VAES, VPCLMULQDQ). */
int bench_peer_novaes(void);
#define BENCH_OPENSSL_NOVAES ":~0x00005f42d0230000"

/* Statistics (bench/runner.c): qsort's comparison of doubles, and the
 * @p quantile of the @n values at @s, sorted ascending, interpolated
 * between neighbours. */
int bench_cmp_double(const void *a, const void *b);
double bench_quantile(const double *s, int n, double p);

/* Timing and machine control (bench/timing.c). */
uint64_t bench_now_ns(void);
/* 1 when bench_tsc_*() read a real time-stamp counter. */
int bench_have_tsc(void);
uint64_t bench_tsc_begin(void);
uint64_t bench_tsc_end(void);
/* Write back and evict @len bytes at @p from every cache level. */
void bench_flush_range(const void *p, size_t len);

#endif
