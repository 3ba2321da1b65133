#!/usr/bin/env bash
# Builds the GMP that `--features gmp` links, configured for this CPU instead of GMP's
# portable "fat" build, and puts it where gmp-mpfr-sys (rug's GMP crate) loads prebuilt
# libraries from: $GMP_MPFR_SYS_CACHE, which .cargo/config.toml sets to target/gmp-cache.
#
# Why: gmp-mpfr-sys always configures its bundled GMP with --enable-fat, which picks code
# at run time from a table of CPU models. A model newer than GMP's table (e.g. Intel family 6
# model 0xCF, Emerald Rapids, with GMP 6.3.0) keeps the generic vector: C loops for
# mul_basecase, sqr_basecase and redc_1, about 1.4-1.7x slower mpz_powm at 256-512 bits than
# the same GMP configured for the CPU (docs/rsa-perf.md).
#
# Usage (from anywhere in the repository; needs gcc, make, m4):
#   scripts/gmp-native.sh            # host from GMP's config.guess (see below), make -j2
#   GMP_HOST=alderlake scripts/gmp-native.sh  # force GMP's CPU name (configure --host=NAME-pc-linux-gnu)
#   JOBS=4 scripts/gmp-native.sh
# Then build as usual: cargo build --release --features gmp. Without this script the build
# falls back to gmp-mpfr-sys's own fat GMP (portable, slower on CPUs GMP does not know);
# `pkbench rsa` names the GMP build it links ("gmp 6.3.0 (fat)" or with its -march).
#
# CPU choice: GMP's config.guess names the CPU; for an Intel model it does not know it
# falls back to "nehalem" (no MULX/ADX code). If the CPU has BMI2 and ADX (every Intel core
# since Broadwell) this script uses "skylake" instead, GMP's MULX/ADX code path.
#
# The library goes to target/gmp-cache/<crate major.minor>/<rust host>/<crate version>/
# (libgmp.a, gmp.h), the layout gmp-mpfr-sys's build script loads. GMP's own test suite is
# not run (the crate's tests compare GMP with num-bigint and published vectors). Finally
# `cargo clean -p gmp-mpfr-sys` drops the GMP an earlier build compiled, so the next build
# loads this one (rug and pkbench are recompiled once).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
jobs=${JOBS:-2}

die() { echo "gmp-native: error: $*" >&2; exit 1; }
for tool in gcc make m4 cargo rustc; do
  command -v "$tool" >/dev/null 2>&1 || die "$tool not found (GMP needs gcc, make and m4: apt-get install -y m4)"
done
[[ -z ${CC:-} && -z ${CFLAGS:-} ]] ||
  die "unset CC and CFLAGS: gmp-mpfr-sys keys its cache on them, so the build would not find this library"

