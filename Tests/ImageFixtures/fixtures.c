/* The tests' picture writer: libpng and libjpeg, errors by longjmp caught here. */
#include "ImageFixtures.h"

#include <setjmp.h>
#include <stdio.h>
#include <string.h>

#include <jerror.h>
#include <jpeglib.h>
#include <png.h>

static void png_failed(png_structp png, png_const_charp text) {
    (void)text;
    longjmp(png_jmpbuf(png), 1);
}

static void png_warned(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

int fixture_write_png(
    const char *path, uint32_t width, uint32_t height, int color_type, int bit_depth, int interlaced,
    const uint8_t *pixels, size_t row_bytes, const uint8_t *palette, int palette_count, const uint8_t *alpha,
    int alpha_count) {
    FILE *file = fopen(path, "wb");
    if (!file) return -1;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, png_failed, png_warned);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        fclose(file);
        return -1;
    }
    png_init_io(png, file);
    png_set_IHDR(
        png, info, width, height, bit_depth, color_type, interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
        PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (palette && palette_count > 0) {
        png_color colours[256];
        for (int i = 0; i < palette_count && i < 256; i++) {
            colours[i].red = palette[3 * i];
            colours[i].green = palette[3 * i + 1];
            colours[i].blue = palette[3 * i + 2];
        }
        png_set_PLTE(png, info, colours, palette_count);
    }
    if (alpha && alpha_count > 0) png_set_tRNS(png, info, alpha, alpha_count, NULL);
    png_write_info(png, info);
    int passes = png_set_interlace_handling(png);
    for (int pass = 0; pass < passes; pass++) {
        for (uint32_t y = 0; y < height; y++) png_write_row(png, pixels + (size_t)y * row_bytes);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return fclose(file) == 0 ? 0 : -1;
}

struct failure {
    struct jpeg_error_mgr errors;
    jmp_buf jump;
};

static void jpeg_failed(j_common_ptr cinfo) { longjmp(((struct failure *)cinfo->err)->jump, 1); }

int fixture_write_jpeg(
    const char *path, uint32_t width, uint32_t height, int components, int quality, int progressive, int orientation,
    const uint8_t *pixels) {
    FILE *file = fopen(path, "wb");
    if (!file) return -1;
    struct jpeg_compress_struct cinfo;
    struct failure failure;
    cinfo.err = jpeg_std_error(&failure.errors);
    failure.errors.error_exit = jpeg_failed;
    if (setjmp(failure.jump)) {
        jpeg_destroy_compress(&cinfo);
        fclose(file);
        return -1;
    }
    jpeg_create_compress(&cinfo);
    jpeg_stdio_dest(&cinfo, file);
    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = components;
    cinfo.in_color_space = components == 1 ? JCS_GRAYSCALE : components == 4 ? JCS_CMYK : JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    jpeg_scan_info scans[4];
    if (progressive == FIXTURE_JPEG_PROGRESSIVE) jpeg_simple_progression(&cinfo);
    if (progressive == FIXTURE_JPEG_PER_COMPONENT && components <= 4) {
        for (int i = 0; i < components; i++) {
            scans[i] = (jpeg_scan_info){.comps_in_scan = 1, .component_index = {i}, .Ss = 0, .Se = 63, .Ah = 0, .Al = 0};
        }
        cinfo.scan_info = scans;
        cinfo.num_scans = components;
    }
    jpeg_start_compress(&cinfo, TRUE);
    if (orientation >= 1 && orientation <= 8) {
        /* "Exif\0\0", a little-endian TIFF header, IFD0 with one entry: Orientation, SHORT. */
        uint8_t exif[] = {'E', 'x', 'i', 'f', 0, 0, 'I', 'I', 42, 0, 8, 0, 0, 0, 1, 0,
            0x12, 0x01, 3, 0, 1, 0, 0, 0, (uint8_t)orientation, 0, 0, 0, 0, 0, 0, 0};
        jpeg_write_marker(&cinfo, JPEG_APP0 + 1, exif, sizeof exif);
    }
    while (cinfo.next_scanline < height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * width * (size_t)components);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    return fclose(file) == 0 ? 0 : -1;
}

int fixture_read_jpeg(const char *path, uint32_t width, uint32_t height, int components, uint8_t *pixels) {
    FILE *file = fopen(path, "rb");
    if (!file) return -1;
    struct jpeg_decompress_struct cinfo;
    struct failure failure;
    cinfo.err = jpeg_std_error(&failure.errors);
    failure.errors.error_exit = jpeg_failed;
    if (setjmp(failure.jump)) {
        jpeg_destroy_decompress(&cinfo);
        fclose(file);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_stdio_src(&cinfo, file);
    jpeg_read_header(&cinfo, TRUE);
    cinfo.out_color_space = components == 1 ? JCS_GRAYSCALE : JCS_RGB;
    jpeg_start_decompress(&cinfo);
    int ok = cinfo.output_width == width && cinfo.output_height == height && cinfo.output_components == components;
    while (ok && cinfo.output_scanline < height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.output_scanline * width * (size_t)components);
        jpeg_read_scanlines(&cinfo, &row, 1);
    }
    if (ok) jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    fclose(file);
    return ok ? 0 : -1;
}
