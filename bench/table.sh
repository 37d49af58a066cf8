#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Turn saved axiom-bench text runs (bench/runs/*.txt, one per CPU model)
# into the results of doc/PERFORMANCE.md (`make bench-table`).
# usage: table.sh RUN.txt
#            print the full tables of one run (every case, by family)
#        table.sh --doc DOC.md --out DIR RUN.txt...
#            write DIR/<run>.md (the full tables) for each run, and replace
#            DOC.md's text between the "BEGIN bench-table" and "END
#            bench-table" comment lines with, per run, its machine and a
#            summary table of the main cases, linking the full one
# The case names come from bench/cases.c (BENCH_CASES, or beside this
# script): a run names a case by its label, the name without dashes.
set -eu
doc= out=
while [ $# -gt 0 ]; do
  case $1 in
    --doc) doc=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --) shift; break ;;
    -*) echo "usage: $0 RUN.txt | $0 --doc DOC.md --out DIR RUN.txt..." >&2; exit 2 ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] || { echo "usage: $0 RUN.txt | $0 --doc DOC.md --out DIR RUN.txt..." >&2; exit 2; }
[ -z "$doc" ] || [ -n "$out" ] || { echo "bench-table: --doc needs --out" >&2; exit 2; }
cases=${BENCH_CASES:-$(dirname "$0")/cases.c}
[ -s "$cases" ] || { echo "bench-table: cannot read the case table $cases" >&2; exit 1; }
for run in "$@"; do
  [ -s "$run" ] || { echo "bench-table: $run is missing or empty" >&2; exit 1; }
done

