/* PNG and JPEG decoding for Swift, through libpng and libjpeg.
 *
 * Both libraries report errors by longjmp, which Swift cannot take: every call below sets its
 * own setjmp, so an error of either library comes back as a status and a sentence, never as a
 * jump through Swift frames.
 *
 * Two steps, so that the caller can refuse a picture before a pixel is decoded:
 *
 *   cimg_limits limits = {max_bytes, max_memory, max_scans, max_cpu_ns};
 *   cimg_failure failure;
 *   cimg_decoder *d = cimg_open(fd, &limits, &cancel, &header, &failure);
 *   // header.width, header.height: refuse, or choose the output size, at most the picture's
 *   cimg_decode(d, width, height, pixels, &failure);
 *   cimg_close(d);
 *
 * The decode reads the file row by row and reduces each row into the output as it comes (an
 * area average; libjpeg first scales by 1/2, 1/4 or 1/8 while decoding), so that its memory is
 * the output plus a few rows, whatever the picture's size. Two kinds of file cannot be read so:
 * an interlaced PNG (libpng's passes fill every row in turn) and a progressive JPEG (libjpeg
 * keeps every coefficient until the last scan); their working memory is capped by
 * `max_memory` and a larger one fails in words.
 *
 * Work is bounded as well as memory. Each scan of a progressive JPEG is a pass over every
 * block of the picture, however few its bytes (an "EOB run" says "nothing here" for 32 767
 * blocks in two bytes): 200 000 of them in 2.4 MB cost 36 s. libjpeg-turbo's advice is to cap
 * the scans (djpeg's -maxscans). Here a JPEG of more than `max_scans` scans is shown
 * from its first `max_scans` (libjpeg's buffered-image mode), and the rest is never read.
 * Every decode, of either format, stops once it has used `max_cpu_ns` of its thread's
 * processor time, and as soon as the caller's flag is set: both are checked at every read of
 * the file, every row, and every step of libjpeg's input (its progress monitor and the loop
 * over the scans), so a decode no longer wanted returns within a row or a scan's row of blocks.
 */
#ifndef CIMAGECODECS_H
#define CIMAGECODECS_H

#include <stddef.h>
#include <stdint.h>

/* The formats, by their first bytes. */
enum {
    CIMG_FORMAT_NONE = 0,
    CIMG_FORMAT_PNG = 1,
    CIMG_FORMAT_JPEG = 2,
};

/* What cimg_decode returns. */
enum {
    CIMG_OK = 0,
    CIMG_FAILED = 1,
    CIMG_CANCELLED = 2,
};

/* Why a call failed: a kind, and the library's own sentence (or ours). */
enum {
    CIMG_NOT_AN_IMAGE = 1,  /* neither a PNG nor a JPEG */
    CIMG_DAMAGED = 2,       /* the library refused the data: a bad CRC, a bad marker, ... */
    CIMG_TRUNCATED = 3,     /* the file ends before the picture does */
    CIMG_READ_ERROR = 4,    /* read(2) failed, or the file grew past `max_bytes` while read */
    CIMG_UNSUPPORTED = 5,   /* valid, but not decodable here (a 12-bit JPEG) */
    CIMG_MEMORY = 6,        /* more working memory than `max_memory`, or malloc failed */
    CIMG_SLOW = 7,          /* more processor time than `max_cpu_ns` */
    CIMG_STOPPED = 8,       /* the caller's flag was set (cimg_open; cimg_decode says CIMG_CANCELLED) */
};

typedef struct cimg_failure {
    int kind;
    int format; /* the format the first bytes gave, CIMG_FORMAT_NONE before */
    char text[256];
} cimg_failure;

/* The bounds of one decode, from cimg_open to the end of cimg_decode. */
typedef struct cimg_limits {
    uint64_t max_bytes;  /* bytes read from the file */
    uint64_t max_memory; /* the library's own working memory, in bytes */
    uint32_t max_scans;  /* a JPEG's scans read (at least 1): past them, shown as they left it */
    uint64_t max_cpu_ns; /* the calling thread's processor time, in nanoseconds */
} cimg_limits;

/* One open picture: a file descriptor and the library's state. */
typedef struct cimg_decoder cimg_decoder;

/* What the header says. */
typedef struct cimg_header {
    int format;         /* CIMG_FORMAT_PNG or CIMG_FORMAT_JPEG */
    uint32_t width;     /* as shown: after the EXIF orientation */
    uint32_t height;
    int has_alpha;      /* an alpha channel or a transparent colour (PNG) */
    int interlaced;     /* an interlaced PNG or a progressive JPEG: decoded whole */
    int bit_depth;      /* bits a channel, as stored */
    int channels;       /* as stored: 1 grey, 2 grey and alpha, 3 colour, 4 colour and alpha or CMYK */
    int orientation;    /* EXIF orientation, 1 (as stored) to 8 */
    uint64_t working_memory; /* bytes the library needs beyond the output: a few rows, or more (see above) */
} cimg_header;

/* The format `bytes` start with, CIMG_FORMAT_NONE for neither. */
int cimg_sniff(const uint8_t *bytes, size_t count);

/* Reads the header of the file open on `fd` (read from where it stands; the caller keeps the
 * descriptor and closes it after cimg_close), within `limits` (copied) for this call and the
 * decode, which must run on the same thread (its processor time is counted from here).
 * `cancel` (read atomically; may be NULL) stops both once it is not 0, and must stay valid
 * until cimg_close. NULL on failure, with the reason in `failure` (CIMG_STOPPED: cancelled). */
cimg_decoder *cimg_open(
    int fd, const cimg_limits *limits, const int32_t *cancel, cimg_header *header, cimg_failure *failure);

/* Decodes the picture into `pixels`, `width` × `height` (at most the header's, and at least
 * 1 × 1), row after row, as premultiplied ARGB in native 32-bit words. Reduces by averaging
 * the area each output pixel covers; applies the EXIF orientation. Stops with CIMG_CANCELLED
 * once the flag given to cimg_open is set; CIMG_FAILED with the reason in `failure`. At most
 * once per decoder. */
int cimg_decode(cimg_decoder *decoder, uint32_t width, uint32_t height, uint32_t *pixels, cimg_failure *failure);

/* The first warning the library gave while decoding (a JPEG's "Corrupt JPEG data: …"), or
 * NULL: the picture was shown as far as it could be read. */
const char *cimg_warning(const cimg_decoder *decoder);

/* The scans the picture was shown from when it is a JPEG of more than `max_scans` scans (then
 * `max_scans`: the rest were never read), or 0: every scan was read. */
uint32_t cimg_scans_shown(const cimg_decoder *decoder);

/* Frees the decoder; NULL does nothing. */
void cimg_close(cimg_decoder *decoder);

/* Halves premultiplied ARGB `source` (`width` × `height`) into `destination`, which holds
 * (width + 1) / 2 × (height + 1) / 2 pixels: each pixel the average of the four it covers. */
void cimg_halve(const uint32_t *source, uint32_t width, uint32_t height, uint32_t *destination);

/* A cancellation flag another thread sets: atomic reads and writes of an int32_t. */
int32_t cimg_flag_get(const int32_t *flag);
void cimg_flag_set(int32_t *flag);

#endif
