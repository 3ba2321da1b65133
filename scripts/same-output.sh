#!/usr/bin/env bash
# Runs every pkbench command with fixed seeds and short budgets through two builds and shows
# where their output differs apart from timings: the check that a refactoring changed no
# output.
#
#   scripts/same-output.sh BASE NEW      # each a git revision or a path to a pkbench binary
#   scripts/same-output.sh HEAD~5 HEAD
#   scripts/same-output.sh 91d3897 target/release/pkbench
#
# A revision is built (release) in a temporary worktree with its own target directory (about
# two minutes each). For every command the script keeps stdout, stderr and the exit code.
# Deterministic commands (offer, reply, rsa-raw, groups, errors, help) are compared as they
# are; for timing commands every number and time unit is masked and runs of blanks and
# table rules are squeezed, so only the words, labels and layout are compared. Words that
# depend on timing (how often a pool entry is reused per sample, whether choose prunes a
# candidate) can still differ between two runs of one build: read the diff.
#
# Exit 0 when the masked outputs agree, 1 when they differ, 2 on bad usage.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -ne 2 ]; then
  sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi

work=$(mktemp -d)
trap 'for w in "$work"/wt-*; do [ -d "$w" ] && git worktree remove --force "$w" >/dev/null 2>&1; done; rm -rf "$work"' EXIT

# Prints the path of a pkbench binary for a revision or binary path $1 (label $2).
binary() {
  if [ -x "$1" ] && [ -f "$1" ]; then
    realpath "$1"
    return
  fi
  local rev wt
  rev=$(git rev-parse --verify "$1^{commit}") || { echo "not a binary or revision: $1" >&2; exit 2; }
  wt="$work/wt-$2"
  git worktree add --detach "$wt" "$rev" >/dev/null 2>&1
  echo "building $1 ($rev) ..." >&2
  (cd "$wt" && CARGO_TARGET_DIR="$work/target-$2" cargo build --release --quiet >&2)
  echo "$work/target-$2/release/pkbench"
}

base=$(binary "$1" base)
new=$(binary "$2" new)

# The commands: NAME|MASK|ARGS (MASK=1: timing output, numbers masked). ARGS may use $D, a
# directory private to the run (records written there are read back by later commands), and
# $R, the saved records of tests/data/records (schema 1: compare and plot must keep reading
# them, and their output from fixed records is compared unmasked).
read -r -d '' COMMANDS <<'EOF' || true
groups|0|groups
groups-json|0|groups --json
offer-ec2n|0|offer --field gf2-155 --secret 1f
offer-ec2n-185|0|offer --field oakley-4 --secret 0123456789abcdef
reply-ec2n|0|reply --field gf2-155 --secret 2 --peer 000000000000000000000000000000000000007b
offer-modp|0|offer --field modp-768 --secret 1234567
offer-p256|0|offer --field p256 --secret 1f
offer-x25519|0|offer --field x25519 --secret 77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a
reply-x25519|0|reply --field x25519 --secret 77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a --peer de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f
rsa-raw|0|rsa-raw --modulus 0ca1 --exponent 11 --input 41
err-group|0|dh --field nope
err-secret|0|offer --field gf2-155 --secret zz
err-peer|0|reply --field p256 --secret 1f --peer 0411
err-time|0|dh --time 0
err-params|0|dh --params /nonexistent.toml
err-format|0|dh --format csv
err-markdown|0|rsa --markdown
dh-155|1|dh --field gf2-155 --exp-bits 128 --time 0.05
dh-185|1|dh --field gf2-185 --no-table --time 0.05
dh-modp|1|dh --field modp-1024 --exp-bits 160 --time 0.05
dh-modp-params|1|dh --params params/modp-768.toml --exp-bits 128 --time 0.05
dh-p256|1|dh --field p256 --time 0.05
dh-x25519|1|dh --field x25519 --time 0.05 --output $D/dh-a.json
dh-x25519-b|1|dh --field x25519 --time 0.05 --clock cpu --output $D/dh-b.json
rsa|1|rsa --bits 512 --crt --time 0.05
rsa-1024|1|rsa --bits 1024 --chunk 100 --time 0.05
des|1|des --time 0.05
des-cbc|1|des --mode cbc --time 0.05
des-keysetup|1|des --keysetup --time 0.05
hash-md5|1|hash --algo md5 --time 0.05
hash-sha0|1|hash --algo sha0 --time 0.05
hash-haval|1|hash --algo haval-160-4 --time 0.05
cipher-aes|1|cipher --algo aes --mode cbc --time 0.02
cipher-both|1|cipher --algo blowfish --both --points 4 --time 0.02
cipher-arcfour|1|cipher --algo arcfour --time 0.02
repro-1995|1|repro 1995 --quick --time 0.02
repro-1995-md|1|repro 1995 --quick --time 0.02 --markdown
repro-1995-format-md|1|repro 1995 --quick --time 0.02 --format markdown
repro-gnupg|1|repro gnupg-2000 --time 0.02
choose|1|choose --fields gf2-155,x25519,modp-768 --budget-ms 20 --explain --output $D/choose.json
scale|1|scale --groups modp-512,modp-768,modp-1024 --exp-bits 128 --time 0.03 --output $D/scale.json
suite|1|suite --quick --time 0.01 --output $D/suite.json
noise|1|noise --runs 3 --time 0.01 --no-save
compare|0|compare $R/v1-dh-x25519-a.json $R/v1-dh-x25519-b.json
compare-json|0|compare $R/v1-dh-x25519-a.json $R/v1-dh-x25519-b.json --json
compare-3|0|compare $R/v1-dh-x25519-a.json $R/v1-dh-x25519-b.json $R/v1-dh-x25519-a.json
compare-suite|0|compare $R/v1-suite-quick.json $R/v1-suite-quick.json --threshold 10
compare-fresh|1|compare $R/v1-dh-x25519-a.json $D/dh-a.json
plot-choose|0|plot $R/v1-choose.json --output $D/choose.svg
plot-scale|0|plot $R/v1-scale.json --output $D/scale.svg
plot-suite|0|plot $R/v1-suite-quick.json --output $D/suite.svg
EOF

