#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Install every Debian package needed to build, test, benchmark and document
# libaxiom.  Runs as root, or through sudo when not root.
set -e
SUDO=
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends \
  build-essential autoconf automake libtool pkg-config \
  check libjson-c-dev libgcrypt20-dev libssl-dev libsodium-dev zlib1g-dev libargon2-dev age time \
  python3 python3-cryptography python3-argon2 \
  doxygen gnuplot-nox valgrind xz-utils binutils ca-certificates \
  debhelper dpkg-dev lintian rpm abigail-tools autopkgtest \
  clang libclang-rt-dev \
  openssl curl python3 libengine-gost-openssl
