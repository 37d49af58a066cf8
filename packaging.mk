# SPDX-License-Identifier: GPL-2.0-or-later
# Distribution packaging (included by Makefile.am): the examples that make
# check builds and runs, and the separate targets `make deb`, `make rpm`,
# `make abi-check` / `abi-update` and `make symbols-check` / `symbols-update`.
# None of the packaging targets runs as part of make check.

# ---------------------------------------------------------------- examples
# Short programs for users, built only against the public headers (no lib/
# on the include path).  Without arguments each runs a self-test, so make
# check runs them like any other test: Makefile.am turns every
# check_PROGRAMS entry into a TESTS entry, run under each CPU tier.
EXAMPLE_PROGS = examples/aead_file examples/hash_file examples/random_bytes
check_PROGRAMS += $(EXAMPLE_PROGS)
EXAMPLE_CPPFLAGS = -I$(top_builddir)/include -I$(top_srcdir)/include
examples_aead_file_SOURCES = examples/aead_file.c
examples_aead_file_CPPFLAGS = $(EXAMPLE_CPPFLAGS)
examples_aead_file_LDADD = lib/libaxiom.la
examples_hash_file_SOURCES = examples/hash_file.c
examples_hash_file_CPPFLAGS = $(EXAMPLE_CPPFLAGS)
examples_hash_file_LDADD = lib/libaxiom.la
examples_random_bytes_SOURCES = examples/random_bytes.c
examples_random_bytes_CPPFLAGS = $(EXAMPLE_CPPFLAGS)
examples_random_bytes_LDADD = lib/libaxiom.la

# ---------------------------------------------------------------- packaging files
DEBIAN_FILES = \
	debian/libaxiom-bin.install \
	debian/changelog \
	debian/control \
	debian/copyright \
	debian/libaxiom-dev.examples \
	debian/libaxiom-dev.install \
	debian/libaxiom0.docs \
	debian/libaxiom0.install \
	debian/libaxiom0.symbols \
	debian/rules \
	debian/source/format \
	debian/tests/control \
	debian/tests/pkgconfig-build \
	debian/tests/provider-load \
	debian/openssl-provider-axiom.install \
	debian/openssl-provider-axiom.docs
ABI_BASELINE = abi/libaxiom.so.0.abi
EXTRA_DIST += $(DEBIAN_FILES) rpm/axiom.spec.in $(ABI_BASELINE) abi/README.md

# Scratch space for the package builds; it ignores itself in git.
PKG_DIR = pkg
pkg-dir:
	@$(MKDIR_P) $(PKG_DIR) && echo '*' > $(PKG_DIR)/.gitignore
clean-local: packaging-clean
packaging-clean:
	-rm -rf $(PKG_DIR)

# ---------------------------------------------------------------- Debian
# make deb: the release tarball, unpacked in $(PKG_DIR)/deb, built with
# dpkg-buildpackage (binary only, unsigned, parallel; the build runs make
# check and checks the symbols file at level 4), then checked by lintian.
# DEB_BUILD_OPTIONS=nocheck skips the tests; RPMBUILD_FLAGS=--nocheck below.
DPKG_BUILDPACKAGE_FLAGS = -us -uc -b -J
deb: dist pkg-dir
	@want=`dpkg-parsechangelog -l $(srcdir)/debian/changelog -S Version | sed 's/-[^-]*$$//'`; \
	if test "x$$want" != "x$(VERSION)"; then \
	  echo "debian/changelog is at $$want but the package is $(VERSION):"; \
	  echo "  (cd $(srcdir) && dch -v $(VERSION)-1 'New upstream release.')"; exit 1; fi
	rm -rf $(PKG_DIR)/deb && $(MKDIR_P) $(PKG_DIR)/deb
	cp $(distdir).tar.xz $(PKG_DIR)/deb/$(PACKAGE)_$(VERSION).orig.tar.xz
	cd $(PKG_DIR)/deb && tar -xJf $(PACKAGE)_$(VERSION).orig.tar.xz && \
	  cd $(distdir) && dpkg-buildpackage $(DPKG_BUILDPACKAGE_FLAGS)
	@if command -v lintian >/dev/null; then \
	  echo "lintian $(PKG_DIR)/deb/*.changes"; \
	  lintian --fail-on error $(PKG_DIR)/deb/*.changes || exit 1; \
	else echo "lintian not installed: packages not checked"; fi
	@echo "Debian packages in $(PKG_DIR)/deb:"; ls -1 $(PKG_DIR)/deb/*.deb

# make deb-autopkgtest: run debian/tests against the packages from make deb.
# The null virtualisation server installs them on this machine (root).
deb-autopkgtest:
	@test -d $(PKG_DIR)/deb/$(distdir) || { echo "run make deb first"; exit 1; }
	autopkgtest $(PKG_DIR)/deb/*.deb $(PKG_DIR)/deb/$(distdir)/ -- null

# ---------------------------------------------------------------- RPM
# make rpm: binary RPMs from the release tarball and rpm/axiom.spec.  On a
# machine whose rpm database does not know the build dependencies (Debian),
# rpmbuild is told not to look for them.
RPMBUILD_FLAGS =
rpm: dist pkg-dir rpm/axiom.spec
	rm -rf $(PKG_DIR)/rpm && $(MKDIR_P) $(PKG_DIR)/rpm/SOURCES
	cp $(distdir).tar.xz $(PKG_DIR)/rpm/SOURCES/
	nodeps=; rpm -q rpm >/dev/null 2>&1 || nodeps=--nodeps; \
	rpmbuild -bb $$nodeps --define "_topdir $(abs_builddir)/$(PKG_DIR)/rpm" \
	  $(RPMBUILD_FLAGS) rpm/axiom.spec
	@for r in $(PKG_DIR)/rpm/RPMS/*/*.rpm; do echo "== $$r"; rpm -qpl "$$r"; done

