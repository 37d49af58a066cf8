/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Interfaces of the benchmark runner shared by axiom-bench and `axiom speed`:
 * the case table, the library drivers, and the entry point. */
#ifndef AXIOM_BENCH_H
#define AXIOM_BENCH_H

#include <stddef.h>
#include <stdint.h>

/* What an algorithm's operation looks like, so that each driver knows which
 * calls to time.  AEAD and hash kinds join here when the library has them. */
typedef enum bench_kind {
    BENCH_CIPHER /* block or stream cipher: set IV, then one update */
} bench_kind;

/* One algorithm: one row of bench_algs[].  Every case is an algorithm, a
 * direction and a message size; the size is skipped when the mode cannot
 * take it (not a multiple of @unit, outside [@minlen, @maxlen]). */
typedef struct bench_alg {
    const char *name; /* libaxiom's name, also OpenSSL's */
    bench_kind kind;
    size_t keylen;    /* bytes */
    size_t ivlen;     /* bytes; 0: none */
    size_t unit;      /* message length must be a multiple of this */
    size_t minlen;
    size_t maxlen;    /* 0: no limit */
} bench_alg;

extern const bench_alg bench_algs[];
extern const size_t bench_nalgs;

/* Name used in benchmark lines: "aes-128-ctr" -> "AES128CTR". */
void bench_alg_label(const bench_alg *a, char *out, size_t outlen);
/* Whether @a can process a message of @len bytes. */
int bench_alg_accepts(const bench_alg *a, size_t len);

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
    /* @iters operations, each one whole message of @len bytes from @in to
     * @out (IV reset first).  Returns 0, or -1 on a library error. */
    int (*run)(void *state, uint8_t *out, const uint8_t *in, size_t len,
               uint64_t iters);
    /* Cold-cache mode: clflush whatever of the state this driver can
     * address (the key schedule when it is reachable). */
    void (*flush)(void *state);
    void (*teardown)(void *state);
} bench_impl;

extern const bench_impl bench_axiom;

/* Entry point of both programs: parses options and the AXIOM_BENCH_*
 * environment, runs the selected cases and prints them.  @peers is a
 * NULL-terminated list (may be just NULL).  @argv[0] is used in messages;
 * option parsing starts at @argv[1].  Returns the process exit code:
 * 0 success, 1 failure, 2 usage error. */
int bench_cli(const char *prog, int argc, char **argv, const bench_impl *const *peers);

/* Fill @buf with unpredictable bytes (inputs, keys and IVs for the cases).
 * Returns 0 or -1. */
int bench_fill_random(void *buf, size_t len);

/* Timing and machine control (bench/timing.c). */
uint64_t bench_now_ns(void);
/* 1 when bench_tsc_*() read a real time-stamp counter. */
int bench_have_tsc(void);
uint64_t bench_tsc_begin(void);
uint64_t bench_tsc_end(void);
/* Write back and evict @len bytes at @p from every cache level. */
void bench_flush_range(const void *p, size_t len);

#endif
