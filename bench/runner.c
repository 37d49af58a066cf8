/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The benchmark runner: options, machine set-up, the measurement loop with
 * libaxiom and its peers interleaved, statistics, and the outputs: the
 * summary table (Go benchmark format, one line per case and library),
 * one Go benchmark line per repetition for benchstat, JSON and CSV.  With
 * --pair, each case is instead libaxiom against one baseline (a peer, or
 * another libaxiom algorithm) in interleaved rounds, and the output is
 * the per-round ratio's median, quartiles and range.  With --threads N,
 * each case is libaxiom on one thread against the same on N threads at
 * once (bench/scaling.c), and the output is the speedup. */
#include "config.h"

#include <alloca.h>
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <regex.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include <axiom.h>

#include "bench.h"
#include "scaling.h"

#define MAX_SIZES 32
#define MAX_IMPLS 8
#define MAX_REPS 100
#define MAX_SAVES 4
#define MIB ((size_t)1 << 20)
/* Cold-cache mode pays a sweep and flushes for every single operation, so
 * it caps the operations per repetition to keep `make audit` short. */
#define COLD_MAX_ITERS 128
/* An operation slower than this is timed once, by its calibration run:
 * repeating a minute-long operation (a portable kernel on 16 MiB in a
 * serial mode) would make the suite take hours and teach nothing more. */
#define SLOW_OP_SEC 1.0
/* parse_options(): --help was printed. */
#define HELP_SHOWN (-1)
/* --pair: rounds per case (default, most), and the time of one batch. */
#define PAIR_ROUNDS 15
#define MAX_ROUNDS 1000
#define PAIR_BATCH_SEC 0.02

static const size_t default_sizes[] = { 16, 64, 256, 1024, 8192, 16384, 16 * MIB };

enum { FMT_TEXT, FMT_JSON, FMT_CSV, FMT_BENCH };

typedef struct options {
    const char *filter;
    regex_t re;
    int use_re;
    double min_sec;
    size_t sizes[MAX_SIZES];
    size_t nsizes;
    int reps; /* 0: 5, or 3 for messages of 1 MiB and more */
    int count; /* --count: repetitions, each printed (FMT_BENCH) */
    int fmt;
    int fmt_set; /* -o given */
    const char *saves[MAX_SAVES];
    int nsaves;
    int cold;
    int rt;
    int list_only;
    const char *peers; /* NULL: all built in */
    /* --pair: the baseline's library (a peer, or libaxiom itself) and,
     * for "axiom:ALG", its algorithm (NULL: each case's own). */
    const char *pair;
    const bench_impl *pair_peer;
    const bench_alg *pair_alg;
    int rounds;
    double batch_sec;
    int threads; /* --threads: 0, or the thread count of the scaling rows */
    int wall;    /* --clock=wall */
    int cputime; /* time batches by the thread's CPU time (--pair, unless --clock=wall) */
} options;

/* Everything measured about one (case, library). */
typedef struct result {
    const bench_impl *im;
    const bench_alg *alg;
    int encrypt;
    size_t size;
    char name[160]; /* after "Benchmark" */
    uint64_t iters; /* operations in the kept repetitions */
    int reps, kept;
    double ns_op, mb_s, cpb, spread;
    double ratio; /* libaxiom MB/s / this library's MB/s; 0 for libaxiom */
    const double *rep_ns, *rep_cyc; /* each repetition, for FMT_BENCH */
    uint64_t rep_iters;             /* operations in each */
} result;

/* Machine and run description printed once in every output. */
typedef struct meta {
    char cpu[128];
    char date[32];
    char os[160];
    double tsc_ghz;
    char sched[200];
    char mem[200];
    char disable[200];
    char features[300];
    char kernels[1200];
    char missing[300]; /* optional rows this build of libaxiom lacks */
    char timing[512];
    char peers[400];
    char pair[80]; /* --pair: the baseline's label */
} meta;

typedef struct sink {
    FILE *f;
    int fmt;
    int nres;
    const char *path; /* NULL: stdout or stderr */
} sink;

typedef struct runner {
    options o;
    meta m;
    sink sinks[MAX_SAVES + 2];
    int nsinks;
    const bench_impl *impls[MAX_IMPLS]; /* [0] is libaxiom */
    int nimpls;
    uint8_t *in, *out, *ref;
    uint8_t *sealed;      /* AEAD open cases: libaxiom's ciphertext || tag of @in */
    uint8_t *sealed_base; /* --pair axiom:ALG: the same, sealed by ALG */
    size_t bufsize;       /* each buffer has BENCH_SLACK bytes more */
    uint8_t key[64], iv[32];
    uint8_t *sweep; /* cold mode: evicts what cannot be flushed by address */
    size_t sweepsize;
    double over_ns, over_cyc; /* cold mode: cost of an empty timed region */
    int fifo;                 /* running SCHED_FIFO: pace() applies */
    uint64_t rested_ns;       /* when pace() last slept */
    int failures;
    unsigned ncases;
    /* --pair: each round's time per operation of libaxiom [0] and of the
     * baseline [1]; cases compared; algorithms the baseline lacks. */
    double pair_ns[2][MAX_ROUNDS], pair_cyc[2][MAX_ROUNDS];
    unsigned npaired;
    char pair_skipped[400];
    const bench_alg *pair_last_skip;
} runner;

static int available(const bench_alg *a);
static void pair_label(const runner *r, const bench_alg *base, char *out, size_t outlen);

/* ------------------------------------------------------------ options */

static void usage(FILE *f, const char *prog, const bench_impl *const *peers)
{
    fprintf(f,
            "Usage: %s [OPTION]... [FILTER]\n"
            "Benchmark every libaxiom algorithm at several message sizes: ciphers (encrypt,\n"
            "decrypt), AEADs (seal, open), hashes, HMAC, %d-message hashing and random\n"
            "generation.  The summary table has one line per case and library in Go's\n"
            "benchmark format; --count N prints every repetition instead, named\n"
            "Benchmark<KIND>/alg=<name>/op=<op>/size=<bytes>/lib=<library>, for\n"
            "benchstat (`benchstat -col /lib`, or `benchstat old.txt new.txt`).\n"
            "\n"
            "  -f, --filter=RE      only cases whose name matches RE (extended regex or\n"
            "                       substring, case-insensitive) in any of its\n"
            "                       spellings, e.g. 'aes-128-ctr', 'CTR/encrypt',\n"
            "                       'xts.*/16384', 'gcm/seal', 'op=open/size=16$'\n"
            "                       [AXIOM_BENCH_FILTER]\n"
            "  -t, --min-sec=S      measured seconds per case and library (default 0.2)\n"
            "                       [AXIOM_BENCH_MIN_SEC]\n"
            "  -s, --sizes=LIST     message sizes, e.g. 16,1k,16M (default\n"
            "                       16,64,256,1024,8192,16384,16M)   [AXIOM_BENCH_SIZES]\n"
            "  -r, --reps=N         repetitions per case (default 5; 3 from 1 MiB)\n"
            "                       [AXIOM_BENCH_REPS]\n"
            "  -n, --count=N        N repetitions per case, each printed as a Go\n"
            "                       benchmark line on standard output (the summary\n"
            "                       goes to standard error)   [AXIOM_BENCH_COUNT]\n"
            "  -p, --peers=LIST     comparison libraries: all, none, or names\n"
            "                       [AXIOM_BENCH_PEERS]\n"
            "  -o, --format=FMT     text (the summary; default), bench (each\n"
            "                       repetition; default with --count), json or csv\n"
            "                       on standard output\n"
            "  -w, --save=FILE      also write FILE (.json, .csv, .bench, else text);\n"
            "                       repeatable\n"
            "      --cold           cold caches: flush buffers and state before every\n"
            "                       operation   [AXIOM_BENCH_COLD=1]\n"
            "      --rt             pin to one CPU and ask for SCHED_FIFO (make bench\n"
            "                       does; needs privileges)   [AXIOM_BENCH_RT=1]\n"
            "      --no-rt          neither (the default)\n"
            "      --pair=PEER      each case of libaxiom against PEER alone: outputs\n"
            "                       compared, then interleaved rounds of one batch per\n"
            "                       side, the order alternating; prints the median,\n"
            "                       quartiles and range of the per-round ratio PEER\n"
            "                       time / libaxiom time.  PEER: a comparison library,\n"
            "                       axiom:ALG (libaxiom's ALG as the baseline), or axiom\n"
            "                       (each case against itself: the noise floor).\n"
            "                       --peers, --reps, --min-sec do not apply\n"
            "      --rounds=N       --pair: rounds per case (default %d)\n"
            "                       [AXIOM_BENCH_ROUNDS]\n"
            "      --batch=S        --pair: seconds of one batch (default %g)\n"
            "                       [AXIOM_BENCH_BATCH]\n"
            "      --clock=CLOCK    --pair: cpu (the thread's CPU time, the default: time\n"
            "                       spent descheduled does not count) or wall\n"
            "                       [AXIOM_BENCH_CLOCK]\n"
            "      --threads=N      each case of libaxiom on one thread and on N threads\n"
            "                       at once (each its own state, buffers and CPU), in\n"
            "                       interleaved rounds (--rounds, --batch) by the wall\n"
            "                       clock; prints the median, quartiles and range of\n"
            "                       the speedup (N: nothing shared)   [AXIOM_BENCH_THREADS]\n"
            "  -l, --list           print the selected case names and exit\n"
            "  -h, --help           display this help and exit\n"
            "\n"
            "AXIOM_CPU_DISABLE=aesni,... (or all) benchmarks a lower tier of libaxiom.\n"
            "AXIOM_BENCH_PEER_NOAVX512=1 asks the comparison libraries to avoid AVX-512\n"
            "(OpenSSL, BoringSSL, AWS-LC: OPENSSL_ia32cap, unless already set;\n"
            "libgcrypt: its hwf switch; libaegis has none),\n"
            "to compare with AXIOM_CPU_DISABLE=avx512.\n"
            "AXIOM_BENCH_PEER_NOVAES=1 also keeps them off VAES, VPCLMULQDQ and GFNI,\n"
            "to compare with AXIOM_CPU_DISABLE=avx512,vaes,vpclmul,gfni.\n"
            "Comparison libraries in this program:",
            prog, BENCH_MANY, PAIR_ROUNDS, PAIR_BATCH_SEC);
    if (!peers || !*peers)
        fprintf(f, " none");
    for (; peers && *peers; peers++)
        fprintf(f, " %s", (*peers)->name);
    fprintf(f, "\nExit status: 0 success, 1 failure, 2 usage error (a FILTER that selects\n"
               "no case included).\n");
}

/* "16,1k,16M" -> sizes; 0 on success. */
static int parse_sizes(const char *s, options *o)
{
    o->nsizes = 0;
    while (*s) {
        while (*s == ',' || *s == ' ')
            s++;
        if (!*s)
            break;
        char *end;
        errno = 0;
        unsigned long long v = strtoull(s, &end, 10);
        if (end == s || errno)
            return -1;
        if (*end == 'k' || *end == 'K')
            v <<= 10, end++;
        else if (*end == 'm' || *end == 'M')
            v <<= 20, end++;
        if ((*end && *end != ',' && *end != ' ') || v == 0 || v > 256 * (unsigned long long)MIB ||
            o->nsizes == MAX_SIZES)
            return -1;
        o->sizes[o->nsizes++] = (size_t)v;
        s = end;
    }
    return o->nsizes ? 0 : -1;
}

