# SPDX-License-Identifier: GPL-2.0-or-later
# Assurance targets (included by Makefile.am): sanitizers, valgrind,
# constant-time evidence and fuzzing.  doc/ASSURANCE.md says what each one
# proved; the README says how to run them.
#
#   make check-asan      whole suite, clang ASan+UBSan, in build-asan/
#   make check-valgrind  whole suite under memcheck, in build-valgrind/
#   make check-ct        valgrind secret taint + quick timing test
#   make check-ct-long   long timing campaign (CT_MEASUREMENTS per kernel)
#   make fuzz            libFuzzer targets, in build-fuzz/
#   make fuzz-run        each target for FUZZ_SECONDS
#   make fuzz-smoke      each target over its seeds and FUZZ_SMOKE_RUNS fixed inputs
#   make check-cross     cross builds (CROSS_ARCHS) with make check under qemu-user
#
# The separate builds copy the sources (tests/sepbuild.sh) because
# configure refuses a VPATH build of a source tree configured in place.

EXTRA_DIST += assurance.mk doc/ASSURANCE.md tests/sepbuild.sh tests/ct/taint.sh tests/cross.sh \
	tests/lsan.supp tests/valgrind.supp

# ---------------------------------------------------------------- constant time
# The taint harness only means something under valgrind (check-ct).
EXTRA_PROGRAMS = tests/ct/ct_taint
CLEANFILES += $(EXTRA_PROGRAMS)
CT_SOURCES = tests/ct/ct_targets.c tests/ct/ct_targets.h
tests_ct_ct_taint_SOURCES = tests/ct/ct_taint.c $(CT_SOURCES)
tests_ct_ct_taint_LDADD = lib/libaxiom_core.la

if HAVE_TESTDEPS
# The quick timing test is part of make check (ct_time without arguments:
# 10000 measurements, native tier only): its positive control sits at |t|
# in the hundreds and the kernels below 5, against a threshold of 10
# (doc/ASSURANCE.md).
check_PROGRAMS += tests/ct/ct_time
tests_ct_ct_time_SOURCES = tests/ct/ct_time.c $(CT_SOURCES)
tests_ct_ct_time_LDADD = lib/libaxiom_core.la -lm
# It runs after every other test of the run (its log depends on theirs),
# so that make -j does not time it beside another test program: on a
# 2-vCPU AMD Zen 4 guest, a program busy on the other vCPU pushed
# constant-time targets over the threshold twice in a row
# (doc/ASSURANCE.md).
# (A rule of one's own for a test log replaces automake's, so this one
# carries automake's recipe for it.)
tests/ct/ct_time.log: tests/ct/ct_time$(EXEEXT) $(TEST_LOGS:tests/ct/ct_time.log=)
	@p='tests/ct/ct_time$(EXEEXT)'; \
	b='tests/ct/ct_time'; \
	$(am__check_pre) $(LOG_DRIVER) --test-name "$$f" \
	--log-file $$b.log --trs-file $$b.trs \
	$(am__common_driver_flags) $(AM_LOG_DRIVER_FLAGS) $(LOG_DRIVER_FLAGS) -- $(LOG_COMPILE) \
	"$$tst" $(AM_TESTS_FD_REDIRECT)
# AXIOM_CT_ONLY and --enable-ct-only (white box).
check_PROGRAMS += tests/ct/test_ct_only
tests_ct_test_ct_only_SOURCES = tests/ct/test_ct_only.c $(TEST_COMMON)
tests_ct_test_ct_only_CFLAGS = $(TEST_CFLAGS)
tests_ct_test_ct_only_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests
tests_ct_test_ct_only_LDADD = lib/libaxiom_core.la $(TEST_LIBS)
endif

CT_QUICK_MEASUREMENTS = 20000
CT_MEASUREMENTS = 1000000
check-ct: tests/ct/ct_taint$(EXEEXT) tests/ct/ct_time$(EXEEXT)
	$(SHELL) $(srcdir)/tests/ct/taint.sh tests/ct/ct_taint$(EXEEXT)
	tests/ct/ct_time$(EXEEXT) -n $(CT_QUICK_MEASUREMENTS)
