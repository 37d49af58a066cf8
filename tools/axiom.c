/* SPDX-License-Identifier: GPL-2.0-or-later */
/* axiom-crypto, the command-line tool of libaxiom: benchmarks (`speed`),
 * the algorithms and the kernels serving them (`list`), CPU dispatch state
 * (`cpu`), file digests in the formats of sha256sum (`dgst`), random
 * bytes (`rand`) and file encryption (`enc`, `dec`, `keygen`: tools/enc.c).
 * It behaves like the GNU tools: usage errors exit 2,
 * failures 1, and a failed write to standard output is a failure. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include <axiom.h>

#include "bench.h"
#include "enc.h"

#define PROG "axiom-crypto"

/* Exit codes scripts can rely on. */
enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2 };

/* Every algorithm name of the API contract (doc/api.md), in the order
 * `list` prints them, with its kind.  The library has no call that
 * enumerates its names, so this is the one list the tool keeps; a name
 * counts only when the library knows it (axiom_kernel_info() or
 * axiom_impl()), so names still to come simply stay hidden. */
static const struct alg_name {
    const char *name;
    const char *kind;
} alg_names[] = {
#define MODES(c)                                                                               \
    { c "-ecb", "cipher" }, { c "-cbc", "cipher" }, { c "-ctr", "cipher" },                    \
    { c "-cfb", "cipher" }, { c "-ofb", "cipher" }
    MODES("aes-128"), MODES("aes-192"), MODES("aes-256"),
    { "aes-128-xts", "cipher" }, { "aes-256-xts", "cipher" },
    MODES("kuznyechik"), { "kuznyechik-ctr-acpkm", "cipher" },
    MODES("sm4"),
    { "chacha20", "cipher" },
    { "aes-128-gcm", "aead" }, { "aes-192-gcm", "aead" }, { "aes-256-gcm", "aead" },
    { "aes-128-gcm-siv", "aead" }, { "aes-256-gcm-siv", "aead" }, { "xaes-256-gcm", "aead" },
    { "sm4-gcm", "aead" }, { "kuznyechik-mgm", "aead" }, { "kuznyechik-ctr-acpkm-omac", "aead" },
    { "chacha20-poly1305", "aead" }, { "xchacha20-poly1305", "aead" },
    { "aegis-128l", "aead" }, { "aegis-128x2", "aead" }, { "aegis-128x4", "aead" },
    { "aegis-256", "aead" }, { "aegis-256x2", "aead" }, { "aegis-256x4", "aead" },
    { "hmac-sha224", "mac" }, { "hmac-sha256", "mac" },
    { "aes-128-cmac", "mac" }, { "aes-192-cmac", "mac" }, { "aes-256-cmac", "mac" },
    { "sm4-cmac", "mac" }, { "kuznyechik-cmac", "mac" }, { "kuznyechik-omac-acpkm", "mac" },
    { "aegis-128l-mac", "mac" }, { "aegis-128x2-mac", "mac" }, { "aegis-128x4-mac", "mac" },
    { "aegis-256-mac", "mac" }, { "aegis-256x2-mac", "mac" }, { "aegis-256x4-mac", "mac" },
    { "sha224", "hash" }, { "sha256", "hash" }, { "sha384", "hash" }, { "sha512", "hash" },
    { "sha512-256", "hash" },
    /* Not an algorithm: the kernel axiom_hash_many() uses (axiom_impl()). */
    { "sha256-many", "hash-many" },
#undef MODES
};
#define N_ALG_NAMES (sizeof alg_names / sizeof alg_names[0])

static void feature_list(char *out, size_t outlen, uint64_t bits)
{
    size_t n = 0;
    out[0] = '\0';
    for (int i = 0; i < 64; i++) {
        const char *name = axiom_cpu_feature_name(UINT64_C(1) << i);
        if (name && ((bits >> i) & 1) && n < outlen)
            n += (size_t)snprintf(out + n, outlen - n, "%s%s", n ? "," : "", name);
    }
}

/* ---------------------------------------------------------------- common */

/* Fresh getopt state: every command parses its own argv. */
static void reset_getopt(void)
{
#ifdef __GLIBC__
    optind = 0;
#else
    optind = 1;
#endif
}

static int usage_error(const char *cmd)
{
    fprintf(stderr, "Try '" PROG " %s--help' for more information.\n", cmd);
    return EXIT_USAGE;
}

/* A JSON string literal. */
static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

/* "4096", "1k", "4M", "2G" (powers of 1024, either case) -> *@v; 0 or -1. */
static int parse_size(const char *s, unsigned long long *v)
{
    char *end;
    if (*s < '0' || *s > '9')
        return -1;
    errno = 0;
    unsigned long long n = strtoull(s, &end, 10);
    if (errno == ERANGE)
        return -1;
    unsigned shift = 0;
    switch (*end) {
    case 'k':
    case 'K':
        shift = 10;
        break;
    case 'm':
    case 'M':
        shift = 20;
        break;
    case 'g':
    case 'G':
        shift = 30;
        break;
    case '\0':
        break;
    default:
        return -1;
    }
    if (shift && end[1])
        return -1;
    if (shift && n > (~0ULL >> shift))
        return -1;
    *v = n << shift;
    return 0;
}

/* ---------------------------------------------------------------- list */

/* Whether this build of the library has algorithm @a (possibly refused). */
static int alg_present(const struct alg_name *a)
{
    return axiom_kernel_info(a->name, 0, NULL, NULL, NULL) == AXIOM_OK ||
           axiom_impl(a->name) != NULL;
}

/* Whether the constant-time policy (AXIOM_CT_ONLY, --enable-ct-only)
 * refuses @a: no kernel to name, or its constructor says so. */
static int alg_refused(const struct alg_name *a)
{
    if (!axiom_impl(a->name))
        return 1;
#ifdef AXIOM_ENOTCT
    int rc = AXIOM_OK;
    if (strcmp(a->kind, "cipher") == 0) {
        axiom_cipher_ctx *c = NULL;
        rc = axiom_cipher_new(&c, a->name);
        axiom_cipher_free(c);
    } else if (strcmp(a->kind, "aead") == 0) {
        axiom_aead_ctx *c = NULL;
        rc = axiom_aead_new(&c, a->name);
        axiom_aead_free(c);
    } else if (strcmp(a->kind, "hash") == 0) {
        axiom_hash_ctx *c = NULL;
        rc = axiom_hash_new(&c, a->name);
        axiom_hash_free(c);
    }
    return rc == AXIOM_ENOTCT;
#else
    return 0;
#endif
}

static const char list_help[] =
    "Usage: " PROG " list [--json]\n"
    "Print every algorithm of this build: its kind, the kernel that serves it now\n"
    "(after AXIOM_CPU_DISABLE), whether that kernel is constant time, and the\n"
    "library's other kernels for it, best first, each with what keeps it from\n"
    "being used here (\"slower on this CPU model\": passed over on this model,\n"
    "used with AXIOM_CPU_TUNING=0).  An algorithm whose every usable kernel the\n"
    "constant-time policy refuses (AXIOM_CT_ONLY=1, configure --enable-ct-only)\n"
    "is shown as \"refused\".  The sha256-many row is the kernel of\n"
    "axiom_hash_many().\n"
    "\n"
    "  -j, --json  one JSON document instead of the table\n"
    "  -h, --help  display this help and exit\n";