static int parse_min_sec(const char *s, double *v)
{
    char *end;
    errno = 0;
    *v = strtod(s, &end);
    return (end == s || *end || errno || !(*v > 0) || *v > 3600) ? -1 : 0;
}

static int parse_reps(const char *s, int *v, int max)
{
    char *end;
    errno = 0;
    long n = strtol(s, &end, 10);
    if (end == s || *end || errno || n < 1 || n > max)
        return -1;
    *v = (int)n;
    return 0;
}

/* A number of seconds (@sec) or of runs (@count, 1 to @max) from @v, the
 * value of environment variable or option @name.  Returns 0, or 2 for a
 * usage error (message printed). */
static int set_number(const char *prog, const char *name, const char *v, double *sec, int *count,
                      int max)
{
    if (sec ? parse_min_sec(v, sec) == 0 : parse_reps(v, count, max) == 0)
        return 0;
    const char *sep = name[0] == '-' ? " " : "=";
    if (sec)
        fprintf(stderr, "%s: %s%s'%s': want seconds, > 0\n", prog, name, sep, v);
    else
        fprintf(stderr, "%s: %s%s'%s': want 1 to %d\n", prog, name, sep, v, max);
    return 2;
}

static int parse_clock(const char *s, int *wall)
{
    if (strcasecmp(s, "cpu") == 0)
        *wall = 0;
    else if (strcasecmp(s, "wall") == 0)
        *wall = 1;
    else
        return -1;
    return 0;
}

static int parse_format(const char *s, int *fmt)
{
    if (strcasecmp(s, "text") == 0)
        *fmt = FMT_TEXT;
    else if (strcasecmp(s, "json") == 0)
        *fmt = FMT_JSON;
    else if (strcasecmp(s, "csv") == 0)
        *fmt = FMT_CSV;
    else if (strcasecmp(s, "bench") == 0)
        *fmt = FMT_BENCH;
    else
        return -1;
    return 0;
}

/* Whether @name is in the comma-separated @list ("all"/"none" handled). */
static int in_list(const char *list, const char *name)
{
    if (!list || strcasecmp(list, "all") == 0)
        return 1;
    size_t n = strlen(name);
    for (const char *s = list; *s;) {
        while (*s == ',' || *s == ' ')
            s++;
        size_t k = strcspn(s, ", ");
        if (k == n && strncasecmp(s, name, n) == 0)
            return 1;
        s += k;
    }
    return 0;
}

static int env_on(const char *name)
{
    const char *v = getenv(name);
    return v && *v && strcmp(v, "0") != 0;
}

int bench_peer_novaes(void)
{
    return env_on("AXIOM_BENCH_PEER_NOVAES");
}

int bench_peer_noavx512(void)
{
    return env_on("AXIOM_BENCH_PEER_NOAVX512") || bench_peer_novaes();
}

/* Every name in @list must be a built-in peer (or all/none). */
static int check_peers(const char *list, const bench_impl *const *peers, const char *prog)
{
    if (strcasecmp(list, "all") == 0 || strcasecmp(list, "none") == 0)
        return 0;
    for (const char *s = list; *s;) {
        while (*s == ',' || *s == ' ')
            s++;
        size_t k = strcspn(s, ", ");
        if (k == 0)
            break;
        int found = 0;
        for (const bench_impl *const *p = peers; p && *p; p++)
            if (strlen((*p)->name) == k && strncasecmp(s, (*p)->name, k) == 0)
                found = 1;
        if (!found) {
            fprintf(stderr, "%s: peer '%.*s' is not built into this program (see --help)\n", prog,
                    (int)k, s);
            return -1;
        }
        s += k;
    }
    return 0;
}

/* --pair PEER: a built-in peer, "axiom" or "axiom:ALG" (a row of the case
 * table).  Returns 0, or -1 for a usage error (message printed). */
static int set_pair(options *o, const bench_impl *const *peers, const char *prog)
{
    if (o->count) {
        fprintf(stderr, "%s: --pair takes --rounds, not --count\n", prog);
        return -1;
    }
    if (strcasecmp(o->pair, "axiom") == 0) {
        o->pair_peer = &bench_axiom;
        return 0;
    }
    if (strncasecmp(o->pair, "axiom:", 6) == 0) {
        for (size_t i = 0; i < bench_nalgs; i++)
            if (strcasecmp(o->pair + 6, bench_algs[i].name) == 0 && available(&bench_algs[i])) {
                o->pair_peer = &bench_axiom;
                o->pair_alg = &bench_algs[i];
                return 0;
            }
        fprintf(stderr,
                "%s: --pair '%s': no such algorithm in the case table (--list shows "
                "the cases)\n",
                prog, o->pair);
        return -1;
    }
    for (const bench_impl *const *p = peers; p && *p; p++)
        if (strcasecmp(o->pair, (*p)->name) == 0) {
            o->pair_peer = *p;
            return 0;
        }
    fprintf(stderr,
            "%s: --pair '%s': not a peer built into this program, nor axiom:ALG (see "
            "--help)\n",
            prog, o->pair);
    return -1;
}

static int env_flag(const char *name, int dflt)
{
    const char *v = getenv(name);
    if (!v || !*v)
        return dflt;
    return !(strcmp(v, "0") == 0 || strcasecmp(v, "no") == 0 || strcasecmp(v, "off") == 0);
}

/* Environment first, then the command line on top.  Returns 0, or 2 for a
 * usage error (message printed). */
static int parse_options(options *o, const char *prog, int argc, char **argv,
                         const bench_impl *const *peers)
{
    const char *v;
    memset(o, 0, sizeof *o);
    o->min_sec = 0.2;
    o->fmt = FMT_TEXT;
    o->cold = env_flag("AXIOM_BENCH_COLD", 0);
    o->rt = env_flag("AXIOM_BENCH_RT", 0);
    if ((v = getenv("AXIOM_BENCH_FILTER")) && *v)
        o->filter = v;
    o->rounds = PAIR_ROUNDS;
    o->batch_sec = PAIR_BATCH_SEC;
    const struct {
        const char *env;
        double *sec;
        int *count;
        int max;
    } numbers[] = {
        { "AXIOM_BENCH_MIN_SEC", &o->min_sec, NULL, 0 },
        { "AXIOM_BENCH_REPS", NULL, &o->reps, MAX_REPS },
        { "AXIOM_BENCH_COUNT", NULL, &o->count, MAX_REPS },
        { "AXIOM_BENCH_ROUNDS", NULL, &o->rounds, MAX_ROUNDS },
        { "AXIOM_BENCH_BATCH", &o->batch_sec, NULL, 0 },
        { "AXIOM_BENCH_THREADS", NULL, &o->threads, SCALING_MAX_THREADS },
    };
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++)
        if ((v = getenv(numbers[i].env)) && *v &&
            set_number(prog, numbers[i].env, v, numbers[i].sec, numbers[i].count,
                       numbers[i].max))
            return 2;
    const char *sizes = getenv("AXIOM_BENCH_SIZES");
    if ((v = getenv("AXIOM_BENCH_PEERS")) && *v)
        o->peers = v;
    if ((v = getenv("AXIOM_BENCH_CLOCK")) && *v && parse_clock(v, &o->wall)) {
        fprintf(stderr, "%s: AXIOM_BENCH_CLOCK='%s': want cpu or wall\n", prog, v);
        return 2;
    }

    static const struct option longopts[] = {
        { "filter", required_argument, NULL, 'f' }, { "min-sec", required_argument, NULL, 't' },
        { "sizes", required_argument, NULL, 's' },  { "reps", required_argument, NULL, 'r' },
        { "peers", required_argument, NULL, 'p' },  { "format", required_argument, NULL, 'o' },
        { "save", required_argument, NULL, 'w' },   { "cold", no_argument, NULL, 'C' },
        { "no-rt", no_argument, NULL, 'R' },        { "list", no_argument, NULL, 'l' },
        { "help", no_argument, NULL, 'h' },         { "rt", no_argument, NULL, 'T' },
        { "count", required_argument, NULL, 'n' },  { "pair", required_argument, NULL, 'P' },
        { "rounds", required_argument, NULL, 'N' }, { "batch", required_argument, NULL, 'B' },
        { "clock", required_argument, NULL, 'K' },  { "threads", required_argument, NULL, 'H' },
        { NULL, 0, NULL, 0 },
    };
    argv[0] = (char *)prog; /* getopt's own messages name the right program */
#ifdef __GLIBC__
    optind = 0; /* full re-initialisation: axiom-crypto parsed its own options first */
#else
    optind = 1;
#endif
    int c;
    while ((c = getopt_long(argc, argv, "f:t:s:r:n:p:o:w:lh", longopts, NULL)) != -1) {
        switch (c) {
        case 'f':
            o->filter = optarg;
            break;
        case 't':
            if (set_number(prog, "--min-sec", optarg, &o->min_sec, NULL, 0))
                return 2;
            break;
        case 's':
            sizes = optarg;
            break;
        case 'r':
            if (set_number(prog, "--reps", optarg, NULL, &o->reps, MAX_REPS))
                return 2;
            break;
        case 'n':
            if (set_number(prog, "--count", optarg, NULL, &o->count, MAX_REPS))
                return 2;
            break;
        case 'P':
            o->pair = optarg;
            break;
        case 'N':
            if (set_number(prog, "--rounds", optarg, NULL, &o->rounds, MAX_ROUNDS))
                return 2;
            break;
        case 'B':
            if (set_number(prog, "--batch", optarg, &o->batch_sec, NULL, 0))
                return 2;
            break;
        case 'H':
            if (set_number(prog, "--threads", optarg, NULL, &o->threads, SCALING_MAX_THREADS))
                return 2;
            break;
        case 'K':
            if (parse_clock(optarg, &o->wall)) {
                fprintf(stderr, "%s: --clock '%s': want cpu or wall\n", prog, optarg);
                return 2;
            }
            break;
        case 'p':
            o->peers = optarg;
            break;
        case 'o':
            if (parse_format(optarg, &o->fmt)) {
                fprintf(stderr, "%s: --format '%s': want text, bench, json or csv\n", prog,
                        optarg);
                return 2;
            }
            o->fmt_set = 1;
            break;
        case 'w':
            if (o->nsaves == MAX_SAVES) {
                fprintf(stderr, "%s: at most %d --save files\n", prog, MAX_SAVES);
                return 2;
            }
            o->saves[o->nsaves++] = optarg;
            break;
        case 'C':
            o->cold = 1;
            break;
        case 'R':
            o->rt = 0;
            break;
        case 'T':
            o->rt = 1;
            break;
        case 'l':
            o->list_only = 1;
            break;
        case 'h':
            usage(stdout, prog, peers);
            return HELP_SHOWN;
        default:
            fprintf(stderr, "Try '%s --help'.\n", prog);
            return 2;
        }
    }
    if (optind < argc)
        o->filter = argv[optind++];
    if (optind < argc) {
        fprintf(stderr, "%s: one FILTER at most (got '%s' too); try --help\n", prog, argv[optind]);
        return 2;
    }
    if (sizes) {
        if (parse_sizes(sizes, o)) {
            fprintf(stderr, "%s: sizes '%s': want a list such as 16,1k,16M (1 byte to 256M)\n",
                    prog, sizes);
            return 2;
        }
    } else {
        /* Cold caches make no difference to a 16 MiB message, which does
         * not fit in them anyway, so audit runs skip it by default. */
        for (size_t i = 0; i < sizeof default_sizes / sizeof default_sizes[0]; i++)
            if (!o->cold || default_sizes[i] < MIB)
                o->sizes[o->nsizes++] = default_sizes[i];
    }
    if (o->threads && (o->pair || o->count || o->cold || o->rt)) {
        fprintf(stderr, "%s: --threads takes none of --pair, --count, --cold, --rt\n", prog);
        return 2;
    }
    if (o->threads == 1) {
        fprintf(stderr, "%s: --threads wants 2 or more (one thread is the baseline)\n", prog);
        return 2;
    }
    if (o->pair && set_pair(o, peers, prog))
        return 2;
    o->cputime = o->pair && !o->wall;
    if (o->peers && !o->pair && check_peers(o->peers, peers, prog))
        return 2;
    if (o->count) {
        o->reps = o->count;
        if (!o->fmt_set)
            o->fmt = FMT_BENCH;
    }
    if (o->filter) {
        /* A filter that is not a valid regex is still a fine substring. */
        o->use_re = regcomp(&o->re, o->filter, REG_EXTENDED | REG_ICASE | REG_NOSUB) == 0;
    }
    return 0;
}