check-ct-long: tests/ct/ct_time$(EXEEXT)
	tests/ct/ct_time$(EXEEXT) -n $(CT_MEASUREMENTS)

# ---------------------------------------------------------------- sanitizers
ASAN_CC = clang
ASAN_CFLAGS = -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer
ASAN_DIR = build-asan
# AXIOM_TIERS (tests/tiers.sh) may narrow the tiers; all five by default.
check-asan:
	$(SHELL) $(srcdir)/tests/sepbuild.sh $(abs_top_srcdir) $(abs_top_builddir)/$(ASAN_DIR) \
	  CC=$(ASAN_CC) "CFLAGS=$(ASAN_CFLAGS)" "LDFLAGS=$(ASAN_CFLAGS)" --disable-shared
	cd $(abs_top_builddir)/$(ASAN_DIR)/src && \
	  ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=1 \
	  LSAN_OPTIONS=suppressions=$(abs_top_srcdir)/tests/lsan.supp \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  $(MAKE) $(AM_MAKEFLAGS) check

# Valgrind runs every test program (not the shell-script tests) under
# memcheck, on the tiers valgrind 3.19 can execute: AES-NI, PCLMULQDQ,
# SSSE3 and AVX2 yes; AVX-512, VAES, VPCLMULQDQ on ymm/zmm, GFNI and SHA-NI
# no (its CPUID hides them; the tiers below disable them as well).
VALGRIND_DIR = build-valgrind
VALGRIND_TIERS = no-avx512 no-aesni all-off
# tests/valgrind.supp: leaks inside the GOST engine and provider, which
# test_gost_peer loads as its peer (never in libaxiom).
VALGRIND_FLAGS = -q --error-exitcode=1 --leak-check=full \
	--show-leak-kinds=definite,indirect,possible --errors-for-leak-kinds=definite,indirect,possible \
	--suppressions=$(abs_top_srcdir)/tests/valgrind.supp
# DWARF 4: valgrind 3.19 cannot read clang 14's DWARF 5 forms.
check-valgrind:
	$(SHELL) $(srcdir)/tests/sepbuild.sh $(abs_top_srcdir) $(abs_top_builddir)/$(VALGRIND_DIR) \
	  "CC=$(CC)" "CFLAGS=-O2 -g -gdwarf-4" --disable-shared
	cd $(abs_top_builddir)/$(VALGRIND_DIR)/src && \
	  AXIOM_TIERS='$(VALGRIND_TIERS)' CK_TIMEOUT_MULTIPLIER=20 \
	  $(MAKE) $(AM_MAKEFLAGS) check TESTS='$(check_PROGRAMS)' \
	    LOG_FLAGS='valgrind $(VALGRIND_FLAGS)'

# ---------------------------------------------------------------- fuzzing
FUZZ_TARGETS = fuzz/fuzz_aead fuzz/fuzz_cipher fuzz/fuzz_api fuzz/fuzz_chunked
EXTRA_DIST += $(FUZZ_TARGETS:=.c) fuzz/fuzz_util.h fuzz/aead_table.h fuzz/seeds.c fuzz/run.sh
FUZZ_DIR = build-fuzz
FUZZ_CC = clang
FUZZ_CFLAGS = -O1 -g -fsanitize=fuzzer-no-link,address,undefined \
	-fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_SECONDS = 60
# The library and the targets are compiled in build-fuzz/ with coverage
# instrumentation (fuzzer-no-link); only the targets link libFuzzer.
fuzz:
	$(SHELL) $(srcdir)/tests/sepbuild.sh $(abs_top_srcdir) $(abs_top_builddir)/$(FUZZ_DIR) \
	  CC=$(FUZZ_CC) "CFLAGS=$(FUZZ_CFLAGS)" "LDFLAGS=-fsanitize=address,undefined" --disable-shared
	cd $(abs_top_builddir)/$(FUZZ_DIR)/src && $(MAKE) $(AM_MAKEFLAGS) fuzz-here
	@echo "fuzz targets built in $(FUZZ_DIR)/src: $(FUZZ_TARGETS)"
fuzz-run: fuzz
	cd $(abs_top_builddir)/$(FUZZ_DIR)/src && $(SHELL) fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)
