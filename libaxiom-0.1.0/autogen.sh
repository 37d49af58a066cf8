#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Regenerate the build system from configure.ac and Makefile.am.
set -e
cd "$(dirname "$0")"
mkdir -p m4 build-aux
autoreconf --force --install --verbose
