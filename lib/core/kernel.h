/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The header every kernel descriptor starts with, and the one function
 * that picks a kernel from a list under the CPU mask and the
 * constant-time policy. */
#ifndef AXIOM_KERNEL_H
#define AXIOM_KERNEL_H

#include <stddef.h>
#include <stdint.h>

#include "axiom/cpu.h"

/* What every kernel, of whatever primitive, says about itself. */
typedef struct axiom_kernel {
    const char *name;      /* as axiom_impl() reports it, e.g. "vaes-avx512" */
    uint64_t features;     /* AXIOM_CPU_* bits it needs, all of them */
    int constant_time;     /* 1: no secret-dependent branch or memory index */
    const char *desc;      /* one line: what it is (interleave, fusion, ...) */
} axiom_kernel;

/* The first member of every kernel descriptor type: the header both as a
 * named member (`base`, what the lists point at) and as anonymous fields
 * (so that `k->name` reads it directly).  A descriptor is converted back
 * from its header with a plain cast: the header is at offset 0. */
#define AXIOM_KERNEL_HEAD                                                                  \
    union {                                                                                \
        axiom_kernel base;                                                                 \
        struct {                                                                           \
            const char *name;                                                              \
            uint64_t features;                                                             \
            int constant_time;                                                             \
            const char *desc;                                                              \
        };                                                                                 \
    }

/* A kernel list: pointers to the headers of the kernels of one primitive
 * that this build has, best first, NULL-terminated.  Every list is
 * defined in its family's registry file, lib/<family>/<family>_kernels.c. */
typedef const axiom_kernel *const axiom_kernel_list[];

/* Nonzero when the kernel can run now: the CPU has, the build compiled
 * and the caller did not disable every feature it needs, and it is
 * constant time or the constant-time-only policy is off. */
int axiom_kernel_usable(const axiom_kernel *k);

/* The first usable kernel of @list; NULL when there is none, which
 * happens only when the constant-time-only policy refuses every kernel
 * the CPU could run (every list ends with a portable kernel). */
const axiom_kernel *axiom_pick(const axiom_kernel *const *list);

/* Why axiom_pick(@list) found nothing: AXIOM_OK when it finds a kernel,
 * AXIOM_ENOTCT when one would be usable but for the constant-time-only
 * policy. */
int axiom_pick_status(const axiom_kernel *const *list);

/* The kernel of @list called @name (exact match), usable or not; NULL if
 * the list has none (white-box tests and benchmarks name kernels). */
const axiom_kernel *axiom_kernel_find(const axiom_kernel *const *list, const char *name);

#endif