# ---------------------------------------------------------------- ABI gate
# make abi-check: the built libaxiom.so.0 against the baseline in abi/
# (abidiff from libabigail): a removed or changed function, variable or
# type fails, an addition is reported.  After an intended addition,
# `make abi-update symbols-update` records it (see abi/README.md).
ABI_LIB = lib/.libs/libaxiom.so.0
ABI_HEADERS_DIRS = --exported-interfaces-only --drop-private-types \
	--headers-dir2 $(top_srcdir)/include --headers-dir2 $(top_builddir)/include
abi-lib-debuginfo: lib/libaxiom.la
	@readelf -S $(ABI_LIB) | grep -q '\.debug_info' || { \
	  echo "$(ABI_LIB) has no debug information: build with -g (the default CFLAGS)"; exit 1; }
abi-check: abi-lib-debuginfo
	@rc=0; out=`abidiff --no-added-syms $(ABI_HEADERS_DIRS) \
	  $(srcdir)/$(ABI_BASELINE) $(ABI_LIB)` || rc=$$?; \
	if test $$rc -ne 0; then echo "$$out"; \
	  echo "abi-check: FAILED against $(ABI_BASELINE) (abidiff exit $$rc: 4 or 12 is an ABI change, 1 or 2 an abidiff error)"; \
	  exit 1; fi
	@rc=0; out=`abidiff $(ABI_HEADERS_DIRS) $(srcdir)/$(ABI_BASELINE) $(ABI_LIB)` || rc=$$?; \
	if test $$rc -eq 0; then echo "abi-check: OK, $(ABI_LIB) has the ABI of $(ABI_BASELINE)"; \
	else echo "$$out"; echo "abi-check: OK, only additions; record them with make abi-update symbols-update"; fi

abi-update: abi-lib-debuginfo
	abidw --no-corpus-path --no-comp-dir-path --short-locs --type-id-style hash \
	  --exported-interfaces-only --drop-private-types \
	  --headers-dir $(top_srcdir)/include --headers-dir $(top_builddir)/include \
	  --out-file $(srcdir)/$(ABI_BASELINE) $(ABI_LIB)
	@echo "wrote $(srcdir)/$(ABI_BASELINE): commit it with the API change"

# ---------------------------------------------------------------- Debian symbols
# debian/libaxiom0.symbols lists every exported name at its version node
# with the upstream version that added it; the Debian build compares the
# library with it at DPKG_GENSYMBOLS_CHECK_LEVEL=4.  symbols-check makes the
# same comparison on the library built here, symbols-update rewrites the
# file (new names get $(VERSION); existing lines keep theirs).
SYMBOLS_FILE = debian/libaxiom0.symbols
symbols-check: lib/libaxiom.la
	@if command -v dpkg-gensymbols >/dev/null; then \
	  cd $(srcdir) && dpkg-gensymbols -c4 -plibaxiom0 -v$(VERSION) \
	    -e$(abs_builddir)/$(ABI_LIB) -I$(SYMBOLS_FILE) -O/dev/null && \
	  echo "symbols-check: $(SYMBOLS_FILE) matches $(ABI_LIB)"; \
	else echo "symbols-check: dpkg-gensymbols (dpkg-dev) not installed: skipped"; fi
symbols-update: lib/libaxiom.la
	cd $(srcdir) && dpkg-gensymbols -q -plibaxiom0 -v$(VERSION) \
	  -e$(abs_builddir)/$(ABI_LIB) -I$(SYMBOLS_FILE) -O$(SYMBOLS_FILE).new
	{ echo '# SPDX-License-Identifier: GPL-2.0-or-later'; \
	  echo '# Written by make symbols-update: every name that libaxiom0 exports.'; \
	  grep -v '^#' $(srcdir)/$(SYMBOLS_FILE).new; } > $(srcdir)/$(SYMBOLS_FILE)
	rm -f $(srcdir)/$(SYMBOLS_FILE).new
	@echo "wrote $(srcdir)/$(SYMBOLS_FILE)"

.PHONY: pkg-dir packaging-clean deb deb-autopkgtest rpm abi-lib-debuginfo \
	abi-check abi-update symbols-check symbols-update
