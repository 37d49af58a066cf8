/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Library-internal declarations shared across lib/ (never installed). */
#ifndef AXIOM_INTERNAL_H
#define AXIOM_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
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

/* axiom_cpu_features() and axiom_ct_only() in one internal call (no PLT
 * entry; returned in two registers), for kernel selection on every
 * one-shot call: the features kernels may use now, and the policy. */
typedef struct axiom_cpu_policy {
    uint64_t have;
    int ct_only;
    unsigned traits; /* AXIOM_TRAIT_* of this CPU model (lib/core/kernel.h) */
} axiom_cpu_policy;
axiom_cpu_policy axiom_cpu_usable(void);

/* @c with an ASCII capital lowercased, any other byte unchanged: the
 * catalog's names fold case independently of the locale (strcasecmp
 * follows LC_CTYPE, where "I" need not match "i"). */
static inline unsigned axiom_ascii_lower(unsigned char c)
{
    return c + ((unsigned)c - 'A' < 26u ? 32u : 0u);
}

/* Whether byte @x of a name given by a caller is byte @y of a catalog's
 * name, which is lowercase (every name a table of the library holds is),
 * ASCII case-insensitively: equal bytes cost one compare, and only a byte
 * that differs is tested for being @y's capital (x | 0x20 == y, y a
 * lowercase letter). */
static inline int axiom_name_byte_eq(unsigned char x, unsigned char y)
{
    return x == y || ((x | 0x20u) == y && (unsigned)y - 'a' < 26u);
}

/* ASCII case-insensitive equality of a NUL-terminated name @a and a
 * catalog's lowercase name @b, for the look-ups (inlined). */
static inline int axiom_name_eq(const char *a, const char *b)
{
    for (;; a++, b++) {
        if (!axiom_name_byte_eq((unsigned char)*a, (unsigned char)*b))
            return 0;
        if (!*b)
            return 1;
    }
}

/* Zero @n bytes at @p (n a multiple of 16, known at compile time where it
 * matters) with 16-byte stores.  GCC -O2 compiles a constant memset of
 * 128 bytes to REP STOSQ, whose start-up costs tens of cycles; stores
 * through a volatile vector pointer stay plain stores. */
typedef long long axiom_v16 __attribute__((vector_size(16), aligned(1), may_alias));
static inline void axiom_zero16(void *p, size_t n)
{
    volatile axiom_v16 *v = (volatile axiom_v16 *)p;
    /* Straight-line stores for the constant sizes of the call sites (up
     * to three 128-byte hash blocks): a loop costs as much again. */
#pragma GCC unroll 24
    for (size_t i = 0; i < n / 16; i++)
        v[i] = (axiom_v16){ 0, 0 };
}

/* axiom_wipe for an array (not a pointer: rejected at compile time) whose
 * size is a multiple of 16, inlined: volatile 16-byte stores, then an asm
 * statement that takes the address and clobbers memory. */
#define AXIOM_WIPE_FIXED(buf)                                                              \
    do {                                                                                   \
        _Static_assert(!__builtin_types_compatible_p(__typeof__(buf),                      \
                                                     __typeof__(&(buf)[0])),               \
                       "AXIOM_WIPE_FIXED needs an array");                                 \
        _Static_assert(sizeof(buf) % 16 == 0, "AXIOM_WIPE_FIXED: 16-byte multiple");      \
        axiom_zero16((buf), sizeof(buf));                                                  \
        __asm__ __volatile__("" : : "r"(buf) : "memory");                                  \
    } while (0)

/* The allocator of key-holding contexts (lib/core/secmem.c): zeroed,
 * 64-byte aligned blocks on pages kept out of core dumps (MADV_DONTDUMP);
 * free wipes the @n bytes (the size asked for at allocation) first.
 * NULL on failure; freeing NULL does nothing. */
void *axiom_secmem_alloc(size_t n);
void axiom_secmem_free(void *p, size_t n);
/* Test hooks (tests/test_wipe), NULL otherwise: called with each block
 * handed out, and with each block freed, after its wipe and before the
 * pool may reuse it. */
extern void (*axiom_secmem_alloc_hook)(void *p, size_t n);
extern void (*axiom_secmem_free_hook)(void *p, size_t n);

/* Zeroes about 8 KiB of the stack below the caller's frame: called right
 * after a (noinline) function whose compiled code may have spilled key
 * material there (register temporaries that axiom_wipe cannot name). */
void axiom_stack_wipe(void);

/* Marks @n bytes at @p as public: a verdict computed in constant time from
 * secrets that the library deliberately reveals (whether an XTS key's
 * halves are equal), so that what follows may branch on it.  A no-op in
 * the library (weak, lib/core/util.c); the secret-taint harness
 * (tests/ct/ct_taint.c) links its own definition, which tells valgrind
 * the bytes are defined.  Every call site is such a declassification. */
void axiom_declassify(const void *p, size_t n);

/* Nonzero when the @alen bytes at @a and the @blen bytes at @b share a
 * byte; an empty range shares none.  Compares addresses as integers, so
 * that buffers of different objects may be compared. */
static inline int axiom_ranges_meet(const void *a, size_t alen, const void *b, size_t blen)
{
    const uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    return alen && blen && x < y + blen && y < x + alen;
}

/* The library's rule for @len bytes of output at @out from @len bytes of
 * input at @in: the same bytes (in place) or none in common.  Nonzero
 * when @out and @in break it by overlapping partly. */
static inline int axiom_overlaps_partly(const void *out, const void *in, size_t len)
{
    return out != in && axiom_ranges_meet(out, len, in, len);
}

/* 1 when the @n bytes at @a and at @b are equal, else 0, in a time that
 * depends on @n only: every byte's difference is ORed into one total,
 * which becomes the verdict without a branch.  The empty asm takes the
 * exact total as an input it may change, so the compiler can neither stop
 * at a first difference nor derive the verdict early.  Inlined where tags
 * are checked on a per-call path; axiom_memeq() is the same.  The common
 * tag length, 16, is compared as two 64-bit words. */
static inline int axiom_ct_equal(const void *a, const void *b, size_t n)
{
    const uint8_t *x = a, *y = b;
    uint64_t d;
    if (n == 16) {
        uint64_t p[2], q[2];
        memcpy(p, x, 16);
        memcpy(q, y, 16);
        d = (p[0] ^ q[0]) | (p[1] ^ q[1]);
    } else {
        uint8_t e = 0; /* byte-wide, so that the compiler may vectorize the loop */
        for (size_t i = 0; i < n; i++)
            e |= (uint8_t)(x[i] ^ y[i]);
        d = e;
    }
    __asm__("" : "+r"(d));
    /* d | -d has its top bit set exactly when d is not 0. */
    return (int)(1 ^ ((d | (0 - d)) >> 63));
}

#endif
