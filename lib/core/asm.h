/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What every GNU as source (.S) of the library includes once: the entry
 * and end of a function, and the two notes the linker combines over all
 * objects.  .note.GNU-stack: the object needs no executable stack.
 * .note.gnu.property with X86_FEATURE_1_AND = IBT | SHSTK: the code is
 * fit for Intel CET, i.e. every function starts with ENDBR64 (AXIOM_ENTRY)
 * and returns only by RET to the address its caller pushed; without the
 * note, one such object would switch CET off for the whole library. */
#ifndef AXIOM_ASM_H
#define AXIOM_ASM_H

#ifndef __ASSEMBLER__
#error "lib/core/asm.h is for .S files"
#endif

/* A global function of the library, hidden (not exported by libaxiom.so). */
#define AXIOM_ENTRY(name)                                                                          \
    .text;                                                                                         \
    .globl name;                                                                                   \
    .hidden name;                                                                                  \
    .type name, @function;                                                                         \
    .p2align 5;                                                                                    \
    name:                                                                                          \
    endbr64

#define AXIOM_END(name) .size name, .- name

    .section .note.GNU-stack, "", @progbits

    .section .note.gnu.property, "a"
    .p2align 3
    .long 4          /* name size */
    .long 16         /* descriptor size */
    .long 5          /* NT_GNU_PROPERTY_TYPE_0 */
    .asciz "GNU"
    .long 0xc0000002 /* GNU_PROPERTY_X86_FEATURE_1_AND */
    .long 4          /* data size */
    .long 3          /* IBT | SHSTK */
    .p2align 3
    .text

#endif
