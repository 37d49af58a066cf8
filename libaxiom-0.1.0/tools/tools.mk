# SPDX-License-Identifier: GPL-2.0-or-later
# The axiom command-line tool (included by Makefile.am).  It links libaxiom
# and the shared runner only, so installing it pulls in no other library.
bin_PROGRAMS = tools/axiom
tools_axiom_SOURCES = tools/axiom.c
tools_axiom_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/bench
tools_axiom_LDADD = bench/libbench.la lib/libaxiom.la -lm

# help, exit codes, list, dgst against sha256sum, rand (a second or so).
TESTS += tools/smoke.sh
EXTRA_DIST += tools/smoke.sh
