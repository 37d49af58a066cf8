/* SPDX-License-Identifier: GPL-2.0-or-later */
/* axiom-bench: the benchmark runner with every comparison library that
 * configure found linked in (the installed `axiom speed` has none). */
#include "config.h"

#include <stddef.h>

#include "bench.h"
#include "peers.h"

static const bench_impl *const peers[] = {
#ifdef HAVE_OPENSSL
    &bench_openssl,
#endif
#ifdef HAVE_GCRYPT
    &bench_gcrypt,
#endif
    NULL
};

int main(int argc, char **argv)
{
    return bench_cli("axiom-bench", argc, argv, peers);
}
