/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Every block of an AEGIS state in its register at the end of a step:
 * AEG_PIN (the bundle's aegis_ops_*.h), or another pin, over the 256
 * family's six blocks (AEG_PIN6, AEG_PIN6_BY) or the 128 family's eight
 * (AEG_PIN8, AEG_PIN8_BY).  Included by the family templates after
 * their ops header. */
#ifndef AEGIS_PIN_H
#define AEGIS_PIN_H

#define AEG_PIN6_BY(S, PIN)                                                                     \
    do {                                                                                        \
        PIN((S)->s0);                                                                           \
        PIN((S)->s1);                                                                           \
        PIN((S)->s2);                                                                           \
        PIN((S)->s3);                                                                           \
        PIN((S)->s4);                                                                           \
        PIN((S)->s5);                                                                           \
    } while (0)

#define AEG_PIN8_BY(S, PIN)                                                                     \
    do {                                                                                        \
        AEG_PIN6_BY(S, PIN);                                                                    \
        PIN((S)->s6);                                                                           \
        PIN((S)->s7);                                                                           \
    } while (0)

#define AEG_PIN6(S) AEG_PIN6_BY(S, AEG_PIN)
#define AEG_PIN8(S) AEG_PIN8_BY(S, AEG_PIN)

#endif
