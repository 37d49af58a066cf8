/* SPDX-License-Identifier: LGPL-2.1-or-later */
/** @file axiom/util.h
 *  @brief Small helpers for callers that handle secrets. */
#ifndef AXIOM_UTIL_H
#define AXIOM_UTIL_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @defgroup util Utilities
 *  @{ */
/** Overwrite @p len bytes at @p buf with zeros in a way the compiler may
 *  not optimise away (for keys and plaintext the caller is done with).
 *  @param buf  the bytes to clear (NULL allowed when @p len is 0)
 *  @param len  their number */
void axiom_wipe(void *buf, size_t len);

/** Compare @p n bytes at @p a and @p b in time that depends only on
 *  @p n: every byte is read and there is no branch or early exit on the
 *  contents (for tags, MACs and other secrets).  @p n 0 compares equal;
 *  NULL is allowed only with @p n 0.
 *  @param a  the first buffer
 *  @param b  the second buffer
 *  @param n  bytes to compare
 *  @return 1 when the bytes are equal, 0 otherwise */
int axiom_memeq(const void *a, const void *b, size_t n);
/** @} */

#ifdef __cplusplus
}
#endif
#endif