/* Parse "[--json]" for list and cpu; 0 to go on, -1 when --help was
 * printed, or EXIT_USAGE. */
static int json_flag(const char *cmd, const char *help, int argc, char **argv, int *json)
{
    static const struct option longopts[] = { { "json", no_argument, NULL, 'j' },
                                              { "help", no_argument, NULL, 'h' },
                                              { NULL, 0, NULL, 0 } };
    char prog[40], again[40];
    int c;
    snprintf(prog, sizeof prog, PROG " %s", cmd);
    snprintf(again, sizeof again, "%s ", cmd);
    argv[0] = prog; /* getopt's messages name the command */
    reset_getopt();
    *json = 0;
    while ((c = getopt_long(argc, argv, "jh", longopts, NULL)) != -1) {
        if (c == 'h') {
            fputs(help, stdout);
            return -1;
        }
        if (c == 'j') {
            *json = 1;
            continue;
        }
        return usage_error(again);
    }
    if (optind < argc) {
        fprintf(stderr, PROG " %s: unexpected argument '%s'\n", cmd, argv[optind]);
        return usage_error(again);
    }
    return 0;
}

/* "vaes-avx2 (not usable: needs avx512), table (NOT constant time)": the
 * kernels of @name other than @skip, with what stands in their way.  A
 * usable constant-time kernel listed before @skip, the one in use, is
 * one this CPU model passes over (AXIOM_CPU_TUNING). */
static void other_kernels(char *out, size_t outlen, const char *name, const char *skip)
{
    uint64_t have = axiom_cpu_features();
    size_t n = 0;
    const char *k;
    uint64_t needs;
    int ct, before = skip != NULL;
    out[0] = '\0';
    for (size_t j = 0; axiom_kernel_info(name, j, &k, &needs, &ct) == AXIOM_OK; j++) {
        if (skip && strcmp(k, skip) == 0)
            before = 0;
        if ((skip && strcmp(k, skip) == 0) || n >= outlen)
            continue;
        char missing[128] = "";
        if (needs & ~have)
            feature_list(missing, sizeof missing, needs & ~have);
        const int passed = before && !missing[0] && ct;
        n += (size_t)snprintf(out + n, outlen - n, "%s%s%s%s%s%s%s", n ? ", " : "", k,
                              missing[0] ? " (not usable: needs " : "", missing,
                              missing[0] ? ")" : "", ct ? "" : " (NOT constant time)",
                              passed ? " (slower on this CPU model)" : "");
    }
    if (!n)
        snprintf(out, outlen, "-");
}

/* Constant-time flag of kernel @kernel of @name: 1, 0, or -1 if unknown. */
static int kernel_ct(const char *name, const char *kernel)
{
    const char *k;
    int ct;
    for (size_t j = 0; axiom_kernel_info(name, j, &k, NULL, &ct) == AXIOM_OK; j++)
        if (strcmp(k, kernel) == 0)
            return ct;
    return -1;
}

static void list_json(void)
{
    uint64_t have = axiom_cpu_features();
    int first = 1;
    printf("{\"library_version\": ");
    json_str(stdout, axiom_version_string());
    printf(", \"algorithms\": [");
    for (size_t i = 0; i < N_ALG_NAMES; i++) {
        const struct alg_name *a = &alg_names[i];
        if (!alg_present(a))
            continue;
        int refused = alg_refused(a);
        const char *kernel = refused ? NULL : axiom_impl(a->name);
        printf("%s\n  {\"name\": ", first ? "" : ",");
        first = 0;
        json_str(stdout, a->name);
        printf(", \"kind\": ");
        json_str(stdout, a->kind);
        printf(", \"status\": \"%s\", \"kernel\": ", refused ? "refused" : "ok");
        if (kernel)
            json_str(stdout, kernel);
        else
            printf("null");
        int ct = kernel ? kernel_ct(a->name, kernel) : -1;
        printf(", \"constant_time\": %s, \"kernels\": [",
               ct < 0 ? "null" : ct ? "true" : "false");
        const char *k;
        uint64_t needs;
        for (size_t j = 0; axiom_kernel_info(a->name, j, &k, &needs, &ct) == AXIOM_OK; j++) {
            printf("%s{\"name\": ", j ? ", " : "");
            json_str(stdout, k);
            printf(", \"needs\": [");
            int nf = 0;
            for (int f = 0; f < 64; f++) {
                const char *fname = axiom_cpu_feature_name(UINT64_C(1) << f);
                if (fname && ((needs >> f) & 1)) {
                    printf("%s", nf++ ? ", " : "");
                    json_str(stdout, fname);
                }
            }
            printf("], \"cpu_ok\": %s, \"constant_time\": %s}",
                   (needs & ~have) ? "false" : "true", ct ? "true" : "false");
        }
        printf("]}");
    }
    printf("\n]}\n");
}

static int cmd_list(int argc, char **argv)
{
    int json, rc = json_flag("list", list_help, argc, argv, &json);
    if (rc)
        return rc < 0 ? EXIT_OK : rc;
    if (json) {
        list_json();
        return EXIT_OK;
    }
    /* Columns as wide as their longest entry. */
    int wname = (int)strlen("ALGORITHM"), wkind = (int)strlen("KIND");
    int wkernel = (int)strlen("KERNEL"), wct = (int)strlen("CONSTANT-TIME");
    for (size_t i = 0; i < N_ALG_NAMES; i++) {
        const struct alg_name *a = &alg_names[i];
        if (!alg_present(a))
            continue;
        const char *k = alg_refused(a) ? "refused" : axiom_impl(a->name);
        if ((int)strlen(a->name) > wname)
            wname = (int)strlen(a->name);
        if ((int)strlen(a->kind) > wkind)
            wkind = (int)strlen(a->kind);
        if ((int)strlen(k) > wkernel)
            wkernel = (int)strlen(k);
    }
    printf("%-*s %-*s %-*s %-*s %s\n", wname, "ALGORITHM", wkind, "KIND", wkernel, "KERNEL", wct,
           "CONSTANT-TIME", "OTHER KERNELS");
    for (size_t i = 0; i < N_ALG_NAMES; i++) {
        const struct alg_name *a = &alg_names[i];
        if (!alg_present(a))
            continue;
        char others[1024];
        if (alg_refused(a)) {
            /* Every kernel is an "other" one: say why none serves. */
            other_kernels(others, sizeof others, a->name, NULL);
            printf("%-*s %-*s %-*s %-*s %s\n", wname, a->name, wkind, a->kind, wkernel,
                   "refused", wct, "-", others);
            continue;
        }
        const char *k = axiom_impl(a->name);
        int ct = kernel_ct(a->name, k);
        other_kernels(others, sizeof others, a->name, k);
        printf("%-*s %-*s %-*s %-*s %s\n", wname, a->name, wkind, a->kind, wkernel, k, wct,
               ct < 0 ? "unknown" : ct ? "yes" : "NO", others);
    }
    return EXIT_OK;
}