# The gmp-mpfr-sys package in Cargo.lock, and the GMP source it bundles.
cargo fetch -q
sys_version=$(cargo pkgid gmp-mpfr-sys) || die "gmp-mpfr-sys is not in Cargo.lock"
sys_version=${sys_version##*@}
sys_manifest=$(cargo metadata -q --format-version 1 --features gmp |
  grep -o "\"manifest_path\":\"[^\"]*/gmp-mpfr-sys-$sys_version/Cargo.toml\"" | head -n 1 |
  sed 's/^"manifest_path":"//; s/"$//')
[[ -n $sys_manifest ]] || die "cannot find the gmp-mpfr-sys $sys_version source with cargo metadata"
sys_dir=$(dirname "$sys_manifest")
src=$(ls -d "$sys_dir"/gmp-*-c 2>/dev/null | head -n 1)
[[ -n $src && -x $src/configure ]] || die "no GMP source in $sys_dir"
gmp_version=${src##*/gmp-}; gmp_version=${gmp_version%-c}

# GMP's name for this CPU: config.guess gives CPU-VENDOR-OS, e.g. nehalem-pc-linux-gnu.
guess=$("$src/config.guess")
if [[ -n ${GMP_HOST:-} ]]; then
  cpu=$GMP_HOST
else
  cpu=${guess%%-*}
  if [[ $cpu == nehalem && -r /proc/cpuinfo ]] &&
     grep -m1 '^flags' /proc/cpuinfo | grep -qw bmi2 &&
     grep -m1 '^flags' /proc/cpuinfo | grep -qw adx; then
    model=$(awk -F': ' '/^model[[:space:]]*:/ {printf "0x%X", $2; exit}' /proc/cpuinfo)
    echo "gmp-native: GMP $gmp_version does not know this CPU (model $model; config.guess: $guess); it has BMI2 and ADX: using skylake"
    cpu=skylake
  fi
fi
host="$cpu-${guess#*-}"

rust_host=$(rustc -vV | sed -n 's/^host: //p')
cache="$root/target/gmp-cache"
dest="$cache/${sys_version%.*}/$rust_host/$sys_version"
build="$root/target/gmp-native-build"
echo "gmp-native: GMP $gmp_version (gmp-mpfr-sys $sys_version), configure --host=$host, make -j$jobs"
rm -rf "$build"
mkdir -p "$build"
(
  cd "$build"
  "$src/configure" --host="$host" --disable-shared --with-pic >configure.log 2>&1 ||
    { tail -n 20 configure.log >&2; die "configure failed (log: $build/configure.log)"; }
  make -j"$jobs" >make.log 2>&1 ||
    { tail -n 20 make.log >&2; die "make failed (log: $build/make.log)"; }
)

# Known answers through the new library before anything uses it (a CPU without the
# instructions the chosen code uses fails here): 2^1024 mod (2^521 - 1) = 2^503, and
# 512-bit mpz_powm equals square-and-multiply with mpz_mul and mpz_mod.
cat >"$build/check.c" <<'EOF'
#include <gmp.h>
#include <stdio.h>
int main(void) {
  mpz_t r, s, b, e, m;
  mpz_inits(r, s, b, e, m, NULL);
  mpz_ui_pow_ui(m, 2, 521); mpz_sub_ui(m, m, 1);
  mpz_set_ui(b, 2); mpz_set_ui(e, 1024);
  mpz_powm(r, b, e, m);
  mpz_ui_pow_ui(s, 2, 503);
  int ok = mpz_cmp(r, s) == 0;
  gmp_randstate_t st; gmp_randinit_default(st); gmp_randseed_ui(st, 1995);
  for (int k = 0; k < 8 && ok; k++) {
    mpz_urandomb(m, st, 512); mpz_setbit(m, 511); mpz_setbit(m, 0);
    mpz_urandomb(b, st, 503); mpz_urandomb(e, st, 512);
    mpz_powm(r, b, e, m);
    mpz_set_ui(s, 1);
    for (long i = (long)mpz_sizeinbase(e, 2) - 1; i >= 0; i--) {
      mpz_mul(s, s, s); mpz_mod(s, s, m);
      if (mpz_tstbit(e, i)) { mpz_mul(s, s, b); mpz_mod(s, s, m); }
    }
    ok = mpz_cmp(r, s) == 0;
  }
  printf("%s\n", ok ? "ok" : "wrong");
  return !ok;
}
EOF
gcc -O2 -I"$build" "$build/check.c" "$build/.libs/libgmp.a" -o "$build/check" &&
  [[ $("$build/check") == ok ]] || die "the new GMP fails a known answer on this machine"

mkdir -p "$dest"
cp "$build/.libs/libgmp.a" "$dest/libgmp.a.tmp"
cp "$build/gmp.h" "$dest/gmp.h.tmp"
mv "$dest/libgmp.a.tmp" "$dest/libgmp.a"
mv "$dest/gmp.h.tmp" "$dest/gmp.h"
rm -rf "$build"
cflags=$(sed -n 's/^#define __GMP_CFLAGS "\(.*\)"/\1/p' "$dest/gmp.h")
echo "gmp-native: installed $dest (CFLAGS $cflags)"

# Drop a GMP compiled by an earlier build, so that the next build loads this one.
cargo clean -q -p gmp-mpfr-sys
cargo clean -q --release -p gmp-mpfr-sys
echo "gmp-native: done; build with: cargo build --release --features gmp"
