/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The peers built from source that axiom-bench loads as shims
 * (bench/shim.h): BoringSSL, AWS-LC and libgcrypt master.  Each one here is
 * a stand-in driver whose init dlopen()s the shim privately (RTLD_LOCAL:
 * none of its symbols joins the global namespace, where the system's
 * OpenSSL and libgcrypt are) and whose other calls go to the driver in it. */
#include "config.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "peers.h"
#include "shim.h"

/* Where `make` builds the shims (bench.mk); axiom-bench is not installed. */
#ifndef BENCH_SHIM_DIR
#error "BENCH_SHIM_DIR must name the directory of the shims"
#endif

/* OPENSSL_ia32cap values for BoringSSL and AWS-LC, which read the variable
 * when they first look at the CPU: in the shim's first call (BoringSSL) or
 * while it is loaded (AWS-LC's constructor), so setting it before dlopen()
 * is early enough.  Nothing before the ':' ("~0x0": AWS-LC wants a number
 * there) keeps the CPUID leaf-1 words; after it, the leaf-7 EBX bits 16,
 * 17, 21, 26, 27, 28, 30, 31 (AVX512F, DQ, IFMA, PF, ER, CD, BW, VL; low
 * 32 bits) and ECX bits 1, 6, 11, 12, 14 (VBMI, VBMI2, VNNI, BITALG,
 * VPOPCNTDQ; high 32 bits) are cleared, and for the VAES-free comparison
 * ECX bits 8, 9, 10 (GFNI, VAES, VPCLMULQDQ) too.  When axiom-bench has
 * restarted itself with OpenSSL's value (bench/main.c), or the user set
 * one, that value stays: both libraries skip its empty first word. */
#define BSSL_NOAVX512 "~0x0:~0x00005842dc230000"
#define BSSL_NOVAES   "~0x0:~0x00005f42dc230000"

typedef struct shim_peer {
    const char *name;   /* the driver's, checked when it is loaded */
    const char *file;   /* in BENCH_SHIM_DIR */
    int ia32cap;        /* reads OPENSSL_ia32cap */
    const bench_impl *impl;
} shim_peer;

static int shim_load(shim_peer *p)
{
    if (p->impl)
        return 0;
    if (p->ia32cap && bench_peer_noavx512() && !getenv("OPENSSL_ia32cap") &&
        setenv("OPENSSL_ia32cap", bench_peer_novaes() ? BSSL_NOVAES : BSSL_NOAVX512, 1) != 0)
        return -1;
    char path[4096];
    if ((size_t)snprintf(path, sizeof path, "%s/%s", BENCH_SHIM_DIR, p->file) >= sizeof path)
        return -1;
    /* RTLD_NOW: a missing symbol shows here, not in the middle of a run.
     * The handle is never closed: the driver's code is in use until exit. */
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        fprintf(stderr, "axiom-bench: %s\n", dlerror());
        return -1;
    }
    bench_shim_entry_fn entry;
    *(void **)&entry = dlsym(h, BENCH_SHIM_ENTRY);
    unsigned flags = (bench_peer_noavx512() ? BENCH_SHIM_NOAVX512 : 0) |
                     (bench_peer_novaes() ? BENCH_SHIM_NOVAES : 0);
    const bench_impl *im = entry ? entry(BENCH_SHIM_ABI, flags) : NULL;
    if (!im || strcmp(im->name, p->name) != 0) {
        fprintf(stderr, "axiom-bench: %s: not a shim of this axiom-bench (rebuild it)\n", path);
        dlclose(h);
        return -1;
    }
    if (im->init() != 0)
        return -1;
    p->impl = im;
    return 0;
}

/* The cold-cache flush of a peer without its own: the state's first
 * state_size bytes, as the runner does for a driver it holds directly. */
static void shim_flush(const bench_impl *im, void *st)
{
    if (im->flush)
        im->flush(st);
    else
        bench_flush_range(st, im->state_size);
}

/* One stand-in: the runner never calls more than init before init has
 * succeeded, so the others may take the loaded driver for granted. */
#define SHIM_PEER(id, file, nm, pfx, ia32cap)                                                      \
    static shim_peer id##_peer = { nm, file, ia32cap, NULL };                                      \
    static int id##_init(void)                                                                     \
    {                                                                                              \
        return shim_load(&id##_peer);                                                              \
    }                                                                                              \
    static const char *id##_version(void)                                                          \
    {                                                                                              \
        return id##_peer.impl->version();                                                          \
    }                                                                                              \
    static void *id##_setup(const bench_alg *a, int encrypt, const uint8_t *key,                   \
                            const uint8_t *iv)                                                     \
    {                                                                                              \
        return id##_peer.impl->setup(a, encrypt, key, iv);                                         \
    }                                                                                              \
    static int id##_run(void *st, const bench_msg *m, uint64_t iters)                              \
    {                                                                                              \
        return id##_peer.impl->run(st, m, iters);                                                  \
    }                                                                                              \
    static void id##_flush(void *st)                                                               \
    {                                                                                              \
        shim_flush(id##_peer.impl, st);                                                            \
    }                                                                                              \
    static void id##_teardown(void *st)                                                            \
    {                                                                                              \
        id##_peer.impl->teardown(st);                                                              \
    }                                                                                              \
    const bench_impl bench_##id = {                                                                \
        .name = nm,                                                                                \
        .prefix = pfx,                                                                             \
        .init = id##_init,                                                                         \
        .version = id##_version,                                                                   \
        .setup = id##_setup,                                                                       \
        .run = id##_run,                                                                           \
        .flush = id##_flush,                                                                       \
        .teardown = id##_teardown,                                                                 \
    }

/* The names and prefixes are the drivers' own (bench/peer_bssl.c,
 * bench/peer_gcrypt.c); the runner needs them before any shim is loaded. */
#ifdef HAVE_BENCH_BORINGSSL
SHIM_PEER(boringssl, "axiom-bench-boringssl.so", "boringssl", "BoringSSL_", 1);
#endif
#ifdef HAVE_BENCH_AWSLC
SHIM_PEER(awslc, "axiom-bench-awslc.so", "awslc", "AWSLC_", 1);
#endif
#ifdef HAVE_BENCH_GCRYPT_MASTER
SHIM_PEER(gcrypt_master, "axiom-bench-gcrypt-master.so", "gcrypt-master", "GcryptMaster_", 0);
#endif
