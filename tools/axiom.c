/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The `axiom` command-line tool: benchmarks (`speed`), the algorithms and
 * the kernels serving them (`list`), CPU dispatch state (`cpu`), file
 * digests in sha256sum's format (`dgst`) and random bytes (`rand`). */
#include "config.h"

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

/* Exit codes scripts can rely on. */
enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2 };
/* no_args(): --help was printed, the command is done. */
#define HELP_SHOWN (-1)

/* Every algorithm name of the public API (doc/mainpage.md), in the order
 * `axiom list` prints them.  Optional ones are still on their way: absent
 * from this build, they are left out; any other absence is an error. */
static const struct alg_info {
    const char *name;
    const char *kind;
    int optional;
} algs[] = {
#define AES(bits)                                                                              \
    { "aes-" #bits "-ecb", "cipher", 0 }, { "aes-" #bits "-cbc", "cipher", 0 },                \
    { "aes-" #bits "-ctr", "cipher", 0 }, { "aes-" #bits "-cfb", "cipher", 0 },                \
    { "aes-" #bits "-ofb", "cipher", 0 }
#define BLOCK(c, opt)                                                                          \
    { c "-ecb", "cipher", opt }, { c "-cbc", "cipher", opt }, { c "-ctr", "cipher", opt },      \
    { c "-cfb", "cipher", opt }, { c "-ofb", "cipher", opt }
    AES(128), AES(192), AES(256),
    { "aes-128-xts", "cipher", 0 },
    { "aes-256-xts", "cipher", 0 },
    BLOCK("kuznyechik", 0),
    BLOCK("sm4", 1),
    { "chacha20", "cipher", 0 },
    { "aes-128-gcm", "aead", 0 },
    { "aes-192-gcm", "aead", 0 },
    { "aes-256-gcm", "aead", 0 },
    { "sm4-gcm", "aead", 1 },
    { "chacha20-poly1305", "aead", 0 },
    { "xchacha20-poly1305", "aead", 0 },
    { "sha224", "hash", 0 },
    { "sha256", "hash", 0 },
    /* Not an algorithm: what axiom_impl() says axiom_hash_many() uses. */
    { "sha256-many", "hash-many", 0 },
#undef AES
#undef BLOCK
};

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

/* Commands that take no arguments: accept --help, refuse anything else.
 * Returns 0 to go on, HELP_SHOWN, or EXIT_USAGE. */
static int no_args(const char *cmd, const char *summary, int argc, char **argv)
{
    static const struct option longopts[] = { { "help", no_argument, NULL, 'h' },
                                              { NULL, 0, NULL, 0 } };
    char prog[32];
    int c;
    snprintf(prog, sizeof prog, "axiom %s", cmd);
    argv[0] = prog; /* getopt's messages name the command */
#ifdef __GLIBC__
    optind = 0;
#else
    optind = 1;
#endif
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        if (c == 'h') {
            printf("usage: axiom %s\n%s\n", cmd, summary);
            return HELP_SHOWN;
        }
        fprintf(stderr, "Try 'axiom %s --help'.\n", cmd);
        return EXIT_USAGE;
    }
    if (optind < argc) {
        fprintf(stderr, "axiom %s: unexpected argument '%s'\n", cmd, argv[optind]);
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

static const char list_summary[] =
    "Print every algorithm of this build, its kind, the kernel that serves it now\n"
    "(after AXIOM_CPU_DISABLE), whether that kernel is constant time, and the\n"
    "library's other kernels for it, best first (axiom_kernel_info()).\n"
    "The sha256-many row is the kernel of axiom_hash_many().";

static int cmd_list(int argc, char **argv)
{
    int rc = no_args("list", list_summary, argc, argv);
    if (rc)
        return rc == HELP_SHOWN ? EXIT_OK : rc;
    uint64_t have = axiom_cpu_features();
    int status = EXIT_OK;
    printf("%-19s %-9s %-25s %-13s %s\n", "ALGORITHM", "KIND", "KERNEL", "CONSTANT-TIME",
           "OTHER KERNELS");
    for (size_t i = 0; i < sizeof algs / sizeof algs[0]; i++) {
        const struct alg_info *a = &algs[i];
        const char *k = axiom_impl(a->name);
        if (!k) {
            if (!a->optional) {
                fprintf(stderr, "axiom list: the library does not know %s\n", a->name);
                status = EXIT_FAIL;
            }
            continue;
        }
        char others[400];
        size_t n = 0;
        int k_ct = -1;
        const char *o;
        uint64_t needs;
        int ct;
        others[0] = '\0';
        for (size_t j = 0; axiom_kernel_info(a->name, j, &o, &needs, &ct) == AXIOM_OK; j++) {
            if (strcmp(o, k) == 0) {
                k_ct = ct;
                continue;
            }
            if (n >= sizeof others)
                continue;
            char missing[128] = "";
            if (needs & ~have)
                feature_list(missing, sizeof missing, needs & ~have);
            n += (size_t)snprintf(others + n, sizeof others - n, "%s%s%s%s%s%s", n ? ", " : "", o,
                                  missing[0] ? " (not usable: needs " : "", missing,
                                  missing[0] ? ")" : "", ct ? "" : " (NOT constant time)");
        }
        printf("%-19s %-9s %-25s %-13s %s\n", a->name, a->kind, k,
               k_ct < 0 ? "unknown" : k_ct ? "yes" : "NO", n ? others : "-");
    }
    return status;
}

static const char cpu_summary[] =
    "Print the CPU features libaxiom uses now and those that AXIOM_CPU_DISABLE takes\n"
    "away.  A feature counts when the CPU has it, this build has kernels for it and\n"
    "the OS saves its registers.";

static int cmd_cpu(int argc, char **argv)
{
    int rc = no_args("cpu", cpu_summary, argc, argv);
    if (rc)
        return rc == HELP_SHOWN ? EXIT_OK : rc;
    uint64_t have = axiom_cpu_features();
    const char *env = getenv("AXIOM_CPU_DISABLE");
    uint64_t asked = 0;

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
        if (!bits)
            printf("note: AXIOM_CPU_DISABLE names '%.*s', which the library ignores\n", (int)n,
                   s);
        asked |= bits;
        s += n;
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

static int cmd_speed(int argc, char **argv)
{
    /* The same runner as axiom-bench; the installed tool links libaxiom
     * only, so it has no comparison libraries. */
    return bench_cli("axiom speed", argc, argv, NULL);
}

/* ---------------------------------------------------------------- dgst */

/* Files up to this size are read whole and hashed in batches through
 * axiom_hash_many(), which runs them side by side in the SIMD lanes;
 * larger files, pipes and standard input are streamed one at a time. */
#define DGST_WHOLE_MAX ((size_t)4 << 20)
#define DGST_BATCH_FILES 64
#define DGST_BATCH_BYTES ((size_t)64 << 20)
#define DGST_CHUNK ((size_t)256 << 10)

/* Hashes `dgst -c` recognises by the length of a digest. */
static const char *const dgst_hashes[] = { "sha224", "sha256" };

/* One file to hash.  @err is 0 or the errno of a failed open or read. */
typedef struct dgst_job {
    const char *path; /* "-": standard input */
    const char *hash;
    size_t dlen;
    uint8_t *data; /* whole-file contents while in a batch */
    size_t len;
    int err;
    uint8_t digest[AXIOM_HASH_MAX_SIZE];
} dgst_job;

/* Called once per job, in the order given, as soon as its digest is known. */
typedef void (*dgst_report)(void *ctx, const dgst_job *job);

/* Digest size of hash @name, 0 if the library does not know it.  The
 * public API has no size query, but axiom_hash() insists on the full
 * digest length, so the one length it accepts is the answer. */
static size_t hash_size(const char *name)
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

/* Read all of @fd; 0 or an errno. */
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
 * share a hash), then report each in order. */
static void flush_batch(dgst_job *jobs, size_t from, size_t to, dgst_report report, void *ctx)
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
            jobs[i].err = jobs[i].err ? jobs[i].err : EINVAL; /* cannot happen: checked names */
    for (size_t i = from; i < to; i++) {
        report(ctx, &jobs[i]);
        free(jobs[i].data);
        jobs[i].data = NULL;
    }
}

/* Hash every job and report each, in order. */
static void hash_jobs(dgst_job *jobs, size_t njobs, dgst_report report, void *ctx)
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
            flush_batch(jobs, from, i, report, ctx);
            job->err = stream_fd(fd, job);
            report(ctx, job);
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
            flush_batch(jobs, from, i + 1, report, ctx);
            from = i + 1;
            bytes = 0;
        }
    }
}

