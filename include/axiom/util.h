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
 *  NULL with @p len 0 is allowed. */
void axiom_wipe(void *buf, size_t len);
/** @} */

#ifdef __cplusplus
}
#endif
#endif
