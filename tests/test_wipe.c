/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Evidence that every *_free wipes key material (api.md: "Every *_free
 * wipes key material first"), checked at run time rather than by reading
 * the code.
 *
 * The test program defines free() (and the allocation functions, to learn
 * each block's requested size), forwarding to glibc's __libc_* entry points;
 * the contexts that hold keys come from the library's own allocator
 * (lib/core/secmem.c), whose test hooks report each block handed out and
 * each block freed (after its wipe, before the pool may reuse it).  While
 * the detector is armed, every block handed to free() or freed by that
 * allocator is scanned for any 8-byte window of the secrets of the running
 * case:
 *  - "derived" secrets, computed here independently of the library: the
 *    raw key; for AES the whole encryption schedule, the InvMixColumns form
 *    of the inner round keys (equivalent inverse cipher) and the GHASH key
 *    H = E_K(0) in both byte orders; for HMAC the chaining values after
 *    K ^ ipad and K ^ opad (a SHA-256 compression function written here);
 *    for the hash context the buffered message bytes;
 *  - a "snapshot" of the live context taken just before *_free: every
 *    8-byte window of the context with at most one zero byte (pointers and
 *    small integers drop out), which covers layouts we cannot derive
 *    (bitsliced/masked schedules, SM4 round keys, DRBG Key and V).
 * Each case first scans the live context and requires the snapshot (and,
 * where the layout is derivable, the derived secrets) to be found there:
 * the free-time scan that follows must then find nothing, so removing a
 * wipe makes the case fail.  A positive-control case frees unwiped copies
 * of a key and of a live context through the same free() and requires the
 * detector to report them.
 *
 * Under AddressSanitizer/ThreadSanitizer (which own malloc) the interposer
 * is not compiled and the program exits 77 (skip); under valgrind (which
 * replaces the allocator too) it exits 77 as well. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <axiom.h>

#include "core/aead.h"
#include "api/catalog.h"
#include "sha2/hash.h"
#include "core/internal.h"
#include "testutil.h"

#ifdef HAVE_VALGRIND_MEMCHECK_H
#include <valgrind/valgrind.h>
#endif

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define WIPE_NO_INTERPOSE 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
    __has_feature(memory_sanitizer)
#define WIPE_NO_INTERPOSE 1
#endif
#endif
#if !defined(__GLIBC__) && !defined(WIPE_NO_INTERPOSE)
#define WIPE_NO_INTERPOSE 1
#endif

#ifndef WIPE_NO_INTERPOSE
#include <malloc.h>

/* ------------------------------------------------------------ interposer */

extern void *__libc_malloc(size_t size);
extern void __libc_free(void *p);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t size);
extern void *__libc_memalign(size_t align, size_t size);

/* Requested sizes of live blocks (open addressing, tombstones); a block
 * the table does not know is scanned over malloc_usable_size(). */
#define SZ_BITS 14
#define SZ_N (1u << SZ_BITS)
#define SZ_TOMB ((uintptr_t)1)
static uintptr_t sz_key[SZ_N];
static size_t sz_val[SZ_N];

static unsigned sz_hash(uintptr_t p)
{
    return (unsigned)(((uint64_t)p * UINT64_C(0x9E3779B97F4A7C15)) >> (64 - SZ_BITS));
}

static void sz_put(void *p, size_t size)
{
    if (!p)
        return;
    unsigned h = sz_hash((uintptr_t)p);
    for (unsigned i = 0; i < SZ_N; i++, h = (h + 1) & (SZ_N - 1))
        if (sz_key[h] == 0 || sz_key[h] == SZ_TOMB || sz_key[h] == (uintptr_t)p) {
            sz_key[h] = (uintptr_t)p;
            sz_val[h] = size;
            return;
        }
}

static int sz_find(void *p, size_t *size, int remove)
{
    unsigned h = sz_hash((uintptr_t)p);
    for (unsigned i = 0; i < SZ_N; i++, h = (h + 1) & (SZ_N - 1)) {
        if (sz_key[h] == 0)
            return 0;
        if (sz_key[h] == (uintptr_t)p) {
            *size = sz_val[h];
            if (remove)
                sz_key[h] = SZ_TOMB;
            return 1;
        }
    }
    return 0;
}

/* Sets of 8-byte windows. */
#define WS_BITS 14
#define WS_N (1u << WS_BITS)
#define MAX_LABELS 64
typedef struct {
    uint64_t v[WS_N];
    uint8_t label[WS_N];
    size_t n;
    const char *labels[MAX_LABELS];
    size_t nlabels;
} wset;

static wset g_derived, g_snap;

typedef struct {
    size_t hits;
    const char *label; /* first hit */
    size_t offset, size;
} finding;

static volatile int g_armed;
static void *g_snap_ptr;       /* the context whose free is checked against g_snap */
static finding g_fd_derived, g_fd_snap;

static void ws_clear(wset *s)
{
    memset(s->v, 0, sizeof s->v);
    s->n = 0;
    s->nlabels = 0;
}

static unsigned ws_hash(uint64_t w)
{
    return (unsigned)((w * UINT64_C(0x9E3779B97F4A7C15)) >> (64 - WS_BITS));
}

static int zero_bytes(uint64_t w)
{
    int z = 0;
    for (int i = 0; i < 8; i++, w >>= 8)
        z += (w & 0xff) == 0;
    return z;
}

static void ws_add_window(wset *s, uint64_t w, unsigned label)
{
    if (w == 0)
        return;
    unsigned h = ws_hash(w);
    while (s->v[h] != 0) {
        if (s->v[h] == w)
            return;
        h = (h + 1) & (WS_N - 1);
    }
    ck_assert_msg(s->n < WS_N / 2, "window set full");
    s->v[h] = w;
    s->label[h] = (uint8_t)label;
    s->n++;
}

/* Every 8-byte window of @p; @sparse: skip windows with 2+ zero bytes. */
static void ws_add(wset *s, const char *label, const void *p, size_t len, int sparse)
{
    ck_assert_msg(s->nlabels < MAX_LABELS, "too many labels");
    unsigned l = (unsigned)s->nlabels;
    s->labels[s->nlabels++] = label;
    const uint8_t *b = p;
    for (size_t i = 0; i + 8 <= len; i++) {
        uint64_t w;
        memcpy(&w, b + i, 8);
        if (sparse && zero_bytes(w) >= 2)
            continue;
        ws_add_window(s, w, l);
    }
}

static int ws_lookup(const wset *s, uint64_t w, unsigned *label)
{
    unsigned h = ws_hash(w);
    while (s->v[h] != 0) {
        if (s->v[h] == w) {
            *label = s->label[h];
            return 1;
        }
        h = (h + 1) & (WS_N - 1);
    }
    return 0;
}

/* Scan @len bytes at @p for windows of @s; counts into @f. */
static void scan(const void *p, size_t len, const wset *s, finding *f)
{
    const uint8_t *b = p;
    if (s->n == 0)
        return;
    for (size_t i = 0; i + 8 <= len; i++) {
        uint64_t w;
        unsigned l;
        memcpy(&w, b + i, 8);
        if (w != 0 && ws_lookup(s, w, &l)) {
            if (f->hits++ == 0) {
                f->label = s->labels[l];
                f->offset = i;
                f->size = len;
            }
        }
    }
}

static size_t block_size(void *p)
{
    size_t n;
    if (sz_find(p, &n, 0))
        return n;
    return malloc_usable_size(p);
}

static void check_block(void *p)
{
    if (!p || !g_armed)
        return;
    g_armed = 0;
    size_t n = block_size(p);
    scan(p, n, &g_derived, &g_fd_derived);
    if (p == g_snap_ptr)
        scan(p, n, &g_snap, &g_fd_snap);
    g_armed = 1;
}

void *malloc(size_t size)
{
    void *p = __libc_malloc(size);
    sz_put(p, size);
    return p;
}

void free(void *p)
{
    if (!p)
        return;
    check_block(p);
    size_t n = 0;
    sz_find(p, &n, 1);
    __libc_free(p);
}

/* The library's allocator of key-holding contexts: the same bookkeeping
 * and the same scan as free(), at the point where the pool takes the
 * block back. */
static unsigned long g_pool_frees;

static void pool_alloc_hook(void *p, size_t n)
{
    sz_put(p, n);
}

static void pool_free_hook(void *p, size_t n)
{
    g_pool_frees++;
    check_block(p);
    sz_find(p, &n, 1);
}

void *calloc(size_t n, size_t size)
{
    void *p = __libc_calloc(n, size);
    sz_put(p, n * size);
    return p;
}

void *realloc(void *p, size_t size)
{
    if (!p)
        return malloc(size);
    if (!g_armed) {
        size_t n = 0;
        if (!sz_find(p, &n, 1))
            n = malloc_usable_size(p);
        void *q = __libc_realloc(p, size);
        sz_put(q ? q : p, q ? size : n);
        return q;
    }
    /* Armed: a moved block is a freed block. */
    if (size == 0) {
        free(p);
        return NULL;
    }
    void *q = malloc(size);
    if (!q)
        return NULL;
    size_t old = block_size(p);
    memcpy(q, p, old < size ? old : size);
    free(p);
    return q;
}

int posix_memalign(void **out, size_t align, size_t size)
{
    if (align < sizeof(void *) || (align & (align - 1)) != 0)
        return 22; /* EINVAL */
    void *p = __libc_memalign(align, size);
    if (!p)
        return 12; /* ENOMEM */
    sz_put(p, size);
    *out = p;
    return 0;
}

void *aligned_alloc(size_t align, size_t size)
{
    void *p = __libc_memalign(align, size);
    sz_put(p, size);
    return p;
}

void *memalign(size_t align, size_t size)
{
    return aligned_alloc(align, size);
}

/* ------------------------------------------------------------ derivations */

/* AES, written from FIPS-197: S-box from the field inverse and the affine
 * map, key expansion, one-block encryption (for H), InvMixColumns. */
static uint8_t sbox[256];

static uint8_t gmul(uint8_t a, uint8_t b)
{
    uint8_t r = 0;
    while (b) {
        if (b & 1)
            r ^= a;
        a = (uint8_t)((a << 1) ^ ((a & 0x80) ? 0x1b : 0));
        b >>= 1;
    }
    return r;
}

static uint8_t rotl8(uint8_t x, int n)
{
    return (uint8_t)((x << n) | (x >> (8 - n)));
}

static void aes_sbox_init(void)
{
    for (int x = 0; x < 256; x++) {
        uint8_t inv = 0;
        if (x) {
            uint8_t r = 1, b = (uint8_t)x; /* x^254 */
            for (int e = 254; e; e >>= 1) {
                if (e & 1)
                    r = gmul(r, b);
                b = gmul(b, b);
            }
            inv = r;
        }
        sbox[x] = (uint8_t)(inv ^ rotl8(inv, 1) ^ rotl8(inv, 2) ^ rotl8(inv, 3) ^ rotl8(inv, 4) ^
                            0x63);
    }
}

/* @rk: (rounds + 1) * 16 bytes; returns rounds. */
static int aes_expand(uint8_t *rk, const uint8_t *key, size_t keylen)
{
    int nk = (int)keylen / 4, nr = nk + 6, total = 4 * (nr + 1);
    uint8_t rcon = 1;
    memcpy(rk, key, keylen);
    for (int i = nk; i < total; i++) {
        uint8_t t[4];
        memcpy(t, rk + 4 * (i - 1), 4);
        if (i % nk == 0) {
            uint8_t t0 = t[0];
            t[0] = (uint8_t)(sbox[t[1]] ^ rcon);
            t[1] = sbox[t[2]];
            t[2] = sbox[t[3]];
            t[3] = sbox[t0];
            rcon = gmul(rcon, 2);
        } else if (nk > 6 && i % nk == 4) {
            for (int j = 0; j < 4; j++)
                t[j] = sbox[t[j]];
        }
        for (int j = 0; j < 4; j++)
            rk[4 * i + j] = (uint8_t)(rk[4 * (i - nk) + j] ^ t[j]);
    }
    return nr;
}

static void mix_column(uint8_t *c, const uint8_t m[4])
{
    uint8_t a[4];
    memcpy(a, c, 4);
    for (int r = 0; r < 4; r++)
        c[r] = (uint8_t)(gmul(a[0], m[(4 - r) % 4]) ^ gmul(a[1], m[(5 - r) % 4]) ^
                         gmul(a[2], m[(6 - r) % 4]) ^ gmul(a[3], m[(7 - r) % 4]));
}

static void aes_encrypt(const uint8_t *rk, int nr, uint8_t out[16], const uint8_t in[16])
{
    static const uint8_t mc[4] = { 2, 3, 1, 1 };
    uint8_t s[16];
    for (int i = 0; i < 16; i++)
        s[i] = in[i] ^ rk[i];
    for (int r = 1; r <= nr; r++) {
        uint8_t t[16];
        for (int c = 0; c < 4; c++)
            for (int row = 0; row < 4; row++)
                t[4 * c + row] = sbox[s[4 * ((c + row) % 4) + row]];
        if (r != nr)
            for (int c = 0; c < 4; c++)
                mix_column(t + 4 * c, mc);
        for (int i = 0; i < 16; i++)
            s[i] = t[i] ^ rk[16 * r + i];
    }
    memcpy(out, s, 16);
}

static void add_aes(wset *s, const uint8_t *key, size_t keylen, int with_h)
{
    static const uint8_t imc[4] = { 14, 11, 13, 9 };
    uint8_t rk[15 * 16], inv[16], h[16], hr[16];
    static const uint8_t zero[16];
    int nr = aes_expand(rk, key, keylen);
    ws_add(s, "AES round keys", rk, (size_t)(nr + 1) * 16, 0);
    for (int r = 0; r <= nr; r++)
        ws_add(s, "AES round key", rk + 16 * r, 16, 0);
    for (int r = 1; r < nr; r++) {
        memcpy(inv, rk + 16 * r, 16);
        for (int c = 0; c < 4; c++)
            mix_column(inv + 4 * c, imc);
        ws_add(s, "AES inverse round key", inv, 16, 0);
    }
    if (with_h) {
        aes_encrypt(rk, nr, h, zero);
        for (int i = 0; i < 16; i++)
            hr[i] = h[15 - i];
        ws_add(s, "GHASH key H", h, 16, 0);
        ws_add(s, "GHASH key H (reflected)", hr, 16, 0);
    }
}

/* SHA-256 compression, FIPS 180-4; constants from the cube roots. */
static uint32_t sha_k[64];

static void sha_init_k(void)
{
    int n = 0;
    for (int p = 2; n < 64; p++) {
        int prime = 1;
        for (int d = 2; d * d <= p; d++)
            if (p % d == 0)
                prime = 0;
        if (!prime)
            continue;
        long double c = cbrtl((long double)p);
        sha_k[n++] = (uint32_t)((c - floorl(c)) * 4294967296.0L);
    }
}

static uint32_t ror32(uint32_t x, int n)
{
    return (x >> n) | (x << (32 - n));
}

static void sha_compress(uint32_t st[8], const uint8_t blk[64])
{
    uint32_t w[64], v[8];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)blk[4 * i] << 24 | (uint32_t)blk[4 * i + 1] << 16 |
               (uint32_t)blk[4 * i + 2] << 8 | blk[4 * i + 3];
    for (int i = 16; i < 64; i++) {
        uint32_t s0 = ror32(w[i - 15], 7) ^ ror32(w[i - 15], 18) ^ (w[i - 15] >> 3);
        uint32_t s1 = ror32(w[i - 2], 17) ^ ror32(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    memcpy(v, st, sizeof v);
    for (int i = 0; i < 64; i++) {
        uint32_t t1 = v[7] + (ror32(v[4], 6) ^ ror32(v[4], 11) ^ ror32(v[4], 25)) +
                      ((v[4] & v[5]) ^ (~v[4] & v[6])) + sha_k[i] + w[i];
        uint32_t t2 = (ror32(v[0], 2) ^ ror32(v[0], 13) ^ ror32(v[0], 22)) +
                      ((v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]));
        memmove(v + 1, v, 7 * sizeof v[0]);
        v[4] += t1;
        v[0] = t1 + t2;
    }
    for (int i = 0; i < 8; i++)
        st[i] += v[i];
}

static void add_words(wset *s, const char *label, const uint32_t st[8])
{
    uint8_t le[32], be[32];
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 4; j++) {
            le[4 * i + j] = (uint8_t)(st[i] >> (8 * j));
            be[4 * i + j] = (uint8_t)(st[i] >> (24 - 8 * j));
        }
    ws_add(s, label, le, 32, 0);
    ws_add(s, label, be, 32, 0);
}

