# SPDX-License-Identifier: GPL-2.0-or-later
# The axiom-crypto command-line tool (included by Makefile.am), its manual
# page and its bash completion.  It links libaxiom and the shared runner
# only, so installing it pulls in no other library.
bin_PROGRAMS = tools/axiom-crypto
tools_axiom_crypto_SOURCES = tools/axiom.c
tools_axiom_crypto_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/bench
tools_axiom_crypto_LDADD = bench/libbench.la lib/libaxiom.la -lm

# The manual page: written by hand in troff (doc/axiom-crypto.1.in, the
# version filled in by configure), so a release tarball needs no tool to
# build it.  tests/cli.sh checks that it names every option of every
# command's --help.
man1_MANS = doc/axiom-crypto.1
EXTRA_DIST += doc/axiom-crypto.1.in

# bash completion (configure --with-bash-completion-dir; see configure.ac).
EXTRA_DIST += tools/bash-completion/axiom-crypto
if HAVE_BASH_COMPLETION_DIR
bashcomp_DATA = tools/bash-completion/axiom-crypto
endif

# Every command's behaviour: exit codes, write errors, list/cpu (JSON too),
# dgst against sha256sum and its family, rand, speed's errors, the manual
# page and the completion (a few seconds per CPU tier).
TESTS += tests/cli.sh
EXTRA_DIST += tests/cli.sh
