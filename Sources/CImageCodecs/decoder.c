/* The decoder's entry points: the first bytes decide the format, then libpng or libjpeg. */
#include "internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const uint8_t png_signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

int cimg_sniff(const uint8_t *bytes, size_t count) {
    if (count >= 8 && memcmp(bytes, png_signature, 8) == 0) return CIMG_FORMAT_PNG;
    if (count >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF) return CIMG_FORMAT_JPEG;
    return CIMG_FORMAT_NONE;
}

void set_failure(cimg_decoder *d, int kind, const char *text) {
    d->failure.kind = kind;
    snprintf(d->failure.text, sizeof d->failure.text, "%s", text);
}

/* The calling thread's processor time, in nanoseconds. */
static uint64_t thread_cpu_ns(void) {
    struct timespec now;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) != 0) return 0;
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/* The thread's clock is a system call (about 3 µs here, against a nanosecond for the flag), and
 * the checks come at every row, every read and every row of blocks of a scan: reading it at
 * every 64th keeps it far below 1 % of a decode, and the bound still holds within 64 rows. */
enum { CLOCK_EVERY = 64 };

void check_bounds(cimg_decoder *d) {
    if (is_cancelled(d->cancel)) {
        d->cancelled = 1;
        set_failure(d, CIMG_STOPPED, "cancelled");
        longjmp(d->jump, 1);
    }
    if (++d->checks % CLOCK_EVERY != 0) return;
    if (thread_cpu_ns() - d->cpu_start > d->max_cpu_ns) {
        set_failure(d, CIMG_SLOW, "it needs more processor time to decode than allowed");
        longjmp(d->jump, 1);
    }
}

int source_read(cimg_decoder *d, uint8_t *into, size_t count, size_t *got) {
    *got = 0;
    if (d->bytes_read >= d->max_bytes) {
        /* The caller checked the size before: the file grew while it was read. */
        d->io_kind = CIMG_READ_ERROR;
        snprintf(d->io_text, sizeof d->io_text, "it grew past the size limit while it was read");
        return -1;
    }
    uint64_t room = d->max_bytes - d->bytes_read;
    if (count > room) count = (size_t)room;
    ssize_t n;
    do {
        n = read(d->fd, into, count);
    } while (n < 0 && errno == EINTR);
    if (n < 0) {
        d->io_kind = CIMG_READ_ERROR;
        snprintf(d->io_text, sizeof d->io_text, "%s", strerror(errno));
        return -1;
    }
    d->bytes_read += (uint64_t)n;
    *got = (size_t)n;
    return 0;
}

cimg_decoder *cimg_open(
    int fd, const cimg_limits *limits, const int32_t *cancel, cimg_header *header, cimg_failure *failure) {
    memset(header, 0, sizeof *header);
    memset(failure, 0, sizeof *failure);
    cimg_decoder *d = calloc(1, sizeof *d);
    if (!d) {
        failure->kind = CIMG_MEMORY;
        snprintf(failure->text, sizeof failure->text, "out of memory");
        return NULL;
    }
    d->fd = fd;
    d->max_bytes = limits->max_bytes;
    d->max_memory = limits->max_memory;
    d->max_scans = limits->max_scans > 0 ? limits->max_scans : 1;
    d->max_cpu_ns = limits->max_cpu_ns;
    d->cancel = cancel;
    d->cpu_start = thread_cpu_ns();
    /* The first eight bytes say which library reads the rest. */
    while (d->buffered < 8) {
        size_t got;
        if (source_read(d, d->buffer + d->buffered, 8 - d->buffered, &got) != 0) {
            set_failure(d, d->io_kind, d->io_text);
            break;
        }
        if (got == 0) break;
        d->buffered += got;
    }
    int ok = 0;
    if (d->failure.kind == 0) {
        d->format = cimg_sniff(d->buffer, d->buffered);
        switch (d->format) {
        case CIMG_FORMAT_PNG: ok = png_open_header(d) == 0; break;
        case CIMG_FORMAT_JPEG: ok = jpeg_open_header(d) == 0; break;
        default: set_failure(d, CIMG_NOT_AN_IMAGE, "neither a PNG nor a JPEG file"); break;
        }
    }
    if (!ok) {
        *failure = d->failure;
        failure->format = d->format;
        cimg_close(d);
        return NULL;
    }
    d->header.format = d->format;
    *header = d->header;
    return d;
}

int cimg_decode(cimg_decoder *d, uint32_t width, uint32_t height, uint32_t *pixels, cimg_failure *failure) {
    memset(failure, 0, sizeof *failure);
    if (d->decoded || width == 0 || height == 0 || width > d->header.width || height > d->header.height) {
        failure->kind = CIMG_DAMAGED;
        snprintf(failure->text, sizeof failure->text, "asked for %ux%u of a %ux%u picture", width, height,
            d->header.width, d->header.height);
        return CIMG_FAILED;
    }
    d->decoded = 1;
    int status = d->format == CIMG_FORMAT_PNG ? png_decode_rows(d, width, height, pixels)
                                              : jpeg_decode_rows(d, width, height, pixels);
    if (status == CIMG_FAILED) {
        *failure = d->failure;
        failure->format = d->format;
    }
    return status;
}

const char *cimg_warning(const cimg_decoder *d) { return d->warning[0] ? d->warning : NULL; }

uint32_t cimg_scans_shown(const cimg_decoder *d) { return d->scans_shown; }

void cimg_close(cimg_decoder *d) {
    if (!d) return;
    png_close(d);
    jpeg_close(d);
    reducer_free(&d->reduce);
    free(d->row);
    free(d->whole);
    free(d->rows);
    free(d);
}