/* A key, as bytes and as the 32-bit words of a cipher defined on
 * little-endian words (ChaCha20) held in host order: a big-endian host
 * stores those words byte-reversed. */
static void add_key(wset *s, const uint8_t *key, size_t len)
{
    uint8_t sw[64];
    ck_assert(len <= sizeof sw);
    ws_add(s, "key", key, len, 0);
    for (size_t i = 0; i + 4 <= len; i += 4)
        for (size_t j = 0; j < 4; j++)
            sw[i + j] = key[i + 3 - j];
    ws_add(s, "key (32-bit words, byte-reversed)", sw, len - len % 4, 0);
}

/* HMAC chaining values after K ^ ipad and K ^ opad. */
static void add_hmac(wset *s, const char *hash, const uint8_t *key, size_t keylen)
{
    const axiom_hash_desc *d = axiom_hash_find(hash);
    ck_assert(d != NULL);
    uint8_t k0[64] = { 0 }, blk[64];
    if (keylen > 64)
        ck_assert_int_eq(axiom_hash(hash, k0, d->digestlen, key, keylen), AXIOM_OK);
    else
        memcpy(k0, key, keylen);
    for (int pad = 0; pad < 2; pad++) {
        uint32_t st[8];
        memcpy(st, d->iv, sizeof st);
        for (int i = 0; i < 64; i++)
            blk[i] = k0[i] ^ (pad ? 0x5c : 0x36);
        sha_compress(st, blk);
        add_words(s, pad ? "HMAC outer state" : "HMAC inner state", st);
    }
    if (keylen > 64)
        ws_add(s, "HMAC hashed key", k0, d->digestlen, 0);
}

