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

#endif