# Masks timing-dependent figures of a timing command's output (stdin).
# Masked: numbers, time units, rate prefixes (k/s, MB/s), the noise verdicts of compare
# (~ or a ratio) and the regression lines, the footnote markers of bench-slope fits and
# their footnotes, and the build on the machine line (rustc, commit, which may be dirty).
mask() {
  sed -E \
    -e 's/[0-9]+([.,][0-9]+)*(e[-+]?[0-9]+)?/#/g' \
    -e 's/# ?(ns|µs|us|ms|s|min|h)\b/#/g' \
    -e 's/# ?[kMG]?(B?\/s)/# \1/g' \
    -e 's/-#/#/g' -e 's/(#[ ]*)+/#/g' -e 's/[ ]*…[ ]*/…/g' \
    -e 's/\((~|#x)\)/(R)/g' -e 's/┆ (~|#x) /┆ R /g' \
    -e 's/ ?\[#\]//g' \
    -e 's/[─━│┃┌┐└┘├┤┬┴┼╞╡╪═╭╮╯╰|+-]{2,}/ /g' \
    -e 's/[│┃|]/ /g' \
    -e 's/[[:space:]]+/ /g' -e 's/^ //' -e 's/ $//' \
    -e '/R²|straight line|buffer size|time or clock cpu|negative intercept|"per call" figure|is high\.|below the timing noise|busy machine|rerun with|doubt|regression|: #x$/d' \
    -e '/rustc #|release build|pkbench #|[0-9a-f#]+-dirty\)|^\(#[0-9a-f#]*\)$/d' |
    grep -v '^$' || true
}

run_all() {
  local bin=$1 out=$2
  mkdir -p "$out/files"
  while IFS='|' read -r name masked args; do
    [ -n "$name" ] || continue
    local D="$out/files"
    args=${args//\$D/$D}
    args=${args//\$R/$PWD/tests/data/records}
    # shellcheck disable=SC2086
    set +e
    "$bin" $args >"$out/$name.stdout" 2>"$out/$name.stderr" </dev/null
    echo "exit $?" >>"$out/$name.stderr"
    set -e
    sed -i "s#$D#\$D#g" "$out/$name.stdout" "$out/$name.stderr"
    if [ "$masked" = 1 ]; then
      for f in "$out/$name.stdout" "$out/$name.stderr"; do
        mask <"$f" >"$f.masked" && mv "$f.masked" "$f"
      done
    fi
  done <<<"$COMMANDS"
}

echo "running the commands with $1 ..." >&2
run_all "$base" "$work/out-base"
echo "running the commands with $2 ..." >&2
run_all "$new" "$work/out-new"

if diff -ru "$work/out-base" "$work/out-new" --exclude=files >"$work/diff"; then
  echo "same output (timings masked) for all $(grep -c '|' <<<"$COMMANDS") commands"
  exit 0
fi
sed "s#$work/out-base#BASE#g; s#$work/out-new#NEW#g" "$work/diff"
exit 1