/* ------------------------------------------------------------ case driver */

/* Statistics for the summary line (per process: Check forks per test). */
static void arm(void)
{
    memset(&g_fd_derived, 0, sizeof g_fd_derived);
    memset(&g_fd_snap, 0, sizeof g_fd_snap);
    g_snap_ptr = NULL;
    g_armed = 1;
}

static void disarm(void)
{
    g_armed = 0;
}

/* Take the snapshot of the live context @ctx and check that the detector
 * sees it there; @need_derived: the derived secrets must be found too
 * (their layout is one the derivations cover). */
/* The live context must hold at least @min secret-looking windows: a
 * context whose only secret is a 16-byte key (AEGIS) has 9. */
static void snapshot_min(const char *what, void *ctx, int need_derived, size_t min)
{
    int was = g_armed;
    g_armed = 0;
    size_t n = 0;
    int known = sz_find(ctx, &n, 0);
    ws_clear(&g_snap);
    ws_add(&g_snap, "context snapshot", ctx, n, 1);
    finding live_d = { 0 }, live_s = { 0 };
    scan(ctx, n, &g_derived, &live_d);
    scan(ctx, n, &g_snap, &live_s);
    g_snap_ptr = ctx;
    g_armed = was;
    if (getenv("AXIOM_WIPE_VERBOSE"))
        fprintf(stderr, "%s: %zu-byte context: %zu derived-secret windows, %zu snapshot "
                "windows live\n", what, n, live_d.hits, live_s.hits);
    TU_ASSERT(known, "%s: context size unknown to the interposer", what);
    TU_ASSERT(live_s.hits >= min, "%s: live context has only %zu secret-looking windows", what,
              live_s.hits);
    if (need_derived)
        TU_ASSERT(live_d.hits > 0,
                  "%s: none of the independently derived secrets is in the live context "
                  "(%zu bytes): the detector would not see them", what, n);
}

/* How many 8-byte windows of @key the snapshot keeps (at most one zero
 * byte), capped at @cap: what a context holding only the key must show
 * (a random 16-byte key has 9 windows, fewer when two zero bytes share
 * one). */
static size_t key_windows(const uint8_t *key, size_t keylen, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i + 8 <= keylen; i++) {
        uint64_t w;
        memcpy(&w, key + i, 8);
        n += zero_bytes(w) < 2;
    }
    return n < cap ? n : cap;
}

static void snapshot(const char *what, void *ctx, int need_derived)
{
    snapshot_min(what, ctx, need_derived, 16);
}

static void expect_clean(const char *what)
{
    disarm();
    TU_ASSERT(g_fd_derived.hits == 0,
              "%s: %zu windows of secret material (first: %s at offset %zu of a %zu-byte block) "
              "left in a freed block", what, g_fd_derived.hits, g_fd_derived.label,
              g_fd_derived.offset, g_fd_derived.size);
    TU_ASSERT(g_fd_snap.hits == 0,
              "%s: %zu windows of the live context (first at offset %zu of %zu bytes) left "
              "when it was freed", what, g_fd_snap.hits, g_fd_snap.offset, g_fd_snap.size);
}

static void setup(void)
{
    axiom_secmem_alloc_hook = pool_alloc_hook;
    axiom_secmem_free_hook = pool_free_hook;
    aes_sbox_init();
    sha_init_k();
    disarm();
}

static int is_aes(const char *name, size_t *bits)
{
    unsigned b;
    if (sscanf(name, "aes-%u", &b) != 1)
        return 0;
    *bits = b;
    return 1;
}

/* Tier-dependent layouts the derivations do not cover: the portable
 * bitsliced AES (all-off, no-aesni tiers) keeps no byte-order round key. */
static int aes_layout_derivable(void)
{
    return (axiom_cpu_features() & AXIOM_CPU_AESNI) != 0;
}

/* ------------------------------------------------------------ positive control */

/* Windows of derived secrets the interposer reports when a block of @size
 * bytes of @fill holding the @n bytes of @p at @off is freed (after an
 * axiom_wipe when @wipe). */
static size_t planted_hits(size_t size, uint8_t fill, size_t off, const uint8_t *p, size_t n,
                           int wipe)
{
    uint8_t *b = malloc(size);
    memset(b, fill, size);
    memcpy(b + off, p, n);
    if (wipe)
        axiom_wipe(b, size);
    arm();
    free(b);
    disarm();
    return g_fd_derived.hits;
}

START_TEST(test_control)
{
    tu_rng_reset("control");
    uint8_t key[32];
    tu_rand_bytes(key, sizeof key);
    ws_clear(&g_derived);
    ws_add(&g_derived, "key", key, sizeof key, 0);
    add_aes(&g_derived, key, 32, 1);

    /* An 8-byte fragment from the middle of the key is exactly one window:
     * the fill byte differs from the key bytes on either side of it
     * (key[16], key[25]). */
    uint8_t fill = 0;
    while (fill == key[16] || fill == key[25])
        fill++;
    uint8_t rk[15 * 16];
    aes_expand(rk, key, 32);
    const struct {
        size_t size;
        uint8_t fill;
        size_t off;
        const uint8_t *p;
        size_t n;
        int wipe;
        size_t min, max;
        const char *what;
    } planted[] = {
        { 200, 0xa5, 13, key, 32, 0, 1, SIZE_MAX, "unwiped key copy at an odd offset" },
        { 300, fill, 101, key + 17, 8, 0, 1, 1, "8-byte fragment of the key" },
        { 64, 0, 40, rk + 16 * 9, 16, 0, 1, SIZE_MAX, "AES round key 9 alone" },
        { 200, 0xa5, 13, key, 32, 1, 0, 0, "wiped block" },
    };
    for (size_t i = 0; i < sizeof planted / sizeof planted[0]; i++) {
        size_t hits = planted_hits(planted[i].size, planted[i].fill, planted[i].off, planted[i].p,
                                   planted[i].n, planted[i].wipe);
        TU_ASSERT(hits >= planted[i].min && hits <= planted[i].max, "%s: %zu windows reported",
                  planted[i].what, hits);
    }

    /* A copy of a live library context freed without a wipe: the snapshot
     * and (with a byte-order schedule) the derived secrets are reported;
     * the context itself, freed by the library, is clean. */
    axiom_cipher_ctx *c;
    uint8_t iv[16] = { 0 }, buf[48] = { 0 };
    ck_assert_int_eq(axiom_cipher_new(&c, "aes-256-cbc"), AXIOM_OK);
    ck_assert_int_eq(axiom_cipher_init(c, AXIOM_ENCRYPT, key, 32, iv, 16), AXIOM_OK);
    ck_assert_int_eq(axiom_cipher_update(c, buf, buf, sizeof buf), AXIOM_OK);
    size_t n = 0;
    TU_ASSERT(sz_find(c, &n, 0), "context size unknown");
    uint8_t *copy = malloc(n);
    memcpy(copy, c, n);
    snapshot("control copy", c, aes_layout_derivable());
    g_snap_ptr = copy;
    arm();
    g_snap_ptr = copy;
    free(copy);
    disarm();
    TU_ASSERT(g_fd_snap.hits > 0, "unwiped copy of a live context not detected");
    if (aes_layout_derivable())
        TU_ASSERT(g_fd_derived.hits > 0, "unwiped copy: derived AES secrets not detected");
    arm();
    snapshot("aes-256-cbc", c, aes_layout_derivable());
    unsigned long frees = g_pool_frees;
    axiom_cipher_free(c);
    TU_ASSERT(g_pool_frees == frees + 1, "the context did not go back through the pool's hook");
    expect_clean("aes-256-cbc control");

    /* The pool's hook sees what the pool hands it: a pool block holding
     * the key, reported as if the pool had skipped its wipe. */
    uint8_t *pb = axiom_secmem_alloc(300);
    TU_ASSERT(pb != NULL, "axiom_secmem_alloc");
    memcpy(pb + 77, key, 32);
    arm();
    pool_free_hook(pb, 300);
    disarm();
    TU_ASSERT(g_fd_derived.hits > 0, "unwiped pool block not detected");
    sz_put(pb, 300);
    arm();
    axiom_secmem_free(pb, 300);
    expect_clean("pool block freed by the pool");
}
END_TEST

