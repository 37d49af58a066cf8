#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Cross-build libaxiom for another Debian architecture and run its make
# check under qemu-user (make check-cross; README "Other architectures").
#
# Usage: cross.sh SRCDIR DIR ARCH
#
# ARCH is a Debian architecture name (arm64, s390x; armhf, i386, ppc64el,
# riscv64 are mapped too).  Needs the cross compiler gcc-TRIPLET, qemu-user
# and, once, `dpkg --add-architecture ARCH && apt-get update` so that apt
# can fetch the target's packages.  The test dependencies of the target
# (Check, json-c, libgcrypt, zlib, OpenSSL and gost-engine's provider,
# libsodium, libargon2) are not installed: their packages are downloaded
# with `apt-get download` and unpacked into DIR/sysroot (CROSS_SYSROOT=PATH
# uses an existing tree of that layout instead), which sidesteps multiarch
# co-installability (libgcrypt20-dev is not Multi-Arch: same) and version
# skew with the build machine.  The sources are copied to DIR/src and
# configured there (tests/sepbuild.sh), built, and `make check` runs every
# test program through qemu-ARCH with the C library of the cross toolchain.
# Only the portable kernels exist on a non-x86 target, so the tiers default
# to `native all-off` (CROSS_TIERS overrides).
set -eu
src=$1
dir=$2
arch=$3
MAKE=${MAKE:-make}
jobs=${CROSS_JOBS:-2}
tiers=${CROSS_TIERS:-native all-off}

case $arch in
  arm64)   triplet=aarch64-linux-gnu;     qemu=qemu-aarch64 ;;
  s390x)   triplet=s390x-linux-gnu;       qemu=qemu-s390x ;;
  armhf)   triplet=arm-linux-gnueabihf;   qemu=qemu-arm ;;
  i386)    triplet=i686-linux-gnu;        qemu=qemu-i386 ;;
  ppc64el) triplet=powerpc64le-linux-gnu; qemu=qemu-ppc64le ;;
  riscv64) triplet=riscv64-linux-gnu;     qemu=qemu-riscv64 ;;
  *) echo "cross.sh: unknown architecture '$arch' (arm64, s390x, armhf, i386, ppc64el, riscv64)" >&2
     exit 2 ;;
esac
# The Debian multiarch directory (i386 differs from its GNU triplet).
case $arch in i386) multiarch=i386-linux-gnu ;; *) multiarch=$triplet ;; esac
libc=/usr/$triplet

missing=
command -v "$triplet-gcc" >/dev/null 2>&1 || missing="$missing gcc-$triplet"
command -v "$qemu" >/dev/null 2>&1 || missing="$missing qemu-user"
test -d "$libc/lib" || missing="$missing libc6-dev-$arch-cross"
if [ -n "$missing" ]; then
  echo "cross.sh: $arch needs:$missing (Debian: apt-get install$missing)" >&2
  exit 1
fi

mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

# ---------------------------------------------------------------- the target's test dependencies
# Runtime libraries and their -dev packages (zlib for the chunked-encryption
# vectors, libargon2 for the tool's passphrases); gost-engine's OpenSSL
# provider is the Kuznyechik peer of test_gost_peer and test_provider_evp
# (found through OPENSSL_MODULES in the run wrapper); libsodium is optional
# (only test_aead_peers uses it, when configure finds it).
pkgs="check libsubunit0 libsubunit-dev libjson-c5 libjson-c-dev libgcrypt20 libgcrypt20-dev
  libgpg-error0 libgpg-error-dev libssl3 libssl-dev libengine-gost-openssl libsodium23
  libsodium-dev zlib1g zlib1g-dev libargon2-1 libargon2-dev"
if [ -n "${CROSS_SYSROOT:-}" ]; then
  root=$CROSS_SYSROOT
