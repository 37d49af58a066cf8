/* SPDX-License-Identifier: GPL-2.0-or-later */
/* AXIOM_CPU_DISABLE and AXIOM_CT_ONLY have no effect in an AT_SECURE
 * process (include/axiom/cpu.h).  Run as root, the program copies itself,
 * makes the copy setuid to "nobody" and runs it with AXIOM_CPU_DISABLE=all
 * and AXIOM_CT_ONLY=1: the kernel choice must be the one of a run without
 * them, while a plain run with them (the control) must change it.  Not
 * root, or a file system that ignores setuid bits: exit 77 (skip). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef HAVE_SYS_AUXV_H
#include <sys/auxv.h>
#endif

#include <axiom.h>

static const char *const algs[] = { "aes-128-gcm", "chacha20-poly1305", "sm4-ecb", "sha256" };

/* LeakSanitizer cannot run in a setuid (non-dumpable) process, and such a
 * process cannot read its own /proc/self/environ, where ASAN_OPTIONS would
 * be found: a sanitizer build of this program runs without leak checks. */
const char *__asan_default_options(void);
__attribute__((used)) const char *__asan_default_options(void)
{
    return "detect_leaks=0";
}

/* The child's report: AT_SECURE, the usable features and the kernels. */
static int probe(void)
{
    unsigned long secure = 0;
#if defined(HAVE_GETAUXVAL) && defined(AT_SECURE)
    secure = getauxval(AT_SECURE);
#endif
    printf("secure=%lu\n", secure);
    printf("features=%" PRIx64 "\n", axiom_cpu_features());
    for (size_t i = 0; i < sizeof algs / sizeof algs[0]; i++) {
        const char *k = axiom_impl(algs[i]);
        printf("%s=%s\n", algs[i], k ? k : "(refused)");
    }
    return fflush(stdout) == 0 ? 0 : 1;
}

/* Run @path --probe with the environment @env; its output into @out. */
static int run(const char *path, char *const env[], char *out, size_t cap)
{
    int fd[2];
    if (pipe(fd) != 0)
        return -1;
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        dup2(fd[1], 1);
        close(fd[0]);
        close(fd[1]);
        char *const argv[] = { (char *)path, (char *)"--probe", NULL };
        execve(path, argv, env);
        _exit(127);
    }
    close(fd[1]);
    size_t n = 0;
    ssize_t r;
    while (n + 1 < cap && (r = read(fd[0], out + n, cap - 1 - n)) != 0) {
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            break;
        n += (size_t)r;
    }
    out[n] = 0;
    close(fd[0]);
    int st;
    if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
        return -1;
    return 0;
}

static int copy_file(const char *from, const char *to)
{
    int in = open(from, O_RDONLY), out = open(to, O_WRONLY | O_CREAT | O_EXCL, 0700);
    int ok = in >= 0 && out >= 0;
    char buf[65536];
    ssize_t r;
    while (ok && (r = read(in, buf, sizeof buf)) > 0)
        ok = write(out, buf, (size_t)r) == r;
    if (in >= 0)
        close(in);
    if (out >= 0 && close(out) != 0)
        ok = 0;
    return ok ? 0 : -1;
}

/* The report without its first line (AT_SECURE). */
static const char *kernels(const char *report)
{
    const char *nl = strchr(report, '\n');
    return nl ? nl + 1 : report;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--probe") == 0)
        return probe();
#if !defined(HAVE_GETAUXVAL) || !defined(AT_SECURE)
    puts("test_setuid: no getauxval(AT_SECURE) to confirm the setuid run: skipped");
    return 77;
#else
    if (getenv("AXIOM_TEST_EMULATOR")) {
        puts("test_setuid: under an emulator, whose own process is not setuid: skipped");
        return 77;
    }
    if (geteuid() != 0) {
        puts("test_setuid: not root (cannot make a setuid program): skipped");
        return 77;
    }
    const struct passwd *pw = getpwnam("nobody");
    if (!pw || pw->pw_uid == 0) {
        puts("test_setuid: no unprivileged user \"nobody\": skipped");
        return 77;
    }
    char self[4096];
    ssize_t sl = readlink("/proc/self/exe", self, sizeof self - 1);
    if (sl <= 0) {
        puts("test_setuid: /proc/self/exe unreadable: skipped");
        return 77;
    }
    self[sl] = 0;

    /* The copy lives in the build tree (the file system the program was
     * built on), in a directory of its own. */
    char dir[] = "setuid.XXXXXX", copy[64];
    if (!mkdtemp(dir) || chmod(dir, 0755) != 0) {
        perror("test_setuid: mkdtemp");
        return 99;
    }
    snprintf(copy, sizeof copy, "%s/probe", dir);
    int status = 99;
    if (copy_file(self, copy) != 0 || chown(copy, pw->pw_uid, (gid_t)-1) != 0 ||
        chmod(copy, 04755) != 0) {
        perror("test_setuid: setuid copy");
        goto out;
    }

    char *plain_env[] = { (char *)"PATH=/usr/bin:/bin", NULL };
    char *hostile_env[] = { (char *)"PATH=/usr/bin:/bin", (char *)"AXIOM_CPU_DISABLE=all",
                            (char *)"AXIOM_CT_ONLY=1", NULL };
    static char base[4096], control[4096], secure[4096];
    if (run(self, plain_env, base, sizeof base) != 0 ||
        run(self, hostile_env, control, sizeof control) != 0 ||
        run(copy, hostile_env, secure, sizeof secure) != 0) {
        puts("test_setuid: a probe run failed");
        status = 1;
        goto out;
    }
    printf("plain run:\n%s\nwith AXIOM_CPU_DISABLE=all AXIOM_CT_ONLY=1:\n%s\n"
           "the same, setuid to nobody:\n%s\n", base, control, secure);
    if (strncmp(secure, "secure=0", 8) == 0) {
        puts("test_setuid: the setuid copy did not run with AT_SECURE (a nosuid file "
             "system?): skipped");
        status = 77;
        goto out;
    }
    if (strncmp(base, "secure=0", 8) != 0 || strncmp(secure, "secure=1", 8) != 0) {
        puts("test_setuid: unexpected AT_SECURE values");
        status = 1;
        goto out;
    }
    if (strcmp(kernels(control), kernels(base)) == 0) {
        if (strncmp(kernels(base), "features=0\n", 11) == 0) {
            /* A portable-only build (--disable-asm): no kernel choice
             * depends on the environment, so there is nothing to show. */
            puts("test_setuid: no CPU feature in use in this build: skipped");
            status = 77;
        } else {
            puts("test_setuid: the control run shows no effect of the environment: the "
                 "test cannot tell anything");
            status = 1;
        }
        goto out;
    }
    if (strcmp(kernels(secure), kernels(base)) != 0) {
        puts("test_setuid: FAIL: the environment changed the kernels of an AT_SECURE process");
        status = 1;
        goto out;
    }
    puts("test_setuid: the environment is ignored in the AT_SECURE process");
    status = 0;
out:
    unlink(copy);
    rmdir(dir);
    return status;
#endif
}