/* ------------------------------------------------------------ cases */

static const char *const cipher_names[] = { TU_CIPHER_NAMES };

START_TEST(test_cipher)
{
    const char *name = cipher_names[_i / 2];
    int dir = _i % 2 ? AXIOM_ENCRYPT : AXIOM_DECRYPT;
    char tag[64];
    snprintf(tag, sizeof tag, "%s/%s", name, dir ? "encrypt" : "decrypt");
    tu_rng_reset(tag);
    const axiom_cipher_desc *d = axiom_catalog_cipher(name);
    TU_ASSERT(d != NULL, "%s not in the catalog", name);
    uint8_t key[64], iv[16], buf[80];
    size_t keylen = d->keylen, ivlen = d->mode == AXIOM_MODE_STREAM ? 12 : d->ivlen, bits = 0;
    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(iv, sizeof iv);
    tu_rand_bytes(buf, sizeof buf);
    ws_clear(&g_derived);
    add_key(&g_derived, key, keylen);
    int derivable = 1;
    if (is_aes(name, &bits)) {
        size_t half = d->mode == AXIOM_MODE_XTS ? keylen / 2 : keylen;
        add_aes(&g_derived, key, half, 0);
        if (d->mode == AXIOM_MODE_XTS)
            add_aes(&g_derived, key + half, half, 0);
        derivable = aes_layout_derivable();
    } else if (strncmp(name, "sm4", 3) == 0) {
        derivable = 0; /* only the round keys are kept */
    }
    /* Lengths that leave a partial keystream block in the stream modes. */
    size_t len = (d->mode == AXIOM_MODE_ECB || d->mode == AXIOM_MODE_CBC) ? 48 : 37;
    axiom_cipher_ctx *c;
    int rc = axiom_cipher_new(&c, name);
    if (rc == AXIOM_ENOTFOUND)
        return; /* AXIOM_CT_ONLY refused every kernel */
    TU_ASSERT_RC(rc, AXIOM_OK, "%s: new", tag);
    arm();
    TU_ASSERT_RC(axiom_cipher_init(c, dir, key, keylen, iv, ivlen), AXIOM_OK, "%s: init", tag);
    TU_ASSERT_RC(axiom_cipher_update(c, buf, buf, len), AXIOM_OK, "%s: update", tag);
    TU_ASSERT_RC(axiom_cipher_init(c, dir, NULL, 0, iv, ivlen), AXIOM_OK, "%s: re-init", tag);
    TU_ASSERT_RC(axiom_cipher_update(c, buf, buf, len), AXIOM_OK, "%s: update", tag);
    snapshot(tag, c, derivable);
    axiom_cipher_free(c);
    expect_clean(tag);
}
END_TEST

static const char *const aead_names[] = { TU_AEAD_NAMES };

START_TEST(test_aead)
{
    const char *name = aead_names[_i / 2];
    int sealing = _i % 2;
    char tag[64];
    snprintf(tag, sizeof tag, "%s/%s", name, sealing ? "seal" : "open");
    tu_rng_reset(tag);
    const axiom_aead_alg *a = axiom_catalog_aead(name);
    TU_ASSERT(a != NULL, "%s not in the catalog", name);
    uint8_t key[32], nonce[32], ad[19], buf[53], t[16];
    size_t noncelen = 0, bits, adlen = TU_AEAD_NO_AD(name) ? 0 : sizeof ad;
    static const size_t try_nonces[] = { 12, 24, 16, 32 }; /* the first one the AEAD takes */
    for (size_t i = 0; !noncelen && i < sizeof try_nonces / sizeof try_nonces[0]; i++)
        if (a->nonce_ok(try_nonces[i]))
            noncelen = try_nonces[i];
    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(nonce, sizeof nonce);
    nonce[0] &= 0x7f; /* MGM's 127-bit nonce */
    tu_rand_bytes(ad, sizeof ad);
    tu_rand_bytes(buf, sizeof buf);
    ws_clear(&g_derived);
    add_key(&g_derived, key, a->keylen);
    int derivable = 1;
    if (is_aes(name, &bits) || strcmp(name, "xaes-256-gcm") == 0) {
        /* XAES-256-GCM keeps the AES-256 schedule of its key. */
        add_aes(&g_derived, key, a->keylen, 1);
        derivable = aes_layout_derivable();
    } else if (strncmp(name, "sm4", 3) == 0 ||
               strcmp(name, "kuznyechik-ctr-acpkm-omac") == 0) {
        /* The latter keeps Streebog states after the HMAC key's pads. */
        derivable = 0;
    }
    axiom_aead_ctx *c;
    int rc = axiom_aead_new(&c, name);
    if (rc == AXIOM_ENOTFOUND)
        return;
    TU_ASSERT_RC(rc, AXIOM_OK, "%s: new", tag);
    arm();
    TU_ASSERT_RC(axiom_aead_setkey(c, key, a->keylen), AXIOM_OK, "%s: setkey", tag);
    TU_ASSERT_RC(axiom_aead_seal(c, buf, t, 16, nonce, noncelen, ad, adlen, buf, sizeof buf),
                 AXIOM_OK, "%s: seal", tag);
    if (!sealing) {
        TU_ASSERT_RC(axiom_aead_open(c, buf, t, 16, nonce, noncelen, ad, adlen, buf,
                                     sizeof buf), AXIOM_OK, "%s: open", tag);
        t[0] ^= 1; /* and a failing open (wipes the output) */
        TU_ASSERT_RC(axiom_aead_open(c, buf, t, 16, nonce, noncelen, ad, adlen, buf,
                                     sizeof buf), AXIOM_EAUTH, "%s: open", tag);
    }
    snapshot_min(tag, c, derivable,
                 strncmp(name, "aegis", 5) == 0 ? key_windows(key, a->keylen, 9) : 16);
    axiom_aead_free(c);
    expect_clean(tag);
}
END_TEST

/* Streaming GCM (@aegis 0) or AEGIS @name in direction @dir: freed after a
 * whole message, or (@midway) in the middle of one, with a partial block
 * (GCM) or partial AD and text steps (AEGIS) pending. */