/* ---------------------------------------------------------------- cpu */

static const char cpu_help[] =
    "Usage: " PROG " cpu [--json]\n"
    "Print the CPU features libaxiom uses now and those that AXIOM_CPU_DISABLE takes\n"
    "away.  A feature counts when the CPU has it, this build has kernels for it and\n"
    "the operating system saves its registers.\n"
    "\n"
    "  -j, --json  one JSON document instead of the table\n"
    "  -h, --help  display this help and exit\n";

static int cmd_cpu(int argc, char **argv)
{
    int json, rc = json_flag("cpu", cpu_help, argc, argv, &json);
    if (rc)
        return rc < 0 ? EXIT_OK : rc;
    uint64_t have = axiom_cpu_features();
    const char *env = getenv("AXIOM_CPU_DISABLE");
    uint64_t asked = 0;
    char ignored[512] = "";
    size_t nign = 0;

    /* Parse the variable as the library does, name by name, to say what it
     * took away and which names it ignored. */
    for (const char *s = env ? env : ""; *s;) {
        while (*s == ',' || *s == ' ' || *s == '\t')
            s++;
        size_t n = strcspn(s, ", \t");
        if (n == 0)
            break;
        char name[32];
        snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name - 1 ? n : sizeof name - 1), s);
        uint64_t bits = n < sizeof name ? axiom_cpu_feature_parse(name) : 0;
        if (!bits && nign < sizeof ignored)
            nign += (size_t)snprintf(ignored + nign, sizeof ignored - nign, "%s%.*s",
                                     nign ? "," : "", (int)n, s);
        asked |= bits;
        s += n;
    }
    if (json) {
        printf("{\"library_version\": ");
        json_str(stdout, axiom_version_string());
        printf(", \"cpu_disable\": ");
        if (env)
            json_str(stdout, env);
        else
            printf("null");
        printf(", \"ignored\": [");
        for (const char *s = ignored; *s;) {
            size_t n = strcspn(s, ",");
            char one[128];
            snprintf(one, sizeof one, "%.*s", (int)n, s);
            printf("%s", s == ignored ? "" : ", ");
            json_str(stdout, one);
            s += n + (s[n] == ',');
        }
        printf("], \"features\": [");
        int first = 1;
        for (int i = 0; i < 64; i++) {
            const uint64_t bit = UINT64_C(1) << i;
            const char *name = axiom_cpu_feature_name(bit);
            if (!name)
                continue;
            printf("%s\n  {\"name\": ", first ? "" : ",");
            first = 0;
            json_str(stdout, name);
            printf(", \"status\": \"%s\"}", (have & bit)    ? "in-use"
                                            : (asked & bit) ? "disabled"
                                                            : "unavailable");
        }
        printf("\n]}\n");
        return EXIT_OK;
    }
    for (const char *s = ignored; *s;) {
        size_t n = strcspn(s, ",");
        printf("note: AXIOM_CPU_DISABLE names '%.*s', which the library ignores\n", (int)n, s);
        s += n + (s[n] == ',');
    }
    printf("libaxiom %s\n", axiom_version_string());
    printf("AXIOM_CPU_DISABLE=%s\n", env ? env : "(unset)");
    printf("%-12s %s\n", "FEATURE", "STATUS");
    for (int i = 0; i < 64; i++) {
        const uint64_t bit = UINT64_C(1) << i;
        const char *name = axiom_cpu_feature_name(bit), *st;
        if (!name)
            continue;
        if (have & bit)
            st = "in use";
        else if (asked & bit)
            st = "disabled by AXIOM_CPU_DISABLE";
        else
            st = "not available (CPU, OS or this build)";
        printf("%-12s %s\n", name, st);
    }
    return EXIT_OK;
}

/* ---------------------------------------------------------------- speed */

static int cmd_speed(int argc, char **argv)
{
    /* The same runner as axiom-bench; the installed tool links libaxiom
     * only, so it has no comparison libraries. */
    return bench_cli(PROG " speed", argc, argv, NULL);
}

/* ---------------------------------------------------------------- dgst */

/* Files up to this size are read whole and hashed in batches through
 * axiom_hash_many(), which runs them side by side in the SIMD lanes;
 * larger files, pipes and standard input are streamed one at a time. */
#define DGST_WHOLE_MAX ((size_t)4 << 20)
#define DGST_BATCH_FILES 64
#define DGST_BATCH_BYTES ((size_t)64 << 20)
#define DGST_CHUNK ((size_t)256 << 10)

typedef struct dgst_opts {
    const char *hash; /* -a; NULL: sha256, or when checking what each line says */
    int check, tag, binary, zero;
    int ignore_missing, quiet, status, strict, warn;
} dgst_opts;

/* One file to hash.  @err is 0 or the errno of a failed open or read. */
typedef struct dgst_job {
    const char *path; /* "-": standard input */
    const char *hash;
    size_t dlen;
    uint8_t *data; /* whole-file contents while in a batch */
    size_t len;
    int err;
    uint8_t digest[AXIOM_HASH_MAX_SIZE];
    uint8_t expected[AXIOM_HASH_MAX_SIZE]; /* checking: from the list */
    size_t line;                           /* checking: its line in the list */
} dgst_job;

/* What a run has seen, for the exit status and the check summaries. */
typedef struct dgst_state {
    const dgst_opts *o;
    int status;
    size_t matched, failed, unreadable, ignored;
    /* --warn: improperly formatted lines, told in line order among the
     * reports (as a tool that checks line by line would). */
    const char *list;
    const size_t *bad_lines;
    size_t nbad, bad_told;
} dgst_state;

/* Called once per job, in the order given, as soon as its digest is known. */
typedef void (*dgst_report)(dgst_state *s, const dgst_job *job);

/* Digest size of hash @name, 0 if the library does not know it.  The
 * public API has no size query, but axiom_hash() insists on the full
 * digest length, so the one length it accepts is the answer. */
static size_t hash_size_probe(const char *name)
{
    uint8_t d[AXIOM_HASH_MAX_SIZE];
    for (size_t n = AXIOM_HASH_MAX_SIZE; n > 0; n--) {
        int rc = axiom_hash(name, d, n, NULL, 0);
        if (rc == AXIOM_OK)
            return n;
        if (rc != AXIOM_ELENGTH)
            return 0;
    }
    return 0;
}

/* hash_size_probe(), remembered for the names of the table (a checksum
 * list asks for every line). */
static size_t hash_size(const char *name)
{
    static size_t known[N_ALG_NAMES + 1]; /* size + 1; 0: not probed yet */
    for (size_t i = 0; i < N_ALG_NAMES; i++)
        if (strcasecmp(alg_names[i].name, name) == 0) {
            if (!known[i])
                known[i] = hash_size_probe(alg_names[i].name) + 1;
            return known[i] - 1;
        }
    return hash_size_probe(name);
}

