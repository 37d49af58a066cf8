/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The entry point of every peer shim (bench/shim.h), linked into each one
 * with its driver.  Everything here but the entry is hidden, like the
 * whole of the peer library. */
#include "config.h"

#include "bench.h"
#include "shim.h"

static unsigned shim_flags;

/* The runner's functions of these names read the environment; a driver in
 * a shim gets the answers axiom-bench read. */
int bench_peer_noavx512(void)
{
    return (shim_flags & (BENCH_SHIM_NOAVX512 | BENCH_SHIM_NOVAES)) != 0;
}

int bench_peer_novaes(void)
{
    return (shim_flags & BENCH_SHIM_NOVAES) != 0;
}

__attribute__((visibility("default"))) const bench_impl *bench_shim_entry(unsigned abi,
                                                                         unsigned flags);
__attribute__((visibility("default"))) const bench_impl *bench_shim_entry(unsigned abi,
                                                                         unsigned flags)
{
    if (abi != BENCH_SHIM_ABI)
        return NULL;
    shim_flags = flags;
    return &bench_shim_driver;
}