static void stream_case(int aegis, const char *name, int dir, int midway)
{
    char tag[64];
    snprintf(tag, sizeof tag, "%s stream %s/%s%s", aegis ? "aegis" : "gcm", name,
             dir ? "encrypt" : "decrypt", midway ? "/midway" : "");
    tu_rng_reset(tag);
    const size_t kl = aegis ? (strstr(name, "-256") ? 32 : 16) : axiom_catalog_aead(name)->keylen;
    const size_t nl = aegis ? kl : 12;
    uint8_t key[32], nonce[32], ad[21], buf[61], t[16];
    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(nonce, sizeof nonce);
    tu_rand_bytes(ad, sizeof ad);
    tu_rand_bytes(buf, sizeof buf);
    ws_clear(&g_derived);
    ws_add(&g_derived, "key", key, kl, 0);
    if (!aegis)
        add_aes(&g_derived, key, kl, 1);
    axiom_gcm_ctx *g = NULL;
    axiom_aegis_ctx *e = NULL;
    TU_ASSERT_RC(aegis ? axiom_aegis_new(&e, name) : axiom_gcm_new(&g, name), AXIOM_OK,
                 "%s: new", tag);
    arm();
    TU_ASSERT_RC(aegis ? axiom_aegis_setkey(e, key, kl) : axiom_gcm_setkey(g, key, kl), AXIOM_OK,
                 "%s: setkey", tag);
    TU_ASSERT_RC(aegis ? axiom_aegis_init(e, dir, nonce, nl) : axiom_gcm_init(g, dir, nonce, nl),
                 AXIOM_OK, "%s: init", tag);
    TU_ASSERT_RC(aegis ? axiom_aegis_aad(e, ad, sizeof ad) : axiom_gcm_aad(g, ad, sizeof ad),
                 AXIOM_OK, "%s: aad", tag);
    TU_ASSERT_RC(aegis ? axiom_aegis_update(e, buf, buf, 23) : axiom_gcm_update(g, buf, buf, 23),
                 AXIOM_OK, "%s: update", tag);
    if (!midway) {
        uint8_t *rest = buf + 23;
        const size_t nrest = sizeof buf - 23;
        TU_ASSERT_RC(aegis ? axiom_aegis_update(e, rest, rest, nrest)
                           : axiom_gcm_update(g, rest, rest, nrest),
                     AXIOM_OK, "%s: update", tag);
        if (dir == AXIOM_ENCRYPT)
            TU_ASSERT_RC(aegis ? axiom_aegis_final(e, t, 16) : axiom_gcm_final(g, t, 16),
                         AXIOM_OK, "%s: final", tag);
        else
            TU_ASSERT_RC(aegis ? axiom_aegis_verify(e, t, 16) : axiom_gcm_verify(g, t, 16),
                         AXIOM_EAUTH, "%s: verify", tag);
    }
    if (aegis) {
        /* After a message the context holds only the key. */
        snapshot_min(tag, e, 1, midway ? 16 : key_windows(key, kl, 9));
        axiom_aegis_free(e);
    } else {
        snapshot(tag, g, aes_layout_derivable());
        axiom_gcm_free(g);
    }
    expect_clean(tag);
}

START_TEST(test_gcm_stream)
{
    static const char *const names[] = { "aes-128-gcm", "aes-192-gcm", "aes-256-gcm" };
    stream_case(0, names[_i / 4], _i % 2 ? AXIOM_ENCRYPT : AXIOM_DECRYPT, (_i / 2) % 2);
}
END_TEST

START_TEST(test_aegis_stream)
{
    static const char *const names[] = { "aegis-128l", "aegis-128x2", "aegis-128x4",
                                         "aegis-256",  "aegis-256x2", "aegis-256x4" };
    stream_case(1, names[_i / 4], _i % 2 ? AXIOM_ENCRYPT : AXIOM_DECRYPT, (_i / 2) % 2);
}
END_TEST

/* AEGIS-MAC: the context holds the states after Init and after the
 * message so far (not the key itself). */
START_TEST(test_aegis_mac)
{
    static const char *const names[] = { "aegis-128l-mac", "aegis-128x4-mac", "aegis-256-mac",
                                         "aegis-256x2-mac" };
    const char *name = names[_i / 2];
    int final = _i % 2;
    char tag[64];
    snprintf(tag, sizeof tag, "%s%s", name, final ? "/final" : "/midway");
    tu_rng_reset(tag);
    const size_t kl = strstr(name, "-256") ? 32 : 16;
    uint8_t key[32], msg[77], mac[32];
    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(msg, sizeof msg);
    ws_clear(&g_derived);
    ws_add(&g_derived, "key", key, kl, 0);
    ws_add(&g_derived, "buffered message", msg + 64, 13, 0);
    axiom_mac_ctx *c;
    TU_ASSERT_RC(axiom_mac_new(&c, name), AXIOM_OK, "%s: new", tag);
    arm();
    TU_ASSERT_RC(axiom_mac_init(c, key, kl, NULL, 0), AXIOM_OK, "%s: init", tag);
    TU_ASSERT_RC(axiom_mac_update(c, msg, sizeof msg), AXIOM_OK, "%s: update", tag);
    if (final)
        TU_ASSERT_RC(axiom_mac_final(c, mac, 32), AXIOM_OK, "%s: final", tag);
    snapshot(tag, c, 0);
    axiom_mac_free(c);
    expect_clean(tag);
}
END_TEST

START_TEST(test_hash)
{
    const char *name = _i ? "sha256" : "sha224";
    tu_rng_reset(name);
    uint8_t msg[40 + 64];
    tu_rand_bytes(msg, sizeof msg);
    ws_clear(&g_derived);
    ws_add(&g_derived, "buffered message", msg + 64, 40, 0);
    axiom_hash_ctx *c;
    TU_ASSERT_RC(axiom_hash_new(&c, name), AXIOM_OK, "%s: new", name);
    arm();
    /* One whole block (chaining value) and 40 buffered bytes. */
    TU_ASSERT_RC(axiom_hash_update(c, msg, sizeof msg), AXIOM_OK, "%s: update", name);
    snapshot(name, c, 1);
    axiom_hash_free(c);
    expect_clean(name);
}
END_TEST

/* HMAC-@name through its own API or (@generic) the generic MAC API, freed
 * after the key, after a message (@stage 1) or after its tag (@stage 2). */
static void hmac_case(int generic, const char *name, size_t keylen, int stage)
{
    char tag[64];
    if (generic)
        snprintf(tag, sizeof tag, "hmac-%s/stage %d", name, stage);
    else
        snprintf(tag, sizeof tag, "hmac-%s/key %zu/stage %d", name, keylen, stage);
    tu_rng_reset(tag);
    uint8_t key[80], msg[45], mac[32];
    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(msg, sizeof msg);
    ws_clear(&g_derived);
    ws_add(&g_derived, "key", key, keylen, 0);
    add_hmac(&g_derived, name, key, keylen);
    axiom_hmac_ctx *h = NULL;
    axiom_mac_ctx *m = NULL;
    char mac_name[32];
    snprintf(mac_name, sizeof mac_name, "hmac-%s", name);
    TU_ASSERT_RC(generic ? axiom_mac_new(&m, mac_name) : axiom_hmac_new(&h, name), AXIOM_OK,
                 "%s: new", tag);
    arm();
    TU_ASSERT_RC(generic ? axiom_mac_init(m, key, keylen, NULL, 0) : axiom_hmac_setkey(h, key, keylen),
                 AXIOM_OK, "%s: key", tag);
    if (stage >= 1)
        TU_ASSERT_RC(generic ? axiom_mac_update(m, msg, sizeof msg)
                             : axiom_hmac_update(h, msg, sizeof msg),
                     AXIOM_OK, "%s: update", tag);
    if (stage >= 2)
        TU_ASSERT_RC(generic ? axiom_mac_final(m, mac, 16) : axiom_hmac_final(h, mac, 16),
                     AXIOM_OK, "%s: final", tag);
    if (generic) {
        snapshot(tag, m, 1);
        axiom_mac_free(m);
    } else {
        snapshot(tag, h, 1);
        axiom_hmac_free(h);
    }
    expect_clean(tag);
}

START_TEST(test_hmac)
{
    hmac_case(0, _i % 2 ? "sha256" : "sha224", (_i / 2) % 2 ? 80 : 32, _i / 4);
}
END_TEST

/* The generic MAC API: an HMAC context freed after init, after a message
 * and after its tag. */
START_TEST(test_mac)
{
    hmac_case(1, _i % 2 ? "sha256" : "sha224", 32, _i / 2);
}
END_TEST