/* sha256sum's way with awkward names: a leading backslash on the line,
 * then \\, \n and \r escaped in the name. */
static int name_needs_escape(const char *name)
{
    return strpbrk(name, "\\\n\r") != NULL;
}

static void print_escaped(const char *name)
{
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

typedef struct dgst_state {
    int status;
    int quiet;  /* -c: no "OK" lines */
    int silent; /* -c --status: nothing on standard output */
    size_t failed, unreadable;
    const uint8_t (*expected)[AXIOM_HASH_MAX_SIZE]; /* -c: per job */
    const dgst_job *jobs;
} dgst_state;

static void report_sum(void *p, const dgst_job *job)
{
    dgst_state *s = p;
    if (job->err) {
        fprintf(stderr, "axiom dgst: %s: %s\n", job->path, strerror(job->err));
        s->status = EXIT_FAIL;
        return;
    }
    if (name_needs_escape(job->path))
        putchar('\\');
    for (size_t i = 0; i < job->dlen; i++)
        printf("%02x", job->digest[i]);
    fputs("  ", stdout);
    print_escaped(job->path);
    putchar('\n');
}

static void report_check(void *p, const dgst_job *job)
{
    dgst_state *s = p;
    const char *verdict = "OK";
    if (job->err) {
        fprintf(stderr, "axiom dgst: %s: %s\n", job->path, strerror(job->err));
        verdict = "FAILED open or read";
        s->unreadable++;
    } else if (memcmp(job->digest, s->expected[job - s->jobs], job->dlen) != 0) {
        verdict = "FAILED";
        s->failed++;
    }
    if (s->silent || (s->quiet && verdict[0] == 'O'))
        return;
    printf("%s: %s\n", job->path, verdict);
}

/* Undo print_escaped() in place; -1 on a bad escape. */
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

/* One line of a list: "HEX  NAME" or "HEX *NAME", optionally led by a
 * backslash when NAME is escaped.  Fills @job and @digest; -1 if the line
 * is not one (wrong length for @hash, or for every known hash when @hash
 * is NULL). */
static int parse_line(char *line, const char *hash, dgst_job *job, uint8_t *digest)
{
    int escaped = line[0] == '\\';
    char *h = line + escaped, *c = h;
    while (hexval((unsigned char)*c) >= 0)
        c++;
    size_t hexlen = (size_t)(c - h);
    if (c[0] != ' ' || (c[1] != ' ' && c[1] != '*') || !c[2] || hexlen % 2 ||
        hexlen / 2 > AXIOM_HASH_MAX_SIZE)
        return -1;
    job->hash = NULL;
    for (size_t i = 0; i < sizeof dgst_hashes / sizeof dgst_hashes[0] && !job->hash; i++) {
        const char *name = hash ? hash : dgst_hashes[i];
        if (hash_size(name) == hexlen / 2)
            job->hash = name;
    }
    if (!job->hash)
        return -1;
    job->dlen = hexlen / 2;
    for (size_t i = 0; i < job->dlen; i++)
        digest[i] = (uint8_t)(hexval((unsigned char)h[2 * i]) << 4 |
                              hexval((unsigned char)h[2 * i + 1]));
    job->path = c + 2;
    return escaped ? unescape(c + 2) : 0;
}

/* `dgst -c LIST`: hash the files LIST names and compare. */
static int dgst_check(const char *list, const char *hash, dgst_state *s)
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
        fprintf(stderr, "axiom dgst: %s: %s\n", shown, strerror(e));
        return EXIT_FAIL;
    }
    text[len] = '\0'; /* read_whole() always leaves room for one more byte */
    size_t nlines = 1;
    for (size_t i = 0; i < len; i++)
        nlines += text[i] == '\n';
    dgst_job *jobs = calloc(nlines, sizeof *jobs);
    uint8_t(*expected)[AXIOM_HASH_MAX_SIZE] = calloc(nlines, sizeof *expected);
    if (!jobs || !expected) {
        fprintf(stderr, "axiom dgst: %s\n", strerror(ENOMEM));
        free(text);
        free(jobs);
        free(expected);
        return EXIT_FAIL;
    }
    size_t njobs = 0, bad = 0;
    for (char *line = (char *)text, *next; line && line < (char *)text + len; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        size_t n = strlen(line);
        if (n && line[n - 1] == '\r')
            line[n - 1] = '\0';
        if (line[0] == '#') /* comments, as sha256sum allows */
            continue;
        if (parse_line(line, hash, &jobs[njobs], expected[njobs]) == 0)
            njobs++;
        else
            bad++;
    }
    s->jobs = jobs;
    s->expected = (const uint8_t(*)[AXIOM_HASH_MAX_SIZE])expected;
    if (njobs == 0) {
        fprintf(stderr, "axiom dgst: %s: no properly formatted checksum lines found\n", shown);
        s->status = EXIT_FAIL;
    } else {
        hash_jobs(jobs, njobs, report_check, s);
    }
    if (!s->silent) {
        if (bad)
            fprintf(stderr, "axiom dgst: WARNING: %zu line%s improperly formatted\n", bad,
                    bad == 1 ? " is" : "s are");
        if (s->unreadable)
            fprintf(stderr, "axiom dgst: WARNING: %zu listed file%s could not be read\n",
                    s->unreadable, s->unreadable == 1 ? "" : "s");
        if (s->failed)
            fprintf(stderr, "axiom dgst: WARNING: %zu computed checksum%s did NOT match\n",
                    s->failed, s->failed == 1 ? "" : "s");
    }
    if (s->failed || s->unreadable)
        s->status = EXIT_FAIL;
    free(text);
    free(jobs);
    free(expected);
    return s->status;
}