static int reps_for(const options *o, size_t size)
{
    if (o->reps)
        return o->reps;
    return size >= MIB ? 3 : 5;
}

/* ------------------------------------------------------------ naming */

static void case_name(char *out, size_t outlen, const bench_impl *im, const bench_alg *a,
                      int encrypt, size_t size)
{
    char label[64];
    bench_alg_label(a, label, sizeof label);
    snprintf(out, outlen, "%s%s/%s/%zu", im->prefix, label, bench_dir_name(a, encrypt), size);
}

/* The benchstat spelling: "Cipher/alg=aes-128-ctr/op=encrypt/size=16384/lib=axiom"
 * (without the lib part when @im is NULL). */
static void case_name_kv(char *out, size_t outlen, const bench_impl *im, const bench_alg *a,
                         int encrypt, size_t size)
{
    static const char *const kinds[] = {
        [BENCH_CIPHER] = "Cipher", [BENCH_AEAD] = "AEAD",        [BENCH_HASH] = "Hash",
        [BENCH_HMAC] = "HMAC",     [BENCH_HASH_MANY] = "HashMany", [BENCH_RAND] = "Random",
        [BENCH_RAND_OS] = "Random", [BENCH_MAC] = "MAC",
    };
    int n = snprintf(out, outlen, "%s/alg=%s/op=%s/size=%zu", kinds[a->kind], a->name,
                     bench_dir_name(a, encrypt), size);
    if (im && n >= 0 && (size_t)n < outlen)
        snprintf(out + n, outlen - (size_t)n, "/lib=%s", im->name);
}

static int match_one(const options *o, const char *s)
{
    return o->use_re ? regexec(&o->re, s, 0, NULL, 0) == 0 : strcasestr(s, o->filter) != NULL;
}

/* The filter sees three spellings: "AES128CTR/encrypt/16384",
 * "aes-128-ctr/encrypt/16384" and "Cipher/alg=aes-128-ctr/op=encrypt/size=16384". */
static int selected(const options *o, const bench_alg *a, int encrypt, size_t size)
{
    if (!o->filter)
        return 1;
    char go[160], lib[160], kv[200];
    case_name(go, sizeof go, &bench_axiom, a, encrypt, size);
    snprintf(lib, sizeof lib, "%s/%s/%zu", a->name, bench_dir_name(a, encrypt), size);
    case_name_kv(kv, sizeof kv, NULL, a, encrypt, size);
    return match_one(o, go) || match_one(o, lib) || match_one(o, kv);
}

/* ------------------------------------------------------------ machine */

/* "model name (family F, model M, stepping S)" from the first processor
 * in /proc/cpuinfo: the name alone does not identify the core (a VM may
 * show "AMD EPYC" for several generations). */
static void read_cpu_model(char *out, size_t outlen)
{
    snprintf(out, outlen, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return;
    char line[512], name[256] = "unknown", family[32] = "", model[32] = "", stepping[32] = "";
    static const char *const keys[] = { "model name", "cpu family", "model", "stepping" };
    char *dst[] = { name, family, model, stepping };
    size_t dstlen[] = { sizeof name, sizeof family, sizeof model, sizeof stepping };
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '\n')
            break; /* end of the first processor */
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
            size_t len = strlen(keys[k]);
            if (strncmp(line, keys[k], len) != 0)
                continue;
            char *p = line + len;
            while (*p == ' ' || *p == '\t')
                p++;
            if (*p != ':')
                continue; /* "model" must not match "model name" */
            p++;
            while (*p == ' ' || *p == '\t')
                p++;
            p[strcspn(p, "\n")] = '\0';
            snprintf(dst[k], dstlen[k], "%s", p);
        }
    }
    fclose(f);
    if (family[0])
        snprintf(out, outlen, "%s (family %s, model %s%s%s)", name, family, model,
                 stepping[0] ? ", stepping " : "", stepping);
    else
        snprintf(out, outlen, "%s", name);
}

/* Busy work that wakes the core from idle states and measures the TSC
 * rate against the monotonic clock. */
static double spin_and_tsc_ghz(double seconds)
{
    uint64_t t0 = bench_now_ns(), c0 = bench_tsc_begin(), t1;
    volatile uint64_t x = 0;
    do {
        for (int i = 0; i < 1000; i++)
            x = x + (uint64_t)i;
        t1 = bench_now_ns();
    } while ((double)(t1 - t0) < seconds * 1e9);
    uint64_t c1 = bench_tsc_end();
    return bench_have_tsc() ? (double)(c1 - c0) / (double)(t1 - t0) : 0;
}

/* With --rt: pin to the current CPU and ask for SCHED_FIFO; record what
 * we got.  Without, leave the scheduler alone, as openssl speed does. */
static void set_up_scheduling(runner *r)
{
    char pin[80] = "not pinned";
    if (!r->o.rt) {
        snprintf(r->m.sched, sizeof r->m.sched,
                 "SCHED_OTHER, not pinned (--rt pins and asks for SCHED_FIFO)");
        return;
    }
#ifdef __linux__
    int cpu = sched_getcpu();
    if (cpu >= 0) {
        cpu_set_t set;
        CPU_ZERO(&set);
        CPU_SET(cpu, &set);
        if (sched_setaffinity(0, sizeof set, &set) == 0)
            snprintf(pin, sizeof pin, "pinned to CPU %d", cpu);
    }
#endif
    /* The lowest real-time priority: enough to keep ordinary tasks off
     * this CPU, and the kernel's RT throttling still leaves them a slice. */
    struct sched_param sp = { .sched_priority = sched_get_priority_min(SCHED_FIFO) };
    if (sched_setscheduler(0, SCHED_FIFO, &sp) == 0) {
        r->fifo = 1;
        r->rested_ns = bench_now_ns();
        snprintf(r->m.sched, sizeof r->m.sched,
                 "SCHED_FIFO priority %d, %s; paced: 0.1 s of sleep after every 0.7 s of work, "
                 "so that the kernel's real-time throttling never stops a measurement",
                 sp.sched_priority, pin);
    } else
        snprintf(r->m.sched, sizeof r->m.sched,
                 "SCHED_FIFO not permitted (%s): running SCHED_OTHER, expect more noise, %s",
                 strerror(errno), pin);
}

static void *alloc_buffer(size_t len)
{
    void *p = NULL;
    /* Page-aligned: the same start offset for every library and run. */
    if (posix_memalign(&p, 4096, len ? len : 1) != 0)
        return NULL;
    return p;
}

static int set_up_buffers(runner *r)
{
    size_t max = 16;
    for (size_t i = 0; i < r->o.nsizes; i++)
        if (r->o.sizes[i] > max)
            max = r->o.sizes[i];
    r->bufsize = max;
    size_t all = max + BENCH_SLACK;
    r->in = alloc_buffer(all);
    r->out = alloc_buffer(all);
    r->ref = alloc_buffer(all);
    r->sealed = alloc_buffer(all);
    if (!r->in || !r->out || !r->ref || !r->sealed)
        return -1;
    if (r->o.pair_alg) {
        r->sealed_base = alloc_buffer(all);
        if (!r->sealed_base)
            return -1;
        memset(r->sealed_base, 0, all);
        (void)mlock(r->sealed_base, all); /* as the others, but not reported apart */
    }
    /* The library's own fast generator: inputs need no more than that. */
    if (axiom_random_fill(r->in, all) != AXIOM_OK ||
        axiom_random_fill(r->key, sizeof r->key) != AXIOM_OK ||
        axiom_random_fill(r->iv, sizeof r->iv) != AXIOM_OK)
        return -1;
    r->iv[0] &= 0x7f; /* an MGM nonce is 127 bits: the top bit must be clear */
    memset(r->out, 0, all); /* touch every page before locking */
    memset(r->ref, 0, all);
    memset(r->sealed, 0, all);
    /* Locked pages take page faults and reclaim out of the measurements. */
    if (mlock(r->in, all) == 0 && mlock(r->out, all) == 0 && mlock(r->ref, all) == 0 &&
        mlock(r->sealed, all) == 0 && mlock(r->key, sizeof r->key) == 0)
        snprintf(r->m.mem, sizeof r->m.mem, "buffers locked in memory (mlock, 4 x %zu bytes)",
                 all);
    else
        snprintf(r->m.mem, sizeof r->m.mem,
                 "mlock failed (%s; raise ulimit -l): buffers not locked, carrying on",
                 strerror(errno));
    if (r->o.cold) {
        long l2 = sysconf(_SC_LEVEL2_CACHE_SIZE);
        size_t sz = l2 > 0 ? 2 * (size_t)l2 : 2 * MIB;
        if (sz < 512 * 1024)
            sz = 512 * 1024;
        if (sz > 16 * MIB)
            sz = 16 * MIB;
        r->sweep = alloc_buffer(sz);
        if (!r->sweep)
            return -1;
        memset(r->sweep, 1, sz);
        r->sweepsize = sz;
    }
    return 0;
}

/* Optional rows (algorithms still on their way) count only when this
 * build of libaxiom knows them. */
static int available(const bench_alg *a)
{
    return !a->optional || bench_alg_kernel(a) != NULL;
}

static void describe_cpu(runner *r)
{
    uint64_t f = axiom_cpu_features();
    size_t n = 0;
    r->m.features[0] = '\0';
    for (int i = 0; i < 64; i++) {
        const char *name = axiom_cpu_feature_name(UINT64_C(1) << i);
        if (name && ((f >> i) & 1) && n < sizeof r->m.features)
            n += (size_t)snprintf(r->m.features + n, sizeof r->m.features - n, "%s%s",
                                  n ? "," : "", name);
    }
    if (!n)
        snprintf(r->m.features, sizeof r->m.features, "none (portable C only)");
    const char *dis = getenv("AXIOM_CPU_DISABLE");
    snprintf(r->m.disable, sizeof r->m.disable, "%s", dis && *dis ? dis : "");

    /* "aesni (aes-128-ecb .. aes-256-xts)": runs of the table served by
     * the same kernel; rows this build lacks are named apart. */
    n = 0;
    r->m.kernels[0] = '\0';
    size_t nm = 0;
    r->m.missing[0] = '\0';
    for (size_t i = 0; i < bench_nalgs;) {
        const char *k = bench_alg_kernel(&bench_algs[i]);
        if (!available(&bench_algs[i])) {
            if (nm < sizeof r->m.missing)
                nm += (size_t)snprintf(r->m.missing + nm, sizeof r->m.missing - nm, "%s%s",
                                       nm ? ", " : "", bench_algs[i].name);
            i++;
            continue;
        }
        size_t j = i + 1;
        while (j < bench_nalgs && k && bench_alg_kernel(&bench_algs[j]) &&
               strcmp(k, bench_alg_kernel(&bench_algs[j])) == 0)
            j++;
        if (n < sizeof r->m.kernels) {
            if (j - i > 1)
                n += (size_t)snprintf(r->m.kernels + n, sizeof r->m.kernels - n, "%s%s (%s .. %s)",
                                      n ? ", " : "", k ? k : "unknown", bench_algs[i].name,
                                      bench_algs[j - 1].name);
            else
                n += (size_t)snprintf(r->m.kernels + n, sizeof r->m.kernels - n, "%s%s (%s)",
                                      n ? ", " : "", k ? k : "unknown", bench_algs[i].name);
        }
        i = j;
    }
}