# CI's pass: every target over its seeds and FUZZ_SMOKE_RUNS inputs from a
# fixed libFuzzer seed, so that a harness that no longer fits the library,
# or a regression on the seed vectors, fails the build; campaigns are
# fuzz-run's.
FUZZ_SMOKE_RUNS = 3000
fuzz-smoke: fuzz
	cd $(abs_top_builddir)/$(FUZZ_DIR)/src && \
	  $(SHELL) fuzz/run.sh --runs $(FUZZ_SMOKE_RUNS) $(FUZZ_TARGETS)

# Inside the fuzzing build only (its CC and CFLAGS are the fuzzing ones).
fuzz-here: lib/libaxiom_core.la fuzz/seeds$(EXEEXT) $(FUZZ_TARGETS)
fuzz/seeds$(EXEEXT): $(srcdir)/fuzz/seeds.c $(srcdir)/fuzz/aead_table.h
	@$(MKDIR_P) fuzz
	$(CC) $(DEFS) $(DEFAULT_INCLUDES) $(AM_CPPFLAGS) $(CPPFLAGS) $(AM_CFLAGS) $(JSONC_CFLAGS) \
	  -O1 -g -o $@ $(srcdir)/fuzz/seeds.c $(JSONC_LIBS)
FUZZ_LINK = $(LIBTOOL) --silent --tag=CC --mode=link $(CC) $(DEFS) $(DEFAULT_INCLUDES) \
	$(AM_CPPFLAGS) $(CPPFLAGS) $(AM_CFLAGS) $(GCRYPT_CFLAGS) $(CFLAGS) -fsanitize=fuzzer
FUZZ_DEPS = $(srcdir)/fuzz/fuzz_util.h $(srcdir)/fuzz/aead_table.h lib/libaxiom_core.la
FUZZ_LIBS = lib/libaxiom_core.la $(GCRYPT_LIBS) $(LIBS)
fuzz/fuzz_aead: $(srcdir)/fuzz/fuzz_aead.c $(FUZZ_DEPS)
	@$(MKDIR_P) fuzz
	$(FUZZ_LINK) -o $@ $(srcdir)/fuzz/fuzz_aead.c $(FUZZ_LIBS)
fuzz/fuzz_cipher: $(srcdir)/fuzz/fuzz_cipher.c $(FUZZ_DEPS)
	@$(MKDIR_P) fuzz
	$(FUZZ_LINK) -o $@ $(srcdir)/fuzz/fuzz_cipher.c $(FUZZ_LIBS)
fuzz/fuzz_api: $(srcdir)/fuzz/fuzz_api.c $(FUZZ_DEPS)
	@$(MKDIR_P) fuzz
	$(FUZZ_LINK) -o $@ $(srcdir)/fuzz/fuzz_api.c $(FUZZ_LIBS)
fuzz/fuzz_chunked: $(srcdir)/fuzz/fuzz_chunked.c $(FUZZ_DEPS)
	@$(MKDIR_P) fuzz
	$(FUZZ_LINK) -o $@ $(srcdir)/fuzz/fuzz_chunked.c $(FUZZ_LIBS)

CLEANFILES += $(FUZZ_TARGETS) fuzz/seeds$(EXEEXT)
clean-local: assurance-clean
# ---------------------------------------------------------------- other architectures
# The portable build on other Debian architectures: a cross build per
# architecture in build-cross-ARCH/, its make check run under qemu-user on
# the portable kernels (tests/cross.sh says what it needs installed).
# arm64 is little-endian, s390x big-endian.
CROSS_ARCHS = arm64 s390x
check-cross:
	@status=0; for a in $(CROSS_ARCHS); do \
	  $(SHELL) $(srcdir)/tests/cross.sh $(abs_top_srcdir) $(abs_top_builddir)/build-cross-$$a $$a \
	    || { echo "check-cross: $$a FAILED"; status=1; }; \
	done; exit $$status

assurance-clean:
	-rm -rf $(ASAN_DIR) $(VALGRIND_DIR) $(FUZZ_DIR) $(CROSS_ARCHS:%=build-cross-%)

.PHONY: check-ct check-ct-long check-asan check-valgrind check-cross fuzz fuzz-run fuzz-smoke \
	fuzz-here assurance-clean
