# SPDX-License-Identifier: GPL-2.0-or-later
# Benchmark runner rules (included by Makefile.am): axiom-bench, its smoke
# test, and the bench, bench-plot, performance, audit, bench-record and
# bench-table targets.

# The runner proper, shared by axiom-bench and the installed `axiom-crypto speed`.
noinst_LTLIBRARIES += bench/libbench.la
bench_libbench_la_SOURCES = \
	bench/bench.h \
	bench/cases.c \
	bench/impl_axiom.c \
	bench/runner.c \
	bench/scaling.c \
	bench/scaling.h \
	bench/timing.c
bench_libbench_la_LIBADD = -lm

# axiom-bench adds the comparison libraries configure found.  They are
# benchmark-only dependencies: nothing else links them.
noinst_PROGRAMS += bench/axiom-bench
bench_axiom_bench_SOURCES = bench/main.c bench/peers.h
bench_axiom_bench_CFLAGS = $(AM_CFLAGS)
bench_axiom_bench_LDADD = bench/libbench.la lib/libaxiom.la -lm
if HAVE_OPENSSL
bench_axiom_bench_SOURCES += bench/peer_openssl.c
bench_axiom_bench_CFLAGS += $(OPENSSL_CFLAGS)
bench_axiom_bench_LDADD += $(OPENSSL_LIBS)
endif
if HAVE_LIBAEGIS
bench_axiom_bench_SOURCES += bench/peer_libaegis.c
bench_axiom_bench_CFLAGS += $(LIBAEGIS_CFLAGS)
bench_axiom_bench_LDADD += $(LIBAEGIS_LIBS)
endif
if HAVE_GCRYPT
bench_axiom_bench_SOURCES += bench/peer_gcrypt.c
bench_axiom_bench_CFLAGS += $(GCRYPT_CFLAGS)
bench_axiom_bench_LDADD += $(GCRYPT_LIBS)
endif

# Peers built from source (configure --with-bench-boringssl, -awslc,
# -libgcrypt): each driver with a static copy of its library in a shared
# object of its own, a shim (bench/shim.h), which axiom-bench dlopen()s
# from this build tree (bench/peer_shim.c).  --exclude-libs hides every
# symbol of the archives and -Bsymbolic binds the shim's own references
# inside it, so nothing in it can bind to, or be bound by, the system's
# OpenSSL or libgcrypt; only bench_shim_entry is exported (everything else
# is compiled -fvisibility=hidden).
EXTRA_DIST += bench/shim.h bench/shim.c bench/peer_bssl.c bench/peer_shim.c
BENCH_SHIMS =
if HAVE_BENCH_SHIMS
bench_axiom_bench_SOURCES += bench/peer_shim.c bench/shim.h
bench_axiom_bench_CFLAGS += -DBENCH_SHIM_DIR='"$(abs_top_builddir)/bench"'
bench_axiom_bench_LDADD += $(BENCH_DL_LIBS)
endif
if HAVE_BENCH_BORINGSSL
BENCH_SHIMS += bench/axiom-bench-boringssl.so
endif
if HAVE_BENCH_AWSLC
BENCH_SHIMS += bench/axiom-bench-awslc.so
endif
if HAVE_BENCH_GCRYPT_MASTER
BENCH_SHIMS += bench/axiom-bench-gcrypt-master.so
endif
EXTRA_bench_axiom_bench_DEPENDENCIES = $(BENCH_SHIMS)
CLEANFILES += bench/axiom-bench-*.so bench/shim-*.o
BENCH_SHIM_CC = $(CC) $(DEFS) $(DEFAULT_INCLUDES) $(AM_CPPFLAGS) $(CPPFLAGS) $(AM_CFLAGS) \
	$(CFLAGS) -fPIC -fvisibility=hidden
BENCH_SHIM_LD = $(CC) -shared -fPIC $(AM_CFLAGS) $(CFLAGS) $(AM_LDFLAGS) $(LDFLAGS) \
	-Wl,--exclude-libs,ALL -Wl,-Bsymbolic
BENCH_SHIM_HDRS = $(srcdir)/bench/bench.h $(srcdir)/bench/shim.h config.h
bench/shim-entry.o: $(srcdir)/bench/shim.c $(BENCH_SHIM_HDRS)
	$(AM_V_CC)$(BENCH_SHIM_CC) -c -o $@ $(srcdir)/bench/shim.c
bench/shim-boringssl.o: $(srcdir)/bench/peer_bssl.c $(BENCH_SHIM_HDRS)
	$(AM_V_CC)$(BENCH_SHIM_CC) $(BORINGSSL_CFLAGS) -c -o $@ $(srcdir)/bench/peer_bssl.c
