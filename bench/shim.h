/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The interface between axiom-bench and a peer driver built as a shim: a
 * shared object of its own that holds the driver and a static copy of the
 * peer library, every symbol of the peer hidden and bound inside it.
 * BoringSSL, AWS-LC and libgcrypt master export the names (libgcrypt
 * master even the soname) of the OpenSSL and libgcrypt axiom-bench links,
 * so they are never loaded into its global namespace: axiom-bench
 * dlopen()s the shim privately (bench/peer_shim.c) and calls its entry,
 * the shim's only exported symbol. */
#ifndef AXIOM_BENCH_SHIM_H
#define AXIOM_BENCH_SHIM_H

#include "bench.h"

/* Name of the entry point the loader looks up. */
#define BENCH_SHIM_ENTRY "bench_shim_entry"

/* Changes whenever bench_impl, bench_alg or bench_msg change shape; a shim
 * built against another layout refuses to load.  The sizes catch a stale
 * shim left in the build tree; the number catches the rest. */
#define BENCH_SHIM_ABI \
    ((1u << 24) ^ ((unsigned)sizeof(bench_impl) << 16) ^ ((unsigned)sizeof(bench_alg) << 8) ^ \
     (unsigned)sizeof(bench_msg))

/* What axiom-bench's environment asks of the peers (bench_peer_noavx512(),
 * bench_peer_novaes()): inside a shim these answer from the flags. */
#define BENCH_SHIM_NOAVX512 1u
#define BENCH_SHIM_NOVAES   2u

/* The entry: the driver, or NULL when @abi is not the shim's. */
typedef const bench_impl *(*bench_shim_entry_fn)(unsigned abi, unsigned flags);

/* Inside a shim: the driver the entry hands out (bench/shim.c). */
extern const bench_impl bench_shim_driver;

#endif
