/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Valgrind secret-taint harness: marks keys and data undefined with the
 * memcheck client requests and runs kernels on them, so that memcheck
 * reports every branch and every memory index that depends on a secret.
 *
 *   ct_taint            every constant-time kernel usable here, and the
 *                       public API over the kernels it picks
 *   ct_taint NAME...    just those targets (the controls, the kernels the
 *                       catalog marks not constant time)
 *   ct_taint --list     "name constant_time control" per target
 *
 * Run it under `valgrind --error-exitcode=1` (tests/ct/taint.sh does); by
 * itself it only proves the targets run. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#ifdef HAVE_VALGRIND_MEMCHECK_H
#include <valgrind/memcheck.h>
#define HAVE_MEMCHECK 1
#else
#define VALGRIND_MAKE_MEM_UNDEFINED(p, n) ((void)(p), (void)(n))
#define VALGRIND_MAKE_MEM_DEFINED(p, n) ((void)(p), (void)(n))
#define RUNNING_ON_VALGRIND 0
#endif

#include "ct_targets.h"

static uint8_t secret[CT_SECRET_BYTES];

#ifdef HAVE_MEMCHECK
/* The library's one declassification hook (lib/core/internal.h): this
 * strong definition replaces its weak no-op, so a verdict the library
 * reveals on purpose is defined from then on and may be branched on. */
void axiom_declassify(const void *p, size_t n);
void axiom_declassify(const void *p, size_t n)
{
    VALGRIND_MAKE_MEM_DEFINED(p, n);
}
#endif

static void run_one(const ct_target *t)
{
    /* Fresh, defined values each time (the previous run may have been
     * told they were undefined), then taint them. */
    for (size_t i = 0; i < sizeof secret; i++)
        secret[i] = (uint8_t)(i * 167 + 13);
    VALGRIND_MAKE_MEM_UNDEFINED(secret, sizeof secret);
    t->run(t, secret, 1);
    VALGRIND_MAKE_MEM_DEFINED(secret, sizeof secret);
    printf("ran %s\n", t->name);
}

int main(int argc, char **argv)
{
#ifndef HAVE_MEMCHECK
    (void)argc;
    (void)argv;
    (void)run_one;
    printf("ct_taint: built without <valgrind/memcheck.h> (Debian: valgrind); skipped\n");
    return 77;
#else
    const ct_target *list;
    size_t n = ct_targets(&list);

    if (argc == 2 && strcmp(argv[1], "--list") == 0) {
        for (size_t i = 0; i < n; i++)
            printf("%s %d %d\n", list[i].name, list[i].constant_time, list[i].control);
        return 0;
    }
    if (argc > 1) {
        for (int a = 1; a < argc; a++) {
            const ct_target *t = ct_target_find(argv[a]);
            if (!t) {
                fprintf(stderr, "ct_taint: no target %s usable here\n", argv[a]);
                return 2;
            }
            run_one(t);
        }
        return 0;
    }
    size_t ran = 0;
    for (size_t i = 0; i < n; i++) {
        if (!list[i].constant_time || list[i].control)
            continue;
        run_one(&list[i]);
        ran++;
    }
    printf("ct_taint: %zu constant-time targets ran with tainted keys and data%s\n", ran,
           RUNNING_ON_VALGRIND ? " under valgrind" : " (not under valgrind: nothing checked)");
    return 0;
#endif
}