START_TEST(test_drbg)
{
    char tag[64];
    snprintf(tag, sizeof tag, "drbg/%s", _i ? "os" : "seeded");
    tu_rng_reset(tag);
    uint8_t ent[48], nonce[16], pers[20], out[100];
    tu_rand_bytes(ent, sizeof ent);
    tu_rand_bytes(nonce, sizeof nonce);
    tu_rand_bytes(pers, sizeof pers);
    ws_clear(&g_derived);
    ws_add(&g_derived, "entropy input", ent, sizeof ent, 0);
    ws_add(&g_derived, "nonce", nonce, sizeof nonce, 0);
    axiom_drbg *d;
    arm();
    if (_i)
        TU_ASSERT_RC(axiom_drbg_new(&d, pers, sizeof pers), AXIOM_OK, "%s: new", tag);
    else
        TU_ASSERT_RC(axiom_drbg_new_seeded(&d, ent, 32, nonce, 16, pers, sizeof pers),
                     AXIOM_OK, "%s: new", tag);
    TU_ASSERT_RC(axiom_drbg_generate(d, out, sizeof out, NULL, 0), AXIOM_OK, "%s: generate", tag);
    TU_ASSERT_RC(axiom_drbg_reseed(d, ent + 16, 32, pers, 8), AXIOM_OK, "%s: reseed", tag);
    TU_ASSERT_RC(axiom_drbg_generate(d, out, 37, pers, 11), AXIOM_OK, "%s: generate", tag);
    ws_add(&g_derived, "output", out, 37, 0); /* output is not state, but must not be kept either */
    snapshot(tag, d, 0);
    axiom_drbg_free(d);
    expect_clean(tag);
}
END_TEST

/* ------------------------------------------------------------ dead stack */

/* ChaCha20 block function and HChaCha20 (RFC 8439, XChaCha draft), for the
 * Poly1305 one-time keys and the XChaCha subkey. */
static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The input state: constants, @key, then the four words of @tail. */
static void chacha_init(uint32_t x[16], const uint8_t key[32], const uint32_t tail[4])
{
    static const uint8_t sigma[16] = "expand 32-byte k";
    for (int i = 0; i < 4; i++)
        x[i] = rd32(sigma + 4 * i);
    for (int i = 0; i < 8; i++)
        x[4 + i] = rd32(key + 4 * i);
    for (int i = 0; i < 4; i++)
        x[12 + i] = tail[i];
}

/* The 20 rounds, in place (no feed-forward addition). */
static void chacha_rounds(uint32_t x[16])
{
#define QR(a, b, c, d)                                                                  \
    x[a] += x[b], x[d] = ror32(x[d] ^ x[a], 16), x[c] += x[d], x[b] = ror32(x[b] ^ x[c], 20), \
    x[a] += x[b], x[d] = ror32(x[d] ^ x[a], 24), x[c] += x[d], x[b] = ror32(x[b] ^ x[c], 25)
    for (int r = 0; r < 10; r++) {
        QR(0, 4, 8, 12);
        QR(1, 5, 9, 13);
        QR(2, 6, 10, 14);
        QR(3, 7, 11, 15);
        QR(0, 5, 10, 15);
        QR(1, 6, 11, 12);
        QR(2, 7, 8, 13);
        QR(3, 4, 9, 14);
    }
#undef QR
}

static void wr32(uint8_t *p, uint32_t v)
{
    for (int j = 0; j < 4; j++)
        p[j] = (uint8_t)(v >> (8 * j));
}

/* First 32 bytes of block 0 under @key and the 12-byte @nonce. */
static void poly_key(uint8_t out[32], const uint8_t key[32], const uint8_t nonce[12])
{
    const uint32_t tail[4] = { 0, rd32(nonce), rd32(nonce + 4), rd32(nonce + 8) };
    uint32_t init[16], x[16];
    chacha_init(init, key, tail);
    memcpy(x, init, sizeof x);
    chacha_rounds(x);
    for (int i = 0; i < 8; i++)
        wr32(out + 4 * i, x[i] + init[i]);
}

static void hchacha(uint8_t out[32], const uint8_t key[32], const uint8_t nonce[16])
{
    const uint32_t tail[4] = { rd32(nonce), rd32(nonce + 4), rd32(nonce + 8), rd32(nonce + 12) };
    uint32_t x[16];
    chacha_init(x, key, tail);
    chacha_rounds(x);
    for (int i = 0; i < 4; i++) {
        wr32(out + 4 * i, x[i]);
        wr32(out + 16 + 4 * i, x[12 + i]);
    }
}

static void add_poly_key(wset *s, const uint8_t key[32], const uint8_t nonce12[12])
{
    uint8_t pk[32];
    poly_key(pk, key, nonce12);
    ws_add(s, "Poly1305 one-time key", pk, 32, 0);
    for (int i = 0; i < 16; i++)
        pk[i] &= (uint8_t)((i % 4 == 3) ? 0x0f : (i % 4 == 0 && i) ? 0xfc : 0xff);
    ws_add(s, "Poly1305 r (clamped)", pk, 16, 0);
}

/* The painted region: a noinline function's large local array, zeroed;
 * the library call then runs from the same depth, and what it leaves in
 * the region is copied out without a call and scanned. */
#define STK (64 * 1024)
static uintptr_t g_paint_lo;
static uint8_t stk_copy[STK];

static __attribute__((noinline)) void stack_paint(void)
{
    volatile uint8_t buf[STK];
    for (size_t i = 0; i < STK; i++)
        buf[i] = 0;
    g_paint_lo = (uintptr_t)buf;
    __asm__ __volatile__("" : : "r"(buf) : "memory");
}

typedef struct {
    int kind; /* 0 cipher, 1 aead, 2 gcm stream, 3 hmac one-shot, 4 hmac ctx, 5 hkdf, 6 drbg */
    const char *name;
    int dir;
    size_t keylen;
    uint8_t key[80], iv[24], buf[61], ad[19];
} stack_case;

static __attribute__((noinline)) void stack_op(stack_case *sc)
{
    uint8_t tag[32];
    switch (sc->kind) {
    case 0: {
        axiom_cipher_ctx *c;
        const axiom_cipher_desc *d = axiom_catalog_cipher(sc->name);
        size_t ivlen = d->mode == AXIOM_MODE_STREAM ? 12 : d->ivlen;
        size_t len = (d->mode == AXIOM_MODE_ECB || d->mode == AXIOM_MODE_CBC) ? 48 : 37;
        if (axiom_cipher_new(&c, sc->name))
            return;
        axiom_cipher_init(c, sc->dir, sc->key, sc->keylen, sc->iv, ivlen);
        axiom_cipher_update(c, sc->buf, sc->buf, len);
        axiom_cipher_init(c, sc->dir, NULL, 0, sc->iv, ivlen);
        axiom_cipher_update(c, sc->buf, sc->buf, len);
        axiom_cipher_free(c);
        break;
    }
    case 1: {
        axiom_aead_ctx *c;
        size_t nl = strncmp(sc->name, "xchacha", 7) == 0 ? 24 : strstr(sc->name, "-mgm") ? 16 : 12;
        sc->iv[0] &= 0x7f; /* MGM's 127-bit nonce */
        if (axiom_aead_new(&c, sc->name))
            return;
        axiom_aead_setkey(c, sc->key, sc->keylen);
        axiom_aead_seal(c, sc->buf, tag, 16, sc->iv, nl, sc->ad, sizeof sc->ad, sc->buf, 53);
        axiom_aead_open(c, sc->buf, tag, 16, sc->iv, nl, sc->ad, sizeof sc->ad, sc->buf, 53);
        axiom_aead_free(c);
        break;
    }
    case 2: {
        axiom_gcm_ctx *c;
        if (axiom_gcm_new(&c, sc->name))
            return;
        axiom_gcm_setkey(c, sc->key, sc->keylen);
        axiom_gcm_init(c, sc->dir, sc->iv, 12);
        axiom_gcm_aad(c, sc->ad, sizeof sc->ad);
        axiom_gcm_update(c, sc->buf, sc->buf, 23);
        axiom_gcm_update(c, sc->buf + 23, sc->buf + 23, sizeof sc->buf - 23);
        if (sc->dir)
            axiom_gcm_final(c, tag, 16);
        else
            axiom_gcm_verify(c, tag, 16);
        axiom_gcm_free(c);
        break;
    }
    case 3:
        axiom_hmac(sc->name, tag, 16, sc->key, sc->keylen, sc->buf, sizeof sc->buf);
        break;
    case 4: {
        axiom_hmac_ctx *c;
        if (axiom_hmac_new(&c, sc->name))
            return;
        axiom_hmac_setkey(c, sc->key, sc->keylen);
        axiom_hmac_update(c, sc->buf, sizeof sc->buf);
        axiom_hmac_final(c, tag, 16);
        axiom_hmac_free(c);
        break;
    }
    case 5:
        axiom_hkdf(sc->name, sc->buf, 40, sc->key, sc->keylen, sc->ad, sizeof sc->ad, sc->iv, 8);
        break;
    case 6: {
        axiom_drbg *d;
        if (axiom_drbg_new_seeded(&d, sc->key, 32, sc->key + 32, 16, sc->ad, sizeof sc->ad))
            return;
        axiom_drbg_generate(d, sc->buf, sizeof sc->buf, NULL, 0);
        axiom_drbg_reseed(d, sc->key + 48, 32, NULL, 0);
        axiom_drbg_generate(d, sc->buf, sizeof sc->buf, sc->ad, 5);
        axiom_drbg_free(d);
        break;
    }
    }
    axiom_wipe(tag, sizeof tag);
}

