# SPDX-License-Identifier: LGPL-2.1-or-later
# The OpenSSL 3 provider module axiom.so (included by Makefile.am): its
# build, its tests in make check, its manual page and `make bench-provider`.
# Built when configure finds OpenSSL 3 (--enable-openssl-provider).

PROVIDER_SOURCES = \
	provider/axiom_prov.c \
	provider/cipher_aead.c \
	provider/cipher_aead_whole.c \
	provider/cipher_block.c \
	provider/digest.c \
	provider/kdf_hkdf.c \
	provider/mac_hmac.c \
	provider/prov.h \
	provider/prov_cipher.c \
	provider/rand_drbg.c
PROVIDER_TESTS = \
	tests/provider/common.sh \
	tests/provider/test_tools.sh \
	tests/provider/test_tls.sh \
	tests/provider/test_https.sh
EXTRA_DIST += $(PROVIDER_SOURCES) $(PROVIDER_TESTS) tests/provider/test_provider_evp.c \
	provider/axiom-provider.7 doc/provider.md bench/provider_bench.c bench/provider_bench.sh

if BUILD_PROVIDER
# Installed where configure says (--with-openssl-modulesdir; by default
# under $(libdir), so that DESTDIR and prefix are honoured).
ossl_modexecdir = $(OPENSSL_MODULESDIR)
ossl_modexec_LTLIBRARIES = provider/axiom.la
provider_axiom_la_SOURCES = $(PROVIDER_SOURCES)
# Only the public headers: the module is a client of the library's API.
provider_axiom_la_CPPFLAGS = -I$(top_builddir)/include -I$(top_srcdir)/include $(OPENSSL3_CFLAGS)
provider_axiom_la_CFLAGS = $(AM_CFLAGS) $(AXIOM_VIS_CFLAGS)
provider_axiom_la_LDFLAGS = $(AM_LDFLAGS) -module -avoid-version -no-undefined -shared \
	-export-symbols-regex '^OSSL_provider_init$$'
provider_axiom_la_LIBADD = lib/libaxiom.la $(OPENSSL3_LIBS)
if HAVE_LD_ZNOW
provider_axiom_la_LDFLAGS += -Wl,-z,now
endif
# The CET property, as for libaxiom.so (configure.ac explains the flags).
provider_axiom_la_LDFLAGS += $(AXIOM_CET_LDFLAGS)

# The manual page and the guide go with the module.
man7_MANS = provider/axiom-provider.7
providerdocdir = $(docdir)
providerdoc_DATA = doc/provider.md

# Everything the tests need to load the module from the build tree.
PROVIDER_TEST_ENV = \
	AXIOM_PROVIDER_DIR='$(abs_top_builddir)/provider/.libs'; \
	AXIOM_LIB_DIR='$(abs_top_builddir)/lib/.libs'; \
	AXIOM_SRCDIR='$(abs_top_srcdir)'; \
	OPENSSL_BIN='$(OPENSSL_BIN)'; CURL_BIN='$(CURL_BIN)'; PYTHON3_BIN='$(PYTHON3_BIN)'; \
	export AXIOM_PROVIDER_DIR AXIOM_LIB_DIR AXIOM_SRCDIR OPENSSL_BIN CURL_BIN PYTHON3_BIN;
AM_TESTS_ENVIRONMENT += $(PROVIDER_TEST_ENV)

if HAVE_TESTDEPS
# Every algorithm through EVP, the axiom provider against OpenSSL's default
# provider (and gost-engine's provider for Kuznyechik when installed).
check_PROGRAMS += tests/provider/test_provider_evp
tests_provider_test_provider_evp_SOURCES = tests/provider/test_provider_evp.c $(TEST_COMMON)
tests_provider_test_provider_evp_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests
tests_provider_test_provider_evp_CFLAGS = $(TEST_CFLAGS) $(OPENSSL3_CFLAGS)
tests_provider_test_provider_evp_LDADD = $(TEST_LIBS) $(OPENSSL3_LIBS)
# Run once the module is built.
EXTRA_tests_provider_test_provider_evp_DEPENDENCIES = provider/axiom.la
endif
# Real programs: openssl enc/dgst/speed/rand, TLS between s_server and
# s_client, curl and Python over HTTPS.
TESTS += tests/provider/test_tools.sh tests/provider/test_tls.sh tests/provider/test_https.sh
endif

# ---------------------------------------------------------------- benchmark
# make bench-provider: openssl speed with and without the provider in
# interleaved rounds, then bench/provider-bench (EVP in one process, the
# provider's cost per call, a TLS 1.3 transfer); results in
# $(BENCH_RESULTS)/provider.txt.  Not part of make check.
if BUILD_PROVIDER
if HAVE_LIBSSL3
noinst_PROGRAMS += bench/provider-bench
bench_provider_bench_SOURCES = bench/provider_bench.c
bench_provider_bench_CPPFLAGS = -I$(top_builddir)/include -I$(top_srcdir)/include $(OPENSSL3_CFLAGS)
bench_provider_bench_LDADD = lib/libaxiom.la $(LIBSSL3_LIBS) $(OPENSSL3_LIBS) -lpthread
bench-provider: bench/provider-bench$(EXEEXT) provider/axiom.la
	@$(MKDIR_P) $(BENCH_RESULTS)
	AXIOM_PROVIDER_DIR='$(abs_top_builddir)/provider/.libs' \
	AXIOM_LIB_DIR='$(abs_top_builddir)/lib/.libs' OPENSSL_BIN='$(OPENSSL_BIN)' \
	PROVIDER_BENCH=bench/provider-bench$(EXEEXT) \
	  $(SHELL) $(srcdir)/bench/provider_bench.sh | tee $(BENCH_RESULTS)/provider.txt
else
bench-provider:
	@echo "make bench-provider needs libssl 3 (configure found none)" >&2; exit 1
endif
else
bench-provider:
	@echo "make bench-provider needs the provider (configure found no OpenSSL 3)" >&2; exit 1
endif
.PHONY: bench-provider

# OpenSSL loads axiom.so and needs no libtool archive beside it (Debian and
# RPM packaging drop .la files too); uninstall then names the module itself.
install-exec-hook:
	rm -f "$(DESTDIR)$(OPENSSL_MODULESDIR)/axiom.la"
uninstall-hook:
	rm -f "$(DESTDIR)$(OPENSSL_MODULESDIR)/axiom.so"