bench/shim-awslc.o: $(srcdir)/bench/peer_bssl.c $(BENCH_SHIM_HDRS)
	$(AM_V_CC)$(BENCH_SHIM_CC) $(AWSLC_CFLAGS) -c -o $@ $(srcdir)/bench/peer_bssl.c
bench/shim-gcrypt-master.o: $(srcdir)/bench/peer_gcrypt.c $(BENCH_SHIM_HDRS)
	$(AM_V_CC)$(BENCH_SHIM_CC) $(GCRYPT_MASTER_CFLAGS) -DBENCH_GCRYPT_MASTER -c -o $@ \
	  $(srcdir)/bench/peer_gcrypt.c
bench/axiom-bench-boringssl.so: bench/shim-boringssl.o bench/shim-entry.o $(BORINGSSL_ARCHIVES)
	$(AM_V_CCLD)$(BENCH_SHIM_LD) -o $@ bench/shim-boringssl.o bench/shim-entry.o $(BORINGSSL_LIBS)
bench/axiom-bench-awslc.so: bench/shim-awslc.o bench/shim-entry.o $(AWSLC_ARCHIVES)
	$(AM_V_CCLD)$(BENCH_SHIM_LD) -o $@ bench/shim-awslc.o bench/shim-entry.o $(AWSLC_LIBS)
bench/axiom-bench-gcrypt-master.so: bench/shim-gcrypt-master.o bench/shim-entry.o \
	  $(GCRYPT_MASTER_ARCHIVES)
	$(AM_V_CCLD)$(BENCH_SHIM_LD) -o $@ bench/shim-gcrypt-master.o bench/shim-entry.o \
	  $(GCRYPT_MASTER_LIBS)

# kuznyechik-ctr-acpkm against kuznyechik-ctr, interleaved in one process.
noinst_PROGRAMS += bench/acpkm-ratio
bench_acpkm_ratio_SOURCES = bench/acpkm_ratio.c
bench_acpkm_ratio_LDADD = bench/libbench.la lib/libaxiom.la -lm
# axiom-bench --pair axiom:kuznyechik-ctr does the same with the key kept;
# acpkm-ratio also sets the key for every message (--rekey), which no
# driver of the runner does, and takes section sizes (kuznyechik-ctr-acpkm-N)
# the case table has no row for.

# A format and exit-code check with a tiny time budget; no timing assertion.
TESTS += bench/smoke.sh
EXTRA_DIST += bench/smoke.sh bench/plot.sh bench/perf.sh bench/table.sh doc/PERFORMANCE.md doc/benchmarking.md \
	$(BENCH_RECORDED)