static const char dgst_usage[] =
    "usage: axiom dgst [-a HASH] [FILE...]\n"
    "       axiom dgst [-a HASH] -c [--quiet | --status] [LIST]\n"
    "Print the digest of each FILE (standard input when none, or for \"-\") as\n"
    "sha256sum does: `<hex>  <name>`.  With -c, read such lines from LIST (or\n"
    "standard input) and check the files they name: `<name>: OK` or `<name>: FAILED`.\n"
    "Files up to 4 MiB are hashed many at a time (axiom_hash_many).\n"
    "\n"
    "  -a, --algorithm=HASH  sha224 or sha256 (default sha256; with -c, the length\n"
    "                        of each listed digest picks it unless -a is given)\n"
    "  -c, --check           check the digests listed in LIST\n"
    "  -q, --quiet           with -c: print only the failures\n"
    "      --status          with -c: print nothing; the exit status tells\n"
    "  -h, --help            this text\n"
    "Exit status: 0 success, 1 a file unreadable or a digest mismatch, 2 usage error.\n";

static int cmd_dgst(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "algorithm", required_argument, NULL, 'a' }, { "check", no_argument, NULL, 'c' },
        { "quiet", no_argument, NULL, 'q' },           { "status", no_argument, NULL, 'S' },
        { "help", no_argument, NULL, 'h' },            { NULL, 0, NULL, 0 },
    };
    const char *hash = NULL;
    int check = 0, c;
    dgst_state s;
    memset(&s, 0, sizeof s);
    argv[0] = (char *)"axiom dgst";