/* ------------------------------------------------------------ output */

static void json_string(FILE *f, const char *s)
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

static void csv_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

/* "# key: text" folded at spaces to about 80 columns. */
static void comment_wrapped(FILE *f, const char *key, const char *text)
{
    int col = fprintf(f, "# %s:", key);
    for (;;) {
        while (*text == ' ')
            text++;
        int w = (int)strcspn(text, " ");
        if (w == 0)
            break;
        if (col + 1 + w > 80 && col > 4) {
            fputs("\n#  ", f);
            col = 3;
        }
        col += fprintf(f, " %.*s", w, text);
        text += w;
    }
    fputc('\n', f);
}

/* What --pair compares and how the ratio reads. */
static void header_pair(const runner *r, FILE *f)
{
    char base[80], line[600];
    pair_label(r, r->o.pair_alg, base, sizeof base);
    if (r->o.pair_alg)
        snprintf(line, sizeof line,
                 "libaxiom against %s, case by case; OUTPUTS NOT COMPARED: %s is another "
                 "algorithm (each side only checked to run, an open to give back the "
                 "plaintext), except in %s's own cases",
                 base, r->o.pair_alg->name, r->o.pair_alg->name);
    else if (r->o.pair_peer == &bench_axiom)
        snprintf(line, sizeof line,
                 "libaxiom against itself, case by case (two instances of each case: the "
                 "noise floor); outputs compared, identical");
    else
        snprintf(line, sizeof line,
                 "libaxiom against %s, case by case; outputs compared, identical (cases %s "
                 "lacks are listed at the end)",
                 base, base);
    comment_wrapped(f, "pair", line);
    snprintf(line, sizeof line,
             "%s's time / libaxiom's for the same bytes, in each round: above 1, libaxiom is "
             "faster; median [min, max] and quartiles over the rounds; ns/op are each side's "
             "median",
             r->o.pair_alg ? r->o.pair_alg->name : base);
    comment_wrapped(f, "ratio", line);
}

static void header_text(const runner *r, FILE *f)
{
    const meta *m = &r->m;
    struct utsname u;
    /* Key lines that benchstat reads as configuration, then comments. */
    fprintf(f, "goos: linux\n");
    if (uname(&u) == 0)
        fprintf(f, "goarch: %s\n", u.machine);
    fprintf(f, "pkg: libaxiom\n");
    fprintf(f, "cpu: %s\n", m->cpu);
    fprintf(f, "axiom-version: %s\n", axiom_version_string());
    fprintf(f, "# date: %s, system: %s\n", m->date, m->os);
    if (m->tsc_ghz > 0)
        fprintf(f,
                "# cpb = TSC cycles per byte. The TSC ticks at a constant %.3f GHz: these are\n"
                "#   reference cycles, not core clock cycles (turbo or throttling changes the\n"
                "#   core clock, not the TSC).\n",
                m->tsc_ghz);
    else
        fprintf(f, "# no time-stamp counter on this architecture: cpb is not printed\n");
    comment_wrapped(f, "scheduling", m->sched);
    comment_wrapped(f, "memory", m->mem);
    comment_wrapped(f, "timing", m->timing);
    char line[600];
    snprintf(line, sizeof line, "%s%s%s%s", m->features,
             m->disable[0] ? " (AXIOM_CPU_DISABLE=" : "", m->disable, m->disable[0] ? ")" : "");
    comment_wrapped(f, "libaxiom features in use", line);
    comment_wrapped(f, "libaxiom kernels", m->kernels);
    if (m->missing[0])
        comment_wrapped(f, "not in this build of libaxiom, skipped", m->missing);
    comment_wrapped(f, "peers", m->peers);
    if (r->o.pair_peer)
        header_pair(r, f);
    else if (r->o.threads)
        fprintf(f, "# speedup = work per second of %d threads / that of one thread: %d when\n"
                   "#   nothing is shared; median [min, max] and quartiles over the rounds;\n"
                   "#   ns/op are medians (%d threads: wall time / all their operations);\n"
                   "#   cpu-time: the same from each thread's CPU time (time descheduled not\n"
                   "#   counted: on a busy machine it still shows sharing in the hot path)\n",
                r->o.threads, r->o.threads, r->o.threads);
    else if (r->nimpls > 1)
        fprintf(f, "# axiom/<peer> = libaxiom MB/s / peer MB/s: above 1, libaxiom is faster\n");
    fprintf(f, "# <hash>MANY: one operation is %d messages of the size named; MB/s and cpb\n"
               "#   count all of them\n",
            BENCH_MANY);
    if (r->o.cold)
        fprintf(f,
                "# COLD CACHES: before every operation (untimed) a %zu KiB read sweep, then\n"
                "#   clflush of the input and output buffers, the driver state with the IV,\n"
                "#   and libaxiom's whole context (key schedules included); peers' key\n"
                "#   schedules are out of reach and only evicted from L1/L2 by the sweep.\n"
                "#   Timer overhead (%.0f ns, %.0f cycles) is subtracted.\n",
                r->sweepsize / 1024, r->over_ns, r->over_cyc);
}

static void header_json(const runner *r, FILE *f)
{
    const meta *m = &r->m;
    fprintf(f, "{\n  \"meta\": {\"cpu\": ");
    json_string(f, m->cpu);
    fprintf(f, ", \"date\": ");
    json_string(f, m->date);
    fprintf(f, ", \"system\": ");
    json_string(f, m->os);
    fprintf(f, ", \"axiom_version\": ");
    json_string(f, axiom_version_string());
    fprintf(f, ", \"tsc_ghz\": %.4f, \"scheduling\": ", m->tsc_ghz);
    json_string(f, m->sched);
    fprintf(f, ", \"memory\": ");
    json_string(f, m->mem);
    fprintf(f, ", \"timing\": ");
    json_string(f, m->timing);
    fprintf(f, ", \"features\": ");
    json_string(f, m->features);
    fprintf(f, ", \"cpu_disable\": ");
    json_string(f, m->disable);
    fprintf(f, ", \"kernels\": ");
    json_string(f, m->kernels);
    fprintf(f, ", \"peers\": ");
    json_string(f, m->peers);
    if (r->o.pair_peer) {
        char base[80];
        pair_label(r, r->o.pair_alg, base, sizeof base);
        fprintf(f, ", \"pair\": ");
        json_string(f, base);
        fprintf(f, ", \"rounds\": %d, \"batch_sec\": %g", r->o.rounds, r->o.batch_sec);
    } else if (r->o.threads)
        fprintf(f, ", \"threads\": %d, \"rounds\": %d, \"batch_sec\": %g", r->o.threads,
                r->o.rounds, r->o.batch_sec);
    else
        fprintf(f, ", \"min_sec\": %g", r->o.min_sec);
    fprintf(f, ", \"cold\": %s},\n  \"results\": [", r->o.cold ? "true" : "false");
}

static void header_csv(const runner *r, FILE *f)
{
    if (r->o.threads)
        fprintf(f, "name,algorithm,direction,size,kernel,threads,pinned,rounds,iterations,"
                   "ns_per_op_one_thread,ns_per_op_all_threads,speedup_median,speedup_min,"
                   "speedup_q1,speedup_q3,speedup_max,cpu_speedup_median,cpu_speedup_min,"
                   "cpu_speedup_q1,cpu_speedup_q3,cpu_speedup_max\n");
    else if (r->o.pair_peer)
        fprintf(f, "name,algorithm,direction,size,kernel,baseline,baseline_algorithm,"
                   "baseline_kernel,output_compared,rounds,iterations,baseline_iterations,"
                   "ns_per_op,baseline_ns_per_op,mb_per_s,baseline_mb_per_s,ratio_median,"
                   "ratio_min,ratio_q1,ratio_q3,ratio_max\n");
    else
        fprintf(f, "name,algorithm,direction,size,library,kernel,iterations,ns_per_op,mb_per_s,"
                   "cpb,spread_pct,reps,kept,axiom_over_peer\n");
}

static void result_text(const runner *r, FILE *f, const result *x)
{
    fprintf(f, "Benchmark%-40s\t%10" PRIu64 "\t%14.1f ns/op\t%10.2f MB/s", x->name, x->iters,
            x->ns_op, x->mb_s);
    if (r->m.tsc_ghz > 0)
        fprintf(f, "\t%9.3f cpb", x->cpb);
    fprintf(f, "\t%6.1f %%spread", x->spread);
    if (x->ratio > 0)
        fprintf(f, "\t%6.2f axiom/%s", x->ratio, x->im->name);
    fputc('\n', f);
}

/* One Go benchmark line per repetition, for benchstat. */
static void result_bench(const runner *r, FILE *f, const result *x)
{
    char name[200];
    double bytes = (double)bench_alg_bytes(x->alg, x->size);
    case_name_kv(name, sizeof name, x->im, x->alg, x->encrypt, x->size);
    for (int k = 0; k < x->reps; k++) {
        double ns = x->rep_ns[k];
        fprintf(f, "Benchmark%s\t%10" PRIu64 "\t%14.1f ns/op\t%10.2f MB/s", name, x->rep_iters,
                ns, ns > 0 ? bytes * 1e3 / ns : 0);
        if (r->m.tsc_ghz > 0)
            fprintf(f, "\t%9.3f cpb", x->rep_cyc[k] / bytes);
        fputc('\n', f);
    }
}

static const char *kernel_of(const result *x)
{
    if (x->im != &bench_axiom)
        return "";
    const char *k = bench_alg_kernel(x->alg);
    return k ? k : "unknown";
}

static void result_json(FILE *f, const result *x, int first)
{
    fprintf(f, "%s\n    {\"name\": ", first ? "" : ",");
    json_string(f, x->name);
    fprintf(f, ", \"algorithm\": \"%s\", \"direction\": \"%s\", \"size\": %zu, \"library\": \"%s\"",
            x->alg->name, bench_dir_name(x->alg, x->encrypt), x->size, x->im->name);
    fprintf(f, ", \"kernel\": ");
    json_string(f, kernel_of(x));
    fprintf(f,
            ", \"iterations\": %" PRIu64 ", \"ns_per_op\": %.3f, \"mb_per_s\": %.3f, \"cpb\": %.4f"
            ", \"spread_pct\": %.2f, \"reps\": %d, \"kept\": %d",
            x->iters, x->ns_op, x->mb_s, x->cpb, x->spread, x->reps, x->kept);
    if (x->ratio > 0)
        fprintf(f, ", \"axiom_over_peer\": %.4f", x->ratio);
    fputc('}', f);
}

static void result_csv(FILE *f, const result *x)
{
    csv_string(f, x->name);
    fprintf(f, ",%s,%s,%zu,%s,", x->alg->name, bench_dir_name(x->alg, x->encrypt), x->size,
            x->im->name);
    csv_string(f, kernel_of(x));
    fprintf(f, ",%" PRIu64 ",%.3f,%.3f,%.4f,%.2f,%d,%d,", x->iters, x->ns_op, x->mb_s, x->cpb,
            x->spread, x->reps, x->kept);
    if (x->ratio > 0)
        fprintf(f, "%.4f", x->ratio);
    fputc('\n', f);
}

