/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Library-internal declarations shared across lib/ (never installed). */
#ifndef AXIOM_INTERNAL_H
#define AXIOM_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "axiom/cpu.h"
#include "axiom/error.h"
#include "axiom/util.h"

/* Visibility: the library is built with -fvisibility=hidden; public entry
 * points carry AXIOM_API so that they stay exported (the symbol map then
 * names them explicitly). */
#define AXIOM_API __attribute__((visibility("default")))

/* Features compiled into this build (see configure), before any CPU check. */
uint64_t axiom_cpu_compiled(void);

/* Nonzero when kernels that are not constant time must never be picked:
 * configure --enable-ct-only, or AXIOM_CT_ONLY set to anything but "0"
 * (read once, with AXIOM_CPU_DISABLE; the environment can only add the
 * restriction, never lift a configured one). */
int axiom_ct_only(void);

/* The one test every pick function applies to a kernel: all the features
 * it needs are in @have, and it is constant time or need not be.  Every
 * family's portable kernel passes whatever @have is (no features, constant
 * time), so no list ever ends up empty. */
static inline int axiom_kernel_usable(uint64_t have, uint64_t features, int constant_time)
{
    return (features & ~have) == 0 && (constant_time || !axiom_ct_only());
}

/* Zeroes about 8 KiB of the stack below the caller's frame: called right
 * after a (noinline) function whose compiled code may have spilled key
 * material there (register temporaries that axiom_wipe cannot name). */
void axiom_stack_wipe(void);

#endif
