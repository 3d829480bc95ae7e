/* What the decoder's files share: the decoder's state, the bounded reads, the reducer. */
#ifndef CIMAGECODECS_INTERNAL_H
#define CIMAGECODECS_INTERNAL_H

#include "CImageCodecs.h"

#include <setjmp.h>
#include <stdio.h>

#include <jpeglib.h>
#include <png.h>

/* How the rows handed to the reducer lay their bytes out. */
enum {
    ROW_RGBA = 0,          /* 4 bytes, straight (not premultiplied) alpha */
    ROW_RGB = 1,           /* 3 bytes */
    ROW_GRAY = 2,          /* 1 byte */
    ROW_CMYK = 3,          /* 4 bytes of ink */
    ROW_CMYK_INVERTED = 4, /* 4 bytes, 255 = no ink: Adobe's CMYK JPEGs */
};

/* Reduces rows as they come into the output: each output pixel is the average of the source
 * area it covers (premultiplied, so that transparent pixels lend no colour), stored where the
 * EXIF orientation puts it. Memory: one row of sums and the column map, besides the output. */
typedef struct reducer {
    uint32_t source_width, source_height; /* rows as they come */
    uint32_t width, height;               /* the reduction, before the orientation */
    uint32_t out_width;                   /* the output's row length, after it */
    int orientation;
    uint32_t *out;
    uint64_t *sums;         /* width × 4: the row being built */
    uint32_t *column_of;    /* source_width: each source column's output column */
    uint32_t *column_count; /* width: how many source columns each output column covers */
    uint32_t next_row;      /* the next source row */
    uint32_t row;           /* the output row being built */
    uint32_t rows_in;       /* source rows in it so far */
} reducer;

/* 0, or -1 when memory runs out. `width` × `height` is the output as shown (oriented). */
int reducer_init(
    reducer *r, uint32_t source_width, uint32_t source_height, uint32_t width, uint32_t height, int orientation,
    uint32_t *out);
void reducer_add_row(reducer *r, const uint8_t *row, int layout);
void reducer_finish(reducer *r);
void reducer_free(reducer *r);

struct cimg_decoder {
    int format;
    int fd;
    uint64_t max_bytes;
    uint64_t max_memory;
    uint32_t max_scans;
    uint64_t max_cpu_ns;
    const int32_t *cancel;  /* the caller's flag, or NULL */
    uint64_t cpu_start;     /* the thread's processor time at cimg_open, in nanoseconds */
    uint32_t checks;        /* calls of check_bounds: the clock is read at every CLOCK_EVERY-th */
    int cancelled;          /* the decode stopped for the caller's flag */
    uint32_t scans_shown;   /* a JPEG cut at max_scans: the scans shown (see cimg_scans_shown) */
    uint64_t bytes_read;
    cimg_header header;
    jmp_buf jump;
    cimg_failure failure;
    /* Why the last read failed, for the library's error callback to report as ours. */
    int io_kind;
    char io_text[200];
    int decoded;
    int rows_done; /* every row is in: an error after this (a missing trailer) is ignored */
    char warning[JMSG_LENGTH_MAX];

    png_structp png;
    png_infop png_info;

    int jpeg_created;
    struct jpeg_decompress_struct jpeg;
    struct jpeg_error_mgr jpeg_errors;
    struct jpeg_source_mgr jpeg_source;
    struct jpeg_progress_mgr jpeg_progress;
    int orientation_found;
    uint8_t exif[4096];

    reducer reduce;
    uint8_t *row;       /* one decoded row */
    uint8_t *whole;     /* an interlaced PNG's every row */
    uint8_t **rows;

    uint8_t buffer[64 << 10];
    size_t buffered; /* bytes of `buffer` read before the library took over (the sniffed ones) */
};

/* Reads up to `count` bytes into `into`, at most `max_bytes` in all; sets `*got` (0 at the
 * end). -1 on failure, with `io_kind` and `io_text` set. */
int source_read(cimg_decoder *d, uint8_t *into, size_t count, size_t *got);
/* Records a failure for the caller. */
void set_failure(cimg_decoder *d, int kind, const char *text);
/* True once the caller asked to stop. */
int is_cancelled(const int32_t *cancel);
/* Jumps to `jump` with the reason in `failure` once the caller's flag is set (`cancelled`) or
 * the processor time is spent (CIMG_SLOW). For the libraries' read callbacks, libjpeg's
 * progress monitor and the row loops: only while a setjmp of `jump` is live. */
void check_bounds(cimg_decoder *d);

int png_open_header(cimg_decoder *d);
int png_decode_rows(cimg_decoder *d, uint32_t width, uint32_t height, uint32_t *pixels);
void png_close(cimg_decoder *d);

int jpeg_open_header(cimg_decoder *d);
int jpeg_decode_rows(cimg_decoder *d, uint32_t width, uint32_t height, uint32_t *pixels);
void jpeg_close(cimg_decoder *d);

/* The orientation (1 to 8) an EXIF block (from its TIFF header on) gives, 1 when it gives none. */
int exif_orientation(const uint8_t *tiff, size_t count);

#endif
