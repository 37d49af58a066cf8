/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The file-encryption commands of the command-line tool (tools/enc.c):
 * each takes the command's argc/argv (argv[0] is the command name) and
 * returns the exit status (0 success, 1 failure, 2 usage error). */
#ifndef AXIOM_TOOL_ENC_H
#define AXIOM_TOOL_ENC_H

#include <stdio.h>

int axiom_tool_enc(int argc, char **argv);
int axiom_tool_dec(int argc, char **argv);
int axiom_tool_keygen(int argc, char **argv);

/* Their --help texts. */
void axiom_tool_enc_help(FILE *f);
void axiom_tool_dec_help(FILE *f);
void axiom_tool_keygen_help(FILE *f);

#endif
