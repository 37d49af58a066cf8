/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The kernels that the constant-time checks (valgrind taint, dudect-style
 * timing) run, each as one operation on a secret buffer, plus the
 * deliberately leaky positive controls. */
#ifndef AXIOM_CT_TARGETS_H
#define AXIOM_CT_TARGETS_H

#include <stddef.h>
#include <stdint.h>

/* The secret every target consumes: a key in the first CT_KEY_BYTES, the
 * data (plaintext, message) in the rest. */
#define CT_KEY_BYTES 64
#define CT_DATA_BYTES 96
#define CT_SECRET_BYTES (CT_KEY_BYTES + CT_DATA_BYTES)

typedef struct ct_target ct_target;

/* @full: the taint harness wants every operation of the kernel at several
 * lengths (so that every interleave width and tail path runs); the timing
 * harness wants one short, fixed operation. */
typedef void (*ct_run_fn)(const ct_target *t, const uint8_t *secret, int full);

struct ct_target {
    char name[64];        /* "family/kernel[-variant]" */
    int constant_time;    /* what the catalog claims (controls: 0) */
    int control;          /* 1: a positive control, not a library kernel */
    int taint_only;       /* 1: not a single short operation worth timing */
    int slow;             /* 1: left out of ct_time's quick run (make check) */
    ct_run_fn run;
    const void *kernel;
    size_t keylen;
};

/* Every target compiled in and usable with the current CPU features
 * (AXIOM_CPU_DISABLE applies), library kernels first, controls last.
 * Returns the count; *out points at a static array. */
size_t ct_targets(const ct_target **out);

/* The first target whose name is @name, or NULL. */
const ct_target *ct_target_find(const char *name);

#endif
