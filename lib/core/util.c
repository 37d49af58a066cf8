/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Error messages, version, the secure wipe and the constant-time
 * comparison. */
#include "config.h"

#include <string.h>

#include "axiom/version.h"
#include "core/internal.h"

AXIOM_API const char *axiom_strerror(int err)
{
    switch (err) {
    case AXIOM_OK: return "Success";
    case AXIOM_EINVAL: return "Invalid argument (NULL pointer, bad flag or overlapping buffers)";
    case AXIOM_ENOTFOUND: return "Unknown algorithm name";
    case AXIOM_EKEYLEN: return "Key length not supported by the algorithm";
    case AXIOM_EIVLEN: return "IV or nonce length not supported by the algorithm";
    case AXIOM_ETAGLEN: return "Tag length not supported by the algorithm";
    case AXIOM_ELENGTH: return "Data length not valid for the mode";
    case AXIOM_ESTATE: return "Call out of order, or keystream exhausted";
    case AXIOM_EAUTH: return "Authentication failed: the message or tag was altered";
    case AXIOM_ENOMEM: return "Out of memory";
    case AXIOM_ERANDOM: return "The operating system's entropy source failed";
    case AXIOM_ENOTCT: return "No constant-time kernel for the algorithm on this CPU (constant-time-only policy)";
    default: return "Unknown error code";
    }
}

AXIOM_API const char *axiom_version_string(void)
{
    return PACKAGE_VERSION;
}

/* Calling memset through a volatile pointer keeps the compiler from
 * proving the stores dead; the barrier keeps it from sinking them. */
static void *(*const volatile wipe_memset)(void *, int, size_t) = memset;

AXIOM_API void axiom_wipe(void *buf, size_t len)
{
    if (buf && len) {
        wipe_memset(buf, 0, len);
        __asm__ __volatile__("" : : "r"(buf) : "memory");
    }
}

AXIOM_API int axiom_memeq(const void *a, const void *b, size_t n)
{
    return axiom_ct_equal(a, b, n);
}

__attribute__((weak, noinline)) void axiom_declassify(const void *p, size_t n)
{
    (void)p;
    (void)n;
}

__attribute__((noinline)) void axiom_stack_wipe(void)
{
    unsigned char buf[8192];
    wipe_memset(buf, 0, sizeof buf);
    __asm__ __volatile__("" : : "r"(buf) : "memory");
}