/* The library's spelling of hash @name (any case), or NULL if unknown. */
static const char *hash_name(const char *name, size_t len)
{
    for (size_t i = 0; i < N_ALG_NAMES; i++)
        if (strcmp(alg_names[i].kind, "hash") == 0 && strlen(alg_names[i].name) == len &&
            strncasecmp(alg_names[i].name, name, len) == 0)
            return hash_size(alg_names[i].name) ? alg_names[i].name : NULL;
    return NULL;
}

/* "sha224, sha256": the hashes this library has. */
static void hash_names(char *out, size_t outlen)
{
    size_t n = 0;
    out[0] = '\0';
    for (size_t i = 0; i < N_ALG_NAMES && n < outlen; i++)
        if (strcmp(alg_names[i].kind, "hash") == 0 && hash_size(alg_names[i].name))
            n += (size_t)snprintf(out + n, outlen - n, "%s%s", n ? ", " : "", alg_names[i].name);
}

/* @name as the GNU tools show a file name in a message (their "shell
 * escape" quoting): as is when it needs no quoting, in double quotes when
 * only a single quote needs it, else in single quotes with a quote as '\''
 * and control characters as $'\n' pieces.  A static buffer. */
static const char *quotef(const char *name)
{
    static char buf[4 * 4096 + 16];
    static const char plain[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
                                "_./+-,:=@%^~";
    int quote = name[0] == '\0' || name[0] == '~', ctrl = 0, squote = 0, dq_special = 0;
    for (const unsigned char *c = (const unsigned char *)name; *c; c++) {
        if (*c < 0x20 || *c == 0x7f)
            ctrl = 1;
        else if (*c == '\'')
            squote = 1;
        else if (*c == '"' || *c == '$' || *c == '`' || *c == '\\')
            dq_special = 1;
        if (*c < 0x80 && !strchr(plain, *c))
            quote = 1;
    }
    if (!quote)
        return name;
    size_t n = 0;
    if (squote && !ctrl && !dq_special) {
        snprintf(buf, sizeof buf, "\"%s\"", name);
        return buf;
    }
    int open = 0; /* inside '...' */
    for (const unsigned char *c = (const unsigned char *)name; *c && n + 16 < sizeof buf; c++) {
        if (*c < 0x20 || *c == 0x7f || *c == '\'') {
            if (open)
                buf[n++] = '\'';
            open = 0;
            if (*c == '\'')
                n += (size_t)snprintf(buf + n, sizeof buf - n, "\\'");
            else if (*c >= 7 && *c <= 13)
                n += (size_t)snprintf(buf + n, sizeof buf - n, "$'\\%c'", "abtnvfr"[*c - 7]);
            else
                n += (size_t)snprintf(buf + n, sizeof buf - n, "$'\\%03o'", *c);
            continue;
        }
        if (!open)
            buf[n++] = '\'';
        open = 1;
        buf[n++] = (char)*c;
    }
    if (open)
        buf[n++] = '\'';
    if (n == 0) {
        buf[n++] = '\'';
        buf[n++] = '\'';
    }
    buf[n] = '\0';
    return buf;
}

/* Read all of @fd; 0 or an errno.  One spare byte stays allocated past
 * the end, for a terminating NUL. */
static int read_whole(int fd, size_t hint, uint8_t **data, size_t *len)
{
    size_t cap = hint + 1, n = 0; /* one spare byte to see the end at once */
    uint8_t *p = malloc(cap);
    if (!p)
        return ENOMEM;
    for (;;) {
        if (n == cap) {
            uint8_t *q = realloc(p, cap * 2);
            if (!q) {
                free(p);
                return ENOMEM;
            }
            p = q;
            cap *= 2;
        }
        ssize_t r = read(fd, p + n, cap - n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            int e = errno;
            free(p);
            return e;
        }
        if (r == 0)
            break;
        n += (size_t)r;
    }
    if (n == cap) {
        uint8_t *q = realloc(p, cap + 1);
        if (!q) {
            free(p);
            return ENOMEM;
        }
        p = q;
    }
    *data = p;
    *len = n;
    return 0;
}

/* Hash all of @fd through a streaming context; 0 or an errno. */
static int stream_fd(int fd, dgst_job *job)
{
    static uint8_t buf[DGST_CHUNK];
    axiom_hash_ctx *ctx;
    int e = 0;
    if (axiom_hash_new(&ctx, job->hash) != AXIOM_OK)
        return ENOMEM;
    for (;;) {
        ssize_t r = read(fd, buf, sizeof buf);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            e = errno;
            break;
        }
        if (r == 0)
            break;
        axiom_hash_update(ctx, buf, (size_t)r);
    }
    if (!e)
        axiom_hash_final(ctx, job->digest, job->dlen);
    axiom_hash_free(ctx);
    return e;
}

/* Hash the whole-file jobs [@from, @to) in one axiom_hash_many() call (they
 * share a hash), or one by one if the library has no many-message path for
 * that hash; then report each in order. */
static void flush_batch(dgst_job *jobs, size_t from, size_t to, dgst_report report,
                        dgst_state *s)
{
    uint8_t *digests[DGST_BATCH_FILES];
    const void *msgs[DGST_BATCH_FILES];
    size_t lens[DGST_BATCH_FILES], n = 0;
    for (size_t i = from; i < to; i++)
        if (!jobs[i].err) {
            digests[n] = jobs[i].digest;
            msgs[n] = jobs[i].data;
            lens[n] = jobs[i].len;
            n++;
        }
    if (n && axiom_hash_many(jobs[from].hash, digests, jobs[from].dlen, msgs, lens, n) != AXIOM_OK)
        for (size_t i = from; i < to; i++)
            if (!jobs[i].err &&
                axiom_hash(jobs[i].hash, jobs[i].digest, jobs[i].dlen, jobs[i].data,
                           jobs[i].len) != AXIOM_OK)
                jobs[i].err = EINVAL; /* cannot happen: the names were checked */
    for (size_t i = from; i < to; i++) {
        report(s, &jobs[i]);
        free(jobs[i].data);
        jobs[i].data = NULL;
    }
}

/* Hash every job and report each, in order. */
static void hash_jobs(dgst_job *jobs, size_t njobs, dgst_report report, dgst_state *s)
{
    size_t from = 0, bytes = 0; /* the batch waiting: [from, i) */
    for (size_t i = 0; i < njobs; i++) {
        dgst_job *job = &jobs[i];
        int stdin_job = strcmp(job->path, "-") == 0;
        int fd = stdin_job ? STDIN_FILENO : open(job->path, O_RDONLY | O_CLOEXEC);
        struct stat sb;
        if (fd < 0) {
            job->err = errno;
        } else if (!stdin_job && fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) &&
                   (uint64_t)sb.st_size <= DGST_WHOLE_MAX) {
            job->err = read_whole(fd, (size_t)sb.st_size, &job->data, &job->len);
            bytes += job->len;
        } else {
            /* Streamed now: what came before must be reported first. */
            flush_batch(jobs, from, i, report, s);
            job->err = stream_fd(fd, job);
            report(s, job);
            from = i + 1;
            bytes = 0;
        }
        if (fd >= 0 && !stdin_job)
            close(fd);
        if (i + 1 == from)
            continue;
        /* The batch ends when full, or before a job of another hash. */
        if (i + 1 - from == DGST_BATCH_FILES || bytes >= DGST_BATCH_BYTES || i + 1 == njobs ||
            strcmp(jobs[i + 1].hash, job->hash) != 0) {
            flush_batch(jobs, from, i + 1, report, s);
            from = i + 1;
            bytes = 0;
        }
    }
}