#ifdef __GLIBC__
    optind = 0;
#else
    optind = 1;
#endif
    while ((c = getopt_long(argc, argv, "a:cqh", longopts, NULL)) != -1) {
        switch (c) {
        case 'a':
            hash = optarg;
            break;
        case 'c':
            check = 1;
            break;
        case 'q':
            s.quiet = 1;
            break;
        case 'S':
            s.silent = 1;
            break;
        case 'h':
            fputs(dgst_usage, stdout);
            return EXIT_OK;
        default:
            fprintf(stderr, "Try 'axiom dgst --help'.\n");
            return EXIT_USAGE;
        }
    }
    if (hash && hash_size(hash) == 0) {
        fprintf(stderr, "axiom dgst: '%s' is not a hash this libaxiom knows (sha224, sha256)\n",
                hash);
        return EXIT_USAGE;
    }
    if ((s.quiet || s.silent) && !check) {
        fprintf(stderr, "axiom dgst: --quiet and --status go with --check\n");
        return EXIT_USAGE;
    }
    if (check) {
        if (argc - optind > 1) {
            fprintf(stderr, "axiom dgst: -c takes one LIST (got '%s' too)\n", argv[optind + 1]);
            return EXIT_USAGE;
        }
        return dgst_check(optind < argc ? argv[optind] : "-", hash, &s);
    }
    if (!hash)
        hash = "sha256";
    static const char *const stdin_only[] = { "-" };
    const char *const *paths = optind < argc ? (const char *const *)argv + optind : stdin_only;
    size_t n = optind < argc ? (size_t)(argc - optind) : 1;
    dgst_job *jobs = calloc(n, sizeof *jobs);
    if (!jobs) {
        fprintf(stderr, "axiom dgst: %s\n", strerror(ENOMEM));
        return EXIT_FAIL;
    }
    for (size_t i = 0; i < n; i++) {
        jobs[i].path = paths[i];
        jobs[i].hash = hash;
        jobs[i].dlen = hash_size(hash);
    }
    hash_jobs(jobs, n, report_sum, &s);
    free(jobs);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("axiom dgst: write");
        return EXIT_FAIL;
    }
    return s.status;
}