# The case table's names, one per line.
names() {
  sed -n 's/^[[:space:]]*\(CIPHER\|CIPHER_OPT\|AEAD\)("\([a-z0-9-]*\)".*/\2/p
          s/^[[:space:]]*{ "\([a-z0-9-]*\)", BENCH_.*/\1/p' "$cases"
}

# MODE is "full" (every case, one table per family) or "summary" (the
# main cases in one table); RUN is the run, LINK the full tables' file
# (summary only).
render() {
  names | awk -v mode="$1" -v runname="$2" -v link="${3:-}" '
  function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
  function family(n) {
    if (n ~ /gcm/ && n ~ /^(x?aes)/) return "AES-GCM, AES-GCM-SIV, XAES-256-GCM"
    if (n ~ /cmac/) return "CMAC"
    if (n ~ /^aes-/) return "AES"
    if (n ~ /^aegis/) return "AEGIS"
    if (n ~ /^kuznyechik/) return "Kuznyechik"
    if (n ~ /^sm4/) return "SM4"
    if (n ~ /chacha/) return "ChaCha20 and ChaCha20-Poly1305"
    if (n ~ /sha|hmac/) return "SHA-2"
    if (n ~ /random|drbg/) return "Random bytes"
    return "Other"
  }
  # MB/s to three significant figures, as the runner prints them.
  function fmt(v) {
    v += 0
    if (v >= 100) return sprintf("%.0f", v)
    if (v >= 10) return sprintf("%.1f", v)
    return sprintf("%.2f", v)
  }
  function human(s) {
    if (s % 1048576 == 0) return s / 1048576 " MiB"
    if (s % 1024 == 0) return s / 1024 " KiB"
    return s " B"
  }
  function cell(key, z,   c, rs, any, k, v) {
    if (!((key, z) in mb)) return ""
    c = fmt(mb[key, z]) ((sp[key, z] + 0 > 15) ? "~" : "")
    rs = ""; any = 0
    for (k = 1; k <= npeer; k++) {
      v = "-"
      if ((key, z, peer[k]) in rt) { v = rt[key, z, peer[k]]; any = 1 }
      rs = rs (k > 1 ? ", " : "") v
    }
    return any ? c " (" rs ")" : c
  }
  function table_head(   h, r, s) {
    h = "| case |"; r = "|---|"
    for (s = 1; s <= nsize; s++) { h = h " " human(sizes[s]) " |"; r = r "---:|" }
    print h; print r
  }
  function row(c,   line, s) {
    line = "| " calg[c] " " cdir[c] " |"
    for (s = 1; s <= nsize; s++) line = line " " cell(order[c], sizes[s]) " |"
    print line
  }
  # The case names (standard input), by label.
  FNR == NR { lab = toupper($0); gsub(/-/, "", lab); byLabel[lab] = $0; next }
  /^cpu: / { cpu = substr($0, 6) }
  /^axiom-version: / { version = substr($0, 16) }
  /^# date: / { d = substr($0, 9); sub(/,.*/, "", d); date = d
                sys = $0; sub(/.*system: /, "", sys) }
  /^# cpb = TSC/ { match($0, /[0-9.]+ GHz/); tsc = substr($0, RSTART, RLENGTH) }
  # Header comments wrapped onto "#   " continuation lines.
  /^#   / && cont != "" { hdr[cont] = hdr[cont] (hdr[cont] == "" ? "" : " ") trim(substr($0, 2)); next }
  { cont = "" }
  /^# (scheduling|peers|libaxiom kernels|libaxiom features in use):( |$)/ {
    cont = substr($0, 3); sub(/:.*/, "", cont)
    v = $0; sub(/^# [^:]*: ?/, "", v); hdr[cont] = v; next
  }
  /^Benchmark/ {
    name = $1; sub(/^Benchmark/, "", name)
    lib = "axiom"
    if (match(name, /^[A-Za-z]+_/)) { lib = tolower(substr(name, 1, RLENGTH - 1)); name = substr(name, RLENGTH + 1) }
    split(name, p, "/")
    alg = (p[1] in byLabel) ? byLabel[p[1]] : tolower(p[1])
    dir = p[2]; size = p[3] + 0
    mbs = ""; spread = ""; ratio = ""
    for (i = 2; i < NF; i++) {
      if ($(i + 1) == "MB/s") mbs = $i
      if ($(i + 1) == "%spread") spread = $i
      if ($(i + 1) ~ /^axiom\//) ratio = $i
    }
    key = alg SUBSEP dir
    if (!(key in seen)) {
      seen[key] = 1; order[++ncase] = key; calg[ncase] = alg; cdir[ncase] = dir
      f = family(alg); cfam[ncase] = f
      if (!(f in famseen)) { famseen[f] = 1; fam[++nfam] = f }
    }
    if (!(size in sizeseen)) { sizeseen[size] = 1; sizes[++nsize] = size }
    if (lib == "axiom") { mb[key, size] = mbs; sp[key, size] = spread }
    else {
      if (!(lib in peerseen)) { peerseen[lib] = 1; peer[++npeer] = lib }
      rt[key, size, lib] = ratio
    }
  }
  END {
    if (!ncase) { print "bench-table: no results in " runname > "/dev/stderr"; exit 1 }
    # Sizes ascending.
    for (i = 2; i <= nsize; i++)
      for (j = i; j > 1 && sizes[j - 1] > sizes[j]; j--) { t = sizes[j]; sizes[j] = sizes[j - 1]; sizes[j - 1] = t }
    pname["openssl"] = "OpenSSL 3.0"; pname["gcrypt"] = "libgcrypt 1.10"
    pname["boringssl"] = "BoringSSL"; pname["awslc"] = "AWS-LC"
    pname["gcryptmaster"] = "libgcrypt master"; pname["libaegis"] = "libaegis"
    pl = ""
    for (k = 1; k <= npeer; k++) pl = pl (k > 1 ? ", " : "") "x " (peer[k] in pname ? pname[peer[k]] : peer[k])
    if (mode == "summary") {
      print "### " cpu
      print ""
      print "- Run: `" runname "`, " date "; libaxiom " version "; " sys "; TSC " tsc "."
      print "- CPU features in use: " hdr["libaxiom features in use"] "."
      print "- Peers: " hdr["peers"] "."
      print ""
      print "MB/s of libaxiom, then libaxiom divided by each peer in the same run"
      print "(" pl "); every case: [" link "](" link ")."
      print ""
      table_head()
      # The main cases, in this order, where the run has them.
      n = split("aes-128-ctr encrypt,aes-256-ctr encrypt,aes-128-cbc decrypt,aes-256-xts encrypt," \
                "aes-128-gcm seal,aes-256-gcm seal,aes-256-gcm-siv seal,chacha20 encrypt," \
                "chacha20-poly1305 seal,aegis-128l seal,sm4-ctr encrypt,sm4-gcm seal," \
                "kuznyechik-ctr encrypt,sha256 digest,sha512 digest,hmac-sha256 mac," \
                "aes-128-cmac mac,random generate", want, ",")
      for (w = 1; w <= n; w++)
        for (c = 1; c <= ncase; c++)
          if (calg[c] " " cdir[c] == want[w]) row(c)
      exit 0
    }
    print "<!-- Generated by `make bench-table` from " runname "; do not edit by hand. -->"
    print "# libaxiom results: " cpu
    print ""
    print "- Machine: " cpu ", TSC " tsc "; " sys "."
    print "- Date: " date "; libaxiom " version "."
    print "- libaxiom features in use: " hdr["libaxiom features in use"] "."
    print "- Peers: " hdr["peers"] "."
    print "- Scheduling: " hdr["scheduling"] "."
    print "- libaxiom kernels: " hdr["libaxiom kernels"] "."
    print ""
    print "Each cell: libaxiom MB/s (10^6 bytes per second), then in brackets"
    print "libaxiom divided by each peer in the same run (" pl "):"
    print "above 1, libaxiom is faster; `-`: that peer lacks the algorithm (no"
    print "brackets: no peer has it).  `~` marks a libaxiom figure whose repetitions"
    print "spread more than 15 % (a busy machine).  TSC cycles per byte = " tsc ""
    print "x 1000 / MB/s."
    for (g = 1; g <= nfam; g++) {
      print ""; print "## " fam[g]; print ""
      table_head()
      for (c = 1; c <= ncase; c++)
        if (cfam[c] == fam[g]) row(c)
    }
  }' - "$2"
}

if [ -z "$doc" ]; then
  for run in "$@"; do render full "$run"; done
  exit 0
fi

begin='<!-- BEGIN bench-table -->'
end='<!-- END bench-table -->'
grep -qxF "$begin" "$doc" && grep -qxF "$end" "$doc" ||
  { echo "bench-table: $doc lacks the lines $begin and $end" >&2; exit 1; }
tmp=$(mktemp "${TMPDIR:-/tmp}/axiom-table.XXXXXX")
trap 'rm -f "$tmp" "$tmp.new" "$tmp.full"' EXIT
mkdir -p "$out"
{
  echo "<!-- Generated by \`make bench-table\` from bench/runs/; do not edit by hand. -->"
  for run in "$@"; do
    base=$(basename "$run" .txt)
    render full "$run" >"$tmp.full"
    cat "$tmp.full" >"$out/$base.md"
    echo
    # The link is relative to DOC.md, which sits beside the results folder.
    render summary "$run" "$(basename "$out")/$base.md"
  done
} >"$tmp"
awk -v b="$begin" -v e="$end" -v t="$tmp" '
  $0 == b { print; while ((getline l < t) > 0) print l; skip = 1; next }
  $0 == e { skip = 0 }
  !skip { print }' "$doc" >"$tmp.new"
cat "$tmp.new" >"$doc"
echo "bench-table: $doc and $out/ updated from $*"
