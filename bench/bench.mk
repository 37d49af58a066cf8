# SPDX-License-Identifier: GPL-2.0-or-later
# Benchmark runner rules (included by Makefile.am).
