/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Shared helpers of the libaxiom test programs (Check framework):
 * hex decoding, test-vector paths, a seeded deterministic PRNG, failure
 * messages that name the CPU tier and the seed, and the suite runner. */
#ifndef AXIOM_TESTUTIL_H
#define AXIOM_TESTUTIL_H

#include <check.h>
#include <gcrypt.h>
#include <json-c/json.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>

#include <axiom.h>

/* Call once at the start of main(): seeds the PRNG from AXIOM_TEST_SEED or
 * the clock and prints the seed and the tier, so that a failure can be
 * reproduced with AXIOM_TEST_SEED=<seed> AXIOM_CPU_DISABLE=... ./prog. */
void tu_init(const char *progname);

/* AXIOM_TIER (set by tests/tiers.sh), or "native" when unset. */
const char *tu_tier(void);
uint64_t tu_seed(void);

/* Deterministic PRNG (xoshiro256**, seeded through splitmix64).  Check runs
 * each test in its own process by default; tu_rng_reset(tag) makes a test's
 * random stream depend only on the seed and the tag, fork mode or not. */
void tu_rng_reset(const char *tag);
uint64_t tu_rand64(void);
/* Uniform in [lo, hi] (inclusive). */
size_t tu_rand_range(size_t lo, size_t hi);
void tu_rand_bytes(void *buf, size_t len);
/* Split a @len-byte message into 1..8 calls at random cut points that are
 * multiples of @step: cuts[0] = 0 <= cuts[1] <= ... <= cuts[parts] = len
 * (@cuts holds at least 9 entries).  Returns parts. */
size_t tu_random_split(size_t *cuts, size_t len, size_t step);

/* Decode hex (upper or lower case; spaces ignored) into at most @cap bytes.
 * Returns the byte count, or (size_t)-1 on a bad digit, an odd digit count
 * or overflow. */
size_t tu_hex_decode(uint8_t *out, size_t cap, const char *hex);
/* Same into a fresh malloc'ed buffer (at least 1 byte); fails the running
 * test on bad hex.  *len receives the length. */
uint8_t *tu_hex_alloc(const char *hex, size_t *len);

/* Path of test-vector file @name under $AXIOM_VECTORS (make check sets it)
 * or "tests/vectors".  Returned buffer is malloc'ed. */
char *tu_vector_path(const char *name);

/* 0 if equal; otherwise fills @msg with the first differing offset and a
 * hex excerpt of both sides and returns 1. */
int tu_mem_diff(const void *got, const void *want, size_t n, char *msg, size_t msgcap);
/* Lower-case hex of at most @max bytes of @p into @out (NUL-terminated). */
void tu_hex_string(char *out, size_t outcap, const uint8_t *p, size_t n);

/* Add @v to a 16-byte big-endian counter, modulo 2^128 (CTR, SP 800-38A). */
void tu_be128_add(uint8_t ctr[16], uint64_t v);

/* Fill / check a sentinel pattern (nothing may be written on error). */
void tu_fill_sentinel(void *buf, size_t len);
/* Returns the first offset that differs from the sentinel, or (size_t)-1. */
size_t tu_check_sentinel(const void *buf, size_t len);
/* The same for bytes [from, to) of a buffer filled from its start. */
size_t tu_check_sentinel_range(const void *buf, size_t from, size_t to);

/* A message in memory as chunked encryption's sources (axiom/chunked.h):
 * tu_mem_read hands out up to @max bytes a call (0: as many as asked)
 * from @pos on, tu_mem_pread any range inside it (a range outside fails
 * the test). */
typedef struct {
    const uint8_t *p;
    size_t len, pos;
    size_t max;
} tu_mem_source;
int tu_mem_read(void *user, uint8_t *buf, size_t len, size_t *got);
int tu_mem_pread(void *user, uint8_t *buf, size_t len, uint64_t off);

/* In a forked child: run this program again as `prog @arg1 @arg2` (@arg2
 * may be NULL), through $AXIOM_TEST_EMULATOR when it is set (make
 * check-cross without binfmt_misc, where the kernel cannot run the program
 * itself).  The path comes from /proc/self/exe, which valgrind reports as
 * the program, not the tool.  Never returns: the child exits 126 when the
 * path is unreadable and 127 when exec fails. */
void tu_exec_self(const char *arg1, const char *arg2);

/* Name of an AXIOM_E* code for messages ("AXIOM_EINVAL", ...). */
const char *tu_errname(int rc);

/* Assertions that carry the tier and the seed in their message. */
#define TU_PREFIX "[tier %s, AXIOM_TEST_SEED=%" PRIu64 "] "
/* These only talk to Check when they fail: ck_assert_msg() records a
 * checkpoint through a pipe on every success, which dominates tight loops. */