static const char rand_summary[] =
    "Write N random bytes to standard output from axiom_random_fill() (a per-thread\n"
    "NIST SP 800-90A CTR_DRBG seeded from the OS), raw or, with --hex, as lower-case\n"
    "hex followed by a newline.  --os reads the OS generator directly instead.";

static int cmd_rand(int argc, char **argv)
{
    static const struct option longopts[] = { { "help", no_argument, NULL, 'h' },
                                              { "hex", no_argument, NULL, 'x' },
                                              { "os", no_argument, NULL, 'o' },
                                              { NULL, 0, NULL, 0 } };
    int c, hex = 0, os = 0;
    argv[0] = (char *)"axiom rand";
#ifdef __GLIBC__
    optind = 0;
#else
    optind = 1;
#endif
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case 'h':
            printf("usage: axiom rand [--hex] [--os] N\n%s\n", rand_summary);
            return EXIT_OK;
        case 'x':
            hex = 1;
            break;
        case 'o':
            os = 1;
            break;
        default:
            fprintf(stderr, "Try 'axiom rand --help'.\n");
            return EXIT_USAGE;
        }
    }
    if (optind != argc - 1) {
        fprintf(stderr, "axiom rand: expected one argument N (the number of bytes)\n");
        return EXIT_USAGE;
    }
    const char *arg = argv[optind];
    char *end;
    errno = 0;
    unsigned long long n = strtoull(arg, &end, 10);
    if (arg[0] < '0' || arg[0] > '9' || *end || errno == ERANGE) {
        fprintf(stderr, "axiom rand: '%s' is not a byte count\n", arg);
        return EXIT_USAGE;
    }
    static uint8_t buf[1 << 16];
    static char txt[2 * sizeof buf];
    static const char digits[] = "0123456789abcdef";
    while (n) {
        size_t len = n < sizeof buf ? (size_t)n : sizeof buf;
        int rc = os ? axiom_random_bytes(buf, len) : axiom_random_fill(buf, len);
        if (rc != AXIOM_OK) {
            fprintf(stderr, "axiom rand: %s\n", axiom_strerror(rc));
            return EXIT_FAIL;
        }
        size_t w;
        if (hex) {
            for (size_t i = 0; i < len; i++) {
                txt[2 * i] = digits[buf[i] >> 4];
                txt[2 * i + 1] = digits[buf[i] & 15];
            }
            w = fwrite(txt, 1, 2 * len, stdout) / 2;
        } else {
            w = fwrite(buf, 1, len, stdout);
        }
        if (w != len)
            break;
        n -= len;
    }
    axiom_wipe(buf, sizeof buf);
    axiom_wipe(txt, sizeof txt);
    if (hex && n == 0)
        putchar('\n');
    if (fflush(stdout) != 0 || ferror(stdout) || n) {
        perror("axiom rand: write");
        return EXIT_FAIL;
    }
    return EXIT_OK;
}