else
  root=$dir/sysroot
  want=$(echo $pkgs)
  if [ "x$(cat "$root/.packages" 2>/dev/null)" != "x$want" ]; then
    echo "cross.sh: fetching the $arch test dependencies into $root"
    rm -rf "$root" "$dir/debs"
    mkdir -p "$root" "$dir/debs"
    list=
    for p in $pkgs; do list="$list $p:$arch"; done
    # shellcheck disable=SC2086
    if ! (cd "$dir/debs" && apt-get download -q $list); then
      echo "cross.sh: apt-get download failed; is $arch a foreign architecture of dpkg?" >&2
      echo "  (as root: dpkg --add-architecture $arch && apt-get update)" >&2
      exit 1
    fi
    for d in "$dir"/debs/*.deb; do dpkg-deb -x "$d" "$root"; done
    # Absolute symbolic links (libgpg-error.so -> /lib/...) made relative
    # to the sysroot, so that the linker does not follow them to the host.
    find "$root" -type l -lname '/*' | while read -r l; do
      t=$(readlink "$l")
      ln -sfn "$root$t" "$l"
    done
    echo "$want" >"$root/.packages"
    rm -rf "$dir/debs"
  fi
fi
rlib="$root/usr/lib/$multiarch:$root/lib/$multiarch"

# ---------------------------------------------------------------- wrappers
mkdir -p "$dir/bin"
# pkg-config for the target: only the sysroot's modules, paths prefixed.
cat >"$dir/bin/$triplet-pkg-config" <<EOF
#!/bin/sh
PKG_CONFIG_LIBDIR='$root/usr/lib/$multiarch/pkgconfig:$root/usr/share/pkgconfig'
PKG_CONFIG_SYSROOT_DIR='$root'
export PKG_CONFIG_LIBDIR PKG_CONFIG_SYSROOT_DIR
unset PKG_CONFIG_PATH
exec pkg-config "\$@"
EOF
# Runs one target program under qemu: an ELF file directly, a libtool
# wrapper script as the program in its .libs, any other script as it is
# (its own calls of target programs go through AXIOM_TOOL_BIN and
# AXIOM_BENCH_BIN below).  AXIOM_TEST_EMULATOR lets a test that re-executes
# itself do so through qemu: without binfmt_misc the kernel cannot.
cat >"$dir/bin/run" <<EOF
#!/bin/sh
p=\$1; shift
case "\$(od -An -c -N4 "\$p" 2>/dev/null | tr -d ' ')" in
  177ELF) ;;
  *) if sed -n 2,3p "\$p" | grep -q 'temporary wrapper script'; then
       d=\$(dirname "\$p")/.libs; b=\$(basename "\$p")
       if [ -f "\$d/lt-\$b" ]; then p=\$d/lt-\$b; else p=\$d/\$b; fi
     else
       exec "\$p" "\$@"
     fi ;;
esac
QEMU_LD_PREFIX='$libc'
LD_LIBRARY_PATH='$dir/src/lib/.libs:$rlib'
OPENSSL_MODULES='$root/usr/lib/$multiarch/ossl-modules'
AXIOM_TEST_EMULATOR=\$(command -v $qemu)
export QEMU_LD_PREFIX LD_LIBRARY_PATH OPENSSL_MODULES AXIOM_TEST_EMULATOR
exec "\$AXIOM_TEST_EMULATOR" "\$p" "\$@"
EOF
for t in axiom-crypto:tools axiom-bench:bench; do
  cat >"$dir/bin/${t%%:*}" <<EOF
#!/bin/sh
exec '$dir/bin/run' '$dir/src/${t#*:}/${t%%:*}' "\$@"
EOF
done
chmod +x "$dir/bin"/*

# ---------------------------------------------------------------- configure, build, check
build=$(sh "$src/build-aux/config.guess" 2>/dev/null || echo x86_64-pc-linux-gnu)
t0=$(date +%s)
sh "$src/tests/sepbuild.sh" "$src" "$dir" --host="$triplet" --build="$build" \
  --enable-werror PKG_CONFIG="$dir/bin/$triplet-pkg-config" \
  "CPPFLAGS=-isystem $root/usr/include/$multiarch" \
  "LDFLAGS=-Wl,-rpath-link,$rlib"
cd "$dir/src"
$MAKE -j"$jobs"
t1=$(date +%s)
echo "cross.sh: $arch built in $((t1 - t0)) s; make check under $qemu, tiers: $tiers"
status=0
# Emulated code runs 5-20 times slower: Check's per-test time limits grow.
CK_TIMEOUT_MULTIPLIER=${CK_TIMEOUT_MULTIPLIER:-10} \
AXIOM_TEST_RUNNER="$dir/bin/run" AXIOM_TIERS="$tiers" \
AXIOM_TOOL_BIN="$dir/bin/axiom-crypto" AXIOM_BENCH_BIN="$dir/bin/axiom-bench" \
  $MAKE -j"$jobs" check || status=$?
t2=$(date +%s)
echo "cross.sh: $arch make check took $((t2 - t1)) s (exit $status); per suite:"
for f in $(find . -name '*.trs' | sort); do
  printf '  %-40s %s\n' "${f%.trs}" "$(sed -n 's/^:global-test-result: //p' "$f")"
done
exit $status