#define TU_ASSERT(expr, fmt, ...)                                               \
    do {                                                                        \
        if (!(expr))                                                            \
            ck_abort_msg(TU_PREFIX "assertion '%s' failed: " fmt, tu_tier(), tu_seed(), \
                         #expr, ##__VA_ARGS__);                                 \
    } while (0)

#define TU_ASSERT_RC(rc, want, fmt, ...)                                        \
    do {                                                                        \
        int tu_rc_ = (rc), tu_want_ = (want);                                   \
        if (tu_rc_ != tu_want_)                                                 \
            ck_abort_msg(TU_PREFIX fmt ": got %d (%s), want %d (%s)", tu_tier(), tu_seed(), \
                         ##__VA_ARGS__, tu_rc_, tu_errname(tu_rc_), tu_want_,   \
                         tu_errname(tu_want_));                                 \
    } while (0)

#define TU_ASSERT_MEM_EQ(got, want, n, fmt, ...)                                \
    do {                                                                        \
        char tu_d_[512];                                                        \
        if (tu_mem_diff((got), (want), (n), tu_d_, sizeof tu_d_))               \
            ck_abort_msg(TU_PREFIX fmt ": %s", tu_tier(), tu_seed(), ##__VA_ARGS__, tu_d_); \
    } while (0)

#define TU_ASSERT_SENTINEL(buf, n, fmt, ...)                                    \
    do {                                                                        \
        size_t tu_o_ = tu_check_sentinel((buf), (n));                           \
        if (tu_o_ != (size_t)-1)                                                \
            ck_abort_msg(TU_PREFIX fmt ": output written at offset %zu on error", \
                         tu_tier(), tu_seed(), ##__VA_ARGS__, tu_o_);           \
    } while (0)

/* libgcrypt as the reference implementation.  tu_gcry_init() checks the
 * version and disables secure memory (call it in main before the suite).
 * tu_gcry_crypt() runs a whole message of libaxiom algorithm @name
 * ("aes-128-cbc", "aes-256-xts", "sm4-ctr", ...) through libgcrypt in one call;
 * @out may equal @in.  Returns 0, or -1 if libgcrypt refused. */
void tu_gcry_init(void);
int tu_gcry_crypt(const char *name, int encrypt, const uint8_t *key, size_t keylen,
                  const uint8_t *iv, size_t ivlen, uint8_t *out, const uint8_t *in, size_t len);
/* Encrypts or decrypts @len bytes through the open libgcrypt handle @h,
 * in place when @out equals @in; returns 0 (also for @len 0, which does
 * not call libgcrypt), or -1 if libgcrypt refused. */
int tu_gcry_text(gcry_cipher_hd_t h, int encrypt, uint8_t *out, const uint8_t *in, size_t len);

/* A random length up to @max biased towards edges: uniform in [0, @max],
 * uniform in [0, @small], or within one byte of a multiple of one of the
 * four @widths (the kernel and block widths of the algorithm under test). */
size_t tu_pick_len(size_t max, size_t small, const size_t widths[4]);

/* Wycheproof JSON files.  tu_json_field() is member @key of @o (the test
 * fails when it is missing), tu_json_str() the same as a string.
 * tu_wycheproof_open() reads vector file @name, checks that its
 * "algorithm" is @algorithm and stores "numberOfTests" in @declared; free
 * the root with json_object_put().  tu_wycheproof_aead_case() (in
 * tests/wycheproof_aead.c, linked only into the AEAD tests) runs AEAD test
 * case @tc under a context made by @keyed: a valid case must open and seal
 * to the file's values, an invalid one be refused (a forgery with its
 * output wiped); returns 1 for a valid case, 0 for an invalid one. */
json_object *tu_json_field(json_object *o, const char *key);
const char *tu_json_str(json_object *o, const char *key);
json_object *tu_wycheproof_open(const char *name, const char *algorithm, int *declared);
int tu_wycheproof_aead_case(json_object *tc,
                            axiom_aead_ctx *(*keyed)(const uint8_t *key, size_t keylen));

/* Run @s with Check's environment-controlled verbosity; returns 0 when
 * every test passed and 1 otherwise (suitable as main's exit status). */
int tu_run_suite(Suite *s);

/* Every name of the cipher API and of the AEAD API (api.md), for tests
 * that go over all of them: TU_CIPHER_NAMES and TU_AEAD_NAMES expand to
 * initializer lists of string literals. */
#define TU_CIPHER_NAMES                                                                     \
    "aes-128-ecb", "aes-128-cbc", "aes-128-ctr", "aes-128-cfb", "aes-128-ofb", "aes-192-ecb",  \
        "aes-192-cbc", "aes-192-ctr", "aes-192-cfb", "aes-192-ofb", "aes-256-ecb",             \
        "aes-256-cbc", "aes-256-ctr", "aes-256-cfb", "aes-256-ofb", "aes-128-xts",             \
        "aes-256-xts", "sm4-ecb", "sm4-cbc", "sm4-ctr", "sm4-cfb", "sm4-ofb", "kuznyechik-ecb", \
        "kuznyechik-cbc", "kuznyechik-ctr", "kuznyechik-cfb", "kuznyechik-ofb", "kuznyechik-ctr-acpkm", \
        "kuznyechik-ctr-acpkm-32", "chacha20"
#define TU_AEAD_NAMES                                                                    \
    "aes-128-gcm", "aes-192-gcm", "aes-256-gcm", "sm4-gcm", "chacha20-poly1305", \
        "xchacha20-poly1305", "aes-128-gcm-siv", "aes-256-gcm-siv", "xaes-256-gcm",       \
        "kuznyechik-mgm", "kuznyechik-ctr-acpkm-omac", "aegis-128l", "aegis-128x2",        \
        "aegis-128x4", "aegis-256", "aegis-256x2", "aegis-256x4"
/* AEAD names of TU_AEAD_NAMES that take no associated data (any AD is
 * AXIOM_ELENGTH): kuznyechik-ctr-acpkm-omac authenticates the plaintext
 * alone. */
#define TU_AEAD_NO_AD(name) (strcmp((name), "kuznyechik-ctr-acpkm-omac") == 0)

#endif
