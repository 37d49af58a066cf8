/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Included first (after config.h) by the AEGIS-256 kernels that keep the
 * instruction order of their source: GCC's second scheduling pass
 * (-fschedule-insns2, after register allocation) moves the rounds of the
 * next steps among the current step's, and on AMD Zen 4 (family 25 model
 * 17) the state ring then waits on rounds off its critical path.
 * Without it, 16 KiB, A/B: AEGIS-256 (aesni-avx512) seal 1.08x and open
 * 1.03x, AEGIS-256X2 (vaes-avx512) 1.06x and 1.11x, AEGIS-256X4
 * (vaes-avx512) 1.01x and 1.08x; on the AVX2 tier AEGIS-256 (aesni-avx2)
 * and AEGIS-256X2 (vaes-avx2) seal 1.04-1.05x.  The other AEGIS kernels
 * measured level or slower without the pass (AEGIS-128X4 0.92x) and keep
 * it.  A GCC pragma: other compilers ignore it. */
#ifndef AXIOM_AEGIS_ORDER_H
#define AXIOM_AEGIS_ORDER_H

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-schedule-insns2")
#endif

#endif
