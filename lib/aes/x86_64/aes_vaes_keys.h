/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The round keys by name, k0 .. k13 and kl (the last), for the bodies of
 * lib/aes/x86_64/aes_vaes_common.h: the key of round N from the schedule
 * (VAES_KEY_BCAST(rkc_, N), the including kernel file's broadcast) when
 * memk_ is set, else its register copy krN_ (VAES_KEYS_MODE).  Included by
 * a kernel file where it starts to define its operations, after any code
 * that has variables of these names: they stay defined to the file's end. */
#ifndef AXIOM_AES_VAES_KEYS_H
#define AXIOM_AES_VAES_KEYS_H

#define VAES_K(r, kr) (memk_ ? VAES_KEY_BCAST(rkc_, r) : (kr))
#define k0 VAES_K(0, kr0_)
#define k1 VAES_K(1, kr1_)
#define k2 VAES_K(2, kr2_)
#define k3 VAES_K(3, kr3_)
#define k4 VAES_K(4, kr4_)
#define k5 VAES_K(5, kr5_)
#define k6 VAES_K(6, kr6_)
#define k7 VAES_K(7, kr7_)
#define k8 VAES_K(8, kr8_)
#define k9 VAES_K(9, kr9_)
#define k10 VAES_K(10, kr10_)
#define k11 VAES_K(11, kr11_)
#define k12 VAES_K(12, kr12_)
#define k13 VAES_K(13, kr13_)
#define kl VAES_K(nr, krl_)

#endif