static __attribute__((noinline)) void stack_run(stack_case *sc, finding *f)
{
    stack_paint();
    stack_op(sc);
    /* Copy without a call (a call's frame would land in the region). */
    const volatile uint8_t *src = (const volatile uint8_t *)g_paint_lo;
    for (size_t i = 0; i < STK; i++)
        stk_copy[i] = src[i];
    memset(f, 0, sizeof *f);
    scan(stk_copy, STK, &g_derived, f);
}

static const struct {
    int kind;
    const char *name;
} stack_ops[] = {
    { 0, "aes-128-cbc" }, { 0, "aes-192-ctr" }, { 0, "aes-256-ecb" }, { 0, "aes-256-cfb" },
    { 0, "aes-128-ofb" }, { 0, "aes-128-xts" }, { 0, "aes-256-xts" }, { 0, "sm4-cbc" },
    { 0, "sm4-ctr" }, { 0, "kuznyechik-cbc" }, { 0, "kuznyechik-ctr" }, { 0, "chacha20" },
    { 1, "aes-128-gcm" }, { 1, "aes-256-gcm" }, { 1, "chacha20-poly1305" },
    { 1, "xchacha20-poly1305" }, { 1, "sm4-gcm" }, { 2, "aes-128-gcm" }, { 2, "aes-256-gcm" },
    { 3, "sha256" }, { 3, "sha224" }, { 4, "sha256" }, { 5, "sha256" }, { 6, "drbg" },
};

/* Which library calls leave derived secrets on the dead stack below them.
 * Diagnostic: every hit is printed (AXIOM_WIPE_VERBOSE=1 prints every
 * call), and fails the case only with AXIOM_WIPE_STACK_STRICT=1, because
 * register spills by compiled kernels leave copies that no axiom_wipe of a
 * named local can reach, and they vary with the tier and the compiler
 * (known ones: doc/ASSURANCE.md and the wipe report).  The scanner itself
 * is checked by test_stack_control, which always runs. */
START_TEST(test_stack)
{
    const char *name = stack_ops[_i / 2].name;
    int kind = stack_ops[_i / 2].kind;
    static stack_case sc;
    char tag[64];
    memset(&sc, 0, sizeof sc);
    sc.kind = kind;
    sc.name = name;
    sc.dir = _i % 2;
    snprintf(tag, sizeof tag, "stack %d %s/%d", kind, name, sc.dir);
    tu_rng_reset(tag);
    tu_rand_bytes(sc.key, sizeof sc.key);
    tu_rand_bytes(sc.iv, sizeof sc.iv);
    tu_rand_bytes(sc.buf, sizeof sc.buf);
    tu_rand_bytes(sc.ad, sizeof sc.ad);
    ws_clear(&g_derived);
    size_t bits;
    switch (kind) {
    case 0: {
        const axiom_cipher_desc *d = axiom_catalog_cipher(name);
        sc.keylen = d->keylen;
        ws_add(&g_derived, "key", sc.key, sc.keylen, 0);
        if (is_aes(name, &bits)) {
            size_t half = d->mode == AXIOM_MODE_XTS ? sc.keylen / 2 : sc.keylen;
            add_aes(&g_derived, sc.key, half, 0);
            if (half != sc.keylen)
                add_aes(&g_derived, sc.key + half, half, 0);
        }
        break;
    }
    case 1:
        sc.keylen = axiom_catalog_aead(name)->keylen;
        ws_add(&g_derived, "key", sc.key, sc.keylen, 0);
        if (is_aes(name, &bits))
            add_aes(&g_derived, sc.key, sc.keylen, 1);
        if (strcmp(name, "chacha20-poly1305") == 0)
            add_poly_key(&g_derived, sc.key, sc.iv);
        if (strcmp(name, "xchacha20-poly1305") == 0) {
            uint8_t sub[32], n12[12] = { 0 };
            hchacha(sub, sc.key, sc.iv);
            memcpy(n12 + 4, sc.iv + 16, 8);
            ws_add(&g_derived, "XChaCha subkey", sub, 32, 0);
            add_poly_key(&g_derived, sub, n12);
        }
        break;
    case 2:
        sc.keylen = axiom_catalog_aead(name)->keylen;
        ws_add(&g_derived, "key", sc.key, sc.keylen, 0);
        add_aes(&g_derived, sc.key, sc.keylen, 1);
        break;
    case 3:
    case 4:
        sc.keylen = sc.dir ? 80 : 32;
        ws_add(&g_derived, "key", sc.key, sc.keylen, 0);
        add_hmac(&g_derived, name, sc.key, sc.keylen);
        break;
    case 5: {
        uint8_t prk[32];
        sc.keylen = sc.dir ? 80 : 32;
        ws_add(&g_derived, "ikm", sc.key, sc.keylen, 0);
        ck_assert_int_eq(axiom_hmac(name, prk, 32, sc.ad, sizeof sc.ad, sc.key, sc.keylen),
                         AXIOM_OK);
        ws_add(&g_derived, "HKDF PRK", prk, 32, 0);
        add_hmac(&g_derived, name, prk, 32);
        break;
    }
    case 6:
        ws_add(&g_derived, "entropy input", sc.key, 80, 0);
        break;
    }
    finding f;
    /* A first call first: lazy binding (the dynamic linker's resolver
     * saves the vector registers on the stack) and one-time set-up leave
     * copies that a second call does not; AXIOM_WIPE_COLD=1 skips it. */
    const char *cold = getenv("AXIOM_WIPE_COLD");
    if (!cold || *cold != '1')
        stack_op(&sc);
    stack_run(&sc, &f);
    if (getenv("AXIOM_WIPE_VERBOSE") || f.hits) {
        /* Hits per kind of secret, and where (offset from the region top,
         * i.e. depth below the caller). */
        char what[512] = "";
        size_t used = 0, lo = STK, hi = 0;
        for (size_t l = 0; l < g_derived.nlabels && used < sizeof what - 64; l++) {
            size_t cnt = 0;
            for (size_t i = 0; i + 8 <= STK; i++) {
                uint64_t w;
                unsigned lab;
                memcpy(&w, stk_copy + i, 8);
                if (w != 0 && ws_lookup(&g_derived, w, &lab) && lab == l) {
                    cnt++;
                    lo = i < lo ? i : lo;
                    hi = i > hi ? i : hi;
                }
            }
            if (cnt)
                used += (size_t)snprintf(what + used, sizeof what - used, " %s#%zu:%zu",
                                         g_derived.labels[l], l, cnt);
        }
        fprintf(stderr, "[tier %s] %s: %zu secret windows on the dead stack%s", tu_tier(), tag,
                f.hits, what);
        if (f.hits)
            fprintf(stderr, " (depth %zu..%zu)", STK - hi, STK - lo);
        fputc('\n', stderr);
    }
    const char *strict = getenv("AXIOM_WIPE_STACK_STRICT");
    if (strict && *strict == '1')
        TU_ASSERT(f.hits == 0, "%s: %zu windows of secret material (first: %s) left on the stack",
                  tag, f.hits, f.label);
}
END_TEST

/* The stack scan sees a secret a callee leaves behind (positive control). */
static __attribute__((noinline)) void leave_on_stack(const uint8_t *key)
{
    volatile uint8_t local[48];
    for (int i = 0; i < 32; i++)
        local[i + 7] = key[i];
    __asm__ __volatile__("" : : "r"(local) : "memory");
}