static void emit_header(runner *r)
{
    for (int i = 0; i < r->nsinks; i++) {
        sink *s = &r->sinks[i];
        if (s->fmt == FMT_TEXT || s->fmt == FMT_BENCH)
            header_text(r, s->f);
        else if (s->fmt == FMT_JSON)
            header_json(r, s->f);
        else
            header_csv(r, s->f);
        fflush(s->f);
    }
}

static void emit_result(runner *r, const result *x)
{
    for (int i = 0; i < r->nsinks; i++) {
        sink *s = &r->sinks[i];
        if (s->fmt == FMT_TEXT)
            result_text(r, s->f, x);
        else if (s->fmt == FMT_BENCH)
            result_bench(r, s->f, x);
        else if (s->fmt == FMT_JSON)
            result_json(s->f, x, s->nres == 0);
        else
            result_csv(s->f, x);
        s->nres++;
        fflush(s->f);
    }
}

static void emit_footer(runner *r, double seconds)
{
    for (int i = 0; i < r->nsinks; i++) {
        sink *s = &r->sinks[i];
        if ((s->fmt == FMT_TEXT || s->fmt == FMT_BENCH) && r->pair_skipped[0]) {
            char key[120];
            snprintf(key, sizeof key, "not compared, no such case in %s", r->m.pair);
            comment_wrapped(s->f, key, r->pair_skipped);
        }
        if (s->fmt == FMT_TEXT || s->fmt == FMT_BENCH)
            fprintf(s->f, "# total: %.1f s for %u cases%s\n", seconds, r->ncases,
                    r->failures ? " -- FAILED, see the errors above" : "");
        else if (s->fmt == FMT_JSON && r->o.pair_peer) {
            fprintf(s->f, "\n  ],\n  \"not_compared\": ");
            json_string(s->f, r->pair_skipped);
            fprintf(s->f, ", \"total_seconds\": %.3f, \"failures\": %d\n}\n", seconds,
                    r->failures);
        } else if (s->fmt == FMT_JSON)
            fprintf(s->f, "\n  ],\n  \"total_seconds\": %.3f, \"failures\": %d\n}\n", seconds,
                    r->failures);
        fflush(s->f);
    }
}

/* ------------------------------------------------------------ measurement */

int bench_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Drop repetitions more than 3 scaled median absolute deviations from the
 * median (a preempted repetition on a shared machine is the usual
 * outlier), then average what is left.  Needs 3 or more to judge. */
static void summarize(result *x, const double *ns, const double *cyc, int n, uint64_t per_rep)
{
    double s[MAX_REPS], d[MAX_REPS];
    memcpy(s, ns, (size_t)n * sizeof *s);
    qsort(s, (size_t)n, sizeof *s, bench_cmp_double);
    double med = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    for (int i = 0; i < n; i++)
        d[i] = fabs(ns[i] - med);
    qsort(d, (size_t)n, sizeof *d, bench_cmp_double);
    double mad = 1.4826 * (n % 2 ? d[n / 2] : (d[n / 2 - 1] + d[n / 2]) / 2);
    double sum = 0, sumc = 0;
    int kept = 0;
    for (int i = 0; i < n; i++) {
        if (n >= 3 && fabs(ns[i] - med) > 3 * mad && mad > 0)
            continue;
        sum += ns[i];
        sumc += cyc[i];
        kept++;
    }
    double mean = sum / kept, var = 0;
    for (int i = 0; i < n; i++)
        if (!(n >= 3 && fabs(ns[i] - med) > 3 * mad && mad > 0))
            var += (ns[i] - mean) * (ns[i] - mean);
    x->reps = n;
    x->kept = kept;
    x->iters = per_rep * (uint64_t)kept;
    x->ns_op = mean;
    double bytes = (double)bench_alg_bytes(x->alg, x->size);
    x->mb_s = mean > 0 ? bytes * 1e3 / mean : 0; /* 10^6 bytes per second, as Go */
    x->cpb = (sumc / kept) / bytes;
    x->spread = kept > 1 && mean > 0 ? 100 * sqrt(var / (kept - 1)) / mean : 0;
}

/* Evict everything the operation will touch, without timing it. */
static void make_cold(runner *r, const bench_impl *im, void *st, const bench_msg *m,
                      size_t inlen, size_t outlen)
{
    volatile uint8_t sink_byte = 0;
    for (size_t i = 0; i < r->sweepsize; i += 64)
        sink_byte ^= r->sweep[i];
    (void)sink_byte;
    if (im->flush)
        im->flush(st);
    else
        bench_flush_range(st, im->state_size);
    bench_flush_range(m->in, inlen);
    bench_flush_range(m->out, outlen);
}

/* A SCHED_FIFO task may use only sched_rt_runtime_us of each second (95%
 * by default) and is then stopped for the rest: a measurement caught by
 * that stop is off by up to 50 ms.  Sleeping 0.1 s between measurements
 * after 0.7 s of work keeps any one-second window under budget. */
static void pace(runner *r)
{
    if (!r->fifo || bench_now_ns() - r->rested_ns < 700000000u)
        return;
    struct timespec ts = { 0, 100000000 };
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
    r->rested_ns = bench_now_ns();
}

/* Bytes an operation reads: the messages of a many-message operation
 * overlap when they do not fit in the buffer side by side. */
static size_t in_span(const bench_alg *a, const bench_msg *m)
{
    if (a->kind == BENCH_HASH_MANY)
        return (BENCH_MANY - 1) * m->stride + m->len;
    return a->kind == BENCH_AEAD ? m->len + BENCH_TAGLEN : m->len;
}

/* The clock of the measurements: monotonic, or with --pair the thread's
 * CPU time, which stops while the thread waits for a CPU (on a shared
 * machine, most of a batch's wall time can be other tasks'). */