/* sha256sum's escaping of awkward names: a backslash leads the line, and
 * backslash, newline and carriage return in the name become \\, \n, \r. */
static int name_needs_escape(const char *name)
{
    return strpbrk(name, "\\\n\r") != NULL;
}

static void print_name(const char *name, int escape)
{
    if (!escape) {
        fputs(name, stdout);
        return;
    }
    for (const char *c = name; *c; c++) {
        if (*c == '\\')
            fputs("\\\\", stdout);
        else if (*c == '\n')
            fputs("\\n", stdout);
        else if (*c == '\r')
            fputs("\\r", stdout);
        else
            putchar(*c);
    }
}

static void print_hex(const uint8_t *p, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        putchar(digits[p[i] >> 4]);
        putchar(digits[p[i] & 15]);
    }
}

static void report_sum(dgst_state *s, const dgst_job *job)
{
    const dgst_opts *o = s->o;
    if (job->err) {
        fprintf(stderr, PROG " dgst: %s: %s\n", quotef(job->path), strerror(job->err));
        s->status = EXIT_FAIL;
        return;
    }
    int escape = !o->zero && name_needs_escape(job->path);
    if (escape)
        putchar('\\');
    if (o->tag) {
        for (const char *c = job->hash; *c; c++)
            putchar(toupper((unsigned char)*c));
        fputs(" (", stdout);
        print_name(job->path, escape);
        fputs(") = ", stdout);
        print_hex(job->digest, job->dlen);
    } else {
        print_hex(job->digest, job->dlen);
        fputs(o->binary ? " *" : "  ", stdout);
        print_name(job->path, escape);
    }
    putchar(o->zero ? '\0' : '\n');
}

/* --warn: the improperly formatted lines before line @line. */
static void tell_bad_lines(dgst_state *s, size_t line)
{
    for (; s->bad_told < s->nbad && s->bad_lines[s->bad_told] < line; s->bad_told++)
        fprintf(stderr, PROG " dgst: %s: %zu: improperly formatted checksum line\n",
                quotef(s->list), s->bad_lines[s->bad_told]);
}

static void report_check(dgst_state *s, const dgst_job *job)
{
    const dgst_opts *o = s->o;
    const char *verdict = "OK";
    tell_bad_lines(s, job->line);
    if (job->err == ENOENT && o->ignore_missing) {
        s->ignored++;
        return;
    }
    if (job->err) {
        fprintf(stderr, PROG " dgst: %s: %s\n", quotef(job->path), strerror(job->err));
        verdict = "FAILED open or read";
        s->unreadable++;
    } else if (memcmp(job->digest, job->expected, job->dlen) != 0) {
        verdict = "FAILED";
        s->failed++;
    } else {
        s->matched++;
    }
    if (o->status || (o->quiet && verdict[0] == 'O'))
        return;
    /* As sha256sum: only a name with a newline is escaped here. */
    int escape = !o->zero && strchr(job->path, '\n') != NULL;
    if (escape)
        putchar('\\');
    print_name(job->path, escape);
    printf(": %s%c", verdict, o->zero ? '\0' : '\n');
}

