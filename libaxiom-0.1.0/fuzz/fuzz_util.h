/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Shared by the libFuzzer targets: reading fuzzer bytes as typed fields
 * (zeros once the input runs out, so every input is valid), aligned-or-not
 * buffers, libgcrypt setup, and the failure macro. */
#ifndef AXIOM_FUZZ_UTIL_H
#define AXIOM_FUZZ_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const uint8_t *p;
    size_t n;
} fz_reader;

static inline uint8_t fz_u8(fz_reader *r)
{
    if (!r->n)
        return 0;
    r->n--;
    return *r->p++;
}

static inline uint16_t fz_u16(fz_reader *r)
{
    uint16_t lo = fz_u8(r);
    return (uint16_t)(lo | (uint16_t)fz_u8(r) << 8);
}

/* @len bytes from the input, zero-filled past its end. */
static inline void fz_bytes(fz_reader *r, uint8_t *out, size_t len)
{
    size_t take = len < r->n ? len : r->n;
    if (take)
        memcpy(out, r->p, take);
    memset(out + take, 0, len - take);
    r->p += take;
    r->n -= take;
}

/* A harness failure is a crash libFuzzer records with its input. */
#define FZ_CHECK(cond, ...)                                                     \
    do {                                                                        \
        if (!(cond)) {                                                          \
            fprintf(stderr, "fuzz check failed at %s:%d: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                       \
            fputc('\n', stderr);                                                \
            abort();                                                            \
        }                                                                       \
    } while (0)

static inline int fz_all_zero(const uint8_t *p, size_t n)
{
    uint8_t acc = 0;
    for (size_t i = 0; i < n; i++)
        acc |= p[i];
    return acc == 0;
}

#ifdef HAVE_GCRYPT
#include <gcrypt.h>
static inline void fz_gcry_init(void)
{
    if (!gcry_check_version(GCRYPT_VERSION))
        abort();
    gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
}
#endif

#endif
