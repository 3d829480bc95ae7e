/* Writes PNG and JPEG files with libpng and libjpeg, so that the tests make the pictures they
 * decode (every colour type, depth, interlacing, progression, CMYK, orientation) rather than
 * keep binary fixtures. Not part of the product. */
#ifndef IMAGEFIXTURES_H
#define IMAGEFIXTURES_H

#include <stddef.h>
#include <stdint.h>

/* PNG colour types, as libpng numbers them. */
enum {
    FIXTURE_PNG_GRAY = 0,
    FIXTURE_PNG_RGB = 2,
    FIXTURE_PNG_PALETTE = 3,
    FIXTURE_PNG_GRAY_ALPHA = 4,
    FIXTURE_PNG_RGBA = 6,
};

/* Writes a PNG of `width` × `height` from `pixels`: rows of `row_bytes` bytes laid out as the
 * colour type and depth store them (16-bit samples big-endian, depths below 8 packed). A
 * palette is `palette_count` RGB triples, with `alpha_count` alpha bytes for its first entries
 * (tRNS). 0 on success, -1 on failure. */
int fixture_write_png(
    const char *path, uint32_t width, uint32_t height, int color_type, int bit_depth, int interlaced,
    const uint8_t *pixels, size_t row_bytes, const uint8_t *palette, int palette_count, const uint8_t *alpha,
    int alpha_count);

/* How a JPEG's data is split into scans. */
enum {
    FIXTURE_JPEG_ONE_SCAN = 0,      /* baseline: every component in one interleaved scan */
    FIXTURE_JPEG_PROGRESSIVE = 1,   /* libjpeg's progression (jpeg_simple_progression) */
    FIXTURE_JPEG_PER_COMPONENT = 2, /* sequential, a scan for each component in turn */
};

/* Writes a JPEG of `width` × `height` from `pixels` (`components` bytes a pixel: 1 grey, 3 RGB,
 * 4 CMYK as Adobe stores it, 255 meaning no ink), at `quality` (1 to 100), its scans as
 * `progressive` says (FIXTURE_JPEG_…), with an EXIF APP1 marker giving `orientation` when it
 * is 1 to 8. 0 on success. */
int fixture_write_jpeg(
    const char *path, uint32_t width, uint32_t height, int components, int quality, int progressive, int orientation,
    const uint8_t *pixels);

/* Decodes the JPEG at `path` as libjpeg alone does, in its ordinary single pass (no buffered
 * image, no scaling, libjpeg's defaults): RGB for colour, grey for grey, into `pixels`
 * (`width` × `height` × `components` bytes). 0 on success; -1 when the file fails or is not
 * `width` × `height` with `components` a pixel. The tests' reference for the decoder. */
int fixture_read_jpeg(const char *path, uint32_t width, uint32_t height, int components, uint8_t *pixels);

#endif
