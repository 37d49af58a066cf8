# SPDX-License-Identifier: GPL-2.0-or-later
# The axiom-crypto command-line tool (included by Makefile.am), its manual
# page and its bash completion.  It links libaxiom and the shared runner
# only, so installing it pulls in no other library.
bin_PROGRAMS = tools/axiom-crypto
tools_axiom_crypto_SOURCES = tools/axiom.c tools/enc.c tools/enc.h
tools_axiom_crypto_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/bench
tools_axiom_crypto_CFLAGS = $(AM_CFLAGS) $(ARGON2_CFLAGS)
tools_axiom_crypto_LDADD = bench/libbench.la lib/libaxiom.la -lm $(ARGON2_LIBS)

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

# enc/dec/keygen: round trips at every boundary, files and pipes, key files
# and passphrases, failures leaving nothing behind (a few seconds a tier).
TESTS += tools/enc_test.sh
EXTRA_DIST += tools/enc_test.sh tests/file_format_ref.py
# The same with a 5 GiB sparse file through a pipe (native tier only;
# about two minutes here, so not part of make check); then the test
# programs' long cases on every tier (CHECK_LARGE_TESTS, AXIOM_TEST_LARGE=1).
check-large: tools/axiom-crypto$(EXEEXT)
	LARGE=1 AXIOM_TIERS=native $(SHELL) $(srcdir)/tests/tiers.sh $(srcdir)/tools/enc_test.sh
	test -z "$(CHECK_LARGE_TESTS)" || AXIOM_TEST_LARGE=1 \
	  $(MAKE) $(AM_MAKEFLAGS) check TESTS="$(CHECK_LARGE_TESTS)"
.PHONY: check-large