# Results go to the build tree; the source tree may be read-only.
BENCH_RESULTS = bench/results
BENCH_RUN = bench/axiom-bench$(EXEEXT)
CLEANFILES += $(BENCH_RESULTS)/*.svg $(BENCH_RESULTS)/*.csv $(BENCH_RESULTS)/*.json \
	$(BENCH_RESULTS)/*.txt $(BENCH_RESULTS)/*.bench

# The whole suite with default settings (AXIOM_BENCH_* in the environment
# or on the make command line still apply).  The measurement protocol pins
# the runner to one CPU and asks for SCHED_FIFO (AXIOM_BENCH_RT=1, as --rt);
# the runner alone does neither unless asked.  AXIOM_BENCH_RT=0 in the
# environment still turns it off.
BENCH_RT = AXIOM_BENCH_RT="$${AXIOM_BENCH_RT:-1}"
bench: $(BENCH_RUN)
	@$(MKDIR_P) $(BENCH_RESULTS)
	$(BENCH_RT) $(BENCH_RUN) --save $(BENCH_RESULTS)/bench.csv --save $(BENCH_RESULTS)/bench.txt

# One SVG per algorithm from the last `make bench`, or from a fresh run when
# there is none or the runner has been rebuilt since.
bench-plot: $(BENCH_RUN)
	@$(SHELL) $(srcdir)/bench/plot.sh --check
	@$(MKDIR_P) $(BENCH_RESULTS)
	@if test -s $(BENCH_RESULTS)/bench.csv && test ! $(BENCH_RUN) -nt $(BENCH_RESULTS)/bench.csv; then \
	  echo "bench-plot: plotting $(BENCH_RESULTS)/bench.csv from the last 'make bench' (delete it for a fresh run)"; \
	else \
	  echo "$(BENCH_RUN) --save $(BENCH_RESULTS)/bench.csv --save $(BENCH_RESULTS)/bench.txt"; \
	  $(BENCH_RT) $(BENCH_RUN) --save $(BENCH_RESULTS)/bench.csv --save $(BENCH_RESULTS)/bench.txt || exit 1; \
	fi
	$(SHELL) $(srcdir)/bench/plot.sh $(BENCH_RESULTS)/bench.csv $(BENCH_RESULTS)

# Under perf stat when the counters work; otherwise says so and runs plainly.
performance: $(BENCH_RUN)
	@$(BENCH_RT) $(SHELL) $(srcdir)/bench/perf.sh $(BENCH_RESULTS) $(BENCH_RUN)

# Cold caches: buffers and reachable key schedules flushed before every
# operation (see doc/PERFORMANCE.md for exactly what is flushed).
audit: $(BENCH_RUN)
	@$(MKDIR_P) $(BENCH_RESULTS)
	$(BENCH_RT) $(BENCH_RUN) --cold --save $(BENCH_RESULTS)/audit.csv --save $(BENCH_RESULTS)/audit.txt

# The recorded runs behind doc/PERFORMANCE.md's results, one per CPU
# model, kept in the source tree: `make bench-record` measures one on this
# machine into bench/runs/$(BENCH_RUN_NAME).txt (four sizes, 0.1 s per
# case and library, every peer built in: about 25 minutes with the five
# peers), `make bench-table` writes doc/results/<run>.md (every case) and
# the summaries in doc/PERFORMANCE.md from all of them; BENCH_RECORDED=FILE
# takes other runs, e.g. bench/results/bench.txt from `make bench`.
BENCH_RECORDED = bench/runs/intel-xeon-model207.txt bench/runs/intel-xeon-model167.txt bench/runs/amd-epyc-zen4.txt bench/runs/amd-epyc-zen3.txt
BENCH_RESULT_DOCS = doc/results/intel-xeon-model207.md doc/results/intel-xeon-model167.md doc/results/amd-epyc-zen4.md doc/results/amd-epyc-zen3.md
EXTRA_DIST += $(BENCH_RESULT_DOCS)
# vendor-familyF-modelM, from /proc/cpuinfo; BENCH_RUN_NAME=amd-epyc-zen3 names it.
BENCH_RUN_NAME = $$(awk -F': ' '/^vendor_id/ { v = $$2 == "AuthenticAMD" ? "amd" : $$2 == "GenuineIntel" ? \
	"intel" : tolower($$2) } /^cpu family/ { f = $$2 } \
	/^model\t/ { m = $$2 } END { printf "%s-family%s-model%s", v, f, m }' /proc/cpuinfo)
bench-record: $(BENCH_RUN)
	@out="$(srcdir)/bench/runs/$(BENCH_RUN_NAME).txt"; \
	{ echo '# SPDX-License-Identifier: GPL-2.0-or-later'; \
	  echo '# An axiom-bench run recorded for the results of doc/PERFORMANCE.md (make bench-record).'; \
	  $(BENCH_RT) $(BENCH_RUN) -s 64,1k,16k,16M -t 0.1; } >"$$out.tmp" && mv "$$out.tmp" "$$out" && \
	echo "bench-record: wrote $$out (add it to BENCH_RECORDED in bench/bench.mk)"
bench-table:
	@runs=; for f in $(BENCH_RECORDED); do test -f "$$f" || f="$(srcdir)/$$f"; runs="$$runs $$f"; done; \
	$(SHELL) $(srcdir)/bench/table.sh --doc $(srcdir)/doc/PERFORMANCE.md --out $(srcdir)/doc/results $$runs

# Two threads against one (--threads 2; not pinned to one CPU, so no
# AXIOM_BENCH_RT): does a case scale over cores?
BENCH_THREADS_CASES = aes-128-gcm/(seal|open)|chacha20-poly1305/(seal|open)|^random/
bench-threads: $(BENCH_RUN)
	@$(MKDIR_P) $(BENCH_RESULTS)
	$(BENCH_RUN) --threads $${AXIOM_BENCH_THREADS:-2} -s 64,1k,16k -f '$(BENCH_THREADS_CASES)' \
	  --save $(BENCH_RESULTS)/threads.txt --save $(BENCH_RESULTS)/threads.json

# enc/dec of a 1 GiB file on a tmpfs against cp and age, interleaved
# rounds (BENCH_FILES_DIR, BENCH_FILES_MB, ROUNDS; see bench/files.sh).
EXTRA_DIST += bench/files.sh
bench-files: tools/axiom-crypto$(EXEEXT)
	AXIOM_TOOL_BIN=tools/axiom-crypto$(EXEEXT) $(SHELL) $(srcdir)/bench/files.sh

.PHONY: bench bench-plot performance audit bench-record bench-table bench-files bench-threads