static uint64_t clock_ns(const runner *r)
{
    struct timespec ts;
    if (!r->o.cputime || clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
        return bench_now_ns();
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* @iters operations; per-operation ns and TSC cycles (with CPU time, the
 * TSC cycles that time stands for).  Returns 0 or -1. */
static int measure(runner *r, const bench_impl *im, void *st, const bench_alg *a, int encrypt,
                   const bench_msg *m, uint64_t iters, double *ns_op, double *cyc_op)
{
    pace(r);
    if (!r->o.cold) {
        uint64_t t0 = clock_ns(r), c0 = bench_tsc_begin();
        int rc = im->run(st, m, iters);
        uint64_t c1 = bench_tsc_end(), t1 = clock_ns(r);
        *ns_op = (double)(t1 - t0) / (double)iters;
        *cyc_op = r->o.cputime ? *ns_op * r->m.tsc_ghz : (double)(c1 - c0) / (double)iters;
        return rc;
    }
    double ns = 0, cyc = 0;
    for (uint64_t i = 0; i < iters; i++) {
        make_cold(r, im, st, m, in_span(a, m), bench_alg_outlen(a, encrypt, m->len));
        uint64_t t0 = clock_ns(r), c0 = bench_tsc_begin();
        int rc = im->run(st, m, 1);
        uint64_t c1 = bench_tsc_end(), t1 = clock_ns(r);
        if (rc)
            return rc;
        ns += (double)(t1 - t0) - r->over_ns;
        cyc += (double)(c1 - c0) - r->over_cyc;
    }
    *ns_op = ns / (double)iters;
    *cyc_op = r->o.cputime ? *ns_op * r->m.tsc_ghz : cyc / (double)iters;
    return 0;
}

/* Cost of an empty timed region: the median of many. */
static void measure_overhead(runner *r)
{
    double ns[101], cyc[101];
    for (int i = 0; i < 101; i++) {
        uint64_t t0 = clock_ns(r), c0 = bench_tsc_begin();
        uint64_t c1 = bench_tsc_end(), t1 = clock_ns(r);
        ns[i] = (double)(t1 - t0);
        cyc[i] = (double)(c1 - c0);
    }
    qsort(ns, 101, sizeof ns[0], bench_cmp_double);
    qsort(cyc, 101, sizeof cyc[0], bench_cmp_double);
    r->over_ns = ns[50];
    r->over_cyc = cyc[50];
}

/* Double the operation count until one repetition lasts @target seconds;
 * these runs are also each library's warm-up for the case.  The fastest
 * per-operation time seen decides, so that one interrupted run does not
 * end the doubling early.  *@slow is set when a single operation took
 * over SLOW_OP_SEC; *@ns and *@cyc then hold its timing. */
static int calibrate(runner *r, const bench_impl *im, void *st, const bench_alg *a, int encrypt,
                     const bench_msg *m, double target, uint64_t *iters, int *slow, double *ns,
                     double *cyc)
{
    uint64_t n = 1;
    double best = HUGE_VAL;
    *slow = 0;
    for (;;) {
        if (measure(r, im, st, a, encrypt, m, n, ns, cyc))
            return -1;
        if (n == 1 && *ns > SLOW_OP_SEC * 1e9) {
            *slow = 1;
            break;
        }
        if (*ns < best)
            best = *ns;
        if (best * (double)n >= target * 1e9 || n >= (UINT64_C(1) << 40) ||
            (r->o.cold && n >= COLD_MAX_ITERS))
            break;
        n *= 2;
    }
    *iters = n;
    return 0;
}

/* Message i of a many-message operation starts at in + i * stride: side
 * by side when BENCH_MANY of them fit in the buffer, else overlapping
 * (all at the same place when one fills the buffer). */
static size_t many_stride(const runner *r, size_t size)
{
    if (size <= r->bufsize / BENCH_MANY)
        return size;
    return ((r->bufsize - size) / (BENCH_MANY - 1)) & ~(size_t)63;
}

/* The IV of a case: the runner's, except that GOST R 34.13 CTR rows
 * (kuznyechik-ctr, kuznyechik-ctr-acpkm) take the 64-bit IV then zeros,
 * the counter block the GOST provider's 8-byte IV stands for. */
static const uint8_t *case_iv(const runner *r, const bench_alg *a, uint8_t buf[32])
{
    memcpy(buf, r->iv, 32);
    /* GOST R 34.13 CTR ciphers, not the AEAD kuznyechik-ctr-acpkm-omac
     * (whose nonce's second half is its KDF seed). */
    if (a->kind == BENCH_CIPHER && strncmp(a->name, "kuznyechik-ctr", 14) == 0)
        memset(buf + 8, 0, 8);
    return buf;
}

/* AEAD open cases open libaxiom's sealed form of the input (into @dst),
 * so that every library must give back the original plaintext.  Returns 0
 * or -1. */
static int seal_input(runner *r, const bench_alg *a, size_t size, uint8_t *dst)
{
    void *st = bench_axiom.setup(a, 1, r->key, r->iv);
    bench_msg m = { .out = dst, .in = r->in, .len = size };
    int rc = st ? bench_axiom.run(st, &m, 1) : -1;
    bench_axiom.teardown(st);
    return rc;
}

/* Whether the output of one library is right: the same bytes as
 * libaxiom's (@ref), the plaintext for AEAD open, and for generators two
 * different outputs in a row (all one can check of random bytes). */
static const char *check_output(runner *r, const bench_impl *im, void *st, const bench_alg *a,
                                int encrypt, const bench_msg *m, int first)
{
    size_t outlen = bench_alg_outlen(a, encrypt, m->len);
    bench_msg m1 = *m;
    m1.out = first ? r->ref : r->out;
    if (im->run(st, &m1, 1) != 0)
        return "failed";
    if (a->kind == BENCH_RAND || a->kind == BENCH_RAND_OS || a->kind == BENCH_DRBG) {
        bench_msg m2 = *m;
        m2.out = first ? r->out : r->ref;
        if (im->run(st, &m2, 1) != 0)
            return "failed";
        return memcmp(r->ref, r->out, outlen) == 0 ? "gave the same bytes twice" : NULL;
    }
    if (a->kind == BENCH_AEAD && !encrypt && memcmp(m1.out, r->in, outlen) != 0)
        return "open did not give back the plaintext";
    if (!first && memcmp(r->ref, r->out, outlen) != 0)
        return "output differs from libaxiom's";
    return NULL;
}

/* One case: libaxiom and every peer that has the algorithm, their outputs
 * cross-checked, then measured in alternation (A B C A B C ...) so that
 * slow drift of the machine hits all of them alike. */
static void run_case(runner *r, const bench_alg *a, int encrypt, size_t size)
{
    void *st[MAX_IMPLS] = { NULL };
    uint64_t iters[MAX_IMPLS] = { 0 };
    double ns[MAX_IMPLS][MAX_REPS], cyc[MAX_IMPLS][MAX_REPS];
    int slow[MAX_IMPLS] = { 0 };
    int reps = reps_for(&r->o, size);
    double target = r->o.min_sec / reps;
    const char *dir = bench_dir_name(a, encrypt);
    char name[160];
    bench_msg m = { .out = r->out, .in = r->in, .len = size };

    r->ncases++;
    if (a->kind == BENCH_HASH_MANY)
        m.stride = many_stride(r, size);
    if (a->kind == BENCH_AEAD && !encrypt) {
        if (seal_input(r, a, size, r->sealed) != 0) {
            fprintf(stderr, "error: %s/%s/%zu: libaxiom cannot seal the input\n", a->name, dir,
                    size);
            r->failures++;
            return;
        }
        m.in = r->sealed;
    }
    for (int i = 0; i < r->nimpls; i++) {
        const bench_impl *im = r->impls[i];
        case_name(name, sizeof name, im, a, encrypt, size);
        uint8_t ivbuf[32];
        st[i] = im->setup(a, encrypt, r->key, case_iv(r, a, ivbuf));
        if (!st[i]) {
            if (i == 0) {
                fprintf(stderr, "error: %s: libaxiom cannot set up %s\n", name, a->name);
                r->failures++;
                return;
            }
            continue; /* this peer lacks the algorithm */
        }
        /* A benchmark of wrong output is worthless. */
        const char *why = check_output(r, im, st[i], a, encrypt, &m, i == 0);
        if (why) {
            fprintf(stderr, "error: %s: %s%s\n", name, i == 0 ? "libaxiom " : "", why);
            r->failures++;
            im->teardown(st[i]);
            st[i] = NULL;
            if (i == 0)
                return;
        }
    }
    for (int i = 0; i < r->nimpls; i++)
        if (st[i] && calibrate(r, r->impls[i], st[i], a, encrypt, &m, target, &iters[i], &slow[i],
                               &ns[i][0], &cyc[i][0])) {
            fprintf(stderr, "error: %s %s/%zu: %s failed while calibrating\n", a->name, dir, size,
                    r->impls[i]->name);
            r->failures++;
            r->impls[i]->teardown(st[i]);
            st[i] = NULL;
        }
    for (int k = 0; k < reps; k++)
        for (int i = 0; i < r->nimpls; i++)
            if (st[i] && !slow[i] &&
                measure(r, r->impls[i], st[i], a, encrypt, &m, iters[i], &ns[i][k],
                        &cyc[i][k])) {
                fprintf(stderr, "error: %s %s/%zu: %s failed\n", a->name, dir, size,
                        r->impls[i]->name);
                r->failures++;
                r->impls[i]->teardown(st[i]);
                st[i] = NULL;
            }
    double axiom_mbs = 0;
    for (int i = 0; i < r->nimpls; i++) {
        if (!st[i])
            continue;
        result x;
        memset(&x, 0, sizeof x);
        x.im = r->impls[i];
        x.alg = a;
        x.encrypt = encrypt;
        x.size = size;
        case_name(x.name, sizeof x.name, x.im, a, encrypt, size);
        summarize(&x, ns[i], cyc[i], slow[i] ? 1 : reps, iters[i]);
        x.rep_ns = ns[i];
        x.rep_cyc = cyc[i];
        x.rep_iters = iters[i];
        if (i == 0)
            axiom_mbs = x.mb_s;
        else if (axiom_mbs > 0 && x.mb_s > 0)
            x.ratio = axiom_mbs / x.mb_s;
        emit_result(r, &x);
        r->impls[i]->teardown(st[i]);
    }
}

/* ------------------------------------------------------------ pair mode */

/* Everything reported about one case of --pair. */
typedef struct pair_result {
    const bench_alg *alg[2]; /* libaxiom's case [0], the baseline's algorithm [1] */
    int encrypt;
    size_t size;
    char name[160];
    char label[80]; /* the baseline: "openssl", "axiom:aes-256-gcm" */
    int compared;   /* outputs compared (and identical) */
    int rounds;
    uint64_t iters[2]; /* operations per batch */
    double ns_op[2];   /* median time per operation over the rounds */
    double mb_s[2];
    double med, q1, q3, lo, hi; /* the per-round ratio */
} pair_result;

/* The @p quantile of the sorted @s[@n], interpolated between neighbours. */
double bench_quantile(const double *s, int n, double p)
{
    double h = (n - 1) * p;
    int i = (int)h;
    if (i + 1 >= n)
        return s[n - 1];
    return s[i] + (h - i) * (s[i + 1] - s[i]);
}

static double median_of(const double *v, int n)
{
    double s[MAX_ROUNDS];
    memcpy(s, v, (size_t)n * sizeof *s);
    qsort(s, (size_t)n, sizeof *s, bench_cmp_double);
    return bench_quantile(s, n, 0.5);
}

/* The baseline as the output names it: a peer's name, or "axiom:ALG". */
static void pair_label(const runner *r, const bench_alg *base, char *out, size_t outlen)
{
    if (r->o.pair_peer == &bench_axiom)
        snprintf(out, outlen, "axiom:%s", base ? base->name : "<its own algorithm>");
    else
        snprintf(out, outlen, "%s", r->o.pair_peer->name);
}

static void pair_text(FILE *f, const pair_result *x)
{
    fprintf(f, "%-36s  axiom %10.1f ns/op  %s %10.1f ns/op  ratio %6.3f [%.3f, %.3f]  "
               "quartiles %.3f %.3f\n",
            x->name, x->ns_op[0], x->label, x->ns_op[1], x->med, x->lo, x->hi, x->q1, x->q3);
}

/* Each round as two Go benchmark lines, libaxiom's (lib=axiom) and the
 * baseline's (lib=<label>), both under the case's name so that
 * `benchstat -col /lib` sets them side by side. */
static void pair_bench(const runner *r, FILE *f, const pair_result *x)
{
    char name[200];
    case_name_kv(name, sizeof name, NULL, x->alg[0], x->encrypt, x->size);
    for (int k = 0; k < x->rounds; k++)
        for (int i = 0; i < 2; i++) {
            double ns = r->pair_ns[i][k];
            double bytes = (double)bench_alg_bytes(x->alg[i], x->size);
            fprintf(f, "Benchmark%s/lib=%s\t%10" PRIu64 "\t%14.1f ns/op\t%10.2f MB/s", name,
                    i ? x->label : "axiom", x->iters[i], ns, ns > 0 ? bytes * 1e3 / ns : 0);
            if (r->m.tsc_ghz > 0)
                fprintf(f, "\t%9.3f cpb", r->pair_cyc[i][k] / bytes);
            fputc('\n', f);
        }
}

static const char *pair_kernel(const runner *r, const bench_alg *a, int side)
{
    if (side && r->o.pair_peer != &bench_axiom)
        return "";
    const char *k = bench_alg_kernel(a);
    return k ? k : "unknown";
}

static void pair_json(const runner *r, FILE *f, const pair_result *x, int first)
{
    fprintf(f, "%s\n    {\"name\": ", first ? "" : ",");
    json_string(f, x->name);
    fprintf(f, ", \"algorithm\": \"%s\", \"direction\": \"%s\", \"size\": %zu, \"kernel\": ",
            x->alg[0]->name, bench_dir_name(x->alg[0], x->encrypt), x->size);
    json_string(f, pair_kernel(r, x->alg[0], 0));
    fprintf(f, ", \"baseline\": ");
    json_string(f, x->label);
    fprintf(f, ", \"baseline_algorithm\": \"%s\", \"baseline_kernel\": ", x->alg[1]->name);
    json_string(f, pair_kernel(r, x->alg[1], 1));
    fprintf(f,
            ", \"output_compared\": %s, \"rounds\": %d, \"iterations\": %" PRIu64
            ", \"baseline_iterations\": %" PRIu64 ", \"ns_per_op\": %.3f"
            ", \"baseline_ns_per_op\": %.3f, \"mb_per_s\": %.3f, \"baseline_mb_per_s\": %.3f"
            ", \"ratio_median\": %.4f, \"ratio_min\": %.4f, \"ratio_q1\": %.4f"
            ", \"ratio_q3\": %.4f, \"ratio_max\": %.4f}",
            x->compared ? "true" : "false", x->rounds, x->iters[0], x->iters[1], x->ns_op[0],
            x->ns_op[1], x->mb_s[0], x->mb_s[1], x->med, x->lo, x->q1, x->q3, x->hi);
}

static void pair_csv(const runner *r, FILE *f, const pair_result *x)
{
    csv_string(f, x->name);
    fprintf(f, ",%s,%s,%zu,", x->alg[0]->name, bench_dir_name(x->alg[0], x->encrypt), x->size);
    csv_string(f, pair_kernel(r, x->alg[0], 0));
    fputc(',', f);
    csv_string(f, x->label);
    fprintf(f, ",%s,", x->alg[1]->name);
    csv_string(f, pair_kernel(r, x->alg[1], 1));
    fprintf(f, ",%d,%d,%" PRIu64 ",%" PRIu64 ",%.3f,%.3f,%.3f,%.3f,%.4f,%.4f,%.4f,%.4f,%.4f\n",
            x->compared, x->rounds, x->iters[0], x->iters[1], x->ns_op[0], x->ns_op[1],
            x->mb_s[0], x->mb_s[1], x->med, x->lo, x->q1, x->q3, x->hi);
}

static void emit_pair(runner *r, const pair_result *x)
{
    for (int i = 0; i < r->nsinks; i++) {
        sink *s = &r->sinks[i];
        if (s->fmt == FMT_TEXT)
            pair_text(s->f, x);
        else if (s->fmt == FMT_BENCH)
            pair_bench(r, s->f, x);
        else if (s->fmt == FMT_JSON)
            pair_json(r, s->f, x, s->nres == 0);
        else
            pair_csv(r, s->f, x);
        s->nres++;
        fflush(s->f);
    }
}

/* A case the baseline cannot run: its algorithm is named once in the
 * footer (the cases come algorithm by algorithm). */
static void pair_skip(runner *r, const bench_alg *a)
{
    if (r->pair_last_skip == a)
        return;
    r->pair_last_skip = a;
    size_t n = strlen(r->pair_skipped);
    if (n + 1 < sizeof r->pair_skipped)
        snprintf(r->pair_skipped + n, sizeof r->pair_skipped - n, "%s%s", n ? ", " : "",
                 a->name);
}

/* measure() @pad bytes deeper on the stack.  --pair runs round k at
 * pad (1088 k) mod 4096 (64-byte steps over a page, both sides of a round
 * alike): a load that follows a store to an address 4 KiB apart can wait
 * on it (AMD Zen 4 measured: a 64-byte AES call 1.4-1.8x slower with its
 * input at the page offset of a stack slot the call chain writes), and
 * the stack's page offset is random per process (ASLR), so one depth for
 * every round would make a case's ratio a property of the process. */
static __attribute__((noinline)) int measure_at(size_t pad, runner *r, const bench_impl *im,
                                                void *st, const bench_alg *a, int encrypt,
                                                const bench_msg *m, uint64_t iters, double *ns_op,
                                                double *cyc_op)
{
    volatile uint8_t *p = alloca(pad + 64);
    p[0] = 0;
    return measure(r, im, st, a, encrypt, m, iters, ns_op, cyc_op);
}

/* One case of --pair: libaxiom [0] against the baseline [1] alone.  Both
 * set up and checked (outputs compared when the baseline runs the same
 * algorithm), each calibrated to a batch of about --batch seconds (its
 * warm-up), then --rounds rounds of one batch of each, the side that goes
 * first alternating, so that the machine's drift and any frequency change
 * hit both alike, each round at its own stack depth (measure_at).  A
 * round's ratio is the baseline's time over libaxiom's for the same bytes
 * (per operation, unless one side is a many-message hash). */
static void pair_case(runner *r, const bench_alg *a, int encrypt, size_t size)
{
    const bench_impl *im[2] = { &bench_axiom, r->o.pair_peer };
    const bench_alg *alg[2] = { a, r->o.pair_alg ? r->o.pair_alg : a };
    int enc[2] = { encrypt, bench_alg_ndirs(alg[1]) == 2 ? encrypt : 1 };
    uint8_t *sealed[2] = { r->sealed, r->sealed_base };
    bench_msg m[2];
    void *st[2] = { NULL, NULL };
    double ratio[MAX_ROUNDS];
    int rounds = r->o.rounds;
    int same = alg[1] == a;
    pair_result x;

    memset(&x, 0, sizeof x);
    r->ncases++;
    case_name(x.name, sizeof x.name, &bench_axiom, a, encrypt, size);
    pair_label(r, alg[1], x.label, sizeof x.label);
    if (!bench_alg_accepts(alg[1], size)) {
        pair_skip(r, a);
        return;
    }
    for (int i = 0; i < 2; i++) {
        m[i] = (bench_msg){ .out = r->out, .in = r->in, .len = size };
        if (alg[i]->kind == BENCH_HASH_MANY)
            m[i].stride = many_stride(r, size);
        if (alg[i]->kind != BENCH_AEAD || enc[i])
            continue;
        if (i == 1 && same) {
            m[1].in = r->sealed;
        } else if (seal_input(r, alg[i], size, sealed[i]) == 0) {
            m[i].in = sealed[i];
        } else {
            fprintf(stderr, "error: %s: libaxiom cannot seal the input with %s\n", x.name,
                    alg[i]->name);
            r->failures++;
            return;
        }
    }
    for (int i = 0; i < 2; i++) {
        uint8_t ivbuf[32];
        st[i] = im[i]->setup(alg[i], enc[i], r->key, case_iv(r, alg[i], ivbuf));
        if (!st[i]) {
            if (im[i] != &bench_axiom) {
                pair_skip(r, a); /* the peer lacks the algorithm */
            } else {
                fprintf(stderr, "error: %s: libaxiom cannot set up %s\n", x.name, alg[i]->name);
                r->failures++;
            }
            goto done;
        }
        /* Another algorithm's output cannot be compared: it is only
         * checked to run (an open to give back the plaintext). */
        const char *why = check_output(r, im[i], st[i], alg[i], enc[i], &m[i], i == 0 || !same);
        if (why) {
            fprintf(stderr, "error: %s: %s %s\n", x.name, i ? x.label : "libaxiom", why);
            r->failures++;
            goto done;
        }
    }
    for (int i = 0; i < 2; i++) {
        int slow;
        double ns, cyc;
        if (calibrate(r, im[i], st[i], alg[i], enc[i], &m[i], r->o.batch_sec, &x.iters[i], &slow,
                      &ns, &cyc)) {
            fprintf(stderr, "error: %s: %s failed while calibrating\n", x.name,
                    i ? x.label : "libaxiom");
            r->failures++;
            goto done;
        }
        /* Doubling ends between one and two batch times: scale down to one. */
        double n = ns > 0 ? r->o.batch_sec * 1e9 / ns : 1;
        if (n < (double)x.iters[i])
            x.iters[i] = n < 1 ? 1 : (uint64_t)(n + 0.5);
    }
    double bytes[2] = { (double)bench_alg_bytes(alg[0], size),
                        (double)bench_alg_bytes(alg[1], size) };
    for (int k = 0; k < rounds; k++) {
        for (int j = 0; j < 2; j++) {
            int i = k & 1 ? 1 - j : j;
            if (measure_at((size_t)k * 1088 % 4096, r, im[i], st[i], alg[i], enc[i], &m[i],
                           x.iters[i], &r->pair_ns[i][k], &r->pair_cyc[i][k])) {
                fprintf(stderr, "error: %s: %s failed\n", x.name, i ? x.label : "libaxiom");
                r->failures++;
                goto done;
            }
        }
        double t0 = r->pair_ns[0][k] / bytes[0], t1 = r->pair_ns[1][k] / bytes[1];
        ratio[k] = t0 > 0 ? t1 / t0 : 0;
    }
    qsort(ratio, (size_t)rounds, sizeof ratio[0], bench_cmp_double);
    x.alg[0] = alg[0];
    x.alg[1] = alg[1];
    x.encrypt = encrypt;
    x.size = size;
    x.compared = same;
    x.rounds = rounds;
    x.med = bench_quantile(ratio, rounds, 0.5);
    x.q1 = bench_quantile(ratio, rounds, 0.25);
    x.q3 = bench_quantile(ratio, rounds, 0.75);
    x.lo = ratio[0];
    x.hi = ratio[rounds - 1];
    for (int i = 0; i < 2; i++) {
        x.ns_op[i] = median_of(r->pair_ns[i], rounds);
        x.mb_s[i] = x.ns_op[i] > 0 ? bytes[i] * 1e3 / x.ns_op[i] : 0;
    }
    emit_pair(r, &x);
    r->npaired++;
done:
    for (int i = 0; i < 2; i++)
        if (st[i])
            im[i]->teardown(st[i]);
}

/* --------------------------------------------------------- threads mode */

static void threads_text(FILE *f, const char *name, const scaling_result *x)
{
    fprintf(f, "%-36s  1 thread %10.1f ns/op  %d threads %10.1f ns/op  speedup %6.3f "
               "[%.3f, %.3f]  quartiles %.3f %.3f  cpu-time %6.3f [%.3f, %.3f]\n",
            name, x->one_ns, x->nthreads, x->all_ns, x->wall.med, x->wall.lo, x->wall.hi, x->wall.q1, x->wall.q3,
            x->cpu.med, x->cpu.lo, x->cpu.hi);
}

/* Two Go benchmark lines, threads=1 and threads=N, with the medians. */
static void threads_bench(FILE *f, const bench_alg *a, int encrypt, size_t size,
                          const scaling_result *x)
{
    char name[200];
    case_name_kv(name, sizeof name, NULL, a, encrypt, size);
    double bytes = (double)bench_alg_bytes(a, size);
    for (int i = 0; i < 2; i++) {
        double ns = i ? x->all_ns : x->one_ns;
        fprintf(f, "Benchmark%s/threads=%d\t%10" PRIu64 "\t%14.1f ns/op\t%10.2f MB/s\n", name,
                i ? x->nthreads : 1, x->iters * (uint64_t)(i ? x->nthreads : 1), ns,
                ns > 0 ? bytes * 1e3 / ns : 0);
    }
}

static void threads_json(FILE *f, const char *name, const bench_alg *a, int encrypt,
                         size_t size, const scaling_result *x, int first)
{
    fprintf(f, "%s\n    {\"name\": ", first ? "" : ",");
    json_string(f, name);
    fprintf(f, ", \"algorithm\": \"%s\", \"direction\": \"%s\", \"size\": %zu, \"kernel\": ",
            a->name, bench_dir_name(a, encrypt), size);
    json_string(f, bench_alg_kernel(a) ? bench_alg_kernel(a) : "unknown");
    fprintf(f,
            ", \"threads\": %d, \"pinned\": %s, \"rounds\": %d, \"iterations\": %" PRIu64
            ", \"ns_per_op_one_thread\": %.3f, \"ns_per_op_all_threads\": %.3f"
            ", \"speedup_median\": %.4f, \"speedup_min\": %.4f, \"speedup_q1\": %.4f"
            ", \"speedup_q3\": %.4f, \"speedup_max\": %.4f, \"cpu_speedup_median\": %.4f"
            ", \"cpu_speedup_min\": %.4f, \"cpu_speedup_q1\": %.4f, \"cpu_speedup_q3\": %.4f"
            ", \"cpu_speedup_max\": %.4f}",
            x->nthreads, x->pinned ? "true" : "false", x->rounds, x->iters, x->one_ns,
            x->all_ns, x->wall.med, x->wall.lo, x->wall.q1, x->wall.q3, x->wall.hi, x->cpu.med, x->cpu.lo, x->cpu.q1,
            x->cpu.q3, x->cpu.hi);
}

static void threads_csv(FILE *f, const char *name, const bench_alg *a, int encrypt, size_t size,
                        const scaling_result *x)
{
    csv_string(f, name);
    fprintf(f, ",%s,%s,%zu,", a->name, bench_dir_name(a, encrypt), size);
    csv_string(f, bench_alg_kernel(a) ? bench_alg_kernel(a) : "unknown");
    fprintf(f, ",%d,%d,%d,%" PRIu64 ",%.3f,%.3f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f\n",
            x->nthreads, x->pinned, x->rounds, x->iters, x->one_ns, x->all_ns, x->wall.med, x->wall.lo,
            x->wall.q1, x->wall.q3, x->wall.hi, x->cpu.med, x->cpu.lo, x->cpu.q1, x->cpu.q3, x->cpu.hi);
}

/* One case of --threads: libaxiom's output checked as in every mode, then
 * measured on one thread and on --threads threads (bench/scaling.c). */
static void threads_case(runner *r, const bench_alg *a, int encrypt, size_t size)
{
    char name[160];
    uint8_t ivbuf[32];
    bench_msg m = { .out = r->out, .in = r->in, .len = size };
    const char *why = NULL;

    r->ncases++;
    case_name(name, sizeof name, &bench_axiom, a, encrypt, size);
    if (a->kind == BENCH_HASH_MANY)
        m.stride = many_stride(r, size);
    if (a->kind == BENCH_AEAD && !encrypt) {
        if (seal_input(r, a, size, r->sealed) != 0) {
            fprintf(stderr, "error: %s: libaxiom cannot seal the input\n", name);
            r->failures++;
            return;
        }
        m.in = r->sealed;
    }
    const uint8_t *iv = case_iv(r, a, ivbuf);
    void *st = bench_axiom.setup(a, encrypt, r->key, iv);
    if (st)
        why = check_output(r, &bench_axiom, st, a, encrypt, &m, 1);
    else
        why = "cannot set up the case";
    bench_axiom.teardown(st);
    scaling_case c = {
        .im = &bench_axiom, .alg = a, .encrypt = encrypt, .key = r->key, .iv = iv,
        .in = m.in, .inlen = in_span(a, &m), .len = size, .stride = m.stride,
        .outlen = bench_alg_outlen(a, encrypt, size),
    };
    scaling_result x;
    if (!why && bench_scaling_run(&c, r->o.threads, r->o.rounds, r->o.batch_sec, &x, &why) != 0 &&
        !why)
        why = "failed";
    if (why) {
        fprintf(stderr, "error: %s: libaxiom %s\n", name, why);
        r->failures++;
        return;
    }
    for (int i = 0; i < r->nsinks; i++) {
        sink *s = &r->sinks[i];
        if (s->fmt == FMT_TEXT)
            threads_text(s->f, name, &x);
        else if (s->fmt == FMT_BENCH)
            threads_bench(s->f, a, encrypt, size, &x);
        else if (s->fmt == FMT_JSON)
            threads_json(s->f, name, a, encrypt, size, &x, s->nres == 0);
        else
            threads_csv(s->f, name, a, encrypt, size, &x);
        s->nres++;
        fflush(s->f);
    }
}

/* ------------------------------------------------------------ driver */

static int open_sinks(runner *r, const char *prog)
{
    r->sinks[r->nsinks++] = (sink){ .f = stdout, .fmt = r->o.fmt };
    /* Machine-readable standard output: progress for people on stderr. */
    if (r->o.fmt != FMT_TEXT)
        r->sinks[r->nsinks++] = (sink){ .f = stderr, .fmt = FMT_TEXT };
    for (int i = 0; i < r->o.nsaves; i++) {
        const char *p = r->o.saves[i];
        size_t n = strlen(p);
        int fmt = FMT_TEXT;
        if (n > 5 && strcasecmp(p + n - 5, ".json") == 0)
            fmt = FMT_JSON;
        else if (n > 4 && strcasecmp(p + n - 4, ".csv") == 0)
            fmt = FMT_CSV;
        else if (n > 6 && strcasecmp(p + n - 6, ".bench") == 0)
            fmt = FMT_BENCH;
        FILE *f = fopen(p, "w");
        if (!f) {
            fprintf(stderr, "%s: cannot write %s: %s\n", prog, p, strerror(errno));
            return -1;
        }
        r->sinks[r->nsinks++] = (sink){ .f = f, .fmt = fmt, .path = p };
    }
    return 0;
}

/* The --save files; standard output is the calling program's to check. */
static int close_sinks(runner *r, const char *prog)
{
    int rc = 0;
    for (int i = 0; i < r->nsinks; i++) {
        sink *s = &r->sinks[i];
        if (!s->path)
            continue;
        int bad = fflush(s->f) != 0 || ferror(s->f);
        if (fclose(s->f) != 0 || bad) {
            fprintf(stderr, "%s: write error: %s\n", prog, s->path);
            rc = -1;
        }
    }
    return rc;
}

/* How many cases the options select. */
static size_t count_selected(const options *o)
{
    size_t n = 0;
    for (size_t a = 0; a < bench_nalgs; a++)
        for (int e = 1; e >= 2 - bench_alg_ndirs(&bench_algs[a]); e--)
            for (size_t s = 0; s < o->nsizes; s++)
                n += available(&bench_algs[a]) && bench_alg_accepts(&bench_algs[a], o->sizes[s]) &&
                     selected(o, &bench_algs[a], e, o->sizes[s]);
    return n;
}

int bench_cli(const char *prog, int argc, char **argv, const bench_impl *const *peers)
{
    static runner r; /* large; static keeps it off the stack */
    memset(&r, 0, sizeof r);
    int rc = parse_options(&r.o, prog, argc, argv, peers);
    if (rc)
        return rc == HELP_SHOWN ? 0 : rc;
    if (count_selected(&r.o) == 0) {
        fprintf(stderr, "%s: no case matches the filter '%s' (--list shows the cases)\n", prog,
                r.o.filter ? r.o.filter : "");
        return 2;
    }

    if (r.o.list_only) {
        for (size_t a = 0; a < bench_nalgs; a++)
            for (int e = 1; e >= 2 - bench_alg_ndirs(&bench_algs[a]); e--)
                for (size_t s = 0; s < r.o.nsizes; s++)
                    if (available(&bench_algs[a]) &&
                        bench_alg_accepts(&bench_algs[a], r.o.sizes[s]) &&
                        selected(&r.o, &bench_algs[a], e, r.o.sizes[s])) {
                        char name[160];
                        case_name(name, sizeof name, &bench_axiom, &bench_algs[a], e,
                                  r.o.sizes[s]);
                        printf("Benchmark%s\n", name);
                    }
        return 0;
    }

    uint64_t t_start = bench_now_ns();
    r.impls[r.nimpls++] = &bench_axiom;
    /* --pair: its peer alone, or none for a libaxiom baseline; --threads:
     * libaxiom alone. */
    if (r.o.threads)
        r.o.peers = "none";
    if (r.o.pair_peer) {
        r.o.peers = r.o.pair_peer == &bench_axiom ? "none" : r.o.pair_peer->name;
        pair_label(&r, r.o.pair_alg, r.m.pair, sizeof r.m.pair);
    }
    size_t np = 0;
    for (const bench_impl *const *p = peers; p && *p && r.nimpls < MAX_IMPLS; p++) {
        const bench_impl *im = *p;
        int want = !r.o.peers || in_list(r.o.peers, im->name);
        if (r.o.peers && strcasecmp(r.o.peers, "none") == 0)
            want = 0;
        size_t left = sizeof r.m.peers - np;
        if (!want) {
            np += (size_t)snprintf(r.m.peers + np, left, "%s%s (skipped)", np ? "; " : "",
                                   im->name);
        } else if (im->init() != 0) {
            np += (size_t)snprintf(r.m.peers + np, left, "%s%s (failed to initialise)",
                                   np ? "; " : "", im->name);
        } else {
            np += (size_t)snprintf(r.m.peers + np, left, "%s%s %s", np ? "; " : "", im->name,
                                   im->version());
            r.impls[r.nimpls++] = im;
        }
        if (np >= sizeof r.m.peers)
            np = sizeof r.m.peers - 1;
    }
    if (r.o.pair_peer && r.o.pair_peer != &bench_axiom && r.nimpls < 2) {
        fprintf(stderr, "%s: --pair %s: %s\n", prog, r.o.pair, r.m.peers);
        return 1;
    }
    if (np == 0)
        snprintf(r.m.peers, sizeof r.m.peers, "none built into %s", prog);
    else if (r.nimpls > 1)
        snprintf(r.m.peers + np, sizeof r.m.peers - np, "%s",
                 bench_peer_novaes()
                     ? " -- peers asked to avoid AVX-512, VAES, VPCLMULQDQ and GFNI"
                       " (AXIOM_BENCH_PEER_NOVAES)"
                 : bench_peer_noavx512()
                     ? " -- peers asked to avoid AVX-512 (AXIOM_BENCH_PEER_NOAVX512)"
                     : " -- peers use their own CPU dispatch: AXIOM_CPU_DISABLE affects libaxiom only");

    if (set_up_buffers(&r) != 0) {
        fprintf(stderr, "%s: cannot allocate or fill the %zu-byte buffers\n", prog, r.bufsize);
        return 1;
    }
    set_up_scheduling(&r);
    read_cpu_model(r.m.cpu, sizeof r.m.cpu);
    time_t now = time(NULL);
    strftime(r.m.date, sizeof r.m.date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    struct utsname u;
    if (uname(&u) == 0)
        snprintf(r.m.os, sizeof r.m.os, "%s %s", u.sysname, u.release);
    describe_cpu(&r);
    /* Warm-up: bring the core out of idle before the first case. */
    r.m.tsc_ghz = spin_and_tsc_ghz(r.o.min_sec < 0.1 ? r.o.min_sec : 0.1);
    if (r.o.cold)
        measure_overhead(&r);
    if (r.o.threads) {
        cpu_set_t cpus;
        int ncpu = sched_getaffinity(0, sizeof cpus, &cpus) == 0 ? CPU_COUNT(&cpus) : 0;
        snprintf(r.m.timing, sizeof r.m.timing,
                 "--threads %d: per case, operations doubled on one thread until a batch lasts "
                 "about %g s (this warms up too), one batch on all threads to warm them and "
                 "compare their outputs, then %d rounds, each one batch on one thread alone "
                 "and one batch on each of %d threads started together, the order "
                 "alternating; wall-clock times (CLOCK_MONOTONIC); %s; speedup = %d x (one "
                 "thread's batch time) / (time from the first thread's start to the last "
                 "one's end)",
                 r.o.threads, r.o.batch_sec, r.o.rounds, r.o.threads,
                 ncpu >= r.o.threads ? "each thread pinned to a CPU of its own"
                                     : "NOT PINNED: fewer usable CPUs than threads",
                 r.o.threads);
    } else if (r.o.pair_peer)
        snprintf(r.m.timing, sizeof r.m.timing,
                 "--pair: per case and side, operations doubled until a batch lasts about "
                 "%g s (this warms up too), then %d rounds, each one batch of libaxiom and one "
                 "of the baseline, the side that goes first alternating; every round "
                 "kept; %s%s",
                 r.o.batch_sec, r.o.rounds,
                 r.o.cputime ? "times are the thread's CPU time (CLOCK_THREAD_CPUTIME_ID: "
                               "time spent waiting for a CPU does not count; --clock=wall "
                               "for the monotonic clock)"
                             : "times are wall-clock (CLOCK_MONOTONIC, --clock=wall)",
                 r.o.cold ? "; cold: at most 128 operations per batch" : "");
    else
        snprintf(r.m.timing, sizeof r.m.timing,
                 "each case >= %g s measured per library over %d repetitions (%d from 1 MiB), "
                 "operations doubled until a repetition is long enough (this warms up too); "
                 "repetitions beyond 3 MADs of the median dropped; %%spread = relative "
                 "standard deviation of the kept ones; an operation over %g s is timed once%s",
                 r.o.min_sec, r.o.reps ? r.o.reps : 5, r.o.reps ? r.o.reps : 3, SLOW_OP_SEC,
                 r.o.cold ? "; cold: at most 128 operations per repetition" : "");

    if (open_sinks(&r, prog) != 0)
        return 1;
    emit_header(&r);
    for (size_t a = 0; a < bench_nalgs; a++)
        for (int e = 1; e >= 2 - bench_alg_ndirs(&bench_algs[a]); e--)
            for (size_t s = 0; s < r.o.nsizes; s++) {
                const bench_alg *alg = &bench_algs[a];
                if (!available(alg) || !bench_alg_accepts(alg, r.o.sizes[s]) ||
                    !selected(&r.o, alg, e, r.o.sizes[s]))
                    continue;
                if (r.o.threads)
                    threads_case(&r, alg, e, r.o.sizes[s]);
                else if (r.o.pair_peer)
                    pair_case(&r, alg, e, r.o.sizes[s]);
                else
                    run_case(&r, alg, e, r.o.sizes[s]);
            }
    emit_footer(&r, (double)(bench_now_ns() - t_start) / 1e9);
    if (r.o.pair_peer && r.npaired == 0 && !r.failures) {
        fprintf(stderr, "%s: --pair %s: no selected case could be compared\n", prog, r.o.pair);
        rc = 2;
    }
    if (close_sinks(&r, prog) != 0)
        r.failures++;
    if (r.o.use_re)
        regfree(&r.o.re);
    free(r.in);
    free(r.out);
    free(r.ref);
    free(r.sealed);
    free(r.sealed_base);
    free(r.sweep);
    return r.failures ? 1 : rc;
}
