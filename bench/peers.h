/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The optional comparison libraries, each in its own file so that the
 * build compiles only those configure found. */
#ifndef AXIOM_BENCH_PEERS_H
#define AXIOM_BENCH_PEERS_H

#include "bench.h"

#ifdef HAVE_OPENSSL
extern const bench_impl bench_openssl;
#endif
#ifdef HAVE_GCRYPT
extern const bench_impl bench_gcrypt;
#endif
#ifdef HAVE_LIBAEGIS
extern const bench_impl bench_libaegis;
#endif
/* Built from source and loaded as shims (bench/peer_shim.c). */
#ifdef HAVE_BENCH_BORINGSSL
extern const bench_impl bench_boringssl;
#endif
#ifdef HAVE_BENCH_AWSLC
extern const bench_impl bench_awslc;
#endif
#ifdef HAVE_BENCH_GCRYPT_MASTER
extern const bench_impl bench_gcrypt_master;
#endif

#endif