START_TEST(test_stack_control)
{
    uint8_t key[32];
    tu_rng_reset("stack control");
    tu_rand_bytes(key, sizeof key);
    ws_clear(&g_derived);
    ws_add(&g_derived, "key", key, 32, 0);
    stack_paint();
    leave_on_stack(key);
    const volatile uint8_t *src = (const volatile uint8_t *)g_paint_lo;
    for (size_t i = 0; i < STK; i++)
        stk_copy[i] = src[i];
    finding f = { 0 };
    scan(stk_copy, STK, &g_derived, &f);
    TU_ASSERT(f.hits > 0, "key left on the stack by a callee not detected");
}
END_TEST

/* Chunked encryption (chunked.h: "the context wipes keys and buffers"):
 * the push context freed in the middle of a message (@_i 0: encrypting,
 * plaintext waiting for a whole chunk; 1: decrypting, a partial
 * ciphertext chunk after the header), the pull reader with plaintext not
 * yet handed out (2) and the random-access reader with a decrypted chunk
 * cached (3).  The secrets: the input key (kept for the header) and the
 * plaintext.  The push context is larger than the pool's largest class,
 * so this also takes the path of a block mapped alone. */
START_TEST(test_chunked)
{
    static const char *const what[] = { "chunked/push-encrypt", "chunked/push-decrypt",
                                        "chunked/reader", "chunked/random-access",
                                        "chunked/push-decrypt-header" };
    const char *tag = what[_i];
    tu_rng_reset(tag);
    enum { MSG = 3000 };
    const char *suite = "aes-256-gcm+sha512";
    uint8_t key[32], hdr[AXIOM_CHUNKED_HEADER], msg[MSG], got_pt[MSG];
    static uint8_t ct[AXIOM_CHUNKED_HEADER + MSG + AXIOM_CHUNKED_TAG];
    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(msg, sizeof msg);
    /* The ciphertext, made before the detector is armed. */
    axiom_chunked_ctx *c;
    size_t n = 0, ctlen = 0;
    TU_ASSERT_RC(axiom_chunked_new(&c, suite), AXIOM_OK, "%s: new", tag);
    TU_ASSERT_RC(axiom_chunked_encrypt_init(c, key, sizeof key, NULL, 0, hdr), AXIOM_OK,
                 "%s: init", tag);
    memcpy(ct, hdr, sizeof hdr);
    ctlen = sizeof hdr;
    TU_ASSERT_RC(axiom_chunked_encrypt_update(c, ct + ctlen, sizeof ct - ctlen, &n, msg, MSG),
                 AXIOM_OK, "%s: update", tag);
    ctlen += n;
    TU_ASSERT_RC(axiom_chunked_encrypt_final(c, ct + ctlen, sizeof ct - ctlen, &n), AXIOM_OK,
                 "%s: final", tag);
    ctlen += n;
    TU_ASSERT(ctlen == sizeof ct, "%s: ciphertext of %zu bytes", tag, ctlen);
    axiom_chunked_free(c);

    ws_clear(&g_derived);
    ws_add(&g_derived, "input key", key, sizeof key, 0);
    if (_i != 1 && _i != 4)
        ws_add(&g_derived, "plaintext", msg + 64, MSG - 64, 0);
    if (_i == 4) /* the application context, copied until the header is whole */
        ws_add(&g_derived, "context", msg, 40, 0);
    tu_mem_source src = { ct, sizeof ct, 0, 0 };
    switch (_i) {
    case 0:
    case 1:
    case 4:
        TU_ASSERT_RC(axiom_chunked_new(&c, suite), AXIOM_OK, "%s: new", tag);
        arm();
        if (_i == 0) {
            TU_ASSERT_RC(axiom_chunked_encrypt_init(c, key, sizeof key, NULL, 0, hdr), AXIOM_OK,
                         "%s: init", tag);
            TU_ASSERT_RC(axiom_chunked_encrypt_update(c, NULL, 0, &n, msg, MSG), AXIOM_OK,
                         "%s: update", tag);
        } else {
            /* Past the header (the derived keys, a partial chunk), or
             * inside it (the input key and a copy of the context wait
             * for the salt). */
            TU_ASSERT_RC(axiom_chunked_decrypt_init(c, key, sizeof key, _i == 4 ? msg : NULL,
                                                    _i == 4 ? 40 : 0),
                         AXIOM_OK, "%s: init", tag);
            TU_ASSERT_RC(axiom_chunked_decrypt_update(c, NULL, 0, &n, ct,
                                                      _i == 4 ? sizeof hdr - 5 : sizeof ct - 100),
                         AXIOM_OK, "%s: update", tag);
        }
        TU_ASSERT(n == 0, "%s: output before a whole chunk", tag);
        /* Past the header only derived keys remain, in layouts the
         * snapshot covers. */
        snapshot(tag, c, _i != 1);
        axiom_chunked_free(c);
        expect_clean(tag);
        break;
    case 2: {
        axiom_chunked_reader *r;
        arm();
        TU_ASSERT_RC(axiom_chunked_reader_new(&r, suite, AXIOM_DECRYPT, key, sizeof key, NULL, 0,
                                              tu_mem_read, &src),
                     AXIOM_OK, "%s: new", tag);
        TU_ASSERT_RC(axiom_chunked_read(r, got_pt, 64, &n), AXIOM_OK, "%s: read", tag);
        TU_ASSERT(n == 64 && memcmp(got_pt, msg, 64) == 0, "%s: first 64 bytes", tag);
        snapshot(tag, r, 1);
        axiom_chunked_reader_free(r);
        expect_clean(tag);
        break;
    }
    default: {
        axiom_chunked_ra *ra;
        arm();
        TU_ASSERT_RC(axiom_chunked_ra_open(&ra, suite, key, sizeof key, NULL, 0, sizeof ct,
                                           tu_mem_pread, &src),
                     AXIOM_OK, "%s: open", tag);
        TU_ASSERT_RC(axiom_chunked_ra_read(ra, got_pt, 10, 20, &n), AXIOM_OK, "%s: read", tag);
        TU_ASSERT(n == 10 && memcmp(got_pt, msg + 20, 10) == 0, "%s: 10 bytes at 20", tag);
        snapshot(tag, ra, 1);
        axiom_chunked_ra_free(ra);
        expect_clean(tag);
        break;
    }
    }
}
END_TEST

/* *_free(NULL) stays a no-op under the interposer. */
START_TEST(test_free_null)
{
    arm();
    axiom_cipher_free(NULL);
    axiom_aead_free(NULL);
    axiom_gcm_free(NULL);
    axiom_hash_free(NULL);
    axiom_hmac_free(NULL);
    axiom_mac_free(NULL);
    axiom_aegis_free(NULL);
    axiom_drbg_free(NULL);
    axiom_chunked_free(NULL);
    axiom_chunked_reader_free(NULL);
    axiom_chunked_ra_free(NULL);
    disarm();
}
END_TEST

static Suite *wipe_suite(void)
{
    Suite *s = suite_create("wipe");
    TCase *tc;
#define ADD(fn, n)                                                                      \
    tc = tcase_create(#fn);                                                             \
    tcase_add_checked_fixture(tc, setup, NULL);                                         \
    tcase_add_loop_test(tc, fn, 0, n);                                                  \
    suite_add_tcase(s, tc)
    ADD(test_control, 1);
    ADD(test_cipher, (int)(2 * (sizeof cipher_names / sizeof cipher_names[0])));
    ADD(test_aead, (int)(2 * (sizeof aead_names / sizeof aead_names[0])));
    ADD(test_gcm_stream, 12);
    ADD(test_aegis_stream, 24);
    ADD(test_aegis_mac, 8);
    ADD(test_hash, 2);
    ADD(test_hmac, 12);
    ADD(test_mac, 6);
    ADD(test_drbg, 2);
    ADD(test_chunked, 5);
    ADD(test_free_null, 1);
    ADD(test_stack_control, 1);
    ADD(test_stack, (int)(2 * (sizeof stack_ops / sizeof stack_ops[0])));
#undef ADD
    return s;
}
#endif /* !WIPE_NO_INTERPOSE */

int main(void)
{
#ifdef WIPE_NO_INTERPOSE
    printf("test_wipe: SKIP: built with a sanitizer that owns malloc (or not glibc); "
           "the free() interposer is not compiled\n");
    return 77;
#else
#ifdef RUNNING_ON_VALGRIND
    if (RUNNING_ON_VALGRIND) {
        printf("test_wipe: SKIP: running under valgrind, which replaces the allocator\n");
        return 77;
    }
#endif
    tu_init("test_wipe");
    return tu_run_suite(wipe_suite());
#endif
}
