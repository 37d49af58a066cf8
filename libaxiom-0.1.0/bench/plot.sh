#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Turn axiom-bench CSV into one SVG per algorithm (MB/s against message
# size, one line per library and direction: encrypt/decrypt, seal/open,
# digest, mac or generate) with gnuplot.
# usage: plot.sh --check | plot.sh RESULTS.csv OUTDIR
set -eu
if ! command -v gnuplot >/dev/null 2>&1; then
  echo "bench-plot: gnuplot is not installed; on Debian: apt-get install gnuplot-nox" >&2
  exit 1
fi
[ "${1:-}" = --check ] && exit 0
[ $# -eq 2 ] || { echo "usage: $0 RESULTS.csv OUTDIR" >&2; exit 2; }
csv=$1 out=$2
[ -s "$csv" ] || { echo "bench-plot: $csv is missing or empty" >&2; exit 1; }
mkdir -p "$out"
work=$(mktemp -d "${TMPDIR:-/tmp}/axiom-plot.XXXXXX")
trap 'rm -rf "$work"' EXIT

# One data file per (algorithm, library, direction): "size MB/s" by size.
awk -F, -v dir="$work" 'NR > 1 {
    gsub(/"/, "")
    f = dir "/" $2 "," $5 "," $3 ".dat"
    print $4, $9 >> f
    if ($5 == "axiom") kernel[$2] = $6
    algs[$2] = 1
  }
  END { for (a in algs) print a, (a in kernel ? kernel[a] : "?") > (dir "/algs") }' "$csv"
[ -s "$work/algs" ] || { echo "bench-plot: no results in $csv" >&2; exit 1; }

sort "$work/algs" | while read -r alg kernel; do
  gp="$work/$alg.gp"
  {
    echo "set terminal svg size 900,540 dynamic enhanced font 'sans,11' background rgb 'white'"
    echo "set output '$out/$alg.svg'"
    echo "set title '$alg: throughput by message size (libaxiom kernel: $kernel)' noenhanced"
    case $alg in
      *-many) echo "set xlabel 'size of each message (bytes), 16 messages per operation'" ;;
      *) echo "set xlabel 'message size (bytes)'" ;;
    esac
    echo "set ylabel 'MB/s (10^6 bytes per second)'"
    echo "set logscale x 2"
    echo "set yrange [0:*]"
    echo "set grid"
    echo "set key outside right top noenhanced"
    # Tics at the measured sizes, labelled in K/M; a margin on both sides
    # keeps the end points (and their labels) off the border.
    cat "$work/$alg,"*.dat | awk '{ print $1 }' | sort -n -u | awk '
      { s = $1; l = s
        if (s % 1048576 == 0) l = s / 1048576 "M"; else if (s % 1024 == 0) l = s / 1024 "K"
        tics = tics (NR > 1 ? ", " : "") "\"" l "\" " s
        if (NR == 1) lo = s; hi = s }
      END { printf "set xtics (%s)\nset xrange [%g:%g]\n", tics, lo / 1.5, hi * 1.5 }'
    printf 'plot '
    first=1
    for lib in axiom openssl gcrypt; do
      case $lib in axiom) lc=1 t=libaxiom ;; openssl) lc=2 t=OpenSSL ;; gcrypt) lc=3 t=libgcrypt ;; esac
      for d in encrypt decrypt seal open digest mac generate; do
        f="$work/$alg,$lib,$d.dat"
        [ -f "$f" ] || continue
        sort -n "$f" -o "$f"
        [ $first -eq 1 ] || printf ', '
        first=0
        # The second direction of a pair (decrypt, open) is dashed.
        dt=1; case $d in decrypt|open) dt=2 ;; esac
        printf "'%s' using 1:2 with linespoints lc %d dt %d pt 7 ps 0.6 title '%s %s'" "$f" $lc $dt "$t" "$d"
      done
    done
    echo
  } >"$gp"
  gnuplot "$gp"
  echo "bench-plot: wrote $out/$alg.svg"
done
