/* Writes the largest pictures the reader's standard limits allow, photo-like (gradients and
 * noise), row by row, and the costliest file within its scan limit: the figures behind
 * ImageLimits.processorTime. Not part of the product.
 *
 *   write baseline | progressive | noisy | plain | interlaced | hostile
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <png.h>

static uint32_t seed = 1;
static int loud = 0; /* noise over all 256 levels, not 16 */

static uint8_t noise(void) {
    seed = seed * 1103515245 + 12345;
    return (uint8_t)((seed >> 16) & (loud ? 255 : 15));
}

static void fill(uint8_t *row, int width, int y) {
    for (int x = 0; x < width; x++)
        for (int c = 0; c < 3; c++) row[x * 3 + c] = (uint8_t)(((x * (c + 1)) / 40 + y / 30 + noise()) & 0xFF);
}

/* `full`: every component at full resolution (4:4:4), else libjpeg's 4:2:0. */
static int jpeg(const char *path, int width, int height, int progressive, int quality, int full) {
    FILE *file = fopen(path, "wb");
    if (!file) return 1;
    struct jpeg_compress_struct cinfo;
    struct jpeg_error_mgr errors;
    cinfo.err = jpeg_std_error(&errors);
    jpeg_create_compress(&cinfo);
    jpeg_stdio_dest(&cinfo, file);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = 3;
    cinfo.in_color_space = JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    if (full) cinfo.comp_info[0].h_samp_factor = cinfo.comp_info[0].v_samp_factor = 1;
    if (progressive) jpeg_simple_progression(&cinfo);
    jpeg_start_compress(&cinfo, TRUE);
    uint8_t *row = malloc((size_t)width * 3);
    while (cinfo.next_scanline < (JDIMENSION)height) {
        fill(row, width, (int)cinfo.next_scanline);
        JSAMPROW rows[1] = {row};
        jpeg_write_scanlines(&cinfo, rows, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    free(row);
    return fclose(file) != 0;
}

static int png(const char *path, int width, int height, int interlaced) {
    FILE *file = fopen(path, "wb");
    if (!file) return 1;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    png_init_io(png, file);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB,
        interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    int passes = png_set_interlace_handling(png);
    uint8_t *row = malloc((size_t)width * 3);
    for (int pass = 0; pass < passes; pass++) {
        seed = 1;
        for (int y = 0; y < height; y++) {
            fill(row, width, y);
            png_write_row(png, row);
        }
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(row);
    return fclose(file) != 0;
}

/* Entropy-coded bits, most significant first, a 0 stuffed after each 0xFF. */
typedef struct bits {
    uint8_t bytes[1024];
    size_t count;
    int byte, filled;
} bits;

static void put(bits *b, int value, int count) {
    for (int shift = count - 1; shift >= 0; shift--) {
        b->byte = b->byte << 1 | (value >> shift & 1);
        if (++b->filled < 8) continue;
        b->bytes[b->count++] = (uint8_t)b->byte;
        if (b->byte == 0xFF) b->bytes[b->count++] = 0;
        b->byte = b->filled = 0;
    }
}

static void segment(FILE *file, int marker, const uint8_t *body, size_t count) {
    uint8_t head[4] = {0xFF, (uint8_t)marker, (uint8_t)((count + 2) >> 8), (uint8_t)((count + 2) & 0xFF)};
    fwrite(head, 1, 4, file);
    fwrite(body, 1, count, file);
}

/* A grey progressive JPEG of `side` × `side` (a multiple of 64, at most 65 528): every block
 * mid-grey, an AC scan of the first bit, then `scans` − 1 refinements of the last bit, each an
 * EOB run over all the blocks in EOBn symbols of four-bit codes. libjpeg reads each refinement
 * as a pass over every coefficient of every block. */
static int hostile(const char *path, int side, int scans) {
    FILE *file = fopen(path, "wb");
    if (!file) return 1;
    long blocks = (long)(side / 8) * (side / 8);
    bits run = {0};
    for (long left = blocks; left > 0;) {
        int n = 14;
        while (n > 0 && (1L << n) > left) n--;
        long count = left < (2L << n) - 1 ? left : (2L << n) - 1;
        put(&run, n, 4);
        put(&run, (int)(count - (1L << n)), n);
        left -= count;
    }
    while (run.filled) put(&run, 1, 1);
    fwrite("\xFF\xD8", 1, 2, file);
    uint8_t quant[65] = {0};
    memset(quant + 1, 1, 64);
    segment(file, 0xDB, quant, sizeof quant);
    uint8_t frame[9] = {8, (uint8_t)(side >> 8), (uint8_t)side, (uint8_t)(side >> 8), (uint8_t)side, 1, 1, 0x11, 0};
    segment(file, 0xC2, frame, sizeof frame);
    uint8_t dc[18] = {0x00, 1}; /* one code, "0": a DC difference of 0 */
    segment(file, 0xC4, dc, sizeof dc);
    uint8_t ac[32] = {0x10, 0, 0, 0, 15}; /* EOB0 … EOB14, codes 0000 … 1110 */
    for (int n = 0; n < 15; n++) ac[17 + n] = (uint8_t)(n << 4);
    segment(file, 0xC4, ac, sizeof ac);
    uint8_t dc_scan[6] = {1, 1, 0x00, 0, 0, 0x00};
    segment(file, 0xDA, dc_scan, sizeof dc_scan);
    for (long i = 0; i < blocks / 8; i++) fputc(0, file);
    for (int scan = 0; scan < scans; scan++) {
        uint8_t header[6] = {1, 1, 0x00, 1, 63, scan == 0 ? 0x01 : 0x10};
        segment(file, 0xDA, header, sizeof header);
        fwrite(run.bytes, 1, run.count, file);
    }
    fwrite("\xFF\xD9", 1, 2, file);
    return fclose(file) != 0;
}

int main(int argc, char **argv) {
    const char *kind = argc > 1 ? argv[1] : "";
    /* 200 megapixels, at quality 95, decoded at 1/8. */
    if (strcmp(kind, "baseline") == 0) return jpeg("baseline-200mp.jpg", 16384, 12200, 0, 95, 0);
    /* 85 megapixels at 4:2:0: all but 256 MB of coefficients. */
    if (strcmp(kind, "progressive") == 0) return jpeg("progressive-85mp.jpg", 10630, 8000, 1, 95, 0);
    /* 42 megapixels at 4:4:4, quality 100, loud noise: the most entropy data libjpeg decodes. */
    if (strcmp(kind, "noisy") == 0) {
        loud = 1;
        return jpeg("noisy-42mp.jpg", 7500, 5600, 1, 100, 1);
    }
    /* 200 megapixels, about 253 MB of data. */
    if (strcmp(kind, "plain") == 0) return png("plain-200mp.png", 16384, 12200, 0);
    /* 64 megapixels interlaced: 256 MB decoded whole. */
    if (strcmp(kind, "interlaced") == 0) return png("interlaced-64mp.png", 8000, 8000, 1);
    /* 127 megapixels of grey (all but 256 MB of coefficients), 1 000 scans: 100 are read. */
    if (strcmp(kind, "hostile") == 0) return hostile("hostile-127mp.jpg", 11264, 1000);
    fprintf(stderr, "usage: write baseline | progressive | noisy | plain | interlaced | hostile\n");
    return 2;
}
