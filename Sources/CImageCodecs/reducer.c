/* The reduction of rows into the output, the halving of a reduced picture, the flags. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

int reducer_init(
    reducer *r, uint32_t source_width, uint32_t source_height, uint32_t width, uint32_t height, int orientation,
    uint32_t *out) {
    memset(r, 0, sizeof *r);
    int transposed = orientation >= 5 && orientation <= 8;
    r->source_width = source_width;
    r->source_height = source_height;
    r->width = transposed ? height : width;
    r->height = transposed ? width : height;
    r->out_width = width;
    r->orientation = orientation;
    r->out = out;
    if (r->width == 0 || r->height == 0 || r->width > source_width || r->height > source_height) return -1;
    r->sums = calloc((size_t)r->width * 4, sizeof *r->sums);
    r->column_of = malloc((size_t)source_width * sizeof *r->column_of);
    r->column_count = calloc(r->width, sizeof *r->column_count);
    if (!r->sums || !r->column_of || !r->column_count) return -1;
    for (uint32_t x = 0; x < source_width; x++) {
        uint32_t column = (uint32_t)((uint64_t)x * r->width / source_width);
        r->column_of[x] = column;
        r->column_count[column]++;
    }
    return 0;
}

void reducer_free(reducer *r) {
    free(r->sums);
    free(r->column_of);
    free(r->column_count);
    r->sums = NULL;
    r->column_of = NULL;
    r->column_count = NULL;
}

/* Where the pixel (x, y) of the reduction goes in the output, by the EXIF orientation. */
static size_t oriented_index(const reducer *r, uint32_t x, uint32_t y) {
    uint32_t w = r->width, h = r->height, ox, oy;
    switch (r->orientation) {
    case 2: ox = w - 1 - x; oy = y; break;             /* mirrored */
    case 3: ox = w - 1 - x; oy = h - 1 - y; break;     /* turned 180° */
    case 4: ox = x; oy = h - 1 - y; break;             /* flipped */
    case 5: ox = y; oy = x; break;                     /* transposed */
    case 6: ox = h - 1 - y; oy = x; break;             /* to be turned 90° clockwise */
    case 7: ox = h - 1 - y; oy = w - 1 - x; break;     /* transversed */
    case 8: ox = y; oy = w - 1 - x; break;             /* to be turned 90° anticlockwise */
    default: ox = x; oy = y; break;
    }
    return (size_t)oy * r->out_width + ox;
}

static void flush(reducer *r) {
    uint64_t *sums = r->sums;
    for (uint32_t x = 0; x < r->width; x++, sums += 4) {
        uint64_t n = (uint64_t)r->column_count[x] * r->rows_in;
        if (n == 0) n = 1;
        uint32_t a = (uint32_t)((sums[0] + n / 2) / n), red = (uint32_t)((sums[1] + n / 2) / n);
        uint32_t green = (uint32_t)((sums[2] + n / 2) / n), blue = (uint32_t)((sums[3] + n / 2) / n);
        r->out[oriented_index(r, x, r->row)] = a << 24 | red << 16 | green << 8 | blue;
        sums[0] = sums[1] = sums[2] = sums[3] = 0;
    }
    r->rows_in = 0;
}

/* x × a / 255, rounded: a channel premultiplied by its alpha. */
static inline uint32_t times(uint32_t x, uint32_t a) { return (x * a + 127) / 255; }

void reducer_add_row(reducer *r, const uint8_t *row, int layout) {
    if (r->next_row >= r->source_height) return;
    uint32_t target = (uint32_t)((uint64_t)r->next_row * r->height / r->source_height);
    if (target != r->row && r->rows_in > 0) flush(r);
    r->row = target;
    for (uint32_t x = 0; x < r->source_width; x++) {
        uint32_t a = 255, red, green, blue;
        switch (layout) {
        case ROW_RGBA:
            a = row[3];
            red = times(row[0], a);
            green = times(row[1], a);
            blue = times(row[2], a);
            row += 4;
            break;
        case ROW_RGB:
            red = row[0];
            green = row[1];
            blue = row[2];
            row += 3;
            break;
        case ROW_GRAY:
            red = green = blue = row[0];
            row += 1;
            break;
        case ROW_CMYK:
            red = times(255 - row[0], 255 - row[3]);
            green = times(255 - row[1], 255 - row[3]);
            blue = times(255 - row[2], 255 - row[3]);
            row += 4;
            break;
        default: /* ROW_CMYK_INVERTED */
            red = times(row[0], row[3]);
            green = times(row[1], row[3]);
            blue = times(row[2], row[3]);
            row += 4;
            break;
        }
        uint64_t *sums = r->sums + 4 * (size_t)r->column_of[x];
        sums[0] += a;
        sums[1] += red;
        sums[2] += green;
        sums[3] += blue;
    }
    r->rows_in++;
    r->next_row++;
}

void reducer_finish(reducer *r) {
    if (r->rows_in > 0) flush(r);
}

void cimg_halve(const uint32_t *source, uint32_t width, uint32_t height, uint32_t *destination) {
    uint32_t half_width = (width + 1) / 2, half_height = (height + 1) / 2;
    for (uint32_t y = 0; y < half_height; y++) {
        const uint32_t *top = source + (size_t)(2 * y) * width;
        const uint32_t *bottom = source + (size_t)(2 * y + 1 < height ? 2 * y + 1 : 2 * y) * width;
        for (uint32_t x = 0; x < half_width; x++) {
            uint32_t left = 2 * x, right = 2 * x + 1 < width ? 2 * x + 1 : 2 * x;
            uint32_t p[4] = {top[left], top[right], bottom[left], bottom[right]};
            uint32_t pixel = 0;
            for (int shift = 0; shift < 32; shift += 8) {
                uint32_t sum = 2;
                for (int i = 0; i < 4; i++) sum += p[i] >> shift & 0xFF;
                pixel |= (sum / 4) << shift;
            }
            destination[(size_t)y * half_width + x] = pixel;
        }
    }
}

int32_t cimg_flag_get(const int32_t *flag) { return __atomic_load_n(flag, __ATOMIC_RELAXED); }

void cimg_flag_set(int32_t *flag) { __atomic_store_n(flag, 1, __ATOMIC_RELAXED); }

int is_cancelled(const int32_t *cancel) { return cancel && cimg_flag_get(cancel) != 0; }
