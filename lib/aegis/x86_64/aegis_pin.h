/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Every block of an AEGIS state in its register at the end of a step:
 * AEG_PIN (the bundle's aegis_ops_*.h) over the 256 family's six blocks
 * (AEG_PIN6) or the 128 family's eight (AEG_PIN8).  Included by the
 * family templates after their ops header. */
#ifndef AEGIS_PIN_H
#define AEGIS_PIN_H

#define AEG_PIN6(S)                                                                             \
    do {                                                                                        \
        AEG_PIN((S)->s0);                                                                       \
        AEG_PIN((S)->s1);                                                                       \
        AEG_PIN((S)->s2);                                                                       \
        AEG_PIN((S)->s3);                                                                       \
        AEG_PIN((S)->s4);                                                                       \
        AEG_PIN((S)->s5);                                                                       \
    } while (0)

#define AEG_PIN8(S)                                                                             \
    do {                                                                                        \
        AEG_PIN6(S);                                                                            \
        AEG_PIN((S)->s6);                                                                       \
        AEG_PIN((S)->s7);                                                                       \
    } while (0)

#endif
