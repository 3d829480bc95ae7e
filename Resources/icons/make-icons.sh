#!/bin/sh
# Regenerates the icons from Resources/splitview.svg. A development-time tool: the app and the
# tests only read what it writes, which is committed.
#
#   Resources/icons/hicolor/NxN/apps/splitview.png   for the hicolor theme (16 … 256 px)
#   Resources/splitview.argb                         _NET_WM_ICON, 16, 32, 48 and 64 px
#
# splitview.argb is the property's CARDINAL list as little-endian 32-bit words: for each size
# its width, its height, then width × height pixels as non-premultiplied 0xAARRGGBB, row by
# row from the top left (EWMH). See Sources/SplitViewX11/WindowIcon.swift.
#
# Needs rsvg-convert (apt: librsvg2-bin), optipng if present, and python3 (standard library only).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
resources=$(dirname "$here")
svg="$resources/splitview.svg"
command -v rsvg-convert >/dev/null || { echo "make-icons.sh: needs rsvg-convert (apt install librsvg2-bin)" >&2; exit 1; }

for size in 16 32 48 64 128 256; do
    dir="$here/hicolor/${size}x${size}/apps"
    mkdir -p "$dir"
    rsvg-convert --width "$size" --height "$size" --keep-aspect-ratio --format png "$svg" -o "$dir/splitview.png"
    if command -v optipng >/dev/null; then optipng -quiet -o7 -strip all "$dir/splitview.png"; fi
done

python3 - "$here/hicolor" "$resources/splitview.argb" 16 32 48 64 <<'PY'
"""Decodes rsvg-convert's PNGs (8-bit RGBA, not interlaced) and writes the _NET_WM_ICON words."""
import struct, sys, zlib

def decode(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    width, height, depth, colour, _, _, interlace = header
    assert (depth, colour, interlace) == (8, 6, 0), f"{path}: want 8-bit RGBA, not interlaced"
    raw, stride, bpp = zlib.decompress(idat), width * 4, 4
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = previous[i]
            c = previous[i - bpp] if i >= bpp else 0
            if kind == 1: line[i] = (line[i] + a) & 255
            elif kind == 2: line[i] = (line[i] + b) & 255
            elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            else: assert kind == 0, f"{path}: filter {kind}"
        rows.append(bytes(line))
        previous = line
    return width, height, b"".join(rows)

hicolor, output, sizes = sys.argv[1], sys.argv[2], sys.argv[3:]
words = []
for size in map(int, sizes):
    width, height, rgba = decode(f"{hicolor}/{size}x{size}/apps/splitview.png")
    words += [width, height]
    for i in range(0, len(rgba), 4):
        r, g, b, a = rgba[i:i + 4]
        words.append(a << 24 | r << 16 | g << 8 | b)
with open(output, "wb") as f:
    f.write(struct.pack(f"<{len(words)}I", *words))
print(f"{output}: {len(words)} words, sizes {' '.join(sizes)}")
PY
