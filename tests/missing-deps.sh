#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Stand-in test when configure found no Check, json-c, libgcrypt or zlib:
# fail loudly rather than pass with nothing tested.
echo "make check needs Check, json-c, libgcrypt and zlib; on Debian:" >&2
echo "  apt-get install check libjson-c-dev libgcrypt20-dev zlib1g-dev && ./configure" >&2
exit 99
