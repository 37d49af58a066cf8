/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The `axiom` command-line tool: benchmarks (`speed`), the algorithms and
 * the kernels serving them (`list`), and CPU dispatch state (`cpu`). */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <axiom.h>

#include "bench.h"

/* Exit codes scripts can rely on. */
enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2 };
/* no_args(): --help was printed, the command is done. */
#define HELP_SHOWN (-1)

/* Kernels per algorithm family, as declared in lib/catalog.c (the lists)
 * and in each kernel's descriptor (name, features, constant_time): the
 * public API only names the kernel serving an algorithm now, so this table
 * must follow those files until the library offers a way to enumerate
 * kernels.  Best first, like the catalog. */
static const struct kernel_info {
    const char *family; /* algorithm name up to the first '-' */
    const char *name;   /* as axiom_impl() reports it */
    uint64_t needs;     /* AXIOM_CPU_* bits */
    int constant_time;
} kernels[] = {
    { "aes", "aesni", AXIOM_CPU_AESNI | AXIOM_CPU_SSSE3, 1 },
    { "aes", "generic-ct", 0, 1 },
    { "chacha20", "generic", 0, 1 },
};

/* Feature names as AXIOM_CPU_DISABLE spells them; must follow lib/cpu.c. */
static const struct feature_name {
    const char *name;
    uint64_t bits;
    int alias; /* accepted in AXIOM_CPU_DISABLE, not printed as a row */
} features[] = {
    { "aesni", AXIOM_CPU_AESNI, 0 },
    { "pclmul", AXIOM_CPU_PCLMUL, 0 },
    { "ssse3", AXIOM_CPU_SSSE3, 0 },
    { "avx", AXIOM_CPU_AVX, 0 },
    { "avx2", AXIOM_CPU_AVX2, 0 },
    { "bmi2", AXIOM_CPU_BMI2, 0 },
    { "adx", AXIOM_CPU_ADX, 0 },
    { "vaes", AXIOM_CPU_VAES, 0 },
    { "vpclmul", AXIOM_CPU_VPCLMUL, 0 },
    { "vpclmulqdq", AXIOM_CPU_VPCLMUL, 1 },
    { "avx512", AXIOM_CPU_AVX512, 0 },
    { "avx512ifma", AXIOM_CPU_AVX512IFMA, 0 },
    { "avx512vbmi", AXIOM_CPU_AVX512VBMI, 0 },
    { "gfni", AXIOM_CPU_GFNI, 0 },
    { "shani", AXIOM_CPU_SHANI, 0 },
    { "sha", AXIOM_CPU_SHANI, 1 },
    { "all", ~UINT64_C(0), 1 },
};

static void feature_list(char *out, size_t outlen, uint64_t bits)
{
    size_t n = 0;
    out[0] = '\0';
    for (size_t i = 0; i < sizeof features / sizeof features[0]; i++)
        if (!features[i].alias && (bits & features[i].bits) && n < outlen)
            n += (size_t)snprintf(out + n, outlen - n, "%s%s", n ? "," : "", features[i].name);
}

static const struct kernel_info *kernel_lookup(const char *family, const char *name)
{
    for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++)
        if (strcmp(kernels[i].family, family) == 0 && strcmp(kernels[i].name, name) == 0)
            return &kernels[i];
    return NULL;
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
    "Print every algorithm, the kernel that serves it now (after AXIOM_CPU_DISABLE),\n"
    "whether that kernel is constant time, and the library's other kernels for it.";

