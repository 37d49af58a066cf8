/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <axiom.h>
#include <gcrypt.h>

#include "testutil.h"

static uint64_t g_seed;
static uint64_t g_state[4];

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

static void rng_seed(uint64_t s)
{
    for (int i = 0; i < 4; i++)
        g_state[i] = splitmix64(&s);
}

static inline uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t tu_rand64(void)
{
    uint64_t *s = g_state;
    const uint64_t result = rotl(s[1] * 5, 7) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

size_t tu_random_split(size_t *cuts, size_t len, size_t step)
{
    size_t parts = tu_rand_range(1, 8);
    cuts[0] = 0;
    for (size_t i = 1; i < parts; i++)
        cuts[i] = tu_rand_range(0, len / step) * step;
    cuts[parts] = len;
    /* insertion sort */
    for (size_t i = 1; i < parts; i++)
        for (size_t j = i; j > 0 && cuts[j] < cuts[j - 1]; j--) {
            size_t t = cuts[j];
            cuts[j] = cuts[j - 1];
            cuts[j - 1] = t;
        }
    return parts;
}

size_t tu_rand_range(size_t lo, size_t hi)
{
    if (hi <= lo)
        return lo;
    uint64_t span = (uint64_t)(hi - lo) + 1;
    if (span == 0)
        return (size_t)tu_rand64();
    /* Rejection sampling: no modulo bias. */
    uint64_t limit = UINT64_MAX - UINT64_MAX % span;
    uint64_t r;
    do
        r = tu_rand64();
    while (r >= limit);
    return lo + (size_t)(r % span);
}

void tu_rand_bytes(void *buf, size_t len)
{
    uint8_t *p = buf;
    while (len >= 8) {
        uint64_t r = tu_rand64();
        memcpy(p, &r, 8);
        p += 8;
        len -= 8;
    }
    if (len) {
        uint64_t r = tu_rand64();
        memcpy(p, &r, len);
    }
}

void tu_rng_reset(const char *tag)
{
    /* FNV-1a of the tag, mixed with the seed. */
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    for (const char *c = tag ? tag : ""; *c; c++) {
        h ^= (uint8_t)*c;
        h *= UINT64_C(0x100000001b3);
    }
    rng_seed(g_seed ^ h);
}

const char *tu_tier(void)
{
    const char *t = getenv("AXIOM_TIER");
    return (t && *t) ? t : "native";
}

uint64_t tu_seed(void)
{
    return g_seed;
}

void tu_init(const char *progname)
{
    const char *env = getenv("AXIOM_TEST_SEED");
    if (env && *env) {
        g_seed = strtoull(env, NULL, 0);
    } else {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        uint64_t x = (uint64_t)ts.tv_sec * UINT64_C(1000000007) ^ (uint64_t)ts.tv_nsec ^
                     ((uint64_t)getpid() << 32);
        g_seed = splitmix64(&x);
    }
    rng_seed(g_seed);
    const char *dis = getenv("AXIOM_CPU_DISABLE");
    printf("%s: AXIOM_TEST_SEED=%" PRIu64 " AXIOM_TIER=%s AXIOM_CPU_DISABLE=%s\n",
           progname ? progname : "test", g_seed, tu_tier(), dis ? dis : "(unset)");
    fflush(stdout);
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

size_t tu_hex_decode(uint8_t *out, size_t cap, const char *hex)
{
    size_t n = 0;
    int hi = -1;
    if (!hex)
        return (size_t)-1;
    for (const char *p = hex; *p; p++) {
        if (*p == ' ' || *p == '\n' || *p == '\t')
            continue;
        int v = hexval(*p);
        if (v < 0)
            return (size_t)-1;
        if (hi < 0) {
            hi = v;
        } else {
            if (n >= cap)
                return (size_t)-1;
            out[n++] = (uint8_t)(hi << 4 | v);
            hi = -1;
        }
    }
    return hi < 0 ? n : (size_t)-1;
}

uint8_t *tu_hex_alloc(const char *hex, size_t *len)
{
    size_t cap = hex ? strlen(hex) / 2 + 1 : 1;
    uint8_t *p = malloc(cap);
    ck_assert_msg(p != NULL, "out of memory");
    size_t n = tu_hex_decode(p, cap, hex);
    ck_assert_msg(n != (size_t)-1, "bad hex string in test data: \"%.60s\"", hex ? hex : "(null)");
    if (len)
        *len = n;
    return p;
}

char *tu_vector_path(const char *name)
{
    const char *dir = getenv("AXIOM_VECTORS");
    if (!dir || !*dir)
        dir = "tests/vectors";
    size_t n = strlen(dir) + strlen(name) + 2;
    char *p = malloc(n);
    ck_assert_msg(p != NULL, "out of memory");
    snprintf(p, n, "%s/%s", dir, name);
    return p;
}

void tu_hex_string(char *out, size_t outcap, const uint8_t *p, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    size_t j = 0;
    for (size_t i = 0; i < n && j + 3 <= outcap; i++) {
        out[j++] = digits[p[i] >> 4];
        out[j++] = digits[p[i] & 15];
    }
    if (outcap)
        out[j < outcap ? j : outcap - 1] = '\0';
}

int tu_mem_diff(const void *got, const void *want, size_t n, char *msg, size_t msgcap)
{
    const uint8_t *a = got, *b = want;
    size_t i;
    for (i = 0; i < n; i++)
        if (a[i] != b[i])
            break;
    if (i == n)
        return 0;
    size_t start = i & ~(size_t)15;
    size_t m = n - start < 16 ? n - start : 16;
    char ha[40], hb[40];
    tu_hex_string(ha, sizeof ha, a + start, m);
    tu_hex_string(hb, sizeof hb, b + start, m);
    snprintf(msg, msgcap, "first difference at byte %zu of %zu; at offset %zu got %s want %s",
             i, n, start, ha, hb);
    return 1;
}

void tu_be128_add(uint8_t ctr[16], uint64_t v)
{
    for (int k = 15; k >= 0 && v; k--) {
        v += ctr[k];
        ctr[k] = (uint8_t)v;
        v >>= 8;
    }
}

void tu_fill_sentinel(void *buf, size_t len)
{
    uint8_t *p = buf;
    for (size_t i = 0; i < len; i++)
        p[i] = (uint8_t)(0xa5 ^ (i * 7));
}

size_t tu_check_sentinel_range(const void *buf, size_t from, size_t to)
{
    const uint8_t *p = buf;
    for (size_t i = from; i < to; i++)
        if (p[i] != (uint8_t)(0xa5 ^ (i * 7)))
            return i;
    return (size_t)-1;
}

size_t tu_check_sentinel(const void *buf, size_t len)
{
    return tu_check_sentinel_range(buf, 0, len);
}

int tu_mem_read(void *user, uint8_t *buf, size_t len, size_t *got)
{
    tu_mem_source *s = user;
    size_t n = s->len - s->pos < len ? s->len - s->pos : len;
    if (s->max && n > s->max)
        n = s->max;
    memcpy(buf, s->p + s->pos, n);
    s->pos += n;
    *got = n;
    return 0;
}

int tu_mem_pread(void *user, uint8_t *buf, size_t len, uint64_t off)
{
    tu_mem_source *s = user;
    ck_assert_msg(off <= s->len && len <= s->len - off, "pread outside the message");
    memcpy(buf, s->p + off, len);
    return 0;
}

const char *tu_errname(int rc)
{
    switch (rc) {
    case AXIOM_OK: return "AXIOM_OK";
    case AXIOM_EINVAL: return "AXIOM_EINVAL";
    case AXIOM_ENOTFOUND: return "AXIOM_ENOTFOUND";
    case AXIOM_EKEYLEN: return "AXIOM_EKEYLEN";
    case AXIOM_EIVLEN: return "AXIOM_EIVLEN";
    case AXIOM_ETAGLEN: return "AXIOM_ETAGLEN";
    case AXIOM_ELENGTH: return "AXIOM_ELENGTH";
    case AXIOM_ESTATE: return "AXIOM_ESTATE";
    case AXIOM_EAUTH: return "AXIOM_EAUTH";
    case AXIOM_ENOMEM: return "AXIOM_ENOMEM";
    case AXIOM_ERANDOM: return "AXIOM_ERANDOM";
    default: return "unknown code";
    }
}

int tu_run_suite(Suite *s)
{
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    int run = srunner_ntests_run(sr);
    srunner_free(sr);
    if (run == 0) {
        fprintf(stderr, "no test ran\n");
        return 1;
    }
    return failed == 0 ? 0 : 1;
}

void tu_gcry_init(void)
{
    if (!gcry_check_version(GCRYPT_VERSION)) {
        fprintf(stderr, "libgcrypt version mismatch (headers %s, library %s)\n",
                GCRYPT_VERSION, gcry_check_version(NULL));
        exit(99);
    }
    gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
}

int tu_gcry_crypt(const char *name, int encrypt, const uint8_t *key, size_t keylen,
                  const uint8_t *iv, size_t ivlen, uint8_t *out, const uint8_t *in, size_t len)
{
    int bits = 0, algo, mode;
    char m[8] = "";
    if (sscanf(name, "sm4-%7s", m) == 1) {
        algo = GCRY_CIPHER_SM4;
    } else {
        if (sscanf(name, "aes-%d-%7s", &bits, m) != 2)
            return -1;
        switch (bits) {
        case 128: algo = GCRY_CIPHER_AES128; break;
        case 192: algo = GCRY_CIPHER_AES192; break;
        case 256: algo = GCRY_CIPHER_AES256; break;
        default: return -1;
        }
    }
    if (!strcmp(m, "ecb")) mode = GCRY_CIPHER_MODE_ECB;
    else if (!strcmp(m, "cbc")) mode = GCRY_CIPHER_MODE_CBC;
    else if (!strcmp(m, "ctr")) mode = GCRY_CIPHER_MODE_CTR;
    else if (!strcmp(m, "cfb")) mode = GCRY_CIPHER_MODE_CFB;
    else if (!strcmp(m, "ofb")) mode = GCRY_CIPHER_MODE_OFB;
    else if (!strcmp(m, "xts")) mode = GCRY_CIPHER_MODE_XTS;
    else return -1;

    gcry_cipher_hd_t h;
    if (gcry_cipher_open(&h, algo, mode, 0))
        return -1;
    int rc = -1;
    if (gcry_cipher_setkey(h, key, keylen))
        goto out;
    if (mode == GCRY_CIPHER_MODE_CTR) {
        if (gcry_cipher_setctr(h, iv, ivlen))
            goto out;
    } else if (mode != GCRY_CIPHER_MODE_ECB) {
        if (gcry_cipher_setiv(h, iv, ivlen))
            goto out;
    }
    rc = tu_gcry_text(h, encrypt, out, in, len);
out:
    gcry_cipher_close(h);
    return rc;
}

int tu_gcry_text(gcry_cipher_hd_t h, int encrypt, uint8_t *out, const uint8_t *in, size_t len)
{
    if (len == 0)
        return 0;
    gcry_error_t e;
    if (out == in)
        e = encrypt ? gcry_cipher_encrypt(h, out, len, NULL, 0)
                    : gcry_cipher_decrypt(h, out, len, NULL, 0);
    else
        e = encrypt ? gcry_cipher_encrypt(h, out, len, in, len)
                    : gcry_cipher_decrypt(h, out, len, in, len);
    return e ? -1 : 0;
}

void tu_exec_self(const char *arg1, const char *arg2)
{
    char self[4096];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0)
        _exit(126);
    self[n] = 0;
    const char *emu = getenv("AXIOM_TEST_EMULATOR");
    if (emu && *emu)
        execl(emu, emu, self, arg1, arg2, (char *)NULL);
    else
        execl(self, self, arg1, arg2, (char *)NULL);
    _exit(127);
}

json_object *tu_json_field(json_object *o, const char *key)
{
    json_object *v = NULL;
    ck_assert_msg(json_object_object_get_ex(o, key, &v) && v != NULL, "JSON field \"%s\" missing", key);
    return v;
}

const char *tu_json_str(json_object *o, const char *key)
{
    return json_object_get_string(tu_json_field(o, key));
}

json_object *tu_wycheproof_open(const char *name, const char *algorithm, int *declared)
{
    char *path = tu_vector_path(name);
    json_object *root = json_object_from_file(path);
    ck_assert_msg(root != NULL, "cannot read %s (set AXIOM_VECTORS)", path);
    free(path);
    ck_assert_str_eq(tu_json_str(root, "algorithm"), algorithm);
    *declared = json_object_get_int(tu_json_field(root, "numberOfTests"));
    return root;
}

size_t tu_pick_len(size_t max, size_t small, const size_t widths[4])
{
    switch (tu_rand_range(0, 3)) {
    case 0:
        return tu_rand_range(0, max);
    case 1:
        return tu_rand_range(0, small);
    default: {
        size_t w = widths[tu_rand_range(0, 3)];
        size_t n = tu_rand_range(0, max / w) * w + tu_rand_range(0, 2) - 1;
        return n > max ? max : n;
    }
    }
}
