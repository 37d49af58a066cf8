#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Set up a separate, separately configured build of this source tree for
# the sanitizer, valgrind and fuzzing targets of assurance.mk.
#
# Usage: sepbuild.sh SRCDIR DIR [configure arguments...]
#
# The sources are copied to DIR/src without any build output and configured
# there: configure refuses a VPATH build of a tree that is configured in
# place, and a VPATH build would pick up that tree's stale objects.  A
# second run re-copies with the original times, so make rebuilds only what
# changed, and re-runs configure only if its arguments changed.
set -e
src=$1
dir=$2
shift 2
test -f "$src/configure.ac" || { echo "sepbuild.sh: $src is not the source tree" >&2; exit 1; }
mkdir -p "$dir/src"
(cd "$src" && tar cf - --exclude=.git --exclude=./build-asan --exclude=./build-valgrind --exclude=./build-fuzz --exclude='./build-cross-*' --exclude=./_build --exclude=./_inst --exclude=autom4te.cache \
    --exclude='*.o' --exclude='*.lo' --exclude='*.la' --exclude='*.a' \
    --exclude=.libs --exclude=.deps --exclude='*.log' --exclude='*.trs' \
    --exclude=./config.status --exclude=./config.h --exclude=./stamp-h1 \
    --exclude=./libtool --exclude=./Makefile --exclude=./doc/html \
    --exclude=./fuzz/corpus-run --exclude=./fuzz/corpus-smoke .) | (cd "$dir/src" && tar xf -)
cd "$dir/src"
args=$(printf '%s\n' "$@")
if ! test -f config.status || test "x$(cat ../configure.args 2>/dev/null)" != "x$args"; then
    echo "sepbuild.sh: configuring $dir/src: $*"
    ./configure -q "$@"
    printf '%s\n' "$args" >../configure.args
fi
