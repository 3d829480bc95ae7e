/* PNG through libpng: every colour type and depth becomes 8-bit RGBA by libpng's transforms
 * (palettes and low depths expanded, a transparent colour made alpha, 16 bits scaled to 8,
 * grey made RGB, opaque pictures given an opaque alpha). No gamma or colour profile is
 * applied: the samples are taken as sRGB, as most viewers do without a colour manager. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

static void png_failed(png_structp png, png_const_charp text) {
    cimg_decoder *d = png_get_error_ptr(png);
    if (d->io_kind != 0) {
        set_failure(d, d->io_kind, d->io_text);
    } else {
        set_failure(d, CIMG_DAMAGED, text);
    }
    longjmp(d->jump, 1);
}

/* Warnings name ancillary trouble (a bad sRGB profile, a text chunk's CRC) that changes no
 * pixel: the picture shows, and nothing is said. */
static void png_warned(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void png_read_bytes(png_structp png, png_bytep data, size_t length) {
    cimg_decoder *d = png_get_io_ptr(png);
    check_bounds(d);
    while (length > 0) {
        size_t got;
        if (source_read(d, data, length, &got) != 0) png_error(png, d->io_text);
        if (got == 0) {
            d->io_kind = CIMG_TRUNCATED;
            snprintf(d->io_text, sizeof d->io_text, "the file ends early");
            png_error(png, d->io_text);
        }
        data += got;
        length -= got;
    }
}

/* Chunks that decompress or allocate and change no pixel: never read. */
static const png_byte ignored_chunks[] = "iCCP\0iTXt\0tEXt\0zTXt\0sPLT\0";

int png_open_header(cimg_decoder *d) {
    d->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, d, png_failed, png_warned);
    if (d->png) d->png_info = png_create_info_struct(d->png);
    if (!d->png || !d->png_info) {
        set_failure(d, CIMG_MEMORY, "out of memory");
        return -1;
    }
    if (setjmp(d->jump)) return -1;
    png_set_read_fn(d->png, d, png_read_bytes);
    png_set_sig_bytes(d->png, 8);
    /* libpng's own limit (a million pixels a side) would fail with its words; ours comes
     * after the header, in the caller's. */
    png_set_user_limits(d->png, 0x7fffffff, 0x7fffffff);
    png_set_keep_unknown_chunks(d->png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
    png_set_keep_unknown_chunks(d->png, PNG_HANDLE_CHUNK_NEVER, ignored_chunks, 5);
    png_read_info(d->png, d->png_info);

    cimg_header *h = &d->header;
    h->width = png_get_image_width(d->png, d->png_info);
    h->height = png_get_image_height(d->png, d->png_info);
    h->bit_depth = png_get_bit_depth(d->png, d->png_info);
    h->channels = png_get_channels(d->png, d->png_info);
    int type = png_get_color_type(d->png, d->png_info);
    h->has_alpha = (type & PNG_COLOR_MASK_ALPHA) || png_get_valid(d->png, d->png_info, PNG_INFO_tRNS);
    h->interlaced = png_get_interlace_type(d->png, d->png_info) != PNG_INTERLACE_NONE;
    h->orientation = 1;
    /* Interlaced: every row, 8-bit RGBA, and a pointer to each. Else a row as stored and one
     * transformed (libpng's), and ours. */
    h->working_memory = h->interlaced ? (uint64_t)h->width * h->height * 4 + (uint64_t)h->height * sizeof(void *)
                                      : (uint64_t)h->width * 24;
    return 0;
}

int png_decode_rows(cimg_decoder *d, uint32_t width, uint32_t height, uint32_t *pixels) {
    if (setjmp(d->jump)) {
        if (d->cancelled) return CIMG_CANCELLED;
        if (!d->rows_done) return CIMG_FAILED;
        return CIMG_OK;
    }
    png_structp png = d->png;
    int type = png_get_color_type(png, d->png_info);
    png_set_expand(png);
#ifdef PNG_READ_SCALE_16_TO_8_SUPPORTED
    png_set_scale_16(png);
#else
    png_set_strip_16(png);
#endif
    if (!(type & PNG_COLOR_MASK_COLOR)) png_set_gray_to_rgb(png);
    if (!(type & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, d->png_info, PNG_INFO_tRNS)) {
        png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    }
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, d->png_info);
    uint32_t w = d->header.width, h = d->header.height;
    if (png_get_rowbytes(png, d->png_info) != (size_t)w * 4) png_error(png, "unexpected row layout");
    if (reducer_init(&d->reduce, w, h, width, height, 1, pixels) != 0) {
        d->io_kind = CIMG_MEMORY;
        snprintf(d->io_text, sizeof d->io_text, "out of memory");
        png_error(png, d->io_text);
    }
    if (passes > 1) {
        if ((uint64_t)w * h * 4 > d->max_memory) {
            d->io_kind = CIMG_MEMORY;
            snprintf(d->io_text, sizeof d->io_text, "an interlaced picture this large needs too much memory");
            png_error(png, d->io_text);
        }
        d->whole = malloc((size_t)w * h * 4);
        d->rows = malloc((size_t)h * sizeof *d->rows);
        if (!d->whole || !d->rows) {
            d->io_kind = CIMG_MEMORY;
            snprintf(d->io_text, sizeof d->io_text, "out of memory");
            png_error(png, d->io_text);
        }
        for (uint32_t y = 0; y < h; y++) d->rows[y] = d->whole + (size_t)y * w * 4;
        /* png_read_image's own loop, with the bounds checked at every row of every pass. */
        for (int pass = 0; pass < passes; pass++) {
            for (uint32_t y = 0; y < h; y++) {
                check_bounds(d);
                png_read_row(png, d->rows[y], NULL);
            }
        }
        for (uint32_t y = 0; y < h; y++) reducer_add_row(&d->reduce, d->rows[y], ROW_RGBA);
        free(d->whole);
        d->whole = NULL;
    } else {
        d->row = malloc((size_t)w * 4);
        if (!d->row) {
            d->io_kind = CIMG_MEMORY;
            snprintf(d->io_text, sizeof d->io_text, "out of memory");
            png_error(png, d->io_text);
        }
        for (uint32_t y = 0; y < h; y++) {
            check_bounds(d);
            png_read_row(png, d->row, NULL);
            reducer_add_row(&d->reduce, d->row, ROW_RGBA);
        }
    }
    check_bounds(d);
    reducer_finish(&d->reduce);
    /* Every pixel is in: a damaged or missing end of file no longer matters. */
    d->rows_done = 1;
    png_read_end(png, NULL);
    return CIMG_OK;
}

void png_close(cimg_decoder *d) {
    if (d->png) png_destroy_read_struct(&d->png, d->png_info ? &d->png_info : NULL, NULL);
    d->png = NULL;
    d->png_info = NULL;
}