static const struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *args;
    const char *summary;
} commands[] = {
    { "speed", cmd_speed, "[OPTIONS] [FILTER]", "benchmark every algorithm (see axiom speed --help)" },
    { "list", cmd_list, "", "algorithms, the kernel serving each, whether constant time" },
    { "cpu", cmd_cpu, "", "CPU features in use and those AXIOM_CPU_DISABLE took away" },
    { "dgst", cmd_dgst, "[-a HASH] [-c] [FILE...]", "SHA-224/SHA-256 digests, as sha256sum (-c: check)" },
    { "rand", cmd_rand, "[--hex] [--os] N", "N random bytes (CTR_DRBG; --os: the OS generator)" },
};

static void usage(FILE *f)
{
    fprintf(f, "usage: axiom [--help] [--version] COMMAND [ARGS]\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(f, "  %-6s %-25s %s\n", commands[i].name, commands[i].args,
                commands[i].summary);
    fprintf(f, "\nEnvironment: AXIOM_CPU_DISABLE=aesni,... (or all) restricts the kernels used.\n"
               "Exit status: 0 success, 1 failure, 2 usage error.\n");
}

int main(int argc, char **argv)
{
    static const struct option longopts[] = { { "help", no_argument, NULL, 'h' },
                                              { "version", no_argument, NULL, 'V' },
                                              { NULL, 0, NULL, 0 } };
    int c;
    argv[0] = (char *)"axiom";
    /* '+': stop at the command, whose options are its own. */
    while ((c = getopt_long(argc, argv, "+hV", longopts, NULL)) != -1) {
        switch (c) {
        case 'h':
            usage(stdout);
            return EXIT_OK;
        case 'V':
            printf("axiom (libaxiom) %s\nlibrary %s\n", AXIOM_VERSION_STRING,
                   axiom_version_string());
            return EXIT_OK;
        default:
            fprintf(stderr, "Try 'axiom --help'.\n");
            return EXIT_USAGE;
        }
    }
    if (optind >= argc) {
        fprintf(stderr, "axiom: no command given\n");
        usage(stderr);
        return EXIT_USAGE;
    }
    const char *cmd = argv[optind];
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        if (strcmp(cmd, commands[i].name) != 0)
            continue;
        return commands[i].run(argc - optind, argv + optind);
    }
    fprintf(stderr, "axiom: unknown command '%s'\n", cmd);
    usage(stderr);
    return EXIT_USAGE;
}
