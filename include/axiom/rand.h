/* SPDX-License-Identifier: LGPL-2.1-or-later */
/** @file axiom/rand.h
 *  @brief Random numbers: the OS entropy source, a NIST SP 800-90A CTR_DRBG,
 *         and a fast process-wide generator built on it. */
#ifndef AXIOM_RAND_H
#define AXIOM_RAND_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @defgroup rand Randomness
 *
 *  Three ways to get random bytes:
 *  - axiom_random_bytes(): straight from the operating system (getrandom(2);
 *    /dev/urandom only where getrandom(2) does not exist; BCryptGenRandom
 *    on Windows).  One system call per 32 MiB or less; use it for keys.
 *  - axiom_random_fill(): the fast generator for everything else, one
 *    CTR_DRBG per thread (construction and forward secrecy below).
 *  - axiom_drbg_new() and friends: a CTR_DRBG object that the caller owns,
 *    for reproducible streams and known-answer tests.
 *
 *  Every call accepts a zero length with a NULL buffer.  On error nothing
 *  is written, except where axiom_random_bytes() says otherwise.
 *
 *  @par The CTR_DRBG
 *  NIST SP 800-90A Rev. 1, section 10.2.1: CTR_DRBG with AES-256, the
 *  block-cipher derivation function (10.3.2) and ctr_len = 128, security
 *  strength 256 bits, seedlen 384 bits.  No prediction resistance flag: a
 *  caller who wants it calls axiom_drbg_reseed() before each generate, which
 *  is the same sequence of operations (9.3.1, step 7).  Limits enforced
 *  inside the library:
 *  - entropy input: at least #AXIOM_DRBG_MIN_ENTROPY bytes (the security
 *    strength), at most #AXIOM_DRBG_MAX_INPUT; nonce: at least
 *    #AXIOM_DRBG_MIN_NONCE bytes (half the security strength), at most
 *    #AXIOM_DRBG_MAX_INPUT; personalisation string and additional input:
 *    at most #AXIOM_DRBG_MAX_INPUT bytes each (SP 800-90A allows up to
 *    2^35 bits; this smaller bound keeps the derivation function's 32-bit
 *    length field exact);
 *  - at most #AXIOM_DRBG_MAX_REQUEST bytes (2^19 bits) per generate
 *    request: a longer axiom_drbg_generate() call is served as consecutive
 *    requests of #AXIOM_DRBG_MAX_REQUEST bytes (the last one shorter), each
 *    with the same additional input;
 *  - a reseed from the operating system after #AXIOM_DRBG_RESEED_INTERVAL
 *    requests (the standard allows 2^48).
 *  The AES kernel is the fastest one the CPU allows when the generator is
 *  instantiated (see axiom_impl("aes-256-ctr")).
 *  @{ */

/** Minimum entropy input, in bytes (256 bits, the security strength). */
#define AXIOM_DRBG_MIN_ENTROPY 32
/** Minimum nonce, in bytes (128 bits, half the security strength). */
#define AXIOM_DRBG_MIN_NONCE 16
/** Maximum length in bytes of each of the entropy input, nonce,
 *  personalisation string and additional input (2^28). */
#define AXIOM_DRBG_MAX_INPUT ((size_t)1 << 28)
/** Maximum bytes per SP 800-90A generate request (2^19 bits). */
#define AXIOM_DRBG_MAX_REQUEST ((size_t)1 << 16)
/** Generate requests between two reseeds of an axiom_drbg (2^32). */
#define AXIOM_DRBG_RESEED_INTERVAL (UINT64_C(1) << 32)

/** Fill @p len bytes at @p buf from the operating system's generator.
 *
 *  Linux: getrandom(2) with no flags, so it blocks only until the kernel
 *  pool has been initialised once after boot; interrupted calls and short
 *  reads are retried.  Only if the kernel does not have getrandom(2)
 *  (ENOSYS) is /dev/urandom read instead (opened with O_CLOEXEC and
 *  checked to be a character device); any other getrandom(2) failure is
 *  returned, never papered over.  Windows: BCryptGenRandom with the
 *  system-preferred generator.  Any size is accepted.
 *  @param[out] buf  receives the bytes
 *  @param len       their number
 *  @return #AXIOM_OK; #AXIOM_EINVAL (@p buf NULL with @p len > 0, nothing
 *          written); #AXIOM_ERANDOM (the OS failed; the whole buffer is then
 *          zero, since a failure after a partial read cannot take back the
 *          bytes already read) */
int axiom_random_bytes(void *buf, size_t len);

/** Fill @p len bytes at @p buf from the process-wide fast generator.
 *
 *  Construction: each thread owns one CTR_DRBG as specified above,
 *  instantiated from the OS (axiom_random_bytes()) on the thread's first
 *  call, reseeded from the OS every 2^14 generate requests, and
 *  re-instantiated from the OS in a child process after fork() (the state
 *  lives on pages marked MADV_WIPEONFORK, so the child sees it zeroed, and
 *  a pthread_atfork() handler counts forks as well; where the kernel lacks
 *  MADV_WIPEONFORK, the process id is compared on every call).
 *  Requests shorter than 4 KiB are served from a per-thread buffer that is
 *  refilled by one 4 KiB generate request; bytes are erased from the buffer
 *  as they are handed out.  Longer requests are generated directly into
 *  @p buf.  There is no lock and no shared state between threads, and two
 *  threads or processes never share a generator state, so no two of them
 *  receive the same bytes.  The thread's state is wiped at thread exit.
 *  Not async-signal-safe: do not call it from a signal handler that may
 *  interrupt a call in the same thread.
 *
 *  Forward secrecy: every generate request ends with the SP 800-90A
 *  update step, which replaces the key, so a later compromise of the
 *  thread's state reveals nothing about bytes already returned; it does
 *  reveal the up to 4 KiB still waiting in the buffer, which would have
 *  been the thread's next output.  Use axiom_random_bytes() or an
 *  axiom_drbg for long-term keys if that matters to you.
 *  @param[out] buf  receives the bytes
 *  @param len       their number
 *  @return #AXIOM_OK, #AXIOM_EINVAL (@p buf NULL with @p len > 0),
 *          #AXIOM_ENOMEM (first call in a thread could not map its state),
 *          #AXIOM_ERANDOM (the OS failed to (re)seed) */
int axiom_random_fill(void *buf, size_t len);

/** Opaque CTR_DRBG instance (AES-256, derivation function).  One thread at
 *  a time.  Not reseeded automatically after fork(): a child that keeps
 *  using an instance must call axiom_drbg_reseed() first, or both
 *  processes produce the same bytes. */
typedef struct axiom_drbg axiom_drbg;

/** Instantiate a CTR_DRBG from the operating system: 32 bytes of entropy
 *  input and a 16-byte nonce from axiom_random_bytes(), and the optional
 *  personalisation string @p pers.
 *  @param[out] drbg     receives the instance (NULL on error)
 *  @param      pers     personalisation string (may be NULL when @p perslen is 0)
 *  @param      perslen  its length in bytes
 *  @return #AXIOM_OK, #AXIOM_EINVAL (@p drbg NULL, or @p pers NULL with
 *          @p perslen > 0), #AXIOM_ELENGTH (@p perslen over
 *          #AXIOM_DRBG_MAX_INPUT), #AXIOM_ENOMEM, #AXIOM_ERANDOM */
int axiom_drbg_new(axiom_drbg **drbg, const uint8_t *pers, size_t perslen);

/** Instantiate a CTR_DRBG from caller-supplied inputs: deterministic, for
 *  known-answer tests and reproducible streams.
 *  @param[out] drbg  receives the instance (NULL on error)
 *  @param entropy    entropy input, #AXIOM_DRBG_MIN_ENTROPY to
 *                    #AXIOM_DRBG_MAX_INPUT bytes
 *  @param entropylen length of @p entropy in bytes
 *  @param nonce      nonce, #AXIOM_DRBG_MIN_NONCE to #AXIOM_DRBG_MAX_INPUT bytes
 *  @param noncelen   length of @p nonce in bytes
 *  @param pers       personalisation string (may be NULL when @p perslen is 0)
 *  @param perslen    length of @p pers in bytes
 *  @return #AXIOM_OK, #AXIOM_EINVAL (@p drbg NULL, or a NULL input with a
 *          length > 0), #AXIOM_ELENGTH (entropy or nonce shorter than its
 *          minimum, or any input over #AXIOM_DRBG_MAX_INPUT), #AXIOM_ENOMEM */
int axiom_drbg_new_seeded(axiom_drbg **drbg,
                          const uint8_t *entropy, size_t entropylen,
                          const uint8_t *nonce, size_t noncelen,
                          const uint8_t *pers, size_t perslen);

/** Reseed (SP 800-90A 10.2.1.4.2) with @p entropy, or with 32 bytes from
 *  the operating system when @p entropy is NULL (then @p entropylen must
 *  be 0), and the optional additional input @p add.  On error the
 *  instance is unchanged.
 *  @param drbg        the instance
 *  @param entropy     entropy input, or NULL for 32 bytes from the OS
 *  @param entropylen  its length in bytes (0 when @p entropy is NULL)
 *  @param add         additional input (may be NULL when @p addlen is 0)
 *  @param addlen      its length in bytes
 *  @return #AXIOM_OK, #AXIOM_EINVAL (@p drbg NULL, @p entropy NULL with
 *          @p entropylen > 0, @p add NULL with @p addlen > 0),
 *          #AXIOM_ELENGTH (@p entropylen under #AXIOM_DRBG_MIN_ENTROPY, or
 *          an input over #AXIOM_DRBG_MAX_INPUT), #AXIOM_ERANDOM */
int axiom_drbg_reseed(axiom_drbg *drbg, const uint8_t *entropy, size_t entropylen,
                      const uint8_t *add, size_t addlen);

/** Generate @p len bytes into @p out with the optional additional input
 *  @p add (SP 800-90A 10.2.1.5.2; an empty @p add is the standard's Null).
 *  Any length: see #AXIOM_DRBG_MAX_REQUEST for how long requests are
 *  split.  @p len 0 returns #AXIOM_OK and leaves the instance unchanged.
 *  If a reseed is due (#AXIOM_DRBG_RESEED_INTERVAL) it is done first, from
 *  the operating system, even for an instance made by
 *  axiom_drbg_new_seeded().
 *  @param drbg      the instance
 *  @param[out] out  receives the bytes
 *  @param len       their number
 *  @param add       additional input (may be NULL when @p addlen is 0)
 *  @param addlen    its length in bytes
 *  @return #AXIOM_OK, #AXIOM_EINVAL (@p drbg NULL, @p out NULL with
 *          @p len > 0, @p add NULL with @p addlen > 0), #AXIOM_ELENGTH
 *          (@p addlen over #AXIOM_DRBG_MAX_INPUT), #AXIOM_ERANDOM (a due
 *          reseed failed; nothing written, instance unchanged) */
int axiom_drbg_generate(axiom_drbg *drbg, uint8_t *out, size_t len,
                        const uint8_t *add, size_t addlen);

/** Wipe the instance's state and free it.
 *  @param drbg  instance from axiom_drbg_new() or axiom_drbg_new_seeded(),
 *               or NULL (a no-op) */
void axiom_drbg_free(axiom_drbg *drbg);

/** @} */

#ifdef __cplusplus
}
#endif
#endif