/* Undo print_name()'s escaping in place; -1 on a bad escape. */
static int unescape(char *name)
{
    char *w = name;
    for (const char *c = name; *c; c++) {
        if (*c != '\\') {
            *w++ = *c;
            continue;
        }
        c++;
        if (*c == '\\')
            *w++ = '\\';
        else if (*c == 'n')
            *w++ = '\n';
        else if (*c == 'r')
            *w++ = '\r';
        else
            return -1;
    }
    *w = '\0';
    return 0;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c |= 0x20;
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Hex digits at @h, exactly 2 * @job->dlen of them and nothing after,
 * into @job->expected; -1 if not. */
static int parse_hex(const char *h, dgst_job *job)
{
    size_t n = strlen(h);
    if (n != 2 * job->dlen)
        return -1;
    for (size_t i = 0; i < job->dlen; i++) {
        int hi = hexval((unsigned char)h[2 * i]), lo = hexval((unsigned char)h[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return -1;
        job->expected[i] = (uint8_t)(hi << 4 | lo);
    }
    return 0;
}

/* One record of a checksum list, in any format dgst writes:
 *   HEX  NAME     HEX *NAME     HEX NAME     ALG (NAME) = HEX
 * each optionally led by white space and, for an escaped NAME, a
 * backslash.  Fills @job (the name points into @rec); -1 if the record is
 * none of these, or names a hash other than -a's. */
static int parse_record(char *rec, const dgst_opts *o, dgst_job *job)
{
    char *s = rec;
    while (*s == ' ' || *s == '\t')
        s++;
    int escaped = !o->zero && *s == '\\';
    s += escaped;

    /* BSD style: a hash name this library has, then "(". */
    size_t n = 0;
    while (isalnum((unsigned char)s[n]) || s[n] == '-' || s[n] == '/')
        n++;
    const char *tag = n ? hash_name(s, n) : NULL;
    if (tag && (s[n] == '(' || (s[n] == ' ' && s[n + 1] == '('))) {
        if (o->hash && strcmp(o->hash, tag) != 0)
            return -1;
        char *name = s + n + (s[n] == ' ') + 1;
        char *close = strrchr(name, ')');
        if (!close)
            return -1;
        *close = '\0';
        char *h = close + 1;
        while (*h == ' ' || *h == '\t')
            h++;
        if (*h++ != '=')
            return -1;
        while (*h == ' ' || *h == '\t')
            h++;
        job->hash = tag;
        job->dlen = hash_size(tag);
        job->path = name;
        if (parse_hex(h, job) || (escaped && unescape(name)))
            return -1;
        return 0;
    }

    /* GNU style: hex, white space, ' ' or '*' (text or binary mark), name. */
    n = 0;
    while (hexval((unsigned char)s[n]) >= 0)
        n++;
    if (n == 0 || n % 2 || (s[n] != ' ' && s[n] != '\t'))
        return -1;
    job->hash = NULL;
    if (o->hash) {
        if (hash_size(o->hash) == n / 2)
            job->hash = o->hash;
    } else {
        /* The first hash of the table with this digest size. */
        for (size_t i = 0; i < N_ALG_NAMES && !job->hash; i++)
            if (strcmp(alg_names[i].kind, "hash") == 0 && hash_size(alg_names[i].name) == n / 2)
                job->hash = alg_names[i].name;
    }
    if (!job->hash)
        return -1;
    job->dlen = n / 2;
    s[n] = '\0';
    if (parse_hex(s, job))
        return -1;
    char *name = s + n + 1;
    if (*name == ' ' || *name == '*')
        name++;
    if (!*name || (escaped && unescape(name)))
        return -1;
    job->path = name;
    return 0;
}

/* `dgst -c LIST`: hash the files LIST names and compare.  Returns 0 if
 * every listed file matched (as the options define it), else EXIT_FAIL. */
static int dgst_check(const char *list, const dgst_opts *o)
{
    int stdin_list = strcmp(list, "-") == 0;
    const char *shown = stdin_list ? "standard input" : list;
    int fd = stdin_list ? STDIN_FILENO : open(list, O_RDONLY | O_CLOEXEC);
    uint8_t *text = NULL;
    size_t len = 0;
    int e = fd < 0 ? errno : read_whole(fd, 4096, &text, &len);
    if (fd >= 0 && !stdin_list)
        close(fd);
    if (e) {
        fprintf(stderr, PROG " dgst: %s: %s\n", quotef(shown), strerror(e));
        return EXIT_FAIL;
    }
    text[len] = '\0'; /* read_whole() leaves room for it */
    char sep = o->zero ? '\0' : '\n';
    size_t nrec = 1;
    for (size_t i = 0; i < len; i++)
        nrec += text[i] == (uint8_t)sep;
    dgst_job *jobs = calloc(nrec, sizeof *jobs);
    size_t *bad_lines = calloc(nrec, sizeof *bad_lines);
    if (!jobs || !bad_lines) {
        fprintf(stderr, PROG " dgst: %s\n", strerror(ENOMEM));
        free(text);
        free(jobs);
        free(bad_lines);
        return EXIT_FAIL;
    }
    size_t njobs = 0, bad = 0, lineno = 0;
    for (size_t at = 0; at < len;) {
        char *rec = (char *)text + at;
        size_t n = 0;
        while (at + n < len && text[at + n] != (uint8_t)sep)
            n++;
        rec[n] = '\0';
        at += n + 1;
        lineno++;
        if (!o->zero && n && rec[n - 1] == '\r') /* lists written on Windows */
            rec[--n] = '\0';
        const char *first = rec + strspn(rec, " \t");
        if (*first == '\0' || *first == '#') /* blank lines and comments */
            continue;
        if (parse_record(rec, o, &jobs[njobs]) == 0) {
            jobs[njobs++].line = lineno;
            continue;
        }
        bad_lines[bad++] = lineno;
    }
    dgst_state s;
    memset(&s, 0, sizeof s);
    s.o = o;
    s.list = shown;
    s.bad_lines = bad_lines;
    s.nbad = o->warn ? bad : 0;
    int ok;
    if (njobs == 0) {
        tell_bad_lines(&s, lineno + 1);
        fprintf(stderr, PROG " dgst: %s: no properly formatted checksum lines found\n",
                quotef(shown));
        ok = 0;
    } else {
        hash_jobs(jobs, njobs, report_check, &s);
        tell_bad_lines(&s, lineno + 1);
        if (!o->status) {
            if (bad)
                fprintf(stderr, PROG " dgst: WARNING: %zu line%s improperly formatted\n", bad,
                        bad == 1 ? " is" : "s are");
            if (s.unreadable)
                fprintf(stderr, PROG " dgst: WARNING: %zu listed file%s could not be read\n",
                        s.unreadable, s.unreadable == 1 ? "" : "s");
            if (s.failed)
                fprintf(stderr, PROG " dgst: WARNING: %zu computed checksum%s did NOT match\n",
                        s.failed, s.failed == 1 ? "" : "s");
            if (o->ignore_missing && s.matched + s.failed + s.unreadable == 0)
                fprintf(stderr, PROG " dgst: %s: no file was verified\n", quotef(shown));
        }
        ok = s.failed == 0 && s.unreadable == 0 && (!o->strict || bad == 0) &&
             s.matched + s.failed + s.unreadable > 0;
    }
    free(text);
    free(jobs);
    free(bad_lines);
    return ok ? EXIT_OK : EXIT_FAIL;
}

static void dgst_help(FILE *f)
{
    char names[256];
    hash_names(names, sizeof names);
    fprintf(f,
            "Usage: " PROG " dgst [OPTION]... [FILE]...\n"
            "       " PROG " dgst --check [OPTION]... [LIST]...\n"
            "Print or check message digests, in the formats of sha256sum and its\n"
            "family.  With no FILE, or when FILE is -, read standard input.  Files up\n"
            "to 4 MiB are hashed many at a time (axiom_hash_many).\n"
            "\n"
            "  -a, --algorithm=HASH  the hash: %s (default sha256;\n"
            "                        when checking, each line's format or digest\n"
            "                        length picks it unless -a is given)\n"
            "  -b, --binary          mark names with '*' (the digest is the same)\n"
            "  -t, --text            mark names with ' ' (the default)\n"
            "  -c, --check           read digests from each LIST and check them\n"
            "      --tag             write BSD-style lines: SHA256 (NAME) = HEX\n"
            "  -z, --zero            end each output line with NUL, not newline, and\n"
            "                        do not escape names; with --check, the records\n"
            "                        of each LIST end with NUL too\n"
            "\n"
            "Only when checking:\n"
            "      --ignore-missing  do not fail or report status for missing files\n"
            "  -q, --quiet           do not print OK for each verified file\n"
            "      --status          print nothing; the exit status tells\n"
            "      --strict          fail on improperly formatted lines\n"
            "  -w, --warn            warn about improperly formatted lines\n"
            "\n"
            "  -h, --help            display this help and exit\n"
            "\n"
            "A name containing a backslash, newline or carriage return is written\n"
            "escaped (\\\\, \\n, \\r) after a leading backslash, as sha256sum does.\n"
            "Exit status: 0 success, 1 a file unreadable or a digest mismatch (or, with\n"
            "--strict, an improperly formatted line), 2 usage error.\n",
            names);
}

static int cmd_dgst(int argc, char **argv)
{
    enum { OPT_TAG = 256, OPT_IGNORE_MISSING, OPT_STATUS, OPT_STRICT };
    static const struct option longopts[] = {
        { "algorithm", required_argument, NULL, 'a' },
        { "binary", no_argument, NULL, 'b' },
        { "check", no_argument, NULL, 'c' },
        { "text", no_argument, NULL, 't' },
        { "tag", no_argument, NULL, OPT_TAG },
        { "zero", no_argument, NULL, 'z' },
        { "ignore-missing", no_argument, NULL, OPT_IGNORE_MISSING },
        { "quiet", no_argument, NULL, 'q' },
        { "status", no_argument, NULL, OPT_STATUS },
        { "strict", no_argument, NULL, OPT_STRICT },
        { "warn", no_argument, NULL, 'w' },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 },
    };
    dgst_opts o;
    int c, text = 0;
    memset(&o, 0, sizeof o);
    argv[0] = (char *)PROG " dgst";
    reset_getopt();
    while ((c = getopt_long(argc, argv, "a:bctzqwh", longopts, NULL)) != -1) {
        switch (c) {
        case 'a':
            o.hash = hash_name(optarg, strlen(optarg));
            if (!o.hash) {
                char names[256];
                hash_names(names, sizeof names);
                fprintf(stderr, PROG " dgst: '%s' is not a hash this libaxiom has (%s)\n",
                        optarg, names);
                return EXIT_USAGE;
            }
            break;
        case 'b':
            o.binary = 1;
            break;
        case 't':
            text = 1;
            break;
        case 'c':
            o.check = 1;
            break;
        case OPT_TAG:
            o.tag = 1;
            break;
        case 'z':
            o.zero = 1;
            break;
        case OPT_IGNORE_MISSING:
            o.ignore_missing = 1;
            break;
        case 'q':
            o.quiet = 1;
            break;
        case OPT_STATUS:
            o.status = 1;
            break;
        case OPT_STRICT:
            o.strict = 1;
            break;
        case 'w':
            o.warn = 1;
            break;
        case 'h':
            dgst_help(stdout);
            return EXIT_OK;
        default:
            return usage_error("dgst ");
        }
    }
    if (o.binary && text) {
        fprintf(stderr, PROG " dgst: --binary and --text exclude each other\n");
        return usage_error("dgst ");
    }
    if (o.check && (o.tag || o.binary || text)) {
        fprintf(stderr, PROG " dgst: --tag, --binary and --text make no sense with --check\n");
        return usage_error("dgst ");
    }
    if (!o.check && (o.ignore_missing || o.quiet || o.status || o.strict || o.warn)) {
        fprintf(stderr, PROG " dgst: --ignore-missing, --quiet, --status, --strict and --warn "
                        "go with --check\n");
        return usage_error("dgst ");
    }
    static char *const stdin_only[] = { (char *)"-" };
    char *const *args = optind < argc ? argv + optind : stdin_only;
    size_t nargs = optind < argc ? (size_t)(argc - optind) : 1;
    if (o.check) {
        int status = EXIT_OK;
        for (size_t i = 0; i < nargs; i++)
            if (dgst_check(args[i], &o) != EXIT_OK)
                status = EXIT_FAIL;
        return status;
    }
    if (!o.hash)
        o.hash = "sha256";
    dgst_job *jobs = calloc(nargs, sizeof *jobs);
    if (!jobs) {
        fprintf(stderr, PROG " dgst: %s\n", strerror(ENOMEM));
        return EXIT_FAIL;
    }
    for (size_t i = 0; i < nargs; i++) {
        jobs[i].path = args[i];
        jobs[i].hash = o.hash;
        jobs[i].dlen = hash_size(o.hash);
    }
    dgst_state s;
    memset(&s, 0, sizeof s);
    s.o = &o;
    hash_jobs(jobs, nargs, report_sum, &s);
    free(jobs);
    return s.status;
}

/* ---------------------------------------------------------------- rand */

static const char rand_help[] =
    "Usage: " PROG " rand [--hex | --base64] [--os] [-o FILE] N\n"
    "Write N random bytes from axiom_random_fill() (a per-thread NIST SP 800-90A\n"
    "CTR_DRBG seeded from the operating system) to standard output or FILE.\n"
    "N takes the suffixes k, M and G (1024, 1024^2, 1024^3): 32, 1k, 4M.\n"
    "\n"
    "      --hex          lower-case hex, then a newline\n"
    "      --base64       base64 (RFC 4648) in lines of 76 characters\n"
    "      --os           read the operating system's generator directly\n"
    "                     (axiom_random_bytes) instead\n"
    "  -o, --output=FILE  write to FILE (created with mode 0600 if new)\n"
    "  -h, --help         display this help and exit\n";

/* Raw bytes per chunk: a multiple of 3 and of 57 (one 76-column base64
 * line), so every chunk but the last encodes to whole lines. */
#define RAND_CHUNK ((size_t)57 * 1024)

/* Base64 of @len bytes (a multiple of 57 unless @last) into @out, a
 * newline after every 76 characters and, if @last, after the end. */
static size_t base64_lines(char *out, const uint8_t *in, size_t len, int last)
{
    static const char b64[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t o = 0, col = 0;
    for (size_t i = 0; i < len; i += 3) {
        uint32_t v = (uint32_t)in[i] << 16;
        if (i + 1 < len)
            v |= (uint32_t)in[i + 1] << 8;
        if (i + 2 < len)
            v |= in[i + 2];
        out[o++] = b64[v >> 18];
        out[o++] = b64[(v >> 12) & 63];
        out[o++] = i + 1 < len ? b64[(v >> 6) & 63] : '=';
        out[o++] = i + 2 < len ? b64[v & 63] : '=';
        col += 4;
        if (col == 76) {
            out[o++] = '\n';
            col = 0;
        }
    }
    if (last && col)
        out[o++] = '\n';
    return o;
}

static int cmd_rand(int argc, char **argv)
{
    enum { OPT_HEX = 256, OPT_BASE64, OPT_OS };
    static const struct option longopts[] = { { "help", no_argument, NULL, 'h' },
                                              { "hex", no_argument, NULL, OPT_HEX },
                                              { "base64", no_argument, NULL, OPT_BASE64 },
                                              { "os", no_argument, NULL, OPT_OS },
                                              { "output", required_argument, NULL, 'o' },
                                              { NULL, 0, NULL, 0 } };
    int c, hex = 0, b64 = 0, os = 0;
    const char *path = NULL;
    argv[0] = (char *)PROG " rand";
    reset_getopt();
    while ((c = getopt_long(argc, argv, "ho:", longopts, NULL)) != -1) {
        switch (c) {
        case 'h':
            fputs(rand_help, stdout);
            return EXIT_OK;
        case OPT_HEX:
            hex = 1;
            break;
        case OPT_BASE64:
            b64 = 1;
            break;
        case OPT_OS:
            os = 1;
            break;
        case 'o':
            path = optarg;
            break;
        default:
            return usage_error("rand ");
        }
    }
    if (hex && b64) {
        fprintf(stderr, PROG " rand: --hex and --base64 exclude each other\n");
        return usage_error("rand ");
    }
    if (optind != argc - 1) {
        fprintf(stderr, PROG " rand: expected one argument N (the number of bytes)\n");
        return usage_error("rand ");
    }
    unsigned long long n;
    if (parse_size(argv[optind], &n)) {
        fprintf(stderr, PROG " rand: '%s' is not a byte count (e.g. 32, 1k, 4M)\n",
                argv[optind]);
        return EXIT_USAGE;
    }
    FILE *f = stdout;
    if (path) {
        int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
        f = fd < 0 ? NULL : fdopen(fd, "w");
        if (!f) {
            fprintf(stderr, PROG " rand: %s: %s\n", path, strerror(errno));
            if (fd >= 0)
                close(fd);
            return EXIT_FAIL;
        }
    }
    static uint8_t buf[RAND_CHUNK];
    static char txt[RAND_CHUNK / 57 * 77 + 8]; /* base64 lines; hex needs less */
    static const char digits[] = "0123456789abcdef";
    int status = EXIT_OK;
    while (n) {
        size_t len = n < sizeof buf ? (size_t)n : sizeof buf;
        int rc = os ? axiom_random_bytes(buf, len) : axiom_random_fill(buf, len);
        if (rc != AXIOM_OK) {
            fprintf(stderr, PROG " rand: %s\n", axiom_strerror(rc));
            status = EXIT_FAIL;
            break;
        }
        int ok;
        if (hex) {
            for (size_t i = 0; i < len; i++) {
                txt[2 * i] = digits[buf[i] >> 4];
                txt[2 * i + 1] = digits[buf[i] & 15];
            }
            ok = fwrite(txt, 1, 2 * len, f) == 2 * len;
        } else if (b64) {
            size_t t = base64_lines(txt, buf, len, len == n);
            ok = fwrite(txt, 1, t, f) == t;
        } else {
            ok = fwrite(buf, 1, len, f) == len;
        }
        if (!ok)
            break; /* reported below */
        n -= len;
    }
    axiom_wipe(buf, sizeof buf);
    axiom_wipe(txt, sizeof txt);
    if (hex && n == 0)
        putc('\n', f);
    if (path) {
        int bad = ferror(f) != 0;
        if (fclose(f) != 0 || bad) {
            fprintf(stderr, PROG " rand: write error: %s: %s\n", path,
                    strerror(errno ? errno : EIO));
            return EXIT_FAIL;
        }
    }
    /* Standard output is checked at exit, like every command's. */
    return status;
}

/* ---------------------------------------------------------------- main */

static void main_help(FILE *f);
static int cmd_help(int argc, char **argv);

static void list_help_out(FILE *f)
{
    fputs(list_help, f);
}

static void cpu_help_out(FILE *f)
{
    fputs(cpu_help, f);
}

static void rand_help_out(FILE *f)
{
    fputs(rand_help, f);
}

static void speed_help_out(FILE *f)
{
    char *args[] = { (char *)"speed", (char *)"--help", NULL };
    (void)f; /* the runner prints its help on standard output */
    bench_cli(PROG " speed", 2, args, NULL);
}

static const struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    void (*help)(FILE *f);
    const char *summary;
} commands[] = {
    { "speed", cmd_speed, speed_help_out, "benchmark the algorithms of libaxiom" },
    { "list", cmd_list, list_help_out,
      "algorithms, the kernel serving each, whether it is constant time" },
    { "cpu", cmd_cpu, cpu_help_out, "CPU features in use and those AXIOM_CPU_DISABLE took away" },
    { "dgst", cmd_dgst, dgst_help, "print or check digests, as sha256sum does" },
    { "rand", cmd_rand, rand_help_out, "random bytes (CTR_DRBG, or --os: the OS generator)" },
    { "enc", axiom_tool_enc, axiom_tool_enc_help, "encrypt a file or stream (chunked AES-GCM)" },
    { "dec", axiom_tool_dec, axiom_tool_dec_help, "decrypt and authenticate what enc wrote" },
    { "keygen", axiom_tool_keygen, axiom_tool_keygen_help, "a new random key file for enc/dec" },
    { "help", cmd_help, main_help, "this text, or the help of COMMAND" },
};
#define N_COMMANDS (sizeof commands / sizeof commands[0])

static void main_help(FILE *f)
{
    fprintf(f, "Usage: " PROG " [--help] [--version] COMMAND [ARGS]...\n"
               "       " PROG " help [COMMAND]\n"
               "The command-line tool of libaxiom: benchmarks, the kernels the library\n"
               "uses on this machine, digests of files, random bytes, file encryption.\n"
               "\nCommands:\n");
    for (size_t i = 0; i < N_COMMANDS; i++)
        fprintf(f, "  %-6s %s\n", commands[i].name, commands[i].summary);
    fprintf(f, "\nOptions:\n"
               "  -h, --help     display this help and exit\n"
               "  -V, --version  output version information and exit\n"
               "\n'" PROG " COMMAND --help' describes COMMAND.\n"
               "Environment: AXIOM_CPU_DISABLE=aesni,... (or all) takes CPU features\n"
               "away; AXIOM_CT_ONLY=1 refuses kernels that are not constant time.\n"
               "Exit status: 0 success, 1 failure (a failed write included), 2 usage error.\n");
}

static const struct command *find_command(const char *name)
{
    for (size_t i = 0; i < N_COMMANDS; i++)
        if (strcmp(name, commands[i].name) == 0)
            return &commands[i];
    return NULL;
}

static int cmd_help(int argc, char **argv)
{
    if (argc > 2) {
        fprintf(stderr, PROG " help: one COMMAND at most (got '%s' too)\n", argv[2]);
        return usage_error("");
    }
    if (argc < 2) {
        main_help(stdout);
        return EXIT_OK;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        main_help(stdout);
        return EXIT_OK;
    }
    const struct command *c = find_command(argv[1]);
    if (!c) {
        fprintf(stderr, PROG " help: unknown command '%s'\n", argv[1]);
        return usage_error("");
    }
    c->help(stdout);
    return EXIT_OK;
}

/* Everything written to standard output must have reached it: the GNU
 * tools' rule, so that `axiom-crypto list > /dev/full` fails. */
static int finish(int rc)
{
    int err = 0, bad = ferror(stdout) != 0; /* an earlier write failed: errno is gone */
    if (fflush(stdout) != 0)
        err = errno;
    if (fclose(stdout) != 0 && !err)
        err = errno;
    if (err || bad) {
        if (err)
            fprintf(stderr, PROG ": write error: %s\n", strerror(err));
        else
            fprintf(stderr, PROG ": write error\n");
        return EXIT_FAIL;
    }
    return rc;
}

int main(int argc, char **argv)
{
    static const struct option longopts[] = { { "help", no_argument, NULL, 'h' },
                                              { "version", no_argument, NULL, 'V' },
                                              { NULL, 0, NULL, 0 } };
    int c;
    argv[0] = (char *)PROG;
    /* '+': stop at the command, whose options are its own. */
    while ((c = getopt_long(argc, argv, "+hV", longopts, NULL)) != -1) {
        switch (c) {
        case 'h':
            main_help(stdout);
            return finish(EXIT_OK);
        case 'V':
            printf(PROG " (libaxiom) %s\nlibrary %s\n"
                        "License GPL-2.0-or-later (the library: LGPL-2.1-or-later).\n"
                        "This is free software: you are free to change and redistribute it.\n"
                        "There is NO WARRANTY, to the extent permitted by law.\n",
                   AXIOM_VERSION_STRING, axiom_version_string());
            return finish(EXIT_OK);
        default:
            return usage_error("");
        }
    }
    if (optind >= argc) {
        fprintf(stderr, PROG ": missing command\n");
        return usage_error("");
    }
    const struct command *cmd = find_command(argv[optind]);
    if (!cmd) {
        fprintf(stderr, PROG ": unknown command '%s'\n", argv[optind]);
        return usage_error("");
    }
    return finish(cmd->run(argc - optind, argv + optind));
}
