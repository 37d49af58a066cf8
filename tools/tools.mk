# SPDX-License-Identifier: GPL-2.0-or-later
# The axiom command-line tool (included by Makefile.am).
