/* SPDX-License-Identifier: LGPL-2.1-or-later */
/** @file axiom/error.h
 *  @brief Error codes shared by every libaxiom call, and their messages. */
#ifndef AXIOM_ERROR_H
#define AXIOM_ERROR_H

#ifdef __cplusplus
extern "C" {
#endif

/** @defgroup errors Error codes
 *  Every fallible call returns #AXIOM_OK or one of these negative codes.
 *  On error nothing is written to the caller's output buffers
 *  (an AEAD open that fails authentication wipes its output instead).
 *  @{ */
#define AXIOM_OK         0   /**< Success. */
#define AXIOM_EINVAL    (-1) /**< NULL where data is required, bad direction flag, bad overlap. */
#define AXIOM_ENOTFOUND (-2) /**< Unknown algorithm name. */
#define AXIOM_EKEYLEN   (-3) /**< Key length not supported by the algorithm. */
#define AXIOM_EIVLEN    (-4) /**< IV or nonce length not supported. */
#define AXIOM_ETAGLEN   (-5) /**< Tag length not supported. */
#define AXIOM_ELENGTH   (-6) /**< Data length invalid for the mode (not a whole number of
                                  blocks for ECB/CBC, XTS data unit under 16 bytes or over
                                  2^20 blocks). */
#define AXIOM_ESTATE    (-7) /**< Call out of order (update before init) or keystream exhausted. */
#define AXIOM_EAUTH     (-8) /**< AEAD tag mismatch: the message is not authentic. */
#define AXIOM_ENOMEM    (-9) /**< Memory allocation failed. */
#define AXIOM_ERANDOM   (-10) /**< The operating system's entropy source failed. */
#define AXIOM_ENOTCT    (-11) /**< A known algorithm refused: no constant-time kernel for it
                                  on this CPU, and the constant-time-only policy is on
                                  (AXIOM_CT_ONLY, configure --enable-ct-only). */
/** @} */

/** Describe an error code.
 *  @param err  a value returned by a libaxiom call
 *  @return a static English sentence; never NULL: unknown codes get a
 *          generic sentence */
const char *axiom_strerror(int err);

#ifdef __cplusplus
}
#endif
#endif