static int cmd_list(int argc, char **argv)
{
    int rc = no_args("list", list_summary, argc, argv);
    if (rc)
        return rc == HELP_SHOWN ? EXIT_OK : rc;
    uint64_t have = axiom_cpu_features();
    int status = EXIT_OK;
    printf("%-14s %-12s %-14s %s\n", "ALGORITHM", "KERNEL", "CONSTANT-TIME", "OTHER KERNELS");
    for (size_t i = 0; i < bench_nalgs; i++) {
        const char *alg = bench_algs[i].name;
        const char *k = axiom_impl(alg);
        char family[32];
        size_t flen = strcspn(alg, "-");
        snprintf(family, sizeof family, "%.*s", (int)flen, alg);
        if (!k) {
            fprintf(stderr, "axiom list: the library does not know %s\n", alg);
            status = EXIT_FAIL;
            continue;
        }
        const struct kernel_info *ki = kernel_lookup(family, k);
        char others[256];
        size_t n = 0;
        others[0] = '\0';
        for (size_t j = 0; j < sizeof kernels / sizeof kernels[0]; j++) {
            const struct kernel_info *o = &kernels[j];
            if (strcmp(o->family, family) != 0 || strcmp(o->name, k) == 0 || n >= sizeof others)
                continue;
            char needs[128] = "";
            if (o->needs & ~have)
                feature_list(needs, sizeof needs, o->needs & ~have);
            n += (size_t)snprintf(others + n, sizeof others - n, "%s%s%s%s%s", n ? ", " : "",
                                  o->name, needs[0] ? " (not usable: needs " : "", needs,
                                  needs[0] ? ")" : "");
        }
        printf("%-14s %-12s %-14s %s\n", alg, k,
               ki ? (ki->constant_time ? "yes" : "NO") : "unknown", n ? others : "-");
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

    /* Parse the variable the way lib/cpu.c does, to say what it took away
     * and which names it ignored. */
    for (const char *s = env ? env : ""; *s;) {
        while (*s == ',' || *s == ' ' || *s == '\t')
            s++;
        size_t n = strcspn(s, ", \t");
        if (n == 0)
            break;
        int known = 0;
        for (size_t i = 0; i < sizeof features / sizeof features[0]; i++)
            if (strlen(features[i].name) == n && strncasecmp(s, features[i].name, n) == 0) {
                asked |= features[i].bits;
                known = 1;
            }
        if (!known)
            printf("note: AXIOM_CPU_DISABLE names '%.*s', which the library ignores\n", (int)n,
                   s);
        s += n;
    }
    printf("libaxiom %s\n", axiom_version_string());
    printf("AXIOM_CPU_DISABLE=%s\n", env ? env : "(unset)");
    printf("%-12s %s\n", "FEATURE", "STATUS");
    for (size_t i = 0; i < sizeof features / sizeof features[0]; i++) {
        if (features[i].alias)
            continue;
        const char *st;
        if (have & features[i].bits)
            st = "in use";
        else if (asked & features[i].bits)
            st = "disabled by AXIOM_CPU_DISABLE";
        else
            st = "not available (CPU, OS or this build)";
        printf("%-12s %s\n", features[i].name, st);
    }
    return EXIT_OK;
}

static int cmd_speed(int argc, char **argv)
{
    /* The same runner as axiom-bench; the installed tool links libaxiom
     * only, so it has no comparison libraries. */
    return bench_cli("axiom speed", argc, argv, NULL);
}

static const struct command {
    const char *name;
    int (*run)(int argc, char **argv); /* NULL: not in this version */
    const char *args;
    const char *summary; /* run == NULL: what it waits for */
} commands[] = {
    { "speed", cmd_speed, "[OPTIONS] [FILTER]", "benchmark the ciphers (see axiom speed --help)" },
    { "list", cmd_list, "", "algorithms, the kernel serving each, whether constant time" },
    { "cpu", cmd_cpu, "", "CPU features in use and those AXIOM_CPU_DISABLE took away" },
    /* Planned: each becomes a cmd_* function when the library has the API. */
    { "dgst", NULL, "", "comes with SHA-256" },
    { "rand", NULL, "", "comes with the random generator" },
};

static void usage(FILE *f)
{
    fprintf(f, "usage: axiom [--help] [--version] COMMAND [ARGS]\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (commands[i].run)
            fprintf(f, "  %-6s %-19s %s\n", commands[i].name, commands[i].args,
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
        if (!commands[i].run) {
            fprintf(stderr, "axiom: '%s' is not in libaxiom %s yet: it %s\n", cmd,
                    axiom_version_string(), commands[i].summary);
            return EXIT_FAIL;
        }
        return commands[i].run(argc - optind, argv + optind);
    }
    fprintf(stderr, "axiom: unknown command '%s'\n", cmd);
    usage(stderr);
    return EXIT_USAGE;
}
