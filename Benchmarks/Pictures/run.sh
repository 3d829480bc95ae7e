#!/bin/sh
# The largest pictures the standard limits allow, and the costliest file within the scan limit,
# decoded by the reader's decoder: the figures behind ImageLimits.processorTime (Benchmarks/README.md, "Pictures"). Writes about 750 MB of
# pictures into a temporary folder and removes them. Run from anywhere:
#   sh Benchmarks/Pictures/run.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
codecs="$here/../../Sources/CImageCodecs"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/write" "$here/write.c" -ljpeg -lpng
cc -O2 -I "$codecs/include" -I "$codecs" -o "$work/decode" "$here/decode.c" "$codecs"/*.c -ljpeg -lpng
cd "$work"
for kind in baseline progressive noisy plain interlaced hostile; do ./write "$kind"; done
ls -l ./*.jpg ./*.png
./decode baseline-200mp.jpg progressive-85mp.jpg noisy-42mp.jpg plain-200mp.png interlaced-64mp.png hostile-127mp.jpg
